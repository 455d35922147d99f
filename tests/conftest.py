"""Fixtures shared by the test files."""

import time

import pytest

from probe.core.registry import get_domain


@pytest.fixture(scope="session")
def domain():
    """The SkyAssist domain (its database is generated once per process)."""
    return get_domain("skyassist")


# Tests marked ``tiny_auditor`` load the default tiny auditor (found by running the suite with the
# cache's build made to fail). They run after the others: `make test` builds the auditor in the
# background on one core while the rest of the suite runs, and probe.auditor.tiny.build_lock makes
# the first of them wait for that build instead of starting a second one. An unmarked test that
# loads it still passes, only sooner in the order (it then waits for the build there).
_PHASES: dict[str, float] = {}
_LATE_IDS: set[str] = set()


def pytest_collection_modifyitems(session, config, items):
    """The ``tiny_auditor`` tests last, each group in its collected order."""
    late = [it for it in items if it.get_closest_marker("tiny_auditor")]
    items[:] = [it for it in items if not it.get_closest_marker("tiny_auditor")] + late
    _PHASES["late"] = len(late)
    _LATE_IDS.update(it.nodeid for it in late)
    _PHASES["early"] = len(items) - len(late)


def pytest_sessionstart(session):
    _PHASES["start"] = time.monotonic()


def pytest_runtest_logstart(nodeid, location):
    if "first_late" not in _PHASES and _PHASES.get("late") and nodeid in _LATE_IDS:
        _PHASES["first_late"] = time.monotonic()


def pytest_terminal_summary(terminalreporter):
    """One line with the two phases' times, so that the suite's critical path can be read from CI."""
    if "first_late" not in _PHASES:
        return
    now = time.monotonic()
    terminalreporter.write_line(
        f"phases: {_PHASES['early']} tests without the tiny auditor "
        f"{_PHASES['first_late'] - _PHASES['start']:.0f} s, then {_PHASES['late']} tiny_auditor tests "
        f"{now - _PHASES['first_late']:.0f} s (the first of them waits for the background build)")

