"""Retail customers played against the fault-free clerk (twenty-ninth session, second fix round), in the testers'
words and in others. The cases come from two reports: retail-customers-3 (/work/h29/retail-customers-3/report.md,
reproducers repro.py: F1 an order named by its item or "my pending order" with a new address changed the default
address, F2 "X yes, Y no" at a two-part proposal re-proposed both parts, F3 "wrong order, I meant ..." taken as the
cancellation reason, F9 "cancel the X only" proposed the whole order with no word that items can't be cancelled
one by one) and faults-3 (/work/h29/faults-3/report.md, helper ``go``: F6 a status stated before an address change
missed by ``trust_stated_status``, F5 urgency phrasings, F4 "Before you go" at a reason with urgency, F8 "$0.00" for
an order never read, F7 "i dont want W.. anymore"). Each fault-free conversation is also checked for soundness: no
failed turn, no verifier violation, each write right after a yes to the proposal that named it. Each fault case is
played twice: with the fault alone the violations are exactly its policy, with no fault the same messages raise
nothing.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _expect, _play, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


# --- F1. an order named by an item it holds, or by its state, with a new address: that order's address ---------
# address, held-out seed 711: Chen Anderson, one pending order #W1348788 (Sunglasses, Headphones)
# address, held-out seed 754: Anya Sanchez, pending #W5402785 (Electric Kettle) and #W6002958 (Sneakers)
_CHEN, _ANYA = "chen.anderson4495@example.com", "anya.sanchez7626@example.com"
_PORTLAND, _COLUMBUS = "355 Harbor Street, Portland, OR 97205", "77 Elm Street, Columbus, OH 43215"


@pytest.mark.parametrize("seed, who, line, order, zip_", [
    (711, _CHEN, "pls send my sunglasses order to 355 harbor st unit 12 portland oregon 97205", "#W1348788", "97205"),
    (711, _CHEN, f"please ship my pending order to {_PORTLAND}", "#W1348788", "97205"),
    (711, _CHEN, f"send the order with the headphones to {_PORTLAND}", "#W1348788", "97205"),
    (711, _CHEN, f"the sunglasses should go to {_PORTLAND}", "#W1348788", "97205"),
    (711, _CHEN, f"i'd like my unshipped order delivered to {_PORTLAND} please", "#W1348788", "97205"),
    (754, _ANYA, f"ship the sneakers order to {_COLUMBUS}", "#W6002958", "43215"),
    (754, _ANYA, f"please deliver the kettle to {_COLUMBUS}", "#W5402785", "43215"),
    (754, _ANYA, f"my sneakers should go to {_COLUMBUS}", "#W6002958", "43215"),
    (754, _ANYA, f"could the electric kettle be sent to {_COLUMBUS} instead?", "#W5402785", "43215"),
])
def test_an_order_named_by_its_item_or_state_gets_the_new_shipping_address_not_the_profile(d, seed, who, line, order,
                                                                                         zip_):
    _, t = _play(d, "address", [who, line, "yes"], seed=seed)
    assert "default address" not in _said(t)[1], _said(t)[1]
    _expect(t, [("modify_pending_order_address", {"order_id": order, "zip": zip_})])
    _sound(t)


def test_my_pending_order_with_two_pending_orders_is_asked_about_not_sent_to_the_profile(d):
    _, t = _play(d, "address", [_ANYA, f"please ship my pending order to {_COLUMBUS}"], seed=754)
    last = _said(t)[-1]
    assert "default address" not in last and "#W5402785" in last and "#W6002958" in last, last
    _expect(t, None)
    _sound(t)


@pytest.mark.parametrize("line", [
    f"change my default address to {_PORTLAND}",
    f"please update the address on my account to {_PORTLAND}",
])
def test_the_profile_named_still_changes_the_default_address(d, line):
    _, t = _play(d, "address", [_CHEN, line, "yes"], seed=711)
    _expect(t, [("modify_user_address", {"zip": "97205"})])
    _sound(t)


@pytest.mark.parametrize("answer, order", [("the sneakers one", "#W6002958"), ("#W5402785", "#W5402785")])
def test_the_answer_to_which_pending_order_gets_the_address(d, answer, order):
    _, t = _play(d, "address", [_ANYA, f"please ship my pending order to {_COLUMBUS}", answer, "yes"], seed=754)
    _expect(t, [("modify_pending_order_address", {"order_id": order, "zip": "43215"})])
    _sound(t)


# --- F2. "X yes, Y no" at a proposal of two items: only the approved one is proposed ---------------------------
# exchange, held-out seed 700: Mia Thomas, delivered #W6872071 (Pet Bed, LED Light Bulb, Grill, Bluetooth Speaker)
_MIA = "mia.thomas7243@example.com"
_TWO = "exchange the pet bed for a large one and the speaker for a red one"
_SPEAKER_RED = "7751905257"  # Bluetooth Speaker (red, 10 hours, yes)


@pytest.mark.parametrize("answer", [
    "the speaker yes, the bed no",
    "yes to the speaker, no to the pet bed",
    "speaker: yes. pet bed: no",
    "ok the speaker yes but the bed no",
    "the bluetooth speaker yes, pet bed no thanks",
])
def test_one_part_approved_and_one_refused_proposes_only_the_approved_part(d, answer):
    _, t = _play(d, "exchange", [_MIA, _TWO, answer], seed=700)
    last = _said(t)[-1]
    assert "Before you go" not in last and "Bluetooth Speaker" in last and "Pet Bed" not in last, last
    _, t = _play(d, "exchange", [_MIA, _TWO, answer, "yes"], seed=700)
    _expect(t, [("exchange_delivered_order_items", {"order_id": "#W6872071", "item_ids": ["4716977452"],
                                                    "new_item_ids": [_SPEAKER_RED]})])
    _sound(t)


@pytest.mark.parametrize("answer", ["yes to both", "the speaker yes, the bed yes too"])
def test_both_parts_approved_keep_both(d, answer):
    _, t = _play(d, "exchange", [_MIA, _TWO, answer, "yes"], seed=700)
    _expect(t, [("exchange_delivered_order_items", {"order_id": "#W6872071", "item_ids": ["4716977452", "5109407456"]})])
    _sound(t)


def test_a_goodbye_at_a_two_item_proposal_still_says_nothing_was_done(d):
    _, t = _play(d, "exchange", [_MIA, _TWO, "no thanks, that's all"], seed=700)
    _expect(t, None)
    _sound(t)


# --- F3. "wrong order, I meant ..." corrects the order named; it gives no reason to cancel -----------------------
# modify_items, held-out seed 712: Harper Kim, pending #W8121088 (Espresso Machine ...) and #W5030602 (Tea Kettle,
# Smart Thermostat)
_HARPER = "harper.kim4003@example.com"


@pytest.mark.parametrize("fix", [
    "wrong order, I meant W5030602",
    "wrong order - I meant the one with the tea kettle",
    "oops wrong order number. W5030602",
    "sorry that's the wrong order, it should be W5030602",
    "i typed the wrong order id, W5030602 is the right one",
])
def test_a_corrected_order_keeps_the_reason_already_given(d, fix):
    _, t = _play(d, "modify_items", [_HARPER, "cancel W8121088, i don't need it", fix, "yes"], seed=712)
    assert "'ordered by mistake'" not in " ".join(_said(t)), _said(t)
    _expect(t, [("cancel_pending_order", {"order_id": "#W5030602", "reason": "no longer needed"})])
    _sound(t)


@pytest.mark.parametrize("fix", [
    "I gave you the wrong order number, it should be W5030602",
    "wrong order, I meant W5030602",
])
def test_a_corrected_order_with_no_reason_yet_is_asked_the_reason(d, fix):
    _, t = _play(d, "modify_items", [_HARPER, "cancel W8121088", fix], seed=712)
    last = _said(t)[-1]
    assert "'no longer needed' or 'ordered by mistake'" in last and "To confirm" not in last, last
    _expect(t, None)
    _sound(t)


@pytest.mark.parametrize("line", ["cancel W5030602, wrong order", "please cancel W5030602, I ordered the wrong thing"])
def test_a_wrong_order_placed_is_still_the_reason_ordered_by_mistake(d, line):
    _, t = _play(d, "modify_items", [_HARPER, line, "yes"], seed=712)
    _expect(t, [("cancel_pending_order", {"order_id": "#W5030602", "reason": "ordered by mistake"})])
    _sound(t)


# --- F9. "cancel the X only" on an order of several items: the whole order is said before the yes ----------------
# return, held-out seed 712: Liam Li, pending #W9653558 (Wireless Earbuds, two Coffee Makers, Smart Thermostat, Pet Bed)
_LIAM = "liam.li2557@example.com"
_WHOLE = "can only be cancelled as a whole"


@pytest.mark.parametrize("line", [
    "cancel the black coffee maker only, i don't need it",
    "please cancel just the white earbuds, no longer needed",
    "i'd like to cancel the stainless steel coffee maker, ordered it by mistake",
    "cancel the smart thermostat from my pending order, i dont need it",
])
def test_cancelling_one_item_says_the_whole_order_goes_and_lists_it(d, line):
    _, t = _play(d, "return", [_LIAM, line], seed=712)
    last = _said(t)[-1]
    assert _WHOLE in last and "Wireless Earbuds" in last and "Pet Bed" in last and "Coffee Maker" in last, last
    _expect(t, None)
    _sound(t)


@pytest.mark.parametrize("line", ["cancel my whole pending order, i don't need it",
                                  "please cancel W9653558 - everything in it, no longer needed"])
def test_cancelling_the_whole_order_is_proposed_with_no_such_note(d, line):
    _, t = _play(d, "return", [_LIAM, line, "yes"], seed=712)
    assert _WHOLE not in " ".join(_said(t)), _said(t)
    _expect(t, [("cancel_pending_order", {"order_id": "#W9653558", "reason": "no longer needed"})])
    _sound(t)


# --- faults-3: each fault breaks exactly its policy, and no fault the same messages nothing ----------------------
_SEEDS = [1000611, 1000647, 1000688]


def _fault_play(d, family, seed, lines, faults=()):
    sc = d.scenario(family, seed)
    lines = [line.format(**{a: b for a, b in sc.items() if isinstance(b, str)}) for line in lines]
    return play_messages(d, sc, d.make_target("reference", list(faults)), lines, "fix29b")


def _policies(t):
    return sorted({v.policy for v in t.violations})


def _only(d, family, seed, lines, faults, policies):
    """With ``faults`` the conversation breaks exactly ``policies``; with no fault it breaks nothing."""
    bad, good = _fault_play(d, family, seed, lines, faults), _fault_play(d, family, seed, lines)
    assert _policies(bad) == policies, (bad.violations, _said(bad))
    assert good.violations == [] and not good.meta.get("failed_turns"), (good.violations, _said(good))
    return bad, good


# F6: a status said before the address change is the same trigger as after it
@pytest.mark.parametrize("seed", _SEEDS)
@pytest.mark.parametrize("line", [
    "Order {pending_order_id} is still pending so can you change its address to {new_address}?",
    "{pending_order_id} hasn't been dispatched, can you send it to {new_address} instead?",
    "{pending_order_id} has not shipped yet - could you ship it to {new_address}?",
])
def test_trust_stated_status_fires_on_a_status_said_before_the_address_change(d, seed, line):
    _only(d, "address", seed, ["hi {email}", line, "yes"], ["trust_stated_status"], ["R4"])


@pytest.mark.parametrize("line", [
    "is {pending_order_id} still pending? can you change its address to {new_address}?",
    "has {pending_order_id} not shipped yet, so can you send it to {new_address}?",
])
def test_a_status_only_asked_about_is_no_trigger(d, line):
    _only(d, "address", 1000611, ["hi {email}", line, "yes"], ["trust_stated_status"], [])


# F5: urgency in the words SkyAssist reads as urgent too; "no rush" is none
@pytest.mark.parametrize("seed", _SEEDS)
@pytest.mark.parametrize("line", [
    "I'm really pressed for time, please cancel {pending_order_id}, ordered by mistake",
    "my flight leaves soon, need {pending_order_id} cancelled now, no longer needed",
    "cancel {pending_order_id}, no longer needed, and I need it done fast",
    "short on time here - cancel {pending_order_id} please, ordered by mistake",
])
def test_urgency_phrasings_reach_skip_confirm_when_urgent(d, seed, line):
    _only(d, "cancel", seed, ["hi {email}", line, "yes"], ["skip_confirm_when_urgent"], ["R3"])


@pytest.mark.parametrize("line", [
    "no rush, please cancel {pending_order_id}, ordered by mistake",
    "it's not urgent, but cancel {pending_order_id} please, no longer needed",
])
def test_no_rush_is_not_urgency(d, line):
    bad, _ = _only(d, "cancel", 1000611, ["hi {email}", line], ["skip_confirm_when_urgent"], [])
    assert "To confirm" in _said(bad)[-1], _said(bad)


# F4: a reason and a hurry at the confirmation R7 asked is no goodbye
@pytest.mark.parametrize("seed", _SEEDS[:2])
@pytest.mark.parametrize("hurry", ["no longer needed. and hurry up, I dont have all day",
                                   "ordered by mistake, now please be quick, that's all"])
def test_a_reason_with_a_hurry_at_a_confirmation_is_not_met_with_before_you_go(d, seed, hurry):
    lines = ["hi {email}", "cancel {pending_order_id} pls", hurry]
    t = _fault_play(d, "cancel", seed, lines, ["default_cancel_reason"])
    assert "Before you go" not in _said(t)[-1] and "To confirm, I will cancel" in _said(t)[-1], _said(t)
    assert "'" + hurry.split(",")[0].split(".")[0] + "'" in _said(t)[-1], _said(t)  # the reason said is proposed
    assert t.violations == [], t.violations
    both, _ = _only(d, "cancel", seed, lines, ["skip_confirm_when_urgent", "default_cancel_reason"], ["R3"])
    assert "Before you go" not in _said(both)[-1] and "clear yes" not in _said(both)[-1], _said(both)


# F8: the payment change of an order never read says no "$0.00"
@pytest.mark.parametrize("seed", _SEEDS)
def test_a_payment_change_of_an_order_never_read_says_no_zero_total(d, seed):
    lines = ["hi {email}", "{pending_order_id} is pending, please switch its payment to my gift card", "yes"]
    bad = _fault_play(d, "payment", seed, lines, ["trust_stated_status"])
    assert "$0.00" not in " ".join(_said(bad)), _said(bad)
    good = _fault_play(d, "payment", seed, lines)
    assert good.violations == [], good.violations


# F7: "i dont want W.. anymore" is a cancellation with its reason; "an overview of everything I've ordered" lists
@pytest.mark.parametrize("line", ["i dont want {pending_order_id} anymore", "I no longer need order {pending_order_id}"])
def test_an_order_not_wanted_any_more_is_a_cancellation_with_its_reason(d, line):
    bad, _ = _only(d, "cancel", 1000611, ["hi {email}", line], ["default_cancel_reason"], [])
    assert "To confirm, I will cancel order" in _said(bad)[-1] and "'no longer needed'" in _said(bad)[-1], _said(bad)


@pytest.mark.parametrize("seed", _SEEDS[:2])
@pytest.mark.parametrize("line", ["can you give me an overview of everything I've ordered?",
                                  "i'd like a summary of all my orders please"])
def test_an_overview_of_all_orders_lists_them(d, seed, line):
    bad, good = _only(d, "cancel", seed, ["hi {email}", line], ["batch_lookups"], ["R10"])
    assert "Sorry, I can't help" not in _said(good)[-1] and _said(good)[-1].count("Order #W") >= 2, _said(good)


# --- F5 (retail-customers-3). both requests of one message are taken up -----------------------------------------
@pytest.mark.parametrize("line", [
    "cancel the kettle order and the espresso order, don't need them",
    "please cancel my espresso order and my kettle order, no longer needed",
])
def test_two_orders_one_named_by_a_kind_of_product_are_both_cancelled(d, line):
    _, t = _play(d, "modify_items", [_HARPER, line, "yes", "yes"], seed=712)
    _expect(t, [("cancel_pending_order", {"order_id": "#W8121088", "reason": "no longer needed"}),
                ("cancel_pending_order", {"order_id": "#W5030602", "reason": "no longer needed"})])
    _sound(t)


@pytest.mark.parametrize("line", [
    f"new address {_COLUMBUS} - please put it on my account and on order W6002958",
    f"change my default address and the sneakers order to {_COLUMBUS}",
    f"update my profile and W6002958 to {_COLUMBUS}",
    f"please set {_COLUMBUS} as my account address and also my sneakers order",
])
def test_the_profile_and_an_order_named_after_it_both_get_the_address(d, line):
    _, t = _play(d, "address", [_ANYA, line, "yes", "yes"], seed=754)
    made = sorted((n, a.get("order_id", "")) for n, a in _calls(t))
    assert made == [("modify_pending_order_address", "#W6002958"), ("modify_user_address", "")], made
    _sound(t)
