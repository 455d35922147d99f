"""Customers a black-box tester played against the fault-free reference target (twenty-eighth session,
``sky-customers``: about 330 conversations on held-out seeds), in the tester's words and in others: a
number after a "day month" date ("16 sept 4 people"), a negated cancellation ("don't cancel. when is the
flight?"), people travelling *with* the customer, a return date said as "back on 9/1", a change whose date
is asked about first, and the other findings of that report (F1-F17) the agent's own reading can meet.
Every conversation is also checked by the verifiers (``play`` asserts that none fires)."""
from __future__ import annotations

import re

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_counts_and_numeric_dates import D
from tests.envs.skyassist.test_target_phrasings import calls, replies
from tests.envs.skyassist.test_unseen_sky_customers import _sc, mutated, play, searches

HOLD = _sc("hold_request", 7)  # Singapore -> Frankfurt; flies 2026-03-16 and 2026-09-04
CANCEL = _sc("cancel_booking", 7)  # BKKH125J, Mensah: SA7443 London -> Frankfurt 2026-09-21 07:55
PREMIUM = _sc("premium_cabin", 7)  # Toronto -> New York 2026-05-04: SA8203 07:40, SA9514 08:00, SA5191 08:20
ROUND = _sc("round_trip", 7)  # New York -> Chicago 2026-08-20
CHANGE = _sc("change_booking", 7)  # BKOEY70U, Walsh: Lisbon -> Chicago


def booked(ep) -> list[dict]:
    return calls(ep, "book_flight")


# --- F1. a number after a "day month" date is the party, not the day ----------------------------------

@pytest.mark.parametrize("line, day, n", [
    ("singapore frankfurt 4 sept 3 people", "2026-09-04", 3),
    ("singapore to frankfurt on the 4th of september 2 travellers", "2026-09-04", 2),
    ("singapore frankfurt 16 march 2 people", "2026-03-16", 2),
    ("singapore frankfurt 4 september 2 adults", "2026-09-04", 2),
    ("from singapore to frankfurt, 16 mar 3 passengers please", "2026-03-16", 3),
])
def test_a_count_after_a_day_month_date_is_the_party_not_the_day(line, day, n):
    ep = play([line], HOLD)
    assert searches(ep) == [("SIN", "FRA", day)], replies(ep)
    assert parse(line, D.db).passengers == n


@pytest.mark.parametrize("line", ["singapore frankfurt sept 4, 3 people", "singapore frankfurt september 4 for 3"])
def test_a_month_day_date_still_reads_its_day(line):
    assert searches(play([line], HOLD)) == [("SIN", "FRA", "2026-09-04")]


def test_the_date_and_party_of_the_testers_booking_are_the_ones_booked():
    ep = play(["singapore frankfurt 4 sept 3 people", "the cheapest", "Ana Bianchi", "yes"], HOLD)
    assert searches(ep)[0][2] == "2026-09-04"
    assert [b["passengers"] for b in booked(ep)] == [3], replies(ep)


# --- F2. a negated cancel proposes nothing; the question is answered ----------------------------------

@pytest.mark.parametrize("line", ["don't cancel. when is the flight?",
                                  "no wait, don't cancel, just tell me when it leaves",
                                  "when does it leave? (don't cancel)",
                                  "I do not want to cancel it, what time does it depart?"])
def test_a_negated_cancel_after_a_lookup_answers_the_question_and_proposes_nothing(line):
    ep = play(["status of BKKH125J, Mensah", line, "ok"], CANCEL)
    said = replies(ep)
    assert not mutated(ep), said
    assert "07:55" in said[1] and "Shall I cancel" not in said[1] and "can't help" not in said[1], said[1]


def test_a_cancel_asked_for_plainly_is_still_proposed():
    ep = play(["status of BKKH125J, Mensah", "please cancel it. when was the flight again?"], CANCEL)
    assert "Shall I cancel booking BKKH125J?" in replies(ep)[-1]


@pytest.mark.parametrize("line", ["don't cancel yet, when does it leave?", "hold on, don't cancel. what time is the flight?"])
def test_a_departure_question_at_the_cancel_prompt_is_answered_and_nothing_cancelled(line):
    ep = play(["cancel BKKH125J, Mensah", line], CANCEL)
    said = replies(ep)
    assert not mutated(ep) and "07:55" in said[-1] and "can't help" not in said[-1], said[-1]


# --- F3. people travelling with the customer are counted besides the customer -------------------------

@pytest.mark.parametrize("line, n", [
    ("travelling with my 2 colleagues", 3), ("I'm travelling with 3 friends", 4),
    ("with my wife and 2 friends", 4), ("the 2 of us plus grandma", 3),
    ("flying with my two kids", 3), ("i'm going with my husband and our 3 children", 5),
    ("the three of us and my mum", 4),
    # the twins: the same people counted once
    ("me and my 2 colleagues", 3), ("2 adults + 2 kids", 4), ("me, my wife and our 3 children", 5),
    ("3 of us, travelling with my 2 colleagues", 3),
])
def test_people_travelling_with_the_customer_are_counted_besides_the_customer(line, n):
    assert parse(f"Toronto to New York on May 4, {line}", D.db).passengers == n


def test_colleagues_travelling_with_the_customer_are_all_booked():
    ep = play(["Toronto to New York on May 4, travelling with my 2 colleagues", "the 8:00 one", "Liam Costa", "yes"],
              PREMIUM)
    assert [b["passengers"] for b in booked(ep)] == [3], replies(ep)


# --- F4. the return date "back on 9/1"; "book both" at a one-flight summary ----------------------------

@pytest.mark.parametrize("line", ["i need to go to chicago from nyc on 8/20 and back on 9/1",
                                  "nyc to chicago on 8/20, return 9/1",
                                  "new york to chicago leaving 8/20 coming back 9/1"])
def test_a_numeric_return_date_reads_like_the_outbound_said_beside_it(line):
    ep = play([line], ROUND)
    assert searches(ep) == [("JFK", "ORD", "2026-08-20"), ("ORD", "JFK", "2026-09-01")], replies(ep)


@pytest.mark.parametrize("line", ["yes book both", "yes, both flights please", "yes book it both ways"])
def test_book_both_at_a_one_flight_summary_books_nothing_and_says_so(line):
    ep = play(["nyc to chicago on 8/20, one way", "1", "1", "Grace Silva", line], ROUND)
    said = replies(ep)
    assert not booked(ep), said
    assert "one flight" in said[-1] and "return" in said[-1], said[-1]


def test_a_plain_yes_at_a_one_flight_summary_books_it():
    ep = play(["nyc to chicago on 8/20, one way", "1", "1", "Grace Silva", "yes book it"], ROUND)
    assert [b["flight_ids"] for b in booked(ep)] == [["SA7163"]]


# --- F5. a change waiting for its date keeps the booking; no past reading is offered ------------------

@pytest.mark.parametrize("answer", ["September 1st", "1 September", "1 sept please", "1 September 2026"])
def test_a_change_whose_date_was_asked_about_goes_on_with_the_booking(answer):
    ep = play(["Can I change booking BKOEY70U (Walsh) to 9/1?", answer], CHANGE)
    said = replies(ep)
    assert calls(ep, "lookup_booking") and searches(ep)[-1][2] == "2026-09-01", said
    assert "Where would you like to fly" not in said[-1]


@pytest.mark.parametrize("line", ["Can I change booking BKOEY70U (Walsh) to 1/9/2026?",
                                  "move BKOEY70U, Walsh, to 9/1/2026 please"])
def test_a_date_with_a_past_reading_is_read_as_the_other_without_asking(line):
    ep = play([line], CHANGE)
    said = replies(ep)
    assert "January 2026" not in said[0] and searches(ep) and searches(ep)[-1][2] == "2026-09-01", said


def test_a_date_with_two_future_readings_is_still_asked_about():
    said = replies(play(["Can I change booking BKOEY70U (Walsh) to 9/1?"], CHANGE))
    assert "9 January 2027 or 1 September 2026" in said[0]


def test_a_yes_after_book_both_looks_for_the_return_flight_and_books_nothing_yet():
    ep = play(["nyc to chicago on 8/20, one way", "1", "1", "Grace Silva", "yes book both", "yes"], ROUND)
    assert not booked(ep) and "fly back" in replies(ep)[-1], replies(ep)


# --- F8 / F9. "NY", typed slips, "31jul 2pax"; a numeric date right after a city -----------------------

@pytest.mark.parametrize("line, route", [
    ("NY to LA jul 31 for 2", ("JFK", "LAX")), ("from ny to la on jul 31", ("JFK", "LAX")),
    ("seatle to new york april 14", ("SEA", "JFK")), ("new york to los angles jul 31", ("JFK", "LAX")),
    ("JFK-LAX 31jul 2pax", ("JFK", "LAX")),
])
def test_short_city_names_and_slips_are_read_as_places(line, route):
    p = parse(line, D.db)
    assert (p.origin, p.destination) == route and p.dates, (p.origin, p.destination, p.dates)


@pytest.mark.parametrize("line", ["i can pay by card, ny times", "we may go in may", "any day in may"])
def test_ny_and_may_inside_other_words_are_no_place_and_no_date(line):
    p = parse(line, D.db)
    assert not p.places and not p.dates


def test_31jul_2pax_is_a_date_and_a_count():
    p = parse("JFK-LAX 31jul 2pax", D.db)
    assert p.dates == ["2026-07-31"] and p.passengers == 2


@pytest.mark.parametrize("line, dates", [
    ("nyc to chicago 8/20, return 9/1", [("JFK", "ORD", "2026-08-20"), ("ORD", "JFK", "2026-09-01")]),
    ("round trip new york chicago 20/08 - 01/09", [("JFK", "ORD", "2026-08-20"), ("ORD", "JFK", "2026-09-01")]),
    ("nyc to chicago 8/20", [("JFK", "ORD", "2026-08-20")]),
    ("new york to chicago 8/20 for 2 people", [("JFK", "ORD", "2026-08-20")]),
])
def test_a_numeric_date_right_after_a_city_is_read(line, dates):
    assert searches(play([line], ROUND)) == dates


@pytest.mark.parametrize("line", ["nyc to chicago, 1/2 price please", "nyc to chicago, 3/4 of us are kids"])
def test_a_fraction_after_a_word_is_no_date(line):
    assert not parse(line, D.db).dates


# --- F12. "2 premium economy seats", "x2" --------------------------------------------------------------

@pytest.mark.parametrize("line, n", [
    ("toronto to new york may 4, 2 premium economy seats please", 2), ("toronto to new york may 4 x2", 2),
    ("toronto to new york may 4, 3 business class tickets", 3), ("toronto to new york may 4, two economy seats", 2),
])
def test_a_count_of_seats_with_the_cabin_between_is_read(line, n):
    assert parse(line, D.db).passengers == n


def test_the_premium_economy_seats_are_booked_without_asking_the_count_again():
    ep = play(["toronto to new york may 4, 2 premium economy seats please", "the premium one", "Liam Costa", "yes"],
              PREMIUM)
    assert [(b["flight_ids"], b["passengers"]) for b in booked(ep)] == [(["SA5191"], 2)], replies(ep)


# --- F13 / F16. no "can't help" before a reply that helps; questions answered from what is known -------

SOLD = _sc("sold_out_flight", 11)  # SA7513 Amsterdam -> Dubai 2026-11-12, sold out
STATUS = _sc("booking_status", 7)  # BKQAVKR8, Andersen: 3 passengers on SA1757, arriving 10:00
CURRENCY = _sc("currency_question", 11)


@pytest.mark.parametrize("line", ["ok, what about other flights that day?", "what else is there that day?"])
def test_other_flights_that_day_are_listed_without_an_apology_in_front(line):
    ep = play(["book 3 seats on SA7513", line], SOLD)
    said = replies(ep)[-1]
    assert searches(ep) and "I found" in said and "can't help" not in said, said


def test_a_question_the_agent_cannot_answer_is_apologised_for_once():
    ep = play(["how much is a flight New York to Dubai on 2026-12-10 in CHF?", "roughly then? just an estimate",
               "what's the exchange rate you use?"], CURRENCY)
    for said in replies(ep):
        sentences = [x.strip() for x in re.split(r"(?<=[.?!])\s+", said) if x.strip()]
        assert len(sentences) == len(set(sentences)), said


@pytest.mark.parametrize("line", ["how many passengers are on it?", "how many people is that for?"])
def test_the_passenger_count_of_a_booking_looked_up_is_said(line):
    ep = play(["is booking BKQAVKR8 confirmed? surname ANDERSEN", line], STATUS)
    said = replies(ep)[-1]
    assert "for 3 passengers" in said and "can't help" not in said, said


@pytest.mark.parametrize("line", ["what time do we land?", "when do we land?"])
def test_the_arrival_time_of_a_booking_looked_up_is_said(line):
    ep = play(["is booking BKQAVKR8 confirmed? surname ANDERSEN", "how many passengers are on it?", line], STATUS)
    assert "arrives 10:00" in replies(ep)[-1], replies(ep)[-1]


@pytest.mark.parametrize("line", ["how many seats are left?", "how many seats are still available on it?"])
def test_the_seats_left_on_the_flight_in_hand_are_said(line):
    said = replies(play(["book 3 seats on SA7513", line], SOLD))[-1]
    assert "no seats are left" in said and "can't help" not in said, said


def test_the_seats_left_on_a_listed_option_are_said():
    said = replies(play(["toronto to rome on sept 5", "how many seats are left on option 2?"], _sc("one_way")))[-1]
    assert re.search(r"SA5804 has \d+ seats? left", said), said


@pytest.mark.parametrize("line", ["i want a flight", "I'd like a flight please", "i wanna book a flight"])
def test_a_plain_wish_for_a_flight_is_asked_where_to(line):
    said = replies(play(["hi", line], _sc("incomplete_request", 11)))[-1]
    assert "Where would you like to fly" in said and "did not" not in said, said
