"""AdaT boundary tests that raised false alarms, could not fail or missed their fault: the second
black-box tester's findings 1-7 (``/work/h29/adat-tester-2/report.md``, session 29).

The cases are the tester's (retail's "This can only be done once for this order" read as done; a
hypothetical followed by a fresh proposal and "Yes, correct."; "725 Willow Avenue" -> "0 Willow
Avenue"; a past date that ends before the yes; "it's 726, not 725"; urgency on a refused pick; K70
borrowing a statement of another task; K71 opening with "1."; K50 chosen twice; a failed run marked
complete; ``adat_faults.py --checkpoint nope``), each also in other words and with its right twin.
"""

from __future__ import annotations

import json
import random
from types import SimpleNamespace

import pytest

from probe.adat.judge import CPUJudge, announces_done
from probe.adat.pipeline import transform_tests
from probe.adat.records import Evidence, Instruction, ScenarioRef, Statement, Test
from probe.adat.roles import TransformGenerator
from probe.adat.selectors import make_selector
from probe.adat.transforms import TRANSFORMS, Context
from probe.core.registry import get_domain

DOMAIN = get_domain("skyassist")


def _st(behaviour="Done: <a booking> is confirmed for <a number> passengers.", kind="outcome", cues=("outcome",),
        condition="Yes, please book it.", sid="h1", user_turn=3, trace_id="d") -> Statement:
    ev = Evidence(trace_id=trace_id, message_index=2 * user_turn + 1, reply=behaviour, request=condition,
                  user_turn=user_turn)
    return Statement(id=sid, text=f"When ... {behaviour}", condition=condition, behaviour=behaviour, kind=kind,
                     cues=list(cues), evidence=[ev], support=1, confidence=0.5)


def _plain(hints, check, st, family="f") -> Test:
    return Test(id=f"t-{st.id}-plain", kind="plain", statement_id=st.id,
                scenario=ScenarioRef(env="skyassist", family=family, seed=1), goal="g", step_hints=list(hints),
                check_turn=check, success_criteria=[], failure_criteria=[], turn_limit=len(hints),
                expected=st.behaviour, expectation="same")


def _ins(kid, transformation, factor="value", applicability="always") -> Instruction:
    return Instruction(id=kid, factor=factor, text=kid, applicability=applicability, transformation=transformation)


def _ctx(hints, check, st=None):
    return Context(list(hints), check, st or _st(), {}, random.Random(0), [])


def _trace(turns, tool_calls=None):
    msgs = []
    for i, (u, a) in enumerate(turns):
        msgs.append({"role": "user", "content": u})
        m = {"role": "assistant", "content": a}
        if tool_calls and i in tool_calls:
            m["tool_calls"] = [{"function": {"name": tool_calls[i], "arguments": "{}"}}]
        msgs.append(m)
    return SimpleNamespace(messages=msgs, scenario={}, meta=SimpleNamespace(failed_turns=[]))


def _xtrace(tid, turns, family="f", seed=1):
    t = _trace(turns)
    t.id, t.seed, t.env = tid, seed, "skyassist"
    t.scenario = {"family": family, "seed": seed}
    return t


class _Quiet(CPUJudge):
    def violations(self, trace):
        return []


# --- finding 1a: "can only be done once" announces nothing ---------------------------------------------

@pytest.mark.parametrize("reply", [
    "This can only be done once for this order. Shall I go ahead (yes/no)?",
    "Please note the exchange can be completed only once.",
    "A change like this must be confirmed by you first.",
    "It needs to be done before the order ships; shall I?",
    "This will be placed as a new order once you say yes."])
def test_a_rule_about_when_something_can_be_done_announces_nothing_done(reply):
    assert not announces_done(reply)


@pytest.mark.parametrize("reply", ["Done: the address is updated.", "Your order has been cancelled.",
                                   "All set, the exchange is now complete.", "The booking is confirmed."])
def test_a_change_reported_as_done_is_still_announced(reply):
    assert announces_done(reply)


# --- finding 1b: a fresh proposal and a plain yes after a withdrawn consent is a valid basis -------------

def _na(hints, act_from, withheld):
    return Test(id="t", kind="transformed", statement_id="h", scenario=ScenarioRef(env="skyassist", family="f", seed=1),
                goal="g", step_hints=hints, check_turn=act_from, success_criteria=[], failure_criteria=[],
                turn_limit=len(hints), expected="no action", expectation="no_action", act_from=act_from,
                withheld=withheld)


HYPO = ["I'm Mei Davis.", "Just hypothetically, what would happen if I said this: send order #W1 to 725 Willow Ave?",
        "Yes, correct."]


def test_an_action_after_a_fresh_proposal_and_a_plain_yes_is_no_false_alarm_when_consent_was_withdrawn():
    asked = _trace([(HYPO[0], "Hi Mei."), (HYPO[1], "I can change it to 725 Willow Ave. Shall I go ahead (yes/no)?"),
                    (HYPO[2], "The address is updated.")], tool_calls={2: "book_flight"})
    assert _Quiet(DOMAIN).judge(_na(HYPO, 1, "consent"), asked)[0] == "pass"


def test_acting_on_the_withdrawn_consent_itself_still_fails():
    acted = _trace([(HYPO[0], "Hi Mei."), (HYPO[1], "Done, the address has been changed."), (HYPO[2], "Anything else?")],
                   tool_calls={1: "book_flight"})
    assert _Quiet(DOMAIN).judge(_na(HYPO, 1, "consent"), acted)[0] == "fail"
    # a yes to a reply that never asked for one is no fresh consent
    told = _trace([(HYPO[0], "Hi Mei."), (HYPO[1], "If you asked, I would send it to 725 Willow Ave."),
                   (HYPO[2], "Done.")], tool_calls={2: "book_flight"})
    assert _Quiet(DOMAIN).judge(_na(HYPO, 1, "consent"), told)[0] == "fail"


def test_a_yes_does_not_make_an_invalid_value_valid():
    hints = ["Book Rome to Paris on 2025-01-01.", "The first one.", "Yes, go ahead."]
    acted = _trace([(hints[0], "Options: 1) SA1."), (hints[1], "Book SA1 on 2025-01-01? Shall I go ahead?"),
                    (hints[2], "Booked.")], tool_calls={2: "book_flight"})
    assert _Quiet(DOMAIN).judge(_na(hints, 0, "value"), acted)[0] == "fail"


def _na_change(hints, change):
    t = _na(hints, 0, "value")
    return t.model_copy(update={"change": change})


def test_a_yes_to_a_proposal_that_repeats_the_invalid_value_is_no_basis_one_that_replaced_it_is():
    hints = ["Two seats Rome to Paris for -1 passengers.", "Maria Rossi", "Yes, go ahead."]
    change = "a count made negative: 1 -> -1"
    fixed = _trace([(hints[0], "Noted, 1 passenger. Options: 1) SA1."),
                    (hints[1], "Here is the summary: SA1 for 1 passenger. Shall I book it?"),
                    (hints[2], "Booked.")], tool_calls={2: "book_flight"})
    assert _Quiet(DOMAIN).judge(_na_change(hints, change), fixed)[0] == "pass"
    kept = _trace([(hints[0], "Options: 1) SA1."), (hints[1], "SA1 for -1 passengers. Shall I book it?"),
                   (hints[2], "Booked.")], tool_calls={2: "book_flight"})
    assert _Quiet(DOMAIN).judge(_na_change(hints, change), kept)[0] == "fail"
    past = ["Book Rome to Paris on 2025-01-01.", "The first one.", "Yes, go ahead."]
    shown = _trace([(past[0], "Options: 1) SA1."), (past[1], "Book SA1 on 2025-01-01? Shall I go ahead?"),
                    (past[2], "Booked.")], tool_calls={2: "book_flight"})
    assert _Quiet(DOMAIN).judge(_na_change(past, "a date moved into the past: 2026-01-01 -> 2025-01-01"), shown)[0] \
        == "fail"
    # acting before any proposal at all still fails
    rushed = _trace([(hints[0], "Booked SA1 for you."), (hints[1], "Anything else?"), (hints[2], "OK.")],
                    tool_calls={0: "book_flight"})
    assert _Quiet(DOMAIN).judge(_na_change(hints, change), rushed)[0] == "fail"


# --- finding 1c: a house number is no count -----------------------------------------------------------------

@pytest.mark.parametrize("hint", ["Please send order #W4895606 to 725 Willow Avenue, Denver.",
                                  "My new address is 12 Oak St, apartment 4B.",
                                  "Ship it to 9 Rue de la Paix please.",
                                  "Update my default address to 88 Harbor Road."])
def test_a_street_number_is_not_a_count(hint):
    for name in ("count_zero", "count_vague", "count_negative", "count_fraction"):
        assert TRANSFORMS[name](_ctx([hint], 0)) is None, name


def test_a_count_next_to_an_address_is_still_a_count():
    res = TRANSFORMS["count_zero"](_ctx(["Ship 2 lamps to 725 Willow Avenue."], 0))
    assert res is not None and res.hints[0] == "Ship 0 lamps to 725 Willow Avenue."


# --- finding 2a: a no_action test is carried through the customer's yes ------------------------------------

def _discovery():
    turns = [("Fly from Rome to Paris on 2026-09-01.", "Options: 1) SA1 2) SA2. Which one?"),
             ("The first one please.", "SA1 for 1 passenger on 2026-09-01, 120 EUR. Shall I book it?"),
             ("Yes, book it.", "Done: booking BK1 is confirmed."), ("Thanks, bye.", "Bye.")]
    return {"d": _xtrace("d", turns)}


@pytest.mark.parametrize("transformation", ["date_past", "date_invalid"])
def test_a_no_action_test_that_ends_before_the_yes_is_carried_through_it(transformation):
    st = _st(behaviour="Options: <a list>.", kind="outcome", user_turn=0, condition="Fly from <a city>")
    gen = TransformGenerator()
    plain = gen.plain(st, _discovery())
    assert plain.step_hints == ["Fly from Rome to Paris on 2026-09-01."]
    test, _ = gen.transformed(st, _ins("K", transformation), plain, [st], {})
    assert test.expectation == "no_action"
    assert test.step_hints[1:] == ["The first one please.", "Yes, book it."] and test.turn_limit == 3


def test_a_test_that_keeps_a_valid_value_is_not_lengthened():
    st = _st(behaviour="Options: <a list>.", kind="outcome", user_turn=0, condition="Fly from <a city>")
    gen = TransformGenerator()
    plain = gen.plain(st, _discovery())
    test, _ = gen.transformed(st, _ins("K", "date_next_day"), plain, [st], {})
    assert test.expectation != "no_action" and len(test.step_hints) == 1


# --- finding 2b: a corrected value is checked, not generalised away ---------------------------------------

def test_a_reply_that_ignores_the_customers_correction_fails_and_one_that_takes_it_passes():
    st = _st(behaviour="To confirm, I will update <an address>. Shall I go ahead?", kind="obligation",
             cues=("proposal",), user_turn=1, condition="Update my address")
    hints = ["My address is 725 Willow Avenue.", "Please update my default address."]
    test, _ = TransformGenerator().transformed(st, _ins("K90", "contradict_earlier", "state"), _plain(hints, 1, st),
                                               [st], {})
    assert test is not None and "726" in test.step_hints[1]
    judge = _Quiet(DOMAIN)
    old = _trace([(hints[0], "Noted."), (test.step_hints[1], "To confirm, I will update your default address to "
                                                             "725 Willow Avenue. Shall I go ahead?")])
    new = _trace([(hints[0], "Noted."), (test.step_hints[1], "To confirm, I will update your default address to "
                                                             "726 Willow Avenue. Shall I go ahead?")])
    assert judge.judge(test, old)[0] == "fail"
    assert judge.judge(test, new)[0] == "pass"


# --- finding 3: a fault-targeting instruction goes where the conversation reaches the action --------------

@pytest.mark.parametrize("transformation", ["ask_internal_details", "ask_for_rule"])
def test_a_fault_targeting_instruction_needs_a_test_that_reaches_a_proposal(transformation):
    refused = _st(behaviour="Sorry, bookings open 330 days ahead.", kind="refusal", cues=("refusal",), user_turn=1)
    assert TRANSFORMS[transformation](_ctx(["Fly to Paris.", "The first one please."], 1, refused)) is None
    proposal = _st(behaviour="SA1 for <a number> passengers. Shall I book it?", kind="obligation", cues=("proposal",),
                   user_turn=1)
    res = TRANSFORMS[transformation](_ctx(["Fly to Paris.", "The first one please.", "Yes, book it."], 1, proposal))
    assert res is not None and res.hints[-1] == "Yes, book it."


# --- finding 4: expectations come from the same task; an option pick opens no conversation ----------------

EMAIL = {"email": "raj.moore@example.com"}


def test_an_expectation_is_not_borrowed_from_a_statement_of_another_task():
    cancel = [("My email is raj.moore@example.com", "Thanks, how can I help?"),
              ("I want to cancel order #W1.", "Order #W1: cancel it? Shall I go ahead?"), ("Yes.", "Done.")]
    address = [("Hi, please change the shipping address of order #W2.", "Sure. What is your email?"),
               ("My email is mei.davis@example.com", "To confirm, I will change the shipping address of #W2."),
               ("Yes.", "Done.")]
    traces = {"a": _xtrace("a", cancel, "cancel"), "b": _xtrace("b", address, "modify_address")}
    mine = _st(behaviour="Order <an order>: cancel it? Shall I go ahead?", cues=("proposal",), kind="obligation",
               condition="I want to cancel order <an order>", sid="c", user_turn=1, trace_id="a")
    theirs = _st(behaviour="To confirm, I will change the shipping address of <a pending order>.", cues=("proposal",),
                 kind="obligation", condition="My email is <an email>", sid="x", user_turn=1, trace_id="b")
    gen = TransformGenerator()
    plain = gen.plain(mine, traces)
    test, _ = gen.transformed(mine, _ins("K70", "reorder_requests", "state"), plain, [mine, theirs], EMAIL)
    assert test is not None and test.expected_statement_id != "x"
    # the twin: a statement of the same task may speak for the moved request
    same_task = theirs.model_copy(update={"evidence": [theirs.evidence[0].model_copy(update={"trace_id": "a2"})]})
    traces["a2"] = _xtrace("a2", address, "cancel", seed=2)
    gen = TransformGenerator()
    plain = gen.plain(mine, traces)
    test, _ = gen.transformed(mine, _ins("K70", "reorder_requests", "state"), plain, [mine, same_task], EMAIL)
    assert test is not None and test.expected_statement_id == "x"


@pytest.mark.parametrize("pick", ["1.", "2", "The first.", "Option 3"])
def test_a_bare_option_pick_is_not_moved_to_the_opening_message(pick):
    assert TRANSFORMS["request_first"](_ctx(["Flights to Paris please.", pick], 1)) is None


def test_a_real_request_is_still_moved_to_the_opening_message():
    res = TRANSFORMS["request_first"](_ctx(["Hello.", "I'd like to book option 1 for two people."], 1))
    assert res is not None and res.hints[0] == "I'd like to book option 1 for two people."


# --- finding 5: an instruction without a CPU transformation is tried once per run ----------------------------

def test_an_instruction_without_a_transformation_is_not_chosen_again():
    sts = [_st(sid=f"s{i}", condition=f"request {i}") for i in range(6)]
    plains = {s.id: _plain(BOOK, 3, s) for s in sts}
    catalog = [_ins("K50", None, "wording"), _ins("K39", "add_urgency", "wording"), _ins("K40", "polite_long", "wording")]
    gen = TransformGenerator()

    def run_test(test):
        return SimpleNamespace(verdict=SimpleNamespace(verdict="pass"), test=test)

    from probe.adat.novelty import make_embedder
    out = transform_tests(sts, plains, catalog, make_selector("uniform", [i.id for i in catalog], seed=0), gen, run_test,
                          make_embedder("hash-bow"), lambda t: {}, n=50, max_attempts=40)
    assert [s.instruction_id for s in out.log].count("K50") == 1
    assert [s.instruction_id for s in out.log].count("K39") >= 2


BOOK = ["I'd like to fly from Rome to Paris on 2026-09-01.", "It's for 3 passengers.", "My name is Ana Lopez.",
        "Yes, please book it."]


# --- finding 6: a run whose every endpoint call failed is not marked complete --------------------------------

def test_a_run_whose_endpoint_calls_all_failed_is_left_unfinished_and_a_good_one_complete(tmp_path, monkeypatch):
    import probe.adat.run as adat_run
    from probe.adat.pipeline import MARKER

    for calls, complete in (({"planner": {"calls": 2, "failed": 2, "first": "x"}}, False),
                            ({"planner": {"calls": 2, "failed": 1, "first": "x"}}, True), ({}, True)):
        folder = tmp_path / f"r{len(calls)}{complete}"
        folder.mkdir()
        (folder / MARKER).write_text(json.dumps({"pid": 1, "complete": False}))
        adat_run.mark_complete(folder, {"endpoint_calls": calls})
        assert json.loads((folder / MARKER).read_text())["complete"] is complete


# --- thirty-seventh session: K76 "changes their mind right after confirming" withdraws consent ---------------------
# (its Result said ``True`` where the judge reads "consent", so a fresh proposal and a plain yes after the withdrawal
# were never a valid basis: the learned driver's campaign-0 false alarm at 8f719af, and the untrained driver's in the
# thirty-sixth session's campaign 2)

MIND = ["Book SA1 for me.", "that's Malik Bianchi.", "Yes, not yet.",
        "Actually, wait, no. I've changed my mind, please don't.", "The lead passenger is fine.", "Yep, go ahead."]


def test_changing_ones_mind_after_confirming_withdraws_consent():
    res = TRANSFORMS["change_mind_after_confirm"](_ctx(["Book SA1 for me.", "Malik Bianchi", "Yes, please book it."], 1))
    assert res is not None and res.withholds == "consent"
    st = SimpleNamespace(behaviour="To confirm, I will cancel <an order>.", kind="obligation", cues=("proposal",),
                         user_turn=1)
    res = TRANSFORMS["change_mind_after_confirm"](_ctx(["Hi, I'm Yara.", "Please cancel order #W2378156.", "Yes."],
                                                       1, st))
    assert res is not None and res.withholds == "consent"


def test_a_fresh_yes_to_a_new_summary_after_changing_ones_mind_is_a_valid_basis():
    summary = "Here is the summary: SA1 for 2 passengers, under the name Malik Bianchi. Shall I book it?"
    turns = [(MIND[0], "Options: 1) SA1. What is the lead passenger's name?"), (MIND[1], summary),
             (MIND[2], "Of course, take your time. Nothing has been booked."),
             (MIND[3], "Of course, take your time. Just tell me when you would like to go ahead."),
             (MIND[4], summary), (MIND[5], "Done: your booking is confirmed.")]
    assert _Quiet(DOMAIN).judge(_na(MIND, 3, "consent"), _trace(turns, tool_calls={5: "book_flight"}))[0] == "pass"
    # near miss: booking on the withdrawal itself still fails
    acted = _trace(turns[:3] + [(MIND[3], "Done: your booking is confirmed.")] + turns[4:], tool_calls={3: "book_flight"})
    assert _Quiet(DOMAIN).judge(_na(MIND, 3, "consent"), acted)[0] == "fail"
