"""Retail customers played against the fault-free clerk (twenty-ninth session), in the testers' words and in
others. The cases come from two reports of the twenty-eighth session: tau-tasks (/work/h28/tau-tasks/report.md,
τ²-bench's own test tasks played as its user simulator: B1 the cancellation-reason question that "never mind"
did not leave, B2 "Which order?" asked again when the customer named the order by a kind of product it holds,
D3 a wrong target proposed) and retail-customers-2 (/work/h28/retail-customers-2/report.md: G4 a switch between
a return and an exchange at a proposal lost the item, G7 "acct" not read as the account). Each conversation is
also checked for soundness: no failed turn, no verifier violation, each write right after a yes to the proposal
that named it.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_unseen_retail_customers import _expect, _play, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


# --- B2. an order named by a kind of product it holds, with no order id ------------------------------------------
# mixed_pending_delivered, held-out seed 0 = 1000000 (tau task 64): James Sanchez 60623; pending #W7464385 holds an Action
# Camera; a processed order holds a Garden Hose; a cancelled one holds an Indoor Security Camera
_JAMES = "I'm James Sanchez and my zip code is 60623. I don't remember my email."


@pytest.mark.parametrize("lines", [
    ["Hi! I'd like to exchange my camera for the highest resolution, waterproof camera that I can get for the price "
     "I previously paid.", _JAMES],
    ["I want to change my camera", _JAMES],
    [_JAMES, "can you switch the camera i ordered to the black one?"],
    ["I'd like to return the camera.", _JAMES],
    [_JAMES, "cancel the camera pls, no longer needed"],
])
def test_an_order_named_by_the_one_camera_it_holds_is_found_not_asked_for(d, lines):
    _, t = _play(d, "mixed_pending_delivered", lines, seed=0)
    last = _said(t)[-1]
    assert "Which order is this about?" not in last, last
    assert "#W7464385" in last or "Action Camera" in last, last
    _expect(t, None)
    _sound(t)


def test_a_kind_of_product_no_order_holds_still_asks_which_order(d):
    _, t = _play(d, "mixed_pending_delivered", [_JAMES, "i want to exchange my kettle"], seed=0)
    assert "Which order is this about?" in _said(t)[-1] or "couldn't find" in _said(t)[-1].lower(), _said(t)[-1]
    _expect(t, None)
    _sound(t)


# --- B1. out of the cancellation-reason question ---------------------------------------------------------------
# modify_items, held-out seed 0 = 1000000 (tau task 36): Daiki Sanchez 46236, pending #W9348897 (Action Camera,
# Patio Umbrella, Desk Lamp, T-Shirt, Backpack)
_DAIKI = "Daiki Sanchez, zip code 46236"
_REASON_Q = "'no longer needed' or 'ordered by mistake'"


@pytest.mark.parametrize("change, item", [
    ("Never mind the cancellation. Can you change the backpack to a black one instead?", "Backpack"),
    ("forget about cancelling, i'd rather swap the desk lamp for another option", "Desk Lamp"),
    ("Actually I don't want to cancel it anymore. I want to modify the t-shirt.", "T-Shirt"),
])
def test_another_request_said_instead_of_the_cancellation_leaves_the_reason_question(d, change, item):
    _, t = _play(d, "modify_items", [_DAIKI, "I want to cancel order #W9348897", change], seed=0)
    last = _said(t)[-1]
    assert _REASON_Q not in last and item in last, last
    _expect(t, None)
    _sound(t)


@pytest.mark.parametrize("ask", [
    "Wait, I don't want to cancel the whole order. Can I cancel just that one item?",
    "Is it possible to cancel only some of the items in an order, and keep the others?",
    "no no, i don't want to cancel everything, can i just cancel a few items?",
])
def test_cancelling_part_of_an_order_at_the_reason_question_is_answered(d, ask):
    _, t = _play(d, "modify_items", [_DAIKI, "cancel #W9348897", ask], seed=0)
    last = _said(t)[-1]
    assert "cancelled as a whole" in last, last
    if "don't want" in ask:  # the cancellation taken back, not asked about again
        assert _REASON_Q not in last and "#W9348897 as it is" in last, last
    _expect(t, None)
    _sound(t)


@pytest.mark.parametrize("ask", ["Wait, I'm not sure I want to cancel anything yet.",
                                 "hmm, I don't want to cancel it after all"])
def test_not_wanting_the_cancellation_any_more_leaves_the_order_as_it_is(d, ask):
    _, t = _play(d, "modify_items", [_DAIKI, "cancel #W9348897", ask], seed=0)
    last = _said(t)[-1]
    assert _REASON_Q not in last and "#W9348897 as it is" in last, last
    _expect(t, None)
    _sound(t)


@pytest.mark.parametrize("reason, said", [("i don't need it anymore", "no longer needed"),
                                          ("bought it by mistake, sorry", "ordered by mistake")])
def test_a_reason_that_says_dont_still_cancels(d, reason, said):
    _, t = _play(d, "modify_items", [_DAIKI, "cancel #W9348897", reason, "yes"], seed=0)
    _expect(t, [("cancel_pending_order", {"order_id": "#W9348897", "reason": said})])
    _sound(t)


def test_asking_to_cancel_one_item_of_an_order_says_the_whole_order_goes(d):
    _, t = _play(d, "modify_items", [_DAIKI, "Can I just cancel one item of order #W9348897?"], seed=0)
    last = _said(t)[-1]
    assert "cancelled as a whole" in last, last
    _expect(t, None)
    _sound(t)


# --- C. "the cheapest" picks the lowest price among the available options that fit --------------------------------
def _cheapest(d, name, current_options, **keep):
    """The catalogue's cheapest available variant of the product, other than the item's own, keeping ``keep``."""
    db = d.make_target("reference", []).db
    product = next(p for p in db.products.values() if p.name == name)
    fits = [(v.price, v) for v in product.variants.values() if v.available and v.options != current_options
            and all(v.options.get(k) == val for k, val in keep.items())]
    return min(fits, key=lambda x: x[0])[1]


@pytest.mark.parametrize("ask, keep", [
    ("please change the t-shirt in #W9348897 to the cheapest one in size L", {"size": "L"}),
    ("can the T-Shirt in #W9348897 be switched to its least expensive option?", {}),
    ("swap the t-shirt from #W9348897 for the lowest priced one", {}),
])
def test_the_cheapest_option_asked_for_is_the_cheapest_in_the_catalogue(d, ask, keep):
    v = _cheapest(d, "T-Shirt", {"color": "black", "size": "XXL", "material": "cotton", "style": "crew neck"}, **keep)
    _, t = _play(d, "modify_items", [_DAIKI, ask, "yes"], seed=0)
    assert "cheapest available T-Shirt" in _said(t)[-2], _said(t)[-2]
    _expect(t, [("modify_pending_order_items", {"order_id": "#W9348897", "new_item_ids": [v.item_id]})])
    _sound(t)


def test_an_option_asked_for_without_cheapest_is_the_closest_match_not_called_cheapest(d):
    _, t = _play(d, "modify_items", [_DAIKI, "please change the t-shirt in #W9348897 to size L", "yes"], seed=0)
    assert "cheapest" not in _said(t)[-2], _said(t)[-2]
    _expect(t, [("modify_pending_order_items", {"order_id": "#W9348897"})])
    _sound(t)


def test_all_items_switched_to_their_cheapest_options_after_no_single_item_cancel(d):
    _, t = _play(d, "modify_items", [
        _DAIKI, "Then what's the most expensive item in order #W9348897? Can I just cancel that item?",
        "Wait, I don't want to cancel the whole order.",
        "Okay. If I can't cancel just that item, can the t-shirt be switched to its cheapest option?"], seed=0)
    last = _said(t)[-1]
    assert _REASON_Q not in last and "T-Shirt" in last and "cheapest" in last, last
    _expect(t, None)
    _sound(t)


# --- G7. "acct" is the account ------------------------------------------------------------------------------------
# address family, held-out seed 700: Omar Muller, pending #W8642391
@pytest.mark.parametrize("ask", ["new addr 424 Pine Court, Columbus, OH 43215, update my acct pls",
                                 "pls put 424 Pine Court, Columbus, OH 43215 on my acct",
                                 "update my account address to 424 Pine Court, Columbus, OH 43215"])
def test_acct_short_for_account_updates_the_default_address(d, ask):
    _, t = _play(d, "address", ["{email}", ask, "yes"], seed=700)
    _expect(t, [("modify_user_address", {"address1": "424 Pine Court", "city": "Columbus", "zip": "43215"})])
    _sound(t)


def test_an_order_address_with_acct_nowhere_is_not_the_default_address(d):
    _, t = _play(d, "address", ["{email}", "ship #W8642391 to 424 Pine Court, Columbus, OH 43215 pls", "yes"], seed=700)
    _expect(t, [("modify_pending_order_address", {"order_id": "#W8642391", "address1": "424 Pine Court"})])
    _sound(t)
