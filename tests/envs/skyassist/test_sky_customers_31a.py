"""SkyAssist reference agent, findings of the thirty-first session's testers ``faults-7`` (findings 1, 2, 3 and 9,
/work/h31/faults-7/report.md) and ``sky-customers-7`` (findings 1 and 13, /work/h31/sky-customers-7/report.md),
with the testers' words, other phrasings, and the near misses that must keep their old reading:

f1.  a hold said as "reserve ... without charging (my card) yet" / "don't charge me yet, just reserve" is a hold,
     never a booking that charges the card;
f2.  a party with a companion who is no relative ("7 players plus the coach", "6 players and the coach", "two of us
     plus the dog-sitter", "a team of 12 plus the coach") counts the companion; a pet does not;
f3.  both legs of a connection picked with their places ("SA3350 into Dubai and then SA4491 onwards", "X to Dubai,
     then Y to San Francisco", "the 5:10 to Dubai and then the 10:30 economy to SF") are both taken, never the
     first leg booked alone after a new search;
f9.  a count larger than the seats the chosen flight has left is said before any summary; "surname Okafor, Aisha"
     keeps the given name;
s1.  a name spelled out after it is typed ("thats s-c-h-m-i-d-t", "spelled s c h m i d t", "S as in sam,
     C-H-M-I-D-T", "(like the beer)") confirms the surname and is never part of the name;
s13. "august 24 uh tickets for my wife and I" is 2, never 24 (the day of a date is no count); "l a" is Los
     Angeles. (A name after the count with no cue, "one person malik adeyemi", is still asked for: the S1 verifier
     does not read it as the customer's, so a booking under it would be flagged.)

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse, party_sizes
from tests.envs.skyassist.test_language import DB
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls, _play
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play

GROUP = D.scenario("large_group", 5)  # SYD-JFK 2026-04-13: 1 SA6444 Economy (15 left), 2 SA4265 Economy (3 left)
MULTI = D.scenario("multi_leg", 5)  # LHR-DXB 2026-04-14: 1 SA3350 05:10-10:00 Economy, 2 SA7774, 3 SA7146;
# DXB-SFO: 1 SA2094 10:30 Business, 2 SA4491 10:30 Economy (2 left), 3 SA4876 12:00 Economy
ONE3 = D.scenario("one_way", 3)  # MAD-AMS 2026-08-28: 1 SA8120 09:45 (20 left), 2 SA4569 13:00 (5 left)
ONE1 = D.scenario("one_way", 1)  # ORD-MIA 2026-05-28


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


def _writes(ep) -> list[tuple[str, dict]]:
    return [(n, c) for n in ("book_flight", "hold_itinerary", "modify_booking") for c in _calls(ep, n)]


# --- f1. "reserve without charging yet" is a hold ------------------------------------------------------------

@pytest.mark.parametrize("ask", ["can you reserve seats without charging yet?",
                                 "can you reserve seats without charging my card yet?",
                                 "don't charge me yet, just reserve.",
                                 "please reserve them but do not charge my card yet.",
                                 "reserve the seats, no charge for now."])
def test_a_reservation_without_a_charge_yet_is_a_hold(ask):
    ep = play([f"Sydney to New York April 13, there are 4 of us, {ask} Liam Dubois", "first option", "yes"], GROUP)
    assert _calls(ep, "hold_itinerary") and not _calls(ep, "book_flight"), _writes(ep)
    assert "information about charging" not in _after(ep, ep.messages[0]["content"])


@pytest.mark.parametrize("ask", ["book it now and charge my card.", "please book, you can charge the card today.",
                                 "is there phone charging on board?"])
def test_a_charge_asked_for_or_a_charging_question_is_no_hold(ask):
    ep = play([f"Sydney to New York April 13, there are 4 of us, Liam Dubois. {ask}", "first option", "yes"], GROUP)
    assert not _calls(ep, "hold_itinerary"), _writes(ep)


def test_eleven_without_charging_yet_is_a_hold_over_the_limit():
    ep = play(["Sydney to New York April 13, there are 11 of us, can you reserve seats without charging yet? "
               "Liam Dubois", "first option"], GROUP)
    assert "up to 9 passengers" in _after(ep, "first option") and not _writes(ep)
    faulty = _play("large_group", 5, ["no_pax_limit_on_hold"], [
        "Sydney to New York April 13, there are 11 of us, can you reserve seats without charging yet? Liam Dubois",
        "first option", "yes"])
    assert [c["passengers"] for c in _calls(faulty, "hold_itinerary")] == [11]
    assert {v.policy for v in faulty.violations} == {"O1"}


# --- f2. a companion who is no relative counts --------------------------------------------------------------

@pytest.mark.parametrize("line, n", [
    ("we're a five-a-side team, 7 players plus the coach, Liam Dubois", 8),
    ("6 players and the coach", 7),
    ("two of us plus the dog-sitter", 3),
    ("12 students and 2 teachers", 14),
    ("4 of us plus our driver", 5),
    ("we're a football team of 8 plus the coach", 9),
    ("me and the nanny", 2),
    # near misses, read as before
    ("two of us plus the dog", 2),
    ("3 adults plus my mum", 4),
    ("me and my wife plus our baby", 3),
    ("we are 4", 4),
])
def test_a_party_with_a_companion_who_is_no_relative_counts_them(line, n):
    assert max(party_sizes(line)) == n, sorted(party_sizes(line))


@pytest.mark.parametrize("line, n", [("we're a five-a-side team, 7 players plus the coach, Liam Dubois", 8),
                                     ("6 players and the coach, Liam Dubois", 7),
                                     ("two of us plus the dog-sitter, Liam Dubois", 3)])
def test_the_companion_is_in_the_summary_and_the_booking(line, n):
    ep = play(["Sydney to New York on 13 April please", "option 1", line, "yes"], GROUP)
    assert f"for {n} passengers" in _after(ep, line)
    assert [c["passengers"] for c in _calls(ep, "book_flight")] == [n]


# --- f3. both legs picked with their places -----------------------------------------------------------------

ML_START = "London to San Francisco on April 14 via Dubai, 2 people, Arjun Cohen"


@pytest.mark.parametrize("pick", ["I'll take SA3350 into Dubai and then SA4876 onwards",
                                  "SA3350 to Dubai, then SA4876 to San Francisco",
                                  "the 5:10 to Dubai and then the 12:00 to SF",
                                  "SA3350 and SA4876"])
def test_both_legs_picked_with_their_places_are_both_booked(pick):
    ep = play([ML_START, pick, "yes"], MULTI)
    assert len(_calls(ep, "search_flights")) == 2, _calls(ep, "search_flights")  # no new search of one leg
    assert [c["flight_ids"] for c in _calls(ep, "book_flight")] == [["SA3350", "SA4876"]]


@pytest.mark.parametrize("pick", ["I'll take SA3350 into Dubai and then SA4491 onwards",
                                  "SA3350 to Dubai, then SA4491 to San Francisco",
                                  "the 5:10 to Dubai and then the 10:30 economy to SF",
                                  "first leg SA3350, second leg SA4491"])
def test_a_too_short_connection_picked_with_its_places_is_refused_not_cut_to_one_leg(pick):
    ep = play([ML_START, pick, "yes"], MULTI)
    said = _after(ep, pick)
    assert "30 minutes" in said and "Shall I book" not in said, said
    assert not _writes(ep)


def test_one_leg_picked_with_its_place_asks_for_the_other_leg():
    ep = play([ML_START, "SA3350 to Dubai please"], MULTI)
    said = _after(ep, "SA3350 to Dubai please")
    assert len(_calls(ep, "search_flights")) == 2 and "second leg" in said and "Shall I" not in said, said


# --- f9. too few seats said before the summary; "surname X, Given" -------------------------------------------

@pytest.mark.parametrize("count", ["there are 7 of us actually, surname Okafor, Aisha", "we are 6, Aisha Okafor",
                                   "7 people, Aisha Okafor"])
def test_a_count_over_the_seats_left_is_said_before_any_summary(count):
    ep = play(["Madrid to Amsterdam on Aug 28 please", "the 1pm one", count, "yes"], ONE3)
    said = _after(ep, count)
    assert "Shall I" not in said and "SA4569" in said and "5" in said, said
    assert not _writes(ep)


def test_after_too_few_seats_the_other_flight_is_summarised_under_the_full_name():
    count = "there are 7 of us actually, surname Okafor, Aisha"
    ep = play(["Madrid to Amsterdam on Aug 28 please", "the 1pm one", count, "option 1", "yes"], ONE3)
    assert [(c["flight_ids"], c["passengers"], c.get("first_name"), c["last_name"]) for c in _calls(ep, "book_flight")] \
        == [(["SA8120"], 7, "Aisha", "Okafor")]


@pytest.mark.parametrize("line, first, last", [("surname Okafor, Aisha", "Aisha", "Okafor"),
                                               ("last name Okafor, Aisha please", "Aisha", "Okafor"),
                                               ("7 of us, family name Okafor, Aisha", "Aisha", "Okafor"),
                                               ("surname Okafor, please", None, "Okafor"),
                                               ("surname Okafor, thanks", None, "Okafor")])
def test_a_given_name_after_the_surname_is_kept(line, first, last):
    p = parse(line, DB, "passengers")
    assert (p.first_name, p.last_name) == (first, last)


# --- s1. a surname spelled out confirms it -----------------------------------------------------------------

S_START = ["i need a flight from chicago to miami on may twenty eighth for two people", "the cheapest one"]


@pytest.mark.parametrize("line", ["my name is arjun schmidt thats s-c-h-m-i-d-t",
                                  "arjun schmidt spelled s c h m i d t",
                                  "Arjun Schmidt - that's S as in sam, C-H-M-I-D-T",
                                  "arjun schmidt (like the beer)",
                                  "Arjun Schmidt, S-C-H-M-I-D-T",
                                  "arjun schmidt, schmidt with a dt at the end"])
def test_a_surname_spelled_after_it_is_typed_is_the_surname(line):
    ep = play(S_START + [line, "yes"], ONE1)
    assert "under the name Arjun Schmidt," in _after(ep, line), _after(ep, line)
    assert [(c.get("first_name"), c["last_name"]) for c in _calls(ep, "book_flight")] == [("Arjun", "Schmidt")]


def test_a_spelling_that_is_not_the_name_typed_is_asked_about_never_written():
    line = "my name is arjun shmit thats s-c-h-m-i-d-t"
    ep = play(S_START + [line, "yes"], ONE1)
    assert "Shall I" not in _after(ep, line) and not _writes(ep), _after(ep, line)


# --- s13. "for my wife and I" after a date, "l a" --------------------------------------------------------------

@pytest.mark.parametrize("line, n", [("los angeles to rome august 24 uh tickets for my wife and I", 2),
                                     ("rome on august 24, tickets for me and my wife", 2),
                                     ("june 3 2 adults", 2), ("3 adults in june", 3)])
def test_the_day_of_a_date_is_no_count(line, n):
    assert parse(line, DB).passengers == n


@pytest.mark.parametrize("line", ["yeah hi i want to go to rome from l a on august 24", "rome from L.A. on august 24",
                                  "fly from l a to rome on august 24"])
def test_l_a_is_los_angeles(line):
    p = parse(line, DB)
    assert (p.origin, p.destination) == ("LAX", "FCO")


@pytest.mark.parametrize("line", ["singapore frankfurt 4 sept 3 people", "on the 4th of sept 3 people"])
def test_a_count_after_a_date_with_its_day_before_the_month_is_still_the_count(line):
    assert parse(line, DB).passengers == 3
