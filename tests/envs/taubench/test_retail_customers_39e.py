"""Retail customers played against the clerk (thirty-ninth session, part e): findings left open by black-box testers.

- finding 1: yeses that open with a negative word ("no complaints, go ahead", "no objections", "no problem, do it",
  "not a problem", "none from me, proceed") were taken as a decline. Those the consent reading takes for a plain yes
  ("no problem, do it", "no rush, go ahead") write; the others are asked once for a plain yes, the request kept.
- finding 2: "that should've been the luggage order" (correcting which order was meant) was not taken as a correction,
  at the proposal or right after the write.
- finding 3: "ditto for the other one" (the same action for the other order or item) was not understood.
- finding 4: after a partial return, "the camera is done too right?" must be answered truthfully, nothing done.
- finding 5: "actually both of them" (after the clerk asked which of two) was not understood.
- finding 6: "which orders can I still make changes to?" and "what's the latest on my two open orders" (status
  questions) were not answered with the pending orders and what they still allow.
- finding 7: "exact same lamp again" (an exchange for the identical item) looped: the same refusal and option list
  turn after turn.
- finding 8: "the stainless one" at a kettle's options must pick a variant whose material is stainless steel (it
  picked a glass kettle, or no option at all).
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, seed, lines, faults=()):
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", list(faults)), lines, "customers-39e")


# --- finding 1: a yes that opens with a negative word ------------------------------------------------------------
# cancel 1: Emma Smith, pending order #W2417020 (laptops), delivered #W5605613
EMMA = ["Hi, Emma Smith, zip 10192", "I want to cancel my pending order #W2417020, I ordered it by mistake"]
EMMA_CANCEL = [("cancel_pending_order", {"order_id": "#W2417020", "reason": "ordered by mistake"})]
# return 1: Mia Garcia, delivered #W7387996 (gaming mouse) and #W5490111 (bottle, keyboard (linear, none, 80%), camera,
# backpack)
KEYBOARD = ["Hi, mia.garcia2723@example.com",
            "I'd like to return the keyboard from #W5490111, refund to the original payment"]
KEYBOARD_BACK = ("return_delivered_order_items", {"order_id": "#W5490111", "item_ids": ["1421289881"],
                                                  "payment_method_id": "credit_card_3124723"})


@pytest.mark.parametrize("msg", ["no problem, do it", "no worries, go ahead", "not a problem, go ahead",
                                 "no rush, go ahead"])
def test_a_plain_yes_opening_with_no_writes(d, msg):
    t = _play(d, "cancel", 1, EMMA + [msg])
    _sound(t)
    assert _calls(t) == EMMA_CANCEL


@pytest.mark.parametrize("msg", ["no complaints, go ahead", "no objections", "not a problem", "none from me, proceed",
                                 "nah no worries, do it", "zero issues here - go for it", "I've got no objection",
                                 "no objections from me, please proceed", "nope, none", "no hay problema, adelante",
                                 "No complaints!! go ahead and cancel it pls", "no problem", "we have no complaints, go ahead",
                                 "nothing to add, proceed", "no need to wait, go ahead", "not at all, go ahead"])
def test_a_yes_opening_with_a_negative_word_is_no_decline(d, msg):
    t = _play(d, "cancel", 1, EMMA + [msg])
    said = _said(t)[-1]
    assert "I won't make that change" not in said and "I need a plain yes" in said, said
    assert "To confirm, I will cancel order #W2417020" in said, said
    assert _calls(t) == []
    t = _play(d, "cancel", 1, EMMA + [msg, "yes"])
    _sound(t)
    assert _calls(t) == EMMA_CANCEL


@pytest.mark.parametrize("msg", ["none from me, proceed", "no complaints, go ahead", "no objections", "nothing to add, proceed"])
def test_at_a_return_with_a_none_option_such_a_yes_is_asked_again(d, msg):
    # (the keyboard's options say 'none': "none from me, proceed" read as the summary said back had written it, a
    # yes the consent reading of the verifiers takes for none: R3)
    t = _play(d, "return", 1, KEYBOARD + [msg])
    assert "I need a plain yes" in _said(t)[-1] and _calls(t) == [] and t.violations == [], _said(t)[-1]
    t = _play(d, "return", 1, KEYBOARD + [msg, "yes"])
    _sound(t)
    assert _calls(t) == [KEYBOARD_BACK]


@pytest.mark.parametrize("msg", ["no", "no, keep it", "no thanks", "nope", "no problems with the laptop, I'll keep it",
                                 "no complaints about it, don't cancel", "no, not a problem, don't cancel"])
def test_near_miss_a_no_stays_a_no(d, msg):
    t = _play(d, "cancel", 1, EMMA + [msg])
    assert "I won't make that change" in _said(t)[-1], _said(t)[-1]
    assert _calls(t) == []


def test_near_miss_not_now_is_a_put_off(d):
    t = _play(d, "cancel", 1, EMMA + ["not now"])
    assert "take your time" in _said(t)[-1] and _calls(t) == []


# --- finding 2: "that should've been the luggage order" ------------------------------------------------------------
# several_pending_edits 3: Sophia Martin, bike order #W1603792, luggage order #W1092119, both pending
SOPHIA = "Hi, Sophia Martin, zip 77034"
MOVE_BIKE = "please send my bike order to 44 Cedar Lane, Madison, WI 53703"
CANCEL_BIKE = "cancel my bike order please, ordered by mistake"
CEDAR = {"address1": "44 Cedar Lane", "address2": "", "city": "Madison", "state": "WI", "country": "USA",
         "zip": "53703"}
TO_LUGGAGE = "change the shipping address of order #W1092119 to 44 Cedar Lane"
WRONG_ORDER = ["that should've been the luggage order", "should have been the luggage order",
               "it was supposed to be the luggage order", "oops, that was meant to be the luggage one",
               "no, it's supposed to be the luggage order", "hmm not that one - the luggage one"]


@pytest.mark.parametrize("msg", WRONG_ORDER)
def test_the_order_corrected_at_the_proposal(d, msg):
    t = _play(d, "several_pending_edits", 3, [SOPHIA, MOVE_BIKE, msg])
    assert TO_LUGGAGE in _said(t)[-1], _said(t)[-1]
    assert _calls(t) == []
    t = _play(d, "several_pending_edits", 3, [SOPHIA, MOVE_BIKE, msg, "yes"])
    _sound(t)
    assert _calls(t) == [("modify_pending_order_address", {"order_id": "#W1092119", **CEDAR})]


@pytest.mark.parametrize("msg", WRONG_ORDER)
def test_the_order_corrected_after_the_write(d, msg):
    t = _play(d, "several_pending_edits", 3, [SOPHIA, MOVE_BIKE, "yes", msg])
    said = _said(t)[-1]
    assert "order #W1603792 has already gone through" in said and TO_LUGGAGE in said, said
    t = _play(d, "several_pending_edits", 3, [SOPHIA, MOVE_BIKE, "yes", msg, "yes"])
    _sound(t)
    assert [a["order_id"] for _, a in _calls(t)] == ["#W1603792", "#W1092119"]


@pytest.mark.parametrize("msg", WRONG_ORDER)
def test_a_cancel_corrected(d, msg):
    t = _play(d, "several_pending_edits", 3, [SOPHIA, CANCEL_BIKE, msg, "yes"])
    _sound(t)
    assert _calls(t) == [("cancel_pending_order", {"order_id": "#W1092119", "reason": "ordered by mistake"})]


# return 1: Mia Garcia, delivered #W7387996 (gaming mouse) and #W5490111 (bottle, keyboard, camera, backpack)
MIA = ["Hi, mia.garcia2723@example.com", "I'd like to return the gaming mouse, refund to the original payment", "yes"]


@pytest.mark.parametrize("msg", ["that should have been the keyboard, not the mouse", "I meant the keyboard"])
def test_an_item_corrected_after_a_return(d, msg):
    t = _play(d, "return", 1, MIA + [msg])
    said = _said(t)[-1]
    assert "I'm sorry about that" in said and "To confirm, I will return from order #W5490111: Mechanical Keyboard" in said
    t = _play(d, "return", 1, MIA + [msg, "yes"])
    _sound(t)
    assert _calls(t)[1:] == [KEYBOARD_BACK]


def test_near_miss_i_meant_to_ask_is_no_correction(d):
    t = _play(d, "return", 1, MIA + ["I meant to ask, when does the refund come?"])
    assert "I'm sorry about that" not in _said(t)[-1] and "business days" in _said(t)[-1], _said(t)[-1]


# --- finding 3: "ditto for the other one" -------------------------------------------------------------------------
DITTO = ["ditto for the other one", "same for the other order", "and the same for the luggage order",
         "do the same with the other one", "likewise for the other order", "ditto for #W1092119"]


@pytest.mark.parametrize("msg", DITTO)
def test_ditto_after_a_cancel(d, msg):
    t = _play(d, "several_pending_edits", 3, [SOPHIA, CANCEL_BIKE, "yes", msg])
    assert "To confirm, I will cancel order #W1092119 because it is 'ordered by mistake'" in _said(t)[-1], _said(t)[-1]
    t = _play(d, "several_pending_edits", 3, [SOPHIA, CANCEL_BIKE, "yes", msg, "yes"])
    _sound(t)
    assert _calls(t) == [("cancel_pending_order", {"order_id": o, "reason": "ordered by mistake"})
                         for o in ("#W1603792", "#W1092119")]


@pytest.mark.parametrize("msg", DITTO)
def test_ditto_after_an_address_change(d, msg):
    t = _play(d, "several_pending_edits", 3, [SOPHIA, MOVE_BIKE, "yes", msg, "yes"])
    _sound(t)
    assert _calls(t) == [("modify_pending_order_address", {"order_id": o, **CEDAR}) for o in ("#W1603792", "#W1092119")]


@pytest.mark.parametrize("msg", ["ditto for the keyboard", "same for the keyboard", "do the same for the keyboard"])
def test_ditto_for_an_item_after_a_return(d, msg):
    t = _play(d, "return", 1, MIA + [msg, "yes"])
    _sound(t)
    assert _calls(t)[1:] == [KEYBOARD_BACK]


@pytest.mark.parametrize("msg", ["ditto for the other one", "ditto for the other order"])
def test_ditto_for_the_other_order_after_a_return_asks_its_items(d, msg):
    t = _play(d, "return", 1, MIA + [msg])
    assert _said(t)[-1].startswith("Which items of order #W5490111 would you like to return?"), _said(t)[-1]
    assert len(_calls(t)) == 1


@pytest.mark.parametrize("msg", ["ditto for the other one", "and the other one too", "same for the luggage order",
                                 "same for the other order"])
def test_ditto_at_a_proposal_adds_the_other_order_after_it(d, msg):
    t = _play(d, "several_pending_edits", 3, [SOPHIA, CANCEL_BIKE, msg])
    said = _said(t)[-1]
    assert "right after this" in said and "cancel order #W1603792" in said, said
    t = _play(d, "several_pending_edits", 3, [SOPHIA, CANCEL_BIKE, msg, "yes", "yes"])
    _sound(t)
    assert [a["order_id"] for _, a in _calls(t)] == ["#W1603792", "#W1092119"]


def test_near_miss_ditto_for_the_order_just_cancelled_writes_nothing_more(d):
    t = _play(d, "several_pending_edits", 3, [SOPHIA, CANCEL_BIKE, "yes", "ditto for the bike order", "yes"])
    assert len(_calls(t)) == 1


@pytest.mark.parametrize("msg", ["same here, thanks", "same to you!", "likewise, have a good day", "ditto"])
def test_near_miss_same_said_of_nothing_starts_no_request(d, msg):
    t = _play(d, "several_pending_edits", 3, [SOPHIA, CANCEL_BIKE, "yes", msg])
    said = _said(t)[-1]
    assert "To confirm" not in said and "Which order" not in said and "reason" not in said, said


def test_ditto_for_the_other_like_item_of_an_order_returned(d):
    t = _play(d, "return", 6, ["Hi, daiki.johnson2279@example.com", "I want to return a vacuum cleaner", "the robotic one",
                               "yes", "ditto for the other one", "yes"])
    assert _said(t)[-2].startswith("Order #W9502127 now has a return requested"), _said(t)[-2]
    assert len(_calls(t)) == 1


# --- finding 4: "the camera is done too right?" after a partial return --------------------------------------------


@pytest.mark.parametrize("msg", ["the camera is done too right?", "the camera is done too right",
                                 "and the camera's included too, right?", "you did the camera as well?",
                                 "the camera's being returned too, yeah?", "was the camera included?",
                                 "did you also return the camera?", "camera too?", "and the camera? is that done too"])
def test_an_item_not_returned_is_said_not_returned(d, msg):
    t = _play(d, "return", 1, KEYBOARD + ["yes", msg, "yes"])
    said = _said(t)[-2]
    assert said.startswith("No, the Action Camera of order #W5490111 is not part of it"), said
    assert "can't be returned or exchanged any more" in said
    assert _calls(t) == [KEYBOARD_BACK]


def test_the_item_returned_is_said_returned(d):
    t = _play(d, "return", 1, KEYBOARD + ["yes", "the keyboard is done right?"])
    assert _said(t)[-1].startswith("Yes, the Mechanical Keyboard of order #W5490111 is part of the return requested")


@pytest.mark.parametrize("msg", ["the keyboard is done too right?", "keyboard too?",
                                 "and the keyboard's returned as well, yeah?"])
def test_an_item_of_another_order_is_offered_not_returned(d, msg):
    t = _play(d, "return", 1, MIA + [msg])
    assert _said(t)[-1].startswith("No, the Mechanical Keyboard (order #W5490111) is not part of anything done"), \
        _said(t)[-1]
    t = _play(d, "return", 1, MIA + [msg, "yes"])
    assert "To confirm, I will return from order #W5490111: Mechanical Keyboard" in _said(t)[-1]
    assert len(_calls(t)) == 1  # (the yes to the offer is proposed, not written)
    t = _play(d, "return", 1, MIA + [msg, "yes", "yes"])
    _sound(t)
    assert _calls(t)[1:] == [KEYBOARD_BACK]


@pytest.mark.parametrize("msg", ["the camera is in there too right?", "the camera is done too right?",
                                 "is the camera included?"])
def test_at_a_proposal_an_item_asked_after_is_not_added(d, msg):
    t = _play(d, "return", 1, KEYBOARD + [msg, "yes"])
    assert _said(t)[-2].startswith("No, the Action Camera is not in this request"), _said(t)[-2]
    _sound(t)
    assert _calls(t) == [KEYBOARD_BACK]


@pytest.mark.parametrize("msg", ["the luggage order is cancelled too right?", "the other one's cancelled as well yeah?",
                                 "and #W1092119 is done too?"])
def test_an_order_not_cancelled_is_said_so(d, msg):
    t = _play(d, "several_pending_edits", 3, [SOPHIA, CANCEL_BIKE, "yes", msg])
    assert _said(t)[-1].startswith("No, I haven't changed order #W1092119 in this conversation: it is pending."), \
        _said(t)[-1]
    t = _play(d, "several_pending_edits", 3, [SOPHIA, CANCEL_BIKE, "yes", msg, "yes"])
    assert len(_calls(t)) == 1 and "'no longer needed' or 'ordered by mistake'" in _said(t)[-1]


def test_the_order_cancelled_is_said_cancelled(d):
    t = _play(d, "several_pending_edits", 3, [SOPHIA, CANCEL_BIKE, "yes", "the bike order is cancelled right?"])
    assert _said(t)[-1].startswith("Yes: in this conversation I cancelled order #W1603792")


# --- finding 5: "actually both of them" ---------------------------------------------------------------------------
BOTH = ["actually both of them", "actually both", "hmm actually both of them pls", "oh actually, both of them please",
        "make it both", "I guess all of them then"]


@pytest.mark.parametrize("msg", BOTH)
def test_both_orders_at_which_order(d, msg):
    t = _play(d, "several_pending_edits", 3, [SOPHIA, "I want to cancel an order, ordered by mistake", msg, "yes",
                                              "yes"])
    _sound(t)
    assert _calls(t) == [("cancel_pending_order", {"order_id": o, "reason": "ordered by mistake"})
                         for o in ("#W1603792", "#W1092119")]


@pytest.mark.parametrize("msg", BOTH[:4] + ["hmm, make it both", "both of them actually"])
def test_both_items_at_which_item(d, msg):
    # return 6: Daiki Johnson, delivered #W9502127 with two Vacuum Cleaners
    t = _play(d, "return", 6, ["Hi, daiki.johnson2279@example.com", "I want to return a vacuum cleaner", msg, "yes"])
    _sound(t)
    assert _calls(t) == [("return_delivered_order_items", {"order_id": "#W9502127", "item_ids": ["2872451762",
                                                                                                "6259501109"],
                                                           "payment_method_id": "paypal_2433177"})]


def test_near_miss_actually_the_one_order(d):
    t = _play(d, "several_pending_edits", 3, [SOPHIA, "I want to cancel an order, ordered by mistake",
                                              "actually the luggage one", "yes"])
    _sound(t)
    assert _calls(t) == [("cancel_pending_order", {"order_id": "#W1092119", "reason": "ordered by mistake"})]


# --- finding 6: status questions ------------------------------------------------------------------------------------
@pytest.mark.parametrize("msg", ["which orders can I still make changes to?", "which orders can I still change?",
                                 "which ones can still be changed?", "are there any orders I can still change?"])
def test_which_orders_can_still_be_changed(d, msg):
    t = _play(d, "several_pending_edits", 3, [SOPHIA, msg])
    said = _said(t)[-1]
    assert "Order #W1603792 is pending" in said and "Order #W1092119 is pending" in said, said
    assert _calls(t) == []
    # return 4: Mei Davis, delivered #W2890441 and pending #W1267569: the pending one, and what it still allows
    t = _play(d, "return", 4, ["Hi, mei.davis6811@example.com", msg])
    said = _said(t)[-1]
    assert "Order #W1267569 is pending" in said and "#W2890441" not in said, said
    assert _calls(t) == []


def test_a_change_in_general_is_every_change_a_pending_order_allows(d):
    t = _play(d, "return", 4, ["Hi, mei.davis6811@example.com", "which orders can I still make changes to?"])
    said = _said(t)[-1]
    assert "it can still be cancelled" in said and "shipping address can still be changed" in said and \
        "items can still be changed" in said, said


def test_near_miss_items_asked_after_are_items_alone(d):
    t = _play(d, "return", 4, ["Hi, mei.davis6811@example.com", "which orders can I still change items in?"])
    said = _said(t)[-1]
    assert "items can still be changed" in said and "can still be cancelled" not in said, said


@pytest.mark.parametrize("msg", ["what's the latest on my two open orders", "what's the latest on my two open orders?",
                                 "where do my open orders stand?", "whats the latest with my orders",
                                 "any word on my open orders?"])
def test_the_latest_on_the_open_orders(d, msg):
    t = _play(d, "several_pending_edits", 3, [SOPHIA, msg])
    said = _said(t)[-1]
    assert "Order #W1603792 is pending" in said and "Order #W1092119 is pending" in said, said
    assert "Sorry, I can't help with that here" not in said
    assert _calls(t) == []


# --- finding 7: "exact same lamp again" -----------------------------------------------------------------------------
# exchange 2: Mei Kovacs, delivered #W6390527 with a Desk Lamp (white, medium, USB)
MEI = ["Hi, Mei Kovacs, zip 28236"]
SAME_REFUSED = "I can't exchange the Desk Lamp for the very same one"


@pytest.mark.parametrize("first", [["my desk lamp stopped working, I want to exchange it", "exact same lamp again"],
                                   ["my desk lamp stopped working", "exact same lamp again"],
                                   ["my desk lamp stopped working, I want the exact same lamp again"]])
def test_the_same_lamp_asked_again_is_no_loop(d, first):
    t = _play(d, "exchange", 2, MEI + first)
    assert SAME_REFUSED in _said(t)[-1] and "Which option would you like" in _said(t)[-1], _said(t)[-1]
    t = _play(d, "exchange", 2, MEI + first + ["exact same lamp again please"])
    said = _said(t)[-1]
    assert said.startswith("As I said, " + SAME_REFUSED) and "return it for a refund instead?" in said, said
    assert "Available options include" not in said
    t = _play(d, "exchange", 2, MEI + first + ["exact same lamp again please", "the exact same one!"])
    said = _said(t)[-1]
    assert "I have left order #W6390527 as it is" in said, said
    assert _calls(t) == [] and t.violations == []


def test_the_return_offered_is_proposed_on_a_yes(d):
    t = _play(d, "exchange", 2, MEI + ["my desk lamp stopped working, I want the exact same lamp again",
                                       "exact same lamp again please", "yes", "yes"])
    _sound(t)
    assert _calls(t) == [("return_delivered_order_items", {"order_id": "#W6390527", "item_ids": ["8384507844"],
                                                           "payment_method_id": "paypal_7644869"})]


def test_an_option_named_after_the_refusal_is_exchanged(d):
    t = _play(d, "exchange", 2, MEI + ["my desk lamp stopped working, I want the exact same lamp again",
                                       "exact same lamp again please", "ok then the black medium USB one", "yes"])
    _sound(t)
    assert [a["new_item_ids"] for _, a in _calls(t)] == [["6805564527"]]


def test_the_exchange_identical_fault_alone_reports_r8(d):
    lines = MEI + ["my desk lamp stopped working, I want the exact same lamp again", "yes"]
    faulty = _play(d, "exchange", 2, lines, ["exchange_identical"])
    assert {v.policy for v in faulty.violations} == {"R8"}, faulty.violations
    clean = _play(d, "exchange", 2, lines)
    assert clean.violations == [] and _calls(clean) == []


# --- finding 8: "the stainless one" ---------------------------------------------------------------------------------
# return 6: Daiki Johnson, pending #W1436802 with a Tea Kettle (glass, 1 liter, gas);
# exchange 16: Yara Ito, delivered #W8353027 with an Electric Kettle (2L, glass, black)
@pytest.mark.parametrize("msg", ["the stainless one", "stainless please", "the stainless 2 liter one",
                                 "stainless, 2 liters, gas", "I want it in stainless", "steel please"])
def test_a_material_said_by_one_word_picks_that_material(d, msg):
    t = _play(d, "return", 6, ["Hi, daiki.johnson2279@example.com", "I want to change the tea kettle in my pending order",
                               msg])
    assert "Tea Kettle (glass, 1 liter, gas, $98.25) -> (stainless steel, 2 liters, gas" in _said(t)[-1], _said(t)[-1]
    t = _play(d, "exchange", 16, ["Hi, Yara Ito, zip 75284", "I want to exchange my electric kettle", msg, "yes"])
    _sound(t)
    assert [(a["item_ids"], a["new_item_ids"]) for _, a in _calls(t)] == [(["9335834276"], ["4458619711"])]


def test_a_material_said_by_one_word_in_the_request(d):
    t = _play(d, "exchange", 16, ["Hi, Yara Ito, zip 75284",
                                  "I want to exchange my electric kettle for the stainless one"])
    assert "Electric Kettle (2L, glass, black, $137.92) -> (2L, stainless steel, white" in _said(t)[-1], _said(t)[-1]


def test_near_miss_the_material_ruled_out_is_not_picked(d):
    t = _play(d, "return", 6, ["Hi, daiki.johnson2279@example.com", "I want to change the tea kettle in my pending order",
                               "not the stainless one, ceramic"])
    assert "-> (ceramic, 2 liters, gas" in _said(t)[-1], _said(t)[-1]
