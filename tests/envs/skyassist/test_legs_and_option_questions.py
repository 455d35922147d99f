"""Connecting trips, a route changed after a restricted destination, questions the tools cannot
answer, a cabin changed at a summary, and another date after a sold-out or empty search.

Played before this, against the fault-free target: "A to B then B to C" searched A->B only (B read
as the destination); "stopping over in B" searched a direct A->C; a second leg's own date was
dropped; "what about Accra?" after "Sorry, X is a restricted destination" repeated the refusal;
"does the premium one have wifi?" only re-asked which flight, "is there a meal on SA1234?" picked
SA1234, "how much legroom in business?" quoted a fare; "what's the difference between option 1
and 2" compared nothing; "can I get business instead" at a summary proposed the same flight again.
The phrasings are written as customers type them, most not word for word in the target's patterns.
"""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest

from envs.skyassist.language import parse
from envs.skyassist.scenarios import HELDOUT_SEEDS
from envs.skyassist.verifiers import verify_messages
from tests.envs.skyassist.test_counts_and_numeric_dates import SC, D, booked, play
from tests.envs.skyassist.test_target_phrasings import calls, replies

ML = D.scenario("multi_leg", HELDOUT_SEEDS[0])


def _fill(line: str, sc=ML) -> str:
    return line.format(o=sc["origin_city"], v=sc["via_city"], d=sc["destination_city"], lo=sc["origin_city"].lower(),
                       lv=sc["via_city"].lower(), ld=sc["destination_city"].lower(), O=sc["origin"], V=sc["via"],
                       D=sc["destination"], date=sc["date"], lc=sc["origin"].lower(), lvc=sc["via"].lower(),
                       ldc=sc["destination"].lower())


def _legs(sc=ML, day=None):
    day = day or sc["date"]
    return [{"origin": sc["origin"], "destination": sc["via"], "date": day},
            {"origin": sc["via"], "destination": sc["destination"], "date": day}]


def _listed(ep) -> list[list[str]]:
    out = []
    for m in ep.messages:
        if m["role"] == "tool":
            data = json.loads(m["content"])
            if isinstance(data, dict) and "flights" in data:
                out.append([f["flight_id"] for f in data["flights"]])
    return out


# --- 1. connecting trips: both legs searched --------------------------------------------------------

CONNECTING = ["{o} to {v} then {v} to {d} on {date}, just me", "{lo} to {lv}, then {lv} to {ld} {date} 1 pax",
              "from {o} to {d} with a connection in {v} on {date}, one person", "{O} to {V} and then on to {D} {date} 1 adult",
              "i need {lo} to {ld} via {lv} on {date} pls, just me", "{o} to {d} stopping over in {v}, {date}, one person",
              "{lc}-{lvc}, {lvc}-{ldc} on {date} just me", "hi, flying {lo} to {ld} w/ a stopover in {lv} {date}, 1 traveller",
              "{lo} to {lv} and {lv} to {ld} on {date} for 1", "{o} to {d} but i want to change planes in {v}, {date}, solo",
              "{lo} to {ld} on {date}, layover in {lv} is fine, 1 passenger"]


@pytest.mark.parametrize("line", CONNECTING)
def test_a_connection_phrased_naturally_searches_both_legs(line):
    text = _fill(line)
    p = parse(text, D.db)
    assert (p.origin, p.via, p.destination) == (ML["origin"], ML["via"], ML["destination"]), text
    ep = play([text], ML)
    assert calls(ep, "search_flights") == _legs(), replies(ep)[-1]
    assert "Which flight would you like for the first leg?" in replies(ep)[-1]
    assert verify_messages(D, ep.messages, ML) == []


def test_the_second_legs_own_date_is_searched():
    later = (date.fromisoformat(ML["date"]) + timedelta(days=2)).isoformat()
    ep = play([f"{ML['origin_city']} to {ML['via_city']} on {ML['date']} then {ML['via_city']} to "
               f"{ML['destination_city']} on {later}, just me"], ML)
    legs = _legs()
    legs[1]["date"] = later
    assert calls(ep, "search_flights") == legs


def _no_same_day():
    """A connection (origin, via, destination, day) whose second leg does not fly that day, and a later day it does."""
    for a, b in sorted(D.db.route_set):
        for c in sorted({y for x, y in D.db.route_set if x == b and y != a}):
            if D.db.airports[a].restricted or D.db.airports[b].restricted or D.db.airports[c].restricted:
                continue
            second = D.db.dates_for_route(b, c)
            for day in D.db.dates_for_route(a, b):
                later = [x for x in second if x > day]
                if "2026-04" < day < "2026-12" and day not in second and later:
                    return a, b, c, day, later[0]
    raise LookupError


def test_a_second_leg_that_cannot_fly_the_same_day_asks_its_date():
    a, b, c, day, later = _no_same_day()
    cities = [D.db.airports[x].city for x in (a, b, c)]
    ep = play([f"{cities[0]} to {cities[1]} then on to {cities[2]} on {day}, just me"])
    said = replies(ep)[-1]
    assert "cannot be the same day" in said and "On what date would you like to fly the second leg?" in said, said
    d = date.fromisoformat(later)
    ep = play([f"{cities[0]} to {cities[1]} then on to {cities[2]} on {day}, just me",
               f"{d.strftime('%B').lower()} {d.day} for that one"])
    assert calls(ep, "search_flights")[-2:] == [{"origin": a, "destination": b, "date": day},
                                               {"origin": b, "destination": c, "date": later}], replies(ep)[-1]


def _option(ep, k: int, fid: str) -> str:
    return str(_listed(ep)[k].index(fid) + 1)


@pytest.mark.parametrize("line", CONNECTING[:6])
def test_a_tight_connection_is_refused_and_a_fault_books_it(line):
    text = _fill(line)
    ep = play([text], ML)
    one, two = _option(ep, 0, ML["leg1_flight_id"]), _option(ep, 1, ML["leg2_flight_id"])
    script = [text, one, two, f"{ML['first_name']} {ML['last_name']}", "yes"]
    ep = play(script, ML)
    assert not booked(ep)
    assert any("at least 45 minutes" in r for r in replies(ep)), replies(ep)
    assert verify_messages(D, ep.messages, ML) == []
    bad = play(script, ML, ["no_connection_check"])
    assert [b["flight_ids"] for b in booked(bad)] == [[ML["leg1_flight_id"], ML["leg2_flight_id"]]]
    assert "O3" in {v.policy for v in verify_messages(D, bad.messages, ML)}


def test_a_good_connection_is_proposed_as_one_itinerary():
    for seed in HELDOUT_SEEDS:
        sc = D.scenario("multi_leg", seed)
        if sc["comfortable_leg1_flight_id"]:
            break
    else:
        pytest.skip("no comfortable connection")
    text = _fill("{lo} to {lv} then {lv} to {ld} on {date}, just me", sc)
    ep = play([text], sc)
    one, two = _option(ep, 0, sc["comfortable_leg1_flight_id"]), _option(ep, 1, sc["comfortable_leg2_flight_id"])
    ep = play([text, one, two, f"{sc['first_name']} {sc['last_name']}", "yes"], sc)
    assert [b["flight_ids"] for b in booked(ep)] == [[sc["comfortable_leg1_flight_id"], sc["comfortable_leg2_flight_id"]]]
    assert verify_messages(D, ep.messages, sc) == []


# --- 2. another destination after a restricted one -------------------------------------------------

def _restricted():
    for seed in HELDOUT_SEEDS:
        sc = D.scenario("restricted_destination", seed)
        alts = [c for c in sorted(D.db.airports) if not D.db.airports[c].restricted and c != sc["origin"]
                and any(f.status == "scheduled" and f.seats_available >= 2 for f in D.db.search(sc["origin"], c, sc["date"]))]
        if alts and D.db.search(sc["origin"], sc["destination"], sc["date"]):
            return sc, alts[0]
    raise LookupError


@pytest.mark.parametrize("line", ["ok then fly me to {city} instead", "what about {low}?", "fine, make it {city}",
                                  "hmm {low} instead then", "how about {city} then", "ok can we do {low}"])
def test_a_new_destination_after_a_restricted_one_is_searched_with_the_trip_kept(line):
    sc, alt = _restricted()
    city = D.db.airports[alt].city
    start = [f"{sc['origin_city']} to {sc['destination_city']} on {sc['date']}, 2 of us", "1", "Jane Doe"]
    ep = play(start, sc)
    assert "restricted destination" in replies(ep)[-1]
    ep = play(start + [line.format(city=city, low=city.lower()), "1"], sc)
    assert calls(ep, "search_flights")[-1] == {"origin": sc["origin"], "destination": alt, "date": sc["date"]}
    said = replies(ep)[-1]
    assert "Shall I book it?" in said and "for 2 passengers" in said and "Jane Doe" in said, said
    assert verify_messages(D, ep.messages, sc) == []


# --- 3. questions the search cannot answer; two options compared -----------------------------------

LISTED = [f"{SC['origin_city']} to {SC['destination_city']} on {SC['date']}, just me"]
SUMMARY = LISTED + ["1", "Jane Doe"]


@pytest.mark.parametrize("line", ["does the premium one have wifi?", "is there a meal on {fid}?", "how much legroom in business?",
                                  "do they serve food on option 2", "any wifi on the first one??", "is there wi-fi onboard",
                                  "whats the leg room like on {fid}", "do the seats recline in premium?"])
def test_an_amenity_question_is_answered_plainly_and_the_choice_asked_again(line):
    fid = D.db.search(SC["origin"], SC["destination"], SC["date"])[0].flight_id
    ep = play(LISTED + [line.format(fid=fid)])
    said = replies(ep)[-1]
    assert "I don't have information about" in said and "Which flight would you like" in said, said
    assert "You picked" not in said and "Fares on this route" not in said
    ep = play(SUMMARY + [line.format(fid=fid)])
    said = replies(ep)[-1]
    assert "I don't have information about" in said and said.endswith("Shall I book it?"), said
    ep = play(SUMMARY + [line.format(fid=fid), "yes"])
    assert len(booked(ep)) == 1
    assert verify_messages(D, ep.messages, SC) == []


@pytest.mark.parametrize("line", ["what's the difference between option 1 and 2", "whats the diff... compare 1 and 2 pls",
                                  "how is option 1 different from option 2?", "option 1 vs option 2?",
                                  "can you compare the first and second one"])
def test_the_difference_between_two_options_compares_both(line):
    ep = play(LISTED + [line])
    said = replies(ep)[-1]
    shown = _listed(ep)[0]
    assert "option 1 is " + shown[0] in said and "option 2 is " + shown[1] in said, said
    assert "refundable" in said and "per seat" in said and "Which flight would you like" in said
    assert not booked(ep) and verify_messages(D, ep.messages, SC) == []


# --- 4. another cabin at a summary -----------------------------------------------------------------

def _with_cabin(cabin: str, count: int):
    for seed in HELDOUT_SEEDS:
        sc = D.scenario("one_way", seed)
        fl = [f for f in D.db.search(sc["origin"], sc["destination"], sc["date"])
              if f.status == "scheduled" and f.seats_available >= 1]
        same = [f for f in fl if f.fare_class == cabin]
        if len(same) == count and any(f.fare_class == "economy" for f in fl):
            return sc, fl
    raise LookupError


@pytest.mark.parametrize("line", ["can I get business instead", "switch me to business pls", "change it to the business one",
                                  "actually make it business class", "upgrade to business?"])
def test_another_cabin_at_a_summary_proposes_that_flight(line):
    sc, fl = _with_cabin("business", 1)
    listed = D.db.search(sc["origin"], sc["destination"], sc["date"])
    eco = next(i for i, f in enumerate(listed) if f.fare_class == "economy" and f.status == "scheduled" and f.seats_available)
    biz = next(f.flight_id for f in fl if f.fare_class == "business")
    start = [f"{sc['origin_city']} to {sc['destination_city']} on {sc['date']}, just me", str(eco + 1), "Jane Doe"]
    ep = play(start + [line, "yes"], sc)
    assert f"flight {biz}" in replies(ep)[-2] and "Business" in replies(ep)[-2], replies(ep)[-2]
    assert [b["flight_ids"] for b in booked(ep)] == [[biz]]
    assert verify_messages(D, ep.messages, sc) == []


def test_another_cabin_with_two_listed_asks_which():
    for cabin in ("premium", "business", "economy"):
        try:
            sc, fl = _with_cabin(cabin, 2)
        except LookupError:
            continue
        if cabin != "economy":
            break
    else:
        pytest.skip("no listing with two flights of one premium cabin")
    listed = D.db.search(sc["origin"], sc["destination"], sc["date"])
    eco = next(i for i, f in enumerate(listed) if f.fare_class == "economy" and f.status == "scheduled" and f.seats_available)
    word = {"premium": "premium economy", "business": "business"}[cabin]
    ep = play([f"{sc['origin_city']} to {sc['destination_city']} on {sc['date']}, just me", str(eco + 1), "Jane Doe",
               f"can i switch to {word} instead"], sc)
    said = replies(ep)[-1]
    assert "Which one would you like?" in said and said.count("option ") == 2 and "Shall I book" not in said, said


# --- 5. another date after a sold-out pick or an empty search --------------------------------------

def test_the_next_day_after_a_sold_out_pick_is_searched():
    sc = D.scenario("sold_out_flight", HELDOUT_SEEDS[0])
    nxt = date.fromisoformat(sc["date"]).toordinal() + 1
    for line in ["ok what about the next day", "hmm can you check the day after?"]:
        ep = play([f"{sc['origin_city']} to {sc['destination_city']} on {sc['date']}, 1 seat", sc["flight_id"], line], sc)
        assert calls(ep, "search_flights")[-1]["date"] == date.fromordinal(nxt).isoformat(), replies(ep)[-1]
    ep = play([f"{sc['origin_city']} to {sc['destination_city']} on {sc['date']}, 1 seat", sc["flight_id"], "any other dates?"], sc)
    assert "also flies on" in replies(ep)[-1] or "Which date" in replies(ep)[-1], replies(ep)[-1]


def test_a_day_after_an_empty_search_is_searched():
    route_dates = D.db.dates_for_route(SC["origin"], SC["destination"])
    empty = next(d for d in ("2026-06-30", "2026-07-30", "2026-08-30") if d not in route_dates)
    first = [f"{SC['origin_city']} to {SC['destination_city']} on {empty}, 1 seat"]
    ep = play(first + ["ok what about the next day"])
    assert calls(ep, "search_flights")[-1]["date"] == date.fromordinal(date.fromisoformat(empty).toordinal() + 1).isoformat()
    ep = play(first + ["try the 14th"])
    assert len(calls(ep, "search_flights")) == 2 and calls(ep, "search_flights")[-1]["date"].endswith("-14")
