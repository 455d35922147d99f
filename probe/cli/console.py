"""The console every command prints its tables on."""

from __future__ import annotations

import sys

from rich.console import Console

# Piped or logged (not a terminal), rich would cut tables at 80 columns.
PIPED_WIDTH = 220


def stdout_console(**options) -> Console:
    """A rich console on stdout: the terminal's width, or ``PIPED_WIDTH`` when not a terminal."""
    options.setdefault("highlight", False)
    options.setdefault("soft_wrap", True)
    options.setdefault("emoji", False)
    if not sys.stdout.isatty():
        options.setdefault("width", PIPED_WIDTH)
    return Console(**options)
