"""Trainers: three losses over the one rollout batch, chosen by name."""

from probe.train.algos.dpo import DPO, DPOConfig
from probe.train.algos.gflownet import GFlowNet, GFlowNetConfig
from probe.train.algos.grpo import GRPO, GRPOConfig

ALGORITHMS = {"grpo": GRPO, "dpo": DPO, "gfn": GFlowNet}
CONFIGS = {"grpo": GRPOConfig, "dpo": DPOConfig, "gfn": GFlowNetConfig}

__all__ = ["ALGORITHMS", "CONFIGS", "DPO", "DPOConfig", "GFlowNet", "GFlowNetConfig", "GRPO", "GRPOConfig"]
