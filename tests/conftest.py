"""Fixtures shared by the test files."""

import time

import pytest

from probe.core.registry import get_domain


@pytest.fixture(scope="session")
def domain():
    """The SkyAssist domain (its database is generated once per process)."""
    return get_domain("skyassist")


# Tests marked ``tiny_auditor`` load the default tiny auditor (found by running the suite with the
# cache's build made to fail). In one pytest process they run after the others, and
# probe.auditor.tiny.build_lock makes the first of them wait for a build under way instead of
# starting a second one; `make test` runs them as a second process after its background build. An unmarked test that
# loads it still passes, only sooner in the order (it then waits for the build there).
_PHASES: dict[str, float] = {}
_LATE_IDS: set[str] = set()


def pytest_collection_modifyitems(session, config, items):
    """The ``tiny_auditor`` tests last, each group in its collected order."""
    late = [it for it in items if it.get_closest_marker("tiny_auditor")]
    items[:] = [it for it in items if not it.get_closest_marker("tiny_auditor")] + late


_NAMES_MARKER: dict[str, bool] = {}


def pytest_deselected(items):
    """`make test`'s second process collects only the files whose text names ``tiny_auditor``: a test marked some
    other way (a mark imported under another name) would run in neither process, so it is an error."""
    for it in items:
        if it.get_closest_marker("tiny_auditor"):
            path = str(it.path)
            if path not in _NAMES_MARKER:
                _NAMES_MARKER[path] = "tiny_auditor" in it.path.read_text(encoding="utf-8")
            if not _NAMES_MARKER[path]:
                raise pytest.UsageError(f"{it.nodeid} is marked tiny_auditor but its file never names the marker; "
                                        "write @pytest.mark.tiny_auditor in the file (make test collects by that name)")


def pytest_collection_finish(session):
    """The phases' sizes once -k / -m have deselected what they do."""
    late = [it for it in session.items if it.get_closest_marker("tiny_auditor")]
    _PHASES["late"] = len(late)
    _LATE_IDS.update(it.nodeid for it in late)
    _PHASES["early"] = len(session.items) - len(late)


def pytest_sessionstart(session):
    _PHASES["start"] = time.monotonic()


def pytest_runtest_logstart(nodeid, location):
    if "first_late" not in _PHASES and _PHASES.get("late") and nodeid in _LATE_IDS:
        _PHASES["first_late"] = time.monotonic()


def pytest_terminal_summary(terminalreporter):
    """One line with the phases' times, so that the suite's critical path can be read from CI
    (`make test` runs the two phases as two pytest processes: then each prints its own)."""
    now = time.monotonic()
    if "first_late" not in _PHASES:
        if _PHASES.get("early") and not _PHASES.get("late"):  # `make test`'s foreground process
            terminalreporter.write_line(f"phases: {_PHASES['early']} tests without the tiny auditor "
                                        f"{now - _PHASES['start']:.0f} s")
        return
    late = f"{_PHASES['late']} tiny_auditor tests {now - _PHASES['first_late']:.0f} s"
    if not _PHASES["early"]:
        terminalreporter.write_line(f"phases: {late} (started after the background build)")
        return
    terminalreporter.write_line(
        f"phases: {_PHASES['early']} tests without the tiny auditor "
        f"{_PHASES['first_late'] - _PHASES['start']:.0f} s, then {late} "
        f"(the first of them waits for the background build)")
