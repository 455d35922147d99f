"""The target-agent interface: one method, ``respond``, called once per user turn.

A target answers the latest user message through a ``TurnContext``: it may call tools (each call
is validated and executed against the episode's private state and recorded in OpenAI chat
format) and must finish with ``say``. Targets are stateful per episode; ``fork`` copies one.
"""

from __future__ import annotations

import copy
import json
from abc import ABC, abstractmethod
from typing import Any, Callable

from probe.domain import ToolResult
from probe.trace import Message


class TurnContext:
    """What a target may do during one turn. Builds the turn's messages as it goes."""

    def __init__(self, messages: list[Message], run_tool: Callable[[str, Any], ToolResult]):
        self.history = messages  # full dialogue so far, ending with the new user message
        self._run_tool = run_tool
        self.new_messages: list[Message] = []
        self.ended = False

    @property
    def user_message(self) -> str:
        return str(self.history[-1].get("content") or "")

    def call_tools(self, calls: list[tuple[str, Any]]) -> list[ToolResult]:
        """Issue one assistant message with these (parallel) tool calls; return their results."""
        base = len(self.history) + len(self.new_messages)
        tool_calls = []
        for k, (name, args) in enumerate(calls):
            text = args if isinstance(args, str) else json.dumps(args)
            tool_calls.append({"id": f"call_{base}_{k}", "type": "function",
                               "function": {"name": name, "arguments": text}})
        self.new_messages.append({"role": "assistant", "content": None, "tool_calls": tool_calls})
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


class Target(ABC):
    kind: str = "abstract"

    @abstractmethod
    def respond(self, turn: TurnContext) -> None:
        """Answer ``turn.user_message``: optionally call tools, then ``turn.say`` the reply."""

    def describe(self) -> dict[str, Any]:
        """What the trace records about this target (kind, faults, model, prompt hash, ...)."""
        return {"kind": self.kind}

    def fork(self) -> "Target":
        return copy.deepcopy(self)
