"""Targets: the environment's reference agent, or a real model behind one interface.

- ``reference``: the environment's rule-based agent (``domain.make_target``), seeded faults.
- ``openai``: any OpenAI-compatible chat-completions endpoint with tool calling (vLLM, ...).
- ``hf``: a local transformers chat model, tools through its chat template.
- ``replay``: answers from a recording (``record=PATH`` wraps any model target to write one).

Model targets share one tool loop (``probe.targets.tool_loop``) and record in the trace the
model id, the system-prompt hash and the tool-schema hash.

``target_factory`` is how every command gets its targets (``probe train``, ``probe eval``,
``probe play``, ``probe suite``); ``make_target`` builds one (the game calls it when no factory is
given). ``options_for`` picks, from a full set of settings such as the run config's ``target``
section, the options that apply to a kind.
"""

from __future__ import annotations

import threading
from typing import Any, Callable, Sequence

from probe.targets.base import Target

KINDS = ("hf", "openai", "reference", "replay")

# the options each kind takes from a full set of settings (``options_for``)
OPTIONS: dict[str, tuple[str, ...]] = {
    "reference": (),
    "openai": ("base_url", "model", "api_key_env", "temperature", "max_tokens", "timeout_s", "max_retries",
               "max_concurrency"),
    "hf": ("model", "temperature", "max_tokens"),
    "replay": ("recording_path",),
}

# --timeout / --retries: bounds of what a command accepts (defaults: OpenAITargetConfig's)
MAX_TIMEOUT_S = 3600.0
MAX_RETRIES = 10


def request_limits(kind: str, timeout: float | None, retries: int | None) -> dict[str, Any]:
    """``--timeout SECONDS`` / ``--retries N`` as target options (ValueError: one line naming the bad value).

    They apply to targets that make HTTP requests (``openai``); None keeps the default.
    """
    import math

    options: dict[str, Any] = {}
    if timeout is not None:
        if not (math.isfinite(timeout) and 0 < timeout <= MAX_TIMEOUT_S):
            raise ValueError(f"--timeout {timeout:g} is out of range; allowed: seconds per request, "
                             f"more than 0 and at most {MAX_TIMEOUT_S:g}")
        options["timeout_s"] = float(timeout)
    if retries is not None:
        if not 0 <= retries <= MAX_RETRIES:
            raise ValueError(f"--retries {retries} is out of range; allowed: 0 to {MAX_RETRIES} "
                             "(retries after the first attempt)")
        options["max_retries"] = int(retries)
    if options and kind != "openai":
        given = [f for f, v in (("--timeout", timeout), ("--retries", retries)) if v is not None]
        raise ValueError(f"{' and '.join(given)} appl{'y' if len(given) > 1 else 'ies'} to --target openai "
                         f"(HTTP requests), not {kind}")
    return options


def make_target(domain: Any, kind: str, faults: Sequence[str] = (), record: str | None = None,
                **options: Any) -> Target:
    """Build a target; bad kinds and options raise ValueError with one line naming them."""
    if kind not in KINDS:
        raise ValueError(f"unknown target {kind!r}; allowed: {', '.join(KINDS)}")
    if kind != "reference" and list(faults):
        raise ValueError(f"faults apply only to the reference target, not to {kind!r}")
    if kind == "reference":
        if record is not None:
            raise ValueError("--record needs a model target (openai, hf): the reference target makes no model calls")
        return domain.make_target("reference", list(faults), **options)
    if kind == "openai":
        from probe.targets.openai_target import OpenAITarget
        target: Any = OpenAITarget(domain, **options)
    elif kind == "hf":
        from probe.targets.hf_target import HFTarget
        _check(options, ("model", "model_name_or_path", "temperature", "max_tokens", "seed",
                         "max_tool_calls_per_turn", "device", "completer"), kind)
        target = HFTarget(domain, **options)
    else:
        from probe.targets.replay import ReplayTarget
        _check(options, ("recording_path", "replay", "inner", "model", "temperature", "max_tokens", "seed",
                         "max_tool_calls_per_turn"), kind)
        path = options.pop("recording_path", None) or options.pop("replay", None)
        options.pop("replay", None)
        if not path:
            raise ValueError("the replay target needs recording_path (--replay FILE)")
        target = ReplayTarget(domain, path, **options)
    if record is not None:
        from probe.targets.replay import RecordingTarget
        target = RecordingTarget(target, record)
    return target


def options_for(kind: str, **values: Any) -> dict[str, Any]:
    """The ``values`` that apply to ``kind`` (``OPTIONS``), unset (None) ones left out; the rest
    are ignored (a settings section holds values for every kind)."""
    return {k: values[k] for k in OPTIONS.get(kind, ()) if values.get(k) is not None}


def target_factory(domain: Any, kind: str, faults: Sequence[str] = (), *, record: str | None = None,
                   **options: Any) -> Callable[[], Target]:
    """The one way commands build targets: a function returning the target of the next episode.

    Options that are None are unset. One target is built at once, so a bad kind or option raises
    ValueError (one line naming it) before any work starts; it is the first call's target. Later
    calls return a fresh reference target (its faults and state start anew every episode) or a
    fork of the first model target (model targets are stateless across turns and serve any number
    of concurrent episodes, so an HTTP client or a loaded model is shared, not rebuilt).
    """
    options = {k: v for k, v in options.items() if v is not None}
    faults = list(faults)
    first: list[Target] = [make_target(domain, kind, faults, record=record, **options)]
    prototype = first[0]
    lock = threading.Lock()

    def next_target() -> Target:
        with lock:
            if first:
                return first.pop()
        if kind == "reference":
            return make_target(domain, kind, faults, **options)
        return prototype.fork()

    return next_target


def _check(options: dict[str, Any], allowed: tuple[str, ...], kind: str) -> None:
    for key in options:
        if key not in allowed:
            raise ValueError(f"unknown {kind} target option {key!r}; allowed: {', '.join(allowed)}")


__all__ = ["KINDS", "MAX_RETRIES", "MAX_TIMEOUT_S", "OPTIONS", "make_target", "options_for", "request_limits",
           "target_factory"]
