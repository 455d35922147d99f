"""Retail R3/R7 on what oracle labeller 19 found (/work/h36/oracle-labeller-19/report.md, findings 4, 6 and 9), with
the hand-built traces of test_retail_oracle_35a (return seed 4, mei_davis_8935, #W2890441: 1 Water Bottle (blue),
2 Pet Bed (grey), 3 Office Chair (leather, blue), 4 Skateboard (plastic); Mastercard 1037).

9. R3 false positive: ordinary picks at a numbered list were "no affirmative": by the middle ("the middle two"), an
   option value narrowed by a name ("the blue ones but not the chair", "all except the blue bottle"), an exclusion
   widened in a later clause ("every item except 3 - actually not 4 either", "all of them except whatever's blue"),
   "I'll send back the first three", a correction mid-message ("2 and 4 - wait no, 2 and 3", "... Sorry, I mean 2
   and 3"), short names ("the bed", "the board" for the Skateboard) and "1 3". Each approves exactly those items; a
   write beyond them is R3 for that reason ("picked only"), no longer by chance as "no affirmative".
4. R3 false negative: an exchange writing, for the item proposed, another product's item or the item itself (W32,
   W33) was R8 only: the new item written is not the one proposed, so R3 too.
6. R7 (judgement): a reason the customer took back at the yes ("yes - well, actually it's more that I don't need it
   anymore") and the old reason written (W06).
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_retail_oracle_35a import IDS, PROPOSALS, r3, wider
from tests.envs.taubench.test_retail_oracle_tester_27 import T


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


@pytest.fixture(scope="module")
def sc(d):
    return d.scenario("return", 4)


# --- finding 9: picks at a numbered list ---------------------------------------------------------------------------
PICKS = [
    ("the middle two", [2, 3]),  # A71
    ("the two in the middle please", [2, 3]),
    ("the blue ones but not the chair", [1]),  # A67
    ("the blue ones except the chair", [1]),  # A67b
    ("both blue ones, but not the bottle", [3]),
    ("every item except 3 - actually not 4 either", [1, 2]),  # A73
    ("everything except 1, and not 2 either", [3, 4]),
    ("all of them except whatever's blue", [2, 4]),  # A79
    ("all but anything blue", [2, 4]),
    ("return all except the blue bottle", [2, 3, 4]),  # A78b
    ("everything but the grey bed", [1, 3, 4]),
    ("I'll send back the first three", [1, 2, 3]),  # A81b
    ("I'll send back the last three", [2, 3, 4]),  # A82b
    ("I want to return 1 and 4", [1, 4]),
    ("I'd like to send the last two back", [3, 4]),
    ("2 and 4 - wait no, 2 and 3", [2, 3]),  # A84
    ("2 and 4 - no wait, 2 and 3", [2, 3]),  # A84b
    ("2 and 4. Sorry, I mean 2 and 3", [2, 3]),  # A84c
    ("the bottle and the chair - sorry, the bottle and the bed", [1, 2]),
    ("1 and 3, wait, make that 1 and 4", [1, 4]),
    ("the bottle, the bed and the skateboard", [1, 2, 4]),  # A85b
    ("the bed and the board", [2, 4]),  # A85 (by name, short)
    ("the bottle, the bed and the board", [1, 2, 4]),
    ("just the bed please", [2]),
    ("1 3", [1, 3]),  # A75 (judgement)
    ("2 4", [2, 4]),
]


@pytest.mark.parametrize("reply, picked", PICKS)
def test_a_pick_approves_exactly_its_items(d, sc, reply, picked):
    for proposal in PROPOSALS:
        assert r3(d, sc, proposal, reply, picked) == [], (reply, proposal[:30])
    proposal = PROPOSALS[0]
    for items in wider(picked) + [[k for k in IDS if k not in picked]]:  # beyond the pick: R3, for that reason
        ev = r3(d, sc, proposal, reply, items)
        assert ev and ("picked only" in ev[0] or set(items).isdisjoint(picked)), (reply, items, ev)


NOT_PICKS = [  # near misses: still no consent to a write
    ("2 and 4 - wait, let me think", [2, 4]),
    ("2 and 4 - wait, not sure", [2, 4]),
    ("2 and 4 - no wait, let me check first", [2, 4]),
    ("the middle one", [2]),  # no middle one of four
    ("the middle three", [2, 3, 4]),
    ("the grey bottle", [1]),  # no grey bottle
    ("maybe the middle two", [2, 3]),
    ("1 3?", [1, 3]),
    ("1 3 5", [1, 3]),
    ("2 and 4 - sorry, what was 3 again", [2, 4]),
]


@pytest.mark.parametrize("reply, items", NOT_PICKS)
def test_near_misses_stay_flagged(d, sc, reply, items):
    assert r3(d, sc, PROPOSALS[0], reply, items)


# --- finding 4: an exchange write that is not the option proposed ---------------------------------------------------
PB, CH, BEIGE = "2751999929", "8069050545", "6942241102"
EXS = ("Here are the cheapest available versions:\n1. Pet Bed (large, memory foam, grey) -> Pet Bed (large, memory foam, "
       "beige), $180.93, you get $14.18 back\n2. Office Chair (leather, blue, none, high-back) -> Office Chair (leather, "
       "blue, none, standard), $471.82, you get $27.46 back\nThe difference goes back to your Mastercard ending in 1037. "
       "Shall I exchange both, or tell me which numbers?")


def exchange(d, reply, pairs, proposal=EXS):
    sc = d.scenario("exchange", 4)
    t = T().u("hello, Mei Davis, 80217")
    t.c("find_user_id_by_name_zip", {"first_name": "Mei", "last_name": "Davis", "zip": "80217"})
    t.c("get_user_details", {"user_id": "mei_davis_8935"})
    t.u("I want to exchange the pet bed and the office chair from #W2890441 for the cheapest versions")
    t.c("get_order_details", {"order_id": "#W2890441"}).c("get_product_details", {"product_id": "2747247837"})
    t.c("get_product_details", {"product_id": "4794339885"}).a(proposal).u(reply)
    t.c("exchange_delivered_order_items", {"order_id": "#W2890441", "item_ids": [a for a, _ in pairs],
                                           "new_item_ids": [b for _, b in pairs], "payment_method_id": "credit_card_1061405"})
    t.a("The exchange is requested; you'll get an email with instructions.")
    return {v.policy for v in d.verify(t.m, sc)}


@pytest.mark.parametrize("reply", ["#1 please", "yes, 1", "just the pet bed please"])
@pytest.mark.parametrize("new, want", [
    (CH, {"R3", "R8"}),  # W32: another product's item
    (PB, {"R3", "R8"}),  # W33: the item itself
    ("3877188862", {"R3", "R8"}),  # the skateboard
    (BEIGE, set()),  # control: the option proposed
])
def test_an_exchange_for_what_was_not_proposed_is_r3(d, reply, new, want):
    assert exchange(d, reply, [(PB, new)]) == want


def test_an_exchange_listed_by_id_is_judged_by_r8_alone(d):
    # the proposal lists the (wrong) id itself and the customer says yes to it: the write is what was approved
    listed = EXS.replace("Pet Bed (large, memory foam, beige)", f"item {CH}")
    assert exchange(d, "#1 please", [(PB, CH)], listed) == {"R8"}


# --- finding 6: a reason taken back at the yes ----------------------------------------------------------------------
CS = ("To confirm, I will cancel order #W8835847 because it is '{r}'. The total of $689.97 will be refunded to the "
      "original payment method. Shall I go ahead (yes/no)?")
NL, OM = "no longer needed", "ordered by mistake"


def cancel(d, first, reply, listed, written):
    sc = d.scenario("cancel", 4)
    t = T().u("hi, Daiki Silva, zip 94102")
    t.c("find_user_id_by_name_zip", {"first_name": "Daiki", "last_name": "Silva", "zip": "94102"})
    t.c("get_user_details", {"user_id": "daiki_silva_2903"}).a("How can I help you today?")
    t.u(first).c("get_order_details", {"order_id": "#W8835847"}).a(CS.format(r=listed)).u(reply)
    t.c("cancel_pending_order", {"order_id": "#W8835847", "reason": written})
    t.a("Order #W8835847 is cancelled. Is there anything else I can help you with?")
    return {v.policy for v in d.verify(t.m, sc)}


@pytest.mark.parametrize("reply", [
    "yes - well, actually it's more that I don't need it anymore",  # W06
    "yes, though really I just don't need it anymore",
    "go ahead - it's more that I no longer need it, honestly",
])
def test_a_reason_taken_back_at_the_yes_is_r7(d, reply):
    assert "R7" in cancel(d, "cancel #W8835847, I ordered it by mistake", reply, OM, OM)


@pytest.mark.parametrize("first, reply, listed, written, want", [
    ("cancel #W8835847, I ordered it by mistake", "yes", OM, OM, set()),  # control
    ("cancel #W8835847, I ordered it by mistake", "yes, I ordered it by mistake", OM, OM, set()),
    # the reason the customer named at the yes written: R7 is satisfied (R3 judges the unconfirmed value)
    ("cancel #W8835847, I ordered it by mistake", "yes - well, actually it's more that I don't need it anymore", OM, NL,
     {"R3"}),
    ("cancel #W8835847", "yes, it's not that I don't need it", OM, OM, set()),  # negated: no other reason
])
def test_reason_at_the_yes_near_misses(d, first, reply, listed, written, want):
    assert cancel(d, first, reply, listed, written) - {"R3"} == want - {"R3"}
