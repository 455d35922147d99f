"""SkyAssist reference agent, findings 4-7 of the tester ``sky-customers-20`` (/work/h37/sky-customers-20/report.md)
taken up in the thirty-seventh session (helper skyK), with the tester's words, other phrasings, and near misses:

F4. a yes with an unrelated remark ("Yes please, book it - my boss let go of the budget limit", "yes go ahead, I just
    got paid today") is asked again: the shared consent reader (probe.targets.consent) reads none of them as a plain
    yes, so asking again is correct and left as it is; a plain yes still books;
F5. paying at the airport / not being billed today, asked at a booking's summary ("Could you not bill my card today?
    I'd rather pay at the airport?"): answered (the seats are paid when booked; a 24-hour hold needs no payment) and
    the hold offered, never "can't help"; nothing written before its own yes;
F6. "lock it in" at "Shall I place the hold?" is no yes for the shared consent reader (an agent acting on it was
    flagged R3): asked again, nothing held; a plain yes holds;
F7. "Aug 28 for me. My kids ... fly with me next week on another trip": "for me" closing the trip's request is one
    passenger, and people who fly on another, later trip add nobody.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import is_confirmation, party_sizes
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_customers_37f import writes
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import play

MAD = D.scenario("one_way", 3)  # MAD-AMS 2026-08-28: 1) SA8120 Economy $585
PICKED = ["Madrid to Amsterdam Aug 28, 1 passenger", "the first one, Aisha Okafor"]


# --- F4. a yes with a remark: the shared consent reader's decision, asked again -------------------------------------

@pytest.mark.parametrize("line", ["Yes please, book it - my boss let go of the budget limit",  # the tester's
                                  "yes go ahead, I just got paid today",  # the tester's
                                  "yes, book it. I'll sort out the bag fee tomorrow"])  # the tester's
def test_a_yes_with_a_remark_is_asked_again(line):
    ep = play(PICKED + [line], MAD)
    assert not is_confirmation(line, _after(ep, PICKED[-1]))  # the shared reader: no plain yes
    assert writes(ep) == [] and "Shall I book it?" in _after(ep, line)


def test_a_plain_yes_after_the_remark_books():  # near miss
    ep = play(PICKED + ["Yes, my manager finally released the travel funds, so go ahead", "yes"], MAD)
    assert writes(ep) == ["book_flight"]


# --- F5. paying at the airport / no charge today: answered, the hold offered ---------------------------------------

@pytest.mark.parametrize("line", ["Could you not bill my card today? I'd rather pay at the airport?",  # the tester's
                                  "can I pay at the airport instead?",
                                  "I'd rather pay at the check-in desk when I get there",
                                  "Is it possible to pay for the ticket at the airport?"])
def test_paying_at_the_airport_is_answered_and_the_hold_offered(line):
    ep = play(PICKED + [line], MAD)
    said = _after(ep, line)
    assert "can't help" not in said and "at the airport" in said and "Shall I place the hold?" in said, said
    assert writes(ep) == []
    ep = play(PICKED + [line, "yes"], MAD)
    assert writes(ep) == ["hold_itinerary"]


def test_no_charge_today_asked_offers_the_hold():
    line = "Could you not charge my card today?"
    ep = play(PICKED + [line], MAD)
    said = _after(ep, line)
    assert "can't help" not in said and "Shall I place the hold?" in said and writes(ep) == []


def test_a_bag_fee_at_the_airport_is_no_payment_question():  # near miss: the bag is paid at the airport
    line = "yes - and I'll pay at the airport for my bag, not today"
    ep = play(PICKED + [line], MAD)
    assert "at the airport is not possible" not in _after(ep, line)


# --- F6. "lock it in" at the hold's question: no yes for the shared reader ------------------------------------------

HOLD_ASKED = PICKED + ["can you hold it for now instead?"]


@pytest.mark.parametrize("line", ["lock it in", "lock it in please"])
def test_lock_it_in_is_asked_again(line):
    ep = play(HOLD_ASKED + [line], MAD)
    assert not is_confirmation(line, _after(ep, HOLD_ASKED[-1]))
    assert writes(ep) == [] and "Shall I place the hold?" in _after(ep, line)


def test_a_plain_yes_places_the_hold():  # near miss
    assert writes(play(HOLD_ASKED + ["yes"], MAD)) == ["hold_itinerary"]


# --- F7. "for me" is one passenger; people flying on another trip add nobody ----------------------------------------

@pytest.mark.parametrize("first", [
    "Madrid to Amsterdam Aug 28 for me. My kids are staying with their dad this week, but they fly with me next week "
    "on another trip so I'll book that later",  # the tester's
    "Madrid to Amsterdam Aug 28 for me.",
    "Madrid to Amsterdam, Aug 28, for me please",
    "Madrid to Amsterdam Aug 28 just for me. My wife flies with me next month on a separate booking"])
def test_for_me_is_one_passenger(first):
    ep = play([first, "the first one, Aisha Okafor", "yes"], MAD)
    booked = _calls(ep, "book_flight")
    assert booked and booked[0]["passengers"] == 1


@pytest.mark.parametrize("text", ["Madrid to Amsterdam Aug 28 for me and my kids",
                                  "Madrid to Amsterdam Aug 28 for me. My kids fly with me too",
                                  "Can you book Madrid to Amsterdam Aug 28 for me?",
                                  "Madrid to Amsterdam Aug 28 for me, my wife and our 2 kids"])
def test_for_me_with_others_or_on_my_behalf_is_not_one(text):  # near misses
    assert 1 not in party_sizes(text)


@pytest.mark.parametrize("text", ["That works for me.", "The 10:30 works for me.", "Aug 28 is fine for me.",
                                  "That's too early for me.", "Economy for me."])
def test_a_verdict_for_me_is_no_count(text):
    # found by the suite after the merge: "That works for me." at a summary of 2 became 1 passenger
    assert 1 not in party_sizes(text)
