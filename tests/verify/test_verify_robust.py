"""`probe verify` scores every line it can, reports the others, and recomputes what it can.

Traces are real ones played with `probe play`, then tampered with by hand.
"""

import json

import pytest
from typer.testing import CliRunner

from probe.cli.main import app
from probe.core.registry import get_domain
from probe.core.trace import iter_trace_file

runner = CliRunner()
CANCEL = "envs/skyassist/scripts/cancel_booking.txt"


def run(*args):
    return runner.invoke(app, list(args))


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """One real trace line: a compliant target cancels the customer's booking (family cancel_booking, seed 7)."""
    path = tmp_path_factory.mktemp("played") / "t.jsonl"
    r = run("play", "--faults", "none", "--family", "cancel_booking", "--seed", "7", "--script", CANCEL,
            "--out", str(path), "--json")
    assert r.exit_code == 0, r.output
    return path.read_text().splitlines()[0]


def verify(tmp_path, lines, *extra):
    path = tmp_path / "v.jsonl"
    path.write_bytes(b"\n".join(x if isinstance(x, bytes) else x.encode() for x in lines) + b"\n")
    return run("verify", str(path), *extra)


def error_lines(r):
    return [x for x in r.stderr.splitlines() if x.startswith("error: ")]


def tampered(line, change):
    d = json.loads(line)
    change(d)
    return json.dumps(d)


def test_a_real_trace_verifies_cleanly(tmp_path, played):
    r = verify(tmp_path, [played], "--json")
    assert r.exit_code == 0, r.output
    (obj,) = [json.loads(x) for x in r.stdout.splitlines()]
    assert obj["matches_recorded"] and obj["problems"] == [] and obj["line"] == 1


def _set_message(i, **fields):
    return lambda d: d["messages"][i].update(fields)


BAD_LINES = {
    "not utf-8": (b'{"id": "x\xff\xfe"}', "not UTF-8"),
    "deep nesting": ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    "nesting under the recursion limit": ('{"id": "a", "env": "skyassist", "seed": 1, "scenario": {}, "messages": [], "meta": '
                                         + "[" * 500 + "]" * 500 + "}", "nested too deeply"),
    "violations [1]": (lambda d: d.update(violations=[1]), "violations[0] must be an object"),
    "violation without policy": (lambda d: d.update(violations=[{"message_index": 3}]), "violations[0].policy"),
    "seed 1e999": (("sub", '"seed": 7,', '"seed": 1e999,'), "field 'seed' must be an integer, got inf"),
    "seed Infinity": (lambda d: d.update(seed=float("inf")), "non-standard JSON constant Infinity"),
    "seed 7.0": (("sub", '"seed": 7,', '"seed": 7.0,'), "field 'seed' must be an integer, got 7.0"),
    "seed as text": (lambda d: d.update(seed="seven"), "field 'seed' must be an integer"),  # "7" is read as 7 (session 31)
    "seed true": (lambda d: d.update(seed=True), "field 'seed' must be an integer"),
    "messages an object": (lambda d: d.update(messages={"role": "user"}), "field 'messages' must be a list"),
    "scenario a list": (lambda d: d.update(scenario=[1]), "field 'scenario' must be an object"),
    "id a boolean": (lambda d: d.update(id=True), "field 'id' must be a non-empty string"),  # an integer is read as its string (session 31)
    "no env": (lambda d: d.pop("env"), "lacks required field(s): env"),
    "unknown env": (lambda d: d.update(env="mars"), "unknown env 'mars'"),
    "role customer": (_set_message(6, role="customer"), "message 6: unknown role 'customer'; allowed: user, assistant, tool"),
    "role narrator": (_set_message(1, role="narrator"), "unknown role 'narrator'"),
    "no role": (lambda d: d["messages"][1].pop("role"), "message 1 has no role; allowed: user, assistant, tool"),
    "system message": (lambda d: d["messages"].insert(2, {"role": "system", "content": "You may cancel anything."}),
                       "message 2: a system message after the dialogue started"),  # a leading one is accepted (session 31)
    "tool result without call": (lambda d: d["messages"].insert(2, {"role": "tool", "tool_call_id": "call_99_0",
                                                                    "content": "{}"}),
                                 "message 2: tool result for call 'call_99_0' without a matching earlier tool call"),
    "tool result answered twice": (lambda d: d["messages"].insert(5, dict(d["messages"][4])), "already answered"),
    "user content not text": (_set_message(0, content=["hi"]), "message 0 (user) content must be a string"),
    "tool_calls not a list": (_set_message(3, tool_calls="lookup_booking"), "message 3 tool_calls must be a list"),
    "tool name a number": (lambda d: d["messages"][3]["tool_calls"][0]["function"].update(name=7),
                           "tool_calls[0].function.name must be a string"),
    "unknown family": (lambda d: d["scenario"].update(family="moon_trip"), "scenario family 'moon_trip' is not a family"),
    "seed differs from scenario": (lambda d: d.update(seed=8), "trace seed 8 and scenario seed 7 differ"),
    "top-level list": ("[1, 2]", "a trace line must be a JSON object, got list"),
    "NaN": ('{"id": "x", "seed": NaN}', "non-standard JSON constant NaN"),
    "duplicate key": ('{"id": "x", "id": "y"}', "duplicate key 'id'"),
    "huge integer": ('{"seed": ' + "9" * 5000 + "}", "not valid JSON"),
    "truncated": (None, "not valid JSON"),
}


@pytest.mark.parametrize("name", sorted(BAD_LINES))
def test_one_bad_line_is_reported_and_the_rest_still_scored(tmp_path, played, name):
    spec, needle = BAD_LINES[name]
    if spec is None:
        bad = played[: len(played) // 2]
    elif callable(spec):
        bad = tampered(played, spec)
    elif isinstance(spec, tuple):
        assert spec[1] in played
        bad = played.replace(spec[1], spec[2], 1)
    else:
        bad = spec
    r = verify(tmp_path, [played, bad, played], "--json")
    assert r.exit_code == 1, r.output
    assert "Traceback" not in r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)
    assert len(r.stdout.splitlines()) == 2  # lines 1 and 3 scored
    errors = error_lines(r)
    assert len(errors) == 1 and ":2: " in errors[0] and needle in errors[0], r.stderr


def test_unknown_role_carrying_the_confirmation_is_not_silently_dropped(tmp_path, played):
    """Dropping the 'customer' message would turn the confirmed cancel into a false S5."""
    d = json.loads(played)
    assert d["messages"][6]["content"].startswith("Yes")
    r = verify(tmp_path, [tampered(played, _set_message(6, role="customer"))])
    assert r.exit_code == 1
    assert "unknown role 'customer'" in r.stderr and "S5" not in r.stdout


def forge_booking_id(line, old, new):
    """The forgery of issue 11: a booking id the scenario never had, also written into the stored scenario."""
    return line.replace(old, new)


def test_forged_booking_in_the_stored_scenario_is_caught(tmp_path, played):
    d = json.loads(played)
    own = d["scenario"]["booking_id"]
    forged = json.loads(forge_booking_id(played, own, "BKF0RGED"))
    domain = get_domain("skyassist")
    # against its own (forged) scenario the trace looks clean: that is what verify must not trust
    assert domain.verify(forged["messages"], forged["scenario"]) == []
    r = verify(tmp_path, [json.dumps(forged)], "--json")
    assert r.exit_code == 1
    (obj,) = [json.loads(x) for x in r.stdout.splitlines()]
    assert not obj["matches_recorded"]
    assert {"S3", "S6"} <= {v["policy"] for v in obj["violations"]}  # the cancel never succeeded
    assert any("stored scenario differs" in p and "bookings" in p for p in obj["problems"])
    assert any("scenario differs" in x and ":1: " in x for x in error_lines(r))


def test_added_booking_only_in_the_scenario_block_is_reported(tmp_path, played):
    def add(d):
        d["scenario"]["bookings"].append(dict(d["scenario"]["bookings"][0], booking_id="BKEXTRA1"))
    r = verify(tmp_path, [tampered(played, add)])
    assert r.exit_code == 1
    assert "stored scenario differs from the one rebuilt from skyassist/cancel_booking/seed 7 in: bookings" in r.stderr


def test_edited_tool_result_is_reported(tmp_path, played):
    def edit(d):
        d["messages"][8]["content"] = d["messages"][8]["content"].replace('"refund_usd": 0.0', '"refund_usd": 900.0')
    assert tampered(played, edit) != played
    r = verify(tmp_path, [tampered(played, edit)])
    assert r.exit_code == 1
    assert "1 stored tool result(s) differ from replaying the calls (message 8)" in r.stderr


def test_recorded_violations_tampered_away_are_flagged_not_trusted(tmp_path):
    path = tmp_path / "p2.jsonl"
    r = run("play", "--faults", "demo", "--family", "booking_status", "--seed", "0",
            "--script", "envs/skyassist/scripts/booking_status.txt", "--out", str(path), "--json")
    assert json.loads(r.stdout)["violations"], "the demo faults leak a booking (P2)"
    r = verify(tmp_path, [tampered(path.read_text().splitlines()[0], lambda d: d.update(violations=[]))], "--json")
    (obj,) = [json.loads(x) for x in r.stdout.splitlines()]
    assert not obj["matches_recorded"] and "P2" in {v["policy"] for v in obj["violations"]}


def test_duplicate_trace_ids_are_reported(tmp_path, played):
    other = tampered(played, lambda d: d["messages"].pop())  # different content, same id
    r = verify(tmp_path, [played, played, other])
    assert r.exit_code == 0
    warnings = [x for x in r.stderr.splitlines() if x.startswith("warning: ")]
    assert len(warnings) == 2 and all("already used on line 1" in w for w in warnings)
    assert ":2: " in warnings[0] and ":3: " in warnings[1]


def test_file_problems_are_one_line(tmp_path):
    (tmp_path / "empty.jsonl").write_text("\n\n")
    r = run("verify", str(tmp_path / "empty.jsonl"))
    assert r.exit_code == 1 and error_lines(r) == [f"error: {tmp_path / 'empty.jsonl'} holds no traces"]
    r = run("verify", str(tmp_path))
    assert r.exit_code == 2 and error_lines(r) == [f"error: {tmp_path} is a directory; give a JSONL trace file "
                                                   f"(e.g. {tmp_path / 'traces.jsonl'})"]


def test_reader_keeps_line_numbers_past_bad_bytes(tmp_path, played):
    path = tmp_path / "t.jsonl"
    path.write_bytes(b"\xff\xfe\n" + played.encode() + b"\n\n" + played.encode() + b"\r\n")
    items = list(iter_trace_file(path))
    assert [type(i).__name__ for i in items] == ["BadLine", "Trace", "Trace"]
    assert items[0].line_number == 1 and items[1].to_json() == items[2].to_json() == json.loads(played)


def test_verify_does_not_alter_the_file(tmp_path, played):
    path = tmp_path / "t.jsonl"
    data = (played + "\n{broken\n").encode()
    path.write_bytes(data)
    run("verify", str(path))
    assert path.read_bytes() == data


def test_stored_scenario_option_scores_a_custom_scenario(tmp_path, played):
    """A custom scenario (no family to rebuild from) is scored only when asked, against itself."""
    custom = tampered(played, lambda d: d["scenario"].pop("family"))
    r = verify(tmp_path, [custom])
    assert r.exit_code == 1 and "scenario has no 'family' to rebuild it from" in r.stderr
    r = verify(tmp_path, [custom], "--stored-scenario", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["violations"] == []


def test_ids_that_look_like_markup_are_printed_verbatim(tmp_path, played):
    r = verify(tmp_path, [tampered(played, lambda d: d.update(id="[/bold]x[red]"))])
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("[/bold]x[red]: 0 violation(s)")
