"""Retail customers played against the clerk (thirty-eighth session, part t).

Findings 3, 4, 7 and 8 (in part) of retail-customers-25 (/work/h38/retail-customers-25/report.md): a hurry that opens
with "no" ("no time for this - yes yes, do it") read as a refusal; "no, just these two. proceed" at an exchange summary
("make sure these are all the items") read as a refusal; an address change to the address the order already has
proposed and written; "which orders can I still change?" answered with the rule alone. The "no"-led yeses are asked
once for a plain yes (the consent reading takes none of them for one). Each case has the tester's words, others of the
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", list(faults)), lines, "customers-38t")


# cancel_plus 1: Olivia Lopez, pending #W9373487 (Portable Charger) and #W5481803 (kettle, hiking boots)
OLIVIA = "olivia.lopez4535@example.com"
CANCEL = "cancel #W9373487, I ordered it by mistake"
# exchange 0: Yusuf Rossi, delivered #W2378156 (keyboard, thermostat, ...)
YUSUF = "Yusuf Rossi 19122"
EXCHANGE = ("I need to exchange the keyboard and the thermostat from #W2378156 - keyboard to clicky switches, "
            "thermostat to the google assistant one")
# several_pending_edits 1: Ivan Khan, #W5782623 and #W7032009 ship to his default address already
IVAN = "Ivan Khan, 28243"
PLAIN_YES = "Just to be sure: I need a plain yes (or no) before I go ahead."
REFUSED = "All right, I won't make that change."


# --- 3. a hurry opening with "no" is no refusal -----------------------------------------------------------------
@pytest.mark.parametrize("msg", [
    "no time for this - yes yes, do it",
    "no time to chat - yes, go ahead",
    "no need to read it all out, yes",
    "not much time, yes please",
])
def test_a_hurry_opening_with_no_is_asked_again_then_written(d, msg):
    t = _play(d, "cancel_plus", 1, [OLIVIA, CANCEL, msg, "yes"])
    _sound(t)
    said = _said(t)
    assert said[-2].startswith(PLAIN_YES) and "To confirm, I will cancel order #W9373487" in said[-2], said[-2]
    assert _calls(t) == [("cancel_pending_order", {"order_id": "#W9373487", "reason": "ordered by mistake"})]


@pytest.mark.parametrize("msg", ["no time for this", "no, keep it", "no thanks"])
def test_near_miss_a_no_is_still_a_refusal(d, msg):
    t = _play(d, "cancel_plus", 1, [OLIVIA, CANCEL, msg])
    assert _calls(t) == [] and _said(t)[-1].startswith(REFUSED), _said(t)[-1]


# --- 4. "no, just these two" at "are these all the items?" -----------------------------------------------------
@pytest.mark.parametrize("msg", [
    "no, just these two. proceed",
    "nope, only those, go ahead",
    "nope just the two, yes",
    "no, just those items - go for it",
])
def test_no_just_these_is_the_whole_list_asked_again(d, msg):
    t = _play(d, "exchange", 0, [YUSUF, EXCHANGE, msg, "yes"])
    _sound(t)
    said = _said(t)
    assert said[-2].startswith(PLAIN_YES + " To confirm, I will exchange"), said[-2]
    assert "Mechanical Keyboard" in said[-2] and "Smart Thermostat" in said[-2], said[-2]
    (name, args), = _calls(t)
    assert name == "exchange_delivered_order_items" and len(args["item_ids"]) == 2, args


def test_near_miss_no_just_one_item_is_no_yes_to_both(d):
    t = _play(d, "exchange", 0, [YUSUF, EXCHANGE, "no, just the keyboard, go ahead"])
    _sound(t)
    assert _calls(t) == [] and not _said(t)[-1].startswith(PLAIN_YES), _said(t)[-1]


# --- 7. the address the order already has --------------------------------------------------------------------
@pytest.mark.parametrize("msg", [
    "please send #W5782623 to my default address",
    "ship #W5782623 to 159 Hickory Lane, Suite 995, Charlotte, NC 28243",
])
def test_the_address_the_order_has_is_said_not_proposed(d, msg):
    t = _play(d, "several_pending_edits", 1, [IVAN, msg, "yes"])
    _sound(t)
    said = _said(t)
    assert _calls(t) == [] and "To confirm" not in " ".join(said), said
    assert "Order #W5782623 already ships to 159 Hickory Lane, Suite 995" in said[-2], said[-2]


def test_near_miss_another_address_is_proposed_and_written(d):
    t = _play(d, "several_pending_edits", 1, [IVAN, "please send #W5782623 to 12 Oak Street, Austin, TX 78701", "yes"])
    _sound(t)
    assert [n for n, _ in _calls(t)] == ["modify_pending_order_address"]


# --- 8. which orders can still be changed --------------------------------------------------------------------
@pytest.mark.parametrize("msg", [
    "which orders can I still change?",
    "what orders can I still cancel?",
    "which of my orders can I still edit?",
])
def test_which_orders_can_be_changed_lists_the_pending_ones(d, msg):
    t = _play(d, "cancel_plus", 1, [OLIVIA, msg])
    _sound(t)
    assert "#W9373487" in _said(t)[-1] and "#W5481803" in _said(t)[-1], _said(t)[-1]


def test_near_miss_a_rule_question_gets_the_rule(d):
    t = _play(d, "cancel_plus", 1, [OLIVIA, "can I still cancel an order?"])
    assert _said(t)[-1].startswith("A pending order can be cancelled until it ships."), _said(t)[-1]
