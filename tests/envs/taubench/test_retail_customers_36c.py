"""Retail customers played against the fault-free clerk (thirty-sixth session, part c).

Finding 10 of retail-customers-17 (/work/h36/retail-customers-17/report.md), the smaller issues: a question about what
two items of an order cost got only the whole order's payment; a request taken back at its own proposal ("return the
headphones... actually no, forget that") got "All right, I'll leave that." and the same proposal again; "if so forget
it" after a question about paying for the shipping back was read as taking the request back, and the question was not
read as a fee question; "exchange the fleece jacket for a large, and the dumbbells ..." refused to swap the dumbbells
"for a large" (the jacket's size carried over); "yes - actually the puzzle too" at a return's proposal folded the puzzle
in but said "I'll come to the rest of your request right after". Each case has the tester's words, others of the kind,
and near misses; each conversation is checked for soundness (nothing written without a yes to its proposal).
"""

from __future__ import annotations

import pytest

from envs.taubench.language import FEE, conditional_retraction
from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, seed, lines):
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-36c")


def _writes(t):
    return [(name, args.get("order_id"), sorted(args.get("item_ids") or [])) for name, args in _calls(t)]


# --- what the items asked about cost -------------------------------------------------------------------------------------
ANYA = "anya.patel9309@example.com"  # info_only 5001: #W4604258 pending (Tea Kettle $100.83, Bookshelf $461.49, Electric
# Kettle, Hiking Boots, Bluetooth Speaker $293.46; $1,255.55), #W6174054 delivered (Vacuum Cleaner $569.43, ...)


@pytest.mark.parametrize("ask,total", [
    ("the tea kettle and the bookshelf, have they been shipped yet and what did I pay for them altogether",  # the tester's
     "came to $562.32 altogether"),
    ("how much did I pay for the tea kettle and the bookshelf together?", "came to $562.32 altogether"),
    ("what did the bookshelf and the bluetooth speaker cost me in total?", "came to $754.95 altogether"),
    ("what was the total for the tea kettle and the vacuum cleaner", "came to $670.26 altogether"),  # (two orders)
    ("what did I pay for the bookshelf?", "The Bookshelf itself cost $461.49."),
])
def test_the_cost_of_the_items_asked_about_is_said(d, ask, total):
    t = _play(d, "info_only", 5001, [ANYA, ask])
    _sound(t)
    assert total in _said(t)[-1] and _writes(t) == [], _said(t)


@pytest.mark.parametrize("ask", [
    "how much did I pay for the order with the bookshelf?",  # near miss: the item tells the order
    "what did I pay for my bookshelf order?",
    "what's in my pending order and how much did I pay?",
])
def test_near_miss_the_whole_order_asked_about(d, ask):
    t = _play(d, "info_only", 5001, [ANYA, ask])
    _sound(t)
    assert "$1,255.55" in _said(t)[-1] and "itself cost" not in _said(t)[-1] and "altogether" not in _said(t)[-1], _said(t)


# --- a request taken back at its own proposal, and a retraction that hangs on a question ---------------------------------
SOFIA = ["hi, Sofia Li here, email is sofia.li5731@example.com", "return the headphones"]  # return 5001, #W9323073
# (delivered: Patio Umbrella, Headphones, Jigsaw Puzzle)
HEADPHONES = ("return_delivered_order_items", "#W9323073", ["5788631787"])
PUZZLE = "6245746168"
UMBRELLA = "2001307871"


@pytest.mark.parametrize("back", [
    "return the headphones... actually no, forget that",
    "hmm return the headphones? nah never mind",
    "i wanted to return the headphones but never mind",
])
def test_the_proposed_request_taken_back_is_not_proposed_again(d, back):
    t = _play(d, "return", 5001, SOFIA + [back])
    _sound(t)
    assert "won't make that change" in _said(t)[-1] and "To confirm" not in _said(t)[-1], _said(t)
    t = _play(d, "return", 5001, SOFIA + [back, "yes"])
    _sound(t)
    assert _writes(t) == [], _said(t)  # (nothing left open to a yes)


def test_near_miss_another_request_taken_back_leaves_the_proposal_open(d):
    t = _play(d, "return", 5001, SOFIA + ["also exchange the umbrella... actually no, forget that", "yes"])
    _sound(t)
    assert "To confirm, I will return" in _said(t)[-2], _said(t)
    assert _writes(t) == [HEADPHONES], _said(t)


@pytest.mark.parametrize("ask", [
    "wait before that, will I have to pay for the shipping back? if so forget it",  # the tester's
    "do I have to pay to ship it back? if I do, never mind",
    "who pays for return shipping? if it's me then forget it",
    "is the return shipping free? otherwise forget about it",
    "will it cost me anything to send them back?",  # (no retraction: answered as before)
])
def test_a_fee_question_with_a_conditional_retraction_is_answered_and_the_request_kept(d, ask):
    t = _play(d, "return", 5001, SOFIA + [ask])
    _sound(t)
    last = _said(t)[-1]
    assert "There is no fee" in last and "To confirm, I will return" in last and "leave that" not in last, _said(t)
    assert _writes(t) == [], _said(t)  # (the question is no yes)
    t = _play(d, "return", 5001, SOFIA + [ask, "yes"])
    _sound(t)
    assert _writes(t) == [HEADPHONES], _said(t)


def test_near_miss_a_plain_retraction_at_the_proposal_is_a_no(d):
    t = _play(d, "return", 5001, SOFIA + ["actually no, forget it", "yes"])
    _sound(t)
    assert "won't make that change" in _said(t)[-2] and _writes(t) == [], _said(t)


@pytest.mark.parametrize("text,kept", [
    ("will I have to pay for the shipping back? if so forget it", "will I have to pay for the shipping back?"),
    ("is it free? if not I changed my mind", "is it free?"),
    ("return the headphones... actually no, forget that", None),  # near miss: no question it hangs on
    ("is it free? forget it", None),  # near miss: no condition
])
def test_conditional_retraction(text, kept):
    assert conditional_retraction(text) == kept


@pytest.mark.parametrize("text,fee", [
    ("will I have to pay for the shipping back?", True),
    ("who pays to send them back?", True),
    ("does it cost extra to mail the headphones back?", True),
    ("do you offer free return shipping?", True),
    ("ship it back to me", False),  # near misses
    ("I paid for shipping", False),
])
def test_return_shipping_is_a_fee_question(text, fee):
    assert bool(FEE.search(text)) is fee


# --- an option said of one item is not another's ---------------------------------------------------------------------------
@pytest.mark.parametrize("ask", [
    "I'd like to exchange two things: the fleece jacket for a large, and the dumbbells are way too heavy, the lighter "
    "adjustable set would be better",  # the tester's
    "exchange the jacket for a large, and the dumbbell set is too heavy for me, a lighter one would be better",
    "swap the fleece jacket for a large please. and the dumbbells, can I get lighter ones",
])
def test_one_items_option_is_not_carried_to_another(d, ask):
    t = _play(d, "info_only", 5001, [ANYA, ask])
    _sound(t)
    said = " ".join(_said(t))
    assert "for a large" not in said and "do not sell" not in said, _said(t)
    assert "Dumbbell Set" in _said(t)[-1] and _writes(t) == [], _said(t)


@pytest.mark.parametrize("ask", [
    "exchange the dumbbells for a coat",  # near misses: a thing the store does not sell, said of that item
    "exchange the fleece jacket for a large and swap the dumbbells for a coat",
])
def test_near_miss_another_product_said_of_the_item_is_refused(d, ask):
    t = _play(d, "info_only", 5001, [ANYA, ask])
    _sound(t)
    assert "can't swap the Dumbbell Set for a coat, which we do not sell" in _said(t)[-1], _said(t)


# --- a yes with an item added -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("more,added", [
    ("yes - actually the puzzle too", PUZZLE),  # the tester's
    ("yes and the puzzle as well", PUZZLE),
    ("yep - oh can you add the jigsaw puzzle too", PUZZLE),
    ("sure, the umbrella too please", UMBRELLA),
])
def test_an_item_added_beside_a_yes_is_proposed_not_written(d, more, added):
    t = _play(d, "return", 5001, SOFIA + [more])
    _sound(t)
    last = _said(t)[-1]
    assert _writes(t) == [], _said(t)  # (the added item is not confirmed yet)
    assert "I've added that" in last and "rest of your request" not in last and "To confirm, I will return" in last, \
        _said(t)
    t = _play(d, "return", 5001, SOFIA + [more, "yes"])
    _sound(t)
    assert _writes(t) == [("return_delivered_order_items", "#W9323073", sorted(["5788631787", added]))], _said(t)


def test_near_miss_a_yes_with_another_request_keeps_it_for_after(d):
    t = _play(d, "return", 5001, SOFIA + ["yes, and also cancel my pending order"])
    _sound(t)
    assert "I'll come to the rest of your request right after" in _said(t)[-1] and _writes(t) == [], _said(t)
    t = _play(d, "return", 5001, SOFIA + ["yes, and also cancel my pending order", "yes"])
    _sound(t)
    assert _writes(t) == [HEADPHONES] and "cancel" in _said(t)[-1], _said(t)
