"""Retail R3 on explicit yeses that say more: thanks, details said back, a separate question.

Where the cases came from: the hand labeller of round 31 (/work/h31/oracle-labeller-6/report.md), findings 1-3: R3
fired on "Yes. And thank you so much, you've been super helpful!" (c15), "Yes, the blue one is perfect" (c60),
"Yes, cancel it - it really was a mistake order" (c81), "Yes, switching to PayPal is exactly what I want." (c73),
"Yes, go ahead - how long does the refund usually take?" (c19) and their variants. The rule is the session's consent
table (/work/h31/consent_table.md, the verifiers' side): an explicit yes followed by thanks, a pleasantry or an
apology; an explicit yes that repeats details the proposal listed and the write writes (and no other value); and an
explicit go-ahead followed by a separate question about something else or about what happens after, confirm. A yes
conditioned on or questioning the proposal, a yes naming a value the proposal did not list or contradicting it, and a
yes followed by a put-off do not: the write after them is R3.

The conversations are the labeller's (fault-free scenarios, seed 20), built here by hand; the replies beside the
labeller's own are the table's rows and phrasings of mine, each with its near miss.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_retail_oracle_tester_27 import T


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _address(reply):  # c15: mason_lopez_5208, #W9222585 pending
    t = T().u("Hi, I moved and need the shipping address on my order changed").a(
        "Sure. Could you please verify your identity with your email address?").u("mason.lopez2966@example.com").c(
        "find_user_id_by_email", {"email": "mason.lopez2966@example.com"}).c(
        "get_user_details", {"user_id": "mason_lopez_5208"}).a(
        "Thanks, Mason. Which order should I update? Your pending orders appear to be #W9222585 and #W3130816.").u(
        "#W9222585, new address is 266 Maple Drive, Madison, WI 53703").c(
        "get_order_details", {"order_id": "#W9222585"}).a(
        "Thanks! Order #W9222585 is still pending, so the address can be changed. Here's the update:\n\n"
        "**Current address:** 760 Maple Drive, Suite 631, New York, NY 10257\n"
        "**New address:** 266 Maple Drive, Madison, WI 53703, USA\n\nPlease confirm (yes/no) and I'll make the change.")
    return "address", t.u(reply).c("modify_pending_order_address", {
        "order_id": "#W9222585", "address1": "266 Maple Drive", "address2": "", "city": "Madison", "state": "WI",
        "country": "USA", "zip": "53703"}).a("Done.")


def _exchange(reply, new="4716977452"):  # c60: evelyn_patel_8882, #W9158156 delivered, speaker red -> blue
    t = T().u("Hello, I got a bluetooth speaker recently and I'd like to exchange it for a different color.").a(
        "Happy to help. Could you please share the email address on your account?").u(
        "evelyn.patel2010@example.com").c("find_user_id_by_email", {"email": "evelyn.patel2010@example.com"}).c(
        "get_user_details", {"user_id": "evelyn_patel_8882"}).a(
        "Thanks, Evelyn! Is the speaker from order #W9158156?").u("Yes that's the one").c(
        "get_order_details", {"order_id": "#W9158156"}).a(
        "Order #W9158156 contains a **Bluetooth Speaker** (red, 10 hours battery, water resistant) for $321.18. Which "
        "color would you like instead?").u("Blue, everything else the same").c(
        "get_product_details", {"product_id": "4768869376"}).a(
        "Great news — the blue version is in stock! Here's a summary of the exchange:\n\n- **Order:** #W9158156\n"
        "- **Item:** Bluetooth Speaker (red, 10 hours, water resistant)\n"
        "- **New item:** Bluetooth Speaker (blue, 10 hours, water resistant) — $289.69\n"
        "- **Price difference:** $31.49 will be refunded to your PayPal account\n\nShall I proceed?")
    return "exchange", t.u(reply).c("exchange_delivered_order_items", {
        "order_id": "#W9158156", "item_ids": ["7751905257"], "new_item_ids": [new],
        "payment_method_id": "paypal_3704667"}).a("Exchange submitted.")


def _return(reply):  # c19: aarav_davis_4756, #W3223435 delivered, garden hose to the gift card
    t = T().u("hey, I want to return a garden hose I bought").a(
        "I can help with a return. Could you first provide the email address on your account?").u(
        "aarav.davis1165@example.com").c("find_user_id_by_email", {"email": "aarav.davis1165@example.com"}).c(
        "get_user_details", {"user_id": "aarav_davis_4756"}).a(
        "Thanks, Aarav! Is the garden hose from order #W3223435?").u("yes").c(
        "get_order_details", {"order_id": "#W3223435"}).a(
        "Order #W3223435 was delivered, so it's eligible for a return. Here's what I have:\n\n"
        "- **Item to return:** Garden Hose (25ft, latex, green) — $99.51\n"
        "- **Refund to:** your gift card (the original payment method)\n\nWould you like me to go ahead with this return?")
    return "return", t.u(reply).c("return_delivered_order_items", {
        "order_id": "#W3223435", "item_ids": ["3230708338"], "payment_method_id": "gift_card_9708163"}).a("Submitted.")


def _payment(reply):  # c73: juan_smith_5229, #W1429524 pending, gift card -> PayPal
    t = T().u("Hello! I'd like to switch the payment method on one of my orders.").a(
        "Could you please provide your email address so I can locate your account?").u(
        "juan.smith2463@example.com").c("find_user_id_by_email", {"email": "juan.smith2463@example.com"}).c(
        "get_user_details", {"user_id": "juan_smith_5229"}).a("Thank you, Juan. Which order is it?").u(
        "#W1429524 - I paid with a gift card and want it on PayPal instead").c(
        "get_order_details", {"order_id": "#W1429524"}).a(
        "Order #W1429524 is pending and is currently paid with your gift card (total $766.17). I can switch it as "
        "follows:\n\n- **From:** Gift card\n- **To:** PayPal\n\nThe gift card will be refunded once the new payment "
        "goes through.\n\nWould you like me to make this change?")
    return "payment", t.u(reply).c("modify_pending_order_payment", {
        "order_id": "#W1429524", "payment_method_id": "paypal_9679338"}).a("Done.")


def _modify(reply):  # c80: mei_gonzalez_4785, #W2052757 pending, notebook and grill
    t = T().u("hi, I want to change a couple of things in an order that hasn't shipped yet").a(
        "Could you please provide your email address, or your name and zip code?").u("Mei Gonzalez 95170").c(
        "find_user_id_by_name_zip", {"first_name": "Mei", "last_name": "Gonzalez", "zip": "95170"}).c(
        "get_user_details", {"user_id": "mei_gonzalez_4785"}).a(
        "Thank you, Mei. Which order would you like to modify? I see #W7303089 and #W2052757.").u(
        "#W2052757. I want the notebook in A4 hard cover and the grill as the charcoal medium one with rotisserie").c(
        "get_order_details", {"order_id": "#W2052757"}).c("get_product_details", {"product_id": "2892623495"}).c(
        "get_product_details", {"product_id": "6819683148"}).a(
        "Both options are in stock. Here's what I'll change on order **#W2052757**:\n\n"
        "1. **Notebook**: A5, soft cover → **A4, hard cover** ($28.59 → $32.29)\n"
        "2. **Grill**: gas, portable, side burner → **charcoal, medium, rotisserie** ($1,042.19 → $962.69)\n\n"
        "The net difference is a refund of $75.80, which would go to your PayPal account.\n\n"
        "Shall I proceed with both changes?")
    return "modify_items", t.u(reply).c("modify_pending_order_items", {
        "order_id": "#W2052757", "item_ids": ["9799386954", "9724317332"], "new_item_ids": ["1199058591", "7082455361"],
        "payment_method_id": "paypal_2568958"}).a("Done.")


def _cancel(reply):  # c81: sofia_rossi_8776, #W2818151 pending, ordered by mistake
    t = T().u("Hi there! I need to cancel an order I placed last week.").a(
        "Could you please provide the email address associated with your account?").u(
        "sure, it's sofia.rossi2645@example.com").c("find_user_id_by_email", {"email": "sofia.rossi2645@example.com"}).c(
        "get_user_details", {"user_id": "sofia_rossi_8776"}).a("Thank you, Sofia! Which order would you like to cancel?").u(
        "#W2818151 please").c("get_order_details", {"order_id": "#W2818151"}).a(
        "Order **#W2818151** is pending. Reason — no longer needed or ordered by mistake?").u("ordered by mistake").a(
        "To confirm: cancel #W2818151, reason *ordered by mistake*, refund $1,068.63 to your Mastercard. Proceed?")
    return "cancel", t.u(reply).c("cancel_pending_order", {"order_id": "#W2818151", "reason": "ordered by mistake"}).a(
        "Cancelled.")


def pols(d, built):
    family, t = built
    return {v.policy for v in d.verify(t.m, d.scenario(family, 20))}


ALL = [_address, _exchange, _return, _payment, _modify, _cancel]


def test_the_bare_yes_is_clean_in_every_conversation(d):  # the twin every case below is read against
    for build in ALL:
        assert pols(d, build("yes")) == set(), build.__name__


# --- finding 1: an explicit yes followed by thanks, a pleasantry or an apology --------------------------------------

THANKS = [
    "Yes. And thank you so much, you've been super helpful!",  # c15
    "Yes please. Really appreciate your help today!",  # c40
    "Yep, go ahead. You're a lifesaver, honestly.",  # c41
    "yes thank you so much for being so patient with me",  # c42
    "Yes please, and sorry for all the back and forth!",  # c76
    "yes thanks, have a good one",  # c71
    "yes, cheers mate, you're a star",
    "Yes, go ahead. Thanks a million, you've been really kind!",
    "yes please - sorry for the hassle and thanks for your patience",
    "Yes. Have a great day!",
]


@pytest.mark.parametrize("reply", THANKS)
@pytest.mark.parametrize("build", ALL)
def test_an_explicit_yes_with_thanks_or_an_apology_confirms(d, build, reply):
    assert pols(d, build(reply)) == set()


NOT_YES_WITH_THANKS = [
    "Yes, thank you, but let me check with my wife first",
    "yes thanks, hold on a sec",
    "yes. actually wait",
    "ok thanks, you've been super helpful",  # a weak ok with thanks closes; it approves nothing
    "thank you so much, you've been super helpful!",  # no yes at all
    "Yes, thanks - sorry, I meant the other card",
    "thanks, I'll think about it, you've been helpful",
]


@pytest.mark.parametrize("reply", NOT_YES_WITH_THANKS)
@pytest.mark.parametrize("build", ALL)
def test_thanks_do_not_make_a_put_off_or_a_bare_thanks_a_yes(d, build, reply):
    assert "R3" in pols(d, build(reply))


# --- finding 2: an explicit yes that repeats details the proposal listed --------------------------------------------

@pytest.mark.parametrize("build, reply", [
    (_exchange, "Yes, the blue one is perfect"),  # c60
    (_exchange, "yes, blue with the same battery and water resistance is what I want"),  # c61
    (_exchange, "yes, exchange the speaker for the blue one"),
    (_exchange, "Yes - blue, 10 hours, water resistant is right"),
    (_modify, "Yes, the A4 hard cover notebook and the charcoal grill, that's right"),  # c80
    (_modify, "yes, charcoal medium with rotisserie is what I want"),
    (_cancel, "Yes, cancel it — it really was a mistake order"),  # c81
    (_cancel, "Yes, cancel it - it really was ordered by mistake"),
    (_payment, "Yes, switching to PayPal is exactly what I want."),  # c73
    (_payment, "yes, paypal please"),
    (_return, "yes, return the green latex hose to my gift card"),
    (_address, "Yes, 266 Maple Drive in Madison is my new place"),
])
def test_a_yes_repeating_the_listed_details_confirms(d, build, reply):
    assert pols(d, build(reply)) == set()


@pytest.mark.parametrize("build, reply", [
    (_exchange, "Yes, the green one"),  # a value the proposal did not list
    (_exchange, "Yes, the red one is perfect"),  # the item's current value, not the new one
    (_exchange, "yes but to my Visa instead"),
    (_exchange, "Yes, but make it two"),
    (_exchange, "yes, blue with 20 hours battery"),
    (_modify, "yes, the A5 soft cover notebook"),  # the values replaced
    (_modify, "Yes, the gas grill is right"),
    (_payment, "yes, switching to my credit card is what I want"),
    (_return, "yes, return the black hose"),
    (_cancel, "Yes, cancel it - I no longer need it"),  # another reason than the one proposed
])
def test_a_yes_naming_another_value_is_still_r3(d, build, reply):
    assert "R3" in pols(d, build(reply))


def test_the_identical_exchange_said_back_is_r8_only(d):  # v14: a fresh one of the same; R8 judges the write
    family, t = _exchange("yes, a fresh one of the same is fine", new="7751905257")
    # the proposal (m[-5]; m[-6] is a tool output, and with the blue summary left in place the write is not the option
    # proposed: R3 too, test_retail_oracle_36d)
    t.m[-5]["content"] = ("If yours is defective, I can exchange it for the exact same model:\n\n- **Order:** #W9158156\n"
                          "- **Item:** Bluetooth Speaker (red, 10 hours, water resistant)\n- **Replacement:** Bluetooth "
                          "Speaker (red, 10 hours, water resistant) — $321.18, no price difference\n\nShall I proceed?")
    assert pols(d, (family, t)) == {"R8"}


# --- finding 3: an explicit go-ahead followed by a separate question -----------------------------------------------

QUESTIONS = [
    "Yes, go ahead - how long does the refund usually take?",  # c19
    "yes do it. is there a restocking fee on returns in general?",  # c52
    "Yes please. Also, when will my other order arrive?",  # c50
    "Go ahead. By the way, do you sell phone cases?",  # c51
    "Yes, go ahead. When will I get a confirmation email?",
    "yep, do it! do you have a loyalty program?",
]


@pytest.mark.parametrize("reply", QUESTIONS)
@pytest.mark.parametrize("build", ALL)
def test_a_go_ahead_then_a_separate_question_confirms(d, build, reply):
    assert pols(d, build(reply)) == set()


NOT_YES_WITH_QUESTION = [
    "yes but is it refundable?",
    "yes if the difference is under $5",
    "yes as long as it ships this week",
    "yes? what's the difference again?",
    "Yes, go ahead. What's the difference again?",
    "ok. how long does the refund take?",  # a weak ok: an acknowledgement and a question, no go-ahead
    "Yes - wait, actually hold on, does that include the luggage set?",
    "Yes, go ahead. Is it refundable?",  # it asks about the proposal itself
    "how long does the refund take? yes go ahead",
]


@pytest.mark.parametrize("reply", NOT_YES_WITH_QUESTION)
@pytest.mark.parametrize("build", ALL)
def test_a_question_about_the_proposal_or_a_conditional_yes_is_still_r3(d, build, reply):
    assert "R3" in pols(d, build(reply))
