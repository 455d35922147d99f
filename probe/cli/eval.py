"""``probe eval``: evaluate an auditor and baselines on held-out seeds (mounted by probe.cli.main).

    probe eval --checkpoint runs/grpo-tiny --baselines untrained,static,random,cooperative --out evals/grpo
    probe eval --auditor static-oracle --faults all --episodes 50 --turns 8
    probe eval --compare evals/a evals/b

Every bad input ends with one line ``error: ...`` on stderr and exit status 2. ``--out`` must be
a new or empty folder or an earlier eval's (``probe.core.outputs.check_eval_dir``); it is locked
while the eval writes it and marked ``.probe-eval``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console
from rich.markup import escape

from probe.cli import terminate
from probe.cli.errors import fail
from probe.core.domain import FAULT_SPEC_HELP
from probe.core.failures import (
    DEFAULT_MAX_FAILED_SHARE,
    check_share,
    failure_message,
    not_clean_note,
    nothing_measured,
    too_many,
)
from probe.core.registry import default_env, env_names
from probe.eval.methods import METHODS, LearnedAuditor, Method, make_method
from probe.targets.openai_target import OpenAITargetConfig

DEFAULT_TIMEOUT = OpenAITargetConfig.model_fields["timeout_s"].default
DEFAULT_RETRIES = OpenAITargetConfig.model_fields["max_retries"].default
MAX_EPISODES = 10_000  # the held-out seeds of an environment (episodes x samples must fit in them)
MAX_TURNS = 100
MAX_SEED = 2**32 - 1

out = Console(highlight=False, soft_wrap=True, width=260, emoji=False)
err = Console(stderr=True, highlight=False, soft_wrap=True, emoji=False)


def resolve_checkpoint(path: Path) -> tuple[Path, Path | None]:
    """(checkpoint dir, run dir or None). ``path`` is a run dir (newest ckpt) or a ``ckpt-*`` dir.

    A damaged checkpoint (files that do not match its manifest, a lost manifest, a pickle adapter)
    is refused in one line naming it and the problem, as ``train --resume`` does: every command
    that loads a checkpoint goes through here. A run folder whose newest checkpoint is damaged is
    refused too (an older intact one is named, never silently evaluated instead)."""
    from probe.train.checkpoint import ACCEPTED, adapter_checkpoint_problem, checkpoint_step, list_checkpoints

    path = Path(path)
    if (path / "adapter").is_dir() or (checkpoint_step(path) is not None and path.is_dir()):
        if (problem := adapter_checkpoint_problem(path)) is not None:
            fail(f"checkpoint {path} is damaged: {problem}; {ACCEPTED}")
        run = path.parent if (path.parent / "config.yaml").is_file() else None
        return path, run
    found = list_checkpoints(path) if path.is_dir() else []
    if not found:
        fail(f"no checkpoint in {path} (expected ckpt-*/adapter)")
    ckpt = found[0]
    if (problem := adapter_checkpoint_problem(ckpt)) is not None:
        intact = next((p for p in found[1:] if adapter_checkpoint_problem(p) is None), None)
        hint = f"; the newest intact one is {intact.name}: give it as --checkpoint {intact}" if intact else \
            f"; no intact checkpoint in {path}"
        fail(f"checkpoint {ckpt} is damaged: {problem}{hint}; {ACCEPTED}")
    return ckpt, path if (path / "config.yaml").is_file() else None


def _run_sampling(run: Path | None) -> tuple[Any, Any]:
    """(the run's config or None, its ``SamplingSettings``): the eval defaults without a run config."""
    from probe.train.rollout import SamplingSettings

    if run is None:
        return None, SamplingSettings(source="defaults (no run config beside the checkpoint)")
    from probe.train.config import load_config

    run_config = load_config(run / "config.yaml")
    return run_config, SamplingSettings.of_run(run_config, source=f"run config {run / 'config.yaml'}")


def checkpoint_sampling(path: Path) -> Any:
    """The sampling settings a checkpoint was trained with, read from its run config without
    loading the model (for a baseline that must sample as the checkpoint does)."""
    ckpt, run = resolve_checkpoint(path)
    try:
        return _run_sampling(run)[1]
    except Exception as e:  # noqa: BLE001  (one line, whatever went wrong)
        fail(f"cannot load checkpoint {ckpt}: {type(e).__name__}: {e}")


def _on_trained_base(run_config: Any, ckpt: Path) -> Any:
    """The run config, pointed at the tiny auditor build the checkpoint was trained on when that
    build is still on disk and is not the current default one (the default may have been rebuilt
    since, for a changed corpus); otherwise as it is (a mismatch then fails in ``load_adapter``)."""
    from probe.auditor.model import base_identity, trained_base
    from probe.auditor.tiny import default_tiny_path

    if run_config.auditor.model != "tiny":
        return run_config
    path, want = trained_base(ckpt / "adapter")
    if not (path and want and want.startswith("tiny-auditor:")) or base_identity(default_tiny_path()) == want:
        return run_config
    if Path(path).is_dir() and base_identity(path) == want:
        return run_config.model_copy(update={"auditor": run_config.auditor.model_copy(update={"model": path})})
    return run_config


def load_checkpoint_auditor(path: Path, temperature: Optional[float], seed: int, *,
                            max_new_tokens: Optional[int] = None, top_p: Optional[float] = None) -> LearnedAuditor:
    """The checkpoint's auditor sampling with its run's training settings (``SamplingSettings.of_run``:
    max new tokens, temperature -- GFlowNet's non-exploration one --, top-p, prompt variant); flags
    given here override them. Without a run config beside the checkpoint: the eval defaults."""
    ckpt, run = resolve_checkpoint(path)
    try:
        run_config, sampling = _run_sampling(run)
        if run_config is not None:
            from probe.train.loop import load_run_auditor

            auditor = load_run_auditor(_on_trained_base(run_config, ckpt))
        else:
            from probe.eval.methods import load_untrained_auditor

            info = json.loads((ckpt / "adapter" / "auditor.json").read_text()) \
                if (ckpt / "adapter" / "auditor.json").is_file() else {}
            base = info.get("base", "tiny")
            auditor = load_untrained_auditor("tiny" if "tiny-auditor" in str(base) else base)
        auditor.load_adapter(ckpt / "adapter")
    except typer.Exit:
        raise
    except Exception as e:  # noqa: BLE001  (one line, whatever went wrong)
        fail(f"cannot load checkpoint {ckpt}: {type(e).__name__}: {e}")
    sampling = sampling.overridden(temperature=temperature, max_new_tokens=max_new_tokens, top_p=top_p)
    sampling.apply_prompt(auditor)
    method = LearnedAuditor(auditor, name=f"learned:{ckpt.parent.name}/{ckpt.name}" if run else f"learned:{ckpt.name}",
                            temperature=sampling.temperature, top_p=sampling.top_p,
                            max_new_tokens=sampling.max_new_tokens, seed=seed)
    method.sampling = sampling
    return method


def unknown_auditor(name: str) -> str | None:
    """Why ``--auditor NAME`` (not a method) names nothing that can be loaded, or None. Allowed:
    'tiny', an existing path, a hub model in the local cache, or an ``org/name`` hub id while
    the hub answers (one TCP connection, ``probe.train.loop.hub_reachable``); a bare name that is
    none of these is a mistyped method, refused without asking the network."""
    import difflib

    from probe.train import loop

    if name == "tiny" or Path(name).expanduser().exists() or loop.hub_cached(name):
        return None
    hub_id = name.count("/") == 1 and not name.startswith(("/", "./", "../", "~"))
    if hub_id and loop.hub_reachable():
        return None
    close = difflib.get_close_matches(name.lower(), list(METHODS), n=1, cutoff=0.6)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    why = "no such path, not in the Hugging Face cache, and the hub cannot be reached" if hub_id else "no such path"
    return (f"unknown auditor {name!r}{hint}: {why}; allowed: a method ({', '.join(METHODS)}), 'tiny', "
            "a model directory, or a hub name (org/name)")


def build_methods(checkpoint: Optional[Path], auditor: Optional[str], baselines: str, *, env: str, seed: int,
                  temperature: Optional[float], auditor_base_url: Optional[str], few_shot: bool,
                  max_new_tokens: Optional[int] = None, top_p: Optional[float] = None) -> dict[str, Method]:
    names = [b.strip() for b in baselines.split(",") if b.strip()]
    unknown = [n for n in names if n not in METHODS]
    if unknown:
        fail(f"unknown baseline {unknown[0]!r}; allowed: {', '.join(METHODS)}")
    methods: dict[str, Method] = {}
    opts: dict[str, Any] = {"env": env, "seed": seed, "temperature": temperature}
    try:
        if checkpoint is not None:
            m = load_checkpoint_auditor(checkpoint, temperature, seed, max_new_tokens=max_new_tokens, top_p=top_p)
            methods[m.name] = m
            opts.update(temperature=m.temperature, top_p=m.top_p)  # the untrained baseline samples as the checkpoint does
        elif auditor is not None:
            if auditor in METHODS:
                methods[auditor] = make_method(auditor, **opts)
            else:  # 'tiny', a model path or hub name, or a served model name with --auditor-base-url
                if auditor_base_url is None and (problem := unknown_auditor(auditor)) is not None:
                    fail(problem)
                name = "few-shot" if few_shot else "zero-shot"
                m = make_method(name, model=auditor, base_url=auditor_base_url, **opts)
                m.name = f"{name}:{Path(auditor).name if auditor_base_url is None else auditor}"
                methods[m.name] = m
        for n in names:
            if n not in methods:
                methods[n] = make_method(n, **opts)
    except typer.Exit:
        raise
    except Exception as e:  # noqa: BLE001
        fail(f"{type(e).__name__}: {e}" if not isinstance(e, ValueError) else str(e))
    if not methods:
        fail("nothing to evaluate: give --checkpoint DIR, --auditor NAME or --baselines NAME,...")
    return methods


MODEL_METHODS = ("zero-shot", "few-shot", "untrained")  # the methods that sample from a model


def model_only_flags(checkpoint: Optional[Path], auditor: Optional[str], baselines: str, **given: Any) -> None:
    """Refuse (one line) the auditor-model flags when no method of the run would use them, as a
    model target's flags are refused with the reference target: a flag that changes nothing is
    never accepted silently. ``--few-shot`` and ``--auditor-base-url`` go with ``--auditor MODEL``;
    the sampling flags with any method that samples from a model."""
    names = [b.strip() for b in baselines.split(",") if b.strip()]
    auditor_model = auditor is not None and auditor not in METHODS  # 'tiny', a path, a hub or served name
    samples = checkpoint is not None or auditor_model or any(n in MODEL_METHODS for n in [auditor, *names])
    methods = ", ".join([n for n in [auditor, *names] if n]) or "none"
    flag = {"few_shot": "--few-shot", "auditor_base_url": "--auditor-base-url", "temperature": "--temperature",
            "max_new_tokens": "--max-new-tokens", "top_p": "--top-p"}
    for key, value in given.items():
        if value is None or value is False:
            continue
        if key in ("few_shot", "auditor_base_url") and not auditor_model:
            fail(f"{flag[key]} applies to --auditor MODEL (tiny, a model path, a hub or served model name), not to "
                 f"{methods}; drop it")
        if not samples:
            fail(f"{flag[key]} applies to model auditors (--checkpoint, --auditor MODEL, the "
                 f"{', '.join(MODEL_METHODS)} baselines), not to {methods}; drop it")


COMPARE_PARAMS = ("compare_flag", "compare_dirs", "out_dir", "overwrite")  # what --compare reads; the rest run evals


def given_flags(ctx: Optional[typer.Context], skip: tuple[str, ...] = ()) -> list[str]:
    """The options the user typed (not left at their defaults), as spelled on the command line."""
    if ctx is None:
        return []
    # by name, not class: typer may run on its own vendored copy of click
    return [p.opts[0] for p in ctx.command.params if p.name not in skip and p.param_type_name == "option"
            and getattr(ctx.get_parameter_source(p.name), "name", "DEFAULT") != "DEFAULT"]


def eval_command(
    ctx: typer.Context,
    checkpoint: Optional[Path] = typer.Option(None, help="a run dir (newest ckpt-*) or a ckpt-* dir to evaluate"),
    auditor: Optional[str] = typer.Option(None, help=f"a method ({', '.join(METHODS)}), 'tiny', or a model path/hub "
                                                    "name (prompted zero-shot; --few-shot for few-shot)"),
    baselines: str = typer.Option("", help="extra methods on the same seeds, comma-separated, "
                                           "e.g. untrained,static,random,cooperative"),
    env: str = typer.Option(default_env(), help=f"environment ({', '.join(env_names())})"),
    target: str = typer.Option("reference", help="target kind: reference, openai, hf, replay"),
    faults: str = typer.Option("demo", help=f"reference target: {FAULT_SPEC_HELP}"),
    base_url: Optional[str] = typer.Option(None, help="openai target: endpoint URL"),
    model: Optional[str] = typer.Option(None, help="openai/hf target: model name or path"),
    auditor_base_url: Optional[str] = typer.Option(None, help="serve --auditor NAME from this OpenAI-compatible endpoint"),
    few_shot: bool = typer.Option(False, "--few-shot", help="--auditor MODEL: add example probing dialogues"),
    api_key_env: Optional[str] = typer.Option(None, help="openai target: env var holding the API key "
                                                        "(default OPENAI_API_KEY; unset -> 'EMPTY')"),
    timeout: Optional[float] = typer.Option(None, "--timeout", help="openai target: seconds per request "
                                            f"(default {DEFAULT_TIMEOUT:g})"),
    retries: Optional[int] = typer.Option(None, "--retries", help="openai target: retries of a failed request "
                                          f"(default {DEFAULT_RETRIES})"),
    max_failed_share: float = typer.Option(DEFAULT_MAX_FAILED_SHARE, help="exit 1 when more than this share of "
                                           "target turns failed (0 to 1); the run stops once it cannot pass"),
    episodes: int = typer.Option(50, help=f"held-out episodes per sample (1 to {MAX_EPISODES})"),
    turns: int = typer.Option(8, help=f"turn budget per episode (1 to {MAX_TURNS})"),
    samples: int = typer.Option(1, help="independent held-out samples (coverage mean ± sd)"),
    temperature: Optional[float] = typer.Option(None, help="auditor sampling temperature (default: a "
                                                "checkpoint's training temperature, else 0.8)"),
    max_new_tokens: Optional[int] = typer.Option(None, min=1, max=8192, help="auditor message length limit in tokens "
                                                 "(default: a checkpoint's training value, else 40)"),
    top_p: Optional[float] = typer.Option(None, help="auditor nucleus sampling (default: a "
                                          "checkpoint's training value, else 1.0)"),
    seed: int = typer.Option(0, help="sampling and bootstrap seed (0 or more)"),
    out_dir: Optional[Path] = typer.Option(None, "--out", help="output directory: new, empty or an earlier eval's "
                                           "(default evals/<first method>); with --compare, where compare.md goes"),
    judge: Optional[Path] = typer.Option(None, help="YAML of judge settings (or a run config with a 'judge:' "
                                         "section): the report adds judge-vs-verifier agreement per policy"),
    overwrite: bool = typer.Option(False, "--overwrite", help="replace the report and traces of an earlier eval in "
                                   "--out (only when every file there is one probe eval wrote)"),
    compare_flag: bool = typer.Option(False, "--compare", help="compare the eval dirs given as arguments side by side "
                                      "(printed; written only with --out)"),
    compare_dirs: Optional[list[Path]] = typer.Argument(None, help="with --compare: eval output directories"),
) -> None:
    """Evaluate an auditor and baselines on held-out seeds: metrics table, metrics.json, report.md, plots."""
    from probe.core.registry import get_domain
    from probe.eval.report import compare, settings_differences, target_failure

    if compare_dirs and not compare_flag:
        fail("eval takes directory arguments only with --compare (probe eval --compare DIR DIR ...)")
    if compare_flag:
        if not compare_dirs:
            fail("--compare needs at least one eval directory (probe eval --compare DIR DIR ...)")
        if unused := given_flags(ctx, COMPARE_PARAMS):  # a flag that would change nothing is refused
            fail(f"{unused[0]} does not apply to --compare (it compares finished evals; nothing is run); drop it, "
                 "or run the eval without --compare")
        try:
            merged, table, md = compare(compare_dirs)
        except ValueError as e:
            fail(str(e))
        if out_dir is not None:  # before anything is printed: a refused --out is the only line
            check_out(out_dir, overwrite=overwrite)
        out.print(table)
        for line in settings_differences(compare_dirs):
            err.print(f"warning: {line}", markup=False)
        failed = {n: why for n, m in merged.items() if (why := target_failure(m))}
        for name, why in failed.items():  # a failed eval is never compared as a clean one: exit 1 below
            err.print(f"warning: {name}: {why}; its episodes with a failed turn are excluded from its metrics, "
                      "so it is not a clean result", markup=False)
        if out_dir is None:  # printed only: nothing is written where the user did not say
            if failed:
                raise typer.Exit(1)
            return
        folder = claim_out(out_dir, overwrite=overwrite)
        try:
            folder.mark()
            (out_dir / "compare.md").write_text("# Comparison\n\n" + "\n".join(f"- {d}" for d in compare_dirs)
                                                + "\n\n" + md + "\n")
            (out_dir / "compare.json").write_text(json.dumps(merged, indent=2, default=str))
        finally:
            folder.release()
        out.print(f"[dim]written: {out_dir / 'compare.md'}[/]")
        if failed:
            raise typer.Exit(1)
        return
    if checkpoint is not None and auditor is not None:
        fail("give either --checkpoint or --auditor, not both")
    if baselines.strip() and not [b for b in baselines.split(",") if b.strip()]:
        fail(f"--baselines {baselines!r} names no method; give NAME,... ({', '.join(METHODS)}) or drop it")
    if top_p is not None and not 0.0 < top_p <= 1.0:
        fail(f"--top-p must be in (0, 1], got {top_p}")
    try:
        domain = get_domain(env)
        check_sizes(episodes, turns, samples, seed, temperature, len(domain.heldout_seeds))
        check_share(max_failed_share)
        fault_list = domain.resolve_faults(faults) if target == "reference" else []
    except ValueError as e:
        fail(str(e))
    model_only_flags(checkpoint, auditor, baselines, few_shot=few_shot, auditor_base_url=auditor_base_url,
                     temperature=temperature, max_new_tokens=max_new_tokens, top_p=top_p)  # values checked first
    factory = None
    from probe.targets import request_limits, target_factory

    try:
        limits = request_limits(target, timeout, retries)
        if target != "reference":
            factory = target_factory(domain, target, base_url=base_url, model=model, api_key_env=api_key_env, **limits)
        elif base_url is not None or model is not None or api_key_env is not None:
            raise ValueError("--base-url, --model and --api-key-env apply to model targets (--target openai, hf, "
                             "replay), not reference")
    except ValueError as e:
        fail(str(e))
    if out_dir is not None:  # at once, before any model loads
        check_out(out_dir, overwrite=overwrite)
    judge_obj = None
    if judge is not None:
        from probe.train.judge import Judge, load_judge_settings

        try:
            judge_settings = load_judge_settings(judge)
            if not judge_settings.policies:
                fail(f"{judge}: judge.policies is empty; list the policies to judge, e.g. [B4, B6, S5, P1]")
            judge_obj = Judge(judge_settings, domain)
        except ValueError as e:
            fail(str(e))
    from probe.train.threads import ensure_threads  # CPU threads before a model loads (runtime.threads: auto)

    threads, torch_threads, first = ensure_threads() if checkpoint or auditor else (None, None, False)
    methods = build_methods(checkpoint, auditor, baselines, env=env, seed=seed, temperature=temperature,
                            auditor_base_url=auditor_base_url, few_shot=few_shot, max_new_tokens=max_new_tokens,
                            top_p=top_p)
    dest = out_dir or Path("evals") / next(iter(methods)).replace(":", "_").replace("/", "_")
    folder = claim_out(dest, overwrite=overwrite)
    try:
        folder.stage()
        results = _run(folder, methods, overwrite=overwrite, env=env, target=target, faults=fault_list,
                       episodes=episodes, turns=turns, samples=samples, factory=factory, seed=seed,
                       max_failed_share=max_failed_share, announce=(threads.describe(torch_threads)
                                                                    if first and threads is not None else None))
        _report(folder, results, methods, domain, judge_obj, env=env, target=target, faults=faults, episodes=episodes,
                turns=turns, samples=samples, seed=seed, max_failed_share=max_failed_share)
    except KeyboardInterrupt as e:
        folder.exit_code = terminate.exit_code(e)  # 128 + the signal, as a shell reports it
        folder.interrupted(methods)
    finally:
        folder.release()


def _run(folder: "OutFolder", methods: dict[str, Method], *, overwrite: bool, env: str, target: str,
         faults: list[str], episodes: int, turns: int, samples: int, factory: Any, seed: int,
         max_failed_share: float, announce: Optional[str]) -> dict[str, Any]:
    """Play every method into the claimed folder; ``{name: metrics}`` (``evaluate_methods``)."""
    from probe.cli.progress import StepProgress
    from probe.core.outputs import OutputExists, claim_trace_file
    from probe.eval.runner import evaluate_methods, method_dir

    dest = folder.path  # the earlier eval's traces checked here; the new ones are written into folder.work
    progress = StepProgress(err, lines=target != "reference")

    def done(name: str, m: dict[str, Any]) -> None:
        y = m["yield_per_100"]
        f = m["target_failures"]
        failed = f", {f['failed_turns']}/{f['turns']} target turns failed" if f["failed_turns"] else ""
        rate = m["plausibility"].get("implausible_rate")
        implausible = "n/a" if rate is None else f"{100 * rate:.0f}%"
        err.print(f"{name}: plausible coverage {100 * m['plausible_coverage']:.0f}% "
                  f"({len(m['plausible_policies_found'])} policies), coverage {100 * m['coverage']:.0f}% "
                  f"({len(m['policies_found'])}), implausible messages {implausible}, "
                  f"yield {y['value']:.0f}/100 [{y['lo']:.0f}, {y['hi']:.0f}], {m['wall_s']:.1f}s{failed}", markup=False)
        lost = m.get("method", {}).get("failed_auditor_requests")
        if lost:
            err.print(f"warning: {name}: {lost} auditor request(s) failed and were sent as 'OK.'; first: "
                      f"{m['method'].get('first_auditor_failure')}", markup=False)

    failed_so_far: dict[str, int] = {}

    def step(info: dict[str, Any]) -> None:
        key = f"{info['method']}#{info['sample']}"
        sample = f" sample {info['sample'] + 1}/{samples}" if samples > 1 else ""
        label = f"{info['method']}{sample}"
        if info["failed_turns"] and not failed_so_far.get(key):
            progress.first_failure(f"{label}: a target turn failed ({info['failed_turns']} so far); "
                                   "failed turns are counted and their episodes excluded from the metrics")
        failed_so_far[key] = info["failed_turns"]
        line = (f"{label}: round {info['round']}/{info['turn_budget']}, {info['live']}/{info['episodes']} episodes "
                f"live, {info['failed_turns']} failed target turn(s)") if info["round_done"] else None
        failed = f" ({info['failed_turns']} failed)" if info["failed_turns"] else ""
        progress.update(key, label + failed, info["turns_done"], info["turns_planned"], line)

    try:  # before any episode: an earlier eval's traces are never replaced silently
        for name in methods:
            claim_trace_file(method_dir(dest, name) / "traces.jsonl", overwrite=overwrite)
    except OutputExists as e:
        folder.abandon()
        fail(str(e))
    folder.mark()
    if announce:  # once every input was accepted (an error stays the only line)
        err.print(announce, markup=False)
    try:
        with progress:
            return evaluate_methods(methods, env=env, target=target, faults=faults, episodes=episodes, turns=turns,
                                    samples=samples, target_factory=factory, out=folder.work, bootstrap_seed=seed,
                                    on_done=done, max_failed_share=max_failed_share, on_progress=step,
                                    overwrite=overwrite)
    except OutputExists as e:  # a file that appeared after the checks (another writer): one line, exit 2
        fail(str(e))


def _report(folder: "OutFolder", results: dict[str, Any], methods: dict[str, Method], domain: Any, judge_obj: Any,
            *, env: str, target: str, faults: str, episodes: int, turns: int, samples: int, seed: int,
            max_failed_share: float) -> None:
    """Write report.md, metrics.json and the plots (into ``folder.work``, then ``folder.publish``:
    the new eval replaces the earlier one only once it is complete); print the table; exit 1 when
    too many target turns failed."""
    from probe.eval.report import cli_columns, rich_table, write_report
    from probe.eval.runner import method_dir

    dest, work = folder.path, folder.work

    settings = {"env": env, "target": target, "faults": faults if target == "reference" else "n/a",
                "episodes": episodes, "turns": turns, "samples": samples, "seed": seed,
                "max_failed_share": max_failed_share}
    skipped = [n for n in methods if n not in results]
    if skipped:
        settings["skipped_methods"] = skipped
    from probe.train.rollout import SamplingSettings

    for name, m in methods.items():  # the sampling settings each model auditor used (and where they came from)
        sampling = getattr(m, "sampling", None)
        if sampling is None and isinstance(m, LearnedAuditor):
            sampling = SamplingSettings(max_new_tokens=m.max_new_tokens, temperature=m.temperature, top_p=m.top_p,
                                        prompt_style=getattr(m.auditor, "prompt_style", "customer"),
                                        scenario_conditioning=getattr(m.auditor, "scenario_conditioning", True),
                                        source="eval defaults")
        if sampling is not None:
            settings[f"sampling[{name}]"] = sampling.describe()
            if name in results:  # a method skipped after too many target failures has no results
                results[name]["sampling"] = sampling.to_json()
    if judge_obj is not None:
        from probe.core.trace import Trace, iter_trace_file
        from probe.train.judge import judge_agreement

        settings["judge"] = f"{judge_obj.settings.model} on {', '.join(judge_obj.policies)}"
        for name in results:
            traces = [t for t in iter_trace_file(method_dir(work, name) / "traces.jsonl") if isinstance(t, Trace)]
            results[name]["judge_agreement"] = judge_agreement(traces, judge_obj)
    paths = write_report(work, results, [p.id for p in domain.policies], settings)
    if judge_obj is not None:
        from probe.train.judge import agreement_markdown

        with open(paths["report"], "a") as f:
            f.write("\n" + agreement_markdown({n: m["judge_agreement"] for n, m in results.items()}) + "\n")
    folder.publish()
    paths = {k: dest / Path(v).name for k, v in paths.items()}
    out.print(rich_table(results, title=f"held-out evaluation: {episodes} episodes x {turns} turns, "
                                        f"target={target}, faults={settings['faults']}", cols=cli_columns(results)))
    for name, m in results.items():
        extra = [p for p in m["policies_found"] if p not in m["plausible_policies_found"]]
        out.print(f"{name}: plausible {', '.join(m['plausible_policies_found']) or 'no policies'}"
                  + (f"; only in implausible episodes: {', '.join(extra)}" if extra else ""))
        if (note := not_clean_note(m["target_failures"])) is not None:  # within the share or not: said
            out.print(f"[yellow]{escape(name)}: {escape(note)}[/]")
    out.print("[dim]plausible coverage: policies exposed in episodes whose every customer message passes the fluency "
              "check and the six plausibility flags; episodes with a failed target turn are excluded from every "
              "column; task success: the environment's own check (n/a where it has none); every column, tool-depth "
              "reach included, is in report.md[/]")
    out.print(f"[dim]report: {paths['report']}  (re-score: probe verify {dest}/<method>/traces.jsonl)[/]")
    bad = [(n, m) for n, m in results.items() if m.get("aborted") or too_many(m["target_failures"], max_failed_share)]
    if bad:
        name, m = bad[0]
        more = f"; not run: {', '.join(skipped)}" if skipped else ""
        fail(failure_message(m["target_failures"], max_failed_share, f"{name}: ") + more, code=1)
    for name, m in results.items():  # a method that scored no episode measured nothing, whatever the share
        if (empty := nothing_measured(m["target_failures"], m["episodes"], f"{name}: ")) is not None:
            fail(empty, code=1)


def check_sizes(episodes: int, turns: int, samples: int, seed: int, temperature: Optional[float],
                heldout: int) -> None:
    """ValueError (one line) for a size, seed or temperature out of range, before any work."""
    import math

    if not 1 <= episodes <= min(MAX_EPISODES, heldout):
        raise ValueError(f"--episodes {episodes} is out of range; allowed: 1 to {min(MAX_EPISODES, heldout)} "
                         "(the held-out seeds of the environment)")
    if not 1 <= turns <= MAX_TURNS:
        raise ValueError(f"--turns {turns} is out of range; allowed: 1 to {MAX_TURNS}")
    if not 1 <= samples or episodes * samples > heldout:
        raise ValueError(f"--samples {samples} is out of range; allowed: 1 to {max(1, heldout // episodes)} with "
                         f"--episodes {episodes} (samples x episodes must fit in the {heldout} held-out seeds)")
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"--seed {seed} is out of range; allowed: 0 to {MAX_SEED}")
    if temperature is not None and not (math.isfinite(temperature) and 0 <= temperature <= 2):
        raise ValueError(f"--temperature {temperature:g} is out of range; allowed: 0 to 2")


def check_out_dir(dest: Path) -> None:
    """Fail (one line) unless ``dest`` is a directory or can be made one, before any episode runs."""
    import os

    dest = Path(dest)
    parent = dest
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if dest.exists() and not dest.is_dir():
        fail(f"--out {dest} is a file, not a directory")
    if parent != dest and not parent.is_dir():
        fail(f"--out {dest}: {parent} is a file, not a directory")
    if not os.access(parent if parent.exists() else Path("."), os.W_OK | os.X_OK):
        fail(f"--out {dest}: {parent} is not writable")


__all__ = ["eval_command", "fail", "resolve_checkpoint"]


def check_out(dest: Path, *, overwrite: bool) -> None:
    """Fail (one line) unless ``--out`` may be written: a new, empty or earlier probe eval folder
    (``probe.core.outputs.check_eval_dir``) that is writable (``check_out_dir``). Touches nothing."""
    from probe.core.outputs import OutputExists, check_eval_dir

    check_out_dir(dest)
    try:
        check_eval_dir(dest, overwrite=overwrite)
    except OutputExists as e:
        fail(_refusal(dest, e))


def _refusal(dest: Path, e: Exception) -> str:
    """The error line for ``--out``: ``check_eval_dir``'s, plus, for an unmarked folder that looks
    like an eval an older probe wrote (``_looks_like_old_eval``), how to proceed. The refusal
    stays: only the user can tell such a folder from their own files under the same names."""
    from probe.core.outputs import EVAL_MARKER

    if (dest / EVAL_MARKER).is_file() or not _looks_like_old_eval(dest):
        return str(e)
    return (f"{e}; if it is an eval that probe wrote before it marked its folders, and nothing in it is yours, "
            f"mark it with `touch {dest / EVAL_MARKER}` and rerun with --overwrite")


def _looks_like_old_eval(dest: Path) -> bool:
    """Whether ``dest`` holds only entries probe eval writes (``is_eval_entry``) and a report or
    metrics in probe's own form: ``report.md`` opening with probe's title, or a ``metrics.json``
    mapping with ``methods`` (what ``probe.eval.report`` writes)."""
    from probe.core.outputs import foreign_files, is_eval_entry

    if not dest.is_dir() or foreign_files(dest, is_eval_entry):
        return False
    try:
        if (dest / "report.md").read_text(errors="replace").startswith("# Evaluation report"):
            return True
    except OSError:
        pass
    try:
        metrics = json.loads((dest / "metrics.json").read_text())
    except (OSError, ValueError):
        return False
    return isinstance(metrics, dict) and "methods" in metrics


class OutFolder:
    """An eval's ``--out``, claimed by ``claim_out``: checked, created, locked (``.lock``, as a
    train run is), and marked as probe's (``mark``) once every file check has passed. ``abandon``
    and ``interrupted`` remove what this claim made and nothing else; ``release`` frees the lock."""

    def __init__(self, path: Path, lock: Any, made: list[Path], had_marker: bool):
        self.path, self.lock, self.made, self.had_marker = path, lock, made, had_marker
        self.staging: Path | None = None  # where the new eval is written while an earlier one is kept (stage)
        self.exit_code = 130  # of an interrupt: 130 for Ctrl-C, 143 for SIGTERM

    @property
    def work(self) -> Path:
        """Where the new eval's traces, metrics and report are written: ``staging`` or ``path``."""
        return self.staging or self.path

    def stage(self) -> None:
        """When ``path`` holds an earlier eval (anything but the marker, the lock and the Slurm
        scripts' logs), write the new one beside it, in a new hidden folder next to ``path``, so
        that the earlier eval stays exactly as it is until ``publish`` (an interrupt, a failure
        or a refusal leaves it untouched)."""
        import os

        from probe.core.outputs import EVAL_MARKER, is_lock, is_slurm_log

        earlier = [p for p in self.path.iterdir() if p.name != EVAL_MARKER and not is_lock(p.name)
                   and not is_slurm_log(p.name)]
        if earlier:
            staging = self.path.parent / f".{self.path.name}{STAGING_INFIX}{os.getpid()}"
            staging.mkdir()
            self.staging = staging

    def publish(self) -> None:
        """Move the complete new eval from ``staging`` into ``path``, each entry replacing the
        earlier eval's entry of the same name (checked to be probe eval's own by ``claim_out``,
        under the lock); the earlier eval's other entries that probe eval wrote (``_stale_entries``:
        methods not run again, an earlier comparison) go too, so the folder holds the new eval only."""
        import os
        import shutil

        if self.staging is None:
            return
        new = {entry.name for entry in self.staging.iterdir()}
        for old in _stale_entries(self.path, keep=new):
            shutil.rmtree(old) if old.is_dir() else old.unlink()
        for entry in sorted(self.staging.iterdir()):
            old = self.path / entry.name
            if old.is_dir() and not old.is_symlink():
                shutil.rmtree(old)
            elif old.exists() or old.is_symlink():
                old.unlink()
            os.replace(entry, old)
        self.staging.rmdir()
        self.staging = None

    def discard(self) -> None:
        """Remove the staging folder and everything in it (all written by this eval)."""
        import shutil

        if self.staging is not None and self.staging.is_dir():
            shutil.rmtree(self.staging)
        self.staging = None

    def mark(self) -> None:
        from probe.core.outputs import write_eval_marker

        write_eval_marker(self.path)

    def release(self) -> None:
        self.discard()
        self.lock.release()
        self.unwatch_sigterm()

    def watch_sigterm(self) -> None:
        """While the folder is held, SIGTERM (``kill``, a job's time limit) is handled as Ctrl-C is
        (``interrupted``): no staging folder nor lock is left behind (``probe.cli.terminate``)."""
        self._old_sigterm = terminate.watch()

    def unwatch_sigterm(self) -> None:
        old, self._old_sigterm = getattr(self, "_old_sigterm", None), None
        terminate.unwatch(old)

    def abandon(self) -> None:
        """Undo the claim: the marker if this claim wrote it, the folders it made if they are empty."""
        from probe.core.outputs import EVAL_MARKER, is_lock

        self.release()
        rest = [p for p in self.path.iterdir() if not is_lock(p.name)] if self.path.is_dir() else []
        if not self.had_marker and [p.name for p in rest] == [EVAL_MARKER]:
            (self.path / EVAL_MARKER).unlink()
        for d in self.made:  # deepest first
            if d.is_dir() and not any(d.iterdir()):
                d.rmdir()

    def interrupted(self, methods: dict[str, Method]) -> None:
        """Ctrl-C: a staged eval (``stage``) is discarded and the earlier eval is left as it was;
        otherwise the traces file this run had just started (empty) and its empty folder go, so a
        plain rerun is not blocked, and finished methods' traces stay. One line, exit 130."""
        from probe.eval.runner import method_dir

        if self.staging is not None:
            self.discard()
            self.abandon()
            err.print(f"interrupted: no report was written; the earlier eval in {self.path} is unchanged (the new "
                      "one was discarded)", markup=False)
            raise typer.Exit(self.exit_code)
        kept = []
        for name in methods:
            d = method_dir(self.path, name)
            traces = d / "traces.jsonl"
            if traces.is_file() and traces.stat().st_size == 0:
                traces.unlink()
            if d.is_dir() and not any(d.iterdir()):
                d.rmdir()
            elif d.is_dir():
                kept.append(d.name)
        self.abandon()
        if kept:
            err.print(f"interrupted: no report was written; {self.path} keeps the traces of {', '.join(kept)}; "
                      "rerun with --overwrite to replace them", markup=False)
        else:
            err.print(f"interrupted: no report was written and nothing was kept in {self.path}", markup=False)
        raise typer.Exit(self.exit_code)


def _stale_entries(path: Path, keep: set[str]) -> list[Path]:
    """The entries of an earlier eval in ``path`` not named in ``keep`` that are recognisably probe
    eval's own: a report file (``EVAL_FILES``), or a method folder holding only probe's method
    files. Anything else (the marker, the lock, Slurm logs, an empty or odd folder) is never removed."""
    from probe.core.outputs import EVAL_FILES, METHOD_FILES

    stale = []
    for p in sorted(path.iterdir()):
        if p.name in keep or p.is_symlink():
            continue
        if p.is_file() and p.name in EVAL_FILES:
            stale.append(p)
        elif p.is_dir() and (inner := list(p.iterdir())) and all(
                q.is_file() and not q.is_symlink() and q.name in METHOD_FILES for q in inner):
            stale.append(p)
    return stale


STAGING_INFIX = ".probe-eval-new-"  # OutFolder.stage: .<name>.probe-eval-new-<pid>, beside the eval folder


def _remove_dead_staging(dest: Path) -> None:
    """Remove the staging folders an earlier eval of ``dest`` left when it was killed (its pid no
    longer runs): only probe's own names, ``.<name>.probe-eval-new-<pid>``, holding only what an
    eval writes. Called under ``dest``'s lock."""
    import os
    import re
    import shutil

    from probe.core.outputs import foreign_files, is_eval_entry

    pattern = re.compile(re.escape(f".{dest.name}{STAGING_INFIX}") + r"([0-9]+)")
    for p in dest.parent.iterdir():
        m = pattern.fullmatch(p.name)
        if m is None or not p.is_dir() or p.is_symlink() or int(m.group(1)) == os.getpid():
            continue
        try:
            os.kill(int(m.group(1)), 0)
            continue  # still running (or not ours to signal): left alone
        except ProcessLookupError:
            pass
        except (PermissionError, OverflowError):
            continue
        if not foreign_files(p, is_eval_entry):
            shutil.rmtree(p, ignore_errors=True)


def claim_out(dest: Path, *, overwrite: bool) -> OutFolder:
    """Check ``dest`` (``check_out``), create it, lock it, check it again under the lock (another
    eval may have written it meanwhile); one error line, exit 2, and nothing left behind otherwise."""
    from probe.core.outputs import EVAL_MARKER, OutputExists, check_eval_dir, owning_run
    from probe.train.rundir import RunDirError, RunLock

    dest = Path(dest)
    owner = owning_run(dest)  # a training run's, an AdaT or regression run's folder, or inside an eval's
    if owner is not None and not (owner[1] == "probe eval" and owner[0] == dest.resolve()):
        fail(f"--out {dest} is inside {owner[0]}, a folder {owner[1]} wrote; refusing to write there (nothing was "
             "changed): choose a path outside it")
    check_out(dest, overwrite=overwrite)
    made = []
    d = dest
    while not d.exists() and d != d.parent:
        made.append(d)
        d = d.parent
    had_marker = (dest / EVAL_MARKER).is_file()
    try:
        dest.mkdir(parents=True, exist_ok=True)
        lock = RunLock(dest, what="--out").acquire()
    except (RunDirError, OSError) as e:
        OutFolder(dest, RunLock(dest), made, had_marker).abandon()
        fail(str(e) if isinstance(e, RunDirError) else f"--out {dest}: {e.strerror or e}")
    folder = OutFolder(dest, lock, made, had_marker)
    try:
        check_eval_dir(dest, overwrite=overwrite)
    except OutputExists as e:
        folder.abandon()
        fail(_refusal(dest, e))
    _remove_dead_staging(dest)
    folder.watch_sigterm()
    return folder
