"""Verifiers as registered functions: ``@verifier("B1", severity=...)`` and ``run_verifiers``.

An environment's verifiers module (``envs/<name>/verifiers.py``) declares one check per policy::

    registry = VerifierRegistry("skyassist", view=SkyView, replayer=make_replayer)

    @registry.verifier("O1", severity=HIGH)
    def check_O1(view: SkyView) -> list[Violation]:
        \"\"\"O1 fires on a hold_itinerary/book_flight call whose integer `passengers` exceeds 9.\"\"\"

The docstring is the predicate's definition (required; ``Verifier.definition``). The module-level
``verifier`` decorator registers into the registry declared in the decorated function's module.
``run_verifiers(domain, trace)`` builds the trace's view once (turns, replayed calls) and runs
every check: violations sorted by (message_index, policy), at most one per (policy, message).
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Callable, Iterable

from probe.core.policy import Violation
from probe.core.registry import EnvLoadError, one_line
from probe.verify.replay import Replayer
from probe.verify.view import TraceView, build_view

Check = Callable[[Any], "list[Violation]"]


@dataclass(frozen=True)
class Verifier:
    policy: str
    severity: float | None
    check: Check

    @property
    def definition(self) -> str:
        """The predicate, as the check's docstring states it."""
        return inspect.getdoc(self.check) or ""

    def __call__(self, view: Any) -> list[Violation]:
        return self.check(view)


class VerifierRegistry:
    """The verifiers of one environment: policy id -> check, plus how to build the view.

    ``view``: the ``TraceView`` subclass the checks read. ``replayer``: a ``Replayer``, or a
    function of the domain returning one (built once per domain; default
    ``Replayer.for_domain``).
    """

    def __init__(self, env: str, view: type[TraceView] = TraceView,
                 replayer: Replayer | Callable[[Any], Replayer] | None = None):
        self.env = env
        self.view = view
        self._replayer = replayer
        self._replayers: dict[int, tuple[Any, Replayer]] = {}
        self.verifiers: dict[str, Verifier] = {}

    def verifier(self, policy: str, severity: float | None = None) -> Callable[[Check], Check]:
        """Register ``fn`` as the check of ``policy`` (its docstring is the definition)."""
        def register(fn: Check) -> Check:
            if policy in self.verifiers:
                raise ValueError(f"policy {policy!r} already has a verifier in {self.env!r}: "
                                 f"{self.verifiers[policy].check.__qualname__}")
            if not inspect.getdoc(fn):
                raise TypeError(f"verifier {policy} ({fn.__qualname__}) needs a docstring defining its predicate")
            self.verifiers[policy] = Verifier(policy, severity, fn)
            return fn
        return register

    @property
    def checks(self) -> dict[str, Check]:
        """policy id -> check function, in registration order."""
        return {p: v.check for p, v in self.verifiers.items()}

    def replayer(self, domain: Any) -> Replayer:
        hit = self._replayers.get(id(domain))
        if hit is not None and hit[0] is domain:
            return hit[1]
        r = self._replayer
        if isinstance(r, Replayer):
            rep = r
        elif r is not None:
            rep = r(domain)
        else:
            rep = Replayer.for_domain(domain)
        self._replayers[id(domain)] = (domain, rep)  # holds domain, so its id stays valid
        return rep

    def view_of(self, domain: Any, messages: list[Any], scenario: dict[str, Any]) -> TraceView:
        return build_view(domain, messages, scenario, self.replayer(domain), self.view)

    def run(self, domain: Any, messages: list[Any], scenario: dict[str, Any],
            policies: Iterable[str] | None = None) -> list[Violation]:
        view = self.view_of(domain, messages, scenario)
        return self.run_view(view, policies)

    def run_view(self, view: TraceView, policies: Iterable[str] | None = None) -> list[Violation]:
        seen: dict[tuple[str, int], Violation] = {}
        if policies is None:
            checks = [v.check for v in self.verifiers.values()]
        else:
            checks = []
            for pid in policies:
                if pid not in self.verifiers:
                    raise KeyError(f"no verifier for policy {pid!r} in {self.env!r}; allowed: {', '.join(self.verifiers)}")
                checks.append(self.verifiers[pid].check)
        for check in checks:
            for v in check(view):
                if (v.policy, v.message_index) not in seen:
                    seen[(v.policy, v.message_index)] = v
        return sorted(seen.values())


_BY_MODULE: dict[str, VerifierRegistry] = {}


def declare(module: str, registry: VerifierRegistry) -> VerifierRegistry:
    """Make ``registry`` the target of ``@verifier`` in ``module`` (pass ``__name__``)."""
    _BY_MODULE[module] = registry
    return registry


def verifier(policy: str, severity: float | None = None) -> Callable[[Check], Check]:
    """Register the decorated check in the registry its module declared (``declare``)."""
    def register(fn: Check) -> Check:
        reg = _BY_MODULE.get(fn.__module__)
        if reg is None:
            raise LookupError(f"module {fn.__module__} declared no VerifierRegistry "
                              "(probe.verify.declare(__name__, VerifierRegistry(...)))")
        return reg.verifier(policy, severity)(fn)
    return register


class NoVerifiers(EnvLoadError, LookupError):
    """An environment whose verifiers cannot be found or imported (one line naming the env, the
    module and the cause); a user's error in the environment, not in probe."""


def registry_of(domain: Any) -> VerifierRegistry:
    """The environment's registry: ``domain.verifier_registry``, else the ``verifiers`` module
    next to the module of the domain's class or of the nearest base class that has one
    (``envs.<name>.verifiers``; a subclass defined elsewhere, e.g. in a test, inherits it).

    Only a missing ``verifiers`` module itself means "look further"; a ``verifiers`` module that
    exists but fails to import (a missing dependency, a syntax error, an exception at import) is
    ``NoVerifiers`` with the real cause, and so is finding none at all."""
    reg = getattr(domain, "verifier_registry", None)
    if isinstance(reg, VerifierRegistry):
        return reg
    env = getattr(domain, "name", domain)
    tried = []
    for cls in type(domain).__mro__:
        package = cls.__module__.rpartition(".")[0]
        name = f"{package}.verifiers" if package else "verifiers"
        if name in tried or cls.__module__ in ("builtins", "abc", "probe.core.domain"):
            continue
        tried.append(name)
        if name not in _BY_MODULE:
            try:
                import_module(name)
            except ModuleNotFoundError as e:
                if e.name != name:  # the module is there; something it imports is not
                    raise NoVerifiers(f"env {env!r}: {name} cannot be imported: {one_line(e)}") from e
            except Exception as e:  # noqa: BLE001 - any failure inside the module is the environment's
                raise NoVerifiers(f"env {env!r}: {name} cannot be imported: {one_line(e)}") from e
        if name in _BY_MODULE:
            return _BY_MODULE[name]
    raise NoVerifiers(f"env {env!r} has no verifier registry (looked for one declared in "
                      f"{', '.join(tried) or 'no module'}; see docs/verification.md)")


def run_verifiers(domain: Any, trace: Any, scenario: dict[str, Any] | None = None,
                  policies: Iterable[str] | None = None) -> list[Violation]:
    """Re-score a trace (a ``Trace``, or its message list with ``scenario``) with the domain's verifiers.

    Tool calls are replayed from the initial state; recorded tool outputs are not read. Returns
    violations sorted by (message_index, policy), one per (policy, message_index).
    """
    if scenario is None and hasattr(trace, "messages"):
        messages, scenario = trace.messages, trace.scenario
    else:
        messages = getattr(trace, "messages", trace)
    return registry_of(domain).run(domain, messages, scenario or {}, policies)
