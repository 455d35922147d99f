"""Adaptive pair selection: which statement-instruction pair to try next.

Every selector chooses the statement first and the instruction second (``choose``), then learns
from the attempt's outcome (``update``): whether the pair was applicable, and the judge's verdict
on the transformed test (verdict reward ``r``: pass 1, inconclusive 0.5, fail 0). A pair is tried
at most once per run. The run's loop (``probe.adat.pipeline.transform_tests``) owns the blocks,
the set-aside rule and the stopping rules; the selectors own only the choice.

``BayesUCB`` is the paper's selector (AdaT2, section 3.4), with the score of Kaufmann, Cappé and
Garivier (2012), "On Bayesian upper confidence bounds for bandit problems" (AISTATS), applied to
the two Beta posteriors of each instruction ``k``:

    theta_k ~ Beta(a0 + A_k, b0 + N_k)        applicability: A_k applicable, N_k not applicable
    mu_k    ~ Beta(a0 + S_k, b0 + F_k)        verdict reward: S_k += r, F_k += 1 - r per written test

    q_t     = 1 - 1 / (t * (log T)^c)          t: this attempt's number (from 2, see below), T: the
                                               attempt budget, c = 0 by default (Kaufmann et al.'s
                                               recommended setting in practice)
    score_k = Q(q_t; theta_k) * Q(q_t; mu_k) * gamma^(m_k)

Priors (this project's choice, ``pooled_prior``): each instruction's two priors are ``Beta(a0, b0)``
re-centred on the pooled rates of its factor (wording, value, state: ``bind``), strength kept. With
91 instructions and n = 50, independent ``Beta(1, 1)`` priors make every untried instruction score
above every tried one (the reuse penalty halves a written one), so the selector would try untried
instructions in a random order and learn nothing in a run; with pooled priors an untried value
instruction scores low once value instructions keep being not applicable, and an instruction that
paid can be chosen again before the untried ones of a poor factor. Before any observation the
prior is the paper's ``Beta(1, 1)``.

``Q(q; Beta)`` is the Beta quantile (``scipy.stats.beta.ppf``), ``m_k`` the number of transformed
tests already written with ``k`` in this run and ``gamma = 0.5`` the reuse penalty. The paper
leaves the equation out; this is the reading written down in ``docs/adat.md``: the product of the
two upper quantiles is an optimistic estimate of the reward one attempt with ``k`` earns
(applicable times verdict reward), and the penalty spreads tests over instructions. ``t`` counts
attempts from 1 and the quantile uses ``t + 1``, so that the first attempt does not use the
0-quantile. Ties are broken at random (seeded).

The statement is chosen by the novelty order (``probe.adat.novelty``): the highest novelty among
the statements the loop offers, ties at random. Comparison selectors (the paper's, section 4.2):

- ``uniform``: a uniformly random untried pair among the offered statements (no novelty order);
- ``static``: novelty order; the instruction from a ranking fixed at the start (a seeded
  permutation of the catalog), never updated;
- ``thompson``: the Bayes-UCB score with one draw from each posterior instead of the quantiles
  (reuse penalty kept);
- ``ucb1``: UCB1 (Auer et al., 2002) on the per-attempt reward (0 when not applicable, else r):
  untried arms first, then ``mean + sqrt(2 ln t / n_k)``; no reuse penalty;
- ``epsilon-greedy``: with probability epsilon (0.1) a random instruction, else the best mean
  per-attempt reward (unplayed arms count as 1, so each is tried once when greedy); no penalty;
- ``exp3``: Exp3 (Auer et al., 2002) with exploration 0.1 over the untried instructions, reward
  estimate ``r / p_k``; no penalty.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Callable, Sequence

from scipy.stats import beta as beta_dist


@dataclass
class Choice:
    statement_id: str
    instruction_id: str
    novelty: float
    score: float | None = None


@dataclass
class Arm:
    applicable: float = 0.0  # A_k
    not_applicable: float = 0.0  # N_k
    reward_s: float = 0.0  # S_k
    reward_f: float = 0.0  # F_k
    written: int = 0  # m_k
    plays: int = 0
    reward_sum: float = 0.0  # per-attempt reward (0 when not applicable)


@dataclass
class SelectorConfig:
    gamma: float = 0.5  # reuse penalty
    prior_a: float = 1.0
    prior_b: float = 1.0
    c: float = 0.0  # Bayes-UCB horizon exponent
    budget: int = 300  # T in the quantile level (the attempt budget)
    epsilon: float = 0.1
    exp3_gamma: float = 0.1


def bayes_ucb_score(arm: Arm, t: int, cfg: SelectorConfig, group: Arm | None = None) -> float:
    """The instruction score above for attempt ``t`` (from 1); with ``group`` (the summed counts of
    the instruction's factor) the priors are the factor's pooled rates (``pooled_prior``)."""
    q = quantile_level(t, cfg)
    ta, tb = pooled_prior(cfg, None if group is None else (group.applicable, group.not_applicable))
    ma, mb = pooled_prior(cfg, None if group is None else (group.reward_s, group.reward_f))
    up_theta = float(beta_dist.ppf(q, ta + arm.applicable, tb + arm.not_applicable))
    up_mu = float(beta_dist.ppf(q, ma + arm.reward_s, mb + arm.reward_f))
    return up_theta * up_mu * cfg.gamma ** arm.written


def pooled_prior(cfg: SelectorConfig, counts: tuple[float, float] | None) -> tuple[float, float]:
    """The Beta prior of one instruction: ``Beta(a0, b0)`` re-centred on its factor's pooled rate,
    strength kept: ``m = (a0 + S_g) / (a0 + b0 + S_g + F_g)``, prior ``((a0 + b0) m, (a0 + b0)(1 - m))``
    where ``S_g, F_g`` sum the counts of every instruction of the factor. With no observations it is
    ``Beta(a0, b0)``, the paper's prior."""
    if counts is None:
        return cfg.prior_a, cfg.prior_b
    s_g, f_g = counts
    strength = cfg.prior_a + cfg.prior_b
    m = (cfg.prior_a + s_g) / (strength + s_g + f_g)
    return strength * m, strength * (1.0 - m)


def quantile_level(t: int, cfg: SelectorConfig) -> float:
    horizon = math.log(cfg.budget) ** cfg.c if cfg.c else 1.0
    return 1.0 - 1.0 / ((t + 1) * horizon)


class Selector:
    name = "selector"
    uses_novelty = True

    def __init__(self, instructions: Sequence[str], seed: int = 0, config: SelectorConfig | None = None):
        self.ids = list(instructions)
        self.cfg = config or SelectorConfig()
        self.rng = random.Random(seed)
        self.arms: dict[str, Arm] = {k: Arm() for k in self.ids}
        self.t = 0
        self.groups: dict[str, str] = {}

    def bind(self, groups: dict[str, str]) -> None:
        """The group (the paper's factor: wording, value, state) of each instruction, for selectors
        that pool what they learn within a group (``BayesUCB``); the others ignore it."""
        self.groups = {k: g for k, g in groups.items() if k in self.arms}

    # --- statement ---
    def choose_statement(self, offered: Sequence[str], novelty: Callable[[str], float],
                         untried: Callable[[str], list[str]]) -> tuple[str, float] | None:
        cands = [s for s in offered if untried(s)]
        if not cands:
            return None
        scores = {s: novelty(s) for s in cands}
        best = max(scores.values())
        top = [s for s in cands if scores[s] >= best - 1e-12]
        s = top[0] if len(top) == 1 else self.rng.choice(top)
        return s, scores[s]

    # --- instruction ---
    def score(self, k: str) -> float:
        raise NotImplementedError

    def choose_instruction(self, untried: Sequence[str]) -> tuple[str, float | None]:
        scores = {k: self.score(k) for k in untried}
        best = max(scores.values())
        top = [k for k in untried if scores[k] >= best - 1e-12]
        k = top[0] if len(top) == 1 else self.rng.choice(top)
        return k, scores[k]

    def choose(self, offered: Sequence[str], novelty: Callable[[str], float],
               untried: Callable[[str], list[str]]) -> Choice | None:
        self.t += 1
        picked = self.choose_statement(offered, novelty, untried)
        if picked is None:
            return None
        sid, nov = picked
        k, score = self.choose_instruction(untried(sid))
        return Choice(sid, k, nov, score)

    # --- learning ---
    def update(self, k: str, applicable: bool, reward: float | None) -> None:
        arm = self.arms[k]
        arm.plays += 1
        if applicable:
            arm.applicable += 1
            r = 0.5 if reward is None else reward
            arm.reward_s += r
            arm.reward_f += 1.0 - r
            arm.written += 1
            arm.reward_sum += r
        else:
            arm.not_applicable += 1


class BayesUCB(Selector):
    name = "bayes-ucb"

    def score(self, k: str) -> float:
        g = self.groups.get(k)
        if g is None:
            return bayes_ucb_score(self.arms[k], self.t, self.cfg)
        pooled = Arm()
        for j, a in self.arms.items():
            if self.groups.get(j) == g:
                pooled.applicable += a.applicable
                pooled.not_applicable += a.not_applicable
                pooled.reward_s += a.reward_s
                pooled.reward_f += a.reward_f
        return bayes_ucb_score(self.arms[k], self.t, self.cfg, pooled)


class StaticRanking(Selector):
    name = "static"

    def __init__(self, instructions, seed=0, config=None):
        super().__init__(instructions, seed, config)
        order = list(self.ids)
        random.Random(f"static-{seed}").shuffle(order)
        self.rank = {k: i for i, k in enumerate(order)}

    def score(self, k: str) -> float:
        return -float(self.rank[k])

    def update(self, k, applicable, reward):  # a static ranking learns nothing
        self.arms[k].plays += 1


class Thompson(Selector):
    name = "thompson"

    def score(self, k: str) -> float:
        a, c = self.arms[k], self.cfg
        theta = self.rng.betavariate(c.prior_a + a.applicable, c.prior_b + a.not_applicable)
        mu = self.rng.betavariate(c.prior_a + a.reward_s, c.prior_b + a.reward_f)
        return theta * mu * c.gamma ** a.written


class UCB1(Selector):
    name = "ucb1"

    def score(self, k: str) -> float:
        a = self.arms[k]
        if a.plays == 0:
            return math.inf
        return a.reward_sum / a.plays + math.sqrt(2.0 * math.log(max(self.t, 1)) / a.plays)


class EpsilonGreedy(Selector):
    name = "epsilon-greedy"

    def score(self, k: str) -> float:
        a = self.arms[k]
        return 1.0 if a.plays == 0 else a.reward_sum / a.plays

    def choose_instruction(self, untried):
        if self.rng.random() < self.cfg.epsilon:
            return self.rng.choice(list(untried)), None
        return super().choose_instruction(untried)


class Exp3(Selector):
    name = "exp3"

    def __init__(self, instructions, seed=0, config=None):
        super().__init__(instructions, seed, config)
        self.logw = {k: 0.0 for k in self.ids}
        self.last_p: dict[str, float] = {}

    def probabilities(self, untried: Sequence[str]) -> dict[str, float]:
        g = self.cfg.exp3_gamma
        m = max(self.logw[k] for k in untried)
        w = {k: math.exp(self.logw[k] - m) for k in untried}
        total = sum(w.values())
        return {k: (1 - g) * w[k] / total + g / len(untried) for k in untried}

    def choose_instruction(self, untried):
        p = self.probabilities(untried)
        x, acc = self.rng.random(), 0.0
        k = untried[-1]
        for key in untried:
            acc += p[key]
            if x < acc:
                k = key
                break
        self.last_p[k] = p[k]
        return k, p[k]

    def update(self, k, applicable, reward):
        super().update(k, applicable, reward)
        r = (0.5 if reward is None else reward) if applicable else 0.0
        p = self.last_p.get(k, 1.0)
        self.logw[k] += self.cfg.exp3_gamma * (r / p) / len(self.ids)


class Uniform(Selector):
    name = "uniform"
    uses_novelty = False

    def choose(self, offered, novelty, untried):
        self.t += 1
        pairs = [(s, k) for s in offered for k in untried(s)]
        if not pairs:
            return None
        s, k = self.rng.choice(pairs)
        return Choice(s, k, novelty(s), None)


SELECTORS: dict[str, type[Selector]] = {c.name: c for c in (BayesUCB, Uniform, StaticRanking, Thompson, UCB1,
                                                             EpsilonGreedy, Exp3)}


def make_selector(name: str, instructions: Sequence[str], seed: int = 0,
                  config: SelectorConfig | None = None) -> Selector:
    if name not in SELECTORS:
        raise ValueError(f"unknown selector {name!r}; allowed: {', '.join(SELECTORS)}")
    return SELECTORS[name](instructions, seed=seed, config=config)


__all__ = ["Selector", "BayesUCB", "Uniform", "StaticRanking", "Thompson", "UCB1", "EpsilonGreedy", "Exp3",
           "SELECTORS", "make_selector", "SelectorConfig", "Arm", "Choice", "bayes_ucb_score", "quantile_level"]
