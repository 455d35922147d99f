"""Retail customers played against the fault-free clerk (twenty-ninth session, fifth fix round), in the tester's
words and in others. The cases come from retail-customers-4 (/work/h29/retail-customers-4/report.md, reproducers
repro.py): N1 a gift-card balance quoted from the login read after a write had changed it (and a write proposed on
it that then failed); N2 "already paid with your gift card" after the payment had moved to PayPal; N3 "the smaller
pet bed - make it large" changed the large bed; N4 "ok so you'll cancel order W..? yes go ahead" asked the reason
again and lost the queued return; N6 address lines "Building 4", "Room 12", "P.O. Box 123"; N7 "ok then return it"
to the clerk's own offer; N8 "bike" for the Bicycle; N10 "hi its ava, surname moore, zip 78234". Each conversation
is also checked for soundness: no failed turn, no verifier violation, each write right after a yes to the proposal
that named it.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_unseen_retail_customers import _calls, _expect, _play, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _tool_errors(t):
    return [m["content"] for m in t.messages if m["role"] == "tool" and m["content"].startswith("Error")]


# --- N1. a gift-card balance after a write is the balance the write left ----------------------------------------
# address, held-out seed 825: Harper Kim, only a gift card ($51.00); pending #W8121088 (Cycling Helmet M/red/low
# $187.02) and #W7807988 (Gaming Mouse white/optical/wired $137.22), both paid by the gift card
_HARPER = "harper.kim4003@example.com"
_HELMET = ["in W8121088 change the cycling helmet to M blue high", "yes"]


@pytest.mark.parametrize("line", [
    "and in W7807988 change the gaming mouse to black laser wired",
    "can you also switch the gaming mouse in W7807988 to black laser wired?",
])
def test_a_second_charge_is_weighed_against_the_balance_the_first_left(d, line):
    _, t = _play(d, "address", [_HARPER, *_HELMET, line, "yes"], seed=825)
    said = _said(t)
    assert "$51.00" not in said[-2] and "$18.14" in said[-2] and "To confirm" not in said[-2], said[-2]
    assert _tool_errors(t) == [], _tool_errors(t)
    _expect(t, [("modify_pending_order_items", {"order_id": "#W8121088"})])
    _sound(t)


def test_a_first_charge_quotes_the_balance_read_at_login(d):
    # the twin: nothing written yet, so the balance read at login is the balance
    _, t = _play(d, "address", [_HARPER, _HELMET[0]], seed=825)
    assert "you pay $32.86 more with your gift card (balance $51.00)" in _said(t)[-1], _said(t)[-1]
    _sound(t)


# several_pending_edits, held-out seed 867: Olivia Ahmed, gift card $16.00, Visa 5022; pending #W2609687 on the gift card
_OLIVIA = "olivia.ahmed5620@example.com"


@pytest.mark.parametrize("ask", ["what's my gift card balance now?", "how much is left on my gift card?",
                                 "and my gift card balance after that?"])
def test_the_balance_asked_after_a_charge_is_the_new_one(d, ask):
    _, t = _play(d, "several_pending_edits", [_OLIVIA, "in W2609687 change the kettle to stainless steel", "yes", ask],
                 seed=867)
    last = _said(t)[-1]
    assert "$8.23" in last and "$16.00" not in last, last
    _sound(t)


# payment, held-out seed 866: Omar Silva, PayPal, Mastercard 5859, gift card $68.00; pending #W9728773 ($1,412.70)
# and #W9673784 ($3,214.75), both on the gift card
_OMAR = "omar.silva4147@example.com"


@pytest.mark.parametrize("ask", ["what's my gift card balance now?", "how much is on my gift card now?",
                                 "so what's left on the gift card?"])
def test_a_cancellation_refunded_to_the_gift_card_is_in_its_balance(d, ask):
    _, t = _play(d, "payment", [_OMAR, "cancel W9728773, ordered by mistake", "yes", ask], seed=866)
    last = _said(t)[-1]
    assert "$1,480.70" in last and "$68.00" not in last and "contains" not in last, last
    _sound(t)


def test_the_balance_before_any_write_is_the_login_one(d):
    _, t = _play(d, "payment", [_OMAR, "what's my gift card balance?"], seed=866)
    assert "$68.00" in _said(t)[-1], _said(t)[-1]
    _sound(t)


# --- N2. after a payment change the order is paid with the new method -------------------------------------------
@pytest.mark.parametrize("back", ["sorry, changed my mind, put W9673784 back on the gift card",
                                  "actually move W9673784 back to my gift card please"])
def test_after_a_payment_change_the_current_method_is_the_new_one(d, back):
    _, t = _play(d, "payment", [_OMAR, "put W9673784 on paypal", "yes", back, "yes"], seed=866)
    said = _said(t)
    reply = said[-2]
    assert "already paid with your gift card" not in reply and "PayPal" in reply, reply
    assert _tool_errors(t) == [], _tool_errors(t)
    _expect(t, [("modify_pending_order_payment", {"order_id": "#W9673784", "payment_method_id": "paypal_2192303"})])
    _sound(t)


def test_an_order_never_changed_is_already_paid_with_its_first_method(d):
    # the twin: nothing moved, so the gift card it was paid with is the current method
    _, t = _play(d, "payment", [_OMAR, "put W9673784 on the gift card"], seed=866)
    assert "already paid with your gift card" in _said(t)[-1], _said(t)[-1]
    _sound(t)


# --- N3. two items of one product: the one named by its current option is the one changed ------------------------
# modify_items, held-out seed 824: Aarav Wilson, pending #W1046662 with a small (4982943126) and a large (8941974610)
# fleece beige Pet Bed
_AARAV = "aarav.wilson8531@example.com"
_SMALL, _LARGE = "4982943126", "8941974610"


@pytest.mark.parametrize("line", [
    "the smaller pet bed - make it large, same color",
    "make the small pet bed a large",
    "the small pet bed should be large please",
    "can you change my small pet bed to a large one",
])
def test_the_item_named_by_its_current_option_is_the_one_changed(d, line):
    _, t = _play(d, "modify_items", [_AARAV, line, "yes"], seed=824)
    said = _said(t)
    assert "To confirm" in said[-2] and "Pet Bed (small" in said[-2] and "which one" not in said[-2].lower(), said[-2]
    _expect(t, [("modify_pending_order_items", {"order_id": "#W1046662", "item_ids": [_SMALL]})])
    _sound(t)


def test_the_large_one_named_goes_to_small(d):
    # the twin: the large bed named by its current size is the one changed
    _, t = _play(d, "modify_items", [_AARAV, "make the large pet bed a small one", "yes"], seed=824)
    _expect(t, [("modify_pending_order_items", {"order_id": "#W1046662", "item_ids": [_LARGE]})])
    _sound(t)


@pytest.mark.parametrize("answer", ["the small one", "the small one please", "yes, the small one"])
def test_the_small_one_to_a_proposal_of_the_small_bed_is_a_yes_or_asked_once(d, answer):
    _, t = _play(d, "modify_items", [_AARAV, "change the pet bed to large", answer, "yes"], seed=824)
    said = _said(t)
    assert "which one" not in said[-2].lower(), said[-2]
    _expect(t, [("modify_pending_order_items", {"order_id": "#W1046662", "item_ids": [_SMALL]})])
    _sound(t)


# --- N4. the proposal's order id quoted back with a yes is a yes --------------------------------------------------
# cancel_plus, held-out seed 868: Lucas Martin, pending #W9318778 (Bicycle, ...), delivered #W3929227 (Headphones, ...)
_LUCAS = "lucas.martin5733@example.com"
_BOTH = ("Cancel the order with the bicycle and return the headphones from the other one. Reason: ordered by mistake")


@pytest.mark.parametrize("yes", [
    "ok so you'll cancel order W9318778? yes go ahead",
    "You said 'To confirm, I will cancel order #W9318778' - yes, that's right",
    "right, cancel W9318778 - yes please",
])
def test_a_yes_that_quotes_the_order_keeps_the_reason_and_the_queued_return(d, yes):
    # (the retail verifier takes only a plain yes for one, so the clerk may ask once more; the reason and the queued
    # return are kept either way)
    _, t = _play(d, "cancel_plus", [_LUCAS, _BOTH, yes, "yes", "yes"], seed=868)
    said = _said(t)
    assert "why you want to cancel" not in " ".join(said), said
    assert any("Headphones" in x and "To confirm" in x for x in said), said
    _expect(t, [("cancel_pending_order", {"order_id": "#W9318778", "reason": "ordered by mistake"}),
                ("return_delivered_order_items", {"order_id": "#W3929227"})])
    _sound(t)


def test_the_large_one_at_a_proposal_of_the_small_one_writes_no_small_bed(d):
    # the twin of "the small one": the other bed named is no yes to the proposal of this one
    _, t = _play(d, "modify_items", [_AARAV, "change the pet bed to large", "yes, the large one"], seed=824)
    assert not any(_SMALL in a.get("item_ids", []) for _, a in _calls(t)), _calls(t)
    assert "already the case" not in _said(t)[-1], _said(t)[-1]
    _sound(t)


def test_quoting_another_order_with_a_yes_is_not_a_yes(d):
    # the twin: an order other than the proposal's is no yes to it
    _, t = _play(d, "cancel_plus", [_LUCAS, _BOTH, "ok so you'll cancel order W3929227? yes go ahead"], seed=868)
    assert not any(n == "cancel_pending_order" and a["order_id"] == "#W9318778" for n, a in _calls(t)), _calls(t)
    _sound(t)


# --- N8. "bike" is the Bicycle -----------------------------------------------------------------------------------
# mixed_pending_delivered, held-out seed 829: Mei Martin, pending #W7017301 (Grill, Backpack, Bicycle, Notebook),
# processed #W3288665, delivered #W5564375; transfer, held-out seed 870: Olivia Smith, pending #W1348609 (Bicycle, ...)
# and delivered #W3794101 (Cycling Helmet)
@pytest.mark.parametrize("line", ["cancel my bike order, dont need it", "please cancel the order with my bike in it, no longer needed"])
def test_the_bike_is_the_bicycle(d, line):
    _, t = _play(d, "mixed_pending_delivered", ["mei.martin4637@example.com", line, "yes"], seed=829)
    assert "Which order" not in " ".join(_said(t)), _said(t)
    _expect(t, [("cancel_pending_order", {"order_id": "#W7017301", "reason": "no longer needed"})])
    _sound(t)


@pytest.mark.parametrize("line", ["has my bike shipped yet?", "did the bicycle ship yet?"])
def test_asking_about_the_bike_reports_its_order_only(d, line):
    _, t = _play(d, "transfer", ["olivia.smith9157@example.com", line], seed=870)
    last = _said(t)[-1]
    assert "#W1348609" in last and "#W3794101" not in last, last
    _sound(t)
