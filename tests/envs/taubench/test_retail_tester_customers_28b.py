"""Retail customers a second-round tester played against the fault-free clerk (twenty-eighth session), in the
tester's words and in others: a message with an old and a new address took the old one ("from X to Y", "is going
to X but ... new address is Y", a pasted "Ship to:" line), and a question quoting the old address at a proposal
replaced it; a return took items the customer said they keep, love or that work fine, and items only listed in a
pasted notice; "my pending one" and "the camera order" (both cameras in one order) did not pick the order; and
"ship #W... to my default address" asked for an address (report: /work/h28/retail-customers-2/report.md)."""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_unseen_retail_customers import _calls, _expect, _play, _said, _sound

OLD, NEW = "12 Oak Street, Dallas, TX 75201", "424 Pine Court, Columbus, OH 43215"


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


# --- G1. of two addresses in a message, the new one -----------------------------------------------------------
# address family, seed 700: omar.muller4197@example.com (omar muller 60628), pending #W8642391
@pytest.mark.parametrize("ask", [
    f"change address from {OLD} to {NEW} on {{pending_order_id}}",
    f"my order {{pending_order_id}} is going to {OLD} but i moved, new address is {NEW}",
    f"Order number: {{pending_order_id}}\nShip to: {OLD}\nplease ship it to {NEW} instead",
    f"Order number: {{pending_order_id}}\nShip to: {OLD}\nplease change the shipping address to {NEW}",
    f"my old address was {OLD}. please send {{pending_order_id}} to {NEW}",
    f"{{pending_order_id}} currently ships to {OLD}, can you update it to {NEW}?",
    f"ship {{pending_order_id}} to {NEW} (not {OLD})",
    f"ship {{pending_order_id}} to {NEW}",
])
def test_of_an_old_and_a_new_address_in_one_message_the_new_one_is_proposed(d, ask):
    _, t = _play(d, "address", ["{email}", ask, "yes"], seed=700)
    assert "change the shipping address of order #W8642391 to 424 Pine Court, Columbus" in _said(t)[-2], _said(t)[-2]
    _expect(t, [("modify_pending_order_address", {"order_id": "#W8642391", "address1": "424 Pine Court",
                                                  "city": "Columbus", "zip": "43215"})])
    _sound(t)


@pytest.mark.parametrize("ask", [
    f"the order {{pending_order_id}} should go to {OLD} or maybe {NEW}, one of those",
])
def test_two_addresses_that_cannot_be_told_apart_are_asked_about(d, ask):
    _, t = _play(d, "address", ["{email}", ask], seed=700)
    assert "To confirm" not in _said(t)[-1], _said(t)[-1]
    assert _calls(t) == []
    _sound(t)


@pytest.mark.parametrize("question", [
    f"oh wait, my old address was {OLD}, is that where it was going?",
    f"hmm my address used to be {OLD}, was it going there before?",
])
def test_a_question_quoting_the_old_address_keeps_the_proposal_of_the_new_one(d, question):
    _, t = _play(d, "address", ["omar muller 60628", f"ship {{pending_order_id}} to {NEW}", question, "yes"],
                 seed=700)
    _expect(t, [("modify_pending_order_address", {"order_id": "#W8642391", "address1": "424 Pine Court",
                                                  "city": "Columbus", "state": "OH", "zip": "43215"})])
    _sound(t)


def test_a_correction_to_a_new_address_at_a_proposal_still_replaces_it(d):
    _, t = _play(d, "address", ["omar muller 60628", f"ship {{pending_order_id}} to {OLD}",
                                f"sorry, i meant {NEW}", "yes"], seed=700)
    _expect(t, [("modify_pending_order_address", {"order_id": "#W8642391", "address1": "424 Pine Court",
                                                  "city": "Columbus", "state": "OH", "zip": "43215"})])
    _sound(t)


# --- G2. a return takes only the items it points at -------------------------------------------------------------
# return family, seed 700: amelia ito 32184; delivered #W3733909 holds a Bluetooth Speaker (5650803029), a Coffee
# Maker (9862136885), a Bicycle and Hiking Boots
SPEAKER, COFFEE = "5650803029", "9862136885"


@pytest.mark.parametrize("ask, items", [
    ("return the speaker. the coffee maker i keep", [SPEAKER]),
    ("return the speaker, the coffee maker i'm keeping", [SPEAKER]),
    ("my coffee maker works fine, but please return my speaker", [SPEAKER]),
    ("the coffee maker is fine, i want to return the speaker", [SPEAKER]),
    ("i love the speaker! but please return the coffee maker", [COFFEE]),
    ("order {delivered_order_id}: Bluetooth Speaker, Coffee Maker, Bicycle, Hiking Boots. "
     "i only want to send back the coffee maker", [COFFEE]),
    ("> Your order {delivered_order_id} was delivered on Monday.\n> Bluetooth Speaker (black)  $324.63\n"
     "> Coffee Maker (black)  $258.32\ni want to return just the coffee maker from that", [COFFEE]),
    ("I got: Bluetooth Speaker, Coffee Maker. please return only the speaker", [SPEAKER]),
    # the right twins: both items asked for are both returned
    ("return speaker n coffee maker from {delivered_order_id} thx", [SPEAKER, COFFEE]),
    ("the coffee maker is broken and the speaker too, return both the speaker and the coffee maker",
     [SPEAKER, COFFEE]),
    ("return the speaker, not the coffee maker", [SPEAKER]),
])
def test_a_return_takes_only_the_items_it_points_at(d, ask, items):
    _, t = _play(d, "return", ["amelia ito 32184", ask, "yes"], seed=700)
    _expect(t, [("return_delivered_order_items", {"order_id": "#W3733909", "item_ids": items})])
    _sound(t)


# mixed_pending_delivered family, seed 700: liam.thomas9081@example.com; delivered #W6397299 holds a Bookshelf and
# a Yoga Mat
def test_a_loved_item_stays_out_of_the_return_of_another(d):
    _, t = _play(d, "mixed_pending_delivered", ["{email}", "i love the bookshelf! but the yoga mat smells weird, can i "
                                                           "return it", "yes"], seed=700)
    made = _calls(t)
    assert [n for n, _ in made] == ["return_delivered_order_items"], made
    assert len(made[0][1]["item_ids"]) == 1 and "Bookshelf" not in _said(t)[-2].split("refund")[0], _said(t)[-2]
    _sound(t)


# --- G5. "my pending one", "the camera order" pick the order --------------------------------------------------
# cancel family, seed 700: harper khan 19029; pending #W8073958 holds earbuds, a Digital Camera, an air purifier
# and an Action Camera; delivered #W3134391 holds espresso machines
@pytest.mark.parametrize("ask", ["cancel my pending one pls", "cancel the pending one", "pls cancel our pending one",
                                 "cancel my pending order",
                                 "can u cancel the camera order", "cancel the order with the camera",
                                 "cancel my cameras order pls", "cancel the digital camera order"])
def test_the_one_pending_order_or_the_one_order_with_cameras_is_the_order_meant(d, ask):
    _, t = _play(d, "cancel", ["harper khan 19029", ask, "not needed anymore thx", "sure thx"], seed=700)
    assert not any(s.startswith("Which order") for s in _said(t)), _said(t)
    _expect(t, [("cancel_pending_order", {"order_id": "#W8073958", "reason": "no longer needed"})])
    _sound(t)


# --- G7b. "ship #W... to my default address" proposes the address on file -------------------------------------
# (already right on the code these tests were written against: kept as a guard)
# address family, seed 700: omar muller 60628, pending #W8642391
@pytest.mark.parametrize("ask", ["ship {pending_order_id} to my default address",
                                 "send {pending_order_id} to my home address pls",
                                 "can {pending_order_id} go to the address on my account instead",
                                 "change the address of {pending_order_id} to my default address"])
def test_an_order_sent_to_the_default_address_proposes_the_address_on_file(d, ask):
    sc, t = _play(d, "address", ["omar muller 60628", ask, "yes"], seed=700)
    default = d.db.users[sc["user_id"]].address
    assert "change the shipping address of order #W8642391 to" in _said(t)[-2], _said(t)[-2]
    _expect(t, [("modify_pending_order_address", {"order_id": "#W8642391", "address1": default.address1,
                                                  "city": default.city, "zip": default.zip})])
    _sound(t)


@pytest.mark.parametrize("ask", ["i would love to return the speaker", "i'd like to return the speaker please",
                                 "i'd love the speaker gone, please return it"])
def test_a_wish_about_an_item_is_no_keeping_of_it(d, ask):
    _, t = _play(d, "return", ["amelia ito 32184", ask, "yes"], seed=700)
    _expect(t, [("return_delivered_order_items", {"order_id": "#W3733909", "item_ids": [SPEAKER]})])
    _sound(t)
