"""Benchmark: the tiny auditor's build with 1 and 2 torch threads, on quiet cores and beside a hog.

The build (``probe.auditor.tiny.build_tiny_auditor``) is the longest step of a fresh ``make demo``
and of ``make test``. Its SFT steps are large matrix products, unlike the rollout's many small
operations (``scripts/bench_contention.py``): they gain from a second thread when the cores are
idle and lose when another process keeps one busy. ``runtime.threads: auto`` therefore uses every
visible core for the build only when all of them are idle as it starts
(``probe.train.threads.build_threads``). This script measures that choice, in one run: a short
build (``--epochs`` of the default settings, each cell in a fresh process) with 1 thread, with 2
threads and with ``auto``, each without and with a hog (a pure-Python loop pinned to the last
visible core, the one of bench_contention), and prints the SFT seconds per cell, the ratios
2 threads / 1 thread with and without the hog, the thread count ``auto`` chose, and whether the
built weights are identical across cells (thread counts must not change the model).

    python scripts/bench_build_threads.py                # about 3 min on 2 quiet cores
    python scripts/bench_build_threads.py --epochs 0.05  # shorter
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
sys.path.insert(0, str(ROOT / "scripts"))

from bench_contention import hog_python  # noqa: E402

SCRUBBED = ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS", "TOKENIZERS_PARALLELISM")


def child(threads: str, epochs: float, out: str) -> int:
    """One cell: build into ``out`` and print its build record as JSON (last line)."""
    from probe.auditor.tiny import TinySettings, build_tiny_auditor

    pinned = 0 if threads == "auto" else int(threads)
    path = build_tiny_auditor(out, settings=TinySettings(epochs=epochs, threads=pinned))
    info = json.loads((Path(path) / "build.json").read_text())
    print(json.dumps({k: info[k] for k in ("seconds_train", "seconds_total", "torch_threads", "losses")}))
    return 0


def run_cell(threads: str, epochs: float, hog: bool, work: Path) -> dict:
    out = work / f"build-{threads}-{'hog' if hog else 'quiet'}"
    env = {k: v for k, v in os.environ.items() if k not in SCRUBBED}
    proc_hog = None
    if hog:
        proc_hog = mp.get_context("fork").Process(target=hog_python, daemon=True)
        proc_hog.start()
        time.sleep(1.0)  # let the hog show up in /proc/stat before auto looks
    try:
        done = subprocess.run([sys.executable, __file__, "--child", threads, "--epochs", str(epochs), "--out", str(out)],
                              env=env, capture_output=True, text=True, check=False)
    finally:
        if proc_hog is not None:
            proc_hog.terminate()
            proc_hog.join()
    if done.returncode != 0:
        raise SystemExit(f"error: the {threads}-thread cell failed:\n{done.stderr[-2000:]}")
    record = json.loads(done.stdout.strip().splitlines()[-1])
    record["weights"] = out / "model.safetensors"
    return record


def same_weights(a: Path, b: Path) -> bool:
    from safetensors.torch import load_file

    wa, wb = load_file(str(a)), load_file(str(b))
    return wa.keys() == wb.keys() and all(bool((wa[k] == wb[k]).all()) for k in wa)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--epochs", type=float, default=0.1, help="share of the default build's epochs per cell (default 0.1)")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--out", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if not 0 < args.epochs <= 4:
        print(f"error: --epochs must be in (0, 4], got {args.epochs}", file=sys.stderr)
        return 2
    if args.child:
        return child(args.child, args.epochs, args.out)
    cores = len(os.sched_getaffinity(0))
    print(f"build of the tiny auditor, {args.epochs} epochs per cell, {cores} visible cores, "
          f"load average before {os.getloadavg()[0]:.2f}")
    cells: dict[tuple[str, bool], dict] = {}
    with tempfile.TemporaryDirectory(prefix="bench-build-") as tmp:
        for hog in (False, True):
            for threads in ("1", "2", "auto"):
                r = run_cell(threads, args.epochs, hog, Path(tmp))
                cells[(threads, hog)] = r
                print(f"{'hog   ' if hog else 'quiet '} threads {threads:>4}: SFT {r['seconds_train']:6.1f} s "
                      f"(torch threads used: {r['torch_threads']})", flush=True)
        reference = cells[("1", False)]["weights"]
        identical = all(same_weights(reference, c["weights"]) for c in cells.values())
    for hog in (False, True):
        ratio = cells[("2", hog)]["seconds_train"] / cells[("1", hog)]["seconds_train"]
        auto = cells[("auto", hog)]
        print(f"{'with' if hog else 'without'} the hog: 2 threads / 1 thread = {ratio:.2f}x; "
              f"auto chose {auto['torch_threads']} thread(s): {auto['seconds_train']:.1f} s")
    print(f"weights identical across all six cells: {identical}")
    print(f"load average after {os.getloadavg()[0]:.2f}")
    return 0 if identical else 1


if __name__ == "__main__":
    sys.exit(main())
