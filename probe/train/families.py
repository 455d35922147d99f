"""Which scenario family each rollout prefix starts from (``rollout.scenario_sampling``).

``uniform`` (the default, the PROBE paper's setup): a prefix draws a training seed uniformly and the
environment's domain turns the seed into a scenario of some family, so every family gets about
``prefixes * updates / len(families)`` prefixes (27 SkyAssist families, 160 prefixes in the CPU
demo: about 6 each). A family whose policies need a rare move then gives GRPO one or two positive
candidates in a whole run.

``stratified``: the same share per family as ``uniform`` in expectation, without its variance: the
families are drawn in rounds, every family once per round, each round in a fresh seeded random
order (stratified sampling). Under ``uniform`` the counts are multinomial: in one 160-prefix demo
run (build 2008ee5c) ``restricted_destination`` got no prefix at all, ``third_party_booking`` one and
``large_group`` two, against eleven for ``premium_cabin``, so the policies only those families reach
(B3, O1) could not be learned whatever the algorithm.

``prioritized``: Prioritized Level Replay (Jiang, Grefenstette and Rocktaeschel, "Prioritized Level
Replay", ICML 2021) with scenario families as the levels. Every family is drawn once, in a seeded
random order, before any is drawn twice; after that a family is drawn with probability

    P(f) = (1 - rho) * P_S(f) + rho * P_C(f)
    P_S(f) = h(S_f) / sum_j h(S_j),   h(S_f) = rank(S_f) ** (-1 / beta)      (rank 1: the highest score)
    P_C(f) = (c - C_f) / sum_j (c - C_j)                                     (staleness)

where ``c`` counts the draws so far and ``C_f`` is the draw at which f was last drawn. The score
``S_f`` is an exponential moving average (weight ``alpha`` on the newest) of what f's prefixes
paid: for each prefix, the largest violation credit any of its candidates' windows earned in turns
whose customer message passed every plausibility check. The credit is the composite reward's
violation term, so with ``global_decay`` (the ``spread`` reward) a policy hit often pays less and
less and the sampler moves on from families whose policies are exhausted; a family where a rare
policy was reached once is drawn again while that policy still pays. Families with equal scores
share the mean of their ranks' weights. The sampler knows nothing of faults or policies: only
family names and the credit the reward paid.

PLR scores levels by the policy's value loss and uses beta 0.1, rho 0.1 over thousands of levels;
here the levels are few (27) and the scores are sparse, so the defaults are gentler (beta 1:
weights 1, 1/2, 1/3, ...; rho 0.3).
"""

from __future__ import annotations

import random
from typing import Any

VERSION = 1


class FamilySampler:
    """Draws the family of each rollout prefix (module docstring); ``None`` under ``uniform`` (the
    game draws a scenario from the seed, as before). ``state_dict`` / ``load_state_dict`` carry it
    across a resumed run."""

    def __init__(self, families: list[str], mode: str = "uniform", *, beta: float = 1.0, rho: float = 0.3,
                 alpha: float = 0.5, seed: int = 0):
        if mode not in ("uniform", "stratified", "prioritized"):
            raise ValueError(f"scenario_sampling must be 'uniform', 'stratified' or 'prioritized', got {mode!r}")
        if not families:
            raise ValueError("the environment has no scenario families to sample from")
        self.families = list(families)
        self.mode, self.beta, self.rho, self.alpha = mode, beta, rho, alpha
        self.scores: dict[str, float] = {}
        self.last_drawn: dict[str, int] = {}
        self.draws = 0
        self.seed = seed
        self.unseen = self._round(0)  # drawn first, in this order

    def _round(self, n: int) -> list[str]:
        """The families in round ``n``'s seeded random order (round 0: the order ``prioritized`` starts with)."""
        order = list(self.families)
        random.Random(f"families:{self.seed}" if n == 0 else f"families:{self.seed}:{n}").shuffle(order)
        return order

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, rng: random.Random) -> str | None:
        if self.mode == "uniform":
            return None
        if self.mode == "stratified" and not self.unseen:
            self.unseen = self._round(self.draws // len(self.families))
        if self.unseen:
            family = self.unseen.pop(0)
        else:
            probs = self.probabilities()
            family = rng.choices(self.families, weights=[probs[f] for f in self.families])[0]
        self.draws += 1
        self.last_drawn[family] = self.draws
        return family

    def probabilities(self) -> dict[str, float]:
        """P(f) of the next draw over the families drawn at least once (module docstring)."""
        seen = [f for f in self.families if f in self.last_drawn]
        if not seen:
            return {f: 1 / len(self.families) for f in self.families}
        ranked = sorted(seen, key=lambda f: -self.scores.get(f, 0.0))
        weight = {}
        i = 0
        while i < len(ranked):  # families with equal scores share their ranks' mean weight
            j = i
            while j < len(ranked) and self.scores.get(ranked[j], 0.0) == self.scores.get(ranked[i], 0.0):
                j += 1
            w = sum((r + 1) ** (-1 / self.beta) for r in range(i, j)) / (j - i)
            weight.update({f: w for f in ranked[i:j]})
            i = j
        total_w = sum(weight.values())
        stale = {f: self.draws - self.last_drawn[f] for f in seen}
        total_s = sum(stale.values())
        out = {f: 0.0 for f in self.families}
        for f in seen:
            p_c = stale[f] / total_s if total_s else 1 / len(seen)
            out[f] = (1 - self.rho) * weight[f] / total_w + self.rho * p_c
        return out

    def update(self, family: str | None, credit: float) -> None:
        """Record what one prefix of ``family`` paid (its best candidate's plausible violation credit)."""
        if family is None or self.mode != "prioritized":
            return
        old = self.scores.get(family)
        self.scores[family] = credit if old is None else (1 - self.alpha) * old + self.alpha * credit

    # --- checkpoints --------------------------------------------------------------------------
    def state_dict(self) -> dict[str, Any]:
        return {"version": VERSION, "mode": self.mode, "scores": dict(self.scores), "last_drawn": dict(self.last_drawn),
                "draws": self.draws, "unseen": list(self.unseen), "seed": self.seed}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        if state.get("mode") != self.mode:
            raise ValueError(f"the checkpoint's scenario sampling is {state.get('mode')!r}, this run's {self.mode!r}")
        unknown = (set(state["scores"]) | set(state["last_drawn"]) | set(state["unseen"])) - set(self.families)
        if unknown:
            raise ValueError(f"the checkpoint names families this environment does not have: {sorted(unknown)}")
        self.scores = {k: float(v) for k, v in state["scores"].items()}
        self.last_drawn = {k: int(v) for k, v in state["last_drawn"].items()}
        self.draws = int(state["draws"])
        self.unseen = list(state["unseen"])
        self.seed = state.get("seed", self.seed)  # the order of later rounds (written since 'stratified')
