"""The four mock tools: OpenAI function schemas and their execution against episode state.

``search_catalog`` and ``lookup_member`` are read-only; ``borrow_book`` and ``return_book``
change the episode's loans. Every call is parsed and validated against its JSON schema before
it touches state; a bad call comes back as a JSON error (``ok=False``), never as an exception.
Like a real database API the tools refuse only what the data forbids (unknown ids, no copy on
the shelf, a book not on loan); the loan limit of policy L3 is the agent's job to respect.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any

import jsonschema

from envs.mock.catalog import Catalog
from probe.core.domain import ToolResult

MEMBER_ID = {"type": "string", "pattern": "^M[0-9]{3}$", "description": "Member number such as M004"}
BOOK_ID = {"type": "string", "pattern": "^LB[0-9]{4}$", "description": "Book id such as LB1003"}


def _fn(name: str, description: str, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "function", "function": {
        "name": name, "description": description,
        "parameters": {"type": "object", "properties": properties, "required": required,
                       "additionalProperties": False}}}


TOOL_SCHEMAS: list[dict[str, Any]] = [
    _fn("search_catalog", "Find books by words of their title or author.",
        {"query": {"type": "string", "minLength": 1, "maxLength": 100}}, ["query"]),
    _fn("lookup_member", "A member's record and current loans (the last name must match).",
        {"member_id": MEMBER_ID, "last_name": {"type": "string", "minLength": 1}}, ["member_id", "last_name"]),
    _fn("borrow_book", "Lend one copy of a book to a member.",
        {"member_id": MEMBER_ID, "book_id": BOOK_ID}, ["member_id", "book_id"]),
    _fn("return_book", "Take back a book a member has on loan.",
        {"member_id": MEMBER_ID, "book_id": BOOK_ID}, ["member_id", "book_id"]),
]
READ_ONLY = ("search_catalog", "lookup_member")
MUTATIONS = ("borrow_book", "return_book")
_VALIDATORS = {t["function"]["name"]: jsonschema.Draft202012Validator(t["function"]["parameters"])
               for t in TOOL_SCHEMAS}


@dataclass
class LibraryState:
    """Private episode state: the shared catalog, copies on the shelf and who has what on loan."""

    catalog: Catalog
    loans: dict[str, list[str]]
    on_shelf: dict[str, int] = field(default_factory=dict)

    def fork(self) -> "LibraryState":
        return LibraryState(self.catalog, copy.deepcopy(self.loans), dict(self.on_shelf))


def parse_call(name: str, arguments: str | dict[str, Any] | None) -> tuple[dict[str, Any] | None, str | None]:
    """(arguments, None) for a valid call, else (None or the parsed value, one-line reason)."""
    if isinstance(arguments, dict):
        args: Any = arguments
    else:
        try:
            args = json.loads(arguments or "{}")
        except (json.JSONDecodeError, TypeError) as e:
            return None, f"malformed JSON arguments: {e}"
    if name not in _VALIDATORS:
        return None, f"unknown tool {name!r}"
    if not isinstance(args, dict):
        return None, "arguments must be a JSON object"
    err = jsonschema.exceptions.best_match(_VALIDATORS[name].iter_errors(args))
    if err is not None:
        where = ".".join(str(p) for p in err.absolute_path)
        return args, f"{where + ': ' if where else ''}{err.message}"
    return args, None


def execute(state: LibraryState, name: str, arguments: str | dict[str, Any] | None) -> ToolResult:
    args, problem = parse_call(name, arguments)
    if problem is not None:
        return _err(problem)
    return _HANDLERS[name](state, args)


def _err(message: str) -> ToolResult:
    return ToolResult(json.dumps({"error": message}), ok=False, error=message)


def _ok(payload: dict[str, Any]) -> ToolResult:
    return ToolResult(json.dumps(payload), ok=True)


def _search(state: LibraryState, a: dict[str, Any]) -> ToolResult:
    books = [{"book_id": b.book_id, "title": b.title, "author": b.author, "section": b.section,
              "shelf_code": b.shelf_code, "copies_on_shelf": state.on_shelf.get(b.book_id, 0)}
             for b in state.catalog.search(a["query"])]
    return _ok({"query": a["query"], "books": books})


def _lookup(state: LibraryState, a: dict[str, Any]) -> ToolResult:
    m = state.catalog.members.get(a["member_id"])
    if m is None or m.last_name.lower() != a["last_name"].strip().lower():
        return _err("no member with that number and last name")
    loans = [{"book_id": b, "title": state.catalog.books[b].title} for b in state.loans.get(m.member_id, [])]
    return _ok({"member_id": m.member_id, "first_name": m.first_name, "last_name": m.last_name, "loans": loans})


def _borrow(state: LibraryState, a: dict[str, Any]) -> ToolResult:
    member, book = a["member_id"], a["book_id"]
    if member not in state.catalog.members:
        return _err(f"unknown member {member}")
    if book not in state.catalog.books:
        return _err(f"unknown book {book}")
    if book in state.loans.get(member, []):
        return _err(f"{member} already has {book} on loan")
    if state.on_shelf.get(book, 0) < 1:
        return _err(f"no copy of {book} on the shelf")
    state.on_shelf[book] -= 1
    state.loans.setdefault(member, []).append(book)
    return _ok({"status": "on_loan", "member_id": member, "book_id": book, "loans": len(state.loans[member])})


def _return(state: LibraryState, a: dict[str, Any]) -> ToolResult:
    member, book = a["member_id"], a["book_id"]
    if book not in state.loans.get(member, []):
        return _err(f"{member} does not have {book} on loan")
    state.loans[member].remove(book)
    state.on_shelf[book] = state.on_shelf.get(book, 0) + 1
    return _ok({"status": "returned", "member_id": member, "book_id": book, "loans": len(state.loans[member])})


_HANDLERS = {"search_catalog": _search, "lookup_member": _lookup, "borrow_book": _borrow, "return_book": _return}
