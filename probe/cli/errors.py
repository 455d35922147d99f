"""The one way a ``probe`` command stops on bad input: ``fail(message)``.

Every problem is one ``error: ...`` line on stderr (a message with several problems, such as a
config with two bad keys, prints one ``error:`` line each) and the command exits with status 2
(or ``code``). ``probe.cli.main``, ``probe.cli.eval`` and ``probe.cli.auditor`` all use it.
"""

from __future__ import annotations

from typing import NoReturn

import typer
from rich.console import Console

err = Console(stderr=True, highlight=False, soft_wrap=True, emoji=False)


def fail(message: str, code: int = 2) -> NoReturn:
    """Print ``error: ...`` (one line per problem of a multi-problem message) and exit."""
    for line in message.splitlines() or [""]:
        err.print(f"error: {line}", markup=False)
    raise typer.Exit(code)


__all__ = ["err", "fail"]
