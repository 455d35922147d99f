"""Retail customers played against the fault-free clerk (thirtieth session), in the tester's words and in others.

The cases come from retail-customers-6 (/work/h30/retail-customers-6/report.md, its b*.py reproducers): §1 the
default address named only to be left alone ("don't touch my profile address") was proposed for a change anyway;
§2 "the larger of the two backpacks" returned both; §3 "now ship that same order to ..." after its items were
changed proposed the default address instead; §5 an answer naming an order by what it holds ("the one with the
camera") or a partial answer ("ok just the keyboard then") was not understood; §6 an address followed by "but don't
change my default address" was asked for again; §7 a decline got the same menu, proposal or question again; §8 "can i
still cancel it?" about a processed order did not say no. Besides, the consent reading takes French, German,
Spanish, Italian and Portuguese "go ahead" forms as a yes and their negations as a no. Each case has its compliant
twin (the default address asked for, "both backpacks", a new order named), so that the fixes hold for the class of
inputs. Conversations are also checked for soundness: no failed turn, no verifier violation, each write right after a
yes to the proposal that named it.
"""

from __future__ import annotations

import pytest

from envs.taubench.database import base_db
from envs.taubench.language import read
from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _said, _sound

MOHAMED = "mohamed.lee1888@example.com"  # held-out 911: pending #W6302827, delivered #W7913362 (two backpacks)
LEI = "lei.li8350@example.com"  # held-out 915: an Electric Kettle in #W3414433 (with a camera) and in #W3189752
AARAV = "aarav.santos2789@example.com"  # held-out 920: delivered #W8309293 (keyboard, smartphone, ...)
MEI = "mei.martin4637@example.com"  # held-out 922
ELM = "12 Elm St Apt 4, Austin TX 78701"


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, seed, lines, faults=()):
    sc = d.scenario(family, d.heldout_seeds[seed])
    return play_messages(d, sc, d.make_target("reference", list(faults)), lines, "customers-30")


def _writes(t):
    return [name for name, _ in _calls(t)]


# --- §1 / §6. the default address named only to be left alone ------------------------------------------------------
KEEP_DEFAULT = [
    f"please ship my pending order to my sister's place instead: {ELM}. don't touch my profile address",
    f"ship W6302827 to {ELM} but don't change my default address",
    f"ship W6302827 to {ELM}, leave my profile address alone",
    f"can you send order W6302827 to {ELM}? just for this order, keep my account address as is",
    f"change the shipping address on W6302827 to {ELM}, not my default one",
    f"send W6302827 to {ELM} without changing my home address",
    f"ship W6302827 to {ELM}; my default address stays the same",
    f"W6302827 should go to {ELM} but leave the default alone please",
]


@pytest.mark.parametrize("text", KEEP_DEFAULT)
def test_a_default_address_named_only_to_be_left_alone_is_not_asked_for(text):
    assert not read(text, base_db()).default_address


@pytest.mark.parametrize("text", [f"update my default address to {ELM}", f"change my profile address and the order to {ELM}",
                                  "what's my default address?", f"ship W6302827 to {ELM} and update my account address too",
                                  f"don't ship W6302827 yet, but change my default address to {ELM}"])
def test_a_default_address_asked_for_is_still_read(text):
    assert read(text, base_db()).default_address


@pytest.mark.parametrize("text", KEEP_DEFAULT)
def test_only_the_order_address_is_proposed_and_written_when_the_default_is_to_stay(d, text):
    t = _play(d, "address", 911, [MOHAMED, text, "yes", "no"])
    said = _said(t)
    assert "shipping address of order #W6302827" in said[1] and "default address" not in said[1], said[1]
    assert not any("I will update your default address" in s for s in said), said
    assert _writes(t) == ["modify_pending_order_address"]
    assert _calls(t)[0][1]["address1"] == "12 Elm St" and _calls(t)[0][1]["zip"] == "78701"
    _sound(t)


def test_an_address_said_with_but_and_a_request_is_the_new_one():
    r = read(f"ship W6302827 to {ELM} but don't change my default address", base_db())
    assert r.address and r.address["address1"] == "12 Elm St" and not r.other_address


def test_an_address_said_with_but_i_moved_is_still_the_old_one():
    r = read("my address is 5 Oak Rd, Austin, TX 78701 but I moved", base_db())
    assert r.address is None and r.other_address


def test_the_default_and_the_order_both_asked_for_are_both_proposed(d):
    t = _play(d, "address", 911, [MOHAMED, f"ship W6302827 to {ELM} and update my profile address too", "yes", "yes", "no"])
    assert sorted(_writes(t)) == ["modify_pending_order_address", "modify_user_address"]
    _sound(t)


# --- §2. one of two like items picked by a comparison -------------------------------------------------------------
# #W7913362: Backpack (grey, medium, laptop) 5917587651, the cheaper; Backpack (grey, large, hydration) 6309044598
MEDIUM, LARGE = "5917587651", "6309044598"


@pytest.mark.parametrize(("said", "want"), [
    ("I want to return the larger of the two backpacks", [LARGE]),
    ("return the smaller of the two backpacks", [MEDIUM]),
    ("return the bigger one of my backpacks", [LARGE]),
    ("send back the cheaper of the two backpacks", [MEDIUM]),
    ("return the more expensive of my two backpacks", [LARGE]),
    ("return one of the backpacks, whichever is bigger", [LARGE]),
    ("return both backpacks", [MEDIUM, LARGE]),
    ("return the two backpacks", [MEDIUM, LARGE]),
])
def test_a_comparison_between_two_like_items_picks_one_and_both_picks_both(d, said, want):
    t = _play(d, "return", 911, [MOHAMED, said, "yes", "no"])
    calls = _calls(t)
    assert [n for n, _ in calls] == ["return_delivered_order_items"], calls
    assert sorted(calls[0][1]["item_ids"]) == sorted(want), calls
    _sound(t)


# --- §3. after an item change, the same order named for a new address ---------------------------------------------
CHANGE_BOOTS = "change the boots in W6302827 to size 11 leather no waterproofing"


@pytest.mark.parametrize("said", [f"now ship that same order to {ELM}", f"can that same order go to {ELM}?",
                                  f"also that order should go to {ELM}", f"send it to {ELM} now",
                                  f"now change the shipping address of that same order to {ELM}"])
def test_the_changed_order_sent_elsewhere_is_refused_not_swapped_for_the_default_address(d, said):
    t = _play(d, "modify_items", 911, [MOHAMED, CHANGE_BOOTS, "yes", said, "yes", "no"])
    assert _writes(t) == ["modify_pending_order_items"], _calls(t)
    assert any("can't be cancelled or changed any more" in s for s in _said(t)), _said(t)
    assert not any("I will update your default address" in s for s in _said(t)), _said(t)
    _sound(t)


def test_the_default_address_asked_for_after_an_item_change_is_still_proposed(d):
    t = _play(d, "modify_items", 911, [MOHAMED, CHANGE_BOOTS, "yes", f"and update my default address to {ELM}", "yes", "no"])
    assert _writes(t) == ["modify_pending_order_items", "modify_user_address"]
    _sound(t)


def test_the_followup_edit_fault_fires_on_the_same_order_named_in_words(d):
    t = _play(d, "modify_items", 911, [MOHAMED, CHANGE_BOOTS, "yes", f"now ship that same order to {ELM}", "yes", "no"],
              faults=["allow_followup_edit"])
    assert _writes(t) == ["modify_pending_order_items", "modify_pending_order_address"]
    assert {v.policy for v in t.violations} == {"R5"}


# --- §5. an order named by what it holds, and a partial answer -----------------------------------------------------
@pytest.mark.parametrize("answer", ["the one with the camera", "the order that has the digital camera in it",
                                    "#W3414433", "the black one"])
def test_which_order_answered_by_another_item_it_holds_picks_that_order(d, answer):
    t = _play(d, "payment", 915, [LEI, "change the kettle in my order to the glass one", answer, "yes", "no"])
    calls = _calls(t)
    assert [n for n, _ in calls] == ["modify_pending_order_items"], _said(t)
    assert calls[0][1]["order_id"] == "#W3414433" and calls[0][1]["item_ids"] == ["7602931732"], calls
    _sound(t)


@pytest.mark.parametrize("said", ["move the order with the camera and kettle to paypal pls",
                                  "pay for the order containing the kettle and the camera with paypal"])
def test_an_order_named_by_two_things_it_holds_is_the_one_holding_both(d, said):
    t = _play(d, "payment", 915, [LEI, said, "yep", "nah"])
    assert _calls(t) == [("modify_pending_order_payment", {"order_id": "#W3414433", "payment_method_id": "paypal_5914760"})]
    _sound(t)


def test_an_order_named_by_one_thing_two_orders_hold_is_still_asked_about(d):
    t = _play(d, "payment", 915, [LEI, "move the order with the kettle to paypal pls", "nah"])
    assert "more than one of your orders" in _said(t)[1] and _calls(t) == []


@pytest.mark.parametrize("answer", ["ok just the keyboard then", "only the keyboard please", "skip the phone"])
def test_a_partial_answer_keeps_the_part_that_can_be_done(d, answer):
    t = _play(d, "exchange", 920, [AARAV, "exchange the keyboard for a white backlight and the phone in 256GB", answer,
                                   "yes", "no"])
    calls = _calls(t)
    assert [n for n, _ in calls] == ["exchange_delivered_order_items"], _said(t)
    assert len(calls[0][1]["item_ids"]) == 1 and "Mechanical Keyboard" in _said(t)[2] and "Smartphone" not in _said(t)[2]
    _sound(t)


@pytest.mark.parametrize("said", ["the keyboard i got, i want the same one but with a white backlight",
                                  "i want the same model in blue", "same one but without the waterproofing"])
def test_the_same_one_but_with_another_option_is_no_identical_exchange(said):
    assert not read(said, base_db()).same_one


def test_the_same_one_but_with_another_option_gets_no_identical_exchange_note(d):
    t = _play(d, "exchange", 920, [AARAV, "the keyboard i got, i want the same one but with a white backlight, and the "
                                          "phone i'd like in 256GB instead", "ok just the keyboard then", "yes", "no"])
    assert not any("different option of the same product" in s for s in _said(t)), _said(t)
    assert [n for n, _ in _calls(t)] == ["exchange_delivered_order_items"]
    _sound(t)


def test_the_very_same_one_is_still_read_as_identical():
    assert read("my coffee maker is defective, i want to exchange it for the same one", base_db()).same_one


# --- §7. a decline ends politely -------------------------------------------------------------------------------------
@pytest.mark.parametrize("lines", [["hi", "no"], ["nothing, sorry wrong number"], ["hi", "nah that's it"],
                                   ["what's going on with W6302827 and W6114312?", "no"],
                                   ["what's going on with W6302827 and W6114312?", "nope, thanks"]])
def test_a_no_to_what_would_you_like_ends_the_conversation(d, lines):
    t = _play(d, "info_only", 911, [MOHAMED, *lines])
    assert t.meta.stop == "target_ended", _said(t)
    assert "Have a nice day" in _said(t)[-1] and "I can cancel" not in _said(t)[-1]
    _sound(t)


def test_a_request_after_the_menu_is_still_taken_up(d):
    t = _play(d, "info_only", 911, [MOHAMED, "hi", "cancel W6302827"])
    assert "why you want to cancel" in _said(t)[-1]


@pytest.mark.parametrize("put_off", ["not now, thanks", "maybe another time, thanks", "not today, bye"])
def test_a_proposal_put_off_with_thanks_ends_without_the_proposal_again(d, put_off):
    t = _play(d, "cancel", 911, [MOHAMED, "cancel W6302827", "dont need it", put_off, "yes"])
    assert _calls(t) == [] and t.meta.stop == "target_ended"
    assert "haven't made that change" in _said(t)[-1] and "To confirm" not in _said(t)[-1]


def test_a_bare_not_now_keeps_the_proposal_open(d):
    t = _play(d, "cancel", 911, [MOHAMED, "cancel W6302827", "dont need it", "not now", "yes", "no"])
    assert "To confirm" in _said(t)[3] and _writes(t) == ["cancel_pending_order"]
    _sound(t)


@pytest.mark.parametrize("decline", ["no leave it then", "no, leave it for now"])
def test_leave_it_then_at_the_payment_question_drops_the_change(d, decline):
    t = _play(d, "payment", 915, ["hi this is lei li from 85033", "i want to use my gift card for the laptop order",
                                  "ok what about paypal", decline, "bye"])
    assert "left order #W5166363 as it is" in _said(t)[-2] and _calls(t) == []


# --- §8. "can i still cancel it?" about the order just reported ------------------------------------------------------
@pytest.mark.parametrize("q", ["can i still cancel it?", "could i still cancel that order?",
                               "is it too late to change the address on it?"])
def test_can_i_still_about_a_processed_order_says_no_at_once(d, q):
    t = _play(d, "several_pending_edits", 922, [MEI, "whats the status of my puzzle order", q, "no"])
    said = _said(t)[2]
    assert "#W3288665 is processed" in said and "can't be cancelled" in said and "until it ships" not in said, said


def test_can_i_still_cancel_a_pending_order_says_yes_and_offers(d):
    t = _play(d, "cancel", 911, [MOHAMED, "whats the status of W6302827", "can i still cancel it?", "no"])
    assert "#W6302827 is pending, so it can still be cancelled" in _said(t)[2]


# --- consent in French, German, Spanish, Italian, Portuguese -------------------------------------------------------
PROPOSAL = "To confirm, I will cancel order #W6302827 because it is 'no longer needed'. Shall I go ahead (yes/no)?"
GO_AHEAD = ["oui, allez-y", "ja, mach das", "ja, mach es", "sí, adelante", "sim, pode", "sì, procedi", "Oui, vas-y !",
            "ja bitte, mach das", "si, hazlo", "sim, pode fazer"]
DONT = ["non, ne le faites pas", "nein, mach das nicht", "no, no lo hagas", "não, não faça isso", "no, non procedere",
        "non", "nein", "não"]


@pytest.mark.parametrize("reply", GO_AHEAD)
def test_a_foreign_go_ahead_is_a_yes(reply):
    from probe.targets.consent import is_confirmation
    assert is_confirmation(reply, PROPOSAL)
    assert read(reply, base_db(), PROPOSAL).yes


@pytest.mark.parametrize("reply", [*DONT, "oui", "sí", "ja", "sim", "sì, procedi domani?"])
def test_a_foreign_no_or_a_bare_foreign_word_is_no_yes(reply):
    from probe.targets.consent import is_confirmation
    assert not is_confirmation(reply, PROPOSAL)
    assert not read(reply, base_db(), PROPOSAL).yes


@pytest.mark.parametrize("reply", DONT)
def test_a_foreign_no_drops_the_proposal(d, reply):
    t = _play(d, "cancel", 911, [MOHAMED, "cancel W6302827, ordered by mistake", reply, "no"])
    assert _calls(t) == [] and "won't make that change" in _said(t)[2], _said(t)


@pytest.mark.parametrize("reply", GO_AHEAD)
def test_a_foreign_go_ahead_cancels_and_the_verifiers_agree_it_was_a_yes(d, reply):
    # the agent's consent reading (probe.targets.consent) and the verifiers' (probe.verify.consent) are separate
    # implementations: a yes one of them reads and the other does not is an R3 on the compliant agent
    t = _play(d, "cancel", 911, [MOHAMED, "cancel W6302827, ordered by mistake", reply, "no"])
    assert _writes(t) == ["cancel_pending_order"]
    assert t.violations == [], t.violations
