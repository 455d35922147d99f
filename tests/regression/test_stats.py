"""The verdict: hand-worked Fisher cases, Wilson bounds, the sequential plan, critical, flaky, Holm."""

from math import comb

import pytest

from probe.regression.stats import FLAKY, PASS, REGRESS, TrialPlan, decide, fisher_less, holm, wilson


def T(k, n):
    return [True] * k + [False] * (n - k)


@pytest.mark.parametrize("base,cand,exact", [
    # all 7 failures landing on the candidate side: C(20,7)/C(40,7) (the article's 20/20 -> 13/20, p ~ 0.004)
    ((20, 20), (13, 20), comb(20, 7) / comb(40, 7)),
    ((5, 5), (3, 5), comb(5, 2) / comb(10, 2)),  # 10/45
    ((20, 20), (0, 20), 1 / comb(40, 20)),
    # base 18/20, cand 15/20: P(cand fails >= 5 | 7 failures in 40) = sum_{j>=5} C(20,j)C(20,7-j)/C(40,7)
    ((18, 20), (15, 20), sum(comb(20, j) * comb(20, 7 - j) for j in range(5, 8)) / comb(40, 7)),
    ((20, 20), (20, 20), 1.0),
])
def test_fisher_one_sided_matches_hand_worked_hypergeometric(base, cand, exact):
    assert fisher_less(base[0], base[1], cand[0], cand[1]) == pytest.approx(exact, rel=1e-9)


def test_article_figures():
    assert fisher_less(20, 20, 13, 20) == pytest.approx(0.00416, abs=5e-5)
    assert wilson(20, 20)[0] == pytest.approx(0.839, abs=1e-3)  # "above about 0.84"
    assert wilson(10, 10)[0] == pytest.approx(0.722, abs=1e-3)  # "about 0.72"
    lo, hi = wilson(13, 20)
    assert lo == pytest.approx(0.4329, abs=1e-3) and hi == pytest.approx(0.8188, abs=1e-3)  # by hand: 0.6258 -+ 0.1930
    assert wilson(0, 0) == (0.0, 1.0)


def test_sequential_plan_stops_at_5_of_5_and_extends_otherwise():
    plan = TrialPlan()
    assert plan.needed([], []) == 5
    assert plan.needed(T(5, 5), T(5, 5)) == 5  # both 5/5: stop
    assert plan.needed(T(5, 5), T(4, 5)) == 20
    assert plan.needed(T(4, 5), T(5, 5)) == 20
    assert plan.needed(T(19, 20), T(20, 20)) == 20
    v = decide({"a": (T(5, 5), T(5, 5), True)})["a"]
    assert v.outcome == PASS and v.stopped_early and v.p is None and v.base_n == v.cand_n == 5


def test_critical_cases_need_every_candidate_trial_to_pass():
    out = decide({"crit": (T(20, 20), T(19, 20), True), "ord": (T(20, 20), T(19, 20), False)})
    assert out["crit"].outcome == REGRESS and "critical" in out["crit"].rule
    assert out["ord"].outcome == PASS and out["ord"].p == pytest.approx(0.5)


def test_flaky_baseline_and_regress_take_precedence_in_order():
    out = decide({"flaky": (T(14, 20), T(14, 20), False), "worse": (T(15, 20), T(2, 20), False),
                  "edge": (T(16, 20), T(16, 20), False)})
    assert out["flaky"].outcome == FLAKY
    assert out["worse"].outcome == REGRESS  # a significant drop is a regression even on a weak baseline
    assert out["edge"].outcome == PASS  # 80% is not under 80%


def test_holm_adjustment_by_hand():
    adj = holm({"a": 0.01, "b": 0.04, "c": 0.03, "d": 0.005})
    assert adj == pytest.approx({"d": 0.02, "a": 0.03, "c": 0.06, "b": 0.06})
    assert holm({}) == {} and holm({"x": 0.7, "y": 0.6}) == {"y": 1.0, "x": 1.0}


def test_holm_turns_a_borderline_case_into_a_pass_among_many():
    # 20/20 -> 13/20 (p = 0.0042) alone regresses; with three more tested cases Holm multiplies by 4
    alone = decide({"x": (T(20, 20), T(13, 20), False)})
    assert alone["x"].outcome == REGRESS and alone["x"].p_adjusted == pytest.approx(alone["x"].p)
    many = {"x": (T(20, 20), T(13, 20), False), **{f"n{i}": (T(20, 20), T(19, 20), False) for i in range(3)}}
    held = decide(many)
    assert held["x"].p_adjusted == pytest.approx(4 * held["x"].p) and held["x"].outcome == PASS
    assert decide(many, TrialPlan(holm=False))["x"].outcome == REGRESS
    # an extreme drop survives the correction
    many["y"] = (T(20, 20), T(0, 20), False)
    assert decide(many)["y"].outcome == REGRESS
