"""The retail reference clerk on τ²-bench's own retail test tasks, played as its LLM user would.

A tester (tau-tasks, report 28) played the 40 held-out retail task scenarios against the fault-free
clerk, keeping to each task's instruction (the user won't type an address that is already in the
account, asks one thing at a time, answers only what is asked). Before the fixes they found among others:

- D1: "change my laptop order to be delivered to ..." wrote the address on the order holding the watch;
- D2: "change it to my default address" for an order was read as an update of the profile address;
- A: "it's the address on my other order", "my default address", "same as it's set now, just Suite 641"
  were asked for again and again, though the clerk had already looked the address up;
- E: a price difference was charged or refunded to the order's method without asking which one;
- F: "that's all" with a proposal still waiting for its yes ended the conversation in silence;
- B: the cancellation-reason and the return-items questions came back whatever was said.

Each conversation is checked for τ²-bench's own verdict where the task can now pass (``task_success``),
or for the right next step, and for soundness: no failed turn, no violation, and each write right after
a yes to the proposal that named it. Other wordings than the tester's are played beside theirs.
"""

from __future__ import annotations

import pytest

from envs.taubench.data import TauBenchDataMissing, load_splits

try:
    load_splits()
except TauBenchDataMissing as e:  # pragma: no cover - the data package is a setup step
    pytest.skip(str(e), allow_module_level=True)

from envs.taubench.success import task_success
from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, seed, lines):
    sc = d.scenario(family, seed)
    return sc, play_messages(d, sc, d.make_target("reference", []), lines, "tau")


# --- D1: the order named by its item gets the address -------------------------------------------

YARA = "My name is Yara Silva, zip code 77159. I don't remember my email."


@pytest.mark.parametrize("first", [
    "Hi. I'd like to change my laptop order to be delivered to 555 Highland Drive, Suite 872, New York, NY 10116, and "
    "also modify the laptop to an i5 processor, 256GB SSD, space grey. And I'd like to exchange my watch to have a "
    "black dial but keep the leather strap.",
    "Please send the order with my laptop to 555 Highland Drive, Suite 872, New York, NY 10116. I also want my "
    "watch changed to a black dial with the leather strap.",
])
def test_the_address_goes_to_the_order_holding_the_item_named(d, first):
    _, t = _play(d, "several_pending_edits", 1000005, [first, YARA, "Yes, please.", "Yes, please.", "Yes."])
    _sound(t)
    addr = [a for n, a in _calls(t) if n == "modify_pending_order_address"]
    assert addr and addr[0]["order_id"] == "#W3730488", _said(t)  # the Espresso Machine + Laptop order
    assert addr[0]["zip"] == "10116"  # (not the zip said to verify the account)


def test_the_watch_order_gets_the_address_when_the_watch_order_is_named(d):
    _, t = _play(d, "several_pending_edits", 1000005, [
        "Please change the shipping address of my watch order to 555 Highland Drive, Suite 872, New York, NY 10116, and "
        "change the laptop to an i5 processor, 256GB SSD, space grey.", YARA, "Yes, please."])
    _sound(t)
    addr = [a for n, a in _calls(t) if n == "modify_pending_order_address"]
    assert addr and addr[0]["order_id"] == "#W9810810", _said(t)


# --- D2 / A: an address taken from the account --------------------------------------------------

IVAN = ["Hi! I made a mistake and sent an order to my son's address in Washington DC. I'd like to change it to my "
        "default address, since he's coming back home.",
        "Sure, I'm Ivan Khan and my zip code is 28243. I don't remember my email."]


@pytest.mark.parametrize("first", [
    IVAN[0],  # the tester's words
    "Please ship my Washington DC order to my default address instead.",
    "Change the shipping address of the order going to DC to the default address on my account.",
    "My order went to Washington by mistake; please send it to the address in my profile.",
])
def test_an_order_changed_to_the_default_address_takes_it_from_the_profile(d, first):
    _, t = _play(d, "several_pending_edits", 1000001, [first, IVAN[1], "Yes, please."])
    _sound(t)
    assert [(n, a["order_id"], a["address1"], a["zip"]) for n, a in _calls(t)] == [
        ("modify_pending_order_address", "#W5270061", "159 Hickory Lane", "28243")], _said(t)


def test_changing_the_default_address_itself_is_still_a_profile_update(d):
    _, t = _play(d, "several_pending_edits", 1000001, [
        "Please change my default address to 12 Oak Street, Dallas, TX 75201.", IVAN[1], "Yes."])
    _sound(t)
    assert [n for n, _ in _calls(t)] == ["modify_user_address"], _said(t)


YUSUF = ["Hi, I'd like to exchange my Bluetooth Speaker for the cheapest green one, and also change my LA order to be "
         "delivered to my NYC address.", "I'm Yusuf Li and my zip code is 91148. I don't know my email."]


@pytest.mark.parametrize("pointer", [
    "It's the address on my other order, could you please look it up there?",  # the tester's words
    "Please use the same address as my other order.",
    "Please use the New York address from my other order.",
    "It's in my other order. Could you look it up there?",
])
def test_an_address_on_another_order_is_looked_up_and_proposed_in_full(d, pointer):
    sc, t = _play(d, "several_pending_edits", 1000003, YUSUF + [pointer, "Yes.", "Yes."])
    _sound(t)
    assert "476 Maple Drive, Suite 432, New York, NY 10093" in _said(t)[2]  # proposed in full, for a yes
    assert task_success(sc, t.messages).success, _said(t)


def test_an_address_on_another_order_goes_to_the_order_named_by_its_item(d):
    _, t = _play(d, "several_pending_edits", 1000005, [
        "Hi. I'd like to change my laptop order to be delivered to my NYC address.", YARA,
        "It's the address on my other order, could you please look it up there?", "Yes, please."])
    _sound(t)
    assert [(n, a["order_id"], a["city"]) for n, a in _calls(t)] == [
        ("modify_pending_order_address", "#W3730488", "New York")], _said(t)


def test_an_address_typed_out_is_still_taken_as_typed(d):
    _, t = _play(d, "several_pending_edits", 1000003, YUSUF + ["It's 1 Elm Street, Boston, MA 02108.", "Yes."])
    _sound(t)
    assert [(n, a["address1"]) for n, a in _calls(t)] == [("modify_pending_order_address", "1 Elm Street")], _said(t)
