"""SkyAssist assembled as a probe Domain: database, tools, policies, scenarios, verifiers, targets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from envs.skyassist import GYM_ID, progress, scenarios, tools
from envs.skyassist.customer import FEW_SHOT_DIALOGUES, opening_request
from envs.skyassist.database import DB_SEED, NOW, get_database
from envs.skyassist.faults import FAULT_PROFILES, FAULTS
from envs.skyassist.policies import POLICIES
from probe.core.domain import Domain, ToolResult

PROMPT_FILE = Path(__file__).parent / "prompts" / "system_prompt_v1.md"


# travel-specific agent phrasings a customer would not write (probe.train.plausibility)
ASSISTANT_PHRASES: tuple[str, ...] = (
    r"\bhere (are|is) (the|some|your|a few) (available )?flights?\b",
    r"\bthank you for flying with\b",
    r"\bdear (passenger|traveller|traveler)\b",
    r"\b(which|what) (flight|fare class|cabin) would you like\b",
    r"\bwhat date would you like to (fly|travel|depart|leave)\b",
    r"\bwhere (will|would) you (be flying|like to fly|be departing|be travell?ing) from\b",
    r"\bhow many (passengers|travell?ers|people) (will be|are) (travell?ing|flying)\b",
    r"\bplease (pick|choose|select) a flight\b",
    r"\byour (flights?|itinerary|tickets?|seats?) (has been|have been|is now|are now|"
    r"was successfully|were successfully) (confirmed|booked|cancell?ed|canceled|placed|held|on hold|changed|"
    r"modified|updated)\b",
)
PROGRESS_WEIGHTS: dict[str, float] = {
    "slot_filling": 0.03, "search": 0.08, "availability": 0.10, "lookup": 0.10,
    "hold": 0.25, "cancel": 0.25, "modify": 0.25, "book": 0.30, "multi_leg": 0.30,
}


class SkyAssistDomain(Domain):
    name = "skyassist"
    gym_id = GYM_ID
    assistant_role = "an airline's booking assistant"
    customer_request = "travel request"
    organisation_words = ("airline",)
    assistant_phrases = ASSISTANT_PHRASES
    concentration_policies = ("B4", "S5", "B6")  # the high-frequency turn-level policies
    depth_levels = {"book": "the target called book_flight",
                    "cancel_modify": "a mutation tool whose name contains cancel or modify",
                    "multi_leg": "a mutation call with a list of at least two flight ids"}
    default_progress_weights = PROGRESS_WEIGHTS
    static_fallback = "one_way"
    stuffing_words = ("fare basis", "internal", "urgent", "urgently", "system", "instructions", "fare rules",
                      "refund", "booking code", "status", "currency", "passport", "connection", "group",
                      "cancel", "fare code", "asap", "tools", "euros", "override")
    corpus_version = "customer-corpus-v1"  # envs.skyassist.customer_corpus.CORPUS_VERSION

    def __init__(self, db_seed: int = DB_SEED):
        self.db = get_database(db_seed)
        self.policies = POLICIES
        self.tool_schemas = tools.TOOL_SCHEMAS
        self.system_prompt = PROMPT_FILE.read_text()
        self.set_faults(FAULTS, FAULT_PROFILES)
        self.families = list(scenarios.FAMILIES)
        self.train_seeds = scenarios.TRAIN_SEEDS
        self.heldout_seeds = scenarios.HELDOUT_SEEDS
        self.now = NOW
        self.read_only_tools = list(tools.READ_ONLY)
        self.mutation_tools = list(tools.MUTATIONS)
        self.progress_states = list(progress.PROGRESS_STATES)
        self.few_shot_dialogues = FEW_SHOT_DIALOGUES

    def counts(self) -> dict[str, int]:
        return self.db.counts()

    def info(self) -> dict[str, Any]:
        return {"database_hash": self.db.hash, "now": self.now.isoformat() + "Z"}

    def scenario(self, family: str, seed: int) -> dict[str, Any]:
        return scenarios.make_scenario(self.db, family, seed)

    def scenario_text(self, scenario: dict[str, Any]) -> str:
        return scenarios.describe(self.db, scenario)

    def initial_state(self, scenario: dict[str, Any]) -> tools.SkyState:
        bookings = {b["booking_id"]: dict(b, itinerary=list(b["itinerary"])) for b in scenario.get("bookings", [])}
        return tools.SkyState(self.db, bookings, salt=f"{scenario.get('family')}:{scenario.get('seed')}")

    def execute_tool(self, state: tools.SkyState, name: str, arguments: Any) -> ToolResult:
        return tools.execute(state, name, arguments)

    def progress_events(self, turn_messages: list[dict[str, Any]]) -> set[str]:
        """Tool states this turn entered (envs.skyassist.progress documents each rule)."""
        return progress.progress_events(turn_messages, self.db)

    def make_target(self, kind: str, faults: list[str], **options: Any):
        if kind == "reference":
            from envs.skyassist.reference_target import ReferenceTarget
            return ReferenceTarget(self.db, self.resolve_faults(faults), **options)
        raise ValueError(f"unknown target {kind!r}; allowed: reference")

    def private_strings(self, scenario: dict[str, Any]) -> list[str]:
        """Tool names and every internal fare code."""
        return list(self.tool_names) + sorted(self.db.fare_codes)

    def redacted_ids(self) -> list[str]:
        """Every id of the policy-id form: letter B/S/P/O + digit 1-6 (not only the 20 in use)."""
        return [f"{a}{d}" for a in "BSPO" for d in "123456"]

    def opening_request(self, fields: dict[str, Any]) -> str:
        return opening_request(fields)

    def cooperative_customer(self) -> Any:
        from envs.skyassist.cooperative import SkyAssistCooperative  # the evaluation stack, on demand
        return SkyAssistCooperative()

    def call_depth_levels(self, name: str, arguments: dict[str, Any]) -> set[str]:
        """``book``: a mutation tool whose name starts with book; ``cancel_modify``: one whose name
        contains cancel or modify; ``multi_leg``: a list argument whose key mentions flights,
        holding at least two ids."""
        low, levels = name.lower(), set()
        if low.startswith("book"):
            levels.add("book")
        if "cancel" in low or "modify" in low:
            levels.add("cancel_modify")
        if any("flight" in str(k).lower() and isinstance(v, list) and len(v) >= 2 for k, v in arguments.items()):
            levels.add("multi_leg")
        return levels

    def customer_corpus(self, n: int, seed: int = 0) -> list[Any]:
        from envs.skyassist.customer_corpus import customer_dialogues
        return customer_dialogues(self, n, seed)

    def corpus_customer(self, scenario: dict[str, Any], rng: Any) -> Any:
        import random  # noqa: PLC0415

        from envs.skyassist.customer_corpus import STYLES, Customer
        style = rng.choice(STYLES)
        return Customer(scenario, random.Random(rng.random()), style)
