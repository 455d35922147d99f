"""The retail cooperative customer (``Domain.cooperative_customer``, ``probe eval --baselines
cooperative``) and the retail opening request of the random baseline (``Domain.opening_request``).

A rule-based, τ-bench-style customer that pursues its scenario's goal. It reads only its own
scenario's scalar fields (email, name, zip, order ids, item and option words, the new address,
the cancellation reason, a payment kind: the facts the scenario text tells the customer) and the
agent's last message, never tool calls or outputs. For a τ²-bench task scenario the goal is the
task's (``_task_parts``: its gold writes, the requests its instructions state), not the family's
fields, which are drawn around the task's orders.

The goal is a list of *parts* (``goal_parts``), one request each, from the family: an exchange,
a return, an items change, a cancellation, an address or payment change, a transfer, an
information request, or a request the store should refuse; ``several_pending_edits``,
``cancel_plus``, ``mixed_pending_delivered`` and ``address`` have two. The customer states the
first part, answers what the agent asks (identity, order, reason, address, payment kind, items
and options), says yes to a confirmation question, moves on to the next part when the agent asks
whether there is anything else (or says it cannot do the part), and says goodbye when no part is
left. It never sends the same message three times: an agent that keeps asking the same thing
gets its answer twice, then the customer gives up politely and the episode ends.

It is the core's ``CooperativeCustomer`` skeleton (state, turn loop, confirmation, fallback, the
no-three-repeats rule, goodbye) with retail hooks: ``before_confirm`` (no part left, a
transfer, the identity questions), ``asks_to_confirm``/``confirm``, ``answer`` (the next part,
reason, order, address, payment, items and options, "what can I do"), ``fallback_text``.
"""

from __future__ import annotations

import re
from typing import Any

from probe.eval.methods import CooperativeCustomer, EpisodeInfo

REASON_TEXT = {"no longer needed": "I no longer need it.", "ordered by mistake": "I ordered it by mistake."}

# read in the agent's questions (its sentences ending in '?'), so that a statement such as
# "you'll get an email" or "it will ship to the new address" is not taken for a question
ASK_ACT = re.compile(r"\b(shall i|should i|do you want me to|would you like me to|can i go ahead|may i proceed|yes/no)\b", re.I)
CONFIRM = re.compile(r"\b(do you confirm|is that correct|is this correct|is that right|proceed|go ahead)\b", re.I)
IDENTITY = re.compile(r"\b(e-?mail|zip|post(al)? ?code|identity|verify|authenticate|your (full )?name|first and last name|"
                      r"user ?id)\b", re.I)
ORDER = re.compile(r"\border\b[^?]*\b(id|number|which|what)\b|\b(which|what) order\b|\bcheck the number\b", re.I)
REASON = re.compile(r"\b(why|reason|which one applies)\b", re.I)
ADDRESS = re.compile(r"\baddress\b", re.I)
PAYMENT = re.compile(r"\b(payment method|pay with|pay for|another method|which card|refund (it )?to)\b", re.I)
ITEMS = re.compile(r"\b(which items?|what items?|which products?|what would you like to change|which option|"
                   r"what option|which (size|color|colou?r|version|variant|model))\b", re.I)
WHAT = re.compile(r"\b(how can i help|what would you like to do|what can i do for you|how may i help|what do you need|"
                  r"what can i help)\b", re.I)
ELSE = re.compile(r"\b(anything else|something else|any other)\b", re.I)
# read in the whole message
OPTIONS = re.compile(r"available options include:\s*(?P<list>[^.]*(?:\.\d[^.]*)*)\.?", re.I)
CANNOT = re.compile(r"\b(can'?t|cannot|can not|unable|not able|isn'?t possible|not possible|couldn'?t|didn'?t go through|"
                    r"not on your account|only help the customer)\b", re.I)
TRANSFERRED = re.compile(r"\b(transferr(ed|ing) (you )?to a human|being transferred)\b", re.I)
PLEASE_CONFIRM = re.compile(r"\(yes/no\)|\bplease (confirm|reply yes)\b", re.I)
WH = re.compile(r"^\W*(\w+\W+){0,2}?(which|what|where|why|how|when|who)\b", re.I)  # not a yes/no question
SENTENCE = re.compile(r"[^.?!]*(?:\.\d[^.?!]*)*[.?!]?")


ASKING = re.compile(r"^\W*(please )?(confirm|provide|give|share|tell|let me know|send|enter|reply)\b|\?$", re.I)


def questions(agent: str) -> str:
    """The agent's questions: its sentences that end in a question mark or ask for something
    ("Please provide your email address.")."""
    return " ".join(m.strip() for m in SENTENCE.findall(agent or "") if ASKING.search(m.strip()))


def _kind(payment_kind: str) -> str:
    return {"paypal": "PayPal"}.get(payment_kind.strip().lower(), payment_kind)


def _order_id(value: Any) -> str:
    return str(value or "").strip()


_KIND_WORDS = {"gift_card": "gift card", "paypal": "PayPal", "credit_card": "credit card"}


def _task_parts(f: dict[str, Any]) -> list[dict[str, str]]:
    """A τ²-bench task scenario's requests, from the task's gold writes: what its instructions tell the customer to
    get done (which order, which items to which options, the new address, the reason, where money goes). The family's
    fields of a task scenario are drawn at random around the task's orders (another order, a made-up address), so
    a customer that pursued them asked for things the task never wanted and its task success was 0 (faults-10
    finding 11). Empty for a fresh scenario, or a task with no write (an information request: the family's parts)."""
    from envs.taubench.scenarios import base_db
    from envs.taubench.success import task_of

    task = task_of(f)
    if task is None:
        return []
    db = base_db()

    def kind_of(pid: str, order: str) -> str:
        """The payment kind to name, or "" when it is the order's own (the agent's default)."""
        rec = db.orders.get(order)
        first = rec.payment_history[0].payment_method_id if rec and rec.payment_history else ""
        user = db.users.get(rec.user_id) if rec else None
        pm = user.payment_methods.get(pid) if user else None
        return "" if pid == first or pm is None else _KIND_WORDS.get(pm.source, pm.source.replace("_", " "))

    parts: list[dict[str, str]] = []
    for action in task["evaluation_criteria"]["actions"]:
        name, a = action["name"], action["arguments"]
        o = str(a.get("order_id", ""))
        if name == "cancel_pending_order":
            parts.append({"kind": "cancel", "order": o, "reason": str(a.get("reason") or "no longer needed")})
        elif name in ("modify_pending_order_address", "modify_user_address"):
            street = ", ".join(x for x in (a.get("address1"), a.get("address2")) if x)
            where = f"{street}, {a.get('city')}, {a.get('state')} {a.get('zip')}"
            parts.append({"kind": "address", "order": o, "address": where} if o else
                         {"kind": "default_address", "order": "", "address": where})
        elif name == "modify_pending_order_payment":
            parts.append({"kind": "payment", "order": o, "payment": kind_of(a["payment_method_id"], "") or
                          _KIND_WORDS.get(a["payment_method_id"].rsplit("_", 1)[0], "credit card")})
        elif name in ("modify_pending_order_items", "exchange_delivered_order_items") and o in db.orders:
            items = {it.item_id: it for it in db.orders[o].items}
            pairs = []
            for old, new in zip(a["item_ids"], a["new_item_ids"]):
                it = items.get(old)
                variant = db.products[it.product_id].variants.get(new) if it else None
                if it and variant:
                    changed = ", ".join(v for k, v in variant.options.items() if it.options.get(k) != v)
                    # a task that swaps an item for the very same variant: said as such, never "to ." (no options)
                    pairs.append(f"the {it.name.lower()} to {changed}" if changed else
                                 f"the {it.name.lower()} for a new one exactly like it")
            pay = kind_of(a.get("payment_method_id", ""), o)
            parts.append({"kind": "exchange" if name.startswith("exchange") else "modify", "order": o,
                          "item": str(items[a["item_ids"][0]].name.lower()) if a["item_ids"][0] in items else "item",
                          "option": "", "pairs": " and ".join(pairs), "money": pay})
        elif name == "return_delivered_order_items" and o in db.orders:
            items = {it.item_id: it for it in db.orders[o].items}
            names = [items[i].name.lower() for i in a["item_ids"] if i in items]
            parts.append({"kind": "return", "order": o, "item": " and the ".join(dict.fromkeys(names)) or "item",
                          "money": kind_of(a.get("payment_method_id", ""), o)})
        elif name == "transfer_to_human_agents":
            parts.append({"kind": "human", "order": str(f.get("delivered_order_id") or f.get("pending_order_id") or "")})
    return parts


def goal_parts(f: dict[str, Any]) -> list[dict[str, str]]:
    """The customer's requests, in order, from its scenario fields (one dict per request); a τ²-bench task's, from the
    task (``_task_parts``)."""
    if task := _task_parts(f):
        return task
    fam = str(f.get("family", ""))
    p, d = _order_id(f.get("pending_order_id")), _order_id(f.get("delivered_order_id"))
    other = _order_id(f.get("other_order_id"))

    def items(kind: str, order: str, prefix: str) -> dict[str, str]:
        return {"kind": kind, "order": order, "item": str(f.get(f"{prefix}_item") or "item"),
                "option": str(f.get(f"{prefix}_option") or "")}

    def address(order: str) -> dict[str, str]:
        return {"kind": "address", "order": order, "address": str(f.get("new_address") or "")}

    cancel = {"kind": "cancel", "order": p, "reason": str(f.get("reason") or "no longer needed")}
    ret = {"kind": "return", "order": d, "item": str(f.get("delivered_item") or "item")}
    parts = {
        "exchange": [items("exchange", d, "delivered")],
        "return": [ret],
        "modify_items": [items("modify", p, "pending")],
        "cancel": [cancel],
        "address": [address(p), {"kind": "default_address", "order": "", "address": str(f.get("new_address") or "")}],
        "payment": [{"kind": "payment", "order": p, "payment": str(f.get("payment_kind") or "credit card")}],
        "several_pending_edits": [address(p), items("modify", p, "pending")],
        "cancel_plus": [{**cancel, "order": other}, ret],
        "mixed_pending_delivered": [items("modify", p, "pending"), ret],
        "transfer": [{"kind": "human", "order": d}],
        "info_only": [{"kind": "info", "order": p, "order2": d}],
        "refuse": [{"kind": "other_product", "order": p, "item": str(f.get("pending_item") or "item")}],
    }.get(fam) or []
    parts = [x for x in parts if x["kind"] == "default_address" or x.get("order")]  # a customer without such an order
    return parts or [{"kind": "info", "order": p or d, "order2": d if p else ""}]


def request(part: dict[str, str]) -> str:
    """One part of the goal as a plain first-person request."""
    k, o = part["kind"], part.get("order", "")
    money = f" Please use my {part['money']} for the refund or any price difference." if part.get("money") else ""
    if k in ("exchange", "modify") and part.get("pairs"):  # a task's items, each with the options it should get
        verb = "exchange" if k == "exchange" else "change"
        return f"In my order {o}, I'd like to {verb} {part['pairs']}.{money}"
    if k == "exchange":
        want = f" for one with {part['option']}" if part.get("option") else " for a different option"
        return f"I'd like to exchange the {part['item']} from my order {o}{want}."
    if k == "modify":
        want = f" to {part['option']}" if part.get("option") else " to a different option"
        return f"I'd like to change the {part['item']} in my order {o}{want}."
    if k == "return":
        return f"I'd like to return the {part['item']} from my order {o}.{money}"
    if k == "cancel":
        return f"I'd like to cancel my order {o}."
    if k == "address":
        return f"I've moved. Could you ship my order {o} to {part['address']}?"
    if k == "default_address":
        return f"Could you also update the default address on my account to {part['address']}?"
    if k == "payment":
        return f"I'd like to pay for my order {o} with my {_kind(part['payment'])} instead."
    if k == "human":
        return f"I have a problem with my order {o} and I'd rather talk to a real person. Can I speak to a human agent?"
    if k == "info":
        both = f"orders {o} and {part['order2']}" if part.get("order2") else f"order {o}"
        return f"Could you tell me the status of my {both} and what's in them?"
    return f"Could I swap the {part['item']} in my order {o} for a completely different kind of product?"


def opening_request(fields: dict[str, Any]) -> str:
    """The retail opening: a greeting and the first part of the goal."""
    return "Hi! " + request(goal_parts(fields)[0])


def _first_option(agent: str, n: int) -> str | None:
    """The n-th option the agent listed after 'Available options include:' (0-based), if any."""
    m = OPTIONS.search(agent)
    if not m:
        return None
    options = [o.strip() for o in m.group("list").split(";") if o.strip() and "none" not in o.lower()]
    return options[n] if n < len(options) else None


class RetailCooperative(CooperativeCustomer):
    """The retail cooperative customer (see the module docstring): the core skeleton
    (``CooperativeCustomer``) with retail hooks. No "done" phrase and no closing phrase of the
    core: the customer moves to its next part, or says goodbye, when the agent asks whether
    there is anything else. The core's repeat limit is on: never the same message three times in
    a row."""

    done_pattern = None
    closing_phrases = ()
    max_repeats = 2  # never the same message three times in a row

    def __init__(self) -> None:
        super().__init__(opening_request)

    def begin_episode(self, e: EpisodeInfo) -> dict[str, Any]:
        return {"part": 0, "asked": {}}  # the part of the goal pursued; how often the agent asked what

    def _part(self, i: int, f: dict[str, Any]) -> tuple[list[dict[str, str]], dict[str, str]]:
        parts = goal_parts(f)
        return parts, parts[self.state[i]["part"]]

    def _count(self, i: int, key: str) -> int:
        """How many times the agent asked this (for this part), this time included."""
        asked = self.state[i]["asked"]
        key = f"{self.state[i]['part']}:{key}"
        asked[key] = asked.get(key, 0) + 1
        return asked[key]

    def _next_part(self, i: int, parts: list[dict[str, str]]) -> str:
        self.state[i]["part"] += 1
        self.fallbacks[i] = 0
        if self.state[i]["part"] >= len(parts):
            return self._bye(i, "No, that's all. Thank you, goodbye.")
        return "Yes, one more thing. " + request(parts[self.state[i]["part"]])

    def _identity(self, i: int, f: dict[str, Any]) -> str | None:
        name = " ".join(str(f[k]) for k in ("first_name", "last_name") if f.get(k))
        by_name = f"My name is {name} and my zip code is {f.get('zip')}." if name and f.get("zip") else None
        by_email = f"My email is {f['email']}." if f.get("email") else None
        forgot = "email" in str(f.get("unknown_info", "")).lower()  # a task whose customer forgot the email
        answers = [a for a in ((by_name, by_email) if forgot else (by_email, by_name)) if a]
        asked = self.state[i]["asked"]
        n = asked.get("identity", 0)
        asked["identity"] = n + 1
        return answers[n] if n < len(answers) else None

    # --- hooks of the core skeleton -----------------------------------------------------------
    def before_confirm(self, i: int, f: dict[str, Any], agent: str, low: str) -> str | None:
        """Goodbye when no part is left or the agent transfers; the identity answers (email, then
        name and zip, or the other way round when the task's customer forgot the email)."""
        if self.state[i]["part"] >= len(goal_parts(f)):
            return self._bye(i, "That's all, thank you. Goodbye.")
        q = questions(agent)
        if TRANSFERRED.search(agent):
            return self._bye(i, "Okay, thank you.")
        if IDENTITY.search(q) and not ASK_ACT.search(q):
            answer = self._identity(i, f)
            return answer if answer else self._bye(i, "I'm sorry, I don't have any other details. Goodbye.")
        return None

    def asks_to_confirm(self, agent: str, low: str) -> bool:
        """One of the agent's questions (or a "Please confirm: ... (yes/no)." request) asks for a
        yes or no to acting, not a wh-question."""
        asks = [x for x in re.split(r"(?<=\?)\s+", questions(agent)) if x]
        if PLEASE_CONFIRM.search(agent):  # "Please confirm: ... (yes/no)." asks without a question mark
            asks.append("yes/no")
        return any((ASK_ACT.search(x) or CONFIRM.search(x)) and not WH.search(x) for x in asks)

    def confirm(self, i: int, f: dict[str, Any]) -> str:
        """Yes, twice per part at most; no to another version when a different product was wanted."""
        _, part = self._part(i, f)
        if part["kind"] == "other_product":  # the store offered the same product in another option
            return self._bye(i, "No, I wanted a different kind of product, not another version. Never mind, thanks.")
        return "Yes, please go ahead." if self._count(i, "confirm") <= 2 else self._bye(i)

    def answer(self, i: int, f: dict[str, Any], agent: str, low: str, listed: list[int]) -> str | None:
        parts, part = self._part(i, f)
        q = questions(agent)
        if ELSE.search(q):  # the part is settled (done or refused): the next one, or goodbye
            return self._next_part(i, parts)
        if REASON.search(q) and part["kind"] == "cancel":
            return REASON_TEXT.get(part["reason"], "I no longer need it.") if self._count(i, "reason") <= 2 else self._bye(i)
        if ORDER.search(q) and part.get("order"):
            if self._count(i, "order") > 2:  # asked twice already: the agent cannot use it
                return self._next_part(i, parts)
            return f"It's order {part['order']}."
        if ADDRESS.search(q) and part.get("address"):
            return part["address"] + "." if self._count(i, "address") <= 2 else self._next_part(i, parts)
        if PAYMENT.search(q):
            if self._count(i, "payment") > 1 or part["kind"] != "payment":
                return self._next_part(i, parts) if ELSE.search(q) or part["kind"] == "payment" else \
                    "The original payment method is fine."
            return f"My {_kind(part['payment'])}, please."
        if ITEMS.search(q) or OPTIONS.search(agent):
            if part["kind"] == "other_product":
                return self._bye(i, "I see, it has to be the same kind of product. Never mind then, thanks. Goodbye.")
            n = self._count(i, "items")
            option = _first_option(agent, n - 1)
            if option:
                return f"The {option} one, please."
            if n <= 2 and part.get("item"):
                want = f" I'd like it with {part['option']}." if part.get("option") else ""
                return f"The {part['item']}.{want}"
            return self._next_part(i, parts)
        if WHAT.search(q):
            return request(part) if self._count(i, "what") <= 2 else self._bye(i)
        if CANNOT.search(agent):
            return self._next_part(i, parts)
        return None

    def fallback_text(self, i: int, f: dict[str, Any], n: int) -> str:
        """The current part's request again, then a plain question."""
        return request(self._part(i, f)[1]) if n == 1 else "Sorry, what do you need from me?"
