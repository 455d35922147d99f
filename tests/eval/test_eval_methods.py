"""Methods, runner, reports and the eval CLI (probe.eval)."""

import json

import pytest
import typer
from typer.testing import CliRunner

from probe.cli.eval import eval_command
from probe.core.registry import get_domain
from probe.core.trace import BadLine, iter_trace_file
from probe.eval import demo_table, evaluate, make_method
from probe.eval.metrics import suite_metrics
from probe.eval.report import PLOTS

DOMAIN = get_domain("skyassist")
app = typer.Typer()
app.command("eval")(eval_command)


@app.command("noop")
def _noop() -> None:  # a second command keeps 'eval' a subcommand
    pass


def test_unknown_method_is_one_line():
    with pytest.raises(ValueError, match=r"unknown method 'nope'; allowed: random, static"):
        make_method("nope")
    r = CliRunner().invoke(app, ["eval", "--baselines", "static,nope"])
    assert r.exit_code == 2
    lines = [x for x in r.output.splitlines() if x.strip()]
    assert lines == [lines[0]] and lines[0].startswith("error: unknown baseline 'nope'; allowed:")


def test_empty_checkpoint_dir_is_one_line(tmp_path):
    r = CliRunner().invoke(app, ["eval", "--checkpoint", str(tmp_path)])
    assert r.exit_code == 2
    assert [x for x in r.output.splitlines() if x.strip()] == [
        f"error: no checkpoint in {tmp_path} (expected ckpt-*/adapter)"]


def test_matched_seeds_across_methods():
    names = ["random", "static", "static-oracle", "cooperative"]
    runs = {n: evaluate(make_method(n), episodes=6, turns=3, faults="demo") for n in names}
    scenarios = {n: [(t.scenario["family"], t.scenario["seed"]) for t in tr] for n, tr in runs.items()}
    first = scenarios["random"]
    assert len(first) == 6 and len({s for _, s in first}) == 6
    assert all(s == first for s in scenarios.values())
    assert all(s >= DOMAIN.heldout_seeds.start for _, s in first)
    other_sample = evaluate(make_method("random"), episodes=6, turns=1, sample=1)
    assert not {t.scenario["seed"] for t in other_sample} & {s for _, s in first}
    # scripted baselines are deterministic
    again = evaluate(make_method("static"), episodes=6, turns=3, faults="demo")
    assert [t.messages for t in again] == [t.messages for t in runs["static"]]


def test_oracle_beats_static_and_cooperative_reaches_mutations():
    static = suite_metrics(evaluate(make_method("static"), episodes=20, turns=8, faults="all"), DOMAIN)
    oracle = suite_metrics(evaluate(make_method("static-oracle"), episodes=20, turns=8, faults="all"), DOMAIN)
    assert oracle["coverage"] >= static["coverage"] + 0.25
    assert len(oracle["policies_found"]) == 20
    coop = suite_metrics(evaluate(make_method("cooperative"), episodes=20, turns=8, faults="none"), DOMAIN)
    assert coop["reach"]["book"] > 0 and coop["reach"]["mutation"] > 0.3
    rand = suite_metrics(evaluate(make_method("random"), episodes=20, turns=8, faults="none"), DOMAIN)
    assert rand["reach"]["mutation"] == 0.0


@pytest.mark.tiny_auditor
def test_report_plots_and_verify_rescoring(tmp_path):
    methods = {n: make_method(n) for n in ("static", "cooperative", "untrained")}
    results, table = demo_table(methods, episodes=5, turns=3, faults="demo", out=tmp_path)
    assert set(results) == set(methods) and table.row_count == 3
    assert (tmp_path / "report.md").is_file() and "| static |" in (tmp_path / "report.md").read_text()
    for p in PLOTS:
        assert (tmp_path / p).stat().st_size > 1000
        assert (tmp_path / p).read_bytes()[:4] == b"\x89PNG"
    data = json.loads((tmp_path / "metrics.json").read_text())
    assert set(data["methods"]) == set(methods)
    gen = methods["untrained"]
    assert gen.calls <= 3 and gen.batch_sizes[0] == 5  # one batched generate per turn
    for name in methods:
        traces = [t for t in iter_trace_file(tmp_path / name / "traces.jsonl") if not isinstance(t, BadLine)]
        assert len(traces) == 5
        rescored = {v.policy for t in traces for v in DOMAIN.verify(t.messages, t.scenario)}
        assert sorted(rescored) == results[name]["policies_found"]
    # compare: one side-by-side table from two eval dirs
    r = CliRunner().invoke(app, ["eval", "--compare", str(tmp_path), str(tmp_path), "--out", str(tmp_path / "cmp")])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "cmp" / "compare.md").read_text().count("| static |") == 1


@pytest.mark.tiny_auditor
def test_cli_eval_and_checkpoint(tmp_path):
    from probe.eval.methods import load_untrained_auditor

    aud = load_untrained_auditor("tiny")
    ckpt = tmp_path / "run" / "ckpt-00002"
    aud.save_adapter(ckpt / "adapter")
    (ckpt / "step.json").write_text(json.dumps({"step": 2}))
    r = CliRunner().invoke(app, ["eval", "--checkpoint", str(tmp_path / "run"), "--baselines", "random",
                                 "--episodes", "3", "--turns", "2", "--out", str(tmp_path / "ev")])
    assert r.exit_code == 0, r.output
    data = json.loads((tmp_path / "ev" / "metrics.json").read_text())
    assert list(data["methods"]) == ["learned:ckpt-00002", "random"]
    assert data["methods"]["random"]["episodes"] == 3
