"""Retail customers played against the fault-free clerk (thirty-fifth session, part c).

Findings 7, 8, 9 and 11 of retail-customers-16 (/work/h35/retail-customers-16/report.md): an address given in pieces
("958 Willow Avenue", then "Austin, TX 78701"), with labelled fields ("street: ...; city: ...") or as a change to the
address now ("same city and zip, just the street is now 12 Oak Street") was never put together, and the same question
came again and again; "cancel whatever isn't shipped" cancelled one pending order of five, and "and the rest?" was not
understood; "No refund is part of this change" was said beside a proposal that gave money back; "two phones" was read
as Headphones, and "my last order" (a pending one) picked for a swap of a delivered phone; "update my profile address
to that" asked for the address just given again. Each case has the tester's words, others of the kind, and near
misses that keep their old reading; each conversation is checked for soundness (no violation, no failed turn, each
write right after a yes to the proposal that named it).
"""

from __future__ import annotations

import pytest

from envs.taubench.language import address_pieces, mentioned_items
from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, seed, lines):
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-35c")


# --- 7. an address given in pieces ----------------------------------------------------------------------------------
EMMA_TABLET = "emma.santos7683@example.com, need to fix the shipping address on my tablet order"
# address 5000: Emma Santos; the tablet order #W2918688 (pending) ships to 399 Maple Drive, Suite 470, Phoenix, AZ 85039
TABLET, NOW = "#W2918688", ("399 Maple Drive", "Suite 470", "Phoenix", "AZ", "85039")


def _address_written(t):
    calls = _calls(t)
    assert len(calls) == 1 and calls[0][0] == "modify_pending_order_address", _said(t)
    a = calls[0][1]
    assert a["order_id"] == TABLET, a
    return a["address1"], a["address2"], a["city"], a["state"], a["zip"]


@pytest.mark.parametrize("pieces, want", [
    (["958 Willow Avenue", "Austin, TX 78701"], ("958 Willow Avenue", "", "Austin", "TX", "78701")),
    (["Austin, TX 78701", "958 Willow Avenue"], ("958 Willow Avenue", "", "Austin", "TX", "78701")),
    (["958 Willow Avenue", "austin", "TX 78701"], ("958 Willow Avenue", "", "Austin", "TX", "78701")),
    (["austin texas 78701", "958 Willow Avenue apt 4B"], ("958 Willow Avenue", "Apt 4B", "Austin", "TX", "78701")),
    (["street: 958 Willow Avenue; city: Austin; state: Texas; zip: 78701"],
     ("958 Willow Avenue", "", "Austin", "TX", "78701")),
    (["Street: 958 Willow Avenue, Apt 4B; City: Austin; State: TX; Zip: 78701"],
     ("958 Willow Avenue", "Apt 4B", "Austin", "TX", "78701")),
    (["address line 1: 12 Oak St\ncity: Dallas\nstate: TX\nzip: 75201"], ("12 Oak St", "", "Dallas", "TX", "75201")),
    # a change to the address the order ships to now: the rest of it kept
    (["same city and zip, just the street is now 12 Oak Street"], ("12 Oak Street",) + NOW[1:]),
    (["12 Oak Street, rest stays the same"], ("12 Oak Street",) + NOW[1:]),
    (["only the suite number changed, it's Suite 571 now"], (NOW[0], "Suite 571") + NOW[2:]),
    # (a new street with only the city and zip said the same: the old building's unit is not kept)
    (["958 Willow Avenue", "same city, state and zip as now"], ("958 Willow Avenue", "") + NOW[2:]),
    (["12 Oak Street, same city and zip"], ("12 Oak Street", "") + NOW[2:]),
    # near miss: the whole address at once, as before
    (["958 Willow Avenue, Austin, TX 78701"], ("958 Willow Avenue", "", "Austin", "TX", "78701")),
])
def test_an_address_in_pieces_is_put_together(d, pieces, want):
    t = _play(d, "address", 5000, [EMMA_TABLET] + pieces + ["yes"])
    _sound(t)
    assert _address_written(t) == want
    asked = _said(t)[1:-2]  # (what was asked between the pieces: never the same whole question again)
    assert not any(a.startswith("What is the new shipping address") for a in asked), asked


def test_a_piece_says_what_is_still_missing(d):
    t = _play(d, "address", 5000, [EMMA_TABLET, "958 Willow Avenue"])
    _sound(t)
    assert "958 Willow Avenue" in _said(t)[-1] and "city, state and zip code" in _said(t)[-1], _said(t)[-1]
    t = _play(d, "address", 5000, [EMMA_TABLET, "Austin, TX 78701"])
    assert "Austin, TX 78701" in _said(t)[-1] and "street address" in _said(t)[-1], _said(t)[-1]
    assert _calls(t) == []


def test_near_miss_a_yes_or_another_request_is_no_piece(d):
    t = _play(d, "address", 5000, [EMMA_TABLET, "958 Willow Avenue", "yes"])
    _sound(t)
    assert _calls(t) == [] and "city, state and zip code" in _said(t)[-1], _said(t)
    t = _play(d, "address", 5000, [EMMA_TABLET, "958 Willow Avenue", "never mind, cancel the order instead"])
    _sound(t)
    assert _calls(t) == [] and "reason" in _said(t)[-1].lower() or "why" in _said(t)[-1].lower(), _said(t)


@pytest.mark.parametrize("text, want, keep", [
    ("958 Willow Avenue", {"address1": "958 Willow Avenue"}, False),
    ("958 Washington Ave", {"address1": "958 Washington Ave"}, False),  # (no state in the street's name)
    ("street: 958 Willow Avenue; city: Austin; state: Texas; zip: 78701",
     {"address1": "958 Willow Avenue", "city": "Austin", "state": "TX", "zip": "78701"}, False),
    ("only the suite number changed, it's Suite 571 now", {"address2": "Suite 571"}, True),
    ("everything else is the same, the zip is now 78702", {"zip": "78702"}, True),
    ("ok let me check", {}, False),
    ("what's my current address?", {}, False),
])
def test_address_pieces(text, want, keep):
    assert address_pieces(text) == (want, keep)


# --- 8. every order not shipped yet, and "the rest" ------------------------------------------------------------------
OLIVIA = "olivia.jackson2465@example.com"  # return 5000: five pending orders, one delivered
OLIVIA_PENDING = {"#W6116680", "#W3168895", "#W5663445", "#W2090453", "#W6975922"}


@pytest.mark.parametrize("ask", [
    f"my email is {OLIVIA}. my son was playing with my laptop and ordered stuff, cancel whatever isnt shipped",
    f"{OLIVIA} - pls cancel everything that hasnt shipped yet",
    f"{OLIVIA}. cancel anything not shipped yet",
    f"{OLIVIA}. can you cancel all the stuff that hasn't gone out?",
    f"{OLIVIA}. cancel whatever is still pending",
])
def test_cancel_whatever_is_not_shipped_goes_through_every_pending_order(d, ask):
    t = _play(d, "return", 5000, [ask, "by mistake obviously"] + ["yes"] * 5)
    _sound(t)
    calls = _calls(t)
    assert {n for n, _a in calls} == {"cancel_pending_order"}, _said(t)
    assert sorted(a["order_id"] for _n, a in calls) == sorted(OLIVIA_PENDING), _said(t)
    assert {a["reason"] for _n, a in calls} == {"ordered by mistake"}


@pytest.mark.parametrize("rest", ["and the rest?", "what about the others?", "the other ones too please"])
def test_the_rest_after_one_cancel_is_the_other_pending_orders(d, rest):
    t = _play(d, "return", 5000, [OLIVIA, "cancel the luggage set order, ordered by mistake", "yes", rest, "yes"])
    _sound(t)
    assert "Sorry, I can't help" not in _said(t)[3], _said(t)[3]
    calls = [(n, a["order_id"]) for n, a in _calls(t)]
    assert calls[0] == ("cancel_pending_order", "#W6116680") and len(calls) == 2, _said(t)
    assert calls[1][1] in OLIVIA_PENDING - {"#W6116680"}


def test_the_rest_at_a_proposal_says_what_comes_next(d):
    t = _play(d, "return", 5000, [OLIVIA, "cancel the luggage set order, ordered by mistake", "and the rest?"])
    _sound(t)
    assert _calls(t) == []
    last = _said(t)[-1]
    assert all(o in last for o in OLIVIA_PENDING - {"#W6116680"}) and "cancel order #W6116680" in last, last


def test_near_miss_one_named_order_is_still_one(d):
    t = _play(d, "return", 5000, [OLIVIA, "cancel the luggage set order, ordered by mistake", "yes"])
    _sound(t)
    assert [a["order_id"] for _n, a in _calls(t)] == ["#W6116680"]
    assert _said(t)[-1].endswith("Is there anything else I can help you with?"), _said(t)[-1]


# --- 9. what a condition on the refund is told -----------------------------------------------------------------------
MEI_SWAP = ["hi the phone i got last week, id like to swap it for one with more storage", "mei kovacs 43295",
            "hmm ok none bigger? then the black 8gb one i guess"]  # exchange 5000: Mei Kovacs, gift card only


@pytest.mark.parametrize("cond", [
    "yes as long as the refund goes back to my visa",
    "ok if the money goes back to my visa",
    "yes provided the refund goes to my mastercard",
])
def test_a_refund_condition_at_an_exchange_says_where_the_difference_goes(d, cond):
    t = _play(d, "exchange", 5000, MEI_SWAP + [cond])
    _sound(t)
    last = _said(t)[-1]
    assert "No refund is part of this change" not in last, last
    assert "$103.28" in last.split("To confirm")[0] and "gift card" in last.split("To confirm")[0], last
    assert "I don't see a" in last, last  # (she has no Visa nor Mastercard)
    assert _calls(t) == []


def test_near_miss_a_plain_yes_still_exchanges(d):
    t = _play(d, "exchange", 5000, MEI_SWAP + ["yes"])
    _sound(t)
    assert [n for n, _a in _calls(t)] == ["exchange_delivered_order_items"]


# --- 11. smaller misreadings -----------------------------------------------------------------------------------------
NAMES = ["Headphones", "Smartphone", "Tablet", "Mechanical Keyboard", "Smart Watch", "Wristwatch"]


@pytest.mark.parametrize("text, want", [
    ("i got two phones in my last order", ["Smartphone"]),
    ("the phones", ["Smartphone"]),
    ("my phone", ["Smartphone"]),
    ("return my headphones", ["Headphones"]),  # near misses: the full names, as before
    ("the smartphone and the headphones", ["Headphones", "Smartphone"]),
])
def test_phones_is_the_plural_of_phone(text, want):
    assert sorted(mentioned_items(text, NAMES)) == sorted(want)


@pytest.mark.parametrize("ask", [
    "hey so i got two phones in my last order and one of them the 8gb one i wanna swap it for more storage",
    "the phone from my last order, i'd like to swap it for a black one",
])
def test_an_item_not_in_the_last_order_is_found_where_it_is(d, ask):
    t = _play(d, "exchange", 5000, [ask, "kovacs, mei — zip 43295"])  # #W5382576 delivered: the Smartphone
    _sound(t)
    last = _said(t)[-1]
    assert "#W2022128" not in last and "Headphones" not in last, last
    assert "#W5382576" in last or "Smartphone" in last, last


FATIMA_MODIFIED = ["Hi there, Fatima Anderson, zip is 78786. On my pending order I'd like the kettle switched to the "
                   "glass version but keep it white and 1 litre", "yes",
                   "also please ship that order to 12 Oak Street, Austin, TX 78701"]  # modify_items 5000


@pytest.mark.parametrize("to_that", [
    "ok then update my profile address to that instead",
    "fine, put that address on my account then",
    "then change my default address to the one I just gave you",
])
def test_the_profile_address_to_that_uses_the_address_just_given(d, to_that):
    t = _play(d, "modify_items", 5000, FATIMA_MODIFIED + [to_that, "yes"])
    _sound(t)
    writes = _calls(t)
    assert [n for n, _a in writes] == ["modify_pending_order_items", "modify_user_address"], _said(t)
    a = writes[1][1]
    assert (a["address1"], a["city"], a["state"], a["zip"]) == ("12 Oak Street", "Austin", "TX", "78701"), a


def test_near_miss_the_profile_address_without_that_is_asked_for(d):
    t = _play(d, "modify_items", 5000, FATIMA_MODIFIED + ["ok then update my profile address"])
    _sound(t)
    assert _said(t)[-1].startswith("What is the new address"), _said(t)[-1]


# --- a change said without its verb after a cancellation (checked again: no second cancellation) -------------------
DAIKI = "daiki muller 94157"  # mixed_pending_delivered 5001: #W7822344 pending (kettle, pet bed), #W6790887 (earbuds)


@pytest.mark.parametrize("ask", [
    f"{DAIKI}. cancel the pet bed order as I no longer need it, and the earbuds could they be black",
    f"{DAIKI}. cancel the pet bed order, not needed anymore. the earbuds should be black",
])
def test_the_earbuds_wish_after_a_cancel_is_a_change(d, ask):
    t = _play(d, "mixed_pending_delivered", 5001, [ask, "yes", "yes"])
    _sound(t)
    assert [(n, a["order_id"]) for n, a in _calls(t)] == [("cancel_pending_order", "#W7822344"),
                                                          ("modify_pending_order_items", "#W6790887")], _said(t)
    assert "cancel order #W6790887" not in " ".join(_said(t))
