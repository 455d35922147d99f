"""SkyAssist scenario families: database-consistent, deterministic, and public descriptions leak nothing."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest

from envs.skyassist import scenarios, tools
from envs.skyassist.database import NOW, get_database, parse_time

SEEDS = list(range(40)) + [99_999, 1_000_000, 1_009_999, 5_000_000]
COMMON = {"family", "seed", "split", "origin", "destination", "origin_city", "destination_city", "date",
          "passengers", "first_name", "last_name", "booking_id", "flight_id", "goal", "bookings"}
BOOKING_KEYS = {"booking_id", "status", "passengers", "first_name", "last_name", "itinerary", "fare_class",
                "price_usd", "timestamp"}


@pytest.fixture(scope="module")
def db():
    return get_database()


@pytest.fixture(scope="module")
def all_scenarios(db):
    return [scenarios.make_scenario(db, fam, seed) for fam in scenarios.FAMILIES for seed in SEEDS]


def test_family_list():
    assert len(scenarios.FAMILIES) == 27 == len(set(scenarios.FAMILIES))
    assert scenarios.TRAIN_SEEDS == range(0, 100_000)
    assert scenarios.HELDOUT_SEEDS == range(1_000_000, 1_010_000)


def test_required_keys_and_types(all_scenarios, db):
    for s in all_scenarios:
        assert COMMON <= set(s), (s["family"], COMMON - set(s))
        for key in scenarios.EXTRA_FIELDS.get(s["family"], []):
            assert key in s, (s["family"], key)
        assert s["origin"] in db.airports and s["destination"] in db.airports
        assert s["origin_city"] == db.airports[s["origin"]].city
        assert s["destination_city"] == db.airports[s["destination"]].city
        assert isinstance(s["passengers"], int) and s["passengers"] >= 1
        assert s["first_name"] and s["last_name"] and s["goal"].endswith(".")
        assert not re.search(r"\b[BSPO][1-6]\b", s["goal"])
        assert not any(name in s["goal"] for name in tools.SCHEMA_BY_NAME)
        assert s["flight_id"] in db.flights


def test_routes_and_dates_have_flights(all_scenarios, db):
    for s in all_scenarios:
        if s["family"] == "multi_leg":
            continue  # connects via a hub; checked in test_multi_leg
        assert (s["origin"], s["destination"]) in db.route_set, s
        flights = db.search(s["origin"], s["destination"], s["date"])
        assert flights, s
        f = db.flights[s["flight_id"]]
        assert (f.origin, f.destination, f.date) == (s["origin"], s["destination"], s["date"])


def test_ordinary_dates_in_window(all_scenarios, db):
    special = {"last_minute", "far_future"}
    lo, hi = (NOW + timedelta(days=2)).date().isoformat(), (NOW + timedelta(days=320)).date().isoformat()
    for s in all_scenarios:
        if s["family"] not in special:
            assert lo <= s["date"] <= hi, (s["family"], s["date"])
        if s["family"] == "multi_leg":
            legs = [db.flights[s["leg1_flight_id"]], db.flights[s["leg2_flight_id"]]]
            assert all(f.seats_available >= s["passengers"] for f in legs)
        elif s["family"] not in special | {"cancelled_flight", "sold_out_flight", "restricted_destination"}:
            assert any(f.status == "scheduled" and f.seats_available > 0
                       for f in db.search(s["origin"], s["destination"], s["date"])), s


def test_bookings_valid_and_lookup_works(all_scenarios, db, domain):
    for s in all_scenarios:
        ids = [b["booking_id"] for b in s["bookings"]]
        assert len(ids) == len(set(ids)) and 2 <= len(ids) <= 3
        assert s["bookings"][0]["booking_id"] == s["booking_id"]
        assert s["bookings"][0]["last_name"] == s["last_name"]
        assert all(b["last_name"] != s["last_name"] for b in s["bookings"][1:])
        for b in s["bookings"]:
            assert set(b) == BOOKING_KEYS
            assert re.fullmatch(r"BK[0-9A-Z]{6}", b["booking_id"])
            assert b["status"] in ("confirmed", "held")
            assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:00Z", b["timestamp"]) and parse_time(b["timestamp"]) < NOW
            flights = [db.flights[fid] for fid in b["itinerary"]]
            assert all(f.status == "scheduled" for f in flights)
            assert b["fare_class"] == flights[0].fare_class
            assert b["price_usd"] == pytest.approx(sum(f.price_usd for f in flights) * b["passengers"])
        if s["family"] in ("change_booking", "cancel_booking", "booking_status"):
            f = db.flights[s["bookings"][0]["itinerary"][0]]
            assert (f.origin, f.destination, f.date) == (s["origin"], s["destination"], s["date"])
            assert s["bookings"][0]["passengers"] == s["passengers"]
    for s in all_scenarios[::7]:
        state = domain.initial_state(s)
        for b in s["bookings"]:
            res = tools.execute(state, "lookup_booking", {"booking_id": b["booking_id"], "last_name": b["last_name"]})
            assert res.ok and json.loads(res.content) == b


def test_deterministic(db):
    for fam in scenarios.FAMILIES:
        for seed in (0, 17, 1_000_003):
            a, b = scenarios.make_scenario(db, fam, seed), scenarios.make_scenario(db, fam, seed)
            assert a == b
            assert scenarios.describe(db, a) == scenarios.describe(db, b)
    # different seeds give variety
    assert len({json.dumps(scenarios.make_scenario(db, "one_way", s), sort_keys=True) for s in range(20)}) == 20


def test_split_labels(db):
    assert scenarios.make_scenario(db, "one_way", 5)["split"] == "train"
    assert scenarios.make_scenario(db, "one_way", 99_999)["split"] == "train"
    assert scenarios.make_scenario(db, "one_way", 1_000_000)["split"] == "heldout"
    assert scenarios.make_scenario(db, "one_way", 1_009_999)["split"] == "heldout"
    assert scenarios.make_scenario(db, "one_way", 200_000)["split"] == "other"


def test_unknown_family_one_line(db):
    with pytest.raises(ValueError) as e:
        scenarios.make_scenario(db, "teleport", 1)
    msg = str(e.value)
    assert "\n" not in msg and "teleport" in msg and "one_way" in msg


def _has_word(word: str, text: str) -> bool:
    return re.search(rf"\b{re.escape(word)}\b", text) is not None


def test_describe_leaks_nothing_private(all_scenarios, db):
    for s in all_scenarios:
        text = scenarios.describe(db, s)
        assert s["first_name"] in text and s["booking_id"] in text
        for other in s["bookings"][1:]:
            assert _has_word(other["last_name"], text) is False, (s["family"], other["last_name"])
            if s["family"] != "third_party_booking":
                assert other["booking_id"] not in text
        if s["family"] == "third_party_booking":
            assert s["other_booking_id"] in text and not _has_word(s["other_last_name"], text)
        if s["family"] == "unnamed_traveler":
            assert not _has_word(s["last_name"], text)
        assert not any(code in text for code in db.fare_codes)
        assert not any(name in text for name in tools.SCHEMA_BY_NAME)
        assert not re.search(r"\b[BSPO][1-6]\b", text)
        assert "$" not in text and "seats_available" not in text and "cancelled" not in text.lower()
        for b in s["bookings"]:
            assert f"{b['price_usd']:g}" not in text.split()


def test_family_invariants(db):
    for seed in SEEDS:
        mk = lambda fam, seed=seed: scenarios.make_scenario(db, fam, seed)  # noqa: E731

        s = mk("restricted_destination")
        assert db.airports[s["destination"]].restricted and not db.airports[s["origin"]].restricted

        s = mk("last_minute")
        dep = parse_time(db.flights[s["flight_id"]].departure_time)
        assert NOW < dep < NOW + timedelta(hours=24) and s["date"] == dep.date().isoformat()

        s = mk("far_future")
        assert parse_time(db.flights[s["flight_id"]].departure_time) > NOW + timedelta(days=330)

        s = mk("cancelled_flight")
        f = db.flights[s["flight_id"]]
        assert f.status == "cancelled" and (f.origin, f.destination, f.date) == (s["origin"], s["destination"], s["date"])

        s = mk("sold_out_flight")
        f = db.flights[s["flight_id"]]
        assert f.status == "scheduled" and f.seats_available < s["passengers"] <= 9

        s = mk("large_group")
        assert 10 <= s["passengers"] <= 14
        s = mk("group_booking")
        assert 3 <= s["passengers"] <= 8

        s = mk("round_trip")
        assert s["return_date"] > s["date"]
        assert db.search(s["destination"], s["origin"], s["return_date"])

        s = mk("change_booking")
        assert s["new_date"] != s["date"] and db.search(s["origin"], s["destination"], s["new_date"])
        s = mk("flexible_dates")
        assert s["alt_date"] != s["date"] and db.search(s["origin"], s["destination"], s["alt_date"])

        s = mk("premium_cabin")
        assert db.flights[s["flight_id"]].fare_class == s["cabin"] in ("premium", "business")

        s = mk("budget_constrained")
        assert isinstance(s["budget"], int) and s["budget"] > 0
        assert mk("currency_question")["currency"] in scenarios.CURRENCIES

        s = mk("third_party_booking")
        other = next(b for b in s["bookings"] if b["booking_id"] == s["other_booking_id"])
        assert other["last_name"] == s["other_last_name"] != s["last_name"]

        assert re.fullmatch(r"[A-Z]{1,2}\d{7,8}", mk("passport_details")["passport"])
        assert re.fullmatch(r"\d{4} \d{4} \d{4} \d{4}", mk("payment_details")["card"])


def test_multi_leg(db):
    for seed in SEEDS:
        s = scenarios.make_scenario(db, "multi_leg", seed)
        a, b = db.flights[s["leg1_flight_id"]], db.flights[s["leg2_flight_id"]]
        assert a.origin == s["origin"] and a.destination == s["via"] == b.origin and b.destination == s["destination"]
        assert a.status == b.status == "scheduled" and a.date == s["date"] and s["flight_id"] == a.flight_id
        gap = (parse_time(b.departure_time) - parse_time(a.arrival_time)).total_seconds() / 60
        assert 0 <= gap < 45 and s["connection_minutes"] == int(gap)
        # one booking holds one cabin, and both legs are searched on the trip's date: a customer
        # can ask to book exactly this pair (so policy O3 can be exercised)
        assert a.fare_class == b.fare_class and b.date == a.date
        if s["comfortable_leg1_flight_id"]:
            c1, c2 = db.flights[s["comfortable_leg1_flight_id"]], db.flights[s["comfortable_leg2_flight_id"]]
            assert (c1.origin, c1.destination, c2.destination) == (s["origin"], s["via"], s["destination"])
            assert (parse_time(c2.departure_time) - parse_time(c1.arrival_time)).total_seconds() >= 45 * 60
            assert c1.fare_class == c2.fare_class == a.fare_class


def test_domain_wires_scenarios(domain):
    assert domain.families == scenarios.FAMILIES
    s = domain.sample_scenario(30)
    assert s["family"] == scenarios.FAMILIES[30 % 27]
    assert domain.scenario_text(s) == scenarios.describe(domain.db, s)
