"""Traces with violations -> regression cases (``probe regress export``).

Every trace is first re-scored from its messages, as ``probe verify`` does (``load_traces``): the
cases come from the re-scored violations, never from the stored field, and a trace whose stored
violations differ (or are missing) is a warning naming both. A line that cannot be read or scored
is an error naming file, line and trace id, and the other traces are still exported.

For every trace with a (re-scored) violation and every policy it fired, one case:

1. **Minimise** the customer turns by delta debugging (``ddmin``, Zeller's algorithm over the
   ordered list of turns): a subset is kept when replaying it on the *source* target (rebuilt
   from the trace's ``target``: the reference target with the same faults and fault seed) still
   fires the policy. Only a reference source can be re-run offline; other sources keep every
   turn and say so (``minimisation.method = none``).
2. **Replay** the kept turns on the source target (the incident, stored for the scripted layer)
   and on the compliant target (the reference target with no faults: the golden answers).
3. **Derive the expectation** from the incident and the policy: the policies the incident fires
   (less those the compliant target fires too) must not fire; tools the compliant target called
   in read-only mode must be called; tools only the incident called must not be; each mutation
   call at the violating message becomes a forbidden call on its id arguments (keys ending in
   ``id``), unless the compliant target makes the same call; and when the incident mutates without
   a question first but the compliant target does not, ``confirm_before_mutation``. A rule is
   kept only when the incident breaks it and the compliant replay keeps it, so every rule
   separates the two.
4. **Deduplicate**: cases with the same policy, family and kept turns are one case (the others'
   trace ids are listed in ``provenance.duplicates``).
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from probe.core.failures import is_failed
from probe.core.outputs import SUITE_OWNER_MARKER
from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from probe.core.trace import BadLine, Trace, iter_trace_lines
from probe.regression.case import (
    Case,
    Expectation,
    ForbiddenCall,
    Minimisation,
    Provenance,
    SentHashes,
    SuiteManifest,
    Tags,
    write_case,
)
from probe.regression.check import calls_with_index, rule_failures, unconfirmed_mutations
from probe.targets.tool_loop import tool_schema_hash

CRITICAL_SEVERITY = 4.0  # policies at or above this severity make critical cases (all trials must pass)


def ddmin(items: list[int], test: Callable[[list[int]], bool]) -> list[int]:
    """Delta debugging: a 1-minimal sublist of ``items`` (order kept) for which ``test`` holds.

    ``test(items)`` must hold on entry. Tries ever finer partitions, keeping a chunk or the
    complement of a chunk whenever it still passes the test."""
    cache: dict[tuple[int, ...], bool] = {}

    def t(sub: list[int]) -> bool:
        key = tuple(sub)
        if key not in cache:
            cache[key] = bool(sub) and test(sub)
        return cache[key]

    n = 2
    while len(items) >= 2:
        size = -(-len(items) // n)
        chunks = [items[i:i + size] for i in range(0, len(items), size)]
        for chunk in chunks:
            if t(chunk):
                items, n = chunk, 2
                break
        else:
            for chunk in chunks:
                rest = [x for x in items if x not in chunk]
                if t(rest):
                    items, n = rest, max(n - 1, 2)
                    break
            else:
                if n >= len(items):
                    break
                n = min(len(items), 2 * n)
    return items


def user_turns(messages: list[dict[str, Any]]) -> list[str]:
    return [str(m.get("content") or "") for m in messages if m.get("role") == "user"]


def split_turns(messages: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The assistant and tool messages answering each user message, per turn."""
    turns: list[list[dict[str, Any]]] = []
    for m in messages:
        if m.get("role") == "user":
            turns.append([])
        elif turns:
            turns[-1].append(m)
    return turns


@dataclass
class ExportReport:
    cases: list[Case] = field(default_factory=list)
    traces_read: int = 0
    with_violations: int = 0
    skipped_failed: int = 0  # traces with a failed target turn (not a finding, not clean), with or without violations
    failed_ids: list[str] = field(default_factory=list)  # their ids
    duplicates: int = 0
    not_reproduced: int = 0
    errors: list[str] = field(default_factory=list)  # traces that could not be exported, one line each


def source_target(trace: Trace, domain: Any) -> Callable[[], Any] | None:
    """A builder of the trace's own target when it can be re-run offline (the reference target)."""
    info = trace.target or {}
    if info.get("kind") != "reference":
        return None
    faults = domain.resolve_faults(list(info.get("faults") or []))
    seed = int(info.get("fault_seed", 0))
    return lambda: domain.make_target("reference", faults, fault_seed=seed)


def _play(domain: Any, scenario: dict[str, Any], make: Callable[[], Any], turns: list[str], eid: str) -> Trace:
    return play_messages(domain, scenario, make(), turns, eid, source="regression")


def _id_args(args: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in args.items() if re.search(r"ids?$", k.lower()) and isinstance(v, (str, int, float))}


def derive_expectation(domain: Any, policy: str, incident: Trace, golden: Trace) -> Expectation:
    inc_pol = sorted({v.policy for v in incident.violations})
    gold_pol = {v.policy for v in golden.violations}
    must_not_fire = sorted({policy} | (set(inc_pol) - gold_pol))
    inc_calls = calls_with_index(incident.messages)
    gold_calls = calls_with_index(golden.messages)
    inc_names = {n for _, n, _ in inc_calls}
    gold_names = {n for _, n, _ in gold_calls}
    must_call = sorted(n for n in gold_names if n in domain.read_only_tools and n in inc_names)
    must_not_call = sorted(inc_names - gold_names)
    at = [v.message_index for v in incident.violations if v.policy == policy]
    forbidden: list[ForbiddenCall] = []
    for i, name, args in inc_calls:
        if at and i == at[0] and name in domain.mutation_tools and name not in must_not_call:
            wanted = _id_args(args)
            if wanted and not any(n == name and all(str(a.get(k)) == str(v) for k, v in wanted.items())
                                  for _, n, a in gold_calls):
                forbidden.append(ForbiddenCall(tool=name, arguments=wanted))
    confirm = bool(domain.mutation_tools) and bool(unconfirmed_mutations(incident.messages, domain.mutation_tools)) \
        and not unconfirmed_mutations(golden.messages, domain.mutation_tools)
    exp = Expectation(must_not_fire=must_not_fire, must_call=must_call, must_not_call=must_not_call,
                      forbidden_calls=forbidden, confirm_before_mutation=confirm)
    # keep only rules the compliant replay keeps (a rule it breaks would fail every baseline trial)
    broken = set(rule_failures(exp, golden.messages, sorted(gold_pol), list(domain.mutation_tools)))
    if broken:
        exp = Expectation(
            must_not_fire=[p for p in exp.must_not_fire if p == policy or f"policy {p} fired" not in broken],
            must_call=[t for t in must_call if f"{t} was not called" not in broken],
            must_not_call=must_not_call,
            forbidden_calls=[c for c in forbidden if not any(r.startswith(f"{c.tool} called with") for r in broken)],
            confirm_before_mutation=confirm and not any("without a confirmation" in r for r in broken))
    return exp


def case_from_trace(domain: Any, trace: Trace, policy: str, trace_file: str,
                    golden_faults: list[str], minimise: bool = True) -> Case:
    scenario = domain.scenario(str(trace.scenario.get("family")), int(trace.seed))
    turns = user_turns(trace.messages)
    make_source = source_target(trace, domain) if minimise else None
    method, note, reproduced = "none", "", True
    kept = list(range(len(turns)))
    incident = trace
    if make_source is None:
        note = ("minimisation off" if not minimise else
                f"source target {trace.target.get('kind')!r} cannot be re-run offline; all turns kept")
    else:
        def fires(sub: list[int]) -> bool:
            t = _play(domain, scenario, make_source, [turns[i] for i in sub], f"min-{trace.id}")
            return any(v.policy == policy for v in t.violations) and not t.meta.failed_turns

        if fires(kept):
            kept = ddmin(kept, fires)
            method = "ddmin"
            incident = _play(domain, scenario, make_source, [turns[i] for i in kept], trace.id)
        else:
            reproduced = False
            note = "the violation did not reproduce on the source target; all turns kept"
    kept_turns = [turns[i] for i in kept]
    golden_target = lambda: domain.make_target("reference", golden_faults)  # noqa: E731
    golden = _play(domain, scenario, golden_target, kept_turns, f"golden-{trace.id}")
    expect = derive_expectation(domain, policy, incident, golden)
    sev = max(domain.severity.get(p, 0.0) for p in [policy])
    family = str(scenario.get("family"))
    # the id depends on what was found (trace id, policy, dialogue), not on where the file lies
    found = json.dumps(trace.messages, sort_keys=True, ensure_ascii=False)
    digest = hashlib.sha256(f"{trace.id}|{policy}|{found}".encode()).hexdigest()[:8]
    meta = trace.meta
    return Case(
        id=f"{policy}-{family}-{digest}", env=domain.name,
        provenance=Provenance(trace_id=trace.id, trace_file=trace_file, source=meta.source, run=meta.run,
                              method=meta.method, script=meta.script, policy=policy,
                              evidence=next((v.evidence for v in trace.violations if v.policy == policy), ""),
                              target=dict(trace.target or {})),
        tags=Tags(env=domain.name, family=family, tools=sorted({n for _, n, _ in calls_with_index(incident.messages)}),
                  policies=list(expect.must_not_fire)),
        family=family, seed=int(trace.seed), turns=kept_turns, expect=expect, severity=sev,
        critical=sev >= CRITICAL_SEVERITY, golden=split_turns(golden.messages), incident=list(incident.messages),
        sent=SentHashes(system_prompt_hash=domain.system_prompt_hash,
                        tool_schema_hash=tool_schema_hash(domain.tool_schemas)),
        minimisation=Minimisation(original_turns=len(turns), kept_turns=len(kept_turns), reproduced=reproduced,
                                  method=method, note=note))


@dataclass
class Loaded:
    """The traces of ``load_traces``, re-scored, with what went wrong per line."""

    traces: list[tuple[str, Trace]] = field(default_factory=list)
    env: str | None = None
    errors: list[str] = field(default_factory=list)  # 'FILE:LINE: ...' lines: those traces are left out
    warnings: list[str] = field(default_factory=list)  # 'FILE:LINE: trace ID: ...' lines
    differ: int = 0  # traces whose stored violations differ from (or are missing beside) the re-scored ones
    lines: dict[int, int] = field(default_factory=dict)  # id(trace) -> its line number


def load_traces(paths: list[Path], env: str | None) -> Loaded:
    """Every trace of the files, re-scored (``probe.verify.rescore.rescore_trace``): its ``violations``
    are the re-scored ones. A line that cannot be read, whose environment is not installed or not
    ``env`` (the first installed one when None), or that cannot be scored (unknown family, seed out
    of range, ...) is one error line and is left out; the others are still loaded."""
    from probe.verify.rescore import Unscorable, describe_difference, rescore_trace  # noqa: PLC0415

    got = Loaded(env=env)
    for path in paths:
        path = Path(path)
        if path.is_dir():
            got.errors.append(f"{path} is a directory; give a JSONL trace file (e.g. {path / 'traces.jsonl'})")
            continue
        if not path.is_file():
            got.errors.append(f"trace file not found: {path}")
            continue
        try:
            items = list(iter_trace_lines(path))
        except OSError as e:
            got.errors.append(f"cannot read {path}: {e.strerror or e}")
            continue
        for n, item in items:
            where = f"{path}:{n}"
            if isinstance(item, BadLine):
                got.errors.append(f"{where}: malformed trace line ({item.error})")
                continue
            who = f"{where}: trace {item.id!r}"
            try:
                get_domain(item.env)
            except ValueError as e:
                got.errors.append(f"{who}: {e}")
                continue
            if got.env is None:
                got.env = item.env  # the first trace whose environment is installed decides
            if item.env != got.env:
                got.errors.append(f"{who}: is for environment {item.env!r}, not {got.env!r}; export one "
                                  "environment at a time")
                continue
            try:
                scored = rescore_trace(item, n)  # item.violations become the re-scored ones
            except Unscorable as e:
                got.errors.append(f"{who}: not exported: {e}")
                continue
            got.warnings.extend(f"{who}: {p}" for p in scored.problems)
            if scored.matches_recorded is not True:  # differing, or no violations field at all
                got.differ += 1
                got.warnings.append(f"{who}: stored violations differ from the re-scored ones "
                                    f"({describe_difference(scored.stored, item.violations)}); the cases follow the "
                                    "re-scored")
            got.lines[id(item)] = n
            got.traces.append((str(path), item))
    return got


def read_traces(paths: list[Path], env: str | None) -> tuple[list[tuple[str, Trace]], str]:
    """All traces of the files, re-scored (``load_traces``); ValueError (one line) at the first line
    that cannot be loaded, or when the files hold no traces."""
    got = load_traces(paths, env)
    if got.errors:
        raise ValueError(got.errors[0])
    if got.env is None:
        raise ValueError("the trace files hold no traces")
    return got.traces, got.env


def export(domain: Any, traces: list[tuple[str, Trace]], out_dir: Path, *, minimise: bool = True,
           golden_faults: str = "none", on_case: Callable[[Case], None] | None = None,
           lines: dict[int, int] | None = None) -> ExportReport:
    """Write one case per (trace, fired policy), minimised and deduplicated, into a new suite folder.

    ``traces`` hold the violations the cases follow (``load_traces`` re-scores them). A trace whose
    case cannot be built is one line in ``report.errors`` (``lines``: id(trace) -> line number)."""
    report = ExportReport()
    gfaults = domain.resolve_faults(golden_faults)
    seen: dict[tuple[str, str, tuple[str, ...]], Case] = {}
    for path, trace in traces:
        report.traces_read += 1
        report.with_violations += bool(trace.violations)
        # a failed target turn spoils the trace whatever it fired (or did not): a dialogue the target
        # did not answer is neither a finding nor a clean one, so it is counted and named, never exported
        if is_failed(trace):
            report.skipped_failed += 1
            report.failed_ids.append(trace.id)
            continue
        if not trace.violations:
            continue
        for policy in sorted({v.policy for v in trace.violations}):
            try:
                case = case_from_trace(domain, trace, policy, path, gfaults, minimise)
            except Exception as e:  # one odd trace must not lose the others' cases
                line = (lines or {}).get(id(trace))
                report.errors.append(f"{path}{f':{line}' if line else ''}: trace {trace.id!r}: no case for "
                                     f"{policy} ({type(e).__name__}: {e})")
                continue
            report.not_reproduced += not case.minimisation.reproduced
            key = (policy, case.family, tuple(case.turns))
            if key in seen:
                seen[key].provenance.duplicates.append(trace.id)
                report.duplicates += 1
                continue
            seen[key] = case
            report.cases.append(case)
            if on_case is not None:
                on_case(case)
    out_dir.mkdir(parents=True, exist_ok=True)
    # marked first as export's own: play, suite, eval and AdaT then refuse to write inside it (owning_run)
    (out_dir / SUITE_OWNER_MARKER).write_text("probe regression suite folder\n", encoding="utf-8")
    (out_dir / "cases").mkdir(exist_ok=True)
    for case in report.cases:
        write_case(out_dir, case)
    manifest = SuiteManifest(env=domain.name, created_at=datetime.now(timezone.utc).isoformat(timespec="seconds"),
                             sources=sorted({p for p, _ in traces}))
    (out_dir / "suite.json").write_text(manifest.model_dump_json(indent=2) + "\n", encoding="utf-8")
    return report
