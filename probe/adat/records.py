"""Typed records of an AdaT run: statements, tests, verdicts, the selector's log (pydantic).

Every file under ``checkpoints/<run>/adat/`` except the traces is one of these records per line
(JSONL) or one record (JSON). Traces are ordinary probe traces (``probe.core.trace.Trace``):
discovery sessions carry ``meta.source = "adat-discovery"``, test executions ``"adat"``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable, Literal, Optional, Type, TypeVar, get_args

from pydantic import BaseModel, ConfigDict, Field

Factor = Literal["wording", "value", "state"]
TestKind = Literal["plain", "transformed"]
VerdictLabel = Literal["pass", "fail", "inconclusive"]
Expectation = Literal["same", "other", "policy", "no_action"]
StatementKind = Literal["refusal", "limit", "obligation", "rule", "outcome"]
STATEMENT_KINDS: tuple[str, ...] = get_args(StatementKind)

VERDICT_REWARD: dict[str, float] = {"pass": 1.0, "inconclusive": 0.5, "fail": 0.0}
"""The verdict reward of the paper: pass 1, inconclusive 0.5, fail 0."""


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Evidence(_Record):
    """One agent reply that supports a statement, with the customer request it answered."""

    trace_id: str
    message_index: int = Field(description="index of the supporting assistant message in the trace")
    reply: str = Field(description="the sentence of the reply the statement was extracted from")
    request: str = Field(description="the customer message the reply answered")
    user_turn: int = Field(description="index of that customer message among the trace's customer messages")


class Statement(_Record):
    """A hypothesis: one condition and the behaviour expected of the agent when it holds."""

    id: str
    text: str = Field(description="the statement as one sentence: condition, then behaviour")
    condition: str = Field(description="the (generalised) customer request the behaviour answers")
    behaviour: str = Field(description="the (generalised) behaviour the agent states")
    kind: StatementKind = Field(
        description="what the behaviour states: a refusal, a limit, an obligation (ask or confirm first), a rule, "
                    "or the outcome of an action the agent took")
    cues: list[str] = Field(default_factory=list, description="the rule/refusal cues found in the reply")
    evidence: list[Evidence]
    support: int = Field(description="number of distinct discovery traces with a reply stating it")
    confidence: float
    rank: int = 0
    grounded: bool = True
    grounding_note: str = ""


class ScenarioRef(_Record):
    env: str
    family: str
    seed: int


class Test(_Record):
    """A boundary test (the AgentEval format the paper follows): goal, step hints, criteria, turn limit."""

    __test__ = False  # not a pytest test class

    id: str
    kind: TestKind
    statement_id: str
    instruction_id: Optional[str] = None
    scenario: ScenarioRef
    goal: str
    step_hints: list[str] = Field(description="the customer messages, sent in order")
    check_turn: int = Field(description="index of the step hint whose reply the criteria check")
    success_criteria: list[str]
    failure_criteria: list[str]
    turn_limit: int
    expected: str = Field(description="the behaviour expected at the check turn")
    expectation: Expectation = Field(
        "same", description="same: the statement's behaviour; other: another statement's (the request moved to "
                            "another side); policy: only the policies (no statement speaks for the changed request); "
                            "no_action: the agent must not act (the change removed the customer's consent or made a "
                            "value the action needs invalid)")
    act_from: Optional[int] = Field(None, description="for no_action: the first step hint from which a state-changing "
                                                      "action counts as acting on the changed request")
    withheld: Optional[Literal["consent", "value"]] = Field(
        None, description="for no_action: what the change took away: the customer's consent (a later fresh "
                          "proposal answered by a plain yes restores it) or a valid value (nothing restores it)")
    correction: Optional[list[str]] = Field(None, description="[old, new]: the customer corrected a value they gave; "
                                                              "a checked reply that repeats the old value and not the "
                                                              "new one ignored the correction")
    expected_statement_id: Optional[str] = None
    transformation: Optional[str] = None
    change: str = Field("", description="what the transformation changed, in one line")


class Verdict(_Record):
    test_id: str
    target: str = Field(description="'none' or the single fault the target ran with")
    verdict: VerdictLabel
    reason: str
    policies: list[str] = Field(default_factory=list, description="policies the verifiers found violated")
    reached: bool = Field(description="whether the conversation reached the check turn")
    turns: int
    trace_id: str


class SelectorStep(_Record):
    """One attempt of test transformation: the pair chosen, why, and what came of it."""

    attempt: int
    selector: str
    pass_: int = Field(alias="pass")
    block: int
    statement_id: str
    instruction_id: str
    novelty: float
    score: Optional[float] = None
    applicable: bool
    reason: str = ""
    test_id: Optional[str] = None
    verdict: Optional[VerdictLabel] = None
    reward: Optional[float] = None

    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class Instruction(_Record):
    """One test transformation instruction of the catalog (``configs/adat/instructions.yaml``)."""

    id: str
    factor: Factor
    text: str
    applicability: str = Field(description="name of the applicability condition (probe.adat.catalog.CONDITIONS)")
    transformation: Optional[str] = Field(None, description="name of the CPU transformation, if one exists")


R = TypeVar("R", bound=BaseModel)


def write_jsonl(path: str | Path, records: Iterable[BaseModel]) -> int:
    """Write records one per line (the file is new or replaced by the caller's rules); return the count."""
    n = 0
    with open(path, "w", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r.model_dump(mode="json", by_alias=True, exclude_none=True), ensure_ascii=False) + "\n")
            n += 1
    return n


def read_jsonl(path: str | Path, model: Type[R]) -> list[R]:
    """Read and validate a JSONL file of ``model`` records (``ValueError`` naming the line otherwise)."""
    out: list[R] = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, start=1):
            if not line.strip():
                continue
            try:
                out.append(model.model_validate_json(line))
            except ValueError as e:
                first = str(e).splitlines()
                raise ValueError(f"{path}:{n}: not a {model.__name__} record ({first[1] if len(first) > 1 else e})") from None
    return out


__all__ = ["Evidence", "Statement", "ScenarioRef", "Test", "Verdict", "SelectorStep", "Instruction", "VERDICT_REWARD",
           "write_jsonl", "read_jsonl", "Factor", "TestKind", "VerdictLabel", "Expectation",
           "StatementKind", "STATEMENT_KINDS"]
