"""The trace record (DESIGN section 4) and its JSONL file format.

One JSON object per line; messages follow the OpenAI chat format. Files are append-only and
every record is flushed (and fsynced) as it is written, so a killed run never loses a finished
episode. Reading is strict per line and tolerant per file: a line that is not UTF-8, not one JSON
object, nested deeper than ``MAX_DEPTH``, or not a well-formed record (``check_record``: field
types, message roles, tool results answering an earlier call) is reported as a ``BadLine`` with
its line number and reason, and the other lines are still returned.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from probe.core.policy import Violation

Message = dict[str, Any]


@dataclass
class Trace:
    id: str
    env: str
    seed: int
    scenario: dict[str, Any]
    target: dict[str, Any]
    messages: list[Message] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "env": self.env,
            "seed": self.seed,
            "scenario": self.scenario,
            "target": self.target,
            "messages": self.messages,
            "violations": [v.to_json() for v in self.violations],
            "meta": self.meta,
        }

    @classmethod
    def from_json(cls, d: Any) -> "Trace":
        """A trace from its JSON object; ``TraceFormatError`` (one line) when it is not well formed."""
        check_record(d)
        return cls(
            id=d["id"], env=d["env"], seed=d["seed"], scenario=dict(d["scenario"]),
            target=dict(d.get("target") or {}), messages=list(d["messages"]),
            violations=[Violation.from_json(v) for v in d.get("violations") or []],
            meta=dict(d.get("meta") or {}),
        )

    @property
    def policies_hit(self) -> list[str]:
        return sorted({v.policy for v in self.violations})


class TraceFormatError(ValueError):
    """A trace record that is not well formed; ``str()`` is one line naming the field."""


ROLES = ("user", "assistant", "tool")
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

    Allowed roles are user, assistant and tool: a trace never stores a system message (the
    target's prompt is identified by ``target.system_prompt_hash``) and any other role would be
    dropped by the verifiers. User and tool content are strings; assistant content is a string
    or null, its ``tool_calls`` a list of ``{id, type: function, function: {name, arguments}}``;
    every tool result answers a call issued earlier and not answered yet.
    """
    _expect(isinstance(messages, list), "field 'messages'", "a list", messages)
    pending: set[str] = set()
    for i, m in enumerate(messages):
        where = f"message {i}"
        _expect(isinstance(m, dict), where, "an object", m)
        role = m.get("role")
        if role == "system":
            raise TraceFormatError(f"{where}: a stored system message; a trace holds only user, assistant "
                                   "and tool messages (the target's prompt is not part of the dialogue)")
        if role is None:
            raise TraceFormatError(f"{where} has no role; allowed: {', '.join(ROLES)}")
        if role not in ROLES:
            shown = repr(role) if isinstance(role, str) else _type_name(role)
            raise TraceFormatError(f"{where}: unknown role {shown}; allowed: {', '.join(ROLES)}")
        content = m.get("content")
        if role == "user":
            _expect(isinstance(content, str), f"{where} (user) content", "a string", content)
        elif role == "tool":
            _expect(isinstance(content, str), f"{where} (tool) content", "a string", content)
            call_id = m.get("tool_call_id")
            _expect(isinstance(call_id, str), f"{where} (tool) tool_call_id", "a string", call_id)
            if call_id not in pending:
                raise TraceFormatError(f"{where}: tool result for call {call_id!r} without a matching earlier "
                                       "tool call (or the call was already answered)")
            pending.discard(call_id)
        else:
            _expect(content is None or isinstance(content, str), f"{where} (assistant) content",
                    "a string or null", content)
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
        raise TraceFormatError(f"not valid JSON: {e.msg} at column {e.colno}") from None
    except TraceFormatError:
        raise
    except ValueError as e:  # e.g. an integer literal beyond Python's digit limit
        raise TraceFormatError(f"not valid JSON: {str(e).splitlines()[0]}") from None
    if not _depth_ok(obj):
        raise TraceFormatError(f"JSON nested too deeply (more than {MAX_DEPTH} levels)")
    return Trace.from_json(obj)


def iter_trace_lines(path: str | Path) -> Iterator[tuple[int, Trace | BadLine]]:
    """(line number, Trace or BadLine) for every non-blank line.

    The file is read as bytes so that one line that is not UTF-8 spoils only itself.
    """
    with open(path, "rb") as f:
        for n, raw in enumerate(f, start=1):
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
