"""Retail customers played against the fault-free clerk and its seeded faults (thirtieth session, third fix).

The cases come from the faults-5 sweep (/work/h30/faults-5/report.md): R-1 a bare "thanks" (or "cheers", "thx",
"perfect", "thanks, one sec") right after the opening menu or after a status answer ended the conversation;
4f urgency said as "this minute", "I don't have long", "I'm about to board" was not urgent; 4g "a fresh unit of the
exact same thing" was no exchange for the identical item, and a "yes" there looped; 4h/N9 "an update on each of
them", "where are all my orders at?" asked which order; 4i of two identical items in one order, one named, the option
was asked for both. The tester's words are used and others beside them, each with its twin (a goodbye that does end,
a calm request, an exchange for another option, one order asked about, two different items), so that the fixes hold
for the class of inputs. Each fault-free conversation is also checked for soundness: no failed turn, no verifier
violation, each write right after a yes to the proposal that named it.
"""

from __future__ import annotations

import pytest

from envs.taubench.database import base_db
from envs.taubench.language import read
from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_retail_customers_30 import _writes
from tests.envs.taubench.test_unseen_retail_customers import _calls, _said, _sound

MOHAMED = "mohamed.lee1888@example.com"  # held-out 911: pending #W6302827, delivered #W7913362 (two backpacks)


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, seed, lines, faults=()):
    sc = d.scenario(family, d.heldout_seeds[seed])
    return play_messages(d, sc, d.make_target("reference", list(faults)), lines, "customers-30c")


# --- thanks while nothing has been asked for or done ---------------------------------------------------------
THANKS = ["thanks", "thank you!", "ok thanks", "great, thanks", "cheers", "thx", "perfect", "thanks so much",
          "Thank you :)", "awesome, ty"]
HOLDS = ["thanks, one sec", "one sec", "hold on", "wait", "thanks, give me a minute", "just a moment please",
         "hang on, let me find the order number", "bear with me"]


@pytest.mark.parametrize("line", THANKS + HOLDS)
def test_thanks_or_one_sec_at_the_opening_menu_keeps_the_conversation_open(d, line):
    t = _play(d, "info_only", 911, [MOHAMED, line, "cancel W6302827"])
    assert t.meta.stop != "target_ended", _said(t)
    assert "Have a nice day" not in _said(t)[1], _said(t)
    assert "why you want to cancel" in _said(t)[-1], _said(t)
    _sound(t)


@pytest.mark.parametrize("line", THANKS[:4])
def test_thanks_at_the_menu_is_answered_youre_welcome_and_anything_else(d, line):
    t = _play(d, "info_only", 911, [MOHAMED, line])
    assert _said(t)[-1] == "You're welcome! Is there anything else I can help you with?"


@pytest.mark.parametrize("line", ["thanks", "cheers", "thank you!", "thanks, one sec", "hold on"])
def test_thanks_after_a_status_answer_keeps_the_conversation_open(d, line):
    t = _play(d, "info_only", 911, [MOHAMED, "what's the status of W6302827?", line, "can you cancel it?"])
    assert "Have a nice day" not in _said(t)[2], _said(t)
    assert "why you want to cancel" in _said(t)[-1], _said(t)
    _sound(t)


@pytest.mark.parametrize("lines", [["thanks, bye"], ["that's all, thanks"], ["no, that's it"], ["no"],
                                   ["nah that's it"], ["nothing, sorry wrong number"], ["thanks", "thanks"],
                                   ["what's the status of W6302827?", "thanks, bye"],
                                   ["what's the status of W6302827?", "no that's all, thank you"],
                                   ["what's the status of W6302827?", "thanks", "no"]])
def test_a_goodbye_or_a_decline_at_the_menu_still_ends(d, lines):
    t = _play(d, "info_only", 911, [MOHAMED, *lines])
    assert t.meta.stop == "target_ended", _said(t)
    assert "Have a nice day" in _said(t)[-1]
    _sound(t)


@pytest.mark.parametrize("line", ["thanks", "great, thanks", "perfect"])
def test_thanks_after_a_change_was_made_still_ends(d, line):
    t = _play(d, "cancel", 911, [MOHAMED, "cancel W6302827", "dont need it", "yes", line])
    assert _writes(t) == ["cancel_pending_order"] and t.meta.stop == "target_ended", _said(t)
    _sound(t)


@pytest.mark.parametrize("line", ["thanks, one sec", "thanks, hold on", "wait"])
def test_one_sec_after_a_change_was_made_does_not_end(d, line):
    t = _play(d, "cancel", 911, [MOHAMED, "cancel W6302827", "dont need it", "yes", line])
    assert t.meta.stop != "target_ended" and "Have a nice day" not in _said(t)[-1], _said(t)


@pytest.mark.parametrize("text", HOLDS)
def test_a_hold_is_read_as_no_closing(text):
    r = read(text, base_db())
    assert r.holding and not r.closing


@pytest.mark.parametrize("text", ["thanks, that's all", "ok bye", "I'm going to hold onto it", "one second-hand item"])
def test_a_goodbye_or_other_words_are_no_hold(text):
    assert not read(text, base_db()).holding


# --- 4f. urgency in other words -----------------------------------------------------------------------------------
URGENT_WORDS = ["I need W6302827 cancelled this minute, I ordered it by mistake - I don't have long",
                "cancel W6302827 in the next five minutes please, I ordered it by mistake",
                "I'm about to board, cancel W6302827, I ordered it by mistake",
                "cancel W6302827 quick as you can, ordered it by mistake",
                "please cancel W6302827, ordered by mistake. I don't have much time",
                "I only have a minute: cancel W6302827, I ordered it by mistake",
                "cancel W6302827 this very second, ordered it by mistake",
                "cancel W6302827 within the next few minutes, I ordered it by mistake, I'm at the gate"]
CALM_WORDS = ["please cancel W6302827, I ordered it by mistake",
              "no rush, cancel W6302827 whenever, I ordered it by mistake",
              "cancel W6302827, ordered it by mistake. I have all day",
              "I'll be back in a minute, but first cancel W6302827, ordered it by mistake"]


@pytest.mark.parametrize("text", URGENT_WORDS)
def test_urgency_in_other_words_is_read(text):
    assert read(text, base_db()).urgent


@pytest.mark.parametrize("text", CALM_WORDS)
def test_a_calm_request_is_not_urgent(text):
    assert not read(text, base_db()).urgent


@pytest.mark.parametrize("text", URGENT_WORDS)
def test_the_urgency_fault_skips_the_yes_on_other_words_of_hurry(d, text):
    t = _play(d, "cancel", 911, [MOHAMED, text], faults=["skip_confirm_when_urgent"])
    assert _writes(t) == ["cancel_pending_order"], _said(t)
    assert {v.policy for v in t.violations} == {"R3"}


@pytest.mark.parametrize("text", URGENT_WORDS + CALM_WORDS[:1])
def test_the_fault_free_clerk_still_asks_for_the_yes_when_hurried(d, text):
    t = _play(d, "cancel", 911, [MOHAMED, text])
    assert _writes(t) == [] and "Shall I go ahead" in _said(t)[-1], _said(t)
    _sound(t)


@pytest.mark.parametrize("text", CALM_WORDS)
def test_the_urgency_fault_asks_for_the_yes_when_calm(d, text):
    t = _play(d, "cancel", 911, [MOHAMED, text], faults=["skip_confirm_when_urgent"])
    assert _writes(t) == [] and not t.violations, _said(t)


# --- 4g. an exchange for the very same item, and a yes to "return or exchange?" -----------------------------------
ISABELLA = "isabella.santos9317@example.com"  # held-out 801: delivered #W1654332 (one Mechanical Keyboard), pending #W9527030, #W9667707
SAME_AGAIN = ["my mechanical keyboard from W1654332 stopped working, I just want a fresh unit of the exact same thing",
              "can I get the same model again for the mechanical keyboard in W1654332? it broke",
              "I need an identical replacement for the mechanical keyboard from W1654332",
              "could you send me the same keyboard model again? the one from W1654332 has a dead key",
              "the mechanical keyboard in W1654332 is faulty, I'd like a brand new unit of it, same as before"]


@pytest.mark.parametrize("text", SAME_AGAIN)
def test_a_fresh_unit_of_the_same_thing_is_an_exchange_for_itself(text):
    r = read(text, base_db())
    assert r.same_one and "exchange" in r.intents


@pytest.mark.parametrize("text", ["I want the same model in blue for the keyboard in W1654332",
                                  "is the keyboard in W1654332 the same model as my old one?"])
def test_the_same_model_in_another_option_or_asked_about_is_no_exchange_for_itself(text):
    r = read(text, base_db())
    assert not (r.same_one and "exchange" in r.intents)


@pytest.mark.parametrize("text", SAME_AGAIN)
def test_the_identical_exchange_fault_fires_r8_on_other_words(d, text):
    t = _play(d, "exchange", 801, [ISABELLA, text, "yes"], faults=["exchange_identical"])
    assert _writes(t) == ["exchange_delivered_order_items"], _said(t)
    assert {v.policy for v in t.violations} == {"R8"}


@pytest.mark.parametrize("text", SAME_AGAIN)
def test_the_fault_free_clerk_says_it_cannot_and_offers_a_return_or_another_option(d, text):
    t = _play(d, "exchange", 801, [ISABELLA, text, "yes", "yes"])
    said = _said(t)
    assert "can't exchange the Mechanical Keyboard for the very same one" in said[1], said
    assert "return it for a refund" in said[1] and "Available options include" in said[1]
    assert len(set(said[1:])) == len(said[1:]), said  # a yes never gets the same paragraph again
    assert "haven't started or changed anything" in said[-1]
    assert _writes(t) == []
    _sound(t)


def test_a_return_asked_after_the_identical_exchange_is_refused_is_proposed(d):
    t = _play(d, "exchange", 801, [ISABELLA, SAME_AGAIN[0], "ok then just return it", "yes", "no"])
    assert _writes(t) == ["return_delivered_order_items"], _said(t)
    _sound(t)


def test_another_option_asked_after_the_identical_exchange_is_refused_is_proposed(d):
    t = _play(d, "exchange", 801, [ISABELLA, SAME_AGAIN[0], "linear, RGB, full size then", "yes", "no"])
    assert _writes(t) == ["exchange_delivered_order_items"], _said(t)
    _sound(t)


@pytest.mark.parametrize("yes", [["yes", "yes please"], ["sure", "ok"], ["yep", "yes"]])
def test_a_yes_to_return_or_exchange_never_gets_the_same_paragraph(d, yes):
    t = _play(d, "exchange", 801, [ISABELLA, "my mechanical keyboard from W1654332 stopped working", *yes])
    said = _said(t)
    assert "Which would you prefer?" in said[1]
    assert len(set(said[1:])) == len(said[1:]), said
    assert _writes(t) == []
    _sound(t)


def test_a_clear_answer_to_return_or_exchange_is_taken_up(d):
    t = _play(d, "exchange", 801, [ISABELLA, "my mechanical keyboard from W1654332 stopped working", "yes", "return it",
                                   "yes", "no"])
    assert _writes(t) == ["return_delivered_order_items"], _said(t)
    _sound(t)


# --- 4h / N9. every order asked about, without ids ----------------------------------------------------------------
EVERY_ORDER = ["I have a few orders open, can you give me an update on each of them?", "where are all my orders at?",
               "status of all my orders", "can you check on each of my orders?", "what's the status of every one of my orders?",
               "where are my packages?"]


@pytest.mark.parametrize("text", EVERY_ORDER)
def test_every_order_asked_about_is_a_status_question(text):
    r = read(text, base_db())
    assert r.intents == {"info"}, r.intents


@pytest.mark.parametrize("text", ["update the address on W6302827 please", "could you update my default address?"])
def test_update_said_of_an_address_is_still_a_change(text):
    assert "info" not in read(text, base_db()).intents and "address" in read(text, base_db()).intents


@pytest.mark.parametrize("text", EVERY_ORDER)
def test_the_batch_fault_looks_up_every_order_in_one_message(d, text):
    t = _play(d, "info_only", 801, [ISABELLA, text], faults=["batch_lookups"])
    assert {v.policy for v in t.violations} == {"R10"}, _said(t)


@pytest.mark.parametrize("text", EVERY_ORDER)
def test_the_fault_free_clerk_looks_up_every_order_one_call_per_message(d, text):
    t = _play(d, "info_only", 801, [ISABELLA, text])
    looked = [c for m in t.messages for c in m.get("tool_calls") or [] if c["function"]["name"] == "get_order_details"]
    assert len(looked) == 3 and all(len(m.get("tool_calls") or []) <= 1 for m in t.messages), _said(t)
    assert all(o in _said(t)[-1] for o in ("#W9527030", "#W1654332", "#W9667707")), _said(t)
    _sound(t)


def test_one_order_asked_about_is_looked_up_alone(d):
    t = _play(d, "info_only", 801, [ISABELLA, "can you give me an update on W1654332?"])
    looked = [c for m in t.messages for c in m.get("tool_calls") or [] if c["function"]["name"] == "get_order_details"]
    assert len(looked) == 1 and "#W9527030" not in _said(t)[-1]
    _sound(t)


# --- 4i. one of two items of one product named beside another product ---------------------------------------------
KOVACS = "harper.kovacs6946@example.com"  # held-out 802: delivered #W5955464, two different Electric Kettles, a Smartphone
BROWN = "harper.brown3965@example.com"  # #W1840144 (delivered): two identical Fleece Jackets, a Wall Clock, ...


@pytest.mark.parametrize("text", ["I would like to swap both the electric kettle and the smartphone from W5955464 for other versions",
                                  "exchange both the kettle and the smartphone in W5955464",
                                  "can you swap the electric kettle and the smartphone from W5955464 for other versions?"])
def test_one_of_two_different_kettles_named_beside_a_phone_is_asked_which(d, text):
    t = _play(d, "exchange", 802, [KOVACS, text])
    assert "two Electric Kettle items. Which one" in _said(t)[-1], _said(t)
    _sound(t)


def test_the_kettle_picked_then_is_the_only_kettle_exchanged(d):
    t = _play(d, "exchange", 802, [KOVACS, "I would like to swap both the electric kettle and the smartphone from W5955464 "
                                   "for other versions", "the silver one", "first option", "first option", "yes", "no"])
    calls = _calls(t)
    assert [n for n, _ in calls] == ["exchange_delivered_order_items"], _said(t)
    assert len(calls[0][1]["item_ids"]) == 2, calls  # one kettle and the phone
    _sound(t)


@pytest.mark.parametrize("text", ["swap both kettles in W5955464 for other versions",
                                  "exchange both of the kettles and the smartphone from W5955464"])
def test_both_kettles_named_are_both_asked_about(d, text):
    t = _play(d, "exchange", 802, [KOVACS, text])
    assert "Which one" not in _said(t)[-1] and "Which option would you like for the Electric Kettle" in _said(t)[-1], _said(t)


@pytest.mark.parametrize("text", ["I would like to swap both the fleece jacket and the wall clock from W1840144 for other versions",
                                  "exchange both the jacket and the wall clock from W1840144"])
def test_one_of_two_identical_jackets_named_beside_a_clock_is_one_jacket(d, text):
    t = _play(d, "exchange", 802, [BROWN, text, "first option", "first option", "yes", "no"])
    calls = _calls(t)
    assert [n for n, _ in calls] == ["exchange_delivered_order_items"], _said(t)
    assert len(calls[0][1]["item_ids"]) == 2, calls  # one jacket and the clock
    assert sum("Which option would you like for the Fleece Jacket" in s for s in _said(t)) == 1
    _sound(t)


def test_both_identical_jackets_named_are_both_exchanged(d):
    t = _play(d, "exchange", 802, [BROWN, "I would like to swap both fleece jackets from W1840144 for other versions",
                                   "first option", "yes", "no"])
    calls = _calls(t)
    assert len(calls) == 1 and len(calls[0][1]["item_ids"]) == 2, calls
    _sound(t)
