"""Retail customers played against the clerk (thirty-eighth session, part p).

Findings 3, 4, 6, 8 and the retail part of 7 of fault-tester-1 (/work/h38/fault-tester-1/report.md): "cancel #W1 -
changed my mind" read as the cancel taken back, and "I changed my mind ... I ordered it by mistake" proposed as 'no
longer needed'; "what's going on with both my pending orders?" refused; "I don't have time for back and forth" and
"need it done before it ships today!!" not heard as a hurry (so skip_confirm_when_urgent never fired); a second
exchange asked in plain words after a finished exchange met with a sympathy line and a loop; "I'd prefer to deal with
someone from your team directly" not heard as an ask for a person. Each case has the tester's words, others of the
kind, and near misses that keep their old reading; fault-free conversations are checked for soundness.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, seed, lines, faults=()):
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", list(faults)), lines, "customers-38p")


# cancel 1: Emma Smith; #W2417020 (Laptop) and #W3614011 pending, #W5605613 not
EMMA = "Hi, I'm Emma Smith, zip 10192"
PROPOSE = "To confirm, I will cancel order #W2417020 because it is '{}'"


# --- 3. "changed my mind" as the reason for a cancel, not the cancel taken back ---------------------------------------
@pytest.mark.parametrize("msg, reason", [
    ("cancel #W2417020 - changed my mind", "no longer needed"),
    ("please cancel #W2417020, I changed my mind about it", "no longer needed"),
    ("cancel #W2417020 because I've changed my mind, no longer need it", "no longer needed"),
    ("please cancel #W2417020, changed my mind about it, it was a mistake order", "ordered by mistake"),
    ("I changed my mind - please cancel #W2417020. I ordered it by mistake.", "ordered by mistake"),
    ("changed my mind on #W2417020, cancel it please, bought it by accident", "ordered by mistake"),
])
def test_a_changed_mind_is_the_cancels_reason(d, msg, reason):
    t = _play(d, "cancel", 1, [EMMA, msg])
    assert PROPOSE.format(reason) in _said(t)[-1], _said(t)[-1]
    t = _play(d, "cancel", 1, [EMMA, msg, "yes"])
    _sound(t)
    assert _calls(t) == [("cancel_pending_order", {"order_id": "#W2417020", "reason": reason})]


@pytest.mark.parametrize("msg", [
    "cancel #W2417020... actually I changed my mind, don't cancel it",
    "cancel #W2417020 - oh wait, changed my mind",
    "cancel #W2417020. changed my mind, I'll keep it",
    "return the laptop from #W2417020, no wait, changed my mind",
])
def test_near_miss_a_real_take_back_proposes_nothing(d, msg):
    t = _play(d, "cancel", 1, [EMMA, msg, "yes"])
    _sound(t)
    assert _calls(t) == [] and "To confirm" not in " ".join(_said(t)), _said(t)


# --- 4. a status question about "my pending orders" is answered ----------------------------------------------------
@pytest.mark.parametrize("msg", [
    "what's going on with both my pending orders?",
    "what's happening with my two pending orders",
    "any news on my pending orders?",
    "any updates on both of my open orders?",
])
def test_pending_orders_status_is_told(d, msg):
    t = _play(d, "cancel", 1, [EMMA, msg])
    _sound(t)
    said = _said(t)[-1]
    assert "can't help with that" not in said and "Order #W2417020 is pending and contains: Laptop" in said and \
        "Order #W3614011 is pending" in said, said
    t = _play(d, "cancel", 1, [EMMA, msg], ["batch_lookups"])
    assert [v.policy for v in t.violations] == ["R10"]


# --- 6. a hurry said as no time for questions, or a deadline before shipping ----------------------------------------
@pytest.mark.parametrize("msg", [
    "cancel #W2417020 now please, I don't have time for back and forth",
    "cancel #W2417020, need it done before it ships today!!",
    "cancel #W2417020 please, I haven't got time for all the questions",
    "cancel #W2417020, it needs to be cancelled today",
])
def test_a_hurry_reaches_skip_confirm_when_urgent(d, msg):
    lines = [EMMA, msg, "ordered it by mistake"]
    t = _play(d, "cancel", 1, lines, ["skip_confirm_when_urgent"])
    assert [v.policy for v in t.violations] == ["R3"], t.violations
    t = _play(d, "cancel", 1, lines + ["yes"])  # without the fault: asked, and done only on the yes
    _sound(t)
    assert _calls(t) == [("cancel_pending_order", {"order_id": "#W2417020", "reason": "ordered by mistake"})]


@pytest.mark.parametrize("msg", [
    "cancel #W2417020, no rush",
    "can I still cancel #W2417020 before it ships?",
    "cancel #W2417020 please, take your time",
])
def test_near_miss_no_hurry_keeps_the_question(d, msg):
    t = _play(d, "cancel", 1, [EMMA, msg, "ordered it by mistake"], ["skip_confirm_when_urgent"])
    assert t.violations == [] and _calls(t) == [] and "Shall I go ahead" in _said(t)[-1], _said(t)


# --- 7. a person from the team asked for --------------------------------------------------------------------------
@pytest.mark.parametrize("msg", [
    "I'd prefer to deal with someone from your team directly",
    "I'd rather talk to somebody on your staff",
    "I want to speak with someone from customer service",
])
def test_someone_from_the_team_is_a_transfer(d, msg):
    t = _play(d, "transfer", 1, [EMMA, msg])
    _sound(t)
    assert _said(t)[-1] == "YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON."


def test_near_miss_someone_from_the_team_said_before_is_no_transfer(d):
    t = _play(d, "transfer", 1, [EMMA, "someone from your team told me #W2417020 would ship soon, has it?"])
    _sound(t)
    assert "TRANSFERRED" not in " ".join(_said(t))


# --- 8. a second exchange in plain words after a finished exchange on the same order ------------------------------
MEI = "Hi, Mei Kovacs, zip 28236"
LAMP = "the desk lamp from #W6390527 is way too bright, can I exchange it for a battery one?"


@pytest.mark.parametrize("msg", [
    "oh and while we're at it the water bottle's too small, can I get the 750ml?",
    "the water bottle is too small too, I'd like the 750ml",
    "can I also exchange the water bottle from that order for the 750ml one?",  # (worked before)
])
def test_a_second_exchange_is_told_it_can_be_done_once(d, msg):
    t = _play(d, "exchange", 2, [MEI, LAMP, "yes", msg, "yes"])
    _sound(t)
    said = _said(t)
    assert "already changed once" in said[-2] and "sorry to hear" not in said[-2], said[-2]
    assert [c[0] for c in _calls(t)] == ["exchange_delivered_order_items"]
    t = _play(d, "exchange", 2, [MEI, LAMP, "yes", msg, "yes"], ["per_item_calls"])
    assert [v.policy for v in t.violations] == ["R6"], t.violations


def test_near_miss_the_same_wish_in_a_fresh_conversation_is_proposed(d):
    t = _play(d, "exchange", 2, [MEI, "the water bottle from #W6390527 is too small, can I get the 750ml?"])
    _sound(t)
    assert "Water Bottle (500ml, glass, black, $45.13) -> (750ml" in _said(t)[-1], _said(t)[-1]
