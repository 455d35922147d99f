"""Retail customers played against the fault-free clerk (thirty-eighth session, part s).

Findings 5 and 6 of retail-customers-25 (/work/h38/retail-customers-25/report.md): "wrong order! I meant the one with
the air purifier" right after an address change listed that order's contents and dropped the address (the order id
worked); "and my other order too please, same reason" / "same for my other order" right after a cancel showed the
other order's contents and the menu, the cancel and its reason forgotten. Each case has the tester's words, others of
the kind, and near misses; each conversation is checked for soundness.
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-38s")


# --- 5. "wrong order! I meant the one with the X" after an address change ------------------------------------------
# several_pending_edits 1: Ivan Khan; pending #W5782623 (Backpack, Perfume), #W7032009 (Air Purifier, Backpack),
# #W5270061; delivered #W1519594 (Electric Kettle)
IVAN = "Ivan Khan, 28243"
OAK = "please send #W5782623 to 12 Oak Street, Austin, TX 78701"


@pytest.mark.parametrize("meant", [
    "wrong order! I meant the one with the air purifier",  # the tester's
    "ugh, that was the wrong one - I meant the air purifier order",
    "oops wrong order, I meant the order with the air purifier",
    "oops wrong order, I meant #W7032009",  # (worked before)
])
def test_wrong_order_told_by_an_item_takes_the_address_there(d, meant):
    t = _play(d, "several_pending_edits", 1, [IVAN, OAK, "yes", meant])
    _sound(t)
    said = _said(t)[-1]
    assert "#W5782623" in said and "change it back" in said, said
    assert "change the shipping address of order #W7032009 to 12 Oak Street" in said, said
    t = _play(d, "several_pending_edits", 1, [IVAN, OAK, "yes", meant, "yes"])
    _sound(t)
    moved = [a["order_id"] for n, a in _calls(t) if n == "modify_pending_order_address"]
    assert moved == ["#W5782623", "#W7032009"], _calls(t)


def test_wrong_order_told_by_a_delivered_orders_item_is_not_proposed(d):
    # near miss: the kettle's order was delivered, so no address is proposed for it and nothing more is written
    t = _play(d, "several_pending_edits", 1, [IVAN, OAK, "yes", "wrong order, I meant the one with the kettle", "yes"])
    _sound(t)
    assert [a["order_id"] for n, a in _calls(t) if n == "modify_pending_order_address"] == ["#W5782623"], _calls(t)


# --- 6. "same for my other order" after a cancel ---------------------------------------------------------------------
# several_pending_edits 0: Mei Patel; pending #W4082615 and #W9583042
MEI = "mei.patel3193@example.com"
CANCEL = "cancel #W4082615 please, ordered by mistake"


@pytest.mark.parametrize("more", [
    "and my other order too please, same reason",  # the tester's
    "same for my other order",
    "my other order as well please",
    "cancel my other order too, same reason",  # (worked before)
])
def test_the_other_order_too_after_a_cancel_is_the_same_cancel(d, more):
    t = _play(d, "several_pending_edits", 0, [MEI, CANCEL, "yes", more])
    _sound(t)
    assert "I will cancel order #W9583042 because it is 'ordered by mistake'" in _said(t)[-1], _said(t)[-1]
    t = _play(d, "several_pending_edits", 0, [MEI, CANCEL, "yes", more, "yes"])
    _sound(t)
    assert [a for n, a in _calls(t) if n == "cancel_pending_order"][-1] == {
        "order_id": "#W9583042", "reason": "ordered by mistake"}, _calls(t)


@pytest.mark.parametrize("more", ["what's in my other order?", "is my other order pending too?"])
def test_a_question_about_the_other_order_after_a_cancel_is_no_cancel(d, more):
    t = _play(d, "several_pending_edits", 0, [MEI, CANCEL, "yes", more, "yes"])
    _sound(t)
    assert [a["order_id"] for n, a in _calls(t) if n == "cancel_pending_order"] == ["#W4082615"], _calls(t)


def test_several_other_orders_are_asked_not_guessed(d):
    # cancel 2: Ava Nguyen, several other pending orders: asked which, nothing cancelled on a bare yes
    t = _play(d, "cancel", 2, ["ava.nguyen2868@example.com", "cancel #W1242543, no longer needed", "yes",
                               "and my other order too please, same reason", "yes"])
    _sound(t)
    assert [a["order_id"] for n, a in _calls(t) if n == "cancel_pending_order"] == ["#W1242543"], _calls(t)
    assert "Which order" in _said(t)[-1], _said(t)[-1]


# --- 2. "the backpack in my other order" with two other orders holding a backpack -----------------------------------
# several_pending_edits 1: #W5270061 in hand (Backpack navy); #W7032009 (grey Backpack, Air Purifier) and #W5782623
# (navy Backpack, Perfume) hold one too
@pytest.mark.parametrize("first", [["please send #W5270061 to my default address", "yes"], ["what's in #W5270061?"]])
@pytest.mark.parametrize("ask", [
    "thanks. the backpack in my other order - can it be medium polyester?",  # the tester's
    "thanks. can the backpack in my other order be medium polyester?",
    "the backpack from my other order, change it to medium polyester",
])
@pytest.mark.parametrize("answer, meant", [("#W7032009", "#W7032009"), ("the one with the perfume", "#W5782623"),
                                           ("the air purifier order", "#W7032009")])
def test_the_backpack_in_my_other_order_asks_which_of_the_others(d, first, ask, answer, meant):
    t = _play(d, "several_pending_edits", 1, [IVAN] + first + [ask])
    _sound(t)
    which = _said(t)[-1]
    assert "#W7032009" in which and "#W5782623" in which and "#W5270061" not in which, which
    t = _play(d, "several_pending_edits", 1, [IVAN] + first + [ask, answer, "yes"])
    _sound(t)
    mods = [a for n, a in _calls(t) if n == "modify_pending_order_items"]
    assert [a["order_id"] for a in mods] == [meant], _calls(t)
    assert mods[0]["new_item_ids"] == ["5917587651"], _calls(t)  # (medium polyester kept)
