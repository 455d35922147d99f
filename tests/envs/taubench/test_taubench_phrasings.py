"""The retail reference target on plain customer English it was not written from: identity in two
messages, affirmatives inside a sentence, other words for a return or a reason; and its yes is never
looser than the verifiers' (a no-fault target must not write on a reply the oracle rejects)."""

from __future__ import annotations

import pytest

from envs.taubench.data import TauBenchDataMissing, load_splits

try:
    load_splits()
except TauBenchDataMissing as e:  # pragma: no cover - the data package is a setup step
    pytest.skip(str(e), allow_module_level=True)

from envs.taubench.database import base_db
from envs.taubench.language import read
from envs.taubench.verifier_text import is_confirmation
from probe.core.registry import get_domain
from probe.core.scripts import play_messages


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, k, lines):
    sc = d.scenario(family, d.heldout_seeds[900 + k])
    lines = [line.format(**{a: b for a, b in sc.items() if isinstance(b, str)}) for line in lines]
    return sc, play_messages(d, sc, d.make_target("reference", []), lines, "phrasing")


def _writes(trace):
    return [c["function"]["name"] for m in trace.messages for c in m.get("tool_calls") or []
            if c["function"]["name"] in ("return_delivered_order_items", "cancel_pending_order",
                                         "exchange_delivered_order_items", "modify_pending_order_payment",
                                         "modify_user_address", "modify_pending_order_address")]


REPLIES = ["Yes please.", "Sounds good.", "Perfect, thanks.", "Definitely.", "Go for it.", "Please proceed.",
           "Alright, do it.", "All right.", "That works.", "Fine, go ahead.", "Great, go ahead.", "Sure thing.",
           "Yes, that's right.", "Ok go ahead", "Absolutely, thanks!", "Yes - please cancel it.", "Correct.",
           "Yes, but only the lamp.", "Yes, no longer needed.", "Hmm, maybe.", "No, wait.", "Not yet.",
           "Yes? what will it cost", "Okay, do it, but wait.", "That's fine.", "ok so what are my options",
           "the correct address is 1 Main St", "Make sure it's the blue one", "I'm not sure, okay?", "y", "k",
           "Yea.", "affirmative", "of course", "y not", "k, but wait", "yesterday", "kind of"]


def test_target_yes_is_never_looser_than_the_verifiers():
    db = base_db()
    for text in REPLIES:
        if read(text, db).yes:
            assert is_confirmation(text), text
    for text in ("Fine, go ahead.", "Please proceed.", "Sounds good.", "Go for it.", "Great, go ahead.", "y", "k", "Yea.",
                 "certainly"):
        assert read(text, db).yes, text


def test_name_and_zip_in_two_messages(d):
    sc, t = _play(d, "return", 0, ["hey there, I need to send back the {delivered_item} I got",
                                   "sure, it's {first_name} {last_name}", "zip is {zip}",
                                   "order {delivered_order_id}", "Sounds good."])
    said = [m["content"] for m in t.messages if m["role"] == "assistant" and m.get("content")]
    assert "zip code" in said[1] and sc["first_name"] in said[1]  # asks for the missing half
    assert _writes(t) == ["return_delivered_order_items"] and t.violations == []


def test_cancel_with_other_words(d):
    _, t = _play(d, "cancel", 1, ["Hello. I want to get my order {pending_order_id} cancelled please.",
                                  "you can find me under {email}", "I don't want it anymore.", "Fine, go ahead."])
    assert _writes(t) == ["cancel_pending_order"] and t.violations == []
    call = next(c for m in t.messages for c in m.get("tool_calls") or [] if c["function"]["name"] == "cancel_pending_order")
    assert "no longer needed" in call["function"]["arguments"]


def test_default_address_the_same_as_the_order(d):
    sc, t = _play(d, "address", 4, ["my order {pending_order_id} needs to go to my new place: {new_address}", "{email}",
                                    "yes please", "Can you also change the address on my profile to the same?", "yes"])
    assert _writes(t) == ["modify_pending_order_address", "modify_user_address"] and t.violations == []


def test_identity_asked_again_says_why(d):
    _, t = _play(d, "exchange", 2, ["Hi, I need help with an exchange.", "What are my options?"])
    said = [m["content"] for m in t.messages if m["role"] == "assistant" and m.get("content")]
    assert said[0] != said[1] and "return or exchange" in said[1] and "verify" in said[1]


def _said(t):
    return [m["content"] for m in t.messages if m["role"] == "assistant" and m.get("content")]


@pytest.mark.parametrize("family,k,line,expect", [
    ("return", 0, "could I send back the {pending_item} from {pending_order_id}?", "still pending"),
    ("return", 5, "{pending_order_id} - I want my money back for it", "can't be returned"),
    ("address", 1, "please ship {delivered_order_id} to {new_address} instead", "already delivered"),
    ("payment", 3, "charge {delivered_order_id} to my paypal instead", "already delivered"),
])
def test_a_request_the_order_status_rules_out_is_answered_not_passed_over(d, family, k, line, expect):
    """A return on a pending order, an address or payment change on a delivered one: the target says
    why it can't, instead of asking "anything else?" as if the request had been handled."""
    _, t = _play(d, family, k, ["{email}", line])
    reply = _said(t)[-1]
    assert expect in reply and "can't" in reply, reply
    assert _writes(t) == [] and t.violations == []


def test_a_change_to_a_delivered_order_offers_only_what_policy_allows(d):
    _, t = _play(d, "exchange", 2, ["{email}", "I need to change something about {delivered_order_id}"])
    reply = _said(t)[-1]
    assert "exchange" in reply and "payment method?" not in reply, reply
    _, t = _play(d, "modify_items", 2, ["{email}", "I need to change something about {pending_order_id}"])
    assert "shipping address or the payment method?" in _said(t)[-1]


@pytest.mark.parametrize("line", [
    "how long will the refund take?", "When do I get my money back?", "how many days till the refund shows up",
    "and the refund, when does that hit my card?", "When will I be reimbursed?", "will the refund take long?",
])
def test_a_question_about_refund_timing_is_answered_from_policy(d, line):
    """Not read as a return (which asked "which order?" and then fell silent): policy answers it."""
    _, t = _play(d, "return", 4, ["{email}", line])
    reply = _said(t)[-1]
    assert "5-7 business days" in reply and "Which order" not in reply, reply
    assert _writes(t) == [] and t.violations == []


def test_a_refund_question_beside_a_request_gets_both(d):
    _, t = _play(d, "return", 6, ["{email}", "I'd like to send back the {delivered_item} from {delivered_order_id}. "
                                  "When does the refund come through?"])
    reply = _said(t)[-1]
    assert "5-7 business days" in reply and "Shall I go ahead" in reply, reply


def test_a_question_while_a_proposal_waits_keeps_it_listed_for_the_yes(d):
    """Answered, then the action's details said again: the yes that follows still confirms them (R3)."""
    _, t = _play(d, "cancel", 1, ["{email}", "please cancel {pending_order_id}, I ordered it by mistake",
                                  "hold on, how long does the refund take?", "ok yes"])
    said = _said(t)
    assert "5-7 business days" in said[-2] and "To confirm, I will cancel" in said[-2], said[-2]
    assert _writes(t) == ["cancel_pending_order"] and t.violations == []
    # a yes that also asks something says more than yes (probe.targets.consent): the question is answered,
    # the proposal listed again, and the next yes confirms it
    _, t = _play(d, "cancel", 1, ["{email}", "please cancel {pending_order_id}, I ordered it by mistake",
                                  "Yes, go ahead, and tell me how long the refund takes."])
    assert _writes(t) == [] and "5-7 business days" in _said(t)[-1] and "Shall I go ahead" in _said(t)[-1]
    _, t = _play(d, "cancel", 1, ["{email}", "please cancel {pending_order_id}, I ordered it by mistake",
                                  "Yes, go ahead, and tell me how long the refund takes.", "yes"])
    assert _writes(t) == ["cancel_pending_order"] and t.violations == [] and "is cancelled" in _said(t)[-1]
    _, t = _play(d, "return", 4, ["{email}", "I want a refund for the {delivered_item} in {delivered_order_id}"])
    assert "Shall I go ahead" in _said(t)[-1] and "business days" not in _said(t)[-1]  # a refund asked for is a return


@pytest.mark.parametrize("line", ["can {pending_order_id} go on a different card?",
                                  "for {pending_order_id}, put it on my other card",
                                  "I'd rather use another card for {pending_order_id}"])
def test_a_card_named_without_its_kind_is_a_payment_change(d, line):
    _, t = _play(d, "payment", 2, ["{email}", line])
    assert "Which payment method would you like to use" in _said(t)[-1], _said(t)[-1]


def test_a_return_of_a_modified_pending_order_is_refused_aloud(d):
    _, t = _play(d, "modify_items", 0, ["{email}", "I want to change the {pending_item} in {pending_order_id}",
                                         "silver black", "yes", "can I return {pending_order_id} then?"])
    calls = [c["function"]["name"] for m in t.messages for c in m.get("tool_calls") or []]
    assert "modify_pending_order_items" in calls and _writes(t) == []  # modified, then nothing else written
    reply = _said(t)[-1]
    assert "still pending" in reply and "modified" in reply, reply
    assert t.violations == []


def test_no_fixed_sentence_of_the_compliant_target_is_hidden_from_the_auditor(d):
    """The clerk's menu once said policy.md's list back word for word, so the observation redacted it
    as prompt text: every customer saw "I can [redacted], update your default address"."""
    from probe.core.corpus import example_record, played_corpus

    texts = [turn[1] for ex in played_corpus(d, 40, 3) for turn in example_record(ex)[1] if turn[0] == "assistant"]
    assert texts and not [t for t in texts if "[redacted]" in t]


def test_a_refund_question_about_one_order_gets_the_answer_and_the_order(d):
    _, t = _play(d, "return", 0, ["hi, {email}", "when do I get my money back for {delivered_order_id}?"])
    reply = _said(t)[-1]
    assert reply.startswith("Refunds reach") and "is delivered" in reply and "Which order" not in reply, reply
    assert _writes(t) == [] and t.violations == []


CLOSINGS = ["Nope, I'm all sorted.", "That should be everything, cheers.", "No, you've answered everything.",
            "All done here, thanks a bunch!", "No thanks, that's all I needed.", "nah im good", "No.",
            "Great, that's perfect, thank you", "Much appreciated, have a good one"]
STAYS_OPEN = ["Thanks, but I forgot something", "Wait, I forgot something", "Actually yes",
              "I'd like help with something else", "Hmm, one more question"]


@pytest.mark.parametrize("line", CLOSINGS + STAYS_OPEN)
def test_an_answer_to_anything_else_that_asks_for_nothing_closes_the_conversation(d, line):
    """After "Is there anything else I can help you with?", a customer who is done is told goodbye
    (the clerk used to answer "That's it, thank you." with its menu, and a customer who then said
    "thanks" again got "anything else?" again); one who is not gets the menu."""
    _sc, t = _play(d, "cancel", 3, ["{email}", "cancel {pending_order_id}", "no longer needed", "yes", line])
    said = [m["content"] for m in t.messages if m["role"] == "assistant" and m.get("content")]
    assert said[-2].endswith("Is there anything else I can help you with?")
    if line in CLOSINGS:
        assert "Have a nice day!" in said[-1] and "How can I help" not in said[-1], (line, said[-1])
    else:
        assert said[-1].startswith("How can I help you today?"), (line, said[-1])
    assert _writes(t) == ["cancel_pending_order"] and not t.violations


@pytest.mark.parametrize("line, expect", [
    ("Forget the address, I want to cancel an order instead.", "which order"),
    ("I want to change the credit card.", "which order"),
    ("hmm actually can I switch how I paid for my order instead", "which order"),
    ("Never mind that, I need to send something back", "which order"),
])
def test_another_request_while_an_address_is_awaited_replaces_the_address_change(d, line, expect):
    """The clerk asked for a new address and the customer asked for something else without naming an
    order: the new request is served (the clerk used to ask for the address again, every turn: 26
    turns of one training run repeated "What is the new address")."""
    _sc, t = _play(d, "address", 0, ["{email}", "I moved, please update my address on my account", line])
    said = [m["content"] for m in t.messages if m["role"] == "assistant" and m.get("content")]
    assert "new address" in said[-2]
    assert "new address" not in said[-1] and expect in said[-1].lower(), said[-1]
    assert not t.violations and not _writes(t)


# --- dropping a request, side questions (sixteenth session) ------------------------------------
# Before: "Actually, never mind." / "Forget it." / "I'll keep it." while the clerk asked for a
# cancellation reason or a new address got that question again, turn after turn, and a question
# outside what the clerk does ("Is there a fee?") was passed over in silence.

@pytest.mark.parametrize("line", ["Actually, never mind.", "Forget it.", "I'll pass, thanks.", "Not interested anymore.",
                                  "Leave it as it is.", "I don't want to cancel it anymore.", "Actually I'll keep it.",
                                  "Hmm, let's just drop it."])
def test_a_cancellation_can_be_dropped_while_its_reason_is_asked(d, line):
    sc, t = _play(d, "cancel", 3, ["{email}", "cancel {pending_order_id}", line, "No, that's all, thanks."])
    said = [m["content"] for m in t.messages if m["role"] == "assistant" and m.get("content")]
    assert said[-2] == f"No problem, I have left order {sc['pending_order_id']} as it is. Is there anything else I " \
                       "can help you with?", said[-2]
    assert not _writes(t) and t.violations == []


@pytest.mark.parametrize("line", ["Never mind.", "Forget it, I'll stay where I am."])
def test_an_address_change_can_be_dropped_while_the_address_is_asked(d, line):
    _, t = _play(d, "address", 0, ["{email}", "I moved, please update my address on my account", line])
    assert "anything else" in t.messages[-1]["content"] and not _writes(t), t.messages[-1]["content"]


@pytest.mark.parametrize("line", ["Changed my mind.", "No longer needed."])
def test_a_reason_is_still_a_reason(d, line):
    _, t = _play(d, "cancel", 3, ["{email}", "cancel {pending_order_id}", line])
    assert t.messages[-1]["content"].startswith("To confirm, I will cancel"), t.messages[-1]["content"]


# ("Is there a fee?" is answered now: a cancellation refunds the full amount, tests/envs/taubench/test_unseen_retail_customers.py)
@pytest.mark.parametrize("line", ["Do you price match?", "What's your phone number?"])
def test_a_question_it_cannot_answer_is_said_so_then_the_question_again(d, line):
    _, t = _play(d, "cancel", 3, ["{email}", "cancel {pending_order_id}", line])
    said = t.messages[-1]["content"]
    assert said.startswith("Sorry, I can't help with that here.") and "why you want to cancel" in said, said


def test_what_did_you_say_repeats_the_question(d):
    _, t = _play(d, "cancel", 3, ["{email}", "cancel {pending_order_id}", "Sorry, what did you say?"])
    said = [m["content"] for m in t.messages if m["role"] == "assistant" and m.get("content")]
    assert said[-1] == f"Of course. {said[-2]}"


# --- seventeenth session: an item named by a shorter word, another request in place of the one in hand --------

@pytest.mark.parametrize("text, names, expect", [
    ("cancel the watch order pls", ["Wristwatch", "Electric Kettle"], ["Wristwatch"]),
    ("my phone stopped working", ["Smartphone", "Laptop"], ["Smartphone"]),
    ("both phones", ["Smartphone", "Laptop"], ["Smartphone"]),
    ("the board", ["Skateboard", "Mechanical Keyboard"], []),  # two names end so: not a guess
    ("the kettle", ["Electric Kettle", "Tea Kettle"], []),
    ("a note about it", ["Notebook"], []),
    ("What's your phone number?", ["Smartphone"], []),
])
def test_an_item_named_by_the_end_of_its_name(text, names, expect):
    from envs.taubench.language import mentioned_items  # noqa: PLC0415

    assert mentioned_items(text, names) == expect


def test_an_order_found_by_a_shorter_word_for_its_item(d):
    sc = d.scenario("cancel", d.heldout_seeds[903])
    assert sc["pending_item"] == "wristwatch"  # the account's only watch
    _, t = _play(d, "cancel", 3, ["my email is {email}", "what did I order recently?", "cancel the watch order pls",
                                  "no longer needed", "yes"])
    calls = [c["function"] for m in t.messages for c in m.get("tool_calls") or []]
    assert calls[-1]["name"] == "cancel_pending_order" and sc["pending_order_id"] in calls[-1]["arguments"]
    assert not t.violations


@pytest.mark.parametrize("line, expect", [
    ("hmm, actually can I just change the color instead?", "what would you like to change"),
    ("rather than cancelling, can I swap it for another one?", "which items of order"),
    ("Actually I'd prefer to update the shipping address.", "new shipping address"),
])
def test_another_request_in_place_of_a_cancellation_waiting_for_its_reason(d, line, expect):
    _, t = _play(d, "cancel", 3, ["{email}", "cancel {pending_order_id}", line])
    said = t.messages[-1]["content"]
    assert "why you want to cancel" not in said and expect in said.lower(), said
    assert not _writes(t) and not t.violations


def test_a_refund_asked_to_another_kind_of_method_says_where_it_can_go(d):
    sc, t = _play(d, "return", 3, ["my email: {email}", "I want a refund for the {delivered_item}", "refund to my card"])
    said = t.messages[-1]["content"]
    assert said.startswith("A refund can only go to the original payment method or to a gift card"), said
    assert not _writes(t)


@pytest.mark.parametrize("text, kind", [("refund to my card", "credit_card"), ("use my debit card", "credit_card"),
                                        ("put it on my gift card", "gift_card"), ("the same card as before", None)])
def test_my_card_is_a_credit_card_unless_it_is_a_gift_card(d, text, kind):
    r = read(text, base_db())
    assert r.payment_kind == kind or (kind is None and r.original_payment), (text, r.payment_kind)


@pytest.mark.parametrize("line, k", [("whatever is available, the first one", 0), ("the second one", 1),
                                     ("Option 3 please", 2), ("doesn't matter, you choose", 0)])
def test_a_pick_among_the_listed_options_is_taken(d, line, k):
    sc, t = _play(d, "exchange", 3, ["{email}", "I want to swap the {delivered_item} from {delivered_order_id} for a "
                                     "different color", line])
    said = [m["content"] for m in t.messages if m["role"] == "assistant" and m.get("content")]
    listed = said[-2].split("Available options include: ")[1].rstrip(".").split("; ")
    assert said[-1].startswith("To confirm, I will exchange") and f"-> ({listed[k]}," in said[-1], said[-1]
    assert not _writes(t) and not t.violations


def test_a_name_written_last_name_first_authenticates(d):
    sc, t = _play(d, "cancel", 3, ["{last_name}, {first_name}. {zip}", "cancel {pending_order_id}"])
    calls = [c["function"]["name"] for m in t.messages for c in m.get("tool_calls") or []]
    assert calls[0] == "find_user_id_by_name_zip" and "why you want to cancel" in t.messages[-1]["content"]


def test_my_pending_order_is_the_one_pending_order(d):
    sc, t = _play(d, "cancel", 3, ["{email}", "please cancel my pending order"])
    said = t.messages[-1]["content"]  # this customer has one pending order among several
    assert "Which order is this about?" not in said and "why you want to cancel" in said, said
    assert any(sc["pending_order_id"] in c["function"]["arguments"] for m in t.messages for c in m.get("tool_calls") or [])


@pytest.mark.parametrize("line", ["are you a bot?", "Is this a bot?"])
def test_are_you_a_bot_is_answered_before_the_identity_question(d, line):
    _, t = _play(d, "cancel", 3, [line])
    said = t.messages[-1]["content"]
    assert said.startswith("I'm the store's virtual assistant, not a person.") and "verify your identity" in said, said
