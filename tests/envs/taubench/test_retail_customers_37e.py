"""Retail customers played against the fault-free clerk (thirty-seventh session, part e).

Findings 4-7 of retail-customers-18 (/work/h36/retail-customers-18/report.md) and two more of the kind: a card the bank
cancelled ("the visa got cancelled by my bank, so use paypal") read as a cancellation of the order, its reason asked
again and again; a method said to be unusable ("the gift card on #W1 is nearly empty, put it on paypal", "my visa
expired") taken for the one to use, and "already paid with" said; a fee question with a go-ahead on its answer ("do I
pay for the label? if not, go ahead") left unanswered; a take-back taken back ("no wait forget it. actually yes do it")
read as a no; a gift card balance asked beside a request passed over; and of two items to exchange, one asked to
become another product ("swap the dumbbells for a coat and the fleece jacket for a large"): only that item's options
asked, the other dropped. Each case has the tester's words, others of the kind, and near misses that keep their old
reading; each conversation is checked for soundness (no violation, no failed turn, each write right after a yes to the
proposal that named it).
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, seed, lines):
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-37e")


# payment 23: olivia; #W7941031 (pending) on her Visa ...9182; a gift card ($56) and PayPal beside it
OLIVIA, OLIVIA_PAYPAL = "hi, olivia.ito5204@example.com", "paypal_8049766"
# payment 21: daiki; #W4843514 (pending) on his gift card ($77); Visa ...4204, Mastercard ...6934 and PayPal beside it
DAIKI, DAIKI_PAYPAL, DAIKI_MC, DAIKI_VISA = ("hi, daiki.moore1031@example.com", "paypal_6542279", "credit_card_7591273",
                                             "credit_card_5613268")
# return 22: mia; #W5544629 (delivered: bookshelf, toothbrush) on PayPal
MIA, RETURN = "hi, mia.moore8091@example.com", "return the toothbrush from #W5544629"
RETURNED = ("return_delivered_order_items", {"order_id": "#W5544629", "item_ids": ["1583904702"],
                                             "payment_method_id": "paypal_5181300"})


# --- 1. a card cancelled is no order cancelled --------------------------------------------------------------------
@pytest.mark.parametrize("ask", [
    "For #W7941031 - the visa got cancelled by my bank, so use paypal",
    "I cancelled my visa card, please move #W7941031 to paypal",
    "my credit card was canceled, can #W7941031 be paid with paypal instead",
    "the bank cancelled my card ending 9182 so please put #W7941031 on paypal",
])
def test_a_card_cancelled_is_a_payment_change(d, ask):
    t = _play(d, "payment", 23, [OLIVIA, ask, "yes"])
    _sound(t)
    assert "why you want to cancel" not in _said(t)[1], _said(t)[1]
    assert _calls(t) == [("modify_pending_order_payment", {"order_id": "#W7941031", "payment_method_id": OLIVIA_PAYPAL})]


@pytest.mark.parametrize("ask", [  # near misses: an order cancelled, the card named beside it
    "cancel #W7941031, i paid with my visa but no longer need it",
    "cancel my visa order #W7941031, ordered by mistake",
])
def test_an_order_cancelled_beside_a_card_is_still_cancelled(d, ask):
    t = _play(d, "payment", 23, [OLIVIA, ask, "yes"])
    _sound(t)
    assert [c for c, _ in _calls(t)] == ["cancel_pending_order"], _said(t)


# --- 2. a method said to be unusable is the one to leave -----------------------------------------------------------
@pytest.mark.parametrize("ask,to", [
    ("From what I remember the gift card on #W4843514 is nearly empty, put it on paypal", DAIKI_PAYPAL),
    ("#W4843514: the gift card is basically used up, can you charge my mastercard instead", DAIKI_MC),
    ("my gift card ran out, so #W4843514 should go on the visa", DAIKI_VISA),
    ("the gift card money is meant for my son, please switch #W4843514 to paypal", DAIKI_PAYPAL),
    ("#W4843514: switch to paypal from the card - I mean from the gift card", DAIKI_PAYPAL),
    ("put #W4843514 on paypal, the gift card is empty", DAIKI_PAYPAL),  # near miss, as before
])
def test_an_unusable_method_is_left_not_used(d, ask, to):
    t = _play(d, "payment", 21, [DAIKI, ask, "yes"])
    _sound(t)
    assert _calls(t) == [("modify_pending_order_payment", {"order_id": "#W4843514", "payment_method_id": to})], _said(t)


@pytest.mark.parametrize("ask", [
    "my visa expired last month, so #W7941031 should go on paypal",
    "the gift card on my account is for birthdays only, so switch #W7941031 to paypal",
])
def test_an_unusable_card_or_gift_card_is_left_for_paypal(d, ask):
    t = _play(d, "payment", 23, [OLIVIA, ask, "yes"])
    _sound(t)
    assert _calls(t) == [("modify_pending_order_payment", {"order_id": "#W7941031", "payment_method_id": OLIVIA_PAYPAL})]


def test_the_method_it_is_on_with_another_ruled_unusable_is_said(d):  # near miss: the current one is wanted
    t = _play(d, "payment", 21, [DAIKI, "put #W4843514 on the gift card, my paypal is blocked"])
    _sound(t)
    assert "#W4843514 is already paid with your gift card" in _said(t)[1], _said(t)[1]


# --- 3. a go-ahead on the answer to a fee question -----------------------------------------------------------------
@pytest.mark.parametrize("ask", [
    "do I pay for the label? if not, go ahead",
    "is the return label free? if so, go ahead",
    "is there a fee for the return label? otherwise yes, do it",
    "if the label is free, go ahead",
    "go ahead as long as I don't pay for the label",
])
def test_a_conditional_go_ahead_is_answered_and_a_plain_yes_asked(d, ask):
    t = _play(d, "return", 22, [MIA, RETURN, ask])
    _sound(t)
    assert _calls(t) == []
    reply = _said(t)[2]
    assert "There is no fee" in reply and "plain yes" in reply and "To confirm, I will return" in reply, reply
    t = _play(d, "return", 22, [MIA, RETURN, ask, "yes"])
    _sound(t)
    assert _calls(t) == [RETURNED]


def test_a_fee_question_alone_is_answered_and_the_proposal_kept(d):  # near miss: no go-ahead, no plain yes asked
    t = _play(d, "return", 22, [MIA, RETURN, "do I pay for the label?"])
    reply = _said(t)[2]
    assert "There is no fee" in reply and "plain yes" not in reply and "To confirm, I will return" in reply, reply


# --- 4. a take-back taken back in the same message ------------------------------------------------------------------
@pytest.mark.parametrize("ask", [
    "no wait forget it. actually yes do it",
    "never mind... on second thought, go ahead",
    "scratch that - no, actually yes, return it",
])
def test_a_take_back_taken_back_keeps_the_proposal_for_a_clear_yes(d, ask):
    t = _play(d, "return", 22, [MIA, RETURN, ask])
    _sound(t)
    assert _calls(t) == []
    assert "clear yes" in _said(t)[2] and "To confirm, I will return" in _said(t)[2], _said(t)[2]
    t = _play(d, "return", 22, [MIA, RETURN, ask, "yes"])
    _sound(t)
    assert _calls(t) == [RETURNED]


@pytest.mark.parametrize("ask", [  # near misses: the no comes last
    "yes do it. actually no, forget it",
    "go ahead. no wait, forget it",
    "no wait forget it",
])
def test_a_yes_taken_back_is_a_no(d, ask):
    t = _play(d, "return", 22, [MIA, RETURN, ask, "yes"])
    _sound(t)
    assert _calls(t) == []
    assert "won't make that change" in _said(t)[2], _said(t)[2]


# --- 5. a gift card balance asked beside a request ------------------------------------------------------------------
@pytest.mark.parametrize("ask,then", [
    ("what's left on my gift card? and cancel #W7941031 please", "why you want to cancel"),
    ("cancel #W7941031, no longer needed. btw what's my gift card balance?", "To confirm, I will cancel order #W7941031"),
    ("how much is on my gift card? also I need #W7941031 moved to paypal",
     "To confirm, I will change the payment of order #W7941031"),
])
def test_a_balance_beside_a_request_is_answered_and_the_request_taken_up(d, ask, then):
    t = _play(d, "payment", 23, [OLIVIA, ask, "no longer needed" if "why" in then else "yes", "yes"])
    _sound(t)
    assert len(_calls(t)) == 1, _said(t)
    assert "You have $56.00 left on it." in _said(t)[1] and then in _said(t)[1], _said(t)[1]
    assert "contains:" not in _said(t)[1], _said(t)[1]  # (no order's details for a balance asked)


def test_a_balance_beside_a_return_keeps_the_refund_on_paypal(d):
    t = _play(d, "return", 22, [MIA, "how much is left on my gift card? and return the toothbrush from #W5544629 please",
                                "yes"])
    _sound(t)
    assert "You have $70.00 left on it." in _said(t)[1], _said(t)[1]
    assert _calls(t) == [RETURNED]


# --- 6. of two items, one asked to become another product ------------------------------------------------------------
ANYA = "hi, anya.patel9309@example.com"  # exchange 39: #W6174054 (delivered) holds a vacuum, a fleece jacket (XL) and
JACKET = ("exchange_delivered_order_items",  # dumbbells, paid with her gift card
          {"order_id": "#W6174054", "item_ids": ["8590708195"], "new_item_ids": ["8733974883"],
           "payment_method_id": "gift_card_6566420"})


@pytest.mark.parametrize("ask,item,other", [
    ("swap the dumbbells for a coat and the fleece jacket for a large", "Dumbbell Set", "a coat, which we do not sell"),
    ("exchange the fleece jacket for a large, and the dumbbells for a bicycle", "Dumbbell Set", "a Bicycle"),
    ("in #W6174054 swap the vacuum for a laptop and the fleece jacket for a large", "Vacuum Cleaner", "a Laptop"),
])
def test_an_item_asked_to_become_another_product_is_refused_and_the_other_proposed(d, ask, item, other):
    t = _play(d, "exchange", 39, [ANYA, ask, "yes"])
    _sound(t)
    assert f"can't swap the {item} for {other}" in _said(t)[1], _said(t)[1]
    assert _calls(t) == [JACKET]


def test_one_item_asked_to_become_another_product_gets_its_options(d):  # near miss, as before
    t = _play(d, "exchange", 39, [ANYA, "swap the dumbbells for a coat"])
    _sound(t)
    assert "can't swap the Dumbbell Set for a coat" in _said(t)[1] and "Which option" in _said(t)[1], _said(t)[1]
    assert _calls(t) == []
