"""Retail customers played against the fault-free clerk (thirty-third session, part e).

Findings of retail-customers-14 (/work/h33/retail-customers-14/report.md), the wrong writes first: 1 ("nevermind that,
is my order #W2 shipped yet?" at a proposal kept it, and the "great" that acknowledged the answer wrote it), 2 ("the
watch alone then", "I'll pass on the helmet, go ahead with camera + kettle" were not heard as narrowing), 3 ("the camera
and kettle, not the helmet" dropped the kettle; "all fine but the camera should be silver" dropped the camera), 4 ("cancel
#W1 - no wait, cancel #W2 instead" proposed #W1 first), 5 ("the order that isn't going to San Antonio" got that order).
Each case has the tester's words, others of the kind, and near misses that keep their old reading; each conversation is
checked for soundness (no violation, no failed turn, each write right after a yes to the proposal that named it).
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-33e")


FATIMA = "hi I'm Fatima Johnson, zip 78712"
YUSUF = "Yusuf Rossi, 19122"
EVELYN = "hi, Evelyn Kovacs, zip 32117"
HEADPHONES = "I want to exchange the headphones from order #W2378156 for the black ones"
RETURN_TWO = "I want to return the smart watch from order #W9389413 and the t-shirt"
WATCH, SHIRT = "2554056026", "5047954489"
THREE = ("in #W5199551 I want to change the kettle to black plastic, the helmet to a medium red one with high "
         "ventilation, and the camera to 4K")
CAMERA, KETTLE, HELMET = "5925362855", "9472539378", "5537798301"
SILVER_4K_CAMERA = "6117189161"


# --- 1. "never mind" with a question at a proposal: dropped, the question answered, and no write on the thanks --------
@pytest.mark.parametrize("say, ack", [
    ("nevermind that, is my order #W6247578 shipped yet?", "great"),
    ("forget it. what's the status of my order #W6247578?", "great"),
    ("never mind, let's leave it. has order #W6247578 shipped?", "perfect"),
    ("no, drop that. what's in my order #W4776164?", "ok good"),
    ("leave it for now. when will #W6247578 arrive?", "alright"),
    ("leave it for now. when will #W6247578 arrive?", "sounds good"),
])
def test_never_mind_with_a_question_drops_the_proposal(d, say, ack):
    t = _play(d, "exchange", 0, [YUSUF, HEADPHONES, say, ack])
    _sound(t)
    assert _calls(t) == [], _said(t)
    answer = _said(t)[2]
    assert "left order #W2378156 as it is" in answer and "To confirm" not in answer, answer
    assert "#W6247578" in answer or "#W4776164" in answer, answer


@pytest.mark.parametrize("say", ["forget it, I'll keep them. thanks", "never mind", "forget it"])
def test_never_mind_alone_drops_the_proposal(d, say):
    t = _play(d, "exchange", 0, [YUSUF, HEADPHONES, say, "yes"])
    _sound(t)
    assert _calls(t) == [], _said(t)
    assert "To confirm" not in _said(t)[2], _said(t)[2]


def test_never_mind_then_another_request_still_takes_it_up(d):
    t = _play(d, "exchange", 0, [YUSUF, HEADPHONES, "no, forget the headphones. cancel my order #W6247578 instead, no longer needed"])
    _sound(t)
    assert "cancel" in _said(t)[-1] and "#W6247578" in _said(t)[-1], _said(t)[-1]


@pytest.mark.parametrize("say", ["is order #W6247578 shipped yet?", "yes"])
def test_a_question_or_a_yes_without_never_mind_keeps_the_proposal(d, say):
    t = _play(d, "exchange", 0, [YUSUF, HEADPHONES, say])
    _sound(t)
    if say == "yes":
        assert [a["item_ids"] for _, a in _calls(t)] == [["4202497723"]], _said(t)
    else:
        assert "To confirm, I will exchange" in _said(t)[-1], _said(t)[-1]


# --- 2. "the watch alone" / "by itself" / "I'll pass on the helmet": narrowed, and asked again ---------------------------
@pytest.mark.parametrize("say, kept", [
    ("fine. the watch alone then", [WATCH]),
    ("ok, the watch by itself", [WATCH]),
    ("the t-shirt on its own please", [SHIRT]),
    ("alright, the smart watch alone", [WATCH]),
])
def test_one_item_alone_narrows_the_return(d, say, kept):
    t = _play(d, "cancel_plus", 0, [FATIMA, RETURN_TWO, say])
    _sound(t)
    assert _calls(t) == [], _said(t)
    assert "Just to be sure" not in _said(t)[-1], _said(t)[-1]
    t = _play(d, "cancel_plus", 0, [FATIMA, RETURN_TWO, say, "yes"])
    _sound(t)
    assert [a["item_ids"] for _, a in _calls(t)] == [kept], _said(t)


@pytest.mark.parametrize("say, kept", [
    ("I'll pass on the helmet, go ahead with camera + kettle", [CAMERA, KETTLE]),
    ("I'll pass on the camera, do the other two", [KETTLE, HELMET]),
    ("fine. the kettle alone then", [KETTLE]),
])
def test_passing_on_one_item_narrows_the_modification(d, say, kept):
    t = _play(d, "modify_items", 2, [FATIMA, THREE, say])
    _sound(t)
    assert _calls(t) == [], _said(t)
    t = _play(d, "modify_items", 2, [FATIMA, THREE, say, "yes"])
    _sound(t)
    assert [sorted(a["item_ids"]) for _, a in _calls(t)] == [sorted(kept)], _said(t)


def test_leave_the_helmet_alone_still_drops_only_the_helmet(d):
    t = _play(d, "modify_items", 2, [FATIMA, THREE, "leave the helmet alone, do the camera and the kettle", "yes"])
    _sound(t)
    assert [sorted(a["item_ids"]) for _, a in _calls(t)] == [sorted([CAMERA, KETTLE])], _said(t)


# --- 3. excluding one item keeps the others; an item excepted and corrected is corrected, not dropped -----------------
@pytest.mark.parametrize("say, kept", [
    ("proceed with the camera and kettle, not the helmet", [CAMERA, KETTLE]),
    ("go on with the camera and kettle, not the helmet", [CAMERA, KETTLE]),
    ("do the kettle and the helmet, not the camera", [KETTLE, HELMET]),
    ("the kettle, not the camera or helmet", [KETTLE]),
    ("camera and kettle yes, not the helmet", [CAMERA, KETTLE]),
])
def test_kept_items_before_a_not_stay(d, say, kept):
    t = _play(d, "modify_items", 2, [FATIMA, THREE, say, "yes"])
    _sound(t)
    assert [sorted(a["item_ids"]) for _, a in _calls(t)] == [sorted(kept)], _said(t)


@pytest.mark.parametrize("say", [
    "all fine but the camera should be silver",
    "looks right apart from the camera, silver one please",
    "everything good except the camera - I want it in silver",
    "all good, except the camera: make it silver",
])
def test_an_excepted_item_with_a_new_option_is_corrected(d, say):
    t = _play(d, "modify_items", 2, [FATIMA, THREE, say])
    _sound(t)
    assert _calls(t) == [], _said(t)
    assert "Hiking Boots" not in _said(t)[-1], _said(t)[-1]
    t = _play(d, "modify_items", 2, [FATIMA, THREE, say, "yes"])
    _sound(t)
    [(_, args)] = _calls(t)
    assert sorted(args["item_ids"]) == sorted([CAMERA, KETTLE, HELMET]), _said(t)
    assert args["new_item_ids"][args["item_ids"].index(CAMERA)] == SILVER_4K_CAMERA, _said(t)


@pytest.mark.parametrize("say", ["all fine but the camera", "all good except the camera please"])
def test_an_excepted_item_with_no_new_option_is_still_left_out(d, say):
    t = _play(d, "modify_items", 2, [FATIMA, THREE, say, "yes"])
    _sound(t)
    assert [sorted(a["item_ids"]) for _, a in _calls(t)] == [sorted([KETTLE, HELMET])], _said(t)


# --- 4. an order id taken back in the same message: only the other one ---------------------------------------------------
@pytest.mark.parametrize("say", [
    "cancel #W8665881 no longer needed - no wait, cancel #W5199551 instead, keep the other one",
    "please cancel order #W8665881, sorry I mean #W5199551. not needed anymore",
    "I want to cancel #W8665881.. actually no, make that #W5199551, ordered by mistake",
    "cancel order #W8665881, oops wrong one, #W5199551. no longer needed",
])
def test_an_order_taken_back_is_not_proposed(d, say):
    t = _play(d, "cancel_plus", 0, [FATIMA, say])
    _sound(t)
    assert "#W5199551" in _said(t)[-1] and "#W8665881" not in _said(t)[-1], _said(t)[-1]
    t = _play(d, "cancel_plus", 0, [FATIMA, say, "yes"])
    _sound(t)
    assert [a["order_id"] for _, a in _calls(t)] == ["#W5199551"], _said(t)
    assert "#W8665881" not in _said(t)[-1], _said(t)[-1]


@pytest.mark.parametrize("say", [
    "cancel #W8665881, oh wait, #W5199551 too. no longer needed",
    "cancel #W8665881 please, no longer needed. sorry, has #W5199551 shipped yet?",
])
def test_an_order_added_or_asked_about_after_a_sorry_is_not_taken_back(d, say):
    t = _play(d, "cancel_plus", 0, [FATIMA, say])
    _sound(t)
    assert "cancel order #W8665881" in _said(t)[-1], _said(t)[-1]


# --- 5. an order told by where it is NOT going ---------------------------------------------------------------------------
@pytest.mark.parametrize("say", [
    "cancel the order that isn't going to San Antonio, with the digital camera. bought it by mistake",
    "I want to cancel the order that is NOT going to Texas, the camera one",
    "cancel my camera order, the one not shipped to texas. ordered by mistake",
])
def test_an_order_told_by_where_it_is_not_going(d, say):
    t = _play(d, "cancel", 0, [EVELYN, say, "ordered by mistake"])
    _sound(t)
    assert "cancel order #W9651773" in _said(t)[-1], _said(t)[-1]


@pytest.mark.parametrize("say, order", [
    ("cancel the order going to san antonio, bought by mistake", "#W6689278"),
    ("cancel the kettle order that ships to Florida, ordered by mistake", "#W5694685"),
    ("cancel the order with the camera, not the texas one. ordered by mistake", "#W9651773"),
])
def test_an_order_told_by_where_it_goes_still_works(d, say, order):
    t = _play(d, "cancel", 0, [EVELYN, say])
    _sound(t)
    assert f"cancel order {order}" in _said(t)[-1], _said(t)[-1]


# --- 7. "both pending ones" / "the two of them" at "which order?" -------------------------------------------------------
@pytest.mark.parametrize("say", [
    "both pending ones pls, no longer need them",
    "the two of them, no longer needed",
    "both pending, no longer needed",
    "both of them, no longer needed",
])
def test_both_pending_at_which_order_cancels_each_pending_one(d, say):
    t = _play(d, "cancel_plus", 0, [FATIMA, "I need to cancel an order", say, "yes", "yes"])
    _sound(t)
    assert sorted(a["order_id"] for _, a in _calls(t)) == ["#W5199551", "#W8665881"], _said(t)


@pytest.mark.parametrize("say", ["I want to cancel my pending orders please, no longer needed",
                                 "cancel both pending ones, ordered by mistake"])
def test_my_pending_orders_in_the_request(d, say):
    t = _play(d, "cancel_plus", 0, [FATIMA, say])
    _sound(t)
    assert "To confirm, I will cancel order" in _said(t)[-1], _said(t)[-1]
    t = _play(d, "cancel_plus", 0, [FATIMA, say, "yes", "yes"])
    _sound(t)
    assert sorted(a["order_id"] for _, a in _calls(t)) == ["#W5199551", "#W8665881"], _said(t)


def test_the_pending_one_still_asks_which_of_two(d):
    t = _play(d, "cancel_plus", 0, [FATIMA, "I need to cancel my pending order"])
    _sound(t)
    assert "To confirm" not in _said(t)[-1], _said(t)[-1]


# --- 8. the default address and the address on all my orders (tau-bench task 22): each proposed ------------------------
@pytest.mark.parametrize("say", [
    "please change my default address and the address on all my orders to 101 Highway, New York, NY 10001",
    "change my address everywhere - profile and every order - to 101 Highway, New York, NY 10001",
    "please change the shipping address of my pending order and my default address to 101 Highway, New York, NY 10001",
    "update the addresses on all my orders and my default one to 101 Highway, New York, NY 10001",
])
def test_default_and_order_addresses_are_each_proposed(d, say):
    t = _play(d, "address", 0, ["hi, Ethan Garcia, Denver 80280", say, "yes", "yes"])
    _sound(t)
    assert sorted(n for n, _ in _calls(t)) == ["modify_pending_order_address", "modify_user_address"], _said(t)


# --- 14. "do you sell kettles?": the kinds of kettle sold --------------------------------------------------------------
@pytest.mark.parametrize("say, kinds", [
    ("do you guys sell kettles? which colors", ["Electric Kettle", "Tea Kettle"]),
    ("do you sell cameras", ["Action Camera", "Digital Camera"]),
    ("do you have any tea kettles? what materials", ["Tea Kettle"]),
])
def test_a_kind_of_product_sold_is_answered(d, say, kinds):
    t = _play(d, "cancel", 0, [EVELYN, say])
    _sound(t)
    assert "don't sell" not in _said(t)[-1] and all(k in _said(t)[-1] for k in kinds), _said(t)[-1]


def test_a_product_not_sold_is_still_said_so(d):
    t = _play(d, "cancel", 0, [EVELYN, "do you sell coats?"])
    _sound(t)
    assert "we don't sell coats" in _said(t)[-1], _said(t)[-1]


# --- 15. asking for a person in other words ------------------------------------------------------------------------------
@pytest.mark.parametrize("lines", [
    ["I prefer talking to a human being honestly"],
    ["can I get a call back from a real agent"],
    ["cancel order #W5199551", "id prefer a human being to handle this"],
    ["i would rather a human handled it"],
])
def test_a_person_asked_for_is_a_transfer(d, lines):
    t = _play(d, "cancel_plus", 0, [FATIMA, *lines])
    _sound(t)
    assert [m for m in t.messages if any(c["function"]["name"] == "transfer_to_human_agents"
                                          for c in m.get("tool_calls") or [])], _said(t)


@pytest.mark.parametrize("say", ["our human resources team ordered #W5199551 by mistake, please cancel it",
                                 "order #W5199551 has a human error in it, the speaker is the wrong color"])
def test_human_said_of_something_else_is_no_transfer(d, say):
    t = _play(d, "cancel_plus", 0, [FATIMA, say])
    _sound(t)
    assert not [m for m in t.messages if any(c["function"]["name"] == "transfer_to_human_agents"
                                              for c in m.get("tool_calls") or [])], _said(t)


# --- 16. a login with an "Address:" field: no address change -----------------------------------------------------------
@pytest.mark.parametrize("say", [
    "Name: Kovacs Evelyn. Address: 505 Cedar Avenue, Jacksonville, 32117",
    "Name Kovacs Evelyn, address 505 Cedar Avenue, Jacksonville, 32117",
    "name: Evelyn Kovacs; address: 505 Cedar Avenue, Jacksonville 32117",
])
def test_an_address_field_at_login_is_no_address_change(d, say):
    t = _play(d, "cancel", 0, [say])
    _sound(t)
    assert "How can I help you today?" in _said(t)[-1], _said(t)[-1]


def test_a_new_address_at_login_is_still_an_address_change(d):
    t = _play(d, "cancel", 0, ["Evelyn Kovacs 32117, change my default address to 12 Elm St, Austin TX 78701"])
    _sound(t)
    assert "To confirm, I will update your default address to 12 Elm St" in _said(t)[-1], _said(t)[-1]


# --- 12. a yes on condition that a return's refund goes to the gift card: proposed again with it ------------------------
GIFT_CARD, PAYPAL = "gift_card_1675628", "paypal_5364164"
RETURN_WATCH = "I want to return the smart watch from order #W9389413"


@pytest.mark.parametrize("say", [
    "yes, as long as the refund goes on my gift card",
    "yes if the money goes back to the gift card",
    "would it be possible to put the money on my gift card instead",
])
def test_a_return_asked_onto_the_gift_card_is_proposed_with_it(d, say):
    t = _play(d, "cancel_plus", 0, [FATIMA, RETURN_WATCH, say])
    _sound(t)
    assert _calls(t) == [], _said(t)
    assert "refund $367.38 to your gift card" in _said(t)[-1] and "goes to your PayPal" not in _said(t)[-1], _said(t)[-1]
    t = _play(d, "cancel_plus", 0, [FATIMA, RETURN_WATCH, say, "yes"])
    _sound(t)
    assert [a["payment_method_id"] for _, a in _calls(t)] == [GIFT_CARD], _said(t)


def test_a_yes_on_condition_of_the_method_proposed_is_answered_and_asked_again(d):
    t = _play(d, "cancel_plus", 0, [FATIMA, RETURN_WATCH, "yes if it goes back to paypal"])
    _sound(t)
    assert _calls(t) == [] and "goes to your PayPal account" in _said(t)[-1], _said(t)[-1]


def test_a_cancel_on_condition_of_the_gift_card_is_still_told_where_it_goes(d):
    t = _play(d, "cancel_plus", 0, [FATIMA, "cancel order #W5199551, no longer needed",
                                    "yes but only if the refund goes to the gift card"])
    _sound(t)
    assert _calls(t) == [] and "original payment method" in _said(t)[-1], _said(t)[-1]


# --- 9. "I dont need backlight" / "no lights at all": the keyboard with none -------------------------------------------
@pytest.mark.parametrize("say", [
    "exchange the keyboard from #W2378156 for a clicky full size one, I dont need backlight",
    "exchange the keyboard from #W2378156 for a clicky full size one, one with no lights at all",
    "exchange the keyboard from #W2378156 for a clicky full size one, not RGB not white, no light",
    "exchange the keyboard from #W2378156 for a clicky full size one, don't want any backlight",
])
def test_no_backlight_in_other_words_picks_none(d, say):
    t = _play(d, "exchange", 0, [YUSUF, say])
    _sound(t)
    assert "-> (clicky, none, full size" in _said(t)[-1], _said(t)[-1]


def test_a_backlight_colour_asked_is_still_that_colour(d):
    t = _play(d, "exchange", 0, [YUSUF, "exchange the keyboard from #W2378156 for a clicky full size one with white "
                                        "backlight"])
    _sound(t)
    assert "-> (clicky, white, full size" in _said(t)[-1], _said(t)[-1]


# --- 13. another order's request added at a proposal: both, the proposal first ----------------------------------------
@pytest.mark.parametrize("say", [
    "and also please cancel order #W8665881, I dont need it anymore",
    "oh and cancel #W8665881 too, no longer needed",
    "also, can you cancel #W8665881? no longer needed",
])
def test_a_request_added_at_a_proposal_keeps_the_proposal(d, say):
    t = _play(d, "cancel_plus", 0, [FATIMA, RETURN_WATCH, say])
    _sound(t)
    assert _calls(t) == [] and "To confirm, I will return from order #W9389413" in _said(t)[-1], _said(t)[-1]
    t = _play(d, "cancel_plus", 0, [FATIMA, RETURN_WATCH, say, "yes", "yes"])
    _sound(t)
    assert [n for n, _ in _calls(t)] == ["return_delivered_order_items", "cancel_pending_order"], _said(t)


def test_another_request_instead_still_replaces_the_proposal(d):
    t = _play(d, "cancel_plus", 0, [FATIMA, RETURN_WATCH, "no, cancel order #W8665881 instead, no longer needed", "yes",
                                    "yes"])
    _sound(t)
    assert [n for n, _ in _calls(t)] == ["cancel_pending_order"], _said(t)


# --- 19. split answers at a proposal of several items: narrowed -------------------------------------------------------
@pytest.mark.parametrize("say, kept", [
    ("yes for the watch, no for the t-shirt", [WATCH]),
    ("no for the watch, yes for the t-shirt", [SHIRT]),
    ("the watch yes, the t-shirt no", [WATCH]),
])
def test_a_split_answer_narrows_the_return(d, say, kept):
    t = _play(d, "cancel_plus", 0, [FATIMA, RETURN_TWO, say])
    _sound(t)
    assert _calls(t) == [] and "couldn't tell" not in _said(t)[-1], _said(t)[-1]
    t = _play(d, "cancel_plus", 0, [FATIMA, RETURN_TWO, say, "yes"])
    _sound(t)
    assert [a["item_ids"] for _, a in _calls(t)] == [kept], _said(t)


@pytest.mark.parametrize("say", ["let's not do the helmet", "I'd rather not change the helmet",
                                 "yes to the camera and kettle, no to the helmet"])
def test_not_doing_one_item_narrows_the_modification(d, say):
    t = _play(d, "modify_items", 2, [FATIMA, THREE, say, "yes"])
    _sound(t)
    assert [sorted(a["item_ids"]) for _, a in _calls(t)] == [sorted([CAMERA, KETTLE])], _said(t)
