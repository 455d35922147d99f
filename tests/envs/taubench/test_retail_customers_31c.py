"""Retail customers played against the fault-free clerk (thirty-first session, third part).

From the retail-customers-9 sweep (/work/h31/retail-customers-9/report.md): a yes/no option named by its own word
("size 11 leather waterproof", "red 20 hours without water resistance") was dropped, and the other variant proposed
and written; "put the refund on paypal" said at an exchange's proposal turned the exchange into a return. Then the
severity-3 findings, each as far as it went. Each case has the tester's words, others of the kind, and near misses
that keep their old reading; each conversation is checked for soundness (no violation, no failed turn, each write
right after a yes to the proposal that named it).
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-31c")


def _writes(t):
    return [(name, args.get("order_id")) for name, args in _calls(t)]


def _new_items(t):
    return [i for _, args in _calls(t) for i in args.get("new_item_ids", [])]


# --- §1. a yes/no option named by its own word sets it ---------------------------------------------------------------
JUAN = "Juan Nguyen 85099"  # exchange 901: delivered #W2430890 holds Hiking Boots (7, synthetic, waterproof no)
BOOTS_11_LEATHER_WP, BOOTS_11_LEATHER_DRY = "6159919747", "5676696062"


@pytest.mark.parametrize("ask", [
    "exchange boots W2430890 to size 11 leather waterproof",
    "exchange boots W2430890 for the waterproof leather ones in 11",
    "exchange boots W2430890 to size 11 leather, waterproof",
    "i'd like to swap the hiking boots from W2430890 for a water-proof pair, leather, size 11",
    "exchange boots W2430890 to size 11 leather, waterproof yes",  # (the literal value, read before too)
])
def test_waterproof_named_by_its_word_is_the_waterproof_variant(d, ask):
    t = _play(d, "exchange", 901, [JUAN, ask, "yes"])
    _sound(t)
    assert _new_items(t) == [BOOTS_11_LEATHER_WP], _said(t)


@pytest.mark.parametrize("ask", [
    "exchange boots W2430890 to size 11 leather",  # not said: the item's own (not waterproof) kept
    "exchange boots W2430890 to size 11 leather, not waterproof",
    "exchange boots W2430890 to size 11 leather non-waterproof",
    "exchange boots W2430890 to size 11 leather, waterproof: no",
])
def test_not_waterproof_or_not_said_keeps_the_dry_variant(d, ask):  # near misses
    t = _play(d, "exchange", 901, [JUAN, ask, "yes"])
    _sound(t)
    assert _new_items(t) == [BOOTS_11_LEATHER_DRY], _said(t)


RAJ = "raj.moore4245@example.com"  # cancel 902: pending #W9929926 holds a Bluetooth Speaker (blue, 10 hours, yes)
SPEAKER_RED_20_DRY, SPEAKER_RED_20_WET = "1052700637", "7617930199"


@pytest.mark.parametrize("ask,new", [
    ("change the bluetooth speaker in W9929926 to red 20 hours without water resistance", SPEAKER_RED_20_DRY),
    ("change the bluetooth speaker in W9929926 to red, 20 hours, no water resistance", SPEAKER_RED_20_DRY),
    ("change the speaker in W9929926 to a red 20 hour one that isn't water resistant", SPEAKER_RED_20_DRY),
    ("change the bluetooth speaker in W9929926 to red 20 hours, don't need it water-resistant", SPEAKER_RED_20_DRY),
    ("change the bluetooth speaker in W9929926 to red 20 hours", SPEAKER_RED_20_WET),  # near miss: its own kept
    ("change the bluetooth speaker in W9929926 to red 20 hours, water resistant", SPEAKER_RED_20_WET),
])
def test_water_resistance_named_or_refused_by_its_word(d, ask, new):
    t = _play(d, "cancel", 902, [RAJ, ask, "yes"])
    _sound(t)
    assert _writes(t) == [("modify_pending_order_items", "#W9929926")] and _new_items(t) == [new], _said(t)


# --- §2. where the money of an exchange goes, said at its proposal, keeps the exchange ---------------------------------
EMMA = ["emma.martin1207@example.com", "swap the makeup kit in W2800409 for dark Brand B"]  # exchange 913


@pytest.mark.parametrize("where", ["put the refund on paypal", "and refund the difference to paypal",
                                   "can I get the refund on paypal?", "refund to my paypal pls",
                                   "could the money back go on my paypal"])
def test_a_refund_method_at_an_exchange_proposal_keeps_the_exchange(d, where):
    t = _play(d, "exchange", 913, EMMA + [where, "ok yes"])
    _sound(t)
    assert _writes(t) == [("exchange_delivered_order_items", "#W2800409")], _said(t)
    assert _calls(t)[0][1]["payment_method_id"].startswith("paypal"), _calls(t)


JUAN_MAIL = ["juan.nguyen7877@example.com", "order W2430890, exchange hiking boots for size 10 synthetic waterproof"]


@pytest.mark.parametrize("where", ["refund to my card pls", "put the refund on my mastercard"])
def test_a_refund_to_the_card_at_an_exchange_proposal_keeps_the_exchange(d, where):
    t = _play(d, "exchange", 901, JUAN_MAIL + [where, "yes"])
    _sound(t)
    assert _writes(t) == [("exchange_delivered_order_items", "#W2430890")], _said(t)


@pytest.mark.parametrize("ask", ["actually i want a full refund on my card", "just return it for a refund to my card"])
def test_a_whole_refund_at_an_exchange_proposal_is_still_a_return(d, ask):  # near misses
    t = _play(d, "exchange", 901, JUAN_MAIL + [ask, "yes"])
    _sound(t)
    assert _writes(t) == [("return_delivered_order_items", "#W2430890")], _said(t)


def test_a_refund_method_at_a_modify_proposal_keeps_the_modify(d):
    t = _play(d, "cancel", 902, [RAJ, "change the bluetooth speaker in W9929926 to red 20 hours",
                                 "put the refund on the gift card", "yes"])
    _sound(t)
    assert _writes(t) == [("modify_pending_order_items", "#W9929926")], _said(t)


# --- §3. "yes, and also ..." keeps the proposal said yes to, and takes the new request after it ------------------------
ETHAN = ["ethan.sanchez3299@example.com", "I'm moving, need order W7147989 shipped to 649 Cedar Lane, Madison, WI 53703"]


@pytest.mark.parametrize("also", ["yes, and also update my profile address to the same",
                                  "yes and please also change my default address to that one",
                                  "can you also update my profile address to the same one"])
def test_yes_and_also_keeps_the_order_address_and_adds_the_profile(d, also):
    t = _play(d, "address", 905, ETHAN + [also, "yes", "yes"])
    _sound(t)
    assert _writes(t) == [("modify_pending_order_address", "#W7147989"), ("modify_user_address", None)], _said(t)


def test_both_addresses_in_one_message_are_both_changed(d):
    t = _play(d, "address", 905, [ETHAN[0], ETHAN[1] + ", and also update my profile address to the same", "yes", "yes"])
    _sound(t)
    assert _writes(t) == [("modify_pending_order_address", "#W7147989"), ("modify_user_address", None)], _said(t)


@pytest.mark.parametrize("lines", [
    ["cancel W7048824, ordered by mistake", "yes, and also cancel W9929926, no longer needed", "yes", "yes"],
    ["cancel W7048824, ordered by mistake", "yes please, also cancel W9929926 as well, no longer needed", "yes", "yes"],
    ["I'd like to cancel W7048824", "what's the status of W9929926?", "ok. cancel W9929926 too, both no longer needed",
     "yes", "yes"],
    ["I'd like to cancel W7048824", "before that, what's the status of W9929926?",
     "ok cancel that one too, don't need it anymore", "yes", "yes"],
])
def test_a_second_cancellation_added_keeps_the_first(d, lines):
    t = _play(d, "cancel", 902, [RAJ] + lines)
    _sound(t)
    assert _writes(t) == [("cancel_pending_order", "#W7048824"), ("cancel_pending_order", "#W9929926")], _said(t)
    assert _calls(t)[0][1]["reason"] == ("ordered by mistake" if "mistake" in lines[0] else "no longer needed")


def test_a_status_question_at_the_reason_question_is_answered_now(d):
    t = _play(d, "cancel", 902, [RAJ, "I'd like to cancel W7048824", "before that, what's the status of W9929926?"])
    _sound(t)
    assert "#W9929926 is pending" in _said(t)[-1] and "why you want to cancel" in _said(t)[-1], _said(t)


@pytest.mark.parametrize("lines,writes", [
    (["cancel W7048824, ordered by mistake", "yes"], [("cancel_pending_order", "#W7048824")]),
    (["cancel W7048824, ordered by mistake", "no, cancel W9929926 instead, no longer needed", "yes"],
     [("cancel_pending_order", "#W9929926")]),
])
def test_a_plain_yes_or_a_replacement_keeps_its_reading(d, lines, writes):  # near misses
    t = _play(d, "cancel", 902, [RAJ] + lines)
    _sound(t)
    assert _writes(t) == writes, _said(t)


def test_yes_and_also_on_a_payment_change_keeps_it(d):
    t = _play(d, "payment", 906, ["mia.sanchez1556@example.com", "W7170967 pay w paypal instead",
                                  "yes and also change W9279351 to paypal too", "yes"])
    _sound(t)
    assert _writes(t) == [("modify_pending_order_payment", "#W7170967")], _said(t)
    assert "#W9279351 is cancelled" in _said(t)[-1], _said(t)


# --- §9. a supervisor asked for in other words is transferred ------------------------------------------------------------
LIAM = ["liam.lee9297@example.com", "my jigsaw puzzle from W9710999 arrived with pieces missing and the box crushed"]


def _transferred(t):
    return any(c["function"]["name"] == "transfer_to_human_agents" for m in t.messages for c in m.get("tool_calls") or [])


@pytest.mark.parametrize("ask,moved", [
    ("no i dont want a return, i want someone to actually look into this, a manager or supervisor", True),
    ("a supervisor, please", True),
    ("I need someone higher up to look into this", True),
    ("can somebody more senior handle this", True),
    ("the manager at the store said i could return it", False),  # near misses: no one asked for
    ("no need for a supervisor, just return the puzzle", False),
])
def test_a_supervisor_asked_for_in_other_words_is_a_transfer(d, ask, moved):
    t = _play(d, "transfer", 910, LIAM + [ask])
    _sound(t)
    assert _transferred(t) == moved, _said(t)
