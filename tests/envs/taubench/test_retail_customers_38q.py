"""Retail customers played against the fault-free clerk (thirty-eighth session, part q).

Findings 1 and 4 of retail-customers-24 (/work/h38/retail-customers-24/report.md): "the perfume in my other order"
at a proposal for #W1 (which holds a perfume too) folded #W1's perfume into #W1's change, and a yes wrote it; "the
t-shirt / camera in my other order" was read as the order just talked about; and "I want to cancel some of them / a
couple / two of them" went through every pending order in turn instead of listing them and asking which. Each case has
the tester's words, others of the kind, and near misses; each conversation is checked for soundness.
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-38q")


# --- 1. "the X in my other order": the other order holding an X, never the order in hand ---------------------------
# several_pending_edits 0: Mei Patel; #W4082615 (Jigsaw Puzzle, Perfume woody 30ml women, ...), #W9583042 (Perfume
# oriental 100ml men)
MEI = "mei.patel3193@example.com"
PUZZLE = "in #W4082615 change the jigsaw puzzle to the 500 piece beginner one"


@pytest.mark.parametrize("more", [
    "yes. one more thing, the perfume in my other order - switch it to the 30ml size",  # the tester's
    "yes. also the perfume on my other order should be 30ml",
    "yes please. and in the other order, perfume to 30ml",
    "yes, and the perfume from my other order: make it 30ml",
])
def test_the_other_orders_perfume_is_not_folded_into_the_change_in_hand(d, more):
    t = _play(d, "several_pending_edits", 0, [MEI, PUZZLE, more, "yes", "yes"])
    _sound(t)
    mods = [a for n, a in _calls(t) if n == "modify_pending_order_items"]
    assert mods and all(a["order_id"] != "#W4082615" or a["item_ids"] == ["9779102705"] for a in mods), _calls(t)
    assert {a["order_id"] for a in mods} <= {"#W4082615", "#W9583042"}, _calls(t)


# exchange 0: Yusuf Rossi; pending #W4776164 (T-Shirt blue S, Espresso Machine) and #W6247578 (T-Shirt black XXL);
# delivered #W2378156 (Smart Thermostat, ...) and #W6679257 (Digital Camera)
YUSUF = "yusuf.rossi7301@example.com"


@pytest.mark.parametrize("lines", [
    ["where is #W4776164 shipping to?", "thanks. and the t-shirt in my other order - can it be size L?", "yes"],
    ["what's in #W4776164?", "ok. the t-shirt from my other order, change it to size L", "yes"],
])
def test_the_t_shirt_in_my_other_order_is_the_other_orders(d, lines):
    t = _play(d, "exchange", 0, [YUSUF] + lines)
    _sound(t)
    assert all(a["order_id"] != "#W4776164" for n, a in _calls(t) if n == "modify_pending_order_items"), _calls(t)
    assert any(n == "modify_pending_order_items" and a["order_id"] == "#W6247578" for n, a in _calls(t)), _calls(t)


@pytest.mark.parametrize("ask", [
    "the camera in the other order - exchange it to 30MP",
    "another change please: the camera from my other order, exchange it for the 30MP one",
    "and in my other order, the camera, swap for 30MP",  # (worked before)
])
def test_the_camera_in_the_other_order_after_an_exchange(d, ask):
    t = _play(d, "exchange", 0, [YUSUF, "exchange the thermostat in #W2378156 for the google assistant black one", "yes",
                                 ask, "yes"])
    _sound(t)
    ex = [a["order_id"] for n, a in _calls(t) if n == "exchange_delivered_order_items"]
    assert ex == ["#W2378156", "#W6679257"], _calls(t)


def test_several_other_orders_holding_the_item_are_not_guessed(d):
    # in hand #W2378156 (no t-shirt): two other orders hold one; nothing is written on a bare yes
    t = _play(d, "exchange", 0, [YUSUF, "what's in #W2378156?", "ok. the t-shirt in my other order - can it be size L?",
                                 "yes"])
    _sound(t)
    assert not any(n == "modify_pending_order_items" for n, _ in _calls(t)), _calls(t)


# --- 4. "cancel some of them / a couple / two of them": the pending orders listed, and asked which ----------------
# cancel 2: Ava Nguyen; five pending orders, #W1242543 holds the Skateboard alone, #W9892465 the Smart Watch
AVA = "ava.nguyen2868@example.com"


@pytest.mark.parametrize("ask", [
    "which orders haven't shipped? I want to cancel some of them",  # the tester's
    "what hasn't gone out yet? I need to cancel a couple",
    "list my unshipped orders please, I'll cancel two of them",
    "which orders haven't shipped yet? I might cancel a few of them",
])
def test_a_few_of_the_pending_orders_are_asked_for(d, ask):
    t = _play(d, "cancel", 2, [AVA, ask, "ordered by mistake", "not that one! only the skateboard order", "yes"])
    _sound(t)
    assert "Which of them would you like to cancel?" in _said(t)[1], _said(t)[1]
    assert [a["order_id"] for n, a in _calls(t) if n == "cancel_pending_order"] == ["#W1242543"], _calls(t)


def test_two_orders_picked_are_each_proposed(d):
    t = _play(d, "cancel", 2, [AVA, "which orders haven't shipped? I want to cancel some of them",
                               "the skateboard order and the smart watch order", "ordered by mistake", "yes", "yes"])
    _sound(t)
    assert [a["order_id"] for n, a in _calls(t) if n == "cancel_pending_order"] == ["#W1242543", "#W9892465"]


def test_cancel_one_still_asks_which_one(d):  # near miss: retN's wording kept
    t = _play(d, "cancel", 2, [AVA, "which orders haven't shipped? I want to cancel one"])
    _sound(t)
    assert "Which one would you like to cancel?" in _said(t)[-1], _said(t)[-1]
