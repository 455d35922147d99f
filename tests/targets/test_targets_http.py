"""Model targets over HTTP: the real openai client against a scripted loopback server.

Text replies, single and parallel tool calls, malformed arguments, unknown tools, 5xx then
success, timeouts, connection errors, the tool-loop limit and empty replies: the trace records
what happened and the verifiers score it. Record then replay reproduces the trace; a changed
request misses with its hash. The HTTP auditor generates texts from the same server.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from openai_stub_server import StubServer, delay, http_error, raw, text, tool_calls
from typer.testing import CliRunner

from probe.auditor.http import OpenAIAuditor
from probe.cli.main import app
from probe.core.episode import Episode
from probe.targets import make_target
from probe.targets.replay import ReplayMiss, ReplayTarget
from probe.targets.tool_loop import tool_schema_hash

FAST = {"model": "stub-model", "backoff_s": 0.01, "timeout_s": 5.0}


@pytest.fixture(scope="module")
def scenario(domain):
    return domain.scenario("one_way", 1000003)


@pytest.fixture
def stub():
    with StubServer() as server:
        yield server


def search_args(s):
    return {"origin": s["origin"], "destination": s["destination"], "date": s["date"]}


def play(domain, scenario, target, *user_messages):
    ep = Episode(domain, scenario, target, "ep-http")
    for m in user_messages:
        ep.user_turn(m)
    return ep.to_trace()


def policies_at(trace, policy):
    return [v.message_index for v in trace.violations if v.policy == policy]


# --- the wire format and the trace ---------------------------------------------------------------

def test_text_reply_and_what_the_trace_records(domain, scenario, stub):
    stub.push(text("Hello! Where would you like to fly?"))
    target = make_target(domain, "openai", base_url=stub.url, **FAST)
    trace = play(domain, scenario, target, "hi")
    assert trace.messages == [{"role": "user", "content": "hi"},
                              {"role": "assistant", "content": "Hello! Where would you like to fly?"}]
    assert trace.meta["turn_failures"] == [] and trace.violations == []
    assert trace.target["kind"] == "openai" and trace.target["model"] == "stub-model"
    assert trace.target["system_prompt_hash"] == domain.system_prompt_hash
    assert trace.target["tool_schema_hash"] == tool_schema_hash(domain.tool_schemas)
    assert trace.target["base_url"] == stub.url
    request = stub.requests[0]
    assert request["model"] == "stub-model" and request["temperature"] == 0.0 and request["max_tokens"] == 512
    assert request["messages"][0] == {"role": "system", "content": domain.system_prompt}
    assert request["messages"][1:] == [{"role": "user", "content": "hi"}]
    assert request["tools"] == domain.tool_schemas and request["tool_choice"] == "auto"


def test_single_tool_call_then_text(domain, scenario, stub):
    stub.push(tool_calls(("search_flights", search_args(scenario))),
              text("I found several flights; premium cabins too. Would you like a return flight as well?"))
    trace = play(domain, scenario, make_target(domain, "openai", base_url=stub.url, **FAST), "flights please")
    roles = [m["role"] for m in trace.messages]
    assert roles == ["user", "assistant", "tool", "assistant"]
    call = trace.messages[1]["tool_calls"][0]
    assert call["function"]["name"] == "search_flights" and call["id"] == trace.messages[2]["tool_call_id"]
    assert json.loads(trace.messages[2]["content"])["flights"]
    # the second request carries the assistant call and the tool result back to the model
    second = stub.requests[1]["messages"]
    assert second[-2]["tool_calls"][0]["id"] == call["id"] and second[-1]["role"] == "tool"
    assert "S2" not in {v.policy for v in trace.violations}


def test_parallel_tool_calls_in_one_message(domain, scenario, stub):
    flight = scenario["flight_id"]
    stub.push(tool_calls(("search_flights", search_args(scenario)), ("get_flight_details", {"flight_id": flight}),
                         content="Let me check."),
              text("Done."))
    trace = play(domain, scenario, make_target(domain, "openai", base_url=stub.url, **FAST), "search and details")
    assistant = trace.messages[1]
    assert assistant["content"] == "Let me check." and len(assistant["tool_calls"]) == 2
    assert [m["role"] for m in trace.messages[2:4]] == ["tool", "tool"]
    assert [m["tool_call_id"] for m in trace.messages[2:4]] == [c["id"] for c in assistant["tool_calls"]]
    assert all("error" not in json.loads(m["content"]) for m in trace.messages[2:4])


def test_malformed_arguments_go_back_as_tool_error_and_S2_fires(domain, scenario, stub):
    bad = '{"origin": "ORD", "destination": '
    stub.push(tool_calls(("search_flights", bad)), text("Sorry, something went wrong with the search."))
    trace = play(domain, scenario, make_target(domain, "openai", base_url=stub.url, **FAST), "flights?")
    assert trace.messages[1]["tool_calls"][0]["function"]["arguments"] == bad  # kept byte for byte
    assert "malformed JSON" in json.loads(trace.messages[2]["content"])["error"]
    assert stub.requests[1]["messages"][-1]["content"] == trace.messages[2]["content"]  # the model saw it
    assert policies_at(trace, "S2") == [1]
    rescored = domain.verify(trace.messages, trace.scenario)
    assert [v.to_json() for v in rescored] == [v.to_json() for v in trace.violations]


def test_unknown_tool_goes_back_as_tool_error_and_S2_fires(domain, scenario, stub):
    stub.push(tool_calls(("teleport_passenger", {"to": "LIS"})), text("I could not do that, sorry."))
    trace = play(domain, scenario, make_target(domain, "openai", base_url=stub.url, **FAST), "teleport me")
    assert "unknown tool" in json.loads(trace.messages[2]["content"])["error"]
    assert policies_at(trace, "S2") == [1]


def test_schema_invalid_call_is_a_tool_error_and_S2(domain, scenario, stub):
    stub.push(tool_calls(("search_flights", {"origin": "ORD"})), text("Which destination and date?"))
    trace = play(domain, scenario, make_target(domain, "openai", base_url=stub.url, **FAST), "from Chicago")
    assert "error" in json.loads(trace.messages[2]["content"])
    assert policies_at(trace, "S2") == [1]


# --- faults of the endpoint ----------------------------------------------------------------------

def test_500_then_success_is_retried_and_the_trace_is_normal(domain, scenario, stub):
    stub.push(http_error(500), http_error(503), text("Hello again."))
    trace = play(domain, scenario, make_target(domain, "openai", base_url=stub.url, **FAST), "hi")
    assert len(stub.requests) == 3
    assert trace.messages[-1] == {"role": "assistant", "content": "Hello again."}
    assert trace.meta["turn_failures"] == [] and trace.meta["errors"] == []


def test_5xx_past_the_retries_is_a_failed_turn_and_the_run_continues(domain, scenario, stub):
    stub.push(*[http_error(500)] * 3, text("Back online."))
    target = make_target(domain, "openai", base_url=stub.url, max_retries=2, **FAST)
    trace = play(domain, scenario, target, "hi", "hello?")
    [failure] = trace.meta["turn_failures"]
    assert failure["turn"] == 0 and failure["kind"] == "target_error"
    assert "HTTP 500" in failure["detail"] and "3 attempt(s)" in failure["detail"]
    assert trace.messages[1] == {"role": "assistant", "content": ""}
    assert trace.messages[-1] == {"role": "assistant", "content": "Back online."}


def test_timeout_is_retried_then_recorded_and_the_run_continues(domain, scenario, stub):
    stub.push(delay(1.0), delay(1.0), text("Sorry for the wait."))
    target = make_target(domain, "openai", base_url=stub.url, model="stub-model", timeout_s=0.2, max_retries=1,
                         backoff_s=0.01)
    start = time.monotonic()
    trace = play(domain, scenario, target, "hi", "still there?")
    assert time.monotonic() - start < 5
    [failure] = trace.meta["turn_failures"]
    assert failure["kind"] == "timeout" and failure["turn"] == 0 and "timed out" in failure["detail"]
    assert trace.messages[1]["content"] == "" and trace.messages[-1]["content"] == "Sorry for the wait."
    assert isinstance(trace.violations, list)  # scored without error


def test_4xx_is_not_retried(domain, scenario, stub):
    stub.push(http_error(400, "bad request: context too long"), text("never sent"))
    trace = play(domain, scenario, make_target(domain, "openai", base_url=stub.url, **FAST), "hi")
    assert len(stub.requests) == 1
    [failure] = trace.meta["turn_failures"]
    assert failure["kind"] == "target_error" and "HTTP 400" in failure["detail"] and "not retried" in failure["detail"]


def test_connection_refused_and_unreadable_reply_are_failed_turns(domain, scenario, stub):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    target = make_target(domain, "openai", base_url=f"http://127.0.0.1:{port}/v1", max_retries=1, **FAST)
    trace = play(domain, scenario, target, "hi")
    assert [f["kind"] for f in trace.meta["turn_failures"]] == ["target_error"]
    assert "connection error" in trace.meta["turn_failures"][0]["detail"]
    stub.push(raw({"choices": []}))
    trace = play(domain, scenario, make_target(domain, "openai", base_url=stub.url, **FAST), "hi")
    assert trace.meta["turn_failures"][0]["kind"] == "target_error"


def test_endless_tool_calls_are_cut_at_the_limit(domain, scenario):
    args = search_args(scenario)
    with StubServer(handler=lambda body, n: tool_calls(("search_flights", args))) as server:
        target = make_target(domain, "openai", base_url=server.url, max_tool_calls_per_turn=3, **FAST)
        trace = play(domain, scenario, target, "search forever")
        assert len(server.requests) == 4  # 3 executed calls, the 4th request is refused
    assert sum(m["role"] == "tool" for m in trace.messages) == 3
    [failure] = trace.meta["turn_failures"]
    assert failure["kind"] == "tool_loop_limit" and "limit 3" in failure["detail"]
    assert trace.messages[-1] == {"role": "assistant", "content": ""}
    assert trace.target["max_tool_calls_per_turn"] == 3


def test_empty_reply_is_recorded(domain, scenario, stub):
    stub.push(text(""), text(None))
    trace = play(domain, scenario, make_target(domain, "openai", base_url=stub.url, **FAST), "hi", "hello?")
    assert [f["kind"] for f in trace.meta["turn_failures"]] == ["empty_reply", "empty_reply"]
    assert [f["turn"] for f in trace.meta["turn_failures"]] == [0, 1]
    assert trace.messages[1] == {"role": "assistant", "content": ""}


def test_qwen3_think_block_is_not_said_to_the_customer(domain, scenario, stub):
    stub.push(text("<think>The user greets me.</think>\n\nHello!"))
    trace = play(domain, scenario, make_target(domain, "openai", base_url=stub.url, **FAST), "hi")
    assert trace.messages[-1]["content"] == "Hello!"


# --- concurrency ---------------------------------------------------------------------------------

class InFlight:
    """A server handler that counts requests in flight."""

    def __init__(self, seconds: float):
        self.seconds, self.now, self.peak = seconds, 0, 0
        self.lock = threading.Lock()

    def __call__(self, body, n):
        with self.lock:
            self.now += 1
            self.peak = max(self.peak, self.now)
        time.sleep(self.seconds)
        with self.lock:
            self.now -= 1
        return text(f"answer {n}")


def test_respond_from_many_threads_overlaps_up_to_max_concurrency(domain, scenario):
    counter = InFlight(0.15)
    with StubServer(handler=counter) as server:
        target = make_target(domain, "openai", base_url=server.url, max_concurrency=3, **FAST)
        with ThreadPoolExecutor(8) as pool:
            traces = list(pool.map(lambda i: play(domain, scenario, target.fork(), f"hello {i}"), range(8)))
    assert all(t.messages[-1]["content"].startswith("answer") for t in traces)
    assert counter.peak == 3


def test_async_episodes_overlap(domain, scenario):
    counter = InFlight(0.15)
    with StubServer(handler=counter) as server:
        target = make_target(domain, "openai", base_url=server.url, **FAST)

        async def one(i):
            ep = Episode(domain, scenario, target, f"ep-{i}")
            await ep.auser_turn(f"hello {i}")
            return ep.to_trace()

        async def main():
            return await asyncio.gather(*(one(i) for i in range(6)))

        traces = asyncio.run(main())
    assert counter.peak == 6 and all(t.meta["turn_failures"] == [] for t in traces)


# --- record and replay ---------------------------------------------------------------------------

SCRIPTED = ["I need a flight", "yes, search it", "thanks"]


def scripted_server(scenario):
    server = StubServer()
    server.push(text("Where from and to, and when?"),
                tool_calls(("search_flights", search_args(scenario)), ("search_flights", '{"origin": oops')),
                text("Found flights; one search failed."),
                http_error(500), text("You're welcome."))
    return server


def test_record_then_replay_gives_identical_traces(domain, scenario, tmp_path):
    recording = tmp_path / "rec.jsonl"
    with scripted_server(scenario) as server:
        live = make_target(domain, "openai", base_url=server.url, record=str(recording), **FAST)
        recorded = play(domain, scenario, live, *SCRIPTED)
    lines = [json.loads(x) for x in recording.read_text().splitlines()]
    assert len(lines) == 4 and all(len(x["request_hash"]) == 64 for x in lines)
    assert lines[0]["request"]["model"] == "stub-model" and lines[0]["request"]["tools"] == domain.tool_schemas
    replayed = play(domain, scenario, make_target(domain, "replay", recording_path=str(recording)), *SCRIPTED)
    assert replayed.messages == recorded.messages
    assert [v.to_json() for v in replayed.violations] == [v.to_json() for v in recorded.violations]
    assert replayed.meta["turn_failures"] == recorded.meta["turn_failures"] == []
    assert replayed.target["kind"] == "replay" and replayed.target["model"] == "stub-model"
    assert replayed.target["tool_schema_hash"] == recorded.target["tool_schema_hash"]
    assert recorded.target["recording"] == str(recording)


def test_recorded_failures_replay_as_failed_turns(domain, scenario, tmp_path):
    recording = tmp_path / "rec.jsonl"
    with StubServer() as server:
        server.push(*[http_error(502)] * 2, text("ok"))
        live = make_target(domain, "openai", base_url=server.url, max_retries=1, record=str(recording), **FAST)
        recorded = play(domain, scenario, live, "hi", "again")
    replayed = play(domain, scenario, ReplayTarget(domain, recording), "hi", "again")
    assert replayed.messages == recorded.messages
    assert replayed.meta["turn_failures"] == recorded.meta["turn_failures"]
    assert recorded.meta["turn_failures"][0]["kind"] == "target_error"


def test_changed_request_misses_with_its_hash(domain, scenario, tmp_path):
    recording = tmp_path / "rec.jsonl"
    with scripted_server(scenario) as server:
        play(domain, scenario, make_target(domain, "openai", base_url=server.url, record=str(recording), **FAST),
             *SCRIPTED)
    target = make_target(domain, "replay", recording_path=str(recording))
    trace = play(domain, scenario, target, "I need a train")
    [failure] = trace.meta["turn_failures"]
    expected = target.make_request([{"role": "user", "content": "I need a train"}]).hash
    assert failure["kind"] == "replay_miss"
    assert failure["detail"] == f"replay miss: no recorded response for request {expected} in {recording}"
    with pytest.raises(ReplayMiss, match=expected) as info:
        target.completer.complete(target.make_request([{"role": "user", "content": "I need a train"}]))
    assert "\n" not in str(info.value) and info.value.request_hash == expected
    # a different sampling setting is a different request too
    hot = make_target(domain, "replay", recording_path=str(recording), temperature=0.7)
    assert play(domain, scenario, hot, SCRIPTED[0]).meta["turn_failures"][0]["kind"] == "replay_miss"


def test_replay_with_inner_target_records_misses(domain, scenario, tmp_path):
    recording = tmp_path / "rec.jsonl"
    recording.write_text("")
    with StubServer() as server:
        server.push(text("live answer"))
        inner = make_target(domain, "openai", base_url=server.url, **FAST)
        first = play(domain, scenario, ReplayTarget(domain, recording, inner=inner), "hi")
    second = play(domain, scenario, ReplayTarget(domain, recording), "hi")
    assert first.messages == second.messages and second.messages[-1]["content"] == "live answer"


# --- configuration errors ------------------------------------------------------------------------

@pytest.mark.parametrize("kind,options,message", [
    ("gpt9", {}, "unknown target 'gpt9'; allowed: hf, openai, reference, replay"),
    ("openai", {"model": "m", "temprature": 1}, "unknown openai target option 'temprature'; allowed: base_url"),
    ("openai", {}, "openai target option 'model' is required"),
    ("openai", {"model": "m", "max_retries": -1}, "bad openai target option max_retries=-1"),
    ("replay", {}, "the replay target needs recording_path"),
    ("replay", {"recording_path": "/nonexistent.jsonl"}, "recording file not found: /nonexistent.jsonl"),
])
def test_bad_target_options_are_one_line(domain, kind, options, message):
    with pytest.raises(ValueError) as info:
        make_target(domain, kind, **options)
    assert str(info.value).startswith(message) and "\n" not in str(info.value)


def test_faults_and_record_only_where_they_apply(domain):
    with pytest.raises(ValueError, match="faults apply only to the reference target"):
        make_target(domain, "openai", ["leak_fare_code"], model="m")
    with pytest.raises(ValueError, match="--record needs a model target"):
        make_target(domain, "reference", [], record="x.jsonl")
    assert make_target(domain, "reference", ["leak_fare_code"]).kind == "reference"


def test_api_key_from_env_or_EMPTY(monkeypatch):
    from probe.targets.openai_target import OpenAITargetConfig
    monkeypatch.delenv("MY_KEY", raising=False)
    assert OpenAITargetConfig(model="m", api_key_env="MY_KEY").api_key == "EMPTY"
    monkeypatch.setenv("MY_KEY", "sk-test")
    assert OpenAITargetConfig(model="m", api_key_env="MY_KEY").api_key == "sk-test"


# --- the HTTP auditor ----------------------------------------------------------------------------

def test_http_auditor_generates_concurrently_with_retries():
    def handler(body, n):
        last = body["messages"][-1]["content"]
        if last == "flaky" and n < 2:
            return http_error(500)
        return text(f"<think>hmm</think>customer says: {last} ({body['messages'][0]['role']})")

    with StubServer(handler=handler) as server:
        auditor = OpenAIAuditor(base_url=server.url, model="big-auditor", system_prompt="You are a customer.",
                                backoff_s=0.01, timeout_s=5)
        texts = auditor.generate(["flaky", "book me a flight", [{"role": "user", "content": "from a list"}]])
        assert texts == ["customer says: flaky (system)", "customer says: book me a flight (system)",
                         "customer says: from a list (system)"]
        assert auditor.failures == []
        assert all(r["model"] == "big-auditor" and r["temperature"] == 0.7 for r in server.requests)
        assert asyncio.run(auditor.agenerate(["async"])) == ["customer says: async (system)"]


def test_http_auditor_failure_yields_empty_text():
    with StubServer(handler=lambda body, n: http_error(500)) as server:
        auditor = OpenAIAuditor(base_url=server.url, model="m", max_retries=1, backoff_s=0.01)
        assert auditor.generate(["a", "b"]) == ["", ""]
        assert [f["index"] for f in auditor.failures] == [0, 1]
        assert all(f["kind"] == "target_error" for f in auditor.failures)


# --- probe play ----------------------------------------------------------------------------------

def test_cli_play_openai_record_and_replay(domain, scenario, tmp_path):
    runner = CliRunner()
    script = tmp_path / "s.txt"
    script.write_text("I need a flight\nthanks\n")
    recording = tmp_path / "rec.jsonl"
    common = ["play", "--family", "one_way", "--seed", "1000003", "--script", str(script), "--json"]
    with StubServer() as server:
        server.push(tool_calls(("search_flights", search_args(scenario))), text("Found some."), text("Bye."))
        r = runner.invoke(app, common + ["--target", "openai", "--base-url", server.url, "--model", "stub-model",
                                         "--api-key-env", "PROBE_TEST_KEY", "--record", str(recording),
                                         "--out", str(tmp_path / "live.jsonl")])
        assert r.exit_code == 0, r.output
    r2 = runner.invoke(app, common + ["--replay", str(recording), "--out", str(tmp_path / "replay.jsonl")])
    assert r2.exit_code == 0, r2.output
    assert json.loads(r.stdout)["violations"] == json.loads(r2.stdout)["violations"]
    live = json.loads((tmp_path / "live.jsonl").read_text())
    replayed = json.loads((tmp_path / "replay.jsonl").read_text())
    assert live["messages"] == replayed["messages"] and live["target"]["model"] == "stub-model"
    # a changed request: the script differs -> a miss, reported on one line, exit 1
    script.write_text("I need a train\n")
    r3 = runner.invoke(app, common + ["--replay", str(recording)])
    assert r3.exit_code == 1
    assert "error: 1 request(s) not in the recording; first: replay miss: no recorded response for request" in r3.stderr


@pytest.mark.parametrize("args,message", [
    (["--target", "openai"], "error: --target openai needs --model"),
    (["--target", "openai", "--model", "m", "--faults", "demo"], "error: faults apply only to the reference target"),
    (["--model", "m"], "error: --model and --temperature apply to model targets"),
    (["--replay", "nope.jsonl"], "error: recording file not found: nope.jsonl"),
    (["--record", "x.jsonl"], "error: --record needs a model target"),
])
def test_cli_play_target_errors_are_one_line(args, message):
    r = CliRunner().invoke(app, ["play", "--family", "one_way", "--script", "envs/skyassist/scripts/one_way.txt"] + args)
    assert r.exit_code == 2 and r.stderr.startswith(message) and r.stderr.count("\n") == 1, r.stderr


def test_the_gymnasium_game_can_audit_an_http_target(stub):
    import gymnasium

    import probe.core.game  # noqa: F401  (registers the env)

    env = gymnasium.make("probe/SkyAssist-v0", target="openai", target_options={"base_url": stub.url, **FAST})
    obs, _ = env.reset(seed=3)
    stub.push(tool_calls(("search_flights", '{"destination": "LIS"}')), text("Where are you flying from?"))
    obs, _, _, _, info = env.step("I want to go to Lisbon.")
    assert "Where are you flying from?" in obs["dialogue"] and "search_flights" not in obs["dialogue"]
    assert info["trace"].target["kind"] == "openai"
    assert "S2" in {v.policy for v in info["violations"]}  # the origin-less search, scored by the verifiers
    with pytest.raises(ValueError, match="unknown target 'gpt9'"):
        gymnasium.make("probe/SkyAssist-v0", target="gpt9")
