"""Retail customers played against the fault-free clerk (thirtieth session, second pass), in the tester's words and others.

The cases come from what retail-customers-6 (/work/h30/retail-customers-6/report.md, b*.py) left after the first
fixes (test_retail_customers_30.py): §8 c31 "a smaller bottle" of perfume read as the Water Bottle, c16 a status
question beside a cancellation read as a second cancellation, c14 "leather is fine" at a closest-option proposal
answered "Before you go", c60 a general policy question ending in "Which order is this about?", c58 "the heavier set"
not proposed, c06 a closest option chosen without the note (when the gift card could not pay for it); §7 c46 "what about
paypal" with PayPal already the method; the noticed "exchange both backpacks for black ones" turning two different
items into one option without a word; c30 a bare "yes" to "Which option ...?" with one option, and a "no" there that
dropped the whole request. Each case has its compliant twin, and every conversation is checked for soundness (no
failed turn, no verifier violation, each write right after a yes to the proposal that named it).
"""

from __future__ import annotations

import pytest

from envs.taubench.database import base_db
from envs.taubench.language import item_mentions, read
from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _said, _sound

MOHAMED = "mohamed.lee1888@example.com"  # held-out 911: pending #W6302827 (boots), delivered #W6114312, #W7913362
LEI = "lei.li8350@example.com"  # held-out 915: #W5166363 (laptop) paid with PayPal
AARAV = "aarav.santos2789@example.com"  # held-out 920: delivered #W8309293 (perfume woody 100ml men, keyboard, phone)
WILSON = "aarav.wilson8531@example.com"  # held-out 912: Espresso Machine (15 bar, 1L, manual), gift card $67


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, seed, lines, faults=()):
    sc = d.scenario(family, d.heldout_seeds[seed])
    return play_messages(d, sc, d.make_target("reference", list(faults)), lines, "customers-30b")


# --- c31 / c58: another size asked for by comparison ------------------------------------------------------------------
@pytest.mark.parametrize("said", ["exhange my perfume for a smaller bottle pls", "swap the perfume for a smaller bottle",
                                  "can i exchange my perfume for a smaller one"])
def test_a_smaller_bottle_of_perfume_is_the_perfume_in_a_smaller_size(d, said):
    t = _play(d, "exchange", 920, [AARAV, said, "yes", "no"])
    assert not any("Water Bottle" in s for s in _said(t)), _said(t)
    calls = _calls(t)
    assert [n for n, _ in calls] == ["exchange_delivered_order_items"], _said(t)
    assert "(woody, 30ml, men" in _said(t)[1] and "Perfume" in _said(t)[1]
    _sound(t)


def test_the_water_bottle_is_still_found_by_its_word():
    assert [n for _, _, n, _ in item_mentions("return my bottle", ["Perfume", "Water Bottle"])] == ["Water Bottle"]
    assert [n for _, _, n, _ in item_mentions("exchange my perfume for a smaller bottle",
                                              ["Perfume", "Water Bottle"])] == ["Perfume"]


@pytest.mark.parametrize("said", ["the dumbbells are too light, can i swap them for the heavier set",
                                  "exchange my dumbbell set for a heavier one please"])
def test_the_heavier_set_is_proposed_with_the_closest_note(d, said):
    t = _play(d, "exchange", 911, [MOHAMED, said, "yes", "no"])
    assert "-> (55-75 lbs, urethane, adjustable" in _said(t)[1], _said(t)
    assert "Please note" in _said(t)[1] and "urethane instead of rubber" in _said(t)[1]
    assert [n for n, _ in _calls(t)] == ["exchange_delivered_order_items"]
    _sound(t)


def test_a_comparison_that_picks_the_item_is_no_new_size(d):
    # "the bigger backpack" says which item, not which new option: asked, not a larger size proposed
    t = _play(d, "exchange", 911, [MOHAMED, "exchange the bigger backpack", "no"])
    assert "Which option would you like for the Backpack (grey, large" in _said(t)[1], _said(t)


# --- c06: the closest option is said to be one, also when the gift card then cannot pay for it ---------------------------
@pytest.mark.parametrize("said", ["could i swap my espresso machine for the 2L version? same everything else",
                                  "exchange the espresso machine for a 2L one"])
def test_a_closest_substitution_refused_for_the_balance_still_says_it_is_the_closest(d, said):
    t = _play(d, "exchange", 912, [WILSON, said, "yes", "no"])
    assert "doesn't cover that" in _said(t)[1], _said(t)
    assert "Please note" in _said(t)[1] and "instead of 15 bar" in _said(t)[1], _said(t)[1]
    assert _calls(t) == []
    _sound(t)


def test_an_exact_option_refused_for_the_balance_gets_no_closest_note(d):
    t = _play(d, "exchange", 912, [WILSON, "exchange the espresso machine for the 19 bar 2L manual one", "no"])
    assert "Please note" not in _said(t)[1], _said(t)[1]


# --- c14: a part of the proposal accepted is no goodbye -----------------------------------------------------------------
BOOTS = "the hiking boots i ordered are gonna be too big, can you change them to a size 11"


@pytest.mark.parametrize("ok", ["leather is fine", "the leather one works for me", "ok leather sounds good"])
def test_an_option_said_to_be_fine_is_asked_for_a_clear_yes_not_seen_off(d, ok):
    t = _play(d, "modify_items", 911, [MOHAMED, BOOTS, ok, "yes", "no"])
    assert "Before you go" not in _said(t)[2] and "clear yes" in _said(t)[2], _said(t)[2]
    assert [n for n, _ in _calls(t)] == ["modify_pending_order_items"]
    _sound(t)


def test_thanks_at_a_proposal_is_still_told_nothing_was_done(d):
    t = _play(d, "modify_items", 911, [MOHAMED, BOOTS, "perfect, thanks", "no"])
    assert "haven't" in _said(t)[2] and _calls(t) == [], _said(t)


# --- c16: a status question beside a cancellation -------------------------------------------------------------------------
@pytest.mark.parametrize("said", [
    "two things: cancel the order with the boots (ordered it by mistake) and also has my umbrella order arrived?",
    "cancel my boots order, i ordered it by mistake. also, has the umbrella arrived yet?"])
def test_a_status_question_beside_a_cancellation_is_answered_not_cancelled(d, said):
    t = _play(d, "cancel", 911, [MOHAMED, said, "yes", "no"])
    assert "can't be cancelled" not in _said(t)[1] and "#W6114312 is delivered" in _said(t)[1], _said(t)[1]
    assert _calls(t) == [("cancel_pending_order", {"order_id": "#W6302827", "reason": "ordered by mistake"})]
    _sound(t)


def test_two_cancellations_asked_for_are_both_taken_up(d):
    t = _play(d, "cancel", 911, [MOHAMED, "cancel the boots order and the umbrella order, ordered by mistake", "yes", "no"])
    assert "#W6114312 was already delivered" in _said(t)[1], _said(t)[1]


# --- c60: a policy question with no order in it -------------------------------------------------------------------------
@pytest.mark.parametrize("q", ["do you charge a restocking fee for returns? and how long does a refund take?",
                               "is there a fee for returns?", "how long does a refund take after a return?"])
def test_a_general_policy_question_does_not_ask_which_order(d, q):
    t = _play(d, "info_only", 911, [MOHAMED, q, "ok thanks, bye"])
    assert "Which order" not in _said(t)[1] and "Is there anything else" in _said(t)[1], _said(t)[1]
    _sound(t)


def test_a_question_with_a_return_asked_for_goes_on_to_the_return(d):
    t = _play(d, "return", 911, [MOHAMED, "how long does a refund take? i want to return the umbrella", "no"])
    assert "Refunds reach" in _said(t)[1] and ("Patio Umbrella" in _said(t)[1] or "umbrella" in _said(t)[1].lower())


# --- c46: another method put forward that pays the order already ---------------------------------------------------------
@pytest.mark.parametrize("alt", ["ok what about paypal", "how about my paypal then?"])
def test_what_about_the_method_in_use_says_it_is_in_use(d, alt):
    t = _play(d, "payment", 915, ["hi this is lei li from 85033", "i want to use my gift card for the laptop order", alt,
                                  "no leave it then", "bye"])
    assert "already paid with your PayPal account" in _said(t)[2], _said(t)[2]
    assert "contains" not in _said(t)[2] and _calls(t) == []
    _sound(t)


def test_what_about_another_method_proposes_it(d):
    t = _play(d, "payment", 915, ["hi this is lei li from 85033", "i want to use my gift card for the laptop order",
                                  "what about the visa", "yes", "no"])
    assert _calls(t) == [("modify_pending_order_payment", {"order_id": "#W5166363",
                                                           "payment_method_id": "credit_card_4466831"})]
    _sound(t)


def test_what_about_paypal_is_no_question_of_fact():
    assert "info" not in read("ok what about paypal", base_db()).intents
    assert "info" in read("what about paypal, can i still pay with it?", base_db()).intents


# --- two different items turned into one option ------------------------------------------------------------------------
def test_two_different_items_becoming_one_option_are_said_so(d):
    t = _play(d, "exchange", 911, [MOHAMED, "exchange both backpacks for black ones", "no"])
    assert "both Backpack items, which are different options now, would become the same option" in _said(t)[1], _said(t)


def test_two_items_to_different_options_get_no_such_note(d):
    t = _play(d, "exchange", 911, [MOHAMED, "exchange the bigger backpack for a black one", "no"])
    assert "would become the same option" not in _said(t)[1] and "To confirm" in _said(t)[1], _said(t)


# --- c30: an answer to "Which option ...?" with one option listed ---------------------------------------------------------
C30 = "the keyboard i got, i want the same one but with a white backlight, and the phone i'd like in 256GB instead"


@pytest.mark.parametrize("yes", ["yes", "ok that one"])
def test_yes_to_which_option_with_one_option_picks_it(d, yes):
    t = _play(d, "exchange", 920, [AARAV, C30, yes, "yes", "no"])
    assert "Smartphone (black, 128GB, 8GB, 5.8-inch, $1,157.86) -> (black, 128GB, 4GB, 6.5-inch" in _said(t)[2], _said(t)
    calls = _calls(t)
    assert [n for n, _ in calls] == ["exchange_delivered_order_items"] and len(calls[0][1]["item_ids"]) == 2
    _sound(t)


@pytest.mark.parametrize("no", ["no", "nah"])
def test_no_to_which_option_drops_only_that_item(d, no):
    t = _play(d, "exchange", 920, [AARAV, C30, no, "yes", "no"])
    assert "leave the Smartphone as it is" in _said(t)[2] and "Mechanical Keyboard" in _said(t)[2], _said(t)
    calls = _calls(t)
    assert [n for n, _ in calls] == ["exchange_delivered_order_items"] and len(calls[0][1]["item_ids"]) == 1
    _sound(t)


def test_no_to_which_option_of_the_only_item_drops_the_request(d):
    t = _play(d, "exchange", 920, [AARAV, "exchange the phone for 256GB", "no", "no"])
    assert "left order #W8309293 as it is" in _said(t)[2] and _calls(t) == [], _said(t)
