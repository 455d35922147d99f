"""``probe adat run``: the whole AdaT pipeline as one seeded, deterministic run (see ``pipeline``).

Writes into ``<out_dir>/<run>/adat/``: ``discovery.jsonl`` (traces), ``statements.jsonl``
(with evidence), ``tests.jsonl``, ``executions.jsonl`` (traces of every test on the compliant
target), ``verdicts.jsonl``, ``selector_log.jsonl``, ``regression.json`` (with fault re-runs),
``summary.json``, ``report.md`` and ``config.json``, and last marks the run complete in the
folder's marker (``.probe-adat``; until then ``claim_output`` lets a re-run replace it without
``--overwrite``).

A role or driver behind an endpoint counts its calls and failed calls (a request that failed after
its retries, or an answer that could not be used): ``endpoint_calls`` in ``summary.json`` and a
line of ``report.md``; ``all_failed`` names the roles none of whose calls worked.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

from pydantic import BaseModel, ConfigDict, Field

from probe.adat.catalog import DEFAULT_CATALOG, load_catalog
from probe.adat.discovery import make_driver, run_discovery
from probe.adat.novelty import MODEL_NAME, make_embedder
from probe.adat.pipeline import (
    MARKER,
    Execution,
    TransformRun,
    claim_output,
    covered_statements,
    execute,
    new_behaviours,
    plain_tests,
    regression,
    transform_tests,
)
from probe.adat.records import Statement, Test, write_jsonl
from probe.adat.roles import make_roles
from probe.adat.runner import Runner
from probe.adat.selectors import SelectorConfig, make_selector
from probe.core.registry import default_env, get_domain
from probe.core.trace import Trace, append_trace


class AdatConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    env: str = Field(default_factory=default_env)
    driver: str = "untrained"
    checkpoint: Optional[str] = None
    sessions: int = Field(24, ge=1, le=1000)
    turns: int = Field(8, ge=1, le=50)
    n: int = Field(50, ge=1, le=1000)
    selector: str = "bayes-ucb"
    seed: int = 0
    discovery_faults: str = "none"
    block_size: int = Field(10, ge=1)
    max_misses: int = Field(3, ge=1)
    passes: int = Field(2, ge=1)
    gamma: float = Field(0.5, gt=0.0, le=1.0)
    embedder: str = MODEL_NAME
    catalog: str = str(DEFAULT_CATALOG)
    roles: str = "cpu"
    base_url: Optional[str] = None
    model: Optional[str] = None
    regression_faults: Optional[list[str]] = None  # None: every single fault of the environment; []: none


@dataclass
class SuiteResult:
    statements: list[Statement]
    plain: list[Execution]
    transform: TransformRun
    regression: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def tests(self) -> list[Test]:
        return [e.test for e in self.plain] + [e.test for e in self.transform.tests]

    @property
    def executions(self) -> list[Execution]:
        return self.plain + self.transform.tests


def endpoint_options(cfg: AdatConfig) -> dict[str, Any]:
    return {"base_url": cfg.base_url, "model": cfg.model} if cfg.roles == "endpoint" else {}


def discover(cfg: AdatConfig, roles: dict[str, Any], on_session: Callable[[int, Trace], None] | None = None) -> list[Trace]:
    method = make_driver(cfg.driver, env=cfg.env, seed=cfg.seed, checkpoint=cfg.checkpoint, base_url=cfg.base_url,
                         model=cfg.model)
    return run_discovery(method, roles["planner"], roles["extractor"], env=cfg.env, sessions=cfg.sessions,
                         turns=cfg.turns, faults=cfg.discovery_faults, seed=cfg.seed, on_session=on_session)


def endpoint_calls(roles: dict[str, Any], traces: list[Trace]) -> dict[str, dict[str, Any]]:
    """Per endpoint role (and ``driver`` for a driver behind an endpoint): calls, failed calls, the
    first failure. Empty for the CPU roles and a local driver."""
    out: dict[str, dict[str, Any]] = {}
    sessions = [t.meta.extra for t in traces if "driver_calls" in (t.meta.extra or {})]
    if sessions:
        firsts = [x["driver_first_failure"] for x in sessions if x.get("driver_first_failure")]
        out["driver"] = {"calls": sum(x["driver_calls"] for x in sessions),
                         "failed": sum(x["driver_failed"] for x in sessions), "first": firsts[0] if firsts else ""}
    for role in roles.values():
        parts = getattr(role, "parts", None)
        for name, part in (parts() if parts else {}).items():
            out[name] = part.usage()
    return out


def all_failed(calls: dict[str, dict[str, Any]]) -> list[str]:
    """The roles (or ``driver``) that made calls and had every one fail."""
    return [k for k, c in calls.items() if c["calls"] and c["failed"] >= c["calls"]]


def scenario_fields(runner: Runner, test: Test) -> dict[str, Any]:
    """The scalar fields of a test's scenario (names, ids, dates, counts): what transformations and
    applicability conditions read."""
    return {k: v for k, v in runner.scenario(test.scenario.family, test.scenario.seed).items()
            if isinstance(v, (str, int, float)) and not isinstance(v, bool)}


def build_suite(cfg: AdatConfig, traces: list[Trace], statements: list[Statement], roles: dict[str, Any],
                runner: Runner, *, selector: str | None = None, seed: int | None = None, embedder: Any = None,
                with_regression: bool = True, keep: Callable[[Execution], None] | None = None) -> SuiteResult:
    """Plain and transformed tests from the grounded statements, each run on the compliant target,
    then (``with_regression``) the whole suite on each single-fault target; ``keep`` is handed every
    execution on a faulty target (``pipeline.regression``)."""
    domain = get_domain(cfg.env)
    catalog = load_catalog(cfg.catalog)
    judge, generator = roles["judge"], roles["generator"]
    by_id = {t.id: t for t in traces}
    grounded = [s for s in statements if s.grounded]
    plains = plain_tests(grounded, by_id, generator, cfg.n)
    plain_ex = [execute(runner, judge, t) for t in plains]
    plain_for = {t.statement_id: t for t in plain_tests(grounded, by_id, generator, len(grounded))}
    sel = make_selector(selector or cfg.selector, [i.id for i in catalog], seed=cfg.seed if seed is None else seed,
                        config=SelectorConfig(gamma=cfg.gamma, budget=min(400, 6 * cfg.n)))
    emb = embedder if embedder is not None else make_embedder(cfg.embedder)
    fields: dict[str, dict[str, Any]] = {}

    def fields_of(test: Test) -> dict[str, Any]:
        key = f"{test.scenario.family}:{test.scenario.seed}"
        if key not in fields:
            fields[key] = scenario_fields(runner, test)
        return fields[key]

    tr = transform_tests(grounded, plain_for, catalog, sel, generator, lambda t: execute(runner, judge, t), emb,
                         fields_of, n=cfg.n, block_size=cfg.block_size, passes=cfg.passes, max_misses=cfg.max_misses)
    result = SuiteResult(grounded, plain_ex, tr)
    if with_regression:
        faults = domain.fault_names if cfg.regression_faults is None else cfg.regression_faults
        baseline = {e.test.id: e.verdict for e in result.executions}
        result.regression = regression(runner, judge, result.tests, baseline, faults, domain.fault_policy, keep)
    return result


def summarise(cfg: AdatConfig, traces: list[Trace], statements: list[Statement], res: SuiteResult,
              roles: dict[str, Any] | None = None) -> dict[str, Any]:
    verdicts = [e.verdict.verdict for e in res.executions]
    plain_cov = covered_statements(res.plain, res.statements)
    trans_cov = covered_statements(res.transform.tests, res.statements)
    tr = res.transform
    detected = sorted(f for f, r in res.regression.items() if r["detected"])
    return {
        "driver": cfg.driver, "selector": tr.log[0].selector if tr.log else cfg.selector, "seed": cfg.seed,
        "sessions": len(traces), "discovery_turns": sum(t.meta.turns for t in traces),
        "discovery_failed_turns": sum(len(t.meta.failed_turns) for t in traces),
        "discovery_violations": sorted({v.policy for t in traces for v in t.violations}),
        "statements": len(res.statements), "statements_ungrounded": sum(1 for s in statements if not s.grounded),
        "plain_tests": len(res.plain), "transformed_tests": len(tr.tests), "attempts": tr.attempts,
        "attempts_to_n": tr.attempts_to(cfg.n), "not_applicable_share": round(tr.not_applicable / tr.attempts, 4) if tr.attempts else 0.0,
        "top_instruction_share": round(tr.top_share(), 4), "instructions_used": len({s.instruction_id for s in tr.log if s.applicable}),
        "stop": tr.stop,
        "verdicts_compliant": {k: verdicts.count(k) for k in ("pass", "fail", "inconclusive")},
        "false_alarms": sum(1 for v in verdicts if v == "fail"),
        "statements_covered_plain": len(plain_cov), "statements_covered_transformed": len(trans_cov),
        "extra_statements_covered": len(trans_cov - plain_cov),
        "new_behaviours_transformed": len(new_behaviours(tr.tests, res.statements)),
        "faults_total": len(res.regression), "faults_detected": len(detected), "detected": detected,
        "faults_attributed": sorted(f for f, r in res.regression.items() if r["attributed"]),
        "endpoint_calls": endpoint_calls(roles or {}, traces),
    }


def write_outputs(folder: Path, cfg: AdatConfig, traces: list[Trace], statements: list[Statement], res: SuiteResult,
                  summary: dict[str, Any]) -> None:
    (folder / "config.json").write_text(cfg.model_dump_json(indent=2) + "\n")
    for t in traces:
        append_trace(folder / "discovery.jsonl", t)
    write_jsonl(folder / "statements.jsonl", statements)
    write_jsonl(folder / "tests.jsonl", res.tests)
    for e in res.executions:
        append_trace(folder / "executions.jsonl", e.trace)
    write_jsonl(folder / "verdicts.jsonl", [e.verdict for e in res.executions])
    write_jsonl(folder / "selector_log.jsonl", res.transform.log)
    (folder / "regression.json").write_text(json.dumps(res.regression, indent=2) + "\n")
    (folder / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    (folder / "report.md").write_text(report_md(cfg, summary, res))
    mark_complete(folder, summary)


def mark_complete(folder: Path, summary: dict[str, Any]) -> None:
    """Mark the run complete, unless every call of an endpoint role failed (``all_failed``): such a
    run's figures are not results, so its folder stays unfinished and the same command replaces it
    without ``--overwrite`` (``pipeline.claim_output``)."""
    if not all_failed(summary.get("endpoint_calls") or {}):
        (folder / MARKER).write_text(json.dumps({"complete": True}) + "\n")


def report_md(cfg: AdatConfig, s: dict[str, Any], res: SuiteResult) -> str:
    lines = [f"# AdaT run: driver {cfg.driver}, selector {s['selector']}, env {cfg.env}", "",
             f"Discovery: {s['sessions']} sessions x up to {cfg.turns} turns against faults={cfg.discovery_faults} "
             f"({s['discovery_turns']} turns, {s['discovery_failed_turns']} failed).",
             f"Statements: {s['statements']} grounded ({s['statements_ungrounded']} dropped by the grounding check).",
             f"Tests: {s['plain_tests']} plain, {s['transformed_tests']} transformed in {s['attempts']} attempts "
             f"(not applicable {100 * s['not_applicable_share']:.0f}%, top instruction {100 * s['top_instruction_share']:.0f}% "
             f"of attempts, {s['instructions_used']} instructions used; stop: {s['stop']}).",
             f"Verdicts on the compliant target: {s['verdicts_compliant']} (false alarms: {s['false_alarms']}).",
             f"Statements covered: plain {s['statements_covered_plain']}, transformed {s['statements_covered_transformed']} "
             f"(extra: {s['extra_statements_covered']}); new behaviours in transformed tests: {s['new_behaviours_transformed']}.",
             ""]
    if s["endpoint_calls"]:
        lines[-1:-1] = ["Endpoint calls failed: " + "; ".join(
            f"{k}: {c['failed']} of {c['calls']}" + (f" (first: {' '.join(c['first'].split())[:200]})" if c["first"] else "")
            for k, c in s["endpoint_calls"].items()) + "."]
    if res.regression:
        lines += [f"## Fault re-runs: {s['faults_detected']} of {s['faults_total']} faults detected", "",
                  "| fault | policy | detected | tests | policy named | verdicts |", "| --- | --- | --- | --- | --- | --- |"]
        for f, r in res.regression.items():
            lines.append(f"| {f} | {r['policy']} | {'yes' if r['detected'] else 'no'} | {len(r['tests'])} | "
                         f"{len(r['attributed'])} | {r['verdicts']} |")
        lines.append("")
    lines += ["## Transformed tests (first 20)", "", "| test | instruction | change | verdict |", "| --- | --- | --- | --- |"]
    for e in res.transform.tests[:20]:
        lines.append(f"| {e.test.id} | {e.test.instruction_id} | {e.test.change} | {e.verdict.verdict} |")
    return "\n".join(lines) + "\n"


def run(cfg: AdatConfig, folder: Path, *, embedder: Any = None,
        progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    say = progress or (lambda _m: None)
    t0 = time.perf_counter()
    domain = get_domain(cfg.env)
    roles = make_roles(cfg.roles, domain, cfg.seed, **endpoint_options(cfg))
    traces = discover(cfg, roles, on_session=lambda s, t: say(f"discovery session {s + 1}/{cfg.sessions}: "
                                                                 f"{t.meta.family}, {t.meta.turns} turns"))
    statements = roles["extractor"].statements(traces)
    say(f"statements: {sum(s.grounded for s in statements)} grounded of {len(statements)}")
    runner = Runner(domain)
    res = build_suite(cfg, traces, statements, roles, runner, embedder=embedder,
                      with_regression=cfg.regression_faults != [])
    summary = summarise(cfg, traces, statements, res, roles)
    summary["seconds"] = round(time.perf_counter() - t0, 1)
    summary["sessions_played"] = runner.sessions
    write_outputs(folder, cfg, traces, statements, res, summary)
    return summary


__all__ = ["AdatConfig", "SuiteResult", "discover", "build_suite", "scenario_fields", "summarise", "write_outputs", "run", "claim_output",
           "endpoint_calls", "all_failed", "mark_complete"]
