"""Retail customers played against the fault-free clerk (fortieth session, part h).

Black-box customers found, on the compliant taubench-retail reference agent (faults none):
- F1: follow-up questions about "it" after an action or a lookup ("when will it arrive?", "how much was it?", "is it
  refunded yet?", "what colour was it again?") were not answered from context: "how much was it?" and "what colour was
  it again?" got "Sorry, I can't help with that here" and the menu. The order (or item) just discussed answers them, or
  the clerk says plainly what it can't tell; nothing is written.
- F2: "not yet" ("not yet, let me check something first", "not yet - hold on") at a proposal or at the request's own
  question dropped the request ("All right, I won't make that change" / "No problem, I have left order #W1 as it is").
  The request stays open and the clerk waits; nothing is written.
- F3: "undo the cancellation" / "can you reverse that cancel" / "uncancel it" after an earlier cancel: "un cancel that"
  after a lookup was read as a cancel of the order looked up (a return offered), "cancel the cancellation" asked which
  order to cancel, "restore order #W1" / "uncancel #W1" got the menu. A cancelled order can't be reinstated: said
  plainly, nothing written.
- F4: a status question inside a cancel turn ("is #W1 still pending? if so please cancel it", "did #W1 ship already?
  cancel it if it didn't") became a cancel proposal without the question answered. The status comes first; the cancel
  is proposed only when the order is pending, and said why not otherwise.
"""

from __future__ import annotations

import pytest

from envs.taubench.reference_target import _holds_on
from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _said, _sound

MENU = "How can I help you today?"
SORRY = "Sorry, I can't help with that here"


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, seed, lines):
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-40h")


# cancel 1: Emma Smith; #W2417020 pending, Laptop (13-inch, i7, 32GB, 256GB SSD, space grey, $2,674.40), paid by gift
# card; #W5605613 delivered (Digital Camera)
EMMA = "hi my email is emma.smith3991@example.com"
LAPTOP, CAMERA_ORDER = "#W2417020", "#W5605613"
CANCEL_LAPTOP = [f"hi, cancel order {LAPTOP}, my email is emma.smith3991@example.com", "ordered by mistake"]
CANCELLED = ("cancel_pending_order", {"order_id": LAPTOP, "reason": "ordered by mistake"})
STATUS = [EMMA, f"what's the status of {LAPTOP}?"]


# --- F1. a follow-up question about "it" --------------------------------------------------------------------------------
@pytest.mark.parametrize("ask, wanted", [
    # the tester's words
    ("how much was it?", "$2,674.40"),
    ("what colour was it again?", "space grey"),
    ("when will it arrive?", "hasn't shipped yet"),
    ("is it refunded yet?", "no refund has been made"),
    # other ways to say it
    ("whats the total on it", "$2,674.40"),
    ("what color is it", "space grey"),
    ("so what size is it again?", "13-inch"),
    ("sorry, how much did it cost?", "$2,674.40"),
    ("and what was the price of that one?", "$2,674.40"),
    ("wait which colour did i get on that?", "space grey"),
])
def test_a_follow_up_about_it_after_a_lookup_is_answered(d, ask, wanted):
    t = _play(d, "cancel", 1, [*STATUS, ask])
    _sound(t)
    said = _said(t)[-1]
    assert wanted in said and SORRY not in said and MENU not in said, said
    assert _calls(t) == []


@pytest.mark.parametrize("ask, wanted", [
    ("how much was it?", "$2,674.40"),
    ("what colour was it again?", "space grey"),
    ("when will it arrive?", "won't be delivered"),
    ("is it refunded yet?", "refunded to your gift card"),
])
def test_a_follow_up_about_it_after_a_cancel_is_answered(d, ask, wanted):
    t = _play(d, "cancel", 1, [*CANCEL_LAPTOP, "yes", ask, "yes"])
    _sound(t)
    said = _said(t)[-2]
    assert wanted in said and SORRY not in said, said
    assert _calls(t) == [CANCELLED]  # (nothing more written, the "yes" after it included)


@pytest.mark.parametrize("ask, wanted", [("how much was it?", "$2,674.40"), ("what colour was it again?", "space grey")])
def test_a_follow_up_about_it_at_a_proposal_keeps_the_proposal(d, ask, wanted):
    t = _play(d, "cancel", 1, [*CANCEL_LAPTOP, ask])
    said = _said(t)[-1]
    assert wanted in said and said.endswith("Shall I go ahead (yes/no)?"), said
    t = _play(d, "cancel", 1, [*CANCEL_LAPTOP, ask, "yes"])
    _sound(t)
    assert _calls(t) == [CANCELLED]


def test_a_follow_up_about_it_after_an_exchange_is_of_the_item_exchanged(d):
    # exchange 25: Yara Lee; #W1341845 delivered holds an LED Light Bulb, a Mechanical Keyboard and a Bluetooth Speaker
    t = _play(d, "exchange", 25, ["yara.lee9368@example.com",
                                  "i want to exchange the keyboard in #W1341845 for tactile, white, full size", "yes",
                                  "how much was it?"])
    _sound(t)
    said = _said(t)[-1]
    assert "Mechanical Keyboard in order #W1341845 cost $233.90" in said and "LED Light Bulb" not in said, said
    assert len(_calls(t)) == 1


def test_a_follow_up_about_it_with_no_order_discussed_says_so(d):
    t = _play(d, "cancel", 1, [EMMA, "how much was it?"])
    _sound(t)
    assert "The orders on your account are: #W2417020" in _said(t)[-1], _said(t)[-1]
    assert _said(t)[-1].endswith("Which order do you mean?"), _said(t)[-1]
    assert _calls(t) == []


@pytest.mark.parametrize("ask, call", [  # near misses: a request about it is still a request
    ("change it to the silver one", None),
    ("cancel it", "cancel"),
])
def test_a_request_about_it_is_still_a_request(d, ask, call):
    t = _play(d, "cancel", 1, [*STATUS, ask])
    said = _said(t)[-1]
    if call == "cancel":
        assert "why you want to cancel" in said, said
    else:
        assert "has no" not in said and "cost $" not in said, said


# --- F2. "not yet" keeps the request open ------------------------------------------------------------------------------
NOT_YET = [
    # the tester's words
    "not yet, let me check something first",
    "not yet - hold on",
    # other ways to say it
    "not yet",
    "nope not yet",
    "no not yet, gimme a sec",
    "Not just yet... hang on",
    "hold on, let me check something first",
    "wait a sec i need to look at something",
    "umm not yet, i need to ask my husband",
    "hang on lemme check",
    "not yet!! hold on pls",
    "hold on, i haven't decided yet",
]


@pytest.mark.parametrize("line", NOT_YET)
def test_not_yet_at_a_proposal_keeps_it_open(d, line):
    t = _play(d, "cancel", 1, [*CANCEL_LAPTOP, line])
    said = _said(t)[-1]
    assert "take your time" in said and "won't make that change" not in said, said
    assert said.endswith("Shall I go ahead (yes/no)?") and "cancel order #W2417020" in said, said
    t = _play(d, "cancel", 1, [*CANCEL_LAPTOP, line, "yes"])
    _sound(t)
    assert _calls(t) == [CANCELLED]


@pytest.mark.parametrize("line", NOT_YET[:4])
def test_not_yet_at_an_option_question_keeps_the_request(d, line):
    lines = ["yara.lee9368@example.com", "i want to exchange the keyboard in #W1341845", line]
    t = _play(d, "exchange", 25, lines)
    said = _said(t)[-1]
    assert "take your time" in said and "Which option would you like for the Mechanical Keyboard" in said, said
    assert "left order" not in said and "To confirm" not in said, said  # ("first" picks no option)
    t = _play(d, "exchange", 25, [*lines, "tactile, white, full size", "yes"])
    _sound(t)
    assert [n for n, _ in _calls(t)] == ["exchange_delivered_order_items"]


@pytest.mark.parametrize("line", NOT_YET[:2])
def test_not_yet_at_the_reason_question_keeps_the_cancel(d, line):
    t = _play(d, "cancel", 1, [CANCEL_LAPTOP[0], line, "ordered by mistake", "yes"])
    _sound(t)
    assert "take your time" in _said(t)[1] and "why you want to cancel" in _said(t)[1], _said(t)[1]
    assert _calls(t) == [CANCELLED]


@pytest.mark.parametrize("line", NOT_YET[:2])
def test_not_yet_to_anything_else_waits(d, line):
    t = _play(d, "cancel", 1, [*STATUS, line])
    _sound(t)
    assert "take your time" in _said(t)[-1] and MENU not in _said(t)[-1], _said(t)[-1]


@pytest.mark.parametrize("line, kept", [  # near misses
    ("yes", True), ("no", False), ("not yet, forget it", False), ("no, don't cancel it", False),
    ("not yet, first tell me the total", True),
])
def test_other_answers_at_a_proposal_are_read_as_before(d, line, kept):
    t = _play(d, "cancel", 1, [*CANCEL_LAPTOP, line, "yes"])
    _sound(t)
    if line == "yes":
        assert _calls(t) == [CANCELLED]
    elif kept:
        assert "Shall I go ahead" in _said(t)[-2] and _calls(t) == [CANCELLED], _said(t)
    else:
        assert _calls(t) == [], _said(t)


@pytest.mark.parametrize("text, pause", [
    ("not yet delivered", False), ("it's not yet shipped", False), ("not yet, thanks", False),
    ("hold on, cancel #W2417020 instead", False), ("wait for it", False), ("hold on, is it pending?", False),
    ("not yet - hold on", True), ("no not yet, gimme a sec", True),
])
def test_a_status_said_is_no_hold(text, pause):
    assert _holds_on(text) is pause


# --- F3. a cancellation asked to be undone ---------------------------------------------------------------------------
UNDO = [
    # the tester's words
    "undo the cancellation",
    "can you reverse that cancel",
    "uncancel it",
    # other ways to say it
    "oops, can you un cancel that?",
    "cancel the cancellation",
    "can u reverse that cancel pls",
    f"undo the cancellation of {LAPTOP}",
    f"revert the cancel on {LAPTOP}",
    f"uncancel {LAPTOP}",
    f"restore order {LAPTOP}",
    "can you reactivate it?",
    "wait i changed my mind, can the cancellation be undone?",
]


@pytest.mark.parametrize("undo", UNDO)
@pytest.mark.parametrize("between", [[], [f"what's the status of {CAMERA_ORDER}?"]])
def test_an_undone_cancel_is_refused_plainly(d, undo, between):
    t = _play(d, "cancel", 1, [*CANCEL_LAPTOP, "yes", *between, undo, "yes"])
    _sound(t)
    said = _said(t)[-2]
    assert "can't be reinstated" in said and LAPTOP in said, said
    assert "return" not in said and MENU not in said and "Which order" not in said, said
    assert _calls(t) == [CANCELLED]


def test_an_undone_cancel_at_another_proposal_keeps_it(d):
    t = _play(d, "cancel", 1, [*CANCEL_LAPTOP, "yes", f"i want to return the camera in {CAMERA_ORDER}",
                               "undo the cancellation"])
    said = _said(t)[-1]
    assert "can't be reinstated" in said and said.endswith("Shall I go ahead (yes/no)?") and "return" in said, said


def test_undo_a_cancellation_with_none_made_writes_nothing(d):
    t = _play(d, "cancel", 1, [EMMA, "undo the cancellation", "yes"])
    _sound(t)
    assert "haven't cancelled any order" in _said(t)[1] and _calls(t) == [], _said(t)


@pytest.mark.parametrize("ask", ["cancel it", f"cancel {LAPTOP}"])
def test_cancel_alone_still_proposes_a_cancel(d, ask):  # near miss
    t = _play(d, "cancel", 1, [EMMA, f"what's the status of {LAPTOP}?", ask])
    assert "why you want to cancel" in _said(t)[-1], _said(t)[-1]


# --- F4. a status asked inside a cancel turn ---------------------------------------------------------------------------
@pytest.mark.parametrize("ask", [
    # the tester's words
    f"has order {LAPTOP} shipped yet? if not cancel it",
    # other ways to say it
    f"is {LAPTOP} still pending? if so please cancel it",
    f"did {LAPTOP} ship already? cancel it if it didn't",
    f"cancel {LAPTOP} unless it already shipped",
    f"if {LAPTOP} hasnt shipped yet pls cancel it",
    f"can you check whether {LAPTOP} has gone out? if it hasn't, cancel it",
])
def test_a_status_asked_with_a_cancel_is_answered_first(d, ask):
    t = _play(d, "cancel", 1, [EMMA, ask])
    said = _said(t)[-1]
    assert "hasn't shipped yet: it is still pending" in said, said
    assert said.index("still pending") < said.index("cancel for one of two reasons"), said
    t = _play(d, "cancel", 1, [EMMA, ask, "ordered by mistake", "yes"])
    _sound(t)
    assert _calls(t) == [CANCELLED]


@pytest.mark.parametrize("ask", [f"has order {CAMERA_ORDER} shipped yet? if not cancel it",
                                 f"cancel {CAMERA_ORDER} if it hasn't shipped"])
def test_a_status_asked_with_a_cancel_of_a_delivered_order_says_why_not(d, ask):
    t = _play(d, "cancel", 1, [EMMA, ask])
    _sound(t)
    said = _said(t)[-1]
    assert "already delivered, so it can't be cancelled" in said and "To confirm" not in said, said
    assert _calls(t) == []


@pytest.mark.parametrize("ask", ["has order #W2611340 shipped yet? if not cancel it",
                                 "cancel #W2611340 if it hasn't shipped"])
def test_a_status_asked_with_a_cancel_of_a_processed_order_says_it_shipped(d, ask):
    t = _play(d, "cancel", 1, ["hi my email is james.li4495@example.com", ask, "yes"])
    _sound(t)
    said = _said(t)[-2]
    assert "has already shipped" in said and "haven't cancelled it" in said, said
    assert _calls(t) == []


def test_a_plain_cancel_is_proposed_as_before(d):  # near miss: no status asked, no status said
    t = _play(d, "cancel", 1, [EMMA, f"cancel {LAPTOP}, ordered by mistake"])
    said = _said(t)[-1]
    assert said.startswith("To confirm, I will cancel order #W2417020") and "still pending" not in said, said
