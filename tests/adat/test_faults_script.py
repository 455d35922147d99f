"""scripts/adat_faults.py --quick runs end to end and refuses to replace what it did not write."""

import json

import pytest
from scripts_loader import load_script


def _load():
    return load_script("adat_faults")


def test_quick_mode(tmp_path):
    mod = _load()
    out = tmp_path / "faults"
    r = mod.main(["--quick", "--env", "mock", "--out", str(out), "--checkpoint", str(tmp_path / "none")])
    assert set(r["drivers"]) == {"cooperative", "static"} and r["skipped"]
    assert set(r["selectors"]) == {"bayes-ucb", "uniform"}
    for s in r["drivers"].values():
        assert s["faults_total"] == 3 and s["plain_tests"] >= 1
    assert json.loads((out / "results.json").read_text())["n"] == 6 and "| driver |" in (out / "results.md").read_text()
    with pytest.raises(SystemExit):
        mod.main(["--quick", "--env", "mock", "--out", str(out)])
    (tmp_path / "theirs").mkdir()
    (tmp_path / "theirs" / "x.txt").write_text("keep")
    with pytest.raises(SystemExit):
        mod.main(["--quick", "--env", "mock", "--out", str(tmp_path / "theirs"), "--overwrite"])
    assert (tmp_path / "theirs" / "x.txt").read_text() == "keep"


def test_the_campaign_seed_reaches_every_driver_and_a_negative_one_is_refused(tmp_path, capsys):
    mod = _load()
    r = mod.main(["--quick", "--env", "mock", "--out", str(tmp_path / "s1"), "--checkpoint", str(tmp_path / "none"),
                  "--seed", "1"])
    assert r["seed"] == 1 and all(s["seed"] == 1 for s in r["drivers"].values())
    assert "campaign seed 1" in (tmp_path / "s1" / "results.md").read_text()
    with pytest.raises(SystemExit, match="--seed must be 0 or more, got -1"):
        mod.main(["--quick", "--env", "mock", "--out", str(tmp_path / "s2"), "--seed", "-1"])
    assert not (tmp_path / "s2").exists()
