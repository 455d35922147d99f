"""`probe view` re-scores what it shows and tells a trace file by its first valid line (session 31,
traces-8 F1, F12, F6): a real S5 stored as ``[]`` was listed "clean", a clean trace with a made-up
S5 "violation"; a traces file whose first line was bad opened as records."""

from __future__ import annotations

import gzip
import json

from starlette.testclient import TestClient

from probe.viewer import create_app
from tests.core.test_traces_31 import sky, write


def get(c: TestClient, route: str, **params):
    r = c.get(route, params=params)
    assert r.status_code == 200, r.text
    return r.json()


def test_the_list_and_the_trace_show_the_rescored_verdict_and_mark_the_stored_one(tmp_path):
    empty = {**sky("s5"), "id": "stored-empty", "violations": []}
    fake = {**sky("ok"), "id": "fake-s5", "violations": [{"policy": "S5", "message_index": 8}]}
    honest = {**sky("s5"), "id": "honest"}
    no_field = {k: v for k, v in sky("s5").items() if k != "violations"}
    write(tmp_path / "t.jsonl", [empty, fake, honest, no_field])
    c = TestClient(create_app(tmp_path / "t.jsonl"))
    rows = {r["id"]: r for r in get(c, "/api/traces")["rows"]}
    assert rows["stored-empty"]["verdict"] == "violation" and rows["stored-empty"]["stored_differs"]
    assert rows["stored-empty"]["stored_policies"] == [] and rows["stored-empty"]["policies"] == ["S5"]
    assert rows["fake-s5"]["verdict"] == "clean" and rows["fake-s5"]["stored_differs"]
    assert not rows["honest"]["stored_differs"] and rows["honest"]["verdict"] == "violation"
    assert rows["sky-s5"]["verdict"] == "violation" and not rows["sky-s5"]["stored_differs"]
    assert rows["sky-s5"]["stored_policies"] is None
    d = get(c, "/api/trace", line=2)
    assert d["trace"]["violations"] == [] and d["rescore"]["stored_differs"]
    assert d["rescore"]["difference"] == "stored S5, re-scored none"
    assert [v["policy"] for v in d["rescore"]["stored_violations"]] == ["S5"] and "S5" in d["policies"]
    d = get(c, "/api/trace", line=3)
    assert d["rescore"]["rescored"] and not d["rescore"]["stored_differs"] and d["trace"]["violations"]


def test_an_unscorable_trace_keeps_its_stored_verdict_and_says_why(tmp_path):
    rec = {**sky("s5")}
    rec["scenario"] = {**rec["scenario"], "family": "space_travel"}
    write(tmp_path / "t.jsonl", [rec])
    c = TestClient(create_app(tmp_path / "t.jsonl"))
    (row,) = get(c, "/api/traces")["rows"]
    assert row["verdict"] == "violation" and not row["rescored"]
    d = get(c, "/api/trace", line=1)
    assert "space_travel" in d["rescore"]["rescore_error"] and d["trace"]["violations"]


def test_the_page_shows_the_difference():
    js = (__import__("pathlib").Path(__file__).parents[2] / "probe/viewer/static/app.js").read_text()
    assert "stored_differs" in js and "rescore" in js


def _kind(c):
    return get(c, "/api/info")["kind"]


def test_a_bad_first_line_does_not_make_a_trace_file_records(tmp_path):
    good = json.dumps(sky("ok"))
    for name, first in [("garbage", "this is not json"), ("array", "[1, 2]"), ("truncated", good[:200]),
                        ("bad-trace", json.dumps({**sky("ok"), "messages": {"role": "user"}}))]:
        path = tmp_path / f"{name}.jsonl"
        path.write_text(first + "\n" + good + "\n")
        c = TestClient(create_app(path))
        assert _kind(c) == "traces", name
        listed = get(c, "/api/traces")
        assert [r["line"] for r in listed["rows"]] == [2] and listed["bad_lines"] == 1, name
        assert get(c, "/api/trace", line=2)["trace"]["id"] == "sky-ok"


def test_a_records_file_stays_records(tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_text("garbage\n" + json.dumps({"id": "T1", "verdict": "pass", "text": "a statement"}) + "\n")
    assert _kind(TestClient(create_app(path))) == "records"


def test_bom_and_gzip(tmp_path):
    b = tmp_path / "b.jsonl"
    b.write_bytes(b"\xef\xbb\xbf" + (json.dumps(sky("ok")) + "\n" + json.dumps(sky("s5")) + "\n").encode())
    c = TestClient(create_app(b))
    listed = get(c, "/api/traces")
    assert _kind(c) == "traces" and len(listed["rows"]) == 2 and listed["bad_lines"] == 0
    assert get(c, "/api/trace", line=1)["trace"]["id"] == "sky-ok"
    g = tmp_path / "g.jsonl"
    g.write_bytes(gzip.compress((json.dumps(sky("ok")) + "\n").encode() * 5))
    listed = get(TestClient(create_app(g)), "/api/traces")
    assert listed["bad_lines"] == 1 and "gzip-compressed" in listed["bad"][0]["error"]


def test_content_parts_and_a_system_message_are_listed_and_scored(tmp_path):
    rec = sky("s5")
    rec["messages"].insert(0, {"role": "system", "content": "You are SkyAssist."})
    for m in rec["messages"][1:]:
        if m["role"] == "user":
            m["content"] = [{"type": "text", "text": m["content"]}]
    for v in rec["violations"]:
        v["message_index"] += 1
    write(tmp_path / "t.jsonl", [rec])
    c = TestClient(create_app(tmp_path / "t.jsonl"))
    (row,) = get(c, "/api/traces")["rows"]
    assert row["policies"] == ["S5"] and not row["stored_differs"] and row["first_user"].startswith("urgent")
