"""Replies the fault-free retail clerk misread, found by the forty-third session's tester (/work/h43/retA/REPORT.md
1.A, 3, 1.B), fixed by the forty-fourth session's fixer d.

What was wrong, in the tester's words:
1. Two of the same product: "The same input on two items of the same product (office chairs, sophia_thomas_5301,
   #W4862767, 'change the office chair to leather'): 13/20 phrasings write one chair" after "yes, both".
2. "'both of them' at the chair proposal asks for an option for the Bookshelf, an unrelated item".
3. After "Order #W2052757 also holds the Grill, ... so I'm not sure which items you mean" (a five-item order), a plain
   "yes" wrote the Notebook alone: a yes is no answer to "which items?".
4. "Without the prefix, questions are not read as switches, but 2/15 are answered about the wrong order ('is #W4776164
   still pending?' -> 'Order #W6247578 hasn't shipped yet') and 8/15 get 'I couldn't tell what you'd like to change'".
5. "Relative options are not understood: 'one size bigger', 'a size up', 'the next size up', 'a smaller size', 'two
   sizes up'".
6. "The same question repeated word for word, with no way out (4 times each): an unaccepted reason ('found a better
   price elsewhere'), 'my mom's place' as an address, 'the one I placed last week' as an order".
"""

from __future__ import annotations

import pytest

from envs.taubench.database import base_db
from envs.taubench.tools import WRITES
from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


_DB = base_db()


def _play(d, family, seed, lines):
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "items-44d")


def _play_user(d, uid, lines):
    """A conversation of the account ``uid`` (logged in by its email), whatever scenario's user it is not."""
    sc = dict(d.scenario("payment", 20))
    u = _DB.users[uid]
    sc.update(user_id=uid, email=u.email, first_name=u.name.first_name, last_name=u.name.last_name, zip=u.address.zip)
    return play_messages(d, sc, d.make_target("reference", []), lines, "items-44d")


def _ids(t, tool):
    return [sorted(a.get("item_ids", [])) for n, a in _calls(t) if n == tool]


# sophia_thomas_5301: pending #W4862767 holds two Office Chairs (8323284863 fabric blue, the other leather gray) and a
# Bookshelf and a Tablet
CHAIR = ["change the office chair in order #W4862767 to leather", "sophia.thomas1364@example.com"]
# noah_kovacs_1216: delivered #W3002300 = Bluetooth Speaker green 9179378709 + Bluetooth Speaker black
SPEAKER = ["return the green speaker from #W3002300", "noah.kovacs8240@example.com"]
SPEAKERS = sorted(it.item_id for it in _DB.orders["#W3002300"].items)
# aarav_anderson_8794: delivered #W4316152 = two identical Tea Kettles
KETTLE = ["return the tea kettle from #W4316152", "aarav.anderson9752@example.com"]
KETTLES = sorted(it.item_id for it in _DB.orders["#W4316152"].items)

BOTH = ["yes, both", "both of them", "yes both", "yes, for both", "both please", "yes and the other one too", "do both",
        "the two of them", "Yes please, both", "yep, both of them", "yes - both chairs"]


@pytest.mark.parametrize("said", BOTH)
def test_both_at_one_of_two_chairs_asks_the_other_chairs_option(d, said):
    t = _play_user(d, "sophia_thomas_5301", [*CHAIR, said])
    assert _calls(t) == [], _said(t)
    assert "Office Chair (leather, gray, fixed, high-back)" in _said(t)[-1], _said(t)[-1]
    assert "Bookshelf" not in _said(t)[-1], _said(t)[-1]
    _sound(t)


@pytest.mark.parametrize("said", ["yes, all of them", "yes, each of them"])
def test_all_at_one_of_two_chairs_of_a_larger_order_asks_which(d, said):
    t = _play_user(d, "sophia_thomas_5301", [*CHAIR, said, "yes"])
    assert _calls(t) == [], _said(t)
    assert "the other Office Chair" in _said(t)[-2] and "which items" in _said(t)[-1], _said(t)[-2:]
    _sound(t)


@pytest.mark.parametrize("said", ["yes, both", "yes, both of them", "both", "yes to both", "sure, both", "yes, return both"])
@pytest.mark.parametrize("lines, both", [(SPEAKER, SPEAKERS), (KETTLE, KETTLES)], ids=["speakers", "kettles"])
def test_both_at_a_return_of_one_of_two_like_items_returns_both(d, said, lines, both):
    t = _play_user(d, _DB.orders["#W3002300" if both is SPEAKERS else "#W4316152"].user_id, [*lines, said, "yes"])
    assert _ids(t, "return_delivered_order_items") == [both], _said(t)
    _sound(t)


@pytest.mark.parametrize("said", ["yes", "yes please", "go ahead", "yes, looks good"])
def test_near_miss_a_plain_yes_writes_the_one_chair(d, said):
    t = _play_user(d, "sophia_thomas_5301", [*CHAIR, said])
    assert _ids(t, "modify_pending_order_items") == [["8323284863"]], _said(t)
    _sound(t)


# --- 3. a yes to "which items?" -------------------------------------------------------------------------------------
NOTEBOOK = ["Order #W2052757: change the notebook to A4 hard cover", "mei.gonzalez8775@example.com", "yes, both"]


@pytest.mark.parametrize("yes", ["yes", "yes please", "ok", "sure", "Yes.", "yep go ahead", "y", "sounds good"])
def test_a_yes_to_which_items_asks_again(d, yes):
    t = _play(d, "modify_items", 20, [*NOTEBOOK, yes])
    assert _calls(t) == [], _said(t)
    assert "which items" in _said(t)[-1] and "Grill" in _said(t)[-1], _said(t)[-1]
    _sound(t)


@pytest.mark.parametrize("keep", ["just the notebook", "only the notebook please", "just that one", "keep it as it is"])
def test_just_the_item_shows_the_proposal_again_then_a_yes_writes_it(d, keep):
    t = _play(d, "modify_items", 20, [*NOTEBOOK, "yes", keep])
    assert _calls(t) == [] and "To confirm, I will modify" in _said(t)[-1], _said(t)[-1]
    t = _play(d, "modify_items", 20, [*NOTEBOOK, keep, "yes"])
    assert _ids(t, "modify_pending_order_items") == [["9799386954"]], _said(t)
    _sound(t)


def test_near_miss_naming_the_item_to_add_is_read_as_before(d):
    t = _play(d, "modify_items", 20, [*NOTEBOOK, "yes, and the mouse too, black laser wireless"])
    assert "which items" not in _said(t)[-1] and "Gaming Mouse" in _said(t)[-1], _said(t)[-1]
    _sound(t)


def test_near_miss_yes_to_both_at_a_two_item_proposal_is_a_yes(d):
    t = _play(d, "modify_items", 20, ["Order #W2052757: change the notebook to A4 hard cover and the mouse to black laser "
                                      "wireless", "mei.gonzalez8775@example.com", "yes to both"])
    assert [n for n, _ in _calls(t)] == ["modify_pending_order_items"], _said(t)
    assert len(_ids(t, "modify_pending_order_items")[0]) == 2
    _sound(t)


# --- 4. a question about another order, no "wait" before it -----------------------------------------------------------
YUSUF = ["cancel order #W6247578, ordered by mistake", "yusuf.rossi7301@example.com"]
OTHER_Q = ["is #W4776164 still pending?", "did #W4776164 ship yet?", "how much was #W4776164?", "what about #W4776164?",
           "tell me about order #W4776164", "what's the total of #W4776164?", "hmm, and #W4776164?",
           "what items are in #W4776164?", "can you show me #W4776164 first?", "#W4776164 has the espresso machine, right?",
           "whats in W4776164", "is the other order shipped yet?", "has my other order shipped?",
           "what's in my other order", "so is my other pending order still pending?"]


@pytest.mark.parametrize("q", OTHER_Q)
def test_a_question_about_another_order_is_answered_about_it(d, q):
    t = _play_user(d, "yusuf_rossi_9620", [*YUSUF, q])
    answer = _said(t)[-1]
    assert answer.startswith("Order #W4776164 is pending"), answer
    assert "To confirm, I will cancel order #W6247578" in answer and "hasn't shipped yet: it is still" not in answer
    t = _play_user(d, "yusuf_rossi_9620", [*YUSUF, q, "yes"])
    assert _calls(t) == [("cancel_pending_order", {"order_id": "#W6247578", "reason": "ordered by mistake"})], _said(t)
    _sound(t)


@pytest.mark.parametrize("q", ["is it still pending?", "has it shipped?", "is #W6247578 still pending?"])
def test_near_miss_a_question_about_the_proposals_order(d, q):
    t = _play_user(d, "yusuf_rossi_9620", [*YUSUF, q])
    assert "#W6247578" in _said(t)[-1].split("To confirm")[0] and "#W4776164" not in _said(t)[-1], _said(t)[-1]
    _sound(t)


def test_near_miss_when_will_the_other_arrive_keeps_its_delivery_answer(d):
    t = _play_user(d, "yusuf_rossi_9620", [*YUSUF, "when will #W4776164 arrive?"])
    assert "hasn't shipped yet, so I don't have a delivery date" in _said(t)[-1], _said(t)[-1]


# --- 5. sizes said as steps --------------------------------------------------------------------------------------------
# mixed_pending_delivered 20: delivered #W2430890 Hiking Boots (7, synthetic, no); available sizes 7, 8, 9, 10, 11, 12
BOOTS = ["I want to exchange the hiking boots from #W2430890", "juan.nguyen7877@example.com"]


@pytest.mark.parametrize("said, want", [
    ("one size bigger", "(8, synthetic, no"), ("a size up", "(8, synthetic, no"), ("the next size up", "(8, synthetic, no"),
    ("go up a size", "(8, synthetic, no"), ("size up please", "(8, synthetic, no"), ("one size larger", "(8, synthetic, no"),
    ("up one size", "(8, synthetic, no"), ("a larger one", "(8, synthetic, no"), ("bigger please", "(8, synthetic, no"),
    ("I'd like the same but one size bigger", "(8, synthetic, no"), ("two sizes up", "(9, "),
    ("the next size", "(8, synthetic, no"),
    # near misses: a size or option named outright is read as before
    ("size 8", "(8, synthetic, no"), ("the leather version", "(7, leather, yes"), ("the 11", "(11, leather, no"),
])
def test_a_size_step_of_the_boots_is_the_adjacent_size(d, said, want):
    t = _play(d, "mixed_pending_delivered", 20, [*BOOTS, said])
    assert f"Hiking Boots (7, synthetic, no, $258.09) -> {want}" in _said(t)[-1], _said(t)[-1]
    _sound(t)


@pytest.mark.parametrize("said", ["the next size down", "a smaller size", "a size smaller", "one size down", "smaller"])
def test_no_smaller_size_than_the_smallest_is_said(d, said):
    t = _play(d, "mixed_pending_delivered", 20, [*BOOTS, said])
    assert "there is no smaller size of the Hiking Boots" in _said(t)[-1], _said(t)[-1]
    assert _calls(t) == []


@pytest.mark.parametrize("said, want", [
    ("Order #W2052757: change the fleece jacket to one size bigger", "-> (XL, "),
    ("Order #W2052757: I want the fleece jacket a size smaller", "-> (S, "),  # (M is not available)
    ("Order #W2052757: can I get the fleece jacket one size up?", "-> (XL, "),
    ("in #W2052757 the fleece jacket is too big, I need the next size down", "-> (S, "),
])
def test_a_size_step_of_a_lettered_size(d, said, want):
    t = _play(d, "modify_items", 20, [said, "mei.gonzalez8775@example.com"])
    assert f"Fleece Jacket (L, black, full, $159.92) {want}" in _said(t)[-1], _said(t)[-1]
    _sound(t)


# --- 6. the same question, word for word, a third time --------------------------------------------------------------
JUAN = "juan.nguyen7877@example.com"


@pytest.mark.parametrize("lines, said, hint", [
    (["change the shipping address of #W9537685", JUAN], "my mom's place", "street and number, the city"),
    (["change the shipping address of #W9537685", JUAN], "to my sister's", "street and number, the city"),
    (["cancel order #W9537685", JUAN], "found a better price elsewhere", "'no longer needed' and 'ordered by mistake'"),
    (["cancel order #W9537685", JUAN], "cheaper somewhere else lol", "'no longer needed' and 'ordered by mistake'"),
    (["I want to cancel an order", JUAN], "the one I placed last week", "#W2430890, #W9537685"),
    (["exchange the smart watch from #W2430890", JUAN], "something nicer", "Available options include"),
])
def test_a_third_identical_question_is_said_otherwise_with_a_way_out(d, lines, said, hint):
    t = _play(d, "mixed_pending_delivered", 20, [*lines, said, said, said])
    replies = _said(t)
    # (by the third failure at the latest: said otherwise, what would do named, and a way out)
    assert replies[-1] != replies[-2] and "human agent" in replies[-1] and hint in " ".join(replies[-2:]), replies[-3:]
    assert _calls(t) == []
    _sound(t)
    t = _play(d, "mixed_pending_delivered", 20, [*lines, said, said, said, said])
    assert _said(t)[-1] != _said(t)[-2] and "human agent" in " ".join(_said(t)[-2:]), _said(t)[-2:]
    t = _play(d, "mixed_pending_delivered", 20, [*lines, said, said, said, said, said])
    assert "I'll leave this request here" in " ".join(_said(t)[-2:]) and _calls(t) == [], _said(t)[-2:]


@pytest.mark.parametrize("lines, said", [
    (["change the shipping address of #W9537685", JUAN], "my mom's place"),
    (["I want to cancel an order", JUAN], "the one I placed last week"),
])
def test_a_question_asked_twice_as_it_was_gets_the_way_out_after_the_second_failure(d, lines, said):
    replies = _said(_play(d, "mixed_pending_delivered", 20, [*lines, said, said]))
    assert replies[-3] == replies[-2] and "human agent" in replies[-1], replies[-3:]


@pytest.mark.parametrize("after, tool", [("can you transfer me to a human?", "transfer_to_human_agents"),
                                         ("never mind, leave it", None)])
def test_the_way_out_is_taken(d, after, tool):
    t = _play(d, "mixed_pending_delivered", 20, ["change the shipping address of #W9537685", JUAN] +
              ["my mom's place"] * 3 + [after])
    assert [n for n, _ in _calls(t, {"transfer_to_human_agents", *WRITES})] == ([tool] if tool else []), _said(t)


def test_near_miss_an_address_given_after_the_way_out_is_proposed(d):
    t = _play(d, "mixed_pending_delivered", 20, ["change the shipping address of #W9537685", JUAN] +
              ["my mom's place"] * 3 + ["ok, 12 Elm St, Springfield, IL 62701", "yes"])
    assert [(n, a["order_id"], a["zip"]) for n, a in _calls(t)] == \
        [("modify_pending_order_address", "#W9537685", "62701")], _said(t)
    _sound(t)


def test_near_miss_a_second_try_that_answers_gets_no_way_out(d):
    t = _play(d, "mixed_pending_delivered", 20, ["cancel order #W9537685", JUAN, "found a better price elsewhere",
                                                 "found a better price elsewhere", "ok then, no longer needed", "yes"])
    assert "human agent" not in " ".join(_said(t)), _said(t)
    assert _calls(t) == [("cancel_pending_order", {"order_id": "#W9537685", "reason": "no longer needed"})], _said(t)
    _sound(t)
