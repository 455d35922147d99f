"""Customers black-box testers played against the compliant reference target (fortieth session), with their
words and others of the same kind. What was wrong:

1. After search results, "ok what else is there that day? or the day before/after?" searched one date only (the
   day before, replacing the listing). Now the days around the one listed are searched too and their lowest
   fares said beside the listing, which stays as it was ("a day either side", "+/- a day", "give or take a day").
2. "coming back at the end of June, the 29th" was read as no date; "fortnight today" / "fortnight from today"
   (without "a") was read as today, not today + 14 days.
3. At a booking summary, "actually make it 28 September" was read as 28 passengers (refused as over 9): a day next
   to a month after "make it" / "change it to" is a date (the trip re-searched on it), never a count;
   "make it 3 of us" still changes the count, and "28" answering "how many passengers?" is still 28 people.
4. "12 de junio" (Spanish) and "le 12 juin" (French) were not read as dates.
5. In a round trip, "push the 2nd leg back a day" was not understood: only the return leg moves (and is searched
   again), the outbound is kept.
Every conversation is checked by the verifiers too (``play`` asserts that none fires)."""
from __future__ import annotations

from datetime import timedelta

import pytest

from envs.skyassist.database import NOW
from envs.skyassist.language import parse
from tests.envs.skyassist.test_target_phrasings import calls, replies
from tests.envs.skyassist.test_unseen_sky_customers import D, play

TODAY = NOW.date()
ONE = D.scenario("one_way", 3)  # Madrid -> Amsterdam, 2026-08-28: SA8120, SA4569; nothing on 08-27 or 08-29
NEAR = D.scenario("one_way", 32)  # Dubai -> Frankfurt, 2026-09-20: nothing on 09-19, SA0987 Business on 09-21
ROUND = D.scenario("round_trip", 2)  # London -> Madrid 2026-05-04 (SA4790), back 2026-12-06 (SA1043), 2 people


def searched(ep) -> list[str]:
    return [c["date"] for c in calls(ep, "search_flights")]


def _trip(sc, pax="2 passengers"):
    return f"hi, I need a flight from {sc['origin_city']} to {sc['destination_city']} on {sc['date']} for {pax}"


def _read(text):
    return parse(text, D.db)


# --- 1. the days around the one listed ------------------------------------------------------------

@pytest.mark.parametrize("line, days", [
    ("ok what else is there that day? or the day before/after?", [-1, 1]),  # the tester's words
    ("what about the day before or after", [-1, 1]),
    ("any flights the day after or the day before?", [-1, 1]),
    ("day b4 or after?", [-1, 1]),
    ("anything a day either side?", [-1, 1]),
    ("+/- a day?", [-1, 1]),
    ("give or take a day, what else is there", [-1, 1]),
    ("one day earlier or later?", [-1, 1]),
    ("can you check 2 days either way pls", [-2, -1, 1, 2]),
    ("what else is there that day? or the day before?", [-1]),
    ("and the day after too?", [1]),
])
def test_the_days_around_the_listed_one_are_searched_and_the_listing_kept(line, days):
    ep = play([_trip(NEAR), line], NEAR)
    day = TODAY.fromisoformat(NEAR["date"])
    assert searched(ep) == [NEAR["date"]] + [(day + timedelta(days=k)).isoformat() for k in days], replies(ep)
    said = replies(ep)[-1]
    assert f"Those are all the flights I found on {NEAR['date']}" in said and "Which flight would you like?" in said
    if 1 in days:
        assert "2026-09-21 there is 1 flight with seats, the lowest fare $1208 per seat (SA0987, Business)" in said


def test_a_day_around_it_with_seats_can_then_be_listed():
    ep = play([_trip(NEAR), "ok what else is there that day? or the day before/after?", "ok that day then", "1",
               "Ana Lopez", "yes"], NEAR)
    assert searched(ep)[-1] == "2026-09-21", replies(ep)
    assert [b["flight_ids"] for b in calls(ep, "book_flight")] == [["SA0987"]], replies(ep)


def test_the_days_around_a_day_without_flights_are_searched():
    ep = play([_trip(ONE, "1").replace(ONE["date"], "2026-08-27"), "what about the day before or after?"], ONE)
    assert searched(ep) == ["2026-08-27", "2026-08-26", "2026-08-28"], replies(ep)
    assert "on 2026-08-28 there are 2 flights with seats, the lowest fare $585 per seat" in replies(ep)[-1]


def test_the_days_around_said_with_the_trip_are_searched_beside_it():
    ep = play([_trip(NEAR) + ", or the day before/after"], NEAR)
    assert searched(ep) == ["2026-09-20", "2026-09-19", "2026-09-21"], replies(ep)
    assert "1) SA0737" in replies(ep)[-1]  # the day asked is listed


@pytest.mark.parametrize("line, moved", [
    ("the day after", "2026-08-29"),  # one side alone still moves the date
    ("the day before", "2026-08-27"),
    ("can you move it to the day after too", "2026-08-29"),  # a move, said with "too"
])
def test_one_side_alone_still_moves_the_date(line, moved):
    ep = play([_trip(ONE, "1"), line], ONE)
    assert searched(ep) == [ONE["date"], moved], replies(ep)


@pytest.mark.parametrize("text", [
    "either way is fine", "flights both ways please", "I flew the day before and it was awful",
    "my sister flies the day after", "the day after", "can you also move it to the day after",
])
def test_near_misses_ask_for_no_days_around(text):
    assert _read(text).around_days == []


# --- 2. "end of June, the 29th"; "fortnight today" ------------------------------------------------

@pytest.mark.parametrize("text, day", [
    ("coming back at the end of June, the 29th", "2026-06-29"),  # the tester's words
    ("back end of june - 29th", "2026-06-29"),
    ("return june: the 29th", "2026-06-29"),
    ("fortnight today", (TODAY + timedelta(days=14)).isoformat()),
    ("a fortnight from today", (TODAY + timedelta(days=14)).isoformat()),
    ("fortnight from today pls", (TODAY + timedelta(days=14)).isoformat()),
    ("two weeks today", (TODAY + timedelta(days=14)).isoformat()),
    ("fortnite today", (TODAY + timedelta(days=14)).isoformat()),
    ("fortnight tomorrow", (TODAY + timedelta(days=15)).isoformat()),
])
def test_a_day_after_a_month_and_a_comma_and_a_fortnight_are_read(text, day):
    assert _read(text).dates == [day]


def test_in_june_the_third_week_is_no_day():
    assert _read("in june, 3rd week").dates == []


def test_the_return_at_the_end_of_june_the_29th_is_searched():
    sc = D.scenario("round_trip", 3)  # Johannesburg -> London, 2026-06-13
    ep = play([f"hi, {sc['origin_city']} to {sc['destination_city']} on {sc['date']}, coming back at the end of June, "
               "the 29th, 2 of us"], sc)
    assert searched(ep) == ["2026-06-13", "2026-06-29"], replies(ep)


def test_fortnight_today_is_searched_as_today_and_14_days():
    ep = play([f"{ONE['origin_city']} to {ONE['destination_city']} fortnight today, 1 passenger"], ONE)
    assert searched(ep) == [(TODAY + timedelta(days=14)).isoformat()], replies(ep)


# --- 3. "make it 28 September" at a summary -------------------------------------------------------

SUMMARY = [_trip(ONE) + ", I'm Aisha Okafor", "option 1"]


@pytest.mark.parametrize("line", [
    "actually make it 28 September",  # the tester's words
    "make it the 28th of September instead", "change it to 28 Sept pls", "can we make it 28 sep?",
    "actually make that 28 de septiembre", "make it 28th september",
])
def test_a_day_and_month_after_make_it_is_a_date_never_a_count(line):
    ep = play(SUMMARY + [line], ONE)
    assert searched(ep) == [ONE["date"], "2026-09-28"], replies(ep)
    assert "up to 9 passengers" not in replies(ep)[-1]
    assert _read(line).passengers is None


@pytest.mark.parametrize("line, n", [("make it 3 of us", 3), ("make it 3 people", 3), ("make it 3", 3)])
def test_make_it_a_number_of_people_still_changes_the_count(line, n):
    ep = play(SUMMARY + [line], ONE)
    assert f"for {n} passengers" in replies(ep)[-1] and "Shall I book it?" in replies(ep)[-1], replies(ep)


def test_28_answering_how_many_passengers_is_still_28_people():
    ep = play([_trip(ONE).split(" for ")[0] + ", I'm Aisha Okafor", "option 1", "28"], ONE)
    assert "How many passengers" in replies(ep)[-2]
    assert "up to 9 passengers" in replies(ep)[-1], replies(ep)


def test_make_it_28_alone_at_a_summary_is_still_a_count():
    ep = play(SUMMARY + ["make it 28"], ONE)
    assert "up to 9 passengers" in replies(ep)[-1], replies(ep)


# --- 4. dates in Spanish, French and others ------------------------------------------------------

@pytest.mark.parametrize("text, day", [
    ("12 de junio", "2026-06-12"), ("le 12 juin", "2026-06-12"),  # the tester's words
    ("el 12 de junio de 2026", "2026-06-12"), ("1er août", "2026-08-01"), ("le 3 aout", "2026-08-03"),
    ("il 3 luglio", "2026-07-03"), ("12. Juni", "2026-06-12"), ("5 de julho", "2026-07-05"),
    ("de Madrid a Londres el 12 de junio", "2026-06-12"), ("le 2 mai", "2026-05-02"), ("2 de abril", "2026-04-02"),
])
def test_a_day_and_a_foreign_month_is_a_date(text, day):
    assert _read(text).dates == [day]


@pytest.mark.parametrize("text, out, back", [
    ("ida 12 de junio, vuelta 20 de junio", "2026-06-12", "2026-06-20"),
    ("le 12 juin, retour le 20 juin", "2026-06-12", "2026-06-20"),
    ("Madrid to London 12 de junio, back 20 de junio", "2026-06-12", "2026-06-20"),
])
def test_a_foreign_return_date_is_the_return(text, out, back):
    p = _read(text)
    assert (p.date, p.return_date) == (out, back)


@pytest.mark.parametrize("text", ["Mai Tran here", "I love mars bars", "Julio is my brother", "in junio",
                                  "tickets for 2 Mai and Tom"])
def test_a_foreign_month_without_a_day_is_no_date(text):
    assert _read(text).dates == []


@pytest.mark.parametrize("first", [
    "quiero volar de Madrid a Amsterdam el 28 de agosto, 1 persona",
    "je voudrais un vol de Madrid à Amsterdam le 28 août, 1 passager",
])
def test_a_trip_said_in_spanish_or_french_is_searched_on_its_date(first):
    ep = play([first], ONE)
    assert searched(ep) == ["2026-08-28"], replies(ep)


def test_a_french_date_answering_the_date_question_is_searched():
    ep = play([f"{ONE['origin_city']} to {ONE['destination_city']} for 1", "le 28 août"], ONE)
    assert searched(ep) == ["2026-08-28"], replies(ep)


# --- 5. one leg of a round trip moved by days -----------------------------------------------------

ROUND_LISTED = [f"round trip from {ROUND['origin_city']} to {ROUND['destination_city']}, leaving {ROUND['date']}, back "
                f"{ROUND['return_date']}, 2 passengers, name Fatima Novak"]


@pytest.mark.parametrize("line, ret", [
    ("push the 2nd leg back a day", "2026-12-07"),  # the tester's words
    ("move the return one day later", "2026-12-07"),
    ("can the return be a day earlier", "2026-12-05"),
    ("push the second flight back by a day", "2026-12-07"),
    ("move the flight home 2 days later", "2026-12-08"),
    ("bring the return forward a day", "2026-12-05"),
    ("shift the way back by one day", "2026-12-07"),
    ("move leg 2 back 2 days", "2026-12-08"),
    ("move the 2nd leg one day earlier", "2026-12-05"),
])
@pytest.mark.parametrize("picked", [False, True])
def test_the_return_alone_moves_and_the_outbound_is_kept(line, ret, picked):
    msgs = ROUND_LISTED + (["option 1 for the outbound and option 1 for the return"] if picked else []) + [line]
    ep = play(msgs, ROUND)
    assert calls(ep, "search_flights")[-2:] == [
        {"origin": "LHR", "destination": "MAD", "date": "2026-05-04"},
        {"origin": "MAD", "destination": "LHR", "date": ret}], replies(ep)
    if picked:
        assert "You still have SA4790 for the outbound" in replies(ep)[-1]


def test_the_first_leg_moved_keeps_the_return():
    ep = play(ROUND_LISTED + ["push the first leg back a day"], ROUND)
    assert searched(ep)[-2:] == ["2026-05-05", "2026-12-06"], replies(ep)


def test_2nd_in_an_address_moves_nothing():
    assert _read("I live on 2nd Avenue, back a bit later today").shift_days is None


def test_the_days_around_the_return_are_the_returns_when_it_is_named():
    sc = D.scenario("round_trip", 59)  # San Francisco -> Dubai 2026-03-04, back 2026-04-14
    ep = play([f"round trip from {sc['origin_city']} to {sc['destination_city']}, leaving {sc['date']}, back "
               f"{sc['return_date']}, 1 passenger", "anything the day before or after for the return?"], sc)
    assert calls(ep, "search_flights")[-2:] == [{"origin": "DXB", "destination": "SFO", "date": "2026-04-13"},
                                                {"origin": "DXB", "destination": "SFO", "date": "2026-04-15"}]
    assert "Those are all the flights I found on 2026-04-14 for the return" in replies(ep)[-1]
