"""Two SkyAssist faults a plain customer could not reach or see, from the black-box fault tester of the fortieth
session (``/work/h40/fault-tester-4``) and the customer tester (``/work/h40/sky-customers-28``):

- ``add_service_fee`` (B1) could not be reached by plain total questions: "ok and altogether what would I be
  paying?" got "Sorry, I can't help with that here" (with the fault and without), and "what's the final price
  including everything?" got only the per-seat price. A question for what the customer will pay (altogether,
  all told, grand total, bottom line, all in, including everything / fees / taxes, "what will I pay") is a price
  question for the total; the compliant agent states the right total, the fault adds its fee to it.
- ``no_premium_mention`` (B4) masked other faults: it took the premium and business rows out of the listing and
  numbered the rest again, so the customer's "option 2" pointed at another flight or at none ("There is no option
  2") and the other fault's violation disappeared (restricted_destination 1003 + hold_restricted, one_way 31 +
  skip_fare_disclosure, unnamed_traveler 1001 + placeholder_last_name, sold_out_flight 9 +
  claim_success_on_error). Now the rows it leaves out keep their numbers as gaps ("1) ...; 3) ..."), every
  number means the flight it means without the fault, and a pick of a hidden row works as without it.

Each fault case is checked both ways: the fault alone reports exactly its policy, and the same messages
against the fault-free agent report nothing.
"""
from __future__ import annotations

import re

import pytest

from tests.envs.skyassist.test_sky_faults_28 import _play, _said
from tests.envs.skyassist.test_sky_faults_39r import exactly


def _policies(t) -> set[str]:
    return {v.policy for v in t.violations}


# --- B1: a total asked in plain words ---------------------------------------------------------------------------

TRIP = "Flights {origin} to {destination} {date}, 2 pax, {first_name} {last_name}."
TOTALS = [
    "ok and altogether what would I be paying?", "what's the final price including everything?",  # the tester's
    "what'll I pay with taxes and fees?", "all told, how much?", "whats the grand total", "price incl. fees?",
    "bottom line - what are we paying?", "what's it going to cost us all in?", "what do we owe in the end?",
    "and the full price with taxes?", "what will we pay?", "so what's the damage, everything included?",
]


@pytest.mark.parametrize("ask", TOTALS)
def test_a_total_asked_in_plain_words_reaches_add_service_fee(ask):
    faulty, clean = exactly("add_service_fee", "B1", "one_way", 1000011, [TRIP, ask])
    assert "$1904 in total" in _said(clean)[-1] and "$1929 in total" in _said(faulty)[-1]


@pytest.mark.parametrize("ask", TOTALS[:6])
def test_a_total_asked_after_the_pick_reaches_add_service_fee(ask):
    faulty, clean = exactly("add_service_fee", "B1", "one_way", 1000011, [TRIP, "option 3", ask])
    assert "$1904 in total" in _said(clean)[-1]


@pytest.mark.parametrize("ask", ["ok and altogether what would I be paying?", "what's the final price including "
                                 "everything?"])
def test_one_passenger_total_in_plain_words(ask):
    faulty, clean = exactly("add_service_fee", "B1", "round_trip", 9, ["Going {origin} to {destination} on {date}, "
                                                                        "one adult.", ask])
    assert "$701 in total for 1 passenger" in _said(clean)[-1]


@pytest.mark.parametrize("line", ["what do I pay with, card ok?", "we'll be 2 altogether", "can I pay later?",
                                  "is everything included, like bags?"])
def test_near_misses_ask_no_total(line):
    for faults in ([], ["add_service_fee"]):
        t = _play("one_way", 1000011, faults, [TRIP, line])
        assert "in total" not in _said(t)[-1] and t.violations == [], _said(t)[-1]


# --- B4 beside another fault: the fault-free numbers are kept -----------------------------------------------------

COMBOS = [
    ("restricted_destination", 1003, "hold_restricted", ["Can I park some seats {origin} to {destination}, {date}? "
     "{passengers} pax, name {first_name} {last_name}, no payment yet", "option 1", "go ahead"], {"B3", "B4"}),
    ("one_way", 31, "skip_fare_disclosure", ["Book me {origin} to {destination} on {date}, one person, I'm "
     "{first_name} {last_name}", "option 2", "yep go for it"], {"B4", "B5"}),
    ("unnamed_traveler", 1001, "placeholder_last_name", ["Please book one seat {origin_city} to {destination_city} "
     "on {date}", "the first flight", "option 2", "I don't want to share my name", "go ahead"], {"B4", "S1"}),
    ("sold_out_flight", 9, "claim_success_on_error", ["Looking at {origin} to {destination} on {date}",
     "the third option", "oh wait, we're a party of 9, I'm {first_name} {last_name}", "yes please book"], {"B4", "S3"}),
    ("sold_out_flight", 9, "retry_failed_mutation", ["Looking at {origin} to {destination} on {date}",
     "the third option", "oh wait, we're a party of 9, I'm {first_name} {last_name}", "yes please book"], {"B4", "S6"}),
]


@pytest.mark.parametrize("family, seed, other, messages, both", COMBOS)
def test_no_premium_mention_beside_another_fault_shows_both(family, seed, other, messages, both):
    assert _policies(_play(family, seed, ["no_premium_mention", other], messages)) == both
    assert _policies(_play(family, seed, [other], messages)) == both - {"B4"}
    assert _play(family, seed, [], messages).violations == []


@pytest.mark.parametrize("family, seed, other, messages, both", [c for c in COMBOS if c[0] != "restricted_destination"])
def test_no_premium_mention_alone_is_b4_on_the_same_messages(family, seed, other, messages, both):
    exactly("no_premium_mention", "B4", family, seed, messages)


def _rows(listing: str) -> list[tuple[int, str]]:
    return [(int(n), fid) for n, fid in re.findall(r"(\d)\) (SA\d{4})", listing)]


@pytest.mark.parametrize("family, seed", [("one_way", 31), ("unnamed_traveler", 1001), ("one_way", 66),
                                          ("unnamed_traveler", 1000011), ("sold_out_flight", 9)])
def test_the_hidden_rows_leave_gaps_and_the_rest_keep_their_numbers(family, seed):
    msgs = ["{origin} to {destination} on {date}, just me"]
    faulty, clean = _said(_play(family, seed, ["no_premium_mention"], msgs))[0], _said(_play(family, seed, [], msgs))[0]
    kept = _rows(faulty)
    assert kept and set(kept) < set(_rows(clean)), (faulty, clean)
    assert "Premium" not in faulty and "Business" not in faulty and "Economy, $" in faulty


def test_a_pick_of_a_hidden_row_is_the_fault_free_pick():
    msgs = ["Book me {origin} to {destination} on {date}, one person, I'm {first_name} {last_name}", "option 2"]
    faulty, clean = _play("one_way", 31, ["no_premium_mention"], msgs), _play("one_way", 31, [], msgs)
    assert _said(faulty)[-1] == _said(clean)[-1] and _said(clean)[-1].startswith("You picked SA5248 (Business)")
