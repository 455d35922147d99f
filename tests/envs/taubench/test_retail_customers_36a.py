"""Retail customers played against the fault-free clerk (thirty-sixth session, part a).

Findings 1-4 of retail-customers-17 (/work/h36/retail-customers-17/report.md), each a wrong detail proposed and
written after a yes: a payment change said "from X to Y" ("switch it from my mastercard to paypal", "mastercard ->
paypal", "was on my mastercard, can you put it on paypal") proposed X, the method to move away from; "dumbbell order
needs to go to <address>" (an item word first, no "the") changed the default address; a zip corrected in the same
message ("OR 97250, sorry I mean 97205") kept the first zip, at sign-in too; a refund method asked about and then
another preferred ("Does the refund go to the mastercard? I'd rather have it on the gift card") proposed the one asked
about. Each case has the tester's words, others of the kind, and near misses that keep their old reading; each
conversation is checked for soundness (no violation, no failed turn, each write right after a yes to the proposal
that named it).
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-36a")


# --- 1. a payment change said as "from X to Y" -------------------------------------------------------------------
ANYA = "hi anya brown zip 10121"  # payment 5001: Mastercard ...9625 and PayPal; #W1430028 (shoes, vacuum) on PayPal,
MASTERCARD, PAYPAL = "credit_card_3414703", "paypal_5206520"  # #W1170711 (wall clock, dumbbells) on the Mastercard


@pytest.mark.parametrize("ask", [
    "for the order with the vacuum, switch it from my mastercard to paypal please",
    "change the payment on the shoes order: mastercard -> paypal",
    "the vacuum order was on my mastercard, can you put it on paypal",
    "the running shoes order, i think i paid with my card but i'd rather use paypal for it",
    # near misses, as before
    "I'd like the running shoes order charged to paypal rather than the mastercard",
    "can the shoes order go on paypal instead of the card",
])
def test_a_move_to_the_method_it_is_on_is_said_not_proposed(d, ask):
    t = _play(d, "payment", 5001, [ANYA, ask, "yes"])
    _sound(t)
    assert _calls(t) == [], _said(t)
    assert "#W1430028 is already paid with your PayPal account" in _said(t)[1], _said(t)[1]


@pytest.mark.parametrize("ask", [
    "for the wall clock order, switch it from my mastercard to paypal please",
    "wall clock order: mastercard -> paypal",
    "the wall clock order was on my mastercard, can you put it on paypal",
    "the wall clock order, i paid with my mastercard but i'd rather use paypal",
    "the wall clock order is currently on my mastercard, move it over to paypal",
    "move the wall clock order from my card ending in 9625 to paypal",
    "the wall clock order, i'd rather it was on paypal",  # (a wish, not the method it is on)
    # near misses, as before
    "move the wall clock order off the credit card and onto paypal",
    "pay for the wall clock order with paypal instead of the mastercard",
])
def test_a_move_from_the_card_to_paypal_proposes_paypal(d, ask):
    t = _play(d, "payment", 5001, [ANYA, ask, "yes"])
    _sound(t)
    assert "to your PayPal account" in _said(t)[1], _said(t)[1]
    assert _calls(t) == [("modify_pending_order_payment", {"order_id": "#W1170711", "payment_method_id": PAYPAL})]


@pytest.mark.parametrize("ask", [
    "for the vacuum order, switch it from paypal to my mastercard please",
    "shoes order: paypal -> mastercard",
    "put the shoes order on my mastercard",  # near miss: one method named
])
def test_a_move_from_paypal_to_the_card_proposes_the_card(d, ask):
    t = _play(d, "payment", 5001, [ANYA, ask, "yes"])
    _sound(t)
    assert _calls(t) == [("modify_pending_order_payment", {"order_id": "#W1430028", "payment_method_id": MASTERCARD})]


# --- 2. "<item> order needs to go to <address>": that order's shipping address -----------------------------------
SOFIA_T = "sofia thomas 75307"  # several_pending_edits 5001: #W2297866 (vacuum, dumbbells) pending
CEDAR = "36 Cedar Lane, Portland, OR 97205"


@pytest.mark.parametrize("ask", [
    f"dumbbell order needs to go to {CEDAR}",
    f"hi yes dumbbell order to {CEDAR} please",
    f"dumbbell order: {CEDAR}",
    f"ok so dumbbells order should ship to {CEDAR}",
    f"pls send dumbbell order to {CEDAR}",
    # near misses, as before
    f"the dumbbell order needs to go to {CEDAR}",
    f"my dumbbell order needs to go to {CEDAR}",
])
def test_an_order_named_by_its_item_ships_to_the_address(d, ask):
    t = _play(d, "several_pending_edits", 5001, [SOFIA_T, ask, "yes"])
    _sound(t)
    calls = _calls(t)
    assert [(n, a["order_id"]) for n, a in calls] == [("modify_pending_order_address", "#W2297866")], _said(t)
    assert (calls[0][1]["address1"], calls[0][1]["zip"]) == ("36 Cedar Lane", "97205")


def test_the_default_address_said_as_such_is_still_the_default(d):
    t = _play(d, "several_pending_edits", 5001, [SOFIA_T, f"update my default address to {CEDAR}", "yes"])
    _sound(t)
    assert [n for n, _a in _calls(t)] == ["modify_user_address"], _said(t)


def test_a_delivered_order_named_by_its_item_is_not_the_default_address(d):
    # mixed_pending_delivered 5001: daiki_muller_8062's espresso machine is in #W5961635, delivered
    t = _play(d, "mixed_pending_delivered", 5001, ["Muller Daiki 94157", f"espresso order needs to go to {CEDAR}", "yes"])
    _sound(t)
    assert _calls(t) == [], _said(t)
    assert "default address" not in _said(t)[1], _said(t)[1]


# --- 3. a zip corrected in the same message ----------------------------------------------------------------------
@pytest.mark.parametrize("ask", [
    "ship the dumbbell order to 36 Cedar Lane, Portland, OR 97250, sorry I mean 97205",
    "change the address for the dumbbell order to 36 Cedar Lane Portland OR 97250 - wait the zip is 97205 not 97250",
    "ship the dumbbell order to 36 Cedar Lane, Portland, OR 97250 oops zip is 97205",
    "ship the dumbbell order to 36 Cedar Lane, Portland, OR 97250. typo, the zip should be 97205",
    # near misses, as before
    "ship the dumbbell order to 36 Cedar Lane, Portland, OR 97205",
    "ship the dumbbell order to 63 Cedar Lane, no sorry 36 Cedar Lane, Portland, OR 97205",
])
def test_the_corrected_zip_is_written(d, ask):
    t = _play(d, "several_pending_edits", 5001, [SOFIA_T, ask, "yes"])
    _sound(t)
    calls = _calls(t)
    assert [(n, a["order_id"]) for n, a in calls] == [("modify_pending_order_address", "#W2297866")], _said(t)
    assert (calls[0][1]["address1"], calls[0][1]["city"], calls[0][1]["zip"]) == ("36 Cedar Lane", "Portland", "97205")
    assert "97205" in _said(t)[1] and "97250" not in _said(t)[1], _said(t)[1]


@pytest.mark.parametrize("hello", [
    "sophia hernandez 76917 - sorry typo 76197",
    "sophia hernandez, zip 76917 sorry i mean 76197",
    "Sophia Hernandez 76917, oops no, 76197",
    "sophia hernandez 76197",  # near miss
])
def test_a_zip_corrected_at_sign_in_is_the_one_looked_up(d, hello):
    t = _play(d, "cancel_plus", 5001, [hello])
    looked = [a["zip"] for _n, a in _calls(t, {"find_user_id_by_name_zip"})]
    assert looked == ["76197"], (looked, _said(t))
    assert "couldn't find" not in _said(t)[0], _said(t)[0]


# --- 4. a refund method asked about, then another preferred ------------------------------------------------------
SOFIA_LI = "hi, Sofia Li here, email is sofia.li5731@example.com"  # return 5001: #W9323073 delivered, on the Mastercard
GIFT, LI_CARD = "gift_card_3242199", "credit_card_8296913"


@pytest.mark.parametrize("ask, method", [
    ("return the headphones. Does the refund go to the mastercard? I'd rather have it on the gift card", GIFT),
    ("I'd like to send back the umbrella and the headphones from my last delivery. Would the money go back on my credit "
     "card or the gift card? I'd prefer the gift card honestly", GIFT),
    ("return the headphones, refund: credit card -> gift card please", GIFT),
    ("return the headphones. will the refund go on my card? if possible i'd prefer gift card", GIFT),
    # near misses, as before
    ("return the headphones, and instead of the credit card put the money on my gift card", GIFT),
    ("return the headphones, I'd prefer the gift card for the refund", GIFT),
    ("return the headphones, refund to the mastercard please", LI_CARD),
    ("return the headphones. Does the refund go to the mastercard?", LI_CARD),
])
def test_the_preferred_refund_method_is_proposed(d, ask, method):
    t = _play(d, "return", 5001, [SOFIA_LI, ask, "yes"])
    _sound(t)
    calls = _calls(t)
    assert [(n, a["order_id"], a["payment_method_id"]) for n, a in calls] == [
        ("return_delivered_order_items", "#W9323073", method)], _said(t)
    if "?" in ask:  # the question answered before the proposal
        assert "original payment method" in _said(t)[1], _said(t)[1]
