"""SkyAssist reference agent, what was left of the long-conversation tester ``sky-customers-6`` (finding 6 and the
second half of finding 8, /work/h30/sky-customers-6/report.md, reproducers 5b, 5c, 6a, 11b, 12b, 2a and 15b), with
the tester's words, other phrasings, and for each its right twin:

6.  a cabin asked for one leg of a round trip or a connection ("economy on the way out please", "and business for
    the return", "actually change the return to business class", "can I do business on the second leg?") is
    answered: one booking keeps one cabin for all its flights, and which flights there are in that cabin (or that
    none is); "why?" at the same-cabin proposal is answered and the proposal kept, so that a later "yes" takes it;
    "switch both legs to business" with no Business seat on one leg says which leg, once;
8b. "Can you hold a seat from X to Y on <date> for me?" is one passenger, as "book a seat ... for me" is; "seats
    for us" still asks how many.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

from datetime import date

import pytest

from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play


def _spoken(iso: str) -> str:
    d = date.fromisoformat(iso)
    return f"{d:%B} {d.day}{'th' if 11 <= d.day % 100 <= 13 else {1: 'st', 2: 'nd', 3: 'rd'}.get(d.day % 10, 'th')}"


def play(messages, sc):
    keys = dict(sc, date_a=_spoken(sc["date"]), return_date_a=_spoken(sc["return_date"]) if sc.get("return_date") else "")
    return _checked_play([m.format(**keys) for m in messages], sc)  # asserts the verifiers stay silent


# ORD-DUB out 2026-10-27 (1 SA4069 Premium, 2 SA9274 Business, 3 SA2782 Economy), back 2026-12-10 (three Economy), 2 of us
RT2 = D.scenario("round_trip", 1000002)
RT2_START = ["I need a return trip {origin_city} - {destination_city}, out {date_a}, return {return_date_a}, 2 passengers"]
# IST-FRA out 2026-07-03 (1 SA8664 Economy, 2 SA3099 Economy, 3 SA4421 Premium), back 2026-07-11 (1 SA4440 Premium,
# 2 SA7583 Economy, 3 SA5739 Premium), just me; no Business either way
RT3 = D.scenario("round_trip", 1000003)
RT3_START = ["Round trip {origin_city} to {destination_city}, {date_a} returning {return_date_a}, just me"]
# CDG-FRA (1 SA3990 Premium, 2 SA6051 Premium, 3 SA4087 Business landing 10:40) then FRA-NRT (1 SA1630 Business
# leaving 10:30, 2 SA9340 Premium, 3 SA3978 Premium), 2026-06-13
ML1 = D.scenario("multi_leg", 1000001)  # 2 of us
ML2 = D.scenario("multi_leg", 1000002)  # just me
HOLD = D.scenario("hold_request", 1000001)  # GRU-ATL 2026-10-07: SA0472 Business, SA1008 Premium


# --- 6. a cabin asked for one leg ----------------------------------------------------------------------------

@pytest.mark.parametrize("ask", ["economy on the way out please", "can the outbound be economy?",
                                 "I'd like economy class for the first flight"])
def test_a_cabin_for_the_way_out_says_one_cabin_per_booking_and_lists_it_both_ways(ask):
    said = _after(play(RT2_START + [ask], RT2), ask)
    assert "one cabin" in said and "did not catch" not in said, said
    assert "SA2782" in said and "SA1614" in said and "SA6930" in said, said  # Economy both ways
    assert "SA8959" not in said  # one seat left, for 2 of us
    assert "outbound?" in said  # and the open question again


@pytest.mark.parametrize("ask", ["and business for the return", "business class on the way back please",
                                 "can I fly home in business?"])
def test_a_cabin_for_the_return_that_it_does_not_list_says_none(ask):
    said = _after(play(RT2_START + [ask], RT2), ask)
    assert "one cabin" in said and "did not catch" not in said, said
    assert "no Business" in said and "return" in said, said


@pytest.mark.parametrize("ask", ["actually change the return to business class", "can the return be business?",
                                 "put the way back in business please"])
def test_a_cabin_for_the_return_at_the_same_cabin_proposal_is_answered_and_the_proposal_kept(ask):
    ep = play(RT3_START + ["1", "1", ask, "yes"], RT3)
    said = _after(ep, ask)
    assert "one cabin" in said and "no Business" in said, said
    assert "SA7583" in _after(ep, ask) and "You picked SA7583" in _after(ep, "yes")


@pytest.mark.parametrize("ask", ["can I do business on the second leg?", "business for the second flight please"])
def test_business_on_the_second_leg_of_a_connection_is_answered(ask):
    said = _after(play(["{origin_city} to {destination_city} with a stop in {via_city}, {date_a}, just me",
                        "the first", "the first", ask], ML2), ask)
    assert "one cabin" in said and "SA4087" in said and "SA1630" in said, said
    assert "connect" in said  # SA4087 lands 10:40, after SA1630 leaves at 10:30


def test_the_same_cabin_for_both_legs_is_still_a_switch_not_a_refusal():
    ep = play(["{origin_city} to {destination_city} with a stop in {via_city}, {date_a}, just me",
               "the first", "3", "economy for both legs"], ML2)
    assert "one cabin" not in _after(ep, "economy for both legs")


def test_the_economy_one_still_picks_the_outbound():
    said = _after(play(RT2_START + ["the economy one"], RT2), "the economy one")
    assert "You picked SA2782" in said, said


@pytest.mark.parametrize("why", ["why?", "how come?", "why is that?", "but why"])
def test_why_at_the_same_cabin_proposal_is_answered_and_a_yes_then_takes_it(why):
    ep = play(RT3_START + ["1", "1", why, "yes"], RT3)
    said = _after(ep, why)
    assert "one cabin" in said and "SA7583" in said and "can't help" not in said, said
    assert "You picked SA7583" in _after(ep, "yes")


def test_a_yes_straight_to_the_same_cabin_proposal_still_takes_it():
    ep = play(RT3_START + ["1", "1", "yes"], RT3)
    assert "You picked SA7583" in _after(ep, "yes")


@pytest.mark.parametrize("ask", ["actually switch both legs to business please", "make both flights business class"])
def test_a_switch_of_both_legs_with_no_seat_on_one_says_which_leg_once(ask):
    ep = play(["I need to fly {origin_city} to {destination_city} via {via_city} on {date_a}, 2 people", "1", "3",
               "{first_name} {last_name}", ask, "yes"], ML1)
    said = _after(ep, ask)
    assert said.count("second leg") == 1 and said.count("Sorry") == 1, said
    assert _calls(ep, "book_flight")[0]["flight_ids"] == ["SA3990", "SA3978"]  # the choice kept, then booked


# --- 8b. "hold a seat ... for me" ----------------------------------------------------------------------------

@pytest.mark.parametrize("ask", [
    "Can you hold a seat from {origin_city} to {destination_city} on {date_a} for me?",
    "Can you hold a seat from {origin_city} to {destination_city} on {date_a} for me? Not paying yet",
    "could you please put a seat on hold from {origin_city} to {destination_city} on {date_a} for me",
    "Can you book a seat from {origin_city} to {destination_city} on {date_a} for me?",
])
def test_a_seat_for_me_is_one_passenger(ask):
    ep = play([ask, "1"], HOLD)
    said = _after(ep, "1")
    assert "How many passengers" not in said and "name" in said, said


@pytest.mark.parametrize("ask", ["Can you hold seats from {origin_city} to {destination_city} on {date_a} for us?",
                                 "could you hold some seats from {origin_city} to {destination_city} on {date_a}"])
def test_seats_for_us_still_asks_how_many(ask):
    ep = play([ask, "1"], HOLD)
    assert "How many passengers" in _after(ep, "1")


def test_a_seat_for_me_and_my_wife_is_two_passengers():
    ep = play(["Can you hold a seat from {origin_city} to {destination_city} on {date_a} for me and my wife?", "1",
               "{first_name} {last_name}"], HOLD)
    assert "for 2 passengers" in _after(ep, HOLD["first_name"] + " " + HOLD["last_name"])
