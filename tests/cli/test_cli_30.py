"""Failed endpoints in ``probe regress``, failed evals in ``--compare`` and seeds out of range (session 30;
the cases come from the newcomer's CLI report of session 29, /work/h29/newcomer/report.md, findings 6, 10
and 11's ``--compare`` point, and the fix brief's wording of them).

Every case has its twin: a dead or failing endpoint is one error line before anything is written, or a
TARGET_FAILED verdict when it fails during the trials, and a working one runs and is judged; a compared
eval whose target failed is marked in every table and makes the compare exit 1, clean evals compare with
exit 0; a scenario seed outside 0..2**32-1 is refused naming the range and the train and held-out ranges,
a seed inside it is played; a run seed beyond numpy's range is refused, the bound itself is used.
Dead endpoints are closed loopback ports; failing ones are the loopback stub server
(``tests/openai_stub_server.py``) answering HTTP 500.
"""

from __future__ import annotations

import json
import shutil
import socket
from pathlib import Path

import pytest
from openai_stub_server import StubServer, http_error, text
from typer.testing import CliRunner

from probe.cli.main import app
from probe.core.registry import get_domain
from probe.core.scripts import load_script, play_script
from probe.core.trace import append_trace
from probe.regression.export import export, read_traces

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = str(ROOT / "envs" / "skyassist" / "scripts" / "one_way.txt")
PLAY = ["play", "--family", "one_way", "--seed", "1000003", "--script", SCRIPT]


def invoke(*args, env=None):
    return CliRunner().invoke(app, [str(a) for a in args], env=env)


def error_lines(r) -> list[str]:
    return [x for x in r.stderr.strip().splitlines() if x.startswith("error: ")]


def one_error_line(r, code=2) -> str:
    lines = r.stderr.strip().splitlines()
    assert r.exit_code == code, (r.exit_code, r.output)
    assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr
    return lines[0]


def closed_port_url() -> str:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return f"http://127.0.0.1:{port}/v1"


@pytest.fixture(scope="module")
def suite(tmp_path_factory) -> Path:
    """A one-case mock suite, exported from an oracle script played against the faulty reference target."""
    d = get_domain("mock")
    tmp = tmp_path_factory.mktemp("suite30")
    traces = tmp / "traces.jsonl"
    script = load_script(ROOT / "envs" / "mock" / "oracle_scripts" / "L1.txt")
    scenario = d.scenario(script.family, d.heldout_seeds[0])
    append_trace(traces, play_script(d, scenario, d.make_target("reference", d.resolve_faults("all")), script))
    loaded, _ = read_traces([traces], None)
    export(d, loaded, tmp / "suite")
    assert len(list((tmp / "suite" / "cases").glob("*.json"))) == 1
    return tmp / "suite"


def fresh(suite: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(suite, tmp_path / "suite"))


def openai_config(path: Path, url: str, name: str = "cand") -> Path:
    path.write_text(f"kind: openai\nname: {name}\nmodel: stub\nbase_url: {url}\nmax_retries: 0\ntimeout_s: 5\n")
    return path


def first_ok_then_500(body, n):
    """The first request (probe's check of the endpoint) is answered; every later one is HTTP 500."""
    return text("OK") if n == 0 else http_error(500)


# --- 1: probe regress against a dead or failing endpoint ------------------------------------------------

@pytest.mark.parametrize("side", ["--candidate", "--baseline"])
def test_a_gate_against_a_dead_endpoint_is_one_error_line_exit_1_and_writes_nothing(suite, tmp_path, side):
    s = fresh(suite, tmp_path)
    dead = openai_config(tmp_path / "dead.yaml", closed_port_url(), "deadrelease")
    other = "--baseline" if side == "--candidate" else "--candidate"
    r = invoke("regress", "gate", s, side, dead, other, "reference", "--out", tmp_path / "g")
    line = one_error_line(r, code=1)
    assert side in line and "deadrelease" in line and "endpoint" in line and "nothing was run" in line, line
    assert "REGRESS" not in r.output
    assert not (tmp_path / "g").exists()


def test_a_gate_against_an_endpoint_that_answers_http_500_is_refused_before_any_trial(suite, tmp_path):
    s = fresh(suite, tmp_path)
    with StubServer(default=http_error(500)) as server:
        r = invoke("regress", "gate", s, "--baseline", "reference", "--candidate",
                   openai_config(tmp_path / "c.yaml", server.url), "--out", tmp_path / "g")
        asked = len(server.requests)
    line = one_error_line(r, code=1)
    assert "500" in line and "--candidate" in line
    assert asked == 1 and not (tmp_path / "g").exists()


def test_a_gate_whose_endpoint_fails_during_the_trials_says_target_failed_not_regress(suite, tmp_path):
    s = fresh(suite, tmp_path)
    with StubServer(handler=first_ok_then_500) as server:
        r = invoke("regress", "gate", s, "--baseline", "reference", "--candidate",
                   openai_config(tmp_path / "c.yaml", server.url), "--out", tmp_path / "g")
    assert r.exit_code == 1, r.output
    verdicts = [json.loads(x) for x in (tmp_path / "g" / "verdicts.jsonl").read_text().splitlines()]
    assert [v["outcome"] for v in verdicts] == ["TARGET_FAILED"]
    assert verdicts[0]["target_failed_trials"] > 0
    assert "REGRESS" not in r.output and "PASS" not in r.output.replace("BLOCKED", "")
    assert "TARGET_FAILED" in r.output.splitlines()[-1] and "not judged" in r.output.splitlines()[-1]
    summary = (tmp_path / "g" / "summary.md").read_text()
    assert "TARGET_FAILED 1" in summary and "REGRESS" not in summary and "BLOCKED" in summary
    assert "not a clean result" in summary
    junit = (tmp_path / "g" / "junit.xml").read_text()
    assert 'type="TARGET_FAILED"' in junit and "Fisher" not in junit


def test_a_gate_between_working_targets_still_gives_statistical_verdicts(suite, tmp_path):
    s = fresh(suite, tmp_path)
    r = invoke("regress", "gate", s, "--baseline", "reference", "--candidate", "reference", "--out", tmp_path / "g")
    assert r.exit_code == 0, r.output
    verdicts = [json.loads(x) for x in (tmp_path / "g" / "verdicts.jsonl").read_text().splitlines()]
    assert all(v["outcome"] == "PASS" and v["target_failed_trials"] == 0 for v in verdicts)
    assert "TARGET_FAILED" not in (tmp_path / "g" / "summary.md").read_text()


def test_a_gate_against_a_working_endpoint_runs_its_trials(suite, tmp_path):
    s = fresh(suite, tmp_path)
    with StubServer(default=text("Hello, how can I help?")) as server:
        r = invoke("regress", "gate", s, "--baseline", "reference", "--candidate",
                   openai_config(tmp_path / "c.yaml", server.url), "--out", tmp_path / "g")
        asked = len(server.requests)
    assert not error_lines(r), r.output
    assert asked > 1 and (tmp_path / "g" / "verdicts.jsonl").is_file()
    verdicts = [json.loads(x) for x in (tmp_path / "g" / "verdicts.jsonl").read_text().splitlines()]
    assert all(v["outcome"] != "TARGET_FAILED" and v["target_failed_trials"] == 0 for v in verdicts)


def test_regress_run_live_against_a_dead_endpoint_is_one_error_line_and_no_run_folder(suite, tmp_path):
    s = fresh(suite, tmp_path)
    r = invoke("regress", "run", s, "--layer", "live", "--trials", "2", "--config",
               openai_config(tmp_path / "dead.yaml", closed_port_url()), "--out", tmp_path / "r")
    assert "--config" in one_error_line(r, code=1)
    assert not (tmp_path / "r").exists()


def test_regress_run_live_with_failures_mid_run_says_so_and_exits_1_and_a_clean_run_exits_0(suite, tmp_path):
    s = fresh(suite, tmp_path)
    with StubServer(handler=first_ok_then_500) as server:
        r = invoke("regress", "run", s, "--layer", "live", "--trials", "2", "--config",
                   openai_config(tmp_path / "c.yaml", server.url), "--out", tmp_path / "r")
    assert r.exit_code == 1 and "not a clean result" in r.output, r.output
    ok = invoke("regress", "run", s, "--layer", "live", "--trials", "2", "--config", "reference",
                "--out", tmp_path / "r2")
    assert ok.exit_code == 0 and "not a clean result" not in ok.output, ok.output


def test_a_baseline_record_against_a_dead_endpoint_writes_no_version(suite, tmp_path):
    s = fresh(suite, tmp_path)
    r = invoke("regress", "baseline", "record", s, "--trials", "2", "--config",
               openai_config(tmp_path / "dead.yaml", closed_port_url()))
    one_error_line(r, code=1)
    assert not (s / "baselines").exists() or not list((s / "baselines").rglob("v*.json"))


def test_a_baseline_recorded_while_the_endpoint_fails_is_not_written_and_a_clean_one_is(suite, tmp_path):
    s = fresh(suite, tmp_path)
    with StubServer(handler=first_ok_then_500) as server:
        r = invoke("regress", "baseline", "record", s, "--trials", "2", "--config",
                   openai_config(tmp_path / "c.yaml", server.url))
    line = one_error_line(r, code=1)
    assert "target turn failed" in line and "no baseline version" in line, line
    assert not [p for p in (s / "baselines").rglob("v*.json") if not p.name.endswith(".trials.jsonl")]
    ok = invoke("regress", "baseline", "record", s, "--trials", "2", "--config", "reference")
    assert ok.exit_code == 0, ok.output
    assert list((s / "baselines").rglob("v0001.json"))


# --- 2: a compared eval whose target failed is marked in every table, and the compare exits 1 -----------

QUICK = ["--auditor", "static", "--episodes", "2", "--turns", "1"]


@pytest.fixture(scope="module")
def evals(tmp_path_factory) -> dict[str, Path]:
    """A clean eval, a second clean one, and one whose openai target answered HTTP 500 on every turn."""
    tmp = tmp_path_factory.mktemp("evals30")
    for name in ("clean", "clean2"):
        r = invoke("eval", *QUICK, "--out", tmp / name)
        assert r.exit_code == 0, r.output
    with StubServer(default=http_error(500)) as server:
        r = invoke("eval", *QUICK, "--target", "openai", "--base-url", server.url, "--model", "m", "--retries", "0",
                   "--out", tmp / "failed")
    assert r.exit_code == 1 and (tmp / "failed" / "metrics.json").is_file(), r.output
    return {"clean": tmp / "clean", "clean2": tmp / "clean2", "failed": tmp / "failed", "failed_run": r}


def test_the_eval_table_and_report_of_a_failed_target_mark_the_method(evals):
    assert "static (target failed" in evals["failed_run"].stdout
    assert "static (target failed" in (evals["failed"] / "report.md").read_text()
    assert "(target failed" not in (evals["clean"] / "report.md").read_text()


@pytest.mark.parametrize("order", [("failed", "clean"), ("clean", "failed")])
def test_comparing_an_eval_whose_target_failed_marks_it_warns_and_exits_1(evals, tmp_path, order):
    r = invoke("eval", "--compare", *[evals[k] for k in order], "--out", tmp_path / "cmp")
    assert r.exit_code == 1, r.output
    assert "(target failed" in r.stdout
    warnings = [x for x in r.stderr.splitlines() if x.startswith("warning:") and "target failed" in x]
    assert len(warnings) == 1 and "not a clean result" in warnings[0]
    md = (tmp_path / "cmp" / "compare.md").read_text()
    assert md.count("(target failed") == 1


def test_comparing_an_eval_whose_target_failed_without_out_also_exits_1(evals):
    r = invoke("eval", "--compare", evals["clean"], evals["failed"])
    assert r.exit_code == 1 and "(target failed" in r.stdout


def test_comparing_clean_evals_exits_0_and_marks_nothing(evals, tmp_path):
    r = invoke("eval", "--compare", evals["clean"], evals["clean2"], "--out", tmp_path / "cmp")
    assert r.exit_code == 0, r.output
    assert "target failed" not in r.output and "target failed" not in (tmp_path / "cmp" / "compare.md").read_text()


# --- 5: seeds beyond the documented ranges ---------------------------------------------------------------

@pytest.mark.parametrize("seed", ["10000000000000000000000", "99999999999999999999", "4294967296", "-5"])
@pytest.mark.parametrize("command", [["env", "scenario", "--family", "one_way"], PLAY[:3] + PLAY[5:]])
def test_a_scenario_seed_out_of_range_is_one_line_naming_the_range_and_the_train_and_held_out_ranges(command, seed):
    line = one_error_line(invoke(*command, "--seed", seed))
    assert "--seed" in line and "0 to 4294967295" in line and "0 to 99999" in line and "1000000 to 1009999" in line, line


@pytest.mark.parametrize("seed", ["0", "99999", "500000", "1000000", "1009999", "4294967295"])
def test_a_scenario_seed_inside_the_range_is_played(seed):
    r = invoke("env", "scenario", "--family", "one_way", "--seed", seed, "--json")
    assert r.exit_code == 0 and not error_lines(r), r.output


@pytest.mark.parametrize("command", [["regress", "run", "SUITE", "--layer", "scripted", "--out", "OUT"],
                                     ["regress", "gate", "SUITE", "--baseline", "reference", "--candidate",
                                      "reference", "--out", "OUT"]])
def test_a_run_seed_beyond_numpys_range_is_one_line_naming_the_bound(suite, tmp_path, command):
    args = [str(suite) if a == "SUITE" else str(tmp_path / "o") if a == "OUT" else a for a in command]
    line = one_error_line(invoke(*args, "--seed", "10000000000000000000000"))
    assert "--seed" in line and "4294967295" in line
    assert not (tmp_path / "o").exists()
    ok = invoke(*args, "--seed", "4294967295")
    assert ok.exit_code == 0, ok.output
