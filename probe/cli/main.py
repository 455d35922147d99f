"""The ``probe`` command line (typer + rich).

Every bad input ends with one line on stderr naming the bad value and what is allowed, and a
non-zero exit status (2 for bad usage, 1 when some input lines could not be scored).
"""

from __future__ import annotations

import errno
import json
import os
import sys
import traceback
from collections import Counter
from pathlib import Path
from typing import Any, Optional

import typer
from rich.markup import escape
from rich.table import Table
from typer.core import TyperGroup

from probe.cli import terminate
from probe.cli.adat import adat_app
from probe.cli.auditor import auditor_app
from probe.cli.console import stdout_console
from probe.cli.errors import check_seed, err, fail, load_domain, lock_out, release_locks, shorten_long_values
from probe.cli.eval import eval_command
from probe.cli.plausibility import plausibility_command
from probe.cli.progress import StepProgress
from probe.cli.regress import regress_app
from probe.cli.view import view_command
from probe.core.domain import FAULT_SPEC_HELP, Domain, Fault
from probe.core.failures import (
    DEFAULT_MAX_FAILED_SHARE,
    FAILED_TURN_KINDS,
    check_share,
    failed_turns,
    failure_message,
    not_clean_note,
    nothing_measured,
    summarize,
    too_many,
)
from probe.core.outputs import (
    claim_append_file,
    claim_recording,
    claim_trace_file,
    is_probe_trace_file,
    path_length_problem,
    refuse_inside_a_run,
    trace_source,
    write_problem,
)
from probe.core.registry import EnvLoadError, default_env, env_names, is_probe_code, one_line, plugin_env_of
from probe.core.scripts import (
    ScriptError,
    check_writable_file,
    fill_script,
    load_script,
    play_script,
    require_suite,
    save_trace,
)
from probe.core.trace import BadLine, Trace, append_trace

# The click that typer runs on (typer >= 0.25 vendors its own copy), found without private imports.
_clickx = sys.modules[typer.BadParameter.__module__]
_PASS_THROUGH = tuple({typer.Exit, typer.Abort, getattr(_clickx, "Exit", typer.Exit), getattr(_clickx, "Abort", typer.Abort),
                       KeyboardInterrupt, EOFError})


class ProbeGroup(TyperGroup):
    """The top-level command group: whatever goes wrong in any command or subcommand ends in one
    ``error:`` line on stderr, never a box or a traceback.

    - usage errors (unknown option or command, missing or extra argument, a value of the wrong
      type or out of range): the message and a ``--help`` hint on one line, exit 2;
    - an operating-system error nobody handled (permission denied, disk full): exit 1; a file name
      too long (``ENAMETOOLONG``) is bad input, exit 2 (its long value shortened, as every line is);
    - an environment that cannot be loaded, or whose verifiers cannot be (``EnvLoadError``): its
      one-line reason, exit 2;
    - an exception raised in a plug-in environment's own code (``plugin_env_of``): the env, the
      exception, the module and file:line, said to be that environment's error, exit 1;
    - any other exception is a bug: its type, message and where it was raised, exit 1
      (``PROBE_DEBUG=1`` shows the traceback instead).
    """

    def resolve_command(self, ctx, args):  # type: ignore[no-untyped-def]
        name, cmd, rest = super().resolve_command(ctx, args)
        if cmd is not None:
            expand_home_in_paths(cmd)
        return name, cmd, rest

    def make_context(self, info_name, args, parent=None, **extra):  # type: ignore[no-untyped-def]
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except _clickx.ClickException as e:
            raise _usage_exit(e) from None

    def invoke(self, ctx: Any) -> Any:
        try:
            return self._invoke(ctx)
        finally:  # the --out locks of suite, regress and adat (lock_out): freed once the command has ended
            release_locks()

    def _invoke(self, ctx: Any) -> Any:
        from probe.core.outputs import probe_cache_problem

        asked_help = any(a in ("--help", "-h") for a in [*getattr(ctx, "protected_args", []), *ctx.args])
        problem = None if asked_help else probe_cache_problem(os.environ.get("PROBE_CACHE"))
        if problem:  # before any command builds into it (minutes of work first otherwise)
            _error_line(problem)
            raise typer.Exit(2)
        try:
            return super().invoke(ctx)
        except _clickx.ClickException as e:
            raise _usage_exit(e) from None
        except _PASS_THROUGH:
            raise
        except OSError as e:
            if e.errno == errno.EPIPE or os.environ.get("PROBE_DEBUG"):
                raise
            where = f": {e.filename}" if getattr(e, "filename", None) else ""
            _error_line(f"{e.strerror or e}{where}")
            raise typer.Exit(2 if e.errno == errno.ENAMETOOLONG else 1) from None  # a name given too long: bad input
        except EnvLoadError as e:  # a plug-in that cannot be loaded, or its verifiers (NoVerifiers)
            if os.environ.get("PROBE_DEBUG"):
                raise
            _error_line(str(e))
            raise typer.Exit(2) from None
        except Exception as e:
            if os.environ.get("PROBE_DEBUG"):
                raise
            where = _plugin_frame(e)
            if where is not None:
                env, module, filename, line = where
                _error_line(f"env {env!r}: {one_line(e)} in {module} ({filename}:{line}); an error in that "
                            "environment's code, not in probe (PROBE_DEBUG=1 shows the traceback)")
                raise typer.Exit(1) from None
            frame = traceback.extract_tb(e.__traceback__)[-1] if e.__traceback__ else None
            at = f" at {Path(frame.filename).name}:{frame.lineno}" if frame else ""
            _error_line(f"internal error: {type(e).__name__}: {e}{at} (a bug; PROBE_DEBUG=1 shows the traceback)")
            raise typer.Exit(1) from None


def _home(value: Any) -> Any:
    """A ``Path`` (or a list of them) with a leading ``~`` made the home folder; anything else as it is."""
    if isinstance(value, Path) and str(value).startswith("~"):
        return value.expanduser()
    if isinstance(value, (list, tuple)):
        return type(value)(_home(v) for v in value)
    return value


def _check_length(param: Any, value: Any) -> None:
    """``fail`` (one line, exit 2, the option named and the value shortened) when a path option's
    value cannot be a path on the file system: a name in it over 255 bytes, or 4096 bytes in all."""
    for path in value if isinstance(value, (list, tuple)) else [value]:
        problem = path_length_problem(path) if isinstance(path, Path) else None
        if problem is not None:
            longs = [o for o in getattr(param, "opts", []) if o.startswith("--")]
            name = max(longs, key=len) if longs else str(param.name).upper()  # an argument: its metavar
            fail(f"{name} {path}: {problem}")


def expand_home_in_paths(cmd: Any) -> None:
    """Make every path option and argument of ``cmd`` (and of its subcommands) read a leading ``~``
    as the home folder, as a shell would had the value not been quoted (``--out '~/x'``, ``--out=~/x``):
    never a folder named ``~`` in the current one; and refuse a path too long for the file system
    (``_check_length``) before the command starts. Done once per command object, through each
    parameter's callback (run on the converted value)."""
    if getattr(cmd, "_probe_home_paths", False):
        return
    cmd._probe_home_paths = True
    for param in getattr(cmd, "params", []):
        def callback(ctx: Any, param: Any, value: Any, then: Any = param.callback) -> Any:
            value = _home(value)
            _check_length(param, value)
            return then(ctx, param, value) if then is not None else value

        param.callback = callback
    for sub in (getattr(cmd, "commands", None) or {}).values():
        expand_home_in_paths(sub)


def _plugin_frame(e: BaseException) -> tuple[str, str, str, int] | None:
    """(env, module, file, line) where ``e`` was raised, when the innermost frame of its traceback
    that is probe's or an environment's code belongs to a plug-in environment (not to probe); frames
    of libraries (the standard library, third-party packages) are skipped on the way out."""
    frames = []
    tb = e.__traceback__
    while tb is not None:
        frames.append(tb)
        tb = tb.tb_next
    for tb in reversed(frames):
        module = str(tb.tb_frame.f_globals.get("__name__", ""))
        if is_probe_code(module):
            return None
        env = plugin_env_of(module)
        if env is not None:
            return env, module, tb.tb_frame.f_code.co_filename, tb.tb_lineno
    return None


def _error_line(message: str) -> None:
    err.print(f"error: {shorten_long_values(' '.join(str(message).split()))}", markup=False)


def _usage_exit(e: Exception) -> Exception:
    """Print a click usage error as one line; the exception to raise (click's own for bare-group help)."""
    no_args_help = getattr(_clickx, "NoArgsIsHelpError", None)
    if no_args_help is not None and isinstance(e, no_args_help):
        return e  # `probe` / `probe env` alone: typer prints the help
    ctx = getattr(e, "ctx", None)
    hint = f"; see '{ctx.command_path} --help'" if ctx is not None and isinstance(e, _clickx.UsageError) else ""
    _error_line(e.format_message().strip().rstrip(".") + hint)
    return typer.Exit(getattr(e, "exit_code", 2))


app = typer.Typer(help="probe: train and use black-box auditors of tool-using LLM agents.",
                  no_args_is_help=True, add_completion=False, cls=ProbeGroup, pretty_exceptions_show_locals=False)
env_app = typer.Typer(help="Inspect an auditing environment.", no_args_is_help=True)
app.add_typer(env_app, name="env")
app.add_typer(auditor_app, name="auditor")
app.add_typer(adat_app, name="adat")
app.add_typer(regress_app, name="regress")
app.command("eval")(eval_command)
app.command("plausibility")(plausibility_command)
app.command("view")(view_command)

out = stdout_console()


def print_json(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")


# --- probe env ---------------------------------------------------------------------------

def env_summary(domain: Domain) -> dict[str, Any]:
    info: dict[str, Any] = {"env": domain.name, "counts": domain.counts()}
    info.update(domain.info())  # the environment's own facts (SkyAssist: database_hash, now)
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
def env_info(env: str = typer.Option(default_env(), help=f"environment ({', '.join(env_names())})"),
             as_json: bool = typer.Option(False, "--json", help="print one JSON object")) -> None:
    """Counts, "now", tools, the policies, the faults and profiles, the scenario families."""
    domain = load_domain(env)
    info = env_summary(domain)
    if as_json:
        print_json(info)
        return
    c = info.get("counts", {})
    head = f"[bold]{escape(domain.name)}[/]"
    if info.get("now"):
        head += f"  now={info['now']}"
    if info.get("database_hash"):
        head += f"  database={info['database_hash'][:12]}"
    out.print(head)
    if c:  # whatever the environment counts, in its own words
        out.print(", ".join(f"{k.replace('_', ' ')} {v}" for k, v in c.items()), markup=False)
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
def env_scenario(env: str = typer.Option(default_env(), help=f"environment ({', '.join(env_names())})"), family: str = typer.Option(..., help="scenario family"),
                 seed: int = typer.Option(0, help="scenario seed (0 to 4294967295; probe env info shows the train and held-out ranges)"),
                 as_json: bool = typer.Option(False, "--json")) -> None:
    """Instantiate one scenario family from a seed and show its fields."""
    domain = load_domain(env)
    check_family(domain, family)
    try:
        check_seed(seed, domain)  # as play checks it
    except ValueError as e:
        fail(str(e))
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
    """The dialogue; what the customer, the model and the tools wrote is shown as text, never as markup."""
    for m in trace.messages:
        role = m.get("role")
        if role == "user":
            out.print(f"[bold cyan]user[/]      {escape(str(m.get('content')))}", markup=True)
        elif role == "assistant" and m.get("tool_calls"):
            for tc in m["tool_calls"]:
                fn = tc.get("function", {})
                out.print(f"[dim]  call      {escape(str(fn.get('name')))}({escape(str(fn.get('arguments')))})[/]")
        elif role == "tool":
            content = str(m.get("content"))
            out.print(f"[dim]  result    {escape(content[:160])}{'...' if len(content) > 160 else ''}[/]")
        elif role == "assistant":
            out.print(f"[bold green]assistant[/] {escape(str(m.get('content')))}")
    render_violations(trace)


def render_violations(trace: Trace) -> None:
    if not trace.violations:
        out.print("[bold]violations:[/] none")
        return
    out.print(f"[bold]violations ({len(trace.violations)}):[/]")
    for v in trace.violations:
        out.print(f"  [red]{v.policy}[/] at message {v.message_index}: {escape(str(v.evidence))}")


def trace_result(trace: Trace) -> dict[str, Any]:
    return {"id": trace.id, "violations": [v.to_json() for v in trace.violations]}


def build_target(domain: Domain, kind: str, fault_list: list[str], base_url: Optional[str], model: Optional[str],
                 api_key_env: Optional[str], temperature: Optional[float], record: Optional[Path],
                 replay: Optional[Path], timeout: Optional[float] = None, retries: Optional[int] = None) -> Any:
    """The play and suite commands' targets from their options: a ``probe.targets.target_factory``
    (ValueError: one line naming the bad value)."""
    from probe.targets import request_limits, target_factory

    limits = request_limits("replay" if replay is not None else kind, timeout, retries)

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
        options.update(limits)
    elif model is not None or temperature is not None:
        raise ValueError("--model and --temperature apply to model targets (openai, hf, replay), not reference")
    return target_factory(domain, kind, fault_list, record=str(record) if record is not None else None, **options)


def _same_file(a: Path, b: Path) -> bool:
    """Whether two paths name one file, existing or not (symbolic links, hard links and '..' seen through)."""
    if a.exists() and b.exists():
        return os.path.samefile(a, b)
    return a.resolve() == b.resolve()


@app.command()
def play(env: str = typer.Option(default_env(), help=f"environment ({', '.join(env_names())})"),
         target: str = typer.Option("reference", help="target kind: reference, openai, hf, replay"),
         faults: str = typer.Option("none", help=f"reference target: {FAULT_SPEC_HELP}"),
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
         replay: Optional[Path] = typer.Option(None, help="answer from this recording instead of a live model"),
         timeout: Optional[float] = typer.Option(None, "--timeout", help="openai target: seconds per request (default 30)"),
         retries: Optional[int] = typer.Option(None, "--retries", help="openai target: retries of a failed request (default 2)"),
         max_failed_share: float = typer.Option(DEFAULT_MAX_FAILED_SHARE, help="exit 1 when more than this share of "
                                                "the target's turns failed (0 to 1)")) -> None:
    """Play a scripted customer against a target and score the trace."""
    domain = load_domain(env)
    check_family(domain, family)
    try:
        check_share(max_failed_share)
        check_seed(seed, domain)
        fault_list = domain.resolve_faults(faults)
        if record is not None and out_file is not None and _same_file(record, out_file):
            raise ValueError(f"--record {record} and --out {out_file} are the same file; give two files (the "
                             "recording of completions and the trace file)")
        if record is not None:  # a new file or a recording, before any request: never the script or a user's file
            claim_recording(record, inputs={"--script": script, "--replay": replay})
        agent = build_target(domain, target, fault_list, base_url, model, api_key_env, temperature, record, replay,
                             timeout, retries)()
        loaded = load_script(script)
        scenario = domain.scenario(family, seed)
        fill_script(loaded, scenario)  # a bad placeholder fails before the first turn
        if out_file is not None:
            check_writable_file(out_file)
            claim_append_file(out_file)  # only a probe trace file is appended to
    except ValueError as e:  # ScriptError and OutputExists too
        fail(str(e))
    progress = StepProgress(err, lines=agent.kind != "reference")

    def turn_done(turn: int, of: int, failures: list[dict[str, Any]]) -> None:
        bad = [f for f in failures if f["kind"] in FAILED_TURN_KINDS]
        if bad:
            progress.first_failure(f"turn {turn - 1}: {bad[0]['kind']}: {bad[0]['detail']}")
        progress.update("play", "play", turn, of, f"turn {turn}/{of} played" + (" (failed)" if bad else ""))

    with progress:
        trace = play_script(domain, scenario, agent, loaded, on_turn=turn_done)
    if out_file is not None:
        try:
            if claim_append_file(out_file):  # a last line without its newline: the trace starts its own line
                with open(out_file, "a", encoding="utf-8") as f:
                    f.write("\n")
            save_trace(out_file, trace)
        except (OSError, ValueError) as e:  # the message names where the trace was saved instead
            fail(str(e))
    summary = summarize([trace])
    if as_json:
        print_json(dict(trace_result(trace), turns=summary["turns"], failed_turns=trace.meta["failed_turns"],
                        turn_failures=trace.meta.get("turn_failures", [])))
    else:
        out.print(f"[dim]{escape(trace.id)}: target={agent.kind} faults={','.join(fault_list) or 'none'}[/]")
        render_trace(trace)
    failures = trace.meta.get("turn_failures", [])
    for f in failures:
        err.print(f"warning: turn {f['turn']}: {f['kind']}: {f['detail']}", markup=False)
    if not as_json and (note := not_clean_note(summary)) is not None:  # "violations: none" alone would look clean
        out.print(f"[yellow]{escape(note)}[/]")
    misses = [f for f in failures if f["kind"] == "replay_miss"]
    if misses:
        fail(f"{len(misses)} request(s) not in the recording; first: {misses[0]['detail']}", code=1)
    if too_many(summary, max_failed_share):
        fail(failure_message(summary, max_failed_share), code=1)
    if summary["turns"] and summary["failed_turns"] >= summary["turns"]:  # nothing answered: nothing measured
        fail(f"every target turn failed ({summary['failed_turns']} of {summary['turns']}), so nothing was measured, "
             f"whatever --max-failed-share allows; first: {summary['first_failure']}", code=1)


# --- probe verify ------------------------------------------------------------------------

def _parsed_but_unscored(item: BadLine) -> bool:
    """Whether a bad line of ``verify_file`` is a well-formed trace that could not be scored (its
    environment is not installed, its family unknown, a verifier failed, ...) rather than a line
    that cannot be read: ``probe.verify.rescore`` starts that reason with the trace's id."""
    return item.error.startswith(("trace '", 'trace "'))


@app.command()
def verify(path: Path = typer.Argument(..., help="JSONL trace file"),
           as_json: bool = typer.Option(False, "--json", help="one JSON object per scored trace"),
           stored_scenario: bool = typer.Option(False, "--stored-scenario",
                                                help="score against each trace's stored scenario instead of rebuilding "
                                                     "it from env, family and seed (for custom scenarios; not checked)")) -> None:
    """Re-score every trace from its messages, against the scenario rebuilt from env, family and seed.

    Lines that cannot be scored (not UTF-8, not JSON, wrong field types, unknown message roles,
    a system message after the dialogue started, tool results without a call, a seed outside 0 to
    4294967295, ...) are reported one per line and the rest is still scored. A trace whose stored
    violations differ from the re-scored ones names both (stored S5, re-scored none); a trace with
    no violations field is scored and not compared. Exit status: 0 when every line was scored and
    is consistent, 1 when a line could not be scored, a trace's stored violations, scenario or tool
    results differ from the recomputed ones, or a scored trace had a failed target turn (named per
    trace: not a clean result), 2 for bad usage. A duplicate trace id and a tool call that no tool
    message answers are warnings.
    """
    from probe.verify.rescore import verify_file

    if not path.exists():
        fail(f"trace file not found: {path}")
    if path.is_dir():
        fail(f"{path} is a directory; give a JSONL trace file (e.g. {path / 'traces.jsonl'})")
    if path.name.endswith(PARTIAL_SUFFIX):  # a suite's traces.jsonl.partial: said before anything else
        err.print(f"warning: {path} is incomplete: the episodes of a suite run that has not ended (interrupted, "
                  "stopped for target failures, or still running), not a finished suite", markup=False)
    bad = scored = differ = suspect = target_failed = 0
    try:
        for item in verify_file(path, stored_scenario=stored_scenario):
            if isinstance(item, BadLine):
                bad += 1
                said = (f"not scored: {item.error}" if _parsed_but_unscored(item)
                        else f"malformed trace line, not scored ({item.error})")
                err.print(f"error: {path}:{item.line_number}: {said}", markup=False)
                continue
            scored += 1
            trace, same = item.trace, item.matches_recorded
            differ += same is False  # None: nothing was stored to compare
            suspect += bool(item.problems)
            for problem in item.problems:
                err.print(f"error: {path}:{item.line_number}: trace {trace.id!r}: {problem}", markup=False)
            if item.duplicate_of is not None:
                err.print(f"warning: {path}:{item.line_number}: trace id {trace.id!r} already used on line "
                          f"{item.duplicate_of}", markup=False)
            for warning in item.warnings:
                err.print(f"warning: {path}:{item.line_number}: trace {trace.id!r}: {warning}", markup=False)
            failed = failed_turns(trace)  # the target's failed turns, as recorded in the trace
            target_failed += bool(failed)
            if as_json:
                print_json(dict(trace_result(trace), line=item.line_number, matches_recorded=same,
                                recorded=[v.to_json() for v in item.recorded] if item.has_recorded else None,
                                difference=item.difference or None, problems=item.problems,
                                warnings=item.warnings, duplicate_of=item.duplicate_of, failed_turns=failed))
            else:
                policies = ", ".join(sorted({v.policy for v in trace.violations})) or "none"
                flag = "" if same is not False else f"  [yellow](differs from recorded: {escape(item.difference)})[/]"
                note = (f"  ({len(failed)} failed target turn(s): {', '.join(map(str, failed))}; not a clean result)"
                        if failed else "")
                out.print(f"{escape(trace.id)}: {len(trace.violations)} violation(s): {escape(policies)}{flag}"
                          f"{escape(note)}")
    except OSError as e:
        fail(f"cannot read {path}: {e.strerror or e}", code=1)
    if not as_json:
        out.print(f"[dim]{scored} trace(s) scored, {differ} differ from recorded, {suspect} with integrity "
                  f"problems, {target_failed} with failed target turns, {bad} bad line(s)[/]")
    if scored + bad == 0:
        fail(f"{path} holds no traces", code=1)
    if bad or suspect or target_failed or differ:
        raise typer.Exit(1)


# --- probe train -------------------------------------------------------------------------

def interrupted(trainer: Any, e: BaseException) -> None:
    """Ctrl-C (or SIGTERM: ``probe.cli.terminate``) during training: one line saying where the run
    stands, exit 130 (143). The run's lock is released on the way out (``Trainer.run``)."""
    step = getattr(trainer, "step", 0) if trainer is not None else 0
    err.print(f"interrupted after update {step}; resume with --resume", markup=False)
    raise typer.Exit(terminate.exit_code(e))


def _env_override(env: Optional[str], overrides: list[str]) -> list[str]:
    """``--env NAME`` as the override ``env=NAME`` (checked first: one error line naming the allowed)."""
    if env is None:
        return list(overrides)
    if env not in env_names():
        fail(f"unknown env {env!r}; allowed: {', '.join(env_names())}")
    return [f"env={env}", *overrides]


@app.command()
def train(config: Path = typer.Option(..., "--config", help="YAML run config (see configs/)"),
          resume: bool = typer.Option(False, "--resume", help="continue from the run's newest intact checkpoint"),
          overwrite: bool = typer.Option(False, "--overwrite", help="replace a previous probe run of the same name"),
          overrides: list[str] = typer.Option([], "--set", help="override a key: --set rollout.group_size=8"),
          progress: bool = typer.Option(True, "--progress/--no-progress", help="show the progress bar"),
          env: Optional[str] = typer.Option(None, "--env", help=f"environment, instead of the config's env ({', '.join(env_names())})")) -> None:
    """Train an auditor against a frozen target (GRPO, DPO or GFlowNet on the shared rollout engine)."""
    from probe.auditor.model import AuditorSetupError
    from probe.train.config import ConfigError, load_config

    try:
        cfg = load_config(config, _env_override(env, overrides))
    except ConfigError as e:
        fail(str(e))
    from probe.train.loop import Trainer, check_config_run_dir

    if resume and overwrite:
        fail("--resume and --overwrite cannot be combined")
    trainer = None
    with terminate.sigterm_as_interrupt():  # SIGTERM as Ctrl-C: the run's lock is released, exit 143
        try:
            check_config_run_dir(cfg, resume=resume, overwrite=overwrite)  # at once, before the auditor is built
            if (problem := write_problem(cfg.run_dir)) is not None:  # /sys, a file in place of a folder
                fail(f"cannot write the run directory {cfg.run_dir} (config key 'out_dir'): {problem}")
            trainer = Trainer(cfg, console=out)
            if resume:
                if not trainer.open(resume=True):
                    out.print(f"[dim]no checkpoint in {cfg.run_dir} yet: starting from update 0[/]")
            else:
                trainer.open(overwrite=overwrite)
        except (ConfigError, ValueError, AuditorSetupError) as e:
            fail(str(e))
        except KeyboardInterrupt as e:
            if trainer is not None:
                trainer.close()  # the lock, when it was taken
            interrupted(trainer, e)
        try:
            history = trainer.run(progress=progress)
        except ConfigError as e:
            fail(str(e))
        except OSError as e:  # a full disk, a vanished directory: the checkpoints written so far stay
            fail(f"training stopped after update {trainer.step}: {e.strerror or e}; fix it, then resume with --resume")
        except KeyboardInterrupt as e:
            interrupted(trainer, e)
    if history:
        last = history[-1]
        out.print(f"finished {cfg.run_name}: {trainer.step} updates, K_max {last['k_max']}, "
                  f"policies hit in training {last['coverage_so_far']}/{len(trainer.domain.policies)} "
                  f"({', '.join(last['policies_so_far']) or 'none'})")
        from probe.train.loop import idle_updates_warning

        if (warning := idle_updates_warning(history)) is not None:
            out.print(f"[yellow]{warning}[/]")
    out.print(f"run directory: {cfg.run_dir}")


# --- probe demo / probe suite --------------------------------------------------------------------------

@app.command()
def demo(config: Path = typer.Option(None, "--config", help="run config (default: configs/cpu-demo-grpo.yaml)"),
         overrides: list[str] = typer.Option([], "--set", help="override a config key"),
         episodes: Optional[int] = typer.Option(None, min=1, help="held-out evaluation episodes, 1 to 10000 (default: the config's eval.episodes, 50)"),
         turns: Optional[int] = typer.Option(None, min=1, help="turns per evaluation episode, 1 to 100 (default: the config's eval.turns, 8)"),
         resume: bool = typer.Option(False, "--resume", help="continue an interrupted demo run, then evaluate"),
         overwrite: bool = typer.Option(False, "--overwrite", help="replace a previous probe run of the same name"),
         progress: bool = typer.Option(True, "--progress/--no-progress"),
         env: Optional[str] = typer.Option(None, "--env", help=f"environment, instead of the config's env ({', '.join(env_names())})")) -> None:
    """The main job: train the tiny auditor on CPU, then evaluate it against baselines on held-out seeds."""
    from probe.auditor.model import AuditorSetupError
    from probe.cli.demo import DEFAULT_CONFIG, BaselineEvalError, run_demo
    from probe.train.config import ConfigError
    from probe.train.rundir import RunDirError

    held: list[Any] = []
    with terminate.sigterm_as_interrupt():  # SIGTERM as Ctrl-C: the baselines' process stopped, the lock freed
        try:
            run_demo(config or DEFAULT_CONFIG, _env_override(env, overrides), episodes=episodes, turns=turns, console=out,
                     progress=progress, overwrite=overwrite, resume=resume, on_trainer=held.append)
        except (ConfigError, RunDirError, AuditorSetupError) as e:
            fail(str(e))
        except BaselineEvalError as e:  # the run trained and is kept; its evaluation did not finish
            fail(str(e), code=1)
        except KeyboardInterrupt as e:
            if held:
                held[0].close()  # the lock, when the interrupt came before training started
            interrupted(held[0] if held else None, e)


PARTIAL_SUFFIX = ".partial"  # traces.jsonl.partial: the episodes of a suite run that has not ended


def _resumable(partial: Path, plan: list[tuple[Any, str, int]], agent: Any) -> list[Trace]:
    """The episodes of an interrupted suite run to keep (ValueError, one line, when they are not
    the start of this run: other scripts, seeds or target). A last line cut short by the
    interruption is dropped from the file (it is suite's own)."""
    data = partial.read_bytes()
    good = data[:data.rfind(b"\n") + 1]  # whole lines only
    try:
        traces = [Trace.from_json(json.loads(raw)) for raw in good.splitlines() if raw.strip()]
    except (ValueError, TypeError, KeyError, RecursionError) as e:  # edited by hand: not resumable, said in one line
        raise ValueError(f"--resume: {partial} holds a line that is not a suite trace ({one_line(e)[:200]}); start "
                         "again with --overwrite") from None
    described = json.loads(json.dumps(dict(agent.describe()), default=str))
    for k, trace in enumerate(traces):
        script, family, seed = plan[k] if k < len(plan) else (None, None, None)
        same_target = all(trace.target.get(key) == value for key, value in described.items())
        if script is None or trace.id != f"{script.name}-{family}-{seed}" or not same_target:
            raise ValueError(f"--resume: episode {k + 1} in {partial} ({trace.id}) is not this run's; resume with the "
                             "same --env, --faults, --target and --seeds-per-script, or start again with --overwrite")
    if len(good) < len(data):
        os.truncate(partial, len(good))
    return traces


def _suites_partial(out_dir: Path, partial: Path) -> None:
    """ValueError (one line) when ``partial`` is not a suite run's own traces.jsonl.partial (a user's
    file, another command's traces): it is named, kept, and no flag is advised (none would help)."""
    if not partial.is_file():
        why = "it is not a regular file"
    elif not partial.stat().st_size:
        return  # a suite interrupted before its first episode
    elif not is_probe_trace_file(partial):
        why = "it is not a probe trace file"
    elif (source := trace_source(_first_nonblank(partial))) != "suite":
        why = f"its traces are {'from probe ' + source if source else 'of unknown origin'}"
    else:
        return
    raise ValueError(f"--out {out_dir}: {partial.name} there was not written by probe suite ({why}); nothing was "
                     "changed: move it away or choose another --out")


def _first_nonblank(path: Path) -> bytes:
    with open(path, "rb") as f:
        return next((raw for raw in f if raw.strip()), b"")


@app.command()
def suite(env: str = typer.Option(default_env(), help=f"environment ({', '.join(env_names())})"),
          faults: Optional[str] = typer.Option(None, help=f"reference target: {FAULT_SPEC_HELP} (default demo)"),
          seeds_per_script: int = typer.Option(5, help="held-out seeds per script (1 to the number of held-out seeds)"),
          out_dir: Path = typer.Option(Path("checkpoints/static-suite"), "--out"),
          overwrite: bool = typer.Option(False, "--overwrite", help="replace the traces.jsonl of an earlier suite "
                                         "run in --out (only traces probe suite wrote are replaced)"),
          resume: bool = typer.Option(False, "--resume", help="continue an interrupted suite run in --out (its "
                                      "traces.jsonl.partial) with the same settings"),
          target: str = typer.Option("reference", help="target kind: reference, openai, hf, replay"),
          base_url: Optional[str] = typer.Option(None, help="openai target: endpoint, e.g. http://localhost:8000/v1"),
          model: Optional[str] = typer.Option(None, help="openai: served model name; hf: local path or hub name"),
          api_key_env: Optional[str] = typer.Option(None, help="openai: env var holding the API key"),
          temperature: Optional[float] = typer.Option(None, help="model targets: sampling temperature (default 0)"),
          replay: Optional[Path] = typer.Option(None, help="answer from this recording instead of a live model"),
          timeout: Optional[float] = typer.Option(None, "--timeout", help="openai target: seconds per request (default 30)"),
          retries: Optional[int] = typer.Option(None, "--retries", help="openai target: retries of a failed request (default 2)"),
          max_failed_share: float = typer.Option(DEFAULT_MAX_FAILED_SHARE, help="exit 1 when more than this share of "
                                                 "target turns failed (0 to 1)")) -> None:
    """Play the static suite against a target (default: the reference target) on held-out seeds and report coverage."""
    domain = load_domain(env)
    n_heldout = len(domain.heldout_seeds)
    try:
        if not 1 <= seeds_per_script <= n_heldout:
            raise ValueError(f"--seeds-per-script {seeds_per_script} is out of range; allowed: 1 to {n_heldout} "
                             "(the held-out seeds of the environment)")
        check_share(max_failed_share)
        if faults is None:
            faults = "demo" if target == "reference" and replay is None else "none"
        fault_list = domain.resolve_faults(faults)
        new_target = build_target(domain, target, fault_list, base_url, model, api_key_env, temperature, None, replay,
                                  timeout, retries)
        agent = new_target()  # its kind names the suite's target; every episode gets new_target()
    except ValueError as e:
        fail(str(e))
    if resume and overwrite:
        fail("--resume and --overwrite cannot be combined")
    if out_dir.exists() and not out_dir.is_dir():
        fail(f"--out {out_dir} is a file, not a directory")
    try:
        suite = require_suite(domain)  # an environment without static scripts: where it looked, exit 2
    except ScriptError as e:
        fail(str(e))
    # The episodes are written to traces.jsonl.partial and renamed to traces.jsonl only when the run
    # ends: an interrupted run never leaves a traces.jsonl that looks like a finished suite, and an
    # earlier run's traces.jsonl stays as it was until the new one is complete.
    traces_path = out_dir / "traces.jsonl"
    partial = out_dir / ("traces.jsonl" + PARTIAL_SUFFIX)
    plan = [(script, script.family or domain.families[0], domain.heldout_seeds[i])
            for script in suite for i in range(seeds_per_script)]
    resumed: list[Trace] = []
    try:
        refuse_inside_a_run(out_dir, "--out")  # an eval's, a training run's folder: never another command's
        if (problem := write_problem(out_dir)) is not None:  # a file on the way, /sys: said as such
            raise ValueError(f"--out {out_dir}: {problem}")
    except ValueError as e:
        fail(str(e))
    undo = lock_out(out_dir)  # one suite at a time: a second one is refused, naming the running process
    try:
        if partial.exists() or partial.is_symlink():
            _suites_partial(out_dir, partial)  # a file suite did not write: named, kept, no flag advised
        claim_trace_file(traces_path, overwrite=overwrite or resume, writer="suite")  # never replaced silently
        if partial.exists():
            if not (overwrite or resume):
                raise ValueError(f"--out {out_dir} holds an interrupted suite run ({partial}); pass --resume to "
                                 "continue it, or --overwrite to start again")
            if resume:
                resumed = _resumable(partial, plan, agent)
        elif resume:
            raise ValueError(f"--resume: no interrupted suite run in {out_dir} (no {partial.name})")
        check_writable_file(partial)
    except (OSError, ValueError) as e:
        undo()
        fail(str(e) if isinstance(e, ValueError) else f"--out {out_dir}: {e.strerror or e}")
    if not resume:
        partial.write_bytes(b"")  # a fresh file: absent before, or suite's own replaced with --overwrite
    elif resumed:
        out.print(f"resumed: {len(resumed)} of {len(plan)} episodes read back from {partial}")
    hits: Counter[str] = Counter()
    episodes_with: Counter[str] = Counter()
    rows = []
    traces: list[Trace] = []
    n_episodes = len(suite) * seeds_per_script
    # once more turns failed than the allowed share of every planned turn, the suite cannot pass: stop
    budget = max_failed_share * sum(len(s.lines) for s in suite) * seeds_per_script
    failed_so_far = 0
    stopped = False
    progress = StepProgress(err, lines=agent.kind != "reference")
    resume_advice = "--resume in place of --overwrite" if overwrite else "--resume"
    try:
        with progress:
            for script in suite:
                family = script.family or domain.families[0]
                found: Counter[str] = Counter()
                failed_episodes = 0
                played = 0
                for i in range(seeds_per_script):
                    if failed_so_far > budget:
                        stopped = True
                        break
                    played += 1
                    seed = domain.heldout_seeds[i]
                    if len(traces) < len(resumed):  # played before the interruption: read back, not replayed
                        trace = resumed[len(traces)]
                    else:
                        trace = play_script(domain, domain.scenario(family, seed), new_target(), script, source="suite")
                        append_trace(partial, trace)
                    traces.append(trace)
                    failed_so_far += len(trace.meta["failed_turns"])
                    if trace.meta["target_failed"]:
                        failed_episodes += 1
                        first = next(f for f in trace.meta["turn_failures"] if f["kind"] in FAILED_TURN_KINDS)
                        progress.first_failure(f"{trace.id}: turn {first['turn']}: {first['kind']}: {first['detail']}")
                    else:  # an episode whose target failed is excluded from coverage
                        found.update(v.policy for v in trace.violations)
                        episodes_with.update(set(v.policy for v in trace.violations))
                    progress.update("suite", "static suite", len(traces), n_episodes,
                                    f"suite {len(traces)}/{n_episodes}: {trace.id}: {len(trace.violations)} "
                                    f"violation(s), {len(trace.meta['failed_turns'])} failed turn(s)")
                hits.update(found)
                rows.append((script.name, family, found, failed_episodes, played))
    except KeyboardInterrupt:
        earlier = f"; the earlier {traces_path} is unchanged" if traces_path.exists() else ""
        err.print(f"interrupted after {len(traces)} of {n_episodes} episodes: no {traces_path} was written{earlier}; "
                  f"the finished episodes are in {partial} (incomplete); continue with the same command and "
                  f"{resume_advice}, or start again with --overwrite", markup=False)
        raise typer.Exit(130) from None
    if not stopped:  # the run has ended (complete, or with failures within the share: said below)
        os.replace(partial, traces_path)
    # a run stopped for target failures keeps its .partial, as an interrupted one: --resume continues it
    summary = summarize(traces)
    table = Table("script", "family", "violations (hits)", "excluded episodes",
                  title=f"static suite vs {agent.kind} target, faults={faults}")
    for name, family, found, failed_episodes, played in rows:
        table.add_row(name, family, ", ".join(f"{p}x{n}" for p, n in sorted(found.items())) or "-",
                      f"{failed_episodes}/{played}" + (f" ({seeds_per_script - played} not played)"
                                                         if played < seeds_per_script else ""))
    out.print(table)
    covered = sorted(hits)
    n_pol = len(domain.policies)
    n_played = len(traces)
    n_scored = n_played - summary["failed_episodes"]
    if stopped:
        out.print(f"stopped after {n_played} of {n_episodes} episodes: more than {100 * max_failed_share:g}% of the "
                  "planned target turns had failed")
    n_episodes = n_played
    out.print(f"episodes: {n_episodes} ({n_scored} scored)   hits: {sum(hits.values())}   yield/100 episodes: "
              f"{100 * sum(hits.values()) / n_scored if n_scored else 0:.1f}")
    note = not_clean_note(summary)  # failures within the allowed share are still said where the totals are
    out.print(f"failed turns: {summary['failed_turns']}/{summary['turns']}   excluded episodes: "
              f"{summary['failed_episodes']}/{n_episodes}" + (f"   ({note})" if note else ""))
    out.print(f"coverage: {len(covered)}/{n_pol} policies ({100 * len(covered) / n_pol:.0f}%): {', '.join(covered) or 'none'}")
    reachable = sorted({domain.fault_policy.get(Fault.parse(f)[0], '') for f in fault_list} - {""})
    if reachable:
        missed = sorted(set(reachable) - set(covered))
        out.print(f"faulty policies not exposed by the static suite: {', '.join(missed) or 'none'}")
    written = partial if stopped else traces_path
    out.print(f"[dim]traces: {written}{' (incomplete)' if stopped else ''} (re-score with: probe verify {written})[/]")
    if stopped:
        earlier = f"; the earlier {traces_path} is unchanged" if traces_path.exists() else ""
        fail(failure_message(summary, max_failed_share) + f"; the suite stopped early: no {traces_path} was written"
             f"{earlier}; the {n_played} episodes played are in {partial} (incomplete); once the target works, "
             f"continue with the same command and {resume_advice}", code=1)
    if too_many(summary, max_failed_share):
        fail(failure_message(summary, max_failed_share), code=1)
    if (empty := nothing_measured(summary, n_played)) is not None:  # 0 scored: never a clean result
        fail(empty, code=1)


# --- probe schema --------------------------------------------------------------------------

schema_app = typer.Typer(help="JSON Schemas of probe's file formats.", no_args_is_help=True)
app.add_typer(schema_app, name="schema")


@schema_app.command("trace")
def schema_trace() -> None:
    """Print the JSON Schema of a trace record (one line of a traces .jsonl file, schema_version 2)."""
    from probe.core.trace import trace_json_schema  # noqa: PLC0415

    sys.stdout.write(json.dumps(trace_json_schema(), indent=2, ensure_ascii=False) + "\n")


def main() -> None:  # pragma: no cover
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
