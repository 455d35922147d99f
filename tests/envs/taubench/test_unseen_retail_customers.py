"""The retail reference clerk against customers phrased as none of the project's corpus is.

An adversarial tester wrote these conversations in their own words (typos, lowercase, run-on
sentences, items named loosely, changes of mind, questions asked mid-flow, two things at once,
declining, ending, asking for a person) across the retail families, played them against the
fault-free clerk and read each reply as a customer would. Before the fixes they found among others:

- a correction whose old value is misspelt ("sorry i typed dalas, it should be austin"), or a street
  written short ("i wrote oak st but meant elm st"), left the summary unchanged, and the next "yes"
  wrote the address the customer had just taken back; a bare "78701" did the same;
- "actually use my gift card instead" after "... my visa" kept the Visa (the brand said first won);
- "exchange the speaker for a blue one and return the pet bed" returned the speaker too, and "i want
  to retrun the t shirt but keep the puzzle" returned the puzzle;
- "the helmet in #W..., make it white" and "i need the luggage in blue and ship it to ..." were not
  read as item changes (the luggage was dropped in silence);
- "wait which items are in it again?" under a proposal was read as a no; "no" then "actually yes
  cancel it" asked which order; "can i get cash back?" and "is there a cancellation fee?" got "Sorry,
  I can't help with that here.";
- "cancle", "exchnage", "both items", "both of my pending orders", "the one with the smart watch",
  "the other order", "77 cedar lane, austin tx 78710" (no comma) were not understood.

Every conversation is checked for the sensible next step (what is said, what is or is not written),
no failed turn, no policy violation, and, for every write, a proposal just before it that named the
action and its order ("To confirm, I will ..."), answered by the customer.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from envs.taubench.data import TauBenchDataMissing, load_splits

try:
    load_splits()
except TauBenchDataMissing as e:  # pragma: no cover - the data package is a setup step
    pytest.skip(str(e), allow_module_level=True)

from envs.taubench.database import base_db
from envs.taubench.language import (
    ALL_ITEMS,
    REFUND_FORM,
    address_changes,
    fix_verb_typos,
    item_verbs,
    mentioned_items,
    read,
    replacements,
    side_question,
)
from probe.core.registry import get_domain
from probe.core.scripts import play_messages

WRITES = ("return_delivered_order_items", "cancel_pending_order", "exchange_delivered_order_items",
          "modify_pending_order_items", "modify_pending_order_payment", "modify_user_address",
          "modify_pending_order_address")
OLD = "12 Oak Street, Dallas, TX 75201"
SHIP = "please ship {pending_order_id} to " + OLD


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, lines, seed=903):
    sc = d.scenario(family, d.heldout_seeds[seed])
    lines = [line.format(**{a: b for a, b in sc.items() if isinstance(b, str)}) for line in lines]
    return sc, play_messages(d, sc, d.make_target("reference", []), lines, "unseen")


def _said(t):
    return [m["content"] for m in t.messages if m["role"] == "assistant" and m.get("content")]


def _calls(t, names=WRITES):
    return [(c["function"]["name"], json.loads(c["function"]["arguments"])) for m in t.messages
            for c in m.get("tool_calls") or [] if c["function"]["name"] in names]


def _sound(t) -> None:
    """No failed turn, no violation, and each write right after a yes to the proposal that named it."""
    assert t.violations == [], t.violations
    assert not t.meta.get("failed_turns"), t.meta.get("failed_turns")
    question = ""
    for m in t.messages:
        if m["role"] == "user":
            asked, question = question, ""
        elif m["role"] == "assistant":
            for c in m.get("tool_calls") or []:
                if c["function"]["name"] in WRITES:
                    args = json.loads(c["function"]["arguments"])
                    assert "To confirm, I will" in asked, (c["function"]["name"], asked)
                    assert args.get("order_id", "") in asked, (args, asked)
            if m.get("content"):
                question = m["content"]


def _expect(t, calls: list[tuple[str, dict[str, Any]]] | None) -> None:
    """The writes made, each given by its tool and the arguments that matter (None: no write)."""
    made = _calls(t)
    if not calls:
        assert made == [], made
        return
    assert [n for n, _ in made] == [n for n, _ in calls], made
    for (_, args), (_, want) in zip(made, calls):
        for k, v in want.items():
            assert (sorted(args[k]) if isinstance(v, list) else args[k]) == (sorted(v) if isinstance(v, list) else v), \
                (k, args, want)


def _addr(street, city, state, zip_, unit=""):
    return {"address1": street, "address2": unit, "city": city, "state": state, "zip": zip_}


# --- 1. corrections take effect, or are asked about ------------------------------------------------------
# address family, seed 903: Amelia Ito, pending order #W3883329

@pytest.mark.parametrize("fix", ["sorry i typed dalas, it should be austin", "ugh, meant austin not dalas",
                                 "I entered the wrong city, dalas, i meant austin", "dallas -> austin",
                                 "i put dallas but its austin"])
def test_a_city_corrected_even_when_the_old_one_is_misspelt(d, fix):
    _, t = _play(d, "address", ["{email}", SHIP, fix, "78701", "yes"])
    said = _said(t)
    assert "the city is now Austin" in said[-3] and "To confirm" not in said[-3], said[-3]
    assert "12 Oak Street, Austin, TX 78701" in said[-2], said[-2]
    _expect(t, [("modify_pending_order_address", _addr("12 Oak Street", "Austin", "TX", "78701"))])
    _sound(t)


def test_a_misspelt_city_the_customer_typed_is_corrected(d):
    _, t = _play(d, "address", ["{email}", "please ship {pending_order_id} to 12 Oak Street, Dalas, TX 78701",
                                "sorry i typed dalas, it should be austin", "78701", "yes"])
    _expect(t, [("modify_pending_order_address", _addr("12 Oak Street", "Austin", "TX", "78701"))])
    _sound(t)


@pytest.mark.parametrize("start, fix, want", [
    (SHIP, "i wrote oak st but meant elm st", _addr("12 Elm Street", "Dallas", "TX", "75201")),
    (SHIP, "oak st should be elm street", _addr("12 Elm Street", "Dallas", "TX", "75201")),
    (SHIP, "i put the wrong street number, its 21 not 12", _addr("21 Oak Street", "Dallas", "TX", "75201")),
    (SHIP, "78701", _addr("12 Oak Street", "Dallas", "TX", "78701")),
    ("please ship {pending_order_id} to 12 Oak Street, Austin, TX 78710", "no wait, the zip is 78701 not 78710",
     _addr("12 Oak Street", "Austin", "TX", "78701")),
    ("i want to change the shipping address on my pending order to 123 main st, springfield, IL 62701", "sorry apt 2b",
     _addr("123 main st", "springfield", "IL", "62701", "Apt 2B")),
])
def test_a_street_zip_or_unit_corrected(d, start, fix, want):
    _, t = _play(d, "address", ["{email}", start, fix, "yes"])
    assert "To confirm" in _said(t)[-2] and want["address1"] in _said(t)[-2] and want["zip"] in _said(t)[-2]
    _expect(t, [("modify_pending_order_address", want)])
    _sound(t)


def test_a_unit_added_to_the_default_address(d):
    _, t = _play(d, "address", ["{email}", "change my default address to 9 Lakeview Road, Columbus, OH 43215",
                                "oh and its suite 4", "yes"])
    _expect(t, [("modify_user_address", _addr("9 Lakeview Road", "Columbus", "OH", "43215", "Suite 4"))])
    _sound(t)


@pytest.mark.parametrize("fix", ["i put the wrong thing in there", "that's not what i meant to type"])
def test_a_correction_that_cannot_be_read_is_said_so_not_summarised_again(d, fix):
    _, t = _play(d, "address", ["{email}", SHIP, fix])
    reply = _said(t)[-1]
    assert reply.startswith("I'm sorry, I couldn't tell what you'd like to change") and OLD in reply, reply
    _expect(t, None)
    _sound(t)


# exchange family, seed 903: Sophia Thomas, pending #W4862767 paid with PayPal; a Visa 9858, a Mastercard 2378
# and a gift card ($66) on file
@pytest.mark.parametrize("fix, said", [
    ("actually use my gift card instead", "gift card balance of $66.00 does not cover"),
    ("actually use my paypal instead", "already paid with your PayPal account"),
    ("no, the mastercard please", "to your Mastercard ending in 2378"),
])
def test_a_payment_method_named_last_replaces_the_one_named_before(d, fix, said):
    _, t = _play(d, "exchange", ["{email}", "pay for {pending_order_id} with my visa", fix])
    reply = _said(t)[-1]
    assert said in reply and "Visa ending in 9858;" not in reply, reply
    _expect(t, None)
    _sound(t)


# cancel_plus, seed 903: pending #W9160732 (water bottle, speaker, ...) and #W6979932 (... smart watch)
@pytest.mark.parametrize("fix", ["i meant order w6979932 not w9160732", "sorry not that one, the one with the smart watch",
                                 "oops wrong order. its W6979932"])
def test_a_corrected_order_by_id_or_by_an_item_it_holds(d, fix):
    _, t = _play(d, "cancel_plus", ["{email}", "cancel w9160732 please, ordered by mistake", fix, "yes"])
    assert "order #W6979932" in _said(t)[-2], _said(t)[-2]
    _expect(t, [("cancel_pending_order", {"order_id": "#W6979932", "reason": "ordered by mistake"})])
    _sound(t)


@pytest.mark.parametrize("lines", [["return the keyboard", "not the keyboard, the air purifier"],
                                   ["return the keyboard", "actually make that the air purifier"],
                                   ["return the keyboard and the air purifier please", "hmm actually only the purifier"]])
def test_a_corrected_item_replaces_the_one_proposed(d, lines):
    _, t = _play(d, "cancel_plus", ["{email}"] + lines + ["yes"])
    assert "Air Purifier" in _said(t)[-2] and "Keyboard" not in _said(t)[-2], _said(t)[-2]
    _expect(t, [("return_delivered_order_items", {"order_id": "#W6797115", "item_ids": ["8302289002"]})])
    _sound(t)


# modify_items, seed 903: Chen Ahmed, pending #W8268544 with a Cycling Helmet (L, red, high), paid by gift card
@pytest.mark.parametrize("lines, color", [
    (["change the helmet in {pending_order_id} to blue", "sorry not the blue one, the white one"], "white"),
    (["the helmet in {pending_order_id}, make it white", "actually no, make it blue"], "blue"),
    (["i need the helmet in {pending_order_id} in white"], "white"),
])
def test_an_option_said_loosely_or_changed(d, lines, color):
    _, t = _play(d, "modify_items", ["{email}"] + lines + ["yes"])
    assert "Cycling Helmet (L, red, high, $188.92) -> (" in _said(t)[-2] and color in _said(t)[-2].split("->")[1]
    ((tool, _),) = _calls(t)
    assert tool == "modify_pending_order_items"
    _sound(t)


# --- 2. items named loosely -----------------------------------------------------------------------------
# return family, seed 903: Aarav Thomas, delivered #W9833379 (Jigsaw Puzzle 9370300555, T-Shirt 8349118980),
# pending #W9767156 and #W5158064

@pytest.mark.parametrize("line, items", [
    ("return both items from {delivered_order_id}", ["9370300555", "8349118980"]),
    ("i want to send back everything except the puzzle from order W9833379", ["8349118980"]),
    ("i want to retrun the t shirt but keep the puzzle", ["8349118980"]),
    ("send the tee back but i'm keeping the jigsaw", ["8349118980"]),
    ("I want a refund for the puzzle, it was missing pieces", ["9370300555"]),
])
def test_the_items_a_return_names(d, line, items):
    _, t = _play(d, "return", ["{email}", line, "yes"])
    _expect(t, [("return_delivered_order_items", {"order_id": "#W9833379", "item_ids": items})])
    _sound(t)


def test_a_misspelt_verb_and_an_order_without_its_hash(d):
    _, t = _play(d, "return", ["{email}.", "cancle order w9767156 pls, ordered it by accident", "yes"])
    _expect(t, [("cancel_pending_order", {"order_id": "#W9767156", "reason": "ordered by mistake"})])
    _sound(t)


def test_an_exchange_misspelt_for_a_size(d):
    _, t = _play(d, "return", ["{email}", "exchnage the tshirt in {delivered_order_id} for a size M", "yes"])
    assert "T-Shirt (blue, S, cotton, v-neck, $53.43) -> (blue, M," in _said(t)[-2], _said(t)[-2]
    ((tool, args),) = _calls(t)
    assert tool == "exchange_delivered_order_items" and args["item_ids"] == ["8349118980"]
    _sound(t)


def test_every_pending_order_named_together(d):
    _, t = _play(d, "return", ["{email}", "cancel both of my pending orders, no longer need them", "yes", "yes"])
    _expect(t, [("cancel_pending_order", {"order_id": "#W5158064", "reason": "no longer needed"}),
                ("cancel_pending_order", {"order_id": "#W9767156", "reason": "no longer needed"})])
    _sound(t)


# refuse family, seed 910: Mohamed Lee, delivered #W7913362 (two Backpacks), #W6114312 (umbrella, hose,
# dumbbells, coffee maker), pending #W6302827 (hiking boots, portable charger, helmet)
def test_both_of_two_items_of_a_product(d):
    _, t = _play(d, "refuse", ["{email}", "return both backpacks", "yes"], seed=910)
    _expect(t, [("return_delivered_order_items", {"order_id": "#W7913362", "item_ids": ["5917587651", "6309044598"]})])
    _sound(t)


def test_everything_except_a_thing_the_order_never_had(d):
    _, t = _play(d, "refuse", ["{email}", "return everything except the mug from w6114312", "yes"], seed=910)
    ((_, args),) = _calls(t)
    assert len(args["item_ids"]) == 4
    _sound(t)


def test_another_product_as_the_new_item_is_refused_by_policy(d):
    _, t = _play(d, "refuse", ["{email}", "can i swap the hiking boots in {pending_order_id} for a pair of sneakers?"],
                 seed=910)
    reply = _said(t)[-1]
    assert "only be changed for another option of the same product, so I can't swap the Hiking Boots for Sneakers" \
        in reply and "couldn't find" not in reply, reply
    _expect(t, None)
    _sound(t)


def test_cancelling_an_item_says_the_whole_order_goes(d):
    _, t = _play(d, "refuse", ["{email}", "cancel the charger from {pending_order_id}"], seed=910)
    reply = _said(t)[-1]
    assert reply.startswith("An order can only be cancelled as a whole") and "Hiking Boots" in reply, reply
    _expect(t, None)
    _sound(t)


# transfer family, seed 903: Yusuf Jackson, delivered #W7128968 (bookshelf, pet bed 7729002517, vacuum
# 6259501109, speaker 2652637226), pending #W2087737 (smartphone, smart watch)
@pytest.mark.parametrize("answer, calls", [
    ("return the pet bed", [("return_delivered_order_items", {"item_ids": ["7729002517"]})]),
    ("ok the first one", [("return_delivered_order_items", {"item_ids": ["7729002517"]})]),
    ("the exchange please", [("exchange_delivered_order_items", {"item_ids": ["2652637226"]})]),
    ("just the speaker swap", [("exchange_delivered_order_items", {"item_ids": ["2652637226"]})]),
])
def test_a_return_and_an_exchange_on_one_order_is_a_choice(d, answer, calls):
    _, t = _play(d, "transfer", ["{email}", "exchange the speaker in {delivered_order_id} for a blue one and return the "
                                 "pet bed", answer, "yes"])
    asked = _said(t)[1]
    assert "can have only one return or exchange request" in asked and asked.endswith(
        "Which would you like: return the Pet Bed, or exchange the Bluetooth Speaker?"), asked
    _expect(t, calls)
    _sound(t)


def test_a_return_added_to_an_exchange_proposed(d):
    _, t = _play(d, "transfer", ["{email}", "exchange the speaker in {delivered_order_id} for a blue one",
                                 "and return the pet bed too", "ok just return the pet bed then", "yes"])
    assert "Which would you like" in _said(t)[2]
    _expect(t, [("return_delivered_order_items", {"item_ids": ["7729002517"]})])
    _sound(t)


def test_an_item_with_a_complaint_gets_what_can_be_done(d):
    _, t = _play(d, "transfer", ["{email}", "my vacuum arrived damaged, what can you do?", "return it please", "yes"])
    said = _said(t)
    assert said[1].startswith("I'm sorry to hear that.") and "return the Vacuum Cleaner for a refund, or exchange it" \
        in said[1], said[1]
    _expect(t, [("return_delivered_order_items", {"order_id": "#W7128968", "item_ids": ["6259501109"]})])
    _sound(t)


def test_an_item_not_liked_in_a_pending_order(d):
    _, t = _play(d, "transfer", ["{email}", "the smart watch i ordered, i dont like the color", "change it to silver",
                                 "yes"])
    assert "hasn't shipped yet, I can cancel it, or change the Smart Watch" in _said(t)[1], _said(t)[1]
    ((tool, args),) = _calls(t)
    assert tool == "modify_pending_order_items" and args["order_id"] == "#W2087737"
    _sound(t)


# mixed_pending_delivered, seed 903: Harper Lee; the perfume is in delivered #W8413040, not #W4363379
def test_an_item_in_another_order_than_the_one_named(d):
    _, t = _play(d, "mixed_pending_delivered", ["{email}", "two things: return the perfume from #W4363379, and change "
                                                "the coffee maker in #W8584917 to black", "yes", "yes"])
    assert _said(t)[1].startswith("The Perfume is in order #W8413040, not #W4363379. To confirm"), _said(t)[1]
    _expect(t, [("return_delivered_order_items", {"order_id": "#W8413040", "item_ids": ["3399869890"]}),
                ("modify_pending_order_items", {"order_id": "#W8584917"})])
    _sound(t)


def test_an_option_out_of_stock_is_said(d):
    _, t = _play(d, "modify_items", ["{email}", "i want the helmet in {pending_order_id} in blue instead of red and "
                                     "the phone in 256gb"])
    assert "the Smartphone isn't available with 256GB right now" in _said(t)[-1], _said(t)[-1]
    _sound(t)


def test_an_answer_matching_no_option_is_said(d):
    _, t = _play(d, "exchange", ["SOPHIA THOMAS 75396", "i got the yoga mat in W1867876 but i want it in a different "
                                 "colour. what colours do you have?", "purple"])
    assert _said(t)[-1].startswith("I'm sorry, I don't see that among the available options. Which option"), _said(t)[-1]
    _expect(t, None)
    _sound(t)


# --- 3. questions asked mid-flow are answered, and the request kept --------------------------------------

@pytest.mark.parametrize("question, answer", [
    ("how long does a refund take?", "Refunds reach a gift card at once"),
    ("can i get cash back?", "I can't refund in cash"),
    ("could the refund go to my bank account instead?", "I can't refund in cash or to a bank account"),
])
def test_a_refund_question_under_a_return_proposal(d, question, answer):
    _, t = _play(d, "return", ["{email}", "return the tshirt from {delivered_order_id}", question, "yes"])
    said = _said(t)
    assert answer in said[-2] and "To confirm, I will return from order #W9833379: T-Shirt" in said[-2], said[-2]
    _expect(t, [("return_delivered_order_items", {"item_ids": ["8349118980"]})])
    _sound(t)


def test_a_fee_question_under_a_cancellation(d):
    _, t = _play(d, "cancel_plus", ["{email}", "cancel my order with the water bottle", "no longer needed",
                                    "is there a cancellation fee?", "ok go ahead"])
    assert _said(t)[-2].startswith("There is no fee") and "To confirm, I will cancel order #W9160732" in _said(t)[-2]
    _expect(t, [("cancel_pending_order", {"order_id": "#W9160732", "reason": "no longer needed"})])
    _sound(t)


def test_which_items_again_is_a_question_not_a_no(d):
    _, t = _play(d, "exchange", ["{email}", "cancel {pending_order_id}", "ordered by mistake",
                                 "wait which items are in it again?", "ok yes cancel"])
    reply = _said(t)[-2]
    assert "Bookshelf" in reply and "To confirm, I will cancel order #W4862767" in reply and "won't" not in reply, reply
    _expect(t, [("cancel_pending_order", {"order_id": "#W4862767", "reason": "ordered by mistake"})])
    _sound(t)


def test_a_question_after_one_write_lists_the_next_proposal_not_the_first(d):
    # before: the proposal said again after a question was the first one (cancel), while the yes executed the
    # second (return), an R3 violation seen in the templated corpus once questions were answered mid-flow
    _, t = _play(d, "return", ["{email}", "cancel {pending_order_id} and return the tshirt from {delivered_order_id}",
                               "no longer needed", "yes", "wait, how much is that?", "yes"])
    assert "To confirm, I will return from order #W9833379: T-Shirt" in _said(t)[-2] and "cancel" not in _said(t)[-2]
    _expect(t, [("cancel_pending_order", {"order_id": "#W9767156"}),
                ("return_delivered_order_items", {"order_id": "#W9833379", "item_ids": ["8349118980"]})])
    _sound(t)


def test_an_item_of_another_order_added_under_a_proposal_comes_next(d):
    _, t = _play(d, "transfer", ["{email}", "change the smart watch in {pending_order_id} to silver",
                                 "oh wait, also exchange the speaker for a blue one", "yes", "yes"])
    assert _said(t)[2].startswith("Noted, I'll come to the Bluetooth Speaker right after this. To confirm, I will modify")
    _expect(t, [("modify_pending_order_items", {"order_id": "#W2087737"}),
                ("exchange_delivered_order_items", {"order_id": "#W7128968", "item_ids": ["2652637226"]})])
    _sound(t)


def test_what_are_my_options_repeats_the_question(d):
    _, t = _play(d, "cancel", ["{email}", "cancel {pending_order_id}", "what are my options for the reason?", "by mistake",
                               "yes"])
    assert "Sorry" not in _said(t)[2] and "'no longer needed' or 'ordered by mistake'" in _said(t)[2], _said(t)[2]
    _expect(t, [("cancel_pending_order", {"reason": "ordered by mistake"})])
    _sound(t)


def test_a_question_beside_a_request(d):
    _, t = _play(d, "modify_items", ["{email}", "swap the helmet in {pending_order_id} to white. oh and also whats the "
                                     "total of that order?"])
    reply = _said(t)[-1]
    assert "It was paid $2,622.68" in reply and "To confirm, I will modify" in reply, reply
    _sound(t)


def test_a_status_asked_beside_an_address_change(d):
    _, t = _play(d, "info_only", ["{email}", "can you tell me the status of w8797321 and also change its address to "
                                  "12 Willow Avenue, Denver, CO 80203", "yes"], seed=905)
    assert _said(t)[-2].startswith("Order #W8797321 is pending and contains") and "To confirm" in _said(t)[-2]
    _expect(t, [("modify_pending_order_address", _addr("12 Willow Avenue", "Denver", "CO", "80203"))])
    _sound(t)


def test_the_default_address_asked_beside_a_cancellation_is_not_changed(d):
    _, t = _play(d, "return", ["{email}", "cancel {pending_order_id} and whats my default address?", "no longer needed",
                               "yes"])
    said = _said(t)
    assert said[1].startswith("The default address on your account is 422 Oak Street") and "why you want to cancel" \
        in said[1], said[1]
    assert said[-1].endswith("Is there anything else I can help you with?") and "new address" not in said[-1], said[-1]
    _expect(t, [("cancel_pending_order", {"reason": "no longer needed"})])
    _sound(t)


def test_does_a_new_default_address_move_my_order(d):
    _, t = _play(d, "address", ["{email}", "change my default address to 9 Lakeview Road, Columbus, OH 43215",
                                "hmm is that gonna change where my current order ships too?", "yes"])
    assert "doesn't change where orders already placed ship to" in _said(t)[-2] and "To confirm" in _said(t)[-2]
    _expect(t, [("modify_user_address", _addr("9 Lakeview Road", "Columbus", "OH", "43215"))])
    _sound(t)


@pytest.mark.parametrize("family, seed, line, says, not_says", [
    ("several_pending_edits", 903, "whats my default address and whats the address on {pending_order_id}",
     ["The default address on your account is 729 Highland Drive", "It ships to"], []),
    ("info_only", 903, "how much did i spend in total on my orders?", ["It was paid $2,742.67", "It was paid $4,569.40"],
     ["Sorry"]),
    ("info_only", 905, "what payment methods do i have on file?",
     ["The payment methods on your account are your gift card (balance $61.00) and your PayPal account."], ["Order #"]),
    ("info_only", 905, "what's my gift card balance?", ["gift card (balance $61.00)"], ["Order #"]),
    ("info_only", 905, "is #W2809253 delivered? and whats the tracking number", ["Tracking number: 603676613672"], []),
    ("info_only", 905, "whats going on with my laptop order and did the cancelled one get refunded?",
     ["Order #W8797321 is pending", "Order #W8516166 is cancelled", "$3,992.57 was refunded"], []),
    ("info_only", 905, "list all my orders pls", ["#W2809253", "#W8516166", "#W8797321"], ["How can I help"]),
    ("info_only", 905, "I want to know if my vacuum has shipped", ["Order #W2809253 is delivered"], ["return the Vacuum"]),
])
def test_questions_of_fact_get_their_answer(d, family, seed, line, says, not_says):
    _, t = _play(d, family, ["{email}", line], seed=seed)
    reply = _said(t)[-1]
    assert all(s in reply for s in says) and not any(s in reply for s in not_says), reply
    _expect(t, None)
    _sound(t)


def test_a_question_before_signing_in(d):
    _, t = _play(d, "return", ["how long do refunds usually take?", "ok. my email is {email}",
                               "i want to return the puzzle", "yes"])
    assert _said(t)[0].startswith("Refunds reach a gift card at once"), _said(t)[0]
    _expect(t, [("return_delivered_order_items", {"item_ids": ["9370300555"]})])
    _sound(t)


# --- 4. declining, changing one's mind, ending, another person, a human ----------------------------------

def test_a_no_taken_back(d):
    _, t = _play(d, "transfer", ["{email}", "cancel {pending_order_id}", "no longer needed", "no",
                                 "actually yes cancel it", "yes"])
    assert _said(t)[-2].startswith("To confirm, I will cancel order #W2087737 because it is 'no longer needed'")
    _expect(t, [("cancel_pending_order", {"order_id": "#W2087737", "reason": "no longer needed"})])
    _sound(t)


@pytest.mark.parametrize("pause", ["wait", "hold on a sec", "one moment please", "hmm im not sure"])
def test_a_pause_is_no_no(d, pause):
    _, t = _play(d, "cancel", ["{email}", "cancel {pending_order_id}", "no longer needed", pause, "ok yes"])
    assert _said(t)[-2].startswith("Of course, take your time; nothing has been changed. To confirm"), _said(t)[-2]
    _expect(t, [("cancel_pending_order", {"reason": "no longer needed"})])
    _sound(t)


def test_hurrying_is_no_correction(d):
    _, t = _play(d, "return", ["{email}", "return the puzzle", "make it quick please, im in a rush", "yes"])
    assert "couldn't tell" not in _said(t)[-2] and "To confirm" in _said(t)[-2], _said(t)[-2]
    _expect(t, [("return_delivered_order_items", {"item_ids": ["9370300555"]})])
    _sound(t)


@pytest.mark.parametrize("decline", ["nah leave it, thanks anyway", "no thank you, i'll keep it actually"])
def test_declining_politely_then_ending(d, decline):
    _, t = _play(d, "transfer", ["{email}", "cancel {pending_order_id}", "no longer needed", decline,
                                 "no that's everything"])
    assert "won't make that change" in _said(t)[-2] and _said(t)[-1].startswith("Thank you for contacting us")
    assert t.meta.get("stop") == "target_ended"
    _expect(t, None)
    _sound(t)


@pytest.mark.parametrize("line", ["never mind, no thanks i'm good", "thats all, bye"])
def test_ending_at_once(d, line):
    _, t = _play(d, "return", ["{email}", line])
    assert _said(t)[-1].startswith("Thank you for contacting us") and t.meta.get("stop") == "target_ended"
    _sound(t)


def test_another_persons_order(d):
    sc, t = _play(d, "cancel", ["{email}", "i need to cancel my wife's order {spouse_order_id}"])
    reply = _said(t)[-1]
    assert "is not on your account" in reply and "account holder would need to contact us" in reply, reply
    assert not [a for n, a in _calls(t, ("get_order_details",)) if a["order_id"] == sc["spouse_order_id"]]
    _sound(t)


@pytest.mark.parametrize("line", ["can i talk to a real person", "ugh i dont want a bot, get me a human"])
def test_a_person_asked_for_mid_proposal(d, line):
    _, t = _play(d, "return", ["{email}", "return the tshirt from {delivered_order_id}", line, "yes"])
    assert _calls(t, ("transfer_to_human_agents",)) and t.meta.get("stop") == "target_ended"
    _expect(t, None)
    _sound(t)


def test_a_delivered_order_asked_to_be_cancelled_gets_a_return_offered(d):
    _, t = _play(d, "cancel", ["{email}", "can you cancel the grill order", "yes please", "yes"])
    said = _said(t)
    assert "can't be cancelled, but I can return the Grill" in said[1] and said[1].endswith("?"), said[1]
    assert "You also asked" not in said[-1], said[-1]
    _expect(t, [("return_delivered_order_items", {"order_id": "#W5955464", "item_ids": ["4404981319"]})])
    _sound(t)


def test_a_name_not_found_is_said(d):
    _, t = _play(d, "info_only", ["omar johnsen 32228"], seed=905)
    assert _said(t)[-1].startswith("I couldn't find an account with that name and zip code"), _said(t)[-1]
    _sound(t)


# --- 5. payments and addresses said loosely ---------------------------------------------------------------

def test_a_kind_of_payment_the_account_lacks(d):
    _, t = _play(d, "payment", ["{email}", "can i pay for {pending_order_id} with a gift card?"])
    reply = _said(t)[-1]
    assert reply.startswith("I don't see a gift card on your account.") and "other than" not in reply, reply
    _sound(t)


def test_the_brand_named_pays_an_exchange(d):
    _, t = _play(d, "exchange", ["{email}", "i want to exchange the backpack from {delivered_order_id} for a grey one and "
                                 "pay with my visa", "yes"])
    _expect(t, [("exchange_delivered_order_items", {"payment_method_id": "credit_card_7326294"})])
    _sound(t)


def test_a_method_the_account_lacks_for_a_difference_is_said(d):
    _, t = _play(d, "modify_items", ["{email}", "change the helmet in {pending_order_id} to blue and use my paypal for "
                                     "the difference"])
    assert _said(t)[-1].startswith("I don't see a PayPal account on your account"), _said(t)[-1]
    _sound(t)


def test_an_item_change_the_gift_card_cannot_pay_is_not_dropped(d):
    _, t = _play(d, "several_pending_edits", ["{email}", "hey so for {pending_order_id} i need the luggage in blue and it "
                                              "should go to {new_address}, can u do both", "yes"])
    assert "Luggage Set (4-piece, red, hardshell, $452.62) -> (4-piece, blue" in _said(t)[-1] and \
        "doesn't cover that" in _said(t)[-1], _said(t)[-1]
    assert [n for n, _ in _calls(t)] == ["modify_pending_order_address"]
    _sound(t)


def test_a_new_address_without_commas_for_the_account_and_the_order(d):
    _, t = _play(d, "address", ["{email}", "i moved!! new address is 77 cedar lane, austin tx 78710, please update my "
                                "account and the pending order", "no wait, the zip is 78701 not 78710", "yes", "yes"])
    new = _addr("77 cedar lane", "austin", "TX", "78701")
    _expect(t, [("modify_user_address", new), ("modify_pending_order_address", {"order_id": "#W3883329", **new})])
    _sound(t)


def test_my_address_asks_which_one(d):
    _, t = _play(d, "exchange", ["{email}", "update my address to 55 Pine Court, Madison, WI 53703 please"])
    assert "Is this for your default address, or for the shipping address of an order?" in _said(t)[-1]
    _expect(t, None)
    _sound(t)


def test_a_unit_written_with_a_hash(d):
    """(the unit typed on the street line goes to the second line, as in the store's data: "Suite 950")"""
    _, t = _play(d, "return", ["{email}", "ship {pending_order_id} to 12 Oak St #4, Dallas, TX 75201", "yes"])
    _expect(t, [("modify_pending_order_address", _addr("12 Oak St", "Dallas", "TX", "75201", "#4"))])
    _sound(t)


def test_the_other_order(d):
    _, t = _play(d, "payment", ["{email}", "switch the payment for {pending_order_id} to the visa",
                                "actually no, keep it on the mastercard. what about the other order, can that go on the "
                                "mastercard?", "yes"], seed=905)
    _expect(t, [("modify_pending_order_payment", {"order_id": "#W8379216", "payment_method_id": "credit_card_1814983"})])
    _sound(t)


# --- 6. the readings behind them --------------------------------------------------------------------------

BASE = {"address1": "12 Oak Street", "address2": "", "city": "Dallas", "state": "TX", "country": "USA", "zip": "75201"}


@pytest.mark.parametrize("text, want", [
    ("sorry i typed dalas, it should be austin", {"city": "Austin"}),
    ("i wrote oak st but meant elm st", {"address1": "12 Elm Street"}),
    ("I entered the wrong city, dalas, i meant austin", {"city": "Austin"}),
    ("oops dallas -> austin", {"city": "Austin"}),
    ("the city is fine", {}),
])
def test_corrections_read_field_by_field(text, want):
    assert address_changes(BASE, text) == want


@pytest.mark.parametrize("text, pairs", [("i typed 75210 instead of 75201", [("75201", "75210")]),
                                         ("i typed 75210, it should be 75201", [("75201", "75210")])])
def test_what_was_typed_and_what_was_meant(text, pairs):
    assert replacements(text) == pairs


@pytest.mark.parametrize("text, fixed", [("cancle it", "cancel it"), ("exchnage the tshirt", "exchange the tshirt"),
                                         ("the charge", "the charge"), ("cancer research", "cancer research"),
                                         ("cancelled", "cancelled")])
def test_verbs_typed_in_a_hurry(text, fixed):
    assert fix_verb_typos(text) == fixed


@pytest.mark.parametrize("text, all_", [("return both items", True), ("all of them please", True),
                                        ("two things: return the lamp", False), ("both kettles", False)])
def test_all_items(text, all_):
    assert bool(ALL_ITEMS.search(text)) == all_


@pytest.mark.parametrize("text, asks", [("can i get cash back?", True), ("refund to my bank card", False),
                                        ("can the refund go to my bank account", True)])
def test_refund_forms(text, asks):
    assert bool(REFUND_FORM.search(text)) == asks


def test_item_verbs_and_kept_items():
    names = ["Bluetooth Speaker", "Pet Bed"]
    assert item_verbs(["exchange the speaker for a blue one and return the pet bed"], names) == {
        "Bluetooth Speaker": {"items"}, "Pet Bed": {"return"}}
    assert mentioned_items("return the t shirt but keep the puzzle", ["Jigsaw Puzzle", "T-Shirt"]) == ["T-Shirt"]
    assert mentioned_items("the air purifier... actually only the purifier", ["Air Purifier", "Keyboard"]) == ["Air Purifier"]


@pytest.mark.parametrize("text, side", [
    ("swap the helmet to white. oh and also whats the total of that order?", "also whats the total of that order"),
    ("cancel it please", ""), ("return the lamp, how much will i get back?", "")])
def test_side_questions(text, side):
    assert side_question(text) == side


def test_an_address_without_a_comma_before_its_state():
    r = read("new address is 77 cedar lane, austin tx 78710", base_db())
    assert r.address and (r.address["city"], r.address["state"], r.address["zip"]) == ("austin", "TX", "78710")



# --- twenty-first session: another product's name is not this item's ------------------------------------

@pytest.mark.parametrize("text, names, expect", [
    ("I'd like the dumbbell set in a refund", ["Luggage Set"], []),  # 'set' alone would be the luggage
    ("return my digital camera", ["Action Camera", "Pet Bed"], []),
    ("the tea kettle please", ["Electric Kettle"], []),
    ("return the set please", ["Luggage Set"], ["Luggage Set"]),  # the order's only set
    ("return my black set", ["Luggage Set"], ["Luggage Set"]),
    ("the camera, it's broken", ["Action Camera", "Pet Bed"], ["Action Camera"]),
])
def test_a_head_word_is_not_this_item_when_it_ends_another_products_name(text, names, expect):
    assert mentioned_items(text, names) == expect


def test_an_item_the_order_does_not_hold_is_not_returned_in_place_of_another(d):
    # an AdaT false alarm (2026-12-05): "the dumbbell set" read as the order's Luggage Set, a return of
    # the luggage proposed, and "I'd like to return it." taken as the yes (R3 on the compliant clerk)
    sc = d.scenario("return", 1003)
    lines = ["I need help with an order.", "{first_name} {last_name}, {zip}.",
             "Can you switch the address on {delivered_order_id} to my partner's, I don't have much time.",
             "Yes, the garden hose: I'd like the dumbbell set in a refund.", "I'd like to return it."]
    lines = [x.format(**{a: b for a, b in sc.items() if isinstance(b, str)}) for x in lines]
    t = play_messages(d, sc, d.make_target("reference", []), lines, "unseen")
    said = _said(t)
    assert not any("To confirm, I will" in x for x in said), said  # nothing the customer named is in an order
    _sound(t)
    _expect(t, None)
