"""Run directories: safe names, one writer at a time, and replacing only what probe wrote.

* ``check_run_name`` / ``resolve_run_dir``: a run name is one path component, and the run
  directory resolves to a child of ``out_dir`` (a symlink pointing elsewhere is refused).
* ``RunLock``: ``<run>/.lock`` holds pid, host, start time (and the SLURM job id) while a
  process trains in the run. It is created atomically (written to a temp file, then hard-linked
  into place, which fails when a lock exists). A lock of a dead process on this host, or of the
  same SLURM job (requeued), is stale and replaced; any other lock makes the second writer stop
  with ``RunDirError``.
* ``open_run_dir``: the policy for ``probe train`` / ``probe demo``. A fresh run needs a missing
  or empty directory; ``--resume`` needs a probe run directory (its ``.probe-run`` marker; file
  names alone prove nothing) or the folder ``slurm/train_two_gpu.sbatch`` made for a new run
  (only its logs, ``jobs.log`` among them); ``--overwrite`` replaces a previous run only after
  checking every entry in it, recursively, is one probe writes (``foreign_entries``); it keeps
  the Slurm scripts' logs (``probe.core.outputs.SLURM_LOGS``), which are probe's, not the user's.

Nothing here deletes anything but the entries a probe run directory is made of.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import time
from pathlib import Path, PurePosixPath

from probe.core.outputs import foreign_files, is_eval_entry, is_lock, is_slurm_log

MARKER = ".probe-run"
LOCK = ".lock"
# the entries a probe run directory is made of (see probe.train.loop); anything else is the user's
RUN_FILES = {MARKER, LOCK, "config.yaml", "metrics.jsonl", "traces", "eval", "adat", "wandb"}  # adat: `probe adat run --run NAME`
RUN_CKPT_PREFIXES = ("ckpt-", ".tmp-ckpt-", "broken-ckpt-")  # checkpoint folders (probe.train.checkpoint)
RUN_TEMP_PREFIXES = (".metrics.jsonl.tmp", ".config.yaml.tmp")  # files being written (and the lock's: is_lock)


class RunDirError(ValueError):
    """A run directory that cannot be used as asked; ``str()`` is one line."""


def check_run_name(name: str) -> str:
    """``name`` if it is one plain path component, else ``ValueError`` saying why."""
    if not isinstance(name, str) or not name.strip():
        raise ValueError("must be one directory name, got an empty name")
    if name in (".", ".."):
        raise ValueError(f"must be one directory name, not {name!r}")
    if "/" in name or "\\" in name or os.sep in name or (os.altsep and os.altsep in name):
        raise ValueError(f"must be one directory name without path separators, got {name!r}")
    if "\x00" in name or any(ord(c) < 32 for c in name):
        raise ValueError(f"must not contain control characters, got {name!r}")
    if name != name.strip():
        raise ValueError(f"must not start or end with spaces, got {name!r}")
    return name


def resolve_run_dir(out_dir: str | Path, run_name: str) -> Path:
    """``out_dir/run_name``, checked to resolve inside ``out_dir`` (``RunDirError`` otherwise)."""
    try:
        check_run_name(run_name)
    except ValueError as e:
        raise RunDirError(f"config key 'run_name' {e}") from None
    base = Path(out_dir or ".")
    if base.exists() and not base.is_dir():
        raise RunDirError(f"out_dir {base} exists and is not a directory")
    run = base / run_name
    root = base.resolve()
    if run.resolve().parent != root:
        raise RunDirError(f"run directory {run} resolves to {run.resolve()}, outside out_dir {root}")
    if run.exists() and not run.is_dir():
        raise RunDirError(f"run directory {run} exists and is not a directory")
    return run


def is_probe_run_dir(path: Path) -> bool:
    """True for a directory probe made a run in: it holds the marker (``open_run_dir`` writes it
    first). A ``config.yaml`` beside a ``metrics.jsonl`` may be anybody's: it proves nothing."""
    path = Path(path)
    return path.is_dir() and (path / MARKER).is_file()


def is_slurm_start(path: Path) -> bool:
    """True for the folder ``slurm/train_two_gpu.sbatch`` makes before its first ``probe train
    --resume``: nothing in it but the Slurm scripts' logs, its ``jobs.log`` among them."""
    names = [p.name for p in Path(path).iterdir()] if Path(path).is_dir() else []
    return "jobs.log" in names and all(is_slurm_log(n) or is_lock(n) for n in names)


_TRACE_FILE = re.compile(r"update-\d+\.jsonl")


def _checkpoint_entry(ckpt: Path, rel: PurePosixPath, is_dir: bool, manifests: dict) -> bool:
    """An entry of a checkpoint folder: a file its manifest lists (or the manifest), a folder on the
    way to one; without a readable manifest (an unfinished or broken checkpoint), the names
    ``probe.train.checkpoint.save_checkpoint`` writes (adapter/ holds what the adapter library saves)."""
    from probe.train.checkpoint import MANIFEST, STATE, TENSORS

    if ckpt not in manifests:
        try:
            manifests[ckpt] = set(json.loads((ckpt / MANIFEST).read_text())["files"])
        except (OSError, ValueError, KeyError, TypeError):
            manifests[ckpt] = None
    listed = manifests[ckpt]
    path = rel.as_posix()
    if listed is not None and path != MANIFEST:
        return any(f.startswith(path + "/") for f in listed) if is_dir else path in listed
    if rel.parts[0] == "adapter":
        return True
    return len(rel.parts) == 1 and not is_dir and rel.name in (MANIFEST, STATE, TENSORS, "step.json")


def foreign_entries(path: Path) -> list[str]:
    """Entries of a run directory that probe does not write there, recursively (relative paths):
    its own files (``RUN_FILES``, temporary files), ``traces/update-*.jsonl``, an eval folder's
    files in ``eval/``, AdaT's files in ``adat/``, what the manifest of each checkpoint lists, the
    logs ``slurm/*.sbatch`` and ``slurm/launch.sh`` write into the run (``is_slurm_log``: probe's,
    so they never block ``--overwrite``, which keeps them); ``wandb/`` is wandb's own and is not
    looked into."""
    from probe.adat.pipeline import FILES as ADAT_FILES

    path = Path(path)
    manifests: dict = {}

    def owned(rel: PurePosixPath, is_dir: bool) -> bool:
        top = rel.parts[0]
        if len(rel.parts) == 1:
            if is_dir:
                return top in ("traces", "eval", "adat", "wandb") or top.startswith(RUN_CKPT_PREFIXES)
            return top in RUN_FILES or top.startswith(RUN_TEMP_PREFIXES) or is_lock(top) or is_slurm_log(top)
        inner = PurePosixPath(*rel.parts[1:])
        if top == "traces":
            return not is_dir and len(inner.parts) == 1 and _TRACE_FILE.fullmatch(inner.name) is not None
        if top == "eval":
            return is_eval_entry(inner, is_dir)
        if top == "adat":
            return not is_dir and len(inner.parts) == 1 and inner.name in ADAT_FILES
        if top == "wandb":
            return True
        return _checkpoint_entry(path / top, inner, is_dir, manifests)

    return foreign_files(path, owned)


# --- the lock ------------------------------------------------------------------------------------

def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except (OverflowError, ValueError):
        return False
    return True


class RunLock:
    """``<run>/.lock`` while this process writes the run; ``release()`` (or ``with``) removes it."""

    def __init__(self, run_dir: Path, what: str = "run directory"):
        self.run_dir = Path(run_dir)
        self.path = self.run_dir / LOCK
        self.held = False
        self.what = what  # how the error lines name the folder ("--out" for an eval's output folder)

    def acquire(self) -> "RunLock":
        info = {"pid": os.getpid(), "host": socket.gethostname(), "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
        if os.environ.get("SLURM_JOB_ID"):
            info["slurm_job"] = os.environ["SLURM_JOB_ID"]
        tmp = self.run_dir / f".lock.{os.getpid()}.tmp"
        tmp.write_text(json.dumps(info))
        try:
            for _ in range(3):
                try:
                    os.link(tmp, self.path)
                    self.held = True
                    return self
                except FileExistsError:
                    holder = self._holder()
                    if not self._stale(holder):
                        who = (f"pid {holder.get('pid')} on host {holder.get('host')} since {holder.get('started')}"
                               if holder else "an unreadable lock file")
                        raise RunDirError(f"{self.what} {self.run_dir} is in use by {who}; wait for it to finish "
                                          f"or, if no such process runs, remove {self.path}") from None
                    self.path.unlink(missing_ok=True)  # a dead process's lock on this host
            raise RunDirError(f"could not lock {self.run_dir}: the lock file keeps reappearing")
        finally:
            tmp.unlink(missing_ok=True)

    def _holder(self) -> dict | None:
        try:
            data = json.loads(self.path.read_text())
            return data if isinstance(data, dict) else None
        except (OSError, ValueError):
            return None

    @staticmethod
    def _stale(holder: dict | None) -> bool:
        """A dead process's lock on this host, or a lock of this very SLURM job (requeued, maybe
        on another node: its earlier incarnation is gone)."""
        if not holder:
            return False
        job = os.environ.get("SLURM_JOB_ID")
        if job and holder.get("slurm_job") == job and holder.get("pid") != os.getpid():
            return True
        if holder.get("host") != socket.gethostname():
            return False  # another host's process cannot be checked from here
        pid = holder.get("pid")
        return isinstance(pid, int) and pid != os.getpid() and not _pid_alive(pid)

    def release(self) -> None:
        if self.held:
            holder = self._holder()
            if holder and holder.get("pid") == os.getpid():
                self.path.unlink(missing_ok=True)
            self.held = False

    def __enter__(self) -> "RunLock":
        return self.acquire() if not self.held else self

    def __exit__(self, *exc) -> None:
        self.release()


# --- the policy of train / demo --------------------------------------------------------------------

def _write_marker(run: Path) -> None:
    if not (run / MARKER).exists():
        (run / MARKER).write_text(json.dumps({"kind": "probe-run", "version": 1,
                                              "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}) + "\n")


def check_run_dir(run: Path, *, resume: bool = False, overwrite: bool = False) -> None:
    """``open_run_dir``'s refusals (``RunDirError``) without touching the disk: callers run it
    before expensive work (building the tiny auditor takes minutes) so that a bad run directory
    is refused at once. ``open_run_dir`` runs the same checks when it claims the directory."""
    run = Path(run)
    if resume and overwrite:
        raise RunDirError("--resume and --overwrite cannot be combined")
    existed = run.is_dir()
    if resume and not is_probe_run_dir(run) and not is_slurm_start(run) and not (existed and any(run.iterdir())):
        raise RunDirError(f"--resume: no run to resume in {run} ({'it is empty' if existed else 'it does not exist'}); "
                          "nothing was changed; start it without --resume, or check run_name and out_dir")
    if existed and any(run.iterdir()):
        if resume and is_slurm_start(run):
            return  # the Slurm script's first start of this run: a new run beside its logs
        if not is_probe_run_dir(run):
            raise RunDirError(f"run directory {run} exists and is not a probe run directory (no {MARKER}); nothing "
                              "was changed; choose another run_name or out_dir")
        if not resume and not overwrite:
            raise RunDirError(f"run directory {run} already holds a run; use --resume to continue it, "
                              "--overwrite to replace it, or another run_name")
        if overwrite:
            foreign = foreign_entries(run)
            if foreign:
                more = f" and {len(foreign) - 5} more" if len(foreign) > 5 else ""
                raise RunDirError(f"run directory {run} holds entries probe did not write ({', '.join(foreign[:5])}{more}); "
                                  "nothing was changed; --overwrite replaces only probe runs: move them away or choose "
                                  "another run_name")


def open_run_dir(run: Path, *, resume: bool = False, overwrite: bool = False) -> RunLock:
    """Check ``run`` may be written as asked, create it, lock it; return the held lock.

    fresh: the directory must be missing or empty. resume: a probe run, or the Slurm script's
    folder for a new run (``is_slurm_start``). overwrite: a previous probe run (only probe's own
    entries) is cleared under the lock. The marker is written only into a folder that was not a
    run yet: a resume of a run adds nothing here.
    """
    run = Path(run)
    check_run_dir(run, resume=resume, overwrite=overwrite)
    existed = run.is_dir()
    try:
        run.mkdir(parents=True, exist_ok=True)
        lock = RunLock(run).acquire()
    except OSError as e:
        raise RunDirError(f"cannot write run directory {run}: {e.strerror or type(e).__name__}") from None
    try:
        if overwrite and existed:
            for entry in run.iterdir():
                if entry.name == LOCK or (is_slurm_log(entry.name) and entry.is_file() and not entry.is_symlink()):
                    continue  # the lock; the Slurm scripts' logs, the running job's among them, are kept
                if entry.is_dir() and not entry.is_symlink():
                    shutil.rmtree(entry)
                else:
                    entry.unlink()
        _write_marker(run)
    except BaseException:
        lock.release()
        raise
    return lock


__all__ = ["RunDirError", "RunLock", "check_run_name", "resolve_run_dir", "is_probe_run_dir", "is_slurm_start",
           "check_run_dir", "open_run_dir",
           "foreign_entries", "MARKER", "LOCK"]
