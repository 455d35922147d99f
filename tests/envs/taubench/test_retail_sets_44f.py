"""Replies at a proposal that mean more items or orders than were listed, or another item in one's place, played
against the fault-free clerk (forty-fourth session, fixer f; /work/h44/retA/REPORT.md N1, N3, N4, N5, N6, N7).

What was wrong, in the tester's words:
- N1: "A 'yes ... all' reply at a one-item proposal on a multi-item order writes the ONE proposed item immediately, and
  the order's single return/exchange/modify is used up" ("yes, return all" -> return_delivered_order_items item_ids
  ["1437889264"]; the Smart Watch dropped without a word). Also "yes, all", "sure, all", "ok all", "yes, return it
  all", "yes, all please", "yes to all", "yes everything in the order", "yes, all 2" (39 of 39 across users).
- N3: "'yes, and the other order too' at a one-order proposal writes ONLY the other order; 'yes, ... all my pending
  orders' writes only the first".
- N4: "A promise to come back, then the second order is dropped: 'yes, do the same for #W3176007' and 'yes, and do
  #W3176007 as well'".
- N5: "'return the rest too' -> the boots-only proposal is repeated, and yes -> return of the boots only"; "'yes, plus
  everything else' and 'yes, and everything else except the kettle' do the same"; "'everything except the boots' ->
  ... yes -> returns the boots, the one item the customer excluded"; "'actually everything except the boots' -> 'All
  right, I won't make that change.'".
- N6: "'instead of the notebook, change the mouse to black' -> the agent proposes Notebook -> A4 hard cover AND Gaming
  Mouse -> black; yes -> modify_pending_order_items with both items".
- N7: "'the kettle instead of the boots' -> 'To confirm, I will return ...: Electric Kettle' -> yes -> return of the
  kettle only. The Espresso Machine is dropped"; "'swap the boots for the kettle' and 'replace the boots with the
  kettle' turn the request into an exchange".

Each case has the tester's words, other phrasings of the kind, and near misses that keep their reading; the item ids and
order ids of every write are checked, and each conversation for soundness (a write only right after a yes to a
proposal that listed it).
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "sets-44f")


# mixed_pending_delivered 20: juan_nguyen_7430, delivered #W2430890 = Hiking Boots 1437889264 + Smart Watch 2540052208
JUAN = ("mixed_pending_delivered", 20)
BOOTS_RETURN = ["I want to return the hiking boots from order #W2430890", "juan.nguyen7877@example.com"]
BOOTS_EXCHANGE = ["I want to exchange the hiking boots from order #W2430890 for size 10 synthetic yes",
                  "juan.nguyen7877@example.com"]
BOOTS, WATCH = "1437889264", "2540052208"
# cancel 22: anya_lee_8315, pending #W2989580 and #W3176007; delivered #W1335809 = Espresso Machine 4875647558,
# Hiking Boots 2185126308, Electric Kettle 7602931732
ANYA = ("cancel", 22)
ANYA_BOOTS = ["return the boots from #W1335809", "anya.lee3013@example.com"]
ANYA_TWO = ["return the espresso machine and the boots from #W1335809", "anya.lee3013@example.com"]
ESPRESSO, ABOOTS, KETTLE = "4875647558", "2185126308", "7602931732"
CANCEL = ["cancel order #W2989580, ordered by mistake", "anya.lee3013@example.com"]
ADDRESS = ["change the shipping address of order #W2989580 to 12 Oak Street, Austin, TX 78701",
           "anya.lee3013@example.com"]
# modify_items 20: mei_gonzalez_4785, pending #W2052757 of five items (Notebook 9799386954, Gaming Mouse 7420906769)
MEI = ("modify_items", 20)
NOTEBOOK_CHANGE = ["Order #W2052757: change the notebook to A4 hard cover", "mei.gonzalez8775@example.com"]


def _items(t, tool="return_delivered_order_items"):
    return [sorted(a["item_ids"]) for n, a in _calls(t) if n == tool]


# --- N1. "yes, all" and its kin at a one-item proposal: the rest added, listed and asked again ---------------------
ALL_YES = [
    # the tester's
    "yes, return all", "yes return all", "yes, all", "yes all", "sure, all", "ok all", "yes, return it all",
    "yes, all please", "yes to all", "yes everything in the order", "yes, all 2",
    # other phrasings of the kind
    "Yes to all.", "yeah all pls", "yep, return them all", "ok, send it all back", "yes - everything on that order",
    "Sure, all of em", "yes, everything please", "yes everything from that order", "YES ALL", "k all thanks",
    "yes, everything in #W2430890",
]


@pytest.mark.parametrize("said", ALL_YES)
def test_all_yes_at_a_return_adds_the_other_item(d, said):
    t = _play(d, *JUAN, BOOTS_RETURN + [said])
    assert _calls(t) == [], "the 'all' yes wrote the one item proposed"
    last = _said(t)[-1]
    assert "Hiking Boots" in last and "Smart Watch" in last and "To confirm" in last, last
    t = _play(d, *JUAN, BOOTS_RETURN + [said, "yes"])
    assert _items(t) == [sorted([BOOTS, WATCH])]
    _sound(t)


@pytest.mark.parametrize("said", ["yes, all", "yes to all", "ok all", "yes everything in the order", "yes, all please"])
def test_all_yes_at_an_exchange_asks_for_the_other_items_option(d, said):
    t = _play(d, *JUAN, BOOTS_EXCHANGE + [said])
    assert _calls(t) == []  # (not the boots alone, which would use up the order's one exchange)
    assert "Which option would you like for the Smart Watch" in _said(t)[-1]
    t = _play(d, *JUAN, BOOTS_EXCHANGE + [said, "black, leather, LCD", "yes"])
    assert [sorted(a["item_ids"]) for n, a in _calls(t)] == [sorted([BOOTS, WATCH])]
    _sound(t)


@pytest.mark.parametrize("said", ["yes, all", "yes to all", "ok all", "sure, all please", "yes do it all"])
def test_bare_all_at_an_item_change_of_five_items_is_asked(d, said):
    # ("please make sure these are all the items you want to change" - "yes, all": that these are all, or every item?)
    t = _play(d, *MEI, NOTEBOOK_CHANGE + [said])
    assert _calls(t) == []
    last = _said(t)[-1]
    assert "the only item you want to change" in last and "To confirm" in last, last


@pytest.mark.parametrize("said", ["yes everything in the order", "yes, everything on the order please"])
def test_everything_in_the_order_at_an_item_change_goes_on_to_the_other_items(d, said):
    t = _play(d, *MEI, NOTEBOOK_CHANGE + [said])
    assert _calls(t) == []
    assert "Which option would you like for the" in _said(t)[-1]


# near misses: a yes that says the list is complete, or judges it, writes the one item listed
@pytest.mark.parametrize("said", ["yes, that's all", "yes, all good", "yes thats all thanks", "yes, it's all correct",
                                  "yes, all of it looks right", "yes please", "yes, just the boots"])
def test_near_miss_done_or_judged_writes_the_boots(d, said):
    t = _play(d, *JUAN, BOOTS_RETURN + [said])
    assert _items(t) == [[BOOTS]]
    _sound(t)


@pytest.mark.parametrize("said", ["yes, that'll be all", "yes all set"])
def test_near_miss_done_words_never_add_the_watch(d, said):
    t = _play(d, *JUAN, BOOTS_RETURN + [said, "yes"])
    assert _items(t) == [[BOOTS]]
    _sound(t)


# --- N5. "the rest" / "everything else" / "everything except X" at a one-item proposal -------------------------------
REST = [
    # the tester's
    "return the rest too", "yes, plus everything else", "yes and the rest",
    # other phrasings
    "the rest as well please", "and the rest", "yes, everything else too", "yes, all the others too",
    "oh and return everything else as well", "plus the rest of it",
]


@pytest.mark.parametrize("said", REST)
def test_the_rest_added_to_the_boots(d, said):
    t = _play(d, *ANYA, ANYA_BOOTS + [said])
    assert _calls(t) == []
    last = _said(t)[-1]
    assert all(n in last for n in ("Espresso Machine", "Hiking Boots", "Electric Kettle")) and "To confirm" in last, last
    t = _play(d, *ANYA, ANYA_BOOTS + [said, "yes"])
    assert _items(t) == [sorted([ESPRESSO, ABOOTS, KETTLE])]
    _sound(t)


@pytest.mark.parametrize("said,items", [
    # the tester's
    ("yes, and everything else except the kettle", [ESPRESSO, ABOOTS]),
    ("actually everything except the boots", [ESPRESSO, KETTLE]),
    ("all but the boots", [ESPRESSO, KETTLE]),
    ("the others, not the boots", [ESPRESSO, KETTLE]),
    # other phrasings
    ("everything except the kettle", [ESPRESSO, ABOOTS]),
    ("everything apart from the boots please", [ESPRESSO, KETTLE]),
    ("hmm, all the items except for the espresso machine", [ABOOTS, KETTLE]),
    ("the whole order minus the kettle", [ESPRESSO, ABOOTS]),
    ("everything other than the boots", [ESPRESSO, KETTLE]),
])
def test_everything_except_an_item(d, said, items):
    t = _play(d, *ANYA, ANYA_BOOTS + [said])
    assert _calls(t) == []
    t = _play(d, *ANYA, ANYA_BOOTS + [said, "yes"])
    assert _items(t) == [sorted(items)]
    _sound(t)


@pytest.mark.parametrize("said", ["everything except the boots", "actually everything except the boots",
                                  "all except the hiking boots", "everything but the boots"])
def test_everything_except_the_proposed_item_at_a_two_item_order(d, said):
    t = _play(d, *JUAN, BOOTS_RETURN + [said, "yes"])
    assert _items(t) == [[WATCH]]  # (before: the boots, the one item excluded)
    _sound(t)


def test_everything_except_the_others_is_the_proposal_asked_again(d):
    t = _play(d, *ANYA, ANYA_BOOTS + ["everything but the espresso machine and the kettle"])
    assert _calls(t) == [] and "To confirm" in _said(t)[-1]
    t = _play(d, *ANYA, ANYA_BOOTS + ["everything but the espresso machine and the kettle", "yes"])
    assert _items(t) == [[ABOOTS]]


# near misses: the rest kept
@pytest.mark.parametrize("said", ["the rest can stay", "yes, keep the rest", "yes, the rest stays with me"])
def test_near_miss_the_rest_kept_never_returned(d, said):
    t = _play(d, *ANYA, ANYA_BOOTS + [said, "yes"])
    assert all(items == [ABOOTS] for items in _items(t)), _items(t)


# --- N7. "X instead of Y" at a two-item proposal: Y replaced, the other item kept -----------------------------------
@pytest.mark.parametrize("said", [
    # the tester's
    "the kettle instead of the boots", "instead of the boots, the kettle", "return the kettle instead of the boots",
    "swap the boots for the kettle", "replace the boots with the kettle",
    # other phrasings
    "make it the kettle instead of the boots", "actually the kettle, not the boots", "switch the boots to the kettle please",
    "substitute the kettle for the boots", "the electric kettle rather than the hiking boots", "swap out the boots for the kettle",
    "yes, but the kettle rather than the boots",
])
def test_an_item_in_place_of_one_of_two(d, said):
    t = _play(d, *ANYA, ANYA_TWO + [said])
    assert _calls(t) == []
    last = _said(t)[-1]
    assert "Espresso Machine" in last and "Electric Kettle" in last and "Hiking Boots" not in last, last
    t = _play(d, *ANYA, ANYA_TWO + [said, "yes"])
    assert _items(t) == [sorted([ESPRESSO, KETTLE])]
    _sound(t)


@pytest.mark.parametrize("said", ["swap the boots for the watch", "replace the boots with the smart watch"])
def test_swap_for_another_item_of_the_order_is_no_exchange(d, said):
    t = _play(d, *JUAN, BOOTS_RETURN + [said, "yes"])
    assert _items(t) == [[WATCH]]
    assert not [n for n, _ in _calls(t) if n == "exchange_delivered_order_items"]
    _sound(t)


# --- N6. a leading "instead of X" at an item change: only the other item changed ------------------------------------
@pytest.mark.parametrize("said", [
    "instead of the notebook, change the mouse to black", "rather than the notebook, change the mouse to black",
    "instead of the notebook change, do the mouse in black", "in place of the notebook, change the gaming mouse to black",
    "Instead of the notebook, please change the mouse to black.",
])
def test_leading_instead_of_changes_only_the_other_item(d, said):
    t = _play(d, *MEI, NOTEBOOK_CHANGE + [said, "yes"])
    made = [(a["item_ids"], a["new_item_ids"]) for n, a in _calls(t) if n == "modify_pending_order_items"]
    assert made == [(["7420906769"], ["8214883393"])], made
    _sound(t)


# --- N3 / N4. another order put beside a yes: the first confirmed, the other proposed right after -------------------
OTHER_ORDER_TOO = [
    # the tester's
    "yes, and the other order too", "yes, cancel all my pending orders", "yes, and my other pending order as well",
    "yes, for all my pending orders", "yes, do the same for #W3176007", "yes, and do #W3176007 as well",
    # other phrasings
    "yes and my other order too pls", "Yes. Same for #W3176007 please.", "yes, repeat that for W3176007",
    "yes, all my orders", "and the other order as well", "yes, plus the other order", "yes, both of my orders",
    "and the other order too",
]


@pytest.mark.parametrize("opening,tool", [(CANCEL, "cancel_pending_order"),
                                          (ADDRESS, "modify_pending_order_address")])
@pytest.mark.parametrize("said", OTHER_ORDER_TOO)
def test_other_order_beside_a_yes(d, said, opening, tool):
    t = _play(d, *ANYA, opening + [said])
    assert _calls(t) == []
    assert "#W2989580" in _said(t)[-1].split("To confirm")[-1]
    t = _play(d, *ANYA, opening + [said, "yes", "yes"])
    assert [(n, a["order_id"]) for n, a in _calls(t)] == [(tool, "#W2989580"), (tool, "#W3176007")]
    _sound(t)


# near misses: the other order kept out: the listed order alone, asked again, then written on a plain yes
@pytest.mark.parametrize("said", ["yes, just this order, not the other order", "yes, but leave my other order alone",
                                  "yes, keep the other order", "yes, not the other order", "yes"])
def test_near_miss_other_order_kept_out(d, said):
    t = _play(d, *ANYA, CANCEL + [said])
    assert [a["order_id"] for _, a in _calls(t)] in ([], ["#W2989580"])
    assert "#W3176007 then" not in _said(t)[-1]
    t = _play(d, *ANYA, CANCEL + [said, "yes"])
    assert [a["order_id"] for _, a in _calls(t)] == ["#W2989580"]
    _sound(t)


def test_near_miss_a_real_switch_still_moves(d):
    t = _play(d, *ANYA, CANCEL + ["no, the other order", "yes"])
    assert [a["order_id"] for _, a in _calls(t)] == ["#W3176007"]


# "yes, all" at a one-order cancel with another pending order: the other order added, as for "yes, all of them"
@pytest.mark.parametrize("said", ["yes, all", "yes to all", "yes, cancel all", "yes, cancel them all", "sure, all please"])
def test_all_yes_at_a_one_order_cancel_adds_the_other_order(d, said):
    t = _play(d, *ANYA, CANCEL + [said])
    assert _calls(t) == []
    t = _play(d, *ANYA, CANCEL + [said, "yes", "yes"])
    assert [a["order_id"] for _, a in _calls(t)] == ["#W2989580", "#W3176007"]
    _sound(t)


@pytest.mark.parametrize("said", ["yes everything in the order", "yes, that's all", "yes, all good"])
def test_near_miss_all_of_the_one_order_cancels_it_alone(d, said):
    t = _play(d, *ANYA, CANCEL + [said, "yes"])
    assert [a["order_id"] for _, a in _calls(t)] == ["#W2989580"]
    _sound(t)


# the rest put off: never added
@pytest.mark.parametrize("said", ["yes, the rest can wait", "yes, I'll deal with the rest later",
                                  "yes, everything else later"])
def test_near_miss_the_rest_put_off(d, said):
    t = _play(d, *ANYA, ANYA_BOOTS + [said, "yes"])
    assert _items(t) in ([], [[ABOOTS]]), _items(t)
    assert _calls(t) == [] or _said(t)[-2].startswith(("Of course", "Just to be sure", "To confirm")), _said(t)


def test_bare_all_asked_once_then_read_as_every_item(d):
    t = _play(d, *MEI, NOTEBOOK_CHANGE + ["yes, all", "all"])
    assert _calls(t) == []
    assert "Which option would you like for the" in _said(t)[-1]
    t = _play(d, *MEI, NOTEBOOK_CHANGE + ["yes, all", "yes"])
    assert [a["item_ids"] for _, a in _calls(t)] == [["9799386954"]]  # (the yes to the proposal as it is, as told)
    _sound(t)


@pytest.mark.parametrize("said", ["yes, send everything back", "yes, the full order", "yes, all the stuff"])
def test_more_all_words_add_the_watch(d, said):
    t = _play(d, *JUAN, BOOTS_RETURN + [said, "yes"])
    assert _items(t) == [sorted([BOOTS, WATCH])]
    _sound(t)


def test_an_item_in_place_of_one_of_two_changes(d):
    t = _play(d, *MEI, ["Order #W2052757: change the notebook to A4 hard cover and the mouse to black",
                        "mei.gonzalez8775@example.com", "the grill instead of the mouse", "gas, portable, none", "yes"])
    assert [sorted(a["item_ids"]) for _, a in _calls(t)] == [sorted(["9799386954", "9724317332"])]
    _sound(t)
