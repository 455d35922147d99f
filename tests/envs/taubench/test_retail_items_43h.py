"""Replies at a one-item (or one-order) proposal that widen it, ask about another order, or put another item in its
place, played against the fault-free clerk (forty-third session, fixer h; /work/h43/retA/REPORT.md 1.A, 1.A2, 1.B,
1.C and 3).

What was wrong, in the tester's words:
- A: "yes, both" at a one-item proposal on a two-item order: "the agent writes only the proposed item, and that uses up
  the order's single return, exchange or modify" (return_delivered_order_items item_ids ["1437889264"] after "To
  confirm, I will return from order #W2430890: Hiking Boots ..."; the Smart Watch could no longer be returned). Same for
  "sure, both", "yes to both", "yep both", "yes, all of them", "yes, each of them", "yes, return both", "yes, for both";
  and "yes, both orders" / "yes, all of them" at a one-order cancel or address change "writes the first order and drops
  the second without saying so".
- A2: "yes, and the other one too": "the agent promises to come back to the rest, writes one item, and never comes
  back"; "yes, plus the smart watch", "yes, include the watch", ... "the agent repeats the boots-only proposal and drops
  the watch without a word".
- B: "wait, what's in order #W3176007?" at "To confirm, I will cancel order #W2989580 ...": "All right, order #W3176007
  then. To confirm, I will cancel order #W3176007" and the next yes cancelled it.
- C: "let's return the watch instead": "the agent proposes, and then writes, both items"; "the watch instead" / "can we
  do the watch instead?" began an exchange; "change it to the watch" / "switch to the smart watch please" got "can't
  both return and exchange".
- 3: "no, the other one" at a return of the Smartphone of #W3155037 (Laptop + Smartphone): "All right, order #W4398027
  then ... To confirm, I will return ... Smartphone"; "oops, I meant the other item" -> "I couldn't tell what you'd
  like to change".

Each case has the tester's words, other phrasings of the kind, and near misses that keep their reading; the item ids
and order ids of every write are checked, and each conversation for soundness.
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
    sc = d.scenario(family, seed)
    return play_messages(d, sc, d.make_target("reference", []), lines, "items-43h")


# mixed_pending_delivered 20: juan_nguyen_7430, delivered #W2430890 = Hiking Boots 1437889264 + Smart Watch 2540052208
BOOTS_RETURN = ["I want to return the hiking boots from order #W2430890", "juan.nguyen7877@example.com"]
BOOTS_EXCHANGE = ["I want to exchange the hiking boots from order #W2430890 for size 10 synthetic yes",
                  "juan.nguyen7877@example.com"]
BOOTS, WATCH = "1437889264", "2540052208"
# modify_items 20: mei_gonzalez_4785, pending #W2052757 of five items (Notebook 9799386954, Gaming Mouse 7420906769, ...)
NOTEBOOK_CHANGE = ["Order #W2052757: change the notebook to A4 hard cover", "mei.gonzalez8775@example.com"]
# cancel 22: anya_lee_8315, pending #W2989580 and #W3176007
CANCEL = ["cancel order #W2989580, ordered by mistake", "anya.lee3013@example.com"]
ADDRESS = ["change the shipping address of order #W2989580 to 12 Elm St, Springfield, IL 62701",
           "anya.lee3013@example.com"]
# return 48: ethan_muller_6097, delivered #W3155037 = Laptop 4241599783 + Smartphone 3952176596, and #W4398027
PHONE_RETURN = ["return the smartphone from #W3155037", "ethan.muller6617@example.com"]


def _items(t, tool="return_delivered_order_items"):
    return [sorted(a["item_ids"]) for n, a in _calls(t) if n == tool]


# --- A / A2. a yes that widens a one-item proposal: the rest added and asked again, never one item written --------
WIDENING = [
    # the tester's (A)
    "yes, both", "sure, both", "yes to both", "yep both", "yes, all of them", "yes, each of them", "yes, return both",
    "yes, for both", "yes both", "ok, both", "yes, both items",
    # the tester's (A2)
    "Yes please, and the other one too", "yes, and also the other item", "yes, and the other thing too",
    "yes and the rest of the order too", "yes, plus the smart watch", "yes, include the watch",
    "yes, along with the watch", "yes + the watch", "yes, and add the watch", "yes, both the boots and the watch",
    "yes, the whole order",
    # other phrasings of the kind
    "yeah both pls", "Yes — both of them, please.", "sure, do both", "yup, the two of them", "both", "both please",
    "yes, everything", "yes, the entire order", "yes, and the remaining item too", "ok + watch",
    "yes, together with the smart watch", "Yes, please include the smart watch as well.", "yes & the watch",
]


@pytest.mark.parametrize("said", WIDENING)
def test_widening_yes_at_a_return_adds_the_other_item(d, said):
    t = _play(d, "mixed_pending_delivered", 20, BOOTS_RETURN + [said])
    assert _calls(t) == [], "the widening yes wrote the one item proposed"
    last = _said(t)[-1]
    assert "Hiking Boots" in last and "Smart Watch" in last and "To confirm" in last, last
    t = _play(d, "mixed_pending_delivered", 20, BOOTS_RETURN + [said, "yes"])
    assert _items(t) == [sorted([BOOTS, WATCH])]
    _sound(t)


@pytest.mark.parametrize("said", ["yes, both", "yes, all of them", "yes, and the other one too", "yep both",
                                  "yes, plus the smart watch"])
def test_widening_yes_at_an_exchange_asks_for_the_other_items_option(d, said):
    t = _play(d, "mixed_pending_delivered", 20, BOOTS_EXCHANGE + [said, "yes"])
    assert _calls(t) == []  # (not the boots alone, which would use up the order's one exchange)
    assert "Which option would you like for the Smart Watch" in _said(t)[-2]
    _sound(t)


def test_both_at_an_item_change_of_a_five_item_order_asks_which(d):
    t = _play(d, "modify_items", 20, NOTEBOOK_CHANGE + ["yes, both"])
    assert _calls(t) == []
    last = _said(t)[-1]
    assert "not sure which items" in last and "To confirm" in last, last
    t = _play(d, "modify_items", 20, NOTEBOOK_CHANGE + ["yes, all of them"])
    assert _calls(t) == []
    assert "Which option would you like for the" in _said(t)[-1]


@pytest.mark.parametrize("said", ["yes, both orders", "yes, all of them", "yes, cancel both", "yes both",
                                  "sure, both of them", "yes, each of them please", "yes, all my orders"])
@pytest.mark.parametrize("opening,tool", [(CANCEL, "cancel_pending_order"), (ADDRESS, "modify_pending_order_address")])
def test_both_orders_at_a_one_order_proposal_adds_the_other(d, said, opening, tool):
    t = _play(d, "cancel", 22, opening + [said])
    assert _calls(t) == []
    assert "#W2989580" in _said(t)[-1]
    t = _play(d, "cancel", 22, opening + [said, "yes", "yes"])
    assert [(n, a["order_id"]) for n, a in _calls(t)] == [(tool, "#W2989580"), (tool, "#W3176007")]
    _sound(t)


# --- B. a question about another order opened with wait/sorry/actually: answered, the proposal kept -------------------
QUESTIONS = [
    # the tester's
    "wait, what's in order #W3176007?", "sorry, is #W3176007 still pending?", "actually, is #W3176007 shipped?",
    "sorry, what's in order #W3176007?", "wait, how much was #W3176007?", "oh wait, what does #W3176007 contain?",
    "actually, what's in #W3176007?", "wait — what is #W3176007?", "wait, when did I order #W3176007?",
    "wait, is #W3176007 still pending?",
    # other phrasings
    "oh sorry, has #W3176007 shipped yet?", "Actually - which items are in W3176007?", "wait a sec, what was in #W3176007",
    "btw what's the status of #W3176007?",
]


@pytest.mark.parametrize("said", QUESTIONS)
@pytest.mark.parametrize("opening,tool", [(CANCEL, "cancel_pending_order"), (ADDRESS, "modify_pending_order_address")])
def test_question_about_another_order_keeps_the_proposal(d, said, opening, tool):
    t = _play(d, "cancel", 22, opening + [said])
    last = _said(t)[-1]
    assert "order #W3176007 then" not in last and "To confirm" in last and "#W2989580" in last.split("To confirm")[1], last
    assert "#W3176007" in last.split("To confirm")[0], last  # (answered)
    t = _play(d, "cancel", 22, opening + [said, "yes"])
    assert [(n, a["order_id"]) for n, a in _calls(t)] == [(tool, "#W2989580")]
    _sound(t)


@pytest.mark.parametrize("said", ["actually, cancel #W3176007 instead", "wait, I meant #W3176007",
                                  "sorry, it's #W3176007 I want cancelled"])
def test_near_miss_a_real_switch_still_moves(d, said):
    t = _play(d, "cancel", 22, CANCEL + [said, "ordered by mistake", "yes"])
    assert [a["order_id"] for _, a in _calls(t)] == ["#W3176007"]


# --- C and 3. another item in the proposed one's place ----------------------------------------------------------------
SWAPS = [
    # the tester's
    "return the watch instead", "let's return the watch instead", "I'd rather return the watch instead",
    "make it the watch instead", "the watch instead", "can we do the watch instead?", "switch to the smart watch please",
    "change it to the watch", "actually return the smart watch instead", "actually, the smart watch, not the boots",
    "no, the other one", "oops, I meant the other item",
    # other phrasings
    "hmm, the smart watch rather than the boots", "no wait, I meant the watch", "not that one, the other one",
    "sorry wrong item, I meant the smart watch", "the watch, not the boots",
    "Could we do the smart watch instead please?", "nah the other one",
]


@pytest.mark.parametrize("said", SWAPS)
def test_another_item_in_place_of_the_proposed_return(d, said):
    t = _play(d, "mixed_pending_delivered", 20, BOOTS_RETURN + [said, "yes"])
    assert _items(t) == [[WATCH]]
    _sound(t)


@pytest.mark.parametrize("said", ["no, the other one", "oops, I meant the other item", "not that one, the other one",
                                  "the laptop instead", "return the laptop instead"])
def test_the_other_item_of_the_order_not_the_other_order(d, said):
    t = _play(d, "return", 48, PHONE_RETURN + [said])
    assert "order #W4398027 then" not in _said(t)[-1]
    t = _play(d, "return", 48, PHONE_RETURN + [said, "yes"])
    assert [(a["order_id"], a["item_ids"]) for _, a in _calls(t)] == [("#W3155037", ["4241599783"])]
    _sound(t)


@pytest.mark.parametrize("said", ["change the mouse to black laser wireless instead",
                                  "actually change the mouse to black laser wireless instead",
                                  "let's change the mouse to black laser wireless instead"])
def test_another_item_in_place_of_the_proposed_change(d, said):
    t = _play(d, "modify_items", 20, NOTEBOOK_CHANGE + [said, "yes"])
    made = [(a["item_ids"], a["new_item_ids"]) for n, a in _calls(t)]
    assert made == [(["7420906769"], ["8214883393"])]
    _sound(t)


@pytest.mark.parametrize("said", ["the watch instead", "no, the other one", "switch to the smart watch please"])
def test_another_item_in_place_of_the_proposed_exchange(d, said):
    t = _play(d, "mixed_pending_delivered", 20, BOOTS_EXCHANGE + [said])
    assert _calls(t) == []
    assert "Which option would you like for the Smart Watch" in _said(t)[-1]


# --- near misses: the proposal kept as it is ------------------------------------------------------------------------
@pytest.mark.parametrize("said", ["yes", "yes please", "yes, that's everything", "yes both are correct",
                                  "yes, all good", "yes, that's all"])
def test_near_miss_plain_yes_writes_the_proposal(d, said):
    t = _play(d, "mixed_pending_delivered", 20, BOOTS_RETURN + [said])
    assert _items(t) == [[BOOTS]]
    _sound(t)


@pytest.mark.parametrize("said", ["just the boots, not the watch", "yes, but keep the watch", "both look fine to me",
                                  "yes, not the watch though", "yes just the boots"])
def test_near_miss_the_boots_alone(d, said):
    t = _play(d, "mixed_pending_delivered", 20, BOOTS_RETURN + [said, "yes"])
    assert _items(t) == [[BOOTS]]
    _sound(t)


def test_near_miss_the_other_one_asked_which(d):
    t = _play(d, "mixed_pending_delivered", 20, BOOTS_RETURN + ["yes, the other one"])
    assert _calls(t) == []
    assert "instead of the Hiking Boots, or both" in _said(t)[-1]


def test_near_miss_both_at_a_one_item_order(d):
    sc = dict(d.scenario("payment", 20))
    sc.update(user_id="liam_thomas_7882")
    t = play_messages(d, sc, d.make_target("reference", []), [
        "I want to return the hiking boots from order #W8488728", "liam.thomas9081@example.com", "yes, both"], "items-43h")
    assert [a["order_id"] for _, a in _calls(t)] == ["#W8488728"]
