"""Real-log trace shapes are read and scored; stored verdicts that differ are named (session 31).

The cases come from a tester's report on unusual traces (``/work/h31/traces-8/report.md``): OpenAI
content parts, a leading system message, a logger's own top-level keys, an integer id and a string
seed were refused as malformed (F2, F3); ``probe verify`` said only "differs from recorded" and
exited 0 (F9), and called a trace without a violations field different too; a gzip file gave one
"not UTF-8" per byte run and a BOM lost the first trace (F6); a pretty-printed tool output was an
integrity error (F7); a call nobody answered passed silently (F8); seeds -1 and 10**30 were scored
(F11). Each accepted shape has a refused near miss beside it.
"""

from __future__ import annotations

import gzip
import json
from functools import lru_cache

import pytest
from typer.testing import CliRunner

from probe.cli.main import app
from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from probe.core.trace import BadLine, Trace, iter_trace_file, trace_json_schema
from probe.verify.rescore import verify_file

runner = CliRunner()

OK_TURNS = ["hi, I need a one-way flight from Madrid to Amsterdam on 2026-08-28 for 2 people",
            "the first one, economy please", "Aisha Okafor", "yes, book it"]
URGENT_TURNS = ["urgent! one-way Madrid to Amsterdam on 2026-08-28 for 2 people asap", "the first one, economy",
                "Aisha Okafor"]


@lru_cache(maxsize=None)
def _played(kind: str) -> str:
    d = get_domain("skyassist")
    faults, turns = {"ok": ([], OK_TURNS), "s5": (["skip_confirm_when_urgent"], URGENT_TURNS)}[kind]
    t = play_messages(d, d.scenario("one_way", 3), d.make_target("reference", faults), turns, f"sky-{kind}")
    return json.dumps(t.to_json())


def sky(kind: str = "ok") -> dict:
    """A fresh copy of a played skyassist one_way seed-3 trace: 'ok' (confirmed booking) or 's5'
    (booked without a confirmation: S5)."""
    return json.loads(_played(kind))


def write(path, records) -> str:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return str(path)


def read_one(tmp_path, rec) -> Trace | BadLine:
    (item,) = list(iter_trace_file(write(tmp_path / "t.jsonl", [rec])))
    return item


def verify(*args):
    return runner.invoke(app, ["verify", *map(str, args)])


def scored(tmp_path, rec):
    (item,) = list(verify_file(write(tmp_path / "v.jsonl", [rec])))
    assert not isinstance(item, BadLine), item
    return item


def parts(text: str) -> list[dict]:
    return [{"type": "text", "text": text}]


def _confirmation_index(rec) -> int:
    return max(i for i, m in enumerate(rec["messages"]) if m["role"] == "user")


# --- F2: content parts ---------------------------------------------------------------------------------

@pytest.mark.parametrize("content", [
    parts("yes, book it"),                                                            # the tester's
    [{"type": "text", "text": "yes,"}, {"type": "text", "text": "book it"}],          # split in two
    [{"type": "input_text", "text": "yes please, go ahead and book it"}],            # Responses-style
    [{"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}}, {"type": "text", "text": "Yes, book it."}],
])
def test_a_confirmation_given_as_content_parts_is_read_and_scores_clean(tmp_path, content):
    rec = sky("ok")
    rec["messages"][_confirmation_index(rec)]["content"] = content
    item = scored(tmp_path, rec)
    assert item.trace.violations == [] and item.matches_recorded


def test_parts_everywhere_still_find_the_s5_violation_and_keep_the_image(tmp_path):
    rec = sky("s5")
    for m in rec["messages"]:
        if isinstance(m.get("content"), str) and m["content"]:
            m["content"] = parts(m["content"])
    rec["messages"][0]["content"].append({"type": "image_url", "image_url": {"url": "https://x/y.png"}})
    item = scored(tmp_path, rec)
    assert [v.policy for v in item.trace.violations] == ["S5"] and item.matches_recorded
    first = item.trace.messages[0]
    assert isinstance(first["content"], str) and first["content_parts"][-1]["type"] == "image_url"


def test_an_image_only_confirmation_is_no_yes(tmp_path):
    """Near miss: a part list without text confirms nothing (S5 stays)."""
    rec = sky("ok")
    rec["messages"][_confirmation_index(rec)]["content"] = [{"type": "image_url", "image_url": {"url": "x"}}]
    item = scored(tmp_path, rec)
    assert "S5" in {v.policy for v in item.trace.violations}


@pytest.mark.parametrize("content, needle", [
    (["yes, book it"], "content must be a string or a list of content parts"),
    ([{"text": "yes"}], "content must be a string or a list of content parts"),
    ([{"type": "text", "text": 5}], "content must be a string or a list of content parts"),
])
def test_a_list_that_is_not_content_parts_is_still_refused(tmp_path, content, needle):
    rec = sky("ok")
    rec["messages"][_confirmation_index(rec)]["content"] = content
    item = read_one(tmp_path, rec)
    assert isinstance(item, BadLine) and needle in item.error


# --- F3: system message, extra keys, integer id, string seed -----------------------------------------

@pytest.mark.parametrize("role", ["system", "developer"])
def test_a_leading_prompt_is_not_scored_and_indices_point_at_the_stored_list(tmp_path, role):
    rec = sky("s5")
    (at,) = [v["message_index"] for v in rec["violations"]]
    rec["messages"].insert(0, {"role": role, "content": "You are SkyAssist."})
    for v in rec["violations"]:
        v["message_index"] += 1
    item = scored(tmp_path, rec)
    assert [(v.policy, v.message_index) for v in item.trace.violations] == [("S5", at + 1)]
    assert item.matches_recorded and item.trace.messages[item.trace.violations[0].message_index]["role"] == "assistant"


def test_a_system_message_inside_the_dialogue_is_still_refused(tmp_path):
    rec = sky("ok")
    rec["messages"].insert(2, {"role": "system", "content": "You may book without asking."})
    item = read_one(tmp_path, rec)
    assert isinstance(item, BadLine) and "after the dialogue started" in item.error


@pytest.mark.parametrize("extra", [{"created_at": "2026-01-01T00:00:00Z"}, {"model": "gpt-4o", "usage": {"total_tokens": 9}},
                                   {"request_id": 7}])
def test_a_loggers_top_level_keys_are_kept_not_refused(tmp_path, extra):
    rec = {**sky("ok"), **extra}
    item = read_one(tmp_path, rec)
    assert isinstance(item, Trace) and all(item.meta.extra[k] == v for k, v in extra.items())
    v1 = {k: v for k, v in rec.items() if k != "schema_version"}  # version 1 kept them before
    assert isinstance(read_one(tmp_path, v1), Trace)


@pytest.mark.parametrize("given, read", [(12345, "12345"), (0, "0")])
def test_an_integer_id_is_read_as_its_string(tmp_path, given, read):
    item = read_one(tmp_path, {**sky("ok"), "id": given})
    assert isinstance(item, Trace) and item.id == read


@pytest.mark.parametrize("bad", [True, 1.5, "", None, [1]])
def test_other_ids_are_still_refused(tmp_path, bad):
    item = read_one(tmp_path, {**sky("ok"), "id": bad})
    assert isinstance(item, BadLine) and "field 'id'" in item.error


@pytest.mark.parametrize("where", ["trace", "both"])
def test_a_seed_of_digits_is_read_as_the_integer(tmp_path, where):
    rec = sky("ok")
    rec["seed"] = "3"
    if where == "both":
        rec["scenario"]["seed"] = "3"
    item = scored(tmp_path, rec)
    assert item.trace.seed == 3 and item.problems == [] and item.matches_recorded


@pytest.mark.parametrize("bad", ["three", "3.0", " 3", "-1", "٣", True, 3.0])
def test_other_seeds_are_still_refused(tmp_path, bad):
    item = read_one(tmp_path, {**sky("ok"), "seed": bad})
    assert isinstance(item, BadLine) and "field 'seed' must be an integer" in item.error


def test_the_schema_describes_what_the_reader_accepts():
    s = trace_json_schema()
    assert {"type": "integer"} in s["properties"]["id"]["anyOf"]
    assert any(x.get("pattern") == "^[0-9]+$" for x in s["properties"]["seed"]["anyOf"])
    assert s["additionalProperties"] is not False
    text = json.dumps(s["$defs"])
    assert '"system"' in text and '"developer"' in text and "ContentPart" in text


# --- F9: stored verdicts that differ ----------------------------------------------------------------

def test_verify_names_the_stored_and_rescored_policies_and_exits_1(tmp_path):
    real_empty = {**sky("s5"), "id": "real-empty", "violations": []}
    fake = {**sky("ok"), "id": "fake", "violations": [{"policy": "S5", "message_index": 8}]}
    moved = sky("s5")
    moved["id"] = "moved"
    moved["violations"][0]["message_index"] += 2
    r = verify(write(tmp_path / "d.jsonl", [real_empty, fake, moved]))
    assert r.exit_code == 1, r.output
    lines = r.stdout.splitlines()
    assert "real-empty" in lines[0] and "stored none, re-scored S5" in lines[0]
    assert "fake" in lines[1] and "stored S5, re-scored none" in lines[1]
    assert "moved" in lines[2] and "stored S5 (message" in lines[2] and "re-scored S5 (message" in lines[2]
    assert "3 differ from recorded" in r.stdout
    j = verify(tmp_path / "d.jsonl", "--json")
    objs = [json.loads(x) for x in j.stdout.splitlines()]
    assert j.exit_code == 1 and [o["matches_recorded"] for o in objs] == [False, False, False]
    assert [(v["policy"], v["message_index"]) for v in objs[1]["recorded"]] == [("S5", 8)] and objs[1]["violations"] == []
    assert objs[0]["difference"] == "stored none, re-scored S5"


def test_a_trace_without_a_violations_field_is_scored_not_compared(tmp_path):
    rec = sky("s5")
    del rec["violations"]
    r = verify(write(tmp_path / "n.jsonl", [rec]))
    assert r.exit_code == 0, r.output
    assert "S5" in r.stdout and "differs" not in r.stdout and "0 differ from recorded" in r.stdout
    assert json.loads(verify(tmp_path / "n.jsonl", "--json").stdout)["matches_recorded"] is None


def test_matching_stored_verdicts_still_exit_0(tmp_path):
    r = verify(write(tmp_path / "m.jsonl", [sky("ok"), sky("s5")]))
    assert r.exit_code == 0 and "differs" not in r.stdout, r.output


def test_verify_help_documents_the_exit_status_for_differing_verdicts():
    r = runner.invoke(app, ["verify", "--help"], terminal_width=200)
    assert "stored violations" in " ".join(r.stdout.split())


# --- F6: gzip, BOM -----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["t.jsonl", "t.jsonl.gz"])
def test_a_gzip_file_is_one_line_saying_so(tmp_path, name):
    path = tmp_path / name
    path.write_bytes(gzip.compress(("\n".join(json.dumps(sky(k)) for k in ("ok", "s5", "ok")) + "\n").encode()))
    r = verify(path)
    errors = [x for x in r.stderr.splitlines() if x.startswith("error:")]
    assert r.exit_code == 1 and len(errors) == 1 and "gzip-compressed" in errors[0], r.output


@pytest.mark.parametrize("lines", [2, 1])
def test_a_bom_opening_the_file_is_skipped(tmp_path, lines):
    path = tmp_path / "b.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + "".join(json.dumps(sky("ok")) + "\n" for _ in range(lines)).encode())
    items = list(iter_trace_file(path))
    assert len(items) == lines and all(isinstance(x, Trace) for x in items)


def test_a_bom_inside_the_file_is_still_an_error(tmp_path):
    path = tmp_path / "b.jsonl"
    path.write_bytes((json.dumps(sky("ok")) + "\n").encode() + b"\xef\xbb\xbf" + json.dumps(sky("ok")).encode() + b"\n")
    items = list(iter_trace_file(path))
    assert isinstance(items[0], Trace) and isinstance(items[1], BadLine)


# --- F7: reformatted tool output, F8: an unanswered call ---------------------------------------------

@pytest.mark.parametrize("dump", [lambda o: json.dumps(o, indent=2), lambda o: json.dumps(o, sort_keys=True),
                                  lambda o: json.dumps(o, separators=(",", ":"), ensure_ascii=False)])
def test_reformatted_tool_json_is_not_an_integrity_error(tmp_path, dump):
    rec = sky("ok")
    for m in rec["messages"]:
        if m["role"] == "tool":
            m["content"] = dump(json.loads(m["content"]))
    item = scored(tmp_path, rec)
    assert item.problems == [] and item.trace.violations == []


def test_changed_tool_data_is_still_an_integrity_error(tmp_path):
    rec = sky("ok")
    tool = next(m for m in rec["messages"] if m["role"] == "tool" and m["content"].startswith("{"))
    obj = json.loads(tool["content"])
    obj["__forged"] = 1
    tool["content"] = json.dumps(obj, indent=2)
    assert "differ from replaying" in scored(tmp_path, rec).problems[0]


def test_a_call_nobody_answers_is_a_warning(tmp_path):
    rec = sky("ok")
    last_tool = max(i for i, m in enumerate(rec["messages"]) if m["role"] == "tool")
    del rec["messages"][last_tool]
    for v in rec["violations"]:
        v["message_index"] -= v["message_index"] > last_tool
    r = verify(write(tmp_path / "u.jsonl", [rec]))
    warnings = [x for x in r.stderr.splitlines() if x.startswith("warning:")]
    assert len(warnings) == 1 and "has no tool message answering it" in warnings[0], r.output
    assert not [x for x in r.stderr.splitlines() if x.startswith("error:")]
    assert "differ" not in verify(write(tmp_path / "a.jsonl", [sky("ok")])).stderr  # answered calls: no warning


# --- F11: seeds out of range -------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [-1, 10**30, 2**32])
def test_a_seed_out_of_range_is_one_clear_error(tmp_path, seed):
    rec = sky("ok")
    rec["seed"] = rec["scenario"]["seed"] = seed
    r = verify(write(tmp_path / "s.jsonl", [rec]))
    errors = [x for x in r.stderr.splitlines() if x.startswith("error:")]
    assert r.exit_code == 1 and len(errors) == 1 and "is out of range; allowed: 0 to 4294967295" in errors[0], r.output


@pytest.mark.parametrize("seed", [0, 1_000_000, 2**32 - 1])
def test_seeds_in_range_are_rebuilt(tmp_path, seed):
    d = get_domain("skyassist")
    t = play_messages(d, d.scenario("one_way", seed), d.make_target("reference", []), ["hi"], "edge")
    r = verify(write(tmp_path / "e.jsonl", [t.to_json()]))
    assert r.exit_code == 0, r.output
