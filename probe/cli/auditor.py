"""``probe auditor ...``: build the tiny CPU auditor and sample customer messages from an auditor.

Mounted by ``probe.cli.main`` as ``app.add_typer(auditor_app, name="auditor")``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from probe.cli.console import stdout_console
from probe.cli.errors import MAX_RUN_SEED, check_seed, err, fail, load_domain
from probe.core.registry import default_env

auditor_app = typer.Typer(help="Auditor models: build the tiny CPU auditor, sample customer messages.",
                          no_args_is_help=True)
console = stdout_console()

MAX_SAMPLES = 1000
MAX_TEMPERATURE = 10.0


def resolve_model(model: str) -> str:
    """'tiny' -> the cached tiny auditor (never the hub); a local path must be a model directory.
    Loading a local directory sets ``HF_HUB_OFFLINE`` so that nothing asks the network."""
    import os  # noqa: PLC0415

    from probe.auditor.tiny import default_tiny_path, is_tiny_auditor, read_build_info  # noqa: PLC0415
    from probe.train.config import ConfigError  # noqa: PLC0415
    from probe.train.loop import check_auditor_model  # noqa: PLC0415

    if model == "tiny":
        path = default_tiny_path()
        if not (is_tiny_auditor(path) and (read_build_info(path) or {}).get("complete")):
            fail(f"--model tiny: the tiny auditor is not built yet (expected at {path}); "
                 "build it with 'probe auditor build-tiny'")
        model = str(path)
    try:
        check_auditor_model(model, key="--model")
    except ConfigError as e:
        fail(str(e).replace("config key '--model'", "--model"))
    from probe.train.loop import hub_cached  # noqa: PLC0415

    if Path(model).expanduser().is_dir():
        model = str(Path(model).expanduser())
    if Path(model).is_dir() or hub_cached(model):
        os.environ["HF_HUB_OFFLINE"] = "1"
    return model


def _samples(path: str, family: str, seed: int, n: int, temperature: float, env: str) -> list[str]:
    import os  # noqa: PLC0415

    from probe.auditor.model import AuditorSetupError, load_auditor  # noqa: PLC0415
    from probe.core.registry import get_domain  # noqa: PLC0415
    domain = get_domain(env)
    if family not in domain.families:
        fail(f"unknown family {family!r}; allowed: {', '.join(domain.families)}")
    scenario = domain.scenario(family, seed)
    try:
        auditor = load_auditor(path, quantize_4bit=False, local_files_only=os.environ.get("HF_HUB_OFFLINE") == "1")
    except AuditorSetupError as e:
        fail(str(e).splitlines()[0] if str(e) else type(e).__name__)
    prompt = auditor.prompt(domain.scenario_text(scenario), [])
    return auditor.generate([prompt] * n, seed=seed, temperature=temperature).texts


@auditor_app.command("build-tiny")
def build_tiny(out: Optional[Path] = typer.Option(None, "--out", help="Output directory (default: the cache path)."),
               seed: int = typer.Option(0, "--seed", min=0, max=MAX_RUN_SEED, help="Seed of corpus, tokenizer, initialisation, data order."),
               force: bool = typer.Option(False, "--force", help="Rebuild even if a matching build exists."),
               env: str = typer.Option("", "--env",
                                       help="comma-separated environments whose customer corpus trains it "
                                            "(default: every environment that has one)")) -> None:
    """Build the tiny CPU auditor offline (own tokenizer + small Llama-style LM pre-trained on customer turns)."""
    import time  # noqa: PLC0415

    from probe.auditor.tiny import (  # noqa: PLC0415
        build_tiny_auditor,
        check_tiny_out,  # noqa: PLC0415
        default_tiny_path,
        read_build_info,
    )
    from probe.core.registry import get_domain  # noqa: PLC0415

    if seed < 0 or seed >= 2 ** 32:
        fail(f"--seed must be in 0..{2 ** 32 - 1}, got {seed}")
    target = out or default_tiny_path()
    try:
        check_tiny_out(target)
    except ValueError as e:
        fail(str(e))
    t0 = time.perf_counter()
    from probe.auditor.tiny import TinySettings, corpus_envs  # noqa: PLC0415

    settings = TinySettings(env=env)
    envs = corpus_envs(settings)
    for name in envs:
        load_domain(name)
    try:
        path = build_tiny_auditor(target, seed=seed, force=force, settings=settings,
                                  log=lambda msg: console.print(f"[dim]{msg}[/dim]"))
    except ValueError as e:
        fail(str(e))
    except KeyboardInterrupt:  # the build is written to a temporary folder and moved in only when complete
        err.print(f"interrupted: the build was stopped; {target} is as it was (nothing was moved in); run the same "
                  "command again to build", markup=False)
        raise typer.Exit(130) from None
    info = read_build_info(path) or {}
    console.print(f"[bold]tiny auditor[/bold] at {path}")
    console.print(f"parameters: {info.get('parameters', 0):,}  vocabulary: {info.get('vocab_size')}  "
                  f"training texts: {info.get('texts')} ({info.get('customer_turns')} customer turns)")
    if info.get("loss_start") is not None:
        console.print(f"train loss: {info['loss_start']:.3f} -> {info['loss_end']:.3f}")
    console.print(f"build seconds: {info.get('seconds_total')} (this call: {time.perf_counter() - t0:.1f}s)")
    domain = get_domain(envs[0])
    family = domain.families[seed % len(domain.families)]
    held = domain.heldout_seeds[seed % len(domain.heldout_seeds)]
    console.print(f"samples for a held-out {family} scenario of {domain.name} (seed {held}):")
    for text in _samples(str(path), family, held, 5, 0.8, domain.name):
        console.print(f"  - {text}", markup=False)


@auditor_app.command("sample")
def sample(model: str = typer.Option(..., "--model", help="'tiny' (the cached tiny auditor), a model directory or a hub name."),
           family: Optional[str] = typer.Option(None, "--family", help="Scenario family (default: the env's first)."),
           env: str = typer.Option(default_env(), "--env", help="environment of the scenario"),
           seed: int = typer.Option(1_000_000, "--seed", help="Scenario seed (also the sampling seed)."),
           n: int = typer.Option(5, "-n", help="Number of samples."),
           temperature: float = typer.Option(0.8, "--temperature", help="Sampling temperature.")) -> None:
    """Print opening customer messages the auditor samples for one scenario."""
    import math  # noqa: PLC0415

    if not 1 <= n <= MAX_SAMPLES:
        fail(f"-n must be in 1..{MAX_SAMPLES}, got {n}")
    if not (math.isfinite(temperature) and 0 <= temperature <= MAX_TEMPERATURE):
        fail(f"--temperature must be a number in 0..{MAX_TEMPERATURE:g} (0 = greedy), got {temperature}")
    domain = load_domain(env)
    try:
        check_seed(seed, domain)  # a scenario seed, as for probe play
    except ValueError as e:
        fail(str(e))
    path = resolve_model(model)
    for text in _samples(path, family or domain.families[0], seed, n, temperature, env):
        console.print(f"- {text}", markup=False)


__all__ = ["auditor_app"]
