"""SkyAssist reference agent, findings 1, 5 and 6 of /work/h38/sky-customers-23 taken up in the thirty-eighth session
(helper skyO), with the testers' words, other phrasings, and the near misses that keep their old reading:

O1. a day that belongs to someone not on this booking (a colleague landing the day after, parents flying later on their
    own tickets, a son coming tomorrow on his own booking) or to money coming in ("my wages come in on the 5th", "my
    husband gets back on March 5 so he will pay then") is no travel or return date, and the pick stays;
O5. people who go another way (another carrier, driving, flights through the company, "flying Emirates with their
    dad") are not counted;
O6. a decision aside beside a hold ("I confirm with my wife tonight", "I decide by tomorrow") is no date and no put-off:
    the hold is offered.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_sky_customers_37f import writes
from tests.envs.skyassist.test_sky_faults_28 import D
from tests.envs.skyassist.test_target_phrasings import replies
from tests.envs.skyassist.test_unseen_sky_customers import play, searches

FLEX = D.scenario("flexible_dates", 2304)  # SFO-DXB 2026-03-04: 1) SA1987 2) SA0392
GROUP = D.scenario("group_booking", 2301)  # JFK-DXB 2026-12-10
BUDGET = D.scenario("budget_constrained", 2309)  # DOH-FRA 2026-07-23: 2) SA7498


# --- O1. someone else's day is no travel date ---------------------------------------------------------------------

@pytest.mark.parametrize("reply", [
    "just me. my parents are flying the day after, they sorted their own tickets",
    "only me - my wife joins me on march 5 on her own ticket",
    "just the one seat, my son comes tomorrow on his own booking",
    "only myself, my wife and kids come a week later on a different reservation",
    "1 please. my wages come in on the 5th so hold it",
    "number one - my husband gets back on March 5 so he will pay then",
])
def test_a_day_of_someone_else_is_no_travel_date(reply):
    p = parse(reply, D.db)
    assert p.dates == [] and p.return_date is None and p.shift_days is None


@pytest.mark.parametrize("reply, dates", [
    ("book for my mother, she flies on March 5", ["2026-03-05"]),  # a booking for her: her day is the trip's
    ("my son flies alone on March 5, can you book him", ["2026-03-05"]),
    ("my wife and I fly on March 5", ["2026-03-05"]),
    ("just me, flying March 5", ["2026-03-05"]),
    ("book me on March 5, my husband flies March 7 on his own ticket", ["2026-03-05"]),
    ("I need Doha to Frankfurt tomorrow, I'll pay by card", ["2026-03-03"]),
])
def test_the_travellers_own_day_is_kept(reply, dates):  # near misses
    assert parse(reply, D.db).dates == dates


def test_the_day_after_of_a_colleague_keeps_the_pick():
    ep = play(["Hi, I want to fly San Francisco to Dubai on March 4, 2 people, Ravi Bianchi",
               "the first. my colleague lands the day after, she's sorted", "yes"], FLEX)
    assert [s[2] for s in searches(ep)] == ["2026-03-04"] and writes(ep) == ["book_flight"]
    assert "SA1987" in replies(ep)[-1]


def test_parents_flying_the_day_after_search_no_new_day():
    ep = play(["Hi, I want to fly San Francisco to Dubai on March 4",
               "just me. my parents are flying the day after, they sorted their own tickets", "Ravi Bianchi", "1",
               "yes"], FLEX)
    assert [s[2] for s in searches(ep)] == ["2026-03-04"] and "SA1987" in replies(ep)[-1]


def test_the_day_after_asked_for_still_searches_it():  # near miss
    ep = play(["Hi, I want to fly San Francisco to Dubai on March 4, 2 people, Ravi Bianchi", "the day after please"],
              FLEX)
    assert [s[2] for s in searches(ep)] == ["2026-03-04", "2026-03-05"]


# --- O5. people going another way are not counted ------------------------------------------------------------------

@pytest.mark.parametrize("reply", [
    "book for me; my 3 teammates fly with another carrier",
    "a seat for me please, my 2 kids are flying Emirates with their dad",
    "me. my 2 colleagues are driving",
    "just mine - the 3 others in my team have their flights through the company",
    "for me only. my husband and son go on a different airline",
])
def test_people_going_another_way_are_not_counted(reply):
    ep = play(["hi there, need flights New York to Dubai on Dec 10", reply], GROUP)
    assert "Noted, 1 passenger." in replies(ep)[-1]


@pytest.mark.parametrize("reply, n", [
    ("me and my wife, our 2 kids fly with another airline", 2),
    ("me and 3 teammates", 4),
])
def test_those_flying_with_us_are_still_counted(reply, n):  # near misses
    ep = play(["hi there, need flights New York to Dubai on Dec 10", reply], GROUP)
    assert f"Noted, {n} passengers." in replies(ep)[-1]


# --- O6. a decision aside beside a hold --------------------------------------------------------------------------

TRIP = "Salam. Malik Novak. Doha to Frankfurt, 23 July, max 840 dollar"


@pytest.mark.parametrize("reply", ["put it on hold, I confirm with my wife tonight",
                                   "can you hold it? I'll talk to my wife tonight"])
def test_a_hold_with_a_decision_tonight_is_noted(reply):
    ep = play([TRIP, "2", reply, "just me", "yes"], BUDGET)
    assert len(searches(ep)) == 1 and "Noted, I will place a hold" in replies(ep)[2]
    assert writes(ep) == ["hold_itinerary"]


@pytest.mark.parametrize("reply", ["hold please, I decide by tomorrow", "please hold it, I'll know by tomorrow",
                                   "hold pls, we decide tonight"])
def test_a_hold_at_the_summary_with_a_decision_aside_is_offered(reply):
    ep = play([TRIP.replace("23 July,", "23 July, just me,"), "2", reply], BUDGET)
    assert "Shall I place the hold?" in replies(ep)[-1] and "SA7498" in replies(ep)[-1] and writes(ep) == []


def test_a_plain_put_off_at_the_summary_is_still_one():  # near miss
    ep = play([TRIP.replace("23 July,", "23 July, just me,"), "2", "I decide by tomorrow"], BUDGET)
    assert "take your time" in replies(ep)[-1] and writes(ep) == []
