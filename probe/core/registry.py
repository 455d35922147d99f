"""Environment registry: probe never imports a specific environment except through here.

Environments are found, in this order of precedence:

1. ``register_env(name, "module:factory")`` calls (tests, notebooks);
2. the ``probe.envs`` entry-point group of the installed distributions, so a package that
   declares, in its ``pyproject.toml``::

       [project.entry-points."probe.envs"]
       my-env = "my_package:make_domain"

   plugs in once installed (the built-ins are declared the same way in probe's own
   ``pyproject.toml``);
3. ``BUILTIN_ENVS``, the in-repo environments (declared in ``envs/__init__.py``, not here), so
   that they are also found when probe is run from a checkout that is not installed
   (``PYTHONPATH=.``).

An entry point names either a factory (called with no arguments) or a ``Domain`` subclass; the
domain it makes must carry the same ``name`` as the entry point (traces record the name and
``probe verify`` looks it up again). Finding names imports nothing: an environment is imported
only when ``get_domain`` asks for it, and one that fails to load is reported in one line naming
the environment, the entry point and the error.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import re
from functools import lru_cache
from typing import Any

from probe.core.domain import Domain

ENTRY_POINT_GROUP = "probe.envs"
_REGISTERED: dict[str, str] = {}


def _builtin_table() -> tuple[dict[str, str], str | None]:
    """``envs.BUILTIN_ENVS`` and ``envs.DEFAULT_ENV`` of the repository's ``envs`` package (empty
    when it is not importable: probe installed without its example environments)."""
    try:
        envs = importlib.import_module("envs")
    except ImportError:
        return {}, None
    return dict(getattr(envs, "BUILTIN_ENVS", {}) or {}), getattr(envs, "DEFAULT_ENV", None)


BUILTIN_ENVS, _BUILTIN_DEFAULT = _builtin_table()


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


def default_env() -> str:
    """The environment a command uses when ``--env`` is not given: ``envs.DEFAULT_ENV`` when it is
    known, else the first known environment by name (library functions take ``env`` explicitly)."""
    names = env_names()
    if _BUILTIN_DEFAULT in names:
        return str(_BUILTIN_DEFAULT)
    return names[0] if names else ""


def gym_id(name: str) -> str:
    """The Gymnasium id of an environment, found without building its domain: ``GYM_ID`` of the
    module its entry point names (an environment package's light ``__init__``), else
    ``probe/<Name>-v0`` from the name (``my-env`` -> ``probe/MyEnv-v0``)."""
    sources = _sources()
    if name not in sources:
        raise ValueError(f"unknown env {name!r}; allowed: {', '.join(sorted(sources))}")
    module = sources[name][0].partition(":")[0].strip()
    try:
        declared = getattr(importlib.import_module(module), "GYM_ID", None)
    except Exception:  # a broken plug-in is reported by get_domain, in one line, when it is used
        declared = None
    if isinstance(declared, str) and declared:
        return declared
    return "probe/" + "".join(p[:1].upper() + p[1:] for p in re.split(r"[^A-Za-z0-9]+", name) if p) + "-v0"


def one_line(e: BaseException) -> str:
    """``Type: message`` of an exception on one line (whitespace, newlines included, collapsed)."""
    text = " ".join(str(e).split())
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


def _top_package(value: str) -> str:
    """``pkg`` of ``pkg.mod:attr`` or of ``pkg.mod``."""
    return value.partition(":")[0].strip().partition(".")[0]


def is_probe_code(module: str) -> bool:
    """Whether ``module`` is probe's own code: the ``probe`` package or the in-repo environments."""
    return _top_package(module) in {"probe"} | {_top_package(v) for v in BUILTIN_ENVS.values()}


def plugin_env_of(module: str) -> str | None:
    """The environment whose package holds ``module``, when that environment is not one of
    probe's own (``is_probe_code``): an installed plug-in or a ``register_env`` one. Read by the
    CLI to tell an error in a plug-in's code from a probe bug."""
    top = _top_package(module)
    if not top or is_probe_code(module):
        return None
    for name, (value, _) in sorted(_sources().items()):
        if _top_package(value) == top:
            return name
    return None


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
        raise EnvLoadError(f"{what} cannot be loaded: {one_line(e)}") from e
    if not isinstance(domain, Domain):
        raise EnvLoadError(f"{what} made a {type(domain).__name__}, not a probe.core.domain.Domain")
    if domain.name != name:
        raise EnvLoadError(f"{what} made a domain named {domain.name!r}; the names must match")
    from probe.core.corpus import code_identity  # noqa: PLC0415

    code_identity(domain)  # taken now, as loaded: a fingerprint asked for later is filed under this code
    return domain


@lru_cache(maxsize=None)
def get_domain(name: str) -> Domain:
    sources = _sources()
    if name not in sources:
        raise ValueError(f"unknown env {name!r}; allowed: {', '.join(sorted(sources))}")
    return _load(name, *sources[name])
