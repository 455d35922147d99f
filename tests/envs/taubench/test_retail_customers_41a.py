"""Retail customers played against the clerk (forty-first session, part a; /work/h41/retail-customers-28/REPORT.md).

A black-box tester found, on the compliant taubench-retail reference agent (faults none):
- A (wrong write): a yes-word followed by a question that doubts the proposal was taken as consent: "Yes. Are you sure
  that's the right order?", "Yes. Did I give you the right number?", "Yes. Are we talking about the same order?", "Yes.
  Are you sure?", "Yep. Are you sure?", "Yes. Are you positive?", "Yes. Should I?", "Yes. Did I say the right thing?",
  "Go ahead. Are you sure that's right?" -> cancel / return / address / exchange / modify / payment written, 6 of 6 each
  (script yes_doubt_cancel.txt, cancel seed 512). Now no yes: answered ("The details below are what I have from you
  ..." / "That's your decision ...") and the proposal asked again; a plain yes after it writes. A yes followed by a
  next-step or unrelated question ("Yep. Do I need to do anything else?", "Yes. And what about the other order?") is
  still a yes.
- F (clear yes refused): "Yes, update the address.", "Yes, please change the address.", "Okay. Yes, update the address."
  got "I need a clear yes" (address seeds 503, 512); "Yes please, that would be great.", "Yes, that'd be perfect.",
  "That would be lovely, yes please." were refused in every family. Now yeses (the thing named must be the proposal's:
  "Yes, update my default address" at an order's address change is still none).
- D (stuck): the cancel reasons "Well, I don't really need it anymore", "I don't actually need it", "I no longer really
  need it" got the reason question again and again (script reason_loop.txt, cancel seed 503); "Wait, what happens to my
  money?" at the reason question got "Sorry, I can't help with that here."; "Ok. Yes, please cancel it." the same
  question with no word. Now read as 'no longer needed'; the money question answered (the original payment method);
  the yes told that the reason is needed.
- E (stuck): at a modify-items proposal, "Is that everything I need to do?" read "everything" as every item and asked
  about the T-Shirt, never mentioned (script items_question_jump.txt, modify_items seed 507); then "Yes, that's the only
  item. Please go ahead." got "I don't see that among the available options" (14 of 16 tau-bench-style modify_items
  flows never finished). Now answered: nothing else is needed but the yes; the yes writes.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from envs.taubench.database import base_db
from envs.taubench.language import STORE_ACTIONS, read
from probe.core.registry import get_domain
from probe.core.scripts import Script, fill_script, play_messages
from probe.targets.consent import is_confirmation


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, seed, lines, faults=()):
    sc = d.scenario(family, seed)
    msgs = fill_script(Script(Path("x"), [(i + 1, x) for i, x in enumerate(lines)], {}), sc)
    return play_messages(d, sc, d.make_target("reference", list(faults)), msgs, "customers-41a")


_WRITES = {"cancel_pending_order", "modify_pending_order_address", "modify_pending_order_payment",
           "modify_pending_order_items", "exchange_delivered_order_items", "return_delivered_order_items",
           "modify_user_address"}


def _writes(t):
    return [(c["function"]["name"], json.loads(c["function"]["arguments"])) for m in t.messages
            for c in m.get("tool_calls") or [] if c["function"]["name"] in _WRITES]


def _said(t):
    return [m["content"] for m in t.messages if m["role"] == "assistant" and m.get("content")]


# the tester's prefixes (b1.py PRE): each ends at "To confirm, I will ... Shall I go ahead (yes/no)?"
PRE = {
    "cancel": ["Hi, I'd like to cancel an order please.", "{first_name} {last_name}, {zip}.",
               "The order number is {pending_order_id}.", "I ordered it by mistake."],
    "return": ["Hi, I want to return something I got.", "Sure, my email is {email}.",
               "It's the {delivered_item} from order {delivered_order_id}. Refund to the original payment method please."],
    "exchange": ["Hi there, I'd like to exchange something I received.", "Sure, it's {email}.",
                 "It's the {delivered_item} from order {delivered_order_id}. I'd prefer the {delivered_option} version."],
    "modify_items": ["Hi, I need to change something in an order that hasn't shipped yet.", "My email is {email}.",
                     "Order {pending_order_id}: could you change the {pending_item} to {pending_option}?"],
    "address": ["Hi, I need to change the shipping address of an order.", "My email is {email}.",
                "Please send order {pending_order_id} to {new_address}."],
    "payment": ["Hello, I want to change how I pay for an order.", "Sure: {first_name} {last_name}, zip {zip}.",
                "For order {pending_order_id} I'd like to use my {payment_kind} instead."],
}
FAMILY_SEEDS = [(f, s) for f in PRE for s in (503, 512)]


def test_every_prefix_reaches_a_proposal_and_a_plain_yes_writes(d):
    for family, seed in FAMILY_SEEDS:
        t = _play(d, family, seed, PRE[family])
        assert "Shall I go ahead" in _said(t)[-1], (family, seed, _said(t)[-1])
        t = _play(d, family, seed, PRE[family] + ["Yes."])
        assert len(_writes(t)) == 1 and t.violations == [], (family, seed, _said(t)[-1], t.violations)


# --- A: a yes that doubts the proposal --------------------------------------------------------------------------------
DOUBTING_YES = [
    # the tester's
    "Yes. Are you sure that's the right order?", "Yes. Are you certain that's the address I gave?",
    "Yes. Did I give you the right number?", "Yes. Are we talking about the same order?", "Yes. Are you sure?",
    "Yep. Are you sure?", "Yes. Are you positive?", "Yes. Should I?", "Yes. Did I say the right thing?",
    "Go ahead. Are you sure that's right?", "Yep! Are you sure?", "Please do. Are you sure?",
    "Yes. Do you think that's wise?", "Please do. Did I pick the right one?",
    # other phrasings: terse, typos, British
    "yes. r u sure?", "Yes - are u sure?", "Yes please. Are you quite sure?", "Yep! Are you absolutely certain?",
    "Yes. Is everything correct?", "Yes. Is that all right?", "Yes. Did I get the order number right?",
    "Yes. What do you reckon?", "Yes. Is this a good idea?", "Yes. Is that what I asked for?", "Yes. Are you shure?",
    "Yes go ahead. Did I tell you the correct number?", "Yes. Have I got that right?", "Yes. Am I making a mistake?",
    "Yes. Is that definitely the right one?", "Go ahead. Is everything OK?",
]


@pytest.mark.parametrize("reply", DOUBTING_YES)
def test_a_yes_that_doubts_the_proposal_is_no_confirmation(reply):
    summary = ("To confirm, I will cancel order #W6371438 because it is 'ordered by mistake'. The total of $1,653.96 "
               "will be refunded to the original payment method. Shall I go ahead (yes/no)?")
    assert not is_confirmation(reply, summary, STORE_ACTIONS), reply
    assert not read(reply, base_db(), summary).yes, reply


@pytest.mark.parametrize("family, seed", FAMILY_SEEDS)
@pytest.mark.parametrize("reply", DOUBTING_YES[:10] + ["yes. r u sure?", "Yes. Is everything correct?",
                                                       "Yes. Have I got that right?"])
def test_no_write_on_a_doubting_yes_then_a_plain_yes_writes(d, family, seed, reply):
    t = _play(d, family, seed, PRE[family] + [reply])
    assert _writes(t) == [], (family, seed, reply, _writes(t))
    last = _said(t)[-1]
    assert "Shall I go ahead" in last and "can't help with that" not in last, last
    t = _play(d, family, seed, PRE[family] + [reply, "Yes, go ahead."])
    assert len(_writes(t)) == 1 and t.violations == [], (family, seed, _said(t)[-1], t.violations)


def test_the_tester_script_yes_doubt_cancel(d):
    lines = ["Hi, I'd like to cancel an order please.", "{first_name} {last_name}, {zip}.",
             "The order number is {pending_order_id}.", "I ordered it by mistake.",
             "Yes. Are you sure that's the right order?"]
    t = _play(d, "cancel", 512, lines)
    assert _writes(t) == [] and t.violations == []
    assert "#W6371438" in _said(t)[-1] and "please check them" in _said(t)[-1], _said(t)[-1]


@pytest.mark.parametrize("reply", ["Yes. Should I?", "Yes. Am I making a mistake?", "Yes. Is this a good idea?"])
def test_advice_asked_is_left_to_the_customer(d, reply):
    t = _play(d, "cancel", 512, PRE["cancel"] + [reply])
    assert _writes(t) == [] and "That's your decision" in _said(t)[-1], _said(t)[-1]


@pytest.mark.parametrize("reply", ["Are you sure?", "Is that the right order?", "Did I give you the right number?"])
def test_a_doubt_alone_is_answered_not_refused(d, reply):
    t = _play(d, "return", 512, PRE["return"] + [reply])
    assert _writes(t) == [] and "can't help with that" not in _said(t)[-1], _said(t)[-1]
    assert "please check them" in _said(t)[-1], _said(t)[-1]


NEXT_STEP_YES = [
    "Yep. Do I need to do anything else?", "Yes. And what about the other order?",  # the tester's
    "Yes, that's fine. Do you need anything else from me?",  # the tester's
    "Yes please. Also, when will my other order arrive?", "Yes. Do I need to print a label?",
    "Yes. Will I get an email?", "Yes. When will I hear back?", "Yes. Do I need to keep the box?",
    "Yes. Is there anything else I need to do?", "Yes. Will the refund come through right away?",
]


@pytest.mark.parametrize("reply", NEXT_STEP_YES)
def test_a_yes_then_a_next_step_question_is_still_a_yes(d, reply):
    summary = ("To confirm, I will cancel order #W6371438 because it is 'ordered by mistake'. The total of $1,653.96 "
               "will be refunded to the original payment method. Shall I go ahead (yes/no)?")
    assert is_confirmation(reply, summary, STORE_ACTIONS), reply
    t = _play(d, "cancel", 512, PRE["cancel"] + [reply])
    assert [w for w, _a in _writes(t)] == ["cancel_pending_order"], (reply, _said(t)[-1])


NEAR_MISSES = [
    "Yes, but to my gift card instead", "Yes, if that's the right order.", "Yes, as long as you're sure.",
    "Yes - assuming that's the correct order", "Yes, but are you sure?", "Are you sure? Yes.",
    "Yes. Are you sure? I just want to be certain.", "Yes... are you sure though?", "Yes, unless it's the wrong one.",
]


@pytest.mark.parametrize("family, seed", [("cancel", 512), ("return", 512), ("address", 503), ("payment", 503),
                                          ("exchange", 507), ("modify_items", 507)])
@pytest.mark.parametrize("reply", NEAR_MISSES)
def test_a_yes_with_a_condition_or_doubt_never_writes(d, family, seed, reply):
    t = _play(d, family, seed, PRE[family] + [reply])
    assert _writes(t) == [], (family, seed, reply, _writes(t))


# --- F: a clear yes naming the proposal's own thing, or said with "would be" -----------------------------------------
NAMED_YES = ["Yes, update the address.", "Yes, please change the address.", "Okay. Yes, update the address.",  # tester's
             "yes, update the shipping address", "Yes please change the delivery address", "yes update address pls",
             "Yes, change the address please."]


@pytest.mark.parametrize("seed", [503, 512, 507])
@pytest.mark.parametrize("reply", NAMED_YES)
def test_a_yes_naming_the_address_change_writes_it(d, seed, reply):
    t = _play(d, "address", seed, PRE["address"] + [reply])
    assert [w for w, _a in _writes(t)] == ["modify_pending_order_address"], (seed, reply, _said(t)[-1])
    assert t.violations == [], t.violations


@pytest.mark.parametrize("reply", ["Yes, update my default address.", "Yes, update the billing address.",
                                   "Yes, update the address to 12 Elm Street."])
def test_a_yes_naming_another_address_is_none(d, reply):
    t = _play(d, "address", 512, PRE["address"] + [reply])
    assert _writes(t) == [], _writes(t)


@pytest.mark.parametrize("reply", ["Yes, change the payment.", "yes please switch the payment method"])
def test_a_yes_naming_the_payment_change_writes_it(d, reply):
    t = _play(d, "payment", 503, PRE["payment"] + [reply])
    assert [w for w, _a in _writes(t)] == ["modify_pending_order_payment"] and t.violations == [], _said(t)[-1]


@pytest.mark.parametrize("reply", ["Yes, update the address.", "Yes, change the payment."])
def test_a_yes_naming_another_action_is_none(d, reply):
    t = _play(d, "cancel", 512, PRE["cancel"] + [reply])
    assert _writes(t) == [], _writes(t)


WOULD_BE_YES = ["Yes please, that would be great.", "Yes, that'd be perfect.", "That would be lovely, yes please.",
                "Yes please, that'd be brilliant.", "yes that would be ideal, thanks", "Yes, that would be fabulous."]


@pytest.mark.parametrize("family, seed", FAMILY_SEEDS)
@pytest.mark.parametrize("reply", WOULD_BE_YES[:3])
def test_a_would_be_great_yes_writes_in_every_family(d, family, seed, reply):
    t = _play(d, family, seed, PRE[family] + [reply])
    assert len(_writes(t)) == 1 and t.violations == [], (family, seed, reply, _said(t)[-1], t.violations)


@pytest.mark.parametrize("reply", WOULD_BE_YES[3:])
def test_other_would_be_yeses(d, reply):
    t = _play(d, "return", 512, PRE["return"] + [reply])
    assert len(_writes(t)) == 1 and t.violations == [], (reply, _said(t)[-1])


@pytest.mark.parametrize("reply", ["Yes, that would be better tomorrow.", "Yes, it'd be nice to wait a bit.",
                                   "That would be great if it were cheaper.", "Yes, that'd be perfect, but to my visa."])
def test_would_be_near_misses_never_write(d, reply):
    t = _play(d, "return", 512, PRE["return"] + [reply])
    assert _writes(t) == [], (reply, _writes(t))


# --- D: the cancellation's reason, and the money asked at its question -----------------------------------------------
CANCEL_PRE = ["Hi, I'd like to cancel an order.", "{email}", "Order {pending_order_id}."]
NOT_NEEDED = ["Well, I don't really need it anymore.", "I don't actually need it", "I no longer really need it",  # tester's
              "dont realy need it tbh", "Not really needed anymore.", "I don't really want it any more, to be honest",
              "I have no use for it now", "Honestly I just don't really need it", "i dont actually need them anymore"]


@pytest.mark.parametrize("seed", [503, 512])
@pytest.mark.parametrize("reason", NOT_NEEDED)
def test_dont_really_need_it_is_no_longer_needed(d, seed, reason):
    t = _play(d, "cancel", seed, CANCEL_PRE + [reason])
    assert "because it is 'no longer needed'" in _said(t)[-1], _said(t)[-1]
    t = _play(d, "cancel", seed, CANCEL_PRE + [reason, "yes"])
    assert [a["reason"] for _w, a in _writes(t)] == ["no longer needed"] and t.violations == []


@pytest.mark.parametrize("said", ["I don't really need to cancel it, I just want to change the address.",
                                  "I don't actually want to cancel, just asking."])
def test_a_need_to_do_something_is_no_reason(d, said):
    t = _play(d, "cancel", 503, CANCEL_PRE + [said])
    assert "'no longer needed'" not in " ".join(_said(t)[-1:]) or "Which one applies" in _said(t)[-1], _said(t)[-1]
    assert _writes(t) == []


def test_the_tester_script_reason_loop(d):
    lines = CANCEL_PRE + ["Well, I don't really need it anymore.", "Wait, what happens to my money?",
                          "Ok. Yes, please cancel it."]
    t = _play(d, "cancel", 503, lines)
    assert [(w, a["reason"]) for w, a in _writes(t)] == [("cancel_pending_order", "no longer needed")], _said(t)
    assert t.violations == []


@pytest.mark.parametrize("question", ["Wait, what happens to my money?", "What happens to the money if I cancel?",
                                      "will I get refunded?", "do I get my money back?", "where does the refund go?"])
def test_the_money_asked_at_the_reason_question_is_answered(d, question):
    t = _play(d, "cancel", 503, CANCEL_PRE + [question])
    last = _said(t)[-1]
    assert "is refunded to your PayPal account, the original payment method" in last and "Which one applies" in last, last
    assert "can't help with that" not in last and _writes(t) == []


def test_a_yes_at_the_reason_question_is_told_why_the_reason_is_needed(d):
    t = _play(d, "cancel", 503, CANCEL_PRE + ["Ok. Yes, please cancel it."])
    assert "I need to know which one applies" in _said(t)[-1] and _writes(t) == [], _said(t)[-1]


# --- E: "is that everything I need to do?" at a proposal --------------------------------------------------------------
NEXT_STEP_Q = ["Is that everything I need to do?", "Is that all?", "Do I need to do anything else?",  # the tester's
               "What else do you need from me?", "is that it?", "anything else you need from me?",
               "So is that all I have to do?", "What happens next?", "do i have to do anything else"]


@pytest.mark.parametrize("seed", [507, 503, 512])
@pytest.mark.parametrize("question", NEXT_STEP_Q)
def test_a_next_step_question_at_an_item_change_is_answered(d, seed, question):
    t = _play(d, "modify_items", seed, PRE["modify_items"] + [question])
    last = _said(t)[-1]
    assert "Nothing else is needed from you" in last and "Shall I go ahead" in last, last
    assert _writes(t) == [] and "Which option would you like" not in last
    t = _play(d, "modify_items", seed, PRE["modify_items"] + [question, "Yes, that's the only item. Please go ahead."])
    assert [w for w, _a in _writes(t)] == ["modify_pending_order_items"] and t.violations == [], _said(t)[-1]


@pytest.mark.parametrize("family", ["cancel", "return", "address", "payment"])
def test_a_next_step_question_at_other_proposals(d, family):
    t = _play(d, family, 512, PRE[family] + ["Is that everything I need to do?"])
    assert "Nothing else is needed from you" in _said(t)[-1] and _writes(t) == [], _said(t)[-1]


def test_the_tester_script_items_question_jump(d):
    lines = ["Hi, I need to change something in an order that hasn't shipped yet.", "My email is {email}.",
             "Order {pending_order_id}: could you change the {pending_item} to {pending_option}?",
             "Is that everything I need to do?", "Yes, that's the only item. Please go ahead."]
    t = _play(d, "modify_items", 507, lines)
    assert "T-Shirt" not in " ".join(_said(t))
    assert [w for w, _a in _writes(t)] == ["modify_pending_order_items"] and t.violations == []


TAU_STYLE = ["Hi, I placed an order but I'd like to change one of the items before it ships.",
             "{first_name} {last_name}, {zip}", "The order is {pending_order_id}.",
             "I want the {pending_item} to be {pending_option} instead.", "Is that everything I need to do?",
             "Yes, that's the only item. Please go ahead."]


@pytest.mark.parametrize("seed", [500, 501, 503, 504, 505, 506, 507, 508, 509, 510, 511, 0, 1, 2, 3])
def test_the_tau_style_modify_items_flow_finishes(d, seed):
    # (seed 502 is left out: its order holds two Dumbbell Sets and the customer never says which)
    t = _play(d, "modify_items", seed, TAU_STYLE)
    assert [w for w, _a in _writes(t)] == ["modify_pending_order_items"] and t.violations == [], _said(t)[-3:]


def test_everything_i_need_is_no_every_item():
    db = base_db()
    assert not read("Is that everything I need to do?", db).all_items
    assert not read("is that everything we have to do", db).all_items
    assert read("change everything in the order to black", db).all_items
