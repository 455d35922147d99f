"""The target-agent interface: one method, ``respond``, called once per user turn.

A target answers the latest user message through a ``TurnContext``: it may call tools (each call
is validated and executed against the episode's private state and recorded in OpenAI chat
format) and must finish with ``say``. Targets are stateful per episode; ``fork`` copies one.

Model-backed targets (``probe.targets``: an OpenAI-compatible endpoint, a local HF model, a
replayed recording) pass the model's own text alongside its tool calls, keep every raw argument
string exactly as the model wrote it (malformed JSON included, so the S2 verifier sees it), and
report what went wrong in a turn with ``record_failure`` instead of raising.
"""

from __future__ import annotations

import asyncio
import copy
import json
from abc import ABC, abstractmethod
from typing import Any, Callable, Sequence

from probe.core.domain import ToolResult
from probe.core.trace import Message

# What can go wrong in a turn without crashing the run (recorded per turn in the trace meta):
# target_error  the endpoint failed (connection error, 5xx after retries, a 4xx, an unreadable reply)
# timeout       every attempt timed out
# tool_loop_limit  the model kept calling tools past the per-turn limit; the turn was cut
# empty_reply   the model answered with neither text nor tool calls
# replay_miss   replaying a recording that has no response for this request
FAILURE_KINDS = ("target_error", "timeout", "tool_loop_limit", "empty_reply", "replay_miss")


class TurnContext:
    """What a target may do during one turn. Builds the turn's messages as it goes."""

    def __init__(self, messages: list[Message], run_tool: Callable[[str, Any], ToolResult], seed: int = 0):
        self.history = messages  # full dialogue so far, ending with the new user message
        self.seed = int(seed)  # the episode's seed (its scenario's): keys a reference target's NAME@P draws
        self._run_tool = run_tool
        self.new_messages: list[Message] = []
        self.ended = False
        self.failures: list[dict[str, str]] = []  # {kind, detail}: see FAILURE_KINDS

    @property
    def user_message(self) -> str:
        return str(self.history[-1].get("content") or "")

    @property
    def last_reply(self) -> str:
        """The agent's last text before the new user message ("" when it has said nothing yet)."""
        said = [m for m in self.history[:-1] if m.get("role") == "assistant" and m.get("content")]
        return str(said[-1]["content"]) if said else ""

    @property
    def dialogue(self) -> list[Message]:
        """The history plus what this turn has added so far (what a model sees next)."""
        return self.history + self.new_messages

    def call_tools(self, calls: Sequence[tuple[str, Any]], content: str | None = None) -> list[ToolResult]:
        """Issue one assistant message with these (parallel) tool calls; return their results.

        ``args`` may be a dict (serialised to JSON) or a string, which is kept byte for byte as
        the model produced it, even when it is not valid JSON: the tool then returns an error
        and the trace keeps the evidence. ``content`` is the text the model wrote beside its
        calls (None when it wrote none). Call ids are assigned here, deterministically, so that
        a replayed conversation is identical to the recorded one.
        """
        base = len(self.history) + len(self.new_messages)
        tool_calls = []
        for k, (name, args) in enumerate(calls):
            text = args if isinstance(args, str) else json.dumps(args)
            tool_calls.append({"id": f"call_{base}_{k}", "type": "function",
                               "function": {"name": str(name), "arguments": text}})
        self.new_messages.append({"role": "assistant", "content": content or None, "tool_calls": tool_calls})
        results = []
        for tc in tool_calls:
            result = self._run_tool(tc["function"]["name"], tc["function"]["arguments"])
            self.new_messages.append({"role": "tool", "tool_call_id": tc["id"], "content": result.content})
            results.append(result)
        return results

    def call_tool(self, name: str, args: Any) -> ToolResult:
        return self.call_tools([(name, args)])[0]

    def say(self, text: str) -> None:
        self.new_messages.append({"role": "assistant", "content": text})

    def end_conversation(self) -> None:
        self.ended = True

    def record_failure(self, kind: str, detail: str) -> None:
        """Note that this turn failed (the episode puts it in ``meta['turn_failures']``)."""
        if kind not in FAILURE_KINDS:
            raise ValueError(f"unknown failure kind {kind!r}; allowed: {', '.join(FAILURE_KINDS)}")
        self.failures.append({"kind": kind, "detail": str(detail)})


class Target(ABC):
    kind: str = "abstract"

    @abstractmethod
    def respond(self, turn: TurnContext) -> None:
        """Answer ``turn.user_message``: optionally call tools, then ``turn.say`` the reply."""

    async def arespond(self, turn: TurnContext) -> None:
        """Async ``respond``; HTTP targets override it, others run ``respond`` in a worker thread."""
        await asyncio.to_thread(self.respond, turn)

    def describe(self) -> dict[str, Any]:
        """What the trace records about this target (kind, faults, model, prompt hash, ...)."""
        return {"kind": self.kind}

    def fork(self) -> "Target":
        return copy.deepcopy(self)
