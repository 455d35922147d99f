"""Fixtures shared by the test files."""

from pathlib import Path

import pytest

from probe.core.registry import get_domain


@pytest.fixture(scope="session")
def domain():
    """The SkyAssist domain (its database is generated once per process)."""
    return get_domain("skyassist")


# Test files with tests that load the default tiny auditor (found by running the suite on an empty
# cache with the build made to fail). They run after the others: `make test` builds the auditor in
# the background on one core while the rest of the suite runs, and probe.auditor.tiny.build_lock
# makes the first of these wait for that build instead of starting a second one. A file missing
# here still passes, only sooner in the order (it then waits for the build).
NEEDS_TINY_AUDITOR = (
    "adat/test_discovery.py", "auditor/test_adapter_base.py", "auditor/test_auditor.py", "auditor/test_decode.py",
    "cli/test_cli.py", "cli/test_demo_baselines_tiny.py", "cli/test_no_data_loss.py", "core/test_env_agnostic.py", "core/test_trace.py",
    "envs/skyassist/test_fidelity.py", "eval/test_audit_power_script.py", "eval/test_eval_methods.py",
    "train/test_families.py", "train/test_rollout.py", "train/test_threads.py", "train/test_training.py",
    "viewer/test_api.py", "viewer/test_browser.py",
)


def pytest_collection_modifyitems(session, config, items):
    """Tests of the files in NEEDS_TINY_AUDITOR last, each group in its collected order."""
    root = Path(__file__).resolve().parent
    late = {str(root / name) for name in NEEDS_TINY_AUDITOR}
    items[:] = ([it for it in items if str(it.path) not in late] + [it for it in items if str(it.path) in late])
