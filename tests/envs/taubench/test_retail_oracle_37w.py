"""Retail R7 on what oracle labeller 23 found (/work/h37/oracle-labeller-23/report.md, finding 8), with hand-built
traces of cancel seed 4 (daiki_silva_2903, pending #W8835847).

8. "cancel #W8835847 because I don't need it. hmm no, that isn't true - I ordered the wrong thing": the take-back in
   other words ("that isn't true", "that is not true", "that ain't true", "it's false") drops the first reason, and
   "I ordered the wrong thing" (or "bought the wrong size", "didn't mean to order it") states "ordered by mistake"
   (M06: 'ordered by mistake' written passes; M07: 'no longer needed' written is R7).
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_retail_oracle_36h import NL, OM, r7


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


@pytest.mark.parametrize("first, dropped, kept", [
    ("cancel #W8835847 because I don't need it. hmm no, that isn't true - I ordered the wrong thing", NL, OM),  # M06/M07
    ("cancel #W8835847, I don't need it. That is not true, I bought the wrong size", NL, OM),
    ("cancel #W8835847 - no longer needed. that ain't true tbh, I didn't mean to order it", NL, OM),
    ("cancel #W8835847, I ordered the wrong item. it's false, I just don't need it anymore", OM, NL),
    ("cancel #W8835847 - ordered by mistake. this wasn't true, I simply don't need it", OM, NL),
])
def test_a_take_back_in_other_words_drops_the_first_reason(d, first, dropped, kept):
    ev = r7(d, first, dropped)
    assert ev and "took it back" in ev[0], (first, ev)
    assert r7(d, first, kept) == [], first


@pytest.mark.parametrize("first, written", [  # near misses: nothing taken back, or the reason after it is denied
    ("cancel #W8835847, I don't need it, that's all", NL),
    ("cancel #W8835847, I ordered it by mistake - it's true, I did - and I don't need it either", OM),
    ("cancel #W8835847, I ordered it by mistake, it is true, honestly I don't need it", OM),
    ("cancel #W8835847 - ordered by mistake. It isn't true that I don't need it, I just clicked twice", OM),
    ("cancel #W8835847 - I don't need it; that ain't true that I ordered the wrong thing", NL),
    ("cancel #W8835847, you sent me the wrong thing, I don't need it", NL),
    ("cancel #W8835847, I don't need it - my husband says I ordered the wrong thing, that isn't true", NL),
])
def test_a_reason_not_taken_back_still_counts(d, first, written):
    assert r7(d, first, written) == [], first


@pytest.mark.parametrize("first", [
    "cancel #W8835847, you sent me the wrong thing",  # the store's wrong thing, not the customer's mistake
    "cancel #W8835847, it isn't true that I ordered the wrong thing",
])
def test_no_mistake_of_the_customer_is_not_ordered_by_mistake(d, first):
    assert r7(d, first, OM), first
