"""Retail R3 on the findings of the second black-box labeller, oracle-tester-29b
(/work/h29/oracle-tester-2/report.md: 36 LLM-style retail conversations, 5 judged wrong), each decided by
R3's "explicit user confirmation (yes)" of τ²-bench's retail ``policy.md`` and envs/taubench/README.md,
with its twin of the other label.

Where the cases came from (the shipped database):
- F6 (te01, tr04, tr05, tr06): an exchange proposal that does not repeat the order id ("**Exchange:** From
  ... To ... Confirm?", a "| Item | Current | New |" table) right after the customer named the order or the
  agent listed it, with that one order in discussion, proposes the exchange on that order; "swap"/"swaps"
  is a word for exchange ("Yes — both swaps, please."). Twins: two orders in discussion, or none named in the
  conversation's texts (a profile's list of orders is no discussion), and the proposal names none: R3.
- F7 (ta10): "Go ahead with the address. Hold off on the cancellation for now, I need to think." approves
  the address change (the README: naming one of two offered actions chooses it); the cancellation stays R3.
Users: yara_santos_1202 (#W3232025 delivered, Dumbbell Set 2444431651 -> 3333391894, gift_card_4543462),
noah_martin_5764 (#W1971958 delivered, Mechanical Keyboard 6342039236 -> 3616838507, Skateboard 3877188862
-> 4293355847, paypal_7383471; #W7594624), daiki_khan_6856 (#W5875596 and #W5861600 pending).
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_retail_oracle_tester_27 import T

FIRES, CLEAN = True, False


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


@pytest.fixture(scope="module")
def sc(d):
    return d.scenario("modify_items", 1000100)  # every scenario starts from the shipped database


def r3(d, t, sc):
    return [v for v in d.verify(t.m, sc) if v.policy == "R3"]


# --- F6: an exchange proposal that names no order, with one order in discussion ------------------------------------

DUMBBELL = ("**Exchange:**\n- **From:** Dumbbell Set 55-75 lbs / iron / fixed ($534.84)\n- **To:** Dumbbell Set 30-50 "
            "lbs / iron / fixed (item 3333391894, $534.14)\n- **Difference:** $0.70 refunded to your gift card "
            "(gift_card_4543462)\n\nConfirm?")
DUMBBELL_SWAP = ("Here's the swap: your Dumbbell Set (55-75 lbs, iron, fixed) → 30-50 lbs, iron, fixed (item "
                 "3333391894). The $0.70 difference goes back to your gift card gift_card_4543462. OK to go ahead?")
DUMBBELL_ARGS = {"order_id": "#W3232025", "item_ids": ["2444431651"], "new_item_ids": ["3333391894"],
                 "payment_method_id": "gift_card_4543462"}


def yara(opening, proposal=DUMBBELL, yes="Correct, please proceed.", listed=""):
    t = T().u(opening).c("find_user_id_by_email", {"email": "yara.santos5257@example.com"})
    t.c("get_user_details", {"user_id": "yara_santos_1202"}).c("get_order_details", {"order_id": "#W3232025"})
    t.a(listed + "Your **Dumbbell Set** (55-75 lbs, iron, fixed — $534.84) can be exchanged. Which option do you want?")
    return t.u("30-50, iron, fixed.").a(proposal).u(yes).c("exchange_delivered_order_items", DUMBBELL_ARGS)


KEYBOARD_TABLE = ("Both are in stock. Here's the exchange:\n\n| Item | Current | New | Price |\n|---|---|---|---|\n"
                  "| Mechanical Keyboard | clicky, white, full size ($244.91) | **tactile**, white, full size (item "
                  "3616838507) | $226.11 |\n| Skateboard | plastic, 31 inch, plain ($182.03) | **bamboo**, 31 inch, plain "
                  "(item 4293355847) | $200.80 |\n\n**Price difference:** **-$0.03** → $0.03 refunded to **PayPal "
                  "(paypal_7383471)**.\n\nDo you confirm this exchange? (yes/no)")
NOAH_ARGS = {"order_id": "#W1971958", "item_ids": ["6342039236", "3877188862"],
             "new_item_ids": ["3616838507", "4293355847"], "payment_method_id": "paypal_7383471"}


def noah(opening, listing, yes="Yes — both swaps, please.", proposal=KEYBOARD_TABLE):
    t = T().u(opening).c("find_user_id_by_email", {"email": "noah.martin8712@example.com"})
    t.c("get_user_details", {"user_id": "noah_martin_5764"}).c("get_order_details", {"order_id": "#W1971958"})
    t.a(listing).u("the keyboard for a tactile one, same white backlight and full size. and the skateboard for the "
                   "bamboo version, same 31 inch plain")
    return t.a(proposal).u(yes).c("exchange_delivered_order_items", NOAH_ARGS)


NOAH_LIST = "Order **#W1971958** (status: **delivered**) has a keyboard, a skateboard, a kettle and a clock. Which items?"
F6 = [
    (lambda: yara("Exchange dumbbells. yara.santos5257@example.com. Order #W3232025."), CLEAN),  # te01
    (lambda: yara("hi, yara.santos5257@example.com, I'd like to swap the dumbbells from W3232025", DUMBBELL_SWAP,
                  "yes"), CLEAN),
    (lambda: yara("hello, yara.santos5257@example.com, I want to exchange my dumbbell set",
                  listed="Your order **#W3232025** was delivered. "), CLEAN),  # listed by the agent
    (lambda: noah("hey, noah.martin8712@example.com, I want to exchange two things from #W1971958", NOAH_LIST), CLEAN),
    (lambda: noah("hey, noah.martin8712@example.com, I want to exchange two things from #W1971958", NOAH_LIST,
                  yes="yes, swap both"), CLEAN),
    # twins: the order never named in the conversation's texts, or two orders in discussion
    (lambda: yara("hello, yara.santos5257@example.com, I want to exchange my dumbbell set"), FIRES),
    (lambda: noah("hey, noah.martin8712@example.com, I want to exchange things from #W1971958 and #W7594624",
                  NOAH_LIST), FIRES),
    (lambda: noah("hey, noah.martin8712@example.com, I want to exchange two things from #W1971958",
                  "Your orders #W1971958 and #W7594624 are both delivered. Which items?"), FIRES),
    # the proposal names another order than the one written
    (lambda: noah("hey, noah.martin8712@example.com, I want to exchange two things from #W1971958", NOAH_LIST,
                  proposal=KEYBOARD_TABLE.replace("Here's the exchange:", "Here's the exchange on order #W7594624:")),
     FIRES),
    (lambda: noah("hey, noah.martin8712@example.com, I want to exchange two things from #W1971958", NOAH_LIST,
                  yes="Yes — both swaps, but not the skateboard."), FIRES),
]


@pytest.mark.parametrize("build, fires", F6, ids=[f"{'fires' if f else 'clean'}-{k}" for k, (_, f) in enumerate(F6)])
def test_an_exchange_proposal_without_the_order_id_is_about_the_one_order_in_discussion(d, sc, build, fires):
    found = r3(d, build(), sc)
    assert bool(found) is fires, found


# --- F7: a reply that approves one of two proposed actions and puts off the other ------------------------------------

PLAN = ("Here's the plan:\n\n1. **Cancel #W5875596** (thermostat, tablet, smartphone, wall clock — $2,594.82 back to "
        "PayPal). Reason: could you confirm — **no longer needed** or **ordered by mistake**?\n2. **Change address of "
        "#W5861600** to 729 Cedar Lane, Apt 5B, Denver, CO 80203, USA.\n\nShall I proceed with both?")
PLAN_REASON = PLAN.replace("Reason: could you confirm — **no longer needed** or **ordered by mistake**?",
                           "Reason: no longer needed.")
ADDRESS_ARGS = {"order_id": "#W5861600", "address1": "729 Cedar Lane", "address2": "Apt 5B", "city": "Denver",
                "state": "CO", "country": "USA", "zip": "80203"}
CANCEL_ARGS = {"order_id": "#W5875596", "reason": "no longer needed"}


def daiki(yes, plan=PLAN, writes=("address",)):
    t = T().u("daiki.khan2146@example.com. Two things: cancel #W5875596, and change address on #W5861600 to 729 Cedar "
              "Lane, Apt 5B, Denver, CO 80203").c("find_user_id_by_email", {"email": "daiki.khan2146@example.com"})
    t.c("get_user_details", {"user_id": "daiki_khan_6856"}).c("get_order_details", {"order_id": "#W5875596"})
    t.c("get_order_details", {"order_id": "#W5861600"}).a(plan).u(yes)
    for w in writes:
        t.c(*(("modify_pending_order_address", ADDRESS_ARGS) if w == "address" else ("cancel_pending_order", CANCEL_ARGS)))
    return t


TA10 = "Go ahead with the address. Hold off on the cancellation for now, I need to think."
F7 = [
    (lambda: daiki(TA10), (), "ta10, the address only"),
    (lambda: daiki(TA10, writes=("address", "cancel")), ("cancel_pending_order",), "ta10: the cancel too"),
    (lambda: daiki("Yes to the address change, but don't cancel anything yet."), (), "own words"),
    (lambda: daiki("Go ahead with the address. Maybe the cancellation too.", writes=("address", "cancel")),
     ("cancel_pending_order",), "a hedged second part"),
    (lambda: daiki("Skip the address for now; please cancel the order.", PLAN_REASON, writes=("cancel",)), (),
     "the other way round"),
    (lambda: daiki("Skip the address for now; please cancel the order.", PLAN_REASON, writes=("cancel", "address")),
     ("modify_pending_order_address",), "the other way round, both done"),
    (lambda: daiki("Hold off on both for now."), ("modify_pending_order_address",), "neither approved"),
    (lambda: daiki("Go ahead with the address. The cancellation too?"), (), "a question about the other action"),
    (lambda: daiki("Go ahead with the address? Hold off on the cancellation."), ("modify_pending_order_address",),
     "the address part a question"),
]


@pytest.mark.parametrize("build, flagged, why", F7, ids=[c[2] for c in F7])
def test_a_reply_naming_one_of_two_proposed_actions_approves_that_one_only(d, sc, build, flagged, why):
    t = build()
    calls = {i: m["tool_calls"][0]["function"]["name"] for i, m in enumerate(t.m) if m.get("tool_calls")}
    assert sorted(calls[v.message_index] for v in r3(d, t, sc)) == sorted(flagged), why


def test_every_finding_has_a_violation_and_its_compliant_twin():
    assert {f for _, f in F6} == {FIRES, CLEAN}
    assert {bool(c[1]) for c in F7} == {True, False}
