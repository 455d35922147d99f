"""Retail customers played against the fault-free clerk (twenty-ninth session, third fix round), in the testers'
words and in others. The cases come from retail-customers-3 (/work/h29/retail-customers-3/report.md, reproducers
repro.py): F4 a change asked for at an exchange proposal ("yes, but make the speaker blue with 20 hours instead")
lost the colour named, because it was the item's own, and dropped the other item; F2's ordinals ("yes to the first,
no to the second" over two orders) met with "Before you go"; F7 a yes with a question or a condition met with the
same proposal again and again, the question never answered; F8 "yes ship it there, thanks!" read as a goodbye;
and the lead's brief: a "no" that is not at the start of the message ("hmm ok then no, keep it") read as a goodbye.
Each conversation is also checked for soundness: no failed turn, no verifier violation, each write right after a
yes to the proposal that named it.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_unseen_retail_customers import _expect, _play, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


# --- F4. a change at an exchange proposal: the value named last wins, the other item stays ----------------------
# exchange, held-out seed 700: Mia Thomas, delivered #W6872071 (Pet Bed small/fleece/grey, Bluetooth Speaker
# blue/10 hours/yes, ...)
_MIA = "mia.thomas7243@example.com"
_TWO = "exchange the pet bed for a large one and the speaker for a red one"
_PET_BED, _SPEAKER = "5109407456", "4716977452"
_BLUE_20H = "3254583681"  # Bluetooth Speaker (blue, 20 hours, yes)


@pytest.mark.parametrize("change", [
    "yes, but make the speaker blue with 20 hours instead",
    "ok but for the speaker i'd rather have blue and 20 hours",
    "sounds good, but the speaker should be blue with 20 hours battery",
])
def test_a_change_back_to_the_items_own_colour_is_proposed_and_the_other_item_kept(d, change):
    _, t = _play(d, "exchange", [_MIA, _TWO, change], seed=700)
    last = _said(t)[-1]
    assert "Pet Bed" in last and "(blue, 20 hours, yes" in last, last
    _, t = _play(d, "exchange", [_MIA, _TWO, change, "yes"], seed=700)
    _expect(t, [("exchange_delivered_order_items", {"order_id": "#W6872071", "item_ids": [_PET_BED, _SPEAKER]})])
    new = [c["function"]["arguments"] for m in t.messages for c in m.get("tool_calls") or []
           if c["function"]["name"] == "exchange_delivered_order_items"]
    assert _BLUE_20H in new[0], new
    _sound(t)


@pytest.mark.parametrize("line", [
    "exchange the speaker: I want the red one instead of the blue",
    "please exchange my blue speaker for a red one",
])
def test_the_items_own_colour_said_to_describe_it_is_not_the_new_one(d, line):
    _, t = _play(d, "exchange", [_MIA, line], seed=700)
    last = _said(t)[-1]
    assert "-> (red," in last, last
    _sound(t)


# --- a "no" later in the message at a cancel proposal is a no, not a goodbye -------------------------------------
# transfer, held-out seed 730: Mason Li, pending #W2392556 (Desk Lamp)
_MASON = "mason.li4862@example.com"
_LAMP = "cancel the desk lamp order, ordered by mistake"


@pytest.mark.parametrize("answer", [
    "hmm ok then no, keep it",
    "then no, I will keep the order",
    "thinking about it... no, leave it as it is",
    "ok so no, I'll keep it then",
])
def test_a_no_after_a_few_words_declines_the_proposal(d, answer):
    _, t = _play(d, "transfer", [_MASON, _LAMP, answer], seed=730)
    last = _said(t)[-1]
    assert "Before you go" not in last and "won't make that change" in last, last
    _expect(t, None)
    _sound(t)


@pytest.mark.parametrize("answer", ["yes", "yes please go ahead"])
def test_a_plain_yes_to_the_same_proposal_still_cancels(d, answer):
    _, t = _play(d, "transfer", [_MASON, _LAMP, answer], seed=730)
    _expect(t, [("cancel_pending_order", {"order_id": "#W2392556", "reason": "ordered by mistake"})])
    _sound(t)


# --- F2's ordinals: "yes to the first, no to the second" over two orders -------------------------------------------
# modify_items, held-out seed 712: Harper Kim, pending #W8121088 (Espresso Machine ...) and #W5030602 (Tea Kettle ...)
_HARPER = "harper.kim4003@example.com"
_BOTH = "cancel the kettle order and the espresso order, don't need them"


@pytest.mark.parametrize("answer", [
    "yes to the first, no to the second",
    "the first one yes, the second one no",
    "first yes, second no",
])
def test_yes_to_the_first_no_to_the_second_cancels_only_the_first_named(d, answer):
    # the customer named the kettle order (#W5030602) first; the clerk proposed the espresso order (#W8121088) first
    _, t = _play(d, "modify_items", [_HARPER, _BOTH, answer], seed=712)
    last = _said(t)[-1]
    assert "leave order #W8121088 as it is" in last and "To confirm, I will cancel order #W5030602" in last, last
    _, t = _play(d, "modify_items", [_HARPER, _BOTH, answer, "yes"], seed=712)
    assert "To confirm" not in _said(t)[-1], _said(t)[-1]  # the order refused is not proposed after the yes
    _expect(t, [("cancel_pending_order", {"order_id": "#W5030602"})])
    _sound(t)


@pytest.mark.parametrize("answer", ["no to the first, yes to the second", "the first no, the second yes"])
def test_no_to_the_first_yes_to_the_second_cancels_only_the_second_named(d, answer):
    _, t = _play(d, "modify_items", [_HARPER, _BOTH, answer], seed=712)
    last = _said(t)[-1]
    assert "leave order #W5030602 as it is" in last and "To confirm, I will cancel order #W8121088" in last, last
    _, t = _play(d, "modify_items", [_HARPER, _BOTH, answer, "yes"], seed=712)
    assert "To confirm" not in _said(t)[-1], _said(t)[-1]
    _expect(t, [("cancel_pending_order", {"order_id": "#W8121088"})])
    _sound(t)


# --- F7. a yes with a question or a condition: answered, then done or asked once --------------------------------
@pytest.mark.parametrize("answer", [
    "yep, do it. also what's my gift card balance?",
    "YES. and my gift card balance?",
    "yes please. btw how much is left on my gift card?",
])
def test_a_yes_with_a_balance_question_gets_the_balance_then_the_proposal_once(d, answer):
    # (a yes naming a method the proposal does not name is no plain yes to the verifier: the proposal is asked once
    # more, after the answer, and a plain yes then cancels)
    _, t = _play(d, "transfer", [_MASON, _LAMP, answer, "yes"], seed=730)
    said = _said(t)
    assert "balance $" in said[-2].split("To confirm")[0] and "To confirm, I will cancel" in said[-2], said[-2]
    _expect(t, [("cancel_pending_order", {"order_id": "#W2392556"})])
    _sound(t)


@pytest.mark.parametrize("answer", [
    "yes do it, and tell me my gift card balance",
    "yes if it goes back to my gift card",
    "yes but only if the refund goes back to my gift card",
])
def test_a_yes_with_a_request_or_condition_is_answered_before_the_proposal(d, answer):
    _, t = _play(d, "transfer", [_MASON, _LAMP, answer, answer], seed=730)
    said = _said(t)
    assert "gift card" in said[-2].split("To confirm")[0].lower(), said[-2]
    assert "gift card" in said[-1].split("To confirm")[0].lower(), said[-1]
    _expect(t, None)
    _, t = _play(d, "transfer", [_MASON, _LAMP, answer, "yes"], seed=730)
    _expect(t, [("cancel_pending_order", {"order_id": "#W2392556"})])
    _sound(t)


# --- F8. a yes with an ordinary addition is no goodbye ---------------------------------------------------------
# address, held-out seed 711: Chen Anderson, pending #W1348788
_CHEN = "chen.anderson4495@example.com"
_MOVE = "change address of W1348788 to 355 Harbor Street, Portland, OR 97205"


@pytest.mark.parametrize("answer", ["yes ship it there, thanks!", "yes, send it there, thank you", "yes that's right, thanks!"])
def test_a_yes_with_thanks_is_not_met_with_before_you_go(d, answer):
    _, t = _play(d, "address", [_CHEN, _MOVE, answer], seed=711)
    assert "Before you go" not in " ".join(_said(t)), _said(t)
    _sound(t)


@pytest.mark.parametrize("answer", ["yes thanks", "yes, please send it to 355 Harbor Street"])
def test_a_yes_the_verifier_reads_as_plain_changes_the_address(d, answer):
    _, t = _play(d, "address", [_CHEN, _MOVE, answer], seed=711)
    _expect(t, [("modify_pending_order_address", {"order_id": "#W1348788", "zip": "97205"})])
    _sound(t)


@pytest.mark.parametrize("answer", ["no thanks, that's all", "thanks, that's all for now"])
def test_a_goodbye_at_the_proposal_still_says_nothing_was_done(d, answer):
    _, t = _play(d, "address", [_CHEN, _MOVE, answer], seed=711)
    last = _said(t)[-1]
    assert "haven't" in last or "won't make that change" in last, last
    _expect(t, None)
    _sound(t)


@pytest.mark.parametrize("answer", ["yes to the first, no to the second", "first no, second yes"])
def test_ordinals_over_two_orders_named_by_id_follow_the_ids_order(d, answer):
    line = "cancel W8121088 and W5030602, i don't need them"
    _, t = _play(d, "modify_items", [_HARPER, line, answer, "yes"], seed=712)
    assert "To confirm" not in _said(t)[-1], _said(t)[-1]
    kept = "#W8121088" if answer.startswith("yes") else "#W5030602"
    _expect(t, [("cancel_pending_order", {"order_id": kept})])
    _sound(t)
