"""Regression cases: typed records of one discovered failure, with where it came from.

A suite is a folder: ``suite.json`` (``SuiteManifest``: environment, how it was made) and
``cases/<case id>.json``, one ``Case`` each, so a reviewer can read and diff one case. A case holds

- ``provenance``: the trace it was exported from (id, file, run or method, script, target), so a
  failing case says why it exists; ``tags`` (environment, family, tools called, policies) drive
  change-impact selection;
- the initial state (``family`` and ``seed``: the environment rebuilds the scenario and a fresh
  database from them) and the customer ``turns``;
- the ``expect``ation: policies that must not fire, order-free must-call / must-not-call tools,
  forbidden calls (a tool with given arguments) and a confirmation-before-mutation rule, and
  ``critical`` (all trials must pass);
- ``golden``: the assistant messages a compliant target answered with, per turn (the scripted
  layer feeds them back as the model) and ``incident``: the assistant messages of the source
  trace (the scripted layer checks that the verifiers still catch them);
- ``minimisation``: how many customer turns delta debugging dropped.

``load_case`` and ``load_suite`` refuse a file with a missing field, a policy or tool the
environment does not have, or a case of another environment, in one line (``CaseError``).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError

CASE_VERSION = 1
SUITE_MARKER = "suite.json"


class CaseError(ValueError):
    """A case or suite that cannot be used (one line naming the file and the problem)."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Provenance(_Strict):
    """Where the case came from."""

    trace_id: str = Field(min_length=1)
    trace_file: str
    source: Optional[str] = None  # train / eval / play / suite / adat (the trace's meta.source)
    run: Optional[str] = None
    method: Optional[str] = None
    script: Optional[str] = None
    policy: str = Field(min_length=1)  # the violation the case was cut for
    evidence: str = ""
    target: dict[str, Any] = Field(default_factory=dict)  # the source target's describe()
    duplicates: list[str] = Field(default_factory=list)  # ids of other traces that cut to the same case


class Tags(_Strict):
    env: str
    family: str
    tools: list[str] = Field(default_factory=list)
    policies: list[str] = Field(default_factory=list)


class ForbiddenCall(_Strict):
    """No call of ``tool`` whose arguments include all of ``arguments`` (e.g. no book_flight of flight X)."""

    tool: str
    arguments: dict[str, Any] = Field(default_factory=dict)


class Expectation(_Strict):
    must_not_fire: list[str] = Field(min_length=1)
    must_call: list[str] = Field(default_factory=list)
    must_not_call: list[str] = Field(default_factory=list)
    forbidden_calls: list[ForbiddenCall] = Field(default_factory=list)
    confirm_before_mutation: bool = False  # every mutation comes after an assistant question

    def digest(self) -> str:
        return hashlib.sha256(json.dumps(self.model_dump(), sort_keys=True).encode()).hexdigest()[:16]


class Minimisation(_Strict):
    original_turns: int
    kept_turns: int
    reproduced: bool  # the violation reproduced on the source target with the kept turns
    method: Literal["ddmin", "none"]
    note: str = ""

    @property
    def lost(self) -> int:
        return self.original_turns - self.kept_turns


class SentHashes(_Strict):
    """What a model would be sent for this case (the scripted layer asserts on it)."""

    system_prompt_hash: str
    tool_schema_hash: str


class HistoryEntry(_Strict):
    at: str
    what: str
    note: str = ""


class Case(_Strict):
    schema_version: Literal[1] = CASE_VERSION
    id: str = Field(min_length=1, pattern=r"^[A-Za-z0-9_.-]+$")
    env: str
    provenance: Provenance
    tags: Tags
    family: str
    seed: int
    turns: list[str] = Field(min_length=1)
    expect: Expectation
    severity: float
    critical: bool
    golden: list[list[dict[str, Any]]]  # per turn: the compliant target's assistant/tool messages
    incident: list[dict[str, Any]] = Field(default_factory=list)  # the source trace's messages (minimised)
    sent: SentHashes
    minimisation: Minimisation
    history: list[HistoryEntry] = Field(default_factory=list)


class SuiteManifest(_Strict):
    kind: Literal["probe-regression-suite"] = "probe-regression-suite"
    schema_version: Literal[1] = CASE_VERSION
    env: str
    created_at: str
    sources: list[str] = Field(default_factory=list)


def _first_error(e: ValidationError) -> str:
    err = e.errors()[0]
    where = ".".join(str(x) for x in err["loc"]) or "(top level)"
    if err["type"] == "missing":
        return f"missing field {where!r}"
    if err["type"] == "extra_forbidden":
        return f"unknown field {where!r}"
    return f"field {where!r}: {err['msg']}"


def check_against_domain(case: Case, domain: Any, where: str) -> None:
    """CaseError unless every policy and tool the case names exists in ``domain``."""
    if case.env != domain.name:
        raise CaseError(f"{where}: case {case.id!r} is for environment {case.env!r}, not {domain.name!r}")
    policies = {p.id for p in domain.policies}
    tools = set(domain.tool_names)
    e = case.expect
    for pid in e.must_not_fire:
        if pid not in policies:
            raise CaseError(f"{where}: unknown policy {pid!r} in expect.must_not_fire; allowed: {', '.join(sorted(policies))}")
    for field, names in (("must_call", e.must_call), ("must_not_call", e.must_not_call),
                         ("forbidden_calls", [c.tool for c in e.forbidden_calls])):
        for t in names:
            if t not in tools:
                raise CaseError(f"{where}: unknown tool {t!r} in expect.{field}; allowed: {', '.join(sorted(tools))}")
    if case.family not in domain.families:
        raise CaseError(f"{where}: unknown family {case.family!r}; allowed: {', '.join(domain.families)}")


def load_case(path: Path, domain: Any | None = None) -> Case:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        raise CaseError(f"cannot read case file {path}: {e}") from None
    except json.JSONDecodeError as e:
        raise CaseError(f"case file {path} is not JSON: {e.msg} at line {e.lineno}") from None
    try:
        case = Case.model_validate(data)
    except ValidationError as e:
        raise CaseError(f"case file {path}: {_first_error(e)}") from None
    if domain is not None:
        check_against_domain(case, domain, str(path))
    return case


def load_manifest(suite: Path) -> SuiteManifest:
    path = Path(suite) / SUITE_MARKER
    if not Path(suite).is_dir():
        raise CaseError(f"suite folder not found: {suite}")
    if not path.is_file():
        raise CaseError(f"{suite} is not a regression suite (no {SUITE_MARKER}; make one with probe regress export)")
    try:
        return SuiteManifest.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (ValueError, ValidationError) as e:
        msg = _first_error(e) if isinstance(e, ValidationError) else str(e).splitlines()[0]
        raise CaseError(f"{path}: {msg}") from None


def load_suite(suite: Path, domain: Any) -> list[Case]:
    """Every case of a suite, sorted by id, checked against ``domain`` (CaseError: one line)."""
    manifest = load_manifest(suite)
    if manifest.env != domain.name:
        raise CaseError(f"suite {suite} is for environment {manifest.env!r}, not {domain.name!r} (--env {manifest.env})")
    cases = [load_case(p, domain) for p in sorted((Path(suite) / "cases").glob("*.json"))]
    if not cases:
        raise CaseError(f"suite {suite} holds no cases (cases/*.json)")
    seen: dict[str, Path] = {}
    for c in cases:
        if c.id in seen:
            raise CaseError(f"suite {suite}: case id {c.id!r} is used twice")
        seen[c.id] = Path(c.id)
    return cases


def write_case(suite: Path, case: Case) -> Path:
    """Write a new case file (never replaces one)."""
    path = Path(suite) / "cases" / f"{case.id}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "x", encoding="utf-8") as f:
        f.write(json.dumps(case.model_dump(), indent=2, ensure_ascii=False) + "\n")
    return path


def rewrite_case(suite: Path, case: Case) -> Path:
    """Replace a case file of the suite with an updated version of itself (``baseline record --approve``)."""
    path = Path(suite) / "cases" / f"{case.id}.json"
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(case.model_dump(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path
