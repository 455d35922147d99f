"""Paper fidelity (issue 18): evaluation samples like training, the V1 prompt variant, the judge."""

from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

from probe.auditor.model import Auditor
from probe.config import TrainConfig, dump_config
from probe.eval.cli import eval_command
from probe.rollout import SamplingSettings

app = typer.Typer()
app.command("eval")(eval_command)


@app.command("noop")
def _noop() -> None:  # a second command keeps 'eval' a subcommand
    pass


def _run_with_checkpoint(tmp_path, **config):
    """A run dir holding a resolved config.yaml and one checkpoint of the tiny auditor."""
    from probe.eval.methods import load_untrained_auditor

    cfg = TrainConfig.model_validate(config)
    run = tmp_path / "run"
    run.mkdir()
    dump_config(cfg, run / "config.yaml")
    ckpt = run / "ckpt-00003"
    load_untrained_auditor("tiny").save_adapter(ckpt / "adapter")
    (ckpt / "step.json").write_text(json.dumps({"step": 3}))
    return run


@pytest.fixture()
def generate_calls(monkeypatch):
    calls: list[dict] = []
    real = Auditor.generate

    def spy(self, prompts, **kw):
        calls.append({**kw, "prompts": list(prompts), "style": self.prompt_style,
                      "scenario": self.scenario_conditioning})
        return real(self, prompts, **kw)

    monkeypatch.setattr(Auditor, "generate", spy)
    return calls


def test_checkpoint_eval_samples_with_the_training_settings(tmp_path, generate_calls):
    """A GFlowNet run trained with 17 new tokens at rollout temperature 0.7 (exploration 1.6 on
    candidates): its evaluation samples 17 tokens at 0.7 -- not the old 40 at 0.8, not 1.6 --
    and report.md and metrics.json say so."""
    run = _run_with_checkpoint(tmp_path, algo="gfn", rollout={"max_new_tokens": 17, "temperature": 0.7, "top_p": 0.95},
                               gfn={"exploration_temperature": 1.6})
    r = CliRunner().invoke(app, ["eval", "--checkpoint", str(run), "--episodes", "2", "--turns", "2",
                                 "--out", str(tmp_path / "ev")])
    assert r.exit_code == 0, r.output
    assert generate_calls and all(c["max_new_tokens"] == 17 and c["temperature"] == 0.7 and c["top_p"] == 0.95
                                  for c in generate_calls)
    data = json.loads((tmp_path / "ev" / "metrics.json").read_text())
    (name,) = data["methods"]
    s = data["methods"][name]["sampling"]
    assert (s["max_new_tokens"], s["temperature"], s["top_p"], s["prompt_style"]) == (17, 0.7, 0.95, "customer")
    assert "run config" in s["source"]
    report = (tmp_path / "ev" / "report.md").read_text()
    assert "max_new_tokens=17, temperature=0.7, top_p=0.95" in report


def test_flags_override_the_checkpoint_settings(tmp_path, generate_calls):
    run = _run_with_checkpoint(tmp_path, rollout={"max_new_tokens": 17, "temperature": 0.7})
    r = CliRunner().invoke(app, ["eval", "--checkpoint", str(run / "ckpt-00003"), "--episodes", "2", "--turns", "1",
                                 "--temperature", "0.3", "--max-new-tokens", "9", "--out", str(tmp_path / "ev")])
    assert r.exit_code == 0, r.output
    assert {(c["max_new_tokens"], c["temperature"], c["top_p"]) for c in generate_calls} == {(9, 0.3, 1.0)}
    s = json.loads((tmp_path / "ev" / "metrics.json").read_text())["methods"]
    (m,) = s.values()
    assert "overridden: max_new_tokens, temperature" in m["sampling"]["source"]


def test_bad_top_p_is_one_line(tmp_path):
    r = CliRunner().invoke(app, ["eval", "--auditor", "static", "--top-p", "0"])
    assert r.exit_code == 2
    assert [x for x in r.output.splitlines() if x.strip()] == ["error: --top-p must be in (0, 1], got 0.0"]


def test_v1_checkpoint_evaluates_with_the_plain_prompt_and_no_scenario(tmp_path, generate_calls):
    run = _run_with_checkpoint(tmp_path, reward="v1")
    r = CliRunner().invoke(app, ["eval", "--checkpoint", str(run), "--episodes", "2", "--turns", "1",
                                 "--out", str(tmp_path / "ev")])
    assert r.exit_code == 0, r.output
    assert generate_calls and all(c["style"] == "plain" and not c["scenario"] for c in generate_calls)
    # the tiny format: an empty context, the dialogue, an open customer marker
    assert all(p.startswith("<s>[context][customer]") or p.startswith("<s>[context][") for c in generate_calls
               for p in c["prompts"])
    assert "prompt=plain, scenario=no" in (tmp_path / "ev" / "report.md").read_text()


def test_sampling_settings_of_a_run():
    s = SamplingSettings.of_run(TrainConfig.model_validate({"algo": "gfn", "rollout": {"temperature": 0.9}}))
    assert (s.temperature, s.max_new_tokens, s.prompt_style, s.scenario_conditioning) == (0.9, 40, "customer", True)
    v1 = SamplingSettings.of_run(TrainConfig.model_validate({"reward": {"variant": "v1"}}))
    assert (v1.prompt_style, v1.scenario_conditioning) == ("plain", False)
    assert v1.overridden(temperature=None) is v1
    assert v1.overridden(top_p=0.5).top_p == 0.5
