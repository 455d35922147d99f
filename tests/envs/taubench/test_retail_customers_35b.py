"""Retail customers played against the fault-free clerk (thirty-fifth session, part b).

Findings of retail-customers-16 (/work/h35/retail-customers-16/report.md). 6: a return, a cancellation and an item
change in one message ("... also the pet bed order i dont need anymore so cancel that, and the earbuds can they be black
instead of white") sent the clerk into a RecursionError: the item change found nothing to change in the earbuds' order,
moved to the pet bed's order (the pet bed being "not there"), found nothing there either, and moved back, without end;
every later reply was empty. Each case has the tester's words, others of the kind, and near misses; each conversation
is checked for soundness (no violation, no failed turn, each write right after a yes to the proposal that named it).
"""

from __future__ import annotations

import pytest

from envs.taubench import reference_target as rt
from envs.taubench.language import item_verbs
from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, seed, lines):
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-35b")


def _writes(t):
    return [(name, args.get("order_id"), args.get("item_ids"), args.get("new_item_ids")) for name, args in _calls(t)]


def _alive(t):
    """No target error, and every reply of the clerk says something."""
    assert not t.meta.get("errors"), t.meta.get("errors")
    replies = [m.get("content") for m in t.messages if m["role"] == "assistant" and not m.get("tool_calls")]
    assert all(replies), replies


# --- 6. a return, a cancellation and a wish for another option in one message --------------------------------------------
DAIKI = "daiki muller 94157"  # mixed_pending_delivered 5001: #W5961635 delivered (boots), #W7822344 pending (kettle +
# pet bed), #W6790887 pending (dumbbells + earbuds)
BOOTS = ("return_delivered_order_items", "#W5961635", ["6546364613"], None)
EARBUDS_BLACK = ("modify_pending_order_items", "#W6790887", ["2052249669"], ["4063058357"])


@pytest.mark.parametrize("ask", [
    "boots dont fit, want to return them, also the pet bed order i dont need anymore so cancel that, and the earbuds can "
    "they be black instead of white",  # the tester's
    "return the boots please, they don't fit. also cancel the pet bed order, no longer needed, and the earbuds, could "
    "they be black instead of white?",
    "the boots don't fit so I'd like to return them, and cancel the pet bed order since I don't need it, plus the earbuds "
    "in black instead of white",
    # (not here: "cancel the pet bed order as I no longer need it, and the earbuds could they be black" still proposes
    # cancelling the earbuds' order too, finding 1's kind, fixed apart)
])
def test_a_return_a_cancel_and_a_wish_never_loop(d, ask):
    t = _play(d, "mixed_pending_delivered", 5001, [f"{DAIKI} - {ask}", "yes", "yes", "yes", "yes"])
    _sound(t)
    _alive(t)
    writes = _writes(t)
    assert writes[0] == BOOTS, _said(t)
    assert EARBUDS_BLACK in writes, _said(t)  # the wish is taken up as the earbuds' change
    assert ("cancel_pending_order", "#W6790887", None, None) not in writes, _said(t)  # the earbuds' order is kept


def test_the_same_in_another_scenario(d):
    t = _play(d, "mixed_pending_delivered", 5002, [
        "evelyn hernandez 92139 - sunglasses dont suit me, want to return them, also the grill order i dont need anymore "
        "so cancel that, and the desk lamp can it be white instead of black", "yes", "yes", "yes", "yes"])
    _sound(t)
    _alive(t)
    assert [w[0] for w in _writes(t)][:2] == ["return_delivered_order_items", "modify_pending_order_items"], _said(t)
    assert ("cancel_pending_order", "#W4895606", None, None) not in _writes(t), _said(t)


def test_near_miss_the_change_said_with_its_verb(d):
    t = _play(d, "mixed_pending_delivered", 5001, [
        f"{DAIKI} - boots dont fit, want to return them, also the pet bed order i dont need anymore so cancel that, and "
        "change the earbuds to black", "yes", "yes"])
    _sound(t)
    _alive(t)
    assert _writes(t) == [BOOTS, EARBUDS_BLACK], _said(t)


@pytest.mark.parametrize("text, want", [
    ("return the boots, and the earbuds can they be black instead of white", {"Hiking Boots": {"return"},
                                                                             "Wireless Earbuds": {"items"}}),
    ("return the boots. also the earbuds could they be black", {"Hiking Boots": {"return"},
                                                               "Wireless Earbuds": {"items"}}),
    # near misses: the wish is the returned item's own, or no clause lies between
    ("return the boots, they should be a size bigger", {"Hiking Boots": {"return"}}),
    ("return the boots and the earbuds", {"Hiking Boots": {"return"}, "Wireless Earbuds": {"return"}}),
    ("return the earbuds, can they be refunded to my card", {"Wireless Earbuds": {"return"}}),
])
def test_a_wish_in_an_items_own_clause_is_a_change(text, want):
    assert item_verbs([text], ["Hiking Boots", "Wireless Earbuds"]) == want


def test_a_planning_loop_ends_with_a_question_not_a_recursion_error(d, monkeypatch):
    """Whatever a message does to the planning, it nests only so deep: a loop (forced here) ends the turn with a
    question and nothing proposed, and the conversation goes on."""
    real = rt.ReferenceTarget._propose

    def looping(self, turn, o, notes=None):
        return self._plan(turn)  # a plan that takes itself up again, without end

    monkeypatch.setattr(rt.ReferenceTarget, "_propose", looping)
    t = _play(d, "mixed_pending_delivered", 5001, [f"{DAIKI} - cancel the pet bed order, no longer needed", "yes"])
    assert not t.meta.get("errors"), t.meta.get("errors")
    said = _said(t)
    assert said[0] == rt.LOST, said
    assert _calls(t) == []
    monkeypatch.setattr(rt.ReferenceTarget, "_propose", real)


# --- 10. one item of a pending order asked to be cancelled ----------------------------------------------------------------
SOFIA = "sofia.thomas3069@example.com"  # several_pending_edits 5001: #W7619352 pending, four items (toothbrush among them)
WHOLE = ("cancel_pending_order", "#W7619352", None, None)


@pytest.mark.parametrize("ask", [
    "i only want to cancel the toothbrush from my order, not needed anymore",  # the tester's
    "can you cancel just the electric toothbrush? I no longer need it",
    "please cancel the toothbrush in my order, ordered it by mistake",
])
def test_one_item_to_cancel_is_asked_about_not_proposed(d, ask):
    t = _play(d, "several_pending_edits", 5001, [SOFIA, ask, "yes"])
    _sound(t)
    said = _said(t)
    assert "only be cancelled as a whole" in said[1], said[1]
    assert "To confirm" not in said[1] and "Would you like me to cancel the whole order?" in said[1], said[1]
    assert _calls(t) == []  # the first yes only takes up the whole order's cancellation, listed for its own yes
    assert "To confirm, I will cancel order #W7619352" in said[2], said[2]


def test_a_yes_to_the_whole_order_then_cancels_it_with_the_reason_given(d):
    t = _play(d, "several_pending_edits", 5001, [SOFIA, "i only want to cancel the toothbrush from my order, not needed "
                                                 "anymore", "ok yes cancel the whole order", "yes"])
    _sound(t)
    assert _writes(t) == [WHOLE], _said(t)
    assert _calls(t)[0][1]["reason"] == "no longer needed"


@pytest.mark.parametrize("no", ["no keep it", "no", "no thanks, leave the order as it is"])
def test_a_no_to_the_whole_order_leaves_it(d, no):
    t = _play(d, "several_pending_edits", 5001, [SOFIA, "i only want to cancel the toothbrush from my order, not needed "
                                                 "anymore", no, "yes"])
    _sound(t)
    assert _calls(t) == [], _said(t)


def test_near_miss_the_whole_order_asked_for_is_proposed_at_once(d):
    t = _play(d, "several_pending_edits", 5001, [SOFIA, "cancel the whole order with the toothbrush, not needed anymore",
                                                 "yes"])
    _sound(t)
    assert _writes(t) == [WHOLE], _said(t)
