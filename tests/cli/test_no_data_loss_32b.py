"""One writer at a time; advice that works; a stopped suite can be resumed (session 32, part 2).

The cases come from a newcomer tester's CLI report (/work/h32/newcomer-10/report.md): two suites,
regression runs or AdaT runs writing one --out at once (1, 2), a suite stopped by --max-failed-share
that could not be resumed (7), suite messages whose advice is then refused (6), play --record and
--out naming one file (4), regress run --trials ignored off the live layer (5), and eval/regress/adat
writing inside a training run (3). A running process is simulated by the lock file it would hold,
with this test's own (live) pid. Nothing here builds or trains a model.
"""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path

import pytest

from tests.cli.test_no_data_loss_32 import PLAY, dead, fake_train_run, invoke, one_error_line, snapshot  # noqa: F401


def hold_lock(folder: Path) -> Path:
    """The lock a running probe process holds in ``folder`` (this test's pid: alive)."""
    folder.mkdir(parents=True, exist_ok=True)
    lock = folder / ".lock"
    lock.write_text(json.dumps({"pid": os.getpid(), "host": socket.gethostname(), "started": "2025-01-01T00:00:00Z"}))
    return lock


@pytest.fixture(scope="module")
def regress_suite(tmp_path_factory):
    root = tmp_path_factory.mktemp("rs")
    assert invoke("suite", "--seeds-per-script", "1", "--out", root / "s").exit_code == 0
    r = invoke("regress", "export", root / "s" / "traces.jsonl", "--out", root / "suite")
    assert r.exit_code == 0, r.stderr
    return root / "suite"


# --- 1: a second suite into a running suite's --out is refused, naming the running process --------------

@pytest.mark.parametrize("flag", [[], ["--resume"], ["--overwrite"]], ids=["plain", "resume", "overwrite"])
def test_a_second_suite_is_refused_while_one_runs(tmp_path, flag):
    out = tmp_path / "s"
    hold_lock(out)
    (out / "traces.jsonl.partial").write_bytes(b"")
    before = snapshot(out)
    line = one_error_line(invoke("suite", "--seeds-per-script", "1", "--out", out, *flag), f"pid {os.getpid()}",
                          "in use")
    assert "interrupted" not in line
    assert snapshot(out) == before


def test_a_suite_leaves_no_lock_behind(tmp_path):
    out = tmp_path / "s"
    assert invoke("suite", "--seeds-per-script", "1", "--out", out).exit_code == 0
    assert sorted(p.name for p in out.iterdir()) == ["traces.jsonl"]


# --- 2: regress run / gate and adat run: one writer at a time --------------------------------------------

def test_regress_run_and_gate_are_refused_while_a_run_writes_there(tmp_path, regress_suite):
    r = tmp_path / "r"
    assert invoke("regress", "run", regress_suite, "--layer", "scripted", "--out", r).exit_code == 0
    assert not (r / ".lock").exists()
    hold_lock(r)
    before = snapshot(r)
    one_error_line(invoke("regress", "run", regress_suite, "--layer", "scripted", "--out", r, "--overwrite"),
                   f"pid {os.getpid()}", "in use")
    one_error_line(invoke("regress", "gate", regress_suite, "--baseline", "reference", "--candidate", "reference",
                          "--out", r, "--overwrite"), f"pid {os.getpid()}", "in use")
    assert snapshot(r) == before


def test_adat_run_is_refused_while_another_writes_the_same_run(tmp_path):
    folder = tmp_path / "ad" / "r1" / "adat"
    folder.mkdir(parents=True)
    (folder / ".probe-adat").write_text(json.dumps({"pid": 1, "complete": True}) + "\n")
    (folder / "summary.json").write_text("{}")
    hold_lock(folder)
    before = snapshot(tmp_path)
    r = invoke("adat", "run", "--run", "r1", "--out-dir", tmp_path / "ad", "--sessions", "2", "--n", "2", "--turns",
               "3", "--no-regression", "--embedder", "hash-bow", "--driver", "static", "--overwrite")
    one_error_line(r, f"pid {os.getpid()}", "in use")
    assert snapshot(tmp_path) == before


# --- 7: a suite stopped by --max-failed-share keeps a .partial that --resume continues -------------------

def test_a_stopped_suite_can_be_resumed(tmp_path, dead):  # noqa: F811 (the imported fixture)
    out = tmp_path / "s"
    r = invoke("suite", "--seeds-per-script", "2", "--out", out, *dead)
    line = one_error_line(r, "stopped early", "--resume", code=1)
    assert not (out / "traces.jsonl").exists() and (out / "traces.jsonl.partial").is_file()
    assert "incomplete" in line
    # the same target (here still dead, so every failure is allowed): the episodes played are read back
    r = invoke("suite", "--seeds-per-script", "2", "--out", out, *dead, "--resume", "--max-failed-share", "1")
    assert "resumed: 3 of 20" in r.stdout and "episodes: 20" in r.stdout, r.stdout
    assert not (out / "traces.jsonl.partial").exists()


# --- 6: advice that works -------------------------------------------------------------------------------

def test_an_interrupted_overwrite_advises_resume_without_overwrite(tmp_path, monkeypatch):
    from tests.cli.test_no_data_loss_32 import _interrupt_suite_after

    out = tmp_path / "s"
    assert invoke("suite", "--seeds-per-script", "1", "--out", out).exit_code == 0
    _interrupt_suite_after(monkeypatch, 2)
    r = invoke("suite", "--seeds-per-script", "1", "--out", out, "--overwrite")
    assert r.exit_code == 130
    last = r.stderr.strip().splitlines()[-1]
    assert "--resume in place of --overwrite" in last, last
    monkeypatch.undo()
    r = invoke("suite", "--seeds-per-script", "1", "--out", out, "--resume")
    assert r.exit_code == 0, r.stderr
    assert len((out / "traces.jsonl").read_text().splitlines()) == 10


@pytest.mark.parametrize("flag", [[], ["--resume"], ["--overwrite"]], ids=["plain", "resume", "overwrite"])
def test_a_users_partial_file_is_named_as_not_a_suites(tmp_path, flag):
    out = tmp_path / "s"
    out.mkdir()
    (out / "traces.jsonl.partial").write_text("my notes\n")
    line = one_error_line(invoke("suite", "--seeds-per-script", "1", "--out", out, *flag), "traces.jsonl.partial",
                          "not written by probe suite")
    assert "pass --" not in line and "refusing to replace" not in line
    assert (out / "traces.jsonl.partial").read_text() == "my notes\n"


def test_a_partial_from_play_is_named_and_resume_is_not_called_replace(tmp_path):
    out = tmp_path / "s"
    out.mkdir()
    assert invoke(*PLAY, "--out", out / "traces.jsonl.partial").exit_code == 0
    line = one_error_line(invoke("suite", "--seeds-per-script", "1", "--out", out, "--resume"), "probe play")
    assert "replace" not in line and "pass --" not in line


def test_a_plays_traces_jsonl_is_named_without_advising_overwrite(tmp_path):
    out = tmp_path / "s"
    out.mkdir()
    assert invoke(*PLAY, "--out", out / "traces.jsonl").exit_code == 0
    line = one_error_line(invoke("suite", "--seeds-per-script", "1", "--out", out), "probe play")
    assert "--overwrite" not in line


def test_verify_says_a_partial_file_is_incomplete(tmp_path, monkeypatch):
    from tests.cli.test_no_data_loss_32 import _interrupt_suite_after

    out = tmp_path / "s"
    _interrupt_suite_after(monkeypatch, 2)
    assert invoke("suite", "--seeds-per-script", "1", "--out", out).exit_code == 130
    monkeypatch.undo()
    r = invoke("verify", out / "traces.jsonl.partial")
    assert "incomplete" in r.stdout + r.stderr


def test_view_names_an_incomplete_suite_in_a_folder(tmp_path, monkeypatch):
    from probe.viewer.app import BadRequest, Viewer
    from probe.viewer.paths import Root
    from tests.cli.test_no_data_loss_32 import _interrupt_suite_after

    out = tmp_path / "s"
    _interrupt_suite_after(monkeypatch, 2)
    assert invoke("suite", "--seeds-per-script", "1", "--out", out).exit_code == 130
    monkeypatch.undo()
    with pytest.raises(BadRequest, match="incomplete"):
        Viewer(Root(tmp_path)).trace_index("s")


# --- 4: play --record and --out naming one file ---------------------------------------------------------

def test_play_refuses_record_and_out_naming_one_file(tmp_path, dead):  # noqa: F811
    same = tmp_path / "same.jsonl"
    one_error_line(invoke(*PLAY, *dead, "--record", same, "--out", tmp_path / "." / "same.jsonl"), "--record",
                   "--out", "same file")
    assert not same.exists()


# --- 5: regress run --trials applies to the live layer only ---------------------------------------------

@pytest.mark.parametrize("layer", [["--layer", "scripted"], ["--layer", "replay", "--config", "reference"]],
                         ids=["scripted", "replay"])
def test_regress_run_refuses_trials_off_the_live_layer(tmp_path, regress_suite, layer):
    one_error_line(invoke("regress", "run", regress_suite, *layer, "--trials", "7", "--out", tmp_path / "r"),
                   "--trials", "live")
    assert not (tmp_path / "r").exists()


# --- 3: nothing written inside a training run (or an eval) by eval, regress or adat ------------------------

def test_eval_regress_and_adat_refuse_a_training_runs_folder(tmp_path, regress_suite):
    run = fake_train_run(tmp_path)
    before = snapshot(run)
    one_error_line(invoke("eval", "--auditor", "static", "--episodes", "2", "--turns", "2", "--out", run / "ev"),
                   "probe train")
    one_error_line(invoke("regress", "export", run / "traces" / "update-00001.jsonl", "--out", run / "traces" / "rs"),
                   "probe train")
    one_error_line(invoke("regress", "run", regress_suite, "--layer", "scripted", "--out", run / "rr"), "probe train")
    one_error_line(invoke("regress", "gate", regress_suite, "--baseline", "reference", "--candidate", "reference",
                          "--out", run / "g"), "probe train")
    one_error_line(invoke("adat", "run", "--run", "x", "--out-dir", run, "--sessions", "2", "--n", "2", "--turns",
                          "3", "--no-regression", "--embedder", "hash-bow", "--driver", "static"), "probe train")
    assert snapshot(run) == before
