"""SkyAssist reference agent, findings of the tester ``sky-customers-20`` (/work/h37/sky-customers-20/report.md) taken
up in the thirty-seventh session (helper skyJ), with the tester's words, other phrasings, and near misses:

F1. a release said negated after a hold ("don't let those seats go to anyone else!", "please don't release the seats",
    "make sure nobody releases them") asks to KEEP the hold: no cancellation offered, and "ok" writes nothing;
F2. people who DO fly said after "just me" / "alone" ("the kids are coming too, 2 of them", "was going to travel alone
    but now my mum is joining me", "not travelling alone this time"): never 1 passenger;
F3. "today" / "tomorrow" in an aside about paying or the seats' release ("make sure nobody releases my seats before
    tomorrow", "yes - and I'll pay at the airport for my bag, not today") is no travel date: nothing searched, and a
    yes with it at a summary is never lost to a search.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_language import DB
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_customers_37f import writes
from tests.envs.skyassist.test_sky_customers_37i import HELD, HOLD5
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import play

MAD = D.scenario("one_way", 3)  # MAD-AMS 2026-08-28: 1) SA8120 Economy $585


# --- F1. a negated release keeps the hold ---------------------------------------------------------------------------

@pytest.mark.parametrize("line", ["thanks, don't let those seats go to anyone else!",  # the tester's
                                  "Please don't release the seats, I need them",  # the tester's
                                  "whatever you do, don't undo the hold",  # the tester's
                                  "great - make sure nobody releases my seats",
                                  "do not let the hold go please, we really want these"])
def test_a_negated_release_keeps_the_hold(line):
    ep = play(HELD + [line, "ok"], HOLD5)
    assert "Shall I cancel" not in _after(ep, line), _after(ep, line)
    assert writes(ep) == ["hold_itinerary"]


def test_a_release_still_offers_its_cancellation():  # near miss: the request itself
    ep = play(HELD + ["please let those seats go", "ok"], HOLD5)
    assert writes(ep) == ["hold_itinerary", "cancel_booking"]


# --- F2. people who do fly, said after "just me" / "alone" ----------------------------------------------------------

def _pax(first):
    ep = play([first, "the first one, Aisha Okafor", "yes"], MAD)
    booked = _calls(ep, "book_flight")
    return ep, (booked[0]["passengers"] if booked else None)


@pytest.mark.parametrize("first", [
    "Madrid to Amsterdam Aug 28, just me. My husband is picking me up at the airport but the kids are coming too, "
    "2 of them",  # the tester's
    "Madrid to Amsterdam Aug 28. I was going to travel alone but now my mum is joining me",  # the tester's
    "Madrid to Amsterdam Aug 28. Not travelling alone this time - my brother comes along",  # the tester's
    "Madrid to Amsterdam Aug 28, only me at first but actually my sister is flying with me too"])
def test_people_who_fly_after_just_me_are_never_one_passenger(first):
    _ep, pax = _pax(first)
    assert pax != 1


@pytest.mark.parametrize("first", ["Madrid to Amsterdam Aug 28, just me. My husband is picking me up at the airport",
                                   "Madrid to Amsterdam Aug 28, travelling alone, my kids are staying home"])
def test_just_me_with_people_who_stay_is_one(first):  # near misses
    _ep, pax = _pax(first)
    assert pax == 1


# --- F3. a day in an aside about paying or the seats: no travel date ----------------------------------------------

@pytest.mark.parametrize("line", ["great - make sure nobody releases my seats before tomorrow",  # the tester's
                                  "yes - and I'll pay at the airport for my bag, not today",  # the tester's
                                  "yes go ahead, I just got paid today",
                                  "yes, book it. I'll sort out the bag fee tomorrow"])
def test_a_day_in_a_payment_aside_is_no_travel_date(line):
    assert parse(line, DB).dates == []


@pytest.mark.parametrize("line", ["can I fly tomorrow instead?", "book it for tomorrow, I'll pay by card",
                                  "tomorrow please, I will pay now", "Madrid to Amsterdam today"])
def test_a_travel_day_beside_payment_words_is_kept(line):  # near misses
    assert parse(line, DB).dates


def test_a_yes_with_a_payment_aside_searches_nothing():
    line = "yes - and I'll pay at the airport for my bag, not today"
    ep = play(["Madrid to Amsterdam Aug 28, 1 passenger", "the first one, Aisha Okafor", line], MAD)
    assert len(_calls(ep, "search_flights")) == 1
    assert writes(ep) in ([], ["book_flight"])


def test_a_keep_the_seats_remark_with_a_day_searches_nothing():
    line = "great - make sure nobody releases my seats before tomorrow"
    ep = play(HELD + [line, "ok"], HOLD5)
    assert len(_calls(ep, "search_flights")) == 1 and writes(ep) == ["hold_itinerary"]
