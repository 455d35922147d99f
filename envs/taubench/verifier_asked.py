"""The verifiers' reading of which items of an order the customer asked to change (R6's "all items collected first").

Deliberately NOT shared with the reference target (it reads customers with ``envs.taubench.language``).

Retail tester 43 V3: the customer asks up front to change two items of an order ("change the notebook to A4 hard cover
and the mouse to black laser wireless in #W2052757"), the agent lists and writes one of them, and the conversation
ends with the other never changed (an order's items can be changed only once): the items were not all collected
before the one call. ``asked_items`` reads, message by message, the items of the order a customer asked to exchange or
modify, and the ones they later dropped; the R6 check compares them with what the order's one items call wrote.

An item is *asked* when a customer message names it (its name, a word of its name of four letters or more that no
other item of the order shares, an everyday name, "the blue one" by an option value only it has; of two items of one
name, a value that tells it apart, or "both"/"all" of them) under an items word (exchange, swap, replace, switch,
change, modify, upgrade, ...): the nearest action word before it in its sentence, else the nearest after it, else the
message's only kind of action; a message with no action word adds items only as an addition ("oh, and the kettle
too") to an earlier items request, or as the answer to the agent's "which items ...?". Not asked: an item under a
return or cancel word ("return the lamp and exchange the kettle"), one the clause keeps or turns down ("but keep the
kettle", "not the kettle", "instead of the kettle"), a value on the new side ("swap the lamp for the blue one").

An asked item is *dropped* by a later message that turns it down ("forget the kettle", "never mind the kettle", "the
kettle can stay"), one that limits the request to other items ("actually just the lamp", "only the lamp please"), a
bare "never mind" / "forget it" after an agent message about it, or "just one" (which one is not said: nothing is
read as asked then).

The reading errs towards no violation (the full retail test folder's played customers): nothing is read as asked when,
from the request on, a customer message holds a word that may narrow, turn or condition it ("but", "not", "just",
"instead", "or", "keep", "pass", "doesn't matter", "return", "my other order", ...), speaks of an asked item again, or
names two orders; when the reply the write follows is not a plain yes; for an item of a name the call writes (two
backpacks: the pick readers judge it), or one the proposal listed (R3's left_out). "Everything" and "both backpacks"
are not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from envs.taubench.verifier_text import _EVERYDAY, actions_named

_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n+")
_CLAUSE_BREAK = re.compile(r"[,;:()\u2014\u2013]|\s-+\s|\bbut\b|\bwhile\b|\bwhereas\b", re.I)
_ITEMS_VERB = re.compile(r"\b(?:exchang\w*|swap\w*|replac\w*|switch\w*|trad(?:e|ing)|modif\w*|chang\w*|upgrad\w*|"
                         r"downgrad\w*|updat\w*|(?:a|in\s+a)\s+different\s+(?:size|colou?r|version|model|style|option|"
                         r"one|kind|type)|(?:should|needs?\s+to|has\s+to|have\s+to|must)\s+be(?!\s+(?:returned|refunded|"
                         r"cancell?ed|sent\s+back))|cambi\w*|[ée]chang\w*|chang(?:er|ez)|umtausch\w*|tausch\w*)\b", re.I)
_ITEMS_NOT = re.compile(r"\b(?:exchange|return|refund)\s+polic\w*|\bupdates?\s+(?:on|about|regarding)\b|\bstatus\s+updates?\b|"
                        r"\bany\s+updates?\b|\bchang\w*\s+(?:of\s+)?(?:my|your|our|his|her)\s+mind\b|"
                        r"\bchange\s+of\s+heart\b|\bchanged\s+my\s+mind\b", re.I)
_RETURN_VERB = re.compile(r"\b(?:return\w*|refund\w*|send\s+(?:\w+\s+){0,3}?back)\b(?!\s+polic)", re.I)
_CANCEL_VERB = re.compile(r"\bcancel\w*\b(?!\s+(?:that|this|it\s+all))", re.I)
# a mention turned down or kept by the words just before it ("but keep the kettle", "not the kettle", "forget the
# kettle", "instead of the kettle", "except the kettle") or after it in its clause ("the kettle can stay", "the kettle
# is fine as it is", "the kettle - never mind")
_NOT_BEFORE = re.compile(r"\b(?:not|no|nor|don'?t|dont|do\s+not|keep(?:ing)?|leave|leaving|except|excluding|other\s+than|"
                         r"apart\s+from|without|forget(?:\s+about)?|never\s*mind|nvm|skip|drop|ignore|scratch|remove|"
                         r"instead\s+of|rather\s+than|cancel)\s+(?:\w+\s+){0,3}?$", re.I)
_NOT_AFTER = re.compile(r"^\s*(?:\w+\s+){0,2}?(?:(?:is|are|can|should|will|'s)\s+)?(?:(?:just\s+)?fine|ok(?:ay)?|good|stays?|"
                        r"remains?|as[- ]is|never\s*mind|nvm|forget\s+(?:it|that|about\s+it)|not\b(?!\s+(?:\w+ing|work|fit|right|good|as\b))|no\s+longer|great|perfect|"
                        r"(?:i\s+)?love|"
                        r"(?:can|will)\s+(?:stay|wait)|i'?ll\s+keep)", re.I)
_LIMIT = re.compile(r"\b(?:just|only|solely)\b|\b(?:alone)\b", re.I)
_JUST_ONE = re.compile(r"\b(?:just|only)\s+(?:the\s+)?(?:one|1)\b(?!\s*(?:option|size|colou?r|st\b|-))", re.I)
_BARE_DROP = re.compile(r"\b(?:never\s*mind|nvm|forget\s+(?:it|that|about\s+(?:it|that))|skip\s+(?:it|that)|leave\s+it|"
                        r"scratch\s+that|don'?t\s+bother|no\s+thanks|none\s+of\s+(?:them|those|these))\b", re.I)
_ADDITION = re.compile(r"\b(?:too|as\s+well|also|plus|another|one\s+more|in\s+addition|and\s+the)\b|\+|&", re.I)
_ASKS_WHICH_ITEMS = re.compile(r"\bwhich\s+(?:items?|products?|ones?|things?|of\s+(?:them|these|those|the\s+items))\b", re.I)
# the new side of a change: what follows "for", "to", "into", "with" in the clause ("swap the lamp for the blue one")
_NEW_SIDE = re.compile(r"\b(?:for|to|into|with)\s+(?:an?\s+|the\s+|one\s+|that\s+)?$", re.I)
_DESCRIBED = re.compile(r"\b(?:the|that|my)\s+((?:[a-z0-9-]+\s+){1,3}?)ones?\b", re.I)
# the agent sets an item aside: it cannot be changed ("the kettle has no other options available")
_CANNOT = re.compile(r"\b(?:can(?:not|'?t|\s+not)|unable|not\s+(?:available|possible|eligible|able)|unavailable|"
                     r"no\s+other|out\s+of\s+stock|sold\s+out|isn'?t\s+(?:available|possible|eligible)|"
                     r"doesn'?t\s+(?:have|come)|only\s+comes)\b", re.I)
_ORDER_REF = re.compile(r"(?<![\w])#?\s?(W\d{7})(?!\d)", re.I)


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def _word_pattern(words: list[str]) -> str:
    return r"\b" + r"[\s-]*".join(re.escape(w) for w in words) + r"(?:e?s)?\b"


class _Items:
    """How a customer may name each item of the order: ``keys`` (the order's item keys, ``verifier_text.ItemKey``)
    with ``options`` (each key's option values)."""

    def __init__(self, keys: tuple[str, ...], options: tuple[dict[str, str], ...]):
        self.keys = keys
        self.options = options
        names = [getattr(k, "name", str(k)) for k in keys]
        self.groups: dict[str, list[str]] = {}
        for k, n in zip(keys, names):
            self.groups.setdefault(n.lower(), []).append(k)
        self.patterns: dict[str, list[re.Pattern[str]]] = {}
        option_words = {w for opts in options for kv in opts.items() for x in kv for w in _words(str(x))}
        for n in self.groups:
            others = {w for o in self.groups if o != n for w in _words(o)}
            pats = [_word_pattern(_words(n))]
            # a word of the name that is in (or holds) no word of another item's name: "watch" names no Smart Watch
            # beside a Wristwatch
            # nor a word of an item's options ("water" of "water resistance" names no Water Bottle)
            pats += [_word_pattern([w]) for w in _words(n) if len(w) >= 4 and w not in option_words
                     and not any(w in o or (len(o) >= 4 and o in w) for o in others)]
            other_alias = {a for o in self.groups if o != n for a in _EVERYDAY.get(o, ())}
            pats += [_word_pattern(_words(a)) for a in _EVERYDAY.get(n, ()) if a not in other_alias]
            self.patterns[n] = [re.compile(p, re.I) for p in pats]

    def mentions(self, sentence: str) -> list[tuple[int, int, tuple[str, ...]]]:
        """(start, end, keys) of each mention of the order's items in the sentence: keys is one key, or the keys of
        one name when "both"/"all" of them are meant; a name two items share with nothing telling them apart is left
        out."""
        low = sentence.lower()
        out: list[tuple[int, int, tuple[str, ...]]] = []
        taken: list[tuple[int, int]] = []
        for n, pats in self.patterns.items():
            spans = sorted({(m.start(), m.end()) for p in pats for m in p.finditer(low)})
            kept: list[tuple[int, int]] = []
            for s, e in spans:  # a word of the name inside the whole name's span is the same mention
                if not any(s >= a and e <= b for a, b in kept) and not any(s < b and e > a for a, b in taken):
                    kept.append((s, e))
            for s, e in kept:
                taken.append((s, e))
                group = self.groups[n]
                if len(group) == 1:
                    out.append((s, e, (group[0],)))
                    continue
                clause = _old_side(low, s, e)
                told = [k for k in group if any(re.search(r"\b" + re.escape(str(t).lower()) + r"\b", clause)
                                                for t in getattr(k, "tells", ()))]
                if len(told) == 1:
                    out.append((s, e, (told[0],)))
        for m in _DESCRIBED.finditer(low):
            said = _words(m.group(1))
            if not said or any(m.start() < b and m.end() > a for a, b in taken):
                continue
            fits = [k for k, opts in zip(self.keys, self.options)
                    if set(said) - {"size", "colour", "color"} <= {w for v in opts.values() for w in _words(str(v))}
                    and set(said) <= {w for o in opts.items() for x in o for w in _words(str(x))}]
            if len(fits) == 1:
                out.append((m.start(), m.end(), (fits[0],)))
        return sorted(out)


def _clause_at(low: str, at: int) -> str:
    starts = [m.end() for m in _CLAUSE_BREAK.finditer(low) if m.end() <= at]
    ends = [m.start() for m in _CLAUSE_BREAK.finditer(low) if m.start() > at]
    return low[max(starts, default=0):min(ends, default=len(low))]


def _old_side(low: str, s: int, e: int) -> str:
    """The mention's clause up to where its new side starts ("the laptop to 17-inch i9": what tells the laptop apart
    is not its new value)."""
    start = max([m.end() for m in _CLAUSE_BREAK.finditer(low) if m.end() <= s], default=0)
    end = min([m.start() for m in _CLAUSE_BREAK.finditer(low) if m.start() >= e], default=len(low))
    new = re.search(r"\b(?:to|for|into|with|as)\b|->|=>|\u2192", low[e:end])
    return low[start:e + new.start() if new else end]


def _verbs(sentence: str) -> list[tuple[int, str]]:
    """(position, kind) of each action word of the sentence: "items", "return", "cancel"; an items word in a sentence
    about an address or payment change is none ("change the address of the order with the lamp")."""
    out: list[tuple[int, str]] = []
    blank = _ITEMS_NOT.sub(lambda m: " " * len(m.group(0)), sentence)
    other = bool(actions_named(sentence) & {"order_address", "user_address", "payment"})
    if not other:
        out += [(m.start(), "items") for m in _ITEMS_VERB.finditer(blank)]
    out += [(m.start(), "return") for m in _RETURN_VERB.finditer(blank)]
    out += [(m.start(), "cancel") for m in _CANCEL_VERB.finditer(blank)]
    return sorted(out)


def _turned_down(low: str, s: int, e: int) -> bool:
    clause_start = max([m.end() for m in _CLAUSE_BREAK.finditer(low) if m.end() <= s], default=0)
    clause_end = min([m.start() for m in _CLAUSE_BREAK.finditer(low) if m.start() >= e], default=len(low))
    before = low[clause_start:s]
    before = before[max(0, len(before) - 40):]
    return bool(_NOT_BEFORE.search(before)) or bool(_NOT_AFTER.match(low[e:clause_end]))


def _on_new_side(low: str, s: int, seen: list[int]) -> bool:
    """The mention follows "for"/"to"/"into"/"with" after another mention in its clause, or after a change of "it"
    ("swap it for an air purifier"): it is what that item becomes, not an item of its own ("a different size for the
    jacket" names the jacket)."""
    clause_start = max([m.end() for m in _CLAUSE_BREAK.finditer(low) if m.end() <= s], default=0)
    head = low[clause_start:s]
    return bool(_NEW_SIDE.search(head)) and (any(clause_start <= p < s for p in seen) or bool(_IT_FOR.search(head)))


# a change whose object is a pronoun, then its new side: "can I swap it for an air purifier", "exchange them for"
_IT_FOR = re.compile(r"\b(?:exchang|swap|replac|switch|trad|chang|upgrad|downgrad|modif)\w*\s+(?:it|them|this|that|these|"
                     r"those|mine|one|my\s+order|the\s+order)\s+(?:\w+\s+){0,2}?(?:for|with|into|to)\s+(?:an?\s+|the\s+)?$", re.I)


# an items word whose object is the items listed elsewhere in the message ("#W1: lamp and kettle. can I swap them?")
_THEM_OBJECT = re.compile(r"\b(?:exchang|swap|replac|switch|chang|modif|upgrad|updat)\w*\s+(?:them|both|those|these|each|all)\b",
                          re.I)


def _orders_near(refs: list[tuple[int, str]], s: int, e: int, upto: int) -> set[str]:
    """The orders named around a mention: the first named after it (before ``upto``) and the last named before it."""
    after = [r for p, r in refs if e <= p < upto][:1]
    before = [r for p, r in refs if p < s][-1:]
    return set(after) | set(before)


# the item's own action word after it: "the mouse to be returned", "the notebook needs changing", "the kettle gets
# exchanged" (the item is its object, whatever word came before it)
_PASSIVE = re.compile(r"(?:\bto\s+be|\bbe|\bbeing|\bgets?|\bgetting|\bgot)\s+\w+ed\b|\b(?:needs?|wants?)\s+\w+ing\b")


def _listed_change(sentence: str, e: int, text: str) -> bool:
    """A sentence with no action word of its own names the item as one the message's only kind of action is for: it
    adds it ("the mouse too"), gives its new value ("The notebook to A4 hard cover."), or the message's action word
    takes the listed items as its object ("swap them"); not "The kettle was great though." beside an exchange."""
    return bool(_ADDITION.search(sentence) or re.match(r"\s*(?:to|->|=>|\u2192|into|in)\s", sentence[e:].lower())
                or _THEM_OBJECT.search(text))


def _read(text: str, items: _Items, context_kind: str | None, order_id: str = "") -> tuple[set[str], set[str], set[str]]:
    """(asked, turned down, limited to) of one customer message: the keys it asks to change, the keys it turns down,
    and the keys named in a clause that limits the request ("just the lamp")."""
    asked: set[str] = set()
    down: set[str] = set()
    limited: set[str] = set()
    sentences = [s for s in _SENTENCES.split(text or "") if s.strip()]
    kinds = {k for s in sentences for _, k in _verbs(s)}
    for sentence in sentences:
        low = sentence.lower()
        verbs = _verbs(sentence)
        seen: list[int] = []  # where the sentence's earlier mentions start
        refs = [(m.start(), m.group(1).upper()) for m in _ORDER_REF.finditer(text or "")]
        found = items.mentions(sentence)
        offset = (text or "").find(sentence)
        for n, (s, e, keys) in enumerate(found):
            if len({r for _, r in refs}) > 1:
                # of two or more orders named, the one named next after the mention (before the next mention) and the
                # one named last before it: "the lamp from #W1 and the kettle from #W2" (the kettle's is unclear)
                upto = found[n + 1][0] + offset if n + 1 < len(found) else len(text)
                if _orders_near(refs, offset + s, offset + e, upto) != {order_id.lstrip("#").upper()}:
                    continue
            if _turned_down(low, s, e):
                down.update(keys)
                continue
            if _on_new_side(low, s, seen):
                continue  # "swap the lamp for the blue one": the new side of the lamp's change
            seen.append(s)
            before = [k for p, k in verbs if p < s]
            after = [k for p, k in verbs if p > s]
            upto = found[n + 1][0] if n + 1 < len(found) else len(low)
            own = [k for p, k in verbs if e <= p < upto and _PASSIVE.search(low[max(0, p - 12):p] + low[p:p + 12])]
            kind = own[0] if own else before[-1] if before else after[0] if after else (
                next(iter(kinds)) if len(kinds) == 1 and _listed_change(sentence, e, text) else
                None if kinds else context_kind)
            if kind == "items":
                asked.update(keys)
            if _LIMIT.search(_clause_at(low, s)):
                limited.update(keys)
    return asked, down, limited


# words with which a customer may narrow, turn, condition or split a request ("but keep", "I'll pass on", "doesn't
# matter", "the thermostat no", "instead", "just", "or", "my other order", "return")
_HEDGE = re.compile(r"\b(?:not|no|nor|none|but|except|keep\w*|leav\w*|pass|hold|matter\w*|irrelevant|instead|rather|only|"
                    r"just|actually|other\s+order\w*|another\s+order|my\s+other|forget|never\s*mind|nvm|skip|drop|cancel\w*|return\w*|refund\w*|"
                    r"unless|if|maybe|either|or|wait|hmm+|same|fine|ok|okay|alone|separate\w*|later)\b|n['\u2019]t\b|\b(?:dont|doesnt|didnt|wont|cant|isnt|arent|shouldnt)\b", re.I)


# a plain yes as the reply the write follows
_BARE_YES = re.compile(r"^\W*(?:yes|yeah|yep|yup|y|sure|please\s+do|go\s+ahead|do\s+it|proceed|confirm(?:ed)?|correct|"
                       r"sounds\s+good|that'?s\s+right)(?:[\s,.!]+(?:please|pls|thanks|thank\s+you|go\s+ahead|do\s+it|"
                       r"proceed|yes))*\W*$", re.I)


def asked_items(turns: Iterable[tuple[str, str]], order_id: str, keys: tuple[str, ...],
                options: tuple[dict[str, str], ...]) -> frozenset[str]:
    """The keys of the order's items (``keys``, with their ``options``) that the customer asked to exchange or modify
    and did not drop, read from the conversation's texts before the write: ``turns`` is (role, text) in order, role
    "user" or "assistant". A message that names orders and not ``order_id`` is about another order. The last customer
    message (the reply the write follows) may drop items but adds none: an item added in it is
    ``verifier_text.added_item_request``'s to judge (R6 for an addition, R3 for a yes it turns: "Yes, but can I also
    exchange the office chair first?")."""
    items = _Items(keys, options)
    asked: set[str] = set()
    last_request: str | None = None  # the kind of the customer's last action request on the order
    agent = ""
    turns = list(turns)
    last_user = max((i for i, (role, _) in enumerate(turns) if role == "user"), default=-1)
    for at, (role, text) in enumerate(turns):
        if role != "user":
            agent = text or ""
            continue
        ids = {i.upper() for i in _ORDER_REF.findall(text or "")}
        if ids - {order_id.lstrip("#").upper()}:
            if asked or order_id.lstrip("#").upper() in ids:
                return frozenset()  # two orders in play: which items go with which is not read here
            agent = ""
            continue
        if at == last_user and asked and not _BARE_YES.match(text or ""):
            return frozenset()  # a reply that picks, limits or adds: R3's and added_item_request's to judge
        kinds = {k for s in _SENTENCES.split(text or "") if s.strip() for _, k in _verbs(s)}
        context = None
        if not kinds:
            if _ADDITION.search(text or "") and last_request == "items":
                context = "items"
            elif _ASKS_WHICH_ITEMS.search(agent) and "items" in actions_named(agent):
                context = "items"
        new, down, limited = _read(text or "", items, context, order_id)
        if (asked or new) and (_HEDGE.search(text or "") or asked & {k for _, _, ks in items.mentions(text or "")
                                                                      for k in ks}):
            # a word that may narrow, turn or condition the request, or an item asked spoken of again: the items
            # the customer wants are not read with confidence, so none are (the checks err towards no violation)
            return frozenset()
        if _JUST_ONE.search(text or "") and not new and not limited:
            asked = set()  # "just one of them": which one is not said
        if limited and asked:
            asked &= limited
        asked -= down
        if not new and not down and not limited and _BARE_DROP.search(text or ""):
            about = {k for _, _, ks in items.mentions(agent) for k in ks} & asked
            asked -= about if about else set(asked)
        if at != last_user:
            asked |= new
        if len(kinds) == 1:
            last_request = next(iter(kinds))
        agent = ""
    return frozenset(asked)


def set_aside_by_agent(texts: Iterable[str], key: str, keys: tuple[str, ...], options: tuple[dict[str, str], ...]) -> bool:
    """An agent text says, in a sentence naming the item, that it cannot be changed ("the Tea Kettle has no other
    options available", "I'm unable to exchange the kettle")."""
    items = _Items(keys, options)
    for text in texts:
        for sentence in _SENTENCES.split(text or ""):
            if _CANNOT.search(sentence) and any(key in ks for _, _, ks in items.mentions(sentence)):
                return True
    return False

