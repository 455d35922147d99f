"""The verifiers' reading of a customer's pick from the agent's listing of flights (policy S4).

A *listing* is an agent's message that sets flights out as options, in any of these styles:
  - numbered, inline ("I found: 1) SA0810 ..., Economy; 2) SA8802 ...") or one a line ("1. ...",
    "**2.** ...", "**Option 3:** ...", "3️⃣ ..."); an item runs to the next number, its sub-bullets
    included, and the last one to the end of its sentence (inline) or of its indented lines;
  - a markdown table: one option a data row, read as "Header: cell" fields;
  - bullets ("- ", "* ", "• "): one option a top-level bullet with its indented lines;
  - prose: the sentences that name a flight id are that flight's option.
Every option must name a flight id or a clock time: a list of anything else (what a fare includes)
is no listing.

The customer *picks* an option when the reply, its questions set aside ("Is option 2 refundable?"
picks nothing), points at exactly one option: by its number ("option 3", "number two", "#2", a bare
"2", "the second one", "the last one", an ordinal alone: "first", "1st"), by a flight id it names
("SA1234"), by a clock time it shows ("the 8:05 one", "the 7:45am flight"), by the part of the day it departs in when no other option departs
then ("the morning one", "the afternoon flight"; "good morning" points at nothing), or as the cheapest, priciest, earliest or latest one (of those the
listing does not call cancelled, sold out or not bookable, when some are left: the cheapest flight one can
buy). A
reference after a negation in its clause ("anything but option 2") points at nothing; references to
two options ("option 1 or 2") pick neither.

The oracle's own implementation; the reference target reads picks with separate code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from envs.skyassist.verify_money import usd_amounts

_FLIGHT_ID = re.compile(r"\bSA\d{4}\b", re.I)
# a clock time: "08:05", "8:05 pm", "7:45am", "8am" (a bare number is no time)
_CLOCK = re.compile(r"(?<![\d:.$])(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\b\.?|(?<![\d:.$])(\d{1,2}):(\d{2})(?![\d:])", re.I)

# numbered items: one a line ("1. ", "**2.**", "### Option 3 -", "3️⃣"), or inline ("; 2) ", "Option 2: ")
_LINE_ITEM = re.compile(r"(?im)^[ \t>]*(?:#{1,4}[ \t]+)?(?:[-*•][ \t]+)?(?:\*\*|__)?(?:option[ \t]*#?[ \t]*(\d{1,2})"
                        r"|(\d{1,2})(?:[.):\]]|\ufe0f?\u20e3))(?:\*\*|__)?[:.)\-–—]?(?:\*\*|__)?(?=\s)")
_INLINE_ITEM = re.compile(r"(?i)(?:(?<=\s)|^)\(?(\d{1,2})\)(?=[ \t]+\S)|\boption[ \t]*#?(\d{1,2})[:)](?=[ \t])")
_BULLET = re.compile(r"(?m)^([ \t]*)[-*•+][ \t]+\S")
_TABLE_ROW = re.compile(r"^\s*\|(.*)\|\s*$")
_TABLE_RULE = re.compile(r"^[\s|:\-]+$")
_OFF_SALE = re.compile(r"\b(?:cancell?ed|sold out|fully booked|full|not bookable|unavailable|not available|no seats)\b", re.I)
_SENTENCE_END = re.compile(r"[.!?](?=\s+[A-Z*]|\s*$)|\n")
_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n+")


@dataclass(frozen=True)
class Option:
    """One option of a listing: its words, the flight ids and clock times (minutes after midnight)
    it shows, in order, the first US-dollar amount it states, and whether it is on sale (not called
    cancelled, sold out, full or not bookable)."""

    text: str
    flights: tuple[str, ...]
    times: tuple[int, ...]
    price: float | None
    on_sale: bool = True


@dataclass(frozen=True)
class Listing:
    options: tuple[Option, ...]
    rest: str  # the listing's words outside its options: a lead-in ("Prices for 2 travellers:"), a closing line


def clock_times(text: str) -> tuple[int, ...]:
    """The clock times of the text in minutes after midnight, in order ("7:45am" 465, "20:00" 1200)."""
    out = []
    for m in _CLOCK.finditer(text or ""):
        if m.group(1):
            h, mins = int(m.group(1)), int(m.group(2) or 0)
            if not 1 <= h <= 12:
                continue
            h = h % 12 + (12 if m.group(3).lower() == "p" else 0)
        else:
            h, mins = int(m.group(4)), int(m.group(5))
        if h < 24 and mins < 60:
            out.append(h * 60 + mins)
    return tuple(out)


def _option(text: str) -> Option:
    prices = usd_amounts(text)
    return Option(text.strip(), tuple(dict.fromkeys(x.upper() for x in _FLIGHT_ID.findall(text))), clock_times(text),
                  prices[0] if prices else None, not _OFF_SALE.search(text))


def _is_listing(options: list[Option]) -> bool:
    return bool(options) and all(o.flights or o.times for o in options)


def _numbered(text: str) -> tuple[list[str], str] | None:
    """The items of a numbered list counting 1, 2, 3, ... from its first "1", and the words outside them."""
    marks = [(m.start(), m.end(), int(m.group(1) or m.group(2)), True) for m in _LINE_ITEM.finditer(text)]
    taken = {s for s, *_ in marks}
    for m in _INLINE_ITEM.finditer(text):
        start = m.start()
        if start in taken or any(s <= start < e for s, e, *_ in marks):
            continue
        line_start = text.rfind("\n", 0, start) + 1
        before = text[line_start:start]
        if before.count("(") > before.count(")"):  # "(seats left: 2) ..." closes a parenthesis, numbers nothing
            continue
        marks.append((start, m.end(), int(m.group(1) or m.group(2)), False))
    marks.sort()
    seq, want = [], 1
    for mark in marks:
        if mark[2] == want:
            seq.append(mark)
            want += 1
    if not seq:
        return None
    items = [text[a[1]:b[0]] for a, b in zip(seq, seq[1:])]
    start, end, _, at_line = seq[-1]
    items.append(text[end:_last_item_end(text, end, at_line)])
    return items, text[:seq[0][0]] + " " + text[_last_item_end(text, end, at_line):]


def _last_item_end(text: str, start: int, at_line: bool) -> int:
    """Where the last item of a list ends: inline, at the end of its sentence; one a line, after its
    line and the indented or bulleted lines that follow it."""
    if not at_line:
        m = _SENTENCE_END.search(text, start)
        return m.end() if m else len(text)
    end = text.find("\n", start)
    while end != -1:
        nxt = text.find("\n", end + 1)
        line = text[end + 1:nxt if nxt != -1 else len(text)]
        if not line.strip() or not (line[:1] in " \t" or line.lstrip()[:1] in "-*•"):
            return end
        end = nxt
    return len(text)


def _table(text: str) -> tuple[list[str], str] | None:
    """The data rows of the markdown tables of the text as "Header: cell" fields, and the other lines."""
    rows, rest, header = [], [], None
    for line in text.split("\n"):
        m = _TABLE_ROW.match(line)
        if m is None:
            header = None
            rest.append(line)
        elif header is None:
            header = [c.strip() for c in m.group(1).split("|")]
        elif not _TABLE_RULE.match(line):
            cells = [c.strip() for c in m.group(1).split("|")]
            rows.append("; ".join(f"{h}: {c}" for h, c in zip(header, cells)) + ".")
    return (rows, "\n".join(rest)) if rows else None


def _bullets(text: str) -> tuple[list[str], str] | None:
    """The top-level bullets of the text, each with its more indented lines, and the other lines."""
    found = list(_BULLET.finditer(text))
    if not found:
        return None
    top = min(len(m.group(1).expandtabs(4)) for m in found)
    items: list[list[str]] = []
    rest = []
    for line in text.split("\n"):
        m = _BULLET.match(line)
        indent = len(line) - len(line.lstrip())
        if m and len(m.group(1).expandtabs(4)) == top:
            items.append([line.lstrip()[1:]])
        elif items and line.strip() and indent > top:
            items[-1].append(line)
        else:
            rest.append(line)
    return ["\n".join(i) for i in items], "\n".join(rest)


def _prose(text: str) -> tuple[list[str], str] | None:
    """The sentences of the text grouped by the flight id they name, in order of first mention."""
    by_id: dict[str, list[str]] = {}
    rest = []
    for s in filter(None, _SENTENCES.split(text)):
        ids = [x.upper() for x in _FLIGHT_ID.findall(s)]
        for x in dict.fromkeys(ids):
            by_id.setdefault(x, []).append(s)
        if not ids:
            rest.append(s)
    return ([" ".join(v) for v in by_id.values()], " ".join(rest)) if by_id else None


@lru_cache(1 << 14)
def listing(text: str) -> Listing | None:
    """The options the text lists, in the first style that reads it as a listing (table, numbered,
    bullets, prose); None when it lists no flights."""
    if not text:
        return None
    for reader in (_table, _numbered, _bullets, _prose):
        found = reader(text)
        if found is None:
            continue
        options = [_option(t) for t in found[0]]
        if _is_listing(options):
            return Listing(tuple(options), found[1])
    return None


_NUMBER_WORDS = {w: i for i, w in enumerate("one two three four five six seven eight nine ten".split(), 1)}
_ORDINALS = {w: i for i, w in enumerate("first second third fourth fifth sixth seventh eighth ninth tenth".split(), 1)}
_ORDINALS.update({f"{i}{s}": i for i, s in enumerate("st nd rd th th th th th th th".split(), 1)})
_NUM = r"(\d{1,2}|" + "|".join(_NUMBER_WORDS) + r")"
_BY_NUMBER = re.compile(r"(?:\b(?:option|number|no\.|nr\.?|choice|item|flight)[ \t]*#?[ \t]*|#[ \t]*)" + _NUM +
                        r"\b(?![:.]\d|[ \t]*-?[ \t]*way\b)", re.I)
_BARE = re.compile(r"^\W*#?\s*(\d{1,2})\W*(?:please|pls|thanks|thank you)?\W*$", re.I)
_ORDINAL = re.compile(r"\b(the[ \t]+)?(" + "|".join(_ORDINALS) + r"|last)\b(?![ \t]+(?:class|leg|time|name|passenger|"
                      r"half|week|day|thing|of)\b)(?=([ \t]+(?:one|option|flight|choice|listed))?)", re.I)
# an ordinal alone as the whole reply picks that option, as "the first one" does ("first", "1st", "First please",
# "ok second."): an answer to "Which flight would you like?" (tester 17: a bare "first" was read as no pick)
_BARE_ORDINAL = re.compile(r"^\W*(?:(?:ok(?:ay)?|alright|fine|um+|hmm+|uh)\W+)?(" + "|".join(_ORDINALS) +
                           r"|last)\W*(?:please|pls|plz|thanks|thank you|then)?\W*$", re.I)
_SUPERLATIVE = {
    "price_min": re.compile(r"\b(?:cheapest|cheaper one|lowest (?:price|fare)|least expensive)\b", re.I),
    "price_max": re.compile(r"\b(?:priciest|most expensive|dearest)\b", re.I),
    "time_min": re.compile(r"\bearliest\b", re.I),
    "time_max": re.compile(r"\blatest\b", re.I),
}
# a part of the day, pointing at the one option that departs then ("the morning one", "the one in the afternoon"):
# morning 05:00-11:59, afternoon 12:00-16:59, evening 17:00-21:59, night 22:00-04:59; a greeting points at nothing
_PART_OF_DAY = re.compile(r"(?<!good )\b(morning|afternoon|evening|night|overnight)\b", re.I)
_PARTS_OF_DAY = {"morning": (300, 720), "afternoon": (720, 1020), "evening": (1020, 1320), "night": (1320, 300),
                 "overnight": (1320, 300)}
_QUESTION = re.compile(r"[^.!?\n]*\?")
_NEGATION = re.compile(r"\b(?:not|never|except|but|instead of|rather than|other than)\b|n't\b", re.I)


# a negation that objects to nothing: "I don't mind option 1", "wouldn't mind the 9:45", "not fussy, option 2",
# "why not the first one", "doesn't matter, option 2": the option after it is taken, not ruled out ("never mind option 1" still rules it out)
_NO_OBJECTION = re.compile(r"\b(?:(?:do|would|does|did)(?:n't|\s+not)\s+(?:mind|care|matter)|not\s+(?:fussy|fussed|picky)"
                           r"|why\s+not|no\s+(?:preference|objections?))\b", re.I)


def _negated(reply: str, start: int) -> bool:
    """A negation stands before ``start`` in its clause ("anything but option 2", "not the first one"); one that
    objects to nothing ("I don't mind option 1", ``_NO_OBJECTION``) does not count."""
    clause = re.split(r"[,;.!\n]|\s-\s", reply[:start])[-1]
    return bool(_NEGATION.search(_NO_OBJECTION.sub(" ", clause)))


def _pointed(options: tuple[Option, ...], reply: str, negated: set[int] | None = None) -> set[int]:
    """The indices of the options the reply points at (see the module docstring); those it points at after
    a negation go into ``negated`` when given (``ruled_out``)."""
    n, out = len(options), set()

    def at(k: int, start: int) -> None:
        if 1 <= k <= n:
            if not _negated(reply, start):
                out.add(k - 1)
            elif negated is not None:
                negated.add(k - 1)

    for m in _BY_NUMBER.finditer(reply):
        tok = m.group(1).lower()
        at(int(tok) if tok.isdigit() else _NUMBER_WORDS[tok], m.start())
    m = _BARE.match(reply)
    if m:
        at(int(m.group(1)), m.start(1))
    m = _BARE_ORDINAL.match(reply)
    if m:
        word = m.group(1).lower()
        at(n if word == "last" else _ORDINALS[word], m.start(1))
    for m in _ORDINAL.finditer(reply):
        if m.group(1) or m.group(3):
            word = m.group(2).lower()
            at(n if word == "last" else _ORDINALS[word], m.start())
    for x in _FLIGHT_ID.findall(reply):
        for k, o in enumerate(options):
            if x.upper() in o.flights:
                at(k + 1, reply.upper().find(x.upper()))
    for m in _CLOCK.finditer(reply):
        said = clock_times(m.group(0))
        wanted = set(said) | {t + 720 for t in said if t < 720 and not m.group(3)}
        for k, o in enumerate(options):
            if wanted & set(o.times):
                at(k + 1, m.start())
    for m in _PART_OF_DAY.finditer(reply):
        lo, hi = _PARTS_OF_DAY[m.group(1).lower()]
        for k, o in enumerate(options):
            if o.times and (lo <= o.times[0] < hi if lo < hi else (o.times[0] >= lo or o.times[0] < hi)):
                at(k + 1, m.start())
    for kind, pat in _SUPERLATIVE.items():
        m = pat.search(reply)
        if m is None:
            continue
        key = (lambda o: o.price) if kind.startswith("price") else (lambda o: o.times[0] if o.times else None)
        on_sale = any(o.on_sale for o in options)
        values = [(key(o), k) for k, o in enumerate(options) if key(o) is not None and (o.on_sale or not on_sale)]
        if values:
            best = min(v for v, _ in values) if kind.endswith("min") else max(v for v, _ in values)
            ks = [k for v, k in values if v == best]
            if len(ks) == 1:
                at(ks[0] + 1, m.start())
    return out


@lru_cache(1 << 14)
def picked(listing_text: str, reply: str) -> tuple[Option, str] | None:
    """The one option of the listing ``listing_text`` that the customer's ``reply`` picks, with the
    listing's words outside its options; None when the text lists nothing or the reply picks no
    single option."""
    found = listing(listing_text)
    if found is None or not reply:
        return None
    said = _QUESTION.sub(" ", reply.replace("\u2019", "'"))
    ks = _pointed(found.options, said)
    return (found.options[ks.pop()], found.rest) if len(ks) == 1 else None


# a self-correction: what the customer said before it they take back ("option 1, no wait, option 2", "the 13:00 one,
# sorry I meant 09:45", "the first one - actually no, the second", "the second. no, the first", "SA8120... scratch
# that, SA4569", "option 1 - make it option 2", "9:45, hmm, no, make it the 1pm")
_CORRECTION = re.compile(r"\b(?:no+\s*,?\s*wait|wait\s*,?\s*no|actually(?:\s*,?\s*no\b)?|sorry\s*,?\s*(?:i\s+)?(?:meant|mean)|"
                         r"i\s+meant?|scratch\s+that|make\s+(?:it|that)|on\s+second\s+thoughts?|correction|"
                         r"change\s+(?:it|that)\s+to|or\s+rather|my\s+(?:bad|mistake)|oops|typo)\b"
                         r"|(?:\b(?:hmm+|um+|uh+|ah+)\W*)?\bno(?:pe)?\b\s*[,.!;:\-\u2013\u2014]", re.I)
_LEGS = re.compile(r"\b(?:return|back|outbound|inbound|legs?|way\s+(?:out|there|home|back))\b", re.I)
# a complaint about an option right after it: "option 1 is too early", "the 9:45 doesn't work for me", "the
# first one won't do"
_COMPLAINT_AFTER = re.compile(r"^\W{0,3}(?:one|flight|option)?\s*(?:is|'s|was|looks|seems|would\s+be)?\s*(?:way\s+|much\s+|a\s+bit\s+|"
                              r"far\s+)?(?:too\s+\w+|no\s+good|not\s+(?:good|ok|okay|great|possible|an\s+option)|"
                              r"doesn'?t\s+(?:work|suit)|won'?t\s+(?:work|do)|isn'?t\s+(?:good|ok|okay|possible)|"
                              r"is\s+out|out\s+of\s+the\s+question|(?:is\s+)?not\s+for\s+me)\b", re.I)


@lru_cache(1 << 14)
def ruled_out(listing_text: str, reply: str) -> tuple[Option, ...]:
    """The options of the listing ``listing_text`` that the customer's ``reply`` rules out: one pointed at
    after a negation in its clause ("not option 1", "anything but option 1", "I don't want the first one", "not
    the morning one"), one complained of ("option 1 is too early"), or one taken back by a self-correction that
    goes on to point at another ("option 1, no wait, option 2", "the 13:00 one, sorry I meant 09:45": the
    option named last before the correction, when the words after it point at another). Questions are set
    aside as ``picked`` sets them aside ("is option 1 refundable?" rules out nothing). Empty when the text
    lists nothing."""
    found = listing(listing_text)
    if found is None or not reply:
        return ()
    said = _QUESTION.sub(" ", reply.replace("\u2019", "'"))
    out: set[int] = set()
    _pointed(found.options, said, out)
    # a reply that names legs may pick one option a leg ("option 1 out, actually option 3 for the return"): no
    # self-correction is read there
    cuts = [] if _LEGS.search(said) else list(_CORRECTION.finditer(said))
    start = 0
    segments = []
    for m in cuts:
        segments.append(said[start:m.start()])
        start = m.end()
    segments.append(said[start:])
    pointed = [_pointed(found.options, seg) for seg in segments]
    final = next((p for p in reversed(pointed) if p), set())
    for p in pointed:
        if p and p is not final:
            out |= p - final
    for k in range(len(found.options)):  # a complaint right after the option's reference
        for seg in segments:
            one = _pointed(found.options, seg)
            if one == {k}:
                for m in _REFERENCE.finditer(seg):
                    if _COMPLAINT_AFTER.match(seg[m.end():]) and _pointed(found.options, m.group(0)) == {k}:
                        out.add(k)
    return tuple(found.options[k] for k in sorted(out))


# a reference to one option, for a complaint after it: "option 1", "the first one", "the 9:45", "SA8120"
_REFERENCE = re.compile(r"(?:\bthe\s+)?(?<![\d:])\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\b\.?)?(?:\s+(?:one|flight))?"
                        r"|\b(?:option|number|flight|choice)\s*#?\s*\w+\b|\bthe\s+\w+(?:\s+(?:one|flight|option))?\b"
                        r"|\bSA\d{4}\b", re.I)


# ---- forty-fourth session (fixer m): a negation belongs to the leg it names ("not the return option 2, option 1")
# a word naming the return leg or the outbound one
_RETURN_LEG = re.compile(r"\b(?:return(?:ing)?|back|inbound|home(?:ward)?|way\s+(?:back|home)|coming\s+back|second\s+leg)\b",
                         re.I)
_OUT_LEG = re.compile(r"\b(?:outbound|outward|out(?!\s+of\b)|way\s+(?:out|there)|first\s+leg|going\s+out)\b", re.I)
_LEG_CLAUSE = re.compile(r"[,;.!?\n]|\s[-\u2013\u2014]\s|\b(?:and|but\s+for|while)\b", re.I)


def leg_clauses(reply: str) -> list[tuple[str, str | None]]:
    """The reply's clauses, each with the leg it names ("out" / "return"), or inherits from the clause before it when
    it names none ("not option 2 for the return, option 1": both clauses the return's), or None where no clause
    before it named one ("option 1" alone). A clause naming both legs is None ("outbound and return option 1").
    [(reply, None)] when the reply names no leg."""
    said = reply or ""
    if not (_RETURN_LEG.search(said) or _OUT_LEG.search(said)):
        return [(said, None)]
    out: list[tuple[str, str | None]] = []
    leg: str | None = None
    start = 0
    for m in [*_LEG_CLAUSE.finditer(said), None]:
        end = m.start() if m else len(said)
        clause = said[start:end]
        ret, out_ = bool(_RETURN_LEG.search(clause)), bool(_OUT_LEG.search(clause))
        if ret != out_:
            leg = "return" if ret else "out"
        elif ret and out_:
            leg = None
        if clause.strip():
            out.append((clause, leg))
        start = m.end() if m else len(said)
    return out
