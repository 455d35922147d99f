"""GFlowNet trajectory-balance loss (Malkin et al., 2022) for the auditor, with the pieces that
make it learn on a small CPU run.

The auditor's candidate message u, sampled from a shared prefix, is one trajectory of a
GFlowNet whose terminal reward is the candidate's return. Trajectory balance asks

    log Z(prefix) + log pi(u | prefix) = log R~(u)

and minimises the squared difference, so that at the optimum the auditor samples messages in
proportion to R~ -- covering many rewarding modes rather than the single best one, which is
why GFlowNets suit discovery of *distinct* violations (Bengio et al., 2023; Lee et al., 2025).

The naive form -- one learned scalar log Z and a raw 0/1 reward -- was reported (in the issue
that specified this trainer) not to learn on the CPU demo: log 0 is -inf, the floor that replaces
it dominates every batch, and one scalar cannot fit prefixes of very different value. We did not
re-run that ablation. What is used instead:

- tempered, floored reward: log R~ = max(R, floor) / T (R~ = exp of the clamped, temperature-
  scaled return). Returns can be negative (plausibility penalties); the floor stops a few very
  negative candidates from dominating the squared loss, and T sets how sharply the sampler
  should prefer high returns;
- log Z per prefix: either estimated per group from its G candidates,
  log Z_g = mean_i (log R~_i - log pi_i) (detached; the VarGrad estimator of Richter et al.,
  2020), or a learned head on the prefix representation (``LogZHead``);
- exploration: the candidate messages are sampled at a temperature above 1 (trajectory balance
  is off-policy, so samples from a tempered policy are valid training data); prefixes and
  continuations use the shared rollout settings, as for GRPO and DPO, so the environment the
  candidates are judged in is the same for all three optimizers;
- a replay buffer of past groups with high returns; their log-probabilities are recomputed
  under the current policy at every use (only token ids and rewards are stored).
"""

from __future__ import annotations

import contextlib
import random
from dataclasses import dataclass, field

import torch

from probe.train.config import GFNSettings


def log_reward(returns: torch.Tensor, config: GFNSettings) -> torch.Tensor:
    """log R~ = max(R, floor) / T."""
    return returns.clamp(min=config.reward_floor) / config.reward_temperature


def group_log_z(seq_logprobs: torch.Tensor, log_rewards: torch.Tensor, group_ids: torch.Tensor) -> torch.Tensor:
    """Per-candidate log Z of its group: mean over the group of (log R~ - log pi), detached."""
    residual = (log_rewards - seq_logprobs).detach()
    log_z = torch.zeros_like(residual)
    for g in torch.unique(group_ids):
        idx = group_ids == g
        log_z[idx] = residual[idx].mean()
    return log_z


def trajectory_balance_loss(seq_logprobs: torch.Tensor, log_rewards: torch.Tensor,
                            log_z: torch.Tensor) -> tuple[torch.Tensor, dict[str, float]]:
    """Mean of (log Z + log pi(u|prefix) - log R~(u))^2 over candidates; all inputs are [N]."""
    residual = log_z + seq_logprobs - log_rewards
    loss = residual.pow(2).mean()
    return loss, {"tb_residual_abs": float(residual.detach().abs().mean()), "log_z": float(log_z.detach().mean())}


class LogZHead(torch.nn.Module):
    """log Z(prefix) from the mean of the auditor's last hidden states over the prefix tokens."""

    def __init__(self, hidden_size: int):
        super().__init__()
        self.proj = torch.nn.Linear(hidden_size, 1)
        torch.nn.init.zeros_(self.proj.weight)
        torch.nn.init.zeros_(self.proj.bias)

    def forward(self, prefix_repr: torch.Tensor) -> torch.Tensor:
        return self.proj(prefix_repr).squeeze(-1)


@dataclass
class ReplayGroup:
    prompt_ids: list[int]
    candidate_ids: list[list[int]]
    returns: list[float]
    prefix_repr: torch.Tensor | None = None


@dataclass
class ReplayBuffer:
    """Keeps the ``capacity`` groups with the highest best return; samples uniformly among them."""

    capacity: int = 64
    groups: list[ReplayGroup] = field(default_factory=list)

    def add(self, group: ReplayGroup) -> None:
        if max(group.returns) - min(group.returns) <= 0 and max(group.returns) <= 0:
            return  # a group with no reward anywhere teaches nothing worth replaying
        self.groups.append(group)
        self.groups.sort(key=lambda g: -max(g.returns))
        del self.groups[self.capacity:]

    def sample(self, n: int, rng: random.Random) -> list[ReplayGroup]:
        if not self.groups or n <= 0:
            return []
        return rng.sample(self.groups, min(n, len(self.groups)))

    def state_dict(self) -> dict:
        return {"capacity": self.capacity,
                "groups": [{"prompt_ids": g.prompt_ids, "candidate_ids": g.candidate_ids, "returns": g.returns,
                            "prefix_repr": g.prefix_repr} for g in self.groups]}

    def load_state_dict(self, state: dict) -> None:
        self.capacity = state["capacity"]
        self.groups = [ReplayGroup(**g) for g in state["groups"]]


class GFlowNet:
    """One trajectory-balance step per batch over its groups plus replayed groups."""

    name = "gfn"

    def __init__(self, config: GFNSettings, auditor, optimizer: torch.optim.Optimizer, max_grad_norm: float = 1.0,
                 seed: int = 0):
        self.config, self.auditor, self.optimizer, self.max_grad_norm = config, auditor, optimizer, max_grad_norm
        self.replay = ReplayBuffer(config.replay_capacity)
        self.rng = random.Random(f"gfn-replay:{seed}")
        self.head: LogZHead | None = None
        self.head_optimizer: torch.optim.Optimizer | None = None
        if config.logz == "head":
            self.head = LogZHead(auditor.model.config.hidden_size)
            self.head_optimizer = torch.optim.Adam(self.head.parameters(), lr=config.logz_lr)

    def update(self, batch) -> dict[str, float]:
        from probe.train.algos.common import optimizer_step, sequence_logprobs, training_pass

        prompts, cands = list(batch.prompt_ids), list(batch.candidate_ids)
        returns, groups = batch.returns.tolist(), batch.group_ids.tolist()
        fresh = self._groups_of(batch)
        replayed = self.replay.sample(self.config.replay_groups, self.rng)
        next_gid = max(groups) + 1 if groups else 0
        for k, g in enumerate(replayed):
            for c, r in zip(g.candidate_ids, g.returns):
                prompts.append(g.prompt_ids)
                cands.append(c)
                returns.append(r)
                groups.append(next_gid + k)
        prefix_repr = self._prefix_repr(prompts) if self.head is not None else None  # eval mode, no gradient
        with training_pass(self.auditor):  # train mode (dropout, checkpointing) for the gradient pass
            _, _, seq = sequence_logprobs(self.auditor, prompts, cands, grad=True)  # recomputed under the current policy
            gids = torch.tensor(groups, device=seq.device)
            log_r = log_reward(torch.tensor(returns, dtype=torch.float32, device=seq.device), self.config)
            if self.head is None:
                log_z = group_log_z(seq, log_r, gids)
            else:
                log_z = self.head(prefix_repr).to(seq.device)  # the head lives on the CPU
            loss, m = trajectory_balance_loss(seq, log_r, log_z)
            if self.head_optimizer is not None:
                self.head_optimizer.zero_grad(set_to_none=True)
            m.update(loss=float(loss.detach()), replayed_groups=float(len(replayed)), grad_norm=optimizer_step(
                loss, self.auditor.trainable_parameters(), self.optimizer, self.max_grad_norm))
            if self.head_optimizer is not None:
                self.head_optimizer.step()
        for g in fresh:
            self.replay.add(g)
        return m

    @staticmethod
    def _groups_of(batch) -> list[ReplayGroup]:
        out: dict[int, ReplayGroup] = {}
        for i, g in enumerate(batch.group_ids.tolist()):
            grp = out.setdefault(g, ReplayGroup(batch.prompt_ids[i], [], []))
            grp.candidate_ids.append(list(batch.candidate_ids[i]))
            grp.returns.append(float(batch.returns[i]))
        return list(out.values())

    @torch.no_grad()
    def _prefix_repr(self, prompts: list[list[int]]) -> torch.Tensor:
        """Mean of the auditor's last hidden states over each prefix (eval mode, no gradient into the auditor)."""
        eval_mode = getattr(self.auditor, "eval_mode", None)
        with eval_mode() if eval_mode is not None else contextlib.nullcontext():
            return self._hidden_mean(prompts)

    @torch.no_grad()
    def _hidden_mean(self, prompts: list[list[int]]) -> torch.Tensor:
        model = self.auditor.model
        device = next(model.parameters()).device
        width = max(len(p) for p in prompts)
        ids = torch.zeros((len(prompts), width), dtype=torch.long, device=device)
        att = torch.zeros_like(ids)
        for i, p in enumerate(prompts):
            ids[i, : len(p)] = torch.tensor(p, device=device)
            att[i, : len(p)] = 1
        hidden = model(input_ids=ids, attention_mask=att, output_hidden_states=True).hidden_states[-1]
        return ((hidden * att[..., None]).sum(1) / att.sum(1, keepdim=True)).float().cpu()

    def state_dict(self) -> dict:
        state = {"replay": self.replay.state_dict(), "rng": self.rng.getstate()}
        if self.head is not None:
            state["head"] = self.head.state_dict()
            state["head_optimizer"] = self.head_optimizer.state_dict()
        return state

    def load_state_dict(self, state: dict) -> None:
        self.replay.load_state_dict(state["replay"])
        self.rng.setstate(state["rng"])
        if self.head is not None and "head" in state:
            self.head.load_state_dict(state["head"])
            self.head_optimizer.load_state_dict(state["head_optimizer"])
