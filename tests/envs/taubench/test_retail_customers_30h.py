"""Retail customers played against the fault-free clerk (thirtieth session, eighth retail fix).

The cases come from the retail-customers-7 sweep (/work/h30/retail-customers-7/report.md §10): "and refund anything
to the gift card?" after a payment change got "Which order is this about?" again and again (c74); "what did I order
last time and when will it arrive?" got every order's contents and no word on the arrival (c80); and, noticed beside
them, "do you ship to canada?" after a refusal got every order's contents. The tester's words are used and others
beside them, each with a twin that keeps its own reading. Each conversation is also checked for soundness: no failed
turn, no verifier violation, each write right after a yes to the proposal that named it.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_retail_customers_30g import _reply_to
from tests.envs.taubench.test_unseen_retail_customers import _calls, _sound

ETHAN = "ethan.sanchez6360@example.com"  # pending #W9102111 (paid by gift card), delivered #W9250394 (last on file)
AARAV = "aarav.anderson9752@example.com"  # the bluetooth speaker order #W3220203 is processed
WHICH = "Which order is this about?"


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, lines, family="payment"):
    sc = d.scenario(family, d.heldout_seeds[911])
    return play_messages(d, sc, d.make_target("reference", []), lines, "customers-30h")


# --- c74: a refund question after a payment change ---------------------------------------------------------------
@pytest.mark.parametrize("ask", ["and refund anything to the gift card?", "did anything get refunded to my gift card?",
                                 "so where did the money go, back to the gift card?", "was I refunded anything?"])
def test_a_refund_question_after_a_payment_change_says_what_was_refunded_and_where(d, ask):
    t = _play(d, [ETHAN, "switch the payment on W9102111 to paypal", "yes", ask, "no"])
    _sound(t)
    said = _reply_to(t, ask)
    assert WHICH not in said
    assert "#W9102111" in said and "$4,117.44" in said and "gift card" in said.lower(), said
    assert [c for c, _ in _calls(t) if c.startswith("modify")] == ["modify_pending_order_payment"]


def test_a_refund_question_before_anything_is_changed_says_no_refund_was_made(d):
    ask = "did you refund anything to my gift card?"
    t = _play(d, [ETHAN, "what's in W9102111?", ask, "no"])
    _sound(t)
    said = _reply_to(t, ask)
    assert WHICH not in said and "no refund has been made" in said, said


def test_a_return_asked_with_its_refund_after_a_payment_change_is_still_a_return(d):
    ask = "also return the dumbbell set from W9250394 and refund it to the gift card"
    t = _play(d, [ETHAN, "switch the payment on W9102111 to paypal", "yes", ask, "no"])
    _sound(t)
    assert "To confirm, I will return" in _reply_to(t, ask)


# --- c80: what was ordered last, and when it arrives ---------------------------------------------------------------
@pytest.mark.parametrize("ask", ["what did I order last time and when will it arrive?",
                                 "what was in my latest order and when will it get here?",
                                 "whats in my most recent order, when does it arrive?"])
def test_the_latest_order_is_told_with_whether_it_has_arrived(d, ask):
    t = _play(d, [ETHAN, ask, "no"], family="info_only")
    _sound(t)
    said = _reply_to(t, ask)
    assert "#W9250394" in said and "#W9102111" not in said, said  # the last order on the account only
    assert "arrived" in said or "delivered" in said
    assert "Dumbbell Set" in said


@pytest.mark.parametrize("ask", ["when will W9102111 arrive?", "what's the delivery date for W9102111?"])
def test_a_pending_order_asked_when_it_arrives_says_there_is_no_delivery_date_yet(d, ask):
    t = _play(d, [ETHAN, ask, "no"], family="info_only")
    _sound(t)
    said = _reply_to(t, ask)
    assert "#W9102111" in said and "delivery date" in said and "hasn't shipped" in said, said


def test_every_order_asked_about_is_still_told_without_an_arrival_note(d):
    ask = "what did I order?"
    t = _play(d, [ETHAN, ask, "no"], family="info_only")
    _sound(t)
    said = _reply_to(t, ask)
    assert "#W9250394" in said and "#W9102111" in said and "delivery date" not in said


# --- noticed: a question about shipping abroad ---------------------------------------------------------------------
@pytest.mark.parametrize("ask", ["do you ship to canada?", "can you deliver to Mexico?", "do you ship internationally?",
                                 "can you ship it to canada instead?"])
def test_a_shipping_abroad_question_after_a_refusal_is_answered_without_an_order_dump(d, ask):
    t = _play(d, [AARAV, "cancel my bluetooth speaker order", ask, "no"], family="cancel")
    _sound(t)
    said = _reply_to(t, ask)
    assert "contains" not in said and "shipping destinations" in said, said
    assert not [c for c, _ in _calls(t) if c.startswith(("modify", "cancel"))]


def test_a_shipping_abroad_question_at_a_proposal_keeps_the_proposal(d):
    ask = "btw do you ship overseas?"
    t = _play(d, [ETHAN, "switch the payment on W9102111 to paypal", ask, "yes", "no"])
    _sound(t)
    said = _reply_to(t, ask)
    assert "shipping destinations" in said and "To confirm, I will change the payment" in said, said
    assert [c for c, _ in _calls(t) if c.startswith("modify")] == ["modify_pending_order_payment"]


def test_a_us_address_for_a_pending_order_is_still_proposed(d):
    ask = "can you ship W9102111 to 12 Elm St Apt 4, Austin TX 78701 instead?"
    t = _play(d, [ETHAN, ask, "no"], family="address")
    _sound(t)
    said = _reply_to(t, ask)
    assert "shipping destinations" not in said and "12 Elm St" in said, said
