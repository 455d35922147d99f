"""Self-imitation of rare successes (Oh et al., 2018, "Self-Imitation Learning", ICML).

Why: on CPU a run samples a few hundred candidate messages; a policy the auditor reaches once
(a tool name asked for, a passport echoed) earns one positive advantage in one group and is then
forgotten, so the trained auditor covers fewer policies than it found in training. SIL keeps the
good actions of the past and imitates them again whenever their return beat the estimate of
their state. Here the state's estimate is the group mean (the baseline GRPO itself uses), so the
rule works for every algorithm of the shared rollout engine:

    keep candidate i when R_i > mean_group(R), its own message drew no plausibility penalty,
    and its window hit a policy that training has hit fewer than ``rare_below`` times so far;

    every update, after the algorithm's own step, replay ``batch`` kept entries (seeded draw):

        L_sil = - weight * mean_i ( mean over the tokens of message i of log pi(token) )

i.e. the clipped SIL policy term ``-log pi(a|s) * (R - V(s))+`` with the positive part replaced by
1 for the kept entries (their advantage was positive by construction; the buffer only holds
rare hits, so a scale from one group would weigh one lucky group against another). The buffer
keeps the ``buffer`` newest entries; its contents and the hit counts travel in the checkpoint
(plain ints and strings, no pickle) so a resumed run replays the same entries.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import torch

from probe.train.config import SelfImitationSettings


class SelfImitation:
    def __init__(self, config: SelfImitationSettings, auditor: Any, optimizer: torch.optim.Optimizer,
                 max_grad_norm: float = 1.0, seed: int = 0):
        self.config, self.auditor, self.optimizer = config, auditor, optimizer
        self.max_grad_norm, self.seed = max_grad_norm, seed
        self.entries: list[dict[str, Any]] = []  # prompt_ids, candidate_ids, policies, update
        self.hits: Counter = Counter()  # policy -> hits in training before the current update
        self.updates = 0

    def observe(self, batch) -> int:
        """Add the batch's rare successes to the buffer (then count its hits); returns how many."""
        returns, groups = batch.returns, batch.group_ids
        added = 0
        for i in range(len(batch)):
            same = groups == groups[i]
            if int(same.sum()) < 2 or not float(returns[i]) > float(returns[same].mean()) + 1e-9:
                continue
            window = batch.turn_rewards[i]
            if not window or window[0].plausibility_penalty > 0:
                continue
            policies = sorted({v.policy for tr in window for v in tr.violations})
            rare = [p for p in policies if self.hits[p] < self.config.rare_below]
            if not rare:
                continue
            self.entries.append({"prompt_ids": list(batch.prompt_ids[i]),
                                 "candidate_ids": list(batch.candidate_ids[i]),
                                 "policies": rare, "update": self.updates})
            added += 1
        self.entries = self.entries[-self.config.buffer:]
        self.hits.update(batch.policy_hits)
        return added

    def step(self) -> dict[str, float]:
        """One imitation step on a seeded draw of the buffer (nothing when it is empty)."""
        from probe.train.algos.common import optimizer_step, sequence_logprobs, training_pass

        self.updates += 1
        metrics = {"buffer": float(len(self.entries))}
        if not self.entries or self.config.weight <= 0:
            return metrics
        rng = random.Random(f"{self.seed}:{self.updates}")
        picks = rng.sample(self.entries, min(self.config.batch, len(self.entries)))
        with training_pass(self.auditor):
            lp, mask, _ = sequence_logprobs(self.auditor, [e["prompt_ids"] for e in picks],
                                            [e["candidate_ids"] for e in picks], grad=True)
            per_message = (lp * mask).sum(dim=1) / mask.sum(dim=1).clamp(min=1)
            loss = -self.config.weight * per_message.mean()
            metrics.update(replayed=float(len(picks)), logp=float(per_message.detach().mean()),
                           grad_norm=optimizer_step(loss, self.auditor.trainable_parameters(), self.optimizer,
                                                    self.max_grad_norm))
        return metrics

    def state_dict(self) -> dict[str, Any]:
        return {"entries": self.entries, "hits": dict(self.hits), "updates": self.updates}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        self.entries = [dict(e) for e in state.get("entries", [])]
        self.hits = Counter(state.get("hits", {}))
        self.updates = int(state.get("updates", 0))
