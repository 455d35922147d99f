"""A yes that names another action than the one proposed approves nothing, in both readings of consent
(the verifiers' probe.verify.consent and the reference agents' probe.targets.consent, written apart).

Found by playing customers (twenty-sixth session): "ok yes hold it" at "Shall I book it?" booked and
charged the customer, "yes book it" at "Shall I cancel booking BK...?" cancelled, and no verifier fired,
because both readings took "hold it" / "book it" / "cancel it" as affirmatives whatever was proposed.
The replies below are written for this table, not taken from the code's word lists."""

from __future__ import annotations

import pytest

from probe.targets import consent as target_consent
from probe.verify import consent as verifier_consent

BOOK = ("Here is the summary: flight SA1650 from London (LHR) to New York (JFK) departing 2027-01-03 at 07:20, "
        "Economy, non-refundable, for 1 passenger, under the name Nadia Fischer, $664 per seat. Shall I book it?")
HOLD = ("Here is the summary: flight SA1650 from London (LHR) to New York (JFK) departing 2027-01-03 at 07:20, "
        "Economy, for 1 passenger, under the name Nadia Fischer, $664 per seat. Shall I place the hold? It is free for 24 hours.")
CANCEL = ("Booking BK10DHMN under Fischer: flight SA0472 from Sao Paulo (GRU) to Atlanta (ATL) departing 2026-10-07 at "
          "13:45, 1 passenger, Business, status: confirmed. Shall I cancel booking BK10DHMN?")
CHANGE = ("Here is the change for booking BK93T1H1: move it to flight SA6331 from New York (JFK) to Los Angeles (LAX) "
          "departing 2026-07-31 at 09:10, $20 more per seat. Shall I make this change?")
ORDER_CANCEL = ("To confirm, I will cancel order #W2443586 because it is 'no longer needed'. The total of $591.95 will be "
                "refunded to the original payment method. Shall I go ahead (yes/no)?")
ORDER_RETURN = ("To confirm, I will return from order #W9608525: Sunglasses (silver, black, polarized, metal), and refund "
                "$296.16 to your gift card. You'll get an email explaining how to send the items back. Shall I go ahead (yes/no)?")
ROUND = ("SA0735 departs at 08:10; premium seats exist too, and a return flight. Do you want me to lock this in?")

CASES = [
    # (proposal, reply, approves)
    (BOOK, "yeah go ahead and book it", True), (BOOK, "yes book", True), (BOOK, "ok hold it then", False),
    (BOOK, "sure, just put it on hold", False), (BOOK, "yes please hold the seat", False),
    (BOOK, "yep cancel it", False), (BOOK, "yes, change it", False), (BOOK, "Sure thing, reserve it", True),
    (HOLD, "yes hold it please", True), (HOLD, "ok, place the hold", True), (HOLD, "yes, put it on hold", True),
    (HOLD, "yes book it now", False), (HOLD, "sure, buy it", False), (HOLD, "yep", True),
    (CANCEL, "yes cancel it", True), (CANCEL, "yes please cancel", True), (CANCEL, "ok book it", False),
    (CANCEL, "yes hold it", False), (CANCEL, "yes, move it", False), (CANCEL, "yes", True),
    (CHANGE, "yes, make the change", True), (CHANGE, "yes please change it", True), (CHANGE, "yes cancel it", False),
    (CHANGE, "sure, book it", False), (CHANGE, "yes, update it", True),
    (ORDER_CANCEL, "yes cancel it", True), (ORDER_CANCEL, "yes, return it", False), (ORDER_CANCEL, "y", True),
    (ORDER_RETURN, "yes please", True), (ORDER_RETURN, "sure, cancel it", False), (ORDER_RETURN, "yes, exchange it", False),
    (ORDER_RETURN, "ok go ahead", True),
    (ROUND, "ok fine book it", True),  # offers no named action: nothing to disagree with
]


@pytest.mark.parametrize("proposal,reply,approves", CASES, ids=[f"{p[-22:]}|{r}" for p, r, _ in CASES])
def test_both_readings_approve_only_the_action_proposed(proposal, reply, approves):
    assert verifier_consent.is_confirmation(reply, proposal) == approves, verifier_consent.reason(reply, proposal)
    assert target_consent.is_confirmation(reply, proposal) == approves


@pytest.mark.parametrize("reply", ["why not", "why not.", "oh why not"])
def test_a_bare_why_not_is_no_yes_in_either_reading(reply):
    """The reference agent booked on a bare "why not" that the verifier did not read as a yes, so the
    fault-free target broke S5; now neither reads it as one ("sure, why not" still is)."""
    assert not verifier_consent.is_confirmation(reply, BOOK)
    assert not target_consent.is_confirmation(reply, BOOK)
    assert verifier_consent.is_confirmation("sure, why not", BOOK) and target_consent.is_confirmation("sure, why not", BOOK)
    # a bare "go" is a yes (session 28), so "why not, go" is one too
    assert verifier_consent.is_confirmation("why not, go", BOOK) and target_consent.is_confirmation("why not, go", BOOK)


RETAIL = [(ORDER_CANCEL, "yes cancel it", True), (ORDER_CANCEL, "yes, return it", False), (ORDER_CANCEL, "yep, exchange it", False),
          (ORDER_RETURN, "yes return them", True), (ORDER_RETURN, "ok please return it", True),
          (ORDER_RETURN, "yes cancel it", False), (ORDER_RETURN, "yes, exchange them instead", False)]


@pytest.mark.parametrize("proposal,reply,approves", RETAIL, ids=[f"{p[20:40]}|{r}" for p, r, _ in RETAIL])
def test_the_retail_readings_with_the_store_words(proposal, reply, approves):
    from envs.taubench import language, verifier_text
    from probe.core.registry import get_domain
    assert verifier_text.is_confirmation(reply, proposal) == approves, verifier_text.reason(reply, proposal)
    assert language.read(reply, get_domain("taubench-retail").db, proposal).yes == approves
