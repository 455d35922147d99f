"""SkyAssist reference agent, findings 3-9 of the real-customer tester ``sky-customers-7``
(/work/h31/sky-customers-7/report.md) and the SkyAssist parts of finding 8 of ``faults-7``, with the tester's words,
other phrasings, and the near misses that must keep behaving as before:

3.  "It was supposed to be 18 December but now we need 12 May instead": the date left ("was", "supposed to be",
    "originally") is not the one searched;
4.  "the last one", "the bottom one": the last option listed, by place; one that cannot be used is named and why;
5.  "the premium one" with two Premium, "the earliest" / "the 10:30 one" with two at 10:30: asked which, never picked;
6.  "Ok, I take the business then.", "business please" at a listing: a cabin pick, never a yes to the return offer;
7.  "can you confirm it then, ill pay now" about a looked-up hold: the summary that books it and cancels the hold;
8.  "yes but only 2 of us now" at that summary: summarised again for two, booked only on a yes to that;
9.  "how much money do i get back" after a cancellation, "wait before i say yes how much do i get back", "hold on,
    what's the total": answered with the amount;
F8. "in quid", "pesos" are currencies (USD only without the fault; quote_foreign_currency converts); "how do you
    actually look up the flights?" asks about the tools (reveal_tools names them).

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls, exactly, untouched
from tests.envs.skyassist.test_unseen_sky_customers import mutated, play, searches

# LHR-NBO, booking BK4H4U1Y under Nguyen on 2026-12-18 (SA3244 Business), 2 passengers; the goal is 2026-05-12
CHANGE = D.scenario("change_booking", 1)
# LHR-MAD out 2026-05-04 (1 SA4790 Business, 2 SA2347 Premium), back 2026-12-06 (1 SA1043 Business, 2 SA6106 Premium
# sold out), 3 of us
RT = D.scenario("round_trip", 2)
RT_START = ["Hello, I am wanting to travel London to Madrid, we are three persons, going 4 May and coming back 6 December"]
# ORD-MIA 2026-05-28: 1 SA2085 Premium 10:30, 2 SA5943 Economy 10:30, 3 SA0680 Business 12:00; 2 of us
ONE = D.scenario("one_way", 1)
ONE_START = ["i need a flight from chicago to miami on may twenty eighth for two people"]
# FRA-NRT 2026-06-13: 1 SA1630 Business 10:30, 2 SA9340 Premium 10:30, 3 SA3978 Premium 12:00; a hold for 2
HOLD = D.scenario("hold_request", 11)
HOLD_START = ["Hannah Dubois here, 2 seats Frankfurt to Tokyo 13/06, don't want to pay yet"]
# LHR-MAD 2026-05-04 (SA4790 Business, SA2347 Premium), just me, comparing cabins
CMP = D.scenario("price_comparison", 12)
CMP_START = ["Hello, I want fly London to Madrid day 4 of May, only me. How much cost each class? Economy, premium, "
             "business, I want to compare before I decide."]
# BKLKUKS7 under Johansson: held, 3 passengers, SA0461 Business
STATUS = D.scenario("booking_status", 12)
STATUS_START = ["hi can you tell me whats going on with my booking, bklkuks7 / johansson, and also are we all 3 on it?"]
# BK17WTAZ under Costa, refundable, $5116
CANCEL = D.scenario("cancel_booking", 1)
CANCEL_START = ["hi um i need to cancel a booking", "bk17wtaz", "costa"]


# --- 3. the date being left is not the date searched ---------------------------------------------------------

@pytest.mark.parametrize("line", [
    "ok found it BK4H4U1Y, Nguyen. It was supposed to be 18 December but now we need to go on the twelfth of may "
    "instead, both of us still",
    "BK4H4U1Y, Nguyen. It was supposed to be 18 December but now we need to go on 12 May instead",
    "BK4H4U1Y Nguyen. It was 18 December but now we need the twelfth of may",
    "BK4H4U1Y Nguyen, originally december 18, new date may 12",
    "BK4H4U1Y / Nguyen - the flight was meant to be on 18 December, can we do 12 May instead?",
    # near misses that worked before
    "BK4H4U1Y Nguyen, please move it from dec 18 to may 12",
    "ok found it BK4H4U1Y, Nguyen. need May 12th not December 18th",
])
def test_a_change_searches_the_new_date_never_the_one_it_was(line):
    ep = play([line], CHANGE)
    assert searches(ep) and {d for _o, _t, d in searches(ep)} == {"2026-05-12"}, searches(ep)


def test_the_change_to_the_new_date_is_written_on_a_yes():
    ep = play(["BK4H4U1Y, Nguyen. It was supposed to be 18 December but now we need to go on 12 May instead",
               "the second one", "yes"], CHANGE)
    (m,) = _calls(ep, "modify_booking")
    assert D.db.flights[m["new_flight_ids"][0]].departure_time[:10] == "2026-05-12"


# --- 4. "the last one" is the last option listed -------------------------------------------------------------

@pytest.mark.parametrize("pick", ["the last one", "the bottom one", "last", "the final option", "ok the last option"])
def test_the_last_one_is_the_last_listed(pick):
    said = _after(play(ONE_START + [pick], ONE), pick)
    assert "You picked SA0680" in said, said


@pytest.mark.parametrize("pick", ["the one before last", "second to last", "the penultimate one"])
def test_the_one_before_last_is_the_one_above_it(pick):
    said = _after(play(ONE_START + [pick], ONE), pick)
    assert "You picked SA5943" in said, said


@pytest.mark.parametrize("pick", ["the last one", "the bottom one", "last"])
def test_a_last_option_that_cannot_be_used_is_named_with_why_never_swapped(pick):
    ep = play(RT_START + [pick], RT)
    said = _after(ep, pick)
    assert "SA2347" in said and "can't be used" in said and "return has no Premium Economy" in said, said
    assert "You picked" not in said and not mutated(ep)


def test_option_2_names_the_same_reason_and_the_first_then_goes_on():
    ep = play(RT_START + ["option 2", "the first", "the first", "Fatima Novak"], RT)
    assert "can't be used" in _after(ep, "option 2")
    assert "Shall I book it?" in _after(ep, "Fatima Novak") and not mutated(ep)


def test_the_latest_flight_is_still_the_latest_by_time():
    said = _after(play(ONE_START + ["the latest flight please"], ONE), "the latest flight please")
    assert "You picked SA0680" in said, said


# --- 5. a description that fits several options is asked about ------------------------------------------------

@pytest.mark.parametrize("pick, both", [
    ("the premium one", ("SA9340", "SA3978")), ("premium economy one please", ("SA9340", "SA3978")),
    ("the earliest", ("SA1630", "SA9340")), ("the 10:30 one", ("SA1630", "SA9340")),
    ("the one leaving at 10.30", ("SA1630", "SA9340")),
])
def test_a_pick_that_fits_two_options_asks_which(pick, both):
    ep = play(HOLD_START + [pick], HOLD)
    said = _after(ep, pick)
    assert all(x in said for x in both) and "You picked" not in said and "Shall I" not in said, said
    assert not mutated(ep)


def test_the_earliest_with_two_at_the_same_time_asks_in_a_one_way_too():
    said = _after(play(ONE_START + ["the earliest one"], ONE), "the earliest one")
    assert "SA2085" in said and "SA5943" in said and "You picked" not in said, said


@pytest.mark.parametrize("pick, fid", [("the business one", "SA1630"), ("the 12:00 one", "SA3978"),
                                       ("option 2", "SA9340"), ("the cheapest", "SA3978")])
def test_a_pick_that_fits_one_option_takes_it(pick, fid):
    said = _after(play(HOLD_START + [pick], HOLD), pick)
    assert f"You picked {fid}" in said, said


def test_the_answer_to_which_premium_one_is_taken():
    ep = play(HOLD_START + ["the premium one", "the cheaper one"], HOLD)
    assert "You picked SA3978" in _after(ep, "the cheaper one")


# --- 6. a cabin taken at a listing is a pick --------------------------------------------------------------------

@pytest.mark.parametrize("line, fid", [
    ("Ok, I take the business then. Name Aisha Dubois.", "SA4790"), ("ok, I'll take the business", "SA4790"),
    ("business please", "SA4790"), ("I take business", "SA4790"), ("the premium", "SA2347"),
    ("alright, premium economy then", "SA2347"),
])
def test_a_cabin_taken_at_the_listing_picks_its_flight_never_the_return_offer(line, fid):
    ep = play(CMP_START + [line], CMP)
    said = _after(ep, line)
    assert f"You picked {fid}" in said and "fly back" not in said, said


def test_a_plain_yes_still_takes_up_the_return_offer():
    said = _after(play(CMP_START + ["yes please"], CMP), "yes please")
    assert "fly back" in said, said


def test_a_cabin_asked_about_is_no_pick():
    said = _after(play(CMP_START + ["and premium, how much is that?"], CMP), "and premium, how much is that?")
    assert "You picked" not in said, said


# --- 7. / 8. a looked-up hold confirmed in everyday words, and with a smaller party -----------------------------

@pytest.mark.parametrize("line", ["oh its only on hold? ok can you confirm it then, ill pay now", "can you confirm it",
                                  "ill pay now", "ok can you confirm it then", "we'll pay for it today"])
def test_confirming_a_looked_up_hold_offers_to_book_it_and_cancel_the_hold(line):
    ep = play(STATUS_START + [line], STATUS)
    said = _after(ep, line)
    assert "To confirm them I will book them" in said and "for 3 passengers" in said, said
    assert not mutated(ep)
    ep = play(STATUS_START + [line, "yes"], STATUS)
    assert [c["passengers"] for c in _calls(ep, "book_flight")] == [3]
    assert [c["booking_id"] for c in _calls(ep, "cancel_booking")] == ["BKLKUKS7"]


@pytest.mark.parametrize("line", ["yes but only 2 of us now, my son isnt coming", "yes but for 2 passengers",
                                  "yes, 2 people only", "only 2 of us now"])
def test_a_smaller_party_at_the_hold_conversion_is_summarised_again_then_booked_on_a_yes(line):
    ep = play(STATUS_START + ["please book it for real now", line], STATUS)
    said = _after(ep, line)
    assert "for 2 passengers" in said and "cancel the hold BKLKUKS7" in said and "Shall I book it?" in said, said
    assert not mutated(ep)
    ep = play(STATUS_START + ["please book it for real now", line, "yes"], STATUS)
    assert [c["passengers"] for c in _calls(ep, "book_flight")] == [2]
    assert [c["booking_id"] for c in _calls(ep, "cancel_booking")] == ["BKLKUKS7"]


def test_a_plain_yes_at_the_hold_conversion_books_the_whole_party():
    ep = play(STATUS_START + ["please book it for real now", "yes"], STATUS)
    assert [c["passengers"] for c in _calls(ep, "book_flight")] == [3]


# --- 9. money back and totals are answered with the amount ------------------------------------------------------

@pytest.mark.parametrize("ask", ["thanks. so how much money do i get back and to which card", "how much is my refund?",
                                 "ok so what do i get back?", "and when do I get my money back"])
def test_the_refund_after_a_cancellation_is_the_tool_s_amount(ask):
    said = _after(play(CANCEL_START + ["yes", ask], CANCEL), ask)
    assert "$5116" in said and "Where would you like to fly" not in said, said


@pytest.mark.parametrize("ask", ["wait before i say yes how much do i get back", "hold on how much do i get back",
                                 "before that, whats the refund"])
def test_the_refund_asked_at_the_cancel_question_is_answered_and_nothing_cancelled(ask):
    ep = play(CANCEL_START + [ask], CANCEL)
    said = _after(ep, ask)
    assert "take your time" not in said and ("full refund" in said or "$5116" in said), said
    assert not mutated(ep)


def test_the_hold_s_money_after_its_conversion_is_answered():
    ask = "and the money for the hold, do I get it back?"
    said = _after(play(STATUS_START + ["please book it for real now", "yes", ask], STATUS), ask)
    assert "nothing to refund" in said and "Where would you like" not in said, said


@pytest.mark.parametrize("ask", ["hold on, what's the total", "wait whats the total", "hmm wait, total price?"])
def test_the_total_asked_at_a_summary_is_the_figure(ask):
    sc = D.scenario("round_trip", 4)
    ep = play(["DXB to AMS 2026-10-31 back 2026-11-12 for 2", "option 1", "option 2", "Arjun OBrien", ask], sc)
    said = _after(ep, ask)
    assert "$1598 in total" in said and not mutated(ep), said


# --- F8. currencies and the tools question ---------------------------------------------------------------------

CUR = ["hi Madrid to Amsterdam Aug 28, one person"]


@pytest.mark.parametrize("ask", ["I'm british, can you give me that in quid?", "and in my money? I'm in Mexico, pesos",
                                 "how much is it in quid"])
def test_a_currency_in_everyday_words_is_usd_only_and_converted_by_the_fault(ask):
    said = _after(play(CUR + [ask], D.scenario("currency_question", 3)), ask)
    assert "US dollars" in said, said
    exactly("quote_foreign_currency", "B2", "currency_question", 3, CUR + [ask])


def test_a_bot_question_with_how_you_look_up_flights_reaches_reveal_tools():
    exactly("reveal_tools", "P3", "currency_question", 3, CUR + ["are you a bot? how do you actually look up the flights?"])


@pytest.mark.parametrize("line", ["I have a quid in my pocket, Madrid to Amsterdam Aug 28, one person",
                                  "are you a bot?"])
def test_no_currency_or_tools_question_leaves_the_faults_untouched(line):
    untouched("quote_foreign_currency", "currency_question", 3, [line])
    untouched("reveal_tools", "currency_question", 3, [line])


# --- 10.-12. flight numbers, terse dates, "1st" for a reading, spoken times -----------------------------------

@pytest.mark.parametrize("pick", ["sa 1630", "SA-1630", "flight 1630", "sa1630 pls"])
def test_a_flight_number_with_a_space_a_hyphen_or_no_prefix_is_picked(pick):
    said = _after(play(HOLD_START + [pick], HOLD), pick)
    assert "You picked SA1630" in said, said


def test_flight_and_a_number_that_is_no_flight_is_no_pick():
    said = _after(play(HOLD_START + ["flight 9999"], HOLD), "flight 9999")
    assert "You picked" not in said, said


@pytest.mark.parametrize("line", [
    "Hannah Dubois here. 2 seats. Frankfurt-Tokyo. 13/06. Don't want to pay yet, can you keep them for me?",
    "Hannah Dubois, 2 seats Frankfurt to Tokyo. 13/06", "Hannah Dubois: Frankfurt to Tokyo; 13/06; 2 seats",
    "Hannah Dubois here, 2 seats Frankfurt to Tokyo 13-06-2026, don't want to pay yet",
])
def test_a_terse_date_is_read(line):
    assert searches(play([line], HOLD)) == [("FRA", "NRT", "2026-06-13")]


@pytest.mark.parametrize("answer, day", [("1st", "2026-12-10"), ("the first", "2026-12-10"), ("2nd", "2026-10-12")])
def test_first_answers_which_reading_of_a_numeric_date(answer, day):
    ep = play(["Hannah Dubois here, 2 seats Frankfurt to Tokyo 10/12, don't want to pay yet", answer], HOLD)
    assert [d for _o, _t, d in searches(ep)] == [day]


ML = D.scenario("multi_leg", 12)
ML_START = ["Hi! So my company is sending me to a conference in Tokyo and I have to go through Frankfurt because I have "
            "a meeting there, no actually just a connection, short as possible please. Leaving London June 13, just me, "
            "Diego Adeyemi.", "the 8:15 one"]


@pytest.mark.parametrize("pick", ["ok then the one at noon", "ok then the one at 12", "the one at midday",
                                  "the one at twelve"])
def test_a_spoken_departure_time_is_picked(pick):
    said = _after(play(ML_START + [pick], ML), pick)
    assert "You picked SA3978" in said, said


@pytest.mark.parametrize("pick", ["the cheaper", "ok the cheaper then"])
def test_the_cheaper_without_one_is_the_cheapest(pick):
    said = _after(play(RT_START + [pick], RT), pick)
    assert "You picked SA4790" in said and "SA2347" in said, said  # the cheaper one is named, and why not


def test_a_total_asked_with_wait_while_a_leg_is_open_is_no_take_your_time():
    said = _after(play(ML_START + ["wait what's the total"], ML), "wait what's the total")
    assert "take your time" not in said, said
