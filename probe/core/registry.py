"""Environment registry: probe never imports a specific environment except through here.

Environments are found, in this order of precedence:

1. ``register_env(name, "module:factory")`` calls (tests, notebooks);
2. the ``probe.envs`` entry-point group of the installed distributions, so a package that
   declares, in its ``pyproject.toml``::

       [project.entry-points."probe.envs"]
       my-env = "my_package:make_domain"

   plugs in once installed (the built-ins are declared the same way in probe's own
   ``pyproject.toml``);
3. ``BUILTIN_ENVS``, the in-repo environments, so that they are also found when probe is run
   from a checkout that is not installed (``PYTHONPATH=.``).

An entry point names either a factory (called with no arguments) or a ``Domain`` subclass; the
domain it makes must carry the same ``name`` as the entry point (traces record the name and
``probe verify`` looks it up again). Finding names imports nothing: an environment is imported
only when ``get_domain`` asks for it, and one that fails to load is reported in one line naming
the environment, the entry point and the error.
"""

from __future__ import annotations

import importlib
import importlib.metadata
from functools import lru_cache
from typing import Any

from probe.core.domain import Domain

ENTRY_POINT_GROUP = "probe.envs"
BUILTIN_ENVS: dict[str, str] = {"skyassist": "envs.skyassist:make_domain", "mock": "envs.mock:make_domain"}
BUILTIN_ENVS["taubench-retail"] = "envs.taubench:make_domain"
_REGISTERED: dict[str, str] = {}


class EnvLoadError(ValueError):
    """An environment that is declared but cannot be loaded (one line: name, entry point, cause)."""


def register_env(name: str, factory_path: str) -> None:
    """Add (or replace) an environment by ``"module:factory"``; it wins over entry points."""
    if ":" not in factory_path:
        raise ValueError(f"bad factory path {factory_path!r} for env {name!r}; expected 'module:factory'")
    _REGISTERED[name] = factory_path
    refresh()


def refresh() -> None:
    """Forget discovered entry points and built domains (after installing a package, in tests)."""
    _entry_points.cache_clear()
    get_domain.cache_clear()


@lru_cache(maxsize=1)
def _entry_points() -> dict[str, tuple[str, str]]:
    """name -> (value, where it was declared) for the ``probe.envs`` group (imports nothing).

    Two distributions declaring one name with different values is kept as a conflict and
    reported when that name is used (``get_domain``), not here, so other environments still work.
    """
    found: dict[str, tuple[str, str]] = {}
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        dist = getattr(getattr(ep, "dist", None), "name", None) or "an installed distribution"
        if ep.name in found and found[ep.name][0] != ep.value:
            value, where = found[ep.name]
            found[ep.name] = (value, f"{where}; CONFLICT: {dist} declares {ep.value!r}")
        else:
            found.setdefault(ep.name, (ep.value, dist))
    return found


def _sources() -> dict[str, tuple[str, str]]:
    """Every known env: name -> (``module:attr``, where it comes from)."""
    out = {name: (value, "probe's built-in environments") for name, value in BUILTIN_ENVS.items()}
    out.update(_entry_points())
    out.update({name: (value, "register_env()") for name, value in _REGISTERED.items()})
    return out


def env_names() -> list[str]:
    return sorted(_sources())


def _one_line(e: BaseException) -> str:
    text = " ".join(str(e).split())
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


def _load(name: str, value: str, where: str) -> Domain:
    what = f"env {name!r}: entry point {value!r} ({where})"
    if "CONFLICT" in where:
        raise EnvLoadError(f"{what}: declared twice with different values; uninstall one")
    module, _, attr = value.partition(":")
    try:
        obj: Any = importlib.import_module(module.strip())
        for part in attr.strip().split(".") if attr.strip() else []:
            obj = getattr(obj, part)
        if not attr.strip():
            raise AttributeError("no ':factory' after the module name")
        domain = obj() if callable(obj) else obj
    except Exception as e:  # a broken plug-in must not take the CLI down with a traceback
        raise EnvLoadError(f"{what} cannot be loaded: {_one_line(e)}") from e
    if not isinstance(domain, Domain):
        raise EnvLoadError(f"{what} made a {type(domain).__name__}, not a probe.core.domain.Domain")
    if domain.name != name:
        raise EnvLoadError(f"{what} made a domain named {domain.name!r}; the names must match")
    return domain


@lru_cache(maxsize=None)
def get_domain(name: str) -> Domain:
    sources = _sources()
    if name not in sources:
        raise ValueError(f"unknown env {name!r}; allowed: {', '.join(sorted(sources))}")
    return _load(name, *sources[name])
