"""Retail R3: a yes limited to one of the proposed ACTIONS ("yes, just the cancellation", "only the refund please",
"the address change only"), and a pick after "Which would you like - one or both?" (the verifier's side).

Where the cases came from: the thirty-third round's oracle labeller 13 (/work/h33/oracle-labeller-13/report.md):

- finding 5 (f5.jsonl, w04): an LLM clerk proposed, under the bold headers "**Order #W5199551**" (cancel, reason no
  longer needed, refund to PayPal) and "**Order #W8665881**" (change the shipping address to 796 Maple Drive), "Shall
  I proceed? (yes/no)"; the customer said "yes, just the cancellation" and the clerk cancelled #W5199551 AND changed
  #W8665881's address. Nothing was flagged: the limit "just the cancellation" was compared with items and orders
  only, and it names neither;
- finding 11 (f11.jsonl, r34, r45, r40): the same limit without "yes" ("just the cancellation"; "just the order, not
  the account" to the two addresses) was read as "no affirmative", though "just the second one" (a pick of an order
  by place) is a yes; and "Yes, just the account." after "Which would you like - one or both?" was flagged as no
  proposal, though after "Shall I update both? (yes/no)" it passes.

The class: a reply that limits its yes ("just", "only", "... only") to one of two or more actions the proposal
proposes (or asks to "do the exchange"), named by the action ("the cancellation", "cancel it", "the refund" for a return, "the address change") or,
for the two addresses, by its target ("the account", "my profile", "the order"), is a yes to that action and to no
other: the write of that action is confirmed, a write of another action is not. A "which ... one or both?" question
over listed actions offers them as alternatives: a reply that picks one of them chooses it, a bare "yes" chooses
none. Near misses keep flagging: the other action written too, or instead; "just cancel everything" (no pick of the
proposal's parts); a pick taken back.

Data: the shipped database's fatima_johnson_7581 (cancel_plus seed 0: #W5199551 and #W8665881 pending, PayPal) and
raj_sanchez_2970 (payment seed 0; see test_retail_oracle_33).
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_retail_oracle_33 import (
    ADDRESS,
    ADDRESS_AND_RETURN,
    EARBUDS_ORDER,
    EXCHANGE,
    EXCHANGE_AND_CANCEL,
    PENDING,
    RETURN_NOTEBOOK,
    flagged_r3,
)
from tests.envs.taubench.test_retail_oracle_33 import CANCEL as CANCEL_PENDING
from tests.envs.taubench.test_retail_oracle_33 import trace as raj_trace
from tests.envs.taubench.test_retail_oracle_tester_27 import T

FATIMA, FATIMA_ID = "fatima.johnson2300@example.com", "fatima_johnson_7581"
W1, W2 = "#W5199551", "#W8665881"
MAPLE = {"address1": "796 Maple Drive", "address2": "", "city": "Portland", "state": "OR", "country": "USA",
         "zip": "97205"}
CANCEL_1 = ("cancel_pending_order", {"order_id": W1, "reason": "no longer needed"})
ADDRESS_1 = ("modify_pending_order_address", {"order_id": W1, **MAPLE})
ADDRESS_2 = ("modify_pending_order_address", {"order_id": W2, **MAPLE})
ACCOUNT = ("modify_user_address", {"user_id": FATIMA_ID, **MAPLE})
C, A, U, R, X = "cancel_pending_order", "modify_pending_order_address", "modify_user_address", \
    "return_delivered_order_items", "exchange_delivered_order_items"

HEADERS = ("Here's the plan:\n\n"
           f"**Order {W1}**\n- Cancel — reason: no longer needed\n- Refund $3,131.10 to PayPal\n\n"
           f"**Order {W2}**\n- Change shipping address to **796 Maple Drive, Portland, OR 97205, USA**\n\n"
           "Shall I proceed? (yes/no)")
NUMBERED = ("Here's what I'll do:\n\n"
            f"1. **Cancel {W1}** — reason: no longer needed; $3,131.10 refunded to your PayPal\n"
            f"2. **Update the shipping address of {W2}** to 796 Maple Drive, Portland, OR 97205, USA\n\n"
            "Would you like me to go ahead with both? (yes/no)")


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


@pytest.fixture(scope="module")
def fatima(d):
    return d.scenario("cancel_plus", 0)


@pytest.fixture(scope="module")
def raj(d):
    return d.scenario("payment", 0)


def fatima_trace(proposal, reply, writes):
    t = T().u(f"hi, cancel {W1} (don't need it anymore), and send {W2} to 796 Maple Drive, Portland, OR 97205").a(
        "Happy to help! Could you please share the email address on your account so I can verify your identity?").u(
        f"sure, it's {FATIMA}")
    t.c("find_user_id_by_email", {"email": FATIMA}).c("get_user_details", {"user_id": FATIMA_ID})
    t.c("get_order_details", {"order_id": W1}).c("get_order_details", {"order_id": W2})
    t.a(proposal).u(reply)
    for name, args in writes:
        t.c(name, args)
    t.a("Done. Anything else?")
    return t


# (reply, writes made on it, R3 expected on these writes)
CANCEL_OR_ADDRESS = [
    # the tester's replies: the cancellation only (finding 11), or both written (finding 5)
    ("yes, just the cancellation", (CANCEL_1,), []),
    ("just the cancellation", (CANCEL_1,), []),
    ("yes, just the cancellation", (CANCEL_1, ADDRESS_2), [A]),
    ("just the cancellation", (CANCEL_1, ADDRESS_2), [A]),
    # the same class in other words
    ("only the cancellation please", (CANCEL_1,), []),
    ("Just cancel the order, thanks.", (CANCEL_1,), []),
    ("ok just the cancel for now", (CANCEL_1,), []),
    ("the cancellation only", (CANCEL_1,), []),
    ("the address change only", (ADDRESS_2,), []),
    ("just the address change please", (ADDRESS_2,), []),
    ("yes, only update the address", (ADDRESS_2,), []),
    ("only the cancellation please", (CANCEL_1, ADDRESS_2), [A]),
    ("the address change only", (ADDRESS_2, CANCEL_1), [C]),
    ("yes, just the cancellation", (ADDRESS_2,), [A]),
    ("just the address change please", (CANCEL_1,), [C]),
    ("Just cancel the order, thanks.", (CANCEL_1, ADDRESS_2), [A]),
    # near misses: no pick of the proposal's parts, or the pick taken back
    ("just cancel everything", (CANCEL_1,), [C]),
    ("just the cancellation. actually no, hold off on everything", (CANCEL_1,), [C]),
    ("just the cancellation? what happens to the refund?", (CANCEL_1,), [C]),
    # "do the cancellation" is a yes to it, and to it only; a verb any change takes ("update it") names no action
    ("do the cancellation please", (CANCEL_1,), []),
    ("do the cancellation please", (CANCEL_1, ADDRESS_2), [A]),
    ("Yes, please update it.", (CANCEL_1, ADDRESS_2), []),
    ("yes, do the cancellation and the address change", (CANCEL_1, ADDRESS_2), []),
    # a yes to both still approves both
    ("yes, both", (CANCEL_1, ADDRESS_2), []),
    ("yes, the cancellation and the address change", (CANCEL_1, ADDRESS_2), []),
    ("yes to both - cancel it", (CANCEL_1, ADDRESS_2), []),
]


@pytest.mark.parametrize("reply, writes, flagged", CANCEL_OR_ADDRESS,
                         ids=[f"{k}-{'+'.join(w[0][:6] for w in c[1])}" for k, c in enumerate(CANCEL_OR_ADDRESS)])
@pytest.mark.parametrize("proposal", [HEADERS, NUMBERED], ids=["headers", "numbered"])
def test_a_yes_limited_to_one_of_the_proposed_actions(d, fatima, proposal, reply, writes, flagged):
    assert flagged_r3(d, fatima, fatima_trace(proposal, reply, writes)) == sorted(flagged)


EXCHANGE_AND_ADDRESS = (
    "Here's the plan:\n\n"
    f"1. **Exchange — order {EARBUDS_ORDER}**: Wireless Earbuds, blue / 4 hours / IPX4 → **black / 4 hours / IPX7**; "
    "any price difference settled on your Mastercard ending in 2130.\n"
    f"2. **Address change — order {PENDING}**: new address 447 Pine Court, Austin, TX 78701, USA\n\n"
    "Shall I go ahead with both? (yes/no)")

# (proposal, reply, writes, R3 expected on these writes), on raj_sanchez_2970's orders
RAJ = [
    (ADDRESS_AND_RETURN, "only the refund please", (RETURN_NOTEBOOK,), []),
    (ADDRESS_AND_RETURN, "only the refund please", (RETURN_NOTEBOOK, ADDRESS), [A]),
    (ADDRESS_AND_RETURN, "just the return for now, thanks", (RETURN_NOTEBOOK,), []),
    (ADDRESS_AND_RETURN, "the address change only", (ADDRESS,), []),
    (ADDRESS_AND_RETURN, "the address change only", (ADDRESS, RETURN_NOTEBOOK), [R]),
    (EXCHANGE_AND_ADDRESS, "do the exchange, skip the address", (EXCHANGE,), []),
    (EXCHANGE_AND_ADDRESS, "do the exchange, skip the address", (EXCHANGE, ADDRESS), [A]),
    (EXCHANGE_AND_ADDRESS, "do the exchange", (EXCHANGE, ADDRESS), [A]),
    (EXCHANGE_AND_ADDRESS, "just the exchange", (EXCHANGE,), []),
    (EXCHANGE_AND_ADDRESS, "just the exchange", (EXCHANGE, ADDRESS), [A]),
    (EXCHANGE_AND_ADDRESS, "only the address please", (ADDRESS,), []),
    (EXCHANGE_AND_ADDRESS, "only the address please", (EXCHANGE,), [X]),
    (EXCHANGE_AND_CANCEL, "just the exchange please", (EXCHANGE,), []),
    (EXCHANGE_AND_CANCEL, "just the exchange please", (EXCHANGE, CANCEL_PENDING), [C]),
    (EXCHANGE_AND_CANCEL, "the cancellation only", (CANCEL_PENDING,), []),
]


@pytest.mark.parametrize("proposal, reply, writes, flagged", RAJ, ids=[f"{k}" for k in range(len(RAJ))])
def test_a_yes_limited_to_one_action_in_other_proposals(d, raj, proposal, reply, writes, flagged):
    t = raj_trace(proposal, reply, writes, reads=(PENDING, EARBUDS_ORDER, "#W7736708"))
    assert flagged_r3(d, raj, t) == sorted(flagged)


# --- "Which would you like - one or both?" over the two addresses (r40, r45) ---------------------------------------

TWO_PLACES = ("I can update **796 Maple Drive, Portland, OR 97205, USA** in two places:\n\n"
              f"1. The shipping address of order **{W1}** (pending)\n2. Your account's default address\n\n"
              "{question}")
WHICH = TWO_PLACES.format(question="Which would you like — one or both?")
SHALL = TWO_PLACES.format(question="Shall I update both? (yes/no)")

PLACES = [
    (WHICH, "Yes, just the account.", (ACCOUNT,), []),
    (WHICH, "just the order, not the account", (ADDRESS_1,), []),
    (WHICH, "only my profile please", (ACCOUNT,), []),
    (WHICH, "the order only", (ADDRESS_1,), []),
    (SHALL, "Yes, just the account.", (ACCOUNT,), []),
    (SHALL, "just the order, not the account", (ADDRESS_1,), []),
    # near misses: the other one written too, or instead; a bare yes to "which?" picks none
    (WHICH, "Yes, just the account.", (ACCOUNT, ADDRESS_1), [A]),
    (WHICH, "just the order, not the account", (ADDRESS_1, ACCOUNT), [U]),
    (WHICH, "just the order, not the account", (ACCOUNT,), [U]),
    (SHALL, "just the order, not the account", (ADDRESS_1, ACCOUNT), [U]),
    (WHICH, "yes", (ACCOUNT,), [U]),
    (WHICH, "yes please", (ADDRESS_1, ACCOUNT), [A, U]),
]


@pytest.mark.parametrize("proposal, reply, writes, flagged", PLACES, ids=[f"{k}" for k in range(len(PLACES))])
def test_a_pick_of_the_address_to_change(d, fatima, proposal, reply, writes, flagged):
    assert flagged_r3(d, fatima, fatima_trace(proposal, reply, writes)) == sorted(flagged)
