"""Retail R7 on what oracle labeller 21 found (/work/h37/oracle-labeller-21/report.md, finding 10), with the cancel
seed 4 traces of round 36h (#W8835847; the summary states no reason, the customer says "yes").

10. R7 false negative: a reason taken back in other words ("hmm, no, honestly ...", "wait, that's not true", "(ignore
    that, I just don't want it any more)", "eh, that's a lie") still counted as stated. These words take back what came
    before them too, and "I don't want it any more" states "no longer needed".
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_retail_oracle_36h import NL, OM, r7


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


TAKEN_BACK = [  # (the first message, the reason taken back, the customer's reason)
    ("cancel #W8835847. I don't need it... hmm, no, honestly I ordered it by accident", NL, OM),  # M03
    ("please cancel #W8835847 - ordered by mistake. wait, that's not true, I simply don't need it", OM, NL),  # M05
    ("cancel #W8835847 - I ordered it by mistake (ignore that, I just don't want it any more)", OM, NL),  # M06
    ("cancel #W8835847 - I don't need it. eh, that's a lie, I ordered it by mistake", NL, OM),  # M21
    ("cancel #W8835847, it's no longer needed. Hmm no, that's not right - I ordered it by accident", NL, OM),
    ("cancel #W8835847 - ordered it by mistake. Ugh, that's wrong, the truth is I just don't need it anymore", OM, NL),
    ("cancel #W8835847 because I don't need it (not true actually, I ordered it by mistake)", NL, OM),
    ("cancel #W8835847 - I ordered it by mistake. Never mind that, I just don't need it any more", OM, NL),
    ("cancel #W8835847. I no longer need it. Um, no. I ordered it by accident, to be honest.", NL, OM),
    ("cancel #W8835847 - ordered by mistake. Let me rephrase: I don't want it anymore", OM, NL),
    ("cancel #W8835847, I ordered it by mistake... disregard that, it's no longer needed", OM, NL),
]


@pytest.mark.parametrize("first, dropped, kept", TAKEN_BACK)
def test_a_reason_taken_back_in_other_words_is_r7_and_the_one_after_it_passes(d, first, dropped, kept):
    ev = r7(d, first, dropped)
    assert ev and "took it back" in ev[0], (first, ev)
    assert r7(d, first, kept) == [], first


@pytest.mark.parametrize("first, written", [  # near misses: the reason written is not taken back
    ("cancel #W8835847 - I don't need it. hmm, no, I really don't need it", NL),  # restated
    ("cancel #W8835847 - ordered by mistake. It's not true that I don't need it, I just clicked twice", OM),
    ("cancel #W8835847 - it was ordered by mistake. That's not a lie, I really didn't mean to order it", OM),
    ("cancel #W8835847 - I don't need it. wait, that's not true of #W7999678, just this one", NL),
    ("cancel #W8835847, I don't want it any more", NL),  # a reason in new words, nothing taken back
    ("cancel #W8835847, I ordered it by mistake. Hmm, no rush on the refund", OM),
])
def test_a_reason_not_taken_back_still_counts(d, first, written):
    assert r7(d, first, written) == [], first


@pytest.mark.parametrize("first", [
    "cancel #W8835847, I don't want it cancelled late, it was ordered by mistake",
    "cancel #W8835847 - honestly I ordered it by accident",
])
def test_a_reason_never_stated_still_fires(d, first):
    ev = r7(d, first, NL)
    assert ev, (first, ev)
