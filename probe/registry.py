"""Environment registry: probe never imports a specific environment except through here."""

from __future__ import annotations

import importlib
from functools import lru_cache

from probe.domain import Domain

# name -> "module:factory". Third-party environments call register_env().
_ENVS: dict[str, str] = {"skyassist": "envs.skyassist:make_domain"}


def register_env(name: str, factory_path: str) -> None:
    _ENVS[name] = factory_path
    get_domain.cache_clear()


def env_names() -> list[str]:
    return sorted(_ENVS)


@lru_cache(maxsize=None)
def get_domain(name: str) -> Domain:
    if name not in _ENVS:
        raise ValueError(f"unknown env {name!r}; allowed: {', '.join(env_names())}")
    module, factory = _ENVS[name].split(":")
    return getattr(importlib.import_module(module), factory)()
