"""``probe regress``: export discovered traces as regression cases, run their layers, gate releases.

    probe regress export TRACES... --out suite/
    probe regress run suite/ --layer scripted|replay|live [--config CONFIG] --out runs/x
    probe regress baseline record suite/ --config CONFIG [--approve --note "..."]
    probe regress gate suite/ --baseline CONFIG --candidate CONFIG --out runs/gate

CONFIG is ``reference``, ``reference:FAULTS`` or a YAML/JSON release config
(``probe.regression.config``). Every bad input is one ``error:`` line (exit 2); the gate exits 0
to release and 1 to block. An ``openai`` config's endpoint is asked once before any trial (``run
--layer live``, ``baseline record``, ``gate``): one it cannot use is one ``error:`` line, exit 1,
nothing written. A trial whose target turn failed later is never a clean result: ``run`` counts
it and exits 1, ``baseline record`` writes no version, ``gate`` gives its case the verdict
TARGET_FAILED (not REGRESS, not PASS) and blocks. Full documentation: docs/regression.md.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any, Optional

import typer
from rich.markup import escape
from rich.table import Table

from probe.cli.console import stdout_console
from probe.cli.errors import MAX_RUN_SEED, err, fail, load_domain
from probe.core.outputs import write_problem

regress_app = typer.Typer(help="Regression cases from discovered traces, and a statistical release gate.",
                          no_args_is_help=True)
baseline_app = typer.Typer(help="Versioned baselines of a suite.", no_args_is_help=True)
regress_app.add_typer(baseline_app, name="baseline")

out = stdout_console()


def _suite(suite: Path, env: Optional[str]) -> tuple[Any, list[Any]]:
    from probe.regression.case import CaseError, load_manifest, load_suite  # noqa: PLC0415

    try:
        manifest = load_manifest(suite)
        if env is not None and env != manifest.env:
            raise CaseError(f"suite {suite} is for environment {manifest.env!r}, not {env!r}")
        domain = load_domain(manifest.env)
        return domain, load_suite(suite, domain)
    except CaseError as e:
        fail(str(e))


def _config(text: str, domain: Any, what: str) -> Any:
    from probe.regression.config import parse_config  # noqa: PLC0415

    try:
        return parse_config(text, domain)
    except ValueError as e:
        fail(f"{what}: {e}")


def _require_endpoint(cfg: Any, domain: Any, what: str) -> None:
    """Ask an ``openai`` config's endpoint once, before anything is written; one it cannot use is one
    ``error:`` line and exit 1 (as ``probe adat run`` does)."""
    from probe.regression.config import endpoint_problem  # noqa: PLC0415

    problem = endpoint_problem(cfg, domain)
    if problem:
        fail(f"{what} {cfg.label()}: cannot use the endpoint at {cfg.base_url} (model {cfg.model}): {problem}; "
             "nothing was run (every trial would be a failed target turn)", code=1)


def _not_inside_a_run(path: Path, own: str | None = None) -> None:
    """One error line when ``path`` lies inside another command's output folder (a training run's, an
    eval's, an AdaT run's: ``probe.core.outputs.owning_run``); ``own``: the command whose own folder
    ``path`` itself may be."""
    from probe.core.outputs import owning_run  # noqa: PLC0415

    owner = owning_run(path)
    if owner is not None and not (owner[1] == own and owner[0] == path.resolve()):
        fail(f"--out {path} is inside {owner[0]}, a folder {owner[1]} wrote; refusing to write there (nothing was "
             "changed): choose a path outside it")


def _claim(path: Path, resume: bool, overwrite: bool) -> Path:
    """The run folder ``--out``, checked (``claim_run_dir``) under its lock: one run or gate at a time
    (a second is refused, naming the running process)."""
    from probe.cli.errors import lock_out  # noqa: PLC0415
    from probe.core.outputs import is_lock  # noqa: PLC0415
    from probe.regression.runlog import RUN_MARKER, claim_run_dir  # noqa: PLC0415

    _not_inside_a_run(path, own="probe regress")
    try:
        if path.exists() and not (path / RUN_MARKER).is_file() and (
                not path.is_dir() or any(not is_lock(p.name) for p in path.iterdir())):
            claim_run_dir(path, resume=resume, overwrite=overwrite)  # refused without a lock written into it
    except ValueError as e:  # OutputExists too
        fail(str(e))
    undo = lock_out(path)
    try:
        return claim_run_dir(path, resume=resume, overwrite=overwrite)
    except ValueError as e:
        undo()
        fail(str(e))


def _check_out_suite(path: Path) -> None:
    _not_inside_a_run(path)
    if path.exists() and (not path.is_dir() or any(path.iterdir())):
        fail(f"--out {path} exists and is not empty; a suite is written into a new folder (cases are never replaced)")
    if (problem := write_problem(path)) is not None:  # /sys, a file on the way: before any trace is replayed
        fail(f"--out {path}: {problem}")


@regress_app.command("export")
def export_command(traces: list[Path] = typer.Argument(..., help="trace files (JSONL) from train, eval, play, suite, AdaT"),
                   out_dir: Path = typer.Option(..., "--out", help="new folder for the suite"),
                   env: Optional[str] = typer.Option(None, help="environment (default: the traces')"),
                   minimise: bool = typer.Option(True, "--minimise/--no-minimise",
                                                 help="drop customer turns by delta debugging on the source target"),
                   golden_faults: str = typer.Option("none", help="faults of the compliant target whose answers are "
                                                     "the golden turns (default none)")) -> None:
    """Turn traces with violations into regression cases (minimised, deduplicated, with provenance and tags).

    Every trace is re-scored from its messages first (as probe verify does); the cases follow the
    re-scored violations, and a trace whose stored violations differ (or has none stored) is one
    warning line naming both. A line that cannot be read or scored (malformed, unknown env or
    family, another environment than the first trace's, seed out of range) is one error line
    naming file, line and trace id; the other traces are still exported. A trace with a failed
    target turn is left out, counted and named. Exit status: 0 when every trace was exported, 1
    when some were and others had errors or a failed target turn (not a clean result, as probe
    verify), 2 when none could be (nothing is written) or for bad usage.
    """
    from probe.regression.export import export, load_traces  # noqa: PLC0415

    _check_out_suite(out_dir)
    got = load_traces(traces, env)
    for line in got.warnings:
        err.print(f"warning: {line}", markup=False)
    for line in got.errors:
        err.print(f"error: {line}", markup=False)
    if not got.traces:  # nothing to export: exit 2 as before, and no folder is made
        if got.errors:
            raise typer.Exit(2)
        fail("the trace files hold no traces")
    try:
        domain = load_domain(str(got.env))
        domain.resolve_faults(golden_faults)
    except ValueError as e:
        fail(str(e))
    t0 = time.perf_counter()
    try:
        rep = export(domain, got.traces, out_dir, minimise=minimise, golden_faults=golden_faults, lines=got.lines)
    except OSError as e:  # the folder went away or filled up while the cases were written
        fail(f"--out {out_dir}: {e.strerror or e}")
    for line in rep.errors:
        err.print(f"error: {line}", markup=False)
    table = Table("case", "policy", "crit", "turns kept/orig", "lost", "rules", "tags", title=f"{len(rep.cases)} case(s)")
    for c in rep.cases:
        e = c.expect
        rules = (f"not fire {','.join(e.must_not_fire)}; call {','.join(e.must_call) or '-'}; not call "
                 f"{','.join(e.must_not_call) or '-'}; {len(e.forbidden_calls)} forbidden; confirm {'yes' if e.confirm_before_mutation else 'no'}")
        table.add_row(escape(c.id), c.provenance.policy, "yes" if c.critical else "", f"{c.minimisation.kept_turns}/"
                      f"{c.minimisation.original_turns}", str(c.minimisation.lost), escape(rules), escape(",".join(c.tags.tools)))
    out.print(table)
    lost = sum(c.minimisation.lost for c in rep.cases)
    out.print(f"traces read {rep.traces_read}, with violations {rep.with_violations} (re-scored; stored violations "
              f"differed on {got.differ}), skipped (failed target turn) {rep.skipped_failed}; cases {len(rep.cases)}, "
              f"duplicates merged {rep.duplicates}, not reproduced {rep.not_reproduced}; customer turns dropped by "
              f"minimisation {lost}; {time.perf_counter() - t0:.1f} s")
    bad = len(got.errors) + len(rep.errors)
    if bad:
        out.print(f"not exported: {bad} line(s) or trace(s) with errors (above)")
    out.print(f"suite: {out_dir}")
    if rep.skipped_failed:  # as probe verify: a trace whose target failed a turn is never a clean result
        ids = ", ".join(rep.failed_ids[:3]) + (", ..." if len(rep.failed_ids) > 3 else "")
        err.print(f"error: {rep.skipped_failed} of {rep.traces_read} trace(s) had a failed target turn and were left "
                  f"out ({ids}); not a clean result", markup=False)
    if bad or rep.skipped_failed:
        raise typer.Exit(1)


@regress_app.command("run")
def run_command(suite: Path = typer.Argument(..., help="suite folder"),
                layer: str = typer.Option(..., help="scripted, replay or live"),
                config: Optional[str] = typer.Option(None, help="release config (replay, live): reference[:FAULTS] or a file"),
                trials: Optional[int] = typer.Option(None, min=1, max=1000, help="live: trials per case (default 5; "
                                                     "the other layers run each case once)"),
                out_dir: Path = typer.Option(..., "--out", help="run folder (trials.jsonl, layers.jsonl)"),
                resume: bool = typer.Option(False, "--resume", help="continue a crashed run in --out"),
                overwrite: bool = typer.Option(False, "--overwrite", help="replace an earlier run in --out"),
                seed: int = typer.Option(0, min=0, max=MAX_RUN_SEED, help="run seed (trial seeds derive from it)"),
                env: Optional[str] = typer.Option(None, help="environment (default: the suite's)")) -> None:
    """Run one layer alone on every case and print what it says."""
    from probe.regression.layers import LAYERS, run_replay, run_scripted, run_trial, trial_seed  # noqa: PLC0415
    from probe.regression.runlog import JsonlLog  # noqa: PLC0415
    from probe.regression.stats import wilson  # noqa: PLC0415

    if layer not in LAYERS:
        fail(f"unknown layer {layer!r}; allowed: {', '.join(LAYERS)}")
    domain, cases = _suite(suite, env)
    if layer != "scripted" and config is None:
        fail(f"--layer {layer} needs --config (reference[:FAULTS] or a release config file)")
    if layer == "scripted" and config is not None:
        fail("--layer scripted runs the case's recorded turns; it takes no --config")
    if layer != "live" and trials is not None:
        fail(f"--trials {trials} applies to --layer live only; --layer {layer} runs each case once")
    trials = 5 if trials is None else trials
    cfg = _config(config, domain, "--config") if config is not None else None
    if layer == "live":
        _require_endpoint(cfg, domain, "--config")
    run_dir = _claim(out_dir, resume, overwrite)
    bad = 0
    if layer == "live":
        log = JsonlLog(run_dir / "trials.jsonl")
        done = {(r["case"], r["trial"]): r for r in log.read()}
        table = Table("case", "pass", "Wilson 95%", "failed turns", "ms/trial", "first failing reason", title=f"live: {cfg.label()}")
        for case in cases:
            recs = []
            for k in range(trials):
                rec = done.get((case.id, k))
                if rec is None:
                    s = trial_seed(case.id, "candidate", k, seed)
                    t = run_trial(case, domain, cfg, s)
                    rec = {"case": case.id, "side": "candidate", "trial": k, "seed": s, "config": cfg.key(domain),
                           "passed": t.outcome.passed, "reasons": t.outcome.reasons, "policies": t.outcome.policies,
                           "target_failed": t.outcome.target_failed, "wall_s": round(t.wall_s, 4)}
                    log.append(rec)
                recs.append(rec)
            k_pass = sum(r["passed"] for r in recs)
            lo, hi = wilson(k_pass, len(recs))
            failed = sum(r["target_failed"] for r in recs)
            bad += failed > 0
            reason = next((r["reasons"][0] for r in recs if r["reasons"]), "")
            table.add_row(escape(case.id), f"{k_pass}/{len(recs)}", f"[{lo:.2f}, {hi:.2f}]", str(failed),
                          f"{1000 * sum(r['wall_s'] for r in recs) / len(recs):.1f}", escape(reason))
        out.print(table)
        if bad:
            out.print(f"{bad} case(s) with a failed target turn: not a clean result (the endpoint failed in those trials)")
    else:
        log = JsonlLog(run_dir / "layers.jsonl")
        done = {r["case"]: r for r in log.read()}
        table = Table("case", "result", "ms", "reasons", title=f"{layer} layer")
        for case in cases:
            rec = done.get(case.id)
            if rec is None:
                res = run_scripted(case, domain) if layer == "scripted" else run_replay(case, domain, cfg)
                rec = {"case": case.id, "layer": layer, "passed": res.passed, "reasons": res.reasons, "miss": res.miss,
                       "wall_s": round(res.wall_s, 4)}
                log.append(rec)
            result = "MISS -> live" if rec["miss"] else ("ok" if rec["passed"] else "FAIL")
            bad += rec["passed"] is False
            table.add_row(escape(case.id), result, f"{1000 * rec['wall_s']:.1f}", escape("; ".join(rec["reasons"][:2])))
        out.print(table)
    out.print(f"[dim]log: {run_dir}[/]")
    if bad:
        raise typer.Exit(1)


@baseline_app.command("record")
def baseline_record(suite: Path = typer.Argument(..., help="suite folder"),
                    config: str = typer.Option(..., help="the released configuration: reference[:FAULTS] or a file"),
                    trials: int = typer.Option(20, min=1, max=1000, help="live trials per case"),
                    approve: bool = typer.Option(False, "--approve", help="accept changed case expectations"),
                    note: str = typer.Option("", "--note", help="why (needed with --approve)"),
                    owner: str = typer.Option("unassigned", help="owner of newly quarantined cases"),
                    deadline_days: int = typer.Option(30, min=1, help="days a quarantined case may stay open"),
                    threshold: float = typer.Option(0.8, min=0.0, max=1.0, help="quarantine below this baseline pass rate"),
                    resume: bool = typer.Option(False, "--resume", help="continue an interrupted recording"),
                    seed: int = typer.Option(0, min=0, max=MAX_RUN_SEED, help="run seed"),
                    env: Optional[str] = typer.Option(None, help="environment (default: the suite's)")) -> None:
    """Record a new baseline version (pass counts per case) for a released configuration."""
    from probe.regression.baseline import BaselineError, TargetFailed, record_baseline, update_quarantine  # noqa: PLC0415

    domain, cases = _suite(suite, env)
    cfg = _config(config, domain, "--config")
    if note and not approve:
        fail("--note goes with --approve (it records why an expectation changed)")
    _require_endpoint(cfg, domain, "--config")
    try:
        version = record_baseline(suite, domain, cases, cfg, trials=trials, approve=approve, note=note, resume=resume,
                                  base_seed=seed)
        opened, closed = update_quarantine(suite, version, threshold, owner, deadline_days)
    except TargetFailed as e:  # a failure during the run, not bad input
        fail(str(e), code=1)
    except BaselineError as e:
        fail(str(e))
    rates = [version.rate(c.id) or 0.0 for c in cases]
    out.print(f"baseline {version.config_key}/v{version.version:04d} for {cfg.label()}: {len(cases)} cases x {trials} "
              f"trials, mean pass rate {sum(rates) / len(rates):.2f}; quarantined {len(opened)} "
              f"({', '.join(opened) or 'none'}), released from quarantine {len(closed)}")


@regress_app.command("gate")
def gate_command(suite: Path = typer.Argument(..., help="suite folder"),
                 baseline: str = typer.Option(..., help="the configuration being replaced: reference[:FAULTS], a "
                                              "release config file, or a stored baseline version (.../v0001.json)"),
                 candidate: str = typer.Option(..., help="the configuration to release"),
                 out_dir: Path = typer.Option(..., "--out", help="run folder: trials, verdicts, junit.xml, summary.md"),
                 baseline_version: Optional[int] = typer.Option(None, min=1, help="stored baseline version of --baseline's "
                                                                "configuration, 1 or more (default: newest)"),
                 resume: bool = typer.Option(False, "--resume", help="continue an interrupted gate run in --out"),
                 overwrite: bool = typer.Option(False, "--overwrite", help="replace an earlier gate run in --out"),
                 seed: int = typer.Option(0, min=0, max=MAX_RUN_SEED, help="run seed"),
                 holm: bool = typer.Option(True, "--holm/--no-holm", help="Holm-correct the Fisher p-values"),
                 alpha: float = typer.Option(0.01, min=1e-9, max=0.5, help="significance level"),
                 env: Optional[str] = typer.Option(None, help="environment (default: the suite's)")) -> None:
    """Run what the change needs (scripted, replay, live), decide per case, write JUnit + Markdown; exit 0 or 1."""
    from probe.regression.baseline import BaselineError, load_baseline_file, load_version, quarantined  # noqa: PLC0415
    from probe.regression.config import ReleaseConfig  # noqa: PLC0415
    from probe.regression.gate import HEADER, rows, run_gate, write_junit, write_summary, write_verdicts  # noqa: PLC0415
    from probe.regression.stats import TrialPlan  # noqa: PLC0415

    domain, cases = _suite(suite, env)
    try:
        stored = None
        if baseline.endswith(".json") and Path(baseline).is_file() and '"probe-regression-baseline"' in Path(baseline).read_text(encoding="utf-8"):
            if baseline_version is not None:  # the file is one version already: the flag would change nothing
                raise ValueError(f"--baseline-version {baseline_version}: --baseline {baseline} is a stored baseline "
                                 "file, which is one version already; give --baseline-version with a configuration")
            stored = load_baseline_file(Path(baseline), domain)
            base_cfg = ReleaseConfig.model_validate(stored.config).resolved(domain)
        else:
            base_cfg = _config(baseline, domain, "--baseline")
            stored = load_version(suite, base_cfg.key(domain), domain, baseline_version)
        q = quarantined(suite)
    except (BaselineError, ValueError) as e:
        fail(str(e))
    cand_cfg = _config(candidate, domain, "--candidate")
    if stored is None:  # a stored baseline's trials are not run again
        _require_endpoint(base_cfg, domain, "--baseline")
    _require_endpoint(cand_cfg, domain, "--candidate")
    run_dir = _claim(out_dir, resume, overwrite)
    settings = {"suite": str(suite), "baseline": base_cfg.model_dump(), "candidate": cand_cfg.model_dump(), "seed": seed,
                "stored_baseline": stored.version if stored else None}
    if resume and (run_dir / "run.json").is_file():
        before = json.loads((run_dir / "run.json").read_text(encoding="utf-8"))
        changed = [k for k in settings if before.get(k) != settings[k]]
        if changed:
            fail(f"--resume: {changed[0]} differs from the run in {run_dir}; resume with the same suite, configs and "
                 "seed, or start a new --out")
    (run_dir / "run.json").write_text(json.dumps(settings, indent=1), encoding="utf-8")
    plan = TrialPlan(alpha=alpha, holm=holm)
    try:
        report = run_gate(cases, domain, base_cfg, cand_cfg, run_dir, stored=stored, quarantine=q, plan=plan,
                          base_seed=seed, on_event=lambda s: err.print(f"[dim]{escape(s)}[/]"))
    except KeyboardInterrupt:  # every finished trial is already in the run folder's log
        err.print(f"interrupted: no verdict was written; the trials run so far are kept in {run_dir}; continue with "
                  "the same command and --resume", markup=False)
        raise typer.Exit(130) from None
    write_verdicts(report, run_dir)
    write_junit(report, run_dir / "junit.xml")
    write_summary(report, run_dir / "summary.md")
    table = Table(*HEADER, title=f"gate: {escape(base_cfg.label())} -> {escape(cand_cfg.label())}")
    for row in rows(report):
        table.add_row(*map(escape, row))
    out.print(table)
    blocking = report.blocking()
    stored_note = f", baseline trials from stored v{stored.version:04d}" if stored else ""
    out.print(f"live trials run {report.live_trials()} (fixed {plan.full}/side: {2 * plan.full * len(cases)}){stored_note}; "
              f"{sum(r.quarantined for r in report.cases)} quarantined reported apart; {report.wall_s:.1f} s")
    out.print(f"[dim]{run_dir}/summary.md, junit.xml, verdicts.jsonl[/]")
    if blocking:
        failed_turns = sum(r.target_failed for r in blocking)
        not_judged = report.target_failed()
        extra = f"; {failed_turns} trial(s) with a failed target turn" if failed_turns else ""
        if not_judged:
            extra += (f"; {len(not_judged)} case(s) TARGET_FAILED (not judged: the endpoint failed, not a verdict on "
                      "the model)")
        out.print(f"BLOCKED: {len(blocking)} case(s): {', '.join(r.case.id for r in blocking[:5])}{extra}")
        raise typer.Exit(1)
    out.print("RELEASE: no regression")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(regress_app())
