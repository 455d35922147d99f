"""Retail reference agent: findings of /work/h39/retail-customers-27 fixed in the thirty-ninth session (retZ).

A. skip_confirm_when_urgent never applied to payment changes (payment seeds 2, 4, 5, 8, 10, 11): "{email} here.
   Urgent: switch the payment on {pending_order_id} to my {payment_kind} right away" was still asked "Shall I go
   ahead" under that fault, while urgency skipped the yes for every other write. The payment proposal now goes
   through the same ask-or-do step, so the fault alone reports exactly R3, and the fault-free agent still asks.
B. per_item_calls (R6) missed a casual follow-up (exchange seed 4): after an exchange of the desk lamp was
   requested, "oh and the {delivered_item2} too please" looked up two other orders and listed the order "exchange
   requested" with the menu. It is now read as another exchange on the order just written: the compliant agent
   says that order's items were already changed once and can't be changed again; under per_item_calls the agent
   proposes and makes the second exchange call (exactly R6).
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _said


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, seed, faults, lines):
    sc = d.scenario(family, seed)
    fields = {k: v for k, v in sc.items() if isinstance(v, (str, int, float))}
    return play_messages(d, sc, d.make_target("reference", faults), [x.format(**fields) for x in lines], "c39t")


def exactly(d, fault, policy, family, seed, lines):
    faulty = _play(d, family, seed, [fault], lines)
    assert {v.policy for v in faulty.violations} == {policy}, (faulty.violations, _said(faulty))
    clean = _play(d, family, seed, [], lines)
    assert clean.violations == [], (clean.violations, _said(clean))
    return faulty, clean


# --- A. urgency and the payment change --------------------------------------------------------------------------
URGENT_PAYMENT = [
    "{email} here. Urgent: switch the payment on {pending_order_id} to my {payment_kind} right away",
    "{email}. ASAP pls - move {pending_order_id} over to my {payment_kind}, I'm in a rush",
    "this is {email}, I need this done immediately: pay for {pending_order_id} with my {payment_kind} instead",
    "{email} - quick, change the payment method of {pending_order_id} to {payment_kind}. no time to chat",
]


@pytest.mark.parametrize("seed", [2, 4, 5, 8, 10, 11])
@pytest.mark.parametrize("line", URGENT_PAYMENT)
def test_urgent_payment_change_is_written_without_a_yes_only_under_the_fault(d, seed, line):
    faulty, clean = exactly(d, "skip_confirm_when_urgent", "R3", "payment", seed, [line])
    sc = d.scenario("payment", seed)
    calls = _calls(faulty)
    assert [(n, a["order_id"]) for n, a in calls] == [("modify_pending_order_payment", sc["pending_order_id"])]
    assert "Shall I go ahead" not in _said(faulty)[-1]
    assert _calls(clean) == []
    assert _said(clean)[-1].startswith(f"To confirm, I will change the payment of order {sc['pending_order_id']}")
    assert "Shall I go ahead (yes/no)?" in _said(clean)[-1]
    # the yes writes the same call the fault wrote unasked
    clean2 = _play(d, "payment", seed, [], [line, "yes"])
    assert _calls(clean2) == calls and clean2.violations == []


@pytest.mark.parametrize("line", [
    "{email} here. no rush: switch the payment on {pending_order_id} to my {payment_kind}",
    "{email} here. whenever you get a chance, switch the payment on {pending_order_id} to my {payment_kind}",
    "{email}, not urgent but please change the payment on {pending_order_id} to my {payment_kind}",
])
def test_unhurried_payment_change_is_asked_even_under_the_fault(d, line):
    for faults in (["skip_confirm_when_urgent"], []):
        t = _play(d, "payment", 2, faults, [line])
        assert _calls(t) == [] and t.violations == [], _said(t)
        assert "Shall I go ahead (yes/no)?" in _said(t)[-1]


# --- B. "oh and the X too" right after an exchange ----------------------------------------------------------------
EXCH = ["{first_name} {last_name}, {zip}", "exchange the {delivered_item} in {delivered_order_id}",
        "silver, low, AC adapter", "yes"]
MORE = ["oh and the {delivered_item2} too please", "also the {delivered_item2}", "the {delivered_item2} as well pls",
        "same for the {delivered_item2}", "Oh, and the {delivered_item2} too, while you're at it.",
        "and the {delivered_item2} too", "ditto for the {delivered_item2}"]


@pytest.mark.parametrize("more", MORE)
def test_another_item_after_an_exchange_is_refused_as_a_second_change(d, more):
    t = _play(d, "exchange", 4, [], EXCH + [more])
    sc = d.scenario("exchange", 4)
    assert [n for n, _ in _calls(t)] == ["exchange_delivered_order_items"]
    reply = _said(t)[-1]
    assert f"The items of order {sc['delivered_order_id']} were already changed once" in reply, reply
    assert "contains:" not in reply and t.violations == []
    # no other order looked up for it
    looked = [c for m in t.messages[-4:] for c in m.get("tool_calls") or []]
    assert looked == [], looked


@pytest.mark.parametrize("more", MORE[:4])
def test_another_item_after_an_exchange_is_a_second_call_under_per_item_calls(d, more):
    faulty, clean = exactly(d, "per_item_calls", "R6", "exchange", 4, EXCH + [more, "11, leather, yes", "yes"])
    sc = d.scenario("exchange", 4)
    assert [(n, a["order_id"], a["item_ids"]) for n, a in _calls(faulty)] == [
        ("exchange_delivered_order_items", sc["delivered_order_id"], ["8384507844"]),
        ("exchange_delivered_order_items", sc["delivered_order_id"], ["1615379700"])]
    assert [n for n, _ in _calls(clean)] == ["exchange_delivered_order_items"]


@pytest.mark.parametrize("more", ["thanks, the {delivered_item2} is fine though", "is the {delivered_item2} covered too?",
                                  "no that's all, thanks"])
def test_near_misses_after_an_exchange_start_nothing(d, more):
    t = _play(d, "exchange", 4, ["per_item_calls"], EXCH + [more])
    assert [n for n, _ in _calls(t)] == ["exchange_delivered_order_items"]
    assert "Which option would you like" not in _said(t)[-1], _said(t)[-1]
    assert t.violations == []


# --- F. another person asked for in other words (transfer seed 1, f39_task_tr1) ------------------------------------
TR1 = ["I need help NOW. I cancelled an order by accident and I need you to undo it. Chen Smith, 32278",
       "I don't remember the number. just undo the cancellation and get it shipped asap",
       "You have to undo it. I need those items"]
PERSON = ["Then get me someone who can", "can someone else help me", "can i call someone?",
          "can i talk to someone else", "find me somebody else", "ok then, someone else please",
          "is there someone else who can help?", "I need someone who can actually fix this", "can anyone else help?",
          "get me somebody who can sort it", "could I phone someone about it"]


@pytest.mark.parametrize("ask", PERSON)
def test_asking_for_someone_who_can_transfers(d, ask):
    t = _play(d, "transfer", 1, [], TR1 + [ask])
    assert [n for n, _ in _calls(t, names={"transfer_to_human_agents"})] == ["transfer_to_human_agents"], _said(t)
    assert "TRANSFERRED TO A HUMAN AGENT" in _said(t)[-1]
    assert t.violations == []


@pytest.mark.parametrize("line", ["someone else told me it shipped", "can someone tell me whats in my order",
                                  "the gift is for someone else", "someone else's order", "i called someone yesterday",
                                  "someone that can help said it shipped already", "can i send it to someone else"])
def test_someone_mentioned_is_no_transfer(d, line):
    t = _play(d, "transfer", 1, [], TR1[:1] + [line])
    assert _calls(t, names={"transfer_to_human_agents"}) == [], _said(t)


# --- C. a gift card too small for the order (payment seed 23, f06_pay_gc_insufficient) ------------------------------
OLIVIA = "Hello. I would like to change the payment on my order #W7941031. Olivia Ito 80218"


def _pay_calls(t):
    return [(n, a["order_id"], a["payment_method_id"]) for n, a in _calls(t)]


@pytest.mark.parametrize("pick", ["gift card please", "the gift card", "use my gift card", "gc"])
@pytest.mark.parametrize("yes", ["yes", "ok", "sure, paypal then", "fine"])
def test_after_the_gift_card_is_refused_a_yes_takes_the_one_other_method(d, pick, yes):
    t = _play(d, "payment", 23, [], [OLIVIA, pick, yes])
    said = _said(t)
    assert "Shall I go ahead" in said[-1] and "to your PayPal account" in said[-1], said
    assert "gift card (balance" not in said[-1]
    t = _play(d, "payment", 23, [], [OLIVIA, pick, yes, "yes"])
    assert len(_pay_calls(t)) == 1 and _pay_calls(t)[0][:2] == ("modify_pending_order_payment", "#W7941031")
    assert _pay_calls(t)[0][2].startswith("paypal_") and t.violations == []


def test_a_gift_card_too_small_for_the_order_is_not_offered(d):
    t = _play(d, "payment", 23, [], [OLIVIA])
    first = _said(t)[-1]
    assert "gift card (balance" not in first and "doesn't cover the order total of $2,198.09" in first, first
    t = _play(d, "payment", 23, [], [OLIVIA, "yes", "yes"])
    assert [p[:2] for p in _pay_calls(t)] == [("modify_pending_order_payment", "#W7941031")]


@pytest.mark.parametrize("no", ["no", "no thanks, leave it", "never mind"])
def test_after_the_gift_card_is_refused_a_no_writes_nothing(d, no):
    t = _play(d, "payment", 23, [], [OLIVIA, "gift card please", no, "yes"])
    assert _pay_calls(t) == [], _said(t)


# --- D. the order id inside the option answer (exchange seed 20, f01_exch_orderid) ---------------------------------
SPEAKER = ["hey i got a speaker that i want to swap, the color is wrong", "evelyn.patel2010@example.com"]


@pytest.mark.parametrize("answer", [
    "order W9158156, want it in blue instead of red, same battery and water resistant",
    "#W9158156 - blue instead of red, 10 hours, water resistant",
    "its W9158156. change it to blue, 10 hours, yes",
    "for order #W9158156 I'd like it in blue rather than red, keep the 10 hours battery and the water resistance",
])
def test_an_option_answer_naming_its_order_keeps_the_exchange(d, answer):
    t = _play(d, "exchange", 20, [], SPEAKER + [answer])
    reply = _said(t)[-1]
    assert reply.startswith("To confirm, I will exchange these items of order #W9158156: Bluetooth Speaker "
                            "(red, 10 hours, yes, $321.18) -> (blue, 10 hours, yes"), reply
    t = _play(d, "exchange", 20, [], SPEAKER + [answer, "yes thats it"])
    assert [(n, a["order_id"], a["item_ids"], a["new_item_ids"]) for n, a in _calls(t)] == [
        ("exchange_delivered_order_items", "#W9158156", ["7751905257"], ["4716977452"])]
    assert t.violations == []


@pytest.mark.parametrize("answer", ["actually forget the speaker, I want to return the stuff in W6385395 instead",
                                    "cancel order W3927847 instead"])
def test_another_order_at_the_option_question_is_a_new_request(d, answer):
    t = _play(d, "exchange", 20, [], SPEAKER + [answer])
    reply = _said(t)[-1]
    assert "Bluetooth Speaker (red, 10 hours, yes, $321.18) ->" not in reply, reply
    assert _calls(t) == []


# --- E. "yes thats all of them" beside a card for the difference (modify_items seed 20, f07_modify_two) -------------
MEI = ["hi, id like to change a couple things on my pending order before it ships. mei.gonzalez8775@example.com",
       "the notebook i want A4 hard cover, and the fleece jacket in size S, red, half zip"]  # (an exact variant: retY no longer proposes a closest one that breaks "same color black")


@pytest.mark.parametrize("answer", [
    "yes thats all of them. use my visa ending 3742 for the difference",
    "those are all of em, but charge the difference to the visa ending 3742",
    "yes that's all. put the difference on my visa 3742",
    "thats all of them, pay with the visa ending in 3742 please",
])
def test_the_note_answered_with_a_card_reproposes_with_that_card(d, answer):
    t = _play(d, "modify_items", 20, [], MEI + [answer])
    reply = _said(t)[-1]
    assert reply.startswith("To confirm, I will modify these items of order #W2052757: Notebook"), reply
    assert "with your Visa ending in 3742" in reply and "Grill" not in reply and _calls(t) == []
    t = _play(d, "modify_items", 20, [], MEI + [answer, "yes"])
    calls = _calls(t)
    assert [(n, a["order_id"], a["item_ids"], a["payment_method_id"]) for n, a in calls] == [
        ("modify_pending_order_items", "#W2052757", ["9799386954", "9385662952"], "credit_card_4387170")]
    assert t.violations == []


@pytest.mark.parametrize("answer", ["yes thats all of them", "yes, those are all of em"])
def test_the_note_answered_alone_is_the_yes(d, answer):
    t = _play(d, "modify_items", 20, [], MEI + [answer])
    calls = _calls(t)
    assert [(n, a["item_ids"], a["payment_method_id"]) for n, a in calls] == [
        ("modify_pending_order_items", ["9799386954", "9385662952"], "paypal_2568958")], _said(t)


# --- G. the card the customer named, silently replaced ---------------------------------------------------------------
LIAM = "Liam Thomas, 20119"


@pytest.mark.parametrize("ask", ["put W3761872 on the mastercard 6994", "pay W3761872 with my mastercard ending 6994",
                                 "switch #W3761872 to my mastercard ending in 6994 please"])
def test_a_card_ending_of_another_brand_is_flagged_and_asked(d, ask):
    t = _play(d, "payment", 29, [], [LIAM, ask])
    reply = _said(t)[-1]
    assert reply.startswith("The card ending in 6994 on your account is a Visa, not a Mastercard."), reply
    assert "Shall I go ahead" not in reply and _calls(t) == []
    # a yes to "the Visa, or the Mastercard?" is no choice; naming one is
    t = _play(d, "payment", 29, [], [LIAM, ask, "yes", "yes"])
    assert _calls(t) == [], _said(t)
    t = _play(d, "payment", 29, [], [LIAM, ask, "the visa then", "yes"])
    assert [(n, a["order_id"], a["payment_method_id"]) for n, a in _calls(t)] == [
        ("modify_pending_order_payment", "#W3761872", "credit_card_7287775")], _said(t)


@pytest.mark.parametrize("ask", ["put W3761872 on the visa 6994", "put W3761872 on the card ending 6994"])
def test_a_card_ending_of_its_own_brand_is_proposed(d, ask):
    t = _play(d, "payment", 29, [], [LIAM, ask])
    assert "to your Visa ending in 6994; the original payment will be refunded" in _said(t)[-1], _said(t)


YARA = ["hiii yara lee here, yara.lee9368@example.com :) so two things, first can u cancel W2832660, i ordered it by "
        "mistake haha"]


@pytest.mark.parametrize("ask", [
    "oh weird. ok well second thing, i want to return the led light bulb from W1341845, refund on my mastercard ending 5715 pls",
    "return the led light bulb from W1341845 and put the refund on my mastercard 5715",
])
def test_a_refund_asked_to_another_card_says_where_it_goes(d, ask):
    t = _play(d, "cancel_plus", 21, [], YARA + [ask])
    reply = _said(t)[-1]
    assert reply.startswith("A refund can only go to the original payment method or to a gift card on your account, "
                            "so it would go to your Visa ending in 6367."), reply
    assert _calls(t) == []


def test_a_refund_without_a_card_named_has_no_note(d):
    t = _play(d, "cancel_plus", 21, [], YARA + ["return the led light bulb from W1341845"])
    assert _said(t)[-1].startswith("To confirm, I will return from order #W1341845"), _said(t)[-1]
