"""The runner: each test in a fresh session from the same initial state.

A session is a new ``Episode`` over the test's scenario (rebuilt from env, family and seed, so
the initial state is the same every time) with a new target. The step hints are sent in order
until all are sent, the turn limit is reached, or the target ends the conversation. The execution
trace is an ordinary probe trace (``meta.source = "adat"``; the test id is ``meta.script``).

Executions are memoised by (scenario, step hints, target): the reference target is
deterministic, and selectors and fault re-runs often execute the same hints again.
"""

from __future__ import annotations

import copy
import hashlib
import json
from typing import Any, Callable

from probe.adat.records import Test
from probe.core.domain import Domain
from probe.core.scripts import play_messages
from probe.core.trace import Trace

TargetFactory = Callable[[list[str]], Any]  # faults -> a fresh target


def reference_factory(domain: Domain) -> TargetFactory:
    from probe.targets import make_target  # noqa: PLC0415

    return lambda faults: make_target(domain, "reference", list(faults))


class Runner:
    def __init__(self, domain: Domain, target_factory: TargetFactory | None = None, memo: bool = True):
        self.domain = domain
        self.factory = target_factory or reference_factory(domain)
        self.memo: dict[str, Trace] | None = {} if memo else None
        self.sessions = 0  # fresh sessions actually played (memo misses)
        self._scenarios: dict[tuple[str, int], dict[str, Any]] = {}

    def scenario(self, family: str, seed: int) -> dict[str, Any]:
        key = (family, seed)
        if key not in self._scenarios:
            self._scenarios[key] = self.domain.scenario(family, seed)
        return copy.deepcopy(self._scenarios[key])

    @staticmethod
    def key(test: Test, faults: list[str]) -> str:
        blob = json.dumps([test.scenario.env, test.scenario.family, test.scenario.seed,
                           test.step_hints[: test.turn_limit], sorted(faults)])
        return hashlib.sha256(blob.encode()).hexdigest()

    def run(self, test: Test, faults: list[str] | None = None, label: str = "none") -> Trace:
        faults = list(faults or [])
        k = self.key(test, faults)
        if self.memo is not None and k in self.memo:
            trace = self.memo[k].model_copy(deep=True)
        else:
            scenario = self.scenario(test.scenario.family, test.scenario.seed)
            target = self.factory(faults)
            trace = play_messages(self.domain, scenario, target, test.step_hints[: test.turn_limit],
                                  f"{test.id}@{label}", source="adat")
            self.sessions += 1
            if self.memo is not None:
                self.memo[k] = trace.model_copy(deep=True)
        trace.id = f"{test.id}@{label}"
        trace.meta.source = "adat"
        trace.meta.script = test.id
        trace.meta.method = f"adat:{test.kind}"
        trace.meta.family = test.scenario.family
        trace.meta.turn_budget = test.turn_limit
        trace.meta.extra = {"test_id": test.id, "statement_id": test.statement_id,
                            "instruction_id": test.instruction_id, "target_faults": faults}
        return trace


__all__ = ["Runner", "reference_factory", "TargetFactory"]
