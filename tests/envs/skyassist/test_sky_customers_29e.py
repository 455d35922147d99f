"""SkyAssist reference agent, fault-free, from the black-box tester ``sky-customers-4`` of the twenty-ninth
session (/work/h29/sky-customers-4/report.md H2, H12), with other phrasings of the same requests.

- H2: a booking summary for more than one passenger gives the total, whether the count was typed ("for 2")
  or said in words ("me and my husband", "me, my wife and our 5 kids"); when the customer stated a budget
  the total is over, the summary says so; a total within the budget is not called over it;
- H12: a booking is looked up only under a surname the customer gave for that booking: not the requester's
  own surname for a colleague's booking ("I don't know her surname"), nor another booking's surname for a
  second booking ("cancel BKTETFGS as well"); the agent asks for that booking's surname instead, and a
  surname given for the booking is still used.

Conversations go through ``play``, which asserts the verifiers stay silent.
"""
from __future__ import annotations

import pytest

from tests.envs.skyassist.test_sky_faults_28 import D, _calls, _said
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


OPEN = pytest.mark.xfail(strict=True, reason="H2 open (29e report): a total on a count said in words would fire B1 "
                         "where verify_counts reads other word forms ('me & the missus', 'Me plus two') otherwise")


def words(x):
    return pytest.param(x, marks=OPEN)


# --- H2. the total in every summary for more than one passenger ------------------------------------------

BUDGET = D.scenario("budget_constrained", 1004056)  # SIN-FRA 2026-09-04, option 3: SA3120 Economy $754
GROUP = D.scenario("group_booking", 1004014)  # DXB-HKG 2026-10-03, option 1: SA6403 Economy $138
PREMIUM = D.scenario("premium_cabin", 1004091)  # JFK-LAX 2026-07-31, option 1: SA2491 Business $2757


def _summary(t) -> str:
    return next(s for s in reversed(_said(t)) if s.startswith("Here is the summary"))


@pytest.mark.parametrize("who", [words("for me and my husband"), words("for my husband and me"),
                                 words("for me and my wife"), "for the two of us", "for 2"])
def test_a_summary_for_a_couple_gives_the_total(who):
    t = play([f"Singapore to Frankfurt on 4 Sept {who}", "3", "Zara Murphy"], BUDGET)
    assert "$754 per seat, $1508 in total" in _summary(t), _said(t)


@pytest.mark.parametrize("who", [words("me, my wife and our 5 kids"), words("me, my wife and our five children"),
                                 "7 of us"])
def test_a_summary_for_a_family_listed_person_by_person_gives_the_total(who):
    t = play([f"Dubai to Hong Kong oct 3, {who}", "1", "Omar Cohen"], GROUP)
    assert "$138 per seat, $966 in total" in _summary(t), _said(t)


@OPEN
def test_the_total_charged_after_yes_is_the_total_the_summary_showed():
    t = play(["Dubai to Hong Kong oct 3, me, my wife and our 5 kids", "1", "Omar Cohen", "yes"], GROUP)
    assert "$966 in total" in _summary(t) and "Total charged: $966" in _said(t)[-1], _said(t)


@pytest.mark.parametrize("who", [words("for me and my wife"), words("for my wife and I"), "for 2 people"])
def test_a_premium_summary_for_a_couple_gives_the_total(who):
    t = play([f"NY to LA july 31 {who}", "1", "Noah Yilmaz"], PREMIUM)
    assert "$2757 per seat, $5514 in total" in _summary(t), _said(t)


def test_a_summary_for_one_passenger_gives_the_fare_only():
    t = play(["NY to LA july 31, just me", "1", "Noah Yilmaz"], PREMIUM)
    assert "$2757 per seat." in _summary(t) and "in total" not in _summary(t), _said(t)


@pytest.mark.parametrize("line", [
    words("Singapore to Frankfurt on 4 Sept for me and my husband. Our budget is 1370 total, not a cent more."),
    "Singapore to Frankfurt on 4 Sept for 2, our budget is 1370 total, not a cent more.",
    "Singapore to Frankfurt on 4 Sept for 2, max $1370 all-in",
    words("Singapore to Frankfurt 4 Sept, me and my wife, we can spend at most 1370 dollars in total"),
    "Singapore to Frankfurt 4 Sept, 2 adults, we can spend at most 1370 dollars in total",
])
def test_a_summary_over_the_stated_budget_says_so(line):
    t = play([line, "3", "Zara Murphy"], BUDGET)
    s = _summary(t)
    assert "$1508 in total, which is over your budget" in s, _said(t)
    assert not _calls(t, "book_flight")


def test_a_summary_within_the_stated_budget_does_not_call_it_over():
    t = play(["Singapore to Frankfurt on 4 Sept for 2 of us. Our budget is 1600 total.", "3",
              "Zara Murphy"], BUDGET)
    s = _summary(t)
    assert "$1508 in total" in s and "over your budget" not in s, _said(t)


def test_a_summary_over_a_budget_per_seat_says_so():
    t = play(["Singapore to Frankfurt on 4 Sept for 2, at most $700 per person", "3", "Zara Murphy"], BUDGET)
    assert "over your budget per seat" in _summary(t), _said(t)


# --- H12. a lookup only under the surname given for that booking -------------------------------------------

COLLEAGUE = D.scenario("third_party_booking", 1004133)  # Ewa Adeyemi; BKFVS884 is Zara Haddad's
CANCEL = D.scenario("cancel_booking", 1004042)  # BKNPGXMT Dubois; BKTETFGS Hernandez


def _looked_up(t) -> list[tuple[str, str]]:
    return [(c["booking_id"], c["last_name"]) for c in _calls(t, "lookup_booking")]


@pytest.mark.parametrize("line", [
    "Hi, I'm Ewa Adeyemi, my colleague Zara asked me to check her booking BKFVS884 - I don't know her surname",
    "This is Ewa Adeyemi. Could you check booking BKFVS884 for my colleague Zara? Not sure of her last name",
    "Hello, my name is Ewa Adeyemi and I'm checking BKFVS884 on behalf of a friend, I don't have her surname",
])
def test_a_colleagues_booking_is_not_looked_up_under_the_requesters_surname(line):
    t = play([line], COLLEAGUE)
    assert ("BKFVS884", "Adeyemi") not in _looked_up(t), _said(t)
    assert "last name" in _said(t)[-1] or "surname" in _said(t)[-1], _said(t)


def test_a_colleagues_booking_is_looked_up_under_the_surname_given_for_it():
    t = play(["Hi, I'm Ewa Adeyemi, my colleague Zara asked me to check her booking BKFVS884", "Haddad"], COLLEAGUE)
    assert ("BKFVS884", "Haddad") in _looked_up(t), _said(t)


def test_the_requesters_own_booking_is_looked_up_under_her_surname():
    t = play(["Hi, I'm Ewa Adeyemi, can you check my booking BKCLMUOD?"], COLLEAGUE)
    assert _looked_up(t) == [("BKCLMUOD", "Adeyemi")], _said(t)


@pytest.mark.parametrize("line", ["cancel BKTETFGS as well", "and also cancel booking BKTETFGS please",
                                  "oh and BKTETFGS needs cancelling too"])
def test_a_second_booking_is_not_looked_up_under_the_first_bookings_surname(line):
    t = play(["cancel BKNPGXMT dubois", line], CANCEL)
    assert ("BKTETFGS", "Dubois") not in _looked_up(t), _said(t)
    assert "last name" in _said(t)[-1] or "surname" in _said(t)[-1], _said(t)


def test_a_second_booking_is_looked_up_under_the_surname_given_for_it():
    t = play(["cancel BKNPGXMT dubois", "cancel BKTETFGS as well, surname Hernandez"], CANCEL)
    assert ("BKTETFGS", "Hernandez") in _looked_up(t), _said(t)
