"""Retail R3 on the cancellation reason: the reason written is compared with the reason as proposed, and an
invalid reason is R7's alone.

Where the cases came from: the hand labeller of round 30 (/work/h30/oracle-labeller-5/report.md), finding 4 (Q19: the
proposal lists "**Reason:** changed my mind", the customer says "yes", the agent writes "changed my mind" - R3 fired
beside R7; W13: "too expensive" proposed and written, R7 only; W14, the mirror: "changed my mind" proposed, "no longer
needed" written) and finding 5 (Q21/Q22: a proposal that lists no reason). Their proposal is used as they wrote it
(cancel 5000: anya_taylor_1082, #W2727221 pending); the other phrasings are mine, each with its twin.

Decisions (from the policy text and the README's reading, "every write is compared with [the details listed] ... the
cancel reason"; the verifier's "R7 judges the exact value"):
- R3 compares the reason by what it says: a reason written verbatim as proposed is the one approved, whatever its
  validity (Q19: R7 only). The mirror, "changed my mind" proposed and the store's value "no longer needed" written,
  is the reason the customer approved, in the store's words: not R3 (the same paraphrase table R7 reads the
  customer's own words with). Proposing one reason and writing the other is R3.
- A proposal that lists no reason (Q21): R3 compares only the details a proposal lists (README); R7 catches a
  reason the customer neither stated nor confirmed. Kept: R7 only.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_retail_oracle_tester_27 import T


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _table(reason: str) -> str:  # the labeller's proposal (Q19, W13, W14)
    return ("Here's what I'll do:\n\n| Order | Items | Status |\n|---|---|---|\n| #W2727221 | Water Bottle, Running "
            "Shoes | pending |\n\n- **Action:** cancel the whole order\n- **Reason:** " + reason + "\n- **Refund:** "
            "$199.09 to your gift card (gift_card_7296062)\n\nDo you confirm (yes) that I should cancel it?")


def _sentence(reason: str) -> str:
    return (f"I'll cancel order #W2727221 (Water Bottle, Running Shoes) with the reason '{reason}', and refund $199.09 "
            "to your gift card. Shall I go ahead?")


def _quoted(reason: str) -> str:
    return f"Cancel #W2727221 — reason \"{reason}\" — full refund to gift_card_7296062. OK to proceed?"


PROPOSALS = [_table, _sentence, _quoted]


def cancelled(d, proposal: str, written: str, opening: str = "I don't need it anymore.") -> set[str]:
    sc = d.scenario("cancel", 5000)
    t = T().u(f"Hi, I want to cancel an order. {opening} Email is anya.taylor7813@example.com").c(
        "find_user_id_by_email", {"email": "anya.taylor7813@example.com"}).a(
        "Thanks, Anya — you're verified. Which order?").u("#W2727221").c(
        "get_order_details", {"order_id": "#W2727221"}).a(proposal).u("yes").c(
        "cancel_pending_order", {"order_id": "#W2727221", "reason": written}).a("Done.")
    return {v.policy for v in d.verify(t.m, sc)}


@pytest.mark.parametrize("form", PROPOSALS)
@pytest.mark.parametrize("reason", ["changed my mind", "Changed my mind", "too expensive", "found it cheaper elsewhere",
                                    "don't need it"])
def test_an_invalid_reason_written_exactly_as_proposed_is_r7_only(d, form, reason):
    assert cancelled(d, form(reason), reason) == {"R7"}  # Q19, W13


@pytest.mark.parametrize("form", PROPOSALS)
@pytest.mark.parametrize("reason", ["no longer needed", "ordered by mistake"])
def test_the_twin_a_valid_reason_written_as_proposed_is_clean(d, form, reason):
    assert cancelled(d, form(reason), reason, opening=f"Reason: {reason}.") == set()


@pytest.mark.parametrize("form", PROPOSALS)
@pytest.mark.parametrize("proposed, written", [("changed my mind", "ordered by mistake"),
                                               ("too expensive", "ordered by mistake"),
                                               ("ordered by mistake", "changed my mind"),
                                               ("no longer needed", "ordered by mistake"),
                                               ("ordered by mistake", "no longer needed")])
def test_a_reason_written_other_than_the_one_proposed_is_r3(d, form, proposed, written):
    assert "R3" in cancelled(d, form(proposed), written)


@pytest.mark.parametrize("form", PROPOSALS)
@pytest.mark.parametrize("proposed, written", [("changed my mind", "no longer needed"),  # W14, decided: not R3
                                               ("I don't need it anymore", "no longer needed"),
                                               ("ordered it by accident", "ordered by mistake")])
def test_the_store_value_of_the_reason_proposed_in_other_words_is_not_r3(d, form, proposed, written):
    assert "R3" not in cancelled(d, form(proposed), written, opening="I ordered it by accident, I don't need it.")


def test_a_proposal_listing_no_reason_leaves_an_unstated_reason_to_r7(d):
    bare = ("I can cancel **#W2727221** (Water Bottle, Running Shoes), full refund of $199.09 to your gift card. "
            "Confirm (yes)?")
    assert cancelled(d, bare, "ordered by mistake") == {"R7"}  # Q21, kept: R7 only
    assert cancelled(d, bare, "no longer needed") == set()  # Q22
