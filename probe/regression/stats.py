"""The verdict of a live comparison: sequential trials, one-sided Fisher, Holm, Wilson bounds.

The plan (``TrialPlan``): 5 trials per side; stop when both sides pass 5 of 5; otherwise extend
both sides to 20. The decision for a case, in this order:

1. both sides 5/5 at the first stage: ``PASS`` (stopped early);
2. a critical case with any failed candidate trial: ``REGRESS`` (all trials must pass);
3. the one-sided Fisher exact test (``scipy.stats.fisher_exact``, ``alternative="less"``: is the
   candidate's pass rate lower than the baseline's?), its p-value Holm-adjusted over every case of
   the run that reached the test, below ``alpha`` (0.01): ``REGRESS``;
4. a baseline passing under 80% of its trials: ``FLAKY_BASELINE``;
5. otherwise ``PASS``.

Many comparisons: with 200 cases tested at p < 0.05 one expects about ten false alarms, so the
raw p-values are adjusted with Holm's step-down method (family-wise error rate at ``alpha`` over
the cases that were tested; cases that stop early at 5/5 versus 5/5 have p = 1 and are not in the
family). Holm was chosen over "a failing case must reproduce on a second run" because it needs no
extra trials and keeps the family-wise rate whatever the dependence between cases' *raw* tests.
``holm=False`` gives the uncorrected rule.

Wilson score intervals (95%) of each side's pass rate are printed with every verdict.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Any

from scipy.stats import fisher_exact, norm

PASS, REGRESS, FLAKY = "PASS", "REGRESS", "FLAKY_BASELINE"


@dataclass(frozen=True)
class TrialPlan:
    first: int = 5
    full: int = 20
    alpha: float = 0.01
    flaky_below: float = 0.8
    holm: bool = True

    def needed(self, base: list[bool], cand: list[bool]) -> int:
        """Trials per side this case should have in total, given what it has (``first`` or ``full``)."""
        n = min(len(base), len(cand))
        if n < self.first:
            return self.first
        if n < self.full and not (len(base) == len(cand) == self.first and all(base) and all(cand)):
            return self.full
        return n


def fisher_less(base_pass: int, base_n: int, cand_pass: int, cand_n: int) -> float:
    """One-sided Fisher exact p: the chance of a candidate pass count this low if both rates are equal."""
    table = [[cand_pass, cand_n - cand_pass], [base_pass, base_n - base_pass]]
    return float(fisher_exact(table, alternative="less").pvalue)


def wilson(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval of a binomial proportion (k successes of n)."""
    if n == 0:
        return 0.0, 1.0
    z = float(norm.ppf(0.5 + confidence / 2))
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def holm(pvalues: dict[str, float]) -> dict[str, float]:
    """Holm step-down adjusted p-values (monotone, capped at 1)."""
    order = sorted(pvalues, key=lambda k: (pvalues[k], k))
    m = len(order)
    out: dict[str, float] = {}
    running = 0.0
    for i, key in enumerate(order):
        running = max(running, min(1.0, (m - i) * pvalues[key]))
        out[key] = running
    return out


@dataclass
class Verdict:
    case_id: str
    outcome: str
    base_pass: int
    base_n: int
    cand_pass: int
    cand_n: int
    critical: bool
    p: float | None = None  # raw one-sided Fisher p (None: not tested)
    p_adjusted: float | None = None
    stopped_early: bool = False
    rule: str = ""  # which rule decided
    base_wilson: tuple[float, float] = (0.0, 1.0)
    cand_wilson: tuple[float, float] = (0.0, 1.0)
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["base_wilson"] = [round(x, 4) for x in self.base_wilson]
        d["cand_wilson"] = [round(x, 4) for x in self.cand_wilson]
        return d

    def bounds(self) -> str:
        b, c = self.base_wilson, self.cand_wilson
        return f"base [{b[0]:.2f}, {b[1]:.2f}] cand [{c[0]:.2f}, {c[1]:.2f}]"


def decide(outcomes: dict[str, tuple[list[bool], list[bool], bool]], plan: TrialPlan = TrialPlan()) -> dict[str, Verdict]:
    """case id -> (baseline trials, candidate trials, critical) -> verdicts (Holm over the tested cases)."""
    verdicts: dict[str, Verdict] = {}
    raw: dict[str, float] = {}
    for cid, (base, cand, critical) in outcomes.items():
        bp, cp = sum(base), sum(cand)
        v = Verdict(cid, PASS, bp, len(base), cp, len(cand), critical,
                    base_wilson=wilson(bp, len(base)), cand_wilson=wilson(cp, len(cand)))
        if len(base) == len(cand) == plan.first and bp == cp == plan.first:
            v.stopped_early, v.rule = True, f"both {plan.first}/{plan.first}: stopped early"
        elif len(base) and len(cand):
            v.p = fisher_less(bp, len(base), cp, len(cand))
            raw[cid] = v.p
        verdicts[cid] = v
    adjusted = holm(raw) if plan.holm else dict(raw)
    for cid, v in verdicts.items():
        if v.stopped_early:
            continue
        if not v.base_n or not v.cand_n:
            v.outcome, v.rule = PASS, "no trials"
            continue
        v.p_adjusted = adjusted.get(cid)
        if v.critical and v.cand_pass < v.cand_n:
            v.outcome, v.rule = REGRESS, f"critical: {v.cand_n - v.cand_pass} failed candidate trial(s)"
        elif v.p_adjusted is not None and v.p_adjusted < plan.alpha:
            v.outcome, v.rule = REGRESS, f"Fisher p={v.p:.2g}, {'Holm-adjusted ' if plan.holm else ''}{v.p_adjusted:.2g} < {plan.alpha:g}"
        elif v.base_pass < plan.flaky_below * v.base_n:
            v.outcome, v.rule = FLAKY, f"baseline passes {v.base_pass}/{v.base_n} < {plan.flaky_below:.0%}"
        else:
            v.outcome, v.rule = PASS, f"Fisher p={v.p:.2g}" + (f", adjusted {v.p_adjusted:.2g}" if plan.holm else "")
    return verdicts
