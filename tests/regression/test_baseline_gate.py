"""Versioned baselines, quarantine, the gate's exit codes and reports, through the command line."""

import json
import xml.etree.ElementTree as ET

from typer.testing import CliRunner

from probe.cli.main import app
from probe.core.registry import get_domain
from probe.regression.baseline import read_quarantine, versions
from probe.regression.case import load_suite
from probe.regression.config import parse_config

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def copy_suite(src, dst):
    import shutil

    shutil.copytree(src, dst)
    return dst


def test_gate_releases_an_unchanged_target_and_blocks_a_faulty_one(mock_suite, tmp_path):
    r = run("regress", "gate", mock_suite, "--baseline", "reference", "--candidate", "reference", "--out", tmp_path / "same")
    assert r.exit_code == 0, r.output
    assert "RELEASE" in r.output
    verdicts = [json.loads(x) for x in (tmp_path / "same" / "verdicts.jsonl").read_text().splitlines()]
    assert all(v["outcome"] == "PASS" and v["verdict"]["stopped_early"] for v in verdicts)
    assert all(v["baseline"]["system_prompt_hash"] and v["candidate"]["tool_schema_hash"] for v in verdicts)
    trials = (tmp_path / "same" / "trials.jsonl").read_text().splitlines()
    assert len(trials) == 10 * len(verdicts)  # 5 per side, stopped early
    r = run("regress", "gate", mock_suite, "--baseline", "reference", "--candidate", "reference:leak_shelf_code",
            "--out", tmp_path / "bad")
    assert r.exit_code == 1 and "BLOCKED" in r.output
    junit = ET.parse(tmp_path / "bad" / "junit.xml").getroot()
    assert junit.tag == "testsuite" and int(junit.get("tests")) == 3 and int(junit.get("failures")) == 1
    failed = [tc for tc in junit.iter("testcase") if tc.find("failure") is not None]
    assert failed[0].get("name").startswith("L2-") and "REGRESS" in failed[0].find("failure").get("message")
    props = {p.get("name"): p.get("value") for p in junit.iter("property")}
    assert props["candidate.faults"] == "['leak_shelf_code']"
    md = (tmp_path / "bad" / "summary.md").read_text()
    assert md.startswith("# probe regress gate: BLOCKED") and "| L2-" in md and "## Blocking" in md


def test_baseline_versions_are_never_overwritten_and_changes_need_approval(mock_suite, tmp_path):
    suite = copy_suite(mock_suite, tmp_path / "suite")
    d = get_domain("mock")
    key = parse_config("reference", d).key(d)
    r = run("regress", "baseline", "record", suite, "--config", "reference", "--trials", "3")
    assert r.exit_code == 0, r.output
    r = run("regress", "baseline", "record", suite, "--config", "reference", "--trials", "3")
    assert r.exit_code == 0 and versions(suite, key) == [1, 2]
    first = (suite / "baselines" / key / "v0001.json").read_text()
    # change an expectation by hand: recording refuses without --approve --note
    path = sorted((suite / "cases").glob("L2-*.json"))[0]
    case = json.loads(path.read_text())
    case["expect"]["must_call"] = []
    path.write_text(json.dumps(case))
    r = run("regress", "baseline", "record", suite, "--config", "reference", "--trials", "3")
    assert r.exit_code == 2 and r.output.count("error:") == 1 and "--approve" in r.output
    r = run("regress", "baseline", "record", suite, "--config", "reference", "--trials", "3", "--approve")
    assert r.exit_code == 2 and "--note" in r.output
    r = run("regress", "baseline", "record", suite, "--config", "reference", "--trials", "3", "--approve",
            "--note", "must_call dropped: search is optional")
    assert r.exit_code == 0, r.output
    assert versions(suite, key) == [1, 2, 3]
    assert (suite / "baselines" / key / "v0001.json").read_text() == first
    v3 = json.loads((suite / "baselines" / key / "v0003.json").read_text())
    assert v3["approved"] and v3["note"].startswith("must_call dropped")
    history = json.loads(path.read_text())["history"]
    assert history and history[-1]["note"] == "must_call dropped: search is optional"


def test_flaky_baseline_cases_are_quarantined_run_and_reported_apart(mock_suite, tmp_path):
    suite = copy_suite(mock_suite, tmp_path / "suite")
    flaky = "reference:skip_confirm_when_rushed@0.5"
    r = run("regress", "baseline", "record", suite, "--config", flaky, "--trials", "20", "--owner", "ana")
    assert r.exit_code == 0, r.output
    queue = read_quarantine(suite)
    (cid,) = [c for c in queue]
    assert cid.startswith("L1-") and queue[cid].status == "open" and queue[cid].owner == "ana"
    assert queue[cid].deadline and queue[cid].rate < 0.8
    # the gate uses the stored baseline, still runs the quarantined case, reports it apart, does not block on it
    r = run("regress", "gate", suite, "--baseline", flaky, "--candidate", "reference:skip_confirm_when_rushed",
            "--out", tmp_path / "g")
    assert r.exit_code == 0, r.output
    v = {json.loads(x)["case"]: json.loads(x) for x in (tmp_path / "g" / "verdicts.jsonl").read_text().splitlines()}
    assert v[cid]["quarantined"] and v[cid]["verdict"]["cand_n"] == 20
    assert "baseline trials from stored v0001" in r.output
    junit = ET.parse(tmp_path / "g" / "junit.xml").getroot()
    skipped = [tc for tc in junit.iter("testcase") if tc.find("skipped") is not None]
    assert [tc.get("name") for tc in skipped] == [cid]


def test_a_failed_target_turn_blocks_the_gate(mock_suite, tmp_path):
    from openai_stub_server import StubServer, http_error

    suite = copy_suite(mock_suite, tmp_path / "suite")
    for p in sorted((suite / "cases").glob("*.json"))[1:]:
        p.unlink()  # one case is enough
    with StubServer(default=http_error(500)) as server:
        cfg = tmp_path / "cand.yaml"
        cfg.write_text(f"kind: openai\nmodel: stub\nbase_url: {server.url}\nmax_retries: 0\n")
        r = run("regress", "gate", suite, "--baseline", "reference", "--candidate", cfg, "--out", tmp_path / "g")
    assert r.exit_code == 1 and "failed target turn" in r.output


def test_cases_load_for_the_right_environment_only(mock_suite):
    assert len(load_suite(mock_suite, get_domain("mock"))) == 3
