"""Record and replay model completions: the deterministic layer under regression runs.

Recording and replay work at the level of the completion call inside the tool loop, so a
replayed episode executes the same tool calls against the same state and reproduces the trace
exactly. A recording is a JSONL file, one completion per line::

    {"request_hash": "<sha256 hex>", "request": {model, messages, tools, temperature, max_tokens, seed},
     "response": {"role": "assistant", "content": ..., "tool_calls": [...]}}

or, for a completion that failed after retries, ``"error": {"kind": ..., "detail": ...}`` in place
of ``response`` (so a replay reproduces the failed turn too). The key is the sha256 of the
canonical JSON of the full request (system prompt and tool schemas included).

A request that is not in the recording raises ``ReplayMiss``, one line naming the request hash.
Inside an episode it is recorded as a failed turn of kind ``replay_miss`` (the run goes on, the
trace says what diverged); ``probe play --replay`` reports it and exits 1.
"""

from __future__ import annotations

import copy
import json
import threading
from pathlib import Path
from typing import Any

from probe.core.outputs import not_a_file
from probe.targets.tool_loop import (
    AssistantReply,
    ChatRequest,
    Completer,
    CompletionFailure,
    SamplingSettings,
    ToolLoopTarget,
)


class ReplayMiss(CompletionFailure):
    def __init__(self, request_hash: str, path: str | Path):
        super().__init__("replay_miss", f"replay miss: no recorded response for request {request_hash} in {path}")
        self.request_hash = request_hash


def load_recording(path: str | Path) -> dict[str, dict[str, Any]]:
    """request hash -> entry (a later line for the same hash wins)."""
    path = Path(path)
    if not path.is_file():
        raise ValueError(not_a_file(path, "recording"))
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as e:  # a binary or mis-encoded file: named, not the codec's bare message
        raise ValueError(f"recording file {path} is not UTF-8 text (byte {e.start}); give a JSONL recording "
                         "written with --record") from None
    entries: dict[str, dict[str, Any]] = {}
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
            key = entry["request_hash"]
            if "response" not in entry and "error" not in entry:
                raise KeyError("response")
        except (json.JSONDecodeError, KeyError, TypeError) as e:
            raise ValueError(f"{path}:{n}: malformed recording line ({type(e).__name__}: {e})") from None
        entries[str(key)] = entry
    return entries


class RecordingCompleter(Completer):
    """Wraps a completer; appends each request and its response (or failure) as it happens."""

    def __init__(self, inner: Completer, path: str | Path):
        self.inner = inner
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()

    def write(self, request: ChatRequest, reply: AssistantReply | None = None,
              failure: CompletionFailure | None = None) -> None:
        entry: dict[str, Any] = {"request_hash": request.hash, "request": request.to_json()}
        if failure is not None:
            entry["error"] = {"kind": failure.kind, "detail": failure.detail}
        else:
            entry["response"] = reply.to_json() if reply is not None else None
        line = json.dumps(entry, ensure_ascii=False)
        with self._lock, open(self.path, "a", encoding="utf-8") as f:
            f.write(line + "\n")
            f.flush()

    def complete(self, request: ChatRequest) -> AssistantReply:
        try:
            reply = self.inner.complete(request)
        except CompletionFailure as f:
            self.write(request, failure=f)
            raise
        self.write(request, reply)
        return reply

    async def acomplete(self, request: ChatRequest) -> AssistantReply:
        try:
            reply = await self.inner.acomplete(request)
        except CompletionFailure as f:
            self.write(request, failure=f)
            raise
        self.write(request, reply)
        return reply

    def describe(self) -> dict[str, Any]:
        return {**self.inner.describe(), "recording": str(self.path)}


class ReplayCompleter(Completer):
    """Answers from a recording; a miss raises ReplayMiss, or asks ``inner`` and records the answer."""

    def __init__(self, path: str | Path, inner: Completer | None = None):
        self.path = Path(path)
        self.entries = load_recording(self.path)
        self.inner = RecordingCompleter(inner, self.path) if inner is not None else None
        self.hits = 0
        self.misses = 0

    def _lookup(self, request: ChatRequest) -> AssistantReply | None:
        entry = self.entries.get(request.hash)
        if entry is None:
            self.misses += 1
            if self.inner is None:
                raise ReplayMiss(request.hash, self.path)
            return None
        self.hits += 1
        if "error" in entry:
            err = entry["error"] or {}
            raise CompletionFailure(str(err.get("kind", "target_error")), str(err.get("detail", "")))
        return AssistantReply.from_json(entry["response"] or {})

    def complete(self, request: ChatRequest) -> AssistantReply:
        reply = self._lookup(request)
        return reply if reply is not None else self.inner.complete(request)

    async def acomplete(self, request: ChatRequest) -> AssistantReply:
        reply = self._lookup(request)
        return reply if reply is not None else await self.inner.acomplete(request)

    def describe(self) -> dict[str, Any]:
        return {"recording": str(self.path)}


class RecordingTarget(ToolLoopTarget):
    """Any model-backed target, with every completion appended to a recording (``--record``)."""

    def __init__(self, inner: ToolLoopTarget, path: str | Path):
        if not isinstance(inner, ToolLoopTarget):
            raise ValueError(f"cannot record the {getattr(inner, 'kind', '?')} target: only model targets "
                             "(openai, hf, replay) make completion calls; the reference target is deterministic")
        super().__init__(RecordingCompleter(inner.completer, path), inner.system_prompt, inner.tool_schemas,
                         copy.copy(inner.sampling), inner.max_tool_calls_per_turn, kind=inner.kind, info=inner.info)


class ReplayTarget(ToolLoopTarget):
    """Replays a recording with the domain's prompt and tools.

    Sampling settings (model, temperature, max_tokens, seed) default to those of the recording's
    first request; they are part of the request hash, so they must match the recorded run's.
    ``inner`` (a model target or a completer) turns misses into live calls that are recorded.
    """

    kind = "replay"

    def __init__(self, domain: Any, recording_path: str | Path, inner: Any = None, model: str | None = None,
                 temperature: float | None = None, max_tokens: int | None = None, seed: int | None = None,
                 max_tool_calls_per_turn: int = 8):
        inner_completer = inner.completer if isinstance(inner, ToolLoopTarget) else inner
        completer = ReplayCompleter(recording_path, inner_completer)
        first = next(iter(completer.entries.values()), {}).get("request", {}) if completer.entries else {}
        if model is None:
            model = first.get("model") or getattr(getattr(inner, "sampling", None), "model", None)
        if model is None:
            raise ValueError(f"recording {recording_path} is empty: give the model name (--model)")
        sampling = SamplingSettings(
            str(model),
            float(first.get("temperature", 0.0)) if temperature is None else float(temperature),
            int(first.get("max_tokens", 512)) if max_tokens is None else int(max_tokens),
            first.get("seed") if seed is None else seed)
        super().__init__(completer, domain.system_prompt, domain.tool_schemas, sampling, max_tool_calls_per_turn)
