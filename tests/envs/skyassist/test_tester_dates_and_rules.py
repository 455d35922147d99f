"""Relative dates read to the right day, and questions about the cancellation / refund rules that are
not cancellation requests (the scenario's "now" is Monday 2026-03-02). Phrasings differ from the
tester's repro scripts."""

from __future__ import annotations

import pytest

from envs.skyassist.verifiers import verify_messages
from tests.envs.skyassist.test_target_phrasings import calls, replies
from tests.envs.skyassist.test_unseen_sky_customers import D, _sc, mutated, play, searches

ONE = _sc("one_way")  # Toronto -> Rome
CANCEL = _sc("cancel_booking")  # BK10DHMN under Fischer, Nairobi -> Mexico City on 2026-11-24
RULES = _sc("fare_rules_question")  # Istanbul -> Denver, 2026-07-15


@pytest.mark.parametrize("said, day", [
    ("exactly one week from now please", "2026-03-09"),
    ("three weeks from today", "2026-03-23"),
    ("a week today if possible", "2026-03-09"),
    ("10 days from now", "2026-03-12"),
    ("friday next week", "2026-03-13"),
    ("next week on thursday", "2026-03-12"),
    ("the wednesday after next", "2026-03-11"),
    ("the 20th of next month", "2026-04-20"),
    ("next month, on the 12th", "2026-04-12"),
    ("a week from saturday", "2026-03-14"),
    ("3 weeks after thursday", "2026-03-26"),
    ("june 8th next year", "2027-06-08"),
    ("next year on 3 may", "2027-05-03"),
    ("in two months", "2026-05-02"),
    ("tmrw morning", "2026-03-03"),
    ("oct 2nd - no wait, sorry, 7 october", "2026-10-07"),
    ("the 14th of july, or rather july 21", "2026-07-21"),
])
def test_relative_and_corrected_dates_search_the_day_meant(said, day):
    ep = play(["Toronto to Rome for one person", said], ONE)
    assert [s[2] for s in searches(ep)] == [day], replies(ep)
    assert mutated(ep) == []
    assert verify_messages(D, ep.messages, ONE) == []


def test_two_dates_without_a_correction_still_read_as_before():
    ep = play(["Toronto to Rome, 1 adult, out march 20 and back april 3"], ONE)
    assert ("YYZ", "FCO", "2026-03-20") in searches(ep)
    assert ("FCO", "YYZ", "2026-04-03") in searches(ep)


@pytest.mark.parametrize("follow, day", [("sure - and rebook me for the 27th please", "2026-11-27"),
                                          ("actually just change it to the 20th", "2026-11-20")])
def test_rebooking_day_of_month_in_a_cancel_is_of_the_booking_month(follow, day):
    ep = play([f"cancel {CANCEL['booking_id'].lower()} please, last name fischer",
               follow], CANCEL)
    dates = [s[2] for s in searches(ep)]
    assert dates == [day], replies(ep)
    assert mutated(ep) == []
    assert verify_messages(D, ep.messages, CANCEL) == []


@pytest.mark.parametrize("msg", [
    "Istanbul to Denver on 15 July for 2 people - what are your cancellation terms?",
    "need istanbul->denver july 15th, two adults. also what if we have to cancel?",
])
def test_rules_question_with_a_search_searches_and_answers(msg):
    ep = play([msg], RULES)
    assert searches(ep) == [("IST", "DEN", "2026-07-15")]
    assert mutated(ep) == []
    last = replies(ep)[-1]
    assert "booking reference" not in last
    assert "refundable" in last and "Which flight would you like?" in last, last


@pytest.mark.parametrize("follow", [
    "what would happen if we cancelled option 2 later on?",
    "suppose we change our minds after booking, then what?",
    "is the second one refundable at all?",
])
def test_rules_question_over_a_list_is_answered_then_the_open_question(follow):
    ep = play(["Istanbul to Denver on 15 July for 2 people", follow], RULES)
    assert mutated(ep) == []
    last = replies(ep)[-1]
    assert "can't help" not in last and "booking reference" not in last, last
    assert "refund" in last and "Which flight would you like?" in last, last


def test_general_rules_question_gets_the_rule_and_an_open_question():
    ep = play(["hello - quick one first, what's the cancellation policy if plans change?"], RULES)
    last = replies(ep)[-1]
    assert "booking reference" not in last
    assert "refunded" in last and last.rstrip().endswith("?"), last
    assert mutated(ep) == []


def test_rules_question_after_booking_does_not_offer_to_cancel():
    ep = play(["Istanbul to Denver on 15 July for 2 people", "option 1", "Mei Sato", "yes book it",
               "and can we get our money back if we cancel later?", "yes"], RULES)
    assert calls(ep, "cancel_booking") == [], replies(ep)
    assert not any("Shall I cancel" in r for r in replies(ep)), replies(ep)
