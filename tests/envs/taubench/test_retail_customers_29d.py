"""Retail customers played against the fault-free clerk (twenty-ninth session, fourth fix round), in the testers'
words and in others. The cases come from retail-customers-3 (/work/h29/retail-customers-3/report.md, reproducers
repro.py): F10 an item of an order whose items were just modified was not found ("Which order?" again and again);
F11 "it" right after an order was shown was not that order ("change it to my home one"); F12 a hypothetical "if I
cancel W.., how much do I get back?" started a cancellation, and "why not?" after a refusal got the menu; F13 item
descriptions ("the bigger backpack", "the 100W one") were not used. Each conversation is also checked for
soundness: no failed turn, no verifier violation, each write right after a yes to the proposal that named it.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_unseen_retail_customers import _expect, _play, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


# --- F10. an item of an order whose items were modified: that order, and why nothing more can be done -------------
# payment, held-out seed 720: Aarav Gonzalez, pending #W9160732 (Water Bottle 1000ml, ..., Fleece Jacket XL), pending
# #W6979932 (Electric Toothbrush, ...), delivered #W6797115
_AARAV = "aarav.gonzalez9269@example.com"
_BOTTLE = ["the 1000ml bottle - make it 750ml please", "yes"]


@pytest.mark.parametrize("line", [
    "also change the fleece jacket to size L",
    "can you also make the fleece jacket a size L?",
    "one more thing, the jacket should be L not XL",
    "and switch the jacket to a size L too",
])
def test_an_item_of_the_order_just_modified_is_found_and_the_refusal_said(d, line):
    _, t = _play(d, "payment", [_AARAV, *_BOTTLE, line], seed=720)
    last = _said(t)[-1]
    assert "Which order" not in last and "#W9160732" in last and "once" in last and "What would you" not in last, last
    _expect(t, [("modify_pending_order_items", {"order_id": "#W9160732"})])
    _sound(t)


@pytest.mark.parametrize("line", [
    "ok then just cancel the whole order. by mistake",
    "fine, cancel the entire order then, ordered by mistake",
])
def test_the_whole_order_just_changed_is_that_order(d, line):
    _, t = _play(d, "payment", [_AARAV, *_BOTTLE, line], seed=720)
    last = _said(t)[-1]
    assert "Which order" not in last and "#W9160732" in last and "can't be cancelled" in last, last
    _expect(t, [("modify_pending_order_items", {"order_id": "#W9160732"})])
    _sound(t)


def test_an_item_of_another_pending_order_is_still_changed_after_a_modification(d):
    # the twin: the toothbrush's order was not modified, so its change is proposed
    _, t = _play(d, "payment", [_AARAV, *_BOTTLE, "also change the electric toothbrush to black"], seed=720)
    last = _said(t)[-1]
    assert "#W6979932" in last and ("To confirm" in last or "Which option" in last), last
    _sound(t)


# --- F11. "it" just after an order's address was said is that order --------------------------------------------
# address, held-out seed 754: Anya Sanchez, pending #W5402785 (Electric Kettle) shipping to Fort Worth, pending
# #W6002958, profile address 308 Main Street, Suite 214, Columbus, OH 43171
_ANYA = "anya.sanchez7626@example.com"
_HOME = {"order_id": "#W5402785", "address1": "308 Main Street", "city": "Columbus", "zip": "43171"}


@pytest.mark.parametrize("asked, change", [
    ("what address is W5402785 going to?", "change it to my home one"),
    ("what address is W5402785 going to?", "ok send it to my home address instead"),
    ("where is order W5402785 being shipped?", "please ship it to my default address instead"),
    ("which address does W5402785 ship to", "can you switch it to the default one?"),
])
def test_it_after_an_orders_address_was_said_is_that_order(d, asked, change):
    _, t = _play(d, "address", [_ANYA, asked, change], seed=754)
    last = _said(t)[-1]
    assert "shipping address of order #W5402785" in last and "308 Main Street" in last, last
    _, t = _play(d, "address", [_ANYA, asked, change, "yes"], seed=754)
    _expect(t, [("modify_pending_order_address", _HOME)])
    _sound(t)


def test_a_new_address_with_no_order_talked_about_still_asks_which(d):
    # the twin: nothing was said about an order before, so the clerk asks whose address it is
    _, t = _play(d, "address", [_ANYA, "please change my address to 77 Elm Street, Columbus, OH 43215"], seed=754)
    last = _said(t)[-1]
    assert "default address, or for the shipping address of an order" in last, last
    _expect(t, None)
    _sound(t)


# --- F12. a question about what a cancellation would give back is answered, not started -------------------------
@pytest.mark.parametrize("line", [
    "if I cancel W9160732, how much do I get back and where does it go?",
    "say I cancel W9160732 - how much would I get back?",
    "once we cancel W9160732, how much is refunded and to which card?",
])
def test_a_cancellation_in_a_condition_is_a_question_and_gets_the_amount(d, line):
    _, t = _play(d, "payment", [_AARAV, line], seed=720)
    last = _said(t)[-1]
    assert "$1,011.54" in last and "gift card" in last and "why you want to cancel" not in last, last
    _expect(t, None)
    _sound(t)


@pytest.mark.parametrize("line", [
    "cancel W9160732 please, how much do I get back?",
    "cancel W9160732, ordered by mistake. how much will I get back?",
])
def test_a_cancellation_asked_for_beside_the_question_is_still_started(d, line):
    # the twin: the cancellation is asked for, not supposed
    _, t = _play(d, "payment", [_AARAV, line], seed=720)
    last = _said(t)[-1]
    assert "why you want to cancel" in last or "To confirm, I will cancel order #W9160732" in last, last
    _expect(t, None)
    _sound(t)


# --- F12. "why not?" after a refusal: the rule, and what can be done instead -------------------------------------
# refuse, held-out seed 730: Mohamed Lee, pending #W6302827 (Hiking Boots, ...)
_MOHAMED = "mohamed lee 75372"


@pytest.mark.parametrize("why", [
    "why not? they haven't arrived and i don't want them",
    "how come?",
    "but why can't I?",
])
def test_why_not_after_a_refused_return_explains_it_and_offers_the_cancellation(d, why):
    _, t = _play(d, "refuse", [_MOHAMED, "return the hiking boots", why], seed=730)
    last = _said(t)[-1]
    assert "#W6302827" in last and "delivered" in last and "cancel it" in last and "How can I help" not in last, last
    _, t = _play(d, "refuse", [_MOHAMED, "return the hiking boots", why, "yes", "no longer needed", "yes"], seed=730)
    _expect(t, [("cancel_pending_order", {"order_id": "#W6302827", "reason": "no longer needed"})])
    _sound(t)


def test_why_with_nothing_refused_before_is_not_an_explanation(d):
    # the twin: no refusal was said, so "why?" is not read as asking about one
    _, t = _play(d, "refuse", [_MOHAMED, "why?"], seed=730)
    last = _said(t)[-1]
    assert "Only items that have been delivered" not in last, last
    _expect(t, None)
    _sound(t)


# --- F13. items told apart by their size, and a description that fits both said so ---------------------------
# refuse, held-out seed 730: Mohamed Lee, delivered #W7913362 with two Backpacks (grey medium polyester laptop,
# grey large polyester hydration); cancel_plus 720: Chen Ahmed, delivered #W1841226 with two glass
# Tea Kettles (1.5 liters gas, 1 liter electric)
_CHEN = "chen.ahmed5266@example.com"


@pytest.mark.parametrize("line, size", [
    ("return the bigger backpack", "large"),
    ("I'd like to return the larger of my two backpacks", "large"),
    ("please return the smaller backpack", "medium"),
])
def test_a_backpack_named_by_its_relative_size_is_that_one(d, line, size):
    _, t = _play(d, "refuse", [_MOHAMED, line], seed=730)
    last = _said(t)[-1]
    assert f"Backpack (grey, {size}," in last and "To confirm" in last and "Which one" not in last, last
    _sound(t)


def test_the_backpack_with_no_size_word_is_still_asked_about(d):
    # the twin: nothing tells the two apart, so the clerk asks
    _, t = _play(d, "refuse", [_MOHAMED, "return the backpack"], seed=730)
    assert "Which one would you like to return" in _said(t)[-1], _said(t)[-1]
    _sound(t)


@pytest.mark.parametrize("line", ["the larger kettle", "the bigger one"])
def test_a_kettle_picked_by_size_at_the_which_question(d, line):
    _, t = _play(d, "cancel_plus", [_CHEN, "return the tea kettle", line], seed=720)
    last = _said(t)[-1]
    assert "Tea Kettle (glass, 1.5 liters, gas" in last and "To confirm" in last, last
    _sound(t)


@pytest.mark.parametrize("line", ["the glass one", "the one made of glass"])
def test_a_description_both_kettles_fit_is_said_to_fit_both(d, line):
    _, t = _play(d, "cancel_plus", [_CHEN, "return the tea kettle", line], seed=720)
    last = _said(t)[-1]
    assert last.startswith("Both are glass; they differ in capacity") and "1 liter" in last, last
    _, t = _play(d, "cancel_plus", [_CHEN, "return the tea kettle", line, "the 1 liter one", "yes"], seed=720)
    _expect(t, [("return_delivered_order_items", {"order_id": "#W1841226", "item_ids": ["9747045638"]})])
    _sound(t)
