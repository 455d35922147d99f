"""Discovery's strategies move a model driver's temperature from its own, and an untrained driver
next to a checkpoint samples as the checkpoint does."""

from __future__ import annotations

import json

import pytest

from probe.adat.discovery import make_driver, run_discovery
from probe.adat.roles import make_roles, strategy_temperature
from probe.core.registry import get_domain
from probe.train.config import TrainConfig, dump_config


def test_strategies_shift_the_driver_temperature_from_its_own():
    assert strategy_temperature("pursue the goal", 0.6) == 0.6
    assert abs(strategy_temperature("probe the limits", 0.6) - 0.9) < 1e-9
    assert strategy_temperature("probe the limits", 1.9) == 2.0
    assert strategy_temperature("something else", 0.7) == 0.7


class _Driver:
    """Says one line per session and records the temperature it was asked to sample at."""

    name = "spy"

    def __init__(self, temperature):
        self.temperature, self.seen, self._said = temperature, [], False

    def begin(self, episodes):
        self._said = False

    def next_messages(self, items):
        if self._said:
            return [None for _ in items]
        self._said = True
        self.seen.append(self.temperature)
        return ["Hi, can I borrow a book?" for _ in items]


def test_sessions_sample_at_the_driver_temperature_or_0_3_above_and_restore_it():
    domain = get_domain("mock")
    roles = make_roles("cpu", domain, 0)
    driver = _Driver(0.55)
    traces = run_discovery(driver, roles["planner"], roles["extractor"], env="mock", sessions=2 * len(domain.families),
                           turns=2)
    strategies = [t.meta.extra["strategy"] for t in traces]
    assert set(strategies) == {"pursue the goal", "probe the limits"}
    assert driver.seen == [strategy_temperature(s, 0.55) for s in strategies]
    assert driver.temperature == 0.55


@pytest.mark.tiny_auditor
def test_an_untrained_driver_next_to_a_checkpoint_samples_as_it_does(tmp_path):
    from probe.eval.methods import load_untrained_auditor

    run = tmp_path / "run"
    run.mkdir()
    dump_config(TrainConfig.model_validate({"rollout": {"temperature": 0.6, "top_p": 0.9}}), run / "config.yaml")
    load_untrained_auditor("tiny").save_adapter(run / "ckpt-00001" / "adapter")
    (run / "ckpt-00001" / "step.json").write_text(json.dumps({"step": 1}))
    learned = make_driver("learned", env="skyassist", checkpoint=str(run))
    untrained = make_driver("untrained", env="skyassist", checkpoint=str(run))
    alone = make_driver("untrained", env="skyassist")
    assert (learned.temperature, learned.top_p) == (untrained.temperature, untrained.top_p) == (0.6, 0.9)
    assert (alone.temperature, alone.top_p) == (0.8, 1.0)
