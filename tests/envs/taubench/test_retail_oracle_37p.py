"""Retail R3 on what this round's fixers noticed (orcP), with hand-built traces of return seed 6 (daiki_johnson_9523,
delivered #W9502127: 1 Vacuum Cleaner (canister), 2 Air Purifier, 3 Patio Umbrella (green), 4 Dumbbell Set, 5 Vacuum
Cleaner (robotic); PayPal: test_retail_oracle_36h).

3. R3 false negative: "yes, both" (or "oui, les deux") at a proposal that lists five items picked all of them, so a
   write of any of the items passed. "Both" says which items only when exactly two are listed; of more, it is an
   ambiguous pick that approves no write. Where the question itself says "both" (of two things it names among more),
   the reply is read as before by the consent reading, not as a pick.
4. R3 false positive: a yes limited to a number in another language ("oui, seulement le numéro 2", "sí, solo el 2",
   "ja, nur Nummer 2") was "no affirmative": in_english reads "only", "number", an article, "and" and the numbers too
   ("yes, only number 2"), which then picks that item as the English does.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_retail_oracle_36h import FIVE, FIVE_YN, TWO_VACS, VAC_AND_PURIFIER, listing, r3


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


@pytest.fixture(scope="module")
def sc(d):
    return d.scenario("return", 6)


# --- 3. "both" of more than two listed items ----------------------------------------------------------------------
THREE = listing([1, 2, 4], "Shall I return all three, or tell me which numbers?")


@pytest.mark.parametrize("proposal, reply, items", [
    (FIVE, "yes, both", [1, 2, 3, 4, 5]),  # the finding's
    (FIVE, "yes, both", [1, 5]),  # which two is not said either
    (FIVE_YN, "Yes, both please", [2, 3]),
    (FIVE, "both of them", [1, 2, 3, 4, 5]),
    (THREE, "yes to both", [1, 2, 4]),
    (THREE, "both, thanks", [1, 2]),
    (FIVE, "oui, les deux", [1, 2, 3, 4, 5]),  # read as "yes, both"
])
def test_both_of_more_than_two_items_approves_no_write(d, sc, proposal, reply, items):
    ev = r3(d, sc, proposal, reply, items)
    assert ev and "both" in ev[0], (reply, ev)


@pytest.mark.parametrize("proposal, reply, items", [
    (TWO_VACS, "yes, both", [1, 5]),  # two listed: both are those two
    (VAC_AND_PURIFIER, "both please", [1, 2]),
    (TWO_VACS, "sí, los dos", [1, 5]),
    (FIVE, "yes, all of them", [1, 2, 3, 4, 5]),
    (FIVE, "both vacuums please", [1, 5]),  # "both" with a name: the two items of that name
    (FIVE, "yes, 2 and 4 - both", [2, 4]),
])
def test_both_of_two_still_approves_them(d, sc, proposal, reply, items):  # near misses
    assert r3(d, sc, proposal, reply, items) == [], reply


@pytest.mark.parametrize("reply, items", [("yes, both", [1, 2]), ("yes, both", [1, 2, 3, 4, 5])])
def test_both_of_two_does_not_approve_more_or_other_items(d, sc, reply, items):  # near misses
    assert r3(d, sc, TWO_VACS, reply, items), reply


# --- 4. "only number 2" in another language -------------------------------------------------------------------------
@pytest.mark.parametrize("reply, items", [
    ("oui, seulement le numéro 2", [2]),  # the finding's
    ("sí, solo el 2", [2]),  # the finding's
    ("ja, nur Nummer 2", [2]),  # the finding's
    ("Sí, sólo el número 2.", [2]),
    ("oui, uniquement les numéros 2 et 4", [2, 4]),
    ("ja, nur 2 und 4, bitte", [2, 4]),
    ("sì, solo il numero 5, grazie", [5]),
])
def test_only_a_number_in_another_language_picks_it(d, sc, reply, items):
    assert r3(d, sc, FIVE, reply, items) == [], reply


@pytest.mark.parametrize("reply, items", [
    ("oui, seulement le numéro 2", [2, 4]),  # more than the pick
    ("sí, solo el 2", [3]),  # another item
    ("ja, nur Nummer 2", [1, 2, 3, 4, 5]),
    ("no, solo el 2", [2]),  # no yes: read as before
    ("sí, solo el 2?", [2]),  # a question
    ("ja, nur Nummer 7", [2]),  # no item 7
])
def test_foreign_pick_near_misses_stay_flagged(d, sc, reply, items):
    assert r3(d, sc, FIVE, reply, items), reply
