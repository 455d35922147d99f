"""Customers two testers played against the compliant reference target (twenty-seventh session), in other
words than the testers': a party change said at the booking summary ("make that 3", "and my husband as
well"), a companion named after the count that is one of those counted, a pick among the refundable flights,
a traveller whose surname is not known, a pick opened by "ok" / "alright" while a return flight is offered,
a yes to booking seats already on hold, a pick by the time of day or the highest fare, and names given as
"Last, First", after "lead pax", beside a passport or other details, or in capitals beside a booking id.
Every conversation is checked by the verifiers too (``play`` asserts that none fires)."""
from __future__ import annotations

import re

import pytest

from tests.envs.skyassist.test_target_phrasings import calls, replies
from tests.envs.skyassist.test_unseen_sky_customers import _sc, mutated, play

ONE = _sc("one_way")  # Toronto -> Rome, 2026-09-05: 1) SA2374 06:45 Economy $203 refundable, 2) SA5804 12:30
# Economy $209 refundable, 3) SA9843 16:30 Premium Economy $291 non-refundable
FARES = _sc("fare_rules_question")  # Istanbul -> Denver, 2026-07-15: 1) SA4845 Economy non-refundable, 2) SA7455
# Business refundable
HOLD = _sc("hold_request")  # Sydney -> Johannesburg, 2026-11-24; option 2 is SA4819
UNNAMED = _sc("unnamed_traveler")  # Frankfurt -> London, 2026-06-13
CANCEL = _sc("cancel_booking")  # BK10DHMN, Fischer
STATUS = _sc("booking_status")  # BKXUQNWQ, Kim
CHANGE = _sc("change_booking")  # BK93T1H1, Novak
TRIP = "toronto to rome on sept 5"


def booked(ep) -> list[dict]:
    return calls(ep, "book_flight")


def count_in(text: str) -> int | None:
    m = re.search(r"for (\d+) passengers?", text)
    return int(m.group(1)) if m else None


# --- 1. a party change said at the booking summary -------------------------------------------------

@pytest.mark.parametrize("line, n, total", [
    ("make that 3", 3, True), ("hmm make that two actually", 2, True),
    ("and my husband as well", 2, False), ("my daughter comes along too", 2, False),
])
def test_a_party_change_at_the_summary_changes_the_count_and_summarises_again(line, n, total):
    ep = play([f"{TRIP}, only me", "1", "Ana Lopez", line, "yes"])
    said = replies(ep)
    assert count_in(said[-2]) == n and "Shall I book it?" in said[-2], said[-2]
    assert (f"${203 * n} in total" in said[-2]) == total, said[-2]
    assert [b["passengers"] for b in booked(ep)] == [n], said


# --- 2. a companion named after the count was stated -------------------------------------------------

@pytest.mark.parametrize("msgs", [
    [f"{TRIP} for two people", "1", "name is Ana Lopez, my sister is travelling with me too", "yes"],
    [f"{TRIP}, me and my mum", "1", "Ana Lopez, my mum is coming too", "yes"],
    [f"{TRIP}, 2 passengers", "option 1", "Ana Lopez. my husband is joining me as well", "yes"],
])
def test_a_companion_named_after_the_count_is_one_of_those_counted(msgs):
    ep = play(msgs)
    assert [b["passengers"] for b in booked(ep)] == [2], replies(ep)


# --- 3. a pick among the refundable flights ------------------------------------------------------------

@pytest.mark.parametrize("line", ["ok give us the cheapest fully refundable option",
                                  "cheapest one that's refundable please"])
def test_the_cheapest_refundable_pick_is_among_the_refundable_flights(line):
    ep = play(["istanbul to denver july 15, two people", line, "Mei Sato", "yes"], FARES)
    assert [b["flight_ids"] for b in booked(ep)] == [["SA7455"]], replies(ep)


def test_the_cheapest_non_refundable_pick_is_among_those():
    ep = play([f"{TRIP}, only me", "the cheapest non refundable flight", "Ana Lopez", "yes"])
    assert [b["flight_ids"] for b in booked(ep)] == [["SA9843"]], replies(ep)


@pytest.mark.parametrize("first", ["istanbul to denver july 15 for 2, which ones are refundable?",
                                   "istanbul to denver july 15 for 2. which of them are refundable"])
def test_which_flights_are_refundable_asked_with_the_search_is_answered(first):
    said = replies(play([first], FARES))[0]
    assert "(SA4845) is non-refundable" in said and "(SA7455) is refundable" in said, said


# --- 4. no surname: ask for it, never book under a word of the sentence -------------------------------

@pytest.mark.parametrize("line", ["its Marco, dunno his surname lol",
                                  "it's for Lena, she won't give me her last name haha",
                                  "Sam. no idea of his last name tbh"])
def test_a_traveller_without_a_surname_is_asked_for_it_and_not_booked(line):
    trip = f"{UNNAMED['origin_city']} to {UNNAMED['destination_city']} {UNNAMED['date']}, one seat"
    ep = play([trip, "the first", line, "yes"], UNNAMED)
    assert not mutated(ep), replies(ep)
    assert "last name" in replies(ep)[2], replies(ep)[2]
    for word in ("Lol", "Haha", "Tbh", "Surname"):
        assert f"under the name {word}" not in " ".join(replies(ep))


# --- 5. a pick opened by "ok", "alright", "let's go with" while a return flight is offered -------------

@pytest.mark.parametrize("line, fid", [("okay 2", "SA5804"), ("alright, 3", "SA9843"), ("ok the second", "SA5804"),
                                       ("let's go with 1 then", "SA2374"), ("fine 3 pls", "SA9843")])
def test_a_pick_opened_by_ok_is_a_pick_not_a_yes_to_the_return_offer(line, fid):
    ep = play([f"{TRIP}, only me", line])
    said = replies(ep)[-1]
    assert said.startswith(f"You picked {fid}") and "fly back" not in said, said


# --- 6. a yes to booking the seats already on hold --------------------------------------------------------

@pytest.mark.parametrize("line", ["yeah sure", "yes pls", "sure, do it"])
def test_a_yes_to_booking_seats_already_on_hold_books_them(line):
    start = [f"hold a seat {HOLD['origin_city']} to {HOLD['destination_city']} nov 24 for me, Tomasz Andersen", "2",
             "yes", "alright, lets make that hold final"]
    ep = play(start + [line, "yes"], HOLD)
    said = replies(ep)
    assert "Would you like me to book them?" in said[3], said[3]
    assert "Shall I book it?" in said[4], said[4]
    assert [b["flight_ids"] for b in booked(ep)] == [["SA4819"]], said
    assert len(calls(ep, "cancel_booking")) == 1  # the hold is released, one booking


# --- 7. a pick by the time of day, the departure time, the highest fare ------------------------------------

@pytest.mark.parametrize("line, fid", [("the lunchtime one", "SA5804"), ("the early morning flight", "SA2374"),
                                       ("the 12.30 please", "SA5804"), ("gimme the dearest one", "SA9843"),
                                       ("the most expensive flight pls", "SA9843")])
def test_a_pick_by_time_of_day_or_highest_fare(line, fid):
    ep = play([f"{TRIP}, only me", line, "Ana Lopez", "yes"])
    assert [b["flight_ids"] for b in booked(ep)] == [[fid]], replies(ep)


def test_a_part_of_the_day_with_no_or_several_flights_is_asked_again():
    said = replies(play([f"{TRIP}, only me", "the evening one"]))[-1]
    assert "none of the flights" in said and "Which flight would you like?" in said, said
    said = replies(play([f"{TRIP}, only me", "the afternoon flight"]))[-1]
    assert "option 2" in said and "option 3" in said and "Which flight" in said, said


# --- 8. names: "Last, First", filler before a name, a name beside other details, capitals beside an id ---

# (played with the verifiers: the S1 oracle reads these names with its own code, verify_names)
def _play(msgs, sc=ONE, said=""):
    return play(msgs, sc)


@pytest.mark.parametrize("line, first, last", [
    ("that's Lopez, Ana", "Ana", "Lopez"), ("put it under Okafor, Chidi", "Chidi", "Okafor"),
    ("the lead pax is priya shah", "Priya", "Shah"), ("Ana Lopez passport K7654321", "Ana", "Lopez"),
    ("ana lopez and my son", "Ana", "Lopez"),
])
def test_a_lead_name_in_other_shapes_is_read(line, first, last):
    ep = _play([f"{TRIP}, only me", "1", line, "yes"], said=line)
    assert [(b.get("first_name"), b["last_name"]) for b in booked(ep)] == [(first, last)], replies(ep)


@pytest.mark.parametrize("first", [f"{TRIP}, Ana Lopez, 1 seat", f"{TRIP}, just me Ana Lopez, the cheapest",
                                   f"{TRIP} for 1, lead Ana Lopez"])
def test_a_lead_name_beside_other_details_is_not_asked_again(first):
    ep = _play([first, "1", "yes"], said=first)
    assert "first and last name" not in " ".join(replies(ep)), replies(ep)
    assert [b["last_name"] for b in booked(ep)] == ["Lopez"], replies(ep)


@pytest.mark.parametrize("msgs, sc, last", [
    (["BK10DHMN FISCHER, please cancel it"], CANCEL, "Fischer"),
    (["ref BKXUQNWQ, surname KIM - still booked?"], STATUS, "Kim"),
    (["BK93T1H1 NOVAK - can I move it to jul 31"], CHANGE, "Novak"),
])
def test_a_surname_in_capitals_beside_the_booking_id_is_read(msgs, sc, last):
    ep = play(msgs, sc)
    assert [c.get("last_name") for c in calls(ep, "lookup_booking")] == [last], replies(ep)


# --- 9. a connection: the layover after the first leg is picked, "the second flight" at the summary -------

LINK = _sc("multi_leg", 1)  # Paris -> Frankfurt -> Tokyo, 2026-06-13; leg 1 option 1 is SA3990, leg 2 option 3 SA3978
LINK_START = "paris to tokyo june 13 via frankfurt, 2 adults, Malik Schmidt"


def test_the_layover_asked_after_the_first_leg_is_picked_starts_from_that_flight():
    said = replies(play([LINK_START, "1", "how long is the connection time?"], LINK))[-1]
    assert "is SA3990 then" in said, said


def test_the_second_flight_asked_about_at_a_connection_summary_is_the_second_leg_chosen():
    said = replies(play([LINK_START, "1", "3", "the second flight, is it refundable?"], LINK))[-1]
    assert said.startswith("Flight SA3978 ") and "Shall I book it?" in said, said
