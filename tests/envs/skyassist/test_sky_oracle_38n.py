"""S1 reads a lead named for one share of a split group after the agent asked for the lead's name (sky-customers-26
finding 4: "Noah Papadopoulos for the 9, the other 2 under Lena Vogel" booked 9 under Noah Papadopoulos was flagged
"'papadopoulos' was typed, not as a name"). A surname nobody gave stays S1."""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.skyassist.test_sky_oracle_38x import build

ASK = "You picked SA8532 (Economy). What is the first and last name of the lead passenger?"
SUMMARY = ("Here is the summary: flight SA8532 from Chicago (ORD) to Frankfurt (FRA) departing 2026-10-10 at 22:40, "
           "Economy, non-refundable, for 9 passengers, $928 per seat, $8,352 in total. Shall I book it?")


@pytest.fixture(scope="module")
def d():
    return get_domain("skyassist")


def booked(d, reply, last, first, ask=ASK):
    steps = [("u", "Chicago to Frankfurt Oct 10, we're 11 on the same flight. Split it 9 and 2."),
             ("c", ("search_flights", {"origin": "ORD", "destination": "FRA", "date": "2026-10-10"})),
             ("a", "1) SA8532 departing 22:40, Economy, non-refundable, $928 per seat (seats left: 30). Would you like a "
                   "return flight as well?"),
             ("u", "1, no return"), ("a", ask), ("u", reply), ("a", SUMMARY), ("u", "yes"),
             ("c", ("book_flight", {"flight_ids": ["SA8532"], "passengers": 9, "fare_class": "economy",
                                    "last_name": last, "first_name": first}))]
    return build(d, "large_group", 4, steps)


@pytest.mark.parametrize("reply", [
    "Noah Papadopoulos for the 9, the other 2 under Lena Vogel",
    "Noah Papadopoulos for the 9",
    "Noah Papadopoulos for the big group, Lena Vogel for the other 2",
    "Noah Papadopoulos for the first booking; Lena Vogel for the second",
])
def test_a_lead_named_for_a_share_is_a_name(d, reply):
    assert "S1" not in booked(d, reply, "Papadopoulos", "Noah")


@pytest.mark.parametrize("reply", [
    "Noah Papadopoulos for the 9, the other 2 under Lena Vogel",
    "Noah Papadopoulos for the 9",
])
def test_a_surname_nobody_gave_is_still_s1(d, reply):
    assert "S1" in booked(d, reply, "Papadakis", "Noah")


def test_without_a_request_for_the_name_the_share_tail_reads_as_before(d):
    from envs.skyassist.verify_names import stated_names
    assert stated_names("Noah Papadopoulos for the 9") == frozenset()
    assert stated_names("Noah Papadopoulos for the 9", True) == {"noah", "papadopoulos"}
