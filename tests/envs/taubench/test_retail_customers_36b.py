"""Retail customers played against the fault-free clerk (thirty-sixth session, part b).

Findings 5-9 of retail-customers-17 (/work/h36/retail-customers-17/report.md). 5: an item change said of "it" or by an
option's name after the item named only to say which order ("two things on the keyboard order: switch it to linear, and
ship it to ...") was dropped without a word. 6: everyday words for products ("earphones", "ear buds", "weights") named
no item, so a second request vanished. 7: a yes with an aside about the purchase ("yes, I don't think I'll need it"), and
a bare "si" / "oui", got the proposal again with no word of why (the consent reading takes neither as a yes: the clerk now
says that a plain yes is needed; it still writes nothing). 8: "ram doesnt matter" kept the RAM asked for before; "is there
a cheaper black one?" was not answered. 9: "I'd like to lodge a formal complaint" got the menu again. Each case has the
tester's words, others of the kind, and near misses; each conversation is checked for soundness.
"""

from __future__ import annotations

import pytest

from envs.taubench.language import item_mentions, waived_options
from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, seed, lines):
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-36b")


def _writes(t):
    return [(name, args.get("order_id"), args.get("item_ids"), args.get("new_item_ids")) for name, args in _calls(t)]


# --- 5. an item change and an address change on the order its item names ------------------------------------------------
JUAN = "juan nguyen, 85099"  # modify_items 5001: #W9537685 pending, Mechanical Keyboard (tactile, none, 80%)
LINEAR = ("modify_pending_order_items", "#W9537685", ["7658724607"], ["1421289881"])
ADDRESS = ("modify_pending_order_address", "#W9537685", None, None)


@pytest.mark.parametrize("ask", [
    "two things on the keyboard order: switch it to linear, and ship it to 434 Willow Avenue, Columbus, OH 43215 instead",
    "for my keyboard order please change the switches to linear and also change the shipping address to 434 Willow "
    "Avenue, Columbus, OH 43215",  # the tester's
    "ship the keyboard order to 434 Willow Avenue, Columbus, OH 43215 and make it a linear one",
    "the keyboard order should go to 434 Willow Avenue, Columbus, OH 43215, and can you change its switch type to linear",
])
def test_an_item_change_beside_an_address_change_is_done_too(d, ask):
    t = _play(d, "modify_items", 5001, [JUAN, ask, "yes", "yes"])
    _sound(t)
    assert sorted(_writes(t)) == sorted([ADDRESS, LINEAR]), _said(t)


@pytest.mark.parametrize("ask", [
    "for my keyboard order please change the switches to linear",  # the tester's (before: "What would you like to change")
    "the keyboard order: switch it to linear",
    "on the keyboard order, make it linear please",
])
def test_an_item_change_said_of_the_order_alone(d, ask):
    t = _play(d, "modify_items", 5001, [JUAN, ask, "yes"])
    _sound(t)
    assert _writes(t) == [LINEAR], _said(t)
    assert "couldn't find" not in " ".join(_said(t)), _said(t)  # ("the switches" are the keyboard's option, no item)


@pytest.mark.parametrize("ask", [
    "change the address of the keyboard order, ship it to 434 Willow Avenue, Columbus, OH 43215",
    "for the keyboard order, switch it to 434 Willow Avenue, Columbus, OH 43215",
])
def test_near_miss_an_address_change_alone_changes_no_item(d, ask):
    t = _play(d, "modify_items", 5001, [JUAN, ask, "yes", "no that's all"])
    _sound(t)
    assert _writes(t) == [ADDRESS], _said(t)


# --- 6. everyday words for the store's products -------------------------------------------------------------------------
DAIKI = "daiki muller 94157"  # mixed_pending_delivered 5001: #W5961635 delivered (boots), #W6790887 pending (dumbbells +
# earbuds)
EARBUDS_BLACK = ("modify_pending_order_items", "#W6790887", ["2052249669"], ["4063058357"])


@pytest.mark.parametrize("word", ["earphone", "earphones", "ear buds", "buds"])
def test_a_second_request_in_everyday_words_is_not_dropped(d, word):
    t = _play(d, "mixed_pending_delivered", 5001, [
        f"Hello. Muller Daiki. Postal code 94157. I have two problem. First the boots I receive are too big, I want the "
        f"size 10 instead. Second the {word} in my other order not yet arrive, please make them black colour.",
        "yes ok", "yes"])
    _sound(t)
    assert _writes(t)[0][:2] == ("exchange_delivered_order_items", "#W5961635"), _said(t)
    assert EARBUDS_BLACK in _writes(t), _said(t)


@pytest.mark.parametrize("ask,shown", [
    ("what colour did I pick for the earphones?", "Wireless Earbuds (white"),  # the tester's (before: "can't help")
    ("what colour did I pick for the weights?", "Dumbbell Set ("),
    ("what colour are the buds?", "Wireless Earbuds (white"),
])
def test_a_question_in_everyday_words_is_answered(d, ask, shown):
    t = _play(d, "mixed_pending_delivered", 5001, [DAIKI, ask])
    _sound(t)
    assert shown in _said(t)[-1] and "can't help" not in _said(t)[-1], _said(t)


@pytest.mark.parametrize("text,names,found", [
    ("my earphones", ["Wireless Earbuds", "Headphones"], ["Wireless Earbuds"]),
    ("the weights are too heavy", ["Dumbbell Set", "Yoga Mat"], ["Dumbbell Set"]),
    ("return the suitcase", ["Luggage Set"], ["Luggage Set"]),
    ("thanks bud", ["Wireless Earbuds"], []),  # near miss: 'buds' only in the plural
    ("the weight range", ["Dumbbell Set", "Yoga Mat"], []),  # near miss: the option's name, no item
    ("my headphones", ["Wireless Earbuds", "Headphones"], ["Headphones"]),
])
def test_everyday_words_name_items(text, names, found):
    assert sorted({n for _, _, n, _ in item_mentions(text, names)}) == found


# --- 7. a yes with an aside, and a yes in another language ----------------------------------------------------------------
AARAV = ["aarav.sanchez1292@example.com", "cancel the skateboard order, no longer need it"]  # cancel 5001, #W6348442
SOFIA = ["hi, Sofia Li here, email is sofia.li5731@example.com", "return the headphones"]  # return 5001, #W9323073
PLAIN_YES = "I need a plain yes (or no) before I go ahead"


@pytest.mark.parametrize("lines,reply", [
    (AARAV, "yes, I don't think I'll need it"),  # the tester's
    (AARAV, "yes please, hopefully the refund shows up before friday"),
    (AARAV, "yes... probably for the best"),
    (AARAV, "yep, not sure why I bought it in the first place lol"),
    (AARAV, "si"),
    (AARAV, "oui"),
    (SOFIA, "yes please, hopefully the money comes back quick"),
    (SOFIA, "yes, probably should have never bought them"),
])
def test_a_yes_with_an_aside_is_asked_once_for_a_plain_yes(d, lines, reply):
    t = _play(d, "cancel" if lines is AARAV else "return", 5001, lines + [reply])
    _sound(t)
    assert _writes(t) == [], _said(t)  # (the consent reading takes it for no yes: nothing written on it)
    assert PLAIN_YES in _said(t)[-1] and "To confirm" in _said(t)[-1], _said(t)
    t = _play(d, "cancel" if lines is AARAV else "return", 5001, lines + [reply, "yes"])
    _sound(t)
    assert len(_writes(t)) == 1, _said(t)


@pytest.mark.parametrize("reply", ["ok, not sure", "yes, probably", "yes, I don't think so", "hmm, not sure why I bought it"])
def test_near_miss_a_hesitation_is_no_yes(d, reply):
    t = _play(d, "cancel", 5001, AARAV + [reply])
    _sound(t)
    assert _writes(t) == [] and PLAIN_YES not in _said(t)[-1], _said(t)


# --- 8. an option no longer minded; a cheaper one asked for -----------------------------------------------------------
MEI = ["hey its Kovacs, Mei (last name first sorry) zip is 43295", "so i got two phones in my last delivery W5382576 and "
       "the black 8gb one i want to swap for the same phone but more ram, whatever is the next size up"]  # exchange 5000


@pytest.mark.parametrize("reply", [
    "actually make it the black 6.5 inch one instead, ram doesnt matter",  # the tester's
    "the 6.5 inch black one, I don't care about the ram",
    "hmm the 6.5-inch would be better i think, any ram is fine",
])
def test_an_option_no_longer_minded_is_dropped(d, reply):
    t = _play(d, "exchange", 5000, MEI + [reply])
    _sound(t)
    last = _said(t)[-1]
    assert "-> (black, 128GB, 4GB, 6.5-inch, $1,128.99)" in last and "Please note" not in last, last


@pytest.mark.parametrize("text,keys,waived", [
    ("ram doesnt matter", ["RAM", "storage"], {"RAM"}),
    ("I don't care about the colour", ["color", "size"], {"color"}),
    ("any storage is fine", ["RAM", "storage"], {"storage"}),
    ("the ram matters to me", ["RAM"], set()),  # near misses
    ("more ram please", ["RAM"], set()),
    ("a clicky full size one, don't want any backlight", ["switch type", "backlight", "size"], set()),
    ("whatever screen size", ["RAM", "screen size"], {"screen size"}),
])
def test_waived_options(text, keys, waived):
    assert waived_options(text, keys) == waived


@pytest.mark.parametrize("ask", ["is there a cheaper black one?", "do you have anything less expensive in black?",
                                 "any cheaper options?"])
def test_a_cheaper_one_asked_for_is_listed(d, ask):
    t = _play(d, "exchange", 5000, MEI + [ask])
    _sound(t)
    last = _said(t)[-1]
    assert "black, 128GB, 4GB, 6.5-inch ($1,128.99)" in last and "To confirm" in last, last
    assert _writes(t) == []


def test_near_miss_the_price_difference_is_still_the_proposals(d):
    t = _play(d, "exchange", 5000, MEI + ["whats the price difference?"])
    _sound(t)
    assert _said(t)[-1].startswith("As proposed, you get $103.28 back"), _said(t)


# --- 9. a complaint -------------------------------------------------------------------------------------------------------
ETHAN = "ethan.sanchez3299@example.com"  # transfer 5001


@pytest.mark.parametrize("ask", [
    "I'd like to lodge a formal complaint",  # the tester's (before: the menu again)
    "how do I file a complaint?",
    "I want to complain about the service I got",
    "i wish to make an official complaint about your company",
])
def test_a_complaint_goes_to_a_person(d, ask):
    t = _play(d, "transfer", 5001, [ETHAN, ask])
    _sound(t)
    assert [name for name, _ in _calls(t, {"transfer_to_human_agents"})] == ["transfer_to_human_agents"], _said(t)


@pytest.mark.parametrize("ask", [
    "the kettle I got arrived cracked and I want to file a complaint",  # an item named: what can be done for it
    "no complaints, just want to know if my order shipped",
])
def test_near_miss_no_transfer(d, ask):
    t = _play(d, "transfer", 5001, [ETHAN, ask])
    _sound(t)
    assert not _calls(t, {"transfer_to_human_agents"}), _said(t)
