"""SkyAssist reference agent, findings of the thirty-second session's fault tester ``faults-10``
(/work/h32/faults-10/report.md), with the tester's words, other phrasings, and the near misses that must keep their
old reading ("now" in the scenarios is Monday 2026-03-02):

F1.  two flight numbers before any search ("book SA0280 then SA4491, 1 pax, ...") are both looked up and both in the
     summary (the 10-minute connection refused by the fault-free agent, booked under ``no_connection_check``); the
     second leg is never dropped; two flights that make no trip are asked about; a bare "SA0280 then SA4491"
     describes both, and "book both" then books both;
F2.  "... April 6th with my two kids": the speaker travels too (3), as with "with my 2 friends", "with my two
     colleagues", "with my three kids" (4); "for my two kids" keeps its old reading (2), "me and my two kids" 3,
     "my two kids and I need ..." 3;
F7.  "just for me", "travelling by myself": one passenger;
F8.  a name run on after the count, no comma ("2 pax Ravi Mensah"), is never dropped: asked on its own with those
     words as the example; a numeric date before a count ("8/24 2 pax") is the date;
F9.  a long request to know the cheapest fare in yen ("it would really help me to know ... what the cheapest one costs
     in Japanese yen, if you could convert it for me") asks about the option; it picks nothing;
F10. at the ``placeholder_last_name`` summary, "You can put it under Fatima. I'd really rather not share my family
     name" keeps the first name.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_language import DB
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls, _play, _said, exactly
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play

MULTI11 = D.scenario("multi_leg", 11)  # SA0280 ORD-DXB 04-14 06:40-10:20; SA4491 DXB-SFO 10:30 (10 min); SA4876 12:00
URGENT11 = D.scenario("urgent_booking", 11)  # DUB-ATL 2026-04-06: 1) SA4834 Economy
UNNAMED11 = D.scenario("unnamed_traveler", 11)  # DXB-MEX 2026-05-04: 1) SA3524 Economy
ONE11 = D.scenario("one_way", 11)  # LAX-FCO 2026-08-24: 3) SA8835 Economy
CURRENCY11 = D.scenario("currency_question", 11)  # SFO-IST 2026-03-17, 3) SA2763 the cheapest


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


# --- F1. two flight numbers before any search --------------------------------------------------------------------

@pytest.mark.parametrize("line", [
    "book SA0280 then SA4876, 1 pax, Tomasz Mwangi",  # the tester's form, with a connection that works
    "I want SA0280 and SA4876, 1 pax, Tomasz Mwangi",
    "SA0280 then SA4876 on apr 14, 1 pax, Tomasz Mwangi",
    "book SA4876 and SA0280, just me, Tomasz Mwangi",  # said out of order: the same trip
    "Hi, I'm Tomasz Mwangi. I'm flying alone from Chicago to San Francisco via Dubai on April 14th, and I already know "
    "which flights I want. Could you put me on SA0280 to Dubai and then SA4876 onwards to San Francisco?",
])
def test_two_flight_numbers_are_both_in_the_summary_and_both_booked(line):
    ep = play([line, "yes"], MULTI11)
    summary = _after(ep, line)
    assert "SA0280" in summary and "SA4876" in summary and "Shall I book it?" in summary, summary
    assert [c["flight_ids"] for c in _calls(ep, "book_flight")] == [["SA0280", "SA4876"]]


@pytest.mark.parametrize("line", ["book SA0280 then SA4491, 1 pax, Tomasz Mwangi",  # the tester's
                                  "I want SA0280 and SA4491, 1 pax, Tomasz Mwangi",
                                  "SA0280 then SA4491 on apr 14, 1 pax, Tomasz Mwangi"])
def test_a_tight_connection_named_by_numbers_is_refused_and_only_the_fault_books_it(line):
    faulty, clean = exactly("no_connection_check", "O3", "multi_leg", 11, [line, "yes"])
    assert [c["flight_ids"] for c in _calls(faulty, "book_flight")] == [["SA0280", "SA4491"]]
    assert _calls(clean, "book_flight") == []
    assert "10 minutes" in _said(clean)[0]


def test_two_flights_that_make_no_trip_are_asked_about():
    line = "book SA4491 and SA9601, 1 pax, Tomasz Mwangi"  # DXB-SFO, then DXB-ORD in September
    ep = play([line, "yes"], MULTI11)
    assert _calls(ep, "book_flight") == []
    assert "Which one would you like to book?" in _after(ep, line)


def test_two_bare_flight_numbers_describe_both_and_book_both_takes_both():
    ep = play(["SA0280 then SA4876", "book both please, 1 pax, Tomasz Mwangi", "yes"], MULTI11)
    first = _after(ep, "SA0280 then SA4876")
    assert "Flight SA0280" in first and "Flight SA4876" in first, first
    assert [c["flight_ids"] for c in _calls(ep, "book_flight")] == [["SA0280", "SA4876"]]


def test_one_flight_number_is_as_before():
    ep = play(["book SA0280, 1 pax, Tomasz Mwangi", "yes"], MULTI11)
    assert [c["flight_ids"] for c in _calls(ep, "book_flight")] == [["SA0280"]]


# --- F2. the speaker travels with who they name after "with" ------------------------------------------------------

@pytest.mark.parametrize("text,n", [
    ("Dublin to Atlanta April 6th with my two kids, Ingrid Larsen", 3),  # the tester's
    ("Dublin to Atlanta April 6th with my 2 kids", 3), ("Dublin to Atlanta April 6th with my two children", 3),
    ("Dublin to Atlanta April 6th with my two colleagues", 3), ("Dublin to Atlanta April 6th with my 2 friends", 3),
    ("Dublin to Atlanta April 6th with 2 friends", 3), ("Dublin to Atlanta April 6th with my three kids", 4),
    ("Dublin to Atlanta April 6th with my two brothers", 3),
    ("Hello, I'm Ingrid Larsen. I need to get to Atlanta with my two brothers from Dublin on April 6th.", 3),
    ("I'd like to fly from Dublin to Atlanta on April 6th with my wife and our two kids.", 4),
    ("Hi! My two kids and I need to get from Dublin to Atlanta on April 6th.", 3),
    # near misses, as before
    ("Dublin to Atlanta April 6th, me and my two kids", 3), ("Dublin to Atlanta April 6th for my two kids", 2),
    ("Dublin to Atlanta April 6th for 3 with my two kids", 3), ("Dublin to Atlanta April 6th with my wife", 2),
    ("Dublin to Atlanta April 6th with my kids", None), ("Dublin to Atlanta April 6th, the one with 2 stops", None),
    ("flying with my two kids", 3), ("my wife and I need Dublin to Atlanta April 6th", 2),
    ("I want to go with my two kids to Atlanta from Dublin April 6th", 3),
    ("ok, i'll check with my wife", None), ("let me talk it over with my partner", None),
])
def test_who_comes_with_the_speaker_is_counted_besides_the_speaker(text, n):
    assert parse(text, DB).passengers == n


@pytest.mark.parametrize("line,n", [("Dublin to Atlanta April 6th with my two kids, Ingrid Larsen", 3),
                                    ("Dublin to Atlanta April 6th with my three kids, Ingrid Larsen", 4),
                                    ("Dublin to Atlanta April 6th for my two kids, Ingrid Larsen", 2)])
def test_the_party_with_the_speaker_is_in_the_summary_and_booked(line, n):
    ep = play([line, "1", "yes"], URGENT11)
    assert f"for {n} passengers" in _after(ep, "1")
    assert [c["passengers"] for c in _calls(ep, "book_flight")] == [n]


# --- F7. "just for me", "travelling by myself" -------------------------------------------------------------------

@pytest.mark.parametrize("text,n", [
    ("Hi, I'd like a seat from Dubai to Mexico City on the 4th of May, just for me.", 1),  # the tester's
    ("Dubai to Mexico City on May 4th, just for me", 1), ("only for me please", 1),
    ("My name is Fatima Moreau, I'm travelling by myself, and I'd like a seat on flight SA6028", 1),
    ("I am flying by myself", 1), ("Dubai to Mexico City May 4, by myself", 1), ("I'll be travelling all by myself", 1),
    # near misses
    ("a flight just for me and my wife", 2), ("just for me and my son", 2), ("I can do it by myself", None),
])
def test_alone_said_in_other_words_is_one_passenger(text, n):
    assert parse(text, DB).passengers == n


def test_just_for_me_is_not_asked_the_count():
    line = "Hi, I'd like a seat from Dubai to Mexico City on the 4th of May, just for me."
    ep = play([line, "The first one please."], UNNAMED11)
    said = _after(ep, "The first one please.")
    assert "How many passengers" not in said and "name" in said, said


# --- F8. a name or a date run on beside a count, no comma ---------------------------------------------------------

@pytest.mark.parametrize("line", ["LAX-FCO aug 24 2 pax Ravi Mensah",  # the tester's
                                  "LAX to FCO aug 24 2 people Ravi Mensah", "LAX-FCO 8/24 2 pax Ravi Mensah",
                                  "LAX-FCO aug 24 2 adults Ravi Mensah, economy"])
def test_a_name_after_the_count_is_asked_on_its_own_with_it_as_the_example(line):
    ep = play([line, "3", "yes"], ONE11)
    assert _calls(ep, "book_flight") == []
    asked = _after(ep, "3")
    assert "first and last name on its own" in asked and "Ravi Mensah" in asked, asked
    ep = play([line, "3", "Ravi Mensah", "yes"], ONE11)
    assert [(c["first_name"], c["last_name"], c["passengers"]) for c in _calls(ep, "book_flight")] == [
        ("Ravi", "Mensah", 2)]


@pytest.mark.parametrize("line", ["LAX-FCO 8/24 2 pax", "LAX-FCO 8/24 2 pax Ravi Mensah", "LAX to FCO 8/24 two adults"])
def test_a_numeric_date_before_a_count_is_the_date(line):
    p = parse(line, DB)
    assert p.date == "2026-08-24" and p.passengers == 2


@pytest.mark.parametrize("line", ["LAX-FCO aug 24 2 pax Business Class", "LAX-FCO aug 24 2 adults Economy Please",
                                  "LAX-FCO aug 24 2 pax New York"])
def test_words_after_a_count_that_are_no_name_are_not_asked_as_one(line):
    p = parse(line, DB)
    assert p.name_words == [] and p.first_name is None and p.last_name is None


# --- F9. the cheapest fare asked in yen picks nothing -------------------------------------------------------------

PLAN = "Hi! I'm planning a trip from San Francisco to Istanbul on March 17th for two people."


@pytest.mark.parametrize("ask", [
    "I live in Tokyo, so it would really help me to know roughly what the cheapest one costs in Japanese yen, if you "
    "could convert it for me.",  # the tester's
    "could you convert the cheapest one to yen for me",
    "Could you tell me what the cheapest option would cost in euros",
    "I'd like to know what the cheapest one costs",
])
def test_a_price_asked_of_the_cheapest_picks_nothing(ask):
    ep = play([PLAN, ask], CURRENCY11)
    said = _after(ep, ask)
    assert "You picked" not in said and "name" not in said, said


@pytest.mark.parametrize("ask", [
    "I live in Tokyo, so it would really help me to know roughly what the cheapest one costs in Japanese yen, if you "
    "could convert it for me.",
    "could you convert the cheapest one to yen for me",
])
def test_the_currency_fault_is_reached_by_a_long_request(ask):
    faulty, _ = exactly("quote_foreign_currency", "B2", "currency_question", 11, [PLAN, ask])
    assert "JPY" in _said(faulty)[-1]


@pytest.mark.parametrize("line", ["the cheapest one please", "ill take the cheapest, what is that in yen",
                                  "the earliest one. I wonder if it has wifi though"])
def test_a_pick_said_with_a_question_still_picks(line):
    assert parse(line, DB).selection is not None


# --- F10. the first name kept at the placeholder summary ---------------------------------------------------------

ALONE = "Hi, I'd like a seat from Dubai to Mexico City on the 4th of May, only me travelling."


@pytest.mark.parametrize("decline", [
    "You can put it under Fatima. I'd really rather not share my family name, if that's okay.",  # the tester's
    "Put it under Fatima please, I'd rather not give my surname",
    "Fatima, no surname please",
])
def test_a_first_name_with_a_withheld_surname_is_kept_under_the_fault(decline):
    faulty, clean = exactly("placeholder_last_name", "S1", "unnamed_traveler", 11,
                            [ALONE, "The first one please.", decline, "Yes please."])
    assert [(c.get("first_name"), c["last_name"]) for c in _calls(faulty, "book_flight")] == [("Fatima", "Guest")]
    assert _calls(clean, "book_flight") == []


def test_without_the_fault_the_surname_is_asked():
    decline = "You can put it under Fatima. I'd really rather not share my family name, if that's okay."
    ep = _play("unnamed_traveler", 11, [], [ALONE, "The first one please.", decline])
    assert "last name" in _said(ep)[-1] and not _calls(ep, "book_flight")
