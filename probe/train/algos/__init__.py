"""Trainers: three losses over the one rollout batch, chosen by name.

Each loss takes its section of the run config as it is (``probe.train.config``): ``SETTINGS``
maps the ``algo`` name to that section's model (``grpo`` -> ``GRPOSettings`` ...)."""

from probe.train.algos.dpo import DPO
from probe.train.algos.gflownet import GFlowNet
from probe.train.algos.grpo import GRPO
from probe.train.config import DPOSettings, GFNSettings, GRPOSettings

ALGORITHMS = {"grpo": GRPO, "dpo": DPO, "gfn": GFlowNet}
SETTINGS = {"grpo": GRPOSettings, "dpo": DPOSettings, "gfn": GFNSettings}

__all__ = ["ALGORITHMS", "DPO", "GFlowNet", "GRPO", "SETTINGS"]
