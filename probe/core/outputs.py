"""Output files of probe's commands: replaced only when asked, and only when they are probe's own.

``probe eval`` and ``probe suite`` write ``traces.jsonl`` into an output folder. A second run into
the same folder must not silently delete the first run's traces, nor any file that merely has
the same name: ``claim_trace_file`` refuses an existing file unless ``overwrite`` is given, and
even then replaces it only when it reads as a probe trace file (every non-empty line among the
first few is a JSON object with ``id`` and ``messages``), so a user's own file is never removed.
"""

from __future__ import annotations

import json
from pathlib import Path


class OutputExists(ValueError):
    """An output file is already there and may not be replaced (one line, names the path)."""


def is_probe_trace_file(path: Path, lines: int = 5) -> bool:
    """True when the first ``lines`` non-empty lines of ``path`` are probe trace records."""
    try:
        with open(path, "rb") as f:
            seen = 0
            for raw in f:
                if not raw.strip():
                    continue
                record = json.loads(raw)
                if not (isinstance(record, dict) and "id" in record and isinstance(record.get("messages"), list)):
                    return False
                seen += 1
                if seen >= lines:
                    break
    except (OSError, ValueError, RecursionError):
        return False
    return True


def claim_trace_file(path: str | Path, *, overwrite: bool) -> Path:
    """Check that ``path`` may be written as a fresh trace file; return it.

    A missing file is fine. An existing one needs ``overwrite`` and must be a probe trace file
    (``is_probe_trace_file``); otherwise ``OutputExists``. Nothing is deleted here: the caller
    truncates the file when it starts writing, after every check has passed.
    """
    path = Path(path)
    if not path.exists():
        return path
    if not path.is_file():
        raise OutputExists(f"{path} exists and is not a file; choose another --out")
    if not overwrite:
        raise OutputExists(f"{path} already exists; pass --overwrite to replace it, or choose another --out")
    if path.stat().st_size and not is_probe_trace_file(path):
        raise OutputExists(f"{path} exists and is not a probe trace file; refusing to replace it")
    return path
