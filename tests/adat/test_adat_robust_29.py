"""AdaT failures, errors and data safety: the adat-tester's findings 1, 7, 8 and 9 (session 29).

Cases from /work/h29/adat-tester/report.md (a black-box test of ``probe adat``), rephrased and each
with its right twin: a dead endpoint (a closed loopback port) behind ``--driver endpoint``,
``--roles endpoint`` and ``judge-agreement --judge endpoint`` is an error, a partly failing one
(the loopback stub server, ``tests/openai_stub_server.py``) is reported as such; ``judge-agreement
--env`` refuses traces of another environment and prints an undefined kappa as "-";
``scripts/adat_faults.py`` validates its flags before it creates anything; ``probe adat run``
leaves no claimed folder behind on bad input, a failure or Ctrl-C.
"""

import json
import socket

import pytest
from openai_stub_server import StubServer, http_error, text
from scripts_loader import load_script
from typer.testing import CliRunner

import probe.adat.run as adat_run
from probe.adat.pipeline import MARKER
from probe.adat.roles import prompt
from probe.cli.main import app
from probe.core.registry import get_domain

MOCK = ["adat", "run", "--env", "mock", "--sessions", "2", "--n", "2", "--no-regression", "--embedder", "hash-bow"]


def closed_port_url() -> str:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return f"http://127.0.0.1:{port}/v1"


def error_lines(r) -> list[str]:
    return [x for x in r.stderr.strip().splitlines() if x.startswith("error: ")]


def role_of(body) -> str | None:
    first = body["messages"][0]
    for role in ("planner", "extractor", "grounding", "generator", "judge", "policy_judge"):
        if first["role"] == "system" and first["content"] == prompt(role):
            return role
    return None


# --- finding 1: a dead or failing endpoint is never a clean result ---------------------------------------

@pytest.mark.parametrize("flags", [["--driver", "endpoint"], ["--driver", "static", "--roles", "endpoint"]])
def test_a_dead_endpoint_behind_the_driver_or_the_roles_is_one_error_and_exit_1(tmp_path, flags):
    r = CliRunner().invoke(app, [*MOCK, *flags, "--base-url", closed_port_url(), "--model", "m", "--run", "x",
                                 "--out-dir", str(tmp_path)])
    assert r.exit_code == 1, r.output
    assert len(error_lines(r)) == 1 and "endpoint" in error_lines(r)[0] and "connect" in error_lines(r)[0].lower()
    assert not (tmp_path / "x" / "adat").exists()


def test_a_live_endpoint_driver_runs_and_its_calls_are_counted(tmp_path):
    with StubServer(default=text("Hello, I would like to borrow a book.")) as server:
        r = CliRunner().invoke(app, [*MOCK, "--driver", "endpoint", "--base-url", server.url, "--model", "m",
                                     "--run", "x", "--out-dir", str(tmp_path)])
    assert r.exit_code == 0, r.output
    calls = json.loads((tmp_path / "x" / "adat" / "summary.json").read_text())["endpoint_calls"]
    assert calls["driver"]["calls"] >= 2 and calls["driver"]["failed"] == 0


def test_some_failed_driver_requests_are_counted_in_the_summary_report_and_table(tmp_path):
    def handler(body, n):
        return http_error(400, "bad request (scripted)") if n == 2 else text("I want to borrow a book.")

    with StubServer(handler) as server:
        r = CliRunner().invoke(app, [*MOCK, "--driver", "endpoint", "--base-url", server.url, "--model", "m",
                                     "--run", "x", "--out-dir", str(tmp_path)])
    assert r.exit_code == 0, r.output
    out = tmp_path / "x" / "adat"
    calls = json.loads((out / "summary.json").read_text())["endpoint_calls"]
    assert calls["driver"]["failed"] == 1 and calls["driver"]["calls"] > 1 and "400" in calls["driver"]["first"]
    assert "driver: 1 of" in (out / "report.md").read_text()
    assert "failed calls: driver" in r.stdout and "partial" in r.stdout


def _roles_handler(bad_roles, bad_planner_sessions=()):
    def handler(body, n):
        role = role_of(body)
        if role in bad_roles:
            return text("I cannot answer that in JSON, sorry.")
        if role == "planner":
            session = json.loads(body["messages"][-1]["content"])["session"]
            if session in bad_planner_sessions:
                return text("no idea")
            return text('{"family": "borrow_one", "strategy": "pursue the goal"}')
        if role == "extractor":
            return text('{"statements": []}')
        return text("ok")
    return handler


def test_a_role_whose_every_answer_is_unreadable_ends_the_run_with_an_error(tmp_path):
    with StubServer(_roles_handler({"extractor"})) as server:
        r = CliRunner().invoke(app, [*MOCK, "--driver", "cooperative", "--roles", "endpoint", "--base-url", server.url,
                                     "--model", "m", "--run", "x", "--out-dir", str(tmp_path)])
    assert r.exit_code == 1, r.output
    assert len(error_lines(r)) == 1 and "extractor" in error_lines(r)[0]
    summary = json.loads((tmp_path / "x" / "adat" / "summary.json").read_text())
    assert summary["endpoint_calls"]["extractor"]["failed"] == summary["endpoint_calls"]["extractor"]["calls"] > 0


def test_a_role_with_some_unreadable_answers_is_reported_as_partial(tmp_path):
    with StubServer(_roles_handler(set(), bad_planner_sessions={1})) as server:
        r = CliRunner().invoke(app, [*MOCK, "--driver", "cooperative", "--roles", "endpoint", "--base-url", server.url,
                                     "--model", "m", "--run", "x", "--out-dir", str(tmp_path)])
    assert r.exit_code == 0, r.output
    out = tmp_path / "x" / "adat"
    calls = json.loads((out / "summary.json").read_text())["endpoint_calls"]
    assert calls["planner"] == {**calls["planner"], "calls": 2, "failed": 1}
    assert calls["extractor"]["failed"] == 0 and calls["extractor"]["calls"] == 2
    assert "planner: 1 of 2" in (out / "report.md").read_text()
    assert "failed calls: planner" in r.stdout and "1 of 2 (partial)" in r.stdout


def _traces(tmp_path):
    r = CliRunner().invoke(app, [*MOCK, "--driver", "cooperative", "--run", "t", "--out-dir", str(tmp_path)])
    assert r.exit_code == 0, r.output
    return tmp_path / "t" / "adat" / "executions.jsonl"


def test_judge_agreement_with_a_dead_endpoint_judge_is_an_error_not_a_perfect_judge(tmp_path):
    traces = _traces(tmp_path)
    r = CliRunner().invoke(app, ["adat", "judge-agreement", str(traces), "--judge", "endpoint",
                                 "--base-url", closed_port_url(), "--model", "m"])
    assert r.exit_code == 1 and len(error_lines(r)) == 1 and "connect" in error_lines(r)[0].lower(), r.output
    assert "kappa" not in r.stdout


def test_judge_agreement_with_unreadable_labels_everywhere_is_an_error(tmp_path):
    traces = _traces(tmp_path)
    with StubServer(default=text("They all look fine to me.")) as server:
        r = CliRunner().invoke(app, ["adat", "judge-agreement", str(traces), "--judge", "endpoint",
                                     "--base-url", server.url, "--model", "m"])
    assert r.exit_code == 1 and len(error_lines(r)) == 1 and "judge" in error_lines(r)[0], r.output


def test_judge_agreement_leaves_out_and_reports_the_traces_the_judge_could_not_label(tmp_path):
    traces = _traces(tmp_path)
    n_traces = sum(1 for _ in traces.open())

    def handler(body, n):
        if role_of(body) != "policy_judge":
            return text("ok")
        return text("garbage") if n == 1 else text("{}")

    with StubServer(handler) as server:
        r = CliRunner().invoke(app, ["adat", "judge-agreement", str(traces), "--judge", "endpoint",
                                     "--base-url", server.url, "--model", "m", "--json"])
    assert r.exit_code == 0, r.output
    res = json.loads(r.stdout)
    assert res["judge_failed"] == 1 and res["traces"] == n_traces - 1
    assert res["overall"]["tp"] + res["overall"]["fp"] + res["overall"]["fn"] + res["overall"]["tn"] == \
        (n_traces - 1) * len(res["policies"])


# --- finding 7: judge-agreement --env and undefined kappas ----------------------------------------------

def test_judge_agreement_refuses_traces_of_another_environment_than_env(tmp_path):
    traces = _traces(tmp_path)
    for env in ("skyassist", "taubench-retail"):
        r = CliRunner().invoke(app, ["adat", "judge-agreement", str(traces), "--env", env])
        assert r.exit_code == 2 and len(error_lines(r)) == 1 and "mock" in error_lines(r)[0], r.output
        assert not r.stdout.strip()
    same = CliRunner().invoke(app, ["adat", "judge-agreement", str(traces), "--env", "mock"])
    assert same.exit_code == 0, same.output


def test_judge_agreement_prints_undefined_kappas_as_a_dash_and_counts_them_in_the_headline(tmp_path):
    traces = _traces(tmp_path)
    policies = [p.id for p in get_domain("mock").policies]
    with StubServer(default=text(json.dumps({p: True for p in policies}))) as server:  # flags every policy
        args = ["adat", "judge-agreement", str(traces), "--judge", "endpoint", "--base-url", server.url, "--model", "m"]
        r = CliRunner().invoke(app, args)
        res = json.loads(CliRunner().invoke(app, [*args, "--json"]).stdout)
    assert r.exit_code == 0, r.output
    undefined = [p for p, s in res["policies"].items() if s["kappa"] is None]
    assert undefined and res["kappa_undefined"] == len(undefined)
    assert f"kappa undefined for {len(undefined)} of {len(policies)} policies" in r.stdout
    for p in undefined:
        row = next(x for x in r.stdout.splitlines() if f" {p} " in x)
        assert "1.00" not in row and row.rstrip(" │|").endswith("-")


def test_a_judge_that_agrees_scores_1_where_kappa_is_defined_and_counts_the_rest_as_undefined(tmp_path):
    r = CliRunner().invoke(app, ["adat", "judge-agreement", str(_traces(tmp_path)), "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    per = out["policies"]
    # a kappa is defined only where some trace breaks the policy or the judge says it does (never 0/0 read as 1.0)
    defined = {p for p, s in per.items() if s["tp"] + s["fp"] + s["fn"] and s["tn"]}
    assert all(per[p]["kappa"] == 1.0 for p in defined)
    assert out["kappa_undefined"] == len(per) - len(defined) == sum(1 for s in per.values() if s["kappa"] is None)


# --- finding 8: scripts/adat_faults.py validates before it creates anything -----------------------------

@pytest.mark.parametrize("flags, word", [(["--env", "bogus"], "--env"), (["--selector-driver", "bogus"], "--selector-driver"),
                                         (["--selector-driver", "learned"], "--selector-driver"),
                                         (["--embedder", "bogus"], "--embedder"), (["--runs", "0"], "--runs"),
                                         (["--seed", "-2"], "--seed")])
def test_adat_faults_refuses_a_bad_flag_with_one_error_line_exit_2_and_no_folder(tmp_path, capsys, flags, word):
    mod = load_script("adat_faults")
    out = tmp_path / "af"
    with pytest.raises(SystemExit) as e:
        mod.main(["--quick", "--env", "mock", "--out", str(out), "--checkpoint", str(tmp_path / "none"), *flags])
    assert e.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: ") and word in err[0], err
    assert not out.exists()


def test_adat_faults_refusing_its_out_folder_exits_2(tmp_path, capsys):
    mod = load_script("adat_faults")
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    (theirs / "notes.txt").write_text("keep")
    with pytest.raises(SystemExit) as e:
        mod.main(["--quick", "--env", "mock", "--out", str(theirs), "--overwrite"])
    assert e.value.code == 2 and (theirs / "notes.txt").read_text() == "keep"
    assert capsys.readouterr().err.strip().startswith("error: ")


# --- finding 9: probe adat run error paths ---------------------------------------------------------------

def test_an_empty_checkpoint_folder_is_refused_before_the_output_is_claimed(tmp_path):
    (tmp_path / "emptyck").mkdir()
    for flags in (["--checkpoint", str(tmp_path / "emptyck")],
                  ["--driver", "learned", "--checkpoint", str(tmp_path / "emptyck")]):
        r = CliRunner().invoke(app, [*MOCK, *flags, "--run", "x11", "--out-dir", str(tmp_path / "out")])
        assert r.exit_code == 2 and len(error_lines(r)) == 1 and "checkpoint" in error_lines(r)[0], r.output
        assert not (tmp_path / "out" / "x11").exists()


@pytest.mark.parametrize("driver", ["static", "cooperative", "random"])
def test_a_checkpoint_the_driver_would_not_use_is_refused(tmp_path, driver):
    (tmp_path / "ck").mkdir()
    r = CliRunner().invoke(app, [*MOCK, "--driver", driver, "--checkpoint", str(tmp_path / "ck"), "--run", "x",
                                 "--out-dir", str(tmp_path / "out")])
    assert r.exit_code == 2 and len(error_lines(r)) == 1 and "--checkpoint" in error_lines(r)[0], r.output
    assert not (tmp_path / "out").exists()


def test_an_unwritable_out_dir_is_one_error_line_and_exit_2(tmp_path):
    (tmp_path / "afile").write_text("x")
    for out_dir in (str(tmp_path / "afile"), "/proc/nope"):
        r = CliRunner().invoke(app, [*MOCK, "--driver", "static", "--run", "x", "--out-dir", out_dir])
        assert r.exit_code == 2 and len(error_lines(r)) == 1, (out_dir, r.output)
    assert (tmp_path / "afile").read_text() == "x"


def test_a_run_that_fails_after_claiming_leaves_no_claimed_folder(tmp_path, monkeypatch):
    def broken(*a, **k):
        raise RuntimeError("the driver could not be loaded")

    monkeypatch.setattr(adat_run, "run", broken)
    r = CliRunner().invoke(app, [*MOCK, "--driver", "static", "--run", "x", "--out-dir", str(tmp_path)])
    assert r.exit_code != 0
    assert not (tmp_path / "x" / "adat").exists()


def test_ctrl_c_says_the_run_was_interrupted_exits_130_and_the_same_command_runs_again(tmp_path, monkeypatch):
    real = adat_run.run

    def interrupted(*a, **k):
        raise KeyboardInterrupt

    argv = [*MOCK, "--driver", "static", "--run", "cc3", "--out-dir", str(tmp_path)]
    monkeypatch.setattr(adat_run, "run", interrupted)
    r = CliRunner().invoke(app, argv)
    assert r.exit_code == 130
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "interrupted" in lines[0] and "nothing" in lines[0], r.stderr
    monkeypatch.setattr(adat_run, "run", real)
    again = CliRunner().invoke(app, argv)
    assert again.exit_code == 0, again.output


def test_ctrl_c_after_some_outputs_were_written_keeps_them_and_a_rerun_replaces_them_without_overwrite(tmp_path, monkeypatch):
    real = adat_run.run

    def half_written(cfg, folder, **k):
        (folder / "config.json").write_text("{}\n")
        raise KeyboardInterrupt

    argv = [*MOCK, "--driver", "static", "--run", "cc4", "--out-dir", str(tmp_path)]
    monkeypatch.setattr(adat_run, "run", half_written)
    r = CliRunner().invoke(app, argv)
    assert r.exit_code == 130
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "interrupted" in lines[0] and "config.json" in lines[0], r.stderr
    monkeypatch.setattr(adat_run, "run", real)
    again = CliRunner().invoke(app, argv)
    assert again.exit_code == 0, again.output
    assert json.loads((tmp_path / "cc4" / "adat" / "config.json").read_text())["driver"] == "static"
    # a finished run still needs --overwrite
    third = CliRunner().invoke(app, argv)
    assert third.exit_code == 2 and "--overwrite" in third.stderr
    assert (tmp_path / "cc4" / "adat" / MARKER).is_file()
