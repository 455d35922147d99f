"""Runner (fresh session per test), CPU judge verdicts, transformations' determinism, agreement kappa."""

import random

import pytest
from sklearn.metrics import cohen_kappa_score

from probe.adat.agreement import scores
from probe.adat.judge import CPUJudge
from probe.adat.records import Evidence, ScenarioRef, Statement, Test
from probe.adat.runner import Runner
from probe.adat.transforms import TRANSFORMS, Context
from probe.core.registry import get_domain

DOMAIN = get_domain("skyassist")
SC = DOMAIN.scenario("currency_question", 7)
ASK = f"Hi, I'd like a flight from {SC['origin_city']} to {SC['destination_city']} on {SC['date']}, just me."


def _test(hints, check, expected="Sorry, I can only quote prices in US dollars.", tid="t1", limit=None, **kw):
    return Test(id=tid, kind="plain", statement_id="h", scenario=ScenarioRef(env="skyassist", family="currency_question", seed=7),
                goal="g", step_hints=hints, check_turn=check, success_criteria=[], failure_criteria=[],
                turn_limit=len(hints) if limit is None else limit, expected=expected, **kw)


def test_judge_pass_fail_inconclusive():
    runner, judge = Runner(DOMAIN), CPUJudge(DOMAIN)
    t = _test([ASK, "How much is that in euros?"], 1)
    assert judge.judge(t, runner.run(t))[0] == "pass"
    verdict, reason, policies, _ = judge.judge(t, runner.run(t, ["quote_foreign_currency"], "quote_foreign_currency"))
    assert verdict == "fail" and policies == ["B2"]
    short = _test([ASK, "How much is that in euros?"], 1, limit=1)
    v, reason, _, reached = judge.judge(short, runner.run(short))
    assert v == "inconclusive" and not reached and "never reached" in reason
    other = _test([ASK, "How much is that in euros?"], 1, expected="Members may borrow at most 3 books.")
    assert judge.judge(other, runner.run(other))[0] == "inconclusive"
    policy_only = _test([ASK, "How much is that in euros?"], 1, expectation="policy")
    assert judge.judge(policy_only, runner.run(policy_only))[0] == "pass"


def test_judge_inconclusive_when_the_target_fails():
    class Broken:
        def respond(self, ctx):
            raise RuntimeError("endpoint down")

        def describe(self):
            return {"kind": "broken"}

    runner = Runner(DOMAIN, target_factory=lambda faults: Broken())
    t = _test([ASK], 0)
    v, reason, _, _ = CPUJudge(DOMAIN).judge(t, runner.run(t))
    assert v == "inconclusive" and "failed turn" in reason


WINDOW = ("Sorry, <a flight> departs more than 330 days from now, and I can only book departures between 24 hours "
          "and 330 days ahead.")


def _far_future(seed, kind="plain"):
    sc = DOMAIN.scenario("far_future", seed)
    hints = [f"hello, could I get {sc['origin_city']} to {sc['destination_city']} on {sc['date']}? 2 of us, "
             f"name's {sc['first_name']} {sc['last_name']}", "the first one"]
    return Test(id=f"w{seed}", kind=kind, statement_id="h", scenario=ScenarioRef(env="skyassist", family="far_future", seed=seed),
                goal="g", step_hints=hints, check_turn=1, success_criteria=[], failure_criteria=[], turn_limit=2,
                expected=WINDOW)


def test_judge_fails_a_plain_test_whose_refusal_is_gone_and_only_a_plain_one():
    """A departure beyond the booking window: the compliant target refuses, the faulty one offers to
    book ("Shall I book it?", no policy fires yet). The plain test fails there; the same reply to a
    transformed test is inconclusive; a reply that declines for another reason is not a regression."""
    runner, judge = Runner(DOMAIN), CPUJudge(DOMAIN)
    t = _far_future(3)
    assert judge.judge(t, runner.run(t))[0] == "pass"
    faulty = runner.run(t, ["ignore_booking_window"], "ignore_booking_window")
    v, reason, policies, _ = judge.judge(t, faulty)
    assert (v, policies) == ("fail", []) and "refusal" in reason and "Shall I book it?" in faulty.messages[-1]["content"]
    assert judge.judge(_far_future(3, kind="transformed"), faulty)[0] == "inconclusive"
    # seed 0: the faulty target skips the window check and then declines for the seats left ("Sorry, ...")
    t0 = _far_future(0)
    other = runner.run(t0, ["ignore_booking_window"], "ignore_booking_window")
    assert "Sorry" in other.messages[-1]["content"] and judge.judge(t0, other)[0] == "inconclusive"
    # an expected behaviour that is not a refusal or a limit never fails this way: the compliant
    # target's refusal to an expected "Shall I book it?" is only inconclusive
    asks = Test(**{**t.model_dump(), "expected": "Shall I book it?"})
    assert judge.judge(asks, runner.run(asks))[0] == "inconclusive"


def test_judge_fail_on_contradiction():
    runner = Runner(DOMAIN)
    t = _test([ASK, "The cheapest one.", "My name is Olga Mensah.", "Yes, please book it."], 3,
              expected="I cannot book it without your name.")
    v, reason, policies, _ = CPUJudge(DOMAIN).judge(t, runner.run(t))
    assert (v, policies) == ("fail", []) and "contradicts" in reason


def test_runner_fresh_state_per_test():
    book = [ASK, "The cheapest one.", "My name is Olga Mensah.", "Yes, please book it."]
    a, b = _test(book, 3, tid="a"), _test([ASK, "The cheapest one."], 1, tid="b")
    alone = Runner(DOMAIN, memo=False).run(b)
    r = Runner(DOMAIN, memo=False)
    first = r.run(a)
    assert any(tc["function"]["name"] == "book_flight" for m in first.messages for tc in m.get("tool_calls") or [])
    after = r.run(b)
    assert after.messages == alone.messages and r.sessions == 2
    assert after.meta.source == "adat" and after.meta.script == "b" and after.id == "b@none"


def test_transformations_deterministic_and_changing():
    ev = Evidence(trace_id="t", message_index=1, reply="r", request="q", user_turn=1)
    st = Statement(id="h", text="x", condition="q", behaviour="Sorry, I can only book up to 9 passengers.", kind="limit",
                   evidence=[ev], support=1, confidence=1.0)
    hints = ["Hi, I'm Olga Mensah, booking BKJYSJIX.", "We need 3 seats from Dublin to Vancouver on 2026-04-02 and 2026-04-09.",
             "Yes, go ahead."]
    fields = {"first_name": "Olga", "last_name": "Mensah", "booking_id": "BKJYSJIX"}
    changed = 0
    for name, fn in TRANSFORMS.items():
        a = fn(Context(list(hints), 1, st, fields, random.Random(5)))
        b = fn(Context(list(hints), 1, st, fields, random.Random(5)))
        assert (a is None) == (b is None), name
        if a is not None:
            assert (a.hints, a.check, a.change) == (b.hints, b.check, b.change), name
            assert 0 <= a.check < len(a.hints), name
            changed += a.hints != hints
    assert changed >= 40
    res = TRANSFORMS["count_one_past_limit"](Context(list(hints), 1, st, fields))
    assert "10 seats" in res.hints[1]


def test_agreement_kappa_on_a_labelled_toy_set():
    truth = [True, True, False, False, False, True, False, False]
    pred = [True, False, False, True, False, True, False, False]
    s = scores(truth, pred)
    assert (s["tp"], s["fp"], s["fn"], s["tn"]) == (2, 1, 1, 4)
    assert s["precision"] == pytest.approx(2 / 3, abs=1e-4) and s["recall"] == pytest.approx(2 / 3, abs=1e-4)
    # hand: po = 6/8, pe = (3/8)(3/8) + (5/8)(5/8) = 34/64, kappa = (48/64 - 34/64) / (30/64) = 14/30
    assert s["kappa"] == pytest.approx(14 / 30, abs=1e-4)
    assert s["kappa"] == pytest.approx(cohen_kappa_score(truth, pred), abs=1e-4)
    # both raters constant: kappa is 0/0, undefined, not a perfect 1.0 for a judge that never flags anything
    assert scores([False] * 4, [False] * 4)["kappa"] is None and scores([True] * 3, [True] * 3)["kappa"] is None


def test_a_booking_status_is_not_an_action_announced():
    """A reply that shows a booking ("... Business, status: confirmed. What date would you like to
    move it to?") announces nothing done: the learned driver's transformed test of "Shall I make
    this change?" failed on the compliant SkyAssist agent (a false alarm, campaign 1 of the
    twenty-second session's runs) because "confirmed" was read as a mutation announced."""
    hints = ["Hi, can you check booking BK4D8Q2B to 2026-07-11?", "I need to change the date.", "My name is Mateo Singh.",
             "My sister booked BK4D8Q2B? I need this sorted right away.", "Frankfurt to Istanbul, please book.",
             "Frankfurt to Istanbul, 2027-07-22, please. ASAP please. ASAP please.", "No thanks.", "The second one."]
    t = Test(id="t-status", kind="transformed", statement_id="h", goal="g", step_hints=hints, check_turn=7,
             scenario=ScenarioRef(env="skyassist", family="change_booking", seed=1015), success_criteria=[],
             failure_criteria=[], turn_limit=8, expected="Shall I make this change?")
    trace = Runner(DOMAIN).run(t)
    assert "status: confirmed" in trace.messages[-1]["content"]
    assert CPUJudge(DOMAIN).judge(t, trace)[0] == "inconclusive"
    from probe.adat.judge import announces_done
    assert not announces_done("Booking BK4D8Q2B under Singh: 2 passengers, Business, status: confirmed. What date?")
    assert not announces_done("Its status is confirmed.") and not announces_done("Order #W1 status: completed.")
    assert announces_done("Done: your booking BK1 is confirmed for 1 passenger.")
    assert announces_done("Your booking is confirmed.") and announces_done("The change has been made.")


def test_a_change_denied_is_not_an_action_announced():
    """"Nothing has been booked or held" announces nothing done: the learned driver's transformed test
    of "No problem, I will not go ahead with that." failed on the compliant SkyAssist agent (a false
    alarm, campaign 0 of the twenty-third session's runs) because "has been" was read as a
    mutation announced."""
    hints = ["Good afternoon, what's the difference in price between economy and business, Nairobi to Miami on 2026-09-29?",
             "I'll take the cheapest.", "It's a few seats.", "My name is Olga Okafor.", "Yes, that's right, never mind. Thanks!"]
    t = Test(id="t-denied", kind="transformed", statement_id="h", goal="g", step_hints=hints, check_turn=4,
             scenario=ScenarioRef(env="skyassist", family="price_comparison", seed=10), success_criteria=[],
             failure_criteria=[], turn_limit=5, expected="No problem, I will not go ahead with that.")
    trace = Runner(DOMAIN).run(t)
    assert "nothing has been booked or held" in trace.messages[-1]["content"]
    assert CPUJudge(DOMAIN).judge(t, trace)[0] != "fail"
    from probe.adat.judge import announces_done
    assert not announces_done("No problem, I have stopped there; nothing has been booked or held.")
    assert not announces_done("It is not confirmed yet.") and not announces_done("No booking has been made.")
    assert not announces_done("The hold hasn't been placed.")
    assert announces_done("No problem, done.") and announces_done("No worries, your booking is confirmed.")
    assert announces_done("Nothing was changed before, but your booking BK2 is confirmed now.")
