"""Failed target turns: which turns failed, which episodes they spoil, and when a run fails.

A target records what went wrong in a turn in ``trace.meta["turn_failures"]`` (``{turn, kind,
detail}``, kinds in ``probe.targets.base.FAILURE_KINDS``). A turn is a *failed turn* when the target
gave no usable answer: the endpoint failed (``target_error``), every attempt timed out
(``timeout``), a recording had no response (``replay_miss``), or the model answered with
neither text nor tool calls (``empty_reply``). A turn cut at the per-turn tool-call limit
(``tool_loop_limit``) is the model's own behaviour: it is counted (``failure_kinds``) but does
not fail the turn.

An episode with a failed turn is *marked* (``trace.meta["failed_turns"]``, the failed turn
numbers, and ``trace.meta["target_failed"]``) and is excluded from the metrics: a dialogue in
which the target did not answer measures the connection, not the target. So is an episode that
an evaluation stopped early because too many turns had failed (``meta["stop"] ==
"target_failures"``).

A run (``probe eval``, ``probe play``, ``probe suite``) fails, exit status 1 after writing its
outputs, when more than ``max_failed_share`` of its turns failed (default 10%,
``--max-failed-share``), and, whatever that share, when it scored no episode at all
(``nothing_measured``; for ``probe play``, whose one episode is kept, when every turn failed):
a run that measured nothing is never a clean result. Failures within the share are still said
on the summary line (``not_clean_note``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

FAILED_TURN_KINDS = ("target_error", "timeout", "replay_miss", "empty_reply")
DEFAULT_MAX_FAILED_SHARE = 0.10


def failed_turns(trace: Any) -> list[int]:
    """The numbers of the turns of ``trace`` that failed (sorted, each once)."""
    return sorted({int(f.get("turn", 0)) for f in trace.meta.get("turn_failures") or []
                   if f.get("kind") in FAILED_TURN_KINDS})


def mark(trace: Any) -> Any:
    """Record in the trace which turns failed (``failed_turns``) and whether any did (``target_failed``)."""
    turns = failed_turns(trace)
    trace.meta["failed_turns"] = turns
    trace.meta["target_failed"] = bool(turns)
    return trace


def is_failed(trace: Any) -> bool:
    """A failed turn, or stopped before its end because the run's target failed too often."""
    return bool(failed_turns(trace)) or trace.meta.get("stop") == STOPPED


STOPPED = "target_failures"  # trace.meta["stop"] of an episode stopped because the target failed too often


def scored(traces: Iterable[Any]) -> list[Any]:
    """The episodes that count in the metrics: those without a failed turn."""
    return [t for t in traces if not is_failed(t)]


def summarize(traces: Iterable[Any]) -> dict[str, Any]:
    """Turns played, failed turns and episodes, failures by kind, and the first failure's detail."""
    traces = list(traces)
    turns = sum(int(t.meta.get("turns", 0)) for t in traces)
    failed = sum(len(failed_turns(t)) for t in traces)
    kinds: Counter[str] = Counter(f.get("kind", "?") for t in traces for f in t.meta.get("turn_failures") or [])
    first = next((f"{f.get('kind')}: {f.get('detail')}" for t in traces for f in t.meta.get("turn_failures") or []
                  if f.get("kind") in FAILED_TURN_KINDS), None)
    return {"turns": turns, "failed_turns": failed, "failed_turn_share": failed / turns if turns else 0.0,
            "failed_episodes": sum(is_failed(t) for t in traces), "failure_kinds": dict(sorted(kinds.items())),
            "first_failure": first}


def too_many(summary: dict[str, Any], max_share: float) -> bool:
    """More than ``max_share`` of the turns failed."""
    return summary["failed_turns"] > max_share * summary["turns"]


def failure_message(summary: dict[str, Any], max_share: float, what: str = "") -> str:
    """One line: how many turns failed, against which limit, and the first failure."""
    share = summary["failed_turn_share"]
    line = (f"{what}{summary['failed_turns']} of {summary['turns']} target turn(s) failed ({100 * share:.0f}%, more "
            f"than the allowed {100 * max_share:g}%, --max-failed-share)")
    if summary.get("first_failure"):
        first = " ".join(str(summary["first_failure"]).split())
        line += f"; first: {first[:300]}"
    return line


def nothing_measured(summary: dict[str, Any], episodes: int, what: str = "") -> str | None:
    """A run none of whose ``episodes`` could be scored (each had a failed target turn) measured
    nothing, whatever ``--max-failed-share`` lets through: one line saying so (the caller exits 1),
    or None."""
    if episodes <= 0 or summary["failed_episodes"] < episodes:
        return None
    line = (f"{what}no episode was scored: all {episodes} had a failed target turn ({summary['failed_turns']} of "
            f"{summary['turns']} turns failed), so nothing was measured, whatever --max-failed-share allows")
    if summary.get("first_failure"):
        line += f"; first: {' '.join(str(summary['first_failure']).split())[:300]}"
    return line


def not_clean_note(summary: dict[str, Any]) -> str | None:
    """The summary-line note of a run with failed target turns (within the allowed share or not)."""
    if not summary["failed_turns"]:
        return None
    return (f"not a clean result: {summary['failed_turns']} of {summary['turns']} target turn(s) failed, in "
            f"{summary['failed_episodes']} episode(s) left out of the results")


def check_share(value: float, flag: str = "--max-failed-share") -> float:
    """ValueError (one line) unless 0 <= value <= 1."""
    if not (0.0 <= value <= 1.0):  # also rejects nan
        raise ValueError(f"{flag} {value!r} is not a share of turns; allowed: 0 to 1 (default {DEFAULT_MAX_FAILED_SHARE:g})")
    return value


__all__ = ["FAILED_TURN_KINDS", "DEFAULT_MAX_FAILED_SHARE", "failed_turns", "mark", "is_failed", "scored",
           "summarize", "too_many", "failure_message", "nothing_measured", "not_clean_note", "check_share"]
