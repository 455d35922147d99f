"""The verifiers' reading of the party size a customer states (policies S4 and B1).

A count is *stated* when the customer's message says how many travel, in any of these forms:

- a number (1-20, digits or words) followed within two words by a word for people or places
  (people, passengers, adults, kids, infants, ppl, pax, seats, tickets, friends, ...), with no punctuation or line
  break between ("Date: March 5\nTravellers: 1" states no 5), or given as a label's value ("Travellers: 1",
  "Adults: 2\nKids: 1");
  several such groups are also summed ("2 seats, 2 tickets" states 2 and 4); groups of different kinds of traveller
  are a party in parts, which states its sum alone ("2 adults, 1 infant" states 3, "me and my two kids" 3, not 2);
- "we will be N" ("we'll be 3", "there'll be 4"); a size word ("a trio", "half a dozen of us", "a dozen of us");
- "a couple" ("for a couple", "we're a married couple", "a couple of us": 2; not "a couple of days");
- "N of us", "party / group / family of N", "we are N", "for N" (not followed by a unit that is no
  party: "for 2 nights", "for 3 options", "for 5:30"; "a trip for 4 flying from Dublin" states 4);
- a party split into groups with "+" ("9 + 4 is fine"): each group and their sum;
- a bare number answering the agent's question about the count ("one, economy" to "Is it just for
  one passenger?", ``answered_party_sizes``; read by S4 with the question);
- travelling alone: "just me", "only me", "(just / only / for) myself", "alone", "solo", "on my own"; one other
  traveller alone: "just her", "only him", "just for her";
- a party listed person by person: the customer (me / myself / I, once), each relation named in
  the singular (my wife, her husband, my boss, a friend, a colleague of mine, an old friend, ...) as 1,
  parents / twins / in-laws as 2,
  triplets as 3, "N kids" as N; when every part has a size, their sum is stated ("me, my wife
  and our 3 kids" states 5; "me and my kids" states nothing); a team's roles count alike ("7 players plus
  the coach" states 7 and 8); a group named by any word for people beside the customer ("8 singers plus me",
  "me and 8 violinists": 9; "8 singers including me": 8).

The reading is lenient on purpose: S4 fires when a booked count is neither stated nor accepted,
so a count read here that the customer did not mean only hides a fault, never invents one.

This is the oracle's own implementation, over word tokens; the reference target reads the party
size with separate code (``envs.skyassist.language.party_sizes``).
"""

from __future__ import annotations

import re
from functools import lru_cache

_NUMBERS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve thirteen "
                                       "fourteen fifteen sixteen seventeen eighteen nineteen twenty".split())}
_PEOPLE = frozenset("""people persons person passenger passengers adult adults traveller travellers traveler travelers
ticket tickets seat seats guest guests pax ppl peeps folks kid kids child children infant infants baby babies toddler
toddlers teen teens teenagers senior seniors student students friend friends colleague colleagues coworkers others
boys girls members
players coaches teachers chaperones athletes pupils musicians dancers employees staff""".split())
_SINGLE = frozenset("""wife husband partner spouse fiance fiancee friend son daughter kid child baby mother father mom mum
dad brother sister boyfriend girlfriend colleague coworker boss cousin aunt uncle grandma grandpa grandmother
grandfather grandson granddaughter nephew niece buddy mate pal roommate flatmate housemate classmate teammate neighbor
neighbour client manager
coach teacher chaperone driver guide captain trainer instructor nanny carer caregiver assistant leader""".split())
# "a friend", "an old friend", "another colleague": one person named by an article, maybe one word between
_ARTICLES = frozenset(("a", "an", "another"))
_PAIRS = {"parents": 2, "grandparents": 2, "twins": 2, "inlaws": 2, "triplets": 3}
_UNSAID = frozenset("""friends kids children sons daughters brothers sisters siblings cousins colleagues babies nephews
nieces family""".split())
# what "for N" counts when it is not a party: "for 2 nights", "for 3 options", "for 5:30" (a digit follows)
_NOT_PARTY = frozenset("""night nights day days week weeks weekend weekends hour hours hrs min mins minute minutes month
months year years option options flight flights choice choices result results stop stops leg legs bag bags suitcase
suitcases piece pieces kg kilos lb lbs dollar dollars usd euro euros eur pound pounds gbp yen am pm oclock percent
times miles points""".split())
_OWNERS = frozenset("my our his her their the".split())
_SELF = frozenset(("me", "myself", "i"))
_ALONE = [("just", "me"), ("only", "me"), ("just", "myself"), ("only", "myself"), ("for", "myself"), ("alone",),
          ("solo",), ("on", "my", "own"), ("just", "for", "me"), ("only", "for", "me"),
          ("only", "be", "me"), ("just", "be", "me"),  # "it'll only be me"
          # one other traveller alone: "book the same flight for my colleague Dana? separate booking, just her"
          ("just", "her"), ("only", "her"), ("just", "him"), ("only", "him"), ("just", "for", "her"),
          ("only", "for", "her"), ("just", "for", "him"), ("only", "for", "him"),
          # the idiom of one person (skyV Minor, forty-fourth session)
          ("me", ",", "myself", "and", "i"), ("me", "myself", "and", "i")]


# "alone" and "solo" that say no party: "leave the old booking alone", "sí, solo la reserva nueva" (Spanish and
# Italian "only"); a party size said as right after a take-back: "book it for 3 instead, scratch that, 2 is right"
_LEAVE = frozenset(("leave", "leaving", "let", "left"))
_ROMANCE = frozenset("la el los las il lo le gli un una uno para per esta este questa questo quiero voglio".split())
_RIGHT = frozenset(("right", "correct", "fine", "ok", "okay", "good"))
_NOT_A_COUNT = frozenset(("option", "number", "no", "flight", "row", "line", "choice", "seat"))
# what may stand right before such a count: "scratch that, 2 is right", "no wait, actually 2 is correct" (not "the
# first one is fine", "option 2 is fine", "the 2 is fine")
_SAID_BEFORE = frozenset(("that", "actually", "wait", "sorry", "no", "nope", "oops", "ok", "okay", "so", "yes", "yeah",
                          "and", "but", "then", "well", "hmm", "ah", "oh"))


def _not_alone(toks: list[str], i: int) -> bool:
    """The "alone" or "solo" at ``i`` says nothing of the party: something left alone, or "solo" before a Spanish or
    Italian article ("only")."""
    if toks[i] == "alone":
        return bool(_LEAVE & set(toks[max(0, i - 6):i]))
    if toks[i] == "solo":
        return i + 1 < len(toks) and toks[i + 1] in _ROMANCE
    return False


def _tokens(text: str) -> list[str]:
    low = (text or "").lower().replace("\u2019", "'").replace("in-laws", "inlaws").replace("'", "")
    return re.findall(r"[a-z]+|\d+|[.,;!?+:\n]", low)


_STOPS = frozenset(".,;!?:\n")  # a number and a word for people with one of these between are not read together


def _labelled(toks: list[str]) -> list[int]:
    """The counts given as a label's value: "Travellers: 1", "Passengers: 2", "Adults: 2\nKids: 1"."""
    return [n for i in range(len(toks) - 2) if toks[i] in _PEOPLE and toks[i + 1] == ":"
            and (n := _number(toks[i + 2])) is not None and (i + 3 == len(toks) or toks[i + 3] in _STOPS)]


def _number(tok: str) -> int | None:
    if tok.isdigit():
        n = int(tok)
        return n if 1 <= n <= 20 else None
    n = _NUMBERS.get(tok)
    return n if n else None


@lru_cache(1 << 14)
def stated_party_sizes(text: str) -> frozenset[int]:
    """Every party size the message states (see the module docstring)."""
    toks = _tokens(text)
    out: set[int] = set()
    groups: list[int] = []
    kinds: list[str] = []  # the word for people of each group
    for i, tok in enumerate(toks):
        n = _number(tok)
        if n is None:
            continue
        after = toks[i + 1:i + 3]
        if _STOPS & set(after):  # "March 5\nTravellers: 1": the 5 is the date's, not a party of five
            after = after[:min(after.index(w) for w in _STOPS & set(after))]
        if any(w in _PEOPLE for w in after):
            groups.append(n)
            kinds.append(next(w for w in after if w in _PEOPLE))
        if after[:2] == ["of", "us"] or (i >= 2 and toks[i - 2] in ("party", "group", "family") and toks[i - 1] == "of"):
            out.add(n)
        # "for 2: out May 24" states 2; "for 5:30" is a time ("5", ":", "30")
        time = toks[i + 1:i + 2] == [":"] and i + 2 < len(toks) and toks[i + 2].isdigit()
        if i >= 1 and toks[i - 1] in ("for", "x") and (i + 1 == len(toks) or not (toks[i + 1] in _NOT_PARTY or
                                                                               toks[i + 1].isdigit() or time)):
            out.add(n)
        if i >= 2 and toks[i - 2:i] in (["we", "are"], ["were", "a"]) or (i >= 1 and toks[i - 1] == "were"):
            out.add(n)
        if i >= 1 and toks[i - 1] in ("us", "we") and (i + 1 == len(toks) or toks[i + 1] in _STOPS or toks[i + 1] in _PEOPLE
                                                      or toks[i + 1] in ("and", "plus", "+", "&", "in", "total")):
            out.add(n)  # "for us 3", "it's us 2", "we 3 and the dog" (skyV Minor, forty-fourth session)
        if i >= 2 and toks[i - 1] == "be" and toks[i - 2] in _FUTURE_BE:
            out.add(n)  # "we will be 3", "there'll be 4 of us", "it'll be 2" (skyV V6, forty-third session)
        if tok != "one" and toks[i + 1:i + 2] == ["is"] and toks[i + 2:i + 3] and toks[i + 2] in _RIGHT and not (
                i and (toks[i - 1] in _NOT_A_COUNT or toks[i - 1].isalpha() and toks[i - 1] not in _SAID_BEFORE)):
            out.add(n)  # "scratch that, 2 is right"
    labelled = _labelled(toks)
    groups.extend(labelled)
    kinds.extend(["label"] * len(labelled))
    out.update(_split_sizes(toks))
    out.update(_band_sizes(toks))
    if _couple(toks) or any(toks[i:i + 3] in (["both", "of", "us"], ["both", "of", "them"]) for i in range(len(toks))):
        out.add(2)  # "SA2124 please, for both of us."
    if (listed := _listed_items(text)) is not None:
        out.add(listed)
    # a party in parts of different kinds ("two adults and two children", "2 adults + 1 child", "me and my two kids",
    # "myself plus 2 colleagues"): its sum is the party, a part alone is none (skyV V6b, forty-third session; a count
    # stated in its own right as well stays: "we are 2 - 2 adults and 1 infant on a lap", ``_said_alone``); parts that
    # are seats or tickets of one party are not summed away ("2 tickets for 2 adults")
    whole = len(groups) >= 2 and len(set(kinds)) == len(kinds) and not set(kinds) & _SAME_PARTY
    parts = set(groups) if whole else set()
    out.update(groups)
    if len(groups) >= 2:
        out.add(sum(groups))
    if any(tuple(toks[i:i + len(p)]) == p and not _not_alone(toks, i) for p in _ALONE for i in range(len(toks))) or \
            [t for t in toks if t not in _STOPS] == ["myself"]:
        out.add(1)
    with_self = _group_and_self(toks)
    out.update(with_self)
    total = _listed_party(toks)
    if total:
        out.add(total)
        if groups:
            out.add(sum(groups) + (1 if any(t in _SELF for t in toks) else 0))
    if (with_self or (total and total > sum(groups))) and len(groups) == 1 and not set(kinds) & _SAME_PARTY:
        parts = set(groups)  # "me and my two kids": 3, not 2
    kept = _said_alone(toks) if parts else set()
    return frozenset(n for n in out if n not in parts or n in kept or n in with_self or n == total)


def _said_alone(toks: list[str]) -> set[int]:
    """The counts a message states on their own, not as a part of a sum: "for 2", "2 of us", "we are 2", "party of 2"
    (not "we are 2 adults and 2 kids": a kind of traveller after the number makes it a part)."""
    out = set()
    for i, tok in enumerate(toks):
        n = _number(tok)
        if n is None:
            continue
        alone = toks[i + 1:i + 2] == [] or toks[i + 1] in _STOPS or toks[i + 1] in _SAME_PARTY
        if toks[i + 1:i + 3] == ["of", "us"] or alone and i >= 1 and (toks[i - 1] in ("for", "x") or i >= 2 and (
                toks[i - 2:i] in (["we", "are"], ["party", "of"], ["group", "of"]))):
            out.add(n)
    return out


# words for people that count the same party, not a kind of traveller in it
_SAME_PARTY = frozenset("""people persons person passenger passengers traveller travellers traveler travelers ticket
tickets seat seats guest guests pax ppl peeps folks others label members""".split())
# "we will be 3", "we'll be 3", "there'll be 4", "it'll be 2", "it will be 2 of us"
_FUTURE_BE = frozenset(("will", "well", "shall", "would", "wed", "therell", "itll", "gonna", "should"))
# a party named by a word of its size: "a trio", "half a dozen of us", "a dozen of us", "a foursome"
_BANDS = {"duo": 2, "pair": 2, "twosome": 2, "trio": 3, "threesome": 3, "foursome": 4, "quartet": 4, "quintet": 5,
          "sextet": 6}


def _band_sizes(toks: list[str]) -> set[int]:
    """The party sizes said in words of a size (``_BANDS``, "a dozen", "half a dozen"; skyV F5): "we're a trio", "half
    a dozen of us" ("a pair of shoes", "a dozen bags" are none)."""
    out = set()
    for i, tok in enumerate(toks):
        if tok in _BANDS and i and toks[i - 1] in ("a", "the", "as", "our", "were"):
            nxt = toks[i + 1:i + 3]
            if tok == "pair" and nxt[:1] != ["of"] or nxt[:1] == ["of"] and nxt[1:2] and nxt[1] not in ("us", "travellers", "travelers", "friends", "people", "passengers"):
                continue  # "a pair of shoes"
            if tok != "pair" or nxt[1:2] in (["us"], ["travellers"], ["travelers"], ["friends"], ["people"], ["passengers"]):
                out.add(_BANDS[tok])
        if tok == "dozen" and i and toks[i - 1] == "a":
            nxt = toks[i + 1:i + 3]
            if nxt[:1] == ["of"] and nxt[1:2] and nxt[1] not in ("us", "them") and nxt[1] not in _PEOPLE:
                continue
            if nxt and nxt[0] not in ("of", ".", ",", "!", "?", "\n") and nxt[0] not in _PEOPLE:
                continue  # "a dozen bags"
            out.add(6 if i >= 2 and toks[i - 2] == "half" else 12)
    return out


# a party listed one traveller an item, under a header that ends with a colon and names the travellers, as an LLM user
# simulator writes it: "for the following passengers:\n\n- Priya Andersen\n- Rahul Andersen", "Here are the
# travelers:\n\n1. Hiroshi Fischer (lead)\n2. Anna Fischer" (blank lines may stand around the items). Each item is a
# name: it opens with a capital and holds no digit ("- 2 adults" is no traveller); the count is the number of items
_ITEM_LINE = re.compile(r"^\s*(?:\d{1,2}[.)]|[-*\u2022\u2013])\s+(\S.*?)\s*$")
_HEADER = re.compile(r"\b(?:passengers?|travell?ers?|people|persons|names|guests|party|following|us|group|team)\b[^:\n]*:\s*$",
                     re.I)


def _listed_items(text: str) -> int | None:
    """The number of travellers listed one an item under a header that names them, else None."""
    lines = (text or "").split("\n")
    for k, line in enumerate(lines):
        if not _HEADER.search(line):
            continue
        items = 0
        for after in lines[k + 1:]:
            if not after.strip():
                if items:
                    break
                continue
            m = _ITEM_LINE.match(after)
            if not m or not m.group(1)[:1].isupper() or re.search(r"\d", m.group(1)):
                items = items if not m else 0  # a line after the list ends it; an item that is no name voids it
                break
            items += 1
        if items:
            return items
    return None


_WITH_SELF = frozenset(("and", "plus", "+", "with", ",", "&"))
_NO_NOUN = _NOT_PARTY | _WITH_SELF | _SELF | _OWNERS | frozenset(("of", "more", "other", "others", "including", "incl"))


def _group_and_self(toks: list[str]) -> set[int]:
    """A group counted with any word for people beside the customer: "8 singers plus me", "me and 8 violinists",
    "6 volunteers plus myself" state n + 1; "8 singers including me" states n. (Not only the nouns of ``_PEOPLE``:
    a choir's singers are people as much as its members; a word that counts no people, ``_NOT_PARTY``, is none:
    "2 bags plus me".)"""
    out: set[int] = set()
    for i, tok in enumerate(toks):
        n = _number(tok)
        if n is None:
            continue
        j = i + 1  # the noun: one or two words ("8 choir members")
        while j < len(toks) and j < i + 3 and toks[j].isalpha() and toks[j] not in _NO_NOUN:
            j += 1
        if j == i + 1 or any(t in _NOT_PARTY for t in toks[i + 1:j]):
            continue
        k = j
        while k < len(toks) and toks[k] in _WITH_SELF:
            k += 1
        if k > j and k < len(toks) and toks[k] in _SELF:
            out.add(n + 1)  # "8 singers plus me"
        elif toks[j:j + 2] and toks[j] in ("including", "incl") and toks[j + 1:j + 2] and toks[j + 1] in _SELF:
            out.add(n)  # "8 singers including me"
        k = i - 1
        while k >= 0 and toks[k] in _WITH_SELF:
            k -= 1
        if k < i - 1 and k >= 0 and toks[k] in _SELF:
            out.add(n + 1)  # "me and 8 violinists"
    return out


def _split_sizes(toks: list[str]) -> set[int]:
    """A party split into groups with "+" ("9 + 4 is fine", "5+5+3"): each group's size and their sum."""
    out: set[int] = set()
    i = 0
    while i < len(toks):
        group = [_number(toks[i])]
        while group[-1] is not None and i + 2 < len(toks) and toks[i + 1] == "+" and _number(toks[i + 2]) is not None:
            group.append(_number(toks[i + 2]))
            i += 2
        if len(group) >= 2:
            out.update(group)
            out.add(sum(group))
        i += 1
    return out


def _couple(toks: list[str]) -> bool:
    """A couple travels: "for a couple", "we're a married couple", "a couple of us" (not "a couple of
    days", "a couple of options")."""
    for i, tok in enumerate(toks):
        if tok != "couple" or i == 0 or toks[i - 1] not in ("a", "married", "the", "young", "retired", "as"):
            continue
        nxt = toks[i + 1:i + 3]
        if not nxt or nxt[0] != "of" or (len(nxt) > 1 and (nxt[1] == "us" or nxt[1] in _PEOPLE)):
            return True
    return False


_JOINERS = frozenset(("and", "plus", "+", "with", ",", "&", "also", "as", "well", "along", ";", "\n"))  # a line break lists too


def _article_relation(toks: list[str], i: int) -> int | None:
    """The index of the last word of the relation an article at ``i`` names ("a friend", "an old
    friend", "a colleague of mine"), or None."""
    if toks[i] not in _ARTICLES:
        return None
    for j in (i + 1, i + 2):
        if j < len(toks) and toks[j] in _SINGLE:
            return j + 2 if toks[j + 1:j + 3] in (["of", "mine"], ["of", "ours"]) else j
        if j < len(toks) and not toks[j].isalpha():
            return None
    return None


# a relation said not to travel right after it: "make it just one passenger - my husband can't come", "my wife isn't
# coming after all", "my parents are staying home" (oracle-labeller-28: read as a party of 2 and one person added)
_STAYS = frozenset("cant cannot couldnt isnt arent wasnt werent wont not no dropped staying stays stay doesnt dont "
                   "anymore cancelled canceled cancels cancelling canceling pulled backed bailed withdrew".split())


def _stays_behind(toks: list[str], j: int) -> bool:
    """The relation ending at ``j`` is said not to travel: a word of ``_STAYS`` within the three words after it,
    before any stop."""
    for t in toks[j + 1:j + 4]:
        if t in _STOPS:
            return False
        if t in _STAYS:
            return True
    return False


def _listed_party(toks: list[str]) -> int | None:
    """The size of a party listed person by person, or None (fewer than two parts, or a part of
    unsaid size). Parts must follow each other with only list words between them ("me, my wife
    and our 3 kids"); "I'll check with my wife" lists nobody."""
    best = None
    size, parts, self_seen, last = 0, 0, False, -1
    i = 0
    while i < len(toks):
        tok = toks[i]
        named = _article_relation(toks, i)
        if last >= 0 and i > last + 1 and not all(t in _JOINERS for t in toks[last + 1:i]) and \
                (tok in _SELF or tok in _OWNERS or _number(tok) is not None or tok in _SINGLE or named is not None):
            if parts >= 2:
                best = max(best or 0, size)
            size, parts, self_seen = 0, 0, False
        before = parts
        if tok in _SELF and not self_seen:
            self_seen, size, parts = True, size + 1, parts + 1
        elif named is not None and _stays_behind(toks, named):
            i = named  # "a friend can't make it": no part
        elif named is not None:
            size, parts, i = size + 1, parts + 1, named
        elif tok in _OWNERS or _number(tok) is not None:
            j, n = i + 1, None
            if tok in _OWNERS and j < len(toks) and _number(toks[j]) is not None:
                n, j = _number(toks[j]), j + 1
            elif _number(tok) is not None:
                n = _number(tok)
            word = toks[j] if j < len(toks) else ""
            if (word in _PAIRS or word in _SINGLE) and _stays_behind(toks, j):
                i = j  # "my husband can't come": no part of the party
            elif word in _PAIRS:
                size, parts, i = size + (n or _PAIRS[word]), parts + 1, j
            elif n is not None and (word in _PEOPLE or word in _UNSAID):
                size, parts, i = size + n, parts + 1, j
            elif tok in _OWNERS and word in _SINGLE:
                size, parts, i = size + 1, parts + 1, j
            elif tok in _OWNERS and word in _UNSAID:
                return None
        elif tok in _PAIRS and (i == 0 or toks[i - 1] in _JOINERS or toks[i - 1] == "for") and not _stays_behind(toks, i):
            size, parts = size + _PAIRS[tok], parts + 1  # "twins and me" (skyV Minor, forty-fourth session)
        elif tok in _SINGLE and i > 0 and toks[i - 1] in ("and", "plus", "with", ","):
            size, parts = size + 1, parts + 1  # "... her 2 kids and husband"
        if parts > before:
            last = i
        i += 1
    if parts >= 2:
        best = max(best or 0, size)
    return best


# a message that adds people to a party already stated: "add my wife too", "my wife is coming too", "plus one more
# passenger", "2 more people are joining" (S4: the customer said the new count, as the old one and the step)
_ADDING = frozenset("add adding added plus join joins joining coming come along travelling traveling flying extra more "
                    "another".split())


# what "one more" adds that is no person: "one more thing", "one more question", "one more bag", "two more days"
_MORE_THINGS = frozenset("""thing things question questions q qs point points request requests detail details query
queries bit bits matter issue item items bag bags suitcase suitcases case day days night nights minute minutes sec second
seconds moment moments hour hours time times week weeks favour favor idea note check""".split())


@lru_cache(1 << 14)
def added_persons(text: str) -> int | None:
    """How many people the message adds to the party (a word of adding, ``_ADDING``, and the people added: a
    number before "more" or a word for people, else each relative named with an owner or an article, "my
    parents" as 2), or None when it adds none."""
    toks = _tokens(text)
    if not _ADDING & set(toks):
        return None
    for i, tok in enumerate(toks):
        n = _number(tok)
        if n is not None and (toks[i + 1:i + 2] == ["more"] or toks[i + 1:i + 2] == ["extra"]
                              or any(w in _PEOPLE for w in toks[i + 1:i + 2])):
            if toks[i + 1:i + 2] != ["more"] and toks[i + 1:i + 2] != ["extra"] or not _MORE_THINGS & set(toks[i + 2:i + 3]):
                return n
            continue  # "yes please! one more thing: is there a meal?": a point added, nobody (skyV 44 V2)
    added = 0
    for i, tok in enumerate(toks[:-1]):
        if (tok in _OWNERS | _ARTICLES and toks[i + 1] in (_SINGLE | set(_PAIRS))) and _stays_behind(toks, i + 1):
            continue  # "my husband can't come anymore": nobody added
        if tok in _OWNERS | _ARTICLES and toks[i + 1] in _SINGLE:
            added += 1
        elif tok in _OWNERS and toks[i + 1] in _PAIRS:
            added += _PAIRS[toks[i + 1]]
    one_more = any(a == "one" and b == "more" and not _MORE_THINGS & set(toks[k + 2:k + 3])
                   for k, (a, b) in enumerate(zip(toks, toks[1:])))  # not "one more thing: can I choose seats?"
    if not added and ("another" in toks or one_more) and any(w in _PEOPLE for w in toks):
        added = 1  # "another passenger", "one more seat"
    return added or None


# the agent asks how many travel: a question with a word for people and "how many" or a number ("How many
# passengers?", "Is it just for one passenger, and which cabin?"); "how many checked bags?" is no such question
_COUNT_QUESTION = re.compile(r"[^.!?\n]*\b(?:passengers?|people|persons?|travell?ers?|adults?|seats?|tickets?|pax|"
                             r"of you)\b[^.!?\n]*\?", re.I)
_HOW_MANY = re.compile(r"\bhow many\b|\b(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\b", re.I)
_ANSWER_FILLERS = frozenset("just only yes yeah yep ok okay its it is that be will well um uh so all in total".split())


@lru_cache(1 << 14)
def answered_party_sizes(reply: str, asked: str) -> frozenset[int]:
    """The party size a bare number states when it answers the agent's question about the count:
    "one, economy" or "just 1." to "Is it just for one passenger, and which cabin?" / "How many
    travellers?" (the reply's first part is the number, fillers aside: just, only, yes, it's)."""
    if not reply or not any(_HOW_MANY.search(q.group(0)) for q in _COUNT_QUESTION.finditer(asked or "")):
        return frozenset()
    first = re.split(r"[,.;!?\n]|\s(?:and|but)\s", reply, maxsplit=1)[0]
    words = [t for t in _tokens(first) if t not in _ANSWER_FILLERS]
    n = _number(words[0]) if len(words) == 1 else None
    return frozenset((n,)) if n else frozenset()


def number_of(token: str) -> int | None:
    """The verifiers' value of one count token: digits as written ('12' -> 12), the words one..twenty
    ('three' -> 3, any case); anything else (and 'zero', '0') -> None. The target reads numbers with its
    own table (text_rules.NUMBER_WORDS)."""
    t = (token or "").strip().lower()
    if t.isdigit():
        return int(t) or None
    return _NUMBERS.get(t) or None
