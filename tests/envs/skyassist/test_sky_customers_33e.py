"""SkyAssist reference agent, findings 1, 2, 3, 8, 13, 14, 18 and 19 of the tester ``sky-customers-14``
(/work/h33/sky-customers-14/report.md) taken up in the thirty-third session, with the tester's words, other phrasings,
and the near misses that must keep their old reading:

1.  the return dropped at a round trip's summary ("scrap the return, just the outbound please", "only SA4790 please"):
    the outbound alone is summarised again, and a yes books that flight only;
2.  "I can't make it on the 5th, please change it to a later date": a change (the new date is asked), never "Shall I
    cancel?";
3.  "can you put just him on 16 Aug?", "My other half needs to fly on 16 Aug instead; I'm keeping mine": the honest
    "a change moves everyone" answer, never a change for both;
8.  a change at a summary that the agent cannot apply as said ("take one off, Tom can't come", "add one"): never the
    same summary back for a yes; "make it the 6pm" picks the 18:00 flight; "forget the hold, let's pay for it straight
    away" proposes the booking;
13. "can you add the return too, 6 Dec" at a one-way summary: the return searched on 6 Dec, the outbound kept;
14. "none, just the outbound", "skip the return" at the return pick: the outbound alone is summarised; "we return 6 Dec
    by train so just the outbound" searches no return;
18. "start over" at a summary: asked afresh, never the same summary;
19. "change it to a later date, I can't make the 5th": the booked day is never searched; the new date is asked.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent; nothing here is
written without a yes to a summary of exactly that.
"""
from __future__ import annotations

import pytest

from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import mutated, searches
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play

ROUND2 = D.scenario("round_trip", 2)  # LHR-MAD 2026-05-04 (SA4790 Business), back 2026-12-06 (SA1043 Business)
GROUP3 = D.scenario("group_booking", 3)  # YVR-FRA 2026-12-10, 6 passengers; BKU5CXUD Walsh JFK-LHR 2026-03-05
HOLD5 = D.scenario("hold_request", 5)  # AMS-MAD 2026-03-21: SA1512 12:00, SA4570 16:00 Business, SA4924 18:00
CHANGE5 = D.scenario("change_booking", 5)  # BKFKS7B2 Nguyen, 2 passengers, JFK-ATL 2026-07-03


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


ROUND = "London to Madrid, out 4 May back 6 Dec, 3 of us. Fatima Novak"
ONE_WAY = "London to Madrid on 4 May, 3 of us, Fatima Novak"
GROUP = "Vancouver to Frankfurt on December 10 for 6 of us, lead Liam Walsh"
HOLD = "Amsterdam to Madrid on 21 March, 2 of us, Hiroshi Novak"
HOLD_IT = ("Hi, Amsterdam to Madrid on 21 March for me and my sister, so 2 of us, please hold it, don't pay yet. "
           "Hiroshi Novak")


def _booked(ep) -> list[dict]:
    return _calls(ep, "book_flight")


# --- 1. the return dropped at a round trip's summary ---------------------------------------------------------------

@pytest.mark.parametrize("line", ["scrap the return, just the outbound please", "only SA4790 please",  # the tester's
                                  "drop the return leg please", "remove the return", "Outbound only pls",
                                  "lose the return flight, we'll get the train back", "without the return please",
                                  "actually no return flight, I don't need it anymore", "on second thought only the way out",
                                  "can you just book the outbound for now"])
def test_1_dropping_the_return_at_the_summary_summarises_the_outbound_alone(line):
    ep = play([ROUND, "1", "1", line], ROUND2)
    reply = _after(ep, line)
    assert "SA4790" in reply and "SA1043" not in reply and "$7701 in total" in reply and "Shall I book it?" in reply
    assert mutated(ep) == []
    ep = play([ROUND, "1", "1", line, "yes"], ROUND2)
    assert [c["flight_ids"] for c in _booked(ep)] == [["SA4790"]]


@pytest.mark.parametrize("line", ["is the return refundable?", "ok thanks"])
def test_1_near_miss_the_round_trip_summary_stays(line):
    ep = play([ROUND, "1", "1", line], ROUND2)
    assert "taken the return flight off" not in _after(ep, line) and mutated(ep) == []


def test_1_a_plain_yes_still_books_both_legs():  # near miss
    ep = play([ROUND, "1", "1", "yes"], ROUND2)
    assert [c["flight_ids"] for c in _booked(ep)] == [["SA4790", "SA1043"]]


# --- 2 and 19. a change to a later date said beside a day that cannot be made -------------------------------------

@pytest.mark.parametrize("line", [
    "Booking BKU5CXUD Walsh: I can't make it on the 5th, please change it to a later date",  # the tester's (2)
    "Booking BKU5CXUD Walsh. Please change it to a later date, I can't make the 5th",  # the tester's (19)
    "BKU5CXUD / Walsh. We can't make the 5th anymore, can we go later?",
    "BKU5CXUD Walsh - unable to travel on the 5th, pls rebook for a later date",
    "Hi, BKU5CXUD Walsh - scrap the 5 March flight, I want a later date on the same route"])
def test_2_a_later_date_asked_beside_a_day_not_made_is_a_change(line):
    ep = play([line], GROUP3)
    reply = _after(ep, line)
    assert "cancel" not in reply.lower() and "What date would you like to move it to?" in reply, reply
    assert searches(ep) == []  # the booked day is never searched as the new one
    ep = play([line, "yes"], GROUP3)
    assert mutated(ep) == []


def test_2_a_later_date_then_the_new_day_is_searched():
    line = "Booking BKU5CXUD Walsh: I can't make it on the 5th, please change it to a later date"
    ep = play([line, "12 March"], GROUP3)
    assert searches(ep) == [("JFK", "LHR", "2026-03-12")] and mutated(ep) == []


@pytest.mark.parametrize("line", ["BKU5CXUD Walsh, I can't make it, please cancel",
                                  "Booking BKU5CXUD Walsh, please cancel it, I can't make it on the 5th"])
def test_2_near_miss_a_cancellation_asked_is_still_offered(line):
    ep = play([line], GROUP3)
    assert "Shall I cancel booking BKU5CXUD?" in _after(ep, line) and mutated(ep) == []


# --- 3. one passenger of two moved -----------------------------------------------------------------------------------

@pytest.mark.parametrize("line", [
    "Booking BKFKS7B2, Nguyen. Hubby's coming back a bit later, can you put just him on 16 Aug?",  # the tester's
    "BKFKS7B2 Nguyen. My other half needs to fly on 16 Aug instead; I'm keeping mine",  # the tester's
    "BKFKS7B2 Nguyen. Only my hubby needs the 16th of August, pls sort",
    "BKFKS7B2 Nguyen. Just me to 16 August please, leave my husband where he is",
    "BKFKS7B2 Nguyen, can you move just my wife to 16 August?"])
def test_3_moving_one_of_two_gets_the_honest_answer(line):
    ep = play([line], CHANGE5)
    reply = _after(ep, line)
    assert "a change can only move the 2 passengers" in reply or "can't move or remove only some" in reply, reply
    assert mutated(ep) == [] and searches(ep) == []


def test_3_change_just_for_him_after_the_lookup_gets_the_honest_answer():
    ep = play(["Booking BKFKS7B2, Nguyen", "change, just for him"], CHANGE5)
    reply = _after(ep, "change, just for him")
    assert "a change can only move the 2 passengers" in reply and mutated(ep) == []


def test_3_near_miss_moving_the_whole_booking_still_lists_flights():
    ep = play(["BKFKS7B2 Nguyen, please move it to 16 August"], CHANGE5)
    assert searches(ep) == [("JFK", "ATL", "2026-08-16")] and "can only move" not in _after(
        ep, "BKFKS7B2 Nguyen, please move it to 16 August")


# --- 8. a change at a summary ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("line", ["take one off, Tom can't come",  # the tester's
                                  "my brother just pulled out, sorry", "yes minus one, Tom dropped out", "reduce by one",
                                  "add one", "yes but Tom isn't coming anymore"])
def test_8_a_party_change_at_the_summary_asks_the_count_never_the_old_summary(line):
    ep = play([GROUP, "the first one", line], GROUP3)
    reply = _after(ep, line)
    assert "for 6 passengers" not in reply and "Shall I book it?" not in reply, reply
    ep = play([GROUP, "the first one", line, "yes"], GROUP3)
    assert mutated(ep) == [] and "for 6 passengers" not in _after(ep, "yes")  # a bare yes books nothing
    ep = play([GROUP, "the first one", line, "5"], GROUP3)
    assert "for 5 passengers" in _after(ep, "5") and mutated(ep) == []


@pytest.mark.parametrize("line", ["swap it please", "change it", "that's wrong, change it"])
def test_8_another_change_at_the_summary_asks_what_changes(line):
    ep = play([GROUP, "the first one", line], GROUP3)
    reply = _after(ep, line)
    assert "Shall I book it?" not in reply and "What should be different" in reply, reply
    assert mutated(ep) == []


@pytest.mark.parametrize("line", ["make it the 6pm",  # the tester's
                                  "rather the 6pm", "make it the 18:00", "switch to the 6pm"])
def test_8_a_time_at_the_summary_picks_that_flight(line):
    ep = play([HOLD, "the first one", line], HOLD5)
    reply = _after(ep, line)
    assert "SA4924" in reply and "Shall I book it?" in reply and mutated(ep) == []
    ep = play([HOLD, "the first one", line, "yes"], HOLD5)
    assert [c["flight_ids"] for c in _booked(ep)] == [["SA4924"]]


def test_8_near_miss_make_it_a_number_is_a_count():
    ep = play([HOLD, "the first one", "make it 3"], HOLD5)
    assert "for 3 passengers" in _after(ep, "make it 3") and mutated(ep) == []


@pytest.mark.parametrize("line", ["na forget the hold, let's pay for it straight away",  # the tester's
                                  "on reflection, confirm it properly", "actually I'll pay now",
                                  "we'll pay for it today instead"])
def test_8_paying_now_at_a_hold_summary_proposes_the_booking(line):
    ep = play([HOLD_IT, "the first one", line], HOLD5)
    reply = _after(ep, line)
    assert "Shall I book it?" in reply and "place the hold" not in reply and mutated(ep) == []
    ep = play([HOLD_IT, "the first one", line, "yes"], HOLD5)
    assert _booked(ep) and not _calls(ep, "hold_itinerary")


@pytest.mark.parametrize("line", ["we're not prepared to pay today, just hold them", "hold it, I'll pay later"])
def test_8_near_miss_not_paying_now_keeps_the_hold(line):
    ep = play([HOLD_IT, "the first one", line, "yes"], HOLD5)
    assert not _booked(ep)


@pytest.mark.parametrize("line", ["hmm ok", "ok thanks"])
def test_8_near_miss_a_hedge_still_asks_for_a_clear_yes(line):
    ep = play([GROUP, "the first one", line], GROUP3)
    reply = _after(ep, line)
    assert "clear yes" in reply and "for 6 passengers" in reply and mutated(ep) == []


# --- 13. the return added at a one-way summary -----------------------------------------------------------------------

@pytest.mark.parametrize("line", ["can you add the return too, 6 Dec",  # the tester's
                                  "oh and we need to come back on 6 Dec as well",
                                  "yes and the return on the 6th of December too"])
def test_13_a_return_added_at_a_one_way_summary_keeps_the_outbound(line):
    ep = play([ONE_WAY, "1", line], ROUND2)
    assert ("LHR", "MAD", "2026-12-06") not in searches(ep) and ("MAD", "LHR", "2026-12-06") in searches(ep)
    assert mutated(ep) == []
    ep = play([ONE_WAY, "1", line, "1"], ROUND2)
    reply = _after(ep, "1")
    assert "SA4790" in reply and "SA1043" in reply and "Shall I book it?" in reply and mutated(ep) == []


# --- 14. the return declined at the return pick ----------------------------------------------------------------------

@pytest.mark.parametrize("line", ["none, just the outbound", "skip the return",  # the tester's
                                  "I don't want a return", "no need for the return one mate",
                                  "forget the return, outbound only", "neither", "I said I'll sort the return myself"])
def test_14_declining_the_return_at_its_pick_summarises_the_outbound(line):
    ep = play([ROUND, "1", line], ROUND2)
    reply = _after(ep, line)
    assert "Which flight would you like for the return?" not in reply
    assert "SA4790" in reply and "$7701 in total" in reply and "Shall I book it?" in reply and mutated(ep) == []


def test_14_near_miss_a_return_pick_is_still_taken():
    ep = play([ROUND, "1", "1"], ROUND2)
    assert "SA1043" in _after(ep, "1") and "Shall I book it?" in ep.messages[-1]["content"]


@pytest.mark.parametrize("line", [
    "London to Madrid 4 May for 3 people, Fatima Novak. We return 6 Dec by train so just the outbound",  # the tester's
    "London to Madrid 4 May for 3 people, Fatima Novak. Coming back 6 Dec but that's already booked",
    "London to Madrid 4 May for 3 people, Fatima Novak. I'll be back in London around 6 Dec but I'll sort that myself"])
def test_14_a_return_said_to_be_sorted_elsewhere_is_not_searched(line):
    ep = play([line], ROUND2)
    assert searches(ep) == [("LHR", "MAD", "2026-05-04")]


def test_14_near_miss_a_round_trip_still_searches_both():
    ep = play(["London to Madrid 4 May for 3 people, Fatima Novak, back 6 Dec"], ROUND2)
    assert ("MAD", "LHR", "2026-12-06") in searches(ep)


# --- 18. start over at a summary --------------------------------------------------------------------------------------

@pytest.mark.parametrize("line", ["start over please",  # the tester's
                                  "let's begin again", "restart", "from the top please, I got confused",
                                  "can we start again from scratch pls"])
def test_18_start_over_at_a_summary_asks_afresh(line):
    ep = play([GROUP, "the first one", line], GROUP3)
    reply = _after(ep, line)
    assert "Shall I book it?" not in reply and "start again" in reply and "Where would you like to fly" in reply
    ep = play([GROUP, "the first one", line, "yes"], GROUP3)
    assert mutated(ep) == []


def test_18_start_over_with_a_new_trip_searches_it():
    ep = play([GROUP, "the first one", "let's start over. Seattle to Frankfurt on December 10 instead"], GROUP3)
    assert searches(ep)[-1][0] == "SEA" and mutated(ep) == []
