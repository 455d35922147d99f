"""Retail customers played against the fault-free clerk (thirty-eighth session, part m).

Findings 1 and 3 of retail-customers-23 (/work/h38/retail-customers-23/report.md): an item named in the sentence
about a pending order ("the kettle + yoga mat order, change the kettle ...", "kettle (not shipped yet) -> 2L") was
returned from a delivered order holding a same-named item, and the pending change dropped; and "cancel just the 80%
keyboard, keep the other keyboard" of an order holding one keyboard, not 80%, proposed the whole order as if it
matched. Each case has the tester's words, others of the kind, and near misses; each conversation is checked for
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-38m")


# mixed_pending_delivered 2301: Liam Lee; #W9710999 delivered (Electric Toothbrush, Tea Kettle, ...), #W2624389
# pending (Electric Kettle 1.5L, Yoga Mat, Headphones)
LIAM = "liam.lee9297@example.com"
TOOTHBRUSH_ONLY = ("return_delivered_order_items", {"order_id": "#W9710999", "item_ids": ["3320557165"],
                                                    "payment_method_id": "credit_card_5809636"})


# --- 1. each item goes with the order its own sentence is about ---------------------------------------------------
@pytest.mark.parametrize("text", [
    "ok two things. the toothbrush that came last week, I want to return it. and the kettle + yoga mat order, change "
    "the kettle to the 2L stainless steel white one",
    "I'd like to send back the electric toothbrush, and for the order that hasn't shipped, the kettle should be the 2L "
    "white stainless steel model.",
    "toothbrush -> return. kettle (not shipped yet) -> 2L stainless steel white",
    "Return the toothbrush please. Also on my pending order swap the kettle for the 2L stainless white.",
    "please return the toothbrush I received. plus the kettle in my pending order should be 2L stainless steel white",
])
def test_the_pending_orders_kettle_is_not_returned_from_the_delivered_order(d, text):
    t = _play(d, "mixed_pending_delivered", 2301, [LIAM, text, "yes", "yes"])
    _sound(t)
    returns = [c for c in _calls(t) if c[0] == "return_delivered_order_items"]
    assert returns == [TOOTHBRUSH_ONLY], _calls(t)
    assert not any("Tea Kettle" in s and "To confirm" in s for s in _said(t)), _said(t)
    assert not any(c[0] == "exchange_delivered_order_items" for c in _calls(t))


@pytest.mark.parametrize("text", [
    "ok two things. the toothbrush that came last week, I want to return it. and the kettle + yoga mat order, change "
    "the kettle to the 2L stainless steel white one",
    "I'd like to send back the electric toothbrush, and for the order that hasn't shipped, the kettle should be the 2L "
    "white stainless steel model.",
])
def test_both_requests_are_handled(d, text):
    t = _play(d, "mixed_pending_delivered", 2301, [LIAM, text, "yes", "yes"])
    _sound(t)
    assert sorted(c[0] for c in _calls(t)) == ["modify_pending_order_items", "return_delivered_order_items"], _calls(t)
    mod = next(a for n, a in _calls(t) if n == "modify_pending_order_items")
    assert mod["order_id"] == "#W2624389" and mod["new_item_ids"] == ["4458619711"]


def test_and_the_toothbrush_after_the_return_invents_no_exchange(d):
    t = _play(d, "mixed_pending_delivered", 2301, [LIAM, "ok two things. the toothbrush that came last week, I want to "
              "return it. and the kettle + yoga mat order, change the kettle to the 2L stainless steel white one",
              "yep", "yes", "and the toothbrush?"])
    _sound(t)
    assert "exchange the" not in _said(t)[-1] and "To confirm" not in _said(t)[-1], _said(t)[-1]


@pytest.mark.parametrize("text", [
    "I want to return the toothbrush and the tea kettle from my delivered order",  # (both named for the return)
    "return the tea kettle and the toothbrush please",
])
def test_near_miss_both_delivered_items_returned(d, text):
    t = _play(d, "mixed_pending_delivered", 2301, [LIAM, text, "yes"])
    _sound(t)
    assert _calls(t) and sorted(_calls(t)[0][1]["item_ids"]) == ["3320557165", "7605253559"], _calls(t)


# --- 3. "the other keyboard" of an order holding one keyboard -------------------------------------------------------
CHEN = "chen.lopez1681@example.com"


@pytest.mark.parametrize("text, mismatch", [
    ("cancel just the 80% keyboard please, keep the other keyboard", '"80%"'),
    ("I only want to cancel the RGB keyboard, the other keyboard stays", '"RGB"'),
    ("I ordered two keyboards, cancel only one of them, the 80% one", None),
    ("please cancel the compact keyboard but the other keyboard I keep", '"compact"'),
])
def test_the_only_keyboard_is_said_before_any_cancel(d, text, mismatch):
    t = _play(d, "cancel_plus", 2310, [CHEN, text])
    _sound(t)
    said = _said(t)[-1]
    assert "has only one keyboard: the Mechanical Keyboard (tactile, white, full size)" in said, said
    assert "no other keyboard" in said and "cancelled as a whole" in said and "To confirm" not in said
    assert "too: everything in it goes" not in said  # (the garbled note of round 37)
    if mismatch:
        assert f"doesn't match {mismatch}" in said, said
    assert _calls(t) == []


def test_near_miss_a_plain_keyboard_cancel_is_asked_as_before(d):
    t = _play(d, "cancel_plus", 2310, [CHEN, "cancel the keyboard order please"])
    _sound(t)
    assert "only one keyboard" not in _said(t)[-1] and _calls(t) == []
