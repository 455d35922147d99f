"""Fixtures of the viewer tests: data made by running probe (see viewer_data.py), built once per session."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # viewer_data.py, viewer_serve.py

import viewer_data as data  # noqa: E402


@pytest.fixture(scope="session")
def played():
    return data.played_traces()


@pytest.fixture(scope="session")
def hostile():
    return data.hostile_trace()


@pytest.fixture(scope="session")
def root(tmp_path_factory, played, hostile):
    """A directory with traces.jsonl (30 suite episodes + the hostile one), failed.jsonl (a target
    that failed every turn) and an eval directory."""
    d = tmp_path_factory.mktemp("viewer-root")
    data.write(d / "traces.jsonl", played + [hostile])
    data.eval_dir(d / "eval")
    data.write(d / "failed.jsonl", [data.failed_trace()])
    return d


@pytest.fixture(scope="session")
def many(tmp_path_factory, played):
    """10,000 trace lines (copies of the played episodes, each with its own id)."""
    d = tmp_path_factory.mktemp("viewer-many")
    return data.many_traces(d / "many.jsonl", played, 10_000)


@pytest.fixture(scope="session")
def run_root(tmp_path_factory):
    """A real two-update GRPO run of the tiny auditor."""
    d = tmp_path_factory.mktemp("viewer-run")
    return data.run_dir(d)


@pytest.fixture()
def fresh(tmp_path, root):
    """A writable copy of ``root`` for tests that add files (symlinks, records)."""
    dst = tmp_path / "opened"
    shutil.copytree(root, dst, symlinks=True)
    return dst
