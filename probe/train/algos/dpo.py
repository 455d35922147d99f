"""DPO loss (Rafailov et al., 2023) on best-vs-worst candidates of each rollout group.

From every group of G candidates the highest-return candidate is ``chosen`` and the lowest is
``rejected``; a group whose best and worst returns tie carries no preference and is skipped.

    loss = -log sigmoid(beta * ((logp_c - ref_c) - (logp_r - ref_r)))

The reference is not a frozen copy but an exponential moving average of the policy (decay
0.995), so the implicit KL anchor follows the auditor slowly as it improves.

How the EMA is kept for a LoRA policy: the adapted weight is W + (alpha/r) * B @ A. Averaging A
and B separately does not give the average of the product B @ A (the product of averages is
not the average of products), so ``EmaReference`` keeps the EMA of each layer's adapter *delta*
D = B @ A, in factored form so that it never materialises an out x in matrix:

    D_t = d * D_{t-1} + (1 - d) * B_t @ A_t
        = [sqrt(d) Bf, sqrt(1-d) B_t] @ [sqrt(d) Af ; sqrt(1-d) A_t]

and after each update the stacked factors (rank 2r) are recompressed to the best rank-r
approximation (QR of both factors, SVD of the small 2r x 2r core). The EMA is exact while its
rank stays <= r and the optimal rank-r approximation of the averaged delta otherwise. For the
reference forward pass the rank-r factors are copied into the adapter's A and B, then the
policy's own A and B are put back.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F

from probe.train.config import DPOSettings


def best_worst_pairs(returns: torch.Tensor, group_ids: torch.Tensor) -> tuple[list[tuple[int, int]], int]:
    """(chosen, rejected) row indices per group, and how many groups were skipped as ties."""
    pairs: list[tuple[int, int]] = []
    ties = 0
    for g in torch.unique(group_ids):
        rows = torch.nonzero(group_ids == g).flatten()
        r = returns[rows]
        best, worst = rows[int(torch.argmax(r))], rows[int(torch.argmin(r))]
        if returns[best] <= returns[worst]:
            ties += 1
            continue
        pairs.append((int(best), int(worst)))
    return pairs, ties


def dpo_loss(policy_chosen: torch.Tensor, policy_rejected: torch.Tensor, ref_chosen: torch.Tensor,
             ref_rejected: torch.Tensor, beta: float = 0.1) -> tuple[torch.Tensor, dict[str, float]]:
    """Inputs are sequence log-probabilities [P] (sums over candidate tokens)."""
    margin = (policy_chosen - ref_chosen) - (policy_rejected - ref_rejected)
    loss = -F.logsigmoid(beta * margin).mean()
    margin = margin.detach()
    return loss, {"margin": float(margin.mean()), "pref_acc": float((margin > 0).float().mean())}


class EmaReference:
    """EMA of a LoRA policy's per-layer deltas B @ A, swappable into the model for a forward pass."""

    def __init__(self, model: torch.nn.Module, decay: float = 0.995):
        self.decay = decay
        self.layers = _lora_layers(model)
        self.factors = {name: (b.detach().float().clone(), a.detach().float().clone())
                        for name, (a, b) in self.layers.items()}

    @torch.no_grad()
    def update(self) -> None:
        d = self.decay
        for name, (a, b) in self.layers.items():
            bf, af = self.factors[name]
            stacked_b = torch.cat([bf * d ** 0.5, b.detach().float() * (1 - d) ** 0.5], dim=1)
            stacked_a = torch.cat([af * d ** 0.5, a.detach().float() * (1 - d) ** 0.5], dim=0)
            self.factors[name] = _best_rank(stacked_b, stacked_a, rank=a.shape[0])

    def delta(self, name: str) -> torch.Tensor:
        """The averaged delta of one layer (for tests and inspection)."""
        bf, af = self.factors[name]
        return bf @ af

    @torch.no_grad()
    def swap_in(self) -> dict[str, tuple[torch.Tensor, torch.Tensor]]:
        """Put the EMA delta into the adapter; returns the policy weights to ``restore``."""
        saved = {}
        for name, (a, b) in self.layers.items():
            saved[name] = (a.detach().clone(), b.detach().clone())
            bf, af = self.factors[name]
            b.copy_(bf.to(b.dtype))
            a.copy_(af.to(a.dtype))
        return saved

    @torch.no_grad()
    def restore(self, saved: dict[str, tuple[torch.Tensor, torch.Tensor]]) -> None:
        for name, (a, b) in self.layers.items():
            a.copy_(saved[name][0])
            b.copy_(saved[name][1])

    def state_dict(self) -> dict[str, torch.Tensor]:
        out = {}
        for name, (bf, af) in self.factors.items():
            out[f"{name}.B"], out[f"{name}.A"] = bf.clone(), af.clone()
        return out

    def load_state_dict(self, state: dict[str, torch.Tensor]) -> None:
        for name in self.factors:
            self.factors[name] = (state[f"{name}.B"].clone(), state[f"{name}.A"].clone())


def _best_rank(b: torch.Tensor, a: torch.Tensor, rank: int) -> tuple[torch.Tensor, torch.Tensor]:
    """Factors (B', A') of the best rank-``rank`` approximation of b @ a, without forming it."""
    qb, rb = torch.linalg.qr(b)  # b = qb rb
    qa, ra = torch.linalg.qr(a.T)  # a = ra^T qa^T
    u, s, vh = torch.linalg.svd(rb @ ra.T)
    root = s[:rank].sqrt()
    return qb @ (u[:, :rank] * root), (root[:, None] * vh[:rank]) @ qa.T


def _lora_layers(model: torch.nn.Module) -> dict[str, tuple[torch.Tensor, torch.Tensor]]:
    """name -> (A weight [r, in], B weight [out, r]) of every LoRA-adapted linear layer."""
    layers = {}
    for name, module in model.named_modules():
        a, b = getattr(module, "lora_A", None), getattr(module, "lora_B", None)
        if isinstance(a, torch.nn.ModuleDict) and "default" in a:
            layers[name] = (a["default"].weight, b["default"].weight)
    if not layers:
        raise ValueError("EmaReference needs a peft LoRA model (no lora_A/lora_B layers found)")
    return layers


def _delta(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return b.detach().float() @ a.detach().float()


class DPO:
    """One DPO step per rollout batch on its best-vs-worst pairs; the EMA reference follows."""

    name = "dpo"

    def __init__(self, config: DPOSettings, auditor, optimizer: torch.optim.Optimizer, max_grad_norm: float = 1.0):
        self.config, self.auditor, self.optimizer, self.max_grad_norm = config, auditor, optimizer, max_grad_norm
        self.reference = EmaReference(auditor.model, config.ema_decay)

    def update(self, batch) -> dict[str, float]:
        from probe.train.algos.common import optimizer_step, sequence_logprobs, training_pass

        pairs, ties = best_worst_pairs(batch.returns, batch.group_ids)
        metrics = {"pairs": float(len(pairs)), "tied_groups": float(ties)}
        if not pairs:
            metrics["loss"] = 0.0
            return metrics
        rows = [c for c, _ in pairs] + [r for _, r in pairs]
        prompts = [batch.prompt_ids[i] for i in rows]
        cands = [batch.candidate_ids[i] for i in rows]
        # the reference pass swaps weights in place, so it runs before the policy pass builds its graph
        saved = self.reference.swap_in()
        try:
            with torch.no_grad():
                _, _, ref = sequence_logprobs(self.auditor, prompts, cands, grad=False)
        finally:
            self.reference.restore(saved)
        with training_pass(self.auditor):  # train mode (dropout, checkpointing) for the policy's gradient pass
            _, _, seq = sequence_logprobs(self.auditor, prompts, cands, grad=True)
            p = len(pairs)
            loss, m = dpo_loss(seq[:p], seq[p:], ref[:p], ref[p:], self.config.beta)
            metrics.update(m, loss=float(loss.detach()), grad_norm=optimizer_step(
                loss, self.auditor.trainable_parameters(), self.optimizer, self.max_grad_norm))
        self.reference.update()
        return metrics

    def state_dict(self) -> dict:
        return {"ema": self.reference.state_dict()}

    def load_state_dict(self, state: dict) -> None:
        self.reference.load_state_dict(state["ema"])
