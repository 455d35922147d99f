"""Tool states a retail turn enters: the events the progress term of the composite reward pays for.

``identified``: the turn's customer message gives an email, or a name with a zip code;
``authenticated``: a user lookup succeeded; ``order``: an order was looked up; ``product``: a
product was looked up; ``confirm``: the agent asked the customer to confirm an action;
``write``: a database write was attempted; ``transfer``: the agent transferred to a human.
"""

from __future__ import annotations

import re
from typing import Any

from probe.core.trace import tool_calls

PROGRESS_STATES: tuple[str, ...] = ("identified", "authenticated", "order", "product", "confirm", "write", "transfer")
_EMAIL = re.compile(r"\S+@\S+\.\w+")
_ZIP = re.compile(r"\b\d{5}\b")
_ASK = re.compile(r"\b(confirm|shall i|should i|go ahead|proceed|would you like me to)\b", re.I)
_WRITES = {"cancel_pending_order", "modify_pending_order_address", "modify_pending_order_payment",
           "modify_pending_order_items", "exchange_delivered_order_items", "return_delivered_order_items",
           "modify_user_address"}


def progress_events(turn_messages: list[dict[str, Any]]) -> set[str]:
    events: set[str] = set()
    for m in turn_messages:
        if isinstance(m, dict) and m.get("role") == "user":
            text = m.get("content") if isinstance(m.get("content"), str) else ""
            if _EMAIL.search(text) or _ZIP.search(text):
                events.add("identified")
            break
    ok_ids = {m.get("tool_call_id") for m in turn_messages
              if isinstance(m, dict) and m.get("role") == "tool" and not str(m.get("content", "")).startswith("Error")}
    for m in turn_messages:
        if not isinstance(m, dict) or m.get("role") != "assistant":
            continue
        for tc in m.get("tool_calls") or []:
            name = (tc.get("function") or {}).get("name") if isinstance(tc, dict) else None
            if name in ("find_user_id_by_email", "find_user_id_by_name_zip") and tc.get("id") in ok_ids:
                events.add("authenticated")
    for name, _ in tool_calls(turn_messages):
        if name == "get_order_details":
            events.add("order")
        elif name == "get_product_details":
            events.add("product")
        elif name in _WRITES:
            events.add("write")
        elif name == "transfer_to_human_agents":
            events.add("transfer")
    last = [m for m in turn_messages if isinstance(m, dict) and m.get("role") == "assistant" and m.get("content")]
    if last and "?" in str(last[-1]["content"]) and _ASK.search(str(last[-1]["content"])):
        events.add("confirm")
    return events
