"""Run folders and append-only logs of a regression run: nothing recorded is ever lost.

Every trial and every layer result is one JSON line, appended, flushed and fsynced before the
next trial starts, so a crash loses at most the trial in flight. ``--resume`` reads the log back
(a partial last line is cut off) and skips what is there. A run folder is marked as probe's
(``.probe-regress-run``); an existing folder is continued only with ``--resume``, replaced only
with ``--overwrite`` and only when it holds nothing but probe's own files (the rule of
``probe.core.outputs``).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from probe.core.outputs import OutputExists, is_lock, listed

RUN_MARKER = ".probe-regress-run"
RUN_FILES = frozenset({RUN_MARKER, "trials.jsonl", "layers.jsonl", "verdicts.jsonl", "junit.xml", "summary.md",
                       "run.json"})


def claim_run_dir(path: Path, *, resume: bool = False, overwrite: bool = False) -> Path:
    """Check and prepare ``path`` for a run (OutputExists / ValueError: one line)."""
    path = Path(path)
    if resume and overwrite:
        raise ValueError("--resume and --overwrite cannot be combined")
    if path.exists() and not path.is_dir():
        raise OutputExists(f"{path} exists and is not a folder; choose another --out")
    entries = [p for p in path.iterdir() if not is_lock(p.name)] if path.is_dir() else []  # the lock: the caller's
    if entries:
        ours = (path / RUN_MARKER).is_file()
        if not ours:
            raise OutputExists(f"{path} exists and is not a probe regression run; refusing to write into it")
        if resume:
            return path
        if not overwrite:
            raise OutputExists(f"{path} holds an earlier run; pass --resume to continue it or --overwrite to replace it")
        foreign = sorted(p.name for p in entries if p.name not in RUN_FILES)
        if foreign:  # all of them at once, as probe eval does: not one per try
            raise OutputExists(f"{path} holds files probe did not write ({listed(foreign)}); refusing to replace it")
        for p in entries:
            p.unlink()
    elif resume:
        raise ValueError(f"--resume: no run to continue in {path}")
    path.mkdir(parents=True, exist_ok=True)
    (path / RUN_MARKER).write_text("probe regress run folder\n", encoding="utf-8")
    return path


class JsonlLog:
    """An append-only JSONL file: ``append`` flushes and fsyncs each record."""

    def __init__(self, path: Path):
        self.path = Path(path)

    def read(self) -> list[dict[str, Any]]:
        """Every complete record; a partial last line (a crash mid-write) is cut off the file."""
        if not self.path.is_file():
            return []
        data = self.path.read_bytes()
        out: list[dict[str, Any]] = []
        good = 0
        for line in data.splitlines(keepends=True):
            if not line.endswith(b"\n"):
                break
            try:
                rec = json.loads(line)
            except ValueError:
                break
            out.append(rec)
            good += len(line)
        if good < len(data):
            os.truncate(self.path, good)
        return out

    def append(self, record: dict[str, Any]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.path, "a", encoding="utf-8") as f:
            f.write(json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n")
            f.flush()
            os.fsync(f.fileno())
