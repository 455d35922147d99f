"""τ-bench retail assembled as a probe Domain (environment name ``taubench-retail``).

The target's system prompt is τ²-bench's own ``policy.md`` (its hash goes into every trace).
What the auditor must never see (``private_strings``, redacted from the target's replies before
the auditor reads them): the tool names, and the customer's internal payment-method ids (the
customer knows "my Visa ending 1234", never ``credit_card_9513926``). The customer's own
identifiers (email, name, zip, user id, order ids) and the other user's order id of an R2
scenario stay public: a customer may know and say them. The gold actions of a task are not in
the scenario at all (only its id).
"""

from __future__ import annotations

from typing import Any

from envs.taubench import ENV_NAME, GYM_ID, progress, scenarios, tools
from envs.taubench.data import policy_text
from envs.taubench.database import RetailState, base_db
from envs.taubench.faults import FAULT_PROFILES, FAULTS
from envs.taubench.policies import POLICIES
from probe.core.domain import Domain, ToolResult


class TauRetailDomain(Domain):
    name = ENV_NAME
    gym_id = GYM_ID
    assistant_role = "an online retail store's customer-service assistant"
    customer_request = "order request"
    organisation_words = ("store", "retailer")
    depth_levels = {"cancel_modify": "a pending order was cancelled or modified",
                    "exchange_return": "a delivered order was exchanged or returned"}
    # the design's tiers: identification like slot filling (0.03), authentication like a search (0.08),
    # reading an order or product like availability (0.10), the confirmation and the write deep (0.2, 0.3)
    default_progress_weights = {"identified": 0.03, "authenticated": 0.08, "order": 0.1, "product": 0.1,
                                "confirm": 0.2, "write": 0.3, "transfer": 0.1}
    assistant_phrases = (r"\byour order (has been|is now|was successfully) (cancell?ed|canceled|modified|updated|"
                         r"exchanged|returned|placed)\b",)

    def call_depth_levels(self, name: str, arguments: dict[str, Any]) -> set[str]:
        if "pending_order" in name:
            return {"cancel_modify"}
        if "delivered_order" in name:
            return {"exchange_return"}
        return set()

    def __init__(self) -> None:
        self.db = base_db()
        self.policies = POLICIES
        self.tool_schemas = tools.TOOL_SCHEMAS
        self.system_prompt = policy_text()
        self.set_faults(FAULTS, FAULT_PROFILES)
        self.families = list(scenarios.FAMILIES)
        self.train_seeds = scenarios.TRAIN_SEEDS
        self.heldout_seeds = scenarios.HELDOUT_SEEDS
        self.read_only_tools = list(tools.READ_ONLY) + list(tools.GENERIC)  # calculate, transfer: no write
        self.mutation_tools = list(tools.WRITES)
        self.progress_states = list(progress.PROGRESS_STATES)

    def counts(self) -> dict[str, int]:
        stats = self.db.statistics()
        out = {k: v for k, v in stats.items() if isinstance(v, int)}
        out.update({f"orders_{k.replace(' ', '_')}": v for k, v in stats["orders_by_status"].items()})
        return out

    def scenario(self, family: str, seed: int) -> dict[str, Any]:
        return scenarios.make_scenario(family, seed)

    def sample_scenario(self, seed: int) -> dict[str, Any]:
        """Held-out evaluation plays every τ²-bench test task first, then fresh scenarios
        (``scenarios.sample_scenario``)."""
        return scenarios.sample_scenario(seed)

    def scenario_text(self, scenario: dict[str, Any]) -> str:
        return scenarios.describe(scenario)

    def initial_state(self, scenario: dict[str, Any]) -> RetailState:
        return RetailState(self.db)  # every scenario starts from τ²-bench's database as shipped

    def execute_tool(self, state: RetailState, name: str, arguments: Any) -> ToolResult:
        return tools.execute(state, name, arguments)

    def progress_events(self, turn_messages: list[dict[str, Any]]) -> set[str]:
        return progress.progress_events(turn_messages)

    def make_target(self, kind: str, faults: list[str], **options: Any):
        if kind != "reference":
            raise ValueError(f"unknown target {kind!r}; allowed: reference")
        from envs.taubench.reference_target import ReferenceTarget
        return ReferenceTarget(self.db, self.resolve_faults(faults), **options)

    def private_strings(self, scenario: dict[str, Any]) -> list[str]:
        user = self.db.users.get(str(scenario.get("user_id", "")))
        methods = list(user.payment_methods) if user is not None else []
        return list(self.tool_names) + methods

    def task_success(self, scenario: dict[str, Any], trace: Any):
        """τ²-bench's own success check (``envs.taubench.success``): a ``TaskSuccess`` for a task
        scenario, None for a fresh one. ``trace``: a ``Trace``, its JSON object, or its messages."""
        from envs.taubench.success import task_success
        messages = getattr(trace, "messages", None)
        if messages is None:
            messages = trace.get("messages", []) if isinstance(trace, dict) else trace
        return task_success(scenario, list(messages or []))

    def opening_request(self, fields: dict[str, Any]) -> str:
        """The random baseline's opening: a greeting and the first request of the scenario's goal."""
        from envs.taubench.cooperative import opening_request
        return opening_request(fields)

    def cooperative_customer(self) -> Any:
        """The retail cooperative customer (``envs.taubench.cooperative``)."""
        from envs.taubench.cooperative import RetailCooperative  # the evaluation stack, on demand
        return RetailCooperative()

    def customer_corpus(self, n: int, seed: int = 0) -> list[Any]:
        from envs.taubench.customer_corpus import customer_dialogues
        return customer_dialogues(self, n, seed)

    def corpus_customer(self, scenario: dict[str, Any], rng: Any) -> Any:
        import random  # noqa: PLC0415

        from envs.taubench.customer_corpus import STYLES, Customer, _moves_for
        style = rng.choice(STYLES)
        moves = _moves_for(scenario["family"], rng, rng.randrange(1000))
        return Customer(scenario, random.Random(rng.random()), style, moves)

    @property
    def customer_corpus_version(self) -> str:
        """The corpus generator's version (for a tiny auditor's build key)."""
        from envs.taubench.customer_corpus import CORPUS_VERSION
        return CORPUS_VERSION
