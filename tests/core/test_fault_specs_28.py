"""Fault specs that contradict themselves or say nothing, and a YAML list of faults (session 28).

The cases come from a tester's fault-profile findings (``/work/h28/faults/report.md``, F11: a
YAML list for ``target.faults`` gave "Input should be a valid string"; F12: ``none`` combined with
faults ran the faults, and an empty spec ran with no faults, in training too). Each refused spec
is one ``error:`` line naming the value and what to write instead; its twin that means the same
thing in an allowed form is accepted. The rule that a later item overrides an earlier one for the
same fault is kept and stated in the ``--faults`` help.
"""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from probe.cli.main import app
from probe.core.registry import get_domain
from probe.train.config import ConfigError, load_config

runner = CliRunner()
CONFIG = "configs/cpu-demo-grpo.yaml"  # SkyAssist
MOCK_SCRIPT = "envs/mock/scripts/borrow_one.txt"


@pytest.fixture(scope="module")
def mock():
    return get_domain("mock")


def one_error_line(r) -> str:
    assert "Traceback" not in r.output
    lines = [line for line in r.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), r.output
    return lines[0]


# --- none with other faults ----------------------------------------------------------------------

@pytest.mark.parametrize("spec, other", [
    ("none,all", "all"),
    ("all,none", "all"),
    ("none,leak_shelf_code", "leak_shelf_code"),
    ("leak_shelf_code@0.5, none", "leak_shelf_code@0.5"),
    ("demo,none@0.5", "demo"),
])
def test_none_combined_with_faults_is_an_error_naming_both(mock, spec, other):
    with pytest.raises(ValueError) as e:
        mock.resolve_faults(spec)
    msg = str(e.value)
    assert "\n" not in msg and "'none'" in msg and repr(other) in msg and "alone" in msg


@pytest.mark.parametrize("spec", ["none", " none ", "none,none", ["none"]])  # none@0.5: refused since session 32
def test_none_alone_means_no_faults(mock, spec):
    assert mock.resolve_faults(spec) == []


def test_none_combined_as_a_list_is_refused_too(mock):
    with pytest.raises(ValueError, match="'none' cannot be combined"):
        mock.resolve_faults(["none", "no_loan_limit"])


# --- an empty spec -------------------------------------------------------------------------------

@pytest.mark.parametrize("spec", ["", ",", " , ", "  "])
def test_an_empty_spec_is_an_error_saying_to_write_none(mock, spec):
    with pytest.raises(ValueError) as e:
        mock.resolve_faults(spec)
    msg = str(e.value)
    assert "\n" not in msg and repr(spec) in msg and "write none" in msg


@pytest.mark.parametrize("spec", [None, [], ()])
def test_no_spec_from_code_is_still_no_faults(mock, spec):
    """A resolved empty list (what a profile 'none' resolves to) goes back in unchanged."""
    assert mock.resolve_faults(spec) == []


def test_a_stray_comma_between_names_is_still_accepted(mock):
    assert mock.resolve_faults("leak_shelf_code,,no_loan_limit,") == ["leak_shelf_code", "no_loan_limit"]


# --- a later item overrides an earlier one (kept) --------------------------------------------------

@pytest.mark.parametrize("spec, expected", [
    ("leak_shelf_code@0.5,leak_shelf_code@1", ["leak_shelf_code"]),
    ("leak_shelf_code@1,leak_shelf_code@0.5", ["leak_shelf_code@0.5"]),
    ("all,leak_shelf_code@0.3", ["leak_shelf_code@0.3", "no_loan_limit", "skip_confirm_when_rushed"]),
    ("leak_shelf_code@0.3,all", ["leak_shelf_code", "no_loan_limit", "skip_confirm_when_rushed"]),
])
def test_a_later_item_overrides_an_earlier_one_for_the_same_fault(mock, spec, expected):
    assert mock.resolve_faults(spec) == expected


@pytest.mark.parametrize("command", [["play"], ["suite"], ["eval"], ["adat", "run"]])
def test_the_faults_help_states_the_override_rule_and_none_alone(command):
    import typer  # noqa: PLC0415

    cmd = typer.main.get_command(app)
    for name in command:
        cmd = cmd.commands[name]
    (option,) = [p for p in cmd.params if p.name == "faults"]
    help_text = " ".join(option.help.split())
    assert "a later item overrides an earlier one for the same fault" in help_text and "none alone" in help_text


# --- the CLI ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("faults, needle", [
    ("", "empty fault spec ''; write none"),
    (",", "empty fault spec ','; write none"),
    ("none,all", "'none' cannot be combined with 'all'"),
    ("all,none", "'none' cannot be combined with 'all'"),
])
def test_play_refuses_an_empty_or_contradictory_faults_value(faults, needle):
    r = runner.invoke(app, ["play", "--env", "mock", "--family", "borrow_one", "--script", MOCK_SCRIPT, "--faults", faults])
    assert r.exit_code == 2 and needle in one_error_line(r)


@pytest.mark.parametrize("faults", ["none", "all", "leak_shelf_code@0.5,leak_shelf_code"])
def test_play_accepts_the_allowed_forms(faults):
    r = runner.invoke(app, ["play", "--env", "mock", "--family", "borrow_one", "--script", MOCK_SCRIPT, "--faults", faults])
    assert r.exit_code == 0, r.output


def test_eval_refuses_none_with_faults(tmp_path):
    r = runner.invoke(app, ["eval", "--env", "mock", "--auditor", "static", "--episodes", "1", "--faults", "none,demo",
                            "--out", str(tmp_path / "e")])
    assert r.exit_code == 2 and "'none' cannot be combined with 'demo'" in one_error_line(r)


# --- target.faults in a training config (F11) ----------------------------------------------------

def _config(tmp_path, faults_yaml: str, env: str = "mock") -> str:
    path = tmp_path / "c.yaml"
    path.write_text(f"run_name: tt\nupdates: 1\nalgo: grpo\nenv: {env}\nauditor: {{model: tiny}}\n"
                    f"target: {{kind: reference, faults: {faults_yaml}}}\n")
    return str(path)


@pytest.mark.parametrize("yaml_list, comma", [
    ("[leak_shelf_code]", "leak_shelf_code"),
    ("[leak_shelf_code, no_loan_limit@0.5]", "leak_shelf_code,no_loan_limit@0.5"),
    ("[demo, no_loan_limit]", "demo,no_loan_limit"),
])
def test_a_yaml_list_of_faults_is_the_comma_separated_form(tmp_path, yaml_list, comma):
    cfg = load_config(_config(tmp_path, yaml_list))
    assert cfg.target.faults == comma
    assert load_config(_config(tmp_path, f"'{comma}'")).target.faults == comma


@pytest.mark.parametrize("value, got", [
    ("3", "3"),
    ("{leak_shelf_code: 1}", "{'leak_shelf_code': 1}"),
    ("[leak_shelf_code, 2]", "['leak_shelf_code', 2]"),
    ("[[demo]]", "[['demo']]"),
    ("true", "True"),
])
def test_a_wrong_type_for_target_faults_says_the_allowed_forms(tmp_path, value, got):
    with pytest.raises(ConfigError) as e:
        load_config(_config(tmp_path, value))
    msg = str(e.value)
    assert "\n" not in msg and msg.startswith("config key 'target.faults'") and got in msg
    assert "comma-separated" in msg and "list" in msg and "profile" in msg


@pytest.mark.parametrize("value, needle", [
    ("''", "empty fault spec ''; write none"),
    ("[]", "empty fault spec ''; write none"),
    ("'none,all'", "'none' cannot be combined with 'all'"),
    ("[none, demo]", "'none' cannot be combined with 'demo'"),
    ("[nosuch]", "unknown fault 'nosuch'"),
])
def test_an_empty_or_contradictory_target_faults_is_refused(tmp_path, value, needle):
    with pytest.raises(ConfigError) as e:
        load_config(_config(tmp_path, value))
    assert str(e.value).startswith("config key 'target.faults'") and needle in str(e.value)


@pytest.mark.parametrize("override, needle", [
    ("target.faults=", "empty fault spec ''; write none"),
    ("target.faults=none,all", "'none' cannot be combined with 'all'"),
    ("target.faults=7", "got 7"),
])
def test_train_set_target_faults_refusals_are_one_line(tmp_path, override, needle):
    r = runner.invoke(app, ["train", "--config", CONFIG, "--set", f"out_dir={tmp_path / 'runs'}", "--set", override])
    assert r.exit_code == 2 and needle in one_error_line(r)
    assert not (tmp_path / "runs").exists()


def test_train_set_target_faults_as_a_list_is_accepted():
    cfg = load_config(CONFIG, ["target.faults=[leak_fare_code, reveal_tools]"])
    assert cfg.target.faults == "leak_fare_code,reveal_tools"
