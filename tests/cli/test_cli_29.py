"""The CLI's error lines for folders probe wrote itself (session 29, from the last session's notes).

``probe eval`` refuses an eval folder written before probe marked its folders ``.probe-eval``, even
with ``--overwrite``; the refusal stays, and its line now says how to proceed when the folder looks
like such an eval (a probe report or metrics, nothing else). ``probe train --overwrite`` of a run
trained under Slurm no longer names the Slurm scripts' logs as the user's files. Each case has its
twin: a user's folder with eval-like names gets no such advice; a user's file beside the logs is
still refused, by its name alone.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from probe.cli.main import app
from probe.train.rundir import MARKER

ROOT = Path(__file__).resolve().parents[2]
CONFIG = str(ROOT / "configs" / "cpu-demo-grpo.yaml")
QUICK = ["--episodes", "1", "--turns", "1"]


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def one_error_line(r) -> str:
    assert r.exit_code == 2, (r.exit_code, r.output)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in r.output, r.output
    return lines[0]


def snapshot(root: Path) -> dict[str, bytes | None]:
    return {str(p.relative_to(root)): (p.read_bytes() if p.is_file() else None) for p in sorted(root.rglob("*"))}


def quick_eval(out, *more, auditor="static"):
    return invoke("eval", "--auditor", auditor, *QUICK, "--out", out, *more)


# --- an eval folder from before the .probe-eval marker ----------------------------------------------

@pytest.fixture
def old_eval(tmp_path) -> Path:
    """A real eval folder with its marker taken away: what probe wrote before it marked them."""
    out = tmp_path / "old"
    assert quick_eval(out).exit_code == 0
    (out / ".probe-eval").unlink()
    return out


@pytest.mark.parametrize("flags", [[], ["--overwrite"]], ids=["plain", "overwrite"])
def test_an_unmarked_earlier_eval_is_refused_with_a_way_to_proceed(old_eval, flags):
    before = snapshot(old_eval)
    line = one_error_line(quick_eval(old_eval, *flags))
    assert "not written by probe eval" in line and "nothing was changed" in line
    assert f"touch {old_eval / '.probe-eval'}" in line and "--overwrite" in line
    assert snapshot(old_eval) == before


def test_following_that_advice_replaces_the_earlier_eval(old_eval):
    (old_eval / ".probe-eval").write_text("")
    r = quick_eval(old_eval, "--overwrite", auditor="random")
    assert r.exit_code == 0, r.output
    assert "random" in json.loads((old_eval / "metrics.json").read_text())["methods"]


def test_an_unmarked_eval_with_only_its_metrics_gets_the_advice_too(tmp_path):
    out = tmp_path / "m"
    out.mkdir()
    (out / "metrics.json").write_text(json.dumps({"methods": {"static": {}}}))
    assert "touch" in one_error_line(quick_eval(out, "--overwrite"))


@pytest.mark.parametrize("files", [
    {"report.md": "# My project report\n", "metrics.json": '{"budget": 100}\n'},  # eval-like names, the user's text
    {"report.md": "# Evaluation report\n", "notes.txt": "mine\n"},                # a report beside a user file
    {"metrics.json": "not json"},
])
def test_a_users_folder_gets_no_advice_to_mark_it(tmp_path, files):
    out = tmp_path / "u"
    out.mkdir()
    for name, text in files.items():
        (out / name).write_text(text)
    before = snapshot(out)
    line = one_error_line(quick_eval(out, "--overwrite"))
    assert "not written by probe eval" in line and "choose a new or empty folder" in line and "touch" not in line
    assert snapshot(out) == before


# --- train --overwrite of a run trained under Slurm ----------------------------------------------------

def _slurm_run(tmp_path, *user_files) -> Path:
    run = tmp_path / "runs" / "r"
    (run / "traces").mkdir(parents=True)
    (run / MARKER).write_text("{}")
    for name in ("slurm-4242.out", "jobs.log", "vllm.log", "train.log", "metrics.jsonl", *user_files):
        (run / name).write_text("x\n")
    return run


@pytest.mark.parametrize("user_file", ["notes.md", "slurm-4242.out.old"])
def test_train_overwrite_names_only_the_users_files_not_the_slurm_logs(tmp_path, user_file):
    run = _slurm_run(tmp_path, user_file)
    before = snapshot(run)
    line = one_error_line(invoke("train", "--config", CONFIG, "--set", f"out_dir={run.parent}", "--set", "run_name=r",
                                 "--overwrite"))
    assert f"holds entries probe did not write ({user_file})" in line
    assert snapshot(run) == before


# --- fault specs at the command line (F12 of /work/h29/faults-3/report.md) ---------------------------

SKY_SCRIPT = str(ROOT / "envs" / "skyassist" / "scripts" / "one_way.txt")


@pytest.mark.parametrize("faults, needle", [
    ("LEAK_FARE_CODE", "unknown fault 'LEAK_FARE_CODE'; did you mean leak_fare_code?"),
    ("Non-Demo", "did you mean non-demo?"),
    ("batch_lookups", "unknown fault 'batch_lookups' for skyassist (a taubench-retail fault)"),
])
def test_play_names_the_fault_meant_in_one_error_line(faults, needle):
    r = invoke("play", "--env", "skyassist", "--family", "one_way", "--script", SKY_SCRIPT, "--faults", faults)
    assert needle in one_error_line(r)


@pytest.mark.parametrize("faults", ["leak_fare_code @0.5", "leak_fare_code@0.5", " leak_fare_code "])
def test_play_accepts_a_space_before_the_at_sign(faults):
    r = invoke("play", "--env", "skyassist", "--family", "one_way", "--script", SKY_SCRIPT, "--faults", faults)
    assert r.exit_code == 0, r.output
