"""The ``probe`` command line (typer + rich).

Every bad input ends with one line on stderr naming the bad value and what is allowed, and a
non-zero exit status (2 for bad usage, 1 when some input lines could not be scored).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console
from rich.table import Table

from probe.auditor.cli import auditor_app
from probe.domain import Domain
from probe.eval.cli import eval_command
from probe.plausibility_cli import plausibility_command
from probe.play import ScriptError, load_script, load_suite, play_script
from probe.registry import env_names, get_domain
from probe.trace import BadLine, Trace, append_trace, iter_trace_file

app = typer.Typer(help="probe: train and use black-box auditors of tool-using LLM agents.",
                  no_args_is_help=True, add_completion=False)
env_app = typer.Typer(help="Inspect an auditing environment.", no_args_is_help=True)
app.add_typer(env_app, name="env")
app.add_typer(auditor_app, name="auditor")
app.command("eval")(eval_command)
app.command("plausibility")(plausibility_command)

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def fail(message: str, code: int = 2) -> None:
    """Print ``error: ...`` (one line per problem of a multi-problem message) and exit."""
    for line in message.splitlines() or [""]:
        err.print(f"error: {line}", markup=False)
    raise typer.Exit(code)


def load_domain(name: str) -> Domain:
    try:
        return get_domain(name)
    except ValueError as e:
        fail(str(e))
        raise  # unreachable


def print_json(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")


# --- probe env ---------------------------------------------------------------------------

def env_summary(domain: Domain) -> dict[str, Any]:
    info: dict[str, Any] = {"env": domain.name, "counts": domain.counts()}
    db = getattr(domain, "db", None)
    if db is not None:
        info["database_hash"] = db.hash
    if getattr(domain, "now", None) is not None:
        info["now"] = domain.now.isoformat() + "Z"
    names = domain.tool_names
    info["tools"] = {"total": len(names),
                     "read_only": [n for n in names if n in domain.read_only_tools],
                     "mutation": [n for n in names if n in domain.mutation_tools]}
    info["policies"] = [{"id": p.id, "category": p.category, "severity": p.severity, "text": p.text}
                        for p in domain.policies]
    info["faults"] = [{"name": n, **domain.fault_details.get(n, {})} for n in domain.fault_names]
    info["fault_profiles"] = domain.fault_profiles
    info["families"] = domain.families
    info["seeds"] = {"train": [domain.train_seeds.start, domain.train_seeds.stop - 1],
                     "heldout": [domain.heldout_seeds.start, domain.heldout_seeds.stop - 1]}
    info["system_prompt_hash"] = domain.system_prompt_hash
    return info


@env_app.command("info")
def env_info(env: str = typer.Option("skyassist", help=f"environment ({', '.join(env_names())})"),
             as_json: bool = typer.Option(False, "--json", help="print one JSON object")) -> None:
    """Counts, "now", tools, the policies, the faults and profiles, the scenario families."""
    domain = load_domain(env)
    info = env_summary(domain)
    if as_json:
        print_json(info)
        return
    c = info.get("counts", {})
    out.print(f"[bold]{domain.name}[/]  now={info.get('now')}  database={info.get('database_hash', '')[:12]}")
    if c:
        out.print(f"airports {c['airports']} ({c['restricted_airports']} restricted), routes {c['routes']}, "
                  f"flights {c['flights']} ({c['cancelled_flights']} cancelled), fare classes {c['fare_classes']}")
    t = info["tools"]
    out.print(f"tools {t['total']}: read-only {', '.join(t['read_only'])}; mutation {', '.join(t['mutation'])}")
    table = Table("id", "category", "sev", "policy", title="policies")
    for p in info["policies"]:
        table.add_row(p["id"], p["category"], str(p["severity"]), p["text"])
    out.print(table)
    ft = Table("fault", "policy", "depth", "trigger", title="faults")
    for f in info["faults"]:
        ft.add_row(f["name"], f.get("policy", ""), f.get("depth", ""), f.get("trigger", ""))
    out.print(ft)
    for name, items in info["fault_profiles"].items():
        out.print(f"profile [bold]{name}[/]: {', '.join(items) if items else '(no faults)'}")
    out.print(f"families ({len(info['families'])}): {', '.join(info['families'])}")
    s = info["seeds"]
    out.print(f"seeds: train {s['train'][0]}..{s['train'][1]}, held-out {s['heldout'][0]}..{s['heldout'][1]}")


def check_family(domain: Domain, family: Optional[str]) -> None:
    if family is not None and family not in domain.families:
        fail(f"unknown family {family!r}; allowed: {', '.join(domain.families)}")


@env_app.command("scenario")
def env_scenario(env: str = typer.Option("skyassist"), family: str = typer.Option(..., help="scenario family"),
                 seed: int = typer.Option(0, help="scenario seed"),
                 as_json: bool = typer.Option(False, "--json")) -> None:
    """Instantiate one scenario family from a seed and show its fields."""
    domain = load_domain(env)
    check_family(domain, family)
    scenario = domain.scenario(family, seed)
    if as_json:
        print_json(scenario)
        return
    table = Table("field", "value", title=f"{family} (seed {seed})")
    for k, v in scenario.items():
        table.add_row(k, json.dumps(v) if isinstance(v, (list, dict)) else str(v))
    out.print(table)
    out.print(f"[dim]customer context:[/] {domain.scenario_text(scenario)}")


# --- probe play --------------------------------------------------------------------------

def render_trace(trace: Trace) -> None:
    for i, m in enumerate(trace.messages):
        role = m.get("role")
        if role == "user":
            out.print(f"[bold cyan]user[/]      {m.get('content')}", markup=True)
        elif role == "assistant" and m.get("tool_calls"):
            for tc in m["tool_calls"]:
                fn = tc.get("function", {})
                out.print(f"[dim]  call      {fn.get('name')}({fn.get('arguments')})[/]")
        elif role == "tool":
            content = str(m.get("content"))
            out.print(f"[dim]  result    {content[:160]}{'...' if len(content) > 160 else ''}[/]")
        elif role == "assistant":
            out.print(f"[bold green]assistant[/] {m.get('content')}")
    render_violations(trace)


def render_violations(trace: Trace) -> None:
    if not trace.violations:
        out.print("[bold]violations:[/] none")
        return
    out.print(f"[bold]violations ({len(trace.violations)}):[/]")
    for v in trace.violations:
        out.print(f"  [red]{v.policy}[/] at message {v.message_index}: {v.evidence}")


def trace_result(trace: Trace) -> dict[str, Any]:
    return {"id": trace.id, "violations": [v.to_json() for v in trace.violations]}


def build_target(domain: Domain, kind: str, fault_list: list[str], base_url: Optional[str], model: Optional[str],
                 api_key_env: Optional[str], temperature: Optional[float], record: Optional[Path],
                 replay: Optional[Path]) -> Any:
    """The play command's target from its options (ValueError: one line naming the bad value)."""
    from probe.targets import make_target

    if replay is not None:
        if kind not in ("reference", "replay"):
            raise ValueError(f"--replay plays a recording: it cannot be combined with --target {kind}")
        if record is not None:
            raise ValueError("--record and --replay cannot be combined")
        kind = "replay"
    options: dict[str, Any] = {}
    given = {"base_url": base_url, "api_key_env": api_key_env}
    if kind == "openai":
        options.update({k: v for k, v in given.items() if v is not None})
    elif any(v is not None for v in given.values()):
        raise ValueError(f"--base-url and --api-key-env apply to --target openai, not {kind}")
    if kind != "reference":
        if model is not None:
            options["model"] = model
        if temperature is not None:
            options["temperature"] = temperature
        if kind == "openai" and "model" not in options:
            raise ValueError("--target openai needs --model (the served model name, e.g. Qwen/Qwen3-30B-A3B)")
        if kind == "hf" and "model" not in options:
            raise ValueError("--target hf needs --model (a local path or hub name of a chat model)")
        if kind == "replay":
            if replay is None:
                raise ValueError("--target replay needs --replay FILE (a recording written with --record)")
            options["recording_path"] = str(replay)
    elif model is not None or temperature is not None:
        raise ValueError("--model and --temperature apply to model targets (openai, hf, replay), not reference")
    return make_target(domain, kind, fault_list, record=str(record) if record is not None else None, **options)


@app.command()
def play(env: str = typer.Option("skyassist"),
         target: str = typer.Option("reference", help="target kind: reference, openai, hf, replay"),
         faults: str = typer.Option("none", help="fault profile (none, demo, all) or comma-separated fault names"),
         family: str = typer.Option(..., help="scenario family"), seed: int = typer.Option(0),
         script: Path = typer.Option(..., help="script file: one customer message per line"),
         out_file: Optional[Path] = typer.Option(None, "--out", help="append the trace to this JSONL file"),
         as_json: bool = typer.Option(False, "--json", help="print {id, violations} as JSON"),
         base_url: Optional[str] = typer.Option(None, help="openai target: endpoint, e.g. http://localhost:8000/v1"),
         model: Optional[str] = typer.Option(None, help="openai: served model name; hf: local path or hub name"),
         api_key_env: Optional[str] = typer.Option(None, help="openai: env var holding the API key "
                                                   "(default OPENAI_API_KEY; unset -> 'EMPTY')"),
         temperature: Optional[float] = typer.Option(None, help="model targets: sampling temperature (default 0)"),
         record: Optional[Path] = typer.Option(None, help="append every model completion to this recording (JSONL)"),
         replay: Optional[Path] = typer.Option(None, help="answer from this recording instead of a live model")) -> None:
    """Play a scripted customer against a target and score the trace."""
    domain = load_domain(env)
    check_family(domain, family)
    try:
        fault_list = domain.resolve_faults(faults)
        agent = build_target(domain, target, fault_list, base_url, model, api_key_env, temperature, record, replay)
    except ValueError as e:
        fail(str(e))
    try:
        loaded = load_script(script)
        scenario = domain.scenario(family, seed)
        trace = play_script(domain, scenario, agent, loaded)
    except ScriptError as e:
        fail(str(e))
    if out_file is not None:
        append_trace(out_file, trace)
    if as_json:
        print_json(trace_result(trace))
    else:
        out.print(f"[dim]{trace.id}: target={agent.kind} faults={','.join(fault_list) or 'none'}[/]")
        render_trace(trace)
    failures = trace.meta.get("turn_failures", [])
    for f in failures:
        err.print(f"warning: turn {f['turn']}: {f['kind']}: {f['detail']}", markup=False)
    misses = [f for f in failures if f["kind"] == "replay_miss"]
    if misses:
        fail(f"{len(misses)} request(s) not in the recording; first: {misses[0]['detail']}", code=1)


# --- probe verify ------------------------------------------------------------------------

@app.command()
def verify(path: Path = typer.Argument(..., help="JSONL trace file"),
           as_json: bool = typer.Option(False, "--json", help="one JSON object per trace")) -> None:
    """Re-score every trace deterministically from its messages (malformed lines are reported)."""
    if not path.is_file():
        fail(f"trace file not found: {path}")
    bad = 0
    scored = 0
    differ = 0
    for item in iter_trace_file(path):
        if isinstance(item, BadLine):
            bad += 1
            err.print(f"error: {path}:{item.line_number}: malformed trace line ({item.error})", markup=False)
            continue
        try:
            domain = get_domain(item.env)
            rescored = domain.verify(item.messages, item.scenario)
        except Exception as e:  # a trace from an unknown env or with a broken scenario
            bad += 1
            err.print(f"error: trace {item.id}: cannot be scored ({e})", markup=False)
            continue
        scored += 1
        recorded = sorted((v.policy, v.message_index) for v in item.violations)
        same = recorded == sorted((v.policy, v.message_index) for v in rescored)
        differ += not same
        item.violations = rescored
        if as_json:
            print_json(dict(trace_result(item), matches_recorded=same))
        else:
            policies = ", ".join(sorted({v.policy for v in rescored})) or "none"
            flag = "" if same else "  [yellow](differs from recorded)[/]"
            out.print(f"{item.id}: {len(rescored)} violation(s): {policies}{flag}")
    if not as_json:
        out.print(f"[dim]{scored} trace(s) scored, {differ} differ from recorded, {bad} bad line(s)[/]")
    if bad:
        raise typer.Exit(1)


# --- probe train -------------------------------------------------------------------------

@app.command()
def train(config: Path = typer.Option(..., "--config", help="YAML run config (see configs/)"),
          resume: bool = typer.Option(False, "--resume", help="continue from the run's newest checkpoint"),
          overrides: list[str] = typer.Option([], "--set", help="override a key: --set rollout.group_size=8"),
          progress: bool = typer.Option(True, "--progress/--no-progress", help="show the progress bar")) -> None:
    """Train an auditor against a frozen target (GRPO, DPO or GFlowNet on the shared rollout engine)."""
    from probe.config import ConfigError, load_config

    try:
        cfg = load_config(config, overrides)
    except ConfigError as e:
        fail(str(e))
    from probe.training import Trainer

    try:
        trainer = Trainer(cfg, console=out)
    except (ConfigError, ValueError) as e:
        fail(str(e))
    if resume:
        if not trainer.resume():
            out.print(f"[dim]no checkpoint in {cfg.run_dir} yet: starting from update 0[/]")
    elif (cfg.run_dir / "metrics.jsonl").exists():
        fail(f"run directory {cfg.run_dir} already has metrics; use --resume or another run_name")
    history = trainer.run(progress=progress)
    if history:
        last = history[-1]
        out.print(f"finished {cfg.run_name}: {trainer.step} updates, K_max {last['k_max']}, "
                  f"policies hit in training {last['coverage_so_far']}/{len(trainer.domain.policies)} "
                  f"({', '.join(last['policies_so_far']) or 'none'})")
    out.print(f"run directory: {cfg.run_dir}")


# --- probe demo / probe suite --------------------------------------------------------------------------

@app.command()
def demo(config: Path = typer.Option(None, "--config", help="run config (default: configs/cpu-demo-grpo.yaml)"),
         overrides: list[str] = typer.Option([], "--set", help="override a config key"),
         episodes: Optional[int] = typer.Option(None, min=1, help="held-out evaluation episodes (default: the config's eval.episodes, 50)"),
         turns: Optional[int] = typer.Option(None, min=1, help="turns per evaluation episode (default: the config's eval.turns, 8)"),
         progress: bool = typer.Option(True, "--progress/--no-progress")) -> None:
    """The main job: train the tiny auditor on CPU, then evaluate it against baselines on held-out seeds."""
    from probe.config import ConfigError
    from probe.demo import DEFAULT_CONFIG, run_demo

    try:
        run_demo(config or DEFAULT_CONFIG, overrides, episodes=episodes, turns=turns, console=out, progress=progress)
    except ConfigError as e:
        fail(str(e))


@app.command()
def suite(env: str = typer.Option("skyassist"), faults: str = typer.Option("demo"),
         seeds_per_script: int = typer.Option(5, min=1, help="held-out seeds per script"),
         out_dir: Path = typer.Option(Path("checkpoints/static-suite"), "--out")) -> None:
    """Play the static suite against the reference target on held-out seeds and report coverage."""
    domain = load_domain(env)
    try:
        fault_list = domain.resolve_faults(faults)
    except ValueError as e:
        fail(str(e))
    suite = load_suite(domain)
    traces_path = out_dir / "traces.jsonl"
    out_dir.mkdir(parents=True, exist_ok=True)
    traces_path.unlink(missing_ok=True)
    hits: Counter[str] = Counter()
    episodes_with: Counter[str] = Counter()
    rows = []
    for script in suite:
        family = script.family or domain.families[0]
        found: Counter[str] = Counter()
        for i in range(seeds_per_script):
            seed = domain.heldout_seeds[i]
            trace = play_script(domain, domain.scenario(family, seed), domain.make_target("reference", fault_list), script)
            append_trace(traces_path, trace)
            found.update(v.policy for v in trace.violations)
            episodes_with.update(set(v.policy for v in trace.violations))
        hits.update(found)
        rows.append((script.name, family, found))
    n_episodes = len(suite) * seeds_per_script
    table = Table("script", "family", "violations (hits)", title=f"static suite vs reference target, faults={faults}")
    for name, family, found in rows:
        table.add_row(name, family, ", ".join(f"{p}x{n}" for p, n in sorted(found.items())) or "-")
    out.print(table)
    covered = sorted(hits)
    n_pol = len(domain.policies)
    out.print(f"episodes: {n_episodes}   hits: {sum(hits.values())}   yield/100 episodes: "
              f"{100 * sum(hits.values()) / n_episodes:.1f}")
    out.print(f"coverage: {len(covered)}/{n_pol} policies ({100 * len(covered) / n_pol:.0f}%): {', '.join(covered) or 'none'}")
    reachable = sorted({domain.fault_policy.get(f, '') for f in fault_list} - {""})
    if reachable:
        missed = sorted(set(reachable) - set(covered))
        out.print(f"faulty policies not exposed by the static suite: {', '.join(missed) or 'none'}")
    out.print(f"[dim]traces: {traces_path} (re-score with: probe verify {traces_path})[/]")


def main() -> None:  # pragma: no cover
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
