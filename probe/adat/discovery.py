"""Discovery: a campaign of sessions against the target, each planned from the earlier ones.

Before each session the planner picks the objective (a scenario family: which intent of the
agent to explore) and a strategy from the traces so far; the driver (any probe customer method:
a trained checkpoint, the untrained tiny auditor, the cooperative or static customers, a model
behind an endpoint) then writes every customer message, seeing only the game's public
observation. A session ends at the turn limit, when the target ends the conversation, when the
driver has nothing more to say, or when the game detects a loop. The strategy sets a model
driver's sampling temperature relative to the driver's own (``strategy_temperature``); scripted
drivers ignore it.

Discovery traces are ordinary probe traces with ``meta.source = "adat-discovery"``,
``meta.method`` the driver, and under ``meta.extra``: session, objective, strategy and the number
of new statements the session revealed (the planner's feedback). A driver behind an endpoint
(one that counts ``failed_requests``) also gets ``driver_calls`` and ``driver_failed`` there: the
session's requests and those that failed after their retries (whose message was sent as "OK."),
with ``driver_first_failure`` (the run's first) in a session that had one, so a dead endpoint
is never read as a customer who only says "OK.".
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from probe.adat.roles import Extractor, Planner, strategy_temperature
from probe.core.failures import mark
from probe.core.game import AuditGame
from probe.core.trace import Trace
from probe.eval.methods import EpisodeInfo, Method, _fields


def session_seed_index(seed: int, session: int) -> int:
    """Index into the environment's train seeds of session ``session`` of a campaign seeded ``seed``."""
    return seed * 1000 + session


def run_discovery(method: Method, planner: Planner, extractor: Extractor, *, env: str, sessions: int = 24,
                  turns: int = 8, faults: str | list[str] | None = "none", seed: int = 0,
                  target_factory: Callable[[], Any] | None = None, target: str = "reference",
                  target_options: dict[str, Any] | None = None,
                  on_session: Callable[[int, Trace], None] | None = None) -> list[Trace]:
    traces: list[Trace] = []
    history: list[dict[str, Any]] = []
    seen: set[str] = set()
    base_temperature = getattr(method, "temperature", None)
    for s in range(sessions):
        family, strategy = planner.plan(s, history)
        game = AuditGame(env=env, target=target, faults=faults, max_turns=turns, split="train", family=family,
                         target_factory=target_factory, target_options=target_options)
        obs, info = game.reset(seed=session_seed_index(seed, s))
        scenario = info["scenario"]
        method.begin([EpisodeInfo(index=0, scenario_text=obs["scenario"], fields=_fields(scenario), family=family,
                                  seed=int(scenario.get("seed", 0)))])
        if base_temperature is not None:
            method.temperature = strategy_temperature(strategy, base_temperature)
        stop = "turn_budget"
        calls, failed_before = 0, getattr(method, "failed_requests", None)
        while True:
            (text,) = method.next_messages([(0, obs)])
            calls += 1
            if text is None:
                stop = "method_done"
                break
            obs, _, terminated, truncated, _ = game.step(text)
            if terminated or truncated:
                stop = "target_ended" if game.episode.ended else ("loop" if terminated else "turn_budget")
                break
        trace = mark(game.episode.to_trace())
        trace.id = f"disc-{s:03d}-{family}"
        meta = trace.meta
        meta.source, meta.method, meta.family, meta.stop, meta.turn_budget = "adat-discovery", method.name, family, stop, turns
        keys = extractor.new_keys(trace)
        new = len(keys - seen)
        seen |= keys
        meta.extra = {"session": s, "objective": family, "strategy": strategy, "new_statements": new}
        if failed_before is not None:
            meta.extra.update(driver_calls=calls, driver_failed=method.failed_requests - failed_before)
            if meta.extra["driver_failed"]:
                meta.extra["driver_first_failure"] = str(getattr(method, "first_failure", "") or "")
        history.append({"family": family, "strategy": strategy, "new_statements": new})
        traces.append(trace)
        if on_session is not None:
            on_session(s, trace)
    if base_temperature is not None:
        method.temperature = base_temperature
    return traces


def make_driver(name: str, *, env: str, seed: int = 0, checkpoint: str | None = None, base_url: str | None = None,
                model: str | None = None) -> Method:
    """A discovery driver by name: ``learned`` (needs ``checkpoint``), ``untrained``, ``cooperative``,
    ``static``, ``random``, or ``endpoint`` (a prompted model; needs ``base_url`` and ``model``)."""
    from probe.eval.methods import make_method  # noqa: PLC0415

    if name == "learned":
        if not checkpoint:
            raise ValueError("driver 'learned' needs a checkpoint (a run dir or a ckpt-* dir)")
        from pathlib import Path  # noqa: PLC0415

        from probe.cli.eval import load_checkpoint_auditor  # noqa: PLC0415

        return load_checkpoint_auditor(Path(checkpoint), None, seed)
    if name == "endpoint":
        if not base_url or not model:
            raise ValueError("driver 'endpoint' needs --base-url and --model")
        return make_method("zero-shot", base_url=base_url, model=model, env=env)
    if name not in DRIVERS:
        raise ValueError(f"unknown driver {name!r}; allowed: {', '.join(DRIVERS)}")
    if name == "untrained" and checkpoint:  # next to a trained driver it samples as the checkpoint does
        from pathlib import Path  # noqa: PLC0415

        from probe.cli.eval import checkpoint_sampling  # noqa: PLC0415

        sampling = checkpoint_sampling(Path(checkpoint))  # the run config only: the model is not loaded twice
        return make_method(name, env=env, seed=seed, temperature=sampling.temperature, top_p=sampling.top_p)
    return make_method(name, env=env, seed=seed)


DRIVERS: Sequence[str] = ("learned", "untrained", "cooperative", "static", "random", "endpoint")

__all__ = ["run_discovery", "make_driver", "DRIVERS", "session_seed_index"]
