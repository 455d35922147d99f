"""Retail customers played against the fault-free clerk (thirty-seventh session, part i).

Findings 4, 7, 8, 6 and 9 of retail-customers-20 (/work/h37/retail-customers-20/report.md): a "no" that only corrects
a cancellation's reason read as a decline; an order named in a keep phrase ("don't cancel order #W1, just pay with my
mastercard", "hold on to order #W1") lost; an item kept beside the answer to "Which option ...?" ("12, keep the boots
synthetic", "8 - and keep the action camera as is") losing the answer; "let me check my other order first" read as
"the other order" meant; and a fee answer at an exchange speaking of cancellations and returns. Each case has the
tester's words, others of the kind, and near misses that keep their old reading; each conversation is checked for
soundness (no violation, no failed turn, each write right after a yes to the proposal that named it).
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-37i")


# payment 5: emma; #W9903153 pending, on another method than her Mastercard ending 6380
EMMA = "hi, emma.santos7683@example.com"
CANCEL = "please cancel order #W9903153, I ordered it by mistake"
NOT_NEEDED = "To confirm, I will cancel order #W9903153 because it is 'no longer needed'"


# --- 4. a "no" that corrects the reason is proposed again with that reason -------------------------------------------
@pytest.mark.parametrize("answer", [
    "no, the reason is that I no longer need it",
    "no wait forget it. actually yes, but make the reason no longer needed",
    "no wait, forget the mistake bit - actually I just no longer need it. yes",
    "no, it's not a mistake, I just don't need it anymore",
])
def test_a_no_that_corrects_the_reason_proposes_it_again(d, answer):
    t = _play(d, "payment", 5, [EMMA, CANCEL, answer])
    _sound(t)
    assert _calls(t) == [] and _said(t)[-1].startswith(NOT_NEEDED), _said(t)[-1]
    t = _play(d, "payment", 5, [EMMA, CANCEL, answer, "yes"])
    _sound(t)
    assert _calls(t) == [("cancel_pending_order", {"order_id": "#W9903153", "reason": "no longer needed"})]


def test_the_other_way_round(d):
    t = _play(d, "payment", 5, [EMMA, "cancel order #W9903153, I no longer need it",
                                "no, the reason is I ordered it by mistake"])
    _sound(t)
    assert _said(t)[-1].startswith("To confirm, I will cancel order #W9903153 because it is 'ordered by mistake'")


@pytest.mark.parametrize("answer", ["no", "no, I changed my mind", "no, I don't want it cancelled",
                                    "no, don't cancel it, I still need it", "no, keep it, I don't need a refund"])
def test_a_plain_no_still_declines(d, answer):  # near misses: as before
    t = _play(d, "payment", 5, [EMMA, CANCEL, answer, "yes"])
    _sound(t)
    assert _calls(t) == [] and "I won't make that change" in _said(t)[-2], _said(t)


# --- 7. the order kept is the one the payment or address change is for ---------------------------------------------
@pytest.mark.parametrize("ask", [
    "Please don't cancel order #W9903153, just pay with my mastercard instead",
    "hold on to order #W9903153 and pay it with the mastercard",
    "the bank cancelled my old card and sent a new one. keep order #W9903153 going, put it on the mastercard",
    "I don't want to cancel #W9903153 - switch its payment to the mastercard",
])
def test_an_order_kept_is_the_one_changed(d, ask):
    t = _play(d, "payment", 5, [EMMA, ask])
    _sound(t)
    assert _said(t)[-1].startswith("To confirm, I will change the payment of order #W9903153"), _said(t)[-1]
    assert "Mastercard" in _said(t)[-1]


def test_an_order_kept_beside_another_named_is_left(d):  # near miss: the other order is the one changed
    t = _play(d, "payment", 5, [EMMA, "keep order #W9903153, pay #W1620235 with the mastercard"])
    _sound(t)
    assert "#W9903153" not in _said(t)[-1], _said(t)[-1]


# --- 8. an item kept beside the answer to "Which option ...?" keeps the answer ---------------------------------------
FATIMA = "hi, fatima.johnson2300@example.com"
BOOTS = "I'd like to change the hiking boots in order #W5199551 to a different size"


@pytest.mark.parametrize("answer, size", [
    ("12 I guess, keep the boots synthetic", "12"),
    ("12, keep the boots otherwise the same", "12"),
    ("8 - and keep the action camera as is", "8"),
    ("size 8. the camera stays", "8"),
    ("8. the kettle stays", "8"),
    ("size 12 please, and leave the helmet alone", "12"),
    ("12 please, keep them synthetic", "12"),  # (worked before)
])
def test_a_kept_item_beside_the_answer_keeps_the_pick(d, answer, size):
    t = _play(d, "modify_items", 2, [FATIMA, BOOTS, answer])
    _sound(t)
    reply = _said(t)[-1]
    assert reply.startswith("To confirm, I will modify these items of order #W5199551: Hiking Boots") and \
        f"-> ({size}, synthetic" in reply and "Action Camera" not in reply and "Kettle" not in reply, reply


@pytest.mark.parametrize("answer", ["actually keep the boots as they are", "never mind, keep the boots"])
def test_the_item_itself_kept_still_drops_the_change(d, answer):  # near misses: as before
    t = _play(d, "modify_items", 2, [FATIMA, BOOTS, answer])
    _sound(t)
    assert "To confirm" not in _said(t)[-1] and "left order #W5199551 as it is" in _said(t)[-1], _said(t)[-1]


# --- 6. "let me check my other order first" is a pause ---------------------------------------------------------------
YUSUF = "hi, I'm Yusuf Rossi, zip 19122"
KEYBOARD = "I want to exchange the mechanical keyboard in order #W2378156 for one with clicky switches, same everything else"


@pytest.mark.parametrize("answer", [
    "no other items that I know of, let me check my other order first",
    "let me check my other order first",
    "wait, let me look at my other order",
    "hold on, I need to check the other order",
])
def test_checking_the_other_order_is_a_pause(d, answer):
    t = _play(d, "exchange", 1, [YUSUF, KEYBOARD, answer])
    _sound(t)
    reply = _said(t)[-1]
    assert "take your time" in reply and "#W6679257" not in reply and \
        reply.split("take your time")[1].removeprefix("; nothing has been changed.").lstrip().startswith(
            "To confirm, I will exchange these items of order #W2378156"), reply
    t = _play(d, "exchange", 1, [YUSUF, KEYBOARD, answer, "yes"])
    _sound(t)
    assert [n for n, _a in _calls(t)] == ["exchange_delivered_order_items"]


@pytest.mark.parametrize("answer", ["no, the other order", "wait, not that order"])
def test_the_other_order_meant_is_still_looked_at(d, answer):  # near misses: as before
    t = _play(d, "exchange", 1, [YUSUF, KEYBOARD, answer])
    _sound(t)
    assert "#W6679257" in _said(t)[-1] and _calls(t) == [], _said(t)[-1]


# --- 9. a fee asked at an exchange is answered with the exchange's price difference ---------------------------------
@pytest.mark.parametrize("ask", ["if it's free, great; either way go ahead", "is there a fee? if not, go ahead",
                                 "is there a fee for this?"])
def test_a_fee_at_an_exchange_is_its_price_difference(d, ask):
    t = _play(d, "exchange", 1, [YUSUF, KEYBOARD, ask])
    _sound(t)
    reply = _said(t)[-1]
    head = reply.split("To confirm")[0]
    assert _calls(t) == [] and "exchange" in head and "$34.85 back" in head and "cancellation" not in head, reply
    t = _play(d, "exchange", 1, [YUSUF, KEYBOARD, ask, "yes"])
    _sound(t)
    assert [n for n, _a in _calls(t)] == ["exchange_delivered_order_items"]


def test_a_fee_at_a_cancellation_keeps_its_answer(d):  # near miss: as before
    t = _play(d, "payment", 5, [EMMA, CANCEL, "is there a fee? if not, go ahead"])
    _sound(t)
    assert _said(t)[-1].startswith("There is no fee for that: a cancellation refunds"), _said(t)[-1]
