"""The generic Domain contract: what every registered environment must provide, checked through
the ``Domain`` interface alone, so a new environment (``probe.envs`` entry point) is checked the
same way. Parametrised over every registered environment (mock, SkyAssist, τ-bench retail, and
any plug-in installed).

Tool errors: every environment returns a refused call as a ``ToolResult`` with ``ok`` False and a
plain-text ``error`` (τ-bench retail shows the target τ²-bench's ``Error: ...`` text, SkyAssist and
the mock a JSON ``{"error": ...}``; the structured field is the same for all).
"""

from __future__ import annotations

import copy
import json

import jsonschema
import pytest

from probe.core.domain import ToolResult, error_message
from probe.core.policy import SEVERITY_NAMES
from probe.core.registry import env_names, get_domain
from probe.core.scripts import load_suite, play_script
from probe.core.trace import Trace

ENVS = env_names()


def user(text):
    return {"role": "user", "content": text}


def say(text):
    return {"role": "assistant", "content": text}


def test_every_builtin_environment_is_checked():
    assert {"mock", "skyassist", "taubench-retail"} <= set(ENVS)


@pytest.mark.parametrize("env", ENVS)
def test_generic_domain_contract(env):
    d = get_domain(env)
    assert d.name == env and d.system_prompt.strip() and len(d.system_prompt_hash) == 16
    names = d.tool_names
    assert len(set(names)) == len(names) >= 2
    for schema in d.tool_schemas:
        assert schema["type"] == "function" and schema["function"]["description"]
        params = schema["function"]["parameters"]
        assert params["type"] == "object"
        jsonschema.Draft202012Validator.check_schema(params)
    assert set(d.read_only_tools) | set(d.mutation_tools) == set(names)
    assert not set(d.read_only_tools) & set(d.mutation_tools) and d.mutation_tools
    ids = [p.id for p in d.policies]
    assert len(set(ids)) == len(ids) and all(p.severity in SEVERITY_NAMES and p.text for p in d.policies)
    assert set(d.fault_details) == set(d.fault_names)
    assert all(det["policy"] in ids and det["depth"] and det["trigger"] for det in d.fault_details.values())
    assert d.fault_profiles["none"] == [] and sorted(d.fault_profiles["all"]) == sorted(d.fault_names)
    assert set(d.fault_profiles["demo"]) <= set(d.fault_names)
    assert d.families and not set(d.train_seeds) & set(d.heldout_seeds)
    assert set(d.private_strings({})) >= set(names)


@pytest.mark.parametrize("env", ENVS)
def test_generic_scenarios_are_deterministic_and_public(env):
    d = get_domain(env)
    for family in d.families:
        for seed in (d.train_seeds[3], d.heldout_seeds[3]):
            a, b = d.scenario(family, seed), d.scenario(family, seed)
            assert a == b and json.loads(json.dumps(a)) == a
            assert a["family"] == family and a["seed"] == seed
            text = d.scenario_text(a)
            assert isinstance(text, str) and text.strip()
            assert not any(name in text for name in d.tool_names)
    assert d.sample_scenario(7) == d.sample_scenario(7)


@pytest.mark.parametrize("env", ENVS)
def test_generic_tools_refuse_bad_calls_without_raising(env):
    d = get_domain(env)
    scenario = d.scenario(d.families[0], d.heldout_seeds[0])
    state = d.initial_state(scenario)
    first = next(s["function"]["name"] for s in d.tool_schemas if s["function"]["parameters"].get("required"))
    bad = [("no_such_tool", "{}"), (first, "{not json"), (first, "[1, 2]"), (first, None)]
    bad += [(s["function"]["name"], "{}") for s in d.tool_schemas if s["function"]["parameters"].get("required")]
    bad += [(name, {"unexpected_field": 1}) for name in d.tool_names]
    for name, args in bad:
        r = d.execute_tool(state, name, args)
        # the contract: a refusal, never an exception; the target reads content (in the environment's own
        # format), the core reads the structured error (plain text, never empty)
        assert isinstance(r, ToolResult) and not r.ok, (name, args)
        assert isinstance(r.content, str) and r.content.strip(), (name, args)
        assert isinstance(r.error, str) and r.error.strip() and not r.error.lower().startswith("error:"), (name, args)
        assert r.error == error_message(r.content), (name, args)  # what the target read says the same
    assert d.initial_state(scenario).__class__ is state.__class__


@pytest.mark.parametrize("env", ENVS)
def test_generic_compliant_reference_target_scores_clean(env):
    """Every static script on held-out seeds: the fault-free reference target breaks no policy."""
    d = get_domain(env)
    for script in load_suite(d):
        family = script.family or d.families[0]
        for seed in d.heldout_seeds[:3]:
            trace = play_script(d, d.scenario(family, seed), d.make_target("reference", []), script)
            assert trace.violations == [], (script.name, seed, trace.violations)


@pytest.mark.parametrize("env", ENVS)
def test_generic_each_fault_fires_on_its_oracle_script(env):
    """The answer-key script of each faulty policy exposes it under the ``all`` profile, never
    without faults. (SkyAssist's ``no_pax_limit_on_hold`` alone does not expose O1 on its oracle
    script, so the single-fault check is the mock's own test below.)"""
    d = get_domain(env)
    oracle = {s.headers["policy"]: s for s in load_suite(d, "oracle_scripts")}
    for fault in d.fault_names:
        policy = d.fault_details[fault]["policy"]
        script = oracle[policy]
        family = script.family if script.family in d.families else d.families[0]
        hits = set()
        for seed in d.heldout_seeds[:5]:
            scenario = d.scenario(family, seed)
            faulty = play_script(d, scenario, d.make_target("reference", d.fault_profiles["all"]), script)
            hits |= {v.policy for v in faulty.violations}
            clean = play_script(d, scenario, d.make_target("reference", []), script)
            assert policy not in {v.policy for v in clean.violations}, (fault, seed)
        assert policy in hits, fault


@pytest.mark.parametrize("env", ENVS)
def test_generic_rescoring_uses_messages_alone(env):
    """Re-scoring a stored trace (JSON round trip, tool outputs tampered) gives the same violations."""
    d = get_domain(env)
    script = load_suite(d)[0]
    scenario = d.scenario(script.family or d.families[0], d.heldout_seeds[1])
    trace = play_script(d, scenario, d.make_target("reference", d.fault_profiles["all"]), script)
    stored = Trace.from_json(json.loads(json.dumps(trace.to_json())))
    assert d.verify(stored.messages, stored.scenario) == trace.violations
    tampered = copy.deepcopy(stored.messages)
    for m in tampered:
        if m.get("role") == "tool":
            m["content"] = json.dumps({"status": "ok", "note": "made up"})
    assert d.verify(tampered, stored.scenario) == trace.violations


@pytest.mark.parametrize("env", ENVS)
def test_generic_malformed_messages_do_not_crash_the_verifier(env):
    d = get_domain(env)
    junk = [say("hello"), "not a message", {"role": "tool"}, user("hi"),
            {"role": "assistant", "content": None, "tool_calls": "nonsense"},
            {"role": "assistant", "content": None, "tool_calls": [{"function": {"name": 7, "arguments": 3}}]},
            {"role": "assistant", "content": None, "tool_calls": [{"function": {"name": d.tool_names[-1], "arguments": "{bad"}}]},
            {"role": "assistant", "content": ["a", "list"]}, say("ok")]
    out = d.verify(junk, {})
    assert out == sorted(out) and len({(v.policy, v.message_index) for v in out}) == len(out)


@pytest.mark.parametrize("env", ENVS)
def test_generic_progress_events_are_declared_states(env):
    d = get_domain(env)
    script = load_suite(d)[0]
    trace = play_script(d, d.scenario(script.family or d.families[0], 5), d.make_target("reference", []), script)
    starts = [i for i, m in enumerate(trace.messages) if m["role"] == "user"] + [len(trace.messages)]
    seen = set()
    for a, b in zip(starts, starts[1:]):
        seen |= d.progress_events(trace.messages[a:b])
    assert seen and seen <= set(d.progress_states)


@pytest.mark.parametrize("env", ENVS)
def test_generic_successful_calls_carry_no_error(env):
    """A compliant script's tool calls: every successful result has ``error`` None, every failed one
    a plain-text error."""
    d = get_domain(env)
    script = load_suite(d)[0]
    scenario = d.scenario(script.family or d.families[0], d.heldout_seeds[2])
    trace = play_script(d, scenario, d.make_target("reference", []), script)
    state = d.initial_state(scenario)
    results = [d.execute_tool(state, tc["function"]["name"], tc["function"]["arguments"])
               for m in trace.messages if m.get("role") == "assistant" for tc in m.get("tool_calls") or []]
    assert results and any(r.ok for r in results), env
    for r in results:
        assert (r.error is None) if r.ok else (isinstance(r.error, str) and r.error.strip())


def test_tool_result_error_field():
    assert ToolResult('{"error": "unknown flight id"}', ok=False).error == "unknown flight id"
    assert ToolResult("Error: order not found", ok=False).error == "order not found"
    assert ToolResult("", ok=False).error == "tool call failed"
    assert ToolResult('{"ok": 1}', ok=True).error is None
    assert ToolResult.failure("no such user", content="Error: no such user").error == "no such user"
    with pytest.raises(ValueError, match="carries no error"):
        ToolResult("{}", ok=True, error="boom")
