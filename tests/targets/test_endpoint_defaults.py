"""The OpenAI-compatible endpoint defaults are declared once (probe.targets.openai_target) and the
run config's target.* keys and the commands' --timeout/--retries read them from there."""

from __future__ import annotations

from probe.targets import openai_target
from probe.targets.openai_target import EndpointConfig, OpenAITargetConfig
from probe.train.config import TargetSettings

SHARED = ("api_key_env", "max_tokens", "timeout_s", "max_retries", "max_concurrency", "temperature")


def test_run_config_and_endpoint_config_have_the_same_defaults():
    settings = TargetSettings()
    endpoint = OpenAITargetConfig(model="m")
    for key in SHARED:
        assert getattr(settings, key) == getattr(endpoint, key), key
    assert (endpoint.timeout_s, endpoint.max_retries) == (30.0, 2)  # what README and --help state


def test_every_reader_takes_the_one_declaration():
    assert EndpointConfig.model_fields["timeout_s"].default == openai_target.DEFAULT_TIMEOUT_S
    assert TargetSettings.model_fields["timeout_s"].default == openai_target.DEFAULT_TIMEOUT_S
    assert EndpointConfig.model_fields["max_retries"].default == openai_target.DEFAULT_MAX_RETRIES
    assert TargetSettings.model_fields["max_retries"].default == openai_target.DEFAULT_MAX_RETRIES
    from probe.cli import eval as cli_eval

    assert (cli_eval.DEFAULT_TIMEOUT, cli_eval.DEFAULT_RETRIES) == (openai_target.DEFAULT_TIMEOUT_S,
                                                                   openai_target.DEFAULT_MAX_RETRIES)


def test_the_run_config_declares_no_literal_endpoint_default():
    """A literal default in TargetSettings would be a second declaration that can drift."""
    import ast
    from pathlib import Path

    import probe.train.config as config

    tree = ast.parse(Path(config.__file__).read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "TargetSettings")
    seen = set()
    for node in cls.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id in SHARED:
            call = node.value
            assert isinstance(call, ast.Call) and call.args, node.target.id
            default = call.args[0]
            if node.target.id != "temperature":  # 0.0 = greedy is the config's own choice
                assert isinstance(default, ast.Name) and default.id.startswith("DEFAULT_"), node.target.id
            seen.add(node.target.id)
    assert seen == set(SHARED)
