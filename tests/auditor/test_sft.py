"""The tiny auditor's pre-training loop (probe.auditor.sft) on a model of a few thousand parameters."""

from __future__ import annotations

import random

import pytest
import torch
from transformers import LlamaConfig, LlamaForCausalLM

from probe.auditor import sft

PAD = 0


def tiny_model(seed: int = 0) -> LlamaForCausalLM:
    torch.manual_seed(seed)
    config = LlamaConfig(vocab_size=40, hidden_size=16, intermediate_size=32, num_hidden_layers=2,
                         num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=64,
                         tie_word_embeddings=True, pad_token_id=PAD, bos_token_id=1, eos_token_id=2)
    return LlamaForCausalLM(config)


def rows(n: int = 24, seed: int = 0) -> list[dict[str, list[int]]]:
    """Texts whose second half (the 'customer message') repeats the first: learnable."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        half = [rng.randrange(3, 40) for _ in range(rng.randrange(3, 12))]
        ids = [1, *half, *half, 2]
        out.append({"input_ids": ids, "completion_mask": [0] * (1 + len(half)) + [1] * (len(half) + 1)})
    return out


def test_collate_pads_right_and_shifts_the_targets():
    batch = [{"input_ids": [1, 5, 6, 2], "completion_mask": [0, 0, 1, 1]},
             {"input_ids": [1, 7], "completion_mask": [0, 1]}]
    ids, attention, targets = sft.collate(batch, PAD)
    assert ids.tolist() == [[1, 5, 6, 2], [1, 7, PAD, PAD]]
    assert attention.tolist() == [[1, 1, 1, 1], [1, 1, 0, 0]]
    # position t predicts token t+1 where that token is a completion token
    assert targets.tolist() == [[-100, 6, 2, -100], [7, -100, -100, -100]]


def test_completion_loss_is_the_models_own_masked_loss():
    model = tiny_model()
    batch = rows(6)
    ids, attention, targets = sft.collate(batch, PAD)
    labels = torch.full_like(ids, -100)
    for i, row in enumerate(batch):
        for t, (tok, m) in enumerate(zip(row["input_ids"], row["completion_mask"])):
            if m:
                labels[i, t] = tok
    expected = model(input_ids=ids, attention_mask=attention, labels=labels).loss
    got = sft.completion_loss(model, ids, attention, targets)
    assert got.item() == pytest.approx(expected.item(), abs=1e-5)


def test_training_lowers_the_loss_and_is_deterministic():
    plan = sft.SFTPlan(batch_size=4, learning_rate=1e-2, warmup_ratio=0.1, weight_decay=0.01)
    data = rows(24) * 8
    weights = []
    for _ in range(2):
        model = tiny_model()
        losses = sft.train(model, data, PAD, plan, seed=3)
        assert losses[-1] < losses[0] - 0.5
        weights.append({k: v.clone() for k, v in model.state_dict().items()})
    assert all(torch.equal(weights[0][k], weights[1][k]) for k in weights[0])
    model = tiny_model()
    sft.train(model, data, PAD, plan, seed=4)
    assert any(not torch.equal(weights[0][k], v) for k, v in model.state_dict().items())


def test_every_row_is_seen_once_in_batches_of_similar_length():
    data = rows(40, seed=1)
    plan = sft.SFTPlan(batch_size=4, learning_rate=1e-3, warmup_ratio=0.0, weight_decay=0.0)
    batches = sft._batches(data, plan, seed=0)
    assert sorted(i for b in batches for i in b) == list(range(40))
    assert all(len(b) == 4 for b in batches)
    spread = sum(max(len(data[i]["input_ids"]) for i in b) - min(len(data[i]["input_ids"]) for i in b) for b in batches)
    random.Random(0).shuffle(order := list(range(40)))
    shuffled = [order[i:i + 4] for i in range(0, 40, 4)]
    spread_random = sum(max(len(data[i]["input_ids"]) for i in b) - min(len(data[i]["input_ids"]) for i in b)
                        for b in shuffled)
    assert spread < spread_random


def test_a_diverging_run_stops_with_one_clear_error():
    model = tiny_model()
    with torch.no_grad():
        model.model.embed_tokens.weight.fill_(float("nan"))
    plan = sft.SFTPlan(batch_size=4, learning_rate=1e-3, warmup_ratio=0.0, weight_decay=0.0)
    with pytest.raises(FloatingPointError, match="diverged at step 1"):
        sft.train(model, rows(8), PAD, plan, seed=0)


def test_the_builds_completion_only_setting_reaches_the_loop(monkeypatch):
    """TinySettings.completion_only_loss=False trains on every token (the setting the build had with
    TRL's trainer); the default keeps the customer tokens only."""
    from types import SimpleNamespace

    from probe.auditor import tiny

    seen = []
    monkeypatch.setattr(sft, "train", lambda model, rows, *a, **k: seen.append(rows) or [0.0])
    data = rows(4)
    tokenizer = SimpleNamespace(pad_token_id=PAD)
    tiny._sft(None, tokenizer, data, tiny.TinySettings(), 0, print)
    tiny._sft(None, tokenizer, data, tiny.TinySettings(completion_only_loss=False), 0, print)
    assert seen[0] == data
    assert all(r["completion_mask"] == [1] * len(r["input_ids"]) for r in seen[1])
    assert [r["input_ids"] for r in seen[1]] == [r["input_ids"] for r in data]
