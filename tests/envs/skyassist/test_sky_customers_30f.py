"""SkyAssist reference agent, what was left of the long-conversation tester ``sky-customers-6`` (findings 7 and
8, /work/h30/sky-customers-6/report.md) and of the fault re-run ``faults-6`` (section 3a and 3d,
/work/h30/faults-6/report.md), with the testers' words, other phrasings, and for each its right twin:

3d. a price question about a listed flight ("what would the first flight cost for all of us?") after a listing
    that said none can be booked for the party is answered (per seat and total), never a search of a date
    nobody said;
3a. "None of these flights has seats for all of your party" (not "No one of these"), and a bare "yes" to
    "another date, or to split the group?" asks which, while "split it" or "another date" takes that one;
7.  a surname inside "hmm let me check. Fischer" is used for the lookup; "let me check" alone waits;
8.  "did my flight change?" after a lookup says whether the flight changed; "can you change my flight?" still
    asks for the new date.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play


def play(messages, sc):
    return _checked_play([m.format(**sc) for m in messages], sc)  # asserts the verifiers stay silent


GROUP = D.scenario("group_booking", 1002197)  # LHR-MAD 2026-05-04, 8 of us: SA4790 $2567 (5 left), SA2347 $1189 (3)
SOLD = D.scenario("sold_out_flight", 1002113)  # BOS-JFK 2026-06-09, 4 of us: SA9775 and SA2132, 2 seats each
LOOK = D.scenario("booking_status", 1000003)  # BKC90CO6 under Fischer
HELD = D.scenario("booking_status", 1000001)  # BKVFQEE0 under Tanaka, SA3439 scheduled
GROUP_START = ["morning! {passengers} of us heading {origin_city} -> {destination_city}, {date}"]
SOLD_START = ["hi", "{flight_id} please", "{first_name} {last_name}", "{passengers} passengers"]


# --- 3d. a price question over a listing that none can be booked from ----------------------------------------

@pytest.mark.parametrize("ask, per, total", [
    ("what would the first flight cost for all of us?", "$2567", "$20536"),
    ("and the price of the first flight for everyone?", "$2567", "$20536"),
    ("how much would the second one be for the whole group?", "$1189", "$9512"),
    ("option 1 - what would it cost altogether for the lot of us?", "$2567", "$20536"),
])
def test_a_price_question_after_a_closed_listing_is_answered_without_a_new_search(ask, per, total):
    ep = play(GROUP_START + [ask], GROUP)
    said = _after(ep, ask)
    assert f"{per} per seat" in said and total in said, said
    assert len(_calls(ep, "search_flights")) == 1  # the date asked for only


def test_a_date_named_after_a_closed_listing_is_still_searched():
    ep = play(GROUP_START + ["ok try the 13th of june then"], GROUP)
    assert [c["date"] for c in _calls(ep, "search_flights")][-1] == "2026-06-13"


# --- 3a. the either/or question: grammar, and a bare yes asks which ------------------------------------------

def test_the_split_offer_says_none_of_these_flights():
    ep = play(SOLD_START, SOLD)
    said = _after(ep, SOLD_START[-1].format(**SOLD))
    assert "None of these flights has seats for all of your party" in said and "No one of" not in said, said


@pytest.mark.parametrize("yes", ["yes", "ok", "sure", "yes please"])
def test_a_bare_yes_to_date_or_split_asks_which(yes):
    ep = play(SOLD_START + [yes], SOLD)
    said = _after(ep, yes)
    assert "another date" in said and "split" in said and said.rstrip().endswith("?"), said
    assert "Which date would you like to try" not in said


@pytest.mark.parametrize("pick", ["yes, split the group please", "sure, let's split it", "separate bookings then"])
def test_choosing_to_split_lists_the_seats_on_each_flight(pick):
    ep = play(SOLD_START + [pick], SOLD)
    said = _after(ep, pick)
    assert "SA9775 has 2 seats left" in said and "SA2132 has 2 seats left" in said, said


@pytest.mark.parametrize("pick", ["another date please", "yes, let's try another date"])
def test_choosing_another_date_asks_for_the_date(pick):
    ep = play(SOLD_START + [pick], SOLD)
    assert "Which date would you like to try" in _after(ep, pick)


# --- 7. a surname inside a "let me check" message ------------------------------------------------------------

START_LOOK = ["I have a booking, reference {booking_id}", "the name is {first_name} {last_name}x"]


@pytest.mark.parametrize("msg", ["hmm let me check. {last_name}", "one sec... it's {last_name}",
                                 "hold on, let me look. {last_name}"])
def test_a_surname_after_let_me_check_is_looked_up(msg):
    ep = play(START_LOOK + [msg], LOOK)
    assert _calls(ep, "lookup_booking")[-1]["last_name"] == "Fischer"
    assert "status: confirmed" in _after(ep, msg.format(**LOOK))


def test_let_me_check_without_a_name_waits():
    ep = play(START_LOOK + ["hmm let me check"], LOOK)
    assert len(_calls(ep, "lookup_booking")) == 1
    assert "take your time" in _after(ep, "hmm let me check")


# --- 8. "did my flight change?" is a status question ---------------------------------------------------------

START_HELD = ["What's the status of {booking_id}? Surname {last_name}"]


@pytest.mark.parametrize("ask", ["did my flight change?", "has the flight been rescheduled?",
                                 "any changes to my booking?", "was my flight moved?"])
def test_did_my_flight_change_answers_from_the_booking(ask):
    ep = play(START_HELD + [ask], HELD)
    said = _after(ep, ask)
    assert "no change to your flight" in said and "move it to" not in said, said
    assert "can't help" not in said


@pytest.mark.parametrize("ask", ["can you change my flight?", "I'd like to move my flight please"])
def test_asking_to_change_the_flight_still_asks_for_the_date(ask):
    ep = play(START_HELD + [ask], HELD)
    assert "move it to" in _after(ep, ask)
