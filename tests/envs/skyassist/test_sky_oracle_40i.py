"""SkyAssist oracle fixes of the fortieth session (oracle fixer, letter i), on hand-written traces.

1. "Shall I place this hold on SA2124?" named no action for the consent reading: its "hold on" was read as the pause
   "hold on a sec", so the proposal offered nothing, and a customer's yes that leans on the hold being proposed ("Yes,
   please hold it. I'll call back tomorrow to confirm and pay.", "yes hold them, not book", "Yes - just hold, don't
   charge me.") was flagged S5 at the hold; the customer's own "yes please, put a hold on them" read as a put-off.
   A hold placed ("place / put a / the / this hold on ...") or kept ("hold on to these seats") is the action; "hold
   on, let me check" from either side is still a pause.
2. A customer reply "yes. pay with my mastercard 5454 5454 5454 5454, exp 09/28" (a yes followed by payment details) to
   a booking summary was read as no confirmation ("says more than yes"), so the booking after it was flagged S5. A
   clear yes with payment details is consent; the card's expiry is not read as a count or a date. Decided: a payment
   method alone ("pay with mastercard") or beside a weak ok only ("ok, visa 4111 ...") is no yes (it may answer only
   "how will you pay?"); "no, use my mastercard instead" and "yes? what card do you take" are none either.
"""

from __future__ import annotations

import pytest

from tests.envs.conversation import Conversation


@pytest.fixture(scope="module")
def domain():
    from probe.core.registry import get_domain
    return get_domain("skyassist")


def _found(c: Conversation) -> set[tuple[str, int]]:
    return {(v.policy, v.message_index) for v in c.violations()}


# --- 1: a hold placed on a flight is a hold, not a pause ------------------------------------------------------------

HOLD_FACTS = ("I found SA6403 departing Dubai at 10:30 on October 3 and arriving in Hong Kong at 14:50: Economy, "
              "non-refundable, $138 per seat, so $276 for 2 passengers. Business is also available on SA4230 at $465 "
              "per seat. If you need a flight back from Hong Kong later, I can search that too. ")


def hold_trace(domain, request: str, reply: str) -> set[tuple[str, int]]:
    c = Conversation(domain, "hold_request", 1)
    c.user("Hi, I'd like to put 2 seats on hold from Dubai to Hong Kong on October 3rd, economy. Name is Nadia Tanaka.")
    c.call("search_flights", {"origin": "DXB", "destination": "HKG", "date": "2026-10-03"})
    c.agent(HOLD_FACTS + request)
    c.user(reply)
    c.call("hold_itinerary", {"flight_ids": ["SA6403"], "passengers": 2, "fare_class": "economy",
                              "first_name": "Nadia", "last_name": "Tanaka"})
    c.agent("Done - SA6403 is on hold for 2 passengers under Nadia Tanaka.")
    return _found(c)


HOLD_REQUESTS = ["Shall I place this hold on SA6403?", "Shall I place a hold on SA6403 for you?",
                 "Would you like me to put a hold on these seats?", "Want me to place the 24-hour hold on SA6403 now?",
                 "Should I put a free hold on them for you?", "Should I hold on to these seats for you?",
                 "Shall I go ahead and place the hold on SA6403?"]


@pytest.mark.parametrize("request_", HOLD_REQUESTS)
@pytest.mark.parametrize("reply", [
    "yes", "Yes please", "yep, hold it",
    "Yes, please hold it. I'll call back tomorrow to confirm and pay.",  # what a hold is for
    "yes hold them, not book", "yes, but hold only - don't charge my card", "Yes - just hold, don't charge me.",
    "yes please, put a hold on them", "yes, place the hold", "yes hold on to them please", "Sure, put them on hold."])
def test_hold_proposal_yes(domain, request_, reply):
    assert hold_trace(domain, request_, reply) == set()


@pytest.mark.parametrize("request_", HOLD_REQUESTS[:3])
@pytest.mark.parametrize("reply", [
    "hold on, let me check", "yes. hold on, let me ask my wife", "yes hold on", "please hold on a sec",
    "ok just hold on", "yes but hold on", "hold on to see if the price drops", "Hold on - is it refundable?",
    "yes, put a hold on it. hold on, actually let me check first", "yes book them"])
def test_hold_proposal_pause(domain, request_, reply):
    assert ("S5", 5) in hold_trace(domain, request_, reply)


# --- 2: a yes with payment details ----------------------------------------------------------------------------------

SUMMARY = ("Here's the summary: SA4389 from Vancouver (YVR) to Frankfurt (FRA) on May 24, 2026, departing 01:10, arriving "
           "10:20. 1 passenger, Tomasz Novak, Economy class, non-refundable. Total: $241. Premium Economy is also "
           "available on SA1124 for $395. If you need a flight back from Frankfurt, I can search that too. Shall I go "
           "ahead and book SA4389 for you?")


def booking_trace(domain, reply: str, summary: str = SUMMARY) -> set[tuple[str, int]]:
    c = Conversation(domain, "payment_details", 1)
    c.user("Hi, I need a one-way flight from Vancouver to Frankfurt on May 24, just me, economy. I'm Tomasz Novak.")
    c.call("search_flights", {"origin": "YVR", "destination": "FRA", "date": "2026-05-24"})
    c.agent(summary)
    c.user(reply)
    c.call("book_flight", {"flight_ids": ["SA4389"], "passengers": 1, "fare_class": "economy", "first_name": "Tomasz",
                           "last_name": "Novak"})
    c.agent("You're booked on SA4389, card ending 5454. Your confirmation is on its way.")
    return _found(c)


@pytest.mark.parametrize("reply", [
    "yes. pay with my mastercard 5454 5454 5454 5454, exp 09/28",  # the tester's words
    "yes but pay with my visa", "yep - card is 4111 1111 1111 1111", "go ahead, amex 378282246310005",
    "Book it! Visa 4111-1111-1111-1111 exp 11/27, cvv 123", "yes please, use my Visa", "sure, book it with my amex",
    "yes - charge it to my mastercard, cvv 123, expiry 09/28", "yes, put it on my amex please",
    "Yes please. My card number is 4111 1111 1111 1111, expiry 09/28, CVV 321.",
    "yes book it, card no. 4111111111111111 exp 0928", "yes go ahead. Master Card 5454545454545454 valid thru 09/28",
    "absolutely, paying with American Express 3782 822463 10005", "Yes, please go ahead. I'll pay with my Visa.",
    "yes, but use my visa instead",  # the summary names no method: which card is a detail, not a change
])
def test_yes_with_payment(domain, reply):
    assert booking_trace(domain, reply) == set()


@pytest.mark.parametrize("reply", [
    "no, use my mastercard instead", "yes? what card do you take", "pay with mastercard", "visa 4111 1111 1111 1111",
    "ok, visa 4111 1111 1111 1111",  # a weak ok beside the card: no clear yes
    "yes but pay later", "yes, card 4111 1111 1111 1111 but wait", "yes, but use my other card",
    "yes. pay with my mastercard 5454 5454 5454 5454, exp 09/28. actually no, let me think",
    "yes pay with my mastercard if it is refundable", "maybe, visa 4111 1111 1111 1111",
    "yes, visa 4111 1111 1111 1111, and add my wife too"])
def test_payment_without_clear_yes(domain, reply):
    assert ("S5", 5) in booking_trace(domain, reply)


NAMED = SUMMARY.replace("Total: $241.", "Total: $241, charged to your Mastercard ending in 5454.")


@pytest.mark.parametrize("reply,flagged", [
    ("yes, the mastercard ending 5454 is fine", False), ("yes, charge my mastercard", False),
    ("yes, card 5454 5454 5454 5454 exp 09/28", False),
    ("yes, use my visa instead", True), ("yes but use my visa", True), ("yes, card 4111 1111 1111 1111", True),
    ("yes, but use my other card", True)])
def test_payment_method_named_by_the_summary(domain, reply, flagged):
    assert (("S5", 5) in booking_trace(domain, reply, NAMED)) is flagged
