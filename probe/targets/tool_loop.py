"""The one tool loop shared by every model-backed target (openai, hf, replay, record).

A turn is: build the request ([system prompt] + dialogue so far, tool schemas, sampling
settings), ask the model, and if it answers with tool calls execute them through the
``TurnContext`` (each result goes back as a ``tool`` message) and ask again, until the model
answers in text or the per-turn tool-call limit is reached.

The loop itself is written once, as a generator that yields ``ChatRequest``s and receives
``AssistantReply``s (or a ``CompletionFailure``); ``run_tool_loop`` and ``arun_tool_loop`` only
drive it with a sync or an async ``complete`` function. What a backend does (HTTP, local
generation, a recording) is entirely inside ``complete``.
"""

from __future__ import annotations

import asyncio
import copy
import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Generator

from probe.core.trace import Message
from probe.targets.base import Target, TurnContext


def canonical_json(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def tool_schema_hash(tool_schemas: list[dict[str, Any]]) -> str:
    """sha256 of the canonical JSON of the tool schemas, 16 hex characters (as the prompt hash)."""
    return hashlib.sha256(canonical_json(tool_schemas).encode()).hexdigest()[:16]


@dataclass
class ChatRequest:
    """Everything that determines a completion: the key of a recording."""

    model: str
    messages: list[Message]
    tools: list[dict[str, Any]]
    temperature: float = 0.0
    max_tokens: int = 512
    seed: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"model": self.model, "messages": self.messages, "tools": self.tools,
                "temperature": self.temperature, "max_tokens": self.max_tokens, "seed": self.seed}

    @property
    def hash(self) -> str:
        """sha256 hex of the canonical JSON of the full request."""
        return hashlib.sha256(canonical_json(self.to_json()).encode()).hexdigest()


@dataclass
class ToolCallRequest:
    name: str
    arguments: str  # raw, exactly as the model wrote it (may be malformed JSON)


@dataclass
class AssistantReply:
    content: str | None
    tool_calls: list[ToolCallRequest] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """OpenAI assistant-message format (call ids are assigned by the TurnContext)."""
        out: dict[str, Any] = {"role": "assistant", "content": self.content}
        if self.tool_calls:
            out["tool_calls"] = [{"type": "function", "function": {"name": c.name, "arguments": c.arguments}}
                                 for c in self.tool_calls]
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "AssistantReply":
        calls = []
        for tc in d.get("tool_calls") or []:
            fn = tc.get("function") or {}
            args = fn.get("arguments")
            calls.append(ToolCallRequest(str(fn.get("name") or ""),
                                         args if isinstance(args, str) else json.dumps(args)))
        content = d.get("content")
        return cls(content if isinstance(content, str) else None, calls)


class CompletionFailure(Exception):
    """A completion that could not be had (after retries): becomes a failed turn, not a crash."""

    def __init__(self, kind: str, detail: str):
        super().__init__(detail)
        self.kind = kind
        self.detail = detail


_THINK = re.compile(r"^\s*<think>.*?</think>\s*", re.S)


def strip_think(text: str | None) -> str | None:
    """Drop a leading ``<think>...</think>`` block (Qwen3 reasoning not split off by the server)."""
    if text is None:
        return None
    return _THINK.sub("", text)


Loop = Generator[ChatRequest, "AssistantReply | CompletionFailure", None]


def tool_loop(turn: TurnContext, make_request: Callable[[list[Message]], ChatRequest],
              max_tool_calls: int) -> Loop:
    """The loop (sans I/O): yields requests, receives replies, acts on the turn."""
    made = 0
    while True:
        reply = yield make_request(turn.dialogue)
        if isinstance(reply, CompletionFailure):
            turn.record_failure(reply.kind, reply.detail)
            return
        if reply.tool_calls:
            if made + len(reply.tool_calls) > max_tool_calls:
                names = ", ".join(c.name for c in reply.tool_calls)
                turn.record_failure("tool_loop_limit",
                                    f"turn cut after {made} tool call(s): the model asked for "
                                    f"{len(reply.tool_calls)} more ({names}); limit {max_tool_calls} per turn")
                if reply.content and reply.content.strip():
                    turn.say(reply.content)
                return
            turn.call_tools([(c.name, c.arguments) for c in reply.tool_calls], content=reply.content)
            made += len(reply.tool_calls)
            continue
        if not (reply.content or "").strip():
            turn.record_failure("empty_reply", "the model answered with neither text nor tool calls")
            turn.say(reply.content or "")
            return
        turn.say(reply.content or "")
        return


def run_tool_loop(loop: Loop, complete: Callable[[ChatRequest], AssistantReply]) -> None:
    """Drive the loop with a blocking ``complete`` (CompletionFailure is passed back in)."""
    try:
        request = next(loop)
        while True:
            try:
                reply: AssistantReply | CompletionFailure = complete(request)
            except CompletionFailure as f:
                reply = f
            request = loop.send(reply)
    except StopIteration:
        pass


async def arun_tool_loop(loop: Loop, acomplete: Callable[[ChatRequest], Awaitable[AssistantReply]]) -> None:
    """Drive the loop with an async ``complete``."""
    try:
        request = next(loop)
        while True:
            try:
                reply: AssistantReply | CompletionFailure = await acomplete(request)
            except CompletionFailure as f:
                reply = f
            request = loop.send(reply)
    except StopIteration:
        pass


class Completer:
    """A backend: turns a ChatRequest into an AssistantReply, or raises CompletionFailure."""

    def complete(self, request: ChatRequest) -> AssistantReply:
        raise NotImplementedError

    async def acomplete(self, request: ChatRequest) -> AssistantReply:
        return await asyncio.to_thread(self.complete, request)

    def describe(self) -> dict[str, Any]:
        return {}


@dataclass
class SamplingSettings:
    model: str
    temperature: float = 0.0
    max_tokens: int = 512
    seed: int | None = None


class ToolLoopTarget(Target):
    """A target whose answers come from a ``Completer`` through the shared tool loop.

    Stateless across turns (everything is in the dialogue), so ``fork`` returns the same object
    and one target serves any number of concurrent episodes.
    """

    kind = "model"

    def __init__(self, completer: Completer, system_prompt: str, tool_schemas: list[dict[str, Any]],
                 sampling: SamplingSettings, max_tool_calls_per_turn: int = 8, kind: str | None = None,
                 info: dict[str, Any] | None = None):
        self.completer = completer
        self.system_prompt = system_prompt
        self.tool_schemas = copy.deepcopy(tool_schemas)
        self.sampling = sampling
        self.max_tool_calls_per_turn = int(max_tool_calls_per_turn)
        if kind is not None:
            self.kind = kind
        self.info = dict(info or {})

    def make_request(self, dialogue: list[Message]) -> ChatRequest:
        messages = [{"role": "system", "content": self.system_prompt}] + copy.deepcopy(dialogue)
        return ChatRequest(self.sampling.model, messages, self.tool_schemas, self.sampling.temperature,
                           self.sampling.max_tokens, self.sampling.seed)

    def respond(self, turn: TurnContext) -> None:
        run_tool_loop(tool_loop(turn, self.make_request, self.max_tool_calls_per_turn), self.completer.complete)

    async def arespond(self, turn: TurnContext) -> None:
        await arun_tool_loop(tool_loop(turn, self.make_request, self.max_tool_calls_per_turn),
                             self.completer.acomplete)

    def describe(self) -> dict[str, Any]:
        d = {"kind": self.kind, "model": self.sampling.model,
             "system_prompt_hash": hashlib.sha256(self.system_prompt.encode()).hexdigest()[:16],
             "tool_schema_hash": tool_schema_hash(self.tool_schemas),
             "temperature": self.sampling.temperature, "max_tokens": self.sampling.max_tokens,
             "seed": self.sampling.seed, "max_tool_calls_per_turn": self.max_tool_calls_per_turn}
        d.update(self.info)
        d.update(self.completer.describe())
        return d

    def fork(self) -> "ToolLoopTarget":
        return self
