"""SkyAssist assembled as a probe Domain: database, tools, policies, scenarios, verifiers, targets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from envs.skyassist import progress, scenarios, tools
from envs.skyassist.database import DB_SEED, NOW, get_database
from envs.skyassist.faults import FAULT_NAMES, FAULT_PROFILES, FAULTS
from envs.skyassist.policies import POLICIES
from envs.skyassist.verifiers import verify_messages
from probe.core.domain import Domain, ToolResult
from probe.core.policy import Violation

PROMPT_FILE = Path(__file__).parent / "prompts" / "system_prompt_v1.md"


class SkyAssistDomain(Domain):
    name = "skyassist"

    def __init__(self, db_seed: int = DB_SEED):
        self.db = get_database(db_seed)
        self.policies = POLICIES
        self.tool_schemas = tools.TOOL_SCHEMAS
        self.system_prompt = PROMPT_FILE.read_text()
        self.fault_names = list(FAULT_NAMES)
        self.fault_profiles = {k: list(v) for k, v in FAULT_PROFILES.items()}
        self.families = list(scenarios.FAMILIES)
        self.train_seeds = scenarios.TRAIN_SEEDS
        self.heldout_seeds = scenarios.HELDOUT_SEEDS
        self.now = NOW
        self.read_only_tools = list(tools.READ_ONLY)
        self.mutation_tools = list(tools.MUTATIONS)
        self.fault_details = {f.name: {"policy": f.policy, "depth": f.depth, "trigger": f.trigger} for f in FAULTS}
        self.progress_states = list(progress.PROGRESS_STATES)

    def counts(self) -> dict[str, int]:
        return self.db.counts()

    def scenario(self, family: str, seed: int) -> dict[str, Any]:
        return scenarios.make_scenario(self.db, family, seed)

    def scenario_text(self, scenario: dict[str, Any]) -> str:
        return scenarios.describe(self.db, scenario)

    def initial_state(self, scenario: dict[str, Any]) -> tools.SkyState:
        bookings = {b["booking_id"]: dict(b, itinerary=list(b["itinerary"])) for b in scenario.get("bookings", [])}
        return tools.SkyState(self.db, bookings, salt=f"{scenario.get('family')}:{scenario.get('seed')}")

    def execute_tool(self, state: tools.SkyState, name: str, arguments: Any) -> ToolResult:
        return tools.execute(state, name, arguments)

    def verify(self, messages: list[dict[str, Any]], scenario: dict[str, Any]) -> list[Violation]:
        return verify_messages(self, messages, scenario)

    def progress_events(self, turn_messages: list[dict[str, Any]]) -> set[str]:
        """Tool states this turn entered (envs.skyassist.progress documents each rule)."""
        return progress.progress_events(turn_messages, self.db)

    def make_target(self, kind: str, faults: list[str], **options: Any):
        if kind == "reference":
            from envs.skyassist.reference_target import ReferenceTarget
            return ReferenceTarget(self.db, self.resolve_faults(faults), **options)
        raise ValueError(f"unknown target {kind!r}; allowed: reference")

    def private_strings(self, scenario: dict[str, Any]) -> list[str]:
        return list(self.tool_names)

    def customer_corpus(self, n: int, seed: int = 0) -> list[Any]:
        from envs.skyassist.customer_corpus import customer_dialogues
        return customer_dialogues(self, n, seed)
