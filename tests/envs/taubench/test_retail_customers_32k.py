"""Retail customers played against the fault-free clerk (thirty-second session, retail-known part).

The findings of retail-customers-9 (/work/h31/retail-customers-9/report.md) left after test_retail_customers_31c.py and
31d.py: F4 (an exchange for another product the order also holds), F5 (an exchange dropped for a return of the same
item), F6 (where an exchange's difference goes, said with "actually" or "the difference"), F8 (one part of a name
corrected after a failed name and zip lookup) and F10 (two items of one product, one picked by what it is now). Each
case has the tester's words, others of the kind, and near misses that keep their old reading; each conversation is
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-32k")


def _writes(t):
    return [(name, args.get("order_id")) for name, args in _calls(t)]


def _lookups(t, name):
    return [c["function"]["arguments"] for m in t.messages for c in m.get("tool_calls") or []
            if c["function"]["name"] == name]


# --- F4. an item asked to become another product the order also holds is refused, not both exchanged -----------------
ETHAN = "ethan.kim3231@example.com"  # refuse 912: #W1763367 holds a Jigsaw Puzzle (item 7127170374) and a Notebook


@pytest.mark.parametrize("ask", [
    "I'd like to trade the notebook in W1763367 for a jigsaw puzzle",
    "can I exchange the notebook from W1763367 for a puzzle instead?",
    "I want to swap the notebook in W1763367 for a jigsaw puzzle",
    "W1763367: exchange my notebook into the jigsaw puzzle please",
])
def test_an_item_for_another_product_of_the_order_is_refused(d, ask):
    t = _play(d, "refuse", 912, [ETHAN, ask, "A5 soft cover i guess", "yes"])
    _sound(t)
    assert "only be exchanged for another option of the same product" in _said(t)[1], _said(t)[1]
    assert "Jigsaw Puzzle" not in _said(t)[2].split("->")[0], _said(t)[2]
    assert _writes(t) == [("exchange_delivered_order_items", "#W1763367")], _said(t)
    assert "7127170374" not in _calls(t)[0][1]["item_ids"], _calls(t)


@pytest.mark.parametrize("ask", [  # near misses: both items asked to change, each to its own options
    "exchange the notebook in W1763367 for A5 soft cover and the puzzle for 1000 animals expert",
    "in W1763367 exchange the puzzle for 1000 animals expert, with the notebook to A5 soft cover",
])
def test_two_items_each_for_its_own_options_are_both_exchanged(d, ask):
    t = _play(d, "refuse", 912, [ETHAN, ask, "yes"])
    _sound(t)
    assert _writes(t) == [("exchange_delivered_order_items", "#W1763367")], _said(t)
    assert len(_calls(t)[0][1]["item_ids"]) == 2, _calls(t)


# --- F5. an exchange dropped for a return of the same item becomes that return ---------------------------------------
JUAN = ["hi", "juan.nguyen7877@example.com", "order W2430890 i want to swap the smart watch for the gold leather LCD one"]


@pytest.mark.parametrize("back", [
    "30 bucks more?? nah forget it, just return the watch then",
    "never mind the exchange, i'll just send the watch back for a refund",
    "no. return the watch",
    "forget the exchange, just return it",
    "skip the swap, I'll return the smart watch",
    "actually can I just return it instead?",  # (read right before too)
])
def test_an_exchange_given_up_for_a_return_of_the_item_is_that_return(d, back):
    t = _play(d, "exchange", 901, JUAN + [back, "yes"])
    _sound(t)
    assert "I will return from order #W2430890: Smart Watch" in _said(t)[-2], _said(t)[-2]
    assert "You also asked" not in _said(t)[-1], _said(t)[-1]
    assert _writes(t) == [("return_delivered_order_items", "#W2430890")], _said(t)


def test_the_testers_whole_return_conversation(d):
    t = _play(d, "exchange", 901, JUAN + ["30 bucks more?? nah forget it, just return the watch then",
                                          "what refund options do i have", "the original card is fine", "yes"])
    _sound(t)
    assert _writes(t) == [("return_delivered_order_items", "#W2430890")], _said(t)


@pytest.mark.parametrize("back", ["nah forget it", "no"])
def test_an_exchange_given_up_alone_is_dropped(d, back):  # near misses: nothing written
    t = _play(d, "exchange", 901, JUAN + [back, "yes"])
    _sound(t)
    assert _writes(t) == [], _said(t)


def test_a_return_of_another_item_is_not_the_exchanged_one(d):  # near miss: the boots are another request
    t = _play(d, "exchange", 901, JUAN + ["forget the exchange, return the hiking boots instead", "yes"])
    _sound(t)
    assert all("Smart Watch" not in line.split("refund")[0] for line in _said(t) if "I will return" in line), _said(t)


# --- F6. where an exchange's difference goes, however said, keeps the exchange ---------------------------------------
EMMA = ["emma.martin1207@example.com", "swap the makeup kit in W2800409 for dark Brand B"]  # exchange 913


@pytest.mark.parametrize("where", [
    "actually put it on paypal",
    "actually put the difference on paypal",
    "send the difference to my paypal please",
    "hmm put it on my paypal instead",
    "no, paypal",
    "use paypal",  # (read right before too)
])
def test_the_difference_on_paypal_at_an_exchange_proposal_keeps_the_exchange(d, where):
    t = _play(d, "exchange", 913, EMMA + [where, "yes"])
    _sound(t)
    assert "couldn't find" not in _said(t)[2] and "already delivered" not in _said(t)[2], _said(t)[2]
    assert _writes(t) == [("exchange_delivered_order_items", "#W2800409")], _said(t)
    assert _calls(t)[0][1]["payment_method_id"].startswith("paypal"), _calls(t)


def test_a_whole_refund_at_an_exchange_proposal_is_still_a_return(d):  # near miss
    t = _play(d, "exchange", 901, ["juan.nguyen7877@example.com",
                                   "order W2430890, exchange hiking boots for size 10 synthetic waterproof",
                                   "actually i want a full refund on my card", "yes"])
    _sound(t)
    assert _writes(t) == [("return_delivered_order_items", "#W2430890")], _said(t)


# --- F8. one part of the name corrected after a failed name and zip lookup ----------------------------------------------
@pytest.mark.parametrize("family,seed,first,fix,user", [
    ("cancel_plus", 908, "Hello there. I'm Fatima Andersen, zip 78786.", "Apologies — Anderson, with an o.", "fatima_anderson"),
    ("cancel_plus", 908, "Hello there. I'm Fatima Andersen, zip 78786.", "sorry, Anderson", "fatima_anderson"),
    ("cancel_plus", 908, "Hello there. I'm Fatima Andersen, zip 78786.", "last name is Anderson", "fatima_anderson"),
    ("cancel_plus", 908, "Hello there. I'm Fatima Andersen, zip 78786.", "typo: Anderson not Andersen", "fatima_anderson"),
    ("return", 903, "Sophia Rossi 78784", "Oh dear, it's Sofia with an f, sorry!", "sofia_rossi"),
    ("return", 903, "Sophia Rossi 78784", "first name is Sofia, not Sophia", "sofia_rossi"),
    ("several_pending_edits", 907, "Ethan Müller 98128", "Muller, no umlaut", "ethan_muller"),
    ("info_only", 911, "Evelyn Hernandes 92139", "Hernandez sorry", "evelyn_hernandez"),
])
def test_one_part_of_the_name_corrected_signs_in(d, family, seed, first, fix, user):
    t = _play(d, family, seed, [first, fix])
    assert t.violations == []
    said = _said(t)
    # the first name and zip are looked up as said, and the failure rests on that lookup
    assert len(_lookups(t, "find_user_id_by_name_zip")) == 2, _lookups(t, "find_user_id_by_name_zip")
    assert said[0].startswith("I couldn't find an account"), said[0]
    assert [a for a in _lookups(t, "get_user_details") if user in a], said
    assert said[1].startswith("How can I help you today?"), said[1]


def test_the_testers_cancellation_after_the_name_is_corrected(d):
    t = _play(d, "cancel_plus", 908, ["Hello there. I'm Fatima Andersen, zip 78786.", "Apologies — Anderson, with an o.",
                                      "I would like to cancel order #W6368178 please; I ordered it by mistake.", "yes"])
    _sound(t)
    assert _writes(t) == [("cancel_pending_order", "#W6368178")], _said(t)


@pytest.mark.parametrize("fix", ["sorry, Andersson", "Fatima", "what?"])
def test_a_correction_that_names_no_customer_signs_nobody_in(d, fix):  # near misses
    t = _play(d, "cancel_plus", 908, ["Hello there. I'm Fatima Andersen, zip 78786.", fix, "cancel #W6368178"])
    assert t.violations == []
    assert _lookups(t, "get_user_details") == [] and _lookups(t, "get_order_details") == [], _said(t)


def test_a_greeting_is_no_name_looked_up(d):  # near miss: "I'm having trouble" names nobody
    t = _play(d, "info_only", 911, ["I'm having trouble with an order", "Evelyn Hernandez", "92139"])
    assert [a for a in _lookups(t, "find_user_id_by_name_zip")] == [
        '{"first_name": "Evelyn", "last_name": "Hernandez", "zip": "92139"}'], _said(t)


# --- F10. two items of one product: the one told by what it is now, the guess said at the proposal --------------------
MIA = ["mia.sanchez1556@example.com", "W7170967 change the laptop to 32GB"]  # payment 906: 16GB/1TB and 32GB/256GB


def test_a_laptop_told_only_by_the_new_option_is_said_to_be_a_guess(d):
    t = _play(d, "payment", 906, MIA)
    assert "has two Laptop items; I took the one with 13-inch, i5, 16GB, 1TB SSD" in _said(t)[-1], _said(t)[-1]


@pytest.mark.parametrize("pick", ["the 16GB one", "the one with 16gb", "the 1TB one"])
def test_the_laptop_picked_by_what_it_is_now_keeps_the_change(d, pick):
    t = _play(d, "payment", 906, MIA + [pick, "whats the price difference", "fine, yes", "yes"])
    _sound(t)
    said = _said(t)
    assert "Which one would you like" not in " ".join(said), said
    assert said[3].startswith("It costs $107.55 more."), said[3]
    assert _writes(t) == [("modify_pending_order_items", "#W7170967")], said
    assert _calls(t)[0][1]["item_ids"] == ["5052031638"] and _calls(t)[0][1]["new_item_ids"] != ["6056040996"], _calls(t)


def test_the_other_laptop_picked_is_asked_for_its_options(d):  # near miss: the 32GB one is 32GB already
    t = _play(d, "payment", 906, MIA + ["the 32GB one"])
    said = _said(t)
    assert "Which option would you like for the Laptop (13-inch, i5, 32GB, 256GB SSD" in said[-1], said[-1]
    assert "doesn't come in 32GB" not in said[-1], said[-1]
    assert _writes(t) == []
