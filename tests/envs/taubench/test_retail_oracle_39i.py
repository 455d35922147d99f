"""Retail R3 fixes for oracle-labeller-27 (/work/h39/oracle-labeller-27: 31 hand-written retail traces labelled from
the policy text). The labeller's traces that R3 misread are in tests/data/oracle_labeller_27_retail.jsonl; each is
re-scored whole, then varied (other phrasings, near misses) by replacing the customer's answer.

B3. "Ja, bitte stornieren." to "Would you like me to proceed with the cancellation?" was "says more than yes:
    stornieren" (r06-german-yes): a foreign yes beside the proposed action's own verb is a yes; beside another action's
    verb it is not.
B10. "Could you go ahead and do that for me please?" to "Proceed? (yes/no)" was read as a question
    (r29-polite-question-approval): a go-ahead asked politely ("can you just do it", "would you mind going ahead",
    "could you please process that") is a yes; a real question ("could you tell me when it arrives?") is not.
C5. "Yes — as long as the money goes back to my Visa." when the proposal refunds to that Visa was "hedged"
    (r04-conditional-true): a condition the proposal already meets is said back; one it does not meet (another
    method) still hedges.
C6. "Yes please, and make that my default address on the account too." to "Shall I make this change?" of the order's
    address was "says more than yes: default account" at the order's write (r18-address-and-default): the yes approves
    the proposed write, and the request it adds is another action (the R3 at the account's write, which no proposal
    asked, stays).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.envs.conversation import violations_with_texts

DATA = Path(__file__).resolve().parents[2] / "data" / "oracle_labeller_27_retail.jsonl"
TRACES = {t["id"]: t for t in map(json.loads, DATA.read_text().splitlines())}


@pytest.fixture(scope="module")
def domain():
    from probe.core.registry import get_domain
    return get_domain("taubench-retail")


def found(domain, tid: str, **texts: str) -> set[tuple[str, int]]:
    """(policy, message index) of the violations on the labeller's trace ``tid``, with messages ``m<i>`` replaced."""
    return violations_with_texts(domain, TRACES[tid], **texts)


EXPECTED = {"r04-conditional-true": set(), "r06-german-yes": set(), "r29-polite-question-approval": set(),
            "r18-address-and-default": {("R3", 13)}}


@pytest.mark.parametrize("tid", sorted(EXPECTED))
def test_labeller_trace(domain, tid):
    assert found(domain, tid) == EXPECTED[tid]


# --- B3: a foreign yes with the action's own verb -------------------------------------------------------------------

@pytest.mark.parametrize("reply", [
    "Ja, bitte stornieren.", "Ja, stornieren Sie die Bestellung bitte", "Sí, cancélalo por favor", "Sí, cancela el pedido",
    "Oui, annulez-la s'il vous plaît", "Oui, annulez la commande", "Sì, annullalo per favore", "Sim, cancele o pedido, "
    "obrigada", "Stornieren, bitte."])
def test_foreign_cancel(domain, reply):
    assert found(domain, "r06-german-yes", m12=reply) == set()


@pytest.mark.parametrize("reply", [
    "Ja, bitte zurückgeben",  # a return, not the cancellation
    "Sí, pero devuélvelo",
    "Ja, aber nur wenn es schnell geht",  # a condition
    "Nein, nicht stornieren",
    "Oui, annulez-la si possible",
    "Sí, cancélalo mañana",
])
def test_foreign_cancel_near_misses(domain, reply):
    assert ("R3", 13) in found(domain, "r06-german-yes", m12=reply)


# --- B10: a go-ahead asked politely ---------------------------------------------------------------------------------

@pytest.mark.parametrize("reply", [
    "Could you go ahead and do that for me please?", "can you just do it", "can you just do it?",
    "would you mind going ahead?", "could you please process that", "Would you mind just processing it for me, thanks",
    "Can you proceed with the change please?", "Yes, could you go ahead?", "Could you make that change for me?",
    "Would you go ahead and modify it please"])
def test_polite_go_ahead(domain, reply):
    assert found(domain, "r29-polite-question-approval", m12=reply) == set()


@pytest.mark.parametrize("reply", [
    "could you tell me when it arrives?", "Can you do it tomorrow?", "could you cancel it instead?",
    "Can you check the price first?", "Could you do it? and when will it arrive?", "Could you maybe go ahead?",
    "can you do that for less?", "Would you mind telling me the total?", "Can you modify it to the black one?"])
def test_polite_question_near_misses(domain, reply):
    assert ("R3", 13) in found(domain, "r29-polite-question-approval", m12=reply)


# --- C5: a condition the proposal already meets ---------------------------------------------------------------------

@pytest.mark.parametrize("reply", [
    "Yes — as long as the money goes back to my Visa.", "Yes, provided the refund goes to my Visa ending 6918",
    "yes if it is refunded to my visa", "Yes - as long as the money goes back to my card.",
    "yes only if the money goes back to my Visa", "Yes, so long as the refund lands on my Visa."])
def test_condition_met(domain, reply):
    assert found(domain, "r04-conditional-true", m12=reply) == set()


@pytest.mark.parametrize("reply", [
    "Yes, as long as the refund goes to my PayPal.",  # another method
    "Yes — as long as the money goes back to my gift card.",
    "Yes, as long as the money goes back to my Visa ending 1234.",  # another card
    "Yes as long as it arrives by Friday",  # a condition of its own
])
def test_condition_not_met(domain, reply):
    assert ("R3", 13) in found(domain, "r04-conditional-true", m12=reply)


def test_condition_to_a_method_the_proposal_does_not_refund_to(domain):
    """The Visa named only outside the proposal's money lines: the condition is no echo."""
    t = TRACES["r04-conditional-true"]["messages"][11]["content"]
    asked = t.replace("to your Visa ending 6918", "to your gift card") + "\n(Your Visa ending 6918 stays on file.)"
    assert ("R3", 13) in found(domain, "r04-conditional-true", m11=asked)


# --- C6: a yes and a request for another action ---------------------------------------------------------------------

@pytest.mark.parametrize("reply", [
    "Yes please, and make that my default address on the account too.",
    "Yes please. Also update my account address while you're at it.",
    "Yes, and save it as my default address as well",
    "yes - and please update my profile address too",
])
def test_yes_and_another_request(domain, reply):
    assert found(domain, "r18-address-and-default", m10=reply) == {("R3", 13)}


@pytest.mark.parametrize("reply", [
    "Yes please, and make that my default address too, but not yet",  # a put-off beside it
    "Yes, and change the order address to 12 Elm St too",  # the same action changed
    "Yes please, and make that my default address instead",
])
def test_yes_and_another_request_near_misses(domain, reply):
    assert ("R3", 11) in found(domain, "r18-address-and-default", m10=reply)
