"""Evaluation on held-out seeds (DESIGN section 10): metrics, methods/baselines, runner, reports.

See docs/evaluation.md for every metric's definition and the baselines.
"""

from __future__ import annotations

from typing import Any

from probe.eval.methods import METHODS, Method, make_method
from probe.eval.metrics import suite_metrics
from probe.eval.runner import evaluate, evaluate_methods


def demo_table(methods: dict[str, Method], episodes: int = 50, turns: int = 8, faults: str = "demo", *,
               env: str | None = None, out: Any = None, samples: int = 1,
               overwrite: bool = False):
    """Evaluate ``methods`` on the same held-out seeds; return ``(results, rich.Table)``.

    ``results`` is ``{name: metrics}`` (``suite_metrics`` plus sample statistics); with ``out`` the
    traces, metrics.json, report.md and plots are written there too.
    """
    from probe.core.registry import default_env

    env = env or default_env()

    results = evaluate_methods(methods, env=env, faults=faults, episodes=episodes, turns=turns, samples=samples, out=out,
                               overwrite=overwrite)
    return results, report_results(results, env=env, faults=faults, episodes=episodes, turns=turns, out=out,
                                   samples=samples)


def report_results(results: dict[str, dict[str, Any]], *, env: str, faults: str, episodes: int, turns: int,
                   out: Any = None, samples: int = 1):
    """The ``rich.Table`` of ``results`` (``evaluate_methods``' output, possibly gathered from
    several calls on the same seeds), and with ``out`` metrics.json, report.md and the plots."""
    from probe.core.registry import get_domain
    from probe.eval.report import rich_table, write_report

    if out is not None:
        write_report(out, results, [p.id for p in get_domain(env).policies],
                     {"env": env, "target": "reference", "faults": faults, "episodes": episodes, "turns": turns,
                      "samples": samples})
    title = f"held-out evaluation: {episodes} episodes x {turns} turns, faults={faults}"
    return rich_table(results, title=title)


__all__ = ["METHODS", "Method", "make_method", "suite_metrics", "evaluate", "evaluate_methods", "demo_table", "report_results"]
