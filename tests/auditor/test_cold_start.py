"""A run starts from the same LoRA matrices whether the tiny auditor was cached or built in-process.

Found on a cold ``make demo``: building the tiny auditor inside the run reseeded the global
generators (its corpus and weights are seeded), so the LoRA A matrices drawn next differed from a
warm run's; rollouts and rewards of update 0 matched (B starts at zero), its gradient did not
(norm 0.172 vs 0.145), and the two trainings parted from update 1.
"""

from __future__ import annotations

import random

import numpy as np
import torch

from probe.auditor.model import load_auditor
from probe.auditor.tiny import TinySettings, build_tiny_auditor

SMALL = dict(n_episodes=4, vocab_size=1000, hidden_size=16, layers=1, heads=2, intermediate_size=32,
             max_positions=1024, max_length=1024, epochs=0.2, batch_size=8)


def draws() -> tuple[float, float, float]:
    return random.random(), float(np.random.random()), float(torch.rand(1))


def test_an_in_process_build_leaves_the_callers_random_draws_alone(tmp_path):
    random.seed(7), np.random.seed(7), torch.manual_seed(7)
    expected = draws()
    random.seed(7), np.random.seed(7), torch.manual_seed(7)
    build_tiny_auditor(tmp_path / "tiny-auditor-v1", seed=0, settings=TinySettings(**SMALL))
    assert draws() == expected


def lora_a(auditor) -> dict[str, torch.Tensor]:
    return {k: v.detach().clone() for k, v in auditor.model.named_parameters() if "lora_A" in k}


def test_the_lora_start_depends_on_the_seed_not_on_earlier_draws(tmp_path):
    path = build_tiny_auditor(tmp_path / "tiny-auditor-v1", seed=0, settings=TinySettings(**SMALL))
    torch.manual_seed(1)
    first = lora_a(load_auditor(path, seed=3))
    torch.manual_seed(2)
    torch.rand(1000)  # whatever ran before (a build, a scorer) drew from the generator
    second = lora_a(load_auditor(path, seed=3))
    other = lora_a(load_auditor(path, seed=4))
    assert first and first.keys() == second.keys()
    assert all(torch.equal(first[k], second[k]) for k in first)
    assert not all(torch.equal(first[k], other[k]) for k in first)
