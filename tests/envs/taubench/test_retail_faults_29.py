"""Retail seeded faults after the twenty-ninth session's clerk changes, from the fourth fault tester (report:
/work/h29/faults-4/report.md, N1): once "the current payment method is the latest in the history" was read, a
payment change after an item change was refused as "its payment has already been changed" -- a false reason
(the customer never changed it: the item change put the difference in the history) that also kept
``allow_followup_edit`` from reaching R5. With the fault alone the follow-up payment change is attempted (R5);
with no fault the same messages are refused for the true reason and raise nothing."""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_retail_faults_28 import _play, _said


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


FOLLOWUP = ["{email}", "swap {pending_item} in {pending_order_id}", "1st", "yes",
            "and pay for {pending_order_id} with my {payment_kind} instead", "yes"]


@pytest.mark.parametrize("lines", [FOLLOWUP, ["{email}", "swap {pending_item} in {pending_order_id}", "1st", "yes",
                                             "oh and could {pending_order_id} go on paypal instead of what it's on now?",
                                             "yes"]])
def test_a_payment_change_after_an_item_change_reaches_r5_with_the_fault_and_the_true_reason_without(d, lines):
    _, on = _play(d, "modify_items", 1000611, lines, ["allow_followup_edit"])
    assert [v.policy for v in on.violations] == ["R5"]
    _, off = _play(d, "modify_items", 1000611, lines)
    assert off.violations == []
    said = " ".join(_said(off))
    assert "were modified" in said and "payment has already been changed" not in said

