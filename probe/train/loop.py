"""The training job behind ``probe train``: rollouts -> loss -> curriculum -> logs -> checkpoints.

Run directory (DESIGN section 4): ``config.yaml`` (resolved, plus a ``history`` of resumes),
``metrics.jsonl`` (one line per update, flushed), ``traces/update-<step>.jsonl`` (every candidate
branch of the update), ``ckpt-<step>/`` (atomic, with a manifest), ``.probe-run`` (marker) and
``.lock`` while a process trains in it (``probe.train.rundir``).

``check_config`` validates everything a run needs before anything touches the disk. ``open()``
claims the run directory (fresh, ``resume`` or ``overwrite``). ``resume()`` continues from the
newest intact checkpoint (newer broken ones are kept aside as ``broken-ckpt-<step>``): metrics
and traces of updates after it are dropped first (a partial last metrics line too), so a resumed
run produces the same files as an uninterrupted one. A resume that changes a setting which
alters what earlier updates meant is refused naming the key; the settings in ``RESUMABLE`` may
change and are recorded in ``config.yaml``'s history.
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

from probe.core.domain import Domain
from probe.core.registry import get_domain
from probe.core.trace import append_trace
from probe.train.algos import ALGORITHMS
from probe.train.checkpoint import (
    CheckpointError,
    checkpoint_problem,
    list_checkpoints,
    load_checkpoint,
    save_checkpoint,
    set_rng_state,
)
from probe.train.config import ConfigError, TrainConfig, dump_config, looks_like_path, model_name_problem
from probe.train.curriculum import HorizonCurriculum
from probe.train.reward import CompositeReward, RewardConfig, load_reward_config
from probe.train.rollout import RolloutBatch, RolloutEngine, SamplingSettings
from probe.train.rundir import RunDirError, RunLock, check_run_dir, open_run_dir, resolve_run_dir
from probe.train.self_imitation import SelfImitation
from probe.train.threads import apply_threads


def reward_config(spec: str | dict[str, Any]) -> RewardConfig:
    """A variant name or YAML path, or a mapping {variant: NAME, key: value, ...} of overrides
    (nested mappings such as plausibility_weights are merged key by key)."""
    if isinstance(spec, str):
        return load_reward_config(spec)
    spec = dict(spec)
    return load_reward_config(spec.pop("variant", "calibrated")).with_overrides(spec, source="config key 'reward'")


def idle_updates_warning(history: list[dict[str, Any]]) -> str | None:
    """One line when updates of ``history`` had nothing to train on: every prefix ended (the
    auditor or the target closed the conversation) before its candidate turn, so no candidate was
    sampled and the auditor did not change. It cannot recover by itself (the prefixes come from the
    same auditor): measured on ``configs/cpu-full-grpo.yaml``, the auditor learned to open with
    "bye" after about 110 updates, a candidate that earns 0 where its siblings lost to penalties,
    and the remaining 80 updates were idle. None when every update trained."""
    idle = [m["update"] for m in history if m.get("groups", 1) == 0]
    if not idle:
        return None
    return (f"warning: {len(idle)} of {len(history)} updates had nothing to train on (first: update {idle[0]}): "
            "every prefix ended before its candidate turn, so the auditor ends its conversations at once; "
            "evaluate an earlier checkpoint (ckpt-*) or train with a stronger KL (grpo.beta)")


def load_run_auditor(config: TrainConfig):
    """The auditor of a run: the tiny CPU model (built offline, cached) or any causal LM."""
    from probe.auditor.model import LoraSettings, load_auditor

    s = config.auditor
    path = s.model
    if path == "tiny":
        from probe.auditor.tiny import build_tiny_auditor, default_tiny_path

        path = str(build_tiny_auditor(default_tiny_path(), seed=s.tiny_seed))
    check_model_available(path)
    lora = LoraSettings(r=s.lora_r, alpha=s.lora_alpha, dropout=s.lora_dropout, target_modules=list(s.target_modules))
    # a local directory or a cached hub model is loaded with local_files_only: the hub is never asked
    local = Path(path).is_dir() or hub_cached(path)
    return load_auditor(path, lora=lora, quantize_4bit=s.quantize_4bit, local_files_only=local,
                        gradient_checkpointing=s.gradient_checkpointing, seed=config.seed)


def hub_cached(name: str) -> bool:
    """True when the hub model ``name`` is in the local Hugging Face cache (no network asked)."""
    try:
        from huggingface_hub import try_to_load_from_cache

        return isinstance(try_to_load_from_cache(name, "config.json"), str)
    except Exception:  # noqa: BLE001  (an invalid repo id, no cache)
        return False


def hub_reachable(timeout: float = 3.0) -> bool:
    """One TCP connection to the hub's endpoint (instead of minutes of download retries)."""
    import socket
    from urllib.parse import urlparse

    from huggingface_hub import constants

    if constants.HF_HUB_OFFLINE:
        return False
    url = urlparse(constants.ENDPOINT)
    try:
        socket.create_connection((url.hostname, url.port or (443 if url.scheme == "https" else 80)), timeout).close()
        return True
    except OSError:
        return False


def check_auditor_model(name: str, key: str = "auditor.model") -> None:
    """A model name given outside a config (``--model``): valid (``model_name_problem``, the
    rule the config's ``auditor.model`` is validated with) and available
    (``check_model_available``); ``ConfigError`` otherwise."""
    problem = model_name_problem(name)
    if problem is not None:
        raise ConfigError(f"config key '{key}': {problem}")
    check_model_available(name, key)


def check_model_available(name: str, key: str = "auditor.model") -> None:
    """A valid model name can be loaded here: 'tiny' and local directories always; a hub name
    when it is in the Hugging Face cache or the hub can be reached (``ConfigError`` otherwise)."""
    if name == "tiny" or looks_like_path(name) or hub_cached(name) or hub_reachable():
        return
    raise ConfigError(f"config key '{key}': {name!r} is not a local directory, not in the Hugging Face cache, "
                      "and the hub cannot be reached; use 'tiny' or a local model directory")


def check_config_run_dir(config: TrainConfig, *, resume: bool = False, overwrite: bool = False) -> None:
    """What ``Trainer.open`` would refuse about the config's run directory, as a one-line
    ``ConfigError``, without touching the disk: callers run it before building the ``Trainer``,
    which loads the auditor (on a fresh machine it builds the tiny one first: minutes)."""
    try:
        check_run_dir(resolve_run_dir(config.out_dir, config.run_name), resume=resume, overwrite=overwrite)
    except RunDirError as e:
        raise ConfigError(str(e)) from None


def check_config(config: TrainConfig) -> None:
    """Everything a run needs that can be checked without loading models or touching the disk:
    the run directory's path, the target's faults and options, the reward, the auditor's model
    path, wandb. ``ConfigError`` with one line per problem."""
    try:
        resolve_run_dir(config.out_dir, config.run_name)
    except RunDirError as e:
        raise ConfigError(str(e)) from None
    problems = []
    try:
        domain = get_domain(config.env)
    except ValueError as e:
        raise ConfigError(f"config key 'env': {e}") from None
    if config.target.kind == "reference":
        try:
            domain.resolve_faults(config.target.faults)
        except ValueError as e:
            problems.append(f"config key 'target.faults': {e}")
    if config.rollout.prefix_customer != "auditor" and type(domain).corpus_customer is Domain.corpus_customer:
        problems.append(f"config key 'rollout.prefix_customer' is {config.rollout.prefix_customer!r} but environment "
                        f"{config.env!r} has no corpus customer; allowed: 'auditor'")
    try:
        reward_config(config.reward)
    except (ValueError, TypeError) as e:
        msg = str(e).splitlines()[0] if str(e) else type(e).__name__
        problems.append(msg if msg.startswith("config key 'reward'") else f"config key 'reward': {msg}")
    try:
        check_model_available(config.auditor.model)  # its form was validated when the config was read
    except ConfigError as e:
        problems.append(str(e))
    try:
        target_factory(config)
    except ConfigError as e:
        problems.append(str(e))
    if config.wandb:
        import importlib.util
        import sys

        if "wandb" in sys.modules:
            missing = sys.modules["wandb"] is None
        else:
            missing = importlib.util.find_spec("wandb") is None
        if missing:
            problems.append("config key 'wandb' is true but the 'wandb' package is not installed (pip install wandb)")
    if problems:
        raise ConfigError("\n".join(problems))


# settings that may change when a run resumes (they do not change what earlier updates meant);
# a changed key is recorded in config.yaml's history. Every other key must stay as it was.
RESUMABLE = ("updates", "checkpoint_every", "wandb", "out_dir", "run_name", "eval.", "target.timeout_s", "target.max_retries",
             "target.max_concurrency", "target.base_url", "target.api_key_env", "rollout.target_workers", "runtime.")


def _flat(data: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(data, dict):
        out: dict[str, Any] = {}
        for k, v in data.items():
            out.update(_flat(v, f"{prefix}{k}.") if isinstance(v, dict) and k != "reward" else {f"{prefix}{k}": v})
        return out
    return {prefix.rstrip("."): data}


def config_changes(saved: dict[str, Any], new: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(allowed, refused) changes between a run's saved config and a new one: key -> [old, new]."""
    a, b = _flat(saved), _flat(new)
    allowed, refused = {}, {}
    for key in sorted(set(a) | set(b)):
        if a.get(key) != b.get(key):
            ok = any(key == r or (r.endswith(".") and key.startswith(r)) for r in RESUMABLE)
            (allowed if ok else refused)[key] = [a.get(key), b.get(key)]
    return allowed, refused


def target_options(config: TrainConfig) -> dict[str, Any]:
    """The ``target`` section as options of ``probe.targets.make_target`` for its kind."""
    from probe.targets import options_for

    t = config.target
    return options_for(t.kind, **t.model_dump(exclude={"kind", "faults", "replay_path"}), recording_path=t.replay_path)


def target_factory(config: TrainConfig) -> Callable[[], Any] | None:
    """None for the reference target (the game builds it); otherwise ``probe.targets.target_factory``."""
    if config.target.kind == "reference":
        return None
    from probe.targets import target_factory as factory

    try:
        return factory(get_domain(config.env), config.target.kind, **target_options(config))  # fails fast on bad options
    except ValueError as e:
        raise ConfigError(f"config section 'target': {e}") from None


class Trainer:
    def __init__(self, config: TrainConfig, *, auditor: Any = None, console: Console | None = None):
        check_config(config)  # before anything is loaded or written
        self.config = config
        self.console = console or Console()
        threads, torch_threads, _ = apply_threads(config.runtime.threads)  # before the auditor is built or loaded
        self.run_dir = config.run_dir
        random.seed(config.seed)
        np.random.seed(config.seed)
        torch.manual_seed(config.seed)
        self.domain = get_domain(config.env)
        self.auditor = auditor if auditor is not None else load_run_auditor(config)
        self.reward = CompositeReward(reward_config(config.reward), self.domain)
        SamplingSettings.of_run(config).apply_prompt(self.auditor)  # the reward variant's prompt (v1: plain)
        if hasattr(self.auditor, "prompt_style"):
            self.auditor.domain = self.domain  # whose assistant the customer talks to (chat role prompt)
        self.curriculum = HorizonCurriculum(config.curriculum)
        # GFlowNet explores off-policy on the candidate messages only; prefixes and continuations
        # sample with the shared rollout settings, as for GRPO and DPO
        candidate_temperature = config.gfn.exploration_temperature if config.algo == "gfn" else None
        self.judge = None  # verifier-only reward unless judge.policies lists policies for an LLM judge
        if config.judge.policies:
            from probe.train.judge import Judge

            try:
                self.judge = Judge(config.judge, self.domain)
            except ValueError as e:
                raise ConfigError(f"config section 'judge': {e}") from None
        self.engine = RolloutEngine(
            config.rollout, self.reward, env=config.env, target=config.target.kind, faults=config.target.faults,
            seed=config.seed, candidate_temperature=candidate_temperature, target_factory=target_factory(config),
            judge=self.judge)
        pool = "the engine's thread" if self.engine.pool is None else f"{self.engine.pool_size} threads"
        config.runtime.resolved = f"{threads.describe(torch_threads)}; target turns on {pool}"
        self.console.print(config.runtime.resolved, markup=False)  # once per run; config.yaml records it
        self.optimizer = torch.optim.AdamW(self.auditor.trainable_parameters(), lr=config.optim.lr,
                                           weight_decay=config.optim.weight_decay)
        kwargs = {"seed": config.seed} if config.algo == "gfn" else {}
        self.algo = ALGORITHMS[config.algo](getattr(config, config.algo), self.auditor, self.optimizer,
                                            config.optim.max_grad_norm, **kwargs)
        self.sil = (SelfImitation(config.self_imitation, self.auditor, self.optimizer, config.optim.max_grad_norm,
                                  seed=config.seed) if config.self_imitation.weight > 0 else None)
        self.step = 0
        self.discovered: dict[str, int] = {}  # policy -> first update that hit it in training
        self._wandb = None
        self._lock: RunLock | None = None

    # --- the run directory ----------------------------------------------------------------------
    def open(self, *, resume: bool = False, overwrite: bool = False) -> bool:
        """Claim the run directory (see ``probe.train.rundir.open_run_dir``) and lock it until ``close()``.
        With ``resume``, continue from the newest intact checkpoint; True when one was found."""
        if self._lock is not None:
            raise RuntimeError("the run directory is already open")
        try:
            self._lock = open_run_dir(self.run_dir, resume=resume, overwrite=overwrite)
        except RunDirError as e:
            raise ConfigError(str(e)) from None
        try:  # traces/ only once a resume is accepted: a refused one leaves the folder as it was
            resumed = self._resume() if resume else False
            (self.run_dir / "traces").mkdir(exist_ok=True)
            if not resumed:
                self._write_config(history=[])
            return resumed
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        """Release the run directory's lock (``run()`` does at its end)."""
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def _write_config(self, history: list[dict[str, Any]]) -> None:
        path = self.run_dir / "config.yaml"
        tmp = self.run_dir / ".config.yaml.tmp"
        dump_config(self.config, tmp)
        if history:
            import yaml

            with open(tmp, "a") as f:
                f.write(yaml.safe_dump({"history": history}, sort_keys=False))
        os.replace(tmp, path)

    def _saved_config(self) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        import yaml

        path = self.run_dir / "config.yaml"
        try:
            data = yaml.safe_load(path.read_text())
        except (OSError, yaml.YAMLError) as e:
            raise ConfigError(f"cannot resume {self.run_dir}: its config.yaml cannot be read ({type(e).__name__})") from None
        if not isinstance(data, dict):
            raise ConfigError(f"cannot resume {self.run_dir}: its config.yaml does not hold a mapping")
        history = data.pop("history", None) or []
        try:  # settings added since the run was written count as their defaults, not as changes
            data = TrainConfig.model_validate(data).model_dump(mode="json")
        except ValueError:
            pass  # compared as written: a change is then named by its key
        return data, history if isinstance(history, list) else []

    # --- resume -------------------------------------------------------------------------------
    def resume(self) -> bool:
        """Open the run directory for resuming (see ``open``); False when it has no checkpoint yet."""
        if self._lock is None:
            return self.open(resume=True)
        return self._resume()

    def _resume(self) -> bool:
        saved = history = None
        skipped: list[tuple[Path, str]] = []
        chosen = None
        for ckpt in list_checkpoints(self.run_dir):
            problem = checkpoint_problem(ckpt)
            if problem is None:
                if saved is None:
                    saved, history = self._saved_config()
                    self._check_unchanged(saved)
                try:
                    chosen = (ckpt, *load_checkpoint(ckpt))
                    break
                except CheckpointError as e:
                    problem = str(e).split(": ", 1)[-1]
            skipped.append((ckpt, problem))
        if chosen is None and skipped:  # keep everything as it is: the metrics may be all that is left
            what = "; ".join(f"{p.name}: {problem}" for p, problem in skipped[:3])
            raise ConfigError(f"no intact checkpoint in {self.run_dir} ({what}); nothing was changed; "
                              "start again with --overwrite or another run_name")
        for ckpt, problem in skipped:
            aside = self._set_aside(ckpt)
            self.console.print(f"checkpoint {ckpt.name} is broken ({problem}); kept as {aside.name}, not used")
        if chosen is None:  # interrupted before its first checkpoint: its updates are redone from 0
            self._drop_after(0)
            return False
        ckpt, step, state = chosen
        if self.config.updates < step:
            raise ConfigError(f"config key 'updates' is {self.config.updates} but {self.run_dir} has finished {step} "
                              f"updates already; resume with updates >= {step}")
        if not (ckpt / "adapter" / "adapter_model.safetensors").is_file():
            raise ConfigError(f"checkpoint {ckpt} has no adapter/adapter_model.safetensors")
        try:
            self.auditor.load_adapter(ckpt / "adapter")
            self.optimizer.load_state_dict(state["optimizer"])
            self.algo.load_state_dict(state["algo"])
            self.curriculum.load_state_dict(state["curriculum"])
            self.reward.load_state_dict(state["reward"])
            self.engine.load_state_dict(state.get("rollout", {}))
            if self.sil is not None:
                self.sil.load_state_dict(state.get("self_imitation", {}))
            self.discovered = dict(state["discovered"])
            set_rng_state(state["rng"])
        except (KeyError, ValueError, TypeError, RuntimeError) as e:
            raise ConfigError(f"checkpoint {ckpt} does not fit this run ({type(e).__name__}: {e})") from None
        self.step = step
        self._drop_after(step)
        allowed, _ = config_changes(saved, self.config.model_dump(mode="json"))
        if allowed:
            history.append({"resumed_at_update": step,
                            "changed": {k: {"from": old, "to": new} for k, (old, new) in allowed.items()}})
        self._write_config(history=history)
        # a setting that may change on resume (updates above all) is said, never taken silently from the config
        changed = "".join(f"; {k}: {old!r} -> {new!r} (from the config given now)" for k, (old, new) in allowed.items())
        self.console.print(f"resumed {self.run_dir} from {ckpt.name} (update {step}){changed}")
        return True

    def _check_unchanged(self, saved: dict[str, Any]) -> None:
        _, refused = config_changes(saved, self.config.model_dump(mode="json"))
        if refused:
            what = "; ".join(f"{k} was {old!r}, now {new!r}" for k, (old, new) in refused.items())
            raise ConfigError(f"cannot resume {self.run_dir} with changed settings that alter what its earlier "
                              f"updates meant ({what}); resume with the run's settings or start another run_name")

    def _set_aside(self, ckpt: Path) -> Path:
        aside = ckpt.with_name(f"broken-{ckpt.name}")
        n = 1
        while aside.exists():
            n += 1
            aside = ckpt.with_name(f"broken-{ckpt.name}.{n}")
        ckpt.rename(aside)
        return aside

    def _drop_after(self, step: int) -> None:
        """Keep the metrics and traces of updates before ``step``; a partial last metrics line
        (a write cut short) is dropped, any other unreadable line stops with ``ConfigError``."""
        metrics = self.run_dir / "metrics.jsonl"
        if metrics.exists():
            raw = metrics.read_bytes()
            *complete, tail = raw.split(b"\n")
            keep = []
            for i, line in enumerate(complete, 1):
                if not line.strip():
                    continue
                try:
                    update = json.loads(line)["update"]
                    if not isinstance(update, int):
                        raise TypeError
                except (ValueError, KeyError, TypeError):
                    raise ConfigError(f"{metrics}:{i} is not a metrics line; fix or move the file, then resume") from None
                if update < step:
                    keep.append(line.decode() + "\n")
            if tail.strip():
                self.console.print(f"{metrics}: dropped a partial last line ({len(tail)} bytes) left by an interrupted write")
            tmp = metrics.with_name(".metrics.jsonl.tmp")
            tmp.write_text("".join(keep))
            os.replace(tmp, metrics)
        for f in (self.run_dir / "traces").glob("update-*.jsonl"):
            try:
                n = int(f.stem.split("-")[1])
            except (IndexError, ValueError):
                continue
            if n >= step:
                f.unlink()

    # --- the loop -----------------------------------------------------------------------------
    def run(self, progress: bool = True) -> list[dict[str, Any]]:
        """Train up to ``config.updates`` (a fresh run directory is opened first if ``open()`` was
        not called); the lock is released at the end, also on an error or Ctrl-C."""
        if self._lock is None:
            self.open()
        try:
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
            return history
        finally:
            self.engine.close()
            self.close()

    def update(self) -> dict[str, Any]:
        step = self.step
        k_max = self.curriculum.k_max
        batch = self.engine.collect(self.auditor, step, k_max)
        algo_metrics = self.algo.update(batch)
        sil_metrics = {}
        if self.sil is not None:  # self_imitation.weight > 0: replay rare successes after the update
            kept = self.sil.observe(batch)
            sil_metrics = {"sil/kept": float(kept), **{f"sil/{k}": v for k, v in self.sil.step().items()}}
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
            "groups": batch.stats["groups"], "dropped_prefixes": batch.stats["dropped_prefixes"],
            "generate_calls": batch.stats["generate_calls"],
            "generate_batch_sizes": batch.stats["generate_batch_sizes"],
            "generate_s": round(batch.stats["generate_s"], 4), "target_s": round(batch.stats["target_s"], 4),
            "rollout_s": round(batch.stats["wall_s"], 4),
            **({"judge_calls": batch.stats["judge_calls"], "judge_failures": batch.stats["judge_failures"]}
               if self.judge is not None else {}),
            **({"families": batch.stats["families"]} if "families" in batch.stats else {}),  # rollout.scenario_sampling
            **{f"{self.config.algo}/{k}": v for k, v in algo_metrics.items()}, **sil_metrics,
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
            **({"self_imitation": self.sil.state_dict()} if self.sil is not None else {}),
            "curriculum": self.curriculum.state_dict(), "reward": self.reward.state_dict(),
            "rollout": self.engine.state_dict(), "discovered": dict(self.discovered)})

    def _write_traces(self, step: int, batch: RolloutBatch) -> None:
        path = self.run_dir / "traces" / f"update-{step:05d}.jsonl"
        path.unlink(missing_ok=True)
        for trace in batch.traces:
            trace.meta.run = self.config.run_name
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
