"""Trainers: three losses over the one rollout batch, chosen by name."""

from probe.trainers.dpo import DPO, DPOConfig
from probe.trainers.gflownet import GFlowNet, GFlowNetConfig
from probe.trainers.grpo import GRPO, GRPOConfig

ALGORITHMS = {"grpo": GRPO, "dpo": DPO, "gfn": GFlowNet}
CONFIGS = {"grpo": GRPOConfig, "dpo": DPOConfig, "gfn": GFlowNetConfig}

__all__ = ["ALGORITHMS", "CONFIGS", "DPO", "DPOConfig", "GFlowNet", "GFlowNetConfig", "GRPO", "GRPOConfig"]
