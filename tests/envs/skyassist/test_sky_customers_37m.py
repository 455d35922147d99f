"""SkyAssist reference agent, findings of /work/h37/sky-customers-22 taken up in the thirty-seventh session (helper
skyM), with the testers' words, other phrasings, and the near misses that must keep their old reading:

M1. once the customer flies alone, people on another booking, flight or day, or those stayed with, visited or met out
    there, are no passengers ("just for me. My sister and her 3 kids fly out the week after on their own booking" = 1);
M2. more households each with its members in brackets ("mine (me and my wife) and my brother's (him, his wife and
    their son)" = 5, "my family (me, wife) and my in-laws (2 of them)" = 4): each counted by its members;
M4. a placed hold let go of in slang ("chuck the hold, we changed our minds", "yes just bin it", "nah forget the
    madrid thing entirely"): the hold's release is offered for its own yes, never a paid booking;
M7. at a cancel confirmation, "I won't be travelling myself but the other two still are, take me off it": only the
    whole booking can be cancelled is said, never the whole cancel asked again as if nothing was said.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse, party_sizes
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_customers_37f import writes
from tests.envs.skyassist.test_sky_faults_28 import D
from tests.envs.skyassist.test_unseen_sky_customers import play

ONE5 = D.scenario("one_way", 5)  # IST-SFO 2026-03-05
HOLD5 = D.scenario("hold_request", 5)  # AMS-MAD 2026-03-21, 2 passengers
HOLD_IT = "Hi, can you hold 2 seats Amsterdam to Madrid on March 21 without paying yet? I'm Hiroshi Novak"
CANCEL6 = D.scenario("cancel_booking", 6)  # BKLFUOTP Chen, 3 passengers
TRIP = "Istanbul to San Francisco March 5 please"


# --- M1. people not on this trip are no passengers after "just me" ---------------------------------------------------

@pytest.mark.parametrize("line", [
    TRIP + ", just for me. My sister and her 3 kids fly out the week after on their own booking. I'm Hiroshi Moreau",
    TRIP + ", just me. I'm staying with a family of four out there",
    TRIP + ", just me. visiting my brother's family (him, his wife and 2 kids) there",
    TRIP + ", just me. I'm going to meet a family of four who are adopting my dog",
    TRIP + ". Just me - my wife and two kids are coming too but they're already booked on a different flight",
    TRIP + ", only me. My parents fly next week on a separate booking",
])
def test_people_on_another_trip_are_not_counted(line):
    assert party_sizes(line) == {1}


@pytest.mark.parametrize("line, n", [
    ("only me flying; my wife and kids are coming too when I move there in June", 1),  # worked before
    ("Just me. My wife and 2 kids are coming too.", 4),  # near miss: they join this trip (and the speaker: 38u)
    ("me and my wife (Anna)", 2),
])
def test_people_joining_this_trip_still_count(line, n):
    assert party_sizes(line) == {n}


def test_one_seat_booked_after_just_for_me():
    ep = play([TRIP + ", just for me. My sister and her 3 kids fly out the week after on their own booking. "
               "I'm Hiroshi Moreau", "1", "yes"], ONE5)
    books = [m["function"]["arguments"] for m in ep.messages if m["role"] == "assistant"
             for m in m.get("tool_calls") or [] if m["function"]["name"] == "book_flight"]
    assert len(books) == 1 and '"passengers": 1' in books[0]


# --- M2. more households in brackets, each counted ------------------------------------------------------------------

@pytest.mark.parametrize("line, n", [
    ("Istanbul to San Francisco March 5, Hiroshi Moreau. Two households flying: mine (me and my wife) and my "
     "brother's (him, his wife and their son)", 5),
    ("Both families - mine (me, wife) and my brother's (him, his wife, their son)", 5),
    ("Seats for my family (me, wife) and my in-laws (2 of them)", 4),
    ("ours (me and my husband) and my sister's (her and her 2 kids)", 5),
    ("Me and my wife, plus my brother's family (him, his wife, their son)", 5),  # worked before
    ("me plus my brother's family (him, his wife, 2 kids)", 5),  # worked before
])
def test_households_in_brackets_each_counted(line, n):
    assert party_sizes(line) == {n}


# --- M7. one traveller leaves at a cancel confirmation ---------------------------------------------------------------

@pytest.mark.parametrize("line", [
    "actually, I won't be travelling myself but the other two still are. Can you take me off it?",
    "hmm wait, cancel only my seat - the other two still fly",
    "I won't be travelling myself anymore, my colleagues still go. What are my options?",
    "please remove me from it, the rest of them are still flying",
])
def test_leaving_alone_at_cancel_confirmation_says_whole_booking(line):
    ep = play(["Hi, please cancel booking BKLFUOTP, last name Chen", line, "yes"], CANCEL6)
    said = _after(ep, line).split("CUSTOMER")[0]
    said = said[:said.index("What would you like to do?")]  # the reply to ``line`` ends on its question
    assert "can't move or remove only some of the passengers" in said and "for all 3 passengers" in said
    assert "Shall I cancel" not in said
    assert writes(ep) == []  # the yes answers "what would you like to do?", the cancel is asked again first


@pytest.mark.parametrize("line", ["please cancel my booking", "cancel my booking BKLFUOTP, thanks"])
def test_whole_cancel_is_no_part_of_party(line):  # near misses
    assert not parse(line, D.db).part_of_party


# --- M4. a placed hold let go of in slang -----------------------------------------------------------------------------

@pytest.mark.parametrize("line", ["chuck the hold, we changed our minds", "yes just bin it",
                                  "nah forget the madrid thing entirely", "actually ditch those seats, trip's off"])
def test_hold_let_go_in_slang_offers_its_release(line):
    ep = play([HOLD_IT, "1", "yes", line], HOLD5)
    said = _after(ep, line)
    assert "Shall I cancel booking" in said and "Shall I book" not in said and writes(ep) == ["hold_itinerary"]


@pytest.mark.parametrize("line", ["don't let those seats go to anyone else",
                                  "I'm binning that plan - but keep the flight hold"])
def test_hold_kept_is_no_release(line):  # near misses
    ep = play([HOLD_IT, "1", "yes", line], HOLD5)
    assert "Shall I cancel" not in _after(ep, line) and writes(ep) == ["hold_itinerary"]
