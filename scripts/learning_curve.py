"""Learning evidence on CPU: train each optimizer for a fixed budget, then compare held-out
plausible coverage (the headline: policies exposed in episodes whose every auditor message passes
the fluency check and the six plausibility flags), raw coverage, the implausible share and yield
of the trained auditors with the untrained (SFT-only) auditor and the static suite, all on the
same held-out seeds.

    .venv/bin/python scripts/learning_curve.py [--algos grpo,dpo,gfn] [--updates 40] [--episodes 50]
        [--samples 3] [--configs cpu-demo|cpu-full]

``--configs cpu-full`` trains with configs/cpu-full-<algo>.yaml (200 updates each). Prints one table
and writes checkpoints/learning-curve/summary.json (per method: plausible coverage and its
policies, coverage, implausible rate, yield, and with --samples N > 1 the mean and sd of both
coverages over N disjoint held-out samples). Not a test: it takes minutes (tens with cpu-full).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from rich.console import Console

from probe.cli.demo import train_fresh
from probe.eval import evaluate_methods
from probe.eval.methods import LearnedAuditor, make_method
from probe.eval.report import summary_table
from probe.train.config import load_config

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--algos", default="grpo,dpo,gfn")
    ap.add_argument("--updates", type=int, default=None, help="override every config's updates")
    ap.add_argument("--episodes", type=int, default=50)
    ap.add_argument("--turns", type=int, default=8)
    ap.add_argument("--samples", type=int, default=1, help="disjoint held-out samples (mean +- sd)")
    ap.add_argument("--configs", default="cpu-demo", choices=["cpu-demo", "cpu-full"], help="config family")
    ap.add_argument("--out", default="checkpoints/learning-curve")
    args = ap.parse_args()
    console = Console()
    out = Path(args.out)
    methods, seconds = {}, {}
    faults = "demo"
    for algo in args.algos.split(","):
        sets = [f"out_dir={out}", f"run_name={algo}"] + ([f"updates={args.updates}"] if args.updates else [])
        config = load_config(ROOT / "configs" / f"{args.configs}-{algo}.yaml", sets)
        faults = config.target.faults
        t0 = time.perf_counter()
        trainer, history = train_fresh(config, console, progress=True, overwrite=True)
        seconds[algo] = time.perf_counter() - t0
        methods[f"trained-{algo}"] = LearnedAuditor(trainer.auditor, name=f"trained-{algo}",
                                                    temperature=config.rollout.temperature, top_p=config.rollout.top_p,
                                                    seed=config.seed)
        console.print(f"{algo}: {config.updates} updates in {seconds[algo]:.0f} s; "
                      f"policies hit in training: {', '.join(history[-1]['policies_so_far'])}")
    methods["untrained"] = make_method("untrained", temperature=config.rollout.temperature, top_p=config.rollout.top_p)
    methods["static"] = make_method("static")
    results = evaluate_methods(methods, faults=faults, episodes=args.episodes, turns=args.turns, samples=args.samples,
                               out=out / "eval", overwrite=True)  # the script's own run directories
    table = summary_table(results, f"held-out: {args.episodes} episodes x {args.turns} turns x {args.samples} "
                                   f"sample(s), faults={faults}")
    keys = ("plausible_coverage", "plausible_policies_found", "plausible_episodes", "coverage", "policies_found",
            "yield_per_100", "multi_policy_rate", "failed_episodes")
    summary = {name: {**{k: m[k] for k in keys}, "implausible_rate": m["plausibility"]["implausible_rate"],
                      "plausible_coverage_samples": m["plausible_coverage_samples"],
                      "coverage_samples": m["coverage_samples"]}
               for name, m in results.items()}
    console.print(table)
    summary["train_seconds"] = seconds
    (out / "summary.json").write_text(json.dumps(summary, indent=1))


if __name__ == "__main__":
    from probe.cli.errors import run_script  # noqa: PLC0415

    run_script(main)
