"""Retail R3 on what oracle labeller 24 found (/work/h38/oracle-labeller-24/report.md, finding 10), with hand-built
traces of return seed 6 (daiki_johnson_9523, delivered #W9502127: the canister Vacuum Cleaner 2872451762).

10. An exchange for another product's item (R8) that the proposal named by that product and every option of the
    item written ("for an Air Purifier (large, HEPA, night mode, $547.55)"), then a yes, was R3 too: the yes approved
    exactly that item, so it is R8 only. A proposal that names the product without the item's options, or with another
    value of one, stays R3 as well.
"""

from __future__ import annotations

import pytest

from tests.envs.conversation import Conversation

OLD = "the Vacuum Cleaner (canister, bagged, pet hair removal, $622.12) in order #W9502127"


@pytest.fixture(scope="module")
def d():
    from probe.core.registry import get_domain
    return get_domain("taubench-retail")


def exchange(d, offer, new_id="8302289002"):
    conv = Conversation(d, "return", 6)
    sc, msgs, call = conv.scenario, conv.messages, conv.call
    msgs.append({"role": "user", "content": "hi, Daiki Johnson, zip 80273"})
    call("find_user_id_by_name_zip", {"first_name": "Daiki", "last_name": "Johnson", "zip": "80273"})
    call("get_user_details", {"user_id": "daiki_johnson_9523"})
    msgs += [{"role": "assistant", "content": "Thanks, Daiki. What can I do for you?"},
             {"role": "user", "content": "my canister vacuum from #W9502127 stopped working, can I swap it for an air "
                                         "purifier instead?"}]
    call("get_order_details", {"order_id": "#W9502127"})
    call("get_product_details", {"product_id": "1762337868"})
    msgs += [{"role": "assistant", "content": f"I can exchange {OLD} for {offer}. Shall I go ahead?"},
             {"role": "user", "content": "yes"}]
    call("exchange_delivered_order_items", {"order_id": "#W9502127", "item_ids": ["2872451762"],
                                            "new_item_ids": [new_id], "payment_method_id": "paypal_2433177"})
    msgs.append({"role": "assistant", "content": "The exchange is requested; you'll receive an email with return "
                                                 "instructions."})
    return sorted({v.policy for v in d.verify(msgs, sc)})


@pytest.mark.parametrize("offer", [
    "an Air Purifier (large, HEPA, night mode, $547.55); the $74.57 difference goes back to your PayPal",  # the tester's
    "an Air Purifier (large, HEPA, night mode)",
    "the large Air Purifier with a HEPA filter and night mode ($547.55)",
    "an Air Purifier - room size: large, filter type: HEPA, features: night mode",
])
def test_another_product_proposed_in_full_is_r8_only(d, offer):
    assert exchange(d, offer) == ["R8"], offer


@pytest.mark.parametrize("offer, new_id", [
    ("an Air Purifier", "8302289002"),  # no option of it named
    ("an Air Purifier (large, HEPA)", "8302289002"),  # one of its options left out
    ("an Air Purifier (medium, HEPA, night mode)", "8302289002"),  # another value of one
    ("an Air Purifier (large, HEPA, night mode)", "1327854740"),  # another item written (the medium one)
    ("an Air Purifier (large, HEPA or ionic, night mode)", "8302289002"),  # another value offered beside it
    # the product named in another sentence, not as what the vacuum is exchanged for
    ("a new one. We also stock an Air Purifier (large, HEPA, night mode)", "8302289002"),
])
def test_another_product_not_proposed_as_written_stays_r3(d, offer, new_id):
    assert exchange(d, offer, new_id) == ["R3", "R8"], offer
