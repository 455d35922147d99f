"""scripts/audit_power.py on a one-update checkpoint and a few short episodes: the table, the
verbatim messages and the summary agree with the evaluation it ran; bad arguments are one line."""

import hashlib
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from probe.auditor.model import ADAPTER_INFO
from probe.cli.main import app
from probe.train.checkpoint import MANIFEST

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "audit_power.py"


def _run(*args, cwd=ROOT):
    return subprocess.run([sys.executable, str(SCRIPT), *args], cwd=cwd, capture_output=True, text=True, timeout=900)


def _run_here(monkeypatch, capsys, *args):
    """The script's ``main`` in this process, as its ``__main__`` runs it: (exit status, stdout, stderr)."""
    from probe.cli.errors import run_script

    spec = importlib.util.spec_from_file_location("audit_power_here", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    monkeypatch.setattr(sys, "argv", [str(SCRIPT), *args])
    monkeypatch.syspath_prepend(str(SCRIPT.parent))  # as for `python scripts/audit_power.py`: its own folder first
    capsys.readouterr()
    try:
        run_script(mod.main)
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    got = capsys.readouterr()
    return subprocess.CompletedProcess(args, code, got.out, got.err)


@pytest.mark.parametrize("args,needle", [
    (["--profiles", "demo,bogus"], "--profiles: unknown profile 'bogus'; allowed: all, demo, non-demo, none"),
    (["--samples", "0"], "--samples must be 1 or more, got 0"),
])
def test_bad_arguments_are_one_line_and_write_nothing(tmp_path, args, needle):
    out = tmp_path / "power"
    r = _run("--out", str(out), *args)
    assert r.returncode == 2 and r.stderr.strip() == f"error: {needle}" and not out.exists()


def test_counts_only_the_policies_the_profile_can_break():
    spec = importlib.util.spec_from_file_location("audit_power", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    counts, outside = mod.count_reachable([["B4", "S4", "S5"], ["S1"], []], ["B4", "S5", "P2"])
    assert counts == [2, 0, 0] and outside == [["S4"], ["S1"], []]


def test_refuses_a_directory_it_did_not_make(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep")
    r = _run("--out", str(mine))
    assert r.returncode == 2 and "is not an audit-power output" in r.stderr
    assert (mine / "notes.txt").read_text() == "keep" and sorted(p.name for p in mine.iterdir()) == ["notes.txt"]


@pytest.mark.tiny_auditor
def test_short_run_writes_table_messages_and_summary(tmp_path, monkeypatch, capsys):
    run = tmp_path / "runs" / "grpo1"
    out = tmp_path / "power"
    # in process, both the training and the script (a subprocess each cost seconds of imports on the suite's
    # critical path); the script's own process is tested above, on its arguments
    monkeypatch.chdir(ROOT)
    train = CliRunner().invoke(app, ["train", "--config", "configs/cpu-demo-grpo.yaml", "--set", "updates=1",
                                     "--set", f"out_dir={run.parent}", "--set", f"run_name={run.name}", "--no-progress"])
    assert train.exit_code == 0, train.output[-3000:]
    r = _run_here(monkeypatch, capsys, "--checkpoint", str(run), "--episodes", "2", "--turns", "2", "--samples", "2",
                  "--show", "3", "--out", str(out))
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    summary = json.loads((out / "summary.json").read_text())
    assert set(summary["profiles"]) == {"demo", "non-demo"} and summary["samples"] == 2
    assert len(summary["profiles"]["demo"]["reachable"]) == 12 and len(summary["profiles"]["non-demo"]["reachable"]) == 8
    for profile, p in summary["profiles"].items():
        for name in ("trained", "untrained"):
            row = p["methods"][name]
            assert len(row["plausible_policies_per_sample"]) == 2
            assert row["plausible_policies_mean"] == pytest.approx(sum(row["plausible_policies_per_sample"]) / 2)
            assert all(not set(o) & set(p["reachable"]) for o in row["outside_reachable_per_sample"])
            traces = (out / profile / name / "traces.jsonl").read_text()
            assert len(p["messages"][name]) == 3 and all(json.dumps(m)[1:-1] in traces for m in p["messages"][name])
            assert repr(p["messages"][name][0]) in r.stdout
    assert "| demo (12) | trained |" in (out / "figures.md").read_text()
    again = _run_here(monkeypatch, capsys, "--checkpoint", str(run), "--episodes", "1", "--turns", "1", "--samples", "1",
                      "--out", str(out))
    assert again.returncode == 2 and "--overwrite" in again.stderr
    # an adapter trained on another build of the tiny auditor: one error line, no traceback
    ckpt = next(run.glob("ckpt-*"))
    info = ckpt / "adapter" / ADAPTER_INFO
    data = json.loads(info.read_text())
    data["base_identity"] = "tiny-auditor:0000000000000000"
    info.write_text(json.dumps(data))
    manifest = json.loads((ckpt / MANIFEST).read_text())  # kept intact: only the base build differs
    manifest["files"][f"adapter/{ADAPTER_INFO}"] = {"size": info.stat().st_size,
                                                   "sha256": hashlib.sha256(info.read_bytes()).hexdigest()}
    (ckpt / MANIFEST).write_text(json.dumps(manifest))
    other = _run_here(monkeypatch, capsys, "--checkpoint", str(run), "--episodes", "1", "--turns", "1", "--samples",
                      "1", "--out", str(tmp_path / "other"))
    assert other.returncode == 2 and "Traceback" not in other.stderr, other.stderr[-2000:]
    assert other.stderr.startswith("error: cannot load checkpoint") and "tiny auditor build 0000000000000000" in other.stderr
