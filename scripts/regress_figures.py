"""Figures of the regression gate (issue 14 item 7), from a fresh run on CPU, seeded faults as releases.

    python scripts/regress_figures.py [--env skyassist] [--seeds 4] [--flaky-rate 0.1] [--quick]

1. Findings: the environment's static suite and answer-key (oracle) scripts played against every
   single-fault reference target on held-out seeds; the traces with violations are exported
   (minimised, deduplicated) into a suite.
2. Scripted layer over the suite (once: it does not depend on the release).
3. Baseline = the compliant reference target, recorded (20 trials per case, a stored version).
4. For every single-fault candidate: the gate against the stored baseline; does it block, which
   cases regress, live trials spent.
5. False alarms: baseline and candidate both the reference target with every fault at the same
   firing rate (``all@RATE``), both sides run live on the sequential plan; REGRESS verdicts are
   false alarms (no change was made). Counted with Holm at alpha 0.01 (the gate's rule), without
   Holm, and uncorrected at 0.05, from the same trials; critical cases (all-trials-pass) apart.
6. Live trials spent against 20 per side for every case; wall time per case per layer (the replay
   layer is timed on a recording made of the golden turns, since the reference target makes no
   model calls: it measures the layer's own cost, lookup plus tool loop).

Writes OUT/figures.json and OUT/figures.md and prints the tables. ``--quick`` (2 seeds, fewer
cases, one rate) is what the tests run.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from probe.core.registry import get_domain  # noqa: E402
from probe.core.scripts import load_script, play_messages, play_script  # noqa: E402
from probe.core.trace import append_trace  # noqa: E402
from probe.regression.baseline import record_baseline  # noqa: E402
from probe.regression.case import load_suite  # noqa: E402
from probe.regression.config import ReleaseConfig, parse_config  # noqa: E402
from probe.regression.export import export, read_traces  # noqa: E402
from probe.regression.gate import run_gate  # noqa: E402
from probe.regression.layers import model_replies, run_replay, run_scripted, run_trial, trial_seed  # noqa: E402
from probe.regression.runlog import claim_run_dir  # noqa: E402
from probe.regression.stats import REGRESS, TrialPlan, decide  # noqa: E402
from probe.targets.replay import RecordingCompleter  # noqa: E402
from probe.targets.tool_loop import SamplingSettings, ToolLoopTarget  # noqa: E402


def findings(domain: Any, n_seeds: int, path: Path) -> int:
    scripts = [load_script(p) for folder in ("scripts", "oracle_scripts")
               for p in sorted((domain.package_dir() / folder).glob("*.txt"))]
    n = 0
    for fault in domain.fault_names:
        for script in scripts:
            family = script.family or domain.families[0]
            for k in range(n_seeds):
                scenario = domain.scenario(family, domain.heldout_seeds[k])
                trace = play_script(domain, scenario, domain.make_target("reference", [fault]), script,
                                    episode_id=f"{fault}-{script.name}-{k}", source="suite")
                if trace.violations and not trace.meta.failed_turns:
                    append_trace(path, trace)
                    n += 1
    return n


def replay_timing(domain: Any, cases: list[Any], work: Path) -> list[float]:
    rec = work / "golden-recording.jsonl"
    for case in cases:
        replies = model_replies([m for turn in case.golden for m in [{"role": "user"}, *turn]])
        from probe.regression.layers import ScriptedCompleter

        target = ToolLoopTarget(RecordingCompleter(ScriptedCompleter(replies), rec), domain.system_prompt,
                                domain.tool_schemas, SamplingSettings("scripted"))
        play_messages(domain, domain.scenario(case.family, case.seed), target, case.turns, "rec")
    cfg = ReleaseConfig(kind="replay", model="scripted", recording=str(rec)).resolved(domain)
    out = []
    for case in cases:
        r = run_replay(case, domain, cfg)
        assert r.passed, (case.id, r.reasons)
        out.append(r.wall_s)
    return out


def ms(xs: list[float]) -> str:
    return f"{1000 * statistics.mean(xs):.1f}" if xs else "-"


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--env", default="skyassist")
    ap.add_argument("--seeds", type=int, default=None, help="held-out seeds per script (default 4, quick 1)")
    ap.add_argument("--flaky-rate", type=float, nargs="*", default=None, help="fault firing rates for the false-alarm "
                    "run (default 0.05 0.2; quick 0.2)")
    ap.add_argument("--min-cases", type=int, default=200, help="false-alarm run: at least this many cases")
    ap.add_argument("--quick", action="store_true", help="small run for tests")
    ap.add_argument("--out", default="checkpoints/regress-figures")
    args = ap.parse_args(argv)
    n_seeds = args.seeds or (1 if args.quick else 4)
    rates = args.flaky_rate or ([0.2] if args.quick else [0.05, 0.2])
    out = Path(args.out)
    ours = {"findings.jsonl", "suite", "golden-recording.jsonl", "gates", "false-alarm", "figures.json", "figures.md"}
    if out.exists():  # replaced only when it holds nothing but an earlier run of this script
        if not out.is_dir() or any(p.name not in ours for p in out.iterdir()):
            raise SystemExit(f"error: {out} holds files this script did not write; choose another --out")
        shutil.rmtree(out)
    out.mkdir(parents=True)
    domain = get_domain(args.env)
    t_all = time.perf_counter()
    fig: dict[str, Any] = {"env": args.env, "seeds_per_script": n_seeds, "quick": args.quick}

    # 1. findings -> suite
    t0 = time.perf_counter()
    traces = out / "findings.jsonl"
    fig["finding_traces"] = findings(domain, n_seeds, traces)
    loaded, _ = read_traces([traces], args.env)
    rep = export(domain, loaded, out / "suite")
    cases = load_suite(out / "suite", domain)
    fig["export"] = {"cases": len(cases), "duplicates_merged": rep.duplicates, "not_reproduced": rep.not_reproduced,
                     "turns_dropped": sum(c.minimisation.lost for c in cases),
                     "turns_original": sum(c.minimisation.original_turns for c in cases),
                     "critical": sum(c.critical for c in cases), "seconds": round(time.perf_counter() - t0, 1)}
    print(f"suite: {len(cases)} cases from {fig['finding_traces']} finding traces ({rep.duplicates} duplicates merged); "
          f"minimisation dropped {fig['export']['turns_dropped']} of {fig['export']['turns_original']} customer turns; "
          f"{fig['export']['seconds']} s", flush=True)

    # 2. scripted layer, 6. timing
    scripted = [run_scripted(c, domain) for c in cases]
    fig["scripted_failures"] = [r.case_id for r in scripted if not r.passed]
    replay_s = replay_timing(domain, cases, out)
    good = parse_config("reference", domain)
    live_s = [run_trial(c, domain, good, trial_seed(c.id, "timing", 0)).wall_s for c in cases]
    fig["wall_ms_per_case"] = {"scripted": ms([r.wall_s for r in scripted]), "replay": ms(replay_s),
                               "live_one_trial": ms(live_s)}

    # 3. baseline
    t0 = time.perf_counter()
    stored = record_baseline(out / "suite", domain, cases, good, trials=20)
    fig["baseline_seconds"] = round(time.perf_counter() - t0, 1)
    fig["baseline_rate_min"] = min(stored.rate(c.id) or 0 for c in cases)

    # 4. single-fault candidates
    rows = []
    for fault in domain.fault_names:
        cand = parse_config(f"reference:{fault}", domain)
        run_dir = claim_run_dir(out / "gates" / fault)
        t0 = time.perf_counter()
        g = run_gate(cases, domain, good, cand, run_dir, stored=stored, layers=("replay", "live"))
        regress = [r for r in g.cases if r.outcome == REGRESS]
        policy = domain.fault_details[fault]["policy"]
        rows.append({"fault": fault, "policy": policy, "depth": domain.fault_details[fault]["depth"],
                     "cases_for_policy": sum(c.provenance.policy == policy for c in cases),
                     "cases_from_fault": sum(c.provenance.target.get("faults") == [fault] for c in cases),
                     "blocked": g.exit_code == 1, "regress_cases": len(regress),
                     "regress_policies": sorted({r.case.provenance.policy for r in regress}),
                     "candidate_trials": sum(len(r.cand) for r in g.cases),
                     "seconds": round(time.perf_counter() - t0, 2)})
        print(f"  {fault:28s} {policy:4s} blocked={rows[-1]['blocked']!s:5s} regress={len(regress):3d} "
              f"trials={rows[-1]['candidate_trials']}", flush=True)
    fig["single_fault"] = rows

    # 5. false alarms: the same flaky faults on both sides, both sides live
    fa_cases = cases
    if len(fa_cases) < args.min_cases and not args.quick:
        print(f"warning: only {len(fa_cases)} cases (< {args.min_cases}); raise --seeds", flush=True)
    fig["false_alarms"] = []
    for rate in rates:
        cfg = parse_config(f"reference:all@{rate:g}", domain)
        run_dir = claim_run_dir(out / "false-alarm" / f"rate-{rate:g}")
        t0 = time.perf_counter()
        g = run_gate(fa_cases, domain, cfg, cfg, run_dir, layers=("replay", "live"), base_seed=1)
        outcomes = {r.case.id: (r.base, r.cand, r.case.critical) for r in g.cases}
        ordinary = {k: v for k, v in outcomes.items() if not v[2]}
        row = {"rate": rate, "cases": len(outcomes), "ordinary": len(ordinary), "critical": len(outcomes) - len(ordinary),
               "trials_both_sides": g.live_trials(), "fixed_20_per_side": 40 * len(outcomes),
               "stopped_early": sum(r.verdict.stopped_early for r in g.cases),
               "extended": sum(not r.verdict.stopped_early for r in g.cases),
               "flaky_baseline": sum(r.verdict.outcome == "FLAKY_BASELINE" for r in g.cases),
               "seconds": round(time.perf_counter() - t0, 1)}
        for name, plan in (("holm_0.01", TrialPlan()), ("raw_0.01", TrialPlan(holm=False)),
                           ("raw_0.05", TrialPlan(holm=False, alpha=0.05))):
            row[f"false_alarms_ordinary_{name}"] = sum(v.outcome == REGRESS for v in decide(ordinary, plan).values())
        row["false_alarms_critical_all_pass"] = sum(r.verdict.outcome == REGRESS for r in g.cases if r.case.critical)
        row["critical_alarms_baseline_failed_too"] = sum(r.verdict.outcome == REGRESS and not all(r.base)
                                                         for r in g.cases if r.case.critical)
        fig["false_alarms"].append(row)
        print(f"  false alarms at rate {rate:g}: {row}", flush=True)
    fig["total_seconds"] = round(time.perf_counter() - t_all, 1)
    (out / "figures.json").write_text(json.dumps(fig, indent=1) + "\n")
    (out / "figures.md").write_text(markdown(fig))
    print(markdown(fig))
    return fig


def markdown(fig: dict[str, Any]) -> str:
    e = fig["export"]
    lines = [f"env {fig['env']}, {fig['seeds_per_script']} held-out seeds per script; suite: {e['cases']} cases "
             f"({e['critical']} critical) from {fig['finding_traces']} finding traces, {e['duplicates_merged']} duplicates "
             f"merged, minimisation dropped {e['turns_dropped']} of {e['turns_original']} customer turns; scripted layer "
             f"failures: {len(fig['scripted_failures'])}; total {fig['total_seconds']} s", "",
             "| fault (candidate) | policy | depth | cases cut from its findings | cases for the policy | gate | "
             "REGRESS cases (policies) | candidate trials (fixed 20/case) |", "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in fig["single_fault"]:
        lines.append(f"| {r['fault']} | {r['policy']} | {r['depth']} | {r['cases_from_fault']} | {r['cases_for_policy']} | "
                     f"{'BLOCK' if r['blocked'] else 'release'} | {r['regress_cases']} "
                     f"({' '.join(r['regress_policies']) or '-'}) | {r['candidate_trials']} ({20 * e['cases']}) |")
    lines += ["", "| flaky rate (both sides) | cases (critical) | stopped at 5/5 | extended | FLAKY_BASELINE | "
              "false alarms, ordinary: Holm 0.01 / raw 0.01 / raw 0.05 | critical all-pass REGRESS | "
              "live trials, both sides (fixed 20/side) |", "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in fig["false_alarms"]:
        lines.append(f"| {r['rate']:g} | {r['cases']} ({r['critical']}) | {r['stopped_early']} | {r['extended']} | "
                     f"{r['flaky_baseline']} | {r['false_alarms_ordinary_holm_0.01']} / {r['false_alarms_ordinary_raw_0.01']}"
                     f" / {r['false_alarms_ordinary_raw_0.05']} of {r['ordinary']} | {r['false_alarms_critical_all_pass']} "
                     f"of {r['critical']} ({r['critical_alarms_baseline_failed_too']} with baseline failures too) | "
                     f"{r['trials_both_sides']} ({r['fixed_20_per_side']}) |")
    w = fig["wall_ms_per_case"]
    lines += ["", f"wall time per case: scripted {w['scripted']} ms, replay {w['replay']} ms, one live trial "
              f"{w['live_one_trial']} ms; baseline recording (20 trials x {e['cases']} cases) {fig['baseline_seconds']} s"]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
