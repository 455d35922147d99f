"""Test data for the viewer, made by probe itself: real episodes, a real evaluation, a real run.

- ``played_traces``: the environment's static suite played against the reference target with
  the ``demo`` faults on held-out seeds (``probe suite``'s code path), so violations sit at the
  message indexes the verifiers chose.
- ``hostile_trace``: one of those episodes re-played with a customer whose messages carry
  ``<script>``, an ``<img onerror>`` and other markup (the target echoes some of it back, and
  the trace is written by probe's own writer).
- ``failed_trace``: an episode whose target failed every turn (an endpoint that is not there).
- ``many_traces``: N trace lines from the played episodes, each with its own id (the copies differ
  only in ``id``), to time the index on 10,000 lines.
- ``eval_dir``: ``probe.eval.evaluate_methods`` + ``write_report`` for two baselines.
- ``run_dir``: a two-update GRPO run of the tiny auditor (``probe.train.loop.Trainer``).
"""

from __future__ import annotations

import json
from pathlib import Path

from probe.core.registry import get_domain
from probe.core.scripts import load_suite, play_messages, play_script
from probe.core.trace import Trace, append_trace

XSS = ('<script>window.__pwned = 1; document.title = "pwned"</script>'
       '<img src=x onerror="window.__pwned = 2"><b>bold?</b> & "quotes" \'single\'')


def played_traces(env: str = "skyassist", seeds_per_script: int = 3, faults: str = "demo") -> list[Trace]:
    domain = get_domain(env)
    fault_list = domain.resolve_faults(faults)
    out = []
    for script in load_suite(domain):
        for i in range(seeds_per_script):
            scenario = domain.scenario(script.family or domain.families[0], domain.heldout_seeds[i])
            out.append(play_script(domain, scenario, domain.make_target("reference", fault_list), script, source="suite"))
    return out


def hostile_trace(env: str = "skyassist") -> Trace:
    """A real episode whose customer writes markup and script tags."""
    domain = get_domain(env)
    scenario = domain.scenario(domain.families[0], domain.heldout_seeds[0])
    target = domain.make_target("reference", domain.resolve_faults("demo"))
    messages = [f"Hi {XSS}, I need a flight from {scenario.get('origin', 'BOS')} please",
                f"My name is {XSS} and my booking is {scenario.get('booking_id', 'X')}",
                "</pre></div><script>window.__pwned = 3</script>yes"]
    trace = play_messages(domain, scenario, target, messages, "hostile-<script>-1", source="play")
    return trace


def failed_trace(env: str = "skyassist") -> Trace:
    """A real episode against an OpenAI-compatible target that is not there (a closed loopback
    port, no retries): every turn fails and is recorded as a turn failure."""
    from probe.targets import target_factory

    domain = get_domain(env)
    scenario = domain.scenario(domain.families[0], domain.heldout_seeds[1])
    target = target_factory(domain, "openai", [], base_url="http://127.0.0.1:9/v1", model="absent-model",
                            max_retries=0, timeout_s=2.0)()
    return play_messages(domain, scenario, target, ["Hi, I want to fly to Rome.", "Tomorrow, please."],
                         "failed-target-1", source="play")


def write(path: Path, traces: list[Trace]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    for t in traces:
        append_trace(path, t)
    return path


def many_traces(path: Path, base: list[Trace], n: int) -> Path:
    """``n`` lines cycling through ``base``, each copy with its own id; one buffered write."""
    lines = [json.dumps(t.to_json(), ensure_ascii=False) for t in base]
    with open(path, "w", encoding="utf-8") as f:
        for i in range(n):
            k = i % len(lines)
            d = json.loads(lines[k]) if i >= len(lines) else None
            if d is None:
                f.write(lines[k] + "\n")
            else:
                d["id"] = f"{d['id']}-copy{i}"
                f.write(json.dumps(d, ensure_ascii=False) + "\n")
    return path


def eval_dir(out: Path, env: str = "skyassist", episodes: int = 4, turns: int = 4) -> Path:
    from probe.eval.methods import make_method
    from probe.eval.report import write_report
    from probe.eval.runner import evaluate_methods

    methods = {"static": make_method("static", env=env), "cooperative": make_method("cooperative", env=env)}
    results = evaluate_methods(methods, env=env, faults="demo", episodes=episodes, turns=turns, out=out)
    write_report(out, results, [p.id for p in get_domain(env).policies],
                 {"env": env, "target": "reference", "faults": "demo", "episodes": episodes, "turns": turns, "samples": 1})
    return out


def run_dir(out_dir: Path, updates: int = 2) -> Path:
    from probe.train.config import load_config
    from probe.train.loop import Trainer

    sets = ["rollout.prefixes=2", "rollout.group_size=2", "rollout.continuation_turns=1", "rollout.max_new_tokens=12",
            "curriculum.levels=[2, 4]", "curriculum.window=2", "algo=grpo", f"out_dir={out_dir}", "run_name=viewer-run",
            f"updates={updates}", f"checkpoint_every={updates}"]
    Trainer(load_config(None, sets)).run(progress=False)
    return out_dir / "viewer-run"
