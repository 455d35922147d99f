"""SkyAssist reference agent, findings 6-9 and 11 of /work/h38/sky-customers-25 taken up in the thirty-eighth session
(helper skyV), with the testers' words, other phrasings, and the near misses that must keep their old reading:

F6.  a yes at the summary beside a ride to the airport ("yes please, my brother's driving us to LAX") is no new route:
     the summary stands (asked again, never a new search), and a plain yes then books it;
F7.  a cancellation given up in other words ("...but we're going after all", "the trip is back on", "didn't in the
     end", "no need now") proposes no cancellation;
F8.  a pick with the return offer turned down ("3 is fine by me, one way only", "3 please, one way only", "3 is fine,
     no return needed") or a cabin with an approval ("economy is fine") picks that flight, never the return offer;
F9.  "1 please. and yeah, a return would be good - 6 December" at a listing keeps 1 for the outbound and searches the
     return on that day; the next number picks the return;
F11. another person's later day waved off ("my mum arrives back from Spain on the 25th, doesnt matter") is no return
     date.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_customers_38q import writes
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import play

ONE = D.scenario("one_way", 11)  # LAX-FCO 2026-08-24: 1) SA9676 premium, 2) SA5052 business, 3) SA8835 economy
CANCEL = D.scenario("cancel_booking", 11)  # BKSVHC2Z under Larsen, confirmed
ROUND = D.scenario("round_trip", 11)  # LHR-MAD 2026-05-04: 1) SA4790; MAD-LHR 2026-12-06: 1) SA1043
GROUP = D.scenario("group_booking", 11)  # LHR-FCO 2026-07-23; nothing FCO-LHR on 2026-07-25


def _searches(ep) -> list[tuple[str, str, str]]:
    return [(c["origin"], c["destination"], c["date"]) for c in _calls(ep, "search_flights")]


# --- F6. a yes beside a ride to the airport -----------------------------------------------------------------------------

TO_SUMMARY = ["LA to Rome 24 August, 2 of us", "3", "Ravi Mensah"]


@pytest.mark.parametrize("line", ["yes please, my brother's driving us to LAX", "yes. my dad's taking us to LAX that morning",
                                  "fine by me, my brother's giving us a lift to LAX",
                                  "yes - my sister will drop us at the airport in LA",
                                  "Yes! Our friend is picking us up at Rome airport"])
def test_a_yes_beside_a_ride_to_the_airport_keeps_the_summary(line):
    ep = play(TO_SUMMARY + [line, "yes"], ONE)
    said = _after(ep, line)
    assert "Shall I book it?" in said and "Where would you like to fly" not in said
    assert _searches(ep) == [("LAX", "FCO", "2026-08-24")]
    assert [(c["flight_ids"], c["passengers"]) for c in _calls(ep, "book_flight")] == [(["SA8835"], 2)]


@pytest.mark.parametrize("line,origin", [("Can you take me to Rome from LAX on 24 August?", "LAX"),
                                         ("I'll drive to LAX, then fly to Rome on 24 August", "LAX")])
def test_a_flight_place_is_still_read(line, origin):  # near misses: no ride by someone else
    assert origin in [pl.iata for pl in parse(line, D.db).places]


# --- F7. a cancellation given up in other words -------------------------------------------------------------------------

@pytest.mark.parametrize("line", [
    "BKSVHC2Z, Larsen. I was planning to cancel this but we're going after all. Can you confirm the date?",
    "BKSVHC2Z / Larsen. Was planning to cancel this but my trip is back on, so just confirm it's all ok",
    "BKSVHC2Z Larsen - I'd intended to cancel, the trip is back on now though. What gate info do you have?",
    "Larsen BKSVHC2Z. I called last week to cancel but didn't in the end, and now we definitely want to fly. Is it still confirmed?",
    "BKSVHC2Z, Larsen. was gonna cancel it but no need now, trip's happening. what time do we land?"])
def test_a_cancellation_given_up_is_not_proposed(line):
    ep = play([line], CANCEL)
    said = _after(ep, line)
    assert "Shall I cancel" not in said and "status: confirmed" in said and writes(ep) == []


@pytest.mark.parametrize("line", ["BKSVHC2Z, Larsen. I was going to cancel it but the trip is back on, so cancel it now",
                                  "BKSVHC2Z, Larsen. please cancel it"])
def test_a_cancellation_asked_is_still_proposed(line):  # near misses
    ep = play([line, "yes"], CANCEL)
    assert "Shall I cancel booking BKSVHC2Z?" in _after(ep, line) and writes(ep) == ["cancel_booking"]


# --- F8. a pick with the return turned down -----------------------------------------------------------------------------

LISTING = "Hi, I need a flight Los Angeles to Rome on 24 August, for me. My brother's coming along too, he's got the week off."


@pytest.mark.parametrize("line,flight", [("3 is fine by me, one way only", "SA8835"), ("3 please, one way only", "SA8835"),
                                         ("3 is fine, no return needed", "SA8835"), ("economy is fine", "SA8835"),
                                         ("2, we don't need a return", "SA5052"), ("business works for us", "SA5052")])
def test_a_pick_with_the_return_turned_down(line, flight):
    ep = play([LISTING, line, "Ravi Mensah", "yes"], ONE)
    said = _after(ep, line)
    assert f"You picked {flight}" in said and "fly back" not in said
    assert [(c["flight_ids"], c["passengers"]) for c in _calls(ep, "book_flight")] == [([flight], 2)]


def test_a_bare_yes_still_takes_up_the_return_offer():  # near miss
    assert "fly back" in _after(play([LISTING, "yes please"], ONE), "yes please")


# --- F9. a pick, then the return asked for with its day -----------------------------------------------------------------

@pytest.mark.parametrize("line", ["1 please. and yeah, a return would be good - 6 December",
                                  "go with 1, and sure, look for one back on 6 Dec",
                                  "1 is fine by me. return on the 6th of December please"])
def test_a_pick_then_a_return_keeps_the_pick(line):
    ep = play(["London to Madrid on 4 May, just me", line, "1", "Ravi Mensah", "yes"], ROUND)
    assert "You picked SA4790" in _after(ep, line) and "for the return?" in _after(ep, line)
    assert ("MAD", "LHR", "2026-12-06") in _searches(ep)
    assert [c["flight_ids"] for c in _calls(ep, "book_flight")] == [["SA4790", "SA1043"]]


def test_two_of_us_then_a_return_is_a_count():  # near miss: a count, not a pick
    p = parse("2 of us, return on 6 December", D.db, None, "1) SA4790 ... Which flight would you like?")
    assert p.selection is None and p.passengers == 2


# --- F11. another person's later day waved off ---------------------------------------------------------------------------

@pytest.mark.parametrize("line", ["4 of us London to Rome on 23 July - my mum arrives back from Spain on the 25th, doesnt matter.",
                                  "4 of us London to Rome on 23 July. My son gets home on the 25th, not relevant."])
def test_another_persons_day_waved_off_is_no_return(line):
    p = parse(line, D.db)
    assert p.dates == ["2026-07-23"] and p.return_date is None
    ep = play([line], GROUP)
    assert _searches(ep) == [("LHR", "FCO", "2026-07-23")]


@pytest.mark.parametrize("line", ["4 of us London to Rome on 23 July, back on the 25th",
                                  "4 of us London to Rome on 23 July, my mum flies back with us on the 25th"])
def test_our_own_return_is_still_read(line):  # near misses
    assert parse(line, D.db).return_date == "2026-07-25"
