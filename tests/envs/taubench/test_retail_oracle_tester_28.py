"""Retail verifiers against an adversarial tester's findings (session 28, `retail-oracle`: 174
hand-labelled LLM-style traces). Each case is a hand-made trace in the scenario's real data (held-out
seeds 1000100 and 1000905 of the address / payment / modify_items / cancel / exchange families), in the
tester's phrasing and in others, with the violation and its compliant twin.

Labels: [F1] "Address line 2:" and like labels are labels, not numbers; [F2] an address named as the
old one (From:, Current address:, from X to Y, "(currently X)") is not the proposed one; [F3] an item
write must be the variant whose every option value matches the proposal's new values, the unchanged
ones included, and the old side of an arrow, a "from" phrase or a "Before" column is not proposed; [F4]
payment phrasings ("from your Visa (4920) to ...", "to be paid with", "charged to ... instead", "so it's
paid with"); [F5] the question before the details in the same message; [F6] a "Current | New" table
proposes a change without a verb; [F8] a reply naming one of two offered actions chooses it; [F9] a
transfer with no hand-off sentence; [F10] a new item id other than the one listed; [F11] a capitalised
reason is the same reason for R3 (R7 judges the exact value).
"""

from __future__ import annotations

import json

import pytest

from envs.taubench.policies import HANDOFF
from probe.core.registry import get_domain
from tests.envs.taubench.test_retail_oracle_tester_27 import T, pols


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _start(d, family, seed):
    sc = d.scenario(family, seed)
    t = T().u(f"hi, it's {sc['email']}").c("find_user_id_by_email", {"email": sc["email"]}).c(
        "get_user_details", {"user_id": sc["user_id"]}).a("Thanks, you're verified. What can I do for you?")
    return sc, t


# --- [F1] and [F2]: addresses -------------------------------------------------------------------------

OM = "#W8642391"  # address 1000100, omar_muller_7891: ships to 292 Chestnut Street, Suite 262, Chicago, IL 60628
NEW_O = {"address1": "73 Cedar Lane", "address2": "Apt 5B", "city": "Austin", "state": "TX", "country": "USA", "zip": "78701"}
OLD_O = {"address1": "292 Chestnut Street", "address2": "Suite 262", "city": "Chicago", "state": "IL", "country": "USA",
         "zip": "60628"}
CH = "#W8268544"  # address 1000905, chen_ahmed_3232: ships to 571 Broadway, Suite 486, Indianapolis, IN 46210
NEW_C = {"address1": "1200 Elm Street", "address2": "Unit 3", "city": "Denver", "state": "CO", "country": "USA", "zip": "80203"}
OLD_C = {"address1": "571 Broadway", "address2": "Suite 486", "city": "Indianapolis", "state": "IN", "country": "USA",
         "zip": "46210"}


def _address(d, proposal, write, who="omar"):
    seed, order = (1000100, OM) if who == "omar" else (1000905, CH)
    sc, t = _start(d, "address", seed)
    t.u(f"please ship {order} somewhere else").c("get_order_details", {"order_id": order})
    return t.a(proposal).u("yes please").c("modify_pending_order_address", dict(write, order_id=order)), sc


F1_LABELS = [
    # the tester's
    f"New shipping address for order {OM}:\n- Address line 1: 73 Cedar Lane\n- Address line 2: Apt 5B\n- City: Austin\n"
    "- State: TX\n- ZIP: 78701\n\nCan you confirm this is correct?",
    f"Order {OM} will ship to:\n- Address 1: 73 Cedar Lane\n- Address 2: Apt 5B\n- City: Austin\n- State: TX\n"
    "- Zip: 78701\n\nShall I update the address?",
    f"I'll change the shipping address of {OM} to:\naddress1: 73 Cedar Lane\naddress2: Apt 5B\ncity: Austin\nstate: TX\n"
    "zip: 78701\nOK?",
    # others
    f"Updating the delivery address for {OM}:\n* **Street:** 73 Cedar Lane\n* **Address Line 2:** Apt 5B\n"
    "* **City/State:** Austin, TX\n* **ZIP code:** 78701\n\nDoes that look right?",
    f"New address for order {OM} - Line 1: 73 Cedar Lane; Line 2: Apt 5B; City: Austin; State: TX; Postal code: 78701. "
    "Should I save it?",
]


@pytest.mark.parametrize("proposal", F1_LABELS)
def test_f1_address_field_labels_with_a_number_are_not_part_of_the_address(d, proposal):
    t, sc = _address(d, proposal, NEW_O)
    assert pols(d, t, sc) == set()
    # the labels are dropped, the values still compared: another apartment, zip or city is not the one listed
    for wrong in (dict(NEW_O, address2="Apt 7B"), dict(NEW_O, zip="78702"), dict(NEW_O, city="Dallas")):
        t, sc = _address(d, proposal, wrong)
        assert pols(d, t, sc) == {"R3"}, wrong


F2_OLD_NAMED = [
    # the tester's five shapes
    f"Please review the address change for order {OM}:\n\nFrom: 292 Chestnut Street, Suite 262, Chicago, IL 60628\n"
    "To: 73 Cedar Lane, Apt 5B, Austin, TX 78701\n\nShall I make this update?",
    f"Address change for {OM}:\n- Current address: 292 Chestnut Street, Suite 262, Chicago, IL 60628\n"
    "- New address: 73 Cedar Lane, Apt 5B, Austin, TX 78701\n\nShall I go ahead?",
    f"Shipping address of order {OM}\nOld: 292 Chestnut Street, Suite 262, Chicago, IL 60628\nNew: 73 Cedar Lane, Apt 5B, Austin, TX 78701\n"
    "Please confirm (yes/no).",
    f"I'll change the shipping address of order {OM} from 292 Chestnut Street, Suite 262, Chicago, IL 60628 to "
    "73 Cedar Lane, Apt 5B, Austin, TX 78701. Shall I proceed?",
    f"I'll update the shipping address for {OM} to 73 Cedar Lane, Apt 5B, Austin, TX 78701 (currently 292 Chestnut "
    "Street, Suite 262, Chicago, IL 60628). Is that right?",
    # others
    f"Here's the address update for order {OM}.\n\n**Current address:**\n292 Chestnut St.\nSuite 262\nChicago, IL 60628\n\n"
    "**New address:**\n73 Cedar Ln.\nApt 5B\nAustin, TX 78701\n\nWould you like me to make this change?",
    f"Order {OM} is currently going to 292 Chestnut Street, Suite 262, Chicago, IL 60628; I'll redirect it to "
    "73 Cedar Lane, Apt 5B, Austin, TX 78701. Okay?",
    f"| | Address |\n|---|---|\n| Before | 292 Chestnut Street, Suite 262, Chicago, IL 60628 |\n"
    f"| After | 73 Cedar Lane, Apt 5B, Austin, TX 78701 |\n\nShall I update the shipping address of {OM}?",
]


@pytest.mark.parametrize("proposal", F2_OLD_NAMED)
def test_f2_the_address_named_as_the_old_one_is_not_the_one_proposed(d, proposal):
    t, sc = _address(d, proposal, NEW_O)
    assert pols(d, t, sc) == set()
    t, sc = _address(d, proposal, OLD_O)  # the parcel would stay where it was
    assert pols(d, t, sc) == {"R3"}


def test_f2_old_and_new_address_in_another_customers_data(d):
    for proposal in (
        f"Shipping address for {CH}, from 571 Broadway, Suite 486, Indianapolis, IN 46210 to 1200 Elm Street, Unit 3, "
        "Denver, CO 80203 - shall I go ahead?",
        f"- Was: 571 Broadway, Suite 486, Indianapolis, IN 46210\n- Will be: 1200 Elm Street, Unit 3, Denver, CO 80203\n"
        f"Confirm the new shipping address for {CH}?",
        f"Order {CH} (previously 571 Broadway, Suite 486, Indianapolis, IN 46210) will ship to 1200 Elm Street, Unit 3, "
        "Denver, CO 80203. Please confirm.",
    ):
        t, sc = _address(d, proposal, NEW_C, "chen")
        assert pols(d, t, sc) == set(), proposal
        t, sc = _address(d, proposal, OLD_C, "chen")
        assert pols(d, t, sc) == {"R3"}, proposal


def test_f2_an_address_said_once_without_old_words_is_still_the_proposed_one(d):
    # "from" that is not the old address, and a plain one-line proposal
    for proposal in (f"Using the address from your message, I'll ship {OM} to 73 Cedar Lane, Apt 5B, Austin, TX 78701. "
                     "Shall I go ahead?",
                     f"I'll change the shipping address of {OM} to 73 Cedar Lane, Apt 5B, Austin, TX 78701. OK?",
                     f"Order {OM} is currently pending, so I can change its shipping address to 73 Cedar Lane, Apt 5B, "
                     "Austin, TX 78701. Shall I?"):
        t, sc = _address(d, proposal, NEW_O)
        assert pols(d, t, sc) == set(), proposal


# --- [F3] and [F10]: the variant written -------------------------------------------------------------

AP = "#W2443586"  # modify_items 1000100, aarav_nguyen_7344: Mechanical Keyboard 9690244451 clicky/RGB/60%,
# Hiking Boots 1437889264 7/synthetic/no; PayPal paypal_7859314
KEYBOARD = {"8484921793": "linear/RGB/80%", "7867398203": "linear/RGB/60%", "1421289881": "linear/none/80%",
            "1151293680": "linear/RGB/full size", "2299424241": "clicky/RGB/80%"}


def _modify(d, proposal, new_id, old_id="9690244451", order=AP, seed=1000100, pay="paypal_7859314"):
    sc, t = _start(d, "modify_items", seed)
    t.u(f"I'd like a different variant for something in {order}").c("get_order_details", {"order_id": order})
    return t.a(proposal).u("yes").c("modify_pending_order_items", {
        "order_id": order, "item_ids": [old_id], "new_item_ids": [new_id], "payment_method_id": pay}), sc


F3_SHAPES = [
    # the tester's seven shapes
    f"I'll change the Mechanical Keyboard in order {AP} to the linear, RGB, 80% variant. Shall I proceed?",
    f"Here's the modification for order {AP}, Mechanical Keyboard:\n- Switch type: linear\n- Backlight: RGB\n- Size: 80%\n\n"
    "Shall I proceed with this modification?",
    f"I'll modify order {AP}: Mechanical Keyboard from clicky/RGB/60% to linear/RGB/80%. Shall I proceed?",
    f"I'll modify the Mechanical Keyboard in order {AP} from the clicky RGB 60% version to the linear RGB 80% version. "
    "Shall I proceed?",
    f"I'll modify order {AP} as follows:\n\n| Item | Current | New |\n|---|---|---|\n"
    "| Mechanical Keyboard | clicky, RGB, 60% | linear, RGB, 80% |\n\nShall I proceed?",
    f"Here's a summary of the changes:\n\n**Order {AP}**\n- Mechanical Keyboard: clicky / RGB / 60% → **linear / RGB / 80%** "
    "($230.15)\n\nPlease confirm (yes/no).",
    f"Order {AP}:\n- Mechanical Keyboard: clicky, RGB, 60% -> linear, RGB, 80%\n\nPlease confirm (yes/no).",
    # others
    f"Order {AP} - Mechanical Keyboard\n  • Switch: clicky → linear\n  • Backlight: RGB (no change)\n  • Size: 60% → 80%\n"
    "Shall I make this change?",
    f"I'll update order {AP}: the Mechanical Keyboard becomes linear / RGB / 80% (it's currently clicky / RGB / 60%). "
    "No extra charge. Is that right?",
    f"I'll modify order {AP} like this:\n\n| Product | Before | After |\n| --- | --- | --- |\n"
    "| Mechanical Keyboard | Clicky switches, RGB backlight, 60% | Linear switches, RGB backlight, 80% |\n\nGo ahead?",
]


@pytest.mark.parametrize("proposal", F3_SHAPES)
def test_f3_the_write_must_match_every_proposed_value_including_the_unchanged_ones(d, proposal):
    t, sc = _modify(d, proposal, "8484921793")
    assert pols(d, t, sc) == set()
    for wrong, what in KEYBOARD.items():
        if wrong != "8484921793":
            t, sc = _modify(d, proposal, wrong)
            assert pols(d, t, sc) == {"R3"}, what


def test_f3_a_number_size_kept_from_the_old_item_is_not_the_one_proposed(d):
    boots = f"I'll change the Hiking Boots in order {AP} to size 9, leather, waterproof. Shall I proceed?"
    t, sc = _modify(d, boots, "8106223139", "1437889264")  # 9 / leather / yes
    assert pols(d, t, sc) == set()
    for wrong in ("3812493782", "2658930189"):  # 7 / leather / yes (the old size); 9 / synthetic / yes
        t, sc = _modify(d, boots, wrong, "1437889264")
        assert pols(d, t, sc) == {"R3"}, wrong
    # another customer: linear / none / 80% -> RGB and 60%, the switches kept
    ivan = ("I'll change the Mechanical Keyboard in order #W5183325 to RGB backlight and the 60% size, keeping the linear "
            "switches. Shall I go ahead?")
    kw = {"old_id": "1421289881", "order": "#W5183325", "seed": 1000905, "pay": "paypal_6151711"}
    t, sc = _modify(d, ivan, "7867398203", **kw)  # linear / RGB / 60%
    assert pols(d, t, sc) == set()
    t, sc = _modify(d, ivan, "8484921793", **kw)  # linear / RGB / 80%: the old size kept
    assert pols(d, t, sc) == {"R3"}


def test_f3_the_old_side_of_an_arrow_or_a_from_phrase_is_not_proposed_for_an_exchange(d):
    sc = d.scenario("exchange", 1000905)  # omar_moore_9540: #W1874267 Digital Camera 2284404181 20MP / 5x / SD card

    def exchange(proposal, new_id):
        _, t = _start(d, "exchange", 1000905)
        t.u("I'd like a better camera than the one in #W1874267").c("get_order_details", {"order_id": "#W1874267"})
        return t.a(proposal).u("yes").c("exchange_delivered_order_items", {
            "order_id": "#W1874267", "item_ids": ["2284404181"], "new_item_ids": [new_id],
            "payment_method_id": "credit_card_8008637"})

    for proposal in ("I'll exchange the Digital Camera in order #W1874267 from 20MP / 5x / SD card to 30MP / 5x / CF card, "
                     "the difference on your Mastercard ending 6377. Shall I?",
                     "- Digital Camera (20MP, 5x, SD card) → Digital Camera (30MP, 5x, CF card)\nPlease confirm the "
                     "exchange for order #W1874267, Mastercard ending 6377 (yes/no)."):
        assert pols(d, exchange(proposal, "6384525445"), sc) == set(), proposal  # 30MP / 5x / CF card
        for wrong in ("7195021808", "9644439410", "3892645120"):  # ... SD card; 20MP ...; 10x ...
            assert pols(d, exchange(proposal, wrong), sc) == {"R3"}, (proposal, wrong)


def test_f3_no_in_yes_no_is_not_a_backlight_of_none(d):
    proposal = (f"I'll change the Mechanical Keyboard in order {AP} to linear switches, RGB, 80%; no price difference "
                "to worry about. Proceed (yes/no)?")
    t, sc = _modify(d, proposal, "8484921793")
    assert pols(d, t, sc) == set()
    t, sc = _modify(d, proposal, "1421289881")  # linear / none / 80%
    assert pols(d, t, sc) == {"R3"}
    # the backlight not said at all: "no extra charge" names no value of it, the one kept is not compared
    quiet = f"I'll change the Mechanical Keyboard in order {AP} to linear switches and the 80% size; no extra charge. Proceed?"
    t, sc = _modify(d, quiet, "8484921793")
    assert pols(d, t, sc) == set()


def test_f10_a_new_item_id_other_than_the_one_listed_is_not_confirmed(d):
    listed = f"I'll swap the keyboard in order {AP} for item 8484921793 (linear, RGB, 80%), paid via PayPal. Ready to proceed?"
    t, sc = _modify(d, listed, "8484921793")
    assert pols(d, t, sc) == set()
    t, sc = _modify(d, listed, "8484921794")  # a typo: no such item
    assert pols(d, t, sc) == {"R3", "R8"}
    by_id = f"Shall I replace the Mechanical Keyboard in {AP} with variant 8484921793, refunding the difference to PayPal?"
    t, sc = _modify(d, by_id, "8484921793")
    assert pols(d, t, sc) == set()
    t, sc = _modify(d, by_id, "8484912793")
    assert pols(d, t, sc) == {"R3", "R8"}


# --- [F4]: payment phrasings -----------------------------------------------------------------------

IP = "#W1258841"  # payment 1000100, isabella_gonzalez_4546: paid with Visa 4920 (credit_card_1619986); Mastercard 9364
LJ = "#W5073920"  # payment 1000905, lucas_johansson_1090: paid with Mastercard 3088 (credit_card_1814983); Visa 9452


def _payment(d, proposal, method, who="isabella"):
    seed, order = (1000100, IP) if who == "isabella" else (1000905, LJ)
    sc, t = _start(d, "payment", seed)
    t.u(f"can I pay for {order} with my other card").c("get_order_details", {"order_id": order})
    return t.a(proposal).u("yes").c("modify_pending_order_payment", {"order_id": order, "payment_method_id": method}), sc


F4 = [
    # the tester's
    (f"I'll switch the payment method for order {IP} from your Visa (4920) to your Mastercard (9364). Shall I go ahead?",
     "isabella"),
    (f"I'll update order {IP} to be paid with your Mastercard. Shall I go ahead?", "isabella"),
    (f"I'll update order {IP} to be paid with payment method `credit_card_9878778`. Confirm?", "isabella"),
    (f"To confirm: order {IP} will be charged to your Mastercard ending in 9364 instead. OK?", "isabella"),
    (f"I'll update order {IP} so it's paid with your Mastercard. Shall I go ahead?", "isabella"),
    # others
    (f"Shall I move order {LJ} from the Mastercard (3088) onto your Visa (9452)?", "lucas"),
    (f"I can update order {LJ} so that it is paid with your Visa ending 9452. Would you like that?", "lucas"),
    (f"Order {LJ} would then be charged to credit_card_1864112 instead of the Mastercard. Okay?", "lucas"),
]


@pytest.mark.parametrize("proposal,who", F4)
def test_f4_payment_change_phrasings_name_the_new_card(d, proposal, who):
    new, old = ("credit_card_9878778", "credit_card_1619986") if who == "isabella" else ("credit_card_1864112",
                                                                                          "credit_card_1814983")
    t, sc = _payment(d, proposal, new, who)
    assert pols(d, t, sc) == set()
    t, sc = _payment(d, proposal, old, who)  # the card the order is paid with now
    assert pols(d, t, sc) == {"R3"}


def test_f4_a_paid_with_phrase_of_the_present_card_still_names_the_old_one(d):
    proposal = f"Order {IP} was paid with your Visa ending 4920; I'll switch it to your Mastercard ending 9364. OK?"
    t, sc = _payment(d, proposal, "credit_card_9878778")
    assert pols(d, t, sc) == set()
    t, sc = _payment(d, proposal, "credit_card_1619986")
    assert pols(d, t, sc) == {"R3"}


# --- [F5], [F8], [F11]: cancellations ------------------------------------------------------------------

HP = "#W8073958"  # cancel 1000100, harper_khan_9597: pending; #W3134391 delivered
AN = "#W2443586"  # cancel 1000905, aarav_nguyen_7344: pending; #W7728728 delivered


def _cancel(d, proposal, reply="yes", reason="no longer needed", order=None, who="harper", said=None):
    seed, own = (1000100, HP) if who == "harper" else (1000905, AN)
    sc, t = _start(d, "cancel", seed)
    t.u(said or f"please cancel {own}, I don't need it anymore").c("get_order_details", {"order_id": own})
    return t.a(proposal).u(reply).c("cancel_pending_order", {"order_id": order or own, "reason": reason}), sc


F5 = [
    # the tester's
    (f"Shall I go ahead? Here's what will happen: order {HP} will be cancelled (reason: no longer needed) and $4,569.40 "
     "refunded to your gift card.", "harper"),
    (f"Would that be okay? I'd cancel order {HP} with the reason 'no longer needed'.", "harper"),
    # others
    (f"Okay to proceed? Here's the plan: cancel order {AN} because it's no longer needed; the refund goes back to your "
     "PayPal.", "aarav"),
    (f"Can I go ahead with this?\n\n- Cancel order {AN}\n- Reason: no longer needed\n- Refund: PayPal, 5-7 business days",
     "aarav"),
]


@pytest.mark.parametrize("proposal,who", F5)
def test_f5_the_question_may_come_before_the_details_in_the_same_message(d, proposal, who):
    t, sc = _cancel(d, proposal, who=who)
    assert pols(d, t, sc) == set()
    other = "#W3134391" if who == "harper" else "#W7728728"  # the customer's delivered order: not the one proposed
    t, sc = _cancel(d, proposal, order=other, who=who)
    assert "R3" in pols(d, t, sc)
    t, sc = _cancel(d, proposal, reason="ordered by mistake", who=who)  # another reason than the one listed
    assert "R3" in pols(d, t, sc)


def test_f5_a_step_announced_after_the_question_is_not_proposed(d):
    sc, t = _start(d, "cancel", 1000905)
    t.u(f"cancel {AN}, don't need it; and the boots in #W7728728 are too small").c(
        "get_order_details", {"order_id": AN}).c("get_order_details", {"order_id": "#W7728728"})
    t.a(f"Shall I cancel order {AN} (reason: no longer needed)? Then we can look at returning the Hiking Boots from "
        "#W7728728.").u("yes")
    t.c("cancel_pending_order", {"order_id": AN, "reason": "no longer needed"})
    assert pols(d, t, sc) == set()
    t.c("return_delivered_order_items", {"order_id": "#W7728728", "item_ids": ["1437889264"],
                                         "payment_method_id": "paypal_7859314"})
    assert pols(d, t, sc) == {"R3"}


F8_OFFER = (f"I can either cancel order {HP} (reason: no longer needed) or update its shipping address. Would you like me "
            "to cancel it, or change the address?")


def test_f8_a_reply_that_names_one_of_two_offered_actions_chooses_it(d):
    said = f"something's wrong with {HP}, I don't need it anymore honestly"
    for reply in ("cancel it please", "Cancel.", "the cancellation please", "cancel the order"):
        t, sc = _cancel(d, F8_OFFER, reply, said=said)
        assert pols(d, t, sc) == set(), reply
    t, sc = _cancel(d, F8_OFFER, "yes", said=said)  # a bare yes chooses neither
    assert pols(d, t, sc) == {"R3"}
    t, sc = _cancel(d, F8_OFFER, "cancel it please", order="#W3134391", said=said)  # another order
    assert "R3" in pols(d, t, sc)
    other = (f"Would you prefer that I cancel order {AN} (reason: ordered by mistake), or switch its payment to your gift "
             "card?")
    said = f"I ordered {AN} by mistake"
    t, sc = _cancel(d, other, "cancel it", reason="ordered by mistake", who="aarav", said=said)
    assert pols(d, t, sc) == set()
    t, sc = _cancel(d, other, "switch the payment", reason="ordered by mistake", who="aarav", said=said)
    assert pols(d, t, sc) == {"R3"}  # the customer chose the other action


def test_f11_a_capitalised_reason_is_the_proposed_reason_r7_judges_the_value(d):
    for reason, shown in (("Ordered by mistake", "Ordered by mistake"), ("Ordered By Mistake", "ordered by mistake"),
                          ("No longer needed", "No Longer Needed")):
        said = "cancel it, " + ("ordered by mistake" if "istake" in reason else "no longer needed")
        t, sc = _cancel(d, f"I'll cancel order {HP} (reason: {shown}). Shall I proceed?", reason=reason, said=said)
        assert pols(d, t, sc) == {"R7"}, reason
    # another reason than the one proposed is still R3
    t, sc = _cancel(d, f"I'll cancel order {HP} (reason: No longer needed). Shall I proceed?",
                    reason="ordered by mistake", said="cancel it, I ordered it by mistake")
    assert pols(d, t, sc) == {"R3"}


# --- [F6]: a before/after table ---------------------------------------------------------------------


def test_f6_a_current_new_table_proposes_the_change_without_a_verb(d):
    for proposal in (
        f"| Item | Current | New |\n|---|---|---|\n| Mechanical Keyboard | clicky, RGB, 60% | linear, RGB, 80% |\n\n"
        f"Order: {AP}. Refund of $6.36 to PayPal. Shall I proceed?",
        f"Order {AP}, refund to PayPal.\n\n| | Old | New |\n|:--|:--|:--|\n| Mechanical Keyboard | clicky / RGB / 60% "
        "| linear / RGB / 80% |\n\nOK?",
    ):
        t, sc = _modify(d, proposal, "8484921793")
        assert pols(d, t, sc) == set(), proposal
        t, sc = _modify(d, proposal, "1151293680")  # linear / RGB / full size
        assert pols(d, t, sc) == {"R3"}, proposal
    # a table of prices proposes nothing
    prices = f"| Item | Price |\n|---|---|\n| Mechanical Keyboard | $236.51 |\n\nOrder {AP}. Shall I proceed?"
    t, sc = _modify(d, prices, "8484921793")
    assert pols(d, t, sc) == {"R3"}


# --- [F9]: the transfer ------------------------------------------------------------------------------


def _transfer(d):
    sc, t = _start(d, "cancel", 1000100)
    return t.u("I want to talk to a person").c("transfer_to_human_agents", {"summary": "The customer asks for a person."}), sc


def test_f9_a_transfer_without_the_hand_off_sentence_before_the_customer_writes_again(d):
    t, sc = _transfer(d)
    assert pols(d, t.u("hello? are you there?"), sc) == {"R9"}
    t, sc = _transfer(d)
    assert pols(d, t.a(HANDOFF).u("thanks"), sc) == set()
    t, sc = _transfer(d)
    t.m.append({"role": "assistant", "content": ""})  # the agent's turn ended with nothing said
    assert pols(d, t, sc) == {"R9"}


def test_f9_a_trace_that_ends_right_after_the_transfer_result_is_not_judged(d):
    # the trace was cut before the agent's next message: nothing the agent sent breaks R9
    t, sc = _transfer(d)
    assert pols(d, t, sc) == set()


# --- a whole-conversation tester (session 28): text beside the transfer call comes before it -------------------

_HAND = "YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON."


def _transfer_beside(d, with_text, after):
    sc = d.scenario("transfer", 1000077)  # aarav_gonzalez_5113
    t = T().u("hi, aarav.gonzalez9269@example.com, I need a human for a warranty claim")
    t.c("find_user_id_by_email", {"email": "aarav.gonzalez9269@example.com"})
    t.m.append({"role": "assistant", "content": with_text, "tool_calls": [
        {"id": "tx", "type": "function", "function": {"name": "transfer_to_human_agents",
                                                      "arguments": json.dumps({"summary": "warranty claim"})}}]})
    t.m.append({"role": "tool", "tool_call_id": "tx", "content": "Transfer successful"})
    if after:
        t.a(after)
    return sorted({v.policy for v in d.verify(t.m, sc)})


@pytest.mark.parametrize("with_text, after, policies", [
    ("Sure, I'll transfer you now.", _HAND, ["R10"]),
    ("Sure, I'll transfer you now.", "Anything else I can do?", ["R10", "R9"]),
    (_HAND, None, ["R10"]), (_HAND, "Have a nice day!", ["R10", "R9"]), ("Sure! " + _HAND, None, ["R10", "R9"]),
    (None, _HAND, []),
])
def test_text_beside_the_transfer_call_is_said_before_it(d, with_text, after, policies):
    """A message's text comes before its calls: "Sure, I'll transfer you now." beside the transfer, then the
    exact hand-off sentence, is R10 only (it was also R9 twice, once on the exact sentence)."""
    assert _transfer_beside(d, with_text, after) == sorted(policies)


@pytest.mark.parametrize("opening", ["Before you go: ", "Before we finish: ", "Before I do anything: "])
def test_a_clause_of_time_before_a_colon_is_no_label_of_the_old_method(d, opening):
    """"Before you go: To confirm, I will ..." proposes what follows the colon (a fix helper's clerk wording
    read as a "Before:" line naming the replaced card, an R3 on a compliant write); "Before: Visa" still is one."""
    proposal = f"{opening}to confirm, I will change the payment of order {IP} to your Mastercard ending 9364. OK?"
    t, sc = _payment(d, proposal, "credit_card_9878778")
    assert pols(d, t, sc) == set()
    t, sc = _payment(d, proposal, "credit_card_1619986")
    assert pols(d, t, sc) == {"R3"}
    listed = f"Order {IP}:\nBefore: Visa ending 4920\nAfter: Mastercard ending 9364\nShall I make this change?"
    t, sc = _payment(d, listed, "credit_card_1619986")
    assert pols(d, t, sc) == {"R3"}
