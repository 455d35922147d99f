"""The retail CPU demo configs (configs/cpu-demo-retail-*.yaml) and their reward file."""

from __future__ import annotations

from pathlib import Path

import pytest

from probe.core.registry import get_domain
from probe.train.config import load_config
from probe.train.loop import reward_config
from probe.train.reward import CompositeReward

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("algo", ["grpo", "dpo", "gfn"])
def test_retail_demo_configs_mirror_the_skyassist_ones(algo, monkeypatch):
    monkeypatch.chdir(ROOT)
    retail = load_config(f"configs/cpu-demo-retail-{algo}.yaml")
    sky = load_config(f"configs/cpu-demo-{algo}.yaml")
    assert (retail.env, retail.algo, retail.target.faults, retail.run_name) == \
        ("taubench-retail", algo, "demo", f"cpu-demo-retail-{algo}")
    same = ("seed", "updates", "checkpoint_every", "auditor", "target", "rollout", "curriculum", "optim", algo, "reward")
    assert all(getattr(retail, k) == getattr(sky, k) for k in same)
    # the reward builds for the retail env: its progress weights are the retail domain's states
    reward = CompositeReward(reward_config(retail.reward), get_domain(retail.env))
    assert set(reward.progress_weights) == set(get_domain("taubench-retail").progress_states)


def test_retail_reward_is_calibrated_with_the_domains_progress_states():
    """The variant names no states: the retail domain's progress weights fill them in."""
    domain = get_domain("taubench-retail")
    reward = CompositeReward("calibrated", domain=domain)
    assert reward.progress_weights == domain.default_progress_weights
    assert set(reward.progress_weights) == set(domain.progress_states)
    w = reward.progress_weights
    assert w["identified"] < w["authenticated"] < w["confirm"] < w["write"]


