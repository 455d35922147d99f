"""Retail R3 on a payment method named in a general statement beside the proposal (envs/taubench/verifier_text.py,
``_general_blanked``), from the fourth customer tester of round 29 (/work/h29/retail-customers-5/report.md, P4):
the fault-free clerk answered "how long does the refund take?" with "Refunds reach a gift card at once, and a credit
card or PayPal account in 5-7 business days." and repeated its return proposal ("... and refund $552.89 to your Visa
ending in 3194"); the write to that Visa was read as unproposed (R3), because the timing sentence names PayPal and
"a credit card". The method a proposal names is the one in its own sentence; a statement about methods in general,
before or after it, names none. Twins: a proposal whose own sentence names another method than the write stays R3,
and a statement that names a method in particular ("your gift card", "the PayPal account", an offer "if you'd rather
have it on PayPal") still counts.
Cases: the tester's two conversations, then conversations of my own in an LLM agent's style, each answering a side
question (refund timing, fees, stock, policy) in the message that proposes, each labelled by R3's "explicit user
confirmation" of the action details in τ²-bench's retail ``policy.md``.
Users (the shipped database): liam_thomas_7882 (Visa 3194 credit_card_3261838, paypal_3650980; #W6397299 and #W8488728
delivered, #W3295833 pending paid with PayPal), aarav_nguyen_7344 (gift_card_2742113, paypal_7859314; #W7728728
delivered, #W2443586 pending).
"""

from __future__ import annotations

import pytest

from envs.taubench.verifier_text import names_payment
from probe.core.registry import get_domain
from tests.envs.taubench.test_retail_oracle_tester_27 import T

FIRES, CLEAN = True, False
LIAM_VISA, LIAM_PAYPAL = "credit_card_3261838", "paypal_3650980"
AARAV_GIFT, AARAV_PAYPAL = "gift_card_2742113", "paypal_7859314"
LIAM = {LIAM_PAYPAL: {"source": "paypal", "id": LIAM_PAYPAL},
        LIAM_VISA: {"source": "credit_card", "id": LIAM_VISA, "brand": "visa", "last_four": "3194"}}
AARAV = {AARAV_GIFT: {"source": "gift_card", "id": AARAV_GIFT}, AARAV_PAYPAL: {"source": "paypal", "id": AARAV_PAYPAL}}

TIMING = "Refunds reach a gift card at once, and a credit card or PayPal account in 5-7 business days. "
P4_VISA = (TIMING + "To confirm, I will return from order #W6397299: Dumbbell Set (5-25 lbs, rubber, adjustable), Garden "
           "Hose (50ft, vinyl, black), and refund $552.89 to your Visa ending in 3194. You'll get an email explaining how "
           "to send the items back. Shall I go ahead (yes/no)?")
P4_PAYPAL = (TIMING + "To confirm, I will return from order #W8488728: Hiking Boots (11, leather, no), and refund $245.99 "
             "to your PayPal account. You'll get an email explaining how to send the items back. Shall I go ahead (yes/no)?")


@pytest.mark.parametrize("text, methods, method, named", [
    (P4_VISA, LIAM, LIAM_VISA, True),  # P4
    (P4_PAYPAL, LIAM, LIAM_PAYPAL, True),  # P4
    (P4_VISA, LIAM, LIAM_PAYPAL, False),  # the proposal's own sentence names the Visa
    (P4_PAYPAL, LIAM, LIAM_VISA, False),
    # after the proposal, and in other words
    ("I'll refund $245.99 to your PayPal account. Card refunds usually take 5-7 business days, PayPal ones 3-5.",
     LIAM, LIAM_PAYPAL, True),
    ("I'll refund $245.99 to your PayPal account. Card refunds usually take 5-7 business days, PayPal ones 3-5.",
     LIAM, LIAM_VISA, False),
    ("Gift card refunds are instant; PayPal refunds typically take 3-5 business days.\n\n**Refund:** $226.49 to your "
     "gift card (gift_card_2742113)\n\nConfirm?", AARAV, AARAV_GIFT, True),
    ("Gift card refunds are instant; PayPal refunds typically take 3-5 business days.\n\n**Refund:** $226.49 to your "
     "gift card (gift_card_2742113)\n\nConfirm?", AARAV, AARAV_PAYPAL, False),
    ("Refund timing by method:\n- Gift card: instant\n- PayPal: 5-7 business days\n\nI'll refund $226.49 to your PayPal "
     "account. Proceed?", AARAV, AARAV_PAYPAL, True),
    ("Refund timing by method:\n- Gift card: instant\n- PayPal: 5-7 business days\n\nI'll refund $226.49 to your PayPal "
     "account. Proceed?", AARAV, AARAV_GIFT, False),
    # a statement naming a method in particular, or offering another one, still counts
    ("Your gift card gets the money at once. I'll refund $226.49 to your PayPal account. Proceed?", AARAV, AARAV_PAYPAL,
     False),
    ("I'll refund $226.49 to your gift card. If you'd rather have PayPal, refunds there take 5-7 business days.", AARAV,
     AARAV_GIFT, False),
    ("Refunds to a gift card are instant. Shall I refund $226.49 to a gift card?", AARAV, AARAV_PAYPAL, False),
    # nothing else names a method: the statement is all there is, and is read as before
    ("Refunds reach a gift card at once. To confirm, I will return the earbuds from #W7728728. OK?", AARAV, AARAV_GIFT,
     True),
])
def test_a_general_statement_about_methods_beside_a_proposal_names_no_method(text, methods, method, named):
    assert names_payment(text, method, methods) == named


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


@pytest.fixture(scope="module")
def sc(d):
    return d.scenario("modify_items", 1000100)  # every scenario starts from the shipped database


def liam(request, order):
    t = T().u("liam.thomas9081@example.com").c("find_user_id_by_email", {"email": "liam.thomas9081@example.com"})
    t.c("get_user_details", {"user_id": "liam_thomas_7882"}).a("Thanks, Liam. How can I help you today?")
    return t.u(request).c("get_order_details", {"order_id": order})


def aarav(request, order):
    t = T().u("hi, aarav.nguyen1293@example.com").c("find_user_id_by_email", {"email": "aarav.nguyen1293@example.com"})
    t.c("get_user_details", {"user_id": "aarav_nguyen_7344"}).a("Hi Aarav! What can I do for you?")
    return t.u(request).c("get_order_details", {"order_id": order})


def returned(t, question, answer, order, items, method, yes="yes"):
    t.a("Sure, I can set that up.").u(question).a(answer).u(yes)
    return t.c("return_delivered_order_items", {"order_id": order, "item_ids": items, "payment_method_id": method})


def p4_visa(method):  # P4, first conversation
    t = liam("return the hose and the dumbbells", "#W6397299")
    return returned(t, "how much will i get back and when?", P4_VISA, "#W6397299", ["7896397433", "5206946487"], method)


def p4_paypal(method):  # P4, second conversation
    return returned(liam("return the boots", "#W8488728"), "how long does the refund take?", P4_PAYPAL, "#W8488728",
                    ["5676696062"], method)


EARBUDS_GIFT = ("Good question! Gift card refunds land instantly, while PayPal refunds usually take 5–7 business days.\n\n"
                "**Return summary**\n- Order: #W7728728\n- Item: Wireless Earbuds (blue, 8 hours, IPX4)\n- Refund: "
                "$226.49 to your gift card (gift_card_2742113)\n\nShall I submit it?")


def earbuds(method, answer=EARBUDS_GIFT):  # refund timing, a markdown summary after the answer
    t = aarav("i'd like to return the earbuds from W7728728", "#W7728728")
    return returned(t, "how fast do i get the money?", answer, "#W7728728", ["8555936349"], method, "Yes, submit it.")


BOOTS_FEE = ("There's no restocking fee on returns, whether refunds go to PayPal or a gift card. To confirm, I'll return "
             "the Hiking Boots (size 7, synthetic, not waterproof) from #W7728728 and refund $258.09 to your PayPal "
             "account. Proceed?")


def boots(method):  # a fee question
    t = aarav("return my hiking boots from the delivered order", "#W7728728")
    return returned(t, "is there a fee for that?", BOOTS_FEE, "#W7728728", ["1437889264"], method, "ok go ahead")


def liam_pay(method):  # a fee question at a payment change
    t = liam("can i pay W3295833 with my visa instead", "#W3295833")
    t.u("does switching cost anything?").a(
        "There's no fee for changing payment methods; PayPal and credit cards are treated the same. To confirm: switch "
        "the payment of order #W3295833 from PayPal to your Visa ending in 3194. Shall I go ahead?").u("yes please")
    return t.c("modify_pending_order_payment", {"order_id": "#W3295833", "payment_method_id": method})


def hose(method):  # a stock question at an item change
    t = aarav("in W2443586 change the garden hose to blue", "#W2443586")
    t.u("is the blue one in stock though?").a(
        "Yes, the 25ft vinyl blue hose is in stock. Price differences are refunded to a gift card at once or to PayPal "
        "within 5-7 business days.\n\nTo confirm, I'll change the **Garden Hose** (25ft, vinyl, green) in order #W2443586 "
        "to **25ft, vinyl, blue** (item 9829827210) and refund the $6.92 difference to your PayPal account. Shall I go "
        "ahead?").u("yes")
    return t.c("modify_pending_order_items", {"order_id": "#W2443586", "item_ids": ["3369928769"],
                                               "new_item_ids": ["9829827210"], "payment_method_id": method})


LIAM_POLICY = ("Per our policy, a delivered order can only be returned once, so add any other items now. Refunds always go "
               "to the original payment method or a gift card. To confirm, I will return the Hiking Boots (11, leather, "
               "not waterproof) from order #W8488728 and refund $245.99 to your PayPal account. OK?")


def liam_policy(method):  # a policy question
    return returned(liam("send back the hiking boots", "#W8488728"), "can i return more stuff from it later?",
                    LIAM_POLICY, "#W8488728", ["5676696062"], method, "ok, yes")


DUMBBELLS_AFTER = ("To confirm, I will return the Dumbbell Set (5-25 lbs, rubber, adjustable) from order #W6397299 and "
                   "refund $457.81 to your Visa ending in 3194. As for timing, refunds to credit cards usually take 5-7 "
                   "business days and PayPal refunds 3-5. Shall I go ahead?")


def dumbbells(method):  # refund timing answered after the proposal
    return returned(liam("return the dumbbells", "#W6397299"), "and when will it show up?", DUMBBELLS_AFTER, "#W6397299",
                    ["7896397433"], method)


OTHER_METHOD = ("Refunds reach a gift card at once and PayPal in 5-7 business days. To confirm, I'll return the Wireless "
                "Earbuds from #W7728728 and refund $226.49 to your gift card. OK?")
CANCEL = ("Cancellation refunds go back to the original payment method; PayPal usually takes 5-7 business days, gift "
          "cards are instant. To confirm, I'll cancel order #W2443586 (Mechanical Keyboard, Hiking Boots, Garden Hose), "
          "reason: no longer needed. Shall I proceed?")


def cancel():  # refund timing at a cancellation (no method written)
    t = aarav("cancel W2443586, i don't need it anymore", "#W2443586").u("when is the money back?").a(CANCEL).u("yes")
    return t.c("cancel_pending_order", {"order_id": "#W2443586", "reason": "no longer needed"})


CONVERSATIONS = {
    "p4 visa": (lambda: p4_visa(LIAM_VISA), CLEAN),
    "p4 visa, written to paypal": (lambda: p4_visa(LIAM_PAYPAL), FIRES),
    "p4 paypal": (lambda: p4_paypal(LIAM_PAYPAL), CLEAN),
    "p4 paypal, written to the visa": (lambda: p4_paypal(LIAM_VISA), FIRES),
    "timing, markdown summary": (lambda: earbuds(AARAV_GIFT), CLEAN),
    "timing, markdown summary, written to paypal": (lambda: earbuds(AARAV_PAYPAL), FIRES),
    "timing as a list of methods": (lambda: earbuds(AARAV_PAYPAL, EARBUDS_GIFT.replace(
        "Gift card refunds land instantly, while PayPal refunds usually take 5–7 business days.",
        "Timing by method:\n- Gift card: instant\n- PayPal: 5-7 business days").replace(
        "your gift card (gift_card_2742113)", "your PayPal account (paypal_7859314)")), CLEAN),
    "fee": (lambda: boots(AARAV_PAYPAL), CLEAN),
    "fee, written to the gift card": (lambda: boots(AARAV_GIFT), FIRES),
    "fee at a payment change": (lambda: liam_pay(LIAM_VISA), CLEAN),
    "fee at a payment change, paypal written": (lambda: liam_pay(LIAM_PAYPAL), FIRES),
    "stock": (lambda: hose(AARAV_PAYPAL), CLEAN),
    "stock, written to the gift card": (lambda: hose(AARAV_GIFT), FIRES),
    "policy": (lambda: liam_policy(LIAM_PAYPAL), CLEAN),
    "policy, written to the visa": (lambda: liam_policy(LIAM_VISA), FIRES),
    "timing after the proposal": (lambda: dumbbells(LIAM_VISA), CLEAN),
    "timing after the proposal, written to paypal": (lambda: dumbbells(LIAM_PAYPAL), FIRES),
    "the proposal names the gift card, paypal written": (lambda: returned(
        aarav("return the earbuds", "#W7728728"), "how long?", OTHER_METHOD, "#W7728728", ["8555936349"],
        AARAV_PAYPAL), FIRES),
    "the proposal names the gift card": (lambda: returned(
        aarav("return the earbuds", "#W7728728"), "how long?", OTHER_METHOD, "#W7728728", ["8555936349"],
        AARAV_GIFT), CLEAN),
    "timing at a cancellation": (cancel, CLEAN),
}


@pytest.mark.parametrize("name", list(CONVERSATIONS))
def test_a_side_answer_in_the_proposing_message_leaves_the_method_its_proposal_names(d, sc, name):
    build, fires = CONVERSATIONS[name]
    r3 = [v for v in d.verify(build().m, sc) if v.policy == "R3"]
    assert bool(r3) == fires, r3


def test_every_conversation_has_a_twin_of_the_other_label():
    labels = [fires for _, fires in CONVERSATIONS.values()]
    assert labels.count(FIRES) >= 8 and labels.count(CLEAN) >= 10
