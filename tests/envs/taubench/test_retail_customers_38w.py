"""Retail customers played against the clerk (thirty-eighth session, part w).

retail-customers-26 (/work/h38/retail-customers-26/report.md):
- finding 1: after the bike order's address was written and then the luggage order's ("wrong order! I meant the luggage
  one"), "now change the bike order back to the old address please" proposed the LUGGAGE order back to its old address
  (the last order moved), not the order named. An address put back goes to the order named (by an item in it or its
  number), with that order's own address before this chat changed it; with no order named, the last one as before.
- finding 3: "bottle ok. vacuum - keep it upright ..." at a two-item summary dropped the bottle: an item said to be
  ok is kept while the other is corrected.
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-38w")


# several_pending_edits 3: Sophia Martin, bike order #W1603792 (760 Elm Avenue), luggage order #W1092119 (592 Elm Avenue)
SOPHIA = ["Hi, Sophia Martin, zip 77034", "please send my bike order to 44 Cedar Lane, Madison, WI 53703",
          "yes that's right", "wrong order! I meant the luggage one", "yes"]
BIKE_BACK = "change the shipping address of order #W1603792 to 760 Elm Avenue, Suite 564, Houston, TX 77034"


@pytest.mark.parametrize("msg", ["now change the bike order back to the old address please",
                                 "undo the address change on the bike order",
                                 "the bike order needs to go back to the original address",
                                 "please revert the address on the bicycle order",
                                 "put order #W1603792 back to the old address",
                                 "put the bike one back to my old address"])
def test_an_address_put_back_goes_to_the_order_named(d, msg):
    t = _play(d, "several_pending_edits", 3, SOPHIA + [msg, "yes"])
    _sound(t)
    assert BIKE_BACK in _said(t)[-2], _said(t)[-2]
    assert [(a["order_id"], a["address1"]) for _, a in _calls(t)][-1] == ("#W1603792", "760 Elm Avenue")


@pytest.mark.parametrize("msg", ["now change the luggage order back to the old address please",
                                 "change the order back to the old address please"])
def test_near_miss_the_last_order_or_none_named_puts_back_the_last(d, msg):
    t = _play(d, "several_pending_edits", 3, SOPHIA + [msg])
    assert "change the shipping address of order #W1092119 to 592 Elm Avenue" in _said(t)[-1], _said(t)[-1]


# several_pending_edits 11: Ethan Muller, pending order with a water bottle and a vacuum
ETHAN = ["hello its Ethan Muller, ethan.muller6617@example.com",
         "on my pending order I want to swap the water bottle to a 750ml one and the vacuum to a bagless one"]


@pytest.mark.parametrize("msg", ["bottle ok. vacuum - keep it upright if possible, what bagless uprights do you have?",
                                 "bottle's good. vacuum: upright bagless please",
                                 "bottle: ok. vacuum - upright please",
                                 "the bottle looks right. vacuum: upright bagless"])
def test_an_item_said_ok_is_kept(d, msg):
    t = _play(d, "several_pending_edits", 11, ETHAN + [msg])
    said = _said(t)[-1]
    assert "Water Bottle (" in said and "Vacuum Cleaner (" in said and "upright" in said, said
    assert _calls(t) == []


def test_after_the_yes_both_are_written(d):
    t = _play(d, "several_pending_edits", 11, ETHAN + ["bottle's good. vacuum: upright bagless please", "yes"])
    _sound(t)
    [(_tool, args)] = _calls(t)
    assert len(args["item_ids"]) == 2, args


def test_near_miss_an_item_dropped_still_drops(d):
    t = _play(d, "several_pending_edits", 11, ETHAN + ["forget the bottle. vacuum: upright bagless please"])
    said = _said(t)[-1]
    assert "Water Bottle (" not in said and "Vacuum Cleaner (" in said, said


# --- finding 2: "1000 more pieces" is relative to the item's own 500; "same difficulty" keeps intermediate ----------
# cancel_plus 6: Sofia Li, delivered #W3916020 with a Jigsaw Puzzle (500, art, intermediate)
SOFIA = ["Hello, this is Sofia Li, sofia.li7352@example.com",
         "My kid outgrew the bicycle, I'd like to exchange it for a larger frame."]


@pytest.mark.parametrize("msg", [
    "And the jigsaw puzzle that came with it should be swapped too - same difficulty but 1000 more pieces, animals "
    "rather than art if there's a choice",
    "And the jigsaw puzzle in that order - I want one with 1000 more pieces than this one, same difficulty, animals "
    "if possible",
    "also the puzzle from that order, swap it for one with an extra 1000 pieces and animals, keep the difficulty",
    "also the puzzle, need a bigger one with animals: 1000 pieces more than the 500 I have, same level",
])
def test_an_amount_more_is_added_to_the_items_own(d, msg):
    t = _play(d, "cancel_plus", 6, SOFIA[:1] + [SOFIA[1] + " " + msg])
    said = _said(t)[-1]
    assert "Jigsaw Puzzle (500, art, intermediate, $52.01) -> (1500, animals, intermediate" in said, said


def test_near_miss_an_amount_on_its_own_is_that_amount(d):
    t = _play(d, "cancel_plus", 6, SOFIA[:1] + [SOFIA[1] + " And the jigsaw puzzle too, 1000 pieces with animals, "
                                                "same difficulty please"])
    # (39k: no 1000-piece animals puzzle of the same difficulty: the closest 1000-piece one is offered and asked about)
    assert "the Jigsaw Puzzle with 1000, animals, intermediate doesn't come in that combination. The closest available " \
           "option is 1000, animals, " in _said(t)[-1], _said(t)[-1]
