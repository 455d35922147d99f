"""Retail R3: a yes to some of the proposed orders, said by their place or as "leave the other one"; an order's bold
header without a colon; "Yes, just the account." to a change of the default address (the verifier's side).

Where the cases came from:

- the thirty-third round's oracle labeller 12 (/work/h33/oracle-labeller-12/report.md, finding 4, traces t10,
  rg1-rg4): an LLM clerk listed "1. Cancel **#W5199551** ... 2. Cancel **#W8665881** ..." and asked "Shall I cancel
  both orders? (yes/no)"; the customer said "actually just #W5199551 for now, leave the other one" (or "yes, but only
  #W5199551 for now, ...", "cancel just #W5199551 please, ...", "yes, only the first one for now please") and the clerk
  cancelled #W5199551 only. R3 flagged it: "the other one" and "the first one" named no order, "for now" read as a
  put-off of the whole, "actually" as a take-back;
- the thirty-second round's oracle labeller 10 (/work/h32/oracle-labeller-10/report.md), finding 5 (g09): a two-order
  exchange with "**Order #W7736708**" over one bullet and "**Order #W1067251**" over another; with no colon the headers
  gave their bullets to no order, and the headphones' line was read beside the earbuds' "black"; finding 6 (g05):
  "Yes, just the account." to "Shall I update your default address?" read "account" as a word beyond a yes.

The class: a reply that picks some of the proposed orders (by id, by place: "the first one", "#2", or "the other
one" for those it does not name), with "for now" putting off the rest, approves those orders' writes and no other;
near misses keep flagging: the other order cancelled too, "yes to both, actually no, only one" (a turn of mind about
the whole), "yes, the second one" followed by the first order's cancellation, "just cancel it for now" (a put-off
that picks nothing). A header line in bold names the order of the lines under it, colon or not; a new value the
line under the header does not list is still flagged. The words that name the default address ("account",
"profile", "default") said back beside a yes to changing it are no word beyond the yes; beside a yes to an order's
address they still are.

Data: the shipped database's fatima_johnson_7581 (cancel_plus seed 0: #W5199551 and #W8665881 pending, PayPal) and
raj_sanchez_2970 (payment seed 0: #W7736708 Headphones 3104857380, #W1067251 Wireless Earbuds 6452271382, #W4566809
pending, Mastercard credit_card_3362387).
"""

from __future__ import annotations

import json

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_retail_oracle_33 import (
    ADDRESS,
    DELIVERED,
    EARBUDS_ORDER,
    EXCHANGE,
    PENDING,
    flagged_r3,
)
from tests.envs.taubench.test_retail_oracle_33 import trace as raj_trace
from tests.envs.taubench.test_retail_oracle_tester_27 import T

FATIMA = "fatima.johnson2300@example.com"
W1, W2 = "#W5199551", "#W8665881"
CANCEL_1 = ("cancel_pending_order", {"order_id": W1, "reason": "no longer needed"})
CANCEL_2 = ("cancel_pending_order", {"order_id": W2, "reason": "no longer needed"})

TWO_CANCELS = (
    "Both orders are still pending. Here's what I'll do:\n\n"
    f"1. Cancel **{W1}** — reason: no longer needed — refund $3,131.10 to PayPal\n"
    f"2. Cancel **{W2}** — reason: no longer needed — refund $4,777.75 to PayPal\n\n"
    "Shall I cancel both orders? (yes/no)")
ONE_LINE = (f"Both are pending. I'll cancel {W1} ($3,131.10) and {W2} ($4,777.75), reason: no longer needed, with the "
            "refunds going back to your PayPal. Shall I go ahead?")


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
    t = T().u(f"hi, I want to cancel both my pending orders {W1} and {W2}, I don't need them anymore").a(
        "I'd be glad to help! Could you please share the email address on your account so I can verify your "
        "identity?").u(f"sure, it's {FATIMA}")
    t.c("find_user_id_by_email", {"email": FATIMA}).c("get_user_details", {"user_id": "fatima_johnson_7581"})
    t.c("get_order_details", {"order_id": W1}).c("get_order_details", {"order_id": W2})
    t.a(proposal).u(reply)
    for name, args in writes:
        t.c(name, args)
    t.a("Done. Anything else?")
    return t


def flagged_orders(d, sc, t):
    calls = {i: json.loads(m["tool_calls"][0]["function"]["arguments"]).get("order_id") for i, m in enumerate(t.m)
             if m.get("tool_calls")}
    return sorted(calls[v.message_index] for v in d.verify(t.m, sc) if v.policy == "R3")


# (reply, writes made on it, orders whose cancellation R3 flags)
PICKS = [
    # the tester's replies, the first order cancelled
    ("actually just #W5199551 for now, leave the other one", (CANCEL_1,), []),
    ("yes, but only #W5199551 for now, leave the other one", (CANCEL_1,), []),
    ("cancel just #W5199551 please, leave the other one", (CANCEL_1,), []),
    ("yes, only the first one for now please", (CANCEL_1,), []),
    # the same class in other words
    ("only the first order for now", (CANCEL_1,), []),
    ("just #W5199551 please, keep the other", (CANCEL_1,), []),
    ("go ahead with W5199551 but leave W8665881 alone", (CANCEL_1,), []),
    ("Yes please, only #W5199551. I'll keep the other one for now.", (CANCEL_1,), []),
    ("just the second one, leave the first", (CANCEL_2,), []),
    ("yes, only #2 for now", (CANCEL_2,), []),
    # near misses: the other order cancelled too, or instead
    ("actually just #W5199551 for now, leave the other one", (CANCEL_1, CANCEL_2), [W2]),
    ("yes, but only #W5199551 for now, leave the other one", (CANCEL_1, CANCEL_2), [W2]),
    ("yes, only the first one for now please", (CANCEL_1, CANCEL_2), [W2]),
    ("just #W5199551 please, keep the other", (CANCEL_1, CANCEL_2), [W2]),
    ("go ahead with W5199551 but leave W8665881 alone", (CANCEL_1, CANCEL_2), [W2]),
    ("yes, only the first one for now please", (CANCEL_2,), [W2]),
    ("just #W5199551 please, keep the other", (CANCEL_2,), [W2]),
    ("yes, the second one", (CANCEL_1, CANCEL_2), [W1]),
    ("yes, cancel #W8665881", (CANCEL_1,), [W1]),
    # a turn of mind about the whole, or a put-off that picks nothing
    ("yes to both, actually no, only #W5199551", (CANCEL_1, CANCEL_2), [W1, W2]),
    ("yes to both, actually no, only the first one", (CANCEL_1, CANCEL_2), [W1, W2]),
    ("just cancel it for now", (CANCEL_1,), [W1]),
    ("just the first one for now, let me think about the rest", (CANCEL_1, CANCEL_2), [W1, W2]),
    # a yes to both still approves both
    ("yes both please", (CANCEL_1, CANCEL_2), []),
    ("yes, #W8665881 too", (CANCEL_1, CANCEL_2), []),
    ("Yes, cancel #W5199551 and #W8665881.", (CANCEL_1, CANCEL_2), []),
]


@pytest.mark.parametrize("reply, writes, flagged", PICKS,
                         ids=[f"{k}-{'+'.join(w[1]['order_id'][-3:] for w in c[1])}" for k, c in enumerate(PICKS)])
@pytest.mark.parametrize("proposal", [TWO_CANCELS, ONE_LINE], ids=["list", "sentence"])
def test_a_yes_to_some_of_the_proposed_orders(d, fatima, proposal, reply, writes, flagged):
    assert flagged_orders(d, fatima, fatima_trace(proposal, reply, writes)) == sorted(flagged)


# --- a two-order exchange with bold headers (g09) --------------------------------------------------------------------

HEADPHONES = ("exchange_delivered_order_items", {"order_id": DELIVERED, "item_ids": ["3104857380"],
                                                 "new_item_ids": ["9805150490"], "payment_method_id": "credit_card_3362387"})


def two_exchanges(header, headphones_line="- Headphones: on-ear, wireless, **red → white**"):
    return ("Here's what I'd submit:\n\n"
            f"{header(DELIVERED)}\n{headphones_line}\n\n"
            f"{header(EARBUDS_ORDER)}\n- Wireless Earbuds: 4 hours, **blue IPX4 → black IPX7**\n\n"
            "Price differences settle on your Mastercard ending 2130. Shall I submit both exchanges? (yes/no)")


HEADERS = [lambda o: f"**Order {o}**", lambda o: f"### Order {o}", lambda o: f"__Order {o}__",
           lambda o: f"**Exchange — order {o}**", lambda o: f"**Order {o}:**"]


@pytest.mark.parametrize("header", HEADERS, ids=["bold", "heading", "underscores", "bold-action", "bold-colon"])
def test_each_order_header_in_bold_owns_its_line(d, raj, header):
    t = raj_trace(two_exchanges(header), "Yes, both.", (HEADPHONES, EXCHANGE), reads=(DELIVERED, EARBUDS_ORDER))
    assert flagged_r3(d, raj, t) == []


@pytest.mark.parametrize("header", HEADERS[:3], ids=["bold", "heading", "underscores"])
@pytest.mark.parametrize("line", ["- Headphones: on-ear, wireless, **red → black**", "- Headphones: on-ear, wireless",
                                  "- Exchange as discussed"], ids=["black", "no-value", "no-item"])
def test_the_headphones_line_must_still_list_the_new_headphones(d, raj, header, line):
    # the earbuds' "black IPX7" under the other header lists no headphones
    t = raj_trace(two_exchanges(header, line), "Yes, both.", (HEADPHONES, EXCHANGE), reads=(DELIVERED, EARBUDS_ORDER))
    assert flagged_r3(d, raj, t) == ["exchange_delivered_order_items"]


# --- "Yes, just the account." to a change of the default address (g05) ---------------------------------------------

USER_ADDRESS = ("modify_user_address", {"user_id": "raj_sanchez_2970", "address1": "447 Pine Court", "address2": "",
                                        "city": "Austin", "state": "TX", "country": "USA", "zip": "78701"})
DEFAULT_ADDRESS = (
    f"Because the items on {PENDING} were just modified I can't change that order any further, but I can update your "
    "**account's default address**:\n\n- **Current:** 557 Sunset Drive, Suite 454, San Diego, CA 92147\n"
    "- **New:** 447 Pine Court, Austin, TX 78701, USA\n\nShall I update your default address? (yes/no)")
ORDER_ADDRESS = (
    f"I can update the shipping address of order **{PENDING}**:\n\n- **Current:** 557 Sunset Drive, Suite 454, San "
    "Diego, CA 92147\n- **New:** 447 Pine Court, Austin, TX 78701, USA\n\nShall I update it? (yes/no)")
BOTH_ADDRESSES = (
    f"I can update the shipping address of order **{PENDING}** and your account's default address to 447 Pine Court, "
    "Austin, TX 78701, USA. Shall I update both? (yes/no)")

ACCOUNT = [
    (DEFAULT_ADDRESS, "Yes, just the account.", (USER_ADDRESS,), []),
    (DEFAULT_ADDRESS, "Yes — only my profile.", (USER_ADDRESS,), []),
    (DEFAULT_ADDRESS, "Yes, just the default address please.", (USER_ADDRESS,), []),
    (DEFAULT_ADDRESS, "yes, update the address on my account", (USER_ADDRESS,), []),
    # near misses: the account said back to an order's address, or the order written beside the account
    (ORDER_ADDRESS, "Yes, just the account.", (ADDRESS,), ["modify_pending_order_address"]),
    (BOTH_ADDRESSES, "Yes, just the account.", (USER_ADDRESS, ADDRESS), ["modify_pending_order_address"]),
    (DEFAULT_ADDRESS, "Yes, just the order.", (USER_ADDRESS,), ["modify_user_address"]),
    (DEFAULT_ADDRESS, "Yes, just my work account.", (USER_ADDRESS,), ["modify_user_address"]),
]


@pytest.mark.parametrize("proposal, reply, writes, flagged", ACCOUNT, ids=[f"{k}" for k in range(len(ACCOUNT))])
def test_the_account_said_back_to_a_change_of_the_default_address(d, raj, proposal, reply, writes, flagged):
    t = raj_trace(proposal, reply, writes, reads=(PENDING,))
    assert flagged_r3(d, raj, t) == sorted(flagged)
