"""Benchmark: seconds per pre-training step of the tiny auditor, by how the step is computed.

The tiny auditor's build (``probe.auditor.tiny``) is most of a fresh ``make demo``. This script
takes the build's own rows (the default corpus, tokenizer and length-grouped batch order) and
trains on the same contiguous run of batches, from the same initial weights, with the loss
computed two ways:

- ``model-loss``: the model's own loss on masked labels (logits at every position), as a trainer
  taking ``model(..., labels=...)`` computes it: what TRL's SFTTrainer did until 2026-12-03, less
  the metrics it logged per step, so a lower bound of that cost;
- ``completion``: the head on the predicted positions only (``probe.auditor.sft``, the build's).

Rounds alternate the two so that the machine's drift hits both; it prints the median seconds per
step of each and the ratio.

    python scripts/bench_build.py               # about 2 min on 2 cores
    python scripts/bench_build.py --steps 40 --rounds 2
"""

from __future__ import annotations

import argparse
import copy
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

VARIANTS = ("model-loss", "completion")


def build_rows(seed: int = 0):
    """The default build's tokenizer, model and one pass of its rows (probe.auditor.tiny)."""
    from probe.auditor.tiny import TinySettings, corpus_texts, make_model, tokenize_corpus, training_rows

    settings = TinySettings()
    tokenizer, kept, _fitted = tokenize_corpus(corpus_texts(seed, settings), settings)
    rows = training_rows([r for r, _ in kept], [o for _, o in kept], settings, seed)
    return settings, tokenizer, make_model(tokenizer, settings), rows


def model_loss(model, ids, attention, targets):
    """The loss as the model computes it from labels (logits everywhere), from the shifted targets."""
    import torch  # noqa: PLC0415

    labels = torch.full_like(ids, -100)
    labels[:, 1:] = targets[:, :-1]
    return model(input_ids=ids, attention_mask=attention, labels=labels).loss


def time_variant(model0, rows, batches, pad_id, variant: str, lr: float) -> float:
    import torch  # noqa: PLC0415

    from probe.auditor import sft  # noqa: PLC0415

    model = copy.deepcopy(model0)
    model.train()
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
    step_loss = model_loss if variant == "model-loss" else sft.completion_loss
    start = time.perf_counter()
    for batch in batches:
        ids, attention, targets = sft.collate([rows[i] for i in batch], pad_id)
        loss = step_loss(model, ids, attention, targets)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
    return (time.perf_counter() - start) / len(batches)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=150, help="batches per variant and round (a contiguous run of the pass)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--threads", type=int, default=0, help="torch threads (0: as the build would choose)")
    args = ap.parse_args(argv)
    if args.steps < 1 or args.rounds < 1:
        print(f"error: --steps and --rounds must be at least 1, got {args.steps} and {args.rounds}", file=sys.stderr)
        return 2
    import torch  # noqa: PLC0415

    from probe.auditor import sft  # noqa: PLC0415
    from probe.train.threads import build_threads, ensure_threads  # noqa: PLC0415

    plan, _applied, _first = ensure_threads()
    torch.set_num_threads(args.threads or build_threads(plan) or torch.get_num_threads())
    settings, tokenizer, model0, rows = build_rows()
    order = sft._batches(rows, sft.SFTPlan(settings.batch_size, settings.learning_rate, 0.0, 0.0), seed=0)
    batches = order[:args.steps]  # the pass's first batches: long dialogues and short openings mixed as it mixes them
    variants = list(VARIANTS)
    tokens = sum(max(len(rows[i]["input_ids"]) for i in b) * len(b) for b in batches) / len(batches)
    print(f"{len(batches)} batches of {settings.batch_size} (mean {tokens:.0f} padded tokens), {args.rounds} rounds, "
          f"{torch.get_num_threads()} torch threads")
    times: dict[str, list[float]] = {v: [] for v in variants}
    time_variant(model0, rows, batches[:2], tokenizer.pad_token_id, variants[0], settings.learning_rate)  # warm-up
    for r in range(args.rounds):
        for v in variants if r % 2 == 0 else variants[::-1]:
            times[v].append(time_variant(model0, rows, batches, tokenizer.pad_token_id, v, settings.learning_rate))
    base = statistics.median(times[variants[0]])
    for v in variants:
        med = statistics.median(times[v])
        print(f"{v:<12} {med * 1000:7.1f} ms/step  ({', '.join(f'{t * 1000:.0f}' for t in times[v])})  "
              f"{base / med:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
