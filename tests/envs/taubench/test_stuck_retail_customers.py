"""Retail customers who got stuck with the reference clerk (played by hand, twenty-fifth session), in
phrasings other than the one that was read: "hey so i want to kill order #W..." was not read as a
cancellation, and the clerk listed the order's items three times in a row while the customer said
why and said yes."""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_unseen_retail_customers import _calls, _expect, _play, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


@pytest.mark.parametrize("ask", ["hey so i want to kill order {pending_order_id}", "scrap my order {pending_order_id} please",
                                 "Can you stop order {pending_order_id}?",
                                 "please void {pending_order_id}", "nix the order {pending_order_id}"])
def test_other_words_for_a_cancellation_ask_the_reason_and_cancel_on_yes(d, ask):
    sc, t = _play(d, "cancel", [ask, "{email}", "dont need it anymore", "yep go for it"], seed=905)
    said = _said(t)
    assert any("To confirm, I will cancel order " + sc["pending_order_id"] in s for s in said), said
    _expect(t, [("cancel_pending_order", {"order_id": sc["pending_order_id"], "reason": "no longer needed"})])
    _sound(t)


def test_stop_at_a_proposal_is_still_a_no(d):
    sc, t = _play(d, "cancel", ["{email}", "cancel {pending_order_id}, ordered it by mistake", "stop"], seed=905)
    assert _calls(t) == [], _said(t)
    _sound(t)
