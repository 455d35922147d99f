"""Retail customers played against the fault-free clerk (thirty-eighth session, part n).

Findings 2, 4 and 5 of retail-customers-23 (/work/h38/retail-customers-23/report.md): "which orders haven't shipped
yet? want to cancel one" proposed the first pending order, never picked, and after its yes each of the others in
turn; an order's new address beside "also update my profile / saved address / the address on my account" did only
one of the two writes; a payment change for an order told by two items ("the gaming mouse & umbrella order") beside a
gift-card balance question got only the balance. Each case has the tester's words, others of the kind, and near
misses that keep their old reading; each conversation is checked for soundness (no violation, no failed turn, each
write right after a yes to the proposal that named it).
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-38n")


# --- 2. "cancel one" of the pending orders: they are listed and one is asked for -----------------------------------
# cancel_plus 2302: Emma Santos; four pending orders, #W2918688 holds the Tablet alone
EMMA = "emma.santos7683@example.com"
PENDING = ("#W9903153", "#W1620235", "#W2918688", "#W9655299")


@pytest.mark.parametrize("ask", [
    "which orders haven't shipped yet? want to cancel one",  # the tester's
    "what hasn't shipped yet? I need to cancel one of those",
    "do I have anything that hasn't shipped? I'd cancel it",
    "show me my unshipped orders, I want to cancel one",
    "I want to cancel one of my pending orders, which ones are there?",
    "which of my orders are still pending? I'd like to cancel one of them",
])
def test_one_of_the_pending_orders_is_asked_for_with_their_items(d, ask):
    t = _play(d, "cancel_plus", 2302, [EMMA, ask])
    _sound(t)
    said = _said(t)[-1]
    assert all(o in said for o in PENDING) and "Tablet" in said and "Which one would you like to cancel?" in said, said
    assert "To confirm" not in said and "why you want to cancel" not in said
    t = _play(d, "cancel_plus", 2302, [EMMA, ask, "the one with the tablet", "no longer needed", "yes"])
    _sound(t)
    assert _calls(t) == [("cancel_pending_order", {"order_id": "#W2918688", "reason": "no longer needed"})]
    assert "To confirm" not in _said(t)[-1], _said(t)[-1]  # no other order proposed after it


def test_one_picked_by_its_id(d):
    t = _play(d, "cancel_plus", 2302, [EMMA, "which orders haven't shipped yet? want to cancel one", "#W1620235",
                                       "ordered by mistake", "yes"])
    _sound(t)
    assert _calls(t) == [("cancel_pending_order", {"order_id": "#W1620235", "reason": "ordered by mistake"})]


@pytest.mark.parametrize("ask", ["cancel whatever isn't shipped", "cancel all my pending orders"])
def test_near_miss_every_pending_order_is_still_each_of_them(d, ask):
    t = _play(d, "cancel_plus", 2302, [EMMA, ask, "no longer needed", "yes"])
    _sound(t)
    assert _calls(t) == [("cancel_pending_order", {"order_id": "#W9903153", "reason": "no longer needed"})]
    assert "To confirm, I will cancel order #W1620235" in _said(t)[-1], _said(t)[-1]


def test_near_miss_an_order_named_by_its_item_is_proposed(d):
    t = _play(d, "cancel_plus", 2302, [EMMA, "I want to cancel one order, the tablet one", "no longer needed"])
    _sound(t)
    assert "To confirm, I will cancel order #W2918688" in _said(t)[-1], _said(t)[-1]


# --- 4. an order's new address and the default address: both written -----------------------------------------------
# address 2306: Evelyn Patel, 28262; #W3561024 (Air Purifier, Dumbbell Set) pending
EVELYN = ["hello, 28262 is my zip", "Evelyn Patel. I forgot which email I used sorry"]
NEW = "173 Lakeview Road, Austin TX 78701"
WRITTEN = {"address1": "173 Lakeview Road", "city": "Austin", "state": "TX", "zip": "78701"}


@pytest.mark.parametrize("ask", [
    f"I'm moving! The air purifier and dumbbells order needs to go to my new place, {NEW}. Can you also update my "
    f"profile address while you're at it?",  # the tester's
    f"The air purifier order has to go to {NEW}. Please also change the address on my account.",
    f"my dumbbell order should ship to {NEW} instead. And could you update my saved address too?",
    f"please update my default address to {NEW}, and the air purifier order should go there too",
])
def test_the_order_and_the_default_address_are_both_changed(d, ask):
    t = _play(d, "address", 2306, EVELYN + [ask, "yes both", "yes"])
    _sound(t)
    made = _calls(t)
    assert sorted(n for n, _ in made) == ["modify_pending_order_address", "modify_user_address"], made
    for name, args in made:
        assert {k: args[k] for k in WRITTEN} == WRITTEN, args
        if name == "modify_pending_order_address":
            assert args["order_id"] == "#W3561024"


@pytest.mark.parametrize("ask", [
    f"my dumbbell order should ship to {NEW} instead, but keep my saved address as it is",
    f"my dumbbell order should ship to {NEW} instead",
])
def test_near_miss_only_the_order_address(d, ask):
    t = _play(d, "address", 2306, EVELYN + [ask, "yes"])
    _sound(t)
    assert [n for n, _ in _calls(t)] == ["modify_pending_order_address"], _calls(t)
    assert "default address" not in _said(t)[-1]


def test_near_miss_only_the_saved_address(d):
    t = _play(d, "address", 2306, EVELYN + [f"please update my saved address to {NEW}", "yes"])
    _sound(t)
    assert [n for n, _ in _calls(t)] == ["modify_user_address"], _calls(t)


# --- 5. a payment change beside a gift-card balance question: both answered ----------------------------------------
# payment 2305: Olivia Ito; gift card $56.00, the Gaming Mouse & Umbrella order costs $663.85
OLIVIA = "olivia ito, 80218"


@pytest.mark.parametrize("ask", [
    "For the gaming mouse & umbrella order I'd rather pay with my gift card than what I used. how much is on the gift "
    "card btw?",  # the tester's
    "I'd like the mouse and umbrella order paid with gift card. Also what's the balance on that gift card?",
    "put the umbrella + mouse order on my gift card. how much is left on it?",
    "Switch the payment for the gaming mouse order to my gift card please. How much is left on it?",
])
def test_the_balance_is_said_and_the_payment_change_handled(d, ask):
    t = _play(d, "payment", 2305, [OLIVIA, ask])
    _sound(t)
    said = _said(t)[-1]
    assert "$56.00" in said and "does not cover the order total of $663.85" in said, said
    assert _calls(t) == []


@pytest.mark.parametrize("ask", ["what's the balance on my gift card?", "how much is on my gift card?"])
def test_near_miss_a_balance_question_alone(d, ask):
    t = _play(d, "payment", 2305, [OLIVIA, ask])
    _sound(t)
    said = _said(t)[-1]
    assert "gift card (balance $56.00)" in said and "order total" not in said, said
