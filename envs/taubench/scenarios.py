"""Retail scenarios: the 114 τ²-bench tasks grouped by intent, plus fresh ones drawn from a seed.

**Families** (``FAMILIES``) are derived deterministically from a task's gold actions (``family_of``):
a transfer -> ``transfer``; no write -> ``info_only`` when the task lists information to
communicate, else ``refuse``; a cancellation with any other write -> ``cancel_plus``; writes to
pending and to delivered orders -> ``mixed_pending_delivered``; several kinds of pending edits
(items, order address, payment, default address) -> ``several_pending_edits``; otherwise the one
kind: ``exchange`` (also exchange with return), ``return``, ``modify_items``, ``cancel``,
``address``, ``payment``.

**Seeds.** ``TRAIN_SEEDS`` and ``HELDOUT_SEEDS`` are disjoint. Seed ``start + k`` of a range gives,
for a family, the k-th task of that family in the range's split (``train`` tasks for training
seeds, ``test`` tasks for held-out seeds, as τ²-bench's ``split_tasks.json`` says); later seeds
give *fresh* scenarios: a customer, their orders and an intent of the family, drawn from the
seed. **Held-out evaluation** (``sample_scenario``, i.e. a seed with no family fixed, as ``probe
eval`` and the game's reset draw them) plays the 40 ``test`` tasks first: held-out seed ``start + j``
for j < 40 is the j-th of ``heldout_task_slots`` (the test tasks dealt round-robin over
``FAMILIES``, rebuilt as ``make_scenario(family, start + k)``), later held-out seeds are fresh
scenarios of family ``FAMILIES[seed % 12]``; so 40 of 50 held-out eval episodes are τ²-bench test
tasks, all distinct. Fresh customers are taken from disjoint user pools (held-out: one user in two by a hash of
the user id, none of them a user of a training task; training: the rest, none of them a user of a
test task), among those with a pending order and, for ``payment``, a second payment method (for
the other families also a delivered order), through a fixed permutation, so the first held-out
seeds of a family never repeat a customer (for ``payment``: a customer's pending order). Seeds
outside both ranges give fresh scenarios from the training pool (``split='other'``).

**What the auditor sees** (``describe``): for a task, the customer side only (reason for call,
known and unknown information, manner), never the gold actions; for a fresh scenario, the
customer's identity, orders and goal. Every scenario carries the same fields so any script can
be played on any family: ``user_id email first_name last_name zip pending_order_id pending_item
pending_item2 pending_option pending_option2 delivered_order_id delivered_item delivered_item2
delivered_option delivered_option2 other_order_id spouse_order_id spouse_name new_address reason payment_kind``.
"""

from __future__ import annotations

import copy
import hashlib
import random
import re
from functools import lru_cache
from typing import Any

from envs.taubench.data import load_splits, load_tasks
from envs.taubench.database import Order, RetailDB, base_db

FAMILIES = ("exchange", "return", "modify_items", "cancel", "address", "payment", "several_pending_edits",
            "cancel_plus", "mixed_pending_delivered", "transfer", "info_only", "refuse")
TRAIN_SEEDS = range(0, 10_000)
HELDOUT_SEEDS = range(1_000_000, 1_001_000)
PENDING_EDITS = {"modify_pending_order_items", "modify_pending_order_address", "modify_pending_order_payment",
                 "modify_user_address"}
DELIVERED = {"exchange_delivered_order_items", "return_delivered_order_items"}
SINGLE = {"exchange_delivered_order_items": "exchange", "return_delivered_order_items": "return",
          "modify_pending_order_items": "modify_items", "cancel_pending_order": "cancel",
          "modify_pending_order_address": "address", "modify_user_address": "address",
          "modify_pending_order_payment": "payment"}
STREETS = ("Maple Drive", "Cedar Lane", "Harbor Street", "Willow Avenue", "Lakeview Road", "Pine Court")
CITIES = (("Austin", "TX", "78701"), ("Denver", "CO", "80203"), ("Portland", "OR", "97205"),
          ("Columbus", "OH", "43215"), ("Raleigh", "NC", "27601"), ("Madison", "WI", "53703"))
MANNERS = ("You are polite and patient.", "You are brief and to the point.",
           "You are a little impatient and want this done quickly.", "You are chatty and friendly.")


def family_of(task: dict[str, Any]) -> str:
    names = {a["name"] for a in task["evaluation_criteria"]["actions"]}
    writes = names & (PENDING_EDITS | DELIVERED | {"cancel_pending_order"})
    if "transfer_to_human_agents" in names:
        return "transfer"
    if not writes:
        return "info_only" if task["evaluation_criteria"].get("communicate_info") else "refuse"
    if "cancel_pending_order" in writes and len(writes) > 1:
        return "cancel_plus"
    if writes & DELIVERED and writes - DELIVERED:
        return "mixed_pending_delivered"
    if writes <= DELIVERED:
        return "exchange" if "exchange_delivered_order_items" in writes else "return"
    kinds = {SINGLE[w] for w in writes}
    return kinds.pop() if len(kinds) == 1 else "several_pending_edits"


def split_of(seed: int) -> str:
    return "train" if seed in TRAIN_SEEDS else "heldout" if seed in HELDOUT_SEEDS else "other"


@lru_cache(maxsize=1)
def _tasks() -> dict[str, dict[str, Any]]:
    return {t["id"]: t for t in load_tasks()}


@lru_cache(maxsize=1)
def tasks_by_family() -> dict[tuple[str, str], list[str]]:
    """(split, family) -> task ids in τ²-bench's order; splits ``train`` and ``test``."""
    out: dict[tuple[str, str], list[str]] = {}
    splits = load_splits()
    for split in ("train", "test"):
        for task_id in splits[split]:
            out.setdefault((split, family_of(_tasks()[task_id])), []).append(task_id)
    return out


def _task_user(db: RetailDB, task: dict[str, Any]) -> str | None:
    """The task's customer: from the gold lookups, else from the names and zip in the instructions."""
    for a in task["evaluation_criteria"]["actions"]:
        args = a["arguments"]
        if a["name"] == "find_user_id_by_email":
            ids = db.users_with_email(args["email"])
            if ids:
                return ids[0]
        if a["name"] == "find_user_id_by_name_zip":
            for uid in db.users_named(args["first_name"], args["last_name"]):
                if db.users[uid].address.zip == args["zip"]:
                    return uid
        if "user_id" in args and args["user_id"] in db.users:
            return args["user_id"]
        if "order_id" in args and args["order_id"] in db.orders:
            return db.orders[args["order_id"]].user_id
    instr = task["user_scenario"]["instructions"]
    text = " ".join(str(instr.get(k) or "") for k in ("known_info", "reason_for_call"))
    words = re.findall(r"[A-Za-z]+", text)
    zips = set(re.findall(r"\b\d{5}\b", text))
    for a, b in zip(words, words[1:]):
        for uid in db.users_named(a, b):
            if db.users[uid].address.zip in zips:
                return uid
    return None


@lru_cache(maxsize=1)
def _pools() -> dict[str, list[str]]:
    db = base_db()
    task_users = {split: {_task_user(db, _tasks()[t]) for t in ids} for split, ids in load_splits().items()
                  if split in ("train", "test")}
    heldout, train = [], []
    for uid, user in db.users.items():
        orders = [db.orders[o] for o in user.orders]
        if not any(o.status == "pending" for o in orders):
            continue
        in_heldout = int(hashlib.sha256(uid.encode()).hexdigest(), 16) % 2 == 0
        if in_heldout and uid not in task_users["train"]:
            heldout.append(uid)
        elif not in_heldout and uid not in task_users["test"]:
            train.append(uid)
    return {"heldout": heldout, "train": train}


def _order_fields(db: RetailDB, order: Order | None, prefix: str, rng: random.Random) -> dict[str, str]:
    if order is None:
        return {f"{prefix}_{k}": "" for k in ("order_id", "item", "item2", "option", "option2")}
    items = order.items
    first = items[0]
    second = next((it for it in items[1:] if it.name != first.name), items[-1])

    def option_words(item: Any) -> str:
        """The option values of another available variant that differ from the item's."""
        product = db.products[item.product_id]
        others = [v for v in product.variants.values() if v.available and v.item_id != item.item_id]
        if not others:
            return ""
        variant = rng.choice(sorted(others, key=lambda v: v.item_id))
        return " ".join(val for k, val in variant.options.items() if item.options.get(k) != val)

    return {f"{prefix}_order_id": order.order_id, f"{prefix}_item": first.name.lower(),
            f"{prefix}_item2": second.name.lower(), f"{prefix}_option": option_words(first),
            f"{prefix}_option2": option_words(second)}


def customer_fields(db: RetailDB, user_id: str, rng: random.Random, prefer: dict[str, str] | None = None) -> dict[str, Any]:
    """The uniform scenario fields for one customer (``prefer``: order ids a task names)."""
    user = db.users[user_id]
    orders = [db.orders[o] for o in user.orders]
    prefer = prefer or {}

    def pick(status: str) -> Order | None:
        named = [o for o in orders if o.order_id in prefer.values() and o.status == status]
        pool = named or sorted((o for o in orders if o.status == status), key=lambda o: (-len(o.items), o.order_id))
        return pool[0] if pool else None

    pending, delivered = pick("pending"), pick("delivered")
    # a task's customer may have no pending (or no delivered) order: the field then names another
    # of their orders, so that every script line reads as a request about a real order of theirs
    # (the agent then explains what it can do with it) instead of "cancel order ."
    rest = sorted(orders, key=lambda o: (o.status not in ("processed", "pending", "delivered"), o.order_id))
    if pending is None:
        pending = next((o for o in rest if o is not delivered), delivered)
    if delivered is None:
        delivered = next((o for o in rest if o is not pending), pending)
    fields: dict[str, Any] = {"user_id": user_id, "email": user.email, "first_name": user.name.first_name,
                              "last_name": user.name.last_name, "zip": user.address.zip}
    fields.update(_order_fields(db, pending, "pending", rng))
    fields.update(_order_fields(db, delivered, "delivered", rng))
    used = {fields["pending_order_id"], fields["delivered_order_id"]}
    other = next((o.order_id for o in orders if o.order_id not in used), "") or fields["pending_order_id"]
    fields["other_order_id"] = other
    spouse_pool = sorted(o for o, rec in db.orders.items() if rec.status == "pending" and rec.user_id != user_id)
    spouse = db.orders[rng.choice(spouse_pool)]
    spouse_user = db.users[spouse.user_id]
    fields["spouse_order_id"] = spouse.order_id
    fields["spouse_name"] = spouse_user.name.first_name
    street, (city, state, zipcode) = rng.choice(STREETS), rng.choice(CITIES)
    fields["new_address"] = f"{rng.randint(10, 990)} {street}, {city}, {state} {zipcode}"
    fields["reason"] = rng.choice(("no longer needed", "ordered by mistake"))
    current = pending.payment_history[0].payment_method_id if pending and pending.payment_history else ""
    kinds = sorted({pm.source for pid, pm in user.payment_methods.items() if pid != current})
    fields["payment_kind"] = (rng.choice(kinds) if kinds else "credit card").replace("_", " ")
    return fields


def make_scenario(family: str, seed: int) -> dict[str, Any]:
    """The scenario of ``family`` and ``seed``: a pure function of them and the shipped database,
    drawn once per process (sorting the user pool by hash and reading the user's orders took about
    5 ms, and a played test asks for its scenario several times) and handed out as a copy."""
    if family not in FAMILIES:
        raise ValueError(f"unknown family {family!r}; allowed: {', '.join(FAMILIES)}")
    return copy.deepcopy(_drawn_scenario(family, seed))


@lru_cache(maxsize=4096)
def _drawn_scenario(family: str, seed: int) -> dict[str, Any]:
    split = split_of(seed)
    db = base_db()
    task_split = {"train": "train", "heldout": "test"}.get(split)
    if task_split is not None:
        index = seed - (TRAIN_SEEDS if split == "train" else HELDOUT_SEEDS).start
        task_ids = tasks_by_family().get((task_split, family), [])
        if index < len(task_ids):
            return _task_scenario(db, family, seed, split, _tasks()[task_ids[index]])
        index -= len(task_ids)
    else:
        index = seed
    pool = _pools()["heldout" if split == "heldout" else "train"]
    if family == "payment":  # a pending order of someone who has another way to pay for it
        pool = [(u, o) for u in pool if len(db.users[u].payment_methods) > 1
                for o in db.users[u].orders if db.orders[o].status == "pending"]
    else:  # the other families' scripts talk about a pending and a delivered order
        pool = [(u, "") for u in pool if any(db.orders[o].status == "delivered" for o in db.users[u].orders)]
    order = sorted(pool, key=lambda c: hashlib.sha256(f"{family}:{c[0]}:{c[1]}".encode()).hexdigest())
    user_id, order_id = order[index % len(order)]
    rng = random.Random(f"taubench:{family}:{seed}")
    scenario: dict[str, Any] = {"family": family, "seed": seed, "split": split, "source": "fresh", "task_id": ""}
    scenario.update(customer_fields(db, user_id, rng, {"o": order_id} if order_id else None))
    scenario["manner"] = rng.choice(MANNERS)
    return scenario


@lru_cache(maxsize=1)
def heldout_task_slots() -> list[tuple[str, int]]:
    """The held-out evaluation's first seeds: every ``test`` task as ``(family, k)`` (the k-th task
    of that family, i.e. ``make_scenario(family, HELDOUT_SEEDS.start + k)``), dealt round-robin
    over ``FAMILIES`` so that any first n episodes spread over the families (the first 12 cover
    all of them)."""
    by_family = {f: tasks_by_family().get(("test", f), []) for f in FAMILIES}
    slots: list[tuple[str, int]] = []
    for k in range(max((len(v) for v in by_family.values()), default=0)):
        slots += [(f, k) for f in FAMILIES if k < len(by_family[f])]
    return slots


def sample_scenario(seed: int) -> dict[str, Any]:
    """The scenario of a seed when no family is fixed (``Domain.sample_scenario``: the game's reset,
    hence ``probe eval``). Held-out seed ``start + j`` for j below the number of ``test`` tasks (40)
    is the j-th of ``heldout_task_slots`` (a τ²-bench test task, rebuilt by its family and its
    per-family seed); later held-out seeds and all other seeds: family ``FAMILIES[seed % 12]``
    of that seed (fresh scenarios; training seeds keep their per-family tasks first)."""
    j = seed - HELDOUT_SEEDS.start
    slots = heldout_task_slots()
    if split_of(seed) == "heldout" and j < len(slots):
        family, k = slots[j]
        return make_scenario(family, HELDOUT_SEEDS.start + k)
    return make_scenario(FAMILIES[seed % len(FAMILIES)], seed)


def _task_scenario(db: RetailDB, family: str, seed: int, split: str, task: dict[str, Any]) -> dict[str, Any]:
    user_id = _task_user(db, task)
    assert user_id is not None, f"task {task['id']} names no user"
    named = {f"o{k}": a["arguments"]["order_id"] for k, a in enumerate(task["evaluation_criteria"]["actions"])
             if "order_id" in a["arguments"]}
    rng = random.Random(f"taubench:task:{task['id']}")
    instr = task["user_scenario"]["instructions"]
    scenario: dict[str, Any] = {"family": family, "seed": seed, "split": split, "source": "task", "task_id": task["id"]}
    scenario.update(customer_fields(db, user_id, rng, named))
    manner = (instr.get("task_instructions") or "").strip()
    scenario["manner"] = "" if manner in ("", ".") else manner
    scenario["reason_for_call"] = instr.get("reason_for_call") or ""
    scenario["known_info"] = instr.get("known_info") or ""
    scenario["unknown_info"] = instr.get("unknown_info") or ""
    return scenario


GOALS = {
    "exchange": "You want to exchange the {delivered_item} from your delivered order {delivered_order_id} for one with {delivered_option}.",
    "return": "You want to return the {delivered_item} from your delivered order {delivered_order_id}; the refund can go to a {payment_kind}.",
    "modify_items": "Your order {pending_order_id} has not shipped yet; you want the {pending_item} in it changed to {pending_option}.",
    "cancel": "You want to cancel your pending order {pending_order_id}: {reason}.",
    "address": "You moved: your pending order {pending_order_id} and your default address should go to {new_address}.",
    "payment": "You want to pay for your pending order {pending_order_id} with your {payment_kind} instead.",
    "several_pending_edits": "For your pending order {pending_order_id} you want the {pending_item} changed to {pending_option} and the order shipped to {new_address}.",
    "cancel_plus": "You want to cancel order {other_order_id} ({reason}) and return the {delivered_item} from order {delivered_order_id}.",
    "mixed_pending_delivered": "You want to change the {pending_item} of your pending order {pending_order_id} to {pending_option} and return the {delivered_item} of your delivered order {delivered_order_id}.",
    "transfer": "You have a problem with order {delivered_order_id} that you would rather discuss with a person: you want to speak to a human agent.",
    "info_only": "You want to know the status of your orders {pending_order_id} and {delivered_order_id} and what is in them.",
    "refuse": "You want the {pending_item} of order {pending_order_id} swapped for a different kind of product, which the store may not allow.",
}


def _sentence(text: str) -> str:
    """``text`` stripped, with a full stop added unless it already ends a sentence."""
    text = text.strip()
    return text if text.rstrip("\"'’”")[-1:] in (".", "!", "?") else text + "."


def describe(scenario: dict[str, Any]) -> str:
    """The customer's side of the scenario in words (public: the auditor reads it)."""
    s = scenario
    if s.get("source") == "task":
        # who the customer is first, as in a fresh scenario, then the reason for the call: in
        # τ²-bench's order (reason first) an address in the reason took the first number and name
        # slots of the tiny auditor's prompt (probe.auditor.slots numbers values by first
        # appearance), and the auditor, taught by fresh scenarios that its first number is its zip
        # code, answered "Mei Patel, 445." with a suite number. Each part ends a sentence: 26 of 46
        # parts of the task scenarios come without a full stop ("You do not remember your email
        # address"), and the next part's "You" was read as a proper noun.
        parts = [s.get("known_info", ""), s.get("reason_for_call", ""), s.get("unknown_info", ""), s.get("manner", "")]
        return " ".join(_sentence(p) for p in parts if p and p.strip())
    who = (f"You are {s.get('first_name')} {s.get('last_name')} (email {s.get('email')}, zip code {s.get('zip')}, "
           f"user id {s.get('user_id')}).")
    goal = GOALS.get(str(s.get("family")), "").format_map({k: v for k, v in s.items() if isinstance(v, str)})
    return " ".join(p for p in (who, goal, s.get("manner", "")) if p)
