"""Benchmark: the reference targets' reading of customer messages, with and without its two caches.

The workload is what the tests and ``probe eval`` do: every script an environment ships (``scripts/``,
``fault_scripts/``, ``oracle_scripts/``) played on ``--seeds`` scenarios of its family, under the fault
profiles ``none`` and ``all``, each trace verified. It runs twice, each in a fresh process:

- *uncached*: Python's default regular-expression cache (512 compiled patterns, the oldest dropped first)
  and, for SkyAssist, no memo of ``envs.skyassist.language.parse``;
- *cached*: as shipped: ``envs.REGEX_CACHE`` compiled patterns kept and SkyAssist's readings memoised.

Both runs must give the same traces and verdicts (the caches may change the time, never a reading); the
script prints the fastest of ``--repeat`` alternated runs of each, in CPU seconds of its process, the ratio, and the load average (other work on the
two cores slows even CPU time). The corpus the tiny auditor is built from gains nothing (each message is
new and few patterns are in play): measured 1.00x.

With ``--tests FILE...`` the workload is instead those test files, run by pytest in each mode (what
``make test`` spends most of its time on; the tiny-auditor tests are left out).

    python scripts/bench_language.py --env skyassist --seeds 3
    python scripts/bench_language.py --env taubench-retail --seeds 3
    python scripts/bench_language.py --tests tests/envs/taubench/test_retail_customers_41b.py
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _prepare(cached: bool) -> None:
    """Import the readers in both modes before any timer starts (their import compiles hundreds of patterns); for
    the uncached mode, then Python's default regex cache and no parse memo for the rest of this process."""
    import envs  # noqa: F401, PLC0415  (imported first: it raises the regex cache)
    from envs.skyassist import language  # noqa: PLC0415

    if not cached:
        re._MAXCACHE = 512  # Python's own default
        re.purge()
        language._PARSED_MAX = 0


def _run_tests(files: list[str], cached: bool) -> dict:
    import pytest  # noqa: PLC0415

    _prepare(cached)
    start = time.process_time()
    code = pytest.main(["-q", "-p", "no:cacheprovider", "-m", "not tiny_auditor", *files])
    return {"seconds": time.process_time() - start, "exit": int(code), "regex_cache": re._MAXCACHE}


def _play(env: str, seeds: int, cached: bool) -> dict:
    from probe.core.registry import get_domain  # noqa: PLC0415
    from probe.core.scripts import load_suite, play_script  # noqa: PLC0415

    _prepare(cached)
    domain = get_domain(env)
    scripts = [s for folder in ("scripts", "fault_scripts", "oracle_scripts")
               if (domain.package_dir() / folder).is_dir() for s in load_suite(domain, folder)]
    digest = hashlib.sha256()
    turns = traces = 0
    start = time.process_time()
    for script in scripts:
        families = [script.family] if script.family in domain.families else list(domain.families)
        for seed in range(seeds):
            scenario = domain.scenario(families[seed % len(families)], seed)
            for faults in ("none", "all"):
                target = domain.make_target("reference", domain.resolve_faults(faults))
                trace = play_script(domain, scenario, target, script)
                verdicts = domain.verify(trace.messages, scenario)
                digest.update(repr((trace.messages, verdicts)).encode())
                turns += sum(m.get("role") == "user" for m in trace.messages)
                traces += 1
    seconds = time.process_time() - start
    return {"seconds": seconds, "traces": traces, "turns": turns, "digest": digest.hexdigest()[:16],
            "regex_cache": re._MAXCACHE}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--env", default="skyassist", help="skyassist or taubench-retail")
    ap.add_argument("--seeds", type=int, default=3, help="scenarios each script is played on, in each mode")
    ap.add_argument("--repeat", type=int, default=2,
                    help="runs of each mode, alternated; the fastest of each counts (the two cores are shared)")
    ap.add_argument("--tests", nargs="+", metavar="FILE", help="run these test files instead of the scripts")
    ap.add_argument("--mode", choices=["cached", "uncached"], help=argparse.SUPPRESS)  # one play, in this process
    args = ap.parse_args()
    if args.seeds < 1:
        print(f"--seeds must be at least 1, got {args.seeds}", file=sys.stderr)
        return 2
    if args.repeat < 1:
        print(f"--repeat must be at least 1, got {args.repeat}", file=sys.stderr)
        return 2
    if args.mode:
        result = _run_tests(args.tests, args.mode == "cached") if args.tests else \
            _play(args.env, args.seeds, args.mode == "cached")
        print(json.dumps(result))
        return 0
    if args.tests:
        runs = _alternated(["--tests", *args.tests], args.repeat, "test run")
        if runs is None:
            return 1
        print(f"{len(args.tests)} test files, pytest, the tiny-auditor tests left out; both runs passed")
        _print_times(runs["uncached"], runs["cached"])
        return 0
    runs = _alternated(["--env", args.env, "--seeds", str(args.seeds)], args.repeat, "play")
    if runs is None:
        return 1
    off, on = runs["uncached"], runs["cached"]
    print(f"{args.env}: {on['traces']} traces ({on['turns']} customer turns): every shipped script, "
          f"{args.seeds} seeds, faults none and all, each verified")
    _print_times(off, on)
    if (off["traces"], off["digest"]) != (on["traces"], on["digest"]):
        print("  the two plays differ: a cache changed a reading", file=sys.stderr)
        return 1
    print("  the same traces and verdicts in both runs")
    return 0


def _alternated(argv: list[str], repeat: int, what: str) -> dict[str, dict] | None:
    """Each mode run ``repeat`` times in a fresh process of this script, alternated; per mode the fastest result,
    with every run's seconds under "runs". None (the reason printed) when a run fails."""
    runs: dict[str, dict] = {}
    for _ in range(repeat):
        for mode in ("uncached", "cached"):
            out = subprocess.run([sys.executable, __file__, *argv, "--mode", mode], capture_output=True, text=True,
                                 cwd=ROOT)
            last = out.stdout.strip().splitlines()[-1] if out.stdout.strip() else ""
            if out.returncode != 0 or not last.startswith("{"):
                print(f"the {mode} {what} failed:\n{out.stdout[-2000:]}{out.stderr[-2000:]}", file=sys.stderr)
                return None
            result = json.loads(last)
            if result.get("exit", 0) != 0:
                print(f"the {mode} {what} did not pass (pytest exit {result['exit']}):\n{out.stdout[-2000:]}",
                      file=sys.stderr)
                return None
            seconds = [*runs.get(mode, {}).get("runs", []), round(result["seconds"], 1)]
            if mode not in runs or result["seconds"] < runs[mode]["seconds"]:
                runs[mode] = result
            runs[mode]["runs"] = seconds
    return runs


def _print_times(off: dict, on: dict) -> None:
    print(f"  uncached (regex cache {off['regex_cache']}, no parse memo): {off['seconds']:.1f} CPU s (runs: {off['runs']})")
    print(f"  cached   (regex cache {on['regex_cache']}, parse memo):    {on['seconds']:.1f} CPU s (runs: {on['runs']})")
    print(f"  ratio uncached / cached: {off['seconds'] / on['seconds']:.2f}x; load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    raise SystemExit(main())
