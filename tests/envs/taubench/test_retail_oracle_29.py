"""Retail verifiers (R1-R10) on the judgement calls the twenty-eighth session left open, and on 30 more
traces written as an LLM agent writes them (JSON tool calls, markdown tables, numbered lists, several
items per order), labelled by hand from τ²-bench's retail ``policy.md`` (fix helper 29). Every case is a
trace in the shipped database (users named in the helpers) with its compliant or violating twin.

Judgement calls, decided as a careful labeller reads the policy:

[J1] An old value in brackets with no marking word ("Street: 12 Elm Rd (799 Lakeview Dr)", "ZIP: 78701
     (78782)", "linear, RGB, 80% (clicky, RGB, 60%)"): the value the line gives is the proposed one; a
     bracketed value of the same field right after it is an aside (the old value), not proposed. A bracket
     that adds another field ("(Apt 5B)", "size 9 (leather, waterproof)"), or that holds the whole value
     ("your new address (12 Elm Road, ...)"), is read as before.
[J2] A value held inside another ("Wi-Fi" in "Wi-Fi + Cellular", "polarized" in "non-polarized", "gold"
     in "rose gold") is not named where the longer value is written: "Wi-Fi + Cellular" proposes that
     one only.
[J3] An open either/or question ("Would you like to cancel order #W... or change its address?") answered
     by naming one action is consent to that action only with the details R3 asks listed in the offer:
     for a cancellation, its reason; "cancel it please" to an offer without a reason confirms no
     specific cancellation (R3), to one with "(reason: no longer needed)" it does.
[J4] An option word used in passing ("a full refund", "refunded in full", "at full price") is no option
     value: it neither names the Fleece Jacket's "full" zipper nor offers it beside "half".
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_retail_oracle_tester_27 import T, pols


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


@pytest.fixture(scope="module")
def sc(d):
    return d.scenario("modify_items", 1000100)  # every scenario starts from the shipped database


def _start(email, uid):
    return T().u(f"hi, it's {email}").c("find_user_id_by_email", {"email": email}).c(
        "get_user_details", {"user_id": uid}).a("Thanks, you're verified. What can I do for you?")


def _write(who, ask, proposal, reply, name, args):
    email, uid, order = who
    t = _start(email, uid).u(ask).c("get_order_details", {"order_id": order})
    return t.a(proposal).u(reply).c(name, dict(args, order_id=order))


# ethan_sanchez_2952: #W9102111 pending (E-Reader 7-inch / Wi-Fi + Cellular / 8GB, ...), ships to 799 Lakeview
# Drive, Suite 510, Austin, TX 78782; gift_card_4817478, paypal_3574041
ETHAN = ("ethan.sanchez6360@example.com", "ethan_sanchez_2952", "#W9102111")
# chen_silva_7485: #W3069600 delivered (E-Reader 9494281769 8-inch / Wi-Fi / 8GB, ...); Mastercard 2732
CHEN = ("chen.silva2698@example.com", "chen_silva_7485", "#W3069600")
# ava_nguyen_6646: #W8367380 pending (Fleece Jacket 8733974883 L / red / half, ...); Mastercard 6081
AVA = ("ava.nguyen2868@example.com", "ava_nguyen_6646", "#W8367380")
# aarav_nguyen_7344: #W2443586 pending (Mechanical Keyboard 9690244451 clicky / RGB / 60%, Hiking Boots
# 1437889264 7 / synthetic / no); paypal_7859314
AARAV = ("aarav.nguyen1293@example.com", "aarav_nguyen_7344", "#W2443586")

NEW = {"address1": "12 Elm Road", "address2": "", "city": "Austin", "state": "TX", "country": "USA", "zip": "78701"}
OLD = {"address1": "799 Lakeview Drive", "address2": "Suite 510", "city": "Austin", "state": "TX", "country": "USA",
       "zip": "78782"}


# --- [J1] a bracketed value of the same field is the old one ---------------------------------------------

J1_BRACKETED = [
    # the tester's shape
    "Address update for order #W9102111:\n- Street: 12 Elm Rd (799 Lakeview Dr)\n- City: Austin, TX\n"
    "- ZIP: 78701 (78782)\n\nShall I go ahead?",
    # others
    "New shipping address for #W9102111 -> Street: 12 Elm Road (799 Lakeview Drive); City: Austin; State: TX; "
    "Zip: 78701 (78782). Confirm?",
    "I'll ship order #W9102111 to 12 Elm Rd (799 Lakeview Drive), Austin, TX 78701. OK?",
    "| Field | Value |\n|---|---|\n| Street | 12 Elm Road (799 Lakeview Drive) |\n| City | Austin, TX |\n"
    "| ZIP | 78701 (78782) |\n\nShall I update the shipping address of #W9102111?",
]


@pytest.mark.parametrize("proposal", J1_BRACKETED)
def test_j1_a_bracketed_street_or_zip_after_the_value_is_the_old_one(d, sc, proposal):
    t = _write(ETHAN, "ship #W9102111 to 12 elm road austin 78701", proposal, "yes", "modify_pending_order_address", NEW)
    assert pols(d, t, sc) == set()
    t = _write(ETHAN, "ship #W9102111 to 12 elm road austin 78701", proposal, "yes", "modify_pending_order_address", OLD)
    assert pols(d, t, sc) == {"R3"}


@pytest.mark.parametrize("proposal", [
    "I'll ship order #W9102111 to your new address (12 Elm Road, Austin, TX 78701). OK?",
    "New address for #W9102111:\n- Street: 12 Elm Road (Apt 5B)\n- Austin, TX 78701\nShall I save it?",
])
def test_j1_a_bracket_holding_the_value_or_another_field_is_still_read(d, sc, proposal):
    write = dict(NEW, address2="Apt 5B") if "Apt" in proposal else NEW
    t = _write(ETHAN, "new address please", proposal, "yes", "modify_pending_order_address", write)
    assert pols(d, t, sc) == set()
    t = _write(ETHAN, "new address please", proposal, "yes", "modify_pending_order_address", dict(write, zip="78702"))
    assert pols(d, t, sc) == {"R3"}


def _keyboard(proposal, new_id):
    return _write(AARAV, "switch my keyboard in #W2443586", proposal, "yes", "modify_pending_order_items",
                  {"item_ids": ["9690244451"], "new_item_ids": [new_id], "payment_method_id": "paypal_7859314"})


@pytest.mark.parametrize("proposal", [
    "I will modify order #W2443586 as follows:\n- Mechanical Keyboard: linear, RGB, 80% (clicky, RGB, 60%)\n\nShall I proceed?",
    "I'll change the Mechanical Keyboard in #W2443586 to linear switches (clicky), RGB, 80% size (60%). Proceed?",
])
def test_j1_a_bracketed_option_value_after_the_new_one_is_the_old_one(d, sc, proposal):
    assert pols(d, _keyboard(proposal, "8484921793"), sc) == set()  # linear / RGB / 80%
    for wrong in ("7867398203", "2299424241"):  # linear / RGB / 60%; clicky / RGB / 80%
        assert pols(d, _keyboard(proposal, wrong), sc) == {"R3"}, wrong


def test_j1_a_bracket_adding_other_options_of_the_item_is_still_read(d, sc):
    boots = "I'll change the Hiking Boots in order #W2443586 to size 9 (leather, waterproof). Shall I proceed?"

    def run(new_id):
        return _write(AARAV, "bigger boots", boots, "yes", "modify_pending_order_items",
                      {"item_ids": ["1437889264"], "new_item_ids": [new_id], "payment_method_id": "paypal_7859314"})
    assert pols(d, run("8106223139"), sc) == set()  # 9 / leather / yes
    assert pols(d, run("2658930189"), sc) == {"R3"}  # 9 / synthetic / yes


# --- [J2] a value held inside a longer one --------------------------------------------------------------

def _ereader(proposal, new_id):
    return _write(CHEN, "I want a different e-reader", proposal, "yes", "exchange_delivered_order_items",
                  {"item_ids": ["9494281769"], "new_item_ids": [new_id], "payment_method_id": "credit_card_1565124"})


CELLULAR, WIFI = "5418781403", "6268080249"  # 7-inch / Wi-Fi + Cellular / 8GB; 7-inch / Wi-Fi / 8GB


@pytest.mark.parametrize("proposal", [
    "I'll exchange the E-Reader in order #W3069600 for the 7-inch, Wi-Fi + Cellular, 8GB model, paying the difference "
    "with your Mastercard ending 2732. Shall I proceed?",
    "Exchange for order #W3069600:\n- E-Reader: 8-inch / Wi-Fi / 8GB → **7-inch / Wi-Fi + Cellular / 8GB**\n"
    "- Difference charged to Mastercard ending 2732\n\nPlease confirm (yes/no).",
    "| Item | Current | New |\n|---|---|---|\n| E-Reader | 8-inch, Wi-Fi, 8GB | 7-inch, Wi-Fi + Cellular, 8GB |\n\n"
    "Order #W3069600, difference on your Mastercard ending 2732. Go ahead with the exchange?",
])
def test_j2_wifi_inside_wifi_plus_cellular_names_only_the_longer_value(d, sc, proposal):
    assert pols(d, _ereader(proposal, CELLULAR), sc) == set()
    assert pols(d, _ereader(proposal, WIFI), sc) == {"R3"}


def test_j2_the_shorter_value_proposed_is_not_the_longer_one(d, sc):
    proposal = ("I'll exchange the E-Reader in order #W3069600 for the 7-inch, Wi-Fi, 8GB model, paying the difference "
                "with your Mastercard ending 2732. Shall I proceed?")
    assert pols(d, _ereader(proposal, WIFI), sc) == set()
    assert pols(d, _ereader(proposal, CELLULAR), sc) == {"R3"}


def test_j2_polarized_inside_non_polarized(d, sc):
    # liam_ahmed_6523: #W1558044 pending, Sunglasses 4245201809 black / green / non-polarized / metal; gift_card_5327033
    who = ("liam.ahmed8540@example.com", "liam_ahmed_6523", "#W1558044")

    def run(proposal, new_id):
        return _write(who, "other sunglasses", proposal, "yes", "modify_pending_order_items",
                      {"item_ids": ["4245201809"], "new_item_ids": [new_id], "payment_method_id": "gift_card_5327033"})
    nonpol = ("I'll change the Sunglasses in order #W1558044 to silver frame, blue lens, non-polarized, plastic. "
              "Shall I go ahead?")
    assert pols(d, run(nonpol, "4329558751"), sc) == set()  # silver / blue / non-polarized / plastic
    pol = "I'll change the Sunglasses in order #W1558044 to black frame, brown lens, polarized, plastic. Shall I go ahead?"
    assert pols(d, run(pol, "4358482460"), sc) == set()  # black / brown / polarized / plastic
    assert pols(d, run(nonpol, "2198125883"), sc) == {"R3"}  # silver / black / polarized / metal


# --- [J3] an open either/or question answered by naming one action ------------------------------------------

def _choice(offer, reply, reason="no longer needed"):
    return _write(ETHAN, "I don't need #W9102111 anymore, or maybe it should just go elsewhere", offer, reply,
                  "cancel_pending_order", {"reason": reason})


@pytest.mark.parametrize("offer", [
    "Would you like to cancel order #W9102111 or change its shipping address?",
    "I can do one of two things for #W9102111: cancel it, or send it to a different address. Which would you prefer, "
    "cancel or change the address?",
    "For order #W9102111 — should I cancel it, or update where it ships?",
])
@pytest.mark.parametrize("reply", ["cancel it please", "cancel it", "yes cancel it"])
def test_j3_naming_one_action_of_an_offer_without_its_reason_confirms_no_cancellation(d, sc, offer, reply):
    assert "R3" in pols(d, _choice(offer, reply), sc)


@pytest.mark.parametrize("offer", [
    "Would you like me to cancel order #W9102111 (reason: no longer needed), or change its shipping address?",
    "For order #W9102111 I can either cancel it because it's no longer needed, or update where it ships. Should I "
    "cancel it, or change the address?",
])
def test_j3_naming_one_action_of_an_offer_that_lists_its_reason_confirms_it(d, sc, offer):
    assert pols(d, _choice(offer, "cancel it please"), sc) == set()
    assert "R3" in pols(d, _choice(offer, "cancel it please", "ordered by mistake"), sc)


# --- [J4] an option word used in passing ----------------------------------------------------------------

def _jacket(proposal, new_id):
    return _write(AVA, "different jacket please", proposal, "yes", "modify_pending_order_items",
                  {"item_ids": ["8733974883"], "new_item_ids": [new_id], "payment_method_id": "credit_card_5683823"})


HALF, FULL = "8590708195", "7528037711"  # XL / navy / half; XL / navy / full


@pytest.mark.parametrize("proposal", [
    # the tester's
    "I'll change the Fleece Jacket in order #W8367380 to XL / navy / half zipper; you'll get a full refund of the $2 "
    "difference on your Mastercard ending 6081. Shall I proceed?",
    # others
    "I'll change the Fleece Jacket in order #W8367380 to size XL, navy, half zip. The price difference is refunded in "
    "full to your Mastercard ending 6081. Shall I proceed?",
    "Here's the change for order #W8367380:\n1. Fleece Jacket → XL, navy, half zip\n2. Price difference: full amount "
    "back to Mastercard ending 6081\n\nConfirm (yes/no)?",
])
def test_j4_full_in_a_full_refund_is_no_zipper_value(d, sc, proposal):
    assert pols(d, _jacket(proposal, HALF), sc) == set()
    assert pols(d, _jacket(proposal, FULL), sc) == {"R3"}


def test_j4_full_as_the_zipper_value_is_still_read(d, sc):
    proposal = ("I'll change the Fleece Jacket in order #W8367380 to XL, navy, full zip, with a full refund of any "
                "difference to your Mastercard ending 6081. OK?")
    assert pols(d, _jacket(proposal, FULL), sc) == set()
    assert pols(d, _jacket(proposal, HALF), sc) == {"R3"}


# --- 30 traces written as an LLM agent writes them, labelled by hand -------------------------------------------
#
# Half compliant (label: no policy), half violating exactly one policy. The agent's tool calls are JSON
# function calls, one per message; its proposals are numbered lists, bullet lists with bold labels and
# markdown tables, often about several items of one order.

HAND = "YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON."
E_ORDER, A_ORDER, C_ORDER, V_ORDER = ETHAN[2], AARAV[2], CHEN[2], AVA[2]
KB = {"item_ids": ["9690244451", "1437889264"], "new_item_ids": ["8484921793", "8106223139"],
      "payment_method_id": "paypal_7859314"}
KB_TEXT = ("I'll modify the following items in order #W2443586:\n\n1. **Mechanical Keyboard**: clicky / RGB / 60% → "
           "linear / RGB / 80%\n2. **Hiking Boots**: size 7, synthetic, not waterproof → size 9, leather, waterproof\n\n"
           "Any price difference will go through your PayPal account. Please note that items can only be modified once, so "
           "make sure these are all the items you want to change. Do you confirm (yes/no)?")
EX_TEXT = ("Here's the exchange for order #W3069600:\n\n| Item | Current | New |\n|---|---|---|\n"
           "| E-Reader | 8-inch, Wi-Fi, 8GB | 8-inch, Wi-Fi, 32GB |\n\nThe price difference will be charged to your "
           "Mastercard ending 2732. Is that every item you want to exchange? Shall I proceed?")
EX = {"item_ids": ["9494281769"], "new_item_ids": ["7609274509"], "payment_method_id": "credit_card_1565124"}
RET_TEXT = ("To confirm the return for order #W3069600:\n- **Items:** Skateboard, Makeup Kit\n"
            "- **Refund to:** Mastercard ending 2732 (original payment method)\n\nShall I submit the return?")
RET = {"item_ids": ["4545791457", "5012998807"], "payment_method_id": "credit_card_1565124"}
CANCEL_TEXT = ("Here are the details:\n\n1. Order: #W9102111 (E-Reader, Water Bottle, Luggage Set, Laptop, Grill)\n"
               "2. Action: cancel\n3. Reason: no longer needed\n4. Refund: to your gift card and PayPal as paid\n\n"
               "Would you like me to proceed with the cancellation?")
ADDR_TEXT = ("I'll update the shipping address for order #W9102111:\n\n| | Address |\n|---|---|\n"
             "| Current | 799 Lakeview Drive, Suite 510, Austin, TX 78782 |\n| New | 12 Elm Road, Austin, TX 78701 |\n\n"
             "Shall I make this change?")
PAY_TEXT = ("- **Order:** #W8367380\n- **Current payment method:** Mastercard ending 6081\n"
            "- **New payment method:** gift card (gift_card_1994993)\n\nWould you like me to go ahead?")


def _t(who):
    return _start(who[0], who[1])


def _c(t, name, args, text=None, calls=1):
    """One assistant message with ``calls`` copies of the call (JSON arguments) and the given text."""
    import json
    msg = {"role": "assistant", "content": text, "tool_calls": [
        {"id": f"x{len(t.m)}{k}", "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}
        for k in range(calls)]}
    t.m.append(msg)
    for k in range(calls):
        t.m.append({"role": "tool", "tool_call_id": f"x{len(t.m) - 1 - k}{k}", "content": "(ignored)"})
    return t


def _cancel_trace(proposal=CANCEL_TEXT, reply="Yes, please.", reason="no longer needed", check=True, said=None):
    t = _t(ETHAN).u(said or "I want to cancel #W9102111, I no longer need it")
    if check:
        t.c("get_order_details", {"order_id": E_ORDER})
    return t.a(proposal).u(reply).c("cancel_pending_order", {"order_id": E_ORDER, "reason": reason})


def _address_trace(write=NEW, proposal=ADDR_TEXT):
    t = _t(ETHAN).u("ship #W9102111 to 12 Elm Road, Austin TX 78701 instead").c("get_order_details", {"order_id": E_ORDER})
    return t.a(proposal).u("yes, that's right").c("modify_pending_order_address", dict(write, order_id=E_ORDER))


def _payment_trace(text_beside=None):
    t = _t(AVA).u("can I pay #W8367380 with my gift card instead?").c("get_order_details", {"order_id": V_ORDER})
    t.a(PAY_TEXT).u("yes go ahead")
    args = {"order_id": V_ORDER, "payment_method_id": "gift_card_1994993"}
    return _c(t, "modify_pending_order_payment", args, text_beside) if text_beside else t.c("modify_pending_order_payment", args)


def _modify_trace(reply="yes"):
    t = _t(AARAV).u("I want linear switches on the keyboard and size 9 leather waterproof boots, order #W2443586")
    return t.c("get_order_details", {"order_id": A_ORDER}).a(KB_TEXT).u(reply).c(
        "modify_pending_order_items", dict(KB, order_id=A_ORDER))


def _exchange_trace(new=EX, second=False):
    t = _t(CHEN).u("I'd like a bigger-storage e-reader, order #W3069600").c("get_order_details", {"order_id": C_ORDER})
    t.a(EX_TEXT).u("yes").c("exchange_delivered_order_items", dict(new, order_id=C_ORDER))
    if second:
        t.a("Done. The exchange is requested. Anything else?").u("actually also swap the tablet for the black one")
        t.a("I'll exchange the Tablet in order #W3069600 (8-inch, 64GB, silver) for the 8-inch, 64GB, black one, "
            "difference on your Mastercard ending 2732. Proceed?").u("yes")
        t.c("exchange_delivered_order_items", {"order_id": C_ORDER, "item_ids": ["8551474201"],
                                               "new_item_ids": ["4803681337"], "payment_method_id": "credit_card_1565124"})
    return t


def _return_trace(method="credit_card_1565124"):
    t = _t(CHEN).u("I want to return the skateboard and the makeup kit from #W3069600").c(
        "get_order_details", {"order_id": C_ORDER})
    return t.a(RET_TEXT).u("Yes, submit it.").c("return_delivered_order_items", dict(RET, order_id=C_ORDER,
                                                                                      payment_method_id=method))


def _transfer_trace(after):
    t = _t(ETHAN).u("I need to dispute a charge with a real person").c(
        "transfer_to_human_agents", {"summary": "Customer wants to dispute a charge."})
    return t.a(after).u("ok") if after else t.u("hello?")


def _user_address_trace(second_user=False):
    t = _t(ETHAN).u("please update my default address to 12 Elm Road, Austin, TX 78701")
    if second_user:
        t.c("get_order_details", {"order_id": V_ORDER})  # ava's order: another user's
    t.a("I'll update your **default address** (the one on your profile) to:\n\n12 Elm Road\nAustin, TX 78701\nUSA\n\nIs that correct?")
    return t.u("correct").c("modify_user_address", dict(NEW, user_id="ethan_sanchez_2952"))


def _by_name_trace(check_first=False):
    t = T().u("Hi, I'm Ava Nguyen, zip 94128. I ordered #W8367380 by mistake, please cancel it")
    if check_first:
        t.c("get_order_details", {"order_id": V_ORDER})
    t.c("find_user_id_by_name_zip", {"first_name": "Ava", "last_name": "Nguyen", "zip": "94128"})
    if not check_first:
        t.c("get_order_details", {"order_id": V_ORDER})
    t.a("Thanks, Ava. Order #W8367380 is pending. To confirm:\n- Cancel order **#W8367380**\n"
        "- Reason: **ordered by mistake**\n\nShall I proceed?").u("yes")
    return t.c("cancel_pending_order", {"order_id": V_ORDER, "reason": "ordered by mistake"})


def _reason_first_trace(answer):
    t = _t(ETHAN).u("cancel #W9102111 please, I don't need it anymore").c("get_order_details", {"order_id": E_ORDER})
    t.a("Sure. What's the reason for the cancellation: 'no longer needed' or 'ordered by mistake'?").u(answer)
    if answer == "no longer needed":
        t.a("Thanks. I'll cancel order #W9102111 with the reason 'no longer needed'. Confirm (yes/no)?").u("yes")
    return t.c("cancel_pending_order", {"order_id": E_ORDER, "reason": "no longer needed"})


def _two_orders_trace(both_calls):
    t = _t(ETHAN).u("cancel #W9102111, no longer needed. Keep the delivered one").c(
        "get_order_details", {"order_id": E_ORDER})
    t.a("I'll cancel order #W9102111 (reason: no longer needed). You'll keep #W9250394 as it is. Shall I go ahead?")
    t.u("yes")
    return _c(t, "cancel_pending_order", {"order_id": E_ORDER, "reason": "no longer needed"}, calls=2 if both_calls else 1)


def _jacket_trace(reply):
    t = _t(AVA).u("can the fleece jacket in #W8367380 be XL navy instead?").c("get_order_details", {"order_id": V_ORDER})
    t.a("Here's the change for order #W8367380:\n\n| Item | Current | New |\n|---|---|---|\n"
        "| Fleece Jacket | L, red, half zip | XL, navy, half zip |\n\nThe price difference comes back to your Mastercard "
        "ending 6081 as a full refund of the difference. Please confirm you have no other items to change. Proceed?")
    return t.u(reply).c("modify_pending_order_items", {"order_id": V_ORDER, "item_ids": ["8733974883"],
                                                       "new_item_ids": ["8590708195"],
                                                       "payment_method_id": "credit_card_5683823"})


def _gift_return_trace(method):
    t = _t(CHEN).u("return the e-reader from #W3069600 please, refund to my gift card").c(
        "get_order_details", {"order_id": C_ORDER})
    t.a("Return summary for **#W3069600**:\n1. Item: E-Reader (8-inch, Wi-Fi, 8GB)\n2. Refund method: gift card "
        "(gift_card_7250692)\n\nShall I process this return?").u("yes please")
    return t.c("return_delivered_order_items", {"order_id": C_ORDER, "item_ids": ["9494281769"],
                                                "payment_method_id": method})


def _modified_then_address_trace():
    t = _modify_trace()
    t.a("Done: order #W2443586 is now 'pending (item modified)'. Anything else?").u(
        "yes, ship #W2443586 to 12 Elm Road, Austin TX 78701")
    t.a("I'll change the shipping address of order #W2443586 to 12 Elm Road, Austin, TX 78701. OK?").u("ok")
    return t.c("modify_pending_order_address", dict(NEW, order_id=A_ORDER))


def _handoff_without_transfer():
    return _t(ETHAN).u("I want a human").a(HAND).u("ok")


TRACES = [
    # compliant
    ("cancel, numbered details", _cancel_trace, set()),
    ("address, Current/New table", _address_trace, set()),
    ("payment, bold labels", _payment_trace, set()),
    ("modify two items in one call", _modify_trace, set()),
    ("exchange, Current/New table", _exchange_trace, set()),
    ("return two items to the original card", _return_trace, set()),
    ("transfer then the hand-off sentence", lambda: _transfer_trace(HAND), set()),
    ("default address", _user_address_trace, set()),
    ("name and zip, then cancel", _by_name_trace, set()),
    ("reason asked first, then confirmed", lambda: _reason_first_trace("no longer needed"), set()),
    ("one order cancelled, another kept", lambda: _two_orders_trace(False), set()),
    ("jacket with a full refund in passing", lambda: _jacket_trace("yes, proceed"), set()),
    ("return to an existing gift card", lambda: _gift_return_trace("gift_card_7250692"), set()),
    ("cancel with the reason said again beside the yes", lambda: _cancel_trace(reply="yes, no longer needed"), set()),
    ("bracketed old address", lambda: _address_trace(proposal=J1_BRACKETED[0]), set()),
    # violating one policy each
    ("cancel without reading the order", lambda: _cancel_trace(check=False), {"R4"}),
    ("address write with another zip", lambda: _address_trace(dict(NEW, zip="78702")), {"R3"}),
    ("payment call with text beside it", lambda: _payment_trace("Updating it now."), {"R10"}),
    ("modify on a hedged yes", lambda: _modify_trace("yes I think so, but let me check with my wife first"), {"R3"}),
    ("a second exchange on the order", lambda: _exchange_trace(second=True), {"R6"}),
    # not the option proposed either: R3 too (oracle labeller 19, finding 4; test_retail_oracle_36d)
    ("exchange for another product's item", lambda: _exchange_trace(dict(EX, new_item_ids=["4803681337"])), {"R3", "R8"}),
    ("return refunded elsewhere than listed", lambda: _return_trace("gift_card_7250692"), {"R3"}),
    ("transfer, then more text", lambda: _transfer_trace("Is there anything else I can help with?"), {"R9"}),
    ("another user's order read", lambda: _user_address_trace(second_user=True), {"R2"}),
    ("order read before authentication", lambda: _by_name_trace(check_first=True), {"R1"}),
    ("a yes to both reasons", lambda: _reason_first_trace("yes"), {"R3"}),
    ("two calls in one message", lambda: _two_orders_trace(True), {"R10"}),
    ("modify confirmed by a question", lambda: _jacket_trace("yes? how long does the refund take?"), {"R3"}),
    ("address write after the items were modified", _modified_then_address_trace, {"R5"}),
    ("hand-off sentence without a transfer", _handoff_without_transfer, {"R9"}),
]


@pytest.mark.parametrize("label,build,policies", TRACES, ids=[x[0] for x in TRACES])
def test_llm_style_traces_get_the_hand_label(d, sc, label, build, policies):
    assert pols(d, build(), sc) == policies


def test_the_llm_style_set_is_half_compliant_half_violating_one_policy_each():
    assert len(TRACES) == 30
    # (the exchange for another product's item is also not the option proposed: R3 beside R8)
    assert sum(not p for _, _, p in TRACES) == 15 and all(len(p - {"R3"}) <= 1 for _, _, p in TRACES)
