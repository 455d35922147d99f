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
- each identifier has a *kind* read from its shape alone (``KINDS``: an email, a ``#`` reference,
  an ISO date, an amount, a plain number such as a zip code, any other code, a name, a single
  capitalised word, an abbreviation), and the identifiers
  of the scenario, then those the agent introduces turn by turn, are numbered within their kind in
  order of first appearance: ``<mail1>``, ``<num1>``, ``<ref1>``, ``<ref2>``, ... (at most
  ``PER_KIND`` of a kind). Typed slots make the choice easy for a tiny model: "my email is" is
  followed by ``<mail1>`` in nearly every scenario, whatever else the scenario holds;
- in the prompt, the context and agent turns show ``<kindN>value`` (the model sees both the slot
  and what it holds); the customer's own turns, and the training target, show the bare slot
  token (what the model writes);
- after sampling, ``fill`` puts the values back, read from the prompt itself (``prompt_values``),
  so the generation API keeps taking prompts only.

An identifier the customer writes that is in neither the scenario nor an agent turn (a made-up
card number, a spouse's order id) stays literal text. The slot tokens are special tokens of the
tiny tokenizer (one token each); a tokenizer without them gets the unslotted format.
"""

from __future__ import annotations

import re
from typing import Iterable

VERSION = "slots-v2"  # part of the tiny auditor's build key: a change to how slots are read or written rebuilds it
KINDS = ("mail", "ref", "date", "amt", "num", "code", "name", "word", "abbr")
PER_KIND = 8
# slots one sampled message may hold: in 100 corpus episodes per environment (seed 0), with places and
# other proper nouns slotted (slots-v2), 4 or fewer in 1,286 of 1,288 customer messages (SkyAssist
# 728 of 729, retail 558 of 559; 3 or fewer in 1,266)
MAX_SLOTS_PER_MESSAGE = 4
SLOT_TOKENS = tuple(f"<{k}{i}>" for k in KINDS for i in range(1, PER_KIND + 1))
SLOT = re.compile(r"<(?:" + "|".join(KINDS) + r")(\d+)>")
_LEAD, _TRAIL = "([{\"'", ".,;:!?)]}\"'"
_WORD = re.compile(r"\S+")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}$")
_AMOUNT = re.compile(r"[$€£]|\d+\.\d\d$")
# English words that start a sentence or a greeting, not a name
_NOT_NAME = frozenset("""The A An This That These Those My Your Our Their His Her Its Hi Hello Hey Dear Thanks Thank
Yes No Ok Okay Sure Sorry Please And But Or So If When Then Also Great Good Perfect Fine Well Oh
For From To On In At With Via By Of Is Are Was Will Can Could Would Should Do Does Did What Which Who How Why
Where Not Just Only Any All Some""".split())
_NAME = re.compile(r"(?<![\w@#./-])[A-Z][a-z]+(?: [A-Z][a-z]+){1,2}(?![\w@#/]|[.\-]\w)")
# one capitalised word or an abbreviation, not glued to an apostrophe ("Let's") or a hyphen ("T-Shirt")
_PROPER = re.compile(r"(?<![\w@#./'’-])(?:[A-Z][a-z]+|[A-Z]{3,5})(?![\w@#/'’-]|[.\-]\w)")
_SENTENCE_END = ".!?:\n"


def _strip(token: str) -> str:
    return token.lstrip(_LEAD).rstrip(_TRAIL)


def is_identifier(token: str) -> bool:
    """``@`` or ``#`` in it, or four characters or more with a digit."""
    return bool(token) and ("@" in token or "#" in token or (len(token) >= 4 and any(c.isdigit() for c in token)))


def kind(value: str) -> str:
    """The slot kind of an identifier, from its shape alone."""
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
        return "word"
    return "code"


def identifiers(text: str) -> list[str]:
    """The distinct identifiers of ``text`` in order of first appearance (slot tokens ignored):
    single tokens (``is_identifier``) and names, two or three capitalised words in a row."""
    text = SLOT.sub(" ", text)
    found = [(m.start(), _strip(m.group())) for m in _WORD.finditer(text)]
    found = [(at, tok) for at, tok in found if is_identifier(tok)]
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
        if word in _NOT_NAME or any(a <= at < b for a, b in in_name):
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
    # whole token only: not inside a longer identifier ("2027" in "2027-02-12"), but a sentence's
    # full stop or comma may follow
    return re.compile(r"(?<![\w@#./-])" + re.escape(value) + r"(?![\w@#/]|[.\-][\w])")


def replace(text: str, slots: dict[str, str], with_value: bool) -> str:
    """``text`` with each value of ``slots`` (token -> value) replaced by its slot token, followed
    by the value itself when ``with_value``. Longer values are replaced first."""
    text = SLOT.sub(" ", text)
    marks: dict[str, str] = {}
    for j, (token, value) in enumerate(sorted(slots.items(), key=lambda tv: -len(tv[1]))):
        if not value:
            continue
        key = f"\x00{j}\x00"  # a placeholder no value can match, so a shorter value never hits a slot token
        marks[key] = token + (value if with_value else "")
        text = _pattern(value).sub(key, text)
    for key, mark in marks.items():
        text = text.replace(key, mark)
    return text


def prompt_values(prompt: str) -> dict[str, str]:
    """Slot token -> value for the slots a slotted prompt shows (``<kindN>value``), first one wins."""
    found: dict[str, str] = {}
    for m in re.finditer(SLOT.pattern + r"(\S+)", prompt):
        token = m.group(0)[:m.start(2) - m.start()]
        if token.startswith("<name"):  # a name runs over two or three words
            run = _NAME.match(prompt, m.start(2))
            value = run.group() if run else ""
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


__all__ = ["VERSION", "KINDS", "PER_KIND", "MAX_SLOTS_PER_MESSAGE", "SLOT_TOKENS", "is_identifier", "kind", "identifiers", "slot_map", "replace",
           "prompt_values", "fill"]
