"""Retail customers played against the fault-free clerk (thirty-seventh session, part h).

Findings 3, 1 and 2 of retail-customers-20 (/work/h37/retail-customers-20/report.md): at a two-item exchange, an
item's yes said as "no worries", "no problem", "no objection", "no complaints" or "fine by me" read as that item left
out; and at an exchange's proposal a refund or return said as indifference or refused ("whether or not there's a
refund, go ahead", "refund or not", "I don't care about the refund", "no return needed, just the swap", "don't need a
refund of the difference, go ahead") read as a return asked for, or as a no. Each case has the tester's words, others
of the kind, and near misses that keep their old reading; each conversation is checked for soundness (no violation,
no failed turn, each write right after a yes to the proposal that named it).
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, seed, lines):
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-37h")


# exchange 1: yusuf; #W2378156 (delivered: a mechanical keyboard, a smart thermostat, ...)
YUSUF = "hi, I'm Yusuf Rossi, zip 19122"
KEYBOARD = "I want to exchange the mechanical keyboard in order #W2378156 for one with clicky switches, same everything else"
BOTH = ("In order #W2378156 I want to exchange the mechanical keyboard for one with clicky switches, same everything "
        "else, and the smart thermostat for the Google Assistant black one")
KB, THERMO = "1151293680", "4983901480"


def _exchanged(t):
    return [a["item_ids"] for n, a in _calls(t) if n == "exchange_delivered_order_items"]


# --- 3. an item's yes said with "no worries", "no problem", "fine by me" keeps the item ------------------------------
@pytest.mark.parametrize("answer", [
    "keyboard ok, thermostat no worries",
    "keyboard yes, and the thermostat - no problem either",
    "the keyboard is fine by me, and the thermostat too",
    "thermostat yes, keyboard no objection",
    "keyboard: no complaints. thermostat: go for it. so yes",
    "keyboard no issues, thermostat fine with me",
])
def test_item_yes_with_no_worries_keeps_both_items(d, answer):
    t = _play(d, "exchange", 1, [YUSUF, BOTH, answer, "yes"])
    _sound(t)
    assert _exchanged(t) and all(sorted(ids) == sorted([KB, THERMO]) for ids in _exchanged(t)), _calls(t)


@pytest.mark.parametrize("answer", ["the keyboard yes, the thermostat no", "keyboard yes, thermostat no thanks"])
def test_item_no_still_drops_it(d, answer):  # near misses: as before
    t = _play(d, "exchange", 1, [YUSUF, BOTH, answer, "yes"])
    _sound(t)
    assert _exchanged(t) == [[KB]], _calls(t)


# --- 1 and 2. a refund said not to matter, or waived, is no return and no "no" ----------------------------------------
@pytest.mark.parametrize("answer", [
    "whether or not there's a refund, go ahead",
    "refund or not, go ahead",
    "I don't care about the refund, just go ahead",
    "no return needed, just the swap - yes",
    "don't need a refund of the difference, go ahead",
    "doesn't matter about the refund, go ahead",
    "with or without a refund, yes please",
])
def test_refund_waived_keeps_the_exchange(d, answer):
    t = _play(d, "exchange", 1, [YUSUF, KEYBOARD, answer, "yes"])
    _sound(t)
    assert [n for n, _a in _calls(t)] == ["exchange_delivered_order_items"], _calls(t)
    assert _exchanged(t) == [[KB]]
    assert not any("Which order is that for" in s or "I will return" in s for s in _said(t)), _said(t)


@pytest.mark.parametrize("answer", ["no, just refund it instead", "actually I'd rather return it for a refund"])
def test_refund_asked_still_switches(d, answer):  # near misses: a return asked for outright is still one
    t = _play(d, "exchange", 1, [YUSUF, KEYBOARD, answer])
    _sound(t)
    assert not _calls(t)
    assert "I will return from order #W2378156" in _said(t)[-1], _said(t)[-1]


# --- 5. the note answered, then a question: the question, the proposal kept ----------------------------------------------
@pytest.mark.parametrize("answer", [
    "no other items. does the refund go to the mastercard",
    "no other items - will the refund go to my mastercard",
    "no other items. how long does the refund take?",
])
def test_no_other_items_then_question_keeps_the_proposal(d, answer):
    t = _play(d, "exchange", 1, [YUSUF, KEYBOARD, answer])
    _sound(t)
    assert not _calls(t) and "To confirm, I will exchange" in _said(t)[-1], _said(t)[-1]
    assert "won't make that change" not in _said(t)[-1]


def test_no_other_items_go_ahead_still_writes(d):  # near miss: as before
    t = _play(d, "exchange", 1, [YUSUF, KEYBOARD, "no other items, go ahead"])
    _sound(t)
    assert _exchanged(t) == [[KB]]
