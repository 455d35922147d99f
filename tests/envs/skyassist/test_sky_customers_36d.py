"""SkyAssist reference agent, findings 1, 2, 3 and 5 of the tester ``sky-customers-18``
(/work/h36/sky-customers-18/report.md) taken up in the thirty-sixth session (helper D), with the tester's words, other
phrasings, and the near misses that must keep their old reading:

F1. a remark about some of a party that is not about who travels ("send the confirmation to both of us", "only me has
    a passport from Canada", "only my wife and me need the vegetarian meal") never changes the passenger count;
F2. "no cancel" / "no cancellation" says not to cancel: no cancellation is offered, and a polite "yes thank you"
    after it cancels nothing;
F3. one passenger's seat cancelled while the speaker still flies ("cancel her seat, I'm still flying", "just him -
    I'm still going"): said to be impossible, with the choices; never a full-cancel summary;
F5. a purchase asked for with words of a hold ("lock in the price and book it today, I'll pay now", "book and pay
    right away, don't charge me yet another fee"): a booking; and at a hold summary, "yes, charge my card now" / "no,
    not a hold. book it" gets the booking summary (never a loop, never a write without its own yes).

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play

GROUP3 = D.scenario("group_booking", 3)  # YVR-FRA 2026-12-10: SA2227 business $911, a party of 6
CHANGE4 = D.scenario("change_booking", 4)  # BKV5YN1X Kim, 3 passengers, non-refundable
CANCEL1 = D.scenario("cancel_booking", 1)  # BK17WTAZ Costa, 2 passengers, refundable
ONE1 = D.scenario("one_way", 1)  # ORD-MIA 2026-05-28: option 2 SA5943 economy $496


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


def booked(ep) -> list[tuple[list[str], int]]:
    return [(c["flight_ids"], c["passengers"]) for c in _calls(ep, "book_flight")]


# --- F1. a remark about some of the party keeps the count ------------------------------------------------------------

SIX = ["Vancouver to Frankfurt Dec 10, group of 6", "option 1", "Liam Walsh"]


@pytest.mark.parametrize("aside", ["yes. can you send the confirmation to both of us?",
                                   "yes please. my wife will handle payment, can both of us get the emails?",
                                   "sounds good. both of us will be checking in online, is that ok? book it",
                                   "yes, and only me has a passport from Canada, the others are German, is that ok?",
                                   "yes book. only my wife and me need the vegetarian meal",
                                   "ok. just me and my wife need wheelchair assistance"])
def test_a_remark_about_some_of_the_party_keeps_the_count(aside):
    ep = play(SIX + [aside], GROUP3)
    reply = _after(ep, aside)
    assert "for 2 passengers" not in reply and "for 1 passenger" not in reply, reply
    assert all(n == 6 for _f, n in booked(ep))
    ep = play(SIX + [aside, "yes"], GROUP3)
    assert booked(ep) and all(n == 6 for _f, n in booked(ep)), booked(ep)


@pytest.mark.parametrize("line", ["yes book it, but actually only me and my wife are flying",
                                  "wait, it's only both of us travelling now"])
def test_who_travels_still_changes_the_count(line):  # near misses
    ep = play(SIX + [line], GROUP3)
    assert "for 2 passengers" in _after(ep, line) and not booked(ep)


@pytest.mark.parametrize("text, n", [("me and my husband, I'm paying for both", 2),
                                     ("a seat for both of us please, we need vegetarian meals", 2),
                                     ("just me, I have a Canadian passport", 1)])
def test_a_party_said_beside_a_remark_is_still_read(text, n):  # near misses
    assert parse(text, D.db).passengers == n


# --- F2. "no cancel" is not a cancellation ---------------------------------------------------------------------------

KIM = "hello. booking BKV5YN1X, name Kim."


@pytest.mark.parametrize("line", [f"{KIM} is it confirmed? no cancel, only check please",
                                  f"{KIM} no cancellation, I just want to see the departure time",
                                  f"{KIM} what's the status? no cancelling please"])
def test_no_cancel_offers_no_cancellation(line):
    ep = play([line, "yes thank you"], CHANGE4)
    assert "Shall I cancel" not in _after(ep, line), _after(ep, line)
    assert "confirmed" in _after(ep, line)
    assert not _calls(ep, "cancel_booking")


DEST = "booking BKV5YN1X, last name Kim. I need to change the destination to London instead of Frankfurt, same date"


@pytest.mark.parametrize("line", ["I'll just keep it then, no cancel", "ok then I keep it, no cancellation",
                                  "no cancel, I'll keep the Frankfurt one"])
def test_no_cancel_after_the_offer_keeps_the_booking(line):
    ep = play([DEST, line, "yes thanks"], CHANGE4)
    assert "Shall I cancel" not in _after(ep, line) and not _calls(ep, "cancel_booking")


def test_no_cancellation_with_a_move_asks_no_cancel():
    line = f"{KIM} I want move to July 23, no cancellation"
    ep = play([line, "yes thank you"], CHANGE4)
    assert "Shall I cancel" not in _after(ep, line) and not _calls(ep, "cancel_booking")


@pytest.mark.parametrize("text", ["no, cancel it", "no. cancel the booking please", "cancel it, no refund needed"])
def test_a_no_before_a_cancel_is_still_a_cancel(text):  # near misses
    assert parse(text, D.db).has("cancel")


def test_a_plain_cancel_is_still_offered():  # near miss
    line = f"{KIM} please cancel it"
    ep = play([line], CHANGE4)
    assert "Shall I cancel booking BKV5YN1X?" in _after(ep, line)


# --- F3. one passenger cancelled while the other still flies ---------------------------------------------------------

@pytest.mark.parametrize("line", ["booking BK17WTAZ, Costa. my wife can't come anymore, please cancel her seat, I'm still flying",
                                  "cancel booking BK17WTAZ, surname Costa, just him - I'm still going",
                                  "BK17WTAZ Costa. cancel my son's ticket please, I'm still travelling",
                                  "BK17WTAZ, Costa: can you cancel only her seat? I still fly",
                                  "BK17WTAZ Costa - cancel just my wife, I am still going on the trip"])
def test_one_passenger_cancelled_is_explained(line):
    ep = play([line], CANCEL1)
    reply = _after(ep, line)
    assert "Shall I cancel" not in reply and "remove" in reply and "What would you like to do?" in reply, reply
    ep = play([line, "yes"], CANCEL1)
    assert not _calls(ep, "cancel_booking")


@pytest.mark.parametrize("line", ["booking BK17WTAZ, Costa. please cancel it, we're not flying anymore",
                                  "cancel BK17WTAZ, Costa. my wife can't come so I'm not going either"])
def test_a_whole_cancel_is_still_offered(line):  # near misses
    ep = play([line], CANCEL1)
    assert "Shall I cancel booking BK17WTAZ?" in _after(ep, line)


# --- F5. pay now is a booking ----------------------------------------------------------------------------------------

PICK = ["option 2", "Arjun Schmidt"]


@pytest.mark.parametrize("first", [
    "book me Chicago to Miami on May 28, 2 people. Please lock in the price and book it today, I'll pay now",
    "Chicago to Miami May 28 for 2. I'd like to book and pay right away, don't charge me yet another fee though",
    "I need Chicago to Miami May 28 for 2. I want to lock in this fare before it goes up, go ahead and purchase it",
    "Chicago-Miami May 28, 2 ppl. prices keep going up so I want to lock it in now, just book it",
    "Chicago to Miami May 28 for 2, lock in the price, I'll pay right now by card"])
def test_a_purchase_with_hold_words_is_a_booking(first):
    ep = play([first] + PICK, ONE1)
    summary = _after(ep, PICK[-1])
    assert "Shall I book it?" in summary and "hold" not in summary, summary
    ep = play([first] + PICK + ["yes"], ONE1)
    assert booked(ep) == [(["SA5943"], 2)] and not _calls(ep, "hold_itinerary")


HOLDING = "Chicago to Miami May 28 for 2, can you lock in the price? I need to check with my boss before paying"


@pytest.mark.parametrize("line", ["yes, charge my card now", "no, not a hold. book it and charge me now",
                                  "no, not a hold. book it", "not a hold please! just buy it"])
def test_pay_now_at_a_hold_summary_gets_the_booking_summary(line):
    msgs = [HOLDING] + PICK
    ep = play(msgs, ONE1)
    assert "Shall I place the hold?" in _after(ep, PICK[-1])
    ep = play(msgs + [line], ONE1)
    reply = _after(ep, line)
    assert "Shall I book it?" in reply and "SA5943" in reply and "for 2 passengers" in reply, reply
    assert not booked(ep) and not _calls(ep, "hold_itinerary")
    ep = play(msgs + [line, "yes"], ONE1)
    assert booked(ep) == [(["SA5943"], 2)] and not _calls(ep, "hold_itinerary")


@pytest.mark.parametrize("line", ["yes", "yes, just don't charge my card now", "no, hold it. I'll book it later"])
def test_the_hold_summary_still_takes_its_own_answer(line):  # near misses
    ep = play([HOLDING] + PICK + [line], ONE1)
    assert not booked(ep) and "Shall I book it?" not in _after(ep, line)


@pytest.mark.parametrize("first", ["Chicago to Miami May 28 for 2, please lock in the price, I'll pay later",
                                   "Chicago to Miami May 28 for 2. lock in the fare, don't charge me yet"])
def test_lock_in_without_paying_now_is_still_a_hold(first):  # near misses
    ep = play([first] + PICK, ONE1)
    assert "Shall I place the hold?" in _after(ep, PICK[-1])


@pytest.mark.parametrize("text", ["lock in the price and book it today, I'll pay now", "book and pay right away",
                                  "lock it in now, just book it"])
def test_pay_now_asks_no_hold(text):
    assert not parse(text, D.db).has("hold")
