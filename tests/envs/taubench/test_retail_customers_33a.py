"""Retail customers played against the fault-free clerk (thirty-third session, part a).

Findings of retail-customers-10 (finding 9), -11 (finding 8) and -12 (finding 16), in /work/h32/*/report.md:
a request taken back in the same message ("swap the perfume ... actually scratch that, cancel the whole order",
"... actually no, forget that", "return the watch, no wait, return both": the last intent stands, and is proposed
before any write); an exchange "for another desk lamp" (one more of another product, which loops on the options of
the item kept); a name with a full street address and the zip at its end (the zip not read to log in). Each case has
the tester's words, others of the kind, and near misses that keep their old reading; each conversation is checked for
soundness (no violation, no failed turn, each write right after a yes to the proposal that named it).
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-33a")


def _writes(t):
    return [(name, args.get("order_id")) for name, args in _calls(t)]


# --- 1. a request taken back in the same message: the last one stands ---------------------------------------------
YUSUF = "yusuf.garcia2909@example.com"  # return 59: #W2286012 delivered (toothbrush, speaker, perfume, camera),
# #W2564042 pending (hiking boots, laptop, air purifier)
OLIVIA = "olivia.jackson2465@example.com"  # return 200: #W3895186 delivered (smart watch, toothbrush)


@pytest.mark.parametrize("ask", [
    "I want to swap the perfume in W2286012 for the women's one. Actually scratch that, cancel the whole order",
    "exchange the perfume in W2286012, actually never mind, just cancel the entire order",
    "exchange the speaker in W2286012 for a blue one. on second thought can you cancel that order instead?",
    "Could I exchange the perfume from order W2286012? Hmm, no wait, I'd rather cancel the whole order.",
])
def test_a_cancel_said_after_taking_back_an_exchange_is_the_request(d, ask):
    t = _play(d, "return", 59, [YUSUF, ask, "yes"])
    _sound(t)
    reply = _said(t)[1]
    assert "can't be cancelled" in reply and "Which option" not in reply and "->" not in reply, reply


@pytest.mark.parametrize("ask", [
    "I want to swap the perfume in W2286012 for the women's one... actually no, forget that",
    "change the hiking boots in W2564042 to size 10... actually no, forget that",
    "return the speaker from W2286012 - actually never mind, I'll keep it",
    "Please cancel order W2564042. Hmm, scratch that.",
])
def test_a_request_taken_back_with_nothing_after_it_changes_nothing(d, ask):
    t = _play(d, "return", 59, [YUSUF, ask, "yes"])
    _sound(t)
    assert _writes(t) == [], _said(t)
    assert "haven't changed anything" in _said(t)[1] and "To confirm" not in _said(t)[1], _said(t)[1]


def test_the_whole_order_cancel_after_taking_back_an_item_cancel_is_proposed_then_written(d):
    t = _play(d, "return", 59, [YUSUF, "cancel the laptop in W2564042... actually scratch that, cancel the whole order",
                                "no longer needed", "yes"])
    _sound(t)
    assert "I will cancel order #W2564042" in _said(t)[2], _said(t)[2]
    assert _writes(t) == [("cancel_pending_order", "#W2564042")], _said(t)


@pytest.mark.parametrize("ask, items", [
    ("return the speaker from W2286012, no wait, return the toothbrush", ["Electric Toothbrush"]),
    ("return the speaker from W2286012... actually scratch that, return the perfume and the camera",
     ["Perfume", "Action Camera"]),
])
def test_the_items_after_a_retraction_replace_the_ones_before(d, ask, items):
    t = _play(d, "return", 59, [YUSUF, ask, "yes"])
    _sound(t)
    reply = _said(t)[1]
    assert "I will return from order #W2286012" in reply and "Bluetooth Speaker" not in reply, reply
    assert all(i in reply for i in items), reply
    assert _writes(t) == [("return_delivered_order_items", "#W2286012")], _said(t)


@pytest.mark.parametrize("ask", [
    "return the watch from W3895186, no wait, return both",
    "return the smart watch in W3895186... actually scratch that, return both of them",
    "W3895186: return both please",
])
def test_both_of_an_order_of_two_items_is_both(d, ask):
    t = _play(d, "return", 200, [OLIVIA, ask, "yes"])
    _sound(t)
    reply = _said(t)[1]
    assert "Smart Watch" in reply and "Electric Toothbrush" in reply and "$583.10" in reply, reply
    assert _writes(t) == [("return_delivered_order_items", "#W3895186")], _said(t)


def test_both_of_an_order_of_four_items_is_asked(d):
    t = _play(d, "return", 59, [YUSUF, "return the speaker from W2286012, no wait, return both"])
    _sound(t)
    assert "Which items of order #W2286012" in _said(t)[1], _said(t)[1]


@pytest.mark.parametrize("ask", [
    "I actually want to return the speaker from W2286012",  # "actually" alone takes nothing back
    "return the speaker from W2286012, actually no need to hurry",
])
def test_near_misses_keep_the_request(d, ask):
    t = _play(d, "return", 59, [YUSUF, ask])
    _sound(t)
    assert "I will return from order #W2286012: Bluetooth Speaker" in _said(t)[1], _said(t)[1]


# --- 2. an exchange "for another desk lamp": one more of another product, refused ---------------------------------
YUSUF_508 = "yusuf.garcia2909@example.com"  # exchange 508: #W4794911 delivered (desk lamp, t-shirt, kettle, purifier, e-reader)


@pytest.mark.parametrize("ask, item, other", [
    ("I'd like to trade the air purifier in W4794911 for another desk lamp like the one in that order",
     "Air Purifier", "Desk Lamp"),
    ("can I swap the desk lamp in W4794911 for a second e-reader?", "Desk Lamp", "E-Reader"),
    ("I want to exchange the kettle in W4794911 for one more t-shirt", "Electric Kettle", "T-Shirt"),
    ("exchange the e-reader from W4794911 for an extra kettle please", "E-Reader", "Electric Kettle"),
])
def test_an_exchange_for_one_more_of_another_product_is_refused(d, ask, item, other):
    t = _play(d, "exchange", 508, [YUSUF_508, ask])
    _sound(t)
    reply = _said(t)[1]
    assert f"can't swap the {item} for" in reply and other in reply, reply
    assert f"Which option would you like for the {item}" in reply, reply


@pytest.mark.parametrize("ask", [
    "exchange the air purifier in W4794911 for another one with smart sensors",
    "exchange the kettle in W4794911 for another color",
])
def test_another_option_of_the_same_item_is_no_refusal(d, ask):
    t = _play(d, "exchange", 508, [YUSUF_508, ask])
    _sound(t)
    assert "can't swap" not in _said(t)[1] and "Which option would you like" in _said(t)[1], _said(t)[1]


# --- 16. a name with a street address and the zip at its end logs in -------------------------------------------------
MEI = "Hi, I think I typed my address wrong on my account."  # several_pending_edits 0: Mei Patel, 443 Maple Drive, 76165


@pytest.mark.parametrize("who", [
    "My name is Mei Patel, and I live at 445 Maple Drive, Suite 394, Fort Worth, Texas, 76165.",
    "I'm Mei Patel, 445 Maple Drive, Suite 394, Fort Worth, TX 76165.",
    "Mei Patel. My address is 445 Maple Drive, Suite 394, Fort Worth, Texas 76165.",
])
def test_the_zip_at_the_end_of_the_address_logs_in(d, who):
    t = _play(d, "several_pending_edits", 0, [MEI, who, "yes"])
    _sound(t)
    assert "zip code on your account" not in _said(t)[1], _said(t)[1]
    assert "update your default address to 445 Maple Drive, Suite 394, Fort Worth, TX 76165" in _said(t)[1], _said(t)[1]
    assert [n for n, _ in _calls(t)] == ["modify_user_address"], _said(t)


def test_an_address_said_only_to_log_in_is_no_address_change(d):
    t = _play(d, "several_pending_edits", 0, ["Hi, can you tell me what's in my orders?",
                                               "I'm Mei Patel, 445 Maple Drive, Suite 394, Fort Worth, TX 76165."])
    _sound(t)
    assert "#W9583042" in _said(t)[1] and "default address" not in _said(t)[1], _said(t)[1]


def test_a_new_address_with_the_name_does_not_log_in_by_its_zip(d):
    t = _play(d, "several_pending_edits", 0, [MEI, "I'm Mei Patel, my new address is 12 Elm St, Austin, TX 78701"])
    _sound(t)
    assert "zip code on your account" in _said(t)[1], _said(t)[1]


# --- 12. "Both of them" to "Which order is this about?": every order listed ----------------------------------------
MIA = ["Hi. I want to return everything I ordered.", "mia.garcia2723@example.com"]  # transfer 0: two delivered orders


@pytest.mark.parametrize("answer", ["Both of them.", "All of them, please.", "Both orders.", "oh, both"])
def test_both_at_which_order_takes_every_order_listed(d, answer):
    t = _play(d, "transfer", 0, MIA + [answer, "yes", "yes"])
    _sound(t)
    assert "Which order is this about?" in _said(t)[1], _said(t)[1]
    assert "I will return from order #W5490111" in _said(t)[2], _said(t)[2]
    assert "I will return from order #W7387996" in _said(t)[3], _said(t)[3]
    assert _writes(t) == [("return_delivered_order_items", "#W5490111"),
                          ("return_delivered_order_items", "#W7387996")], _said(t)


def test_one_order_named_at_which_order_is_that_one(d):
    t = _play(d, "transfer", 0, MIA + ["The W7387996 one.", "yes"])
    _sound(t)
    assert "I will return from order #W7387996" in _said(t)[2] and "#W5490111" not in _said(t)[2], _said(t)[2]
