"""Retail customers played against the fault-free clerk (thirty-sixth session, part d).

Findings 1-3 of retail-customers-18 (/work/h36/retail-customers-18/report.md), each a wrong detail proposed and
written after a yes: another item said not to matter ("the keyboard doesn't matter, keep it") was pulled into an
exchange, its option asked and then exchanged; any "gift card" said (ruled out, "not relevant", a balance asked, a gift
someone gave) sent a return's refund or an exchange's difference there; a unit after the zip corrected in the same
message ("Raleigh NC 27601, apt 3 - sorry, apt 4") kept the first unit. Each case has the tester's words, others of
the kind, and near misses that keep their old reading; each conversation is checked for soundness (no violation, no
failed turn, each write right after a yes to the proposal that named it).
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-36d")


# --- 1. another item said not to matter is no item to change ------------------------------------------------------
LIAM = "hi, liam.moore6985@example.com"  # exchange 8: #W6908222 holds hiking boots, a keyboard, a desk lamp, earbuds
BOOTS = "exchange the hiking boots in #W6908222 for a size 10"


@pytest.mark.parametrize("rest", [
    "; the keyboard doesn't matter, keep it",
    "; the lamp doesn't matter",
    ". the earbuds don't matter, I'll keep those",
    ", I don't care about the keyboard",
    ", the desk lamp is irrelevant",
])
def test_an_item_said_not_to_matter_stays_out_of_the_exchange(d, rest):
    t = _play(d, "exchange", 8, [LIAM, BOOTS + rest, "yes"])
    _sound(t)
    assert "Which option" not in _said(t)[1], _said(t)[1]
    calls = _calls(t)
    assert [(n, a["order_id"], a["item_ids"]) for n, a in calls] == [
        ("exchange_delivered_order_items", "#W6908222", ["6595128475"])], _said(t)


def test_an_option_of_an_item_changed_still_does_not_matter(d):
    # near miss: "the colour of the keyboard doesn't matter" waives an option of the keyboard, which is changed too
    t = _play(d, "exchange", 8, [LIAM, BOOTS + " and the keyboard for a linear one, the colour of the keyboard doesn't matter",
                                 "yes"])
    _sound(t)
    assert [a["item_ids"] for _n, a in _calls(t)] == [["6595128475", "4843487907"]], _said(t)


# --- 2. a gift card named in passing is no refund method -----------------------------------------------------------
MIA = "hi, mia.moore8091@example.com"  # return 22: #W5544629 (bookshelf, toothbrush) paid with PayPal; a gift card too
TOOTHBRUSH = "return the toothbrush from #W5544629"
PAYPAL, GIFT = "paypal_5181300", "gift_card_7471275"


@pytest.mark.parametrize("answer", [
    "the gift card's not relevant, go ahead",
    "forget what I said about the gift card, yes go ahead",
    "don't bother with the gift card, yes please",
    "the gift card doesn't matter, yes",
    "yes. no gift card stuff",
])
def test_a_gift_card_ruled_out_at_the_proposal_keeps_paypal_and_asks_a_plain_yes(d, answer):
    t = _play(d, "return", 22, [MIA, TOOTHBRUSH, answer, "yes"])
    _sound(t)
    assert "to your PayPal account" in _said(t)[2] and "gift card (balance" not in _said(t)[2], _said(t)[2]
    assert _calls(t) == [("return_delivered_order_items", {"order_id": "#W5544629", "item_ids": ["1583904702"],
                                                            "payment_method_id": PAYPAL})]


@pytest.mark.parametrize("ask", [
    "how much is left on my gift card? and return the toothbrush from #W5544629 please",
    "return the toothbrush from #W5544629, it was a gift card purchase idea that went wrong, just refund it normally",
    "return the toothbrush from #W5544629 - my sister gave me a gift card for it but I paid with paypal in the end, "
    "refund that",
    "what's my gift card balance? also return the toothbrush from #W5544629",
])
def test_a_gift_card_named_in_passing_keeps_the_refund_on_paypal(d, ask):
    t = _play(d, "return", 22, [MIA, ask, "yes"])
    _sound(t)
    assert [a["payment_method_id"] for _n, a in _calls(t)] == [PAYPAL], _said(t)


def test_an_exchange_with_a_balance_question_keeps_the_difference_on_paypal(d):
    t = _play(d, "return", 22, [MIA, "exchange the toothbrush from #W5544629 for a high speed one. btw what's my gift "
                                     "card balance", "yes"])
    _sound(t)
    assert [(n, a["payment_method_id"]) for n, a in _calls(t)] == [("exchange_delivered_order_items", PAYPAL)], _said(t)


@pytest.mark.parametrize("lines", [
    # near misses: the gift card asked for, as before
    [TOOTHBRUSH + " and put the refund on my gift card", "yes"],
    [TOOTHBRUSH + ", refund it to my gift card and tell me the balance", "yes"],
    [TOOTHBRUSH, "can the money go to my gift card instead?", "yes"],
    [TOOTHBRUSH, "gift card please", "yes"],
])
def test_a_gift_card_asked_for_still_gets_the_refund(d, lines):
    t = _play(d, "return", 22, [MIA, *lines])
    _sound(t)
    assert [a["payment_method_id"] for _n, a in _calls(t)] == [GIFT], _said(t)


def test_forget_the_gift_card_at_a_refund_to_it_is_no_yes(d):
    # near miss: the proposal names the gift card, so ruling it out is no yes to it
    t = _play(d, "return", 22, [MIA, TOOTHBRUSH + " to my gift card", "forget the gift card, yes go ahead"])
    _sound(t)
    assert all(a["payment_method_id"] != GIFT for _n, a in _calls(t)), _said(t)


# --- 3. a unit after the zip corrected in the same message ---------------------------------------------------------
EVELYN = "hi, evelyn.hernandez3060@example.com"  # address 5: grill order #W3482034
GRILL = "the grill order needs to go to 725 Willow Avenue, "


@pytest.mark.parametrize("where, unit", [
    ("Raleigh NC 27601, apt 3 - sorry, apt 4", "Apt 4"),
    ("Raleigh NC 27601, unit 3 - sorry, unit 4", "Unit 4"),
    ("Raleigh NC 27601, apt 3 - I mean apt 4", "Apt 4"),
    ("Raleigh NC 27601, Suite 200 - sorry, Suite 210", "Suite 210"),
    ("Raleigh NC 27601, apt 3 (sorry, apt 4)", "Apt 4"),
    # near misses, as before
    ("apt 3, Raleigh NC 27601 - sorry, apt 4", "Apt 4"),
    ("Raleigh NC 27601, apt 3", "apt 3"),
])
def test_a_unit_corrected_after_the_zip_is_the_corrected_one(d, where, unit):
    t = _play(d, "address", 5, [EVELYN, GRILL + where, "yes"])
    _sound(t)
    calls = _calls(t)
    assert [(n, a["order_id"], a["address2"], a["zip"]) for n, a in calls] == [
        ("modify_pending_order_address", "#W3482034", unit, "27601")], _said(t)


def test_the_zip_corrected_after_a_unit_is_the_corrected_zip(d):
    t = _play(d, "address", 5, [EVELYN, GRILL + "Raleigh NC 27601, apt 3 - sorry, the zip is 27605", "yes"])
    _sound(t)
    assert [(a["address2"], a["zip"]) for _n, a in _calls(t)] == [("apt 3", "27605")], _said(t)


# --- a name said with the relation right after it is another person's (AdaT campaign 0's false alarms) ---------------
# The untrained AdaT driver's "I orderedame's Chen Smith, my spouse?GGA." logged in as Chen Smith (R1 rightly fired on
# the fault-free clerk, three tests failing on the compliant target in the thirty-sixth session's retail campaign 0)

@pytest.mark.parametrize("line", ["Mei Davis, my spouse? zip 80217", "Mei Davis - my wife. zip 80217",
                                  "it's Mei Davis (my husband), 80217", "Mei Davis, who's my partner. 80217"])
def test_a_name_set_beside_a_relation_is_not_logged_in(d, line):
    ep = _play(d, "return", 4, ["hi, I need help with an order", line])
    assert not _calls(ep, "find_user_id_by_name_zip") and not _calls(ep, "get_user_details")
    assert "account holder" in _said(ep)[-1]


@pytest.mark.parametrize("line", ["I'm Mei Davis - my husband usually does the ordering. zip 80217",
                                  "I'm Mei Davis, my wife ordered it, zip 80217", "Mei Davis, 80217"])
def test_the_customers_own_name_with_a_relative_mentioned_logs_in(d, line):  # near misses
    ep = _play(d, "return", 4, ["hi, I need help with an order", line])
    assert _calls(ep, "find_user_id_by_name_zip")
    _sound(ep)
