"""Trainers end to end on the tiny auditor: updates change the adapter, runs resume exactly."""

import json

import pytest
import torch
from typer.testing import CliRunner

from probe.cli.main import app
from probe.train.config import ConfigError, load_config
from probe.train.loop import Trainer

SMALL = ["rollout.prefixes=2", "rollout.group_size=2", "rollout.continuation_turns=1", "rollout.max_new_tokens=12",
         "rollout.temperature=0.8", "curriculum.levels=[2, 4]", "curriculum.window=2", "optim.lr=0.01"]
TIMING = {"generate_s", "target_s", "rollout_s"}


def small_config(tmp_path, algo, **extra):
    sets = SMALL + [f"algo={algo}", f"out_dir={tmp_path}", f"run_name={algo}"] + [f"{k}={v}" for k, v in extra.items()]
    return load_config(None, sets)


def adapter_snapshot(trainer):
    return [p.detach().clone() for p in trainer.auditor.trainable_parameters()]


@pytest.mark.tiny_auditor
@pytest.mark.parametrize("algo", ["grpo", "dpo", "gfn"])
def test_two_updates_change_the_adapter_and_keep_the_loss_finite(tmp_path, algo):
    trainer = Trainer(small_config(tmp_path, algo, updates=2, checkpoint_every=2))
    before = adapter_snapshot(trainer)
    history = trainer.run(progress=False)
    after = adapter_snapshot(trainer)
    assert len(history) == 2
    losses = [m[f"{algo}/loss"] for m in history]
    assert all(torch.isfinite(torch.tensor(losses)))
    assert any(not torch.equal(a, b) for a, b in zip(before, after)), "no adapter parameter moved"
    run = tmp_path / algo
    assert (run / "config.yaml").exists() and (run / "ckpt-00002" / "adapter").is_dir()
    assert len((run / "metrics.jsonl").read_text().splitlines()) == 2
    assert len(list((run / "traces").glob("update-*.jsonl"))) == 2


def _metrics(path):
    rows = [json.loads(x) for x in path.read_text().splitlines()]
    return [{k: v for k, v in r.items() if k not in TIMING and not k.endswith("grad_norm")} for r in rows]


SIL = {"self_imitation.weight": 1.0, "self_imitation.rare_below": 1000}  # replay whatever succeeded


@pytest.mark.tiny_auditor
@pytest.mark.parametrize("algo,extra", [("grpo", {}), ("dpo", {}), ("gfn", {}), ("grpo", SIL)],
                         ids=["grpo", "dpo", "gfn", "grpo-self-imitation"])
def test_resume_after_a_kill_matches_an_uninterrupted_run(tmp_path, algo, extra):
    full = Trainer(small_config(tmp_path / "a", algo, updates=3, checkpoint_every=1, **extra))
    full.run(progress=False)

    # a longer run killed after its third update, which it had not checkpointed yet
    first = Trainer(small_config(tmp_path / "b", algo, updates=10, checkpoint_every=2, **extra))
    first.open()
    for _ in range(3):
        first.update()
    first.close()  # the killed process's lock would be stale
    assert not (tmp_path / "b" / algo / "ckpt-00003").exists()
    second = Trainer(small_config(tmp_path / "b", algo, updates=3, checkpoint_every=2, **extra))
    assert second.resume() and second.step == 2
    second.run(progress=False)

    a, b = _metrics(tmp_path / "a" / algo / "metrics.jsonl"), _metrics(tmp_path / "b" / algo / "metrics.jsonl")
    assert [m["update"] for m in b] == [0, 1, 2]
    assert a == b
    if extra:  # the replay buffer was filled before the kill and restored from ckpt-00002
        assert b[1]["sil/buffer"] > 0 and b[2]["sil/replayed"] > 0
    ta = (tmp_path / "a" / algo / "traces" / "update-00002.jsonl").read_text()
    tb = (tmp_path / "b" / algo / "traces" / "update-00002.jsonl").read_text()
    assert ta == tb


def test_bad_config_is_one_clear_line_per_problem(tmp_path):
    with pytest.raises(ConfigError) as e:
        load_config(None, ["rollout.group_size=1", "algo=ppo"])
    lines = str(e.value).splitlines()
    assert len(lines) == 2 and any("'algo'" in x and "grpo" in x for x in lines)
    bad = tmp_path / "bad.yaml"
    bad.write_text("algo: grpo\nrolout: {group_size: 4}\n")
    r = CliRunner().invoke(app, ["train", "--config", str(bad)])
    assert r.exit_code == 2 and r.stderr.strip().startswith("error: config key 'rolout' is not a known setting; did you mean 'rollout'?")
    r = CliRunner().invoke(app, ["train", "--config", str(tmp_path / "missing.yaml")])
    assert r.exit_code == 2 and "config file not found" in r.stderr


@pytest.mark.tiny_auditor
def test_wandb_logging_is_offline_by_default_and_optional(tmp_path, monkeypatch):
    """W&B is used only when asked, in offline mode unless WANDB_MODE says otherwise (a stand-in
    module records the calls; the real package is an optional extra)."""
    import sys
    import types

    calls = {"init": [], "log": [], "finish": 0}

    class Run:
        def log(self, data, step):
            calls["log"].append((step, data))

        def finish(self):
            calls["finish"] += 1

    fake = types.ModuleType("wandb")
    fake.init = lambda **kw: calls["init"].append(kw) or Run()
    monkeypatch.setitem(sys.modules, "wandb", fake)
    monkeypatch.setenv("WANDB_MODE", "unset")  # recorded, so teardown restores the original environment
    monkeypatch.delenv("WANDB_MODE")
    Trainer(small_config(tmp_path, "grpo", updates=2, wandb=True)).run(progress=False)
    import os
    assert os.environ["WANDB_MODE"] == "offline"
    assert len(calls["init"]) == 1 and calls["init"][0]["project"] == "probe"
    assert [s for s, _ in calls["log"]] == [0, 1] and "violation_yield" in calls["log"][0][1]
    assert calls["finish"] == 1
    assert (tmp_path / "grpo" / "metrics.jsonl").exists()  # JSONL is always written too

    monkeypatch.setitem(sys.modules, "wandb", None)  # not installed
    with pytest.raises(ConfigError, match="'wandb' package is not installed"):
        Trainer(small_config(tmp_path / "x", "grpo", updates=1, wandb=True)).run(progress=False)


@pytest.mark.tiny_auditor
def test_gfn_explores_on_candidates_only_and_v1_trains_with_the_plain_prompt_and_a_judge(tmp_path):
    """One GFlowNet update with the v1 reward and a judge on B4 (loopback stub): candidates sample at
    gfn.exploration_temperature, everything else at rollout.temperature; the auditor reads the plain
    prompt without the scenario; the judge was called and its calls are logged."""
    from openai_stub_server import StubServer, text

    with StubServer(default=text('{"label": "NO_VIOLATION", "rationale": "fine"}')) as server:
        cfg = small_config(tmp_path, "gfn", updates=1, reward="v1", **{
            "gfn.exploration_temperature": 1.4, "judge.policies": "[B4]", "judge.base_url": server.url,
            "judge.model": "stub", "judge.max_retries": 0})
        trainer = Trainer(cfg)
        assert trainer.engine.settings.temperature == 0.8 and trainer.engine.candidate_temperature == 1.4
        # the run config's sections are what the modules hold: nothing copied, nothing dropped
        assert trainer.engine.settings is cfg.rollout and trainer.curriculum.settings is cfg.curriculum
        assert trainer.algo.config is cfg.gfn
        assert (trainer.auditor.prompt_style, trainer.auditor.scenario_conditioning) == ("plain", False)
        seen = []
        real = trainer.auditor.generate

        def spy(prompts, **kw):
            seen.append((len(prompts), kw["temperature"], all(p.startswith("<s>[context][") for p in prompts)))
            return real(prompts, **kw)

        trainer.auditor.generate = spy
        (m,) = trainer.run(progress=False)
        assert m["judge_calls"] == len(server.requests) > 0 and m["judge_failures"] == 0
    assert all(plain for _, _, plain in seen)
    assert sorted({t for _, t, _ in seen}) == [0.8, 1.4] and [t for _, t, _ in seen].count(1.4) == 1
    assert not trainer.auditor.model.training


@pytest.mark.tiny_auditor
def test_grpo_samples_every_turn_at_the_rollout_temperature_and_a_bad_judge_policy_is_a_config_error(tmp_path):
    trainer = Trainer(small_config(tmp_path, "grpo", updates=1))
    assert trainer.engine.candidate_temperature is None and trainer.engine.settings.temperature == 0.8
    assert trainer.algo.config is trainer.config.grpo
    assert trainer.judge is None  # verifier-only by default
    with pytest.raises(ConfigError, match="config section 'judge': judge.policies: unknown policy 'Q7'"):
        Trainer(small_config(tmp_path, "grpo", **{"judge.policies": "[Q7]", "judge.base_url": "http://127.0.0.1:9/v1",
                                                   "judge.model": "m"}), auditor=trainer.auditor)
