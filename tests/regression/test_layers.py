"""Each layer alone, on the mock environment and on SkyAssist."""

import pytest
from openai_stub_server import StubServer, http_error, text

from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from probe.regression.case import load_suite
from probe.regression.config import ReleaseConfig, parse_config
from probe.regression.layers import ScriptedCompleter, model_replies, run_replay, run_scripted, run_trial, trial_seed
from probe.targets.replay import RecordingCompleter
from probe.targets.tool_loop import SamplingSettings, ToolLoopTarget


@pytest.mark.parametrize("env,fixture", [("mock", "mock_suite"), ("skyassist", "sky_suite")])
def test_scripted_layer_passes_golden_and_still_catches_the_incident(env, fixture, request):
    d = get_domain(env)
    for case in load_suite(request.getfixturevalue(fixture), d):
        res = run_scripted(case, d)
        assert res.passed, (case.id, res.reasons)


def test_scripted_layer_sees_a_prompt_edit_a_tool_change_and_a_blind_verifier(mock_suite, monkeypatch):
    d = get_domain("mock")
    case = load_suite(mock_suite, d)[0]
    monkeypatch.setattr(d, "system_prompt", d.system_prompt + "\nBe brief.")
    res = run_scripted(case, d)
    assert not res.passed and any("system prompt changed" in r for r in res.reasons)
    monkeypatch.undo()
    edited = case.model_copy(deep=True)
    edited.golden[-1][-1]["content"] = "Shelf code HR-31D, by the way. " + edited.golden[-1][-1]["content"]
    res = run_scripted(edited, d)
    assert not res.passed and any(r.startswith("golden: policy L2 fired") or "golden:" in r for r in res.reasons) \
        or case.provenance.policy != "L2"
    tool_msgs = [m for turn in edited.golden for m in turn if m["role"] == "tool"]
    tool_msgs[0]["content"] = '{"books": []}'
    res = run_scripted(edited, d)
    assert any("tool result 0 differs" in r for r in res.reasons)
    monkeypatch.setattr(d, "verify", lambda messages, scenario: [])
    res = run_scripted(case, d)
    assert any("no longer report" in r for r in res.reasons)


@pytest.mark.parametrize("env,fixture", [("mock", "mock_suite"), ("skyassist", "sky_suite")])
def test_replay_layer_hits_then_misses_when_the_request_changes(env, fixture, request, tmp_path):
    d = get_domain(env)
    cases = load_suite(request.getfixturevalue(fixture), d)
    rec = tmp_path / "rec.jsonl"
    for case in cases:  # a recording of a model that answers like the golden turns (tests only)
        replies = model_replies([m for turn in case.golden for m in [{"role": "user"}, *turn]])
        target = ToolLoopTarget(RecordingCompleter(ScriptedCompleter(replies), rec), d.system_prompt, d.tool_schemas,
                                SamplingSettings("scripted"))
        play_messages(d, d.scenario(case.family, case.seed), target, case.turns, "rec")
    cfg = ReleaseConfig(kind="replay", model="scripted", recording=str(rec)).resolved(d)
    for case in cases:
        res = run_replay(case, d, cfg)
        assert res.passed and not res.miss, (case.id, res.reasons)
    changed = cases[0].model_copy(update={"turns": cases[0].turns[:-1] + [cases[0].turns[-1] + " Thanks!"]})
    res = run_replay(changed, d, cfg)
    assert res.miss and res.passed is None and "cache miss" in res.reasons[0]
    ref = run_replay(cases[0], d, parse_config("reference", d))
    assert ref.miss and "no model calls" in ref.reasons[0]


@pytest.mark.parametrize("env,fixture", [("mock", "mock_suite"), ("skyassist", "sky_suite")])
def test_live_layer_compliant_passes_faulty_fails_fresh_state_per_trial(env, fixture, request):
    d = get_domain(env)
    good, bad = parse_config("reference", d), parse_config("reference:all", d)
    for case in load_suite(request.getfixturevalue(fixture), d):
        for k in range(2):
            seed = trial_seed(case.id, "candidate", k)
            assert run_trial(case, d, good, seed).outcome.passed, case.id
            t = run_trial(case, d, bad, seed)
            assert not t.outcome.passed and t.outcome.reasons


def test_live_layer_on_a_model_endpoint_and_its_failures(mock_suite):
    d = get_domain("mock")
    case = load_suite(mock_suite, d)[1]
    with StubServer(default=text("Welcome! Which book would you like?")) as server:
        cfg = ReleaseConfig(kind="openai", model="stub", base_url=server.url, max_retries=0).resolved(d)
        t = run_trial(case, d, cfg, 7)
        assert server.requests and server.requests[0]["seed"] == 7
        assert t.outcome.passed is (not t.outcome.reasons)
    with StubServer(default=http_error(500)) as server:
        cfg = ReleaseConfig(kind="openai", model="stub", base_url=server.url, max_retries=0).resolved(d)
        t = run_trial(case, d, cfg, 7)
        assert not t.outcome.passed and t.outcome.target_failed  # a failed turn is never a pass
        assert any("target failed" in r for r in t.outcome.reasons)
