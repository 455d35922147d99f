"""scripts/retail_figures.py: the verifier figure on a few traces, and the eval table from a metrics file."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from envs.taubench.data import TauBenchDataMissing, load_splits

try:
    load_splits()
except TauBenchDataMissing as e:  # pragma: no cover - the data package is a setup step
    pytest.skip(str(e), allow_module_level=True)

ROOT = Path(__file__).resolve().parents[3]
spec = importlib.util.spec_from_file_location("retail_figures", ROOT / "scripts" / "retail_figures.py")
figures = importlib.util.module_from_spec(spec)
spec.loader.exec_module(figures)


def test_verify_rate_rescored_traces_agree_and_find_demo_policies():
    v = figures.verify_rate(24, 6, 2)
    assert v["traces"] == 24 and v["rescoring_passes"] == 1
    assert v["first_pass_traces_per_s"] > 0 and v["target_traces_per_s"] > 0
    assert set(v["violations_per_100"]) <= {f"R{k}" for k in range(1, 11)}
    assert v["violations_per_100"], "the demo faults fire on the static suite"


def test_eval_table_reads_probe_eval_metrics():
    m = {"plausible_coverage": 0.2, "plausible_policies_found": ["R1", "R10"], "coverage": 0.3,
         "policies_found": ["R1", "R10", "R3"], "task_success": {"episodes": 40, "succeeded": 5, "rate": 0.125},
         "plausibility": {"implausible_rate": 0.1}, "yield_per_100": {"value": 120.0, "lo": 90.0, "hi": 150.0},
         "failed_turns": 0, "episodes": 50}
    rows, table = figures.eval_table({"methods": {"static": m}})
    assert rows[0]["method"] == "static" and rows[0]["plausible_coverage"] == 0.2
    assert "| static | 20% | R1 R10 | 30% | R1 R10 R3 | 12% (5/40) | 10% | 120 [90, 150] |" in table


def test_out_dir_not_written_by_the_script_is_refused(tmp_path):
    (tmp_path / "mine.txt").write_text("x")
    with pytest.raises(SystemExit, match="holds files this script did not write"):
        figures.main(["--out", str(tmp_path), "--skip-eval", "--verify-traces", "1"])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.txt"]
