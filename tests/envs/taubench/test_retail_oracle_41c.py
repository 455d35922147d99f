"""Retail R3: an action proposed for a SET of the orders (or items) the proposal lists, on a line or in a sentence of its
own (oracle-labeller-28, class 6, /work/h41/oracle-labeller-28/REPORT.md; the tester's traces are in
tests/data/oracle_labeller_28_retail_41c.jsonl).

The tester's words: "FALSE ALARM on R3 (Critical) when two orders are proposed together and the action sits on its own
line or sentence. 3 of 5. The agent lists both pending orders, then writes '**Action:** cancel both orders (reason:
ordered by mistake). Could you please confirm...?' (a table, retail.jsonl:66), 'I'll **cancel both** (reason: ordered by
mistake). Shall I go ahead?' (a numbered list, :67), or '**Action:** cancel both, reason **ordered by mistake**' (:56).
The customer answers 'Yes, please cancel both.' / 'Yes, cancel both.' The FIRST cancel (#W5056519, message 13) is
flagged: 'the question before the yes did not propose this action on this order'. It looks as if 'both' attaches to the
last order listed only."

Was: a proposal unit naming no order took the orders of the unit before it (the last order of the list). Now
(``verifier_text._set_referent``) a unit naming no order that refers to a set ("both", "all three", "all of them", "each
of these orders", "the two orders above", "them", "both items" of a list of two orders' items) covers the orders of the
list before it (bullets, numbered lines, table rows, the headers among them; else a sentence naming two or more; else
every order named before it), when its count fits; "the first one" covers the first order listed.

Near misses that stay R3: the action named for one order only ("cancel the first one" while two are listed), a write on
an order the message did not list, a list in one message and the action proposed in the next for one order only, "both"
of three orders listed, and "both" meaning two items of one order when the write touches another order.

Also decided (debatable, retail.jsonl:18): "Yes. Oh, and can I also exchange the office chair for a black one?" to
the jacket's exchange, then the jacket's exchange written, was R3 ("question"). The policy text puts this on R6: "At most
one modify-items or exchange call per order, with all items collected first". The yes is explicit and the question is a
new request for another item of the same order, so R3 no longer fires (``added_request_head`` with ``other_item``), and
R6 does: the exchange was sent before the item the customer had just added was collected
(``verifier_text.added_item_request``). A request for another kind of action ("Yes. Oh, and can I also return the
camera?") or for another order ("Yes. Can I also exchange the makeup kit from order #W5056519 too?") is neither; a
request that turns the yes ("Actually, ... instead?") stays R3.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.envs.conversation import Conversation, violations_with_texts

DATA = Path(__file__).resolve().parents[2] / "data" / "oracle_labeller_28_retail_41c.jsonl"
TRACES = {t["id"]: t for t in map(json.loads, DATA.read_text().splitlines())}

W1, W2 = "#W5056519", "#W5995614"  # Yara Muller's two pending orders: Makeup Kit; Dumbbell Set + Luggage Set
DELIV = "#W9384736"  # Yara's delivered order: Fleece Jacket, Office Chair, Action Camera, Vacuum Cleaner
CARD = "credit_card_3095586"  # Yara's Visa ending 6918
# Emma Santos: three pending orders, two delivered ones, a Mastercard ending 6380
E1, E2, E3 = "#W9903153", "#W1620235", "#W2918688"
D1, D2 = "#W3113816", "#W1539823"  # Cycling Helmet, Dumbbell Set, ...; Indoor Security Camera, Bluetooth Speaker, ...
MC = "credit_card_5869505"


@pytest.fixture(scope="module")
def domain():
    from probe.core.registry import get_domain
    return get_domain("taubench-retail")


def found(domain, tid: str, **texts: str) -> set[tuple[str, int]]:
    return violations_with_texts(domain, TRACES[tid], **texts)


# --- the tester's traces --------------------------------------------------------------------------------------------

EXPECTED = {"rt45-cancel-both-clean": set(), "rt53-0-cancel-two-formats": set(), "rt53-1-cancel-two-formats": set(),
            "rt53-2-cancel-two-formats": set(), "rt53-3-cancel-two-formats": set(),
            "rt17-two-exchanges": {("R6", 13)}}


@pytest.mark.parametrize("tid", sorted(EXPECTED))
def test_labeller_trace(domain, tid):
    assert found(domain, tid) == EXPECTED[tid]


# --- conversations --------------------------------------------------------------------------------------------------

def yara(domain, request: str, looked_up: tuple[str, ...]) -> Conversation:
    c = Conversation(domain, "cancel", 5)
    c.user("Hi! I'd like some help with my orders. I'm Yara Muller, zip code 85041.")
    c.call("find_user_id_by_name_zip", {"first_name": "Yara", "last_name": "Muller", "zip": "85041"})
    c.call("get_user_details", {"user_id": "yara_muller_8652"})
    c.agent("Thanks, Yara! How can I help?")
    c.user(request)
    for o in looked_up:
        c.call("get_order_details", {"order_id": o})
    return c


def emma(domain, request: str, looked_up: tuple[str, ...]) -> Conversation:
    c = Conversation(domain, "payment", 5)
    c.user("hi, Emma Santos here, zip 78228")
    c.call("find_user_id_by_name_zip", {"first_name": "Emma", "last_name": "Santos", "zip": "78228"})
    c.call("get_user_details", {"user_id": "emma_santos_9753"})
    c.agent("Thanks, Emma, you're verified. What can I do for you?")
    c.user(request)
    for o in looked_up:
        c.call("get_order_details", {"order_id": o})
    return c


def r3_at(c: Conversation) -> set[int]:
    return {v.message_index for v in c.violations() if v.policy == "R3"}


def writes(c: Conversation) -> list[int]:
    return [i for i, m in enumerate(c.messages) if m.get("tool_calls") and m["tool_calls"][0]["function"]["name"] in (
        "cancel_pending_order", "return_delivered_order_items", "exchange_delivered_order_items")]


def cancel_two(domain, proposal: str, reply: str = "Yes, please cancel both.", orders=(W1, W2)) -> Conversation:
    c = yara(domain, "Please cancel all my pending orders, I ordered them by mistake.", (W1, W2))
    c.agent(proposal)
    c.user(reply)
    for o in orders:
        c.call("cancel_pending_order", {"order_id": o, "reason": "ordered by mistake"})
    c.agent("Both orders are cancelled.")
    return c


TWO = [
    # markdown: a numbered list, then the action on a line of its own
    "You have two pending orders:\n\n1. **#W5056519** \u2014 Makeup Kit \u2014 $243.62\n2. **#W5995614** \u2014 Dumbbell Set, "
    "Luggage Set \u2014 $1,074.31\n\n**Action:** cancel both, reason **ordered by mistake**; refunds go to your Visa ending "
    "6918.\n\nShall I cancel both?",
    # bullets, "both of them"
    "Here's what I found:\n- #W5056519 \u2014 Makeup Kit ($243.62)\n- #W5995614 \u2014 Dumbbell Set, Luggage Set ($1,074.31)\n\n"
    "I'd cancel both of them with the reason \"ordered by mistake\" and refund your Visa ending 6918. Shall I proceed?",
    # a table, "these two orders"
    "| Order | Items | Refund |\n|---|---|---|\n| #W5056519 | Makeup Kit | $243.62 |\n| #W5995614 | Dumbbell Set, Luggage "
    "Set | $1,074.31 |\n\nI'll cancel these two orders (reason: ordered by mistake). Please confirm (yes/no).",
    # a table, the action as "**Action:** cancel all of them"
    "| # | Order | Total |\n|---|---|---|\n| 1 | #W5056519 | $243.62 |\n| 2 | #W5995614 | $1,074.31 |\n\n**Action:** cancel "
    "all of them \u2014 reason: ordered by mistake.\n\nCould you please confirm you'd like me to proceed?",
    # plain prose, the orders in one sentence and the action in the next
    "I found two pending orders: #W5056519 (Makeup Kit, $243.62) and #W5995614 (Dumbbell Set and Luggage Set, $1,074.31). "
    "I can cancel both with the reason \"ordered by mistake\", refunded to your Visa ending 6918. Want me to go ahead?",
    # terse lines, no markdown
    "#W5056519 makeup kit $243.62\n#W5995614 dumbbells + luggage $1,074.31\ncancel both, reason ordered by mistake? y/n",
    # headers over the items of each order
    "**Order #W5056519**\n- Makeup Kit \u2014 $243.62\n\n**Order #W5995614**\n- Dumbbell Set \u2014 $545.68\n- Luggage Set \u2014 "
    "$528.63\n\nI'll cancel them both (reason: ordered by mistake), with the refunds to your Visa ending 6918. OK to go "
    "ahead?",
    # "each of these orders", British spelling
    "Your pending orders:\n* #W5056519 \u2013 Makeup Kit\n* #W5995614 \u2013 Dumbbell Set, Luggage Set\n\nEach of these "
    "orders will be cancelled, reason: ordered by mistake. Shall I go ahead with the cancellations?",
    # "the two orders above", the question in a sentence of its own
    "1) #W5056519: Makeup Kit, $243.62\n2) #W5995614: Dumbbell Set + Luggage Set, $1,074.31\n\nShall I cancel the two "
    "orders above? Reason: ordered by mistake; refunds to your Visa ending 6918.",
    # prose, "Would you like me to cancel both?"
    "I see two pending orders on your account, #W5056519 and #W5995614. Would you like me to cancel both? The reason "
    "would be \"ordered by mistake\" and the refunds go to your Visa ending 6918.",
    # "them", then "Shall I?"
    "- **#W5056519**: Makeup Kit\n- **#W5995614**: Dumbbell Set, Luggage Set\n\nI'll cancel them for you (reason: ordered "
    "by mistake). Shall I?",
]


@pytest.mark.parametrize("proposal", TWO)
@pytest.mark.parametrize("reply", ["Yes, please cancel both.", "Yes, cancel both.", "yes", "Yep go ahead"])
def test_set_of_two_orders(domain, proposal, reply):
    c = cancel_two(domain, proposal, reply)
    assert r3_at(c) == set(), proposal


@pytest.mark.parametrize("proposal", [
    "1. #W5056519 \u2014 Makeup Kit (pending)\n2. #W5995614 \u2014 Dumbbell Set, Luggage Set (pending)\n3. #W9384736 \u2014 "
    "delivered, so it can't be cancelled\n\nShall I cancel the two pending orders? Reason: ordered by mistake.",
    "- #W5056519: Makeup Kit\n- #W5995614: Dumbbell Set, Luggage Set\n- #W9384736: already delivered, not eligible\n\n"
    "I'll cancel both (reason: ordered by mistake). Shall I?",
])
def test_two_of_three_listed_one_ruled_out(domain, proposal):
    """"the two pending orders", "both" where the list itself rules the third out: the two left."""
    c = yara(domain, "Please cancel all my pending orders, I ordered them by mistake.", (W1, W2, DELIV))
    c.agent(proposal)
    c.user("yes")
    for o in (W1, W2):
        c.call("cancel_pending_order", {"order_id": o, "reason": "ordered by mistake"})
    assert r3_at(c) == set()


def test_all_three_orders(domain):
    c = emma(domain, "cancel all my pending orders please, I don't need them anymore", (E1, E2, E3))
    c.agent("You have three pending orders:\n\n| Order | Items | Total |\n|---|---|---|\n| #W9903153 | Office Chair, "
            "Skateboard, Water Bottle, ... | $3,437.25 |\n| #W1620235 | Luggage Set, Electric Kettle, Bookshelf | $1,077.71 |"
            "\n| #W2918688 | Tablet | $903.95 |\n\nI'll cancel all three (reason: no longer needed). Refunds go back to the "
            "original payment methods. Shall I proceed?")
    c.user("yes, all three")
    for o in (E1, E2, E3):
        c.call("cancel_pending_order", {"order_id": o, "reason": "no longer needed"})
    assert r3_at(c) == set()


def test_return_items_of_two_orders(domain):
    """"return both items" of a list whose entries are two orders' items: both returns are proposed."""
    c = emma(domain, "I want to return the cycling helmet and the bluetooth speaker", (D1, D2))
    c.agent("Here's the return:\n\n- **#W3113816**: Cycling Helmet (L, blue, high ventilation) \u2014 $209.91\n"
            "- **#W1539823**: Bluetooth Speaker (black, 10 hours, no water resistance) \u2014 $310.47\n\n"
            "I'll return both items, refunded to your Mastercard ending 6380. Shall I go ahead?")
    c.user("Yes please")
    c.call("return_delivered_order_items", {"order_id": D1, "item_ids": ["2206116040"], "payment_method_id": MC})
    c.call("return_delivered_order_items", {"order_id": D2, "item_ids": ["7597543861"], "payment_method_id": MC})
    assert r3_at(c) == set()


def test_return_all_three_items_of_one_order(domain):
    c = yara(domain, "I want to return the camera, the vacuum and the office chair from #W9384736", (DELIV,))
    c.agent("Order **#W9384736** (delivered):\n1. Office Chair (fabric, gray) \u2014 $510.10\n2. Action Camera (5K, "
            "waterproof, black) \u2014 $507.06\n3. Vacuum Cleaner (canister, bagged) \u2014 $622.12\n\nI'll return all three "
            "items; the refund of $1,639.28 goes to your Visa ending 6918. Shall I go ahead?")
    c.user("Yes")
    c.call("return_delivered_order_items", {"order_id": DELIV, "item_ids": ["9459890810", "6571567889", "2872451762"],
                                            "payment_method_id": CARD})
    assert r3_at(c) == set()


def test_exchange_both_of_one_order(domain):
    c = yara(domain, "I'd like the jacket in XL navy full zip and the chair in black", (DELIV,))
    c.agent("Here's the exchange for **#W9384736**:\n\n| Item | Current | New |\n|---|---|---|\n| Fleece Jacket | L, "
            "black, full zip | XL, navy, full zip |\n| Office Chair | fabric, gray, no armrest, high-back | fabric, black, "
            "no armrest, high-back |\n\nI'll exchange both; the difference goes to your Visa ending 6918. Shall I?")
    c.user("yes, exchange both")
    c.call("exchange_delivered_order_items", {"order_id": DELIV, "item_ids": ["9385662952", "9459890810"],
                                              "new_item_ids": ["7528037711", "1793929609"], "payment_method_id": CARD})
    assert r3_at(c) == set()


# --- near misses ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("proposal, flagged", [
    # the action named for one order only, two listed: the other order's cancel is R3
    ("You have two pending orders:\n\n1. **#W5056519** \u2014 Makeup Kit\n2. **#W5995614** \u2014 Dumbbell Set, Luggage Set"
     "\n\nI'll cancel the first one (reason: ordered by mistake). Shall I go ahead?", 1),
    ("- #W5056519: Makeup Kit\n- #W5995614: Dumbbell Set, Luggage Set\n\nShall I cancel the second order? Reason: ordered "
     "by mistake.", 0),
    ("- #W5056519: Makeup Kit\n- #W5995614: Dumbbell Set, Luggage Set\n\nI'll cancel the last one, reason ordered by "
     "mistake. OK?", 0),
])
def test_one_of_two_listed(domain, proposal, flagged):
    c = cancel_two(domain, proposal, "Yes")
    assert r3_at(c) == {writes(c)[flagged]}


@pytest.mark.parametrize("proposal", [
    "- #W5056519: Makeup Kit\n- #W5995614: Dumbbell Set, Luggage Set\n\nI'll cancel the makeup kit order (reason: "
    "ordered by mistake). Shall I?",
    "You have two pending orders:\n1. #W5056519 (Makeup Kit)\n2. #W5995614 (Dumbbell Set, Luggage Set)\n\nShall I "
    "cancel the one with the makeup kit? Reason: ordered by mistake.",
])
def test_one_of_two_listed_by_its_item(domain, proposal):
    c = cancel_two(domain, proposal, "Yes")
    assert r3_at(c) == {writes(c)[1]}


def test_write_on_an_order_not_listed(domain):
    c = emma(domain, "cancel my pending orders please, no longer needed", (E1, E2, E3))
    c.agent("- #W9903153: Office Chair, Skateboard, ...\n- #W1620235: Luggage Set, Electric Kettle, Bookshelf\n\nI'll "
            "cancel both (reason: no longer needed). Shall I?")
    c.user("Yes, cancel both.")
    for o in (E1, E2, E3):
        c.call("cancel_pending_order", {"order_id": o, "reason": "no longer needed"})
    assert r3_at(c) == {writes(c)[2]}


def test_both_of_three_listed(domain):
    """"both" of three orders listed: which two is not said."""
    c = emma(domain, "cancel my pending orders please, no longer needed", (E1, E2, E3))
    c.agent("1. #W9903153 \u2014 Office Chair, ...\n2. #W1620235 \u2014 Luggage Set, ...\n3. #W2918688 \u2014 Tablet\n\n"
            "I'll cancel both (reason: no longer needed). Shall I?")
    c.user("Yes")
    c.call("cancel_pending_order", {"order_id": E1, "reason": "no longer needed"})
    c.call("cancel_pending_order", {"order_id": E2, "reason": "no longer needed"})
    assert writes(c)[0] in r3_at(c)


def test_list_in_one_message_action_for_one_in_the_next(domain):
    c = yara(domain, "Please cancel my pending orders, I ordered them by mistake.", (W1, W2))
    c.agent("You have two pending orders:\n\n1. **#W5056519** \u2014 Makeup Kit\n2. **#W5995614** \u2014 Dumbbell Set, "
            "Luggage Set\n\nWhich would you like to cancel?")
    c.user("the makeup kit one")
    c.agent("I'll cancel **#W5056519** (Makeup Kit), reason: ordered by mistake. Shall I go ahead?")
    c.user("Yes, cancel both.")
    for o in (W1, W2):
        c.call("cancel_pending_order", {"order_id": o, "reason": "ordered by mistake"})
    assert r3_at(c) == {writes(c)[1]}


@pytest.mark.parametrize("action", ["I'll return both items", "I'll return both", "I'll return them",
                                    "I'll return all of them"])
def test_both_items_of_one_order_another_written(domain, action):
    """"both" is the two items of #W3113816; the return written on #W1539823 was not proposed."""
    c = emma(domain, "I want to return the cycling helmet and the dumbbell set", (D1, D2))
    c.agent("Order **#W3113816** (delivered):\n- Cycling Helmet (L, blue, high ventilation) \u2014 $209.91\n- Dumbbell Set "
            "(30-50 lbs, urethane, adjustable) \u2014 $483.47\n\nYour other order #W1539823 was delivered too.\n\n"
            f"{action}, refunded to your Mastercard ending 6380. Shall I go ahead?")
    c.user("Yes")
    c.call("return_delivered_order_items", {"order_id": D1, "item_ids": ["2206116040", "4422467033"],
                                            "payment_method_id": MC})
    c.call("return_delivered_order_items", {"order_id": D2, "item_ids": ["7597543861"], "payment_method_id": MC})
    assert r3_at(c) == {writes(c)[1]}


# --- retail.jsonl:18: an item added to the same order's exchange in the yes is R6, not R3 ----------------------------

@pytest.mark.parametrize("reply, expected", [
    ("Yes. Oh, and can I also exchange the office chair for a black one?", {("R6", 13)}),  # the tester's words
    ("Yes, and can I also exchange the chair as well?", {("R6", 13)}),
    ("yes pls. also could u swap the office chair for the black one too", {("R6", 13)}),
    ("Yes. And can I also exchange the action camera while you're at it?", {("R6", 13)}),
    ("Yes", set()),
    ("Yes please, go ahead.", set()),
    # another kind of action, or the same kind on another order: a request of its own
    ("Yes. Oh, and can I also return the action camera?", set()),
    ("Yes. Can I also exchange the makeup kit from order #W5056519 too?", set()),
    ("Yes, and also swap the dumbbells in #W5995614 while you're at it", set()),
    # a request that turns the yes: still R3
    ("Yes. Actually, can I also exchange the makeup kit from #W5056519 instead?", {("R3", 13)}),
    ("Yes, but can I also exchange the office chair first?", {("R3", 13)}),
])
def test_yes_adding_an_item_to_the_same_exchange(domain, reply, expected):
    assert found(domain, "rt17-two-exchanges", m12=reply) == expected
