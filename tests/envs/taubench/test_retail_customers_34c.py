"""Retail customers played against the fault-free clerk (thirty-fourth session, part c).

Findings 5 and 6 of retail-customers-15 (/work/h34/retail-customers-15/report.md) and one of this round's fixers: an
item change said as a wish ("the headphones ... should be wireless") beside a return of another item in the same message
was dropped, and the pending order told it "can't be returned"; "the shoes" / "my trainers" never named the Sneakers of
an order (so they were left out of a once-per-order exchange without a word); "yes and also cancel my other order" at a
cancellation was promised ("I'll come to the rest of your request right after") and then dropped. Each case has the
tester's words, others of the kind, and near misses that keep their old reading; each conversation is checked for
soundness (no violation, no failed turn, each write right after a yes to the proposal that named it).
"""

from __future__ import annotations

import pytest

from envs.taubench.language import item_mentions
from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, seed, lines):
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-34c")


def _writes(t):
    return [(name, args.get("order_id"), args.get("item_ids"), args.get("new_item_ids")) for name, args in _calls(t)]


# --- a. a wish for another option beside a return, in one message -------------------------------------------------------
NOAH = "noah kovacs 20566"  # mixed_pending_delivered 3313: #W9440076 pending (Headphones wired), #W8826221 delivered
HEADPHONES = ("modify_pending_order_items", "#W9440076", ["2025713343"], ["9805150490"])
JACKET = ("return_delivered_order_items", "#W8826221", ["8590708195"], None)


@pytest.mark.parametrize("ask", [
    "the headphones in my pending order should be wireless not wired. also the fleece jacket is too big so send it back",
    "my headphones need to be wireless, not wired. and please return the fleece jacket, it's too big",
    "The headphones on the pending one should be wireless; the fleece jacket I want to return.",
    "the headphones have to be wireless. plus I'd like to send the fleece jacket back",
    "return the fleece jacket and change the headphones in my pending order to wireless",  # (worked before)
])
def test_a_wish_beside_a_return_is_both_asked(d, ask):
    t = _play(d, "mixed_pending_delivered", 3313, [NOAH, ask, "yes", "yes"])
    _sound(t)
    said = _said(t)
    assert "can't be returned" not in said[1], said[1]
    assert "Headphones (on-ear, wired, white, $336.15) -> (on-ear, wireless, white" in said[1], said[1]
    assert _writes(t) == [HEADPHONES, JACKET], said


@pytest.mark.parametrize("ask", [
    "the fleece jacket should be a smaller size. I want to return it",  # the wish is the return's reason
    "return the fleece jacket, it should be smaller but it's huge",
])
def test_a_wish_that_is_the_reason_of_the_return_is_no_change(d, ask):
    t = _play(d, "mixed_pending_delivered", 3313, [NOAH, ask, "yes"])
    _sound(t)
    assert _writes(t) == [JACKET], _said(t)


# --- b. everyday words for a product's name -------------------------------------------------------------------------------
ORDER = ["Sneakers", "Bluetooth Speaker", "Luggage Set"]


@pytest.mark.parametrize("text", ["exchange the shoes", "my trainers are too tight", "the shoe is too small",
                                  "return the tennis shoes"])
def test_shoes_and_trainers_are_the_sneakers(text):
    assert [n for _a, _b, n, neg in item_mentions(text, ORDER) if not neg] == ["Sneakers"]


@pytest.mark.parametrize("text, names, want", [
    ("return the running shoes", ORDER, []),  # another product of the store, named in full
    ("exchange the shoes", ORDER + ["Running Shoes"], ["Running Shoes"]),  # both: 'shoes' ends the other's name
    ("i quit training", ORDER, []),
    ("send it to my trainer's address", ["Bluetooth Speaker"], []),
    ("return my rucksack", ["Backpack", "Laptop"], ["Backpack"]),
    ("the power bank is broken", ["Portable Charger", "Smartphone"], ["Portable Charger"]),
])
def test_aliases_near_misses(text, names, want):
    assert [n for _a, _b, n, neg in item_mentions(text, names) if not neg] == want


ETHAN = "Ethan Moore 90651"  # exchange 5120: #W7156413 delivered, Sneakers (10, gray, leather) + red speaker + luggage
TESTER = ("So I got my package with the shoes and the speaker, love the shoes but they're a bit tight - could I get them "
          "a size up? Same everything else. And the speaker, my wife hates red lol, green would be great")


def test_the_shoes_are_not_left_out_of_the_once_only_exchange(d):
    t = _play(d, "exchange", 5120, [ETHAN, TESTER, "ok the 6 black synthetic then", "yes"])
    _sound(t)
    said = _said(t)
    assert "Which option would you like for the Sneakers" in said[1], said[1]
    assert "Running Shoes" not in said[1], said[1]
    assert "Sneakers (10, gray, leather, $189.50) -> (6, black, synthetic" in said[2], said[2]
    assert "Bluetooth Speaker (red, 10 hours, no, $315.20) -> (green" in said[2], said[2]
    assert [w[0] for w in _writes(t)] == ["exchange_delivered_order_items"]
    assert len(_writes(t)[0][2]) == 2


@pytest.mark.parametrize("ask", ["I want to exchange the shoes", "i want to exchange my trainers for black ones",
                                 "exchange the shoes for size 11 and the speaker for green"])
def test_shoes_name_the_sneakers_of_the_order(d, ask):
    t = _play(d, "exchange", 5120, [ETHAN, ask])
    _sound(t)
    reply = _said(t)[1]
    assert "Sneakers (10, gray, leather" in reply and "Which order" not in reply, reply


def test_i_love_the_lamp_is_still_kept():
    names = ["Desk Lamp", "Electric Kettle"]
    assert [n for _a, _b, n, neg in item_mentions("i love the lamp, return the kettle", names) if not neg] == [
        "Electric Kettle"]


# --- c. "yes and also cancel my other order" at a cancellation -----------------------------------------------------------
ISABELLA = "isabella johansson here, zip is 60625. pls cancel the order with the coffee machine in it, i ordered it by mistake"
# cancel 3313: #W6783532 (espresso machine), other pending orders #W8882972 and #W2591905 (Sneakers)


@pytest.mark.parametrize("ask", [
    "yes and also cancel my other order",
    "yes. also please cancel my other pending order, same reason",
    "yes and also cancel the other one too",
    "yes, plus cancel my other order as well",
])
def test_the_other_order_is_asked_after_the_first_cancellation(d, ask):
    t = _play(d, "cancel", 3313, [ISABELLA, ask, "yes", "the sneakers one", "yes"])
    _sound(t)
    said = _said(t)
    assert "Order #W6783532 is cancelled. You also asked to cancel an order. Which order is that for?" in said[2], said[2]
    assert "#W8882972" in said[2] and "#W2591905" in said[2], said[2]
    assert "To confirm, I will cancel order #W2591905" in said[3], said[3]
    assert [(w[0], w[1]) for w in _writes(t)] == [("cancel_pending_order", "#W6783532"),
                                                   ("cancel_pending_order", "#W2591905")], said
    assert "To confirm" not in said[4], said[4]  # (once: not every pending order, one after another)


@pytest.mark.parametrize("ask", ["go ahead but don't touch my other order", "yes, but don't cancel my other order"])
def test_the_other_order_kept_out_is_not_cancelled(d, ask):
    t = _play(d, "cancel", 3313, [ISABELLA, ask, "yes"])
    _sound(t)
    assert [(w[0], w[1]) for w in _writes(t)] == [("cancel_pending_order", "#W6783532")], _said(t)
    assert "Which order is that for" not in " ".join(_said(t)), _said(t)


def test_yes_and_cancel_the_sneakers_order_too_still_goes_on(d):
    t = _play(d, "cancel", 3313, [ISABELLA, "yes, and cancel the sneakers order too", "yes", "yes"])
    _sound(t)
    assert [(w[0], w[1]) for w in _writes(t)] == [("cancel_pending_order", "#W6783532"),
                                                   ("cancel_pending_order", "#W2591905")], _said(t)
