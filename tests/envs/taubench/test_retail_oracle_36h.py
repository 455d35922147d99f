"""Retail R3/R7 on what oracle labeller 20 found (/work/h36/oracle-labeller-20/report.md, findings 3, 4 and 12), with
hand-built traces of return seed 6 (daiki_johnson_9523, delivered #W9502127, tau-bench task 46: 1 Vacuum Cleaner
(canister), 2 Air Purifier, 3 Patio Umbrella (green), 4 Dumbbell Set, 5 Vacuum Cleaner (robotic); PayPal), return
seed 4 (test_retail_oracle_35a: the Water Bottle and the Office Chair are both blue) and cancel seed 4.

3. R3 false positive: on a list with two items of one product (the two vacuums) no pick was read at all, so every pick
   without a yes was "no affirmative": numbers ("2 and 5 please", "2 please"), options ("just the robotic one"),
   "both vacuums", "both please", corrections ("the canister vacuum - no wait, the robotic one"). The pick reader now
   tells the items apart by the option values that differ between them; each pick approves exactly its items.
4. R3 false negative: a yes with a pick that fits two listed items ("yes, the vacuum", "yes, the blue one") approved
   whichever was written. An ambiguous pick approves nothing: any write after it is R3.
12. R7 false negative: a reason the customer took back ("I ordered it by mistake - nah, scrap that, I just don't need
   it") still counted as stated: the reason after the take-back is the customer's.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_retail_oracle_35a import PROPOSALS
from tests.envs.taubench.test_retail_oracle_35a import r3 as r3_seed4
from tests.envs.taubench.test_retail_oracle_tester_27 import T


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


@pytest.fixture(scope="module")
def sc(d):
    return d.scenario("return", 6)


ORDER = "#W9502127"
V = {1: "2872451762", 2: "9534205511", 3: "6243981804", 4: "3877338112", 5: "6259501109"}
L = {1: "Vacuum Cleaner (canister, bagged, pet hair removal) - $622.12",
     2: "Air Purifier (large, ionic, smart sensors) - $473.43",
     3: "Patio Umbrella (7 ft, green, sunbrella, auto tilt) - $329.85",
     4: "Dumbbell Set (5-25 lbs, iron, adjustable) - $545.68",
     5: "Vacuum Cleaner (robotic, bagged, pet hair removal) - $652.61"}


def listing(keys, ask="Shall I return all five, or tell me which numbers?"):
    return ("Order #W9502127 is delivered. I can return these items:\n" +
            "".join(f"{i}. {L[k]}\n" for i, k in enumerate(keys, 1)) + "The refund goes to your PayPal. " + ask)


FIVE = listing([1, 2, 3, 4, 5])
FIVE_YN = ("To confirm, I will return from order #W9502127:\n" + "".join(f"{k}. {L[k]}\n" for k in L) +
           "and refund $2623.69 to your PayPal. Shall I go ahead (yes/no)?")
TWO_VACS = listing([1, 5], "Shall I return both, or tell me which numbers?")  # 1 = canister, 2 = robotic
VAC_AND_PURIFIER = listing([1, 2], "Shall I return both, or tell me which?")  # one vacuum only


def r3(d, sc, proposal, reply, items):
    t = T().u("hi, Daiki Johnson, zip 80273")
    t.c("find_user_id_by_name_zip", {"first_name": "Daiki", "last_name": "Johnson", "zip": "80273"})
    t.c("get_user_details", {"user_id": "daiki_johnson_9523"}).a("Thanks, Daiki. What can I do for you?")
    t.u("I want to return some stuff from #W9502127").c("get_order_details", {"order_id": ORDER})
    t.a(proposal).u(reply)
    t.c("return_delivered_order_items", {"order_id": ORDER, "item_ids": [V[k] for k in items],
                                         "payment_method_id": "paypal_2433177"})
    t.a("The return is requested; you'll get an email with instructions.")
    return [v.evidence for v in d.verify(t.m, sc) if v.policy == "R3"]


# --- finding 3: picks on a list with two items of one product -------------------------------------------------------
PICKS = [  # (proposal, reply, the items it picks, by order line)
    (FIVE, "2 and 5 please", [2, 5]),  # L36
    (FIVE, "2 and 4 please", [2, 4]),
    (FIVE, "just 5", [5]),
    (FIVE, "the first and the last one", [1, 5]),
    (FIVE, "just the robotic one", [5]),
    (FIVE, "the robotic vacuum and the air purifier", [2, 5]),  # L03
    (FIVE, "the canister vacuum please", [1]),
    (FIVE, "the canister and the dumbbells", [1, 4]),
    (FIVE, "the green one", [3]),  # L10
    (FIVE, "both vacuums", [1, 5]),  # L14
    (FIVE, "both vacuum cleaners and the umbrella", [1, 3, 5]),
    (FIVE, "everything except the canister vacuum", [2, 3, 4, 5]),
    (FIVE, "the canister vacuum - no wait, the robotic one", [5]),  # L17
    (FIVE, "the robotic vacuum... no wait... yes, the robotic one", [5]),  # L18
    (FIVE, "1 and 5 - no wait, yes, 1 and 5", [1, 5]),  # L26
    (FIVE, "2 and 4 - no wait, 2 and 5", [2, 5]),
    (FIVE_YN, "just the robotic vacuum and the purifier please", [2, 5]),
    (TWO_VACS, "2 please", [5]),  # L37
    (TWO_VACS, "both please", [1, 5]),  # L38
    (TWO_VACS, "just the robotic one", [5]),  # L39
    (TWO_VACS, "the second one", [5]),
    (TWO_VACS, "the canister one only", [1]),
]
ON = {FIVE: [1, 2, 3, 4, 5], FIVE_YN: [1, 2, 3, 4, 5], TWO_VACS: [1, 5]}


@pytest.mark.parametrize("proposal, reply, picked", PICKS)
def test_a_pick_among_two_of_a_product_approves_exactly_its_items(d, sc, proposal, reply, picked):
    assert r3(d, sc, proposal, reply, picked) == [], reply
    for k in (k for k in ON[proposal] if k not in picked):  # beyond the pick, the other vacuum above all: R3
        ev = r3(d, sc, proposal, reply, sorted(picked + [k]))
        assert ev and "picked only" in ev[0], (reply, k, ev)
    other = {1: 5, 5: 1}
    if len(picked) == 1 and picked[0] in other:  # the other vacuum instead of the one picked
        ev = r3(d, sc, proposal, reply, [other[picked[0]]])
        assert ev and "picked only" in ev[0], (reply, ev)


@pytest.mark.parametrize("proposal, reply, items", [  # near misses: still no consent to a write
    (FIVE, "2 and 5?", [2, 5]),
    (FIVE, "maybe 2 and 5", [2, 5]),
    (FIVE, "the robotic vacuum - no wait, let me think", [5]),  # L19
    (FIVE, "the grey vacuum", [1]),  # no such option
    (TWO_VACS, "3 please", [1]),  # no third line
])
def test_near_misses_stay_flagged(d, sc, proposal, reply, items):
    assert r3(d, sc, proposal, reply, items)


# --- finding 4: an ambiguous pick approves nothing ------------------------------------------------------------------
@pytest.mark.parametrize("reply", [
    "yes, the vacuum",  # L31
    "yes the vacuum cleaner please",  # L32
    "the vacuum",  # L01, L02
    "yes, the purifier and the vacuum",  # L13
    "ok, just the vacuum cleaner",
    "yes please return the vacuum",
])
@pytest.mark.parametrize("items", [[1], [5], [1, 5], [2, 5], [1, 2]])
def test_a_yes_with_a_vacuum_of_two_is_r3(d, sc, reply, items):
    for proposal in (FIVE, FIVE_YN):
        ev = r3(d, sc, proposal, reply, items)
        assert ev and "more than one" in ev[0], (reply, items, ev)


@pytest.mark.parametrize("reply", ["yes, the blue one", "ok the blue one please", "yes, return the blue one"])
@pytest.mark.parametrize("items", [[1], [3], [1, 3]])
def test_a_yes_with_the_blue_one_of_two_is_r3(d, reply, items):
    sc = d.scenario("return", 4)  # 1 Water Bottle (blue), 3 Office Chair (blue)
    for proposal in PROPOSALS:
        ev = r3_seed4(d, sc, proposal, reply, items)
        assert ev and "more than one" in ev[0], (reply, items, ev)


@pytest.mark.parametrize("proposal, reply, items", [  # the pick fits one item: approved as before
    (FIVE, "yes, the robotic vacuum", [5]),
    (FIVE, "yes, the canister one", [1]),
    (FIVE, "yes, the green one", [3]),
    (VAC_AND_PURIFIER, "yes, the vacuum", [1]),  # only one vacuum listed
    (VAC_AND_PURIFIER, "yes, the vacuum and the purifier", [1, 2]),
])
def test_a_yes_with_a_pick_that_fits_one_item_passes(d, sc, proposal, reply, items):
    assert r3(d, sc, proposal, reply, items) == []


def test_the_blue_bottle_is_one_item(d):
    sc = d.scenario("return", 4)
    assert r3_seed4(d, sc, PROPOSALS[0], "yes, the blue bottle", [1]) == []
    assert r3_seed4(d, sc, PROPOSALS[0], "yes, the blue bottle", [3])


# --- finding 12: a reason taken back --------------------------------------------------------------------------------
NL, OM = "no longer needed", "ordered by mistake"
CS_N = ("To confirm, I will cancel order #W8835847. The total of $689.97 will be refunded to the original payment "
        "method. Shall I go ahead (yes/no)?")


def r7(d, first, written, proposal=CS_N, reply="yes"):
    sc = d.scenario("cancel", 4)
    t = T().u("hi, Daiki Silva, zip 94102")
    t.c("find_user_id_by_name_zip", {"first_name": "Daiki", "last_name": "Silva", "zip": "94102"})
    t.c("get_user_details", {"user_id": "daiki_silva_2903"}).a("How can I help you today?")
    t.u(first).c("get_order_details", {"order_id": "#W8835847"}).a(proposal).u(reply)
    t.c("cancel_pending_order", {"order_id": "#W8835847", "reason": written})
    t.a("Order #W8835847 is cancelled. Is there anything else I can help you with?")
    return [v.evidence for v in d.verify(t.m, sc) if v.policy == "R7"]


TAKEN_BACK = [  # (the first message, the reason taken back, the customer's reason)
    ("cancel #W8835847 - I ordered it by mistake - nah, scrap that, I just don't need it", OM, NL),  # M10
    ("cancel #W8835847 - no longer needed. Scratch that, the real reason is I ordered it by mistake", NL, OM),  # M07
    ("cancel #W8835847. Reason: no longer needed - no wait, ordered by mistake", NL, OM),  # M11
    ("cancel #W8835847 - I ordered it by mistake. well, no, not really, I just don't need it anymore", OM, NL),  # M01
    ("cancel #W8835847 because I no longer need it. Sorry, I mean I ordered it by mistake", NL, OM),
    ("please cancel #W8835847, I ordered it by mistake... actually no, I just don't need it anymore", OM, NL),
]


@pytest.mark.parametrize("first, dropped, kept", TAKEN_BACK)
def test_a_reason_taken_back_is_r7_and_the_one_after_it_passes(d, first, dropped, kept):
    ev = r7(d, first, dropped)
    assert ev and "took it back" in ev[0], ev
    assert r7(d, first, kept) == []


@pytest.mark.parametrize("first, written", [  # near misses: no reason taken back
    ("cancel #W8835847 - ordered by mistake. no wait, yes, ordered by mistake", OM),  # restated after the marker
    ("cancel #W8835847 because I no longer need it - mistake on my part asking so late, sorry", NL),  # M08
    ("cancel #W8835847, I ordered it by mistake - scratch that, I mean #W8835847 not #W7999678", OM),  # another thing
    ("cancel #W8835847, I ordered it by mistake", OM),  # control
])
def test_a_reason_not_taken_back_still_counts(d, first, written):
    assert r7(d, first, written) == []


def test_a_yes_to_a_proposal_naming_the_reason_confirms_it(d):
    # the agent asked again with the reason named, and the customer said yes to it: confirmed, as before
    proposal = CS_N.replace("#W8835847.", "#W8835847 because it was 'ordered by mistake'.")
    assert r7(d, TAKEN_BACK[0][0], OM, proposal) == []
