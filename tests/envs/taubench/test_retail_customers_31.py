"""Retail customers played against the fault-free clerk (thirty-first session).

From the retail-customers-8 sweep (/work/h31/retail-customers-8/report.md §1-4: writes the customer did not ask for,
each proposed and approved, so no verifier could catch them): "cancel the luggage order ... and change the address of
the bicycle order" cancelled the bicycle order; "I have 2 tablets, I want to return the gold one" returned the silver
one first; an exchange that said where to refund the difference became a return ("bike helmet" also read as the
Bicycle); "not the visa, the other card" / "anything but the visa" picked the Visa. From the consent table
(/work/h31/consent_table.md): a yes with thanks, with listed details said back, or with a separate question after it
was asked again. From faults-7 §8: trust_stated_status did not hear "still sitting in processing". Each case has the
tester's words, others of the kind, and near misses that keep their old reading; each conversation is checked for
soundness (no violation, no failed turn, each write right after a yes to the proposal that named it).
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_retail_faults_28 import _only
from tests.envs.taubench.test_unseen_retail_customers import WRITES, _calls, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, seed, lines):
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-31")


def _writes(t):
    return [(name, args.get("order_id")) for name, args in _calls(t)]


# --- §1. cancel one order and change another's address, each order named by an item it holds -----------------------
SOPHIA = "sophia martin 77034. "  # pending #W1092119 (luggage set), pending #W1603792 (bicycle, grill, ...)
LUGGAGE, BIKE = "#W1092119", "#W1603792"


@pytest.mark.parametrize("ask", [
    "hi its sophia martin 77034. cancel the luggage order, i ordered it by mistake, and change the address of the "
    "bicycle order to 44 Cedar Lane Madison WI 53703",
    SOPHIA + "please cancel the luggage order (ordered by mistake) and update the shipping address for the bike order "
             "to 44 Cedar Lane, Madison, WI 53703",
    SOPHIA + "change the address of the bicycle order to 44 Cedar Lane Madison WI 53703 and cancel the luggage order, "
             "ordered by mistake",
    SOPHIA + "cancel my luggage set order because I ordered it by mistake. Also the grill order needs to go to 44 Cedar "
             "Lane, Madison, WI 53703",
])
def test_a_cancel_and_an_address_change_each_go_to_their_own_order(d, ask):
    t = _play(d, "several_pending_edits", 3, [ask, "yes", "yes"])
    _sound(t)
    assert sorted(_writes(t)) == [("cancel_pending_order", LUGGAGE), ("modify_pending_order_address", BIKE)], _said(t)


def test_a_cancel_of_the_luggage_order_alone_cancels_that_order_only(d):
    t = _play(d, "several_pending_edits", 3, [SOPHIA + "cancel the luggage order, i ordered it by mistake", "yes"])
    _sound(t)
    assert _writes(t) == [("cancel_pending_order", LUGGAGE)]


# --- §2. a count of items ("I have 2 tablets") with the words that pick one ------------------------------------------
CHEN_S = "Hi, I'm Chen Silva, zip 46281. "  # delivered tablets: silver #W3069600, gold (dearer) #W9571698
SILVER, GOLD = "#W3069600", "#W9571698"


@pytest.mark.parametrize("ask", ["I have 2 tablets, I want to return the gold one",
                                 "I ended up with two tablets and want to send back the gold one",
                                 "Of my two tablets please return only the gold one",
                                 "I received two tablets and I only need one. I want to return the more expensive one.",
                                 "i got a couple of tablets, return the pricier one please"])
def test_of_two_tablets_the_one_described_is_returned(d, ask):
    t = _play(d, "return", 11, [CHEN_S + ask, "yes", "no"])
    _sound(t)
    assert _writes(t) == [("return_delivered_order_items", GOLD)], _said(t)


@pytest.mark.parametrize("ask", ["I received two tablets. I want to return one.", "i have two tablets, can i return one?"])
def test_of_two_tablets_one_to_return_with_nothing_that_picks_is_asked_which(d, ask):
    t = _play(d, "return", 11, [CHEN_S + ask, "yes"])
    _sound(t)
    assert _writes(t) == [] and SILVER in _said(t)[-1] and GOLD in _said(t)[-1], _said(t)


@pytest.mark.parametrize("ask", ["I want to return both my tablets", "please return my two tablets"])
def test_both_tablets_are_each_proposed(d, ask):  # near miss: a count with nothing that picks means each
    t = _play(d, "return", 11, [CHEN_S + ask, "yes", "yes"])
    _sound(t)
    assert sorted(o for _n, o in _writes(t)) == [SILVER, GOLD]


@pytest.mark.parametrize("ask", ["i have two laptops, i want to exchange the 32GB one for i7 8GB 1TB SSD",
                                 "of my two laptops, exchange the 32GB one for i7 8GB 1TB SSD"])
def test_of_two_laptops_the_one_described_is_exchanged(d, ask):
    t = _play(d, "exchange", 11, ["hi im lei wilson zip is 32255. " + ask, "yes", "no"])
    _sound(t)
    assert _writes(t) == [("exchange_delivered_order_items", "#W4073673")], _said(t)  # the 32GB laptop's order


# --- §3. an exchange that says where the price difference is refunded stays an exchange -----------------------------
CHEN_L = "im chen lopez, 98155. "  # delivered #W9360566: puzzle, helmet (M, blue, low), backpack


@pytest.mark.parametrize("ask", [
    "can i get the helmet in red instead? high ventilation. if its cheaper put the refund on paypal",
    "I'd like to swap my helmet for a red one with high ventilation, any price difference refund to paypal",
    "exchange my bike helmet for the red high ventilation one please, refund the difference to my paypal",
    "swap the helmet for the red one with high ventilation, refund any difference to paypal",
])
def test_an_exchange_with_its_refund_said_is_proposed_as_the_exchange(d, ask):
    t = _play(d, "modify_items", 11, [CHEN_L + ask, "yes"])
    _sound(t)
    calls = _calls(t)
    assert [n for n, _a in calls] == ["exchange_delivered_order_items"], _said(t)
    assert calls[0][1]["new_item_ids"] == ["8573379326"] and calls[0][1]["payment_method_id"] == "paypal_2833385"
    assert "Bicycle" not in " ".join(_said(t))


@pytest.mark.parametrize("ask", ["I want a refund for my helmet, it is too small",
                                 "return the helmet please, refund to paypal"])
def test_a_refund_asked_for_an_item_is_still_a_return(d, ask):  # near miss
    t = _play(d, "modify_items", 11, [CHEN_L + ask, "yes"])
    _sound(t)
    assert _writes(t) == [("return_delivered_order_items", "#W9360566")], _said(t)


# --- §4. a card ruled out is not the card used ------------------------------------------------------------------------
DAIKI = "ZIP 75338. Name Daiki J. Moore. I want to change how I pay for order W4843514, put it on my card"
VISA, MASTERCARD = "credit_card_5613268", "credit_card_7591273"


@pytest.mark.parametrize("answer,card", [
    ("not the visa, the other card", MASTERCARD), ("anything but the visa", MASTERCARD),
    ("don't use the mastercard", VISA), ("no visa please", MASTERCARD), ("the one that isn't the visa", MASTERCARD),
    # near misses: a card named, or corrected to
    ("the visa please", VISA), ("the visa... no wait, mastercard", MASTERCARD), ("mastercard", MASTERCARD),
])
def test_a_card_ruled_out_is_not_proposed(d, answer, card):
    t = _play(d, "payment", 21, [DAIKI, answer, "yes"])
    _sound(t)
    assert [a["payment_method_id"] for _n, a in _calls(t)] == [card], _said(t)


# --- consent table: the clerk acts on a yes with courtesy, details said back or a separate question ------------------
# (the clerk's side: the verifiers' reading of these rows is fixed beside this, in the oracle's own change, so these
# conversations check no failed turn and each write right after its proposal, not the verifiers' verdict)
def _acts_soundly(t) -> None:
    assert not t.meta.get("failed_turns"), t.meta.get("failed_turns")
    asked = ""
    for m in t.messages:
        if m["role"] == "assistant":
            for c in m.get("tool_calls") or []:
                if c["function"]["name"] in WRITES:
                    assert "To confirm, I will" in asked, asked
            asked = m.get("content") or asked


HELMET = CHEN_L + "exchange my helmet for red with high ventilation, same size, paypal"


@pytest.mark.parametrize("reply", ["Yes please, and sorry for all the back and forth!",
                                   "Yes. And thank you so much, you've been super helpful!", "Yes, the red one is perfect",
                                   "yes, exchange the helmet for the red one",
                                   "Yes, go ahead - how long does the refund usually take?"])
def test_an_exchange_is_made_at_a_yes_with_courtesy_details_or_a_question(d, reply):
    t = _play(d, "modify_items", 11, [HELMET, reply])
    _acts_soundly(t)
    assert _writes(t) == [("exchange_delivered_order_items", "#W9360566")], _said(t)
    assert "clear yes" not in _said(t)[-1]


def test_the_question_after_the_yes_is_answered(d):
    t = _play(d, "modify_items", 11, [HELMET, "Yes, go ahead - how long does the refund usually take?"])
    assert "5-7 business days" in _said(t)[-1], _said(t)


@pytest.mark.parametrize("reply", ["yes thanks, hold on a sec", "Yes, the green one", "yes but is it refundable?",
                                   "Yes, thank you, but let me check with my wife first", "yes. actually wait"])
def test_no_exchange_at_a_conditioned_or_put_off_yes(d, reply):
    t = _play(d, "modify_items", 11, [HELMET, reply])
    _acts_soundly(t)
    assert _writes(t) == [], _said(t)


def test_a_cancel_is_made_at_a_yes_that_says_the_reason_back(d):
    t = _play(d, "several_pending_edits", 3, [SOPHIA + "cancel the luggage order, i ordered it by mistake",
                                              "Yes, cancel it - it really was ordered by mistake"])
    _acts_soundly(t)
    assert _writes(t) == [("cancel_pending_order", LUGGAGE)]


@pytest.mark.parametrize("reply,n", [("Yes, switching to the mastercard is exactly what I want.", 1),
                                     ("yes thanks, have a good one", 1), ("yes but to my paypal instead", 0)])
def test_a_payment_change_at_a_yes_with_the_method_said_back(d, reply, n):
    t = _play(d, "payment", 21, [DAIKI, "mastercard", reply])
    _acts_soundly(t)
    assert len(_calls(t)) == n, _said(t)


# --- faults-7 §8: trust_stated_status hears "still sitting in processing" -----------------------------------------------
@pytest.mark.parametrize("seed", [1000005, 1000017])
@pytest.mark.parametrize("ask", [
    "Order {pending_order_id} is still sitting in processing, could you change the delivery address to {new_address}?",
    "{pending_order_id} is stuck in processing, please ship it to {new_address} instead",
    "{pending_order_id} still shows as pending on my end, please send it to {new_address}",
])
def test_trust_stated_status_hears_a_status_said_in_other_words(d, seed, ask):
    _only(d, "address", seed, ["Hi, my email is {email}.", ask, "yes"], "trust_stated_status", "R4")
