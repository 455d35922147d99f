"""Fixtures shared by the test files."""

import pytest

from probe.core.registry import get_domain


@pytest.fixture(scope="session")
def domain():
    """The SkyAssist domain (its database is generated once per process)."""
    return get_domain("skyassist")
