"""Retail customers a tester played against the fault-free clerk (twenty-eighth session), in the tester's words
and in others: a price or a size with a decimal point ("$12.50", "1.5 liters") before an address became its
street line; "ship it to ..." about the order in hand changed the default address; a request queued behind
another, the pending orders beside the default address, and item changes written with arrows were dropped; a
reason said for other orders replaced the reason on screen; an option asked for that is out of stock was
silently swapped for another combination; "yes gift card is fine" was not a yes; "watch" with a Wristwatch and
a Smart Watch in the order took the Smart Watch; "pay with paypal instead of gift card" took the gift card; a
name and zip given over several turns were not put together; a refund answer was cut at a decimal point; and
cancel reasons such as "my mistake" were not read (report: /work/h28/retail-customers/report.md)."""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_unseen_retail_customers import _calls, _expect, _play, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


# --- F1. a decimal number before an address is no house number ----------------------------------------------
# address family, seed 501: isabella.santos9317@example.com, pending #W9527030
@pytest.mark.parametrize("ask", [
    "i paid $12.50 too much lol. anyway ship W9527030 to 12 Oak Street, Dallas, TX 75201",
    "the box is 2.5 kg so ship W9527030 to 12 Oak Street, Dallas, TX 75201",
    "it cost me 49.99 dollars and i moved. please ship W9527030 to 12 Oak Street, Dallas, TX 75201",
    "ship W9527030 to 12 Oak Street, Dallas, TX 75201",
])
def test_a_price_or_size_before_an_address_is_no_part_of_its_street_line(d, ask):
    _, t = _play(d, "address", ["{email}", ask, "yes"], seed=501)
    assert "To confirm, I will change the shipping address of order #W9527030 to 12 Oak Street, Dallas" in _said(t)[-2], \
        _said(t)[-2]
    _expect(t, [("modify_pending_order_address", {"order_id": "#W9527030", "address1": "12 Oak Street",
                                                  "city": "Dallas", "zip": "75201"})])
    _sound(t)


# several_pending_edits family, seed 501: fatima.nguyen1348@example.com, pending #W2904339 with a Tea Kettle
def test_a_size_with_a_decimal_point_is_no_part_of_the_street_line(d):
    _, t = _play(d, "several_pending_edits", [
        "{email}", "in order W2904339 change the kettle to stainless steel 1.5 liters and the perfume to woody 100ml. "
                   "Also ship that order to 304 Cedar Lane, Denver, CO 80203", "yes"], seed=501)
    made = _calls(t)
    assert made and made[0] == ("modify_pending_order_address", {
        "order_id": "#W2904339", "address1": "304 Cedar Lane", "address2": "", "city": "Denver", "state": "CO",
        "country": "USA", "zip": "80203"}), made
    _sound(t)


@pytest.mark.parametrize("ask", ["we have 2 kids now so we moved. ship W9527030 to 12 Oak Street, Dallas, TX 75201",
                                 "order W9527030 has 3 items, send them to 12 Oak Street, Dallas, TX 75201"])
def test_a_count_before_an_address_is_no_part_of_its_street_line(d, ask):
    _, t = _play(d, "address", ["{email}", ask, "yes"], seed=501)
    _expect(t, [("modify_pending_order_address", {"order_id": "#W9527030", "address1": "12 Oak Street"})])
    _sound(t)


# --- F2. "ship it to ..." about the order in hand changes that order's address ---------------------------------
# mixed_pending_delivered family, seed 505: daiki.silva2239@example.com, pending #W1579160 (a Water Bottle in it)
@pytest.mark.parametrize("ask", ["please ship it to 12 Oak Street, Dallas, TX 75201",
                                 "ship that order to 12 Oak Street, Dallas, TX 75201",
                                 "ship to 12 Oak Street, Dallas, TX 75201",
                                 "can it go to 12 Oak Street, Dallas, TX 75201?",
                                 "could you deliver it to 12 Oak Street, Dallas, TX 75201 instead"])
def test_ship_it_after_looking_at_an_order_changes_that_orders_address(d, ask):
    _, t = _play(d, "mixed_pending_delivered", ["{email}", "what's in order W1579160?", ask, "yes"], seed=505)
    assert "change the shipping address of order #W1579160" in _said(t)[-2], _said(t)[-2]
    _expect(t, [("modify_pending_order_address", {"order_id": "#W1579160", "address1": "12 Oak Street"})])
    _sound(t)


def test_the_default_address_asked_for_after_looking_at_an_order_is_the_default(d):
    _, t = _play(d, "mixed_pending_delivered", ["{email}", "what's in order W1579160?",
                                                "please update my default address to 12 Oak Street, Dallas, TX 75201",
                                                "yes"], seed=505)
    _expect(t, [("modify_user_address", {"address1": "12 Oak Street"})])
    _sound(t)


@pytest.mark.parametrize("ask", ["now please ship that order to 12 Oak Street, Dallas, TX 75201",
                                 "ok and ship it to 12 Oak Street, Dallas, TX 75201 please",
                                 "can it go to 12 Oak Street, Dallas, TX 75201?"])
def test_ship_it_after_an_items_change_says_the_order_cannot_change_any_more(d, ask):
    _, t = _play(d, "mixed_pending_delivered", ["{email}", "change the water bottle in W1579160 to 500ml plastic", "yes",
                                                ask, "yes"], seed=505)
    said = _said(t)
    assert "#W1579160 were modified, so it can't be cancelled or changed any more" in said[-2], said[-2]
    assert "update your default address to" not in " ".join(said[-2:]), said[-2:]
    _expect(t, [("modify_pending_order_items", {"order_id": "#W1579160"})])
    _sound(t)


# --- F3. a queued request is never dropped in silence ------------------------------------------------------
# cancel_plus family, seed 0 (tau2-bench task 32): Olivia Lopez 76171; charger #W9373487 and boots+kettle #W5481803
# pending; tablet #W2692684 and sneakers #W7449508 delivered
START = ["olivia lopez 76171", "return the tablet and cancel the charger, i dont need it anymore", "yes",
         "also cancel the boots and the kettle. ordered them by mistake", "yes"]


@pytest.mark.parametrize("ask", ["and return the sneakers", "oh and i want to send back the sneakers too",
                                 "the sneakers should go back as well"])
def test_a_return_asked_for_under_a_queued_proposal_comes_after_it(d, ask):
    _, t = _play(d, "cancel_plus", START + [ask, "yes", "yes"], seed=0)
    _expect(t, [("cancel_pending_order", {"order_id": "#W9373487", "reason": "no longer needed"}),
                ("return_delivered_order_items", {"order_id": "#W2692684"}),
                ("cancel_pending_order", {"order_id": "#W5481803", "reason": "ordered by mistake"}),
                ("return_delivered_order_items", {"order_id": "#W7449508"})])
    _sound(t)


def test_an_item_said_to_come_later_is_asked_about_when_no_action_was_read_for_it(d):
    _, t = _play(d, "cancel_plus", START + ["and the sneakers", "yes"], seed=0)
    said = _said(t)
    assert "Noted, I'll come to the Sneakers" in said[-2], said[-2]
    assert "I haven't done anything about the Sneakers yet" in said[-1], said[-1]
    assert len(_calls(t)) == 3, _calls(t)
    _sound(t)


# address family, seed 501: isabella.santos9317@example.com, pending #W9527030 and #W9667707
@pytest.mark.parametrize("ask", [
    "I moved to 685 Maple Drive, Portland, OR 97205. Please change my default address and also the address on my two "
    "pending orders",
    "I moved to 685 Maple Drive, Portland, OR 97205. please update my account and both pending orders",
    "new address: 685 Maple Drive, Portland, OR 97205 - put it on my profile and on all of my pending orders",
])
def test_the_default_address_and_the_pending_orders_in_one_message_are_all_changed(d, ask):
    _, t = _play(d, "address", ["{email}", ask, "yes", "yes", "yes"], seed=501)
    where = {"address1": "685 Maple Drive", "zip": "97205"}
    _expect(t, [("modify_user_address", where), ("modify_pending_order_address", {"order_id": "#W9527030", **where}),
                ("modify_pending_order_address", {"order_id": "#W9667707", **where})])
    _sound(t)


def test_the_default_address_alone_leaves_the_pending_orders_alone(d):
    _, t = _play(d, "address", ["{email}", "I moved to 685 Maple Drive, Portland, OR 97205. Please change my default "
                                           "address", "yes"], seed=501)
    _expect(t, [("modify_user_address", {"address1": "685 Maple Drive"})])
    assert "anything else" in _said(t)[-1], _said(t)[-1]
    _sound(t)


# several_pending_edits family, seed 501: #W2904339 with a Tea Kettle (ceramic, 1 liter, induction) and a Perfume
# (fresh, 30ml, men)
@pytest.mark.parametrize("ask", [
    "for order W2904339: kettle -> stainless steel 1.5 liters, perfume -> woody 100ml",
    "W2904339 please: tea kettle => stainless steel 1.5 liters; perfume => woody 100ml",
])
def test_item_changes_written_with_arrows_are_read(d, ask):
    _, t = _play(d, "several_pending_edits", ["{email}", ask, "yes"], seed=501)
    _expect(t, [("modify_pending_order_items", {"order_id": "#W2904339", "item_ids": ["7274158061", "9447903288"],
                                                "new_item_ids": ["3738831434", "3399869890"]})])
    _sound(t)


def test_item_changes_with_arrows_beside_an_address_are_both_done(d):
    _, t = _play(d, "several_pending_edits", [
        "{email}", "for order W2904339: kettle -> stainless steel 1.5 liters, perfume -> woody 100ml. Also ship that "
                   "order to 304 Cedar Lane, Denver, CO 80203", "yes", "yes"], seed=501)
    _expect(t, [("modify_pending_order_address", {"order_id": "#W2904339", "address1": "304 Cedar Lane"}),
                ("modify_pending_order_items", {"order_id": "#W2904339", "new_item_ids": ["3738831434", "3399869890"]})])
    _sound(t)


# --- F4. a reason said for other orders keeps the reason of the proposal on screen ------------------------------
@pytest.mark.parametrize("more", ["also cancel the boots and the kettle. ordered them by mistake",
                                  "and the hiking boots order too please, that one i ordered by accident"])
def test_a_reason_for_other_orders_does_not_replace_the_reason_on_screen(d, more):
    _, t = _play(d, "cancel_plus", [
        "olivia lopez 76171", "i want to return my tablet",
        "fine. then cancel the charger i just bought, it goes with the tablet. i dont need it anymore", "yes", more,
        "yes", "yes"], seed=0)
    _expect(t, [("return_delivered_order_items", {"order_id": "#W2692684"}),
                ("cancel_pending_order", {"order_id": "#W9373487", "reason": "no longer needed"}),
                ("cancel_pending_order", {"order_id": "#W5481803", "reason": "ordered by mistake"})])
    _sound(t)


@pytest.mark.parametrize("fix", ["sorry, actually it was ordered by mistake", "no wait, the charger was a mistake order"])
def test_a_reason_corrected_for_the_order_on_screen_replaces_it(d, fix):
    _, t = _play(d, "cancel_plus", ["olivia lopez 76171", "cancel the charger, i dont need it", fix, "yes"], seed=0)
    assert "'ordered by mistake'" in _said(t)[-2], _said(t)[-2]
    _expect(t, [("cancel_pending_order", {"order_id": "#W9373487", "reason": "ordered by mistake"})])
    _sound(t)


# --- F5. the options asked for, unavailable or missing: said, with what differs in the nearest -------------------
@pytest.mark.parametrize("family, seed, ask, said", [
    # several_pending_edits family, seed 501: #W2904339, Perfume (fresh, 30ml, men), Tea Kettle (ceramic, 1 liter)
    ("several_pending_edits", 501, "change the perfume to 100ml", "the Perfume with fresh, 100ml, men isn't available"),
    ("several_pending_edits", 501, "can i get the tea kettle in the same one but 2 liters?",
     "the Tea Kettle with ceramic, 2 liters, induction doesn't come in that combination, so this is the closest "
     "available option, with material stainless steel instead of ceramic."),
    # modify_items family, seed 501: #W7398274, Smart Watch (gold, leather, AMOLED)
    ("modify_items", 501, "i want the smartwatch in my order to be black instead of gold",
     "so this is the closest available option, with display LCD instead of AMOLED."),
])
def test_options_asked_for_that_are_unavailable_are_said_with_what_differs(d, family, seed, ask, said):
    first = "Evelyn Kovacs 32117" if family == "modify_items" else "{email}"
    _, t = _play(d, family, [first, ask], seed=seed)
    assert said in _said(t)[-1] and _said(t)[-1].startswith("To confirm"), _said(t)[-1]
    _sound(t)


# (39k) every option named is asked for: the closest available one that gives one of them up is offered and asked about,
# not proposed as if it matched; a yes to the offer proposes it with the same note as before
@pytest.mark.parametrize("ask, said", [
    # exchange family, seed 501: #W1654332 delivered, Mechanical Keyboard (clicky, none, 80%)
    ("exchange the keyboard in #W1654332 for a 60% linear one with white backlight",
     "the Mechanical Keyboard with linear, white, 60% isn't available right now, so this is the closest available "
     "option, with backlight RGB instead of white."),
    ("i'd like to swap the keyboard from W1654332 for a full size one, tactile switches and RGB",
     "the Mechanical Keyboard with tactile, RGB, full size doesn't come in that combination, so this is the closest "
     "available option, with switch type linear instead of tactile."),
])
def test_options_named_that_the_closest_gives_up_are_asked_about_first(d, ask, said):
    _, t = _play(d, "exchange", ["{email}", ask], seed=501)
    offer = said.split(", so this")[0].replace(" right now", "")
    assert _said(t)[-1].startswith("I'm sorry, " + offer) and "The closest available option is" in _said(t)[-1], \
        _said(t)[-1]
    _, t = _play(d, "exchange", ["{email}", ask, "yes"], seed=501)
    assert said in _said(t)[-1] and _said(t)[-1].startswith("To confirm"), _said(t)[-1]
    _sound(t)


# return family, seed 501: Ethan Lopez 43275, #W8632528 delivered, Backpack (grey, medium, polyester, laptop)
def test_a_backpack_in_a_colour_that_needs_another_size_says_the_size_changes(d):
    _, t = _play(d, "return", ["ethan lopez 43275", "exchange the backpack in W8632528 to navy", "yes"], seed=501)
    assert "so this is the closest available option, with size large instead of medium." in _said(t)[-2], _said(t)[-2]
    _expect(t, [("exchange_delivered_order_items", {"order_id": "#W8632528"})])
    _sound(t)


@pytest.mark.parametrize("ask", ["change the perfume to woody 100ml", "change the kettle to stainless steel 1.5 liters please"])
def test_options_asked_for_that_are_available_are_proposed_without_a_note(d, ask):
    _, t = _play(d, "several_pending_edits", ["{email}", ask], seed=501)
    assert _said(t)[-1].startswith("To confirm, I will modify") and "Please note" not in _said(t)[-1], _said(t)[-1]
    _sound(t)


# --- F6. a yes that restates the listed refund method is a yes ------------------------------------------------
# return family, seed 501: Ethan Lopez 43275, #W8632528 delivered, paid by gift card gift_card_7219486
# ("yes gift card is fine": the verifiers' consent reader took "is fine" for a question once the store's words
# were set aside, an R3 on the fault-free clerk; fixed in probe/verify/consent.py in the same change)
@pytest.mark.parametrize("yes", ["yes to the gift card", "YES refund to the gift card please", "yes, to my gift card",
                                 "yes the gift card is fine", "yes gift card please", "yes gift card is fine",
                                 "gift card is fine, yes", "ok gift card is fine. yes"])
def test_a_yes_with_the_listed_refund_method_said_back_is_a_yes(d, yes):
    _, t = _play(d, "return", ["ethan lopez 43275", "return backpack W8632528", yes], seed=501)
    _expect(t, [("return_delivered_order_items", {"order_id": "#W8632528", "payment_method_id": "gift_card_7219486"})])
    _sound(t)


@pytest.mark.parametrize("yes", ["yes to the gift card", "yes, gift card please"])
def test_a_yes_with_the_method_for_an_exchange_difference_said_back_is_a_yes(d, yes):
    _, t = _play(d, "return", ["ethan lopez 43275", "exchange the backpack in W8632528 to navy", yes], seed=501)
    _expect(t, [("exchange_delivered_order_items", {"order_id": "#W8632528", "payment_method_id": "gift_card_7219486"})])
    _sound(t)


@pytest.mark.parametrize("reply", ["gift card is fine", "yes but refund it to my credit card", "no, not to the gift card"])
def test_a_method_without_a_yes_or_another_method_writes_nothing(d, reply):
    _, t = _play(d, "return", ["ethan lopez 43275", "return backpack W8632528", reply], seed=501)
    _expect(t, None)
    _sound(t)


@pytest.mark.parametrize("ask", ["can the refund go to my credit card instead?", "i'd rather get the money on my visa"])
def test_another_refund_method_at_a_return_proposal_gets_the_policy_answer(d, ask):
    _, t = _play(d, "return", ["ethan lopez 43275", "return backpack W8632528", ask], seed=501)
    said = _said(t)[-1]
    assert said.startswith("A refund can only go to the original payment method or to a gift card on your account, so "
                           "it would go to your gift card") and "To confirm" in said, said
    _expect(t, None)
    _sound(t)


# --- F7. a word that names two items of the order asks which; the option is looked up on the item named -----------
# modify_items family, seed 501: Evelyn Kovacs 32117; #W7398274 pending with a Wristwatch (leather, white; metal
# available, 2407258246) and a Smart Watch (gold, leather, AMOLED; no metal)
WHICH_WATCH = "Order #W7398274 has two items that could be the watch. Which one would you like to modify"


@pytest.mark.parametrize("ask", [
    "Evelyn Kovacs here (zip 32117). On my order with the wristwatch, could I change the watch strap to metal?",
    "Evelyn Kovacs 32117. i'd like the watch to have a metal strap",
    "evelyn kovacs, 32117 - please switch my watch band to metal",
])
@pytest.mark.parametrize("answer", ["the wristwatch", "the first one", "the white leather one"])
def test_the_watch_with_two_watches_in_the_order_is_asked_about(d, ask, answer):
    _, t = _play(d, "modify_items", [ask, answer, "yes"], seed=501)
    said = _said(t)
    assert WHICH_WATCH in said[-3], said[-3]
    assert "Wristwatch (leather, white, $1,985.30) -> (metal, white" in said[-2] and "Smart Watch" not in said[-2], said[-2]
    _expect(t, [("modify_pending_order_items", {"order_id": "#W7398274", "item_ids": ["1355937109"],
                                                "new_item_ids": ["2407258246"]})])
    _sound(t)


@pytest.mark.parametrize("ask", ["Evelyn Kovacs 32117. could I change the wristwatch strap to metal?",
                                 "Evelyn Kovacs 32117. the wristwatch in my order, i'd like the watch strap in metal"])
def test_the_wristwatch_named_in_full_is_changed_without_asking(d, ask):
    _, t = _play(d, "modify_items", [ask, "yes"], seed=501)
    assert not any("could be the watch" in s for s in _said(t)), _said(t)
    _expect(t, [("modify_pending_order_items", {"order_id": "#W7398274", "new_item_ids": ["2407258246"]})])
    _sound(t)


def test_the_smart_watch_picked_says_it_has_no_metal_strap(d):
    _, t = _play(d, "modify_items", ["Evelyn Kovacs 32117. i'd like the watch to have a metal strap", "the smart watch"],
                 seed=501)
    assert "the Smart Watch isn't available with metal right now" in _said(t)[-1], _said(t)[-1]
    _expect(t, None)
    _sound(t)


# mixed_pending_delivered family, seed 505: #W1579160 pending with a Tea Kettle (glass, 1 liter, gas) and an
# Electric Kettle (1.5L, glass, white)
@pytest.mark.parametrize("answer, item", [("the tea kettle", "3909406921"), ("the first", "3909406921")])
def test_the_kettle_with_two_kettles_in_the_order_is_asked_about(d, answer, item):
    _, t = _play(d, "mixed_pending_delivered", ["{email}", "change the kettle in my pending order to 1.5 liters", answer,
                                                "yes"], seed=505)
    said = _said(t)
    assert said[-3].startswith("Order #W1579160 has two items that could be the kettle."), said[-3]
    assert "couldn't find" not in " ".join(said), said
    _expect(t, [("modify_pending_order_items", {"order_id": "#W1579160", "item_ids": [item]})])
    _sound(t)


# --- F8. the method to pay with is the one after "with", not the one replaced --------------------------------
# payment family, seed 502: Ethan Sanchez 78782; #W9102111 pending, paid by gift card; PayPal paypal_3574041
@pytest.mark.parametrize("ask", ["pls pay order W9102111 with paypal instead of gift card",
                                 "switch W9102111 from the gift card to paypal",
                                 "W9102111: instead of the gift card i want to use paypal",
                                 "for W9102111 use my paypal rather than my gift card"])
def test_the_new_payment_method_is_the_one_not_named_as_replaced(d, ask):
    _, t = _play(d, "payment", ["Ethan Sanchez 78782", ask, "yes"], seed=502)
    _expect(t, [("modify_pending_order_payment", {"order_id": "#W9102111", "payment_method_id": "paypal_3574041"})])
    _sound(t)


def test_the_method_the_order_already_has_named_as_new_is_said_so(d):
    _, t = _play(d, "payment", ["Ethan Sanchez 78782", "pls pay order W9102111 with gift card instead of paypal"], seed=502)
    assert "already paid with your gift card" in _said(t)[-1], _said(t)[-1]
    _expect(t, None)
    _sound(t)


# --- F9. identity given in pieces over turns; a zip typed with spaces ---------------------------------------
# cancel family, seed 500: Mia Thomas 60654, pending #W5208989; return family, seed 501: Ethan Lopez 43275
def _signed_in(t) -> bool:
    return any(c["function"]["name"] == "get_user_details" for m in t.messages for c in m.get("tool_calls") or [])


@pytest.mark.parametrize("lines", [["im mia", "thomas", "60654"], ["mia", "thomas", "zip 60654"],
                                   ["my first name is mia", "last name thomas", "60654"],
                                   ["thomas", "mia", "60654"], ["im mia", "thomas 60654"]])
def test_a_name_given_over_two_messages_is_put_together(d, lines):
    _, t = _play(d, "cancel", lines + ["what's in my pending order?"], seed=500)
    assert _signed_in(t), _said(t)
    assert "Order #W5208989 is pending" in _said(t)[-1], _said(t)[-1]
    _sound(t)


def test_two_first_names_over_two_messages_sign_nobody_in(d):
    _, t = _play(d, "cancel", ["im mia", "olivia", "60654"], seed=500)
    assert not _signed_in(t), _said(t)
    _sound(t)


@pytest.mark.parametrize("family, seed, lines", [
    ("cancel", 500, ["Mia Thomas", "my zipcode is 6 0 6 5 4"]),
    ("cancel", 500, ["my zip is 606 54", "mia thomas"]),
    ("return", 501, ["ETHAN LOPEZ  ,  43 275"]),
    ("return", 501, ["ethan lopez 4 3 2 7 5"]),
])
def test_a_zip_typed_with_spaces_is_read(d, family, seed, lines):
    _, t = _play(d, family, lines, seed=seed)
    assert _signed_in(t), _said(t)
    _sound(t)


# --- F10. the refund answers: whole sentences, the method named, the amount said -----------------------------
@pytest.mark.parametrize("ask", ["which card will i get the money back on?", "how much do i get back and where?"])
def test_the_refund_answer_at_a_return_is_not_cut_at_a_decimal_point(d, ask):
    _, t = _play(d, "return", ["ethan lopez, zip code 43275. I would like to return backpack from order number W8632528 "
                               "please", ask, "yes"], seed=501)
    said = _said(t)[-2]
    assert said.startswith("As proposed, the refund of $212.79 goes to your gift card (balance $49.00). To confirm"), said
    _expect(t, [("return_delivered_order_items", {"order_id": "#W8632528"})])
    _sound(t)


# cancel family, seed 500: Mia Thomas 60654, #W5208989 pending ($497.40, paid with PayPal)
@pytest.mark.parametrize("ask", ["which card gets the refund?", "yes, but first how much will i get back?",
                                 "will the money go back to paypal?", "how much am i getting back?"])
def test_the_refund_answer_at_a_cancellation_names_the_amount_and_the_method(d, ask):
    _, t = _play(d, "cancel", ["Mia Thomas 60654", "cancel W5208989 ordered by mistake", ask, "yes"], seed=500)
    said = _said(t)[-2]
    assert said.startswith("As proposed, the total of $497.40 will be refunded to the original payment method, your "
                           "PayPal account. To confirm"), said
    _expect(t, [("cancel_pending_order", {"order_id": "#W5208989", "reason": "ordered by mistake"})])
    _sound(t)


@pytest.mark.parametrize("later", ["can I do it later?", "can i think about it and come back later?"])
def test_putting_off_a_proposal_with_a_question_is_not_also_refused(d, later):
    _, t = _play(d, "cancel", ["Mia Thomas 60654", "cancel W5208989 ordered by mistake", later], seed=500)
    said = _said(t)[-1]
    assert said.startswith("Of course, take your time; nothing has been changed.") and "can't help" not in said, said
    _expect(t, None)
    _sound(t)


# --- F11. cancel reasons and the typo "cancell" ----------------------------------------------------------
@pytest.mark.parametrize("why, reason", [
    ("mistake", "ordered by mistake"), ("my mistake", "ordered by mistake"), ("it was a mistake", "ordered by mistake"),
    ("wrong order, my mistake", "ordered by mistake"), ("i buy by error", "ordered by mistake"),
    ("ordered it in error", "ordered by mistake"), ("i not need anymore", "no longer needed"),
    ("we need it no more", "no longer needed"), ("the first one", "no longer needed"),
    ("the second one", "ordered by mistake"), ("2", "ordered by mistake"), ("the latter", "ordered by mistake"),
])
def test_a_cancel_reason_in_few_or_broken_words_is_read(d, why, reason):
    _, t = _play(d, "cancel", ["Mia Thomas 60654", "cancel W5208989", why, "yes"], seed=500)
    said = _said(t)
    assert "Which one applies?" in said[-3] and f"because it is '{reason}'" in said[-2], said[-3:]
    _expect(t, [("cancel_pending_order", {"order_id": "#W5208989", "reason": reason})])
    _sound(t)


@pytest.mark.parametrize("why", ["it's too expensive", "hmm, let me think"])
def test_other_answers_to_the_reason_question_give_no_reason(d, why):
    _, t = _play(d, "cancel", ["Mia Thomas 60654", "cancel W5208989", why], seed=500)
    assert "'no longer needed' or 'ordered by mistake'" in _said(t)[-1], _said(t)[-1]
    _expect(t, None)
    _sound(t)


@pytest.mark.parametrize("ask", ["cancell order W5208989", "cancell my order pls the one with backpak"])
def test_cancel_typed_with_a_double_l_is_a_cancellation(d, ask):
    _, t = _play(d, "cancel", ["Mia Thomas 60654", ask, "mistake", "ya"], seed=500)
    _expect(t, [("cancel_pending_order", {"order_id": "#W5208989", "reason": "ordered by mistake"})])
    _sound(t)

