"""The trace record (DESIGN section 4), its typed schema, and its JSONL file format.

One JSON object per line; messages follow the OpenAI chat format. Files are append-only and
every record is flushed (and fsynced) as it is written, so a killed run never loses a finished
episode. Reading is strict per line and tolerant per file: a line that is not UTF-8, not one JSON
object, nested deeper than ``MAX_DEPTH``, or not a well-formed record (``check_record``: field
types, message roles, tool results answering an earlier call; ``TraceMeta``: the typed meta) is
reported as a ``BadLine`` with its line number and reason, and the other lines are still returned.

Versions. ``schema_version`` 2 (``SCHEMA_VERSION``) is written today: a typed ``meta``
(``TraceMeta``). Version 1 is every line written before it (no ``schema_version`` field, a free
``meta`` mapping); such a line is upgraded on read (``upgrade_v1_meta``): the meta keys every writer
used keep their meaning, ``source`` is inferred where the keys tell it, and any other key (or a
value of the wrong type) is kept under ``meta.extra``, so nothing is lost and the trace re-scores
as before. A line with a larger version is refused in one line (written by a newer probe).

Speed. A trace built inside probe (``Episode.to_trace``, a file read that already passed the
checks) is built with ``model_construct`` (no second validation); messages, target info, turn
failures and judge verdicts stay plain dicts (their schema types are ``TypedDict``), so the
verifiers read them as before. ``probe schema trace`` prints ``trace_json_schema()``.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Iterator, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError
from typing_extensions import NotRequired, TypedDict

from probe.core.policy import Violation

Message = dict[str, Any]  # a message at run time: a plain dict in the OpenAI chat format (schema: ChatMessage)

SCHEMA_VERSION = 2
"""The version of the trace records written by this code (``Trace.schema_version``)."""

_OPEN = ConfigDict(extra="allow")  # keys beyond the documented ones are kept (OpenAI / target-defined)


def _d(text: str) -> Any:
    return Field(description=text)


# --- messages (OpenAI chat format) -------------------------------------------------------------------

class FunctionCall(TypedDict):
    """The function a tool call invokes."""

    __pydantic_config__ = _OPEN
    name: Annotated[str, _d("Tool name, as in the environment's tool schemas.")]
    arguments: Annotated[Union[str, dict[str, Any]], _d(
        "Arguments: a JSON-encoded object (the OpenAI wire form) or the object itself.")]


class ToolCall(TypedDict):
    """One tool call issued by the assistant; a later tool message answers it by ``id``."""

    __pydantic_config__ = _OPEN
    id: Annotated[str, Field(min_length=1, description="Call id, unique among the calls not answered yet.")]
    type: NotRequired[Annotated[Literal["function"], _d("Always 'function' (may be omitted).")]]
    function: Annotated[FunctionCall, _d("Which tool, with which arguments.")]


class ContentPart(TypedDict):
    """One OpenAI content part. Text parts (``type`` text, input_text or output_text) are joined with
    newlines for scoring; other parts (images, audio, ...) are kept and not scored."""

    __pydantic_config__ = _OPEN
    type: Annotated[str, _d("Part type: 'text' (or 'input_text' / 'output_text'), 'image_url', ...")]
    text: NotRequired[Annotated[str, _d("The text of a text part.")]]


Content = Union[str, list[ContentPart]]


class UserMessage(TypedDict):
    """What the customer (auditor, script or person) said."""

    __pydantic_config__ = _OPEN
    role: Annotated[Literal["user"], _d("The customer speaks.")]
    content: Annotated[Content, _d("The customer's message: a string or a list of content parts.")]


class SystemMessage(TypedDict):
    """A system (or developer) prompt as chat loggers store it: accepted only before the dialogue's
    first other message, and never read by the verifiers (message indices still count it)."""

    __pydantic_config__ = _OPEN
    role: Annotated[Literal["system", "developer"], _d("The prompt given to the target.")]
    content: NotRequired[Annotated[Optional[Content], _d("The prompt text (not scored).")]]


class AssistantMessage(TypedDict):
    """A reply of the target: text, tool calls, or both."""

    __pydantic_config__ = _OPEN
    role: Annotated[Literal["assistant"], _d("The target speaks.")]
    content: NotRequired[Annotated[Optional[Content], _d(
        "Reply text (a string or content parts); null when the message only calls tools.")]]
    tool_calls: NotRequired[Annotated[Optional[list[ToolCall]], _d("Tool calls issued in this message, in order.")]]


class ToolMessage(TypedDict):
    """A tool result, answering an earlier tool call of the assistant."""

    __pydantic_config__ = _OPEN
    role: Annotated[Literal["tool"], _d("A tool result.")]
    tool_call_id: Annotated[str, _d("The ``id`` of the tool call this answers.")]
    content: Annotated[Content, _d("The result as the tool returned it (usually JSON text), or content parts.")]


ChatMessage = Annotated[Union[SystemMessage, UserMessage, AssistantMessage, ToolMessage], Field(discriminator="role")]
"""One stored message. probe never writes a system message (see ``TargetInfo.system_prompt_hash``); one
(or several) before the dialogue's first other message is accepted on read and not scored."""


# --- scenario, target, violations --------------------------------------------------------------------

class Scenario(TypedDict, total=False):
    """The scenario played: an open mapping defined by the environment. ``family`` and ``seed`` let
    ``probe verify`` rebuild it (``Domain.scenario(family, seed)``); other keys are the environment's."""

    __pydantic_config__ = _OPEN
    family: Annotated[str, _d("Scenario family (one of the environment's families).")]
    seed: Annotated[int, _d("Scenario seed; equals the trace's ``seed``.")]


class TargetInfo(TypedDict, total=False):
    """What the target said about itself (``Target.describe``); a target may add its own keys."""

    __pydantic_config__ = _OPEN
    kind: Annotated[str, _d("Target kind: reference, openai, hf, replay, or a custom kind.")]
    faults: Annotated[list[str], _d("Reference target: the injected faults.")]
    system_prompt_hash: Annotated[str, _d("Hash of the target's system prompt (the prompt itself is not stored).")]
    model: Annotated[str, _d("Model-backed targets: the served model name.")]
    model_path: Annotated[str, _d("hf target: local path or hub name of the model.")]
    base_url: Annotated[str, _d("openai target: the endpoint.")]
    recording: Annotated[str, _d("replay / recording targets: the recording file.")]
    tool_schema_hash: Annotated[str, _d("Hash of the tool schemas sent to the model.")]
    temperature: Annotated[float, _d("Model-backed targets: sampling temperature.")]
    max_tokens: Annotated[int, _d("Model-backed targets: completion length limit.")]
    seed: Annotated[Optional[int], _d("Model-backed targets: sampling seed.")]
    max_tool_calls_per_turn: Annotated[int, _d("Model-backed targets: tool calls allowed per turn.")]


class ViolationRecord(TypedDict):
    """One verifier hit (``probe.core.policy.Violation`` at run time)."""

    __pydantic_config__ = ConfigDict(extra="forbid")
    policy: Annotated[str, Field(min_length=1, description="Policy id, e.g. 'S5'.")]
    message_index: Annotated[int, _d("Index into ``messages`` of the message that violates the policy.")]
    evidence: NotRequired[Annotated[str, _d("Why, in one line.")]]


# --- the typed meta ----------------------------------------------------------------------------------

Source = Literal["train", "eval", "play", "suite", "adat-discovery", "adat", "regression"]
StopReason = Literal["target_ended", "loop", "turn_budget", "method_done", "target_failures", "script_end"]


class TurnFailure(TypedDict):
    """Something that went wrong in one target turn (``probe.targets.base.FAILURE_KINDS``)."""

    __pydantic_config__ = _OPEN
    turn: Annotated[int, _d("Turn number, from 0.")]
    kind: Annotated[str, _d("target_error, timeout, tool_loop_limit, empty_reply or replay_miss.")]
    detail: Annotated[str, _d("One-line description (error text, limit reached, ...).")]


class TargetError(TypedDict):
    """An exception the target raised in a turn (it is also a ``target_error`` turn failure)."""

    __pydantic_config__ = _OPEN
    turn: Annotated[int, _d("Turn number, from 0.")]
    error: Annotated[str, _d("Exception type and message.")]


class JudgeVerdict(TypedDict):
    """The LLM judge's answer for one policy on one turn (``probe.train.judge.Verdict``)."""

    __pydantic_config__ = _OPEN
    policy: Annotated[str, _d("Policy id judged.")]
    label: Annotated[Literal["violation", "no_violation", "failed"], _d("The verdict; 'failed' when the judge gave none.")]
    rationale: NotRequired[Annotated[str, _d("The judge's reason.")]]
    failure: NotRequired[Annotated[str, _d("Kind of failure when label is 'failed'.")]]


class JudgeTurn(TypedDict):
    """The judge's verdicts on one turn of a training rollout."""

    __pydantic_config__ = _OPEN
    turn: Annotated[int, _d("Turn number, from 1 (the turn just played).")]
    verdicts: Annotated[list[JudgeVerdict], _d("One verdict per judged policy.")]


class RolloutInfo(TypedDict):
    """Where a training trace sits in its update (``probe.train.rollout``)."""

    __pydantic_config__ = _OPEN
    update: Annotated[int, _d("Training update (step) that collected it.")]
    group: Annotated[int, _d("Shared prefix (group) the candidate belongs to, from 0.")]
    candidate: Annotated[int, _d("Candidate index within the update, from 0.")]
    candidate_turn: Annotated[int, _d("The prefix's candidate turn t_b (turns before it are the shared prefix).")]


class TraceMeta(BaseModel):
    """How the trace came about. Every writer fills the same fields; a field that does not apply to
    a source is null and left out of the file.

    Keys outside the fields below are refused in a version-2 record: a writer with something of its
    own puts it under ``extra``. (Version-1 meta keys that are not fields land there on upgrade.)
    Mapping-style access (``meta["turns"]``, ``meta.get``, ``meta[k] = v``, ``update``) is kept for
    code written against version 1: known names are the fields, other names live in ``extra``.
    """

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)

    source: Optional[Source] = None
    """Where the trace came from: train, eval, play, suite, adat-discovery (an AdaT discovery session), adat
    (an AdaT test execution) or regression; null for an upgraded
    version-1 trace whose origin its keys do not tell."""
    run: Optional[str] = None
    """train: the training run's name."""
    method: Optional[str] = None
    """eval: the evaluated method (e.g. 'static', 'learned:run/ckpt-00040')."""
    script: Optional[str] = None
    """play, suite, and eval of scripted methods: the customer script's name."""
    sample: Optional[int] = None
    """eval: the held-out sample, from 0."""
    episode: Optional[int] = None
    """eval: the episode within the sample, from 0."""
    heldout_index: Optional[int] = None
    """eval: index of the scenario among the held-out seeds."""
    family: Optional[str] = None
    """eval: the scenario family (also in ``scenario.family``)."""
    turns: int = 0
    """Turns played (one user message and the target's answer each)."""
    turn_budget: Optional[int] = None
    """eval: the planned number of turns."""
    ended: bool = False
    """Whether the target ended the conversation."""
    stop: Optional[StopReason] = None
    """Why the episode stopped: target_ended, loop, turn_budget, method_done (the method had nothing
    more to say), target_failures (the run stopped after too many failed turns), script_end."""
    errors: list[TargetError] = Field(default_factory=list)
    """Exceptions the target raised, per turn."""
    turn_failures: list[TurnFailure] = Field(default_factory=list)
    """Everything that went wrong in target turns ({turn, kind, detail})."""
    failed_turns: list[int] = Field(default_factory=list)
    """Turns without a usable answer (``probe.core.failures``), sorted; such an episode is not scored."""
    target_failed: bool = False
    """Whether any turn failed (``failed_turns`` is not empty)."""
    window_rewards: Optional[list[float]] = None
    """train: the composite reward of each turn of the candidate's window (candidate + continuation)."""
    rollout: Optional[RolloutInfo] = None
    """train: update, group, candidate and candidate turn of this trace."""
    judge: Optional[list[JudgeTurn]] = None
    """train with an LLM judge: its verdicts per turn (the trace's ``violations`` stay the verifiers')."""
    extra: dict[str, Any] = Field(default_factory=dict)
    """Writer-specific keys that are not fields (and version-1 keys that did not fit a field)."""

    # --- mapping-style access (version-1 code) ---
    def _is_field(self, key: str) -> bool:
        return key in TraceMeta.model_fields and key != "extra"

    def __getitem__(self, key: str) -> Any:
        if self._is_field(key):
            value = getattr(self, key)
            if value is None:
                raise KeyError(key)
            return value
        return self.extra[key]

    def __setitem__(self, key: str, value: Any) -> None:
        if self._is_field(key):
            setattr(self, key, value)
        else:
            self.extra[key] = value

    def __contains__(self, key: object) -> bool:
        if isinstance(key, str) and self._is_field(key):
            return getattr(self, key) is not None
        return key in self.extra

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def update(self, values: dict[str, Any] | None = None, **kw: Any) -> None:
        for k, v in {**(values or {}), **kw}.items():
            self[k] = v

    def to_json(self) -> dict[str, Any]:
        """The JSON object written to the file: null fields and an empty ``extra`` left out."""
        d = {k: v for k, v in self.__dict__.items() if v is not None}
        if not d.get("extra"):
            d.pop("extra", None)
        return d


# --- the trace ---------------------------------------------------------------------------------------

class Trace(BaseModel):
    """One episode: who played what against which target, the dialogue, and the verifiers' hits."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)

    schema_version: Literal[2] = SCHEMA_VERSION
    """Version of the record's format (absent in version-1 files, which are upgraded on read)."""
    id: str = Field(min_length=1)
    """Trace id (unique within a file, by convention)."""
    env: str = Field(min_length=1)
    """Environment name, one of the registered environments (``probe env info --env NAME`` describes one)."""
    seed: int = Field(strict=True)
    """Scenario seed."""
    scenario: Scenario
    """The scenario played (rebuilt from env, family and seed by ``probe verify``)."""
    target: TargetInfo = Field(default_factory=dict)
    """The target's description."""
    messages: list[ChatMessage] = Field(default_factory=list)
    """The dialogue in the OpenAI chat format: user, assistant and tool messages (a leading system or
    developer message is accepted on read and not scored; content given as parts is read as its text)."""
    violations: list[Violation] = Field(default_factory=list)
    """Verifier hits recorded when the trace was written (``probe verify`` recomputes them)."""
    meta: TraceMeta = Field(default_factory=TraceMeta)
    """How the trace came about (typed, see ``TraceMeta``)."""
    _violations_recorded: bool = PrivateAttr(default=True)
    # False when the line had no ``violations`` field (an outside logger's trace): nothing was
    # recorded, so there is nothing for a re-score to differ from.

    @property
    def violations_recorded(self) -> bool:
        """Whether the line this trace was read from stated its violations."""
        return self._violations_recorded

    def to_json(self) -> dict[str, Any]:
        return {
            "schema_version": self.schema_version,
            "id": self.id,
            "env": self.env,
            "seed": self.seed,
            "scenario": self.scenario,
            "target": self.target,
            "messages": self.messages,
            "violations": [v.to_json() for v in self.violations],
            "meta": self.meta.to_json(),
        }

    @classmethod
    def from_json(cls, d: Any) -> "Trace":
        """A trace from its JSON object (version 1 upgraded); ``TraceFormatError`` (one line) when
        it is not well formed."""
        d = _lenient(d)
        check_record(d)
        version = d.get("schema_version", 1)
        if version == 1:  # version 1 (no schema_version): a free meta, upgraded; unknown top-level keys kept in meta.extra
            meta = upgrade_v1_meta(d.get("meta") or {})
            meta.extra.update({k: v for k, v in d.items() if k not in _TOP_LEVEL})
        else:
            if not _is_int(version) or not 1 <= version <= SCHEMA_VERSION:
                shown = repr(version) if isinstance(version, (int, float, str)) else _type_name(version)
                raise TraceFormatError(f"field 'schema_version' is {shown}; this probe reads versions 1 to "
                                       f"{SCHEMA_VERSION} (a newer file needs a newer probe)")
            _check_v2_closed(d)
            meta = _validate_meta(d.get("meta") or {})
            # a logger's own top-level keys (model, created_at, usage, ...) are kept, as in version 1
            for k, v in d.items():
                if k not in _TOP_LEVEL:
                    meta.extra.setdefault(k, v)
        t = cls.model_construct(
            id=d["id"], env=d["env"], seed=d["seed"], scenario=dict(d["scenario"]),
            target=dict(d.get("target") or {}), messages=list(d["messages"]),
            violations=[Violation.from_json(v) for v in d.get("violations") or []],
            meta=meta,
        )
        t._violations_recorded = d.get("violations") is not None
        return t

    @property
    def policies_hit(self) -> list[str]:
        return sorted({v.policy for v in self.violations})


class TraceFormatError(ValueError):
    """A trace record that is not well formed; ``str()`` is one line naming the field."""


ROLES = ("user", "assistant", "tool")
PROMPT_ROLES = ("system", "developer")  # accepted before the dialogue's first other message, never scored
TEXT_PARTS = ("text", "input_text", "output_text")  # OpenAI chat and Responses text part types
GZIP_MAGIC = b"\x1f\x8b"
UTF8_BOM = b"\xef\xbb\xbf"
MAX_DEPTH = 64  # deeper JSON is not a trace (and would exhaust the stack of recursive readers)


def _type_name(x: Any) -> str:
    return {dict: "object", list: "list", str: "string", bool: "boolean", type(None): "null",
            int: "integer", float: "number"}.get(type(x), type(x).__name__)


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _expect(ok: bool, where: str, what: str, got: Any) -> None:
    if not ok:
        shown = repr(got) if isinstance(got, (int, float, str)) and len(repr(got)) <= 40 else _type_name(got)
        raise TraceFormatError(f"{where} must be {what}, got {shown}")


_TEXT_OR_PARTS = 'a string or a list of content parts ({"type": "text", "text": ...})'


def part_text(parts: list[Any]) -> str | None:
    """The text of an OpenAI content-part list (text parts joined with newlines, other parts such as
    images skipped), or None when it is not a list of parts (objects with a string ``type``, text
    parts with a string ``text``)."""
    texts = []
    for part in parts:
        if not isinstance(part, dict) or not isinstance(part.get("type"), str):
            return None
        if part["type"] in TEXT_PARTS:
            if not isinstance(part.get("text"), str):
                return None
            texts.append(part["text"])
    return "\n".join(texts)


def _flat_message(m: Any) -> Any:
    """A message whose content parts are read as their text (the verifiers and the replay read
    strings); the parts as written are kept under ``content_parts`` so nothing (images) is lost."""
    if not isinstance(m, dict) or not isinstance(m.get("content"), list):
        return m
    text = part_text(m["content"])
    if text is None:
        return m  # not parts: check_messages names it
    return {**m, "content": text, "content_parts": m["content"]}


def _digits_int(x: Any) -> Any:
    return int(x) if isinstance(x, str) and x.isascii() and x.isdigit() and len(x) <= 30 else x


def _lenient(d: Any) -> Any:
    """Real logging pipelines' spellings of the record, read as the schema's: an integer id as its
    string, a seed (trace or scenario) given as a string of digits as the integer, content parts as
    text. Anything else is left for ``check_record`` to judge."""
    if not isinstance(d, dict):
        return d
    d = dict(d)
    if _is_int(d.get("id")):
        d["id"] = str(d["id"])
    if "seed" in d:
        d["seed"] = _digits_int(d["seed"])
    if isinstance(d.get("scenario"), dict) and "seed" in d["scenario"]:
        d["scenario"] = {**d["scenario"], "seed": _digits_int(d["scenario"]["seed"])}
    if isinstance(d.get("messages"), list):
        d["messages"] = [_flat_message(m) for m in d["messages"]]
    return d


def check_record(d: Any) -> None:
    """Raise ``TraceFormatError`` unless ``d`` is a well-formed trace record (see ``check_messages``)."""
    _expect(isinstance(d, dict), "a trace line", "a JSON object", d)
    missing = [k for k in ("id", "env", "seed", "scenario", "messages") if k not in d]
    if missing:
        raise TraceFormatError(f"trace record lacks required field(s): {', '.join(missing)}")
    _expect(isinstance(d["id"], str) and d["id"] != "", "field 'id'", "a non-empty string", d["id"])
    _expect(isinstance(d["env"], str) and d["env"] != "", "field 'env'", "a non-empty string", d["env"])
    _expect(_is_int(d["seed"]), "field 'seed'", "an integer", d["seed"])
    _expect(isinstance(d["scenario"], dict), "field 'scenario'", "an object", d["scenario"])
    for key in ("target", "meta"):
        if d.get(key) is not None:
            _expect(isinstance(d[key], dict), f"field '{key}'", "an object", d[key])
    violations = d.get("violations")
    if violations is not None:
        _expect(isinstance(violations, list), "field 'violations'", "a list", violations)
        for k, v in enumerate(violations):
            _expect(isinstance(v, dict), f"violations[{k}]", "an object with 'policy' and 'message_index'", v)
            _expect(isinstance(v.get("policy"), str) and v["policy"] != "", f"violations[{k}].policy",
                    "a non-empty string", v.get("policy"))
            _expect(_is_int(v.get("message_index")), f"violations[{k}].message_index", "an integer",
                    v.get("message_index"))
            if "evidence" in v:
                _expect(isinstance(v["evidence"], str), f"violations[{k}].evidence", "a string", v["evidence"])
    check_messages(d["messages"])


def check_messages(messages: Any) -> None:
    """Raise ``TraceFormatError`` unless ``messages`` is a stored dialogue in the OpenAI chat format.

    Allowed roles are user, assistant and tool, and system or developer before the first of those
    (a logger's copy of the prompt: not scored; probe identifies it by ``target.system_prompt_hash``);
    any other role would be dropped by the verifiers. User and tool content are strings (content
    parts are read as their text by ``Trace.from_json`` first); assistant content is a string or
    null, its ``tool_calls`` a list of ``{id, type: function, function: {name, arguments}}``; every
    tool result answers a call issued earlier and not answered yet.
    """
    _expect(isinstance(messages, list), "field 'messages'", "a list", messages)
    pending: set[str] = set()
    started = False  # a message other than a system / developer prompt has been seen
    for i, m in enumerate(messages):
        where = f"message {i}"
        _expect(isinstance(m, dict), where, "an object", m)
        role = m.get("role")
        if role in PROMPT_ROLES:
            # chat loggers store the prompt first; it is not scored, and keeping it in place keeps
            # the violations' message indices pointing at the stored list
            if started:
                raise TraceFormatError(f"{where}: a {role} message after the dialogue started; only the first "
                                       "messages may be system or developer prompts")
            c = m.get("content")
            _expect(c is None or isinstance(c, (str, list)), f"{where} ({role}) content", "a string or a list", c)
            continue
        started = True
        if role is None:
            raise TraceFormatError(f"{where} has no role; allowed: {', '.join(ROLES)}")
        if role not in ROLES:
            shown = repr(role) if isinstance(role, str) else _type_name(role)
            raise TraceFormatError(f"{where}: unknown role {shown}; allowed: {', '.join(ROLES)} "
                                   "(and system or developer before the dialogue)")
        content = m.get("content")
        if role == "user":
            _expect(isinstance(content, str), f"{where} (user) content", _TEXT_OR_PARTS, content)
        elif role == "tool":
            _expect(isinstance(content, str), f"{where} (tool) content", _TEXT_OR_PARTS, content)
            call_id = m.get("tool_call_id")
            _expect(isinstance(call_id, str), f"{where} (tool) tool_call_id", "a string", call_id)
            if call_id not in pending:
                raise TraceFormatError(f"{where}: tool result for call {call_id!r} without a matching earlier "
                                       "tool call (or the call was already answered)")
            pending.discard(call_id)
        else:
            _expect(content is None or isinstance(content, str), f"{where} (assistant) content",
                    "a string, a list of content parts or null", content)
            calls = m.get("tool_calls")
            if calls is None:
                continue
            _expect(isinstance(calls, list), f"{where} tool_calls", "a list", calls)
            for k, tc in enumerate(calls):
                cw = f"{where} tool_calls[{k}]"
                _expect(isinstance(tc, dict), cw, "an object", tc)
                _expect(isinstance(tc.get("id"), str) and tc["id"] != "", f"{cw}.id", "a non-empty string", tc.get("id"))
                if "type" in tc:
                    _expect(tc["type"] == "function", f"{cw}.type", "'function'", tc["type"])
                fn = tc.get("function")
                _expect(isinstance(fn, dict), f"{cw}.function", "an object", fn)
                _expect(isinstance(fn.get("name"), str), f"{cw}.function.name", "a string", fn.get("name"))
                args = fn.get("arguments")
                _expect(isinstance(args, (str, dict)), f"{cw}.function.arguments", "a string or an object", args)
                if tc["id"] in pending:
                    raise TraceFormatError(f"{cw}.id: call id {tc['id']!r} is already open")
                pending.add(tc["id"])


# --- meta: validation on read, version-1 upgrade, JSON Schema -----------------------------------------

_META_FIELDS = frozenset(k for k in TraceMeta.model_fields if k != "extra")


def _meta_error(e: ValidationError) -> TraceFormatError:
    err = e.errors()[0]
    where = ".".join(str(x) for x in err["loc"])
    if err["type"] == "extra_forbidden":
        return TraceFormatError(f"meta: unknown key {where!r}; allowed: {', '.join(TraceMeta.model_fields)} "
                                "(a writer's own keys go under meta.extra)")
    return TraceFormatError(f"meta.{where}: {err['msg']}")


_TOP_LEVEL = frozenset(("schema_version", "id", "env", "seed", "scenario", "target", "messages", "violations", "meta"))
_VIOLATION_KEYS = frozenset(("policy", "message_index", "evidence"))
_target_adapter: Any = None


def _check_v2_closed(d: dict[str, Any]) -> None:
    """A version-2 record has no keys beyond the schema's in violations, and its target info has
    the documented types; ``TraceFormatError`` (one line) otherwise. (Unknown top-level keys are a
    logger's own, such as model or created_at: ``Trace.from_json`` keeps them under meta.extra.)"""
    global _target_adapter
    for k, v in enumerate(d.get("violations") or []):
        if not v.keys() <= _VIOLATION_KEYS:
            extra = sorted(v.keys() - _VIOLATION_KEYS)[0]
            raise TraceFormatError(f"violations[{k}]: unknown key {extra!r}; allowed: evidence, message_index, policy")
    if d.get("target"):
        if _target_adapter is None:
            from pydantic import TypeAdapter  # noqa: PLC0415

            _target_adapter = TypeAdapter(TargetInfo)
        try:
            _target_adapter.validate_python(d["target"], strict=True)
        except ValidationError as e:
            err = e.errors()[0]
            raise TraceFormatError(f"target.{'.'.join(map(str, err['loc']))}: {err['msg']}") from None


def _validate_meta(meta: dict[str, Any]) -> TraceMeta:
    """A version-2 ``meta`` object -> ``TraceMeta``; ``TraceFormatError`` (one line) otherwise."""
    try:
        return TraceMeta.model_validate(meta, strict=True)
    except ValidationError as e:
        raise _meta_error(e) from None


def _v1_source(meta: dict[str, Any]) -> str | None:
    if "window_rewards" in meta or "judge" in meta:
        return "train"  # only the rollout engine wrote these
    if "method" in meta:
        return "eval"  # only the evaluation runner wrote a method name
    return None  # a played script: 'probe play' and 'probe suite' wrote the same keys


def upgrade_v1_meta(meta: dict[str, Any]) -> TraceMeta:
    """The ``TraceMeta`` of a version-1 ``meta`` mapping (never fails: nothing is dropped).

    Keys that are fields keep their meaning; a key that is not a field, or whose value does not
    fit the field's type, is kept under ``extra`` with its original name. ``source`` is inferred
    where the keys tell it; ``failed_turns`` and ``target_failed`` are computed from
    ``turn_failures`` when the writer did not mark them (rollout traces)."""
    known = {k: v for k, v in meta.items() if k in _META_FIELDS and v is not None}
    extra = {k: v for k, v in meta.items() if k not in _META_FIELDS or v is None}
    if isinstance(meta.get("extra"), dict) and "extra" not in known:
        extra = {**meta["extra"], **{k: v for k, v in extra.items() if k != "extra"}}
    known.setdefault("source", _v1_source(meta))
    while True:
        try:
            out = TraceMeta.model_validate(known, strict=True)
            break
        except ValidationError as e:
            bad = {err["loc"][0] for err in e.errors() if err["loc"]}
            if not bad & set(known):
                raise  # cannot happen: every remaining key is a field
            for k in bad & set(known):
                extra[k] = known.pop(k)
    if "failed_turns" not in known:
        from probe.core.failures import FAILED_TURN_KINDS  # noqa: PLC0415 (failures reads traces)

        out.failed_turns = sorted({int(f["turn"]) for f in out.turn_failures if f.get("kind") in FAILED_TURN_KINDS})
        if "target_failed" not in known:
            out.target_failed = bool(out.failed_turns)
    out.extra = extra
    return out


def validate_record(d: Any) -> Trace:
    """Full validation of a version-2 JSON object against the pydantic model (every field, every
    message type), as a consumer holding only the schema would do; ``pydantic.ValidationError``
    when it does not fit. File reading uses the faster ``Trace.from_json``."""
    return Trace.model_validate(d)


def trace_json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a version-2 trace record (``probe schema trace``)."""
    from pydantic import TypeAdapter  # noqa: PLC0415

    schema = Trace.model_json_schema()
    violation = TypeAdapter(ViolationRecord).json_schema()
    schema.setdefault("$defs", {})["Violation"] = violation
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["properties"]["schema_version"]["default"] = SCHEMA_VERSION
    schema["required"] = ["schema_version", *schema["required"]]  # every version-2 line states it
    # what the reader also accepts from outside loggers (``_lenient``): an integer id, a seed as a
    # string of digits, and top-level keys of the writer's own (kept under meta.extra on read)
    props = schema["properties"]
    props["id"] = {"anyOf": [props["id"], {"type": "integer"}], "title": "Id",
                   "description": props["id"].get("description", "") + " An integer id is read as its string."}
    props["seed"] = {"anyOf": [props["seed"], {"type": "string", "pattern": "^[0-9]+$"}], "title": "Seed",
                     "description": props["seed"].get("description", "") + " A string of digits is read as the integer."}
    schema["additionalProperties"] = {"description": "A writer's own top-level keys (model, created_at, usage, ...): "
                                                     "accepted and kept under meta.extra on read."}
    return schema


def unanswered_calls(messages: list[Message]) -> list[tuple[int, str]]:
    """(message index, call id) of every tool call that no later tool message answers (the OpenAI
    API refuses such a dialogue; the replay still runs the call)."""
    open_calls: dict[str, int] = {}
    for i, m in enumerate(messages):
        if not isinstance(m, dict):
            continue
        if m.get("role") == "assistant":
            for tc in m.get("tool_calls") or []:
                if isinstance(tc, dict) and isinstance(tc.get("id"), str):
                    open_calls[tc["id"]] = i
        elif m.get("role") == "tool":
            open_calls.pop(m.get("tool_call_id"), None)
    return sorted((i, cid) for cid, i in open_calls.items())


def same_tool_output(stored: Any, replayed: Any) -> bool:
    """Whether a stored tool result says what the replayed one says: the same text, or the same JSON
    value (a logger that parsed and re-dumped the tool's JSON, e.g. pretty-printed, changed nothing)."""
    if stored == replayed:
        return True
    if not isinstance(stored, str) or not isinstance(replayed, str):
        return False
    try:
        return json.loads(stored) == json.loads(replayed)
    except (ValueError, RecursionError):
        return False


def tool_calls(messages: list[Message]) -> list[tuple[str, Any]]:
    """(name, raw arguments) of every tool call in assistant messages, in order. Tolerates junk."""
    out: list[tuple[str, Any]] = []
    for m in messages:
        if not isinstance(m, dict) or m.get("role") != "assistant":
            continue
        calls = m.get("tool_calls") or []
        for tc in calls if isinstance(calls, list) else [calls]:
            fn = tc.get("function") if isinstance(tc, dict) else None
            if isinstance(fn, dict) and isinstance(fn.get("name"), str):
                out.append((fn["name"], fn.get("arguments")))
    return out


def append_trace(path: str | Path, trace: Trace) -> None:
    """Append one trace as a JSON line and flush it to disk before returning."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    line = json.dumps(trace.to_json(), ensure_ascii=False, sort_keys=False)
    with open(path, "a", encoding="utf-8") as f:
        f.write(line + "\n")
        f.flush()
        os.fsync(f.fileno())


@dataclass
class BadLine:
    line_number: int
    error: str


def _reject_constant(name: str) -> Any:
    raise TraceFormatError(f"non-standard JSON constant {name}")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    d: dict[str, Any] = {}
    for k, v in pairs:
        if k in d:
            raise TraceFormatError(f"duplicate key {k!r} in one JSON object")
        d[k] = v
    return d


def _depth_ok(obj: Any, limit: int = MAX_DEPTH) -> bool:
    stack = [(obj, 1)]
    while stack:
        x, depth = stack.pop()
        if isinstance(x, (dict, list)):
            if depth > limit:
                return False
            stack.extend((v, depth + 1) for v in (x.values() if isinstance(x, dict) else x))
    return True


def parse_line(raw: bytes) -> Trace:
    """One line of a trace file -> Trace; ``TraceFormatError`` with a one-line reason otherwise."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise TraceFormatError(f"not UTF-8 (byte 0x{raw[e.start]:02x} at column {e.start + 1})") from None
    try:
        obj = json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_unique_keys)
    except RecursionError:
        raise TraceFormatError(f"JSON nested too deeply (more than {MAX_DEPTH} levels)") from None
    except json.JSONDecodeError as e:
        # json's own message may end in 'starting at' (then the column follows it: never 'at at')
        raise TraceFormatError(f"not valid JSON: {e.msg.removesuffix(' at')} at column {e.colno}") from None
    except TraceFormatError:
        raise
    except ValueError as e:  # e.g. an integer literal beyond Python's digit limit
        raise TraceFormatError(f"not valid JSON: {str(e).splitlines()[0]}") from None
    if not _depth_ok(obj):
        raise TraceFormatError(f"JSON nested too deeply (more than {MAX_DEPTH} levels)")
    return Trace.from_json(obj)


def file_problem(head: bytes) -> str | None:
    """Why a file whose first bytes are ``head`` cannot be read line by line at all (gzip), else None."""
    if head.startswith(GZIP_MAGIC):
        return "file is gzip-compressed; decompress it first (gunzip, or zcat FILE > traces.jsonl)"
    return None


def strip_bom(raw: bytes, line_number: int) -> bytes:
    """A UTF-8 byte-order mark opening the file (Windows and PowerShell writers) is not content."""
    return raw[len(UTF8_BOM):] if line_number == 1 and raw.startswith(UTF8_BOM) else raw


def iter_trace_lines(path: str | Path) -> Iterator[tuple[int, Trace | BadLine]]:
    """(line number, Trace or BadLine) for every non-blank line.

    The file is read as bytes so that one line that is not UTF-8 spoils only itself. A leading
    UTF-8 BOM is skipped; a gzip-compressed file is one ``BadLine`` saying so (not one per byte run).
    """
    with open(path, "rb") as f:
        problem = file_problem(f.read(2))
        if problem is not None:
            yield 1, BadLine(1, problem)
            return
        f.seek(0)
        for n, raw in enumerate(f, start=1):
            raw = strip_bom(raw, n)
            if not raw.strip():
                continue
            try:
                yield n, parse_line(raw.rstrip(b"\r\n"))
            except TraceFormatError as e:
                yield n, BadLine(n, str(e))


def iter_trace_file(path: str | Path) -> Iterator[Trace | BadLine]:
    """Yield a Trace per good line and a BadLine per malformed one (blank lines are skipped)."""
    for _, item in iter_trace_lines(path):
        yield item
