"""What an opened path holds: its kind, its files, and the eval and run directories inside it.

Kinds (``detect``): ``traces`` (a trace ``.jsonl``), ``records`` (any other ``.jsonl``: AdaT or
regression outputs, read generically), ``run`` (a training run directory: ``metrics.jsonl``
beside ``config.yaml`` or ``traces/``), ``eval`` (``metrics.json`` with a ``methods`` object),
``adat`` (``statements.jsonl``, ``tests.jsonl``, ``executions.jsonl`` or ``selector_log.jsonl``,
or a directory named ``adat``), ``regression`` (``suite.json``, ``cases/``, ``baselines/``,
``quarantine.jsonl``, or a gate run's ``trials.jsonl``/``layers.jsonl``/``junit.xml``), and ``directory`` for anything else: every
kind is browsable file by file, the kind only picks the landing page.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from probe.viewer.index import sniff
from probe.viewer.paths import Root

TEXT = {".md", ".txt", ".yaml", ".yml", ".jsonl", ".json", ".csv", ".tsv", ".xml"}
IMAGES = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg"}

_sniffed: dict[tuple[str, int, int], str] = {}


def file_type(path: Path) -> str:
    """traces / records / empty (JSONL by content), image, text, or other."""
    ext = path.suffix.lower()
    if ext == ".jsonl":
        try:
            s = path.stat()
        except OSError:
            return "unreadable"
        key = (str(path), s.st_size, s.st_mtime_ns)
        if key not in _sniffed:
            _sniffed[key] = sniff(path)
        return _sniffed[key]
    if ext in IMAGES:
        return "image"
    if ext in TEXT:
        return "text"
    return "other"


def is_eval_dir(d: Path) -> bool:
    f = d / "metrics.json"
    if not f.is_file():
        return False
    try:
        data = json.loads(f.read_bytes())
    except (ValueError, OSError):
        return False
    return isinstance(data, dict) and isinstance(data.get("methods"), dict)


def is_run_dir(d: Path) -> bool:
    return (d / "metrics.jsonl").is_file() and ((d / "config.yaml").is_file() or (d / "traces").is_dir()
                                                 or (d / ".probe-run").is_file())


def _names(d: Path) -> list[str]:
    try:
        return [p.name.lower() for p in d.iterdir()]
    except OSError:
        return []


ADAT_FILES = ("statements.jsonl", "tests.jsonl", "selector_log.jsonl", "executions.jsonl")
REGRESSION_FILES = ("suite.json", "cases", "quarantine.jsonl", "trials.jsonl", "layers.jsonl", "junit.xml", "baselines")


def is_adat_dir(d: Path) -> bool:
    names = _names(d)
    return d.name.lower() == "adat" or any(n in names for n in ADAT_FILES)


def is_regression_dir(d: Path) -> bool:
    names = _names(d)
    return d.name.lower() in ("regression", "regress") or any(n in names for n in REGRESSION_FILES)


def detect(root: Root) -> str:
    if root.single is not None:
        t = file_type(root.base / root.single)
        return "traces" if t == "traces" else "records" if root.single.endswith(".jsonl") else "file"
    d = root.base
    if is_run_dir(d):
        return "run"
    if is_eval_dir(d):
        return "eval"
    if is_adat_dir(d):
        return "adat"
    if is_regression_dir(d):
        return "regression"
    return "directory"


def overview(root: Root) -> dict[str, Any]:
    """The landing data: kind, every listed file with its type and size, and the eval and run
    directories found (relative paths)."""
    files = []
    dirs: set[Path] = set()
    for p in root.listing():
        try:
            size = p.stat().st_size
        except OSError:
            continue
        files.append({"path": root.rel(p), "type": file_type(p), "size": size})
        dirs.add(p.parent)
    evals = sorted(root.rel(d) for d in dirs if is_eval_dir(d))
    runs = sorted(root.rel(d) for d in dirs if is_run_dir(d))
    # folders of trace files read as one list (a run's traces/ by update)
    groups: dict[str, int] = {}
    for f in files:
        if f["type"] == "traces":
            parent = f["path"].rpartition("/")[0]
            groups[parent] = groups.get(parent, 0) + 1
    trace_dirs = sorted(k for k, n in groups.items() if n > 1)
    jsons: dict[str, int] = {}
    for f in files:
        if f["path"].endswith(".json"):
            parent = f["path"].rpartition("/")[0]
            jsons[parent] = jsons.get(parent, 0) + 1
    record_dirs = sorted(k for k, n in jsons.items() if n > 2 and k not in evals and k not in runs)
    return {"name": root.name, "opened": root.shown, "kind": detect(root), "single": root.single is not None,
            "files": files, "eval_dirs": evals, "run_dirs": runs, "trace_dirs": trace_dirs, "record_dirs": record_dirs}


def trace_files(root: Root, rel: str) -> list[Path]:
    """The trace files a list path names: the file itself, or every trace ``.jsonl`` directly in a
    directory (sorted by name: a run's ``traces/update-00000.jsonl`` ... in update order)."""
    p = root.resolve(rel)
    if p.is_file():
        return [p]
    out = []
    for f in sorted(p.glob("*.jsonl")):
        try:
            real = root.resolve(root.rel(f), want="file")
        except ValueError:
            continue
        if file_type(real) == "traces":
            out.append(real)
    return out


def eval_info(root: Root, rel: str) -> dict[str, Any]:
    """An eval directory: settings, the metric table (the report's columns and cells), per-method
    trace files, plots and report.md."""
    from probe.eval.report import PLOTS, columns, row  # noqa: PLC0415
    from probe.eval.runner import method_dir  # noqa: PLC0415

    d = root.resolve(rel, want="dir")
    data = json.loads((d / "metrics.json").read_bytes())
    methods = data.get("methods") if isinstance(data, dict) else None
    if not isinstance(methods, dict):
        raise ValueError(f"{rel or root.name}/metrics.json has no 'methods' object")
    cols: list[tuple[str, str]] = []
    try:
        cols = columns(methods)
    except (KeyError, TypeError, AttributeError, ValueError):
        cols = [("method", "method")]
    rows, out_methods = [], []
    for name, m in methods.items():
        try:
            r = row(str(name), m)
            rows.append({"method": name, "cells": [r.get(k, "n/a") for k, _ in cols], "error": None})
        except (KeyError, TypeError, AttributeError, ValueError) as e:
            rows.append({"method": name, "cells": [str(name)] + ["n/a"] * (len(cols) - 1),
                         "error": f"{type(e).__name__}: {e}"})
        tf = method_dir(d, str(name)) / "traces.jsonl"
        out_methods.append({"name": name, "traces": root.rel(tf) if tf.is_file() else None,
                            "policies_found": m.get("policies_found", []) if isinstance(m, dict) else [],
                            "aborted": m.get("aborted") if isinstance(m, dict) else None})
    report = d / "report.md"
    return {"path": rel, "settings": data.get("settings", {}), "columns": [label for _, label in cols], "rows": rows,
            "methods": out_methods, "plots": [root.rel(d / p) for p in PLOTS if (d / p).is_file()],
            "report": report.read_text(encoding="utf-8", errors="replace") if report.is_file() else None}


CURVE_KEYS = ("return_mean", "violation_yield", "coverage_so_far", "k_max")


def run_info(root: Root, rel: str) -> dict[str, Any]:
    """A run directory: the resolved config, the training curve per update (reward, yield,
    coverage, K_max and every other numeric key), trace files, checkpoints and its eval."""
    d = root.resolve(rel, want="dir")
    series: list[dict[str, Any]] = []
    bad = 0
    numeric: list[str] = []
    mf = d / "metrics.jsonl"
    if mf.is_file():
        for raw in mf.read_bytes().splitlines():
            if not raw.strip():
                continue
            try:
                m = json.loads(raw)
                if not isinstance(m, dict):
                    raise ValueError
            except ValueError:
                bad += 1
                continue
            point = {k: v for k, v in m.items()
                     if isinstance(v, (int, float)) and not isinstance(v, bool)}
            point["policies_so_far"] = m.get("policies_so_far", [])
            point["policy_hits"] = m.get("policy_hits", {})
            series.append(point)
            numeric += [k for k in point if k not in numeric and k not in ("policies_so_far", "policy_hits")]
    cfg = d / "config.yaml"
    traces = sorted(root.rel(p) for p in (d / "traces").glob("*.jsonl")) if (d / "traces").is_dir() else []
    return {"path": rel, "config": cfg.read_text(encoding="utf-8", errors="replace") if cfg.is_file() else None,
            "metrics": series, "bad_metric_lines": bad, "curve_keys": [k for k in CURVE_KEYS if k in numeric],
            "numeric_keys": numeric, "trace_files": traces,
            "traces_dir": root.rel(d / "traces") if traces else None,
            "checkpoints": sorted(p.name for p in d.glob("ckpt-*") if p.is_dir()),
            "eval": root.rel(d / "eval") if (d / "eval").is_dir() and is_eval_dir(d / "eval") else None}


__all__ = ["detect", "overview", "eval_info", "run_info", "trace_files", "file_type", "IMAGES", "TEXT"]
