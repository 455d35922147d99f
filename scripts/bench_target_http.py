"""Episodes/s of the openai target against the loopback stub server, concurrency 1 vs 16.

The stub adds an artificial latency to every request (default 0.05 s), as a real endpoint would;
each episode is 3 user turns, the first answered with one tool call then text, the others with
text (4 requests per episode). The server runs in its own process; episodes are not scored
(this measures the target, not the verifiers). Episodes run on a thread pool, each calling the sync ``respond``
(the way the rollout engine runs branches), so the ratio shows whether requests overlap: with
enough episodes it should be close to the concurrency (16x).

    python scripts/bench_target_http.py [--episodes 32] [--latency 0.05] [--concurrency 16]
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from openai_stub_server import StubServer, text, tool_calls  # noqa: E402

from probe.core.episode import Episode  # noqa: E402
from probe.core.registry import get_domain  # noqa: E402
from probe.targets import make_target  # noqa: E402

USER_TURNS = ["I need a flight", "what else is there?", "thanks, that is all"]


def reply(body, n):
    """Scripted endpoint: the first user turn gets one search call (route in the message), then text."""
    messages = body["messages"]
    users = sum(m["role"] == "user" for m in messages)
    if messages[-1]["role"] == "user" and users == 1:
        origin, destination, date = messages[1]["content"].split("#")[1].split("|")
        return tool_calls(("search_flights", {"origin": origin, "destination": destination, "date": date}))
    return text(f"Here is what I found (turn {users}).")


def serve(latency: float, conn) -> None:
    """The stub in its own process, so its work does not share the client's GIL."""
    server = StubServer(handler=reply, latency=latency).start()
    conn.send(server.url)
    conn.recv()  # wait until told to stop
    server.stop()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--episodes", type=int, default=32)
    ap.add_argument("--latency", type=float, default=0.05, help="seconds added to every request")
    ap.add_argument("--concurrency", type=int, default=16)
    args = ap.parse_args()

    domain = get_domain("skyassist")
    scenarios = [domain.scenario("one_way", domain.heldout_seeds[i % 10]) for i in range(args.episodes)]
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe()
    proc = ctx.Process(target=serve, args=(args.latency, child), daemon=True)
    proc.start()
    url = parent.recv()
    target = make_target(domain, "openai", base_url=url, model="bench", max_concurrency=args.concurrency)

    def episode(i: int) -> int:
        s = scenarios[i]
        ep = Episode(domain, s, target.fork(), f"bench-{i}")
        ep.user_turn(f"{USER_TURNS[0]} #{s['origin']}|{s['destination']}|{s['date']}#")
        for text_ in USER_TURNS[1:]:
            ep.user_turn(text_)
        assert not ep.turn_failures and sum(m["role"] == "tool" for m in ep.messages) == 1, ep.turn_failures
        return len(ep.messages)

    try:
        episode(0)  # warm up the client and the loop
        rates = {}
        for workers in (1, args.concurrency):
            start = time.perf_counter()
            with ThreadPoolExecutor(workers) as pool:
                list(pool.map(episode, range(args.episodes)))
            rates[workers] = args.episodes / (time.perf_counter() - start)
            print(f"concurrency {workers:>2}: {rates[workers]:7.2f} episodes/s "
                  f"({args.episodes} episodes, 4 requests each, {args.latency * 1000:.0f} ms latency per request)")
    finally:
        parent.send("stop")
        proc.join(5)
    ratio = rates[args.concurrency] / rates[1]
    print(f"ratio concurrency {args.concurrency} / 1: {ratio:.1f}x (ideal {args.concurrency}x)")


if __name__ == "__main__":
    main()
