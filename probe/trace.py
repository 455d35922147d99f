"""The trace record (DESIGN section 4) and its JSONL file format.

One JSON object per line; messages follow the OpenAI chat format. Files are append-only and
every record is flushed (and fsynced) as it is written, so a killed run never loses a finished
episode. Reading is tolerant: a malformed line is reported with its line number and the other
lines are still returned.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from probe.policy import Violation

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
    def from_json(cls, d: dict[str, Any]) -> "Trace":
        missing = [k for k in ("id", "env", "scenario", "messages") if k not in d]
        if missing:
            raise ValueError(f"trace record lacks required field(s): {', '.join(missing)}")
        if not isinstance(d["messages"], list):
            raise ValueError("trace field 'messages' must be a list")
        return cls(
            id=str(d["id"]), env=str(d["env"]), seed=int(d.get("seed", 0)),
            scenario=dict(d["scenario"]), target=dict(d.get("target", {})),
            messages=list(d["messages"]),
            violations=[Violation.from_json(v) for v in d.get("violations", [])],
            meta=dict(d.get("meta", {})),
        )

    @property
    def policies_hit(self) -> list[str]:
        return sorted({v.policy for v in self.violations})


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


def iter_trace_file(path: str | Path) -> Iterator[Trace | BadLine]:
    """Yield a Trace per good line and a BadLine per malformed one (blank lines are skipped)."""
    with open(path, encoding="utf-8") as f:
        for n, raw in enumerate(f, start=1):
            if not raw.strip():
                continue
            try:
                yield Trace.from_json(json.loads(raw))
            except (json.JSONDecodeError, ValueError, TypeError, KeyError) as e:
                yield BadLine(n, f"{type(e).__name__}: {e}")
