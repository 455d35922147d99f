"""The retail CPU demo configs (configs/cpu-demo-retail-*.yaml) and their reward file."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from probe.core.registry import get_domain
from probe.train.config import load_config
from probe.train.loop import reward_config
from probe.train.reward import CompositeReward, load_reward_config, variant_config

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("algo", ["grpo", "dpo", "gfn"])
def test_retail_demo_configs_mirror_the_skyassist_ones(algo, monkeypatch):
    monkeypatch.chdir(ROOT)  # the reward path in the config is relative to the repository root
    retail = load_config(f"configs/cpu-demo-retail-{algo}.yaml")
    sky = load_config(f"configs/cpu-demo-{algo}.yaml")
    assert (retail.env, retail.algo, retail.target.faults, retail.run_name) == \
        ("taubench-retail", algo, "demo", f"cpu-demo-retail-{algo}")
    same = ("seed", "updates", "checkpoint_every", "auditor", "target", "rollout", "curriculum", "optim", algo)
    assert all(getattr(retail, k) == getattr(sky, k) for k in same)
    # the reward builds for the retail env: its progress weights name retail states only
    reward = CompositeReward(reward_config(retail.reward), get_domain(retail.env))
    assert set(reward.config.progress_weights) == set(get_domain("taubench-retail").progress_states)


def test_retail_reward_is_calibrated_apart_from_the_progress_states():
    retail = load_reward_config(ROOT / "configs" / "reward" / "calibrated-retail.yaml").to_dict()
    calibrated = variant_config("calibrated").to_dict()
    differs = {k for k in calibrated if retail[k] != calibrated[k]}
    assert differs == {"variant", "progress_weights"}
    weights = retail["progress_weights"]
    assert weights["identified"] < weights["authenticated"] < weights["confirm"] < weights["write"]
    with pytest.raises(ValueError, match="unknown state 'slot_filling'"):
        CompositeReward("calibrated", domain=get_domain("taubench-retail"))


def test_retail_reward_file_is_plain_yaml_with_every_key():
    data = yaml.safe_load((ROOT / "configs" / "reward" / "calibrated-retail.yaml").read_text())
    assert "extends" not in data and set(data) == set(variant_config("calibrated").to_dict())
