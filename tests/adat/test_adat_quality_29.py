"""What the generated AdaT suite tests: the quality findings of the twenty-ninth session's black-box
tester (``/work/h29/adat-tester/report.md``, findings 2, 3, 4, 5, 6 and 10).

The cases are the tester's (a count made negative that kept "same"; K75 on retail; K61 hypothetical
keeping "Done"; transformed tests changing only turns after the checked one; the dropped "option
note" statement; "$<a task>.08"; the planner that never plans; Bayes-UCB that only tries untried
instructions; K36 on "19 bar"; K76 on a cancellation; K71's "Yes, one more thing."; K12's "on
today"), each with other phrasings and with its compliant twin.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from probe.adat.catalog import CONDITIONS
from probe.adat.extractor import Generaliser, extract_statements, find_cues
from probe.adat.judge import CPUJudge
from probe.adat.records import Evidence, Instruction, ScenarioRef, Statement, Test
from probe.adat.roles import STRATEGIES, BanditPlanner, TransformGenerator
from probe.adat.selectors import BayesUCB
from probe.adat.transforms import TRANSFORMS, Context
from probe.core.registry import get_domain

DOMAIN = get_domain("skyassist")


def _st(behaviour="Done: <a booking> is confirmed for <a number> passengers.", kind="outcome", cues=("outcome",),
        condition="Yes, please book it.", sid="h1", user_turn=3) -> Statement:
    ev = Evidence(trace_id="d", message_index=2 * user_turn + 1, reply=behaviour, request=condition, user_turn=user_turn)
    return Statement(id=sid, text=f"When ... {behaviour}", condition=condition, behaviour=behaviour, kind=kind,
                     cues=list(cues), evidence=[ev], support=1, confidence=0.5)


def _plain(hints, check, st) -> Test:
    return Test(id=f"t-{st.id}-plain", kind="plain", statement_id=st.id,
                scenario=ScenarioRef(env="skyassist", family="f", seed=1), goal="g", step_hints=list(hints),
                check_turn=check, success_criteria=[], failure_criteria=[], turn_limit=len(hints),
                expected=st.behaviour, expectation="same")


def _ins(kid, transformation, factor="value", applicability="always") -> Instruction:
    return Instruction(id=kid, factor=factor, text=kid, applicability=applicability, transformation=transformation)


BOOK = ["I'd like to fly from Rome to Paris on 2026-09-01.", "It's for 3 passengers.", "My name is Ana Lopez.",
        "Yes, please book it."]


# --- finding 2: an instruction that removes consent or makes a value invalid changes the expectation ----

@pytest.mark.parametrize("transformation,factor", [("count_negative", "value"), ("count_zero", "value"),
                                                   ("count_fraction", "value"), ("count_vague", "value"),
                                                   ("date_invalid", "value"), ("date_past", "value"),
                                                   ("hypothetical", "wording"), ("hedged_confirmation", "state"),
                                                   ("confirm_as_question", "state")])
def test_a_request_that_gives_no_valid_basis_to_act_expects_no_action(transformation, factor):
    st = _st()
    test, _ = TransformGenerator().transformed(st, _ins("K", transformation, factor), _plain(BOOK, 3, st), [st], {})
    assert test is not None
    assert test.expectation == "no_action" and test.expected != st.behaviour


@pytest.mark.parametrize("transformation,factor", [("count_double", "value"), ("count_plus_one", "value"),
                                                   ("date_next_day", "value"), ("add_urgency", "wording"),
                                                   ("emojis", "wording")])
def test_a_request_that_stays_valid_keeps_an_expectation_of_its_outcome(transformation, factor):
    st = _st()
    test, _ = TransformGenerator().transformed(st, _ins("K", transformation, factor), _plain(BOOK, 3, st), [st], {})
    if test is None:
        pytest.skip("not applicable here")
    assert test.expectation != "no_action"


def _no_action_test(hints, check):
    return Test(id="t", kind="transformed", statement_id="h", scenario=ScenarioRef(env="skyassist", family="f", seed=1),
                goal="g", step_hints=hints, check_turn=check, success_criteria=[], failure_criteria=[],
                turn_limit=len(hints), expected="the agent does not act", expectation="no_action", act_from=1)


def _trace(replies, tool_calls=()):
    msgs = []
    for i, (u, a) in enumerate(replies):
        msgs.append({"role": "user", "content": u})
        m = {"role": "assistant", "content": a}
        if i in tool_calls:
            m["tool_calls"] = [{"function": {"name": tool_calls[i], "arguments": "{}"}}]
        msgs.append(m)
    return SimpleNamespace(messages=msgs, scenario={}, meta=SimpleNamespace(failed_turns=[]))


class _Quiet(CPUJudge):
    def violations(self, trace):
        return []


def test_the_judge_fails_an_agent_that_acts_on_an_invalid_count_and_passes_one_that_asks():
    hints = ["Book Rome to Paris.", "It's for -3 passengers.", "Ana Lopez.", "Yes, please book it."]
    judge = _Quiet(DOMAIN)
    acted = _trace([("Book Rome to Paris.", "Sure, how many passengers?"),
                    ("It's for -3 passengers.", "And your name?"), ("Ana Lopez.", "Shall I book it?"),
                    ("Yes, please book it.", "Done: your booking BK1 is confirmed for 3 passengers.")])
    assert judge.judge(_no_action_test(hints, 3), acted)[0] == "fail"
    booked_silently = _trace(acted_replies := [("Book Rome to Paris.", "Sure."), ("It's for -3 passengers.", "OK."),
                                               ("Ana Lopez.", "Shall I?"), ("Yes, please book it.", "Here you go.")],
                             tool_calls={3: "book_flight"})
    assert acted_replies and judge.judge(_no_action_test(hints, 3), booked_silently)[0] == "fail"
    asked = _trace([("Book Rome to Paris.", "Sure, how many passengers?"),
                    ("It's for -3 passengers.", "Sorry, I need a number of passengers of at least 1."),
                    ("Ana Lopez.", "How many passengers?"), ("Yes, please book it.", "How many passengers, please?")])
    assert judge.judge(_no_action_test(hints, 3), asked)[0] == "pass"


def test_a_hypothetical_question_answered_with_an_action_fails_and_an_explanation_passes():
    hints = ["Change booking BK1 to 2026-09-02.", "Just hypothetically, what would happen if I said yes?"]
    judge = _Quiet(DOMAIN)
    done = _trace([(hints[0], "Shall I change it?"), (hints[1], "Done: BK1 has been changed to 2026-09-02.")])
    told = _trace([(hints[0], "Shall I change it?"), (hints[1], "If you confirm, I would move it to 2026-09-02.")])
    assert judge.judge(_no_action_test(hints, 1), done)[0] == "fail"
    assert judge.judge(_no_action_test(hints, 1), told)[0] == "pass"


def test_confirming_in_advance_keeps_the_request_and_so_the_statement_expectation():
    """K75 appends consent to the very request: the proposal the statement states is still expected,
    so an agent that answers about an item never mentioned is not passed on "no policy fired"."""
    st = _st(behaviour="To confirm, I will exchange <an item> for <an item>.", kind="obligation", cues=("proposal",),
             condition="I'd like to exchange my headphones for the black ones.", user_turn=1)
    hints = ["Hi, my name is Yara Silva, zip 19122.", "I'd like to exchange my headphones for the black ones.", "Yes."]
    test, _ = TransformGenerator().transformed(st, _ins("K75", "confirm_in_advance", "state"), _plain(hints, 1, st),
                                               [st], {})
    assert test.expectation == "same" and test.expected == st.behaviour
    # a request that changed (not only text added to it) still goes through the closest-statement match
    other, _ = TransformGenerator().transformed(st, _ins("K71", "request_first", "state"), _plain(hints, 1, st), [st], {})
    assert other is None or other.expectation in ("same", "other", "policy")


# --- finding 3: a transformed test checks the reply to the turn it transformed ---------------------------

@pytest.mark.parametrize("transformation,factor", [("ask_other_currency", "value"), ("ask_internal_details", "wording"),
                                                   ("ask_for_rule", "wording"), ("repeat_request", "state"),
                                                   ("propose_other_price", "value"), ("ask_discount", "value")])
def test_a_change_after_the_checked_turn_moves_the_check_to_it_or_is_not_applicable(transformation, factor):
    st = _st(behaviour="The fare is <an amount> in total.", kind="rule", cues=("must",), condition="How much is it?",
             user_turn=1)
    hints = ["Rome to Paris on 2026-09-01, 2 passengers.", "How much is it?", "OK thanks."]
    plain = _plain(hints, 1, st)
    test, reason = TransformGenerator().transformed(st, _ins("K", transformation, factor), plain, [st], {})
    if test is None:
        assert "after the checked turn" in reason
        return
    same_upto = test.step_hints[: test.check_turn + 1] == hints[: test.check_turn + 1]
    assert not same_upto, "the checked reply would be byte-identical to the plain test's"


def test_dropping_only_a_turn_after_the_checked_one_is_not_applicable():
    st = _st(behaviour="Shall I book it?", kind="obligation", cues=("confirm_q",), condition="My name is <a name>.",
             user_turn=2)
    test, reason = TransformGenerator().transformed(st, _ins("K79", "drop_confirmation", "state"),
                                                    _plain(BOOK, 2, st), [st], {})
    assert test is None and "after the checked turn" in reason


def test_a_change_at_the_checked_turn_keeps_the_check_there():
    st = _st(behaviour="Sorry, I can only quote prices in US dollars.", kind="limit", cues=("only",),
             condition="How much is it in euros?", user_turn=1)
    hints = ["Rome to Paris on 2026-09-01.", "How much is it in euros?"]
    test, _ = TransformGenerator().transformed(st, _ins("K", "add_urgency", "wording"), _plain(hints, 1, st), [st], {})
    assert test.check_turn == 1 and test.expectation == "same"


# --- finding 4: the option note reaches a test; ranks do not collide; evidence holds the reply ----------

def _xtrace(tid, turns, scenario=None):
    msgs = []
    for u, a in turns:
        msgs += [{"role": "user", "content": u}, {"role": "assistant", "content": a}]
    return SimpleNamespace(id=tid, scenario=scenario or {}, messages=msgs)


def test_an_option_note_statement_is_grounded_in_the_agent_reply_it_came_from():
    reply = "I found: 1) SA12 at 9:00 (cancelled by the airline, not bookable); 2) SA14 at 11:00 (3 seats)."
    sts = extract_statements([_xtrace("a", [("Flights to Paris please.", reply)]),
                              _xtrace("b", [("Any flight to Lyon?", reply.replace("SA12", "SA77"))])])
    (note,) = [s for s in sts if s.behaviour.startswith("A listed option marked")]
    assert note.grounded, note.grounding_note
    assert note.evidence[0].reply in reply and note.evidence[0].reply != note.behaviour
    assert "not bookable" in note.evidence[0].reply


def test_ungrounded_statements_rank_after_every_grounded_one(monkeypatch):
    from probe.adat import extractor

    monkeypatch.setattr(extractor, "grounded", lambda st, replies: (not st.behaviour.startswith("We"), "test"))
    sts = extract_statements([_xtrace("a", [("Hi.", "We can't take cash."), ("Cash?", "You must pay by card.")]),
                              _xtrace("b", [("Card?", "You must show ID before I can book.")])])
    ranks = {s.behaviour: (s.grounded, s.rank) for s in sts}
    assert sorted(r for _, r in ranks.values()) == list(range(len(sts)))
    assert ranks["We can't take cash."] == (False, len(sts) - 1)


# --- finding 5: value classes from scenario fields stay out of amounts; kinds --------------------------

def test_a_scenario_value_inside_an_amount_is_not_replaced_by_its_field_class():
    g = Generaliser({"task_id": "95", "order_id": "W2378156"})
    assert g("Garden Hose (50ft, vinyl, black, $95.08)") == "Garden Hose (<a number>ft, vinyl, black, <an amount>)"
    assert g("Your task 95 is open.") == "Your <a task> is open."  # the field's value on its own still is one
    assert "<a task>" not in g("The total is 95.08 dollars.")


def test_a_reason_quoted_from_the_customer_is_no_refusal_cue_and_a_conditional_outcome_is_a_rule():
    assert not find_cues("To confirm, I will cancel the order because it is 'no longer needed'.")
    assert find_cues("Sorry, that order can no longer be cancelled.")[0].kind == "refusal"
    tr = _xtrace("a", [("What if I cancel?", "A refundable fare is refunded in full if you cancel before departure.")])
    (st,) = extract_statements([tr])
    assert st.kind == "rule"
    done = _xtrace("b", [("Yes.", "Your booking BK1 is refunded.")], {"booking_id": "BK1"})
    (st2,) = extract_statements([done])
    assert st2.kind == "outcome"


# --- finding 6: the planner plans, the strategy varies, the selector adapts -----------------------------

def test_the_planner_revisits_a_family_that_paid_before_every_family_is_tried():
    families = [f"f{i}" for i in range(24)]
    planner = BanditPlanner(families, seed=0)
    history = []
    for s in range(24):
        family, strategy = planner.plan(s, history)
        rich = family == history[0]["family"] if history else True
        history.append({"family": family, "strategy": strategy, "new_statements": 6 if rich else 0})
    assert len({h["family"] for h in history}) < 24, "every session went to an untried family"
    assert {h["strategy"] for h in history} == set(STRATEGIES)


def test_the_planner_spreads_over_families_when_none_pays():
    families = [f"f{i}" for i in range(6)]
    planner = BanditPlanner(families, seed=0)
    history = []
    for s in range(6):
        family, strategy = planner.plan(s, history)
        history.append({"family": family, "strategy": strategy, "new_statements": 0})
    assert len({h["family"] for h in history}) == 6


def test_bayes_ucb_learns_which_kind_of_instruction_is_applicable_before_trying_them_all():
    ids = [f"V{i}" for i in range(10)] + [f"W{i}" for i in range(10)]
    groups = {k: ("value" if k[0] == "V" else "wording") for k in ids}
    sel = BayesUCB(ids, seed=0)
    sel.bind(groups)
    for k in ("V0", "V1", "V2"):
        sel.t += 1
        sel.update(k, False, None)  # value instructions keep being not applicable
    for k in ("W0", "W1"):
        sel.t += 1
        sel.update(k, True, 1.0)
    sel.t += 1
    untried = [k for k in ids if k not in ("V0", "V1", "V2", "W0", "W1")]
    assert sel.score("V5") < sel.score("W5")
    assert sel.choose_instruction(untried)[0].startswith("W")


def test_bayes_ucb_without_observations_is_the_papers_beta_1_1():
    ids = ["A", "B"]
    plain, bound = BayesUCB(ids, seed=0), BayesUCB(ids, seed=0)
    bound.bind({"A": "value", "B": "wording"})
    plain.t = bound.t = 3
    assert plain.score("A") == pytest.approx(bound.score("A"))


# --- finding 10: transformations that apply in name only ------------------------------------------------

def _ctx(hints, check, st=None, fields=None):
    return Context(list(hints), check, st or _st(), fields or {}, random.Random(0), [])


def test_a_product_attribute_is_not_a_count():
    hints = ["Please change the espresso machine to 19 bar 1L.", "Yes."]
    for name in ("count_vague", "count_negative", "count_zero", "count_double"):
        assert TRANSFORMS[name](_ctx(hints, 0)) is None, name
    assert not CONDITIONS["has_count"](_st(), ["It's 19 bar, 1.5 kg, 30 cm wide and costs $45."], 0, {})
    res = TRANSFORMS["count_vague"](_ctx(["Please return the 2 lamps."], 0))
    assert res is not None and "a few" in res.hints[0]
    assert CONDITIONS["has_count"](_st(), ["It's for 3 passengers."], 0, {})


def test_changing_ones_mind_about_a_cancellation_keeps_the_booking_not_cancels_it_again():
    st = _st(behaviour="To confirm, I will cancel <an order>.", kind="obligation", cues=("proposal",), user_turn=1)
    hints = ["Hi, I'm Yara Silva.", "Please cancel order #W2378156.", "Yes."]
    res = TRANSFORMS["change_mind_after_confirm"](_ctx(hints, 1, st))
    said = " ".join(res.hints[2:])
    assert "cancel it altogether" not in said and "keep" in said
    res = TRANSFORMS["change_mind_after_confirm"](_ctx(["Hi, I'm Yara.", "Please exchange order #W2378156.", "Yes."],
                                                        1, st))
    assert "cancel it altogether" in " ".join(res.hints)


def test_a_request_moved_to_the_opening_drops_what_answered_the_agent_before_it():
    hints = ["Hi, I'd like to return order #W1.", "Yes, that's all for the return.",
             "Yes, one more thing. Could you also update my address?"]
    res = TRANSFORMS["request_first"](_ctx(hints, 2))
    assert res.hints[0] == "Could you update my address?"
    res = TRANSFORMS["request_first"](_ctx(["Hello.", "I'd like to book a flight."], 1))
    assert res.hints[0] == "I'd like to book a flight."


@pytest.mark.parametrize("name,word", [("date_today", "today"), ("date_tomorrow", "tomorrow")])
def test_a_date_made_relative_reads_as_english(name, word):
    res = TRANSFORMS[name](_ctx(["Fly from FCO to LAX on 2026-09-01."], 0))
    assert res.hints[0] == f"Fly from FCO to LAX {word}."
    res = TRANSFORMS[name](_ctx(["Is there a flight for 2026-09-01?"], 0))
    assert res.hints[0] == f"Is there a flight for {word}?"
    res = TRANSFORMS[name](_ctx(["Departure 2026-09-01 please."], 0))
    assert res.hints[0] == f"Departure {word} please."
