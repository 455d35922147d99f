"""Retail customers played against the fault-free clerk (thirty-third session, part c).

Questions and references the clerk misread (retail-customers-12 findings 8, 10, 11, 13, 14 and retail-customers-13
findings 7, 10, 11, 13, in /work/h32/retail-customers-12/report.md and /work/h33/retail-customers-13/report.md):
a question about the store's range ("how many t-shirt options do you have?", "do you sell coats?") answered from the
product tools, not with the customer's own orders; "put my account address back to what it was" proposing the address
read before the change (and written only after a yes); an order told by where it ships ("the one shipped to Texas");
"the shipping address of an order" answering the default-or-order question; "change where it ships" of a named order;
"what are my options then?" after a refusal; the total refunded over several writes. Each case has the tester's words,
others of the kind, and near misses that keep their old reading; each conversation is checked for soundness (no
violation, no failed turn, each write right after a yes to the proposal that named it).
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-33c")


def _writes(t):
    return [(name, args.get("order_id")) for name, args in _calls(t)]


def _looked_up(t, name):
    return [args for tool, args in _calls(t, names=(name,))]


YUSUF_R = "Hi, I'm Yusuf Rossi, zip code 19122."  # return 0 / modify_items 0: two pending orders with t-shirts


# --- 1. the store's range, from the product tools ------------------------------------------------------------------
@pytest.mark.parametrize("ask", [
    "How many t-shirt options are available in your store right now?",
    "how many t-shirt options do you have right now?",
    "how many different tshirts are in stock?",
    "what t-shirt options are available in your store at the moment",
    "How many kinds of t-shirts do you currently have in stock?",
])
def test_a_question_about_the_store_range_is_answered_from_the_catalogue(d, ask):
    t = _play(d, "return", 0, [YUSUF_R, ask])
    _sound(t)
    reply = _said(t)[1]
    assert "10 T-Shirt options available" in reply and "Order #W" not in reply, reply
    assert _looked_up(t, "list_all_product_types") and _looked_up(t, "get_product_details"), reply


@pytest.mark.parametrize("ask, values", [
    ("What colors does the t-shirt come in?", ["blue", "purple", "red", "black"]),
    ("what colours does the electric kettle come in?", ["white", "silver", "black"]),
    ("do you sell desk lamps? what colors?", ["white", "black", "silver"]),
])
def test_the_values_of_the_kind_asked_are_listed(d, ask, values):
    t = _play(d, "return", 0, [YUSUF_R, ask])
    _sound(t)
    reply = _said(t)[1]
    assert "options available" in reply and all(v in reply for v in values) and "Order #W" not in reply, reply


@pytest.mark.parametrize("ask", ["Do you sell any coats?", "do you have any coats?", "do you guys carry surfboards?"])
def test_a_product_the_store_does_not_sell_is_said_so(d, ask):
    t = _play(d, "return", 0, [YUSUF_R, ask])
    _sound(t)
    reply = _said(t)[1]
    assert "we don't sell" in reply and "T-Shirt" in reply and "can't help with that" not in reply, reply


def test_a_range_question_asked_before_the_login_is_answered_after_it(d):
    t = _play(d, "modify_items", 0, ["Hi! How many t-shirt options do you have in the store right now?",
                                     "I'm Yusuf Rossi, zip code 19122."])
    _sound(t)
    assert "10 T-Shirt options available" in _said(t)[1], _said(t)[1]


@pytest.mark.parametrize("ask", ["Which t-shirts did I order?", "what t-shirts are in my orders?"])
def test_a_question_about_the_own_orders_still_lists_them(d, ask):
    t = _play(d, "return", 0, [YUSUF_R, ask])
    _sound(t)
    reply = _said(t)[1]
    assert "#W6247578" in reply and "#W4776164" in reply and "options available" not in reply, reply


# --- 2. an address put back to the one this chat replaced ----------------------------------------------------------
ETHAN = ["Ethan Garcia. Denver, 80280.",
         "I want to change my address on my account and on all my orders to 101 Highway, New York, NY 10001",
         "yes", "yes"]
OLD_HOME = "667 Highland Drive, Suite 865, Denver, CO 80280, USA"


@pytest.mark.parametrize("ask", [
    "hmm actually, can you put my account address back to what it was before? keep the order one",
    "Actually, I regret that. Could you change my account address back to the original one, please?",
    "please revert my default address to the old one",
    "undo the change to my account address",
    "please put my default address back to what it was before",
])
def test_the_default_address_put_back_is_proposed_then_written_on_a_yes(d, ask):
    t = _play(d, "address", 0, ETHAN + [ask, "yes"])
    _sound(t)
    assert f"I will update your default address to {OLD_HOME}" in _said(t)[4], _said(t)[4]
    assert [name for name, _ in _calls(t)][-1] == "modify_user_address", _calls(t)
    assert _calls(t)[-1][1]["address1"] == "667 Highland Drive", _calls(t)[-1]


def test_the_address_put_back_is_not_written_without_a_yes(d):
    t = _play(d, "address", 0, ETHAN + ["put my account address back to what it was", "no, leave it"])
    _sound(t)
    assert len(_calls(t)) == 2, _calls(t)


def test_the_order_address_put_back_is_the_order_s_old_one(d):
    t = _play(d, "address", 0, ETHAN + ["can you change the order's address back to what it was?", "yes"])
    _sound(t)
    assert "I will change the shipping address of order #W9911714 to 667 Highland Drive" in _said(t)[4], _said(t)[4]
    assert _writes(t)[-1] == ("modify_pending_order_address", "#W9911714"), _calls(t)


def test_undo_with_no_address_changed_keeps_its_old_answer(d):
    t = _play(d, "address", 0, ["Ethan Garcia. Denver, 80280.", "can you undo the change to my account address?"])
    _sound(t)
    assert "nothing to undo" in _said(t)[1] and _calls(t) == [], _said(t)[1]


# --- 3. an order told by where it ships ----------------------------------------------------------------------------
ISABELLA = "I'm Isabella Johansson, zip code 32286. I don't remember my email."  # refuse 0: #W5565470 ships to Houston, TX


@pytest.mark.parametrize("ask", [
    "Which of my orders was shipped to Texas?",
    "It's the one that was shipped to Texas.",
    "what's in the order going to Houston?",
    "the order I sent to TX, what's in it?",
])
def test_an_order_told_by_where_it_ships_is_that_order(d, ask):
    t = _play(d, "refuse", 0, ["Hi, I have a question about an order.", ISABELLA, ask])
    _sound(t)
    reply = _said(t)[2]
    assert "#W5565470" in reply and "#W2575533" not in reply and "can't help with that" not in reply, reply


def test_the_tracking_number_asked_before_the_login_is_of_the_order_shipped_there(d):
    t = _play(d, "refuse", 0, ["Hi, this is urgent. I have an order that was sent to Texas by accident. Can you tell me "
                               "the tracking number?", ISABELLA])
    _sound(t)
    reply = _said(t)[1]
    assert "#W5565470" in reply and "Tracking number: 907614527588" in reply and "#W2575533" not in reply, reply


def test_a_place_no_order_ships_to_finds_nothing_by_place(d):
    t = _play(d, "refuse", 0, ["Hi, I have a question about an order.", ISABELLA, "what's in the order shipped to Ohio?"])
    _sound(t)
    assert "#W2575533" in _said(t)[2], _said(t)[2]  # (every order listed, as before)


# --- 4. "the shipping address of an order" and "change where it ships" ---------------------------------------------
YUSUF_LI = "hello. name is Yusuf Li, zip code 91148"  # several_pending_edits 2: #W6750959 pending, #W3407479 processed


@pytest.mark.parametrize("answer", ["the shipping address of an order", "the order's shipping address, not my default",
                                    "for an order", "the order"])
def test_an_order_s_address_chosen_at_the_address_question_goes_on(d, answer):
    t = _play(d, "several_pending_edits", 2, [YUSUF_LI, "I need to change an address", answer,
                                              "123 Main St, Austin, TX 78701", "yes"])
    _sound(t)
    assert "default address, or for the shipping address" not in _said(t)[2], _said(t)[2]
    assert "I will change the shipping address of order #W6750959" in _said(t)[3], _said(t)[3]
    assert _writes(t) == [("modify_pending_order_address", "#W6750959")], _calls(t)


def test_the_default_address_chosen_at_the_address_question_is_the_default(d):
    t = _play(d, "several_pending_edits", 2, [YUSUF_LI, "I need to change an address", "my default one",
                                              "123 Main St, Austin, TX 78701"])
    _sound(t)
    assert "I will update your default address" in _said(t)[3], _said(t)[3]


@pytest.mark.parametrize("ask", [
    "I don't want to cancel W6750959 - I just want to change where it ships",
    "I don't want to cancel order W6750959, I want to change where it's being delivered",
    "actually can you change where it gets delivered?",
])
def test_change_where_it_ships_is_the_named_order_s_address(d, ask):
    t = _play(d, "several_pending_edits", 2, [YUSUF_LI, "cancel order W6750959", ask])
    _sound(t)
    reply = _said(t)[2]
    assert "new shipping address" in reply and "default address, or" not in reply, reply


# --- 5. "what are my options then?" after a refusal ----------------------------------------------------------------
RAJ = ["Hi, I'd like to change the payment method on one of my orders.", "Sure, my email is raj.sanchez2046@example.com.",
       "It's order #W4566809. I'd like to pay with my gift card instead."]


@pytest.mark.parametrize("ask", ["Oh, I see. What are my options then?", "so what can I do instead?",
                                 "ok what other options do I have?"])
def test_options_after_a_payment_the_gift_card_cannot_cover(d, ask):
    t = _play(d, "payment", 0, RAJ + [ask])
    _sound(t)
    reply = _said(t)[3]
    assert "can stay paid with your Mastercard" in reply and "can't help with that" not in reply, reply


@pytest.mark.parametrize("ask", ["Oh. What are my options, then?", "what can I do then?"])
def test_options_after_a_return_refused_offer_the_cancellation_and_ask_before_it(d, ask):
    t = _play(d, "cancel", 0, ["I'm Aarav Lee and I live in Phoenix, AZ 85025.", "I want to return order #W3361211", ask,
                               "yes", "no longer needed", "yes"])
    _sound(t)
    assert "I can cancel it instead" in _said(t)[2], _said(t)[2]
    assert "I will cancel order #W3361211" in _said(t)[4], _said(t)[4]
    assert _writes(t) == [("cancel_pending_order", "#W3361211")], _calls(t)


# --- 6. the total refunded over several writes ---------------------------------------------------------------------
FATIMA = ["Hello, Fatima Johnson, 78712",
          "I want to cancel all my pending orders, I don't need them anymore. and return the watch I received, nothing "
          "else.", "yes", "yes", "yes"]


@pytest.mark.parametrize("ask", ["how much in total did I get back?", "what's the total refund for all of that?",
                                 "so how much money am I getting back altogether?"])
def test_the_total_refunded_is_the_sum_of_every_write(d, ask):
    t = _play(d, "cancel_plus", 0, FATIMA + [ask])
    _sound(t)
    assert len(_writes(t)) == 3, _calls(t)
    assert "In total, that is $8,276.23." in _said(t)[-1], _said(t)[-1]


# --- 7. "return everything, both orders": every order, each proposed for its own yes --------------------------------
MIA = "hey. Mia Garcia, 46229"  # return 1: #W5490111 and #W7387996, both delivered


@pytest.mark.parametrize("ask", ["I want to return everything I ordered, both orders",
                                 "please return all items from both of my orders",
                                 "I'd like to return everything in all my orders"])
def test_a_return_of_every_order_proposes_each_order_then_writes_each_on_its_yes(d, ask):
    t = _play(d, "return", 1, [MIA, ask, "yes", "yes"])
    _sound(t)
    assert "Which order" not in _said(t)[1] and "I will return from order #W5490111" in _said(t)[1], _said(t)[1]
    assert "I will return from order #W7387996" in _said(t)[2], _said(t)[2]
    assert _writes(t) == [("return_delivered_order_items", "#W5490111"),
                          ("return_delivered_order_items", "#W7387996")], _calls(t)


def test_a_return_of_every_order_with_a_no_writes_nothing(d):
    t = _play(d, "return", 1, [MIA, "I want to return everything I ordered, both orders", "no"])
    _sound(t)
    assert _writes(t) == [], _calls(t)


def test_a_return_without_every_order_still_asks_which(d):
    t = _play(d, "return", 1, [MIA, "I want to return everything I ordered"])
    _sound(t)
    assert "Which order" in _said(t)[1], _said(t)[1]
