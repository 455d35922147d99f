"""The retail reference clerk on questions, corrections, items named loosely and payment details.

Five misbehaviours a tester found (held-out seed 903 unless said): a question about a refund, the
default address or what policy allows started a write flow; a correction ("sorry, wrong one, I
meant #W...", "889 not 888", "green... no, grey", "not the puzzle, the t-shirt") was ignored; of
two items of one product the clerk took both; an item named by a word other than its last ("the
luggage", "the tshirt") was dropped in silence; a card named by its last digits or brand, or "my
other card", was passed over. Each test plays phrasings beyond the reported ones, and every played
trace of the compliant clerk must be free of violations (the verifiers are the oracle).

Helpers as in ``test_taubench_phrasings.py``.
"""

from __future__ import annotations

import json

import pytest

from envs.taubench.data import TauBenchDataMissing, load_splits

try:
    load_splits()
except TauBenchDataMissing as e:  # pragma: no cover - the data package is a setup step
    pytest.skip(str(e), allow_module_level=True)

from envs.taubench.database import base_db
from envs.taubench.language import mentioned_items, read
from probe.core.registry import get_domain
from probe.core.scripts import play_messages

WRITES = ("return_delivered_order_items", "cancel_pending_order", "exchange_delivered_order_items",
          "modify_pending_order_items", "modify_pending_order_payment", "modify_user_address",
          "modify_pending_order_address")


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, k, lines, seed=None):
    sc = d.scenario(family, seed if seed is not None else d.heldout_seeds[900 + k])
    lines = [line.format(**{a: b for a, b in sc.items() if isinstance(b, str)}) for line in lines]
    return sc, play_messages(d, sc, d.make_target("reference", []), lines, "corrections")


def _said(t):
    return [m["content"] for m in t.messages if m["role"] == "assistant" and m.get("content")]


def _calls(t, names=WRITES):
    return [(c["function"]["name"], json.loads(c["function"]["arguments"])) for m in t.messages
            for c in m.get("tool_calls") or [] if c["function"]["name"] in names]


def _writes(t):
    return [name for name, _ in _calls(t)]


# --- 1. a question about status, history or policy starts no write ------------------------------------
# return family, seed 903: #W9833379 delivered (Jigsaw Puzzle, T-Shirt), #W5158064 pending (Espresso
# Machine ...), #W9767156 pending; the default address is 422 Oak Street, Suite 149, Jacksonville

@pytest.mark.parametrize("line", ["did i get refunded for the espresso machine yet?",
                                  "hey did my refund for the puzzle go thru",
                                  "has the refund for the tshirt come through yet",
                                  "was i ever refunded for the jigsaw puzzle?"])
def test_a_question_about_a_refund_is_answered_from_the_order_not_made_a_return(d, line):
    _, t = _play(d, "return", 3, ["{email}", line, "yes"])
    said = _said(t)
    assert "no refund has been made" in said[-2] and "It was paid" in said[-2], said[-2]
    assert not any("To confirm" in s for s in said), said  # so the "yes" after it approves nothing
    assert _writes(t) == [] and t.violations == []


@pytest.mark.parametrize("line", ["what is my default address on file?", "quick question, whats my address on file",
                                  "which address do you have for me"])
def test_a_question_about_the_default_address_gets_the_address(d, line):
    _, t = _play(d, "return", 3, ["{email}", line])
    reply = _said(t)[-1]
    assert "422 Oak Street, Suite 149, Jacksonville, FL 32175" in reply and "new address" not in reply, reply
    assert t.violations == []


@pytest.mark.parametrize("line", ["can i still change the address later if i need to?",
                                  "if i move later, could i change my address?",
                                  "would i be able to update my address down the road"])
def test_a_question_about_what_policy_allows_is_answered_not_started(d, line):
    _, t = _play(d, "return", 3, ["{email}", line])
    reply = _said(t)[-1]
    assert "can be changed" in reply and "new address" not in reply and "Which order" not in reply, reply
    assert t.violations == []


@pytest.mark.parametrize("line", ["what did i order in {delivered_order_id}? dont change anything just tell me",
                                  "just wondering whats in {delivered_order_id}, not trying to change it",
                                  "how much did i pay for {delivered_order_id}",
                                  "which card did i use for {delivered_order_id}"])
def test_a_question_about_an_order_gets_its_details(d, line):
    _, t = _play(d, "return", 3, ["{email}", line])
    reply = _said(t)[-1]
    assert "Jigsaw Puzzle" in reply and "T-Shirt" in reply and "would you like to change" not in reply, reply
    if "pay" in line or "card" in line:
        assert "It was paid $99.33 with your gift card" in reply, reply
    assert _writes(t) == [] and t.violations == []


def test_can_i_still_is_answered_and_a_yes_takes_up_the_offer(d):
    sc, t = _play(d, "return", 3, ["{email}", "can i still cancel {pending_order_id}?", "yes", "no longer needed", "yes"])
    said = _said(t)
    assert "is pending, so it can still be cancelled" in said[1] and said[1].endswith("cancel it now?"), said[1]
    assert "why you want to cancel" in said[2]  # the yes asked for the request, which still lists its details
    assert _calls(t) == [("cancel_pending_order", {"order_id": sc["pending_order_id"], "reason": "no longer needed"})]
    assert t.violations == []


def test_if_i_cancel_do_i_get_my_money_back_is_a_question(d):
    _, t = _play(d, "return", 3, ["{email}", "if i cancel {pending_order_id} will i get my money back?"])
    reply = _said(t)[-1]
    assert "can still be cancelled" in reply and "$934.75" in reply and "why you want to cancel" not in reply, reply
    assert "returned" not in reply and _writes(t) == [] and t.violations == []


def test_a_question_while_a_proposal_waits_is_answered_and_the_proposal_kept(d):
    sc, t = _play(d, "cancel", 3, ["{email}", "cancel {pending_order_id}, ordered by mistake",
                                   "wait, how much did i pay for it?", "ok yes"])
    said = _said(t)
    assert "It was paid" in said[-2] and "To confirm, I will cancel" in said[-2], said[-2]
    assert said[-2].count("Order #W") == 1, said[-2]  # "it": the order in hand, not every order on the account
    assert _calls(t) == [("cancel_pending_order", {"order_id": sc["pending_order_id"], "reason": "ordered by mistake"})]
    assert t.violations == []


@pytest.mark.parametrize("text", [
    "did i get refunded for the espresso machine yet?", "what is my default address on file?",
    "can i still change the address later if i need to?", "is #W5158064 cancelled?", "wheres my refund",
    "what did i order in #W9833379? dont change anything just tell me", "how much did I pay for order #W9833379?",
    "if i return the puzzle do i get a refund"])
def test_questions_read_as_questions(text):
    r = read(text, base_db())
    assert r.question and not r.intents & {"cancel", "return", "exchange", "modify", "address", "payment"}, text


@pytest.mark.parametrize("text", [
    "Can I send back the puzzle? I'd like a refund.", "Could I modify my order?", "Can you cancel my order #W5158064?",
    "if i need to return the puzzle, please do it", "is it possible to return the lamp?",
    "did my order ship? if not cancel it", "I want to return the t-shirt, when will I get the refund?",
    "The water bottle isn't right, could I get it in red instead?", "What's the status of #W5158064? cancel it please"])
def test_requests_stay_requests(text):
    assert not read(text, base_db()).question, text


# --- 2. a correction replaces what it corrects ------------------------------------------------------------
# cancel_plus, seed 903: pending #W9160732 and #W6979932

@pytest.mark.parametrize("fix", ["sorry wrong one, i meant {other_order_id}", "wait actually its {other_order_id} not that one",
                                 "oops not that one, {other_order_id}", "my bad, it's {other_order_id}",
                                 "no, {other_order_id} not {pending_order_id}"])
def test_a_corrected_order_replaces_the_one_named(d, fix):
    sc, t = _play(d, "cancel_plus", 3, ["cancel order {pending_order_id}, {email}", fix, "ordered by mistake", "yes"])
    assert _calls(t) == [("cancel_pending_order", {"order_id": sc["other_order_id"], "reason": "ordered by mistake"})]
    assert not any(sc["pending_order_id"] in s and "To confirm" in s for s in _said(t)[1:]), _said(t)
    assert t.violations == []


def test_a_corrected_order_keeps_the_reason_already_given(d):
    sc, t = _play(d, "cancel_plus", 3, ["{email}", "cancel {pending_order_id}, no longer needed",
                                        "sorry, its {other_order_id}", "yes"])
    assert _calls(t) == [("cancel_pending_order", {"order_id": sc["other_order_id"], "reason": "no longer needed"})]
    assert t.violations == []


def test_another_order_added_is_not_a_correction(d):
    sc, t = _play(d, "cancel_plus", 3, ["{email}", "cancel {pending_order_id}", "oh and also {other_order_id}",
                                        "no longer needed", "yes", "yes"])
    assert [a["order_id"] for _, a in _calls(t)] == [sc["pending_order_id"], sc["other_order_id"]]
    assert t.violations == []


@pytest.mark.parametrize("fix, street", [("sorry typo its 889 not 888", "889 Oak Street"), ("oops, 889", "889 Oak Street"),
                                         ("no sorry i meant 889", "889 Oak Street"),
                                         ("its elm street not oak street", "888 Elm Street")])
def test_a_corrected_address_replaces_the_part_corrected(d, fix, street):
    sc, t = _play(d, "address", 3, ["{email}", "please change the shipping address of {pending_order_id} to "
                                    "888 Oak Street, Austin, TX 78701", fix, "yes"])
    assert f"to {street}, Austin, TX 78701" in _said(t)[-2], _said(t)[-2]
    assert _calls(t) == [("modify_pending_order_address", {"order_id": sc["pending_order_id"], "address1": street,
                                                           "address2": "", "city": "Austin", "state": "TX",
                                                           "country": "USA", "zip": "78701"})]
    assert t.violations == []


def test_a_corrected_zip_code(d):
    _, t = _play(d, "address", 3, ["{email}", "ship {pending_order_id} to 12 Elm Street, Austin, TX 78701",
                                   "sorry the zip is 78702"])
    assert "12 Elm Street, Austin, TX 78702" in _said(t)[-1] and _writes(t) == [] and t.violations == []


# exchange, seed 903: delivered #W1867876 holds a black large polyester laptop Backpack
@pytest.mark.parametrize("lines", [
    ["i want to exchange the backpack from {delivered_order_id}", "green one. hmm no actually grey is better"],
    ["i wanna swap my backpack in {delivered_order_id} to navy... wait no, make it grey"],
    ["exchange the backpack from {delivered_order_id} for grey not green"],
    ["exchange the backpack from {delivered_order_id} for grey, not black or green"],
    ["exchange the backpack from {delivered_order_id} for the green one", "no, the grey one"],
])
def test_a_corrected_option_replaces_the_one_said_before(d, lines):
    _, t = _play(d, "exchange", 3, ["{email}"] + lines)
    reply = _said(t)[-1]
    assert "Backpack (black, large, polyester, laptop, $202.39) -> (grey," in reply, reply
    assert _writes(t) == [] and t.violations == []


@pytest.mark.parametrize("lines", [
    ["i want to return the puzzle... actually no, not the puzzle, the t-shirt. order {delivered_order_id}"],
    ["return the puzzle - wait no, the shirt. {delivered_order_id}"],
    ["return the t-shirt from {delivered_order_id}, not the puzzle"],
    ["return the puzzle from {delivered_order_id}", "scratch that, just the t-shirt"],
    ["i dont want to return the puzzle, just the tshirt from {delivered_order_id}"],
])
def test_a_corrected_item_replaces_the_one_said_before(d, lines):
    _, t = _play(d, "return", 3, ["{email}"] + lines + ["yes"])
    assert "return from order" in _said(t)[-2] and "T-Shirt" in _said(t)[-2] and "Puzzle" not in _said(t)[-2], _said(t)[-2]
    assert [len(a["item_ids"]) for _, a in _calls(t)] == [1] and t.violations == []


def test_an_item_added_after_is_added_not_a_correction(d):
    _, t = _play(d, "return", 3, ["{email}", "return the puzzle from {delivered_order_id}", "oh and the tshirt too"])
    assert "Jigsaw Puzzle" in _said(t)[-1] and "T-Shirt" in _said(t)[-1] and t.violations == []


# --- 3. two items of one product ----------------------------------------------------------------------------
# cancel, seed 903: delivered #W5955464 holds two Electric Kettles, (2L, glass, silver) and (1L, glass, black)

@pytest.mark.parametrize("line, kept", [
    ("return the black electric kettle from {delivered_order_id}", "(1L, glass, black)"),
    ("send back the silver kettle from {delivered_order_id}", "(2L, glass, silver)"),
    ("return the 2L kettle from {delivered_order_id} pls", "(2L, glass, silver)"),
    ("i want to return the kettle in silver from {delivered_order_id}", "(2L, glass, silver)"),
])
def test_an_item_named_with_its_option_picks_that_one(d, line, kept):
    _, t = _play(d, "cancel", 3, ["{email}", line, "yes"])
    proposal = _said(t)[-2]
    assert proposal.count("Electric Kettle") == 1 and f"Electric Kettle {kept}" in proposal, proposal
    assert [len(a["item_ids"]) for _, a in _calls(t)] == [1] and t.violations == []


@pytest.mark.parametrize("line", ["exchange the silver kettle from {delivered_order_id} for a black one",
                                  "swap my kettle in {delivered_order_id} for the black one"])
def test_an_exchange_to_an_option_changes_the_item_that_lacks_it(d, line):
    _, t = _play(d, "cancel", 3, ["{email}", line])
    reply = _said(t)[-1]
    assert "Electric Kettle (2L, glass, silver, $141.76) -> (1L, glass, black" in reply and reply.count("->") == 1, reply
    assert t.violations == []


@pytest.mark.parametrize("answer, kept", [("the black one", ["(1L, glass, black)"]), ("the first one", ["(2L, glass, silver)"]),
                                          ("both", ["(2L, glass, silver)", "(1L, glass, black)"])])
def test_an_item_that_could_be_either_is_asked_about(d, answer, kept):
    _, t = _play(d, "cancel", 3, ["{email}", "return one of the kettles in {delivered_order_id}", answer, "yes"])
    said = _said(t)
    assert "has two Electric Kettle items. Which one would you like to return" in said[1], said[1]
    assert said[2].count("Electric Kettle") == len(kept) and all(f"Electric Kettle {k}" in said[2] for k in kept), said[2]
    assert [len(a["item_ids"]) for _, a in _calls(t)] == [len(kept)] and t.violations == []


def test_of_two_identical_items_one_named_is_one(d):
    # held-out exchange seed 4: delivered #W4316152 holds two identical Tea Kettles (glass, 2 liters, induction)
    _, t = _play(d, "exchange", 0, ["{first_name} {last_name}, {zip}",
                                    "exchange the tea kettle from {delivered_order_id} for a 1 liter electric one"],
                 seed=d.heldout_seeds[4])
    reply = _said(t)[-1]
    assert reply.count("Tea Kettle (glass, 2 liters, induction") == 1 and "-> (glass, 1 liter, electric" in reply, reply
    assert t.violations == []


# --- 4. items named by another word of their name, and what cannot be found ---------------------------------

@pytest.mark.parametrize("family, line, names", [
    ("several_pending_edits", "for {pending_order_id} swap the tea kettle to glass and the luggage to blue softshell",
     ["Tea Kettle (ceramic, 1.5 liters, gas", "Luggage Set (4-piece, red, hardshell"]),
    ("modify_items", "for {pending_order_id} switch the helmet to white and also the vacuum to bagged",
     ["Cycling Helmet (L, red, high", "Vacuum Cleaner (robotic, bagless, cordless"]),
    ("modify_items", "change the dumbbells in {pending_order_id} to iron", ["Dumbbell Set (55-75 lbs, urethane"]),
    ("return", "send back the puzzle and the tshirt from {delivered_order_id}", ["Jigsaw Puzzle", "T-Shirt"]),
    ("return", "return the jigsaw & the tee from {delivered_order_id}", ["Jigsaw Puzzle", "T-Shirt"]),
    ("exchange", "exchange the vaccum in {delivered_order_id} for a robotic one", ["Vacuum Cleaner (canister"]),
])
def test_an_item_is_found_by_any_distinctive_word_of_its_name(d, family, line, names):
    _, t = _play(d, family, 3, ["{email}", line])
    reply = _said(t)[-1]
    # several_pending_edits: the customer's gift card ($18) does not cover the difference, which is said before any yes
    assert (reply.startswith("To confirm") or "doesn't cover that" in reply) and all(n in reply for n in names), reply
    assert "couldn't find" not in reply and t.violations == []


@pytest.mark.parametrize("family, line, missing, kept", [
    ("several_pending_edits", "for {pending_order_id} swap the luggage to blue and the lamp to black", "a Desk Lamp",
     "Luggage Set"),
    ("return", "can you return the puzzle and the frisbee from {delivered_order_id}", "a frisbee", "Jigsaw Puzzle"),
    ("return", "return the t-shirt and the headphones from {delivered_order_id}", "any Headphones", "T-Shirt"),
])
def test_what_the_order_does_not_hold_is_said_not_dropped(d, family, line, missing, kept):
    _, t = _play(d, family, 3, ["{email}", line])
    reply = _said(t)[-1]
    # (several_pending_edits: a change the customer's gift card cannot pay for is said so instead of proposed)
    assert reply.startswith(f"I couldn't find {missing} in order") and kept in reply and (
        "To confirm" in reply or "doesn't cover that" in reply), reply
    assert t.violations == []


@pytest.mark.parametrize("text, names, expect", [
    ("send back the tshirt", ["Jigsaw Puzzle", "T-Shirt"], ["T-Shirt"]),
    ("the t shirt and the jigsaw", ["Jigsaw Puzzle", "T-Shirt"], ["T-Shirt", "Jigsaw Puzzle"]),
    ("the luggage to blue", ["Luggage Set", "Dumbbell Set"], ["Luggage Set"]),
    ("my vaccum", ["Vacuum Cleaner", "Backpack"], ["Vacuum Cleaner"]),
    ("exchange the sneakers", ["Bluetooth Speaker", "Luggage Set"], []),  # a product of its own, not a typo
    ("please hurry, I'm in a rush", ["Electric Toothbrush", "Office Chair"], []),
    ("I'd prefer 60W equivalent daylight Bluetooth", ["LED Light Bulb", "Bluetooth Speaker"], []),  # an option
    ("instead of the notebook, send me something else", ["Notebook", "Grill"], ["Notebook"]),
    ("return everything but not the puzzle, the shirt", ["Jigsaw Puzzle", "T-Shirt"], ["T-Shirt"]),
])
def test_item_names_are_read_loosely_but_not_guessed(text, names, expect):
    assert mentioned_items(text, names) == expect


# --- 5. payment details ------------------------------------------------------------------------------------------
# payment, seed 905: pending #W5073920 paid with Mastercard 3088; a Visa 9452 on file too

def test_a_card_not_on_file_is_said_and_the_cards_listed(d):
    sc, t = _play(d, "payment", 5, ["{email}", "for {pending_order_id} pay with the card ending 4128", "the visa then", "yes"])
    said = _said(t)
    assert said[1].startswith("I don't see a card ending in 4128 on your account.") and "Mastercard ending in 3088" in said[1] \
        and "Visa ending in 9452" in said[1] and "To confirm" not in said[1], said[1]
    assert _calls(t) == [("modify_pending_order_payment", {"order_id": sc["pending_order_id"],
                                                           "payment_method_id": "credit_card_1864112"})]
    assert t.violations == []


@pytest.mark.parametrize("line", ["for {pending_order_id} i want it on my mastercard",
                                  "pay for {pending_order_id} with card ending in 3088"])
def test_the_method_already_used_is_said_to_be_used(d, line):
    _, t = _play(d, "payment", 5, ["{email}", line])
    reply = _said(t)[-1]
    assert reply.startswith("Order #W5073920 is already paid with your Mastercard ending in 3088.") and "To confirm" not in reply
    assert t.violations == []


@pytest.mark.parametrize("lines", [["for {pending_order_id} switch to my other card"],
                                   ["change the payment on {pending_order_id}", "my other card"],
                                   ["put {pending_order_id} on the card that ends in 9452"],
                                   ["{pending_order_id}: use the visa instead"]])
def test_the_card_named_is_the_card_proposed(d, lines):
    sc, t = _play(d, "payment", 5, ["{email}"] + lines + ["yes"])
    assert "to your Visa ending in 9452" in _said(t)[-2], _said(t)[-2]
    assert _calls(t) == [("modify_pending_order_payment", {"order_id": sc["pending_order_id"],
                                                           "payment_method_id": "credit_card_1864112"})]
    assert t.violations == []


def test_a_brand_not_on_file_is_said(d):
    _, t = _play(d, "payment", 5, ["{email}", "{pending_order_id} - charge my amex instead"])
    reply = _said(t)[-1]
    assert reply.startswith("I don't see an American Express card on your account.") and _writes(t) == [], reply
    assert t.violations == []


def test_a_question_beside_the_sign_in_is_still_a_question(d):
    _, t = _play(d, "cancel_plus", 3, ["hi {email} did i get refunded for the {delivered_item} yet?"])
    assert _writes(t) == [] and "Shall I go ahead" not in _said(t)[-1] and "refund" in _said(t)[-1], _said(t)[-1]
