"""A crash mid-run loses no trial and --resume continues; bad input is one error line."""

import json

import pytest
from typer.testing import CliRunner

import probe.regression.gate as gate_mod
from probe.cli.main import app
from probe.core.registry import get_domain
from probe.regression.case import load_suite
from probe.regression.config import parse_config
from probe.regression.runlog import claim_run_dir

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def trial_keys(path):
    return sorted((r["case"], r["side"], r["trial"], r["seed"], r["passed"])
                  for r in map(json.loads, path.read_text().splitlines()))


def test_crash_mid_run_then_resume_loses_no_trial(mock_suite, tmp_path, monkeypatch):
    d = get_domain("mock")
    cand = "reference:all@0.5"
    full = run("regress", "gate", mock_suite, "--baseline", "reference", "--candidate", cand, "--out", tmp_path / "full")
    assert full.exit_code in (0, 1), full.output
    calls = {"n": 0}
    real = gate_mod.run_trial

    def crashing(*a, **k):
        calls["n"] += 1
        if calls["n"] == 13:
            raise RuntimeError("power cut")
        return real(*a, **k)

    monkeypatch.setattr(gate_mod, "run_trial", crashing)
    out = claim_run_dir(tmp_path / "crash")
    with pytest.raises(RuntimeError):
        gate_mod.run_gate(load_suite(mock_suite, d), d, parse_config("reference", d), parse_config(cand, d), out)
    trials = out / "trials.jsonl"
    assert len(trials.read_text().splitlines()) == 12  # every finished trial was on disk
    with open(trials, "a") as f:
        f.write('{"case": "L1-half-writ')  # a crash in the middle of a write
    monkeypatch.undo()
    r = run("regress", "gate", mock_suite, "--baseline", "reference", "--candidate", cand, "--out", tmp_path / "crash")
    assert r.exit_code == 2 and "--resume" in r.output  # an earlier run is not silently continued or replaced
    r = run("regress", "gate", mock_suite, "--baseline", "reference", "--candidate", cand, "--out", tmp_path / "crash",
            "--resume")
    assert r.exit_code == full.exit_code, r.output
    assert trial_keys(trials) == trial_keys(tmp_path / "full" / "trials.jsonl")
    verdicts = lambda p: [(v["case"], v["outcome"], v["verdict"]["p"]) for v in  # noqa: E731
                          map(json.loads, (p / "verdicts.jsonl").read_text().splitlines())]
    assert verdicts(tmp_path / "crash") == verdicts(tmp_path / "full")
    r = run("regress", "gate", mock_suite, "--baseline", "reference", "--candidate", "reference:all", "--out",
            tmp_path / "full", "--resume")
    assert r.exit_code == 2 and "candidate differs" in r.output


def _one_error(r, *words):
    assert r.exit_code == 2, r.output
    lines = [x for x in r.output.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), r.output
    for w in words:
        assert w in lines[0], lines[0]


def _edit_case(suite, fn):
    path = sorted((suite / "cases").glob("*.json"))[0]
    case = json.loads(path.read_text())
    fn(case)
    path.write_text(json.dumps(case))


@pytest.fixture
def suite_copy(mock_suite, tmp_path):
    import shutil

    return shutil.copytree(mock_suite, tmp_path / "s")


def test_case_with_a_missing_field(suite_copy):
    _edit_case(suite_copy, lambda c: c.pop("turns"))
    _one_error(run("regress", "run", suite_copy, "--layer", "scripted", "--out", suite_copy.parent / "o"),
               "missing field 'turns'", ".json")


def test_unknown_policy_or_tool_in_a_rule(suite_copy):
    _edit_case(suite_copy, lambda c: c["expect"].update(must_not_fire=["Z9"]))
    _one_error(run("regress", "run", suite_copy, "--layer", "scripted", "--out", suite_copy.parent / "o"),
               "unknown policy 'Z9'", "allowed: L1, L2, L3")
    _edit_case(suite_copy, lambda c: c["expect"].update(must_not_fire=["L1"], must_call=["fly_me"]))
    _one_error(run("regress", "run", suite_copy, "--layer", "scripted", "--out", suite_copy.parent / "o"),
               "unknown tool 'fly_me'", "search_catalog")


def test_a_baseline_of_another_environment(suite_copy, sky_suite, tmp_path):
    import shutil

    sky_suite = shutil.copytree(sky_suite, tmp_path / "sky")
    r = run("regress", "baseline", "record", sky_suite, "--config", "reference", "--trials", "1")
    assert r.exit_code == 0, r.output
    (stored,) = list((sky_suite / "baselines").glob("*/v0001.json"))
    _one_error(run("regress", "gate", suite_copy, "--baseline", stored, "--candidate", "reference", "--out",
                   tmp_path / "g"), "environment 'skyassist', not 'mock'")


def test_other_bad_inputs(suite_copy, tmp_path):
    s = suite_copy
    _one_error(run("regress", "run", s, "--layer", "psychic", "--out", tmp_path / "o"), "unknown layer", "scripted")
    _one_error(run("regress", "run", s, "--layer", "live", "--out", tmp_path / "o"), "needs --config")
    _one_error(run("regress", "run", s, "--layer", "live", "--config", "reference:nosuch", "--out", tmp_path / "o"),
               "unknown fault 'nosuch'")
    _one_error(run("regress", "run", s, "--layer", "live", "--config", "reference:leak_shelf_code@1.5",
                   "--out", tmp_path / "o"), "bad fault probability")
    cfg = tmp_path / "c.yaml"
    cfg.write_text("kind: reference\nfaults: [leak_shelf_code]\ncolour: red\n")
    _one_error(run("regress", "run", s, "--layer", "live", "--config", cfg, "--out", tmp_path / "o"),
               "unknown key 'colour'")
    _one_error(run("regress", "run", tmp_path / "nowhere", "--layer", "scripted", "--out", tmp_path / "o"),
               "suite folder not found")
    _one_error(run("regress", "run", s, "--env", "skyassist", "--layer", "scripted", "--out", tmp_path / "o"),
               "for environment 'mock'")
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("my notes")
    _one_error(run("regress", "run", s, "--layer", "scripted", "--out", mine), "not a probe regression run")
    assert (mine / "notes.txt").read_text() == "my notes"
    _one_error(run("regress", "export", tmp_path / "none.jsonl", "--out", tmp_path / "x"), "trace file not found")
    _one_error(run("regress", "export", s / "suite.json", "--out", s), "a folder probe regress export wrote")  # (a marker since cliB: was "not empty")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x"}\n')
    _one_error(run("regress", "export", bad, "--out", tmp_path / "x2"), "bad.jsonl:1", "lacks required field")


def test_interrupted_baseline_recording_resumes(mock_suite, tmp_path, monkeypatch):
    import shutil

    import probe.regression.baseline as base_mod

    suite = shutil.copytree(mock_suite, tmp_path / "s")
    d = get_domain("mock")
    real, calls = base_mod.run_trial, {"n": 0}

    def crashing(*a, **k):
        calls["n"] += 1
        if calls["n"] == 5:
            raise RuntimeError("killed")
        return real(*a, **k)

    monkeypatch.setattr(base_mod, "run_trial", crashing)
    with pytest.raises(RuntimeError):
        base_mod.record_baseline(suite, d, load_suite(suite, d), parse_config("reference", d), trials=3)
    monkeypatch.undo()
    r = run("regress", "baseline", "record", suite, "--config", "reference", "--trials", "3")
    assert r.exit_code == 2 and "--resume" in r.output
    r = run("regress", "baseline", "record", suite, "--config", "reference", "--trials", "3", "--resume")
    assert r.exit_code == 0, r.output
    (trials,) = list((suite / "baselines").glob("*/v0001.trials.jsonl"))
    assert len(trials.read_text().splitlines()) == 9  # 4 before the crash + 5 after, none repeated
