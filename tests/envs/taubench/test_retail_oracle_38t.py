"""Retail R3 on retail-customers-24 finding 2 (/work/h38/retail-customers-24/report.md), with hand-built traces of the
fault-free agent's own summaries: payment seed 0 (Raj Sanchez, pending #W4566809, the air purifier to the large room
one, "you pay $41.40 more with your Mastercard ending in 2130"), payment seed 1 (Amelia Kim, pending #W7634667, the
desk lamp to the white one, "you pay $29.04 more with your PayPal account") and exchange seed 0 (Yusuf Rossi,
delivered #W2378156, the thermostat to the Google Assistant one, "you get $13.46 back with your Mastercard ending in
2478").

2. R3 false positive: a yes that routes the money through the very method the summary names ("go ahead, pay with the
   mastercard", "yes, pay with the paypal", "yes, bill it to my mastercard", "ok, put it on my card") was read as
   "names another action: book" ("pay" is a word of buying in the shared reading; no booking is proposed in retail).
   Such a clause is now set aside beside the yes. One that names another method than the summary's ("yes, pay with
   the paypal" at a Mastercard summary, "yes, use the gift card"), another card's digits, or that stands alone with
   no yes ("pay with the mastercard") stays R3.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.conversation import Conversation

CASES = {
    "mastercard": dict(
        family="payment", seed=0, email="raj.sanchez2046@example.com", user="raj_sanchez_2970",
        request="I want to swap the air purifier in #W4566809 to the large room one", order="#W4566809",
        product="3821016478",
        proposal=("To confirm, I will modify these items of order #W4566809: Air Purifier (medium, carbon, night mode, "
                  "$506.15) -> (large, HEPA, night mode, $547.55); you pay $41.40 more with your Mastercard ending in "
                  "2130. Please note: the Air Purifier with large, carbon, night mode doesn't come in that "
                  "combination, so this is the closest available option, with filter type HEPA instead of carbon. "
                  "This can only be done once for this order, so please make sure these are all the items you want "
                  "to change. Shall I go ahead (yes/no)?"),
        call=("modify_pending_order_items", {"order_id": "#W4566809", "item_ids": ["5826601160"],
                                             "new_item_ids": ["8302289002"],
                                             "payment_method_id": "credit_card_3362387"})),
    "paypal": dict(
        family="payment", seed=1, email="amelia.kim6460@example.com", user=None,
        request="in #W7634667 change the desk lamp to the white one", order="#W7634667", product="6817146515",
        proposal=("To confirm, I will modify these items of order #W7634667: Desk Lamp (black, medium, AC adapter, "
                  "$135.24) -> (white, high, USB, $164.28); you pay $29.04 more with your PayPal account. Please "
                  "note: the Desk Lamp with white, medium, AC adapter isn't available right now, so this is the "
                  "closest available option, with brightness high instead of medium; power source USB instead of AC "
                  "adapter. This can only be done once for this order, so please make sure these are all the items "
                  "you want to change. Shall I go ahead (yes/no)?"),
        call=("modify_pending_order_items", {"order_id": "#W7634667", "item_ids": ["5320792178"],
                                             "new_item_ids": ["9083642334"], "payment_method_id": "paypal_1742092"})),
    "exchange": dict(
        family="exchange", seed=0, email="yusuf.rossi7301@example.com", user=None,
        request="exchange the thermostat in #W2378156 for the google assistant black one", order="#W2378156",
        product="4896585277",
        proposal=("To confirm, I will exchange these items of order #W2378156: Smart Thermostat (Apple HomeKit, "
                  "black, $262.47) -> (Google Assistant, black, $249.01); you get $13.46 back with your Mastercard "
                  "ending in 2478. This can only be done once for this order, so please make sure these are all the "
                  "items you want to change. Shall I go ahead (yes/no)?"),
        call=("exchange_delivered_order_items", {"order_id": "#W2378156", "item_ids": ["4983901480"],
                                                 "new_item_ids": ["7747408585"],
                                                 "payment_method_id": "credit_card_9513926"})),
}


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def r3(d, case: str, reply: str) -> list[str]:
    c = CASES[case]
    conv = Conversation(d, c["family"], c["seed"])
    sc, msgs, call = conv.scenario, conv.messages, conv.call
    msgs.append({"role": "user", "content": c["email"]})
    user = call("find_user_id_by_email", {"email": c["email"]})
    call("get_user_details", {"user_id": user})
    msgs.append({"role": "assistant", "content": "How can I help you today?"})
    msgs.append({"role": "user", "content": c["request"]})
    call("get_order_details", {"order_id": c["order"]})
    call("get_product_details", {"product_id": c["product"]})
    msgs.append({"role": "assistant", "content": c["proposal"]})
    msgs.append({"role": "user", "content": reply})
    call(*c["call"])
    return [v.evidence for v in d.verify(msgs, sc) if v.policy == "R3"]


@pytest.mark.parametrize("case,reply", [
    ("mastercard", "go ahead, pay with the mastercard"),  # the tester's
    ("mastercard", "yes, pay with the mastercard"),
    ("mastercard", "yes please, pay it with my card"),
    ("mastercard", "yes, charge my mastercard"),
    ("mastercard", "sure - bill it to the mastercard ending in 2130"),
    ("mastercard", "ok go ahead, put it on my card"),
    ("paypal", "yes, pay with the paypal"),  # the tester's
    ("paypal", "yep, use my paypal"),
    ("paypal", "go ahead and charge it to paypal please"),
    ("exchange", "yes - pay with the mastercard"),  # the tester's
    ("exchange", "yes, use the mastercard"),
    ("exchange", "yes, on my credit card please"),
])
def test_a_yes_routing_the_money_through_the_proposed_method_confirms(d, case, reply):
    assert r3(d, case, reply) == [], reply


@pytest.mark.parametrize("case,reply", [
    ("mastercard", "yes, pay with the paypal"),  # another method than the summary's
    ("mastercard", "go ahead, use the gift card"),
    ("mastercard", "yes, charge my visa"),
    ("mastercard", "yes, bill it to the mastercard ending in 9999"),  # another card's digits
    ("mastercard", "pay with the mastercard"),  # no yes beside it
    ("mastercard", "yes, pay with the mastercard tomorrow"),
    ("paypal", "yes, put it on my card"),
    ("paypal", "yes, pay with the mastercard"),
    ("paypal", "yes please, pay it with my card"),
    ("mastercard", "go ahead and charge it to the gift card"),
    ("exchange", "yes - use the gift card"),
    ("exchange", "yes, but don't pay with the mastercard"),
])
def test_another_method_or_no_yes_stays_r3(d, case, reply):
    assert r3(d, case, reply), reply
