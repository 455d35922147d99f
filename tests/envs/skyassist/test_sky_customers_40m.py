"""A pick by rank names the listed row itself (session 40, fault-tester-4 ``ff.py``).

The tester: "'the first flight' / 'The first flight is fine.' / 'The earliest one.' when option 1 is sold out (or
cancelled, or has too few seats for the party) silently picks another flight ('You picked SA9796 (Premium
Economy)'), while 'the first', 'option 1', 'flight 1', 'the first one' correctly say option 1 is unavailable."
"The first flight" and "the earliest" were read as the earliest flight *with seats*, so a sold-out, cancelled or
too-small option 1 was passed over unsaid, for another flight and often another cabin. Now "the earliest" / "the
first flight" / "the latest" pick the row they name among all listed, and that row's problem is said as for
"option 1"; only a rank asked among the open flights ("the earliest available one", "the first flight with
seats") passes over the closed rows, and the reply names the cabin. "The cheapest" is left as it was (the
cheapest with seats for the party, its cabin said).
"""
from __future__ import annotations

import pytest

from tests.envs.skyassist.test_sky_faults_28 import _calls, _play, _said

ONE = "book {origin} to {destination} {date}, 1 passenger"
# (family, seed, first message, option 1's flight, why it cannot be had, the flight a pick among the open ones takes)
CASES = [
    ("unnamed_traveler", 1001, ONE, "SA1000", "is sold out", "SA9796"),
    ("one_way", 66, ONE, "SA1000", "is sold out", "SA9796"),
    ("hold_request", 1007, ONE, "SA0172", "is sold out", "SA1847"),
    ("large_group", 7, "book {origin} to {destination} {date}, 9 passengers", "SA4546",
     "only has seats left for 6 of your party", "SA3627"),
    ("budget_constrained", 5, "book {origin} to {destination} {date}, 1 passenger", "SA5555",
     "was cancelled by the airline", "SA0461"),
]

FIRST = [
    "the first flight", "The first flight is fine.", "The earliest one.",  # the tester's words
    "first flight pls", "ok the earliest flight then", "I'll take the first flight out", "the soonest one",
    "Earliest please.", "book the first flight", "the earliest option is fine by me",
    "go with the one that leaves first",
]


@pytest.mark.parametrize("phrase", FIRST)
@pytest.mark.parametrize("family, seed, first, fid, why, _open", CASES)
def test_a_rank_naming_option_1_says_it_cannot_be_had(family, seed, first, fid, why, _open, phrase):
    t = _play(family, seed, [], [first, phrase])
    reply = _said(t)[-1]
    assert reply.startswith(f"Sorry, flight {fid} {why}"), reply
    assert "You picked" not in reply and not _calls(t, "book_flight") and not _calls(t, "hold_itinerary")


@pytest.mark.parametrize("phrase", ["the cheapest", "cheapest one please"])
def test_the_cheapest_is_still_the_cheapest_with_seats_and_names_its_cabin(phrase):
    # not changed here: "the cheapest" is the cheapest flight the party can have, said with its cabin
    reply = _said(_play("one_way", 66, [], [ONE, phrase]))[-1]
    assert reply.startswith("You picked SA9796 (Premium Economy)"), reply


@pytest.mark.parametrize("phrase", [
    "the earliest available flight", "the first flight with seats", "first flight you can still get me on",
    "the earliest one that isn't sold out", "the first flight that still has seats", "earliest flight that still has room",
])
@pytest.mark.parametrize("family, seed, first, fid, why, open_", CASES)
def test_a_rank_among_the_open_flights_passes_over_the_closed_row_and_names_the_cabin(family, seed, first, fid, why,
                                                                                      open_, phrase):
    reply = _said(_play(family, seed, [], [first, phrase]))[-1]
    assert reply.startswith(f"You picked {open_} ("), reply  # "You picked SA9796 (Premium Economy)": cabin said


@pytest.mark.parametrize("phrase", ["the first flight", "The earliest one.", "the first", "option 1", "the cheapest"])
def test_an_open_option_1_is_still_picked(phrase):
    # one_way 3: option 1 (SA8120, Economy, the cheapest and earliest) has seats
    reply = _said(_play("one_way", 3, [], [ONE, phrase]))[-1]
    assert reply.startswith("You picked SA8120 (Economy)"), reply


@pytest.mark.parametrize("phrase", ["the first", "option 1", "flight 1", "the first one"])
@pytest.mark.parametrize("family, seed, first, fid, why, _open", CASES)
def test_option_1_by_number_unchanged(family, seed, first, fid, why, _open, phrase):
    reply = _said(_play(family, seed, [], [first, phrase]))[-1]
    assert reply.startswith(f"Sorry, flight {fid} {why}"), reply


def test_a_question_for_the_earliest_is_still_answered_not_picked():
    t = _play("one_way", 66, [], [ONE, "which one leaves earliest?"])
    assert "You picked" not in _said(t)[-1] and not _calls(t, "book_flight")
