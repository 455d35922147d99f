"""The shared consent reading (probe.verify.consent), fortieth session, oracle fixer letter i.

1. "Shall I place this hold on SA2124?" proposed no action: its "hold on" was read as the pause ("hold on a sec"). A
   hold placed ("place / put a / the / this hold on <flight>", "put it on hold") or kept ("hold on to these seats") is a
   hold proposal, and the customer's own "put a hold on them" is no put-off; "hold on, let me check" from either side
   still is a pause.
2. "yes. pay with my mastercard 5454 5454 5454 5454, exp 09/28" (a yes, then payment details) was "says more than
   yes". A clear yes with payment details is consent; a method alone, a weak ok with it, a question, a take-back, or
   another method than the one the proposal names is not.
3. A sample of everyday consent: "let's do this", "LGTM", "yh", "I'd like that", "That'd be great, thanks" were
   missed; "ok noted", "ok got it", "got it", "noted" (an acknowledgement) read as a yes.
"""

from __future__ import annotations

import pytest

from probe.verify import consent

BOOK = ("SA4389 from Vancouver to Frankfurt on May 24, 1 passenger, Economy, non-refundable, $241. Shall I go ahead "
        "and book it?")
HOLD = "SA2124 BOS-JFK on March 5, 1 passenger, Economy, $138. Shall I place this hold on SA2124?"


@pytest.mark.parametrize("proposal,families", [
    ("Shall I place this hold on SA2124?", {"hold"}), ("Shall I place a hold on SA2124 for you?", {"hold"}),
    ("Would you like me to put a hold on these seats?", {"hold"}), ("Should I put it on hold?", {"hold"}),
    ("Want me to place the 24-hour hold on SA2124 now?", {"hold"}), ("Should I hold on to these seats?", {"hold"}),
    ("Shall I put a free 72 hour hold on them?", {"hold"}),
    ("Hold on - let me check. Shall I book SA2124?", {"book"}), ("Shall I hold on?", set()),
    ("Shall I cancel the hold on BKC5FN82?", {"cancel"})])
def test_hold_proposal_names_the_hold(proposal, families):
    assert consent.request_actions(proposal) == frozenset(families)


@pytest.mark.parametrize("reply", [
    "yes", "Yes, please hold it. I'll call back tomorrow to confirm and pay.", "yes hold them, not book",
    "Yes - just hold, don't charge me.", "yes please, put a hold on them", "yes place the hold on SA2124",
    "yes hold on to them please", "sure, put it on hold"])
def test_yes_to_a_hold_placed(reply):
    assert consent.reason(reply, HOLD) is None


@pytest.mark.parametrize("reply", [
    "yes. hold on, let me check", "hold on, let me check with my wife", "yes hold on", "please hold on a sec",
    "ok just hold on", "yes but hold on", "yes, hold on to see if the price drops", "yes book it"])
def test_pause_or_other_action_at_a_hold(reply):
    assert consent.reason(reply, HOLD) is not None


@pytest.mark.parametrize("reply", [
    "yes. pay with my mastercard 5454 5454 5454 5454, exp 09/28", "yes but pay with my visa",
    "yep - card is 4111 1111 1111 1111", "go ahead, amex 378282246310005", "Book it! Visa 4111-1111-1111-1111 exp 11/27",
    "sure, book it with my amex", "yes - charge it to my mastercard, cvv 123, expiry 09/28",
    "Yes please. My card number is 4111 1111 1111 1111, expiry 09/28, CVV 321.", "yes, paypal",
    "absolutely, paying with American Express 3782 822463 10005", "yes, but use my visa instead"])
def test_yes_with_payment_details(reply):
    assert consent.reason(reply, BOOK) is None


@pytest.mark.parametrize("reply", [
    "no, use my mastercard instead", "yes? what card do you take", "pay with mastercard", "ok, visa 4111 1111 1111 1111",
    "yes but pay later", "yes, card 4111 1111 1111 1111 but wait", "yes, but use my other card",
    "yes pay with my mastercard if it is refundable", "maybe, visa 4111 1111 1111 1111"])
def test_payment_details_without_a_clear_yes(reply):
    assert consent.reason(reply, BOOK) is not None


NAMED = BOOK.replace("$241.", "$241, charged to your Mastercard ending in 4444.")


@pytest.mark.parametrize("reply,ok", [
    ("yes, the mastercard ending 4444 is fine", True), ("yes, charge my mastercard", True),
    ("yes, card 5454 5454 5454 4444", True), ("yes, use my visa instead", False), ("yes but use my visa", False),
    ("yes, card 5454 5454 5454 5454", False), ("yes, switching to my credit card", False)])
def test_payment_method_the_proposal_names(reply, ok):
    assert (consent.reason(reply, NAMED) is None) is ok


@pytest.mark.parametrize("reply", [
    "sounds good, book it", "yeah do it", "perfect, go ahead and lock it in", "k", "yes pls", "sure why not",
    "let's do this", "lets do this!", "LGTM", "sgtm", "yh", "I'd like that", "I'd love that!", "That'd be great, thanks",
    "that would be lovely", "got it, go ahead", "noted - book it", "Got it, thanks. Yes, please book it.",
    "ok got it, book it", "yup lock it in", "go on then", "ok", "perfect"])
def test_everyday_yes(reply):
    assert consent.reason(reply, BOOK, ("lock it in",)) is None


@pytest.mark.parametrize("reply", [
    "ok I'll think about it", "yes I'd like to know the price first", "fine, but not yet", "ok noted", "ok got it",
    "got it", "noted", "gotcha", "got it thanks", "okay understood", "ok, good to know", "ok i see",
    "that would be great, but not yet", "it would be great if it were cheaper", "I'd like that tomorrow",
    "id like that if its cheaper", "sounds good, I'll let you know", "sure, in a bit", "ok cool thx"])
def test_everyday_not_yet(reply):
    assert consent.reason(reply, BOOK, ("lock it in",)) is not None


@pytest.mark.parametrize("reply,ok", [
    ("yes hold it. and look for a return too, then book both?", False),  # test_sky_oracle_33b: asks to book, not hold
    ("yes hold it - and can you then book them outright?", False),
    ("yes hold it. also, what is the baggage allowance?", True), ("yes hold it - and can you email me the details?", True),
    ("yes hold it. Can you also look at the return for that date?", True)])
def test_question_added_after_a_yes_to_a_hold(reply, ok):
    assert (consent.reason(reply, HOLD) is None) is ok


# merged in: the agent fixer's own phrasings (test_sky_customers_40e) that the first version of the payment reading
# missed: chat shorthand "w/" for "with", and a bare card number followed by its unlabelled expiry and code
@pytest.mark.parametrize("reply,yes", [
    ("yes pay w/ visa 4111111111111111 exp 10/27 cvv 123", True),
    ("yes, 5454 5454 5454 5454 09/28 123", True),
    ("yes, 5127 8515 9727 3412 09/28 771", True),
    ("yes, flight 09/28 for 2", False),  # no card number: the date and count are said, not set aside
    ("yes, 5454 5454 5454 5454 and 3 more people", False),
])
def test_card_shorthand_and_unlabelled_expiry(reply, yes):
    summary = "Flight SA4190 from Boston to Denver for 1 passenger, total $300. Shall I book it?"
    assert (consent.reason(reply, summary) is None) is yes
