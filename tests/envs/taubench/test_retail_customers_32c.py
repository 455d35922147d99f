"""Retail customers played against the fault-free clerk (thirty-second session, third part).

From retail-customers-11 (/work/h32/retail-customers-11/report.md, findings 1-4, 7, 9). Each case has the tester's
words, others of the kind, and near misses that keep their old reading; each conversation is checked for soundness
(no violation, no failed turn, each write right after a yes to the proposal that named it) where the verifiers read
it rightly.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _said, _sound

OLIVIA = "olivia.jackson2465@example.com"  # seed 200: olivia_jackson_1219, five pending orders
LOOKUPS = ("find_user_id_by_name_zip", "find_user_id_by_email", "get_user_details", "get_order_details")


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, seed, lines):
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-32c")


def _writes(t):
    return [(name, args.get("order_id")) for name, args in _calls(t)]


# --- F1. the relation said after the details, or as another's: refused with no lookup ----------------------------
@pytest.mark.parametrize("first", [
    "this is Olivia's daughter, Olivia Jackson zip 95119",
    "Olivia Jackson, 95119. Her son here.",
    "Olivia Jackson / 95119 -- I'm the son",
    "Account holder: Olivia Jackson, zip 95119. Caller: her son Mark.",
    "I'm the husband of Olivia Jackson, 95119",
    "name on the account: Olivia Jackson, 95119 (not me, my wife)",
    "hi, olivia jackson, 95119, mom's account",
    "I'm Olivia Jackson's caregiver. zip 95119",
    "Olivia Jackson 95119. Her daughter writing.",
    "I'm a friend of Olivia Jackson, zip 95119",
    "Olivia Jackson's husband here, zip 95119",
    "hi, it's Olivia's son. Olivia Jackson 95119",
])
def test_someone_else_s_details_are_refused_with_no_lookup(d, first):
    t = _play(d, "cancel", 200, [first, "please cancel W3168895, no longer needed", "yes"])
    assert "I can only help the account holder" in _said(t)[0], _said(t)[0]
    assert _calls(t, LOOKUPS) == [] and _writes(t) == []
    _sound(t)


def test_a_name_said_as_another_s_is_not_corrected_into_a_login(d):
    t = _play(d, "cancel", 200, ["I'm Olivia Jackson's caregiver. zip 95119", "sorry, Jackson", "95119",
                                 "cancel W3168895, no longer needed", "yes"])
    assert _calls(t, LOOKUPS) == [] and _writes(t) == []
    _sound(t)


@pytest.mark.parametrize("first", [  # near misses: the holder's own account with a relative mentioned
    "Olivia Jackson 95119, I want to cancel a present my mum asked for",
    "Olivia Jackson 95119 - my husband set up my account for me",
    "Olivia Jackson, 95119 - it's my sister's birthday present",
    "Olivia Jackson 95119, mum of 3",
    "Olivia Jackson 95119, I'm the account holder",
    "Olivia Jackson 95119, my daughter usually handles this stuff",
])
def test_the_holder_with_a_relative_mentioned_still_logs_in(d, first):
    t = _play(d, "cancel", 200, [first, "cancel W3168895, no longer needed", "yes"])
    assert _writes(t) == [("cancel_pending_order", "#W3168895")]
    _sound(t)


@pytest.mark.parametrize("first", [  # (the verifier reads these as another person's: the clerk is only held to log in)
    "Olivia Jackson, 95119 - I placed an order to my mom's address",
    "Olivia Jackson 95119, my son is just helping me type",
    "Olivia Jackson, zip 95119 - I got my mom's account mixed up with mine earlier, this one's mine",
])
def test_the_holder_s_own_words_about_relatives_still_log_in(d, first):
    t = _play(d, "cancel", 200, [first])
    assert [name for name, _ in _calls(t, LOOKUPS)][:1] == ["find_user_id_by_name_zip"]
    assert "I can only help the account holder" not in _said(t)[0]


# --- F2. said after logging in that the account is another's: nothing more is done on it ---------------------------
@pytest.mark.parametrize("lines", [
    ["Olivia Jackson 95119", "cancel W3168895, no longer needed",
     "btw I should mention I'm her son, mum's not great with computers", "yes"],
    ["Olivia Jackson 95119", "actually, full disclosure, this is my wife's account, I'm Lei",
     "cancel W3168895, no longer needed", "yes"],
    [OLIVIA, "cancel W3168895 for my mom, it's her account, no longer needed", "yes"],
    [OLIVIA, "cancel W3168895, no longer needed", "oh I should say I'm writing on behalf of my mother", "yes", "yes"],
    [OLIVIA, "please send order W3168895 to 77 harbor view dr, portland ME 04101", "her daughter here by the way",
     "go ahead"],
])
def test_a_speaker_who_says_they_are_not_the_holder_is_served_no_more(d, lines):
    t = _play(d, "cancel", 200, lines)
    refusal = next(i for i, s in enumerate(_said(t)) if "can only help the account holder" in s)
    assert all("can only help the account holder" in s for s in _said(t)[refusal:]), _said(t)
    assert _writes(t) == []
    _sound(t)


@pytest.mark.parametrize("lines", [  # near misses: the holder's own order, a relative mentioned
    [OLIVIA, "my husband asked me to cancel W3168895, no longer needed", "yes"],
    [OLIVIA, "my daughter ordered W3168895 on my account, please cancel it, ordered by mistake", "yes"],
    [OLIVIA, "cancel W3168895, it was a gift for my mom", "no longer needed", "yes"],
    [OLIVIA, "my son is helping me with this. cancel W3168895, no longer needed", "yes"],
])
def test_the_holder_with_a_relative_mentioned_is_still_served(d, lines):
    t = _play(d, "cancel", 200, lines)
    assert _writes(t) == [("cancel_pending_order", "#W3168895")]
    _sound(t)


def test_another_account_s_order_is_still_refused_as_before(d):
    t = _play(d, "cancel", 200, [OLIVIA, "status of W9015076? it's my husband's"])
    assert "is not on your account" in _said(t)[-1]
    _sound(t)


# --- F3. an order named by its last digits at a proposal: the order, never the house number -----------------------
MOVE = [OLIVIA, "please send order W3168895 to 77 harbor view dr, unit 3b, portland ME 04101"]


@pytest.mark.parametrize("fix, order", [
    ("sorry - different order, last digits 3445", "#W5663445"),
    ("no not that order, the 5922 one", "#W6975922"),
    ("oh wait, I meant the order with 0453 at the end", "#W2090453"),
    ("not this one, the order number finishes with 6680", "#W6116680"),
    ("wrong order - final digits are 3445", "#W5663445"),
])
def test_an_order_named_by_its_last_digits_replaces_the_order(d, fix, order):
    t = _play(d, "address", 200, MOVE + [fix, "yes"])
    assert f"order {order} to 77 harbor view dr, unit 3b, portland" in _said(t)[-2], _said(t)[-2]
    assert _writes(t) == [("modify_pending_order_address", order)]
    assert _calls(t)[0][1]["address1"] == "77 harbor view dr"
    _sound(t)


@pytest.mark.parametrize("ask, order", [
    ("please change the address of my order ending -6680 to 77 harbor view dr, portland ME 04101", "#W6116680"),
    ("cancel my order that finishes in 8895, no longer needed", "#W3168895"),
])
def test_an_order_named_by_its_last_digits_in_the_request(d, ask, order):
    t = _play(d, "address", 200, [OLIVIA, ask, "yes"])
    assert _writes(t)[0][1] == order
    _sound(t)


@pytest.mark.parametrize("fix, address1, address2", [  # near misses: numbers of the address
    ("it's actually unit 8895 not 3b", "77 harbor view dr", "unit 8895"),
    ("sorry, the street number should be 6680", "6680 harbor view dr", "unit 3b"),
    ("it's 5922 not 77", "5922 harbor view dr", "unit 3b"),
    ("the number is 6680 actually", "6680 harbor view dr", "unit 3b"),
])
def test_numbers_of_the_address_are_still_the_address(d, fix, address1, address2):
    t = _play(d, "address", 200, MOVE + [fix, "yes"])
    assert _writes(t) == [("modify_pending_order_address", "#W3168895")]
    args = _calls(t)[0][1]
    assert (args["address1"], args["address2"]) == (address1, address2)
    _sound(t)


# --- F4. a street corrected at the proposal: the street said, in whole ---------------------------------------------
STREET = [OLIVIA, "please send order W3168895 to 77 harbor view dr, portland ME 04101"]


@pytest.mark.parametrize("fix, address1", [
    ("sorry, it's 12 ocean ave, same city and zip", "12 ocean ave"),
    ("make that 12 ocean ave instead", "12 ocean ave"),
    ("hmm no, 9 elm street", "9 elm street"),
    ("no - 12 harbor view dr, not 77", "12 harbor view dr"),
    ("no - 3445 harbor view dr, not 77", "3445 harbor view dr"),
    ("actually the street is ocean avenue, not harbor view", "77 ocean avenue"),
    ("not 77 - 12 harbor view dr", "12 harbor view dr"),
    ("no, it should be 12 harbor view drive", "12 harbor view dr"),
    ("12 harbor view dr not 77", "12 harbor view dr"),
])
def test_a_corrected_street_is_written_as_said(d, fix, address1):
    t = _play(d, "address", 200, STREET + [fix, "yes"])
    assert f"to {address1}, portland, ME 04101" in _said(t)[-2], _said(t)[-2]
    args = _calls(t)[0][1]
    assert (args["address1"], args["city"], args["zip"]) == (address1, "portland", "04101")
    _sound(t)


def test_a_number_with_a_street_name_unsaid_writes_nothing_of_its_guess(d):
    t = _play(d, "address", 200, STREET + ["oops, 9 elm", "yes"])
    assert not any("9 harbor view" in s for s in _said(t)), _said(t)
    assert all(a.get("address1") != "9 harbor view dr" for _, a in _calls(t))
    _sound(t)


# --- F7. a cancel with an item the customer still wants: the whole-order warning ------------------------------------
@pytest.mark.parametrize("ask", [
    "cancel W6116680 but I still want the laptop, ordered the rest by mistake",
    "cancel W6116680, ordered by mistake, I still need my laptop though",
    "please cancel W6116680 (ordered by mistake) - I still want the backpack",
    "cancel W6116680 but keep the laptop please, ordered by mistake",  # (as before)
])
def test_a_cancel_keeping_an_item_warns_that_the_whole_order_goes(d, ask):
    t = _play(d, "cancel", 200, [OLIVIA, ask])
    assert "can only be cancelled as a whole" in _said(t)[-1], _said(t)[-1]
    assert _writes(t) == []
    _sound(t)


def test_a_cancel_with_a_wish_of_another_kind_has_no_such_warning(d):
    t = _play(d, "cancel", 200, [OLIVIA, "cancel W6116680, ordered by mistake, I still want to get the refund quickly"])
    assert "To confirm, I will cancel order #W6116680" in _said(t)[-1]
    assert "as a whole" not in _said(t)[-1]
    _sound(t)


# --- F9. "I'm not cancelling X, just asking": answered, no cancel started ------------------------------------------
@pytest.mark.parametrize("ask", [
    "I'm not cancelling W6116680, I'm just wondering how long a refund would take if I did",
    "I'm not going to cancel W6116680 - how long do refunds take?",
    "we're not cancelling W6116680, just curious how long a refund takes",
])
def test_a_question_that_says_it_cancels_nothing_starts_no_cancel(d, ask):
    t = _play(d, "cancel", 200, [OLIVIA, ask, "yes"])
    assert "5-7 business days" in _said(t)[1]
    assert not any("why you want to cancel" in s or "I will cancel" in s for s in _said(t)), _said(t)
    assert _writes(t) == []
    _sound(t)


@pytest.mark.parametrize("ask", [  # near misses: the other order is cancelled
    "not W3168895 - cancel W5663445 please, no longer needed",
    "don't cancel W3168895, cancel W5663445 instead, no longer needed",
])
def test_a_cancel_of_the_other_order_still_goes_ahead(d, ask):
    t = _play(d, "cancel", 200, [OLIVIA, ask, "yes"])
    assert _writes(t) == [("cancel_pending_order", "#W5663445")]
    _sound(t)
