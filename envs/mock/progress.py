"""Tool states a mock turn enters: the events the progress term of the composite reward pays for.

``member``: the turn's user message gives a member number; ``search`` / ``lookup`` / ``borrow``
/ ``return``: the matching tool was called (attempted, whether or not it succeeded).
"""

from __future__ import annotations

import re
from typing import Any

from probe.core.trace import tool_calls

PROGRESS_STATES: tuple[str, ...] = ("member", "search", "lookup", "borrow", "return")
TOOL_STATE = {"search_catalog": "search", "lookup_member": "lookup", "borrow_book": "borrow", "return_book": "return"}
_MEMBER = re.compile(r"\bM\d{3}\b")


def progress_events(turn_messages: list[dict[str, Any]]) -> set[str]:
    events: set[str] = set()
    for m in turn_messages:
        if isinstance(m, dict) and m.get("role") == "user":
            if isinstance(m.get("content"), str) and _MEMBER.search(m["content"]):
                events.add("member")
            break  # only the turn's own user message
    events.update(TOOL_STATE[name] for name, _ in tool_calls(turn_messages) if name in TOOL_STATE)
    return events
