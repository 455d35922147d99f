"""Retail customers played against the fault-free clerk (forty-fourth session, fixer k).

Finding N2 of /work/h44/retA/REPORT.md: "a question about 'the other order' without an id ('wait, what's in my other
order?', 'what's in the other one?') moves the pending cancel/address change onto that order, and 'yes' writes it
(12 of 12); 'how much was the other order?', 'is the other order still pending?' are answered about the CURRENT order
(24 of 24)". "In a return, 'what's in the other one?' is read as 'the other item' and 'yes' returns the watch."
Now the question is answered about the other order and the proposal is asked again for its own order; a yes writes
that order only. Near misses that ask for the other order ("yes, and the other order too", "I meant the other order")
keep their old readings.
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "orders-44k")


# --- N2: a question about "the other order" at a proposal -----------------------------------------------------------
# cancel 22: anya_lee_8315, pending #W2989580 ($1,025.47) and #W3176007 ($1,288.39), delivered #W1335809
ANYA = "anya.lee3013@example.com"
CANCEL = "cancel order #W2989580, ordered by mistake"
ADDRESS = "change the shipping address of order #W2989580 to 12 Oak Street, Austin, TX 78701"
QUESTIONS = [
    "wait, what's in my other order?",  # the tester's
    "what's in the other one?",  # the tester's
    "how much was the other order?",  # the tester's
    "is the other order still pending?",  # the tester's
    "wait, what's in the other order?",
    "what's in my other order?",
    "wait, what about my other order?",
    "hmm what's in the other order",
    "what does my other order have in it?",
    "and the other order?",
    "sorry, what's the other order again?",
    "what's the total of the other order?",
    "oh what was in my other pending order?",
    "whats in my other order",
    "hang on, remind me what's in my other order",
    "quick question - has the other order shipped yet?",
    "the other order, what's in it?",
    "sorry can you tell me what is in my other order first?",
    "what did I pay for the other one?",
]


@pytest.mark.parametrize("ask", QUESTIONS)
def test_other_order_question_at_a_cancel_is_answered_and_the_cancel_kept(d, ask):
    t = _play(d, "cancel", 22, [CANCEL, ANYA, ask])
    _sound(t)
    said = _said(t)[-1]
    assert "#W3176007" in said and "Headphones" in said, said  # the other order's contents
    assert "To confirm, I will cancel order #W2989580" in said and "All right, order #W3176007" not in said, said
    assert "$1,025.47" not in said.split("To confirm")[0], said  # not the current order's answer
    t = _play(d, "cancel", 22, [CANCEL, ANYA, ask, "yes"])
    _sound(t)
    assert _calls(t) == [("cancel_pending_order", {"order_id": "#W2989580", "reason": "ordered by mistake"})]


@pytest.mark.parametrize("ask", ["what's in the other one?", "wait, what's in my other order?",
                                 "is the other order still pending?", "how much was the other one?"])
def test_other_order_question_at_an_address_change(d, ask):
    t = _play(d, "cancel", 22, [ADDRESS, ANYA, ask])
    _sound(t)
    said = _said(t)[-1]
    assert "#W3176007" in said.split("To confirm")[0] and "To confirm" in said and "#W2989580" in said, said
    t = _play(d, "cancel", 22, [ADDRESS, ANYA, ask, "yes"])
    _sound(t)
    assert [(n, a["order_id"]) for n, a in _calls(t)] == [("modify_pending_order_address", "#W2989580")]


# mixed_pending_delivered 20: juan_nguyen_7430, delivered #W2430890 (Hiking Boots, Smart Watch), pending #W9537685
JUAN = "juan.nguyen7877@example.com"
RETURN = "I want to return the hiking boots from order #W2430890"


@pytest.mark.parametrize("ask", ["what's in the other one?", "wait, what's in my other order?",
                                 "what was in my other order again?", "is my other order still pending?"])
def test_other_order_question_at_a_return_keeps_the_boots(d, ask):
    t = _play(d, "mixed_pending_delivered", 20, [RETURN, JUAN, ask])
    _sound(t)
    said = _said(t)[-1]
    assert "#W9537685" in said and "Mechanical Keyboard" in said, said
    assert "Hiking Boots" in said.split("To confirm")[1] and "Smart Watch" not in said, said
    t = _play(d, "mixed_pending_delivered", 20, [RETURN, JUAN, ask, "yes"])
    _sound(t)
    assert [(n, a["item_ids"]) for n, a in _calls(t)] == [("return_delivered_order_items", ["1437889264"])]


# near misses: the other order asked FOR, not asked about
def test_yes_and_the_other_order_too_still_reaches_the_other_order(d):
    t = _play(d, "cancel", 22, [CANCEL, ANYA, "yes, and the other order too", "yes", "yes"])
    _sound(t)
    assert "#W3176007" in {a["order_id"] for _, a in _calls(t)}


@pytest.mark.parametrize("ask", ["sorry, I meant the other order", "no, cancel the other one instead"])
def test_a_correction_to_the_other_order_is_not_a_question(d, ask):
    t = _play(d, "cancel", 22, [CANCEL, ANYA, ask])
    _sound(t)
    said = _said(t)[-1]
    assert "Headphones" not in said, said  # not answered as a question about #W3176007's contents
    assert "To confirm, I will cancel order #W3176007" in said or "To confirm, I will cancel order #W2989580" \
        not in said.split("As it stands")[0], said  # moved, or asked about; never a silent re-ask


def test_other_item_question_at_a_return_is_not_an_order(d):
    # "the other one" at an item proposal, not "in" it: not read as the other order
    t = _play(d, "mixed_pending_delivered", 20, [RETURN, JUAN, "what colour is the other one?"])
    _sound(t)
    assert "Mechanical Keyboard" not in _said(t)[-1]
