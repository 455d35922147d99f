"""Output files of probe's commands: replaced only when asked, and only when they are probe's own.

``probe eval`` and ``probe suite`` write ``traces.jsonl`` into an output folder. A second run into
the same folder must not silently delete the first run's traces, nor any file that merely has
the same name: ``claim_trace_file`` refuses an existing file unless ``overwrite`` is given, and
even then replaces it only when it reads as a probe trace file (every non-empty line among the
first few is a JSON object with ``id`` and ``messages``), so a user's own file is never removed.

``probe play --out FILE`` appends: ``claim_append_file`` accepts a missing or blank file or a
probe trace file play started (its first line is a trace record, not another command's) and says
whether a newline must be written first; ``--record FILE`` appends to a new file or a recording
(``claim_recording``). Nothing is written inside another command's output folder (an eval's, a
training run's, an AdaT or regression run's: ``owning_run``) by a command that did not make it.

An eval output folder (``probe eval --out``, layout in ``probe.eval.report``) is probe's when it
holds the marker ``.probe-eval``; ``check_eval_dir`` accepts a new or empty folder, refuses any
other folder without the marker, and refuses an earlier eval's folder unless ``overwrite`` is
given and every entry in it, recursively, is one probe eval writes (``foreign_files``). The logs
the Slurm scripts write beside probe's files (``SLURM_LOGS``) are never in the way and never
replaced.

Before a command writes anywhere, ``path_length_problem`` refuses a path the file system cannot
hold (a name over 255 bytes, a path of 4096 bytes or more) and ``write_problem`` says why nothing
can be written there (a file in place of a folder, a read-only or pseudo file system, a folder
without permission), by trying it: as root, permission bits say nothing.
"""

from __future__ import annotations

import fnmatch
import json
import os
import re
import tempfile
from pathlib import Path, PurePosixPath
from typing import Callable


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


def claim_trace_file(path: str | Path, *, overwrite: bool, writer: str | None = None) -> Path:
    """Check that ``path`` may be written as a fresh trace file; return it.

    A missing file is fine. An existing one needs ``overwrite`` and must be a probe trace file
    (``is_probe_trace_file``); with ``writer`` (``probe suite``: "suite") one that command wrote
    too (its first trace's ``meta.source``), so that play's or an eval's traces of the same name
    are never replaced; otherwise ``OutputExists``. Nothing is deleted here: the caller truncates
    the file when it starts writing, after every check has passed.
    """
    path = Path(path)
    if not path.exists():
        return path
    if not path.is_file():
        raise OutputExists(f"{path} exists and is not a file; choose another --out")
    # what may never be replaced is said first, so that the advice to pass --overwrite is only given
    # where --overwrite then works
    if path.stat().st_size and not is_probe_trace_file(path):
        raise OutputExists(f"{path} exists and is not a probe trace file; nothing was changed: move it away or "
                           "choose another --out")
    if writer is not None and path.stat().st_size and (source := trace_source(_first_line(path))) != writer:
        raise OutputExists(f"{path} was not written by probe {writer} (its traces are "
                           f"{'from probe ' + source if source else 'of unknown origin'}); nothing was changed: "
                           "move it away or choose another --out")
    if not overwrite:
        raise OutputExists(f"{path} already exists; pass --overwrite to replace it, or choose another --out")
    return path


def _trace_line(raw: bytes) -> bool:
    """One line of a probe trace file: a JSON object with ``id`` and a ``messages`` list."""
    try:
        record = json.loads(raw)
    except (ValueError, RecursionError):
        return False
    return isinstance(record, dict) and "id" in record and isinstance(record.get("messages"), list)


def _first_line(path: Path) -> bytes:
    """The first non-blank line of ``path`` (b"" for a blank file)."""
    with open(path, "rb") as f:
        return next((raw for raw in f if raw.strip()), b"")


def trace_source(raw: bytes) -> str | None:
    """``meta.source`` of one trace line (which command wrote it: play, suite, eval, train, ...), or
    None when the line does not say (a hand-made or logged trace, an old file)."""
    try:
        meta = json.loads(raw).get("meta")
    except (ValueError, RecursionError, AttributeError):
        return None
    source = meta.get("source") if isinstance(meta, dict) else None
    return source if isinstance(source, str) else None


# Folders another command owns, by the marker it writes first: nothing else writes inside them (a
# trace appended to an eval's traces.jsonl, or a file beside them, makes that run say what it is not).
# (EVAL_MARKER below, probe.train.rundir.MARKER, probe.adat.pipeline.MARKER, probe.regression.runlog.RUN_MARKER,
# SUITE_OWNER_MARKER: a regression suite folder, whose cases and baselines no trace file may join)
SUITE_OWNER_MARKER = ".probe-regress-suite"
OWNER_MARKERS = ((".probe-eval", "probe eval"), (".probe-run", "probe train"), (".probe-adat", "probe adat run"),
                 (".probe-regress-run", "probe regress"), (SUITE_OWNER_MARKER, "probe regress export"))


def not_a_file(path: str | Path, what: str) -> str:
    """The error line for an input file that is not one: missing, or a directory (named as such)."""
    path = Path(path)
    if path.is_dir():
        return f"{what} {path} is a directory, not a file"
    return f"{what} file not found: {path}"


def owning_run(path: str | Path) -> tuple[Path, str] | None:
    """The folder at or above ``path`` (symbolic links followed) that another command marked as its
    output, and that command; None when there is none."""
    here = Path(path).resolve()
    for folder in (here, *here.parents):
        for marker, command in OWNER_MARKERS:
            if (folder / marker).is_file():
                return folder, command
    return None


def refuse_inside_a_run(path: str | Path, flag: str) -> None:
    """``OutputExists`` (one line) when ``path`` lies inside another command's output folder."""
    owner = owning_run(path)
    if owner is not None:
        folder, command = owner
        raise OutputExists(f"{flag} {path} is inside {folder}, a folder {command} wrote; refusing to write there "
                           "(nothing was changed): choose a path outside it")


def claim_append_file(path: str | Path, writer: str = "play") -> bool:
    """Check that a trace may be appended to ``path``; True when the file does not end with a
    newline (the caller writes one first, so that the trace starts a line of its own).

    A missing or blank file is fine, outside another command's output folder (``owning_run``).
    Otherwise the file must be a probe trace file that ``writer`` started: its first non-blank
    line is a trace record (later bad lines are ``probe verify``'s to report, one by one) whose
    ``meta.source`` is ``writer`` or unsaid; a suite's or an eval's traces are theirs. Anything
    else, a line cut short included, is ``OutputExists`` (one line) and nothing is written.
    """
    path = Path(path)
    refuse_inside_a_run(path, "--out")
    if not path.is_file():
        return False
    first = _first_line(path)
    if not first:
        return False  # blank: a newline before the trace changes nothing a reader sees
    if not _trace_line(first):
        raise OutputExists(f"--out {path} exists and is not a probe trace file; refusing to append to it "
                           "(give a new file or a trace file written by probe)")
    source = trace_source(first)
    if source not in (None, writer):
        raise OutputExists(f"--out {path} holds traces probe {source} wrote; refusing to append to it (give a new "
                           f"file or a trace file probe {writer} started)")
    with open(path, "rb") as f:
        f.seek(-1, 2)
        return f.read(1) != b"\n"


def _recording_line(raw: bytes) -> bool:
    """One line of a completion recording (``probe.targets.replay``): ``request_hash`` and a
    ``response`` or an ``error``."""
    try:
        entry = json.loads(raw)
    except (ValueError, RecursionError):
        return False
    return isinstance(entry, dict) and "request_hash" in entry and ("response" in entry or "error" in entry)


def claim_recording(path: str | Path, *, inputs: dict[str, Path | None] | None = None) -> None:
    """Check, before any request, that ``--record`` may append completions to ``path``: a new or
    blank file, or a recording (its first non-blank line is a recording entry), never a folder,
    one of the command's ``inputs`` (flag -> path, e.g. the ``--script``) or a file inside another
    command's output folder. ``OutputExists``/``ValueError`` (one line) otherwise."""
    path = Path(path)
    if (problem := path_length_problem(path)) is not None:
        raise ValueError(f"--record {path}: {problem}")
    if path.is_dir():
        raise ValueError(f"--record {path} is a directory; give a .jsonl file path for the recording")
    for flag, given in (inputs or {}).items():
        if given is not None and path.exists() and given.exists() and os.path.samefile(path, given):
            raise OutputExists(f"--record {path} is the {flag} file; refusing to write into an input (give a new "
                               "file for the recording)")
    refuse_inside_a_run(path, "--record")
    if path.exists() and not path.is_file():
        raise ValueError(f"--record {path} is not a regular file")
    if path.is_file():
        first = _first_line(path)
        if first and not _recording_line(first):
            raise OutputExists(f"--record {path} exists and is not a recording (no request_hash on its first line); "
                               "refusing to append to it: give a new file or a recording written with --record")
    if (problem := write_problem(path)) is not None:
        raise ValueError(f"--record {path}: {problem}")


# --- output folders ---------------------------------------------------------------------------------

# Logs slurm/train_two_gpu.sbatch and slurm/eval.sbatch write into a run or eval folder before probe
# runs there (and launch.sh's --output, slurm-<jobid>.out): never in the way, never replaced.
SLURM_LOGS = ("vllm.log", "train.log", "eval.log", "jobs.log", "slurm-*.out")
LOCK = ".lock"  # probe.train.rundir.RunLock; it writes its claim first to ".lock.<pid>.tmp"
_LOCK_TEMP = re.compile(r"\.lock\.[0-9]+\.tmp")


def is_slurm_log(name: str) -> bool:
    return any(fnmatch.fnmatchcase(name, pattern) for pattern in SLURM_LOGS)


def is_lock(name: str) -> bool:
    """The lock or the temporary file ``RunLock`` writes it from (``.lock.<pid>.tmp``), nothing else:
    a user's ``.lock.mine.tmp`` is the user's."""
    return name == LOCK or _LOCK_TEMP.fullmatch(name) is not None


def foreign_files(folder: str | Path, owned: Callable[[PurePosixPath, bool], bool]) -> list[str]:
    """Paths under ``folder`` (relative, '/'-separated, sorted) that ``owned(relative path, is_dir)``
    rejects, recursively: an owned folder is looked into, a rejected one is named as a whole. A
    symbolic link is never owned (nothing is followed out of the folder)."""
    folder = Path(folder)
    found: list[str] = []

    def walk(d: Path) -> None:
        for p in sorted(d.iterdir()):
            rel = PurePosixPath(p.relative_to(folder).as_posix())
            is_dir = p.is_dir() and not p.is_symlink()
            if p.is_symlink() or not owned(rel, is_dir):
                found.append(str(rel))
            elif is_dir:
                walk(p)

    walk(folder)
    return found


EVAL_MARKER = ".probe-eval"
EVAL_PLOTS = ("coverage_heatmap.png", "yield_ci.png", "tool_reach.png")
EVAL_FILES = frozenset({"metrics.json", "report.md", *EVAL_PLOTS, "compare.md", "compare.json"})
METHOD_FILES = frozenset({"traces.jsonl", "metrics.json"})


def is_eval_entry(rel: PurePosixPath, is_dir: bool) -> bool:
    """An entry ``probe eval`` writes in its output folder: the marker, the report files, a method
    folder (``<method>/``) holding ``traces.jsonl`` and ``metrics.json``; plus the lock and the
    Slurm scripts' logs, which it never replaces."""
    if len(rel.parts) == 1:
        name = rel.name
        return is_dir or name in EVAL_FILES or name == EVAL_MARKER or is_lock(name) or is_slurm_log(name)
    return len(rel.parts) == 2 and not is_dir and rel.name in METHOD_FILES


def listed(names: list[str], n: int = 3) -> str:
    """``a, b, c and 2 more``: the names an error line gives."""
    return ", ".join(names[:n]) + (f" and {len(names) - n} more" if len(names) > n else "")


_listed = listed


def check_eval_dir(out: str | Path, *, overwrite: bool) -> None:
    """Whether ``probe eval --out`` (or ``--compare --out``) may write into ``out``, without touching
    the disk; ``OutputExists`` (one line) otherwise.

    A missing folder, an empty one, or one holding only the Slurm scripts' logs: yes. A folder
    without ``EVAL_MARKER``: no. An earlier eval's folder: only with ``overwrite``, and only when
    every entry in it, recursively, is one probe eval writes (``is_eval_entry``).
    """
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise OutputExists(f"--out {out} is a file, not a directory")
    if not out.is_dir():
        return
    entries = sorted(p.name for p in out.iterdir() if not is_slurm_log(p.name) and not is_lock(p.name))
    if not entries:
        return
    if EVAL_MARKER not in entries or not (out / EVAL_MARKER).is_file():
        raise OutputExists(f"--out {out} is not empty and was not written by probe eval (no {EVAL_MARKER}; it holds "
                           f"{_listed(entries)}); nothing was changed: choose a new or empty folder")
    earlier = [n for n in entries if n != EVAL_MARKER]
    if earlier and not overwrite:
        raise OutputExists(f"--out {out} already exists; pass --overwrite to replace the earlier eval there "
                           f"({_listed(earlier)}), or choose another --out")
    foreign = foreign_files(out, is_eval_entry)
    if foreign:
        raise OutputExists(f"--out {out} holds files probe eval did not write ({_listed(foreign)}); nothing was "
                           "changed: move them away or choose another --out")


def write_eval_marker(out: str | Path) -> None:
    """Mark ``out`` as a probe eval output folder (kept when it exists)."""
    marker = Path(out) / EVAL_MARKER
    if not marker.exists():
        marker.write_text(json.dumps({"kind": "probe-eval", "version": 1}) + "\n")


def probe_cache_problem(root: str | None) -> str | None:
    """Why ``PROBE_CACHE`` (``root``; unset or empty: the repository's cache) cannot hold probe's
    cached builds, without writing anything, or None: it must be a folder, or a path whose nearest
    existing ancestor is a writable folder. Read before a command starts, so that a bad value is
    one line at once instead of an error after minutes of building."""
    if not root:
        return None
    path = Path(os.path.expanduser(root))
    if path.exists() and not path.is_dir():
        return f"PROBE_CACHE={root} is a file, not a directory; point it at a folder (new or probe's cache)"
    parent = nearest_existing(path)
    if not parent.is_dir():
        return f"PROBE_CACHE={root}: {parent} is a file, not a directory; point it at a folder"
    if not os.access(parent, os.W_OK | os.X_OK):
        return f"PROBE_CACHE={root}: {parent} is not writable; point it at a folder you can write"
    return None


NAME_MAX = 255  # bytes in one name of a path (Linux, macOS and the usual file systems)
PATH_MAX = 4096  # bytes in a whole path, its end included (Linux)


def path_length_problem(path: str | Path) -> str | None:
    """Why the file system cannot hold ``path`` (a name in it over ``NAME_MAX`` bytes, or the whole
    over ``PATH_MAX - 1``), or None. Counted in bytes of the file system's encoding, as the kernel does."""
    raw = os.fsencode(str(path))
    longest = max(len(part) for part in raw.split(b"/"))
    if longest > NAME_MAX:
        return (f"a name in it is {longest} bytes long; allowed: at most {NAME_MAX} bytes per name "
                "(the file system's limit)")
    if len(raw) >= PATH_MAX:
        return f"it is {len(raw)} bytes long; allowed: less than {PATH_MAX} bytes in all (the system's limit)"
    return None


def nearest_existing(path: str | Path) -> Path:
    """``path`` or its nearest ancestor that exists (``.`` for a relative path with none)."""
    path = Path(path)
    while not path.exists() and path != path.parent:
        path = path.parent
    return path


def write_problem(path: str | Path) -> str | None:
    """Why nothing can be written at ``path`` (a file to create or append to, or a folder to create
    or write into), or None. It is tried, leaving nothing behind: an existing file is opened for
    appending and closed; otherwise a temporary file is made and removed in the nearest existing
    folder on the way. The reason is the system's (``Operation not permitted``, ``Permission
    denied``, ``Read-only file system``) or ``X is not a directory`` for a file on the way."""
    try:
        problem = path_length_problem(path)
        if problem is not None:
            return problem
        path = Path(path)
        if path.exists() and not path.is_dir():
            if path.is_file():
                with open(path, "ab"):
                    pass
            return None  # a device or a pipe: opened by the writer itself
        folder = nearest_existing(path)
        if not folder.is_dir():
            return f"{folder} is not a directory" + (" (it is a file)" if folder.is_file() else "")
        fd, name = tempfile.mkstemp(prefix=".probe-write-check-", dir=folder)
        os.close(fd)
        os.unlink(name)
    except OSError as e:
        return e.strerror or str(e)
    return None
