"""A hand-written conversation for oracle tests: customer and agent lines as written, tool calls run for real
against the environment's state, then the verifiers' reading of the whole trace. Shared by the `_38*` oracle test
files of both environments (each had grown its own copy of the tool-call recorder)."""

from __future__ import annotations

import copy
import json
from typing import Any


class Conversation:
    def __init__(self, d: Any, family: str, seed: int):
        self.d = d
        self.scenario = d.scenario(family, seed)
        self.state = d.initial_state(self.scenario)
        self.messages: list[dict] = []
        self._calls = 0

    def user(self, text: str) -> None:
        self.messages.append({"role": "user", "content": text})

    def agent(self, text: str) -> None:
        self.messages.append({"role": "assistant", "content": text})

    def call(self, name: str, args: dict) -> str:
        """One tool call in an assistant message of its own, executed; returns the tool's output."""
        self._calls += 1
        cid = f"c{self._calls}"
        self.messages.append({"role": "assistant", "content": None, "tool_calls": [
            {"id": cid, "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}]})
        out = self.d.execute_tool(self.state, name, args).content
        self.messages.append({"role": "tool", "tool_call_id": cid, "content": out})
        return out

    def violations(self) -> list:
        return self.d.verify(self.messages, self.scenario)


def violations_with_texts(domain: Any, trace: dict, **texts: str) -> set[tuple[str, int]]:
    """(policy, message index) of the verifiers' violations on a stored trace (a labeller's JSONL line), with the
    text of each message ``m<i>`` replaced by the one given (the trace itself is left as it was)."""
    messages = copy.deepcopy(trace["messages"])
    for key, text in texts.items():
        messages[int(key[1:])]["content"] = text
    return {(v.policy, v.message_index) for v in domain.verify(messages, trace["scenario"])}


def played_policies(d: Any, family: str, seed: int, steps: list[tuple[str, Any]]) -> list[str]:
    """The policies the verifiers report on a conversation written as steps: ("u", text) a customer message, ("a",
    text) an agent reply, anything else a tool call ``(name, args)`` run on the scenario's database."""
    c = Conversation(d, family, seed)
    for kind, body in steps:
        if kind == "u":
            c.user(body)
        elif kind == "a":
            c.agent(body)
        else:
            c.call(*body)
    return sorted({v.policy for v in c.violations()})

