"""SIGTERM handled as Ctrl-C while a command writes a run or an eval.

``kill PID`` and a batch system's time limit send SIGTERM, whose default action ends the process
at once: no ``finally`` runs, so a run's ``.lock`` or an eval's staging folder would be left
behind. Inside ``sigterm_as_interrupt()`` SIGTERM raises ``Terminated``, a ``KeyboardInterrupt``,
so the command's Ctrl-C path (locks released, partial output removed, one line) runs, and
``exit_code`` gives 143 instead of 130, as a shell reports the signal (128 + 15).
"""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Any, Iterator


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the signal arrived."""


def _raise(signum: int, frame: Any) -> None:
    raise Terminated()


def watch() -> Any:
    """Install the handler (main thread only: elsewhere signals cannot be handled); returns the
    handler it replaced, for ``unwatch``, or None when nothing was installed."""
    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, _raise)


def unwatch(old: Any) -> None:
    if old is not None:
        signal.signal(signal.SIGTERM, old)


@contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    old = watch()
    try:
        yield
    finally:
        unwatch(old)


def exit_code(e: BaseException) -> int:
    """130 for Ctrl-C, 143 for SIGTERM."""
    return 143 if isinstance(e, Terminated) else 130
