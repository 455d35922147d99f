"""The main job on the embedded default (``make demo``): train the tiny auditor on CPU against
the reference target's ``demo`` faults, then evaluate it on held-out seeds next to the untrained
auditor and the static, random and cooperative baselines (all on the same seeds).

``scripts/learning_curve.py`` uses the same two functions for every optimizer.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable

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


def _sampling(config: TrainConfig) -> dict[str, float]:
    return {"temperature": config.rollout.temperature, "top_p": config.rollout.top_p}


def evaluate_against_baselines(trainer: Any, config: TrainConfig, *, episodes: int, turns: int,
                               baselines: tuple[str, ...] = BASELINES, out: Path | None = None,
                               baseline_results: Callable[[], dict[str, dict[str, Any]]] | None = None):
    """Held-out evaluation of the trained auditor and the baselines on matched seeds.

    ``baseline_results``: returns the baselines' results, evaluated elsewhere on the same seeds
    (``BaselineJob.result``); only the trained auditor is evaluated here, then it is called, and the
    table and report hold all of them."""
    from probe.eval import demo_table, evaluate_methods, report_results
    from probe.eval.methods import LearnedAuditor, make_method

    methods = {f"trained ({config.algo})": LearnedAuditor(trainer.auditor, name=f"trained-{config.algo}",
                                                          seed=config.seed, **_sampling(config))}
    if baseline_results is not None:
        results = evaluate_methods(methods, env=config.env, faults=config.target.faults, episodes=episodes, turns=turns,
                                   out=out, overwrite=True)  # the demo's own, locked run directory
        results.update(baseline_results())
        return results, report_results(results, env=config.env, faults=config.target.faults, episodes=episodes,
                                       turns=turns, out=out)
    for name in baselines:  # the untrained auditor samples exactly as the trained one does
        methods[name] = make_method(name, seed=config.seed, env=config.env, **_sampling(config))
    return demo_table(methods, episodes=episodes, turns=turns, faults=config.target.faults, env=config.env, out=out,
                      overwrite=True)  # the demo's own, locked run directory


def _evaluate_baselines(conn: Any, config: TrainConfig, episodes: int, turns: int, baselines: tuple[str, ...],
                        out: Path) -> None:
    """A ``BaselineJob``'s process: evaluate ``baselines`` and send ``("ok", results)`` or
    ``("error", one line)`` back."""
    try:
        from probe.eval import evaluate_methods
        from probe.eval.methods import make_method
        from probe.train.threads import apply_threads

        apply_threads(config.runtime.threads)
        methods = {name: make_method(name, seed=config.seed, env=config.env, **_sampling(config)) for name in baselines}
        results = evaluate_methods(methods, env=config.env, faults=config.target.faults, episodes=episodes, turns=turns,
                                   out=out, overwrite=True)
        conn.send(("ok", results))
    except BaseException as e:  # noqa: BLE001 -- reported to the parent, which raises it as one line
        conn.send(("error", " ".join(f"{type(e).__name__}: {e}".split())))
    finally:
        conn.close()


class BaselineEvalError(RuntimeError):
    """The baselines' evaluation in the second process failed (the message is one line)."""


class BaselineJob:
    """The baselines' held-out evaluation in a second process while the auditor trains.

    Training runs on one core (``runtime.threads`` auto: one intra-op thread, target turns on the
    engine's thread), so on a machine with two or more visible cores the baselines -- which do not
    depend on the trained auditor -- are evaluated on another one in the meantime, on the same seeds
    and with the same seeded sampling as in the same process (their results are identical). The
    fluency scorer must be cached before it starts (the process loads it, never builds it)."""

    def __init__(self, config: TrainConfig, *, episodes: int, turns: int, out: Path,
                 baselines: tuple[str, ...] = BASELINES):
        import multiprocessing as mp  # noqa: PLC0415

        ctx = mp.get_context("spawn")  # never fork a process that has started torch's threads
        self._conn, child = ctx.Pipe(duplex=False)
        self.process = ctx.Process(target=_evaluate_baselines, args=(child, config, episodes, turns, tuple(baselines), out),
                                   name="probe-demo-baselines", daemon=True)
        self.process.start()
        child.close()

    def result(self) -> dict[str, dict[str, Any]]:
        """Wait for the results; ``BaselineEvalError`` (one line) when the evaluation failed."""
        try:
            status, payload = self._conn.recv()
        except EOFError:
            status, payload = "error", f"the process ended with exit code {self.process.exitcode}"
        finally:
            self._conn.close()
            self.process.join()
        if status != "ok":
            raise BaselineEvalError(f"the baselines' evaluation failed: {payload}")
        return payload

    def stop(self) -> None:
        """End the process (the run is being abandoned: an interrupt or an error)."""
        if self.process.is_alive():
            self.process.terminate()
        self.process.join()
        self._conn.close()


def run_demo(config_path: Path = DEFAULT_CONFIG, overrides: list[str] | None = None, *, episodes: int | None = None,
             turns: int | None = None, console: Console | None = None, progress: bool = True,
             overwrite: bool = False, resume: bool = False, on_trainer: Any = None) -> dict[str, Any]:
    """``episodes`` / ``turns`` default to the config's ``eval`` section. ``on_trainer(trainer)``
    is called once the trainer exists (the CLI keeps it to report an interrupted update)."""
    from probe.train.threads import apply_threads, visible_cores

    console = console or Console()
    t0 = time.perf_counter()
    config = load_config(config_path, overrides)
    apply_threads(config.runtime.threads)  # sets OMP_NUM_THREADS & co. before torch loads; the trainer prints it

    from probe.train.loop import Trainer, check_config_run_dir
    from probe.train.rundir import RunLock

    if episodes is not None or turns is not None:  # eval's bounds, checked before anything is written or trained
        from probe.cli.eval import check_sizes
        from probe.core.registry import get_domain
        from probe.train.config import ConfigError

        try:
            check_sizes(episodes or config.eval.episodes, turns or config.eval.turns, 1, 0, None,
                        len(get_domain(config.env).heldout_seeds))
        except ValueError as e:
            raise ConfigError(str(e)) from None
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
    job = None
    if visible_cores() >= 2:  # training keeps one core busy: the baselines run on another meanwhile
        from probe.core.registry import get_domain
        from probe.eval.metrics import fluency_scorer_for

        fluency_scorer_for(get_domain(config.env))  # built (and cached) now, so that both processes load it
        job = BaselineJob(config, episodes=episodes, turns=turns, out=config.run_dir / "eval")
        console.print(f"    baselines ({', '.join(BASELINES)}): evaluated on {episodes} held-out episodes in a second "
                      "process while the auditor trains")
    try:
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
                                                    out=config.run_dir / "eval",
                                                    baseline_results=None if job is None else job.result)
    except BaseException:
        if job is not None:
            job.stop()
        raise
    from probe.core.registry import get_domain

    console.print(summary_table(results, f"held-out: {episodes} episodes x {turns} turns, faults={config.target.faults}",
                                get_domain(config.env)))
    total = time.perf_counter() - t0
    console.print(f"training {t_train:.0f} s, total {total:.0f} s; report: {config.run_dir / 'eval' / 'report.md'}")
    return {"results": results, "history": history, "seconds": total}
