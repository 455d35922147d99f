"""Retail R3 on the reason for a return or an exchange said beside the yes (oracle-labeller-27, left open: "'wrong size'
given as the reason for a return/exchange was misread by the oracle (e.g. treated as a changed item detail or as a
refusal). Make the reason-reading robust.").

What was wrong, with hand-built traces of exchange seed 2 (Mei Kovacs, delivered #W6390527: the Hiking Boots, size 10
synthetic waterproof, exchanged for size 11 leather waterproof or returned, PayPal): "yes please, they were the wrong
size", "yes, wrong size", "yep, they came in the wrong size", "yes, they don't fit", "yes please, they're too small"
were "refusal or change of mind" ("wrong") or "says more than yes". A clause that only says why the item goes back
(the item as the customer has it: the wrong size or colour, too small, doesn't fit, damaged, stopped working) is now set
aside beside the yes where the question proposes a return or an item change (verifier_text._item_reason_blanked), and
passed over in a pick of items. Near misses stay: "yes but that's the wrong size", "the new ones are the wrong size"
(the proposal's item), "wait, wrong size - I want 12", a reason with no yes.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.conversation import Conversation

ORDER, PAYPAL, BOOTS = "#W6390527", "paypal_7644869", ("1615379700", "6159919747")
EXCHANGE = ("For order #W6390527, I can exchange your **Hiking Boots** (size 10, synthetic, waterproof) for **size 11, "
            "leather, waterproof** ($259.75). The price difference of $5.86 will be charged to your PayPal account. Would "
            "you like me to proceed?")
RETURN = ("To confirm, I'll return the **Hiking Boots** (size 10, synthetic, waterproof, $253.89) from order #W6390527. "
          "The refund of $253.89 will go back to your PayPal account. Shall I go ahead?")
RETURN_TWO = ("To confirm, I'll return these items from order #W6390527:\n1. **Hiking Boots** (size 10, synthetic, "
              "waterproof) - $253.89\n2. **Desk Lamp** (white, medium, USB) - $137.94\n\nThe refund of $391.83 goes back "
              "to your PayPal account. Shall I go ahead?")


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def r3(d, proposal: str, reply: str, items: tuple[str, ...] = ("1615379700",)) -> list[str]:
    c = Conversation(d, "exchange", 2)
    c.user("hi, email is mei.kovacs8232@example.com")
    c.call("find_user_id_by_email", {"email": "mei.kovacs8232@example.com"})
    c.agent("Thanks Mei, you're verified. How can I help?")
    if proposal is EXCHANGE:
        c.user("the hiking boots from #W6390527 are the wrong size, can I swap them for an 11?")
        c.call("get_order_details", {"order_id": ORDER})
        c.call("get_product_details", {"product_id": "7363354090"})
    else:
        c.user("I want to return stuff from W6390527, wrong size")
        c.call("get_order_details", {"order_id": ORDER})
    c.agent(proposal)
    c.user(reply)
    if proposal is EXCHANGE:
        c.call("exchange_delivered_order_items", {"order_id": ORDER, "item_ids": [BOOTS[0]], "new_item_ids": [BOOTS[1]],
                                                  "payment_method_id": PAYPAL})
    else:
        c.call("return_delivered_order_items", {"order_id": ORDER, "item_ids": list(items), "payment_method_id": PAYPAL})
    c.agent("All done - you'll get an email with the details.")
    return [v.evidence for v in c.violations() if v.policy == "R3"]


REASONS = [
    "yes please, they were the wrong size",  # the tester's
    "yes, wrong size",
    "yes - wrong size unfortunately",
    "go ahead. they're the wrong size",
    "yes. reason: wrong size",
    "Reason - wrong colour. Yes go ahead",
    "yes, they don't fit",
    "yes please, they're too small",
    "Yes please, because they're a size too small",
    "yep, they came in the wrong size",
    "yes, I got the wrong size",
    "yes, I ordered the wrong size",
    "yes please, the boots are the wrong size",
    "yes please. tbh they were too tight, I ordered the wrong size",
    "yes please, the left one is damaged",
    "yes - they run small",
]


@pytest.mark.parametrize("reply", REASONS)
@pytest.mark.parametrize("proposal", [EXCHANGE, RETURN], ids=["exchange", "return"])
def test_a_reason_beside_the_yes_is_a_yes(d, proposal, reply):
    assert r3(d, proposal, reply) == [], reply


@pytest.mark.parametrize("reply", [
    "yes but that's the wrong size",
    "yes, the new ones are the wrong size",
    "wait, wrong size - I want 12",
    "wrong size",
    "they're the wrong size",
    "yes that's wrong",
    "yes, wrong address",
])
@pytest.mark.parametrize("proposal", [EXCHANGE, RETURN], ids=["exchange", "return"])
def test_near_misses_stay_r3(d, proposal, reply):
    assert r3(d, proposal, reply), reply


@pytest.mark.parametrize("reply", ["just 1 please - the boots are the wrong size", "#1 only, wrong size"])
def test_a_reason_beside_a_pick(d, reply):
    assert r3(d, RETURN_TWO, reply) == [], reply
    assert r3(d, RETURN_TWO, reply, ("1615379700", "8384507844")), reply
