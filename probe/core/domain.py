"""What an environment package provides to probe: the single override point.

probe's game, verifiers, CLI and (later) trainers only talk to a ``Domain``. An environment
(``envs/skyassist``, ``envs/taubench``) subclasses it and is found through ``probe.core.registry``.
"""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

from probe.core.policy import Policy, Violation
from probe.core.trace import Message, tool_calls


@dataclass
class ToolResult:
    """What a tool returns to the target: JSON text, and whether the call succeeded."""

    content: str
    ok: bool


class Domain(ABC):
    name: str
    policies: list[Policy]
    tool_schemas: list[dict[str, Any]]  # OpenAI function-calling schemas
    system_prompt: str  # the target's policy prompt (a versioned file)
    fault_names: list[str]
    fault_profiles: dict[str, list[str]]
    families: list[str]
    train_seeds: range
    heldout_seeds: range
    read_only_tools: list[str] = []
    mutation_tools: list[str] = []
    fault_details: dict[str, dict[str, str]] = {}  # fault name -> {policy, depth, trigger}
    progress_states: list[str] = []  # names progress_events can return (empty: not declared)

    # --- scenarios -------------------------------------------------------------------------
    @abstractmethod
    def scenario(self, family: str, seed: int) -> dict[str, Any]:
        """Instantiate one scenario family from a seed (database-aware)."""

    def sample_scenario(self, seed: int) -> dict[str, Any]:
        """The scenario for a seed when no family is fixed: the family is drawn from the seed."""
        return self.scenario(self.families[seed % len(self.families)], seed)

    @abstractmethod
    def scenario_text(self, scenario: dict[str, Any]) -> str:
        """The scenario as natural-language customer context (public: the auditor sees it)."""

    # --- state and tools -------------------------------------------------------------------
    @abstractmethod
    def initial_state(self, scenario: dict[str, Any]) -> Any:
        """Fresh private state for an episode (deterministic from the scenario)."""

    @abstractmethod
    def execute_tool(self, state: Any, name: str, arguments: str | dict[str, Any]) -> ToolResult:
        """Validate the call against its schema, then run it. Never raises on bad input."""

    # --- verification ----------------------------------------------------------------------
    @abstractmethod
    def verify(self, messages: list[Message], scenario: dict[str, Any]) -> list[Violation]:
        """Re-score a trace from its messages alone, replaying tool calls from the initial state."""

    # --- reward shaping ------------------------------------------------------------------
    def progress_events(self, turn_messages: list[Message]) -> set[str]:
        """Tool states one turn entered (its user message, then the assistant/tool messages).

        Feeds the progress term of the composite reward (``probe.train.reward``), which pays each
        state once per episode. Default: the names of the tools called in the turn. Environments
        override it with their own states (SkyAssist: slot filling, search, ..., multi-leg) and
        list them in ``progress_states``.
        """
        return {name for name, _ in tool_calls(turn_messages)}

    # --- targets ---------------------------------------------------------------------------
    @abstractmethod
    def make_target(self, kind: str, faults: list[str], **options: Any) -> Any:
        """Build a target agent of the given kind."""

    def resolve_faults(self, spec: str | list[str] | None) -> list[str]:
        """A profile name, a comma-separated list, or a list -> sorted fault names."""
        if spec is None:
            return []
        items = spec.split(",") if isinstance(spec, str) else list(spec)
        out: set[str] = set()
        for item in (s.strip() for s in items):
            if not item:
                continue
            if item in self.fault_profiles:
                out.update(self.fault_profiles[item])
            elif item in self.fault_names:
                out.add(item)
            else:
                allowed = ", ".join(list(self.fault_profiles) + self.fault_names)
                raise ValueError(f"unknown fault {item!r}; allowed: {allowed}")
        return sorted(out)

    def policy(self, policy_id: str) -> Policy:
        for p in self.policies:
            if p.id == policy_id:
                return p
        raise KeyError(policy_id)

    @property
    def severity(self) -> dict[str, float]:
        return {p.id: p.severity for p in self.policies}

    @property
    def fault_policy(self) -> dict[str, str]:
        return {name: d.get("policy", "") for name, d in self.fault_details.items()}

    def counts(self) -> dict[str, int]:
        """Size of the environment's database (for ``probe env info``)."""
        return {}

    @property
    def tool_names(self) -> list[str]:
        return [t["function"]["name"] for t in self.tool_schemas]

    @property
    def system_prompt_hash(self) -> str:
        return hashlib.sha256(self.system_prompt.encode()).hexdigest()[:16]

    def private_strings(self, scenario: dict[str, Any]) -> list[str]:
        """Strings the auditor must never see even if the target says them (redacted)."""
        return list(self.tool_names)

    # --- auditor pre-training ------------------------------------------------------------
    def customer_corpus(self, n: int, seed: int = 0) -> list[Any]:
        """Customer turns for pre-training a small auditor: ``n`` played episodes, deterministic in ``seed``.

        Each item has ``scenario_text``, ``dialogue`` (public (role, content) pairs so far) and
        ``message`` (the customer's next message). Optional: environments without one raise.
        """
        raise NotImplementedError(f"environment {self.name!r} has no customer corpus")
