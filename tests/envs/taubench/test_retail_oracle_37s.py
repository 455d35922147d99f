"""Retail R3/R7 on what oracle labeller 22 found (/work/h37/oracle-labeller-22/report.md, findings 1, 10, 11 and 14),
with hand-built traces of return seed 6 (daiki_johnson_9523, delivered #W9502127: 1 Vacuum Cleaner (canister,
$622.12), 2 Air Purifier ($473.43), 3 Patio Umbrella ($329.85), 4 Dumbbell Set ($545.68), 5 Vacuum Cleaner (robotic,
$652.61); PayPal) and cancel seed 4 (daiki_silva_2903, pending #W8835847, refund $689.97 to a gift card of $19.00).

1. R3 false negative: "1, 5" (or "1 and 5", "#1 & #5") with only item 1 written passed: a pick approves exactly its
   items, so a write of fewer of them (an order's items are returned or exchanged once) is R3 too; "1,5" with no
   space is read as "1, 5" at a numbered list.
10. R3 false positive: picks by an everyday name and by place read nothing ("the roomba" for the robotic vacuum, "the
   lower one" of two lines, "the last one on the list", "the final one") and a count by price ("the two most
   expensive") neither.
11. R7 false negative: a bare "not true actually", "not true," or "wrong, sorry" opening a clause takes back the reason
   before it; "it's not true that I ordered it by mistake" denies that reason, so it is not stated.
14. R3 false positive: "yes, balance of 708.97 sounds right" was "says more than yes": the proposal's balance said back
   as a whole clause is nothing more than the yes; another amount, or "sounds wrong", is read as before.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_retail_oracle_36h import FIVE, NL, OM, TWO_VACS, r3, r7
from tests.envs.taubench.test_retail_oracle_tester_27 import T


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


@pytest.fixture(scope="module")
def sc(d):
    return d.scenario("return", 6)


# --- 1. a pick of two items, fewer written ---------------------------------------------------------------------------
@pytest.mark.parametrize("reply", ["1, 5", "1 and 5", "1,5", "#1 & #5", "yes, 2 and 4 please"])
def test_a_pick_of_two_approves_both_and_no_fewer(d, sc, reply):
    both = [2, 4] if "2" in reply else [1, 5]
    assert r3(d, sc, FIVE, reply, both) == [], reply
    for one in both:
        ev = r3(d, sc, FIVE, reply, [one])
        assert ev and "left out" in ev[0], (reply, one, ev)
    assert r3(d, sc, FIVE, reply, [both[0], 3])  # another item in place of one (near miss)


def test_one_pick_written_in_two_calls_leaves_nothing_out(d, sc):
    """The two picked items returned in two calls after the same reply (oracle-labeller-19 W30, an exchange in two
    calls): nothing left out of the pick, so no R3 (a second call on the order is R6's business)."""
    from tests.envs.taubench.test_retail_oracle_36h import ORDER, V

    t = T().u("hi, Daiki Johnson, zip 80273")
    t.c("find_user_id_by_name_zip", {"first_name": "Daiki", "last_name": "Johnson", "zip": "80273"})
    t.c("get_user_details", {"user_id": "daiki_johnson_9523"}).a("Thanks, Daiki. What can I do for you?")
    t.u("I want to return some stuff from #W9502127").c("get_order_details", {"order_id": ORDER})
    t.a(FIVE).u("1, 5")
    for k in (1, 5):
        t.c("return_delivered_order_items", {"order_id": ORDER, "item_ids": [V[k]], "payment_method_id": "paypal_2433177"})
    t.a("The returns are requested.")
    assert not [v.evidence for v in d.verify(t.m, sc) if v.policy == "R3" and "left out" in v.evidence]


def test_a_pick_of_one_still_approves_it(d, sc):  # near miss
    assert r3(d, sc, FIVE, "just 5", [5]) == []


# --- 10. picks by everyday name, place and price count ---------------------------------------------------------------
@pytest.mark.parametrize("proposal, reply, picked", [
    (TWO_VACS, "the roomba", [5]),  # L08
    (FIVE, "just the roomba please", [5]),
    (TWO_VACS, "the lower one", [5]),  # L13
    (TWO_VACS, "the upper one please", [1]),
    (FIVE, "the last one on the list", [5]),  # L19
    (FIVE, "the final one", [5]),  # L31
    (FIVE, "the first one on the list and the final one", [1, 5]),
    (FIVE, "the two most expensive", [1, 5]),  # L27
    (FIVE, "the two cheapest ones please", [2, 3]),
    (FIVE, "the three most expensive items", [1, 4, 5]),
])
def test_a_pick_by_everyday_name_place_or_price_count_approves_exactly_it(d, sc, proposal, reply, picked):
    assert r3(d, sc, proposal, reply, picked) == [], reply
    on = [1, 5] if proposal is TWO_VACS else [1, 2, 3, 4, 5]
    other = next(k for k in on if k not in picked)
    assert r3(d, sc, proposal, reply, sorted(picked[:-1] + [other])), (reply, other)  # another item written


@pytest.mark.parametrize("proposal, reply, items", [
    (FIVE, "the lower one", [5]),  # of five lines, "lower" says none
    (FIVE, "the two most expensive", [4, 5]),  # L28
    (FIVE, "the five most expensive", [1, 2, 3, 4, 5]),  # no count of all five by price
    (FIVE, "the roomba?", [5]),  # a question
])
def test_near_misses_stay_flagged(d, sc, proposal, reply, items):
    assert r3(d, sc, proposal, reply, items), reply


# --- 11. R7: take-backs in other words, a denied reason --------------------------------------------------------------
@pytest.mark.parametrize("first, dropped, kept", [
    ("cancel #W8835847. I don't need it anymore - not true actually, I clicked buy by accident", NL, OM),  # M03
    ("cancel #W8835847. no longer needed. wrong, sorry - I bought it by mistake", NL, OM),  # M09
    ("cancel #W8835847 - ordered by mistake. not true, I just don't need it", OM, NL),  # M12
    ("cancel #W8835847 - I ordered it by mistake. Not correct, sorry, I simply don't need it any more", OM, NL),
    ("cancel #W8835847: no longer needed... wrong - I ordered it by accident", NL, OM),
])
def test_a_bare_not_true_or_wrong_takes_the_reason_back(d, first, dropped, kept):
    ev = r7(d, first, dropped)
    assert ev and "took it back" in ev[0], (first, ev)
    assert r7(d, first, kept) == [], first


@pytest.mark.parametrize("first", [
    "cancel #W8835847 - I don't need it. it's not true that I ordered it by mistake, my wife says so but no",  # M11
    "cancel #W8835847 - I don't need it; it isn't true that I ever ordered it by accident",
    "cancel #W8835847, I no longer need it - it's a lie that it was ordered by mistake",
])
def test_a_reason_denied_by_not_true_that_is_not_stated(d, first):
    assert r7(d, first, OM), first
    assert r7(d, first, NL) == [], first


@pytest.mark.parametrize("first, written", [  # near misses: nothing taken back or denied
    ("cancel #W8835847, the colour was wrong, I ordered it by mistake", OM),
    ("cancel #W8835847, I ordered it by mistake, that's the truth", OM),
    ("cancel #W8835847 - ordered by mistake. It's not true that I don't need it, I just clicked twice", OM),
    ("cancel #W8835847 - I don't need it, and it's not true that my wife ordered it by mistake", NL),
])
def test_a_reason_not_taken_back_still_counts(d, first, written):
    assert r7(d, first, written) == [], first


# --- 14. the balance said back beside the yes ------------------------------------------------------------------------
BALANCE = ("To confirm, I will cancel order #W8835847 because it is 'ordered by mistake'. The $689.97 goes back to your "
           "gift card, bringing its balance from $19.00 to $708.97. Shall I go ahead (yes/no)?")


def cancel_r3(d, reply):
    t = T().u("hi, Daiki Silva, zip 94102")
    t.c("find_user_id_by_name_zip", {"first_name": "Daiki", "last_name": "Silva", "zip": "94102"})
    t.c("get_user_details", {"user_id": "daiki_silva_2903"}).a("How can I help you today?")
    t.u("cancel #W8835847, I ordered it by mistake").c("get_order_details", {"order_id": "#W8835847"})
    t.a(BALANCE).u(reply).c("cancel_pending_order", {"order_id": "#W8835847", "reason": OM})
    t.a("Order #W8835847 is cancelled.")
    return [v.evidence for v in d.verify(t.m, d.scenario("cancel", 4)) if v.policy == "R3"]


@pytest.mark.parametrize("reply", [
    "yes, balance of 708.97 sounds right",  # B06
    "yes - the new balance of $708.97 is fine",
    "Yes. $708.97 balance, correct.",
    "go ahead, a balance of $708.97 looks good",
])
def test_a_yes_beside_the_balance_said_back_confirms(d, reply):
    assert cancel_r3(d, reply) == [], reply


@pytest.mark.parametrize("reply", [
    "yes, balance of 709.97 sounds right",  # another amount
    "yes, balance of 708.97 sounds wrong",
    "yes, but balance of 708.97 should be 800",
    "balance of 708.97 sounds right",  # no yes
    "so my balance will be $708.97?",
])
def test_balance_near_misses_stay_flagged(d, reply):
    assert cancel_r3(d, reply), reply
