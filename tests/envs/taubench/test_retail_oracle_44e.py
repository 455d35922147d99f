"""Retail R6: two or more items asked up front, one written (retail tester 43, /work/h43/retA/REPORT.md, V3).

The tester's words: "V3 (miss, R6; moderate confidence): the customer asks up front to change two items of a pending
order, and the agent lists and writes one (HW-R6-two-items-asked-one-written) -> 0." The hand trace: "change the
notebook to A4 hard cover and the mouse to black laser wireless in #W2052757. mei.gonzalez8775@example.com"; the agent
proposes and writes the Notebook alone; the order's items can be changed only once, so the mouse never is.

Was: R6 fired on a second items call on an order and on a call sent right after the customer added an item in the
same turn, not on an order's only call that leaves out an item asked in an earlier message. Now
(``verifiers._asked_not_written``, reading ``verifier_asked.asked_items``, the oracle's own reading): the order's only
modify-items / exchange call is R6 when an item the customer asked, before it, to exchange or modify (by name, a word
of its name, an everyday name, "the black one" by its option values, "everything"; in the opening message or added
later) and did not drop ("actually just the notebook", "forget the mouse", "never mind" after the agent asked about
it) is not written, unless it has no other variant available or an agent text said it cannot be changed. An item
asked for a return or a cancel, kept ("but keep the mouse"), named as the new side of a change ("swap the notebook for
the hard cover one") or of another order is not asked. A per-item split (two calls) stays R6 once, on the second call.
The reading errs towards no violation: a word that may narrow or turn the request ("but", "just", "or", "doesn't"),
an asked item spoken of again, two orders in play, a reply that is not a plain yes, or a proposal that listed the item
read nothing as asked (the near misses below stay clean for that reason too).
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.conversation import Conversation

D = get_domain("taubench-retail")
ORDER, EMAIL = "#W2052757", "mei.gonzalez8775@example.com"  # modify_items seed 20 (the tester's scenario)
NOTEBOOK = ("9799386954", "1199058591")  # A5 soft cover -> A4 hard cover
MOUSE = ("7420906769", "8214883393")  # white laser wireless -> black laser wireless
PROPOSE_ONE = (f"To confirm, I will modify order {ORDER}: Notebook (A5, soft cover) -> (A4, hard cover), paying the "
               "$3.70 difference with your PayPal account. Shall I go ahead?")
PROPOSE_TWO = (f"To confirm, I will modify order {ORDER}: Notebook (A5, soft cover) -> (A4, hard cover) and Gaming Mouse "
               "(white, laser, wireless) -> (black, laser, wireless), paying the difference with your PayPal account. "
               "Shall I go ahead?")


def _modify(first: str, middle: list[tuple[str, str]] = (), both: bool = False) -> list[tuple[str, int]]:
    """The tester's trace with ``first`` as the opening message (the email after it), ``middle`` ("a" agent, "u"
    customer) before the proposal, then a yes and one modify call: the notebook, or (``both``) the notebook and the
    mouse."""
    c = Conversation(D, "modify_items", 20)
    c.user(f"{first} {EMAIL}")
    c.call("find_user_id_by_email", {"email": EMAIL})
    c.call("get_user_details", {"user_id": c.scenario["user_id"]})
    c.call("get_order_details", {"order_id": ORDER})
    for role, text in middle:
        (c.user if role == "u" else c.agent)(text)
    c.agent(PROPOSE_TWO if both else PROPOSE_ONE)
    c.user("yes")
    pairs = [NOTEBOOK, MOUSE] if both else [NOTEBOOK]
    c.call("modify_pending_order_items", {"order_id": ORDER, "item_ids": [a for a, _ in pairs],
                                          "new_item_ids": [b for _, b in pairs], "payment_method_id": "paypal_2568958"})
    c.agent("The items are changed.")
    return [(v.policy, v.message_index) for v in c.violations()]


def _write_index(middle=()) -> int:
    return 9 + len(middle)


ASKED_TWO = [
    # the tester's words
    "change the notebook to A4 hard cover and the mouse to black laser wireless in #W2052757.",
    # other wordings of two or more items up front
    "I want to change the notebook and the mouse in #W2052757",
    "the notebook + mouse in #W2052757 need changing",
    "can you swap both the notebook and the gaming mouse on order W2052757",
    "notebook, mouse and jacket in #W2052757 - can I switch them to other options?",
    "hi. order #W2052757: i'd like a different size for the fleece jacket and a hard cover notebook pls",
    "modify #W2052757 - notebook to A4 hard cover, gaming mouse to black",
    "I need to change the notebook in #W2052757, the mouse too",
    "Change both items please: notebook and mouse (#W2052757)",
    "hey so in #W2052757 the notebook needs to be A4 hard cover, and the jacket I need in XL",
    "I need to modify my order #W2052757. The notebook should be A4 hard cover. Also the gaming mouse should be black.",
    "I'd like to change some items in #W2052757. The notebook to A4 hard cover, the mouse to black.",
    "#W2052757: notebook and mouse. Can I swap them for other options?",
    "I wanna upgrade my notebok and mouse from #W2052757",
    "Quiero cambiar el notebook y el mouse en #W2052757",
    # items by colour / size / cover: the black jacket and the red chair, the A5 notebook and the size L jacket
    "in #W2052757 I want to exchange the black one and the red one",
    "in #W2052757 I want to change the A5 one and the size L one",
    "in #W2052757 please change the soft cover one and the red chair",
    "in #W2052757 swap the notebook for the A4 one and the jacket for the XL one",
]


@pytest.mark.parametrize("first", ASKED_TWO)
def test_two_items_asked_one_written_is_r6(first: str) -> None:
    assert _modify(first) == [("R6", _write_index())]


@pytest.mark.parametrize("first", [f for f in ASKED_TWO if "mouse" in f and "jacket" not in f])
def test_two_items_asked_both_written_is_clean(first: str) -> None:
    assert _modify(first, both=True) == []


@pytest.mark.parametrize("first", [f for f in ASKED_TWO if "jacket" in f or "everything" in f])
def test_three_items_asked_two_written_is_r6(first: str) -> None:
    """The jacket (or the whole order) was asked too: writing the notebook and the mouse leaves it out."""
    assert _modify(first, both=True) == [("R6", _write_index())]


ONE_ASKED = [
    "change the notebook in #W2052757 to A4 hard cover",
    "I want to change the notebook in #W2052757 but keep the mouse",
    "I want to change the notebook in #W2052757, not the mouse",
    "I want to change the notebook in #W2052757 instead of the mouse",
    "the mouse is fine, just change the notebook in #W2052757",
    "I'd like to return the mouse and change the notebook in #W2052757",
    "change the shipping address of #W2052757, the one with the notebook and the mouse",
    "could you swap the notebook for the A4 hard cover one in #W2052757",
    "I want to exchange the notebook for a hard cover notebook #W2052757",
    "I'd like to change the notebook in #W2052757, everything else stays",
    "I'd like to change the notebook in #W2052757, leave everything else",
    "I want to change the notebook in #W2052757. The mouse was great though.",
    "I want to change the notebook in #W2052757, the mouse works great though.",
    "I want to change the notebook and the mouse that doesnt work in #W2052757",  # a word that may turn: not read
    "change the notebook and the mouse in #W2052757, or just the notebook if the mouse is out of stock",
    "in #W2052757 I want to change the notebook, the white one is fine",
    "in #W2052757 swap the notebook for the hard cover one",
    "change the notebook in #W2052757 and the mouse in #W7303089",  # the mouse named for another order
    "I want the notebook to be changed and the mouse to be returned #W2052757",
]


@pytest.mark.parametrize("first", ONE_ASKED)
def test_one_item_asked_one_written_is_clean(first: str) -> None:
    assert _modify(first) == []


ASK_BOTH = "change the notebook and the mouse in #W2052757"
NOTEBOOK_Q = ("a", "Which option would you like for the Notebook?")
MOUSE_Q = ("a", "Which option would you like for the Gaming Mouse?")


@pytest.mark.parametrize("middle", [
    [NOTEBOOK_Q, ("u", "A4 hard cover"), MOUSE_Q, ("u", "actually just the notebook")],
    [NOTEBOOK_Q, ("u", "A4 hard cover"), MOUSE_Q, ("u", "never mind, leave it")],
    [NOTEBOOK_Q, ("u", "A4 hard cover"), MOUSE_Q, ("u", "hmm none of those, forget it")],
    [NOTEBOOK_Q, ("u", "A4 hard cover"), MOUSE_Q, ("u", "just the one item please")],
    [NOTEBOOK_Q, ("u", "A4 hard cover, and forget the mouse")],
    [NOTEBOOK_Q, ("u", "A4 hard cover. The mouse can stay as it is.")],
    [NOTEBOOK_Q, ("u", "A4 hard cover. on second thought I'll keep the mouse")],
    [NOTEBOOK_Q, ("u", "A4 hard cover. only the notebook actually")],
    [NOTEBOOK_Q, ("u", "A4 hard cover"), ("a", "The Gaming Mouse has no other options available."), ("u", "ok")],
])
def test_an_item_dropped_later_is_clean(middle) -> None:
    """The near misses: the customer drops the second item (or the agent says it cannot be changed) before the write."""
    assert _modify(ASK_BOTH, middle) == []


@pytest.mark.parametrize("first,middle", [
    (ASK_BOTH, [NOTEBOOK_Q, ("u", "A4 hard cover")]),
    (ASK_BOTH, [NOTEBOOK_Q, ("u", "A4 hard cover"), MOUSE_Q, ("u", "black laser wireless")]),
    ("change the notebook in #W2052757", [NOTEBOOK_Q, ("u", "A4 hard cover. oh and the mouse too")]),
    ("change the notebook in #W2052757", [NOTEBOOK_Q, ("u", "A4 hard cover. Could you also change the mouse?")]),
])
def test_an_item_still_asked_at_the_write_is_r6(first: str, middle) -> None:
    assert _modify(first, middle) == [("R6", _write_index(middle))]


@pytest.mark.parametrize("first,middle", [
    ("any update on the notebook and the mouse in #W2052757?", [("a", "Both are pending."),
                                                               ("u", "ok, change the notebook then")]),
    ("I want to change the notebook in #W2052757", [NOTEBOOK_Q, ("u", "A4 hard cover. any updates on the mouse?")]),
])
def test_other_talk_of_an_item_is_no_request(first: str, middle) -> None:
    assert _modify(first, middle) == []


def test_an_item_added_for_a_return_is_not_asked_for_the_change() -> None:
    middle = [NOTEBOOK_Q, ("u", "A4 hard cover. I also want to return the mouse")]
    assert _modify("change the notebook in #W2052757", middle) == []


# --- an exchange of a delivered order: the kettle and the perfume asked, the kettle exchanged ---------------------
def _exchange(first: str, both: bool = False) -> list[tuple[str, int]]:
    c = Conversation(D, "exchange", 1000010)
    sc = c.scenario
    order = sc["delivered_order_id"]
    c.user(f"{first.format(order=order)} {sc['email']}")
    c.call("find_user_id_by_email", {"email": sc["email"]})
    c.call("get_user_details", {"user_id": sc["user_id"]})
    c.call("get_order_details", {"order_id": order})
    pairs = [("1906487464", "9647374798")] + ([("3399869890", "1325156478")] if both else [])
    c.agent(f"To confirm, I will exchange in order {order}: Tea Kettle (stainless steel, 2 liters, induction) -> (glass, "
            "1.5 liters, gas)" + (" and Perfume (woody, 100ml, men) -> (oriental, 30ml, men)" if both else "") +
            ", with your gift card. Shall I go ahead?")
    c.user("yes")
    c.call("exchange_delivered_order_items", {"order_id": order, "item_ids": [a for a, _ in pairs],
                                              "new_item_ids": [b for _, b in pairs],
                                              "payment_method_id": "gift_card_7777844"})
    c.agent("The exchange is requested.")
    return [(v.policy, v.message_index) for v in c.violations()]


@pytest.mark.parametrize("first", [
    "I want to exchange the kettle and the perfume from {order}",
    "exchange tea kettle + perfume ({order}) pls",
    "both the kettle and the perfume in {order} need exchanging",
    "the kettle and perfume from {order} need exchanging",
])
def test_exchange_of_two_asked_one_written_is_r6(first: str) -> None:
    assert _exchange(first) == [("R6", 9)]
    assert _exchange(first, both=True) == []


@pytest.mark.parametrize("first", [
    "I want to exchange the kettle from {order}, the perfume is fine",
    "I want to exchange the kettle and return the perfume from {order}",
    "exchange the kettle in {order} please",
])
def test_exchange_of_one_asked_is_clean(first: str) -> None:
    assert _exchange(first) == []


# --- the reference agent on the same openings: the fault-free agent writes every item asked; per_item_calls stays
# one R6 (on its second call) ------------------------------------------------------------------------------------
def _play(family: str, seed: int, lines: list[str], faults=()):
    sc = D.scenario(family, seed)
    lines = [x.format(**{a: b for a, b in sc.items() if isinstance(b, str)}) for x in lines]
    return play_messages(D, sc, D.make_target("reference", list(faults)), lines, "fix44e")


@pytest.mark.parametrize("family,seed,lines", [
    ("modify_items", 20, ["{email}. in {pending_order_id} please change the {pending_item} to {pending_option} and the "
                          "{pending_item2} to {pending_option2}", "yes"]),
    ("modify_items", 3, ["{email}", "I want to change the {pending_item} and the {pending_item2} in {pending_order_id}",
                         "first option", "first option", "yes"]),
    ("mixed_pending_delivered", 1, ["{email}. in {pending_order_id} please change the {pending_item} to "
                                    "{pending_option} and the {pending_item2} to {pending_option2}", "yes"]),
    ("exchange", 1000010, ["{email}", "can I exchange the {delivered_item} and the {delivered_item2} in "
                                      "{delivered_order_id}?", "first option", "first option", "yes"]),
    ("exchange", 4, ["{email}", "exchange {delivered_item} and {delivered_item2} in {delivered_order_id}",
                     "first option", "actually just the {delivered_item}", "yes"]),
])
def test_reference_agent_is_clean_and_the_split_is_r6_once(family: str, seed: int, lines: list[str]) -> None:
    good = _play(family, seed, lines)
    assert good.violations == [] and any(
        c["function"]["name"] in ("modify_pending_order_items", "exchange_delivered_order_items")
        for m in good.messages for c in m.get("tool_calls") or [])
    bad = _play(family, seed, lines, ["per_item_calls"])
    calls = [i for i, m in enumerate(bad.messages) for c in m.get("tool_calls") or []
             if c["function"]["name"] == "exchange_delivered_order_items"]
    if len(calls) >= 2:
        assert [(v.policy, v.message_index) for v in bad.violations] == [("R6", calls[1])]
    else:
        assert bad.violations == []
