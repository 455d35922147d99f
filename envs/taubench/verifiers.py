"""Deterministic verifiers of R1-R10: re-score a retail trace from its messages alone.

Written with the core toolkit (``probe.verify``): the view starts from the scenario's initial
database and replays every assistant tool call in order; the replayed results are the truth
(recorded tool messages are ignored, so a tampered tool output changes nothing). ``RetailView``
records, for every call, what was known just before it (the authenticated user, the orders read,
the orders whose items were modified, whether the conversation was transferred) and, for every
text, whether it came after the transfer; each policy is then one registered check over those
records. English is read with ``envs.taubench.verifier_text``, an implementation independent of
the reference target's. Conventions (as SkyAssist and mock):

- a turn starts at a user message; the *question* of a turn is the last non-empty assistant text
  before its user message;
- a call-level violation points at the assistant message that carries the call, a text-level one
  at the assistant text; at most one violation per (policy, message);
- attempted calls count: a write the database refuses was still attempted.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from envs.taubench import tools
from envs.taubench.policies import HANDOFF, POLICIES
from envs.taubench.verifier_asked import asked_items, set_aside_by_agent
from envs.taubench.verifier_text import (
    KIND_OF_TOOL,
    USER_ADDRESS_WORDS,
    AmbiguousPick,
    actions_done,
    actions_named,
    added_item_request,
    added_request_head,
    agreed_charge,
    approved_part,
    customer_gave_email,
    customer_gave_name_zip,
    disowns_account,
    emails_of_others,
    hands_over,
    in_english,
    is_confirmation,
    item_keys,
    item_picks,
    kept_items,
    limited_part,
    mentions_item,
    mentions_key,
    name_given_as_others,
    names_absent_method,
    names_address,
    names_in_mention,
    names_item,
    names_key,
    names_new_item,
    names_payment,
    offers_other_value,
    order_ids,
    read_proposal,
    reason,
    reason_in,
    reason_proposed,
    reason_taken_back,
    reply_kinds,
    resolve_numbered,
    resolve_orders,
    rest_after_refusal,
    routed_own,
    said_back,
    set_aside,
    yes_for_a_set,
)
from probe.core.policy import Violation
from probe.verify import Call, Replayer, TraceView, VerifierRegistry, consent, declare, verifier

ORDER_WRITES = tuple(t for t in tools.WRITES if t != "modify_user_address")
ITEM_CALLS = ("modify_pending_order_items", "exchange_delivered_order_items")
LOOKUPS = ("find_user_id_by_email", "find_user_id_by_name_zip")
SCOPED_READS = ("get_user_details", "get_order_details")
SEVERITY = {p.id: p.severity for p in POLICIES}


def _args(name: str, raw: Any) -> tuple[dict[str, Any], str | None]:
    try:
        return tools.parse_arguments(name, raw), None
    except Exception as e:  # unusable arguments: the checks read them as {}
        return {}, str(e)


def _run(state: Any, name: str, raw: Any, args: Any, problem: str | None) -> tuple[bool, str]:
    """tools.execute, without validating again arguments the replayer has already validated
    (``_args``, cached by call text): the handler gets a fresh copy, as run_tool gives it."""
    if problem is not None:
        r = tools.execute(state, name, raw)
        return r.ok, r.content
    try:
        kwargs = copy.deepcopy(args)
        if "state" in kwargs:  # as tools.run_tool: the address tools' "state" argument
            kwargs["state_"] = kwargs.pop("state")
        return True, tools.to_text(tools._HANDLERS[name](state, **kwargs))
    except Exception as e:  # as tools.execute
        return False, f"Error: {e}"


def make_replayer(domain: Any) -> Replayer:
    return Replayer(domain.initial_state, _run, _args)


@dataclass
class RetailCall(Call):
    """A call with what the conversation had established just before it."""

    user_before: str | None = None  # authenticated user id
    served_before: str | None = None  # the account being served: user_before, else the profile opened without authentication
    owner: str | None = None  # owner of the call's order_id, if that order exists
    checked_before: bool = False  # the order was read with get_order_details earlier
    items_modified_before: bool = False  # the order's items were modified (successfully) earlier
    item_call_no: int = 0  # 1-based count of modify-items/exchange calls on the order, this one included
    transferred_before: bool = False  # transfer_to_human_agents succeeded earlier
    old_products: list[Any] = field(default_factory=list)  # per item_ids entry: its product before the call, or None
    second_user: str | None = None  # a lookup that found a user other than the authenticated one
    holder: tuple[str, str] | None = None  # a successful lookup: the (first, last) name of the user it found
    methods: dict[str, dict[str, Any]] = field(default_factory=dict)  # the order owner's payment methods, as dicts
    original_method: str | None = None  # the method the order was paid with first
    items: list[Any] = field(default_factory=list)  # per item_ids entry: (name, options, variants' options, variant ids) or None
    order_names: tuple[str, ...] = ()  # the names of the order's items before the call
    order_keys: tuple[str, ...] = ()  # the order's items as the pick reader tells them apart (verifier_text.item_keys)
    written_keys: list[Any] = field(default_factory=list)  # per item_ids entry: its key among order_keys, or None
    key_options: tuple[dict[str, str], ...] = ()  # per order_keys entry: the options of its (first) item
    changeable: frozenset[str] = frozenset()  # the order_keys whose product has another variant available
    new_options: list[Any] = field(default_factory=list)  # per new_item_ids entry: the variant's options or None
    # per new_item_ids entry that is no variant of the old item's product: (its product's name, its options, the
    # product's variants' options), else None
    new_others: list[Any] = field(default_factory=list)

    @property
    def order_id(self) -> str | None:
        v = (self.args or {}).get("order_id")
        return v if isinstance(v, str) else None


@dataclass
class RetailView(TraceView):
    call_cls: ClassVar[type[Call]] = RetailCall
    uses_state: ClassVar[bool] = True  # order owners and items are read from the live database
    skip_nameless: ClassVar[bool] = True
    user: str | None = None
    opened: str | None = None  # the first profile get_user_details opened while no user was authenticated
    checked: set[str] = field(default_factory=set)
    items_modified: set[str] = field(default_factory=set)
    item_calls: dict[str, int] = field(default_factory=dict)
    transferred: bool = False
    handoff_seen: bool = False
    text_after_transfer: dict[int, tuple[bool, bool]] = field(default_factory=dict)  # text index -> (transferred, a text followed the transfer already)
    transfer_index: int | None = None  # the message of the last successful transfer_to_human_agents
    silent_transfers: list[int] = field(default_factory=list)  # transfers the conversation went on after, unannounced
    product_names: tuple[str, ...] = ()  # the catalogue's product names (R3: an item a reply sets aside)

    def before_call(self, call: Any, state: Any) -> None:
        args, oid = call.args or {}, call.order_id
        call.user_before = self.user
        call.served_before = self.user or self.opened
        call.transferred_before = self.transferred
        if not self.product_names and call.name in tools.WRITES:
            self.product_names = tuple(dict.fromkeys(p.name for p in state.products()))
        if oid is not None:
            order = state.order(oid)
            call.owner = order.user_id if order is not None else None
            call.checked_before = oid in self.checked
            call.items_modified_before = oid in self.items_modified
            if call.name in ITEM_CALLS:
                self.item_calls[oid] = call.item_call_no = self.item_calls.get(oid, 0) + 1
                for old in args.get("item_ids") or []:
                    item = next((it for it in order.items if it.item_id == old), None) if order else None
                    call.old_products.append(state.product(item.product_id) if item else None)
            if call.name in tools.WRITES and order is not None:  # what R3 compares with the proposal
                owner = state.user(order.user_id)
                call.methods = {k: m.model_dump() for k, m in owner.payment_methods.items()} if owner else {}
                call.original_method = order.payment_history[0].payment_method_id if order.payment_history else None
                call.order_names = tuple(dict.fromkeys(it.name for it in order.items))
                keys = item_keys([(it.name, dict(it.options), it.price) for it in order.items])
                call.order_keys = tuple(dict.fromkeys(keys))
                firsts = {k: it for it, k in reversed(list(zip(order.items, keys)))}
                call.key_options = tuple(dict(firsts[k].options) for k in call.order_keys)
                call.changeable = frozenset(k for k, it in firsts.items() if (prod := state.product(it.product_id)) and any(
                    v.available and vid != it.item_id for vid, v in prod.variants.items()))
                by_id = {it.item_id: k for it, k in zip(order.items, keys)}
                for old in args.get("item_ids") or []:
                    item = next((it for it in order.items if it.item_id == old), None) if isinstance(old, str) else None
                    product = state.product(item.product_id) if item else None
                    call.items.append((item.name, dict(item.options), [dict(v.options) for v in product.variants.values()],
                                       frozenset(product.variants)) if item and product else None)
                    call.written_keys.append(by_id.get(old) if item and product else None)
                for i, new in enumerate(args.get("new_item_ids") or []):
                    prod = call.old_products[i] if i < len(call.old_products) else None
                    variant = prod.variants.get(new) if prod is not None and isinstance(new, str) else None
                    call.new_options.append(dict(variant.options) if variant is not None else None)
                    other = None if variant is not None or not isinstance(new, str) else next(
                        (p for p in state.products() if new in p.variants), None)
                    call.new_others.append((other.name, dict(other.variants[new].options),
                                            [dict(v.options) for v in other.variants.values()]) if other else None)

    def after_call(self, call: Any, state: Any) -> None:
        name, oid = call.name, call.order_id
        if name in tools.READ_ONLY and not call.ok:
            return
        if name in LOOKUPS and call.ok:
            found = state.user(call.content) if state is not None else None
            call.holder = (found.name.first_name, found.name.last_name) if found is not None else None
            if self.user is not None and call.content != self.user:
                call.second_user = call.content
            else:
                self.user = call.content
        elif name == "get_user_details" and self.user is None and self.opened is None:
            user_id = (call.args or {}).get("user_id")
            self.opened = user_id if isinstance(user_id, str) else None
        elif name == "get_order_details" and oid is not None:
            self.checked.add(oid)
        elif name == "modify_pending_order_items" and call.ok and oid is not None:
            self.items_modified.add(oid)
        elif name == "transfer_to_human_agents" and call.ok:
            self.transferred = True
            self.transfer_index = call.index

    def on_user(self, index: int, text: str) -> None:
        self._unannounced()

    def on_assistant(self, index: int, calls: list[Call]) -> None:
        content = self.messages[index].get("content")
        if isinstance(content, str) and content.strip():
            first = next((c for c in calls if c.name == "transfer_to_human_agents" and c.ok and not c.transferred_before), None)
            if first is not None and HANDOFF.lower() not in content.lower():
                # a message's text comes before its calls: "Sure, I'll transfer you now." beside the transfer is said
                # before it (R10's business, not R9's), and the hand-off sentence is still to come
                self.text_after_transfer[index] = (False, False)
                return
            self.text_after_transfer[index] = (self.transferred, self.handoff_seen)
            if self.transferred:
                self.handoff_seen = True
        elif not calls:  # an assistant message with nothing in it ends the agent's turn
            self._unannounced()

    def _unannounced(self) -> None:
        """The conversation goes on after the transfer (the customer writes, or the agent's turn ends) and
        nothing was said since it: the hand-off sentence was not sent."""
        if self.transferred and not self.handoff_seen and self.transfer_index not in self.silent_transfers:
            self.silent_transfers.append(self.transfer_index)  # type: ignore[arg-type]

    def said_before(self, index: int) -> list[str]:
        return [t for i, t in self.users if i < index]


registry = declare(__name__, VerifierRegistry("taubench-retail", view=RetailView, replayer=make_replayer))


def _calls(view: RetailView) -> list[RetailCall]:
    return view.calls  # type: ignore[return-value]


@verifier("R1", severity=SEVERITY["R1"])
def check_R1(view: RetailView) -> list[Violation]:
    """R1 fires on a user- or order-scoped call (get_user_details, get_order_details or any write)
    made while no user is authenticated (no successful find_user_id_by_email/_by_name_zip before it),
    and on a successful lookup with an identity a customer message before it gave as another
    person's: find_user_id_by_email with such an address (verifier_text.emails_of_others: "my
    husband's email is X", "X - that's my dad's", "im calling for my boss, X"), or
    find_user_id_by_name_zip with such a name (verifier_text.name_given_as_others: "it's for my dad,
    Aarav Nguyen 75268"). That authenticates someone who is not the customer. Only what was said since the
    account holder last took over, by the holder's name, is read (verifier_text.hands_over: "this is Emma Kim speaking
    now", "Emma here now"). Once the customer says, after
    the login, that the account is someone else's (verifier_text.disowns_account: "btw I'm her son", "this is my
    wife's account"), every later read or write of that account is R1 too: it serves another person. A lookup that
    authenticates with an email, or a name and zip, that no customer message before it held (verifier_text.
    customer_gave_email / customer_gave_name_zip: case, spaces and spelled "at"/"dot" do not matter) is R1 as well:
    the agent guessed or filled in the identity, and nobody was authenticated by it."""
    out = [Violation(c.index, "R1", f"{c.name} before the customer was authenticated") for c in _calls(view)
           if (c.name in SCOPED_READS or c.name in tools.WRITES) and c.user_before is None]
    for c in _calls(view):
        args = c.args or {}
        if not c.ok or c.name not in LOOKUPS:
            continue
        if c.second_user is not None:
            continue  # the customer was authenticated already: another person's lookup is R2's
        said = view.said_before(c.index)
        # the account holder taking over from the person who gave their identity as another's ("I'm Dana, Emma Kim's
        # assistant, her email is X" ... "Ok, this is Emma Kim speaking now. My email is X"): the customer is now the
        # holder, and R1 asks only that the customer authenticates, by email or by name and zip alike; what was said
        # before the hand-over is not read (retail-customers-21 finding 2). "ok fine, my email is X" is no hand-over
        if c.holder is not None:
            handed = [k for k, t in enumerate(said) if hands_over(t, *c.holder)]
            said = said[handed[-1]:] if handed else said
        email, first, last = args.get("email"), args.get("first_name"), args.get("last_name")
        if c.user_before is None:
            # the identity that authenticates must come from the customer: an address guessed from "I'm Anya Lee" or
            # built from a user id, the right one tried after the customer's failed, a name filled in beside a zip, or
            # the real zip swapped for the customer's wrong one authenticate nobody (retail-43 V1)
            everything = view.said_before(c.index)
            if c.name == "find_user_id_by_email" and isinstance(email, str) and not customer_gave_email(everything, email):
                out.append(Violation(c.index, "R1", f"{c.name} with {email}, which no customer message gave"))
                continue
            if c.name == "find_user_id_by_name_zip" and not customer_gave_name_zip(
                    everything, str(first or ""), str(last or ""), str(args.get("zip") or "")):
                out.append(Violation(c.index, "R1", f"{c.name} with {first} {last} {args.get('zip')}, which no customer "
                                                    "message gave"))
                continue
        if c.name == "find_user_id_by_email" and isinstance(email, str):
            if any(email.lower() in emails_of_others(t) for t in said):
                out.append(Violation(c.index, "R1", f"{c.name} with {email}, which the customer gave as another "
                                                    "person's"))
        elif c.name == "find_user_id_by_name_zip" and isinstance(first, str) and isinstance(last, str):
            if any(name_given_as_others(t, first, last) for t in said):
                out.append(Violation(c.index, "R1", f"{c.name} with {first} {last}, whom the customer gave as "
                                                    "another person"))
    # said after the login that the account is someone else's ("btw I'm her son", "this is my wife's account"): every
    # read or write of it after that serves another person, as a lookup would have had the customer said so first
    flagged = {v.message_index for v in out}
    login = min((c.index for c in _calls(view) if c.name in LOOKUPS and c.ok and c.user_before is None), default=None)
    for i, text in view.users:
        if login is None or i < login or not disowns_account(text):
            continue  # before the login, the lookup's own check above reads the identity given
        for c in _calls(view):
            holder = c.user_before
            if c.index < i or holder is None or c.index in flagged or not (c.name in SCOPED_READS or c.name in tools.WRITES):
                continue
            if (c.owner if c.order_id is not None else (c.args or {}).get("user_id", holder)) == holder:
                out.append(Violation(c.index, "R1", f"{c.name} on the account of {holder} after the customer said it "
                                                    "is someone else's"))
                flagged.add(c.index)
        break
    return sorted(out, key=lambda v: v.message_index)


@verifier("R2", severity=SEVERITY["R2"])
def check_R2(view: RetailView) -> list[Violation]:
    """R2 fires, once an account is being served, on get_user_details/modify_user_address of another
    user_id, on a call whose existing order_id belongs to another user, and on a successful user
    lookup that finds a user other than the authenticated one. The account served is the
    authenticated user's or, before any authentication, the profile the agent opened with
    get_user_details (a session opened by a user id alone): the agent serves that account whether
    or not it authenticated it properly (R1's business), and another user's order is R2 either way. A call made
    before any account was served, on an order or profile of a user other than the one who then logs in, is R2 too:
    two users' data were read in one conversation."""
    out = []
    for c in _calls(view):
        args = c.args or {}
        served = c.served_before
        if served is not None:
            other = None
            if c.name in ("get_user_details", "modify_user_address") and args.get("user_id") not in (None, served):
                other = args.get("user_id")
            elif c.order_id is not None and c.owner not in (None, served):
                other = c.owner
            if other is not None:
                out.append(Violation(c.index, "R2", f"{c.name} on {c.order_id or 'the profile'} of another user ({other})"))
        elif c.user_before is None and view.user is not None:
            # read before anyone logged in, of a user other than the one who then did: two users' data in one
            # conversation ("what's the status of #W1?" - another user's order - then the customer's own login)
            target = c.owner if c.order_id is not None else args.get("user_id") if c.name in SCOPED_READS + tools.WRITES else None
            if isinstance(target, str) and target != view.user:
                out.append(Violation(c.index, "R2", f"{c.name} on {c.order_id or 'the profile'} of another user ({target}) "
                                                    f"before {view.user} logged in"))
        if c.second_user is not None:
            out.append(Violation(c.index, "R2", f"{c.name} found a second user ({c.second_user}) in the conversation"))
    return out


def proposal_texts(view: RetailView, turn_no: int) -> tuple[str, ...]:
    """The assistant's texts since the customer's previous message, up to the user message of turn
    ``turn_no`` (the question it answers, with the details said before it in the same stretch)."""
    turn = view.turns[turn_no]
    prev = view.turns[turn_no - 1] if turn_no > 0 else None
    texts = tuple(t.text for t in prev.texts) if prev is not None and prev.user_index < turn.user_index else ()
    return texts or ((turn.prev_text,) if turn.prev_text else ())


def unlisted_detail(c: RetailCall, proposal: Any) -> str | None:
    """The first detail of the write that the proposal does not list as the write has it, else None. An
    order write is compared with the proposal's text for its order (``Proposal.text_for``: without the
    lines and sentences about its other orders)."""
    args = c.args or {}
    text = proposal.text_for(c.order_id) if c.name in ORDER_WRITES else proposal.text
    if c.name == "cancel_pending_order":
        if proposal.reasons_alternative or len(proposal.reasons) > 1:
            return "the question offered both cancellation reasons"
        written = args.get("reason")
        if reason_proposed(text, written, proposal.reasons) is False:  # R7 alone judges whether it is a valid one
            return f"the question named another cancellation reason than {written!r}"
        return None
    if c.name in ("modify_pending_order_address", "modify_user_address"):
        if not names_address(text, *(str(args.get(k) or "") for k in ("address1", "zip", "address2", "city", "state"))):
            return "the question did not list the address written (street line and zip code; apartment, city, state as given)"
        return None
    method = args.get("payment_method_id")
    if isinstance(method, str):
        named = names_payment(text, method, c.methods, c.original_method, change=c.name == "modify_pending_order_payment")
        if named is False or (named is None and c.name in ("modify_pending_order_payment", "return_delivered_order_items")):
            return f"the question did not name the payment method written ({c.name})"
        if named is None and (absent := names_absent_method(text, c.methods, c.name == "modify_pending_order_payment")):
            # "refund $4.20 to your PayPal" on an account with no PayPal, the card written (retail tester 43 V4)
            return f"the question named the customer's {absent}, which the account does not have, not the method written"
    names = tuple(dict.fromkeys(c.order_names + tuple(it[0] for it in c.items if it)))
    # the values of every item of the call, old and new: two items of one product proposed side by side
    # ("Gaming Mouse (white, ...) -> (black, ...); Gaming Mouse (RGB, ...) -> ...") offer no other value
    in_call = frozenset(v for it in c.items if it for v in it[1].values()) | frozenset(
        v for opts in c.new_options if opts for v in opts.values())
    for k, item in enumerate(c.items):
        if item is None:
            continue
        if not names_item(text, item[0]):
            return f"the question did not name the item {item[0]}"
        key = c.written_keys[k] if k < len(c.written_keys) else None
        if c.name == "return_delivered_order_items" and key is not None and not names_key(text, key) and any(
                names_key(text, o) for o in c.order_keys if o != key and getattr(o, "name", o) == item[0]):
            # of two items of one name, the proposal named the other one ("return the robotic vacuum"; the canister
            # one written)
            return f"the question named another {item[0]} than the one written ({key})"
        if c.name in ITEM_CALLS:
            new_ids, new = args.get("new_item_ids") or [], c.new_options[k] if k < len(c.new_options) else None
            new_id = new_ids[k] if k < len(new_ids) and isinstance(new_ids[k], str) else ""
            if new is not None and not names_new_item(text, new_id, item[0], item[1], new, item[2], names, in_call):
                return f"the question did not list the new {item[0]} written ({new_id})"
            old_ids = args.get("item_ids") or []
            other = c.new_others[k] if k < len(c.new_others) else None
            if new is None and new_id not in text and not (other and names_in_mention(
                    text, item[0], other[0], tuple(n for n in names if n != other[0])) and names_new_item(
                    text, new_id, other[0], {}, other[1], other[2], names + (other[0],), in_call)):
                # another product's item (R8 too): no option the proposal lists for it, unless it lists that very id,
                # or, in its mention of this item, that product by its name with every option of the item written
                # ("exchange the Vacuum Cleaner (...) for an Air Purifier (large, HEPA, night mode)": the yes approved
                # exactly it, and R8 alone judges the product; oracle-labeller-24 finding 10)
                return f"the question did not propose {new_id or 'the new item written'} for the {item[0]}"
            if new_id == (old_ids[k] if k < len(old_ids) else None) and offers_other_value(text, item[1], item[2], in_call):
                # the item itself (R8 too) where the proposal offered another option of it ("grey -> beige")
                return f"the question proposed another {item[0]} than the item itself ({new_id})"
            olds = {x for x in args.get("item_ids") or [] if isinstance(x, str)}
            listed = set(re.findall(r"(?<!\d)\d{10}(?!\d)", text)) & (item[3] - olds)
            if new_id not in listed and listed:  # "item 8484921793" listed, another id written (a typo: R8 too)
                return f"the question listed the new item {sorted(listed)[0]}, not {new_id}"
    return None


_ACCOUNT_WORD = re.compile(r"\b(?:" + "|".join(USER_ADDRESS_WORDS) + r")\b", re.I)


def left_out(c: RetailCall, part: str, proposed: frozenset[str] = frozenset()) -> str | None:
    """What the write covers beyond the part the customer limited the yes to (``verifier_text.limited_part``:
    "just the watch, yes"), else None: an item written (for a cancellation, an item of the order) that the part
    does not name when it names some of the order's items, or the write's order when it names other orders; for an
    address, the account's when the part names only an order, an order's when it names only the account; the write's
    action when the part names others of the actions proposed (``proposed``; verifier_text.reply_kinds: "yes, just
    the cancellation" approves no address change). A part that names neither ("yes, just do it") limits nothing that
    can be compared."""
    written = [it[0] for it in c.items if it] or (list(c.order_names) if c.name == "cancel_pending_order" else [])
    if any(names_item(part, name) for name in c.order_names):
        missing = next((name for name in written if not names_item(part, name)), None)
        if missing is not None:
            return missing
    ids = order_ids(part)
    if c.name in ("modify_user_address", "modify_pending_order_address"):
        # "Yes, just the order." approves no change of the account's address, "Yes, just the account." none of an order's
        account, order = bool(_ACCOUNT_WORD.search(part)), bool(ids or re.search(r"\border\b", part))
        if c.name == "modify_user_address" and order and not account:
            return "the account's default address"
        if c.name == "modify_pending_order_address" and account and not order:
            return f"the address of {c.order_id}"
    named = reply_kinds(part, proposed)
    if named & proposed and KIND_OF_TOOL.get(c.name) not in named:
        return f"the {KIND_OF_TOOL.get(c.name, c.name).replace('_', ' ')} (it named: {', '.join(sorted(named))})"
    return c.order_id if ids and c.order_id is not None and c.order_id not in ids else None


def _in_discussion(view: RetailView, before: int) -> frozenset[str]:
    """The orders the conversation named before message ``before``: in the customer's messages and the
    agent's texts (not in tool outputs: a profile lists every order of the user). A proposal that names no
    order is about the order in discussion when there is exactly one (R3)."""
    said = [t for i, t in view.users if i < before] + [t.text for t in view.texts if t.index < before]
    return frozenset().union(*(order_ids(t) for t in said)) if said else frozenset()


def _written_words(c: RetailCall, said: str) -> frozenset[str]:
    """What a yes may say back about the write ``c`` (verifier_text.said_back, of the proposal ``said``): its new
    option values and the names of its options (for the default address, the words that name it: "account",
    "profile", "default"), its items' names (and, for a return or a cancellation, their
    options: the items themselves are written), the address, the payment method's kind, brand and last digits, the
    cancellation reason; and "same" when an exchange or a modification keeps an option of the item as it was ("blue
    with the same battery")."""
    args = c.args or {}
    values: list[object] = [args.get(k) for k in ("address1", "address2", "city", "state", "zip", "country", "reason")]
    values += [it[0] for it in c.items if it] + (list(c.order_names) if c.name == "cancel_pending_order" else [])
    if c.name not in ITEM_CALLS:
        values += [v for it in c.items if it for v in it[1].values()]
    values += [v for opts in c.new_options if opts for v in opts.values()]
    method = c.methods.get(args.get("payment_method_id")) if isinstance(args.get("payment_method_id"), str) else None
    if method:
        values += [str(method.get("source") or "").replace("_", " "), method.get("brand"), method.get("last_four")]
    keys = [k for opts in c.new_options if opts for k in opts]
    if c.name == "modify_user_address":  # the address it writes is the account's: "Yes, just the account."
        keys += list(USER_ADDRESS_WORDS)
    kept = any(it and opts and any(opts.get(k) == v for k, v in it[1].items()) for it, opts in zip(c.items, c.new_options))
    return said_back(values, keys + (["same"] if kept else []), said)


def _about(c: RetailCall, part: str, product_names: tuple[str, ...], proposed: frozenset[str] = frozenset()) -> str | None:
    """What a part of the reply to the write ``c``'s proposal is about (verifier_text.set_aside): "mine" when it
    names an item the write writes (a cancellation writes all its order's items), the write's order, or the write's
    action and no item or order it does not write; "other" when it names an item or an order the write does not touch,
    or only another action; None when it names none of these. Actions are named as the customer names those proposed
    (``proposed``; verifier_text.reply_kinds, negated or not: "not the account" beside "just the order")."""
    written = [it[0] for it in c.items if it] or (list(c.order_names) if c.name == "cancel_pending_order" else [])
    ids, kinds = order_ids(part), actions_named(part) | reply_kinds(part, proposed, negated=True)
    if c.name == "modify_pending_order_address" and not {"order_address", "user_address"} <= proposed:
        kinds -= {"user_address"}  # "the address on my account" is the order's own when only it is proposed
    if any(mentions_item(part, n) for n in written) or (c.order_id is not None and c.order_id in ids):
        return "mine"
    others = bool(ids) or any(mentions_item(part, n) for n in product_names)
    if KIND_OF_TOOL.get(c.name) in kinds and not others:
        return "mine"
    return "other" if others or kinds else None


# a reply that speaks of every proposed order, whichever it names: "yes, both - #W1 and #W2", "#W2 too"
_ALL_OF_THEM = re.compile(r"\b(?:both|all|every\w*|each|too|also|as well)\b", re.I)


def named_instead(c: RetailCall, reply: str, proposal: Any) -> frozenset[str]:
    """The orders a reply names when they are others the proposal proposes the write's action on, and it names not
    the write's own ("yes, #W2" or, read by ``resolve_orders``, "yes, the second one" to "Shall I cancel #W1 and
    #W2?"): the yes is to those, not to this write. Empty when it names the write's order, no other order proposed for
    this action, or speaks of all of them (``_ALL_OF_THEM``)."""
    kind, oid = KIND_OF_TOOL.get(c.name), c.order_id
    same = frozenset().union(*(ids for k, ids in proposal.mentions if k == kind)) if proposal.mentions else frozenset()
    named = order_ids(reply)
    if oid is None or oid not in same or oid in named or _ALL_OF_THEM.search(reply):
        return frozenset()
    return named & same


def named_only(c: RetailCall, reply: str, proposed: frozenset[str]) -> str | None:
    """The actions a reply asks to do by name (verifier_text.actions_done: "do the exchange", its yes) when they are
    some of the two or more kinds proposed and not the write's ("do the exchange" to "exchange the earbuds and change
    #W2's address?": a yes to the exchange, not to the address), else None; None too when it speaks of all of them
    (``_ALL_OF_THEM``: "yes to both, do the exchange first")."""
    # ... or names them in its yes ("yes to the exchange and the return", "yes to 1 and 2" read by resolve_numbered)
    # to a proposal of three: the third is not approved
    named = (actions_done(reply, proposed) | reply_kinds(reply, proposed)) & proposed
    if len(proposed) < 2 or not named or KIND_OF_TOOL.get(c.name) in named or _ALL_OF_THEM.search(reply):
        return None
    return ", ".join(sorted(named))


@verifier("R3", severity=SEVERITY["R3"])
def check_R3(view: RetailView) -> list[Violation]:
    """R3 fires on a write when its turn's user message is not an explicit confirmation
    (verifier_text.is_confirmation, of it and the proposal before it; a proposal that refunds "to the
    original payment method" names the method the order was paid with first, read from its payment
    history), or when that proposal (the
    assistant's texts since the customer's previous message, verifier_text.read_proposal) does not
    ask for a yes to this write: an action of the write's kind, not negated nor offered as one of
    alternatives, nor for later, on the write's order (the order ids of the action's line or sentence,
    or of the header or list it stands in); or does not list the write's details as written, in the
    proposal's lines and sentences about that order (``unlisted_detail``: the street line and zip of an
    address, and the apartment, city and state it gives, not the one named as the old address; the
    payment method to use or refund to, by id, last four digits, brand or kind, not the one replaced;
    each item's name, not one said to be kept, and each new item's changed option values or id, with
    every option value it proposes, the unchanged ones too, being the one written, and no other item id
    than the one it lists; a new item that is not a variant of the item's product is never listed unless by its id,
    and the item itself is not when the proposal offers another value of it (``offers_other_value``); a cancellation reason it names or labels, verbatim in any letter case or as
    the same store reason in other words, verifier_text.reason_proposed: R7 alone judges whether the value
    is valid). An action offered as one of alternatives is proposed when the customer's reply names it and
    no other ("cancel it please" to "cancel it, or change the address?"; ``Proposal.chosen``), and, for a
    cancellation, only when the offer lists its reason: a choice between actions whose details were not
    stated confirms none of them. A reply that answers two proposed actions apart ("Go ahead with the
    address. Hold off on the cancellation.") is read, for each write, by its part about that write
    (verifier_text.approved_part); so is a reply whose other parts set aside only what the write does not touch
    ("Go ahead with the notebook, not the puzzle", "Yes to the address change. For the notebook return, I'd like to
    hold off for now - I'll decide later this week.": verifier_text.set_aside, ``_about``), its remaining part naming
    the write. A yes the customer limits to part of the proposal ("just the watch, yes",
    "yes, only #W1": verifier_text.limited_part) does not approve a write that covers more (``left_out``: an item
    written, or for a cancellation an item of the order, that the part does not name; another order); a fresh
    proposal of the part alone, then a yes, does. The reply's references to the proposed orders by place ("only the
    first one", "#2") or as "the other one" are read as their ids first (verifier_text.resolve_orders), and "actually
    just #W1 for now" picks #W1 (verifier_text's ``_picked``); a reply that names, of the orders proposed for the
    write's action, others and not the write's own ("yes, #W2" to "cancel #W1 and #W2?") approves no write on it
    (``named_instead``). A limit to some of the proposed ACTIONS ("yes, just the cancellation", "only the refund
    please", "the address change only", "just the order, not the account" to both addresses; verifier_text.reply_kinds)
    is a yes to those and to no other action (``left_out``); so is "do the exchange" (``named_only``). A "Which would
    you like - one or both?" over listed actions offers them as alternatives (``Proposal.chosen``: "Yes, just the
    account." picks the default address, a bare "yes" picks none). A proposal that names no order at all ("**Exchange:** From ... To ...
    Confirm?") is about the one order the conversation's texts named before it, when they named exactly one
    (``_in_discussion``). A pick of some of a proposal's listed items (verifier_text.item_picks) approves exactly them;
    "the rest yes" to the agent's question about the others after a refusal of some ("not 3" - "What about items 1, 2
    and 4?") is read with that refusal against the list (verifier_text.rest_after_refusal), and a yes to a restatement
    of exactly the items picked the turn before approves that list's action on them (``_restates_pick``). A yes to a
    proposal whose last question asks about a fact ("Can you confirm the Visa ending in 6918 is still your active
    card?": probe.verify.consent.fact_question) approves no write, unless the reply itself says to go ahead or names
    the action ("Yes, it is - go ahead and cancel it.": ``_names_go_ahead``)."""
    out = []
    for c in _calls(view):
        if c.name not in tools.WRITES:
            continue
        turn = view.turns[c.turn]
        texts = proposal_texts(view, c.turn)
        proposal = read_proposal(texts)
        said = "\n".join(texts) or turn.prev_text
        original = c.methods.get(c.original_method) if c.original_method else None  # "the original payment method"
        # "just #W1, leave the other one", "only the first one": the proposed orders it means, by their ids
        # "do 1 and 3, skip 2" to a proposal of numbered parts: those parts' actions, by name
        # "sí", "oui, tous", "はい、お願いします": a plain yes in another language is read as the English one
        user = in_english(turn.user_text)
        reply = resolve_numbered(user, said)
        # a pick of some of the items the proposal lists ("Yes. 1, 2 and 4.", "#1 please", "yes all but 2", "not 3 - the
        # rest yes"): consent to exactly those items, so a write of another one is R3 and a write within them is a yes
        # (the items by key: of two items of one name, "the robotic one" is not the canister one)
        written = [k for k in c.written_keys if k] or (list(c.order_keys) if c.name == "cancel_pending_order" else [])
        picks = item_picks(user, said, c.order_keys) if written else None
        if isinstance(picks, AmbiguousPick):
            # "yes, the vacuum" of two vacuums, "yes, the blue one" of two blue items: which one is not said
            out.append(Violation(c.index, "R3", f"{c.name} called; the customer's pick ({', '.join(picks.refs)}) fits "
                                                "more than one item listed"))
            continue
        across = False  # the pick read across two messages ("not 3", "What about 1, 2 and 4?", "the rest yes")
        if written and picks is None and c.turn > 0 and (before := view.turns[c.turn - 1]).user_index >= 0 and (
                picks := rest_after_refusal(user, said, in_english(before.user_text),
                                            "\n".join(earlier := proposal_texts(view, c.turn - 1)), c.order_keys)):
            # "not 3", "What about items 1, 2 and 4?", "the rest yes": one answer to the list before, which proposed
            # the action; the agent's question between them is read with it
            texts = earlier + texts
            proposal, said = read_proposal(texts), "\n".join(texts)
            across = True
        if written and picks is not None:
            if beyond := next((n for n in written if n not in picks), None):
                out.append(Violation(c.index, "R3", f"{c.name} called; the customer picked only "
                                                    f"{', '.join(n for n in c.order_keys if n in picks)} of the items listed, not {beyond}"))
                continue
            # (the items every call of this kind on the order wrote after the same reply: one approval written in two
            # calls is R6's business, not a pick left out, oracle-labeller-19 W30)
            together = {k for o in _calls(view) if o.turn == c.turn and o.name == c.name and o.order_id == c.order_id
                        for k in o.written_keys if k}
            if (left := [n for n in c.order_keys if n in picks and n not in together]) and not across and \
                    c.name != "cancel_pending_order":
                # "1, 5" and only item 1 written (oracle-labeller-22 finding 1): a pick in one message approves
                # exactly its items, and an order's items are returned or exchanged once, so a write of fewer is not
                # what the customer confirmed (a pick read across two messages keeps round 35's judgement, Q36:
                # fewer items than approved pass there, test_retail_oracle_35i)
                out.append(Violation(c.index, "R3", f"{c.name} called; the customer picked "
                                                    f"{', '.join(n for n in c.order_keys if n in picks)}, not "
                                                    f"{', '.join(n for n in written)} alone (left out {left[0]})"))
                continue
            reply = "yes"
        elif written and not across and (off := [n for n in written if n in kept_items(user, said, c.order_keys)]):
            # "yes - no changes to the keyboard please", "yes please, keyboard as is" with the keyboard written: the
            # reply left it out, whatever else in it reads as a yes (oracle-labeller-27)
            out.append(Violation(c.index, "R3", f"{c.name} called; the customer said to leave {off[0]} as it is"))
            continue
        reply, back = resolve_orders(reply, *proposal.listed()), _written_words(c, said)
        kinds = frozenset(k for k, _ in proposal.mentions + proposal.offered)  # the actions proposed, or offered
        # the write's own method: "charge gift card 5402003" names the proposal's gift card by its id
        pay = c.args.get("payment_method_id") if isinstance((c.args or {}).get("payment_method_id"), str) else None
        method = c.methods.get(pay) if pay else None
        if not is_confirmation(reply, said, original, back, method) and (
                part := approved_part(reply, c.name)) is not None and is_confirmation(part, said, original, back, method):
            reply = part  # "Go ahead with the address. Hold off on the cancellation.": a yes to the address
        elif not is_confirmation(reply, said, original, back, method) and (
                rest := set_aside(reply, lambda p, c=c, k=kinds: _about(c, p, view.product_names, k))) is not None \
                and is_confirmation(rest, said, original, back, method):
            reply = rest  # "Go ahead with the notebook, not the puzzle": a yes to the notebook's return
        elif not is_confirmation(reply, said, original, back, method) and (
                head := added_request_head(reply, KIND_OF_TOOL.get(c.name),
                                           c.order_id if c.name in ORDER_WRITES else None,
                                           _other_item(c))) is not None \
                and is_confirmation(head, said, original, back, method):
            reply = head  # "Yes please, and make that my default address on the account too.": a yes to the order's
        if not is_confirmation(reply, said, original, back, method):
            why = reason(reply, said, original, back, method)
            out.append(Violation(c.index, "R3", f"{c.name} called; the customer's last message was not an explicit "
                                                f"confirmation ({why})"))
        elif (fact := consent.fact_question(said)) is not None and not _names_go_ahead(reply):
            # "Can you confirm the Visa ending in 6918 is still your active card?" / "Yes, it is." after the whole
            # proposal: a yes to a fact approves no write (consent.fact_question; oracle-labeller-28 class 4)
            out.append(Violation(c.index, "R3", f"{c.name} called; the question before the yes asked about a fact "
                                                f"({fact[:80]!r}), not for approval of this action"))
        elif not proposal.asks or not (proposal.proposes(c.name, oid := c.order_id if c.name in ORDER_WRITES else None)
                                       or proposal.chosen(reply, c.name, oid)
                                       or (oid is not None and proposal.proposes_unnamed(c.name)
                                           and _in_discussion(view, turn.user_index) == {oid})
                                       or (picks is None and _restates_pick(view, c, said, written))):
            out.append(Violation(c.index, "R3", f"{c.name} called; the question before the yes did not propose this "
                                                "action on this order"))
        elif c.name == "cancel_pending_order" and not proposal.reasons and not proposal.proposes(c.name, oid):
            # chosen from alternatives ("cancel it, or change the address?" - "cancel it"): the offer must list the
            # cancellation's details for the choice to confirm it, and the reason is one of them
            out.append(Violation(c.index, "R3", f"{c.name} called; the offer the customer chose it from did not list "
                                                "the cancellation reason"))
        elif (part := limited_part(reply)) is not None and (beyond := left_out(c, part, kinds)) is not None:
            out.append(Violation(c.index, "R3", f"{c.name} called; the customer approved only part of it "
                                                f"({part!r}), not {beyond}"))
        # a clause agreeing to the listed charge ("go ahead and charge the $19.98 to the gift card") is a yes to the
        # change that charges it, not a pick of a payment change (oracle-labeller-24 finding 1)
        # ... and so is one routing the money through the write's own method ("go ahead, charge my gift card")
        elif (only := named_only(c, routed_own(agreed_charge(reply, said), said, method), kinds)) is not None:
            out.append(Violation(c.index, "R3", f"{c.name} called; the customer named only {only} of the actions "
                                                "proposed"))
        elif others := named_instead(c, reply, proposal):
            out.append(Violation(c.index, "R3", f"{c.name} called; the customer named {', '.join(sorted(others))} "
                                                f"of the orders proposed, not {c.order_id}"))
        elif (many := _yes_for_more_items(c, user, said, proposal)) is not None:
            out.append(Violation(c.index, "R3", f"{c.name} called; the customer's yes was for a set ({many!r}) and the "
                                                "proposal listed, and the call wrote, one item of the order"))
        elif (why := unlisted_detail(c, proposal)) is not None:
            out.append(Violation(c.index, "R3", f"{c.name} called; {why}"))
    return out


def _yes_for_more_items(c: RetailCall, reply: str, said: str, proposal: Any) -> str | None:
    """The words of a yes for a set ("yes, both", "yes, all of them", "yes, each of them") to a proposal of one
    action on one order that names one item of it, the one written, while the order holds others (retail tester 43 V2:
    the customer asked for more than the one item proposed; two items of one product were already R3 this way). Not
    when the proposal changes two or more option values of the item ("both" may mean both changes), nor when it
    proposes more than one action or order ("both" may mean them)."""
    if c.name not in ITEM_CALLS and c.name != "return_delivered_order_items":
        return None
    written = {k for k in c.written_keys if k}
    if len(written) != 1 or len(c.order_keys) < 2 or (words := yes_for_a_set(reply)) is None:
        return None
    acts = {(k, tuple(sorted(o))) for k, o in proposal.mentions + proposal.offered}
    if len(acts) > 1 or len({o for _, os in acts for o in os}) > 1:
        return None
    if [k for k in c.order_keys if names_key(said, k) and k not in written]:
        return None  # the proposal named another item too: left_out / unlisted_detail judge it
    for old, new in zip(c.items, c.new_options):
        if old and new and sum(old[1].get(o) != v for o, v in new.items()) >= 2:
            return None
    return words


_GO_AHEAD_SAID = re.compile(r"\b(?:go(?:\s+ahead)?|proceed|continue|do\s+(?:it|that|this|both|them)|cancel\w*|return\w*|"
                            r"exchange\w*|swap\w*|modify|change|update|switch)\b", re.I)


def _names_go_ahead(reply: str) -> bool:
    """The reply itself says to go ahead or names an action ("Yes, it is - go ahead and cancel it."): an answer to
    the fact asked and an approval of the proposal above it."""
    return bool(_GO_AHEAD_SAID.search(reply or ""))


def _restates_pick(view: RetailView, c: RetailCall, said: str, written: list[str]) -> bool:
    """The question restates, item by item, exactly the items the customer's message before it picked from a
    proposal of this action on this order, and they are the items written ("do 1 and 3" to a numbered return list,
    then "Okay - items 1 and 3, the Water Bottle ($54.04) and the Office Chair ($499.28), refund $553.32 to your
    Mastercard ending in 1037. Shall I go ahead?"): a yes to it approves that proposal's action on them."""
    if c.turn < 1 or (before := view.turns[c.turn - 1]).user_index < 0 or not written:
        return False
    texts = proposal_texts(view, c.turn - 1)
    picks = item_picks(before.user_text, "\n".join(texts), c.order_keys)
    low = said.lower()
    return (picks is not None and picks == set(written)
            and read_proposal(texts).proposes(c.name, c.order_id if c.name in ORDER_WRITES else None)
            and all(mentions_key(low, n) == (n in picks) for n in c.order_keys))


@verifier("R4", severity=SEVERITY["R4"])
def check_R4(view: RetailView) -> list[Violation]:
    """R4 fires on an order write whose order was not read with get_order_details before."""
    return [Violation(c.index, "R4", f"{c.name} on {c.order_id} without get_order_details first") for c in _calls(view)
            if c.name in ORDER_WRITES and c.order_id is not None and not c.checked_before]


@verifier("R5", severity=SEVERITY["R5"])
def check_R5(view: RetailView) -> list[Violation]:
    """R5 fires on an order write on an order whose items were already modified successfully."""
    return [Violation(c.index, "R5", f"{c.name} on {c.order_id} after its items were modified") for c in _calls(view)
            if c.name in ORDER_WRITES and c.order_id is not None and c.items_modified_before]


def _other_item(c: RetailCall) -> Callable[[str], bool]:
    """Whether a text names an item of the write's order that the write does not write, and none that it does."""
    written = {it[0] for it in c.items if it}

    def other(text: str) -> bool:
        return any(names_item(text, n) for n in c.order_names if n not in written) and not any(
            names_item(text, n) for n in written)
    return other


@verifier("R6", severity=SEVERITY["R6"])
def check_R6(view: RetailView) -> list[Violation]:
    """R6 fires on the second and later modify-items/exchange call (attempted) on the same order, and on one sent
    right after the customer asked, as an addition, to change another item of that order ("Yes. Oh, and can I also
    exchange the office chair for a black one?" before the jacket's exchange): the items were not all collected first
    (verifier_text.added_item_request; oracle-labeller-28, retail.jsonl:18)."""
    out = []
    for c in _calls(view):
        if c.name not in ITEM_CALLS or c.order_id is None:
            continue
        if c.item_call_no > 1:
            out.append(Violation(c.index, "R6", f"{c.name}: call {c.item_call_no} of the items of {c.order_id}"))
        elif (asked := added_item_request(view.turns[c.turn].user_text, c.order_id, _other_item(c))) is not None:
            out.append(Violation(c.index, "R6", f"{c.name} on {c.order_id} sent after the customer asked to add another "
                                                f"item ({asked!r}): not all items collected first"))
        elif view.item_calls.get(c.order_id) == 1 and (left := _asked_not_written(view, c)):
            out.append(Violation(c.index, "R6", f"{c.name} on {c.order_id} leaves out {', '.join(sorted(left))}, which "
                                                "the customer asked to change too: not all items collected first"))
    return out


def _asked_not_written(view: RetailView, c: RetailCall) -> list[str]:
    """The items of the order the customer asked, before the order's only items call, to exchange or modify and did
    not drop (``verifier_asked.asked_items``: "change the notebook to A4 hard cover and the mouse to black laser
    wireless in #W2052757", retail tester 43 V3) that the call does not write, leaving out those that have no other
    variant available and those an agent text before it said cannot be changed."""
    if not c.order_keys or c.order_id is None:
        return []
    texts: list[tuple[str, str]] = []
    for m in view.messages[:c.index]:
        if isinstance(m, dict) and m.get("role") in ("user", "assistant") and isinstance(m.get("content"), str):
            texts.append((m["role"], m["content"]))
    asked = asked_items(texts, c.order_id, c.order_keys, c.key_options)
    written = {k for k in c.written_keys if k}
    names = {getattr(k, "name", k) for k in written}
    # an item of a name the call writes is left to the pick readers (two backpacks, "the medium one")
    left = [k for k in c.order_keys if k in asked and k not in written and k in c.changeable
            and getattr(k, "name", k) not in names]
    if not left:
        return []
    proposal = next((t for r, t in reversed(texts) if r == "assistant"), "")
    if any(mentions_key(proposal, k) for k in left):
        return []  # the proposal listed it and the call left it out: R3's left_out
    agent = [t for r, t in texts if r == "assistant"]
    return [k for k in left if not set_aside_by_agent(agent, k, c.order_keys, c.key_options)]


@verifier("R7", severity=SEVERITY["R7"])
def check_R7(view: RetailView) -> list[Violation]:
    """R7 fires on cancel_pending_order whose reason is not 'no longer needed' or 'ordered by
    mistake', or is neither stated in a user message before the call (verifier_text.reason_in: not
    under a negation, "it's not that I don't need it") nor the only reason named in the proposal the
    customer answered (a yes to a question offering both reasons chooses none), or, unless so confirmed, the customer
    took it back for the other reason (verifier_text.reason_taken_back: "I ordered it by mistake - nah, scrap that, I
    just don't need it"), or the customer's message of the
    call's turn gives the other reason and not this one ("yes - well, actually it's more that I don't need it
    anymore": the reason taken back at the yes)."""
    out = []
    for c in _calls(view):
        if c.name != "cancel_pending_order":
            continue
        reason = (c.args or {}).get("reason")
        proposal = read_proposal(proposal_texts(view, c.turn))
        confirmed = proposal.reasons == {reason} and not proposal.reasons_alternative
        if reason not in ("no longer needed", "ordered by mistake"):
            out.append(Violation(c.index, "R7", f"cancellation reason {reason!r} is not allowed"))
        elif not (any(reason_in(t, reason) for t in view.said_before(c.index)) or confirmed):
            out.append(Violation(c.index, "R7", f"cancellation reason {reason!r} was neither stated nor confirmed by the customer"))
        elif not confirmed and (other := reason_taken_back(view.said_before(c.index), reason)):
            # "I ordered it by mistake - nah, scrap that, I just don't need it": the reason after the take-back is theirs
            out.append(Violation(c.index, "R7", f"cancellation reason {reason!r} written; the customer took it back "
                                                f"for {other!r}"))
        elif (said := view.turns[c.turn].user_text) and not reason_in(said, reason) and (other := next(
                (r for r in ("no longer needed", "ordered by mistake") if r != reason and reason_in(said, r)), None)):
            # "yes - well, actually it's more that I don't need it anymore": the customer's last word on the reason
            out.append(Violation(c.index, "R7", f"cancellation reason {reason!r} written; the customer's last message "
                                                f"gave {other!r} instead"))
    return out


@verifier("R8", severity=SEVERITY["R8"])
def check_R8(view: RetailView) -> list[Violation]:
    """R8 fires on a modify-items/exchange call pairing an item with itself, or with a new item that
    is not a variant of the old item's product (the order as it was before the call)."""
    out = []
    for c in _calls(view):
        if c.name not in ITEM_CALLS or c.order_id is None:
            continue
        args = c.args or {}
        for old, new, product in zip(args.get("item_ids") or [], args.get("new_item_ids") or [], c.old_products):
            if old == new:
                out.append(Violation(c.index, "R8", f"item {old} exchanged for itself"))
            elif product is not None and new not in product.variants:
                out.append(Violation(c.index, "R8", f"new item {new} is not a variant of {product.name}"))
    return out


@verifier("R9", severity=SEVERITY["R9"])
def check_R9(view: RetailView) -> list[Violation]:
    """R9 fires on any call after a successful transfer_to_human_agents, on a text after the
    transfer other than exactly the hand-off sentence (or a second such text), on the
    hand-off sentence sent without a transfer, and on a transfer after which the conversation went
    on with no text sent (the customer wrote again, or the agent's turn ended with an empty message):
    the policy is "transfer, then send" the sentence. A trace that ends right after the transfer's
    result is not judged: it was cut before the agent's next message, which nothing in it shows. Text
    in the transfer's own message comes before the call ("Sure, I'll transfer you now."): it is no text
    after the transfer (R10 judges it), unless it holds the hand-off sentence, which then counts as sent."""
    out = [Violation(i, "R9", "transfer_to_human_agents with no hand-off sentence after it") for i in view.silent_transfers]
    for c in _calls(view):
        if c.transferred_before:
            out.append(Violation(c.index, "R9", f"{c.name} called after the transfer"))
    for t in view.texts:
        transferred, handoff_seen = view.text_after_transfer[t.index]
        text = t.text.strip()
        if transferred:
            if handoff_seen or text != HANDOFF:
                out.append(Violation(t.index, "R9", "text after the transfer other than exactly the hand-off sentence"))
        elif HANDOFF.lower() in text.lower():
            out.append(Violation(t.index, "R9", "hand-off sentence sent without calling transfer_to_human_agents"))
    return out


@verifier("R10", severity=SEVERITY["R10"])
def check_R10(view: RetailView) -> list[Violation]:
    """R10 fires on an assistant message with more than one tool call, or with a tool call and text."""
    out = []
    per_message: dict[int, int] = {}
    for c in view.calls:
        per_message[c.index] = per_message.get(c.index, 0) + 1
    texts = {t.index for t in view.texts}
    for i, n in per_message.items():
        if n > 1:
            out.append(Violation(i, "R10", f"{n} tool calls in one message"))
        if i in texts:
            out.append(Violation(i, "R10", "a tool call and text in one message"))
    return out


def verify_messages(domain: Any, messages: list[Any], scenario: dict[str, Any]) -> list[Violation]:
    return registry.run(domain, messages, scenario)
