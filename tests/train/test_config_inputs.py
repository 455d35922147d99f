"""Bad config values and `--set` overrides: one `error:` line naming the key and what is allowed,
exit 2, nothing written; sizes have upper bounds and floats must be finite."""

from pathlib import Path

import pytest
from pydantic import ValidationError
from typer.testing import CliRunner

from probe.cli.main import app
from probe.train.config import MAX_PREFIXES, ConfigError, TrainConfig, load_config

runner = CliRunner()
CONFIG = "configs/cpu-demo-grpo.yaml"

BAD_SETS = [
    ("updates=[", "--set updates: value '[' is not valid YAML"),
    ("updates={", "--set updates: value '{' is not valid YAML"),
    ("updates=abc", "config key 'updates': Input should be a valid integer"),
    ("updates=true", "config key 'updates': expected a number, not a boolean"),
    ("updates=0", "config key 'updates': Input should be greater than or equal to 1"),
    ("updates=5000000000", "config key 'updates': Input should be less than or equal to 1000000"),
    ("nosuch=1", "config key 'nosuch' is not a known setting; allowed in the top level: run_name"),
    ("rollout.group_sise=4", "did you mean 'group_size'? allowed in rollout: prefixes, group_size"),
    ("rollout=3", "config key 'rollout' is a section: give a mapping of its keys (prefixes"),
    ("updates.x=1", "--set updates.x: config key 'updates' is not a section"),
    ("=3", "'' is not a config key"),
    ("rollout..prefixes=3", "'rollout..prefixes' is not a config key"),
    ("updates", "--set expects key=value"),
    ("rollout.prefixes=100000000", f"config key 'rollout.prefixes': Input should be less than or equal to {MAX_PREFIXES}"),
    ("rollout.group_size=1000", "config key 'rollout.group_size': Input should be less than or equal to 64"),
    ("rollout.group_size=3.5", "config key 'rollout.group_size': Input should be a valid integer"),
    ("rollout.continuation_turns=1000", "config key 'rollout.continuation_turns': Input should be less than or equal to 64"),
    ("rollout.max_new_tokens=100000000", "config key 'rollout.max_new_tokens': Input should be less than or equal to"),
    ("rollout.temperature=0", "config key 'rollout.temperature': Input should be greater than 0"),
    ("rollout.temperature=-1", "config key 'rollout.temperature': Input should be greater than 0"),
    ("rollout.temperature=.nan", "config key 'rollout.temperature': Input should be a finite number"),
    ("gfn.exploration_temperature=.inf", "config key 'gfn.exploration_temperature': Input should be a finite number"),
    ("target.temperature=-0.5", "config key 'target.temperature': Input should be greater than or equal to 0"),
    ("optim.lr=.inf", "config key 'optim.lr': Input should be a finite number"),
    ("optim.lr=.nan", "config key 'optim.lr': Input should be a finite number"),
    ("optim.lr=-.inf", "config key 'optim.lr': Input should be a finite number"),
    ("optim.lr=0", "config key 'optim.lr': Input should be greater than 0"),
    ("optim.lr=5", "config key 'optim.lr': Input should be less than or equal to 1"),
    ("curriculum.levels=[0, 4]", "config key 'curriculum.levels.0': Input should be greater than or equal to 1"),
    ("curriculum.levels=[8, 4]", "config key 'curriculum.levels': levels must be strictly increasing"),
    # a repeated level would crash the run's curriculum (it climbs K_max): refused when the config is read
    ("curriculum.levels=[2, 4, 4]", "config key 'curriculum.levels': levels must be strictly increasing"),
    ("curriculum.levels=[]", "config key 'curriculum.levels': List should have at least 1 item"),
    ("curriculum.levels=[4, 100000]", "config key 'curriculum.levels.1': Input should be less than or equal to 64"),
    ("eval.episodes=100000000", "config key 'eval.episodes': Input should be less than or equal to 10000"),
    ("seed=-1", "config key 'seed': Input should be greater than or equal to 0"),
    ("auditor.tiny_seed=-1", "config key 'auditor.tiny_seed': Input should be greater than or equal to 0"),
    ("algo=ppo", "config key 'algo': Input should be 'grpo', 'dpo' or 'gfn'"),
    ("env=mars", "config key 'env': unknown env 'mars'; allowed: mock, skyassist"),
    ("reward=nosuch", "config key 'reward': unknown reward config 'nosuch'; allowed: baseline"),
    ("reward={variant: nosuch}", "config key 'reward': unknown reward config 'nosuch'"),
    ("reward=[1]", "config key 'reward': expected variant name, YAML path, or a mapping"),
    ("target.faults=nosuch", "config key 'target.faults': unknown fault 'nosuch'; allowed: none, demo, all"),
    ("auditor.model=/nonexistent/model", "config key 'auditor.model': local model path '/nonexistent/model' does not exist"),
    ("wandb=maybe", "config key 'wandb': Input should be a valid boolean"),
    ("run_name=[a]", "config key 'run_name': Input should be a valid string"),
]


def one_error_line(r):
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), r.output
    assert "Traceback" not in r.output
    return lines[0]


@pytest.mark.parametrize("override, needle", BAD_SETS, ids=[x for x, _ in BAD_SETS])
def test_bad_set_is_one_line_and_touches_nothing(tmp_path, override, needle):
    r = runner.invoke(app, ["train", "--config", CONFIG, "--set", f"out_dir={tmp_path / 'runs'}", "--set", override])
    assert r.exit_code == 2
    assert needle in one_error_line(r)
    assert not (tmp_path / "runs").exists()


@pytest.mark.parametrize("override", ["updates=[", "reward=nosuch", "target.faults=nosuch", "optim.lr=.inf"])
def test_demo_refuses_bad_settings_before_doing_anything(tmp_path, override):
    r = runner.invoke(app, ["demo", "--set", f"out_dir={tmp_path / 'runs'}", "--set", override, "--no-progress"])
    assert r.exit_code == 2 and one_error_line(r)
    assert not (tmp_path / "runs").exists()


@pytest.mark.parametrize("text, needle", [
    ("optim: {lr: .inf}\n", "config key 'optim.lr': Input should be a finite number"),
    ("rollout: {prefixes: 100000000}\n", "config key 'rollout.prefixes'"),
    ("updates: [\n", "is not valid YAML"),
    ("- 1\n- 2\n", "must hold a mapping, got list"),
])
def test_bad_config_file_is_one_line(tmp_path, text, needle):
    path = tmp_path / "c.yaml"
    path.write_text(text)
    r = runner.invoke(app, ["train", "--config", str(path)])
    assert r.exit_code == 2 and needle in one_error_line(r)


def test_non_utf8_config_file_is_one_line(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_bytes(b"updates: 3\nrun_name: \xff\xfe\n")
    r = runner.invoke(app, ["train", "--config", str(path)])
    assert r.exit_code == 2 and "c.yaml" in one_error_line(r)


def test_several_problems_are_one_line_each():
    with pytest.raises(ConfigError) as e:
        load_config(CONFIG, ["optim.lr=.nan", "rollout.group_size=1000", "nosuch=1"])
    lines = str(e.value).splitlines()
    assert len(lines) == 3
    assert {ln.split("'")[1] for ln in lines} == {"optim.lr", "rollout.group_size", "nosuch"}


@pytest.mark.parametrize("override", [
    "optim.lr=1e-4", "optim.lr=1.0e-5", "target.temperature=0", "rollout.temperature=0.7",
    "curriculum.levels=[2, 4, 8]", "auditor.model=Qwen/Qwen3-4B", "auditor.model=gpt2", "target.faults=none",
    "target.faults=demo,reveal_tools", "reward={variant: dedup, dedup_decay: 0.5}", "reward=baseline",
    "rollout.prefixes=1024", "updates=1000000", "seed=4294967295", "wandb=false", "run_name=my-run",
])
def test_sensible_values_are_accepted(override):
    load_config(CONFIG, [override])


def test_existing_local_model_directory_is_accepted_and_a_file_is_not(tmp_path):
    with pytest.raises(ConfigError, match="not a model directory"):
        load_config(None, [f"auditor.model={tmp_path}"])  # no config.json
    (tmp_path / "config.json").write_text("{}")
    assert load_config(None, [f"auditor.model={tmp_path}"]).auditor.model == str(tmp_path)
    f = tmp_path / "weights.bin"
    f.write_bytes(b"")
    with pytest.raises(ConfigError, match="is not a directory"):
        load_config(None, [f"auditor.model={f}"])


def test_auditor_model_has_one_rule_for_configs_and_the_command_line(tmp_path, monkeypatch):
    """A config's auditor.model and `--model` accept and refuse the same names (one definition:
    probe.train.config.model_name_problem); only hub availability is checked apart."""
    from probe.train import loop

    monkeypatch.setattr(loop, "hub_reachable", lambda timeout=3.0: True)
    (tmp_path / "model").mkdir()
    (tmp_path / "model" / "config.json").write_text("{}")
    (tmp_path / "empty").mkdir()
    (tmp_path / "file.bin").write_bytes(b"")
    names = ["tiny", "gpt2", "Qwen/Qwen3-4B", "/nonexistent/model", "./no/such/dir", "a/b/c", "bad name!",
             str(tmp_path / "model"), str(tmp_path / "empty"), str(tmp_path / "file.bin"), "../x"]
    for name in names:
        try:
            load_config(None, [f"auditor.model={name}"])
            by_config = None
        except ConfigError as e:
            by_config = str(e)
        try:
            loop.check_auditor_model(name, key="auditor.model")
            by_cli = None
        except ConfigError as e:
            by_cli = str(e)
        assert (by_config is None) == (by_cli is None), name
        if by_config is not None:
            assert by_config == by_cli, name


def test_every_shipped_config_is_within_bounds():
    for path in sorted(Path("configs").glob("*.yaml")):
        assert isinstance(load_config(path), TrainConfig)


def test_assignment_is_validated_too():
    cfg = load_config(CONFIG)
    with pytest.raises(ValidationError):
        cfg.rollout.prefixes = 10**9
    with pytest.raises(ValidationError):
        cfg.optim.lr = float("inf")


def test_set_one_reward_key_on_a_named_variant():
    """``reward: spread`` in the file and ``--set reward.boundary_weight=0.5``: the variant with one key
    changed (not an error that 'reward' is not a section); a bad key is still one line naming it."""
    cfg = load_config(CONFIG, ["reward.boundary_weight=0.5", "reward.w_plaus=2"])
    assert cfg.reward == {"variant": "spread", "boundary_weight": 0.5, "w_plaus": 2}
    with pytest.raises(ConfigError, match="boundary_wait"):
        load_config(CONFIG, ["reward.boundary_wait=0.5"])

