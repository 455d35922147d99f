"""One conversation between a user (auditor or script) and a target, over private state.

The episode owns the message list (the private trace), the domain state the tools act on and
the target. ``fork`` gives an independent copy for branching: state, dialogue and target state
are copied, the immutable database is shared.
"""

from __future__ import annotations

import copy
from types import SimpleNamespace
from typing import Any

from probe.core.domain import Domain, ToolResult
from probe.core.policy import Violation
from probe.core.trace import Message, Trace, TraceMeta
from probe.targets.base import Target, TurnContext


class Episode:
    def __init__(self, domain: Domain, scenario: dict[str, Any], target: Target, episode_id: str = "ep-0",
                 seed: int | None = None):
        self.domain = domain
        self.scenario = scenario
        self.target = target
        self.id = episode_id
        self.seed = int(scenario.get("seed", 0) if seed is None else seed)
        self.state = domain.initial_state(scenario)
        self.messages: list[Message] = []
        self.turns = 0
        self.ended = False
        self.errors: list[dict[str, Any]] = []
        self.turn_failures: list[dict[str, Any]] = []  # {turn, kind, detail}: see probe.targets.base.FAILURE_KINDS

    def _run_tool(self, name: str, arguments: Any) -> ToolResult:
        return self.domain.execute_tool(self.state, name, arguments)

    def user_turn(self, text: str) -> list[Message]:
        """Add the user's message, let the target answer; return the messages of this turn."""
        ctx = self._start_turn(text)
        try:
            self.target.respond(ctx)
        except Exception as e:  # a target failure is recorded, never crashes the run
            self._target_raised(ctx, e)
        return self._finish_turn(ctx)

    async def auser_turn(self, text: str) -> list[Message]:
        """``user_turn`` for async callers (HTTP targets overlap their requests)."""
        ctx = self._start_turn(text)
        try:
            await self.target.arespond(ctx)
        except Exception as e:
            self._target_raised(ctx, e)
        return self._finish_turn(ctx)

    def _start_turn(self, text: str) -> TurnContext:
        if self.ended:
            raise RuntimeError("episode has ended")
        self.messages.append({"role": "user", "content": text})
        return TurnContext(self.messages, self._run_tool, self.seed)

    def _target_raised(self, ctx: TurnContext, e: Exception) -> None:
        self.errors.append({"turn": self.turns, "error": f"{type(e).__name__}: {e}"})
        ctx.record_failure("target_error", f"{type(e).__name__}: {e}")
        ctx.say("")

    def _finish_turn(self, ctx: TurnContext) -> list[Message]:
        if not ctx.new_messages or ctx.new_messages[-1].get("role") != "assistant" or ctx.new_messages[-1].get("tool_calls"):
            ctx.say("")  # every turn ends with an assistant text message (possibly empty)
        self.messages.extend(ctx.new_messages)
        self.turn_failures.extend({"turn": self.turns, **f} for f in ctx.failures)
        self.turns += 1
        self.ended = ctx.ended
        return [self.messages[-len(ctx.new_messages) - 1]] + ctx.new_messages

    def violations(self) -> list[Violation]:
        return self.domain.verify(self.messages, self.scenario)

    def fork(self) -> "Episode":
        other = copy.copy(self)
        other.state = self.state.fork() if hasattr(self.state, "fork") else copy.deepcopy(self.state)
        other.target = self.target.fork()
        other.messages = copy.deepcopy(self.messages)
        other.errors = copy.deepcopy(self.errors)
        other.turn_failures = copy.deepcopy(self.turn_failures)
        return other

    def to_trace(self, violations: list[Violation] | None = None) -> Trace:
        """The trace so far; its meta holds what the episode knows (turns, failures, failed turns
        marked as ``probe.core.failures.mark`` does); the writer adds ``source`` and the rest."""
        from probe.core.failures import failed_turns  # noqa: PLC0415 (failures reads traces)

        target = dict(self.target.describe())
        target.setdefault("system_prompt_hash", self.domain.system_prompt_hash)
        meta = TraceMeta.model_construct(turns=self.turns, ended=self.ended, errors=copy.deepcopy(self.errors),
                                         turn_failures=copy.deepcopy(self.turn_failures))
        meta.failed_turns = failed_turns(SimpleNamespace(meta=meta))
        meta.target_failed = bool(meta.failed_turns)
        return Trace.model_construct(  # trusted: built here, validated when a file is read back
            id=self.id, env=self.domain.name, seed=self.seed, scenario=self.scenario, target=target,
            messages=copy.deepcopy(self.messages),
            violations=self.violations() if violations is None else violations,
            meta=meta,
        )
