"""One way to build targets, one ``fail()`` for the CLI, one results-table builder (issue 10, item 7)."""

from __future__ import annotations

import pytest
import typer
from rich.console import Console

from probe.core.registry import get_domain
from probe.targets import options_for, target_factory


@pytest.fixture(scope="module")
def domain():
    return get_domain("skyassist")


def test_reference_targets_start_anew_every_episode(domain):
    new = target_factory(domain, "reference", domain.resolve_faults("demo"))
    first, second, third = new(), new(), new()
    assert len({id(first), id(second), id(third)}) == 3
    assert first.kind == second.kind == "reference"


def test_model_targets_are_checked_at_once_and_shared_across_episodes(domain):
    new = target_factory(domain, "openai", base_url="http://127.0.0.1:9/v1", model="m", api_key_env=None,
                         timeout_s=5.0)
    a, b = new(), new()
    assert a.kind == "openai" and b is a.fork()  # stateless across turns: one client serves every episode
    with pytest.raises(ValueError, match="unknown openai target option 'temprature'"):
        target_factory(domain, "openai", model="m", temprature=1)
    with pytest.raises(ValueError, match="faults apply only to the reference target"):
        target_factory(domain, "openai", ["leak_fare_code"], model="m")
    with pytest.raises(ValueError, match="unknown target 'gpt'; allowed: hf, openai, reference, replay"):
        target_factory(domain, "gpt")


def test_options_for_keeps_what_applies_to_the_kind():
    values = dict(base_url="http://x/v1", model="m", api_key_env="K", temperature=0.0, max_tokens=9, timeout_s=None,
                  recording_path=None)
    assert options_for("reference", **values) == {}
    assert options_for("hf", **values) == {"model": "m", "temperature": 0.0, "max_tokens": 9}
    assert options_for("openai", **values) == {"base_url": "http://x/v1", "model": "m", "api_key_env": "K",
                                               "temperature": 0.0, "max_tokens": 9}
    assert options_for("replay", **values) == {}


def test_the_train_configs_target_goes_through_the_same_factory(tmp_path):
    from probe.train.config import ConfigError, load_config
    from probe.train.loop import target_factory as run_factory

    assert run_factory(load_config(None)) is None  # the game builds the reference target itself
    cfg = load_config(None, ["target.kind=openai", "target.model=m", "target.base_url=http://127.0.0.1:9/v1"])
    new = run_factory(cfg)
    assert new().kind == "openai"
    with pytest.raises(ConfigError, match="config section 'target': the replay target needs recording_path"):
        run_factory(load_config(None, ["target.kind=replay"]))


def test_one_fail_for_every_command(capsys):
    import probe.cli.auditor as auditor_cli
    import probe.cli.errors as errors
    import probe.cli.eval as eval_cli
    import probe.cli.main as main_cli

    assert main_cli.fail is eval_cli.fail is auditor_cli.fail is errors.fail
    with pytest.raises(typer.Exit) as e:
        errors.fail("config key 'a': bad\nconfig key 'b': worse")
    assert e.value.exit_code == 2
    assert capsys.readouterr().err.splitlines() == ["error: config key 'a': bad", "error: config key 'b': worse"]


def test_the_summary_is_the_full_tables_headline_columns():
    from probe.cli import demo
    from probe.eval import evaluate_methods, make_method
    from probe.eval.report import COLUMNS, rich_table, row, summary_table

    assert demo.summary_table is summary_table
    results = evaluate_methods({"random": make_method("random", seed=1)}, env="skyassist", faults="demo", episodes=3,
                               turns=2)
    r = row("random", results["random"])
    assert {"coverage_found", "yield", "concentration", "multi", "reach%_book"} <= set(r)
    assert set(k for k, _ in COLUMNS) <= set(r)
    console = Console(record=True, width=400)
    console.print(summary_table(results, "s"))
    console.print(rich_table(results, title="full"))
    text = console.export_text()
    assert text.count(r["yield"]) == 2  # the same cell, formatted once, in both tables
    assert "B4S5B6" in text and "policies found -- random:" in text
