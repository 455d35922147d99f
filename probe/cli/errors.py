"""The one way a ``probe`` command stops on bad input: ``fail(message)``.

Every problem is one ``error: ...`` line on stderr (a message with several problems, such as a
config with two bad keys, prints one ``error:`` line each) and the command exits with status 2
(or ``code``). ``probe.cli.main``, ``probe.cli.eval`` and ``probe.cli.auditor`` all use it.
"""

from __future__ import annotations

import re
import sys
from typing import TYPE_CHECKING, Callable, NoReturn

import typer
from rich.console import Console

from probe.core.domain import LONG_VALUE, shorten

if TYPE_CHECKING:
    from pathlib import Path

    from probe.core.domain import Domain

MAX_RUN_SEED = 2**32 - 1  # numpy's seed range: the bound of every run seed option (--seed of runs)

err = Console(stderr=True, highlight=False, soft_wrap=True, emoji=False)


# a word of a message longer than LONG_VALUE is a pasted value, shown shortened (probe.core.domain.shorten)
_WORD = re.compile(r"[^\s'\"]{%d,}" % (LONG_VALUE + 1))


def shorten_long_values(message: str) -> str:
    """``message`` with every word (a run without spaces or quotes) over ``LONG_VALUE`` characters
    shortened: a 5,000-character ``--out`` or fault name given by mistake is named, not echoed whole.
    Punctuation that ends a word (``--out VALUE: ...``) is kept after it and not counted."""
    def short(m: re.Match[str]) -> str:
        word = m.group(0)
        value = word.rstrip(":;,.")
        return shorten(value) + word[len(value):]

    return _WORD.sub(short, message)


def fail(message: str, code: int = 2) -> NoReturn:
    """Print ``error: ...`` (one line per problem of a multi-problem message, long values
    shortened: ``shorten_long_values``) and exit."""
    for line in message.splitlines() or [""]:
        err.print(f"error: {shorten_long_values(line)}", markup=False)
    raise typer.Exit(code)


def load_domain(name: str) -> "Domain":
    """The registered environment ``name``, or ``fail`` with the registry's one-line reason."""
    from probe.core.registry import get_domain  # noqa: PLC0415

    try:
        return get_domain(name)
    except ValueError as e:
        fail(str(e))


def check_seed(seed: int, domain: "Domain") -> None:
    """ValueError (one line) unless ``seed`` is a usable scenario seed: 0 to ``MAX_RUN_SEED``. Any
    such seed draws a scenario; the environment's train and held-out ranges (``probe env info``)
    are named in the message, since those are the seeds training and evaluation draw from."""
    if not 0 <= seed <= MAX_RUN_SEED:
        train, held = domain.train_seeds, domain.heldout_seeds
        shown = str(seed) if len(str(seed)) <= 30 else f"{str(seed)[:12]}… ({len(str(seed))} digits)"
        raise ValueError(f"--seed {shown} is out of range; allowed: 0 to {MAX_RUN_SEED} (training draws "
                         f"{train.start} to {train.stop - 1}, evaluation {held.start} to {held.stop - 1})")


__all__ = ["MAX_RUN_SEED", "check_seed", "err", "fail", "load_domain", "shorten", "shorten_long_values"]


def run_script(main: Callable[[], object]) -> None:
    """Run a ``scripts/*.py`` entry point that calls into the CLI's helpers: their ``fail`` has
    already printed its one ``error:`` line, so end with its status instead of a traceback."""
    try:
        main()
    except typer.Exit as e:
        sys.exit(e.exit_code)


def lock_out(folder: Path, what: str = "--out") -> Callable[[], None]:
    """One writer at a time: create ``folder`` (and the missing folders above it) and take its lock
    (``probe.train.rundir.RunLock``, as train and eval do) until this command ends (``release_locks``); a folder another
    live process holds is one error line naming that process (exit 2), and nothing is left behind.
    Returns ``undo``: frees the lock and removes the folders made here while they are empty (for a
    refusal that follows)."""
    from pathlib import Path  # noqa: PLC0415

    from probe.train.rundir import RunDirError, RunLock  # noqa: PLC0415

    folder = Path(folder)
    made = []
    d = folder
    while not d.exists() and d != d.parent:
        made.append(d)
        d = d.parent
    lock = RunLock(folder, what=what)

    def undo() -> None:
        lock.release()
        for m in made:  # deepest first
            try:
                m.rmdir()
            except OSError:
                break

    try:
        folder.mkdir(parents=True, exist_ok=True)
        lock.acquire()
    except (RunDirError, OSError) as e:
        undo()
        fail(str(e) if isinstance(e, RunDirError) else f"{what} {folder}: {e.strerror or e}")
    HELD_LOCKS.append(lock)
    return undo


HELD_LOCKS: list = []  # the locks lock_out took: freed when the command ends (probe.cli.main's group)


def release_locks() -> None:
    """Free every lock ``lock_out`` took in this process (the command has ended, however)."""
    while HELD_LOCKS:
        HELD_LOCKS.pop().release()
