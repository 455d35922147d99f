"""Retail customers a tester played against the fault-free clerk (twenty-seventh session), in phrasings other
than the tester's: an item told by its option words ("the full size keyboard") was returned from the wrong
order; "change the payment on my hiking boots order" was read as an item change; a return beside a default
address change was dropped; "same everything else" took every item of the order; a proposal of several items
could not be narrowed by "leave out the boots"; "not yet, first tell me the total" and "no wait yes" dropped
the request; an email typed with spaces was not read."""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_unseen_retail_customers import _calls, _expect, _play, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


# --- 1. option words pick the order that holds the item ---------------------------------------------------
# exchange family, seed 906: Olivia Ahmed; Mechanical Keyboard 60% in #W1579621, full size in #W2260828 (both
# delivered); Visa credit_card_9698900
@pytest.mark.parametrize("ask, order", [
    ("can I return my keyboard? the full size one", "#W2260828"),
    ("the mechanical keyboard in full size, i want to return it", "#W2260828"),
    ("the keyboard that's 60%, i'd like to return it", "#W1579621"),
])
def test_option_words_pick_the_order_that_holds_that_item(d, ask, order):
    _, t = _play(d, "exchange", ["{email}", ask, "yes"], seed=906)
    _expect(t, [("return_delivered_order_items", {"order_id": order})])
    assert len(_calls(t)[0][1]["item_ids"]) == 1, _calls(t)
    other = ({"#W1579621", "#W2260828"} - {order}).pop()
    assert not any(other in s for s in _said(t)), _said(t)  # the other keyboard is not proposed after it
    _sound(t)


@pytest.mark.parametrize("answer, order", [("the full size one", "#W2260828"), ("the second one", "#W2260828"),
                                           ("oh the 60% one", "#W1579621")])
def test_an_item_two_orders_hold_is_asked_about_when_the_words_do_not_tell(d, answer, order):
    _, t = _play(d, "exchange", ["{email}", "I want to return my mechanical keyboard", answer, "yes"], seed=906)
    said = _said(t)
    assert "Which one do you mean?" in said[1] and "#W1579621" in said[1] and "#W2260828" in said[1], said[1]
    _expect(t, [("return_delivered_order_items", {"order_id": order})])
    _sound(t)


# cancel family, seed 905: Aarav Nguyen; the same Hiking Boots (7, synthetic, no) delivered in #W7728728 and
# pending in #W2443586
# (stopped before the yes: the verifier reads the "(yes/no)" of the proposal as the boots' other 'waterproof'
# value, an R3 finding of its own for every item with a yes/no option)
@pytest.mark.parametrize("answer, order", [("the pair that already arrived", "#W7728728"),
                                           ("the ones that haven't shipped yet", "#W2443586")])
def test_the_same_item_delivered_and_pending_is_asked_about_not_changed_in_both(d, answer, order):
    _, t = _play(d, "cancel", ["{email}", "my hiking boots are too small, can i get a size 8 instead", answer], seed=905)
    said = _said(t)
    assert "Which one do you mean?" in said[1], said[1]
    other = ({"#W7728728", "#W2443586"} - {order}).pop()
    assert f"To confirm, I will {'exchange' if order == '#W7728728' else 'modify'} these items of order {order}" \
        in said[-1] and other not in said[-1], said[-1]
    _expect(t, None)
    _sound(t)


# --- 2. "the <item> order": the order, not the item -------------------------------------------------------
# payment family, seed 905: Lucas Johansson; #W5073920 (boots, backpack, puzzle) paid with the Mastercard
# credit_card_1814983, #W8379216 (office chair, tablet) with the Visa credit_card_1864112
@pytest.mark.parametrize("ask, order, method", [
    ("i'd like to switch my jigsaw puzzle order to the visa card", "#W5073920", "credit_card_1864112"),
    ("please change the card for the puzzle order, use the visa", "#W5073920", "credit_card_1864112"),
    ("swap the payment of my tablet order over to the mastercard", "#W8379216", "credit_card_1814983"),
    ("update the backpack order's payment to my visa instead", "#W5073920", "credit_card_1864112"),
])
def test_a_payment_change_on_the_order_named_by_its_item(d, ask, order, method):
    _, t = _play(d, "payment", ["{email}", ask, "yes"], seed=905)
    assert "Which option" not in " ".join(_said(t)), _said(t)
    _expect(t, [("modify_pending_order_payment", {"order_id": order, "payment_method_id": method})])
    _sound(t)


# --- 3. an order's address, the order named by its item ----------------------------------------------------
# address family, seed 905: Chen Ahmed; pending #W8268544 (helmet, vacuum, dumbbell set, smartphone)
@pytest.mark.parametrize("ask", [
    "please ship the dumbbell order to 9 Maple Ave, Columbus, OH 43004 instead",
    "change the address on my vacuum cleaner order to 9 Maple Ave, Columbus, OH 43004",
    "the order with the smartphone needs to go to 9 Maple Ave, Columbus, OH 43004 instead",
])
def test_an_order_address_change_named_by_an_item_changes_the_address_only(d, ask):
    _, t = _play(d, "address", ["{email}", ask, "yes"], seed=905)
    _expect(t, [("modify_pending_order_address", {"order_id": "#W8268544", "city": "Columbus", "zip": "43004"})])
    said = _said(t)
    assert "Which option" not in " ".join(said) and "To confirm" not in said[-1], said[-1]
    _sound(t)


# --- 4. two requests in one message: both done -------------------------------------------------------------
# cancel family, seed 905: earbuds delivered in #W7728728
@pytest.mark.parametrize("ask, first", [
    ("send back the wireless earbuds, and update my default address to 12 Pine St, Austin, TX 78701", "return"),
    ("my account address should be 12 Pine St, Austin, TX 78701 now. also return the earbuds please", "address"),
    ("can you update my address on file to 12 Pine St, Austin, TX 78701 and refund the earbuds", "address"),
])
def test_a_return_and_a_default_address_change_are_both_proposed(d, ask, first):
    _, t = _play(d, "cancel", ["{email}", ask, "yes", "yes"], seed=905)
    ret = ("return_delivered_order_items", {"order_id": "#W7728728"})
    addr = ("modify_user_address", {"zip": "78701", "city": "Austin"})
    _expect(t, [ret, addr] if first == "return" else [addr, ret])
    _sound(t)


@pytest.mark.parametrize("ask", ["the puzzle order should go on the visa, and put the tablet order on the mastercard",
                                 "charge the office chair order to my mastercard and the boots order to my visa"])
def test_two_orders_each_moved_to_the_card_said_for_it(d, ask):
    _, t = _play(d, "payment", ["{email}", ask, "yes", "yes"], seed=905)
    made = {a["order_id"]: a["payment_method_id"] for n, a in _calls(t)}
    assert made == {"#W5073920": "credit_card_1864112", "#W8379216": "credit_card_1814983"}, (made, _said(t))
    _sound(t)


# --- 5. "everything else the same" is no request for every item ----------------------------------------
# return family, seed 905: Mason Kovacs; #W9608525 (sunglasses, white desk lamp)
@pytest.mark.parametrize("ask", ["exchange my white desk lamp for the black version, keep everything else the same",
                                 "swap the lamp to black please, everything else stays the same",
                                 "could i get the lamp in black? same everything otherwise"])
def test_everything_else_the_same_changes_only_the_item_named(d, ask):
    _, t = _play(d, "return", ["{email}", ask, "yes"], seed=905)
    said = _said(t)
    assert "Sunglasses" not in " ".join(said), said
    _expect(t, [("exchange_delivered_order_items", {"order_id": "#W9608525"})])
    assert len(_calls(t)[0][1]["item_ids"]) == 1, _calls(t)
    _sound(t)


# --- 6. narrowing a proposal of several items ----------------------------------------------------------
# cancel family, seed 905: #W7728728 holds Wireless Earbuds (blue) 8555936349 and Hiking Boots (7) 1437889264
@pytest.mark.parametrize("narrow", ["take out the boots please", "remove the hiking boots from the return",
                                    "boots stay, earbuds go", "only the blue pair", "forget about the boots"])
def test_a_narrowed_proposal_lists_only_the_items_kept(d, narrow):
    _, t = _play(d, "cancel", ["{email}", "return the earbuds and the hiking boots", narrow, "yes"], seed=905)
    said = _said(t)
    assert "Wireless Earbuds" in said[-2] and "Hiking Boots" not in said[-2], said[-2]
    _expect(t, [("return_delivered_order_items", {"order_id": "#W7728728", "item_ids": ["8555936349"]})])
    _sound(t)


@pytest.mark.parametrize("narrow", ["only the red ones", "just the purple pair please"])
def test_a_narrowing_not_understood_is_said_so(d, narrow):
    _, t = _play(d, "cancel", ["{email}", "return the earbuds and the hiking boots", narrow], seed=905)
    assert _said(t)[-1].startswith("I'm sorry, I couldn't tell"), _said(t)[-1]
    _expect(t, None)
    _sound(t)


# --- 7. a question or a no-then-yes at a proposal --------------------------------------------------------
# modify_items family, seed 905: Ivan Santos, pending #W3913498 ($3,413.87)
@pytest.mark.parametrize("ask", ["not yet, give me the order total first", "not yet - let me know the total first",
                                 "wait, tell me how much it cost before i decide"])
def test_a_question_before_the_yes_is_answered_and_the_proposal_kept(d, ask):
    _, t = _play(d, "modify_items", ["{email}", "cancel W3913498, i ordered it by mistake", ask, "yes"], seed=905)
    said = _said(t)
    assert "won't make that change" not in said[-2] and "$3,413.87" in said[-2] and "To confirm" in said[-2], said[-2]
    _expect(t, [("cancel_pending_order", {"order_id": "#W3913498", "reason": "ordered by mistake"})])
    _sound(t)


@pytest.mark.parametrize("again", ["no hang on yes", "nope wait, ok yes", "hmm no... actually yes"])
def test_a_no_then_a_yes_asks_for_the_clear_yes(d, again):
    _, t = _play(d, "modify_items", ["{email}", "cancel W3913498, i ordered it by mistake", again, "yes"], seed=905)
    said = _said(t)
    assert "clear yes" in said[-2] and "To confirm" in said[-2], said[-2]
    _expect(t, [("cancel_pending_order", {"order_id": "#W3913498"})])
    _sound(t)


# --- 8. an email typed with spaces ----------------------------------------------------------------------
@pytest.mark.parametrize("ident", ["it's aarav.nguyen1293 @ example.com", "aarav.nguyen1293@example . com",
                                   "email: aarav . nguyen1293@example.com"])
def test_an_email_typed_with_spaces_is_read(d, ident):
    _, t = _play(d, "cancel", [ident + " - i want to return the earbuds", "yes"], seed=905)
    looked = [c["function"]["arguments"] for m in t.messages for c in m.get("tool_calls") or []
              if c["function"]["name"] == "find_user_id_by_email"]
    assert looked and "aarav.nguyen1293@example.com" in looked[0], looked
    _expect(t, [("return_delivered_order_items", {"order_id": "#W7728728"})])
    _sound(t)
