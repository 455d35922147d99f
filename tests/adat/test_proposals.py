"""Proposals, outcomes in other wordings, plain tests through the customer's yes, "the same one" as a
replacement, and requests repeated after the action: written in wordings of other shops and desks,
then checked end to end on the retail reference target (its own phrasing is not the test's)."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest
from retail_scripted import scripted_discovery

from probe.adat.catalog import CONDITIONS
from probe.adat.extractor import extract_statements, find_cues, proposal_of, split_sentences
from probe.adat.judge import CPUJudge
from probe.adat.pipeline import detects, execute
from probe.adat.records import Evidence, Instruction, Statement, Test
from probe.adat.roles import RuleExtractor, TransformGenerator, plain_test
from probe.adat.runner import Runner
from probe.adat.transforms import TRANSFORMS, Context, request_index
from probe.core.registry import get_domain

# (reply, the proposal in it or None)
REPLIES = [
    ("Great. Just to recap, I'll move your table for four to Friday at 8 pm. Does that work, shall I go ahead?",
     "Just to recap, I'll move your table for four to Friday at 8 pm."),
    ("Here's what I can do: refund $40 to the Visa ending in 1234 within five days. Should I proceed with that?",
     "Here's what I can do: refund $40 to the Visa ending in 1234 within five days."),
    ("OK. I will renew the two books until 12 June. Do you want me to renew them?",
     "I will renew the two books until 12 June."),
    # the summary right before the question, not the acknowledgement before it
    ("You picked the 9:40 train. Here is the summary: 2 seats to Lyon on 3 May, second class, 58 euros. Shall I book it?",
     "Here is the summary: 2 seats to Lyon on 3 May, second class, 58 euros."),
    ("To confirm, I will return the blue lamp from order 5531 and refund $40 to your Visa. You'll get an email "
     "about it. Shall I go ahead?", "To confirm, I will return the blue lamp from order 5531 and refund $40 to your Visa."),
    # a rule sentence is not the proposal; the plain summary after it is
    ("Refunds must go to the original card. So: $40 back to the Visa ending in 1234. Would you like me to do that?",
     "So: $40 back to the Visa ending in 1234."),
    # no confirmation question: nothing is proposed
    ("I will renew the two books until 12 June. Is there anything else?", None),
    # too short to say what would be done
    ("Sure thing. Shall I go ahead?", None),
]


@pytest.mark.parametrize("reply,want", REPLIES)
def test_the_proposal_is_the_plain_sentence_before_the_confirmation_question(reply, want):
    assert proposal_of(split_sentences(reply)) == want


def _trace(tid: str, scenario: dict, turns: list[tuple[str, str]]):
    messages = [{"role": "system", "content": "s"}]
    for user, agent in turns:
        messages += [{"role": "user", "content": user}, {"role": "assistant", "content": agent}]
    return SimpleNamespace(id=tid, scenario=scenario, messages=messages, env="x", seed=0)


def test_a_proposal_is_a_statement_of_its_own_next_to_the_question():
    tr = _trace("p1", {"family": "renew", "member_id": "M-4411"},
                [("Hi, can I keep my books longer? Member M-4411.",
                  "I will renew the two books of member M-4411 until 12 June. Do you want me to renew them?")])
    sts = extract_statements([tr])
    (prop,) = [s for s in sts if "proposal" in s.cues]
    assert prop.kind == "obligation" and prop.grounded
    assert prop.behaviour == "I will renew the two books of <a member> until <a date>."
    assert any("confirm_q" in s.cues for s in sts)


# outcomes worded as a state ("is updated", "are changed", "is requested"), from other desks
OUTCOMES = ["Your delivery address is now updated.", "The two tickets are changed to the later show.",
            "The return for order 5531 is requested; a label is on its way.", "Your refund is processed."]


def test_outcomes_worded_as_a_new_state_are_kept():
    for s in OUTCOMES:
        assert [c.kind for c in find_cues(s)] == ["outcome"], s
    for s in ["Which address should be updated?", "What would you like changed?", "Has it been requested before?"]:
        assert "outcome" not in [c.kind for c in find_cues(s)], s


def _st(cues: list[str], kind: str = "obligation", user_turn: int = 1, trace_id: str = "d") -> Statement:
    ev = Evidence(trace_id=trace_id, message_index=3, reply="r", request="q", user_turn=user_turn)
    return Statement(id="h", text="x", condition="q", behaviour="I will renew the two books.", kind=kind,
                     evidence=[ev], support=1, confidence=1.0, cues=cues)


def test_a_plain_test_of_a_proposal_goes_through_the_customers_yes():
    tr = SimpleNamespace(id="d", env="mock", seed=3, scenario={"family": "renew", "seed": 3},
                         messages=[{"role": "user", "content": "Can I keep my books longer?"},
                                   {"role": "assistant", "content": "Your card number?"},
                                   {"role": "user", "content": "It's 4411."},
                                   {"role": "assistant", "content": "I will renew ... Do you want me to?"},
                                   {"role": "user", "content": "Yeah, sounds good."},
                                   {"role": "assistant", "content": "Done."},
                                   {"role": "user", "content": "Bye."}])
    for cues in (["proposal"], ["confirm_q"]):
        t = plain_test(_st(cues), {"d": tr})
        assert t.step_hints == ["Can I keep my books longer?", "It's 4411.", "Yeah, sounds good."] and t.check_turn == 1
    # a rule stated in the reply that asks for the yes goes through the yes too (the reply waits for it)
    assert plain_test(_st(["must"], "rule"), {"d": tr}).step_hints == ["Can I keep my books longer?", "It's 4411.",
                                                                      "Yeah, sounds good."]
    # a rule in a reply that asks for nothing is tested up to its request only
    tr.messages[3]["content"] = "You must return the damaged one first."
    assert plain_test(_st(["must"], "rule"), {"d": tr}).step_hints == ["Can I keep my books longer?", "It's 4411."]
    # and a proposal answered with a no stops before it
    tr.messages[4]["content"] = "Hmm, no, leave it."
    assert plain_test(_st(["proposal"]), {"d": tr}).step_hints == ["Can I keep my books longer?", "It's 4411."]


@pytest.mark.parametrize("text,want", [
    ("Can I swap the blue mug for a red one?", "Can I swap the blue mug for the same one?"),
    ("I want the lamp in order 88 changed to black, can you do that?",
     "I want the lamp in order 88 changed to the same one, can you do that?"),
    ("Hi, I'd like to exchange my jacket for size L please.", "Hi, I'd like to exchange my jacket for the same one please."),
    ("Could you replace the kettle with the 2-litre model.", "Could you replace the kettle with the same one."),
])
def test_making_two_inputs_equal_asks_for_the_same_one_in_a_replacement(text, want):
    hints, st = [text, "It's Ana Ruiz."], _st(["proposal"])
    assert CONDITIONS["has_two_values"](st, hints, 1, {})
    res = TRANSFORMS["make_two_equal"](Context(hints, 1, st))
    assert res.hints == [want, "It's Ana Ruiz."] and res.check == 1


def test_no_replacement_no_pair():
    st = _st(["proposal"])
    for text in ["I want to talk to someone.", "Exchange it for the same one.", "Where is my parcel?"]:
        assert not CONDITIONS["has_two_values"](st, [text], 0, {}), text
        assert TRANSFORMS["make_two_equal"](Context([text], 0, st)) is None


def test_the_request_is_the_latest_turn_that_asks_for_something():
    hints = ["Hello, could you move my dentist appointment to Monday?", "Lee Chan, born 1980.", "Sure."]
    assert request_index(hints, 1) == 0 and request_index(hints, 2) == 0
    assert request_index(["Hi.", "I need a refund for the broken chair.", "Ok."], 2) == 1
    assert request_index(["Hi.", "Lee Chan."], 1) == 0  # nothing asks: the opening turn
    assert request_index(["Yes.", "Ok."], 1) is None


def test_after_the_action_the_request_is_made_again_and_confirmed_as_before():
    hints = ["Hello, could you move my dentist appointment to Monday?", "Lee Chan, born 1980.", "Sure."]
    res = TRANSFORMS["request_after_action"](Context(hints, 1, _st(["proposal"]), rng=random.Random(0)))
    assert res.hints == hints + ["Thanks. One more thing: could you move my dentist appointment to Monday?", "Sure."]
    assert res.check == 3
    res = TRANSFORMS["request_after_action"](Context(["I'd like a refund for the chair."], 0, _st(["confirm_q"])))
    # the yes written for the first proposal answers the second one too
    assert res.hints == ["I'd like a refund for the chair.", "Yes, go ahead.",
                         "Thanks. One more thing: I'd like a refund for the chair.", "Yes, go ahead."]


# --- end to end on the retail reference target ------------------------------------------------------

RETAIL = get_domain("taubench-retail")



def _transformed(gen: TransformGenerator, st: Statement, plain: Test, sts, fields, iid: str, name: str, cond: str) -> Test:
    ins = Instruction(id=iid, factor="state", text="x", applicability=cond, transformation=name)
    test, why = gen.transformed(st, ins, plain, sts, fields)
    assert test is not None, why
    return test


def test_on_retail_the_same_one_and_a_repeated_exchange_catch_their_faults():
    runner, judge = Runner(RETAIL), CPUJudge(RETAIL)
    sc = runner.scenario("exchange", 5)
    hints = [f"Hey, could you swap the {sc['delivered_item']} in order {sc['delivered_order_id']} for a "
             f"{sc['delivered_option']} version?", f"Email's {sc['email']}", "Yep, do it."]
    tr = scripted_discovery(runner, "exchange", 5, hints)
    sts = RuleExtractor().statements([tr])
    (prop,) = [s for s in sts if "proposal" in s.cues]
    gen = TransformGenerator(0)
    plain = gen.plain(prop, {tr.id: tr})
    assert plain.step_hints == hints and plain.check_turn == 1
    base = execute(runner, judge, plain)
    assert base.verdict.verdict == "pass" and not base.verdict.policies
    same = _transformed(gen, prop, plain, sts, sc, "K27", "make_two_equal", "has_two_values")
    assert "for the same one?" in same.step_hints[0]
    ok, bad = execute(runner, judge, same), execute(runner, judge, same, ["exchange_identical"], "exchange_identical")
    assert not ok.verdict.policies and "R8" in bad.verdict.policies and detects(ok.verdict, bad.verdict)
    again = _transformed(gen, prop, plain, sts, sc, "K85", "request_after_action", "always")
    ok, bad = execute(runner, judge, again), execute(runner, judge, again, ["per_item_calls"], "per_item_calls")
    assert not ok.verdict.policies and "R6" in bad.verdict.policies and detects(ok.verdict, bad.verdict)


def test_the_confirmation_a_state_change_works_on_is_the_answer_to_the_checked_proposal():
    # two requests, each confirmed; the test checks the second proposal
    hints = ["Could you move my order 88 to my new flat?", "Kim Berg.", "Yes.", "Yes, and I'd like the lamp in it in red.",
             "Yes, do it."]
    st = _st(["proposal"])
    res = TRANSFORMS["drop_confirmation"](Context(hints, 3, st))
    assert res.hints == hints[:4]
    res = TRANSFORMS["confirm_other_option"](Context(hints, 3, st))
    assert res.hints == hints[:4] + ["Yes, but the other option, not that one."] and res.check == 4
    # checked at the confirmation itself (an outcome): that one
    assert TRANSFORMS["drop_confirmation"](Context(hints[:3], 2, _st(["outcome"], "outcome"))).hints == hints[:2]
