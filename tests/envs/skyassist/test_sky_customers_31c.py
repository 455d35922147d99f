"""SkyAssist reference agent, findings of the thirty-first session's tester ``sky-customers-8``
(/work/h31/sky-customers-8/report.md), with the tester's words, other phrasings, and the near misses that must
keep their old reading:

1.  "yes quick", "ok fast" at the name question: a yes or a word of hurry is never a first name (the name said
    after the count in the first message, "1 pax Felix Nguyen", is still asked for: the S1 verifier does not read
    it as the customer's, so a booking under it would be flagged);
2.  a new count said alone at a summary ("actually 4, she can come", "actually 4", "4 please", "no no, 4 again"):
    summarised again for that count, never the old count booked;
3.  after a hold for 9 of a group of 12, "now the other 3, same flight, book those": a new booking for 3, the hold
    for 9 left as it is (never turned into a booking of 9);
4.  "another seat on the 13:30 for my son, hold it" after the customer's own booking: one seat, not two;
5.  a seat for a colleague, wife, son or boss after the customer's own booking: that traveller's name is asked,
    never the customer's name put on it.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import json

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_language import DB
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play

URGENT = D.scenario("urgent_booking", 21)  # JFK-YYZ 2026-03-25: cheapest SA6960 Economy 12:00
GROUP = D.scenario("group_booking", 11)  # LHR-FCO 2026-07-23: the cheap one SA7310 Premium
LARGE = D.scenario("large_group", 11)  # FRA-SIN 2026-12-30, 12 colleagues: SA4478 Business
HOLD = D.scenario("hold_request", 21)  # FCO-LAX 2026-04-02: SA7952 07:45 Economy (cheapest), SA7300 13:30 Economy


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


def _writes(ep) -> list[tuple[str, dict]]:
    """The writes made, in order."""
    return [(c["function"]["name"], json.loads(c["function"]["arguments"])) for m in ep.messages
            for c in m.get("tool_calls") or []
            if c["function"]["name"] in ("book_flight", "hold_itinerary", "cancel_booking", "modify_booking")]


# --- 1. a yes or a word of hurry is never a name ---------------------------------------------------------------

URGENT_START = ["URGENT need NY to toronto march 25 asap 1 pax", "cheapest"]


@pytest.mark.parametrize("line", ["yes quick", "ok fast", "yes hurry", "quick", "fast please", "yes, quickly",
                                  "ok asap", "yes fast fast", "hurry up"])
def test_a_yes_or_a_hurry_word_at_the_name_question_is_no_name(line):
    ep = play(URGENT_START + [line], URGENT)
    said = _after(ep, line)
    assert "last name?" not in said and "name" in said, said
    ep = play(URGENT_START + [line, "Felix Nguyen", "yes"], URGENT)
    (b,) = _calls(ep, "book_flight")
    assert (b["first_name"], b["last_name"]) == ("Felix", "Nguyen")


@pytest.mark.parametrize("text", ["yes quick", "ok fast", "quick quick", "faster please", "yes rush", "asap pls"])
def test_hurry_words_read_as_no_name_when_a_name_is_asked(text):
    p = parse(text, DB, "name")
    assert (p.first_name, p.last_name) == (None, None)


@pytest.mark.parametrize("text,first,last", [("Felix", "Felix", None), ("yes, Felix Nguyen", "Felix", "Nguyen"),
                                             ("Quinn Fastow", "Quinn", "Fastow")])
def test_a_given_name_at_the_name_question_still_reads(text, first, last):
    p = parse(text, DB, "name")
    assert (p.first_name, p.last_name) == (first, last)


# --- 2. a new count said alone at a summary -------------------------------------------------------------------

GROUP_START = ["hola, we are 4 persons, familia, London to Rome 23 july please", "Leila Ivanova",
               "the cheap one por favor", "perdón, my mother no come, only 3 persons"]


@pytest.mark.parametrize("line", ["actually 4, she can come", "actually 4", "4 please", "4 please, she is coming",
                                  "she can come after all, 4", "no no, 4 again", "actually 4, my mother can come",
                                  "sorry, 4 after all"])
def test_a_bare_new_count_at_a_summary_is_summarised_again_and_booked_so(line):
    ep = play(GROUP_START + [line], GROUP)
    said = _after(ep, line)
    assert "for 4 passengers" in said and "for 3 passengers" not in said, said
    assert not _writes(ep)
    ep = play(GROUP_START + [line, "ok yes book"], GROUP)
    (b,) = _calls(ep, "book_flight")
    assert b["passengers"] == 4


@pytest.mark.parametrize("line,n", [("yes", 3), ("make it 4", 4), ("4 people", 4), ("ok yes book", 3)])
def test_the_counts_read_before_at_a_summary_keep_their_reading(line, n):
    ep = play(GROUP_START + [line] + (["yes"] if n == 4 else []), GROUP)
    (b,) = _calls(ep, "book_flight")
    assert b["passengers"] == n


def test_the_same_count_again_at_a_summary_changes_nothing():
    ep = play(GROUP_START + ["3 please"], GROUP)
    assert not _writes(ep) and "for 3 passengers" in _after(ep, "3 please")


# --- 3. the rest of a group after a hold for part of it -------------------------------------------------------

LARGE_START = ["Hi, I'm organising a trip for 12 colleagues Frankfurt to Singapore on 30 December", "Aisha Haddad",
               "ok split it, first 9 on the business one", "ok and actually hold it don't book", "yes"]


@pytest.mark.parametrize("line", ["great. now the other 3, same flight, but book those properly",
                                  "now book the remaining 3 on the same flight",
                                  "and 3 more on that flight please, book them",
                                  "ok now the last 3 on the same flight, book them"])
def test_the_rest_of_a_group_after_a_hold_is_a_new_booking_of_its_own(line):
    ep = play(LARGE_START + [line], LARGE)
    said = _after(ep, line)
    assert "for 9 passengers" not in said and "cancel the hold" not in said, said
    named = ["Omar Haddad"] if "name" in said else []  # the second part's lead passenger may be asked
    ep = play(LARGE_START + [line] + named + ["yes"], LARGE)
    writes = _writes(ep)
    assert [n for n, _ in writes] == ["hold_itinerary", "book_flight"], writes
    assert writes[0][1]["passengers"] == 9 and writes[1][1]["passengers"] == 3


def test_the_other_three_named_with_their_flight_still_reads():
    line = "the other three people on SA4478 too please"
    ep = play(LARGE_START + [line], LARGE)
    said = _after(ep, line)
    assert "for 9 passengers" not in said and "cancel the hold" not in said, said


# --- 4 and 5. a seat for someone else after the customer's own booking ---------------------------------------

HOLD_START = ["hi need rome to los angeles apr 2 for 1", "cheapest pls", "Lars Dubois", "yes book it"]


@pytest.mark.parametrize("line,tool", [
    ("also I need another seat on the 13:30 one for my son, hold it", "hold_itinerary"),
    ("one more seat for my son on the 13:30 please, hold it", "hold_itinerary"),
    ("can you hold a seat for my daughter on the 13:30 too", "hold_itinerary"),
    ("ok also can u put a hold on a seat on the 13:30 one for my collegue, dont pay yet", "hold_itinerary"),
    ("can you also book a seat on the 13:30 for my wife", "book_flight"),
    ("and hold one on the 13:30 for my boss please, no payment yet", "hold_itinerary"),
    ("could you also book my colleague on the 13:30 one", "book_flight"),
])
def test_a_seat_for_another_traveller_asks_their_name_and_is_one_seat(line, tool):
    ep = play(HOLD_START + [line], HOLD)
    said = _after(ep, line)
    assert "Lars Dubois" not in said and "name" in said, said
    assert len(_writes(ep)) == 1
    ep = play(HOLD_START + [line, "Ana Rossi"], HOLD)
    said = _after(ep, "Ana Rossi")
    assert "for 1 passenger" in said and "Ana Rossi" in said, said
    ep = play(HOLD_START + [line, "Ana Rossi", "yes"], HOLD)
    (first, second) = _writes(ep)
    assert first[0] == "book_flight" and first[1]["first_name"] == "Lars"
    assert second[0] == tool and second[1]["passengers"] == 1, second
    assert (second[1]["first_name"], second[1]["last_name"]) == ("Ana", "Rossi")
    assert second[1]["flight_ids"] == ["SA7300"]


def test_a_seat_for_another_traveller_named_with_the_request_needs_no_question():
    line = "can you also book a seat on the 13:30 for my wife, Ana Rossi"
    ep = play(HOLD_START + [line, "yes"], HOLD)
    (_first, second) = _writes(ep)
    assert second[1]["passengers"] == 1 and (second[1]["first_name"], second[1]["last_name"]) == ("Ana", "Rossi")


@pytest.mark.parametrize("line", ["can you also hold a seat for me on the 13:30 too",
                                  "also hold the 13:30 one for me please"])
def test_a_second_seat_for_the_customer_keeps_their_name(line):
    ep = play(HOLD_START + [line], HOLD)
    said = _after(ep, line)
    assert "Lars Dubois" in said and "for 1 passenger" in said, said


def test_a_seat_for_someone_else_at_the_start_asks_the_name_as_before():
    ep = play(["hi need rome to los angeles apr 2, a seat for my son", "cheapest pls"], HOLD)
    assert "name" in _after(ep, "cheapest pls")


# --- 9. a yes typed with a slip on a phone ---------------------------------------------------------------------
# (the plain yeses "yes that is lovely", "yes, that sounds perfect" are read by probe/targets/consent.py, not here)

HOLD_SUMMARY = ["hi need rome to los angeles apr 2 for 1", "cheapest pls", "Lars Dubois"]


@pytest.mark.parametrize("slip", ["ues", "yse", "yrs", "yws", "ues bool it", "ues book", "Yws please"])
def test_a_yes_typed_with_a_slip_is_asked_once_more_then_goes_ahead_on_a_plain_yes(slip):
    ep = play(HOLD_SUMMARY + [slip], HOLD)
    assert "I think you meant yes" in _after(ep, slip) and not _writes(ep)
    ep = play(HOLD_SUMMARY + [slip, "yes"], HOLD)
    assert [n for n, _ in _writes(ep)] == ["book_flight"]


@pytest.mark.parametrize("text", ["my son is 5 yrs old", "a bool of wine", "uses"])
def test_words_near_the_slips_are_read_as_typed(text):
    from envs.skyassist.language import fix_typos
    assert fix_typos(text) == text


# --- 10 (part). why the name is asked is answered ----------------------------------------------------------------

NAMELESS = D.scenario("unnamed_traveler", 21)  # DOH-GRU 2026-08-20, me and my husband
NAMELESS_START = ["hi want doha to sao paulo aug 20 me and my husband", "cheapest"]


@pytest.mark.parametrize("line", ["why do u need my surname", "why do you need my last name?",
                                  "what do you need my surname for", "why are you asking for my full name"])
def test_why_the_name_is_needed_is_answered_then_the_name_asked_again(line):
    said = _after(play(NAMELESS_START + [line], NAMELESS), line)
    assert "filed under the lead passenger's first and last name" in said and said.endswith("lead passenger?"), said


def test_a_question_about_a_middle_name_keeps_its_answer():
    line = "do you need my middle name too?"
    said = _after(play(NAMELESS_START + [line], NAMELESS), line)
    assert said.startswith("No, the lead passenger's first and last name are all I need."), said


def test_a_question_about_someone_else_after_a_booking_asks_no_seat():
    line = "is it refundable for my wife as well?"
    ep = play(HOLD_START + [line], HOLD)
    assert len(_writes(ep)) == 1 and "wife's first and last name" not in _after(ep, line)
