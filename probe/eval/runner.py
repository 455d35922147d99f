"""Run one method on held-out seeds, all episodes in lockstep through ``probe.core.game.AuditGame``.

Matched seeds: sample ``k`` of ``episodes`` episodes uses held-out seed *indices*
``[k * episodes, (k + 1) * episodes)`` (``split='heldout'``), so samples are disjoint and episode
``i`` of sample ``k`` is the same scenario for every method. Each turn, the method writes the
next customer message for all live episodes in one call (one batched ``generate`` for model
auditors). An episode ends at the turn budget, when the target ends the conversation, when the
game detects a loop, or when the method has nothing more to say (``None``).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable

from probe.core.failures import FAILED_TURN_KINDS, STOPPED, mark, scored
from probe.core.game import AuditGame
from probe.core.registry import default_env
from probe.core.trace import Trace, append_trace
from probe.eval.methods import EpisodeInfo, Method, _fields


def failed_turns_of(episode: Any) -> set[int]:
    """The turn numbers in which an episode's target failed so far."""
    return {f["turn"] for f in episode.turn_failures if f.get("kind") in FAILED_TURN_KINDS}


def heldout_indices(episodes: int, sample: int = 0) -> range:
    return range(sample * episodes, (sample + 1) * episodes)


def evaluate(method: Method, *, env: str | None = None, target: str = "reference", faults: str | list[str] | None = "demo",
             episodes: int = 50, turns: int = 8, sample: int = 0, target_factory: Callable[[], Any] | None = None,
             traces_path: str | Path | None = None, max_failed_turns: int | None = None,
             on_progress: Callable[[dict[str, Any]], None] | None = None) -> list[Trace]:
    """Play ``episodes`` held-out episodes of ``method``; return their traces (in episode order).

    Each trace is marked with its failed target turns (``probe.core.failures.mark``). With
    ``max_failed_turns``, play stops as soon as more target turns than that have failed (the
    live episodes end with ``stop: "target_failures"``) and ``method.last_stopped`` says why
    (else it is None). ``on_progress(info)`` is called after every turn with ``info``:
    method, sample, round, turn_budget, episodes, live, turns_done, turns_planned (episodes x
    turns; an episode that ends early counts its unplayed turns as done), failed_turns and
    round_done (True after the last turn of a round).
    """
    env = env or default_env()
    t0 = time.perf_counter()
    method.last_stopped = None
    games: list[AuditGame] = []
    infos: list[EpisodeInfo] = []
    obs: dict[int, dict[str, Any]] = {}
    for i, index in enumerate(heldout_indices(episodes, sample)):
        game = AuditGame(env=env, target=target, faults=faults, max_turns=turns, split="heldout",
                         target_factory=target_factory)
        o, info = game.reset(seed=index)
        scenario = info["scenario"]
        games.append(game)
        obs[i] = o
        infos.append(EpisodeInfo(index=i, scenario_text=o["scenario"], fields=_fields(scenario),
                                 family=str(scenario.get("family", "")), seed=int(scenario.get("seed", index))))
    method.begin(infos)
    live = list(range(len(games)))
    stop_reason: dict[int, str] = {}
    gen_s = 0.0
    failed = 0
    done = 0
    rnd = 0
    planned = len(games) * turns

    def report(round_done: bool) -> None:
        if on_progress is not None:
            on_progress({"method": method.name, "sample": sample, "round": rnd, "turn_budget": turns,
                         "episodes": len(games), "live": len(live), "turns_done": done, "turns_planned": planned,
                         "failed_turns": failed, "round_done": round_done})

    while live:
        g0 = time.perf_counter()
        messages = method.next_messages([(i, obs[i]) for i in live])
        gen_s += time.perf_counter() - g0
        if len(messages) != len(live):
            raise RuntimeError(f"method {method.name!r} returned {len(messages)} messages for {len(live)} episodes")
        rnd += 1
        still = []
        for i, text in zip(live, messages):
            if max_failed_turns is not None and failed > max_failed_turns:
                stop_reason[i] = STOPPED
                done += turns - games[i].episode.turns
                continue
            if text is None:
                stop_reason[i] = "method_done"
                done += turns - games[i].episode.turns
                continue
            ep = games[i].episode
            before = len(failed_turns_of(ep))
            o, _, terminated, truncated, _ = games[i].step(text)
            obs[i] = o
            ep = games[i].episode
            failed += len(failed_turns_of(ep)) - before
            done += 1
            if terminated or truncated:
                stop_reason[i] = "target_ended" if ep.ended else ("loop" if terminated else "turn_budget")
                done += turns - ep.turns
            else:
                still.append(i)
            report(False)
        if max_failed_turns is not None and failed > max_failed_turns:
            for i in still:
                stop_reason[i] = STOPPED
                done += turns - games[i].episode.turns
            still = []
            method.last_stopped = (f"more target turns failed than the allowed share of the planned turns "
                                   f"(in sample {sample}); the live episodes were stopped")
        live = still
        report(True)
    traces = []
    for i, game in enumerate(games):
        ep = game.episode
        trace = mark(ep.to_trace())
        meta = trace.meta
        meta.source, meta.method, meta.sample, meta.episode = "eval", method.name, sample, i
        meta.heldout_index, meta.family = heldout_indices(episodes, sample)[i], infos[i].family
        meta.stop, meta.turn_budget = stop_reason.get(i, "turn_budget"), turns
        script_for = getattr(method, "script_for", None)
        if script_for is not None:
            meta.script = script_for(i)
        if traces_path is not None:
            append_trace(traces_path, trace)
        traces.append(trace)
    method.last_timing = {"wall_s": time.perf_counter() - t0, "method_s": gen_s}
    return traces


__all__ = ["evaluate", "heldout_indices"]


def method_dir(out: str | Path, name: str) -> Path:
    """A method's output folder: its name with anything but letters, digits, '.', '_' and '-'
    replaced by '-' ("learned:run/ckpt-00040" -> "learned-run-ckpt-00040")."""
    import re

    return Path(out) / (re.sub(r"[^A-Za-z0-9._-]+", "-", name).strip("-") or "method")


def evaluate_methods(methods: dict[str, Method], *, env: str | None = None, target: str = "reference",
                     faults: str | list[str] | None = "demo", episodes: int = 50, turns: int = 8, samples: int = 1,
                     target_factory: Callable[[], Any] | None = None, out: str | Path | None = None,
                     bootstrap_seed: int = 0, on_done: Callable[[str, dict[str, Any]], None] | None = None,
                     max_failed_share: float | None = None,
                     on_progress: Callable[[dict[str, Any]], None] | None = None,
                     overwrite: bool = False, fluency_scorer: Any = None) -> dict[str, dict[str, Any]]:
    """Evaluate several methods on the same held-out seeds; return ``{name: metrics}``.

    Metrics are those of sample 0 (``suite_metrics``, with plausible coverage the headline), plus
    ``coverage_samples`` and ``plausible_coverage_samples`` (mean +- sd over the samples), with
    ``samples > 1`` ``samples`` (each sample's headline numbers), and ``target_failures`` (``probe.core.failures.summarize`` over every sample). With
    ``out``, traces go to ``<out>/<dir>/traces.jsonl`` (fresh file) and each method's metrics to
    ``<out>/<dir>/metrics.json``, where ``<dir>`` is ``method_dir``'s name.

    With ``max_failed_share``, a method stops as soon as more than that share of its planned
    turns (samples x episodes x turns) failed: the run can no longer pass. That method's metrics
    then say ``aborted`` and the methods after it are not run (absent from the result).

    An existing ``traces.jsonl`` under ``out`` is replaced only with ``overwrite`` and only when it
    is a probe trace file (``probe.core.outputs.claim_trace_file``, checked for every method
    before the first episode); otherwise ``OutputExists`` and nothing is written.
    """
    env = env or default_env()
    import json
    import math

    from probe.core.failures import summarize
    from probe.core.outputs import claim_trace_file
    from probe.core.registry import get_domain
    from probe.eval.metrics import (
        NO_FLUENCY,
        coverage_over_samples,
        fluency_scorer_for,
        plausible_coverage_over_samples,
        suite_metrics,
    )

    domain = get_domain(env)
    if fluency_scorer is None:  # once, before any episode (built and cached on first use); none: six flags only
        fluency_scorer = fluency_scorer_for(domain) or NO_FLUENCY
    if out is not None:
        for name in methods:
            claim_trace_file(method_dir(out, name) / "traces.jsonl", overwrite=overwrite)
    results: dict[str, dict[str, Any]] = {}
    for name, method in methods.items():
        path = None
        if out is not None:
            method_dir(out, name).mkdir(parents=True, exist_ok=True)
            path = method_dir(out, name) / "traces.jsonl"
            path.write_bytes(b"")  # fresh file: claimed above (absent, or a probe trace file with --overwrite)
        per_sample = []
        wall = 0.0
        # failed turns the method may have over all its samples before it certainly fails
        budget = None if max_failed_share is None else math.floor(max_failed_share * episodes * turns * samples)
        stopped = None
        for k in range(samples):
            left = None if budget is None else budget - sum(summarize(s)["failed_turns"] for s in per_sample)
            traces = evaluate(method, env=env, target=target, faults=faults, episodes=episodes, turns=turns, sample=k,
                              target_factory=target_factory, traces_path=path, max_failed_turns=left,
                              on_progress=on_progress)
            wall += method.last_timing["wall_s"]
            per_sample.append(traces)
            stopped = getattr(method, "last_stopped", None)
            if stopped:
                break
        m = suite_metrics(per_sample[0], domain, seed=bootstrap_seed, fluency_scorer=fluency_scorer)
        m["coverage_samples"] = coverage_over_samples(per_sample, len(domain.policies))
        m["plausible_coverage_samples"] = plausible_coverage_over_samples(per_sample, domain, fluency_scorer)
        m["target_failures"] = summarize([t for s in per_sample for t in s])
        if samples > 1:
            m["samples"] = [{"sample": k, "coverage": c, "plausible_coverage": pc,
                             "policies_found": sorted({v.policy for t in scored(s) for v in t.violations}),
                             "hits": sum(len(t.violations) for t in scored(s)),
                             "failed_turns": summarize(s)["failed_turns"], "turns": summarize(s)["turns"]}
                            for k, (s, c, pc) in enumerate(zip(per_sample, m["coverage_samples"]["values"],
                                                               m["plausible_coverage_samples"]["values"]))]
        if stopped:
            m["aborted"] = stopped
        m["method"] = method.describe()
        m["wall_s"] = round(wall, 3)
        results[name] = m
        if out is not None:
            (method_dir(out, name) / "metrics.json").write_text(json.dumps(m, indent=2, default=str))
        if on_done is not None:
            on_done(name, m)
        if stopped:
            break
    return results


__all__ += ["evaluate_methods"]
