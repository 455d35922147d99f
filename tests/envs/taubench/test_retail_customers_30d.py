"""Retail customers played against the fault-free clerk (thirtieth session, fourth retail fix).

The cases come from the retail-customers-7 sweep (/work/h30/retail-customers-7/report.md): §1 "cancel #W1 ... and
<address / payment / items change> on #W2" cancelled both orders, #W2 with #W1's reason; §2 items said to be kept ("but
keep all the earbuds", "keeping the hose and the dumbbells") went into the return, and "two of the three earbuds"
returned all three; §3 "i got two backpacks, swap the medium one for a black one" exchanged both backpacks (the
other into a copy of the medium one), or the wrong one; §4 two orders sent to two addresses in one message both
got the first; §5 "can it go to my gift card instead?" at a return's proposal was refused as a delivered order's
payment change. The tester's words are used and others beside them, each with its twin that already worked (both
orders cancelled, the keep-list of one item, "the cheaper of my two backpacks", one address for two orders, the
refund asked for in so many words), so that the fixes hold for the class of inputs. Each conversation is also
checked for soundness: no failed turn, no verifier violation, each write right after a yes to the proposal that
named it.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _said, _sound

AVA = "ava.lopez3569@example.com"  # pending #W8327915 (gift card), pending #W5911003 (Mastercard), delivered #W2941275
MOHAMED = "mohamed.lee1888@example.com"  # delivered #W7913362: grey medium laptop + grey large hydration backpack
AARAV = "aarav.anderson9752@example.com"  # delivered #W3470184: three earbuds, a water bottle, a bookshelf
ELM = "12 Elm St Apt 4, Austin TX 78701"
EARBUDS = {"4h IPX4": "6452271382", "6h IPX4": "1646531091", "4h IPX7": "2757705742"}
BOOKSHELF, BOTTLE = "1768466237", "2366567022"
MEDIUM, LARGE = "5917587651", "6309044598"  # the backpacks of #W7913362


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, lines):
    sc = d.scenario(family, d.heldout_seeds[911])
    return play_messages(d, sc, d.make_target("reference", []), lines, "customers-30d")


# --- §1. cancel one order, change another, in one message ---------------------------------------------------------
OTHER_CHANGE = [  # (message, the write #W8327915 gets)
    (f"cancel #W5911003 (no longer needed) and change the address on #W8327915 to {ELM}", "modify_pending_order_address"),
    (f"please cancel W5911003 (ordered by mistake). Also ship W8327915 to {ELM}", "modify_pending_order_address"),
    (f"cancel order W5911003, i don't need it anymore, and send W8327915 to {ELM} instead", "modify_pending_order_address"),
    ("cancel W5911003 because no longer needed and change the payment of W8327915 to my mastercard",
     "modify_pending_order_payment"),
    ("I want to cancel W5911003, ordered by mistake. then for W8327915 switch the payment to my mastercard",
     "modify_pending_order_payment"),
]


@pytest.mark.parametrize("line,other", OTHER_CHANGE)
def test_cancel_one_order_and_change_another_cancels_only_the_first(d, line, other):
    t = _play(d, "cancel", [AVA, line, "yes", "yes", "no"])
    calls = _calls(t)
    assert [(n, a["order_id"]) for n, a in calls] == [("cancel_pending_order", "#W5911003"), (other, "#W8327915")], calls
    assert "cancel order #W8327915" not in " ".join(_said(t))
    _sound(t)


@pytest.mark.parametrize("line", [
    f"change the address on W8327915 to {ELM} and cancel W5911003 because no longer needed",
    f"ship W8327915 to {ELM}, and also cancel W5911003 - ordered by mistake",
])
def test_change_first_and_cancel_second_cancels_only_the_order_said(d, line):
    t = _play(d, "cancel", [AVA, line, "yes", "yes", "no"])
    assert [(n, a["order_id"]) for n, a in _calls(t)] == [("modify_pending_order_address", "#W8327915"),
                                                          ("cancel_pending_order", "#W5911003")], _said(t)
    _sound(t)


@pytest.mark.parametrize("line", ["cancel W5911003 and W8327915, no longer needed",
                                  "please cancel both W5911003 and W8327915 because no longer needed"])
def test_cancel_two_orders_in_one_breath_still_cancels_both(d, line):
    t = _play(d, "cancel", [AVA, line, "yes", "yes", "no"])
    assert [(n, a["order_id"]) for n, a in _calls(t)] == [("cancel_pending_order", "#W5911003"),
                                                          ("cancel_pending_order", "#W8327915")], _said(t)
    _sound(t)


# --- §4. two orders, two addresses -------------------------------------------------------------------------------
@pytest.mark.parametrize("line", [
    f"ship W5911003 to {ELM} and also W8327915 to 9 Oak Rd, Tempe AZ 85281",
    f"please send W5911003 to {ELM}, and W8327915 to 9 Oak Rd, Tempe AZ 85281",
    f"change the address of W5911003 to {ELM}; W8327915 should go to 9 Oak Rd, Tempe AZ 85281",
])
def test_two_orders_with_two_addresses_each_get_their_own(d, line):
    t = _play(d, "address", [AVA, line, "yes", "yes", "no"])
    got = {a["order_id"]: a["zip"] for n, a in _calls(t) if n == "modify_pending_order_address"}
    assert got == {"#W5911003": "78701", "#W8327915": "85281"}, _said(t)
    _sound(t)


def test_two_orders_with_one_address_both_get_it(d):
    t = _play(d, "address", [AVA, f"ship W5911003 and W8327915 to {ELM}", "yes", "yes", "no"])
    got = {a["order_id"]: a["zip"] for n, a in _calls(t) if n == "modify_pending_order_address"}
    assert got == {"#W5911003": "78701", "#W8327915": "78701"}, _said(t)
    _sound(t)


# --- §2. items to keep, and "two of the three" ---------------------------------------------------------------------
def _returned(t):
    return [sorted(a["item_ids"]) for n, a in _calls(t) if n == "return_delivered_order_items"]


@pytest.mark.parametrize("user,line,want", [
    (AARAV, "return the bookshelf from W3470184 but keep all the earbuds", [BOOKSHELF]),
    (AARAV, "return the bookshelf from W3470184, I'm keeping both the earbuds and the water bottle", [BOOKSHELF]),
    (AARAV, "return all the earbuds from W3470184 but keep the water bottle and the bookshelf", list(EARBUDS.values())),
    (AARAV, "send back all the earbuds in W3470184, keep the bookshelf & the water bottle", list(EARBUDS.values())),
    (MOHAMED, "return the patio umbrella from W6114312, keeping the hose and the dumbbells", ["3111466194"]),
    # twins that already worked: one item kept, "except"
    (AARAV, "return all the earbuds from W3470184 but keep the bookshelf", list(EARBUDS.values())),
    (AARAV, "return everything from W3470184 except the bookshelf", [*EARBUDS.values(), BOTTLE]),
    (MOHAMED, "return the patio umbrella from W6114312 but keep the garden hose", ["3111466194"]),
])
def test_items_said_to_be_kept_are_never_returned(d, user, line, want):
    t = _play(d, "return", [user, line, "yes", "no"])
    assert _returned(t) == [sorted(want)], _said(t)
    _sound(t)


@pytest.mark.parametrize("line,want", [
    ("return two of the three pairs of earbuds in W3470184, keep the IPX7 one", ["4h IPX4", "6h IPX4"]),
    ("return two of the three earbuds from W3470184, the 4 hour ones", ["4h IPX4", "4h IPX7"]),
    ("return two of the earbuds from W3470184: the 4 hours IPX4 and the 6 hours one", ["4h IPX4", "6h IPX4"]),
    ("I'd like to send back 2 of my earbuds from W3470184, not the IPX7 pair", ["4h IPX4", "6h IPX4"]),
])
def test_two_of_the_three_returns_the_two_described(d, line, want):
    t = _play(d, "return", [AARAV, line, "yes", "no"])
    assert _returned(t) == [sorted(EARBUDS[k] for k in want)], _said(t)
    _sound(t)


@pytest.mark.parametrize("line", ["return two of the three earbuds from W3470184",
                                  "i want to return 2 of the earbuds in W3470184"])
def test_two_of_the_three_with_nothing_said_of_which_is_asked(d, line):
    t = _play(d, "return", [AARAV, line])
    assert not _calls(t)
    assert "To confirm" not in _said(t)[-1] and "?" in _said(t)[-1], _said(t)
    _sound(t)


def test_all_three_earbuds_are_still_all_three(d):
    t = _play(d, "return", [AARAV, "return all three earbuds from W3470184", "yes", "no"])
    assert _returned(t) == [sorted(EARBUDS.values())], _said(t)
    _sound(t)


# --- §3. "i got two backpacks, the medium one" -------------------------------------------------------------------
@pytest.mark.parametrize("line", [
    "i got two backpacks last month, I want to swap the medium one for a black one",
    "i have two backpacks, please exchange the medium backpack for the black large one",
    "I want to swap the grey medium one for a black one, the backpack from W7913362",
    "I bought 2 backpacks. can you exchange the medium one for black?",
    # twins that already worked
    "swap the grey medium backpack for a black one",
    "exchange the medium backpack in W7913362 for the black large laptop one",
])
def test_the_medium_of_two_backpacks_is_exchanged_alone_for_a_black_one(d, line):
    t = _play(d, "exchange", [MOHAMED, line, "yes", "no"])
    calls = [a for n, a in _calls(t) if n == "exchange_delivered_order_items"]
    assert [(c["item_ids"], c["new_item_ids"]) for c in calls] == [([MEDIUM], ["6906307980"])], _said(t)  # black
    _sound(t)


@pytest.mark.parametrize("line,want", [
    ("i got two backpacks last month, I want to return the medium one", [MEDIUM]),
    ("I have two backpacks from W7913362 and I'd like to send back the large one", [LARGE]),
    ("return the cheaper of my two backpacks", [MEDIUM]),  # twin that already worked
    ("return both backpacks", [MEDIUM, LARGE]),  # twin: both meant
])
def test_one_of_two_backpacks_returned_when_one_is_described(d, line, want):
    t = _play(d, "return", [MOHAMED, line, "yes", "no"])
    assert _returned(t) == [sorted(want)], _said(t)
    _sound(t)


# --- §5. the refund of a return moved to the gift card ----------------------------------------------------------
@pytest.mark.parametrize("line", ["can it go to my gift card instead?", "put it on my gift card instead",
                                  "gift card instead please", "could the refund go on my gift card instead?",
                                  "refund it to the gift card please"])
def test_gift_card_instead_at_a_return_proposal_reproposes_the_return_to_the_gift_card(d, line):
    t = _play(d, "return", [AVA, "return the water bottle from W2941275", line, "yes", "no"])
    assert "can't be changed" not in _said(t)[2], _said(t)
    assert [(n, a["payment_method_id"]) for n, a in _calls(t)] == [("return_delivered_order_items",
                                                                    "gift_card_4855547")], _said(t)
    _sound(t)


def test_a_pending_order_by_gift_card_is_still_a_payment_question(d):
    t = _play(d, "payment", [AVA, "can W5911003 go on my gift card instead?", "no"])
    assert "gift card balance" in _said(t)[1] and "return" not in _said(t)[1], _said(t)  # $6.00: can't cover it
    assert not _calls(t)
    _sound(t)


def test_another_order_put_on_the_gift_card_at_a_return_proposal_is_no_refund(d):
    t = _play(d, "return", [AVA, "return the water bottle from W2941275", "put W5911003 on my gift card instead", "no"])
    assert "gift card balance" in " ".join(_said(t)[2:]), _said(t)
    assert not _calls(t)
    _sound(t)
