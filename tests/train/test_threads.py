"""Deliberate CPU thread settings (issue 12, item 5): the runtime.threads config key, the plan it
resolves to, what applying it changes in the process, and the rollout's target pool size.
No timing here: scripts/bench_contention.py measures the effect."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import torch
import yaml
from rich.console import Console
from typer.testing import CliRunner

from probe.train import threads as th
from probe.train.config import ConfigError, RolloutSettings, load_config
from probe.train.reward import CompositeReward
from probe.train.rollout import RolloutEngine

ROOT = Path(__file__).resolve().parents[2]
ENV_KEYS = (*th.THREAD_ENV, "TOKENIZERS_PARALLELISM")


@pytest.fixture
def fresh_process_state(monkeypatch):
    """Each test starts with no plan applied; torch's intra-op count and the variables come back after."""
    before = torch.get_num_threads()
    for key in ENV_KEYS:  # registered with monkeypatch, so that whatever the test sets is undone
        if key in os.environ:
            monkeypatch.setenv(key, os.environ[key])
        else:
            monkeypatch.delenv(key, raising=False)
    monkeypatch.setattr(th, "_applied", None)
    yield
    torch.set_num_threads(before)


@pytest.mark.parametrize("bad", ["lots", "0", "-1", "1025", "2.5", "true", "[1, 2]", "''"])
def test_a_bad_value_is_one_error_line_naming_the_key_and_what_is_allowed(bad):
    with pytest.raises(ConfigError) as e:
        load_config(None, [f"runtime.threads={bad}"])
    msg = str(e.value)
    assert "\n" not in msg
    assert msg.startswith("config key 'runtime.threads': expected 'auto', 'none' or a number of threads 1..1024, got ")


def test_the_cli_reports_a_bad_value_as_one_error_line(tmp_path):
    from probe.cli.main import app

    r = CliRunner().invoke(app, ["train", "--config", str(ROOT / "configs" / "cpu-demo-grpo.yaml"),
                                 "--set", "runtime.threads=many", "--set", f"out_dir={tmp_path}"])
    lines = r.stderr.strip().splitlines()
    assert r.exit_code == 2 and len(lines) == 1
    assert lines[0].startswith("error: config key 'runtime.threads'") and "'auto', 'none' or a number" in lines[0]
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize("value, expected", [("auto", "auto"), ("none", "none"), (" AUTO ", "auto"), (3, 3),
                                             ("4", 4), (1024, 1024)])
def test_good_values_from_set_and_yaml(tmp_path, value, expected):
    assert load_config(None, [f"runtime.threads={value}"]).runtime.threads == expected
    path = tmp_path / "run.yaml"
    path.write_text(yaml.safe_dump({"runtime": {"threads": value}}))
    assert load_config(path).runtime.threads == expected
    assert load_config(None).runtime.threads == "auto"  # the default


def test_auto_is_half_the_visible_cores_at_least_one():
    assert [th.plan_threads("auto", cores=c).intra_op for c in (1, 2, 3, 4, 16, 64)] == [1, 1, 1, 2, 8, 32]
    assert th.plan_threads(3, cores=2).intra_op == 3  # an explicit number is taken as it is
    assert th.visible_cores() == len(os.sched_getaffinity(0))
    plan = th.plan_threads("auto")
    assert plan.intra_op == max(1, len(os.sched_getaffinity(0)) // 2) and plan.inter_op == 1
    assert plan.env == {"OMP_NUM_THREADS": str(plan.intra_op), "MKL_NUM_THREADS": str(plan.intra_op),
                        "OPENBLAS_NUM_THREADS": str(plan.intra_op), "TOKENIZERS_PARALLELISM": "false"}
    none = th.plan_threads("none")
    assert none.intra_op is None and none.inter_op is None and none.env == {}


def test_applying_sets_torch_and_the_environment_once(fresh_process_state):
    plan, applied, changed = th.apply_threads(1)
    assert changed and torch.get_num_threads() == 1 == applied["intra_op"]
    assert all(os.environ[k] == "1" for k in th.THREAD_ENV) and os.environ["TOKENIZERS_PARALLELISM"] == "false"
    assert "torch intra-op 1" in plan.describe(applied) and "OMP_NUM_THREADS=1" in plan.describe(applied)
    assert th.apply_threads(1)[2] is False  # the same plan again: nothing to do, nothing printed
    assert th.ensure_threads("auto")[0] == plan  # a library entry point keeps the process's choice
    _, applied, changed = th.apply_threads(2)  # a run's own, different setting is applied
    assert changed and torch.get_num_threads() == 2 == applied["intra_op"] and os.environ["OMP_NUM_THREADS"] == "2"


def test_none_changes_nothing(fresh_process_state, monkeypatch):
    torch.set_num_threads(2)
    monkeypatch.setenv("OMP_NUM_THREADS", "7")
    plan, applied, _ = th.apply_threads("none")
    assert torch.get_num_threads() == 2 and os.environ["OMP_NUM_THREADS"] == "7"
    assert plan.describe(applied).startswith("threads: none (left as they are: torch intra-op 2")


def test_a_fresh_process_gets_one_inter_op_thread_and_the_variables_before_torch_loads():
    code = ("import os, sys; from probe.train.threads import apply_threads; "
            "assert 'torch' not in sys.modules; plan, applied, _ = apply_threads(1); import torch, json; "
            "print(json.dumps([torch.get_num_threads(), torch.get_num_interop_threads(), "
            "torch.__config__.parallel_info().count('OMP_NUM_THREADS : 1'), os.environ['OMP_NUM_THREADS']]))")
    env = {k: v for k, v in os.environ.items() if k not in ENV_KEYS}
    env["PYTHONPATH"] = str(ROOT)
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout.strip().splitlines()[-1]) == [1, 1, 1, "1"]


def test_the_target_pool_is_the_engines_thread_for_the_in_process_target_only():
    reward = CompositeReward(domain="skyassist")
    engine = RolloutEngine(RolloutSettings(target_workers=8), reward, env="skyassist")
    assert engine.pool is None and engine.pool_size == 1
    engine.close()
    engine = RolloutEngine(RolloutSettings(target_workers=8), reward, env="skyassist", target_factory=lambda: None)
    assert engine.pool is not None and engine.pool_size == 8 and engine.pool._max_workers == 8
    engine.close()
    assert th.target_pool_size(True, 8) == 1 and th.target_pool_size(False, 3) == 3


@pytest.mark.tiny_auditor
def test_a_run_applies_prints_and_records_its_setting(tmp_path, fresh_process_state):
    from probe.train.loop import Trainer

    small = ["rollout.prefixes=2", "rollout.group_size=2", "rollout.continuation_turns=1", "rollout.max_new_tokens=8",
             "curriculum.levels=[2, 4]", "updates=1", f"out_dir={tmp_path}", "run_name=t", "runtime.threads=1"]
    console = Console(record=True, width=400)
    trainer = Trainer(load_config(None, small), console=console)
    assert torch.get_num_threads() == 1 and os.environ["OMP_NUM_THREADS"] == "1"
    trainer.run(progress=False)
    text = console.export_text()
    assert text.count("threads: 1 (") == 1 and "target turns on the engine's thread" in text
    saved = yaml.safe_load((tmp_path / "t" / "config.yaml").read_text())
    assert saved["runtime"]["threads"] == 1
    assert saved["runtime"]["resolved"].startswith("threads: 1 (") and "torch intra-op 1, inter-op" in saved["runtime"]["resolved"]
    assert load_config(tmp_path / "t" / "config.yaml").runtime.threads == 1  # the run's config.yaml reads back


def test_the_build_takes_every_core_only_when_all_are_idle_under_auto():
    auto = th.plan_threads("auto", cores=2)
    assert th.build_threads(auto, idle=2.0) == 2 and th.build_threads(auto, idle=1.8) == 2
    assert th.build_threads(auto, idle=1.7) == 1 and th.build_threads(auto, idle=0.3) == 1  # one core busy
    assert th.build_threads(th.plan_threads("auto", cores=8), idle=3.0) == 4  # half, as the rest of the run
    assert th.build_threads(th.plan_threads(3, cores=2), idle=2.0) == 3  # a number is what the user asked
    assert th.build_threads(th.plan_threads("none", cores=2), idle=2.0) is None


@pytest.mark.parametrize("idle, expected", [(2.0, 2), (0.3, 1)])
def test_a_build_scope_takes_both_cores_only_when_idle_and_gives_the_count_back(monkeypatch, fresh_process_state,
                                                                              idle, expected):
    """The fluency scorer's build runs in this scope: 2 threads on 2 idle cores, the run's 1 when
    one is busy, and the process's own count again afterwards (also when the build raises)."""
    monkeypatch.setattr(th, "visible_cores", lambda: 2)
    monkeypatch.setattr(th, "idle_cores", lambda interval=0.5: idle)
    th.apply_threads("auto")
    assert torch.get_num_threads() == 1
    lines: list[str] = []
    with th.build_thread_scope(lines.append, "fluency scorer") as n:
        assert n == expected and torch.get_num_threads() == expected
    assert torch.get_num_threads() == 1
    assert lines == (["fluency scorer: 2 torch threads (2 visible cores idle)"] if expected == 2 else [])
    with pytest.raises(RuntimeError), th.build_thread_scope():
        raise RuntimeError("the build failed")
    assert torch.get_num_threads() == 1


@pytest.mark.skipif(not Path("/proc/stat").is_file(), reason="reads /proc/stat (Linux)")
def test_idle_cores_reads_the_visible_cores():
    idle = th.idle_cores(0.2)
    assert idle is not None and 0.0 <= idle <= len(os.sched_getaffinity(0)) + 1e-9


def test_the_tiny_build_gives_the_same_weights_with_one_and_two_threads(tmp_path, fresh_process_state):
    from safetensors.torch import load_file

    from probe.auditor.tiny import TinySettings, build_tiny_auditor

    weights = []
    for n in (1, 2):
        out = build_tiny_auditor(tmp_path / f"t{n}", settings=TinySettings(n_episodes=6, epochs=0.2, opening_epochs=0.2, threads=n))
        assert json.loads((out / "build.json").read_text())["torch_threads"] == n
        weights.append(load_file(str(out / "model.safetensors")))
    assert weights[0].keys() == weights[1].keys()
    assert all(bool((weights[0][k] == weights[1][k]).all()) for k in weights[0])


def test_a_build_grows_its_threads_when_a_core_falls_idle_and_shrinks_when_contended():
    """``make test`` starts the build beside the first pytest (one thread): when that pytest ends and
    its core falls idle, the build takes it; when another job starts, the build gives it back."""
    auto = th.plan_threads("auto", cores=2)
    gov = th.BuildThreads(auto, sample=lambda: None)
    assert gov.decide(1, 2, idle=0.95, own=1.0) == (2, "0.9 cores idle")  # the neighbour ended
    assert gov.decide(1, 2, idle=0.3, own=1.0) is None  # the neighbour still runs
    assert gov.decide(2, 2, idle=0.0, own=1.1)[0] == 1  # both threads share a core with another job
    assert gov.decide(2, 2, idle=0.2, own=1.7) is None  # our own two threads keep both cores busy
    assert gov.decide(1, 1, idle=0.9, own=1.0) is None  # nothing more to take (the affinity set)
    assert th.BuildThreads(th.plan_threads(1, cores=2)).active is False  # a number is what the user asked
    assert th.BuildThreads(th.plan_threads("none", cores=2)).active is False


def test_the_build_governor_looks_at_the_machine_once_per_window(fresh_process_state):
    now = [0.0]
    samples = iter([{0: (0, 0), 1: (0, 0)}, {0: (100, 0), 1: (100, 95)}, {0: (200, 0), 1: (200, 0)}])
    lines: list[str] = []
    torch.set_num_threads(1)
    gov = th.BuildThreads(th.plan_threads("auto", cores=2), lines.append, every=10.0, sample=lambda: next(samples),
                          cpu=lambda: now[0], clock=lambda: now[0], cores=lambda: 2)
    now[0] = 5.0
    assert gov.step() is None  # within the window: nothing read
    now[0] = 10.0
    assert gov.step() == 2 and torch.get_num_threads() == 2  # core 1 was 95% idle
    now[0] = 20.0
    assert gov.step() == 1 and torch.get_num_threads() == 1  # no core idle, one core of CPU for two threads
    assert lines == ["build: 2 torch threads from step 2 (0.9 cores idle)",
                     "build: 1 torch thread from step 3 (another job competes (1.0 of 2 cores used))"]


def test_the_tiny_build_gives_the_same_weights_when_its_threads_change_between_steps(tmp_path, fresh_process_state,
                                                                                    monkeypatch):
    """The governor may change the count at any step; the weights are those of a one-thread build."""
    from safetensors.torch import load_file

    from probe.auditor.tiny import TinySettings, build_tiny_auditor

    steps = []

    class Flip:  # 1, 2, 1, 2, ... threads, one change per step
        def __init__(self, plan, log=None):
            self.n = 1

        def step(self):
            self.n = 3 - self.n
            torch.set_num_threads(self.n)
            steps.append(self.n)

    one = build_tiny_auditor(tmp_path / "one", settings=TinySettings(n_episodes=6, epochs=0.2, opening_epochs=0.2,
                                                                     threads=1))
    monkeypatch.setattr(th, "BuildThreads", Flip)
    th.apply_threads("auto")
    flip = build_tiny_auditor(tmp_path / "flip", settings=TinySettings(n_episodes=6, epochs=0.2, opening_epochs=0.2))
    assert len(steps) >= 3 and set(steps) == {1, 2}  # every step of this short build
    a, b = load_file(str(one / "model.safetensors")), load_file(str(flip / "model.safetensors"))
    assert a.keys() == b.keys() and all(bool((a[k] == b[k]).all()) for k in a)
