"""Replaying a trace's tool calls from the domain's initial state, incrementally.

The verifiers never trust a recorded tool output: every call is run again, in order, on a fresh
copy of the initial state (deterministic from the scenario). ``Replayer`` does that for one
environment and remembers what it has already replayed:

- parsed arguments, by (tool name, raw arguments): parsing and schema validation run once per
  distinct call text;
- replayed results, by (scenario, the calls so far): a call's result depends only on the scenario
  and the calls before it, so re-scoring a trace whose prefix was replayed before (forked
  rollouts share their prefix; ``probe verify`` of a file scored earlier in the process) replays
  only the new calls. When a call is not in the cache, the state is rebuilt by running the cached
  prefix for real first, so the result is always what a full replay gives.

The replayer also keeps the stored views of resumable views (``probe.verify.view``): a trie of
message keys under each scenario and the view after each trace's last message; ``clear`` drops
them with the rest. Cached records are shared between views and must be treated as read-only.
The caches are bounded (``max_cached`` entries each; ``max_views`` stored views and eight times
``max_cached`` message keys; each cleared when full), so memory stays flat in long runs.
"""

from __future__ import annotations

import json
import marshal
from dataclasses import dataclass, field
from typing import Any, Callable

ParseFn = Callable[[str, Any], "tuple[Any, str | None]"]
ExecuteFn = Callable[[Any, str, Any, Any, "str | None"], "tuple[bool, str]"]


@dataclass
class Parsed:
    args: dict[str, Any] | None  # the arguments when they parse to a JSON object
    problem: str | None  # why the call is invalid (unknown tool, bad JSON, schema), else None


@dataclass
class Replayed:
    """One replayed call: success flag, output text, the output parsed (a dict or None)."""

    ok: bool
    content: str
    output: dict[str, Any] | None
    features: dict[str, Any] = field(default_factory=dict)  # derived values a view memoises (read-only)


def default_parse(name: str, raw: Any) -> tuple[Any, str | None]:
    """Arguments as a JSON object (a dict given directly counts); no schema check."""
    if isinstance(raw, dict):
        return raw, None
    if raw is None or raw == "":
        return {}, None
    if not isinstance(raw, str):
        return None, "arguments must be a JSON object"
    try:
        args = json.loads(raw)
    except ValueError:
        return None, "arguments are not valid JSON"
    return (args, None) if isinstance(args, dict) else (None, "arguments must be a JSON object")


def _parse_output(content: str) -> dict[str, Any] | None:
    try:
        out = json.loads(content)
    except (TypeError, ValueError):
        return None
    return out if isinstance(out, dict) else None


def default_scenario_key(scenario: dict[str, Any]) -> Any:
    """Bytes that differ for scenarios that differ (marshal is fast; JSON for what it cannot write).

    Equal scenarios written in another key order get another key: a cache miss, never a wrong hit.
    """
    try:
        # version 2 writes no back-references, so the bytes do not depend on reference counts
        return marshal.dumps(scenario, 2)
    except ValueError:
        return json.dumps(scenario, sort_keys=True, default=repr)


def _raw_key(raw: Any) -> Any:
    if raw is None or isinstance(raw, str):
        return raw
    try:  # a dict (or junk) given directly: keyed by its canonical JSON, tagged apart from strings
        return ("json", json.dumps(raw, sort_keys=True))
    except (TypeError, ValueError):
        return None  # not cacheable


class Replayer:
    """Replays tool calls for one environment; see the module docstring.

    ``initial_state(scenario)`` gives a fresh state; ``execute(state, name, raw, args, problem)``
    runs one call on it, returning ``(ok, content)`` exactly as the environment's tools would;
    ``parse(name, raw)`` gives ``(args, problem)``. ``scenario_key(scenario)`` identifies a
    scenario for the result cache (default: its canonical JSON).
    """

    def __init__(self, initial_state: Callable[[dict[str, Any]], Any], execute: ExecuteFn,
                 parse: ParseFn = default_parse, scenario_key: Callable[[dict[str, Any]], Any] | None = None,
                 max_cached: int = 20_000):
        self.initial_state = initial_state
        self.execute = execute
        self.parse_fn = parse
        self.scenario_key = scenario_key or default_scenario_key
        self.max_cached = max_cached
        self._parsed: dict[tuple[str, Any], Parsed] = {}
        self._nodes: dict[tuple[int, str, Any], tuple[int, Replayed]] = {}
        self._roots: dict[Any, int] = {}
        self._next_id = 0  # node ids; reset only together with both tables
        # resumable views (probe.verify.view): a trie of message keys under (view class, replay
        # root), and the view as it stood after the last message of each trace built so far
        self._messages: dict[tuple[Any, Any], int] = {}
        self._views: dict[int, Any] = {}
        # views stored (about 17 kB each for SkyAssist: 2,500 by default, about 40 MB); the message
        # trie holds up to 8 x max_cached keys
        self.max_views = max(1, max_cached // 8)
        self.generation = 0  # counts clear(): a build that saw another generation stores nothing
        self.stats = {"replayed": 0, "from_cache": 0, "views_resumed": 0}

    @classmethod
    def for_domain(cls, domain: Any, parse: ParseFn = default_parse, **kw: Any) -> "Replayer":
        """A replayer running calls through ``domain.execute_tool`` (problems from ``parse``)."""
        def execute(state: Any, name: str, raw: Any, args: Any, problem: str | None) -> tuple[bool, str]:
            r = domain.execute_tool(state, name, raw)
            return r.ok, r.content
        return cls(domain.initial_state, execute, parse, **kw)

    def parse(self, name: str, raw: Any) -> Parsed:
        key = (name, _raw_key(raw))
        hit = self._parsed.get(key) if key[1] is not None or raw is None else None
        if hit is None:
            args, problem = self.parse_fn(name, raw)
            hit = Parsed(args if isinstance(args, dict) else None, problem)
            if key[1] is not None or raw is None:
                if len(self._parsed) >= self.max_cached:
                    self._parsed.clear()
                self._parsed[key] = hit
        return hit

    def start(self, scenario: dict[str, Any], need_state: bool = False) -> "Run":
        """Begin replaying one trace. ``need_state``: keep a live state after every call."""
        root = None
        if not need_state:
            key = self.scenario_key(scenario)
            root = self._roots.get(key)
            if root is None:
                if len(self._roots) >= self.max_cached:
                    self.clear()
                root = self._roots[key] = self._new_id()
        return Run(self, scenario, root)

    def clear(self) -> None:
        """Forget every cached result (the parsed-arguments cache too)."""
        self._nodes.clear()
        self._roots.clear()
        self._parsed.clear()
        self._messages.clear()
        self._views.clear()
        self._next_id = 0
        self.generation += 1

    def _new_id(self) -> int:
        self._next_id += 1
        return self._next_id

    def _remember(self, key: tuple[int, str, Any], rec: Replayed) -> int | None:
        if len(self._nodes) >= self.max_cached:
            self.clear()
            return None  # the chain this run was on is gone: it continues uncached
        node = self._new_id()
        self._nodes[key] = (node, rec)
        return node


class Run:
    """The replay of one trace: calls go through ``replay`` in message order."""

    def __init__(self, replayer: Replayer, scenario: dict[str, Any], root: int | None):
        self.r = replayer
        self.scenario = scenario
        self.root = root
        self.node = root  # None: caching off (a state is kept after every call)
        self._state: Any = None
        self._pending: list[tuple[str, Any]] = []  # calls answered from the cache, not yet run on the state
        self._initial: Any = None

    @property
    def initial(self) -> Any:
        """The trace's initial state (a fresh copy, never mutated by the replay)."""
        if self._initial is None:
            self._initial = self.r.initial_state(self.scenario)
        return self._initial

    @property
    def state(self) -> Any:
        """The live state after the calls replayed so far (built on demand)."""
        if self._state is None:
            self._state = self.r.initial_state(self.scenario)
        for name, raw in self._pending:
            p = self.r.parse(name, raw)
            self.r.execute(self._state, name, raw, p.args, p.problem)
        self._pending.clear()
        return self._state

    def resume(self, node: int, calls: list[tuple[str, Any]]) -> None:
        """Continue after ``calls`` (replayed before, ending at cache node ``node``): their
        results come from the cache; the live state is rebuilt from them only when asked for."""
        self.node = node
        self._state = None
        self._pending = list(calls)

    def parse(self, name: str, raw: Any) -> Parsed:
        return self.r.parse(name, raw)

    def step(self, name: str, raw: Any) -> tuple[Parsed, "Replayed | None"]:
        """(parsed arguments, the cached result of this call after the calls so far, or None).

        A cached result advances the run (the call is then replayed on the live state only when
        that state is asked for); with None, ``replay`` must be called next to run the call."""
        r = self.r
        rk = _raw_key(raw)
        cacheable = rk is not None or raw is None
        pkey = (name, rk)
        parsed = r._parsed.get(pkey) if cacheable else None
        if parsed is None:
            parsed = r.parse(name, raw)
        if self.node is not None and cacheable:
            hit = r._nodes.get((self.node, name, rk))
            if hit is not None:
                self.node, rec = hit
                self._pending.append((name, raw))
                r.stats["from_cache"] += 1
                return parsed, rec
        return parsed, None

    def replay(self, name: str, raw: Any) -> Replayed:
        r = self.r
        if self.node is not None:
            rk = _raw_key(raw)
            key = (self.node, name, rk)
            hit = r._nodes.get(key) if rk is not None or raw is None else None
            if hit is not None:
                self.node, rec = hit
                self._pending.append((name, raw))
                r.stats["from_cache"] += 1
                return rec
        state = self.state
        p = r.parse(name, raw)
        ok, content = r.execute(state, name, raw, p.args, p.problem)
        rec = Replayed(ok, content, _parse_output(content))
        r.stats["replayed"] += 1
        if self.node is not None:
            rk = _raw_key(raw)
            self.node = r._remember((self.node, name, rk), rec) if rk is not None or raw is None else None
        return rec
