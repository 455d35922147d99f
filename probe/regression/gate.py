"""Run the layers a change needs, decide, and report: the release gate.

``gate`` runs, for every case of the suite:

1. the **scripted** layer (cheap and deterministic: code, tools, verifiers, prompt and schemas);
2. the **replay** layer on the candidate's recording when the candidate's identity (model, prompt
   hash, tool-schema hash, faults) equals the baseline's; a hit that passes is settled there;
   a miss, a failing hit, or a changed model / faults routes the case to
3. the **live** layer on the sequential plan (``probe.regression.stats.TrialPlan``); baseline
   trials come from the stored baseline version when it has them, otherwise they are run too.

Every layer result and every trial is appended to ``layers.jsonl`` / ``trials.jsonl`` as it
happens (``--resume`` skips what is there). Then the verdicts (``verdicts.jsonl``, each with the
model id, system-prompt hash and tool-schema hash of both sides), ``junit.xml`` and
``summary.md``. Exit status 0 releases, 1 blocks: a REGRESS verdict, a scripted failure, or a
failed target turn in any trial of a case that is not quarantined.

A case with a failed target turn in any of its live trials (the endpoint failed: a connection
error, a 5xx, a timeout; see ``probe.targets.base.FAILURE_KINDS``) gets the verdict
``TARGET_FAILED``: its pass counts measure the transport, not the model, so it is left out of the
statistical test (no REGRESS, no PASS), counted apart in the summary, and it blocks.
"""

from __future__ import annotations

import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

from probe.regression.baseline import BaselineVersion
from probe.regression.case import Case
from probe.regression.config import ReleaseConfig
from probe.regression.layers import LayerResult, run_replay, run_scripted, run_trial, trial_seed
from probe.regression.runlog import JsonlLog
from probe.regression.stats import FLAKY, PASS, REGRESS, TrialPlan, Verdict, decide

TARGET_FAILED = "TARGET_FAILED"  # a target turn failed in a live trial: not judged, never a clean result


@dataclass
class CaseReport:
    case: Case
    scripted: Optional[LayerResult] = None
    replay: Optional[LayerResult] = None
    route: str = "live"  # replay (settled there) or live
    route_reason: str = ""
    base: list[bool] = field(default_factory=list)
    cand: list[bool] = field(default_factory=list)
    base_live: int = 0  # baseline trials run live in this gate (not taken from a stored baseline)
    target_failed: int = 0
    reasons: list[str] = field(default_factory=list)  # first failing reasons of candidate trials
    verdict: Optional[Verdict] = None
    quarantined: bool = False
    wall: dict[str, float] = field(default_factory=dict)  # layer -> seconds

    @property
    def outcome(self) -> str:
        if self.scripted is not None and self.scripted.passed is False:
            return "SCRIPTED_FAIL"
        if self.route == "replay":
            return PASS
        if self.target_failed:
            return TARGET_FAILED
        return self.verdict.outcome if self.verdict else "NOT_RUN"

    @property
    def why(self) -> str:
        """The rule behind the outcome, one short phrase."""
        if self.outcome == TARGET_FAILED:
            return (f"a target turn failed in {self.target_failed} live trial(s); not judged (the endpoint failed, "
                    "not a verdict on the model)")
        return (self.verdict.rule if self.verdict else self.route_reason) or ""


@dataclass
class GateReport:
    cases: list[CaseReport]
    baseline: ReleaseConfig
    candidate: ReleaseConfig
    identities: dict[str, dict[str, Any]]
    plan: TrialPlan
    wall_s: float = 0.0

    def blocking(self) -> list[CaseReport]:
        return [r for r in self.cases if not r.quarantined and
                (r.outcome in (REGRESS, "SCRIPTED_FAIL", TARGET_FAILED) or r.target_failed)]

    def target_failed(self) -> list[CaseReport]:
        """The cases not judged because a target turn failed in one of their live trials."""
        return [r for r in self.cases if r.outcome == TARGET_FAILED]

    @property
    def exit_code(self) -> int:
        return 1 if self.blocking() else 0

    def live_trials(self) -> int:
        return sum(len(r.cand) + r.base_live for r in self.cases)


def _trial_record(case: Case, side: str, k: int, seed: int, trial: Any, config_key: str) -> dict[str, Any]:
    return {"case": case.id, "side": side, "trial": k, "seed": seed, "config": config_key,
            "passed": trial.outcome.passed, "reasons": trial.outcome.reasons, "policies": trial.outcome.policies,
            "target_failed": trial.outcome.target_failed, "wall_s": round(trial.wall_s, 4)}


def run_gate(suite_cases: list[Case], domain: Any, baseline: ReleaseConfig, candidate: ReleaseConfig,
             out: Path, *, stored: BaselineVersion | None = None, quarantine: set[str] = frozenset(),
             plan: TrialPlan = TrialPlan(), base_seed: int = 0, layers: tuple[str, ...] = ("scripted", "replay", "live"),
             on_event: Optional[Callable[[str], None]] = None) -> GateReport:
    t_start = time.perf_counter()
    say = on_event or (lambda s: None)
    trials_log, layers_log = JsonlLog(out / "trials.jsonl"), JsonlLog(out / "layers.jsonl")
    done_trials = {(r["case"], r["side"], r["trial"]): r for r in trials_log.read()}
    done_layers = {(r["case"], r["layer"]): r for r in layers_log.read()}
    bkey, ckey = baseline.key(domain), candidate.key(domain)
    same = baseline.identity(domain) == candidate.identity(domain)
    reports = []
    for case in suite_cases:
        rep = CaseReport(case, quarantined=case.id in quarantine)
        reports.append(rep)
        for layer, fn in (("scripted", lambda c=case: run_scripted(c, domain)),
                          ("replay", lambda c=case: run_replay(c, domain, candidate))):
            if layer not in layers:
                continue
            if (case.id, layer) in done_layers:
                r = done_layers[(case.id, layer)]
                res = LayerResult(case.id, layer, r["passed"], r["reasons"], r["miss"], r["wall_s"])
            else:
                res = fn()
                layers_log.append({"case": case.id, "layer": layer, "passed": res.passed, "reasons": res.reasons,
                                   "miss": res.miss, "wall_s": round(res.wall_s, 4)})
            setattr(rep, layer, res)
            rep.wall[layer] = res.wall_s
        if rep.replay is not None:
            if not same:
                rep.route_reason = "changed model, prompt, tools or faults"
            elif rep.replay.miss:
                rep.route_reason = rep.replay.reasons[0] if rep.replay.reasons else "cache miss"
            elif rep.replay.passed:
                rep.route, rep.route_reason = "replay", "replay hit, passed"
            else:
                rep.route_reason = "replay hit failed: " + "; ".join(rep.replay.reasons[:1])
        if rep.route == "live" and "live" not in layers:
            rep.route = "none"
        if rep.route != "live":
            continue
        t0 = time.perf_counter()
        stored_case = stored.cases.get(case.id) if stored is not None else None
        while True:
            need = plan.needed(rep.base, rep.cand)
            if need <= min(len(rep.base), len(rep.cand)):
                break
            for side, cfg, key, got in (("baseline", baseline, bkey, rep.base), ("candidate", candidate, ckey, rep.cand)):
                while len(got) < need:
                    k = len(got)
                    if side == "baseline" and stored_case is not None and k < len(stored_case.outcomes):
                        got.append(stored_case.outcomes[k])
                        continue
                    rec = done_trials.get((case.id, side, k))
                    if rec is None:
                        seed = trial_seed(case.id, side, k, base_seed)
                        rec = _trial_record(case, side, k, seed, run_trial(case, domain, cfg, seed), key)
                        trials_log.append(rec)
                    got.append(bool(rec["passed"]))
                    rep.base_live += side == "baseline"
                    rep.target_failed += bool(rec["target_failed"])
                    if side == "candidate" and not rec["passed"] and not rep.reasons:
                        rep.reasons = list(rec["reasons"])
        rep.wall["live"] = time.perf_counter() - t0
        say(f"{case.id}: base {sum(rep.base)}/{len(rep.base)} cand {sum(rep.cand)}/{len(rep.cand)}")
    # a case whose trials hit a failed target turn is not judged (TARGET_FAILED) nor in a Holm family
    judged = [r for r in reports if r.route == "live" and not r.target_failed]
    verdicts = decide({r.case.id: (r.base, r.cand, r.case.critical) for r in judged if not r.quarantined}, plan)
    # quarantined cases are judged apart (their own Holm family), reported, never blocking
    verdicts.update(decide({r.case.id: (r.base, r.cand, r.case.critical) for r in judged if r.quarantined}, plan))
    for r in reports:
        r.verdict = verdicts.get(r.case.id)
    ids = {"baseline": baseline.identity(domain), "candidate": candidate.identity(domain)}
    return GateReport(reports, baseline, candidate, ids, plan, time.perf_counter() - t_start)


def write_verdicts(report: GateReport, out: Path) -> None:
    log = JsonlLog(out / "verdicts.jsonl")
    for r in report.cases:
        rec = {"case": r.case.id, "outcome": r.outcome, "route": r.route, "route_reason": r.route_reason,
               "quarantined": r.quarantined, "critical": r.case.critical, "target_failed_trials": r.target_failed,
               "scripted": None if r.scripted is None else {"passed": r.scripted.passed, "reasons": r.scripted.reasons},
               "verdict": r.verdict.to_json() if r.verdict else None,
               "baseline": report.identities["baseline"], "candidate": report.identities["candidate"]}
        log.append(rec)


def _row(r: CaseReport) -> list[str]:
    v = r.verdict
    counts = f"{v.base_pass}/{v.base_n}" if v else "-", f"{v.cand_pass}/{v.cand_n}" if v else "-"
    p = f"{v.p:.2g}" if v and v.p is not None else "-"
    pa = f"{v.p_adjusted:.2g}" if v and v.p_adjusted is not None else "-"
    bounds = v.bounds() if v else "-"
    scripted = "-" if r.scripted is None else ("ok" if r.scripted.passed else "FAIL")
    return [r.case.id, r.outcome + (" (q)" if r.quarantined else ""), scripted, r.route, counts[0], counts[1], p, pa,
            bounds, str(r.target_failed)]


HEADER = ["case", "verdict", "scripted", "layer", "base", "cand", "p", "p_holm", "Wilson 95%", "failed turns"]


def rows(report: GateReport) -> list[list[str]]:
    return [_row(r) for r in report.cases]


def write_junit(report: GateReport, path: Path) -> None:
    suite = ET.Element("testsuite", name="probe-regress", tests=str(len(report.cases)),
                       failures=str(len(report.blocking())),
                       skipped=str(sum(r.quarantined or r.outcome == FLAKY for r in report.cases)),
                       time=f"{report.wall_s:.3f}")
    props = ET.SubElement(suite, "properties")
    for side, ident in report.identities.items():
        for k, val in ident.items():
            ET.SubElement(props, "property", name=f"{side}.{k}", value=str(val))
    for r in report.cases:
        tc = ET.SubElement(suite, "testcase", classname=f"{r.case.env}.{r.case.family}", name=r.case.id,
                           time=f"{sum(r.wall.values()):.3f}")
        row = dict(zip(HEADER, _row(r)))
        text = "; ".join(f"{k}={row[k]}" for k in HEADER[1:])
        why = r.why
        if r.quarantined:
            ET.SubElement(tc, "skipped", message=f"quarantined: {r.outcome}; {why}")
        elif r in report.blocking():
            reasons = (r.scripted.reasons if r.outcome == "SCRIPTED_FAIL" and r.scripted else r.reasons)
            f = ET.SubElement(tc, "failure", message=f"{r.outcome}: {why}", type=r.outcome)
            f.text = text + ("\nfirst failing reasons: " + "; ".join(reasons) if reasons else "")
        elif r.outcome == FLAKY:
            ET.SubElement(tc, "skipped", message=f"{FLAKY}: {why}")
        ET.SubElement(tc, "system-out").text = f"{text}\nprovenance: trace {r.case.provenance.trace_id} " \
                                               f"({r.case.provenance.trace_file}), policy {r.case.provenance.policy}"
    ET.ElementTree(suite).write(path, encoding="utf-8", xml_declaration=True)


def write_summary(report: GateReport, path: Path) -> None:
    b, c = report.identities["baseline"], report.identities["candidate"]
    lines = [f"# probe regress gate: {'RELEASE' if report.exit_code == 0 else 'BLOCKED'}", "",
             f"- baseline: `{report.baseline.label()}` (model {b['model']}, prompt {b['system_prompt_hash']}, "
             f"tools {b['tool_schema_hash']})",
             f"- candidate: `{report.candidate.label()}` (model {c['model']}, prompt {c['system_prompt_hash']}, "
             f"tools {c['tool_schema_hash']})",
             f"- cases: {len(report.cases)}; live trials run: {report.live_trials()} "
             f"(a fixed {report.plan.full} per side would be {2 * report.plan.full * len(report.cases)}); "
             f"wall {report.wall_s:.1f} s", ""]
    counts: dict[str, int] = {}
    for r in report.cases:
        key = r.outcome + (" (quarantined)" if r.quarantined else "")
        counts[key] = counts.get(key, 0) + 1
    lines.append("- verdicts: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    not_judged = report.target_failed()
    if not_judged:
        trials = sum(r.target_failed for r in not_judged)
        lines.append(f"- **{len(not_judged)} case(s) {TARGET_FAILED}**: a target turn failed in {trials} live trial(s) "
                     "(the endpoint, not the model's behaviour); those cases were not judged: not a clean result")
    lines += ["", "| " + " | ".join(HEADER) + " |", "|" + " --- |" * len(HEADER)]
    for row in rows(report):
        lines.append("| " + " | ".join(x.replace("|", "/") for x in row) + " |")
    blocking = report.blocking()
    if blocking:
        lines += ["", "## Blocking", ""]
        for r in blocking:
            why = r.why
            reasons = r.scripted.reasons if r.outcome == "SCRIPTED_FAIL" and r.scripted else r.reasons
            lines.append(f"- `{r.case.id}` {r.outcome}: {why}; {'; '.join(reasons[:3])} (from trace "
                         f"`{r.case.provenance.trace_id}`, policy {r.case.provenance.policy})")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
