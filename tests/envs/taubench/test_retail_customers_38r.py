"""Retail customers played against the clerk (thirty-eighth session, part r).

Findings 3, 6, 7, 8, 9 and 10 of retail-customers-24 (/work/h38/retail-customers-24/report.md): a cancel taken back
("changed my mind on the cancellation of #W1, keep it") proposed anyway, and "I just said keep it" met with the same
proposal; "which of my orders are still pending?" refused, and with a hurry in front the chat ended; "nah, that's all,
go ahead" at a cancel read as a no; "yes. charge it to the gift card though" at an item change read as the order's
payment change, and the item change dropped; "wrong order! I meant the smart watch one" after a cancel not told that
the cancel stays; "I'd rather deal with a person" beside a request not heard. Each case has the tester's words, others
of the kind, and near misses that keep their old reading; fault-free conversations are checked for soundness.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, seed, lines, faults=()):
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", list(faults)), lines, "customers-38r")


# cancel 4: Daiki Silva, pending #W7999678 (Bluetooth Speaker)
DAIKI = "daiki.silva6295@example.com"
# cancel 2: Ava Nguyen, five pending orders (#W9232383 the headphones, #W9892465 the smart watch) and a delivered one
AVA = "ava.nguyen2868@example.com"
PROPOSE_SPEAKER = "To confirm, I will cancel order #W7999678"


# --- 3. a cancel taken back by the mind changed about the cancel itself -------------------------------------------
@pytest.mark.parametrize("msg", [
    "changed my mind on the cancellation of #W7999678, keep it please. what's its status?",
    "I changed my mind about cancelling - where is my speaker order?",
    "I've changed my mind regarding the cancellation of #W7999678. what's its status?",
])
def test_a_mind_changed_about_the_cancel_takes_it_back(d, msg):
    t = _play(d, "cancel", 4, [DAIKI, msg, "I just said keep it"])
    _sound(t)
    said = _said(t)
    assert _calls(t) == [] and "To confirm" not in " ".join(said), said
    assert "Order #W7999678 is pending and contains: Bluetooth Speaker" in said[-2], said[-2]


@pytest.mark.parametrize("msg", [
    "changed my mind, can you cancel #W7999678",  # (the mind changed about the order: the cancel's reason)
    "I changed my mind about the bluetooth speaker, cancel that order",
])
def test_near_miss_a_mind_changed_about_the_order_is_the_reason(d, msg):
    t = _play(d, "cancel", 4, [DAIKI, msg])
    assert PROPOSE_SPEAKER + " because it is 'no longer needed'" in _said(t)[-1], _said(t)[-1]


@pytest.mark.parametrize("msg", ["I just said keep it", "no, I'll keep it", "keep the order please"])
def test_keep_it_at_a_cancel_is_a_no(d, msg):
    t = _play(d, "cancel", 4, [DAIKI, "changed my mind, can you cancel #W7999678", msg, "yes"])
    _sound(t)
    assert _calls(t) == [] and "I won't make that change" in _said(t)[-2], _said(t)


# --- 6. "which of my orders are still pending?", a hurry in front or not -----------------------------------------
@pytest.mark.parametrize("msg", [
    "I don't have time to go through all my orders - just tell me which are still pending",
    "which of my orders are still pending?",
    "are any of my orders still pending?",
    "I'm in a hurry, which orders haven't shipped yet?",
    "list my pending orders",
])
def test_the_pending_orders_are_listed(d, msg):
    t = _play(d, "cancel", 2, [AVA, msg])
    _sound(t)
    said = _said(t)[-1]
    assert not t.meta.get("ended") and "Have a nice day" not in said and "can't help with that" not in said, said
    assert "Order #W9892465 is pending and contains: Smart Watch" in said and "#W8668939 is" not in said, said


def test_near_miss_a_hurry_alone_keeps_the_chat_open(d):
    t = _play(d, "cancel", 2, [AVA, "I don't have time to go through all my orders"])
    _sound(t)
    assert "Have a nice day" not in _said(t)[-1] and "How can I help" in _said(t)[-1], _said(t)[-1]


# --- 7. "nah, that's all, go ahead" at a cancel: meant as a yes, asked once for a plain one -----------------------
@pytest.mark.parametrize("msg", ["nah, that's all, go ahead", "nah that's it, go", "nope that's everything, cancel it"])
def test_nothing_more_then_go_ahead_keeps_the_cancel(d, msg):
    lines = [DAIKI, "cancel #W7999678, I bought it by mistake", msg]
    t = _play(d, "cancel", 4, lines)
    _sound(t)
    said = _said(t)[-1]
    assert _calls(t) == [] and "won't make that change" not in said and "Have a nice day" not in said, said
    assert PROPOSE_SPEAKER in said, said
    t = _play(d, "cancel", 4, lines + ["yes"])
    _sound(t)
    assert _calls(t) == [("cancel_pending_order", {"order_id": "#W7999678", "reason": "ordered by mistake"})]


@pytest.mark.parametrize("msg", ["nah, that's all", "no that's it, don't cancel"])
def test_near_miss_nothing_more_alone_is_a_no(d, msg):
    t = _play(d, "cancel", 4, [DAIKI, "cancel #W7999678, I bought it by mistake", msg])
    _sound(t)
    assert _calls(t) == [] and "I won't make that change" in _said(t)[-1], _said(t)[-1]


# --- 8. "charge it to the gift card" at an item change: where its difference goes, the change kept ----------------
RAJ = ["raj.sanchez2046@example.com", "I want to swap the air purifier in #W4566809 to the large room one"]


@pytest.mark.parametrize("msg", ["yes. charge it to the gift card though", "yes, but bill it to my gift card",
                                 "ok charge that to the gift card please",
                                 "yes but use my gift card for the difference"])  # (worked before)
def test_charge_it_to_a_method_at_an_item_change_is_its_difference(d, msg):
    t = _play(d, "payment", 0, RAJ + [msg])
    _sound(t)
    said = _said(t)[-1]
    assert _calls(t) == [] and "Air Purifier" in said and "gift card balance of $30.00 doesn't cover" in said, said
    assert "exchange" not in said and "move the payment" not in said, said


def test_near_miss_the_orders_payment_change_asked_alone(d):
    t = _play(d, "payment", 0, [RAJ[0], "can you charge order #W4566809 to my gift card instead?"])
    _sound(t)
    assert "gift card" in _said(t)[-1] and "Air Purifier" not in _said(t)[-1], _said(t)[-1]


# --- 9. the wrong order cancelled, the order meant named: said it stays, the meant one proposed --------------------
CANCEL_HEADPHONES = [AVA, "cancel the headphones order, ordered by mistake", "yes"]
FIRST = ("cancel_pending_order", {"order_id": "#W9232383", "reason": "ordered by mistake"})


@pytest.mark.parametrize("msg", ["oh no, wrong order! I meant the smart watch one",
                                 "ugh wrong one. the one I wanted gone is the smart watch",
                                 "oops I mixed them up, it should have been #W9892465"])
def test_the_wrong_order_cancelled_then_the_one_meant(d, msg):
    t = _play(d, "cancel", 2, CANCEL_HEADPHONES + [msg, "yes"])
    _sound(t)
    said = _said(t)[-2]
    assert "can't be reinstated" in said and "#W9232383" in said, said
    assert "To confirm, I will cancel order #W9892465 because it is 'ordered by mistake'" in said, said
    assert _calls(t) == [FIRST, ("cancel_pending_order", {"order_id": "#W9892465", "reason": "ordered by mistake"})]


def test_near_miss_the_wrong_one_unnamed_asks_which(d):
    t = _play(d, "cancel", 2, CANCEL_HEADPHONES + ["hmm that was the wrong order, can you undo it?"])
    _sound(t)
    assert "can't be reinstated" in _said(t)[-1] and "Which order" in _said(t)[-1] and _calls(t) == [FIRST]


# --- 10. a person asked for beside a request --------------------------------------------------------------------
MIA = "mia.garcia2723@example.com"


@pytest.mark.parametrize("msg", [
    "I'd rather deal with a person. the gaming mouse in #W7387996 needs returning",
    "is there someone I can talk to about the return of my mouse, #W7387996",
    "I'd prefer to talk to a human, I need to return the mouse from #W7387996",
])
def test_a_person_beside_a_request_is_a_transfer(d, msg):
    t = _play(d, "transfer", 0, [MIA, msg])
    _sound(t)
    assert _said(t)[-1] == "YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON."


@pytest.mark.parametrize("msg", ["can someone tell me what's in order #W7387996?",
                                 "the gaming mouse in #W7387996 needs returning, I bought it for a person at work"])
def test_near_miss_someone_or_a_person_not_asked_for(d, msg):
    t = _play(d, "transfer", 0, [MIA, msg])
    _sound(t)
    assert "TRANSFERRED" not in " ".join(_said(t))
