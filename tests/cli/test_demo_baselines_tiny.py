"""make demo evaluates the baselines in a second process while the auditor trains (probe.cli.demo.BaselineJob):
the results must be those of the same evaluation in the process (the untrained tiny auditor samples in both)."""

from __future__ import annotations

import json

import pytest

from probe.cli.demo import DEFAULT_CONFIG, BaselineJob, _sampling
from probe.core.registry import get_domain
from probe.eval import evaluate_methods
from probe.eval.methods import make_method
from probe.eval.metrics import fluency_scorer_for
from probe.train.config import load_config

VOLATILE = {"wall_s"}  # seconds: the only thing that may differ between two processes


def _same(metrics: dict) -> dict:
    """The metrics that must agree, floats to 6 decimals: the fluency scorer's mean differed in the 8th digit between
    the two processes once earlier tests in the same process had run (thirty-seventh session's CI, 0.98676274 against
    0.98676273): arithmetic order, not another result."""
    def rounded(x):
        if isinstance(x, float):
            return round(x, 6)
        if isinstance(x, dict):
            return {k: rounded(v) for k, v in x.items()}
        if isinstance(x, list):
            return [rounded(v) for v in x]
        return x
    return rounded(json.loads(json.dumps({k: v for k, v in metrics.items() if k not in VOLATILE}, default=str)))


def _trace_lines(path):
    """Each episode's messages and tool calls (the trace minus its timings)."""
    out = []
    for line in path.read_text().splitlines():
        t = json.loads(line)
        out.append((t["id"], json.dumps(t["messages"], sort_keys=True), json.dumps(t.get("violations"), sort_keys=True)))
    return out


@pytest.mark.tiny_auditor
def test_the_second_process_gives_the_results_of_the_same_evaluation_in_process(tmp_path):
    cfg = load_config(DEFAULT_CONFIG, [f"out_dir={tmp_path}"])
    fluency_scorer_for(get_domain(cfg.env))  # cached first, as run_demo does: both processes load it
    names = ("untrained", "static", "cooperative")  # a sampled auditor and scripted customers
    job = BaselineJob(cfg, episodes=2, turns=2, out=tmp_path / "child", baselines=names)
    here = evaluate_methods({n: make_method(n, seed=cfg.seed, env=cfg.env, **_sampling(cfg)) for n in names},
                            env=cfg.env, faults=cfg.target.faults, episodes=2, turns=2, out=tmp_path / "here")
    there = job.result()
    assert list(there) == list(here) == list(names)
    for name in names:
        assert _same(there[name]) == _same(here[name]), name
    for d in ("untrained", "static"):
        assert _trace_lines(tmp_path / "child" / d / "traces.jsonl") == _trace_lines(tmp_path / "here" / d / "traces.jsonl")
    assert not job.process.is_alive()


