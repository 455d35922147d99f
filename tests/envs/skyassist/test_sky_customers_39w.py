"""SkyAssist reference agent: party sizes said with idioms and names said in other formats (thirty-ninth session,
helper skyX2; findings of the black-box tester sky-customers-27). Each case asserts the book_flight / hold_itinerary
arguments (passengers, first_name, last_name) and, with faults none, no violations.

1. party size from idioms (wrong writes): one_way seed 3 "Madrid to Amsterdam 28 Aug, me and my twin boys" booked...
   (asked the count again), "me, the missus and the two nippers" booked 2 (4 travel); "her indoors", "two little
   ones" were not read;
2. "the first one is fine. Nadia Tanaka and the other is Tom Reyes" (hold_request seed 1) held under Tom Reyes: the
   lead is the name said first; "the other is ..." is the other traveller's;
3. name formats not read (the agent asked again): "OKAFOR, Aisha (Mrs)", "LARSEN, Ingrid", "the name's Ingrid, Ingrid
   Larsen", "Mrs I. Larsen - Ingrid", "ingrid larsen but everyone calls me Inky", "Ingrid M Larsen"; "Dr. Ingrid M.
   Larsen" booked first_name "Ingrid M" (now "Ingrid");
4. a lead name with a weekday in it ("Sunday Adeyemi", "Grace Friday", "Tuesday Weld") said at the name question
   searched flights on that weekday and dropped the chosen flight; a day said as a day ("next Friday") still is one.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse, party_sizes
from tests.envs.skyassist.test_sky_faults_28 import D, _calls, _play, _said

TRIP = "Madrid to Amsterdam 28 Aug"  # one_way seed 3: the first option is SA8120


def _booked(t) -> list[tuple[int, str | None, str]]:
    return [(c["passengers"], c.get("first_name"), c["last_name"])
            for c in _calls(t, "book_flight") + _calls(t, "hold_itinerary")]


# --- 1. party sizes said with idioms ------------------------------------------------------------------------------------

@pytest.mark.parametrize("party, n", [
    ("me and my twin boys", 3),  # the tester's
    ("me, the missus and the two nippers", 4),  # the tester's
    ("me and the twins", 3),
    ("me + the triplets", 4),
    ("me and the missus", 2),
    ("me and her indoors", 2),
    ("me and the other half", 2),
    ("me and my better half", 2),
    ("me and the kids (2)", 3),
    ("me and two little ones", 3),
    ("me and my lot (wife + 3 kids)", 5),
    ("me, my wife and our twin girls", 4),
    ("me, him indoors and our two kiddos", 4),
    ("me, hubby and the 3 sprogs", 5),
    ("me and my 2 littluns", 3),
    ("me and my triplet daughters", 4),
    ("me and my kids (twins)", 3),
    # near misses: one person each
    ("me and my twin brother", 2),
    ("me and my twin", 2),
    ("me and my little one", 2),
])
def test_party_idioms_in_a_first_message(party, n):
    t = _play("one_way", 3, [], [f"{TRIP}, {party}", "first one, Aisha Okafor", "yes"])
    assert _booked(t) == [(n, "Aisha", "Okafor")], _said(t)
    assert t.violations == []


@pytest.mark.parametrize("answer, n", [
    ("the missus and the 2 nippers", 4),
    ("her indoors and the two little ones", 4),
    ("my twin boys and me", 3),
    ("me, the wife and the 3 sprogs", 5),
])
def test_party_idioms_at_the_count_question(answer, n):
    t = _play("one_way", 1, [], ["Frankfurt to Paris March 25", "option 3", "Nadia Fischer", answer, "yes"])
    assert _booked(t) == [(n, "Nadia", "Fischer")], _said(t)
    assert t.violations == []


@pytest.mark.parametrize("text", ["just me and the bairns", "me and my nippers", "me and the little ones"])
def test_children_of_unsaid_number_are_no_count(text):
    assert 2 not in party_sizes(text) and 1 not in party_sizes(text)


# --- 2. the other traveller's name said after the lead's ----------------------------------------------------------------

HOLD = ["Hi there. Can I put a couple of seats on hold Dubai to Hong Kong, 3rd Oct? Not paying yet",
        "it's me plus a colleague"]


@pytest.mark.parametrize("answer", [
    "the first one is fine. Nadia Tanaka and the other is Tom Reyes",  # the tester's
    "the first one. Nadia Tanaka, the other one's Tom Reyes",
    "first one please. Nadia Tanaka & the other one is Tom Reyes",
    "the first one is fine. Nadia Tanaka, other passenger is Tom Reyes",
    "first one. Nadia Tanaka. Second passenger: Tom Reyes",
    "the first one. Nadia Tanaka and my colleague is Tom Reyes",
])
def test_the_lead_is_the_name_said_first(answer):
    # (the hold is right; the oracle's S1 reading of "Nadia Tanaka and the other is Tom Reyes", which flagged Reyes
    # before and flags Tanaka now, is reported separately: only the wrong write is asserted here)
    t = _play("hold_request", 1, [], HOLD + [answer, "yes hold it"])
    assert _booked(t) == [(2, "Nadia", "Tanaka")], _said(t)


# --- 3. name formats ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, first, last", [
    ("OKAFOR, Aisha (Mrs)", "Aisha", "Okafor"),  # the tester's
    ("LARSEN, Ingrid", "Ingrid", "Larsen"),  # the tester's
    ("the name's Ingrid, Ingrid Larsen", "Ingrid", "Larsen"),  # the tester's
    ("Mrs I. Larsen - Ingrid", "Ingrid", "Larsen"),  # the tester's
    ("ingrid larsen but everyone calls me Inky", "Ingrid", "Larsen"),  # the tester's
    ("Ingrid Larsen, friends call me Inky", "Ingrid", "Larsen"),
    ("it's Ingrid. Ingrid Larsen", "Ingrid", "Larsen"),
    ("VAN DER BERG, Anna", "Anna", "Van Der Berg"),
    ("Ingrid Larsen", "Ingrid", "Larsen"),  # near misses keep their reading
    ("Mary Jane Watson", "Mary Jane", "Watson"),
])
def test_name_formats_at_the_name_question(name, first, last):
    t = _play("one_way", 3, [], [f"{TRIP}, just me", "first one", name, "yes"])
    assert _booked(t) == [(1, first, last)], _said(t)
    assert t.violations == []


@pytest.mark.parametrize("name", ["Ingrid M Larsen", "Dr. Ingrid M. Larsen", "Ingrid A. Larsen"])
def test_a_middle_initial_is_no_part_of_the_given_name(name):
    # (the booking is right; the oracle's S1 reading of these names is reported separately)
    t = _play("one_way", 3, [], [f"{TRIP}, just me", "first one", name, "yes"])
    assert _booked(t) == [(1, "Ingrid", "Larsen")], _said(t)


@pytest.mark.parametrize("text", ["Hi I want to book", "Mrs L. Ivanova", "J. Smith"])
def test_initials_near_misses(text):
    p = parse(text, D.db, "name")
    assert p.first_name is None


# --- 4. weekday names ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, first, last", [
    ("Sunday Adeyemi", "Sunday", "Adeyemi"),  # the tester's
    ("Grace Friday", "Grace", "Friday"),  # the tester's
    ("Tuesday Weld", "Tuesday", "Weld"),  # the tester's
    ("it's Sunday Adeyemi", "Sunday", "Adeyemi"),
    ("Wednesday Addams thanks", "Wednesday", "Addams"),
    ("Sunday Adeyemi.", "Sunday", "Adeyemi"),
])
def test_a_weekday_in_a_name_is_no_travel_day(name, first, last):
    t = _play("one_way", 3, [], [f"{TRIP}, just me", "first one", name, "yes"])
    assert [c.get("date") for c in _calls(t, "search_flights")] == ["2026-08-28"], _said(t)
    assert _booked(t) == [(1, first, last)], _said(t)
    assert t.violations == []


@pytest.mark.parametrize("text", ["next Friday", "Friday 12th", "Friday please", "Friday Morning", "Friday or Saturday"])
def test_a_day_said_at_the_name_question_is_still_a_day(text):
    p = parse(text, D.db, "name")
    assert p.dates and not p.first_name and not p.last_name
