"""The viewer's JSON API (Starlette TestClient): pages, filters, the trace detail, the eval and run
readers, generic records, and the refusal of every path outside the opened directory."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
import viewer_data as data
from starlette.testclient import TestClient

from probe.core.trace import iter_trace_file
from probe.viewer import create_app
from probe.viewer.app import LOOPBACK_HOSTS

DATA = Path(__file__).parents[1] / "data"


def client(path, **kw) -> TestClient:
    return TestClient(create_app(path, **kw))


def get(c: TestClient, route: str, **params):
    r = c.get(route, params=params)
    assert r.status_code == 200, r.text
    return r.json()


# --- listing and paging ----------------------------------------------------------------------------

def test_info_lists_trace_files_eval_dirs_and_kinds(root):
    info = get(client(root), "/api/info")
    types = {f["path"]: f["type"] for f in info["files"]}
    assert types["traces.jsonl"] == "traces"
    assert types["eval/static/traces.jsonl"] == "traces"
    assert types["eval/report.md"] == "text" and types["eval/yield_ci.png"] == "image"
    assert info["eval_dirs"] == ["eval"]
    assert get(client(root / "eval"), "/api/info")["kind"] == "eval"
    assert get(client(root / "traces.jsonl"), "/api/info")["kind"] == "traces"


def test_pages_are_disjoint_and_cover_the_file(root, played, hostile):
    c = client(root)
    ids = []
    for offset in range(0, 40, 7):
        page = get(c, "/api/traces", path="traces.jsonl", offset=offset, limit=7)
        assert page["total"] == len(played) + 1
        ids += [r["id"] for r in page["rows"]]
    assert ids == [t.id for t in played] + [hostile.id]
    assert [r["line"] for r in get(c, "/api/traces", path="traces.jsonl", offset=29, limit=5)["rows"]] == [30, 31]


def test_filters_match_the_traces(root, played):
    c = client(root)
    by_policy = [t.id for t in played if "B4" in t.policies_hit]
    assert 0 < len(by_policy) < len(played)
    page = get(c, "/api/traces", path="traces.jsonl", policy="B4", limit=500)
    assert [r["id"] for r in page["rows"]] == by_policy
    assert all("B4" in r["policies"] for r in page["rows"])
    clean = get(c, "/api/traces", path="traces.jsonl", policy="none", limit=500)["rows"]
    assert clean and all(r["violations"] == 0 and r["verdict"] == "clean" for r in clean)
    fam = played[0].scenario["family"]
    rows = get(c, "/api/traces", path="traces.jsonl", family=fam, limit=500)["rows"]
    assert rows and {r["family"] for r in rows} == {fam}
    assert get(c, "/api/traces", path="traces.jsonl", split="train")["total"] == 0
    assert get(c, "/api/traces", path="traces.jsonl", split="heldout")["total"] == len(played) + 1
    assert get(c, "/api/traces", path="traces.jsonl", method=played[0].meta.script)["total"] == 3
    facets = get(c, "/api/traces", path="traces.jsonl")["facets"]
    assert facets["policy"]["B4"] == len(by_policy)
    assert sum(facets["verdict"].values()) == len(played) + 1


def test_text_search_reads_messages_tool_calls_and_evidence(root, played):
    c = client(root)
    word = "round trip"
    expect = [t.id for t in played if any(word in (m.get("content") or "").lower() for m in t.messages)
              or any(word in v.evidence.lower() for v in t.violations)]
    got = [r["id"] for r in get(c, "/api/traces", path="traces.jsonl", q="Round Trip", limit=500)["rows"]]
    assert got == expect and got
    assert get(c, "/api/traces", path="traces.jsonl", q="search_flights")["total"] > 0  # a tool name
    assert get(c, "/api/traces", path="traces.jsonl", q="zzz-no-such-text")["total"] == 0


def test_sort_by_violations_and_severity(root, played):
    c = client(root)
    rows = get(c, "/api/traces", path="traces.jsonl", sort="-violations", limit=500)["rows"]
    counts = [r["violations"] for r in rows]
    assert counts == sorted(counts, reverse=True) and counts[0] > counts[-1]
    rows = get(c, "/api/traces", path="traces.jsonl", sort="violations", limit=500)["rows"]
    assert [r["violations"] for r in rows] == sorted(counts)
    sev = [r["severity"] for r in get(c, "/api/traces", path="traces.jsonl", sort="-severity", limit=500)["rows"]]
    assert sev == sorted(sev, reverse=True)
    r = c.get("/api/traces", params={"path": "traces.jsonl", "sort": "nonsense"})
    assert r.status_code == 400 and "allowed" in r.json()["error"]


@pytest.mark.tiny_auditor
def test_training_traces_sort_by_reward_across_updates(run_root):
    c = client(run_root)
    assert get(c, "/api/info")["kind"] == "run"
    info = get(c, "/api/run")
    assert [m["update"] for m in info["metrics"]] == [0, 1]
    assert info["curve_keys"] == ["return_mean", "violation_yield", "coverage_so_far", "k_max"]
    assert info["traces_dir"] == "traces" and len(info["trace_files"]) == 2
    assert info["config"] and "algo: grpo" in info["config"]
    page = get(c, "/api/traces", path="traces", sort="-reward", limit=500)
    files = {r["file"] for r in page["rows"]}
    assert files == {"traces/update-00000.jsonl", "traces/update-00001.jsonl"}
    rewards = [r["reward"] for r in page["rows"]]
    assert None not in rewards and rewards == sorted(rewards, reverse=True)
    assert {r["update"] for r in page["rows"]} == {0, 1}
    first = page["rows"][0]
    d = get(c, "/api/trace", path="traces", file=first["file"], line=first["line"])
    assert d["trace"]["id"] == first["id"] and d["trace"]["meta"]["source"] == "train"


# --- the trace -------------------------------------------------------------------------------------

def test_trace_detail_has_violations_policy_names_and_both_scenario_cards(root, played, domain):
    c = client(root)
    k, t = next((i, t) for i, t in enumerate(played) if t.violations)
    d = get(c, "/api/trace", path="traces.jsonl", line=k + 1)
    assert d["trace"]["id"] == t.id
    assert d["trace"]["violations"] == [v.to_json() for v in t.violations]
    p = t.violations[0].policy
    assert d["policies"][p]["name"] == domain.policy(p).text
    assert d["policies"][p]["severity"] == domain.policy(p).severity
    assert d["public_card"] == domain.scenario_text(t.scenario)
    assert d["trace"]["scenario"] == t.scenario
    assert d["trace"]["target"]["kind"] == "reference" and d["trace"]["target"]["system_prompt_hash"]
    assert d["read_version"] == 2
    assert c.get("/api/trace", params={"path": "traces.jsonl", "line": 999}).status_code == 404


def test_version_1_traces_are_upgraded_on_read():
    c = client(DATA / "traces_v1.jsonl")
    page = get(c, "/api/traces")
    expected = [t for t in iter_trace_file(DATA / "traces_v1.jsonl")]
    assert page["count"] == len(expected) > 0
    d = get(c, "/api/trace", line=page["rows"][0]["line"])
    assert d["read_version"] == 1 and d["trace"]["schema_version"] == 2


def test_compare_returns_two_methods_on_the_same_seed(root):
    c = client(root)
    seeds = get(c, "/api/seeds", a="eval/static/traces.jsonl", b="eval/cooperative/traces.jsonl")["seeds"]
    assert len(seeds) == 4
    s = seeds[-1]["seed"]
    d = get(c, "/api/compare", a="eval/static/traces.jsonl", b="eval/cooperative/traces.jsonl", seed=s)
    assert d["a"]["trace"]["seed"] == d["b"]["trace"]["seed"] == s
    assert d["a"]["method"] == "static" and d["b"]["method"] == "cooperative"
    assert c.get("/api/compare", params={"a": "eval/static/traces.jsonl", "b": "eval/cooperative/traces.jsonl",
                                         "seed": 5}).status_code == 404


def test_eval_directory_metric_table_plots_and_report(root):
    d = get(client(root), "/api/eval", path="eval")
    assert [r["method"] for r in d["rows"]] == ["static", "cooperative"]
    assert d["columns"][0] == "method" and "failed turns" in d["columns"]
    assert all(r["error"] is None and len(r["cells"]) == len(d["columns"]) for r in d["rows"])
    assert sorted(d["plots"]) == ["eval/coverage_heatmap.png", "eval/tool_reach.png", "eval/yield_ci.png"]
    assert d["methods"][0]["traces"] == "eval/static/traces.jsonl"
    assert d["report"].startswith("# Evaluation report")


def test_bad_lines_are_reported_and_a_growing_file_is_indexed_incrementally(tmp_path, played):
    f = tmp_path / "t.jsonl"
    lines = [json.dumps(t.to_json()) for t in played[:5]]
    f.write_text("\n".join(lines[:3]) + "\nnot json\n{\"id\": 3}\n")
    c = client(tmp_path)
    page = get(c, "/api/traces", path="t.jsonl")
    assert page["count"] == 3 and page["bad_lines"] == 2
    assert {b["line"] for b in page["bad"]} == {4, 5}
    with open(f, "a") as fh:
        fh.write(lines[3] + "\n" + lines[4][:50])  # the last line is still being written
    page = get(c, "/api/traces", path="t.jsonl")
    assert page["count"] == 4
    with open(f, "a") as fh:
        fh.write(lines[4][50:] + "\n")
    page = get(c, "/api/traces", path="t.jsonl", limit=10)
    assert page["count"] == 5 and page["rows"][-1]["id"] == played[4].id and page["rows"][-1]["line"] == 7


# --- generic records (AdaT, regression) --------------------------------------------------------------

def test_records_are_paged_filtered_by_verdict_and_open_embedded_traces(tmp_path, played):
    d = tmp_path / "adat"
    d.mkdir()
    verdicts = ["pass", "fail", "inconclusive"]
    with open(d / "verdicts.jsonl", "w") as f:
        for i, t in enumerate(played):
            f.write(json.dumps({"test_id": f"T{i:03d}", "statement": t.messages[-1].get("content") or "",
                                "verdict": verdicts[i % 3], "policies": t.policies_hit,
                                "layers": {"replay": {"verdict": verdicts[(i + 1) % 3], "trials": 5, "p_value": 0.01 * i}},
                                "execution": t.to_json()}) + "\n")
    (d / "statements.jsonl").write_text("\n".join(json.dumps({"id": f"S{i}", "text": f"statement {i}"}) for i in range(3)) + "\n")
    c = client(d)
    assert get(c, "/api/info")["kind"] == "adat"
    page = get(c, "/api/records", path="verdicts.jsonl", verdict="fail", limit=500)
    assert page["total"] == len(played) // 3 and {r["verdict"] for r in page["rows"]} == {"fail"}
    assert "layers.replay.verdict" in page["columns"] and "layers.replay.p_value" in page["columns"]
    assert page["rows"][0]["traces"] == ["execution"]
    srt = get(c, "/api/records", path="verdicts.jsonl", sort="-layers.replay.p_value", limit=500)["rows"]
    ps = [r["fields"]["layers.replay.p_value"] for r in srt]
    assert ps == sorted(ps, reverse=True)
    line = page["rows"][0]["line"]
    tr = get(c, "/api/trace", path="verdicts.jsonl", line=line, key="execution")
    assert tr["trace"]["id"] == played[line - 1].id and tr["key"] == "execution"
    rec = get(c, "/api/record", path="verdicts.jsonl", line=line)
    assert rec["record"]["test_id"] == f"T{line - 1:03d}"
    assert get(c, "/api/records", path="statements.jsonl", q="statement 2")["total"] == 1


# --- paths outside the opened directory ------------------------------------------------------------

@pytest.mark.parametrize("bad", ["../secret.txt", "/etc/passwd", "eval/../../secret.txt", "..", "eval/..%2f..",
                                 "./../secret.txt", "..\\secret.txt", "C:/secret.txt"])
def test_paths_leaving_the_directory_are_refused(fresh, bad):
    (fresh.parent / "secret.txt").write_text("secret")
    c = client(fresh)
    for route in ("/api/raw", "/api/traces", "/api/records", "/api/eval", "/api/run"):
        r = c.get(route, params={"path": bad})
        assert r.status_code in (403, 404), (route, bad, r.status_code)
        assert "secret" not in r.text.replace("secret.txt", "")


def test_symlinks_out_of_the_directory_are_refused_and_inside_ones_followed(fresh, played):
    outside = fresh.parent / "outside"
    outside.mkdir()
    (outside / "t.jsonl").write_text(json.dumps(played[0].to_json()) + "\n")
    (outside / "notes.md").write_text("outside notes")
    os.symlink(outside, fresh / "link-dir")
    os.symlink(outside / "notes.md", fresh / "link.md")
    os.symlink(fresh / "eval" / "report.md", fresh / "inside.md")
    c = client(fresh)
    for params in ({"path": "link.md"}, {"path": "link-dir/notes.md"}):
        r = c.get("/api/raw", params=params)
        assert r.status_code == 403 and "outside" in r.json()["error"]
    assert c.get("/api/traces", params={"path": "link-dir/t.jsonl"}).status_code == 403
    assert c.get("/api/trace", params={"path": "traces.jsonl", "file": "link-dir/t.jsonl", "line": 1}).status_code == 403
    listed = {f["path"] for f in get(c, "/api/info")["files"]}
    assert "link.md" not in listed and not any(p.startswith("link-dir") for p in listed)
    r = c.get("/api/raw", params={"path": "inside.md"})
    assert r.status_code == 200 and r.text.startswith("# Evaluation report")


def test_a_single_opened_file_refuses_its_neighbours(fresh):
    c = client(fresh / "traces.jsonl")
    assert get(c, "/api/traces")["count"] == 31
    assert get(c, "/api/traces", path="traces.jsonl")["count"] == 31
    for p in ("eval/report.md", "eval", "../traces.jsonl"):
        assert c.get("/api/raw", params={"path": p}).status_code == 403


def test_raw_files_are_sandboxed_text_or_images_and_pages_carry_a_csp(root):
    c = client(root)
    r = c.get("/api/raw", params={"path": "eval/report.md"})
    assert r.headers["content-type"].startswith("text/plain")
    assert "sandbox" in r.headers["content-security-policy"] and r.headers["x-content-type-options"] == "nosniff"
    assert c.get("/api/raw", params={"path": "eval/yield_ci.png"}).headers["content-type"] == "image/png"
    page = c.get("/")
    csp = page.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "default-src 'none'" in csp


def test_loopback_server_refuses_foreign_host_headers(root):
    c = client(root, allowed_hosts=LOOPBACK_HOSTS)
    assert c.get("/api/info", headers={"host": "127.0.0.1:7860"}).status_code == 200
    assert c.get("/api/info", headers={"host": "localhost:7860"}).status_code == 200
    assert c.get("/api/info", headers={"host": "evil.example:7860"}).status_code == 400


# --- 10,000 traces -----------------------------------------------------------------------------------

def test_ten_thousand_traces_index_once_and_page_fast(many):
    c = client(many)
    t0 = time.perf_counter()
    first = get(c, "/api/traces", limit=50)
    opened = time.perf_counter() - t0
    assert first["count"] == 10_000 and len(first["rows"]) == 50
    times = []
    for offset in (50, 5000, 9950):
        t0 = time.perf_counter()
        page = get(c, "/api/traces", offset=offset, limit=50, policy="B4", sort="-violations", q="flight")
        times.append(time.perf_counter() - t0)
        assert page["count"] == 10_000
    t0 = time.perf_counter()
    last = get(c, "/api/trace", line=9_999)
    times.append(time.perf_counter() - t0)
    assert last["trace"]["id"].endswith("-copy9998")
    print(f"\n10,000 traces: first page (index built) {opened:.2f} s; later pages/trace {max(times) * 1000:.0f} ms at most")
    assert opened < 60, f"indexing 10,000 traces took {opened:.1f} s"
    assert max(times) < 2.0, f"a page of an indexed file took {max(times):.2f} s"
    assert len(c.app.state.viewer.indexes) == 1  # one index, built once


def test_regression_suite_cases_folder_verdicts_and_links_to_traces(tmp_path, played):
    """A regression suite as probe regress lays it out (cases/<id>.json, verdicts.jsonl with an
    outcome and a nested verdict), read generically; record trace ids lead to the trace."""
    suite = tmp_path / "suite"
    (suite / "cases").mkdir(parents=True)
    data_traces = [t for t in played if t.violations][:4]
    for t in data_traces:
        v = t.violations[0]
        case = {"schema_version": 1, "id": f"{t.id}-{v.policy}", "env": t.env,
                "provenance": {"trace_id": t.id, "trace_file": "discovery.jsonl", "policy": v.policy, "evidence": v.evidence},
                "tags": {"env": t.env, "family": t.scenario["family"], "policies": t.policies_hit},
                "family": t.scenario["family"], "seed": t.seed,
                "turns": [m["content"] for m in t.messages if m["role"] == "user"], "expect": {"must_not_fire": [v.policy]}}
        (suite / "cases" / f"{case['id']}.json").write_text(json.dumps(case, indent=2))
    (suite / "suite.json").write_text(json.dumps({"env": "skyassist", "cases": len(data_traces)}))
    with open(suite / "verdicts.jsonl", "w") as f:
        for i, t in enumerate(data_traces):
            f.write(json.dumps({"case": f"{t.id}-{t.violations[0].policy}", "outcome": "REGRESS" if i == 0 else "PASS",
                                "quarantined": i == 3, "critical": True,
                                "verdict": {"base_pass": 5, "base_n": 5, "cand_pass": 5 - 4 * (i == 0), "cand_n": 5,
                                            "p": 0.02 if i == 0 else 1.0}}) + "\n")
    data.write(suite / "discovery.jsonl", data_traces)
    c = client(suite)
    info = get(c, "/api/info")
    assert info["kind"] == "regression" and info["record_dirs"] == ["cases"]
    cases = get(c, "/api/records", path="cases", limit=500)
    assert cases["count"] == 4 and len(cases["files"]) == 4
    refs = [r["refs"] for r in cases["rows"]]
    assert all(len(x) == 1 for x in refs)
    row = cases["rows"][0]
    rec = get(c, "/api/record", path="cases", file=row["file"], line=1)
    assert rec["record"]["provenance"]["trace_id"] == row["refs"][0]["id"]
    at = get(c, "/api/locate", path="cases/" + row["file"].split("/")[-1], id=row["refs"][0]["id"])
    assert at["path"] == "discovery.jsonl"
    assert get(c, "/api/trace", path=at["path"], line=at["line"])["trace"]["id"] == row["refs"][0]["id"]
    v = get(c, "/api/records", path="verdicts.jsonl", verdict="REGRESS")
    assert v["total"] == 1 and v["rows"][0]["fields"]["verdict.p"] == 0.02
    assert "quarantined" in v["columns"] and "verdict.cand_pass" in v["columns"]
    assert c.get("/api/locate", params={"path": "verdicts.jsonl", "id": "no-such-trace"}).status_code == 404


def test_adat_statement_evidence_points_at_a_message_of_a_discovery_trace(tmp_path, played):
    d = tmp_path / "adat"
    d.mkdir()
    data.write(d / "discovery.jsonl", played[:6])
    t = played[4]
    k = next(i for i, m in enumerate(t.messages) if m["role"] == "assistant" and m.get("content"))
    with open(d / "statements.jsonl", "w") as f:
        f.write(json.dumps({"id": "S001", "text": "When asked, the agent states a rule.", "kind": "rule",
                            "evidence": [{"trace_id": t.id, "message_index": k, "reply": t.messages[k]["content"][:80],
                                          "request": "", "user_turn": 0}], "support": 1, "confidence": 0.5}) + "\n")
    with open(d / "verdicts.jsonl", "w") as f:
        f.write(json.dumps({"test_id": "T1", "target": "none", "verdict": "inconclusive", "reason": "not reached",
                            "policies": [], "reached": False, "turns": 2, "trace_id": t.id}) + "\n")
    c = client(d)
    assert get(c, "/api/info")["kind"] == "adat"
    row = get(c, "/api/records", path="statements.jsonl")["rows"][0]
    assert row["refs"] == [{"id": t.id, "message_index": k}]
    assert get(c, "/api/records", path="verdicts.jsonl")["facets"]["verdict"] == {"inconclusive": 1}
    at = get(c, "/api/locate", path="statements.jsonl", id=t.id)
    assert at == {"path": "discovery.jsonl", "line": 5}


def test_a_folder_of_trace_files_follows_new_files(tmp_path, played):
    d = tmp_path / "traces"
    data.write(d / "update-00000.jsonl", played[:3])
    data.write(d / "update-00001.jsonl", played[3:5])
    c = client(tmp_path)
    assert get(c, "/api/traces", path="traces")["count"] == 5
    data.write(d / "update-00002.jsonl", played[5:9])  # the run wrote another update
    page = get(c, "/api/traces", path="traces", limit=500)
    assert page["count"] == 9 and page["files"][-1] == "traces/update-00002.jsonl"
    assert [r["id"] for r in page["rows"]] == [t.id for t in played[:9]]
    last = page["rows"][-1]
    assert get(c, "/api/trace", path="traces", file=last["file"], line=last["line"])["trace"]["id"] == played[8].id
    (d / "update-00000.jsonl").unlink()
    assert get(c, "/api/traces", path="traces")["count"] == 6
    assert len(c.app.state.viewer.indexes) == 1


def test_the_page_script_never_parses_data_as_html():
    """A static guard beside the browser test: no HTML-parsing sink in the page's script (comments
    aside), no inline script or handler in the page, nothing loaded from another origin."""
    import re

    static = Path(__file__).parents[2] / "probe" / "viewer" / "static"
    code = "\n".join(line.split("//")[0] for line in (static / "app.js").read_text().splitlines())
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"):
        assert sink not in code, sink
    html = (static / "index.html").read_text()
    assert re.findall(r"<script[^>]*>", html) == ['<script src="/static/app.js">']
    assert not re.search(r"\son[a-z]+\s*=", html), "an inline event handler"
    assert "http://" not in html and "https://" not in html
    assert "http://" not in code.replace("http://www.w3.org/2000/svg", "") and "https://" not in code
