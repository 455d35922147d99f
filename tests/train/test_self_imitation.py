"""Self-imitation of rare successes (probe.train.self_imitation): what is kept, what is replayed,
and that the state survives a checkpoint. The auditor here is a scripted table of token
log-probs (tests only): the real auditor's completion_logprobs is tested in tests/auditor."""

from __future__ import annotations

import json
from collections import Counter
from types import SimpleNamespace

import pytest
import torch

from probe.core.policy import Violation
from probe.train.checkpoint import decode_state, encode_state
from probe.train.config import ConfigError, SelfImitationSettings, TrainConfig
from probe.train.reward import TurnReward
from probe.train.self_imitation import SelfImitation


class TableAuditor:
    """log pi(token) from one learnable table, whatever the prompt."""

    def __init__(self, vocab: int = 32):
        self.logits = torch.nn.Parameter(torch.zeros(vocab))

    def trainable_parameters(self):
        return [self.logits]

    def completion_logprobs(self, prompt_ids, candidate_ids, grad=True, use_adapter=True):
        width = max(len(c) for c in candidate_ids)
        lp = torch.log_softmax(self.logits, dim=0)
        rows, mask = [], torch.zeros(len(candidate_ids), width)
        for i, c in enumerate(candidate_ids):
            padded = list(c) + [0] * (width - len(c))
            rows.append(lp[torch.tensor(padded)])
            mask[i, : len(c)] = 1
        return torch.stack(rows), mask


def _turn(policies=(), penalty=0.0):
    return TurnReward(total=0.0, violation=float(bool(policies)), progress=0.0, novelty=0.0,
                      plausibility_penalty=penalty, w_progress=0.0, w_novelty=0.0, w_plaus=1.0, flags={}, stop=False,
                      violations=[Violation(message_index=3, policy=p) for p in policies])


class _Batch(SimpleNamespace):
    def __len__(self):
        return len(self.returns)


def make_batch(returns, groups, windows, offset: int = 0) -> _Batch:
    hits = Counter(p for w in windows for tr in w for p in {v.policy for v in tr.violations})
    return _Batch(returns=torch.tensor(returns, dtype=torch.float32), group_ids=torch.tensor(groups),
                  turn_rewards=windows, prompt_ids=[[1, 2, i] for i in range(len(returns))],
                  candidate_ids=[[3 + offset + i, 4 + offset + i] for i in range(len(returns))], policy_hits=hits)


def _sil(**kw) -> SelfImitation:
    auditor = TableAuditor()
    return SelfImitation(SelfImitationSettings(weight=1.0, **kw), auditor,
                         torch.optim.AdamW(auditor.trainable_parameters(), lr=0.1), seed=3)


def test_keeps_only_above_group_mean_rare_and_unpenalised():
    sil = _sil(rare_below=2)
    sil.hits["P2"] = 5  # common already
    windows = [
        [_turn(["P3"])],            # above its group's mean, rare: kept
        [_turn()],                  # the other of group 0, below the mean
        [_turn(["P2"])],            # above the mean, but P2 is common
        [_turn()],
        [_turn(["P4"], penalty=0.5)],  # above the mean, rare, but the message itself was penalised
        [_turn()],
        [_turn(), _turn(["O1"])],   # the hit in the continuation counts; above the mean: kept
        [_turn()],
    ]
    batch = make_batch([2.0, 0.0, 2.0, 0.0, 2.0, 0.0, 1.0, 0.5], [0, 0, 1, 1, 2, 2, 3, 3], windows)
    assert sil.observe(batch) == 2
    assert [e["policies"] for e in sil.entries] == [["P3"], ["O1"]]
    assert sil.entries[0]["candidate_ids"] == [3, 4]
    # the batch's hits are counted after it is read: P3 has one hit now, still rare below 2
    assert sil.hits["P3"] == 1 and sil.hits["P2"] == 6


def test_equal_returns_and_lone_candidates_are_not_kept():
    sil = _sil()
    batch = make_batch([1.0, 1.0, 3.0], [0, 0, 1], [[_turn(["P3"])], [_turn(["P3"])], [_turn(["P3"])]])
    assert sil.observe(batch) == 0


def test_policy_stops_being_rare_after_rare_below_hits():
    sil = _sil(rare_below=2)
    for _ in range(3):
        sil.observe(make_batch([1.0, 0.0], [0, 0], [[_turn(["P3"])], [_turn()]]))
    assert len(sil.entries) == 2  # the third hit found P3 with 2 earlier hits


def test_buffer_keeps_the_newest():
    sil = _sil(buffer=3, rare_below=100)
    for _ in range(5):
        sil.observe(make_batch([1.0, 0.0], [0, 0], [[_turn(["P3"])], [_turn()]]))
        sil.step()
    assert len(sil.entries) == 3
    assert [e["update"] for e in sil.entries] == [2, 3, 4]


def test_step_raises_the_replayed_messages_log_prob():
    sil = _sil(rare_below=100)
    sil.observe(make_batch([1.0, 0.0], [0, 0], [[_turn(["P3"])], [_turn()]]))
    before = float(torch.log_softmax(sil.auditor.logits.detach(), 0)[torch.tensor([3, 4])].mean())
    metrics = [sil.step() for _ in range(5)]
    after = float(torch.log_softmax(sil.auditor.logits.detach(), 0)[torch.tensor([3, 4])].mean())
    assert after > before + 0.5
    assert metrics[0]["replayed"] == 1.0 and metrics[0]["buffer"] == 1.0


def test_empty_buffer_or_zero_weight_does_not_step():
    sil = _sil()
    before = sil.auditor.logits.detach().clone()
    assert sil.step() == {"buffer": 0.0}
    assert torch.equal(before, sil.auditor.logits.detach())


def test_replay_draw_is_seeded_and_state_round_trips_through_a_checkpoint():
    def run(sil):
        for k in range(6):
            sil.observe(make_batch([1.0, 0.0], [0, 0], [[_turn([f"P{k}"])], [_turn()]], offset=2 * k))
        return sil

    a, b = run(_sil(batch=2)), run(_sil(batch=2))
    tensors: dict = {}
    state = json.loads(json.dumps(encode_state(a.state_dict(), tensors)))
    c = _sil(batch=2)
    c.load_state_dict(decode_state(state, tensors))
    assert c.entries == a.entries and c.hits == a.hits and c.updates == a.updates
    for s in (a, b, c):  # the same buffer and seed replay the same entries: the same step
        s.step()
    assert torch.equal(a.auditor.logits, b.auditor.logits) and torch.equal(a.auditor.logits, c.auditor.logits)
    other = run(_sil(batch=2))
    other.seed = 4
    other.step()
    assert not torch.equal(a.auditor.logits, other.auditor.logits)


def test_config_section_is_strict_and_off_by_default():
    assert TrainConfig().self_imitation.weight == 0.0
    with pytest.raises(ValueError, match="weight"):
        SelfImitationSettings(weight=-1)
    with pytest.raises((ValueError, ConfigError)):
        TrainConfig.model_validate({"self_imitation": {"wieght": 1}})
