"""Retail customers played against the fault-free clerk (thirtieth session, fifth retail fix).

The cases come from the retail-customers-7 sweep (/work/h30/retail-customers-7/report.md), the findings left after
§1-§5: §9 "did that go through?", "what did you change?", "so what have you done for me today?" got "Sorry, I can't
help with that here" or every order's contents, and "can you undo it?" after a cancel got the same refusal; §7 a "yes"
to "Which payment method would you like to pay the difference with: your PayPal account?" was refused as "a bit more
than a yes"; §8 "actually, exchange it instead of returning it, for a 1000ml one" at a return's proposal asked again
which items to exchange; §6 "oops I meant yes" right after a no got the menu. The tester's words are used and others
beside them, each with the twin that already worked ("so it's cancelled right?", "paypal", "exchange it instead, for
the 1000ml stainless steel black one", "actually yes, go ahead", a plain no), so that the fixes hold for the class of
inputs. Each conversation is also checked for soundness: no failed turn, no verifier violation, each write right
after a yes to the proposal that named it.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _said, _sound

AVA = "ava.lopez3569@example.com"  # pending #W8327915 (gift card), pending #W5911003 (Mastercard), delivered #W2941275
MOHAMED = "mohamed.lee1888@example.com"  # delivered #W6114312 (coffee maker ...), pending #W6302827
ETHAN = "ethan.sanchez6360@example.com"  # pending #W9102111 with a laptop; a gift card that can't cover much, PayPal
ELM = "12 Elm St Apt 4, Austin TX 78701"
MENU_START = "Sorry, I can't help with that here"


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, lines):
    sc = d.scenario(family, d.heldout_seeds[911])
    return play_messages(d, sc, d.make_target("reference", []), lines, "customers-30e")


# --- §9. a recap of this conversation's writes --------------------------------------------------------------------
RECAP_QUESTIONS = ["did that go through?", "ok thanks. did it go through?", "so what did you change?",
                   "what exactly did you just do?", "so what have you done for me today?",
                   "great, did the cancellation go through?", "can you tell me what you changed?",
                   "what have you changed so far?"]


@pytest.mark.parametrize("question", RECAP_QUESTIONS)
def test_asking_what_was_done_after_a_cancel_recaps_the_cancel(d, question):
    t = _play(d, "cancel", [AVA, "cancel W5911003 because ordered by mistake", "yes", question, "no"])
    assert [(n, a["order_id"]) for n, a in _calls(t)] == [("cancel_pending_order", "#W5911003")]
    reply = _said(t)[-2]
    assert "cancelled order #W5911003" in reply, reply
    assert MENU_START not in reply and "#W8327915" not in reply and "contains" not in reply, reply
    _sound(t)


@pytest.mark.parametrize("question", ["so what did you change?", "did that go through?", "what did you just do?"])
def test_asking_what_was_done_after_a_return_names_the_item_and_the_refund(d, question):
    t = _play(d, "return", [AVA, "return the water bottle from W2941275", "yes", question, "no"])
    assert [n for n, _ in _calls(t)] == ["return_delivered_order_items"]
    reply = _said(t)[-2]
    assert "return of the Water Bottle from order #W2941275" in reply and "$50.14" in reply and "9677" in reply, reply
    assert "#W8327915" not in reply, reply
    _sound(t)


def test_the_recap_lists_every_write_of_the_conversation_in_order(d):
    t = _play(d, "return", [MOHAMED, "return the coffee maker from W6114312", "yes",
                            f"and then change the address on my pending order to {ELM}", "yes",
                            "so what have you done for me today?", "no"])
    assert [n for n, _ in _calls(t)] == ["return_delivered_order_items", "modify_pending_order_address"]
    reply = _said(t)[-2]
    assert "Coffee Maker" in reply and "#W6114312" in reply and "12 Elm St" in reply and "#W6302827" in reply, reply
    assert reply.index("Coffee Maker") < reply.index("12 Elm St"), reply
    _sound(t)


@pytest.mark.parametrize("question", ["did that go through?", "what have you changed so far?"])
def test_asking_what_was_done_before_any_write_says_nothing_was_changed(d, question):
    t = _play(d, "cancel", [AVA, "what's in W5911003?", question, "no"])
    assert _calls(t) == []
    reply = _said(t)[-2]
    assert "haven't changed anything" in reply and MENU_START not in reply, reply
    _sound(t)


def test_asking_if_it_went_through_while_a_proposal_waits_says_not_yet_and_keeps_the_proposal(d):
    t = _play(d, "cancel", [AVA, "cancel W5911003 because ordered by mistake", "did that go through?", "yes", "no"])
    reply = _said(t)[2]
    assert "haven't changed anything" in reply and "To confirm, I will cancel order #W5911003" in reply, reply
    assert [(n, a["order_id"]) for n, a in _calls(t)] == [("cancel_pending_order", "#W5911003")]
    _sound(t)


def test_so_its_cancelled_right_is_still_answered(d):  # the twin that worked (c19)
    t = _play(d, "cancel", [AVA, "cancel W5911003 because ordered by mistake", "yes", "so it's cancelled right?", "no"])
    reply = _said(t)[-2]
    assert "cancelled" in reply and MENU_START not in reply, reply
    _sound(t)


@pytest.mark.parametrize("undo", ["oh wait, I didn't mean that, can you undo it?", "can you undo it?",
                                  "please reverse that", "can I get it back? I want to uncancel it"])
def test_undo_after_a_cancel_says_a_cancelled_order_cant_be_reinstated(d, undo):
    t = _play(d, "cancel", [AVA, "cancel W5911003 because ordered by mistake", "yes", undo, "no"])
    assert [n for n, _ in _calls(t)] == ["cancel_pending_order"]
    reply = _said(t)[-2]
    assert "can't be reinstated" in reply and "#W5911003" in reply and MENU_START not in reply, reply
    _sound(t)


def test_undo_after_a_cancel_and_an_address_change_says_which_can_be_undone(d):
    t = _play(d, "cancel", [AVA, "cancel W5911003 because ordered by mistake", "yes",
                            f"ship W8327915 to {ELM}", "yes", "can you undo that?", "no"])
    assert [n for n, _ in _calls(t)] == ["cancel_pending_order", "modify_pending_order_address"]
    reply = _said(t)[-2]
    assert "can't be reinstated" in reply and "#W8327915" in reply and "change" in reply, reply
    _sound(t)


def test_undo_before_any_write_says_nothing_was_changed(d):
    t = _play(d, "cancel", [AVA, "can you undo it?", "no"])
    assert "haven't changed anything" in _said(t)[-2]
    _sound(t)


# --- §7. a yes to a payment question that offers one method -----------------------------------------------------
@pytest.mark.parametrize("answer", ["yes please", "yes", "sure, that works", "paypal"])
def test_yes_to_the_one_payment_method_offered_for_a_difference_picks_it(d, answer):
    t = _play(d, "modify_items", [ETHAN, "change the laptop in W9102111 to 32GB ram", answer, "yes", "no"])
    calls = _calls(t)
    assert [n for n, _ in calls] == ["modify_pending_order_items"], _said(t)
    assert calls[0][1]["payment_method_id"].startswith("paypal"), calls
    assert "a bit more than a yes" not in " ".join(_said(t))
    _sound(t)


def test_no_to_the_one_payment_method_offered_makes_no_change(d):
    t = _play(d, "modify_items", [ETHAN, "change the laptop in W9102111 to 32GB ram", "no", "no"])
    assert _calls(t) == []
    _sound(t)


# --- §8. the other action asked for with a pronoun, the option said beside it --------------------------------------
BOTTLE_1000 = "actually, exchange it instead of returning it, for a 1000ml one"


@pytest.mark.parametrize("switch", [BOTTLE_1000, "exchange it rather than returning it, I want the 1000ml one",
                                    "instead of a return can I exchange it for a 1000ml one?",
                                    "actually, exchange it instead, for the 1000ml stainless steel black one",
                                    "no wait, I'd rather exchange it for the 1000ml black stainless one"])
def test_switching_a_return_to_an_exchange_keeps_the_item_and_takes_the_option_said(d, switch):
    t = _play(d, "return", [AVA, "return the water bottle from W2941275 please", switch, "yes", "no"])
    calls = _calls(t)
    assert [n for n, _ in calls] == ["exchange_delivered_order_items"], _said(t)
    assert calls[0][1]["order_id"] == "#W2941275" and calls[0][1]["item_ids"] == ["7843064651"], calls
    assert "1000ml" in _said(t)[2] and "Which items" not in _said(t)[2], _said(t)[2]
    _sound(t)


@pytest.mark.parametrize("switch", ["hmm actually just return it instead", "return it instead of exchanging it"])
def test_switching_an_exchange_to_a_return_keeps_the_item(d, switch):
    t = _play(d, "exchange", [AVA, "exchange the water bottle in W2941275 for a 1000ml one", switch, "yes", "no"])
    calls = _calls(t)
    assert [n for n, _ in calls] == ["return_delivered_order_items"], _said(t)
    assert calls[0][1]["item_ids"] == ["7843064651"], calls
    _sound(t)


# --- §6. a no taken back ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("back", ["oops I meant yes", "sorry, I meant to say yes", "wait no I meant yes, go ahead",
                                  "actually yes, go ahead"])
def test_a_no_taken_back_right_after_lists_the_proposal_again(d, back):
    t = _play(d, "address", [AVA, f"ship W5911003 to {ELM}", "no", back, "yes", "no"])
    assert "To confirm, I will change the shipping address of order #W5911003" in _said(t)[3], _said(t)[3]
    assert [(n, a["order_id"]) for n, a in _calls(t)] == [("modify_pending_order_address", "#W5911003")]
    _sound(t)


def test_a_plain_no_still_makes_no_change(d):
    t = _play(d, "address", [AVA, f"ship W5911003 to {ELM}", "no", "no"])
    assert _calls(t) == []
    _sound(t)
