"""Retail R3 on what retail-customers-19 found (/work/h37/retail-customers-19/report.md, finding 2) and a side sentence
naming a second payment method, with hand-built traces of mixed_pending_delivered seed 5001 (daiki_muller_8062:
delivered #W5961635, Hiking Boots 11 -> 12 leather waterproof, Skateboard 34 -> 28 inch custom, $9.61 more on his gift
card), return seed 5001 (sofia_li_8235: gift card $76.00 and a Mastercard ending in 6193; delivered #W9323073, the
Headphones $375.55) and payment seed 5001 (anya_brown_2024: a Mastercard ending in 9625 and PayPal; pending #W8883368
paid with the Mastercard).

1. R3 false positive: a clear yes beside the answer to the proposal's own "This can only be done once ... make sure
   these are all the items" note was read as a refusal or hedge: "Yes, no other items.", "Nothing else needs
   changing.", "I don't need to change anything else", "yes, and I understand I can't change it again after this",
   "(I'm aware it can only be done once.)", and courtesy the consent reading did not know: "you have my go-ahead",
   "Correct on all counts", "the extra $9.61 on the gift card is fine" (the proposal's amount said back). A clause that
   says nothing more is wanted, an acknowledgement of a once-only note the question makes, and these phrasings are set
   aside beside the yes; a clause with anything else in it is read as before.
2. R3 false positive: a proposal whose side sentence names a second payment method (a gift card's balance, "You have
   $76.00 left on your gift card.", or a list of the customer's methods) was read as naming both methods, so a plain
   yes did not approve the one its proposal sentence names. A balance or a list of methods, proposing nothing, is no
   second proposal; a proposal offering two methods ("to your gift card or your Mastercard?") still is.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_retail_oracle_tester_27 import T


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


# --- finding 1: a yes beside "no other changes" / "I know it can only be done once" ---------------------------------
EXCHANGE = ("To confirm, I will exchange these items of order #W5961635: Hiking Boots (11, synthetic, yes, $231.43) -> "
            "(12, leather, yes, $236.57); Skateboard (plastic, 34 inch, plain, $202.13) -> (plastic, 28 inch, custom, "
            "$206.60); you pay $9.61 more with your gift card (balance $53.00). This can only be done once for this "
            "order, so please make sure these are all the items you want to change. Shall I go ahead (yes/no)?")
BOOTS_12, BOOTS_9 = "8277474082", "8106223139"


def r3_exchange(d, reply, proposal=EXCHANGE, boots=BOOTS_12):
    sc = d.scenario("mixed_pending_delivered", 5001)
    t = T().u("hi, daiki.muller6278@example.com")
    t.c("find_user_id_by_email", {"email": "daiki.muller6278@example.com"})
    t.c("get_user_details", {"user_id": "daiki_muller_8062"}).a("How can I help you today?")
    t.u("In #W5961635 I'd like to exchange the boots for size 12 leather waterproof, and the skateboard for a 28 inch "
        "one, plastic, custom design.").c("get_order_details", {"order_id": "#W5961635"})
    t.c("get_product_details", {"product_id": "7363354090"}).c("get_product_details", {"product_id": "1968349452"})
    t.a(proposal).u(reply)
    t.c("exchange_delivered_order_items", {"order_id": "#W5961635", "item_ids": ["6546364613", "3098764622"],
                                           "new_item_ids": [boots, "2177997696"], "payment_method_id": "gift_card_8385925"})
    t.a("The exchange for order #W5961635 is requested.")
    return [v.evidence for v in d.verify(t.m, sc) if v.policy == "R3"]


NOTHING_MORE = [  # the tester's replies, then others a customer would write
    "Yes, go ahead. No other changes.",
    "Yes, no other items.",
    "yes. no other items",
    "yes - no more items",
    "Yes, please do that. Nothing else needs changing.",
    "Yes, I don't need to change anything else.",
    "No further changes, go ahead.",
    "yep, no other changes",
    "Yes please, I won't need any other changes.",
    "Yes - I don't want to change anything else on it.",
    "go ahead, nothing else to change",
]
ONCE_NOTED = [
    "yes, and I understand I can't change it again after this",
    "Please proceed. (I'm aware it can only be done once.)",
    "Yes, I acknowledge this can only be done once.",
    "understood that it's one time only - yes, go ahead",
    "Yes, I know I can't make more changes after this.",
    "Yes, I understand this is a one-time change.",
]
COURTESY = [
    "That all looks correct \u2014 you have my go-ahead.",
    "Correct on all counts, please process it.",
    "Go for it - and the extra $9.61 on the gift card is fine.",
    "yes, you have my approval",
    "Yes, the additional $9.61 is fine.",
    # the amount before its noun, and "that's everything" (retF's agent writes on these; lead's check after the merge)
    "yes, paying the $9.61 difference is fine",
    "yes, the $9.61 extra is fine",
    "yes, that's everything I want changed",
    "Yes - that's all the items.",
]


@pytest.mark.parametrize("reply", NOTHING_MORE + ONCE_NOTED + COURTESY)
def test_a_yes_beside_nothing_more_or_the_once_note_confirms(d, reply):
    assert r3_exchange(d, reply) == [], reply
    ev = r3_exchange(d, reply, boots=BOOTS_9)  # another new item than the one proposed: still R3
    assert ev and "did not list the new Hiking Boots" in ev[0], (reply, ev)


@pytest.mark.parametrize("reply", [  # near misses: no plain yes
    "yes, but no - change the size too",
    "no other changes? hmm, not sure",
    "yes if it's free",
    "No other changes.",  # it answers the note, not the question
    "Yes, no other changes - wait, let me check with my wife first",
    "yes, nothing else needs changing except the skateboard's design",
    "I understand I can't change it again, so let me think about it",
    "Yes, I didn't know it can only be done once, but no",
    "yes, the extra $10 is fine",  # not the amount proposed
    "yes, the extra $9.6 is fine",
    "you have my go-ahead if it's free",
    "No other items, but hold off for now",
    "yes, the extra $9.61 isn't fine",
    "yes, paying the $19.61 difference is fine",
    "yes, the $9.6 extra is fine",
    "that's everything I want changed?",
    "that's all the items, but let me think",
])
def test_near_misses_stay_flagged(d, reply):
    assert r3_exchange(d, reply), reply


def test_the_once_note_is_acknowledged_only_where_the_question_makes_it(d):
    plain = EXCHANGE.replace("This can only be done once for this order, so please make sure these are all the items "
                             "you want to change. ", "")
    assert r3_exchange(d, "Yes, I acknowledge this can only be done once.", proposal=plain)
    assert r3_exchange(d, "Yes, no other items.", proposal=plain) == []  # says nothing the proposal must have said


# --- finding 2: a second payment method named only in a side sentence ------------------------------------------------
CARD, GIFT = "credit_card_8296913", "gift_card_3242199"
HEADPHONES = "Headphones (on-ear, wireless, black)"
TO_CARD = (f"To confirm, I will return from order #W9323073: {HEADPHONES}, and refund $375.55 to your Mastercard ending "
           "in 6193.")
TO_GIFT = f"To confirm, I will return from order #W9323073: {HEADPHONES}, and refund $375.55 to your gift card."
ASK = " Shall I go ahead (yes/no)?"
SIDE_CARD = [  # (proposal, method written)
    (TO_CARD + " You have $76.00 left on your gift card." + ASK, CARD),
    (TO_CARD + " Your gift card balance is $76.00." + ASK, CARD),
    ("Your gift card has a balance of $76.00. " + TO_CARD + ASK, CARD),
    ("You have two payment methods on file: a gift card (balance $76.00) and a Mastercard ending in 6193. " + TO_CARD
     + ASK, CARD),
    ("Your payment methods are:\n- Gift card (balance $76.00)\n- Mastercard ending in 6193\n\n" + TO_CARD + ASK, CARD),
    (TO_GIFT + " You also have a Mastercard ending in 6193 on file." + ASK, GIFT),
]


def r3_return(d, proposal, method, reply="yes"):
    sc = d.scenario("return", 5001)
    t = T().u("hi, sofia.li5731@example.com").c("find_user_id_by_email", {"email": "sofia.li5731@example.com"})
    t.c("get_user_details", {"user_id": "sofia_li_8235"}).a("How can I help you today?")
    t.u("Return the headphones in #W9323073 please. And what's left on my gift card? What payment methods do I have?")
    t.c("get_order_details", {"order_id": "#W9323073"}).a(proposal).u(reply)
    t.c("return_delivered_order_items", {"order_id": "#W9323073", "item_ids": ["5788631787"],
                                         "payment_method_id": method})
    t.a("The return for order #W9323073 is requested.")
    return [v.evidence for v in d.verify(t.m, sc) if v.policy == "R3"]


@pytest.mark.parametrize("proposal, method", SIDE_CARD)
def test_a_balance_or_a_list_of_methods_is_no_second_proposal(d, proposal, method):
    assert r3_return(d, proposal, method) == [], proposal
    other = GIFT if method == CARD else CARD
    ev = r3_return(d, proposal, other)  # the side sentence's method written: not proposed
    assert ev and "payment method" in ev[0], (proposal, ev)


@pytest.mark.parametrize("proposal", [  # near misses: two methods really offered, or offered in the side sentence
    f"I can return the {HEADPHONES} from order #W9323073 and refund $375.55 to your gift card or your Mastercard ending "
    "in 6193?",
    f"Would you like the refund of $375.55 for the {HEADPHONES} from #W9323073 to go to your gift card (balance "
    "$76.00) or to your Mastercard ending in 6193?",
    TO_CARD + " You have $76.00 left on your gift card, so I could refund it there instead." + ASK,
    TO_CARD + " Or would you prefer your gift card (balance $76.00)?" + ASK,
    TO_CARD + " Your gift card balance of $76.00 will be applied first." + ASK,  # the gift card pays a part
])
def test_two_methods_offered_stay_flagged(d, proposal):
    assert r3_return(d, proposal, CARD), proposal


PAYMENT_LIST = [
    "Your payment methods are a Mastercard ending in 9625 and PayPal. To confirm, I will change the payment method of "
    "order #W8883368 to your PayPal account. Shall I go ahead (yes/no)?",
    "You have a Mastercard ending in 9625 and a PayPal account on file. I'll switch order #W8883368 to PayPal. "
    "Confirm (yes/no)?",
]


@pytest.mark.parametrize("proposal", PAYMENT_LIST)
def test_a_list_of_methods_beside_a_payment_change(d, proposal):
    sc = d.scenario("payment", 5001)

    def r3(method):
        t = T().u("hi, anya.brown8893@example.com").c("find_user_id_by_email", {"email": "anya.brown8893@example.com"})
        t.c("get_user_details", {"user_id": "anya_brown_2024"}).a("How can I help you today?")
        t.u("which payment methods do I have? I want #W8883368 on PayPal").c("get_order_details",
                                                                                {"order_id": "#W8883368"})
        t.a(proposal).u("yes").c("modify_pending_order_payment", {"order_id": "#W8883368", "payment_method_id": method})
        t.a("Done.")
        return [v.evidence for v in d.verify(t.m, sc) if v.policy == "R3"]

    assert r3("paypal_5206520") == [], proposal
    assert r3("credit_card_3414703")
