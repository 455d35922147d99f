"""The main job on the embedded default (``make demo``): train the tiny auditor on CPU against
the reference target's ``demo`` faults, then evaluate it on held-out seeds next to the untrained
auditor and the static, random and cooperative baselines (all on the same seeds).

``scripts/learning_curve.py`` uses the same two functions for every optimizer.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from rich.console import Console

from probe.eval.report import summary_table
from probe.train.config import TrainConfig, load_config

DEFAULT_CONFIG = Path(__file__).resolve().parents[2] / "configs" / "cpu-demo-grpo.yaml"
BASELINES = ("untrained", "static", "random", "cooperative")


def train_fresh(config: TrainConfig, console: Console, progress: bool = True, *, overwrite: bool = False,
                resume: bool = False):
    """Train into the config's run directory. The whole config is checked first; an existing run
    is continued with ``resume`` or replaced with ``overwrite`` (only a probe run directory holding
    nothing but probe's own files); anything else existing there is refused, never deleted."""
    from probe.train.loop import Trainer, check_config_run_dir

    check_config_run_dir(config, resume=resume, overwrite=overwrite)  # before the auditor is built
    trainer = Trainer(config, console=console)  # validates the config before touching the disk
    trainer.open(resume=resume, overwrite=overwrite)
    history = trainer.run(progress=progress)
    return trainer, history


def evaluate_against_baselines(trainer: Any, config: TrainConfig, *, episodes: int, turns: int,
                               baselines: tuple[str, ...] = BASELINES, out: Path | None = None):
    """Held-out evaluation of the trained auditor and the baselines on matched seeds."""
    from probe.eval import demo_table
    from probe.eval.methods import LearnedAuditor, make_method

    sampling = {"temperature": config.rollout.temperature, "top_p": config.rollout.top_p}
    methods = {f"trained ({config.algo})": LearnedAuditor(trainer.auditor, name=f"trained-{config.algo}",
                                                          seed=config.seed, **sampling)}
    for name in baselines:  # the untrained auditor samples exactly as the trained one does
        methods[name] = make_method(name, seed=config.seed, env=config.env, **sampling)
    return demo_table(methods, episodes=episodes, turns=turns, faults=config.target.faults, env=config.env, out=out,
                      overwrite=True)  # the demo's own, locked run directory


def run_demo(config_path: Path = DEFAULT_CONFIG, overrides: list[str] | None = None, *, episodes: int | None = None,
             turns: int | None = None, console: Console | None = None, progress: bool = True,
             overwrite: bool = False, resume: bool = False, on_trainer: Any = None) -> dict[str, Any]:
    """``episodes`` / ``turns`` default to the config's ``eval`` section. ``on_trainer(trainer)``
    is called once the trainer exists (the CLI keeps it to report an interrupted update)."""
    from probe.train.threads import apply_threads

    console = console or Console()
    t0 = time.perf_counter()
    config = load_config(config_path, overrides)
    apply_threads(config.runtime.threads)  # sets OMP_NUM_THREADS & co. before torch loads; the trainer prints it

    from probe.train.loop import Trainer, check_config_run_dir
    from probe.train.rundir import RunLock

    episodes = episodes or config.eval.episodes
    turns = turns or config.eval.turns
    check_config_run_dir(config, resume=resume, overwrite=overwrite)  # before the auditor is built
    console.print("[bold]1/3[/] tiny auditor: build or load from cache")
    if config.auditor.model == "tiny":
        from probe.auditor.tiny import default_tiny_path, is_built

        if not is_built(default_tiny_path(), seed=config.auditor.tiny_seed):
            console.print(f"    not in the cache ({default_tiny_path()}): building it once, 4-6 min on 2 idle "
                          "cores (up to 12 min when another job is busy); the fluency scorer, when it is not cached either, "
                          "under 1 min more")
    trainer = Trainer(config, console=console)  # validates the whole config before touching the disk
    if on_trainer is not None:
        on_trainer(trainer)
    trainer.open(resume=resume, overwrite=overwrite)
    console.print(f"[bold]2/3[/] train {config.algo} for {config.updates} updates against the reference target "
                  f"(faults={config.target.faults}) -> {config.run_dir}")
    history = trainer.run(progress=progress)
    t_train = time.perf_counter() - t0
    from probe.train.loop import idle_updates_warning

    if (warning := idle_updates_warning(history)) is not None:
        console.print(f"[yellow]{warning}[/]")
    console.print(f"[bold]3/3[/] evaluate on {episodes} held-out episodes x {turns} turns (same seeds for every method)")
    with RunLock(config.run_dir):  # the evaluation writes into the run too
        results, _ = evaluate_against_baselines(trainer, config, episodes=episodes, turns=turns,
                                                out=config.run_dir / "eval")
    from probe.core.registry import get_domain

    console.print(summary_table(results, f"held-out: {episodes} episodes x {turns} turns, faults={config.target.faults}",
                                get_domain(config.env)))
    total = time.perf_counter() - t0
    console.print(f"training {t_train:.0f} s, total {total:.0f} s; report: {config.run_dir / 'eval' / 'report.md'}")
    return {"results": results, "history": history, "seconds": total}
