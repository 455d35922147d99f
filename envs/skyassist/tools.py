"""The eight SkyAssist tools: OpenAI function schemas and their execution against episode state.

Four are read-only (search_flights, check_availability, get_flight_details, lookup_booking) and
four mutate the private booking table (hold_itinerary, book_flight, cancel_booking,
modify_booking). Every call is validated against its JSON schema before it touches state; a bad
call comes back to the target as a JSON tool error, never as an exception.

The tools are a thin database API. They refuse what a database would refuse (unknown ids, too
few seats, a fare class a flight does not sell, a booking already cancelled) but do not enforce
the agent's policies (restricted airports, passenger limits, booking window, cancelled flights,
connection times): obeying those is the target's job, and the verifiers check that it does.
"""

from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import jsonschema

from envs.skyassist.database import FARE_CLASSES, NOW, Database, fmt_time
from probe.core.domain import ToolResult

IATA = {"type": "string", "pattern": "^[A-Z]{3}$", "description": "Three-letter IATA airport code"}
FLIGHT_ID = {"type": "string", "pattern": "^SA[0-9]{4}$", "description": "Flight id such as SA1234"}
BOOKING_ID = {"type": "string", "pattern": "^BK[0-9A-Z]{6}$", "description": "Booking id such as BK3F9Q2A"}
FARE = {"type": "string", "enum": list(FARE_CLASSES)}
DATE = {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "description": "YYYY-MM-DD"}
NAME = {"type": "string", "minLength": 1, "maxLength": 60}


def _fn(name: str, description: str, properties: dict, required: list[str]) -> dict[str, Any]:
    return {"type": "function", "function": {
        "name": name, "description": description,
        "parameters": {"type": "object", "properties": properties, "required": required,
                       "additionalProperties": False}}}


TOOL_SCHEMAS: list[dict[str, Any]] = [
    _fn("search_flights", "Search flights on a route and date.",
        {"origin": IATA, "destination": IATA, "date": DATE,
         "passengers": {"type": "integer", "minimum": 1}},
        ["origin", "destination", "date"]),
    _fn("check_availability", "Check whether a flight has enough seats.",
        {"flight_id": FLIGHT_ID, "passengers": {"type": "integer", "minimum": 1}},
        ["flight_id", "passengers"]),
    _fn("get_flight_details", "Full record of one flight.", {"flight_id": FLIGHT_ID}, ["flight_id"]),
    _fn("lookup_booking", "Look up a booking by id (and the passenger's last name).",
        {"booking_id": BOOKING_ID, "last_name": NAME}, ["booking_id"]),
    _fn("hold_itinerary", "Place a 24-hour hold on an itinerary without payment.",
        {"flight_ids": {"type": "array", "items": FLIGHT_ID, "minItems": 1, "maxItems": 4},
         "passengers": {"type": "integer", "minimum": 1}, "fare_class": FARE,
         "last_name": NAME, "first_name": NAME},
        ["flight_ids", "passengers", "fare_class", "last_name"]),
    _fn("book_flight", "Book and pay for an itinerary.",
        {"flight_ids": {"type": "array", "items": FLIGHT_ID, "minItems": 1, "maxItems": 4},
         "passengers": {"type": "integer", "minimum": 1}, "fare_class": FARE,
         "last_name": NAME, "first_name": NAME},
        ["flight_ids", "passengers", "fare_class", "last_name"]),
    _fn("cancel_booking", "Cancel a booking or hold.",
        {"booking_id": BOOKING_ID, "reason": {"type": "string", "maxLength": 200}}, ["booking_id"]),
    _fn("modify_booking", "Move a booking onto other flights.",
        {"booking_id": BOOKING_ID,
         "new_flight_ids": {"type": "array", "items": FLIGHT_ID, "minItems": 1, "maxItems": 4}},
        ["booking_id", "new_flight_ids"]),
]
SCHEMA_BY_NAME = {t["function"]["name"]: t["function"]["parameters"] for t in TOOL_SCHEMAS}
READ_ONLY = ("search_flights", "check_availability", "get_flight_details", "lookup_booking")
MUTATIONS = ("hold_itinerary", "book_flight", "cancel_booking", "modify_booking")
_VALIDATORS = {n: jsonschema.Draft202012Validator(s) for n, s in SCHEMA_BY_NAME.items()}


@dataclass
class SkyState:
    """Private episode state: the immutable database plus the mutable booking table."""

    db: Database
    bookings: dict[str, dict[str, Any]]
    seats_taken: dict[str, int] = field(default_factory=dict)
    salt: str = ""
    counter: int = 0

    def seats_left(self, flight_id: str) -> int:
        return self.db.flights[flight_id].seats_available - self.seats_taken.get(flight_id, 0)

    def fork(self) -> "SkyState":
        return SkyState(self.db, copy.deepcopy(self.bookings), dict(self.seats_taken), self.salt, self.counter)

    def new_booking_id(self) -> str:
        self.counter += 1
        digest = hashlib.sha256(f"{self.salt}:{self.counter}".encode()).hexdigest().upper()
        return "BK" + digest[:6]  # a hex digest is all letters and digits


def schema_errors(name: str, args: Any) -> str | None:
    """None when the call is valid; otherwise a one-line reason (unknown tool, bad JSON, schema)."""
    if name not in _VALIDATORS:
        return f"unknown tool {name!r}"
    if not isinstance(args, dict):
        return "arguments must be a JSON object"
    err = jsonschema.exceptions.best_match(_VALIDATORS[name].iter_errors(args))
    if err is None:
        return None
    where = ".".join(str(p) for p in err.absolute_path)
    return f"{where + ': ' if where else ''}{err.message}"


def parse_arguments(arguments: str | dict[str, Any]) -> tuple[Any, str | None]:
    if isinstance(arguments, dict):
        return arguments, None
    try:
        return json.loads(arguments or "{}"), None
    except (json.JSONDecodeError, TypeError) as e:
        return None, f"malformed JSON arguments: {e}"


def _err(msg: str) -> ToolResult:
    return ToolResult(json.dumps({"error": msg}), ok=False, error=msg)


def _ok(payload: dict[str, Any]) -> ToolResult:
    return ToolResult(json.dumps(payload), ok=True)


def execute(state: SkyState, name: str, arguments: str | dict[str, Any]) -> ToolResult:
    args, problem = parse_arguments(arguments)
    if problem is None:
        problem = schema_errors(name, args)
    if problem is not None:
        return _err(problem)
    return _HANDLERS[name](state, args)


# --- read-only -------------------------------------------------------------------------------

def _search(state: SkyState, a: dict) -> ToolResult:
    db = state.db
    for code in (a["origin"], a["destination"]):
        if code not in db.airports:
            return _err(f"unknown airport {code}")
    flights = db.search(a["origin"], a["destination"], a["date"])
    out = []
    for f in flights:
        rec = f.to_json()
        rec["seats_available"] = state.seats_left(f.flight_id)
        out.append(rec)
    return _ok({"origin": a["origin"], "destination": a["destination"], "date": a["date"], "flights": out})


def _availability(state: SkyState, a: dict) -> ToolResult:
    f = state.db.flights.get(a["flight_id"])
    if f is None:
        return _err(f"unknown flight {a['flight_id']}")
    left = state.seats_left(f.flight_id)
    return _ok({"flight_id": f.flight_id, "status": f.status, "seats_available": left,
                "available": f.status == "scheduled" and left >= a["passengers"]})


def _details(state: SkyState, a: dict) -> ToolResult:
    f = state.db.flights.get(a["flight_id"])
    if f is None:
        return _err(f"unknown flight {a['flight_id']}")
    rec = f.to_json()
    rec["seats_available"] = state.seats_left(f.flight_id)
    rec["origin_restricted"] = state.db.airports[f.origin].restricted
    rec["destination_restricted"] = state.db.airports[f.destination].restricted
    return _ok(rec)


def _lookup(state: SkyState, a: dict) -> ToolResult:
    b = state.bookings.get(a["booking_id"])
    if b is None:
        return _err(f"no booking {a['booking_id']}")
    if "last_name" in a and a["last_name"].strip().lower() != b["last_name"].lower():
        return _err("booking id and last name do not match")
    return _ok(b)  # serialised at once: nothing aliases the state


# --- mutations -------------------------------------------------------------------------------

def _check_flights(state: SkyState, ids: list[str], passengers: int, fare_class: str | None,
                   own: tuple[str, ...] = ()) -> str | None:
    """Why the flights cannot take the party, or None. ``own``: the flights the booking being changed already holds
    seats on; the party's own seats there are not counted as taken (a change that keeps one flight of the trip)."""
    for fid in ids:
        f = state.db.flights.get(fid)
        if f is None:
            return f"unknown flight {fid}"
        if fare_class is not None and f.fare_class != fare_class:
            return f"flight {fid} does not sell fare class {fare_class}"
        left = state.seats_left(fid) + (passengers if fid in own else 0)
        if left < passengers:
            return f"not enough seats on {fid}: {left} left, {passengers} requested"
    return None


def _reserve(state: SkyState, a: dict, status: str) -> ToolResult:
    problem = _check_flights(state, a["flight_ids"], a["passengers"], a["fare_class"])
    if problem:
        return _err(problem)
    per_seat = sum(state.db.flights[f].price_usd for f in a["flight_ids"])
    booking_id = state.new_booking_id()
    record = {
        "booking_id": booking_id, "status": status,
        "passengers": a["passengers"], "first_name": a.get("first_name", ""), "last_name": a["last_name"],
        "itinerary": list(a["flight_ids"]), "fare_class": a["fare_class"],
        "price_usd": per_seat * a["passengers"], "timestamp": fmt_time(NOW),
    }
    if status == "held":
        record["expires_at"] = fmt_time(NOW + timedelta(hours=24))
    state.bookings[booking_id] = record
    for fid in a["flight_ids"]:
        state.seats_taken[fid] = state.seats_taken.get(fid, 0) + a["passengers"]
    return _ok(record)  # serialised at once: nothing aliases the state


def _hold(state: SkyState, a: dict) -> ToolResult:
    return _reserve(state, a, "held")


def _book(state: SkyState, a: dict) -> ToolResult:
    return _reserve(state, a, "confirmed")


def _cancel(state: SkyState, a: dict) -> ToolResult:
    b = state.bookings.get(a["booking_id"])
    if b is None:
        return _err(f"no booking {a['booking_id']}")
    if b["status"] == "cancelled":
        return _err(f"booking {a['booking_id']} is already cancelled")
    held = b["status"] == "held"  # a hold was never charged: nothing to refund
    b["status"] = "cancelled"
    for fid in b["itinerary"]:
        state.seats_taken[fid] = state.seats_taken.get(fid, 0) - b["passengers"]
    refundable = all(state.db.flights[f].refundability == "refundable" for f in b["itinerary"] if f in state.db.flights)
    return _ok({"booking_id": b["booking_id"], "status": "cancelled",
                "refund_usd": b["price_usd"] if refundable and not held else 0.0})


def _modify(state: SkyState, a: dict) -> ToolResult:
    b = state.bookings.get(a["booking_id"])
    if b is None:
        return _err(f"no booking {a['booking_id']}")
    if b["status"] == "cancelled":
        return _err(f"booking {a['booking_id']} is cancelled")
    # the booking's own seats on a flight it keeps are its already (not taken from the seats left): a held or
    # confirmed booking occupies them
    problem = _check_flights(state, a["new_flight_ids"], b["passengers"], None, own=tuple(b["itinerary"]))
    if problem:
        return _err(problem)
    for fid in b["itinerary"]:
        state.seats_taken[fid] = state.seats_taken.get(fid, 0) - b["passengers"]
    for fid in a["new_flight_ids"]:
        state.seats_taken[fid] = state.seats_taken.get(fid, 0) + b["passengers"]
    b["itinerary"] = list(a["new_flight_ids"])
    b["fare_class"] = state.db.flights[a["new_flight_ids"][0]].fare_class
    b["price_usd"] = sum(state.db.flights[f].price_usd for f in a["new_flight_ids"]) * b["passengers"]
    return _ok(b)  # serialised at once: nothing aliases the state


_HANDLERS = {
    "search_flights": _search, "check_availability": _availability, "get_flight_details": _details,
    "lookup_booking": _lookup, "hold_itinerary": _hold, "book_flight": _book,
    "cancel_booking": _cancel, "modify_booking": _modify,
}
