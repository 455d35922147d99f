"""Retail customers played against the fault-free clerk (twenty-ninth session, sixth fix round), in the tester's
words and in others. The cases come from retail-customers-4 (/work/h29/retail-customers-4/report.md, reproducers
repro.py): N6 address lines "Building 4", "Bldg 4", "3rd Floor", "Room 12", "Lot 7", "Apt 4B, 2nd floor", a P.O.
Box and a unit on a line of its own were not read and the order was dumped; N7 "ok then return it" / "it's not
needed" to the clerk's own return offer; N9 "where is my tablet going to be delivered?" and "what happened?" after a
failed write; N10 "hi its ava, surname moore, zip 78234"; N11 "lamp in white please" and "I need a size 11, same
everything else" taken as lookups; N12 "not that order, the one with the vacuum", a payment method named after "wait",
and "ok, then cancel it" met with a demand for a clear yes. From retail-customers-3 (/work/h29/retail-customers-3/
report.md): F12 "how much will i be refunded and when?" and a total asked beside "can I still cancel it?"; F13 "the
100W one", "256GB", "same address as my other order", the skateboard named with the wrong order and "no, the other
pending one". From /work/h28/tau-tasks/report.md: D3 "a pending order with five items" and F two item changes said
without a verb; from /work/h28/retail-customers-2/report.md: G3 items in a pasted email, G4 a switch between return
and exchange at a proposal, G6 questions about policy in general. The last two cases came from reading new
conversations. Each conversation is also checked for soundness: no failed turn, no verifier violation, each write
right after a yes to the proposal that named it.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_unseen_retail_customers import _calls, _expect, _play, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


# --- N6. an address line with a building, room, lot, floor or a P.O. Box is read --------------------------------
# address, held-out seed 865: Liam Li; pending #W9653558
_LIAM = "liam.li2557@example.com"


@pytest.mark.parametrize("unit", ["Building 4", "Bldg 4", "bldg. 4", "3rd Floor", "2nd fl", "Room 12", "rm 12", "Lot 7",
                                  "Apt 4B, 2nd floor", "Unit 5", "Floor 3"])
def test_a_second_address_line_of_any_common_kind_is_read(d, unit):
    _, t = _play(d, "address", [_LIAM, f"ship W9653558 to 77 Elm Street, {unit}, Columbus, OH 43215", "yes"], seed=865)
    said = _said(t)
    assert f"to 77 Elm Street, {unit}, Columbus, OH 43215" in said[-2], said[-2]
    _expect(t, [("modify_pending_order_address", {"order_id": "#W9653558", "address1": "77 Elm Street",
                                                  "address2": unit, "city": "Columbus", "zip": "43215"})])
    _sound(t)


@pytest.mark.parametrize("box", ["P.O. Box 123", "PO Box 123", "po box 123", "Post Office Box 123"])
def test_a_po_box_is_read_as_the_street_line(d, box):
    _, t = _play(d, "address", [_LIAM, f"ship W9653558 to {box}, Springfield, IL 62701", "yes"], seed=865)
    _expect(t, [("modify_pending_order_address", {"order_id": "#W9653558", "address1": box, "address2": "",
                                                  "city": "Springfield", "state": "IL", "zip": "62701"})])
    _sound(t)


@pytest.mark.parametrize("text, a1, a2, city, state, z", [
    ("please change the shipping address for W9653558 to:\n1600 Amphitheatre Pkwy\nBldg 4\nMountain View, CA 94043",
     "1600 Amphitheatre Pkwy", "Bldg 4", "Mountain View", "CA", "94043"),
    ("new address for W9653558:\n1600 Amphitheatre Pkwy\nBldg 4, Floor 2\nMountain View, California 94043",
     "1600 Amphitheatre Pkwy", "Bldg 4, Floor 2", "Mountain View", "CA", "94043"),
    ("ship W9653558 to\n12 Oak Road\nApt 3\nDayton, OH 45402", "12 Oak Road", "Apt 3", "Dayton", "OH", "45402"),
])
def test_a_unit_on_a_line_of_its_own_is_read(d, text, a1, a2, city, state, z):
    _, t = _play(d, "address", [_LIAM, text, "yes"], seed=865)
    _expect(t, [("modify_pending_order_address", {"order_id": "#W9653558", "address1": a1, "address2": a2,
                                                  "city": city, "state": state, "zip": z})])
    _sound(t)


def test_a_street_line_without_a_unit_still_has_an_empty_second_line(d):
    _, t = _play(d, "address", [_LIAM, "ship W9653558 to 77 Elm Street, Columbus, OH 43215", "yes"], seed=865)
    _expect(t, [("modify_pending_order_address", {"order_id": "#W9653558", "address1": "77 Elm Street",
                                                  "address2": "", "city": "Columbus"})])
    _sound(t)


# --- N7. a reply to the clerk's own offer takes up what was offered ----------------------------------------------
# refuse, held-out seed 832: Omar Johnson; delivered #W2809253 (Grill, Jigsaw Puzzle, Cycling Helmet, Vacuum Cleaner)
_OMAR_J = "omar.johnson6791@example.com"
_GRILL = [_OMAR_J, "I want to cancel my grill order"]


@pytest.mark.parametrize("reply", ["ok then return it", "fine, return it", "sure, send it back", "ok return the grill then",
                                   "it's not needed", "it is not needed anymore", "no longer need it"])
def test_a_reply_that_takes_up_the_offered_return_proposes_it(d, reply):
    # (session 40: a reason alone, "it's not needed", is the cancel's reason and no yes to the return offered in its
    # place: asked plainly first, tests/envs/taubench/test_retail_customers_40s.py; the yes to that proposes the return)
    reason = reply.startswith(("it", "no longer"))
    _, t = _play(d, "refuse", [*_GRILL, reply] + (["yes"] if reason else []) + ["yes"], seed=832)
    said = _said(t)
    assert "Would you like me to return the Grill?" in said[-4 if reason else -3], said
    if reason:
        assert "so it can't be cancelled. Would you like me to return the Grill for a refund instead" in said[-3], said[-3]
    assert "To confirm, I will return from order #W2809253: Grill" in said[-2] and "Jigsaw" not in said[-2], said[-2]
    _expect(t, [("return_delivered_order_items", {"order_id": "#W2809253"})])
    assert len(_calls(t)[0][1]["item_ids"]) == 1, _calls(t)
    _sound(t)


@pytest.mark.parametrize("reply", ["no thanks", "no, keep it", "never mind then"])
def test_a_no_to_the_offered_return_returns_nothing(d, reply):
    _, t = _play(d, "refuse", [*_GRILL, reply], seed=832)
    assert "To confirm" not in _said(t)[-1], _said(t)[-1]
    _expect(t, None)
    _sound(t)


@pytest.mark.parametrize("reply", ["then exchange it", "ok, can I exchange it instead?"])
def test_an_exchange_asked_at_the_offered_return_is_for_the_offered_item(d, reply):
    _, t = _play(d, "refuse", [*_GRILL, reply], seed=832)
    last = _said(t)[-1]
    assert "Grill" in last and "Which items" not in last and "Jigsaw" not in last, last
    _expect(t, None)
    _sound(t)


# --- N9. "where will it be delivered?" gives the address; "what happened?" says what happened -------------------
# info_only, held-out seed 831: Fatima Nguyen; pending #W2904339 holds the Tablet and ships to 592 Broadway, Columbus
_FATIMA = "fatima.nguyen1348@example.com"


@pytest.mark.parametrize("ask", ["where is my tablet going to be delivered?", "what address is my tablet order shipping to?",
                                 "where's the tablet being sent?", "which address will the tablet go to?"])
def test_where_an_order_goes_is_answered_with_its_address(d, ask):
    _, t = _play(d, "info_only", [_FATIMA, ask], seed=831)
    last = _said(t)[-1]
    assert "It ships to 592 Broadway" in last and last.count("It ships to") == 1, last
    _expect(t, None)
    _sound(t)


@pytest.mark.parametrize("ask", ["has my tablet shipped?", "what's in my tablet order?"])
def test_a_question_about_the_order_not_its_destination_gives_no_address(d, ask):
    _, t = _play(d, "info_only", [_FATIMA, ask], seed=831)
    last = _said(t)[-1]
    assert "Tablet" in last and "It ships to" not in last, last
    _sound(t)


# address, held-out seed 825: Harper Kim, gift card $51.00 only; after the helmet change ($32.86) the mouse change
# ($24.93) is more than the $18.14 left
_HARPER = "harper.kim4003@example.com"
_TOO_DEAR = [_HARPER, "in W8121088 change the cycling helmet to M blue high", "yes",
             "and in W7807988 change the gaming mouse to black laser wired"]


@pytest.mark.parametrize("lines", [["yes", "what happened?"], ["what happened?"], ["ok", "so what went wrong?"],
                                   ["hmm what was the problem?"]])
def test_what_happened_after_a_refusal_says_why(d, lines):
    _, t = _play(d, "address", [*_TOO_DEAR, *lines], seed=825)
    last = _said(t)[-1]
    assert "doesn't cover" in last and "$18.14" in last and "can't help with that" not in last, last
    _expect(t, [("modify_pending_order_items", {"order_id": "#W8121088"})])
    _sound(t)


def test_what_happened_after_a_change_made_says_it_was_made(d):
    _, t = _play(d, "address", [_HARPER, "in W8121088 change the cycling helmet to M blue high", "yes", "what happened?"],
                 seed=825)
    last = _said(t)[-1]
    assert "are changed" in last and "can't help with that" not in last and "doesn't cover" not in last, last
    _sound(t)


# --- N10. a first name and a labelled surname sign in ---------------------------------------------------------------
# cancel, held-out seed 821: Ava Moore, zip 78234


@pytest.mark.parametrize("hello", ["hi its ava, surname moore, zip 78234", "Ava here - last name Moore, zip 78234",
                                   "first name ava, last name is moore, zip code 78234",
                                   "hello, my name is Ava and my surname is Moore. zip 78234", "Moore Ava 78234"])
def test_a_first_name_and_a_labelled_surname_sign_in(d, hello):
    _, t = _play(d, "cancel", [hello, "i want to cancel my pending order"], seed=821)
    said = _said(t)
    assert "couldn't find" not in said[0] and "first and last name" not in " ".join(said), said
    _sound(t)


@pytest.mark.parametrize("hello", ["hi its ava, surname smith, zip 78234", "hi, surname moore, zip 78234"])
def test_a_surname_that_does_not_fit_signs_nobody_in(d, hello):
    _, t = _play(d, "cancel", [hello, "i want to cancel my pending order"], seed=821)
    said = _said(t)
    assert "How can I help" not in said[0], said[0]
    _expect(t, None)
    _sound(t)


# --- N11. an item named with another option is a change request; an option no variant has is said -----------------
# modify_items, held-out seed 864: Mason Li; pending #W2392556 holds a Desk Lamp (black, medium, AC adapter)
_MASON = "mason.li4862@example.com"


@pytest.mark.parametrize("ask", ["lamp in white please", "the desk lamp in white pls", "I'd like my lamp in white"])
def test_an_item_named_with_another_option_proposes_the_change(d, ask):
    _, t = _play(d, "modify_items", [_MASON, ask, "yes"], seed=864)
    said = _said(t)
    assert "To confirm, I will modify these items of order #W2392556: Desk Lamp" in said[-2], said[-2]
    assert "(white" in said[-2].split("->")[1], said[-2]
    _expect(t, [("modify_pending_order_items", {"order_id": "#W2392556"})])
    _sound(t)


@pytest.mark.parametrize("ask", ["my lamp is black", "the black lamp please"])
def test_an_item_named_with_its_own_option_changes_nothing(d, ask):
    _, t = _play(d, "modify_items", [_MASON, ask], seed=864)
    assert "To confirm" not in _said(t)[-1], _said(t)[-1]
    _expect(t, None)
    _sound(t)


# mixed_pending_delivered, held-out seed 829: Mei Martin; delivered #W5564375 holds Running Shoes (10, white, leather,
# EVA); the shoes come in sizes 8, 9 and 10 only
_MEI = "mei.martin4637@example.com"


@pytest.mark.parametrize("ask", ["my running shoes are too small, I need a size 11, same everything else",
                                 "exchange my running shoes for size 11", "can I get the running shoes in a size 12 instead?"])
def test_a_size_no_variant_has_is_said(d, ask):
    _, t = _play(d, "mixed_pending_delivered", [_MEI, ask], seed=829)
    last = _said(t)[-1]
    said = "size 12" if "12" in ask else "size 11"
    assert f"don't come in {said}" in last and "8, 9, 10" in last, last
    _expect(t, None)
    _sound(t)


def test_a_size_the_shoes_come_in_is_proposed(d):
    _, t = _play(d, "mixed_pending_delivered", [_MEI, "exchange my running shoes for size 9", "yes"], seed=829)
    said = _said(t)
    assert "don't come in" not in said[-2] and "To confirm, I will exchange" in said[-2], said[-2]
    _expect(t, [("exchange_delivered_order_items", {"order_id": "#W5564375"})])
    _sound(t)


# --- N12. a correction to an order that can't have the request; a switch of request -----------------------------
# mixed_pending_delivered, held-out seed 869: Sophia Thomas; pending #W4862767; delivered #W1867876 holds the Vacuum
_SOPHIA = "sophia.thomas1364@example.com"


@pytest.mark.parametrize("fix", ["wait, not that order. I meant the one with the vacuum",
                                 "no sorry, wrong one - the vacuum order"])
def test_a_correction_to_an_order_that_cannot_be_cancelled_says_why_and_offers_a_return(d, fix):
    _, t = _play(d, "mixed_pending_delivered", [_SOPHIA, "cancel W4862767, no longer needed", fix], seed=869)
    last = _said(t)[-1]
    assert "#W1867876" in last and "can't be cancelled" in last and "return the Vacuum" in last, last
    assert "won't make that change" not in last, last
    _expect(t, None)
    _sound(t)


def test_a_plain_no_at_the_cancel_proposal_still_drops_it(d):
    _, t = _play(d, "mixed_pending_delivered", [_SOPHIA, "cancel W4862767, no longer needed", "no, leave it"], seed=869)
    assert "won't make that change" in _said(t)[-1], _said(t)[-1]
    _expect(t, None)
    _sound(t)


# payment, held-out seed 866: Omar Silva, PayPal, Mastercard 5859, gift card; pending #W9673784 on the gift card
_OMAR_S = "omar.silva4147@example.com"


@pytest.mark.parametrize("ask, method", [
    ("then pay W9673784 with the gift card... wait it already is. ok put W9673784 on paypal", "PayPal"),
    ("pay W9673784 with my gift card, oh wait it's on that already, so move it to paypal", "PayPal"),
    ("put W9673784 on paypal - sorry, I mean my mastercard", "Mastercard"),
])
def test_a_method_named_after_a_self_correction_is_the_one_used(d, ask, method):
    _, t = _play(d, "payment", [_OMAR_S, ask], seed=866)
    last = _said(t)[-1]
    assert "To confirm" in last and method in last and "already paid" not in last, last
    _sound(t)


def test_the_method_named_alone_is_the_one_used(d):
    _, t = _play(d, "payment", [_OMAR_S, "put W9673784 on my mastercard"], seed=866)
    last = _said(t)[-1]
    assert "To confirm" in last and "Mastercard" in last and "PayPal" not in last, last
    _sound(t)


# modify_items, held-out seed 864: Mason Li; pending #W2392556
_SHIP = "now ship W2392556 to 9 Elm St Apt 2, Austin TX 78701"


@pytest.mark.parametrize("switch", ["ok, then cancel it, ordered by mistake", "ok actually just cancel the order, no longer needed"])
def test_a_switch_to_another_request_is_proposed_without_asking_for_a_clear_yes(d, switch):
    _, t = _play(d, "modify_items", [_MASON, _SHIP, switch, "yes"], seed=864)
    said = _said(t)
    assert said[-2].startswith("To confirm, I will cancel order #W2392556"), said[-2]
    _expect(t, [("cancel_pending_order", {"order_id": "#W2392556"})])
    _sound(t)


def test_an_ok_that_restates_the_proposal_is_still_asked_for_a_clear_yes(d):
    _, t = _play(d, "modify_items", [_MASON, _SHIP, "ok, ship it there"], seed=864)
    assert "I need a clear yes" in _said(t)[-1], _said(t)[-1]
    _expect(t, None)
    _sound(t)


# --- F12 (retail-customers-3). two questions in one message: both answered ----------------------------------------
# payment, held-out seed 720: Aarav Gonzalez, gift card; pending #W9160732 ($1,011.54); delivered #W6797115 holds a
# Mechanical Keyboard ($256.73)
_AARAV = "aarav.gonzalez9269@example.com"


@pytest.mark.parametrize("lines", [
    ["I want to return the keyboard. how much will i be refunded and when?"],
    ["return the keyboard please - how much do I get back, and when?"],
    ["cancel W9160732, no longer needed", "how much will i be refunded and when?"],
    ["if I cancel W9160732, how much will i be refunded and when?"],
])
def test_when_a_refund_arrives_is_answered_with_how_much(d, lines):
    _, t = _play(d, "payment", [_AARAV, *lines], seed=720)
    last = _said(t)[-1]
    assert "5-7 business days" in last and ("$256.73" in last or "$1,011.54" in last), last
    _expect(t, None)
    _sound(t)


def test_how_much_alone_is_answered_without_the_timing(d):
    _, t = _play(d, "payment", [_AARAV, "cancel W9160732, no longer needed", "how much will i be refunded?"], seed=720)
    last = _said(t)[-1]
    assert "$1,011.54" in last and "business days" not in last, last
    _sound(t)


# info_only, held-out seed 730: Mei Martin; #W3288665 (processed) holds a Jigsaw Puzzle, $53.72 paid
_MEI_730 = "mei.martin4637@example.com"


@pytest.mark.parametrize("ask", ["how much did i pay in total for my puzzle order and can I still cancel it?",
                                 "can I still cancel the puzzle order, and what did it cost me?"])
def test_a_total_and_whether_it_can_be_cancelled_are_both_answered(d, ask):
    _, t = _play(d, "info_only", [_MEI_730, ask], seed=730)
    last = _said(t)[-1]
    assert "$53.72" in last and "can't be cancelled" in last, last
    _expect(t, None)
    _sound(t)


# --- F13 (retail-customers-3). an option named by its number, or one no variant has -------------------------------
# exchange, held-out seed 700: Mia Thomas, zip 60654; delivered LED Light Bulb (75W equivalent, daylight, Wi-Fi); the
# one 100W variant is (100W equivalent, warm white, none); no bulb is 150W
_MIA = "mia thomas 60654"


@pytest.mark.parametrize("ask", ["I want to exchange the light bulb for the 100W one", "swap my bulb to 100w please"])
def test_the_one_variant_with_the_number_named_is_proposed(d, ask):
    _, t = _play(d, "exchange", [_MIA, ask, "yes"], seed=700)
    said = _said(t)
    assert "To confirm, I will exchange" in said[-2] and "-> (100W equivalent, warm white, none" in said[-2], said[-2]
    _expect(t, [("exchange_delivered_order_items", {})])
    _sound(t)


def test_a_wattage_no_bulb_has_is_said(d):
    _, t = _play(d, "exchange", [_MIA, "I want to exchange the light bulb for a 150W one"], seed=700)
    last = _said(t)[-1]
    assert "doesn't come in 150W" in last and "To confirm" not in last, last
    _expect(t, None)
    _sound(t)


# several_pending_edits, held-out seed 720: Ava Moore, zip 78234; a pending Tablet (8-inch, 128GB, silver); tablets
# come in 32GB, 64GB and 128GB
@pytest.mark.parametrize("ask", ["change the tablet to 256GB", "can my tablet be 512 gb instead?"])
def test_a_storage_no_tablet_has_is_said(d, ask):
    _, t = _play(d, "several_pending_edits", ["ava moore 78234", ask], seed=720)
    last = _said(t)[-1]
    assert "the Tablet doesn't come in" in last and "32GB, 64GB, 128GB" in last, last
    _expect(t, None)
    _sound(t)


# address, held-out seed 754: Anya Sanchez; pending #W6002958 ships to 308 Main Street; her other pending order
# #W5402785 ships to 457 Spruce Street, Fort Worth (her processed and delivered orders ship elsewhere)
_ANYA = "anya.sanchez7626@example.com"


@pytest.mark.parametrize("ask", ["please send W6002958 to the same address as my other order",
                                 "ship W6002958 to the address on my other order"])
def test_the_address_of_the_other_order_still_coming_is_used(d, ask):
    _, t = _play(d, "address", [_ANYA, ask, "yes"], seed=754)
    said = _said(t)
    assert "To confirm, I will change the shipping address of order #W6002958 to 457 Spruce Street" in said[-2], said[-2]
    _expect(t, [("modify_pending_order_address", {"order_id": "#W6002958", "address1": "457 Spruce Street"})])
    _sound(t)


# return, held-out seed 712: Liam Li, zip 94120; pending #W9653558 (no skateboard); delivered #W8512927 holds the
# Skateboard
@pytest.mark.parametrize("ask", ["return the skateboard from W9653558", "I want to send back the skateboard in order W9653558"])
def test_an_item_named_with_the_wrong_order_is_said_to_be_in_the_other(d, ask):
    _, t = _play(d, "return", ["Liam Li 94120", ask, "yes"], seed=712)
    said = _said(t)
    assert "The Skateboard is in order #W8512927, not #W9653558." in said[-2], said[-2]
    assert "To confirm, I will return from order #W8512927: Skateboard" in said[-2], said[-2]
    _expect(t, [("return_delivered_order_items", {"order_id": "#W8512927"})])
    _sound(t)


def test_an_item_named_with_its_own_order_gets_no_such_note(d):
    _, t = _play(d, "return", ["Liam Li 94120", "return the skateboard from W8512927"], seed=712)
    last = _said(t)[-1]
    assert last.startswith("To confirm, I will return from order #W8512927: Skateboard"), last
    _sound(t)


# modify_items, held-out seed 712: Harper Kim; pending #W7807988, #W5030602 (Tea Kettle) and #W8121088
_HARPER_712 = ["harper.kim4003@example.com", "cancel W8121088, i don't need it"]


@pytest.mark.parametrize("fix", ["wait, not that order", "no, the other pending one", "wrong order!"])
def test_not_that_order_among_three_pending_asks_which_one(d, fix):
    _, t = _play(d, "modify_items", [*_HARPER_712, fix], seed=712)
    last = _said(t)[-1]
    assert "#W7807988" in last and "#W5030602" in last and "Which" in last and "won't make that change" not in last, last
    _expect(t, None)
    _sound(t)


@pytest.mark.parametrize("answer", ["the one with the tea kettle", "W5030602"])
def test_the_answer_to_which_other_order_is_proposed_with_the_reason_kept(d, answer):
    _, t = _play(d, "modify_items", [*_HARPER_712, "no, the other pending one", answer, "yes"], seed=712)
    said = _said(t)
    assert "cancel order #W5030602 because it is 'no longer needed'" in said[-2], said[-2]
    _expect(t, [("cancel_pending_order", {"order_id": "#W5030602", "reason": "no longer needed"})])
    _sound(t)


def test_a_plain_no_to_the_cancellation_still_drops_it(d):
    _, t = _play(d, "modify_items", [*_HARPER_712, "no don't"], seed=712)
    assert "won't make that change" in _said(t)[-1], _said(t)[-1]
    _expect(t, None)
    _sound(t)


def test_not_that_order_with_no_other_delivered_order_says_so_and_keeps_the_proposal(d):
    _, t = _play(d, "return", ["Liam Li 94120", "return the skateboard from W9653558",
                               "oh wait, not that order, the other one"], seed=712)
    last = _said(t)[-1]
    assert "#W8512927 is your only delivered order" in last and "take your time" not in last, last
    assert "To confirm, I will return from order #W8512927" in last, last
    _expect(t, None)
    _sound(t)


# --- tau F (h28/tau-tasks, mixed_pending_delivered 1000001). two item changes said without a verb ----------------
@pytest.mark.parametrize("ask", ["The luggage set to the exact same one but red, and the skateboard to 34 inch with a "
                                 "custom design.", "the skateboard into the 34 inch custom one and the luggage set in red"])
def test_two_items_each_said_to_another_option_are_both_proposed(d, ask):
    sc = d.scenario("mixed_pending_delivered", 1000001)
    from probe.core.scripts import play_messages
    t = play_messages(d, sc, d.make_target("reference", []), ["Liam Thomas 85049", ask, "yes"], "unseen")
    said = _said(t)
    assert "-> (bamboo, 34 inch, custom" in said[-2] and "-> (2-piece, red, softshell" in said[-2], said[-2]
    _expect(t, [("modify_pending_order_items", {"order_id": "#W3295833"})])
    _sound(t)


# --- tau D3 (h28/tau-tasks, cancel_plus 1000002). an order told by how many items it holds -----------------------
# Lei Li, zip 85033: the laptop order #W5166363 is changed first; the pending #W3189752 holds five items
_LEI = ["Lei Li 85033", "I want to change the laptop in my pending order to the i9 one", "yes"]


@pytest.mark.parametrize("ask", ["I also have a pending order with five items. I don't remember the order ID, but I'd like "
                                 "to cancel it because I no longer need them.",
                                 "cancel my order with 5 items please, no longer needed"])
def test_an_order_told_by_its_number_of_items_is_the_one_acted_on(d, ask):
    sc = d.scenario("cancel_plus", 1000002)
    from probe.core.scripts import play_messages
    t = play_messages(d, sc, d.make_target("reference", []), [*_LEI, ask, "yes"], "unseen")
    said = _said(t)
    assert "cancel order #W3189752" in said[-2], said
    assert [c for c in _calls(t) if c[0] == "cancel_pending_order"] == [
        ("cancel_pending_order", {"order_id": "#W3189752", "reason": "no longer needed"})], _calls(t)
    _sound(t)


def test_an_item_count_no_order_has_picks_no_order(d):
    sc = d.scenario("cancel_plus", 1000002)
    from probe.core.scripts import play_messages
    t = play_messages(d, sc, d.make_target("reference", []),
                      [*_LEI, "cancel my pending order with seven items, no longer needed"], "unseen")
    assert "To confirm" not in _said(t)[-1], _said(t)[-1]
    assert [c for c in _calls(t) if c[0] == "cancel_pending_order"] == [], _calls(t)
    _sound(t)


# --- G3 (h28/retail-customers-2). items listed in a pasted email start no item change -----------------------------
_EMAIL = ("Hi, I got this email:\n\nFrom: orders@store.com\nSubject: Your order {pending_order_id} has been received\n"
          "Hi Omar, thanks for your order! Items: Mechanical Keyboard, Fleece Jacket. Shipping to your default address."
          "\n\nCan you send it to 424 Pine Court, Columbus, OH 43215 instead? my email is {email}")


def test_items_listed_in_a_pasted_email_start_no_item_change(d):
    _, t = _play(d, "address", [_EMAIL, "yes"], seed=700)
    last = _said(t)[-1]
    assert "will ship to the new address" in last and "Which option" not in last, last
    _expect(t, [("modify_pending_order_address", {"address1": "424 Pine Court"})])
    _sound(t)


def test_an_item_change_asked_beside_an_address_change_is_still_taken_up(d):
    _, t = _play(d, "address", ["{email}", "ship {pending_order_id} to 424 Pine Court, Columbus, OH 43215 and change the "
                                "keyboard to clicky", "yes"], seed=700)
    last = _said(t)[-1]
    assert "Keyboard" in last and ("Which option" in last or "To confirm" in last), last
    _sound(t)


# --- G4 (h28/retail-customers-2). a switch between return and exchange at a proposal keeps the item ---------------
# mixed_pending_delivered, held-out seed 700: Liam Thomas; delivered #W6397299 holds a Yoga Mat (6mm, natural rubber, pink)
@pytest.mark.parametrize("switch", ["hmm actually exchange it for the 5mm TPE pink one", "nah exchange instead, 5mm tpe pink"])
def test_a_return_switched_to_an_exchange_keeps_the_item_and_takes_the_option(d, switch):
    _, t = _play(d, "mixed_pending_delivered", ["{email}", "return the yoga mat", switch, "yes"], seed=700)
    said = _said(t)
    assert "To confirm, I will exchange these items of order #W6397299: Yoga Mat" in said[-2], said[-2]
    assert "-> (5mm, TPE, pink" in said[-2] and "Bookshelf" not in said[-2], said[-2]
    _expect(t, [("exchange_delivered_order_items", {"order_id": "#W6397299"})])
    _sound(t)


# return, held-out seed 700: Amelia Ito, zip 32184; delivered #W3733909 holds a Bluetooth Speaker (black, 20 hours, no)
@pytest.mark.parametrize("switch", ["hmm no, return it instead", "actually just return it"])
def test_an_exchange_switched_to_a_return_keeps_the_item(d, switch):
    _, t = _play(d, "return", ["amelia ito 32184", "exchange the speaker for red", switch, "yes"], seed=700)
    said = _said(t)
    assert "To confirm, I will return from order #W3733909: Bluetooth Speaker" in said[-2], said[-2]
    assert "Coffee Maker" not in said[-2], said[-2]
    _expect(t, [("return_delivered_order_items", {"order_id": "#W3733909"})])
    _sound(t)


# --- G6 (h28/retail-customers-2). a question about policy in general is answered, not met with "Which order?" ------
@pytest.mark.parametrize("family, login, ask, said", [
    ("return", "amelia ito 32184", "can i return something i opened?", "Items you have received can be returned"),
    ("return", "amelia ito 32184", "can i change my order after it shipped?", "can't be cancelled or changed"),
    ("info_only", "yusuf gonzalez 91455", "can i cancel an order after its delivered?", "can't be cancelled or changed"),
    ("info_only", "yusuf gonzalez 91455", "could I exchange an item if it doesn't fit?", "exchanged"),
])
def test_a_question_about_policy_in_general_is_answered(d, family, login, ask, said):
    _, t = _play(d, family, [login, ask], seed=700)
    last = _said(t)[-1]
    assert said in last and "Which order" not in last, last
    _expect(t, None)
    _sound(t)


def test_a_question_about_one_item_still_gets_that_order(d):
    _, t = _play(d, "return", ["amelia ito 32184", "can i return the coffee maker?"], seed=700)
    last = _said(t)[-1]
    assert "Coffee Maker" in last, last
    _sound(t)


# found reading the new conversations as a customer: "could i get" a size; a policy question after "ok and"
def test_could_i_get_a_size_no_variant_has_is_said_and_a_size_that_exists_then_proposed(d):
    _, t = _play(d, "mixed_pending_delivered", [_MEI, "the running shoes pinch, could i get a size 12 in the same style?",
                                                "ok size 9 then", "yes"], seed=829)
    said = _said(t)
    assert "don't come in size 12" in said[-3], said[-3]
    assert "To confirm, I will exchange" in said[-2] and "-> (9, white" in said[-2], said[-2]
    _expect(t, [("exchange_delivered_order_items", {"order_id": "#W5564375"})])
    _sound(t)


def test_a_second_policy_question_after_ok_and_is_answered(d):
    _, t = _play(d, "info_only", ["yusuf gonzalez 91455", "can i return stuff after 30 days?",
                                  "ok and can i cancel an order once it shipped?"], seed=700)
    last = _said(t)[-1]
    assert "can't be cancelled or changed" in last and "Which order" not in last, last
    _sound(t)
