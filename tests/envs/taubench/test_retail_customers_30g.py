"""Retail customers played against the fault-free clerk (thirtieth session, seventh retail fix).

The cases come from the retail-customers-7 sweep (/work/h30/retail-customers-7/report.md §10: a question asked in
reply to the clerk's question was ignored or met with "Sorry, I can't help with that here": "which colors are
there?" (c14), "what colours does it come in?" (c73), "which black ones are there?" (c90), "wait, what options are
there for size 11?" (c32), "is it still pending?" (c35), "does it matter?" (c89), "why do you need to ask? just do
it" (c21), "why do you want to know which order? you can see it" (c79), "hm why not?" after a refusal (c56), and
"sorry I mean W2941275" after the clerk itself redirected to that order (c71)) and from the faults-6 re-run
(/work/h30/faults-6/report.md §3c: "exchange the tea kettle and the electric kettle" in an order with two Tea
Kettles picked one of them without asking). The tester's words are used and others beside them; each question is
followed by a plain answer that must still work, and each has a twin that keeps its own reading. Each conversation
is also checked for soundness: no failed turn, no verifier violation, each write right after a yes to the proposal
that named it.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _said, _sound

AVA = "ava.lopez3569@example.com"  # pending #W8327915 (laptop), pending #W5911003 (boots), delivered #W2941275 (bottle)
ETHAN = "ethan.sanchez6360@example.com"  # pending #W9102111 (water bottle), delivered #W9250394 (dumbbells)
MO = "mohamed.lee1888@example.com"  # two backpacks delivered last month, pending #W6302827
AARAV = "aarav.anderson9752@example.com"  # the bluetooth speaker order #W3220203 is processed
CHEN = "chen.ahmed5266@example.com"  # delivered #W1841226: two Tea Kettles and an Electric Kettle
NOT_HERE = "can't help with that here"
CONFIRM = "To confirm, I will"


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, lines, family="exchange", seed=None):
    sc = d.scenario(family, d.heldout_seeds[911] if seed is None else seed)
    return play_messages(d, sc, d.make_target("reference", []), lines, "customers-30g")


def _reply_to(t, line):
    """The clerk's reply (its last words) to the customer's message ``line``."""
    out, seen = [], False
    for m in t.messages:
        if m["role"] == "user":
            if seen:
                break
            seen = m["content"] == line
        elif seen and m["role"] == "assistant" and m.get("content"):
            out.append(m["content"])
    return " ".join(out)


@pytest.mark.parametrize("ask", ["which colors are there?", "what colours does it come in?",
                                 "what color options do you have for it?"])
def test_a_colour_question_at_an_exchange_proposal_lists_the_colours_then_proposes_again(d, ask):
    t = _play(d, [AVA, "exchange the water bottle in W2941275 for a 1000ml one", ask, "black", "yes", "no"])
    _sound(t)
    reply = _reply_to(t, ask)
    assert "black" in reply and "red" in reply and CONFIRM in reply, reply
    assert NOT_HERE not in reply
    assert _calls(t) == [("exchange_delivered_order_items", {"order_id": "#W2941275", "item_ids": ["7843064651"],
                                                            "new_item_ids": ["7661609223"],
                                                            "payment_method_id": "credit_card_7772870"})]


def test_a_colour_named_straight_at_the_proposal_still_changes_it(d):
    t = _play(d, [AVA, "exchange the water bottle in W2941275 for a 1000ml one", "make it black", "yes", "no"])
    _sound(t)
    assert [a["new_item_ids"] for _, a in _calls(t)] == [["7661609223"]]


@pytest.mark.parametrize("ask", ["what colours does it come in?", "which colors does the 500ml one come in?"])
def test_a_colour_question_at_a_pending_item_change_lists_the_colours(d, ask):
    t = _play(d, [ETHAN, "change the water bottle in W9102111 to a 500ml one", ask, "black", "yes", "no"],
              family="modify_items")
    _sound(t)
    reply = _reply_to(t, ask)
    assert "black" in reply and "green" in reply and CONFIRM in reply, reply
    assert [a["new_item_ids"] for _, a in _calls(t)] == [["8538875209"]]


@pytest.mark.parametrize("ask", ["which black ones are there?", "what black ones do you have?"])
def test_which_of_a_colour_are_there_lists_the_options_in_that_colour(d, ask):
    t = _play(d, [MO, "i got two backpacks last month, I want to swap the grey medium one for a black one", ask,
                  "yes", "no"])
    _sound(t)
    reply = _reply_to(t, ask)
    assert "large" in reply and CONFIRM in reply and NOT_HERE not in reply, reply
    assert reply.count("black") >= 2 and "Available" in reply, reply


@pytest.mark.parametrize("ask", ["wait, what options are there for size 11?", "what are the options in size 11?"])
def test_options_for_a_size_are_listed_at_an_item_change_proposal(d, ask):
    t = _play(d, [AVA, "change the hiking boots in W5911003 to size 11", ask, "yes", "no"], family="modify_items")
    _sound(t)
    reply = _reply_to(t, ask)
    assert "couldn't tell" not in reply and CONFIRM in reply, reply
    assert "leather" in reply and "Available" in reply, reply
    assert [a["new_item_ids"] for _, a in _calls(t)] == [["5676696062"]]


@pytest.mark.parametrize("ask", ["is it still pending?", "has it shipped yet?", "is that order still pending?"])
def test_a_status_question_at_the_reason_question_gets_the_status_then_the_question(d, ask):
    t = _play(d, [AVA, "cancel the order with the laptop", ask, "ok then cancel it, no longer needed", "yes", "no"],
              family="cancel")
    _sound(t)
    reply = _reply_to(t, ask)
    assert "pending" in reply and "#W8327915" in reply and "'no longer needed' or 'ordered by mistake'" in reply, reply
    assert NOT_HERE not in reply
    assert _calls(t) == [("cancel_pending_order", {"order_id": "#W8327915", "reason": "no longer needed"})]


@pytest.mark.parametrize("ask", ["hm why not?", "why not?", "how come?", "but why can't you?"])
def test_why_not_after_a_refusal_gets_the_reason(d, ask):
    t = _play(d, [AARAV, "cancel my bluetooth speaker order", ask, "no"], family="cancel")
    _sound(t)
    reply = _reply_to(t, ask)
    assert NOT_HERE not in reply and "processed" in reply and "only pending orders" in reply, reply
    assert _calls(t) == []


def test_an_unrelated_question_after_a_refusal_is_still_not_answered(d):
    t = _play(d, [AARAV, "cancel my bluetooth speaker order", "do you have a phone number I can call?", "no"],
              family="cancel")
    _sound(t)
    assert NOT_HERE in _reply_to(t, "do you have a phone number I can call?")


@pytest.mark.parametrize("ask", ["does it matter?", "why do you need a reason?", "why does that matter?"])
def test_asking_why_a_reason_is_needed_is_answered_then_asked_again(d, ask):
    t = _play(d, [MO, "cancel W6302827", ask, "fine, ordered by mistake", "yes", "no"], family="cancel")
    _sound(t)
    reply = _reply_to(t, ask)
    assert NOT_HERE not in reply and "policy" in reply and "'no longer needed' or 'ordered by mistake'" in reply, reply
    assert _calls(t) == [("cancel_pending_order", {"order_id": "#W6302827", "reason": "ordered by mistake"})]


@pytest.mark.parametrize("ask", ["why do you need to ask? just do it", "why do you have to ask me again?",
                                 "why do you need my confirmation?"])
def test_asking_why_a_yes_is_needed_is_answered_and_nothing_is_written_before_the_yes(d, ask):
    t = _play(d, [AVA, "cancel W5911003, no longer needed", ask, "yes", "no"], family="cancel")
    _sound(t)
    reply = _reply_to(t, ask)
    assert NOT_HERE not in reply and "yes" in reply.split(CONFIRM)[0] and CONFIRM in reply, reply
    assert _calls(t) == [("cancel_pending_order", {"order_id": "#W5911003", "reason": "no longer needed"})]


@pytest.mark.parametrize("ask", ["why do you want to know which order? you can see it",
                                 "why are you asking about the order? you have it right there"])
def test_asking_why_the_order_is_asked_is_answered_and_the_order_id_then_keeps_the_proposal(d, ask):
    t = _play(d, [ETHAN, "return the dumbbells", ask, "W9250394", "yes", "no"], family="return")
    _sound(t)
    reply = _reply_to(t, ask)
    assert NOT_HERE not in reply and "#W9250394" in reply.split(CONFIRM)[0] and CONFIRM in reply, reply
    again = _reply_to(t, "W9250394")
    assert "couldn't tell" not in again and CONFIRM in again, again
    assert [(n, a["order_id"]) for n, a in _calls(t)] == [("return_delivered_order_items", "#W9250394")]


@pytest.mark.parametrize("meant", ["sorry I mean W2941275", "I meant #W2941275", "oops, that should be order W2941275"])
def test_the_order_the_clerk_redirected_to_confirmed_keeps_the_request(d, meant):
    t = _play(d, [AVA, "return the water bottle from W8327915", meant, "yes", "no"], family="return")
    _sound(t)
    reply = _reply_to(t, meant)
    assert "couldn't tell" not in reply and "#W2941275" in reply and CONFIRM in reply, reply
    assert [(n, a["order_id"], a["item_ids"]) for n, a in _calls(t)] == [
        ("return_delivered_order_items", "#W2941275", ["7843064651"])]


def test_another_order_named_at_a_proposal_is_still_a_correction(d):
    t = _play(d, [AVA, "cancel W8327915", "actually not that one, cancel W5911003 instead", "ordered by mistake",
                  "yes", "no"], family="cancel")
    _sound(t)
    assert [a["order_id"] for _, a in _calls(t)] == ["#W5911003"]


@pytest.mark.parametrize("line", ["I'd like to exchange the tea kettle and the electric kettle from #W1841226",
                                  "swap the electric kettle and the tea kettle in #W1841226",
                                  "exchange my tea kettle and my electric kettle, order #W1841226"])
def test_a_tea_kettle_beside_the_electric_kettle_asks_which_tea_kettle(d, line):
    t = _play(d, [CHEN, line], seed=1000647)
    _sound(t)
    said = " ".join(_said(t)[1:])
    assert "two Tea Kettle items" in said, said


def test_a_tea_kettle_named_by_its_option_beside_the_electric_kettle_is_that_one(d):
    line = "I'd like to exchange the gas tea kettle and the electric kettle from #W1841226"
    t = _play(d, [CHEN, line], seed=1000647)
    _sound(t)
    said = " ".join(_said(t)[1:])
    assert "two Tea Kettle items" not in said, said
