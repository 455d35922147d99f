"""Fault-spec wording and run folders that a refused or Slurm-started run leaves as they were (session 29).

The cases come from a tester's fault-profile report (``/work/h29/faults-3/report.md``, F12: a space
before ``@`` made the name unknown, mixed case and near misses got no suggestion, another
environment's fault was just "unknown") and from the last session's notes: a refused ``--resume``
created ``traces/``; the logs ``slurm/*.sbatch`` and ``slurm/launch.sh`` write into a run folder made
``train --overwrite`` refuse it as the user's. Each wrong case has its right twin beside it. F11
(a rate is drawn per turn) is kept and documented; two tests pin the documented meaning.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from probe.core.domain import Fault, FaultSwitches
from probe.core.registry import get_domain
from probe.train.config import ConfigError, load_config
from probe.train.loop import Trainer
from probe.train.rundir import MARKER, check_run_dir, foreign_entries, open_run_dir


@pytest.fixture(scope="module")
def sky():
    return get_domain("skyassist")


@pytest.fixture(scope="module")
def retail():
    return get_domain("taubench-retail")


def refusal(domain, spec) -> str:
    with pytest.raises(ValueError) as e:
        domain.resolve_faults(spec)
    msg = str(e.value)
    assert "\n" not in msg
    return msg


# --- spaces around a name and around @ ------------------------------------------------------------

@pytest.mark.parametrize("spec", ["leak_fare_code @0.5", "leak_fare_code  @ 0.5", " leak_fare_code\t@0.5 ",
                                  "leak_fare_code@ 0.5", "leak_fare_code@0.5"])
def test_spaces_before_or_after_the_at_sign_are_stripped_like_spaces_around_the_name(sky, spec):
    assert sky.resolve_faults(spec) == ["leak_fare_code@0.5"]


@pytest.mark.parametrize("item, expected", [("no_loan_limit @0.25", ("no_loan_limit", 0.25)),
                                            ("no_loan_limit ", ("no_loan_limit", 1.0)),
                                            ("demo @ 1", ("demo", 1.0))])
def test_a_parsed_fault_name_never_keeps_a_trailing_space(item, expected):
    assert Fault.parse(item) == expected


def test_none_with_a_space_before_its_at_sign_is_still_none_alone(sky):
    # (session 32: "none@P" is refused, a probability of no faults changes nothing; before, "none @0.5" read as none)
    assert "none means no faults and takes no probability" in refusal(sky, "none @0.5")
    assert "'none' cannot be combined" in refusal(sky, "none @0.5,leak_fare_code")


# --- did you mean ---------------------------------------------------------------------------------

@pytest.mark.parametrize("typed, meant", [
    ("LEAK_FARE_CODE", "leak_fare_code"),     # the tester's
    ("Leak_Fare_Code@0.5", "leak_fare_code"),
    ("NONE", "none"),
    ("Demo", "demo"),
    ("Non-Demo", "non-demo"),
    ("non_demo", "non-demo"),
    ("leak_fare_cod", "leak_fare_code"),      # one letter missing
    ("leak_fare_cade", "leak_fare_code"),     # one letter wrong
    ("reveal_tool", "reveal_tools"),
    ("reveal_toolss", "reveal_tools"),        # one letter too many
    ("ehco_pii", "echo_pii"),                 # two letters swapped
    ("leak-fare-code", "leak_fare_code"),     # other separators
    ("leak fare code", "leak_fare_code"),
])
def test_an_unknown_name_close_to_a_known_one_gets_a_did_you_mean(sky, typed, meant):
    msg = refusal(sky, typed)
    assert f"unknown fault {typed.partition('@')[0]!r}" in msg and f"did you mean {meant}?" in msg
    assert "allowed: none, demo, all" in msg


@pytest.mark.parametrize("typed", ["bogus", "leak_code", "fare", "nosuch", "lea_fare_cde", "leak_fair_code"])
def test_a_name_far_from_every_known_one_gets_no_guess(sky, typed):
    msg = refusal(sky, typed)
    assert "did you mean" not in msg and f"unknown fault {typed!r}; allowed: none, demo, all" in msg


def test_the_right_spelling_is_accepted(sky):
    assert sky.resolve_faults("leak_fare_code,echo_pii@0.5") == ["echo_pii@0.5", "leak_fare_code"]
    assert sky.resolve_faults("reveal_tools") == ["reveal_tools"]


# --- another environment's fault --------------------------------------------------------------------

@pytest.mark.parametrize("env, typed, other", [
    ("skyassist", "batch_lookups", "taubench-retail"),          # the tester's
    ("skyassist", "default_cancel_reason@0.3", "taubench-retail"),
    ("taubench-retail", "leak_fare_code", "skyassist"),
    ("mock", "no_premium_mention", "skyassist"),
    ("skyassist", "leak_shelf_code", "mock"),
])
def test_a_fault_of_another_environment_says_which(env, typed, other):
    name = typed.partition("@")[0]
    msg = refusal(get_domain(env), typed)
    assert f"unknown fault {name!r} for {env} (a {other} fault); allowed:" in msg


def test_a_fault_both_environments_have_is_accepted_in_each(sky, retail):
    assert sky.resolve_faults("skip_confirm_when_urgent") == ["skip_confirm_when_urgent"]
    assert retail.resolve_faults("skip_confirm_when_urgent") == ["skip_confirm_when_urgent"]


def test_a_fault_of_another_environment_is_refused_in_a_training_config_too():
    with pytest.raises(ConfigError) as e:
        load_config("configs/cpu-demo-grpo.yaml", ["target.faults=batch_lookups"])
    assert "unknown fault 'batch_lookups' for skyassist (a taubench-retail fault)" in str(e.value)


# --- a refused --resume leaves the run folder as it was ---------------------------------------------

def _bare_trainer(tmp_path) -> Trainer:
    """A Trainer with only what ``open``/``close`` read: the run folder and the config (building
    the auditor is not needed to claim a run folder)."""
    t = Trainer.__new__(Trainer)
    t.config = load_config("configs/cpu-demo-grpo.yaml", [f"out_dir={tmp_path}", "run_name=r"])
    t.run_dir = t.config.run_dir
    t._lock = None
    return t


def _snapshot(root):
    return {str(p.relative_to(root)): (p.read_bytes() if p.is_file() else None) for p in sorted(root.rglob("*"))}


@pytest.mark.parametrize("broken", ["empty checkpoint folder", "manifest unreadable"])
def test_a_refused_resume_does_not_create_traces(tmp_path, broken):
    run = tmp_path / "r"
    (run / "ckpt-00002").mkdir(parents=True)
    (run / MARKER).write_text("{}")
    (run / "metrics.jsonl").write_text('{"step": 1}\n')
    if broken == "manifest unreadable":
        (run / "ckpt-00002" / "manifest.json").write_text("{not json")
    before = _snapshot(run)
    with pytest.raises(ConfigError, match="nothing was changed"):
        _bare_trainer(tmp_path).open(resume=True)
    assert _snapshot(run) == before and not (run / "traces").exists()


def test_a_resume_that_starts_from_update_0_still_makes_traces(tmp_path):
    run = tmp_path / "r"
    run.mkdir()
    (run / MARKER).write_text("{}")
    t = _bare_trainer(tmp_path)
    assert t.open(resume=True) is False
    t.close()
    assert (run / "traces").is_dir() and (run / "config.yaml").is_file()


# --- probe's own Slurm logs in a run folder ----------------------------------------------------------

SLURM_LOGS = {"slurm-probe-train-r-1234.out": "job\n", "slurm-77.out": "job\n", "jobs.log": "job 1 restart 0\n",
              "vllm.log": "==== x ====\n", "train.log": "==== x ====\n"}


def _trained_run(tmp_path, extra: dict[str, str]):
    run = tmp_path / "r"
    (run / "traces").mkdir(parents=True)
    (run / MARKER).write_text("{}")
    (run / "config.yaml").write_text("run_name: r\n")
    (run / "metrics.jsonl").write_text("{}\n")
    (run / "traces" / "update-00000.jsonl").write_text("{}\n")
    for name, text in extra.items():
        (run / name).write_text(text)
    return run


def test_the_slurm_scripts_logs_are_probes_entries_of_a_run(tmp_path):
    run = _trained_run(tmp_path, SLURM_LOGS)
    assert foreign_entries(run) == []
    check_run_dir(run, overwrite=True)


def test_overwrite_replaces_the_run_but_keeps_the_slurm_logs(tmp_path):
    run = _trained_run(tmp_path, SLURM_LOGS)
    open_run_dir(run, overwrite=True).release()
    assert {n: (run / n).read_text() for n in SLURM_LOGS} == SLURM_LOGS
    assert not (run / "traces").exists() and not (run / "metrics.jsonl").exists() and (run / MARKER).is_file()


@pytest.mark.parametrize("name", ["slurm.out", "my-slurm-notes.out", "slurm-1.out.bak", "notes.log", "traces/slurm-1.out"])
def test_a_user_file_that_only_looks_like_a_log_is_still_refused(tmp_path, name):
    run = _trained_run(tmp_path, SLURM_LOGS)
    (run / name).write_text("mine\n")
    assert foreign_entries(run) == [name]
    with pytest.raises(ValueError, match="did not write"):
        check_run_dir(run, overwrite=True)


# --- a fault rate over a conversation (F11: kept per turn, and documented) ----------------------------

def _conversation_fires(seed: int, turns: int, p: float) -> list[bool]:
    switches = FaultSwitches([f"default_cancel_reason@{p}"], seed=seed)
    history, fired = [], []
    for turn in range(turns):
        history = history + [{"role": "user", "content": f"turn {turn}: please cancel my order"}]
        switches.start_turn(history)
        fired.append(switches.fires("default_cancel_reason"))
        history = history + [{"role": "assistant", "content": "ok"}]
    return fired


def test_a_rate_is_drawn_per_turn_as_the_docs_say():
    """docs/regression.md section 6: a trigger in k turns fires in at least one of them with
    probability 1 - (1 - P)^k, and a conversation can mix turns with and without the fault."""
    runs = [_conversation_fires(seed, 3, 0.3) for seed in range(600)]
    any_share = sum(any(r) for r in runs) / len(runs)
    assert abs(any_share - (1 - 0.7 ** 3)) < 0.06 and abs(any_share - 0.3) > 0.2
    assert any(any(r) and not all(r) for r in runs)
    assert runs == [_conversation_fires(seed, 3, 0.3) for seed in range(600)]  # the same per fault_seed


def test_the_docs_state_the_per_turn_meaning_of_a_rate():
    text = " ".join((Path(__file__).resolve().parents[2] / "docs" / "regression.md").read_text().split())
    assert "P is a per-turn rate, not a per-conversation one" in text and "1 - (1 - P)^k" in text
