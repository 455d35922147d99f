"""No command deletes or overwrites what it did not create (session 28).

The cases come from a newcomer tester's CLI and data-loss report (/work/h28/newcomer/report.md),
findings 1-6 and 9-12, each with other phrasings of the same mistake and its compliant twin:
eval --out into a folder of user files, train/demo --overwrite of folders holding user files,
eval --compare writing where nobody asked, play --out appending to files that are not trace
files, two evals on one folder, a mistyped --auditor, --resume that writes or starts what it
should not, an empty config, env scenario's seed, and an interrupted eval.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from probe.cli.main import app
from probe.train.config import ConfigError, load_config
from probe.train.rundir import MARKER, RunDirError, check_run_dir, open_run_dir

ROOT = Path(__file__).resolve().parents[2]
CONFIG = str(ROOT / "configs" / "cpu-demo-grpo.yaml")
SCRIPT = str(ROOT / "envs" / "skyassist" / "scripts" / "one_way.txt")
QUICK = ["--episodes", "1", "--turns", "1"]


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def one_error_line(r, *needles):
    lines = r.stderr.strip().splitlines()
    assert r.exit_code == 2, (r.exit_code, r.stderr, r.stdout)
    assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr
    for n in needles:
        assert n in lines[0], (n, lines[0])
    return lines[0]


def snapshot(root: Path) -> dict[str, bytes | None]:
    return {str(p.relative_to(root)): (p.read_bytes() if p.is_file() else None) for p in sorted(root.rglob("*"))}


def quick_eval(out, *more, auditor="static"):
    return invoke("eval", "--auditor", auditor, *QUICK, "--out", out, *more)


# --- 1: eval --out never replaces a report, metrics or plot it did not write ------------------------

USER_FOLDERS = {
    "report, metrics and a plot": {"report.md": "# My project report\n", "metrics.json": '{"budget": 100}\n',
                                   "yield_ci.png": "notpng"},
    "notes and a subfolder": {"notes.txt": "mine", "sub/data.csv": "1,2"},
    "only a png": {"coverage_heatmap.png": "my drawing"},
    "a traces file in a method-like folder": {"static/traces.jsonl": "not a trace\n"},
}


@pytest.mark.parametrize("files", USER_FOLDERS.values(), ids=USER_FOLDERS.keys())
@pytest.mark.parametrize("flags", [[], ["--overwrite"]], ids=["plain", "overwrite"])
def test_eval_refuses_a_folder_of_user_files_and_changes_nothing(tmp_path, files, flags):
    home = tmp_path / "home"
    for name, text in files.items():
        (home / name).parent.mkdir(parents=True, exist_ok=True)
        (home / name).write_text(text)
    before = snapshot(home)
    one_error_line(quick_eval(home, *flags), str(home), "not written by probe eval")
    assert snapshot(home) == before


def test_eval_into_the_current_folder_or_through_a_symlink_is_refused_too(tmp_path, monkeypatch):
    real = tmp_path / "realdir"
    real.mkdir()
    (real / "report.md").write_text("# mine\n")
    (tmp_path / "lnk").symlink_to(real)
    before = snapshot(real)
    one_error_line(quick_eval(tmp_path / "lnk"), "not written by probe eval")
    monkeypatch.chdir(real)
    one_error_line(quick_eval("."), "not written by probe eval")
    assert snapshot(real) == before


@pytest.mark.parametrize("made", ["new", "empty", "nested new", "slurm logs only"])
def test_eval_writes_into_a_new_or_empty_folder_and_marks_it(tmp_path, made):
    out = tmp_path / "a" / "b" if made == "nested new" else tmp_path / "e"
    if made == "empty":
        out.mkdir()
    logs = {"vllm.log": "server\n", "eval.log": "==== job 1 ====\n", "slurm-7.out": "job\n"}
    if made == "slurm logs only":  # slurm/eval.sbatch creates --out and its logs before probe eval runs
        out.mkdir()
        for name, text in logs.items():
            (out / name).write_text(text)
    r = quick_eval(out)
    assert r.exit_code == 0, r.stderr
    assert (out / "report.md").read_text().startswith("# Evaluation report")
    assert (out / ".probe-eval").is_file() and not (out / ".lock").exists()
    if made == "slurm logs only":
        assert {n: (out / n).read_text() for n in logs} == logs


def test_a_second_eval_replaces_the_first_report_only_with_overwrite(tmp_path):
    out = tmp_path / "ev"
    assert quick_eval(out).exit_code == 0
    first = snapshot(out)
    one_error_line(quick_eval(out, auditor="random"), str(out), "--overwrite")
    one_error_line(quick_eval(out), "--overwrite")  # the same method again: refused the same way
    assert snapshot(out) == first
    r = quick_eval(out, "--overwrite", auditor="random")
    assert r.exit_code == 0, r.stderr
    assert "random" in json.loads((out / "metrics.json").read_text())["methods"]
    # the overwrite replaces the earlier eval as a whole (session 38, cli-tester-1 finding 5): the earlier
    # method's traces, probe eval's own, no longer sit beside a report that does not list them
    assert not (out / "static").exists() and (out / ".probe-eval").is_file()


@pytest.mark.parametrize("where, named", [("notes.md", "notes.md"), ("static/my_analysis.md", "static/my_analysis.md"),
                                          ("static/sub/x.txt", "static/sub")])
def test_overwrite_of_an_eval_folder_refuses_a_user_file_anywhere_inside(tmp_path, where, named):
    out = tmp_path / "ev"
    assert quick_eval(out).exit_code == 0
    (out / where).parent.mkdir(parents=True, exist_ok=True)
    (out / where).write_text("mine")
    before = snapshot(out)
    one_error_line(quick_eval(out, "--overwrite"), named)
    assert snapshot(out) == before


# --- 2: train/demo --overwrite deletes only a run folder probe made ---------------------------------

def _probe_run(tmp_path) -> Path:
    """A run folder as probe writes it: marker, config, metrics, a checkpoint with its manifest,
    traces, an eval folder."""
    run = tmp_path / "runs" / "r"
    (run / "ckpt-00001" / "adapter").mkdir(parents=True)
    (run / MARKER).write_text("{}")
    (run / "config.yaml").write_text("updates: 1\n")
    (run / "metrics.jsonl").write_text('{"update": 0}\n')
    (run / "ckpt-00001" / "adapter" / "adapter_model.safetensors").write_bytes(b"w")
    (run / "ckpt-00001" / "step.json").write_text('{"step": 1}')
    (run / "ckpt-00001" / "manifest.json").write_text(json.dumps(
        {"step": 1, "files": {"adapter/adapter_model.safetensors": {}, "step.json": {}}}))
    (run / "traces").mkdir()
    (run / "traces" / "update-00000.jsonl").write_text("{}\n")
    (run / "eval" / "static").mkdir(parents=True)
    (run / "eval" / "report.md").write_text("# Evaluation report\n")
    (run / "eval" / "static" / "traces.jsonl").write_text("")
    return run


def test_overwrite_clears_a_run_holding_only_probe_files(tmp_path):
    run = _probe_run(tmp_path)
    open_run_dir(run, overwrite=True).release()
    assert sorted(p.name for p in run.iterdir()) == [MARKER]


@pytest.mark.parametrize("where", ["eval/my_analysis.md", "ckpt-00001/mine.txt", "ckpt-00001/adapter/notes.txt",
                                   "traces/mine.jsonl", "eval/static/mine.txt", "notes.txt"])
def test_overwrite_refuses_a_run_with_a_user_file_anywhere_inside(tmp_path, where):
    run = _probe_run(tmp_path)
    (run / where).write_text("mine")
    before = snapshot(run)
    with pytest.raises(RunDirError, match=where.replace(".", r"\.")):
        open_run_dir(run, overwrite=True)
    assert snapshot(run) == before


def test_a_folder_that_only_has_probe_like_names_is_not_a_run(tmp_path):
    """The tester's case: config.yaml and metrics.jsonl of the user's own, no marker."""
    run = tmp_path / "V" / "myrun"
    (run / "ckpt-00001").mkdir(parents=True)
    (run / "traces").mkdir()
    (run / "config.yaml").write_text("my config")
    (run / "metrics.jsonl").write_text("my metrics")
    (run / "ckpt-00001" / "mine.txt").write_text("my ckpt notes")
    (run / "traces" / "mine.jsonl").write_text("x")
    before = snapshot(run)
    for flag in ("--overwrite", "--resume"):
        r = invoke("train", "--config", CONFIG, "--set", f"out_dir={run.parent}", "--set", "run_name=myrun",
                   "--set", "updates=1", "--no-progress", flag)
        one_error_line(r, str(run), "not a probe run directory")
    assert snapshot(run) == before


def test_demo_overwrite_keeps_a_user_file_added_to_the_runs_eval_folder(tmp_path):
    run = _probe_run(tmp_path)
    (run / "eval" / "my_analysis.md").write_text("my analysis")
    r = invoke("demo", "--config", CONFIG, "--set", f"out_dir={run.parent}", "--set", "run_name=r",
               "--set", "updates=1", "--no-progress", "--overwrite")
    one_error_line(r, "eval/my_analysis.md")
    assert (run / "eval" / "my_analysis.md").read_text() == "my analysis"


# --- 3: eval --compare writes only where the user says ------------------------------------------------

@pytest.fixture(scope="module")
def two_evals(tmp_path_factory):
    root = tmp_path_factory.mktemp("cmp")
    assert quick_eval(root / "a" / "ev").exit_code == 0
    r = invoke("eval", "--auditor", "random", "--episodes", "2", "--turns", "1", "--out", root / "b")
    assert r.exit_code == 0, r.stderr
    return root


def test_compare_prints_the_table_and_writes_nothing_without_out(two_evals):
    (two_evals / "a" / "compare").mkdir(exist_ok=True)
    (two_evals / "a" / "compare" / "compare.md").write_text("my own compare notes")
    before = snapshot(two_evals)
    r = invoke("eval", "--compare", two_evals / "a" / "ev", two_evals / "b")
    assert r.exit_code == 0, r.stderr
    assert "static" in r.stdout and "random" in r.stdout
    assert snapshot(two_evals) == before


def test_compare_warns_when_the_runs_settings_differ(two_evals):
    r = invoke("eval", "--compare", two_evals / "a" / "ev", two_evals / "b")
    assert r.exit_code == 0
    assert "warning:" in r.stderr and "episodes" in r.stderr
    same = invoke("eval", "--compare", two_evals / "a" / "ev", two_evals / "a" / "ev")
    assert same.exit_code == 0 and "warning" not in same.stderr


def test_compare_out_writes_a_new_folder_and_never_replaces_a_users_file(two_evals, tmp_path):
    dirs = [two_evals / "a" / "ev", two_evals / "b"]
    r = invoke("eval", "--compare", *dirs, "--out", tmp_path / "cmp")
    assert r.exit_code == 0, r.stderr
    assert (tmp_path / "cmp" / "compare.md").read_text().startswith("# Comparison")
    one_error_line(invoke("eval", "--compare", *dirs, "--out", tmp_path / "cmp"), "--overwrite")
    assert invoke("eval", "--compare", *dirs, "--out", tmp_path / "cmp", "--overwrite").exit_code == 0
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "compare.md").write_text("my own compare notes")
    for flags in ([], ["--overwrite"]):
        one_error_line(invoke("eval", "--compare", *dirs, "--out", mine, *flags), str(mine))
    assert (mine / "compare.md").read_text() == "my own compare notes" and len(list(mine.iterdir())) == 1


# --- 4: play --out appends only to a probe trace file, on a line of its own ----------------------------

def play_to(out, *more):
    return invoke("play", "--family", "one_way", "--seed", "1", "--script", SCRIPT, "--out", out, *more)


@pytest.mark.parametrize("text", ['{"schema_version": 2, "id": "x"', "my notes\nmore notes", "my notes\n",
                                  '{"a": 1}\n', "[1, 2]\n"],
                         ids=["a cut-short line", "plain text", "plain text with newline", "other JSON", "a list"])
def test_play_refuses_to_append_to_a_file_that_is_not_a_trace_file(tmp_path, text):
    out = tmp_path / "t.jsonl"
    out.write_text(text)
    one_error_line(play_to(out), str(out), "not a probe trace file")
    assert out.read_text() == text


def test_play_starts_a_new_line_when_the_trace_file_does_not_end_with_one(tmp_path):
    out = tmp_path / "t.jsonl"
    assert play_to(out).exit_code == 0
    out.write_text(out.read_text().rstrip("\n"))  # e.g. saved by an editor without a final newline
    assert play_to(out).exit_code == 0
    assert play_to(out).exit_code == 0
    lines = out.read_text().splitlines()
    assert len(lines) == 3 and all(json.loads(x)["id"] for x in lines) and out.read_text().endswith("\n")
    assert invoke("verify", out).exit_code == 0


def test_play_appends_after_a_trace_files_line_cut_short_on_a_line_of_its_own(tmp_path):
    out = tmp_path / "t.jsonl"
    assert play_to(out).exit_code == 0
    with open(out, "a") as f:
        f.write('{"schema_version": 2, "id": "x"')  # an interrupted writer
    assert play_to(out).exit_code == 0
    r = invoke("verify", out)
    assert r.exit_code == 1 and "0 differ" in r.stdout and "t.jsonl:2: malformed trace line" in r.stderr
    assert "2 trace(s) scored" in r.stdout and "1 bad line(s)" in r.stdout


@pytest.mark.parametrize("text", [None, ""], ids=["new file", "empty file"])
def test_play_writes_a_new_or_empty_file(tmp_path, text):
    out = tmp_path / "t.jsonl"
    if text is not None:
        out.write_text(text)
    assert play_to(out).exit_code == 0
    assert len(out.read_text().splitlines()) == 1


# --- 5: two evals on one folder: one error line, one report ---------------------------------------------

def test_a_second_eval_while_one_writes_the_folder_gets_one_error_line(tmp_path):
    out = tmp_path / "cc"
    out.mkdir()
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        (out / ".lock").write_text(json.dumps({"pid": child.pid, "host": socket.gethostname(), "started": "t"}))
        for flags in ([], ["--overwrite"]):
            line = one_error_line(quick_eval(out, *flags), "in use by", f"pid {child.pid}")
            assert str(out) in line
        assert sorted(p.name for p in out.iterdir()) == [".lock"]
    finally:
        child.kill()
        child.wait()


def test_a_trace_file_that_appears_meanwhile_is_one_error_line_not_a_bug(tmp_path, monkeypatch):
    from probe.core.outputs import OutputExists

    def raced(*args, **kwargs):
        raise OutputExists(f"{tmp_path / 'cc' / 'static' / 'traces.jsonl'} already exists; pass --overwrite")

    monkeypatch.setattr("probe.eval.runner.evaluate_methods", raced)
    one_error_line(quick_eval(tmp_path / "cc"), "already exists")


def test_two_evals_started_together_end_in_one_report_and_one_error_line(tmp_path):
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    cmd = [sys.executable, "-m", "probe.cli", "eval", "--episodes", "3", "--turns", "2", "--out", str(tmp_path / "cc")]
    procs = [subprocess.Popen([*cmd, "--auditor", name], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True) for name in ("static", "cooperative")]
    results = [(p.wait(timeout=300), p.stderr.read()) for p in procs]
    codes = sorted(rc for rc, _ in results)
    assert codes == [0, 2], results
    loser = next(e for rc, e in results if rc == 2).strip().splitlines()
    assert len(loser) == 1 and loser[0].startswith("error: ") and "internal error" not in loser[0]
    winner = json.loads((tmp_path / "cc" / "metrics.json").read_text())["methods"]
    assert len(winner) == 1 and {p.name for p in (tmp_path / "cc").iterdir() if p.is_dir()} == set(winner)


# --- 6: a mistyped --auditor is one line at once -----------------------------------------------------

@pytest.mark.parametrize("name", ["statc", "Static", "cooperativ", "nosuch-method", "my/typo-model"])
def test_an_auditor_that_is_no_method_path_or_model_is_one_line_listing_the_methods(tmp_path, name, monkeypatch):
    monkeypatch.setattr("probe.train.loop.hub_reachable", lambda timeout=3.0: False)
    t0 = time.perf_counter()
    line = one_error_line(quick_eval(tmp_path / "e", auditor=name), f"unknown auditor {name!r}", "static",
                          "cooperative", "tiny")
    assert time.perf_counter() - t0 < 10 and "huggingface" not in line.lower()
    assert not (tmp_path / "e").exists()


def test_a_bare_name_does_not_ask_the_network(tmp_path, monkeypatch):
    def no_network(timeout=3.0):
        raise AssertionError("the hub was asked about a bare method-like name")

    monkeypatch.setattr("probe.train.loop.hub_reachable", no_network)
    line = one_error_line(quick_eval(tmp_path / "e", auditor="statc"), "unknown auditor")
    assert "did you mean 'static'" in line
    assert quick_eval(tmp_path / "ok", auditor="static").exit_code == 0  # the twin: a method


# --- 9 + 10: --resume writes nothing it does not use, and needs a run ----------------------------------

def test_resume_of_a_folder_that_is_not_a_run_writes_no_marker(tmp_path):
    run = tmp_path / "U" / "myrun"
    (run / "ckpt-00001").mkdir(parents=True)
    (run / "sub").mkdir()
    (run / "config.yaml").write_text("cfg")
    (run / "metrics.jsonl").write_text("m")
    (run / "notes.txt").write_text("n")
    before = snapshot(run)
    r = invoke("train", "--config", CONFIG, "--set", f"out_dir={run.parent}", "--set", "run_name=myrun",
               "--set", "updates=1", "--resume")
    one_error_line(r, "nothing was changed")
    assert snapshot(run) == before and not (run / MARKER).exists()


@pytest.mark.parametrize("command", ["train", "demo"])
@pytest.mark.parametrize("state", ["missing", "empty"])
def test_resume_of_a_run_that_does_not_exist_is_an_error(tmp_path, command, state):
    if state == "empty":
        (tmp_path / "neverexisted").mkdir()
    r = invoke(command, "--config", CONFIG, "--set", f"out_dir={tmp_path}", "--set", "run_name=neverexisted",
               "--set", "updates=1", "--no-progress", "--resume")
    one_error_line(r, "no run to resume", "without --resume")
    assert (tmp_path / "neverexisted").exists() == (state == "empty")
    assert not (tmp_path / "neverexisted" / MARKER).exists()


def test_resume_starts_a_fresh_slurm_run_folder_and_keeps_its_logs(tmp_path):
    """slurm/train_two_gpu.sbatch makes the run folder and writes its logs there, then always runs
    `probe train --resume`: its first start is a new run."""
    run = tmp_path / "r"
    run.mkdir()
    logs = {"jobs.log": "job 1 restart 0\n", "vllm.log": "==== x ====\n", "train.log": "==== x ====\n",
            "slurm-12.out": "log\n"}
    for name, text in logs.items():
        (run / name).write_text(text)
    check_run_dir(run, resume=True)
    open_run_dir(run, resume=True).release()
    assert (run / MARKER).is_file() and {n: (run / n).read_text() for n in logs} == logs
    with pytest.raises(RunDirError, match="not a probe run directory"):  # without jobs.log: not the Slurm script's
        (tmp_path / "s").mkdir()
        (tmp_path / "s" / "vllm.log").write_text("x")
        check_run_dir(tmp_path / "s", resume=True)


def test_a_marked_run_without_a_checkpoint_still_resumes_from_update_0(tmp_path):
    run = tmp_path / "r"
    run.mkdir()
    (run / MARKER).write_text("{}")
    check_run_dir(run, resume=True)


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n", "null\n", "~\n"])
def test_an_empty_config_file_is_an_error(tmp_path, text):
    path = tmp_path / "empty.yaml"
    path.write_text(text)
    with pytest.raises(ConfigError, match="is empty"):
        load_config(path)
    one_error_line(invoke("train", "--config", path), str(path), "is empty")


def test_a_config_of_an_empty_mapping_is_still_the_defaults(tmp_path):
    path = tmp_path / "defaults.yaml"
    path.write_text("{}\n")
    assert load_config(path).run_name == load_config(None).run_name


# --- 11: env scenario checks its seed as play does ---------------------------------------------------

@pytest.mark.parametrize("seed", ["-5", "-1"])
def test_env_scenario_refuses_a_negative_seed_as_play_does(seed):
    line = one_error_line(invoke("env", "scenario", "--family", "one_way", "--seed", seed), f"--seed {seed}")
    assert line == one_error_line(invoke("play", "--family", "one_way", "--script", SCRIPT, "--seed", seed))
    assert invoke("env", "scenario", "--family", "one_way", "--seed", "5").exit_code == 0


# --- 12: an interrupted eval says so and leaves nothing that blocks a rerun -----------------------------

def _interrupt_on(monkeypatch, method):
    import probe.eval.runner as runner

    real = runner.evaluate

    def evaluate(m, **kwargs):
        if m.name == method:
            path = kwargs.get("traces_path")
            assert path is None or Path(path).exists()  # the fresh file is there when Ctrl-C comes
            raise KeyboardInterrupt
        return real(m, **kwargs)

    monkeypatch.setattr(runner, "evaluate", evaluate)


@pytest.mark.parametrize("made", ["new", "empty"])
def test_an_eval_interrupted_before_any_trace_leaves_the_folder_as_it_was(tmp_path, monkeypatch, made):
    out = tmp_path / "ei2"
    if made == "empty":
        out.mkdir()
    _interrupt_on(monkeypatch, "static")
    r = quick_eval(out)
    assert r.exit_code == 130 and "interrupted" in r.stderr.strip().splitlines()[-1]
    assert out.exists() == (made == "empty") and (not out.exists() or list(out.iterdir()) == [])
    monkeypatch.undo()
    assert quick_eval(out).exit_code == 0  # a plain rerun


def test_an_eval_interrupted_after_a_method_keeps_its_traces_and_says_how_to_rerun(tmp_path, monkeypatch):
    out = tmp_path / "ei3"
    _interrupt_on(monkeypatch, "random")
    r = invoke("eval", "--auditor", "static", "--baselines", "random", *QUICK, "--out", out)
    assert r.exit_code == 130
    last = r.stderr.strip().splitlines()[-1]
    assert "interrupted" in last and "--overwrite" in last
    assert (out / "static" / "traces.jsonl").stat().st_size > 0 and not (out / "random").exists()
    assert not (out / ".lock").exists()
    monkeypatch.undo()
    one_error_line(quick_eval(out), "--overwrite")
    assert quick_eval(out, "--overwrite").exit_code == 0
