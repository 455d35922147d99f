"""Retail customers played against the fault-free clerk (thirty-fifth session, part a).

Findings 1-5 of retail-customers-16 (/work/h35/retail-customers-16/report.md), each a write the customer did not ask
for, proposed and written after a yes: a change asked without a verb after a cancellation ("cancel the pet bed order,
and the earbuds in black") became a second cancellation; "the second keyboard" of two keyboards changed both; a unit
said before the street or after the zip code ("Apt 4B, 958 Willow Ave, ...", "#12 958 Willow Ave") was dropped from
the address; a correction of one item at a two-item proposal ("wait make the kettle black") dropped the other item;
"don't put the refund on the gift card" proposed the gift card. Each case has the tester's words, others of the kind,
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-35a")


# --- 3. a unit said before the street line or after the zip code ---------------------------------------------------
EMMA_MOVE = ("Hello! I'm moving next week so the tablet I ordered needs to go to my new place instead. "
             "emma.santos7683@example.com")  # address 5000: Emma Santos, tablet order #W2918688 pending


@pytest.mark.parametrize("said, street, unit", [
    ("Apt 4B, 958 Willow Avenue, Austin Texas 78701", "958 Willow Avenue", "Apt 4B"),
    ("958 Willow Avenue, Austin, TX 78701, apt 4B", "958 Willow Avenue", "apt 4B"),
    ("958 Willow Avenue, Austin, TX 78701 (apartment 3)", "958 Willow Avenue", "apartment 3"),
    ("Unit 5 / 958 Willow Avenue, Austin, TX 78701", "958 Willow Avenue", "Unit 5"),
    ("958 willow avenue austin tx 78701 2nd floor", "958 willow avenue", "2nd floor"),
    ("#12 958 Willow Ave, Austin, TX 78701", "958 Willow Ave", "#12"),
    ("Suite 300, 958 Willow Avenue, Austin, TX 78701", "958 Willow Avenue", "Suite 300"),
    # near misses: the unit after the street as before, and no unit at all
    ("958 Willow Avenue Apt 4B, Austin TX 78701", "958 Willow Avenue", "Apt 4B"),
    ("958 Willow Avenue, Austin, TX 78701", "958 Willow Avenue", ""),
    ("958 Willow Avenue, Austin, TX 78701. thanks!", "958 Willow Avenue", ""),
])
def test_a_unit_before_the_street_or_after_the_zip_is_line_two(d, said, street, unit):
    t = _play(d, "address", 5000, [EMMA_MOVE, said, "yes"])
    _sound(t)
    calls = _calls(t)
    assert len(calls) == 1 and calls[0][0] == "modify_pending_order_address", _said(t)
    args = calls[0][1]
    assert (args["address1"], args["address2"], args["zip"]) == (street, unit, "78701"), args
    if unit:
        assert unit in _said(t)[1], _said(t)[1]  # the proposal says the unit it writes


# --- 5. a refund method ruled out ----------------------------------------------------------------------------------
EMMA = "emma.santos7683@example.com"  # address 5000: #W1539823 delivered (Smart Watch), paid with Mastercard ...6380
MASTERCARD, GIFT = "credit_card_5869505", "gift_card_6023546"


@pytest.mark.parametrize("ask", [
    "return the smart watch, and don't put the refund on the gift card",
    "return the smart watch, the refund can go anywhere except my gift card",
    "return the smart watch, just not onto the gift card",
    "return the smart watch, refund to anything but the gift card",
    "return the smart watch; i'd rather not get gift card credit",
    "I want to return the smart watch. Please do not refund it to my gift card.",
])
def test_a_refund_not_to_the_gift_card_goes_to_the_original_card(d, ask):
    t = _play(d, "address", 5000, [EMMA, ask, "yes"])
    _sound(t)
    assert "gift card" not in _said(t)[1], _said(t)[1]
    assert [(n, a["order_id"], a["payment_method_id"]) for n, a in _calls(t)] == [
        ("return_delivered_order_items", "#W1539823", MASTERCARD)], _said(t)


@pytest.mark.parametrize("ask", [
    "return the smart watch, refund to my gift card please",
    "return the smart watch and put the refund on the gift card, not the mastercard",
    "return the smart watch, i don't mind gift card credit",
])
def test_a_refund_asked_to_the_gift_card_still_goes_there(d, ask):
    t = _play(d, "address", 5000, [EMMA, ask, "yes"])
    _sound(t)
    assert [(n, a["payment_method_id"]) for n, a in _calls(t)] == [("return_delivered_order_items", GIFT)], _said(t)


@pytest.mark.parametrize("fix", ["no, NOT the gift card", "not to the gift card please", "don't put it on the gift card"])
def test_the_gift_card_ruled_out_at_the_proposal_moves_the_refund(d, fix):
    t = _play(d, "address", 5000, [EMMA, "return the smart watch, refund to my gift card", fix, "yes"])
    _sound(t)
    assert "Mastercard ending in 6380" in _said(t)[2], _said(t)[2]
    assert [(n, a["payment_method_id"]) for n, a in _calls(t)] == [("return_delivered_order_items", MASTERCARD)], _said(t)


# --- 4. one item corrected at a proposal of two ---------------------------------------------------------------------
FATIMA = ("Hi there, Fatima Anderson, zip is 78786. On my pending order I'd like the kettle switched to the glass version "
          "but keep it white and 1 litre, and the puzzle changed to the 500 piece art one, beginner level.")
KETTLE, PUZZLE = "2243454707", "3112842858"  # modify_items 5000: #W6368178, Electric Kettle and Jigsaw Puzzle
BLACK_GLASS_KETTLE, ART_PUZZLE = "2323972008", "1096508426"


@pytest.mark.parametrize("fix", [
    "wait make the kettle black",
    "sorry, black for the kettle, not white",
    "hmm make the kettle black please",
    "wait, the kettle should be black",
    "the kettle in black, not white please",
    "actually the kettle in black",  # (near miss: worked before)
])
def test_one_item_corrected_keeps_the_other(d, fix):
    t = _play(d, "modify_items", 5000, [FATIMA, fix, "yes"])
    _sound(t)
    assert "Jigsaw Puzzle" in _said(t)[1] and "(1L, glass, black" in _said(t)[1], _said(t)[1]
    assert [(n, a["item_ids"], a["new_item_ids"]) for n, a in _calls(t)] == [
        ("modify_pending_order_items", [KETTLE, PUZZLE], [BLACK_GLASS_KETTLE, ART_PUZZLE])], _said(t)


@pytest.mark.parametrize("narrow", ["the kettle, not the puzzle", "puzzle no, kettle black", "only the kettle"])
def test_an_item_left_out_at_the_proposal_is_still_left_out(d, narrow):
    t = _play(d, "modify_items", 5000, [FATIMA, narrow, "yes"])
    _sound(t)
    assert "Jigsaw Puzzle" not in _said(t)[1], _said(t)[1]
    assert [(n, a["item_ids"]) for n, a in _calls(t)] == [("modify_pending_order_items", [KETTLE])], _said(t)


# --- 2. one of two keyboards picked by its place --------------------------------------------------------------------
MEI = "mei kovacs 43295"  # exchange 5000: #W2022128 pending, Mechanical Keyboard tactile/none/80% then linear/none/80%
TACTILE, LINEAR = "7658724607", "1421289881"


@pytest.mark.parametrize("ask, picked", [
    ("on the order with the keyboards, change the second keyboard to RGB backlight", LINEAR),
    ("change the first keyboard to RGB backlight", TACTILE),
    ("only the 2nd keyboard should be RGB backlight", LINEAR),
    ("change one keyboard (the one listed last) to RGB backlight", LINEAR),
    ("i have two keyboards in my order, the last keyboard should get RGB backlight", LINEAR),
    ("change the linear keyboard to RGB backlight", LINEAR),  # (near miss: by its option, as before)
])
def test_one_keyboard_of_two_by_its_place_changes_only_that_one(d, ask, picked):
    t = _play(d, "exchange", 5000, [MEI, ask, "yes"])
    _sound(t)
    assert _said(t)[1].count(") -> (") == 1, _said(t)[1]
    assert [(n, a["item_ids"]) for n, a in _calls(t)] == [("modify_pending_order_items", [picked])], _said(t)


def test_both_keyboards_asked_are_still_both(d):
    t = _play(d, "exchange", 5000, [MEI, "change both keyboards to RGB backlight", "yes"])
    _sound(t)
    assert [(n, a["item_ids"]) for n, a in _calls(t)] == [("modify_pending_order_items", [TACTILE, LINEAR])], _said(t)


# --- 1. a change said without its verb after a cancellation ---------------------------------------------------------
DAIKI = "daiki muller 94157"  # mixed_pending_delivered 5001: #W7822344 pending (kettle, pet bed), #W6790887 pending
PET_BED_ORDER, OTHER_ORDER = "#W7822344", "#W6790887"  # (#W6790887: Dumbbell Set 5-25 lbs, Wireless Earbuds white)


@pytest.mark.parametrize("ask", [
    f"{DAIKI}. cancel the pet bed order, no longer needed, and the earbuds in black please",
    f"{DAIKI}. cancel the pet bed order, no longer needed, and the dumbbells can they be 30-50 lbs",
    f"{DAIKI}. cancel the pet bed order, no longer needed, and the earbuds i'd like them black",
    f"{DAIKI}. cancel the pet bed order, no longer needed. the dumbbells, can they be 30-50 lbs?",
    f"{DAIKI}. cancel the pet bed order, no longer needed, and the earbuds should be black",
])
def test_a_change_without_its_verb_after_a_cancel_is_no_second_cancel(d, ask):
    t = _play(d, "mixed_pending_delivered", 5001, [ask, "yes", "yes"])
    _sound(t)
    calls = [(n, a["order_id"]) for n, a in _calls(t)]
    assert calls == [("cancel_pending_order", PET_BED_ORDER), ("modify_pending_order_items", OTHER_ORDER)], _said(t)
    assert f"cancel order {OTHER_ORDER}" not in " ".join(_said(t)), _said(t)


def test_a_return_a_cancel_and_a_bare_change_each_go_their_way(d):
    t = _play(d, "mixed_pending_delivered", 5001, [
        f"{DAIKI} - return the skateboard, cancel the kettle order i dont need it anymore, and the dumbbells in 30-50 lbs",
        "yes", "yes", "yes"])
    _sound(t)
    assert [n for n, _a in _calls(t)] == ["return_delivered_order_items", "cancel_pending_order",
                                          "modify_pending_order_items"], _said(t)
    assert [a["order_id"] for n, a in _calls(t)][1:] == [PET_BED_ORDER, OTHER_ORDER], _said(t)


@pytest.mark.parametrize("ask", [
    "evelyn hernandez 92139. cancel the grill order, ordered by mistake, and the desk lamp in white please",
    "evelyn hernandez 92139. cancel the grill order, ordered by mistake, and the e-reader can it be wifi only",
])
def test_another_customer_bare_change_after_a_cancel(d, ask):
    t = _play(d, "mixed_pending_delivered", 5002, [ask, "yes"])  # #W3482034 grill; #W4895606 e-reader, lamp
    _sound(t)
    assert [(n, a["order_id"]) for n, a in _calls(t)] == [("cancel_pending_order", "#W3482034")], _said(t)
    assert "cancel order #W4895606" not in _said(t)[1], _said(t)[1]


@pytest.mark.parametrize("ask", [
    f"{DAIKI}. cancel the pet bed order and the earbuds order too, no longer needed",
    f"{DAIKI}. cancel the pet bed order, no longer needed, and the earbuds too",
])
def test_two_orders_cancelled_by_their_items_are_still_both_cancelled(d, ask):
    t = _play(d, "mixed_pending_delivered", 5001, [ask, "yes", "yes"])
    _sound(t)
    assert [(n, a["order_id"]) for n, a in _calls(t)] == [("cancel_pending_order", PET_BED_ORDER),
                                                          ("cancel_pending_order", OTHER_ORDER)], _said(t)


def test_a_bare_wish_for_the_value_the_item_has_asks_which_option(d):
    # "the earbuds in white" of white earbuds: neither a clear change nor a clear cancellation, so asked, not cancelled
    t = _play(d, "mixed_pending_delivered", 5001,
              [f"{DAIKI}. cancel the pet bed order, no longer needed, and the earbuds in white please", "yes"])
    _sound(t)
    assert [(n, a["order_id"]) for n, a in _calls(t)] == [("cancel_pending_order", PET_BED_ORDER)], _said(t)
    assert "cancel order #W6790887" not in _said(t)[1], _said(t)[1]
