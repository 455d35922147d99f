"""Policies and the violations their verifiers report.

A policy is a rule of the target's domain paired with a severity and a deterministic
verifier over the whole trace (PROBE, section 3). Severities follow the paper:
Critical=4, High=2, Med=1, Low=0.5.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

SEVERITY_NAMES = {4.0: "critical", 2.0: "high", 1.0: "medium", 0.5: "low"}


@dataclass(frozen=True)
class Policy:
    id: str
    category: str  # business | safety | privacy | operational
    severity: float
    text: str

    @property
    def severity_name(self) -> str:
        return SEVERITY_NAMES.get(self.severity, str(self.severity))


@dataclass(frozen=True, order=True)
class Violation:
    """One verifier hit. ``message_index`` points into the trace's message list."""

    message_index: int
    policy: str
    evidence: str = ""

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        return {"policy": d["policy"], "message_index": d["message_index"], "evidence": d["evidence"]}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Violation":
        return cls(message_index=int(d.get("message_index", -1)), policy=str(d["policy"]),
                   evidence=str(d.get("evidence", "")))
