"""Write tests/data/rescore_reference_<env>.jsonl.gz: played episodes and the violations found then.

Each line holds one played trace (scenario and messages) and the violations the environment's
verifiers gave it when the file was written. ``tests/verify/test_verify_toolkit.py`` re-scores every
trace and requires exactly the recorded violations, so a change to the verifier machinery that
alters what is flagged fails. Plays every script of the environment (``scripts``,
``fault_scripts``, ``oracle_scripts``) against the reference target with all faults on, and with
none, over scenario seeds 0, 1, 2, ... until ``--per-env`` traces are written; every other trace is
then perturbed (seeded) the way a wrong or hostile target would: a user message dropped, a tool
call's arguments mangled, or the recorded tool outputs tampered with. Deterministic.

    PYTHONPATH=$PWD python tests/data/make_rescore_reference.py --per-env 200
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
from pathlib import Path

from probe.core.registry import get_domain
from probe.core.scripts import ScriptError, load_suite, play_script

HERE = Path(__file__).parent
ENVS = ("skyassist", "mock", "taubench-retail")


def perturb(messages: list[dict], k: int) -> list[dict]:
    """Odd k: one seeded change (drop a user message / mangle arguments / tamper with outputs)."""
    messages = json.loads(json.dumps(messages))
    rng = random.Random(k)
    kind = (k // 2) % 3
    if k % 2 == 0:
        return messages
    users = [i for i, m in enumerate(messages) if m.get("role") == "user"][1:]
    calls = [tc for m in messages if m.get("role") == "assistant" for tc in (m.get("tool_calls") or [])]
    tools = [m for m in messages if m.get("role") == "tool"]
    if kind == 0 and users:
        del messages[rng.choice(users)]
    elif kind == 1 and calls:
        fn = rng.choice(calls)["function"]
        raw = fn["arguments"]
        fn["arguments"] = rng.choice([raw[:-1], raw.replace('"', "'", 2), "[]", raw.replace(":", ": 1, \"x\":", 1)])
    elif tools:
        for m in tools:
            m["content"] = json.dumps({"ok": True, "note": "tampered", "price_usd": rng.randint(1, 999)})
    return messages


def reference_traces(env: str, n: int):
    domain = get_domain(env)
    scripts = []
    for folder in ("scripts", "fault_scripts", "oracle_scripts"):
        try:
            scripts += load_suite(domain, folder)
        except (ScriptError, FileNotFoundError, OSError):
            pass
    profiles = [domain.resolve_faults("all"), []]
    k = 0
    while True:
        for script in scripts:
            faults = profiles[k % 2]
            family = script.family if script.family in domain.families else None
            seed = k
            scenario = domain.scenario(family, seed) if family else domain.sample_scenario(seed)
            target = domain.make_target("reference", faults)
            try:
                trace = play_script(domain, scenario, target, script, episode_id=f"ref-{k}")
            except ScriptError:
                continue
            messages = perturb(trace.messages, k)
            k += 1
            yield {"env": env, "script": script.name, "faults": faults, "scenario": scenario,
                   "messages": messages,
                   "violations": [[v.policy, v.message_index, v.evidence]
                                  for v in domain.verify(messages, scenario)]}
            if k >= n:
                return


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-env", type=int, default=200)
    a = ap.parse_args()
    for env in ENVS:
        path = HERE / f"rescore_reference_{env}.jsonl.gz"
        with gzip.open(path, "wt", encoding="utf-8") as f:
            for row in reference_traces(env, a.per_env):
                f.write(json.dumps(row, sort_keys=True) + "\n")
        print(path, path.stat().st_size)


if __name__ == "__main__":
    main()
