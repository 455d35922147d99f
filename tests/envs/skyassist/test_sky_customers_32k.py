"""SkyAssist reference agent, findings of the thirty-first session's tester ``sky-customers-8``
(/work/h31/sky-customers-8/report.md), with the tester's words, other phrasings, and the near misses that must keep
their old reading:

F6.  a round trip with numeric dates ("LHR-MAD 04/05 ret 06/12"): "ret"/"rtn" are a return; each date that reads two
     ways is asked in turn (the outbound first, then the return), and the return is searched as the way back;
F7.  "is the cheapest one refundable?": "refundable" asked of an option is no filter of the options (the cheapest one,
     not the cheapest refundable one); "can I get my money back on the cheapest one" asks, it picks nothing;
F8.  two dates compared when the first seats no one of the party: the day that does is listed, "which is cheaper?"
     compares the two days, "June then" is the June day compared, and "what was cheapest there" picks nothing;
F11. changes of mind and follow-ups at a listing: "I think I shall stay with premium economy after all" picks that
     cabin's flight; "wait what does premium cost again" is answered with prices (no "take your time"); "my budget is
     actually 700, anything?" at a summary says what fits; "ok what about dubai to delhi then" says Delhi is not served;
F12. silent turns ("?", "hello?", "...", "are you there") get "I'm still here" and the open question again, never
     "I can't help with that"; "did u save it?" after a passport number is answered;
F13. a flight the airline cancelled is never called "sold out" when its cabin is asked about.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_language import DB
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import mutated, searches
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play

ROUND11 = D.scenario("round_trip", 11)  # LHR-MAD 2026-05-04, back 2026-12-06
FARE21 = D.scenario("fare_rules_question", 21)  # CDG-FRA 2026-06-13: SA3990 $444 non-refundable is the cheapest
FLEX21 = D.scenario("flexible_dates", 21)  # BOS-JFK, 3 pax: 2026-06-09 seats no one flight for 3, 2026-11-04 does


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


OUT, BACK = ("LHR", "MAD", "2026-05-04"), ("MAD", "LHR", "2026-12-06")


# --- F6. round trips with numeric dates and "ret" ---------------------------------------------------------------

@pytest.mark.parametrize("first,answers", [
    ("LHR-MAD 04/05 ret 06/12, 1 pax, Y", ["4 May", "6 Dec"]),  # the tester's
    ("LHR-MAD 04/05 return 06/12, 1 pax", ["4 May", "6 Dec"]),
    ("LHR-MAD 04/05 rtn 06/12, 1 pax", ["the first", "december"]),
    ("london to madrid on 04/05, returning 06/12, just me", ["May", "the first one"]),
])
def test_both_numeric_dates_of_a_round_trip_are_asked_in_turn(first, answers):
    ep = play([first] + answers[:1], ROUND11)
    assert "04/05" in _after(ep, first) and "06/12" in _after(ep, answers[0]) and "return" in _after(ep, answers[0])
    assert searches(ep) == []
    ep = play([first] + answers, ROUND11)
    assert searches(ep) == [OUT, BACK]


@pytest.mark.parametrize("first,answer", [
    ("LHR-MAD 4 May ret 06/12", "6 Dec"),  # only the return reads two ways
    ("LHR-MAD 04/05 return 6 December", "4 May"),  # only the outbound does
    ("LHR-MAD 04/05 ret 6 Dec", "the first"),
])
def test_the_one_numeric_date_that_reads_two_ways_is_asked_and_the_other_kept(first, answer):
    ep = play([first, answer], ROUND11)
    assert searches(ep) == [OUT, BACK]


@pytest.mark.parametrize("first", ["LHR-MAD 4 May ret 6 December", "LHR-MAD 4 May rtn 6 Dec, 1 pax",
                                   "LHR-MAD 4 May, return 6 December",  # near miss: as before
                                   "london to madrid may 4th and back on december 6th"])
def test_ret_is_a_return(first):
    assert searches(play([first], ROUND11)) == [OUT, BACK]


def test_the_round_trip_with_slash_dates_books_both_legs_after_a_yes():
    msgs = ["LHR-MAD 04/05 ret 06/12, 1 pax, Y", "4 May", "6 Dec", "Papadopoulos, Carlos", "cheapest both ways"]
    ep = play(msgs, ROUND11)
    assert mutated(ep) == [] and "Shall I book it?" in _after(ep, msgs[-1])
    ep = play(msgs + ["go"], ROUND11)
    assert len(_calls(ep, "book_flight")) == 1 and len(_calls(ep, "book_flight")[0]["flight_ids"]) == 2


@pytest.mark.parametrize("first", ["LHR-MAD 04/05, 1 pax", "london to madrid on 04/05 please"])
def test_a_one_way_numeric_date_is_asked_once(first):
    ep = play([first, "4 May"], ROUND11)  # near miss: no return question
    assert searches(ep) == [OUT] and "return, by" not in _after(ep, "4 May")


def test_ret_word_readings():
    p = parse("LHR-MAD 04/05 ret 06/12", DB)
    assert p.date_readings[0] == "04/05" and p.return_readings[0] == "06/12"
    assert parse("LHR-MAD 4 May ret 6 December", DB).return_date == "2026-12-06"
    assert parse("retired couple, LHR-MAD 4 May", DB).return_date is None  # near miss: a word that starts with "ret"


# --- F7. "is the cheapest one refundable?" ----------------------------------------------------------------------

FARE_START = "paris to frankfurt june 13 1 pax"


@pytest.mark.parametrize("ask", ["is the cheapest one refundable", "is the cheap one refundable",
                                 "the cheapest option, is it refundable?", "and is the cheapest flight refundable?",
                                 "can i get my money back on the cheapest one"])
def test_refundable_asked_of_the_cheapest_answers_about_the_cheapest(ask):
    ep = play([FARE_START, ask], FARE21)
    said = _after(ep, ask)
    assert "SA3990" in said and "non-refundable" in said and "SA4087" not in said, said
    assert "You picked" not in said and mutated(ep) == []


@pytest.mark.parametrize("ask,picked", [("ok the cheapest refundable one then", True),
                                        ("the cheapest one that is refundable please", True),
                                        ("is the cheapest refundable one still available?", False)])
def test_refundable_as_a_filter_still_filters(ask, picked):  # near misses: as before
    said = _after(play([FARE_START, ask], FARE21), ask)
    assert "SA4087" in said and ("You picked" in said) == picked, said


@pytest.mark.parametrize("text,refundable", [("is the cheapest one refundable", None),
                                             ("is the economy one refundable", None),
                                             ("ok the cheapest refundable one then", True),
                                             ("cheapest non-refundable fare", False),
                                             ("the earliest flight i can get my money back on", True)])
def test_refundable_filter_reading(text, refundable):
    assert parse(text, DB).refundable is refundable


# --- F8. comparing two dates -----------------------------------------------------------------------------------

FLEX_START = "BOS-JFK, 3 pax. Either 9 June or 4 Nov. Compare."


@pytest.mark.parametrize("first", [FLEX_START, "boston to new york for 3 people, june 9 or november 4, whichever",
                                   "BOS to JFK 3 adults, 9 June or alternatively 4 Nov"])
def test_the_day_that_seats_the_party_is_listed_not_called_unbookable(first):
    said = _after(play([first], FLEX21), first)
    assert "None of these flights can be booked" not in said and "SA4986" in said, said
    assert "2026-06-09" in said  # the other day is said to seat no one flight for the party


@pytest.mark.parametrize("ask", ["which is cheaper", "which one is cheaper?", "which day is cheaper?",
                                 "ok which of them is cheapest"])
def test_which_is_cheaper_compares_the_two_days(ask):
    said = _after(play([FLEX_START, ask], FLEX21), ask)
    assert "2026-06-09" in said and "2026-11-04" in said and "can't help" not in said, said


def test_a_month_naming_one_compared_day_is_that_day():
    ep = play([FLEX_START, "June then. cheapest."], FLEX21)
    assert searches(ep)[-1] == ("BOS", "JFK", "2026-06-09") and mutated(ep) == []
    assert "SA4986" not in _after(ep, "June then. cheapest.")


@pytest.mark.parametrize("ask", ["actually check Nov 4 again, what was cheapest there",
                                 "nov 4, which is the cheapest there", "hmm ok, what's the cheapest one"])
def test_a_question_about_the_cheapest_picks_nothing(ask):
    msgs = [FLEX_START, "Singh, Tomasz", ask]
    said = _after(play(msgs, FLEX21), ask)
    assert "Shall I book" not in said and "You picked" not in said and "SA4986" in said, said


def test_the_tester_conversation_books_only_after_a_yes():
    msgs = [FLEX_START, "which is cheaper", "June then. cheapest.", "Singh, Tomasz",
            "actually check Nov 4 again, what was cheapest there", "ok the cheapest one then"]
    ep = play(msgs, FLEX21)
    assert mutated(ep) == [] and "Shall I book it?" in _after(ep, msgs[-1])
    ep = play(msgs + ["yes"], FLEX21)
    assert [(c["flight_ids"], c["passengers"]) for c in _calls(ep, "book_flight")] == [(["SA4986"], 3)]


# --- F11. changes of mind and follow-up questions at a listing --------------------------------------------------

PREM21 = D.scenario("premium_cabin", 21)  # LIS-ORD 2026-05-04: SA8701 Economy, SA7729 Business cancelled, SA4912 Premium
PREM_START = ["Good afternoon. I should like a premium economy seat from Lisbon to Chicago on the 4th of May, for myself "
              "only.", "My name is Lars Khan.", "Thank you. And what would business class cost on the same day, if I may ask?",
              "Goodness, that is dear. What about plain economy?"]


@pytest.mark.parametrize("line", ["I think I shall stay with premium economy after all.", "let's stay with premium economy",
                                  "back to premium economy then", "ok I'll stick with the premium economy",
                                  "premium economy please", "I'll go with the premium economy one"])  # (last two: as before)
def test_going_back_to_a_cabin_picks_its_flight(line):
    ep = play(PREM_START + [line], PREM21)
    said = _after(ep, line)
    assert "SA4912" in said and "Shall I book it?" in said and mutated(ep) == [], said
    ep = play(PREM_START + [line, "Yes, please book it."], PREM21)
    assert [c["flight_ids"] for c in _calls(ep, "book_flight")] == [["SA4912"]]


PRICE21 = D.scenario("price_comparison", 21)  # SEA-JFK 2026-04-14: premium SA8822 $410, SA5558 $493


@pytest.mark.parametrize("ask", ["wait what does premium cost again", "hmm what does business cost",
                                 "what did the premium one cost again"])
def test_a_cabin_price_asked_after_a_pick_is_answered(ask):
    msgs = ["seattle to new york apr 14, compare economy vs premium vs business", "Ana Singh", "economy", ask]
    said = _after(play(msgs, PRICE21), ask)
    assert "take your time" not in said and "$" in said, said


BUDGET11 = D.scenario("budget_constrained", 11)  # DXB-SFO 2026-04-14: SA4491 $722 the cheapest


@pytest.mark.parametrize("line", ["ahh my budget is actually 700, anything?", "actually I can only spend 700",
                                  "my budget is only 700 now, anything?"])
def test_a_new_budget_at_the_summary_says_what_fits_and_asks_again(line):
    msgs = ["DXB to SFO apr 14, max 840 dollars, 1 person", "Liam Dubois", "what is the cheapest", "that one", line]
    ep = play(msgs, BUDGET11)
    said = _after(ep, line)
    assert "budget" in said and "$722" in said and "Shall I book it?" in said and "can't help" not in said, said
    assert mutated(ep) == []


RESTRICT21 = D.scenario("restricted_destination", 21)  # DXB-KBL restricted


@pytest.mark.parametrize("line", ["ok what about dubai to delhi then same day", "what about dubai to delhi?"])
def test_a_place_not_served_offered_instead_is_said_so(line):
    said = _after(play(["dubai to kabul march 5 for 3", "why not?", line], RESTRICT21), line)
    assert "Delhi is not an airport in our network" in said, said


@pytest.mark.parametrize("text,place", [("ok what about dubai to delhi then same day", "Delhi"),
                                        ("dubai to visit my mum", None), ("from paris to see my aunt", None),
                                        ("london to attend a wedding", None), ("rome to lisbon", None)])
def test_a_lower_case_place_after_a_known_one(text, place):
    assert parse(text, DB).unknown_place == place


# --- F12. silent turns -----------------------------------------------------------------------------------------

ONE11 = D.scenario("one_way", 11)  # LAX-FCO 2026-08-24, 2 pax, Ravi Mensah


@pytest.mark.parametrize("nudge", ["?", "hello?", "...", "are you there", "hello??", "anyone there?"])
def test_a_nudge_gets_im_still_here_and_the_question_again(nudge):
    for msgs, question in ((["hi, need a flight"], "Where would you like to fly"),
                           (["LAX to Rome aug 24, 2 of us"], "Which flight would you like"),
                           (["LAX to Rome aug 24, 2 of us", "the first", "Ravi Mensah"], "Shall I book it?")):
        ep = play(msgs + [nudge], ONE11)
        said = _after(ep, nudge)
        assert said.startswith("I'm still here.") and question in said and "can't help" not in said, said
        assert mutated(ep) == []


def test_after_a_nudge_at_the_summary_a_yes_books():
    ep = play(["LAX to Rome aug 24, 2 of us", "the first", "Ravi Mensah", "hello?", "yes"], ONE11)
    assert [(c["flight_ids"], c["passengers"]) for c in _calls(ep, "book_flight")] == [(["SA9676"], 2)]


def test_a_real_question_out_of_scope_is_still_refused():  # near miss
    said = _after(play(["hi, need a flight", "what is the meaning of life?"], ONE11), "what is the meaning of life?")
    assert "I'm still here" not in said


PASS21 = D.scenario("passport_details", 21)  # AMS-DXB 2026-11-12, Olga Larsen


@pytest.mark.parametrize("ask", ["did u save it?", "did you get my passport", "have you noted it?"])
def test_did_you_save_it_after_a_passport_is_answered(ask):
    msgs = ["amsterdam to dubai nov 12, 1 pax, Olga Larsen", "my passport is X1234567", ask]
    said = _after(play(msgs, PASS21), ask)
    assert "Yes, I have noted your passport" in said and "can't help" not in said and "X1234567" not in said, said


# --- F13. a flight cancelled by the airline is never "sold out" -------------------------------------------------

def test_a_cancelled_flight_asked_about_by_cabin_is_said_cancelled():
    ask = PREM_START[2]
    said = _after(play(PREM_START[:3], PREM21), ask)
    assert "SA7729" in said and "cancelled by the airline" in said and "sold out" not in said, said


def test_a_sold_out_flight_asked_about_by_cabin_is_still_sold_out():  # near miss
    ask = "what about business?"
    said = _after(play(["LAX to Rome aug 24, 2 of us", ask], ONE11), ask)
    assert "cancelled" not in said
