"""Retail R3 on what oracle labeller 20 found (/work/h36/oracle-labeller-20/report.md, cases L05-L09, L24, L25, L29),
with hand-built traces of return seed 6 (daiki_johnson_9523, delivered #W9502127: 1 Vacuum Cleaner (canister,
$622.12), 2 Air Purifier, 3 Patio Umbrella (green), 4 Dumbbell Set, 5 Vacuum Cleaner (robotic, $652.61); PayPal).

1. R3 false positive: loose but unambiguous references in a pick of the listed items read nothing, so the pick was
   "no affirmative": "the pricier vacuum", "the last vacuum", "the robot one", "the weights", "the canister". The pick
   reader now reads an item by an option value's everyday form ("robot" for robotic), by price among the items of one
   name ("the pricier vacuum", "the cheaper one" of two), by place among the items of one name ("the last vacuum" is
   the last of the vacuums listed, not the last line) and by an everyday name of the product ("the weights", "the
   vac", "the parasol"). A reference that fits two items ("the vacuum", "the vac" of two) stays ambiguous.
2. R3 false positive: "yes, the vacuum" was ambiguous even where the proposal returns only one of the two vacuums and
   says the other one stays. A name that fits two items the question mentions, of which it names exactly one outside
   a clause that keeps it, is that one. And (a false negative found on the way) a return of the other vacuum than the
   one a proposal names is R3: the proposal did not list the item written.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_retail_oracle_36h import FIVE, FIVE_YN, TWO_VACS, L, listing, r3


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


@pytest.fixture(scope="module")
def sc(d):
    return d.scenario("return", 6)


# the robotic vacuum first, the canister one second: "the last vacuum" is line 2, "the last one" line 5
MIXED = listing([5, 1, 2, 3, 4])

# --- finding 1: loose references that fit one item -------------------------------------------------------------------
PICKS = [  # (proposal, reply, the items it picks, by order line)
    (FIVE, "the pricier vacuum", [5]),  # L07
    (FIVE, "just the more expensive vacuum cleaner please", [5]),
    (FIVE, "the cheaper vacuum and the umbrella", [1, 3]),
    (FIVE_YN, "only the cheaper of the two vacuums", [1]),
    (TWO_VACS, "the cheaper one please", [1]),
    (FIVE, "the last vacuum", [5]),  # L08
    (MIXED, "the last vacuum please", [1]),
    (MIXED, "the first vacuum and the weights", [4, 5]),
    (FIVE, "the second vacuum", [5]),
    (FIVE, "the dumbbells and the robot one", [4, 5]),  # L24
    (FIVE, "the robot vac and the purifier", [2, 5]),  # L05 with the robotic one written
    (FIVE, "the weights and the canister", [1, 4]),  # L29
    (FIVE_YN, "just the weights and the parasol", [3, 4]),
    (FIVE, "the green umbrella and the robot vacuum", [3, 5]),
    (TWO_VACS, "just the robot please", [5]),
    (FIVE_YN, "yes, the pricier vacuum only", [5]),
]


@pytest.mark.parametrize("proposal, reply, picked", PICKS)
def test_a_loose_reference_that_fits_one_item_approves_exactly_it(d, sc, proposal, reply, picked):
    approves_exactly(d, sc, proposal, reply, picked)


def approves_exactly(d, sc, proposal, reply, picked):
    """The reply approves a write of exactly ``picked``: one more item, the other vacuum or another item instead is R3."""
    assert r3(d, sc, proposal, reply, picked) == [], reply
    on = [1, 5] if proposal is TWO_VACS else [1, 2, 3, 4, 5]
    extra = next(k for k in on if k not in picked)
    ev = r3(d, sc, proposal, reply, sorted(picked + [extra]))  # an item beyond the pick
    assert ev and "picked only" in ev[0], (reply, extra, ev)
    other = {1: 5, 5: 1}
    wrong = sorted(other.get(k, k) for k in picked)  # the other vacuum written instead of the one meant ...
    if wrong == sorted(picked):
        wrong = sorted(picked[:-1] + [extra])  # ... or another item instead of the last one picked
    ev = r3(d, sc, proposal, reply, wrong)
    assert ev and "picked only" in ev[0], (reply, wrong, ev)


@pytest.mark.parametrize("proposal, reply, items", [  # a reference that fits two vacuums, or none: no item approved
    (FIVE, "the vac", [5]),
    (FIVE, "yes, the hoover", [1]),
    (FIVE, "the weights and the vac", [4, 5]),
])
def test_a_loose_reference_to_two_vacuums_is_ambiguous(d, sc, proposal, reply, items):
    ev = r3(d, sc, proposal, reply, items)
    assert ev and "more than one" in ev[0], (reply, ev)


@pytest.mark.parametrize("proposal, reply, items", [
    (FIVE, "the cheaper one", [3]),  # "cheaper" of five items says nothing
    (FIVE, "the third vacuum", [5]),  # there are two
    (MIXED, "the last vacuum", [4]),  # the last line is the dumbbells, not a vacuum
    (FIVE, "the pricier vacuum?", [5]),  # a question
])
def test_near_misses_stay_flagged(d, sc, proposal, reply, items):
    assert r3(d, sc, proposal, reply, items)


# --- finding 2: a proposal that names one of the two vacuums --------------------------------------------------------
ONE_LISTED = ("To confirm, I will return from order #W9502127:\n1. " + L[2] + "\n2. " + L[5] +
              "\nand refund $1126.04 to your PayPal. Shall I go ahead (yes/no)?")
CANISTER_STAYS = ("I can return the robotic Vacuum Cleaner ($652.61) and the Air Purifier ($473.43) from #W9502127; "
                  "the canister vacuum stays with you. The refund of $1126.04 goes to your PayPal. Shall I go ahead?")
YOU_KEEP = ("I'll return the Vacuum Cleaner (robotic, bagged, pet hair removal) and the Air Purifier from #W9502127, "
            "and you'll keep the canister Vacuum Cleaner. The $1126.04 goes back to your PayPal. Confirm?")
BOTH_NAMED = ("You have two vacuums on #W9502127, the canister Vacuum Cleaner and the robotic one, plus the Air "
              "Purifier. I can return them to your PayPal. Which would you like to send back?")


@pytest.mark.parametrize("proposal", [ONE_LISTED, CANISTER_STAYS, YOU_KEEP])
@pytest.mark.parametrize("reply, picked", [
    ("yes, the vacuum", [5]),
    ("yes, the vacuum and the purifier", [2, 5]),
    ("yes please return the vacuum cleaner and the air purifier", [2, 5]),
    ("ok, just the vac", [5]),
])
def test_the_one_vacuum_the_proposal_names_is_meant(d, sc, proposal, reply, picked):
    assert r3(d, sc, proposal, reply, picked) == [], (proposal, reply)
    assert r3(d, sc, proposal, reply, [1] + picked[:-1])  # the canister one written instead


@pytest.mark.parametrize("proposal", [ONE_LISTED, CANISTER_STAYS, YOU_KEEP])
def test_a_yes_to_one_vacuum_does_not_approve_the_other(d, sc, proposal):
    ev = r3(d, sc, proposal, "yes", [1, 2])
    assert ev, proposal


@pytest.mark.parametrize("proposal", [FIVE, FIVE_YN, BOTH_NAMED])
@pytest.mark.parametrize("reply", ["yes, the vacuum", "the vacuum and the purifier please"])
@pytest.mark.parametrize("items", [[5], [1, 2]])
def test_a_proposal_naming_both_vacuums_leaves_the_vacuum_ambiguous(d, sc, proposal, reply, items):
    ev = r3(d, sc, proposal, reply, items)
    assert ev and "more than one" in ev[0], (reply, items, ev)
