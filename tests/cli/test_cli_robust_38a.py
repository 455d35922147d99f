"""Damaged checkpoints, demo's sizes and failed-target traces (session 38, cli-tester-1's report,
/work/h38/cli-tester-1/report.md, findings 1-4).

1-2. Every command that loads a checkpoint (``eval --checkpoint``, ``adat run --checkpoint``) refuses a
damaged one -- an adapter or tensors file that no longer matches its manifest, a lost manifest, a pickle
adapter -- in one ``error:`` line naming the checkpoint and the problem, given the ``ckpt-*`` folder or
the run folder; an intact checkpoint and a hand-made adapter (safetensors + step.json, no manifest) are
still accepted. Checkpoints are made by ``save_checkpoint`` on a stand-in auditor: no tiny auditor.
3. ``demo --episodes/--turns`` out of eval's range are refused before anything is trained.
4. ``regress export`` and ``adat judge-agreement`` leave out, count and name traces whose target failed a
turn, and exit 1 (as ``probe verify``); a trace without failed turns keeps exit 0.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import torch
from safetensors.torch import save_file
from typer.testing import CliRunner

from probe.cli.main import app
from probe.train.checkpoint import adapter_checkpoint_problem, save_checkpoint

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = str(ROOT / "envs" / "skyassist" / "scripts" / "one_way.txt")


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def one_error_line(r, code=2) -> str:
    lines = r.stderr.strip().splitlines()
    assert r.exit_code == code, (r.exit_code, r.output[:2000])
    assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr[:2000]
    return lines[0]


class StandIn:
    """Writes an adapter as the auditor does (safetensors + auditor.json), without a model."""

    def save_adapter(self, d: Path) -> Path:
        d.mkdir(parents=True, exist_ok=True)
        save_file({"lora_A": torch.ones(2, 3)}, str(d / "adapter_model.safetensors"))
        (d / "auditor.json").write_text(json.dumps({"base": "stand-in"}))
        return d


@pytest.fixture(scope="module")
def good_run(tmp_path_factory) -> Path:
    run = tmp_path_factory.mktemp("runs") / "r"
    run.mkdir()
    save_checkpoint(run, 1, auditor=StandIn(), state={"w": torch.zeros(4), "n": 3})
    return run


def _flip(f: Path, at: int = -5) -> None:
    data = bytearray(f.read_bytes())
    data[at] ^= 0xFF
    f.write_bytes(bytes(data))


def _pickle_adapter(ck: Path) -> None:
    (ck / "adapter" / "adapter_model.safetensors").unlink()
    (ck / "adapter" / "adapter_model.bin").write_bytes(b"\x80\x04cos\nsystem\n(S'touch /tmp/pwned'\ntR.")
    (ck / "manifest.json").unlink()


DAMAGE = {  # name: (how, words the error must hold)
    "adapter bytes flipped": (lambda ck: _flip(ck / "adapter" / "adapter_model.safetensors"),
                              "adapter/adapter_model.safetensors does not match its sha256"),
    "garbage tensors": (lambda ck: (ck / "tensors.safetensors").write_bytes(b"garbage" * 10), "tensors.safetensors"),
    "manifest deleted": (lambda ck: (ck / "manifest.json").unlink(), "manifest.json"),
    "pickle adapter": (_pickle_adapter, "adapter_model.bin is a pickle"),
    "truncated adapter": (lambda ck: (ck / "adapter" / "adapter_model.safetensors").write_bytes(b"\x01"),
                          "adapter/adapter_model.safetensors"),
}


def _damaged(good_run, tmp_path, damage) -> Path:
    run = tmp_path / "r"
    shutil.copytree(good_run, run)
    DAMAGE[damage][0](run / "ckpt-00001")
    return run


@pytest.mark.parametrize("damage", list(DAMAGE))
@pytest.mark.parametrize("given", ["ckpt", "run"])
@pytest.mark.parametrize("command", ["eval", "adat"])
def test_a_damaged_checkpoint_is_refused_in_one_line_naming_it_and_the_problem(good_run, tmp_path, damage, given,
                                                                              command):
    run = _damaged(good_run, tmp_path, damage)
    path = run / "ckpt-00001" if given == "ckpt" else run
    args = (["eval", "--checkpoint", path, "--episodes", "1", "--turns", "1", "--out", tmp_path / "ev"]
            if command == "eval" else
            ["adat", "run", "--run", "z", "--out-dir", tmp_path / "adat", "--checkpoint", path, "--sessions", "1",
             "--turns", "1", "--n", "1", "--no-regression"])
    line = one_error_line(invoke(*args))
    assert "ckpt-00001 is damaged" in line and DAMAGE[damage][1] in line, line
    assert "expected ckpt-*/adapter" not in line and "Unsupported operand" not in line
    assert "allowed:" in line  # says what is accepted
    assert not Path("/tmp/pwned").exists()
    assert not (tmp_path / "ev").exists() and not (tmp_path / "adat").exists()


def test_a_run_folder_names_its_intact_older_checkpoint_when_the_newest_is_damaged(good_run, tmp_path):
    run = _damaged(good_run, tmp_path, "adapter bytes flipped")
    shutil.copytree(good_run / "ckpt-00001", run / "ckpt-00000")
    (run / "ckpt-00000" / "step.json").write_text('{"step": 0}')
    save_checkpoint(run, 0, auditor=StandIn(), state={"n": 1})  # an intact older one
    line = one_error_line(invoke("eval", "--checkpoint", run, "--episodes", "1", "--out", tmp_path / "ev"))
    assert "ckpt-00001 is damaged" in line and "ckpt-00000" in line, line


def test_intact_and_hand_made_checkpoints_are_still_accepted(good_run, tmp_path):
    from probe.cli.eval import resolve_checkpoint

    assert resolve_checkpoint(good_run) == (good_run / "ckpt-00001", None)
    assert resolve_checkpoint(good_run / "ckpt-00001")[0] == good_run / "ckpt-00001"
    hand = tmp_path / "hand" / "ckpt-00003"  # an adapter copied by hand: no manifest, no state files
    StandIn().save_adapter(hand / "adapter")
    (hand / "step.json").write_text('{"step": 3}')
    assert adapter_checkpoint_problem(hand) is None
    assert resolve_checkpoint(hand.parent)[0] == hand and resolve_checkpoint(hand)[0] == hand
    bare = tmp_path / "bare"  # a folder with an adapter only, not named ckpt-*
    StandIn().save_adapter(bare / "adapter")
    assert resolve_checkpoint(bare)[0] == bare
    # near miss: a hand-made one whose step.json disagrees with its name is not
    (hand / "step.json").write_text('{"step": 4}')
    assert "step.json says 4" in adapter_checkpoint_problem(hand)


def test_a_folder_without_any_checkpoint_keeps_its_message(tmp_path):
    (tmp_path / "empty").mkdir()
    line = one_error_line(invoke("eval", "--checkpoint", tmp_path / "empty", "--out", tmp_path / "ev"))
    assert "no checkpoint in" in line


# --- 3: demo sizes -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("flags, word", [(["--episodes", "20000"], "--episodes 20000"),
                                         (["--episodes", "10001"], "--episodes 10001"),
                                         (["--turns", "101"], "--turns 101"),
                                         (["--turns", "5000", "--episodes", "2"], "--turns 5000")])
def test_demo_refuses_sizes_out_of_evals_range_before_training(tmp_path, monkeypatch, flags, word):
    import probe.train.loop

    monkeypatch.setattr(probe.train.loop, "Trainer", lambda *a, **k: pytest.fail("training started"))
    r = invoke("demo", "--set", f"out_dir={tmp_path}", "--set", "updates=1", "--no-progress", *flags)
    line = one_error_line(r)
    assert word in line and "allowed: 1 to" in line, line
    assert not any(tmp_path.iterdir())


def test_demo_help_states_the_bounds():
    text = " ".join(invoke("demo", "--help").output.split())
    assert "1 to 10000" in text and "1 to 100" in text


# --- 4: failed-target traces in regress export and judge-agreement -----------------------------------------------

def _traces(tmp_path: Path, failed: list[list[int]]) -> Path:
    """One played trace per entry, its failed turns as a dead endpoint records them."""
    one = tmp_path / "one.jsonl"
    assert invoke("play", "--family", "one_way", "--seed", "1000003", "--script", SCRIPT, "--out", one).exit_code == 0
    base = json.loads(one.read_text().splitlines()[0])
    lines = []
    for k, turns in enumerate(failed):
        rec = json.loads(json.dumps(base))
        rec["id"] = f"t{k}"
        rec["meta"]["turn_failures"] = [{"turn": t, "kind": "target_error", "detail": "HTTP 500"} for t in turns]
        rec["meta"]["failed_turns"] = turns
        rec["meta"]["target_failed"] = bool(turns)
        lines.append(json.dumps(rec))
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("failed, n_failed", [([[0, 1, 2], [0, 1, 2]], 2), ([[0], []], 1), ([[], [2]], 1)])
def test_judge_agreement_leaves_out_failed_target_traces_names_them_and_exits_1(tmp_path, failed, n_failed):
    path = _traces(tmp_path, failed)
    r = invoke("adat", "judge-agreement", path, "--json")
    line = one_error_line(r, code=1)
    assert f"{n_failed} of {len(failed)} trace(s) had a failed target turn" in line and "not a clean result" in line
    if n_failed < len(failed):
        res = json.loads(r.stdout)
        assert res["traces"] == len(failed) - n_failed and res["target_failed"] == n_failed
        assert res["overall"]["tn"] + res["overall"]["tp"] + res["overall"]["fp"] + res["overall"]["fn"] == \
            (len(failed) - n_failed) * len(res["policies"])


def test_judge_agreement_without_failed_turns_still_exits_0(tmp_path):
    r = invoke("adat", "judge-agreement", _traces(tmp_path, [[], []]), "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["target_failed"] == 0, r.output


@pytest.mark.parametrize("failed, n_failed", [([[0, 1, 2], [0, 1, 2]], 2), ([[1], []], 1)])
def test_regress_export_counts_and_names_failed_target_traces_and_exits_1(tmp_path, failed, n_failed):
    r = invoke("regress", "export", _traces(tmp_path, failed), "--out", tmp_path / "suite", "--no-minimise")
    assert r.exit_code == 1, r.output
    assert f"skipped (failed target turn) {n_failed}" in " ".join(r.stdout.split())
    errors = [x for x in r.stderr.splitlines() if x.startswith("error:")]
    assert len(errors) == 1 and f"{n_failed} of {len(failed)} trace(s) had a failed target turn" in errors[0]
    assert "t0" in errors[0]


def test_regress_export_without_failed_turns_keeps_exit_0(tmp_path):
    r = invoke("regress", "export", _traces(tmp_path, [[]]), "--out", tmp_path / "suite", "--no-minimise")
    assert r.exit_code == 0 and "skipped (failed target turn) 0" in " ".join(r.stdout.split()), r.output
