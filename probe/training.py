"""The training job behind ``probe train``: rollouts -> loss -> curriculum -> logs -> checkpoints.

Run directory (DESIGN section 4): ``config.yaml`` (resolved), ``metrics.jsonl`` (one line per
update, flushed), ``traces/update-<step>.jsonl`` (every candidate branch of the update),
``ckpt-<step>/`` (atomic). ``resume()`` continues from the newest checkpoint: metrics and traces
of updates after it (from an interrupted run) are dropped first, so a resumed run produces the
same files as an uninterrupted one.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any, Callable

import numpy as np
import torch
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from probe.checkpoint import latest_checkpoint, load_checkpoint, save_checkpoint, set_rng_state
from probe.config import ConfigError, TrainConfig, dump_config
from probe.curriculum import HorizonCurriculum
from probe.registry import get_domain
from probe.reward import CompositeReward, RewardConfig, load_reward_config
from probe.rollout import RolloutBatch, RolloutConfig, RolloutEngine, SamplingSettings
from probe.trace import append_trace
from probe.trainers import ALGORITHMS, CONFIGS


def reward_config(spec: str | dict[str, Any]) -> RewardConfig:
    """A variant name or YAML path, or a mapping {variant: NAME, key: value, ...} of overrides
    (nested mappings such as plausibility_weights are merged key by key)."""
    if isinstance(spec, str):
        return load_reward_config(spec)
    spec = dict(spec)
    return load_reward_config(spec.pop("variant", "calibrated")).with_overrides(spec, source="config key 'reward'")


def load_run_auditor(config: TrainConfig):
    """The auditor of a run: the tiny CPU model (built offline, cached) or any causal LM."""
    from probe.auditor.model import LoraSettings, load_auditor

    s = config.auditor
    path = s.model
    if path == "tiny":
        from probe.auditor.tiny import build_tiny_auditor, default_tiny_path

        path = str(build_tiny_auditor(default_tiny_path(), seed=s.tiny_seed))
    lora = LoraSettings(r=s.lora_r, alpha=s.lora_alpha, dropout=s.lora_dropout, target_modules=list(s.target_modules))
    return load_auditor(path, lora=lora, quantize_4bit=s.quantize_4bit, gradient_checkpointing=s.gradient_checkpointing)


def target_options(config: TrainConfig) -> dict[str, Any]:
    """The ``target`` section as options of ``probe.targets.make_target`` for its kind."""
    t = config.target
    if t.kind == "openai":
        keys = ("base_url", "model", "api_key_env", "temperature", "max_tokens", "timeout_s", "max_retries",
                "max_concurrency")
        return {k: getattr(t, k) for k in keys if getattr(t, k) is not None}
    if t.kind == "hf":
        return {k: getattr(t, k) for k in ("model", "temperature", "max_tokens") if getattr(t, k) is not None}
    if t.kind == "replay":
        return {"recording_path": t.replay_path}
    return {}


def target_factory(config: TrainConfig) -> Callable[[], Any] | None:
    """None for the reference target (the game builds it); otherwise a factory of model targets."""
    if config.target.kind == "reference":
        return None
    from probe.targets import make_target

    domain = get_domain(config.env)
    options = target_options(config)
    try:
        make_target(domain, config.target.kind, **options)  # fail fast on bad options
    except ValueError as e:
        raise ConfigError(f"config section 'target': {e}") from None
    return lambda: make_target(domain, config.target.kind, **options)


class Trainer:
    def __init__(self, config: TrainConfig, *, auditor: Any = None, console: Console | None = None):
        self.config = config
        self.console = console or Console()
        self.run_dir = config.run_dir
        random.seed(config.seed)
        np.random.seed(config.seed)
        torch.manual_seed(config.seed)
        self.domain = get_domain(config.env)
        self.auditor = auditor if auditor is not None else load_run_auditor(config)
        self.reward = CompositeReward(reward_config(config.reward), self.domain)
        SamplingSettings.of_run(config).apply_prompt(self.auditor)  # the reward variant's prompt (v1: plain)
        c = config.curriculum
        self.curriculum = HorizonCurriculum(levels=tuple(c.levels), threshold=c.threshold, window=c.window)
        r = config.rollout
        # GFlowNet explores off-policy on the candidate messages only; prefixes and continuations
        # sample with the shared rollout settings, as for GRPO and DPO
        candidate_temperature = config.gfn.exploration_temperature if config.algo == "gfn" else None
        self.judge = None  # verifier-only reward unless judge.policies lists policies for an LLM judge
        if config.judge.policies:
            from probe.judge import Judge

            try:
                self.judge = Judge(config.judge, self.domain)
            except ValueError as e:
                raise ConfigError(f"config section 'judge': {e}") from None
        self.engine = RolloutEngine(
            RolloutConfig(env=config.env, target=config.target.kind, faults=config.target.faults,
                          prefixes=r.prefixes, group_size=r.group_size, continuation_turns=r.continuation_turns,
                          gamma=r.gamma, max_new_tokens=r.max_new_tokens, temperature=r.temperature, top_p=r.top_p,
                          candidate_temperature=candidate_temperature,
                          target_workers=r.target_workers, seed=config.seed),
            self.reward, target_factory=target_factory(config), judge=self.judge)
        self.optimizer = torch.optim.AdamW(self.auditor.trainable_parameters(), lr=config.optim.lr,
                                           weight_decay=config.optim.weight_decay)
        algo_settings = getattr(config, config.algo).model_dump()
        kwargs = {"seed": config.seed} if config.algo == "gfn" else {}
        self.algo = ALGORITHMS[config.algo](CONFIGS[config.algo](**{k: v for k, v in algo_settings.items()
                                                                  if k in CONFIGS[config.algo].__dataclass_fields__}),
                                            self.auditor, self.optimizer, config.optim.max_grad_norm, **kwargs)
        self.step = 0
        self.discovered: dict[str, int] = {}  # policy -> first update that hit it in training
        self._wandb = None

    # --- resume -------------------------------------------------------------------------------
    def resume(self) -> bool:
        """Continue from the newest checkpoint; False when the run has none yet."""
        ckpt = latest_checkpoint(self.run_dir)
        if ckpt is None:
            return False
        step, state = load_checkpoint(ckpt)
        self.auditor.load_adapter(ckpt / "adapter")
        self.optimizer.load_state_dict(state["optimizer"])
        self.algo.load_state_dict(state["algo"])
        self.curriculum.load_state_dict(state["curriculum"])
        self.reward.load_state_dict(state["reward"])
        self.discovered = dict(state["discovered"])
        set_rng_state(state["rng"])
        self.step = step
        self._drop_after(step)
        self.console.print(f"resumed {self.run_dir} from {ckpt.name} (update {step})")
        return True

    def _drop_after(self, step: int) -> None:
        metrics = self.run_dir / "metrics.jsonl"
        if metrics.exists():
            keep = [line for line in metrics.read_text().splitlines()
                    if line.strip() and json.loads(line)["update"] < step]
            metrics.write_text("".join(line + "\n" for line in keep))
        for f in (self.run_dir / "traces").glob("update-*.jsonl"):
            if int(f.stem.split("-")[1]) >= step:
                f.unlink()

    # --- the loop -----------------------------------------------------------------------------
    def run(self, progress: bool = True) -> list[dict[str, Any]]:
        self.run_dir.mkdir(parents=True, exist_ok=True)
        (self.run_dir / "traces").mkdir(exist_ok=True)
        dump_config(self.config, self.run_dir / "config.yaml")
        self._init_wandb()
        history = []
        total = self.config.updates
        columns = [TextColumn("[bold]{task.description}"), BarColumn(bar_width=12), MofNCompleteColumn(),
                   TimeElapsedColumn(), TextColumn("{task.fields[status]}")]
        with Progress(*columns, console=self.console, disable=not progress, transient=False) as bar:
            task = bar.add_task(self.config.algo, total=total, completed=self.step, status="")
            while self.step < total:
                metrics = self.update()
                history.append(metrics)
                bar.update(task, advance=1, status=(
                    f"reward {metrics['return_mean']:+.2f} yield {100 * metrics['violation_yield']:.0f}% "
                    f"cov {metrics['coverage_so_far']}/{len(self.domain.policies)} K {metrics['k_max']}"))
        if self._wandb is not None:
            self._wandb.finish()
        self.engine.close()
        return history

    def update(self) -> dict[str, Any]:
        step = self.step
        k_max = self.curriculum.k_max
        batch = self.engine.collect(self.auditor, step, k_max)
        algo_metrics = self.algo.update(batch)
        advanced = self.curriculum.record(batch.violation_yield)
        for p in batch.policy_hits:
            self.discovered.setdefault(p, step)
        self._write_traces(step, batch)
        metrics = {
            "update": step, "k_max": k_max, "curriculum_advanced": advanced,
            "return_mean": float(batch.returns.mean()) if len(batch) else 0.0,
            "violation_yield": batch.violation_yield,
            "policy_hits": dict(sorted(batch.policy_hits.items())),
            "coverage_so_far": len(self.discovered),
            "policies_so_far": sorted(self.discovered),
            "candidates": len(batch), "candidate_turn": batch.stats["candidate_turn"],
            "generate_calls": batch.stats["generate_calls"],
            "generate_batch_sizes": batch.stats["generate_batch_sizes"],
            "generate_s": round(batch.stats["generate_s"], 4), "target_s": round(batch.stats["target_s"], 4),
            "rollout_s": round(batch.stats["wall_s"], 4),
            **({"judge_calls": batch.stats["judge_calls"], "judge_failures": batch.stats["judge_failures"]}
               if self.judge is not None else {}),
            **{f"{self.config.algo}/{k}": v for k, v in algo_metrics.items()},
        }
        with open(self.run_dir / "metrics.jsonl", "a") as f:
            f.write(json.dumps(metrics) + "\n")
            f.flush()
            os.fsync(f.fileno())
        if self._wandb is not None:
            self._wandb.log({k: v for k, v in metrics.items() if isinstance(v, (int, float))}, step=step)
        self.step = step + 1
        if self.step % self.config.checkpoint_every == 0 or self.step == self.config.updates:
            self.checkpoint()
        return metrics

    def checkpoint(self) -> Path:
        return save_checkpoint(self.run_dir, self.step, auditor=self.auditor, state={
            "optimizer": self.optimizer.state_dict(), "algo": self.algo.state_dict(),
            "curriculum": self.curriculum.state_dict(), "reward": self.reward.state_dict(),
            "discovered": dict(self.discovered)})

    def _write_traces(self, step: int, batch: RolloutBatch) -> None:
        path = self.run_dir / "traces" / f"update-{step:05d}.jsonl"
        path.unlink(missing_ok=True)
        for trace in batch.traces:
            append_trace(path, trace)

    def _init_wandb(self) -> None:
        if not self.config.wandb or self._wandb is not None:
            return
        try:
            import wandb
        except ImportError:
            raise ConfigError("config key 'wandb' is true but the 'wandb' package is not installed (pip install wandb)") from None
        os.environ.setdefault("WANDB_MODE", "offline")
        self._wandb = wandb.init(project="probe", name=self.config.run_name, dir=str(self.run_dir),
                                 config=self.config.model_dump(mode="json"), resume="allow")
