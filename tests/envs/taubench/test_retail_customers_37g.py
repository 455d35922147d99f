"""Retail customers played against the fault-free clerk (thirty-seventh session, part g).

Findings 4, 5, 6, 9, 10, 12, 13 and 14 of retail-customers-19 (/work/h37/retail-customers-19/report.md): a gift card
said in passing to be unusable ("so not there", "expired anyway") or used for another purchase, proposed for a refund
the customer wanted on the card; a card "replaced" / "compromised" read as the one to pay with or as an item exchange;
an address unit said after the zip ("It's apartment 17.") dropped, or one corrected in parentheses ("apt 4B (sorry,
it's 4C)") keeping the address from being read; a question about another order's item asked while a cancellation
waits for its reason ignored or read as a switch to that order; an item said "fine" save for its size left out of the
exchange asked for it, and a "closest" variant moving the size asked away; "hold on - don't do that yet" right after a
write met with the menu; "does the whole order go if I cancel?" met with an offer to cancel it; and an item described
with a colour it does not have returned without a word. Each case has the tester's words, others of the kind, and near
misses that keep their old reading; each conversation is checked for soundness (no violation, no failed turn, each
write right after a yes to the proposal that named it).
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-37g")


# return 5001: sofia; #W9323073 (delivered: headphones, a blue patio umbrella ...) on her Mastercard ...6193; a gift card
SOFIA, SOFIA_MC = "Hi, Sofia Li here, sofia.li5731@example.com", "credit_card_8296913"
HEADPHONES = ("return_delivered_order_items", {"order_id": "#W9323073", "item_ids": ["5788631787"],
                                               "payment_method_id": SOFIA_MC})
# payment 5001: anya; #W8883368 (pending) on her Mastercard ...9625; PayPal beside it
ANYA, ANYA_PAYPAL = "Hi, Anya Brown, anya.brown8893@example.com", "paypal_5206520"
TO_PAYPAL = ("modify_pending_order_payment", {"order_id": "#W8883368", "payment_method_id": ANYA_PAYPAL})
# address 5001: ethan; #W7147989 (pending)
ETHAN = "hi, ethan.sanchez3299@example.com"
# cancel 5001: aarav; #W6348442 (pending, a skateboard and more), #W4304974 (delivered: a fleece jacket)
AARAV = "hi, Aarav Sanchez, zip 77015"
# mixed_pending_delivered 5001: daiki; #W5961635 (delivered: hiking boots 11 synthetic waterproof, ...) on a gift card
DAIKI = "hi there, I need to send something back - daiki.muller6278@example.com - it's the hiking boots from #W5961635"


# --- 4. a gift card said in passing is no refund method ----------------------------------------------------------------
@pytest.mark.parametrize("ask", [
    "Return the headphones in #W9323073 please, refund to the card I paid with. (My gift card is nearly empty anyway, "
    "so not there.)",
    "I want to return the headphones from order #W9323073 - I used a gift card for part of my last purchase but this "
    "one was on my Mastercard I think",
    "Please return the headphones from #W9323073 and refund them to the original card. My old gift card expired anyway.",
    "return the headphones from #W9323073 to my card please, the gift card is basically used up",
    "Return the headphones in #W9323073. I paid for my previous order with a gift card, but refund this one to the card.",
    "Original payment is fine - I know some places push gift cards but I don't want that. Return the headphones from "
    "#W9323073.",  # near miss, as before
])
def test_a_gift_card_said_in_passing_is_not_the_refund_method(d, ask):
    t = _play(d, "return", 5001, [SOFIA, ask, "yes"])
    _sound(t)
    assert "gift card" not in _said(t)[1].split("To confirm")[-1], _said(t)[1]
    assert _calls(t) == [HEADPHONES], _said(t)


def test_a_gift_card_asked_for_is_still_the_refund_method(d):  # near miss: the gift card wanted
    t = _play(d, "return", 5001, [SOFIA, "return the headphones from #W9323073, refund to my gift card please"])
    assert "refund $375.55 to your gift card" in _said(t)[1], _said(t)[1]


# --- 5. a card replaced is the one to leave, no item exchanged ----------------------------------------------------------
@pytest.mark.parametrize("ask", [
    "For #W8883368, the Mastercard got replaced after fraud, so please switch that order to my PayPal.",
    "#W8883368: the Mastercard was compromised. Please use PayPal.",
    "The Mastercard ending 9625 has been replaced, so could you pay #W8883368 with PayPal?",
    "My Mastercard was cancelled by the bank, please put #W8883368 on PayPal instead.",
    "my card got reissued, please move #W8883368 to paypal",
])
def test_a_card_replaced_moves_the_order_to_the_method_named(d, ask):
    t = _play(d, "payment", 5001, [ANYA, ask, "yes"])
    _sound(t)
    assert "why you want to cancel" not in _said(t)[1] and "already paid" not in _said(t)[1], _said(t)[1]
    assert _calls(t) == [TO_PAYPAL]


@pytest.mark.parametrize("ask", [
    "The card on #W8883368 was replaced - do I need to do anything, or will it still go through?",
    "my card got replaced, does that mess up order #W8883368?",
    "my mastercard was stolen, what happens with #W8883368?",
])
def test_a_card_replaced_with_no_method_named_offers_the_move(d, ask):
    t = _play(d, "payment", 5001, [ANYA, ask])
    _sound(t)
    reply = _said(t)[1]
    assert "is paid with your Mastercard ending in 9625" in reply and "Which payment method" in reply, reply
    assert "Which items" not in reply and "already paid" not in reply, reply
    t = _play(d, "payment", 5001, [ANYA, ask, "paypal", "yes"])
    _sound(t)
    assert _calls(t) == [TO_PAYPAL]


def test_the_method_it_is_on_is_still_said(d):  # near miss: the card wanted, nothing said of it
    t = _play(d, "payment", 5001, [ANYA, "please charge #W8883368 to my mastercard"])
    assert "already paid with your Mastercard ending in 9625" in _said(t)[1], _said(t)[1]


# --- 6. a unit said after the zip, or corrected in parentheses -----------------------------------------------------------
@pytest.mark.parametrize("ask,unit", [
    ("New address for #W7147989: 982 Cedar Lane, Denver, CO 80203. It's apartment 17.", "apartment 17"),
    ("Ship #W7147989 to 982 Cedar Lane, Denver CO 80203 - forgot, it's Apt 17", "Apt 17"),
    ("New address for #W7147989: 982 Cedar Lane, Denver, CO 80203. Oh and there's a unit number, #7. Actually make "
     "that #17.", "unit 17"),
    ("New address for #W7147989: 982 Cedar Lane, Denver, CO 80203. Oh and there's a unit number, #17.", "unit 17"),
    ("Please send #W7147989 to 982 Cedar Lane, apt 4B (sorry, it's 4C), Denver CO 80203.", "apt 4C"),
    ("The grill order #W7147989 needs to go to 982 Cedar Lane, suite 12 (oops, make that 21), Denver, CO 80203.",
     "suite 21"),
    ("New address for #W7147989: 982 Cedar Lane, Denver, CO 80203, unit 17.", "unit 17"),  # near miss, as before
    ("New address for #W7147989: 982 Cedar Lane, Denver, CO 80203. My old apartment was 5, it's a house now.", ""),
])
def test_a_unit_said_after_the_address_is_written(d, ask, unit):
    t = _play(d, "address", 5001, [ETHAN, ask, "yes"])
    _sound(t)
    assert [(a["order_id"], a["address1"], a["address2"], a["zip"]) for _, a in _calls(t)] == [
        ("#W7147989", "982 Cedar Lane", unit, "80203")], _said(t)


# --- 9. a question about another order while a cancellation waits for its reason ----------------------------------------
@pytest.mark.parametrize("ask", [
    "did my fleece jacket arrive?",
    "btw has the fleece jacket been delivered?",
    "wait, did my fleece jacket arrive?",
    "before that - is the fleece jacket delivered yet?",
    "when did my fleece jacket get here?",
])
def test_another_orders_item_asked_about_is_answered_and_the_reason_asked_again(d, ask):
    t = _play(d, "cancel", 5001, [AARAV, "I want to cancel #W6348442", ask, "no longer needed", "yes"])
    _sound(t)
    reply = _said(t)[2]
    assert "Order #W4304974 is delivered" in reply and "why you want to cancel" in reply, reply
    assert _calls(t) == [("cancel_pending_order", {"order_id": "#W6348442", "reason": "no longer needed"})]


def test_the_order_in_hand_asked_about_is_answered_as_before(d):  # near miss: its own status
    t = _play(d, "cancel", 5001, [AARAV, "I want to cancel #W6348442", "has it shipped yet?"])
    assert "Order #W6348442 is pending" in _said(t)[2] and "why you want to cancel" in _said(t)[2], _said(t)[2]


def test_a_late_reason_leaves_no_order_in_hand_for_a_question_about_another(d):
    lines = [  # the tester's long conversation, the question about the jacket last
        "Hey! Hope your day's going well :) I want to cancel an order, the one with the skateboard in it",
        "oh right, Aarav Sanchez, I live in Houston, zip 77015", "it's #W6348442",
        "ok so instead of cancelling can I change the skateboard to a different one? my nephew wanted a longer board, "
        "like 34 inch or whatever's longest",
        "deck material doesn't matter, design whatever's cheapest", "yes",
        "oh and to answer what you asked earlier - it was ordered by mistake, the skateboard. but we're not cancelling "
        "now so never mind",
        "also can you tell me when my fleece jacket order arrived?"]
    t = _play(d, "cancel", 5001, lines)
    _sound(t)
    assert "Order #W4304974 is delivered" in _said(t)[-1] and "#W6348442" not in _said(t)[-1], _said(t)[-1]


# --- 10. an item fine save for its size; the size asked kept in the closest option ---------------------------------------
SWAP = "actually wait. thinking about it, the boots are fine they're just a size too small. can I swap them for a bigger " \
       "size instead of returning?"
BOOTS_12 = ("exchange_delivered_order_items", {"order_id": "#W5961635", "item_ids": ["6546364613"],
                                               "new_item_ids": ["4582956489"], "payment_method_id": "gift_card_8385925"})


@pytest.mark.parametrize("lines", [
    [SWAP],
    [SWAP, "size 12 if you have it, same everything else"],
    ["hmm, they're just a size too small. can I exchange them instead?", "size 12 if you have it, same everything else"],
    ["hmm, they're just a size too small. can I exchange them instead?", "Bigger size. 12."],
    ["my boots are ok, it's just they're a size too small - exchange them for a 12?"],
])
def test_an_item_fine_but_for_its_size_is_exchanged_for_the_size_asked(d, lines):
    t = _play(d, "mixed_pending_delivered", 5001, [DAIKI, *lines])
    _sound(t)
    assert "(12, synthetic, no" in _said(t)[-1] and "Which items" not in _said(t)[-1], _said(t)[-1]
    t = _play(d, "mixed_pending_delivered", 5001, [DAIKI, *lines, "yes"])
    _sound(t)
    assert _calls(t) == [BOOTS_12]


@pytest.mark.parametrize("ask", [
    "the boots in a 12, synthetic waterproof like now",
    "exchange the hiking boots in #W5961635 for a size 12, synthetic waterproof like now",
])
def test_the_closest_option_keeps_the_size_asked(d, ask):
    t = _play(d, "mixed_pending_delivered", 5001, [DAIKI, SWAP.split(".")[0] + ".", ask])
    reply = _said(t)[-1]
    # (39k: "waterproof like now" is said, and no 12 synthetic waterproof is in stock: the closest 12 is offered and
    # asked about, no longer proposed with waterproof given up; a yes then proposes it)
    assert "The closest available option is 12," in reply and "isn't available" in reply and "size 10" not in reply, reply
    t = _play(d, "mixed_pending_delivered", 5001, [DAIKI, SWAP.split(".")[0] + ".", ask, "yes"])
    assert "-> (12," in _said(t)[-1] and _calls(t) == [], _said(t)[-1]


def test_the_boots_kept_are_still_kept(d):  # near miss: fine, and nothing wrong with them
    t = _play(d, "mixed_pending_delivered", 5001, ["hi, daiki.muller6278@example.com",
                                                    "in #W5961635 the boots are fine, exchange the skateboard for a "
                                                    "28 inch one"])
    assert "Hiking Boots (11" not in _said(t)[1].split("It contains")[0] or "Which" in _said(t)[1], _said(t)[1]


# --- 12. "don't do that yet" right after a write ---------------------------------------------------------------------------
@pytest.mark.parametrize("ask", [
    "oh wait, hold on - don't do that yet, I need to check with my roommate first",
    "wait, don't do it yet",
    "no wait, stop!",
    "not yet please, I haven't decided",
])
def test_a_stop_after_the_write_is_told_it_is_done(d, ask):
    t = _play(d, "address", 5001, [ETHAN, "Ship #W7147989 to 982 Cedar Lane, Denver CO 80203 please", "yes", ask])
    _sound(t)
    reply = _said(t)[-1]
    assert "already been done" in reply and "can be changed again" in reply, reply
    assert len(_calls(t)) == 1


@pytest.mark.parametrize("ask", ["thanks, that's all", "wait, did my grill ship yet?"])
def test_other_words_after_a_write_are_read_as_before(d, ask):  # near misses
    t = _play(d, "address", 5001, [ETHAN, "Ship #W7147989 to 982 Cedar Lane, Denver CO 80203 please", "yes", ask])
    assert "already been done" not in _said(t)[-1], _said(t)[-1]


def test_a_stop_after_a_return_says_it_cannot_be_withdrawn(d):
    t = _play(d, "return", 5001, [SOFIA, "return the headphones from #W9323073", "yes", "stop, not yet!"])
    _sound(t)
    assert "already been done" in _said(t)[-1] and "can't be withdrawn" in _said(t)[-1], _said(t)[-1]


# --- 13. a cancellation asked about for one item ----------------------------------------------------------------------------
@pytest.mark.parametrize("ask", [
    "if I cancel #W6348442, does the whole order go? I only don't want the skateboard, the rest I still want",
    "if I cancel #W6348442, does that cancel the entire order? I only want to drop the skateboard",
    "If I cancel #W6348442 will everything go? the rest I want to keep, just not the skateboard",
])
def test_a_cancel_question_for_one_item_says_the_whole_order_goes(d, ask):
    t = _play(d, "cancel", 5001, [AARAV, ask])
    _sound(t)
    reply = _said(t)[1]
    # (the third is met by the answer to "cancel just the skateboard", in its own words)
    assert ("cancels the whole order" in reply or "only be cancelled as a whole" in reply) and "change" in reply, reply
    assert "Would you like me to cancel it now" not in reply, reply
    t = _play(d, "cancel", 5001, [AARAV, ask, "ok change the skateboard to a 34 inch one then", "yes"])
    _sound(t)
    assert [c for c, _ in _calls(t)] == ["modify_pending_order_items"], _said(t)


def test_a_plain_cancel_question_is_answered_as_before(d):  # near miss
    t = _play(d, "cancel", 5001, [AARAV, "can I still cancel #W6348442?"])
    assert "it can still be cancelled. Would you like me to cancel it now?" in _said(t)[1], _said(t)[1]


# --- 14. an item described with an option it does not have ------------------------------------------------------------------
UMBRELLA = ("return_delivered_order_items", {"order_id": "#W9323073", "item_ids": ["2001307871"],
                                             "payment_method_id": SOFIA_MC})


@pytest.mark.parametrize("lines", [
    ["Hello! I'd like some help with a return. Here are my details:\n- Name: Sofia Li\n- Email: sofia.li5731@example.com"
     "\n- Order: #W9323073\n- Item: patio umbrella (green)\n- Reason: ordered by mistake\n- Refund: to the original "
     "payment method, please.\nPlease let me know if you need anything else."],
    [SOFIA, "return the green patio umbrella from #W9323073"],
    [SOFIA, "I'd like to send back the patio umbrella in #W9323073, the red one"],
])
def test_an_item_said_in_another_colour_is_said_so(d, lines):
    t = _play(d, "return", 5001, [*lines, "yes"])
    _sound(t)
    assert "is blue, not" in _said(t)[len(lines) - 1], _said(t)
    assert _calls(t) == [UMBRELLA]


@pytest.mark.parametrize("ask", ["return the blue patio umbrella from #W9323073", "return the patio umbrella from #W9323073"])
def test_an_item_said_as_it_is_gets_no_note(d, ask):  # near misses
    t = _play(d, "return", 5001, [SOFIA, ask])
    assert "Please note" not in _said(t)[1], _said(t)[1]
