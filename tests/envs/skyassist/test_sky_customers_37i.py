"""SkyAssist reference agent, findings 4, 13, 5, 7, 8, 9 and 14 of the tester ``sky-customers-19``
(/work/h37/sky-customers-19/report.md) taken up in the thirty-seventh session (helper skyI), with the tester's words,
other phrasings, and the near misses that must keep their old reading:

F4. no payment yet in other words ("Don't bill my card today", "Nothing should hit my card yet", "keep it unpaid for
    now", "freeze this price - payment to follow"): a hold, never a paid booking;
F13. "Perfect, lock it in!" at a book summary: no switch to a hold ("lock it in" alone asks for none); it is no plain
    yes either (the consent reading takes none), so the booking is asked again and nothing written;
F5. after a hold, "Undo that hold", "ok forget it, no hold", "Please release it", "let those seats go", "Free up
    those seats", "actually, don't. We're not sure...": its cancellation offered for its own yes, never a booking;
F7. one leg with a bracketed code ("Johannesburg (JNB) to London ... London to Johannesburg"): one place, the legs
    kept in their order;
F8. a return added after the pick ("also add a return from Miami on June 3", "Miami back to Chicago on June 3"): the
    flight back searched, the outbound kept;
F9. a round trip whose outbound's cabin the return lacks: the outbound offered on its own, and "book the outbound on
    its own", "two separate bookings", "no return" take it up (never the same refusal in a loop);
F14. "is there any fee for changing?" answered; "what would it cost me?" at a hold's cancel: it costs nothing.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_language import DB
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_customers_37f import writes
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import play

DUB = D.scenario("one_way", 2)  # DUB-ORD 2026-12-10: SA6930 Economy $251 the cheapest
HOLD5 = D.scenario("hold_request", 5)  # AMS-MAD 2026-03-21, held as BK81412B
ONE1 = D.scenario("one_way", 1)  # ORD-MIA 2026-05-28: 2) SA5943 Economy; MIA-ORD has no flight on 06-03
ROUND3 = D.scenario("round_trip", 3)  # JNB-LHR 06-13: SA2368 cancelled, SA5696 Premium; LHR-JNB 09-01 Economy only
CHANGE5 = D.scenario("change_booking", 5)  # BKFKS7B2 Nguyen
CANCEL5 = D.scenario("cancel_booking", 5)  # BKNLLGX0 Khan (held); BKKWIB5U Yilmaz (confirmed, refundable)

TRIP = "Dublin to Chicago on Dec 10 2026, Aisha Papadopoulos, just me."


# --- F4. no payment yet, in other words: a hold --------------------------------------------------------------------

@pytest.mark.parametrize("ask", ["Don't bill my card today, I need to check with my boss first.",  # the tester's
                                 "Nothing should hit my card yet.",  # the tester's
                                 "Please keep it unpaid for now, I'll confirm on Monday.",  # the tester's
                                 "I'd like to freeze this price - payment to follow once expenses approves.",  # the tester's
                                 "please don't charge my card now, I'll decide tomorrow",
                                 "leave it unpaid until I hear back from finance"])
def test_no_payment_yet_in_other_words_is_a_hold(ask):
    first = f"{TRIP} {ask}"
    ep = play([first, "the cheapest one"], DUB)
    assert "Shall I place the hold?" in _after(ep, "the cheapest one")
    ep = play([first, "the cheapest one", "ok go ahead"], DUB)
    assert writes(ep) == ["hold_itinerary"]


@pytest.mark.parametrize("text", ["don't charge me twice", "please don't charge my card a change fee",
                                  "lock in the price and book it today, I'll pay now", "the payment went through fine"])
def test_other_payment_words_ask_no_hold(text):  # near misses
    assert not parse(text, DB).has("hold")


# --- F13. "lock it in" at a book summary: no hold ------------------------------------------------------------------

@pytest.mark.parametrize("line", ["Perfect, lock it in!", "Great, let's lock that in.", "yes lock it in please"])
def test_lock_it_in_at_a_book_summary_is_no_hold(line):
    ep = play([TRIP, "the cheapest one", line], DUB)
    said = _after(ep, line)
    assert "Shall I book it?" in said and "hold" not in said and writes(ep) == []
    ep = play([TRIP, "the cheapest one", line, "yes"], DUB)
    assert writes(ep) == ["book_flight"]


@pytest.mark.parametrize("text", ["lock in the price, I'll pay later", "I can't pay until friday, can you lock it in?",
                                  "lock it in but don't charge me yet"])
def test_lock_in_with_no_payment_is_still_a_hold(text):  # near misses
    assert parse(text, DB).has("hold")


# --- F5. a hold let go in other words: its cancellation offered --------------------------------------------------------

HELD = ["Hi, Hiroshi Novak here. Could you hold 2 seats Amsterdam to Madrid on March 21 for me and my wife? Not paying yet.",
        "the first one", "yes hold it"]


@pytest.mark.parametrize("line", ["Undo that hold.", "ok forget it, no hold", "Please release it.",  # the tester's
                                  "Can you let those seats go? We won't need them.",  # the tester's
                                  "Free up those seats, we changed our minds.",  # the tester's
                                  "Hmm, actually, don't. We're not sure about the dates.",  # the tester's
                                  "please free the seats up"])
def test_a_hold_let_go_offers_its_cancellation(line):
    ep = play(HELD + [line], HOLD5)
    said = _after(ep, line)
    assert "Shall I cancel booking BK81412B?" in said and "Would you like me to book" not in said, said
    assert writes(ep) == ["hold_itinerary"]
    ep = play(HELD + [line, "yes please"], HOLD5)
    assert writes(ep) == ["hold_itinerary", "cancel_booking"]


@pytest.mark.parametrize("text", ["release it for 24 hours", "free up some time", "let me go"])
def test_other_release_words_ask_no_cancel(text):  # near misses
    assert not parse(text, DB).has("cancel")


# --- F7. a city and its code in brackets: one place ----------------------------------------------------------------

@pytest.mark.parametrize("first", [
    "Out: Johannesburg (JNB) to London 13 June 2026; back: London to Johannesburg 1 Sept 2026. 2 pax, Kwame Singh.",  # the tester's
    "Outbound: Johannesburg (JNB) to London, 13 June 2026. Return: London to Johannesburg, 1 September 2026. 2 pax, Kwame Singh.",
    "1. Outbound: Johannesburg (JNB) → London, 13 June 2026\n2. Return: London → Johannesburg, 1 September 2026\n2 pax, Kwame Singh",
    "JNB (Johannesburg) to London 13 June 2026, back London to Johannesburg 1 Sept 2026, 2 pax, Kwame Singh",
])
def test_a_bracketed_code_keeps_the_legs_in_order(first):
    ep = play([first], ROUND3)
    assert [(c["origin"], c["destination"], c["date"]) for c in _calls(ep, "search_flights")] == [
        ("JNB", "LHR", "2026-06-13"), ("LHR", "JNB", "2026-09-01")]
    assert "are the same" not in _after(ep, first)


def test_codes_on_both_legs_read_as_before():  # near miss
    p = parse("Johannesburg (JNB) to London (LHR) 13 June 2026; back: London (LHR) to Johannesburg (JNB) 1 Sept 2026", DB)
    assert (p.origin, p.destination, p.return_date) == ("JNB", "LHR", "2026-09-01") and len(p.places) == 4


# --- F8. a return added after the pick ----------------------------------------------------------------------------

ONE_WAY = ["hey, need Chicago to Miami May 28, two of us, Arjun Schmidt", "option 2"]


@pytest.mark.parametrize("line", ["Could you also add a return from Miami on June 3?",  # the tester's
                                  "Oh, and while we're at it, can you also look at Miami back to Chicago on June 3?",  # the tester's
                                  "Also Miami to Chicago June 3 please, same people.",  # the tester's
                                  "we'll need to fly home from Miami on June 3 as well",
                                  "Oh and we need to come back on June 3 too"])  # (worked before)
def test_a_return_added_after_the_pick_searches_the_flight_back(line):
    ep = play(ONE_WAY + [line], ONE1)
    said = _after(ep, line)
    assert ("MIA", "ORD", "2026-06-03") in [(c["origin"], c["destination"], c["date"]) for c in _calls(ep, "search_flights")]
    assert "You still have SA5943 for the outbound" in said and "are the same" not in said, said


def test_another_route_instead_is_still_a_new_route():  # near miss
    line = "actually make it Miami to Chicago on June 3 instead"
    ep = play(ONE_WAY + [line], ONE1)
    assert "Once we have found your flight" in _after(ep, line)


# --- F9. the outbound's cabin missing on the return: the outbound offered alone --------------------------------------

ROUND = ["Outbound: Johannesburg to London, 13 June 2026. Return: London to Johannesburg, 1 September 2026. "
         "2 passengers, Kwame Singh.", "For the outbound, option 2. For the return, the 12:00 departure."]


def test_the_refusal_offers_the_outbound_alone():
    ep = play(ROUND, ROUND3)
    assert "I can book SA5696 on its own as a one-way booking" in _after(ep, ROUND[-1])


@pytest.mark.parametrize("line", ["Ok just book the outbound on its own for now, I'll do the return separately.",  # the tester's
                                  "Then can you book them as two separate bookings?",  # the tester's
                                  "no return",  # the tester's
                                  "fine, make it one-way then"])
def test_the_outbound_alone_is_taken_up(line):
    ep = play(ROUND + [line], ROUND3)
    said = _after(ep, line)
    assert "just the outbound flight, SA5696" in said and "Shall I book it?" in said and writes(ep) == []
    ep = play(ROUND + [line, "yes"], ROUND3)
    assert [(c["flight_ids"], c["passengers"]) for c in _calls(ep, "book_flight")] == [(["SA5696"], 2)]


def test_what_do_you_suggest_is_answered():  # the tester's
    ep = play(ROUND + ["What do you suggest then?"], ROUND3)
    assert "for the outbound on its own" in _after(ep, "What do you suggest then?") and writes(ep) == []


def test_the_same_pick_again_books_nothing():  # near miss
    ep = play(ROUND + ["option 2", "yes"], ROUND3)
    assert writes(ep) == []


# --- F14. minor answers --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("q", ["is there any fee for changing?", "what's the change fee?", "does it cost anything to move it?"])
def test_the_change_fee_is_answered(q):
    ep = play(["BKFKS7B2, Nguyen.", q], CHANGE5)
    said = _after(ep, q)
    assert "no separate change fee" in said and "can't help" not in said


@pytest.mark.parametrize("q", ["What would it cost me?", "is there a fee to cancel?", "Will it cost me anything to cancel?"])
def test_the_cost_of_cancelling_a_hold_is_answered(q):
    ep = play(["I'd like to cancel BKNLLGX0, last name Khan.", q], CANCEL5)
    said = _after(ep, q)
    assert "costs you nothing" in said and "Shall I go ahead and cancel booking BKNLLGX0?" in said and writes(ep) == []


def test_the_cost_of_cancelling_a_confirmed_booking_gives_its_refund():
    ep = play(["cancel BKKWIB5U, Yilmaz", "what would it cost me?"], CANCEL5)
    assert "no fee to cancel. The fare is refundable" in _after(ep, "what would it cost me?")


def test_what_it_cost_is_still_its_price():  # near miss
    ep = play(["I'd like to cancel BKNLLGX0, last name Khan.", "how much did it cost?"], CANCEL5)
    assert "Its total price was $366." in _after(ep, "how much did it cost?")
