"""The verifiers' readings of what a customer's words rule out, for writes that use it anyway (forty-third session,
tester skyA sections C, G and H; the ruled-out flight options of section B are verify_picks.ruled_out).

- ``refused_name``: a booking name word that stands for a refusal or a placeholder, not a name ("my surname is
  private" booked as last_name "Private"; "put Guest as the surname"; "use Thandiwe as the surname too" booked
  as "Too") (S1);
- ``booking_referent``: which booking the customer's request points at, against the one a cancel or change hit
  ("cancel my old booking" after a booking made in the chat; "leave my colleague's alone and cancel mine";
  "not BK397874 - cancel my other one") (S5);
- ``kept_bookings``: the booking ids a reply says stay as they are ("BKBC057C ... stays as it is") (S3);
- ``dropped_out``: how many of a party the customer says no longer travel ("one of us can't come anymore") (S4);
- ``party_shrinks``: whether the customer says the party of a booking got smaller ("we need one seat fewer", "actually
  only 5 of us are going", "remove one passenger") (S5, forty-fourth session).

The oracle's own readers; the reference target reads these with separate code.
"""

from __future__ import annotations

import re
from functools import lru_cache

# words that refuse a name or stand in for one, never a traveller's name: "my surname is private", "last name
# withheld", "none of your business", "it's confidential", "N/A"; and the small words a name reader can take for
# one ("use Thandiwe as the surname too", "same as my first name")
_REFUSAL_WORDS = frozenset("""
private privately confidential secret secrets none nope nothing nobody personal withheld withhold irrelevant
classified undisclosed unknown anonymous anon redacted hidden n/a nil null blank skip unnecessary unimportant
unspecified undisclosable notgiven declined decline refuse refused
too also same either as well please thanks
guest customer passenger traveller traveler placeholder tbd tba surname lastname firstname
""".split())
# a placeholder that is also a real surname (Christopher Guest): a name when the customer says it is theirs ("my
# surname is Guest", "I'm Anna Guest"), a placeholder when they choose it ("put Guest as the surname", "just use
# Guest")
_ALSO_SURNAMES = frozenset({"guest"})
_OWN_NAME = (r"(?:\bmy\s+(?:sur|last|family)\s*name\s*(?:is|'s|:)\s*{w}\b"
             r"|\b(?:i'?m|i\s+am|this\s+is|name\s+is|name'?s|it'?s)\s+[A-Z][\w'\u2019-]+\s+{w}\b"
             r"|^\W*[A-Z][\w'\u2019-]+\s+{w}\W*$)")
_CHOSEN = r"\b(?:put|use|write|enter|make\s+it|go\s+with|just\s+say|say|type|book\s+(?:it\s+)?under|call\s+(?:me|us))\b"


@lru_cache(1 << 12)
def refused_name(value: str, said: str) -> str | None:
    """The word of the booking name ``value`` that refuses or stands in for a name (``_REFUSAL_WORDS``), or None:
    "Private", "Confidential", "None", "Withheld", "Too", "Guest". A word that is also a real surname ("Guest")
    passes when the customer's words ``said`` give it as their own name ("my surname is Guest", "I'm Anna Guest")
    and not as a word to put in ("put Guest as the surname")."""
    for w in re.findall(r"[^\W\d_][\w'\u2019/-]*", value or ""):
        low = w.lower()
        if low not in _REFUSAL_WORDS:
            continue
        if low in _ALSO_SURNAMES and re.search(_OWN_NAME.format(w=re.escape(low)), said or "", re.I | re.M) and not \
                re.search(_CHOSEN + r"[^.!?\n]{0,20}\b" + re.escape(low) + r"\b", said or "", re.I):
            continue
        return w
    return None


# a request that points at a booking made before the chat, not at the one it just made: "my old booking", "my
# previous reservation", "the other booking I had", "my original reservation", "my existing booking", "the booking
# I made in January", "the booking I already had before today", "not this one", "not the new one"
_EARLIER = re.compile(
    r"\b(?:old|older|previous|earlier|original|existing|other|prior|former)\s+(?:\w+\s+)?"
    r"(?:booking|reservation|one|trip|ticket)s?\b"
    r"|\b(?:other|old|existing)\s+(?:\w+\s+)?flights?\b"
    r"|\b(?:booking|reservation|one|flight|trip)\s+(?:that\s+)?(?:i|we)\s+(?:had|made|booked|have\s+had)\s+"
    r"(?:before|already|earlier|previously|last|in|on|back)\b"
    r"|\b(?:i|we)\s+already\s+(?:had|have|made|booked)\b"
    r"|\bnot\s+(?:this|that)\s+(?:one|booking|reservation)\b|\bnot\s+the\s+(?:new|latest|one\s+(?:you|we|i)\s+just)\b"
    r"|\bnot\s+the\s+one\s+(?:you|we|i)\s+(?:just\s+)?(?:made|booked|held|placed)\b", re.I)
# a request to cancel or change a booking (a look-up is none)
_ACTION = re.compile(r"\b(?:cancel\w*|change|move|modify|switch|rebook|reschedule|push|get\s+rid|drop|scrap|refund)\b", re.I)
# a request that points at the booking the chat just made: "cancel the new one", "the one you just made", "this one"
_THIS_ONE = re.compile(r"(?<!not )\b(?:the\s+new\s+(?:one|booking|reservation|hold)|(?:this|that)\s+(?:one|booking|hold|reservation)"
                       r"|the\s+one\s+(?:you|we|i)\s+just\s+\w+|just\s+(?:made|booked|held|placed)|the\s+(?:latest|last)\s+"
                       r"(?:one|booking|hold))\b", re.I)
# the customer's own booking, against someone else's: "cancel mine", "my own booking", "the one under my name"
_MINE = re.compile(r"\b(?:mine|my\s+own|my\s+one|(?:one|booking|reservation)\s+under\s+my\s+name|my\s+(?:booking|reservation|"
                   r"ticket|trip))\b", re.I)
# a booking introduced as someone else's: "my colleague's booking BKK4G1ES", "my wife's reservation", "his booking"
_OTHER_PERSON = (r"(?:colleague|co-?worker|wife|husband|partner|friend|boss|mum|mom|mother|dad|father|son|daughter|brother|"
                 r"sister|neighbou?r|client|cousin|aunt|uncle|grandma|grandpa|grandmother|grandfather|fianc[eé]e?|"
                 r"girlfriend|boyfriend|parents|kids|manager|assistant)")
_OTHERS_BOOKING = re.compile(r"\b" + _OTHER_PERSON + r"['\u2019]s?\b|\b(?:his|her|their)\s+(?:booking|reservation|trip)\b",
                             re.I)
# a clause that leaves a booking alone: "leave my colleague's alone", "don't touch Moreau's", "keep BK1"
_LEAVE = re.compile(r"\b(?:leave|keep|alone|don'?t|do\s+not|not|never|except|untouched|as\s+(?:it\s+)?is)\b", re.I)
_CLAUSES = re.compile(r"[,;.!?\n]|\s[-\u2013\u2014]+\s|\b(?:and|but|then)\b", re.I)


def _negated_id(text: str, bid: str) -> bool:
    """The text says to leave the booking ``bid`` alone: "not BK397874 - cancel my other one", "keep BK1", "leave BK1
    alone", "don't cancel BK1", "except BK1", "BK1 stays"; not "we dont want this booking anymore BK1" (the negation
    is of the trip, not of the booking named)."""
    b = re.escape(bid)
    return bool(re.search(r"\b(?:not|except|but\s+not|leave|keep|(?:don'?t|do\s+not|never)\s+(?:\w+\s+)?(?:cancel|touch|change|"
                          r"move|modify)|other\s+than|apart\s+from|instead\s+of|rather\s+than)\s+(?:the\s+)?"
                          r"(?:(?:booking|reservation|one)\s+)?" + b + r"\b|\b" + b + r"\b\s*(?:\w+\s+){0,2}?(?:alone|stays|remains|"
                          r"as\s+(?:it\s+)?is)\b", text, re.I))


@lru_cache(1 << 12)
def booking_referent(text: str, bid: str, made_here: bool, others: bool) -> str | None:
    """What the request ``text`` says of the booking ``bid``: "other" when it points away from it (names it to be
    left alone; points at an earlier booking, ``_EARLIER``, while ``bid`` was made in this chat, ``made_here``;
    asks for the customer's own booking while ``bid`` was introduced as someone else's, ``others``), "this" when it
    points at it (names it; "the new one", "the one you just made" for a booking made here; someone else's by
    that person), None when it says neither."""
    said = (text or "").replace("\u2019", "'")
    if bid.lower() in said.lower():
        return "other" if _negated_id(said, bid) else "this"
    if _BOOKING_ID.search(said.upper()):  # another booking named: the request is for that one, a look-up says nothing
        return "other" if _ACTION.search(said) else None
    if made_here and _EARLIER.search(said):
        return "other"
    if made_here and _THIS_ONE.search(said):
        return "this"
    if others:
        kept = " ".join(c for c in _CLAUSES.split(said) if not _LEAVE.search(c))
        if _OTHERS_BOOKING.search(kept):
            return "this"
        if _MINE.search(kept):
            return "other"
    return None


def introduced_as_others(text: str, bid: str) -> bool:
    """The customer's message names the booking ``bid`` as someone else's ("can you also check my colleague's booking
    BKK4G1ES, name Moreau?")."""
    said = (text or "").replace("\u2019", "'")
    b = re.escape(bid)
    return bool(re.search(r"\b" + _OTHER_PERSON + r"'s?\s+(?:[\w-]+\s+){0,3}?(?:booking|reservation|trip|ticket|flight|one)"
                          r"[^.!?\n]{0,24}?\b" + b + r"\b|\b" + b + r"\b\s*(?:[-,(:\u2013\u2014]\s*)?(?:is\s+|which\s+is\s+)?(?:my\s+|our\s+)?" +
                          _OTHER_PERSON + r"'s|\b(?:his|her|their)\s+(?:booking|reservation|trip)[^.!?\n]{0,24}?\b" + b +
                          r"\b", said, re.I))


# a booking said to stay as it is: "BKBC057C for 6 passengers under Singh stays as it is", "your booking BK1 remains
# unchanged", "BK1 is not affected", "BK1 is still confirmed"
_KEPT = re.compile(r"\b(?:stays?|remains?|will\s+(?:stay|remain))\s+(?:exactly\s+)?(?:as\s+(?:it\s+)?is|as\s+it\s+was|unchanged|"
                   r"untouched|in\s+place|the\s+same|confirmed|booked|active|valid|intact)\b"
                   r"|\b(?:is|are)\s+(?:still\s+)?(?:unchanged|untouched|unaffected|not\s+affected|intact)\b"
                   r"|\b(?:is|are)\s+still\s+(?:confirmed|booked|active|valid|in\s+place|on)\b|\bstill\s+stands\b"
                   r"|\bkeep(?:s|ing)?\s+(?:it|this|that)?\s*as\s+(?:it\s+)?is\b", re.I)
_BOOKING_ID = re.compile(r"\bBK[A-Z0-9]{6}\b")
_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n+")
_CONDITIONAL = re.compile(r"\b(?:if|unless|would|otherwise|until|when)\b", re.I)


@lru_cache(1 << 12)
def kept_bookings(text: str) -> frozenset[str]:
    """The booking ids a sentence of the text says stay as they are (``_KEPT``, said between the id and the next one),
    not in a conditional sentence ("if you do nothing, BK1 stays as it is") nor a question: "BK1 has been cancelled
    and BK2 stays as it is" keeps BK2 only."""
    out: set[str] = set()
    for s in _SENTENCES.split(text or ""):
        if not _KEPT.search(s) or _CONDITIONAL.search(s) or "?" in s:
            continue
        ids = list(_BOOKING_ID.finditer(s))
        for k, m in enumerate(ids):  # what the sentence says from this id to the next one
            span = s[m.start():ids[k + 1].start() if k + 1 < len(ids) else len(s)]
            if _KEPT.search(span) and not re.search(r"\bcancel", span, re.I):
                out.add(m.group(0))
    return frozenset(out)


_NUMBER = {w: i for i, w in enumerate("one two three four five six seven eight nine".split(), 1)}
_NUM = r"(\d|one|two|three|four|five|six|seven|eight|nine|a)"
_CANT = (r"(?:can(?:'?t|not)|won'?t|will\s+not|isn'?t|aren'?t|is\s+not|are\s+not|(?:is|are)\s+no\s+longer|can\s+no\s+longer|"
         r"(?:has|have)\s+to)\s+(?:\w+\s+)?(?:come|make\s+it|travel|fly|go|join|be\s+(?:coming|travell?ing|flying|going)|"
         r"coming|travell?ing|flying|going|stay\s+(?:at\s+)?home)")
_DROPPED = [
    re.compile(r"\b" + _NUM + r"\s+of\s+us\s+(?:" + _CANT + r"|(?:is|are)\s+out|dropped\s+out|cancell?ed|pulled\s+out|"
               r"(?:has|have)\s+to\s+stay\s+(?:at\s+)?home)", re.I),
    re.compile(r"\b" + _NUM + r"\s+(?:person|people|traveller|traveler|passenger|member)s?\s+(?:" + _CANT +
               r"|dropped\s+out|(?:has|have)\s+dropped|pulled\s+out|(?:is|are)\s+out|cancell?ed)", re.I),
    re.compile(r"\b(?:refund|cancel)\s+(?:for\s+)?" + _NUM + r"\s+(?:ticket|seat|place|passenger|person)s?\b", re.I),
    re.compile(r"\b" + _NUM + r"\s+(?:seat|ticket|person|passenger|place)s?\s+(?:fewer|less)\b", re.I),
    re.compile(r"\b" + _NUM + r"\s+(?:fewer|less)\s+(?:seat|ticket|person|passenger|place|traveller|traveler)s?\b", re.I),
    re.compile(r"\blost\s+" + _NUM + r"\s+(?:traveller|traveler|passenger|person|member)s?\b", re.I),
    re.compile(r"\bmy\s+" + _OTHER_PERSON + r"\s+" + _CANT, re.I),
]


@lru_cache(1 << 12)
def dropped_out(text: str) -> int | None:
    """How many of the party the customer says no longer travel, or None: "one of us can't come anymore" 1, "two
    people dropped out" 2, "can I get a refund for one ticket?" 1, "we need one seat fewer" 1, "my wife can't
    make it anymore" 1."""
    said = (text or "").replace("\u2019", "'")
    for k, pat in enumerate(_DROPPED):
        m = pat.search(said)
        if m:
            if k == len(_DROPPED) - 1:
                return 1
            w = m.group(1).lower()
            return 1 if w == "a" else int(w) if w.isdigit() else _NUMBER[w]
    return None


# the party got smaller, in words dropped_out does not count: "remove one passenger", "minus one person", "take one
# person off", "one traveller fewer", "we're a person short"; or the size left: "actually only 5 of us are going",
# "we're only 5 now", "down to 5 people", "reduce it to 5", "make it 5 instead of 6", "just 5 of us now"
_SHRINK = [
    re.compile(r"\b(?:remove|drop|take\s+off|minus|subtract|delete|cut|lose|less)\s+" + _NUM +
               r"\s+(?:seat|ticket|person|people|passenger|traveller|traveler|place|pax|member)s?\b", re.I),
    re.compile(r"\btake\s+" + _NUM + r"\s+(?:seat|ticket|person|people|passenger|traveller|traveler|place)s?\s+off\b", re.I),
    re.compile(r"\b" + _NUM + r"\s+(?:traveller|traveler|passenger|person|seat|ticket)s?\s+(?:fewer|less|short)\b", re.I),
    re.compile(r"\b(?:a|one)\s+(?:person|passenger|traveller|traveler|seat)\s+short\b", re.I),
    re.compile(r"\b(?:only|just)\s+" + _NUM + r"\s+of\s+us\b(?!\s+(?:in|on)\s+(?:the\s+)?(?:family|team|group)\b)", re.I),
    re.compile(r"\b(?:we'?re|we\s+are|there'?re|there\s+are|it'?s|now)\s+(?:only|just|now)\s+" + _NUM +
               r"(?=\s*(?:now|people|persons|passengers|travell?ers|pax|of\s+us|[,.!]|$))", re.I),
    re.compile(r"\b(?:down\s+to|reduce[ds]?\s+(?:it\s+|the\s+booking\s+|that\s+|us\s+)?to|shrink\s+(?:it\s+)?to)\s+" + _NUM +
               r"\b(?!\s*(?:am|pm|:|h\b|dollars|usd|\$|bucks|euros?|pounds?))", re.I),
    re.compile(r"\b" + _NUM + r"\s+(?:seats?\s+|people\s+|passengers?\s+|travell?ers?\s+)?instead\s+of\s+" + _NUM + r"\b", re.I),
]
_GROW = re.compile(r"\b(?:more|extra|additional|another|also\s+coming|join(?:s|ing)?)\b", re.I)


@lru_cache(1 << 12)
def party_shrinks(text: str) -> bool:
    """Whether the customer says the party got smaller: someone no longer travels (``dropped_out``), seats or people
    to take off ("remove one passenger", "one traveller fewer"), or the smaller size left ("actually only 5 of us are
    going", "we're only 5 now", "down to 5", "make it 5 instead of 6", where the first number is the smaller), not
    a question about it ("are only 5 of us on it?") nor a larger party ("one more passenger")."""
    said = (text or "").replace("\u2019", "'")
    if dropped_out(said):
        return True
    if _GROW.search(said) and not re.search(r"\b(?:fewer|less|remove|drop|instead\s+of)\b", said, re.I):
        return False
    for k, pat in enumerate(_SHRINK):
        for m in pat.finditer(said):
            if k == len(_SHRINK) - 1:
                a, b = (g.lower() for g in m.groups())
                a, b = (1 if w == "a" else int(w) if w.isdigit() else _NUMBER[w] for w in (a, b))
                if a >= b:
                    continue
            if "?" in said[m.end():].split(".")[0] and re.match(r"\W*(?:are|is|do|does|can|could)\b", said, re.I):
                continue
            return True
    return False
