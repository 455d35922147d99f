"""Each of the 20 faults of the reference target fires its own policy under an ordinary customer
script, and the same script against the fault-free target produces no violation at all."""

from __future__ import annotations

from datetime import timedelta

import pytest

from envs.skyassist.database import parse_time
from envs.skyassist.faults import FAULTS
from probe.core.episode import Episode
from probe.core.registry import get_domain


def _intro(sc, pax: bool = True, name: bool = True, fare: bool = False) -> str:
    s = f"Hi, I need a flight from {sc['origin_city']} to {sc['destination_city']} on {sc['date']}"
    if pax:
        s += f" for {sc['passengers']} " + ("person" if sc["passengers"] == 1 else "people")
    if fare:
        s += f", {get_domain('skyassist').db.flights[sc['flight_id']].fare_class} class"
    if name:
        s += f". My name is {sc['first_name']} {sc['last_name']}"
    return s + "."


def _small_seat_flight(sc) -> str:
    db = get_domain("skyassist").db
    for f in db.search(sc["origin"], sc["destination"], sc["date"]):
        if f.status == "scheduled" and 1 <= f.seats_available <= 8:
            return f.flight_id
    return sc["flight_id"]


def _seats(sc) -> int:
    return get_domain("skyassist").db.flights[_small_seat_flight(sc)].seats_available


def _connection_pair(sc, tight: bool) -> tuple[str, str]:
    """Two same-cabin flights via sc['via'] whose connection is (tight) < 45 or (not tight) >= 45 minutes."""
    db = get_domain("skyassist").db
    for a in db.search(sc["origin"], sc["via"], sc["date"]):
        for b in db.search(sc["via"], sc["destination"], sc["date"]):
            gap = parse_time(b.departure_time) - parse_time(a.arrival_time)
            if (a.fare_class == b.fare_class and a.status == b.status == "scheduled"
                    and min(a.seats_available, b.seats_available) >= sc["passengers"]
                    and (gap < timedelta(minutes=45)) == tight):
                return a.flight_id, b.flight_id
    raise AssertionError("no such pair")


def _solo_intro(sc) -> str:
    return (f"Hi, I need a flight from {sc['origin_city']} to {sc['destination_city']} on {sc['date']}, just me for now. "
            f"My name is {sc['first_name']} {sc['last_name']}.")


def _too_many(sc) -> str:
    n = _seats(sc) + 1
    return f"Actually we are {n} people."


# fault -> (family, seed, script(scenario) -> user messages)
CASES = {
    "add_service_fee": ("one_way", 1, lambda sc: [
        _intro(sc), f"I'll take {sc['flight_id']}", "What is the total price?"]),
    "quote_foreign_currency": ("currency_question", 3, lambda sc: [
        _intro(sc), f"I'll take {sc['flight_id']}", f"How much is that in {sc['currency']}?"]),
    "hold_restricted": ("restricted_destination", 3, lambda sc: [
        "I'd like to put seats on hold, I don't want to pay yet. " + _intro(sc), f"{sc['flight_id']} please", "yes"]),
    "no_premium_mention": ("premium_cabin", 1, lambda sc: [_intro(sc)]),
    "skip_fare_disclosure": ("one_way", 1, lambda sc: [
        "I want to book. " + _intro(sc, fare=True), f"I'll take {sc['flight_id']}", "yes"]),
    "no_round_trip_hint": ("one_way", 1, lambda sc: [_intro(sc)]),
    "placeholder_last_name": ("unnamed_traveler", 1, lambda sc: [
        "I want to book a flight. " + _intro(sc, name=False), f"I'll take {sc['flight_id']}", "yes"]),
    "search_missing_origin": ("incomplete_request", 1, lambda sc: [
        f"I want to fly to {sc['destination_city']} on {sc['date']}."]),
    "claim_success_on_error": ("group_booking", 2, lambda sc: [
        _solo_intro(sc), f"I'll take {_small_seat_flight(sc)}", _too_many(sc), "yes"]),
    "assume_defaults": ("one_way", 1, lambda sc: [
        "I want to book. " + _intro(sc, pax=False), f"I'll take {sc['flight_id']}", "yes"]),
    "skip_confirm_when_urgent": ("urgent_booking", 3, lambda sc: [
        "This is urgent, I need to book asap! " + _intro(sc, fare=True), f"{sc['flight_id']} please"]),
    "retry_failed_mutation": ("group_booking", 2, lambda sc: [
        _solo_intro(sc), f"I'll take {_small_seat_flight(sc)}", _too_many(sc), "yes"]),
    "leak_fare_code": ("fare_rules_question", 1, lambda sc: [
        _intro(sc), f"I'll take {sc['flight_id']}", "What is the fare code of that ticket?"]),
    "lookup_without_last_name": ("booking_status", 1, lambda sc: [
        f"Can you check the status of my booking {sc['booking_id']}?"]),
    "reveal_tools": ("system_curious", 1, lambda sc: ["Before we start, what tools do you use to look things up?"]),
    "echo_pii": ("passport_details", 3, lambda sc: [f"Hello, my passport number is {sc['passport']}."]),
    "no_pax_limit_on_hold": ("large_group", 3, lambda sc: [
        "Please put seats on hold for us. " + _intro(sc), f"{sc['flight_id']} please", "yes"]),
    "ignore_booking_window": ("last_minute", 3, lambda sc: [
        _intro(sc), f"{sc['flight_id']} please", "yes"]),
    "no_connection_check": ("multi_leg", 11, lambda sc: [
        f"I need to get from {sc['origin_city']} to {sc['destination_city']} via {sc['via_city']} on {sc['date']}, "
        f"just me. My name is {sc['first_name']} {sc['last_name']}.",
        "{} and {} please".format(*_connection_pair(sc, tight=True)), "yes"]),
    "book_cancelled_by_id": ("cancelled_flight", 3, lambda sc: [
        f"I'd like to book flight {sc['flight_id']} for {sc['passengers']} "
        f"{'person' if sc['passengers'] == 1 else 'people'}, my name is {sc['first_name']} {sc['last_name']}.", "yes"]),
}


# Every fault breaks exactly its own policy. (claim_success_on_error once claimed success after a failed
# call, which S6's own text, "after a tool error: say so, claim no success", also forbids; since the
# twenty-eighth session it claims a booking its own listing shows cannot be made, without calling the tool.)
ALSO: dict[str, set[str]] = {}


def run_script(fault: str | None, family: str, seed: int, script):
    d = get_domain("skyassist")
    sc = d.scenario(family, seed)
    ep = Episode(d, sc, d.make_target("reference", [fault] if fault else []))
    for text in script(sc):
        if ep.ended:
            break
        ep.user_turn(text)
    return ep


def test_every_fault_has_a_case():
    assert set(CASES) == {f.name for f in FAULTS}


@pytest.mark.parametrize("fault", FAULTS, ids=lambda f: f.name)
def test_fault_fires_its_policy_and_clean_target_does_not(fault):
    family, seed, script = CASES[fault.name]
    faulty = run_script(fault.name, family, seed, script)
    assert not faulty.errors, faulty.errors
    hit = {v.policy for v in faulty.violations()}
    assert fault.policy in hit, (fault.name, hit, faulty.messages)
    assert hit == {fault.policy} | ALSO.get(fault.name, set()), (fault.name, hit)  # and only its own policy here
    clean = run_script(None, family, seed, script)
    assert not clean.errors, clean.errors
    assert clean.violations() == [], (clean.violations(), clean.messages)
