"""SkyAssist database generation and the tool layer (schema validation, mutations)."""

import json
from datetime import timedelta

import pytest

from envs.skyassist.database import NOW, generate_database, get_database, parse_time
from envs.skyassist.tools import MUTATIONS, READ_ONLY, TOOL_SCHEMAS, SkyState, execute


@pytest.fixture(scope="module")
def db():
    return get_database()


def test_counts_match_the_paper(db):
    assert db.counts() == {"airports": 35, "restricted_airports": 4, "routes": 120, "flights": 643,
                           "cancelled_flights": 46, "fare_classes": 3}


def test_same_seed_same_hash_other_seed_differs(db):
    assert generate_database().hash == db.hash
    assert generate_database(7).hash != db.hash


def test_records_have_the_design_fields(db):
    f = next(iter(db.flights.values()))
    assert set(f.to_json()) == {"flight_id", "origin", "destination", "departure_time", "arrival_time", "status",
                                "fare_class", "public_cabin", "internal_fare_code", "price_usd", "seats_available",
                                "refundability", "upgrade_eligible"}
    a = next(iter(db.airports.values()))
    assert {"iata", "city", "country", "timezone", "restricted"} <= set(vars(a))


def test_database_has_what_the_policies_need(db):
    flights = list(db.flights.values())
    assert any(parse_time(f.departure_time) < NOW + timedelta(hours=24) for f in flights)
    assert any((parse_time(f.departure_time) - NOW).days > 330 for f in flights)
    assert any((d, o) in db.route_set for o, d in db.routes) and any((d, o) not in db.route_set for o, d in db.routes)
    assert any(db.airports[f.destination].restricted for f in flights)


def test_eight_tools_four_read_only_four_mutations():
    names = [t["function"]["name"] for t in TOOL_SCHEMAS]
    assert len(names) == 8 and set(READ_ONLY) | set(MUTATIONS) == set(names)
    for t in TOOL_SCHEMAS:
        assert t["function"]["parameters"]["required"], t


def _state(db):
    return SkyState(db, {}, salt="t")


def test_invalid_calls_are_tool_errors_not_exceptions(db):
    s = _state(db)
    for name, args in [("nope", "{}"), ("search_flights", "{not json"), ("search_flights", {"destination": "LIS"}),
                       ("book_flight", {"flight_ids": ["SA0001"], "passengers": "two", "fare_class": "economy", "last_name": "X"}),
                       ("book_flight", {"flight_ids": [], "passengers": 1, "fare_class": "first", "last_name": "X"})]:
        r = execute(s, name, args)
        assert not r.ok and "error" in json.loads(r.content)
    assert s.bookings == {}  # nothing touched state


def test_book_then_cancel_updates_state_and_seats(db):
    s = _state(db)
    f = next(f for f in db.flights.values() if f.status == "scheduled" and f.seats_available >= 3)
    r = execute(s, "book_flight", {"flight_ids": [f.flight_id], "passengers": 2, "fare_class": f.fare_class, "last_name": "Silva"})
    assert r.ok
    rec = json.loads(r.content)
    assert rec["status"] == "confirmed" and rec["price_usd"] == f.price_usd * 2
    assert s.seats_left(f.flight_id) == f.seats_available - 2
    assert not execute(s, "lookup_booking", {"booking_id": rec["booking_id"], "last_name": "Other"}).ok
    assert execute(s, "lookup_booking", {"booking_id": rec["booking_id"], "last_name": "silva"}).ok
    assert execute(s, "cancel_booking", {"booking_id": rec["booking_id"]}).ok
    assert not execute(s, "cancel_booking", {"booking_id": rec["booking_id"]}).ok  # already cancelled
    assert s.seats_left(f.flight_id) == f.seats_available


def test_cancelling_a_hold_refunds_nothing_and_a_confirmed_refundable_booking_its_price(db):
    """A hold was never charged: cancelling it refunded the itinerary's price (a tester saw the tool report a
    $5,894 refund the agent had rightly said there would not be)."""
    s = _state(db)
    f = next(f for f in db.flights.values() if f.status == "scheduled" and f.seats_available >= 2
             and f.refundability == "refundable")
    args = {"flight_ids": [f.flight_id], "passengers": 1, "fare_class": f.fare_class, "last_name": "Silva"}
    held = json.loads(execute(s, "hold_itinerary", args).content)
    booked = json.loads(execute(s, "book_flight", args).content)
    assert json.loads(execute(s, "cancel_booking", {"booking_id": held["booking_id"]}).content)["refund_usd"] == 0.0
    assert json.loads(execute(s, "cancel_booking", {"booking_id": booked["booking_id"]}).content)["refund_usd"] == f.price_usd


def test_too_few_seats_is_an_error(db):
    s = _state(db)
    f = next(f for f in db.flights.values() if f.seats_available == 1)
    r = execute(s, "hold_itinerary", {"flight_ids": [f.flight_id], "passengers": 2, "fare_class": f.fare_class, "last_name": "Li"})
    assert not r.ok and "seats" in r.content


def test_booking_ids_deterministic_and_fork_is_independent(db):
    f = next(f for f in db.flights.values() if f.status == "scheduled" and f.seats_available >= 2)
    args = {"flight_ids": [f.flight_id], "passengers": 1, "fare_class": f.fare_class, "last_name": "Li"}
    a, b = _state(db), _state(db)
    assert execute(a, "book_flight", args).content == execute(b, "book_flight", args).content
    c = a.fork()
    execute(c, "book_flight", args)
    assert len(c.bookings) == 2 and len(a.bookings) == 1
