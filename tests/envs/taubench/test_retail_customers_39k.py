"""Retail customers played against the fault-free clerk (thirty-ninth session, part k).

retail-customers-27 (/work/h39/retail-customers-27): proposals that differ from what the customer asked, written by a
plain "yes".
- F1: two items of one product with different targets in one message were crossed or dropped: "i want to exchange both
  fleece jackets from W6874763: navy one to size XS, black one to red half zip size L" proposed both jackets as (L, red,
  half), with a false "your Fleece Jacket is navy now, not black"; "... the navy jacket to XS, and the black jacket to L
  red half zip" dropped the black one; "change the black kettle to the 2L one, and the silver kettle to white" on a
  pending order made the black kettle a 2L white one and dropped the silver one (items change only once). Each item's own
  words (its colour, its size) say which one it is, and its own clause what it becomes.
- F2: "cancel the perfume order. wait no, the coffee maker one. ordered by mistake" cancelled the coffee maker order and
  then proposed (and a second yes cancelled) the perfume order the customer had withdrawn.
- F3: "return from W3113816 the blue office chair and the RGB keyboard" proposed the red chair and the white keyboard
  without a word (one item alone got "is red, not blue"); the blue chair and the RGB keyboard are in other orders.
- F4: "my default address please" as the answer to "What is the new shipping address?" was not read; the customer typed
  it out, and after the order's address the clerk proposed updating the default address, which a yes wrote.
- F5: "size L please, same navy and full zip" proposed an L in black as "the closest available option"; "the fleece
  jacket in size M, same color black full zip" proposed an XL navy one. An option the customer named is not given up in
  a proposal: said, the closest offered, and asked.
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-39k")


# --- F1. two items of one product, each its own target ----------------------------------------------------------------
# exchange 25: Sofia Li; #W6874763 (delivered) holds Fleece Jackets (XL, navy, full) 7528037711 and (L, black, full)
# 9385662952; (XS, navy, full) is 8161321868, (L, red, half) 8733974883
SOFIA_LI = "sofia.li5953@example.com"
NAVY, BLACK, NAVY_XS, RED_L = "7528037711", "9385662952", "8161321868", "8733974883"
BOTH_JACKETS = ("exchange_delivered_order_items", {"order_id": "#W6874763", "item_ids": [NAVY, BLACK],
                                                   "new_item_ids": [NAVY_XS, RED_L],
                                                   "payment_method_id": "credit_card_4046723"})


@pytest.mark.parametrize("lines", [
    # the tester's words
    ["i want to exchange both fleece jackets from W6874763: navy one to size XS, black one to red half zip size L"],
    ["exchange the navy fleece jacket for size XS. also exchange the black fleece jacket for red half zip size L. "
     "order W6874763"],
    ["on W6874763 swap the navy jacket to XS, and the black jacket to L red half zip"],
    # other ways to say it
    ["swap the XL jacket for XS and the L one for red half zip, W6874763"],
    ["in W6874763 the navy fleece jacket should be XS and the black one should be red, half zip, size L"],
    ["I'd like XS for the navy jacket and red half zip L for the black one, order W6874763"],
    ["exchange my jackets (W6874763): the navy to XS and the black to red half zip L"],
    ["exchange W6874763 jackets: navy -> XS, black -> L red half zip"],
    ["hiya, so I've got two fleece jackets in W6874763 that don't fit. could the navy XL one go down to an XS? and the "
     "black one I'd rather have in red with the half zip, still L"],
    ["exchange the navy jacket in W6874763 to XS", "oh and also the black one to red half zip L"],
])
def test_two_jackets_each_get_their_own_option(d, lines):
    t = _play(d, "exchange", 25, [SOFIA_LI, *lines])
    said = _said(t)[-1]
    assert ("Fleece Jacket (XL, navy, full, $157.86) -> (XS, navy, full, $152.45); Fleece Jacket (L, black, full, "
            "$159.92) -> (L, red, half, $153.18)") in said, said
    assert "navy now, not black" not in said and "would become the same option" not in said, said
    t = _play(d, "exchange", 25, [SOFIA_LI, *lines, "yes"])
    _sound(t)
    assert _calls(t) == [BOTH_JACKETS], _said(t)


@pytest.mark.parametrize("ask, call", [  # near misses: one jacket, both to one option, or each to the other's colour
    ("exchange the navy jacket in W6874763 for XS, not the black one", ([NAVY], [NAVY_XS])),
    ("exchange the navy fleece jacket in W6874763 for a black one", ([NAVY], [BLACK])),
    ("exchange both jackets in W6874763 to size XS", ([NAVY, BLACK], [NAVY_XS, NAVY_XS])),
    ("W6874763: exchange the black jacket to the navy one and the navy jacket to the black one", ([NAVY, BLACK], [BLACK, NAVY])),
])
def test_near_misses_keep_their_reading(d, ask, call):
    t = _play(d, "exchange", 25, [SOFIA_LI, ask, "yes"])
    _sound(t)
    assert _calls(t) == [("exchange_delivered_order_items", {"order_id": "#W6874763", "item_ids": call[0],
                                                             "new_item_ids": call[1],
                                                             "payment_method_id": "credit_card_4046723"})], _said(t)
    assert "$-0.00" not in " ".join(_said(t))


def test_one_jacket_not_told_apart_is_still_asked_about(d):  # near miss
    t = _play(d, "exchange", 25, [SOFIA_LI, "exchange a fleece jacket in W6874763"])
    assert "Which one would you like to exchange: the one with XL, navy, full or the one with L, black, full" in \
        _said(t)[-1], _said(t)[-1]
    assert _calls(t) == []


@pytest.mark.parametrize("answer, call", [
    ("the return", ("return_delivered_order_items", {"order_id": "#W6874763", "item_ids": [NAVY],
                                                     "payment_method_id": "credit_card_4046723"})),
    ("exchange it", ("exchange_delivered_order_items", {"order_id": "#W6874763", "item_ids": [BLACK],
                                                        "new_item_ids": [RED_L], "payment_method_id": "credit_card_4046723"})),
])
def test_one_jacket_returned_and_the_other_exchanged_is_asked_which(d, answer, call):
    ask = "from W6874763 return the navy jacket and exchange the black one to red half zip L"
    t = _play(d, "exchange", 25, [SOFIA_LI, ask])
    assert "I can't both return the Fleece Jacket (XL, navy, full) and exchange the Fleece Jacket (L, black, full)" in \
        _said(t)[-1] and _calls(t) == [], _said(t)[-1]
    t = _play(d, "exchange", 25, [SOFIA_LI, ask, answer, "yes"])
    _sound(t)
    assert _calls(t) == [call], _said(t)


# info_only 20: the same customer; #W1557241 (pending) holds Electric Kettles (1.5L, glass, silver) 5930656038 and
# (1L, glass, black) 2323972008; (1.5L, glass, white) is 9472539378, (2L, glass, white) 4064702754 (no 2L black in stock)
KETTLES = ("modify_pending_order_items", {"order_id": "#W1557241", "item_ids": ["5930656038", "2323972008"],
                                          "new_item_ids": ["9472539378", "4064702754"],
                                          "payment_method_id": "credit_card_4046723"})


@pytest.mark.parametrize("ask", [
    "on my pending order W1557241 can you change the black kettle to the 2L one, and the silver kettle to white?",
    "on W1557241 change the kettles: black one to 2L, silver one to white",
    "pending order W1557241: the silver kettle should be white and the black kettle should be 2 liters",
])
def test_two_kettles_each_get_their_own_option(d, ask):
    t = _play(d, "info_only", 20, [SOFIA_LI, ask])
    said = _said(t)[-1]
    assert "Electric Kettle (1.5L, glass, silver, $142.30) -> (1.5L, glass, white, $143.72); Electric Kettle (1L, " \
           "glass, black, $146.98) -> (2L, glass, white, $159.78)" in said, said
    assert "black now, not silver" not in said, said
    t = _play(d, "info_only", 20, [SOFIA_LI, ask, "yes"])
    _sound(t)
    assert _calls(t) == [KETTLES], _said(t)


def test_two_kettles_and_another_item(d):
    t = _play(d, "info_only", 20, [SOFIA_LI, "W1557241 - can the black electric kettle be made the 2L one, the silver "
                                             "kettle white please, and the notebook A5", "yes"])
    _sound(t)
    assert _calls(t) == [("modify_pending_order_items", {
        "order_id": "#W1557241", "item_ids": ["5930656038", "9421195098", "2323972008"],
        "new_item_ids": ["9472539378", "9799386954", "4064702754"],
        "payment_method_id": "credit_card_4046723"})], _said(t)
    assert "Notebook (A6, soft cover, $32.37) -> (A5, soft cover" in _said(t)[-2], _said(t)[-2]


# --- F2. an order withdrawn by its item before the request ends ------------------------------------------------------
# cancel 20: Sofia Rossi; pending #W5918442 (perfume, skateboard, ...) and #W5500815 (coffee maker, tablet, ...)
SOFIA_R = "sofia.rossi2645@example.com"


@pytest.mark.parametrize("ask, reason", [
    ("cancel the perfume order. wait no, the coffee maker one. ordered by mistake", "ordered by mistake"),
    ("cancel the perfume order, no sorry, the coffee maker one, ordered by mistake", "ordered by mistake"),
    ("cancel the order with the skateboard... actually no, the one with the tablet. no longer needed", "no longer needed"),
    ("not the perfume order, the coffee maker order - cancel it, ordered by mistake", "ordered by mistake"),
    ("i need to cancel the skateboard order - oops, I mean the tablet order. no longer needed", "no longer needed"),
    ("Cancel the perfume one... hmm no, make that the coffee maker order. I don't need it anymore", "no longer needed"),
])
def test_the_order_withdrawn_is_not_cancelled(d, ask, reason):
    t = _play(d, "cancel", 20, [SOFIA_R, ask, "yes", "yes"])
    _sound(t)
    assert _calls(t) == [("cancel_pending_order", {"order_id": "#W5500815", "reason": reason})], _said(t)
    assert "#W5918442" not in " ".join(_said(t)), _said(t)


def test_the_order_withdrawn_at_the_proposal_is_not_cancelled(d):
    t = _play(d, "cancel", 20, [SOFIA_R, "cancel the perfume order, ordered by mistake",
                                "no sorry, I meant the coffee maker order", "yes", "yes"])
    _sound(t)
    assert _calls(t) == [("cancel_pending_order", {"order_id": "#W5500815", "reason": "ordered by mistake"})]


@pytest.mark.parametrize("ask, orders", [  # near misses: both asked for, or the one asked for
    ("cancel the perfume order. oh and the coffee maker one too. ordered by mistake", ["#W5918442", "#W5500815"]),
    ("cancel the perfume order, ordered by mistake", ["#W5918442"]),
])
def test_near_miss_an_order_added_or_named_alone_is_cancelled(d, ask, orders):
    t = _play(d, "cancel", 20, [SOFIA_R, ask, "yes", "yes"])
    _sound(t)
    assert [a["order_id"] for _, a in _calls(t)] == orders, _said(t)


# --- F3. several items described otherwise than they are, each said; those held by other orders not proposed ----------
# return 28: Emma Santos; #W3113816 (delivered) holds an Office Chair (mesh, red, ...) 4274709903 and a Mechanical
# Keyboard (clicky, white, 80%) 4843487907; the blue chair is in pending #W9903153, the RGB keyboard in processed #W8160318
EMMA = "emma santos 78228"
CHAIR_NOTE = ("Please note: the Office Chair in order #W3113816 is red, not blue; the blue one is in order #W9903153, which "
              "is pending, so it can't be returned.")
KEYBOARD_NOTE = ("Please note: the Mechanical Keyboard in order #W3113816 is white, not RGB; the RGB one is in order "
                 "#W8160318, which is processed, so it can't be returned.")


@pytest.mark.parametrize("ask", [
    "return from W3113816 the blue office chair and the RGB keyboard",
    "I'd like to return the blue office chair and the RGB keyboard from order #W3113816",
    "W3113816: returning the RGB keyboard plus the blue office chair",
])
def test_two_items_described_otherwise_are_each_said_and_not_proposed(d, ask):
    t = _play(d, "return", 28, [EMMA, ask, "yes"])
    _sound(t)
    said = _said(t)[1]
    assert CHAIR_NOTE in said and KEYBOARD_NOTE in said and "To confirm" not in said, said
    assert _calls(t) == [], _said(t)


def test_one_item_described_otherwise_is_left_out_the_other_proposed(d):
    t = _play(d, "return", 28, [EMMA, "I want to send back the red office chair and the RGB keyboard from order W3113816",
                                "yes"])
    _sound(t)
    assert KEYBOARD_NOTE in _said(t)[1] and "Office Chair (mesh, red, none, standard), and refund $544.29" in _said(t)[1]
    assert _calls(t) == [("return_delivered_order_items", {"order_id": "#W3113816", "item_ids": ["4274709903"],
                                                           "payment_method_id": "credit_card_5869505"})]


@pytest.mark.parametrize("ask", ["return from W3113816 the office chair and the keyboard",  # near misses
                                 "return the blue helmet, the red chair and the white keyboard from W3113816"])
def test_near_miss_items_said_as_they_are_are_proposed_without_a_note(d, ask):
    t = _play(d, "return", 28, [EMMA, ask, "yes"])
    _sound(t)
    assert "Please note" not in _said(t)[1], _said(t)[1]
    assert "4274709903" in _calls(t)[0][1]["item_ids"] and "4843487907" in _calls(t)[0][1]["item_ids"]


# the same words in an exchange: an option said only to describe the item is no option asked for
@pytest.mark.parametrize("ask", ["exchange my RGB keyboard from W3113816 for a linear one",
                                 "W3113816: swap the RGB keyboard to linear switches please"])
def test_an_option_said_to_describe_the_item_is_said_and_not_asked_for(d, ask):
    t = _play(d, "return", 28, [EMMA, ask, "yes"])
    _sound(t)
    assert "Please note: your Mechanical Keyboard is white now, not RGB." in _said(t)[1], _said(t)[1]
    assert "-> (linear, none, 80%" in _said(t)[1], _said(t)[1]
    assert _calls(t) == [("exchange_delivered_order_items", {"order_id": "#W3113816", "item_ids": ["4843487907"],
                                                             "new_item_ids": ["1421289881"],
                                                             "payment_method_id": "credit_card_5869505"})]


def test_two_items_exchanged_each_get_their_note(d):
    t = _play(d, "return", 28, [EMMA, "exchange from W3113816 the blue office chair for a black one and the RGB keyboard "
                                      "for a linear one"])
    said = _said(t)[1]
    assert "your Office Chair is red now, not blue" in said and "your Mechanical Keyboard is white now, not RGB" in said
    assert "(linear, none, 80%" in said, said


def test_near_miss_an_option_wanted_after_a_is_asked_for(d):
    t = _play(d, "return", 28, [EMMA, "in W3113816 I want a linear RGB keyboard instead of mine", "yes"])
    _sound(t)
    assert "not RGB" not in _said(t)[1], _said(t)[1]
    assert _calls(t)[0][1]["new_item_ids"] == ["8484921793"]  # (linear, RGB, 80%)


# --- F4. the default address named as an order's new address --------------------------------------------------------
# several_pending_edits 1: Ivan Khan; default address 159 Hickory Lane, Suite 995, Charlotte, NC 28243; #W5270061 pending
IVAN = "Ivan Khan, zip 28243. I need to fix the shipping address on order W5270061"
TO_DEFAULT = ("modify_pending_order_address", {"order_id": "#W5270061", "address1": "159 Hickory Lane",
                                               "address2": "Suite 995", "city": "Charlotte", "state": "NC",
                                               "country": "USA", "zip": "28243"})


@pytest.mark.parametrize("answer", [
    "my default address please", "the one on my profile", "use the address on file", "my home address", "default",
    "same as my account address", "just ship it to my usual address", "the address you have on my account",
    "the address for my account", "ship it to the address in my profile pls",
])
def test_the_default_address_named_is_the_orders_new_address(d, answer):
    t = _play(d, "several_pending_edits", 1, [IVAN, answer])
    assert "change the shipping address of order #W5270061 to 159 Hickory Lane, Suite 995, Charlotte, NC 28243" in \
        _said(t)[-1], _said(t)[-1]
    t = _play(d, "several_pending_edits", 1, [IVAN, answer, "yes", "yes"])
    _sound(t)
    assert _calls(t) == [TO_DEFAULT], _said(t)


@pytest.mark.parametrize("ask", ["please ship order W5270061 to the address on my profile instead",
                                 "order W5270061 should go to my home address",
                                 "W5270061 - send it to the address on file please"])
def test_the_default_address_named_in_the_request_is_the_orders_new_address(d, ask):
    t = _play(d, "several_pending_edits", 1, ["Ivan Khan, zip 28243", ask, "yes", "no"])
    _sound(t)
    assert _calls(t) == [TO_DEFAULT], _said(t)


@pytest.mark.parametrize("answer", ["my default address please", "hmm whatever is saved under my account"])
def test_the_default_address_typed_out_after_it_is_no_profile_change(d, answer):
    t = _play(d, "several_pending_edits", 1, [IVAN, answer, "159 Hickory Lane, Suite 995, Charlotte NC 28243", "yes",
                                             "yes"])
    _sound(t)
    assert _calls(t) == [TO_DEFAULT], _said(t)
    assert "I will update your default address" not in " ".join(_said(t)), _said(t)


@pytest.mark.parametrize("answer", ["not my default address, a new one", "what is my default address?"])
def test_near_miss_the_default_address_refused_or_asked_about_is_no_address(d, answer):
    t = _play(d, "several_pending_edits", 1, [IVAN, answer])
    assert _said(t)[-1].endswith("What is the new shipping address (street, city, state and zip code)?"), _said(t)[-1]
    assert "To confirm" not in _said(t)[-1] and _calls(t) == []


def test_near_miss_a_default_address_change_asked_for_is_still_proposed(d):
    t = _play(d, "several_pending_edits", 1, ["Ivan Khan, zip 28243", "please change my default address to 12 Elm St, "
                                              "Springfield, IL 62701", "yes"])
    _sound(t)
    assert [n for n, _ in _calls(t)] == ["modify_user_address"], _said(t)


# --- F5. an option the customer named is not given up in a proposal ---------------------------------------------------
JACKET_TOO_BIG = "need to exchange my fleece jacket, the navy one is too big. sofia.li5953@example.com"


@pytest.mark.parametrize("answer", ["size L please, same navy and full zip", "L please, but it has to stay navy with the full zip",
                                    "size L, keep it navy, full zip"])
def test_the_closest_option_giving_up_a_colour_said_is_asked_about(d, answer):
    t = _play(d, "exchange", 25, [JACKET_TOO_BIG, answer])
    said = _said(t)[-1]
    assert said.startswith("I'm sorry, the Fleece Jacket with L, navy, full doesn't come in that combination. The closest "
                           "available option is L, black, full (color black instead of navy)."), said
    assert "To confirm" not in said and "couldn't find" not in " ".join(_said(t)), _said(t)
    t = _play(d, "exchange", 25, [JACKET_TOO_BIG, answer, "yes"])
    assert _calls(t) == []


@pytest.mark.parametrize("take", ["yes", "ok the closest one is fine", "go with the nearest then"])
def test_the_closest_option_taken_is_then_proposed(d, take):
    t = _play(d, "exchange", 25, [JACKET_TOO_BIG, "size L please, same navy and full zip", take, "yes"])
    _sound(t)
    assert "-> (L, black, full, $159.92)" in _said(t)[-2], _said(t)[-2]
    assert _calls(t) == [("exchange_delivered_order_items", {"order_id": "#W6874763", "item_ids": [NAVY],
                                                             "new_item_ids": [BLACK],
                                                             "payment_method_id": "credit_card_4046723"})]


def test_another_option_named_instead_is_proposed(d):
    t = _play(d, "exchange", 25, [JACKET_TOO_BIG, "size L please, same navy and full zip", "hmm ok then XS", "yes"])
    _sound(t)
    assert _calls(t) == [("exchange_delivered_order_items", {"order_id": "#W6874763", "item_ids": [NAVY],
                                                             "new_item_ids": [NAVY_XS],
                                                             "payment_method_id": "credit_card_4046723"})]


# modify_items 20: Mei Gonzalez; pending #W2052757 holds a Notebook (A5, soft cover) 9799386954 and a Fleece Jacket
# (L, black, full) 9385662952; the only M jacket (M, black, full) is out of stock
MEI = ["hi, id like to change a couple things on my pending order before it ships. mei.gonzalez8775@example.com",
       "the notebook i want A4 hard cover, and the fleece jacket in size M, same color black full zip"]


def test_a_size_with_no_stock_is_asked_about_not_swapped_for_another(d):
    t = _play(d, "modify_items", 20, MEI + ["yes"])
    said = _said(t)[1]
    assert said.startswith("I'm sorry, the Fleece Jacket with M, black, full isn't available right now. Which option "
                           "would you like for the Fleece Jacket (L, black, full)?"), said
    assert "closest" not in said and _calls(t) == [], _said(t)


def test_the_answer_then_proposes_both_items(d):
    t = _play(d, "modify_items", 20, MEI + ["ok then size S in red with half zip", "yes"])
    _sound(t)
    assert _calls(t) == [("modify_pending_order_items", {"order_id": "#W2052757", "item_ids": ["9799386954", "9385662952"],
                                                         "new_item_ids": ["1199058591", "5992316252"],
                                                         "payment_method_id": "paypal_2568958"})], _said(t)


def test_near_miss_an_option_never_named_may_differ_in_the_proposal(d):
    t = _play(d, "exchange", 25, [SOFIA_LI, "exchange the navy fleece jacket in W6874763 for a black one"])
    said = _said(t)[-1]
    assert said.startswith("To confirm") and "closest available option, with size L instead of XL" in said, said
