"""Environment discovery: the probe.envs entry-point group, the in-repo fallback, one-line load errors.

Third-party packages are simulated by real ``*.dist-info`` folders on ``sys.path`` (what pip
writes), so ``importlib.metadata`` discovers them exactly as it would an installed package.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import sys
import textwrap

import pytest
from typer.testing import CliRunner

from probe.cli.main import app
from probe.core import registry
from probe.core.registry import EnvLoadError, env_names, get_domain, refresh, register_env

runner = CliRunner()

PLUGIN = '''
from envs.mock.domain import MockDomain


class BookshopDomain(MockDomain):
    name = "bookshop"


def make_domain():
    return BookshopDomain()


def make_misnamed():
    return MockDomain()


def make_nothing():
    return 42


def make_raising():
    raise RuntimeError("catalog file missing\\nsee the docs")
'''


@pytest.fixture
def fresh_registry(monkeypatch):
    """Every test starts and ends with nothing cached and no extra registrations."""
    monkeypatch.setattr(registry, "_REGISTERED", {})
    refresh()
    yield
    refresh()


@pytest.fixture
def install(tmp_path, monkeypatch, fresh_registry):
    """Write a distribution (a dist-info folder with entry points, plus a module) onto sys.path."""

    def _install(dist: str, entry_points: dict[str, str], module: str | None = None) -> None:
        root = tmp_path / dist
        info = root / f"{dist}-0.1.dist-info"
        info.mkdir(parents=True)
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1\n")
        lines = "\n".join(f"{k} = {v}" for k, v in entry_points.items())
        (info / "entry_points.txt").write_text(f"[probe.envs]\n{lines}\n")
        if module is not None:
            (root / f"{dist}_plugin.py").write_text(textwrap.dedent(module))
        monkeypatch.syspath_prepend(str(root))
        importlib.invalidate_caches()
        refresh()

    yield _install
    for name in [m for m in sys.modules if m.endswith("_plugin")]:
        del sys.modules[name]


def test_builtins_are_found_without_any_entry_point(monkeypatch, fresh_registry):
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda **kw: [])
    refresh()
    assert {"mock", "skyassist"} <= set(env_names())
    assert get_domain("mock").name == "mock"


def test_an_installed_third_party_env_plugs_in(install):
    install("bookshop_dist", {"bookshop": "bookshop_dist_plugin:make_domain"}, PLUGIN)
    assert "bookshop" in env_names() and {"mock", "skyassist"} <= set(env_names())
    domain = get_domain("bookshop")
    assert domain.name == "bookshop" and get_domain("bookshop") is domain
    r = runner.invoke(app, ["env", "info", "--env", "bookshop", "--json"])
    assert r.exit_code == 0, r.output
    assert '"env": "bookshop"' in r.stdout


def test_a_domain_class_can_be_the_entry_point(install):
    install("bookshop_dist", {"bookshop": "bookshop_dist_plugin:BookshopDomain"}, PLUGIN)
    assert type(get_domain("bookshop")).__name__ == "BookshopDomain"


def test_a_broken_entry_point_is_one_line_naming_it(install):
    install("broken_dist", {"broken": "no_such_module_xyz:make_domain"})
    assert "broken" in env_names()
    with pytest.raises(EnvLoadError) as e:
        get_domain("broken")
    msg = str(e.value)
    assert "\n" not in msg and "'broken'" in msg and "no_such_module_xyz:make_domain" in msg
    assert "broken_dist" in msg and "ModuleNotFoundError" in msg
    assert get_domain("mock").name == "mock"  # the others still load
    r = runner.invoke(app, ["env", "info", "--env", "broken"])
    assert r.exit_code == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: env 'broken': entry point 'no_such_module_xyz:make_domain'")


@pytest.mark.parametrize("value, needle", [
    ("bookshop_dist_plugin:no_such_factory", "AttributeError"),
    ("bookshop_dist_plugin", "no ':factory'"),
    ("bookshop_dist_plugin:make_raising", "RuntimeError: catalog file missing see the docs"),
    ("bookshop_dist_plugin:make_nothing", "made a int, not a probe.core.domain.Domain"),
    ("bookshop_dist_plugin:make_misnamed", "made a domain named 'mock'; the names must match"),
])
def test_every_kind_of_bad_plugin_is_one_line(install, value, needle):
    install("bookshop_dist", {"bookshop": value}, PLUGIN)
    with pytest.raises(EnvLoadError) as e:
        get_domain("bookshop")
    assert "\n" not in str(e.value) and needle in str(e.value) and "'bookshop'" in str(e.value)


def test_two_distributions_claiming_one_name_differently(install):
    install("bookshop_dist", {"bookshop": "bookshop_dist_plugin:make_domain"}, PLUGIN)
    install("rival_dist", {"bookshop": "rival_dist_plugin:make_domain"})
    with pytest.raises(EnvLoadError, match="declared twice"):
        get_domain("bookshop")
    assert get_domain("mock").name == "mock"


def test_register_env_wins_and_unknown_names_list_what_is_allowed(fresh_registry):
    register_env("mock", "envs.mock:make_domain")
    assert get_domain("mock").name == "mock"
    with pytest.raises(ValueError, match="expected 'module:factory'"):
        register_env("x", "envs.mock")
    with pytest.raises(ValueError) as e:
        get_domain("mars")
    assert str(e.value) == f"unknown env 'mars'; allowed: {', '.join(env_names())}"


def test_pyproject_declares_the_builtins():
    import tomllib
    from pathlib import Path

    data = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text())
    assert data["project"]["entry-points"]["probe.envs"] == registry.BUILTIN_ENVS
