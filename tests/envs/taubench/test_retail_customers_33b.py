"""Retail customers played against the fault-free clerk (thirty-third session, part b).

Findings of retail-customers-13 (/work/h33/retail-customers-13/report.md): 1 ("ok just the watch then" at a proposal of
several items wrote all of them), 2 (correcting one item of a proposal of several dropped the others), 3 ("no backlight"
gave a white backlight), 4 ("the cheapest white one" of the cheapest white kettle proposed a silver one), 5 ("all my
pending small t-shirts" changed the XXL one), 9 ("leave the helmet, just do the camera and kettle" dropped the whole
request), 12 ("can the money go to the gift card?" answered "goes to your PayPal"); and faults-11 findings 5 ("can a
real person call me") and 6 ("a new one exactly the same"). Each case has the tester's words, others of the kind, and
near misses that keep their old reading; each conversation is checked for soundness (no violation, no failed turn, each
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-33b")


FATIMA = "hi I'm Fatima Johnson, zip 78712"
YUSUF = "hi, it's under Yusuf Rossi, 19122"
RETURN_TWO = ["I want to cancel order #W9389413", "oh. ok then I'll return the smart watch and the t-shirt from it"]
WATCH, SHIRT = "2554056026", "5047954489"
THREE = ("on order #W5199551 I want to change three things: the kettle to the black plastic one, the helmet to a large "
         "white one, and the action camera to 4K silver")
CAMERA, KETTLE, HELMET = "5925362855", "9472539378", "5537798301"
EXCHANGE_TWO = ["Yusuf Rossi, 19122",
                "I got order #W2378156 and want to exchange the mechanical keyboard for a similar one but with clicky "
                "switches, and the smart thermostat for one that works with Google Home instead of Apple HomeKit",
                "the google assistant one, black is fine"]
KEYBOARD, THERMOSTAT = "1151293680", "4983901480"


# --- 1. "ok / sure + just the X" at a proposal of several items: narrowed, and asked again -------------------------------
@pytest.mark.parametrize("say, kept", [
    ("ok just the watch then", [WATCH]),
    ("sure, just the smart watch please", [WATCH]),
    ("alright, just the watch then", [WATCH]),
    ("ok then just the t-shirt", [SHIRT]),
    ("ok, only the watch", [WATCH]),
])
def test_a_yes_word_with_just_one_item_narrows_the_return(d, say, kept):
    t = _play(d, "cancel_plus", 0, [FATIMA, *RETURN_TWO, say])
    _sound(t)
    assert _calls(t) == [], _said(t)
    t = _play(d, "cancel_plus", 0, [FATIMA, *RETURN_TWO, say, "yes"])
    _sound(t)
    assert [args["item_ids"] for _, args in _calls(t)] == [kept], _said(t)


@pytest.mark.parametrize("say", ["yes", "yes please, the watch and the t-shirt", "ok go ahead"])
def test_a_plain_yes_to_both_items_still_returns_both(d, say):
    t = _play(d, "cancel_plus", 0, [FATIMA, *RETURN_TWO, say])
    _sound(t)
    assert [sorted(args["item_ids"]) for _, args in _calls(t)] == [sorted([WATCH, SHIRT])], _said(t)


@pytest.mark.parametrize("say, kept", [
    ("ok just the camera and the kettle", [CAMERA, KETTLE]),
    ("sure, just the kettle", [KETTLE]),
])
def test_a_yes_word_with_some_items_narrows_the_modification(d, say, kept):
    t = _play(d, "modify_items", 2, [FATIMA, THREE, say])
    _sound(t)
    assert _calls(t) == [], _said(t)
    t = _play(d, "modify_items", 2, [FATIMA, THREE, say, "yes"])
    _sound(t)
    assert [sorted(args["item_ids"]) for _, args in _calls(t)] == [sorted(kept)], _said(t)


def test_a_yes_word_with_one_item_narrows_the_exchange(d):
    t = _play(d, "exchange", 0, [*EXCHANGE_TWO, "alright, just the thermostat then", "yes"])
    _sound(t)
    assert [args["item_ids"] for _, args in _calls(t)] == [[THERMOSTAT]], _said(t)


# --- 9. one item left as it is: the others kept ----------------------------------------------------------------------------
@pytest.mark.parametrize("say", [
    "actually leave the helmet, just do the camera and kettle",
    "on second thought I'll keep the helmet",
    "hmm, I changed my mind about the helmet. only the camera and the kettle",
    "don't change the helmet after all",
    "drop the helmet change please",
])
def test_leaving_one_item_keeps_the_others(d, say):
    t = _play(d, "modify_items", 2, [FATIMA, THREE, say, "yes"])
    _sound(t)
    assert "Helmet" not in _said(t)[2] and "Action Camera" in _said(t)[2] and "Electric Kettle" in _said(t)[2], _said(t)[2]
    assert [sorted(args["item_ids"]) for _, args in _calls(t)] == [sorted([CAMERA, KETTLE])], _said(t)


@pytest.mark.parametrize("say", ["never mind, I'll keep everything as it is", "forget it, leave the order alone", "no"])
def test_dropping_the_whole_request_still_drops_it(d, say):
    t = _play(d, "modify_items", 2, [FATIMA, THREE, say, "yes"])
    _sound(t)
    assert _calls(t) == [], _said(t)


# --- 2. one item of several corrected: the others kept --------------------------------------------------------------------
@pytest.mark.parametrize("say, want", [
    ("wait, the camera should be black, not silver", "(4K, yes, black"),
    ("sorry, the helmet should be red not white", "red"),
    ("actually make the helmet medium instead of large", "(M, white"),
])
def test_correcting_one_item_keeps_the_others(d, say, want):
    lines = [FATIMA, THREE, say, "yes"]
    if "red" in say:  # (39k: no large red helmet: the closest, a medium red one, is offered and asked about first)
        t = _play(d, "modify_items", 2, lines[:3])
        assert "The closest available option is M, red, medium" in _said(t)[2] and _calls(t) == [], _said(t)[2]
        lines = lines[:3] + ["yes", "yes"]
    t = _play(d, "modify_items", 2, lines)
    _sound(t)
    reply = _said(t)[len(lines) - 2]
    assert all(n in reply for n in ("Action Camera", "Electric Kettle", "Cycling Helmet")), reply
    assert want in reply, reply
    assert sorted(_calls(t)[0][1]["item_ids"]) == sorted([CAMERA, KETTLE, HELMET]), _said(t)


@pytest.mark.parametrize("say", ["actually make it medium instead of large", "medium rather than large please"])
def test_medium_against_large_is_a_size(d, say):
    t = _play(d, "modify_items", 2, [FATIMA, "change the helmet in #W5199551 to a large white one", say])
    _sound(t)
    assert "-> (M, white" in _said(t)[2], _said(t)[2]


def test_correcting_the_keyboard_keeps_the_thermostat(d):
    t = _play(d, "exchange", 0, [*EXCHANGE_TWO, "sorry, the keyboard should have a white backlight, not RGB", "yes"])
    _sound(t)
    assert "Smart Thermostat" in _said(t)[3] and "(clicky, white, full size" in _said(t)[3], _said(t)[3]
    assert sorted(_calls(t)[0][1]["item_ids"]) == sorted([KEYBOARD, THERMOSTAT]), _said(t)


# --- 3. "no backlight": the option 'none' -----------------------------------------------------------------------------------
@pytest.mark.parametrize("say", [
    "make the keyboard clicky, no backlight, full size",
    "full size please, without backlight",
    "the keyboard should stay full size. no backlight is fine",
    "clicky full size with no backlight",
    "no, I need full size. if there's no clicky RGB full size, I'd go with no backlight",
])
def test_no_backlight_at_the_proposal(d, say):
    t = _play(d, "exchange", 0, [*EXCHANGE_TWO, say, "yes"])
    _sound(t)
    reply = _said(t)[3]
    assert "(clicky, none, full size" in reply and "Smart Thermostat" in reply, reply
    assert sorted(_calls(t)[0][1]["new_item_ids"]) == sorted(["7706410293", "7747408585"]), _said(t)


@pytest.mark.parametrize("ask", [
    "I want to exchange the mechanical keyboard from #W2378156 for a clicky one with no backlight, full size",
    "exchange the keyboard in #W2378156 for a clicky full size one without backlight",
])
def test_no_backlight_in_the_request(d, ask):
    t = _play(d, "exchange", 0, ["Yusuf Rossi, 19122", ask])
    _sound(t)
    assert "-> (clicky, none, full size" in _said(t)[1], _said(t)[1]


def test_a_white_backlight_still_reads_white(d):
    t = _play(d, "exchange", 0, ["Yusuf Rossi, 19122",
                                 "exchange the keyboard in #W2378156 for a clicky full size one with a white backlight"])
    _sound(t)
    assert "-> (clicky, white, full size" in _said(t)[1], _said(t)[1]


# --- 4. "the cheapest white one" of the cheapest white item: said so, nothing proposed -----------------------------------
@pytest.mark.parametrize("ask, said", [
    ("change the kettle in #W5199551 to the cheapest white one", "already the cheapest available one with white"),
    ("change the helmet in #W5199551 to the cheapest small black one", "already the cheapest available one with S, black"),
])
def test_cheapest_of_the_items_own_values_keeps_it(d, ask, said):
    t = _play(d, "modify_items", 2, [FATIMA, ask, "yes"])
    _sound(t)
    assert said in _said(t)[1] and "->" not in _said(t)[1], _said(t)[1]
    assert _calls(t) == [], _said(t)


@pytest.mark.parametrize("ask, want", [
    ("change the kettle in #W5199551 to the cheapest black one", "-> (1.5L, plastic, black"),
    ("change the helmet in #W5199551 to the cheapest size M", "-> (M, white, low"),
    ("switch the kettle in #W5199551 to the cheapest option", "-> (1L, glass, silver"),
])
def test_cheapest_of_other_values_is_proposed(d, ask, want):
    t = _play(d, "modify_items", 2, [FATIMA, ask])
    _sound(t)
    assert want in _said(t)[1] and "cheapest available" in _said(t)[1], _said(t)[1]


# --- 5. "all my small t-shirts": the small one ----------------------------------------------------------------------------
@pytest.mark.parametrize("ask", [
    "I want to change all my pending small t-shirts to purple, same size, same v-neck, polyester if possible",
    "I want to change all my small t-shirts to purple",
    "change my small t-shirt to purple please",
])
def test_small_t_shirts_pick_the_small_one(d, ask):
    t = _play(d, "modify_items", 0, [YUSUF, ask, "yes"])
    _sound(t)
    assert "order #W4776164: T-Shirt (blue, S" in _said(t)[1] and "#W6247578" not in _said(t)[1], _said(t)[1]
    assert [(n, a["order_id"], a["new_item_ids"]) for n, a in _calls(t)] == [
        ("modify_pending_order_items", "#W4776164", ["9647292434"])], _said(t)


def test_all_t_shirts_still_takes_each(d):
    t = _play(d, "modify_items", 0, [YUSUF, "change all my t-shirts to purple"])
    _sound(t)
    assert "order #W6247578" in _said(t)[1], _said(t)[1]


@pytest.mark.parametrize("say", ["no, that's the wrong shirt. the small one", "wrong t-shirt, I meant the small one",
                                 "no, the small one"])
def test_the_small_one_at_the_wrong_shirt_moves_to_it(d, say):
    t = _play(d, "modify_items", 0, [YUSUF, "change my t-shirt in #W6247578 to purple", say, "yes"])
    _sound(t)
    assert "order #W4776164: T-Shirt (blue, S" in _said(t)[2], _said(t)[2]
    assert [a["order_id"] for _, a in _calls(t)] == ["#W4776164"], _said(t)


# --- 12. the refund method asked about at the proposal is used ------------------------------------------------------------
@pytest.mark.parametrize("ask", ["can the money go to the gift card?", "can the money go on my gift card?",
                                 "could the refund go to my gift card?"])
def test_refund_to_the_gift_card_asked_as_a_question(d, ask):
    t = _play(d, "cancel_plus", 0, [FATIMA, *RETURN_TWO, ask, "yes"])
    _sound(t)
    assert "refund $422.22 to your gift card" in _said(t)[3], _said(t)[3]
    assert _calls(t)[0][1]["payment_method_id"] == "gift_card_1675628", _calls(t)


def test_the_proposals_own_method_asked_about_is_said(d):
    t = _play(d, "cancel_plus", 0, [FATIMA, *RETURN_TWO, "will the money go to my paypal?"])
    _sound(t)
    assert _said(t)[3].startswith("As proposed, the refund of $422.22 goes to your PayPal account"), _said(t)[3]


# --- faults-11 5 and 6 ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("say", ["this bot is useless honestly, can a real person call me or something",
                                 "can someone from your team phone me about this",
                                 "could a human call me back please"])
def test_a_call_from_a_person_is_a_human(d, say):
    t = _play(d, "transfer", 23, ["mason.lopez2966@example.com", say])
    assert [c for m in t.messages for c in m.get("tool_calls") or []
            if c["function"]["name"] == "transfer_to_human_agents"], _said(t)


def test_a_call_told_about_is_no_human_request(d):
    t = _play(d, "transfer", 23, ["mason.lopez2966@example.com", "a real person called me yesterday about it"])
    assert not [c for m in t.messages for c in m.get("tool_calls") or []
                if c["function"]["name"] == "transfer_to_human_agents"], _said(t)


@pytest.mark.parametrize("ask", [
    "the pet bed from W7764382 arrived ripped, can I swap it for a new one exactly the same?",
    "the pet bed from W7764382 is torn, I want it exchanged for exactly the same one",
])
def test_exactly_the_same_is_an_identical_exchange(d, ask):
    t = _play(d, "exchange", 23, ["ethan.thomas7730@example.com", ask])
    _sound(t)
    assert "can't exchange the Pet Bed for the very same one" in _said(t)[1], _said(t)[1]
