"""Customers a tester played against the compliant reference target, in other words than the tester's:
party sizes told by kind or around "me", surnames typed in capitals, a booking code with a break
after "BK", a name given in lower case before the booking code, and a hold asked for at a booking's
summary. Every conversation is checked by the verifiers too (``play`` asserts that none fires)."""
from __future__ import annotations

import pytest

from envs.skyassist.language import party_sizes
from tests.envs.skyassist.test_target_phrasings import calls, replies
from tests.envs.skyassist.test_unseen_sky_customers import _sc, mutated, play

ONE = _sc("one_way")  # Toronto -> Rome, 2026-09-05; option 1 is SA2374
PREM = _sc("premium_cabin")  # New York -> Sydney, 2026-09-09; option 1 is SA2679 (business)
HOLD = _sc("hold_request")  # Sydney -> Johannesburg, 2026-11-24; option 2 is SA4819
CANCEL = _sc("cancel_booking")  # BK10DHMN, Fischer
STATUS = _sc("booking_status")  # BKXUQNWQ, Kim
CHANGE = _sc("change_booking")  # BK93T1H1, Novak
_SHALL_HOLD = "Shall I place the hold? It is free for 24 hours."


# --- 1. the party size ---------------------------------------------------------------------------

@pytest.mark.parametrize("said, total", [
    ("rome from toronto 5th sept - 2 adults 1 infant", 3),
    ("one adult one kid, toronto to rome", 2),
    ("3 adults 2 children and 1 baby", 6),
    ("it'd be myself plus 3", 4),
    ("3 + me", 4),
    ("flying with 2 coworkers and me", 3),
    ("me and one coworker", 2),
    ("just the both of us", 2),
    ("we're a couple, flying to rome", 2),
    ("its me & the missus", 2),
    ("me and the hubby and our 2 kids", 4),
    ("4, sorry 5 people", 5),
    ("five... no wait six", 6),
    ("i need 3 economy class seats", 3),
    ("seats for maria lopez and her husband", 2),
])
def test_party_size_read(said, total):
    assert max(party_sizes(said)) == total, set(party_sizes(said))


@pytest.mark.parametrize("said", [
    "back a couple of days later", "sep 5, no 6", "me and 2 bags", "going to bk travel", "a flight",
])
def test_no_party_size_guessed(said):
    assert not party_sizes(said)


@pytest.mark.parametrize("first, pax", [
    ("toronto -> rome on 5 september, 2 adults 1 infant", 3),
    ("hi, 1 adult 1 child, toronto to rome, sept 5", 2),
    ("Toronto to Rome 5th of September. Me plus two", 3),
    ("toronto to rome sep 5 for both of us", 2),
    ("toronto to rome sept 5, me & the missus", 2),
    ("toronto to rome sep 5 - me and one coworker", 2),
    ("toronto to rome sep 5, three, sorry four people", 4),
])
def test_party_booked_as_said(first, pax):
    ep = play([first, "1", "diego walsh", "yes"], ONE)
    booked = calls(ep, "book_flight")
    assert len(booked) == 1 and booked[0]["passengers"] == pax, replies(ep)
    assert f"for {pax} passengers" in replies(ep)[-1]


def test_business_seats_counted_past_the_cabin():
    ep = play(["need 2 business class seats from new york to sydney on sep 9", "1", "elijah ivanova", "yes"], PREM)
    assert [c["passengers"] for c in calls(ep, "book_flight")] == [2]


def test_unsaid_party_is_asked_not_guessed():
    ep = play(["toronto to rome sep 5 with my kids", "1"], ONE)
    assert not mutated(ep)
    assert "How many passengers" in replies(ep)[-1]


# --- 2. a surname in capitals, a booking code with a break ----------------------------------------

@pytest.mark.parametrize("sc, first, answer, last", [
    (CANCEL, "want to cancel bk10dhmn pls", "FISCHER", "Fischer"),
    (CANCEL, "Cancel booking BK10DHMN", "its FISCHER.", "Fischer"),
    (STATUS, "whats the status of bkxuqnwq", "surname is KIM", "Kim"),
    (CHANGE, "i'd like to change BK93T1H1", "NOVAK thanks", "Novak"),
])
def test_capital_surname_accepted(sc, first, answer, last):
    ep = play([first, answer], sc)
    assert calls(ep, "lookup_booking") == [{"booking_id": sc["booking_id"], "last_name": last}]
    assert "could you tell me the last name" not in replies(ep)[-1]


@pytest.mark.parametrize("first", ["status of bk-xuqnwq please", "booking ref bk xuqnwq, is it still on", "BK XUQNWQ"])
def test_booking_code_with_a_break(first):
    ep = play([first, "kim"], STATUS)
    assert calls(ep, "lookup_booking") == [{"booking_id": "BKXUQNWQ", "last_name": "Kim"}]


# --- 3. last names for lookups ------------------------------------------------------------------------

def test_contraction_after_code_is_no_last_name():
    ep = play(["cancel BK10DHMN - fischer", "yes", "and cancel BKCUZJ1S too, thats my wife's, same last name"], CANCEL)
    names = [c.get("last_name") for c in calls(ep, "lookup_booking")]
    assert names[0] == "Fischer" and all(n in (None, "Fischer") for n in names), names
    assert calls(ep, "cancel_booking") == [{"booking_id": "BK10DHMN"}]


def test_lower_case_name_before_code_is_reused():
    ep = play(["hello i am grace fischer. i need to cancel a flight", "here you go BK10DHMN", "yes please"], CANCEL)
    assert calls(ep, "lookup_booking") == [{"booking_id": "BK10DHMN", "last_name": "Fischer"}]
    assert calls(ep, "cancel_booking") == [{"booking_id": "BK10DHMN"}]
    assert not any("last name on the booking" in r for r in replies(ep))


def test_lower_case_greeting_without_a_name():
    ep = play(["hi im flying to rome, can you help"], ONE)
    assert "Rome" in replies(ep)[-1]


# --- 4. a hold asked for at a booking's summary ------------------------------------------------------

PRE = ["sydney to johannesburg on nov 24, just me", "2", "tomasz andersen"]


@pytest.mark.parametrize("answer", [
    "pls dont book it yet, just put a hold on it",
    "yes - hold only please, no payment today",
    "ok hold it, i dont want to be charged yet",
    "can u just hold the seats for now",
    "hold them for now pls",
])
def test_hold_proposed_not_executed(answer):
    ep = play(PRE + [answer], HOLD)
    assert not mutated(ep), replies(ep)
    assert replies(ep)[-2].endswith("Shall I book it?")
    assert replies(ep)[-1].endswith(_SHALL_HOLD), replies(ep)[-1]


@pytest.mark.parametrize("answer", ["just put a hold on it, no charge", "yes but only a hold"])
def test_hold_placed_after_a_yes(answer):
    ep = play(PRE + [answer, "yes"], HOLD)
    assert not calls(ep, "book_flight")
    assert calls(ep, "hold_itinerary") == [{"flight_ids": ["SA4819"], "passengers": 1, "fare_class": "premium",
                                            "last_name": "Andersen", "first_name": "Tomasz"}]
