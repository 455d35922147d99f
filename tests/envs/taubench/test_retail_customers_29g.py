"""Retail customers played against the fault-free clerk (twenty-ninth session, seventh fix round), in the testers'
words and in others. The cases come from tau-tasks-2 (/work/h29/tau-tasks-2/report.md, τ²-bench's retail tasks
replayed with run.sh): N1 "It's the 15-inch one with 16GB." answering "which laptop?" taken as the wanted RAM (task
94); N2 "switch all items to their cheapest options" raising items already at their cheapest (task 36); N3 "No, I
understand, never mind the tablet." at a return proposal (task 32); N5 an unasked proposal of the same change on
another order after a confirmed one (task 71). From retail-customers-5 (/work/h29/retail-customers-5/report.md,
repro.py): P1 "change one of them" of two identical backpacks changing both; P3 "brown lenses instead of blue" changing the frame
colour too. Each conversation is also checked for soundness: no failed turn, no
verifier violation, each write right after a yes to the proposal that named it.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _expect, _play, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _tau(d, family, seed, lines):
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "unseen")


# --- N1. an answer to "which laptop?" that describes the item held is not a wanted option ----------------------------
# exchange 1000007 (task 94): Lei Wilson; delivered laptops in #W2905754 (16GB) and #W4073673 (32GB)
_LAPTOP = "Hi, I received a laptop and I want to exchange it for one with an i7 processor, 8GB of RAM and a 1TB SSD."


@pytest.mark.parametrize("answer", ["It's the 15-inch one with 16GB.", "the 16GB one", "The one with 16 GB and the 512GB SSD.",
                                    "the one in #W2905754", "the first one"])
def test_the_answer_to_which_item_keeps_the_options_asked_for(d, answer):
    t = _tau(d, "exchange", 1000007, [_LAPTOP, "Lei Wilson, zip code 32255.", answer, "Yes, go ahead."])
    _expect(t, [("exchange_delivered_order_items", {"order_id": "#W2905754", "item_ids": ["3478699712"],
                                                    "new_item_ids": ["9844888101"]})])
    _sound(t)


def test_the_other_laptop_described_is_the_one_exchanged(d):
    t = _tau(d, "exchange", 1000007, [_LAPTOP, "Lei Wilson, zip code 32255.", "the one with 32GB", "Yes, go ahead."])
    made = _calls(t)
    assert [a["order_id"] for _, a in made] == ["#W4073673"], made
    _sound(t)


# --- N2. "switch all items to their cheapest options" leaves the items already at their cheapest ----------------------
# modify_items 1000000 (task 36): Daiki Sanchez; pending #W9348897 (camera, umbrella, lamp, t-shirt, backpack)
_DAIKI = "Daiki Sanchez, zip code 46236."
_CHEAP_WRITE = ("modify_pending_order_items", {"order_id": "#W9348897", "item_ids": ["6117189161", "7453605304", "3799046073"],
                                               "new_item_ids": ["6700049080", "5320792178", "3234800602"]})


@pytest.mark.parametrize("ask", [
    "Can all the items in #W9348897 be switched to their cheapest options to bring the total down to $1131?",
    "please make every item of order #W9348897 the cheapest version available",
    "switch everything in W9348897 to the lowest priced option"])
def test_the_cheapest_switch_keeps_items_that_already_are_the_cheapest(d, ask):
    t = _tau(d, "modify_items", 1000000, [_DAIKI, ask, "Yes, go ahead."])
    said = _said(t)
    assert "Patio Umbrella (6 ft" not in said[-2] and "(black, large, nylon, camera" not in said[-2], said[-2]
    assert "already the cheapest" in said[-2], said[-2]
    _expect(t, [_CHEAP_WRITE])
    assert "You also asked" not in said[-1], said[-1]
    _sound(t)


def test_an_item_already_the_cheapest_is_said_and_not_changed(d):
    t = _tau(d, "modify_items", 1000000, [_DAIKI, "switch the patio umbrella in #W9348897 to its cheapest option"])
    said = _said(t)
    assert "already the cheapest" in said[-1] and "To confirm" not in said[-1], said[-1]
    _expect(t, None)
    _sound(t)


def test_an_item_not_yet_the_cheapest_is_changed_to_it(d):
    t = _tau(d, "modify_items", 1000000, [_DAIKI, "switch the desk lamp in #W9348897 to its cheapest option", "yes"])
    _expect(t, [("modify_pending_order_items", {"order_id": "#W9348897", "item_ids": ["7453605304"],
                                                "new_item_ids": ["5320792178"]})])
    _sound(t)


@pytest.mark.parametrize("q, answer", [("Will the new total be $1131 or less?", "which is within $1,131.00"),
                                       ("what would the order total come to after that?", "$1,130.85"),
                                       ("is the new total under $1100?", "over $1,100.00")])
def test_the_new_total_is_said_when_asked_at_the_proposal(d, q, answer):
    t = _tau(d, "modify_items", 1000000, [_DAIKI, _CHEAP_ASK, q])
    said = _said(t)
    assert "$1,130.85" in said[-1] and answer in said[-1], said[-1]
    assert "To confirm" in said[-1]
    _sound(t)


_CHEAP_ASK = "Can all the items in #W9348897 be switched to their cheapest options?"


@pytest.mark.parametrize("ask", ["If I can't cancel just that item, can the items in #W9348897 all be switched to their "
                                 "cheapest options?",
                                 "I only wanted to know whether I can cancel one item. Since I cannot cancel it, make "
                                 "all the items in #W9348897 their cheapest options."])
def test_a_cancellation_only_wondered_about_is_not_asked_for_after(d, ask):
    t = _tau(d, "modify_items", 1000000, [_DAIKI, ask, "yes"])
    said = _said(t)
    _expect(t, [_CHEAP_WRITE])
    assert "cancel" not in said[-1], said[-1]
    _sound(t)


def test_a_cancellation_asked_for_beside_it_is_still_taken_up(d):
    t = _tau(d, "modify_items", 1000000, [_DAIKI, "switch the desk lamp in #W9348897 to its cheapest option, and cancel "
                                                   "my other order", "yes"])
    said = _said(t)
    assert "cancel" in said[-1], said[-1]
    _sound(t)


# --- N3. "no, never mind the tablet" at the tablet's own proposal is a no ---------------------------------------------
# cancel_plus 1000000 (task 32): Olivia Lopez; a return of the Tablet of delivered #W2692684 proposed
_OLIVIA = ["Hi. I just lost the tablet I received.", "Olivia Lopez. Zip 76171. I don't have an email.",
           "Can you help me get a refund for the tablet, or reorder it? I know it's a long shot."]


@pytest.mark.parametrize("no", ["No, I understand, never mind the tablet.", "no thanks, forget about the tablet",
                                "ok never mind the tablet then", "Nah, skip the tablet."])
def test_giving_up_the_proposed_item_is_a_no(d, no):
    t = _tau(d, "cancel_plus", 1000000, [*_OLIVIA, no, "Yes."])
    said = _said(t)
    assert "won't make that change" in said[-2], said[-2]
    _expect(t, None)
    _sound(t)


def test_a_yes_to_the_same_proposal_still_acts(d):
    t = _tau(d, "cancel_plus", 1000000, [*_OLIVIA, "Yes, please return the tablet."])
    _expect(t, [("return_delivered_order_items", {"order_id": "#W2692684"})])
    _sound(t)


# --- N5. after a confirmed change on one order, no unasked proposal of it on another order ----------------------------
# several_pending_edits 1000001 (task 71): Ivan Khan; pending #W5270061 (backpack, desk lamp), #W7032009 (a backpack too)
_IVAN = ["Hi! I'd like to change an order of mine.", "Sure, I'm Ivan Khan and my zip code is 28243.",
         "I'd like to change the desk lamp in #W5270061 to black, and the backpack to medium size and polyester material. "
         "If there are several colors for the backpack, I prefer grey."]


@pytest.mark.parametrize("narrow", ["Actually, please use PayPal instead, and only modify the backpack.",
                                    "just the backpack please, and put the difference on my paypal"])
def test_a_change_paid_another_way_is_not_proposed_again_on_another_order(d, narrow):
    t = _tau(d, "several_pending_edits", 1000001, [*_IVAN, narrow, "Yes, please."])
    said = _said(t)
    _expect(t, [("modify_pending_order_items", {"order_id": "#W5270061", "item_ids": ["2492465580"],
                                                "new_item_ids": ["5917587651"], "payment_method_id": "paypal_7729105"})])
    assert "To confirm" not in said[-1] and "#W7032009" not in said[-1], said[-1]
    _sound(t)


def test_a_payment_change_asked_for_another_order_is_still_taken_up(d):
    t = _tau(d, "several_pending_edits", 1000001, [*_IVAN, "Actually, please use PayPal instead, and only modify the backpack.",
                                                   "Yes, please.", "Also, please pay order #W7032009 with my gift card instead."])
    said = _said(t)
    assert "#W7032009" in said[-1] and "gift card" in said[-1], said[-1]  # taken up (here: the balance is too low)
    _sound(t)


# --- P1. "one of them" of two identical items changes one ---------------------------------------------------------
# modify_items, held-out seed 901: Harper Kovacs; pending #W9093821 holds two identical green small Backpacks
_HARPER = "harper.kovacs2446@example.com"


@pytest.mark.parametrize("ask", ["i ordered two of the same backpack by accident. can you change one of them to the grey medium one?",
                                 "I accidentally got 2 identical backpacks, please switch just one to grey medium",
                                 "there are two backpacks in my order, make only one of the two grey and medium"])
def test_one_of_two_identical_items_is_changed_alone(d, ask):
    _, t = _play(d, "modify_items", [_HARPER, ask, "yes"], seed=901)
    _expect(t, [("modify_pending_order_items", {"order_id": "#W9093821", "item_ids": ["3557711149"],
                                                "new_item_ids": ["5917587651"]})])
    _sound(t)


def test_both_of_two_identical_items_are_changed_when_asked(d):
    _, t = _play(d, "modify_items", [_HARPER, "i have two of the same backpack, change both backpacks to grey medium", "yes"],
                 seed=901)
    _expect(t, [("modify_pending_order_items", {"order_id": "#W9093821", "item_ids": ["3557711149", "3557711149"],
                                                "new_item_ids": ["5917587651", "5917587651"]})])
    _sound(t)


# --- P3. a value two options share goes to the option it is said of ------------------------------------------------
# modify_items, held-out seed 900: Yusuf Hernandez; pending #W2033238 holds Sunglasses (black frame, blue lens, metal)
_YUSUF = "yusuf.hernandez6086@example.com"


@pytest.mark.parametrize("ask", ["the sunglasses - brown lenses instead of blue please", "modify W2033238 sunglasses to brown lens",
                                 "could the sunglasses have the lenses in brown?", "i'd like brown lenses on my sunglasses"])
def test_a_lens_colour_asked_for_keeps_the_frame_colour(d, ask):
    _, t = _play(d, "modify_items", [_YUSUF, ask, "yes"], seed=900)
    _expect(t, [("modify_pending_order_items", {"order_id": "#W2033238", "item_ids": ["9045948550"],
                                                "new_item_ids": ["4358482460"]})])
    _sound(t)


def test_a_frame_colour_asked_for_changes_the_frame(d):
    _, t = _play(d, "modify_items", [_YUSUF, "change the sunglasses frame to brown"], seed=900)
    said = _said(t)
    assert "-> (brown, " in said[-1], said[-1]
    _sound(t)


# (N3's twin, found reading new conversations: at a two-item proposal, giving up one item keeps the other)
@pytest.mark.parametrize("drop", ["never mind the desk lamp", "nevermind the lamp, just the backpack", "forget about the desk lamp"])
def test_giving_up_one_of_two_proposed_items_keeps_the_other(d, drop):
    t = _tau(d, "several_pending_edits", 1000001, ["Ivan Khan 28243", "change the desk lamp in #W5270061 to black and the "
                                                   "backpack to grey medium polyester", drop, "yes"])
    _expect(t, [("modify_pending_order_items", {"order_id": "#W5270061", "item_ids": ["2492465580"],
                                                "new_item_ids": ["5917587651"]})])
    _sound(t)


# (found reading new conversations: "my order" with one order on the account is that order, not "Which order?" forever)
@pytest.mark.parametrize("ask", ["can you make all the items in my order the cheapest options?",
                                 "please switch all items in the order to their cheapest options"])
def test_my_order_is_the_accounts_only_order(d, ask):
    t = _tau(d, "modify_items", 1000000, [_DAIKI, ask, "yes"])
    _expect(t, [_CHEAP_WRITE])
    _sound(t)
