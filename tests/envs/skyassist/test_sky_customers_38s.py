"""SkyAssist reference agent, findings 1-5 of /work/h38/sky-customers-24 taken up in the thirty-eighth session (helper
skyS), with the testers' words, other phrasings, and the near misses that must keep their old reading:

S1. "for me." closing a trip request, then a companion said in a later sentence ("My wife is coming too."): the
    companion flies too; "for me" = 1 holds only for a request with nobody else said;
S2. a companion added in a sentence of its own after a listed party ("My wife's flying with us too.", "... will be on
    the flight too", "... flies on the 23rd too", "he's on the same flight", "My wife joins me and our two kids") is
    one more;
S3. a party said as "<companions> and the N of us" / "X (2) plus us 3" counts both parts;
S4. someone who only takes the party to the airport ("my brother's giving us a lift", "my mum's taking us to the
    airport", "my brother's seeing us off") is no passenger, with a contracted "'s" or after a comma;
S5. grandparent words (nan, nana, gran, granny, grandad, gramps ...) are people of a party.

Conversations go through ``_play`` (group_booking seed 11: London-Rome 23 July), and the verifiers stay silent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_sky_faults_28 import D, _calls, _play, _said

TRIP = "London to Rome on 23 July"


def booked(first: str, count_answer: str | None = None) -> list[int]:
    """The passengers booked after ``first`` (and the answer to the count question, where asked)."""
    msgs = [first, "option 1"] + ([count_answer] if count_answer else []) + ["Leila Ivanova", "yes"]
    t = _play("group_booking", 11, [], msgs)
    assert t.violations == [], _said(t)
    return [c["passengers"] for c in _calls(t, "book_flight")]


# --- S1/S2. a companion said in a later sentence joins the party said before ----------------------------------------

@pytest.mark.parametrize("first, n", [
    (f"Hi! Looking for a flight {TRIP} for me. My wife is coming too.", 2),  # the tester's
    (f"{TRIP} for me. My 2 kids are coming too.", 3),
    (f"{TRIP} for me. My husband will be on the flight too.", 2),
    (f"hi, I need flights {TRIP} for me and my son. My wife's flying with us too.", 3),  # the tester's
    (f"{TRIP} for me and my son. My wife also flies with us.", 3),
    (f"{TRIP} for me and my son. My wife will be on the flight too.", 3),
    (f"{TRIP} for me and my son. My wife flies on the 23rd too.", 3),
    (f"{TRIP} for me and my son. My wife is coming on the 23rd as well.", 3),
    (f"{TRIP}, me and the two kids. My wife flies with us as well.", 4),
    (f"{TRIP} for me and the two kids. Oh and my husband, he's on the same flight.", 4),
    (f"{TRIP}. My wife joins me and our two kids.", 4),
    # near misses: already listed, nobody else, or going another way
    (f"{TRIP} for me and our two kids, my wife is coming too", 4),
    (f"{TRIP} for me and my son; my wife too", 3),
    (f"{TRIP} for me please, and my mum will be travelling with me", 2),
    (f"{TRIP} for me.", 1),
    (f"{TRIP} for me. My wife is flying with BA.", 1),
])
def test_a_companion_in_a_later_sentence_flies_too(first, n):
    assert booked(first) == [n]


def test_a_companion_going_to_the_airport_only_adds_nobody():  # near miss
    assert parse(f"{TRIP} for me and my son. My wife is coming to the airport with us.", D.db).passengers == 2


# --- S3. "<companions> and the N of us" ---------------------------------------------------------------------------

@pytest.mark.parametrize("text, n", [
    (f"Hello, we're looking at {TRIP} for my parents and the 3 of us", 5),  # the tester's
    (f"{TRIP} for my mum and dad and the two of us", 4),
    (f"{TRIP} for my sister and the 2 of us", 3),
    (f"{TRIP} for the in-laws (2) plus us 3", 5),
    (f"{TRIP} for my parents (2) and us 3", 5),
    (f"{TRIP} for us 3 plus the in-laws (2)", 5),
    (f"{TRIP} for the grandparents (2) plus the 3 of us", 5),
    (f"{TRIP} for my in-laws and the 3 of us", 5),
    # near misses that worked before
    (f"{TRIP} for the 2 of us and my sister", 3),
    (f"{TRIP} for us 3 and my parents", 5),
    (f"{TRIP}, the 3 of us", 3),
])
def test_companions_and_the_n_of_us(text, n):
    assert parse(text, D.db).passengers == n


def test_parents_and_the_three_of_us_books_five():
    assert booked(f"Hello, we're looking at {TRIP} for my parents and the 3 of us") == [5]


# --- S4. who drives the party to the airport is no passenger ------------------------------------------------------

@pytest.mark.parametrize("first, n", [
    (f"{TRIP} for me and my 3 mates; my brother's giving us a lift to the airport", 4),  # the tester's
    (f"{TRIP} for me and my 3 mates; my brother is giving us a lift to the airport", 4),
    (f"{TRIP} for me and my wife; my mum's taking us to the airport", 2),
    (f"{TRIP} for me and my 3 mates, my brother's seeing us off at the airport", 4),
    (f"{TRIP} for me and my wife, my dad's running us to the airport", 2),
    # near misses: the one named does fly
    (f"{TRIP} for me and my wife; my mum's coming too", 3),
    (f"{TRIP} for me and my 3 mates, my brother's flying with us", 5),
])
def test_a_lift_to_the_airport_is_no_passenger(first, n):
    assert parse(first, D.db).passengers == n


def test_a_lift_to_the_airport_books_the_flyers_only():
    assert booked(f"{TRIP} for me and my 3 mates; my brother's giving us a lift to the airport") == [4]


# --- S5. grandparent words are people ----------------------------------------------------------------------------

@pytest.mark.parametrize("answer, n", [
    ("me, my nana and my 2 cousins", 4),  # the tester's
    ("the 3 kids and their nan", 4),
    ("my 3 kids, their nan and me", 5),
    ("my gran and me", 2),
    ("my nan, my grandad and me", 3),
    ("the twins and their granddad", 3),
    ("me, my granny and my 2 cousins", 4),
    ("my 2 kids and their grandma", 3),  # near miss (worked before)
])
def test_grandparent_words_count_at_the_count_question(answer, n):
    assert booked(TRIP, answer) == [n]


@pytest.mark.parametrize("text, n", [
    (f"{TRIP} for me and my nan", 2),
    (f"{TRIP} for me, my gramps and my 2 kids", 4),
    (f"{TRIP} for me and my nanna", 2),
])
def test_grandparent_words_in_a_request(text, n):
    assert parse(text, D.db).passengers == n
