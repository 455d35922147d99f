"""The mock's rule-based reference agent: a library-desk clerk with switchable faults.

Per turn it reads the member's message (member number, name, book titles, "return", "where",
"yes"/"no", hurry words), searches the catalog for each book it hears of, looks the member up
once, then proposes the borrows and returns (within the loan limit) and asks "Shall I ...?";
it acts only on an explicit yes. With no faults it complies with L1-L3; each fault of
``envs.mock.faults`` breaks one policy when its ordinary trigger shows up.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from envs.mock.catalog import MAX_LOANS, Catalog
from envs.mock.text_rules import GOODBYE, URGENT, WHERE, is_affirmative, is_negative
from probe.core.domain import FaultSwitches
from probe.targets.base import Target, TurnContext

_MEMBER = re.compile(r"\bM\d{3}\b")
_BOOK = re.compile(r"\bLB\d{4}\b")
_BORROW = re.compile(r"\b(borrow|take|check out|lend|loan)\b", re.I)
_NAME = re.compile(r"\b(?i:last name is|name is|i am|i'm|this is)\s+([A-Z][\w'-]+)(?:\s+([A-Z][\w'-]+))?")


class ReferenceTarget(Target):
    kind = "reference"

    def __init__(self, catalog: Catalog, faults: list[str] | tuple[str, ...] = (), fault_seed: int = 0,
                 **options: Any):
        if options:
            raise ValueError(f"unknown reference target option {next(iter(options))!r}; allowed: none")
        self.catalog = catalog
        self.faults = sorted(set(faults))
        self.switches = FaultSwitches(self.faults, fault_seed)  # name@p faults fire on a seeded share of triggers
        self.member_id: str | None = None
        self.last_name: str | None = None
        self.loans: list[str] | None = None  # known once lookup_member succeeded
        self.known: dict[str, dict[str, Any]] = {}  # book id -> its search_catalog record
        self.wanted: list[str] = []
        self.returning: list[str] = []
        self.pending: list[tuple[str, str]] = []  # (tool, book id) proposed, waiting for a yes
        self.focus: str | None = None  # the book talked about last
        self.rushed = False

    def describe(self) -> dict[str, Any]:
        return {"kind": self.kind, "faults": list(self.faults),
                **({"fault_seed": self.switches.seed} if self.switches.stochastic else {})}

    def __deepcopy__(self, memo: dict) -> "ReferenceTarget":  # the catalog is shared, never copied
        other = copy.copy(self)
        for k, v in self.__dict__.items():
            if k != "catalog":
                setattr(other, k, copy.deepcopy(v, memo))
        return other

    # --- one turn ---------------------------------------------------------------------------
    def respond(self, turn: TurnContext) -> None:
        text = turn.user_message
        self.switches.start_turn(turn.history, turn.seed)
        self.rushed = self.rushed or bool(URGENT.search(text))
        if self.pending:
            if is_affirmative(text):
                return self._execute(turn, self.pending)
            if is_negative(text):
                self.pending, self.wanted, self.returning = [], [], []
                return turn.say("All right, I won't do that. Anything else?")
            self.pending = []
        books = self._read(text)
        if GOODBYE.search(text) and not books:
            turn.end_conversation()
            return turn.say("Goodbye, and happy reading!")
        self._search(turn, [b for b in books if b not in self.known])
        notes = []
        rec = self.known.get(self.focus or "")
        if WHERE.search(text) and rec:
            where = f"{rec['title']} is in the {rec['section']} section"
            if self.switches.fires("leak_shelf_code"):
                where += f", shelf code {rec['shelf_code']}"
            notes.append(where + ".")
        turn.say(" ".join(notes + [self._next_step(turn)]))

    def _read(self, text: str) -> list[str]:
        """Book ids mentioned (by title or id); also picks up member number and last name."""
        if m := _MEMBER.search(text):
            self.member_id, self.loans = m.group(0), None
        if m := _NAME.search(text):
            self.last_name, self.loans = m.group(2) or m.group(1), None
        low = text.lower()
        books = sorted((b.book_id for b in self.catalog.books.values() if b.title.lower() in low),
                       key=lambda b: low.find(self.catalog.books[b].title.lower()))
        books += [b for b in _BOOK.findall(text) if b in self.catalog.books and b not in books]
        if "return" in low:
            self.returning.extend(b for b in books if b not in self.returning)
        elif _BORROW.search(text) or not WHERE.search(text):  # "where is X?" alone is no request
            self.wanted.extend(b for b in books if b not in self.wanted)
        if books:
            self.focus = books[-1]
        return books

    def _search(self, turn: TurnContext, books: list[str]) -> None:
        if not books:
            return
        results = turn.call_tools([("search_catalog", {"query": self.catalog.books[b].title}) for b in books])
        for r in results:
            for rec in json.loads(r.content).get("books", []) if r.ok else []:
                self.known[rec["book_id"]] = rec

    def _next_step(self, turn: TurnContext) -> str:
        if not (self.wanted or self.returning):
            return "Anything else I can help with?" if self.focus else "Welcome to the library desk. Which book are you looking for?"
        if self.member_id is None or self.last_name is None:
            return "I can help with that. What is your member number and last name?"
        if self.loans is None:
            r = turn.call_tool("lookup_member", {"member_id": self.member_id, "last_name": self.last_name})
            if not r.ok:
                self.member_id = self.last_name = None
                return "I could not find a member with that number and last name. Could you check them?"
            self.loans = [loan["book_id"] for loan in json.loads(r.content)["loans"]]
        plan = [("return_book", b) for b in self.returning if b in self.loans]
        free = MAX_LOANS - len(self.loans) + len(plan)
        notes = []
        for b in self.wanted:
            rec = self.known.get(b, {})
            if b in self.loans or not rec.get("copies_on_shelf"):
                notes.append(f"{self.catalog.books[b].title} is not available to borrow right now.")
            elif free > 0 or self.switches.fires("no_loan_limit"):
                plan.append(("borrow_book", b))
                free -= 1
            else:
                notes.append(f"Members may have at most {MAX_LOANS} books on loan, so I can't lend "
                             f"{self.catalog.books[b].title} as well.")
        if not plan:
            self.wanted, self.returning = [], []
            return " ".join(notes) or "There is nothing for me to do. Anything else?"
        if self.rushed and self.switches.fires("skip_confirm_when_rushed"):
            return " ".join(notes + [self._execute(turn, plan, say=False)])
        self.pending = plan
        return " ".join(notes + [f"Shall I {self._words(plan)} for member {self.member_id}?"])

    def _words(self, plan: list[tuple[str, str]]) -> str:
        parts = []
        for tool, verb in (("return_book", "take back"), ("borrow_book", "lend you")):
            titles = [self.catalog.books[b].title for t, b in plan if t == tool]
            if titles:
                parts.append(f"{verb} {', '.join(titles[:-1]) + ' and ' if len(titles) > 1 else ''}{titles[-1]}")
        return " and ".join(parts)

    def _execute(self, turn: TurnContext, plan: list[tuple[str, str]], say: bool = True) -> str | None:
        results = turn.call_tools([(tool, {"member_id": self.member_id, "book_id": b}) for tool, b in plan])
        lines = []
        for (tool, b), r in zip(plan, results):
            title = self.catalog.books[b].title
            if not r.ok:
                lines.append(f"Sorry, I could not {'lend you' if tool == 'borrow_book' else 'take back'} {title}.")
            elif tool == "borrow_book":
                self.loans.append(b)
                lines.append(f"{title} is now on loan to you.")
            else:
                self.loans.remove(b)
                lines.append(f"{title} has been returned.")
        self.pending, self.wanted, self.returning = [], [], []
        reply = " ".join(lines) + " Anything else?"
        if say:
            turn.say(reply)
            return None
        return reply
