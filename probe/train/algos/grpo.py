"""GRPO loss (Shao et al., 2024, "DeepSeekMath"), over the rollout engine's batch.

For every group of G candidates sampled from one shared prefix:

    A_i = (R_i - mean_group(R)) / (std_group(R) + eps)

(``scale_rewards='group'``, the paper's); ``'batch'`` divides by the std of all the update's returns
instead (PPO Lite, Liu et al., 2025) and ``'none'`` by nothing (Dr. GRPO, Liu et al., 2025). With the
group's own std a group whose returns differ by 0.003 (a hit of a policy the reward has decayed to
almost nothing, a continuation's progress crumb) gets the same unit-scale advantages as one where a
candidate found a new policy; the other two keep the returns' scale across groups.
Groups whose returns are all equal carry no signal (A = 0) and are skipped and counted. The
policy term is PPO's clipped surrogate per candidate token,

    min(rho * A, clip(rho, 1 - eps_clip, 1 + eps_clip) * A),   rho = exp(logp - logp_old),

and the KL term to the frozen base model (the LoRA adapter disabled) uses the unbiased,
always-positive estimator of Schulman (2020) that GRPO uses:

    KL ~= exp(logp_ref - logp) - (logp_ref - logp) - 1.

Loss = -(mean over candidate tokens of (surrogate - beta * KL)); ``loss_type`` says how the mean is
taken. ``'sequence'`` (the paper's): per message first, then over messages, so that every message
weighs the same; a token of a 3-token message then weighs 10x a token of a 30-token one, which
pushes a positive advantage hardest onto short messages and spares long messages with a negative
one (the length bias of Liu et al., 2025). ``'token'`` (DAPO, Yu et al., 2025): over every token of
the update. ``'dr_grpo'`` (Liu et al., 2025): the sum over tokens divided by messages x
``max_tokens``, a constant, so no message's length changes the weight of its tokens.
"""

from __future__ import annotations

import torch

from probe.train.config import GRPOSettings


def group_advantages(returns: torch.Tensor, group_ids: torch.Tensor, eps: float = 1e-6,
                     scale: str = "group") -> tuple[torch.Tensor, torch.Tensor, int]:
    """Group-relative advantages (``scale``: 'group', 'batch' or 'none', module docstring), a mask
    of candidates in groups with signal, and the number of zero-variance groups skipped."""
    if scale not in ("group", "batch", "none"):
        raise ValueError(f"scale must be 'group', 'batch' or 'none', got {scale!r}")
    adv = torch.zeros_like(returns)
    keep = torch.zeros_like(returns, dtype=torch.bool)
    skipped = 0
    batch_std = returns.std(unbiased=False) if returns.numel() > 1 else returns.new_tensor(0.0)
    for g in torch.unique(group_ids):
        idx = group_ids == g
        r = returns[idx]
        if r.numel() < 2 or torch.allclose(r, r[0].expand_as(r)):
            skipped += 1
            continue
        div = {"group": r.std(unbiased=False) + eps, "batch": batch_std + eps, "none": 1.0}[scale]
        adv[idx] = (r - r.mean()) / div
        keep[idx] = True
    return adv, keep, skipped


def grpo_loss(logprobs: torch.Tensor, old_logprobs: torch.Tensor, ref_logprobs: torch.Tensor,
              mask: torch.Tensor, advantages: torch.Tensor, keep: torch.Tensor,
              config: GRPOSettings | None = None) -> tuple[torch.Tensor, dict[str, float]]:
    """All token tensors are [N, T] aligned on candidate tokens; ``mask`` is 1 on real tokens.
    ``config``: the run config's ``grpo`` section (None: its defaults)."""
    config = GRPOSettings() if config is None else config
    mask = mask.to(logprobs.dtype) * keep[:, None].to(logprobs.dtype)
    ratio = torch.exp(logprobs - old_logprobs)
    adv = advantages[:, None]
    surrogate = torch.minimum(ratio * adv, torch.clamp(ratio, 1 - config.clip_eps, 1 + config.clip_eps) * adv)
    delta = ref_logprobs - logprobs
    kl = torch.exp(delta) - delta - 1
    per_token = surrogate - config.beta * kl
    tokens = mask.sum(dim=1).clamp(min=1)
    n = keep.sum().clamp(min=1)
    if config.loss_type == "token":
        loss = -(per_token * mask).sum() / mask.sum().clamp(min=1)
    elif config.loss_type == "dr_grpo":
        loss = -(per_token * mask).sum() / (n * (config.max_tokens or mask.shape[1]))
    else:
        per_seq = (per_token * mask).sum(dim=1) / tokens
        loss = -(per_seq * keep).sum() / n
    clipped = ((ratio - 1).abs() > config.clip_eps).to(mask.dtype)
    kl, ratio = kl.detach(), ratio.detach()
    metrics = {
        "kl": float(((kl * mask).sum(dim=1) / tokens).sum() / n),
        "clip_frac": float((clipped * mask).sum() / mask.sum().clamp(min=1)),
        "ratio_mean": float((ratio * mask).sum() / mask.sum().clamp(min=1)),
    }
    return loss, metrics


class GRPO:
    """One GRPO update per rollout batch (a single PPO epoch over fresh samples)."""

    name = "grpo"

    def __init__(self, config: GRPOSettings, auditor, optimizer: torch.optim.Optimizer, max_grad_norm: float = 1.0):
        self.config, self.auditor, self.optimizer, self.max_grad_norm = config, auditor, optimizer, max_grad_norm

    def update(self, batch) -> dict[str, float]:
        from probe.train.algos.common import optimizer_step, pad_right, sequence_logprobs, training_pass

        adv, keep, skipped = group_advantages(batch.returns, batch.group_ids, self.config.adv_eps,
                                              self.config.scale_rewards)
        metrics = {"skipped_groups": float(skipped), "groups": float(len(torch.unique(batch.group_ids)))}
        if not bool(keep.any()):
            metrics["loss"] = 0.0
            return metrics
        with training_pass(self.auditor):  # train mode for the gradient pass; the reference pass runs in eval mode
            lp, mask, _ = sequence_logprobs(self.auditor, batch.prompt_ids, batch.candidate_ids, grad=True)
            with torch.no_grad():
                ref, _, _ = sequence_logprobs(self.auditor, batch.prompt_ids, batch.candidate_ids, grad=False,
                                              use_adapter=False)
            old = pad_right(batch.old_logprobs, lp.shape[1]).to(lp.device)  # the batch lives on the CPU
            loss, m = grpo_loss(lp, old, ref, mask, adv.to(lp.device), keep.to(lp.device), self.config)
            metrics.update(m, loss=float(loss.detach()), grad_norm=optimizer_step(
                loss, self.auditor.trainable_parameters(), self.optimizer, self.max_grad_norm))
        return metrics

    def state_dict(self) -> dict:
        return {}

    def load_state_dict(self, state: dict) -> None:
        pass
