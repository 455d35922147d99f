"""Retail customers played against the fault-free clerk (thirty-second session).

From the findings of retail-customers-10 (/work/h32/retail-customers-10/report.md). Each case has the tester's
words, others of the kind, and near misses that keep their old reading; each conversation is checked for soundness
(no violation, no failed turn, each write right after a yes to the proposal that named it).
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _said, _sound

LOOKUPS = ("find_user_id_by_email", "find_user_id_by_name_zip")


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, seed, lines):
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-32")


def _writes(t):
    return [(name, args.get("order_id")) for name, args in _calls(t)]


def _lookups(t):
    return [c["function"]["name"] for m in t.messages for c in m.get("tool_calls") or []
            if c["function"]["name"] in LOOKUPS]


# --- F1. another person's account, said in new words, logs no one in ------------------------------------------------
OLIVIA, ZIP, EMAIL = "Olivia Jackson", "95119", "olivia.jackson2465@example.com"  # return / cancel 200


@pytest.mark.parametrize("opening", [
    f"{OLIVIA}, {ZIP} - that's my mum, I'm her son",
    f"{OLIVIA}, {ZIP}. (I'm her husband, she asked me to call)",
    f"{OLIVIA} {ZIP}. I'm not Olivia, I'm her assistant",
    f"ordering for my daughter - olivia jackson, {ZIP}",
    f"Hi, I'm calling for my elderly father. Account: {OLIVIA}, zip {ZIP}",
    f"the account holder is my partner {OLIVIA}, zip {ZIP}",
    f"{OLIVIA} {ZIP} - it's my grandma's account, I'm her grandson",
    f"the account is my daughter's: {EMAIL}",
    f"{OLIVIA}, {ZIP}, she's my mother",
    f"I'm his caregiver. {OLIVIA} {ZIP}",
    f"{EMAIL} - I'm her husband",
    f"{OLIVIA}, {ZIP} (my father)",
    f"helping out my mom today - {EMAIL}",
])
def test_an_account_said_to_be_anothers_logs_no_one_in(d, opening):
    t = _play(d, "return", 200, [opening])
    assert _lookups(t) == [], _said(t)
    assert "only help the account holder" in _said(t)[-1]
    assert t.violations == [], t.violations


def test_a_relatives_cancel_is_refused_to_the_end(d):
    t = _play(d, "cancel", 200, [f"my wife olivia jackson placed an order, zip {ZIP}, she asked me to cancel it",
                                 "W3168895, she doesn't need it anymore", "yes"])
    assert _lookups(t) == [] and _writes(t) == [], _said(t)
    assert t.violations == [], t.violations


@pytest.mark.parametrize("opening", [  # near misses: the customer's own identity, a relative mentioned
    f"I'm {OLIVIA}, zip {ZIP} - my husband usually does the ordering",
    f"{OLIVIA} here, {ZIP}. my son ordered on my account by mistake",
    f"I bought a lamp for my sister. {OLIVIA}, {ZIP}",
    f"{OLIVIA} {ZIP}. my daughter's order got lost",
    f"{OLIVIA}, {ZIP}. I'm not sure which order it was",
    f"{OLIVIA}, {ZIP} - that's my maiden name",
    f"my email is {EMAIL}, it's my mom's birthday gift I want to return",
])
def test_the_customers_own_identity_with_a_relative_mentioned_logs_in(d, opening):
    t = _play(d, "return", 200, [opening])
    assert _lookups(t), _said(t)
    _sound(t)


# --- F2 / F4. an order named by its last digits is that order, or asked about; never address text ------------------
EMMA = "emma.santos7683@example.com"  # address / return 28: #W1620235, #W2918688 pending, #W8160318 processed
TO_HARBOR = "please send order W1620235 to 77 harbor view dr, unit 3b, portland ME 04101"


@pytest.mark.parametrize("switch", [
    "wait no - the order ending 8688",
    "no sorry, I meant the one ending in 8688",
    "oops, it's the order that ends with 8688",
    "not that one, the other order - last four 8688",
    "sorry wrong order, I meant the one ending 688",
])
def test_an_order_named_by_its_last_digits_replaces_the_one_proposed(d, switch):
    t = _play(d, "address", 28, [EMMA, TO_HARBOR, switch, "yes"])
    _sound(t)
    assert _writes(t) == [("modify_pending_order_address", "#W2918688")], _said(t)
    assert _calls(t)[0][1]["address1"] == "77 harbor view dr", _calls(t)
    assert "8688" not in _said(t)[2].replace("#W2918688", ""), _said(t)


@pytest.mark.parametrize("digits", ["9999", "12345"])
def test_last_digits_of_no_order_are_asked_about_and_no_yes_writes(d, digits):
    t = _play(d, "address", 28, [EMMA, TO_HARBOR, f"wait no - the order ending {digits}", "yes"])
    _sound(t)
    assert _writes(t) == [], _said(t)
    assert "Which order do you mean?" in _said(t)[2], _said(t)


def test_after_the_question_the_full_number_is_proposed(d):
    t = _play(d, "address", 28, [EMMA, TO_HARBOR, "wait no - the order ending 9999", "W2918688", "yes"])
    _sound(t)
    assert _writes(t) == [("modify_pending_order_address", "#W2918688")], _said(t)


def test_a_house_number_correction_is_still_the_house_number(d):  # near miss
    t = _play(d, "address", 28, [EMMA, TO_HARBOR, "wait no - the house number is 8688", "yes"])
    _sound(t)
    assert _calls(t)[0][1]["address1"] == "8688 harbor view dr", _calls(t)


@pytest.mark.parametrize("ask", [
    "I want to return the keyboard from the order ending in 318",
    "return the keyboard, order number's last four digits are 0318",
    "return the keyboard from order ...0318",
])
def test_a_return_from_the_order_named_by_its_digits_is_that_orders(d, ask):
    t = _play(d, "return", 28, ["hi, " + EMMA, ask, "yes"])
    _sound(t)
    assert _writes(t) == [], _said(t)  # #W8160318 is processed: nothing to return yet
    assert "#W8160318" in _said(t)[1] and "#W3113816" not in _said(t)[1], _said(t)


def test_the_status_of_the_order_named_by_its_digits_is_that_one(d):
    t = _play(d, "return", 28, ["hi, " + EMMA, "what's the status of my order ending 3816?"])
    _sound(t)
    assert "#W3113816" in _said(t)[1] and "#W8160318" not in _said(t)[1], _said(t)


@pytest.mark.parametrize("ask", ["cancel the order ending 680, ordered by mistake",
                                 "cancel my order that ends in 6680 - ordered by mistake",
                                 "cancel order ...6680, ordered by mistake"])
def test_a_cancel_of_the_order_named_by_its_digits(d, ask):
    t = _play(d, "cancel", 200, [EMAIL, ask, "yes"])
    _sound(t)
    assert _writes(t) == [("cancel_pending_order", "#W6116680")], _said(t)


def test_a_card_named_by_its_last_digits_is_still_a_card(d):  # near miss
    t = _play(d, "payment", 28, [EMMA, "please pay order W2918688 with the card ending in 6380"])
    _sound(t)
    assert "already paid with your Mastercard ending in 6380" in _said(t)[-1], _said(t)


# --- F3. "cancel everything except the laptop": the laptop is said to go too, before any yes -----------------------
@pytest.mark.parametrize("lines,kept", [
    (["I want to cancel everything in order W6116680 except the laptop", "no longer needed"], "Laptop"),
    (["cancel all the items in W6116680 but keep the laptop, ordered by mistake"], "Laptop"),
    (["please cancel order 6116680 apart from the speaker, I don't need the rest anymore"], "Bluetooth Speaker"),
    (["cancel W6116680 - everything but the laptop. ordered by mistake"], "Laptop"),
])
def test_an_item_kept_from_a_cancelled_order_is_said_to_go_too(d, lines, kept):
    t = _play(d, "cancel", 200, [EMAIL, *lines, "yes"])
    _sound(t)
    proposal = next(m for m in reversed(_said(t)) if "To confirm, I will cancel" in m)
    assert f"would cancel the {kept} too" in proposal, proposal
    assert _writes(t) == [("cancel_pending_order", "#W6116680")], _said(t)


@pytest.mark.parametrize("ask", ["cancel W6116680 - no longer needed",  # near misses: nothing kept
                                 "cancel the laptop order W6116680, no longer needed"])
def test_a_plain_cancel_has_no_such_note(d, ask):
    t = _play(d, "cancel", 200, [EMAIL, ask, "yes"])
    _sound(t)
    assert not any("would cancel the" in m for m in _said(t)), _said(t)
    assert _writes(t) == [("cancel_pending_order", "#W6116680")], _said(t)


# --- F5. "all of X but the watch": "but" is "except" ------------------------------------------------------------------
@pytest.mark.parametrize("ask", ["return all of W3895186 but the watch",
                                 "return everything from W3895186 but the watch",
                                 "send back all of W3895186 apart from the watch",
                                 "return all items in W3895186 except for the watch"])
def test_all_but_the_watch_returns_the_rest(d, ask):
    t = _play(d, "return", 200, [EMAIL, ask, "yes"])
    _sound(t)
    ret = [a for n, a in _calls(t) if n == "return_delivered_order_items"]
    assert len(ret) == 1 and ret[0]["order_id"] == "#W3895186", _said(t)
    assert "Electric Toothbrush" in _said(t)[1] and "Smart Watch" not in _said(t)[1], _said(t)


@pytest.mark.parametrize("ask,watch", [("return all of W3895186", True),  # near misses
                                       ("return the watch from W3895186 but the toothbrush I keep", True)])
def test_the_watch_asked_for_is_still_returned(d, ask, watch):
    t = _play(d, "return", 200, [EMAIL, ask])
    _sound(t)
    assert ("Smart Watch" in _said(t)[1]) == watch, _said(t)
