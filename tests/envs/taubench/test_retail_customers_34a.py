"""Retail customers played against the fault-free clerk (thirty-fourth session, part a).

Findings 1-4 of retail-customers-15 (/work/h34/retail-customers-15/report.md), each a wrong item or order written after
a yes to a plausible proposal: an option ruled out in the words that pick one of two items of a product ("the speaker,
not the black one", "that isn't black", "the non-black one") picked the excluded item; option values said short or in
other words ("4 pieces", "4pc", "waterproof" of water resistance, "5-25" without its unit) were passed over and the item's
own value kept without a word (a value the product does not have is now said so); a clause that keeps the customer's
other order out of a proposal ("go ahead but don't touch my other order") became a cancellation of that order. Each case
has the tester's words, others of the kind, and near misses that keep their old reading; each conversation is checked
for soundness (no violation, no failed turn, each write right after a yes to the proposal that named it).
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-34a")


def _items(t):
    return [(name, args.get("order_id"), args.get("item_ids"), args.get("new_item_ids")) for name, args in _calls(t)]


# --- 1. an option ruled out in the words that pick one of two items of a product ------------------------------------
NOAH = "noah.kovacs8240@example.com"  # mixed_pending_delivered 3313: #W3002300 delivered, Bluetooth Speakers
GREEN, BLACK = "9179378709", "7597543861"  # green ($326.59) and black ($310.47), both 10 hours, no water resistance


@pytest.mark.parametrize("ask", [
    "return the speaker, not the black one",
    "send back the speaker that isn't black",
    "return the speaker that's not the black one",
    "return the non-black speaker",
    "I want to return the speaker other than the black one",
    "can I return the speaker that isn\u2019t black please",
    "return the green speaker, not the black one",
])
def test_a_speaker_said_not_black_is_the_green_one(d, ask):
    t = _play(d, "mixed_pending_delivered", 3313, [NOAH, ask, "yes"])
    _sound(t)
    assert "Bluetooth Speaker (green, 10 hours, no)" in _said(t)[1], _said(t)[1]
    assert _items(t) == [("return_delivered_order_items", "#W3002300", [GREEN], None)], _said(t)


def test_a_speaker_said_not_green_is_the_black_one(d):
    t = _play(d, "mixed_pending_delivered", 3313, [NOAH, "return whichever speaker isn't green", "yes"])
    _sound(t)
    assert _items(t) == [("return_delivered_order_items", "#W3002300", [BLACK], None)], _said(t)


def test_an_exchange_of_the_speaker_that_isnt_black_changes_the_green_one(d):
    t = _play(d, "mixed_pending_delivered", 3313, [NOAH, "exchange the speaker that isn't black for a blue one"])
    _sound(t)
    reply = _said(t)[1]
    assert "Bluetooth Speaker (green, 10 hours, no, $326.59) -> (blue, 10 hours, no" in reply, reply
    assert "not black" not in reply, reply  # (no "your speaker is green now, not black": the black one was ruled out)


@pytest.mark.parametrize("email, ask, want", [
    ("ava.moore6020@example.com", "return the backpack that isn't navy", "Backpack (black, small, nylon, laptop)"),
    ("mei.ahmed4901@example.com", "return the skateboard other than the 34 inch one", "Skateboard (plastic, 28 inch, plain)"),
    ("yusuf.johnson6185@example.com", "I'd like to send back the helmet that isn't red", "Cycling Helmet (L, blue, low)"),
    ("amelia.patel6926@example.com", "exchange the smart watch that's not silver for a gold one",
     "Smart Watch (black, leather, AMOLED, $375.03) -> (gold"),
])
def test_other_products_with_an_option_ruled_out(d, email, ask, want):
    t = _play(d, "return", 59, [email, ask])
    _sound(t)
    assert want in _said(t)[1], _said(t)[1]


def test_of_three_items_one_ruled_out_is_asked(d):
    # #W3470184: three Wireless Earbuds (4 h IPX4, 6 h IPX4, 4 h IPX7): two are left, so which one is asked
    t = _play(d, "return", 59, ["aarav.anderson9752@example.com", "return the earbuds, not the 6 hour ones"])
    _sound(t)
    assert "Which one would you like to return" in _said(t)[1] and "To confirm" not in _said(t)[1], _said(t)[1]
    t = _play(d, "return", 59, ["aarav.anderson9752@example.com", "return the earbuds that aren't IPX7, the 6 hour ones"])
    assert "Wireless Earbuds (blue, 6 hours, IPX4)" in _said(t)[1], _said(t)[1]


@pytest.mark.parametrize("ask, item", [
    ("return the black speaker", BLACK),
    ("return the speaker that isn't working, the black one", BLACK),  # a negation of no option keeps the pick
])
def test_near_misses_keep_their_pick(d, ask, item):
    t = _play(d, "mixed_pending_delivered", 3313, [NOAH, ask, "yes"])
    _sound(t)
    assert _items(t) == [("return_delivered_order_items", "#W3002300", [item], None)], _said(t)


# --- 2. option values said short or in other words --------------------------------------------------------------------
ETHAN = "Ethan Moore 90651"  # exchange 5120: #W7156413 delivered: Luggage Set 3-piece silver softshell, red speaker ...


@pytest.mark.parametrize("ask", [
    "exchange the luggage set for 4 pieces, blue",
    "exchange the luggage set for a 4pc blue softshell",
    "exchange the luggage set for the 4-pc blue one",
    "exchange the luggage set for a four piece blue set",
    "can the luggage set be swapped for the blue 4 pcs one?",
])
def test_a_piece_count_said_short_is_read(d, ask):
    t = _play(d, "exchange", 5120, [ETHAN, ask, "yes thanks"])
    _sound(t)
    assert "-> (4-piece, blue, softshell" in _said(t)[1], _said(t)[1]
    assert _items(t) == [("exchange_delivered_order_items", "#W7156413", ["6690069155"], ["8759627937"])], _said(t)


def test_another_piece_count_said_short(d):
    t = _play(d, "exchange", 5120, [ETHAN, "exchange the luggage set for a 2 pc red hardshell"])
    _sound(t)
    assert "-> (2-piece, red, hardshell" in _said(t)[1], _said(t)[1]


def test_a_piece_count_the_set_does_not_come_in_is_said_not_passed_over(d):
    t = _play(d, "exchange", 5120, [ETHAN, "exchange the luggage set for a 5 piece blue one", "ok 4 pieces then", "yes"])
    _sound(t)
    reply = _said(t)[1]
    assert "doesn't come in 5 piece" in reply and "2-piece, 3-piece, 4-piece" in reply and "To confirm" not in reply, reply
    assert "-> (4-piece, blue, softshell" in _said(t)[2], _said(t)[2]
    assert _items(t) == [("exchange_delivered_order_items", "#W7156413", ["6690069155"], ["8759627937"])], _said(t)


def test_an_option_picked_from_the_list_after_that_is_the_one_listed(d):
    t = _play(d, "exchange", 5120, [ETHAN, "exchange the luggage set for a 5 piece blue one"])
    listed = _said(t)[1].split("Available options include: ")[1].split("; ")
    t = _play(d, "exchange", 5120, [ETHAN, "exchange the luggage set for a 5 piece blue one", "the second one"])
    _sound(t)
    reply = _said(t)[2]
    assert f"-> ({listed[1]}" in reply and "closest" not in reply, (listed, reply)


@pytest.mark.parametrize("ask", [
    "exchange the speaker for a blue waterproof one",
    "exchange the speaker for a blue water-proof one",
    "exchange the speaker for a blue water resistant one",
])
def test_waterproof_is_water_resistance_yes(d, ask):
    t = _play(d, "exchange", 5120, [ETHAN, ask])
    _sound(t)
    assert "Bluetooth Speaker (red, 10 hours, no, $315.20) -> (blue, 10 hours, yes" in _said(t)[1], _said(t)[1]


def test_not_waterproof_stays_no(d):
    t = _play(d, "exchange", 5120, [ETHAN, "exchange the speaker for a blue one that's not waterproof"])
    _sound(t)
    assert "-> (blue, 10 hours, no" in _said(t)[1], _said(t)[1]


def test_water_resistant_is_waterproof_yes(d):
    # #W8488728: Hiking Boots 11, leather, waterproof no
    t = _play(d, "return", 59, ["liam.thomas9081@example.com", "exchange my hiking boots for water resistant ones, same size"])
    _sound(t)
    assert "Hiking Boots (11, leather, no, $245.99) -> (11, leather, yes" in _said(t)[1], _said(t)[1]


def test_a_size_the_boots_do_not_come_in_is_said_beside_another_option(d):
    t = _play(d, "return", 59, ["liam.thomas9081@example.com", "exchange my hiking boots for size 13 waterproof"])
    _sound(t)
    reply = _said(t)[1]
    assert "don't come in size 13" in reply and "To confirm" not in reply, reply


# --- 3. a weight range said without its unit --------------------------------------------------------------------------
MEI = "mei.moore6624@example.com"  # exchange 6203: #W9694847 delivered: Dumbbell Set 55-75 lbs, iron, adjustable


@pytest.mark.parametrize("ask", [
    "exchange the dumbbell set for the 5-25 rubber one",
    "exchange the dumbbell set for 5 to 25 lbs, rubber, adjustable",
    "exchange the dumbbell set, weight 5-25, material rubber",
    "exchange the dumbbell set for the light one 5-25, rubber",
    "exchange the dumbbell set for the 5-25 lbs rubber one",  # (worked before)
])
def test_a_weight_range_without_its_unit_is_read(d, ask):
    t = _play(d, "exchange", 6203, [MEI, ask, "yes"])
    _sound(t)
    reply = _said(t)[1]
    assert "-> (5-25 lbs, rubber, adjustable, $457.81)" in reply and "closest" not in reply, reply
    assert [(n, o, new) for n, o, _, new in _items(t)] == [("exchange_delivered_order_items", "#W9694847", ["7896397433"])], \
        _said(t)


def test_a_weight_range_the_set_does_not_come_in_is_said(d):
    t = _play(d, "exchange", 6203, [MEI, "exchange the dumbbell set for the 10-30 rubber one", "5-25 then"])
    _sound(t)
    reply = _said(t)[1]
    assert "doesn't come in 10-30" in reply and "5-25 lbs, 30-50 lbs, 55-75 lbs" in reply and "To confirm" not in reply, reply
    assert "-> (5-25 lbs, rubber, adjustable" in _said(t)[2], _said(t)[2]


@pytest.mark.parametrize("fix", ["no i said 5-25 not 30-50", "no, 5-25 not 30-50", "no i want 5-25"])
def test_a_range_said_at_the_proposal_corrects_it(d, fix):
    t = _play(d, "exchange", 6203, [MEI, "exchange the dumbbell set for a rubber one", fix, "yes"])
    _sound(t)
    assert "-> (30-50 lbs, rubber" in _said(t)[1], _said(t)[1]
    assert "-> (5-25 lbs, rubber, adjustable" in _said(t)[2], _said(t)[2]
    assert [n for n, *_ in _items(t)] == ["exchange_delivered_order_items"] and _items(t)[0][3] == ["7896397433"], _said(t)


# --- 4. a clause that keeps another order out of the proposal ---------------------------------------------------------
ISABELLA = ("isabella johansson here, zip is 60625. pls cancel the order with the coffee machine in it, i ordered it by "
            "mistake")  # cancel 3313: #W6783532 proposed; other pending #W8882972 and #W2591905 (Sneakers)


@pytest.mark.parametrize("clause", [
    "go ahead but don't touch my other order",
    "yes if that doesnt affect my other order",
    "yes as long as my other order is untouched",
    "yes. my other order stays as is right?",
    "yes, but leave my other orders alone",
    "yes but don't cancel my other order",
    "go ahead but don't cancel the order with the sneakers",
    "ok go ahead, but leave the sneakers order alone",
    "go ahead, just don't cancel the sneakers one",
])
def test_a_clause_keeping_the_other_order_is_no_request_on_it(d, clause):
    t = _play(d, "cancel", 3313, [ISABELLA, clause, "yes"])
    _sound(t)
    reply = _said(t)[1]
    assert "This is only for order #W6783532" in reply and "I will cancel order #W6783532" in reply, reply
    assert "Which of your other" not in reply and "#W2591905 because" not in reply, reply
    assert [(n, o) for n, o, *_ in _items(t)] == [("cancel_pending_order", "#W6783532")], _said(t)


def test_the_testers_conversation_cancels_only_the_coffee_machine_order(d):
    t = _play(d, "cancel", 3313, [ISABELLA, "go ahead but don't touch my other order", "the one with the sneakers", "yes"])
    _sound(t)
    assert "order #W2591905 stays as it is" in _said(t)[2], _said(t)[2]
    assert [(n, o) for n, o, *_ in _items(t)] == [("cancel_pending_order", "#W6783532")], _said(t)


def test_a_clause_keeping_the_pending_order_at_a_return(d):
    t = _play(d, "mixed_pending_delivered", 3313, [NOAH, "return the green speaker", "ok but don't touch my pending order",
                                                    "yes"])
    _sound(t)
    assert "order #W9440076 stays as it is" in _said(t)[2], _said(t)[2]
    assert _items(t) == [("return_delivered_order_items", "#W3002300", [GREEN], None)], _said(t)


def test_near_miss_the_other_order_meant_instead_is_still_asked(d):
    t = _play(d, "cancel", 3313, [ISABELLA, "not that one, my other order"])
    _sound(t)
    assert "Which of your other pending orders do you mean" in _said(t)[1], _said(t)[1]


def test_near_miss_a_plain_yes_cancels_at_once(d):
    t = _play(d, "cancel", 3313, [ISABELLA, "yes"])
    _sound(t)
    assert [(n, o) for n, o, *_ in _items(t)] == [("cancel_pending_order", "#W6783532")], _said(t)


def test_near_miss_the_other_one_of_an_items_proposal_is_an_item_narrowed(d):
    # "the other one" may be an item of the very order proposed: narrowed as before, never the same proposal again
    t = _play(d, "exchange", 5120, [ETHAN, "exchange the speaker for a blue one and the luggage set for a black one",
                                    "don't change the other one, just the speaker"])
    _sound(t)
    reply = _said(t)[2]
    assert "Bluetooth Speaker (red, 10 hours, no, $315.20) -> (blue" in reply and "Luggage Set" not in reply, reply
