"""Retail customers played against the fault-free clerk (thirty-first session, fourth part).

From the faults-8 sweep (/work/h31/faults-8/report.md, retail items) and the findings of retail-customers-9
(/work/h31/retail-customers-9/report.md) left after test_retail_customers_31c.py. Each case has the tester's words,
others of the kind, and near misses that keep their old reading; each conversation is checked for soundness (no
violation, no failed turn, each write right after a yes to the proposal that named it).
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-31d")


def _writes(t):
    return [(name, args.get("order_id")) for name, args in _calls(t)]


def _transferred(t):
    return any(c["function"]["name"] == "transfer_to_human_agents" for m in t.messages for c in m.get("tool_calls") or [])


# --- faults-8 F2. the order as what moves to a new address is the order's address, not the default one -----------------
YUSUF = "Yusuf Hernandez, zip eight oh two six five"  # address 3: pending #W2166301
MAPLE = "302 Maple Drive, Austin, TX 78701"


@pytest.mark.parametrize("ask", [
    "I moved recently and need my order to go to the new place",
    "I moved recently, my order has to follow me",
    "need my order to go to the new place",
    "we relocated and the package should be sent to our new home",
    "I've moved house, please send my order to the new address",  # (read right before too)
])
def test_an_order_that_must_go_to_a_new_place_gets_its_address_changed(d, ask):
    t = _play(d, "address", 3, ["hello", ask, YUSUF, "W2166301", MAPLE, "yes"])
    _sound(t)
    assert _writes(t) == [("modify_pending_order_address", "#W2166301")], _said(t)


@pytest.mark.parametrize("ask", [
    "I moved, please update my default address to the new place",  # near misses: the account's address
    "I moved recently, my account address needs to change",
])
def test_the_default_address_named_is_still_the_default_address(d, ask):
    t = _play(d, "address", 3, ["hello", ask, YUSUF, MAPLE, "yes"])
    _sound(t)
    assert _writes(t) == [("modify_user_address", None)], _said(t)


# --- faults-8 F6. a person asked for in indirect words is a transfer -----------------------------------------------------
MEI = "Hi, Mei Kovacs here, zip 28236."  # exchange 3


@pytest.mark.parametrize("ask,moved", [
    ("honestly I'd feel better talking to an actual person about this", True),
    ("I don't want to talk to a bot", True),
    ("can a live agent take over", True),
    ("I already tried twice, I really think a person needs to look at this", True),
    ("I'm sick of this chatbot", True),
    ("would prefer chatting with a real human tbh", True),
    ("is there a real person I could speak with?", True),  # (read right before too)
    ("I was talking to a real person yesterday and they said I could return it", False),  # near misses
    ("no need for a real person, just tell me the status", False),
    ("I'm not a bot, why do you need my zip again?", False),
])
def test_a_person_asked_for_indirectly_is_a_transfer(d, ask, moved):
    t = _play(d, "exchange", 3, [MEI, ask])
    _sound(t)
    assert _transferred(t) == moved, _said(t)


# --- faults-8 F9. a pastime said as a reason names no item ---------------------------------------------------------------
MIA = ["Hi there, I'd like to send some stuff back", "Mia Garcia, 46229", "order W5490111",
       "the water bottle and the keyboard"]  # return 3: the Gaming Mouse is in the other order, #W7387996


@pytest.mark.parametrize("why", ["I don't really need them anymore, I quit gaming",
                                 "not needed, I'm not into gaming anymore",
                                 "gave up gaming last month so no use for them"])
def test_a_pastime_given_up_is_no_item_to_return(d, why):
    t = _play(d, "return", 3, MIA + [why, "to the original card I paid with", "yes please go ahead, thanks"])
    _sound(t)
    assert _writes(t) == [("return_delivered_order_items", "#W5490111")], _said(t)
    assert "Gaming Mouse" not in " ".join(_said(t)), _said(t)


def test_the_gaming_mouse_named_is_still_an_item(d):  # near miss
    t = _play(d, "return", 3, MIA[:2] + ["I want to return the gaming mouse"])
    _sound(t)
    assert "Gaming Mouse" in _said(t)[-1] and "#W7387996" in _said(t)[-1], _said(t)


def test_when_the_money_comes_is_answered_after_a_return(d):
    t = _play(d, "return", 3, MIA + ["yes", "when will I get the money?"])
    _sound(t)
    assert "5-7 business days" in _said(t)[-1], _said(t)


# --- faults-8 F13. non-native and third-person cancellation reasons ------------------------------------------------------
JAMES = ["hello, I want cancel order W3289292", "James Kim 92199"]  # cancel 3


@pytest.mark.parametrize("why,reason", [
    ("me no want anymore, cancel", "no longer needed"),
    ("i no need it", "no longer needed"),
    ("he doesn't need it", "no longer needed"),
    ("don't want anymore", "no longer needed"),
    ("is buy by error", "ordered by mistake"),  # (read right before too)
])
def test_a_plainly_worded_reason_is_taken(d, why, reason):
    t = _play(d, "cancel", 3, JAMES + [why, "yes"])
    _sound(t)
    assert _writes(t) == [("cancel_pending_order", "#W3289292")] and _calls(t)[0][1]["reason"] == reason, _said(t)


def test_a_reason_the_store_does_not_take_is_still_refused(d):  # near miss
    t = _play(d, "cancel", 3, JAMES + ["found it cheaper somewhere else", "yes"])
    _sound(t)
    assert _writes(t) == [], _said(t)


# --- faults-8 F17. the order just changed stays in hand for the next edit said as going on; a balance question ------------
YARA = ["hiya", "Yara Silva, zip seven seven one five nine", "I've got a pending order W9810810 and I want to change a few things",
        "first the shipping address - 12 Oak Street, Houston, TX 77002", "yes"]  # several_pending_edits 5


@pytest.mark.parametrize("next_ask", ["and could the payment go on my credit card instead?",
                                      "now the payment please, can it go on a credit card",
                                      "also switch the payment to paypal"])
def test_the_next_edit_said_as_going_on_is_for_the_same_order(d, next_ask):
    t = _play(d, "several_pending_edits", 5, YARA + [next_ask])
    _sound(t)
    assert "Which order" not in _said(t)[-1] and "#W9810810" in _said(t)[-1], _said(t)


def test_another_order_named_at_the_next_edit_is_asked_about(d):  # near miss
    t = _play(d, "several_pending_edits", 5, YARA + ["and could the payment on my other order go on paypal?"])
    _sound(t)
    assert "Which order" in _said(t)[-1], _said(t)


def test_a_gift_card_balance_question_while_an_order_is_asked_for_is_answered(d):
    t = _play(d, "payment", 3, ["hi", "I want to pay for an order with my gift card instead",
                                "my email is mia.sanchez1556@example.com", "how much is left on the gift card?"])
    _sound(t)
    assert "balance $57.00" in _said(t)[-1] and "contains" not in _said(t)[-1], _said(t)


# --- retail-customers-9 F7. going back to the proposal's own method after a detour keeps the return --------------------
SOFIA = ["Sofia Rossi, 78784", "I'd like to return the vacuum from order W8535951", "the gift card please"]  # return 903


@pytest.mark.parametrize("back", ["no wait, card is fine",
                                  "actually, no, put it back on the card, sorry for the back and forth",
                                  "no sorry, the mastercard is fine",
                                  "no, keep it on the mastercard"])  # (read right before too)
def test_the_proposals_own_method_after_a_detour_keeps_the_return(d, back):
    t = _play(d, "return", 903, SOFIA + [back, "yes"])
    _sound(t)
    assert _writes(t) == [("return_delivered_order_items", "#W8535951")], _said(t)


@pytest.mark.parametrize("no", ["no", "no, forget it", "no thanks, I'll keep the vacuum"])
def test_a_plain_no_after_a_detour_still_drops_the_return(d, no):  # near misses
    t = _play(d, "return", 903, SOFIA + [no, "yes"])
    _sound(t)
    assert _writes(t) == [], _said(t)


# --- retail-customers-9 F12. "ok paypal then" after a detour is the same order's payment -----------------------------------
MIA_PAY = ["mia.sanchez1556@example.com", "W7170967 pay w paypal instead", "hmm actually put it on the gift card"]


@pytest.mark.parametrize("back", ["ok paypal then", "fine, then paypal like i said", "then switch it to paypal"])
def test_paypal_again_after_a_detour_is_the_same_orders_payment(d, back):
    t = _play(d, "payment", 906, MIA_PAY + [back, "yes"])
    _sound(t)
    assert _writes(t) == [("modify_pending_order_payment", "#W7170967")], _said(t)
