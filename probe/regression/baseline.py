"""Versioned baselines and the quarantine queue of a suite.

``suite/baselines/<config key>/v0001.json`` holds, for one released configuration (target kind,
model id, prompt hash, tool-schema hash, faults), the outcome of every baseline trial of every
case and the digest of the case's expectation at the time. ``probe regress baseline record`` writes
the next version; a version file is created exclusively and never rewritten. When a case's
expectation differs from the previous version's, recording needs ``--approve --note "..."``
(the note is kept in the version and in the case's history): a baseline must not drift silently.
A recording in which a target turn failed writes no version (``TargetFailed``): a failure is not a
baseline; ``--resume`` runs those trials again.

``suite/quarantine.jsonl`` is the queue: a case whose baseline pass rate falls below the
threshold gets an ``open`` entry with an owner and a deadline; it keeps running, and gates report
it apart (it never blocks a release). A later baseline where it passes again appends ``closed``.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable, Literal, Optional

from pydantic import BaseModel, ConfigDict, ValidationError

from probe.regression.case import Case, HistoryEntry, rewrite_case
from probe.regression.config import ReleaseConfig
from probe.regression.layers import run_trial, trial_seed
from probe.regression.runlog import JsonlLog

QUARANTINE_FILE = "quarantine.jsonl"


class BaselineError(ValueError):
    """A baseline that cannot be used or written (one line)."""


class TargetFailed(BaselineError):
    """A recording whose target failed a turn in some trial: no version was written (one line)."""


class CaseBaseline(BaseModel):
    model_config = ConfigDict(extra="forbid")
    outcomes: list[bool]
    seeds: list[int]
    expect_digest: str


class BaselineVersion(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["probe-regression-baseline"] = "probe-regression-baseline"
    version: int
    env: str
    config_key: str
    identity: dict[str, Any]
    config: dict[str, Any]
    created_at: str
    note: str = ""
    approved: bool = False
    trials: int
    cases: dict[str, CaseBaseline]

    def rate(self, case_id: str) -> float | None:
        c = self.cases.get(case_id)
        return sum(c.outcomes) / len(c.outcomes) if c and c.outcomes else None


class QuarantineEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    case: str
    status: Literal["open", "closed"]
    at: str
    owner: str
    deadline: str
    rate: float
    baseline: str  # <config key>/v<version>
    note: str = ""


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def baseline_dir(suite: Path, key: str) -> Path:
    return Path(suite) / "baselines" / key


def versions(suite: Path, key: str) -> list[int]:
    d = baseline_dir(suite, key)
    return sorted(int(p.stem[1:]) for p in d.glob("v[0-9][0-9][0-9][0-9].json")) if d.is_dir() else []


def load_baseline_file(path: Path, domain: Any) -> BaselineVersion:
    try:
        b = BaselineVersion.model_validate(json.loads(Path(path).read_text(encoding="utf-8")))
    except (OSError, ValueError, ValidationError) as e:
        msg = e.errors()[0]["msg"] if isinstance(e, ValidationError) else str(e).splitlines()[0]
        raise BaselineError(f"cannot read baseline {path}: {msg}") from None
    if b.env != domain.name:
        raise BaselineError(f"baseline {path} is for environment {b.env!r}, not {domain.name!r}")
    return b


def load_version(suite: Path, key: str, domain: Any, version: int | None = None) -> BaselineVersion | None:
    have = versions(suite, key)
    if version is not None and version not in have:
        raise BaselineError(f"baseline version {version} not found for config {key}; have: "
                            f"{', '.join(map(str, have)) or 'none'}")
    if not have:
        return None
    v = version or have[-1]
    return load_baseline_file(baseline_dir(suite, key) / f"v{v:04d}.json", domain)


def changed_expectations(prev: BaselineVersion | None, cases: list[Case]) -> list[str]:
    if prev is None:
        return []
    return [c.id for c in cases if c.id in prev.cases and prev.cases[c.id].expect_digest != c.expect.digest()]


def read_quarantine(suite: Path) -> dict[str, QuarantineEntry]:
    """The latest entry of every case in the queue (open or closed)."""
    out: dict[str, QuarantineEntry] = {}
    for n, rec in enumerate(JsonlLog(Path(suite) / QUARANTINE_FILE).read(), start=1):
        try:
            e = QuarantineEntry.model_validate(rec)
        except ValidationError as err:
            raise BaselineError(f"{Path(suite) / QUARANTINE_FILE}:{n}: {err.errors()[0]['loc']} "
                                f"{err.errors()[0]['msg']}") from None
        out[e.case] = e
    return out


def quarantined(suite: Path) -> set[str]:
    return {c for c, e in read_quarantine(suite).items() if e.status == "open"}


def update_quarantine(suite: Path, version: BaselineVersion, threshold: float, owner: str,
                      deadline_days: int) -> tuple[list[str], list[str]]:
    """Open entries for cases under ``threshold``, close entries of cases back above it."""
    current = read_quarantine(suite)
    log = JsonlLog(Path(suite) / QUARANTINE_FILE)
    opened, closed = [], []
    at = now()
    deadline = (datetime.now(timezone.utc) + timedelta(days=deadline_days)).date().isoformat()
    where = f"{version.config_key}/v{version.version:04d}"
    for cid in sorted(version.cases):
        rate = version.rate(cid)
        if rate is None:
            continue
        entry = current.get(cid)
        is_open = entry is not None and entry.status == "open"
        if rate < threshold and not is_open:
            log.append(QuarantineEntry(case=cid, status="open", at=at, owner=owner, deadline=deadline, rate=rate,
                                       baseline=where, note=f"baseline pass rate {rate:.0%} < {threshold:.0%}").model_dump())
            opened.append(cid)
        elif rate >= threshold and is_open:
            log.append(QuarantineEntry(case=cid, status="closed", at=at, owner=entry.owner, deadline=entry.deadline,
                                       rate=rate, baseline=where, note="baseline passes again").model_dump())
            closed.append(cid)
    return opened, closed


def record_baseline(suite: Path, domain: Any, cases: list[Case], config: ReleaseConfig, *, trials: int = 20,
                    approve: bool = False, note: str = "", resume: bool = False, base_seed: int = 0,
                    on_trial: Optional[Callable[[str, int, bool], None]] = None) -> BaselineVersion:
    """Run ``trials`` live trials per case on ``config`` and write the next baseline version."""
    key = config.key(domain)
    prev = load_version(suite, key, domain)
    changed = changed_expectations(prev, cases)
    if changed and not approve:
        raise BaselineError(f"the expectation of {len(changed)} case(s) changed since baseline v{prev.version} "
                            f"(first: {changed[0]}); review it and pass --approve --note \"why\"")
    if approve and not note.strip():
        raise BaselineError("--approve needs --note \"why the expectation changed\"")
    d = baseline_dir(suite, key)
    number = (versions(suite, key) or [0])[-1] + 1
    log = JsonlLog(d / f"v{number:04d}.trials.jsonl")
    if log.path.exists() and not resume:
        raise BaselineError(f"an unfinished baseline recording is in {log.path}; pass --resume to continue it")
    done: dict[tuple[str, int], dict[str, Any]] = {(r["case"], r["trial"]): r for r in log.read()}
    for case in cases:
        for k in range(trials):
            if (case.id, k) in done and not done[(case.id, k)].get("target_failed"):
                continue  # a trial whose target turn failed is run again (the later record wins)
            seed = trial_seed(case.id, "baseline", k, base_seed)
            t = run_trial(case, domain, config, seed)
            rec = {"case": case.id, "side": "baseline", "trial": k, "seed": seed, "passed": t.outcome.passed,
                   "reasons": t.outcome.reasons, "policies": t.outcome.policies,
                   "target_failed": t.outcome.target_failed, "wall_s": round(t.wall_s, 4)}
            log.append(rec)
            done[(case.id, k)] = rec
            if on_trial:
                on_trial(case.id, k, t.outcome.passed)
    failed = [(c.id, k) for c in cases for k in range(trials) if done[(c.id, k)].get("target_failed")]
    if failed:
        raise TargetFailed(f"a target turn failed in {len(failed)} of {len(cases) * trials} trial(s) (first: "
                            f"{failed[0][0]} trial {failed[0][1]}: {'; '.join(done[failed[0]]['reasons'][-1:])}); "
                            f"no baseline version was written (not a clean result); the trials are kept in "
                            f"{log.path}: fix the endpoint and rerun with --resume (the failed trials run again)")
    version = BaselineVersion(
        version=number, env=domain.name, config_key=key, identity=config.identity(domain),
        config=config.model_dump(), created_at=now(), note=note, approved=approve, trials=trials,
        cases={c.id: CaseBaseline(outcomes=[bool(done[(c.id, k)]["passed"]) for k in range(trials)],
                                  seeds=[int(done[(c.id, k)]["seed"]) for k in range(trials)],
                                  expect_digest=c.expect.digest()) for c in cases})
    path = d / f"v{number:04d}.json"
    try:
        with open(path, "x", encoding="utf-8") as f:
            f.write(version.model_dump_json(indent=1) + "\n")
    except FileExistsError:
        raise BaselineError(f"baseline {path} already exists; versions are never overwritten") from None
    if approve:
        for c in cases:
            if c.id in changed:
                c.history.append(HistoryEntry(at=version.created_at, what=f"expectation approved in baseline "
                                              f"{key}/v{number:04d}", note=note))
                rewrite_case(suite, c)
    return version
