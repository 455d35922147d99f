"""The three test layers of a case, each runnable alone (``probe regress run --layer``).

- **scripted**: the model is replaced by the case's recorded assistant turns (``ScriptedCompleter``
  behind the shared tool loop), so the tool loop, schema validation, the tools and database, the
  verifiers and what the model is sent (system-prompt and tool-schema hashes) run for real and
  deterministically. Two checks: the *golden* turns (the compliant target's) must pass the case,
  with the same tool results as recorded; the *incident* turns must still break it (the verifiers
  still catch what the case was cut for).
- **replay**: a release's recorded completions (``probe.targets.replay``), keyed by the full
  request; a request not in the recording is a miss, reported, and routes the case to live.
- **live**: the real target, a fresh target and database per trial, its fault draws or sampling
  seeded per trial (``trial_seed``).
"""

from __future__ import annotations

import hashlib
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Optional

from probe.core.scripts import play_messages
from probe.regression.case import Case
from probe.regression.check import Outcome, judge
from probe.regression.config import ReleaseConfig
from probe.targets.tool_loop import (
    AssistantReply,
    ChatRequest,
    Completer,
    CompletionFailure,
    SamplingSettings,
    ToolLoopTarget,
    tool_schema_hash,
)

LAYERS = ("scripted", "replay", "live")


@dataclass
class LayerResult:
    case_id: str
    layer: str
    passed: bool | None  # None: the layer could not judge the case (a replay miss)
    reasons: list[str] = field(default_factory=list)
    miss: bool = False
    wall_s: float = 0.0


class ScriptedCompleter(Completer):
    """Answers with pre-written assistant messages in order; records every request it was sent."""

    def __init__(self, replies: list[dict[str, Any]]):
        self.script = deque(AssistantReply.from_json(r) for r in replies)
        self.seen: list[ChatRequest] = []

    def complete(self, request: ChatRequest) -> AssistantReply:
        self.seen.append(request)
        if not self.script:
            raise CompletionFailure("target_error", "model called more times than scripted")
        return self.script.popleft()

    def describe(self) -> dict[str, Any]:
        return {"model": "scripted"}


def model_replies(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The completions a model would have returned for these messages, in order.

    A model's text reply ends its turn, so text a rule-based target said *before* a tool call in
    the same turn becomes that call's ``content`` (the tool loop writes it beside the call), and
    several texts in a row at a turn's end are one reply."""
    replies: list[dict[str, Any]] = []
    pending: list[str] = []
    for m in messages + [{"role": "user"}]:
        if m.get("role") == "user":
            if pending:
                replies.append({"role": "assistant", "content": " ".join(pending)})
            pending = []
        elif m.get("role") == "assistant":
            if m.get("tool_calls"):
                text = " ".join(pending + ([m["content"]] if m.get("content") else []))
                replies.append({"role": "assistant", "content": text or None, "tool_calls": m["tool_calls"]})
                pending = []
            else:
                pending.append(str(m.get("content") or ""))
    return replies


def _tool_results(messages: list[dict[str, Any]]) -> list[str]:
    return [str(m.get("content")) for m in messages if m.get("role") == "tool"]


def _scripted_play(case: Case, domain: Any, replies: list[dict[str, Any]], tag: str) -> tuple[Any, ScriptedCompleter]:
    completer = ScriptedCompleter(replies)
    target = ToolLoopTarget(completer, domain.system_prompt, domain.tool_schemas, SamplingSettings("scripted"),
                            max_tool_calls_per_turn=64, kind="scripted")
    scenario = domain.scenario(case.family, case.seed)
    trace = play_messages(domain, scenario, target, list(case.turns), f"{case.id}-{tag}", source="regression")
    return trace, completer


def run_scripted(case: Case, domain: Any) -> LayerResult:
    t0 = time.perf_counter()
    reasons: list[str] = []
    golden = [m for turn in case.golden for m in [{"role": "user"}, *turn]]
    trace, completer = _scripted_play(case, domain, model_replies(golden), "scripted")
    if completer.seen:
        sent = completer.seen[0]
        system = next((m.get("content") for m in sent.messages if m.get("role") == "system"), "") or ""
        ph = hashlib.sha256(system.encode()).hexdigest()[:16]
        th = tool_schema_hash(sent.tools)
        if ph != case.sent.system_prompt_hash:
            reasons.append(f"system prompt changed: hash {ph}, case recorded {case.sent.system_prompt_hash}")
        if th != case.sent.tool_schema_hash:
            reasons.append(f"tool schemas changed: hash {th}, case recorded {case.sent.tool_schema_hash}")
    if completer.script:
        reasons.append(f"{len(completer.script)} scripted repl(ies) left unused: the loop asked the model fewer times")
    got, want = _tool_results(trace.messages), _tool_results(golden)
    for k, (a, b) in enumerate(zip(got, want)):
        if a != b:
            reasons.append(f"tool result {k} differs from the recorded one: {a[:80]!r} vs {b[:80]!r}")
            break
    if len(got) != len(want):
        reasons.append(f"{len(got)} tool results, {len(want)} recorded")
    outcome = judge(case, trace, domain)
    reasons += [f"golden: {r}" for r in outcome.reasons]
    if case.incident:
        inc, _ = _scripted_play(case, domain, model_replies(case.incident), "incident")
        if case.provenance.policy not in {v.policy for v in inc.violations}:
            reasons.append(f"incident: the verifiers no longer report {case.provenance.policy} on the recorded "
                           "incident turns")
    return LayerResult(case.id, "scripted", not reasons, reasons, wall_s=time.perf_counter() - t0)


_REPLAY_CACHE: dict[tuple[Any, ...], Any] = {}


def _replay_target(domain: Any, config: ReleaseConfig) -> Any:
    """One replay target per recording file as it is now (it is stateless across episodes, and a
    recording is read once, not once per case)."""
    from pathlib import Path  # noqa: PLC0415

    from probe.targets.replay import ReplayTarget  # noqa: PLC0415

    st = Path(str(config.recording)).stat()
    key = (domain.name, str(config.recording), st.st_mtime_ns, st.st_size, config.model, config.temperature,
           config.max_tokens)
    if key not in _REPLAY_CACHE:
        if len(_REPLAY_CACHE) > 8:
            _REPLAY_CACHE.clear()
        _REPLAY_CACHE[key] = ReplayTarget(domain, config.recording, model=config.model,
                                          temperature=config.temperature, max_tokens=config.max_tokens)
    return _REPLAY_CACHE[key]


def run_replay(case: Case, domain: Any, config: ReleaseConfig) -> LayerResult:
    """Play the case against the release's recording; a miss routes the case to live."""
    t0 = time.perf_counter()
    if not config.recording:
        why = ("the reference target makes no model calls" if config.kind == "reference"
               else "the release config has no recording")
        return LayerResult(case.id, "replay", None, [f"no recording: {why}"], miss=True,
                           wall_s=time.perf_counter() - t0)
    target = _replay_target(domain, config)
    scenario = domain.scenario(case.family, case.seed)
    trace = play_messages(domain, scenario, target, list(case.turns), f"{case.id}-replay", source="regression")
    misses = [f for f in trace.meta.turn_failures if f.get("kind") == "replay_miss"]
    if misses:
        return LayerResult(case.id, "replay", None, [f"cache miss at turn {misses[0]['turn']}: {misses[0]['detail']}"],
                           miss=True, wall_s=time.perf_counter() - t0)
    outcome = judge(case, trace, domain)
    return LayerResult(case.id, "replay", outcome.passed, outcome.reasons, wall_s=time.perf_counter() - t0)


def trial_seed(case_id: str, side: str, trial: int, base_seed: int = 0) -> int:
    """The seed of one live trial: a hash of the case, the side, the trial number and the run seed."""
    return int(hashlib.sha256(f"{base_seed}|{case_id}|{side}|{trial}".encode()).hexdigest()[:8], 16)


@dataclass
class Trial:
    outcome: Outcome
    wall_s: float
    seed: int
    trace: Optional[Any] = None


def run_trial(case: Case, domain: Any, config: ReleaseConfig, seed: int) -> Trial:
    """One live trial: a fresh target and database, the case's turns, judged."""
    t0 = time.perf_counter()
    target = config.build(domain, seed)
    scenario = domain.scenario(case.family, case.seed)
    trace = play_messages(domain, scenario, target, list(case.turns), f"{case.id}-live-{seed}", source="regression")
    return Trial(judge(case, trace, domain), time.perf_counter() - t0, seed, trace)
