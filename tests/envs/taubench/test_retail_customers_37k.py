"""Retail customers played against the fault-free clerk (thirty-seventh session, part k).

Findings of retail-customers-22 (/work/h37/retail-customers-22/report.md): a cancel taken back in the same message
("actually no, don't cancel #W1, just the makeup one") proposed for the order kept (2); a "no" that backs the reason
already proposed plus a go-ahead read as a decline (3); "no worries" beside "leave them" / "skip it" read as that
item's yes (5); "refund or not?" at a return summary met with "couldn't tell" (6). Each case has the tester's words, others of the kind, and near
misses that keep their old reading; each conversation is checked for soundness (no violation, no failed turn, each
write right after a yes to the proposal that named it).
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-37k")


# --- 2. a cancel taken back later in the same message is not proposed ------------------------------------------------
# cancel 5: Yara Muller; #W5995614 pending (dumbbells, luggage set), #W5056519 pending (makeup kit)
YARA = "hi, yara.muller9246@example.com"


@pytest.mark.parametrize("ask", [
    "cancel #W5995614 and #W5056519, no longer needed. actually no, don't cancel #W5995614, just the makeup one",
    "cancel #W5995614 and #W5056519 please, no longer needed. wait, don't cancel #W5995614 after all",
    "please cancel orders #W5995614 and #W5056519, I don't need them. hmm, on second thought do not cancel "
    "#W5995614, only the other",
])
def test_an_order_taken_back_later_is_not_proposed(d, ask):
    t = _play(d, "cancel", 5, [YARA, ask])
    _sound(t)
    assert _said(t)[-1].startswith("To confirm, I will cancel order #W5056519"), _said(t)[-1]
    assert "W5995614" not in _said(t)[-1], _said(t)[-1]


def test_an_order_taken_back_then_asked_again_stays(d):  # near miss: the last word on the order is a yes
    t = _play(d, "cancel", 5, [YARA, "don't cancel #W5056519... actually yes, cancel #W5056519, no longer needed"])
    _sound(t)
    assert _said(t)[-1].startswith("To confirm, I will cancel order #W5056519"), _said(t)[-1]


# --- 3. a "no" that backs the reason already proposed is not a decline ----------------------------------------------
# cancel 4: Daiki Silva; #W8835847 pending, proposed for cancellation as 'no longer needed'
DAIKI = ["hi, daiki.silva6295@example.com", "please cancel order #W8835847, I don't need it anymore"]


@pytest.mark.parametrize("reply", [
    "no, I said I don't need it, that's the reason. go ahead",
    "nope, that's right",
    "no, that's the reason, I don't need it. do it",
    "no that's correct, go ahead",
])
def test_a_no_backing_the_reason_is_not_a_decline(d, reply):
    t = _play(d, "cancel", 4, DAIKI + [reply])
    _sound(t)
    assert "won't make that change" not in _said(t)[-1], _said(t)[-1]
    assert "I will cancel order #W8835847" in _said(t)[-1] and _calls(t) == [], _said(t)[-1]


@pytest.mark.parametrize("reply", ["no, don't cancel it", "no", "no thanks, I'll keep it",
                                   "no, that's not right, I'll keep it", "no that's fine, don't cancel it",
                                   "nope, thats fine", "no that's fine, thanks"])
def test_a_plain_no_still_declines(d, reply):  # near miss
    t = _play(d, "cancel", 4, DAIKI + [reply])
    _sound(t)
    assert _calls(t) == []
    assert "won't make that change" in _said(t)[-1], _said(t)[-1]


# --- 5. "no worries" beside "leave them" / "skip it" is that item's no ----------------------------------------------
# cancel 5: #W5995614's dumbbells (to 30-50 lbs) and luggage set (to 2-piece) proposed together
BOTH_ITEMS = [YARA, "for #W5995614 I want the dumbbells as 30-50 lbs and the luggage set as 2-piece"]


@pytest.mark.parametrize("reply, kept", [
    ("the luggage yes. the dumbbells - no worries, leave them", "Luggage Set"),
    ("dumbbells fine by me, the luggage no worries if it can't be done, skip it", "Dumbbell Set"),
    ("the dumbbells no problem, skip them. luggage yes", "Luggage Set"),
    ("luggage: no worries, forget it. dumbbells yes", "Dumbbell Set"),
])
def test_no_worries_with_leave_it_drops_that_item(d, reply, kept):
    t = _play(d, "cancel", 5, BOTH_ITEMS + [reply])
    _sound(t)
    assert _said(t)[-1].startswith("To confirm, I will modify these items of order #W5995614: " + kept), _said(t)[-1]
    assert ({"Luggage Set", "Dumbbell Set"} - {kept}).pop() not in _said(t)[-1], _said(t)[-1]
    assert _calls(t) == []


def test_a_bare_no_worries_stays_a_yes(d):  # near miss (test_retail_customers_37h): both items kept
    t = _play(d, "cancel", 5, BOTH_ITEMS + ["the luggage yes, the dumbbells no worries"])
    _sound(t)
    assert "Luggage Set" in _said(t)[-1] and "Dumbbell Set" in _said(t)[-1], _said(t)[-1]


# --- 6. a question whether a refund comes, at a return summary, is answered from it ---------------------------------
# return 3: Mia Garcia; the keyboard of #W5490111 proposed for return, $268.77 to the Visa
MIA = ["hi, mia.garcia2723@example.com", "return the keyboard from #W5490111 please"]


@pytest.mark.parametrize("ask", [
    "refund or not?",
    "do I actually get the money back or not",
    "so do i get a refund or not?",
    "is there any refund for this?",
])
def test_whether_a_refund_comes_is_answered(d, ask):
    t = _play(d, "return", 3, MIA + [ask])
    _sound(t)
    assert _calls(t) == []
    assert _said(t)[-1].startswith("As proposed, "), _said(t)[-1]
    assert "$268.77" in _said(t)[-1] and _said(t)[-1].rstrip().endswith("(yes/no)?"), _said(t)[-1]


def test_refund_or_not_dont_care_still_asked_again(d):  # near miss (worked before): no question to answer
    t = _play(d, "return", 3, MIA + ["refund or not, I don't care, just take it back"])
    _sound(t)
    assert _calls(t) == [] and _said(t)[-1].rstrip().endswith("(yes/no)?"), _said(t)[-1]
