"""make demo evaluates the baselines in a second process while the auditor trains (probe.cli.demo.BaselineJob):
a failure there is one line, and stop() ends it. (The results' identity with the in-process evaluation needs the
tiny auditor: tests/cli/test_demo_baselines_tiny.py, run late.)"""

from __future__ import annotations

import pytest

from probe.cli.demo import DEFAULT_CONFIG, BaselineEvalError, BaselineJob
from probe.train.config import load_config


def test_a_failure_in_the_second_process_is_one_line_naming_it(tmp_path):
    cfg = load_config(DEFAULT_CONFIG, [f"out_dir={tmp_path}"])
    job = BaselineJob(cfg, episodes=1, turns=1, out=tmp_path / "ev", baselines=("static", "no-such-baseline"))
    with pytest.raises(BaselineEvalError) as e:
        job.result()
    assert "\n" not in str(e.value) and "no-such-baseline" in str(e.value)
    assert str(e.value).startswith("the baselines' evaluation failed: ")


def test_stop_ends_the_second_process(tmp_path):
    cfg = load_config(DEFAULT_CONFIG, [f"out_dir={tmp_path}"])
    job = BaselineJob(cfg, episodes=50, turns=8, out=tmp_path / "ev")
    job.stop()
    assert not job.process.is_alive() and job.process.exitcode is not None
