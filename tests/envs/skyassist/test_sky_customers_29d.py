"""SkyAssist reference agent, fault-free, from the black-box tester ``sky-customers-4`` of the twenty-ninth
session (/work/h29/sky-customers-4/report.md H1, H8, H9), with other phrasings of the same requests.

- H1: a change request naming two dates searches the new one (after "to", "instead", "need", "now"), never the
  date the customer is leaving; a message naming only one date keeps working;
- H8: a lookup under "O'Brien", "O’Brien" or "O Brien" that finds nothing asks for the name as one word (without
  saying the stored spelling), and the one-word name then finds it; a wrong surname still finds nothing;
- H9: a numeric date right after a comma ("New York to Los Angeles, 31/07") is the travel date; a fraction is not.

Conversations go through ``play``, which asserts the verifiers stay silent.
"""
from __future__ import annotations

import pytest

from tests.envs.skyassist.test_sky_faults_28 import D, _calls, _said
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


def _searched_dates(t) -> list[str]:
    return [c["date"] for c in _calls(t, "search_flights")]


# --- H1. two dates in a change request: the new one is searched -------------------------------------------

CHANGE = D.scenario("change_booking", 1004035)  # BKBVJQTZ (Costa) is on SA4819, 2026-11-24


@pytest.mark.parametrize("line", [
    "Hi, booking BKBVJQTZ, surname Costa. Please move it from 24 November to 17 September.",
    "BKBVJQTZ Costa. currently for 24 November, I now need to travel on 17 September instead",
    "BKBVJQTZ Costa, my flight on 24 Nov has to move to 17 Sep",
    "BKBVJQTZ Costa. I am booked on Nov 24 but need Sept 17 instead",
    "BKBVJQTZ Costa - not 24/11 anymore, 17/09 please",
    "BKBVJQTZ, Costa: please change it from the 24th of November to the 17th of September",
    "BKBVJQTZ Costa. I was flying on 24 November, now it has to be 17 September",
    "BKBVJQTZ Costa. I need to travel on 17 September instead of 24 November",
])
def test_a_change_naming_the_old_and_the_new_date_searches_the_new_one(line):
    t = play([line], CHANGE)
    assert _searched_dates(t) == ["2026-09-17"], _said(t)
    assert "2026-09-17" in _said(t)[-1], _said(t)


def test_picking_after_a_from_to_change_moves_the_booking_to_the_new_date():
    t = play(["Hi, booking BKBVJQTZ, surname Costa. Please move it from 24 November to 17 September.", "3", "yes"],
             CHANGE)
    moved = _calls(t, "modify_booking")
    assert len(moved) == 1 and moved[0]["new_flight_ids"] == ["SA1534"], _said(t)


@pytest.mark.parametrize("line", ["BKBVJQTZ Costa, please move it to 17 September",
                                  "BKBVJQTZ Costa, move to sept 17"])
def test_a_change_naming_only_the_new_date_still_searches_it(line):
    assert _searched_dates(play([line], CHANGE)) == ["2026-09-17"]


# --- H8. apostrophes and spaces in a surname --------------------------------------------------------------

STATUS = D.scenario("booking_status", 1004049)  # BKICR1XI is stored under "OBrien"


@pytest.mark.parametrize("line,typed", [("hi, is my flight on 10 Dec still on time? BKICR1XI, O'Brien", "OBrien"),
                                        ("status of BKICR1XI, last name O\u2019Brien", "OBrien"),
                                        ("status of BKICR1XI, last name O Brien", "obrien"),
                                        ("status of BKICR1XI, last name O'Brien", "OBRIEN")])
def test_a_surname_with_an_apostrophe_or_a_space_is_asked_again_as_one_word_and_then_found(line, typed):
    # the verifiers read "O'Brien" as another name than the stored "OBrien" (P2), so the agent asks, without saying
    # the stored spelling, rather than looking it up under a name the customer did not type
    t = play([line], STATUS)
    assert "apostrophes or spaces" in _said(t)[-1] and "OBrien" not in _said(t)[-1], _said(t)
    t = play([line, typed], STATUS)
    assert "Booking BKICR1XI" in _said(t)[-1], _said(t)


def test_a_different_surname_still_finds_nothing():
    t = play(["status of BKICR1XI, last name O'Brian"], STATUS)
    assert "Booking BKICR1XI" not in _said(t)[-1], _said(t)


# --- H9. a numeric date right after a comma --------------------------------------------------------------

@pytest.mark.parametrize("line", ["New York to Los Angeles, 31/07", "New York to Los Angeles, 31/07, 1 person",
                                  "New York to Los Angeles, 07/31, 1 person", "New York to Los Angeles 31/07, 1 person",
                                  "hi, NY to LA, 31/07 please, just me"])
def test_a_numeric_date_after_a_comma_is_the_travel_date(line):
    t = play([line], D.scenario("one_way", 1004000))
    assert _searched_dates(t) == ["2026-07-31"], _said(t)


@pytest.mark.parametrize("line", ["New York to Los Angeles on July 31, 3/4 of us are adults",
                                  "New York to Los Angeles on July 31, 1/2 price?"])
def test_a_fraction_after_a_comma_is_still_no_date(line):
    t = play([line], D.scenario("one_way", 1004000))
    assert set(_searched_dates(t)) <= {"2026-07-31"}, _said(t)
