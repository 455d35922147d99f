"""The verifier toolkit (probe.verify): registry, replay, turn splitting, and re-scoring stability."""

from __future__ import annotations

import copy
import gzip
import json
from pathlib import Path

import pytest

from probe.core.policy import Violation
from probe.core.registry import get_domain
from probe.verify import (
    Replayer,
    TraceView,
    VerifierRegistry,
    build_view,
    declare,
    registry_of,
    run_verifiers,
    split_turns,
    verifier,
)

DATA = Path(__file__).resolve().parents[1] / "data"
ENVS = ("skyassist", "mock", "taubench-retail")


def _reference(env: str) -> list[dict]:
    with gzip.open(DATA / f"rescore_reference_{env}.jsonl.gz", "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


@pytest.mark.parametrize("env", ENVS)
def test_rescoring_recorded_traces_gives_the_recorded_violations(env):
    """200 played traces per env (all faults / none, half perturbed), scored before the toolkit existed."""
    domain = get_domain(env)
    rows = _reference(env)
    assert len(rows) == 200 and sum(len(r["violations"]) for r in rows) > 50
    for _ in range(2):  # a second pass reads the replay caches: same answer
        for k, row in enumerate(rows):
            got = [[v.policy, v.message_index, v.evidence] for v in domain.verify(row["messages"], row["scenario"])]
            assert got == row["violations"], (env, k, row["script"])


@pytest.mark.parametrize("env", ENVS)
def test_run_verifiers_is_the_domain_verify(env):
    domain = get_domain(env)
    for row in _reference(env)[:40]:
        assert run_verifiers(domain, row["messages"], row["scenario"]) == domain.verify(row["messages"], row["scenario"])


@pytest.mark.parametrize("env", ENVS)
def test_every_policy_has_one_documented_verifier_with_its_severity(env):
    domain = get_domain(env)
    reg = registry_of(domain)
    assert list(reg.verifiers) == [p.id for p in domain.policies] or sorted(reg.verifiers) == sorted(p.id for p in domain.policies)
    for p in domain.policies:
        v = reg.verifiers[p.id]
        assert v.definition.strip()
        assert v.severity == p.severity, p.id


def test_decorator_registers_by_module_and_refuses_mistakes():
    reg = declare(__name__, VerifierRegistry("toy"))

    @verifier("T1", severity=2.0)
    def check_t1(view):
        """T1 fires on every assistant text that says 'secret'."""
        return [Violation(t.index, "T1", "said it") for t in view.texts if "secret" in t.text]

    assert reg.checks == {"T1": check_t1}
    assert reg.verifiers["T1"].definition.startswith("T1 fires")
    with pytest.raises(ValueError, match="already has a verifier"):
        verifier("T1")(lambda view: [])
    with pytest.raises(TypeError, match="docstring"):
        @reg.verifier("T2")
        def check_t2(view):
            return []

    class Toy:
        name = "toy"

        def initial_state(self, scenario):
            return {"n": 0}

        def execute_tool(self, state, name, raw):
            raise AssertionError("no calls in this trace")

    toy = Toy()
    msgs = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "a secret"},
            {"role": "user", "content": "and?"}, {"role": "assistant", "content": "the secret again"}]
    assert [(v.policy, v.message_index) for v in reg.run(toy, msgs, {})] == [("T1", 1), ("T1", 3)]
    with pytest.raises(KeyError, match="allowed: T1"):
        reg.run(toy, msgs, {}, policies=["T9"])


def test_module_without_registry_is_refused():
    def check(view):
        """Nothing."""
        return []
    check.__module__ = "nowhere.verifiers"
    with pytest.raises(LookupError, match="declared no VerifierRegistry"):
        verifier("X1")(check)


class Counter:
    """A tiny environment: one tool adds to a counter and returns the new total."""

    def __init__(self):
        self.executed = 0

    def initial_state(self, scenario):
        return {"total": scenario.get("start", 0)}

    def execute_tool(self, state, name, raw):
        from probe.core.domain import ToolResult
        self.executed += 1
        if name != "add":
            return ToolResult(json.dumps({"error": f"unknown tool {name!r}"}), False)
        state["total"] += json.loads(raw)["n"]
        return ToolResult(json.dumps({"total": state["total"]}), True)


def _call(name, **args):
    return {"role": "assistant", "content": None,
            "tool_calls": [{"id": f"c{len(args)}", "type": "function",
                            "function": {"name": name, "arguments": json.dumps(args)}}]}


def _tool(content):
    return {"role": "tool", "tool_call_id": "c1", "content": content}


def test_replay_ignores_tampered_tool_outputs_and_starts_from_the_scenario():
    env = Counter()
    rep = Replayer.for_domain(env)
    msgs = [{"role": "user", "content": "add 2 then 3"}, _call("add", n=2), _tool('{"total": 999}'),
            _call("add", n=3), _tool("garbage"), {"role": "assistant", "content": "done"}]
    view = build_view(env, msgs, {"start": 10}, rep)
    assert [c.output for c in view.calls] == [{"total": 12}, {"total": 15}]
    tampered = copy.deepcopy(msgs)
    tampered[2]["content"] = tampered[4]["content"] = '{"total": 0}'
    again = build_view(env, tampered, {"start": 10}, rep)
    assert [c.content for c in again.calls] == [c.content for c in view.calls]
    other = build_view(env, msgs, {"start": 0}, rep)  # another scenario: its own initial state
    assert [c.output for c in other.calls] == [{"total": 2}, {"total": 5}]


def test_incremental_replay_reuses_a_prefix_and_rebuilds_the_state_for_new_calls():
    env = Counter()
    rep = Replayer.for_domain(env)
    base = [{"role": "user", "content": "go"}, _call("add", n=1), _call("add", n=2)]
    build_view(env, base, {}, rep)
    assert env.executed == 2
    view = build_view(env, base + [_call("add", n=4)], {}, rep)  # a fork that extends the prefix
    assert [c.output["total"] for c in view.calls] == [1, 3, 7]
    assert env.executed == 2 + 3  # the new call needed the real state: the prefix ran again, then it
    build_view(env, base + [_call("add", n=4)], {}, rep)
    assert env.executed == 5  # fully cached now
    branch = build_view(env, base[:2] + [_call("add", n=100)], {}, rep)
    assert [c.output["total"] for c in branch.calls] == [1, 101]


def test_tiny_cache_stays_correct():
    env = Counter()
    rep = Replayer.for_domain(env, max_cached=2)
    msgs = [{"role": "user", "content": "go"}] + [_call("add", n=k) for k in range(1, 6)]
    for _ in range(3):
        view = build_view(env, msgs, {"start": 1}, rep)
        assert [c.output["total"] for c in view.calls] == [2, 4, 7, 11, 16]


def test_turn_splitting_matches_the_view():
    msgs = [{"role": "system", "content": "sys"},
            {"role": "assistant", "content": "Hello, how can I help?"},
            {"role": "user", "content": "a"},
            _call("add", n=1), _tool('{"total": 1}'),
            {"role": "assistant", "content": "one"},
            "junk",
            {"role": "user", "content": ["not", "text"]},
            {"role": "assistant", "content": "  "},
            {"role": "user", "content": "c"}]
    env = Counter()
    view = build_view(env, msgs, {}, Replayer.for_domain(env))
    assert [(t.user_index, t.user_text, t.prev_text) for t in view.turns] == [
        (-1, "", ""), (2, "a", "Hello, how can I help?"), (7, "", "one"), (9, "c", "one")]
    assert [t.final_index for t in view.turns] == [1, 5, None, None]
    assert view.turns[2].reply_index == 8 and view.turns[1].reply_index == 5
    assert [c.turn for c in view.calls] == [1]
    assert [u for u, _ in split_turns(msgs)] == [t.user_index for t in view.turns]
    assert split_turns(msgs)[1][1] == [2, 3, 4, 5]
    assert [u for u, _ in split_turns(msgs[2:])] == [0, 5, 7]  # no leading turn without assistant output


def test_nameless_calls_are_kept_or_skipped_as_the_view_asks():
    msgs = [{"role": "user", "content": "x"},
            {"role": "assistant", "content": None, "tool_calls": [{"function": {"name": 3, "arguments": "{}"}}]}]
    env = Counter()
    assert [c.name for c in build_view(env, msgs, {}, Replayer.for_domain(env)).calls] == [""]

    class Skipping(TraceView):
        skip_nameless = True
    assert build_view(env, msgs, {}, Replayer.for_domain(env), Skipping).calls == []



def _views_alike(a, b):
    """Everything a check reads: turns, texts, calls with replayed results, and the env's fields."""
    def calls(v):
        return [(c.index, c.turn, c.name, c.raw, c.args, c.problem, c.ok, c.content) for c in v.calls]

    def rest(v):
        return {k: x for k, x in vars(v).items() if k not in ("domain", "scenario", "messages", "calls")}
    return calls(a) == calls(b) and rest(a) == rest(b) and a.messages == b.messages


def _new_replayer(domain):
    r = registry_of(domain).replayer(domain)
    return Replayer(domain.initial_state, r.execute, r.parse_fn)


def _scored(reg, view):
    return [[v.policy, v.message_index, v.evidence] for v in reg.run_view(view)]


def test_a_stored_view_resumes_for_the_same_trace_or_one_that_grew():
    """Re-scoring (the same trace) and a trace extended by new turns read only what is new, and
    give what a fresh build gives: the same view, the same violations."""
    domain = get_domain("skyassist")
    reg = registry_of(domain)
    assert reg.view.resumable
    rows = [r for r in _reference("skyassist") if len(r["messages"]) >= 6][:40]
    shared = _new_replayer(domain)
    for row in rows:
        msgs, sc = row["messages"], row["scenario"]
        build_view(domain, msgs[:len(msgs) // 2], sc, shared, reg.view)
        before = shared.stats["views_resumed"]
        grown = build_view(domain, msgs, sc, shared, reg.view)  # resumes after the first half
        again = build_view(domain, copy.deepcopy(msgs), sc, shared, reg.view)  # resumes after all of it
        assert shared.stats["views_resumed"] == before + 2
        fresh = build_view(domain, msgs, sc, _new_replayer(domain), reg.view)
        assert _views_alike(grown, fresh) and _views_alike(again, fresh)
        assert _scored(reg, fresh) == row["violations"]
        assert _scored(reg, grown) == _scored(reg, again) == row["violations"]


def test_a_changed_message_is_not_resumed():
    domain = get_domain("skyassist")
    reg = registry_of(domain)
    row = next(r for r in _reference("skyassist") if any(m.get("tool_calls") for m in r["messages"]))
    msgs, sc = row["messages"], row["scenario"]
    rep = _new_replayer(domain)
    build_view(domain, msgs, sc, rep, reg.view)
    k = next(i for i, m in enumerate(msgs) if m.get("tool_calls"))
    changed_call = copy.deepcopy(msgs)
    changed_call[k]["tool_calls"][0]["function"]["arguments"] = "{}"
    changed_text = copy.deepcopy(msgs)
    changed_text[-1] = {"role": "assistant", "content": "Premium seats are available; BK123456 is booked."}
    for changed in (changed_call, changed_text):
        view = build_view(domain, changed, sc, rep, reg.view)
        assert rep.stats["views_resumed"] == 0
        assert _views_alike(view, build_view(domain, changed, sc, _new_replayer(domain), reg.view))
    assert _views_alike(build_view(domain, msgs, sc, rep, reg.view), build_view(domain, msgs, sc, _new_replayer(domain), reg.view))
    assert rep.stats["views_resumed"] == 1


@pytest.mark.parametrize("env", ENVS)
def test_environments_use_the_default_verify(env):
    """Domain.verify runs the registered verifiers; no environment copies that delegation."""
    from probe.core.domain import Domain

    domain = get_domain(env)
    assert type(domain).verify is Domain.verify
    row = _reference(env)[0]
    assert domain.verify(row["messages"], row["scenario"]) == run_verifiers(domain, row["messages"], row["scenario"])


@pytest.mark.parametrize("env", ENVS)
def test_probe_verify_replays_once_and_finds_the_same_differing_results(env):
    """The stored results are compared with the verifiers' view (one replay), exactly as a
    separate replay through Domain.execute_tool compares them; tampered results are found."""
    from probe.verify.rescore import replayed_result_differences, view_result_differences

    domain = get_domain(env)
    reg = registry_of(domain)
    tampered_some = False
    for k, row in enumerate(_reference(env)[:60]):
        msgs = copy.deepcopy(row["messages"])
        tools = [i for i, m in enumerate(msgs) if m.get("role") == "tool"]
        if tools and k % 2:
            msgs[tools[k % len(tools)]]["content"] = '{"tampered": true}'
            tampered_some = True
        view = reg.view_of(domain, msgs, row["scenario"])
        got = view_result_differences(view, msgs)
        assert got == replayed_result_differences(domain, row["scenario"], msgs), (env, k)
        if tools and k % 2:
            assert tools[k % len(tools)] in got
    assert tampered_some


def test_message_keys_tell_apart_what_a_view_reads():
    from probe.verify.view import message_key

    def call(args):
        return {"role": "assistant", "content": None, "tool_calls": [{"id": "x", "function": {"name": "add", "arguments": args}}]}
    assert message_key(call('{"n": 1}')) == message_key(copy.deepcopy(call('{"n": 1}')))
    assert message_key(call('{"n": 1}')) != message_key(call('{"n": 2}'))
    assert message_key(call({"n": 1})) != message_key(call({"n": True}))  # 1 == True, but not to a view
    assert message_key(call({"n": 1})) != message_key(call('{"n": 1}'))
    assert message_key({"role": "tool", "content": "a"}) == message_key({"role": "tool", "content": "b"})  # never read
    assert message_key({"role": "user", "content": "hi"}) != message_key({"role": "assistant", "content": "hi"})
    assert message_key({"role": "assistant", "content": "hi", "tool_calls": []}) == message_key({"role": "assistant", "content": "hi"})
    assert message_key(call({1, 2})) is None or message_key(call({1, 2})) != message_key(call([1, 2]))
