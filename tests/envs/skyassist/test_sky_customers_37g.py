"""SkyAssist reference agent, finding 11 of the tester ``sky-customers-18`` (/work/h36/sky-customers-18/report.md)
taken up in the thirty-seventh session (part g), with the tester's words, other phrasings, and the near misses that
must keep their old reading:

11a. "both" of the people, not of the flights: "yes book it for both families", "that works for both my brother's
     family and mine. go ahead" at a one-flight summary for a group is the party the summary is for (said so, and
     a plain yes asked for, as with "yes, book it for everyone"), never "this summary has one flight only"; "yes book both (bookings)" at the first of two bookings of a split
     group books that first one and offers the second with its own summary; "yes book both" / "book both ways" at a
     one-way summary with no split still says there is no return flight in it;
11b. a pick for each of the two listed legs in one message ("outbound 1, return 1", "first outbound, first return",
     "option 2 out and option 1 back", "1 for both", "business class for both flights", "the morning ones for
     both", "first leg option 3, second leg option 2") picks both legs as said; a pick that fits several flights
     of a leg or none is said and that leg asked again; a single pick, a pair "1 and 3" and "for both of us" keep
     their reading.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent; nothing here is
written without a summary and a yes to exactly it.
"""
from __future__ import annotations

import re

import pytest

from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import play

GROUP3 = D.scenario("group_booking", 3)  # YVR-FRA 2026-12-10, 1) SA2227 Business, 8 seats; 6 travelling
# LHR-MAD 2026-05-04, back 2026-12-06, 3 of us: out 1) SA4790 Business 10:30, 2) SA2347 Premium 12:00;
# back 1) SA1043 Business 07:25, 2) SA6106 Premium 07:45 sold out
RT2, RT2_FIRST = D.scenario("round_trip", 2), "hi, London to Madrid May 4, back December 6, 3 of us"
# 1 seat: out 1) SA7032 Economy 10:30, 2) SA4078 Business 11:00, 3) SA9836 Economy 13:15;
# back 1) SA3257 Economy 06:30, 2) SA7012 Economy 11:15, 3) SA2763 Economy 13:15
RT25 = D.scenario("round_trip", 25)
RT25_FIRST = f"{RT25['origin_city']} to {RT25['destination_city']} on {RT25['date']}, back {RT25['return_date']}, just me"
# 2 of us: first leg 1) SA3350 Economy, 2) SA7774 Premium, 3) SA7146 Economy; second leg 1) SA2094 Business,
# 2) SA4491 Economy 10:30, 3) SA4876 Economy 12:00 (SA7146 lands 10:40)
ML5 = D.scenario("multi_leg", 5)
ML5_FIRST = (f"{ML5['origin_city']} to {ML5['destination_city']} via {ML5['via_city']} on {ML5['date']}, "
             f"{ML5['passengers']} people")


def _booked(ep) -> list[tuple[list[str], int]]:
    return [(b["flight_ids"], b["passengers"]) for b in _calls(ep, "book_flight")]


def _picked(*fids: str) -> str:
    """The pattern of "You picked SA1 (Economy) and SA2 (Economy)." for exactly these flights."""
    return "You picked " + " and ".join(rf"{f} \([A-Za-z ]+\)" for f in fids) + r"\."


# --- 11a. "both" of the people ---------------------------------------------------------------------------------------

GROUP_SUMMARY = ["Vancouver to Frankfurt Dec 10, group of 6", "option 1", "Liam Walsh"]


@pytest.mark.parametrize("line", [
    "yes book it for both families",  # the tester's
    "perfect, that works for both my brother's family and mine. go ahead",  # the tester's
    "yes, book it for both groups",
    "yes please, that's all of us, both families",
])
def test_both_families_is_the_party_of_the_group_summary(line):
    # a yes with a remark on who travels is answered and asked again plainly, as "yes, book it for everyone" is
    # (test_replies_at_a_summary); never read as both flights
    ep = play(GROUP_SUMMARY + [line], GROUP3)
    assert _booked(ep) == []
    reply = _after(ep, line)
    assert "it is for all 6 of you" in reply and "one flight only" not in reply and "return" not in reply
    assert _booked(play(GROUP_SUMMARY + [line, "yes"], GROUP3)) == [(["SA2227"], 6)]


@pytest.mark.parametrize("line", ["yes book both", "book both ways", "yes for both ways"])
def test_both_at_a_one_flight_summary_still_says_there_is_no_return(line):  # near misses
    ep = play(GROUP_SUMMARY + [line], GROUP3)
    assert _booked(ep) == []
    assert "one flight only" in _after(ep, line)


SPLIT = ["Vancouver to Frankfurt Dec 10, group of 6, two families: 4 under my name and 2 under my brother Sean Walsh",
         "option 1", "Liam Walsh"]


@pytest.mark.parametrize("line", ["yes book both", "yes, book both bookings"])
def test_both_at_the_first_of_two_bookings_books_that_one_and_offers_the_second(line):
    ep = play(SPLIT + [line], GROUP3)
    assert _booked(ep) == [(["SA2227"], 4)]
    assert "second booking for the other 2 passengers" in _after(ep, line)
    ep = play(SPLIT + [line, "yes", "yes"], GROUP3)  # the second one: its own summary, its own yes
    assert _booked(ep) == [(["SA2227"], 4), (["SA2227"], 2)]


def test_both_families_at_the_first_of_two_bookings_is_no_count_of_it():
    line = "yes book it for both families"
    ep = play(SPLIT + [line], GROUP3)
    reply = _after(ep, line)
    assert _booked(ep) == [] and "one flight only" not in reply and "all 4 of you" not in reply
    assert "This booking is for 4 passengers" in reply
    assert _booked(play(SPLIT + [line, "yes"], GROUP3)) == [(["SA2227"], 4)]


# --- 11b. a pick for each leg in one message -------------------------------------------------------------------------

@pytest.mark.parametrize("line", [
    "outbound 1, return 1",  # the tester's
    "first outbound, first return",  # the tester's
    "option 1 going and option 1 coming back",  # the tester's
    "1 for both",  # the tester's
    "business class for both flights",  # the tester's
    "same cabin for both legs, business",  # the tester's
    "the morning ones for both",  # the tester's
    "option 1 out, option 1 back",
])
def test_the_testers_picks_of_both_legs(line):
    ep = play([RT2_FIRST, line], RT2)
    assert re.search(_picked("SA4790", "SA1043"), _after(ep, line))


@pytest.mark.parametrize("line, out, back", [
    ("outbound 1, return 1", "SA7032", "SA3257"),
    ("option 3 out and option 2 back", "SA9836", "SA7012"),
    ("1 for the outbound and 3 for the return", "SA7032", "SA2763"),
    ("outbound option 3, return option 1", "SA9836", "SA3257"),
    ("the second one on the way back and the first one on the way out", "SA7032", "SA7012"),
    ("both option 3", "SA9836", "SA2763"),
    ("the afternoon one both ways", "SA9836", "SA2763"),
    ("1 and 3", "SA7032", "SA2763"),  # near miss: a pair, as before
])
def test_both_legs_picked_in_one_message(line, out, back):
    ep = play([RT25_FIRST, line], RT25)
    assert re.search(_picked(out, back), _after(ep, line))


def test_both_legs_picked_then_booked_only_on_a_yes_to_both():
    ep = play([RT25_FIRST, "outbound 3, return 2", "Zara Costa"], RT25)
    assert _booked(ep) == [] and "SA9836" in _after(ep, "Zara Costa") and "SA7012" in _after(ep, "Zara Costa")
    ep = play([RT25_FIRST, "outbound 3, return 2", "Zara Costa", "yes"], RT25)
    assert _booked(ep) == [(["SA9836", "SA7012"], 1)]


@pytest.mark.parametrize("line, picked, said", [
    ("the morning one both ways", None, "Several morning flights"),  # morning fits two flights on each leg
    ("outbound 4, return 1", "SA3257", "There is no option 4 for the outbound"),
    ("the morning one out and the last one back", "SA2763", "Several morning flights"),
])
def test_a_pick_that_fits_several_flights_or_none_is_asked(line, picked, said):
    ep = play([RT25_FIRST, line], RT25)
    reply = _after(ep, line)
    assert said in reply
    assert re.search(_picked(picked), reply) if picked else "You picked" not in reply
    assert "Which flight would you like for the outbound" in reply


def test_a_pick_in_another_cabin_on_one_leg_is_explained():
    ep = play([RT2_FIRST, "outbound 2, return 1"], RT2)  # the tester's: Premium out, Business back
    reply = _after(ep, "outbound 2, return 1")
    assert "SA2347" in reply and "same cabin" in reply and "did not catch" not in reply


@pytest.mark.parametrize("line, picked, pax", [
    ("option 1", "SA7032", None),  # near misses: one leg, as before
    ("the first one", "SA7032", None),
    ("option 1 for both of us", "SA7032", "2 passengers"),  # "both" of the people
])
def test_a_single_pick_picks_the_outbound_only(line, picked, pax):
    ep = play([RT25_FIRST, line], RT25)
    reply = _after(ep, line)
    assert f"You picked {picked} (Economy). Which flight would you like for the return?" in reply
    assert pax is None or pax in reply


@pytest.mark.parametrize("line, first, second", [
    ("first leg option 3, second leg option 3", "SA7146", "SA4876"),
    ("option 1 for the first flight and option 3 for the second flight", "SA3350", "SA4876"),
    ("leg 2 option 3, leg 1 option 1", "SA3350", "SA4876"),
])
def test_both_legs_of_a_connection_picked_in_one_message(line, first, second):
    ep = play([ML5_FIRST, line], ML5)
    assert re.search(_picked(first, second), _after(ep, line))
