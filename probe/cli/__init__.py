"""The ``probe`` command line (typer + rich): ``probe.cli.main`` holds the app; ``eval``,
``auditor``, ``demo`` and ``progress`` the larger commands and their helpers."""

from probe.cli.main import app

__all__ = ["app"]
