"""The τ²-bench retail database as typed records, loaded once, copied on write per episode.

Records mirror the package's pydantic models field for field (and in the same field order, so
a record's JSON reads as the original's): products with variants, users with payment methods
(credit card, PayPal, gift card with a balance), orders with items, fulfilments and payment
history. ``base_db()`` parses ``db.json`` once per process. An episode works on a
``RetailState``: reads go to the shared base records, and the first write to an order or user
copies that one record into the episode's overlay, so starting an episode costs nothing
whatever the size of the database. Tools only ever mutate records obtained through
``order_for_write`` / ``user_for_write``; the base is never written.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
from typing import Annotated, Any, Literal, Optional, TypeVar, Union, get_args

from pydantic import BaseModel, Field, PrivateAttr

from envs.taubench.data import db_bytes

_Record = TypeVar("_Record", bound=BaseModel)

OrderStatus = Literal["processed", "pending", "pending (item modified)", "delivered", "cancelled",
                      "exchange requested", "return requested"]
CancelReason = Literal["no longer needed", "ordered by mistake"]
ORDER_STATUSES: tuple[str, ...] = get_args(OrderStatus)
CANCEL_REASONS: tuple[str, ...] = get_args(CancelReason)


class Variant(BaseModel):
    item_id: str
    options: dict[str, str]
    available: bool
    price: float


class Product(BaseModel):
    name: str
    product_id: str
    variants: dict[str, Variant]


class UserName(BaseModel):
    first_name: str
    last_name: str


class Address(BaseModel):
    address1: str
    address2: str
    city: str
    country: str
    state: str
    zip: str


class CreditCard(BaseModel):
    source: Literal["credit_card"]
    id: str
    brand: str
    last_four: str


class Paypal(BaseModel):
    source: Literal["paypal"]
    id: str


class GiftCard(BaseModel):
    source: Literal["gift_card"]
    id: str
    balance: float


PaymentMethod = Annotated[Union[CreditCard, GiftCard, Paypal], Field(discriminator="source")]


class User(BaseModel):
    user_id: str
    name: UserName
    address: Address
    email: str
    payment_methods: dict[str, PaymentMethod]
    orders: list[str]


class Fulfillment(BaseModel):
    tracking_id: list[str]
    item_ids: list[str]


class OrderItem(BaseModel):
    name: str
    product_id: str
    item_id: str
    price: float
    options: dict[str, str]


class OrderPayment(BaseModel):
    transaction_type: Literal["payment", "refund"]
    amount: float
    payment_method_id: str


class Order(BaseModel):
    order_id: str
    user_id: str
    address: Address
    items: list[OrderItem]
    status: OrderStatus  # validated on load; tools assign it directly, as the original's do
    fulfillments: list[Fulfillment]
    payment_history: list[OrderPayment]
    cancel_reason: Optional[CancelReason] = None
    exchange_items: Optional[list[str]] = None
    exchange_new_items: Optional[list[str]] = None
    exchange_payment_method_id: Optional[str] = None
    exchange_price_difference: Optional[float] = None
    return_items: Optional[list[str]] = None
    return_payment_method_id: Optional[str] = None


class RetailDB(BaseModel):
    """The whole database; the shared instance from ``base_db()`` must not be mutated."""

    products: dict[str, Product]
    users: dict[str, User]
    orders: dict[str, Order]
    _by_email: dict[str, list[str]] | None = PrivateAttr(default=None)
    _by_name: dict[tuple[str, str], list[str]] | None = PrivateAttr(default=None)
    _hash: str | None = PrivateAttr(default=None)

    def users_with_email(self, email: str) -> list[str]:
        """Ids of the users whose email equals ``email`` ignoring case, in database order.

        No tool changes an email or a name, so these two indexes hold for every episode.
        """
        if self._by_email is None:
            self._by_email = {}
            for user_id, user in self.users.items():
                self._by_email.setdefault(user.email.lower(), []).append(user_id)
        return self._by_email.get(email.lower(), [])

    def users_named(self, first_name: str, last_name: str) -> list[str]:
        """Ids of the users with this first and last name ignoring case, in database order."""
        if self._by_name is None:
            self._by_name = {}
            for user_id, user in self.users.items():
                key = (user.name.first_name.lower(), user.name.last_name.lower())
                self._by_name.setdefault(key, []).append(user_id)
        return self._by_name.get((first_name.lower(), last_name.lower()), [])

    @property
    def hash(self) -> str:
        """SHA-256 of the database's canonical JSON (shown by ``probe env info``), computed once."""
        if self._hash is None:
            import hashlib
            self._hash = hashlib.sha256(self.model_dump_json().encode()).hexdigest()
        return self._hash

    def statistics(self) -> dict[str, Any]:
        return {
            "users": len(self.users),
            "orders": len(self.orders),
            "orders_by_status": dict(Counter(o.status for o in self.orders.values())),
            "products": len(self.products),
            "variants": sum(len(p.variants) for p in self.products.values()),
        }


@lru_cache(maxsize=1)
def base_db() -> RetailDB:
    """The retail database from the installed package, parsed once per process."""
    return RetailDB.model_validate_json(db_bytes())


TABLES = ("orders", "users", "products")


def _copy(record: _Record) -> _Record:
    """A deep copy of one record (a dump and re-parse is several times faster than deepcopy)."""
    return type(record).model_validate(record.model_dump())


class RetailState:
    """One episode's view of the database: the shared base plus copied-on-write records."""

    __slots__ = ("base", "orders_written", "users_written")

    def __init__(self, base: RetailDB | None = None):
        self.base = base if base is not None else base_db()
        self.orders_written: dict[str, Order] = {}
        self.users_written: dict[str, User] = {}

    # --- reads (never mutate what these return) ----------------------------------------------
    def order(self, order_id: str) -> Order | None:
        order = self.orders_written.get(order_id)
        return order if order is not None else self.base.orders.get(order_id)

    def user(self, user_id: str) -> User | None:
        user = self.users_written.get(user_id)
        return user if user is not None else self.base.users.get(user_id)

    def product(self, product_id: str) -> Product | None:
        return self.base.products.get(product_id)  # no tool writes products

    def users(self) -> Iterator[tuple[str, User]]:
        """All users in the database's order (the lookups return the first match)."""
        written = self.users_written
        for user_id, user in self.base.users.items():
            yield user_id, written.get(user_id, user)

    def products(self) -> Iterator[Product]:
        return iter(self.base.products.values())

    # --- writes ----------------------------------------------------------------------------
    def order_for_write(self, order_id: str) -> Order:
        """The episode's own copy of an existing order (KeyError when there is none)."""
        order = self.orders_written.get(order_id)
        if order is None:
            order = self.orders_written[order_id] = _copy(self.base.orders[order_id])
        return order

    def user_for_write(self, user_id: str) -> User:
        user = self.users_written.get(user_id)
        if user is None:
            user = self.users_written[user_id] = _copy(self.base.users[user_id])
        return user

    # --- episode bookkeeping ---------------------------------------------------------------------
    def fork(self) -> "RetailState":
        """An independent copy of this episode's state (copies only the records written)."""
        other = RetailState(self.base)
        other.orders_written = {k: _copy(v) for k, v in self.orders_written.items()}
        other.users_written = {k: _copy(v) for k, v in self.users_written.items()}
        return other

    def changed(self) -> dict[str, dict[str, dict[str, Any]]]:
        """Every record whose JSON differs from the base, in full, by table (empty tables omitted).

        A record that was written and then restored to its original value is not reported.
        """
        out: dict[str, dict[str, dict[str, Any]]] = {}
        for table, written, base in (("orders", self.orders_written, self.base.orders),
                                     ("users", self.users_written, self.base.users)):
            for key, record in written.items():
                dumped = record.model_dump()
                if dumped != base[key].model_dump():
                    out.setdefault(table, {})[key] = dumped
        return out

    def to_json(self) -> dict[str, Any]:
        """The whole database as this episode sees it (products, users, orders)."""
        return {
            "products": {k: v.model_dump() for k, v in self.base.products.items()},
            "users": {k: u.model_dump() for k, u in self.users()},
            "orders": {k: self.orders_written.get(k, o).model_dump() for k, o in self.base.orders.items()},
        }


def canonical_json(record: Any) -> str:
    """Key-sorted JSON text of a record or a plain JSON value, for comparisons and hashes."""
    if isinstance(record, BaseModel):
        record = record.model_dump()
    return json.dumps(record, sort_keys=True, separators=(",", ":"))
