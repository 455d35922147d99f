"""Which seeded faults can AdaT's transformations reach at all, given one driver's discovery?

The adaptive selector writes about two transformed tests per statement (``scripts/adat_faults.py``).
This script writes every one instead: for each grounded statement of one discovery campaign, the
plain test and the transformed test of every instruction that has a CPU transformation and
applies, and re-runs each against every single-fault target (``probe.adat.pipeline.detects``).
A fault no test detects here cannot be detected by any selector on this discovery: what limits
it is discovery (the states the driver's sessions reach), not the choice of pairs.

    python scripts/adat_upper_bound.py [--env taubench-retail] [--driver untrained]
        [--checkpoint checkpoints/cpu-demo-retail-grpo] [--sessions 24]

Prints one row per fault (tests that detect it, the instructions behind them) and the count. It
writes nothing. Measured on 2026-12-03 (untrained driver sampling as the retail checkpoint does,
24 sessions, 13 statements, 625 tests, 99 s on 2 cores): 6 of 10 retail faults; the four that need
a completed item change or an exchange proposal (trust_stated_status, allow_followup_edit,
per_item_calls, exchange_identical) are detected by no test. After the twelfth session's changes
(proposals tested through the customer's yes, "the same one", the request repeated after the action):
7 of 10 on that discovery, 8 of 10 on the cooperative customer's (5 before).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from probe.adat.catalog import load_catalog  # noqa: E402
from probe.adat.pipeline import detects, execute  # noqa: E402
from probe.adat.roles import make_roles  # noqa: E402
from probe.adat.run import AdatConfig, discover, scenario_fields  # noqa: E402
from probe.adat.runner import Runner  # noqa: E402
from probe.core.registry import env_names, get_domain  # noqa: E402

DRIVERS = ("learned", "untrained", "cooperative", "static")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--env", default="skyassist")
    ap.add_argument("--driver", default="untrained", help=f"one of {', '.join(DRIVERS)}")
    ap.add_argument("--checkpoint", default=None, help="a trained run (needed by --driver learned; the untrained "
                                                       "driver samples at its temperature when given)")
    ap.add_argument("--sessions", type=int, default=24)
    a = ap.parse_args(argv)
    if a.env not in env_names():
        ap.error(f"--env: unknown environment {a.env!r}; allowed: {', '.join(env_names())}")
    if a.driver not in DRIVERS:
        ap.error(f"--driver: unknown driver {a.driver!r}; allowed: {', '.join(DRIVERS)}")
    if a.driver == "learned" and not (a.checkpoint and Path(a.checkpoint).is_dir()):
        ap.error("--driver learned needs --checkpoint, a trained run directory")
    if a.sessions < 1:
        ap.error(f"--sessions: {a.sessions} is not a positive number of sessions")
    t0 = time.perf_counter()
    domain = get_domain(a.env)
    cfg = AdatConfig(env=a.env, driver=a.driver, checkpoint=a.checkpoint, sessions=a.sessions)
    roles = make_roles("cpu", domain, cfg.seed)
    traces = discover(cfg, roles)
    statements = [s for s in roles["extractor"].statements(traces) if s.grounded]
    by_id = {t.id: t for t in traces}
    runner = Runner(domain)
    judge, generator = roles["judge"], roles["generator"]
    catalog = load_catalog(cfg.catalog)
    tests = []  # (instruction id or "plain", test)
    for st in statements:
        plain = generator.plain(st, by_id)
        if plain is None:
            continue
        tests.append(("plain", plain))
        fields = scenario_fields(runner, plain)
        for ins in catalog:
            test, _why = generator.transformed(st, ins, plain, statements, fields)
            if test is not None:
                tests.append((ins.id, test))
    base = {t.id: execute(runner, judge, t).verdict for _, t in tests}
    found: dict[str, list[str]] = defaultdict(list)
    for fault in domain.fault_names:
        for kind, test in tests:
            if detects(base[test.id], execute(runner, judge, test, [fault], fault).verdict):
                found[fault].append(kind)
    print(f"env {a.env}, driver {a.driver}, {len(traces)} discovery sessions, {len(statements)} grounded statements, "
          f"{len(tests)} tests (every applicable pair), {time.perf_counter() - t0:.0f} s")
    print("| fault | policy | detecting tests | instructions |")
    print("| --- | --- | --- | --- |")
    for fault in domain.fault_names:
        kinds = sorted(set(found[fault]), key=lambda k: (k != "plain", k))
        shown = ", ".join(kinds[:10]) + (f" (+{len(kinds) - 10})" if len(kinds) > 10 else "")
        print(f"| {fault} | {domain.fault_policy.get(fault, '')} | {len(found[fault])} | {shown or '-'} |")
    print(f"reachable by some test: {sum(1 for f in domain.fault_names if found[f])} of {len(domain.fault_names)} faults")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
