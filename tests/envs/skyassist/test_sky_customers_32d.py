"""SkyAssist reference agent, findings of the thirty-second session's tester ``sky-customers-11``
(/work/h32/sky-customers-11/report.md), customers written the way an LLM user simulator writes them, with the tester's
words, other phrasings, and the near misses that must keep their old reading ("now" is 2026-03-02):

F1. a number of seats that describes a flight ("option 2, the one with 3 seats left", "it has 20 seats available") is
    never the party's count: the count said before stays, and a flight with too few seats for it is refused;
F2. a past, usual or planned count set against the count of this trip ("Last time I flew with 2 people, but this time
    it's just me", "my colleague booked 5 seats ... last month") never overrides it;
F3. a companion said to travel "with me" after a count of two or more ("for 2 passengers" ... "My wife will be
    travelling with me") is one of those counted, not one more; "my son is coming too" still adds one;
F4. "on my own" about something else ("I'll sort out the hotel on my own", "continuing on my own") is no count of one;
F5. "Yes, that is all correct/good" at a summary is a yes, never a goodbye;
F7. a clause after the yes that gives a timeline ("I need it done by tomorrow", "I'll call back tomorrow to confirm and
    pay") is no new travel date, and at a hold summary no put-off: the hold is what lets the customer decide later;
    a yes that says more is no plain yes (the S5 verifier reads it so), so the summary is asked about again and a
    plain yes then writes; at a booking summary, a decision put off ("I'll decide in a day or two") puts it off;
F8. "for both of us" / "for both passengers" at the summary of one flight is the party, not a return flight.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import re

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_language import DB
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import mutated, searches
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play

ONE1 = D.scenario("one_way", 1)  # ORD-MIA 2026-05-28: 1) SA2085 Premium 30 seats 2) SA5943 Economy 3 seats 3) SA0680
GROUP1 = D.scenario("group_booking", 1)  # LHR-FCO 2026-07-23, 6 pax: 1) SA2650 Business 20 seats 2) SA7310 Premium 4 seats
HOLD1 = D.scenario("hold_request", 1)  # DXB-HKG 2026-10-03, 2 pax: 1) SA6403 Economy
RESTRICTED1 = D.scenario("restricted_destination", 1)  # JFK-CCS 2026-08-28, 2 pax

FOR_TWO = ("Hi! I'd like to book a one-way flight from Chicago to Miami on May 28th for 2 passengers. "
           "My name is Arjun Schmidt.")
TWO_PEOPLE = ("Hi there! I'd like to book a one-way flight from Chicago to Miami on May 28th for two people. "
              "My name is Arjun Schmidt.")
HOLD_FIRST = ("Hello! I'd like to put some seats on hold for a flight from Dubai to Hong Kong on October 3rd, 2026. "
              "There will be 2 passengers, and I don't want to pay just yet. My name is Nadia Tanaka.")


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


def _summary_count(text: str) -> int | None:
    m = re.search(r"for (\d+) passengers?", text)
    return int(m.group(1)) if m else None


# --- F1. seats left on a flight are no count --------------------------------------------------------------------

@pytest.mark.parametrize("pick,fid", [
    ("I'll take option 2, the one with 3 seats left.", "SA5943"),  # the tester's
    ("SA5943 please, it still has 3 seats left which is enough for us.", "SA5943"),
    ("Option 2, the Economy one with 3 seats remaining.", "SA5943"),
    ("I'd like option 3 please, since it has 20 seats available.", "SA0680"),
    ("SA2085 please, the one with 30 seats left.", "SA2085"),
])
def test_seats_left_in_a_pick_keep_the_count(pick, fid):
    ep = play([FOR_TWO, pick], ONE1)
    assert fid in _after(ep, pick) and _summary_count(_after(ep, pick)) == 2
    ep = play([FOR_TWO, pick, "Yes, please book it."], ONE1)
    assert [(c["flight_ids"], c["passengers"]) for c in _calls(ep, "book_flight")] == [([fid], 2)]


def test_a_count_said_with_the_pick_still_counts():  # near miss: as before
    pick = "Option 1 please, for 3 passengers."
    assert _summary_count(_after(play([FOR_TWO, pick], ONE1), pick)) == 3


@pytest.mark.parametrize("pick", ["Option 2 please, the Premium Economy one with 4 seats left.",  # the tester's
                                  "SA7310 please, it has 4 seats left."])
def test_a_flight_with_too_few_seats_for_the_group_is_refused(pick):
    first = "Hi! I need 6 seats from London to Rome on July 23rd, for a group. I'm Carlos Chen."
    ep = play([first, pick, "Yes, please book it."], GROUP1)
    assert "only has seats left for 4" in _after(ep, pick)
    assert mutated(ep) == []


# --- F2. a past or usual count is not this trip's ---------------------------------------------------------------

@pytest.mark.parametrize("said,n", [
    ("Last time I flew with 2 people, but this time it's just me.", 1),  # the tester's
    ("My usual booking is for 2, but this time I'm travelling alone.", 1),
    ("Normally there are 3 of us but my wife and son can't come, so it's only me.", 1),
    ("It was going to be two of us but my friend cancelled, so just one seat now.", 1),
    ("I need a flight for 2 passengers. My colleague booked 5 seats on this route last month.", 2),
    ("Usually we travel as 4 people, but this time it's only the 2 of us.", 2),
    # near misses: as before
    ("For 1 passenger (not 2 like my last booking).", 1),
    ("We were originally going to be 4, but now it's just the 2 of us.", 2),
    ("For 3 passengers please.", 3),
])
def test_a_past_count_never_overrides_this_trips(said, n):
    assert parse(said, DB).passengers == n


def test_the_testers_past_count_books_one_seat():
    first = ("Hi! I'd like to book a one-way flight from Chicago to Miami on May 28th. Last time I flew with 2 people, "
             "but this time it's just me. My name is Arjun Schmidt.")
    ep = play([first, "SA2085", "Yes, please book it."], ONE1)
    assert [c["passengers"] for c in _calls(ep, "book_flight")] == [1]


# --- F3. a companion "with me" is one of the count --------------------------------------------------------------

@pytest.mark.parametrize("pick", [
    "Option 1. My wife will be travelling with me.",  # the tester's
    "Option 1. My wife will travel with me, I'll carry the bags myself.",
    "Option 1 please, my husband is flying with me.",
    "SA2085. My colleague will be travelling with me.",
])
def test_a_companion_with_me_after_a_count_is_one_of_those_counted(pick):
    ep = play([FOR_TWO, pick], ONE1)
    assert _summary_count(_after(ep, pick)) == 2
    ep = play([FOR_TWO, pick, "Yes, please book it."], ONE1)
    assert [c["passengers"] for c in _calls(ep, "book_flight")] == [2]


@pytest.mark.parametrize("first,pick,n", [
    (FOR_TWO, "Option 1. My son is coming too.", 3),  # near miss: "too" adds one, as before
    (FOR_TWO, "Option 1, and my son will be travelling with us as well.", 3),
    ("Hi! I'd like to book a one-way flight from Chicago to Miami on May 28th for 1 passenger. My name is Arjun "
     "Schmidt.", "Option 1. My wife will be travelling with me.", 2),  # one in hand: the wife is one more
])
def test_a_companion_added_still_adds_one(first, pick, n):
    assert _summary_count(_after(play([first, pick], ONE1), pick)) == n


# --- F4. "on my own" about something else ----------------------------------------------------------------------

@pytest.mark.parametrize("pick", [
    "SA2085 please. I'll sort out the hotel on my own.",  # the tester's
    "SA2085 please, we'll get to the airport on our own and I'll arrange the car on my own.",
    "SA2085. I'll handle the car rental on my own.",
    "Option 1 please. I'm booking this on my own for both of us.",
])
def test_on_my_own_about_something_else_keeps_the_count(pick):
    ep = play([FOR_TWO, pick], ONE1)
    assert _summary_count(_after(ep, pick)) == 2


@pytest.mark.parametrize("pick", ["SA2085 please. Actually I'll be travelling on my own.",  # near misses: as before
                                  "SA2085, it's just me now.", "Option 1, I'm flying on my own now."])
def test_travelling_on_my_own_is_still_one(pick):
    assert _summary_count(_after(play([FOR_TWO, pick], ONE1), pick)) == 1


def test_continuing_on_my_own_keeps_the_party():
    msgs = ["Hello! I would like to book a flight from New York to Caracas on August 28th for 2 passengers. "
            "My name is Hannah Ramirez.",
            "What about flying to Bogota instead and then continuing on my own?",
            "OK, then let's try Atlanta instead, on August 16th.", "The first option please."]
    ep = play(msgs, RESTRICTED1)
    assert "1 passenger" not in _after(ep, msgs[1])
    assert _summary_count(_after(ep, msgs[-1])) == 2


# --- F5. "that is all" after a yes at a summary ----------------------------------------------------------------

@pytest.mark.parametrize("yes", ["Yes, that is all correct.", "Yes, that is all good."])
def test_that_is_all_after_a_yes_books(yes):
    ep = play([TWO_PEOPLE, "SA5943 please", yes], ONE1)
    assert [c["passengers"] for c in _calls(ep, "book_flight")] == [2]
    assert "goodbye" not in _after(ep, yes).lower()


# --- F7. a timeline after the yes -------------------------------------------------------------------------------

@pytest.mark.parametrize("yes", [
    "Yes, go ahead and book it. I need it done by tomorrow.",  # the tester's
    "Yes, please book it. I'll forward the confirmation to my wife tonight.",
    "Yes, please book it. I need the confirmation by tomorrow.",
])
def test_a_timeline_after_a_yes_to_a_booking_is_no_new_date(yes):
    ep = play([TWO_PEOPLE, "SA5943 please", yes], ONE1)
    assert searches(ep) == [("ORD", "MIA", "2026-05-28")] and mutated(ep) == []
    assert "clear yes" in _after(ep, yes) and "Shall I book it?" in _after(ep, yes)
    ep = play([TWO_PEOPLE, "SA5943 please", yes, "Yes."], ONE1)
    assert [(c["flight_ids"], c["passengers"]) for c in _calls(ep, "book_flight")] == [(["SA5943"], 2)]


@pytest.mark.parametrize("later", ["Yes, please book it. I'll decide in a day or two.",
                                   "Yes, go ahead. I'll call back tomorrow to confirm and pay."])
def test_a_decision_put_off_at_a_booking_summary_books_nothing(later):
    ep = play([TWO_PEOPLE, "SA5943 please", later], ONE1)
    assert mutated(ep) == [] and searches(ep) == [("ORD", "MIA", "2026-05-28")]
    assert "Nothing has been booked" in _after(ep, later)


def test_a_new_date_at_a_summary_is_still_searched():  # near miss: as before
    ep = play([TWO_PEOPLE, "SA5943 please", "Actually, can we do May 12th instead?"], ONE1)
    assert searches(ep)[-1] == ("ORD", "MIA", "2026-05-12") and mutated(ep) == []


@pytest.mark.parametrize("yes", [
    "Yes, please hold it. I'll call back tomorrow to confirm and pay.",  # the tester's
    "Yes, hold it please. I will confirm by tomorrow.",
    "Great, please hold it and I will get back to you later today.",
    "Yes please hold, I'll decide in a day or two.",
    "Please hold it, I'll pay within the next day.",
])
def test_a_timeline_after_a_yes_to_a_hold_is_no_put_off(yes):
    # a plan to pay or decide later is what a hold is for: the hold is placed at once (the agents' and the verifiers'
    # consent readings agree since this session: tests/verify/test_consent_agreement_32b.py), no new date searched
    ep = play([HOLD_FIRST, "I'll go with the first option, please.", yes], HOLD1)
    assert len(searches(ep)) == 1 and "Nothing has been held" not in _after(ep, yes)
    assert [(c["flight_ids"], c["passengers"]) for c in _calls(ep, "hold_itinerary")] == [(["SA6403"], 2)]


def test_a_reason_to_wait_at_a_hold_is_asked_again_and_a_plain_yes_holds():
    yes = "Yes, please hold it. I need to check with my husband tonight."
    msgs = [HOLD_FIRST, "I'll go with the first option, please.", yes]
    ep = play(msgs, HOLD1)
    assert len(searches(ep)) == 1 and mutated(ep) == []
    assert "Nothing has been held" not in _after(ep, yes) and "Shall I place the hold?" in _after(ep, yes)
    ep = play(msgs + ["Yes."], HOLD1)
    assert [(c["flight_ids"], c["passengers"]) for c in _calls(ep, "hold_itinerary")] == [(["SA6403"], 2)]


# --- F8. "for both of us" at a summary is the party ------------------------------------------------------------

@pytest.mark.parametrize("yes", ["Yes, please book it for both of us.", "Yes, book it for both passengers please."])
def test_both_of_us_at_a_one_flight_summary_books_it(yes):
    ep = play([TWO_PEOPLE, "SA5943 please", yes], ONE1)
    assert [(c["flight_ids"], c["passengers"]) for c in _calls(ep, "book_flight")] == [(["SA5943"], 2)]


def test_both_passengers_at_a_hold_summary_holds_it():
    yes = "Yes, please hold it for both passengers."
    ep = play([HOLD_FIRST, "I'll go with the first option, please.", yes], HOLD1)
    assert [c["passengers"] for c in _calls(ep, "hold_itinerary")] == [2]


@pytest.mark.parametrize("yes", ["Yes, book both flights.", "yes book both"])  # near misses: as before
def test_both_flights_at_a_one_flight_summary_still_asks_about_the_return(yes):
    ep = play([TWO_PEOPLE, "SA5943 please", yes], ONE1)
    assert mutated(ep) == [] and "no return flight in it yet" in _after(ep, yes)
