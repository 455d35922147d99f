"""SkyAssist reference agent, the wrong writes found by the thirty-second session's tester ``sky-customers-12``
(/work/h32/sky-customers-12/report.md), with the tester's words, other phrasings, and near misses:

F1. children's ages said after them ("my two kids (8 and 10) and I", "me and my grandkids, 8 and 11") are never a
    count; a list of ages says how many children when no number does;
F2. the traveller named with who goes with them ("for Aisha Papadopoulos and her 2 children") is one of the party;
F3. a booker who names themself ("Hi, I'm Jordan Lee, booking ... for my sister Aisha Papadopoulos and her two kids")
    is not the traveller when the traveller brings companions;
F4. a change request naming the booking's date and the new one ("for July 3rd. Could you move it to August 16th?")
    searches the date the booking moves to;
F5. the seats of a flight in a pick ("the one w/ 8 seats", "the 9 seat one") are never the party's size.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_counts_and_numeric_dates import booked
from tests.envs.skyassist.test_language import DB
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play
from tests.envs.skyassist.test_unseen_sky_customers import searches

ONE2 = D.scenario("one_way", 2)  # DUB-ORD 2026-12-10: SA1614 has 8 seats left
CHANGE5 = D.scenario("change_booking", 5)  # BKFKS7B2 (Nguyen), JFK-ATL 2026-07-03
YES = "Yes, that all looks correct. Please go ahead and book it."
TRIP = "Dublin to Chicago on December 10th"


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


# --- F1. ages are never counts ------------------------------------------------------------------------------------

@pytest.mark.parametrize("party,n", [
    ("for my two kids (8 and 10) and I", 3),  # the tester's
    ("for my two kids (8 and 10) and me", 3),
    ("for my two kids (ages 8 and 10) and I", 3),
    ("for my two kids aged 8 and 10 and I", 3),
    ("for my husband, our two kids (8 and 10) and I", 4),
    ("for me and my grandkids, 8 and 11", 3),
    ("for me and my kids, aged 4, 6 and 9.", 4),
    ("for my son (8) and me", 2),
    # near misses that kept their reading
    ("for my 2 kids and I", 3), ("for myself and my two kids (8 and 10)", 3), ("for me and my 2 kids, 8 & 10", 3),
    ("for me & my 3 kids aged 2, 5 and 7", 4), ("for 2 adults + 1 child (8) + an infant (11 months)", 4),
    ("for me and the twins, both 6", 3), ("for me, my 16 yo and her 2 friends", 4),
])
def test_ages_after_children_are_never_a_count(party, n):
    assert parse(f"One way {TRIP} {party}. Name: Aisha Papadopoulos", DB).passengers == n


def test_an_answer_of_ages_to_how_many_counts_the_children():
    assert parse("Me and my grandkids, aged 8 and 11.", DB).passengers == 3


def test_a_date_after_the_children_is_no_age():
    p = parse("me and my kids, 8 and 10 December", DB)
    assert p.date == "2026-12-10" and p.passengers != 2


def test_the_testers_ages_in_brackets_book_three():
    ep = play([f"Hi! One way {TRIP} for my two kids (8 and 10) and I. Name: Aisha Papadopoulos", "1", YES], ONE2)
    assert [b["passengers"] for b in booked(ep)] == [3]


# --- F2. the named traveller and who goes with them -----------------------------------------------------------------

@pytest.mark.parametrize("line", [
    "Can you book Dublin to Chicago, 10 Dec, for Aisha Papadopoulos and her 2 children?",  # the tester's
    "Can you book Dublin to Chicago, 10 Dec, for Aisha Papadopoulos plus her 2 children?",
    "Can you book Dublin to Chicago, 10 Dec, for Aisha Papadopoulos + her 2 kids?",
    "Can you book Dublin to Chicago, 10 Dec, for Aisha Papadopoulos with her two children?",
    "Jordan Lee here - can you book Dublin to Chicago, 10 Dec, for Aisha Papadopoulos plus her 2 children?",
    "Dublin to Chicago, 10 Dec, for Aisha Papadopoulos along with her two sons please",
])
def test_the_named_traveller_counts_with_her_companions(line):
    p = parse(line, DB)
    assert (p.passengers, p.first_name, p.last_name) == (3, "Aisha", "Papadopoulos")


@pytest.mark.parametrize("line,n", [
    ("Dublin to Chicago, 10 Dec, for me plus my 2 children. I'm Aisha Papadopoulos", 3),  # near misses
    ("booking for my sister Aisha Papadopoulos and her 2 kids (5 and 7), Dublin to Chicago 10 Dec", 3),
    ("Dublin to Chicago, 10 Dec, for Aisha and her husband", 2),
    ("Dublin to Chicago, 10 Dec, for me, my friend Sara and her two kids", 4),
    ("Dublin to Chicago, 10 Dec, for Aisha Papadopoulos and her kids", None),  # how many is asked
])
def test_near_misses_of_a_named_traveller_keep_their_count(line, n):
    assert parse(line, DB).passengers == n


def test_the_testers_named_traveller_books_three():
    ep = play(["Can you book Dublin to Chicago, 10 Dec, for Aisha Papadopoulos and her 2 children?", "1",
               "Yes, please book it."], ONE2)
    assert [(b["passengers"], b["last_name"]) for b in booked(ep)] == [(3, "Papadopoulos")]


# --- F3. the booker is not the traveller who brings companions --------------------------------------------------

@pytest.mark.parametrize("line,n", [
    ("Hi, I'm Jordan Lee, booking Dublin to Chicago on 10 December for my sister Aisha Papadopoulos and her two kids, "
     "aged 5 and 7.", 3),  # the tester's
    ("Hi, I'm Jordan Lee, booking Dublin to Chicago on 10 December for my sister Aisha Papadopoulos and her son.", 2),
    ("Hi, I'm Jordan Lee, I'd like to book Dublin to Chicago on 10 December for my colleague Aisha Papadopoulos and "
     "her husband.", 2),
    ("Hi, I'm Jordan Lee, booking for my sister Aisha Papadopoulos and her two kids, aged 5 and 7, Dublin to Chicago on "
     "10 December.", 3),
])
def test_the_traveller_with_companions_is_named_not_the_booker(line, n):
    p = parse(line, DB)
    assert (p.first_name, p.last_name, p.passengers) == ("Aisha", "Papadopoulos", n)


def test_the_bookers_own_people_still_keep_the_booker():
    p = parse("Hi, I'm Jordan Lee, booking Dublin to Chicago on 10 December for my sister Aisha Papadopoulos and "
              "my kids.", DB)
    assert p.first_name == "Jordan"  # the booker may travel with their own kids: read as before


def test_the_testers_booker_books_the_traveller():
    ep = play(["Hi, I'm Jordan Lee, booking Dublin to Chicago on 10 December for my sister Aisha Papadopoulos and her "
               "two kids, aged 5 and 7.", "1", YES], ONE2)
    assert [(b["passengers"], b["first_name"], b["last_name"]) for b in booked(ep)] == [(3, "Aisha", "Papadopoulos")]


# --- F4. the date a change moves to -------------------------------------------------------------------------------

NEW = ("JFK", "ATL", "2026-08-16")


@pytest.mark.parametrize("line", [
    "Hello, I have booking BKFKS7B2 under Nguyen for July 3rd. Could you move it to August 16th?",  # the tester's
    "Hi! BKFKS7B2 - Nguyen. Please change my July 3 flight to 16/08.",
    "Hi! BKFKS7B2 - Nguyen. Please change my July 3 flight to Aug 16.",
    "Hello, I have booking BKFKS7B2 under Nguyen for July 3rd. Could you move it six weeks later, to Sunday the 16th "
    "of August?",
    "BKFKS7B2 Nguyen, I fly out July 3rd - can you move me to the 16th of August?",
    "BKFKS7B2 Nguyen: my flight is on July 3, I need to change it to Sunday, August 16",
    # near misses that worked before
    "BKFKS7B2 Nguyen. Please change my flight on 3 July to 16 August.",
    "BKFKS7B2 Nguyen, please move my flight from July 3 to August 16",
    "BKFKS7B2 Nguyen: change my flight to 16/08 instead of 03/07",
    "BKFKS7B2 Nguyen. August 16th please, it's currently on July 3rd.",
])
def test_a_change_searches_the_date_it_moves_to(line):
    ep = play([line], CHANGE5)
    assert searches(ep) == [NEW]


def test_the_testers_change_moves_to_the_new_date():
    ep = play(["Hello, I have booking BKFKS7B2 under Nguyen for July 3rd. Could you move it to August 16th?",
               "The 12:00 one please.", "Yes, please go ahead."], CHANGE5)
    assert searches(ep) == [NEW]
    moved = _calls(ep, "modify_booking")
    assert len(moved) == 1 and all(D.db.flights[f].date == "2026-08-16" for f in moved[0]["new_flight_ids"])


# --- F5. a flight's seats in a pick ---------------------------------------------------------------------------------

@pytest.mark.parametrize("pick", ["the one w/ 8 seats", "the 9 seat one", "the one w 9 seats", "I'll go for the 8-seat one.",
                                  "the flight with 9 left", "The one with 8 seats, please."])
def test_a_flights_seats_in_a_pick_are_no_count(pick):
    assert parse(pick, DB).passengers is None


@pytest.mark.parametrize("line,n", [("we need 8 seats", 8), ("for 8 seats please", 8), ("3 seats w/ extra legroom", 3)])
def test_seats_the_party_needs_are_still_a_count(line, n):
    assert parse(line, DB).passengers == n


def test_the_testers_seat_pick_keeps_the_party():
    ep = play(["Dublin to Chicago 10 dec, me + my 9 yr old, Aisha Papadopoulos", "the one w/ 8 seats", "SA1614", "yes"],
              ONE2)
    assert "8 passengers" not in " ".join(m.get("content") or "" for m in ep.messages)
    assert [(b["flight_ids"], b["passengers"]) for b in booked(ep)] == [(["SA1614"], 2)]
