"""scripts/regress_figures.py --quick on the mock environment: every single-fault candidate is blocked."""

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_quick_figures_on_mock(tmp_path):
    spec = importlib.util.spec_from_file_location("regress_figures", ROOT / "scripts" / "regress_figures.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    fig = mod.main(["--env", "mock", "--quick", "--out", str(tmp_path / "fig")])
    assert json.loads((tmp_path / "fig" / "figures.json").read_text()) == fig
    assert [r["blocked"] for r in fig["single_fault"]] == [True, True, True]
    assert all(r["regress_policies"] == [r["policy"]] for r in fig["single_fault"])
    assert fig["scripted_failures"] == [] and fig["export"]["cases"] >= 3
    fa = fig["false_alarms"][0]
    assert fa["false_alarms_ordinary_holm_0.01"] <= fa["false_alarms_ordinary_raw_0.05"]
    assert fa["trials_both_sides"] <= fa["fixed_20_per_side"]
    assert "| leak_shelf_code | L2 |" in (tmp_path / "fig" / "figures.md").read_text()
