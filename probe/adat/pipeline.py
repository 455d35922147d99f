"""One AdaT run: discovery -> statements -> plain tests -> test transformation -> (fault re-runs) -> report.

``generate`` builds the suite from discovery traces; ``transform_tests`` is the paper's loop
(Algorithm 1): statements in blocks of ``block_size`` by rank; within a block the selector picks a
statement (novelty order) and an instruction; the generator writes a transformed test or reports
the pair not applicable; the runner executes a written test at once and the judge's verdict
updates the selector. A statement is set aside for the rest of the block once it has a transformed
test in this pass, or after ``max_misses`` not-applicable attempts in this pass, or when no
untried instruction is left for it. An instruction without a CPU transformation is not applicable
anywhere: after its first attempt it is offered no more in the run. The run stops at ``n`` transformed tests, ``min(400, 6n)``
attempts, or after two passes over the blocks.

``regression`` re-runs a suite against targets with one fault each: a test *detects* a fault when
it passes on the compliant target and fails on the faulty one, or when the compliant target leaves
it inconclusive (its reply neither states nor contradicts the expectation; no policy fired, no turn
failed) and a policy verifier fires on the faulty one. The second kind is the verifiers' evidence,
not the judge's reading of a reply: a transformed request often moves the conversation away from
the statement (another customer's order id is refused for another reason than the statement's),
and a target that then breaks a policy has regressed all the same.
"""

from __future__ import annotations

import json
import os
import shutil
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from probe.adat.extractor import extract_from_trace, normalise
from probe.adat.judge import TARGET_FAILED
from probe.adat.novelty import Embedder, NoveltyOrder
from probe.adat.records import VERDICT_REWARD, Instruction, SelectorStep, Statement, Test, Verdict
from probe.adat.runner import Runner
from probe.adat.selectors import Selector
from probe.core.trace import Trace


@dataclass
class Execution:
    test: Test
    trace: Trace
    verdict: Verdict


@dataclass
class TransformRun:
    tests: list[Execution] = field(default_factory=list)
    log: list[SelectorStep] = field(default_factory=list)
    attempts: int = 0
    stop: str = ""
    passes: int = 0

    @property
    def not_applicable(self) -> int:
        return sum(1 for s in self.log if not s.applicable)

    def top_share(self) -> float:
        if not self.log:
            return 0.0
        return Counter(s.instruction_id for s in self.log).most_common(1)[0][1] / len(self.log)

    def attempts_to(self, n: int) -> int | None:
        """Attempts until the run had ``n`` transformed tests (None if it never did)."""
        written = 0
        for s in self.log:
            written += s.applicable
            if written >= n:
                return s.attempt
        return None


def execute(runner: Runner, judge: Any, test: Test, faults: Sequence[str] = (), label: str = "none") -> Execution:
    trace = runner.run(test, list(faults), label)
    verdict, reason, policies, reached = judge.judge(test, trace)
    return Execution(test, trace, Verdict(test_id=test.id, target=label, verdict=verdict, reason=reason,
                                          policies=policies, reached=reached, turns=trace.meta.turns, trace_id=trace.id))


def plain_tests(statements: Sequence[Statement], traces: dict[str, Trace], generator: Any, n: int) -> list[Test]:
    out = []
    for st in statements[:n]:
        t = generator.plain(st, traces)
        if t is not None:
            out.append(t)
    return out


NO_TRANSFORMATION = "no CPU transformation"  # how the CPU generator words a pair it can never write


def transform_tests(statements: Sequence[Statement], plains: dict[str, Test], catalog: Sequence[Instruction],
                    selector: Selector, generator: Any, run_test: Callable[[Test], Execution], embedder: Embedder,
                    fields_of: Callable[[Test], dict[str, Any]], *, n: int = 50, max_attempts: int | None = None,
                    block_size: int = 10, passes: int = 2, max_misses: int = 3) -> TransformRun:
    sts = [s for s in statements if s.id in plains]
    by_id = {s.id: s for s in sts}
    ins_by_id = {i.id: i for i in catalog}
    budget = max_attempts if max_attempts is not None else min(400, 6 * n)
    order = NoveltyOrder([s.id for s in sts], embedder.embed([s.text for s in sts]) if sts else None)
    tried: set[tuple[str, str]] = set()
    out = TransformRun()
    selector.bind({i.id: i.factor for i in catalog})  # the factors, for a selector that pools within one

    # instructions without a CPU transformation: not applicable to any statement, so after the first
    # try (its theta_k updated with the miss) never offered again in this run
    dead: set[str] = set()

    def untried(sid: str) -> list[str]:
        return [i.id for i in catalog if (sid, i.id) not in tried and i.id not in dead]

    blocks = [sts[i: i + block_size] for i in range(0, len(sts), block_size)]
    for p in range(passes):
        out.passes = p + 1
        for b, block in enumerate(blocks):
            aside: set[str] = set()
            misses: Counter[str] = Counter()
            while True:
                if len(out.tests) >= n:
                    out.stop = f"{n} transformed tests"
                    return out
                if out.attempts >= budget:
                    out.stop = f"attempt budget {budget}"
                    return out
                offered = [s.id for s in block if s.id not in aside and untried(s.id)]
                if not offered:
                    break
                choice = selector.choose(offered, order.novelty, untried)
                if choice is None:
                    break
                out.attempts += 1
                sid, kid = choice.statement_id, choice.instruction_id
                tried.add((sid, kid))
                st, plain = by_id[sid], plains[sid]
                test, reason = generator.transformed(st, ins_by_id[kid], plain, sts, fields_of(plain))
                step = SelectorStep(attempt=out.attempts, selector=selector.name, **{"pass": p + 1}, block=b,
                                    statement_id=sid, instruction_id=kid, novelty=round(choice.novelty, 6),
                                    score=None if choice.score is None else round(float(choice.score), 6),
                                    applicable=test is not None, reason=reason)
                if test is None:
                    selector.update(kid, False, None)
                    if reason.startswith(NO_TRANSFORMATION):  # the generator cannot write it anywhere
                        dead.add(kid)
                    misses[sid] += 1
                    if misses[sid] >= max_misses:
                        aside.add(sid)
                    out.log.append(step)
                    continue
                ex = run_test(test)
                reward = VERDICT_REWARD[ex.verdict.verdict]
                selector.update(kid, True, reward)
                order.add(sid)
                aside.add(sid)
                step.test_id, step.verdict, step.reward = test.id, ex.verdict.verdict, reward
                out.log.append(step)
                out.tests.append(ex)
    out.stop = f"{passes} passes over the blocks"
    return out


def covered_statements(executions: Sequence[Execution], statements: Sequence[Statement]) -> set[str]:
    """Statements whose behaviour a reply in the executions states (by the CPU extractor's key)."""
    key_to_id = {normalise(s.behaviour): s.id for s in statements}
    out: set[str] = set()
    for ex in executions:
        for f in extract_from_trace(ex.trace):
            sid = key_to_id.get(normalise(f.behaviour))
            if sid:
                out.add(sid)
    return out


def new_behaviours(executions: Sequence[Execution], statements: Sequence[Statement]) -> set[str]:
    """Rule/refusal behaviours stated in the executions that discovery never saw."""
    known = {normalise(s.behaviour) for s in statements}
    return {normalise(f.behaviour) for ex in executions for f in extract_from_trace(ex.trace)} - known


def detects(base: Verdict, faulty: Verdict) -> bool:
    """Whether a test whose compliant-target verdict is ``base`` detects the fault of a ``faulty`` fail."""
    if faulty.verdict != "fail":
        return False
    if base.verdict == "pass":
        return True
    return (base.verdict == "inconclusive" and not base.reason.startswith(TARGET_FAILED) and not base.policies
            and bool(faulty.policies))


def regression(runner: Runner, judge: Any, tests: Sequence[Test], baseline: dict[str, Verdict], faults: Sequence[str],
               fault_policy: dict[str, str], keep: Callable[[Execution], None] | None = None) -> dict[str, dict[str, Any]]:
    """Per fault: the tests that detect it (pass on the compliant target and fail with the fault, or
    inconclusive on the compliant target and a policy fired with the fault; see the module docstring)
    and whether the failing verifiers name the fault's policy. ``keep``, when given, is handed every
    execution on a faulty target (the caller keeps the records it wants: ``scripts/adat_faults.py``
    keeps the failing ones, to read a detection or a false alarm)."""
    out: dict[str, dict[str, Any]] = {}
    for f in faults:
        detecting, attributed, verdicts = [], [], Counter()
        for t in tests:
            ex = execute(runner, judge, t, [f], f)
            if keep is not None:
                keep(ex)
            verdicts[ex.verdict.verdict] += 1
            if detects(baseline[t.id], ex.verdict):
                detecting.append(t.id)
                if fault_policy.get(f) in ex.verdict.policies:
                    attributed.append(t.id)
        out[f] = {"policy": fault_policy.get(f, ""), "detected": bool(detecting), "tests": detecting,
                  "attributed": attributed, "verdicts": dict(verdicts)}
    return out


# --- the output folder -------------------------------------------------------------------------------

MARKER = ".probe-adat"
FILES = {MARKER, "discovery.jsonl", "statements.jsonl", "tests.jsonl", "executions.jsonl", "verdicts.jsonl",
         "selector_log.jsonl", "regression.json", "summary.json", "report.md", "config.json"}


class OutputError(ValueError):
    """The output folder cannot be used (one line)."""


def claim_output(folder: str | Path, overwrite: bool) -> Path:
    """The folder a new AdaT run writes into; an ``OutputError`` (one line) when it may not.

    ``folder`` (``adat/``) missing or empty: ``folder`` itself. An existing AdaT folder only with
    ``overwrite`` (or without it when its run never finished: interrupted or failed, its process
    gone) and only when it holds nothing but AdaT's files. An unfinished run's files are removed
    (they are no result); a finished run is kept as it is: the new run is written into a new
    hidden folder beside it (``.adat.new-<pid>``, returned), and the caller replaces the earlier run
    with it only once it is complete (``probe.cli.adat``). A run whose process still runs is
    refused, ``overwrite`` or not. The marker written says the run is not complete yet
    (``run.write_outputs`` marks it complete last). A folder that cannot be created or written is
    an ``OutputError`` too."""
    from probe.core.outputs import is_lock  # noqa: PLC0415

    folder = Path(folder)

    def marker() -> dict[str, Any]:  # the run's marker; {} when it cannot be read
        try:
            mark = json.loads((folder / MARKER).read_text())
        except (OSError, ValueError):
            return {}
        return mark if isinstance(mark, dict) else {}

    def alive(pid: Any) -> bool:  # another process with this pid still runs
        if not isinstance(pid, int) or pid == os.getpid():
            return False
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except OSError:
            pass
        return True

    try:
        if folder.exists() and not folder.is_dir():
            raise OutputError(f"{folder} exists and is not a directory")
        entries = [p for p in folder.iterdir() if not is_lock(p.name)] if folder.is_dir() else []  # the caller's lock
        if entries:
            if not (folder / MARKER).is_file():
                raise OutputError(f"{folder} exists, is not empty and was not written by 'probe adat'; choose another --run")
            mark = marker()
            partial = mark.get("complete") is False  # never finished (a finished run, or one from before this mark: no)
            if partial and alive(mark.get("pid")):
                raise OutputError(f"{folder} is in use by a 'probe adat' run still going (pid {mark['pid']}); wait "
                                  "for it to end or choose another --run")
            if not (overwrite or partial):
                raise OutputError(f"{folder} already holds an AdaT run; pass --overwrite to replace it")
            foreign = sorted(p.name for p in entries if p.name not in FILES)
            if foreign:
                raise OutputError(f"{folder} holds files 'probe adat' did not write ({', '.join(foreign[:3])}); "
                                  "refusing to replace it")
            if not partial:  # a finished run stays until the new one is complete
                staging = folder.parent / f".{folder.name}.new-{os.getpid()}"
                staging.mkdir()
                (staging / MARKER).write_text(json.dumps({"pid": os.getpid(), "complete": False}) + "\n")
                return staging
            for p in entries:
                p.unlink() if p.is_file() else shutil.rmtree(p)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / MARKER).write_text(json.dumps({"pid": os.getpid(), "complete": False}) + "\n")
    except OSError as e:
        raise OutputError(f"cannot write {folder}: {e.strerror or e}") from None
    return folder


__all__ = ["Execution", "TransformRun", "execute", "detects", "plain_tests", "transform_tests", "covered_statements",
           "new_behaviours", "regression", "claim_output", "OutputError", "MARKER", "FILES"]
