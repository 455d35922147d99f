"""Retail customers played against the fault-free clerk (thirty-second session, fourth part).

From retail-customers-12 (/work/h32/retail-customers-12/report.md): shoppers played as tau-bench's LLM user simulator
plays them. Each case has the tester's words, others of the kind, and near misses that keep their old reading; each
conversation is checked for soundness (no violation, no failed turn, each write right after a yes to the proposal
that named it).
"""

from __future__ import annotations

import pytest

from envs.taubench.language import wanted_options
from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _said, _sound

EVELYN = ("Hi, I'm Evelyn Patel, zip code 28262. I'd like to exchange my Bluetooth speaker for the blue one with "
          "20 hours battery and no water resistance.")  # exchange seed 20: a red, 10 hours, water resistant speaker
BLUE_20_NO, BLUE_20_YES = "2635605237", "3254583681"
SOFIA = "Hi, I'm Sofia Hernandez, zip 98193."  # mixed_pending_delivered seed 0: a 3-piece blue softshell luggage set
FATIMA = "Hi, I'm Fatima Johnson, zip 78712."  # cancel_plus seed 0: size 10 synthetic hiking boots, delivered


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, seed, lines):
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-32d")


def _proposals(t):
    return [s for s in _said(t) if "To confirm, I will" in s]


# --- F1. a yes that mentions the refund is no option value: the speaker keeps "no water resistance" ----------------
@pytest.mark.parametrize("yes", [
    "Yes, refund the difference to my PayPal please.",
    "Yes, and please send the refund to my PayPal.",
    "Yes, I'd like the refund to go to PayPal.",
    "Yes, that's right, please go ahead and refund the difference.",
    "Yes please, PayPal is fine.",
])
def test_a_yes_with_the_refund_does_not_flip_a_yes_no_option(d, yes):
    t = _play(d, "exchange", 20, [EVELYN, yes, "Yes, go ahead."])
    writes = _calls(t)
    assert len(writes) == 1 and writes[0][1]["new_item_ids"] == [BLUE_20_NO], writes
    assert all("(blue, 20 hours, no," in p for p in _proposals(t)), _proposals(t)
    _sound(t)


def test_the_option_asked_for_again_still_flips_it(d):  # near miss: the customer does ask for water resistance
    t = _play(d, "exchange", 20, [EVELYN, "Hmm, on second thought I want water resistance.", "Yes, go ahead."])
    assert _calls(t)[0][1]["new_item_ids"] == [BLUE_20_YES]
    _sound(t)


SPEAKERS = [{"color": c, "battery life": b, "water resistance": w} for c in ("red", "blue", "green")
            for b in ("10 hours", "20 hours") for w in ("yes", "no")]
RED_10_YES = {"color": "red", "battery life": "10 hours", "water resistance": "yes"}


@pytest.mark.parametrize("text, water", [
    ("the blue one with no water resistance. Yes, refund the difference to my PayPal please.", "no"),
    ("blue, no water resistance, yes please", "no"),
    ("blue without water resistance! yes please go ahead", "no"),
    ("blue one, water resistance: no", "no"),
    ("blue, water resistance no", "no"),
    ("blue one, water resistance: yes", "yes"),  # (its own value, kept beside the change)
    ("blue, 10 hours, no", "no"),
])
def test_a_yes_or_no_is_the_value_only_beside_its_option_in_one_sentence(text, water):
    assert wanted_options(text, RED_10_YES, SPEAKERS, "Bluetooth Speaker").get("water resistance") == water


# --- F2. option values said in number words: "a four-piece", "size eleven" ------------------------------------------
@pytest.mark.parametrize("ask, new, options", [
    ("I'd like to exchange the luggage set for a four-piece red one, hardshell.", "9956648681", "(4-piece, red, hardshell,"),
    ("I'd like to exchange the luggage set for a four piece red set.", "9956648681", "(4-piece, red,"),
    ("Can I swap the luggage set for a red hardshell, four-piece please?", "9956648681", "(4-piece, red, hardshell,"),
    ("I'd like to exchange the luggage set for the two-piece one in red, hardshell.", "8964750292", "(2-piece, red, hardshell,"),
])
def test_a_piece_count_in_words_is_read(d, ask, new, options):
    t = _play(d, "mixed_pending_delivered", 0, [SOFIA, ask, "Yes, please proceed."])
    assert options in _proposals(t)[0] and "instead of 3-piece" not in _proposals(t)[0], _proposals(t)
    assert [a["new_item_ids"] for _, a in _calls(t)] == [[new]]
    _sound(t)


@pytest.mark.parametrize("ask, size", [
    ("I'd like to exchange my hiking boots for size eleven, same material, waterproof.", "11"),
    ("Could I swap the hiking boots for a size twelve waterproof pair?", "12"),
    ("My hiking boots are too small, I need them in a size eleven.", "11"),
    ("I'd like to exchange my hiking boots for size 11, waterproof.", "11"),  # (digits, as before)
])
def test_a_shoe_size_in_words_is_read(d, ask, size):
    t = _play(d, "cancel_plus", 0, [FATIMA, ask, "The delivered one.", "Yes, please proceed."])
    assert f"Hiking Boots (10, synthetic, no, $251.82) -> ({size}," in _proposals(t)[0], _proposals(t)
    assert len(_calls(t)) == 1
    _sound(t)


BOOTS = [{"size": s, "material": m, "waterproof": w} for s in ("8", "9", "10", "11", "12")
         for m in ("leather", "synthetic") for w in ("yes", "no")]


@pytest.mark.parametrize("text, want", [
    ("size Eleven please", {"size": "11"}),
    ("two pairs of boots, size 9", {"size": "9"}),  # near miss: "two" counts pairs, no size
    ("eleven", {}),  # a bare number word is no size
])
def test_number_words_are_figures_only_where_an_option_takes_them(text, want):
    assert wanted_options(text, {"size": "10", "material": "synthetic", "waterproof": "no"}, BOOTS, "Hiking Boots") == want


# --- F3 / F7. after the orders holding an item were listed, a request is found again from its own words ------------
@pytest.mark.parametrize("ask", [
    "Can I change my small v-neck t-shirt to purple? Polyester please.",
    "I'd like to change the v-neck t-shirt to purple polyester, same size.",
    "Please change my blue t-shirt to a purple polyester one.",
])
def test_after_a_listing_the_item_described_is_the_one_changed(d, ask):
    t = _play(d, "modify_items", 0, ["Hi! How many t-shirt options do you have in the store right now?",
                                     "I'm Yusuf Rossi, zip code 19122.", ask, "Yes, please go ahead."])
    assert "#W6247578" not in _proposals(t)[0], _proposals(t)
    assert [(n, a["order_id"]) for n, a in _calls(t)] == [("modify_pending_order_items", "#W4776164")]
    _sound(t)


@pytest.mark.parametrize("first, ask", [
    ("Which of my orders have t-shirts in them?", "Thanks. Now I'd like to return the headphones, please."),
    ("How many t-shirt options are available in your store right now?",
     "I'd also like to return the vacuum cleaner, the headphones, and the smart watch."),
    ("Which of my orders have t-shirts in them?", "Ok. I want to return my headphones, they're uncomfortable."),
])
def test_after_a_listing_a_return_finds_the_delivered_order(d, first, ask):
    t = _play(d, "return", 0, ["Hi, I'm Yusuf Rossi, zip code 19122.", first, ask, "Yes, please."])
    reply = _said(t)[2]
    assert "still pending" not in reply and "#W2378156" in reply, reply
    assert [(n, a["order_id"]) for n, a in _calls(t)] == [("return_delivered_order_items", "#W2378156")]
    _sound(t)


def test_after_a_listing_cancel_it_still_means_the_listed_order(d):  # near miss: no item named, the listing stands
    t = _play(d, "modify_items", 0, ["I'm Yusuf Rossi, zip code 19122.", "Which of my orders have t-shirts in them?",
                                     "Cancel order #W6247578 please, I no longer need it.", "Yes."])
    assert [(n, a["order_id"]) for n, a in _calls(t)] == [("cancel_pending_order", "#W6247578")]
    _sound(t)


# --- F4. "cancel all my pending orders" beside a return: every pending order, not only the one holding the item ------
FATIMA_IN = "I'm Fatima Johnson, zip code 78712."  # pending #W5199551 and #W8665881; delivered #W9389413


@pytest.mark.parametrize("ask, returned", [
    ("Hello. I'd like to cancel all of my pending orders since I no longer need them, and return the watch I received.",
     "Smart Watch"),
    ("Hi, I want to cancel all my pending orders (no longer needed) and return the hiking boots I received.", "Hiking Boots"),
    ("I'd like to return the keyboard I received, and cancel all my pending orders, I no longer need them.",
     "Mechanical Keyboard"),
])
def test_all_pending_orders_are_cancelled_beside_a_return(d, ask, returned):
    t = _play(d, "cancel_plus", 0, [ask, FATIMA_IN] + ["Yes, please."] * 3)
    writes = [(n, a["order_id"]) for n, a in _calls(t)]
    assert sorted(writes) == [("cancel_pending_order", "#W5199551"), ("cancel_pending_order", "#W8665881"),
                              ("return_delivered_order_items", "#W9389413")], writes
    assert returned in _proposals(t)[0]
    _sound(t)


@pytest.mark.parametrize("ask", [
    "I want to cancel every order that hasn't shipped yet, I no longer need them.",
    "cancel all of my pending orders, I no longer need them",
])
def test_every_order_not_yet_shipped_is_the_pending_ones(d, ask):
    t = _play(d, "cancel_plus", 0, [ask, FATIMA_IN, "Yes, please.", "Yes, please."])
    assert sorted(a["order_id"] for _, a in _calls(t)) == ["#W5199551", "#W8665881"]
    _sound(t)


def test_one_pending_order_named_beside_a_return_stays_one(d):  # near miss: no "all", the order named only
    t = _play(d, "cancel_plus", 0, ["I'd like to cancel order #W8665881, I no longer need it, and return the watch I "
                                    "received.", FATIMA_IN, "Yes, please.", "Yes, please.", "Yes, please."])
    assert sorted((n, a["order_id"]) for n, a in _calls(t)) == [("cancel_pending_order", "#W8665881"),
                                                                 ("return_delivered_order_items", "#W9389413")]
    _sound(t)


# --- F5. "my address on my account and on all my orders": the pending order's address too -------------------------
ETHAN = "I'm Ethan Garcia, zip 80280."  # address seed 0: one pending order, #W9911714


@pytest.mark.parametrize("ask", [
    "Hi, please change my address on my account and on all my orders to 101 Highway, New York, NY 10001.",
    "I moved. Please update the address on my profile and also for all of my orders: 101 Highway, New York, NY 10001.",
    "Please change my default address and every order's shipping address to 101 Highway, New York, NY 10001.",
])
def test_the_account_and_all_orders_get_the_new_address(d, ask):
    t = _play(d, "address", 0, [ask, ETHAN, "Yes, please.", "Yes, please."])
    assert [n for n, _ in _calls(t)] == ["modify_user_address", "modify_pending_order_address"], _calls(t)
    _sound(t)


def test_the_default_address_alone_stays_alone(d):  # near miss
    t = _play(d, "address", 0, ["Please change my default address to 101 Highway, New York, NY 10001.", ETHAN,
                                "Yes, please."])
    assert [n for n, _ in _calls(t)] == ["modify_user_address"]
    assert "Is there anything else" in _said(t)[-1]
    _sound(t)


# --- F17. "That'd be great, thanks" at a proposal answers it: no "Before you go" ------------------------------------
AARAV = "Hi, I'm Aarav Lee, zip 85025. I'd like to cancel order #W3586556 because I ordered it by mistake."


@pytest.mark.parametrize("answer", [
    "That sounds great, go ahead.",
    "That sounds good, please proceed.",
    "That'd be great, thanks.",
    "That would be great, thank you!",
    "That works, thanks.",
])
def test_an_answer_to_the_proposal_is_no_goodbye(d, answer):
    t = _play(d, "cancel", 0, [AARAV, answer, "Yes."])
    assert "Before you go" not in _said(t)[1], _said(t)[1]
    assert [(n, a["order_id"]) for n, a in _calls(t)] == [("cancel_pending_order", "#W3586556")]
    _sound(t)


@pytest.mark.parametrize("bye", ["Thanks, bye.", "I have to go now, thanks."])
def test_a_goodbye_at_a_proposal_still_writes_nothing(d, bye):  # near miss
    t = _play(d, "cancel", 0, [AARAV, bye])
    assert _calls(t) == [] and "haven't" in _said(t)[-1]
    _sound(t)
