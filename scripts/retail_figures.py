"""The τ-bench retail figures (issue 13 item 7), one command:

    python scripts/retail_figures.py                      # train if needed, then measure everything
    python scripts/retail_figures.py --checkpoint checkpoints/cpu-demo-retail-grpo --verify-traces 300

1. **Verifier re-scoring rate on retail traces.** Plays ``--verify-traces`` held-out episodes
   (the static suite's script of each scenario's family, ``--turns`` turns) against the retail
   reference target with the ``demo`` faults, timing the target; then re-scores every trace from
   its messages alone (``Domain.verify``: every tool call replayed on a fresh database, R1-R10
   checked), a first pass and ``--repeat - 1`` more, and checks that every pass gives the same
   violations. Rates are traces per CPU-second of this process (``time.process_time``).
2. **Held-out plausible coverage** of the ``demo`` profile for the trained auditor, the
   untrained (SFT-only) tiny auditor, the static suite and the answer-key suite (plus the
   cooperative and random baselines), on the same ``--episodes`` held-out seeds (the first 40
   are τ²-bench's 40 ``test`` tasks), with τ²-bench's task success per method. The trained
   auditor is ``--checkpoint`` (default ``checkpoints/<run_name>`` of ``--config``); when it has
   no checkpoint yet, the script trains it first with ``probe train --config CONFIG`` (``--resume``
   when the run directory exists, so an interrupted run continues).

Writes ``OUT/summary.json`` (every figure and how it was measured: the tiny auditor's build key,
the commit, the load), ``OUT/figures.md`` (the tables) and ``OUT/eval/`` (``probe eval``'s own
output: traces, metrics.json, report.md, plots). ``OUT`` (default ``out/retail-figures``) must be
new or an earlier output of this script (it holds ``summary.json``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from probe.core.registry import get_domain  # noqa: E402
from probe.core.scripts import fill_script, load_suite, play_messages  # noqa: E402

ENV = "taubench-retail"
METHODS = ("trained", "untrained", "static", "static-oracle", "cooperative", "random")


def commit_label() -> str:
    """The short commit, with ``+changes`` when tracked files differ from it (the figures are then
    of code no commit holds); "unknown" without git. scripts/audit_power.py uses it too."""
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True).stdout.strip()

    try:
        head = git("rev-parse", "--short", "HEAD")
        dirty = bool(head) and bool(git("status", "--porcelain", "--untracked-files=no"))
    except OSError:
        return "unknown"
    return (head + "+changes" if dirty else head) or "unknown"


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "probe.cli", *args]


def _run(cmd: list[str]) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    print("$ " + " ".join(cmd[2:] if cmd[:2] == [sys.executable, "-m"] else cmd), flush=True)
    r = subprocess.run(cmd, cwd=ROOT, env=env)
    if r.returncode != 0:
        raise SystemExit(f"error: {' '.join(cmd[3:5])} exited with {r.returncode}")


def verify_rate(n: int, turns: int, repeat: int, faults: str = "demo") -> dict:
    """Play n held-out retail episodes, then re-score them from their messages alone."""
    domain = get_domain(ENV)
    suite = {s.family: s for s in load_suite(domain, "scripts")}
    default = next(iter(suite.values()))
    fault_list = domain.resolve_faults(faults)
    played = []
    t0 = time.process_time()
    for i in range(n):
        scenario = domain.sample_scenario(domain.heldout_seeds[i % len(domain.heldout_seeds)])
        lines = fill_script(suite.get(scenario["family"], default), scenario)[:turns]
        trace = play_messages(domain, scenario, domain.make_target("reference", fault_list), lines, f"bench-{i}")
        played.append((trace.messages, scenario))
    t_target = time.process_time() - t0
    passes, first, counts = [], None, {}
    for _ in range(repeat):
        t0 = time.process_time()
        found = [domain.verify(messages, scenario) for messages, scenario in played]
        passes.append(time.process_time() - t0)
        keys = [[(v.policy, v.message_index) for v in vs] for vs in found]
        if first is None:
            first = keys
            for vs in keys:
                for p, _ in vs:
                    counts[p] = counts.get(p, 0) + 1
        elif keys != first:
            raise SystemExit("error: re-scoring gave other violations than the first pass")
    messages = sum(len(m) for m, _ in played) / max(1, n)
    out = {"traces": n, "turns": turns, "faults": fault_list, "mean_messages": round(messages, 1),
           "first_pass_traces_per_s": round(n / passes[0], 1),
           "target_traces_per_s": round(n / t_target, 1),
           "verify_over_target_time": round(passes[0] / t_target, 3),
           "violations_per_100": {p: round(100 * c / n, 1) for p, c in sorted(counts.items())}}
    if repeat > 1:
        out["rescoring_traces_per_s"] = round(n / (sum(passes[1:]) / (repeat - 1)), 1)
        out["rescoring_passes"] = repeat - 1
    return out


def _has_checkpoint(run: Path) -> bool:
    return run.name.startswith("ckpt-") and (run / "adapter").is_dir() or any(
        (c / "adapter").is_dir() for c in run.glob("ckpt-*"))


def _pct(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:.0f}%"


def eval_table(metrics: dict) -> tuple[list[dict], str]:
    rows, lines = [], ["| method | plausible coverage | plausible policies | coverage | policies | task success | "
                       "implausible | yield/100 |", "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for name, m in metrics["methods"].items():
        ts = m.get("task_success") or {}
        task = f"{_pct(ts.get('rate'))} ({ts.get('succeeded')}/{ts.get('episodes')})" if ts.get("episodes") else "n/a"
        y = m.get("yield_per_100")
        ytext = f"{y['value']:.0f} [{y['lo']:.0f}, {y['hi']:.0f}]" if isinstance(y, dict) and "value" in y else str(y)
        implausible = (m.get("plausibility") or {}).get("implausible_rate")
        row = {"method": name, "plausible_coverage": m["plausible_coverage"],
               "plausible_policies": m["plausible_policies_found"], "coverage": m["coverage"],
               "policies": m["policies_found"], "task_success": ts, "implausible_rate": implausible,
               "yield_per_100": y, "failed_turns": m.get("failed_turns"), "episodes": m.get("episodes")}
        rows.append(row)
        lines.append(f"| {name} | {_pct(m['plausible_coverage'])} | {' '.join(m['plausible_policies_found']) or '-'} | "
                     f"{_pct(m['coverage'])} | {' '.join(m['policies_found']) or '-'} | {task} | {_pct(implausible)} | "
                     f"{ytext} |")
    return rows, "\n".join(lines)


def tiny_build() -> dict:
    from probe.auditor.tiny import default_tiny_path, read_build_info  # noqa: PLC0415
    info = read_build_info(default_tiny_path()) or {}
    return {"path": str(default_tiny_path()), "key": info.get("key"), "corpus_env": (info.get("settings") or {}).get("env"),
            "loss_end": info.get("loss_end")}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "out" / "retail-figures")
    ap.add_argument("--config", default="configs/cpu-demo-retail-grpo.yaml", help="training config of the trained auditor")
    ap.add_argument("--checkpoint", type=Path, default=None, help="a trained retail run or ckpt-* dir (default: the config's run)")
    ap.add_argument("--episodes", type=int, default=50)
    ap.add_argument("--turns", type=int, default=8)
    ap.add_argument("--verify-traces", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--skip-eval", action="store_true", help="only the verifier figure")
    a = ap.parse_args(argv)
    if min(a.episodes, a.turns, a.verify_traces, a.repeat) < 1:
        ap.error("--episodes, --turns, --verify-traces and --repeat must be at least 1")
    out = a.out if a.out.is_absolute() else ROOT / a.out
    if out.exists() and any(out.iterdir()) and not (out / "summary.json").exists():
        raise SystemExit(f"error: --out {out} holds files this script did not write; allowed: a new or empty "
                         f"directory, or an earlier output of this script")
    out.mkdir(parents=True, exist_ok=True)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    summary: dict = {"commit": commit_label(),
                     "load_average_1min_start": load, "cpu_count": os.cpu_count(), "tiny_auditor": tiny_build()}

    t0 = time.perf_counter()
    summary["verify"] = verify_rate(a.verify_traces, a.turns, a.repeat)
    v = summary["verify"]
    print(f"verifier on retail traces: first pass {v['first_pass_traces_per_s']:,} traces/s, re-scoring "
          f"{v.get('rescoring_traces_per_s', 'n/a')} traces/s, target {v['target_traces_per_s']:,} traces/s "
          f"({v['traces']} traces x {v['turns']} turns, {v['mean_messages']} messages each)", flush=True)
    summary["verify_seconds"] = round(time.perf_counter() - t0, 1)

    md = [f"# τ-bench retail figures (commit {summary['commit']})", "",
          f"Load average at start: {load}; CPUs: {os.cpu_count()}; tiny auditor build {summary['tiny_auditor']['key']}.",
          "", "## Verifier re-scoring rate", "",
          f"{v['traces']} held-out traces x {v['turns']} turns (static suite, `demo` faults, {v['mean_messages']} "
          f"messages each): first pass {v['first_pass_traces_per_s']:,} traces/s, re-scoring "
          f"{v.get('rescoring_traces_per_s', 'n/a')} traces/s (same violations every pass), target "
          f"{v['target_traces_per_s']:,} traces/s; verifier / target time {v['verify_over_target_time']}."]
    if not a.skip_eval:
        import yaml  # noqa: PLC0415
        run_name = yaml.safe_load((ROOT / a.config).read_text())["run_name"]
        ckpt = a.checkpoint or ROOT / "checkpoints" / run_name
        t1 = time.perf_counter()
        if not _has_checkpoint(ckpt):
            if a.checkpoint is not None:
                raise SystemExit(f"error: --checkpoint {ckpt} has no checkpoint (expected ckpt-*/adapter)")
            _run(_cli("train", "--config", a.config, "--no-progress", *(["--resume"] if ckpt.exists() else [])))
        summary["train_seconds"] = round(time.perf_counter() - t1, 1)
        t2 = time.perf_counter()
        _run(_cli("eval", "--env", ENV, "--checkpoint", str(ckpt), "--baselines",
                  ",".join(m for m in METHODS if m != "trained"), "--episodes", str(a.episodes), "--turns",
                  str(a.turns), "--faults", "demo", "--out", str(out / "eval"), "--overwrite"))
        summary["eval_seconds"] = round(time.perf_counter() - t2, 1)
        metrics = json.loads((out / "eval" / "metrics.json").read_text())
        rows, table = eval_table(metrics)
        summary["checkpoint"] = str(ckpt)
        summary["eval"] = rows
        md += ["", f"## Held-out plausible coverage, `demo` faults ({a.episodes} episodes x {a.turns} turns)", "",
               f"Trained auditor: `{ckpt.relative_to(ROOT) if ckpt.is_relative_to(ROOT) else ckpt}` "
               f"({a.config}). The first 40 held-out episodes are τ²-bench's 40 test tasks; task success counts them.",
               "", table]
        print(table)
    summary["load_average_1min_end"] = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    (out / "figures.md").write_text("\n".join(md) + "\n")
    print(f"wrote {out / 'summary.json'} and {out / 'figures.md'}")


if __name__ == "__main__":
    main()
