"""The verifiers' own reading of English. Deliberately NOT shared with the reference target.

The reference target reads customers with ``envs.taubench.language``; this module is a separate,
smaller implementation so that a target bug in understanding "yes" cannot hide a violation.

**Definition of a confirmation** (policy R3). A customer message confirms a write when

1. it answers a *confirmation question*: the last assistant text before it is a question (has a
   ``?``) that lists the action's details, i.e. names the order id the write acts on (for a
   change of the default address: the new street line or zip code) and the kind of action
   (``lists_action``);
2. it plainly says yes to that question and nothing else, as every environment's verifiers read
   consent (``probe.verify.consent``: an affirmative, not hedged, not a question, not put off,
   not taken back, no word beyond courtesy, the action's words and what the question itself
   said; "ok, i'll check with my wife", "yes, cancel #W8904134" for another order, "yes please
   except the puzzle" are not), with the store's own words for its actions ("return them",
   "exchange it") and a cancellation reason said again ("yes, no longer needed") allowed beside
   the yes.

**Whose identity** (policy R1: ``emails_of_others``, ``name_given_as_others``, ``given_as_others``).
An email address, or a first + last name, in a customer message is *given as another person's*
when the phrase nearest to it that says whose it is names someone else. That phrase is looked for
in the identifier's clause first (split at , : ( ) - and, but, so), then in its sentence, then in
the message's other sentences that give no other email; before or after the identifier alike; a
tie goes to the customer. Phrases that name another person: a person's possessive with an
identity word ("my mom's login", "her e-mail", "my husbands email", "sarah's account", "someone
else's", "under my son's name"); a person's possessive standing alone ("X - that's my dad's",
"X (hubby's)", "X is sarah's"); acting for someone ("on behalf of my sister", "im calling for my
boss", "doing this for him", "it's for my dad", "helping my grandma"); belonging ("belongs to my
partner", "registered to my son"); a relation right beside the identifier ("my dad is X",
"Aarav Nguyen, 75268 (my father)"; not "shopping for my son, X"); "he is my dad". Phrases that
name the customer: "my email", "my own/personal/work ...", "my account's email", "mine",
"myself", "i'm X", "this is X", "i'm the account holder". "not" (isn't, instead of, rather than)
just before a phrase turns it round: "not my husband's" names the customer, "not mine" someone
else. The possessive of a thing ("account's", "order's", "store's") or a contraction ("it's",
"name's") names nobody. A relation may be misspelt by one letter ("husbnad"). Not read: a third
party named only in an earlier message ("I'm calling for my mom." ... "X"), or only as the subject
of another clause ("my dad wants to return the lamp, X").
"""

from __future__ import annotations

import re
from functools import lru_cache

from probe.verify import consent

# the store's words for its actions, beside a yes; and the two cancellation reasons said again
_STORE_YES = ("return them", "return it", "return those", "exchange it", "exchange them", "exchange those",
              "send them back", "send it back", "please return", "please exchange", "modify it", "update it")
_STORE_WORDS = ("return", "returns", "exchange", "exchanges", "refund", "refunded", "address", "payment", "method",
                "card", "gift", "original", "items", "ship", "shipping", "send", "back")
_REASON_PHRASES = re.compile(r"\b(?:(?:it'?s|it is|because|reason|as)\s+)?(?:no longer needed|no longer need(?:s|ed)? it|"
                             r"ordered (?:it )?by mistake)\b", re.I)

ACTION_WORDS = {
    "cancel_pending_order": ("cancel",),
    "modify_pending_order_address": ("address", "ship"),
    "modify_pending_order_payment": ("pay", "card", "paypal"),
    "modify_pending_order_items": ("modify", "change", "swap", "replace"),
    "exchange_delivered_order_items": ("exchange",),
    "return_delivered_order_items": ("return",),
    "modify_user_address": ("address",),
}

# paraphrases a customer may use for the two allowed cancellation reasons
REASON_WORDS = {
    "no longer needed": re.compile(r"no longer need|don'?t need|do not need|not needed|no need for|changed my mind", re.I),
    "ordered by mistake": re.compile(r"by mistake|mistaken|by accident|accidental|ordered (?:it )?wrong|wrong order", re.I),
}


def is_confirmation(text: str, question: str = "") -> bool:
    """Point 2 of the definition, for the reply ``text`` to ``question`` (point 1 is checked
    against the question by the verifier with ``lists_action``)."""
    rest = _REASON_PHRASES.sub(" ", text or "") if text else text
    return consent.is_confirmation(rest, question, _STORE_YES, _STORE_WORDS)


def reason(text: str, question: str = "") -> str | None:
    """Why ``text`` does not confirm (None when it does)."""
    rest = _REASON_PHRASES.sub(" ", text or "") if text else text
    return consent.reason(rest, question, _STORE_YES, _STORE_WORDS)


def lists_action(question: str, tool: str, details: list[str]) -> bool:
    """The question asks (has '?'), names every detail string and a word of the action's kind."""
    if not question or "?" not in question:
        return False
    low = question.lower()
    if not all(d.lower() in low for d in details if d):
        return False
    return any(w in low for w in ACTION_WORDS.get(tool, ()))


@lru_cache(1 << 16)
def reason_in(text: str, reason: str) -> bool:
    """The text states the reason, verbatim or by a paraphrase."""
    if not text:
        return False
    pattern = REASON_WORDS.get(reason)
    return reason.lower() in text.lower() or bool(pattern and pattern.search(text))


_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_ME, _THEM = "§", "¤"  # the identifier judged; any other email in the message
# relations, in the singular (a plain trailing "s" after one is read as a possessive: "my husbands email")
_REL = frozenset("husband hubby wife wifey partner spouse fiance fiancee boyfriend girlfriend bf gf son daughter kid "
                 "child mom mum mommy mummy mother dad daddy father parent stepmom stepdad stepmother stepfather "
                 "brother bro sister sis sibling grandma grandpa granny nana grandmother grandfather grandson "
                 "granddaughter aunt auntie uncle cousin niece nephew friend buddy pal boss manager employer "
                 "colleague coworker roommate flatmate housemate neighbor neighbour client tenant landlord relative "
                 "motherinlaw fatherinlaw brotherinlaw sisterinlaw soninlaw daughterinlaw".split())
_REL_PLURAL = frozenset("parents kids children inlaws grandparents folks friends cousins".split())
# words a typo of a relation must not be read as (same first letter, one edit away)
_NOT_TYPO = frozenset("other others bother farther patent fiend sitter clients fathom mothers".split())
# a "<word>'s" that is no person: contractions and things
_NOT_PERSON = frozenset("it that what who there here where how let he she this today tomorrow yesterday week month "
                        "year name email mail one account order orders store shop company website site app amazon "
                        "package parcel item product card gift lamp family household business everyone everybody "
                        "anyone nobody somebody someone user customer owner holder other another mine return refund "
                        "delivery shipment team agent system i u".split())
_ID = frozenset("email emails mail address login username userid account acct profile id name zip zipcode postcode "
                "details info information credentials signin handle".split())
_ADJ = frozenset("own personal work primary main usual registered other old new current real private business school "
                 "full first last home actual correct right preferred email login account account's online gmail "
                 "outlook yahoo legal".split())
_NEG = frozenset("not isn't isnt aren't wasn't doesn't doesnt don't dont didn't never instead rather nor".split())
_NEG_FILL = frozenset("for of than even actually really just the a on to".split())
_STOP_AFTER = frozenset("and but so not too btw actually though i im i'm he she they which who if please pls thanks "
                        "anyway also is was one".split())
_FRAME_VERBS = frozenset("calling call asking ask writing write messaging message contacting chatting acting reaching "
                         "here doing do handling handle texting sorting fixing helping".split())
_IT_IS = frozenset("it's its this's that's thats".split())
_SEP_CLAUSE = frozenset(", : ( ) [ ] - – — / \" but and so because though although while".split())
_SEP_SENTENCE = frozenset(". ! ? ;".split())
_FILL_BEFORE = frozenset(", : - – — ( = is named called aka".split())
_FILL_AFTER = frozenset(", - – — ( = is that's thats it's its for of from belongs belonging to".split())
_PURCHASE = frozenset("bought buy buying ordered order ordering shopping shop got get getting gift present presents "
                       "purchased purchase picked".split())
_TOKEN = re.compile(r"[§¤]|[a-z0-9]+(?:'[a-z]+)*'?|[^\sa-z0-9]")


def _one_edit(a: str, b: str) -> bool:
    """Damerau distance exactly 1 (substitution, insertion, deletion or swap of neighbours)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]]
                                  and a[diff[1]] == b[diff[0]])
    short, long_ = sorted((a, b), key=len)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


@lru_cache(1 << 12)
def _relation(word: str) -> bool:
    """A relation word, a plural one, or a one-edit typo of one ("husbnad", "daugther")."""
    if word in _REL or word in _REL_PLURAL:
        return True
    return (len(word) >= 5 and word not in _NOT_TYPO and
            any(r[0] == word[0] and len(r) >= 5 and _one_edit(word, r) for r in _REL))


def _possessive(tokens: list[str], i: int) -> str | None:
    """Token i as a person's possessive: 'rel' ("dad's", "parents'", "my dads"), 'name' ("sarah's")."""
    w = tokens[i]
    if w.endswith("'s") or w.endswith("s'"):
        base = w[:-2]
    elif w.endswith("'"):
        base = w[:-1]
    elif w.endswith("s") and i > 0 and tokens[i - 1] in ("my", "our", "his", "her", "their") and _relation(w[:-1]) \
            and w not in _REL_PLURAL and w[:-1] not in _REL_PLURAL:
        return "rel"  # "my husbands email": the apostrophe left out
    else:
        return None
    if _relation(base) or (w.endswith("s'") and _relation(base + "s")):
        return "rel"
    if base == "else" and i > 0 and tokens[i - 1] in ("someone", "somebody", "anyone", "anybody"):
        return "rel"
    if len(base) > 1 and base.isalpha() and base not in _NOT_PERSON:
        return "name"
    return None


def _bare_relation(tokens: list[str], i: int) -> int | None:
    """A relation named without a possessive at token i ("my dad", "our son", "a friend", "my elderly
    father": up to two words between): the index after it."""
    if tokens[i] not in ("my", "our", "a", "another"):
        return None
    for j in range(i + 1, min(i + 4, len(tokens))):
        if _relation(tokens[j]):
            return j + 1 if _possessive(tokens, j) is None else None
        if not tokens[j].isalpha() or tokens[j] in _ID or tokens[j] in _STOP_AFTER:
            return None
    return None


def _id_phrase(tokens: list[str], i: int) -> int | None:
    """Up to three adjectives and an identity noun from token i ("email", "own e-mail", "account's email"):
    the index after it."""
    j = i
    end = None
    while j < len(tokens) and j < i + 4:
        if tokens[j] in _ID:
            end = j + 1
        if tokens[j] not in _ADJ and tokens[j] not in _ID:
            break
        j += 1
    return end


def _third(tokens: list[str], i: int) -> int | None:
    """Another person as an object at token i ("my dad", "him", "a friend", "someone else"): the index after."""
    if i >= len(tokens):
        return None
    end = _bare_relation(tokens, i)
    if end is not None:
        return end
    if tokens[i] in ("him", "her", "them"):
        return i + 1
    if tokens[i] in ("someone", "somebody", "another"):
        return i + 2 if i + 1 < len(tokens) and tokens[i + 1] in ("else", "person") else i + 1
    if _relation(tokens[i]) and _possessive(tokens, i) is None:
        return i + 1
    return None


def _negated(tokens: list[str], i: int) -> bool:
    """'not' (or instead of, rather than, isn't, ...) just before token i."""
    if i >= 1 and tokens[i - 1] in _NEG:
        return True
    return i >= 2 and tokens[i - 2] in _NEG and tokens[i - 1] in _NEG_FILL


def _ends_phrase(tokens: list[str], j: int) -> bool:
    """Nothing that continues a noun phrase at token j: the end, a punctuation mark or a small word."""
    return j >= len(tokens) or not tokens[j][0].isalnum() or tokens[j] in _STOP_AFTER


def _markers(tokens: list[str]) -> list[tuple[int, int, bool]]:
    """(start, end, another person's?) for every phrase that says whose something is."""
    out = []

    def add(lo: int, hi: int, other: bool, *neg_at: int) -> None:
        out.append((lo, hi, other != any(_negated(tokens, k) for k in (lo, *neg_at))))

    for i, w in enumerate(tokens):
        kind = _possessive(tokens, i)
        lo = i - 1 if i > 0 and tokens[i - 1] in ("my", "our", "the", "a") else i
        if kind is not None:
            end = _id_phrase(tokens, i + 1)
            if end is not None:
                add(lo, end, True)  # "my husband's email", "sarah's login", "someone else's account"
            elif _ends_phrase(tokens, i + 1) and (kind == "rel" or tokens[i - 1:i] in (["is"], ["was"], ["that's"],
                                                                                        ["thats"], ["it's"], ["its"])):
                add(lo, i + 1, True)  # "that's my dad's", "not my husband's:", "it's sarah's"
        elif w in ("his", "her", "their"):
            end = _id_phrase(tokens, i + 1)
            if end is not None:
                add(i, end, True)  # "her e-mail", "his own account"
            elif w == "his" and _ends_phrase(tokens, i + 1):
                add(i, i + 1, True)  # "it's his"
        elif w in ("hers", "theirs"):
            add(i, i + 1, True)
        elif w in ("my", "our") and i + 1 < len(tokens) and _relation(tokens[i + 1]):
            end = _id_phrase(tokens, i + 2)
            if end is not None:
                add(i, end, True)  # "my wife email"
        elif w == "my":
            end = _id_phrase(tokens, i + 1)
            if end is not None:
                add(i, end, False)  # "my email", "my own account", "my account's email"
            elif i + 1 < len(tokens) and tokens[i + 1] in ("own", "personal"):
                add(i, i + 2, False)
        elif w in ("mine", "myself"):
            add(i, i + 1, False)
        elif w == "me" and i > 0 and tokens[i - 1] in _IT_IS | {"it's", "is", "was"}:
            add(i - 1, i + 1, False)  # "it's me"
        elif w == "holder" and i > 0 and tokens[i - 1] == "account":
            add(i - 1, i + 1, False)  # "i'm the account holder"
        elif w == "onbehalfof":
            add(i, i + 1, True)
        elif w == "for":
            end = _third(tokens, i + 1)
            before = tokens[max(0, i - 3):i]
            framed = any(b in _FRAME_VERBS for b in before) or (before and before[-1] in _IT_IS) or \
                (len(before) >= 2 and before[-2] in ("it", "this", "that") and before[-1] == "is") or \
                (len(before) >= 3 and before[-3] in ("it", "this", "that") and before[-2] == "is")
            if end is not None and framed:  # "calling for my boss", "doing this for him", "it's for my dad"
                start = next(k for k in range(max(0, i - 3), i + 1) if k == i or tokens[k] in _FRAME_VERBS
                             or tokens[k] in _IT_IS or tokens[k] in ("it", "this", "that"))
                add(start, end, True, i)
        elif w in ("is", "he's", "she's", "that's", "thats", "it's", "its", "they're") and i + 1 < len(tokens) \
                and (end := _bare_relation(tokens, i + 1)) is not None and _ends_phrase(tokens, end):
            add(i, end, True)  # "he is my dad.", "that's my mom"
        elif w in ("help", "helping") and i + 1 < len(tokens):
            end = _bare_relation(tokens, i + 1 + (tokens[i + 1] == "out"))
            if end is not None:
                add(i, end, True)  # "helping my dad"
        elif w in ("belongs", "belong", "belonging", "registered", "under"):
            k = i + 1 + (i + 1 < len(tokens) and tokens[i + 1] in ("to", "for", "by", "under"))
            end = _third(tokens, k)
            if end is not None:
                add(i, end, True)  # "belongs to my wife", "registered under my son"
    return out


def _zip_like(token: str) -> bool:
    """A zip code, or the word for one, between a name and whose it is ("Aarav Nguyen, 75268 (my dad)")."""
    return token in ("zip", "zipcode") or (token.isdigit() and len(token) == 5)


def _adjacent(tokens: list[str], k: int) -> list[tuple[int, int, bool]]:
    """Phrases that name whose the identifier at k is by standing right beside it: "my dad is X",
    "for my dad, X", "X (my father)", "i'm X"."""
    out = []
    for i in range(len(tokens)):
        end = _bare_relation(tokens, i)
        if end is None:
            continue
        lo = i - 1 if i > 0 and tokens[i - 1] == "for" else i
        if i > 0 and tokens[i - 1] == "with" or lo < i and _PURCHASE & set(tokens[max(0, lo - 4):lo]):
            continue  # "here with my wife, X", "shopping for my son, X": whom it is with or for, not whose
        if end <= k and k - end <= 4 and all(t in _FILL_BEFORE or _zip_like(t) for t in tokens[end:k]):
            out.append((lo, end, not _negated(tokens, lo)))
        elif lo > k and lo - k - 1 <= 4 and all(t in _FILL_AFTER or _zip_like(t) for t in tokens[k + 1:lo]) \
                and _ends_phrase(tokens, end) and tokens[end:end + 1] != ["and"]:
            out.append((lo, end, not _negated(tokens, lo)))
    before = tokens[max(0, k - 3):k]
    while before and before[-1] in (",", ":", "-"):
        before.pop()
    if before[-1:] in (["i'm"], ["im"]) or before[-2:] in (["i", "am"], ["this", "is"]):
        out.append((k - 1, k, False))  # "i'm Aarav Nguyen"
    return out


def _normalize(text: str) -> str:
    s = re.sub(r"[\u2019\u2018`\u00b4]", "'", text.lower())
    s = re.sub(r"\bon\s+my\s+own\s+behalf\b", " mine ", s)
    s = re.sub(r"\b(?:on|in)\s+(?:behalf\s+of|[a-z']+(?:\s+[a-z']+)?\s+behalf)\b", " onbehalfof ", s)
    s = re.sub(r"(?<=[a-z])-(?=[a-z])", "", s)  # e-mail, co-worker, mother-in-law, step-dad
    s = re.sub(r"\b(?:e?mail|email)\s+address\b", "email", s)
    s = re.sub(r"\b(?:zip|postal|post)\s+code\b", "zipcode", s)
    s = re.sub(r"\buser\s+(name|id)\b", r"user\1", s)
    return s.replace("\n", " . ")


def _bounds(tokens: list[str], k: int, seps: frozenset[str]) -> tuple[int, int]:
    lo = k
    while lo > 0 and tokens[lo - 1] not in seps:
        lo -= 1
    hi = k + 1
    while hi < len(tokens) and tokens[hi] not in seps:
        hi += 1
    return lo, hi


def _verdict(tokens: list[str], k: int) -> bool | None:
    """Whose the identifier at token k is: True another person's, False the customer's own, None unsaid.
    The phrases in its clause decide, else those in its sentence, else those in the message's sentences
    that give no other email; the phrase nearest the identifier wins, a tie goes to the customer."""
    markers = _markers(tokens) + _adjacent(tokens, k)
    clean = set()  # token indices of the sentences that give no other email
    i = 0
    while i < len(tokens):
        lo, hi = _bounds(tokens, i, _SEP_SENTENCE)
        if _THEM not in tokens[lo:hi]:
            clean.update(range(lo, hi))
        i = hi + 1
    scopes = [_bounds(tokens, k, _SEP_SENTENCE | _SEP_CLAUSE), _bounds(tokens, k, _SEP_SENTENCE)]
    pools = [[m for m in markers if lo <= m[0] and m[1] <= hi] for lo, hi in scopes]
    pools.append([m for m in markers if all(t in clean for t in range(m[0], m[1]))])
    for pool in pools:
        if pool:
            return min(pool, key=lambda m: (k - m[1] if m[1] <= k else m[0] - k - 1, m[2]))[2]
    return None


def _judge(s: str, spans: list[tuple[int, int]]) -> bool:
    """Any of the identifier's occurrences (spans of the lower-cased text s) given as another person's."""
    others = [(e.start(), e.end()) for e in _EMAIL.finditer(s)]
    for a, b in spans:
        pieces, last = [], 0
        for x, y, tag in sorted([(x, y, _THEM) for x, y in others if y <= a or x >= b] + [(a, b, _ME)]):
            pieces += [s[last:x], f" {tag} "]
            last = y
        tokens = _TOKEN.findall(_normalize("".join(pieces) + s[last:]))
        if _ME in tokens and _verdict(tokens, tokens.index(_ME)) is True:
            return True
    return False


def _lower(text: str) -> str:
    return re.sub(r"[\u2019\u2018`\u00b4]", "'", (text or "").lower())


@lru_cache(1 << 14)
def given_as_others(text: str, identifier: str) -> bool:
    """The customer gives ``identifier`` (an email address, a zip code, any literal string) as another
    person's somewhere in ``text`` (see the module docstring for the reading)."""
    s, ident = _lower(text), (identifier or "").lower().strip()
    if not ident:
        return False
    spans = [(m.start(), m.end()) for m in re.finditer(rf"(?<![\w.+-]){re.escape(ident)}(?![\w-]|\.\w)", s)]
    return _judge(s, spans)


@lru_cache(1 << 14)
def emails_of_others(text: str) -> frozenset[str]:
    """Lower-cased addresses the customer gives as another person's: "my husband's email is X",
    "X - that's my dad's", "im calling for my boss, X" (not: "my personal email, not my husband's: X")."""
    return frozenset(e for e in {m.group(0).lower() for m in _EMAIL.finditer(text or "")} if given_as_others(text, e))


@lru_cache(1 << 14)
def name_given_as_others(text: str, first: str, last: str) -> bool:
    """The customer gives the person ``first`` ``last`` as someone other than themself: "it's for my
    dad, Aarav Nguyen 75268", "my wife's name is aarav nguyen". The name is found as the two names
    side by side in either order, or with name words between ("first name aarav, last name nguyen")."""
    s, fn, ln = _lower(text), (first or "").lower().strip(), (last or "").lower().strip()
    if not fn or not ln:
        return False
    gap = r"(?:\W+(?:last|first|family|sur)?\s*name(?:\s+is)?|\W+is)*\W+"
    spans = [(m.start(), m.end()) for a, b in ((fn, ln), (ln, fn))
             for m in re.finditer(rf"\b{re.escape(a)}{gap}{re.escape(b)}\b", s)]
    return _judge(s, spans)
