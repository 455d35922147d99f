"""Retail customers a second tester played against the fault-free clerk (twenty-seventh session), in phrasings
other than the tester's: a payment change said beside an item change on the same order was left for after the
item change (when the order can no longer be edited) and then asked about on the wrong orders; a second
cancellation named by its item after an order named by its id was dropped; "... and also send my pending order
there" with two pending orders was dropped; an order id written without its W ("order 6397299") was not read."""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_unseen_retail_customers import _calls, _expect, _play, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


# --- 1. the order's payment change comes before its item change -------------------------------------------
# several_pending_edits family, seed 908: Lucas Martin; #W9318778 pending, paid with a gift card; Mastercard
# credit_card_7862034; a clicky Mechanical Keyboard in the order
@pytest.mark.parametrize("ask", [
    "for order W9318778 please charge my mastercard instead of my gift card. oh and the keyboard should be linear",
    "W9318778 - change the payment method to the mastercard, then make the keyboard linear switch",
    "on W9318778 could you bill the whole order to my mastercard, and swap the keyboard for a linear one",
])
def test_a_payment_change_beside_an_item_change_is_done_first(d, ask):
    _, t = _play(d, "several_pending_edits", ["{email}", ask, "yes", "yes"], seed=908)
    _expect(t, [("modify_pending_order_payment", {"order_id": "#W9318778", "payment_method_id": "credit_card_7862034"}),
                ("modify_pending_order_items", {"order_id": "#W9318778"})])
    assert not any("Which order is" in s for s in _said(t)), _said(t)
    _sound(t)


def test_the_card_for_an_item_change_difference_is_no_payment_change(d):
    _, t = _play(d, "several_pending_edits", ["{email}", "switch the keyboard in W9318778 to linear switches and "
                                              "pay the difference with my mastercard", "yes"], seed=908)
    _expect(t, [("modify_pending_order_items", {"order_id": "#W9318778", "payment_method_id": "credit_card_7862034"})])
    _sound(t)


# --- 2. a second cancellation named by its item, beside an order named by its id --------------------------
# exchange family, seed 908: Yusuf Gonzalez; #W2806889 pending (smartphone, tea kettle); #W2230795 pending
# (bookshelf, LED light bulb, tablet, sunglasses); #W1679211 delivered (also a tablet)
@pytest.mark.parametrize("ask, reasons", [
    ("please cancel W2806889 (dont need it) and also the order with the bookshelf, that one i ordered by accident",
     ["no longer needed", "ordered by mistake"]),
    ("cancel order W2806889 and the sunglasses order too, no longer needed", ["no longer needed", "no longer needed"]),
    ("W2806889 was a mistake, please cancel it. and cancel my tablet order as well, i don't need it anymore",
     ["ordered by mistake", "no longer needed"]),
])
def test_an_order_named_by_its_item_after_one_named_by_its_id_is_cancelled_too(d, ask, reasons):
    _, t = _play(d, "exchange", ["{email}", ask, "yes", "yes"], seed=908)
    _expect(t, [("cancel_pending_order", {"order_id": "#W2806889", "reason": reasons[0]}),
                ("cancel_pending_order", {"order_id": "#W2230795", "reason": reasons[1]})])
    _sound(t)


def test_an_item_said_as_the_reason_is_not_another_order_to_cancel(d):
    _, t = _play(d, "exchange", ["{email}", "cancel W2806889, dont need it, i already bought a tablet somewhere else",
                                 "yes", "yes"], seed=908)
    _expect(t, [("cancel_pending_order", {"order_id": "#W2806889"})])
    _sound(t)


# --- 3. the default address and "my pending order", with two pending orders --------------------------------
# address family, seed 907: Liam Thomas; #W1654931 and #W3295833 pending (a skateboard in #W3295833)
NEW = "55 River Rd, Unit 2, Boise ID 83702"


@pytest.mark.parametrize("ask, answer, orders", [
    (f"we relocated, new default address {NEW} - please send my open order there as well", "the second one",
     ["#W3295833"]),
    (f"update my default address to {NEW} and ship my current order there too", "#W1654931", ["#W1654931"]),
    (f"set my account address to {NEW}, and my pending order should go there too", "both please",
     ["#W1654931", "#W3295833"]),
    (f"i moved to {NEW}; change my default address and the address on my pending order", "the one with the skateboard",
     ["#W3295833"]),
])
def test_the_pending_order_beside_a_default_address_is_asked_which_when_there_are_two(d, ask, answer, orders):
    _, t = _play(d, "address", ["{email}", ask, "yes", answer, "yes", "yes"], seed=907)
    assert "#W1654931" in _said(t)[2] and "#W3295833" in _said(t)[2], _said(t)[2]
    _expect(t, [("modify_user_address", {"address1": "55 River Rd", "zip": "83702"})] +
            [("modify_pending_order_address", {"order_id": o, "address1": "55 River Rd"}) for o in orders])
    _sound(t)


# --- 4. an order id written without its W, or spaced -------------------------------------------------------
# modify_items family, seed 908: Liam Thomas; #W6397299 delivered (bookshelf, yoga mat, vacuum, dumbbells, hose)
@pytest.mark.parametrize("lines", [
    ["i need to send some stuff back", "its 639 7299", "the yoga mat", "yes"],
    ["return something from order no. w-6397299 pls", "the yoga mat", "yes"],
    ["i'd like to return an item", "order # 6397299", "the yoga mat", "yes"],
])
def test_an_order_id_without_its_w_is_read(d, lines):
    _, t = _play(d, "modify_items", ["{email}"] + lines, seed=908)
    assert any("Which items of order #W6397299" in s for s in _said(t)), _said(t)
    _expect(t, [("return_delivered_order_items", {"order_id": "#W6397299"})])
    _sound(t)


def test_a_phone_number_is_no_order_id(d):
    _, t = _play(d, "modify_items", ["{email}", "call me at 555 639 7299 if needed. i want to return something"], seed=908)
    assert "Which order is this about?" in _said(t)[-1], _said(t)[-1]
    assert _calls(t) == []
