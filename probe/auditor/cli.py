"""``probe auditor ...``: build the tiny CPU auditor and sample customer messages from an auditor.

Mounted by ``probe.cli`` as ``app.add_typer(auditor_app, name="auditor")``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from rich.console import Console

auditor_app = typer.Typer(help="Auditor models: build the tiny CPU auditor, sample customer messages.",
                          no_args_is_help=True)
console = Console()


def _samples(path: str, family: str, seed: int, n: int, temperature: float = 0.8,
             env: str = "skyassist") -> list[str]:
    from probe.auditor.model import load_auditor  # noqa: PLC0415
    from probe.registry import get_domain  # noqa: PLC0415
    domain = get_domain(env)
    if family not in domain.families:
        raise typer.BadParameter(f"unknown family {family!r}; allowed: {', '.join(domain.families)}")
    scenario = domain.scenario(family, seed)
    auditor = load_auditor(path, quantize_4bit=False)
    prompt = auditor.prompt(domain.scenario_text(scenario), [])
    return auditor.generate([prompt] * n, seed=seed, temperature=temperature).texts


@auditor_app.command("build-tiny")
def build_tiny(out: Optional[Path] = typer.Option(None, "--out", help="Output directory (default: the cache path)."),
               seed: int = typer.Option(0, "--seed", help="Seed of corpus, tokenizer, initialisation, data order."),
               force: bool = typer.Option(False, "--force", help="Rebuild even if a matching build exists.")) -> None:
    """Build the tiny CPU auditor offline (own tokenizer + small Llama-style LM pre-trained on customer turns)."""
    import time  # noqa: PLC0415

    from probe.auditor.tiny import build_tiny_auditor, default_tiny_path, read_build_info  # noqa: PLC0415
    from probe.registry import get_domain  # noqa: PLC0415

    t0 = time.perf_counter()
    path = build_tiny_auditor(out or default_tiny_path(), seed=seed, force=force,
                              log=lambda msg: console.print(f"[dim]{msg}[/dim]"))
    info = read_build_info(path) or {}
    console.print(f"[bold]tiny auditor[/bold] at {path}")
    console.print(f"parameters: {info.get('parameters', 0):,}  vocabulary: {info.get('vocab_size')}  "
                  f"training texts: {info.get('texts')} ({info.get('customer_turns')} customer turns)")
    if info.get("loss_start") is not None:
        console.print(f"train loss: {info['loss_start']:.3f} -> {info['loss_end']:.3f}")
    console.print(f"build seconds: {info.get('seconds_total')} (this call: {time.perf_counter() - t0:.1f}s)")
    domain = get_domain("skyassist")
    family = domain.families[seed % len(domain.families)]
    held = domain.heldout_seeds[seed % len(domain.heldout_seeds)]
    console.print(f"samples for a held-out {family} scenario (seed {held}):")
    for text in _samples(str(path), family, held, 5):
        console.print(f"  - {text}", markup=False)


@auditor_app.command("sample")
def sample(model: str = typer.Option(..., "--model", help="Model path or hub name (the tiny auditor's directory)."),
           family: str = typer.Option("one_way", "--family", help="Scenario family."),
           seed: int = typer.Option(1_000_000, "--seed", help="Scenario seed (also the sampling seed)."),
           n: int = typer.Option(5, "-n", help="Number of samples."),
           temperature: float = typer.Option(0.8, "--temperature", help="Sampling temperature.")) -> None:
    """Print opening customer messages the auditor samples for one scenario."""
    for text in _samples(model, family, seed, n, temperature):
        console.print(f"- {text}", markup=False)


__all__ = ["auditor_app"]
