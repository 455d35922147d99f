"""Retail customers played against the fault-free clerk (thirty-seventh session, part f).

Findings 1, 3, 7, 8 and 11 of retail-customers-19 (/work/h37/retail-customers-19/report.md): a number in a yes at an
exchange's proposal ("yes, paying the $9.61 difference is fine", "it's been 7 days", "my wife wears a 7") read as a new
size, and the next yes wrote it; a yes that also answers the proposal's own "make sure these are all the items" ("yes.
no other items", "No further changes, go ahead", "I'm aware it can only be done once") refused, misread or taken as a
no; a partial yes at a two-item proposal ("the boots yes, the skateboard no") lost or refused; an item kept, named after
the item to change ("As for the earbuds, I'll keep those"), taken as the item to change; and a yes on a condition
("go ahead unless it costs extra", "yes if it's free") neither answered nor confirmed. Each case has the tester's
words, others of the kind, and near misses that keep their old reading.
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-37f")


# mixed_pending_delivered 5001: daiki; #W5961635 (delivered) holds hiking boots (11, synthetic, waterproof), an espresso
# machine and a skateboard (34 inch); his gift card ($53) paid for it
DAIKI = "hi, daiki.muller6278@example.com"
BOTH = ("In #W5961635 I'd like to exchange the boots for size 12 leather waterproof, and the skateboard for a 28 inch "
        "one, plastic, custom design.")
BOTH_DONE = ("exchange_delivered_order_items", {"order_id": "#W5961635", "item_ids": ["6546364613", "3098764622"],
                                                "new_item_ids": ["8277474082", "2177997696"],
                                                "payment_method_id": "gift_card_8385925"})
BOOTS_DONE = ("exchange_delivered_order_items", {"order_id": "#W5961635", "item_ids": ["6546364613"],
                                                 "new_item_ids": ["8277474082"], "payment_method_id": "gift_card_8385925"})
PROPOSED_12 = "Hiking Boots (11, synthetic, yes, $231.43) -> (12, leather, yes, $236.57)"


# --- 1. a number in a yes is no new size --------------------------------------------------------------------------
@pytest.mark.parametrize("yes", [
    "yes, paying the $9.61 difference is fine",
    "Go for it - and the extra $9.61 on the gift card is fine.",
    "yes, the $9.61 extra is fine",
])
def test_the_quoted_amount_said_back_is_a_yes(d, yes):
    t = _play(d, "mixed_pending_delivered", 5001, [DAIKI, BOTH, yes])
    _sound(t)
    assert _calls(t) == [BOTH_DONE], _said(t)[-1]


@pytest.mark.parametrize("yes", [
    "Yes please. I'd pay up to $10 more without complaint, so $9.61 is fine.",
    "yes. btw it's been 7 days since delivery, hope that's ok",
    "yes please - my wife wears a 7 but these are for me",
    "yes, I've had them 9 days and they pinch",
    "Yes please, that's fine. I have 53 dollars on the gift card so it covers it.",
])
def test_a_yes_with_a_number_aside_keeps_the_size_proposed(d, yes):
    t = _play(d, "mixed_pending_delivered", 5001, [DAIKI, BOTH, yes])
    _sound(t)
    assert _calls(t) == [] and PROPOSED_12 in _said(t)[-1], _said(t)[-1]
    t = _play(d, "mixed_pending_delivered", 5001, [DAIKI, BOTH, yes, "yes"])
    _sound(t)
    assert _calls(t) == [BOTH_DONE]


@pytest.mark.parametrize("change,size", [  # near misses: the option named, a change
    ("yes, but size 9 instead", "(9, leather, yes"),
    # (10 leather is out of stock; 39k: leather was said, so the closest 10 is offered and asked about)
    ("yes but make the boots a 10", "The closest available option is 10, synthetic, yes"),
    ("actually a 9 instead", "(9, leather, yes"),
])
def test_a_size_named_at_a_yes_is_still_a_change(d, change, size):
    t = _play(d, "mixed_pending_delivered", 5001, [DAIKI, BOTH, change])
    _sound(t)
    assert _calls(t) == [] and size in _said(t)[-1], _said(t)[-1]


# --- 3. a yes that answers the proposal's "make sure these are all the items" ------------------------------------
@pytest.mark.parametrize("yes", [
    "Yes, I don't need to change anything else.",
    "No further changes, go ahead.",
    "Yes - I don't want to change anything else on it.",
    "yes. no other items",
    "Yes, go ahead. No other changes.",
    "yep, no other changes",
    "Yes please, I won't need any other changes.",
    "Please proceed. (I'm aware it can only be done once.)",
    "yes, and I understand I can't change it again after this",
    "Yes, I acknowledge this can only be done once.",
    "That all looks correct — you have my go-ahead.",
    "Yes — those are all the items; nothing else to change on that order.",
    "yes, that's everything I want changed",
])
def test_a_yes_with_no_other_changes_is_a_yes(d, yes):
    t = _play(d, "mixed_pending_delivered", 5001, [DAIKI, BOTH, yes])
    _sound(t)
    assert _calls(t) == [BOTH_DONE], _said(t)[-1]


@pytest.mark.parametrize("reply", [  # near misses: more to change, or a no
    "no, I also want to change the espresso machine",
    "No, don't change anything.",
    "yes, and also the espresso machine to 9 bar",
])
def test_a_no_or_more_changes_is_no_yes(d, reply):
    t = _play(d, "mixed_pending_delivered", 5001, [DAIKI, BOTH, reply])
    _sound(t)
    assert _calls(t) == [], _said(t)[-1]


def test_a_change_beside_no_other_changes_keeps_both_items(d):  # near miss: a change, then the note answered
    t = _play(d, "mixed_pending_delivered", 5001, [DAIKI, BOTH, "yes, and I need size 9 for the boots - no other changes"])
    _sound(t)
    reply = _said(t)[-1]
    assert _calls(t) == [] and "-> (9, leather, yes" in reply and "Skateboard" in reply, reply


# --- 7. a partial yes at a two-item proposal ------------------------------------------------------------------------
@pytest.mark.parametrize("part", [
    "The boots yes, the skateboard no - forget the skateboard.",
    "ok for the boots; skateboard - leave it, my son likes it after all",
    "Sounds good, but hold the skateboard part.",
    "boots are good to go, but skip the skateboard",
    "yes for the boots, but leave the skateboard as it is",
    "go ahead with the boots only",  # (as before)
])
def test_a_partial_yes_proposes_the_part_alone(d, part):
    t = _play(d, "mixed_pending_delivered", 5001, [DAIKI, BOTH, part])
    _sound(t)
    assert _calls(t) == []
    reply = _said(t)[-1]
    assert PROPOSED_12 in reply and "Skateboard" not in reply, reply
    t = _play(d, "mixed_pending_delivered", 5001, [DAIKI, BOTH, part, "yes"])
    _sound(t)
    assert _calls(t) == [BOOTS_DONE]


# --- 8. an item kept, named after the item to change -----------------------------------------------------------------
SOFIA = "hello - Sofia Thomas, sofia.thomas3069@example.com"  # several_pending_edits 5001: #W7619352 (pending) holds a
VACUUM = ("modify_pending_order_items", {"order_id": "#W7619352", "item_ids": ["3526747930"],  # vacuum and earbuds
                                         "new_item_ids": ["2872451762"], "payment_method_id": "paypal_5334408"})


@pytest.mark.parametrize("ask", [
    "For #W7619352: change the vacuum to a canister one. As for the earbuds, I'll keep those.",
    "For #W7619352: change the vacuum to a canister one. The earbuds - keep them as they are.",
    "#W7619352: vacuum to canister please. Earbuds: no change.",
    "#W7619352: the vacuum should be a canister one; the earbuds, leave them.",
    "In #W7619352 make the vacuum a canister one. Earbuds - no changes there.",
    "For #W7619352: change the vacuum to a canister one, leave the earbuds as they are.",  # (as before)
])
def test_an_item_kept_after_the_change_is_left_out(d, ask):
    t = _play(d, "several_pending_edits", 5001, [SOFIA, ask, "yes"])
    _sound(t)
    assert "Wireless Earbuds" not in _said(t)[1], _said(t)[1]
    assert _calls(t) == [VACUUM]


def test_an_item_kept_with_an_option_said_is_still_changed(d):  # near miss: "keep them" with an option is a change
    t = _play(d, "several_pending_edits", 5001, [SOFIA, "#W7619352: the vacuum to canister, and keep the earbuds blue "
                                                       "but with 8 hours battery"])
    _sound(t)
    assert "Wireless Earbuds" in _said(t)[1], _said(t)[1]


# --- 11. a yes on a condition ------------------------------------------------------------------------------------
LI = "Hi, Sofia Li here, sofia.li5731@example.com"  # return 5001: #W9323073 (delivered) holds headphones, on a Mastercard
RETURN = "I'd like to return the headphones from #W9323073"
RETURNED = ("return_delivered_order_items", {"order_id": "#W9323073", "item_ids": ["5788631787"],
                                             "payment_method_id": "credit_card_8296913"})


@pytest.mark.parametrize("ask", [
    "go ahead unless it costs extra",
    "yes if it's free",
    "Yes, that's correct — please proceed if there's no return shipping fee.",
    "ok do it, assuming I don't have to pay for shipping it back",
    "fine, do it - unless there's a fee",
    "proceed as long as it doesn't cost me anything",
])
def test_a_yes_on_a_cost_condition_is_answered_and_a_plain_yes_asked(d, ask):
    t = _play(d, "return", 5001, [LI, RETURN, ask])
    _sound(t)
    assert _calls(t) == []
    reply = _said(t)[-1]
    assert "There is no fee" in reply and "plain yes" in reply and "To confirm, I will return" in reply, reply
    t = _play(d, "return", 5001, [LI, RETURN, ask, "yes"])
    _sound(t)
    assert _calls(t) == [RETURNED]


@pytest.mark.parametrize("ask", ["go ahead unless it costs extra", "yes if it's free"])
def test_a_cost_condition_at_an_exchange_with_a_difference_says_the_difference(d, ask):
    t = _play(d, "mixed_pending_delivered", 5001, [DAIKI, BOTH, ask])
    _sound(t)
    assert _calls(t) == []
    reply = _said(t)[-1]
    assert "$9.61 more" in reply.split("To confirm")[0] and "plain yes" in reply, reply


@pytest.mark.parametrize("ask", [  # near misses: a condition on something else, or no condition
    "yes if it goes back to my mastercard",
    "yes, go ahead",
])
def test_other_conditions_keep_their_reading(d, ask):
    t = _play(d, "return", 5001, [LI, RETURN, ask])
    _sound(t)
    assert "There is no fee" not in _said(t)[-1], _said(t)[-1]
