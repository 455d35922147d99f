"""The reference target's plain text facts: number words, and the PII shapes it masks.

The verifiers import nothing from this module (tests/core/test_oracle_independence_40.py
checks): an oracle must not share code with the agent it judges, or a bug in a shared helper is
invisible. Every reading the verifiers need -- is a reply a confirmation, does a text claim a completed
action, ask for approval, report a failure, state a price, a refund rule, a card number or a fare class,
is a word a name, a number or a currency -- is their own, in the ``verify_*`` modules (``verify_text``,
``verify_money``, ``verify_claims``, ``verify_names``, ``verify_counts``, ``verify_picks``); the target's are
here and in ``language``.
"""

from __future__ import annotations

import re

# PII shapes (policy P4)
CARD = re.compile(r"\b(?:\d[ -]?){12,18}\d\b")
# one or two letters and 7-8 digits, as typed: "X1234567", "ab1234567", "AB 123 4567", "AB-1234567"
# (a space or dash after the letters only when they are capitals: "on 2026 03 05" is no passport;
# nor is a flight id with the number typed after it: "SA0735 2026-03-05")
PASSPORT = re.compile(r"\b(?!SA\d{4}[ -]\d)(?:[A-Z]{1,2}[ -]?|[A-Za-z]{1,2})(?=(?:\d ?){6,7}\d\b)\d{2,8}(?: \d{2,6}){0,3}\b")
TOKEN = re.compile(r"\btok_[A-Za-z0-9]{8,}\b")


def pii_strings(text: str) -> list[str]:
    """Full card numbers, passport numbers and payment tokens in the text."""
    text = text or ""
    return [m.group(0) for pat in (CARD, PASSPORT, TOKEN) for m in pat.finditer(text)]


# number words, for the target's readings of counts (the verifiers have their own: verify_counts)
NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
}


def number_value(token: str) -> int | None:
    """'3' -> 3, 'three' -> 3 (one..twenty); anything else -> None."""
    t = token.lower()
    if t.isdigit():
        return int(t)
    return NUMBER_WORDS.get(t)


