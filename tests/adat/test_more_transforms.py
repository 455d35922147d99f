"""The CPU transformations added for the rest of the catalog, the hand-off statement, and what a
regression re-run counts as a detection."""

from __future__ import annotations

import random

import pytest

from probe.adat.catalog import load_catalog
from probe.adat.extractor import find_cues
from probe.adat.judge import TARGET_FAILED, CPUJudge
from probe.adat.pipeline import detects, execute
from probe.adat.records import Evidence, Instruction, ScenarioRef, Statement, Test, Verdict
from probe.adat.roles import RuleExtractor, TransformGenerator
from probe.adat.runner import Runner
from probe.adat.transforms import TRANSFORMS, Context
from probe.core.registry import get_domain


def _st(behaviour: str = "Shall I go ahead (yes/no)?", kind: str = "obligation", cues=("confirm_q",)) -> Statement:
    ev = Evidence(trace_id="t", message_index=1, reply="r", request="q", user_turn=2)
    return Statement(id="h", text="x", condition="q", behaviour=behaviour, kind=kind, evidence=[ev], support=1,
                     confidence=1.0, cues=list(cues))


HINTS = ["Hello, I need help with an order.", "Sara Doe, zip 19122.",
         "Please cancel order #W2378156, I ordered it by mistake and want the 2 lamps gone."]


def _run(name: str, hints=HINTS, check: int = 2, st: Statement | None = None, others=(), fields=None):
    return TRANSFORMS[name](Context(list(hints), check, st or _st(), fields or {"first_name": "Sara", "last_name": "Doe"},
                                    random.Random(3), list(others)))


def test_every_instruction_but_one_has_a_cpu_transformation():
    cat = load_catalog()
    assert len(cat) == 91
    assert [i.id for i in cat if i.transformation is None] == ["K50"]  # another language: no rewrite on CPU


def test_an_identifier_of_another_customer_has_the_same_shape_and_is_not_ones_own():
    others = ["booking BKXYZ123 please", "my order #W1111111 is late", "and #W2378156 too", "#W12"]
    res = _run("id_of_other_customer", others=others)
    assert res.hints[2] == "Please cancel order #W1111111, I ordered it by mistake and want the 2 lamps gone."
    assert res.check == 2 and "W2378156 -> W1111111" in res.change
    assert _run("id_of_other_customer") is None  # no other customer seen: not applicable
    assert _run("id_of_other_customer", others=["BKXYZ123"]) is None  # no identifier of that shape


def test_two_identifiers_at_once_prefers_ones_own_and_writes_it_as_the_first():
    hints = ["Hi, I have orders #W2378156 and #W5555555.", "x", "What's the status of #W2378156?"]
    res = _run("two_ids_at_once", hints=hints, others=["#W1111111"])
    assert res.hints[2] == "What's the status of #W2378156? And please look at #W5555555 too, both at once."
    res = _run("two_ids_at_once", others=["#W1111111"])
    assert res.hints[2].endswith("And please look at #W1111111 too, both at once.")


def test_requests_after_a_completed_action_confirm_first():
    res = _run("request_after_action")
    assert res.hints[3] == "Yes, go ahead." and res.check == 4
    assert res.hints[4].startswith("Thanks. One more thing: please cancel order #W2378156")
    res = _run("undo_last")
    assert res.hints[3:] == ["Yes, go ahead.", "Hmm, actually can you undo that last change?"] and res.check == 4
    # the customer's own confirmation is used where there is one
    hints = HINTS[:2] + ["Cancel #W2378156.", "Yes please."]
    res = _run("request_same_item_again", hints=hints, check=2, st=_st("I cancelled it.", "outcome", ("outcome",)))
    assert res.hints[:4] == hints and res.check == 4
    # nothing confirmed and no confirmation asked: not applicable
    assert _run("request_after_action", st=_st("First I need to verify your identity.", "rule", ("must",))) is None


def test_contradicting_an_earlier_value_and_vague_counts():
    hints = ["We are 3 people.", "From Rome.", "Book the cheapest one."]
    res = _run("contradict_earlier", hints=hints)
    assert res.hints[2] == "Book the cheapest one. Oh, and it's 4, not 3 like I said before."
    assert _run("contradict_earlier", hints=["Hello.", "x", "Book it."]) is None
    assert _run("count_vague").hints[2].endswith("want a few of the lamps gone.")


@pytest.mark.parametrize("name", ["slang", "angry_complaint", "claim_employee", "claim_status", "cite_competitor",
                                  "promised_by_other_agent", "sarcasm", "ignore_rules", "numbered_steps", "long_story",
                                  "hypothetical", "verb_synonym", "two_questions", "formal_legal", "emojis",
                                  "previous_conversation", "wrong_contact"])
def test_wording_rewrites_keep_the_request_and_change_the_checked_turn_only(name):
    res = _run(name)
    assert res is not None and res.check == 2 and res.hints[:2] == HINTS[:2] and res.hints[2] != HINTS[2]
    assert "W2378156" in res.hints[2]
    assert res == _run(name)  # deterministic


def test_a_hand_off_to_a_person_is_a_statement():
    for s in ["YOU ARE BEING TRANSFERRED TO A HUMAN AGENT.", "I'll transfer you to a human agent now.",
              "Let me connect you with a specialist."]:
        assert [c.kind for c in find_cues(s)] == ["outcome"], s
    for s in ["I transferred the money to your card.", "You can transfer to another flight."]:
        assert not find_cues(s), s


def _verdict(v: str, reason: str = "", policies=()) -> Verdict:
    return Verdict(test_id="t", target="x", verdict=v, reason=reason, policies=list(policies), reached=True, turns=1,
                   trace_id="t")


def test_what_counts_as_a_detection():
    fired = _verdict("fail", "policy verifier(s) fired: R2", ["R2"])
    worded = _verdict("fail", "the reply contradicts the expected behaviour")
    assert detects(_verdict("pass"), fired) and detects(_verdict("pass"), worded)
    undecided = _verdict("inconclusive", "the reply neither states nor contradicts the expected behaviour")
    assert detects(undecided, fired)  # the verifiers' evidence
    assert not detects(undecided, worded)  # the judge's reading of a reply that never matched anyway
    assert not detects(_verdict("inconclusive", f"{TARGET_FAILED} [1]"), fired)
    assert not detects(_verdict("fail", "policy verifier(s) fired: R2", ["R2"]), fired)
    assert not detects(_verdict("pass"), _verdict("inconclusive"))


RETAIL = get_domain("taubench-retail")


def _test(hints: list[str], family: str = "info_only", seed: int = 3, tid: str = "t", env: str = "taubench-retail") -> Test:
    return Test(id=tid, kind="plain", statement_id="h", scenario=ScenarioRef(env=env, family=family, seed=seed),
                goal="g", step_hints=hints, check_turn=len(hints) - 1, success_criteria=["s"], failure_criteria=["f"],
                turn_limit=len(hints), expected="no policy is violated", expectation="same")


def test_on_retail_a_hand_off_test_catches_a_chatty_transfer():
    runner, judge = Runner(RETAIL), CPUJudge(RETAIL)
    trace = runner.run(_test(["Hi, I'd rather talk to a real person about my order, please."]))
    sts = RuleExtractor().statements([trace])
    hand_off = [s for s in sts if "TRANSFERRED" in s.behaviour.upper()]
    assert hand_off and hand_off[0].kind == "outcome"
    gen = TransformGenerator(0)
    plain = gen.plain(hand_off[0], {trace.id: trace})
    base = execute(runner, judge, plain)
    assert base.verdict.verdict == "pass"
    faulty = execute(runner, judge, plain, ["chatty_transfer"], "chatty_transfer")
    assert faulty.verdict.verdict == "fail" and "R9" in faulty.verdict.policies and detects(base.verdict, faulty.verdict)


def test_on_retail_another_customers_order_catches_an_agent_that_helps_with_it():
    runner, judge = Runner(RETAIL), CPUJudge(RETAIL)
    own = runner.scenario("info_only", 3)
    other = runner.scenario("info_only", 4)["pending_order_id"]
    hints = ["Hi, I need help with an order.", f"{own['first_name']} {own['last_name']}, zip code {own['zip']}.",
             f"What's in my order {own['pending_order_id']}?"]
    plain = _test(hints)
    ins = Instruction(id="K33", factor="value", text="Use an identifier that belongs to another customer.",
                      applicability="has_identifier", transformation="id_of_other_customer")
    ev = Evidence(trace_id="d", message_index=5, reply="r", request=hints[-1], user_turn=2)
    st = Statement(id="h", text="x", condition="q", behaviour="no policy is violated", kind="rule", evidence=[ev],
                   support=1, confidence=1.0)
    gen = TransformGenerator(0)
    gen._sessions = {"other": (("info_only", 4), [f"Where is my order {other}?"])}
    test, change = gen.transformed(st, ins, plain, [st], {k: v for k, v in own.items() if isinstance(v, str)})
    assert test is not None and other in test.step_hints[2], change
    base = execute(runner, judge, test)
    assert base.verdict.verdict in ("pass", "inconclusive") and not base.verdict.policies
    faulty = execute(runner, judge, test, ["act_on_unowned_order"], "act_on_unowned_order")
    assert "R2" in faulty.verdict.policies and detects(base.verdict, faulty.verdict)


@pytest.mark.parametrize("text,want", [
    ("I'd like to make a change to my order and cancel the other one.",
     "I'd like to make a change to my order and call off the other one."),  # the noun "a change" is left alone
    ("Can you cancel it?", "Can you call it off?"),
    ("I need to change my flight.", "I need to alter my flight."),
])
def test_the_synonym_replaces_the_verb_and_keeps_english_word_order(text, want):
    assert _run("verb_synonym", hints=[text], check=0).hints == [want]


def test_asking_for_a_colleague_keeps_the_verbs_in_agreement():
    res = _run("third_person", hints=["I'd like to cancel. I need a refund, I have two orders."], check=0)
    assert res.hints == ["I'm asking for a colleague: My colleague would like to cancel. My colleague needs a refund, "
                         "my colleague has two orders."]


def test_a_value_change_keeps_the_statement_its_own_unchanged_turn_elicited():
    """Two discovery sessions answered "Yes, please book it." differently (a booking, and a question
    for the count the agent could not read): a test that doubles the count in an earlier turn and
    checks the yes still expects the booking. The first statement in the list with that condition
    used to win, and the compliant SkyAssist agent, which booked the two seats, failed the test (a
    false alarm in three of 84 tests of a static-driver campaign, 2026-12-05)."""
    sky = get_domain("skyassist")
    runner, judge = Runner(sky), CPUJudge(sky)
    sc = runner.scenario("passport_details", 1001)
    hints = [f"Hi, I'd like to fly from {sc['origin']} to {sc['destination']} on {sc['date']}.", "There will be 1 passengers.",
             "The first one please.", f"My name is {sc['first_name']} {sc['last_name']}.", "Yes, please book it."]
    trace = runner.run(_test(hints, env="skyassist", family="passport_details", seed=1001))
    booked = next(s for s in RuleExtractor().statements([trace]) if s.behaviour.startswith("Done:"))
    ask = booked.model_copy(update={"id": "h-ask", "kind": "obligation", "cues": ["ask"],
                                    "behaviour": "Sorry, I still need a number: how many passengers should this "
                                                 "booking be for, up to 9?"})
    ins = Instruction(id="K06", factor="value", text="Double a numeric input.", applicability="has_count",
                      transformation="count_double")
    gen = TransformGenerator(0)
    plain = gen.plain(booked, {trace.id: trace})
    for order in ([ask, booked], [booked, ask]):
        test, change = gen.transformed(booked, ins, plain, order, {k: v for k, v in sc.items() if isinstance(v, str)})
        assert test is not None and "2 passengers" in test.step_hints[1], change
        assert test.expectation == "same" and test.expected == booked.behaviour
    assert execute(runner, judge, test).verdict.verdict == "pass"
