"""Copy slots: how the tiny auditor types identifiers it was given instead of spelling them.

A customer types their email, zip code, order id or the flight number the agent just offered
character for character. A few-million-parameter model that must reproduce such strings one BPE
piece at a time garbles them ("sofia.thomas30@exam69ple.com", "3 12 3"): the message is then
implausible and, worse, names somebody else. Task-oriented dialogue systems have long solved this
by delexicalisation (values replaced by placeholders that are filled back in after decoding);
pointer networks do it inside the model. This module is the delexicalisation for the tiny model's
plain format, with no knowledge of any environment:

- an *identifier* is a whitespace-delimited token (surrounding punctuation stripped) that holds
  an ``@`` or ``#``, or is at least four characters long with a digit in it (emails, zip codes,
  ids, booking codes, ISO dates, prices); short numbers ("2 passengers", "option 1") stay words;
- so is a *name*: two or three capitalised words in a row ("Amelia Patel", "New York", "Google
  Home"), which a tiny model otherwise replaces by another customer's name;
- and a *proper noun*: a single capitalised word inside a sentence ("from Dubai (DXB) to Seattle",
  "on Sunday 24 May"; not the first word of a sentence, not a greeting or article) or an
  all-capital abbreviation of three to five letters. Without it the tiny model wrote a city of
  its own in 105 of the 125 places the untrained auditor named in the demo's held-out episodes
  (neither in its scenario nor said by the agent), and the agent searched the wrong route;
- a *spelled date* ("Feb 12", "the 12th of February", "Friday 12 February 2027") is the same
  date as an ISO date the prompt holds when month and day (and the year, if it says one) agree:
  it takes that date's slot, and a spelled date with a year is a date identifier of its own.
  Month and weekday names alone are words, never slots. Before this, a tiny model that had to
  spell the day number after a copied month wrote another day in 60% of the first searches of
  its training episodes (the agent then found no flights in a third of them), and a weekday
  slot let it write "from Atlanta to Monday";
- a number typed in three or four groups of four digits (a card number) is one identifier;
- each identifier has a *kind* read from its shape alone (``KINDS``: an email, a ``#`` reference,
  an ISO date, an amount, a plain number such as a zip code, any other code, a name of one to three
  capitalised words, an abbreviation), and the identifiers
  of the scenario, then those the agent introduces turn by turn, are numbered within their kind in
  order of first appearance: ``<mail1>``, ``<num1>``, ``<ref1>``, ``<ref2>``, ... (at most
  ``PER_KIND`` of a kind). Typed slots make the choice easy for a tiny model: "my email is" is
  followed by ``<mail1>`` in nearly every scenario, whatever else the scenario holds. A proper
  noun of one word and a name of several are one kind, so that a place's number does not depend on
  how many words its neighbours have: with two kinds (``slots-v4``), "You are Priya Murphy. You want
  to fly from New York (JFK) to Kinshasa (FIH)" made Kinshasa the first single-word slot, which in
  most scenarios ("from Chicago to Lilongwe") is the origin, and the tiny auditor asked for "a
  flight from Kinshasa to FIH" in half the held-out episodes whose origin has two words and whose
  destination one (5% where both have one);
- in the prompt, the context and agent turns show ``<kindN>value`` (the model sees both the slot
  and what it holds); the customer's own turns, and the training target, show the bare slot
  token (what the model writes);
- after sampling, ``fill`` puts the values back, read from the prompt itself (``prompt_values``),
  so the generation API keeps taking prompts only.

``fill`` writes a date slot as its ISO value (the unambiguous form every parser reads), so a
slotted message does not round-trip a spelled date letter for letter, only to the same date.

An identifier the customer writes that is in neither the scenario nor an agent turn (a made-up
card number, a spouse's order id) stays literal text. The slot tokens are special tokens of the
tiny tokenizer (one token each); a tokenizer without them gets the unslotted format.
"""

from __future__ import annotations

import re
from typing import Iterable

VERSION = "slots-v5"  # part of the tiny auditor's build key: a change to how slots are read or written rebuilds it
KINDS = ("mail", "ref", "date", "amt", "num", "code", "name", "abbr")
# names and places in one text of the build corpus: at most 7 (slots-v5, 2,139 texts)
PER_KIND = 10
# slots one sampled message may hold: in 100 corpus episodes per environment (seed 0), with places and
# other proper nouns slotted (slots-v2), 4 or fewer in 1,286 of 1,288 customer messages (SkyAssist
# 728 of 729, retail 558 of 559; 3 or fewer in 1,266). With spelled dates, grouped card numbers and
# the scenario's short numbers (slots-v3), in the whole build corpus (200 episodes per environment
# and their openings): 4 or fewer in 4,926 of 4,964 customer messages, 5 or fewer in 4,953 (every
# SkyAssist message, whose payment requests with a card in four plain numbers took 7 before; the
# others are retail messages giving a whole street address: number, street, city, zip, order)
MAX_SLOTS_PER_MESSAGE = 5
SLOT_TOKENS = tuple(f"<{k}{i}>" for k in KINDS for i in range(1, PER_KIND + 1))
SLOT = re.compile(r"<(?:" + "|".join(KINDS) + r")(\d+)>")
_LEAD, _TRAIL = "([{\"'", ".,;:!?)]}\"'"
_WORD = re.compile(r"\S+")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}$")
_AMOUNT = re.compile(r"[$€£]|\d+\.\d\d$")
# English words that start a sentence or a greeting, not a name; and the personal pronouns, which a
# source text may capitalise mid-sentence ("(You know it's a long shot"): a "You" slot let the
# tiny auditor write "I'd like to change an item from order You"
_NOT_NAME = frozenset("""The A An This That These Those My Your Our Their His Her Its Hi Hello Hey Dear Thanks Thank
Yes No Ok Okay Sure Sorry Please And But Or So If When Then Also Great Good Perfect Fine Well Oh
For From To On In At With Via By Of Is Are Was Will Can Could Would Should Do Does Did What Which Who How Why
Where Not Just Only Any All Some
I You We They He She It Me Us Them Him""".split())
_NAME = re.compile(r"(?<![\w@#./-])[A-Z][a-z]+(?: [A-Z][a-z]+){1,2}(?![\w@#/]|[.\-]\w)")
# one capitalised word or an abbreviation, not glued to an apostrophe ("Let's") or a hyphen ("T-Shirt")
_PROPER = re.compile(r"(?<![\w@#./'’-])(?:[A-Z][a-z]+|[A-Z]{3,5})(?![\w@#/'’-]|[.\-]\w)")
_SENTENCE_END = ".!?:\n"
# a card number typed in groups ("4111 1111 1111 1111", "4111-1111-1111-1111") is one identifier:
# as four plain numbers it took four of a message's MAX_SLOTS_PER_MESSAGE slots, and a payment request
# (route, date, card) could never be written whole
_GROUPED = re.compile(r"(?<![\w-])\d{4}(?:[ -]\d{4}){2,3}(?![\w-])")
_SHORT_NUMBER = re.compile(r"[1-9]\d{1,2}")
_MONTH_NAMES = ["january jan", "february feb", "march mar", "april apr", "may", "june jun", "july jul",
                "august aug", "september sep sept", "october oct", "november nov", "december dec"]
_MONTHS = {m: k + 1 for k, names in enumerate(_MONTH_NAMES) for m in names.split()}
_FULL_MONTHS = frozenset(names.split()[0] for names in _MONTH_NAMES)  # not an abbreviation, which may end in "."
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# month and weekday names are words of the language, not names: never a slot of their own
_CALENDAR = frozenset(w.capitalize() for w in (*_MONTHS, *_WEEKDAYS))
_MONTH_RE = "|".join(sorted(_MONTHS, key=len, reverse=True))
_DAY_RE = r"(\d{1,2})(?:st|nd|rd|th)?"
# an optional weekday, then day-month ("12 February", "the 12th of Feb.") or month-day ("February
# 12th", "Feb 12"), then an optional year ("2027", ", 2027")
_SPELLED_DATE = re.compile(
    r"(?<![\w-])(?:(?:" + "|".join(_WEEKDAYS) + r"),?\s+)?(?:the\s+)?"
    r"(?:" + _DAY_RE + r"\s+(?:of\s+)?(" + _MONTH_RE + r")\b\.?"
    r"|(" + _MONTH_RE + r")\b\.?\s+(?:the\s+)?" + _DAY_RE + r"\b)"
    r"(?:,?\s+(\d{4})\b)?", re.I)


def _strip(token: str) -> str:
    return token.lstrip(_LEAD).rstrip(_TRAIL)


def spelled_dates(text: str) -> list[tuple[int, int, int, int, int | None]]:
    """``(start, end, month, day, year or None)`` of each spelled date in ``text`` (not ISO dates)."""
    out = []
    for m in _SPELLED_DATE.finditer(text):
        day, month = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        if month.lower() == "may" and m.group(3) and m.group(3)[0].islower() and not m.group(5):
            continue  # "you may 2 ..." is a verb; "may 2nd, 2027" or "May 2" is a date
        end = m.end()
        if text[end - 1] == "." and month.lower() in _FULL_MONTHS:
            end -= 1  # "the 12th of February." ends a sentence; "12 Feb." is short for it
        if 1 <= int(day) <= 31:
            out.append((m.start(), end, _MONTHS[month.lower()], int(day), int(m.group(5)) if m.group(5) else None))
    return out


def _blank(text: str, start: int, end: int) -> str:
    """``text`` with ``[start, end)`` turned to spaces (positions kept)."""
    return text[:start] + " " * (end - start) + text[end:]


def _placeholder(n: int) -> str:
    """The ``n``-th placeholder of ``replace``: no value can match it (it holds no letter or digit),
    so a shorter value never hits a slot token already placed."""
    return f"\x00{chr(0xE000 + n)}\x00"


def is_identifier(token: str) -> bool:
    """``@`` or ``#`` in it, or four characters or more with a digit."""
    return bool(token) and ("@" in token or "#" in token or (len(token) >= 4 and any(c.isdigit() for c in token)))


def kind(value: str) -> str:
    """The slot kind of an identifier, from its shape alone."""
    if _GROUPED.fullmatch(value):
        return "num"
    if " " in value:
        return "name"
    if "@" in value:
        return "mail"
    if value.startswith("#"):
        return "ref"
    if _DATE.match(value):
        return "date"
    if _AMOUNT.match(value):
        return "amt"
    if value.isdigit():
        return "num"
    if value.isalpha() and value.isupper():
        return "abbr"
    if value.isalpha() and value[0].isupper() and value[1:].islower():
        return "name"  # a proper noun of one word: the kind of a name of several (module docstring)
    return "code"


def literal_identifiers(text: str) -> list[str]:
    """The identifier-shaped tokens (``is_identifier``) written out in ``text``, lower-cased, in
    order (slot tokens ignored): what a message types character by character."""
    return [w.lower() for w in (_strip(t) for t in SLOT.sub(" ", text).split()) if is_identifier(w)]


def identifiers(text: str, numbers: bool = False) -> list[str]:
    """The distinct identifiers of ``text`` in order of first appearance (slot tokens ignored):
    single tokens (``is_identifier``) and names, two or three capitalised words in a row.

    ``numbers``: also a number of two or three digits standing alone ("13 passengers", "at most 340
    dollars", "417 Maple Drive"), for the scenario's text: a number the customer was given is a fact
    to copy (the tiny model wrote "a group of 2" for a party of 13), while in a dialogue a short
    number is as often a choice ("option 2", "12 of them") and stays a word."""
    text = SLOT.sub(" ", text)
    whole = []  # (position, value) of identifiers read as a whole: dates with a year, grouped numbers
    for start, end, month, day, year in spelled_dates(text):
        if year is not None:
            whole.append((start, f"{year:04d}-{month:02d}-{day:02d}"))
        text = _blank(text, start, end)  # its words are no identifiers of their own
    for m in _GROUPED.finditer(text):
        whole.append((m.start(), m.group()))
        text = _blank(text, m.start(), m.end())
    found = [(m.start(), _strip(m.group())) for m in _WORD.finditer(text)] + whole
    found = [(at, tok) for at, tok in found if is_identifier(tok) or (numbers and _SHORT_NUMBER.fullmatch(tok))]
    in_name: list[tuple[int, int]] = []
    for m in _NAME.finditer(text):
        words = m.group().split()
        while words and words[0] in _NOT_NAME:  # "The Google Home", "Thanks Amelia", "For Seattle"
            words.pop(0)
        if len(words) >= 2:
            found.append((m.end() - len(" ".join(words)), " ".join(words)))
            in_name.append((found[-1][0], m.end()))
    for m in _PROPER.finditer(text):
        word, at = m.group(), m.start()
        if word in _NOT_NAME or word in _CALENDAR or any(a <= at < b for a, b in in_name):
            continue
        before = text[:at].rstrip()
        if word.isupper() or (before and before[-1] not in _SENTENCE_END):  # a sentence's first word is no noun
            found.append((at, word))
    out: list[str] = []
    for _, tok in sorted(found):
        if tok not in out:
            out.append(tok)
    return out


def slot_map(values: Iterable[str], into: dict[str, str] | None = None) -> dict[str, str]:
    """Slot token -> value for ``values`` in order (numbered within their kind), added to ``into``
    (values it already holds keep their slot); a kind's values past ``PER_KIND`` get none."""
    out = dict(into or {})
    held = set(out.values())
    for v in values:
        if not v or v in held:
            continue
        k = kind(v)
        n = sum(1 for t in out if t.startswith(f"<{k}") and SLOT.fullmatch(t)) + 1
        if n <= PER_KIND:
            out[f"<{k}{n}>"] = v
            held.add(v)
    return out


def _pattern(value: str) -> re.Pattern:
    # whole token only: not inside a longer identifier ("2027" in "2027-02-12", "13" in "13:50"),
    # but a sentence's full stop, comma or colon may follow
    return re.compile(r"(?<![\w@#./-])" + re.escape(value) + r"(?![\w@#/]|[.\-:][\w])")


def replace(text: str, slots: dict[str, str], with_value: bool) -> str:
    """``text`` with each value of ``slots`` (token -> value) replaced by its slot token, followed
    by the value itself when ``with_value``. Longer values are replaced first."""
    text = SLOT.sub(" ", text)
    marks: dict[str, str] = {}
    text = _replace_spelled_dates(text, slots, with_value, marks)
    for j, (token, value) in enumerate(sorted(slots.items(), key=lambda tv: -len(tv[1])), start=len(marks)):
        if not value:
            continue
        key = _placeholder(j)
        marks[key] = token + (value if with_value else "")
        text = _pattern(value).sub(key, text)
    for key, mark in marks.items():
        text = text.replace(key, mark)
    return text


def _replace_spelled_dates(text: str, slots: dict[str, str], with_value: bool, marks: dict[str, str]) -> str:
    """Each spelled date of ``text`` that names the date of a date slot (month and day agree, and
    the year when it says one) replaced by a placeholder for that slot, recorded in ``marks``."""
    dates = []
    for token, value in slots.items():
        if token.startswith("<date") and _DATE.match(value):
            y, m, d = (int(x) for x in value.split("-"))
            dates.append((token, value, y, m, d))
    if not dates:
        return text
    for start, end, month, day, year in reversed(spelled_dates(text)):
        hit = next((t for t in dates if (t[3], t[4]) == (month, day) and year in (None, t[2])), None)
        if hit is None:
            continue
        key = _placeholder(len(marks))
        marks[key] = hit[0] + (hit[1] if with_value else "")
        text = text[:start] + key + text[end:]
    return text


def prompt_values(prompt: str) -> dict[str, str]:
    """Slot token -> value for the slots a slotted prompt shows (``<kindN>value``), first one wins."""
    found: dict[str, str] = {}
    for m in re.finditer(SLOT.pattern + r"(\S+)", prompt):
        token = m.group(0)[:m.start(2) - m.start()]
        if token.startswith("<name"):  # a name runs over one to three words
            run = _NAME.match(prompt, m.start(2)) or _PROPER.match(prompt, m.start(2))
            value = run.group() if run else ""
        elif token.startswith("<num") and (grouped := _GROUPED.match(prompt, m.start(2))):  # a card number
            value = grouped.group()
        else:
            value = _strip(m.group(2))
        if value:
            found.setdefault(token, value)
    return found


def fill(message: str, slots: dict[str, str]) -> str:
    """Slot tokens of a generated message replaced by their values, each set apart by spaces from
    a letter or digit it was glued to; a slot the prompt does not hold is dropped. A value the
    model copied after its slot token is not doubled."""
    for token, v in slots.items():
        message = message.replace(token + v, token)
    message = re.sub(r"(?<=\w)(" + SLOT.pattern + ")", r" \1", message)
    message = re.sub("(" + SLOT.pattern + r")(?=\w)", r"\1 ", message)
    return " ".join(SLOT.sub(lambda m: slots.get(m.group(0), ""), message).split())


__all__ = ["VERSION", "KINDS", "PER_KIND", "MAX_SLOTS_PER_MESSAGE", "SLOT_TOKENS", "is_identifier", "kind", "identifiers",
           "literal_identifiers",
           "spelled_dates", "slot_map", "replace",
           "prompt_values", "fill"]
