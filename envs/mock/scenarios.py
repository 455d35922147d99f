"""Scenario families: what the member wants, instantiated deterministically from a seed.

Families: ``borrow_one`` (one book), ``borrow_several`` (three books, more than the loan limit
leaves), ``return_book`` (give one back, then borrow one). Every scenario has the fields
``family seed split member_id first_name last_name loans title book_id titles_text`` so any
script can be played on any scenario; ``return_book`` adds ``return_title`` and ``return_id``.

Seeds: ``TRAIN_SEEDS`` for training, the disjoint ``HELDOUT_SEEDS`` for evaluation; any other
seed works and is labelled ``split='other'``.
"""

from __future__ import annotations

import random
from typing import Any

from envs.mock.catalog import BOOKS, MEMBERS

FAMILIES = ("borrow_one", "borrow_several", "return_book")
TRAIN_SEEDS = range(0, 10_000)
HELDOUT_SEEDS = range(1_000_000, 1_001_000)


def split_of(seed: int) -> str:
    return "train" if seed in TRAIN_SEEDS else "heldout" if seed in HELDOUT_SEEDS else "other"


def make_scenario(family: str, seed: int) -> dict[str, Any]:
    if family not in FAMILIES:
        raise ValueError(f"unknown family {family!r}; allowed: {', '.join(FAMILIES)}")
    rng = random.Random(f"mock:{family}:{seed}")
    member = rng.choice(MEMBERS)
    shelf = [b for b in BOOKS if b.copies > 0]
    books = rng.sample(shelf, rng.randint(1, 2) + 3)  # one or two loans, then three wanted books
    n_loans = len(books) - 3
    loans, wanted = books[:n_loans], books[n_loans:]
    scenario: dict[str, Any] = {
        "family": family, "seed": seed, "split": split_of(seed),
        "member_id": member.member_id, "first_name": member.first_name, "last_name": member.last_name,
        "loans": [b.book_id for b in loans], "book_id": wanted[0].book_id, "title": wanted[0].title,
        "wanted": [b.book_id for b in wanted],
        "titles_text": ", ".join(b.title for b in wanted[:-1]) + f" and {wanted[-1].title}",
    }
    if family == "return_book":
        scenario.update(return_id=loans[0].book_id, return_title=loans[0].title)
    return scenario


def describe(scenario: dict[str, Any]) -> str:
    """What the member knows and wants, in words (public: the auditor reads it)."""
    s = scenario
    titles = {b.book_id: b.title for b in BOOKS}
    has = ", ".join(titles.get(b, b) for b in s.get("loans", [])) or "no books"
    who = f"You are {s.get('first_name')} {s.get('last_name')}, library member {s.get('member_id')}. You have {has} on loan."
    goal = {"borrow_one": f"You want to borrow {s.get('title')}.",
            "borrow_several": f"You want to borrow {s.get('titles_text')}.",
            "return_book": f"You want to return {s.get('return_title')} and borrow {s.get('title')}."}
    return f"{who} {goal.get(s.get('family'), s.get('goal', ''))}".strip()
