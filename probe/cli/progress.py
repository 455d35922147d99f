"""Progress of long commands (eval, suite, play) on stderr, never on stdout.

On a terminal: a transient rich progress bar per task. Elsewhere (a log file, a pipe, CI):
with ``lines=True`` one plain line per step the command reports (an eval round, a suite
episode, a play turn), so that a slow target is visibly slow; with ``lines=False`` nothing
(the reference target answers instantly). The first failed target turn is always printed at
once as a ``warning:`` line, whatever the mode.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console


class StepProgress:
    def __init__(self, console: Console, *, lines: bool = True, enabled: bool = True):
        self.console = console
        self.lines = lines
        self.enabled = enabled
        self._bar: Any = None
        self._tasks: dict[str, Any] = {}
        self._warned = False

    def __enter__(self) -> "StepProgress":
        if self.enabled and self.console.is_terminal:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            self._bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                 TimeElapsedColumn(), console=self.console, transient=True)
            self._bar.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None

    def update(self, key: str, description: str, completed: int, total: int, line: str | None = None) -> None:
        """Move task ``key`` to ``completed`` of ``total``; without a bar, print ``line`` (if lines are on)."""
        if not self.enabled:
            return
        if self._bar is not None:
            if key not in self._tasks:
                self._tasks[key] = self._bar.add_task(description, total=total)
            self._bar.update(self._tasks[key], description=description, completed=completed, total=total)
        elif self.lines and line:
            self.console.print(line, markup=False, highlight=False)

    def first_failure(self, line: str) -> None:
        """Print the first failed target turn of the run as a warning (later ones only count)."""
        if not self._warned:
            self._warned = True
            self.console.print(f"warning: {' '.join(line.split())[:400]}", markup=False, highlight=False)


__all__ = ["StepProgress"]
