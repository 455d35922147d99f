"""The 15 τ²-bench retail tools: OpenAI function schemas and a behaviour-for-behaviour port.

Every call is checked against its JSON schema (all arguments required, no others) before it
touches state. A tool that refuses raises, as the original does, and ``execute`` turns that into
the text the original environment shows the agent: ``"Error: <message>"`` with ``ok=False``.
Successful calls return the original's text: a bare string (user ids, ``calculate``'s result,
the product list, ``"Transfer successful"``) or the JSON of the order or user record.

The tools enforce only what the database would: order status, ownership of a payment method,
gift-card balance, that a new item is a variant of the old item's product, and so on.
Authentication, confirmation and scope are the agent's policy. The original's quirks are kept:
``modify_pending_order_address`` and ``modify_pending_order_payment`` accept any status that
contains "pending" (so also "pending (item modified)"); ``exchange_delivered_order_items`` does
not check that a new item differs from the old one; ``modify_pending_order_items`` gives every
changed item the price and options of the last new variant of the list; a cancellation refunds
every entry of the payment history, refunds included; a failed check part-way through a write
leaves the changes made before it.
"""

from __future__ import annotations

import json
from typing import Any, Callable

import jsonschema
from pydantic import BaseModel

from envs.taubench.calculate import calculate as _calculate
from envs.taubench.database import CANCEL_REASONS, Address, GiftCard, Order, OrderPayment, RetailState, User, Variant
from probe.core.domain import ToolResult

_STR = {"type": "string"}
_IDS = {"type": "array", "items": {"type": "string"}}
ORDER_ID = {**_STR, "description": "Order id such as '#W0000000' (note the leading '#')."}
USER_ID = {**_STR, "description": "User id such as 'sara_doe_496'."}
PAYMENT_ID = {**_STR, "description": "Payment method id such as 'gift_card_0000000' or "
                                     "'credit_card_0000000', from the user or order details."}
ADDRESS = {
    "address1": {**_STR, "description": "First address line, e.g. '123 Main St'."},
    "address2": {**_STR, "description": "Second address line, e.g. 'Apt 1', or ''."},
    "city": {**_STR, "description": "City, e.g. 'San Francisco'."},
    "state": {**_STR, "description": "State, e.g. 'CA'."},
    "country": {**_STR, "description": "Country, e.g. 'USA'."},
    "zip": {**_STR, "description": "Zip code, e.g. '12345'."},
}


def _fn(name: str, description: str, properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "function", "function": {
        "name": name, "description": description,
        "parameters": {"type": "object", "properties": properties, "required": list(properties),
                       "additionalProperties": False}}}


TOOL_SCHEMAS: list[dict[str, Any]] = [
    _fn("find_user_id_by_email", "Look up a customer's user id by email address.",
        {"email": {**_STR, "description": "Email such as 'someone@example.com'."}}),
    _fn("find_user_id_by_name_zip",
        "Look up a customer's user id by first name, last name and zip code. Prefer the email "
        "lookup; use this when the customer cannot give an email or it is not found.",
        {"first_name": {**_STR, "description": "First name, e.g. 'John'."},
         "last_name": {**_STR, "description": "Last name, e.g. 'Doe'."},
         "zip": {**_STR, "description": "Zip code, e.g. '12345'."}}),
    _fn("get_user_details", "A user's profile: name, address, email, payment methods and order ids.",
        {"user_id": USER_ID}),
    _fn("get_order_details", "An order's status, items, address, fulfilments and payments.",
        {"order_id": ORDER_ID}),
    _fn("get_product_details", "A product's variants (item ids, options, price, availability).",
        {"product_id": {**_STR, "description": "Product id such as '6086499569' (not an item id)."}}),
    _fn("list_all_product_types",
        "Names and product ids of all 50 product types, as JSON sorted by name.", {}),
    _fn("calculate",
        "Evaluate an arithmetic expression of numbers, + - * /, parentheses and spaces; the "
        "result is rounded to 2 decimals.",
        {"expression": {**_STR, "description": "Expression such as '2 + 2'."}}),
    _fn("transfer_to_human_agents",
        "Hand the customer over to a human agent with a summary of the issue; only when the "
        "customer asks for one, or the request cannot be handled with the policy and tools.",
        {"summary": {**_STR, "description": "Summary of the customer's issue."}}),
    _fn("cancel_pending_order",
        "Cancel a pending order and refund its payments (gift cards at once, other methods in "
        "5-7 business days). Needs the customer's explicit confirmation. Returns the order.",
        {"order_id": ORDER_ID,
         "reason": {**_STR, "description": "Either 'no longer needed' or 'ordered by mistake'."}}),
    _fn("modify_pending_order_address",
        "Change the shipping address of a pending order. Needs the customer's explicit "
        "confirmation. Returns the order.",
        {"order_id": ORDER_ID, **ADDRESS}),
    _fn("modify_pending_order_payment",
        "Pay a pending order with a different payment method of the customer. Needs the "
        "customer's explicit confirmation. Returns the order.",
        {"order_id": ORDER_ID, "payment_method_id": PAYMENT_ID}),
    _fn("modify_pending_order_items",
        "Swap items of a pending order for other variants of the same products; can be done "
        "once per order. Needs the customer's explicit confirmation. Returns the order.",
        {"order_id": ORDER_ID,
         "item_ids": {**_IDS, "description": "Item ids to change; may repeat."},
         "new_item_ids": {**_IDS, "description": "New item ids, position by position, each a "
                                                  "variant of the same product; may repeat."},
         "payment_method_id": {**PAYMENT_ID, "description": "Payment method that pays or receives "
                                                             "the price difference."}}),
    _fn("exchange_delivered_order_items",
        "Exchange items of a delivered order for other variants of the same products; a "
        "delivered order can be returned or exchanged once. Needs the customer's explicit "
        "confirmation. Returns the order.",
        {"order_id": ORDER_ID,
         "item_ids": {**_IDS, "description": "Item ids to exchange; may repeat."},
         "new_item_ids": {**_IDS, "description": "New item ids, position by position, each a "
                                                  "variant of the same product; may repeat."},
         "payment_method_id": {**PAYMENT_ID, "description": "Payment method that pays or receives "
                                                             "the price difference."}}),
    _fn("return_delivered_order_items",
        "Request the return of items of a delivered order; the customer gets an email on how "
        "to send them back. Needs the customer's explicit confirmation. Returns the order.",
        {"order_id": ORDER_ID,
         "item_ids": {**_IDS, "description": "Item ids to return; may repeat."},
         "payment_method_id": {**PAYMENT_ID, "description": "Refund destination: the original "
                                                             "payment method or a gift card."}}),
    _fn("modify_user_address",
        "Change a user's default address. Needs the customer's explicit confirmation. Returns "
        "the user.",
        {"user_id": USER_ID, **ADDRESS}),
]
SCHEMA_BY_NAME = {t["function"]["name"]: t["function"]["parameters"] for t in TOOL_SCHEMAS}
TOOL_NAMES = tuple(SCHEMA_BY_NAME)
READ_ONLY = ("find_user_id_by_email", "find_user_id_by_name_zip", "get_user_details",
             "get_order_details", "get_product_details", "list_all_product_types")
GENERIC = ("calculate", "transfer_to_human_agents")
WRITES = ("cancel_pending_order", "modify_pending_order_address", "modify_pending_order_payment",
          "modify_pending_order_items", "exchange_delivered_order_items",
          "return_delivered_order_items", "modify_user_address")
_VALIDATORS = {n: jsonschema.Draft202012Validator(s) for n, s in SCHEMA_BY_NAME.items()}


class InvalidToolCall(ValueError):
    """A call that fails before reaching a tool: unknown name, bad JSON, or schema violation."""


# --- lookups with the original's messages ------------------------------------------------------

def _order(state: RetailState, order_id: str, write: bool = False) -> Order:
    if state.order(order_id) is None:
        raise ValueError("Order not found")
    return state.order_for_write(order_id) if write else state.order(order_id)  # type: ignore[return-value]


def _user(state: RetailState, user_id: str, write: bool = False) -> User:
    if state.user(user_id) is None:
        raise ValueError("User not found")
    return state.user_for_write(user_id) if write else state.user(user_id)  # type: ignore[return-value]


def _variant(state: RetailState, product_id: str, item_id: str) -> Variant:
    product = state.product(product_id)
    if product is None:
        raise ValueError("Product not found")
    if item_id not in product.variants:
        raise ValueError("Variant not found")
    return product.variants[item_id]


def _payment_method(state: RetailState, user_id: str, payment_id: str, write: bool = False):
    user = _user(state, user_id, write)
    if payment_id not in user.payment_methods:
        raise ValueError("Payment method not found")
    return user.payment_methods[payment_id]


def _check_items_present(order: Order, item_ids: list[str], message: Callable[[str], str]) -> None:
    in_order = [item.item_id for item in order.items]
    for item_id in item_ids:
        if item_ids.count(item_id) > in_order.count(item_id):
            raise ValueError(message(item_id))


def _price_difference(state: RetailState, order: Order, item_ids: list[str],
                      new_item_ids: list[str], refuse_same: bool) -> tuple[float, Variant | None]:
    """Sum of new minus old prices, position by position; also the last new variant seen."""
    diff: float = 0
    variant = None
    for item_id, new_item_id in zip(item_ids, new_item_ids):
        if refuse_same and item_id == new_item_id:
            raise ValueError("The new item id should be different from the old item id")
        item = next((it for it in order.items if it.item_id == item_id), None)
        if item is None:
            raise ValueError(f"Item {item_id} not found")
        variant = _variant(state, item.product_id, new_item_id)
        if not variant.available:
            raise ValueError(f"New item {new_item_id} not found or available")
        diff += variant.price - item.price
    return diff, variant


# --- read-only and generic ---------------------------------------------------------------------

def find_user_id_by_email(state: RetailState, email: str) -> str:
    """The first user (database order) with this email, ignoring case."""
    for user_id in state.base.users_with_email(email):
        return user_id
    raise ValueError("User not found")


def find_user_id_by_name_zip(state: RetailState, first_name: str, last_name: str, zip: str) -> str:
    """The first user (database order) with this name, ignoring case, whose CURRENT zip matches
    exactly (``modify_user_address`` can change it during the episode)."""
    for user_id in state.base.users_named(first_name, last_name):
        if state.user(user_id).address.zip == zip:  # type: ignore[union-attr]
            return user_id
    raise ValueError("User not found")


def get_user_details(state: RetailState, user_id: str) -> User:
    return _user(state, user_id)


def get_order_details(state: RetailState, order_id: str) -> Order:
    return _order(state, order_id)


def get_product_details(state: RetailState, product_id: str):
    product = state.product(product_id)
    if product is None:
        raise ValueError("Product not found")
    return product


def list_all_product_types(state: RetailState) -> str:
    return json.dumps({p.name: p.product_id for p in state.products()}, sort_keys=True)


def calculate(state: RetailState, expression: str) -> str:
    return _calculate(expression)


def transfer_to_human_agents(state: RetailState, summary: str) -> str:
    return "Transfer successful"


# --- writes ------------------------------------------------------------------------------------

def cancel_pending_order(state: RetailState, order_id: str, reason: str) -> Order:
    if _order(state, order_id).status != "pending":
        raise ValueError("Non-pending order cannot be cancelled")
    if reason not in CANCEL_REASONS:
        raise ValueError("Invalid reason")
    order = _order(state, order_id, write=True)
    refunds = []
    for payment in order.payment_history:  # every entry, refunds included (original behaviour)
        refunds.append(OrderPayment(transaction_type="refund", amount=payment.amount,
                                    payment_method_id=payment.payment_method_id))
        _user(state, order.user_id)
        method = _payment_method(state, order.user_id, payment.payment_method_id)
        if isinstance(method, GiftCard):
            method = _payment_method(state, order.user_id, payment.payment_method_id, write=True)
            method.balance = round(method.balance + payment.amount, 2)
    order.status = "cancelled"
    order.cancel_reason = reason  # type: ignore[assignment]
    order.payment_history.extend(refunds)
    return order


def modify_pending_order_address(state: RetailState, order_id: str, address1: str, address2: str,
                                 city: str, state_: str, country: str, zip: str) -> Order:
    if "pending" not in _order(state, order_id).status:
        raise ValueError("Non-pending order cannot be modified")
    order = _order(state, order_id, write=True)
    order.address = Address(address1=address1, address2=address2, city=city, state=state_,
                            country=country, zip=zip)
    return order


def modify_pending_order_payment(state: RetailState, order_id: str, payment_method_id: str) -> Order:
    current = _order(state, order_id)
    if "pending" not in current.status:
        raise ValueError("Non-pending order cannot be modified")
    method = _payment_method(state, current.user_id, payment_method_id)
    history = current.payment_history
    if len(history) != 1 or history[0].transaction_type != "payment":
        raise ValueError("There should be exactly one payment for a pending order")
    if history[0].payment_method_id == payment_method_id:
        raise ValueError("The new payment method should be different from the current one")
    amount = history[0].amount
    if isinstance(method, GiftCard) and method.balance < amount:
        raise ValueError("Insufficient gift card balance to pay for the order")
    order = _order(state, order_id, write=True)
    old_id = order.payment_history[0].payment_method_id
    order.payment_history.extend([
        OrderPayment(transaction_type="payment", amount=amount, payment_method_id=payment_method_id),
        OrderPayment(transaction_type="refund", amount=amount, payment_method_id=old_id),
    ])
    if isinstance(method, GiftCard):
        new = _payment_method(state, order.user_id, payment_method_id, write=True)
        new.balance = round(new.balance - amount, 2)
    old = _payment_method(state, order.user_id, old_id)
    if isinstance(old, GiftCard):
        old = _payment_method(state, order.user_id, old_id, write=True)
        old.balance = round(old.balance + amount, 2)
    return order


def modify_pending_order_items(state: RetailState, order_id: str, item_ids: list[str],
                               new_item_ids: list[str], payment_method_id: str) -> Order:
    current = _order(state, order_id)
    if current.status != "pending":
        raise ValueError("Non-pending order cannot be modified")
    _check_items_present(current, item_ids, lambda item_id: f"{item_id} not found")
    if len(item_ids) != len(new_item_ids):
        raise ValueError("The number of items to be exchanged should match")
    diff, variant = _price_difference(state, current, item_ids, new_item_ids, refuse_same=True)
    method = _payment_method(state, current.user_id, payment_method_id)
    if isinstance(method, GiftCard) and method.balance < diff:
        raise ValueError("Insufficient gift card balance to pay for the new item")
    order = _order(state, order_id, write=True)
    order.payment_history.append(OrderPayment(
        transaction_type="payment" if diff > 0 else "refund", amount=abs(diff),
        payment_method_id=payment_method_id))
    if isinstance(method, GiftCard):
        card = _payment_method(state, order.user_id, payment_method_id, write=True)
        card.balance = round(card.balance - diff, 2)
    for item_id, new_item_id in zip(item_ids, new_item_ids):
        item = next((it for it in order.items if it.item_id == item_id), None)
        if item is None:  # possible when an earlier swap renamed the item this one looked for
            raise ValueError(f"Item {item_id} not found")
        item.item_id = new_item_id
        item.price = variant.price  # type: ignore[union-attr]  # the LAST new variant's (original quirk)
        item.options = dict(variant.options)  # type: ignore[union-attr]
    order.status = "pending (item modified)"
    return order


def exchange_delivered_order_items(state: RetailState, order_id: str, item_ids: list[str],
                                   new_item_ids: list[str], payment_method_id: str) -> Order:
    current = _order(state, order_id)
    if current.status != "delivered":
        raise ValueError("Non-delivered order cannot be exchanged")
    _check_items_present(current, item_ids, lambda item_id: f"Number of {item_id} not found.")
    if len(item_ids) != len(new_item_ids):
        raise ValueError("The number of items to be exchanged should match.")
    diff, _ = _price_difference(state, current, item_ids, new_item_ids, refuse_same=False)
    diff = round(diff, 2)
    method = _payment_method(state, current.user_id, payment_method_id)
    if isinstance(method, GiftCard) and method.balance < diff:
        raise ValueError("Insufficient gift card balance to pay for the price difference")
    order = _order(state, order_id, write=True)
    order.status = "exchange requested"
    order.exchange_items = sorted(item_ids)
    order.exchange_new_items = sorted(new_item_ids)
    order.exchange_payment_method_id = payment_method_id
    order.exchange_price_difference = diff
    return order


def return_delivered_order_items(state: RetailState, order_id: str, item_ids: list[str],
                                 payment_method_id: str) -> Order:
    current = _order(state, order_id)
    if current.status != "delivered":
        raise ValueError("Non-delivered order cannot be returned")
    _user(state, current.user_id)
    method = _payment_method(state, current.user_id, payment_method_id)
    if not isinstance(method, GiftCard) and payment_method_id != current.payment_history[0].payment_method_id:
        raise ValueError("Payment method should be the original payment method")
    _check_items_present(current, item_ids, lambda item_id: "Some item not found")
    order = _order(state, order_id, write=True)
    order.status = "return requested"
    order.return_items = sorted(item_ids)
    order.return_payment_method_id = payment_method_id
    return order


def modify_user_address(state: RetailState, user_id: str, address1: str, address2: str, city: str,
                        state_: str, country: str, zip: str) -> User:
    user = _user(state, user_id, write=True)
    user.address = Address(address1=address1, address2=address2, city=city, state=state_,
                           country=country, zip=zip)
    return user


_HANDLERS: dict[str, Callable[..., Any]] = {
    "find_user_id_by_email": find_user_id_by_email,
    "find_user_id_by_name_zip": find_user_id_by_name_zip,
    "get_user_details": get_user_details,
    "get_order_details": get_order_details,
    "get_product_details": get_product_details,
    "list_all_product_types": list_all_product_types,
    "calculate": calculate,
    "transfer_to_human_agents": transfer_to_human_agents,
    "cancel_pending_order": cancel_pending_order,
    "modify_pending_order_address": modify_pending_order_address,
    "modify_pending_order_payment": modify_pending_order_payment,
    "modify_pending_order_items": modify_pending_order_items,
    "exchange_delivered_order_items": exchange_delivered_order_items,
    "return_delivered_order_items": return_delivered_order_items,
    "modify_user_address": modify_user_address,
}
assert set(_HANDLERS) == set(TOOL_NAMES)


# --- the entry points --------------------------------------------------------------------------

def parse_arguments(name: str, arguments: str | dict[str, Any] | None) -> dict[str, Any]:
    """Decode and validate a call's arguments; InvalidToolCall (one line) when they are unusable."""
    if name not in _VALIDATORS:
        raise InvalidToolCall(f"Tool '{name}' not found; the tools are: {', '.join(TOOL_NAMES)}")
    if arguments is None or isinstance(arguments, str):
        try:
            arguments = json.loads(arguments or "{}")
        except (json.JSONDecodeError, TypeError) as e:
            raise InvalidToolCall(f"arguments of {name} are not valid JSON: {e}") from None
    if not isinstance(arguments, dict):
        raise InvalidToolCall(f"arguments of {name} must be a JSON object")
    err = jsonschema.exceptions.best_match(_VALIDATORS[name].iter_errors(arguments))
    if err is not None:
        where = ".".join(str(p) for p in err.absolute_path)
        raise InvalidToolCall(f"invalid arguments for {name}: {where + ': ' if where else ''}{err.message}")
    return arguments


def run_tool(state: RetailState, name: str, arguments: str | dict[str, Any] | None) -> Any:
    """Validate, then run a tool; raises what the original raises (ValueError, mostly)."""
    args = dict(parse_arguments(name, arguments))
    if "state" in args:  # the address tools' "state" argument; ``state`` is the episode here
        args["state_"] = args.pop("state")
    return _HANDLERS[name](state, **args)


def to_text(result: Any) -> str:
    """What the original environment shows the agent for a successful call."""
    if isinstance(result, str):
        return result
    if isinstance(result, BaseModel):
        return json.dumps(result.model_dump(), default=str)
    return json.dumps(result, default=str)


def execute(state: RetailState, name: str, arguments: str | dict[str, Any] | None) -> ToolResult:
    """Run one call for the target. Never raises: refusals come back as ``Error: ...``, ok=False."""
    try:
        return ToolResult(to_text(run_tool(state, name, arguments)), ok=True)
    except Exception as e:  # the original environment reports every exception the same way
        return ToolResult(f"Error: {e}", ok=False, error=str(e) or type(e).__name__)
