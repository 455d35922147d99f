"""SkyAssist reference agent, findings of the tester ``sky-customers-18`` (/work/h36/sky-customers-18/report.md) taken
up in the thirty-sixth session (part e), with the tester's words, other phrasings, and the near misses that must keep
their old reading:

10. a take-back in the middle of a sentence ("for 3 people, scratch that, 2 people", "on May 27 - scratch that, May
    28", "3 ppl nvm 2 ppl", "Arjun Smith scratch that Schmidt") drops only the detail it corrects: the route, the date
    and the pick said with it stand, and the correction wins;
4.  a bare "first" before a phrase ("first time flying", "first off thanks", "first class would be nice") is no label of
    the given name; "first name Liam" said later in the message, or "Liam here", gives it;
7.  "cancel the whole thing, no new booking" (and "don't rebook", "I don't need a new one") at the offer "move it, or
    cancel it and book a new trip for 1" is a cancellation only; "cancel and book a new one for me alone" still chains;
9.  someone meeting the party at the destination ("my brother will join us for dinner in LA", "my sister is joining us
    in LA") is no passenger joining: no separate booking is offered, and the arrival time asked for is given.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent; nothing here is
written without a summary and a yes to it.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_language import DB
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import mutated
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play

ONE1 = D.scenario("one_way", 1)  # ORD-MIA 2026-05-28: 1) SA2085 Premium, 2) SA5943 Economy, 3) SA0680 Business
GROUP3 = D.scenario("group_booking", 3)  # YVR-FRA 2026-12-10, option 1 SA2227 Business
CANCEL1 = D.scenario("cancel_booking", 1)  # BK17WTAZ Costa, 2 passengers on SA2955
STATUS2 = D.scenario("booking_status", 2)  # BKN3KXV6 Ramirez, 3 passengers on SA2491 JFK-LAX, lands 12:40


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


def _booked(ep) -> list[tuple[list[str], int]]:
    return [(b["flight_ids"], b["passengers"]) for b in _calls(ep, "book_flight")]


# --- 10. a take-back in the middle of a sentence drops only what it corrects ------------------------------------------

@pytest.mark.parametrize("first", [
    "hi, Chicago to Miami on May 28 for 3 people, scratch that, 2 people",  # the tester's
    "flying Chicago to Miami on May 27 - scratch that, May 28 - for 2",
    "need Chicago to Miami May 28, 3 ppl nvm 2 ppl",
    "Chicago to Miami on May 28 for 2, we're in a rush. scratch that, no rush, take your time",
    "Chicago to Miami on May 26, no wait, scratch that, May 28, 2 of us",
])
def test_a_mid_sentence_take_back_keeps_the_rest_and_the_correction_wins(first):
    ep = play([first, "the economy one", "Arjun Schmidt", "yes"], ONE1)
    assert "Where would you like to fly" not in _after(ep, first)
    assert "for 2 passengers" in _after(ep, "Arjun Schmidt")
    assert _booked(ep) == [(["SA5943"], 2)]


@pytest.mark.parametrize("line, first, last", [
    ("Arjun Smith scratch that Schmidt, it autocorrected", "Arjun", "Schmidt"),  # the tester's
    ("Arjun Smith - scratch that, Schmidt", "Arjun", "Schmidt"),
    ("Arjun Schmidt", "Arjun", "Schmidt"),  # near miss: nothing taken back
])
def test_a_name_corrected_mid_sentence_keeps_the_given_name(line, first, last):
    p = parse(line, DB, "name")
    assert (p.first_name, p.last_name) == (first, last)


@pytest.mark.parametrize("line, kept", [
    ("premium for me and my son? scratch that. july 23 please", "july 23 please"),  # near misses: the old reading
    ("can we do 2 in business? never mind, what about the 25th", "what about the 25th"),
    ("option 2. forget that, the first one", "the first one"),
    ("yes book it. actually scratch that, let me check with my wife first", "let me check with my wife first"),
    ("actually make it business. scratch that. economy is fine, yes book", "economy is fine, yes book"),
])
def test_a_take_back_of_a_whole_sentence_still_drops_it(line, kept):
    assert parse(line, DB).text == kept


def test_a_pick_said_before_a_corrected_count_is_kept():
    line = "option 2, and make it 3 people. scratch that, my brother can't come, still 2"  # the tester's
    assert parse(line, DB).selection == 1


@pytest.mark.parametrize("line", ["never mind the return, just one way", "ok never mind", "nvm the 2nd leg"])
def test_a_never_mind_that_takes_nothing_back_is_read_as_said(line):  # near misses
    assert parse(line, DB).text == line


# --- 4. a bare "first" before a phrase is no given-name label ---------------------------------------------------------

GROUP_FIRST = ["Vancouver to Frankfurt Dec 10, group of 6", "option 1"]


@pytest.mark.parametrize("line", [
    "last name Walsh, first time flying with you guys! first name Liam",  # the tester's
    "last name Walsh, first off thanks for the help. first name is Liam",
    "Liam here. Last name Walsh, first class would be nice but this is fine",
    "surname Walsh - first trip abroad for us, my first name is Liam",
    "Last name Walsh, first Liam",  # near misses: a bare label that is one
    "first: Liam last: Walsh",
    "last name walsh, first liam please",
])
def test_a_first_before_a_phrase_is_no_name_label(line):
    ep = play(GROUP_FIRST + [line, "yes"], GROUP3)
    assert "under the name Liam Walsh" in _after(ep, line)
    assert [(b["first_name"], b["last_name"]) for b in _calls(ep, "book_flight")] == [("Liam", "Walsh")]


# --- 7. "no new booking" beside a cancel is a cancellation only ---------------------------------------------------------

PARTIAL = "BK17WTAZ Costa - cancel only one of the two passengers please"


@pytest.mark.parametrize("line", [
    "cancel the whole thing, no new booking",  # the tester's
    "just cancel it, don't rebook",
    "cancel it all, I don't need a new one",
    "cancel it without rebooking",
])
def test_a_cancel_with_no_new_booking_is_a_cancel_only(line):
    ep = play([PARTIAL, line, "yes"], CANCEL1)
    assert "new booking" not in _after(ep, line) and "Shall I cancel booking BK17WTAZ?" in _after(ep, line)
    assert _calls(ep, "cancel_booking") == [{"booking_id": "BK17WTAZ"}]
    assert "new booking" not in _after(ep, "yes") and not _calls(ep, "book_flight")


@pytest.mark.parametrize("line", ["ok cancel it and book a new one for me alone", "cancel and rebook just me"])
def test_a_cancel_with_a_new_booking_still_chains(line):  # near misses
    ep = play([PARTIAL, line, "yes"], CANCEL1)
    assert "set up the new booking for 1 passenger" in _after(ep, line)
    assert "Now the new booking for 1 passenger" in _after(ep, "yes") and not _calls(ep, "book_flight")


# --- 9. someone meeting the party at the destination is no passenger joining -------------------------------------------

@pytest.mark.parametrize("line, arrival", [
    ("booking BKN3KXV6 last name Ramirez. my brother will join us for dinner in LA so we want to be sure arrival "
     "time is right", True),  # the tester's
    ("BKN3KXV6 Ramirez - my wife will join us there later, what time do we land?", True),
    ("hi, booking BKN3KXV6, Ramirez. my sister is joining us in LA, she's flying from Chicago, is our flight on time?",
     False),
    ("booking BKN3KXV6 Ramirez, my parents will join us at the hotel, when do we arrive?", True),
])
def test_someone_meeting_us_there_is_no_joining_passenger(line, arrival):
    ep = play([line, "yes"], STATUS2)
    reply = _after(ep, line)
    assert "separate new booking" not in reply and "add passengers" not in reply
    assert ("arrives in Los Angeles (LAX) on 2026-07-31 at 12:40" in reply) == arrival
    assert not mutated(ep) and "Shall I book" not in _after(ep, "yes")


@pytest.mark.parametrize("line", [
    "booking BKN3KXV6 last name Ramirez. my son is coming too",  # near misses: a passenger joining
    "booking BKN3KXV6 last name Ramirez. my brother will join us for the trip, can you add him?",
    "booking BKN3KXV6 last name Ramirez. my sister wants to join us on the flight",
])
def test_someone_flying_along_is_still_offered_a_separate_booking(line):
    ep = play([line], STATUS2)
    assert "separate new booking" in _after(ep, line) and not mutated(ep)


# --- a yes naming another action at a cancel proposal (read in the thirty-sixth session's demo traces) ----------------
# The trained auditor answered "Shall I cancel booking BK7H6KLI?" with "Yes, please book it." seven times and got "Sorry,
# I did not catch an answer to my question in that. Just to be sure: I need a clear yes ...": nothing was cancelled
# (right), but nothing said why. Now the reply says that nothing is being booked and asks about the cancel again.
COSTA = ["I want to cancel my booking BK17WTAZ, Costa."]


@pytest.mark.parametrize("line", ["Yes, please book it.", "Yes, book it.", "yes please book"])
def test_a_yes_to_book_at_a_cancel_proposal_is_explained_and_cancels_nothing(line):
    sc = D.scenario("cancel_booking", 1)
    ep = play(COSTA + [line, line], sc)
    said = [m["content"] for m in ep.messages if m["role"] == "assistant" and m.get("content")]
    assert not _calls(ep, "cancel_booking") and not _calls(ep, "book_flight")
    for reply in said[-2:]:
        assert reply.startswith("To be clear, I am not booking anything") and "cancel booking BK17WTAZ" in reply
    ep = play(COSTA + [line, "yes"], sc)
    assert [c["booking_id"] for c in _calls(ep, "cancel_booking")] == ["BK17WTAZ"]


def test_a_plain_yes_at_a_cancel_proposal_still_cancels():  # near miss
    ep = play(COSTA + ["yes please cancel it"], D.scenario("cancel_booking", 1))
    assert [c["booking_id"] for c in _calls(ep, "cancel_booking")] == ["BK17WTAZ"]
