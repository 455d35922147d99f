"""A scripted conversation with the retail reference target, run as an AdaT test: the discovery
trace the AdaT end-to-end tests in tests/adat extract statements from."""

from __future__ import annotations

from probe.adat.records import ScenarioRef, Test
from probe.adat.runner import Runner


def scripted_discovery(runner: Runner, family: str, seed: int, hints: list[str]):
    """Send ``hints`` in order to a fresh session of ``family`` / ``seed``; the trace."""
    t = Test(id=f"d-{family}", kind="plain", statement_id="h",
             scenario=ScenarioRef(env="taubench-retail", family=family, seed=seed),
             goal="g", step_hints=hints, check_turn=len(hints) - 1, success_criteria=["s"], failure_criteria=["f"],
             turn_limit=len(hints), expected="no policy is violated", expectation="same")
    return runner.run(t)
