"""Supervised pre-training of the tiny auditor on its customer corpus: one readable loop.

The loss is next-token cross-entropy on the customer-message tokens only (``completion_mask``,
about a fifth of each text: the scenario and the agent's turns are context). Written out instead
of TRL's ``SFTTrainer``, which the build used until 2026-12-03, because the language-model head
then runs on the hidden states of the predicted positions only: a trainer that takes the model's
logits computes (and upcasts) a 3,000-way softmax at every position of every padded text, four
fifths of it thrown away. Measured on this project's 2-core Intel Xeon, the same short build
(0.6 passes, 2 threads): 41-42 s of training instead of 51-57 s (``scripts/bench_build.py``
prints the per-step ratio). bf16 autocast was tried and not kept: the matrix products alone are
2.5-4x faster in bf16 on this CPU's AMX units, but the build took 50.5 s (casts, and torch's
fused attention being slower in bf16 on backward; the eager attention did not make up for it).

What stays as a trainer did it: AdamW with weight decay on matrices only, linear warm-up then
cosine decay (``transformers.get_cosine_schedule_with_warmup``), gradient clipping at 1.0,
batches of similar length (``transformers``' ``LengthGroupedSampler``: the corpus mixes ~330-token
dialogues with ~120-token openings), right padding, every choice seeded.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

VERSION = "sft-v1"  # in the tiny auditor's build key: another loop, another model


@dataclass(frozen=True)
class SFTPlan:
    batch_size: int
    learning_rate: float
    warmup_ratio: float
    weight_decay: float
    max_grad_norm: float = 1.0
    group_by_length: bool = True
    log_every: int = 0  # 0: about 16 log lines per pass


def collate(rows: list[dict[str, list[int]]], pad_id: int):
    """Right-padded ``input_ids``, ``attention_mask`` and the shifted ``targets`` (-100 where no
    loss: context tokens and padding). Position t predicts token t+1."""
    import torch  # noqa: PLC0415

    width = max(len(r["input_ids"]) for r in rows)
    ids = torch.full((len(rows), width), pad_id, dtype=torch.long)
    attention = torch.zeros((len(rows), width), dtype=torch.long)
    targets = torch.full((len(rows), width), -100, dtype=torch.long)
    for i, row in enumerate(rows):
        n = len(row["input_ids"])
        tokens = torch.tensor(row["input_ids"], dtype=torch.long)
        ids[i, :n] = tokens
        attention[i, :n] = 1
        keep = torch.tensor(row["completion_mask"], dtype=torch.bool)[1:]
        targets[i, : n - 1] = torch.where(keep, tokens[1:], torch.full_like(tokens[1:], -100))
    return ids, attention, targets


def completion_loss(model, ids, attention, targets):
    """Mean cross-entropy of the next token over the positions that predict a customer token; the
    head (tied to the embeddings) runs on those positions only."""
    import torch.nn.functional as F  # noqa: PLC0415

    hidden = model.model(input_ids=ids, attention_mask=attention).last_hidden_state
    where = targets != -100
    logits = model.lm_head(hidden[where])
    return F.cross_entropy(logits, targets[where])


def _batches(rows: list[dict[str, list[int]]], plan: SFTPlan, seed: int) -> list[list[int]]:
    import torch  # noqa: PLC0415

    generator = torch.Generator().manual_seed(seed)
    if plan.group_by_length:
        from transformers.trainer_pt_utils import LengthGroupedSampler  # noqa: PLC0415

        order = list(LengthGroupedSampler(plan.batch_size, lengths=[len(r["input_ids"]) for r in rows],
                                          generator=generator))
    else:
        order = torch.randperm(len(rows), generator=generator).tolist()
    whole = len(order) // plan.batch_size * plan.batch_size or len(order)  # a trainer's last partial batch: dropped
    return [order[i:i + plan.batch_size] for i in range(0, whole, plan.batch_size)]


def train(model, rows: list[dict[str, list[int]]], pad_id: int, plan: SFTPlan, seed: int,
          log: Callable[[str], None] | None = None, on_step: Callable[[], object] | None = None) -> list[float]:
    """One pass over ``rows`` (each already repeated as often as it is to be seen); returns the mean
    loss of each logging window (the first step alone first). ``on_step`` is called after every
    optimizer step (the build's ``probe.train.threads.BuildThreads``)."""
    import torch  # noqa: PLC0415
    from transformers import get_cosine_schedule_with_warmup  # noqa: PLC0415

    log = log or (lambda _msg: None)
    batches = _batches(rows, plan, seed)
    steps = len(batches)
    decay = [p for p in model.parameters() if p.requires_grad and p.dim() >= 2]
    no_decay = [p for p in model.parameters() if p.requires_grad and p.dim() < 2]
    optimizer = torch.optim.AdamW([{"params": decay, "weight_decay": plan.weight_decay},
                                   {"params": no_decay, "weight_decay": 0.0}], lr=plan.learning_rate)
    schedule = get_cosine_schedule_with_warmup(optimizer, max(1, int(plan.warmup_ratio * steps)), steps)
    every = plan.log_every or max(1, steps // 16)
    losses: list[float] = []
    window: list[float] = []
    model.train()
    for step, batch in enumerate(batches, start=1):
        ids, attention, targets = collate([rows[i] for i in batch], pad_id)
        loss = completion_loss(model, ids, attention, targets)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), plan.max_grad_norm)
        optimizer.step()
        schedule.step()
        optimizer.zero_grad(set_to_none=True)
        if on_step is not None:
            on_step()
        value = float(loss.detach())
        if not math.isfinite(value):
            raise FloatingPointError(f"the tiny auditor's pre-training diverged at step {step} (loss {value})")
        window.append(value)
        if step == 1 or step % every == 0 or step == steps:
            losses.append(sum(window) / len(window))
            window = []
            log(f"step {step}/{steps}  loss {losses[-1]:.3f}")
    return losses


__all__ = ["VERSION", "SFTPlan", "collate", "completion_loss", "train"]
