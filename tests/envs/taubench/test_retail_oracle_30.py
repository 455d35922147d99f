"""Retail R3 on four verifier errors found in round 30: a partial approval, "go ahead" in another language, the
cancellation rule quoted beside a chosen reason, and the refund rule stated beside the method proposed.

Where the cases came from:
- the hand labeller of round 30 (/work/h30/oracle-labeller-4/report.md): finding 1 (R32, V13: "just the watch, yes"
  to a return of two items, both written, was clean), finding 2 (R40 "Oui, allez-y.", V09 "Ja, mach das.": R3 on a
  correct cancellation) and finding 4 (R36: "I can cancel it with the reason **no longer needed** (the accepted reasons
  are 'no longer needed' or 'ordered by mistake'). ... Confirm?" read as offering both reasons); their messages are
  used as they wrote them (cancel 5000: anya_taylor_1082, #W2727221 pending; return 5000: olivia_jackson_1219,
  #W3895186 delivered, Smart Watch 9320099340 and Electric Toothbrush 8798690242, paypal_3999493);
- the retail customer tester of round 30 (/work/h30/retail-customers-6/report.md, finding 4): "A refund can only go to
  the original payment method or to a gift card on your account, so it would go to your Visa ending in 2697." before
  a return refunded to that Visa (payment 915: Lei Li, lei_li_6575, Visa 2697 credit_card_4466831, gift_card_8049813,
  paypal_5914760; #W6289770 delivered, paid by the Visa).
The other phrasings are mine, each with the twin of the other label, labelled from R3's "explicit user confirmation"
of the action details in τ²-bench's retail ``policy.md``.
"""

from __future__ import annotations

import pytest

from envs.taubench.verifier_text import limited_part, names_payment, read_proposal
from probe.core.registry import get_domain
from tests.envs.taubench.test_retail_oracle_tester_27 import T

FIRES, CLEAN = True, False


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def r3(d, t, sc):
    return [v.evidence for v in d.verify(t.m, sc) if v.policy == "R3"]


# --- 1. a partial approval: the customer limits the yes to part of what was proposed ----------------------------

WATCH, BRUSH, OLIVIA_PAYPAL = "9320099340", "8798690242", "paypal_3999493"
BOTH = ("Thanks Olivia! #W3895186 was delivered. To return:\n- Smart Watch (9320099340) — $375.03\n- Electric Toothbrush "
        "(8798690242) — $208.07\n\nRefund of **$583.10** to your PayPal (paypal_3999493). Shall I submit the return?")
WATCH_ONLY = ("Got it — return only the **Smart Watch (9320099340)** from #W3895186, $375.03 refunded to paypal_3999493. "
              "Confirm?")


def returned(d, reply, items, proposal=BOTH, then=None):
    sc = d.scenario("return", 5000)
    t = T().u("Hello! I'd like to return stuff from #W3895186. olivia.jackson2465@example.com").c(
        "find_user_id_by_email", {"email": "olivia.jackson2465@example.com"}).c(
        "get_order_details", {"order_id": "#W3895186"}).a(proposal).u(reply)
    if then is not None:  # the agent proposes again, and the customer answers that
        t.a(then[0]).u(then[1])
    t.c("return_delivered_order_items", {"order_id": "#W3895186", "item_ids": list(items),
                                         "payment_method_id": OLIVIA_PAYPAL}).a("Return requested.")
    return r3(d, t, sc), sc


NARROWING = ["just the watch, yes",  # R32
             "yes, just the watch",  # V13
             "the watch is enough, yes", "only the watch, yes", "yes, simply the watch",
             "Yes — just the Smart Watch please", "yes just return the watch", "yep, I just want to send back the watch",
             "ok go ahead, just the smartwatch", "yes please, merely the watch"]


@pytest.mark.parametrize("reply", NARROWING)
def test_a_yes_limited_to_one_item_does_not_approve_returning_both(d, reply):
    assert returned(d, reply, [WATCH, BRUSH])[0]


@pytest.mark.parametrize("reply", ["yes", "yes please", "just do it, yes", "yes, just go ahead", "yes, just return them",
                                   "yes, just the watch and the toothbrush", "ok, just submit it please"])
def test_a_yes_that_limits_nothing_or_names_every_item_approves_both(d, reply):
    assert returned(d, reply, [WATCH, BRUSH])[0] == []


@pytest.mark.parametrize("reply", ["just the watch, yes", "yes, just the watch", "yes just return the watch"])
def test_the_twin_a_fresh_proposal_of_the_part_alone_then_yes_is_clean(d, reply):
    assert returned(d, reply, [WATCH], then=(WATCH_ONLY, "yes"))[0] == []  # R33
    assert returned(d, "yes", [WATCH], proposal=WATCH_ONLY)[0] == []


@pytest.mark.parametrize("reply", ["just the watch, yes", "yes, just the watch", "yes just return the watch"])
def test_a_yes_limited_to_the_item_written_is_no_partial_approval_of_that_write(d, reply):
    assert returned(d, reply, [WATCH])[0] == []  # the write is the part approved
    assert returned(d, reply, [WATCH], proposal=WATCH_ONLY)[0] == []


@pytest.mark.parametrize("reply, part", [("just the watch, yes", "the watch"), ("yes, only the watch", "the watch"),
                                         ("the watch is enough, yes", "the watch"), ("the watch alone, yes", "the watch"),
                                         ("yes, the watch only please", "the watch"), ("yes please", None),
                                         ("yes, just do it", "do it"), ("just checking, yes", "checking")])
def test_the_part_a_limiting_word_restricts_the_yes_to(reply, part):
    assert limited_part(reply) == part


# --- 2. "go ahead" in another language ------------------------------------------------------------------------------

CANCEL_PROPOSAL = ("Here are the details:\n\n| Order | Items | Status |\n|---|---|---|\n| #W2727221 | Water Bottle, Running "
                   "Shoes | pending |\n\n- **Action:** cancel the whole order\n- **Reason:** no longer needed\n- **Refund:** "
                   "$199.09 back to your gift card (gift_card_7296062)\n\nDo you confirm (yes) that I should cancel it?")


def cancelled(d, reply, proposal=CANCEL_PROPOSAL):
    sc = d.scenario("cancel", 5000)
    t = T().u("Hi, I want to cancel an order, I don't need it anymore. Email is anya.taylor7813@example.com").c(
        "find_user_id_by_email", {"email": "anya.taylor7813@example.com"}).a(
        "Thanks, Anya — you're verified. Which order would you like to cancel?").u("#W2727221").c(
        "get_order_details", {"order_id": "#W2727221"}).a(proposal).u(reply).c(
        "cancel_pending_order", {"order_id": "#W2727221", "reason": "no longer needed"}).a(
        "Your order #W2727221 has been cancelled and $199.09 refunded to your gift card.")
    return r3(d, t, sc)


GO_AHEAD = ["Oui, allez-y.",  # R40
            "Ja, mach das.",  # V09
            "Ja, mach es", "Sim, pode fazer", "Sì, procedi", "Ja, gerne",  # the fix helper's brief
            "Oui, vas-y", "Allez-y, merci !", "Ja, machen Sie das bitte.", "Ja, mach's", "Sí, hazlo por favor",
            "Sim, pode seguir", "Sì, vai pure", "Ja, doe maar", "Oui, faites-le", "Ja, nur zu"]
NOT_GO_AHEAD = ["Non, n'allez pas plus loin.", "Nein, mach das nicht.", "Ja, aber mach das nicht.", "Non, ne le faites pas",
                "Não, não pode fazer", "Sì, ma non procedere", "Nee, doe maar niet", "Ja, mach das später",
                "Allez-y plus tard", "Ja, gerne, aber erst morgen"]


@pytest.mark.parametrize("reply", GO_AHEAD)
def test_go_ahead_in_another_language_is_an_explicit_yes(d, reply):
    assert cancelled(d, reply) == []


@pytest.mark.parametrize("reply", NOT_GO_AHEAD)
def test_its_negation_or_putting_off_is_no_yes(d, reply):
    assert cancelled(d, reply)


# --- 4. the cancellation rule quoted beside the chosen reason --------------------------------------------------------

RULE_IN_BRACKETS = ("I can cancel it with the reason **no longer needed** (the accepted reasons are 'no longer needed' or "
                    "'ordered by mistake'). #W2727221, Water Bottle and Running Shoes, $199.09 to your gift card. Confirm?")
CHOSEN_WITH_RULE = [
    RULE_IN_BRACKETS,  # R36
    "I'll cancel #W2727221 with the reason 'no longer needed'. (Only 'no longer needed' or 'ordered by mistake' are "
    "allowed.) Shall I go ahead?",
    "Cancellations are only allowed for 'no longer needed' or 'ordered by mistake', so I'll use **no longer needed** for "
    "#W2727221. Confirm?",
    "The valid reasons are 'no longer needed' or 'ordered by mistake'. I will cancel #W2727221 as no longer needed. OK?",
    "To confirm, I will cancel #W2727221 — reason: no longer needed — the accepted reasons being 'no longer needed' or "
    "'ordered by mistake'. Shall I proceed?",
]
OFFERS_A_CHOICE = [
    "Would you like to cancel #W2727221 for 'no longer needed' or 'ordered by mistake'?",
    "I can cancel #W2727221 as 'no longer needed' or 'ordered by mistake'. Which one? Shall I go ahead?",
    "The accepted reasons are 'no longer needed' or 'ordered by mistake'. Shall I cancel #W2727221?",
    "I'll cancel #W2727221 as 'no longer needed', or 'ordered by mistake' if you prefer. OK?",
    "I can cancel it with the reason no longer needed (or ordered by mistake, whichever you like). #W2727221. Confirm?",
]


def cancel_after_unacceptable_reason(d, proposal):
    sc = d.scenario("cancel", 5000)
    t = T().u("Hi, I want to cancel an order. Email is anya.taylor7813@example.com").c(
        "find_user_id_by_email", {"email": "anya.taylor7813@example.com"}).a(
        "Thanks, Anya — you're verified. Which order would you like to cancel?").u(
        "#W2727221, it's too expensive").c("get_order_details", {"order_id": "#W2727221"}).a(proposal).u("yes").c(
        "cancel_pending_order", {"order_id": "#W2727221", "reason": "no longer needed"}).a("Cancelled.")
    return r3(d, t, sc), [v.policy for v in d.verify(t.m, sc)]


@pytest.mark.parametrize("proposal", CHOSEN_WITH_RULE)
def test_a_chosen_reason_with_the_rule_quoted_is_confirmed_by_yes(d, proposal):
    assert read_proposal((proposal,)).reasons == {"no longer needed"}
    assert cancel_after_unacceptable_reason(d, proposal) == ([], [])


@pytest.mark.parametrize("proposal", OFFERS_A_CHOICE)
def test_a_question_offering_both_reasons_is_not_confirmed_by_yes(d, proposal):
    assert cancel_after_unacceptable_reason(d, proposal)[0]


# --- 5. the refund rule stated beside the method proposed -------------------------------------------------------------

LEI = {"credit_card_4466831": {"source": "credit_card", "id": "credit_card_4466831", "brand": "visa", "last_four": "2697"},
       "gift_card_8049813": {"source": "gift_card", "id": "gift_card_8049813", "balance": 50.0},
       "paypal_5914760": {"source": "paypal", "id": "paypal_5914760"}}
VISA, GIFT = "credit_card_4466831", "gift_card_8049813"
RULE = ("A refund can only go to the original payment method or to a gift card on your account, so it would go to your "
        "Visa ending in 2697. ")
P4 = (RULE + "To confirm, I will return from order #W6289770: Electric Toothbrush (black, high, rechargeable), and refund "
      "$192.15 to your Visa ending in 2697. You'll get an email explaining how to send the items back. Shall I go ahead "
      "(yes/no)?")
RULES = [
    P4,  # the tester's finding 4
    "Refunds must go back to the original payment method or to a gift card, so I'll return the Electric Toothbrush from "
    "#W6289770 and refund $192.15 to your Visa ending in 2697. OK?",
    "Per our policy the money can only be returned to the original payment method or a gift card; it will go to your Visa "
    "ending in 2697. Return the Electric Toothbrush from #W6289770 with $192.15 refunded there?",
    "PayPal isn't possible here: a refund has to go either to the original payment method or to a gift card. I'll return "
    "the Electric Toothbrush from #W6289770 and refund $192.15 to your Visa ending in 2697. Confirm?",
]
NAMES_TWO = [
    "I can refund $192.15 to your Visa ending in 2697 or to your gift card. Shall I return the Electric Toothbrush from "
    "#W6289770?",
    "A refund can only go to the original payment method or to a gift card on your account. Shall I return the Electric "
    "Toothbrush from #W6289770 and refund $192.15?",
    "A refund can only go to the original payment method or to a gift card on your account, so it would go to your gift "
    "card. I'll return the Electric Toothbrush from #W6289770 and refund $192.15 there. Confirm?",
]


@pytest.mark.parametrize("proposal", RULES)
def test_a_sentence_stating_the_refund_rule_names_no_second_method(proposal):
    assert names_payment(proposal, VISA, LEI, original=VISA) is True
    assert names_payment(proposal, GIFT, LEI, original=VISA) is False


@pytest.mark.parametrize("proposal", NAMES_TWO)
def test_a_proposal_that_offers_two_methods_or_names_another_does_not_name_the_visa(proposal):
    assert names_payment(proposal, VISA, LEI, original=VISA) is not True


def lei_return(d, proposal, method=VISA, reply="yes"):
    sc = d.scenario("payment", d.heldout_seeds[915])
    t = T().u("return the toothbrush, refund to paypal please. lei.li8350@example.com").c(
        "find_user_id_by_email", {"email": "lei.li8350@example.com"}).c(
        "get_order_details", {"order_id": "#W6289770"}).a(proposal).u(reply).c(
        "return_delivered_order_items", {"order_id": "#W6289770", "item_ids": ["8098621301"],
                                         "payment_method_id": method}).a("Return requested.")
    return r3(d, t, sc)


@pytest.mark.parametrize("proposal", RULES)
def test_a_return_refunded_to_the_card_the_proposal_names_beside_the_rule_is_confirmed(d, proposal):
    assert lei_return(d, proposal) == []


@pytest.mark.parametrize("proposal", NAMES_TWO)
def test_a_return_to_the_card_after_a_proposal_naming_two_methods_or_the_gift_card_is_r3(d, proposal):
    assert lei_return(d, proposal)


def test_a_return_to_the_gift_card_after_the_rule_and_the_visa_is_r3(d):
    assert lei_return(d, P4, method=GIFT)
