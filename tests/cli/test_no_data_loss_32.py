"""No command writes into what it did not create; a failure never looks clean (session 32).

The cases come from a newcomer tester's CLI report (/work/h32/newcomer-9/report.md), findings 1-9:
play --record appending to any file, suite --overwrite replacing traces another command wrote,
play/suite --out writing into an eval's or a training run's folder, adat --run following a symlink
out of --out-dir, an interrupted suite whose partial traces looked complete, exit 0 when nothing
was scored, plausibility on a huge line, unclear or missing messages, and flags silently ignored.
Everything runs with the reference target, the static/cooperative auditors or a closed port: no
model is built or trained.
"""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
from typer.testing import CliRunner

from probe.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = str(ROOT / "envs" / "skyassist" / "scripts" / "one_way.txt")
CONFIG = str(ROOT / "configs" / "cpu-demo-grpo.yaml")
PLAY = ["play", "--family", "one_way", "--seed", "1", "--script", SCRIPT]


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def one_error_line(r, *needles, code=2):
    lines = r.stderr.strip().splitlines()
    assert r.exit_code == code, (r.exit_code, r.stderr, r.stdout)
    assert lines and lines[-1].startswith("error: "), r.stderr
    for n in needles:
        assert n in lines[-1], (n, lines[-1])
    if code == 2:
        assert len(lines) == 1, r.stderr
    return lines[-1]


def snapshot(root: Path) -> dict[str, bytes | None]:
    return {str(p.relative_to(root)): (p.read_bytes() if p.is_file() else None) for p in sorted(root.rglob("*"))}


@pytest.fixture
def dead():
    """An openai target at a port nobody listens on: every request fails at once."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return ["--target", "openai", "--base-url", f"http://127.0.0.1:{port}/v1", "--model", "m", "--timeout", "1",
            "--retries", "0"]


@pytest.fixture(scope="module")
def an_eval(tmp_path_factory):
    out = tmp_path_factory.mktemp("ev") / "ev"
    r = invoke("eval", "--auditor", "static", "--episodes", "2", "--turns", "2", "--out", out)
    assert r.exit_code == 0, r.stderr
    return out


def fake_train_run(tmp_path: Path) -> Path:
    """A training run folder as probe train leaves it (its marker, a traces/ folder of update logs)."""
    run = tmp_path / "runs" / "r"
    (run / "traces").mkdir(parents=True)
    (run / ".probe-run").write_text('{"kind": "probe-run", "version": 1}\n')
    r = invoke(*PLAY, "--out", tmp_path / "one.jsonl")
    assert r.exit_code == 0, r.stderr
    (run / "traces" / "update-00001.jsonl").write_bytes((tmp_path / "one.jsonl").read_bytes())
    return run


# --- 1: play --record writes a new file or an existing recording, nothing else ---------------------

@pytest.mark.parametrize("text", ["my notes\n", '{"id": "x", "messages": []}\n', "not json at all"],
                         ids=["notes", "a trace file", "text"])
def test_record_refuses_an_existing_file_that_is_not_a_recording(tmp_path, dead, text):
    rec = tmp_path / "notes.txt"
    rec.write_text(text)
    one_error_line(invoke(*PLAY, *dead, "--record", rec), "--record", str(rec), "not a recording")
    assert rec.read_text() == text


def test_record_refuses_the_script_itself_and_a_folder(tmp_path, dead):
    script = tmp_path / "script.txt"
    script.write_text(Path(SCRIPT).read_text())
    before = script.read_text()
    r = invoke("play", "--family", "one_way", "--seed", "1", "--script", script, *dead, "--record", script)
    one_error_line(r, "--record", "--script")
    assert script.read_text() == before
    one_error_line(invoke(*PLAY, *dead, "--record", tmp_path), "--record", "directory")


def test_record_refuses_an_evals_traces(an_eval, dead):
    traces = an_eval / "static" / "traces.jsonl"
    before = traces.read_bytes()
    one_error_line(invoke(*PLAY, *dead, "--max-failed-share", "1", "--record", traces), "--record")
    assert traces.read_bytes() == before


def test_record_writes_a_new_file_and_appends_to_its_own_recording(tmp_path, dead):
    rec = tmp_path / "rec.jsonl"
    invoke(*PLAY, *dead, "--record", rec)  # the target fails: still a recording of the failed requests
    n = len(rec.read_text().splitlines())
    assert n >= 1 and all("request_hash" in json.loads(x) for x in rec.read_text().splitlines())
    invoke(*PLAY, *dead, "--record", rec)
    assert len(rec.read_text().splitlines()) == 2 * n


# --- 2: suite --overwrite replaces only traces an earlier suite run wrote -----------------------------

def test_suite_overwrite_refuses_traces_play_wrote(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    for seed in ("1", "2"):
        assert invoke(*PLAY[:4], seed, *PLAY[5:], "--out", mine / "traces.jsonl").exit_code == 0
    before = snapshot(mine)
    one_error_line(invoke("suite", "--seeds-per-script", "1", "--out", mine, "--overwrite"), "not written by probe suite")
    assert snapshot(mine) == before


def test_suite_refuses_an_evals_folder_even_with_overwrite(an_eval):
    before = snapshot(an_eval)
    for out in (an_eval, an_eval / "static"):
        one_error_line(invoke("suite", "--seeds-per-script", "1", "--out", out, "--overwrite"), "probe eval")
    assert snapshot(an_eval) == before


def test_suite_overwrite_replaces_an_earlier_suite_run(tmp_path):
    out = tmp_path / "s"
    assert invoke("suite", "--seeds-per-script", "1", "--out", out).exit_code == 0
    one_error_line(invoke("suite", "--seeds-per-script", "1", "--out", out), "--overwrite")
    r = invoke("suite", "--seeds-per-script", "2", "--out", out, "--overwrite")
    assert r.exit_code == 0, r.stderr
    assert len((out / "traces.jsonl").read_text().splitlines()) == 20


# --- 3: play --out / suite --out never write into another command's run ---------------------------------

def test_play_out_refuses_an_evals_traces(an_eval):
    before = snapshot(an_eval)
    one_error_line(invoke(*PLAY, "--out", an_eval / "static" / "traces.jsonl"), "probe eval")
    one_error_line(invoke(*PLAY, "--out", an_eval / "new.jsonl"), "probe eval")
    assert snapshot(an_eval) == before


def test_play_and_suite_refuse_a_training_runs_folder(tmp_path):
    run = fake_train_run(tmp_path)
    before = snapshot(run)
    one_error_line(invoke(*PLAY, "--out", run / "traces" / "update-00001.jsonl"), "probe train")
    one_error_line(invoke("suite", "--seeds-per-script", "1", "--out", run / "traces"), "probe train")
    assert snapshot(run) == before


def test_play_out_refuses_a_suites_traces_but_appends_to_its_own(tmp_path):
    assert invoke("suite", "--seeds-per-script", "1", "--out", tmp_path / "s").exit_code == 0
    before = (tmp_path / "s" / "traces.jsonl").read_bytes()
    one_error_line(invoke(*PLAY, "--out", tmp_path / "s" / "traces.jsonl"), "probe suite")
    assert (tmp_path / "s" / "traces.jsonl").read_bytes() == before
    for _ in range(2):
        assert invoke(*PLAY, "--out", tmp_path / "p.jsonl").exit_code == 0
    assert len((tmp_path / "p.jsonl").read_text().splitlines()) == 2


# --- 9: adat --run never follows a symlink out of --out-dir ----------------------------------------------

def test_adat_run_refuses_a_run_name_that_is_a_symlink_out_of_out_dir(tmp_path):
    user = tmp_path / "userdir"
    user.mkdir()
    (user / "p.txt").write_text("precious")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "lnk").symlink_to(user)
    r = invoke("adat", "run", "--run", "lnk", "--out-dir", tmp_path / "out", "--sessions", "2", "--n", "2",
               "--turns", "3", "--no-regression", "--embedder", "hash-bow", "--driver", "static")
    one_error_line(r, "--run", "outside")
    assert snapshot(user) == {"p.txt": b"precious"}


# --- 4: an interrupted suite says so and leaves no traces.jsonl that looks complete ------------------------

def _interrupt_suite_after(monkeypatch, n):
    import probe.cli.main as main

    real, played = main.play_script, []

    def play_script(*a, **kw):
        if len(played) == n:
            raise KeyboardInterrupt
        played.append(1)
        return real(*a, **kw)

    monkeypatch.setattr(main, "play_script", play_script)


def test_an_interrupted_suite_marks_its_traces_incomplete_and_resumes(tmp_path, monkeypatch):
    out = tmp_path / "s"
    _interrupt_suite_after(monkeypatch, 3)
    r = invoke("suite", "--seeds-per-script", "1", "--out", out)
    assert r.exit_code == 130
    last = r.stderr.strip().splitlines()[-1]
    assert "interrupted" in last and "3 of 10" in last and "--resume" in last
    assert not (out / "traces.jsonl").exists()  # nothing that looks like a finished suite
    partial = out / "traces.jsonl.partial"
    assert len(partial.read_text().splitlines()) == 3
    monkeypatch.undo()
    one_error_line(invoke("suite", "--seeds-per-script", "1", "--out", out), "interrupted", "--resume")
    one_error_line(invoke("suite", "--seeds-per-script", "2", "--out", out, "--resume"), "--seeds-per-script")
    r = invoke("suite", "--seeds-per-script", "1", "--out", out, "--resume")
    assert r.exit_code == 0, r.stderr
    assert "resumed" in r.stdout and "episodes: 10" in r.stdout
    fresh = tmp_path / "fresh"
    assert invoke("suite", "--seeds-per-script", "1", "--out", fresh).exit_code == 0
    assert (out / "traces.jsonl").read_text() == (fresh / "traces.jsonl").read_text()
    assert not partial.exists()


def test_an_interrupted_overwrite_keeps_the_earlier_suite(tmp_path, monkeypatch):
    out = tmp_path / "s"
    assert invoke("suite", "--seeds-per-script", "1", "--out", out).exit_code == 0
    before = (out / "traces.jsonl").read_bytes()
    _interrupt_suite_after(monkeypatch, 2)
    r = invoke("suite", "--seeds-per-script", "2", "--out", out, "--overwrite")
    assert r.exit_code == 130 and "interrupted" in r.stderr
    assert (out / "traces.jsonl").read_bytes() == before
    monkeypatch.undo()
    assert invoke("suite", "--seeds-per-script", "2", "--out", out, "--overwrite").exit_code == 0
    assert len((out / "traces.jsonl").read_text().splitlines()) == 20 and not (out / "traces.jsonl.partial").exists()


# --- 5: a run that scored nothing never exits 0; failures within the share are said -----------------------

def test_play_whose_every_turn_failed_exits_1_whatever_the_share(dead):
    r = invoke(*PLAY, *dead, "--max-failed-share", "1")
    one_error_line(r, "every target turn failed", code=1)
    assert "not a clean result" in r.stdout


def test_suite_with_no_scored_episode_exits_1_whatever_the_share(tmp_path, dead):
    r = invoke("suite", "--seeds-per-script", "1", "--out", tmp_path / "s", *dead, "--max-failed-share", "1")
    one_error_line(r, "no episode was scored", code=1)
    assert "not a clean result" in r.stdout


def test_eval_with_no_scored_episode_exits_1_whatever_the_share(tmp_path, dead):
    r = invoke("eval", "--auditor", "static", "--episodes", "2", "--turns", "2", "--out", tmp_path / "e", *dead,
               "--max-failed-share", "1")
    one_error_line(r, "no episode was scored", code=1)
    assert (tmp_path / "e" / "report.md").is_file()


# --- 6: plausibility refuses a line too long to be a customer message --------------------------------

def test_plausibility_refuses_a_huge_line_in_one_line(tmp_path):
    f = tmp_path / "huge.txt"
    f.write_text("I need to change my booking please\n" + "book " * 200_000 + "\n")
    line = one_error_line(invoke("plausibility", f), f"{f}:2", "characters")
    assert "allowed" in line


# --- 7: clear messages -----------------------------------------------------------------------------------

def test_a_binary_replay_file_is_named_with_its_flag(tmp_path):
    f = tmp_path / "bin.jsonl"
    f.write_bytes(b"\x00\xf4\x80\xff" * 100)
    one_error_line(invoke(*PLAY, "--target", "replay", "--replay", f), "recording file", str(f), "not UTF-8")


def test_adat_interrupt_does_not_claim_to_remove_a_folder_it_kept(tmp_path, monkeypatch):
    import probe.adat.run as adat_run

    (tmp_path / "ad" / "r1" / "adat").mkdir(parents=True)

    def interrupted(*a, **kw):
        raise KeyboardInterrupt

    monkeypatch.setattr(adat_run, "run", interrupted)
    r = invoke("adat", "run", "--run", "r1", "--out-dir", tmp_path / "ad", "--sessions", "2", "--n", "2",
               "--turns", "3", "--no-regression", "--embedder", "hash-bow", "--driver", "static")
    assert r.exit_code == 130
    assert (tmp_path / "ad" / "r1" / "adat").is_dir() and "removed" not in r.stderr and "kept" in r.stderr


def test_build_tiny_interrupted_says_so(tmp_path, monkeypatch):
    import probe.auditor.tiny as tiny

    def interrupted(*a, **kw):
        raise KeyboardInterrupt

    monkeypatch.setattr(tiny, "build_tiny_auditor", interrupted)
    r = invoke("auditor", "build-tiny", "--out", tmp_path / "tiny")
    assert r.exit_code == 130 and "interrupted" in r.stderr and str(tmp_path / "tiny") in r.stderr


def test_regress_overwrite_names_every_user_entry(tmp_path):
    from probe.core.outputs import OutputExists
    from probe.regression.runlog import claim_run_dir

    run = claim_run_dir(tmp_path / "g")
    (run / "notes.txt").write_text("x")
    (run / "sub").mkdir()
    with pytest.raises(OutputExists, match="notes.txt, sub"):
        claim_run_dir(run, overwrite=True)
    assert (run / "notes.txt").read_text() == "x"


def test_regress_gate_interrupted_says_how_to_resume(tmp_path, monkeypatch):
    import probe.regression.gate as gate

    assert invoke("suite", "--seeds-per-script", "1", "--out", tmp_path / "s").exit_code == 0
    r = invoke("regress", "export", tmp_path / "s" / "traces.jsonl", "--out", tmp_path / "suite")
    assert r.exit_code == 0, r.stderr

    def interrupted(*a, **kw):
        raise KeyboardInterrupt

    monkeypatch.setattr(gate, "run_gate", interrupted)
    r = invoke("regress", "gate", tmp_path / "suite", "--baseline", "reference", "--candidate", "reference",
               "--out", tmp_path / "g")
    assert r.exit_code == 130
    last = r.stderr.strip().splitlines()[-1]
    assert "interrupted" in last and "--resume" in last


# --- 8: flags that would do nothing are refused ----------------------------------------------------------

@pytest.mark.parametrize("flags", [["--few-shot"], ["--auditor-base-url", "http://127.0.0.1:9"],
                                   ["--temperature", "1.7"], ["--max-new-tokens", "3"], ["--top-p", "0.1"]])
def test_eval_refuses_model_only_flags_with_a_model_free_auditor(tmp_path, flags):
    r = invoke("eval", "--auditor", "static", "--baselines", "cooperative", "--episodes", "1", "--turns", "1",
               "--out", tmp_path / "e", *flags)
    one_error_line(r, flags[0], "static")
    assert not (tmp_path / "e").exists()


@pytest.mark.parametrize("spec", ["none@0.5", "none@1", "none@0"])
def test_none_takes_no_probability(tmp_path, spec):
    one_error_line(invoke("eval", "--auditor", "static", "--episodes", "1", "--turns", "1", "--faults", spec,
                          "--out", tmp_path / "e"), spec, "none")


@pytest.mark.parametrize("value", ["", " "])
def test_train_refuses_an_empty_out_dir(value):
    from probe.train.config import ConfigError, load_config

    with pytest.raises(ConfigError, match="out_dir"):
        load_config(CONFIG, [f"out_dir={value}"])
