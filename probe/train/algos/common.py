"""What the three algorithms share: the optimiser step and padding of per-token lists."""

from __future__ import annotations

import contextlib
from typing import Any

import torch


def training_pass(auditor: Any):
    """The auditor in train mode for one update's gradient pass (dropout, gradient checkpointing),
    back in eval mode afterwards; a no-op for auditors without ``training_pass``."""
    enter = getattr(auditor, "training_pass", None)
    return enter() if enter is not None else contextlib.nullcontext()


def pad_right(rows: list[list[float]], width: int, value: float = 0.0) -> torch.Tensor:
    out = torch.full((len(rows), width), value, dtype=torch.float32)
    for i, r in enumerate(rows):
        r = r[:width]
        if r:
            out[i, : len(r)] = torch.tensor(r, dtype=torch.float32)
    return out


def optimizer_step(loss: torch.Tensor, params: list[torch.nn.Parameter], optimizer: torch.optim.Optimizer,
                   max_grad_norm: float) -> float:
    """Backward, clip, step, zero; returns the gradient norm before clipping."""
    loss.backward()
    norm = torch.nn.utils.clip_grad_norm_(params, max_grad_norm)
    optimizer.step()
    optimizer.zero_grad(set_to_none=True)
    return float(norm)


def sequence_logprobs(auditor: Any, prompt_ids: list[list[int]], candidate_ids: list[list[int]],
                      grad: bool = True, use_adapter: bool = True) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """(per-token log-probs [N, T], mask [N, T], per-sequence sums [N]) of the candidates."""
    lp, mask = auditor.completion_logprobs(prompt_ids, candidate_ids, grad=grad, use_adapter=use_adapter)
    mask = mask.to(lp.dtype)
    return lp, mask, (lp * mask).sum(dim=1)
