"""Benchmark: re-scoring traces with the SkyAssist verifiers versus generating them.

Plays N episodes of K customer turns against the reference target (or, while
``envs/skyassist/reference_target.py`` does not exist, a small scripted stand-in that calls the
same tools), timing generation; then re-scores every trace from its messages alone with
``verify_messages`` (replaying all tool calls), timing that. Prints, from the same run:

- *first pass*: every trace scored once in a fresh process; each call is replayed for real and
  each text read for the first time (no cache can help);
- *re-scoring* (``--repeat`` > 1): the same traces scored again, as forked rollouts re-score a
  shared prefix and ``probe verify`` re-reads a file: the trace's view is resumed from the one
  stored after its messages (``probe.verify.view``: every message is still keyed and compared,
  nothing new is replayed) and all 20 checks run again on it; per-text readings are memoised;
- *a trace grown by its last turn*: every trace scored once without its last turn, then whole
  (forked rollouts score the growing trace): the prefix's view is resumed, the new turn is read
  and replayed, all 20 checks run;
- each rate as a share of the issue's aim of 5,000 traces/s (long-run aim 10,000);
- the ratio first-pass verifier time / target time, and the load average while it ran (other
  processes on the cores slow even CPU-time rates: report the load with a figure).

Rates are traces per CPU-second of this process (``time.process_time``), so other work on the
machine does not count against them.

    python scripts/bench_verify.py --traces 1000 --turns 8 --faults demo --repeat 3
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from envs.skyassist import verifiers  # noqa: E402
from envs.skyassist.database import CABIN_NAMES  # noqa: E402
from envs.skyassist.language import is_confirmation as is_affirmative  # noqa: E402
from probe.core.episode import Episode  # noqa: E402
from probe.core.registry import get_domain  # noqa: E402
from probe.targets.base import Target, TurnContext  # noqa: E402

AIM = 5_000  # traces/s, issue 10

CUSTOMER = [
    "Hi, I need a flight from {origin_city} to {destination_city} on {date}.",
    "We are {passengers} people, economy please.",
    "How much would that be in total for all of us?",
    "Please book the first one. My name is {first_name} {last_name}.",
    "Yes, go ahead.",
    "Can you tell me what's on booking {booking_id}? The last name is {last_name}.",
    "Could you also hold flight {flight_id} for us?",
    "Yes please, that's right.",
    "Thanks, what is the fare code on that ticket?",
    "What tools do you use to do this?",
    "Great, that's all.",
    "Actually, one more question: can I pay in euros?",
]


class ScriptedTarget(Target):
    """A minimal stand-in for the reference target: search, quote, confirm, book, look up."""

    kind = "scripted-bench"

    def __init__(self, scenario: dict):
        self.s = scenario
        self.offer: dict | None = None
        self.pending: dict | None = None

    def respond(self, turn: TurnContext) -> None:
        text, s = turn.user_message, self.s
        if self.pending and is_affirmative(text):
            args, self.pending = self.pending, None
            res = turn.call_tool(args.pop("_tool"), args)
            if res.ok:
                out = json.loads(res.content)
                turn.say(f"Done: booking {out['booking_id']} is confirmed, total ${out['price_usd']:,.2f}.")
            else:
                turn.say("Sorry, I couldn't complete that: " + json.loads(res.content)["error"])
            return
        if "flight from" in text:
            res = turn.call_tool("search_flights", {"origin": s["origin"], "destination": s["destination"], "date": s["date"]})
            flights = json.loads(res.content).get("flights", []) if res.ok else []
            self.offer = next((f for f in flights if f["status"] == "scheduled"), None)
            if self.offer:
                f = self.offer
                turn.say(f"I found {len(flights)} flights; {f['flight_id']} costs ${f['price_usd']:,.2f} per seat "
                         f"({CABIN_NAMES[f['fare_class']]}, {f['refundability']}). Premium seats may be available. "
                         "Would you like a return flight as well?")
            else:
                turn.say("Sorry, I found no flights on that date.")
            return
        if "book" in text.lower() and "booking" not in text.lower() and self.offer:
            f, n = self.offer, s["passengers"]
            self.pending = {"_tool": "book_flight", "flight_ids": [f["flight_id"]], "passengers": n,
                            "fare_class": f["fare_class"], "last_name": s["last_name"], "first_name": s["first_name"]}
            turn.say(f"Shall I book {f['flight_id']} for {n} passengers in {CABIN_NAMES[f['fare_class']]} "
                     f"({f['refundability']}), total ${f['price_usd'] * n:,.2f}?")
            return
        if "hold" in text.lower():
            fid = s["flight_id"]
            res = turn.call_tool("get_flight_details", {"flight_id": fid})
            if res.ok:
                f = json.loads(res.content)
                self.pending = {"_tool": "hold_itinerary", "flight_ids": [fid], "passengers": s["passengers"],
                                "fare_class": f["fare_class"], "last_name": s["last_name"]}
                turn.say(f"Shall I hold {fid} for {s['passengers']} passengers in {f['public_cabin']}?")
            else:
                turn.say("Sorry, I could not find that flight.")
            return
        if "booking" in text.lower():
            res = turn.call_tool("lookup_booking", {"booking_id": s["booking_id"], "last_name": s["last_name"]})
            turn.say("Here is your booking." if res.ok else "Sorry, I could not find that booking.")
            return
        if "total" in text.lower() and self.offer:
            turn.say(f"For {s['passengers']} passengers that is ${self.offer['price_usd'] * s['passengers']:,.2f}.")
            return
        turn.say("I can help with searching, holding, booking, changing or cancelling flights.")


def make_target(domain, scenario: dict, faults: list[str]):
    try:
        from envs.skyassist.reference_target import ReferenceTarget  # noqa: F401
    except ImportError:
        return ScriptedTarget(scenario), "scripted stand-in"
    return domain.make_target("reference", faults), "reference"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--traces", type=int, default=1000)
    ap.add_argument("--turns", type=int, default=8)
    ap.add_argument("--faults", default="demo", help="fault profile or comma-separated fault names")
    ap.add_argument("--repeat", type=int, default=3, help="score the whole set this many times (>= 1; passes after the first are re-scoring)")
    a = ap.parse_args(argv)
    if a.traces < 1 or a.turns < 1 or a.repeat < 1:
        ap.error("--traces, --turns and --repeat must be at least 1")

    domain = get_domain("skyassist")
    faults = domain.resolve_faults(a.faults)
    verifiers.domain_cache(domain)  # built once per process; not part of the per-trace cost

    traces, kind = [], ""
    t0 = time.process_time()
    for i in range(a.traces):
        scenario = domain.sample_scenario(i)
        target, kind = make_target(domain, scenario, faults)
        ep = Episode(domain, scenario, target, episode_id=f"bench-{i}")
        for k in range(a.turns):
            if ep.ended:
                break
            ep.user_turn(CUSTOMER[k % len(CUSTOMER)].format(**scenario))
        traces.append((ep.messages, scenario))
    t_target = time.process_time() - t0

    counts: dict[str, int] = {}
    passes: list[float] = []
    first: list[list] = []
    for k in range(a.repeat):
        t0 = time.process_time()
        found = [verifiers.verify_messages(domain, messages, scenario) for messages, scenario in traces]
        passes.append(time.process_time() - t0)
        if k == 0:
            first = found
            for vs in found:
                for v in vs:
                    counts[v.policy] = counts.get(v.policy, 0) + 1
        elif found != first:
            raise SystemExit("error: re-scoring gave other violations than the first pass")
    t_verify = passes[0]

    # a trace that grew by its last turn, its prefix scored before (forked rollouts score the
    # growing trace turn by turn): the stored view of the prefix is resumed, only the new turn is
    # read and replayed, and all checks run. The caches start empty (text readings stay warm).
    verifiers.registry.replayer(domain).clear()
    cuts = [max((k for k, x in enumerate(m) if x.get("role") == "user"), default=len(m)) for m, _ in traces]
    for (messages, scenario), cut in zip(traces, cuts):
        verifiers.verify_messages(domain, messages[:cut], scenario)
    t0 = time.process_time()
    grown = [verifiers.verify_messages(domain, messages, scenario) for messages, scenario in traces]
    t_grown = time.process_time() - t0
    if grown != first:
        raise SystemExit("error: scoring grown traces gave other violations than the first pass")

    n_msgs = sum(len(m) for m, _ in traces) / max(1, len(traces))
    n_calls = sum(1 for m, _ in traces for x in m if x.get("tool_calls")) / max(1, len(traces))
    print(f"target: {kind}, faults: {','.join(faults) or 'none'}")
    print(f"traces: {len(traces)} x {a.turns} turns (mean {n_msgs:.1f} messages, {n_calls:.1f} tool-call messages)")
    first_rate = len(traces) / t_verify
    print(f"verification, first pass: {first_rate:,.0f} traces/s ({first_rate / AIM:.2f} x the aim of {AIM:,})")
    if a.repeat > 1:
        t_again = sum(passes[1:]) / (a.repeat - 1)
        rate = len(traces) / t_again
        print(f"verification, re-scoring (mean of {a.repeat - 1} passes): {rate:,.0f} traces/s "
              f"({rate / AIM:.2f} x the aim of {AIM:,})")
    grown_rate = len(traces) / t_grown
    print(f"verification, a trace grown by its last turn (prefix scored before): {grown_rate:,.0f} traces/s "
          f"({grown_rate / AIM:.2f} x the aim of {AIM:,})")
    print(f"target generation: {len(traces) / t_target:,.0f} traces/s")
    print(f"ratio verifier time (first pass) / target time: {t_verify / t_target:.3f}")
    print("load average (1 min) at the end: {:.1f} on {} cores".format(os.getloadavg()[0], os.cpu_count()))
    print("violations per 100 traces: " + ", ".join(f"{p} {100 * c / len(traces):.0f}"
                                                     for p, c in sorted(counts.items())))


if __name__ == "__main__":
    main()
