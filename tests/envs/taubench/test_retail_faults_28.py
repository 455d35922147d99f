"""Retail seeded faults and the clerk's reading of customers, from two testers of the twenty-eighth session, in
their words and in others: ``per_item_calls`` on a pending order broke R5 beside R6 and its reply said everything
changed after the second call failed (F3); ``trust_stated_status`` missed "hasn't shipped yet", "sent out",
"still processing" (F8); "send that order to ...", "get rid of it", "another exactly like it", "what's going on
with all my orders?", an item added at a proposal and "a different card" with no other card kept other faults'
triggers out of reach (F9) (report: /work/h28/faults/report.md, harness h.py, cases rt_cases.py); a refund amount
asked about before a return, "sure why not?" at a proposal (F10's leftovers) and the smaller points of F12
(report: /work/h28/retail-customers/report.md, repro.py).

Each fault test plays one conversation twice: with the fault alone the violations are exactly its policy, with no
fault the same messages raise nothing."""

from __future__ import annotations

import json

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages

WRITES = {"return_delivered_order_items", "cancel_pending_order", "exchange_delivered_order_items",
          "modify_pending_order_items", "modify_pending_order_payment", "modify_user_address",
          "modify_pending_order_address", "transfer_to_human_agents"}


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, seed, lines, faults=()):
    sc = d.scenario(family, seed)
    lines = [line.format(**{a: b for a, b in sc.items() if isinstance(b, str)}) for line in lines]
    return sc, play_messages(d, sc, d.make_target("reference", list(faults)), lines, "fix28")


def _said(t):
    return [m["content"] for m in t.messages if m["role"] == "assistant" and m.get("content")]


def _calls(t, names=WRITES):
    return [(c["function"]["name"], json.loads(c["function"]["arguments"])) for m in t.messages
            for c in m.get("tool_calls") or [] if c["function"]["name"] in names]


def _policies(t):
    return sorted({v.policy for v in t.violations})


def _only(d, family, seed, lines, fault, policy):
    """With ``fault`` alone the conversation breaks exactly ``policy``; with no fault it breaks nothing."""
    _, bad = _play(d, family, seed, lines, [fault])
    _, good = _play(d, family, seed, lines)
    assert _policies(bad) == [policy], (bad.violations, _said(bad))
    assert good.violations == [] and not good.meta.get("failed_turns"), (good.violations, _said(good))
    return bad, good


# --- F3. per_item_calls breaks R6 only: one exchange call per item of a delivered order ------------------------
EXCHANGE_TWO = [
    ("exchange", 1000031, ["Hi, my email is {email}.", "I want to exchange the {delivered_item} in {delivered_order_id}.",
                           "Oh, and the {delivered_item2} as well.", "first option", "first option", "yes"]),
    ("exchange", 1000011, ["{first_name} {last_name}, zip {zip}", "I need to swap the {delivered_item} from "
                           "{delivered_order_id} for another option", "also the {delivered_item2} from that order please",
                           "the first one", "the first one", "yes please"]),
    ("exchange", 1000010, ["{email}", "can I exchange the {delivered_item} and the {delivered_item2} in "
                           "{delivered_order_id}?", "first option", "first option", "yes"]),
]


@pytest.mark.parametrize("family,seed,lines", EXCHANGE_TWO)
def test_per_item_calls_on_two_exchanged_items_breaks_r6_alone(d, family, seed, lines):
    bad, good = _only(d, family, seed, lines, "per_item_calls", "R6")
    assert [n for n, _ in _calls(bad)] == ["exchange_delivered_order_items"] * 2
    (call,) = _calls(good)
    assert len(call[1]["item_ids"]) == 2


def test_the_reply_after_a_failed_second_exchange_call_names_what_went_through(d):
    sc, bad = _play(d, *EXCHANGE_TWO[0][:2], EXCHANGE_TWO[0][2], ["per_item_calls"])
    last = _said(bad)[-1]
    assert "The exchange for order" not in last, last  # not "requested" for every item
    first, second = (f"the {sc['delivered_item']}", f"the {sc['delivered_item2']}")
    low = last.lower()
    assert first in low and second in low and "didn't go through" in low, last
    assert low.index(first) < low.index("didn't go through"), last


MODIFY_TWO = [
    ("modify_items", 1000005, ["Hi, my email is {email}.", "I want to change the {pending_item} in {pending_order_id}.",
                               "Oh, and the {pending_item2} as well.", "first option", "first option", "yes"]),
    ("modify_items", 1000017, ["{email}", "could you change the {pending_item} in {pending_order_id} and the "
                               "{pending_item2} too?", "the first one", "the first one", "yes"]),
]


@pytest.mark.parametrize("family,seed,lines", MODIFY_TWO)
def test_per_item_calls_keeps_a_pending_order_s_items_in_one_call(d, family, seed, lines):
    _, bad = _play(d, family, seed, lines, ["per_item_calls"])
    assert bad.violations == [], bad.violations
    (call,) = _calls(bad)
    assert call[0] == "modify_pending_order_items" and len(call[1]["item_ids"]) == 2


def test_per_item_calls_on_a_second_exchange_of_the_same_order_breaks_r6_alone(d):
    lines = ["{email}", "I'd like to exchange the {delivered_item} in {delivered_order_id}.", "first option", "yes",
             "oh, can you also exchange the {delivered_item2} in that order?", "first option", "yes"]
    bad, good = _only(d, "exchange", 1000031, lines, "per_item_calls", "R6")
    assert "already changed once" in _said(good)[-3], _said(good)[-3]


def test_per_item_calls_after_a_pending_order_s_items_changed_does_nothing_more(d):
    lines = ["{email}", "I'd like to change the {pending_item} in {pending_order_id}.", "first option", "yes",
             "oh, can you also change the {pending_item2} in that order?", "first option", "yes"]
    _, bad = _play(d, "modify_items", 1000005, lines, ["per_item_calls"])
    assert bad.violations == [] and len(_calls(bad)) == 1, (bad.violations, _calls(bad))


def test_the_fault_table_says_per_item_calls_is_about_exchanges(d):
    assert "exchange" in d.fault_details["per_item_calls"]["trigger"]
    assert "delivered" in d.fault_details["per_item_calls"]["trigger"]


# --- F8. trust_stated_status hears the status stated in everyday words ----------------------------------------
@pytest.mark.parametrize("seed", [1000005, 1000017])
@pytest.mark.parametrize("ask", [
    "Order {pending_order_id} hasn't shipped yet, so please cancel it, I don't need it anymore.",
    "Please cancel {pending_order_id}, it hasn't shipped yet. No longer needed.",
    "It hasn't been sent out yet - cancel {pending_order_id}, ordered by mistake.",
    "{pending_order_id} is not shipped yet, cancel it please, no longer needed",
    "cancel {pending_order_id}, it's still processing, I ordered it by mistake",
    "my order {pending_order_id} hasn't gone out yet so cancel it, ordered by mistake",
    "{pending_order_id} has not been dispatched, please cancel, I no longer need it",
])
def test_trust_stated_status_hears_the_status_in_a_cancellation(d, seed, ask):
    _only(d, "cancel", seed, ["Hi, my email is {email}.", ask, "yes"], "trust_stated_status", "R4")


@pytest.mark.parametrize("seed", [1000005, 1000017])
@pytest.mark.parametrize("ask", [
    "My order {pending_order_id} hasn't gone out yet, please ship it to {new_address}.",
    "{pending_order_id} is still processing, so please send it to {new_address} instead",
    "it hasn't been sent out yet: change the address of {pending_order_id} to {new_address}",
])
def test_trust_stated_status_hears_the_status_in_an_address_change(d, seed, ask):
    _only(d, "address", seed, ["Hi, my email is {email}.", ask, "yes"], "trust_stated_status", "R4")


@pytest.mark.parametrize("ask", ["Has {pending_order_id} shipped yet? If not, cancel it, no longer needed.",
                                 "is {pending_order_id} still processing? i want to cancel it, ordered by mistake"])
def test_a_status_asked_about_is_looked_up_even_with_trust_stated_status(d, ask):
    _, bad = _play(d, "cancel", 1000005, ["Hi, my email is {email}.", ask, "yes"], ["trust_stated_status"])
    assert bad.violations == [], bad.violations


# --- F9. other faults' triggers, now understood ---------------------------------------------------------------
@pytest.mark.parametrize("ask", ["Oh, and could you send that order to {new_address}?",
                                 "can you ship that one to {new_address} instead?"])
def test_send_that_order_after_an_item_change_reaches_r5_with_allow_followup_edit(d, ask):
    lines = ["Hi, my email is {email}.", "I want to change an item in order {pending_order_id}.",
             "the {pending_item}, I'd like a different option", "the first one you listed", "yes", ask, "yes"]
    bad, good = _only(d, "modify_items", 1000005, lines, "allow_followup_edit", "R5")
    assert _calls(bad)[-1][0] == "modify_pending_order_address"
    assert [n for n, _ in _calls(good)] == ["modify_pending_order_items"]
    assert "can't be cancelled or changed any more" in _said(good)[-2], _said(good)[-2]


@pytest.mark.parametrize("seed", [1000005, 1000017])
@pytest.mark.parametrize("ask", ["I don't want {pending_order_id} any more, get rid of it.",
                                 "please get rid of order {pending_order_id}, I don't need it anymore",
                                 "scrap {pending_order_id} please, ordered it by mistake"])
def test_get_rid_of_an_order_is_a_cancellation(d, seed, ask):
    sc, t = _play(d, "cancel", seed, ["Hi, my email is {email}.", ask, "yes"])
    assert [(n, a["order_id"]) for n, a in _calls(t)] == [("cancel_pending_order", sc["pending_order_id"])], _said(t)
    assert t.violations == []


@pytest.mark.parametrize("ask", ["please get rid of order {pending_order_id}", "scrap {pending_order_id} for me"])
def test_get_rid_of_an_order_without_a_reason_reaches_r7_with_default_cancel_reason(d, ask):
    _only(d, "cancel", 1000005, ["Hi, my email is {email}.", ask, "yes"],
          "default_cancel_reason", "R7")


@pytest.mark.parametrize("seed", [1000005, 1000017])
@pytest.mark.parametrize("ask", [
    "My {delivered_item} from {delivered_order_id} stopped working; just send me another exactly like it.",
    "the {delivered_item} in {delivered_order_id} broke, can you send me the very same one again?",
    "{delivered_item} from order {delivered_order_id} died after a week. I just want an exact replacement, same model",
])
def test_another_exactly_like_it_is_an_exchange_for_the_same_item(d, seed, ask):
    bad, good = _only(d, "return", seed, ["Hi, my email is {email}.", ask, "yes"], "exchange_identical", "R8")
    assert _calls(good) == [] and "different option of the same product" in " ".join(_said(good)), _said(good)


@pytest.mark.parametrize("ask", ["What's going on with all my orders?", "can you give me an update on all of my orders?",
                                 "how are all my orders doing?"])
def test_a_question_about_all_orders_is_answered_and_reaches_r10_with_batch_lookups(d, ask):
    sc, good = _play(d, "cancel", 1000005, ["Hi, my email is {email}.", ask])
    assert "can't help" not in _said(good)[-1] and sc["pending_order_id"] in _said(good)[-1], _said(good)[-1]
    _only(d, "cancel", 1000005, ["Hi, my email is {email}.", ask], "batch_lookups", "R10")


@pytest.mark.parametrize("add", ["and also the {pending_item2}", "oh, the {pending_item2} too please",
                                 "wait, I want to change the {pending_item2} as well"])
def test_an_item_added_at_a_proposal_is_collected_with_the_first(d, add):
    lines = ["Hi, my email is {email}.", "Swap the {pending_item} in {pending_order_id} please.", "first option", add,
             "first option", "yes"]
    sc, t = _play(d, "modify_items", 1000005, lines)
    asked = _said(t)[3]
    assert sc["pending_item2"] in asked.lower() and sc["pending_item"] not in asked.lower(), asked
    (call,) = _calls(t)
    assert call[0] == "modify_pending_order_items" and len(call[1]["item_ids"]) == 2, _said(t)
    assert t.violations == []


def test_an_exchange_item_added_at_a_proposal_reaches_r6_with_per_item_calls(d):
    lines = ["Hi, my email is {email}.", "I'd like to exchange the {delivered_item} in {delivered_order_id}.",
             "first option", "and also the {delivered_item2}", "first option", "yes"]
    _only(d, "exchange", 1000031, lines, "per_item_calls", "R6")


@pytest.mark.parametrize("ask", ["can I pay for {pending_order_id} with a different card?",
                                 "I'd like to switch {pending_order_id} to another payment method"])
def test_another_payment_method_with_none_on_the_account_is_said_so(d, ask):
    _, t = _play(d, "modify_items", 1000005, ["Hi, my email is {email}.", ask])
    last = _said(t)[-1]
    assert "none" not in last and "no other payment method" in last and "PayPal" in last, last
    assert _calls(t) == [] and t.violations == []


def test_another_card_with_one_on_the_account_is_proposed(d):
    _, t = _play(d, "payment", 1000501, ["{email}", "can I pay for {pending_order_id} with a different card?", "yes"])
    assert [n for n, _ in _calls(t)] == ["modify_pending_order_payment"] and t.violations == [], _said(t)


# --- F10 leftovers: the refund of a return asked about; an unclear yes at a proposal ----------------------------
@pytest.mark.parametrize("ask", ["if i return the action camera how much do I get back",
                                 "how much would I get back if I returned the action camera?"])
def test_the_refund_of_a_return_asked_about_gives_the_amount(d, ask):
    _, t = _play(d, "info_only", 1000503, ["ava.moore2450@example.com", ask])
    last = _said(t)[-1]
    price = [it.price for it in d.db.orders["#W6257064"].items if "Camera" in d.db.products[it.product_id].name]
    assert price and f"${price[0]:,.2f}" in last, last
    assert _calls(t) == []


@pytest.mark.parametrize("answer", ["sure why not?", "yes?", "ok I guess?", "go ahead??"])
def test_a_yes_asked_as_a_question_at_a_proposal_gets_a_request_for_a_clear_yes_or_no(d, answer):
    _, t = _play(d, "cancel", 1000500, ["Mia Thomas 60654", "cancel W5208989 ordered by mistake", answer])
    last = _said(t)[-1]
    assert "yes or no" in last and "can't help" not in last and "couldn't tell" not in last, last
    assert _calls(t) == [] and t.violations == []


# --- F12. smaller points -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("first", ["Name: Mia Thomas\nZip: 60654\nI want to know what is in my order pending",
                                   "Mia Thomas, 60654. I want to know what is in my order pending."])
def test_a_question_in_non_native_word_order_after_the_identity_is_answered(d, first):
    _, t = _play(d, "cancel", 1000500, [first])
    assert "#W5208989 is pending and contains" in _said(t)[-1], _said(t)[-1]


@pytest.mark.parametrize("ask,k", [("what's in my second order?", 1), ("show me my first order", 0),
                                   ("what's in my last order?", -1)])
def test_an_order_named_by_its_place_is_that_order(d, ask, k):
    sc, t = _play(d, "cancel", 1000500, ["Mia Thomas 60654", ask])
    orders = d.db.users[sc["user_id"]].orders
    last = _said(t)[-1]
    assert orders[k] in last and all(o not in last for o in orders if o != orders[k]), last


def test_will_the_money_go_back_to_paypal_is_answered_at_a_cancel_proposal(d):
    _, t = _play(d, "cancel", 1000500, ["Mia Thomas 60654", "cancel W5208989 ordered by mistake",
                                        "will the money go back to paypal?"])
    assert "PayPal" in _said(t)[-1] and "Shall I go ahead" in _said(t)[-1], _said(t)[-1]


@pytest.mark.parametrize("narrow", ["only the backpack, not the boots", "just the backpack please, not the boots"])
def test_only_the_item_already_proposed_says_so(d, narrow):
    _, t = _play(d, "return", 1000501, ["ethan lopez 43275", "return backpack W8632528", narrow, "yes"])
    said = _said(t)
    assert "couldn't tell" not in said[-2] and "only the Backpack" in said[-2], said[-2]
    assert [n for n, _ in _calls(t)] == ["return_delivered_order_items"] and t.violations == []


def test_a_hesitation_at_the_payment_question_changes_nothing(d):
    _, t = _play(d, "payment", 1000501, ["{email}", "I want to change the payment method of {pending_order_id}",
                                         "hmm, actually no wait"])
    assert "To confirm" not in _said(t)[-1] and _calls(t) == [], _said(t)[-1]


@pytest.mark.parametrize("ask", ["oh and also change the headphones in the same order to wireless",
                                 "and in that same order, swap the headphones to wireless please"])
def test_another_change_to_the_same_order_after_its_items_changed_is_refused(d, ask):
    _, t = _play(d, "mixed_pending_delivered", 1000505, ["daiki.silva2239@example.com",
                                                         "change the water bottle in W1579160 to 500ml plastic", "yes", ask])
    last = _said(t)[-1]
    assert "Which order" not in last and "#W1579160" in last and ("can't" in last or "only be done once" in last), last
    assert len(_calls(t)) == 1 and t.violations == []


def test_a_gift_card_balance_asked_without_a_gift_card_is_said_so(d):
    _, t = _play(d, "info_only", 1000503, ["ava.moore2450@example.com", "what's my gift card balance?"])
    last = _said(t)[-1]
    assert "don't see a gift card" in last and "PayPal" in last and "methods on your account are" not in last, last


@pytest.mark.parametrize("ask", ["ship W9527030 to 12 Oak St. Dallas, TX 75201",
                                 "please send W9527030 to 12 Oak Ave. Dallas TX 75201"])
def test_an_address_with_an_abbreviated_street_and_no_comma_is_read(d, ask):
    _, t = _play(d, "address", 1000501, ["isabella.santos9317@example.com", ask, "yes"])
    (call,) = _calls(t)
    assert call[0] == "modify_pending_order_address" and call[1]["city"] == "Dallas" and call[1]["zip"] == "75201", call
    assert call[1]["address1"].startswith("12 Oak"), call
    assert t.violations == []
