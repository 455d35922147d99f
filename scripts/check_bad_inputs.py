"""Feed the CLI a matrix of bad inputs and count how each one ends (issue 9's measurement).

Every case should end in exactly one ``error:`` line on stderr and a non-zero exit status, with
nothing written outside a scratch folder; a traceback (an exception escaping the command) is a
bug. Runs in-process with ``PROBE_DEBUG=1`` so an unexpected exception surfaces instead of being
turned into the generic "internal error" line. Prints one line per case and a summary:

    python scripts/check_bad_inputs.py            # about a minute on 2 cores
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ["PROBE_DEBUG"] = "1"
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from typer.testing import CliRunner  # noqa: E402

from probe.cli import app  # noqa: E402


def cases(tmp: Path) -> list[tuple[str, list[str]]]:
    bad_utf8 = tmp / "bad-utf8.txt"
    bad_utf8.write_bytes(b"hello \xff\xfe\n")
    brace = tmp / "brace.txt"
    brace.write_text("I want to fly {nowhere\n")
    script = tmp / "ok.txt"
    script.write_text("Hi, I want to fly from Boston to Lisbon next Friday.\n")
    a_file = tmp / "a-file"
    a_file.write_text("x")
    deep = tmp / "deep.jsonl"
    deep.write_text("[" * 100000 + "\n")
    viol = tmp / "viol.jsonl"
    viol.write_text('{"id": "x", "env": "skyassist", "seed": 1e999, "messages": [], "violations": [1]}\n')
    nonutf = tmp / "nonutf.jsonl"
    nonutf.write_bytes(b"\xff\xfe{}\n")
    user_dir = tmp / "user-folder"
    user_dir.mkdir()
    (user_dir / "report.md").write_text("# my report\n")
    notes = tmp / "notes.txt"
    notes.write_text("my notes\n")
    empty_cfg = tmp / "empty.yaml"
    empty_cfg.write_text("")
    cfg = "configs/cpu-demo-grpo.yaml"
    out = ["--set", f"out_dir={tmp / 'runs'}"]
    train = ["train", "--config", cfg, *out]
    demo = ["demo", "--config", cfg, *out]
    return [
        ("demo run_name=.", [*demo, "--set", "run_name=."]),
        ("demo run_name=..", [*demo, "--set", "run_name=.."]),
        ("demo run_name=../victim", [*demo, "--set", "run_name=../victim"]),
        ("demo run_name=/abs", [*demo, "--set", "run_name=/tmp/abs-victim"]),
        ("demo run_name empty", [*demo, "--set", "run_name="]),
        ("demo reward=nosuch", [*demo, "--set", "reward=nosuch"]),
        ("train run_name=../escaped", [*train, "--set", "run_name=../escaped"]),
        ("train run_name empty", [*train, "--set", "run_name="]),
        ("train run_name=tab", [*train, "--set", "run_name=\t"]),
        ("train updates=[", [*train, "--set", "updates=["]),
        ("train target.faults=nosuch", [*train, "--set", "target.faults=nosuch"]),
        ("train target.faults empty", [*train, "--set", "target.faults="]),
        ("train target.faults=7", [*train, "--set", "target.faults=7"]),
        ("train target.faults=[none, all]", [*train, "--set", "target.faults=[none, all]"]),
        ("train wandb=true (no wandb)", [*train, "--set", "wandb=true"]),
        ("train auditor.model=/nonexistent", [*train, "--set", "auditor.model=/nonexistent"]),
        ("train rollout.prefixes=100000000", [*train, "--set", "rollout.prefixes=100000000"]),
        ("train optim.lr=.inf", [*train, "--set", "optim.lr=.inf"]),
        ("train optim.lr=.nan", [*train, "--set", "optim.lr=.nan"]),
        ("train unknown key", [*train, "--set", "rollout.groupsize=3"]),
        ("train algo=ppo", [*train, "--set", "algo=ppo"]),
        ("train env=mars", [*train, "--set", "env=mars"]),
        ("train missing config", ["train", "--config", str(tmp / "nope.yaml")]),
        ("train config not utf-8", ["train", "--config", str(bad_utf8)]),
        ("train no --config", ["train"]),
        ("train empty config file", ["train", "--config", str(empty_cfg)]),
        ("train --resume of no run", [*train, "--set", "run_name=neverexisted", "--resume"]),
        ("auditor sample --model /nonexistent", ["auditor", "sample", "--model", "/nonexistent"]),
        ("auditor sample -n 0", ["auditor", "sample", "--model", "tiny", "-n", "0"]),
        ("auditor sample --temperature -1", ["auditor", "sample", "--model", "tiny", "--temperature", "-1"]),
        ("auditor build-tiny --seed -1", ["auditor", "build-tiny", "--seed", "-1", "--out", str(tmp / "tiny")]),
        ("auditor build-tiny --out a file", ["auditor", "build-tiny", "--out", str(a_file)]),
        ("play script with {", ["play", "--family", "one_way", "--script", str(brace)]),
        ("play script not utf-8", ["play", "--family", "one_way", "--script", str(bad_utf8)]),
        ("play --out missing dir", ["play", "--family", "one_way", "--script", str(script), "--out",
                                     str(tmp / "missing" / "t.jsonl")]),
        ("play --out a directory", ["play", "--family", "one_way", "--script", str(script), "--out", str(tmp)]),
        ("play --out under a file", ["play", "--family", "one_way", "--script", str(script), "--out",
                                      str(a_file / "t.jsonl")]),
        ("play --out a file of notes", ["play", "--family", "one_way", "--script", str(script), "--out", str(notes)]),
        ("play unknown family", ["play", "--family", "moon_trip", "--script", str(script)]),
        ("play unknown env", ["play", "--env", "mars", "--family", "one_way", "--script", str(script)]),
        ("play --seed -1", ["play", "--family", "one_way", "--script", str(script), "--seed", "-1"]),
        ("play --temperature -1", ["play", "--family", "one_way", "--script", str(script), "--temperature", "-1"]),
        ("play --timeout 0", ["play", "--family", "one_way", "--script", str(script), "--target", "openai",
                              "--base-url", "http://127.0.0.1:9/v1", "--model", "m", "--timeout", "0"]),
        ("play --retries -1", ["play", "--family", "one_way", "--script", str(script), "--target", "openai",
                               "--base-url", "http://127.0.0.1:9/v1", "--model", "m", "--retries", "-1"]),
        ("play --faults nosuch", ["play", "--family", "one_way", "--script", str(script), "--faults", "nosuch"]),
        ("play --faults empty", ["play", "--family", "one_way", "--script", str(script), "--faults", ""]),
        ("play --faults none,all", ["play", "--family", "one_way", "--script", str(script), "--faults", "none,all"]),
        ("suite --seeds-per-script 10001", ["suite", "--seeds-per-script", "10001", "--out", str(tmp / "s")]),
        ("suite --seeds-per-script 0", ["suite", "--seeds-per-script", "0", "--out", str(tmp / "s")]),
        ("suite --out a file", ["suite", "--out", str(a_file)]),
        ("eval --episodes 100000000", ["eval", "--auditor", "static", "--episodes", "100000000"]),
        ("eval --episodes 0", ["eval", "--auditor", "static", "--episodes", "0"]),
        ("eval --turns 0", ["eval", "--auditor", "static", "--turns", "0"]),
        ("eval --temperature -1", ["eval", "--auditor", "static", "--temperature", "-1"]),
        ("eval --checkpoint missing", ["eval", "--checkpoint", str(tmp / "nope")]),
        ("eval --auditor nosuch", ["eval", "--auditor", "nosuch-method"]),
        ("eval --out a file", ["eval", "--auditor", "static", "--episodes", "1", "--out", str(a_file)]),
        ("eval --out a user folder", ["eval", "--auditor", "static", "--episodes", "1", "--out", str(user_dir)]),
        ("eval --auditor statc (typo)", ["eval", "--auditor", "statc", "--episodes", "1"]),
        ("eval --max-failed-share 2", ["eval", "--auditor", "static", "--max-failed-share", "2"]),
        ("verify missing file", ["verify", str(tmp / "nope.jsonl")]),
        ("verify a directory", ["verify", str(tmp)]),
        ("verify deep nesting", ["verify", str(deep)]),
        ("verify violations [1], seed 1e999", ["verify", str(viol)]),
        ("verify non-utf-8 line", ["verify", str(nonutf)]),
        ("unknown command", ["fly"]),
        ("unknown option", ["play", "--famly", "x"]),
        ("bad int", ["eval", "--turns", "many"]),
        ("env info unknown env", ["env", "info", "--env", "mars"]),
        ("env scenario unknown family", ["env", "scenario", "--family", "moon_trip"]),
        ("env scenario --seed -5", ["env", "scenario", "--family", "one_way", "--seed", "-5"]),
        ("plausibility missing file", ["plausibility", str(tmp / "nope.txt")]),
        ("plausibility not utf-8", ["plausibility", str(bad_utf8)]),
    ]


def main() -> int:
    runner = CliRunner()
    tracebacks = multi_line = zero_exit = 0
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        all_cases = cases(tmp)
        for name, args in all_cases:
            r = runner.invoke(app, args, catch_exceptions=True)
            stderr = r.stderr if hasattr(r, "stderr") else r.output
            errors = [line for line in stderr.splitlines() if line.startswith("error:")]
            if r.exception is not None and not isinstance(r.exception, SystemExit):
                tracebacks += 1
                verdict = f"TRACEBACK {type(r.exception).__name__}: {r.exception}"
            elif r.exit_code == 0:
                zero_exit += 1
                verdict = "exit 0 (accepted)"
            elif len(errors) != 1:
                multi_line += 1
                verdict = f"exit {r.exit_code}, {len(errors)} error lines"
            else:
                verdict = f"exit {r.exit_code}: {errors[0][:110]}"
            print(f"{name:38s} {verdict}", flush=True)
        escaped = [p for p in (Path("/tmp/abs-victim"), tmp.parent / "victim", tmp.parent / "escaped") if p.exists()]
    print(f"\n{len(all_cases)} bad inputs: {tracebacks} tracebacks, {multi_line} with other than one error line, "
          f"{zero_exit} accepted; paths written outside the scratch folder: {len(escaped)}")
    return 1 if tracebacks or escaped else 0


if __name__ == "__main__":
    sys.exit(main())
