"""Paper fidelity (issue 18): evaluation samples like training, the V1 prompt variant, the judge."""

from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

from probe.auditor.model import Auditor
from probe.cli.eval import eval_command
from probe.train.config import TrainConfig, dump_config
from probe.train.rollout import SamplingSettings

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


@pytest.mark.tiny_auditor
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


@pytest.mark.tiny_auditor
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


@pytest.mark.tiny_auditor
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


# --- the optional LLM judge -------------------------------------------------------------------

from types import SimpleNamespace  # noqa: E402

from openai_stub_server import StubServer, http_error, raw, text  # noqa: E402

from probe.core.policy import Violation  # noqa: E402
from probe.train.config import ConfigError, JudgeSettings, load_config  # noqa: E402
from probe.train.judge import (  # noqa: E402
    DEFAULT_PROMPT,
    Judge,
    agreement_markdown,
    combine_violations,
    judge_agreement,
    parse_verdict,
)


def _settings(url: str, **kw) -> JudgeSettings:
    return JudgeSettings(**{"policies": ["B4", "S5"], "base_url": url, "model": "judge-stub", "max_retries": 0,
                            "timeout_s": 5.0, **kw})


def _last_reply(body: dict) -> str:
    prompt = body["messages"][-1]["content"]
    return [line for line in prompt.splitlines() if line.startswith("Assistant:")][-1]


def _rule(body: dict) -> str:
    return next(line for line in body["messages"][-1]["content"].splitlines() if line.startswith("Rule "))[5:7]


def label_reply(label: str, why: str = "because") -> dict:
    return text(json.dumps({"label": label, "rationale": why}))


def test_parse_verdict_accepts_the_asked_format_only():
    assert parse_verdict("B4", '{"label": "VIOLATION", "rationale": "no premium"}').label == "violation"
    assert parse_verdict("B4", '```json\n{"label": "no_violation"}\n```').label == "no_violation"
    for bad, kind in (("VIOLATION", "bad_json"), ("{\"label\": 1}", "bad_json"), ("[1, 2]", "bad_json"),
                      ('{"label": "maybe"}', "bad_label"), ("", "bad_json")):
        v = parse_verdict("B4", bad)
        assert (v.label, v.failure) == ("failed", kind), bad


def test_judge_asks_per_turn_and_policy_with_the_prompt_file(domain):
    """The request carries the file's template, the policy text and the public conversation only
    (no tool calls or tool outputs); the reply's label is the verdict."""
    def handler(body, n):
        return label_reply("VIOLATION" if _rule(body) == "B4" and "premium" not in _last_reply(body) else "NO_VIOLATION")

    conv = [{"role": "user", "content": "Flights to Lisbon on June 12?"},
            {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": {
                "name": "search_flights", "arguments": "{\"origin\": \"DEN\"}"}}]},
            {"role": "tool", "tool_call_id": "c1", "content": "{\"flights\": [{\"internal_fare_code\": \"ZQ9\"}]}"},
            {"role": "assistant", "content": "There is a 9am flight for 420 USD."}]
    with StubServer(handler) as server:
        judge = Judge(_settings(server.url), domain)
        (verdicts,) = judge.judge([conv])
        assert {p: v.label for p, v in verdicts.items()} == {"B4": "violation", "S5": "no_violation"}
        assert len(server.requests) == 2 and judge.calls == 2 and not judge.failures
        prompt = next(r for r in server.requests if _rule(r) == "B4")["messages"][-1]["content"]
        head = DEFAULT_PROMPT.read_text().split("{policy_id}")[0].replace("{assistant}", domain.assistant_role)
        assert prompt.startswith(head) and "an airline's booking assistant" in prompt  # the domain's assistant
        assert "Rule B4: " + next(p.text for p in domain.policies if p.id == "B4") in prompt
        assert "Customer: Flights to Lisbon on June 12?" in prompt and "Assistant: There is a 9am flight" in prompt
        assert "search_flights" not in prompt and "ZQ9" not in prompt
        assert server.requests[0]["model"] == "judge-stub" and server.requests[0]["temperature"] == 0.0


def test_custom_prompt_file_and_bad_settings(domain, tmp_path):
    f = tmp_path / "judge.md"
    f.write_text("Policy {policy_id}: {policy_text}\n{conversation}\nJSON please.")
    with StubServer(default=label_reply("NO_VIOLATION")) as server:
        judge = Judge(_settings(server.url, prompt_file=str(f), policies=["P1"]), domain)
        judge.judge([[{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}]])
        assert server.requests[0]["messages"][-1]["content"].startswith("Policy P1: ")
        with pytest.raises(ValueError, match="unknown policy 'Z9'; allowed: B1"):
            Judge(_settings(server.url, policies=["Z9"]), domain)
        (tmp_path / "bad.md").write_text("no placeholders")
        with pytest.raises(ValueError, match="lacks the placeholder"):
            Judge(_settings(server.url, prompt_file=str(tmp_path / "bad.md")), domain)
    with pytest.raises(ConfigError, match="judge.base_url and judge.model are required"):
        load_config(None, ["judge.policies=[B4]"])
    cfg = load_config(None, ["judge.policies=[B4, S5]", "judge.base_url=http://x/v1", "judge.model=m",
                             "judge.combine=union"])
    assert cfg.judge.policies == ["B4", "S5"] and cfg.judge.combine == "union"
    assert load_config(None).judge.policies == []  # verifier-only is the default


def test_failures_are_counted_and_never_read_as_no_violation(domain):
    conv = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}]
    with StubServer() as server:
        server.push(http_error(500), raw("not json at all"), text("VIOLATION, clearly"), text(""))
        judge = Judge(_settings(server.url), domain)
        a, b = judge.judge([conv, conv])
        assert [v.label for v in (*a.values(), *b.values())] == ["failed"] * 4
        assert sum(judge.failures.values()) == 4 and "bad_json" in judge.failures
    # in the reward: a failed verdict keeps the verifier's hit; a no-violation verdict replaces it
    hit = [Violation(3, "S5", "mutation without confirmation")]
    failed = {"S5": a["S5"], "B4": a["B4"]}
    assert combine_violations(hit, failed, "replace", 3) == hit
    said_no = {"S5": parse_verdict("S5", '{"label": "NO_VIOLATION"}')}
    assert combine_violations(hit, said_no, "replace", 3) == []
    assert combine_violations(hit, said_no, "union", 3) == hit
    said_yes = {"B4": parse_verdict("B4", '{"label": "VIOLATION", "rationale": "no premium"}')}
    out = combine_violations(hit, said_yes, "replace", 5)
    assert [(v.policy, v.message_index) for v in out] == [("S5", 3), ("B4", 5)]
    assert out[1].evidence == "judge: no premium"


def test_rollout_reward_uses_the_judge_and_a_failing_judge_changes_nothing(domain):
    from test_rollout import ScriptedAuditor

    from probe.train.config import RolloutSettings
    from probe.train.reward import CompositeReward
    from probe.train.rollout import RolloutEngine

    cfg = RolloutSettings(prefixes=2, group_size=2, continuation_turns=1)

    def collect(judge=None):
        engine = RolloutEngine(cfg, CompositeReward(domain="skyassist"), env="skyassist", faults="demo", seed=3,
                               judge=judge)
        try:
            return engine.collect(ScriptedAuditor(), step=2, k_max=3)
        finally:
            engine.close()

    plain = collect()
    with StubServer(default=label_reply("VIOLATION", "no premium option mentioned")) as server:
        yes = collect(Judge(_settings(server.url, policies=["B4"]), domain))
        turns_played = sum(len(t.meta["judge"]) for t in yes.traces)
        assert yes.stats["judge_calls"] == len(server.requests) > 0 and yes.stats["judge_failures"] == 0
    assert turns_played >= len(yes)
    for window in yes.turn_rewards:  # every window turn now carries a judged B4 hit
        assert all(any(v.policy == "B4" and v.evidence.startswith("judge:") for v in tr.violations) for tr in window)
    assert [t.violations for t in yes.traces] == [t.violations for t in plain.traces]  # traces keep the verifiers'
    with StubServer(default=text("I think it is fine")) as server:
        broken = collect(Judge(_settings(server.url), domain))
    assert broken.stats["judge_failures"] == broken.stats["judge_calls"] > 0
    assert broken.returns.tolist() == plain.returns.tolist()  # failures fall back to the verifier labels
    assert broken.policy_hits == plain.policy_hits


def test_judge_agreement_per_policy(domain):
    """Two traces, three judged turns; the judge says B4 whenever the reply lacks 'premium'."""
    def handler(body, n):
        return label_reply("VIOLATION" if "premium" not in _last_reply(body) else "NO_VIOLATION")

    def tr(*pairs, violations=()):
        msgs = []
        for u, a in pairs:
            msgs += [{"role": "user", "content": u}, {"role": "assistant", "content": a}]
        return SimpleNamespace(messages=msgs, violations=list(violations))

    traces = [tr(("hi", "Flights at 9am."), ("more?", "We also have premium seats."), violations=[Violation(1, "B4")]),
              tr(("hello", "Flights at 10am."))]
    with StubServer(handler) as server:
        res = judge_agreement(traces, Judge(_settings(server.url, policies=["B4"]), domain))
    b4 = res["policies"]["B4"]
    assert (b4["both"], b4["judge_only"], b4["verifier_only"], b4["neither"]) == (1, 1, 0, 1)
    assert b4["agreement"] == pytest.approx(2 / 3) and b4["judge_precision_vs_verifier"] == 0.5
    assert b4["failures"] == 0 and res["traces"] == 2
    md = agreement_markdown({"static": res})
    assert "## Judge vs verifier agreement" in md and "| B4 | 3 | 0 | 1 | 1 | 0 | 1 | 67% |" in md
    with StubServer(default=raw("{oops")) as server:
        res = judge_agreement(traces, Judge(_settings(server.url, policies=["B4"]), domain))
    b4 = res["policies"]["B4"]
    assert b4["failures"] == 3 and b4["judged"] == 0 and b4["agreement"] is None and b4["neither"] == 0


def test_eval_report_shows_judge_agreement(tmp_path):
    with StubServer(default=label_reply("NO_VIOLATION")) as server:
        cfg = tmp_path / "judge.yaml"
        cfg.write_text(f"judge:\n  policies: [B4, S5]\n  base_url: {server.url}\n  model: judge-stub\n  max_retries: 0\n")
        r = CliRunner().invoke(app, ["eval", "--auditor", "static", "--episodes", "2", "--turns", "2",
                                     "--judge", str(cfg), "--out", str(tmp_path / "ev")])
        assert r.exit_code == 0, r.output
        assert server.requests
    data = json.loads((tmp_path / "ev" / "metrics.json").read_text())
    ag = data["methods"]["static"]["judge_agreement"]["policies"]
    assert set(ag) == {"B4", "S5"} and ag["B4"]["judged"] > 0 and ag["B4"]["judge_only"] == 0
    assert "judge-stub on B4, S5" in data["settings"]["judge"]
    report = (tmp_path / "ev" / "report.md").read_text()
    assert "## Judge vs verifier agreement" in report and "| S5 |" in report
    bad = tmp_path / "bad.yaml"
    bad.write_text("policies: [B4]\nmodel: m\n")
    r = CliRunner().invoke(app, ["eval", "--auditor", "static", "--judge", str(bad)])
    assert r.exit_code == 2 and r.output.strip().startswith("error: ") and len(r.output.strip().splitlines()) == 1


def test_a_turn_the_target_left_silent_is_not_judged(domain):
    from test_rollout import ScriptedAuditor

    from probe.targets.base import Target
    from probe.train.config import RolloutSettings
    from probe.train.reward import CompositeReward
    from probe.train.rollout import RolloutEngine

    class Silent(Target):
        kind = "test-silent"

        def respond(self, turn) -> None:
            pass

    with StubServer(default=label_reply("VIOLATION")) as server:
        engine = RolloutEngine(RolloutSettings(prefixes=2, group_size=2, continuation_turns=1),
                               CompositeReward(domain="skyassist"), env="skyassist", seed=3, target_factory=Silent,
                               judge=Judge(_settings(server.url, policies=["B4"]), domain))
        try:
            batch = engine.collect(ScriptedAuditor(), step=0, k_max=2)
        finally:
            engine.close()
        assert not server.requests
    assert batch.stats["judge_calls"] == 0 and not any(tr.violations for w in batch.turn_rewards for tr in w)


@pytest.mark.tiny_auditor
def test_the_untrained_baseline_samples_as_the_checkpoint_does(tmp_path, generate_calls):
    """Trained at temperature 0.6 with top_p 0.9: the untrained baseline of the same evaluation
    samples at 0.6 / 0.9 too (at its old fixed 0.8 the comparison was not like for like)."""
    run = _run_with_checkpoint(tmp_path, rollout={"temperature": 0.6, "top_p": 0.9})
    r = CliRunner().invoke(app, ["eval", "--checkpoint", str(run), "--baselines", "untrained", "--episodes", "2",
                                 "--turns", "1", "--out", str(tmp_path / "ev")])
    assert r.exit_code == 0, r.output
    data = json.loads((tmp_path / "ev" / "metrics.json").read_text())["methods"]
    assert len(data) == 2 and {(m["sampling"]["temperature"], m["sampling"]["top_p"]) for m in data.values()} == {(0.6, 0.9)}
    assert generate_calls and {(c["temperature"], c["top_p"]) for c in generate_calls} == {(0.6, 0.9)}


def test_the_demo_evaluates_the_untrained_baseline_with_the_run_sampling(monkeypatch):
    from probe.cli import demo
    from probe.eval import methods as M

    seen = {}
    monkeypatch.setattr(M, "make_method", lambda name, **kw: seen.setdefault(name, kw))
    monkeypatch.setattr("probe.eval.demo_table", lambda methods, **kw: methods)

    class _T:
        auditor = None

    cfg = TrainConfig.model_validate({"rollout": {"temperature": 0.6, "top_p": 0.9}})
    out = demo.evaluate_against_baselines(_T(), cfg, episodes=1, turns=1, baselines=("untrained",))
    assert seen["untrained"]["temperature"] == 0.6 and seen["untrained"]["top_p"] == 0.9
    trained = next(m for k, m in out.items() if k.startswith("trained"))
    assert (trained.temperature, trained.top_p) == (0.6, 0.9)
