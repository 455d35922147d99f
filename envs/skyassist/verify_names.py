"""The verifiers' reading of passenger names stated by the customer (policy S1).

A name is *stated as a name* when the customer's message presents it as one:
  - after a naming cue: "my name is", "name is", "name:", "names are", "call me", "I'm",
    "I am", "this is", "it's", "for", "under", "use", "passenger", "traveller", "passengers are", "travellers are"
    (will be), "surname",
    "last name", "first name" (for the weak cues I'm / this is / it's / for / under / use /
    passenger the name must be capitalised, the others accept any case; but "I'm" / "I am" /
    "this is" / "it's" + a first and last name count in any case, asked or not: "i'm aisha
    okafor", "it's fatima khan"; placeholders such as "guest" or "customer" are never names there);
    a labelled field is such a cue ("First: Hannah", "given: Ann",
    "Surname - Lee"), and so is a bare part label beside another ("Last name Tanaka, first Yui", "Surname
    Tanaka, given Yui": ``_bare_labels``), or after each part ("Walsh last, Liam first", "Liam (first) Walsh (last)":
    ``_labels_after``); after a cue "MURPHY, Hannah" names both (Last, First);
  - as "Last, First" (the whole message);
  - as a sentence that consists of nothing but name words: capitalised, or in any case when
    the assistant's message just before asked for a name;
  - after a request for a name, as two or more capitalised name words that end a sentence and
    do not follow a word of place ("I'll take Thandiwe Chen", not "fly to New York");
  - as a speaker introducing themself, asked or not: a sentence of capitalised name words and a
    closing "here" or "speaking", after a greeting or none ("Hi, Omar Chen here.", "Omar speaking");
  - as a full name (two to four name words, any case) that opens the message as a sentence of its own,
    after a greeting, with a closing "here" or not ("malik fischer. JFK-FRA jul 23", "hi, malik fischer here.").
  - as a name then said to be the customer, the lead or a companion by kin ("Thandiwe Hernandez is me", "... (that's
    me)", "... is the lead passenger", "... is my wife"), where a clause opens with it (``_said_to_be``; "is the lead"
    only alone or before "passenger", "traveller", "name": not "Air Canada is the lead carrier");
  - as a capitalised full name right after the party's count that ends its clause ("2 people Thandiwe Hernandez and my
    wife", "6 people Liam Walsh and friends", "... leading"; ``_after_count``);
  - as two to four name words that a mark sets apart from the rest of their sentence (a dash of any kind, "~", "|",
    "/", brackets, an emoji: "..., 1 seat, Aisha Okafor - thanks!", "Aisha Okafor - I'd like to book ...", "..., Aisha
    Okafor 😊"; ``_between_marks``), not after a word of place; marks that close a sentence are dropped like fillers.
  - as the signer of an e-mail sign-off: a valediction ("Best regards,", "Kind regards", "Thanks,", "Cheers,",
    "Sincerely,", "--", "Sent by") opening a line or after a sentence's end, then one to four capitalised name words
    on its line after a mark or on the next line, before a title, company, phone or room (``_signature``); the rest of
    that block is read by no other reader ("Sincerely", "Acme GmbH" are no names);
  - as a name field of pasted JSON ({"name": "Omar Singh"}, {"last_name": "Singh"}: ``_json_names``).
Dictated punctuation ("Omar Singh period", "full stop", "comma", "new line", "question mark", in lower case or in
capitals, not after a word that makes it a noun: ``_dictated``) is a mark, never a name word: "Line" or "Mark"
capitalised and given as a name stays one ("Line Hansen", "Mark Jones").
Read loosely like this (after the count, after a weak cue, said to be the lead), capitalised words that read as a place
the database knows, an airline, an alliance or an event ("6 people New Zealand", "6 people Frankfurt Airport", "6 people
Star Alliance", the route "6 people Vancouver Frankfurt": ``_reads_as_place``) are no name.
Which part of the name a word is (``stated_parts``, S1's check of a first and last name swapped) is read only where the
words say it: a labelled part, or "my name is Liam Walsh" / "I'm Liam Walsh" in speaking order.
Titles (Dr., Mr., ...) are skipped; particles (van, der, de, ...) belong to the name. Ordinary
words ("Please proceed", "Looks great", "Sure", "book it") never count as name words; a name in
capitals, as on a passport ("HANNAH MURPHY"), does. Fillers, interjections, sign-offs and pronouns typed
beside a name ("Maya Adeyemi obviously", "... mate", "... x", "... myself": ``_FILLERS``) are no name words
either, unless a label gives one capitalised ("my surname is Mate"); the name before them is still stated.
A name booked in plain letters is the name
stated with accents or special letters ("Jose Nunez" for "José Núñez", "Juergen Mueller" for "Jürgen
Müller", "Weiss" for "Weiß", "Odegard" or "Oedegaard" for "Ødegård", ``name_in``).

This is the oracle's own implementation, token-based; the reference target reads names with
separate code in ``envs.skyassist.language``.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from envs.skyassist.database import AIRPORTS_TABLE

_TITLE_WORDS = frozenset("dr mr mrs ms miss mx prof sir madam dame".split())
# (Irish "Ó", "Ní", "Nic", "Uí": "Ó Briain" is a surname, skyV Minor, forty-fourth session)
_PARTICLE_WORDS = frozenset("van der den de da di del della la le von dos das du al el bin ben ter ten op st ibn y "
                            "ó ní nic uí mhic".split())
_ORDINARY = frozenset("""
a about above after again all alright also am an and another any anything are as asap at away back be been before
being below best book booked booking bookings both business but by bye can cabin cancel change cheapest cheers
class come confirm confirmed cool correct could date day days deal definitely did do does done economy else
evening everything excellent fantastic fine first flight flights for from go goes going good goodbye great
hello help her here hers hey hi him his hold how however i if in is it its just kind last later latest let lets like
lot looks look lovely many maybe me mine more morning much my name need next nice night no nope not now of off ok
okay on one only option or other our out over perfect please premium price proceed put quick quickly ready really
refund reservation reserve right round same seat seats second see set should so some sorry sounds sure super
thank thanks that the their them then there these they thing this those three through ticket tickets to today
tomorrow tonight too trip two under up urgent us use very wait want was way we well were what when where which
who why will with wonderful would yeah yep yes yup you your yours passenger passengers people person adult
adults child children economy total cost cheaper earlier later one two three four five six seven eight nine ten
straight hurry hi dear team folks everyone amazing brilliant awesome absolutely certainly course agreed
im ive ill id thats lets dont doesnt cant wont whats heres theres youre were
take took pick picked choose chose get got have has had make made say said write note list add sign enter type
spell down
alone together flying travelling traveling going coming leaving returning staying here back ready happy
regards sincerely cordially faithfully respectfully warmest kindest speaking
pax lead traveller traveler surname surnames lastname firstname names lol lmao rofl haha hahaha hehe btw idk tbh omg pls plz thx ty np ur u k kk xd xo xx jk smh fyi imo lmk
""".split())
# words typed beside a name that are no part of it: fillers, interjections, sign-offs, forms of address and pronouns
# ("Maya Adeyemi obviously", "... x", "... mate", "... duh", "... myself"); never name words, so a booking that uses
# one as a name is S1's, and a sentence that ends with them still states the name before them (``_strip_fillers``).
# A real surname among them ("Mate") is a name only where a label gives it ("my surname is Mate", ``_PART_BY_FIRST``)
_FILLERS = frozenset("""
obviously naturally honestly seriously basically literally clearly surely actually definitely probably hopefully
thankfully really totally anyway anyways though tho btw fyi tbh ngl imo obv obvs ofc natch innit duh ugh meh hmm
hmmm welp oops yay phew huh lol lmao rofl haha hahaha hehe x xx xxx xo xoxo mate mates bro bruh dude buddy fam
myself yourself ourselves me too also aswell again still please pls plz thanks thx ty thankyou cheers ok okay kk
yeah yep yup sure cool
ys yse yss yess yesss yas yass yea yeaa yeah yeahh yah ya yaa yh yeap yeep yepp yupp yuh okk okkk okey okie okayy kk kkk
mk mhm mhmm mmhm uhuh aight ight alrighty righto roger gotcha noted understood whatever aye suree shure
""".split())
# (the acknowledgements above, typos of a yes included, said as a whole reply to "What is your name?" ("ys", "yea",
# "sure thing") are a yes, not a name: sky-customers-21 finding 2. Real short names that look like one ("Ye", "Yeh",
# "Oki", "Li") are left out)
_ORDINARY = _ORDINARY | _FILLERS
_CONTRACTION_ENDS = ("'ll", "'d", "'ve", "'re", "'m", "'s", "'t")
_STRONG = [tuple(c.split()) for c in (
    "my name is", "my names", "name is", "names are", "the name is", "name", "call me", "surname is", "surname",
    "last name is", "last name", "family name is", "family name", "first name is", "first name", "given name is",
    "given name", "lastname is", "lastname", "firstname is", "firstname", "passenger name is", "passenger name",
    "the passenger is", "lead passenger is", "lead passenger",
    "in the name of", "under the name of", "under the name", "put it under", "book it under", "booked under",
    "lead pax is", "lead pax", "the lead pax is", "lead traveller is", "lead traveler is", "lead name is",
    "names", "passenger names", "traveller names", "traveler names", "name to", "name should be", "should be under",
    "name on the booking should be", "name on the booking is",
    # the lead named without "passenger": "lead is Carlos Dubois", "the lead's Carlos Dubois", "lead will be ..."
    "lead is", "the lead is", "leads", "lead will be", "lead should be", "lead would be",
)]
_WEAK = [tuple(c.split()) for c in ("im", "i am", "this is", "its", "it is", "for", "under", "use", "passenger",
                                       "traveller", "traveler", "lead", "just me", "only me", "passengers",
                                       "travellers", "travelers", "were", "we are",
                                       # the party named as such: "Travellers are Carlos Chen and Mei Chen", "The
                                       # passengers will be ..." (a list, as after "names are")
                                       "passengers are", "travellers are", "travelers are", "passengers will be",
                                       "travellers will be", "travelers will be")]
# what ends a name typed before other details: a passport or card number ("Ana Lopez passport K7654321"), or
# a companion named by relation ("ana lopez and my son") or by a count or an article ("Aisha Andersen plus one
# colleague", "... and a colleague", "... + 1", "... with two others": lower case, so "and Ben Andersen" stays a
# name), or by a bare word of kin ("Thandiwe Hernandez + wife", "... and son": lower case); read as the end of a
# sentence, the companion's words with it
_KIN = ("wife|husband|partner|spouse|fianc[eé]e?|friend|son|daughter|mother|father|mom|mum|dad|brother|sister|"
        "boyfriend|girlfriend|colleague|co-?worker|boss|kids?|child|children|baby|infant"
        # ... or the companions as a group: "Liam Walsh and friends", "... and family", "... and co", "... + the kids"
        "|friends|family|fam|co|Co|colleagues|co-?workers|others|crew|team|gang|folks|pals|company|"
        "the\\s+(?:kids|family|gang|team|crew|others|rest|boys|girls|lads)")
_AFTER_NAME = re.compile(r"\s+(?:(?:my\s+)?(?:passport|card|credit card|pp)(?:\s+(?:number|no\.?|num|#))?\s*[:#]?\s*"
                         r"(?=[A-Za-z]{0,2}\d)|(?:and|with|plus|&)\s+(?:my|our)\s+"
                         # (not "... and my surname is Stone": a label of the name, no companion)
                         r"(?!(?:(?:sur|last|first|family|given|middle|maiden|married|full)\s*)?names?\b)[a-z]+\b"
                         r"|(?-i:(?:and|with|plus|&|\+)\s*(?:a|an|another|one|two|three|four|five|six|seven|eight|nine|ten|"
                         r"\d{1,2})(?:\s+(?:other|more|extra|additional))?(?:\s+[a-z]+)?)(?![\w-])"
                         r"|(?-i:(?:and|with|plus|&|\+)\s*(?:" + _KIN + r"))(?![\w-]))", re.I)
# the role said after a capitalised name ends it, as a companion does: "6 people Liam Walsh leading", "... leading the
# group", "for 6 Liam Walsh as lead" (read as "Liam Walsh. the group")
_ROLE_AFTER = re.compile(r"(\b[A-Z][\w'\u2019-]*)\s+(?:leading|as\s+(?:the\s+)?lead"
                         r"(?:\s+(?:passenger|travell?er|pax))?)(?![\w-])")
_NAME_ASK_WORDS = ("name",)
_RELATION = re.compile(r"\b(?:my|our)\s+(?:wife|husband|partner|spouse|fianc[eé]e?|friend|son|daughter|mother|father|mom|mum|"
                       r"dad|brother|sister|boyfriend|girlfriend|colleague|co-?worker|coworker|boss|manager|client|guest|"
                       r"cousin|aunt|uncle|grandma|grandpa|grandmother|grandfather|grandson|granddaughter|nephew|niece|"
                       r"assistant|employee|mother-in-law|father-in-law|stepson|stepdaughter|child|kid)\s*[,:\-]?\s+",
                       re.I)


def _by_first(cues: list[tuple[str, ...]]) -> dict[str, list[tuple[str, ...]]]:
    out: dict[str, list[tuple[str, ...]]] = {}
    for c in cues:
        out.setdefault(c[0], []).append(c)
    return out


_STRONG_BY_FIRST = _by_first(_STRONG)
_WEAK_BY_FIRST = _by_first(_WEAK)
# the cues that label one part of a name ("my surname is Mate", "last name: Le")
_PART_BY_FIRST = _by_first([tuple(c.split()) for c in (
    "surname is", "surname", "last name is", "last name", "family name is", "family name", "first name is",
    "first name", "given name is", "given name", "lastname is", "lastname", "firstname is", "firstname")])
# the last words of those cues: one word after them introduces the speaker ("I'm Sydney"), though a city may be it
_SELF_ENDS = frozenset("im am is its".split())
_SELF_BY_FIRST = _by_first([tuple(c.split()) for c in ("im", "i am", "this is", "its", "it is")])
# the traveller named as such: "traveller is Garcia", and in any case a full name ("traveller is garcia, sofia": after
# a cue, "Last, First" names both; not "the traveller is vegetarian")
_TRAVELLER_BY_FIRST = _by_first([tuple(c.split()) for c in (
    "traveller is", "traveler is", "passenger is",
    # ... or as the one who flies, or whom the customer books for: "the person flying is Tom Berg", "the flyer is ...",
    # "traveller will be ...", "booking on behalf of Tom Berg" (not "on behalf of my company": no name word follows)
    "flying is", "travelling is", "traveling is", "flyer is", "flier is", "traveller will be", "traveler will be",
    "passenger will be", "on behalf of")])


def _is_letters(tok: str) -> bool:
    core = tok.replace("-", "").replace("'", "")
    return bool(core) and all(unicodedata.category(ch).startswith("L") for ch in core)


def _tokens(text: str) -> list[tuple[str, bool]]:
    """(word, ends_sentence) pairs; punctuation is stripped from the words, apostrophes kept
    inside names (O'Brien) but removed from cue words (I'm -> im)."""
    out = []
    for raw in text.replace("\u2019", "'").split():
        end = raw[-1:] if raw[-1:] in ".!?;," and not (len(raw) <= 3 and raw[:-1].lower() in _TITLE_WORDS) else False
        word = raw.strip(".,!?;:()\"'")
        if word:
            out.append((word, end))
        elif out:
            out[-1] = (out[-1][0], True)
    return out


def _cue_key(word: str) -> str:
    return word.lower().replace("'", "")


# given names that are also ordinary words: a name word when capitalised ("Will Smith", "May Chen")
# (and surnames that are: "Tom Price", "Doris Day")
_WORD_NAMES = frozenset("will may faith hope grace joy mark bill rose june april august summer sunny price day".split())


@lru_cache(1 << 16)
def _nameish(word: str, any_case: bool) -> bool:
    low = word.lower()
    if low in _PARTICLE_WORDS or low in _TITLE_WORDS:
        return True
    if low in _WORD_NAMES and word[:1].isupper():
        return True
    if low.endswith(_CONTRACTION_ENDS):  # "that'll", "we'd": a contraction, never a name
        return False
    return (_is_letters(word) and low.replace("'", "") not in _ORDINARY and not (word.isupper() and len(word) < 2)
            and (any_case or word[:1].isupper()))


def _take_run(tokens: list[tuple[str, bool]], start: int, any_case: bool) -> tuple[list[str], bool]:
    """The name words from ``start`` (titles dropped), and whether they end a sentence or the message."""
    run, ends, _ = _run_at(tokens, start, any_case)
    return run, ends


_JOINERS = frozenset("and & + plus".split())


def _take_list(tokens: list[tuple[str, bool]], start: int, any_case: bool) -> list[str]:
    """The names from ``start``: a run of name words, then more runs joined to it by and / & / + / plus
    ("Diego Walsh and Ana Walsh", "Diego and Ana Walsh") or, full names of two or more words, by commas
    ("Diego Walsh, Ana Walsh"), a short "for ..." between allowed before a full name ("Liam Hernandez
    for the 9 and Sara Hernandez for the 4", ``_after_qualifier``)."""
    out: list[str] = []
    k = start
    while k < len(tokens):
        run, _, nxt = _run_at(tokens, k, any_case)
        if not run:
            break
        out.extend(run)
        if nxt >= len(tokens):
            break
        end = tokens[nxt - 1][1]
        after = _after_qualifier(tokens, nxt) if not end else None
        if not end and tokens[nxt][0].lower() in _JOINERS:
            k = nxt + 1
        elif after is not None and len(_run_at(tokens, after, any_case)[0]) >= 2:
            k = after  # "Liam Hernandez for the 9 and Sara Hernandez for the 4"
        elif end == "," and len(run) >= 2 and len(_run_at(tokens, nxt, any_case)[0]) >= 2:
            k = nxt
        elif end == "," and len(run) == 1 and not out[:-1] and 1 <= len(_run_at(tokens, nxt, any_case)[0]) <= 2:
            k = nxt  # "under MURPHY, Hannah": Last, First
        else:
            break
    return out


def _after_qualifier(tokens: list[tuple[str, bool]], start: int) -> int | None:
    """After a name, a short "for ..." that says whom it is for ("for the 9", "for the first group"),
    then a comma or a joiner: the index of the token that follows them (the next name of the list), or
    None."""
    if start >= len(tokens) or tokens[start][0].lower() != "for":
        return None
    for j in range(start, min(start + 4, len(tokens) - 1)):
        end = tokens[j][1]
        if end == ",":
            return j + 1
        if end:
            return None
        if tokens[j + 1][0].lower() in _JOINERS:
            return j + 2
    return None


def _run_at(tokens: list[tuple[str, bool]], start: int, any_case: bool) -> tuple[list[str], bool, int]:
    """``_take_run`` and the index of the token after the run."""
    run: list[str] = []
    k = start
    ends = False
    while k < len(tokens) and len(run) < 6:
        word, end = tokens[k]
        if not _nameish(word, any_case):
            break
        run.append(word)
        k += 1
        if end:
            ends = True
            break
    ends = ends or k == len(tokens)
    while run and run[-1].lower() in _PARTICLE_WORDS | _TITLE_WORDS:
        run.pop()
        k -= 1
        ends = False
    return [w for w in run if w.lower() not in _TITLE_WORDS], ends, k


def _take(tokens: list[tuple[str, bool]], start: int, any_case: bool) -> list[str]:
    return _take_run(tokens, start, any_case)[0]


_NEGATIONS = frozenset("not no never wont dont doesnt didnt cant cannot couldnt wouldnt isnt without unknown".split())
_OTHERS = frozenset("his her their its".split())
_OWNERS = frozenset("my our his her their the your a an".split())
# what stands in for a name, never one: "i'm guest user", "this is customer service"
_PLACEHOLDERS = frozenset("guest guests customer customers client user traveller traveler passenger na tbd tba unknown "
                          "anonymous service support".split())


def _after_cues(toks: list[tuple[str, bool]], keys: list[str], cues: dict[str, list[tuple[str, ...]]]):
    """The index after each naming cue of ``cues`` in the message (a cue that ends a sentence names
    nothing; nor does someone else's name cue after a negation in the same sentence: "he wont tell
    me his surname lol", "I don't know her last name")."""
    for i in range(len(toks)):
        for cue in cues.get(keys[i], ()):
            if tuple(keys[i:i + len(cue)]) == cue and not toks[i + len(cue) - 1][1]:
                if i and keys[i - 1] in _OTHERS | {"the"} and _negated_before(toks, keys, i):
                    continue
                yield i + len(cue)


# who a negation contrasts, not what it says is untold: "the ticket is for him not me - his name is Rashid Al-Amin"
_CONTRASTED = frozenset("me him her us them myself".split())


def _negated_before(toks: list[tuple[str, bool]], keys: list[str], i: int) -> bool:
    """A negation comes before token ``i`` in its clause (a dash ends the clause as a comma does), and it negates
    a telling, not a person ("not me", "not him": the traveller contrasted, tester 17)."""
    k = i - 1
    while k >= 0 and not toks[k][1] and toks[k][0] not in _DASHES:
        if keys[k] in _NEGATIONS and not (k + 1 < i and keys[k + 1] in _CONTRASTED):
            return True
        k -= 1
    return False


# a labelled field: "First: Hannah", "given: Ann", "Surname - Lee", "Last name = Murphy" (read as "first name
# Hannah", "last name Lee")
_LABEL = re.compile(r"\b(?:(first|given|fore)|(last|family|sur))(?:\s*names?)?\s*(?::|\s[-\u2013\u2014=]\s|=)\s*", re.I)


# ... and the traveller as a field: "passenger: garcia, sofia", "Traveller - Sofia Garcia", numbered as a party is listed
# ("Passenger 1: Carlos Chen / Passenger 2: Mei Chen", "Traveller #2 - ...", "Adult 1: ...") (read as "passenger name")
_TRAVELLER_LABEL = re.compile(r"\b(?:passenger|travell?er|(?=\w+\s*#?\d)(?:pax|adult))(?:\s*#?\d{1,2})?(?:\s*name)?"
                              r"\s*(?::|\s[-\u2013\u2014=]\s|=)\s*", re.I)


def _labels(text: str) -> str:
    if ":" not in text and "-" not in text and "=" not in text and "\u2013" not in text and "\u2014" not in text:
        return text
    text = _TRAVELLER_LABEL.sub("passenger name ", text)
    return _LABEL.sub(lambda m: "first name " if m.group(1) else "last name ", text)


# the name said before its label: "Okafor is the surname", "Okafor is my last name", "Aisha is her first name",
# "Okafor my surname" (read as "last name Okafor"); "surname's Okafor" (read as "surname is Okafor"); and a given
# name that ends its clause with "first" after a last name was labelled ("Okafor is the surname, Aisha first")
_NAME_THEN_LABEL = re.compile(r"\b([^\W\d_][\w'\u2019-]*)\s+(?:is\s+|=\s+|as\s+)?(?:(?:the|my|his|her|their|our)\s+)?"
                              r"(?:(first|given|fore)|(last|family|sur))[ -]?names?\b", re.I)
_LABEL_IS = re.compile(r"\b((?:sur|last |family |first |given )?name)['\u2019]s\b", re.I)
_FIRST_AFTER = re.compile(r"\b([A-Z][\w'\u2019-]*)\s+first\b(?=\s*(?:[.,;!]|$))")


# what comes before a verb, not before a name said before its label: "I don't know her surname", "i forgot my lastname"
_SUBJECTS = frozenset("i you he she we they dont didnt doesnt cant cannot wont not never to".split())


def _names_before_labels(text: str, tied: bool = False) -> str:
    """``tied``: only a name tied to its label by "is", "=", "as" or an owner ("Okafor my surname"), not one that
    merely comes before it ("first name Liam last name Walsh": Liam is the first name)."""
    if "name" not in text.lower():
        return text
    text = _LABEL_IS.sub(r"\1 is", text)

    def label(m: re.Match) -> str:
        word = m.group(1)
        before = re.findall(r"[\w'\u2019]+", text[:m.start()])
        if not _nameish(word, True) or _cue_key(word) in _FRAME:
            return m.group(0)
        if tied and not re.search(r"\s(?:is|=|as|the|my|his|her|their|our)\s", m.group(0), re.I):
            return m.group(0)  # "Liam last name", "Liam last-name": nothing ties them
        if before and _cue_key(before[-1]) in _SUBJECTS:
            return m.group(0)  # a verb with its subject: "I don't know her surname", "i forgot my last name"
        return f"{'first' if m.group(2) else 'last'} name {word}"
    text = _NAME_THEN_LABEL.sub(label, text)
    if re.search(r"\b(?:last|family|sur) ?names?\b", text, re.I):
        text = _FIRST_AFTER.sub(lambda m: f"first name {m.group(1)}" if _nameish(m.group(1), False) else m.group(0),
                                text)
    return text


# a bare part label beside another labelled part of the name: "Last name Tanaka, first Yui", "Surname Tanaka, given
# Yui", "last Tanaka, first Yui" (read as "first name Yui", "last name Tanaka"): the word after it ends its clause;
# a place, a day or an ordinary word there is no name ("first Istanbul, then ...", "first Tuesday", "first class")
_BARE_PART = re.compile(r"\b(?:(first|given)|(last|family))\s+(?!names?\b)([^\W\d_][\w'\u2019-]*)"
                        r"(?=\s*(?:[.,;!/|]|$)|\s+(?:and\s+)?(?:first|given|last|family|surname)\b"
                        r"|\s+(?:please|pls|plz|thanks|thx)\b)", re.I)
_PART_LABELLED = re.compile(r"\b(?:first|given|fore|last|family|sur) ?names?\b|\b(?:first|given|fore|last|family|sur)"
                            r"(?:\s*names?)?\s*(?::|\s[-\u2013\u2014=]\s|=)", re.I)
_WEEKDAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday weekend week".split())


def _bare_labels(text: str) -> str:
    if not re.search(r"\b(?:first|given|last|family)\s", text, re.I):
        return text
    found = [m for m in _BARE_PART.finditer(text) if _nameish(m.group(3), True) and _cue_key(m.group(3)) not in _FRAME
             and m.group(3).lower() not in _WEEKDAYS and not _reads_as_place([m.group(3)])]
    # a part labelled elsewhere in the message ("Last name Tanaka"), or a bare label of each part ("last ..., first ...")
    if not found or not (_PART_LABELLED.search(text) or len({bool(m.group(1)) for m in found}) == 2):
        return text
    for m in reversed(found):
        part = "first" if m.group(1) else "last"
        text = f"{text[:m.start()]}{part} name {m.group(3)}{text[m.end():]}"
    return text


# a part label after the name part: "Walsh last, Liam first", "Liam (first) Walsh (last)", "Walsh (surname), Liam (first
# name)" (read as "last name Walsh", "first name Liam"; oracle-labeller-20 F14). A bare "first" / "last" must end its
# clause, and the word before it be capitalised; as for ``_bare_labels``, a part labelled elsewhere or both parts so
# labelled are needed, and a place, a day, a relation or an ordinary word there is no name ("Business first, Economy last")
# ... or tied to it by "=" ("Liam=first, Walsh=last": oracle-labeller-22 finding 9)
_PART_AFTER = re.compile(r"\b([A-Z][\w'\u2019-]*)\s*(?:\(\s*(?:(first|given|fore)|(last|family|sur))[ -]?(?:names?)?\s*\)"
                         r"|(?:\s|\s*=\s*)(?:(first|given)|(last|surname))(?=\s*(?:[.,;!/|]|$)|\s+(?:and|please|pls|thanks|thx)\b))")


def _labels_after(text: str) -> str:
    if "first" not in text and "given" not in text and "last" not in text and "sur" not in text and "family" not in text:
        return text
    found = [m for m in _PART_AFTER.finditer(text) if _nameish(m.group(1), False) and _cue_key(m.group(1)) not in _FRAME
             and m.group(1).lower() not in _WEEKDAYS and m.group(1).lower() not in _RELATION_WORDS
             and not _reads_as_place([m.group(1)])]  # ("Mum first, Dad last": an order of travellers)
    firsts = {bool(m.group(2) or m.group(4)) for m in found}
    if not found or not (len(firsts) == 2 or _PART_LABELLED.search(_PART_AFTER.sub(" ", text))):
        return text
    for m in reversed(found):
        part = "first" if m.group(2) or m.group(4) else "last"
        text = f"{text[:m.start()]}{part} name {m.group(1)}{text[m.end():]}"
    return text


# courtesy that closes a message ends the name before it: "Carlos Kowalski thanks", "NOWAK Anna please"
_COURTESY_END = re.compile(r"\s+(?=(?:thanks|thank you|thank u|thx|ty|please|pls|plz|cheers)[\s.!]*$)", re.I)


# a word spelled out letter by letter: "F-I-S-C-H-E-R", "f i s c h e r", "F.I.S.C.H.E.R" (three letters or more);
# the "s" of "it's" ends a word, it starts no spelling ("It's M-A-L-I-K Smith.")
# ... or with commas between ("P, A, T, E, L")
_SPELLED = re.compile(r"(?<![\w'\u2019-])[^\W\d_](?:(?:[-.]|,\s*| (?=[^\W\d_](?:[ .,-]|$)))[^\W\d_](?![^\W\d_])){2,}"
                      r"(?![\w-])")
# a letter spelled with a word for it: "P as in Peter", "P for Peter", "P like Peter" (read as the letter; the word
# must begin with it)
_AS_IN = re.compile(r"(?<![\w'\u2019-])([^\W\d_])\s+(?:as\s+in|for|like)\s+([^\W\d_]+)", re.I)


def unspell(text: str) -> str:
    """The text with each word spelled out letter by letter written whole ("it's with a c: F-I-S-C-H-E-R" ->
    "... Fischer", "P as in Peter, A, T, E, L" -> "Patel"): spelling a name after a mismatch is giving it. Runs with a lower-case word between
    ("a b c") are read whole too; they name nothing a check asks for."""
    def whole(m: re.Match) -> str:
        letters = re.sub(r"[-., ]", "", m.group(0))
        return letters[:1].upper() + letters[1:].lower()
    if text and " " in text:
        text = _AS_IN.sub(lambda m: m.group(1) if m.group(2)[0].lower() == m.group(1).lower() else m.group(0), text)
    return _SPELLED.sub(whole, text or "")


def spelled_out(value: str) -> str | None:
    """The word a name value spells out letter by letter ("S-c-h-m-i-d-t", "s c h m i d t", "S.C.H.M.I.D.T": "Schmidt"),
    else None (S1's reason: a booking name written as its spelling is not the name, though the customer typed those
    letters)."""
    m = _SPELLED.search(value or "")
    return unspell(m.group(0)) if m else None


# an adverb between a name's label and the name ("my last name is actually Kosta", "surname's really Lee"): the label
# still gives the name (the adverb is one of the ``_FILLERS`` that would otherwise stand in its place)
_LABEL_ADVERB = re.compile(r"(\b(?:name|surname|lastname|firstname)(?:\s+is|'s|\s*:)?\s+)(?:actually|really|in fact|now|"
                           r"definitely|honestly)\s+(?=[A-Za-z])", re.I)


# a name's label with what it should have been ("the last name should be Larsen", "my surname was supposed to be
# Larsen"): read as "... is Larsen"
_LABEL_MODAL = re.compile(r"(\b(?:name|surname|lastname|firstname))\s+(?:should(?:\s+actually)?\s+(?:be|read|say|have\s+been)|"
                          r"(?:was|is)\s+(?:supposed|meant)\s+to\s+be|needs\s+to\s+be|has\s+to\s+be)\s+(?=[A-Za-z])", re.I)


# the customer's own full name in brackets after "myself" / "me" ("myself (Priya Andersen) and my brother"); "me being",
# "myself being", "yours truly", "me aka" say the same ("6 people - me being Liam Walsh", "yours truly Liam Walsh plus five")
_SELF = r"\b(?:myself|me|yours\s+truly)(?:\s+(?:being|aka|a\.k\.a\.?|i\.e\.?|namely))?"
_SELF_BRACKETED = re.compile(_SELF + r"\s*\(\s*([A-Z][\w'\u2019-]*(?:\s+[A-Z][\w'\u2019-]*){1,3})\s*\)")
# ... or right after "me" / "myself" without brackets, a companion or the sentence's end after it ("for 2 people, me
# Arjun Schmidt and my wife", "myself Arjun Schmidt plus my wife"; the companion is cut to ". " by ``_AFTER_NAME``):
# capitalised words only, so "me and my wife" or "for me Monday" name no one
_SELF_BARE = re.compile(_SELF + r"\s+([A-Z][\w\u2019-]*(?:\s+[A-Z][\w\u2019-]*){1,3})"
                        r"(?=\s*(?:[.,;!)]|$|(?:and|plus|with|&|\+)\s))")


# the initials of a given name, which stand for no name word of their own, skipped like titles: after a title, dotted
# or not ("Mrs L Ivanova", "Ms. L Ivanova", "Mr J. R. Smith", "Prof. A Chen"), or opening a sentence ("L Ivanova",
# "J.R. Smith"; not "A" or "I" there, an article or the pronoun: "A Business seat", "I Love Rome"), before a capitalised
# word (sky-customers-25 finding 5: an undotted initial made the name after it "typed, not as a name")
# (each a lone letter: not "LI Wei", "OK Great", "JFK London")
_INITIALS = re.compile(r"(\b(?i:dr|mr|mrs|ms|miss|mx|prof|sir|dame)\.?\s+)((?:[A-Z](?:\.\s*|\s+)){1,3})(?=[A-Z][a-z]|[A-Z]{2})"
                       r"|(^|[.!?;:,]\s+)(?![AI]\s)((?:[A-Z](?:\.\s*|\s+)){1,3})(?=[A-Z][a-z])")
# post-nominals after a name: a degree, an honour or a generational suffix ("Leila Ivanova, PhD", "Leila Ivanova MD",
# "Leila Ivanova Jr."), which is no name word, so a booking under last name "PhD" or "Md" is S1's; cut from the name
# and kept as "+phd" (``stated_names``), so "Ivanova Jr" stays the name typed (``name_in``). "Md Rahman", a given name
# before a capitalised word, is none
_POST_NOMINAL = re.compile(r"(?<=[^\W\d_])(,?\s+)((?i:Ph\.?D|DPhil|M\.?D|Jr|Sr|Snr|Jnr|Esq|MBA|DDS|DMD|CPA|OBE|MBE|CBE|KBE"
                           r"|QC)|II|III|IV)\.?(?=\s*(?:[.,;:!?)]|$)|\s+(?![A-Z]))")


# ... and after the surname, a title in brackets after them or not (oracle-labeller-27: "Ivanova L. (Mrs)", "Smith J",
# "IVANOVA L (MRS)", "Ivanova, L."): the initials cut as before a name, the bracketed title with them; an undotted
# letter only at the end of its clause, and not "I" ("Smith I think")
_TRAILING_INITIALS = re.compile(r"(\b[A-Z][^\W\d_]+)(,?\s+)((?:[A-Z]\.\s*){1,3}|(?!I\b)[A-Z]\b(?!['\u2019.-]))"
                                r"(?=\s*(?:\(|[.,;!?]|$|(?i:please|pls|thanks|thank\s+you)\b))"
                                # ... or dotted, before a new sentence that opens with a word no name has ("Ivanova
                                # L. I fly alone", "Smith J. Book the first one": sky-customers-27 finding 3)
                                r"|(\b[A-Z][^\W\d_]+)(,?\s+)((?:[A-Z]\.\s*){1,3})(?<=\s)(?=(?:I|(?i:"
                                + "|".join(sorted(w for w in _ORDINARY if w.isalpha() and len(w) > 1))
                                + r"))(?![\w'\u2019-]|['\u2019](?:m|d|ll|ve)\b))")
# a middle initial between a given name and the surname ("Dr. Ingrid M. Larsen", "Ingrid M Larsen": sky-customers-27
# finding 2): cut as the initials before a name are, its letter stated beside the surname (``_initials_beside``), so
# a booking under first name "Ingrid M" or "Ingrid" is grounded; not "A" or "I" undotted ("Tom I think", "Book A Seat")
_MIDDLE_INITIAL = re.compile(r"(\b[A-Z][^\W\d_]+\s+)(?:[A-Z]\.\s*|(?![AI]\s)[A-Z]\s+)(?=[A-Z][^\W\d_]+)")


def _trailing_parts(m: re.Match) -> tuple[str, str]:
    """The name word and the initials after it of a ``_TRAILING_INITIALS`` match, of either of its forms."""
    return (m.group(1), m.group(3)) if m.group(1) else (m.group(4), m.group(6))


_TITLE_BRACKETED = re.compile(r"\s*\(\s*(?i:dr|mr|mrs|ms|miss|mx|prof|sir|dame)\.?\s*\)")
# an initial beside a name word, wherever it stands ("under L. Ivanova", "J Smith", "Ivanova L."): its letters are the
# name's own when the word beside them is stated as a name (``stated_names``), so a booking under first name "L" or
# "J.R." is grounded, and "Leila" (a first name made up from the initial) is not
_INITIAL_BEFORE = re.compile(r"(?<![\w'\u2019.-])((?:[A-Z]\.\s*){1,3}|(?![AI]\s)[A-Z]\s+)(?=([A-Z][^\W\d_'\u2019-]+))")


def _without_initials_and_post_nominals(text: str) -> str:
    text = _INITIALS.sub(lambda m: m.group(1) or m.group(3) or "", text)
    # (the dot of "Ivanova L." still ends its sentence, the space after it still parts the words: "Smith J. please")
    text = _TRAILING_INITIALS.sub(lambda m: _trailing_parts(m)[0] + ("." if "." in _trailing_parts(m)[1] else "") + (
        " " if _trailing_parts(m)[1][-1:].isspace() else ""), _TITLE_BRACKETED.sub(" ", text))
    text = _MIDDLE_INITIAL.sub(r"\1", text)
    return _POST_NOMINAL.sub("", text)


def _initials_beside(text: str) -> list[tuple[list[str], str]]:
    """Each run of initials in the text, as its lower-cased letters, with the name word beside it (lower-cased)."""
    out = [(re.findall(r"[a-z]", m.group(1).lower()), m.group(2).lower()) for m in _INITIAL_BEFORE.finditer(text)]
    out += [(re.findall(r"[a-z]", _trailing_parts(m)[1].lower()), _trailing_parts(m)[0].lower())
            for m in _TRAILING_INITIALS.finditer(_TITLE_BRACKETED.sub(" ", text))]
    return out


# dictated punctuation (speech to text; sky-customers-29 V3): "... my name is Omar Singh period", "... full stop", "...
# comma thanks", "... new line thank you", "... question mark can you do it" are marks, never a word of the name before
# them (a booking under last_name "period" is S1's). Read as marks only in lower case or in capitals ("PERIOD"): a
# capitalised "Line" or "Mark" is a name ("Line Hansen", "Mark Jones"); and not after a word that makes it a noun ("the
# period", "a new line", "trial period")
_DICTATED = re.compile(r"(?<![\w'\u2019-])(?:(full\s+stop|period)|(comma)|(new\s+line|new\s+paragraph|next\s+line)"
                       r"|(question\s+mark)|(exclamation\s+(?:mark|point))|(semi-?\s?colon)|(colon))(?![\w'\u2019-])",
                       re.I)
_DICTATED_MARKS = (".", ",", ".\n", "?", "!", ";", ":")
_DICTATED_NOUN_BEFORE = frozenset("""the a an this that these those each every any no same whole one per my your our his
her their its holiday time trial grace peak busy notice waiting cooling billing rental booking school summer winter
oxford serial""".split())


def _dictated(text: str) -> str:
    """The text with its dictated punctuation written as marks ("Omar Singh period" -> "Omar Singh ."; ``_DICTATED``)."""
    if not text or not _DICTATED.search(text):
        return text or ""

    def mark(m: re.Match) -> str:
        said = m.group(0)
        before = re.findall(r"[\w'\u2019-]+", text[:m.start()][-30:])
        if not (said.islower() or said.isupper()) or (before and before[-1].lower() in _DICTATED_NOUN_BEFORE):
            return said
        return " " + next(k for g, k in zip(m.groups(), _DICTATED_MARKS) if g) + " "
    return _DICTATED.sub(mark, text)


def dictated_mark(word: str, said: str) -> bool:
    """``word`` (a booked name word) is, where the customer typed it, only a piece of dictated punctuation ("period",
    "stop" of "full stop", "line" of "new line", "mark" of "question mark"; S1's reason)."""
    low = (word or "").lower()
    return bool(low) and any(low in m.group(0).lower().split() for m in _DICTATED.finditer(said or "")) \
        and not re.search(r"(?<![\w'\u2019-])" + re.escape(low) + r"(?![\w'\u2019-])", _dictated(said).lower())


# an e-mail sign-off (sky-customers-29 V1: "Please book 2 seats ... on 4 May.\n\nBest regards,\nOmar Singh\nSenior
# Manager, Room 204"): a valediction that opens a line (or follows a sentence's end), then the signer's name, on the
# same line after a mark ("Best, Omar Singh") or on the next line that is not blank, before a title, a company or a
# phone after a comma, a bar, a bracket or a dash ("Omar Singh, Senior Manager", "Omar Singh | Acme")
_VALEDICTION = re.compile(
    r"(?im)(?:^|(?<=[.!?])[ \t]+)(?:(?:(?:best|kind|kindest|warm|warmest|many|with|all\s+the|my|yours|with\s+(?:kind|best|"
    r"warm))\s+)?(?:regards|wishes|thanks|thank\s+you)|best|cheers|thanks|thank\s+you|thx|ty|ta|sincerely|"
    r"yours(?:\s+(?:sincerely|truly|faithfully|ever))?|(?:sincerely|faithfully|truly|cordially|respectfully)"
    r"(?:\s+yours)?|br|rgds|kr|love|regards|-{2,}|[\u2013\u2014])"
    r"[ \t]*(?:[,.!:;]+|[ \t][-\u2013\u2014]|$)[ \t]*"
    r"|(?:^|(?<=[.!?])[ \t]+)(?:sent|signed|written)\s+by[ \t]*[,:-]?[ \t]*")
_SIGNATURE_CUT = re.compile(r"\s*(?:[,|(/\u2022<\[]|\s[-\u2013\u2014]+\s|\s+(?:at|from|on\s+behalf\s+of)\s+).*$", re.I)


def _signature(user_text: str) -> tuple[set[str], list[tuple[int, int]]]:
    """The lower-cased words of the name signed under a valediction (``_VALEDICTION``) and the spans of the
    valediction through the end of its block (the next blank line: title, company, phone), which no other reader reads
    ("Sincerely" or "Acme GmbH" are no names). The name is one to four capitalised name words, no place, thing or
    role, titles aside ("Dr. Omar Singh"); a line that is none ("Thanks,\nsee you soon") signs nothing."""
    names: set[str] = set()
    spans: list[tuple[int, int]] = []
    text = user_text or ""
    if not _VALEDICTION.search(text):
        return names, spans
    lines = text.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    for i, line in enumerate(lines):
        for m in _VALEDICTION.finditer(line):
            rest, j = line[m.end():].strip(), i
            if not rest:  # the name on the next line that is not blank
                j = i + 1
                while j < len(lines) and not lines[j].strip():
                    j += 1
                if j >= len(lines) or j > i + 2:
                    continue
                rest = lines[j].strip()
            words = [w.strip(".,") for w in _SIGNATURE_CUT.sub("", rest).split()]
            words = [w for w in words if w and w.lower().strip(".") not in _TITLE_WORDS]
            if not 1 <= len(words) <= 4 or not all(_nameish(w, False) for w in words) \
                    or all(w.lower() in _PARTICLE_WORDS for w in words) or _reads_as_place(words) \
                    or _reads_as_thing(words) or _reads_as_role(words):
                continue
            names.update(w.lower() for w in words)
            end = j + 1
            while end < len(lines) and lines[end].strip():
                end += 1
            spans.append((starts[i] + m.start(), starts[end] - 1 if end < len(lines) else len(text)))
            break
    return names, spans


def _read_as_said(user_text: str) -> str:
    """The message with its dictated punctuation as marks, pasted JSON fields as cues and sign-off blocks cut
    (``_dictated``, ``_json_names``, ``_unsigned``)."""
    return _unsigned(_json_names(_dictated(user_text or "")))


def _unsigned(user_text: str) -> str:
    """The text without its sign-off blocks (``_signature``), each read as a sentence's end."""
    _, spans = _signature(user_text)
    for a, b in sorted(spans, reverse=True):
        user_text = user_text[:a] + " . " + user_text[b:]
    return user_text


# a name given as a field of JSON or a Python dict pasted in ({"name": "Omar Singh"}, {"last_name": "Singh",
# "first_name": "Omar"}, {'first': 'Omar', 'last': 'Singh'}): read as "name is Omar Singh." / "last name is Singh."
_JSON_NAME = re.compile(r"""(?P<q>["'])(?P<key>[A-Za-z][A-Za-z _-]{0,24})(?P=q)\s*:\s*(?:"(?P<v1>[^"\n]{1,80})"|'(?P<v2>[^'\n]{1,80})')""")
_JSON_NAME_KEYS = {
    "name": "name is", "full name": "name is", "fullname": "name is", "passenger": "passenger name is",
    "passenger name": "passenger name is", "lead passenger": "passenger name is", "lead": "passenger name is",
    "traveller": "passenger name is", "traveler": "passenger name is", "traveller name": "passenger name is",
    "traveler name": "passenger name is", "customer name": "name is", "contact name": "name is",
    "last name": "last name is", "lastname": "last name is", "surname": "last name is", "family name": "last name is",
    "last": "last name is", "first name": "first name is", "firstname": "first name is", "given name": "first name is",
    "first": "first name is", "given": "first name is",
}


def _json_names(text: str) -> str:
    """The text with each name field of pasted JSON written as a cue and the name (``_JSON_NAME``)."""
    if not text or ":" not in text or ('"' not in text and "'" not in text):
        return text or ""

    def field(m: re.Match) -> str:
        cue = _JSON_NAME_KEYS.get(re.sub(r"[\s_-]+", " ", m.group("key").strip().lower()))
        return f" {cue} {m.group('v1') or m.group('v2')}. " if cue else m.group(0)
    return _JSON_NAME.sub(field, text)


@lru_cache(1 << 12)
def _prepared(user_text: str, parts: bool = False) -> tuple[str, str, list[tuple[str, bool]], list[str]]:
    """The message as typed (spellings read whole), with its labels written as cues ("Walsh last" -> "last name
    Walsh") and companions and courtesy cut off; its tokens and their cue keys (``stated_names``). For ``parts``
    (``stated_parts``) a name before a label must be tied to it ("Walsh is my surname", not the "Liam" of "first name
    Liam last name Walsh") and no companion is cut ("... and my last name is Walsh" is none)."""
    user_text = _LABEL_MODAL.sub(r"\1 is ", unspell(_read_as_said(user_text)))
    user_text = _without_initials_and_post_nominals(_LABEL_ADVERB.sub(r"\1", user_text))
    said = user_text  # as typed: a cut below adds punctuation ("me and my wife," -> "me. ,") that opens a sentence
    user_text = _labels(_bare_labels(_names_before_labels(_labels_after(user_text or ""), tied=parts)))
    if parts:
        user_text = _COURTESY_END.sub(". ", user_text)
    else:
        user_text = _COURTESY_END.sub(". ", _AFTER_NAME.sub(". ", user_text))
        user_text = _ROLE_AFTER.sub(lambda m: m.group(1) + ". " if _nameish(m.group(1), False) else m.group(0),
                                    user_text)
        # a remark in brackets or after a dash that labels a part ("Liam Walsh (Walsh is the last name)", read as "Liam
        # Walsh (last name Walsh)"; "... - Walsh is the surname") is a sentence of its own, not more words of the name
        # before it (oracle-labeller-22 finding 9)
        user_text = _PART_REMARK.sub(". ", user_text)
    toks = _tokens(user_text)
    return said, user_text, toks, [_cue_key(w) for w, _ in toks]


_PART_REMARK = re.compile(r"(?<=[^\W\d_])\s*(?=\(\s*(?:first|last) name\s)|(?<=[^\W\d_])(?=\s[-\u2013\u2014]\s+(?:first|last) "
                          r"name\s)")


# the cues that label one part of a name, by the part (``stated_parts``)
_FIRST_PART = _by_first([tuple(c.split()) for c in (
    "first name is", "first name", "given name is", "given name", "firstname is", "firstname")])
_LAST_PART = _by_first([tuple(c.split()) for c in (
    "surname is", "surname", "last name is", "last name", "family name is", "family name", "lastname is", "lastname")])
# a whole name said in the order it is spoken, given name first: "my name is Liam Walsh", "I'm Liam Walsh"
_ORDER_CUES = _by_first([tuple(c.split()) for c in ("name is", "im", "i am")])
_PART_WORDS = frozenset("first given last family sur".split())


@lru_cache(1 << 14)
def stated_parts(user_text: str) -> frozenset[tuple[str, str]]:
    """(lower-cased word, "first" or "last") for each name word whose part the customer's words make clear (S1, a
    first and last name swapped): a labelled part ("last name Walsh", "Walsh last, Liam first", "Surname: Walsh",
    "Walsh is my surname": one to three words that end their clause or come before "and" / another label), or the
    first and last word of a whole name of two to four words said in speaking order ("my name is Liam Walsh", "I'm
    Liam Walsh": the first word the given name, the last the surname; a surname in capitals beside a given name is
    the surname wherever it stands, "my name is KOWALSKI Carlos"). A bare "Walsh Liam", "Walsh, Liam" or a middle
    word ("Maria Garcia Lopez") says no part."""
    _, _, toks, keys = _prepared(user_text, True)
    out: set[tuple[str, str]] = set()

    def closes(start: int, run: list[str], ends: bool) -> bool:  # the run ends its clause, or the next name or label follows
        nxt = start + len(run)
        return ends or (nxt < len(keys) and keys[nxt] in _JOINERS | _PART_WORDS | {"with", "surname", "lastname",
                                                                                     "firstname", "my"})
    for part, cues in (("first", _FIRST_PART), ("last", _LAST_PART)):
        for start in _after_cues(toks, keys, cues):
            run, ends = _take_run(toks, start, True)
            if 1 <= len(run) <= 3 and closes(start, run, ends) and not any(w.lower() in _PLACEHOLDERS for w in run):
                out.update((w.lower(), part) for w in run if w.lower() not in _PARTICLE_WORDS)
    for start in _after_cues(toks, keys, _ORDER_CUES):
        if keys[start - 1] == "is" and start >= 3 and keys[start - 3] in _PART_WORDS:
            continue  # "last name is ...": a part, read above
        run, ends = _take_run(toks, start, True)
        if 2 <= len(run) <= 4 and closes(start, run, ends) and run[0].lower() not in _PARTICLE_WORDS \
                and not any(w.lower() in _PLACEHOLDERS for w in run) and not _reads_as_role(run) \
                and not _reads_as_place(run):
            caps = [w.isupper() and len(w) > 1 for w in run]
            if any(caps) and not all(caps):  # "name is KOWALSKI Carlos": the surname in capitals, as on a passport
                if len(run) == 2:
                    out.update((w.lower(), "last" if cap else "first") for w, cap in zip(run, caps))
                continue
            out.update(((run[0].lower(), "first"), (run[-1].lower(), "last")))
    # a two-word name with a remark after it that labels one of its words ("Liam Walsh (Walsh is the last name)", read
    # as "Liam Walsh (last name Walsh)"): the other word is the other part
    for m in _NAME_AND_REMARK.finditer(_prepared(user_text, True)[1]):
        words, part, which = [m.group(1).lower(), m.group(2).lower()], m.group(3).lower(), m.group(4).lower()
        if which in words and words[0] != words[1] and all(_nameish(w, False) for w in m.group(1, 2)):
            other = words[1 - words.index(which)]
            out.add((other, "last" if part == "first" else "first"))
    # initials beside a name word ("L. Ivanova", "Ivanova L. (Mrs)", "Dr. A. Chen"): the initials the given name's, the
    # word the surname, in either order (oracle-labeller-27)
    for letters, word in _initials_beside(unspell(user_text or "")):
        if _nameish(word, True):
            out.update([(x, "first") for x in letters] + [(word, "last")])
    return frozenset(out)


_NAME_AND_REMARK = re.compile(r"\b([A-Z][\w'\u2019-]*)\s+([A-Z][\w'\u2019-]*)\s*(?:\(\s*|\s[-\u2013\u2014]\s+)(first|last) name "
                              r"([^\W\d_][\w'\u2019-]*)\s*(?:\)|[.,;!]|$)")


# a name given against another (tester 40): "mine is Bello" (after "my husband's surname is Okafor"), "Bello not
# Okafor", "Bello, not Okafor", "Bello (not Okafor)", "Bello rather than / instead of Okafor", "not Okafor but Bello",
# "sorry, I mean Bello": the first is the name given, the one set against it is not (unless given apart)
_CN = r"([^\W\d_][\w'\u2019-]*)"
_CN_OWNER = (r"(?:(?:my|the|his|her|our|their)\s+)?(?:(?:married|maiden|old|new|birth|former|current|real|legal|usual|"
             r"(?:ex-?)?(?:husband|wife|partner|spouse)['\u2019]?s)\s+)?(?:(?:sur|last\s*|family\s*|first\s*|given\s*)?"
             r"name\s+)?")
_CONTRAST_NOT = re.compile(_CN + r"\s*(?:[,(\u2013\u2014]|\s-)?\s*(?:and\s+|but\s+)?(?:not|rather\s+than|instead\s+of|"
                           r"in\s+place\s+of|as\s+opposed\s+to)\s+" + _CN_OWNER + _CN + r"(?![\w'\u2019-])", re.I)
_CONTRAST_BUT = re.compile(r"\bnot\s+" + _CN_OWNER + _CN + r"\s*[,;]?\s*(?:but|it['\u2019]?s|its)\s+" + _CN
                           + r"(?![\w'\u2019-])", re.I)
_MINE_IS = re.compile(r"\b(?:mine|hers|his|theirs|ours)(?:\s+is|['\u2019]s|\s*[:=])\s+(?:actually\s+|just\s+|simply\s+)?"
                      + _CN + r"(?:\s+" + _CN + r")?(?![\w'\u2019-])", re.I)
_CORRECTION = re.compile(r"\b(?:(?:sorry|oops|whoops|my bad|scratch that)\s*[,:.;!\u2013\u2014-]*\s*)?(?:i\s+mean[t]?|"
                         r"correction|i\s+meant\s+to\s+(?:say|write|type))\s*[,:]?\s+" + _CN + r"(?:\s+" + _CN + r")?"
                         r"(?![\w'\u2019-])", re.I)
_CN_WORD = re.compile(r"[^\W\d_][\w'\u2019-]*")
_CN_NEXT = re.compile(r"[ \t]+" + _CN + r"(?![\w'\u2019-])")
_NAME_TALK = re.compile(r"\b(?:names?|surnames?|lastname|firstname|under|maiden|married|spelled|spelt|called)\b", re.I)
# a message that puts something said before right: "sorry, I meant Larsen not Schmidt", "it's larsen, not schmidt", "it
# should be Larsen not Schmidt" (a contrast in it may set one name against another; places and things never are)
_SETS_RIGHT = re.compile(r"\b(?:i\s+meant|i\s+mean|should\s+(?:be|read|say|have\s+been)|it['\u2019]?s|its|it\s+is|"
                         r"sorry|oops|typo|my\s+bad|correction|actually)\b", re.I)


_TRIP_WORDS = frozenset("""aisle window middle seat seats refundable nonrefundable non-refundable economy business first
premium coach morning afternoon evening night early earlier late later direct nonstop non-stop connecting return oneway
cheaper cheapest dearer faster shorter longer flexible basic standard plus yes no yeah nope ok okay today tomorrow
tonight one two three four five six seven eight nine ten dollars euros pounds usd eur gbp cash card""".split())
_CONTRAST_WORDS = frozenset("not rather than instead mean meant sorry correction opposed".split())


def _contrasts(said: str, asked_for_name: bool | str) -> tuple[set[str], set[str], str]:
    """The names a message gives against others (``_CONTRAST_NOT``, ``_CONTRAST_BUT``, ``_MINE_IS``, ``_CORRECTION``)
    and the names set against them, lower-cased: read only in a message that talks of a name, answers a request
    for one or puts something right (``_SETS_RIGHT``), with capitalised words unless so (any case then), never places
    or things ("from Madrid, not Barcelona"); and the message with the contrasts blanked out (where a name set against
    another may still be given apart)."""
    named = bool(said) and bool(asked_for_name or _NAME_TALK.search(said))
    if not said or not (named or _SETS_RIGHT.search(said)):
        return set(), set(), said
    # only put right, with no word of a name: never the words of a seat, fare or time ("it should be aisle not window")
    unnamed = frozenset() if named else _TRIP_WORDS

    def ok(words: list[str | None]) -> list[str]:
        words = [w for w in words if w]
        if words and all(_nameish(w, True) and w.lower() not in _PLACEHOLDERS | _OWNERS | _WEEKDAYS | _CONTRAST_WORDS
                         and w.lower() not in unnamed
                         for w in words) and not _reads_as_thing(words) and not _reads_as_place(words):
            return [w.lower() for w in words]
        return []

    def run_before(end: int) -> list[str]:  # the name words just before ``end`` (at most 3)
        run: list[str] = []
        for w in reversed(_CN_WORD.findall(said[:end])[-3:]):
            if not ok([w]):
                break
            run.insert(0, w.lower())
        return run

    kept: set[str] = set()
    rejected: set[str] = set()
    spans: list[tuple[int, int]] = []
    for m in _CONTRAST_NOT.finditer(said):
        x, y = ok([m.group(1)]), ok([m.group(2)])
        if x and y:
            more, end = _CN_NEXT.match(said, m.end()), m.end()  # "Diego Walsh not Diego Welsh": the whole name set against
            while more and len(y) < 3 and ok([more.group(1)]):
                y.append(more.group(1).lower())
                end = more.end()
                more = _CN_NEXT.match(said, end)
            spans.append((m.start(), end))
            before = run_before(m.end(1))  # "Aisha Bello not Okafor": the whole name kept
            kept.update(x, before)
            rejected.update(set(y) - set(before))
    for m in _CONTRAST_BUT.finditer(said):
        y, x = ok([m.group(1)]), ok([m.group(2)])
        if x and y:
            kept.update(x)
            rejected.update(y)
            spans.append(m.span())
    for m in _MINE_IS.finditer(said):
        kept.update(ok([m.group(1), m.group(2)]) or ok([m.group(1)]))
    for m in _CORRECTION.finditer(said):
        x = ok([m.group(1), m.group(2)]) or ok([m.group(1)])
        if x:  # "Aisha Okafor, sorry, I mean Aisha Bello" / "... I mean Bello": the name (or surname) before it retracted
            kept.update(x)
            before = run_before(m.start())
            rejected.update((set(before) if len(x) > 1 else set(before[-1:])) - set(x))
            spans.append((0, m.end()))
    for a, b in sorted(spans, reverse=True):
        said = said[:a] + " . " + said[b:]
    return kept, rejected, said


# A name given by what the customer says of it rather than by a naming cue (skyA, forty-third session: the compliant
# agent booked these corrections and travellers, and S1 called the name "typed, not as a name"):
# - what a document shows: "my passport says Larsen", "passport reads LARSEN", "it says Larsen on my ID", "the name on
#   my passport is Larsen" (capitalised: "my passport says valid / British" is no name);
# - the name said before what kind of name it is: "Larsen is my married name", "Larsen's my new surname", "Larsen is
#   the name on my passport", "Larsen is my legal name now" (not "Larsen is my maiden name": one no longer used);
# - a spelling fix: "Schmitt with tt", "Schmitt, with two t's", "Schmitt - double t", "it's Schmitt with a double T";
# - a put-right of the name on a summary: "it should be Larsen", "make it Larsen", "change it to Larsen";
# and who flies (``_SAID_TO_BE``: "Tom Berg is flying", "... will be travelling", "... is the one flying") or is
# booked for ("on behalf of Tom Berg", "the person flying is Tom Berg": ``_TRAVELLER_BY_FIRST``).
_GW = r"([^\W\d_][\w'\u2019-]*)"
_GW_RUN = _GW + r"(?:\s+" + _GW + r")?(?:\s+" + _GW + r")?"
_DOCUMENT = (r"(?:passport|id|i\.d\.|id\s+card|identity\s+card|licen[cs]e|driving\s+licen[cs]e|driver['\u2019]?s\s+"
             r"licen[cs]e|documents?|papers|visa|travel\s+document)")
_DOCUMENT_SAYS = re.compile(
    r"(?i:\b" + _DOCUMENT + r"\s+(?:has\s+it\s+as|shows\s+it\s+as|says\s+it['\u2019]?s|spells\s+it\s+as|spells\s+it|says|reads|"
    r"shows|states|lists|has|gives)\s*:?\s+|\bname\s+(?:on|in)\s+(?:my|the|his|her|their|our)\s+"
    + _DOCUMENT + r"\s*(?:is|says|reads|:)\s+)" + _GW_RUN)
_SAYS_ON_DOCUMENT = re.compile(r"(?i:\b(?:it|that|they)\s+(?:says|reads|shows|is|['\u2019]s)\s+)" + _GW_RUN
                               + r"(?i:\s+(?:on|in)\s+(?:my|the|his|her|their|our)\s+" + _DOCUMENT + r")\b")
_NAME_KIND = re.compile(r"(?:^|(?<=[^\w'\u2019-]))" + _GW_RUN + r"(?i:\s*(?:\s(?:is|=)|['\u2019]s)\s+(?:(?:my|the|her|his|"
                        r"their|our)\s+)?(?:(?:married|new|legal|real|proper|correct|right|official|passport|"
                        r"current|actual|full|birth|updated|proper|true)\s+)?(?:sur|last\s*|family\s*)?name\b"
                        r"(?!\s+(?:of|for|is|was|to)\b))")
_SPELT_WITH = re.compile(
    r"(?:^|(?<=[^\w'\u2019-]))" + _GW + r"(?i:\s*[,(\u2013\u2014-]?\s*(?:(?:spelt|spelled|written)\s+)?(?:with\s+(?:an?\s+|"
    r"one\s+|two\s+|2\s+|a\s+double\s+|double\s+|single\s+|a\s+single\s+)?([a-z])(\2)?|(?:a\s+)?(?:double|two|2)\s+([a-z]))"
    r"(?:['\u2019]?s)?)(?=\s*(?:[.,;!)]|$|\s+(?i:not|instead|and|at|in|please|pls|thanks|rather|sorry)\b))")
_PUT_RIGHT = re.compile(r"(?i:\b(?:should\s+(?:be|read|say|have\s+been)|make\s+(?:it|that)|change\s+(?:it|that|this)\s+to|"
                        r"switch\s+(?:it|that)\s+to|update\s+(?:it|that)\s+to|correct\s+(?:it|that)\s+to|"
                        r"replace\s+(?:it|that)\s+with)\s*:?\s+)" + _GW_RUN)
_MONTH_WORDS = frozenset("""january february march april may june july august september october november december jan feb
mar apr jun jul aug sep sept oct nov dec""".split())
_NOT_A_DOCUMENT_NAME = frozenset("""valid invalid expired expires expiry issued until british american english german
french spanish italian dutch irish scottish welsh canadian australian indian chinese japanese nigerian kenyan swiss
swedish norwegian danish polish portuguese brazilian mexican turkish greek russian ukrainian korean male female
nothing something otherwise different wrong correct exactly""".split())


def _cue_named(words: list[str | None], any_case: bool) -> list[str]:
    """The lower-cased name words of a run after (or before) a cue of ``_given_by_what_is_said``: name words (capitalised
    unless ``any_case``), the run cut at the first word that is none, never a placeholder, a weekday, a month, a word a
    document shows besides the name, a place or a thing."""
    run: list[str] = []
    for w in words:
        if not w or not _nameish(w, any_case) or w.lower() in _TITLE_WORDS:
            break
        low = w.lower()
        if low in _PLACEHOLDERS | _WEEKDAYS | _MONTH_WORDS | _NOT_A_DOCUMENT_NAME | _OWNERS | _CONTRAST_WORDS:
            break
        run.append(w)
    while run and run[-1].lower() in _PARTICLE_WORDS:
        run.pop()
    if not run or _reads_as_thing(run) or _reads_as_place(run):
        return []
    return [w.lower() for w in run]


def _given_by_what_is_said(said: str, asked_for_name: bool | str) -> set[str]:
    """Lower-cased words of a name the message gives by what it says of it (the readings above ``_GW``)."""
    if not said:
        return set()
    out: set[str] = set()
    for rx in (_DOCUMENT_SAYS, _SAYS_ON_DOCUMENT, _PUT_RIGHT):
        for m in rx.finditer(said):
            out.update(_cue_named(list(m.groups()), False))
    for m in _NAME_KIND.finditer(said):  # "Larsen is my married name": the name words just before, one in lower case
        words = [w for w in m.groups() if w]
        k = len(words)
        while k and _nameish(words[k - 1], False):
            k -= 1
        out.update(_cue_named(words[k:], False) if k < len(words) else _cue_named(words[-1:], True))
    for m in _SPELT_WITH.finditer(said):  # "Schmitt with tt"; in lower case where a name was asked for or shown
        out.update(_cue_named([m.group(1)], bool(asked_for_name)))
    return out


@lru_cache(1 << 14)
def stated_names(user_text: str, asked_for_name: bool | str = False) -> frozenset[str]:
    """Lower-cased words of every name the customer states in this message (a name spelled out letter by
    letter read whole: ``unspell``)."""
    typed = _dictated(user_text or "")
    said, user_text, toks, keys = _prepared(user_text)
    found: set[str] = _signature(_json_names(typed))[0]  # "Best regards,\nOmar Singh\nSenior Manager"
    for cues, any_case in ((_STRONG_BY_FIRST, True), (_WEAK_BY_FIRST, False)):
        for start in _after_cues(toks, keys, cues):
            names = _take_list(toks, start, any_case)
            # "6 travellers Air Canada style legroom", "for New York": a weak cue, then a place
            if cues is _WEAK_BY_FIRST and _reads_as_place(names) \
                    and (len(names) > 1 or keys[start - 1] not in _SELF_ENDS):
                continue
            found.update(w.lower() for w in names)
    # one capitalised word a label gives as a part of the name, though it is also a word or a particle ("my surname
    # is Mate", "Surname: Le", "last name Best."): the customer says it is the name
    for start in _after_cues(toks, keys, _PART_BY_FIRST):
        word, end = toks[start] if start < len(toks) else ("", True)
        if word and not _take_list(toks, start, True) and word[:1].isupper() and not (word.isupper() and len(word) < 2) \
                and _is_letters(word) and word.lower() not in _PLACEHOLDERS \
                and (end or start + 1 == len(toks) or keys[start + 1] in _JOINERS):
            found.add(word.lower())
    # "i'm aisha okafor", "this is aisha okafor", asked or not: a full name after a cue of one's own, in any case
    # (placeholders aside); after a request for a name, "it's fatima khan" as well
    for start in _after_cues(toks, keys, _SELF_BY_FIRST):
        run = [w for w in _take_run(toks, start, True)[0] if w.lower() not in _PLACEHOLDERS]
        if len(run) >= 2 and not _reads_as_role(run):  # "I'm Head Coach": a role, not a name
            found.update(w.lower() for w in run)
    for start in _after_cues(toks, keys, _TRAVELLER_BY_FIRST):
        run = [w for w in _take_list(toks, start, True) if w.lower() not in _PLACEHOLDERS]
        if (len(run) >= 2 or run and run[0][:1].isupper()) and not _reads_as_thing(run):  # "on behalf of Acme Ltd"
            found.update(w.lower() for w in run)
    # the traveller named beside who they are: "for my boss, Tomasz Nguyen, from ...", "my wife: Ana Lopez"
    for m in _RELATION.finditer(user_text or ""):
        run = _take(_tokens(user_text[m.end():]), 0, False)
        if len(run) >= 2:
            found.update(w.lower() for w in run)
    if asked_for_name:  # "im diego, surname walsh", "diego here. last name walsh", "Diego (last name Walsh)"
        found.update(_framed_names(user_text))
    found.update(_opening_name(toks))
    found.update(_said_to_be(said))  # "Thandiwe Hernandez is me", "... is the lead", "... is my wife"
    found.update(_after_count(toks, keys))  # "2 people Thandiwe Hernandez and my wife"
    found.update(_listed_after_mark(user_text))
    found.update(_paired_names(said, asked_for_name))  # "Nadia Tanaka and the other is Tom Reyes"
    # the customer's own full name in brackets after "myself" / "me": "two people — myself (Priya Andersen) and my
    # brother", "six of us — myself (Hiroshi Fischer) and five colleagues"
    for m in [*_SELF_BRACKETED.finditer(user_text or ""), *_SELF_BARE.finditer(user_text or "")]:
        words = [w for w in m.group(1).split() if w.lower() not in _TITLE_WORDS]
        # (not a place or an airline: "me being New Zealand.", "yours truly Air Canada plus five")
        if len(words) >= 2 and all(_nameish(w, False) for w in words) and not _reads_as_place(words):
            found.update(w.lower() for w in words)
    # "Patel, Grace"
    parts = [p.strip(" .!") for p in (user_text or "").split(",")]
    if len(parts) == 2 and all(parts) and all(_nameish(w, asked_for_name) for p in parts for w in p.split()):
        found.update(w.lower() for p in parts for w in p.split() if w.lower() not in _TITLE_WORDS)
    # sentences that are only a name (after leading fillers when a name was asked for: "just
    # Fatima", "ok fine its Khan"); after a request for a name, also a capitalised full name that
    # ends a sentence ("I'll take Thandiwe Chen.", "that'll be Ken Watanabe"), or a capitalised
    # last name when the request was for one
    sentence: list[str] = []
    for word, end in toks + [("", True)]:
        if word:
            sentence.append(word)
        if end:
            rest = _strip_fillers(sentence)  # "Maya Adeyemi obviously": the name, not the word after it
            if asked_for_name:
                while rest and _cue_key(rest[0]) in _LEADING_FILLERS | _FILLERS:
                    rest = rest[1:]
            found.update(_introduced(sentence))
            found.update(_signed(sentence))
            if rest and all(_nameish(w, asked_for_name) or (w.lower() in _JOINERS and 0 < k < len(rest) - 1)
                            for k, w in enumerate(rest)) \
                    and not _reads_as_thing([w for w in rest if w.lower() not in _JOINERS]):  # "Diego Walsh + Ana Walsh"
                found.update(w.lower() for w in rest if w.lower() not in _TITLE_WORDS | _JOINERS)
            elif asked_for_name:
                found.update(_closing_name(_strip_fillers(sentence), 1 if asked_for_name == "last" else 2))
            sentence = []
    found.update(_between_marks(user_text, asked_for_name))  # "..., 1 seat, Aisha Okafor - thanks!"
    found.update("+" + m.group(2).lower().replace(".", "") for m in _POST_NOMINAL.finditer(unspell(typed)))
    # the initials given beside a name stated ("L. Ivanova", "Ivanova L. (Mrs)"): the given name as the customer gave it
    found.update(w for letters, word in _initials_beside(unspell(typed)) if word in found for w in letters)
    found.update(_given_by_what_is_said(said, asked_for_name))  # "my passport says Larsen", "Schmitt with tt"
    found.update(w for words, _, _ in renamed(typed) for w in words)  # "I go by Aisha Boateng now" (skyV 44 V1)
    kept, rejected, apart = _contrasts(said, asked_for_name)
    if kept or rejected:  # "Bello not Okafor": Bello given, Okafor not; the words of the contrast no name
        rejected -= kept
        if rejected and apart != said:  # ... unless given apart in the message ("... Second passenger: Musa Okafor")
            rejected -= stated_names(apart, asked_for_name)
        found = (found | kept) - rejected - _CONTRAST_WORDS
    return frozenset(found)


# marks typed beside a name that are no words: dashes (hyphen alone, "--", en and em dashes, attached or not), "~",
# "|", "/", "\\", "•", brackets, and emoji and other symbols ("😊", "✈️", "👍🏽", "<3"); "+", "&" and "=" are words of
# their own there ("Diego Walsh + Ana Walsh", "... = me")
_MARK_SPLIT = re.compile(r"[\u2013\u2014\u2015|~\\\u2022<>]|(?<!\d)/|/(?!\d)")
_BRACKETS = re.compile(r"[()\[\]{}]")
_NOT_MARKS = frozenset("+ & =".split())


def _is_mark(word: str) -> bool:
    """A token with no letter or digit in it ("-", "—", "~", "|", "😊"), but no joiner ("+", "&", "=")."""
    return word not in _NOT_MARKS and not any(ch.isalnum() for ch in word)


def _emoji_part(ch: str) -> bool:
    """A symbol or a piece of an emoji: "😊", "✈", a skin tone, a joiner or a variation selector."""
    return unicodedata.category(ch) == "So" or "\U0001f3fb" <= ch <= "\U0001f3ff" or ch in "\u200d\ufe0f"


def _mark_spaced(text: str) -> str:
    """The text with each mark of ``_MARK_SPLIT``, each bracket (as "|": a token of its own) and each symbol (emoji)
    set apart by spaces ("Okafor—thanks", "Okafor😊", "Okafor|1 seat", "Okafor (1 adult)"); a hyphen inside a word
    stays ("Smith-Jones"), and so does a slash between digits ("12/05")."""
    text = _BRACKETS.sub(" | ", _MARK_SPLIT.sub(lambda m: f" {m.group(0)} ", text))
    if not text.isascii():
        text = "".join(f" {ch} " if _emoji_part(ch) else ch for ch in text)
    return text


def _between_marks(user_text: str, any_case: bool | str) -> set[str]:
    """Lower-cased words of a full name that a mark sets apart from the rest of its sentence (finding: "..., 1 seat,
    Aisha Okafor - thanks!", "Aisha Okafor - I'd like to book ...", "..., Aisha Okafor 😊 please hurry", "1 seat |
    Aisha Okafor | JFK to LHR", "Aisha Okafor (1 adult)"): a part of a sentence between marks (``_is_mark``) or a
    mark and the sentence's edge that is two to four name words (capitalised, or in any case after a request for a
    name), after a greeting or an opener and before fillers, with no place, airline, role or airport codes in it
    (``_reads_as_place``: "New York - Boston") and not after a word of place ("Frankfurt to — Thandiwe Road"). One
    word alone is a name where marks are all the rest of its sentence ("Okafor 😊", as "Okafor." is)."""
    out: set[str] = set()
    toks = _tokens(_mark_spaced(user_text or ""))
    sentence: list[str] = []
    for word, end in toks + [("", True)]:
        if word:
            sentence.append(word)
        if not end:
            continue
        marks = [k for k, w in enumerate(sentence) if _is_mark(w)]
        if marks:
            parts, start = [], 0
            for k in marks + [len(sentence)]:
                parts.append((start, sentence[start:k]))
                start = k + 1
            words_only = [p for _, p in parts if p]
            for start, part in parts:
                while part and _cue_key(part[0]) in _OPENERS:
                    part = part[1:]
                part = _strip_fillers(part)
                least = 1 if len(words_only) == 1 else 2
                if not least <= len(part) <= 4 or not all(_nameish(w, bool(any_case)) for w in part):
                    continue
                if all(w.lower() in _PARTICLE_WORDS | _TITLE_WORDS for w in part) or _reads_as_role(part) \
                        or (len(part) >= 2 and _reads_as_place(part)) \
                        or all(w.isupper() and len(w) == 3 for w in part):  # "JFK LHR"
                    continue
                before = start - 2  # the word before the mark that opens this part
                if before >= 0 and sentence[before].lower() in _AFTER_PLACE_WORD:
                    continue
                out.update(w.lower() for w in part if w.lower() not in _TITLE_WORDS)
        sentence = []
    return out


def _strip_fillers(words: list[str]) -> list[str]:
    """``words`` without the fillers and marks that close them ("Maya Adeyemi obviously", "Maya Adeyemi as well", "Maya
    Adeyemi duh x": ``_FILLERS``; "Maya Adeyemi 😊", "... ~": ``_is_mark``)."""
    while words:
        if len(words) >= 2 and [w.lower() for w in words[-2:]] == ["as", "well"]:
            words = words[:-2]
        elif _cue_key(words[-1]) in _FILLERS or _is_mark(words[-1]):  # "... Adeyemi 😊", "... Adeyemi ~"
            words = words[:-1]
        else:
            break
    return words


# words that frame a name in an answer to "What is the name?": "im diego", "its me diego", "diego here",
# "surname walsh", "last name: walsh"
_FRAME = frozenset("""im i am its it is me this here thats that name names my the first last surname given family
and yeah yes yep sure ok okay just so well hi hello hey""".split())


# a name given as the lead of one share of a split group, after the agent asked for the lead's name: "Noah Papadopoulos
# for the 9", "Lena Vogel for the other 2", "Ana Lopez for the second booking" (sky-customers-26: S1 read the name as
# typed, not given, when the agent booked the share under it)
_SHARE_TAIL = re.compile(r"\s+for\s+(?:the\s+)?(?:(?:other|first|second|big|small|remaining)\s+)?(?:\d{1,2}|one|two|three|"
                         r"four|five|six|seven|eight|nine|group|share|booking|half|lot)\b(?:\s+(?:of\s+(?:us|them)|booking|"
                         r"group|people|passengers|seats))?\s*$", re.I)


def _framed_names(user_text: str) -> set[str]:
    """Lower-cased words of each part of the message (parts end at . , ; ! ? and parentheses) that
    is name words framed only by cue words ("im diego", "surname walsh", "Diego (last name Walsh)"),
    when some frame word or the part's place makes it a name: read only after a request for a name."""
    out: set[str] = set()
    for part in re.split(r"[.,;!?()\[\]:\n]+|\s[-\u2013\u2014]\s", (user_text or "").replace("\u2019", "'")):
        part = _SHARE_TAIL.sub("", part)  # "Noah Papadopoulos for the 9": the lead of one share of a split group
        words = [w.strip("\"'") for w in part.split()]
        words = [w for w in words if w]
        names = [w for w in words if _cue_key(w) not in _FRAME]
        if not names or len(names) > 4 or not all(_nameish(w, True) for w in names) or _reads_as_thing(names):
            continue
        if any(_cue_key(a) in _OWNERS and _cue_key(b) not in _FRAME for a, b in zip(words, words[1:])):
            continue  # "me and my wife", "the boss": someone named by relation, not by name
        out.update(w.lower() for w in names if w.lower() not in _TITLE_WORDS)
    return out


_GREETINGS = frozenset("hi hello hey hiya howdy yo greetings dear good morning afternoon evening".split())
_HERE = frozenset("here speaking".split())


# what a name is then said to be: the customer ("Thandiwe Hernandez is me", "... (that's me)", "... - that's me",
# "...'s me", "... = me"), the lead ("... is the lead passenger", "... will be the lead"), or a companion by kin
# ("... is my wife": ``_says_who``)
# ... or the one who flies, whoever books ("Tom Berg is flying, I'm just booking", "Tom Berg will be travelling", "Tom
# Berg's the one flying"): a capitalised name only ("garcia sofia is flying" gives no order of the parts, 33e)
_FLIES = frozenset(tuple(c.split()) for c in ("is flying", "is travelling", "is traveling", "will be flying",
                                          "will be travelling", "will be traveling", "is the one flying",
                                          "is the one travelling", "is the one traveling", "is the traveller",
                                          "is the traveler", "is the passenger", "will fly", "flies", "travels",
                                          "is the one who is flying", "is the one whos flying", "will be the passenger",
                                          "will be the traveller", "will be the traveler"))
_SAID_TO_BE = [tuple(c.split()) for c in ("is me", "is myself", "= me", "thats me", "that is me", "is the lead",
                                          "is lead", "will be the lead", "will be lead")] + sorted(_FLIES)
_SAID_TO_BE_WORDS = re.compile(r"\b(?:me|myself|lead|my|our|fl(?:y|ying|ies)|travel(?:s|l?ing)|travell?er|passenger)\b",
                               re.I)
_S_ME = re.compile(r"(?<=[^\W\d_])['\u2019]s\s+(?=(?:me|myself|flying|travell?ing|the\s+(?:one|passenger|travell?er))\b)",
                   re.I)
_DASHES = frozenset(("-", "--", "\u2013", "\u2014"))
# words that may open a clause before the name ("oh and Thandiwe Hernandez is me", "btw Hernandez is me")
_OPENERS = _GREETINGS | frozenset("oh and also btw ps so well ok okay fyi anyway yes yeah sure but".split())
# what comes before a name that someone else is placed by ("next to Hernandez is me", "like Thandiwe Hernandez"), with
# the words of place (``_AFTER_PLACE_WORD``)
_PLACED_BY = frozenset("like as than behind beside next after before by with of about".split())


# what may follow "is the lead": the booking's lead named as such ("is the lead passenger"), or the clause going on
# ("is the lead, the others are colleagues", "is the lead and ..."); not another noun, which makes the name the lead of
# something else ("Air Canada is the lead carrier", "Frankfurt Messe is the lead reason we go", "the lead engineer")
_LEAD_NOUNS = frozenset("passenger passengers traveller travellers traveler travelers pax name booker contact".split())
_LEAD_GOES_ON = frozenset("and but so btw then please thanks too here".split())
# ... or the booking it leads: "is the lead on this one", "is the lead for the booking"
_LEAD_OF_TRIP = re.compile(r"(?:on|for) (?:this|the|our|that) (?:one|booking|trip|flight|reservation|group|tickets?)$")


def _says_who(keys: list[str], toks: list[tuple[str, bool]], i: int) -> bool:
    """A tail of ``_SAID_TO_BE``, or "is my <kin>", starts at token ``i`` (no sentence ends inside it); a tail that
    ends with "lead" only before a noun of ``_LEAD_NOUNS``, the clause's end or a word that goes on with another clause
    (``_LEAD_GOES_ON``)."""
    for tail in _SAID_TO_BE + [("is", "my", keys[i + 2] if i + 2 < len(keys) else ""),
                               ("is", "our", keys[i + 2] if i + 2 < len(keys) else "")]:
        if tuple(keys[i:i + len(tail)]) == tail and not any(toks[k][1] for k in range(i, i + len(tail) - 1)) \
                and (len(tail) < 3 or tail[1] not in ("my", "our") or tail[2] in _RELATION_WORDS):
            end = i + len(tail)  # the token after the tail
            if tail[-1] == "lead" and end < len(toks) and not toks[end - 1][1] \
                    and keys[end] not in _LEAD_NOUNS | _LEAD_GOES_ON \
                    and not _LEAD_OF_TRIP.match(" ".join(keys[end:end + 3])):
                continue
            return True
    return False


def _said_to_be(user_text: str) -> set[str]:
    """Lower-cased words of a name the message says is the customer, the lead or a companion by kin (``_SAID_TO_BE``):
    the name words just before the tail ("me and my wife, Thandiwe Hernandez is me", "oh and Thandiwe Hernandez is me",
    "Thandiwe Hernandez - that's me"), where a clause opens with them. Capitalised, two to four words may follow any
    word but one that places someone else by them ("next to Thandiwe Hernandez is me"); in lower case, they must open
    the clause ("thandiwe hernandez is me"); one word must be capitalised inside the sentence ("..., Hernandez is me",
    not "Window is me, aisle is my wife", where the capital only opens the sentence)."""
    if not _SAID_TO_BE_WORDS.search(user_text or ""):
        return set()
    toks = _tokens(_S_ME.sub(" is ", user_text))
    keys = [_cue_key(w) for w, _ in toks]
    out: set[str] = set()
    for i in range(1, len(toks)):
        if not _says_who(keys, toks, i):
            continue
        j = i - 1
        if toks[j][0] in _DASHES:
            j -= 1
        if j < 0 or toks[j][1] not in (False, ","):
            continue
        capital = toks[j][0][:1].isupper()
        if not capital and any(tuple(keys[i:i + len(t)]) == t for t in _FLIES):
            continue
        run: list[str] = []
        while j >= 0 and len(run) < 4 and _nameish(toks[j][0], not capital) and (not run or not toks[j][1]):
            run.insert(0, toks[j][0])
            j -= 1
        k = j
        while k >= 0 and keys[k] in _OPENERS and not toks[k][1]:
            k -= 1
        opened = (k < j or k < 0 or bool(toks[k][1]) or toks[k][0] in _DASHES
                  or not any(ch.isalpha() for ch in toks[k][0]))  # "... may 16 Thandiwe Hernandez is me"
        inside = k < j or (k >= 0 and (toks[k][1] in (",", ";") or toks[k][0] in _DASHES))
        words = [w for w in run if w.lower() not in _TITLE_WORDS]
        if not words or all(w.lower() in _PARTICLE_WORDS for w in words) \
                or any(w.lower() in _PLACEHOLDERS for w in words) or (len(words) >= 2 and _reads_as_place(words)):
            continue
        if len(words) == 1:
            ok = capital and inside
        else:
            ok = opened or (capital and keys[j] not in _PLACED_BY | _AFTER_PLACE_WORD)
        if ok:
            out.update(w.lower() for w in words)
    return out


# What a capitalised run of words read loosely as a name (after the party's count, after a weak cue, or said to be the
# lead) may be instead of a person (oracle labeller 18: "6 people New Zealand", "6 people Frankfurt Airport", "6 people
# Star Alliance", "6 people Vancouver Frankfurt"): a place the database knows (its cities, countries and airport codes,
# which the tools show the customer; the trip's own route is among them), or a travel, organisation or event word.
_DB_CITIES = frozenset(row[1].lower() for row in AIRPORTS_TABLE)
_DB_COUNTRIES = frozenset(row[2].lower() for row in AIRPORTS_TABLE)
_DB_CODES = frozenset(row[0] for row in AIRPORTS_TABLE)
# "hong kong", "united kingdom"
_PLACE_PHRASES = frozenset(tuple(p.split()) for p in _DB_CITIES | _DB_COUNTRIES if " " in p)
# a place's last word: a country the network serves ("Toronto Canada", "Air Canada"), the last word of one ("Arab
# Emirates"), or a continent or region ("Saudi Arabia", "South Africa")
_PLACE_LAST = frozenset(p.split()[-1] for p in _DB_COUNTRIES) | frozenset(
    "africa asia europe america americas arabia caribbean scandinavia".split())
# a place's first word: a city the network serves ("Frankfurt Airport", "Vancouver Canucks"; a surname that is a city,
# "Jack London", stays a name), or a word that opens place names ("New Zealand", "Los Angeles", "San Diego")
_PLACE_FIRST = frozenset(c for c in _DB_CITIES if " " not in c) | frozenset("new los las san santa".split())
# words of travel, organisations and events, never of a person's name ("Air Canada", "Star Alliance", "Frankfurt
# Messe", "Christmas Market", "Gold Members", "Red Eye")
_NOT_PERSON = frozenset("""air airline airlines airways aviation airport airports terminal lounge alliance international
intl messe expo festival fest oktoberfest carnival christmas xmas easter thanksgiving halloween holidays conference
congress summit convention market markets members member club points rewards elite class cabin kingdom republic
islands hotel resort university eye
ltd inc llc plc gmbh corp corporation limited""".split())


# a title, role, status or tier, not a name (oracle-labeller-20 finding 10: "me being Head Coach", "Gold Status with you",
# "Group Organiser", "Frequent Flyer"): a run that ends in a role noun, or holds a word of status. Words that are also
# common surnames (Head, Gold, Silver, Diamond, Parent, Booker, Dean, Bishop, ...) are left out
_ROLE_LAST = frozenset("""coach coaches captain skipper leader leaders lead organiser organizer organisers organizers
coordinator coordinators convenor convener manager managers director directors chair chairman chairwoman chairperson
president secretary treasurer teacher teachers instructor trainer chaperone chaperon supervisor boss chief officer
flyer flier flyers fliers admin administrator guide planner ambassador representative rep headteacher headmaster
headmistress principal ceo cfo coo cto vp assistant""".split())
_STATUS_ANY = frozenset("status tier tiers membership frequent vip loyalty cardholder".split())


def _reads_as_role(words: list[str]) -> bool:
    """The capitalised words are a title, role, status or tier (``_ROLE_LAST``, ``_STATUS_ANY``), not a person."""
    low = [w.lower() for w in words]
    return bool(low) and (low[-1] in _ROLE_LAST or any(w in _STATUS_ANY for w in low))


def _reads_as_thing(words: list[str]) -> bool:
    """The capitalised words, typed as a sentence of their own, name a thing and not a person (another fixer, in
    sky-customers-27: "Star Alliance Gold.", "Star Alliance Gold - please" were read as a name, so a booking under
    "Alliance" or "Gold" was grounded): a word of travel, organisations or events (``_NOT_PERSON``), a title, role,
    status or tier (``_reads_as_role``), a place phrase of the database ("Hong Kong"), or places and airport codes
    only ("Toronto Canada", "JFK"). Narrower than ``_reads_as_place``: a person may bear a city's name as a first name
    ("Sydney Chen", "Paris Walsh"), or a country's as a surname ("Tom England")."""
    low = [w.lower() for w in words]
    if not low:
        return False
    if _reads_as_role(words) or any(w in _NOT_PERSON for w in low):
        return True
    if any(tuple(low[k:k + len(p)]) == p for p in _PLACE_PHRASES for k in range(len(low))):
        return True
    return all(w in _DB_CITIES or w in _DB_COUNTRIES or words[k] in _DB_CODES for k, w in enumerate(low))


def _reads_as_place(words: list[str]) -> bool:
    """The capitalised words (a run read loosely as a name) name a place, an airline, an alliance or an event rather
    than a person (``_NOT_PERSON``, ``_PLACE_FIRST``, ``_PLACE_LAST``, the database's place names), a title, role,
    status or tier (``_reads_as_role``), or are all airport
    codes and places ("YVR FRA", "Vancouver Frankfurt")."""
    low = [w.lower() for w in words]
    if not low:
        return False
    if _reads_as_role(words):  # "me being Head Coach", "6 people Group Organiser"
        return True
    if any(w in _NOT_PERSON for w in low) or (len(low) >= 2 and (low[0] in _PLACE_FIRST or low[-1] in _PLACE_LAST)):
        return True
    if any(tuple(low[k:k + len(p)]) == p for p in _PLACE_PHRASES for k in range(len(low))):
        return True
    return all(w in _DB_CITIES or w in _DB_COUNTRIES or words[k] in _DB_CODES for k, w in enumerate(low))


_COUNT_WORDS = frozenset("two three four five six seven eight nine ten".split())
_PARTY_WORDS = frozenset("people persons adults passengers pax ppl travellers travelers seats tickets guests".split())


def _after_count(toks: list[tuple[str, bool]], keys: list[str]) -> set[str]:
    """Lower-cased words of a capitalised full name right after the party's count that ends its clause ("2 people
    Thandiwe Hernandez and my wife", the companion cut by ``_AFTER_NAME``; "two adults Thandiwe Hernandez + wife", "for
    2 Thandiwe Hernandez", "two of us Thandiwe Hernandez."): not words that go on as a route or a date ("2 people New
    York to Boston", "2 people Boston May 16")."""
    out: set[str] = set()
    for k, key in enumerate(keys[:-1]):
        if toks[k][1] or not ((key.isdigit() and len(key) <= 2) or key in _COUNT_WORDS):
            continue
        start = k + 1
        if keys[start] in _PARTY_WORDS and not toks[start][1]:
            start += 1
        elif keys[start:start + 2] == ["of", "us"] and not toks[start + 1][1]:
            start += 2
        elif not (k and keys[k - 1] == "for"):
            continue
        run, ends, _ = _run_at(toks, start, False)
        if 2 <= len(run) <= 4 and ends and not all(w.lower() in _PARTICLE_WORDS for w in run) \
                and not _reads_as_place(run):  # "6 people New Zealand", "6 people Frankfurt Airport"
            out.update(w.lower() for w in run)
    return out


def _opening_name(toks: list[tuple[str, bool]]) -> set[str]:
    """Lower-cased words of a full name that opens the message as a sentence of its own, in any case
    ("malik fischer. JFK-FRA jul 23, 2 ppl", "hi, malik fischer here. ..."): after a greeting, two to four
    name words and at most a closing "here" / "speaking", ended by the sentence's end. Chat is often typed in
    lower case; one word ("fischer.") or a sentence with an ordinary word in it ("paris tomorrow.") is none."""
    words: list[str] = []
    for word, end in toks:
        words.append(word)
        if end and all(_cue_key(w) in _GREETINGS for w in words):
            words = []  # "hi, malik fischer here."
        elif end:
            break
    else:
        return set()
    words = _strip_fillers([w for w in words if _cue_key(w) not in _GREETINGS])
    if words and _cue_key(words[-1]) in _HERE:
        words = words[:-1]
    if 2 <= len(words) <= 4 and all(_nameish(w, True) for w in words) and not all(
            w.lower() in _PARTICLE_WORDS | _TITLE_WORDS for w in words) and not _reads_as_thing(words):
        return {w.lower() for w in words if w.lower() not in _TITLE_WORDS}
    return set()


def _introduced(sentence: list[str]) -> set[str]:
    """Lower-cased words of a capitalised name that introduces its speaker ("Hi, Omar Chen here.", "Omar
    speaking", "Hi - Omar Chen here - I need ..."): a part of the sentence between dashes that is, after a
    greeting, only name words and a closing "here" / "speaking"."""
    out: set[str] = set()
    part: list[str] = []
    for w in sentence + ["-"]:
        if w not in ("-", "\u2013", "\u2014"):
            part.append(w)
            continue
        words = [x for x in part if _cue_key(x) not in _GREETINGS]
        if len(words) >= 2 and _cue_key(words[-1]) in _HERE and all(_nameish(x, False) for x in words[:-1]) \
                and not _reads_as_role(words[:-1]):  # "Head Coach here": a role
            out.update(x.lower() for x in words[:-1] if x.lower() not in _TITLE_WORDS)
        part = []
    return out


def _signed(sentence: list[str]) -> set[str]:
    """Lower-cased words of a capitalised full name that ends the sentence after a dash ("Option 1 — Carlos Dubois",
    "just for me — Thandiwe Singh."): two to four name words and nothing else after the last dash, the way a
    signature closes a message; none after a word of place ("Frankfurt to — New York" names a city)."""
    dashes = [k for k, w in enumerate(sentence) if w in ("-", "\u2013", "\u2014", "--")]
    if not dashes:
        return set()
    k = dashes[-1]
    words = sentence[k + 1:]
    if not 2 <= len(words) <= 4 or not all(_nameish(w, False) for w in words) or all(
            w.lower() in _PARTICLE_WORDS | _TITLE_WORDS for w in words) or (k and sentence[k - 1].lower() in _AFTER_PLACE_WORD):
        return set()
    return {w.lower() for w in words if w.lower() not in _TITLE_WORDS}


# the travellers listed after a dash or a colon that closes the sentence, as a booking request lists them: "2 seats on
# SA3952 on March 5 — Ravi Ivanova and Mira Ivanova.", "...: Ravi Ivanova, Mira Ivanova.", "for two — Ravi Ivanova and
# his sister Mira" (``_name_list``)
_LIST_MARK = re.compile(r":\s+|\s[-\u2013\u2014]+\s+")
_WHOSE = frozenset("my our his her their".split())
_RELATION_WORDS = frozenset("""wife husband partner spouse fiance fiancee friend son daughter mother father mom mum dad
brother sister boyfriend girlfriend colleague coworker boss manager client cousin aunt uncle grandma grandpa grandmother
grandfather grandson granddaughter nephew niece assistant employee stepson stepdaughter child kid""".split())


def _listed_after_mark(user_text: str) -> set[str]:
    """Lower-cased words of the names listed after the last dash or colon of a sentence, when the rest of the
    sentence is only that list (``_name_list``) and no word of place comes before the mark ("London to — New
    York")."""
    out: set[str] = set()
    if ":" not in user_text and "-" not in user_text and "\u2013" not in user_text and "\u2014" not in user_text:
        return out
    for sentence in re.split(r"(?<=[.!?])\s+|\n+", _items_joined(user_text.replace("\u2019", "'"))):
        marks = list(_LIST_MARK.finditer(sentence))
        if not marks:
            continue
        before = sentence[:marks[-1].start()].split()
        last = before[-1].lower().strip(".,()") if before else ""
        listed = _ENUMERATOR.sub(", ", sentence[marks[-1].end():]).strip(" ,")
        names = _name_list(_tokens(listed)) if before else set()
        # "the 6 flying: Liam Walsh + 5 colleagues": those flying, listed by a colon (oracle-labeller-22 finding 9), as
        # long as no place is listed ("6 people flying: New York")
        if last not in _AFTER_PLACE_WORD or (last in ("flying", "fly") and marks[-1].group(0).startswith(":")
                                             and not _reads_as_place(re.findall(r"[^\W\d_][\w'\u2019-]*", listed))):
            out |= names
    return out


# a list written as one, under a header that ends with a colon ("Names:\n1. Hiroshi Moreau\n2. Aiko Moreau", bullets
# "- ", "* ", "\u2022 ", or "1) "), or inline with numbers ("Names: 1) Hiroshi Moreau 2) Aiko Moreau"): read as the list
# "Names: Hiroshi Moreau, Aiko Moreau" (``_listed_after_mark``)
_ITEM = re.compile(r"^\s*(?:\d{1,2}[.)]|[-*\u2022\u2013])\s+(\S.*?)\s*$")
_ENUMERATOR = re.compile(r"(?:^|\s+)\d{1,2}\)\s+")


# a role said after a listed traveller, in brackets: "1. Hiroshi Fischer (lead)", "- Priya Andersen (me)"
_ITEM_ROLE = re.compile(r"\s*\((?:the\s+)?(?:lead(?:\s+(?:passenger|travell?er|contact|booker))?|me|myself|organi[sz]er|"
                        r"primary(?:\s+contact)?|main\s+contact|adult|child|infant|booker)\)\s*$", re.I)


def _items_joined(text: str) -> str:
    """The text with the item lines under a header line that ends with ":" joined to it, commas between; blank lines
    between the header and the items, as an LLM user simulator writes a markdown list ("...the following
    passengers:\n\n- Priya Andersen\n- Rahul Andersen\n\nWe'd like ..."), are skipped, and so is a role in brackets
    after an item ("Hiroshi Fischer (lead)": ``_ITEM_ROLE``)."""
    lines: list[str] = []
    listing = False
    blanks = 0
    for line in text.split("\n"):
        m = _ITEM.match(line)
        if not line.strip() and lines and (listing or lines[-1].rstrip().endswith(":")) and not blanks:
            blanks += 1  # one blank line between the header and its list
            continue
        if m and lines and (listing or (lines[-1].rstrip().endswith(":") and not (blanks and listing))):
            lines[-1] = lines[-1].rstrip() + (", " if listing else " ") + _ITEM_ROLE.sub("", m.group(1)).rstrip(".,;")
            listing = True
            blanks = 0
            continue
        if blanks:
            lines.append("")
        listing, blanks = False, 0
        lines.append(line)
    return "\n".join(lines)


def _name_list(toks: list[tuple[str, bool]]) -> set[str]:
    """The words of ``toks`` when they are only a list of capitalised names, one of them a full name: names joined
    by commas, "and", "&", "+" or "plus", each maybe opened by whose relative it is ("his sister Mira"); else none."""
    words: list[str] = []
    full, k = False, 0
    while k < len(toks):
        if toks[k][0].lower() in _WHOSE and k + 1 < len(toks) and toks[k + 1][0].lower() in _RELATION_WORDS \
                and not toks[k][1] and not toks[k + 1][1]:
            k += 2  # "his sister Mira"
        run, _, nxt = _run_at(toks, k, False)
        if not run:
            return set()
        words.extend(run)
        full = full or len(run) >= 2
        if nxt >= len(toks):
            break
        end = toks[nxt - 1][1]
        if end == ",":
            k = nxt + (toks[nxt][0].lower() in _JOINERS)
        elif not end and toks[nxt][0].lower() in _JOINERS:
            k = nxt + 1
        else:
            return set()  # another word after a name: no list of names only
    return {w.lower() for w in words if w.lower() not in _TITLE_WORDS} if full else set()


_AFTER_PLACE_WORD = frozenset("to from into via through in at near around and or leaving visit visiting fly flying "
                              "land landing towards toward out of".split())


_LEADING_FILLERS = frozenset("just only simply its it is ok okay sure yes yeah fine alright well so then name "
                             "the thats".split())


def _closing_name(sentence: list[str], least: int = 2) -> set[str]:
    """Lower-cased words of the capitalised name of ``least`` or more words that ends ``sentence``,
    unless a word of place ("to", "from", "via", ...) comes just before it."""
    k = len(sentence)
    while k > 0 and _nameish(sentence[k - 1], False):
        k -= 1
    words = [w for w in sentence[k:] if w.lower() not in _TITLE_WORDS]
    while words and words[0].lower() in _PARTICLE_WORDS:
        words.pop(0)
    if len(words) < least or k == 0 or sentence[k - 1].lower() in _AFTER_PLACE_WORD or _reads_as_thing(words):
        return set()
    return {w.lower() for w in words}


def asks_for_name(assistant_text: str) -> bool | str:
    """The assistant's message asks the customer for a name: "last" when it asks for a last name
    or surname only, else True; False when it asks for none."""
    low = (assistant_text or "").lower()
    if "?" not in low or not any(w in low for w in _NAME_ASK_WORDS):
        return False
    return "last" if any(w in low for w in ("last name?", "surname?", "family name?")) and "first" not in low else True


def name_was_stated(value: str, exchanges: list[tuple[str, str]]) -> bool:
    """Every word of ``value`` belongs to a name the customer stated in one of ``exchanges``
    ((assistant text before the user message, user message) pairs)."""
    stated: set[str] = set()
    for prev, user in exchanges:
        stated |= stated_names(user, asks_for_name(prev))
    return name_in(value, stated)


def _plain(word: str) -> str:
    """The word without its accents ("núñez" -> "nunez"): a name typed in plain letters is the same name."""
    if word.isascii():
        return word
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


# letters that people write out in plain letters in more than one way, or that have no accent to drop:
# "Müller" is typed "Muller" or "Mueller", "Weiß" "Weiss", "Ødegård" "Odegard" or "Oedegaard"
_WRITTEN_AS = {"ä": ("a", "ae"), "ö": ("o", "oe"), "ü": ("u", "ue"), "ø": ("o", "oe"), "å": ("a", "aa"), "ß": ("ss",),
               "æ": ("ae",), "œ": ("oe",), "ł": ("l",), "đ": ("d",), "ð": ("d",), "þ": ("th",), "ı": ("i",)}
_MAX_SPELLINGS = 64


@lru_cache(1 << 14)
def _spellings(word: str) -> frozenset[str]:
    """The ways a lower-cased word is written in plain letters: its accents dropped, and each letter of
    ``_WRITTEN_AS`` written either way ("jürgen" -> "jurgen", "juergen"); the word itself too."""
    word = unicodedata.normalize("NFC", word)
    if word.isascii():
        return frozenset((word,))
    choices = [_WRITTEN_AS.get(ch) or (_plain(ch),) for ch in word]
    out = {""}
    for options in choices:
        out = {w + o for w in out for o in options}
        if len(out) > _MAX_SPELLINGS:  # a long word of many such letters: one spelling each way
            return frozenset((word, _plain(word), "".join(c[0] for c in choices), "".join(c[-1] for c in choices)))
    return frozenset(out | {word})


def name_in(value: str, stated: set[str] | frozenset[str]) -> bool:
    """Every word of ``value`` (lower-cased; commas separate too) is in ``stated``, written in plain
    letters or not ("Jose Nunez" for the stated "josé núñez", "Juergen Mueller" for "jürgen müller",
    "Weiss" for "weiß", "Odegard" for "ødegård", ``_spellings``); False for no words."""
    words = [w.lower() for w in value.replace(",", " ").split()]
    # initials written as such ("L.", "J.R.", "J. R."): their letters, each an initial the customer gave (``stated_names``)
    words = [x for w in words for x in (re.findall(r"[a-z]", w) if re.fullmatch(r"[a-z](?:\.[a-z])*\.?", w) else [w])]
    # a post-nominal typed after the name ("+jr", ``stated_names``) belongs to it only beside a word of the name
    name = [w for w in words if w in stated or "+" + w.replace(".", "") not in stated]
    if not words or not name:  # "PhD", "Jr": a post-nominal alone is no name
        return False
    words = name
    if all(w in stated for w in words):
        return True
    plain = frozenset().union(*(_spellings(w) for w in stated))
    if all(_spellings(w) & plain for w in words):
        return True
    # one surname written with its apostrophes, hyphens or spaces dropped or changed, as booking systems write it:
    # "O'Brien" booked as "OBrien", "D'Souza" as "DSouza", "Okafor-Smith" as "Okafor Smith" (skyV F3), or the reverse
    pieces = [p for w in words for p in _NAME_JOINS.split(w) if p]
    if sum(len(p) == 1 for p in pieces) > 1:  # a name spelled out letter by letter ("S-c-h-m-i-d-t") is its spelling
        return False
    whole = _squashed(" ".join(words))
    if len(whole) > 2 and whole in {_squashed(w) for w in plain}:
        return True
    # "Okafor Smith" given, "Okafor-Smith" booked
    if len(pieces) > len(words) and all(_spellings(p) & plain for p in pieces):
        return True
    # the surname's words joined or parted otherwise (skyV Minor, forty-fourth session): "Mc Donald" given, "McDonald"
    # booked; "de la Cruz" given, "Dela Cruz" booked; "Ó Briain" given, "O Briain" booked
    return len(whole) > 2 and _segmented(whole, frozenset(_squashed(w) for w in plain if w))


def _segmented(whole: str, words: frozenset[str]) -> bool:
    """``whole`` is two or more of ``words`` written one after another, at most one of them a single letter."""
    best = {0: 0}  # end of a prefix so covered -> the fewest single letters used for it
    for end in range(1, len(whole) + 1):
        counts = [best[k] + (end - k == 1) for k in best if whole[k:end] in words and (k or end < len(whole))]
        if counts and min(counts) <= 1:
            best[end] = min(counts)
    return len(whole) in best


_NAME_WORD = re.compile(r"[^\W\d_]+(?:['\u2019-][^\W\d_]+)*")
_NAME_JOINS = re.compile(r"[\s'\u2019\u2018`\u2010\u2011\u2013\u2014-]+")


def _squashed(word: str) -> str:
    """A name with its apostrophes, hyphens and spaces taken out ("o'brien", "okafor smith" -> "obrien", "okaforsmith"),
    for ``name_in`` to compare a surname a booking wrote in plain letters."""
    return _NAME_JOINS.sub("", word)


def typed_full_name(first: object, last: object, said: str, places: frozenset[str] = frozenset()) -> bool:
    """The traveller's first and last name, as a booking writes them, typed together in that order by the customer
    in lowercase and with no cue ("sofia garcia and my husband", "for sofia garcia and miguel garcia"): a full name
    given, as many customers type it, when every word of it is one a name may be (``_nameish``: not "please proceed",
    "looks great") and it is no place (``places``, lower-cased: "new york"). One word alone, the two apart or
    reversed, or capitalised words the name readers did not take for a name ("Option 1 — to New York later"), are
    not."""
    if not (isinstance(first, str) and isinstance(last, str) and first.strip() and last.strip()):
        return False
    words = first.split() + last.split()
    if not all(_nameish(w, True) for w in words) or " ".join(words).lower() in places:
        return False
    run = r"\s+".join(re.escape(w.lower()) for w in words)  # matched as typed: in lowercase
    # ("omar singh period": "period" is a mark, ``_dictated``)
    return bool(re.search(r"(?<![\w'\u2019-])" + run + r"(?![\w'\u2019-])", _dictated(said or "")))


def word_in_plain(word: str, text: str) -> bool:
    """Some word of ``text`` is ``word`` written in plain letters or with its accents ("Ramírez" in the text for the
    name "Ramirez", or the other way round; ``_spellings``): a surname typed with its accent is the surname (P2)."""
    if not word or (word.isascii() and text.isascii()):
        return False  # plain letters on both sides: a plain word match says it all
    want = _spellings(word.lower())
    return any(_spellings(w.lower()) & want for w in _NAME_WORD.findall(text or ""))


# two travellers named in one clause, each by a full name, the second said to be the other one ("Nadia Tanaka and the
# other is Tom Reyes", "Nadia Tanaka, the other one Tom Reyes", "first is Nadia Tanaka, second is Tom Reyes", "Nadia
# Tanaka and my colleague is Tom Reyes", "Nadia Tanaka; other passenger: Tom Reyes", sky-customers-27 finding 1: S1 read
# "Tom Reyes" as typed, not as a name) or joined as a list ("Nadia Tanaka & Tom Reyes"); the clause opens the sentence
# or follows a mark, and ends the sentence (courtesy aside)
_PAIR_WORD = r"(?!(?i:and|plus|the|other|another|second|my|his|her|our|is|one|first)\b)[^\W\d_][\w'\u2019.-]*"
_PAIR_NAME = _PAIR_WORD + r"(?:\s+" + _PAIR_WORD + r"){1,3}"
_PAIR_OTHER = (r"(?:the\s+)?(?:other|second|2nd|next|last)(?:\s+(?:one|passenger|person|traveller|traveler|pax|guy|lady|"
               r"one's|name|seat|ticket))?")
_PAIR_WHO = r"(?:my|his|her|our)\s+(?:" + "|".join(sorted(_RELATION_WORDS)) + ")"
_PAIRED = re.compile(
    r"(?:^|[,:;(]\s*|\s[-\u2013\u2014]+\s*)(?:(?i:and|so|ok|okay|yes|yeah|sure|right|well|hi|hello|hey)[,\s]+)*"
    r"(?:(?i:(?:the\s+)?(?:first|1st|one)(?:\s+(?:one|passenger|person|traveller|traveler|pax|name))?"
    r"(?:\s*(?:is|will\s+be|=|:|-)\s*|,\s*|\s+)))?"
    r"(?P<a>" + _PAIR_NAME + r")"
    r"(?P<sep>\s*(?:[,;/+&]|\s(?i:and|plus))\s*(?i:and\s+)?"
    r"(?:(?i:" + _PAIR_OTHER + r"|" + _PAIR_WHO + r")(?:\s*(?:is|will\s+be|=|:|-)\s*|,\s*|\s+))?"
    r"|\s*(?:(?i:and\s+)?(?i:" + _PAIR_OTHER + r"|" + _PAIR_WHO + r")(?:\s*(?:is|will\s+be|=|:|-)\s*|,\s*|\s+)))"
    r"(?P<b>" + _PAIR_NAME + r")"
    r"(?=\s*[,.]?\s*(?i:please|pls|thanks|thank\s+you|thx|cheers|ty)?\s*(?:[.!?)]+|$))")


def _paired_names(user_text: str, any_case: bool | str) -> set[str]:
    """Lower-cased words of two full names in one clause (``_PAIRED``), capitalised, or in any case after a request for
    a name or where the second is said to be the other traveller or a relative; neither a place, airline or role."""
    out: set[str] = set()
    for sentence in re.split(r"(?<=[.!?])\s+(?=\S)|\n+", user_text or ""):
        for m in _PAIRED.finditer(sentence.strip()):
            said_other = bool(re.search(r"(?i)\b(?:other|second|2nd|next|last|my|his|her|our)\b", m.group("sep")))
            names = [[w.rstrip(".") for w in m.group(g).split()] for g in ("a", "b")]
            if all(_nameish(w, bool(any_case) or said_other) for n in names for w in n) \
                    and not any(_reads_as_place(n) or all(w.lower() in _PARTICLE_WORDS | _TITLE_WORDS for w in n)
                                for n in names):
                out.update(w.lower() for n in names for w in n if w.lower() not in _TITLE_WORDS)
    return out


# a customer who introduces themself by one name word only: the word is a given name for sure after "call me", "I go
# by", "X here", "X speaking" or "first name" (``_GIVEN_ALONE``), and may be either part after "my name is", "I'm",
# "this is" (``_ONE_NAME``); the one word must end its clause, not start a whole name ("I'm Aisha Okafor")
_ONE_WORD = r"([A-Z][^\W\d_]*(?:['\u2019-][^\W\d_]+)*)(?!['\u2019]?[\w-]|\s+(?:[A-Z]|(?i:van|de|da|di|von|del|la|le|el|al|bin)\s))"
_GIVEN_ALONE = re.compile(
    r"(?i:\b(?:(?:you\s+can\s+|just\s+|please\s+|pls\s+)?call\s+me|i\s+go\s+by|(?:my\s+)?(?:first|given)\s+name(?:['\u2019]s|"
    r"\s+is|\s*:)?|(?:my\s+)?friends\s+call\s+me)\s+)" + _ONE_WORD
    + r"|(?:^|[.!?,;]\s*|\b(?i:hi|hello|hey|hiya|morning)[,!]?\s+)" + _ONE_WORD + r"\s+(?i:here|speaking)\b"
    + r"|\b(?i:this\s+is|it['\u2019]?s|i['\u2019]?m|im|i\s+am)\s+" + _ONE_WORD + r"\s+(?i:speaking)\b")
_ONE_NAME = re.compile(r"\b(?i:my\s+name\s+is|my\s+name['\u2019]s|name['\u2019]s|i['\u2019]m|im|i\s+am|this\s+is|"
                       r"it['\u2019]s)\s+" + _ONE_WORD + r"(?=\s*(?:[.!,;:)\u2013\u2014]|\s-\s|$|\s+(?i:and|but|"
                       r"here|speaking|btw|by\s+the\s+way)\b))")
_SURNAME_ASKED = re.compile(r"(?i:\b(?:sur|last|family)\s*names?\b|\bsurnames?\b)")
_SAME_BOTH = re.compile(r"(?i:\bsame\s+as\s+(?:my\s+)?first\b|\b(?:sur|last|family)\s*name\s+(?:is\s+)?(?:the\s+)?same\b|"
                        r"\bonly\s+(?:have\s+)?one\s+name\b|\bno\s+(?:sur|last|family)\s*name\b|\bmononym|\bjust\s+one\s+name\b)")
_NOT_SELF = frozenset("""sorry sure not just here ready done fine good okay ok happy looking calling travelling traveling
flying interested afraid glad wondering back new also still the""".split())


def lone_given_names(user_text: str) -> dict[str, bool]:
    """The name words a customer introduced themself by alone (lower-cased), each with True where the words make it a
    given name ("Call me Aisha.", "Aisha here", "This is Aisha speaking.", "first name Aisha") and False where it may be
    either part ("My name is Aisha.", "I'm Kwame."): S1, the customer's first name written as the booking's last name
    (skyV V5). A text that gives a surname, or says there is none or it is the same, names none."""
    text = unspell(user_text or "")
    if _SAME_BOTH.search(text):
        return {}
    out: dict[str, bool] = {}
    for pat, sure in ((_ONE_NAME, False), (_GIVEN_ALONE, True)):
        for m in pat.finditer(text):
            word = next(g for g in m.groups() if g)
            if word.lower() not in _NOT_SELF and word.lower() not in _ORDINARY and word.upper() != word:
                out[word.lower()] = sure or out.get(word.lower(), False)
    return out


def surname_asked(agent_text: str) -> bool:
    """The agent's message asks about a surname ("And your last name?"): a lone word the customer answers it with is
    the surname, not a given name (``lone_given_names``)."""
    return bool(_SURNAME_ASKED.search(agent_text or ""))


# a whole name said with a cue that gives both parts in speaking order: "the booking should be under Aisha Mensah", "put
# it under my colleague Ben Carter instead", "name Aisha Okafor", "in the name of Daniel Okafor"
_NW = r"([A-Z][^\W\d_]*(?:['\u2019-][^\W\d_]+)*)"
_FULL_NAME_CUE = re.compile(
    r"(?i:\b(?:under|in\s+the\s+name\s+of|name(?:\s+is|\s*:|['\u2019]s|\s+to)?|i['\u2019]?m|i\s+am)\s+"
    r"(?:(?:my|our)\s+(?:\w+\s+){0,2}?(?:wife|husband|partner|colleague|friend|boss|son|daughter|mother|father|mum|mom|dad|"
    r"sister|brother|spouse|fianc\w*|manager|assistant)\s*,?\s+)?)" + _NW + r"\s+" + _NW + r"(?!\s+[A-Z])")
_SURNAME_FIX = re.compile(r"(?i:\b(?:maiden|married|new)\s+(?:sur|last\s*)?name\s*(?:is\s+|:\s*)?)" + _NW
                          + r"|(?i:\buse\s+)" + _NW + r"(?i:\s+as\s+(?:the|my|our)\s+(?:sur|last\s*|family\s*)name)")
# a name part labelled, then a contrast or a courtesy: "my surname is actually Mensah not Okafor", "first name: Aysha,
# not Aisha" (``stated_parts`` reads a labelled part only where it ends its clause)
_PART_THEN_MORE = re.compile(r"(?i:\b(?:(sur|last\s*|family\s*)|(first\s*|given\s*))name(?:\s+is|\s*:|['\u2019]s|\s+should\s+"
                             r"(?:be|read|say))?\s+(?:actually\s+|really\s+|in\s+fact\s+|now\s+)?)" + _NW
                             + r"(?=\s*(?:[.,;!()]|$|\s+(?i:not|and|but|instead|please|pls|thanks|rather)\b))")
# a cue that the name said replaces an earlier one: "actually", "correction", "instead", "should be", "spelled"
_NAME_FIX_CUE = re.compile(r"(?i:\b(?:actually|correction|correct(?:ed)?|sorry|oops|instead|rather|should\s+(?:be|read|say)|"
                           r"change|changed|spelled|spelt|mistake|typo|wrong|meant|i\s+mean|not\s+[A-Z]\w+|maiden|married|"
                           r"put\s+(?:it|the\s+booking|them|the\s+seats?)\s+under|switch|update|make\s+(?:it|that)|"
                           r"under\s+the\s+name|in\s+the\s+name\s+of)\b)")


_NOT_NAME_WORDS = frozenset("spelled spelt written actually really now instead correctly properly".split())


def name_statements(user_text: str) -> dict[str, frozenset[str]]:
    """The name words a customer message gives for each part ("first", "last"; lower-cased): the parts
    ``stated_parts`` reads, a whole name after a cue that gives both parts in speaking order ("under Aisha Mensah",
    "name Aisha Okafor") and a surname named as such ("my maiden name Mensah", "use Mensah as the surname")."""
    text = unspell(user_text or "")
    out: dict[str, set[str]] = {"first": set(), "last": set()}
    for w, part in stated_parts(user_text):
        if w not in _NOT_NAME_WORDS:  # "my first name is spelled Aysha": "spelled" is no name word
            out[part].add(w)
    for m in _FULL_NAME_CUE.finditer(text):
        first, last = m.group(1), m.group(2)
        if first.lower() in _ORDINARY or last.lower() in _ORDINARY or first.lower() in _PLACEHOLDERS:
            continue
        out["first"].add(first.lower())
        out["last"].add(last.lower())
    for m in _PART_THEN_MORE.finditer(text):
        if m.group(3).lower() not in _ORDINARY and m.group(3).lower() not in _NOT_NAME_WORDS:
            out["last" if m.group(1) else "first"].add(m.group(3).lower())
    for m in _SURNAME_FIX.finditer(text):
        w = next(g for g in m.groups() if g)
        if w.lower() not in _ORDINARY:
            out["last"].add(w.lower())
    return {k: frozenset(v) for k, v in out.items()}


def corrects_name(user_text: str) -> bool:
    """The message says its name replaces one given before (``_NAME_FIX_CUE``: "the surname is actually Mensah",
    "put it under my colleague Ben Carter instead", "correction: last name is Okafor-Mensah")."""
    return bool(_NAME_FIX_CUE.search(user_text or ""))


# A name put in place of the one given before, in more words than a cue of correction beside a labelled part (skyV,
# forty-fourth session, V1: "book it under my married name, Aisha Boateng", "in my husband's name, Kofi Mensah", "the
# ticket must match my passport: Aisha Boateng", "I go by Aisha Boateng now", "Okafor is my old name, use Boateng",
# "change the surname to Boateng", "sorry, wrong name - it is Aisha Boateng", "not Okafor. Boateng.", "make the
# booking out to Kofi Mensah" were read as no name, so a booking under the old one passed). ``renamed`` reads them.
_RN_RUN = r"([^\W\d_][\w'\u2019-]*)(?:[ \t]+([^\W\d_][\w'\u2019-]*))?(?:[ \t]+([^\W\d_][\w'\u2019-]*))?"
_RN_SEP = r"\s*(?:[,:=\u2013\u2014]|\s-|->|=>)?\s*"
_RN_KIND = (r"(?:married|maiden|new|legal|real|proper|correct|right|official|passport|current|actual|full|updated|true|"
            r"birth|own|usual)")
# the traveller's name given whole, as the one the booking is to bear: "under my married name, X", "in my husband's
# name: X", "in the name X", "I go by X", "known as X", "make the booking out to X", "my passport says X", "must match
# my passport: X", "the name on the ticket has to be X", "my name is now X", "the traveller is my husband X"
_RN_WHOLE = re.compile(
    r"(?i:\b(?:(?:under|in)\s+(?:(?:my|his|her|our|their|the)\s+)?(?:[\w]+['\u2019]s\s+)?(?:" + _RN_KIND + r"\s+)?"
    r"(?:(?:sur|last\s*|family\s*)?name)(?:\s+of)?"
    r"|go(?:es|ing)?\s+by|known\s+as|(?:made|make|write|writ(?:e|ten))\s+(?:(?:it|this|that|them|the\s+\w+)\s+)?out\s+"
    r"(?:to|in\s+the\s+name\s+of|for)"
    r"|(?:passport|id|licen[cs]e|documents?)\s+(?:says|reads|shows|has|is\s+in\s+the\s+name\s+of)"
    r"|match(?:es)?\s+(?:my|the|his|her|our|their)\s+(?:passport|id|licen[cs]e|documents?)(?:\s+name)?"
    r"|(?:my|the)\s+(?:" + _RN_KIND + r"\s+)?(?:sur|last\s*|family\s*)?name(?:\s+(?:on|in|for)\s+(?:the|my|this)\s+\w+)?"
    r"(?:['\u2019]s|\s+is|\s+will\s+be|\s+should\s+be|\s+(?:has|needs|ought)\s+to\s+be|\s+must\s+be|\s+changed\s+to)"
    r"(?:\s+(?:now|actually|really|in\s+fact))?"
    r"|(?:traveller|traveler|passenger|person\s+flying|flyer)\s+(?:is|will\s+be|should\s+be)(?:\s+(?:my|our)\s+\w+)?"
    r")" + _RN_SEP + r")" + _RN_RUN)
# the name put right in a message that says one was wrong or is retired: "wrong name - it is X", "it's X now",
# "I'm X now", "use X" (after "Okafor is my old name"), "X please"
_RN_RIGHT = re.compile(r"(?i:\b(?:it['\u2019]?s|its|it\s+is|i['\u2019]?m|i\s+am|use|should\s+be|make\s+it|now)"
                       + _RN_SEP + r")" + _RN_RUN)
# a part changed to a name: "change the surname to Boateng", "surname changed to Boateng", "swap the surname for
# Boateng", "update the last name to Boateng", "change Okafor to Boateng" (Okafor retired)
_RN_CHANGE = re.compile(
    r"(?i:\b(?:change|changed|switch|switched|swap|swapped|update|updated|correct|corrected|amend|amended|replace|"
    r"replaced|alter|altered)\s+(?:(?:the|my|her|his|our)\s+)?(?:(sur|last\s*|family\s*)|(first\s*|given\s*))?"
    r"(?:name\s+)?(?:from\s+)?)(?:([^\W\d_][\w'\u2019-]*)\s+)?(?i:(?:to|for|with|into|->|=>)" + _RN_SEP + r")"
    + _RN_RUN)
_RN_PART_CHANGED = re.compile(r"(?i:\b(?:(sur|last\s*|family\s*)|(first\s*|given\s*))name\s+(?:is\s+|has\s+)?"
                              r"(?:changed|switched|updated)\s+to" + _RN_SEP + r")" + _RN_RUN)
# a name retired: "X is my old name", "X was my maiden name", "no longer X", "not X. Y", "not X - Y", "Y, not X"
_RN_OLD_IS = re.compile(r"([^\W\d_][\w'\u2019-]*)(?i:\s+(?:is|was|['\u2019]s)\s+(?:my|her|his|the)\s+(?:old|former|"
                        r"previous|maiden|ex|wrong|outdated|birth|pre-?marriage)\s+(?:sur|last\s*|family\s*)?name)")
_RN_NO_LONGER = re.compile(r"(?i:\bno\s+longer|\bnot\s+anymore|\bnot\s+any\s+more)\s+([^\W\d_][\w'\u2019-]*)")
_RN_NOT_THEN = re.compile(r"(?i:\bnot)\s+([^\W\d_][\w'\u2019-]*)\s*(?:[.;!,:]|\s-|[\u2013\u2014]|->|=>)+\s*(?i:(?:it['\u2019]?s"
                          r"|its|but|use|make\s+it)\s+)?" + _RN_RUN)
_RN_THEN_NOT = re.compile(r"([^\W\d_][\w'\u2019-]*)\s*(?:[,(\u2013\u2014]|\s-)?\s*(?i:not|rather\s+than|instead\s+of|in\s+place\s+of)\s+"
                          r"([^\W\d_][\w'\u2019-]*)")
_RN_ANY_CASE = re.compile(r"(?i:\bgo(?:es|ing)?\s+by\b|\bknown\s+as\b|\bout\s+(?:to|for|in\s+the\s+name)\b|\bname\b)")
# a whole name put in instead: "book it for Kofi Mensah instead", "for Kofi Mensah rather"
_RN_INSTEAD = re.compile(r"(?i:\b(?:for|under|to)\s+)" + _RN_RUN + r"(?i:\s*,?\s*(?:instead|rather)\b)")
# a name added beside the booking's rather than put in its place: "the second seat in my husband's name, Kofi Mensah",
# "my wife is also known as ...", "and me": the whole names of such a message replace nothing
_RN_ADDED = re.compile(r"(?i:\b(?:also|too|as\s+well|second|other|another|extra|additional|plus|both|each|and\s+me|"
                       r"with\s+me|for\s+me\s+and|one\s+of\s+(?:the|them))\b)")
# what makes a message about the name at all (a word of ``_RN_RIGHT`` is read only in one)
_RN_ABOUT = re.compile(r"(?i:\b(?:wrong\s+(?:sur|last\s*|first\s*)?name|(?:old|former|previous|maiden|married|new)\s+"
                       r"(?:sur|last\s*|family\s*)?name|no\s+longer|got\s+married|(?:sur|last\s*|first\s*)?name\s+"
                       r"(?:is\s+)?(?:wrong|incorrect|changed|is\s+not\s+right)|not\s+my\s+name|passport)\b)")
_RN_SURNAME_TALK = re.compile(r"(?i:\b(?:married|marriage|maiden|divorced?|surname|last\s*name|family\s*name)\b)")
_RN_STOP = frozenset("""now instead please pls plz thanks thank these days anymore too also then there here though
actually really just only on in at for to by from with and or but not no yes yeah ok okay sorry booking ticket name names
surname passport flight seat seats economy business book it that this please""".split())


def _rn_words(words: tuple[str | None, ...], any_case: bool = True) -> tuple[str, ...]:
    """The lower-cased name words at the start of a run read by ``renamed`` (at most 3, cut at the first word that is no
    name); none where the run reads as a place or a thing."""
    run: list[str] = []
    for w in words:
        if not w or w.lower() in _RN_STOP or w.lower() in _PLACEHOLDERS or w.lower() in _TRIP_WORDS \
                or w.lower() in _CONTRAST_WORDS or w.lower() in _TITLE_WORDS or w.lower() in _NOT_A_DOCUMENT_NAME \
                or w.lower() in _WEEKDAYS or w.lower() in _MONTH_WORDS or not _nameish(w, any_case):
            break
        run.append(w)
    if not run or _reads_as_thing(run) or _reads_as_place(run):
        return ()
    return tuple(w.lower() for w in run)


def renamed(user_text: str) -> tuple[tuple[tuple[str, ...], str | None, str | None], ...]:
    """The names a customer message puts in place of the booking's name (``_RN_WHOLE`` ... ``_RN_THEN_NOT`` above),
    each as (the new words in speaking order, the part they are when the message says it ("first" / "last"), the word
    they replace when the message names it), lower-cased. A whole name (two words or more) is first and last name; a
    lone word takes the part of the word it replaces, or the part the message labels. The S1 check
    (verifiers._superseded_name) reads a lone word with neither as nothing."""
    text = unspell(user_text or "")
    out: list[tuple[tuple[str, ...], str | None, str | None]] = []
    for m in [] if _RN_ADDED.search(text) else [*_RN_WHOLE.finditer(text), *_RN_INSTEAD.finditer(text)]:
        # in lower case only after a cue that can only name ("I go by aisha boateng"): "my passport says larsen", "the
        # person flying is vegetarian" name no one (test_sky_oracle_43j)
        words = _rn_words(m.groups(), bool(_RN_ANY_CASE.search(m.group(0))))
        if words:
            out.append((words, None, None))
    for m in _RN_CHANGE.finditer(text):
        words = _rn_words(m.groups()[3:])
        old = m.group(3).lower() if m.group(3) and m.group(3).lower() not in _RN_STOP | _ORDINARY else None
        if words:
            out.append((words, "last" if m.group(1) else "first" if m.group(2) else None, old))
    for m in _RN_PART_CHANGED.finditer(text):
        words = _rn_words(m.groups()[2:])
        if words:
            out.append((words, "last" if m.group(1) else "first", None))
    for m in _RN_NOT_THEN.finditer(text):
        words = _rn_words(m.groups()[1:], False)
        if words and _nameish(m.group(1), False):
            out.append((words, None, m.group(1).lower()))
    for m in _RN_THEN_NOT.finditer(text):
        words = _rn_words((m.group(1),), False)
        if words and _nameish(m.group(2), False):
            out.append((words, None, m.group(2).lower()))
    retired = [m.group(1).lower() for rx in (_RN_OLD_IS, _RN_NO_LONGER) for m in rx.finditer(text)
               if _nameish(m.group(1), False)]
    if retired or _RN_ABOUT.search(text):
        for m in _RN_RIGHT.finditer(text):
            words = _rn_words(m.groups(), False)
            if words and not set(words) & set(retired):
                # a lone word in a message of a marriage or a surname is the surname: "I got married, it's Boateng now"
                part = "last" if len(words) == 1 and _RN_SURNAME_TALK.search(text) else None
                out.append((words, part, retired[0] if retired and len(words) == 1 else None))
    return tuple(dict.fromkeys(out))


# ---- forty-fourth session (fixer m): a surname put right in lower case at a summary that shows the name
# the agent's message sets out the traveller's name: "..., under the name Mei Garcia, $610 per seat. Shall I book it?",
# "Name: Mei Garcia", "in the name of Mei Garcia", "for passenger Mei Garcia"
_SHOWS_NAME = re.compile(r"\b(?:under|in)\s+(?:the\s+)?names?\b|\bnames?\s*(?::|is\b|are\b)|\bfor\s+passengers?\s+[A-Z]")
# the words of a short correction beside the name: "sorry its larsen", "larsen sorry", "its larsen now", "oops, it's
# larsen actually", "no its larsen", "should be larsen", "surname is larsen", "my bad - larsen"
_FIX_WORDS = frozenset("""sorry soz sry oops oh ah no nope wait its it's it is now actually sorry, my bad mistake typo
                          should be shouldve meant mean i the surname last name lastname family correction correct
                          spelling spelt spelled please pls plz thanks thx not""".split())
_FIX_CUES = frozenset("sorry soz sry oops no nope wait its now actually bad mistake typo should meant mean correction "
                      "spelling spelt spelled surname lastname".split())


@lru_cache(1 << 14)
def shown_name_fix(user_text: str, prev_text: str) -> frozenset[str]:
    """Lower-cased name words of a short correction, in any case, of a name the agent's previous message set out
    ("sorry its larsen", "larsen sorry", "its larsen now" to "... under the name Mei Garcia. Shall I book it?"): the
    reply holds nothing but one or two name-like words (``_nameish`` in any case: no ordinary word) and the words of a
    correction (``_FIX_WORDS``), one of them a cue of it (``_FIX_CUES``). The customer typed the name; its capitals are
    the agent's to write. Empty otherwise ("its fine now", "sorry yes", "no thanks")."""
    if not prev_text or not _SHOWS_NAME.search(prev_text) or not user_text or len(user_text) > 60:
        return frozenset()
    words = [w for w, _ in _tokens(user_text.replace("-", " "))]
    low = [w.lower().replace("'", "") for w in words]
    rest = [w for w, lw in zip(words, low) if lw not in _FIX_WORDS and w.lower() not in _FIX_WORDS]
    if not 1 <= len(rest) <= 2 or not any(lw in _FIX_CUES for lw in low):
        return frozenset()
    if not all(_nameish(w, True) and w.lower() not in _PLACEHOLDERS and w.lower() not in _WEEKDAYS for w in rest) \
            or _reads_as_place([w.capitalize() for w in rest]):  # "it should be Amsterdam": a place
        return frozenset()
    return frozenset(w.lower() for w in rest)
