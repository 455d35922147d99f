"""Retail customers played against the fault-free clerk (thirty-eighth session, part o).

Findings 6-10 of retail-customers-23 (/work/h38/retail-customers-23/report.md): a yes at an item change's summary
with a payment method the account lacks ("great, yes. charge it to the paypal though") dropped the item change; a
cancel reason "mistake" with more words ("mistake, i clicked twice") asked again and again; "nope, looks good to me"
at a summary taken as a no; "ugh wait that was the wrong one" right after a cancel, and "one moment pls" / "oh wait,
there's one more thing", met with the generic menu; and "the visa is closed now" where the Visa is the only method
met with the same summary and no word. Each case has the tester's words, others of the kind, and near misses that
keep their old reading; each conversation is checked for soundness (no violation, no failed turn, each write right
after a yes to the proposal that named it).
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-38o")


# --- 6. a method the account lacks, named with the yes at an item change: said, the same summary asked again -----
# modify_items 2306: Aarav Sanchez, whose only payment method is a Mastercard ending in 5506
AARAV = ["Hi there! Aarav here :) my email is aarav.sanchez1292@example.com",
         "So I ordered a skateboard and a jigsaw puzzle (order #W6348442) and I'd like to switch the skateboard to "
         "bamboo with a plain design, and the puzzle - hmm, 500 pieces art, beginner level if you have it."]
MODIFY = "To confirm, I will modify these items of order #W6348442: Skateboard (plastic, 28 inch, custom, $206.60)"


@pytest.mark.parametrize("msg, named", [
    ("great, yes. charge it to the paypal though", "PayPal"),  # (before: the item change dropped)
    ("yes, but put the difference on my visa", "Visa"),  # (before: "I couldn't tell what you'd like to change")
    ("sure go ahead, bill it to my amex", "Amex"),
    ("ok do it, bill my gift card", "gift card"),  # (worked before)
])
def test_a_missing_method_is_said_and_the_item_change_kept(d, msg, named):
    t = _play(d, "modify_items", 2306, AARAV + [msg])
    _sound(t)
    said = _said(t)[-1]
    assert _calls(t) == [] and "I don't see a" in said and named in said and MODIFY in said, said
    assert said.rstrip().endswith("Shall I go ahead (yes/no)?"), said
    t = _play(d, "modify_items", 2306, AARAV + [msg, "yes"])
    _sound(t)
    assert [c[0] for c in _calls(t)] == ["modify_pending_order_items"], _said(t)[-1]


# --- 7. "mistake" with more words is the reason 'ordered by mistake' ----------------------------------------------
ETHAN_T = ["hi, zip is 43188, name ethan thomas",
           "I need to cancel an order, the one with the smart watch and phone. #W8465042"]


@pytest.mark.parametrize("reason, kind", [
    ("mistake, i clicked twice", "ordered by mistake"),
    ("mistake, sorry", "ordered by mistake"),
    ("oops, mistake", "ordered by mistake"),
    ("mistake, yeah", "ordered by mistake"),
    ("mistake i clicked twice", "ordered by mistake"),
    ("duplicate order", "ordered by mistake"),
    ("mistake", "ordered by mistake"),  # (worked before)
    ("not needed, sorry", "no longer needed"),  # (near miss: the other reason)
])
def test_mistake_with_more_words_is_the_reason(d, reason, kind):
    t = _play(d, "cancel", 2301, ETHAN_T + [reason])
    _sound(t)
    said = _said(t)[-1]
    assert f"To confirm, I will cancel order #W8465042 because it is '{kind}'" in said, said


# --- 8. "nope, looks good" at a summary: asked again, not declined ------------------------------------------------
EMMA = ["emma.santos7683@example.com", "cancel #W2918688 please, ordered by mistake"]


@pytest.mark.parametrize("msg", ["nope, looks good to me", "nah all correct", "nope, all good",
                                 "no, everything looks right"])
def test_a_no_that_backs_the_summary_is_asked_again(d, msg):
    t = _play(d, "cancel_plus", 2302, EMMA + [msg])
    _sound(t)
    said = _said(t)[-1]
    assert _calls(t) == [] and "clear yes or no" in said and "To confirm, I will cancel order #W2918688" in said, said


@pytest.mark.parametrize("msg", ["no, that's not right", "nope, don't cancel it", "no"])
def test_near_miss_a_plain_no_still_declines(d, msg):
    t = _play(d, "cancel_plus", 2302, EMMA + [msg])
    _sound(t)
    assert _calls(t) == [] and "I won't make that change" in _said(t)[-1], _said(t)[-1]


# --- 9. right after a cancel: "wrong one" told it can't be undone; a pause or "one more thing" -------------------
CANCELLED = ("cancel_pending_order", {"order_id": "#W2918688", "reason": "ordered by mistake"})
MENU = "How can I help you today?"


@pytest.mark.parametrize("msg", ["ugh wait that was the wrong one", "oh no, wrong order!",
                                 "wait, that's not the one I meant"])
def test_the_wrong_one_after_a_cancel_is_told_it_cannot_be_undone(d, msg):
    t = _play(d, "cancel_plus", 2302, EMMA + ["yes", msg])
    _sound(t)
    said = _said(t)[-1]
    assert _calls(t) == [CANCELLED] and "can't be reinstated" in said and "#W2918688" in said, said
    assert "Which order" in said and MENU not in said, said


@pytest.mark.parametrize("msg, expect", [
    ("one moment pls", "take your time"),
    ("hang on a sec", "take your time"),  # (worked before)
    ("oh wait, there's one more thing", "What else"),
    ("one more thing", "What else"),
])
def test_a_pause_or_one_more_thing_after_a_cancel(d, msg, expect):
    t = _play(d, "cancel_plus", 2302, EMMA + ["yes", msg])
    _sound(t)
    said = _said(t)[-1]
    assert _calls(t) == [CANCELLED] and expect.lower() in said.lower() and MENU not in said, said


# --- 10. the only card said closed at a summary: said it is the only method; "what card?" answered ---------------
# exchange 2304: Ethan Moore, whose only payment method is a Visa ending in 4491
ETHAN_M = ["Hello. I am Ethan Moore, postal code 90651.",
           "The sneakers from my last delivery are too small, I want size 6 in black, also the bluetooth speaker I "
           "would like green with 20 hours battery instead. Order W7156413"]
EXCHANGE = "To confirm, I will exchange these items of order #W7156413"


@pytest.mark.parametrize("msg", ["ok go, but the visa is closed now, my bank replaced it",
                                 "yes but my visa card was stolen last week",
                                 "sure, though that visa expired"])
def test_the_only_card_said_closed_is_told_it_is_the_only_method(d, msg):
    t = _play(d, "exchange", 2304, ETHAN_M + [msg, "so what card will you use?"])
    _sound(t)
    said = _said(t)
    assert _calls(t) == [] and "only payment method" in said[-2] and EXCHANGE in said[-2], said[-2]
    assert "Visa ending in 4491" in said[-1] and "can't help" not in said[-1] and EXCHANGE in said[-1], said[-1]
    t = _play(d, "exchange", 2304, ETHAN_M + [msg, "ok fine, yes"])
    _sound(t)
    assert [c[0] for c in _calls(t)] == ["exchange_delivered_order_items"], _said(t)[-1]
