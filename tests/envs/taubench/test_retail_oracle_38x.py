"""Retail R3 on oracle-labeller-24 finding 1 (/work/h38/oracle-labeller-24/report.md), with hand-built traces of
modify_items seed 2137 (Emma Kim, pending #W3698202: the grill, charcoal/medium/side burner $942.71, changes to the
rotisserie version $962.69 for a $19.98 difference paid by gift card).

1. R3 false positive: a yes that agrees to pay the listed difference in other words ("sure, I'm fine covering the
   $19.98", "paying the difference is fine by me", "go ahead and charge the $19.98 to the gift card") was "says more
   than yes". A whole clause that agrees to the question's charge, with no amount or the very amount it names, is now
   read as a yes (and not as a pick of a payment change); a refusal, a question, another amount or a problem stay R3.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.conversation import Conversation

PROPOSAL = ("Thanks, Emma. Here's the change for order #W3698202:\n"
            "- Grill: charcoal, medium, side burner ($942.71) -> charcoal, medium, rotisserie ($962.69)\n"
            "- Price difference: $19.98, charged to your gift card (balance $91.00)\n"
            "Please note that an order's items can only be modified once. Shall I go ahead?")


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def r3(d, reply: str) -> list[str]:
    c = Conversation(d, "modify_items", 2137)
    msgs, call = c.messages, c.call
    msgs.append({"role": "user", "content": "Hi, Emma Kim, 46214. I want to switch the grill in my pending order "
                                            "#W3698202 to the rotisserie version"})
    call("find_user_id_by_name_zip", {"first_name": "Emma", "last_name": "Kim", "zip": "46214"})
    call("get_user_details", {"user_id": "emma_kim_1076"})
    call("get_order_details", {"order_id": "#W3698202"})
    call("get_product_details", {"product_id": "6819683148"})
    msgs.append({"role": "assistant", "content": PROPOSAL})
    msgs.append({"role": "user", "content": reply})
    call("modify_pending_order_items", {"order_id": "#W3698202", "item_ids": ["7848293342"],
                                        "new_item_ids": ["7082455361"], "payment_method_id": "gift_card_5402003"})
    return [v.evidence for v in c.violations() if v.policy == "R3"]


@pytest.mark.parametrize("reply", [
    "sure, I'm fine covering the $19.98",  # A37
    "ok to pay the extra 19.98, do it",  # A38
    "paying the difference is fine by me",  # A40
    "yes, happy to pay the $19.98",  # D11
    "go ahead and charge the $19.98 to the gift card",  # D12
    "sure, the extra $19.98 is no problem",  # D13
    "yes - I'm happy to cover the difference",
    "that's fine, charge me the $19.98",
    "ok, covering the $19.98 difference is okay with me",
    "yep, the price difference is fine",
])
def test_agreeing_to_the_listed_charge_confirms(d, reply):
    assert r3(d, reply) == [], reply


@pytest.mark.parametrize("reply", [
    "I'd rather not pay the $19.98 difference",  # A41
    "will the $19.98 difference be charged today?",  # A42
    "that's everything I wanted to know, thanks",  # A43
    "$19.98 more? hmm. can I use a credit card instead",  # A44
    "the extra $19.98 is a problem, sorry",  # D14
    "I'm fine paying $9.98 but not more",
    "happy to pay the $29.98",  # another amount than the question's
    "I'm fine covering the difference but put it on my credit card",
    "I'm not happy to pay the extra",
])
def test_near_misses_stay_r3(d, reply):
    assert r3(d, reply), reply
