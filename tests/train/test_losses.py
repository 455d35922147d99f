"""Pure-tensor tests of the three losses with values worked out by hand."""

import math

import pytest
import torch

from probe.train.algos.dpo import _best_rank, best_worst_pairs, dpo_loss
from probe.train.algos.gflownet import ReplayBuffer, ReplayGroup, group_log_z, log_reward, trajectory_balance_loss
from probe.train.algos.grpo import group_advantages, grpo_loss
from probe.train.config import GFNSettings, GRPOSettings


def test_group_advantages_normalise_and_skip_zero_variance():
    returns = torch.tensor([1.0, 3.0, 2.0, 2.0, 5.0, 5.0, 5.0, 5.0])
    groups = torch.tensor([0, 0, 0, 0, 1, 1, 1, 1])
    adv, keep, skipped = group_advantages(returns, groups)
    std = math.sqrt(0.5)  # population std of [1, 3, 2, 2]
    assert torch.allclose(adv[:4], torch.tensor([-1 / std, 1 / std, 0.0, 0.0]), atol=1e-5)
    assert keep.tolist() == [True] * 4 + [False] * 4 and skipped == 1
    assert torch.all(adv[4:] == 0)


def test_group_advantages_batch_and_no_scaling_keep_the_returns_scale():
    """A group whose returns differ by 0.003 and one where a candidate earned 3: with the group's std
    both get unit-scale advantages; with the batch's std or none the small difference stays small."""
    returns = torch.tensor([0.003, 0.0, 0.0, 0.0, 3.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0])
    groups = torch.tensor([0] * 4 + [1] * 4 + [2] * 4)
    grp, keep, skipped = group_advantages(returns, groups)
    assert torch.allclose(grp[:4], grp[4:8], atol=2e-3)  # 0.003 and 3 look the same (but for eps)
    assert keep.tolist() == [True] * 8 + [False] * 4 and skipped == 1
    none, keep_n, skipped_n = group_advantages(returns, groups, scale="none")
    assert torch.allclose(none[:8], torch.tensor([0.00225, -0.00075, -0.00075, -0.00075, 2.25, -0.75, -0.75, -0.75]))
    assert keep_n.tolist() == keep.tolist() and skipped_n == 1 and torch.all(none[8:] == 0)
    batch, _, _ = group_advantages(returns, groups, scale="batch")
    sd = float(returns.std(unbiased=False))  # over all 12 returns, the skipped group's included
    assert torch.allclose(batch[:8], none[:8] / sd, atol=1e-5)
    assert GRPOSettings().scale_rewards == "group"  # the paper's, by default
    with pytest.raises(ValueError, match="scale"):
        group_advantages(returns, groups, scale="max")
    with pytest.raises(ValueError, match="scale_rewards"):
        GRPOSettings(scale_rewards="max")


def test_grpo_loss_on_policy_equals_minus_mean_advantage_weighted():
    # on-policy (ratio 1), reference == policy (KL 0): loss = -mean_i A_i
    lp = torch.log(torch.tensor([[0.5, 0.5], [0.25, 0.0 + 1.0]]))
    mask = torch.tensor([[1, 1], [1, 0]])
    adv = torch.tensor([1.0, -1.0])
    loss, m = grpo_loss(lp, lp.clone(), lp.clone(), mask, adv, torch.tensor([True, True]))
    assert abs(float(loss)) < 1e-6 and m["kl"] == 0.0 and m["clip_frac"] == 0.0
    # a ratio of 2 on a positive advantage is clipped at 1.2
    old = lp - math.log(2.0)
    loss, m = grpo_loss(lp, old, lp.clone(), mask, torch.tensor([1.0, 0.0]), torch.tensor([True, True]),
                        GRPOSettings(beta=0.0))
    assert abs(float(loss) - (-(1.2 + 0.0) / 2)) < 1e-5 and m["clip_frac"] == 1.0


def test_grpo_kl_term_is_positive_and_known():
    lp = torch.tensor([[math.log(0.5)]])
    ref = torch.tensor([[math.log(0.25)]])
    loss, m = grpo_loss(lp, lp.clone(), ref, torch.ones(1, 1), torch.zeros(1), torch.tensor([True]), GRPOSettings(beta=1.0))
    kl = 0.5 - math.log(0.5) - 1  # exp(d) - d - 1 with d = log(0.25/0.5)
    assert abs(m["kl"] - kl) < 1e-6 and abs(float(loss) - kl) < 1e-6


def test_grpo_skipped_groups_contribute_nothing():
    lp = torch.zeros(2, 3, requires_grad=True)
    loss, _ = grpo_loss(lp, lp.detach(), lp.detach(), torch.ones(2, 3), torch.tensor([5.0, -5.0]), torch.tensor([False, False]))
    loss.backward()
    assert float(loss.detach()) == 0.0 and torch.all(lp.grad == 0)


def test_best_worst_pairs_skip_ties():
    returns = torch.tensor([0.0, 2.0, 1.0, 1.0, 1.0, 1.0])
    groups = torch.tensor([0, 0, 0, 1, 1, 1])
    pairs, ties = best_worst_pairs(returns, groups)
    assert pairs == [(1, 0)] and ties == 1


def test_dpo_loss_value():
    loss, m = dpo_loss(torch.tensor([-1.0]), torch.tensor([-3.0]), torch.tensor([-2.0]), torch.tensor([-2.0]), beta=0.1)
    margin = (-1 + 2) - (-3 + 2)  # = 2
    assert abs(float(loss) - math.log(1 + math.exp(-0.1 * margin))) < 1e-6 and m["pref_acc"] == 1.0
    even, _ = dpo_loss(torch.zeros(1), torch.zeros(1), torch.zeros(1), torch.zeros(1))
    assert abs(float(even) - math.log(2)) < 1e-6


def test_ema_recompression_is_exact_at_low_rank():
    torch.manual_seed(0)
    b, a = torch.randn(12, 3), torch.randn(3, 9)
    bf, af = _best_rank(torch.cat([b * 0.6, b * 0.4], 1), torch.cat([a, a], 0), rank=3)
    assert torch.allclose(bf @ af, b @ a, atol=1e-4)


def test_trajectory_balance_zero_at_balance_and_known_otherwise():
    cfg = GFNSettings(reward_temperature=0.5, reward_floor=-1.0)
    returns = torch.tensor([2.0, -5.0])
    lr = log_reward(returns, cfg)
    assert lr.tolist() == [4.0, -2.0]  # 2/0.5 and the floor -1 / 0.5
    seq = torch.tensor([-3.0, -1.0])
    balanced_z = lr - seq
    loss, _ = trajectory_balance_loss(seq, lr, balanced_z)
    assert float(loss) == 0.0
    loss, _ = trajectory_balance_loss(seq, lr, torch.zeros(2))
    assert abs(float(loss) - ((-3 - 4) ** 2 + (-1 + 2) ** 2) / 2) < 1e-6


def test_group_log_z_is_the_group_mean_residual():
    seq = torch.tensor([-1.0, -3.0, -2.0, -2.0])
    lr = torch.tensor([1.0, 1.0, 0.0, 2.0])
    z = group_log_z(seq, lr, torch.tensor([0, 0, 1, 1]))
    assert z.tolist() == [3.0, 3.0, 3.0, 3.0]


def test_replay_buffer_keeps_best_groups():
    buf = ReplayBuffer(capacity=2)
    for best in (1.0, 3.0, 2.0):
        buf.add(ReplayGroup([1], [[2]], [0.0, best]))
    buf.add(ReplayGroup([1], [[2]], [0.0, 0.0]))  # nothing to learn: dropped
    assert [max(g.returns) for g in buf.groups] == [3.0, 2.0]
    state = buf.state_dict()
    other = ReplayBuffer()
    other.load_state_dict(state)
    assert [g.returns for g in other.groups] == [g.returns for g in buf.groups]


@pytest.mark.parametrize("loss_type,expected", [("sequence", 0.0), ("token", 0.5), ("dr_grpo", 0.25)])
def test_grpo_loss_types_weigh_message_length_as_documented(loss_type, expected):
    # on-policy, no KL: each token's term is its message's advantage. A one-token message with A = +1
    # and a three-token one with A = -1: per message they cancel; per token the long one weighs 3x;
    # Dr. GRPO divides the token sum by 2 messages x max_tokens 4
    lp = torch.zeros(2, 3)
    mask = torch.tensor([[1, 0, 0], [1, 1, 1]])
    loss, _ = grpo_loss(lp, lp.clone(), lp.clone(), mask, torch.tensor([1.0, -1.0]), torch.tensor([True, True]),
                        GRPOSettings(beta=0.0, loss_type=loss_type, max_tokens=4))
    assert float(loss) == pytest.approx(expected)
    with pytest.raises(ValueError):
        GRPOSettings(loss_type="mean")
