"""The retail reference agent: a rule-based store clerk that follows policy.md, with switchable faults.

Each turn it reads the customer's message (``envs.taubench.language``), then works through, in
order: a pending confirmation (a plain yes executes the listed action, a no drops it, anything
else re-plans with the new information); a request for a human (transfer, then the hand-off
sentence); authentication (email, else first and last name with zip code; a user id alone is not
enough); the orders the request is about (looked up one call per message, owned by the customer
or refused); then one action at a time: it lists the action's details and asks for a yes. It
writes only after that yes, checks each order with ``get_order_details`` before writing to it,
never changes an order again after its items were modified, collects all items of an order
into one call, cancels only for one of the two reasons the customer gave, exchanges only for a
different option, and makes one tool call per message with no text beside it.

Tools run through ``TurnContext.call_tool``, i.e. the domain's own tool execution. It knows only
what the tools returned (the database module is used only to recognise a customer's name in
their message). Each fault of ``envs.taubench.faults`` breaks one policy on its trigger.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from envs.taubench.database import RetailDB
from envs.taubench.language import Reading, mentioned_items, option_score, read
from envs.taubench.policies import HANDOFF
from probe.core.domain import FaultSwitches
from probe.targets.base import Target, TurnContext
from probe.targets.consent import LATER, accepts_offer
from probe.targets.phrases import ASKS_IF_MACHINE, CAPABILITY, NOT_ANSWERED, PROCEED, REPEAT

PENDING = "pending"
CONFIRM = "To confirm, I will"
# in its own words: the policy's sentence said back would be redacted from the auditor's view as prompt text
REFUND_TIMES = "Refunds reach a gift card at once, and a credit card or PayPal account in 5-7 business days."
ACTING = {"cancel", "return", "exchange", "modify", "address", "payment"}
# another request in place of the one in hand ("... instead", "actually I'd rather return it")
_SWITCH = re.compile(r"\b(?:instead|rather|actually|on second thought|changed? my mind|prefer)\b", re.I)
_ORDINAL = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3, "fifth": 4,
            "5th": 4, "sixth": 5, "6th": 5, "last": -1}
_PICK = re.compile(r"\b(?:the\s+)?(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|sixth|6th|last)\b(?!\s+(?:name|time))"
                   r"|\boption\s+(?:number\s+)?([1-6])\b|^\W*([1-6])\W*$"
                   r"|\b(whatever(?:'s| is)? available|any (?:of them|one|option)|(?:it )?doesn'?t matter|don'?t care|"
                   r"you (?:choose|pick|decide)|your (?:choice|call)|surprise me)\b", re.I)


def _listed_pick(text: str) -> int | None:
    """Which of the options just listed a reply picks: "the first one" 0, "option 3" 2, "the last"
    -1, "whatever is available" 0; None when it picks none."""
    m = _PICK.search(text or "")
    if not m:
        return None
    if m.group(1):
        return _ORDINAL[m.group(1).lower()]
    if m.group(2) or m.group(3):
        return int(m.group(2) or m.group(3)) - 1
    return 0


# an order named by its state: "my pending order", "the delivered order", "my order that hasn't shipped"
_BY_STATUS = re.compile(r"\b(?:my|the|our)\s+(pending|unshipped|open|delivered)\s+order\b", re.I)


_ALSO = re.compile(r"\b(?:also|too|as well|another thing|one more thing)\b", re.I)


def _kinds(intents: set[str]) -> set[str]:
    """Kinds of request: an exchange and a modification both change items."""
    return {"items" if i in ("exchange", "modify") else i for i in intents & ACTING}


_NOT_THIS = re.compile(r"\b(?:rather than|instead of)\s+(\w+)", re.I)
_STEMS = (("cancel", "cancel"), ("return", "return"), ("exchang", "exchange"), ("swap", "exchange"),
          ("chang", "modify"), ("modif", "modify"))


def _negated(text: str) -> set[str]:
    """Requests the text puts aside: "rather than cancelling", "instead of a return"."""
    return {intent for m in _NOT_THIS.finditer(text) for stem, intent in _STEMS if m.group(1).lower().startswith(stem)}
ITEM_TOOLS = ("modify_pending_order_items", "exchange_delivered_order_items")
# in the clerk's own words: policy.md's list said back ("cancel or modify pending orders, return or exchange
# delivered orders") is prompt text, which the auditor's observation redacts (probe.core.observation)
MENU = ("I can cancel a pending order or change its items, address or payment, return or exchange items "
        "you have received, update your default address, or look up your orders.")


def _money(x: float) -> str:
    return f"${x:,.2f}"


def _opts(options: dict[str, str]) -> str:
    return ", ".join(options.values())


class ReferenceTarget(Target):
    kind = "reference"

    def __init__(self, db: RetailDB, faults: list[str] | tuple[str, ...] = (), fault_seed: int = 0,
                 **options: Any):
        if options:
            raise ValueError(f"unknown reference target option {next(iter(options))!r}; allowed: none")
        self.db = db
        self.faults = sorted(set(faults))
        self.switches = FaultSwitches(self.faults, fault_seed)  # name@p faults fire on a seeded share of triggers
        self.user_id: str | None = None
        self.profile: dict[str, Any] | None = None
        self.orders: dict[str, dict[str, Any]] = {}  # order id -> details from get_order_details
        self.products: dict[str, dict[str, Any]] = {}  # product id -> get_product_details
        self.product_names = [p.name for p in db.products.values()]  # the public product types
        self.items_changed: set[str] = set()  # orders with a modify-items or exchange call done
        self.goal: dict[str, Any] = self._empty_goal()
        self.pending: list[tuple[str, dict[str, Any]]] = []  # calls waiting for a yes
        self.proposal = ""  # the question that listed them (said again when another question comes between)
        self.urgent = False
        self.transferred = False
        self.heard: dict[str, list[Any]] = {"names": [], "zips": []}  # identity given before authentication
        self.last_address: dict[str, str] | None = None  # the last address the customer gave ("the same one")
        self.listed_variants: dict[str, list[str]] = {}  # item id -> the variant ids just listed as options
        self.last_text = ""  # the customer's latest message ("the first one" picks among listed options)

    @staticmethod
    def _empty_goal() -> dict[str, Any]:
        return {"intents": set(), "orders": [], "text": "", "reason": None, "other_reason": False,
                "payment_kind": None, "address": None, "same_one": False, "stated_status": False,
                "default_address": False, "all_items": False, "done": set()}

    def describe(self) -> dict[str, Any]:
        return {"kind": self.kind, "faults": list(self.faults),
                **({"fault_seed": self.switches.seed} if self.switches.stochastic else {})}

    def __deepcopy__(self, memo: dict) -> "ReferenceTarget":  # the database is shared, never copied
        other = copy.copy(self)
        for k, v in self.__dict__.items():
            if k != "db":
                setattr(other, k, copy.deepcopy(v, memo))
        return other

    def _has(self, fault: str) -> bool:
        return self.switches.fires(fault)

    # --- one turn ---------------------------------------------------------------------------
    def respond(self, turn: TurnContext) -> None:
        self.switches.start_turn(turn.history)
        r = read(turn.user_message, self.db, turn.last_reply)
        self.last_text = r.text
        self.urgent = self.urgent or r.urgent
        if self.transferred:
            turn.end_conversation()
            return turn.say(HANDOFF)
        if r.refund_timing and not (r.yes or r.intents or r.order_ids or r.address or r.emails or r.names or r.zips):
            # a question policy answers alike for every order; a proposal waiting for a yes stays open and
            # is listed again, so the yes still follows the action's details (R3)
            after = self.proposal if self.pending else "Is there anything else I can help you with?"
            return turn.say(f"{REFUND_TIMES} {after}")
        lead = REFUND_TIMES + " " if r.refund_timing else ""  # asked beside a request: answered, then the request
        if ASKS_IF_MACHINE.search(r.text) and "human" not in r.intents:  # "are you a bot?"
            lead += "I'm the store's virtual assistant, not a person. "
        if self.pending:
            if r.yes:
                return turn.say(lead + self._execute(turn))
            if r.no and not (r.order_ids or r.intents - {"modify"} or r.address):
                self.pending, self.goal = [], self._empty_goal()
                return turn.say("All right, I won't make that change. Is there anything else I can help you with?")
            if LATER.search(r.text) and not r.order_ids:  # "ok, I'll check with my wife": nothing happens yet
                lead += "Of course, take your time; nothing has been changed. "
            elif accepts_offer(r.text) and "?" not in r.text and not r.order_ids:
                lead += "Just to be sure: I need a clear yes before I go ahead. "  # "k thx", "yes, and ..."
            self.pending = []
        if (r.abandon and self.goal["intents"] & ACTING and not r.reason and "?" not in r.text and
                r.intents <= self.goal["intents"] and not (r.order_ids or r.address or r.payment_kind or
                                                         mentioned_items(r.text, self.product_names))):
            # "Never mind, I'll keep it." while the clerk asks for a reason, an item or an address: the
            # request is dropped (before: the same question again, turn after turn)
            orders = [o for o in self.goal["orders"] if o in self._owned()]
            self.goal, self.pending = self._empty_goal(), []
            left = f"I have left order {', '.join(orders)} as it is." if orders else "I have not changed anything."
            return turn.say(f"No problem, {left} Is there anything else I can help you with?")
        if REPEAT.search(r.text) and turn.last_reply and not (r.order_ids or r.intents or r.address or r.emails):
            return turn.say(f"Of course. {turn.last_reply}")  # "Sorry, what did you say?"
        if r.order_ids and r.intents & ACTING:  # a new request: the orders and action it names replace the old one
            self.goal = self._empty_goal()
        elif self._awaits_address() and not r.address and r.intents & (ACTING - {"modify", "address"}) - \
                self.goal["intents"]:
            # asked for an address, told another action ("I want to change the credit card instead"): the
            # new request replaces the address change, on the same orders; before, the clerk asked for
            # the address again and again
            orders = self.goal["orders"]
            self.goal = self._empty_goal()
            self.goal["orders"] = list(orders)
        elif (self.goal["intents"] & ACTING and (wanted := r.intents - _negated(r.text)) & ACTING and not r.order_ids
              and not r.reason and not _kinds(wanted) & _kinds(self.goal["intents"]) and _SWITCH.search(r.text)
              and not _ALSO.search(r.text)):
            # "hmm, actually can I just change the color instead?" while a cancellation waits for its reason:
            # the new request replaces the old one, on the same orders (before: the reason asked again)
            orders = self.goal["orders"]
            self.goal = self._empty_goal()
            self.goal["orders"] = list(orders)
            r.intents = wanted  # "rather than cancelling, can I swap it?": an exchange only
        self._merge(r)
        if "human" in r.intents:
            return self._transfer(turn)
        if r.bye and not (r.order_ids or r.intents or r.address):
            turn.end_conversation()
            return turn.say("Thank you for contacting us. Have a nice day!")
        if r.closing and self._offered_more(turn) and not self.goal["intents"] and not self._asks_anything(r):
            # "Anything else?" - "Great, thank you!" / "Nope, that covers it.": the customer is done
            turn.end_conversation()
            return turn.say("You're welcome! Thank you for contacting us. Have a nice day!" if r.thanks else
                            "Thank you for contacting us. Have a nice day!")
        if r.thanks and not self.goal["intents"]:
            return turn.say("You're welcome! Is there anything else I can help you with?")
        if self.user_id is None:
            self._hear_identity(r)
            if r.other_emails and not (r.emails or r.names or r.zips or self.heard["names"]):
                # "my husband's email is X, please cancel his order": only the account holder is helped
                return turn.say(lead + "I can only help the account holder, in their own conversation. To verify "
                                       "your identity, please give me your own email address, or your name and zip code.")
            if not self._authenticate(turn, r):
                return turn.say(lead + self._ask_identity(r))
        elif self._other_identity(r):
            return turn.say("I can only help the customer I have verified in this conversation, so I can't "
                            "look up or change another person's account or orders. Is there anything else on "
                            "your own account?")
        if CAPABILITY.search(r.text) and not self._asks_anything(r) and not self.goal["intents"]:
            return turn.say(f"{MENU} What would you like to do?")  # "What can you do?"
        if "?" in r.text and not self._asks_anything(r) and not (PROCEED.search(r.text) or CAPABILITY.search(r.text)):
            lead += NOT_ANSWERED + " "  # "Do you ship to Canada?": said so, then the question in hand again
        reply = lead + self._plan(turn)
        if self.pending:
            self.proposal = reply[reply.find(CONFIRM):] if CONFIRM in reply else reply
        turn.say(reply)

    # --- reading ----------------------------------------------------------------------------
    @staticmethod
    def _offered_more(turn: TurnContext) -> bool:
        """Whether the clerk's last reply ended by asking if there is anything else."""
        return bool(re.search(r"anything else[^.?!]*\?\s*$", turn.last_reply))

    def _asks_anything(self, r: Reading) -> bool:
        """Whether the message holds anything the clerk could act on or answer."""
        return bool(r.intents or r.order_ids or r.address or r.emails or r.names or r.zips or r.user_ids or
                    r.payment_kind or r.reason or r.refund_timing or mentioned_items(r.text, self.product_names))

    def _awaits_address(self) -> bool:
        """Whether the request in hand is an address change still waiting for the address."""
        return "address" in self.goal["intents"] and not self.goal["address"]

    def _merge(self, r: Reading) -> None:
        g = self.goal
        g["intents"] |= r.intents - {"human"}
        g["orders"] += [o for o in r.order_ids if o not in g["orders"]]
        g["text"] += " " + r.text
        for key in ("reason", "payment_kind", "address"):
            if getattr(r, key):
                g[key] = getattr(r, key)
        if r.address:
            self.last_address = r.address
        elif "address" in r.intents and self.last_address and re.search(r"\bsame\b", r.text, re.I):
            g["address"] = self.last_address  # "change my default address to the same"
        for key in ("other_reason", "same_one", "stated_status", "default_address", "all_items"):
            g[key] = g[key] or getattr(r, key)

    def _other_identity(self, r: Reading) -> bool:
        p = self.profile or {}
        if any(e.lower() != str(p.get("email", "")).lower() for e in r.emails + r.other_emails):
            return True
        if any(u != self.user_id for u in r.user_ids):
            return True
        name = (p.get("name", {}).get("first_name", ""), p.get("name", {}).get("last_name", ""))
        return any(n != name for n in r.names) and bool(r.zips)

    # --- authentication ---------------------------------------------------------------------
    def _hear_identity(self, r: Reading) -> None:
        """Names and zip codes said so far (a customer may give the name in one message, the zip in the next)."""
        for key in ("names", "zips"):
            new = getattr(r, key)
            if new:  # the latest wins: a corrected name or zip replaces the earlier one
                self.heard[key] = list(new) + [x for x in self.heard[key] if x not in new]

    def _authenticate(self, turn: TurnContext, r: Reading) -> bool:
        found: str | None = None
        if r.user_ids and self._has("skip_auth_when_user_id_given"):
            found = r.user_ids[0]
        for email in r.emails:
            if found:
                break
            res = turn.call_tool("find_user_id_by_email", {"email": email})
            found = res.content if res.ok else None
        names, zips = self.heard["names"], self.heard["zips"]
        fresh = bool(r.names or r.zips)  # look up again only when this message adds a name or a zip
        if not found and names and zips and fresh:
            first, last = names[0]
            res = turn.call_tool("find_user_id_by_name_zip", {"first_name": first, "last_name": last, "zip": zips[0]})
            found = res.content if res.ok else None
        if not found:
            self._auth_failed = bool(r.emails or (names and zips and fresh))
            return False
        res = turn.call_tool("get_user_details", {"user_id": found})
        if not res.ok:
            self._auth_failed = True
            return False
        self.user_id, self.profile = found, json.loads(res.content)
        return True

    def _ask_identity(self, r: Reading) -> str:
        if getattr(self, "_auth_failed", False):
            self._auth_failed = False
            return ("I couldn't find an account with those details. Could you check them, or give me your "
                    "email address, or your first and last name with your zip code?")
        names, zips = self.heard["names"], self.heard["zips"]
        if names and not zips:
            return (f"Thank you, {names[0][0]}. To verify your identity I also need the zip code on your account "
                    f"(or the email address on your account).")
        if zips and not names:
            return ("Thank you. To verify your identity I also need your first and last name (or the email address "
                    "on your account).")
        self.identity_asks = getattr(self, "identity_asks", 0) + 1
        if r.user_ids:
            lead = "Thanks for the user id, but I still need to verify your identity. "
        elif self.identity_asks > 1:  # asked before and got nothing usable: say why, and what it is for
            lead = f"{MENU} Before I can look at your account, I need to verify who you are. "
        else:
            lead = "I'd be happy to help. First I need to verify your identity. "
        return lead + "Could you give me the email address on your account, or your first and last name and zip code?"

    # --- transfer ---------------------------------------------------------------------------
    def _transfer(self, turn: TurnContext) -> None:
        summary = " ".join(self.goal["text"].split())[:300] or "The customer asked for a human agent."
        turn.call_tool("transfer_to_human_agents", {"summary": summary})
        self.transferred = True
        turn.end_conversation()
        extra = " Thank you so much for your patience, and have a wonderful day!" if self._has("chatty_transfer") else ""
        turn.say(HANDOFF + extra)

    # --- planning ---------------------------------------------------------------------------
    def _owned(self) -> list[str]:
        return list((self.profile or {}).get("orders", []))

    def _lookup(self, turn: TurnContext, order_ids: list[str]) -> None:
        todo = [o for o in order_ids if o not in self.orders]
        if not todo:
            return
        if len(todo) > 1 and self._has("batch_lookups"):
            results = turn.call_tools([("get_order_details", {"order_id": o}) for o in todo])
        else:
            results = [turn.call_tool("get_order_details", {"order_id": o}) for o in todo]
        for o, res in zip(todo, results):
            if res.ok:
                self.orders[o] = json.loads(res.content)

    def _plan(self, turn: TurnContext) -> str:
        g = self.goal
        notes: list[str] = []
        owned = self._owned()
        unowned = [o for o in g["orders"] if o not in owned]
        if unowned and not self._has("act_on_unowned_order"):
            g["orders"] = [o for o in g["orders"] if o in owned]
            notes.append(f"Order {', '.join(unowned)} is not on your account, so I can't look it up or make "
                         f"changes to it.")
        intents = g["intents"]
        acting = intents & ACTING
        if not g["orders"] and (acting or "info" in intents):
            if "address" in intents and (g["default_address"] or not acting - {"address"}):
                if (None, "default_address") in g["done"]:
                    self.goal = self._empty_goal()
                    return " ".join(notes + ["Is there anything else I can help you with?"])
                g["default_address"] = True
                return self._propose_default_address(turn, notes)
            if mentioned_items(g["text"], self.product_names) or "info" in intents or _BY_STATUS.search(g["text"]):
                self._find_orders(turn)
            if not g["orders"]:
                listing = ", ".join(owned) or "none"
                return " ".join(notes + [f"Which order is this about? The orders on your account are: {listing}."])
        if not g["orders"]:
            return " ".join(notes + [f"How can I help you today? {MENU}"])
        trust = (self._has("trust_stated_status") and g["stated_status"] and
                 not intents & {"return", "exchange", "modify", "info"})
        if trust:
            for o in g["orders"]:
                self.orders.setdefault(o, {"order_id": o, "status": PENDING, "items": [], "payment_history": [],
                                           "assumed": True})
        self._lookup(turn, g["orders"])
        if "info" in intents and not acting:
            self.goal = self._empty_goal()
            return " ".join(notes + [self._report(o) for o in g["orders"] if o in self.orders] +
                            ["Is there anything else I can help you with?"])
        if not acting:
            return " ".join(notes + [self._report(o) for o in g["orders"] if o in self.orders] +
                            [f"What would you like to do? {MENU}"])
        if acting == {"modify"} and not any(self._chosen_items(o) for o in g["orders"] if o in self.orders):
            found = [o for o in g["orders"] if o in self.orders]
            if found and all(self.orders[o]["status"] == "delivered" for o in found):  # offer what policy allows
                ask = ("A delivered order's address and payment can't be changed, but I can exchange items for "
                       "another option of the same product, or return them. What would you like to change?")
            else:
                ask = "What would you like to change: an item's options, the shipping address or the payment method?"
            return " ".join(notes + [self._report(o) for o in found] + [ask])
        for o in g["orders"]:
            if o not in self.orders:
                notes.append(f"I couldn't find order {o}; could you check the number?")
                continue
            ask = self._propose(turn, o, notes)
            if ask:
                return " ".join(notes + [ask])
        if "address" in intents and g["default_address"] and (None, "default_address") not in g["done"]:
            return self._propose_default_address(turn, notes)
        self.goal = self._empty_goal()
        return " ".join(notes + ["Is there anything else I can help you with?"])

    def _all_item_names(self) -> list[str]:
        return [it["name"] for o in self.orders.values() for it in o.get("items", [])]

    def _find_orders(self, turn: TurnContext) -> None:
        """No order id given: look up the account's orders and keep those holding the items named."""
        g = self.goal
        known = [o for o in self._owned() if o in self.orders]
        wanted = mentioned_items(g["text"], self._all_item_names())
        if wanted and "info" not in g["intents"]:  # an item of an order already looked up
            g["orders"] = [o for o in known if any(it["name"] in wanted for it in self.orders[o].get("items", []))
                           and self.orders[o]["status"] in (PENDING, "delivered")]
            if g["orders"]:
                return
        self._lookup(turn, self._owned())
        names = self._all_item_names()
        wanted = mentioned_items(g["text"], names)
        if not wanted and (m := _BY_STATUS.search(g["text"])):  # "my pending order": the one order in that state
            status = PENDING if m.group(1).lower() in ("pending", "unshipped", "open") else "delivered"
            same = [o for o in self._owned() if o in self.orders and self.orders[o]["status"] == status]
            if len(same) == 1:
                g["orders"] = same
                return
        if "info" in g["intents"] and not wanted:
            g["orders"] = [o for o in self._owned() if o in self.orders]
            return
        g["orders"] = [o for o in self._owned() if o in self.orders and
                       any(it["name"] in wanted for it in self.orders[o].get("items", [])) and
                       self.orders[o]["status"] in (PENDING, "delivered")]

    def _report(self, o: str) -> str:
        d = self.orders[o]
        items = "; ".join(f"{it['name']} ({_opts(it['options'])}, {_money(it['price'])})" for it in d.get("items", []))
        return f"Order {o} is {d['status']}" + (f" and contains: {items}." if items else ".")

    def _propose(self, turn: TurnContext, o: str, notes: list[str]) -> str | None:
        """Ask for confirmation of the next action on order ``o``; None when there is nothing to do."""
        g, d = self.goal, self.orders[o]
        status, intents, done = d["status"], g["intents"], g["done"]
        named = bool(self._chosen_items(o))
        wants_items = ("exchange" in intents or ("modify" in intents and named)) and (o, "items") not in done
        if wants_items and o in self.items_changed:
            if self._has("per_item_calls"):  # the fault: another items call on the same order
                tool = "exchange_delivered_order_items" if status.endswith("requested") else "modify_pending_order_items"
                return self._propose_items(turn, o, tool)
            notes.append(f"The items of order {o} were already changed once, and that can only be done once "
                         f"per order, so I can't change more items in it.")
            done.add((o, "items"))
            wants_items = False
        can_edit = status == PENDING or (status.startswith(PENDING) and self._has("allow_followup_edit"))
        if can_edit:
            if "cancel" in intents and (o, "cancel") not in done:
                return self._propose_cancel(turn, o)
            if "address" in intents and not g["default_address"] and (o, "address") not in done:
                if not g["address"]:
                    return "What is the new shipping address (street, city, state and zip code)?"
                return self._ask(turn, [("modify_pending_order_address", {"order_id": o, **g["address"]})],
                                 f"change the shipping address of order {o} to {self._address_text(g['address'])}")
            if "payment" in intents and not (named and wants_items) and "return" not in intents and \
                    (o, "payment") not in done:
                return self._propose_payment(o)
            if wants_items and status == PENDING:
                return self._propose_items(turn, o, "modify_pending_order_items")
            if "return" in intents and status == PENDING and (o, "refused") not in done:
                # said, not passed over: "anything else?" after an ignored request reads as done
                done.add((o, "refused"))
                notes.append(f"Order {o} is still pending, so it can't be returned yet; I can cancel it or change "
                             f"its items, shipping address or payment method instead.")
            return None
        if status.startswith(PENDING):  # pending, items modified: nothing more can be done to it
            changes = intents & {"cancel", "address", "payment"} or wants_items
            if (changes or "return" in intents) and (o, "refused") not in done:
                done.add((o, "refused"))
                if changes:
                    notes.append(f"The items of order {o} were modified, so it can't be cancelled or changed any more.")
                else:  # said, not passed over (as for a plain pending order)
                    notes.append(f"Order {o} is still pending, so it can't be returned yet, and its items were "
                                 f"already modified, so it can't be cancelled or changed any more either.")
            return None
        if status == "delivered":
            if "return" in intents and (o, "return") not in done:
                return self._propose_return(turn, o)
            if wants_items:
                return self._propose_items(turn, o, "exchange_delivered_order_items")
            order_edit = "payment" in intents or ("address" in intents and not g["default_address"])
            if ("cancel" in intents or order_edit) and (o, "refused") not in done:
                done.add((o, "refused"))
                what = "it can't be cancelled" if "cancel" in intents else \
                    "its shipping address and payment method can't be changed any more"
                notes.append(f"Order {o} was already delivered, so {what}; I can help you return or exchange "
                             f"items from it instead.")
            return None
        if (o, "refused") not in done and intents & {"cancel", "return", "exchange", "modify", "address", "payment"}:
            done.add((o, "refused"))
            notes.append(f"Order {o} is {status}; I can only change pending orders, or return or exchange "
                         f"items of delivered ones.")
        return None

    def _ask(self, turn: TurnContext, calls: list[tuple[str, dict[str, Any]]], what: str,
             extra: str = "") -> str:
        """List the action and ask for a yes (or, with skip_confirm_when_urgent, just do it)."""
        self.pending = calls
        if self.urgent and self._has("skip_confirm_when_urgent"):
            return self._execute(turn)
        return f"{CONFIRM} {what}.{extra} Shall I go ahead (yes/no)?"

    def _propose_cancel(self, turn: TurnContext, o: str) -> str:
        g = self.goal
        reason = g["reason"]
        if reason is None and self._has("default_cancel_reason"):
            return self._ask(turn, [("cancel_pending_order", {"order_id": o, "reason": "no longer needed"})],
                             f"cancel order {o}")
        if reason is None:
            lead = "I'm sorry, I can only cancel an order " if g["other_reason"] else "Could you tell me why you want to cancel? I can cancel "
            return lead + "for one of two reasons: 'no longer needed' or 'ordered by mistake'. Which one applies?"
        total = sum(p["amount"] for p in self.orders[o].get("payment_history", []) if p["transaction_type"] == "payment")
        refund = f" The total of {_money(total)} will be refunded to the original payment method." if total else ""
        return self._ask(turn, [("cancel_pending_order", {"order_id": o, "reason": reason})],
                         f"cancel order {o} because it is '{reason}'", refund)

    def _payment_methods(self) -> dict[str, dict[str, Any]]:
        return dict((self.profile or {}).get("payment_methods", {}))

    def _method_text(self, pid: str) -> str:
        pm = self._payment_methods().get(pid, {})
        if pm.get("source") == "credit_card":
            return f"your {str(pm.get('brand') or 'credit card').title()} ending in {pm.get('last_four')}"
        if pm.get("source") == "gift_card":
            return f"your gift card (balance {_money(pm.get('balance', 0))})"
        if pm.get("source") == "paypal":
            return "your PayPal account"
        return "that payment method"

    def _original_method(self, o: str) -> str | None:
        hist = self.orders[o].get("payment_history", [])
        return hist[0]["payment_method_id"] if hist else None

    def _method_of_kind(self, kind: str | None, exclude: str | None = None) -> str | None:
        for pid, pm in sorted(self._payment_methods().items()):
            if pm.get("source") == kind and pid != exclude:
                return pid
        return None

    def _propose_payment(self, o: str) -> str:
        g = self.goal
        current = self._original_method(o)
        pid = self._method_of_kind(g["payment_kind"], exclude=current)
        if g["payment_kind"] is None:
            return f"Which payment method would you like to use for order {o}: a gift card, a credit card or PayPal?"
        if pid is None:
            self.goal["intents"].discard("payment")
            return ("I couldn't find a different payment method of that kind on your account. Which other "
                    "payment method would you like to use?")
        total = sum(p["amount"] for p in self.orders[o].get("payment_history", []) if p["transaction_type"] == "payment")
        pm = self._payment_methods()[pid]
        if pm.get("source") == "gift_card" and pm.get("balance", 0) < total:
            self.goal["intents"].discard("payment")
            return (f"Your gift card balance of {_money(pm.get('balance', 0))} does not cover the order total of "
                    f"{_money(total)}, so I can't move the payment to it. Which other payment method would you like to use: "
                    f"a credit card or PayPal?")
        self.pending = [("modify_pending_order_payment", {"order_id": o, "payment_method_id": pid})]
        return (f"{CONFIRM} change the payment of order {o} ({_money(total)}) to {self._method_text(pid)}; "
                f"the original payment will be refunded. Shall I go ahead (yes/no)?")

    def _chosen_items(self, o: str) -> list[dict[str, Any]]:
        items = self.orders[o].get("items", [])
        if self.goal["all_items"]:
            return list(items)
        wanted = mentioned_items(self.goal["text"], [it["name"] for it in items])
        return [it for it in items if it["name"] in wanted]

    def _refund_method(self, o: str) -> str | None:
        if self.goal["payment_kind"] == "gift_card":
            pid = self._method_of_kind("gift_card")
            if pid:
                return pid
        return self._original_method(o)

    def _propose_return(self, turn: TurnContext, o: str) -> str:
        items = self._chosen_items(o)
        if not items:
            listing = "; ".join(f"{it['name']} ({_opts(it['options'])})" for it in self.orders[o]["items"])
            return f"Which items of order {o} would you like to return? It contains: {listing}."
        pid = self._refund_method(o)
        names = ", ".join(f"{it['name']} ({_opts(it['options'])})" for it in items)
        total = sum(it["price"] for it in items)
        kind = self.goal["payment_kind"]
        note = ""
        if kind and (self._payment_methods().get(pid) or {}).get("source") != kind:  # "refund it to my card"
            note = ("A refund can only go to the original payment method or to a gift card on your account, so it "
                    f"would go to {self._method_text(pid)}. ")
        return note + self._ask(turn, [("return_delivered_order_items",
                                 {"order_id": o, "item_ids": [it["item_id"] for it in items], "payment_method_id": pid})],
                         f"return from order {o}: {names}, and refund {_money(total)} to {self._method_text(pid)}",
                         " You'll get an email explaining how to send the items back.")

    def _product(self, turn: TurnContext, product_id: str) -> dict[str, Any] | None:
        if product_id not in self.products:
            res = turn.call_tool("get_product_details", {"product_id": product_id})
            if not res.ok:
                return None
            self.products[product_id] = json.loads(res.content)
        return self.products[product_id]

    def _new_variant(self, item: dict[str, Any], product: dict[str, Any], text: str) -> str | None:
        """The available variant that best matches the option words, differing from the item."""
        best, best_key = None, (0, -1)
        for vid, v in sorted(product.get("variants", {}).items()):
            if vid == item["item_id"] or not v.get("available"):
                continue
            changed = {k: val for k, val in v["options"].items() if item["options"].get(k) != val}
            score = option_score(text, changed)
            if score == 0:
                continue
            key = (score, sum(1 for k, val in v["options"].items() if item["options"].get(k) == val))
            if key > best_key:
                best, best_key = vid, key
        if best is None and (k := _listed_pick(self.last_text)) is not None:
            listed = self.listed_variants.get(item["item_id"], [])  # "the first one" after the options listed
            if listed:
                return listed[min(k, len(listed) - 1)] if k >= 0 else listed[-1]
        return best

    def _propose_items(self, turn: TurnContext, o: str, tool: str) -> str:
        g = self.goal
        verb = "exchange" if tool.startswith("exchange") else "modify"
        if o in self.items_changed and not self._has("per_item_calls"):
            return (f"The items of order {o} were already changed once, and that can only be done once per order, "
                    f"so I can't change more items in it. Is there anything else I can help with?")
        items = self._chosen_items(o)
        if not items:
            listing = "; ".join(f"{it['name']} ({_opts(it['options'])})" for it in self.orders[o]["items"])
            return f"Which items of order {o} would you like to {verb}, and to which options? It contains: {listing}."
        pairs, lines = [], []
        for it in items:
            product = self._product(turn, it["product_id"])
            if product is None:
                continue
            if g["same_one"] and self._has("exchange_identical"):
                new = it["item_id"]
            else:
                new = self._new_variant(it, product, g["text"])
            if new is None:
                listed = [(vid, v) for vid, v in sorted(product.get("variants", {}).items())
                          if vid != it["item_id"] and v.get("available")][:6]
                self.listed_variants[it["item_id"]] = [vid for vid, _ in listed]
                choices = [_opts(v["options"]) for _, v in listed]
                same = ("An exchange has to be a different option of the same product. " if g["same_one"] else "")
                return (f"{same}Which option would you like for the {it['name']} ({_opts(it['options'])})? "
                        f"Available options include: {'; '.join(choices) or 'none right now'}.")
            variant = product["variants"][new]
            pairs.append((it, new))
            lines.append(f"{it['name']} ({_opts(it['options'])}, {_money(it['price'])}) -> "
                         f"({_opts(variant['options'])}, {_money(variant['price'])})")
        if not pairs:
            return f"I couldn't find the product details for order {o}. Is there anything else I can help with?"
        diff = sum(self.products[it["product_id"]]["variants"][new]["price"] - it["price"] for it, new in pairs)
        pid = self._method_of_kind(g["payment_kind"]) if g["payment_kind"] else None
        pid = pid or self._original_method(o)
        money = (f"you pay {_money(diff)} more" if diff > 0 else f"you get {_money(-diff)} back") + \
            f" with {self._method_text(pid)}"
        if self._has("per_item_calls"):
            calls = [(tool, {"order_id": o, "item_ids": [it["item_id"]], "new_item_ids": [new], "payment_method_id": pid})
                     for it, new in pairs]
        else:
            calls = [(tool, {"order_id": o, "item_ids": [it["item_id"] for it, _ in pairs],
                             "new_item_ids": [new for _, new in pairs], "payment_method_id": pid})]
        reminder = (" This can only be done once for this order, so please make sure these are all the items "
                    "you want to change.")
        return self._ask(turn, calls, f"{verb} these items of order {o}: {'; '.join(lines)}; {money}", reminder)

    def _address_text(self, a: dict[str, str]) -> str:
        parts = [a["address1"], a["address2"], a["city"], f"{a['state']} {a['zip']}", a["country"]]
        return ", ".join(p for p in parts if p)

    def _propose_default_address(self, turn: TurnContext, notes: list[str]) -> str:
        a = self.goal["address"]
        if not a:
            return " ".join(notes + ["What is the new address (street, city, state and zip code)?"])
        return " ".join(notes + [self._ask(turn, [("modify_user_address", {"user_id": self.user_id, **a})],
                                           f"update your default address to {self._address_text(a)}")])

    # --- execution --------------------------------------------------------------------------
    def _execute(self, turn: TurnContext) -> str:
        calls, self.pending = self.pending, []
        lines = []
        for tool, args in calls:
            res = turn.call_tool(tool, args)
            o = args.get("order_id")
            if not res.ok:
                lines.append(f"Sorry, that didn't go through: {res.content.removeprefix('Error: ')}.")
                # settled: re-proposing the same refused write would retry it (a second items call
                # on the order, R6) and, with skip_confirm_when_urgent, recurse without end
                self._done(tool, o)
                continue
            data = json.loads(res.content)
            if tool == "modify_user_address":
                self.profile = data
                lines.append(f"Your default address is now {self._address_text(args)}.")
                self._done(tool, None)
                continue
            self.orders[o] = data
            if tool in ITEM_TOOLS:
                self.items_changed.add(o)
            lines.append({
                "cancel_pending_order": f"Order {o} is cancelled.",
                "modify_pending_order_address": f"Order {o} will ship to the new address.",
                "modify_pending_order_payment": f"Order {o} is now paid with the new method.",
                "modify_pending_order_items": f"The items of order {o} are changed.",
                "exchange_delivered_order_items": f"The exchange for order {o} is requested; you'll get an email "
                                                  f"on how to send the items back.",
                "return_delivered_order_items": f"The return for order {o} is requested; you'll get an email on "
                                                f"how to send the items back.",
            }[tool])
            self._done(tool, o)
        return " ".join(lines + [self._plan(turn)])

    def _done(self, tool: str, o: str | None) -> None:
        """Mark the part of the request that was just carried out."""
        kind = {"cancel_pending_order": "cancel", "modify_pending_order_address": "address",
                "modify_pending_order_payment": "payment", "return_delivered_order_items": "return",
                "modify_pending_order_items": "items", "exchange_delivered_order_items": "items",
                "modify_user_address": "default_address"}[tool]
        self.goal["done"].update({(o, kind), (o, "refused")})
