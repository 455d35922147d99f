"""What an interrupted ``--overwrite`` leaves, ``~`` in output paths, a bad ``PROBE_CACHE``, failed target
turns in ``probe verify`` and the train lock's temporary name (session 29, the newcomer's CLI report,
/work/h29/newcomer/report.md, findings 1-5 and 7).

Each case has its twin: an interrupted ``eval --overwrite`` or ``adat run --overwrite`` leaves the earlier
output exactly as it was, and a finished one replaces it; ``~`` and ``~/x`` reach the home folder, a path
without ``~`` stays where it was; a ``PROBE_CACHE`` that is a file or cannot be made is one line, a good one
is used; a trace whose target failed a turn is reported by ``probe verify`` and makes it exit 1, a clean
trace does not; only the lock's own temporary name (``.lock.<pid>.tmp``) is probe's.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import probe.adat.run as adat_run
from probe.cli.main import app
from probe.core.outputs import is_lock

ROOT = Path(__file__).resolve().parents[2]
CONFIG = str(ROOT / "configs" / "cpu-demo-grpo.yaml")
SCRIPT = str(ROOT / "envs" / "skyassist" / "scripts" / "one_way.txt")
QUICK = ["--episodes", "1", "--turns", "1"]
MOCK = ["adat", "run", "--env", "mock", "--sessions", "2", "--n", "2", "--no-regression", "--embedder", "hash-bow",
        "--driver", "static"]


def invoke(*args, env=None):
    return CliRunner().invoke(app, [str(a) for a in args], env=env)


def one_error_line(r, *needles) -> str:
    lines = r.stderr.strip().splitlines()
    assert r.exit_code == 2, (r.exit_code, r.output)
    assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr
    for n in needles:
        assert n in lines[0], (n, lines[0])
    return lines[0]


def snapshot(root: Path) -> dict[str, bytes | None]:
    return {str(p.relative_to(root)): (p.read_bytes() if p.is_file() else None) for p in sorted(root.rglob("*"))}


# --- 1: an interrupted eval --overwrite leaves the earlier eval as it was ----------------------------------

def _interrupt_eval(monkeypatch, method):
    import probe.eval.runner as runner

    real = runner.evaluate

    def evaluate(m, **kwargs):
        if m.name == method:
            raise KeyboardInterrupt
        return real(m, **kwargs)

    monkeypatch.setattr(runner, "evaluate", evaluate)


@pytest.mark.parametrize("stop_at", ["static", "random"])  # before any trace / after the first method finished
def test_an_interrupted_eval_overwrite_leaves_the_earlier_eval_exactly_as_it_was(tmp_path, monkeypatch, stop_at):
    out = tmp_path / "e1"
    assert invoke("eval", "--auditor", "static", "--baselines", "random", *QUICK, "--out", out).exit_code == 0
    before = snapshot(out)
    _interrupt_eval(monkeypatch, stop_at)
    r = invoke("eval", "--auditor", "static", "--baselines", "random", *QUICK, "--turns", "2", "--out", out,
               "--overwrite")
    assert r.exit_code == 130
    last = r.stderr.strip().splitlines()[-1]
    assert "interrupted" in last and "unchanged" in last and "kept" not in last, last
    assert snapshot(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e1"]  # no temporary folder left beside it


def test_a_finished_eval_overwrite_replaces_the_earlier_eval_and_leaves_no_temporary_folder(tmp_path):
    out = tmp_path / "e1"
    assert invoke("eval", "--auditor", "static", *QUICK, "--out", out).exit_code == 0
    (out / "eval.log").write_text("slurm log")
    r = invoke("eval", "--auditor", "static", "--episodes", "2", "--turns", "1", "--out", out, "--overwrite")
    assert r.exit_code == 0, r.output
    assert json.loads((out / "metrics.json").read_text())["settings"]["episodes"] == 2
    assert len((out / "static" / "traces.jsonl").read_text().splitlines()) == 2
    assert (out / "eval.log").read_text() == "slurm log" and (out / ".probe-eval").is_file()
    assert not (out / ".lock").exists() and sorted(p.name for p in tmp_path.iterdir()) == ["e1"]
    assert f"report: {out / 'report.md'}" in " ".join(r.stdout.split())


# --- 2: an interrupted adat run --overwrite leaves the earlier run as it was --------------------------------

def test_an_interrupted_adat_overwrite_leaves_the_earlier_complete_run_as_it_was(tmp_path, monkeypatch):
    argv = [*MOCK, "--run", "ai", "--out-dir", tmp_path]
    assert invoke(*argv).exit_code == 0
    folder = tmp_path / "ai" / "adat"
    before = snapshot(folder)
    real = adat_run.run

    def half_written(cfg, out, **k):
        (out / "config.json").write_text("{}\n")
        raise KeyboardInterrupt

    monkeypatch.setattr(adat_run, "run", half_written)
    r = invoke(*argv, "--overwrite")
    assert r.exit_code == 130
    line = r.stderr.strip().splitlines()[-1]
    assert "interrupted" in line and "unchanged" in line and "removed" not in line, line
    assert snapshot(folder) == before
    assert sorted(p.name for p in (tmp_path / "ai").iterdir()) == ["adat"]
    # the earlier run is complete: a plain rerun still needs --overwrite, and a finished --overwrite replaces it
    monkeypatch.setattr(adat_run, "run", real)
    one_error_line(invoke(*argv), "--overwrite")
    again = invoke(*argv, "--overwrite", "--seed", "7")
    assert again.exit_code == 0, again.output
    assert json.loads((folder / "config.json").read_text())["seed"] == 7
    assert sorted(p.name for p in (tmp_path / "ai").iterdir()) == ["adat"]


# --- 3: ~ in output paths is the home folder -----------------------------------------------------------------

@pytest.fixture
def home(tmp_path, monkeypatch):
    h = tmp_path / "home"
    h.mkdir()
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.setenv("HOME", str(h))
    monkeypatch.chdir(work)
    return h


@pytest.mark.parametrize("command", [
    ["suite", "--out", "~/sx"],
    ["eval", "--auditor", "static", *QUICK, "--out", "~/sx"],
    ["play", "--family", "one_way", "--seed", "1000003", "--script", SCRIPT, "--out", "~/sx"],
])
def test_a_tilde_in_out_is_the_home_folder_not_a_folder_named_tilde(home, command):
    r = invoke(*command)
    assert r.exit_code == 0, r.output
    assert (home / "sx").exists() and not Path("~").exists()
    assert "~" not in r.output


def test_a_path_without_tilde_stays_relative_to_the_current_folder(home):
    assert invoke("suite", "--out", "sx").exit_code == 0
    assert Path("sx", "traces.jsonl").is_file() and not (home / "sx").exists()


@pytest.mark.parametrize("how", ["set", "yaml"])
def test_a_tilde_in_the_configs_out_dir_is_the_home_folder(home, how):
    from probe.train.config import load_config

    if how == "set":
        cfg = load_config(CONFIG, ["out_dir=~/runs"])
    else:
        Path("my.yaml").write_text(Path(CONFIG).read_text() + "\nout_dir: ~/runs2\n")
        cfg = load_config("my.yaml")
    assert str(cfg.out_dir).startswith(str(home)), cfg.out_dir
    assert "~" not in str(cfg.out_dir)


# --- 4: PROBE_CACHE is checked first ---------------------------------------------------------------------------

@pytest.mark.parametrize("what", ["file", "under a file"])
def test_a_probe_cache_that_cannot_be_a_folder_is_one_line_naming_it(tmp_path, what):
    (tmp_path / "afile").write_text("x")
    cache = tmp_path / "afile" if what == "file" else tmp_path / "afile" / "cache"
    msgs = tmp_path / "msgs.txt"
    msgs.write_text("Hi, I want to fly to JFK.\n")
    r = invoke("plausibility", msgs, env={"PROBE_CACHE": str(cache)})
    one_error_line(r, "PROBE_CACHE", str(cache))


def test_a_probe_cache_that_is_a_new_folder_is_accepted(tmp_path):
    r = invoke("env", "info", env={"PROBE_CACHE": str(tmp_path / "new" / "cache")})
    assert r.exit_code == 0, r.output


# --- 5: probe verify reports failed target turns ----------------------------------------------------------------

def _trace_file(tmp_path, failed: list[int]) -> Path:
    path = tmp_path / "p.jsonl"
    assert invoke("play", "--family", "one_way", "--seed", "1000003", "--script", SCRIPT, "--out", path).exit_code == 0
    record = json.loads(path.read_text().splitlines()[0])
    record["meta"]["turn_failures"] = [{"turn": t, "kind": "target_error", "detail": "HTTP 500"} for t in failed]
    record["meta"]["failed_turns"] = failed
    record["meta"]["target_failed"] = bool(failed)
    path.write_text(json.dumps(record) + "\n")
    return path


def test_verify_names_failed_target_turns_counts_them_and_exits_1(tmp_path):
    path = _trace_file(tmp_path, [0, 2])
    r = invoke("verify", path)
    assert r.exit_code == 1, r.output
    text = " ".join(r.output.split())
    assert "2 failed target turn(s): 0, 2" in text and "not a clean result" in text
    assert "1 with failed target turns" in text
    j = invoke("verify", path, "--json")
    assert j.exit_code == 1 and json.loads(j.stdout.splitlines()[0])["failed_turns"] == [0, 2]


def test_verify_of_a_trace_without_failed_turns_says_none_and_exits_0(tmp_path):
    path = _trace_file(tmp_path, [])
    r = invoke("verify", path)
    assert r.exit_code == 0, r.output
    assert "failed target turn(s):" not in r.output and "0 with failed target turns" in " ".join(r.output.split())
    assert json.loads(invoke("verify", path, "--json").stdout)["failed_turns"] == []


def test_verify_help_says_which_exit_status_failed_turns_give():
    text = " ".join(invoke("verify", "--help").output.split())
    assert "failed target turn" in text


# --- 7: only the lock's own temporary name is probe's ------------------------------------------------------------

@pytest.mark.parametrize("name, probes", [(".lock", True), (".lock.12345.tmp", True), (".lock.mine.tmp", False),
                                          (".lock.12 3.tmp", False), (".lock..tmp", False), (".lockfile", False)])
def test_only_the_lock_and_its_pid_temporary_file_count_as_probes(name, probes):
    assert is_lock(name) is probes


def test_train_overwrite_refuses_a_user_file_named_like_a_lock_temporary(tmp_path):
    from probe.train.rundir import MARKER, RunDirError, check_run_dir

    run = tmp_path / "r2"
    run.mkdir()
    (run / MARKER).write_text("{}")
    (run / "config.yaml").write_text("x: 1\n")
    (run / ".lock.mine.tmp").write_text("important")
    with pytest.raises(RunDirError, match=r"\.lock\.mine\.tmp"):
        check_run_dir(run, overwrite=True, resume=False)
    (run / ".lock.mine.tmp").unlink()
    (run / ".lock.4242.tmp").write_text("{}")
    check_run_dir(run, overwrite=True, resume=False)


def test_plausibility_names_the_line_of_a_byte_that_is_not_utf8(tmp_path):
    """cli-tester-1 finding 11 (session 38): the error said the file was not UTF-8 but not where."""
    f = tmp_path / "msgs.txt"
    f.write_bytes(b"hello there\nI want a flight\n\xff\xfe bad bytes\n")
    r = invoke("plausibility", f)
    lines = [x for x in (r.stdout + r.stderr).splitlines() if x.strip()]
    assert r.exit_code == 2 and len(lines) == 1, r.output
    assert "not UTF-8 text (byte 0xff on line 3)" in lines[0], lines[0]
    f.write_bytes(b"\xef\xbb\xbfhello there\n")  # a byte-order mark is not a message nor an error
    assert invoke("plausibility", f).exit_code == 0
