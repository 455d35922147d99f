"""Deliberate CPU thread settings (issue 12, item 5): one decision, applied once per process.

The tiny CPU auditor runs thousands of small tensor operations per update. With torch's defaults
on a 2-core machine every one of them is split over 2 OpenMP threads that must meet at a barrier;
when another process keeps one of the cores busy, the thread on that core only runs in the time
slices the scheduler gives it, and each barrier waits for it: issue 12 measured 20-104 s of
generation per update of the CPU demo instead of 2-6 s. One intra-op thread has no barrier to wait
at, and the scheduler moves it to the core that is free (``scripts/bench_contention.py``; figures
in docs/threads.md).

``runtime.threads`` in the run config (``probe.train.config.RuntimeSettings``) says what to do:

- ``auto`` (default): ``auto_threads(visible cores)`` = half the cores this process may run on
  (``os.sched_getaffinity``; a Slurm/cgroup CPU set counts, not the machine), at least 1: 1 on
  2 cores, the figure measured; on larger machines half the cores is the number of physical cores
  when they are hyper-threads (torch's own default) and leaves room for a neighbour;
- ``N``: exactly N intra-op threads;
- ``none``: change nothing (torch's defaults and the environment as they are; the old behaviour,
  kept for the benchmark and for users who set the variables themselves).

Applying a plan sets ``OMP_NUM_THREADS``, ``MKL_NUM_THREADS`` and ``OPENBLAS_NUM_THREADS`` to the
intra-op count and ``TOKENIZERS_PARALLELISM=false`` (the tokenizers' own thread pool; probe
tokenizes small batches) before torch is imported where the caller allows (``probe demo`` applies
right after reading its config, before torch loads), then ``torch.set_num_threads``, one inter-op
thread (probe never uses torch's inter-op pool; ``torch.set_num_interop_threads`` can only be
called before inter-op work starts, so a refused call keeps what the process has) and the same
limit on the BLAS / OpenMP libraries already loaded (threadpoolctl: numpy's OpenBLAS).

The rollout's target thread pool is sized here too (``target_pool_size``): the in-process
reference target is pure Python under the GIL, so its turns run on the engine's thread (more
threads only add GIL hand-offs, which a busy core makes slow); model targets (HTTP, hf, replay)
get ``rollout.target_workers`` threads so that their requests overlap.
"""

from __future__ import annotations

import os
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

MAX_THREADS = 1024
ALLOWED = f"'auto', 'none' or a number of threads 1..{MAX_THREADS}"
THREAD_ENV = ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS")


def parse_threads(value: Any) -> str | int:
    """``auto``, ``none`` or an int 1..MAX_THREADS (a digit string is read as its number);
    ``ValueError`` naming what is allowed otherwise."""
    if isinstance(value, bool):
        raise ValueError(f"expected {ALLOWED}, got {value!r}")
    if isinstance(value, str):
        text = value.strip().lower()
        if text in ("auto", "none"):
            return text
        if text.isdigit():
            value = int(text)
    if isinstance(value, int) and 1 <= value <= MAX_THREADS:
        return value
    raise ValueError(f"expected {ALLOWED}, got {value!r}")


def visible_cores() -> int:
    """The cores this process may run on (its CPU affinity set, e.g. a Slurm allocation)."""
    visible = _visible_set()
    return max(1, len(visible)) if visible is not None else max(1, os.cpu_count() or 1)  # None: not Linux


def auto_threads(cores: int) -> int:
    """Intra-op threads for ``auto``: half the visible cores, at least 1 (module docstring)."""
    return max(1, cores // 2)


@dataclass(frozen=True)
class ThreadPlan:
    """What a ``runtime.threads`` value means on this machine."""

    setting: str | int
    cores: int
    intra_op: int | None  # None: left as it is (setting 'none')
    inter_op: int | None
    env: dict[str, str] = field(default_factory=dict)

    def describe(self, applied: dict[str, int] | None = None) -> str:
        """One line: the setting, what it resolved to, and (``applied``) what torch reports."""
        a = applied or {}
        if self.intra_op is None:
            return (f"threads: none (left as they are: torch intra-op {a.get('intra_op', '?')}, inter-op "
                    f"{a.get('inter_op', '?')}; {self.cores} visible cores)")
        how = f"auto for {self.cores} visible cores" if self.setting == "auto" else f"{self.cores} visible cores"
        inter = a.get("inter_op", self.inter_op)
        kept = "" if inter == self.inter_op else " (already started: kept)"
        return (f"threads: {self.setting} ({how}): torch intra-op {a.get('intra_op', self.intra_op)}, "
                f"inter-op {inter}{kept}; " + " ".join(f"{k}={v}" for k, v in self.env.items()))


def plan_threads(setting: Any = "auto", cores: int | None = None) -> ThreadPlan:
    """The plan for ``setting`` (``parse_threads``) on ``cores`` visible cores (default: this process's)."""
    setting = parse_threads(setting)
    cores = visible_cores() if cores is None else max(1, int(cores))
    if setting == "none":
        return ThreadPlan(setting, cores, None, None, {})
    n = auto_threads(cores) if setting == "auto" else int(setting)
    env = {k: str(n) for k in THREAD_ENV}
    env["TOKENIZERS_PARALLELISM"] = "false"
    return ThreadPlan(setting, cores, n, 1, env)


_applied: tuple[ThreadPlan, dict[str, int]] | None = None  # the plan this process applied, and what torch reported


def apply_threads(setting: Any = "auto") -> tuple[ThreadPlan, dict[str, int], bool]:
    """Apply ``setting`` to this process: (plan, what torch reports, True when this call changed
    something). Applying the plan already applied is a no-op, so that every entry point can call
    it and the line is printed once."""
    global _applied
    plan = plan_threads(setting)
    if _applied is not None and _applied[0] == plan:
        return plan, dict(_applied[1]), False
    if plan.intra_op is not None:
        os.environ.update(plan.env)  # before torch loads when the caller has not imported it yet
    import torch  # noqa: PLC0415

    if plan.intra_op is not None:
        torch.set_num_threads(plan.intra_op)
        if plan.inter_op is not None and torch.get_num_interop_threads() != plan.inter_op:
            try:
                torch.set_num_interop_threads(plan.inter_op)
            except RuntimeError:  # inter-op work already started in this process: keep its pool
                pass
        _limit_loaded_libraries(plan.intra_op)
    applied = {"intra_op": torch.get_num_threads(), "inter_op": torch.get_num_interop_threads()}
    _applied = (plan, applied)
    return plan, dict(applied), True


def ensure_threads(setting: Any = "auto") -> tuple[ThreadPlan, dict[str, int], bool]:
    """``apply_threads(setting)`` unless this process has applied a plan already (then that plan
    stays: a run's own setting wins over a library entry point's default)."""
    if _applied is not None:
        return _applied[0], dict(_applied[1]), False
    return apply_threads(setting)


def applied_plan() -> tuple[ThreadPlan, dict[str, int]] | None:
    """The plan this process applied and what torch reported then (None: none applied yet)."""
    return None if _applied is None else (_applied[0], dict(_applied[1]))


def _limit_loaded_libraries(n: int) -> None:
    """The same limit on BLAS / OpenMP libraries loaded before the environment was set (numpy's
    OpenBLAS reads OPENBLAS_NUM_THREADS only when it loads)."""
    if "numpy" not in sys.modules and "scipy" not in sys.modules:
        return
    from threadpoolctl import threadpool_limits  # noqa: PLC0415

    threadpool_limits(limits=n)


def _visible_set() -> set[int] | None:
    """This process's CPU affinity set; None where it cannot be read (not Linux)."""
    try:
        return set(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return None


def cpu_sample(visible: set[int] | None = None) -> dict[int, tuple[int, int]] | None:
    """Per core of ``visible`` (all when None): (all jiffies, idle + iowait jiffies) from
    ``/proc/stat``; None where it cannot be read (not Linux)."""
    try:
        lines = Path("/proc/stat").read_text().splitlines()
    except OSError:
        return None
    out = {}
    for line in lines:
        name, *fields = line.split()
        if not (name.startswith("cpu") and name[3:].isdigit()) or len(fields) < 5:
            continue
        cpu = int(name[3:])
        if visible is None or cpu in visible:
            values = [int(x) for x in fields]
            out[cpu] = (sum(values), values[3] + values[4])
    return out or None


def idle_between(first: dict[int, tuple[int, int]] | None, second: dict[int, tuple[int, int]] | None) -> float | None:
    """Idle cores (summed shares) between two ``cpu_sample`` readings."""
    if first is None or second is None:
        return None
    idle = 0.0
    for cpu, (total, free) in second.items():
        if cpu in first and total > first[cpu][0]:
            idle += (free - first[cpu][1]) / (total - first[cpu][0])
    return idle


def idle_cores(interval: float = 0.5) -> float | None:
    """How many of this process's visible cores (its affinity set) were idle over ``interval``
    seconds, from ``/proc/stat`` (idle + iowait jiffies over all jiffies, per core, summed);
    None where it cannot be read (not Linux)."""
    visible = _visible_set()
    first = cpu_sample(visible)
    if first is None:
        return None
    time.sleep(interval)
    return idle_between(first, cpu_sample(visible))


def build_threads(plan: ThreadPlan, idle: float | None = None) -> int | None:
    """Torch threads for a long compute-bound job (the tiny auditor's build) under ``plan``.

    Only ``auto`` adapts: every visible core when all of them are idle now (``idle_cores``; within
    a quarter of a core), else the plan's own count. Measured on 2 cores (docs/threads.md,
    scripts/bench_build_threads.py): the build's SFT steps took 0.61-0.62x the time with 2 threads
    on quiet cores and 1.37-1.6x with one core busy, so 2 threads are used only when nothing else
    runs. Thread counts do not change the build's result (its weights are bit-identical with 1 and
    2 threads: tests/train/test_threads.py).
    None: leave torch as it is (``none``)."""
    if plan.intra_op is None:
        return None
    if plan.setting != "auto":
        return plan.intra_op
    idle = idle_cores() if idle is None else idle
    if idle is not None and idle >= plan.cores - 0.25:
        return plan.cores
    return plan.intra_op


@contextmanager
def build_thread_scope(log: Callable[[str], None] | None = None, what: str = "build",
                       threads: int = 0) -> Iterator[int | None]:
    """Run a long compute-bound job (a build) with ``build_threads`` torch threads under this
    process's plan (``ensure_threads``), or exactly ``threads`` when it is positive (a build's own
    setting), and give the process its own count back afterwards. Yields the count set (None: left
    as it was). Used by the tiny auditor's build and by the fluency scorer's, whose encoder pass
    over the corpus is most of its time."""
    import torch  # noqa: PLC0415

    plan, _applied_now, _first = ensure_threads()
    before = torch.get_num_threads()
    n = threads if threads > 0 else build_threads(plan)
    if n is not None and n != before:
        torch.set_num_threads(n)
        if log is not None and threads <= 0:
            log(f"{what}: {n} torch threads ({plan.cores} visible cores idle)")
    try:
        yield n
    finally:
        if torch.get_num_threads() != before:
            torch.set_num_threads(before)


class BuildThreads:
    """Re-decide a long build's torch threads while it runs (``auto`` only; call ``step()`` after
    every optimizer step, it looks at the machine every ``every`` seconds of wall time).

    ``build_threads`` decides once, at the start: every core when all are idle, else the plan's
    count (1 on 2 cores). A build that starts beside another job (``make test`` builds while the
    first pytest runs) then kept one thread after that job ended and its core fell idle. Here:

    - **grow** when at least three quarters of a visible core were idle over the last window
      and the build has fewer threads than visible cores (by the idle cores, rounded);
    - **shrink** back to the plan's count when no core was idle and this process got less than
      its thread count minus half a core of CPU time (another job competes: 2 threads with one
      core busy were 1.37-1.6x slower than 1, module docstring of ``build_threads``).

    Thread counts do not change the build's weights (bit-identical with 1 and 2 threads, also
    when the count changes between steps: tests/train/test_threads.py), so this changes only
    the time a build takes. ``sample``, ``cpu`` and ``clock`` are injectable for tests."""

    def __init__(self, plan: ThreadPlan, log: Callable[[str], None] | None = None, what: str = "build",
                 every: float = 15.0, sample: Callable[[], dict[int, tuple[int, int]] | None] | None = None,
                 cpu: Callable[[], float] = time.process_time, clock: Callable[[], float] = time.monotonic,
                 cores: Callable[[], int] | None = None) -> None:
        self.plan, self.log, self.what, self.every = plan, log, what, every
        self._sample = sample or (lambda: cpu_sample(_visible_set()))
        self._cpu, self._clock, self._cores = cpu, clock, cores or visible_cores
        self._steps = 0
        self._mark()

    def _mark(self) -> None:
        self._t, self._c, self._s = self._clock(), self._cpu(), self._sample()

    @property
    def active(self) -> bool:
        return self.plan.setting == "auto" and self.plan.intra_op is not None

    def decide(self, threads: int, cores: int, idle: float, own: float) -> tuple[int, str] | None:
        """The new count and why, or None to keep ``threads`` (``idle``: idle cores, ``own``: cores
        of CPU time this process used, both over the last window)."""
        if idle >= 0.75 and threads < cores:
            return min(cores, threads + max(1, round(idle))), f"{idle:.1f} cores idle"
        if threads > (self.plan.intra_op or 1) and idle < 0.25 and own < threads - 0.5:
            return self.plan.intra_op or 1, f"another job competes ({own:.1f} of {threads} cores used)"
        return None

    def step(self) -> int | None:
        """Called after each optimizer step; returns the new thread count when it changed."""
        import torch  # noqa: PLC0415

        self._steps += 1
        if not self.active or self._clock() - self._t < self.every:
            return None
        t, c, s = self._t, self._c, self._s
        self._mark()
        idle = idle_between(s, self._s)
        if idle is None or self._t <= t:
            return None
        own = (self._c - c) / (self._t - t)
        threads = torch.get_num_threads()
        change = self.decide(threads, self._cores(), idle, own)
        if change is None or change[0] == threads:
            return None
        n, why = change
        torch.set_num_threads(n)
        if self.log is not None:
            self.log(f"{self.what}: {n} torch thread{'s' if n != 1 else ''} from step {self._steps} ({why})")
        return n


def target_pool_size(in_process_target: bool, target_workers: int) -> int:
    """Threads for the rollout's target turns (module docstring): 1 (the engine's own thread) for
    the in-process reference target, ``target_workers`` for model targets."""
    return 1 if in_process_target else max(1, int(target_workers))


__all__ = ["ALLOWED", "MAX_THREADS", "BuildThreads", "ThreadPlan", "apply_threads", "applied_plan", "auto_threads", "build_threads", "build_thread_scope",
           "cpu_sample", "ensure_threads", "idle_between", "idle_cores", "parse_threads", "plan_threads", "target_pool_size", "visible_cores"]
