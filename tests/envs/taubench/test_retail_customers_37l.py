"""Retail customers played against the fault-free clerk (thirty-seventh session, part l).

Findings 1, 4 and 7 of retail-customers-22 (/work/h37/retail-customers-22/report.md), and one noticed beside
test_retail_customers_37k: a cancel plus an address change of another order told by an item named as kept ("the one
with the luggage set I want to keep but ship it to ...") read as the cancelled order's change and dropped; a cancel
plus an item wish for another order said as "X should be Y" ("let me check my other order... ok, the luggage set in it
should be the 2-piece instead") dropped; a per-item "just skip them" read as "only these"; and "yes but put the refund
on a gift card" at a cancel summary met with "couldn't tell". Each case has the tester's words, others of the kind,
and near misses that keep their old reading; each conversation is checked for soundness (no violation, no failed
turn, each write right after a yes to the proposal that named it).
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-37l")


# cancel 5: Yara Muller; #W5056519 (Makeup Kit) and #W5995614 (Dumbbell Set, Luggage Set 3-piece) pending
YARA = "hi, yara.muller9246@example.com"
CANCEL = "cancel #W5056519 please, ordered by mistake. "
CANCELLED = ("cancel_pending_order", {"order_id": "#W5056519", "reason": "ordered by mistake"})
HARBOR = "890 Harbor Street, Columbus, OH 43215"
MOVE = "To confirm, I will change the shipping address of order #W5995614 to 890 Harbor"


# --- 1. the order told by an item it keeps gets the address change ----------------------------------------------
@pytest.mark.parametrize("rest", [
    f"the one with the luggage set I want to keep but ship it to {HARBOR}",
    f"I want to keep the luggage set order but ship it to {HARBOR}",
    f"the dumbbell order I'm keeping, but change its address to {HARBOR}",
    f"and change the address on my other order to {HARBOR}",  # (before: the other order proposed for cancelling)
])
def test_an_address_change_for_the_order_kept_is_proposed(d, rest):
    t = _play(d, "cancel", 5, [YARA, CANCEL + rest, "yes"])
    _sound(t)
    said = _said(t)[-1]
    assert _calls(t) == [CANCELLED] and said.startswith("Order #W5056519 is cancelled.") and MOVE in said, said
    assert "no longer needs changing" not in said and "cancel order #W5995614" not in said
    t = _play(d, "cancel", 5, [YARA, CANCEL + rest, "yes", "yes"])
    _sound(t)
    assert [c[0] for c in _calls(t)] == ["cancel_pending_order", "modify_pending_order_address"]
    assert _calls(t)[1][1]["order_id"] == "#W5995614"


@pytest.mark.parametrize("rest", [f"and ship it to {HARBOR}", "I want to keep the luggage set though"])
def test_near_miss_the_cancelled_orders_own_change_or_no_change(d, rest):
    t = _play(d, "cancel", 5, [YARA, CANCEL + rest, "yes"])
    _sound(t)
    assert _calls(t) == [CANCELLED] and "To confirm" not in _said(t)[-1], _said(t)[-1]


# --- 4. an item wish for the other order, said after the cancel in the same message -------------------------------
LUGGAGE = ("To confirm, I will modify these items of order #W5995614: Luggage Set (3-piece, black, softshell, $528.63) "
           "-> (2-piece")


@pytest.mark.parametrize("rest", [
    "let me check my other order... ok, the luggage set in it should be the 2-piece instead",
    "the luggage set in my other order should be the 2-piece instead",
    "also the luggage set should be a 2-piece",
    "And the luggage set - 2-piece instead",  # (worked before)
])
def test_a_wish_for_another_orders_item_follows_the_cancel(d, rest):
    t = _play(d, "cancel", 5, [YARA, CANCEL + rest, "yes"])
    _sound(t)
    assert _calls(t) == [CANCELLED] and LUGGAGE in _said(t)[-1] and "Dumbbell" not in _said(t)[-1], _said(t)[-1]


def test_near_miss_a_bare_pause_after_the_cancel(d):
    t = _play(d, "cancel", 5, [YARA, CANCEL + "let me check my other order first", "yes"])
    _sound(t)
    assert _calls(t) == [CANCELLED] and "To confirm" not in _said(t)[-1], _said(t)[-1]


# --- (37k) a per-item "just skip them" is a no to that item, not "only these" -------------------------------------
BOTH_ITEMS = [YARA, "for #W5995614 I want the dumbbells as 30-50 lbs and the luggage set as 2-piece"]


@pytest.mark.parametrize("reply, kept", [
    ("the dumbbells no problem, just skip them. luggage yes", "Luggage Set"),
    ("luggage yes. dumbbells, just drop them", "Luggage Set"),
    ("the luggage set, just skip it. dumbbells yes", "Dumbbell Set"),
    ("just the luggage please", "Luggage Set"),  # near miss: "just" as "only"
])
def test_skip_them_drops_that_item(d, reply, kept):
    t = _play(d, "cancel", 5, BOTH_ITEMS + [reply])
    _sound(t)
    said = _said(t)[-1]
    assert said.startswith("To confirm, I will modify these items of order #W5995614: " + kept), said
    assert ({"Luggage Set", "Dumbbell Set"} - {kept}).pop() not in said and _calls(t) == []


# --- 7. where a cancel's refund goes, said at "yes but put it on a gift card" --------------------------------------
# cancel 4: Daiki Silva, #W8835847 paid with his gift card (his only method)
DAIKI = ["hi, daiki.silva6295@example.com", "please cancel order #W8835847, I don't need it anymore"]
AGAIN = "To confirm, I will cancel order #W8835847 because it is 'no longer needed'"
GOES = "The refund for order #W8835847 goes to your gift card (balance $19.00), the original payment method."
ONLY = "A cancelled order can only be refunded to the method it was paid with"


@pytest.mark.parametrize("reply, other", [
    ("yes but no refund needed to the card, put it on a gift card", False),
    ("yes, but put the refund on a gift card", False),
    ("ok but refund it to my paypal please", True),
    ("can the refund go to my visa instead?", True),
])
def test_a_refund_wish_at_a_cancel_is_answered_and_asked_again(d, reply, other):
    t = _play(d, "cancel", 4, DAIKI + [reply])
    _sound(t)
    said = _said(t)[-1]
    assert _calls(t) == [] and GOES in said and AGAIN in said and (ONLY in said) == other, said
    assert "couldn't tell" not in said
    t = _play(d, "cancel", 4, DAIKI + [reply, "yes"])
    _sound(t)
    assert _calls(t) == [("cancel_pending_order", {"order_id": "#W8835847", "reason": "no longer needed"})]


def test_near_miss_a_no_stays_a_no(d):
    t = _play(d, "cancel", 4, DAIKI + ["no, keep it"])
    _sound(t)
    assert _calls(t) == [] and "won't make that change" in _said(t)[-1]
