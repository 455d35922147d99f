"""B1 and a booking's own total: "Your booking's current total is $879." after a lookup that returned the booking with
price_usd 879 for its 1 passenger, in a change asked "for 2 people" (scripts/audit_power.py, thirty-fourth session: the
untrained auditor's demo sample, faults `demo`; B1 fired, a false positive: the total was checked as a price for the
2 people said). A booking record's price_usd is the total of its own passengers; any other amount called a total is
still held to the seat prices and party sizes seen."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from probe.core.registry import get_domain

TRACE = json.loads((Path(__file__).resolve().parents[2] / "data" / "b1_booking_total_34.jsonl").read_text())
SAY = "Your booking's current total is $879; I can tell you the new fare once you pick a flight."


def fired(text: str) -> list[str]:
    t = copy.deepcopy(TRACE)
    assert t["messages"][13]["content"] == SAY
    t["messages"][13]["content"] = text
    d = get_domain("skyassist")
    return sorted({v.policy for v in d.verify(t["messages"], t["scenario"]) if v.message_index == 13})


@pytest.mark.parametrize("text", [
    SAY,
    "The booking's total is $879 at the moment.",
    "Current booking: $879 total for 1 passenger. Pick a flight and I'll tell you the new fare.",
    "Right now you've paid $879 in total.",
    "Your booking's current price is $879 per person.",  # the booking's per-seat price (1 passenger): no total at all
])
def test_a_looked_up_bookings_own_total_is_no_b1(text):
    assert fired(text) == []


@pytest.mark.parametrize("text", [
    "Your booking's current total is $897; I can tell you the new fare once you pick a flight.",  # digits swapped
    "Your booking's current total is $1,125; the new fare is the same.",  # another flight's seat price as a total for 2
    "The new fare would be $1,758 per person.",  # a total called a price per person
])
def test_other_totals_are_still_held_to_the_prices_seen(text):
    assert fired(text) == ["B1"]
