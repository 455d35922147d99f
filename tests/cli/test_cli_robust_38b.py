"""CLI robustness (session 38, cli-tester-1's report, /work/h38/cli-tester-1/report.md, findings 5-11):
``eval --overwrite`` with fewer methods left the earlier eval's method folders beside the new report;
a SIGTERM left a hidden staging folder and a lock; flags that changed nothing were accepted silently
(``eval --compare --episodes``, ``--baselines ,``, endpoint flags without an endpoint role or judge);
``suite``/``play`` wrote into a ``regress export`` folder; ``adat run --run NAME`` wrote into a user's
folder; a directory was "file not found"; "starting at at column".

Only static/random/cooperative evals of 1-2 episodes run here (no model is built or loaded).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from probe.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = str(ROOT / "envs" / "skyassist" / "scripts" / "one_way.txt")
EVAL = ["eval", "--episodes", "1", "--turns", "2"]


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def one_error(r, *words, code=2):
    assert r.exit_code == code, (r.exit_code, r.stdout, r.stderr)
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error:"), r.stderr
    for w in words:
        assert w in lines[0], (w, lines[0])
    return lines[0]


def dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


@pytest.fixture(scope="module")
def ev(tmp_path_factory):
    """An eval of three methods, then the same folder overwritten with one: the folder afterwards."""
    d = tmp_path_factory.mktemp("ev") / "ev1"
    r = invoke(*EVAL, "--auditor", "static", "--baselines", "random,cooperative", "--out", d)
    assert r.exit_code == 0, r.stderr
    (d / "eval.log").write_text("slurm\n")  # a Slurm log is never the eval's to remove
    (d / "empty").mkdir()  # an empty folder: not recognisably probe's, left alone
    stale = d.parent / f".ev1.probe-eval-new-{dead_pid()}"  # a killed eval's staging folder
    (stale / "static").mkdir(parents=True)
    (stale / "static" / "traces.jsonl").write_text("")
    mine = d.parent / ".ev1.probe-eval-new-mine"  # not probe's name (no pid): kept
    mine.mkdir()
    r = invoke(*EVAL, "--auditor", "static", "--out", d, "--overwrite")
    assert r.exit_code == 0, r.stderr
    return d


def test_overwrite_leaves_only_the_new_eval(ev):
    import json

    assert json.loads((ev / "metrics.json").read_text())["methods"].keys() == {"static"}
    assert not (ev / "random").exists() and not (ev / "cooperative").exists()
    assert (ev / "static" / "traces.jsonl").is_file() and (ev / ".probe-eval").is_file()
    assert (ev / "eval.log").read_text() == "slurm\n" and (ev / "empty").is_dir()
    assert not (ev / ".lock").exists()


def test_overwrite_removes_dead_staging_only(ev):
    left = sorted(p.name for p in ev.parent.iterdir() if p.name != "ev1")
    assert left == [".ev1.probe-eval-new-mine"]


@pytest.mark.parametrize("stray", ["notes.txt", "random/mine.txt"])
def test_overwrite_still_refuses_user_files(tmp_path, stray):
    d = tmp_path / "ev"
    assert invoke(*EVAL, "--auditor", "static", "--baselines", "random", "--out", d).exit_code == 0
    (d / stray).write_text("keep")
    one_error(invoke(*EVAL, "--auditor", "static", "--out", d, "--overwrite"), "did not write")
    assert (d / stray).read_text() == "keep" and (d / "random" / "traces.jsonl").is_file()


@pytest.mark.parametrize("staged", [True, False])
def test_sigterm_is_handled_as_an_interrupt(tmp_path, monkeypatch, staged):
    """SIGTERM (a job's time limit, kill) discards the staged eval and frees the lock, exit 143."""
    import signal

    import probe.eval.runner as runner

    d = tmp_path / "ev"
    if staged:
        assert invoke(*EVAL, "--auditor", "static", "--out", d).exit_code == 0
    before = signal.getsignal(signal.SIGTERM)

    def killed(*a, **k):
        os.kill(os.getpid(), signal.SIGTERM)
        raise AssertionError("SIGTERM was not handled")

    monkeypatch.setattr(runner, "evaluate_methods", killed)
    r = invoke(*EVAL, "--auditor", "static", "--out", d, *(["--overwrite"] if staged else []))
    assert r.exit_code == 143 and "interrupted" in r.stderr, (r.exit_code, r.stderr)
    assert [p.name for p in tmp_path.iterdir()] == (["ev"] if staged else [])
    assert not (d / ".lock").exists()
    if staged:
        assert (d / "report.md").is_file()  # the earlier eval is unchanged
    assert signal.getsignal(signal.SIGTERM) == before


@pytest.mark.parametrize("extra, flag", [
    (["--episodes", "5"], "--episodes"), (["--auditor", "static"], "--auditor"), (["--turns", "3"], "--turns"),
    (["--baselines", "random"], "--baselines"), (["--faults", "none"], "--faults"), (["--seed", "0"], "--seed"),
])
def test_compare_refuses_eval_flags(ev, extra, flag):
    one_error(invoke("eval", "--compare", ev, ev, *extra), flag, "--compare")


def test_compare_alone_and_with_out_still_work(ev, tmp_path):
    assert invoke("eval", "--compare", ev, ev).exit_code == 0
    r = invoke("eval", "--compare", ev, ev, "--out", tmp_path / "cmp")
    assert r.exit_code == 0 and (tmp_path / "cmp" / "compare.md").is_file()


@pytest.mark.parametrize("baselines", [",", " , ", ",,"])
def test_empty_baseline_list_is_refused(tmp_path, baselines):
    one_error(invoke(*EVAL, "--auditor", "static", "--baselines", baselines, "--out", tmp_path / "x"), "--baselines")
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize("extra, flag", [
    (["--base-url", "http://x", "--model", "m"], "--base-url"), (["--model", "m"], "--model"),
    (["--base-url", "http://x"], "--base-url"),
])
@pytest.mark.parametrize("driver", ["static", "random"])
def test_adat_run_refuses_unused_endpoint_flags(tmp_path, extra, flag, driver):
    one_error(invoke("adat", "run", "--run", "x", "--out-dir", tmp_path, "--sessions", "1", "--turns", "1", "--n", "1",
                     "--driver", driver, *extra), flag, "endpoint")
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize("judge", ["cpu", "text-only"])
@pytest.mark.parametrize("extra, flag", [(["--base-url", "http://x", "--model", "m"], "--base-url"),
                                         (["--model", "m"], "--model")])
def test_judge_agreement_refuses_unused_endpoint_flags(tmp_path, judge, extra, flag):
    f = tmp_path / "t.jsonl"
    f.write_text("")
    one_error(invoke("adat", "judge-agreement", f, "--judge", judge, *extra), flag, "--judge endpoint")


def test_adat_run_refuses_a_user_folder(tmp_path):
    (tmp_path / "userrun").mkdir()
    (tmp_path / "userrun" / "keep.txt").write_text("keep")
    one_error(invoke("adat", "run", "--run", "userrun", "--out-dir", tmp_path, "--sessions", "1", "--turns", "1",
                     "--n", "1", "--driver", "static"), "userrun", "keep.txt")
    assert sorted(p.name for p in (tmp_path / "userrun").iterdir()) == ["keep.txt"]


@pytest.fixture
def suite_dir(tmp_path):
    """An (empty) suite as ``regress export`` writes it."""
    from probe.core.outputs import SUITE_OWNER_MARKER
    from probe.core.registry import get_domain
    from probe.regression.export import export

    d = tmp_path / "reg1"
    export(get_domain("skyassist"), [], d)
    assert (d / SUITE_OWNER_MARKER).is_file() and (d / "suite.json").is_file()
    return d


@pytest.mark.parametrize("cmd", [
    ["suite", "--seeds-per-script", "1", "--out", "{d}"], ["suite", "--seeds-per-script", "1", "--out", "{d}/sub"],
    ["play", "--family", "one_way", "--seed", "1000003", "--script", SCRIPT, "--out", "{d}/new.jsonl"],
    ["play", "--family", "one_way", "--seed", "1000003", "--script", SCRIPT, "--out", "{d}/cases/x.jsonl"],
    ["eval", "--auditor", "static", "--episodes", "1", "--turns", "1", "--out", "{d}/ev"],
])
def test_nothing_writes_inside_a_suite(suite_dir, cmd):
    before = sorted(str(p) for p in suite_dir.rglob("*"))
    one_error(invoke(*[c.format(d=suite_dir) for c in cmd]), "probe regress export")
    assert sorted(str(p) for p in suite_dir.rglob("*")) == before


def test_play_beside_a_suite_still_works(suite_dir):
    out = suite_dir.parent / "new.jsonl"
    r = invoke("play", "--family", "one_way", "--seed", "1000003", "--script", SCRIPT, "--out", out)
    assert r.exit_code == 0 and out.is_file()


@pytest.mark.parametrize("cmd, what", [
    (["play", "--family", "one_way", "--script", "{d}"], "script"),
    (["adat", "judge-agreement", "{d}"], "trace"),
    (["play", "--family", "one_way", "--seed", "1000003", "--script", SCRIPT, "--target", "replay",
      "--replay", "{d}"], "recording"),
])
def test_a_directory_is_named_as_one(tmp_path, cmd, what):
    line = one_error(invoke(*[c.format(d=tmp_path) for c in cmd]), what, "is a directory")
    assert "not found" not in line
    missing = [c.format(d=tmp_path / "missing") for c in cmd]
    one_error(invoke(*missing), f"{what} file not found")


@pytest.mark.parametrize("bad", ['{"id": "x', '{"id": "x"', '{"a": 1,}'])
def test_json_error_has_no_double_at(tmp_path, bad):
    f = tmp_path / "t.jsonl"
    f.write_text(bad + "\n")
    r = invoke("verify", f)
    assert r.exit_code != 0 and "at at" not in r.stderr + r.stdout and "column" in r.stderr + r.stdout
