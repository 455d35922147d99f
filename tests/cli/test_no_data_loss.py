"""Nothing is lost (issue 9, items 1-3 and 5-7): commands never delete what they did not create,
run directories are locked, resume falls back to the newest intact checkpoint and refuses changed
settings, checkpoints load without unpickling, Ctrl-C says how to resume."""

import json
import os
import pickle
import shutil
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from probe.cli.main import app
from probe.train.checkpoint import CheckpointError, decode_state, encode_state, latest_checkpoint, load_tensor_file
from probe.train.config import load_config
from probe.train.loop import Trainer
from probe.train.rundir import MARKER, RunLock, check_run_name

CONFIG = str(Path(__file__).resolve().parents[2] / "configs" / "cpu-demo-grpo.yaml")
SMALL = ["rollout.prefixes=2", "rollout.group_size=2", "rollout.continuation_turns=1", "rollout.max_new_tokens=8",
         "curriculum.levels=[2, 4]", "curriculum.window=2", "eval.episodes=1", "eval.turns=1"]
TIMING = {"generate_s", "target_s", "rollout_s"}


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def sets(*pairs):
    out = []
    for p in list(SMALL) + list(pairs):
        out += ["--set", p]
    return out


def one_error_line(r, *needles):
    lines = r.stderr.strip().splitlines()
    assert r.exit_code == 2, (r.exit_code, r.stderr, r.stdout)
    assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr
    assert "Traceback" not in r.stdout + r.stderr
    for n in needles:
        assert n in lines[0], (n, lines[0])
    return lines[0]


def snapshot(root: Path) -> dict[str, bytes | None]:
    return {str(p.relative_to(root)): (p.read_bytes() if p.is_file() else None) for p in sorted(root.rglob("*"))}


@pytest.fixture
def victim(tmp_path):
    """A user's directory next to out_dir, and an earlier run inside out_dir."""
    v = tmp_path / "victim"
    v.mkdir()
    (v / "thesis.txt").write_text("years of work")
    other = tmp_path / "out" / "other"
    other.mkdir(parents=True)
    (other / MARKER).write_text("{}")
    (other / "metrics.jsonl").write_text('{"update": 0}\n')
    return tmp_path


# --- 1 + 3: run names and paths are checked before anything touches the disk ------------------------

@pytest.mark.parametrize("name", [".", "..", "", "../victim", "a/b", "victim/..", " x", "a\\b"])
def test_run_names_must_be_one_path_component(name):
    with pytest.raises(ValueError):
        check_run_name(name)
    for good in ("run", "grpo-tiny.v2", "..hidden", "a b"):
        assert check_run_name(good) == good


@pytest.mark.parametrize("command", ["train", "demo"])
def test_bad_run_names_leave_every_directory_as_it_was(victim, command, monkeypatch):
    monkeypatch.chdir(victim)
    before = snapshot(victim)
    out = victim / "out"
    for name in (".", "..", "../victim", str(victim / "victim"), "", "x/../../victim"):
        r = invoke(command, "--config", CONFIG, *sets(f"out_dir={out}", f"run_name={name}", "updates=1"))
        one_error_line(r, "run_name")
    r = invoke(command, "--config", CONFIG, *sets("out_dir=", "run_name=", "updates=1"))  # would be the cwd
    # two bad keys, one error line each (session 32: an empty out_dir is refused too, as an empty run_name is)
    lines = r.stderr.strip().splitlines()
    assert r.exit_code == 2 and len(lines) == 2 and all(x.startswith("error: config key ") for x in lines), r.stderr
    assert "'run_name'" in lines[0] and "'out_dir'" in lines[1] and "Traceback" not in r.stdout + r.stderr
    (out / "link").symlink_to(victim / "victim")  # a run name that is a symlink out of out_dir
    r = invoke(command, "--config", CONFIG, "--overwrite", *sets(f"out_dir={out}", "run_name=link", "updates=1"))
    one_error_line(r, "outside out_dir")
    (out / "link").unlink()
    assert snapshot(victim) == before


@pytest.mark.parametrize("command", ["train", "demo"])
@pytest.mark.parametrize("bad,needle", [("target.faults=nosuch", "target.faults"), ("reward=nosuch", "reward"),
                                        ("auditor.model=/nonexistent", "auditor.model"),
                                        ("auditor.model=./no/such/dir", "auditor.model"),
                                        ("wandb=true", "wandb")])
def test_a_bad_config_leaves_nothing_behind(tmp_path, command, bad, needle, monkeypatch):
    monkeypatch.setitem(sys.modules, "wandb", None)  # not installed
    r = invoke(command, "--config", CONFIG, *sets(f"out_dir={tmp_path / 'out'}", "run_name=x", bad))
    one_error_line(r, needle)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("command", ["train", "demo"])
def test_a_refused_run_directory_is_refused_before_the_auditor_is_built(victim, command, monkeypatch):
    """With no tiny auditor cached, a run directory that cannot be used is refused at once: nothing
    is built (the build takes minutes) and nothing is written to the cache."""
    cache = victim / "empty-cache"
    cache.mkdir()
    monkeypatch.setenv("PROBE_CACHE", str(cache))
    r = invoke(command, "--config", CONFIG, *sets(f"out_dir={victim}", "run_name=victim", "updates=1"))
    one_error_line(r, "not a probe run directory")
    assert list(cache.iterdir()) == [] and (victim / "victim" / "thesis.txt").read_text() == "years of work"


@pytest.mark.tiny_auditor
def test_an_existing_directory_is_never_replaced_unless_it_is_a_probe_run(victim):
    out = victim / "out"
    base = [f"out_dir={victim}", "run_name=victim", "updates=1"]
    for command in ("train", "demo"):
        for flag in ([], ["--overwrite"], ["--resume"]):
            r = invoke(command, "--config", CONFIG, *flag, *sets(*base))
            one_error_line(r, "not a probe run directory")
    assert (victim / "victim" / "thesis.txt").read_text() == "years of work"

    run = ["--config", CONFIG, *sets(f"out_dir={out}", "run_name=r", "updates=1")]
    assert invoke("train", *run).exit_code == 0
    first = (out / "r" / "metrics.jsonl").read_text()
    one_error_line(invoke("train", *run), "already holds a run", "--overwrite")
    one_error_line(invoke("demo", *run), "already holds a run")
    (out / "r" / "notes.md").write_text("mine")  # the user's file inside the run: --overwrite refuses
    one_error_line(invoke("train", "--overwrite", *run), "notes.md")
    assert (out / "r" / "metrics.jsonl").read_text() == first
    (out / "r" / "notes.md").unlink()
    r = invoke("train", "--overwrite", *run)
    assert r.exit_code == 0, r.stderr
    assert len((out / "r" / "metrics.jsonl").read_text().splitlines()) == 1
    assert (out / "other" / "metrics.jsonl").exists()  # the neighbour run is untouched


# --- 2: build-tiny never replaces a user's directory ---------------------------------------------------

def test_build_tiny_refuses_a_directory_that_is_not_a_tiny_auditor(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "data.csv").write_text("a,b\n")
    os.chmod(mine, 0o755)
    one_error_line(invoke("auditor", "build-tiny", "--out", mine), "not a tiny auditor")
    one_error_line(invoke("auditor", "build-tiny", "--out", mine, "--force"), "not a tiny auditor")
    assert (mine / "data.csv").read_text() == "a,b\n" and stat.S_IMODE(mine.stat().st_mode) == 0o755
    (tmp_path / "file").write_text("x")
    one_error_line(invoke("auditor", "build-tiny", "--out", tmp_path / "file"), "not a directory")
    one_error_line(invoke("auditor", "build-tiny", "--seed", "-1", "--out", tmp_path / "new"), "--seed")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file", "mine"]


def test_build_tiny_into_an_empty_directory_keeps_its_permissions(tmp_path):
    from probe.auditor.tiny import TinySettings, build_tiny_auditor, is_tiny_auditor

    small = TinySettings(n_episodes=4, vocab_size=1000, hidden_size=16, layers=1, heads=2, intermediate_size=32,
                         max_positions=1024, max_length=1024, epochs=0.2, batch_size=8)
    empty = tmp_path / "empty"
    empty.mkdir()
    os.chmod(empty, 0o750)
    assert build_tiny_auditor(empty, seed=1, settings=small) == empty
    assert is_tiny_auditor(empty) and stat.S_IMODE(empty.stat().st_mode) == 0o750
    assert [p.name for p in tmp_path.iterdir()] == ["empty"]  # no temp or old dirs left beside it
    (empty / "data.csv").write_text("x")  # a tiny auditor may be rebuilt in place; nothing else lost around it
    assert build_tiny_auditor(empty, seed=2, settings=small) == empty and is_tiny_auditor(empty)


# --- 3 + 6: one writer per run directory -----------------------------------------------------------------

@pytest.mark.tiny_auditor
def test_a_locked_run_gets_one_error_line_and_a_stale_lock_is_taken_over(tmp_path):
    run = ["--config", CONFIG, *sets(f"out_dir={tmp_path}", "run_name=r", "updates=1")]
    d = tmp_path / "r"
    d.mkdir()
    (d / MARKER).write_text("{}")
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:  # a live writer on this host
        (d / ".lock").write_text(json.dumps({"pid": child.pid, "host": socket.gethostname(), "started": "t"}))
        line = one_error_line(invoke("train", "--resume", *run), "in use by", f"pid {child.pid}")
        assert str(d) in line and not (d / "metrics.jsonl").exists()
    finally:
        child.kill()
        child.wait()
    (d / ".lock").write_text(json.dumps({"pid": child.pid, "host": "another-host", "started": "t"}))
    one_error_line(invoke("train", "--resume", *run), "another-host")  # cannot be checked from here: kept
    # the child is dead now: its lock on this host is stale and taken over
    (d / ".lock").write_text(json.dumps({"pid": child.pid, "host": socket.gethostname(), "started": "t"}))
    r = invoke("train", "--resume", *run)
    assert r.exit_code == 0, r.stderr
    assert not (d / ".lock").exists() and len((d / "metrics.jsonl").read_text().splitlines()) == 1


def test_a_requeued_slurm_job_takes_over_its_own_lock(tmp_path, monkeypatch):
    (tmp_path / ".lock").write_text(json.dumps({"pid": 1, "host": "node-a", "slurm_job": "42", "started": "t"}))
    monkeypatch.setenv("SLURM_JOB_ID", "43")  # another job: the lock on node-a is respected
    with pytest.raises(ValueError, match="node-a"):
        RunLock(tmp_path).acquire()
    monkeypatch.setenv("SLURM_JOB_ID", "42")  # the same job, requeued
    lock = RunLock(tmp_path).acquire()
    assert json.loads((tmp_path / ".lock").read_text())["pid"] == os.getpid()
    lock.release()
    assert not (tmp_path / ".lock").exists()


@pytest.mark.tiny_auditor
def test_two_trainers_cannot_write_one_run(tmp_path):
    config = load_config(CONFIG, SMALL + [f"out_dir={tmp_path}", "run_name=r", "updates=2"])
    first = Trainer(config)
    first.open()
    second = Trainer(config)
    with pytest.raises(ValueError, match="in use by pid"):
        second.open(resume=True)
    first.run(progress=False)
    assert not (tmp_path / "r" / ".lock").exists()
    assert [json.loads(x)["update"] for x in (tmp_path / "r" / "metrics.jsonl").read_text().splitlines()] == [0, 1]
    with RunLock(tmp_path / "r"):
        assert (tmp_path / "r" / ".lock").exists()
    assert not (tmp_path / "r" / ".lock").exists()


# --- 5: resume falls back, repairs, refuses -----------------------------------------------------------

def _metrics(path):
    rows = [json.loads(x) for x in path.read_text().splitlines()]
    return [{k: v for k, v in r.items() if k not in TIMING and not k.endswith("grad_norm")} for r in rows]


@pytest.fixture(scope="module")
def base_run(tmp_path_factory):
    """A finished 3-update GRPO run with a checkpoint after every update."""
    root = tmp_path_factory.mktemp("base")
    r = invoke("train", "--no-progress", "--config", CONFIG,
               *sets(f"out_dir={root}", "run_name=r", "updates=3", "checkpoint_every=1"))
    assert r.exit_code == 0, r.stderr
    return root / "r"


def copy_run(base_run, tmp_path):
    shutil.copytree(base_run, tmp_path / "r")
    return tmp_path / "r", ["--config", CONFIG, *sets(f"out_dir={tmp_path}", "run_name=r", "updates=3",
                                                      "checkpoint_every=1")]


@pytest.mark.tiny_auditor
@pytest.mark.parametrize("damage", ["truncated tensors", "broken step.json", "no manifest"])
def test_resume_falls_back_to_the_newest_intact_checkpoint(base_run, tmp_path, damage):
    run, args = copy_run(base_run, tmp_path)
    newest = run / "ckpt-00003"
    if damage == "truncated tensors":
        data = (newest / "tensors.safetensors").read_bytes()
        (newest / "tensors.safetensors").write_bytes(data[: len(data) // 2])
    elif damage == "broken step.json":
        (newest / "step.json").write_text('{"step": ')
    else:
        (newest / "manifest.json").unlink()
    assert latest_checkpoint(run, adapter_only=False).name == "ckpt-00002"
    r = invoke("train", "--resume", "--no-progress", *args)
    assert r.exit_code == 0 and "Traceback" not in r.stdout + r.stderr, r.stderr
    assert "ckpt-00003 is broken" in r.stdout and "from ckpt-00002" in r.stdout
    assert (run / "broken-ckpt-00003").is_dir()  # kept aside, not deleted
    assert _metrics(run / "metrics.jsonl") == _metrics(base_run / "metrics.jsonl")  # update 2 redone identically


@pytest.mark.tiny_auditor
def test_resume_repairs_a_partial_last_metrics_line(base_run, tmp_path):
    run, args = copy_run(base_run, tmp_path)
    with open(run / "metrics.jsonl", "a") as f:
        f.write('{"update": 3, "k_max": 2, "return_m')  # the write a kill cut short
    r = invoke("train", "--resume", "--no-progress", *args[:-2], "--set", "updates=4", "--set", "checkpoint_every=1")
    assert r.exit_code == 0, r.stderr
    assert "partial last line" in r.stdout
    rows = _metrics(run / "metrics.jsonl")
    assert [m["update"] for m in rows] == [0, 1, 2, 3] and rows[:3] == _metrics(base_run / "metrics.jsonl")
    # the change of 'updates' is recorded, and the config still loads
    saved = (run / "config.yaml").read_text()
    assert "history:" in saved and "resumed_at_update: 3" in saved
    cfg = load_config(run / "config.yaml")
    assert cfg.updates == 4


@pytest.mark.tiny_auditor
@pytest.mark.parametrize("change,key", [("algo=dpo", "algo"), ("rollout.group_size=3", "rollout.group_size"),
                                        ("reward=baseline", "reward"), ("seed=7", "seed")])
def test_resume_refuses_settings_that_change_what_earlier_updates_meant(base_run, tmp_path, change, key):
    run, args = copy_run(base_run, tmp_path)
    before = snapshot(run)
    r = invoke("train", "--resume", *args, "--set", change)
    one_error_line(r, key, "cannot resume")
    assert snapshot(run) == before


# --- 7: no pickle is ever executed --------------------------------------------------------------------

class Payload:
    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return (os.mkdir, (self.marker,))


@pytest.mark.tiny_auditor
def test_a_malicious_pickle_in_a_checkpoint_does_not_run(base_run, tmp_path):
    marker = str(tmp_path / "PWNED")
    evil = pickle.dumps({"optimizer": Payload(marker)})
    (tmp_path / "state.pt").write_bytes(evil)
    with pytest.raises(CheckpointError, match="refusing to unpickle"):
        load_tensor_file(tmp_path / "state.pt")
    assert not os.path.exists(marker)

    # a checkpoint of the old layout (state.pt only) and a pickle dropped into an intact one
    run, args = copy_run(base_run, tmp_path)
    (run / "ckpt-00003" / "state.pt").write_bytes(evil)
    for name in ("state.json", "tensors.safetensors"):
        (run / "ckpt-00002" / name).unlink()
    (run / "ckpt-00002" / "state.pt").write_bytes(evil)
    r = invoke("train", "--resume", "--no-progress", *args)
    assert r.exit_code == 0, r.stderr
    assert "from ckpt-00003" in r.stdout
    assert not os.path.exists(marker)


def test_checkpoint_state_round_trips_through_json_and_safetensors():
    import random

    import numpy as np
    import torch

    state = {"rng": {"python": random.getstate(), "numpy": np.random.get_state(), "torch": torch.get_rng_state()},
             "opt": {"state": {0: {"step": torch.tensor(3.0), "exp_avg": torch.ones(2, 3)}},
                     "param_groups": [{"betas": (0.9, 0.999), "params": [0]}]},
             "replay": [{"prefix_repr": None, "returns": [0.5, float("inf")]}], "__odd": 1}
    tensors = {}
    encoded = json.loads(json.dumps(encode_state(state, tensors)))
    back = decode_state(encoded, tensors)
    assert back["rng"]["python"] == state["rng"]["python"]
    assert all(np.array_equal(a, b) if isinstance(a, np.ndarray) else a == b
               for a, b in zip(back["rng"]["numpy"], state["rng"]["numpy"]))
    assert torch.equal(back["rng"]["torch"], state["rng"]["torch"])
    assert torch.equal(back["opt"]["state"][0]["exp_avg"], torch.ones(2, 3))
    assert back["opt"]["param_groups"][0]["betas"] == (0.9, 0.999) and back["__odd"] == 1
    with pytest.raises(TypeError):
        encode_state({"x": object()}, {})


# --- Ctrl-C -----------------------------------------------------------------------------------------

@pytest.mark.tiny_auditor
@pytest.mark.parametrize("signal_name", ["SIGINT", "SIGTERM"])
@pytest.mark.parametrize("command", ["train", "demo"])
def test_ctrl_c_or_sigterm_says_how_to_resume_and_frees_the_lock(tmp_path, monkeypatch, command, signal_name):
    """Ctrl-C exits 130; SIGTERM (kill, a job's time limit) used to end the process at once and left the run's
    .lock behind: it is handled as Ctrl-C, exit 143, and the handler is put back afterwards."""
    import signal

    real = Trainer.update
    before = signal.getsignal(signal.SIGTERM)

    def update_then_interrupt(self):
        if self.step >= 1:
            if signal_name == "SIGINT":
                raise KeyboardInterrupt
            os.kill(os.getpid(), signal.SIGTERM)
            raise AssertionError("SIGTERM was not handled")
        return real(self)

    monkeypatch.setattr(Trainer, "update", update_then_interrupt)
    r = invoke(command, "--no-progress", "--config", CONFIG, *sets(f"out_dir={tmp_path}", "run_name=r", "updates=3"))
    assert r.exit_code == (130 if signal_name == "SIGINT" else 143), (r.exit_code, r.stderr)
    assert r.stderr.strip() == "interrupted after update 1; resume with --resume"
    assert not (tmp_path / "r" / ".lock").exists()
    assert signal.getsignal(signal.SIGTERM) == before


@pytest.mark.tiny_auditor
def test_resume_with_no_intact_checkpoint_changes_nothing(base_run, tmp_path):
    run, args = copy_run(base_run, tmp_path)
    for ckpt in run.glob("ckpt-*"):
        (ckpt / "manifest.json").write_text("{")
    before = snapshot(run)
    one_error_line(invoke("train", "--resume", *args), "no intact checkpoint", "nothing was changed")
    assert snapshot(run) == before


@pytest.mark.tiny_auditor
def test_loading_a_local_auditor_never_touches_the_network(monkeypatch):
    from probe.train.loop import load_run_auditor

    attempts = []

    def no_network(self, address, *a, **kw):
        attempts.append(address)
        raise OSError("network disabled in this test")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    monkeypatch.setattr(socket, "create_connection", lambda address, *a, **kw: no_network(None, address))
    auditor = load_run_auditor(load_config(CONFIG, []))  # 'tiny': the cached build
    assert auditor.num_trainable() > 0 and attempts == []
    r = invoke("auditor", "sample", "--model", "tiny", "-n", "1", "--seed", "1000001")
    assert r.exit_code == 0 and r.stdout.startswith("- ") and attempts == [], r.stderr


# --- eval and suite never replace an earlier run's traces silently --------------------------

def _suite(out, *extra):
    from typer.testing import CliRunner

    from probe.cli import app

    return CliRunner().invoke(app, ["suite", "--seeds-per-script", "1", "--out", str(out), *extra])


def test_suite_refuses_to_replace_earlier_traces_without_overwrite(tmp_path):
    out = tmp_path / "suite"
    first = _suite(out)
    assert first.exit_code == 0, first.output
    before = (out / "traces.jsonl").read_bytes()
    assert before
    again = _suite(out)
    assert again.exit_code == 2 and "already exists; pass --overwrite" in again.output
    assert (out / "traces.jsonl").read_bytes() == before  # untouched
    replaced = _suite(out, "--overwrite")
    assert replaced.exit_code == 0, replaced.output
    assert (out / "traces.jsonl").read_bytes() == before  # the same deterministic suite, written afresh


def test_overwrite_never_replaces_a_file_that_is_not_a_trace_file(tmp_path):
    out = tmp_path / "suite"
    out.mkdir()
    mine = out / "traces.jsonl"
    mine.write_text("my own notes, not a probe trace\n")
    r = _suite(out, "--overwrite")
    assert r.exit_code == 2 and "is not a probe trace file" in r.output
    assert mine.read_text() == "my own notes, not a probe trace\n"


def test_eval_refuses_to_replace_earlier_traces_without_overwrite(tmp_path):
    from typer.testing import CliRunner

    from probe.cli import app

    args = ["eval", "--auditor", "static", "--episodes", "2", "--turns", "2", "--out", str(tmp_path / "ev")]
    first = CliRunner().invoke(app, args)
    assert first.exit_code == 0, first.output
    traces = next((tmp_path / "ev").glob("*/traces.jsonl"))
    before = traces.read_bytes()
    again = CliRunner().invoke(app, args)
    assert again.exit_code == 2 and "already exists; pass --overwrite" in again.output
    assert traces.read_bytes() == before
    assert CliRunner().invoke(app, [*args, "--overwrite"]).exit_code == 0
