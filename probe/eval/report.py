"""Evaluation reports: metrics.json, report.md, three PNG plots, and side-by-side comparisons.

Layout of an eval output directory::

    <out>/metrics.json          {"settings": {...}, "methods": {name: metrics}}
    <out>/report.md             the metrics table, policies found per method, plots
    <out>/coverage_heatmap.png  policy x method: share of episodes hitting the policy
    <out>/yield_ci.png          yield per 100 episodes with its 95% bootstrap interval
    <out>/tool_reach.png        tool-depth reach probabilities per method (grouped bars)
    <out>/<method>/traces.jsonl and <out>/<method>/metrics.json

The first column after the method is **plausible coverage** (the headline: policies exposed in
episodes whose every customer message passes the fluency check and the six rule flags, see
``probe.eval.metrics``), then raw coverage; every table has an ``implausible`` column (share of
customer messages the learned fluency check flags), a ``task success`` column (the environment's
own check of whether the target completed the customer's task, ``n/a`` where the environment
defines none or no episode was a task), a ``failed turns`` column (turns in which the target gave no usable answer, of
the turns played) and an ``excluded episodes`` column (episodes left out of the metrics because
a turn failed); report.md lists the failures by kind and the first one. A method whose target
failed a turn, or whose run stopped early, is marked in every table's method cell
(``target_failure``: ``static (target failed: 2/6 turns)``), so no table, the ``--compare`` one
included, shows it as a clean result.

``metrics`` per method is ``probe.eval.metrics.suite_metrics`` of the first sample, plus
``coverage_samples`` (mean +- sd over samples) and ``samples`` (per-sample metrics) when
several samples were run.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

from rich.table import Table

from probe.core.outputs import EVAL_PLOTS
from probe.eval.metrics import REACH_LEVELS

PLOTS = EVAL_PLOTS  # the names probe.core.outputs knows an eval folder by

COLUMNS: list[tuple[str, str]] = [
    ("method", "method"), ("plausible_found", "plausible coverage"), ("coverage_found", "coverage"),
    ("task", "task success"), ("implausible", "implausible"), ("yield", "yield/100 [95% CI]"),
    ("concentration", "concentration share"), ("multi", "multi-policy"), ("entropy", "entropy (bits)"),
    ("sev_cov", "sev. coverage %"), ("sev_yield", "sev. yield/100"),
    ("failed", "failed turns"), ("excluded", "excluded episodes"),
    ("words", "user words"), ("asst", "asst-style"), ("fab", "fabrication"), ("md", "markdown"), ("loop", "loop"),
    *[(f"reach_{lvl}", f"reach {lvl.replace('_', '/')}") for lvl in REACH_LEVELS],
]


def _levels(methods: dict[str, dict[str, Any]]) -> list[str]:
    """The reach levels of the methods' metrics, in their order (the domain's ``depth_levels`` after
    query/mutation)."""
    out: list[str] = []
    for m in methods.values():
        out += [lvl for lvl in m.get("reach", {}) if lvl not in out]
    return out or list(REACH_LEVELS)


def _concentration(m: dict[str, Any]) -> float:
    return m["concentration"] if "concentration" in m else m.get("concentration_b4_s5_b6", 0.0)  # older files


def columns(methods: dict[str, dict[str, Any]]) -> list[tuple[str, str]]:
    """``COLUMNS`` for these methods: the concentration label names the domain's policies (older
    metrics files: B4/S5/B6) and one reach column per level present."""
    first = next(iter(methods.values()), {})
    group = first.get("concentration_policies", ["B4", "S5", "B6"] if "concentration_b4_s5_b6" in first else [])
    label = f"{'/'.join(group)} share" if group else "concentration share"
    base = [(k, label if k == "concentration" else v) for k, v in COLUMNS if not k.startswith("reach_")]
    return base + [(f"reach_{lvl}", f"reach {lvl.replace('_', '/')}") for lvl in _levels(methods)]


def cli_columns(methods: dict[str, dict[str, Any]]) -> list[tuple[str, str]]:
    """The columns ``probe eval`` prints: the headline (plausible coverage, coverage, task success,
    implausible share), yield and concentration, failures, and the rule-flag rates; report.md and
    ``--compare``'s files have every column (``columns``)."""
    keep = ("method", "plausible_found", "coverage_found", "task", "implausible", "yield", "concentration", "multi",
            "sev_cov", "failed", "excluded", "words", "asst", "fab", "md", "loop")
    labels = dict(columns(methods))
    labels.update({"plausible_found": "plausible coverage", "coverage_found": "coverage"})
    return [(k, labels[k]) for k in keep]


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _task(m: dict[str, Any]) -> str:
    t = m.get("task_success")
    if not t or t.get("rate") is None:
        return "n/a"
    return f"{_pct(t['rate'])} ({t['succeeded']}/{t['episodes']})"


def _samples(cs: dict[str, Any] | None, single: str) -> str:
    if cs and cs.get("samples", 1) > 1:
        return f"{100 * cs['mean']:.0f} ± {100 * cs['sd']:.0f}% (n={cs['samples']})"
    return single


def target_failure(m: dict[str, Any]) -> str | None:
    """Why a method's metrics are not a clean result (failed target turns, a run stopped early), short;
    None when its target answered every turn (or the metrics predate failed-turn counts)."""
    f = m.get("target_failures", m)
    failed = f.get("failed_turns") if isinstance(f, dict) else None
    parts = [f"{failed}/{f.get('turns', '?')} turns"] if failed else []
    if m.get("aborted"):
        parts.append("stopped early")
    return "target failed: " + ", ".join(parts) if parts else None


def row(name: str, m: dict[str, Any]) -> dict[str, str]:
    """One method's metrics as display strings (keys of ``COLUMNS``). Metrics written before
    plausible coverage, the fluency check or task success existed show ``n/a`` there."""
    y, sy, p = m["yield_per_100"], m["severity_yield_per_100"], m["plausibility"]
    cov = _samples(m.get("coverage_samples"), _pct(m["coverage"]))
    if "plausible_coverage" in m:
        pfound = m["plausible_policies_found"]
        pcov = _samples(m.get("plausible_coverage_samples"), _pct(m["plausible_coverage"]))
        pcov_found = _samples(m.get("plausible_coverage_samples"), f"{_pct(m['plausible_coverage'])} ({len(pfound)})")
        n_plaus = f"{len(pfound)}/{m['policies_total']}"
    else:
        pcov = pcov_found = n_plaus = "n/a"
    rate = p.get("implausible_rate")
    r = {
        "plausible_coverage": pcov, "plausible_found": pcov_found, "n_plausible": n_plaus,
        "implausible": "n/a" if rate is None else _pct(rate), "task": _task(m),
        "method": name, "coverage": cov, "coverage_found": _samples(m.get("coverage_samples"), f"{_pct(m['coverage'])} ({len(m['policies_found'])})"), "n_policies": f"{len(m['policies_found'])}/{m['policies_total']}",
        "yield": f"{y['value']:.0f} [{y['lo']:.0f}, {y['hi']:.0f}]",
        "concentration": _pct(_concentration(m)), "multi": _pct(m["multi_policy_rate"]),
        "entropy": f"{m['entropy_bits']:.2f}", "sev_cov": _pct(m["severity_coverage"]), "sev_yield": f"{sy['value']:.0f}",
        "words": f"{p['mean_user_words']:.1f}", "asst": _pct(p["assistant_style_rate"]), "fab": _pct(p["fabrication_rate"]),
        "md": _pct(p["markdown_rate"]), "loop": _pct(p["loop_rate"]),
    }
    if "failed_turns" in m:
        f = m.get("target_failures", m)  # every sample's turns when there were several
        r["failed"] = f"{f['failed_turns']}/{f['turns']}"
        if f["failed_turns"]:
            r["failed"] += f" ({100 * f['failed_turn_share']:.0f}%)"
        r["excluded"] = f"{m['failed_episodes']}/{m['episodes']}"
    else:  # metrics written before failed turns were counted
        r["failed"] = r["excluded"] = "n/a"
    failure = target_failure(m)
    if failure:
        r["method"] = f"{name} ({failure})"
    for lvl, value in m["reach"].items():
        r[f"reach_{lvl}"] = f"{value:.2f}"
        r[f"reach%_{lvl}"] = _pct(value)
    return r


def rich_table(methods: dict[str, dict[str, Any]], title: str = "evaluation",
               cols: Sequence[tuple[str, str]] | None = None, *, right: Sequence[str] = (), no_wrap: bool = False,
               caption: str | None = None) -> Table:
    """The one builder of results tables: a row per method (``row``), the given ``cols`` (keys of
    ``row``, labels; default ``columns(methods)``), right-justified where the key is in ``right``."""
    cols = columns(methods) if cols is None else cols
    table = Table(title=title)
    for key, label in cols:
        table.add_column(label, no_wrap=no_wrap, justify="right" if key in right else "left")
    for name, m in methods.items():
        r = row(name, m)
        table.add_row(*[r.get(k, "n/a") for k, _ in cols])
    if caption is not None:
        table.caption = caption
        table.caption_justify = "left"
    return table


def _count(n: int) -> str:
    words = ("", "one ", "two ", "three ", "four ", "five ")
    return words[n] if n < len(words) else f"{n} "


def summary_table(methods: dict[str, dict[str, Any]], title: str, domain: Any = None) -> Table:
    """The headline columns, narrow enough for an 80-column terminal (report.md has them all); the
    caption lists the policies each method found. The concentration column names the domain's
    ``concentration_policies`` (from the metrics), the depth column is the domain's first
    ``depth_levels`` entry (the first reach level beyond query/mutation in the metrics, else
    ``mutation``)."""
    first = next(iter(methods.values()), {})
    group = first.get("concentration_policies", ["B4", "S5", "B6"] if "concentration_b4_s5_b6" in first else [])
    label = "".join(group) or "conc."
    levels = dict(getattr(domain, "depth_levels", {}) or {})
    if not levels:
        extra = [lvl for lvl in first.get("reach", {}) if lvl not in ("query", "mutation")]
        levels = {extra[0]: f"episodes reaching {extra[0]}"} if extra else {"mutation": "a mutation tool was called"}
    depth, meaning = next(iter(levels.items()))
    cols = [("method", "method"), ("plausible_found", "plausible cov."), ("coverage_found", "coverage"),
            ("implausible", "implaus."), ("task", "task ok"), ("yield", "yield/100 [CI]"),
            ("concentration", label), (f"reach%_{depth}", depth), ("failed", "failed turns")]
    found = [f"{name}: {' '.join(m.get('plausible_policies_found', [])) or '-'}"
             + (f" (+ {' '.join(extra)} only in implausible episodes)"
                if (extra := [x for x in m["policies_found"] if x not in m.get("plausible_policies_found", [])]) else "")
             for name, m in methods.items()]
    unchecked = any(m.get("fluency_checked") is False for m in methods.values())
    caption = ("plausible policies found -- " + "; ".join(found) + ". plausible cov.: policies exposed in episodes "
               "where every customer message passes the fluency check and the six plausibility flags"
               + (" (this environment has no customer corpus: six flags only)" if unchecked else "")
               + "; coverage: in any episode; implaus.: customer messages the fluency check flags; task ok: the "
               "environment's own task-success check over its task episodes (n/a: none); episodes with a failed "
               "target turn are excluded from every column, never counted clean; yield: hits per 100 episodes, 95% "
               f"episode-bootstrap CI; {label}: share of hits on those {_count(len(group))}turn-level policies; "
               f"{depth}: episodes where {meaning}; report.md has every column")
    return rich_table(methods, title, cols, right=("concentration", f"reach%_{depth}", "implausible"),
                      no_wrap=True, caption=caption)


def markdown_table(methods: dict[str, dict[str, Any]]) -> str:
    cols = columns(methods)
    lines = ["| " + " | ".join(label for _, label in cols) + " |", "|" + "---|" * len(cols)]
    for name, m in methods.items():
        r = row(name, m)
        lines.append("| " + " | ".join(r.get(k, "n/a") for k, _ in cols) + " |")
    return "\n".join(lines)


# --- plots ----------------------------------------------------------------------------------

def _plt():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _save(plt, fig, path: Path) -> Path:
    fig.tight_layout()
    # "tight" grows the canvas to the title: a narrow plot (two methods) clipped its long title
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)
    return path


def plot_coverage_heatmap(methods: dict[str, dict[str, Any]], policies: Sequence[str], path: Path) -> Path:
    """Policy x method heatmap of the share of episodes in which the method hit the policy."""
    import numpy as np

    plt = _plt()
    names = list(methods)
    data = np.zeros((len(policies), len(names)))
    for j, n in enumerate(names):
        per = methods[n].get("episodes_per_policy", {})
        eps = max(1, methods[n].get("scored_episodes", methods[n]["episodes"]))
        for i, p in enumerate(policies):
            data[i, j] = per.get(p, 0) / eps
    fig, ax = plt.subplots(figsize=(1.2 + 1.1 * len(names), 0.35 * len(policies) + 1.5))
    im = ax.imshow(data, aspect="auto", cmap="viridis", vmin=0.0, vmax=max(1e-9, float(data.max()) or 1.0))
    ax.set_xticks(range(len(names)), names, rotation=30, ha="right")
    ax.set_yticks(range(len(policies)), policies)
    for i in range(len(policies)):
        for j in range(len(names)):
            if data[i, j] > 0:
                ax.text(j, i, f"{100 * data[i, j]:.0f}", ha="center", va="center", fontsize=7,
                        color="white" if data[i, j] < 0.6 * data.max() else "black")
    fig.colorbar(im, ax=ax, label="share of episodes with a hit")
    ax.set_title("policy coverage (share of episodes hitting each policy)")
    return _save(plt, fig, path)


def plot_yield(methods: dict[str, dict[str, Any]], path: Path) -> Path:
    plt = _plt()
    names = list(methods)
    vals = [methods[n]["yield_per_100"]["value"] for n in names]
    lo = [v - methods[n]["yield_per_100"]["lo"] for n, v in zip(names, vals)]
    hi = [methods[n]["yield_per_100"]["hi"] - v for n, v in zip(names, vals)]
    fig, ax = plt.subplots(figsize=(1.5 + 1.0 * len(names), 4))
    ax.bar(range(len(names)), vals, yerr=[lo, hi], capsize=4, color="tab:blue")
    ax.set_xticks(range(len(names)), names, rotation=30, ha="right")
    ax.set_ylabel("violations per 100 episodes")
    ax.set_title("yield with 95% episode-bootstrap interval")
    return _save(plt, fig, path)


def plot_reach(methods: dict[str, dict[str, Any]], path: Path) -> Path:
    plt = _plt()
    names = list(methods)
    levels = _levels(methods)
    width = 0.8 / max(1, len(names))
    fig, ax = plt.subplots(figsize=(7, 4))
    for j, n in enumerate(names):
        xs = [i + (j - (len(names) - 1) / 2) * width for i in range(len(levels))]
        ax.bar(xs, [methods[n]["reach"].get(lvl, 0.0) for lvl in levels], width, label=n)
    ax.set_xticks(range(len(levels)), [lvl.replace("_", "/") for lvl in levels])
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("share of episodes reaching the level")
    ax.set_title("tool-depth reach")
    ax.legend(fontsize=7)
    return _save(plt, fig, path)


# --- files ----------------------------------------------------------------------------------

def write_report(out: Path, methods: dict[str, dict[str, Any]], policies: Sequence[str],
                 settings: dict[str, Any]) -> dict[str, Path]:
    """Write metrics.json, report.md and the three plots into ``out``; return their paths."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    paths = {"metrics": out / "metrics.json", "report": out / "report.md"}
    paths["metrics"].write_text(json.dumps({"settings": settings, "methods": methods}, indent=2, sort_keys=False))
    plot_coverage_heatmap(methods, policies, out / PLOTS[0])
    plot_yield(methods, out / PLOTS[1])
    plot_reach(methods, out / PLOTS[2])
    for p in PLOTS:
        paths[p] = out / p
    lines = ["# Evaluation report", "",
             "Settings: " + ", ".join(f"{k}={v}" for k, v in settings.items()), ""]
    failed = {n: m for n, m in methods.items() if m.get("failed_turns") or m.get("aborted")}
    if failed:
        lines += ["**Warning: the target failed in some turns.** Episodes with a failed turn are excluded "
                  "from the metrics; see *Target failures* below.", ""]
    lines += ["Headline: **plausible coverage**, the policies exposed in episodes where every customer message "
              "passes the learned fluency check and the six plausibility flags; raw coverage counts any episode. "
              "Episodes in which the target failed a turn are excluded from every column (never a clean result). "
              "Task success: the environment's own check of whether the target completed the customer's task, over "
              "the task episodes (n/a where the environment has none).", "",
              markdown_table(methods), "", "## Policies found", ""]
    for name, m in methods.items():
        plaus = m.get("plausible_policies_found")
        line = f"- **{name}**"
        if plaus is not None:
            line += (f": plausible ({len(plaus)}/{m['policies_total']}): {', '.join(plaus) or 'none'}; "
                     f"{m.get('plausible_episodes', 0)} of {m.get('scored_episodes', m['episodes'])} scored episodes "
                     "plausible; all episodes")
        lines.append(f"{line} ({len(m['policies_found'])}/{m['policies_total']}): {', '.join(m['policies_found']) or 'none'}")
    lines += ["", "## Target failures", ""]
    for name, m in methods.items():
        if "failed_turns" not in m:
            lines.append(f"- **{name}**: not recorded")
            continue
        f = m.get("target_failures", m)
        kinds = ", ".join(f"{k} {v}" for k, v in f.get("failure_kinds", {}).items()) or "none"
        line = (f"- **{name}**: {f['failed_turns']} of {f['turns']} turns failed, {m['failed_episodes']} of "
                f"{m['episodes']} episodes excluded; recorded failures by kind: {kinds}")
        if f.get("first_failure"):
            line += f"; first: `{' '.join(str(f['first_failure']).split())[:300]}`"
        if m.get("aborted"):
            line += f"; stopped early: {m['aborted']}"
        lines.append(line)
    for name in settings.get("skipped_methods") or []:
        lines.append(f"- **{name}**: not run (the evaluation stopped early)")
    lines += ["", "Metric definitions: docs/evaluation.md. Re-score any method's traces with "
              "`probe verify <out>/<method>/traces.jsonl`.", "",
              "## Plots", "", f"![coverage heatmap]({PLOTS[0]})", "", f"![yield]({PLOTS[1]})", "",
              f"![tool-depth reach]({PLOTS[2]})", ""]
    paths["report"].write_text("\n".join(lines))
    return paths


def load_metrics(directory: Path) -> dict[str, dict[str, Any]]:
    """The methods of an eval directory's metrics.json (ValueError: one line naming the problem)."""
    f = Path(directory) / "metrics.json"
    if not f.is_file():
        raise ValueError(f"no metrics.json in {directory} (run probe eval --out {directory} first)")
    try:
        data = json.loads(f.read_bytes().decode("utf-8"))
    except (ValueError, OSError) as e:  # not JSON, not UTF-8, unreadable
        raise ValueError(f"{f} cannot be read as an eval metrics file ({e})") from None
    if not isinstance(data, dict) or not isinstance(data.get("methods"), dict):
        raise ValueError(f"{f} is not an eval metrics file (no 'methods' object)")
    for name, m in data["methods"].items():
        try:
            row(str(name), m)
        except (KeyError, TypeError, AttributeError, ValueError) as e:
            raise ValueError(f"{f}: method {name!r} is not an eval metrics entry ({type(e).__name__}: {e})") from None
    return data["methods"]


def settings_differences(dirs: Sequence[Path]) -> list[str]:
    """One line per setting (episodes, turns, faults, ...) that differs between the eval directories'
    metrics.json files, naming each directory's value; empty when they agree. The sampling settings
    of each method, the judge and the skipped methods are not compared (they belong to methods)."""
    per_dir = []
    for d in dirs:
        try:
            data = json.loads((Path(d) / "metrics.json").read_bytes().decode("utf-8"))
            settings = data.get("settings") if isinstance(data, dict) else None
        except (OSError, ValueError):
            settings = None
        per_dir.append(settings if isinstance(settings, dict) else {})
    keys = [k for s in per_dir for k in s if not k.startswith("sampling[") and k not in ("judge", "skipped_methods")]
    lines = []
    for key in dict.fromkeys(keys):
        values = [s.get(key, "n/a") for s in per_dir]
        if len({json.dumps(v, sort_keys=True, default=str) for v in values}) > 1:
            lines.append(f"the compared evals differ in {key}: " + ", ".join(f"{v} ({d})" for v, d in zip(values, dirs)))
    return lines


def compare(dirs: Sequence[Path]) -> tuple[dict[str, dict[str, Any]], Table, str]:
    """Merge the methods of several eval directories into one table (names prefixed with the dir when they clash)."""
    merged: dict[str, dict[str, Any]] = {}
    for d in dirs:
        for name, m in load_metrics(Path(d)).items():
            key = name if name not in merged else f"{Path(d).name}/{name}"
            merged[key] = m
    return merged, rich_table(merged, title="comparison", cols=cli_columns(merged)), markdown_table(merged)


__all__ = ["COLUMNS", "columns", "cli_columns", "PLOTS", "row", "target_failure", "rich_table", "summary_table", "markdown_table", "write_report", "compare", "load_metrics", "settings_differences",
           "plot_coverage_heatmap", "plot_yield", "plot_reach"]
