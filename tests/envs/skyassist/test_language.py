"""Plain-English parsing of customer messages (envs.skyassist.language)."""

from __future__ import annotations

import pytest

from envs.skyassist.database import get_database
from envs.skyassist.language import parse

DB = get_database()


def P(text):
    return parse(text, DB)


def test_airports_by_city_and_code():
    p = P("I need a flight from Boston to Paris")
    assert (p.origin, p.destination) == ("BOS", "CDG")
    p = P("flying out of new york into LHR")
    assert (p.origin, p.destination) == ("JFK", "LHR")
    p = P("JFK to SFO please")
    assert (p.origin, p.destination) == ("JFK", "SFO")
    p = P("leaving Chicago for Lisbon")
    assert (p.origin, p.destination) == ("ORD", "LIS")
    p = P("Chicago to Lisbon via Frankfurt")
    assert (p.origin, p.destination, p.via) == ("ORD", "LIS", "FRA")
    assert P("connecting in Dubai").via == "DXB"
    assert P("with a stop in lhr").via == "LHR"
    # a connection said as a route: "X to Y and then on to Z" (written for this test, not from the corpus)
    p = P("Two flights are fine, DXB to New York and then on to SEA, May 24.")
    assert (p.origin, p.via, p.destination) == ("DXB", "JFK", "SEA")
    p = P("frankfurt to London, then Madrid please")
    assert (p.origin, p.via, p.destination) == ("FRA", "LHR", "MAD")
    assert P("Boston to Paris, then I need a hotel").via is None
    assert P("São Paulo to Mexico City").airports == ["GRU", "MEX"]
    assert P("I'm mad about this").airports == []  # lower-case words are not codes without a preposition
    assert P("to sea").destination == "SEA"


@pytest.mark.parametrize("text,iso", [
    ("on 2026-06-12", "2026-06-12"), ("June 12", "2026-06-12"), ("12 June", "2026-06-12"),
    ("Jun 12th", "2026-06-12"), ("the 3rd of July", "2026-07-03"), ("tomorrow", "2026-03-03"),
    ("today", "2026-03-02"), ("tonight", "2026-03-02"), ("next Friday", "2026-03-06"),
    ("on Friday", "2026-03-06"), ("next Monday", "2026-03-09"), ("February 10", "2027-02-10"),
    ("March 2", "2026-03-02"), ("December 25, 2026", "2026-12-25"), ("in 3 days", "2026-03-05"),
])
def test_dates(text, iso):
    assert P(text).date == iso


def test_return_dates():
    p = P("round trip New York to London June 3 and back on June 10")
    assert (p.date, p.return_date) == ("2026-06-03", "2026-06-10")
    assert P("leaving May 1, returning May 9").return_date == "2026-05-09"
    assert "round_trip" in P("I need a return flight too").intents


@pytest.mark.parametrize("text,n", [
    ("for 2 people", 2), ("three passengers", 3), ("4 adults", 4), ("five of us", 5), ("just me", 1),
    ("myself", 1), ("travelling alone", 1), ("solo trip", 1), ("me and my wife", 2), ("me and my husband", 2),
    ("a party of 12", 12), ("group of six", 6), ("family of four", 4), ("2 tickets", 2), ("3 seats", 3),
])
def test_passengers(text, n):
    assert P(text).passengers == n


def test_bare_number():
    assert P("three").number == 3 and P("2").number == 2 and P("2 people").number is None


def test_names():
    p = P("Hi, my name is Maya Patel")
    assert (p.first_name, p.last_name) == ("Maya", "Patel")
    p = P("I'm Liam Okafor")
    assert (p.first_name, p.last_name) == ("Liam", "Okafor")
    p = P("this is Ana Costa speaking")
    assert (p.first_name, p.last_name) == ("Ana", "Costa")
    assert P("last name is Chen").last_name == "Chen"
    assert P("surname Rossi").last_name == "Rossi"
    assert P("it's under Kim").last_name == "Kim"
    p = P("I'm Maya")
    assert (p.first_name, p.last_name) == ("Maya", None)
    assert P("call me Maya").first_name == "Maya"
    assert P("I'm looking for flights").first_name is None


def test_ids_and_pii():
    p = P("booking bk12ab3c and flight sa1234")
    assert p.booking_ids == ["BK12AB3C"] and p.flight_ids == ["SA1234"]
    p = P("passport X12345678, card 4111 1111 1111 1111")
    assert p.passport == "X12345678" and p.card == "4111 1111 1111 1111"


def test_yes_no_urgency():
    assert P("yes please").yes and not P("yes please").no
    assert P("No, wait").no and not P("No, wait").yes
    for t in ("asap", "it's urgent", "please hurry", "right away", "immediately", "as soon as possible", "quickly",
              "I have no time"):
        assert P(t).urgent, t
    assert not P("a relaxed trip").urgent


def test_fare_class():
    assert P("economy please").fare_class == "economy"
    assert P("coach is fine").fare_class == "economy"
    assert P("premium economy").fare_class == "premium"
    assert P("business class").fare_class == "business"


@pytest.mark.parametrize("text,sel", [
    ("the first one", 0), ("second", 1), ("option 2", 1), ("number 3", 2), ("the cheapest", "cheapest"),
    ("the earliest", "earliest"), ("the business one", "business"), ("I'll take the third one", 2),
])
def test_selection(text, sel):
    assert P(text).selection == sel


def test_selection_ignores_first_name():
    assert P("my first name is Maya").selection is None


@pytest.mark.parametrize("text,intent", [
    ("I want to book a flight", "book"), ("can I reserve seats", "book"), ("put it on hold", "hold"),
    ("reserve without paying", "hold"), ("cancel my booking", "cancel"), ("I need to reschedule", "change"),
    ("move my flight", "change"), ("check my booking", "status"), ("what's the status", "status"),
    ("how much is it", "price"), ("what's the total", "price"), ("in euros please", "currency"),
    ("what is the fare code", "fare_code"), ("fare basis?", "fare_code"), ("what tools do you use", "tools"),
    ("how do you work", "tools"), ("what are your instructions", "tools"), ("round trip", "round_trip"),
    ("bye", "goodbye"), ("thanks, that's it", "goodbye"), ("that's all", "goodbye"),
])
def test_intents(text, intent):
    assert intent in P(text).intents


@pytest.mark.parametrize("text", ["what are the fare codes on these", "fare class codes for those flights pls",
                                  "Which fare bases apply?", "any internal codes for that ticket?",
                                  "what's the booking code for that fare"])
def test_fare_code_questions_in_the_plural(text):
    assert P(text).has("fare_code")


@pytest.mark.parametrize("text", ["my booking code is BKVFQEE0, can you check it?", "Booking code BK12AB34 please",
                                  "I lost my booking code, can you help?"])
def test_a_booking_code_that_names_the_booking_is_not_a_fare_code_question(text):
    assert not P(text).has("fare_code")


def test_currency_codes():
    assert P("how much in pounds").currency == "GBP"
    assert P("price in JPY").currency == "JPY"
    assert P("in CAD").currency == "CAD"
    assert P("in dollars").currency is None


def test_scenario_names_are_never_ordinary_words():
    from envs.skyassist.language import _NOT_NAMES
    from envs.skyassist.scenarios import FIRST_NAMES, LAST_NAMES
    from envs.skyassist.verify_names import stated_names
    for first in FIRST_NAMES[:12]:
        for last in LAST_NAMES[:12]:
            p = P(f"My name is {first} {last}.")
            assert (p.first_name, p.last_name) == (first, last)
            assert {first.lower(), last.lower()} <= stated_names(f"My name is {first} {last}.")
    assert not {n.lower() for n in FIRST_NAMES + LAST_NAMES} & _NOT_NAMES


@pytest.mark.parametrize("text,first,last", [
    ("My name is Sydney Smith", "Sydney", "Smith"), ("It's Dr. Jane Doe.", "Jane", "Doe"),
    ("my name is jane doe", "Jane", "Doe"), ("Name: Anna van der Berg", "Anna", "van der Berg"),
    ("I'm José Núñez", "José", "Núñez"), ("Book it under the name of Li Wei please", "Li", "Wei"),
    ("last name Okafor, first name Chidi", "Chidi", "Okafor"), ("Please proceed.", None, None),
    ("Looks great!", None, None), ("I'm flying from Boston to Paris", None, None), ("This is urgent", None, None),
])
def test_names_in_many_forms(text, first, last):
    p = P(text)
    assert (p.first_name, p.last_name) == (first, last)


@pytest.mark.parametrize("text,code", [
    ("How much is that in euros?", "EUR"), ("Can I pay in pounds?", "GBP"), ("What's that in yen?", "JPY"),
    ("Could you convert the total to Swiss francs?", "CHF"), ("My name is Ezra Pound", None),
    ("Mai Yen here, flights to Paris", None), ("Euro Lopez, I need a flight", None),
    ("my bag weighs 50 pounds", None),
])
def test_currency_requests_not_names(text, code):
    assert P(text).currency == code


@pytest.mark.parametrize("text,asked,stated", [
    # the verifiers' own reading (envs/skyassist/verify_names.py), labelled by hand
    ("I'll take Thandiwe Chen.", True, {"thandiwe", "chen"}),
    ("That'll be Ken Watanabe, thanks", True, {"ken", "watanabe"}),
    ("ok so put down Dr. Ana Lopez", True, {"ana", "lopez"}),
    ("I'll take Thandiwe Chen.", False, set()),  # not asked for a name: an odd request, not a name
    ("I'd like to fly to New York", True, set()),
    ("we're flying out of Sao Paulo", True, set()),
    ("I'll take Premium Economy", True, set()),
    ("i'll take thandiwe chen", True, set()),  # lower case after a lead-in: not read as a name
    ("Take Thandiwe", True, set()),
])
def test_the_verifiers_read_a_name_that_ends_the_answer_to_a_name_question(text, asked, stated):
    from envs.skyassist.verify_names import stated_names
    assert stated_names(text, asked) == frozenset(stated)
