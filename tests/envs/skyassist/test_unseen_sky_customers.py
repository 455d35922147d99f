"""Customers the reference target had not met: phrasings written for this file, across the families.

Played before these fixes, against the fault-free target (faults ``none``):
- a connecting trip whose second leg cannot fly the first leg's day: answering the date question with
  that day again, "same day" or "the day before" was taken silently, and the next reply asked for the
  first-leg flight;
- "Nguyen Van An" at the name question was asked for again word for word, "my name is Nguyen Van An"
  was answered "And what is Nguyen's last name?", "Tran Thi Mai" was booked as first name "Tran Thi",
  last name "Mai", "Wang Xiaoming, family name Wang" as "Wang Wang", "Diego and Maria Walsh" and
  "NGUYEN VAN AN" were asked for again word for word;
- "BK... - Ewa Kim - are we all good?" and "kim BK... confirmed?" were asked for the last name, "BK... Kim
  still on?" was answered without saying whether the booking was on;
- dead ends: "I don't have the reference on me" and "i don't know their surname" got the same question
  again, as did "end of july, 31st", "1" and "is that more expensive?" at "What date would you like to
  move it to?" (four times the same reply), "2" when one flight was listed, a name or "yes" given
  before it was asked; "sydney to joburg" and "sf to istanbul" asked "Where will you be flying from to
  Sydney (SYD)?" five times;
- and more: "thanks, that's all for now, bye" answered "take your time"; "june 13 one person" was read
  as 13 passengers; "mid may, like the 16th" searched 16 March; "3rd of july" as a return date also
  picked option 3; "back the day after" was no return date; "first of february next year" was no date;
  "cheapest both ways" picked one leg; "yes" to "no flights ... another date?" asked the return date; a
  connecting trip offered a return "from London to Dubai" (the connection point); offered dates were
  dates that cannot be booked (today, tomorrow before 24 hours); "9 for now" was read as "take your
  time"; "whats the earliest one" and "the 12:30 one" picked nothing; "does the hold cost anything?",
  "can I change the date later?", "do you need my passport?", "why not?" after a restricted
  destination, "why was it cancelled", "what's the shortest layover?" were not answered; "ok what else
  is there that day" after a cancelled flight named by number was not caught.
Every conversation below checks the tool calls made or not made, what the reply says, and that no
policy verifier fires.
"""

from __future__ import annotations

import json
import re
from datetime import date, timedelta

import pytest

from envs.skyassist.language import parse
from envs.skyassist.scenarios import HELDOUT_SEEDS
from envs.skyassist.verifiers import verify_messages
from tests.envs.skyassist.test_counts_and_numeric_dates import D, booked
from tests.envs.skyassist.test_legs_and_option_questions import _no_same_day
from tests.envs.skyassist.test_target_phrasings import calls, replies
from tests.envs.skyassist.test_target_phrasings import play as _play

MUTATIONS = ("book_flight", "hold_itinerary", "cancel_booking", "modify_booking")


def _sc(family: str, k: int = 0) -> dict:
    return D.scenario(family, HELDOUT_SEEDS[k])


ONE = _sc("one_way")  # Toronto -> Rome, 2026-09-05
ROUND = _sc("round_trip")  # Atlanta -> New York, 2026-05-04, back 2026-07-03
MULTI = _sc("multi_leg")  # Dubai -> London -> Rome, 2026-07-23
STATUS = _sc("booking_status")
CANCEL = _sc("cancel_booking")
CHANGE = _sc("change_booking")


def play(messages, sc=ONE):
    ep = _play(messages, sc)
    assert verify_messages(D, ep.messages, sc) == [], (messages, replies(ep))
    return ep


def searches(ep) -> list[tuple[str, str, str]]:
    return [(c["origin"], c["destination"], c["date"]) for c in calls(ep, "search_flights")]


def mutated(ep) -> list[dict]:
    return [c for name in MUTATIONS for c in calls(ep, name)]


def first_listed(sc=ONE) -> str:
    return f"{sc['origin_city']} to {sc['destination_city']} {sc['date']}, 1 seat"


# --- 1. a connection whose second leg cannot fly the first leg's day ------------------------------

A, B, C, DAY, LATER = _no_same_day()
CONNECT = f"{D.db.airports[A].city} to {D.db.airports[B].city} then on to {D.db.airports[C].city} on {DAY}, just me"
BEFORE = (date.fromisoformat(DAY) - timedelta(days=1)).isoformat()
EMPTY_LATER = next(d for d in ((date.fromisoformat(DAY) + timedelta(days=k)).isoformat() for k in range(1, 60))
                   if d not in D.db.dates_for_route(B, C))


@pytest.mark.parametrize("line,why", [
    (DAY, "cannot be the same day"), ("same day please", "cannot be the same day"),
    ("the same date as the first one", "cannot be the same day"),
    ("the day before", "cannot leave before the first leg"), (BEFORE, "cannot leave before the first leg"),
    (f"{date.fromisoformat(EMPTY_LATER):%B} {date.fromisoformat(EMPTY_LATER).day}", "I found no second-leg flight"),
    ("hmm not sure, whatever works", "I still need a date for the second leg"),
])
def test_a_second_leg_date_that_cannot_be_flown_is_asked_again(line, why):
    ep = play([CONNECT, line])
    said = replies(ep)[-1]
    assert why in said and said.endswith("On what date would you like to fly the second leg?"), said
    assert LATER in said  # the dates that leg flies after the first one
    assert "Which flight would you like for the first leg" not in said
    assert all(s[2] >= DAY for s in searches(ep) if s[:2] == (B, C))  # never a second leg before the first


@pytest.mark.parametrize("line", [f"ok {date.fromisoformat(LATER):%B} {date.fromisoformat(LATER).day} then",
                                  f"the {date.fromisoformat(LATER).day}th of {date.fromisoformat(LATER):%B}",
                                  LATER])
def test_a_second_leg_date_that_works_after_a_refused_one_is_searched(line):
    ep = play([CONNECT, "same day", line])
    assert searches(ep)[-2:] == [(A, B, DAY), (B, C, LATER)], replies(ep)[-1]
    assert "Which flight would you like for the first leg?" in replies(ep)[-1]


def test_a_connection_offers_no_return_from_the_connection_point():
    line = f"{MULTI['origin_city']} to {MULTI['destination_city']} via {MULTI['via_city']} on {MULTI['date']}, 1 adult"
    ep = play([line, "yes"])
    said = replies(ep)
    assert "Would you also like me to look for a return flight?" not in said[0] and "return flight" in said[0]
    assert f"fly back from {MULTI['via_city']}" not in said[-1], said[-1]
    assert "Which flight would you like for the first leg?" in said[-1]


def test_the_shortest_layover_is_answered_from_the_listing():
    line = f"{MULTI['origin_city']} to {MULTI['destination_city']} via {MULTI['via_city']} on {MULTI['date']}, 1 adult"
    said = replies(play([line, "what's the shortest layover?"]))[-1]
    assert "45 minutes" in said and said.endswith("You can say the option number or the flight number."), said


# --- 2. names: family name first, words that are also words, capitals, two people -----------------

PICKED = [first_listed(), "1"]


@pytest.mark.parametrize("name,answer,last,first", [
    ("Nguyen Van An", "Nguyen", "Nguyen", None), ("my name is Nguyen Van An", "it's Nguyen", "Nguyen", None),
    ("nguyen van an", "Nguyen", "Nguyen", None), ("Tran Thi Mai", "Tran", "Tran", "Thi Mai"),
    ("Le Van Minh please", "Le", "Le", None), ("Park Ji-woo", "Park", "Park", "Ji-woo"),
])
def test_a_name_whose_last_name_is_unclear_is_asked_for_its_family_name(name, answer, last, first):
    ep = play(PICKED + [name])
    said = replies(ep)[-1]
    assert said.endswith("what is the passenger's last name (family name)?"), said
    ep = play(PICKED + [name, answer, "yes"])
    args = booked(ep)
    assert len(args) == 1 and args[0]["last_name"] == last and args[0].get("first_name") == first, replies(ep)[-2]


@pytest.mark.parametrize("name,again,full", [
    ("NGUYEN VAN AN", "Nguyen Van An", None), ("DIEGO WALSH", "Diego Walsh", ("Diego", "Walsh")),
    ("Diego and Maria Walsh", "Diego Walsh", ("Diego", "Walsh")),
    ("Hannah Murphy please", "Hannah Murphy", ("Hannah", "Murphy")),
])
def test_a_name_that_cannot_be_read_as_typed_is_asked_for_again_with_a_reason(name, again, full):
    ep = play(PICKED + [name])
    said = replies(ep)[-1]
    assert said != replies(ep)[-2] and "name" in said and said.startswith("Thank you."), said
    assert not booked(ep)
    if full:
        ep = play(PICKED + [name, again, "yes"])
        assert [(b.get("first_name"), b["last_name"]) for b in booked(ep)] == [full]


@pytest.mark.parametrize("line,first,last", [("Wang Xiaoming, family name Wang", "Xiaoming", "Wang"),
                                             ("Kowalski, Thandiwe", "Thandiwe", "Kowalski"),
                                             ("Maria de la Cruz", "Maria", "de la Cruz")])
def test_a_name_whose_family_name_is_said_is_read_so(line, first, last):
    ep = play(PICKED + [line, "yes"])
    assert [(b.get("first_name"), b["last_name"]) for b in booked(ep)] == [(first, last)], replies(ep)[-2]


def _status_scenario(last: str) -> dict:
    return next(sc for sc in (D.scenario("booking_status", s) for s in HELDOUT_SEEDS[:200]) if sc["last_name"] == last)


@pytest.mark.parametrize("line", ["{bid} - {last} {first} - is it still confirmed?", "{last} {first} {bid} still on?",
                                  "{bid} {first} {last}, all good?"])
def test_a_lookup_with_a_full_name_in_either_order_finds_the_booking(line):
    sc = _status_scenario("Nguyen")
    ep = play([line.format(bid=sc["booking_id"], first=sc["first_name"], last=sc["last_name"])], sc)
    looked = calls(ep, "lookup_booking")
    assert looked and looked[-1] == {"booking_id": sc["booking_id"], "last_name": "Nguyen"}, replies(ep)
    assert len(looked) <= 2 and f"Booking {sc['booking_id']} under Nguyen" in replies(ep)[-1]


# --- 3. is the booking still on? -------------------------------------------------------------------

PLAIN = {"held": "It is on hold, not yet confirmed or paid.", "confirmed": "It is confirmed.",
         "cancelled": "It has been cancelled."}


@pytest.mark.parametrize("line", [
    "{bid} {last} still on?", "is {bid} still on? surname {last}", "still good for {bid}? last name {lower}",
    "status of my booking {bid}, surname {last}", "{lower} {bid} confirmed?", "{bid} - {first} {last} - are we all good?",
    "hey can u check {bid} for me its under {last}", "{bid}, {last}. has it been cancelled??",
    "is my flight still going ahead? ref {bid}, name {first} {last}",
])
def test_a_status_question_with_the_last_name_is_answered_plainly(line):
    sc = STATUS
    text = line.format(bid=sc["booking_id"], last=sc["last_name"], lower=sc["last_name"].lower(), first=sc["first_name"])
    ep = play([text], sc)
    said = replies(ep)[-1]
    assert calls(ep, "lookup_booking")[-1] == {"booking_id": sc["booking_id"], "last_name": sc["last_name"]}, said
    assert PLAIN[sc["bookings"][0]["status"]] in said and not mutated(ep), said


@pytest.mark.parametrize("line,answer", [("{bid} is it still confirmed?", "{last}"), ("is {bid} still on?", "its {lower}"),
                                         ("still good for {bid}?", "{first} {last}"), ("{bid}?", "{last}."),
                                         ("quick one - {bid} still happening", "surname is {last}")])
def test_a_status_question_without_the_last_name_asks_it_then_answers(line, answer):
    sc = STATUS
    fill = dict(bid=sc["booking_id"], last=sc["last_name"], lower=sc["last_name"].lower(), first=sc["first_name"])
    ep = play([line.format(**fill)], sc)
    assert not calls(ep, "lookup_booking") and "last name" in replies(ep)[-1]
    ep = play([line.format(**fill), answer.format(**fill)], sc)
    assert PLAIN[sc["bookings"][0]["status"]] in replies(ep)[-1], replies(ep)[-1]


# --- 4. no dead ends -------------------------------------------------------------------------------

def test_no_reference_at_hand_is_explained_not_asked_again():
    ep = play(["can you cancel my flight", "I don't have the reference on me"], CANCEL)
    said = replies(ep)
    assert said[-1] != said[-2] and "confirmation email" in said[-1] and "BK" in said[-1], said[-1]


@pytest.mark.parametrize("line", ["i don't know their surname", "no idea what the last name is", "dunno"])
def test_an_unknown_surname_is_explained_not_asked_again(line):
    sc = _sc("third_party_booking")
    ep = play([f"my colleague asked me to check booking {sc['other_booking_id']}", line], sc)
    said = replies(ep)[-1]
    assert "without the last name" in said and not calls(ep, "lookup_booking"), said


@pytest.mark.parametrize("line,want", [("end of july, 31st", "search"), ("the 31st of july", "search"),
                                       ("1", "Sorry, I did not catch a date"), ("is that more expensive?", "fares"),
                                       ("ok fine yes", "What date would you like to move booking")])
def test_a_change_waiting_for_its_date_never_repeats_the_booking_word_for_word(line, want):
    sc = CHANGE
    ep = play([f"reschedule {sc['booking_id']}, {sc['last_name']}", line], sc)
    said = replies(ep)
    if want == "search":
        assert searches(ep)[-1] == (sc["origin"], sc["destination"], "2026-07-31"), said[-1]
    else:
        assert want in said[-1] and said[-1] != said[-2], said[-1]


def test_a_change_price_question_compares_with_the_booking():
    sc = CHANGE
    ep = play([f"reschedule {sc['booking_id']}, {sc['last_name']}", "july 31st", "1", "is that more expensive?"], sc)
    said = replies(ep)[-1]
    assert "current total is $" in said and "after the change" in said and not calls(ep, "modify_booking"), said


def test_a_number_beyond_the_options_says_which_there_are():
    ep = play([f"{ROUND['origin_city']} to {ROUND['destination_city']} on May 4", "2"], ROUND)
    said = replies(ep)[-1]
    assert "There is no option 2" in said and "only option 1" in said, said


@pytest.mark.parametrize("script", [
    [first_listed(), "1", "yep go ahead"], [first_listed(), "ok yes"],
    ["I want to fly to rome", "1"], ["I want to fly to rome", "yes"],
    [first_listed(), "1", "Diego and Maria Walsh", "yep go ahead"],
])
def test_no_reply_is_the_question_before_it_word_for_word(script):
    said = replies(play(script))
    assert not said[-2].endswith(said[-1]), said[-2:]


def test_a_name_given_before_it_is_asked_is_acknowledged():
    ep = play([f"{ONE['origin_city']} to {ONE['destination_city']} {ONE['date']}", "1", "Diego Walsh"])
    said = replies(ep)[-1]
    assert said.startswith("Thank you, I have noted the name Diego Walsh.") and "How many passengers" in said, said


# --- 5. ending, deferring, declining, a person, questions on the side --------------------------------

@pytest.mark.parametrize("line", ["thanks, that's all for now, bye", "ok I'll think about it, bye!", "k thx bye"])
def test_a_goodbye_said_with_a_put_off_ends_the_conversation(line):
    ep = play([first_listed(), line])
    assert ep.ended and "goodbye" in replies(ep)[-1] and "take your time" not in replies(ep)[-1]


def test_a_goodbye_at_a_summary_books_nothing():
    ep = play(PICKED + ["Diego Walsh", "thanks, that's all for now, bye"])
    assert ep.ended and "Nothing has been booked." in replies(ep)[-1] and not mutated(ep)


@pytest.mark.parametrize("line,topic", [("ok and whats the baggage allowance", "baggage allowances"),
                                        ("how many bags can i bring", "baggage allowances"),
                                        ("can I pick a window seat?", "seat selection")])
def test_a_question_the_tools_cannot_answer_is_said_so_then_the_name_asked_again(line, topic):
    said = replies(play(PICKED + [line]))[-1]
    assert f"I don't have information about {topic}" in said and said.endswith("lead passenger?"), said


@pytest.mark.parametrize("line,want", [
    ("does the hold cost anything?", "A hold is free"), ("how long is it held for", "24 hours"),
    ("can I change the date later if I book?", "move a booking to another flight"),
    ("do you need my passport?", "I don't need passport or card details"),
])
def test_a_side_question_is_answered_then_the_open_question_again(line, want):
    said = replies(play(PICKED + [line]))[-1]
    assert want in said and said.endswith("lead passenger?"), said


def test_a_side_question_at_a_summary_keeps_the_summary_open():
    ep = play(PICKED + ["Diego Walsh", "do you need my passport?"])
    said = replies(ep)[-1]
    assert "I don't need passport" in said and said.endswith("Shall I book it?") and not mutated(ep)
    ep = play(PICKED + ["Diego Walsh", "do you need my passport?", "yes"])
    assert len(booked(ep)) == 1


def test_why_not_after_a_restricted_destination_is_explained():
    sc = _sc("restricted_destination")
    ep = play([f"{sc['origin_city']} to {sc['destination_city']} {sc['date']}, 3 of us", "why not?"], sc)
    assert "restricted destinations" in replies(ep)[-1] and "can't help" not in replies(ep)[-1]


def test_wait_how_much_do_i_get_back_at_a_cancellation_is_answered():
    sc = CANCEL
    ep = play([f"cancel booking {sc['booking_id']} please, surname {sc['last_name']}", "wait how much do I get back"], sc)
    said = replies(ep)[-1]
    assert "refund" in said and not calls(ep, "cancel_booking"), said


@pytest.mark.parametrize("line", ["can I speak to a human please", "get me a real agent", "ok can i talk to a real person"])
def test_a_person_asked_for_at_a_summary_books_nothing(line):
    ep = play(PICKED + ["Diego Walsh", line])
    said = replies(ep)[-1]
    assert "cannot transfer you to a person" in said and said.endswith("Shall I book it?") and not mutated(ep)


@pytest.mark.parametrize("line", ["no thanks, not right now", "hmm, actually no, I'll book later, thanks",
                                  "nah I'm good", "let me ask my wife first"])
def test_a_polite_no_at_a_summary_books_nothing(line):
    ep = play(PICKED + ["Diego Walsh", line])
    assert not mutated(ep) and "Shall I book it?" not in replies(ep)[-1], replies(ep)[-1]


# --- 6. dates, counts and places typed loosely ----------------------------------------------------

@pytest.mark.parametrize("line,day", [
    ("chicago to miami first of february next year, solo", "2027-02-01"),
    ("toronto to rome september the fifth, 1 adult", "2026-09-05"), ("toronto to rome sept, 5th. one adult", None),
    ("flights from torronto to rome on the fifth of september, just me", "2026-09-05"),
])
def test_a_spelled_or_loosely_typed_date_is_searched(line, day):
    p = parse(line, D.db)
    if day is None:
        assert p.passengers == 1
        return
    assert p.date == day and p.passengers == 1, (p.date, p.passengers)


def test_a_day_in_a_month_said_in_words_is_in_that_month():
    sc = _sc("incomplete_request")
    ep = play([f"I want to go to {sc['destination_city']}", sc["origin_city"], "mid may, like the 16th"], sc)
    assert searches(ep)[-1] == (sc["origin"], sc["destination"], "2026-05-16")


@pytest.mark.parametrize("line,n", [("frankfurt to london june 13 one person", 1), ("june 13, two adults", 2),
                                    ("URGENT need sf to istanbul march 17 for 3 asap", 3)])
def test_a_count_beside_a_date_is_the_count_said(line, n):
    assert parse(line, D.db).passengers == n


@pytest.mark.parametrize("line,route", [("sydney to joburg 24/11, 1 pax", ("SYD", "JNB")),
                                        ("URGENT need sf to istanbul march 17 for 3 asap", ("SFO", "IST")),
                                        ("from frnakfurt to londn", ("FRA", "LHR")),
                                        ("fly to newyork from bostn", ("BOS", "JFK")),
                                        ("from los angelas to tokio", ("LAX", "NRT"))])
def test_a_city_nickname_or_slip_is_the_city(line, route):
    p = parse(line, D.db)
    assert (p.origin, p.destination) == route


@pytest.mark.parametrize("line", ["to Munich please", "from Berlin to Rome on june 5"])
def test_a_city_the_network_does_not_serve_is_said_so(line):
    ep = play([line])
    said = replies(ep)[-1]
    assert "could not find an airport for" in said and not calls(ep), said


def test_the_return_the_day_after_is_searched():
    ep = play([f"{ROUND['origin_city']} to {ROUND['destination_city']} on May 4, back the day after, 2 adults"], ROUND)
    assert searches(ep) == [("ATL", "JFK", "2026-05-04"), ("JFK", "ATL", "2026-05-05")]


def test_a_return_date_with_an_ordinal_is_no_pick():
    ep = play([f"{ROUND['origin_city']} to NYC on the 4th of May", "yes please", "3rd of july"], ROUND)
    said = replies(ep)[-1]
    assert searches(ep)[-1] == ("JFK", "ATL", "2026-07-03") and "could not match" not in said, said


def test_cheapest_both_ways_picks_both_legs():
    ep = play([f"i need a return ticket {ROUND['origin_city'].lower()}-new york for me and my husband",
               "out on may 4 back on july 3", "cheapest both ways"], ROUND)
    said = replies(ep)[-1]
    assert said.startswith("You picked") and " and " in said and said.endswith("lead passenger?"), said


def test_yes_after_nothing_found_tries_another_date_not_the_return():
    ep = play([f"{ROUND['origin_city']} to {ROUND['destination_city']} next friday", "yes"], ROUND)
    said = replies(ep)
    assert "2026-03-02" not in said[0] and "2026-03-03" not in said[0]  # dates that cannot be booked are not offered
    assert said[-1] == "Sure. Which date would you like to try, or which route?", said[-1]


def test_a_listed_date_named_by_its_day_is_that_date():
    ep = play([f"{ROUND['origin_city']} to {ROUND['destination_city']} next friday", "ok what about the 31st?"], ROUND)
    assert searches(ep)[-1] == ("ATL", "JFK", "2026-10-31")


def test_flights_that_cannot_be_booked_today_are_said_so_with_the_dates_that_can():
    sc = _sc("last_minute")
    said = replies(play([f"i need to get from {sc['origin_city']} to {sc['destination_city']} today, it's an emergency"],
                        sc))[-1]
    assert "leave less than 24 hours from now" in said and "flights I can book on" in said, said


def test_a_group_over_the_limit_is_told_how_to_split_and_a_number_in_a_sentence_is_the_count():
    sc = _sc("large_group")
    start = f"{sc['origin_city']} to {sc['destination_city']} {sc['date']} for {sc['passengers']} people"
    said = replies(play([start, "can't you just put us all on one booking?"], sc))[-1]
    assert "needs more than one booking" in said and "can't help" not in said, said
    ep = play([start, "ok we'll split it, 9 for now"], sc)
    assert "Noted, 9 passengers." in replies(ep)[-1] and searches(ep), replies(ep)[-1]


def test_me_plus_wife_is_two():
    # (this once asked "How many passengers?"; "me + wife" is the speaker and one companion, like "me + my wife", and
    # asking again was reported as not understood by sky-customers-16, finding 13: see test_sky_customers_35c.py)
    ep = play([f"{ONE['origin_city']} to {ONE['destination_city']} sept 5, me + wife", "SA5804"])
    assert "How many passengers" not in replies(ep)[-1]
    ep = play([f"{ONE['origin_city']} to {ONE['destination_city']} sept 5, me + wife", "SA5804", "Diego Walsh",
               "yes"])
    assert [b["passengers"] for b in booked(ep)] == [2]


# --- 7. picking from a list ---------------------------------------------------------------------

@pytest.mark.parametrize("line,fid", [("the 12:30 one", "SA5804"), ("the 6.45 flight please", "SA2374"),
                                      ("I'll take the cheaper one", "SA2374")])
def test_a_flight_named_by_its_time_or_as_the_cheaper_one_is_picked(line, fid):
    ep = play([f"{ONE['origin_city']} to {ONE['destination_city']} on the 5th of september, me and my 2 kids", line])
    assert f"You picked {fid}" in replies(ep)[-1], replies(ep)[-1]


def test_whats_the_earliest_one_is_described_and_that_one_picks_it():
    ep = play([first_listed(), "whats the earliest one", "ok that one"])
    said = replies(ep)
    assert said[-2].startswith("That is option 1: Flight SA2374") and said[-1].startswith("You picked SA2374"), said[-2:]


def test_anything_cheaper_names_the_cheapest_and_asks_again():
    said = replies(play([first_listed(), "thats too expensive, anything cheaper?"]))[-1]
    assert "The cheapest flight I found on" in said and said.endswith("or the flight number."), said


def test_a_cancelled_flight_named_by_number_offers_the_route_and_what_else_searches_it():
    sc = _sc("cancelled_flight")
    ep = play([f"can I get a seat on {sc['flight_id']}?", "why was it cancelled", "ok what else is there that day"], sc)
    said = replies(ep)
    assert "Would you like me to look for other flights" in said[0] and "don't know why" in said[1], said[:2]
    assert searches(ep) == [(sc["origin"], sc["destination"], sc["date"])] and not mutated(ep)


def test_a_sold_out_flight_named_by_number_offers_the_route_and_yes_searches_it():
    sc = _sc("sold_out_flight")
    ep = play([f"i want {sc['flight_id']} from {sc['origin_city'].lower()} to {sc['destination_city'].lower()} sept 1",
               "yes please"], sc)
    assert searches(ep) == [(sc["origin"], sc["destination"], sc["date"])] and not mutated(ep), replies(ep)


def test_hold_instead_at_a_summary_proposes_the_hold_and_holds_on_yes():
    ep = play(PICKED + ["Diego Walsh", "hold it instead"])
    assert replies(ep)[-1].endswith("Shall I place the hold? It is free for 24 hours.") and not mutated(ep)
    ep = play(PICKED + ["Diego Walsh", "hold it instead", "yes"])
    assert len(calls(ep, "hold_itinerary")) == 1 and not booked(ep)


def test_no_mutation_happens_without_a_yes_in_any_conversation_above():
    """The scripts of this file that reach a summary, replayed without their last yes: nothing is changed."""
    for script, sc in [(PICKED + ["Nguyen Van An", "Nguyen"], ONE), (PICKED + ["Tran Thi Mai", "Tran"], ONE),
                       (PICKED + ["Wang Xiaoming, family name Wang"], ONE),
                       ([f"reschedule {CHANGE['booking_id']}, {CHANGE['last_name']}", "july 31st", "1",
                         "is that more expensive?"], CHANGE),
                       ([f"cancel booking {CANCEL['booking_id']} please, surname {CANCEL['last_name']}",
                         "wait how much do I get back", "hmm"], CANCEL)]:
        ep = play(script, sc)
        assert not mutated(ep), (script, replies(ep)[-1])
        assert re.search(r"Shall I|take your time|just tell me", replies(ep)[-1]), replies(ep)[-1]
        assert json.dumps(ep.messages)  # the trace serialises


# --- 8. after a booking, a budget, two dates, a cabin, who the agent is -------------------------------

BOOKED = PICKED + ["Diego Walsh", "yes"]


def test_a_question_about_the_booking_just_made_is_answered_about_it():
    said = replies(play(BOOKED + ["is it refundable?"]))[-1]
    assert "refundable" in said and not said.startswith("I can search flights"), said


def test_email_me_the_confirmation_gives_the_reference_instead():
    ep = play(BOOKED + ["great, can you email me the confirmation?"])
    bid = booked(ep) and json.loads([m for m in ep.messages if m["role"] == "tool"][-1]["content"])["booking_id"]
    assert "can't send emails" in replies(ep)[-1] and bid in replies(ep)[-1]


def test_a_flight_back_asked_after_booking_the_way_out_searches_only_the_way_back():
    ep = play(BOOKED + ["actually I also need a flight back on september 20"])
    assert searches(ep)[-1] == (ONE["destination"], ONE["origin"], "2026-09-20") and len(searches(ep)) == 2


def test_a_status_follow_up_answers_the_question_not_the_booking_again():
    sc = STATUS
    ep = play([f"{sc['booking_id']} {sc['last_name']}", "what time does it leave?", "and is it refundable?"], sc)
    said = replies(ep)
    assert said[-2].startswith(f"Flight {sc['flight_id']}") and "departs" in said[-2], said[-2]
    assert "refund" in said[-1] and f"Booking {sc['booking_id']} under" not in said[-1], said[-1]


def test_an_upgrade_searches_the_booking_day_and_says_when_the_cabin_is_not_there():
    sc = STATUS
    ep = play([f"{sc['booking_id']} {sc['last_name']}", "can I upgrade to business?"], sc)
    assert searches(ep) == [(sc["origin"], sc["destination"], sc["date"])]
    assert "None of these flights has Business seats left." in replies(ep)[-1] and not mutated(ep)


def test_a_change_with_the_name_right_after_the_reference_looks_it_up():
    sc = CHANGE
    ep = play([f"change {sc['booking_id']} {sc['last_name']} to next friday"], sc)
    assert calls(ep, "lookup_booking") == [{"booking_id": sc["booking_id"], "last_name": sc["last_name"]}]
    assert sc["date"] not in replies(ep)[-1].split("also flies on")[-1]  # not the day it is on already


@pytest.mark.parametrize("line", ["I'd rather not say", "can't you just book it under Aisha?", "do you really need it?"])
def test_a_traveller_who_withholds_the_surname_is_never_booked_under_a_guess(line):
    sc = _sc("unnamed_traveler")
    start = [f"{sc['origin_city'].lower()} to {sc['destination_city'].lower()} june 13 one person", "1", sc["first_name"]]
    ep = play(start + ["I'd rather not say", line])
    said = replies(ep)
    assert not mutated(ep) and "Shall I book it?" not in said[-1] and f"{sc['first_name']} {sc['first_name']}" not in said[-1]
    assert said[-1] != said[-2] and "last name" in said[-1], said[-1]


def test_which_ones_are_under_budget_lists_the_options_that_fit():
    sc = _sc("budget_constrained")
    ep = play([f"{sc['origin_city'].lower()} to {sc['destination_city'].lower()} oct 11, 2 adults, budget is 3200 total",
               "which ones are under budget?"], sc)
    said = replies(ep)[-1]
    assert said.startswith("Within your budget for 2 passengers: option") and "can't help" not in said, said


def test_two_dates_whichever_is_cheaper_compares_both():
    sc = _sc("flexible_dates")
    ep = play(["atl to jfk either october 31 or may 4, 2 people, whichever is cheaper"], sc)
    assert searches(ep) == [("ATL", "JFK", "2026-10-31"), ("ATL", "JFK", "2026-05-04")]
    assert "so 2026-05-04 is the cheaper day" in replies(ep)[-1]
    ep = play(["atl to jfk either october 31 or may 4, 2 people, whichever is cheaper", "ok let's do the cheaper day"], sc)
    assert searches(ep)[-1] == ("ATL", "JFK", "2026-05-04") and "fly back" not in replies(ep)[-1]


def test_and_premium_over_a_list_describes_the_premium_options():
    sc = _sc("price_comparison")
    said = replies(play([f"{sc['origin_city'].lower()} to {sc['destination_city'].lower()} oct 7, one adult",
                         "and premium?"], sc))[-1]
    assert said.startswith("In Premium Economy: option") and said.endswith("or the flight number."), said


@pytest.mark.parametrize("line", ["are you chatgpt?", "is this an llm", "am i talking to a real agent?"])
def test_who_am_i_talking_to_is_answered(line):
    said = replies(play([line]))[-1]
    assert "virtual agent" in said and "can't help" not in said, said


def test_prices_asked_in_dollars_after_another_currency_are_given():
    sc = _sc("currency_question")
    ep = play([f"{sc['origin_city'].lower()} to {sc['destination_city'].lower()} july 7, 1 adult, how much is that in pounds?",
               "ok what about in dollars then"], sc)
    said = replies(ep)
    assert said[0].index("only quote prices in US dollars") < said[0].index("Which flight"), said[0]
    assert "$" in said[-1] and said[-1].endswith("or the flight number."), said[-1]


# --- 9. found by playing the templated customers of the corpus against the fault-free target ----------

def test_a_restricted_destination_pushed_again_then_thanked_ends_politely():
    sc = _sc("restricted_destination")
    start = [f"{sc['origin_city']} to {sc['destination_city']} {sc['date']}, 3 of us", "1", "Omar Haddad"]
    ep = play(start + ["Just hold the seats then.", "Oh, I see. Thanks anyway."], sc)
    said = replies(ep)
    assert "That is the same choice as before" in said[-2] and not mutated(ep), said[-2]
    assert ep.ended and "goodbye" in said[-1], said[-1]


def test_a_tight_connection_says_which_second_leg_flights_would_work_and_a_repeat_is_said_as_such():
    line = f"{MULTI['origin_city']} to {MULTI['destination_city']} via {MULTI['via_city']} on {MULTI['date']}, 1 adult"
    ep = play([line, MULTI["leg1_flight_id"], MULTI["leg2_flight_id"], f"the second leg {MULTI['leg2_flight_id']}"],
              MULTI)
    said = replies(ep)
    assert "Please pick a later flight for the second leg." in said[-2] and "leaves late enough" in said[-2], said[-2]
    assert said[-1] != said[-2] and "same choice as before" in said[-1] and not mutated(ep), said[-1]


def test_a_flight_that_cannot_be_booked_yet_names_the_days_that_can():
    sc = _sc("last_minute")
    ep = play([f"{sc['origin_city']} to {sc['destination_city']} today, just me", "1", "first one, please book it"], sc)
    said = replies(ep)
    assert "This route has flights I can book on" in said[-2] and "same choice as before" in said[-1], said[-2:]


def test_ill_take_it_picks_the_one_flight_that_can_be_booked():
    ep = play([f"{ROUND['origin_city']} to {ROUND['destination_city']} on May 4, 2 adults", "That works, I'll take it."],
              ROUND)
    assert replies(ep)[-1].startswith("You picked SA7813"), replies(ep)[-1]


def test_that_one_among_several_asks_which():
    said = replies(play([first_listed(), "That one please. I don't have all day."]))[-1]
    assert said.startswith("Sorry, which one do you mean?"), said


def test_a_surname_withheld_with_only_a_first_name_is_asked_for_and_booked_under_it():
    ep = play(PICKED + ["I'd rather not give my surname. Just Noah is fine."])
    assert "every booking is filed under it" in replies(ep)[-1] and replies(ep)[-1].endswith("last name?")
    ep = play(PICKED + ["I'd rather not give my surname. Just Noah is fine.", "OBrien.", "Yes, book it."])
    assert [(b.get("first_name"), b["last_name"]) for b in booked(ep)] == [(None, "OBrien")]


@pytest.mark.parametrize("line", ["Can you look it up without the name? It's {bid}.", "cant u just tell me the flight time?"])
def test_a_lookup_without_the_name_is_explained_then_declined(line):
    sc = _sc("third_party_booking")
    bid = sc["other_booking_id"]
    ep = play([f"my colleague asked me to check booking {bid}", line.format(bid=bid), line.format(bid=bid)], sc)
    said = replies(ep)
    assert "protects the travellers' privacy" in said[-2] and said[-1] != said[-2], said[-2:]
    assert "without the last name" in said[-1] and not calls(ep, "lookup_booking")


def test_seats_on_a_flight_for_a_party_it_cannot_take_offers_the_route():
    sc = _sc("sold_out_flight", 57)
    ep = play([f"Please help, it's urgent. Are there seats on {sc['flight_id']}? I need 4."], sc)
    said = replies(ep)[-1]
    assert "only has seats left for" in said and "Would you like me to look for other flights" in said, said


@pytest.mark.parametrize("line", ["No, just one way. ASAP please.", "Not for now, thanks."])
def test_no_to_the_return_offer_keeps_the_flight_question(line):
    ep = play([f"{ONE['origin_city']} to {ONE['destination_city']} {ONE['date']}, 1 seat", line, "yes"])
    said = replies(ep)
    assert said[-2].endswith("or the flight number.") and "take your time" not in said[-2], said[-2]
    assert "fly back" not in said[-1]  # the return offer is closed


def test_a_count_typed_with_a_full_stop_is_the_count():
    ep = play([f"{ONE['origin_city']} to {ONE['destination_city']} {ONE['date']}", "1", "1. ASAP please."])
    assert "lead passenger" in replies(ep)[-1], replies(ep)[-1]


def test_book_it_asap_names_nobody():
    ep = play([f"it's an emergency, {ONE['origin_city']} to {ONE['destination_city']} {ONE['date']}, 2 adults. "
               "Please book it asap.", "1"])
    assert "What is the first and last name of the lead passenger?" in replies(ep)[-1], replies(ep)[-1]


def test_a_question_about_the_system_with_a_route_answers_then_asks_the_date():
    said = replies(play(["Just curious, what system do you use to find flights? I need Frankfurt to Singapore."]))[-1]
    assert "reservation system" in said and "What date would you like to fly from Frankfurt (FRA) to Singapore (SIN)?" in said


def test_an_option_number_beyond_the_list_says_which_there_are():
    ep = play([f"{ROUND['origin_city']} to {ROUND['destination_city']} on May 4", "The third option is fine."], ROUND)
    assert "There is no option 3" in replies(ep)[-1]


def test_a_cabin_asked_for_that_is_not_listed_is_said_so():
    said = replies(play([first_listed(), "The business class one please."]))[-1]
    assert "none of the flights listed for" in said and "is Business" in said, said


def test_a_new_date_after_the_return_found_nothing_moves_the_return():
    ep = play([f"{ROUND['origin_city']} to {ROUND['destination_city']} on May 4, back on May 5, 2 adults"], ROUND)
    assert searches(ep) == [("ATL", "JFK", "2026-05-04"), ("JFK", "ATL", "2026-05-05")]
    ep = play([f"{ROUND['origin_city']} to {ROUND['destination_city']} on May 4, back on May 5, 2 adults",
               "Ok, try July 3 instead."], ROUND)
    assert searches(ep)[-1] == ("JFK", "ATL", "2026-07-03") and searches(ep)[-2] == ("ATL", "JFK", "2026-05-04")
    ep = play([f"{ROUND['origin_city']} to {ROUND['destination_city']} on May 4, back on May 5, 2 adults",
               "ok try may 5 then"], ROUND)
    assert "I searched 2026-05-05 for the return a moment ago" in replies(ep)[-1], replies(ep)[-1]


def test_this_weekend_searches_the_saturday_and_the_sunday():
    ep = play([f"{ONE['origin_city'].lower()} to {ONE['destination_city'].lower()} this weekend"])
    assert searches(ep) == [(ONE["origin"], ONE["destination"], "2026-03-07"), (ONE["origin"], ONE["destination"], "2026-03-08")]


@pytest.mark.parametrize("line", ["hmm ok", "i guess", "fine whatever"])
def test_a_hedged_answer_at_a_summary_asks_for_a_clear_yes(line):
    ep = play(PICKED + ["Diego Walsh", line])
    said = replies(ep)[-1]
    assert not mutated(ep) and said.endswith("Shall I book it?") and "clear yes" in said, said
