"""Benchmark: CPU demo training updates with and without a concurrent CPU hog (issue 12, item 5).

Runs a few real GRPO updates of ``configs/cpu-demo-grpo.yaml`` (the tiny auditor against the
reference target) in a fresh process per cell, for

- ``old``: torch's default thread settings (``runtime.threads: none``, no OMP/MKL/OpenBLAS or
  TOKENIZERS_PARALLELISM variables, as in a plain shell) and the former pool of
  ``rollout.target_workers`` threads for the in-process target's turns;
- ``new``: probe's settings (``runtime.threads: auto`` unless ``--threads`` says otherwise;
  ``probe.train.threads``),

each once on the machine as it is and once with a hog: a separate process that spins on one core
(pinned to the last visible core; ``--hog python`` a pure-Python busy loop, ``--hog numpy`` a
single-threaded 256x256 matmul loop). It prints seconds per update (wall and generation) per cell
and the slowdown ratio hog / no hog per mode, over the same updates, all from this one run, with
the load average before and after (other processes on the machine make every figure noisy).

    python scripts/bench_contention.py                     # 3 updates per cell, python hog (3.3-9.5 min on the shared 2 cores)
    python scripts/bench_contention.py --hog numpy --updates 2
    python scripts/bench_contention.py --modes new --threads 2

A cell stops after ``--max-seconds`` once it has finished at least one update (the old settings
under a hog can take a minute per update); the ratio then covers the updates both cells finished.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CONFIG = ROOT / "configs" / "cpu-demo-grpo.yaml"
SCRUBBED = ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS", "TOKENIZERS_PARALLELISM")


# --- the hog -------------------------------------------------------------------------------------

def _pin_to_last_core() -> int:
    core = max(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {core})
    return core


def hog_python() -> None:
    _pin_to_last_core()
    x = 0
    while True:
        x = (x + 1) % 1_000_003


def hog_numpy() -> None:
    _pin_to_last_core()
    import numpy as np
    from threadpoolctl import threadpool_limits

    threadpool_limits(limits=1)
    a = np.random.default_rng(0).random((256, 256))
    while True:
        a = a @ a
        a /= np.abs(a).max()


HOGS = {"python": hog_python, "numpy": hog_numpy}


# --- one cell (a child process) ------------------------------------------------------------------

def child(mode: str, threads: str, updates: int, max_seconds: float) -> int:
    from rich.console import Console

    from probe.train.config import load_config

    out = tempfile.mkdtemp(prefix="probe-bench-contention-")
    setting = "none" if mode == "old" else threads
    config = load_config(CONFIG, [f"out_dir={out}", "run_name=bench", "updates=1000", "checkpoint_every=1000",
                                  f"runtime.threads={setting}"])
    from probe.train.threads import apply_threads

    apply_threads(config.runtime.threads)  # before torch loads, as probe demo does
    from probe.train.loop import Trainer

    t0 = time.perf_counter()
    trainer = Trainer(config, console=Console(file=open(os.devnull, "w")))
    if mode == "old":  # the pool the engine had before: target_workers threads for the in-process target too
        from concurrent.futures import ThreadPoolExecutor

        trainer.engine.pool_size = config.rollout.target_workers
        trainer.engine.pool = ThreadPoolExecutor(max_workers=trainer.engine.pool_size, thread_name_prefix="target")
    trainer.open()
    setup = time.perf_counter() - t0
    import torch

    rows = []
    t_start = time.perf_counter()
    try:
        for _ in range(updates):
            t = time.perf_counter()
            m = trainer.update()
            rows.append({"update": m["update"], "wall_s": time.perf_counter() - t, "generate_s": m["generate_s"],
                         "target_s": m["target_s"]})
            if time.perf_counter() - t_start > max_seconds:
                break
    finally:
        trainer.engine.close()
        trainer.close()
    print("RESULT " + json.dumps({"mode": mode, "setting": setting, "setup_s": setup, "rows": rows,
                                  "torch_intra_op": torch.get_num_threads(),
                                  "torch_inter_op": torch.get_num_interop_threads(),
                                  "target_pool": trainer.engine.pool_size, "line": config.runtime.resolved}), flush=True)
    import shutil

    shutil.rmtree(out, ignore_errors=True)
    return 0


def run_cell(mode: str, threads: str, updates: int, max_seconds: float, hog: str | None) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in SCRUBBED}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    proc_hog = None
    if hog:
        proc_hog = mp.get_context("fork").Process(target=HOGS[hog], daemon=True)
        proc_hog.start()
    try:
        cmd = [sys.executable, str(Path(__file__).resolve()), "--child", mode, "--threads", threads,
               "--updates", str(updates), "--max-seconds", str(max_seconds)]
        r = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=max_seconds * 3 + 600)
    finally:
        if proc_hog is not None:
            proc_hog.terminate()
            proc_hog.join()
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("RESULT ")]
    if r.returncode != 0 or not lines:
        sys.exit(f"error: the {mode} cell failed (exit {r.returncode}): {r.stderr.strip().splitlines()[-1:]}")
    return json.loads(lines[-1][len("RESULT "):])


def mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else float("nan")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--updates", type=int, default=3, help="timed GRPO updates per cell (1..20)")
    ap.add_argument("--hog", choices=sorted(HOGS), default="python", help="what spins on one core")
    ap.add_argument("--modes", default="old,new", help="comma-separated: old (torch defaults), new (probe's settings)")
    ap.add_argument("--threads", default="auto", help="runtime.threads of the new mode: auto or a number")
    ap.add_argument("--max-seconds", type=float, default=45.0, help="a cell stops after this once one update is done")
    ap.add_argument("--child", choices=("old", "new"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if not 1 <= args.updates <= 20:
        ap.error(f"--updates must be 1..20, got {args.updates}")
    if args.child:
        return child(args.child, args.threads, args.updates, args.max_seconds)
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    if not modes or any(m not in ("old", "new") for m in modes):
        ap.error(f"--modes takes old and/or new, got {args.modes!r}")
    from probe.train.threads import parse_threads, visible_cores

    try:
        parse_threads(args.threads)
    except ValueError as e:
        ap.error(f"--threads: {e}")

    # the tiny auditor is built (or found in the cache) first, so that no cell times a build
    env = {k: v for k, v in os.environ.items() if k not in SCRUBBED}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    build = subprocess.run([sys.executable, "-c", "from probe.auditor.tiny import build_tiny_auditor as b, "
                            "default_tiny_path as d; print(b(d()))"], env=env, capture_output=True, text=True)
    if build.returncode != 0:
        sys.exit(f"error: the tiny auditor could not be built: {build.stderr.strip().splitlines()[-1:]}")
    load0 = os.getloadavg()
    t0 = time.perf_counter()
    print(f"{visible_cores()} visible cores; load average before: {load0[0]:.2f} {load0[1]:.2f} {load0[2]:.2f}; "
          f"{args.updates} GRPO updates of {CONFIG.name} per cell; hog: {args.hog} loop pinned to core "
          f"{max(os.sched_getaffinity(0))}", flush=True)
    results: dict[tuple[str, bool], dict] = {}
    for mode in modes:
        for hog in (False, True):
            r = run_cell(mode, args.threads, args.updates, args.max_seconds, args.hog if hog else None)
            results[(mode, hog)] = r
            walls = [f"{row['wall_s']:.1f}" for row in r["rows"]]
            print(f"{mode:>3} {'hog   ' if hog else 'no hog'}: s/update {mean([x['wall_s'] for x in r['rows']]):6.2f} "
                  f"(generation {mean([x['generate_s'] for x in r['rows']]):6.2f}) per update {walls}; "
                  f"torch intra-op {r['torch_intra_op']}, inter-op {r['torch_inter_op']}, target pool {r['target_pool']}",
                  flush=True)
    load1 = os.getloadavg()
    print(f"load average after: {load1[0]:.2f} {load1[1]:.2f} {load1[2]:.2f}; bench {time.perf_counter() - t0:.0f} s")
    print()
    print("mode  setting  s/update no hog  s/update hog  slowdown (hog / no hog, same updates)  generation slowdown")
    for mode in modes:
        quiet, busy = results[(mode, False)], results[(mode, True)]
        n = min(len(quiet["rows"]), len(busy["rows"]))
        q = [r["wall_s"] for r in quiet["rows"][:n]]
        b = [r["wall_s"] for r in busy["rows"][:n]]
        gq = [r["generate_s"] for r in quiet["rows"][:n]]
        gb = [r["generate_s"] for r in busy["rows"][:n]]
        print(f"{mode:<5} {busy['setting']!s:<8} {mean(q):15.2f} {mean(b):13.2f} {mean(b) / mean(q):10.2f}x "
              f"({n} update{'s' if n != 1 else ''}){'':18} {mean(gb) / mean(gq):6.2f}x")
    if len(modes) == 2:
        for hog in (False, True):
            old_rows, new_rows = results[("old", hog)]["rows"], results[("new", hog)]["rows"]
            n = min(len(old_rows), len(new_rows))
            ratio = mean([r["wall_s"] for r in old_rows[:n]]) / mean([r["wall_s"] for r in new_rows[:n]])
            print(f"{'with' if hog else 'without'} the hog, old / new seconds per update: {ratio:.2f}x "
                  f"({n} update{'s' if n != 1 else ''})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
