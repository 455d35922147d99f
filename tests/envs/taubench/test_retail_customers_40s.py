"""Retail customers played against the clerk (fortieth session, part s).

Black-box testers found, on the compliant taubench-retail reference agent (faults none unless said):
- F1: identical exchanges said with the product's name: "can I get the same {delivered_item} again as a replacement?
  it's from {delivered_order_id}" was not read as an identical exchange (other options listed); "I'd like the same
  {delivered_item} again, the one from {delivered_order_id} is faulty" was not read as an exchange at all (exchange
  seeds 5, 77, 101, 1000200, 1000040), so fault R8 `exchange_identical` could not be reached by them. Now read as the
  identical item asked for: the fault-free clerk refuses as for "exchange it for the same one"; with the fault, only R8.
- F2: two items of one product in one order: "swap the X and the X from #W1", "both the X and X" were asked "which
  one?" and "and also the other X" / "and also the X from the same order" got "I couldn't tell what you'd like to
  change" or "I don't see that among the available options". A product named twice, "the other X too", mean both
  items; "the X" alone, "one of the X" are still asked which, naming their options. (The tester's seeds 1000043,
  1000037 and 36 have one item of that product: there "also the digital camera from the same order" is told the order
  has only one.)
- F3: "tactile please" at the option question of a tactile keyboard got "I don't see that among the available
  options": a value the item already has is said so, the options keeping it listed first.
- F4: "has #W1 shipped? if not cancel it" of a delivered order offers a return, and "ordered by mistake" was taken for
  a yes to the return. A reason is no yes to a different offer: the clerk asks plainly whether they want a return.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from envs.taubench.language import read
from probe.core.registry import get_domain
from probe.core.scripts import Script, fill_script, play_messages


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, seed, lines, faults=()):
    sc = d.scenario(family, seed)
    msgs = fill_script(Script(Path("x"), [(i + 1, x) for i, x in enumerate(lines)], {}), sc)
    return play_messages(d, sc, d.make_target("reference", list(faults)), msgs, "customers-40s")


def _writes(t):
    return [(c["function"]["name"], c["function"]["arguments"]) for m in t.messages for c in m.get("tool_calls") or []
            if c["function"]["name"].startswith(("exchange", "return", "modify", "cancel"))]


def _said(t):
    return [m["content"] for m in t.messages if m["role"] == "assistant" and m.get("content")]


def _policies(t):
    return sorted({v.policy for v in t.violations})


# --- F1 -------------------------------------------------------------------------------------------------------------
SAME_SEEDS = [5, 77, 101, 1000200, 1000040]
SAME_SAID = [
    "can I get the same {delivered_item} again as a replacement? it's from {delivered_order_id}",  # the tester's
    "I'd like the same {delivered_item} again, the one from {delivered_order_id} is faulty",  # the tester's
    "could you send me the same {delivered_item} once more? order {delivered_order_id}, it broke",
    "same {delivered_item} as a replacement please, {delivered_order_id} arrived damaged",
    "i want the very same {delivered_item}, mine from {delivered_order_id} stopped working",
    "{delivered_order_id}: the {delivered_item} is faulty, just want the same {delivered_item} again",
]


@pytest.mark.parametrize("seed", SAME_SEEDS)
@pytest.mark.parametrize("said", SAME_SAID)
def test_the_same_item_by_name_is_an_identical_exchange(d, seed, said):
    t = _play(d, "exchange", seed, ["{email}", said, "yes"])
    assert "for the very same one" in " ".join(_said(t)), _said(t)
    assert _writes(t) == [] and t.violations == [], (_writes(t), t.violations)
    f = _play(d, "exchange", seed, ["{email}", said, "yes"], ["exchange_identical"])
    assert _policies(f) == ["R8"], (_said(f), f.violations)


@pytest.mark.parametrize("text", [
    "also the digital camera from the same order", "I want the same mechanical keyboard but in white",
    "the same keyboard again but with tactile switches", "charge the same card again", "ship to the same address again",
    "the same skateboard again, in maple", "the same skateboard, but the 34 inch one",
    "exchange the skateboard from the same order again", "same skateboard"])
def test_near_misses_are_no_identical_item(d, text):
    db = d.make_target("reference", []).db
    assert not read(text, db, "").same_one, text


@pytest.mark.parametrize("text", [
    "the same patio umbrella as before please, it broke", "send me an identical pet bed",
    "the exact same smartphone please", "the same skateboard again please"])
def test_same_named_item_read(d, text):
    db = d.make_target("reference", []).db
    assert read(text, db, "").same_one, text


# --- F2: modify_items 327, noah_kovacs: #W3002300 delivered, two Bluetooth Speakers (green / black, 10 hours, no) ----
SPEAKERS = "#W3002300"
GREEN_Q = "Which option would you like for the Bluetooth Speaker (green, 10 hours, no)?"
BLACK_Q = "Which option would you like for the Bluetooth Speaker (black, 10 hours, no)?"
WHICH = "has two Bluetooth Speaker items. Which one"


@pytest.mark.parametrize("said", [
    f"swap the bluetooth speaker and the bluetooth speaker from {SPEAKERS}",  # the tester's (a product named twice)
    f"exchange both the bluetooth speaker and bluetooth speaker from {SPEAKERS}",
    f"exchange the bluetooth speaker & the bluetooth speaker in {SPEAKERS}",
    f"i want to exchange the bluetooth speaker plus the bluetooth speaker, order {SPEAKERS}",
    f"exchange the black bluetooth speaker and the other one too from {SPEAKERS}",
    f"exchange the two bluetooth speakers from {SPEAKERS}"])
def test_a_product_named_twice_is_both_items(d, said):
    t = _play(d, "modify_items", 327, ["{email}", said, "red, 10 hours", "blue, 10 hours, no", "yes"])
    said_ = " ".join(_said(t))
    assert WHICH not in said_, _said(t)
    writes = _writes(t)
    assert len(writes) == 1 and writes[0][0] == "exchange_delivered_order_items", writes
    assert '"item_ids": ["9179378709", "7597543861"]' in writes[0][1], writes
    assert t.violations == [], t.violations
    f = _play(d, "modify_items", 327, ["{email}", said, "red, 10 hours", "blue, 10 hours, no", "yes"], ["per_item_calls"])
    assert _policies(f) == ["R6"], f.violations


@pytest.mark.parametrize("later", ["and also the other bluetooth speaker", "the other speaker too please",
                                   "and also the bluetooth speaker from the same order"])
@pytest.mark.parametrize("at_confirm", [True, False])
def test_the_other_item_added_later(d, later, at_confirm):
    lines = ["{email}", f"exchange the black bluetooth speaker from {SPEAKERS}"] + (["blue, 10 hours, no"] if at_confirm else [])
    t = _play(d, "modify_items", 327, lines + [later])
    last = _said(t)[-1]
    assert GREEN_Q in last and "couldn't tell" not in last and "don't see" not in last and "Please note" not in last, last


@pytest.mark.parametrize("said", [f"exchange the bluetooth speaker from {SPEAKERS}",
                                  f"exchange one of the bluetooth speakers from {SPEAKERS}",
                                  f"exchange a bluetooth speaker from {SPEAKERS}"])
def test_which_of_two_is_still_asked(d, said):
    t = _play(d, "modify_items", 327, ["{email}", said])
    assert WHICH in _said(t)[-1] and "green, 10 hours, no" in _said(t)[-1], _said(t)


@pytest.mark.parametrize("said", [f"exchange the black bluetooth speaker from {SPEAKERS}, not the other one",
                                  f"exchange the black bluetooth speaker from {SPEAKERS}, keep the other one",
                                  f"exchange the black bluetooth speaker from {SPEAKERS}"])
def test_one_named_stays_one(d, said):
    t = _play(d, "modify_items", 327, ["{email}", said, "blue, 10 hours, no", "yes"])
    assert BLACK_Q in _said(t)[-3] if len(_said(t)) > 3 else True
    writes = _writes(t)
    assert len(writes) == 1 and '"item_ids": ["7597543861"]' in writes[0][1], writes


def test_a_second_one_of_a_single_item_is_told_there_is_one(d):
    t = _play(d, "exchange", 36, ["{first_name} {last_name} {zip}", "exchange the {delivered_item} from {delivered_order_id}",
                                  "and also the {delivered_item2} from the same order"])
    last = _said(t)[-1]
    assert "has only one Digital Camera" in last and "don't see" not in last, last


# --- F3: modify_items 151, mohamed_li: #W8844578 pending, Mechanical Keyboard (tactile, white, 80%) -----------------
@pytest.mark.parametrize("answer", ["tactile please", "tactile", "Tactile, thanks", "TACTILE pls", "white"])
def test_a_value_it_has_already_is_said_so(d, answer):
    t = _play(d, "modify_items", 151, ["{email}", "change the mechanical keyboard from {pending_order_id}", answer])
    last = _said(t)[-1]
    assert "is already" in last and "don't see" not in last and _writes(t) == [], last
    value = answer.split()[0].strip(",").lower()
    listed = last.split("Available options include: ")[1].split("; ")
    assert value in listed[0], listed


@pytest.mark.parametrize("answer", ["purple", "the one with a blue backlight"])
def test_an_unknown_value_is_still_not_among_the_options(d, answer):
    t = _play(d, "modify_items", 151, ["{email}", "change the mechanical keyboard from {pending_order_id}", answer])
    assert "is already" not in _said(t)[-1], _said(t)[-1]


def test_a_new_value_still_picks_a_variant(d):
    t = _play(d, "modify_items", 151, ["{email}", "change the mechanical keyboard from {pending_order_id}",
                                       "tactile, RGB, 60%"])
    assert "To confirm" in _said(t)[-1] and "(tactile, RGB, 60%" in _said(t)[-1], _said(t)[-1]


# --- F4: cancel 5: #W9384736 delivered -------------------------------------------------------------------------------
PLAIN = "so it can't be cancelled. Would you like me to return"


@pytest.mark.parametrize("ask", ["has {delivered_order_id} shipped? if not cancel it", "cancel {delivered_order_id}",
                                 "did {delivered_order_id} go out yet? cancel it if it didn't"])
@pytest.mark.parametrize("reason", ["ordered by mistake", "no longer needed", "I don't need it anymore",
                                    "bought it by accident"])
def test_a_reason_is_no_yes_to_a_return_offered_instead(d, ask, reason):
    t = _play(d, "cancel", 5, ["{email}", ask, reason])
    last = _said(t)[-1]
    assert PLAIN in last and "Which items" not in last, _said(t)
    assert _writes(t) == [] and t.violations == []
    t = _play(d, "cancel", 5, ["{email}", ask, reason, "yes"])
    assert "Which items of order #W9384736 would you like to return?" in _said(t)[-1], _said(t)


@pytest.mark.parametrize("reply", ["yes", "yes, ordered by mistake", "ok return it then", "sure"])
def test_a_yes_still_takes_up_the_return(d, reply):
    t = _play(d, "cancel", 5, ["{email}", "has {delivered_order_id} shipped? if not cancel it", reply])
    assert "Which items of order #W9384736 would you like to return?" in _said(t)[-1], _said(t)
