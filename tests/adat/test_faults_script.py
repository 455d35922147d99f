"""scripts/adat_faults.py --quick runs end to end and refuses to replace what it did not write."""

import importlib.util
import json
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "adat_faults.py"


def _load():
    spec = importlib.util.spec_from_file_location("adat_faults", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


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
