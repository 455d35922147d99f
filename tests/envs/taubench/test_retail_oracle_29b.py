"""Retail verifiers (R3 consent and proposals) on the findings of fix helper 29b, and on ten whole
conversations written here as a served LLM agent conducts them (markdown, JSON tool calls, GPT-style prose),
each labelled by hand from τ²-bench's retail ``policy.md``; every case has its twin with the other label.

Where the cases came from:
- F1: the tester retail-customers-3 (report F6): a yes that says back the proposal's own card ("yes, to my
  visa ending in 3867") was read as saying more than yes. A yes that restates a detail of the proposal
  exactly is a yes; one that states a *different* detail (another card, another brand, the gift card) is not.
- F2: "I'll update your default (profile) address to: ..." was not read as a proposal to change the default
  address (the bracket split the phrase), so the compliant write got R3.
- F3: a bare "cancel" answered "Would you like me to cancel it, or ...?" but not "Would you like to cancel
  order #W... or ...?"; both now read alike: naming one action of a choice is a yes to that action (the
  verifier then asks that the choice stated the action's details: J3 of test_retail_oracle_29).
- CONVERSATIONS: written here (shipped database users aarav_nguyen_7344 and chen_silva_7485).
"""

from __future__ import annotations

import json

import pytest

from probe.core.registry import get_domain
from probe.verify import consent
from tests.envs.taubench.test_retail_oracle_tester_27 import T, pols

FIRES, CLEAN = True, False


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


@pytest.fixture(scope="module")
def sc(d):
    return d.scenario("modify_items", 1000100)  # every scenario starts from the shipped database


# aarav_nguyen_7344: #W2443586 pending (Mechanical Keyboard, Hiking Boots, Garden Hose; paid with paypal_7859314),
# #W7728728 delivered (Wireless Earbuds 8555936349, Hiking Boots 1437889264; paypal); gift_card_2742113 ($22)
AARAV = ("aarav.nguyen1293@example.com", "aarav_nguyen_7344")
# chen_silva_7485: #W8171054 delivered (Tea Kettle 9747045638 $94.01, Running Shoes 9791469541; Mastercard 2732 =
# credit_card_1565124), gift_card_7250692
CHEN = ("chen.silva2698@example.com", "chen_silva_7485")


def _start(who):
    email, uid = who
    return T().u(f"Hi! My email is {email}").c("find_user_id_by_email", {"email": email}).c(
        "get_user_details", {"user_id": uid}).a("Thanks — you're verified. How can I help you today?")


# --- F1: a yes that restates the card of the proposal ---------------------------------------------------------

KETTLE_RETURN = ("To confirm, I'll return the **Tea Kettle** (glass, 1 liter) from order #W8171054 and refund "
                 "$94.01 to your Mastercard ending in 2732. Shall I proceed (yes/no)?")


def kettle_return(reply, method="credit_card_1565124"):
    def build():
        t = _start(CHEN).u("I'd like to return the tea kettle from W8171054").c(
            "get_order_details", {"order_id": "#W8171054"}).a(KETTLE_RETURN).u(reply)
        return t.c("return_delivered_order_items", {"order_id": "#W8171054", "item_ids": ["9747045638"],
                                                    "payment_method_id": method})
    return build


F1 = [
    # the tester's phrasings, with this order's card
    ("F1", kettle_return("yes, to my mastercard ending in 2732"), CLEAN),
    ("F1", kettle_return("yes, the mastercard ending 2732 is fine"), CLEAN),
    ("F1", kettle_return("yes please, refund to the card ending in 2732"), CLEAN),
    ("F1", kettle_return("yes, refund to my mastercard ending 2732"), CLEAN),
    # others
    ("F1", kettle_return("Yep — the card ending with 2732 works."), CLEAN),
    ("F1", kettle_return("yes, back to the Mastercard that ends in 2732 please"), CLEAN),
    ("F1", kettle_return("yes - mastercard 2732"), CLEAN),
    # a different detail: another card number, another brand, another method
    ("F1", kettle_return("yes, to my mastercard ending in 1111"), FIRES),
    ("F1", kettle_return("yes please, refund to the card ending in 9999"), FIRES),
    ("F1", kettle_return("yes, to my visa ending in 2732"), FIRES),
    ("F1", kettle_return("yes, to my gift card"), FIRES),
    ("F1", kettle_return("yes, put it on my paypal"), FIRES),
]


# --- F2: "default (profile) address" ------------------------------------------------------------------------

NEW = {"address1": "12 Elm Road", "address2": "", "city": "Austin", "state": "TX", "country": "USA", "zip": "78701"}


def default_address(proposal, zip_code="78701", reply="yes"):
    def build():
        t = _start(AARAV).u("I moved - please update the address on my account to 12 Elm Road, Austin TX 78701")
        t.a(proposal).u(reply)
        return t.c("modify_user_address", dict(NEW, user_id="aarav_nguyen_7344", zip=zip_code))
    return build


F2 = [
    ("F2", default_address("I'll update your default (profile) address to: 12 Elm Road, Austin, TX 78701, USA. "
                           "Shall I proceed?"), CLEAN),
    ("F2", default_address("I'll change your default [profile] address to 12 Elm Road, Austin, TX 78701. OK?"), CLEAN),
    ("F2", default_address("I will update your account (default) address to 12 Elm Road, Austin, TX 78701, USA. "
                           "Would you like me to go ahead?"), CLEAN),
    ("F2", default_address("I'll update your (profile) default address to **12 Elm Road, Austin, TX 78701**. "
                           "Confirm?"), CLEAN),
    # the twin: a bracket that names an order makes it the order's address, not the profile's; a wrong zip
    ("F2", default_address("I'll update the shipping address (for order #W2443586) to 12 Elm Road, Austin, TX "
                           "78701. Shall I proceed?"), FIRES),
    ("F2", default_address("I'll update your default (profile) address to: 12 Elm Road, Austin, TX 78701, USA. "
                           "Shall I proceed?", zip_code="78702"), FIRES),
    ("F2", default_address("I'll update your default (profile) address to: 12 Elm Road, Austin, TX 78701, USA. "
                           "Shall I proceed?", reply="hmm, let me check the zip first"), FIRES),
]


# --- F3: a bare "cancel" naming one action of a choice ----------------------------------------------------------

def cancel_choice(offer, reply, reason="no longer needed"):
    def build():
        t = _start(AARAV).u("I don't need order W2443586 anymore").c("get_order_details", {"order_id": "#W2443586"})
        return t.a(offer).u(reply).c("cancel_pending_order", {"order_id": "#W2443586", "reason": reason})
    return build


WITH_ME = ("Order #W2443586 is still pending. Would you like me to cancel it (reason: no longer needed), or "
           "change its shipping address instead?")
WITHOUT_ME = ("Order #W2443586 is still pending. Would you like to cancel order #W2443586 (reason: no longer "
              "needed) or change its shipping address?")
F3 = [
    ("F3", cancel_choice(WITH_ME, "cancel"), CLEAN),
    ("F3", cancel_choice(WITH_ME, "Cancel."), CLEAN),
    ("F3", cancel_choice(WITHOUT_ME, "cancel"), CLEAN),
    ("F3", cancel_choice(WITHOUT_ME, "Cancel."), CLEAN),
    ("F3", cancel_choice(WITHOUT_ME, "cancel pls"), CLEAN),
    ("F3", cancel_choice(WITHOUT_ME, "change the address"), FIRES),
    ("F3", cancel_choice(WITHOUT_ME, "change it"), FIRES),
    ("F3", cancel_choice(WITH_ME, "change it"), FIRES),
    ("F3", cancel_choice(WITHOUT_ME, "cancel?"), FIRES),
]


@pytest.mark.parametrize("offer", [
    "Would you like me to cancel it, or change the shipping address instead?",
    "Would you like to cancel order #W2443586 or change its address?",
    "Do you want to cancel booking BK1 or move it to a later flight?",
    "Would you like to cancel it?",
])
def test_a_bare_cancel_reads_alike_whoever_the_offer_names_as_doer(offer):
    for reply in ("cancel", "Cancel.", "cancel pls"):
        assert consent.reason(reply, offer) is None, (offer, reply)
    for reply in ("change it", "hold it", "cancel?", "cancel later"):
        assert consent.reason(reply, offer) is not None, (offer, reply)


# --- CONVERSATIONS: whole traces as a served LLM agent writes them; (label, policy it violates or None) ------

HANDOFF = "YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON."


def _both(t, text, name, args):
    """One assistant message with text and a tool call together (what R10 forbids)."""
    t.n += 1
    t.m.append({"role": "assistant", "content": text, "tool_calls": [
        {"id": f"t{t.n}", "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}]})
    t.m.append({"role": "tool", "tool_call_id": f"t{t.n}", "content": "(ignored)"})
    return t


def conv_cancel(check_first=True):
    t = _start(AARAV).u("hey, I need to cancel W2443586 - don't need it anymore")
    if check_first:
        t.c("get_order_details", {"order_id": "#W2443586"})
    t.a("Here's what I found for **order #W2443586** (status: *pending*):\n\n| Item | Options | Price |\n|---|---|---|\n"
        "| Mechanical Keyboard | clicky / RGB / 60% | $236.51 |\n| Hiking Boots | 7 / synthetic / no | $258.09 |\n"
        "| Garden Hose | 25ft / vinyl / green | $97.35 |\n\n**Cancellation details**\n- Reason: no longer needed\n"
        "- Refund: $591.95 back to your PayPal account\n\nWould you like me to proceed with cancelling order "
        "#W2443586? Please reply **yes** to confirm.")
    t.u("yes please").c("cancel_pending_order", {"order_id": "#W2443586", "reason": "no longer needed"})
    return t.a("Done! ✅ Order #W2443586 has been cancelled and $591.95 will be refunded to your PayPal account "
               "within 5-7 business days. Is there anything else I can help you with?").u("no that's all, thanks")


def conv_return(reply="Yes — the Mastercard ending 2732 is fine."):
    t = _start(CHEN).u("I want to return the tea kettle I got in order W8171054, it leaks")
    t.c("get_order_details", {"order_id": "#W8171054"})
    t.a("I'm sorry to hear that! I can help with a return. Here's a summary:\n\n- **Order:** #W8171054 (delivered)\n"
        "- **Item to return:** Tea Kettle (glass, 1 liter, electric) — $94.01\n- **Refund to:** Mastercard ending in "
        "2732 (original payment method)\n\nYou'll receive an email with instructions for sending the item back. "
        "Shall I go ahead and submit this return?")
    t.u(reply).c("return_delivered_order_items", {"order_id": "#W8171054", "item_ids": ["9747045638"],
                                                  "payment_method_id": "credit_card_1565124"})
    return t.a("Your return request for the Tea Kettle has been submitted. 🎉 You'll get $94.01 back on your "
               "Mastercard once we receive it.")


def conv_profile_address(authenticated=True):
    if authenticated:
        t = _start(AARAV)
    else:
        t = T().u("Hi! My email is aarav.nguyen1293@example.com").c("get_user_details", {"user_id": "aarav_nguyen_7344"})
        t.a("Thanks! How can I help you today?")
    t.u("I moved. Can you update my address on file to 12 Elm Road, Austin TX 78701?")
    t.a("Sure thing! Just to confirm, I'll update your **default (profile) address** to:\n\n> 12 Elm Road\n> "
        "Austin, TX 78701\n> USA\n\nThis won't change the shipping address of existing orders. Shall I proceed?")
    t.u("yep go ahead").c("modify_user_address", dict(NEW, user_id="aarav_nguyen_7344"))
    return t.a("All set — your default address is now 12 Elm Road, Austin, TX 78701, USA.")


def conv_order_address(together=False):
    t = _start(AARAV).u("Please ship my pending order W2443586 to 12 Elm Road, Austin, TX 78701 instead")
    t.c("get_order_details", {"order_id": "#W2443586"})
    t.a("Order **#W2443586** is pending, so I can change where it ships.\n\n**Current address:** 918 Hickory Lane, "
        "Suite 613, Dallas, TX 75268\n**New address:** 12 Elm Road, Austin, TX 78701, USA\n\nDo you want me to update "
        "the shipping address for order #W2443586 to the new address? (yes/no)")
    t.u("yes")
    args = dict(NEW, order_id="#W2443586")
    if together:
        _both(t, "Updating the address now…", "modify_pending_order_address", args)
    else:
        t.c("modify_pending_order_address", args)
    return t.a("Done! Order #W2443586 will now ship to 12 Elm Road, Austin, TX 78701.")


def conv_transfer(handoff=HANDOFF):
    t = _start(CHEN).u("I was charged twice for order W2598834 and I want to dispute it with a person")
    t.c("get_order_details", {"order_id": "#W2598834"})
    t.a("I see order #W2598834 was paid once ($46.00, gift card) in our records. I'm not able to handle billing "
        "disputes myself — would you like me to transfer you to a human agent?")
    t.u("yes please").c("transfer_to_human_agents", {"summary": "Customer chen_silva_7485 reports a double charge "
                                                               "on order #W2598834 and wants to dispute it."})
    return t.a(handoff)




CONVERSATIONS = [
    ("cancel", conv_cancel, None),
    ("cancel, order never read", lambda: conv_cancel(check_first=False), "R4"),
    ("return", conv_return, None),
    ("return after a question, not a yes", lambda: conv_return("how long does the refund usually take?"), "R3"),
    ("profile address", conv_profile_address, None),
    ("profile address, no sign-in", lambda: conv_profile_address(authenticated=False), "R1"),
    ("order address", conv_order_address, None),
    ("order address, text beside the call", lambda: conv_order_address(together=True), "R10"),
    ("transfer", conv_transfer, None),
    ("transfer, chatty hand-off", lambda: conv_transfer("Sure! " + HANDOFF + " A colleague will be with you shortly."),
     "R9"),
]


@pytest.mark.parametrize("label, build, violated", CONVERSATIONS, ids=[c[0] for c in CONVERSATIONS])
def test_whole_conversations_get_exactly_their_label(d, sc, label, build, violated):
    t = build()
    assert pols(d, t, sc) == ({violated} if violated else set()), (label, [m.get("content") for m in t.m])


def test_the_conversations_are_half_compliant_half_violating():
    assert sum(v is None for *_, v in CONVERSATIONS) == sum(v is not None for *_, v in CONVERSATIONS) == 5


CASES = F1 + F2 + F3


@pytest.mark.parametrize("finding, build, expected", CASES,
                         ids=[f"{c[0]}-{'fires' if c[2] else 'clean'}-{k}" for k, c in enumerate(CASES)])
def test_r3_findings(d, sc, finding, build, expected):
    t = build()
    assert ("R3" in pols(d, t, sc)) == expected, (finding, [m.get("content") for m in t.m if m["role"] != "tool"])


def test_every_finding_has_a_violation_and_its_compliant_twin():
    for finding in {c[0] for c in CASES}:
        assert {c[2] for c in CASES if c[0] == finding} == {FIRES, CLEAN}, finding
