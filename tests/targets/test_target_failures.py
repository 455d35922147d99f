"""A failed target is never a clean result; slow targets are bounded and visible; bad inputs are one line.

Issue 9, items 4 and 11 and the bad inputs of play / suite / eval (items 9 and 10). Targets are
the loopback stub server (tests/openai_stub_server.py) and a closed port.
"""

from __future__ import annotations

import json
import socket

import pytest
from openai_stub_server import StubServer, delay, http_error, text
from typer.testing import CliRunner

from probe.cli.main import app
from probe.core.failures import is_failed, summarize
from probe.core.trace import Trace
from probe.eval.metrics import suite_metrics
from probe.targets import make_target

SCRIPT = "envs/skyassist/scripts/one_way.txt"
PLAY = ["play", "--family", "one_way", "--seed", "1000003"]


def run(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


@pytest.fixture
def closed_url():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


def target(url, *extra):
    return ["--target", "openai", "--base-url", url, "--model", "stub-model", *extra]


def openai(url, *extra):
    return target(url, "--faults", "none", *extra)


def one_error_line(r, code=2):
    lines = r.stderr.strip().splitlines()
    assert r.exit_code == code, (r.exit_code, r.output)
    assert "Traceback" not in r.output
    return [x for x in lines if x.startswith("error:")]


# --- item 4: a failed target is never a clean result ----------------------------------------------

def test_play_json_against_an_unreachable_target_reports_the_failures_and_exits_1(closed_url, tmp_path):
    out = tmp_path / "t.jsonl"
    r = run(*PLAY, "--script", SCRIPT, "--json", "--out", out, *openai(closed_url, "--retries", "0"))
    [error] = one_error_line(r, code=1)
    assert "target turn(s) failed" in error and "connection error" in error
    result = json.loads(r.stdout)
    assert result["violations"] == [] and result["turns"] >= 1
    assert result["failed_turns"] == list(range(result["turns"]))
    assert {f["kind"] for f in result["turn_failures"]} == {"target_error"}
    trace = json.loads(out.read_text())  # written before exiting 1
    assert trace["meta"]["target_failed"] is True and trace["meta"]["failed_turns"] == result["failed_turns"]


def test_play_tolerates_failures_up_to_the_allowed_share(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("hello\n" * 10)
    with StubServer() as server:  # 1 failed turn of 10 = 10%: not more than the default share
        server.push(http_error(500))
        r = run(*PLAY, "--script", script, "--json", *openai(server.url, "--retries", "0"))
        assert r.exit_code == 0, r.output
        assert json.loads(r.stdout)["failed_turns"] == [0]
        server.push(http_error(500), http_error(500))  # 2 of 10: too many
        r = run(*PLAY, "--script", script, "--json", *openai(server.url, "--retries", "0"))
        [error] = one_error_line(r, code=1)
        assert "2 of 10 target turn(s) failed (20%, more than the allowed 10%" in error
        server.push(http_error(500), http_error(500))
        r = run(*PLAY, "--script", script, "--json", *openai(server.url, "--retries", "0", "--max-failed-share", "0.5"))
        assert r.exit_code == 0, r.output


def test_eval_counts_failed_turns_everywhere_and_excludes_their_episodes(tmp_path):
    # every 4th request fails: some episodes have a failed turn, others are clean
    handler = lambda body, n: http_error(503) if n % 4 == 1 else text("Sure, let me check that for you.")  # noqa: E731
    with StubServer(handler=handler) as server:
        args = ["eval", "--auditor", "static", "--baselines", "random", "--episodes", "6", "--turns", "2",
                *target(server.url, "--retries", "0"), "--out", tmp_path / "ev"]
        r = run(*args, "--max-failed-share", "1")
        assert r.exit_code == 0, r.output
        assert "failed" in r.stdout and "excluded" in r.stdout  # table headers (wrapped)
        data = json.loads((tmp_path / "ev" / "metrics.json").read_text())
        report = (tmp_path / "ev" / "report.md").read_text()
        for name, m in data["methods"].items():
            assert m["failed_turns"] > 0 and m["turns"] > m["failed_turns"]
            assert m["scored_episodes"] == m["episodes"] - m["failed_episodes"] < m["episodes"]
            assert m["failure_kinds"]["target_error"] == m["failed_turns"]
            per_method = json.loads((tmp_path / "ev" / name / "metrics.json").read_text())
            assert per_method["failed_turns"] == m["failed_turns"]
            traces = [Trace.from_json(json.loads(x))
                      for x in (tmp_path / "ev" / name / "traces.jsonl").read_text().splitlines()]
            assert sum(t.meta["target_failed"] for t in traces) == m["failed_episodes"]
            assert f"{m['failed_turns']}/{m['turns']}" in report and f"{m['failed_turns']}/{m['turns']}" in r.stdout
        assert "## Target failures" in report and "HTTP 503" in report and "failed turns" in report
        # the same run with the default share fails, after writing its outputs
        (tmp_path / "ev" / "report.md").unlink()
        r = run(*args, "--overwrite")
        [error] = one_error_line(r, code=1)
        assert "target turn(s) failed" in error and "--max-failed-share" in error
        assert (tmp_path / "ev" / "report.md").is_file()


def test_eval_against_an_unreachable_target_stops_early_and_exits_1(closed_url, tmp_path):
    r = run("eval", "--auditor", "static", "--baselines", "random", "--episodes", "20", "--turns", "4",
            *target(closed_url, "--retries", "0"), "--out", tmp_path / "ev")
    [error] = one_error_line(r, code=1)
    assert "static: " in error and "connection error" in error and "not run: random" in error
    data = json.loads((tmp_path / "ev" / "metrics.json").read_text())
    m = data["methods"]["static"]
    assert m["coverage"] == 0 and m["scored_episodes"] == 0 and m["aborted"]
    assert m["failed_turns"] == 9  # floor(10% of 80 planned turns) + 1, then it stopped
    assert list(data["methods"]) == ["static"] and data["settings"]["skipped_methods"] == ["random"]
    assert "not run" in (tmp_path / "ev" / "report.md").read_text()


def test_suite_against_an_unreachable_target_marks_and_excludes_every_episode(closed_url, tmp_path):
    r = run("suite", "--seeds-per-script", "1", "--out", tmp_path, *openai(closed_url, "--retries", "0"),
            "--max-failed-share", "1")  # 100% failed is not more than 100%: no early stop
    [error] = one_error_line(r, code=1)  # but no episode was scored: never a clean result (session 32)
    assert "no episode was scored" in error
    assert "coverage: 0/20" in r.stdout and "(0 scored)" in r.stdout and "excluded episodes: 10/10" in r.stdout
    traces = [json.loads(x) for x in (tmp_path / "traces.jsonl").read_text().splitlines()]
    assert len(traces) == 10 and all(t["meta"]["target_failed"] for t in traces)


def test_suite_against_an_unreachable_target_stops_once_it_cannot_pass(closed_url, tmp_path):
    from probe.core.registry import get_domain
    from probe.core.scripts import load_suite

    planned = sum(len(s.lines) for s in load_suite(get_domain("skyassist"))) * 2
    r = run("suite", "--seeds-per-script", "2", "--out", tmp_path, *openai(closed_url, "--retries", "0"))
    [error] = one_error_line(r, code=1)
    assert "target turn(s) failed (100%" in error and "stopped early" in error
    assert not (tmp_path / "traces.jsonl").exists()  # stopped: kept as a .partial that --resume continues
    traces = [json.loads(x) for x in (tmp_path / "traces.jsonl.partial").read_text().splitlines()]
    assert all(t["meta"]["target_failed"] for t in traces)
    failed = sum(len(t["meta"]["failed_turns"]) for t in traces)
    assert failed > 0.1 * planned and failed - len(traces[-1]["meta"]["failed_turns"]) <= 0.1 * planned
    assert len(traces) < 20 and f"stopped after {len(traces)} of 20 episodes" in r.stdout


def test_suite_metrics_leave_failed_episodes_out(domain):
    from probe.core.policy import Violation

    def trace(i, failures, violations):
        return Trace(id=f"t{i}", env="skyassist", seed=i, scenario={}, target={}, messages=[],
                     violations=[Violation(1, p, "x") for p in violations],
                     meta={"turns": 4, "turn_failures": failures})

    timeout = {"turn": 2, "kind": "timeout", "detail": "request timed out"}
    cut = {"turn": 1, "kind": "tool_loop_limit", "detail": "cut"}
    traces = [trace(0, [], ["B4"]), trace(1, [timeout], ["S5"]), trace(2, [cut], ["B6"])]
    assert [is_failed(t) for t in traces] == [False, True, False]  # a tool-loop cut is the model's behaviour
    m = suite_metrics(traces, domain, resamples=200)
    assert m["episodes"] == 3 and m["scored_episodes"] == 2 and m["failed_episodes"] == 1
    assert m["policies_found"] == ["B4", "B6"] and m["failed_turns"] == 1 and m["turns"] == 12
    assert m["failure_kinds"] == {"timeout": 1, "tool_loop_limit": 1}
    assert summarize(traces)["first_failure"] == "timeout: request timed out"


# --- item 11: slow and silent failure modes ---------------------------------------------------------

def test_timeout_and_retries_bound_a_hung_target_and_progress_shows_it(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("hello\nanyone there?\n")
    with StubServer(handler=lambda body, n: delay(3.0)) as server:
        r = run(*PLAY, "--script", script, "--json", *openai(server.url, "--timeout", "0.2", "--retries", "1"))
        assert len(server.requests) == 4  # 2 turns x (1 try + 1 retry)
    [error] = one_error_line(r, code=1)
    result = json.loads(r.stdout)  # stdout stays one JSON object; progress is on stderr
    assert [f["kind"] for f in result["turn_failures"]] == ["timeout", "timeout"]
    assert "timed out after 0.2s" in result["turn_failures"][0]["detail"]
    assert "turn 1/2 played" in r.stderr and "turn 2/2 played" in r.stderr
    assert r.stderr.index("warning: turn 0: timeout") < r.stderr.index("turn 2/2 played")  # said at once


def test_an_endpoint_that_keeps_failing_loses_its_retries_until_it_answers(domain):
    from probe.core.episode import Episode

    with StubServer() as server:
        target = make_target(domain, "openai", base_url=server.url, model="m", max_retries=2, backoff_s=0.0)
        server.push(*[http_error(500)] * 9, text("back"), http_error(500), http_error(500), text("ok"))
        ep = Episode(domain, domain.scenario("one_way", 1000003), target)
        for _ in range(3):
            ep.user_turn("hi")  # 3 failed requests x 3 attempts
        assert len(server.requests) == 9
        ep.user_turn("hi")  # one attempt only, which succeeds
        assert len(server.requests) == 10 and ep.messages[-1]["content"] == "back"
        ep.user_turn("hi")  # retries are back: 500, 500, ok
        assert len(server.requests) == 13 and ep.messages[-1]["content"] == "ok"
    assert [f["turn"] for f in ep.turn_failures] == [0, 1, 2]


def test_default_request_limits_are_bounded():
    from probe.targets.openai_target import OpenAITargetConfig

    cfg = OpenAITargetConfig(model="m")
    assert cfg.timeout_s * (cfg.max_retries + 1) <= 90


def test_eval_shows_progress_per_round_against_a_model_target(tmp_path):
    with StubServer() as server:
        r = run("eval", "--auditor", "static", "--episodes", "2", "--turns", "2",
                *target(server.url), "--out", tmp_path / "ev")
    assert r.exit_code == 0, r.output
    assert "static: round 1/2, 2/2 episodes live, 0 failed target turn(s)" in r.stderr
    assert "round 2/2" in r.stderr


# --- bad inputs: one line, exit 2, nothing lost -----------------------------------------------------

def script_file(tmp_path, data: bytes):
    p = tmp_path / "s.txt"
    p.write_bytes(data)
    return p


@pytest.mark.parametrize("data, needle", [
    (b"Fly me from {origin to Rome\n", "bad placeholder in"),
    (b"A set: {1, 2}\n", "unknown placeholder {1, 2}"),
    (b"braces } alone\n", "bad placeholder in"),
    (b"\xff\xfeh\x00i\x00\n", "is not UTF-8 text"),
    (b"hi\nZ\xfcrich please\n", "(byte 0xfc on line 2)"),
    (b"{origin:>999999999}\n", "has a format; write {origin}"),
    (b"{destination!r}\n", "has a format; write {destination}"),
])
def test_bad_scripts_are_one_line(tmp_path, data, needle):
    r = run(*PLAY, "--script", script_file(tmp_path, data))
    [error] = one_error_line(r)
    assert needle in error


def test_literal_braces_are_written_doubled(tmp_path):
    r = run(*PLAY, "--script", script_file(tmp_path, b"code {{X}} from {origin}\n"), "--json", "--out",
            tmp_path / "t.jsonl")
    assert r.exit_code == 0, r.output
    trace = json.loads((tmp_path / "t.jsonl").read_text())
    assert trace["messages"][0]["content"].startswith("code {X} from ")


@pytest.mark.parametrize("where, needle", [
    ("missing/t.jsonl", "does not exist"),
    (".", "is a directory"),
    ("afile/t.jsonl", "is not a directory"),
])
def test_play_out_is_checked_before_the_episode(tmp_path, monkeypatch, where, needle):
    import probe.cli.main

    (tmp_path / "afile").write_text("keep me")
    monkeypatch.setattr(probe.cli.main, "play_script", lambda *a, **k: pytest.fail("the episode ran"))
    r = run(*PLAY, "--script", SCRIPT, "--out", tmp_path / where)
    [error] = one_error_line(r)
    assert needle in error and (tmp_path / "afile").read_text() == "keep me"


def test_play_out_on_a_full_disk_fails_before_playing(tmp_path, monkeypatch):
    import shutil
    from collections import namedtuple

    import probe.cli.main

    usage = namedtuple("usage", "total used free")
    monkeypatch.setattr(shutil, "disk_usage", lambda p: usage(10**9, 10**9, 0))
    monkeypatch.setattr(probe.cli.main, "play_script", lambda *a, **k: pytest.fail("the episode ran"))
    r = run(*PLAY, "--script", SCRIPT, "--out", tmp_path / "t.jsonl")
    [error] = one_error_line(r)
    assert "no space left" in error


def test_a_write_that_fails_after_playing_loses_nothing(tmp_path, monkeypatch):
    import errno

    import probe.core.scripts

    out = tmp_path / "t.jsonl"
    assert run(*PLAY, "--script", SCRIPT, "--out", out).exit_code == 0  # an earlier trace (play --out appends
    earlier = out.read_text()  # only to a probe trace file since the twenty-eighth session)
    real = probe.core.scripts.append_trace

    def full(path, trace):
        if str(path) == str(out):
            with open(path, "a") as f:
                f.write('{"partial')
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, trace)

    monkeypatch.setattr(probe.core.scripts, "append_trace", full)
    r = run(*PLAY, "--script", SCRIPT, "--out", out)
    [error] = one_error_line(r)
    assert "cannot write the trace to" in error and "No space left on device" in error
    rescue = error.split("the trace was saved to ")[1].strip()
    try:
        assert json.loads(open(rescue).read())["id"] == "one_way-one_way-1000003"
    finally:
        import os

        os.remove(rescue)
    assert out.read_text() == earlier  # the partial line is gone, the earlier one kept


@pytest.mark.parametrize("args, needle", [
    (["suite", "--seeds-per-script", "10001"], "--seeds-per-script 10001 is out of range; allowed: 1 to 10000"),
    (["suite", "--seeds-per-script", "0"], "--seeds-per-script 0 is out of range"),
    (["suite", "--max-failed-share", "1.5"], "--max-failed-share 1.5 is not a share"),
    (["suite", "--timeout", "5"], "--timeout applies to --target openai"),
    (["eval", "--auditor", "static", "--episodes", "100000000"], "--episodes 100000000 is out of range; allowed: 1 to 10000"),
    (["eval", "--auditor", "static", "--episodes", "0"], "--episodes 0 is out of range"),
    (["eval", "--auditor", "static", "--turns", "-2"], "--turns -2 is out of range"),
    (["eval", "--auditor", "static", "--episodes", "5000", "--samples", "3"], "--samples 3 is out of range; allowed: 1 to 2"),
    (["eval", "--auditor", "static", "--seed", "-1"], "--seed -1 is out of range"),
    (["eval", "--auditor", "static", "--temperature", "-1"], "--temperature -1 is out of range; allowed: 0 to 2"),
    (["eval", "--auditor", "static", "--target", "openai", "--model", "m", "--timeout", "0"], "--timeout 0 is out of range"),
    (["eval", "--auditor", "static", "--target", "openai", "--model", "m", "--retries", "-1"], "--retries -1 is out of range"),
    (["eval", "--auditor", "static", "--target", "openai", "--model", "m", "--retries", "99"], "allowed: 0 to 10"),
    (PLAY + ["--script", SCRIPT, "--timeout", "nan", "--target", "openai", "--model", "m", "--faults", "none"],
     "--timeout nan is out of range"),
    (PLAY + ["--script", SCRIPT, "--seed", "-4"], "--seed -4 is out of range"),
])
def test_bad_numbers_fail_fast_in_one_line(tmp_path, monkeypatch, args, needle):
    import probe.cli.main
    import probe.eval.runner

    monkeypatch.setattr(probe.cli.main, "play_script", lambda *a, **k: pytest.fail("an episode ran"))
    monkeypatch.setattr(probe.eval.runner, "evaluate", lambda *a, **k: pytest.fail("an episode ran"))
    if args[0] in ("suite", "eval"):
        args = args + ["--out", str(tmp_path / "out")]
    r = run(*args)
    [error] = one_error_line(r)
    assert needle in error
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("command", [["suite"], ["eval", "--auditor", "static"]])
def test_out_onto_a_file_is_refused_and_the_file_kept(tmp_path, command):
    f = tmp_path / "results"
    f.write_text("mine")
    r = run(*command, "--out", f)
    [error] = one_error_line(r)
    assert "is a file" in error and f.read_text() == "mine"


@pytest.mark.parametrize("content, needle", [
    (b"{", "cannot be read as an eval metrics file"),
    (b"\xff\xfe{}", "cannot be read as an eval metrics file"),
    (b'{"methods": [1, 2]}', "is not an eval metrics file"),
    (b'{"methods": {"x": {"coverage": 1}}}', "method 'x' is not an eval metrics entry"),
])
def test_compare_of_a_broken_metrics_file_is_one_line(tmp_path, content, needle):
    (tmp_path / "ev").mkdir()
    (tmp_path / "ev" / "metrics.json").write_bytes(content)
    r = run("eval", "--compare", tmp_path / "ev", "--out", tmp_path / "cmp")
    [error] = one_error_line(r)
    assert needle in error and not (tmp_path / "cmp").exists()


def test_compare_metrics_written_before_failed_turns_were_counted(tmp_path):
    r = run("eval", "--auditor", "static", "--episodes", "1", "--turns", "1", "--out", tmp_path / "ev")
    assert r.exit_code == 0, r.output
    f = tmp_path / "ev" / "metrics.json"
    data = json.loads(f.read_text())
    for key in ("failed_turns", "target_failures"):
        data["methods"]["static"].pop(key)
    f.write_text(json.dumps(data))
    r = run("eval", "--compare", tmp_path / "ev", "--out", tmp_path / "cmp")
    assert r.exit_code == 0, r.output
    assert "n/a" in (tmp_path / "cmp" / "compare.md").read_text()


def test_a_failing_auditor_endpoint_is_reported(closed_url, tmp_path):
    r = run("eval", "--auditor", "m", "--auditor-base-url", closed_url, "--episodes", "1", "--turns", "1",
            "--out", tmp_path / "ev")
    assert r.exit_code == 0, r.output
    assert "warning: zero-shot:m: 1 auditor request(s) failed" in r.stderr
    data = json.loads((tmp_path / "ev" / "metrics.json").read_text())
    assert data["methods"]["zero-shot:m"]["method"]["failed_auditor_requests"] == 1


def test_script_text_that_looks_like_markup_is_shown_as_written(tmp_path):
    r = run(*PLAY, "--script", script_file(tmp_path, b"hello [/bold] there :smile: [red]x\n"))
    assert r.exit_code == 0, r.output
    assert "hello [/bold] there :smile: [red]x" in r.stdout


def test_a_utf8_byte_order_mark_is_not_part_of_the_script(tmp_path):
    p = script_file(tmp_path, "\ufeff# family: one_way\nhi from {origin}\n".encode("utf-8"))
    from probe.core.scripts import load_script

    s = load_script(p)
    assert s.family == "one_way" and s.lines[0][1] == "hi from {origin}"


def test_early_stop_counts_every_sample(tmp_path):
    # 1 failed turn in sample 0 is 25% of that sample's 4 turns, but 12.5% of the 8 turns of both
    # samples: not more than 15%, so the method is not stopped and the run passes
    handler = lambda body, n: http_error(500) if n == 0 else text("Sure.")  # noqa: E731
    with StubServer(handler=handler) as server:
        r = run("eval", "--auditor", "static", "--episodes", "2", "--turns", "2", "--samples", "2",
                *target(server.url, "--retries", "0"), "--out", tmp_path / "ev", "--max-failed-share", "0.15")
    assert r.exit_code == 0, r.output
    m = json.loads((tmp_path / "ev" / "metrics.json").read_text())["methods"]["static"]
    assert "aborted" not in m and m["target_failures"]["failed_turns"] == 1 and m["target_failures"]["turns"] == 8


def test_last_reply_is_the_agents_last_text_before_the_new_message():
    from probe.targets.base import TurnContext

    history = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "Hello!"},
               {"role": "assistant", "content": None, "tool_calls": []}, {"role": "tool", "content": "{}"},
               {"role": "assistant", "content": "Anything else?"}, {"role": "user", "content": "no"}]
    assert TurnContext(history, lambda *_: None).last_reply == "Anything else?"
    assert TurnContext(history[:1], lambda *_: None).last_reply == ""
