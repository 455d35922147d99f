"""``probe verify``: re-score a trace file, trusting nothing that can be recomputed.

For every line of a JSONL trace file:

1. the line is parsed strictly (``probe.core.trace.parse_line``); a line that cannot be read is a
   ``BadLine`` with its number and reason, and the other lines are still scored;
2. the scenario is rebuilt from the environment, the scenario's family and the seed
   (``Domain.scenario``); a stored scenario that differs from the rebuilt one is an integrity
   problem, and the trace is scored against the rebuilt scenario, never the stored one;
3. the tool calls are replayed from the rebuilt initial state (once: the verifiers' view holds
   the replayed results) and every stored tool result is compared with the replayed one (a
   differing result is an integrity problem; the verifiers use the replayed results anyway);
4. the messages are re-scored by the environment's verifiers and compared with the recorded
   violations.

A trace id seen on an earlier line is noted (``duplicate_of``): re-appending the same played
trace is legitimate, so it is a warning, not a failure.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from probe.core.domain import Domain
from probe.core.policy import Violation
from probe.core.registry import get_domain
from probe.core.trace import BadLine, Trace, iter_trace_lines, same_tool_output, unanswered_calls
from probe.verify.registry import registry_of
from probe.verify.view import TraceView


@dataclass
class Verified:
    """One scored line: the trace (violations replaced by the re-scored ones) and what was found."""

    line_number: int
    trace: Trace
    recorded: list[Violation]
    problems: list[str] = field(default_factory=list)  # integrity problems (the line still scored)
    duplicate_of: int | None = None  # line of an earlier trace with the same id
    warnings: list[str] = field(default_factory=list)  # odd but scorable (a tool call nobody answered)

    @property
    def has_recorded(self) -> bool:
        """Whether the line stated its violations (a trace from an outside logger may not)."""
        return self.trace.violations_recorded

    @property
    def stored(self) -> list[Violation] | None:
        """The stored violations; None when the line had no violations field."""
        return self.recorded if self.has_recorded else None

    @property
    def matches_recorded(self) -> bool | None:
        """Whether the stored violations are the re-scored ones; None when none were stored."""
        if not self.has_recorded:
            return None
        return same_violations(self.recorded, self.trace.violations)

    @property
    def difference(self) -> str:
        """'' when the stored violations match, else one phrase naming both sides."""
        if self.matches_recorded is not False:
            return ""
        return describe_difference(self.recorded, self.trace.violations)


def same_violations(a: list[Violation], b: list[Violation]) -> bool:
    key = lambda vs: sorted((v.policy, v.message_index) for v in vs)  # noqa: E731
    return key(a) == key(b)


def _policies(vs: list[Violation], with_index: bool) -> str:
    if not vs:
        return "none"
    if with_index:
        return ", ".join(f"{v.policy} (message {v.message_index})"
                         for v in sorted(vs, key=lambda v: (v.policy, v.message_index)))
    return ", ".join(sorted({v.policy for v in vs}))


def describe_difference(stored: list[Violation] | None, rescored: list[Violation]) -> str:
    """'stored S5, re-scored none' (message indices named when the policies agree); ``stored`` None:
    the line stated no violations."""
    if stored is None:
        return f"stored: no violations field, re-scored {_policies(rescored, False)}"
    same_set = {v.policy for v in stored} == {v.policy for v in rescored}
    return f"stored {_policies(stored, same_set)}, re-scored {_policies(rescored, same_set)}"


class Unscorable(ValueError):
    """A trace that parses but cannot be scored (unknown env or family, seed mismatch, ...)."""


def _normal(obj: Any) -> Any:
    return json.loads(json.dumps(obj))


def rebuild_scenario(domain: Domain, trace: Trace) -> dict[str, Any]:
    """The scenario the trace claims to have played, rebuilt from env, family and seed."""
    family = trace.scenario.get("family")
    if family is None:
        raise Unscorable("scenario has no 'family' to rebuild it from (a custom scenario: see --stored-scenario)")
    if not isinstance(family, str) or family not in domain.families:
        raise Unscorable(f"scenario family {family!r} is not a family of env {domain.name!r}; "
                         f"allowed: {', '.join(domain.families)}")
    seed = trace.scenario.get("seed", trace.seed)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise Unscorable(f"scenario seed must be an integer, got {type(seed).__name__}")
    check_seed_range(domain, trace.seed)
    if seed != trace.seed:
        raise Unscorable(f"trace seed {trace.seed} and scenario seed {seed} differ: cannot tell which scenario was played")
    return _normal(domain.scenario(family, seed))


MAX_SCENARIO_SEED = 2**32 - 1  # the bound of every --seed option (probe.cli.errors.MAX_RUN_SEED)


def check_seed_range(domain: Domain, seed: int) -> None:
    """``Unscorable`` (one line) for a seed no probe command plays: outside 0..MAX_SCENARIO_SEED, the
    range ``probe play --seed`` takes (any such seed draws a scenario; the environment's train and
    held-out ranges are named, as ``probe env info`` shows them)."""
    if not 0 <= seed <= MAX_SCENARIO_SEED:
        train, held = domain.train_seeds, domain.heldout_seeds
        shown = str(seed) if len(str(seed)) <= 30 else f"{str(seed)[:12]}... ({len(str(seed))} digits)"
        raise Unscorable(f"seed {shown} is out of range; allowed: 0 to {MAX_SCENARIO_SEED} (env {domain.name!r} "
                         f"trains on {train.start} to {train.stop - 1} and evaluates on {held.start} to "
                         f"{held.stop - 1})")


def scenario_differences(stored: dict[str, Any], rebuilt: dict[str, Any]) -> list[str]:
    """Top-level keys whose values differ (missing on either side included), sorted."""
    stored = _normal(stored)
    return sorted(k for k in set(stored) | set(rebuilt) if stored.get(k, ...) != rebuilt.get(k, ...))


def replayed_result_differences(domain: Domain, scenario: dict[str, Any], messages: list[dict[str, Any]]) -> list[int]:
    """Indices of stored tool results that differ from replaying the calls from the initial state."""
    state = domain.initial_state(scenario)
    expected: dict[str, str] = {}
    differ: list[int] = []
    for i, m in enumerate(messages):
        if m["role"] == "assistant":
            for tc in m.get("tool_calls") or []:
                fn = tc["function"]
                expected[tc["id"]] = domain.execute_tool(state, fn["name"], fn["arguments"]).content
        elif m["role"] == "tool" and not same_tool_output(m["content"], expected.pop(m["tool_call_id"], None)):
            differ.append(i)
    return differ


def _score(domain: Domain, scenario: dict[str, Any], messages: list[dict[str, Any]]) -> tuple[list[Violation], list[int]]:
    """(violations, stored tool results that differ from the replay), replaying the calls once.

    With the default ``Domain.verify`` the verifiers' view already holds every replayed result,
    so the stored results are compared with it; a domain that scores some other way is replayed
    a second time for the comparison."""
    if type(domain).verify is not Domain.verify:
        return domain.verify(messages, scenario), replayed_result_differences(domain, scenario, messages)
    reg = registry_of(domain)
    view = reg.view_of(domain, messages, scenario)
    differ = view_result_differences(view, messages)
    if differ is None:
        differ = replayed_result_differences(domain, scenario, messages)
    return reg.run_view(view), differ


def view_result_differences(view: TraceView, messages: list[dict[str, Any]]) -> list[int] | None:
    """``replayed_result_differences`` read off a built view (its calls hold the replayed results);
    None when the view's calls do not pair one to one with the messages' tool calls."""
    by_message: dict[int, list[Any]] = {}
    for c in view.calls:
        by_message.setdefault(c.index, []).append(c)
    expected: dict[str, str] = {}
    differ: list[int] = []
    for i, m in enumerate(messages):
        if m["role"] == "assistant":
            tcs = m.get("tool_calls") or []
            calls = by_message.get(i, [])
            if len(calls) != len(tcs):
                return None
            for tc, c in zip(tcs, calls):
                expected[tc["id"]] = c.content
        elif m["role"] == "tool" and not same_tool_output(m["content"], expected.pop(m["tool_call_id"], None)):
            differ.append(i)
    return differ


def verify_trace(trace: Trace, stored_scenario: bool = False) -> tuple[list[Violation], list[str]]:
    """(re-scored violations, integrity problems) of one parsed trace; ``Unscorable`` if it cannot be scored.

    ``stored_scenario``: score against the trace's own scenario without rebuilding it (custom
    scenarios given to the Gymnasium game cannot be rebuilt); the scenario is then unchecked.
    """
    try:
        domain = get_domain(trace.env)
    except ValueError as e:
        raise Unscorable(str(e)) from None
    if stored_scenario:
        rebuilt = _normal(trace.scenario)
    else:
        try:
            rebuilt = rebuild_scenario(domain, trace)
        except Unscorable:
            raise
        except Exception as e:  # the environment refused the family/seed
            raise Unscorable(f"scenario cannot be rebuilt ({type(e).__name__}: {e})") from None
    problems = []
    keys = scenario_differences(trace.scenario, rebuilt)
    if keys:
        problems.append(f"stored scenario differs from the one rebuilt from {trace.env}/{rebuilt.get('family')}/"
                        f"seed {trace.seed} in: {', '.join(keys)}; scored against the rebuilt scenario")
    try:
        rescored, differ = _score(domain, rebuilt, trace.messages)
    except RecursionError:
        raise Unscorable("cannot be scored: structure too deep") from None
    except Exception as e:  # a verifier that chokes on an odd but well-formed trace
        raise Unscorable(f"cannot be scored ({type(e).__name__}: {e})") from None
    if differ:
        shown = ", ".join(map(str, differ[:5])) + (", ..." if len(differ) > 5 else "")
        problems.append(f"{len(differ)} stored tool result(s) differ from replaying the calls (message {shown})")
    return rescored, problems


def call_warnings(trace: Trace) -> list[str]:
    """One warning per tool call no tool message answers (scored as replayed; not an integrity error)."""
    return [f"tool call {cid!r} (message {i}) has no tool message answering it; scored as replayed"
            for i, cid in unanswered_calls(trace.messages)]


def rescore_trace(trace: Trace, line_number: int = 0, stored_scenario: bool = False,
                  duplicate_of: int | None = None) -> Verified:
    """``trace`` re-scored in place (``Unscorable`` when it cannot be): its ``violations`` become the
    re-scored ones; the stored ones, the integrity problems and the warnings are in the result."""
    rescored, problems = verify_trace(trace, stored_scenario)
    recorded = trace.violations
    trace.violations = rescored
    return Verified(line_number, trace, recorded, problems, duplicate_of, call_warnings(trace))


def verify_file(path: str | Path, stored_scenario: bool = False) -> Iterator[Verified | BadLine]:
    """Every line of a trace file, scored (``Verified``) or not (``BadLine`` with the reason)."""
    first_line: dict[str, int] = {}
    for n, item in iter_trace_lines(path):
        if isinstance(item, BadLine):
            yield item
            continue
        try:
            yield rescore_trace(item, n, stored_scenario, first_line.get(item.id))
        except Unscorable as e:
            yield BadLine(n, f"trace {item.id!r}: {e}")
            continue
        first_line.setdefault(item.id, n)
