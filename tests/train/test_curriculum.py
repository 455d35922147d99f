"""Horizon curriculum: K_max in (4, 8, 12, 14), advancing on a full window of yields above 15%."""

from __future__ import annotations

import json
import logging

import pytest

from probe.train.config import ConfigError, CurriculumSettings, load_config
from probe.train.curriculum import HorizonCurriculum


def test_defaults():
    c = HorizonCurriculum()
    assert c.k_max == 4 and c.levels == (4, 8, 12, 14) and c.threshold == 0.15 and c.window == 50
    assert c.events == [] and c.rolling_yield is None


def test_holds_below_or_at_threshold():
    c = HorizonCurriculum()
    assert not any(c.record(0.15) for _ in range(200))  # strictly greater is required
    assert c.k_max == 4 and c.updates == 200


def test_holds_with_fewer_than_window_values():
    c = HorizonCurriculum()
    assert not any(c.record(1.0) for _ in range(49))
    assert c.k_max == 4


def test_advances_on_the_window_th_value_above_threshold_and_clears_window(caplog):
    c = HorizonCurriculum()
    with caplog.at_level(logging.INFO, logger="probe.train.curriculum"):
        results = [c.record(0.2) for _ in range(50)]
    assert results == [False] * 49 + [True]
    assert c.k_max == 8 and c.events == [{"update": 50, "from": 4, "to": 8}]
    assert c.rolling_yield is None  # window cleared
    assert "K_max 4 -> 8 at update 50" in caplog.text
    # patience restarts: another full window is needed at the new level
    assert not any(c.record(0.9) for _ in range(49))
    assert c.record(0.9) and c.k_max == 12


def test_rolling_mean_over_the_last_window():
    c = HorizonCurriculum(CurriculumSettings(window=4, threshold=0.5))
    for y in (0.0, 0.0, 1.0, 1.0):  # mean 0.5: not strictly greater
        assert not c.record(y)
    assert c.record(1.0)  # window now 0, 1, 1, 1: mean 0.75
    assert c.events == [{"update": 5, "from": 4, "to": 8}]


def test_holds_at_the_last_level():
    c = HorizonCurriculum(CurriculumSettings(window=2))
    advances = [c.record(1.0) for _ in range(20)]
    assert sum(advances) == 3 and c.k_max == 14 and c.at_last_level
    assert [(e["from"], e["to"]) for e in c.events] == [(4, 8), (8, 12), (12, 14)]
    assert [e["update"] for e in c.events] == [2, 4, 6]


def test_state_round_trip():
    c = HorizonCurriculum(CurriculumSettings(window=3))
    for y in (0.5, 0.5, 0.5, 0.1, 0.9):
        c.record(y)
    sd = json.loads(json.dumps(c.state_dict()))
    d = HorizonCurriculum(CurriculumSettings(window=3))
    d.load_state_dict(sd)
    assert d.state_dict() == c.state_dict() and d.k_max == 8 and d.rolling_yield == pytest.approx(0.5)
    assert [c.record(0.9) for _ in range(2)] == [d.record(0.9) for _ in range(2)]
    with pytest.raises(ValueError, match="levels"):
        HorizonCurriculum(CurriculumSettings(levels=(4, 8))).load_state_dict(sd)


@pytest.mark.parametrize("key, value, needle", [
    ("levels", "[]", "List should have at least 1 item"),
    ("levels", "[8, 4]", "levels must be strictly increasing, got [8, 4]"),
    ("levels", "[4, 4]", "levels must be strictly increasing"),
    ("levels", "[0, 4]", "curriculum.levels.0': Input should be greater than or equal to 1"),
    ("threshold", "-0.1", "greater than or equal to 0"),
    ("window", "0", "greater than or equal to 1"),
    ("patience", "50", "'curriculum.patience' is not a known setting; allowed in curriculum: levels, threshold, window"),
])
def test_bad_config_is_one_line(key, value, needle):
    with pytest.raises(ConfigError) as e:
        load_config(None, [f"curriculum.{key}={value}"])
    assert needle in str(e.value) and "\n" not in str(e.value)


def test_takes_the_run_configs_section_as_it_is():
    cfg = load_config(None, ["curriculum.levels=[4, 8]", "curriculum.threshold=0.2", "curriculum.window=10"])
    c = HorizonCurriculum(cfg.curriculum)
    assert c.settings is cfg.curriculum
    assert c.levels == (4, 8) and c.window == 10 and c.threshold == 0.2
    with pytest.raises(TypeError, match="CurriculumSettings"):
        HorizonCurriculum({"levels": [4, 8]})
