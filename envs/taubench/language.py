"""How the retail reference target reads customer English (rules, no model).

Separate from ``envs.taubench.verifier_text`` on purpose: the verifiers judge the target with an
independent reading, so a blind spot here shows up as a violation there instead of hiding it.

``read(text)`` returns a ``Reading``: identifiers (order ids, emails, user ids, zip codes, names
found in the database), the request kinds asked for, a cancellation reason, a payment kind, an
address, yes / no, hurry, a stated order status, and "the same one".
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from envs.taubench.database import RetailDB
from probe.targets.consent import HARMLESS_NO, is_confirmation
from probe.targets.phrases import CLOSING, KEEPS_OPEN, abandon_pattern, asks_for_person, without_declined_person

ORDER_ID = re.compile(r"#?\b(W\d{7})\b", re.I)
EMAIL = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")
# an email typed with spaces around "@" or its dots: "aarav.nguyen1293 @example.com", "aarav . nguyen @ example . com"
# (a dot of the name part only with spaces on both sides, not "hi. aarav@..."; a spaced dot of the domain only
# before a lower-case label)
_SPACED_EMAIL = re.compile(r"(?<![\w.@])[\w+-]+(?:(?:\s+\.\s+|\.)[\w+-]+)*\s*@\s*(?:[\w-]+(?:\.[\w-]+)+(?![\w-])|"
                           r"[\w-]+(?:\s*\.\s*[\w-]+)*\s*\.\s*[a-z]{2,10}(?![\w@.]))")


def join_spaced_email(text: str) -> str:
    """The text with an email typed with spaces written without them."""
    return _SPACED_EMAIL.sub(lambda m: re.sub(r"\s+", "", m.group(0)) if re.search(r"\s", m.group(0)) else m.group(0), text)


# --- numbers and emails said in words (speech-to-text): "zip three two two five five", "seventy seven oh fifteen",
# "lei dot wilson one two five three at example dot com", "thirty two gigs of ram" ---------------------------------
_UNITS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine".split())}
_TEENS = {w: 10 + i for i, w in enumerate("ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen "
                                          "nineteen".split())}
_TENS = {w: 10 * (i + 2) for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())}
_NUMBER_WORD = r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|" \
               r"sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)"
_NUMBER_RUN = re.compile(rf"\b{_NUMBER_WORD}(?:[\s-]+{_NUMBER_WORD})*\b", re.I)
_SPOKEN_DOMAIN = re.compile(r"\s+at\s+([a-z0-9-]+)(?:\s+dot\s+|\s*\.\s*)(com|net|org|edu|gov|io|co|us|info)\b", re.I)
_SIZE_UNIT = re.compile(r"(?P<n>\d+)\s*(?:gigs?|gigabytes?|g\.?b\.?)(?![\w])", re.I)


def _digits(words: list[str]) -> str:
    """The digits a run of number words reads as, one group after another ("seventy seven oh fifteen": 77015)."""
    out, i = "", 0
    while i < len(words):
        w = words[i]
        if w in _TENS:
            unit = words[i + 1] if i + 1 < len(words) else ""
            if unit in _UNITS and unit != "zero":
                out, i = out + str(_TENS[w] + _UNITS[unit]), i + 2
                continue
            out += str(_TENS[w])
        else:
            out += str(_TEENS.get(w, _UNITS.get("zero" if w == "oh" else w, 0)))
        i += 1
    return out


def _spoken_email(text: str) -> str:
    m = _SPOKEN_DOMAIN.search(text)
    if not m:
        return text
    # the name part, read back from " at ": digits (or number words), one word before them, and more such parts
    # joined by "dot" / "underscore" ("lei dot wilson one two five three")
    toks = list(re.finditer(r"[A-Za-z0-9]+|\.|_", text[:m.start()]))
    parts: list[str] = []
    start, i = m.start(), len(toks) - 1
    while i >= 0:
        digits = ""
        while i >= 0 and (toks[i].group().isdigit() or re.fullmatch(_NUMBER_WORD, toks[i].group(), re.I)):
            digits, i = (toks[i].group() if toks[i].group().isdigit() else _digits([toks[i].group().lower()])) + digits, i - 1
        if i < 0 or not re.fullmatch(r"[A-Za-z][A-Za-z0-9]*", toks[i].group()):
            return text
        parts.insert(0, toks[i].group() + digits)
        start, i = toks[i].start(), i - 1
        sep = toks[i].group().lower() if i >= 0 else ""
        if sep not in ("dot", ".", "underscore", "_"):
            break
        parts.insert(0, {"dot": ".", "underscore": "_"}.get(sep, sep))
        i -= 1
    local = "".join(parts)
    if not (re.search(r"[._\d]", local) or re.search(r"\be-?mail\b", text, re.I)):
        return text  # "I'm at amazon.com": no email said
    return text[:start] + f"{local}@{m.group(1)}.{m.group(2)}".lower() + text[m.end():]


def spoken_numbers(text: str) -> str:
    """The text with a spoken email, a spoken zip code (a run of number words of five digits) and a spoken size
    ("thirty two gigs") written in figures; other number words ("two tablets", "one more thing") stay."""
    text = _spoken_email(text)

    def run(m: re.Match[str]) -> str:
        words = [w.lower() for w in re.split(r"[\s-]+", m.group(0))]
        if words[0] == "oh":  # "oh, seven seven ...": the interjection
            return m.group(0)
        digits = _digits(words)
        after = text[m.end():m.end() + 12]
        if len(digits) == 5 and len(words) >= 2:
            return digits
        if len(words) <= 2 and re.match(r"\s*(?:gigs?|gigabytes?|g\.?b\.?|tb|terabytes?|inch(?:es)?)\b", after, re.I) and \
                int(digits) < 100:
            return digits if len(words) == 1 or words[0] in _TENS else m.group(0)  # not "two two gigs"
        return m.group(0)

    text = _NUMBER_RUN.sub(run, text)
    return _SIZE_UNIT.sub(lambda m: m.group("n") + "GB", text)  # "32 gigs", "32 gb": how the catalogue writes it


USER_ID = re.compile(r"\b([a-z]+_[a-z]+_\d{3,5})\b")
# a zip code, also written as zip+4 ("78701-1234"), read as its five digits
ZIP = re.compile(r"(?<![#\w])(\d{5})(?:\s?[-\u2013]\s?\d{4})?(?![\w-])")
# a zip written straight after its label: "zip80218", "ZIP#80218" (``ZIP`` wants no word or "#" before it)
_ZIP_GLUED = re.compile(r"\b(?:zip|zipcode|postcode|postal)(?:\s*code)?\s*(?:#|no\.?)?\s*(\d{5})(?![\w-])", re.I)
# ... or typed with spaces between its digits: "6 0 6 5 4", "43 275" (five digits in all, nothing else beside them)
_SPACED_ZIP = re.compile(r"(?<!\d\s)(?<![\w#$.,])\d{1,4}(?:\s\d{1,4}){1,4}(?!\w|\.\d|\s\d)")
WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")

# the store's words for its actions, which may stand beside a yes ("yes, return them", "exchange it please")
STORE_ACTIONS = re.compile(r"return|returns|exchange|exchanges|refund|refunded|send (?:it|them|those) back|send back|back", re.I)
_REASON_AGAIN = re.compile(r"\b(?:(?:it'?s|it is|because|reason|as)\s+)?(?:no longer needed|no longer need(?:s|ed)? it|"
                           r"ordered (?:it )?by mistake)\b", re.I)
# an aside about the purchase or the refund's speed, in its own clause after an explicit yes: "yes, I don't think I'll
# need it", "yep, not sure why I bought it lol", "yes... probably for the best", "yes please, hopefully the refund shows
# up before friday" (before: the proposal asked again, or "take your time"). Only these whole asides, after a yes that
# opens the reply: "ok, not sure", "yes, probably", "yes, hopefully it goes to the gift card" still are no yes.
_OPEN_YES = r"^\W*(?:y+e+s+|yeah+|yea|yep+|yup+)\b(?:\W+(?:please|pls|plz|go ahead|do it))?"
_PURCHASE_ASIDE = re.compile(
    _OPEN_YES + r"\s*(?:[,;:.!-]+|\.\.\.)\s*(?:and\s+|honestly\s+|tbh\s+)?(?P<aside>"
    r"(?:i\s+)?(?:don'?t|do not|dont)\s+think\s+i'?(?:ll| will)\s+(?:need|use|want)\s+(?:it|them|that|this)"
    r"(?:\s+(?:any ?more|again|after all))?|"
    r"(?:not sure|no idea|dunno|idk)\s+why\s+i\s+(?:ever\s+)?(?:bought|ordered|got|purchased)\s+(?:it|them|that|this|these|those)"
    r"(?:\s+in the first place)?|"
    r"(?:i\s+)?(?:probably\s+|really\s+)?(?:should(?:\s+have|'ve)\s+never|never\s+should(?:\s+have|'ve)|"
    r"shouldn'?t\s+(?:have|'ve))\s+(?:bought|ordered|got(?:ten)?|purchased)\s+(?:it|them|that|this|these|those)"
    r"(?:\s+in the first place)?|"
    r"(?:it'?s\s+|that'?s\s+)?(?:probably\s+)?for the best|"
    r"hopefully\s+(?:the\s+|my\s+)?(?:refund|money)\s+(?:shows?\s+up|comes?\s+(?:back|through)|arrives?|"
    r"hits?(?:\s+my account)?|lands?|goes through|is\s+(?:quick|fast))"
    r"(?:\s+(?:quick(?:ly)?|fast|soon|before\s+\w+|by\s+\w+|this week|in time))?"
    r")(?:\s+(?:lol|haha|tbh))?\W*$", re.I)


_FOREIGN_YES = re.compile(r"\W*(?:s[i\u00ed\u00ec]|oui|ja|sim|da|hai)(?:\W+(?:s[i\u00ed\u00ec]|oui|ja|sim|por favor|"
                          r"s'il vous pla[i\u00ee]t|bitte|merci|gracias|grazie))*\W*", re.I)


def _without_aside(t: str) -> str:
    """The reply without such an aside: "yes, I don't think I'll need it" -> "yes,"."""
    m = _PURCHASE_ASIDE.match(t)
    return t[:m.start("aside")] if m else t


# an action taken back by the words before it: "don't cancel", "do not need it returned", "no need to exchange them"
# ("I'm not cancelling W6116680, I'm just wondering ...", "I don't want to cancel W3168895 - I just want to change
# where it ships": an order named after the verb is the order in hand too)
_REFUSED_ACTION = re.compile(r"\b(?:don'?t|do not|dont|no need to|not going to|won'?t|never|(?:i'?m|i am|we'?re|we are)\s+"
                             r"not(?:\s+(?:going|trying|planning|looking|asking you)\s+to)?)\s+(?:(?:need|want)\s+(?:to\s+|it\s+|them\s+|"
                             r"that\s+|the order\s+)?|(?:go ahead and|actually|really|please)\s+)?(?:cancel|call off|return|"
                             r"send (?:it|them) back|exchang|swap|replac|chang|modif)\w*"
                             # of the order in hand, not of one item ("don't return the puzzle, just the shirt")
                             r"(?=\s*(?:$|[,.;!?]|#?w\d{7}\b|(?:it|them|that|this|anything|any of it|the order|my order|order|after all|"
                             r"yet|please|now|for now|thanks?)\b))", re.I)
# a mind changed about the action itself: "changed my mind on the cancellation of #W1, keep it", "I changed my mind about
# cancelling - where is my speaker order?" take the action back (unlike "changed my mind on #W1, cancel it please", "I
# changed my mind about the speaker, cancel that order": the mind changed about the order, the cancel's reason)
_MIND_CHANGED_ON_ACTION = re.compile(r"\b(?:changed|change) (?:my|our) minds? (?:on|about|regarding|re|over|with|for)\s+"
                                     r"(?:the |my |that |this |our )?(?:cancel|return|exchang|swap|refund)\w*", re.I)
# "if I can't cancel just that item", "if you cannot return it": a condition, not a request
_IF_CANT = re.compile(r"\b(?:(?:if|since|as|because)\s+(?:i|we|you)\s+(?:can'?t|cannot|can not|couldn'?t)|"
                      r"whether\s+(?:i|we|you)\s+(?:can|could))\s+(?:just\s+|only\s+)?(?:cancel|return|"
                      r"exchang|swap)\w*[^,.;!?]*", re.I)  # (and "I only asked whether I can cancel one item")
# a reason in the customer's words that starts like a refusal: "don't need it anymore", "I do not want them"
_REASON_NOT_NO = re.compile(r"^\W*(?:i\s+)?(?:don'?t|do not|won'?t)\s+(?:really\s+)?(?:need|want)\s+(?:it|them|this|that|those|"
                            r"the (?:order|items?|stuff))\b(?:\s+any ?more)?", re.I)
NO = re.compile(r"^\W*(no|nope|nah|non|nein|n[a\u00e3]o|don'?t|do not|wait|hold on|stop|never ?mind|not yet|actually(?!\W+(?:yes|yeah|yep|sure|ok(?:ay)?|"
                r"go ahead|please do|do it|both|all of (?:them|it)|the two|each(?: one)? of them)\b))\b", re.I)
# ("actually yes, go ahead", "actually both of them" at "which one?" are no "no")
# (the words SkyAssist's customers use too: "pressed for time", "need it done fast", "my flight leaves soon")
# a "no" that says there is nothing to add, a go-ahead to follow: "nah, that's all, go ahead", "nope that's everything"
# (also one that answers "are these all the items?" with the whole list: "no, just these two. proceed", "nope, only
# those, go ahead", "nope just the two, yes" - not "no, just the keyboard", which narrows it; and a hurry that opens
# with "no": "no time for this - yes yes, do it", "no need to read it all out, yes": asked once for a plain yes, as
# the consent reading does not take them for one; before: read as a refusal and the request dropped)
_NOTHING_MORE = re.compile(r"^\W*(?:(?:no+|nope|nah)\W+(?:(?:that'?s|thats|that is|it'?s|its)\s+(?:all|it|everything)|"
                           r"nothing (?:else|more)|(?:just|only)\s+(?:(?:these|those|them)(?:\s+(?:two|three|four|ones?|items?|"
                           r"things?))?|the\s+(?:two|three|four|ones I (?:said|named|asked for))|both(?:\s+of\s+them)?))|"
                           r"(?:no|not)\s+(?:much\s+)?(?:time|need to (?:read|go through|list|repeat|explain|spell)|"
                           r"need for (?:all )?(?:the|that|this|details|a recap))\b[^,.;!?\n\u2013\u2014-]*)"
                           r"\b(?:\W+(?:thanks?|thank you|thx))?\W+", re.I)
# a yes that opens with a negative word, at a proposal: "no complaints, go ahead", "no objections", "not a problem",
# "none from me, proceed", "nah no worries, do it", "zero issues here - go for it", "I've got no objection" (the whole
# message, or such words and then a yes; before: read as a no, and the request dropped). The consent reading takes
# only some of them for a plain yes ("no problem, do it"); the rest are asked once for a plain yes, the request kept.
# Not "no problems with the laptop, I'll keep it", "no complaints about it, don't cancel" (the rest is no yes)
_NO_OBJECTION = re.compile(
    r"^\W*(?:(?:no+|nope|nah|um+|hmm+|well|honestly|ok(?:ay)?|fine|sure|yes|yeah|yep)\W+)*"
    r"(?:(?:(?:i|we)(?:'ve|\s+have)?(?:\s+got)?\s+|got\s+)?(?:no|zero|nae|without any)\s+"
    r"(?:real\s+|big\s+|major\s+|other\s+|further\s+|more\s+|particular\s+)?"
    r"(?:complaints?|objections?|objecti?ons?|issues?|problems?|probs?|problemo|worries|concerns?|qualms?|arguments?|"
    r"reservations?|rush|hurry|big deal|biggie|sweat|beef|changes?|corrections?|questions?|probl?ems?)|"
    r"(?:that'?s\s+|it'?s\s+)?not\s+(?:a|any|an)\s+(?:problem|issue|worry|bother|concern|big deal)|"
    r"none(?:\s+at\s+all|\s+whatsoever)?|no\s+need\s+to\s+(?:wait|ask(?:\s+(?:me\s+)?again)?|check(?:\s+again)?|"
    r"confirm(?:\s+again)?|double[\s-]?check|repeat(?:\s+it)?)|(?P<open>not\s+at\s+all)|"
    r"nothing\s+(?:to\s+(?:add|object(?:\s+to)?|change|correct|fix)|(?:else|more)(?:\s+to\s+(?:add|say|change))?|"
    r"against\s+it|wrong(?:\s+with\s+(?:it|that|this))?)|"
    # (Spanish, French, Italian, Portuguese, German)
    r"no\s+hay\s+problema|sin\s+problema|pas\s+de\s+(?:probl[e\u00e8]me|souci)|nessun\s+problema|sem\s+problema|"
    r"kein\s+problem)"
    r"(?:\s+(?:here|from\s+me|on\s+my\s+(?:end|side|part)|at\s+all|whatsoever|really|"
    r"(?:with|about|to)\s+(?:that|it|this|the\s+(?:proposal|plan|details|summary|above))))*"
    r"(?=\W|$)", re.I)
_PROPOSAL_ASKED = re.compile(r"\(yes/no\)|\bshall i\b|\bgo ahead\b", re.I)


def no_objection_yes(text: str, question: str) -> bool:
    """At a proposal, a reply that is such words alone or such words and then a yes ("no complaints, go ahead"); not
    one with anything else after them ("no complaints about it, keep it")."""
    if not _PROPOSAL_ASKED.search(question or "") or not (m := _NO_OBJECTION.match(text or "")):
        return False
    rest = re.sub(r"^(?:(?:thanks?|thank you|thx|ty|cheers|so|and|then|just)\W+)+", "",
                  text[m.end():].strip(" \t\n,.;:!-\u2013\u2014()"), flags=re.I)
    if m.group("open") and not rest:
        return False  # ("not at all" alone may answer "shall I go ahead?" with a no; "not at all, go ahead" is a yes)
    return not rest or bool(re.fullmatch(r"(?:thanks?|thank you|thx|ty|cheers)\W*", rest, re.I)) or \
        is_confirmation(rest, question, STORE_ACTIONS) or \
        bool(re.fullmatch(r"(?:(?:please|pls|so|you\s+(?:can|may))\s+)?(?:proceed|go ahead|go for it|do it|carry on|continue|"
                          r"process it|make the change|fire away|crack on|send it through)"
                          r"(?:\s+(?:please|pls|then|now|thanks?|thank you))*\W*", rest, re.I))


def _plain_no_objection(text: str) -> bool:
    """The opening words of such a yes are the common ones a yes stands beside ("no problem", "no worries", "not a
    problem", "no rush": ``HARMLESS_NO``), not "none from me" or "no complaints"."""
    m = _NO_OBJECTION.match(text or "")
    if not m:
        return False
    rest = HARMLESS_NO.sub(" ", m.group(0))
    return not re.sub(r"\b(?:no+|nope|nah|um+|hmm+|well|honestly|ok(?:ay)?|fine|sure|yes|yeah|yep)\b", " ", rest,
                      flags=re.I).strip(" \t\n,.;:!-\u2013\u2014()")


# a "no" after a few opening words: "hmm ok then no, keep it", "then no, I will keep the order", "thinking about it...
# no" (before: only a "no" at the very start was one, and these, with "keep it", were read as a goodbye)
_LATE_NO = re.compile(r"^\W*(?:(?:hmm+|ok(?:ay)?|so|then|well|um+|uh+|ah+|oh|actually|in that case|on second thought|"
                      r"thinking about it|having thought about it|after all)\W+)+(?:no|nope|nah)\b"
                      r"(?!\W+(?:longer|need|problem|worries|rush|hurry|thanks?|thank you)\b)", re.I)
# a polite no to a proposal: "on reflection, I'll hold off", "I'd prefer you didn't", and, as the whole message, "not
# this time thanks", "eh, maybe not", "yes... actually no" (before: the proposal asked again, or read as a change)
_SOFT_NO = re.compile(
    r"\b(?:i'?ll|i will|i think i'?ll|i'?d better|i should|let'?s|we'?ll|gonna|going to)\s+(?:just\s+|probably\s+)?"
    r"hold off\b(?!\s+(?:on\s+)?(?:the|my|that|this)\s+(?!order\b|cancel|return|exchange|change)\w)|"
    r"\b(?:i'?d|i would)\s+(?:prefer|rather)\s+(?:that\s+|if\s+)?you\s+(?:didn'?t|did not|don'?t|wouldn'?t|not)\b|"
    r"^\W*(?:(?:eh+|hmm+|um+|uh+|well|ok(?:ay)?|actually|sorry|yes|yeah|yep|sure|wait|so|then|on reflection|"
    r"on second thoughts?|thinking about it)\W+)*(?:(?:maybe|probably|perhaps|prob)\s+)?(?:not|no|nope|nah)"
    r"(?:\s+(?:after all|this time))?"  # ("not now, thanks" is a put-off, read by the clerk)
    r"(?:\W+(?:thanks?|thank you|thx|ty|sorry))?\W*$", re.I)
URGENT = re.compile(r"\b(asap|urgent(ly)?|hurry|rush(ed|ing)?(?! hour)|right (away|now)|quick(ly)?|immediately|no time|"
                    r"as soon as possible|straight away|emergency|(?:short|pressed|tight) (?:on|of|for) time|"
                    r"time is (?:short|tight|running out)|running out of time|not much time|(?:done|do it|be) fast|"
                    r"fast as (?:you can|possible)|make it (?:quick|fast|snappy)|(?:in|at) (?:the )?hospital|"
                    r"(?:flight|train|plane|bus) (?:leaves|is leaving|departs|boards) (?:soon|in)|about to (?:board|leave)|"
                    r"boarding (?:soon|now)|"
                    # "this minute", "this very second", "in the next five minutes", "I don't have long", "I only have
                    # a minute", "I'm at the gate" (not "I'll be back in a minute")
                    r"this (?:very )?(?:minute|second|instant)|(?:in|within) the next (?:few |couple of |\w+ )?(?:minutes?|mins?|seconds?)|"
                    r"(?:don'?t|do not|dont) have (?:long|much time|a lot of time|all day)|"
                    r"only (?:have|got) (?:a|one|two|a few|a couple of|\d+) (?:minutes?|mins?|seconds?|secs?)|at the gate|"
                    # "I don't have time for back and forth", "no time for chit-chat", "need it done before it ships
                    # today!!" (not "can I still cancel before it ships?")
                    r"(?:don'?t|do not|dont|haven'?t|have not) (?:have |got )?(?:the |any )?time (?:for|to)|"
                    r"before (?:it|they|the order|the package) (?:ships?|goes? out|leaves?|gets? sent|is sent|are sent) "
                    r"(?:today|tonight|this (?:morning|afternoon|evening))|"
                    r"(?:need|needs|want|have to|has to|must) (?:it |this |that )?(?:to )?(?:be )?(?:done|sorted|cancel+ed|fixed) "
                    r"(?:today|tonight|by (?:today|tonight|noon|the end of (?:the )?day)))\b", re.I)
# "no rush", "not urgent", "take your time": no hurry
_NOT_URGENT = re.compile(r"\b(?:no|not (?:in )?(?:a|any)|not|in no|without (?:any|a))\s+(?:big |real |great |particular )?"
                         r"(?:rush|hurry|urgency|urgent)\b|\bnot (?:that |very |really )?urgent\b", re.I)
SAME_ONE = re.compile(r"\b(same (one|item|model|thing|kind|unit)|same [a-z-]+ model|same as (before|the old one|last time)|identical|exact same|(?:just|exactly) like (it|the old one|this one)|"
                      r"another one of the same|very same|exact replacement|"
                      # "a new one exactly the same" (not "exactly the same size", "just the same way")
                      r"(?:exactly|just) the same(?!\s+(?:size|colou?r|style|material|options?|price|way|as|time)\b))\b"
                      # (not "the same one but with a white backlight", "the same model in blue": another option of it)
                      r"(?!\s*,?\s*(?:but|except|only|just)?\s*(?:with|in|without)\s+(?:a\s+|an\s+|the\s+)?"
                      r"(?!it\b|them\b|mine\b)[\w-]+)", re.I)
# the product itself named once more: "can I get the same smartphone again as a replacement?", "I'd like the same pet
# bed again, the one from #W1 is faulty", "the very same keyboard", "an identical patio umbrella" (the words between
# must name a product: not "the same order again", "the same card again"; not "the same keyboard but in white")
_SAME_NAMED = re.compile(r"\b(?P<how>(?:very|exact|exactly the)\s+same|identical|same)\s+(?P<what>(?:[a-z0-9%-]+\s+){0,2}[a-z0-9%-]+)", re.I)
_SAME_NAMED_TAIL = re.compile(r"(?:\s*,?\s*(?:please|pls|plz),?)?\s+(?:again|agian|agin|once more|one more time|as (?:a |my )?replacement|as before|as last time|as I had|"
                              r"as the (?:old|first|last|broken|faulty|damaged) one)\b", re.I)
_SAME_NAMED_OTHER = re.compile(r"\s*,?\s*(?:(?:again|agian|please)\s*,?\s*)?(?:but|except|only|just)?\s*(?:with|in|without)\s+(?:a\s+|an\s+|the\s+)?"
                               r"(?!it\b|them\b|mine\b)[\w-]+", re.I)


def _same_product_named(text: str, db: RetailDB) -> bool:
    """The identical item asked for by the product's name: "the same smartphone again", "the exact same pet bed", "the
    same skateboard as a replacement" (a plain "same X" needs "again"/"as a replacement"/... or "exact"/"very"; "the same
    keyboard but in white" is another option of it)."""
    names = [p.name for p in db.products.values()]
    for m in _SAME_NAMED.finditer(text):
        words = m.group("what").split()
        start = m.start("what")
        for k in range(1, len(words) + 1):
            phrase = " ".join(words[:k])
            if not mentioned_items(phrase, names):
                continue
            rest = text[text.lower().find(phrase.lower(), start) + len(phrase):]
            if _SAME_NAMED_OTHER.match(rest):
                continue
            if _SAME_NAMED_TAIL.match(rest) or m.group("how").lower() != "same":
                return True
    return False


# a replacement asked for in words without "exchange" ("just send me another exactly like it")
_SEND_ANOTHER = re.compile(r"\b(?:send|ship|give|get|want|need|like)\b[^.?!]{0,25}\b(?:another|one more|a new one|"
                           # "a fresh unit of the exact same thing", "the same model again", "an identical one"
                           r"an? (?:fresh|new|brand new) (?:unit|one|copy|piece)|an? identical\b|"
                           r"replacement|(?:the )?(?:very |exact )?same (?:[a-z-]+ )?(?:one|model|thing|item|unit|kind|product))\b|"
                           # "exact same lamp again", "I want to reorder the same one": the same thing once more
                           r"\bsame\b[^.?!]{0,30}\b(?:again|once more)\b|\bre-?order\b", re.I)
# the order's status stated, not asked ("it hasn't shipped yet", "it hasn't been sent out", "still processing")
STATED_STATUS = re.compile(r"\b(still (pending|processing|being processed|in processing|being prepared)|is pending|"
                           # "still sitting in processing", "stuck in pending", "still shows as processing", "the status
                           # says pending" (before: only "is still processing" was heard)
                           r"(?:still |just )?(?:sitting|stuck|sat|waiting|showing|shows|listed|marked|says)(?: as| in| at)? "
                           r"(?:pending|processing)|status (?:is|says|shows)(?: as)? (?:still )?(?:pending|processing)|"
                           r"it'?s pending|(?:is|it'?s) (?:still )?processing|"
                           r"(?:has|have)(?:n[’']?t| not) (?:yet )?(?:been )?(?:shipped|sent(?: out| off)?|dispatched|"
                           r"mailed|left|gone out|gone anywhere)|"
                           r"(?:is|are|was|it'?s|its)? ?not (?:yet )?(?:been )?(?:shipped|sent out|dispatched))\b", re.I)
# ("acct": phone; "update my saved address too", "the address I have on file": the default one)
DEFAULT_ADDRESS = re.compile(r"\b(default|profile|account|acct|my address on file|home address|saved address|"
                             r"address (?:i have |you have )?on file)\b", re.I)
# the default address named only to be left as it is: "don't touch my profile address", "leave my default one
# alone", "keep my account address as is", "not my default one", "without changing my home address"
_KEEP_DEFAULT_BEFORE = re.compile(r"(?:\b(?:don'?t|dont|do not|never|no need to|without|not|leave|leaving|keep|keeping)\b"
                                  r"[^,.;!?]{0,30}|\bnot\s+(?:the|my|your))\s*$", re.I)
_KEEP_DEFAULT_AFTER = re.compile(r"^\s*(?:address|addr|one)?\s*(?:(?:can|should|will|must|is to|needs to)\s+)?(?:stay|stays|"
                                 r"remain|remains|alone|as is|as it is|the same|unchanged|untouched|is (?:fine|ok(?:ay)?|good)|"
                                 r"(?:is|as)\s+(?:it|they)\s+(?:is|are))\b", re.I)


def default_address_asked(text: str) -> bool:
    """The message asks about or for the default address: some mention of it ("my profile address", "my
    default one") that is not there only to be left alone ("don't touch my profile address", "keep my
    account address as is", "not my default one", "my default address stays the same")."""
    for m in DEFAULT_ADDRESS.finditer(text):
        clause = re.split(r"[,.;!?]|\bbut\b|\band\b", text[:m.start()], flags=re.I)[-1]
        if not (_KEEP_DEFAULT_BEFORE.search(clause) or _KEEP_DEFAULT_AFTER.search(text[m.end():])):
            return True
    return False
# (not "same everything else", "keep everything else the same": the other options of the item kept; not "yes, that's
# everything, please proceed": the request is complete, no item added)
ALL_ITEMS = re.compile(r"\b((?<!same )(?<!that's )(?<!thats )(?<!that’s )(?<!that is )(?<!that'll be )everything(?!\s+(?:else|(?:stays?|remains?|is|kept)?\s*(?:the\s+)?same|as is|(?:that\s+)?(?:i|we|you)\s+(?:need|have|must|should|got)))|all (the |of the |my |\d+ |two |three |four |five )?(items|things|products|of them)|the whole order|"
                       r"all of it|the whole thing|the entire order|both (of )?(the |my )?(items|things|products|of them)|"
                       r"(the )?(two|three|four|five|\d) (items|products)|all( of)? (this|these|those)|"
                       # "make every item of #W1 the cheapest", "can the items in #W1 all be switched"
                       r"(every|each) (single )?(item|product)|the items\b[^.?!,]{0,30}\ball (be|get|go|of them))\b", re.I)
# a message of thanks and nothing else ("Great, thank you so much for your help!")
_THANK = (r"(thanks?( you)?|thank u|thx|ty|cheers|great|perfect|awesome|cool|got it|wonderful|excellent|"
          r"(much )?appreciated?( it)?|i appreciate (it|that|your help)|so much|very much|a lot|again|"
          r"(for )?(all )?(your|the) (help|time|assistance)|for helping( me)?|ok(ay)?|alright|all right|oh|also|and|"
          r"that'?s (great|perfect|wonderful|fantastic|helpful|good)|you'?ve been (very |so |really )?helpful)")
THANKS = re.compile(r"^\W*" + _THANK + r"(\W+" + _THANK + r")*\W*$", re.I)
# the customer closing the conversation; "that's it" only where it ends a clause, not "that's it?" or
# "that's it, cancel it" (the clerk also requires that the message asks for nothing: reference_target)
BYE = re.compile(r"\b(bye|goodbye|good-bye|that'?s (all|everything)|that is (all|everything)|that'?ll be all|"
                 # "i need to go now, my bus is here": leaving (not "i need to go to the store first")
                 r"(?:have|need|got|gotta) to (?:go|run|leave|dash|head off)(?=\s*(?:now|,|\.|!|$))|"
                 r"gotta (?:go|run)(?=\s*(?:now|,|\.|!|$))|"
                 r"that will be all|that'?s it(?=\s*(,|\.|!|$|for (now|today)|thanks?|thank you))|"
                 r"nothing (else|more)|no,? thanks?|no,? thank you|no more (questions|help)|i'?m done|we'?re done|"
                 r"(i'?m|we'?re) (all )?(good|set)(?=\s*(,|\.|!|$|thanks?|thank you))|all set|all good|"
                 r"have a (nice|good|great|lovely|wonderful) (day|one|evening|weekend)|take care|"
                 r"^\W*nothing( else| more)?( for now| today| at the moment)?(?=\W*($|thanks?\b|thank you)))", re.I)
# the customer asking the clerk to wait, about to go on ("thanks, one sec", "hold on", "give me a minute", "bear with
# me"): no goodbye, even beside a thanks (not "hold onto it", "a second-hand one")
HOLDING = re.compile(r"\b(?:(?:one|a|just a|1) (?:sec|secs|second|moment|min|minute)(?![\w-])|(?:wait|hold on|hang on)\b(?!\s+(?:to|for|until)\b)|"
                     r"give me (?:a|one|1) (?:sec|second|moment|min|minute)\b|bear with me|be right back|brb|let me (?:check|find|look|get|see)\b)",
                     re.I)
# dropping the request in hand (probe.targets.phrases.ABANDON), with a store's words: "I don't want to
# return it any more", "leave the order as it is", "I'll keep the jacket"
ABANDON = abandon_pattern(
    r"(don'?t|do not|no longer) (want|need) to (cancel|return|exchange|change|modify|update|send back) (it|that|this|them|"
    r"anything|the order|my order)( any ?more| after all)?|leave (the|my) order (as (it is|it was)|alone|be)|"
    r"i'?ll (just )?keep (it|them|the \w+|my \w+)(?= *[.!,]| *$)|keep the order as it is")

# "i want to kill order #W...", "scrap my order": words for a cancellation, with the order as their object
_CANCEL_OTHER_WORDS = (r"\b(?:kill|scrap|nix|void|stop|halt|abort|get rid of|do away with|ditch|drop)\s+(?:the\s+|my\s+|this\s+|"
                       r"that\s+)?(?:whole\s+)?(?:order\b|#?W\d{7})|\bget rid of (?:it|the whole thing)\b|"
                       # "i dont want #W2443586 anymore", "I no longer need order W2443586"
                       r"\b(?:don'?t|do not|dont)\s+(?:want|need)\s+(?:order\s+)?#?W\d{7}\s+any ?more\b|"
                       r"\bno longer (?:want|need)\s+(?:order\s+)?#?W\d{7}\b")

# "I just want to change where it ships", "can you update where the order goes?": the order's shipping address
_WHERE_IT_SHIPS = (r"\b(?:change|update|correct|fix|switch|redirect)\w*\s+where\s+(?:it|they|this|that|the order|my order|"
                   r"the package|my package|(?:order\s+)?#?W\d{7})(?:'s|\s+is|\s+are|\s+will|\s+gets?)?\s+(?:be\s+|being\s+)?(?:ship\w*|go\w*|"
                   r"sent|deliver\w*|head\w*)\b")

# orders asked after by their delivery: not shipped, not arrived (``not_arrived_asked``)
_NOT_SHIPPED = r"(?:(?:haven'?t|hasn'?t|have not|has not|not|never|yet to)\s+(?:yet\s+)?(?:been\s+)?(?:shipped|sent|gone out))"
_NOT_ARRIVED = (r"(?:" + _NOT_SHIPPED + r"|(?:haven'?t|hasn'?t|have not|has not|not|never|yet to)\s+(?:yet\s+)?(?:been\s+)?"
                r"(?:arrived?|delivered|come|received)|still (?:on (?:the|its|their) way|coming|in transit)|"
                r"(?:been|got|gotten) delivered|arrived (?:yet|already))\b")
# (a question after a hurry said before it, as its own clause: "I'm in a hurry, which orders haven't shipped yet?", "I
# don't have time to go through all my orders - just tell me which are still pending")
_ASKED_START = (r"(?:^|[.!?\n]\s*|[,;:\u2013\u2014]\s*|\s-+\s*)\W*(?:(?:so|and|hi|hey|ok(?:ay)?|also|um+|hmm+|quick question|"
                r"just|(?:(?:can|could|would) you\s+|please\s+)?(?:just\s+)?(?:tell|show|give) me)\W+)*")
_NOT_ARRIVED_Q = re.compile(_ASKED_START + r"(?:which|what|any|anything|has|have|did|do|are|is)\b[^.!?]{0,40}?" + _NOT_ARRIVED, re.I)
# "which of my orders are still pending?", "are any of my orders still pending?", "list my pending orders": the orders
# asked after by the status word itself (before: "Sorry, I can't help with that here", or the menu again)
_PENDING_Q = re.compile(_ASKED_START + r"(?:(?:which|what(?:'s| is| are)?|any|anything)\b(?![^.!?]{0,40}?#?W\d{7})"
                        r"[^.!?]{0,40}?\bpending\b|(?:are|is|do i have)\s+(?:there\s+)?(?:any|anything)\b"
                        r"(?![^.!?]{0,30}?#?W\d{7})[^.!?]{0,30}?\bpending\b|(?:list|show|give)(?: me)?\s+(?:all\s+)?(?:of\s+)?"
                        r"(?:my|the)\s+(?:still\s+)?pending\s+orders\b|"
                        # "which orders can I still change?", "what orders can I still cancel or edit?": the pending
                        # ones, which alone can be (before: only the rule said, no order named)
                        r"(?:which|what)\s+(?:of\s+)?(?:my\s+|the\s+)?(?:orders?|ones?)\s+(?:can|could)\s+(?:i|we|you)\s+"
                        r"(?:still\s+)?(?:change|cancel|edit|modify|update|amend|alter|adjust|make\s+(?:any\s+)?"
                        r"(?:changes?|edits?)\s+(?:to|on|in))\b|"
                        # "which orders can I still make changes to?", "which ones can still be changed?", "are there any
                        # orders I can still change?", "is anything still changeable?"
                        r"(?:which|what|any)\s+(?:of\s+)?(?:my\s+|the\s+)?(?:orders?|ones?)\s+(?:can|could)\s+(?:still\s+)?"
                        r"be\s+(?:changed|cancell?ed|edited|modified|updated|amended|altered)\b|"
                        r"(?:are|is)\s+there\s+any\s+(?:orders?|ones?)\s+(?:that\s+)?(?:i|we)\s+(?:can|could)\s+(?:still\s+)?"
                        r"(?:change|cancel|edit|modify|update|amend|alter|make\s+(?:any\s+)?changes?\s+to)\b|"
                        r"(?:which|what)\s+(?:of\s+)?(?:my\s+|the\s+)?orders?\s+(?:are|is)\s+(?:still\s+)?(?:open|changeable|"
                        r"editable|cancell?able|modifiable)\b)", re.I)


def not_arrived_asked(text: str) -> set[str] | None:
    """The statuses of the orders a question about delivery asks for: "which orders haven't arrived yet?" the pending
    and processed ones, "anything still not shipped?" the pending ones; None when it asks no such thing."""
    m = _NOT_ARRIVED_Q.search(text)
    if not m:
        return {"pending"} if _PENDING_Q.search(text) else None
    return {"pending"} if re.search(_NOT_SHIPPED, m.group(0), re.I) else {"pending", "processed"}


INTENTS: dict[str, re.Pattern[str]] = {
    "cancel": re.compile(r"\b(cancel(l?ing|l?ed|lation)?|call off)\b|" + _CANCEL_OTHER_WORDS, re.I),
    "return": re.compile(r"\b(return(ed|ing)?|retrun|retun|retrn|reutrn|send (\w+ ){1,3}back|send back|bring (it|them) back|"
                         # "i want give back the mouse", "can i give it back"
                         r"give (\w+ ){0,3}back|take (it|them) back|"
                         r"refund(ed)?|money back|"
                         # "the sneakers should go back as well", "can they go back?"
                         r"(?:should|can|could|will|would|must|to|needs? to|have to) go back(?! to\b))\b", re.I),
    "exchange": re.compile(r"\b(exchang(e|ed|ing)|swap(ped)?|replac(e|ed|ement)|trade)\b", re.I),
    "modify": re.compile(r"\b(chang(e|ed|es|ing)|modif(y|ied|ying)|switch(ed|ing)?|updat(e|ed|ing)(?!\s+(?:on|about)\b)|instead of|"
                         r"upgrade|downgrade|different (size|color|colou?r|one|option|version)|instead|prefer(red)?|rather have)\b"
                         # "I want the fleece jacket a size smaller", "can I get the boots one size up", "size up please"
                         r"|\b(?:want|like|need|get|have|prefer|go|make it|make them)\b[^.?!]{0,40}?\b(?:(?:(?:one|a|two|2) )?"
                         r"sizes? (?:bigger|larger|smaller|up|down)|(?:bigger|larger|smaller) size|(?:up|down) (?:one |a )?size|"
                         r"next size)\b|^\W*(?:(?:one|a) )?size (?:up|down)\b"
                         # "make every item the cheapest version", "put them on the lowest priced option"
                         r"|\b(?:make|put|move|turn|get)\b[^.?!]{0,40}\b(?:the|their|its) (?:cheapest|least expensive|"
                         r"lowest[- ]priced?) (?:option|version|variant|one)s?\b"
                         # "make it white", "i need the luggage in blue", "same thing but in a medium"
                         # (not "make that the air purifier": a correction of the item named)
                         r"|\bmake (?:it|them|that|this|one|those|these|mine|the \w+(?: \w+)?)\s+(?!(?:sure|quick|fast|snappy|happen|"
                         r"work|easy|simple|right|go|so|priority|a priority|clear|sense|it|them|the|my|both|all)\b)(?:an?\s+|in\s+)?[a-z0-9]"
                         r"|\b(?:want|like|need|get|have|prefer)\s+(?:it|them|that|one|mine|the \w+(?: \w+)?)"
                         r"(?:\s+(?:in|from|on)\s+(?:order\s+)?#?w\d{7})?\s+in\s+(?!(?:order|my|our|"
                         r"your|#|w\d|the order|time|stock|a bit|a hurry|a rush|person|store|the mail|hand|\d+ days?|\d+ weeks?)\b)"
                         r"(?:an?\s+|the\s+|size\s+)?[a-z0-9]|\bbut in (?:an?\s+|the\s+|size\s+)?[a-z0-9]"
                         # "i'd like the watch to have a metal strap", "i want my kettle to be stainless steel"
                         r"|\b(?:want|like|need|prefer)\s+(?:it|them|the \w+|my \w+)\s+to (?:have|be|come with)\s+(?:an?\s+)?[a-z0-9]",
                         re.I),
    # (not "I need #W1 moved to paypal": a payment change)
    "address": re.compile(r"\b(address|ship(ping)? to|deliver(ed)? to|moved(?!\s+(?:over\s+)?(?:to|onto|on)\s+(?:my\s+|the\s+|a\s+)?"
                          r"(?:pay ?pal|gift ?card|credit ?card|debit ?card|card|visa|master ?card|amex|other card|different card)\b)|"
                          r"new place)\b|" + _WHERE_IT_SHIPS, re.I),
    # a card named without its kind is a payment method too: "can it go on a different card?", "use my other card"
    "payment": re.compile(r"\b(pay(ment|ing)?|(how|what) (i|we) paid|spen[dt]|charge|bill(ed)?|gift ?card|paypal|credit ?card|debit ?card|visa|mastercard|"
                          r"(?:other|another|different|new|my|a) card|"
                          # "can you switch the card on #W...", "change the card for that order"
                          r"(?:switch|change|swap|update|replace)\s+(?:the|that|which)\s+card|"
                          # "the card on #W1 was replaced (closed) - do I need to do anything?": the order's payment
                          r"card\b[^.?!]{0,25}?\b(?:got|was|has been|is|'s been)\s+(?:\w+\s+)?(?:closed|compromised|stolen|"
                          r"blocked|frozen|expired))\b", re.I),
    "info": re.compile(r"\b(status|where is|track(ing)?|what'?s in|what is in|(?:know|tell me|see) what(?: i)? ordered|what did i|details|arrive|when will|"
                       # "which two t-shirts did I order?", "remind me which ones", "what are they made of?"
                       r"(?:which|what)\b[^.?!]{0,30}\b(?:did|have|had) (?:i|we) (?:order|ordered|buy|bought|purchased?)\b|"
                       r"remind me (?:which|what)\b|made of\b|what materials?\b|"
                       # "when did it ship?", "has my order shipped yet?"
                       r"when did (it|they|my order|the order) (ship|go out|leave)|(?<!n't )(?<!nt )(?<!not )(?<!n’t )shipped yet|"
                       r"(what|how) about (my|the) other orders?|(my|the) other orders|"
                       r"(has|have|did) (it|they|my order|the order|my package) (ship(ped)?|gone out|left)|"
                       r"(list|show|see|view|check|pull up|look up)( me)?( all)? (of )?(my|our|the) orders|what orders|"
                       # "an overview of everything I've ordered", "a summary of all my orders"
                       r"(overview|summary|rundown|run-down|list) of (all (of )?)?(my|our|the) (orders|purchases)|"
                       r"(overview|summary|rundown|run-down|list) of (everything|all|what) (that )?(i|we)('?ve| have)? "
                       r"(ordered|bought|purchased)|everything (i|we)('?ve| have) (ordered|bought|purchased)|"
                       # "want to check whats going on with my orders", "any news on my order?", "hows my order coming along"
                       # (also "what's going on with both my pending orders?", "any news on my pending orders?",
                       # "what's happening with my two pending orders": before, "Sorry, I can't help with that here")
                       r"(what'?s|what is) (going on|happening|up) with (all (of )?|both (of )?)?(my|our|the) "
                       r"((two|2|three|3|both) )?((pending|open|recent|current|outstanding|latest|last) )?(orders?|packages?|stuff|deliver(y|ies))|"
                       r"(any|an) (news|updates?|word) (on|about|for) (all (of )?|both (of )?)?(my|our|the) "
                       r"((two|2|three|3|both) )?((pending|open|recent|current|outstanding|latest|last) )?(orders?|packages?|deliver(y|ies))|"
                       # "what's the latest on my two open orders", "where do my open orders stand?", "how are my two
                       # orders looking?" (before: "Sorry, I can't help with that here")
                       r"(what'?s|whats|what is|give me|tell me|get me) the (latest|news|update|status|word|story|deal|scoop|"
                       r"lowdown|state of play) (on|with|about|for|of) (all (of )?|both (of )?)?(my|our|the) "
                       r"((two|2|three|3|both) )?((pending|open|recent|current|outstanding|latest|last) )?(orders?|packages?|deliver(y|ies))|"
                       r"where (do|does) (all (of )?|both (of )?)?(my|our|the) ((two|2|three|3|both) )?"
                       r"((pending|open|recent|current|outstanding|latest|last) )?(orders?|packages?) stand|"
                       r"(how'?s|how is|how are) (all (of )?|both (of )?)?(my|our|the) ((two|2|three|3|both) )?"
                       r"((pending|open|recent|current|outstanding|latest|last) )?(orders?|packages?) (looking|getting on|shaping up)|"
                       # "an update on each of them", "the status of every one of my orders", "where are all my orders at?"
                       r"(news|updates?|status) (on|about|for|of) (each|all|every one|both)( of)? (them|those|(my|our|the) "
                       r"(orders|packages|deliveries))|where are (all )?(of )?(my|our|the) (orders|packages|deliveries)|"
                       r"(how'?s|how is|how are) (all (of )?)?(my|our|the) (orders?|packages?|deliver(y|ies)) (doing|going|coming)|"
                       r"(check|look) (in )?on ((each|all|every one|both) of )?(my|our|the) (orders?|packages?))\b"
                       # "which of my orders haven't arrived yet?", "has everything I ordered been delivered?", "how many
                       # orders do I have" (before: "Sorry, I can't help with that here")
                       r"|" + _NOT_ARRIVED_Q.pattern + r"|" + _PENDING_Q.pattern +
                       r"|\bhow many orders\b", re.I),
}
REASONS = {
    "no longer needed": re.compile(r"\b(no longer need(ed)?|don'?t need|do not need|not needed|no need|"
                                   r"changed my mind|won'?t need|no longer want|don'?t want (it|them)( any ?more)?|"
                                   # "I don't want #W2443586 any more"
                                   r"don'?t want (?:(?:the|this|that|my) (?:order|one)|#?W\d{7}) any ?more|"
                                   # "i not need anymore", "need it no more"
                                   r"not need( it| them)?( any ?more)?|need (it |them )?no more|"
                                   # "me no want anymore", "i no need it", "he doesn't need it" (a friend's order),
                                   # "don't want anymore"
                                   r"(me|i|we) no (want|need)|no (want|need) (it|them|any ?more)|doesn'?t need|does not need|"
                                   r"don'?t want any ?more|"
                                   # "Well, I don't really need it anymore", "I don't actually need it", "I no longer
                                   # really need it", "not really needed" (before: the reason asked again and again); not
                                   # "I don't really need to cancel": a need to do something is no reason
                                   r"(?:don'?t|do not|doesn'?t|does not|no longer|won'?t|will not|not|never)\s+"
                                   r"(?:really|realy|rly|actually|acctually|even|truly|honestly|particularly|exactly|much|necessarily|"
                                   r"really actually|actually really)\s+(?:need|want|use)(?:s|ed)?(?!\s+to\b)|"
                                   r"no (?:real |further |more |longer (?:any )?)?(?:use|need) for|"
                                   r"(?:have|got) no (?:real |further )?(?:use|need) (?:for|of)|"
                                   r"(?:don'?t|do not|no longer) (?:have (?:a|any) )?(?:use|need) for)\b", re.I),
    # ("W2806889 was a mistake, please cancel it")
    "ordered by mistake": re.compile(r"\b(by mistake|mistaken(ly)?|by accident|accidental(ly)?|ordered the wrong|"
                                     r"didn'?t mean to|(?:was|were) (?:a|an) (?:mistake|accident)|"
                                     # "wrong order, my mistake", "i buy by error", "a mistake", or "mistake" alone
                                     r"(?:by|in) error|wrong order|ordered (?:it )?wrong|^\W*(?:(?:a|my|it'?s|its|it was|"
                                     r"just|oh|sorry|yeah|yes)\W+)*mistake\W*$|"
                                     # non-native: "I make mistake when ordering", "i did a mistake in my order",
                                     # "the mistake one" (of the two reasons offered), "it is mistake order"
                                     r"\b(?:make|made|did|do)\s+(?:a\s+|the\s+)?mistake\s+(?:when|while|in|with|on|during)\s+"
                                     r"(?:the\s+|my\s+|this\s+)?(?:order\w*|buy\w*|purchas\w*|shopping)|"
                                     r"^\W*(?:i\s+)?(?:make|made|did)\s+(?:a\s+)?mistake\W*$|"
                                     r"\bthe\s+(?:mistake|mistaken|by mistake)\s+(?:one|reason|option)\b|"
                                     r"\bmistake\s+(?:order|purchase)\b|"
                                     # "mistake, sorry", "oops, mistake", "mistake, i clicked twice": "mistake" said with
                                     # fillers or how it happened (before: the reason asked again and again)
                                     r"^\W*(?:(?:a|my|oops|whoops|oh|sorry|yeah|yes|just|it was)\W+)*mistake"
                                     r"(?:\W+(?:sorry|yeah|yes|lol|(?:i|we)\s+(?:clicked|ordered|pressed|hit|bought)\s+"
                                     r"(?:it\s+|the\s+button\s+)?(?:twice|two\s+times|again)))*\W*$|"
                                     # "duplicate order", "i clicked twice": the same order placed twice
                                     r"\bduplicate\s+(?:order|purchase)\b|\b(?:clicked|ordered)\s+(?:it\s+)?twice\b)", re.I),
}
# "wrong order, I meant W5030602", "I gave you the wrong order number": the order named was a slip, no reason to
# cancel (before: read as 'ordered by mistake'); "cancel W5030602, wrong order" still is one
_WRONG_ORDER_NAMED = re.compile(r"\bwrong\s+(?:order\s+(?:number|no\.?|id|#)|(?:order\s+)?(?:number|id))\b|"
                                r"\bwrong\s+(?:order|one)\b(?=[^.!?]{0,30}?(?:\bmeant\b|\bshould\s+(?:be|have\s+been)\b|"
                                r"\binstead\b|\bthe\s+one\s+with\b|#?\bW\d{7}\b))|"
                                r"\bwrong\s+(?:order|one)\W+(?=(?:\w+\W+){0,3}?#?W\d{7}\b)", re.I)
OTHER_REASON = re.compile(r"\b(because|since|cheaper|found (it|a)|too expensive|too late|took too long)\b", re.I)
PAYMENT_KINDS = {
    "gift_card": re.compile(r"\bgift ?card\b", re.I),
    "paypal": re.compile(r"\bpay ?pal\b", re.I),
    "credit_card": re.compile(r"\b(credit ?card|visa|mastercard|amex|american express|discover|card ending|debit card|"
                              r"bank card|(?<!gift )my card)\b", re.I),
}
# a question about when a refund comes ("how long will the refund take?", "when do I get my money back?"):
# policy answers it for every order alike, so it is neither a return request nor an order lookup
REFUND_TIMING = re.compile(
    r"\b(how (long|soon|many days)|when)\b[^.?!]{0,40}\b(refund(ed|s)?|money back|reimburs\w*|"
    r"(get|receive|see) (the|my|our) money)"  # "when will I get the money?", after a return
    r"|\b(refund(s)?|money back|(?:the|my|our) money)\b[^.?!]{0,45}\b(take|arrive|come through|show up|be back|"
    r"be there|be in|process(ed)?|hit my)\b"  # "will the money be there by friday?"
    r"|\b(refund(ed|s)?|money back|get back|reimburs\w*)\b[^.?!]{0,10}?[\s,]+and when\b",  # "how much ... refunded and when?"
    re.I)
# a question about the form a refund takes ("can I get cash back?", "can the refund go to my bank account?"): policy
# answers it alike for every order (the original payment method or a gift card), so it is no return request
REFUND_FORM = re.compile(
    r"\b(?:refund\w*|money back|pa(?:y|id) (?:me )?back|reimburs\w*|credited)\b[^.?!]{0,30}?\b(?:in |as |by |to |into |via )?"
    r"(?:(?:my|a|the) )?(?:cash|check|cheque|bank(?: account)?(?! card)|bank transfer|store credit|venmo|zelle|wire|crypto|bitcoin)\b"
    r"(?:\s+instead)?|\b(?:cash|check|cheque|store credit)(?: back| refund| instead)\b|\bin cash\b", re.I)
# a question about a fee for a store action ("is there a cancellation fee?", "do you charge for returns?")
FEE = re.compile(r"\b(?:(?:cancell?ation|return|restocking|exchange|change|processing|shipping|handling|service)\s+fees?|"
                 r"(?:any|a|the)\s+fees?|fees?\s+(?:to|for)\s+(?:cancel|return|exchange|chang)\w*|penalty|"
                 r"charge\s+(?:me\s+)?(?:anything\s+)?(?:for|to)\s+(?:cancel|return|exchang|chang)\w*|cost\s+(?:me\s+)?anything|"
                 # the shipping of a return: "will I have to pay for the shipping back?", "who pays to send them back?",
                 # "is return shipping free?", "does it cost extra to mail it back?"
                 r"pay\w*\s+(?:for\s+)?(?:the\s+)?(?:return\s+(?:shipping|postage|label)|(?:shipping|postage)\s+(?:it\s+|them\s+)?"
                 r"(?:back|for\s+(?:the\s+|a\s+)?returns?))|"
                 r"(?:pay\w*|cost\w*|charg\w*)\s+(?:me\s+)?(?:anything\s+|extra\s+)?(?:to|for)\s+(?:ship|send|mail|post)\w*\s+"
                 r"(?:(?:it|them|this|that|the\s+\w+(?:\s+\w+)?)\s+)?back|"
                 r"(?:return\s+(?:shipping|postage|label)|(?:shipping|postage)\s+back)\s+(?:is\s+)?(?:free|cost\w*|charg\w*|extra)|"
                 r"free\s+return\s+(?:shipping|postage|labels?)|"
                 # the label of a return: "do I pay for the label?", "is the return label free?", "if the label is free"
                 r"pay\w*\s+(?:for\s+)?(?:the\s+|a\s+)?(?:return\s+|shipping\s+)?labels?|"
                 r"labels?\s+(?:is\s+|are\s+|be\s+)?(?:free|cost\w*|charg\w*|extra)|labels?\s+(?:for\s+)?free|"
                 r"(?:charg\w*|fee)\s+(?:me\s+)?(?:for\s+)?(?:the\s+|a\s+)?(?:return\s+|shipping\s+)?labels?)\b",
                 re.I)
ORIGINAL_PAYMENT = re.compile(r"\b(original|same (card|payment|method)|how i paid|where it came from)\b", re.I)
# the street line and an optional unit, then a comma or a line break: "232 Lakeview Road, Apt 4, ...". A unit is a
# kind and its number ("Apt 4B", "Bldg 4", "Room 12", "Lot 7") or a numbered floor ("3rd Floor"), and may be two of
# them ("Apt 4B, 2nd floor", "Bldg 4, Floor 2")
_ONE_UNIT = (r"(?:(?:apt|apartment|suite|unit|ste|#|floor)\.?\s*[\w-]+|(?:fl|building|bldg|room|rm|lot|space|spc|dept)\.?\s*"
             r"[\w-]*\d[\w-]*|\d+(?:st|nd|rd|th)\s+(?:floor|fl)\b\.?)")
_UNIT = r"(?P<a2>" + _ONE_UNIT + r"(?:\s*,\s*" + _ONE_UNIT + r")?)"
# a unit typed at the end of the street line, after its kind of way or its name: "22 Elm st apt 4"
_UNIT_AT_END = re.compile(r"(?<=[A-Za-z.])\s+" + _UNIT + r"$", re.I)
# a unit said before the street line ("Apt 4B, 958 Willow Ave, ...", "Unit 5 / 958 ...", "#12 958 ...") or after the zip
# code ("..., TX 78701, apt 4B", "... 78701 (apartment 3)", "... 78701 2nd floor"); one with a number only, so that
# "... 78701, floor lamp too" is no unit
_UNIT_BEFORE = re.compile(r"(?:^|(?<=[\s,;:(]))(?P<a2>" + _ONE_UNIT + r")\s*[,/;:-]?\s*$", re.I)
_UNIT_AFTER = re.compile(r"^\s*[,;-]?\s*\(?\s*(?P<a2>" + _ONE_UNIT + r")\s*\)?(?=[\s.,;!?)]|$)", re.I)
# (its house number starts a word: not the digits after a decimal point or a dollar sign, "1.5 liters", "$12.50")
# (nor a unit's number after "#": "#12 958 Willow Ave" is unit 12 at 958 Willow Ave, not house number "12 958")
_HOUSE_NUMBER = r"(?<![\w.$#])\d+"
# a post-office box stands where the street line would ("P.O. Box 123", "PO Box 123", "Post Office Box 123")
_PO_BOX = r"(?<![\w.])(?:p\.?\s?o\.?|post office)\s+box\s+\d+"
_STREET_LINE = (r"(?P<a1>" + _HOUSE_NUMBER + r"\s+[A-Za-z0-9 .'#-]+?|" + _PO_BOX + r")\s*(?:,|\n)\s*(?:" + _UNIT +
                r"\s*(?:,|\n)\s*)?")
# a house number again inside a street line, after the words that lead to an address: "2 kids. ship to 12 Oak
# Street" is "12 Oak Street"
_STREET_RESTART = re.compile(r"\b(?:to|at|is|address)\s*:?\s+(?=\d+\s+[A-Za-z])", re.I)
ADDRESS = re.compile(
    _STREET_LINE +
    r"(?P<city>[A-Za-z .'-]+?)\s*,\s*(?P<state>[A-Z]{2})\s*,?\s*(?P<zip>\d{5})(?:-\d{4})?(?!\d)"
    r"(?:\s*,\s*(?P<country>USA|United States))?",
    re.I)

ACTING_KINDS = ("cancel", "return", "exchange", "modify", "address", "payment")
# a street, city and zip code with no state between them: "101 Highway, New York, 10001"
_ADDRESS_NO_STATE = re.compile(_STREET_LINE + r"(?P<city>[A-Za-z .'-]+?)\s*,\s*(?P<zip>\d{5})(?:-\d{4})?(?!\d)", re.I)

# an address the message marks as the one left behind: "from X", "my old address was X", "it is going to X but",
# "currently ships to X", "used to be X"
_OLD_BEFORE = re.compile(r"(?:\bfrom|\bold(?:\s+(?:shipping\s+)?address)?(?:\s+(?:is|was|:))?|\bwas|\bused to be|"
                         r"\b(?:is|was|it'?s)\s+(?:going|headed|heading|shipping|being shipped|set) to|"
                         r"\bcurrently\s+(?:ships?|going|goes|set)\s+to|\bcurrently|\bgoes to)\s*:?\s*$", re.I)
# ("X but I moved" marks X old; "X but don't change / leave / keep my default one" does not)
_OLD_AFTER = re.compile(r"^\W{0,3}\s*but\b(?!\s+(?:please\s+|pls\s+|just\s+)?(?:don'?t|dont|do not|not|never|leave|keep|only)\b)",
                        re.I)
# a label pasted from an order page or an email ("Ship to: X"): the address the order has now
_PASTED_LABEL = re.compile(r"(?:^|\n)\W*(?:ship(?:ping)?\s+(?:to|address)|deliver(?:y|ing)?\s+(?:to|address))\s*:\s*$",
                           re.I)
# an address the message marks as the new one: "to X", "new address is X", "X instead"
_NEW_BEFORE = re.compile(r"(?:\bto|\bnew(?:\s+(?:shipping\s+)?(?:address|addr))?(?:\s+(?:is|will be|:))?|\bnow|"
                         r"\bmeant|\bmean|\bit'?s|\bis)\s*:?\s*$", re.I)
_EITHER = re.compile(r"\bor(?:\s+(?:maybe|perhaps|possibly))?\s*$", re.I)
_NEW_AFTER = re.compile(r"^\W{0,3}\s*instead\b", re.I)


def new_address(text: str, found: list[re.Match[str]]) -> re.Match[str] | None:
    """Of the addresses found in ``text``, the one the customer wants things sent to (None: none, or unclear).

    One address is that address unless its words mark it as the old one ("my old address was X"); of several,
    those marked old or pasted ("Ship to:" on its own line) drop out, and if more than one is left the one after
    "to", "new address is" or before "instead" is meant; when that still leaves several, the clerk asks."""
    def before(m: re.Match[str]) -> str:
        return text[max(0, m.start() - 40):m.start()]

    def old(m: re.Match[str]) -> bool:
        return bool(_OLD_BEFORE.search(before(m)) or _OLD_AFTER.search(text[m.end():]))

    if len(found) <= 1:
        return found[0] if found and not old(found[0]) else None
    left = [m for m in found if not old(m) and not _PASTED_LABEL.search(before(m))]
    if any(_EITHER.search(before(m)) for m in left):  # "X or maybe Y": the customer hasn't chosen
        return None
    if len(left) > 1:
        left = [m for m in left if _NEW_BEFORE.search(before(m)) or _NEW_AFTER.search(text[m.end():])]
    return left[0] if len(left) == 1 else None

# --- a question, not a request -----------------------------------------------------------------------
_OPENER = (r"^\W*(?:(?:hi|hey|hello|ok(?:ay)?|so|and|also|um+|uh+|hmm+|oh|btw|by the way|quick question|one more thing|wait|"
           r"hold on|actually|sorry|just (?:wondering|curious|checking)|i was wondering|wondering|question)\b[\s,:.-]*)*")
# "did I get refunded", "has it shipped", "is my order cancelled", "was I charged", "will I get my money back"
_YESNO_Q = re.compile(_OPENER + r"(?:did|didn'?t|has|hasn'?t|have|haven'?t|was|wasn'?t|were|weren'?t|is|isn'?t|are|"
                      r"aren'?t|am|do|does|doesn'?t|will|won'?t|would)\b", re.I)
# "what is my default address", "which card did I pay with", "where's my refund", "how much did I pay"
_FACT_Q = re.compile(_OPENER + r"(?:what|what'?s|whats|which|where|where'?s|wheres|when|how much|how many|who|whose|why|"
                     r"how come)\b", re.I)
# not a question of fact: "which colors can I get?", "what can I swap it for?", "what do I need to do to return it?"
_NOT_FACT = re.compile(r"^\W*(?:which|what)\s+(?:(?:other\s+)?(?:colou?rs?|sizes?|options?|versions?|variants?|ones?|models?|"
                       r"kinds?|types?)\b|(?:can|could|should|do|would) (?:i|we)\b|(?:are|r) (?:my|the) options\b)", re.I)
_PAST_Q = re.compile(_OPENER + r"(?:did|didn'?t|has|hasn'?t|have|haven'?t|was|wasn'?t|were|is|isn'?t)\b", re.I)
# what could be done, not what is to be done now
_HYPO = re.compile(r"\blater\b|\bin the future\b|\bdown the (?:road|line)\b|\bstill be able\b|\b(?:can|could|may) (?:i|we) "
                   r"still\b|\bif (?:i|we) (?:ever |later |end up |)(?:need|want|wanted|decide|change|have to|move)\b|"
                   r"\bwhat if\b|\bwhat happens if\b|\btoo late\b|\bam i (?:allowed|able)\b|\bhow long do (?:i|we) have\b|"
                   r"\bdeadline\b|\btime limit\b|\b(?:your|the|return|exchange|cancellation|refund) polic(?:y|ies)\b|"
                   r"\b(?:is it|are (?:returns|exchanges|changes)) allowed\b|\ballowed to\b|"
                   r"\bif (?:i|we) \w+\b[^.?!]*\b(?:will|would|do|does|can|could|is|are) (?:i|we|it|that|there)\b|"
                   # "how much would I get back if I returned both?": the sum asked before anything is done
                   r"\b(?:how much|what)\b[^.?!]*\b(?:would|will|do|could) (?:i|we) (?:get|receive)\b[^.?!]*\bif (?:i|we)\b",
                   re.I)
# a request, however politely put
_ASKS_TO_ACT = re.compile(r"\b(?:can|could|would|will) (?:you|u|ya)\b|\bplease\b|\bpl[sz]\b|(?<!if )\bi (?:want|need|wanna|"
                          r"would like|would rather)\b|\bi'?d (?:like|rather|prefer)\b|\bid (?:like|rather)\b|\blet'?s\b|"
                          r"\bgo ahead\b|\bhelp me\b|\bwondering if (?:you|u) (?:can|could)\b", re.I)
_POLITE_REQUEST = re.compile(r"\bis (?:it|there) (?:possible|a way|any way)\b|\bare you able\b|\bwould it be possible\b|"
                             r"\bcan i get\b|\bis it ok(?:ay)? (?:if|to)\b", re.I)
_IMPERATIVE = re.compile(r"^\W*(?:(?:please|pls|plz|just|and|also|then|ok(?:ay)?|so|now|oh|hmm+|sorry|actually)\b[\s,]*)*"
                         r"(?:cancel|return|exchange|change|swap|switch|update|modify|send|ship|refund|replace|use|put|"
                         r"charge|make|pay|move|go ahead|process|do it)\b", re.I)
# the customer says outright that they only want to know
_ONLY_ASKING = re.compile(r"\b(?:don'?t|do not|dont|no need to|without) (?:chang\w*|cancel\w*|modify\w*|touch\w*|do\w*|"
                          r"return\w*|exchang\w*) (?:anything|it|a thing|them|that|my order)\b|\bjust (?:tell me|checking|"
                          r"wondering|curious|asking|want(?:ed)? to (?:know|check))\b|\bnot (?:asking|trying|looking|wanting) "
                          r"to (?:change|cancel|return|modify|exchange)\b|\b(?:only|just) (?:a )?question\b|\bno changes\b", re.I)
# a condition in a clause of its own, beside a question: "if I cancel #W1, how much do I get back?" (not "if you can")
_CONDITION = re.compile(r"\W*(?:(?:and|so|but|ok(?:ay)?|hmm+|say)\s+)?(?:if|once|suppose|supposing|say) (?:i|we) "
                        r"(?!could\b|can\b|would\b|may\b|might\b|want\b|wanted\b|need\b|would like\b)\w+", re.I)
_CLAUSE = re.compile(r"[.?!;,\n]+|\s+but\s+|\s+-+\s+")


def asks_only(text: str) -> tuple[bool, bool]:
    """(a question that asks for no change, it asks what could be done): every clause naming a store
    action is a question of fact or of policy, and no clause asks the clerk to act."""
    only = bool(_ONLY_ASKING.search(text))
    asked = hypothetical = False
    text = EMAIL.sub(" ", text)  # "hi a@b.com did I get refunded ...": the address is no clause of its own
    clauses = [c.strip() for c in _CLAUSE.split(text) if c.strip()]
    # "if I move later, could I change my address?": the condition makes the question beside it one of policy
    iffy = any(_HYPO.search(c) for c in clauses)
    for clause in clauses:
        says_only = bool(_ONLY_ASKING.search(clause))
        hypo = bool(_HYPO.search(clause)) or (iffy and bool(re.match(r"\W*(?:could|can|would|may|will) (?:i|we)\b",
                                                                     clause, re.I))) or (
            "?" in text and bool(_CONDITION.match(clause)))
        if not says_only and (_IMPERATIVE.search(clause) or (_ASKS_TO_ACT.search(clause) and not hypo)):
            return False, False
        fact = bool(_YESNO_Q.search(clause) or _FACT_Q.search(clause)) and not _NOT_FACT.search(clause) and \
            not _POLITE_REQUEST.search(clause)
        if fact or hypo:
            asked, hypothetical = True, hypothetical or hypo
        elif not says_only and any(INTENTS[k].search(clause) for k in ACTING_KINDS):
            return False, False  # "the kettle is broken, i want it gone": a request beside the question
    return asked or only, hypothetical


_SIDE_TOPIC = re.compile(r"\b(?:total|how much|cost|price|paid|charged|status|shipped|arriv(?:e|ed)|where is|where'?s|wheres|"
                         r"when will|tracking|what'?s in|whats in|what is in|address|"
                         # "which card did I use for #W1? I may cancel it": how it was paid, answered before the request
                         # (not "what about paypal?", a method offered)
                         r"(?:which|what) (?:credit |debit )?(?:card|payment)|pa(?:id|y) (?:\S+ ){0,3}?(?:with|by|for))\b", re.I)


def side_question(text: str) -> str:
    """A question of fact asked beside a request ("swap the helmet to white. oh and whats the total of that
    order?"): the clauses that ask about money or status and ask for no store action, joined; '' when none."""
    clauses = [c.strip() for c in re.split(r"[.?!;\n]+|,\s*(?=(?:and |also |oh |btw |plus )*(?:what\S*|how|when|where\S*|"
                                           r"is|did|has|was)\b)|\s+(?:and|also|plus|btw)\s+", EMAIL.sub(" ", text)) if c.strip()]
    tell = re.compile(r"\b(?:tell me|let me know|check|show me|look up)\b", re.I)  # "can you tell me the status of ..."
    out = [c for c in clauses if (_FACT_Q.search(c) or _YESNO_Q.search(c) or tell.search(c)) and _SIDE_TOPIC.search(c) and
           not re.search(r"\b(?:get back|refund\w*|back)\b", c, re.I) and
           not _NOT_FACT.search(c) and not _POLITE_REQUEST.search(c) and (tell.search(c) or not _ASKS_TO_ACT.search(c)) and
           not _IMPERATIVE.search(c) and not any(p.search(c) for p in _ASKED.values())]
    return " ".join(out)


# --- corrections ----------------------------------------------------------------------------------------
# what the customer says to take back what they said just before
CORRECTION = re.compile(r"\b(?:actually|wait|sorry|oops|whoops|my bad|my mistake|i mean|i meant|meant to say|scratch that|"
                        r"correction|on second thought|second thoughts?|or rather|make that|typo|wrong (?:one|order|number|"
                        r"item|id)|(?:should(?:'ve| have|a| of|'a)\s+been|(?:supposed|meant)\s+to\s+be)(?=\s+(?:the|my|an?|#?w\d|order)\b)|"
                        r"not the right (?:one|order)|not (?:that|this) (?:one|order)|(?:a )?different (?:one|order)|hmm+ no|no no)\b|\bno\b(?=\s*[,.!-]|\s+(?:wait|actually|sorry|i mean|the|not|"
                        r"make)\b)", re.I)
# ... or to add to it
ADDITIVE = re.compile(r"\b(?:also|too|as well|add|plus|forgot|in addition|along with|another|both|and the)\b", re.I)
# a mention taken back: "not the puzzle", "except the lamp", "instead of silver", "don't return the kettle"
_NEG_FILLER = r"\s+(?:(?:the|my|a|an|that|this|those|these|one|ones|of|with|in|order|item|all|both|every)\s+){0,3}"
# an order kept rather than given up: "don't cancel order", "hold on to order", "keep my order"
_KEPT_ORDER = re.compile(r"\b(?:keep(?:ing)?|hold(?:ing)? on to|hang(?:ing)? on to|(?:don'?t|do not|dont|not) (?:want to |need to )?"
                         r"(?:cancel|return))\s+(?:(?:the|my|this|that)\s+)?(?:order\s+)?$", re.I)
_NEGATED_BEFORE = re.compile(
    r"(?:(?:\bnot|\bexcept(?: for)?|\bbesides|\bexcluding|\bwithout|\bminus|\bother than|\binstead of|\brather than|"
    r"\bkeep(?:ing)?|\bhold(?:ing)? on to|\bhang(?:ing)? on to|\bleave|\bleaving|"
    # an item given up: "the skateboard no - forget the skateboard", "skip the lamp", "never mind the tablet"
    r"\bforget(?: about)?|\bskip|\bnever ?mind|\bscratch|\bdrop|"
    r"\b(?:don'?t|do not|dont) (?:want to |need to )?(?:return|exchange|change|swap|send|cancel|touch|modify)|"
    # a preference: "I prefer i5 over i7", "I'd rather have i5 than i7" (the i7 is not wanted)
    r"\b(?:prefer\w*|rather)\b[^,.;!?]*?\b(?:over|than))"
    + _NEG_FILLER + r"(?:[\w'-]+\s+(?:or|nor)\s+(?:(?:the|my|a|an)\s+)?){0,3}"  # "not black or green"
    # a list of things kept: "keep the water bottle and the bookshelf", "keeping the hose and the dumbbells"
    # (not "blue instead of red and the phone in 256gb": the phone is asked for)
    r"|(?:\bexcept(?: for)?|\bexcluding|\bother than|\bkeep(?:ing)?|\bhold(?:ing)? on to|\bleave|\bleaving)"
    + _NEG_FILLER + r"(?:(?:[\w'-]+\s+){1,3}?(?:or|nor|and|&)\s+(?:(?:the|my|a|an|all|both)\s+)?){1,3})#?$", re.I)


_FILLER = frozenset("yes yeah ok okay so hi hey hello and but also well um hmm please oh".split())

# a request taken back in the same message: "swap the perfume ... actually scratch that, cancel the whole order",
# "change the boots to size 10... actually no, forget that", "return the mouse, no wait, return both"
_TAKE_BACK = re.compile(
    r"(?:(?<=[\s,.;!?-])|^)(?:(?:actually|oh|hmm+|um+|uh+|but|sorry|wait|no)\W+)*"
    r"(?:scratch that|strike that|(?<!don't )(?<!dont )(?<!do not )forget (?:that|it|about (?:it|that))|"
    r"never ?mind(?: that)?|on second thoughts?|no,? wait|wait,? no|actually,? no(?!\s+(?:need|longer|rush|hurry)\b)|"
    r"change of plans?|(?:i'?ve |i have |i )?changed my mind)\b(?:\W+(?:actually|no|wait|sorry|instead))*\W*", re.I)
_WHOLLY = re.compile(r"scratch that|strike that|forget|never ?mind|change of plan|changed my mind", re.I)  # all of it back
_EMPTY_REST = re.compile(r"^\W*(?:(?:please|pls|thanks?|thank you|then|instead|i'?ll keep (?:it|them)|keep (?:it|them)(?: as is)?|"
                         r"leave (?:it|them)(?: as (?:is|it is))?|don'?t do (?:it|that|anything)|sorry)\W*)*$", re.I)


# a retraction that hangs on the answer to a question asked just before it: "will I have to pay for the shipping back?
# if so forget it", "do I have to pay to ship it? if I do, never mind", "is return shipping free? otherwise forget it"
_IF_RETRACTION = re.compile(
    r"(?<=\?)\s*(?:(?:and|but|oh|ok|okay)\W+)?(?:if\b|otherwise\b|else\b|in (?:that|which) case\b)[^.?!]*?" +
    _TAKE_BACK.pattern[len(r"(?:(?<=[\s,.;!?-])|^)"):] + r"$", re.I)


def conditional_retraction(text: str) -> str | None:
    """The message without a retraction that depends on the answer to its own question ("... will I have to pay for
    the shipping back? if so forget it"), or None when it has none. Such a retraction takes nothing back yet: the
    question is answered and the request stays open, to be said yes or no to (before: read as a no, said as "I'll
    leave that", and the same proposal listed again)."""
    m = _IF_RETRACTION.search(text.rstrip())
    if not m or not text[:m.start()].strip():
        return None
    return text[:m.start()].rstrip()


# a go-ahead that hangs on the answer to the customer's own question ("do I pay for the label? if not, go ahead"), or on a
# condition said with it ("if the label is free, go ahead", "go ahead as long as I don't pay for the label")
_GO = r"(?:go ahead|do it|proceed|go for it|please do|(?:that'?s |it'?s )?fine|ok(?:ay)?|yes|sure|return (?:it|them))"
_IF_GO_AHEAD = re.compile(r"(?<=\?)\s*(?:(?:and|but|oh|ok|okay)\W+)?(?:if\b|otherwise\b|else\b|in (?:that|which) case\b|"
                          r"assuming\b|provided\b)[^.?!]*?\b" + _GO + r"\b(?:\W+(?:then|please))*\W*$", re.I)
# (a go-ahead said after a judgment of the proposal too: "Yes, that's correct - please proceed if there's no return
# shipping fee"; on a condition said with "unless" too: "go ahead unless it costs extra")
_GO_OPENER = r"(?:(?:ok(?:ay)?|yes|yeah|sure|fine|alright|please|that'?s (?:correct|right|fine)|(?:that |it )?(?:all )?" \
             r"(?:looks|sounds) (?:good|right|correct|fine))\W+)*"
_IF_WORD = r"(?:if|as long as|provided(?: that)?|assuming|unless|so long as)"
_GO_IF = re.compile(r"^\W*" + _GO_OPENER + r"(?:" + _IF_WORD + r"\b(?P<c>[^.?!]*?)[,\s]+(?:then\s+)?(?:please\s+)?" + _GO +
                    r"|(?:please\s+)?" + _GO + r"(?:\s+(?:it|then|please))?\W+(?:but\s+)?(?:only\s+)?" + _IF_WORD +
                    r"\b(?P<d>[^.?!]*?))\W*$", re.I)
# a condition about what the customer pays: "if it's free", "unless it costs extra", "as long as it doesn't cost me anything"
_COST_CONDITION = re.compile(r"\b(?:free|cost\w*|charg\w*|fees?|pay(?!\s*pal)\w*|extra)\b", re.I)


def conditional_go_ahead(text: str) -> str | None:
    """The question a go-ahead hangs on ("do I pay for the label? if not, go ahead" -> "do I pay for the label?"; "if
    the label is free, go ahead", "yes if it's free", "go ahead unless it costs extra" -> "is there a fee?"), or None
    when the message has no such go-ahead. A yes on a condition is no yes yet: the question is answered, and a plain
    yes asked for."""
    t = text.rstrip()
    if (m := _IF_GO_AHEAD.search(t)) and t[:m.start()].strip():
        return t[:m.start()].rstrip()
    if (m := _GO_IF.match(t)) and (c := (m.group("c") or m.group("d") or "").strip()):
        # (only a condition on a fee or a cost: the one the clerk can answer from policy; asked in its own words, the
        # condition's "return shipping" could read as another return asked)
        if FEE.search(c) or _COST_CONDITION.search(c):
            return "is there a fee?"
    return None


# "cancel #W1 - changed my mind", "cancel it because I changed my mind about it, it was a mistake order": the mind
# changed about having the order, the reason for its cancel, not the cancel taken back (unlike "cancel #W1 - actually
# I changed my mind, don't cancel it", "cancel #W1... oh wait, changed my mind, I'll keep it")
_BARE_MIND = re.compile(r"^\W*(?:(?:because|since|as|cause|'?cos)\s+)?(?:i'?ve |i have |i )?changed my mind\b", re.I)
_KEEPS_IT = re.compile(r"\b(?:(?:don'?t|dont|do not|not|no)(?!\s+(?:need|longer|want|use)\b)|keep|leave|instead|rather|"
                       r"wait|nope|nah|hold|stop|forget|never ?mind|scratch)\b|\?", re.I)


def _mind_changed_is_reason(text: str, m: re.Match) -> bool:
    before, after = text[:m.start()], text[m.end():]
    return (bool(_BARE_MIND.match(m.group(0))) and bool(INTENTS["cancel"].search(before)) and
            not any(INTENTS[k].search(before) for k in ("return", "exchange", "modify")) and not _KEEPS_IT.search(after))


def taken_back(text: str, names: list[str]) -> tuple[str, bool] | None:
    """A request the message takes back before its end: ``(what stands, nothing asked)``, or None when it takes
    back nothing, or only a detail ("to navy... wait no, make it grey"). What stands is the words after the last
    retraction (another action, or all or both of the items), with the orders named before it kept to tell
    the order (the items named before it too, as "the order with the lamp", when the words after name neither an
    order nor an item: "cancel the lamp ... actually scratch that, cancel the whole order")."""
    marks = [m for m in _TAKE_BACK.finditer(text) if any(p.search(text[:m.start()]) for p in INTENTS.values())
             and not _mind_changed_is_reason(text, m)]
    if not marks:
        return None
    m = marks[-1]
    before, after = text[:m.start()], text[m.end():]
    if _EMPTY_REST.match(after):  # nothing asked for after it: the words before the request's sentence stand
        head = before[:min(m.start() for p in INTENTS.values() if (m := p.search(before)))]
        return head[:max(head.rfind(c) for c in ".!?\n") + 1], True
    kinds_before = {k for k in ("cancel", "return", "exchange") if INTENTS[k].search(before)}
    kinds_after = {k for k in ("cancel", "return", "exchange") if INTENTS[k].search(after)}
    if not (kinds_after - kinds_before or re.search(r"\b(?:both|all|everything|whole|entire)\b", after, re.I) or
            _WHOLLY.search(m.group(0))):
        return None  # "swap it to navy... wait no, make it grey": a detail corrected, read as corrections are
    kept = [f"#{o.upper()}" for o in dict.fromkeys(ORDER_ID.findall(before)) if not ORDER_ID.search(after)]
    if not ORDER_ID.search(after) and not mentioned_items(after, names):
        kept += [f"the order with the {n}" for n in mentioned_items(before, names)][:1] if not kept else []
    return (" ".join(kept) + ", " if kept else "") + after, False


# an address given as a field of the customer's details: "Address: 505 Cedar Avenue", "address 505 cedar ave"
_ADDRESS_LABEL = re.compile(r"(?:^|[.,;]\s*)(?:my\s+|home\s+)?address\s*(?:is\s*)?[:=-]?\s*\d", re.I)


def _orders_taken_back(text: str) -> list[str]:
    """The orders named before a correction that names another order after it ("cancel #W1 - no wait, cancel #W2
    instead", "cancel #W1, sorry I mean #W2", "#W1.. actually no, make that #W2"): taken back, unless the words
    after it add ("oh wait, #W2 too") or ask about it ("sorry, has #W2 shipped?"). Before, both orders were proposed, the one taken back first."""
    for m in reversed(list(CORRECTION.finditer(text))):
        before = [f"#{o.upper()}" for o in ORDER_ID.findall(text[:m.start()])]
        # (an order after it that the words take back is no replacement: "cancel #W1 and #W2. wait, don't cancel #W1")
        after = [f"#{o.group(1).upper()}" for o in ORDER_ID.finditer(text, m.end()) if not negated_at(text, o.start())]
        if before and after and not ADDITIVE.search(text[m.end():]) and "?" not in text[m.end():]:  # (not "sorry, is #W2 shipped?")
            return [o for o in dict.fromkeys(before) if o not in after]
    return []


def negated_at(text: str, pos: int) -> bool:
    """The words just before ``pos`` take back what stands there ("not the ...", "the t-shirt instead
    of the puzzle"); "instead of the notebook, send me ..." at the head of a sentence names the thing
    to replace, and takes back nothing."""
    before = re.split(r"[,.;!?]", text[:pos])[-1]
    m = _NEGATED_BEFORE.search(before)
    if m and re.match(r"\s*(?:instead of|rather than)\b", m.group(0), re.I):
        return any(w not in _FILLER for w in re.findall(r"[a-z']+", before[:m.start()].lower()))
    return bool(m)


def _corrected(text: str, spans: list[tuple[int, str, bool]]) -> list[tuple[int, str]]:
    """Which mentions (position, key, negated) stand once corrections are applied: a correction
    ("sorry, I meant ...", "actually ...") followed by new mentions replaces the mentions before it
    (unless it adds: "also", "too"); each key's last mention decides whether it is taken back."""
    for m in reversed(list(CORRECTION.finditer(text))):
        after = [s for s in spans if s[0] >= m.start()]
        if not after:
            continue
        first = min(s[0] for s in after)
        end = re.search(r"[.?!\n]|$", text[first:])
        segment = text[m.start(): first + (end.start() if end else 0)]
        if any(not neg for _, _, neg in after) and not ADDITIVE.search(segment):
            keys = {k for _, k, _ in after}
            spans = [s for s in spans if s[0] >= m.start() or s[1] in keys]
        break
    last: dict[str, tuple[int, bool]] = {}
    first_at: dict[str, int] = {}
    for pos, key, neg in sorted(spans):
        last[key] = (pos, neg)
        first_at.setdefault(key, pos) if not neg else None
    return sorted((first_at.get(k, pos), k) for k, (pos, neg) in last.items() if not neg)


# an address said as one to move to, whose zip is not the account's: "I moved to ...", "my new address is ..."
_NEW_HOME = re.compile(r"\b(?:new|moved|moving|move|relocat\w*|now live|now at|ship|send|deliver|change|update|to)\b", re.I)


# "i typed dalas, it should be austin", "i wrote oak st but meant elm st", "I put 75210 instead of 75201",
# "dallas -> austin": the value written, then the one meant
_TYPED = re.compile(
    r"\b(?:typed|wrote|written|put(?:\s+in)?|entered|gave(?:\s+you)?|spelled|spelt|misspelled|mistyped|said)\s+"
    r"(?:it\s+as\s+|in\s+)?(?P<old>[#\w'-]+(?:\s+[#\w'-]+){0,2}?)\s*(?:,|;|:|-+|\.{2,})?\s*"
    r"(?:(?:but|and|when|where|while)\s+)?(?:i\s+)?(?:(?:it|that)\s+)?(?P<verb>should(?:'ve|\s+have)?\s+(?:been|be|say|read)|"
    r"meant(?:\s+to\s+(?:type|write|say|put))?|mean|wanted|(?:is|was)\s+supposed\s+to\s+be|needs\s+to\s+be|"
    r"it'?s\s+(?:actually\s+)?|its\s+|is\s+actually|instead\s+of|in\s+place\s+of|rather\s+than)\s*"
    r"(?P<new>[#\w'-]+(?:\s+[#\w'-]+){0,2}?)(?=\s*(?:[,.;!?)]|$|\b(?:not|instead|please|pls|thanks?|thx|sorry|and|"
    r"but|so|on|for|in)\b))", re.I)
_ARROW = re.compile(r"(?P<old>[#\w'-]+(?:\s+[#\w'-]+){0,2}?)\s*(?:->|=>|\u2192|-+>)\s*(?P<new>[#\w'-]+(?:\s+[#\w'-]+){0,2})",
                    re.I)
# "the small pet bed should be a large one", "my lamp needs to be white": an item said to become another option
_SHOULD_BE = re.compile(r"(?P<old>[#\w'-]+(?:\s+[#\w'-]+){0,3}?)\s+(?:should|needs? to|ha(?:s|ve) to|must) be\s+(?:an?\s+|in\s+)?"
                        r"(?!(?:delivered|shipped|sent|here|there|arriving|cancel|return|refund|on its way|the same)\w*)[a-z0-9]",
                        re.I)


def _wish_beside_return(text: str, db: RetailDB) -> bool:
    """A wish for another option of one item in a sentence of its own, beside a return or cancellation of other items
    named in theirs: "the headphones in my pending order should be wireless not wired. also the fleece jacket is too big
    so send it back" (before: the wish was dropped and the pending order told it can't be returned). Not the reason of a
    return ("the lamp should be white. it came black, so I'm returning it": the return names no other item)."""
    names = [p.name for p in db.products.values()]
    parts = [s for s in re.split(r"[.?!;\n]+|\b(?:also|plus)\b", text, flags=re.I) if s.strip()]
    acting = [s for s in parts if _ASKED["return"].search(s) or _ASKED["cancel"].search(s)]
    undone = {n for s in acting for n in mentioned_items(s, names)}
    wished = {n for s in parts if s not in acting for m in _SHOULD_BE.finditer(s) for n in mentioned_items(s[:m.end("old")], names)}
    # (the cancel or return may name its order by id alone: "cancel #W1, ordered by mistake. ok, the luggage set in
    # my other order should be the 2-piece instead"; before: the wish was dropped after the cancel)
    by_id = any(re.search(r"#?\bW\d{7}\b", s, re.I) for s in acting)
    return bool(acting and (undone or by_id) and wished and not wished & undone)


def _typed_pairs(text: str) -> tuple[list[tuple[str, str]], list[tuple[int, int]]]:
    """(new, old) pairs said as what was written and what was meant, and where they stand."""
    out, spans = [], []
    for m in _TYPED.finditer(text):
        old, new = m.group("old"), m.group("new")
        if re.fullmatch(r"(?:the|a|an|it|that|this|wrong|in|my)", old, re.I):
            continue
        out.append((new, old))
        spans.append(m.span())
    for m in _ARROW.finditer(text):
        out.append((m.group("new"), m.group("old")))
        spans.append(m.span())
    return out, spans


def replacements(text: str) -> list[tuple[str, str]]:
    """(new, old) pairs of a correction: "889 not 888", "it's Oak St, not Elm St", "not 888 but 889",
    "889 instead of 888", "888 should be 889", "i typed dalas, it should be austin", "I wrote oak st but
    meant elm st", "dallas -> austin"."""
    typed, taken = _typed_pairs(text)
    if taken:  # what the typed phrase says stands; its words are no other pair ("typed 75210 instead of 75201")
        for a, b in reversed(taken):
            text = text[:a] + " " * (b - a) + text[b:]
    words = re.findall(r"[#\w'-]+|[,]", text)
    out: list[tuple[str, str]] = list(typed)
    filler = {"it's", "its", "is", "it", "should", "be", "meant", "mean", "i", "sorry", "typo", "the", "no", "oops",
              "actually", "wait", "was", "a", ","}
    low = [w.lower() for w in words]
    for i, w in enumerate(low):
        if w == "not" or (w == "of" and i > 0 and low[i - 1] == "instead"):
            start = i - 1 if w == "not" else i - 2
            new = [x for x in words[max(0, start - 3):start + 1] if x != ","]
            old = [x for x in words[i + 1:i + 4] if x != ","]
            if w == "not" and (not new or new[-1].lower() in filler):  # "not 888 but 889", "not 888, 889"
                tail = words[i + 1:i + 8]
                cut = next((j for j, x in enumerate(tail) if x == "," or x.lower() == "but"), None)
                if cut is None:
                    continue
                old, new = [x for x in tail[:cut]], [x for x in tail[cut + 1:] if x.lower() not in ("but", "it's", "its")]
            while new and new[0].lower() in filler:
                new = new[1:]
            if new and old:
                out.append((" ".join(new), " ".join(old)))
        elif w == "should" and i + 1 < len(low) and low[i + 1] == "be" and i > 0 and low[i - 1] not in filler:
            new = [x for x in words[i + 2:i + 5] if x != ","]
            before: list[str] = []  # "oak st should be elm st": up to three words, back to a comma or a filler word
            for x in reversed(words[max(0, i - 3):i]):
                if x == "," or x.lower() in filler:
                    break
                before.insert(0, x)
            out.append((" ".join(new), " ".join(before)))
    return out


_STREET_ABBR = {"st": "street", "st.": "street", "ave": "avenue", "av": "avenue", "rd": "road", "dr": "drive",
                "ln": "lane", "blvd": "boulevard", "ct": "court", "pl": "place", "pkwy": "parkway", "hwy": "highway",
                "cir": "circle", "ter": "terrace", "trl": "trail"}


# a whole street line said in a correction: "12 ocean ave", "9 elm street", "3445 harbor view dr" (not one said as the
# old: "not 77 harbor view dr", "instead of ...")
_SAID_STREET = re.compile(r"(?<![\w#$.,-])(\d+[a-z]?)\s+((?:[a-z][\w'.-]*\s+){0,3}?(?:street|st|avenue|ave|road|rd|drive|"
                          r"dr|lane|ln|boulevard|blvd|way|court|ct|place|pl|circle|parkway|pkwy|highway|hwy|terrace|"
                          r"trail))\b\.?", re.I)
_SAID_AS_OLD = re.compile(r"\b(?:not|rather than|instead of|from|was|old(?: one)?(?: is)?)\W*$", re.I)


_AFTER_NUMBER = frozenset("not instead rather please pls is and thanks thank then actually sorry for on is was".split())


def _street_line_said(address: dict[str, str], text: str) -> dict[str, str] | None:
    """The address with the street line said in a correction put in whole: "sorry, it's 12 ocean ave, same city and
    zip" is "12 ocean ave", "no - 12 harbor view dr, not 77" is "12 harbor view dr" (before: only the number taken,
    "12 harbor view dr", or the words put in the number's place, "harbor view dr harbor view dr"). The street the
    address has already, said short or long ("harbor view drive"), keeps the address's spelling. None when no one
    street line is said, or it is the one written."""
    lines = [m for m in _SAID_STREET.finditer(text) if not _SAID_AS_OLD.search(text[:m.start()])]
    if len(lines) != 1:
        return None
    number, street = lines[0].group(1), re.sub(r"\s+", " ", lines[0].group(2)).rstrip(".")
    current = address.get("address1", "")
    had = re.match(r"\s*\d+[a-z]?\s+(.*)$", current, re.I)
    old_street = had.group(1) if had else current

    def plain(s: str) -> list[str]:
        return [_STREET_ABBR.get(w, w) for w in s.lower().replace(".", "").split()]
    if plain(street) == plain(old_street):
        street = old_street
    elif old_street.istitle() and street.islower():
        street = street.title()
    line = f"{number} {street}"
    return {**address, "address1": line} if line.lower() != current.lower() else None


def correct_address(address: dict[str, str], text: str) -> dict[str, str] | None:
    """The address with a correction applied ("sorry, typo: 889 not 888"), or None when the text
    corrects nothing in it."""
    fields = ("address1", "address2", "city", "state", "zip")
    said_line = _street_line_said(address, text)
    if said_line is not None:
        return said_line
    for new, old in replacements(text):
        o_words, n_words = old.split(), new.split()
        # "oak st" for "Oak Street": a street word said short is matched (and written) as the address writes it
        spelled = address.get("address1", "").lower().split()
        o_words = [_STREET_ABBR.get(w.lower(), w) if _STREET_ABBR.get(w.lower()) in spelled else w for w in o_words]
        n_words = [_STREET_ABBR.get(w.lower(), w) if _STREET_ABBR.get(w.lower()) in spelled else w for w in n_words]
        old, new = " ".join(o_words), " ".join(n_words)
        if old.lower() in ("apt", "apartment", "suite", "unit", "ste"):
            continue  # "apt should be 4C": the unit's number, below (before: "4C 4B", the label replaced)
        if len(o_words) == 1 and o_words[0].isdigit():  # "its 21 elm street not 12": the number for the number
            n_words = [next((w for w in n_words if w.isdigit()), new)]
        for n in range(len(o_words), 0, -1):  # the longest run of the old words found in the address
            o = " ".join(o_words[:n])
            nw = " ".join(n_words[-n:]) if len(n_words) >= n else new
            for f in fields:
                value = address.get(f, "")
                pat = re.compile(rf"(?<![\w]){re.escape(o)}(?![\w])", re.I)
                hit = pat.search(value) if value else None
                if hit and o.lower() != nw.lower():
                    fixed = dict(address)
                    if hit.group(0).istitle() and nw.islower():  # "elm street" in place of "Oak Street"
                        nw = nw.title()
                    end = hit.end()
                    way = re.match(rf"\s+(?:{_WAYS})\b\.?", value[end:], re.I)
                    if f == "address1" and way and re.fullmatch(_WAYS, nw.split()[-1], re.I):
                        # "the street is ocean avenue, not harbor view" (of "77 harbor view dr"): the kind of way said
                        # takes the old one's place (before: "77 ocean avenue dr")
                        end += way.end()
                    fixed[f] = value[:hit.start()] + nw + value[end:]
                    if f == "state":
                        fixed[f] = fixed[f].upper()
                    return fixed
    said = re.findall(r"[\w'-]+", text)
    # "apartment is 4C actually. can you fix it?": the unit said with "is", the question only asking it done
    asked = re.sub(r"\b(?:can|could|would|will) you (?:please |pls )?(?:fix|correct|update|change) (?:it|that|this)(?: please| pls)?\W*$",
                   "", text, flags=re.I)
    unit = re.search(r"\b(apt|apartment|suite|unit|ste)\.?(?:\s+(?:number|no\.?))?(?:\s+(?:is|should be|needs to be|=|:))?"
                     r"\s*#?\s*(\d+[a-z]?|[a-z]\d*)\b", asked, re.I)
    if unit and "?" not in asked and len(re.findall(r"[\w'-]+", asked)) <= 8 and not re.search(r"\d{5}", text):
        # "sorry apt 2b", "oh and it's suite 300": the unit, kept in the address's own words
        label = {"apt": "Apt", "apartment": "Apt", "ste": "Suite"}.get(unit.group(1).lower(), unit.group(1).title())
        value = f"{label} {unit.group(2).upper()}"
        if value.lower() != address.get("address2", "").lower():
            return {**address, "address2": value}
    nums = re.findall(r"(?<![\w#$.])\d+(?![\w.])", text)
    if len(nums) == 1 and "?" not in text and len(said) <= 10 and (
            CORRECTION.search(text) or re.search(r"\b(?:should be|is actually|meant|it'?s)\b", text, re.I)):
        # "sorry, the zip is 78702", "oops, 889", "I meant apt 5": the one number said, where it fits
        d = nums[0]
        m = re.match(r"\d+", address.get("address1", ""))
        after = re.search(rf"(?<![\w#$.]){d}\s+([a-z][\w'-]*)", text, re.I)
        if after and after.group(1).lower() not in _AFTER_NUMBER and \
                after.group(1).lower() not in " ".join(address.values()).lower().split():
            return None  # "hmm no, 9 elm": a number with words not in the address, asked about (before: "9 harbor view dr")
        if len(d) == 5 and not re.search(r"\b(?:apt|apartment|suite|unit|ste|number|house)\b", text, re.I):
            return {**address, "zip": d} if d != address.get("zip") else None
        if re.search(r"\b(?:apt|apartment|suite|unit|ste)\b", text, re.I) and re.search(r"\d", address.get("address2", "")):
            fixed = re.sub(r"\d+", d, address["address2"], count=1)
            return {**address, "address2": fixed} if fixed != address["address2"] else None
        if m and len(d) < 6 and d != m.group(0):
            return {**address, "address1": d + address["address1"][m.end():]}
    return None


# --- an address corrected in parts -------------------------------------------------------------------
STATES = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California", "CO": "Colorado",
    "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia", "FL": "Florida", "GA": "Georgia",
    "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois", "IN": "Indiana", "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky",
    "LA": "Louisiana", "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota",
    "MS": "Mississippi", "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada", "NH": "New Hampshire",
    "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York", "NC": "North Carolina", "ND": "North Dakota",
    "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania", "RI": "Rhode Island", "SC": "South Carolina",
    "SD": "South Dakota", "TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont", "VA": "Virginia",
    "WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming"}
_STATE_BY_NAME = {v.lower(): k for k, v in STATES.items()}
# an address with no comma before its state ("77 cedar lane, austin tx 78701", "5 Elm St, Dallas Texas 75201"); read only
# when the state is one (``read``)
_STATE_NAMES = "|".join(re.escape(n) for n in sorted(_STATE_BY_NAME, key=len, reverse=True))
ADDRESS_NO_COMMA = re.compile(
    _STREET_LINE +
    r"(?P<city>[A-Za-z .'-]+?)\s*,?\s+(?P<state>" + _STATE_NAMES +
    r"|[A-Za-z]{2})\.?\s*,?\s*(?P<zip>\d{5})(?:-\d{4})?(?!\d)", re.I)
# kinds of way that end a street line ("Lakeview Road", "Pine St")
_WAYS = ("street|st|avenue|ave|road|rd|drive|dr|lane|ln|boulevard|blvd|way|court|ct|place|pl|circle|parkway|pkwy|highway|"
         "hwy|terrace|trail")
# no comma after the street: "232 lakeview rd raleigh nc 27601" (the street ends with its kind of way)
ADDRESS_BARE = re.compile(
    r"(?P<a1>" + _HOUSE_NUMBER + r"\s+(?:[A-Za-z0-9.'-]+\s+){1,4}?(?:" + _WAYS + r"|ter|cir|trl|square|sq)\.?)\s+"
    r"(?:" + _UNIT + r"\s+)?"
    r"(?P<city>[A-Za-z .'-]+?)(?:\s*,\s*|\s+)(?P<state>" + _STATE_NAMES + r"|[A-Za-z]{2})\.?\s+(?P<zip>\d{5})(?:-\d{4})?(?!\d)",
    re.I)  # (a comma between city and state only: "12 Oak St. Dallas, TX 75201")
_STATE = (r"\b(?:" + _STATE_NAMES +
          r"|[A-Za-z]{2}\b)")
# two-letter codes that are also everyday words: read as a state only when written in capitals
_WORDLIKE_CODES = frozenset("ok in or me hi id oh de la pa ma al co mo ne wa".split())
ZIP4 = re.compile(r"\b(\d{5})\s?[-\u2013]\s?\d{4}\b")

# an order told by where it ships: "the one that was shipped to Texas", "the order going to Los Angeles", "my NYC
# order", "which of my orders went to Houston?" (the place after a word of shipping, or before "order")
_PLACE_CUE = re.compile(r"\b(?:ship\w*|sent|send\w*|go(?:ing|es)?|went|deliver\w*|head\w*|bound|address\w*|mail\w*)"
                        r"(?:\s+out)?\s+(?:to|in|for|at|into)\s+(?P<p>[A-Za-z0-9][\w .'-]{1,40})|"
                        # (a place before "order" only written as a name: "my LA order", "the Houston one", not "my
                        # tablet order")
                        r"\b(?:my|the|that)\s+(?P<q>(?-i:[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)?))\s+(?:order|one|address)\b|"
                        r"\b(?:one|order)\s+(?:in|from|for)\s+(?P<r>[A-Za-z0-9][\w .'-]{1,40})", re.I)
_PLACE_ALIASES = {"nyc": "new york", "la": "los angeles", "sf": "san francisco", "dc": "washington", "philly": "philadelphia"}


def _place_fits(phrase: str, address: dict[str, str]) -> bool:
    """Whether the words right after a shipping word name this address: its city, its state (name or code; a code that
    is an everyday word only in capitals), or its zip."""
    low = phrase.lower().strip()
    city, code, zip_ = address.get("city", "").lower(), address.get("state", ""), address.get("zip", "")
    first = low.split()[0] if low.split() else ""
    if city and (low.startswith(city) and not low[len(city):len(city) + 1].isalnum() or _PLACE_ALIASES.get(first) == city):
        return True
    name = STATES.get(code.upper(), "").lower()
    if name and low.startswith(name) and not low[len(name):len(name) + 1].isalnum():
        return True
    if code and re.match(rf"{re.escape(code)}\b", phrase.strip(), 0 if code.lower() in _WORDLIKE_CODES else re.I):
        return True
    return bool(zip_) and first == zip_


# a place said a few words after the shipping word: "going to my son's place in Washington DC", "sent to my mom over in
# austin", "delivered to the office at Chicago" (the words after "in", "at", ... are tried as the place)
_PLACE_TAIL = re.compile(r"\b(?:in|at|near|around|outside(?: of)?|by)\s+(?=[A-Za-z0-9])", re.I)
# a place written in lower case before "order"/"one": "the chicago one", "my dc order", "the new york package" (a place only
# when it is one: ``places``, a state's name, or a short name such as "nyc")
_PLACE_LOW = re.compile(r"\b(?:my|the|that)\s+(?P<q>[a-z][a-z.'-]*(?:\s+[a-z][a-z.'-]*)?)\s+(?:order|one|package|parcel|"
                        r"shipment|delivery)\b", re.I)
# a message that is only a place, as the answer to "which order?": "Chicago", "the DC one", "austin tx", "to denver pls"
_BARE_PLACE = re.compile(r"^\W*(?:(?:it'?s|its|that'?s|i mean|i meant|um+|uh+|oh)\s+)*(?:the\s+(?:one|order|package)\s+)?"
                         r"(?:(?:going|shipping|shipped|sent|headed|heading)\s+)?(?:(?:to|in|for|at)\s+)?(?:the\s+)?"
                         r"(?P<b>[A-Za-z][A-Za-z .'-]{1,30}?)(?:\s+(?:one|order|package|address))?(?:\s+(?:please|pls|plz))?"
                         r"\W*$", re.I)


def _known_place(words: str, places: frozenset[str]) -> bool:
    """Whether the (lower-case) words are a place: one of ``places``, a state's name, a short name ("nyc", "dc"), or a
    state's code that is no everyday word ("tx", "il")."""
    low = " ".join(words.lower().split()).strip(" .")
    first = low.split()[0] if low else ""
    return bool(low) and (low in places or any(low.startswith(p + " ") for p in places) or
                          low in {n.lower() for n in STATES.values()} or first in _PLACE_ALIASES or
                          (len(low) == 2 and low.upper() in STATES and low not in _WORDLIKE_CODES))


def place_cue(text: str, places: frozenset[str] = frozenset()) -> bool:
    """Whether the words may tell an order by where it ships (``orders_at_place`` then says which). ``places``: the
    lower-case city names known, so that a place written in lower case counts ("the chicago one")."""
    return bool(_PLACE_CUE.search(text) or any(_known_place(m.group("q"), places) for m in _PLACE_LOW.finditer(text)))


def bare_place(text: str, places: frozenset[str] = frozenset()) -> bool:
    """Whether the message is only a place ("Chicago", "the DC one", "austin, tx"): an answer to "which order?"."""
    m = _BARE_PLACE.match(text.replace("\u2019", "'"))
    return bool(m and _known_place(m.group("b").replace(",", " "), places))


# a place written as a name after a word of shipping: "the one shipped to Boston", "sent it to New Orleans"
_SHIPPED_TO_NAME = re.compile(r"\b(?:ship\w*|sent|send\w*|deliver\w*|mail\w*|go(?:ing|es)?|went|head\w*)(?:\s+out)?\s+to\s+"
                              r"(?P<n>(?-i:[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?))\b", re.I)


def places_said(text: str, places: frozenset[str] = frozenset(), bare: bool = False) -> list[str]:
    """The places the words tell an order by ("Washington DC" of "the one going to my son's place in Washington DC",
    "chicago" of "the chicago one", "Boston" of "the one shipped to Boston"); ``bare``: also a message that is only a
    place. For saying that no order ships there."""
    out: list[str] = []
    for m in _PLACE_CUE.finditer(text):
        phrase = m.group("p") or m.group("q") or m.group("r") or ""
        for start in [0] + [t.end() for t in _PLACE_TAIL.finditer(phrase)]:
            words = re.match(r"[A-Za-z][A-Za-z.'-]*(?:\s+[A-Za-z][A-Za-z.'-]*)?", phrase[start:])
            for w in ([words.group(0), words.group(0).split()[0]] if words else []):
                if _known_place(w, places) and w not in out:
                    out.append(w)
                    break
    out += [m.group("q") for m in _PLACE_LOW.finditer(text) if _known_place(m.group("q"), places) and m.group("q") not in out]
    out += [m.group("n") for m in _SHIPPED_TO_NAME.finditer(text) if not any(m.group("n") in w for w in out)]
    if bare and not out and (b := _BARE_PLACE.match(text.replace("\u2019", "'"))) and _known_place(b.group("b"), places):
        out.append(b.group("b").strip())
    return out


def orders_at_place(text: str, addresses: dict[str, dict[str, str]], bare: bool = False) -> list[str]:
    """Of these orders (id -> shipping address), those the words tell by where they ship ("the one shipped to Texas",
    "my LA order", "the one going to my son's place in Washington DC", "the chicago one"); empty when no place is
    named, or none fits. ``bare``: the message may be only the place ("Chicago"), the answer to "which order?"."""
    out: list[str] = []
    found = [(m, m.group("p") or m.group("q") or m.group("r") or "") for m in _PLACE_CUE.finditer(text)]
    found += [(m, m.group("q")) for m in _PLACE_LOW.finditer(text)]
    if bare and (b := _BARE_PLACE.match(text.replace("\u2019", "'"))):
        found.append((b, b.group("b").replace(",", " ")))
    for m, phrase in found:
        there = [o for o, a in addresses.items() if a and _place_fits(phrase, a)]
        if not there:  # ("going to my son's place in Washington DC": the place after "in")
            there = next(([o for o, a in addresses.items() if a and _place_fits(phrase[t.end():], a)]
                          for t in _PLACE_TAIL.finditer(phrase)
                          if any(a and _place_fits(phrase[t.end():], a) for a in addresses.values())), [])
        if there and _NOT_PLACE.search(text[:m.start()]):
            # "the order that isn't going to San Antonio": the orders shipping elsewhere (before: the one excluded)
            there = [o for o, a in addresses.items() if a and o not in there]
        out += [o for o in there if o not in out]
    return out


# a shipping place denied: "the order that isn't going to ...", "the one NOT shipped to ...", "that won't be sent to ..."
_NOT_PLACE = re.compile(r"\b(?:not|isn'?t|aren'?t|wasn'?t|weren'?t|won'?t|never)\s+(?:be\s+|being\s+|been\s+)?$", re.I)
# words around a value that only say what it is ("it should say Austin", "i meant San Antonio")
_LABEL_WORDS = frozenset("sorry oops whoops typo correction actually wait i i'm im meant mean it it's its is was should be "
                         "say read says reads the city town state zip code postal my bad mistake no not oh um so ok okay "
                         "and but to in of supposed needs need instead rather make that still same just yes yeah yep please pls".split())
_NOT_VALUES = frozenset("wrong incorrect right fine correct ok okay same misspelled spelled mistyped off the a".split())
_CITY_VALUE = r"(?P<v>[A-Za-z][A-Za-z .'-]*?)(?=\s*(?:[,;!?]|\.(?:\s|$)|$|\b(?:not|and|zip|state|instead|but|please|pls|thanks?|" \
              r"thank you|rather)\b|\d))"
_IS = (r"(?:'s|\s+(?:name\s+)?(?:is|sh(?:ou)?ld be|shud be|should say|should read|needs to be|was supposed to be|=|to|"
       r"is actually)|\s*[:=])")
_BARE = r"\s+(?!(?:is|was|were|are|should|shld|needs?|name|and|or|has|too|also|of|in|on|for|the|wrong|incorrect)\b)"
_CITY_LABEL = re.compile(r"\b(?:city|town)(?:" + _IS + r"\s*(?:actually\s+|really\s+)?|" + _BARE + ")" + _CITY_VALUE, re.I)
# "wrong city - austin", "i typed the wrong city, its austin"
_WRONG_CITY = re.compile(r"\b(?:wrong|incorrect|misspelled) (?:city|town)\b[\s,:;-]*(?:(?:it'?s|its|it is|it should be|"
                         r"should be|i meant|meant|should say)\s+)?" + _CITY_VALUE, re.I)
_MEANT_AFTER = re.compile(r"\s*[,;:-]+\s*(?:(?:but|and)\s+)?(?:i\s+)?(?:meant|mean|it should be|should be|should say|"
                          r"it'?s actually|its actually)\s+" + _CITY_VALUE, re.I)
_STATE_LABEL = re.compile(r"\bstate(?:" + _IS + r"\s*(?:actually\s+|really\s+)?|" + _BARE + r")(?P<v>" + _STATE + r")", re.I)
# "dallas is wrong, it should be austin": the value written, then the one meant
_IS_WRONG = re.compile(r"(?:^|[,.;:!]\s*|\b(?:the|my|and|but|so)\s+)(?P<old>[A-Za-z0-9][A-Za-z0-9 .'-]{0,30}?)\s+(?:is|was)\s+"
                       r"(?:wrong|incorrect|a typo|misspelled|not right)\b[\s,;:-]*(?:(?:it|that)\s+)?(?:should be|should say|"
                       r"is|it'?s|its|meant to be|needs to be|was supposed to be)\s+(?P<new>[A-Za-z0-9][A-Za-z0-9 .'-]*?)"
                       r"(?=\s*(?:[,;!?]|\.(?:\s|$)|$|\b(?:not|and|instead|but|please|thanks?)\b))", re.I)
# the whole message a no and a value: "no its Austin", "no, Austin" (a city: no number, no street word)
_NO_VALUE = re.compile(r"^\W*(?:no+|nope|nah|sorry|oops|wait|actually|hmm+)\b[\s,.!-]*(?:(?:it'?s|its|it is|it should be|"
                       r"should be|i meant?|make (?:it|that))\s+)?(?P<v>[A-Za-z][A-Za-z .'-]*?)\W*$", re.I)
# words of a "no, ..." that is no place name ("no, not yet", "no thanks", "nope, that's fine")
_NOT_A_PLACE = _NOT_VALUES | _LABEL_WORDS | frozenset(
    "yet now sure really thanks thank you that this that's it right good fine later never problem worries way idea again "
    "great cool all anything nothing something one more time today go ahead hold on stop keep leave mind forget need want "
    "cancel change don't dont do did done sounds looks perfect thx ty bye wait okay ok yes yeah yep sir maam ma'am".split())
_STREET_WORDS = re.compile(r"\b(?:" + _WAYS + r"|apt|apartment|suite|unit)\b", re.I)
_ZIP_LABEL = re.compile(r"\b(?:zip|zip ?code|zipcode|postal code|postcode)" + _IS + r"?\s*(?:actually\s+)?(?P<v>\d{5})\b(?!-)",
                        re.I)
# "Austin, TX 78701", "austin tx 78701", "TX 78701", "Austin, Texas": a city, state and zip said without the street
_TAIL = re.compile(r"(?P<state>" + _STATE + r")\.?\s*,?\s*(?P<zip>\d{5})\b", re.I)
_TAIL_NO_ZIP = re.compile(r",\s*(?P<state>" + _STATE + r")(?=\s*(?:[.;!?]|$|\bnot\b|\binstead\b))", re.I)


def state_code(word: str, strict: bool = False) -> str | None:
    """The two-letter code of a state named by code or name ("tx", "Texas"); codes that are everyday
    words ("ok", "in", "or") only in capitals, and with ``strict`` every code only in capitals."""
    w = word.strip().rstrip(".")
    if w.lower() in _STATE_BY_NAME:
        return _STATE_BY_NAME[w.lower()]
    if len(w) == 2 and w.upper() in STATES:
        if w.isupper() or (not strict and w.lower() not in _WORDLIKE_CODES):
            return w.upper()
    return None


def _city_words(before: str) -> str:
    """The city said just before a state ("it should say austin, tx ..." -> 'austin'): the words after
    the last label word or punctuation, at most three."""
    before = re.split(r"[.;:!?()]|,(?=[^,]*,)", before)[-1].rstrip(" ,")
    words = re.findall(r"[A-Za-z][A-Za-z.'-]*", before.split(",")[-1])
    out: list[str] = []
    for w in reversed(words):
        if w.lower() in _LABEL_WORDS or len(out) == 3:
            break
        out.insert(0, w)
    return " ".join(out)


def _city(value: str) -> str:
    value = " ".join(value.split()).strip(" .,'")
    return value.title() if value.islower() else value


def address_parts(text: str, asked: bool = False) -> dict[str, str]:
    """The parts of an address a message gives without a street: a city, state or zip code labelled
    ("the city is Austin", "zip 78701", "state: TX") or said together ("Austin, TX 78701", "TX 78701");
    a zip+4 is read as its five digits. ``asked``: the message answers a question for these parts, so a
    zip code or a state said alone counts too ("78701", "texas and 78701")."""
    t = ZIP4.sub(r"\1", text.replace("\u2019", "'"))
    out: dict[str, str] = {}
    m = _CITY_LABEL.search(t) or _WRONG_CITY.search(t)
    if m and (meant := _MEANT_AFTER.match(t, m.end("v"))):  # "the wrong city, dalas, i meant austin": austin
        m = meant
    if m and m.group("v").split()[0].lower() in _NOT_VALUES:  # "the city is wrong, it's Austin"
        m = re.compile(r"\b(?:it'?s|its|should be|meant|is)\s+(?:actually\s+)?" + _CITY_VALUE, re.I).search(
            t, m.start("v") + len(m.group("v").split()[0]))
    if m and m.group("v").split()[0].lower() not in _NOT_VALUES:
        v = m.group("v").strip()
        last = v.split()[-1] if len(v.split()) > 1 else ""
        if last and state_code(last, strict=not last.isupper() and last.lower() in _WORDLIKE_CODES):
            out["state"] = state_code(last) or ""
            v = v[: v.rfind(last)].strip(" ,")
        out["city"] = _city(v)
    m = _STATE_LABEL.search(t)
    if m and state_code(m.group("v")):
        out["state"] = state_code(m.group("v")) or ""
    m = _ZIP_LABEL.search(t)
    if m:
        out["zip"] = m.group("v")
    for m in _TAIL.finditer(t):
        code = state_code(m.group("state"))
        city = _city_words(t[:m.start()])
        if not code or (not m.group("state").isupper() and not city and m.group("state").lower() in _WORDLIKE_CODES):
            continue
        out.setdefault("state", code)
        out.setdefault("zip", m.group("zip"))
        if city and city.lower() not in _NOT_VALUES:
            out.setdefault("city", _city(city))
        break
    else:
        m = _TAIL_NO_ZIP.search(t)
        if m and state_code(m.group("state"), strict=True) and _city_words(t[:m.start()]):
            out.setdefault("state", state_code(m.group("state")) or "")
            out.setdefault("city", _city(_city_words(t[:m.start()])))
    if asked:
        zips = re.findall(r"(?<![\w#$.])(\d{5})(?![\w.])", t)
        if "zip" not in out and len(set(zips)) == 1:
            out["zip"] = zips[0]
        codes = {c for w in re.findall(r"[A-Za-z]+(?: [A-Za-z]+)?", t) for c in [state_code(w, strict=True)]
                 if c} | {c for w in re.findall(r"[A-Za-z]+", t) for c in [state_code(w)] if c}
        if "state" not in out and len(codes) == 1:
            out["state"] = codes.pop()
    return out


def _misspelt(said: str, value: str) -> bool:
    """``said`` is ``value`` misspelt ("dalas" for Dallas, "san antonoi"): the same first letter and nearly
    the same letters, in words of four letters or more."""
    a, b = said.lower().strip(" ,."), value.lower().strip()
    if not a or not b or a[0] != b[0] or min(len(a), len(b)) < 4 or a == b:
        return False
    return _one_off(a, b) or difflib.SequenceMatcher(None, a, b).ratio() >= 0.8


def address_changes(address: dict[str, str], text: str, loose: bool = False) -> dict[str, str]:
    """What a correction changes in an address, field by field ({'city': 'Austin'}), empty when it
    changes nothing: parts labelled or said together (``address_parts``: "the city is Austin",
    "Austin, TX 78701"), a value put in place of the one written ("Austin not Dallas", "I meant San
    Antonio, not Dallas", "Dallas should be Austin", "TN not TX"), and a street or number fixed
    (``correct_address``: "889 not 888", "Elm St not Oak St", "oops, the zip is 78702"). ``loose``: the
    message answers the address itself ("... to 12 Oak St, Dallas ...?"), so "no, Austin" puts a city
    in place of the city."""
    t = ZIP4.sub(r"\1", text.replace("\u2019", "'"))
    out = address_parts(t)
    pairs = replacements(t) + [(m.group("new"), m.group("old")) for m in _IS_WRONG.finditer(t)]
    if loose and not pairs and not out and (m := re.fullmatch(r"\W*(?:(?:no|sorry|oops|wait|actually)\W+)?(\d{5})\W*", t, re.I)):
        out["zip"] = m.group(1)  # "78701" said alone to the summary of an address: its zip code
    if loose and not pairs and not out and (m := _NO_VALUE.match(t)) and not _STREET_WORDS.search(m.group("v")) and \
            len(m.group("v").split()) <= 3 and not {w.lower() for w in m.group("v").split()} & (_NOT_A_PLACE | _NOT_MIDDLE):
        pairs = [(m.group("v"), address.get("city", ""))]  # "no, Austin": in place of the city, asked about next
    for new, old in pairs:
        o = old.strip(" ,.").lower()
        n_words = [w for w in new.split() if w != ","]
        while n_words and n_words[0].lower().strip(",") in _LABEL_WORDS:
            n_words = n_words[1:]
        label = max((i for i, w in enumerate(n_words) if w.lower().strip(",") in ("is", "be", "say", "meant", "it's", "its")),
                    default=-1)
        n_words = n_words[label + 1:]
        phrase = " ".join(n_words)
        if not phrase:
            continue
        city = address.get("city", "").lower()
        o_words = o.split()
        while len(o_words) > 1 and o_words[0] in _LABEL_WORDS:  # "sorry the street" is wrong: the street
            o_words = o_words[1:]
        o = " ".join(o_words)
        if o in ("street", "street name", "street address", "address1"):  # "the street is wrong, it should be Elm St"
            number = re.match(r"\d+\s+", address.get("address1", ""))
            street = " ".join(n_words)
            if not street[:1].isdigit() and number:
                street = number.group(0) + (street.title() if street.islower() else street)
            out.setdefault("address1", street)
            continue
        o = {"city": city, "town": city, "city name": city, "state": address.get("state", "").lower(),
             "zip": address.get("zip", ""), "zip code": address.get("zip", ""), "zipcode": address.get("zip", "")}.get(o, o)
        if o and (o == city or (len(o) > 3 and re.search(rf"\b{re.escape(o)}\b", city)) or
                  (city and city.startswith(o.split()[0]) and len(o.split()[0]) > 3) or _misspelt(o, city)):
            parts = address_parts(phrase) if re.search(r"\d{5}|,", phrase) else {}
            name = phrase if not parts else (parts.get("city") or "")
            words = [w for w in name.replace(",", " ").split() if not w.isdigit()]
            if words and len(words) > 1 and state_code(words[-1], strict=True):
                out.setdefault("state", state_code(words[-1]) or "")
                words = words[:-1]
            if words and not any(w.lower() in _NOT_VALUES for w in words):
                out.setdefault("city", _city(" ".join(words)))
            for k in ("state", "zip"):
                if k in parts:
                    out.setdefault(k, parts[k])
        elif state_code(o) and state_code(o) == address.get("state") and state_code(n_words[-1]):
            out.setdefault("state", state_code(n_words[-1]) or "")
        elif o.isdigit() and len(o) == 5 and o == address.get("zip") and re.fullmatch(r"\d{5}", n_words[-1]):
            out.setdefault("zip", n_words[-1])
    fixed = correct_address(address, t)
    if fixed:
        for k in ("address1", "address2", "zip", "state"):
            if fixed.get(k) != address.get(k) and k not in out:
                if k == "state" and not state_code(fixed[k]):
                    continue
                out[k] = fixed[k]
    return {k: v for k, v in out.items() if v and v.lower() != str(address.get(k, "")).lower()}


# --- an address given in pieces ----------------------------------------------------------------------
# a street line labelled: "street: 958 Willow Avenue", "street address is 958 Willow Ave", "address line 1 - 12 Oak St"
_STREET_LABEL = re.compile(r"\b(?:street(?:\s+address)?|address\s*(?:line\s*)?1|addr(?:ess)?1)\s*(?:is\s*|[:=-]\s*)"
                           r"(?P<v>\d+[a-z]?\s+[A-Za-z0-9 .'#-]+?)\s*(?=[;,\n]|$|\b(?:city|town|state|zip|apt|apartment|"
                           r"suite|unit)\b)", re.I)
# a unit said alone or labelled: "Suite 571", "apt: 4B", "unit #12", "apartment number is 3"
_UNIT_SAID = re.compile(r"\b(?P<k>apt|apartment|suite|unit|ste)\.?(?:\s+(?:number|no\.?))?(?:\s+(?:is now|is|now|should be))?"
                        r"\s*[:#=]?\s*(?P<v>\d+[a-z]?|[a-z]\d+)\b", re.I)
# the parts of the address not given stay as they are: "same city and zip", "rest stays the same", "just the street is
# now ...", "only the suite number changed", "everything else is the same"
_KEEPS_THE_REST = re.compile(r"\bsame\s+(?:city|town|state|zip|street|address|house|building|apartment|suite|unit|"
                             r"everything|as (?:before|now|it is))\b|"
                             r"\b(?:the\s+)?rest\s+(?:of (?:it|the address)\s+)?(?:stays?|is|remains?|can stay|unchanged)\b|"
                             r"\b(?:everything|all)\s+else\s+(?:stays?|is|remains?|unchanged)\b|\botherwise\s+(?:the\s+)?same\b|"
                             r"\b(?:only|just)\s+(?:the\s+)?(?:new\s+)?(?:street|suite|apt|apartment|unit|house number|"
                             r"zip(?:\s*code)?|city)\b|\bnothing else\s+(?:changed|changes|is different)\b", re.I)

# ... all of it but what is said: "the rest stays the same", "everything else", "just the street is now ..."
_ALL_THE_REST = re.compile(r"\b(?:rest|everything else|all else|otherwise|nothing else|(?:only|just)\s+(?:the\s+)?"
                           r"(?:new\s+)?(?:street|house number))\b", re.I)


# the city said right after a street line, with no zip code: "266 maple drive madison", "... drive, new york ny" (its
# state, when said, beside it)
_CITY_AFTER_STREET = re.compile(r"[\s,]*(?:in\s+)?(?P<city>[A-Za-z][A-Za-z.'-]*(?:\s+[A-Za-z][A-Za-z.'-]*){0,2}?)\s*,?\s*"
                                r"(?:(?P<state>" + _STATE_NAMES + r"|[A-Za-z]{2})\.?)?(?=\s*(?:$|[.;!?,]|\d{5}\b|\b(?:please|"
                                r"pls|plz|thanks?|thank you|instead|and|but|asap|now|then|thx|ty)\b))", re.I)
_NOT_CITY_WORDS = frozenset("please pls plz thanks thank thx ty instead asap now then same rest everything else other "
                            "order orders it them apt apartment suite unit ste floor".split())


def address_pieces(text: str, city_asked: bool = False) -> tuple[dict[str, str], bool]:
    """The parts of an address a message gives when it gives no whole one: a street line ("958 Willow Avenue",
    "street: 958 Willow Avenue"), a unit ("Suite 571"), a city, state or zip code ("Austin, TX 78701", "city:
    Austin; state: Texas; zip: 78701"); and whether it says that the parts it does not give stay as they are
    ("same city and zip, just the street is now 12 Oak Street", "12 Oak Street, rest stays the same").
    ``city_asked``: the message answers a question for the city, so a place name said alone is the city ("austin")."""
    t = ZIP4.sub(r"\1", text.replace("\u2019", "'"))
    out: dict[str, str] = {}
    rest = t
    label = _STREET_LABEL.search(t)
    lines = [label] if label else [m for m in _SAID_STREET.finditer(t) if not _SAID_AS_OLD.search(t[:m.start()])]
    if len(lines) == 1:
        m = lines[0]
        line = " ".join((m.group("v") if m is label else m.group(0)).split()).strip(" .,")
        out["address1"] = line.title() if line.islower() else line
        rest = rest[:m.start()] + " " * (m.end() - m.start()) + rest[m.end():]  # ("958 Washington Ave" names no state)
    units = list(_UNIT_SAID.finditer(rest))
    if len(units) == 1:
        m = units[0]
        kind = {"apt": "Apt", "apartment": "Apt", "ste": "Suite"}.get(m.group("k").lower(), m.group("k").title())
        out["address2"] = f"{kind} {m.group('v').upper()}"
        rest = rest[:m.start()] + " " * (m.end() - m.start()) + rest[m.end():]
    parts = address_parts(rest, asked=True)
    if set(parts) == {"state"} and not out:
        parts = {}  # (a state alone, or an everyday word read as one, is no piece of an address)
    out.update(parts)
    if "address1" in out and "city" not in out and len(lines) == 1 and lines[0] is not label and \
            (c := _CITY_AFTER_STREET.match(rest, lines[0].end())) and \
            not {w.lower() for w in c.group("city").split()} & (_NOT_A_PLACE | _NOT_MIDDLE | _NOT_CITY_WORDS):
        # "266 maple drive madison", "266 Maple Dr, Madison WI": the words right after the street are its city
        # (before: the city dropped, and asked for again with the state and zip code)
        out["city"] = _city(c.group("city"))
        st = c.group("state")
        if st and "state" not in out and (code := state_code(st, strict=not st.isupper() and st.lower() in _WORDLIKE_CODES)):
            out["state"] = code
    alone = re.fullmatch(r"\W*(?:(?:it'?s|its|the city is|city is|in)\s+)?([A-Za-z][A-Za-z .'-]*?)\W*", t, re.I)
    if city_asked and not out and alone and len(words := alone.group(1).split()) <= 3 and \
            not {w.lower() for w in words} & (_NOT_A_PLACE | _NOT_MIDDLE) and not _STREET_WORDS.search(t):
        out["city"] = _city(alone.group(1))
    keep = bool(_KEEPS_THE_REST.search(t))
    if keep and "address1" in out and "address2" not in out and not _ALL_THE_REST.search(t):
        out["address2"] = ""  # "12 Oak Street, same city and zip": the old building's unit is not kept (nor said kept)
    return out, keep


# --- what a request asks for, clause by clause ------------------------------------------------------------
# the store actions a customer asks for in words that name them outright (not "refund" or "my card" said
# of another action's money, nor "change" alone): what the clerk must do or say it cannot do
_ASKED = {
    "cancel": re.compile(r"\bcancel(?:l?ing)?\b|\bcall off\b|" + _CANCEL_OTHER_WORDS, re.I),
    "return": re.compile(r"\b(?:return(?:ing)?|retrun|retun|retrn|reutrn)\b(?!\s+(?:polic|window|label|period))|\bsend (?:\w+ ){1,3}back\b|\bsend back\b|"
                         r"\bbring (?:it|them) back\b|\bgive (?:\w+ ){0,3}back\b|\btake (?:it|them) back\b", re.I),
    "exchange": re.compile(r"\b(?:exchang(?:e|ing)|swap(?:ping)?)\b", re.I),
    "address": re.compile(r"\b(?:change|update|correct|fix|new|different)\b[^.?!]{0,30}\baddress\b|"
                          r"\baddress\b[^.?!]{0,20}\b(?:changed?|updated?)\b|\bship (?:it|them|that|the order) to\b|"
                          r"\bsend (?:it|them) to (?:my|a|the) new\b|\bi(?:'ve| have)? moved\b|" + _WHERE_IT_SHIPS, re.I),
    "payment": re.compile(r"\b(?:change|switch|update|move|put|use|charge|pay)\b[^.?!]{0,40}\b(?:payment|pay ?pal|"
                          r"gift ?card|credit ?card|card|visa|master ?card|amex)\b|\bpayment method\b", re.I),
}


def requested_kinds(text: str) -> set[str]:
    """The store actions the text asks for outright ('cancel', 'return', 'exchange', 'address',
    'payment'), each in a clause that is not a question about it and does not take it back ("rather
    than cancelling", "don't return it"); payment words in a clause about a refund or beside a return
    or exchange name where money goes, not a payment change."""
    out: set[str] = set()
    t = _REFUND_WAIVED.sub(" ", text.replace("\u2019", "'"))  # ("refund or not, go ahead", "no return needed": none asked)
    for clause in re.split(r"[.?!;\n]+", t):
        if not clause.strip() or asks_only(clause)[0] and "?" in clause:
            continue
        for kind, pattern in _ASKED.items():
            for m in pattern.finditer(clause):
                if negated_at(clause, m.start()) or re.search(
                        r"\b(?:rather than|instead of|not|don'?t|dont|do not|won'?t|no need to|can'?t|cannot|couldn'?t)\s+"
                        r"(?:\w+\s+)?$|\bwhether (?:i|we) (?:can|could) $|\b(?:forget(?: about)?|never ?mind|scrap|skip|ditch)\s+"
                        r"(?:the\s+|that\s+|this\s+)?$", clause[:m.start()], re.I):
                    # ("if I can't cancel just that item, ...", "I only asked whether I can cancel it", "never mind the
                    # exchange, just return it"): not asked for
                    continue
                if kind == "payment" and re.search(r"\brefund|\bmoney back|\bdifference\b", clause, re.I):
                    continue
                out.add(kind)
                break
    if out & {"return", "exchange"}:
        out.discard("payment")
    return out


# the order's own payment moved to another method, said beside an item change: "pay it with my mastercard
# instead of the gift card, and change the keyboard ...", "first put it on my mastercard, then switch ..."
# (not the card that pays an item change's difference: "... and pay the difference with my mastercard")
_ORDER_PAYMENT_CHANGE = re.compile(
    r"\b(?:put|move|switch|change|charge|bill|pay(?: for)?)\s+(?:it|this|that|everything|the (?:whole |entire )?"
    r"(?:order|thing|purchase|lot)|(?:this|that|my|the) order|(?:the )?payment(?: method)?|order\s*#?w\d{7}|#?w\d{7})\s+"
    r"(?:over\s+)?(?:to|on|onto|with|using|by|via|from)\b[^.?!,;]{0,30}\b(?:card|visa|master ?card|amex|pay ?pal|discover)\b"
    r"|\binstead of (?:the |my |using )?(?:gift ?card|pay ?pal|credit ?card|card|visa|master ?card|amex)\b"
    r"|\b(?:change|switch|update|swap)\s+(?:the |my |its |it'?s )?(?:payment|card|paying method)(?: method)?\b", re.I)
_DIFFERENCE_MONEY = re.compile(r"\bdifference\b|\bextra\b|\bthe rest\b|\brefund|\bmoney back\b|\bprice gap\b", re.I)


def changes_order_payment(text: str) -> bool:
    """Whether a clause of the text asks for an order's payment method itself to change (not for the card
    that pays or gets an item change's difference)."""
    return any(_ORDER_PAYMENT_CHANGE.search(c) and not _DIFFERENCE_MONEY.search(c)
               for c in re.split(r"[.?!;\n]+|,\s*(?:and|then)\b|\b(?:then|also|plus)\b", text.replace("\u2019", "'"), flags=re.I))


def reasons_by_order(text: str, holders: dict[str, list[str]]) -> dict[str, str]:
    """Of a message giving two orders two cancellation reasons ("cancel #W1 - no longer needed. and the
    bookshelf order too, bought by mistake", "cancel #W1 (dont need it) and the order with the lamp, that one
    i ordered by accident"), each order's reason: the one said after the order's last mention before it (by
    its id or by one of its ``holders`` item names), or before its first mention when none comes before (the
    key "" holds the items of orders not yet in hand). Empty when the message gives one reason (or none)."""
    said = sorted((m.start(), k) for k, p in REASONS.items() for m in p.finditer(text))
    if len({k for _, k in said}) < 2:
        return {}
    low = text.lower()
    at = sorted([(m.start(), o) for o in holders if o for m in re.finditer(re.escape(o.lstrip("#").lower()), low)] +
                [(a, o) for o, names in holders.items() for a, _b, n, neg in item_mentions(text, names)
                 if n in names and not neg])
    if not at:
        return {}
    got: dict[str, set[str]] = {}
    for p, k in said:
        before = [o for a, o in at if a < p]
        got.setdefault(before[-1] if before else at[0][1], set()).add(k)
    return {o: next(iter(ks)) for o, ks in got.items() if len(ks) == 1}


_SHIP_TO = re.compile(r"\b(?:ship|send|deliver|mail|redirect|reroute|re-route)\b[^.?!;]{0,30}?\bto\b", re.I)


def kinds_by_order(text: str, named: Callable[[str], list[str]] | None = None) -> dict[str, set[str]]:
    """Of a message asking different things of different orders ("cancel #W1 (no longer needed) and change
    the address on #W2 to ...", "ship #W1 to ... and cancel #W2"), each order's own store actions: the ones
    named in the part of the sentence that names it (up to "and", "also", "then", a full stop); a part naming
    an order and no action takes the action of the part before ("cancel #W1 and #W2"). Empty when every order
    is asked the same thing, so that one request over several orders is read as before. ``named``: the orders
    a part names by what they hold ("cancel the luggage order and change the address of the bicycle order"),
    beside the ids it names."""
    out: dict[str, set[str]] = {}
    last: set[str] = set()
    for part in re.split(r"[.?!;\n]+|\b(?:and|also|plus|then)\b", text.replace("\u2019", "'"), flags=re.I):
        ids = ["#" + m.upper() for m in ORDER_ID.findall(part)]
        ids += [o for o in (named(part) if named else []) if o not in ids]
        bare = re.sub(r"\s+", " ", ORDER_ID.sub(" ", part))
        kinds = {k for k in ACTING_KINDS if INTENTS[k].search(part) or INTENTS[k].search(bare)}
        if _SHIP_TO.search(bare) or (not kinds and ids and ADDRESS.search(bare)):
            kinds.add("address")  # (an order named beside a new address: "the grill order needs to go to 44 Cedar Lane ...")
        if kinds & {"address", "payment"} and not kinds & {"exchange", "return"}:
            kinds.add("modify")  # "change the address": the reader's "modify" goes with it
        kinds = kinds or last
        for o in ids:
            out.setdefault(o, set()).update(kinds)
        last = kinds if ids or kinds else last
    if len(out) < 2 or len({frozenset(v) for v in out.values()}) < 2 or not all(out.values()):
        return {}
    return out


# a question about where the store ships at all, not about an address: "do you ship to canada?", "can you deliver
# to Mexico?", "do you ship internationally?", "can you ship it overseas instead?"
_ABROAD = (r"(?:canada|mexico|the uk|uk|england|britain|ireland|europe|germany|france|spain|italy|australia|japan|china|"
           r"india|brazil|another country|other countries|a different country|overseas|abroad|internationally|"
           r"outside (?:of )?(?:the )?(?:us|u\.s\.?|usa|united states|country|states))")
SHIPS_ABROAD = re.compile(r"\b(?:ship|deliver|send|mail)\w*\b[^.?!]{0,30}?\b(?:(?:to|in)\s+)?" + _ABROAD + r"(?![\w-])|"
                          r"\binternational\s+(?:shipping|delivery|orders?)\b", re.I)


def asks_shipping_abroad(text: str) -> bool:
    """Whether the message asks about shipping outside the country ("do you ship to canada?"), which no store
    action answers; an address said in it (a street and zip) is an address change, not this question."""
    return bool(SHIPS_ABROAD.search(text)) and not ADDRESS.search(text)


def info_only_orders(text: str) -> list[str]:
    """The orders the text names only to ask about them, beside a request about others ("cancel #W1
    and tell me the status of #W2": #W2): the part of the sentence that names the order (up to "and",
    "also", a comma) asks for its status or details and for no store action."""
    out, acted = [], set()
    for part in re.split(r"[.?!;\n,]+|\b(?:and|also|plus|then|but)\b", text.replace("\u2019", "'"), flags=re.I):
        ids = ["#" + m.upper() for m in ORDER_ID.findall(part)]
        if any(INTENTS[k].search(part) for k in ("cancel", "return", "exchange", "modify", "payment")):
            acted |= set(ids)
        elif ids and (INTENTS["info"].search(part) or _FACT_Q.search(part) or _YESNO_Q.search(part)) and \
                not any(p.search(part) for p in _ASKED.values()):
            out += [o for o in ids if o not in out]
    # ("what's the status of #W2?" - "ok, cancel #W2 too": asked about, then acted on)
    return [o for o in out if o not in acted]


# --- payment details ---------------------------------------------------------------------------------
CARD_DIGITS = re.compile(r"\b(?:ending|ends|ending in|ends in|ending with|ends with|last (?:4|four)(?: digits)?(?: (?:is|are|of|"
                         r"being))?|x{2,}|\*{2,})\s*(?:in|with|:|-)?\s*(\d{4})\b|\b(?:card|visa|master ?card|amex|discover)"
                         r"\s+(?:number\s+|#\s*|no\.?\s*)?(\d{4})\b", re.I)
CARD_BRAND = re.compile(r"\b(visa|master ?card|amex|american express|discover)\b", re.I)
OTHER_CARD = re.compile(r"\b(?:other|another|different|second|2nd|alternate|alternative)\s+(?:credit\s+|debit\s+)?card\b", re.I)


@dataclass
class Reading:
    text: str
    order_ids: list[str] = field(default_factory=list)
    emails: list[str] = field(default_factory=list)  # the customer's own (or not said to be anyone else's)
    other_emails: list[str] = field(default_factory=list)  # given as another person's: "my husband's email is ..."
    for_other: bool = False  # the details given are another person's ("calling for my dad, Aarav Nguyen 75268")
    user_ids: list[str] = field(default_factory=list)
    zips: list[str] = field(default_factory=list)
    names: list[tuple[str, str]] = field(default_factory=list)  # (first, last) known to the database
    intents: set[str] = field(default_factory=set)
    reason: str | None = None
    other_reason: bool = False
    payment_kind: str | None = None
    original_payment: bool = False
    # a method said at an item change's proposal only as where its price difference goes ("actually put it on paypal")
    difference_method: bool = False
    refund_timing: bool = False
    refund_form: bool = False  # "can I get cash back?": where a refund may go
    fee: bool = False  # "is there a cancellation fee?"
    address: dict[str, str] | None = None
    other_address: bool = False  # an address said that is not the one to send to ("my old address was X")
    # a new address said whole but for its state ("101 Highway, New York, 10001"): the state is asked for, not the rest
    stateless_address: dict[str, str] | None = None
    home_said: bool = False  # the address said with the name, its zip taken to log in ("Mei Patel, 445 Maple Dr, ...")
    yes: bool = False
    aside_yes: bool = False  # a yes with an aside about the purchase, or "si" / "oui": a plain yes asked for
    restated_yes: bool = False  # a yes beside the proposal's order said back ("so you'll cancel W1? yes go ahead")
    no: bool = False
    refused: set[str] = field(default_factory=set)  # actions the message refuses ("don't cancel it")
    urgent: bool = False
    same_one: bool = False
    stated_status: bool = False
    default_address: bool = False
    all_items: bool = False
    bye: bool = False
    closing: bool = False  # closes after "Is there anything else?" (CLOSING, and nothing of KEEPS_OPEN or HOLDING)
    holding: bool = False  # asks the clerk to wait ("thanks, one sec", "hold on"): the customer goes on
    thanks: bool = False
    abandon: bool = False  # drops the request in hand ("Never mind.", "Forget it, I'll keep it.")
    # a question about what is or was (status, history, what is on file) or about what policy allows,
    # which asks for no change: "did I get refunded for the kettle yet?", "what's my default address?",
    # "can I still change the address later?"; its store words are topics, not requests
    question: bool = False
    topics: set[str] = field(default_factory=set)  # the ACTING kinds a question is about
    hypothetical: bool = False  # asks what could be done ("later", "can I still", "if I need to")
    negated_orders: list[str] = field(default_factory=list)  # "#W2, not #W1": #W1
    correction: bool = False  # says that something said before was wrong ("sorry, I meant", "typo", "actually")
    card_last4: str | None = None  # "the card ending 4128"
    card_brand: str | None = None  # "my mastercard"
    other_card: bool = False  # "my other card", "a different card"
    not_brands: list[str] = field(default_factory=list)  # "not the visa", "anything but the visa": cards ruled out
    not_kinds: list[str] = field(default_factory=list)  # "don't put the refund on the gift card": kinds ruled out
    # "does the refund go to the mastercard?": where a refund goes asked, answered at the return's proposal
    refund_method_asked: bool = False
    name_unclear: bool = False  # words that read as two different customers' names ("Mia Garcia Lee")


# --- names ------------------------------------------------------------------------------------------
# words that stand between a first and a last name only as other words, never as a middle name
_NOT_MIDDLE = frozenset("and or nor not but my is am are was the an at in on of to from with for zip code email name "
                        "names last first here this its it's i im i'm me plus also no yes by as so my our your".split())


def _middle(word: str, sep_after: str) -> bool:
    """A word that may be a middle name or initial ("Mia R. Garcia", "mia rose garcia")."""
    low = word.lower()
    if len(word) == 1:  # an initial: "R." or "R"; a lone lower-case "a" / "i" is a word, not an initial
        return low not in ("a", "i") or word.isupper() or sep_after.startswith(".")
    return low not in _NOT_MIDDLE and "'" not in word


def names_in(text: str, db: RetailDB) -> tuple[list[tuple[str, str]], bool]:
    """The customers' names the text gives, as (first, last) known to the database, in text order, and
    whether some words read as two different names. A name is its first and last name in either order
    ("Harper Kovacs", "kovacs harper", "Kovacs, Harper"), with up to two middle names or initials between
    them in the usual order ("Mia R. Garcia", "mia rose garcia"); case does not matter. Words that read
    as two different users ("Mia Garcia Lee", both Mia Garcia and Mia Lee on file) give no name from
    them: an ambiguous or partial match signs nobody in."""
    toks = [(m.start(), m.end(), m.group(0)) for m in WORD.finditer(text)]
    found: list[tuple[int, int, tuple[str, str]]] = []  # (first token, last token, name)
    for i in range(len(toks)):
        a = toks[i][2]
        for j in range(i + 1, min(i + 4, len(toks))):
            seps = [text[toks[k][1]:toks[k + 1][0]] for k in range(i, j)]  # seps[m]: after token i + m
            b = toks[j][2]
            if j == i + 1:
                # "Olivia. Ito." / "olivia_ito" (a user id "olivia_ito_3591" is no name said)
                if not (re.fullmatch(r"\s+|\s*,\s*|\.\s+", seps[0]) or (seps[0] == "_" and text[toks[j][1]:toks[j][1] + 1] != "_")):
                    break
                if db.users_named(a, b):
                    found.append((i, j, (a.capitalize(), b.capitalize())))
                if db.users_named(b, a):  # "Kovacs, Harper", "kovacs harper": the last name first
                    found.append((i, j, (b.capitalize(), a.capitalize())))
                continue
            # middle names between: the words stand together (a dot only after an initial)
            if not re.fullmatch(r"\s+", seps[0]) or not all(
                    re.fullmatch(r"\s+", sp) or (len(toks[i + m][2]) == 1 and re.fullmatch(r"\.\s*", sp))
                    for m, sp in enumerate(seps[1:], start=1)):
                break
            if not _middle(toks[j - 1][2], seps[-1]):
                break
            if db.users_named(a, b):
                found.append((i, j, (a.capitalize(), b.capitalize())))
    if not found:
        found = _labelled_name(text, toks, db)
    names: list[tuple[str, str]] = []
    unclear = False
    for i, j, name in found:
        if len({n for x, y, n in found if x <= j and i <= y}) > 1:
            unclear = True  # the same words read as two customers
        elif name not in names:
            names.append(name)
    return names, unclear


# a surname said with its label ("surname moore", "last name is Moore"), and a first name so labelled
_LAST_LABEL = re.compile(r"\b(?:sur ?name|last ?name|family name)(?:\s+is|\s*[:=-])?\s+([A-Za-z][A-Za-z'-]*)", re.I)
_FIRST_LABEL = re.compile(r"\b(?:first ?name|given name|forename)(?:\s+is|\s*[:=-])?\s+([A-Za-z][A-Za-z'-]*)", re.I)


def _labelled_name(text: str, toks: list[tuple[int, int, str]], db: RetailDB) -> list[tuple[int, int, tuple[str, str]]]:
    """A name given apart, its surname labelled: "hi its ava, surname moore", "first name ava, last name is moore".
    The first name is the labelled one, else the one other word of the text that makes a customer's name with the
    surname; a surname with no such word, or with two, gives no name."""
    last = _LAST_LABEL.search(text)
    if not last:
        return []
    first = _FIRST_LABEL.search(text)
    words = [first.group(1)] if first else [w for a, _, w in toks if not last.start(1) <= a < last.end(1)]
    hits = {(w.capitalize(), last.group(1).capitalize()) for w in words if db.users_named(w, last.group(1))}
    if len(hits) != 1:
        return []
    i = next(k for k, (a, _, _) in enumerate(toks) if a == last.start(1))
    return [(i, i, hits.pop())]


# whose email an address is, from the words just before it: "my husband's email is X, mine is Y"
KIN = (r"(?:husband|wife|partner|spouse|son|daughter|mom|mum|mother|dad|father|brother|sister|friend|boss|colleague|"
        r"coworker|roommate|neighbou?r|kid|child|parents?|girlfriend|boyfriend|grandma|grandpa|grandmother|grandfather|"
        r"aunt|uncle|cousin|client|employer|manager)")
# a possessive that is not a person's: "my account's email is X"
_THING_POSSESSIVE = r"(?!(?:account|order|store|shop|company|business|work|office|user|customer|profile|site|app)'s)"
_WHOSE_EMAIL = re.compile(
    rf"(?:\b(?:his|her|their)|\b(?:my|our) {KIN}(?:'s|s)?|"
    rf"\b{_THING_POSSESSIVE}[A-Z][a-z]+'s)\s+(?:e-?mail|email address|e-mail address|log-?in|username|"
    r"account(?: email)?)\s*(?:is|:|=)?\s*$", re.I)
_MY_EMAIL = re.compile(r"(?:\bmine\b|\bmy (?:own |personal )?(?:e-?mail|email address|account)\b)(?:\s+(?:is|:))?\s*$", re.I)
_MY_OWN = re.compile(r"\bmy (?:own|personal)\b", re.I)  # "my own email, not my wife's"
# the customer says they write for someone else: "im calling for my boss, X", "on behalf of my sister: X"
ON_BEHALF = re.compile(rf"\b(?:(?:calling|writing|messaging|asking|contacting you|doing this|here|reaching out)\s+(?:for|on behalf of)|"
                       rf"on behalf of|it'?s for)\s+(?:my|our|a(?!\s+friend\b)|an)\s+{KIN}\b(?!'s)|"
                       # "my colleague is on the account as X", "my dad is the account holder"
                       rf"\b(?:my|our)\s+{KIN}\s+(?:is|'s)\s+(?:on the account|the account holder)", re.I)
# another person's details given to log in with: "my wife's name is Ana Lee, zip 75268", "his zip is 75268"
_OTHERS_DETAILS = re.compile(rf"\b(?:(?:my|our) {KIN}'?s|his|her|their)\s+(?:full |first |last )?(?:name|zip(?: ?code)?|"
                             r"postal code|details)\b", re.I)
# said right after the address: "X - that's my dad's", "X (my brother's account)"
_WHOSE_AFTER = re.compile(rf"^\W*(?:(?:that'?s|thats|it'?s|its|which is|this is)\s+)?(?:my|our)\s+{KIN}(?:'s|s)\b", re.I)


def _someone_elses(text: str, email: str) -> bool:
    """The address is introduced as another person's ("my husband's email is X", "X - that's my dad's",
    "calling for my boss, X"), not the customer's ("my own email, not my wife's: X")."""
    at = text.find(email)
    if at < 0:
        return False
    before = re.split(r"[.;!?\n]|,\s*(?=mine|my\b|and\b)", text[:at])[-1]
    if _MY_EMAIL.search(before) or _MY_OWN.search(before):
        return False
    return bool(_WHOSE_EMAIL.search(before) or ON_BEHALF.search(before) or _WHOSE_AFTER.search(text[at + len(email):]))


# the people besides KIN a customer may write for ("I'm her assistant", "my grandma's account"), and the words that
# may stand before them ("my elderly father")
_PERSON = (rf"(?:{KIN}|grand(?:son|daughter|child|kid)s?|step-?(?:son|daughter|mom|mum|mother|dad|father)|nephew|niece|"
           r"fianc[eé]e?|gf|bf|hubby|assistant|secretary|carer|care-?giver|caretaker|guardian|nurse|helper|employee|pa)")
_PERSON_ADJ = (r"(?:(?:elderly|old|older|elder|younger|little|big|sick|disabled|aging|aged|grown(?:-up)?|teenage|adult|"
               r"\d+[- ]?(?:year|yr)s?[- ]old)\s+)?")
_THEIR_PERSON = rf"(?:my|our)\s+{_PERSON_ADJ}{_PERSON}"
# the speaker named by their relation to the holder: "I'm her son", "I'm the son.", "her daughter here",
# "I'm the account holder's son" (also said after logging in: the speaker is not the holder)
_HOLDER_RELATION = (rf"\b(?:i'?m|i am)\s+(?:his|her|their|the account(?:\s+holder)?'?s)\s+{_PERSON_ADJ}{_PERSON}\b|"
                    rf"\b(?:i'?m|i am)\s+the\s+{_PERSON_ADJ}{_PERSON}\s*(?=[-,.;:!?)]|$)|"
                    rf"\b(?:his|her|their|[a-z]+'s)\s+{_PERSON_ADJ}{_PERSON}\s+(?:here|speaking|writing|typing|calling|"
                    r"on the line)\b")
_FOR_ANOTHER = re.compile(
    # "I'm her son", "(I'm her husband, she asked me to call)", "I'm the account holder's son"
    rf"\b(?:i'?m|i am)\s+(?:his|her|their|the account(?:\s+holder)?'?s|[a-z]+'s)\s+{_PERSON_ADJ}{_PERSON}\b|"
    # "that's my mum", "it's my grandma's account", "this is my sister's account", "she's my mother"
    rf"\b(?:that'?s|thats|it'?s|its|this is|she'?s|he'?s|she is|he is|they'?re)\s+{_THEIR_PERSON}(?:'s|s)?"
    r"(?:\s+(?:account|acct|login|profile|details|name|email)\b|\s*(?=[-,.;:!?)]|$))|"
    # "calling for my elderly father", "on behalf of my grandma"
    rf"\b(?:calling|writing|messaging|asking|contacting you|reaching out|here|doing this|this is)\s+(?:for|on behalf of)\s+"
    rf"{_THEIR_PERSON}\b(?!'s)|\bon behalf of\s+{_THEIR_PERSON}\b|\bhelping(?:\s+out)?\s+{_THEIR_PERSON}\b(?!'s)|"
    # "(my father)" beside the details, "her acct is X", "that one's hers", "someone else's account"
    rf"\(\s*{_THEIR_PERSON}(?:'s)?(?:\s+account)?\s*\)|\b(?:his|her|their)\s+(?:acct|account)\b|"
    r"\b(?:that|this|it)(?:\s+one)?'?s\s+(?:hers|his|theirs)\b|\bsomeone else'?s\b|"
    rf"\blook(?:ing)?\s+up\b[^?!\n]*\bfor\s+{_THEIR_PERSON}\b(?!'s)|"
    # "the account holder is my partner", "the account is my daughter's", "the account belongs to my dad"
    rf"\baccount(?:\s+holder)?\s+(?:is|belongs to)\s+{_THEIR_PERSON}\b|\bi'?m not the account holder\b|"
    # the relation said after the details, or as another's: "X, 95119. Her son here.", "X / 95119 -- I'm the son",
    # "Caller: her son Mark.", "this is Olivia's daughter", "I'm Olivia Jackson's caregiver", "X (not me, my wife)",
    # "X, 95119, mom's account" (not "a gift from my mum", "I got my mom's account mixed up with mine")
    rf"{_HOLDER_RELATION}|\bcaller\s*(?:is\s+|[:=-]\s*)(?:(?:the|his|her|their)\s+|[a-z]+'s\s+)?{_PERSON_ADJ}{_PERSON}\b|"
    rf"\b(?:this is|it'?s|here'?s)\s+(?!(?:my|our|your|a|an|the)\b)(?:[a-z]+\s+)?[a-z]+'s\s+{_PERSON_ADJ}{_PERSON}\b|"
    rf"\bi'?m\s+(?:[a-z]+\s+)?[a-z]+'s\s+{_PERSON_ADJ}{_PERSON}\b|"
    rf"\bnot (?:me|mine|myself)\s*[,;:\u2013\u2014-]+\s*(?:(?:it'?s|that'?s|she'?s|he'?s)\s+)?{_THEIR_PERSON}\b|"
    rf"(?:^|[,;:(\u2013\u2014-]\s*|[.!?]\s+)(?:(?:it'?s|its|that'?s|this is)\s+)?(?:(?:my|our)\s+)?{_PERSON}'s\s+"
    r"(?:account|acct|login|profile)\s*(?=[.,;:!?)]|$)", re.I)


def for_someone_else(text: str, names: list[tuple[str, str]]) -> bool:
    """The identity in the text is said to be another person's, in words ON_BEHALF and _OTHERS_DETAILS miss:
    "Olivia Jackson, 95119 - that's my mum, I'm her son", "I'm not Olivia, I'm her assistant", "ordering for my
    daughter - olivia jackson, 95119" (the name set beside a relative is the relative's). Not the customer's own
    identity with a relative mentioned ("I'm Olivia Jackson - my husband usually does the ordering")."""
    if _FOR_ANOTHER.search(text):
        return True
    for first, last in names:
        name = rf"{re.escape(first)}\s+{re.escape(last)}\b"
        if _relation_to_holder(text, first, last) or re.search(
                # "Chen Smith, my spouse?", "Ana Lee - my wife.": the relation set right after the name, ending its clause
                # (not "I'm Olivia Jackson - my husband usually does the ordering")
                rf"{name}\s*[-,(\u2013\u2014]+\s*(?:(?:who'?s|who is|is)\s+)?{_THEIR_PERSON}\s*(?=[?.!,;:)]|$)|"
                rf"\b{_THEIR_PERSON}(?:\s+is|\s*[-,:(\u2013\u2014]+)?\s*{name}|"
                rf"\b(?:calling|writing|asking|here|doing this|on behalf of)\s+(?:for\s+)?{name}", text, re.I):
            return True
    # "my dad is X@...", "X is my husband's", "X is sarah's": an address said to be another person's
    return bool(re.search(rf"\b{_THEIR_PERSON}\s+is\s+\S+@|@[\w.-]+\s+is\s+(?:{_THEIR_PERSON}|(?!my\b|mine\b)[a-z]+)"
                          r"(?:'s|\u2019s)", text, re.I))


# said after logging in, the speaker is not the holder: "btw I'm her son", "full disclosure, this is my wife's account",
# "it's her account", "I'm writing on behalf of my mum" (not "a gift for my mom", "my husband asked me to cancel it",
# "my daughter ordered it on my account", "it's my husband's" of an order)
_NOT_HOLDER = re.compile(
    rf"{_HOLDER_RELATION}|\bi'?m\s+(?:[a-z]+\s+)?[a-z]+'s\s+{_PERSON_ADJ}{_PERSON}\b|\bi'?m not the account holder\b|"
    rf"\b(?:it'?s|its|it is|this is|this'?s|that'?s)\s+(?:(?:(?:my|our)\s+)?{_PERSON}'s|his|her|their)\s+"
    r"(?:account|acct|login|profile)\b|"
    rf"\baccount(?:\s+holder)?\s+(?:is|belongs to)\s+{_THEIR_PERSON}\b|"
    rf"\b(?:calling|writing|messaging|contacting you|reaching out|doing this)\s+(?:for|on behalf of)\s+{_THEIR_PERSON}\b"
    rf"(?!'s)|\bon behalf of\s+{_THEIR_PERSON}\b(?!'s)", re.I)


def not_the_holder(text: str, first: str) -> bool:
    """The speaker, already logged in, says the account is another person's (``_NOT_HOLDER``), or that they are not
    its holder by name ("I'm not Olivia", "I'm Olivia's son")."""
    if _NOT_HOLDER.search(text):
        return True
    return bool(first) and _relation_to_holder(text, first)


def _relation_to_holder(text: str, first: str, last: str | None = None) -> bool:
    """The speaker says, by the holder's first name (and last, when given), that they are not the holder or are
    someone of theirs: "I'm not Olivia", "I'm the husband of Olivia Jackson", "a friend of Olivia's", "Olivia's
    daughter" (not "mum of 3"); read before login (``for_someone_else``) and after it (``not_the_holder``)."""
    f = re.escape(first)
    surname = rf"(?:\s+{re.escape(last)})?" if last else ""
    return bool(re.search(rf"\bi'?m not\s+{f}\b|\b{_PERSON}\s+of\s+{f}\b|\b{f}{surname}'s\s+{_PERSON_ADJ}{_PERSON}\b",
                          text, re.I))


# an order named by its last digits: "the order ending 8688", "the one that ends in 318", "order number's last four
# digits are 0318", "order ...6680"
_LAST_DIGITS = re.compile(
    r"\b(?:the\s+|my\s+|an?\s+)?(?:order|one)(?:\s+(?:number|no\.?|id))?\s+(?:that\s+|which\s+)?"
    r"(?:ending|ends|end|finishes|finishing|finish)(?:\s+(?:in|with))?\s*[:#-]?\s*(\d{3,6})\b|"
    # "last digits 3445", "the last four digits are 0318", "final numbers: 6680"
    r"\b(?:the\s+)?(?:last|final)\s+(?:(?:three|four|five|[345])(?:\s+(?:digits|numbers))?|digits|numbers)"
    r"(?:\s+(?:are|is))?\s*[:#-]?\s*(\d{3,6})\b|"
    r"\border(?:\s+(?:number|no\.?|id))?(?:\s+is)?\s*#?\s*(?:\.{2,}|\u2026|x{2,}|\*{2,})\s*(\d{3,6})\b|"
    # "the order with 0453 at the end", "my order ending -6680"
    r"\b(?:the\s+|my\s+|an?\s+)?(?:order|one)(?:\s+(?:number|no\.?|id))?\s+(?:with|that has|which has|having)\s+"
    r"(\d{3,6})\s+at\s+the\s+end\b", re.I)
# "the 5922 one": an order only when exactly one of the customer's ends so (a price, "the $336 one", or an option,
# "the 1000 one", stays as said)
_THE_DIGITS_ONE = re.compile(r"(?<![$\w.,])\bthe\s+(\d{3,6})\s+one\b", re.I)


def order_by_last_digits(text: str, orders: list[str], card_last4: list[str]) -> tuple[str, list[str]]:
    """The text with each order named by its last digits written as its id when exactly one of the customer's orders
    ends so ("the order ending 8688" -> "order #W2918688"), and the digits said that name no one order (none, or
    several), to be asked about rather than read as a house number or a quantity. Digits a card of theirs ends in
    are left as they are ("the one ending in 6380")."""
    unclear: list[str] = []

    def fix(m: re.Match[str]) -> str:
        digits = next(g for g in m.groups() if g)
        if any(str(c).endswith(digits) for c in card_last4):
            return m.group(0)  # "the one ending in 6380": a card, read as before
        hits = [o for o in orders if o.endswith(digits)]
        if len(hits) == 1:
            return f"order {hits[0]}"
        unclear.append(digits)
        return "order"
    def loose(m: re.Match[str]) -> str:
        hits = [o for o in orders if o.endswith(m.group(1))]
        if len(hits) == 1 and not any(str(c).endswith(m.group(1)) for c in card_last4):
            return f"order {hits[0]}"
        return m.group(0)
    return _THE_DIGITS_ONE.sub(loose, _LAST_DIGITS.sub(fix, text)), unclear


_VERBS = ("cancel", "return", "exchange")
_NOT_VERB_TYPOS = frozenset("cancer camel caramel retune rerun exchanger".split())


def fix_verb_typos(text: str) -> str:
    """The store's verbs spelt as typed in a hurry ("cancle", "exchnage", "retrun") written out, keeping
    the rest; an inflected verb keeps its ending ("cancelled")."""
    def fix(m: re.Match[str]) -> str:
        w = m.group(0)
        low = w.lower()
        if low == "cancell":  # a letter doubled at the end: "cancell order W..."
            return "cancel"
        if low in _NOT_VERB_TYPOS or any(low.startswith(v) for v in _VERBS):
            return w
        for v in _VERBS:
            if _one_off(low, v):
                return v
        return w
    return re.sub(r"(?<![@\w.])[A-Za-z]{5,9}(?![@\w])", fix, text)


# Mastercard written short or split: "MC", "mc", "M/C", "m.c.", "master-card", "Master Card" (a word of its own, said as
# a payment method: after "my", "the", "to", "with", "use", ... or before "card", "ending", its last four digits)
_MC_SHORT = re.compile(r"(?<![\w/.'-])(?:m/c|m\.c\.?|mc)(?![\w/'-])|\bmaster[\s-]card\b", re.I)
# the words before a short "MC" that make it a payment method ("my MC", "refund to MC", "pay with mc"); or after it
_MC_BEFORE = re.compile(r"(?:^|\b(?:my|the|a|to|on|onto|with|use|using|via|by|into|from|your|that|this|same|old|new|and|"
                        r"or|not|no|pay|paid|charge|bill|put|refund|back|instead of|rather than)\s+)$", re.I)
_MC_AFTER = re.compile(r"^(?:\s*(?:$|[,.;:!?)]|-+\s|\b(?:card|credit|debit|ending|ends|end|instead|please|pls|thanks?|"
                       r"account|one|then|too|as well|for|and|or|not)\b|x+\d{4}|\*+\d{4}|#?\d{4}\b))", re.I)


def mastercard_named(text: str) -> str:
    """The text with Mastercard written out where it is named short or split ("refund to my MC", "use MC ending 4421",
    "pay with m/c", "master-card"): read as the Mastercard by every payment reading (before: "MC" was no method at
    all, and the clerk asked which method again). Not "MC" inside a word ("McDonald", "MCAT"), nor a short "MC" with
    no word of a payment method around it ("MC Hammer")."""
    def spelt(m: re.Match[str]) -> str:
        if m.group(0).lower().startswith("master") or \
                _MC_BEFORE.search(text[:m.start()]) and _MC_AFTER.match(text[m.end():]):
            return "mastercard"
        return m.group(0)
    return _MC_SHORT.sub(spelt, text)


# an order id written loosely: "order 6397299" (no W), "W 6397299", "#W 639 7299", "w-6397299"
_LOOSE_ORDER_ID = re.compile(r"(?<![\w@.$/-])(?:#\s*)?(?:w\s*[-#]?\s*)?(\d{3})[ -]?(\d{4})(?![\w@/-]|[.,]\d)", re.I)


# a payment method the bank or the customer cancelled or replaced: "the visa got cancelled by my bank", "I cancelled my visa
# card", "my bank cancelled my card ending 9182", "the Mastercard got replaced after fraud", "the card on #W1 was replaced"
# (not "cancel the order I paid with my visa", "cancel my visa order"; a card replaced is no item exchanged)
_A_CARD = (r"(?:(?:credit|debit|bank|visa|master ?card|amex)\s+)?(?:card|visa|master ?card|amex|american express|discover|"
           r"pay ?pal(?:\s+account)?)(?:\s+ending(?:\s+in)?\s+\d{4})?")
_CARD_CANCELLED = re.compile(
    r"(?P<a>\b" + _A_CARD + r"(?:\s+(?:on|for)\s+(?:order\s+)?#?W\d{7})?(?:\s+(?!order|purchase|it\b|that\b|#)[\w#]+){0,2}?\s+"
    r"(?:got|was|were|has been|had been|have been|is|been|just got|just been|'s been|is being|got|getting)\s+(?:\w+\s+)?)"
    r"(?P<c>cancell?ed|cancell?ing|replaced|reissued|re-issued)\b"
    r"|\b(?P<c2>cancell?ed|cancell?ing|replaced)(?P<b>\s+(?:my|the|our|that|this|her|his)\s+(?:old\s+)?" + _A_CARD +
    r")(?!\s*(?:order|purchase|payment|#))", re.I)


def card_not_order(text: str) -> str:
    """The text with a card (or PayPal account) said to be cancelled written as "closed" ("the visa got cancelled by my
    bank, so use paypal"): no cancellation of an order asked (before: read as one, and its reason asked again and
    again), and the card the one the order moves away from."""
    return _CARD_CANCELLED.sub(lambda m: m.group("a") + "closed" if m.group("a") else "closed" + m.group("b"), text)


def tidy_order_ids(text: str, db: RetailDB) -> str:
    """The text with each loosely written order id that is a store order written as "#W1234567" (a bare
    seven-digit number only when it is one; not part of a phone number "555 123 4567")."""
    def fix(m: re.Match[str]) -> str:
        oid = f"#W{m.group(1)}{m.group(2)}"
        if oid not in db.orders or re.search(r"\d[\s-]*$", text[:m.start()]):
            return m.group(0)
        return oid
    return _LOOSE_ORDER_ID.sub(fix, text)


# the method a proposal lists for the money ("... and refund $212.79 to your gift card (balance ...)", "you pay
# $6.64 more with your gift card")
_LISTED_REFUND = re.compile(r"\b(?:refund \$[\d,.]+ to|you (?:pay|get) \$[\d,.]+ (?:more|back) with) your "
                            r"(gift card|PayPal account|(\w+) ending in (\d{4}))", re.I)
_FINE = r"(?:\s+(?:is|sounds|works|would be|'?s)\s+(?:fine|good|ok(?:ay)?|great|perfect|right)|\s+(?:please|pls|works))?"


# a method named as where a refund goes: "can the refund go to my credit card", "get the money on my visa"
_REFUND_TO = re.compile(r"\b(?:refund\w*|money(?: back)?|reimburs\w*)\b[^.?!]{0,30}?\b(?:to|on|onto|into|via|in)\s+(?:my|a|the)?"
                        r"\s*(?:\w+\s+)?(?:card|visa|master ?card|amex|pay ?pal|gift ?card|credit ?card)\b", re.I)


# the words before a payment method that name it as the one replaced: "... with paypal instead of gift card"
_REPLACED = re.compile(r"\b(?:instead of|rather than|not|from|off(?: of)?|replace|replacing)\s+(?:(?:the|my|a|your)\s+)?$", re.I)


# a card ruled out by the words just before its brand: "not the visa", "anything but my visa", "don't use the mastercard",
# "no visa please" (not "no wait, mastercard": a correction to it)
_NOT_THIS_CARD = re.compile(r"\b(?:not|isn'?t|is not|anything but|anything except|except(?: for)?|other than|but not|instead of|rather than|"
                            r"(?:don'?t|do not|dont|never) (?:use|put it on|charge|bill|want)(?: it on| to)?|no)\s+"
                            r"(?:(?:the|my|a|your|that|this)\s+)?$", re.I)


# words that rule out the payment method named right after them, in the same clause: "don't put the refund on the
# gift card", "anywhere except my gift card", "just not onto the gift card", "i'd rather not get gift card credit"
# (not "I don't mind the gift card", "why not the gift card", "not sure, gift card?")
_NOT_THIS_METHOD = re.compile(
    r"(?:\b(?:(?<!why )not(?!\s+sure)|never|except|without|avoid|other than|rather than|(?:anything|anywhere|everything|all) but|"
    r"but not)\b|\b(?:don'?t|dont|do not)\s+(?!mind\b|care\b)\w+|\bno\s+(?:the\s+|my\s+)?$)[^.;!?,\n]*$", re.I)


# a payment method named in passing, no request to use it (before: any "gift card" said sent a refund or an exchange's
# difference there): said to be beside the point ("the gift card's not relevant", "forget what I said about the gift
# card": ruled out), asked about for its balance ("how much is left on my gift card?", "btw what's my gift card
# balance"), or a thing someone gave ("my sister gave me a gift card for it but I paid with paypal", "it was a gift
# card purchase idea"). Not "refund it to my gift card and tell me the balance" (a method to use, ``_USE_BEFORE``).
_IRRELEVANT_AFTER = re.compile(r"^(?:'s|s)?\s*(?:is\s+|are\s+|'s\s+)?(?:really\s+)?(?:not\s+(?:relevant|important|an issue)|irrelevant|"
                               r"unimportant|beside the point|(?:doesn'?t|does not|dont)\s+(?:really\s+)?matter)\b", re.I)
_FORGET_BEFORE = re.compile(r"\b(?:forget|ignore|disregard|never\s*mind|scratch)\s+(?:(?:what|everything|anything)\s+i\s+"
                            r"(?:said|wrote|asked|mentioned)\s+)?(?:about\s+|re\s+)?(?:(?:the|my)\s+)?$", re.I)
_GIVEN_BEFORE = re.compile(r"\b(?:gave|given|give|got|received|bought|sent)\s+(?:me|us|him|her|them)?\s*(?:an?|the|this|that|some)\s+$",
                           re.I)
_THING_AFTER = re.compile(r"^\s+(?:purchase|idea|present|number|code|pin|email|offer|promo\w*)\b|"
                          # a method said of another purchase: "I used a gift card for part of my last purchase but this
                          # one was on my Mastercard" (before: the gift card proposed for this one's refund)
                          r"^\s+(?:for|on|with)\s+(?:(?:part|some|half|most)\s+of\s+)?(?:my|the|an?|another|that)\s+"
                          r"(?:last|previous|earlier|other|older|first|different)\s+(?:purchase|order|one)\b", re.I)
# ... or before it: "I paid for my previous order with a gift card, but refund this one to the card"
_OTHER_PURCHASE_BEFORE = re.compile(r"\b(?:paid|pay|used|bought)\s+(?:for\s+)?(?:(?:part|some|half|most)\s+of\s+)?(?:my|the|an?|"
                                    r"another|that)\s+(?:last|previous|earlier|other|older|first|different)\s+(?:purchase|"
                                    r"order|one)\s+(?:with|using|on|by|via)\s+(?:an?|my|the)?\s*$", re.I)
_BALANCE_SENTENCE = re.compile(r"\bbalance\b|\bhow much\b[^.?!]*\b(?:left|remaining|on|in)\b|\b(?:left|remaining)\s+(?:on|in)\b",
                               re.I)
_USE_BEFORE = re.compile(r"\b(?:to|onto|into|with|via|using|use|through|put\s+(?:it|that|them|this)\s+on|go(?:es)?\s+on)\s+"
                         r"(?:(?:the|my|a)\s+)?$", re.I)


def _passing_method(text: str, a: int, b: int) -> str:
    """'ruled' where the method named at ``text[a:b]`` is said to be beside the point, 'aside' where it is named in
    passing (a balance question, a thing given), '' where it may be the method asked for."""
    low = text.lower().replace("\u2019", "'")
    clause = re.split(r"[.;!?,:()\n]|\b(?:and|so|then|but)\b", low[max(0, a - 60):a])[-1]
    if _IRRELEVANT_AFTER.match(low[b:]) or _FORGET_BEFORE.search(clause):
        return "ruled"
    if _GIVEN_BEFORE.search(clause) or _THING_AFTER.match(low[b:]) or _OTHER_PURCHASE_BEFORE.search(clause):
        return "aside"
    start = max(low.rfind(c, 0, a) for c in ".?!;\n") + 1
    stop = min([i for i in (low.find(c, b) for c in ".?!;\n") if i >= 0] or [len(low)])
    if _BALANCE_SENTENCE.search(low[start:stop]) and not _USE_BEFORE.search(clause):
        return "aside"
    return ""


_KIND_SHOWN = {"gift_card": r"\bgift card\b", "paypal": r"\bpaypal\b", "credit_card": r"\b(?:credit card|ending in|visa|mastercard|amex)\b"}


def _without_ruled_methods(text: str, question: str, ruled: list[tuple[int, int, str]]) -> str:
    """At a proposal, the reply without the clauses that rule out a method the proposal does not use ("the gift card's
    not relevant, go ahead", "forget what I said about the gift card, yes go ahead", "don't bother with the gift card,
    yes please" at a refund to PayPal): the rest is the answer to it, a yes asked once more as a plain one (before:
    the refund moved to the gift card, or the words read as a no and the return dropped). A method the proposal
    names stays, so "forget the gift card, yes" is no yes to a refund to the gift card."""
    if "To confirm, I will" not in (question or ""):
        return text
    for a, b, kind in sorted(ruled, reverse=True):
        if re.search(_KIND_SHOWN[kind], question, re.I):
            continue
        start = max(text.rfind(c, 0, a) for c in ",.;!?\n") + 1
        stop = min([i for i in (text.find(c, b) for c in ",.;!?\n") if i >= 0] or [len(text)])
        text = text[:start] + " " + text[stop:]
    return text


def _ruled_out_method(text: str, at: int) -> bool:
    """Whether the payment method named at ``at`` is one the customer rules out (the words before it, in its clause)."""
    clause = re.split(r"[.;!?,:()\n]|\b(?:and|so|then)\b", text[max(0, at - 45):at], flags=re.I)[-1]
    return bool(_NOT_THIS_METHOD.search(clause))


# the words before a payment method that say it is the one the order or the money is on now, to move away from: "it was
# on my mastercard", "i think i paid with my card", "it's currently on the visa" (not "i'd rather it was on paypal")
_CURRENT_BEFORE = re.compile(r"(?:\b(?:was|is|it'?s|its|currently|still)\s+(?:(?:paid|charged|billed|put)\s+)?"
                             r"(?:on|with|to|by|via|through|using)|\b(?:i|we)\s+(?:\w+\s+)?(?:paid|used)"
                             r"(?:\s+(?:it|for it|for them|that))?(?:\s+(?:with|by|on|using|via|through))?)\s+"
                             r"(?:(?:the|my|a|your|our)\s+)?$", re.I)
_WISHED_BEFORE = re.compile(r"\b(?:rather|wish|prefer\w*|want|like|would|could|should|can|if)\b[^.,;!?]*$", re.I)
# what stands between a method and the next one when the first is the old one: "mastercard -> paypal", "credit card to
# gift card", "swap the visa for paypal"
_TO_NEXT = re.compile(r"^\s*[,:]?\s*(?:-+>|=>|\u2192|>|to|into|for|over to)\s+(?:(?:the|my|a|your)\s+)?$", re.I)


# what is said of a payment method that can no longer pay, in its own clause after it: "the gift card on #W1 is nearly
# empty", "my visa expired last month", "the visa got closed by my bank", "the gift card is for birthdays only", "the gift
# card money is meant for my son" (not "... is not expired")
_UNUSABLE_AFTER = re.compile(
    r"^(?:(?!\b(?:not|never|isn'?t|wasn'?t|hasn'?t|n'?t)\b)[^.;!?,\n])*?(?<!not )(?<!n't )(?<!never )\b(?:(?:nearly|almost|basically|pretty much|"
    r"practically|all|completely|totally)\s+)?(?:empty|used up|drained|run out|ran out|expired|expiring|closed|blocked|frozen|"
    r"declined|maxed(?: out)?|stolen|lost|compromised|deactivated|replaced|cancell?ed|"
    r"no longer (?:valid|works?|working|active|good)|out of (?:money|funds|credit)|low on (?:money|funds|credit|balance)|"
    r"(?:meant|reserved|saved|set aside|kept)\s+for|(?:only|just)\s+for|for\s+\w+(?:\s+\w+)?\s+only)\b", re.I)
# ... or before it: "I closed my visa", "the bank blocked my card"
_UNUSABLE_BEFORE = re.compile(r"\b(?:closed|cancell?ed|blocked|froze|frozen|lost|replaced|stopped using|can'?t use|cannot use|"
                              r"no longer (?:use|have))\s+(?:(?:the|my|our|that|this)\s+)?(?:old\s+)?$", re.I)


def _unusable_methods(text: str, spans: list[tuple[int, int]]) -> set[int]:
    """The positions of the payment methods a message says can no longer pay ("my gift card is nearly empty", "the
    Mastercard got replaced", "I closed my visa")."""
    spans = sorted(set(spans))
    out: set[int] = set()
    for i, (a, b) in enumerate(spans):
        before = re.split(r"[.;!?\n]|\b(?:but|and|so)\b", text[max(0, a - 50):a], flags=re.I)[-1]
        nxt = next((c for c, _d in spans[i + 1:] if c >= b), None)
        after = re.split(r"\b(?:and|but|so|because|since|as|then|put|use|pay|switch|move|change)\b",
                         text[b:nxt if nxt is not None else len(text)], flags=re.I)[0]
        if _UNUSABLE_AFTER.search(after) or _UNUSABLE_BEFORE.search(before):
            out.add(a)
    return out


def _old_methods(text: str, spans: list[tuple[int, int]]) -> set[int]:
    """The positions of the payment methods a message names (their spans, kinds and brands together) that are the
    ones to move away from, not to: said as the current one ("was on my mastercard, can you put it on paypal", "i paid
    with my card but i'd rather use paypal"), before an arrow or a "to" and the next method ("mastercard -> paypal",
    "credit card to gift card"), or asked about in a question when another stands outside one ("Does the refund go
    to the mastercard? I'd rather have it on the gift card"). Before, the first named was proposed: the method the
    customer asked to leave."""
    spans = sorted(set(spans))
    old: set[int] = set()
    for i, (a, b) in enumerate(spans):
        before = re.split(r"[.;!?\n]|\b(?:but|and|so)\b", text[max(0, a - 50):a], flags=re.I)[-1]
        if _CURRENT_BEFORE.search(before) and not _WISHED_BEFORE.search(before):
            old.add(a)
        nxt = next((c for c, _d in spans[i + 1:] if c >= b), None)
        if nxt is not None and _TO_NEXT.match(text[b:nxt]):
            old.add(a)
    # a method that can no longer pay ("the gift card on #W1 is nearly empty, put it on paypal", "my visa expired,
    # so ... paypal"): the one to leave (before: read as the one to use, and "already paid with" said)
    old |= _unusable_methods(text, spans)
    asked = {a for a, _b in spans if "?" in text[a:] and
             not re.search(r"[.!\n]", text[a:a + text[a:].index("?")])}  # in a sentence that ends with "?"
    if asked and any(a not in asked and a not in old for a, _b in spans):
        old |= asked
    return old


def _new_method(text: str, found: list[tuple[int, str]], old: set[int] = frozenset(),
                unusable: set[int] = frozenset()) -> str | None:
    """Of the payment methods (kinds or card brands) a message names, at their positions, the one to use: the
    first not named as the one replaced ("pay with paypal instead of gift card": paypal; "switch from the
    gift card to paypal": paypal) nor at a position of ``old`` (``_old_methods``); the first named when every one
    is. A method named after a self-correction ("pay with the gift card... wait it already is. ok put it on paypal":
    paypal) is chosen from those after it."""
    found = sorted(found)

    def leaves(a: int) -> bool:
        return bool(_REPLACED.search(text[max(0, a - 30):a])) or a in old
    fixes = [m.end() for m in CORRECTION.finditer(text)]
    if fixes and any(a >= fixes[-1] and not leaves(a) for a, _ in found):
        # (not where the correction fixes the method left: "switch to paypal from the card - I mean from the gift card")
        found = [(a, k) for a, k in found if a >= fixes[-1]]
    kept = [k for a, k in found if not leaves(a)]
    # (the first named when every one is left, but never one said to be unusable: "refund to the card I paid with (my
    # gift card is nearly empty, so not there)" names no method to use; before: the gift card proposed)
    return (kept or [k for a, k in found if a not in unusable] or [None])[0]


def _restated_method(text: str, question: str) -> str:
    """The reply without the refund method the proposal lists, said back beside the yes ("yes gift card is fine",
    "yes to the gift card", "YES refund to the gift card please"): the yes stands; another method stays."""
    m = _LISTED_REFUND.search(question or "")
    if not m:
        return text
    kind = m.group(1).lower()
    words = (r"gift ?card" if kind == "gift card" else r"pay ?pal(?: account)?" if kind.startswith("paypal") else
             rf"(?:{re.escape(m.group(2))}|credit card|card)(?: card)?(?: ending(?: in)? {m.group(3)})?")
    # "refund" said back only where the proposal is a refund (a return or a cancellation): at an exchange whose difference
    # comes back ("Yes. Refund to PayPal, thanks.") it names another action to the verifiers' reading, so it is asked again
    refund = r"(?:the\s+)?refund(?:ed)?\s+|" if re.search(r"\bI will (?:return|cancel)\b", question or "") else ""
    said = re.compile(r"\b(?:" + refund + r"(?:the\s+)?money\s+)?(?:(?:back\s+)?(?:to|on|onto|into)\s+)?"
                      r"(?:(?:the|my|your)\s+)?" + words + r"(?:\s+balance)?" + _FINE + r"\b", re.I)
    return said.sub(" ", text)


def _restated_order(text: str, question: str) -> str:
    """The reply without the clause that says back the order the proposal names ("ok so you'll cancel order W1? yes
    go ahead", "You said 'To confirm, I will cancel order #W1' - yes, that's right"): a yes to it, not a new request
    (before: read as one, so the reason was asked again and the request queued behind it dropped). A clause with
    another order, or one that takes something back ("not W1", "don't cancel W1"), stays."""
    asked = set(re.findall(r"#?(W\d{7})\b", question or "")) if "To confirm, I will" in (question or "") else set()
    said = set(re.findall(r"#?(W\d{7})\b", text, re.I))
    if not asked or not said or {w.upper() for w in said} - asked:
        return text

    def drop(m: re.Match) -> str:
        return m.group(0) if _RESTATE_NOT.search(m.group(0)) else " "

    return re.sub(r"[^.!?]*?#?\bW\d{7}\b['\"\u201d]?[\s?!.:,-]*", drop, text, flags=re.I)


_RESTATE_NOT = re.compile(r"\b(?:no|not|don'?t|do not|never|wait|instead|other|wrong|rather)\b", re.I)


def _restated_address(text: str, question: str) -> str:
    """The reply without the street the proposal ships to, said back beside the yes ("yes, please send it to 355
    Harbor Street" to "... change the shipping address of order #W1 to 355 Harbor Street, ..."): the yes stands;
    another street stays, and so does "ship it there" (no street said back)."""
    m = re.search(r"\bto (\d+ [A-Za-z0-9 .'-]+?),", question or "")
    if not m:
        return text
    street = re.escape(m.group(1).strip()).replace(r"\ ", r"\s+")
    return re.sub(r"\b(?:(?:please\s+)?(?:send|ship|deliver)\s+it\s+)?to\s+" + street + r"\b", " ", text, flags=re.I)


def _restated_object(text: str, question: str) -> str:
    """The reply without the thing the proposal changes, named back beside the yes ("Yes, update the address." to "...
    change the shipping address of order #W1 to ...", "yes, change the payment" to "... change the payment of order #W1
    to ..."): the yes stands (before: "I need a clear yes", again and again). Only the proposal's own thing: "yes, update
    my default address" at an order's address change keeps its "default", and is no yes to it."""
    if re.search(r"\bchange the shipping address of order\b", question or ""):
        thing = r"(?:(?:shipping|delivery|postal|mailing)\s+)?address(?:es)?"
    elif re.search(r"\bupdate your default address to\b", question or ""):
        thing = r"(?:(?:default|profile|account)\s+)?address"
    elif re.search(r"\bchange the payment of order\b", question or ""):
        thing = r"(?:payment method|method of payment|payment)"
    else:
        return text
    return re.sub(r"(?<![\w'])" + thing + r"(?![\w'])", " ", text, flags=re.I)


_STATUS_ASKED = re.compile(r"\W*(?:is|isn'?t|has|hasn'?t|have|haven'?t|did|does|do|was|are|can|could|will|would)\b", re.I)
_STATUS_JOIN = re.compile(r"\s*(?:[,:-]|\bso\b|\band\b|\bbut\b|\bthus\b|\btherefore\b)", re.I)


def _states_status(clause: str) -> bool:
    """The clause says the order's state as a fact: "it hasn't shipped yet.", and also before a question of its own,
    "Order #W1 is still pending so can you change its address?" (before: any clause ending in "?" was a question,
    so a status said first was missed); "is it still pending?" asks it."""
    m = STATED_STATUS.search(clause)
    if not m:
        return False
    if not clause.rstrip().endswith("?"):
        return True
    return not _STATUS_ASKED.match(clause[:m.start()]) and bool(_STATUS_JOIN.match(re.sub(r"^\s+yet\b", "", clause[m.end():])))


_ORDINAL_WORD = re.compile(r"\b(first|1st|former|second|2nd|latter|last)\b", re.I)
_ORDINAL_YES = re.compile(r"\b(?:yes|yeah|yep|yup|ok(?:ay)?|sure|go ahead|do it|fine)\b", re.I)
_ORDINAL_NO = re.compile(r"\b(?:no|nope|nah|not|don'?t|keep|leave|skip)\b", re.I)


def ordinal_answers(text: str) -> dict[int, bool]:
    """A yes and a no given by position, at a request over two orders ("yes to the first, no to the second", "the
    first one yes, the second no"): {0: True, 1: False}; empty unless both positions get an answer, opposite ones.
    The positions are those of the customer's own request (the caller)."""
    out: dict[int, bool] = {}
    for clause in re.split(r"[,.;!\n]+|\s+(?:but|and|while)\s+", text):
        m = _ORDINAL_WORD.search(clause)
        yes, no = bool(_ORDINAL_YES.search(clause)), bool(_ORDINAL_NO.search(clause))
        if m and yes != no:
            out[0 if m.group(1).lower() in ("first", "1st", "former") else 1] = yes
    return out if set(out) == {0, 1} and out[0] != out[1] else {}


# another payment method put forward, not a question of fact: "ok what about paypal", "how about the visa then?"
_METHOD_OFFERED = re.compile(r"^\W*(?:(?:ok(?:ay)?|so|then|hmm+|well|and|but|um+)\W+)*(?:what|how)\s+about\s+"
                             r"(?:(?:my|the|a|an|using|paying with|pay(?:ing)? with|with)\s+)*(?:paypal|pay pal|visa|"
                             r"master ?card|amex|american express|discover|(?:credit |debit |other |gift )?card|gift ?card)"
                             r"(?:\s+(?:account|instead|then|one))*\W*$", re.I)


# a unit corrected in parentheses right after it: "982 Cedar Lane, apt 4B (sorry, it's 4C), Denver CO 80203"
_UNIT_FIXED_IN_PARENS = re.compile(r"\b(?P<k>apt|apartment|suite|unit|ste|#)(?P<s>\.?\s*)[\w-]*\d[\w-]*\s*\(\s*(?:sorry|oops|i mean|"
                                   r"actually|correction|no|wait|make that)\W*(?:(?:i mean|actually|no|sorry)\W+)*"
                                   r"(?:it'?s\s+|its\s+|make (?:it|that)\s+|should be\s+)?(?:(?:apt|apartment|suite|unit|ste|#)"
                                   r"\.?\s*)?(?P<v>[\w-]*\d[\w-]*)\s*\)", re.I)
# a unit said in a later sentence or clause after the zip code: "... CO 80203. It's apartment 17.", "... 80203 - forgot,
# it's Apt 17", "... 80203. Oh and there's a unit number, #7. Actually make that #17." (the last said; a "#" number
# only where a unit is spoken of)
_LATE_UNIT_WORD = re.compile(r"\b(?:apt|apartment|suite|unit|ste)\b", re.I)
_LATE_UNIT = re.compile(r"\b(?P<k>apt|apartment|suite|unit|ste)\.?(?:\s+(?:number|no\.?))?(?:\s+(?:is|it'?s|=))?\s*[:,]?\s*"
                        r"#?\s*(?P<v>[a-z]?\d+[a-z]?)\b|(?<![\w#$])#\s?(?P<h>\d{1,5}[a-z]?)\b", re.I)


def _late_unit(tail: str) -> str:
    """The unit a message gives after its address, in words of its own (see ``_LATE_UNIT``), or ''."""
    if not _LATE_UNIT_WORD.search(tail):
        return ""
    units = [m for m in _LATE_UNIT.finditer(tail)  # (not "my old apartment was 5")
             if not re.search(r"\b(?:old|previous|former|current|from|was)\s+(?:\w+\s+)?$", tail[:m.start()], re.I)]
    if not units:
        return ""
    kind = next((m.group("k") for m in units if m.group("k")), "Unit")
    last = units[-1]
    return f"{last.group('k') or kind} {last.group('v') or last.group('h')}"


def _address_said(text: str) -> tuple[dict[str, str] | None, list[re.Match[str]]]:
    """The new address a message gives (None: none, or unclear), and every address found in it."""
    def find(text: str) -> list[re.Match[str]]:
        found = list(ADDRESS.finditer(text))
        if not found:  # "77 cedar lane, austin tx 78701": no comma before the state, which must then be a state
            # (right before a zip code even "or" is Oregon)
            found = [m for pattern in (ADDRESS_NO_COMMA, ADDRESS_BARE) for m in pattern.finditer(text)
                     if m.group("state").upper() in STATES or state_code(m.group("state"))][:1]
        return found
    found = find(text)
    if not found and (fixed := _UNIT_FIXED_IN_PARENS.sub(lambda m: m.group("k") + (m.group("s") or " ") + m.group("v"),
                                                         text)) != text:
        # "982 Cedar Lane, apt 4B (sorry, it's 4C), Denver CO 80203": the unit as corrected (before, the parentheses
        # kept the address from being read at all)
        text, found = fixed, find(fixed)
    address = new_address(text, found)
    if not address:
        return None, found
    g = address.groupdict()
    state = g["state"] if address.re is ADDRESS else (state_code(g["state"]) or g["state"])
    a1, a2 = g["a1"].strip(), (g["a2"] or "").strip()
    restart = [m.end() for m in _STREET_RESTART.finditer(a1)]
    a1 = a1[restart[-1]:] if restart else a1  # "2 kids. ship to 12 Oak Street": "12 Oak Street"
    if not a2 and (unit := _UNIT_AT_END.search(a1)):  # "22 Elm st apt 4, springfield ...": the unit is line 2
        a1, a2 = a1[:unit.start()].rstrip(" ,"), unit.group("a2")
    tail_at = address.end()
    if not a2:  # a unit before the street or after the zip code is line 2 too (before: dropped without a word)
        before = _UNIT_BEFORE.search(text[:address.start()])
        unit = before or _UNIT_AFTER.search(text[address.end():])
        if unit and re.search(r"\d", unit.group("a2")):
            a2 = unit.group("a2").strip()
            if not before:  # ("..., Raleigh NC 27601, apt 3 - sorry, apt 4": the correction after the unit, below)
                tail_at += unit.end()
        elif not unit and (late := _late_unit(text[address.end():].split("\n")[0])):
            # "... CO 80203. It's apartment 17.": the unit said after (before: dropped, and "address2" written empty)
            a2 = late
            tail_at = len(text)
    said = {"address1": a1, "address2": a2, "city": g["city"].strip(),
            "state": state.upper(), "country": "USA", "zip": g["zip"]}
    # a field corrected right after the address, in the same message ("..., OR 97250, sorry I mean 97205", "... 97250 -
    # wait the zip is 97205 not 97250"): the corrected value (before: the first one proposed and written)
    tail = text[tail_at:].split("\n")[0]
    if CORRECTION.search(tail) or re.search(r"\b(?:should be|not|instead of|meant)\b", tail, re.I):
        said = correct_address(said, tail) or said
    return said, found


# a refund said of an exchange's price difference or of where its money goes ("if it's cheaper put the refund on paypal",
# "any price difference refund to paypal", "refund the difference to my paypal", "pay or refund to paypal")
_REFUND_WORD = re.compile(r"\b(?:refund(?:ed|s)?|money back)\b", re.I)
_DIFFERENCE_CLAUSE = re.compile(r"\b(?:difference|cheaper|less|extra|leftover|the rest|if|any|pay or|or pay)\b|"
                                r"\b(?:refund(?:ed|s)?|money back)\b[^.?!,;]{0,20}?\b(?:to|on|onto|into|via|with)\s+(?:my\s+|the\s+)?"
                                r"(?:pay ?pal|(?:credit |debit )?card|visa|master ?card|amex|discover|gift ?card|original)", re.I)


# a refund or return the customer is indifferent to or turns down: "whether or not there's a refund", "refund or not",
# "I don't care about the refund", "don't need a refund of the difference", "no return needed" (not "don't want the
# refund to go to my visa": where it goes)
_REFUND_OR_RETURN = r"(?:a |any |the |my )?(?:refund|return|money back)(?:s|ed)?"
_REFUND_WAIVED = re.compile(
    r"\bwhether or not (?:there'?s |there is |i get |you give me )?" + _REFUND_OR_RETURN + r"|"
    r"\b(?:with or without |regardless of |no matter (?:about )?)" + _REFUND_OR_RETURN + r"|"
    r"\b" + _REFUND_OR_RETURN + r" or not\b|"
    r"\b(?:don'?t|do not|dont|doesn'?t|does not)\s+(?:really\s+)?(?:care|mind|matter|worry|fuss)\s+(?:about\s+|if\s+|whether\s+)?"
    r"(?:there'?s\s+|i get\s+)?" + _REFUND_OR_RETURN + r"|"
    r"\b(?:don'?t|do not|dont)\s+(?:really\s+)?(?:need|want)\s+" + _REFUND_OR_RETURN +
    r"(?:\s+(?:of|for)\s+(?:the|any)\s+(?:difference|rest|change))?(?!\s+(?:to|on|onto|into|go|going|via|in)\b)|"
    r"\bno\s+(?:need\s+for\s+)?" + _REFUND_OR_RETURN + r"(?:\s+(?:needed|necessary|required|wanted))?\b"
    r"(?!\s+(?:to|on|onto|into|via|policy|window|label)\b)", re.I)


_ITEM_CHANGE_PROPOSED = re.compile(r"\bI will (?:exchange|modify) these items of order\b")
# a refund of the item itself, not of a price difference: "just refund it to my card", "a full refund to paypal"
_WHOLE_REFUND = re.compile(r"\brefund\s+(?:it|them|me|everything|the (?:whole|item|items)|all)\b|"
                           r"\b(?:full|whole|just|simply)\s+(?:\w+\s+){0,2}?refund", re.I)


_CHARGE_IT = re.compile(r"\b(?:charge|bill)\s+(?:it|this|that)\s+(?:to|on|onto|with|using)\b", re.I)
_EXCHANGE_PROPOSED = re.compile(r"\bI will exchange these items of order\b")


def _difference_method_only(text: str, question: str, r: Reading, db: RetailDB) -> bool:
    """Whether a payment method said at an item change's proposal only says where its price difference goes: no
    other order, action, address or item named, and, at a pending order's modification (whose own payment could
    change), no words of the order's payment itself ("change the payment method to paypal")."""
    if not _ITEM_CHANGE_PROPOSED.search(question or "") or r.address or r.intents & {"cancel", "return", "exchange"}:
        return False
    proposed = {"#" + w for w in re.findall(r"#?(W\d{7})\b", question or "")}
    if set(r.order_ids) - proposed or mentioned_items(text, [p.name for p in db.products.values()]):
        return False
    # "yes. charge it to the gift card though", "bill that to my paypal": what the proposal charges, its difference
    # (before: read as the order's own payment change, and the item change dropped)
    return bool(_EXCHANGE_PROPOSED.search(question) or _DIFFERENCE_MONEY.search(text) or
                not changes_order_payment(_CHARGE_IT.sub(" ", text)))


def _refund_of_difference_only(text: str) -> bool:
    """Whether every word of the text that reads as a return ("refund", "money back") speaks of an exchange's
    price difference or where its money goes, and no other word asks for a return (before: "can i get the helmet in
    red instead? ... if its cheaper put the refund on paypal" was proposed as a return of the helmet)."""
    clauses = [c for c in re.split(r"[.?!;,\n]+|\b(?:and|but)\b", text) if INTENTS["return"].search(c)]
    return bool(clauses) and all(_REFUND_WORD.search(c) and not INTENTS["return"].search(_REFUND_WORD.sub(" ", c))
                                 and _DIFFERENCE_CLAUSE.search(c) for c in clauses)


def addresses_by_order(text: str) -> dict[str, dict[str, str]]:
    """Of a message sending two orders to two addresses ("ship #W1 to 12 Elm St ... and #W2 to 9 Oak Rd ..."),
    each order's own address: the one said between its id and the next order's id. Empty unless at least two
    orders get addresses and they differ, so that one address for several orders is read as before."""
    at = [(m.start(), "#" + m.group(1).upper()) for m in ORDER_ID.finditer(text)]
    out: dict[str, dict[str, str]] = {}
    for (a, o), nxt in zip(at, at[1:] + [(len(text), "")]):
        address, _found = _address_said(ORDER_ID.sub(" ", EMAIL.sub(" ", text[a:nxt[0]])))
        if address:
            out[o] = address
    return out if len(out) > 1 and len({tuple(sorted(v.items())) for v in out.values()}) > 1 else {}


# a person asked for without the usual "talk to": "i'd rather deal with an actual human being", "is anyone there who
# isn't a machine", "someone who is not a bot", "i prefer a real person"
_INDIRECT_PERSON = re.compile(
    r"\b(?:deal|work|speak|talk|chat|communicate)\s+with\s+(?:an?\s+|the\s+|some\s+)?(?:real|actual|live)\s+"
    r"(?:human|person|people|agent)|"
    r"\b(?:rather|prefer|want|need)\s+(?:to\s+have\s+)?(?:an?\s+)?(?:real|actual|live)\s+(?:human|person|agent)|"
    r"\b(?:anyone|anybody|someone|somebody|a person|a human)\s+(?:\w+\s+)?(?:who|that)\s+(?:is|isn'?t|'?s)\s+(?:not\s+)?"
    r"(?:an?\s+)?(?:machine|bot|robot|computer|ai|real|human|person)\b|"
    r"\b(?:anyone|anybody|someone|somebody)\s+(?:real|human)\b|\b(?:a|an)\s+(?:real|actual)\s+human\s+being\b|"
    # "I'd feel better talking to an actual person" (not "I was talking to a real person and ...")
    r"(?<!was )(?<!were )\b(?:speaking|talking|chatting|dealing)\s+(?:to|with)\s+(?:an?\s+|some\s+)?(?:real|actual|live)\s+"
    r"(?:human|person|people|agent|rep|representative)|"
    # a call from a person asked for: "can a real person call me", "can someone from your team phone me about this",
    # "have a human ring me back" (not "a real person called me yesterday")
    r"\b(?:can|could|would|will|have|get|let|need|want)\s+(?:an?\s+|some\s+)?(?:real\s+|actual\s+|live\s+)?(?:human|person|"
    r"agent|rep|representative|someone|somebody|anyone|anybody)(?:\s+(?:from|at|on)\s+(?:your|the)\s+(?:team|company|"
    r"store|staff|support))?\s+(?:to\s+)?(?:call|phone|ring|contact)\s+(?:me|us)\b|"
    # the case to be gone through with a person: "I would rather sort this out with an actual person", "talk this
    # through with a real person please" (not "I sorted it out with a real person last week")
    r"\b(?:sort|work|figure|talk|go|hash|deal|chat|run)\s+(?:this|it|that|things|everything|all this)\s+"
    r"(?:(?:out|through|over)\s+)?with\s+(?:an?\s+|some\s+)?(?:real|actual|live)\s+(?:human|person|people|agent)|"
    r"\b(?:rather|prefer|want|need)\b[^.?!]{0,40}\bwith\s+(?:an?\s+|some\s+)?(?:real|actual|live)\s+"
    r"(?:human|person|people|agent)|"
    # "I prefer talking to a human being honestly", "id prefer a human being to handle this", "can I get a call back
    # from a real agent" (not "I prefer the human touch of a store", "a call back from the courier")
    r"\b(?:prefer|rather)\s+(?:(?:speaking|talking|chatting|to\s+(?:speak|talk|chat))\s+(?:to|with)\s+)?(?:an?\s+)?"
    r"human(?:\s+being)?s?\b(?!\s+(?:error|touch|side|nature|rights|resources))|"
    r"\bcall\s*back\s+from\s+(?:an?\s+|the\s+|your\s+|some\s+)?(?:real\s+|actual\s+|live\s+)?(?:human|person|agent|rep|"
    r"representative|someone|somebody)\b|"
    # "a real person would be better for this", "an actual human could sort this out faster"
    r"\b(?:an?|some)\s+(?:real|actual|live)\s+(?:human|person|agent)(?:\s+being)?\s+(?:would|could|might|will)\s+"
    r"(?:be\s+)?(?:(?:much|far|a lot)\s+)?(?:better|best|easier|preferable|quicker|faster|sort|handle|help|understand)\b|"
    # a machine refused: "I don't want to talk to a bot", "I'm tired of talking to a machine"
    r"\b(?:don'?t|dont|do not|not|never)\s+(?:want|wish|like|wanna)\s+(?:to\s+)?(?:talk|speak|chat|deal)\s+(?:to|with)\s+"
    r"(?:an?\s+|the\s+|this\s+|some\s+)?(?:bot|robot|machine|computer|ai|chat ?bot)\b|"
    r"\b(?:tired of|sick of|done with|fed up with)\s+(?:talking to\s+|chatting with\s+)?(?:an?\s+|the\s+|this\s+)?"
    r"(?:bot|robot|machine|chat ?bot)\b|"
    # a person to take the case: "can a live agent take over", "a person needs to look at this"
    r"\b(?:an?|some)\s+(?:(?:live|real|actual|human)\s+)?(?:agent|person|human|rep|representative|human being)\s+"
    r"(?:(?:really|actually)\s+)?(?:take over|step in|needs? to (?:look|check|review|handle|see)|has to (?:look|check|"
    r"review|handle)|should (?:look|check|review|handle))\b|"
    # "I'd prefer to deal with someone from your team directly", "I'd rather talk to somebody on your staff" (not
    # "someone from your team told me it shipped")
    r"\b(?:prefer|rather|like|want|need)\s+(?:to\s+)?(?:deal|speak|talk|chat|work)\s+(?:directly\s+)?(?:with|to)\s+"
    r"(?:someone|somebody|a person|a member|one|a human|an? (?:agent|rep|representative))\s+(?:(?:from|of|on|at|in)\s+)"
    r"(?:your|the)\s+(?:team|staff|company|store|support|customer (?:service|support|care))\b|"
    # "I'd rather deal with a person", "I'd prefer to talk to a human", "is there someone I can talk to about the return"
    # (before: the request beside it taken up, with no word of a person; not "can someone tell me what's in #W1")
    r"\b(?:rather|prefer|want|like|need)\s+(?:to\s+)?(?:deal|speak|talk|chat|work)\s+(?:directly\s+)?(?:with|to)\s+"
    r"(?:a|an)\s+(?:person|human|human being|people person|staff member|employee)\b|"
    r"\b(?:is|are)\s+there\s+(?:someone|somebody|anyone|anybody|a person|a human|an? (?:agent|rep|representative))\s+"
    r"(?:i|we)\s+(?:can|could)\s+(?:talk|speak|chat)\s+(?:to|with)\b|"
    # another person asked for once the agent can't help: "Then get me someone who can", "find me somebody else",
    # "can someone else help me", "can i call someone?", "someone else then" (not "someone else told me it shipped",
    # "the gift is for someone else", "can someone tell me what's in my order", "I called someone yesterday")
    r"\b(?:get|find|give|fetch|bring)\s+me\s+(?:someone|somebody|anyone|anybody|a person|a human)(?!')\b|"
    r"\b(?:can|could|will|would|is there|isn'?t there)\s+(?:someone|somebody|anyone|anybody)\s+else\s+(?:who\s+(?:can|could)\s+)?"
    r"(?:help|assist|do|handle|sort|look|fix|deal|take)\b|"
    r"\b(?:someone|somebody|anyone|anybody|a person)\s+(?:else\s+)?(?:who|that)\s+(?:can|could|is able to|will)\s+"
    r"(?:actually\s+)?(?:help|do|fix|sort|handle|undo|deal)\b(?![^.?!]*\b(?:told|said|called|sent)\b)|"
    r"\b(?:can|could|may|should|do)\s+(?:i|we)\s+(?:call|phone|ring|contact)\s+(?:someone|somebody|anyone|anybody|a person|"
    r"a human|an? (?:agent|rep|representative))\b|"
    r"^\W*(?:(?:then|ok|okay|fine|just|no|well|so)\W+)*(?:someone|somebody|anyone|anybody)\s+else\b(?:\s+(?:please|pls|then|"
    r"now))*\W*$|"
    # "someone higher up", "somebody more senior", "someone in charge"
    r"\b(?:anyone|anybody|someone|somebody)\s+(?:higher up|higher|more senior|senior|in charge|above you)\b|"
    # a manager asked for by the bare words, as the message or its last clause: "a supervisor, please", "..., a manager
    # or supervisor" (not "the manager told me ...")
    r"(?:^|[,.;:!?]|\bjust|\bi want|\bi need)\s*(?:a|an|the|your|ur)\s+(?:manager|supervisor)(?:\s+or\s+(?:a\s+)?(?:manager|"
    r"supervisor))?\s*(?:,?\s*(?:please|pls|now))?\W*$", re.I)


# compensation asked for, which no tool gives ("compensation for the hassle", "something for my trouble"), a return
# ruled out beside it ("not just a return", "a return alone isn't enough"), and who to turn to asked
_COMPENSATION = re.compile(r"\b(?:compensat\w*|goodwill|(?:something|credit|money|discount)\s+for\s+(?:the|my|all the|our)\s+"
                           r"(?:hassle|trouble|inconvenience)|make\s+(?:this|it|things)\s+right)\b", re.I)
_NOT_JUST_RETURN = re.compile(r"\bnot\s+(?:just|only|merely|simply)\s+(?:a|an|the)?\s*(?:return|refund|exchange)|"
                              r"\b(?:return|refund|exchange)\s+(?:alone\s+|by itself\s+)?(?:is not|isn'?t|wouldn'?t be|won'?t be|"
                              r"is never|ain'?t)\s+(?:\w+\s+)?enough\b|\bmore than (?:just )?(?:a |an )?(?:return|refund|exchange)\b|"
                              r"\bdon'?t (?:just )?want (?:a |an |the )?(?:return|refund|exchange)\b", re.I)
_WHO_TO_ASK = re.compile(r"\bwho\s+(?:can|could|should|do|would|shall)\s+(?:i|we)\s+(?:talk|speak|complain|write|turn|go|"
                         r"reach out|ask)\b|\bis there (?:someone|somebody|anyone|anybody)\b|\b(?:someone|somebody|anyone)\s+"
                         r"(?:i|we)\s+(?:can|could)\s+(?:talk|speak)\s+to\b", re.I)


# a complaint to be lodged, which no store action takes: "I'd like to lodge a formal complaint", "how do I file a
# complaint?", "I want to complain about your service" (not "no complaints", "I'm not complaining, but ...")
_COMPLAINT = re.compile(r"(?<!\bno )(?<!\bnot )\b(?:(?:lodge|file|make|submit|raise|register|log|put in|open|send)\s+"
                        r"(?:a\s+|an\s+|my\s+)?(?:formal\s+|official\s+|written\s+)?complaint|formal complaint|"
                        r"(?:want|like|wish|need|going)\s+to\s+complain|complaints? (?:department|team|form|process))\b", re.I)


def asks_compensation(text: str) -> bool:
    """The message asks for compensation, which no store action here gives."""
    return bool(_COMPENSATION.search(text))


# a question typed (or spoken) without its "?": a question word first, after a "wait" / "hmm" at most; not "what I
# want is ...", "when you can, cancel it", "where it says ..."
_UNMARKED_Q = re.compile(r"^\W*(?:(?:wait|hold on|hang on|hmm+|um+|uh+|so|and|oh|ok(?:ay)?|sorry|actually|but|well)\W+)*"
                         r"(?:what|what'?s|whats|how much|how many|how long|how soon|when|where|where'?s|wheres|why)\b", re.I)
_NOT_A_Q = re.compile(r"^\W*(?:\w+\W+){0,3}?(?:what|when|where|why)\s+(?:i|we|you)\s+(?:want|need|meant?|said|can|could|"
                      r"would|'d|wanted|asked)\b|\b(?:what|whatever|when|whenever)\s+(?:ever|is|'s)?\s*(?:easiest|fine|"
                      r"best|possible)\b", re.I)


_EMAIL_ADDRESS = re.compile(r"\be-?mail(?:\s+|-)(?:address(?:es)?|addr)\b", re.I)


# the answer to an item change's own note, "This can only be done once for this order, so please make sure these are all
# the items you want to change": "no other items", "I don't need to change anything else", "No further changes", "I'm
# aware it can only be done once", "those are all the items; nothing else to change on that order"
_ORDER_TAIL = r"(?:\s+(?:on|in|for|to|with)\s+(?:it|that|this|the|my)(?:\s+order)?)?"
_NO_OTHER_CHANGES = re.compile(
    r"(?<![\w'])(?:(?:there\s+(?:are|is)\s+|there'?s\s+)?no\s+(?:other|more|further|additional)\s+(?:items?|changes?|things?)"
    r"(?:\s+(?:to\s+(?:change|add|make)|needed|i\s+want(?:\s+changed)?))?|"
    r"nothing\s+(?:else|more)(?:\s+(?:to\s+(?:change|add)|needs?\s+(?:changing|to\s+change)|i\s+want\s+changed))?|"
    r"(?:i|we)\s+(?:don'?t|do\s+not|won'?t)\s+(?:need|want)\s+(?:to\s+change\s+)?(?:anything|any\s+(?:other|more)\s+changes?)"
    r"(?:\s+else)?(?:\s+changed)?|"
    r"(?:those|these|that)\s+(?:are|'re|is|'s)\s+all\s+(?:the|my)\s+(?:items|changes)|"
    # "yes thats all of them", "those are all of em", "that's all." (not "those are all wrong")
    r"(?:that'?s|thats|that\s+is|those\s+are|these\s+are|they'?re|those'?re)\s+all(?:\s+of\s+(?:them|em|'em)|"
    r"(?=\s*(?:[.,;!]|$)))|"
    r"that'?s\s+(?:everything|all)\s+(?:i|we)\s+want(?:ed)?\s+(?:changed|to\s+change)|"
    r"(?:(?:i'?m|i\s+am|i)\s+)?(?:aware|understand|acknowledge|know|get)(?:\s+that)?\s+"
    r"(?:(?:it|this|that)\s+can\s+only\s+be\s+(?:done|changed)\s+once|i\s+(?:can'?t|cannot|won'?t\s+be\s+able\s+to)\s+"
    r"change\s+(?:it|them|this|that)\s+again)(?:\s+(?:after|once)\s+(?:this|that))?)" + _ORDER_TAIL + r"(?![\w'])", re.I)
# a go-ahead said as a thing given: "you have my go-ahead", "you've got my approval"
_GIVEN_GO_AHEAD = re.compile(r"\byou(?:'ve| have)?\s+(?:got\s+)?my\s+(?:go-?ahead|approval|ok(?:ay)?|permission|blessing)\b",
                             re.I)
_ON_ALL_COUNTS = re.compile(r"(?<=\bcorrect)\s+on\s+all\s+counts\b|(?<=\bright)\s+on\s+all\s+counts\b", re.I)
# what the proposal says the customer pays or gets, and with which method: "you pay $9.61 more with your gift card"
_PROPOSED_MONEY = re.compile(r"\byou (?:pay|get) \$([\d,]+\.\d\d) (?:more|back) with your (gift card|PayPal account|\w+ "
                             r"ending in \d{4})", re.I)


def _proposal_terms_said(text: str, question: str) -> str:
    """The reply without what only says back the proposal's own terms beside a yes: the answer to its "make sure these
    are all the items" note ("yes. no other items", "No further changes, go ahead", "Please proceed. (I'm aware it can
    only be done once.)") and the money it quotes, with its method ("yes, paying the $9.61 difference is fine", "the extra
    $9.61 on the gift card is fine"). Before, these were refused, read as a no ("I don't need to change anything"), or
    the amount's "9" read as a new size. Another amount, another method or anything else said stays."""
    t = _ON_ALL_COUNTS.sub("", _GIVEN_GO_AHEAD.sub("go ahead", text))
    if "make sure these are all the items" in (question or ""):
        t = _NO_OTHER_CHANGES.sub(" ", t)
    if m := _PROPOSED_MONEY.search(question or ""):
        amount = re.escape(m.group(1)).replace(r"\.", r"\.")
        method = m.group(2).lower()
        method = (r"gift\s*card" if method == "gift card" else r"pay\s*pal(?:\s+account)?" if method.startswith("paypal")
                  else rf"(?:{re.escape(method.split()[0])}|card)(?:\s+card)?(?:\s+ending(?:\s+in)?\s+\d{{4}})?")
        t = re.sub(rf"(?:\b(?:paying|pay(?:ing)?\s+for|pay)\s+)?(?:\bthe\s+|\ban?\s+)?(?:\b(?:extra|additional)\s+)?"
                   rf"(?:\bdifference\s+of\s+)?\${amount}(?![\d.]\d)(?:\s+(?:difference|extra|more))?"
                   rf"(?:\s+(?:on|with|from|to)\s+(?:my|the)\s+{method})?", " that ", t, flags=re.I)
    return t if t != text else text


# a number said as an option: "size 9", "in a 10", "make them a 10", "a 9 instead", "the 9 one", "28 inch", "9s"
_NUMBER_AS_OPTION_BEFORE = re.compile(r"\b(?:size|sz|in|to|into|for|make\s+(?:it|them|those|the\s+[a-z-]+)|get|want|need|"
                                      r"prefer|take|the|go\s+with|switch|swap|change|but|actually)\s+(?:(?:an?|the)\s+)?(?:size\s+)?$", re.I)
_NUMBER_AS_OPTION_AFTER = re.compile(r"^(?:s\b|\s*-?\s*(?:instead|rather|inch(?:es)?|in\b|\"|'|cm|mm|ml|l\b|lit(?:er|re)s?|oz|"
                                     r"lbs?|pounds?|kg|gb|tb|bar|hours?|h\b|mp|megapixels?|watts?|w\b|ones?|size|pieces?|"
                                     r"cups?|piece|%))", re.I)
_NUMBER = re.compile(r"\$?(?<![\w.])\d+(?:[.,]\d+)?(?![\w.]*\d)(?:\s*(?:dollars?|bucks|days?|weeks?|months?|years?|"
                     r"times?|minutes?|mins?)\b)?", re.I)


def numbers_not_options(text: str) -> str:
    """At a proposal, a reply's numbers that name no option masked: an amount ("$10", "53 dollars"), a time ("7 days
    since delivery") or a number said of something else ("my wife wears a 7"). An option change names the option:
    "size 9", "a 9 instead", "make them a 10", "28 inch". Before, any bare number was read as a new size."""
    def keep(m: re.Match[str]) -> str:
        said = m.group(0)
        if not said.startswith("$") and said.strip().replace(",", "").replace(".", "").isdigit() and (
                _NUMBER_AS_OPTION_BEFORE.search(text[:m.start()]) or _NUMBER_AS_OPTION_AFTER.match(text[m.end():])):
            return said
        return " "
    return _NUMBER.sub(keep, text)


# a question with no "?" after the answer to the proposal's note ("no other items. does the refund go to the mastercard")
_REST_Q = re.compile(r"^(?:does|do|did|is|are|will|would|can|could|should|which|what|how|when|where|why)\b", re.I)


# an apology or excuse beside a yes: "(sorry, kid grabbed the phone)", "- sorry, the baby monitor went off", ", and sorry
# if I was short, my laptop is dying" (up to the sentence's end or the next yes); not one that corrects or asks something
# ("sorry, I meant the black one", "sorry, can you make it the blue one", "(not the laptop)")
_APOLOGY_ASIDE = re.compile(r"\(([^()]*)\)|(?:^|[-,;.!:\u2013\u2014]+)\s*(?:and\s+|oh\s+|also\s+)?((?:so\s+|very\s+|really\s+)?"
                            r"(?:sorry|apologies|my bad|oops|excuse me|pardon)\b[^.!?()]*?)(?=[.!?()]|\b(?:yes|yeah|yep|"
                            r"go ahead)\b|$)", re.I)
_ASIDE_CORRECTS = re.compile(r"\b(?:mean|meant|actually|instead|wrong|not|no|don'?t|dont|wait|rather|should|change|make|"
                             r"want|prefer|only|but|except|cancel\w*|return\w*|exchang\w*|swap\w*|keep|hold|stop|which|what|"
                             r"how|can|could|would|will|pay\w*|card|address|refund\w*|order)\b|\?|#?w\d{7}|\d", re.I)


def _without_apology(text: str) -> str:
    """The message without its apologies and excuses (``_APOLOGY_ASIDE``) that correct or ask nothing."""
    return _APOLOGY_ASIDE.sub(lambda m: m.group(0) if _ASIDE_CORRECTS.search(m.group(1) or m.group(2) or "") else " ",
                              text)


def read(text: str, db: RetailDB, question: str = "") -> Reading:
    """Read one customer message; ``question`` is the clerk's last message (a yes may repeat it)."""
    text = spoken_numbers(text or "")
    if question and (plain := _without_apology(text)) != text and is_confirmation(plain, question, STORE_ACTIONS) and \
            not is_confirmation(text, question, STORE_ACTIONS):  # ("yes please, and sorry for all the back and forth" is one)
        # "yes!! (sorry, kid grabbed the phone) yes", "yes - sorry, the baby monitor went off. yes go ahead": a yes beside
        # an excuse, read without it (before: 'phone', 'laptop' read as items asked about, other orders looked up); asked
        # once for a plain yes, as other yeses with an aside (the consent reading takes none of them for a yes)
        r = read(plain, db, question)
        r.yes, r.aside_yes, r.intents = False, True, set()
        return r
    if question and (plain := _proposal_terms_said(text, question)) != text and \
            is_confirmation(re.sub(r"\(\s*[.!]?\s*\)", " ", plain), question, STORE_ACTIONS):
        # a yes beside the proposal's own terms said back is that yes, read as such (the terms change nothing)
        return read(re.sub(r"\(\s*[.!]?\s*\)", " ", plain), db, question)
    if question and (plain := _proposal_terms_said(text, question)) != text and \
            ("?" in (rest := plain.strip(" .,;:!-\u2013\u2014")) or _REST_Q.match(rest) and not _NOT_A_Q.search(rest)):
        # "no other items. does the refund go to the mastercard": the note answered, then a question, read as the
        # question (before: the "no" read as a decline, and the proposal dropped unanswered)
        return read(rest, db, question)
    if "?" not in text and _UNMARKED_Q.match(text) and not _NOT_A_Q.search(text):
        # speech to text writes no "?": "wait whats the price difference", "hold on how much is the difference" are
        # questions (before: "wait" read as a no, and the proposal dropped)
        text = text.rstrip(" .!") + "?"
    r = Reading(tidy_order_ids(verb_for_bare_wish(card_not_order(mastercard_named(fix_verb_typos(join_spaced_email(text)))),
                                                  db), db))
    t = r.text
    r.order_ids = list(dict.fromkeys("#" + m.upper() for m in ORDER_ID.findall(t)))
    r.emails = list(dict.fromkeys(EMAIL.findall(t)))
    r.other_emails = [e for e in r.emails if _someone_elses(t, e)]
    r.emails = [e for e in r.emails if e not in r.other_emails]
    r.user_ids = [u for u in dict.fromkeys(USER_ID.findall(t)) if u in db.users]
    without_ids = ORDER_ID.sub(" ", EMAIL.sub(" ", t))
    r.address, found = _address_said(without_ids)
    r.other_address = bool(found) and r.address is None
    labelled = None
    if not found and _STREET_LABEL.search(without_ids):
        # "street: 958 Willow Avenue; city: Austin; state: Texas; zip: 78701": the fields labelled one by one (before:
        # not read, and the address asked for again and again)
        pieces, _rest = address_pieces(without_ids)
        if {"address1", "city", "state", "zip"} <= set(pieces):
            labelled = r.address = {"address1": pieces["address1"], "address2": pieces.get("address2", ""),
                                    "city": pieces["city"], "state": pieces["state"], "country": "USA",
                                    "zip": pieces["zip"]}
    if not found and (m := _ADDRESS_NO_STATE.search(without_ids)) and not state_code(m.group("city").split()[-1], strict=True):
        r.stateless_address = {"address1": m.group("a1").strip(), "address2": "", "city": m.group("city").strip(),
                               "state": "", "country": "USA", "zip": m.group("zip")}
        if INTENTS["address"].search(t):
            found = [m]  # (the zip of an address to move to is no zip to log in with)
    outside = without_ids
    for m in found:  # (the zip codes of every address said, the old one's too, are no zip to log in with)
        outside = outside[:m.start()] + " " * (m.end() - m.start()) + outside[m.end():]
    r.zips = ZIP.findall(outside)
    if not r.zips:
        r.zips = _ZIP_GLUED.findall(outside)
    zips_at = [m for m in re.finditer(r"(?<!\d)\d{5}(?!\d)", outside) if m.group(0) in r.zips]
    if len(zips_at) > 1 and zips_at[-1].group(0) != zips_at[-2].group(0) and \
            CORRECTION.search(outside[zips_at[-2].end():zips_at[-1].start()]):
        r.zips = [zips_at[-1].group(0)]  # "76917 - sorry typo 76197": the zip corrected to (before: the first looked up)
    if labelled:  # (the zip of the address to move to is no zip to log in with)
        r.zips = [z for z in r.zips if z != labelled["zip"]]
    spaced = [z for m in _SPACED_ZIP.finditer(without_ids) if len(z := re.sub(r"\s", "", m.group(0))) == 5]
    if not r.zips and not r.address and len(spaced) == 1:
        r.zips = spaced  # "6 0 6 5 4", "43 275"
    r.names, r.name_unclear = names_in(without_ids, db)
    if not r.zips and r.names and found and not _NEW_HOME.search(t):
        # "My name is Mei Patel, and I live at 445 Maple Drive, Suite 394, Fort Worth, Texas, 76165": a name with the
        # customer's own address, its zip the one to log in with (before: "I also need the zip code on your account")
        r.zips = ZIP.findall(found[-1].group(0))[-1:]
        r.home_said = bool(r.zips)
    # "im calling for my dad, Aarav Nguyen 75268": someone else's details, which log no one in
    r.for_other = bool(ON_BEHALF.search(t) or _OTHERS_DETAILS.search(t) or for_someone_else(t, r.names)) and \
        not _MY_OWN.search(t)
    if r.for_other:
        r.other_emails, r.emails = r.other_emails + r.emails, []
        r.names, r.zips = [], []
    # "my email address is X", "the e-mail address on my account": a login, no shipping address (before: read as an
    # address change, and "What is the new address?" asked right after the login)
    r.intents = {k for k, p in INTENTS.items() if p.search(_EMAIL_ADDRESS.sub("email", t))}
    # "please don't cancel it", "no, I dont need it returned": an action the message refuses is not asked for
    kept = _MIND_CHANGED_ON_ACTION.sub(" ", _REFUSED_ACTION.sub(" ", t))
    r.refused = {k for k in r.intents & {"cancel", "return", "exchange", "modify"} if not INTENTS[k].search(kept)}
    r.intents -= r.refused
    # "if I can't cancel just that item, can all the items be switched ...?": the action of the condition is not asked for
    r.intents -= {k for k in r.intents & {"cancel", "return", "exchange"} if not INTENTS[k].search(_IF_CANT.sub(" ", t))}
    if asks_for_person(t) or _INDIRECT_PERSON.search(without_declined_person(t)):
        # "can I talk to a human?", "i'd rather deal with an actual human being", "is anyone there who isn't a
        # machine"; not "the sales representative told me ..."
        r.intents.add("human")
    if asks_compensation(t):
        # "i want compensation for the hassle, not just a return. who can i talk to about that": the return ruled out is
        # not asked for, and the person asked after takes the case (before: the return proposed, the question ignored)
        if _NOT_JUST_RETURN.search(t):
            r.intents -= {"return", "exchange"}
        if _WHO_TO_ASK.search(t):
            r.intents.add("human")
    if _COMPLAINT.search(t) and not (r.intents & {"cancel", "return", "exchange", "modify", "address", "payment"} or
                                     ORDER_ID.search(t) or mentioned_items(t, [p.name for p in db.products.values()]) or
                                     any(w.removesuffix("s") in _catalogue_words() - _GENERIC_WORDS
                                         for w in re.findall(r"[a-z]+", t.lower()))):
        # a complaint alone: a person takes it, as a request no tool can handle (before: the menu again); one about an
        # item or order ("the kettle arrived cracked, I want to file a complaint") is met with what can be done for it
        r.intents.add("human")
    r.refund_timing = bool(REFUND_TIMING.search(t))
    if r.refund_timing and _PAST_Q.match(t) and not re.search(r"\b(?:when|how (?:long|soon|many days))\b", t, re.I):
        r.refund_timing = False  # "has the refund come through yet?": whether it has, asked of the order (below)
    r.refund_form = bool(REFUND_FORM.search(t))
    r.fee = bool(FEE.search(t)) and "?" in t
    if r.refund_timing or r.refund_form or r.fee:  # "when will the refund hit my card?" asks for no return, lookup or payment change
        rest = FEE.sub(" ", REFUND_FORM.sub(" ", REFUND_TIMING.sub(" ", t)))
        r.intents = {k for k in r.intents if (asks_for_person(rest) if k == "human" else INTENTS[k].search(rest))}
    if "return" in r.intents and _refund_of_difference_only(t) and not re.search(r"\bI will return from order\b", question or "") \
            and (r.intents & {"exchange", "modify"} or
                 _ITEM_CHANGE_PROPOSED.search(question or "") and not _WHOLE_REFUND.search(t)):
        # (at a return's proposal: where its refund goes)
        # "the helmet in red instead, if it's cheaper refund to paypal": the exchange's money; so is "put the refund on
        # paypal" said at an exchange's proposal (before: read as a return of the item, proposed and written)
        r.intents.discard("return")
    if "return" in r.intents and not re.search(r"\bI will return from order\b", question or "") and \
            not INTENTS["return"].search(_REFUND_WAIVED.sub(" ", t)):
        # "whether or not there's a refund, go ahead", "I don't care about the refund", "no return needed, just the
        # swap": a refund or return said as indifference or refused asks for none (before: at an exchange's proposal,
        # a return of its items proposed instead, or the items to return asked for)
        r.intents.discard("return")
    if r.address:
        r.intents.add("address")
    elif r.names and r.zips and _ADDRESS_LABEL.search(t) and r.intents <= {"address"} and not _NEW_HOME.search(t):
        # "Name: Kovacs Evelyn. Address: 505 Cedar Avenue, Jacksonville, 32117": who is speaking, labelled, to log in
        # (before: "What is the new address?")
        r.intents.discard("address")
    if "payment" in r.intents and _REFUND_TO.search(t) and not _ORDER_PAYMENT_CHANGE.search(t):
        r.intents.discard("payment")  # "i'd rather get the money on my visa": where a refund goes, no payment change
        if r.intents <= {"modify"} and not r.order_ids and re.search(r"\bI will return from order\b[^?]*\brefund \$",
                                                                    question or ""):
            # "would it be possible to put the money on my gift card instead" at a return's proposal: that return's
            # refund (its "instead" no item change; before: "a delivered order's payment can't be changed", dropped)
            r.intents = {"return"}
    if "payment" in r.intents and re.search(r"\bI will return from order\b[^?]*\brefund \$", question or "") and \
            not set(r.order_ids) - {"#" + w for w in re.findall(r"#?(W\d{7})\b", question or "")}:
        # "can it go to my gift card instead?", "put it on my gift card instead" at a return's proposal: where its
        # refund goes, the delivered order's payment being no longer changeable (before: read as that payment
        # change, refused, and the return dropped); another order named is that order's payment change
        r.intents = (r.intents - {"payment"}) | {"return"}
    if "modify" not in r.intents and "exchange" not in r.intents and any(
            mentioned_items(m.group("old"), [p.name for p in db.products.values()]) for m in _ARROW.finditer(t)):
        r.intents.add("modify")  # "kettle -> stainless steel 1.5 liters": an item changed to other options
    if "modify" not in r.intents and "exchange" not in r.intents and (
            not r.intents & {"return", "cancel"} and any(mentioned_items(m.group("old"), [p.name for p in db.products.values()])
                                                         for m in _SHOULD_BE.finditer(t)) or _wish_beside_return(t, db)):
        r.intents.add("modify")  # "the small pet bed should be a large one": that item changed to another option
    said = without_declined_person(t)  # "no need for a supervisor, it was ordered by mistake": no "no need" reason
    said = _WRONG_ORDER_NAMED.sub(" ", said)
    # ("no need to read it all out, yes": a hurry, not the reason 'no longer needed')
    # ("no need to wait, go ahead", "no need to ask again": a go-ahead, no reason either)
    said = re.sub(r"\bno need to (?:read|go through|list|repeat|explain|spell|wait|ask|check|confirm|double[\s-]?check)\b"
                  r"[^,.;!?]*", " ", said, flags=re.I)
    for reason, pattern in REASONS.items():
        if pattern.search(said):
            r.reason = reason
            break
    if r.reason == "no longer needed" and REASONS["ordered by mistake"].search(said) and \
            not REASONS["no longer needed"].search(re.sub(r"\bchanged my mind\b", " ", said, flags=re.I)):
        # "I changed my mind - please cancel #W1. I ordered it by mistake": the mind changed because of the mistake,
        # the reason the customer gave (before: 'no longer needed')
        r.reason = "ordered by mistake"
    r.other_reason = r.reason is None and bool(OTHER_REASON.search(t))
    kinds = [(m.start(), k) for k, p in PAYMENT_KINDS.items() for m in p.finditer(t)]
    passing = {m.start(): _passing_method(t, m.start(), m.end()) for p in PAYMENT_KINDS.values() for m in p.finditer(t)}
    kinds = [(a, k) for a, k in kinds if passing.get(a) != "aside"]  # (a balance asked, a gift given: no method wished)
    # the methods named as the ones to leave ("switch it from my mastercard to paypal", "mastercard -> paypal"), of
    # kinds and brands together, so a brand so named gives way to the kind named to move to
    spans = [(m.start(), m.end()) for p in (*PAYMENT_KINDS.values(), CARD_BRAND) for m in p.finditer(t)]
    old_methods, unusable = _old_methods(t, spans), _unusable_methods(t, spans)
    r.payment_kind = _new_method(t, kinds, old_methods, unusable)
    r.refund_method_asked = any(
        "?" in q and re.search(r"\b(?:refund\w*|money|reimburs\w*)\b", q, re.I) and
        (CARD_BRAND.search(q) or any(p.search(q) for p in PAYMENT_KINDS.values()))
        for q in re.findall(r"[^.!?\n]*\?", t))
    ruled = {k for a, k in kinds if _ruled_out_method(t, a) or passing.get(a) == "ruled"}
    if ruled:
        # "return the watch, and don't put the refund on the gift card": the gift card is ruled out, not the one to use
        # (before: proposed); another kind named beside it is the one ("on paypal, not the gift card")
        kept = [k for a, k in sorted(kinds) if k not in ruled]
        r.not_kinds = sorted(ruled)
        r.payment_kind = r.payment_kind if r.payment_kind in kept else (kept or [None])[0]
    r.original_payment = bool(ORIGINAL_PAYMENT.search(t))
    answer = _without_ruled_methods(t, question, [(m.start(), m.end(), k) for k, p in PAYMENT_KINDS.items()
                                                  for m in p.finditer(t) if k in ruled and
                                                  (_ruled_out_method(t, m.start()) or passing.get(m.start()) == "ruled")])
    # "No longer needed." / "dont need it anymore" is a reason, not a no (a "no" before it still is one)
    # a refund waived or said not to matter ("don't need a refund of the difference, go ahead", "refund or not, go
    # ahead") is an aside, not a no (before: read as one, and the exchange dropped); a plain yes is asked for once
    waived = answer if re.search(r"\bI will return from order\b", question or "") else _REFUND_WAIVED.sub(" ", answer)
    plain = _REASON_NOT_NO.sub("", re.sub(r"\bno longer\b", "", waived, flags=re.I))
    # a yes, as every reference agent reads one (probe.targets.consent), with the store's words; the
    # cancellation reason said again ("yes, no longer needed") stands beside it
    said_back = _restated_object(_restated_address(_restated_method(_REASON_AGAIN.sub(" ", t), question), question), question)
    r.yes = is_confirmation(said_back, question, STORE_ACTIONS)
    # "nah, that's all, go ahead", "nope that's everything, cancel it": the "nah" says there is nothing to add, and the
    # go-ahead after it is meant as a yes, though not a plain one (the consent reading sees the "nah"): asked once for
    # a plain yes, as a yes with an aside (before: read as a no, and the request dropped)
    nothing_more_yes = not r.yes and bool(m := _NOTHING_MORE.match(said_back)) and \
        is_confirmation(said_back[m.end():], question, STORE_ACTIONS)
    # (the verifier's consent reading takes no such yes for a plain one: the clerk asks once, keeping the request)
    # a yes with an aside ("yes, I don't think I'll need it") or a bare yes in another language ("si", "oui"): asked
    # once for a plain yes, saying so (the consent reading takes neither for a yes; before: the proposal repeated with
    # no word of why, or "take your time")
    # "no complaints, go ahead", "no objections", "not a problem": no no (asked once for a plain yes where the consent
    # reading takes it for none)
    objectionless = no_objection_yes(said_back, question)
    if r.yes and objectionless and not _plain_no_objection(said_back):
        # "none from me, proceed" at a return from an item with a 'none' option: its words said back in the summary
        # made it a yes, though the consent reading the verifiers share no code with takes only the common "no
        # problem" / "no worries" openers beside a yes (before: written, a yes that was none); asked once for a plain yes
        r.yes = False
    r.aside_yes = not r.yes and (nothing_more_yes or objectionless or _without_aside(said_back) != said_back and
                                 is_confirmation(_without_aside(said_back), question, STORE_ACTIONS) or
                                 bool(_FOREIGN_YES.fullmatch(t.strip())) or
                                 # ("the gift card's not relevant, go ahead" at a refund to PayPal: a yes beside a
                                 # method ruled out that the proposal does not use; asked once for a plain yes)
                                 answer != t and is_confirmation(answer, question, STORE_ACTIONS) or
                                 waived != answer and is_confirmation(waived.strip(" ,.;-"), question, STORE_ACTIONS))
    if r.aside_yes:  # (the whole reply is the yes and its aside: "the refund" of "hopefully the refund shows up" asks no return)
        r.intents, r.refund_timing = set(), False
    r.restated_yes = not r.yes and (plain_order := _restated_order(said_back, question)) != said_back and \
        is_confirmation(plain_order, question, STORE_ACTIONS)
    r.no = bool(NO.search(plain)) or bool(_LATE_NO.search(plain)) or bool(_SOFT_NO.search(plain)) or bool(re.search(r"\bnever ?mind\b|\bchanged my mind\b", plain, re.I)) or bool(r.refused)
    r.no = r.no and not nothing_more_yes and not objectionless
    r.urgent = bool(URGENT.search(t)) and not _NOT_URGENT.search(t)
    named_same = _same_product_named(t, db)  # ("I want the very same skateboard", "the same pet bed again")
    r.same_one = bool(SAME_ONE.search(t)) or named_same
    if r.same_one and (_SEND_ANOTHER.search(t) or named_same and re.search(
            r"\b(?:send|ship|give|get|want|need|like|replace|replacement)\b", t, re.I)) and not r.intents & {"cancel", "return"}:
        r.intents.add("exchange")  # "it stopped working; just send me another exactly like it": an exchange, for itself
    # (stated, not asked: "is it still processing?" is a question)
    r.stated_status = any(_states_status(c) for c in re.split(r"(?<=[.!?;\n])", t))
    r.default_address = default_address_asked(t)
    # ("bill the whole order to my mastercard": the order's payment, not every item of it)
    # ("yes thats all of them. use my visa ... for the difference" to the note "make sure these are all the items":
    # the note answered, not every item of the order asked for; before, the order's other items were asked about)
    noted = _NO_OTHER_CHANGES.sub(" ", t) if "make sure these are all the items" in (question or "") else t
    r.all_items = bool(ALL_ITEMS.search(_ORDER_PAYMENT_CHANGE.sub(" ", noted)))
    # "return all of #W1 but the watch", "all in order #W1 except ...": the order's items, all
    r.all_items = r.all_items or bool(re.search(r"\ball\s+(?:of|in|from)\s+(?:the\s+|my\s+)?(?:order\s+)?#W\d{7}\b", t, re.I))
    r.bye = bool(BYE.search(t))
    r.thanks = bool(THANKS.search(t))
    r.holding = bool(HOLDING.search(t))
    r.closing = bool(CLOSING.search(t)) and not KEEPS_OPEN.search(t) and not r.holding
    if nothing_more_yes:  # (its "that's all" says there is nothing to add, and is no goodbye)
        r.bye = r.closing = False
    if r.urgent and not (r.bye or r.thanks):
        # "I don't have time to go through all my orders": a hurry, its "all" no closing (before: the chat ended)
        r.closing = False
    r.abandon = bool(ABANDON.search(answer.replace("\u2019", "'")))  # (not "forget what I said about the gift card")
    r.negated_orders = [o for o in r.order_ids if all(negated_at(t, m.start()) for m in
                                                      re.finditer(rf"#?{o[1:]}\b", t, re.I))]
    r.negated_orders += [o for o in _orders_taken_back(t) if o in r.order_ids and o not in r.negated_orders]
    # "cancel #W1 and #W2. actually no, don't cancel #W1, just the makeup one": an order whose last mention, after a
    # correction, takes it back is taken back (before: its earlier mention stood and it was the one proposed)
    for o in r.order_ids:
        spots = [m.start() for m in re.finditer(rf"#?{o[1:]}\b", t, re.I)]
        if o not in r.negated_orders and len(spots) > 1 and negated_at(t, spots[-1]) and \
                CORRECTION.search(t, spots[0], spots[-1]):
            r.negated_orders.append(o)
    if r.negated_orders and set(r.negated_orders) == set(r.order_ids) and r.intents & {"payment", "address"} and \
            not r.default_address and all(_KEPT_ORDER.search(t[:m.start()]) for o in r.negated_orders
                                          for m in re.finditer(rf"#?{o[1:]}\b", t, re.I)):
        # "don't cancel order #W1, just pay with my mastercard instead", "keep order #W1 going, put it on the mastercard":
        # the order kept is the one the change is for, no other order being named (before: "Which order is this about?")
        r.negated_orders = []
    r.correction = bool(CORRECTION.search(t)) and not r.abandon
    digits = CARD_DIGITS.search(t)
    r.card_last4 = next((g for g in digits.groups() if g), None) if digits else None
    left = [a for a, k in kinds if k == "credit_card"] + [m.start() for m in CARD_BRAND.finditer(t)]
    if r.card_last4 and r.payment_kind not in (None, "credit_card") and left and \
            all(a in old_methods or _REPLACED.search(t[max(0, a - 30):a]) for a in left):
        r.card_last4 = None  # "from my card ending 9625 to paypal": the card left, not the one to use
    brand_at = [(m.start(), m.group(1).lower()) for m in CARD_BRAND.finditer(t)]
    brand = _new_method(t, brand_at, old_methods, unusable)
    if r.payment_kind not in (None, "credit_card") and all(a in old_methods or _REPLACED.search(t[max(0, a - 30):a])
                                                           for a, _b in brand_at):
        brand = None  # "switch it from my mastercard to paypal": the card is the one left, PayPal the one to use
    r.card_brand = {"master card": "mastercard", "american express": "amex"}.get(brand, brand) if brand else None
    r.other_card = bool(OTHER_CARD.search(t))
    brands = [(m.group(1).lower().replace(" ", ""), bool(_NOT_THIS_CARD.search(t[max(0, m.start() - 40):m.start()])))
              for m in CARD_BRAND.finditer(t)]
    if brands and all(ruled_out for _b, ruled_out in brands):
        # "not the visa, the other card", "anything but the visa", "don't use the mastercard": every card named is
        # ruled out, so none of them is the one to use (before: the Visa, the only brand said, was proposed)
        r.not_brands = [{"americanexpress": "amex"}.get(b, b) for b, _r in brands]
        r.card_brand, r.other_card = None, True
    if (r.card_last4 or r.other_card) and r.payment_kind is None:
        r.payment_kind = "credit_card"
    if r.card_last4 or r.other_card:
        r.intents.add("payment")
    if "payment" in r.intents and r.payment_kind and _difference_method_only(t, question, r, db):
        # "actually put it on paypal", "send the difference to my paypal" at an exchange's proposal: where its price
        # difference goes, the exchange kept (before: read as the delivered order's payment change, refused, and the
        # exchange dropped); the "actually" is no no to the exchange, the proposal is made again for its own yes
        r.difference_method = True
        r.no = r.correction = False
        # (kept in the request's words as such: "charge it to the gift card" no payment change of the order later)
        r.text = _CHARGE_IT.sub("pay the difference with", r.text)
    # "what did I order? dont change anything": a question, the refused change its topic
    acting = (r.intents | (r.refused if "?" in t else set())) & set(ACTING_KINDS)
    if acting and not (r.address or r.yes or r.reason or (r.payment_kind and _METHOD_OFFERED.match(t))):
        r.question, r.hypothetical = asks_only(t.replace("\u2019", "'"))
        if r.question:  # "did I get refunded for the kettle?": about a return, not one
            # "can I change the address later?": the change is of the address, not of items; "if I cancel
            # it, do I get my money back?": about the cancellation's refund, not a return
            r.topics = acting - {"modify"} if acting & {"address", "payment"} else set(acting)
            if "cancel" in r.topics and not re.search(r"\breturn|\bsend\b[^.?!]*\bback\b", t, re.I):
                r.topics.discard("return")
            r.intents = (r.intents - acting) | {"info"}
    return r


# words of a product name that say what kind, not which product: they find nothing alone
_GENERIC_WORDS = frozenset("smart electric digital wireless portable mechanical indoor action air light led water desk wall "
                           "pet cycling office running garden patio set kit".split())
# a word right before a name that makes it an option, not the item: "change the coffee maker to espresso"
# a word that stands as the thing named: "the luggage", "my big vacuum", "and luggage" (not "daylight bluetooth")
_AS_NOUN = re.compile(r"(?:^|\b(?:the|my|a|an|that|this|those|these|both|our|and|also|plus|or|return|exchange|swap|switch|"
                      r"change|replace|modify|send|back|about|for|of)|[,:;.!?])\s+(?:[a-z0-9-]+\s+){0,2}$|^\s*$")
# (not "the order with the vacuum" or "the one with the vacuum": the item that says which order)
# a pastime, not the item named by it: "I quit gaming" is no Gaming Mouse, "I stopped hiking" no Hiking Boots (before: a
# return of the customer's Gaming Mouse from another order was proposed next)
_ACTIVITY_BEFORE = re.compile(r"\b(?:quit|quitting|stop|stopped|stopping|gave up|give up|giving up|done with|into|love|loved|"
                              r"hate|enjoy|enjoyed|took up|take up|started|don'?t do|no longer do|no more)\s+(?:much\s+|any\s+)?$")
_AS_OPTION = re.compile(r"(?<!order )(?<!one )\b(?:to|into|with|in)\s+(?:an?\s+|the\s+)?$")


# a word of a product name said as what another item should become: "exchange my LED bulb for the daylight bluetooth
# one" is the bulb with Bluetooth, not the Bluetooth Speaker ("return the bluetooth one" still is the speaker)
# ("it was meant to be the luggage one": an order said, no option)
_WANTED_AS = re.compile(r"\b(?:for|to|into|in|with|want|prefer|like)\s+(?:an?\s+|the\s+|some\s+)?"
                        r"(?:(?!(?:return|cancel|send|exchange|swap|change|replace|keep|be)\b)[a-z0-9-]+\s+){0,2}$")
_AN_OPTION_AFTER = re.compile(r"\s+(?:one|ones|version|model|type|kind|option|connectivity)\b")


# other words people use for a product
_ALIASES = {"t shirt": ("tee", "tee shirt"),
            "headphones": ("headset",), "bicycle": ("bike",),
            "espresso machine": ("espresso maker",),  # (not the Coffee Maker by its "maker")
            # "the shoes", "my trainers" of Sneakers ('shoe' only where no Running Shoes is among the names, and
            # never inside another product's name: "running shoes"); "rucksack", "cologne", "power bank", "bbq"
            "sneakers": ("shoe", "trainer"), "backpack": ("rucksack",), "perfume": ("cologne", "fragrance"),
            "portable charger": ("power bank", "powerbank"), "grill": ("barbecue", "bbq"),
            # everyday words for earbuds and dumbbells: before, "the earphone in my other order, please make them black"
            # named no item and the request was dropped ('buds' only in the plural: not "thanks bud")
            "wireless earbuds": ("earphone", "ear phone", "ear bud", "buds"),
            "dumbbell set": ("weights", "dumbells"),
            "luggage set": ("suitcase",), "vacuum cleaner": ("hoover",), "patio umbrella": ("parasol",),
            "led light bulb": ("lightbulb",), "sunglasses": ("shades", "sunnies"),
            "e reader": ("ebook reader", "e book reader", "kindle")}
# words a typo rule must not read as a product ('better' is not 'letter')
_COMMON = frozenset("should would could better little bottle return change cancel please thanks rather order orders "
                    "instead option options another before stupid simple single second charge refund".split())


@lru_cache(maxsize=1)
def _catalogue_names() -> frozenset[str]:
    """The store's product type names (public: the product list), lower case, words split at hyphens
    ('dumbbell set', 't shirt')."""
    from envs.taubench.database import base_db  # noqa: PLC0415

    return frozenset(p.name.lower().replace("-", " ") for p in base_db().products.values())


@lru_cache(maxsize=1)
def _catalogue_words() -> frozenset[str]:
    """The words of the store's product type names, singular: a word that names one product is no typo
    of another ('sneakers' is not 'speaker')."""
    return frozenset(w.removesuffix("s") for n in _catalogue_names() for w in n.split())


@lru_cache(maxsize=1)
def _catalogue_values() -> frozenset[str]:
    """The store's option values, lower case ('synthetic', '1080p', 'black'), but for the bare 'yes' and 'no'."""
    from envs.taubench.database import base_db  # noqa: PLC0415

    return frozenset(v.lower() for p in base_db().products.values() for var in p.variants.values()
                     for v in var.options.values() if len(v) > 1 and v.lower() not in ("yes", "no"))


_KEEP_JUST_BEFORE = re.compile(r"\bkeep(?:ing)?\s+(?:(?:the|my|those|these|that|this)\s+)?$")


def _keeps_option(low: str, a: int, b: int) -> bool:
    """"keep the boots synthetic", "keep the boots otherwise the same": an option of the item kept, the item itself
    changed (not "keep the boots", "keep the boots as they are": the item kept as it is)."""
    if not _KEEP_JUST_BEFORE.search(low[:a]):
        return False
    after = re.match(r"(?:s|es)?\s+(?:(?:in|as|with)\s+)?([\w.%-]+)", low[b:])
    return bool(after) and (after.group(1) in ("otherwise", "still") or after.group(1) in _catalogue_values())


def _other_product_at(low: str, a: int, b: int, full: str) -> bool:
    """The word before ``low[a:b]`` makes it the full name of another product of the store: "the
    dumbbell set" is not the Luggage Set that 'set' alone would stand for."""
    before = re.search(r"([a-z]+)\s+$", low[:a])
    if not before:
        return False
    named = f"{before.group(1)} {low[a:b]}"
    return any(named in (n, n + "s", n + "es") for n in _catalogue_names() if n != full)


def _of_another_product(low: str, b: int, full: str) -> bool:
    """The word after the name at ``low[:b]`` is the last word of another product of the store's, which the name
    only describes ("bike helmet": a Cycling Helmet)."""
    after = re.match(r"\s+([a-z]+)", low[b:])
    return bool(after) and any(n != full and n.split()[-1] in (after.group(1), after.group(1).removesuffix("s"))
                               for n in _catalogue_names())


# the last word of a name said as the size of something else: "exchange my perfume for a smaller bottle" is the
# perfume in a smaller size, not the Water Bottle ("a bigger bottle", "in a larger case")
_A_SIZE_OF = re.compile(r"\b(?:an?|some)\s+(?:smaller|bigger|larger|taller|shorter|tinier|littler|heavier|lighter|"
                        r"cheaper)\s+$")


def _one_off(a: str, b: str) -> bool:
    """One letter changed, added, dropped or two swapped, and the first letter the same."""
    if a == b or not a or not b or a[0] != b[0] or abs(len(a) - len(b)) > 1 or min(len(a), len(b)) < 5:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and
                                  a[diff[1]] == b[diff[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


def _squash(s: str) -> str:
    return re.sub(r"[\s-]+", "", s.lower())


def _plural(name: str) -> str:
    """A name as a pattern, also in the plural: 'kettles', 'boxes', and 'bookshelves' (before: "my two bookshelves"
    named no item)."""
    if name.endswith("f"):
        return re.escape(name[:-1]) + "(?:f|fs|ves)"
    return re.escape(name) + "(?:s|es)?"


def item_mentions(text: str, names: list[str]) -> list[tuple[int, int, str, bool]]:
    """Every place the text names one of these product names: (start, end, name, taken back)
    (``_item_mentions``, memoised: one turn asks it about the same text and names many times, about
    9,800 calls for 2,000 distinct inputs when the customer corpus is played; a new list each call)."""
    return list(_item_mentions(text, tuple(names)))


@lru_cache(maxsize=8192)
def _item_mentions(text: str, names: tuple[str, ...]) -> tuple[tuple[int, int, str, bool], ...]:
    """Every place the text names one of these product names: (start, end, name, taken back).

    A name is found in full (also written together: 'tshirt', 'ereader'), in the plural, by its last
    word ('keyboard') when no other of the names shares that word, by any other distinctive word
    ('luggage' for 'Luggage Set', 'vacuum' for 'Vacuum Cleaner': a word no other of the names has,
    not a word that only says what kind, such as 'smart' or 'electric'), or by the end of its last
    word ('watch' for 'Wristwatch', 'phone' for 'Smartphone') when no other name ends so. A mention
    is taken back when the words before it do ("not the puzzle", "except the lamp").
    """
    # (a dash between spaces breaks the clause as a comma does: "not that one - the luggage one" takes back no luggage)
    low = re.sub(r"(?<=\s)[-\u2013\u2014](?=\s)", ",", text.lower()).replace("-", " ").replace("\u2019", "'")
    unique = list(dict.fromkeys(names))
    split = {n: n.lower().replace("-", " ").split() for n in unique}
    heads = [w[-1] for w in split.values()]
    counts: dict[str, int] = {}
    for w in split.values():
        for x in set(w):
            counts[x] = counts.get(x, 0) + 1
    # the text's words that may end a name ('watch'), read once for every name
    words = [(m.start(), m.end(), m.group(0)) for m in
             re.finditer(r"\b[a-z]{5,}\b(?!\s+(?:numbers?|calls?|line|bill|case|charger))", low)]  # not "phone number"
    found: list[tuple[int, int, str, bool]] = []
    for name in unique:
        ws = split[name]
        full, head = " ".join(ws), ws[-1]
        spans = [(m.start(), m.end()) for m in re.finditer(rf"\b{_plural(full)}\b", low)]
        if len(ws) > 1 or "-" in name:
            spans += [(m.start(), m.end()) for m in re.finditer(rf"\b{re.escape(_squash(name))}s?\b", low)]
        for alias in _ALIASES.get(full, ()):  # 'tee' for a t-shirt
            if any(h in (alias, alias + "s") for n, h in zip(unique, heads) if n != name):
                continue  # (another of the names ends in it: "shoes" beside Running Shoes is those)
            spans += [(m.start(), m.end()) for m in re.finditer(rf"\b{re.escape(alias)}s?\b", low)
                      if not _other_product_at(low, m.start(), m.end(), full)]
        # a name said of another product: "my bike helmet", "the bicycle helmet" name the helmet, not the Bicycle
        spans = [(a, b) for a, b in spans if not _of_another_product(low, b, full)]
        if heads.count(head) == 1:  # the last word alone, also after the full name ("the air purifier ... only the purifier")
            short = [(m.start(), m.end()) for m in re.finditer(rf"\b{_plural(head)}\b", low)]
            if not short and not spans and head.endswith("s") and len(head) > 4:  # 'headphone', 'boot'
                short = [(m.start(), m.end()) for m in re.finditer(rf"\b{re.escape(head[:-1])}\b", low)]
            spans += [(a, b) for a, b in short if not any(x <= a < y for x, y in spans)
                      and not _other_product_at(low, a, b, full) and not _A_SIZE_OF.search(low[:a])]
        if not spans:
            for w in ws[:-1]:
                if len(w) >= 3 and w not in _GENERIC_WORDS and counts.get(w) == 1 and w not in heads:
                    # (or right before "order": "hi yes dumbbell order to ...", "ok so espresso order needs to go to ..."
                    # name the order by its item, after any words; before: no item, and the default address proposed)
                    spans += [(m.start(), m.end()) for m in re.finditer(rf"\b{re.escape(w)}(?:s|es)?\b", low)
                              if (_AS_NOUN.search(low[:m.start()]) or _ORDER_AFTER.match(low[m.end():])) and
                              not _AS_OPTION.search(low[:m.start()]) and
                              not (_WANTED_AS.search(low[:m.start()]) and _AN_OPTION_AFTER.match(low[m.end():])) and
                              not (w.endswith("ing") and _ACTIVITY_BEFORE.search(low[:m.start()]))]
        if not spans:
            for start, stop, w in words:
                if any(5 <= len(x) < len(head) and head.endswith(x) and sum(h.endswith(x) for h in heads) == 1
                       for x in (w, w[:-1] if w.endswith("s") else "", w[:-2] if w.endswith("es") else "")):
                    if w.endswith("s") and head.endswith(w) and any(h.endswith(w[:-1]) and not h.endswith(w) for h in heads):
                        continue  # "two phones": the plural of the phone ending "Smartphone", not the end of "Headphones"
                    spans.append((start, stop))
        if not spans:  # a typo: 'vaccum', 'kettel', 'backpak' (one letter off a word of six or more)
            keys = [x for x in ws if len(x) >= 6 and x not in _GENERIC_WORDS and counts.get(x) == 1]
            for start, stop, w in words:
                if w not in _COMMON and w.removesuffix("s") not in _catalogue_words() and w not in _catalogue_words() and \
                        _AS_NOUN.search(low[:start]) and \
                        any(_one_off(w.removesuffix("s"), x) or _one_off(w, x) for x in keys):
                    spans.append((start, stop))
        found += [(a, b, name, negated_at(low, a) and not _keeps_option(low, a, b) or _kept(low, a, b) or _all_but(low, a))
                  for a, b in spans]
    return tuple(_only_scope(low, sorted(found)))


# "return all of #W1 but the watch", "everything but the laptop": "but" after the whole order meaning "except";
# "cancel order #W1 apart from the speaker": so "apart from", "aside from", "save for" after an order or all of it
_ALL_WORDS = r"\b(?:all|everything|every\s+(?:item|thing)|the\s+rest|(?:the\s+)?(?:whole|entire)\s+(?:order|thing|lot))\b"
_BUT_BEFORE = re.compile(r"(?:\bbut|\bapart from|\baside from|\bsave for|\bbarring)(?:\s+(?:the|my|a|an|that|this|one|of))*\s*$",
                         re.I)


def _all_but(low: str, pos: int) -> bool:
    before = re.split(r"[.;!?]", low[:pos])[-1]
    m = _BUT_BEFORE.search(before)
    if not m:
        return False
    head = before[:m.start()]
    if m.group(0).lstrip().lower().startswith("but"):
        return bool(re.search(_ALL_WORDS, head, re.I))
    return bool(re.search(_ALL_WORDS + r"|\border\b|#?\bw\d{7}\b", head, re.I))


# an item the customer keeps, said after it or before it: "the coffee maker i keep", "my kettle works fine",
# "the lamp is fine", "i love the bookshelf"
_KEPT_AFTER = re.compile(r"^(?:s|es)?\s+(?:(?:i|we)\s*(?:'ll|'m|will|am|want to|wanna|would like to|'d like to)?\s*"
                         r"(?:keep|keeping|love)\b|(?:is|are|was|'s)\s+(?:still\s+|totally\s+|just\s+)?"
                         r"(?:fine|great|good|perfect|ok(?:ay)?|working|staying)\b(?!\s+to\s+go\b|\s+(?:by|with)\s+(?:me|us)\b)|works?\s+(?:fine|great|well|perfectly|ok)\b|"
                         r"(?:can|will)\s+stay\b|stays?\b)|"
                         # after a break, the item kept in a clause of its own: "As for the earbuds, I'll keep those",
                         # "The earbuds - keep them as they are", "Earbuds: no change", "the earbuds, leave them"
                         # (before: taken for the item to change, and the change asked beside it dropped); not
                         # "the boots, I'll keep the skateboard" nor "keep them blue but with 8 hours" (a dash is read
                         # as a space here: "earbuds   keep them")
                         r"^(?:s|es)?(?:\s*[,:;\u2013\u2014-]+\s*|\s{3,})(?:(?:(?:i|we)\s*(?:'ll|will|'m going to|am going to|want to|"
                         r"'d like to|would like to)?\s*)?(?:keep|leave)\s+(?:those|them|it|these|this|that)(?:\s+(?:as\s+"
                         r"(?:is|they are|it is)|alone|unchanged|the same))?|no\s+changes?(?:\s+(?:there|needed|to (?:them|"
                         r"it|those)))?|(?:stay|stays|remain|remains)?\s*(?:unchanged|as\s+(?:is|they are|it is)))"
                         r"(?:\s+(?:please|pls|thanks?))?\s*(?:$|[,.;!)])", re.I)
# (a wish is no keeping: "i'd like the watch in metal", "i would love to return the lamp")
# ("but I still want the laptop", "I still need my backpack": kept too)
_KEPT_BEFORE = re.compile(r"(?<!'d )(?<!would )\b(?:love|loving|adore|happy with|satisfied with|"
                          r"still\s+(?:want|need|wanna|use|like))\s+"
                          r"(?:(?:the|my|a|an|this|that|those|these)\s+)(?:(?!to\b)[a-z0-9'-]+\s+){0,2}$", re.I)


# an item the customer says is no concern of the request: "the keyboard doesn't matter, keep it", "the earbuds don't
# matter", "the desk lamp is irrelevant", "I don't care about the keyboard" (before: the item pulled into an
# exchange and its option asked for, then exchanged; the words waive an option of an item changed, ``waived_options``,
# never add an item). Not "the colour of the keyboard doesn't matter" (an option of it: ``_OPTION_OF_BEFORE``)
_NO_MATTER_AFTER = re.compile(r"^(?:s|es)?\s+(?:really\s+)?(?:doesn'?t|does not|don'?t|do not|dont)\s+(?:really\s+)?matter\b|"
                              r"^(?:s|es)?\s*(?:is|are|'s|'re)\s+(?:not\s+(?:relevant|important)|irrelevant|unimportant)\b", re.I)
_NO_CARE_BEFORE = re.compile(r"\b(?:don'?t|do not|dont)\s+(?:really\s+)?(?:care|mind)\s+about\s+(?:(?:the|my)\s+)?$", re.I)
_OPTION_OF_BEFORE = re.compile(r"\b(?:of|for|on)\s+(?:(?:the|my|that|this)\s+)?$", re.I)


def _kept(low: str, a: int, b: int) -> bool:
    """Whether the words around the mention at ``low[a:b]`` say the customer keeps that item."""
    before = re.split(r"[,.;!?]", low[:a])[-1]
    if _BUT_FAULT_AFTER.match(low[b:]):
        return False  # "love the shoes but they're a bit tight": liked, and to be changed all the same
    if (_NO_MATTER_AFTER.match(low[b:]) or _NO_CARE_BEFORE.search(before)) and not _OPTION_OF_BEFORE.search(before):
        return True
    return bool(_KEPT_AFTER.match(low[b:]) or _KEPT_BEFORE.search(before))


_BUT_FAULT_AFTER = re.compile(r"^(?:s|es)?\s*,?\s*but\s+(?:they|it|the\s+\w+)\s*(?:'re|are|'s|is|were|was|run|runs|feel|feels|"
                              r"don'?t|doesn'?t|didn'?t)\b|"
                              # "the boots are fine they're just a size too small": fine, save for their size
                              r"^(?:s|es)?\s+(?:is|are|'s|'re)\s+(?:fine|ok(?:ay)?|good|great)\W*\s*(?:but\s+)?"
                              r"(?:(?:it'?s|its)\s+)?(?:just\s+|only\s+)?(?:that\s+)?(?:they|it)\s*"
                              r"(?:'re|are|'s|is)\s+(?:just\s+|only\s+)?(?:a\s+)?(?:size|bit|little|tad|too|slightly)\b", re.I)


_ONLY = re.compile(r"\b(?:only|just)\b", re.I)
_ONLY_ALSO = re.compile(r"\b(?:too|also|as well|and the|both)\b", re.I)


def _only_scope(low: str, found: list[tuple[int, int, str, bool]]) -> list[tuple[int, int, str, bool]]:
    """Take back the mentions a later "only" / "just" leaves out: "order #W1: Speaker, Coffee Maker, Bicycle. i
    only want to send back the bicycle", or a pasted notice listing items, then "return just the coffee maker"
    - the items before it only listed, with no store verb in their own sentence."""
    for m in _ONLY.finditer(low):
        end = re.search(r"[.?!\n]|$", low[m.end():])
        stop = m.end() + (end.start() if end else 0)
        inside = [f for f in found if m.end() <= f[0] < stop and not f[3]]
        if not inside or _ONLY_ALSO.search(low[m.start():stop]):
            continue
        names = {f[2] for f in inside}

        def listed(a: int) -> bool:
            start = max(low.rfind(c, 0, a) for c in ".?!\n") + 1
            return not (_RETURN_VERB.search(low[start:a]) or _CHANGE_VERB.search(low[start:a]) or
                        _CANCEL_VERB.search(low[start:a]))
        found = [(a, b, n, neg or (a < m.start() and n not in names and listed(a))) for a, b, n, neg in found]
    return found


def mentioned_items(text: str, names: list[str]) -> list[str]:
    """Which of these product names (e.g. 'Mechanical Keyboard') the text names and did not take
    back, in text order (``item_mentions``). A correction replaces what it corrects: "the puzzle...
    actually no, the t-shirt" names the t-shirt; "not the puzzle, the t-shirt" too; "the puzzle,
    and actually the t-shirt too" both."""
    spans = item_mentions(text, names)
    return [n for _, n in _corrected(text.lower(), [(a, n, neg) for a, _, n, neg in spans])]


# an item named only to say which order: "my hiking boots order", "the boots order's card", "the order with
# the backpack", "the order that has the vacuum in it"
_ORDER_AFTER = re.compile(r"^(?:'s)?\s+order\b", re.I)
_ORDER_BEFORE = re.compile(r"\border\s+(?:with|that has|that had|which has|containing|holding|that contains|for|of)\s+"
                           r"(?:the\s+|my\s+|a\s+|an\s+)?(?:[a-z0-9%-]+\s+){0,2}$", re.I)


def order_naming_items(text: str, names: list[str]) -> set[str]:
    """The product names the text uses only to say which order it means ("change the payment on my
    hiking boots order", "the order with the vacuum should go to ..."): every standing mention of them
    stands right before "order" or after "the order with"; an item so named is no item to change."""
    low = text.lower().replace("-", " ").replace("\u2019", "'")
    uses: dict[str, list[bool]] = {}
    for a, b, name, neg in item_mentions(text, names):
        if not neg:
            uses.setdefault(name, []).append(bool(_ORDER_AFTER.match(low[b:]) or _ORDER_BEFORE.search(low[:a])))
    return {n for n, refs in uses.items() if all(refs)}


# a change of the order's item said of "it" or by an option's name, after the item named only to say which order: "two
# things on the keyboard order: switch it to linear, and ship it to ...", "for my keyboard order please change the
# switches to linear" (not "ship it to 434 Elm St", "switch it to paypal", "change it to my new address")
_IT_BECOMES = re.compile(r"\b(?:make|switch|change|turn|swap|get)\s+(?:it|them|that|this one)\s+(?:(?:over\s+)?(?:to|into|for)\s+)?"
                         r"(?:an?\s+|the\s+)?(?!(?:sure|quick|fast|snappy|happen|work|easy|simple|right|go|so|priority|clear|"
                         r"sense|the|my|our|your|both|all|ship|shipped|arrive|there|here|back|off|out|up|on|over|a|an|paypal|"
                         r"pay|card|gift|visa|mastercard|master|credit|debit|amex|new|different|another|address|instead|"
                         r"payment|cancel\w*|return\w*)\b)[a-z]", re.I)


def item_change_of_order_item(text: str, options: dict[str, str]) -> bool:
    """The request changes the item that it named only to say which order: it says what "it" should become, or names
    one of the item's options ("the switches", "the colour"), as ``_IT_BECOMES`` reads it."""
    low = text.lower().replace("-", " ").replace("\u2019", "'").replace("colour", "color")
    keys = {w for k in options for w in k.lower().split() if len(w) > 3 and w not in ("type", "size")} | \
        ({"size"} if "size" in options else set())
    return bool(_IT_BECOMES.search(low)) or any(
        re.search(rf"\b(?:the|its|their)\s+{re.escape(k)}(?:e?s)?\b", low) for k in keys)


def mention_windows(text: str, name: str, names: list[str]) -> list[str]:
    """The words around each standing mention of ``name`` that may describe which one is meant ("the
    black electric kettle", "the kettle in silver, for a black one": 'black', 'in silver'), up to the
    words that say what it should become ("for", "to", "into"; "make it", "should be", "a": "the smaller pet bed -
    make it large", "make the small pet bed a large": 'smaller', 'small', not 'large')."""
    low = text.lower().replace("-", " ").replace("\u2019", "'")
    out = []
    for a, b, n, neg in item_mentions(text, names):
        if n != name or neg:
            continue
        before = re.split(r"[,.;!?]|\b(?:and|but|or|for|to|into|from|with)\b", low[:a])[-1].split()[-4:]
        after = re.split(r"[.;!?]|\b(?:for|to|into|instead|and|but|from|->|with (?:a|an|the)|so|make|should|needs?|a|an)\b", low[b:])[0].split()[:6]
        out.append(" ".join(before + after))
    return out


_RETURN_VERB = re.compile(r"\b(?:return\w*|retrun|retun|retrn|reutrn|send\b[^.?!,]{0,25}?\bback|refund\w*|get rid of|"
                          r"go back(?! to\b))\b", re.I)
_CHANGE_VERB = re.compile(r"\b(?:exchang\w*|swap\w*|switch\w*|chang\w*|replac\w*|modif\w*|upgrad\w*|trade\w*|make (?:it|them))\b",
                          re.I)


_CANCEL_VERB = re.compile(r"\b(?:cancel\w*|call off)\b", re.I)


_WISH_AFTER = re.compile(r"\b(?:should|needs? to|ha(?:s|ve) to|must) be\s+(?!(?:delivered|shipped|sent|returned|refunded|cancel|"
                         r"here|there|arriving|on its way|the same)\b)", re.I)


# a wish for another option in an item's own clause, after a verb of an earlier clause; and what ends that clause
_WISH_LATER = re.compile(_WISH_AFTER.pattern + r"|\b(?:can|could)\s+(?:it|they)\s+be\s+(?!(?:delivered|shipped|sent|"
                         r"returned|refunded|cancel|here|there)\b)|\binstead of\b", re.I)
_CLAUSE_BREAK = re.compile(r"[,.;!?]|\b(?:also|plus)\b")
# a clause that names an item with no verb of its own, after a cancellation or a return ("cancel the pet bed order, and
# the earbuds in black please"): its words before the item (a joining word and an article), and, after the item, a
# wish for another option ("in black", "can they be 30-50 lbs", "i'd like them black", "should be white")
_BARE_CLAUSE = re.compile(r"(?:^|[,.;!?\n]|\b(?:and|also|plus)\b)\s*(?:(?:and|also|plus|oh|then|so|um+|ok|okay)\s+)*"
                          # a wish with no store verb: "i want the vacuum as bagged", "i'd like my kettle in black",
                          # "can i get the lamp in white", "pls the jacket in L"
                          r"(?P<wish>(?:(?:i|we)\s*(?:'d|d|\s+would)?\s+(?:really\s+|just\s+|also\s+)?(?:want|wanna|like|"
                          r"need|prefer)(?:\s+to\s+(?:have|get))?|(?:can|could|may)\s+(?:i|we)\s+(?:get|have)|"
                          r"please|pls|plz)\s+)?"
                          r"(?P<np>(?:the|my|those|these|that|this)\s+)?$", re.I)
_OPTION_WISH = re.compile(r"^[\s,:-]*(?:in|as)\s+(?!(?:my|the|that|this|order|it)\b)|"
                          r"\b(?:can|could|would)\s+(?:it|they|them|those|these|that|one)\s+(?:be|come)\b|"
                          r"\b(?:i'?d|id|i would|i|we'?d|we)\s+(?:like|want|prefer|need)\s+(?:it|them|those|one|ones)\b|"
                          r"\b(?:should|needs? to|ha(?:s|ve) to|must)\s+be\b", re.I)


def _names_value(text: str, variants: list[dict[str, str]], name: str) -> bool:
    """Whether the text names an option value of the product, also one spelt without its punctuation ("wifi")."""
    if wanted_options(text, {}, variants, name):
        return True
    squashed = re.sub(r"[^a-z0-9 ]", "", text.lower())
    values = {re.sub(r"[^a-z0-9 ]", "", v.lower()) for options in variants for v in options.values()}
    return any(len(v) > 2 and re.search(rf"\b{re.escape(v)}\b", squashed) for v in values - {"yes", "no", "none"})


def verb_for_bare_wish(text: str, db: RetailDB) -> str:
    """The text with "change" put before an item named in a clause with no verb of its own that asks for another of
    its product's option values, beside a cancellation or a return ("cancel the pet bed order, no longer
    needed, and the earbuds in black please" -> "... and change the earbuds in black please"): the earbuds are
    changed, not cancelled with the verb said before (before: their order was proposed for cancellation, and
    cancelled on the yes). Also a wish said first, with no store verb, before the return: "i want the vacuum cleaner
    as bagged pet hair removal and i want to return the keyboard" (before: the vacuum taken into the return, its
    pending order said not returnable, and the change lost)."""
    low = text.lower().replace("\u2019", "'")
    acts = [m.start() for pattern in (_CANCEL_VERB, _RETURN_VERB) for m in pattern.finditer(low)]
    if not acts:
        return text
    products = {}
    for p in db.products.values():
        products.setdefault(p.name, []).extend(v.options for v in p.variants.values())
    inserts = []
    for a, b, name, neg in item_mentions(text, sorted(products)):
        lead = _BARE_CLAUSE.search(low[:a])
        if neg or not lead:
            continue
        rest = re.split(r"[.;!?\n]|\band\b", low[b:], maxsplit=1)[0]
        # (a wish said before the return: with a wish word, or "in"/"as" right after the item; "the headphones should be
        # wireless. also the jacket ... send it back" is ``_wish_beside_return``'s, its jacket's verb said after it)
        if not any(p < a for p in acts) and not (any(p > b for p in acts) and (
                lead.group("wish") or re.match(r"[\s,:-]*(?:in|as)\s+(?!(?:my|the|that|this|order|it)\b)", rest))):
            continue
        if _CANCEL_VERB.search(rest) or _RETURN_VERB.search(rest) or _CHANGE_VERB.search(rest) or \
                not _OPTION_WISH.search(rest) or not _names_value(rest, products[name], name):
            continue
        inserts.append(lead.start("np") if lead.group("np") else a)
    for at in sorted(inserts, reverse=True):
        text = text[:at] + "change " + text[at:]
    return text


def verb_before(text: str, pos: int) -> str | None:
    """The store verb said last before ``pos``: 'return' or 'items' (an exchange or change); None when there is none
    ("return the navy jacket and exchange the black one": 'return' at the navy one, 'items' at the black one)."""
    low = text[:pos].lower().replace("\u2019", "'")
    verbs = sorted([(m.start(), "return") for m in _RETURN_VERB.finditer(low)] +
                   [(m.start(), "items") for m in _CHANGE_VERB.finditer(low)])
    return verbs[-1][1] if verbs else None


def item_verbs(msgs: list[str], names: list[str], cancel: bool = False) -> dict[str, set[str]]:
    """Which action each item named is asked for: 'return' or 'items' (an exchange or change), by the store
    verb that stands before its mention ("exchange the speaker for a blue one and return the pet bed": the
    speaker 'items', the pet bed 'return'); a message with no verb goes on with the last one said. With
    ``cancel``, 'cancel' too ("cancel the puzzle order and return the kettle": the puzzle 'cancel')."""
    out: dict[str, set[str]] = {}
    last: str | None = None
    for text in msgs:
        low = text.lower().replace("\u2019", "'")
        verbs = sorted([(m.start(), "return") for m in _RETURN_VERB.finditer(low)] +
                       [(m.start(), "items") for m in _CHANGE_VERB.finditer(low)] +
                       ([(m.start(), "cancel") for m in _CANCEL_VERB.finditer(low)] if cancel else []))
        for a, _b, name, neg in item_mentions(text, names):
            if neg:
                continue
            before = [k for p, k in verbs if p < a]
            kind = before[-1] if before else (verbs[0][1] if verbs else last)
            rest = re.split(r"[.?!;\n]", low[a:], maxsplit=1)[0]
            if not before and verbs and (wish := _WISH_AFTER.search(rest)) and not any(a < p < a + wish.start()
                                                                                     for p, _k in verbs):
                kind = "items"  # "the headphones should be wireless. also send the jacket back": not the later verb's
            elif before and (wish := _WISH_LATER.search(rest)) and _CLAUSE_BREAK.search(low[[p for p, _k in verbs
                                                                                          if p < a][-1]:a]) and \
                    not any(a < p < a + wish.start() for p, _k in verbs):
                # "return the boots, ... and the earbuds can they be black instead of white": a wish of the item's own
                # clause, not the earlier clause's verb (before: the earbuds read as returned, and no change asked)
                kind = "items"
            if kind:
                out.setdefault(name, set()).add(kind)
        if verbs:
            last = verbs[-1][1]
    return out


_ITEM_VERB = re.compile(r"\b(?:return|exchange|swap|switch|change|replace|modify|send back|send)\b", re.I)
_SCOPE_END = re.compile(r"[.?!;]|\b(?:because|since|as|but|so|if|when|cause|cuz)\b", re.I)
_NP = re.compile(r"^\s*(?:also\s+)?(?:the|my|a|an|both|those|these|this|that|our)\s+((?:[a-z][a-z'-]*\s*){1,4}?)"
                 r"(?=\s*(?:$|\b(?:to|for|into|from|in|on|with|that|which|too|as well|please|pls|instead|back)\b))", re.I)
_NP_VERBS = frozenset("is isn't are aren't was wasn't were weren't doesn't don't didn't does do did has have had fits "
                      "fit feels feel looks look seems seem runs run came come arrived broke broken".split())
_NOT_ITEMS = frozenset("one ones item items thing things stuff rest order orders same other others color colour colors size "
                       "sizes option options version model kind type style payment address card method refund money way "
                       "everything all whole lot pair it them first second third last new old wrong right difference balance".split())


def named_things(text: str) -> list[tuple[int, int, str]]:
    """What the customer asks to return, exchange or change, as they named it: (start, end, words) of
    each noun phrase after a store verb ("return the puzzle and the frisbee": 'puzzle', 'frisbee'),
    not words for no particular item ('the one', 'the rest', 'the color')."""
    low = text.lower().replace("\u2019", "'")
    out = []
    for verb in _ITEM_VERB.finditer(low):
        end = _SCOPE_END.search(low, verb.end())
        scope_end = end.start() if end else len(low)
        pos = verb.end()
        for part in re.split(r",|\band\b|\bplus\b|&", low[pos:scope_end]):
            m = _NP.match(part)
            if m:
                words = m.group(1).split()
                # the words up to a verb: "the navy one is too big" is 'navy one' (before: 'navy one is', an item
                # "couldn't find" in the order)
                words = words[:next((i for i, w in enumerate(words) if w in _NP_VERBS), len(words))]
                if words and words[-1] not in _NOT_ITEMS and words[0] not in _NOT_ITEMS and \
                        not set(words) & {"i", "you", "we", "it", "they", "he", "she"} and \
                        not any(c.isdigit() for c in m.group(1)):
                    start = low.find(m.group(1), pos)
                    said = re.match(r"\s*" + r"\s+".join(map(re.escape, words)), m.group(1))
                    out.append((start, start + len((said.group(0) if said else m.group(1)).rstrip()), " ".join(words)))
            pos += len(part) + 1
    return out


# the spellings of a unit a customer may write after a number, each family under the catalogue's own words for it:
# "2 liter", "2L", "2 litres" for "2 liters"; "14 inch", '14"', "12-inch" for "14 inches"; "6 foot" for "6 ft"
_UNIT_SPELLINGS = (
    ("liter", "liters", "litre", "litres", "l", "ltr", "ltrs"),
    ("ml", "mls", "milliliter", "milliliters", "millilitre", "millilitres"),
    ("inch", "inches", '"', "″", "”"),
    ("hour", "hours", "hr", "hrs", "h"),
    ("ft", "foot", "feet", "'", "’"),
    ("gb", "gig", "gigs", "gigabyte", "gigabytes"),
    ("tb", "terabyte", "terabytes"),
    ("mp", "megapixel", "megapixels"),
    ("w", "watt", "watts"),
    ("cup", "cups"),
    ("degree", "degrees", "°"),
    ("mm", "millimeter", "millimeters", "millimetre", "millimetres"),
    ("lb", "lbs", "pound", "pounds"),
    ("piece", "pieces", "pc", "pcs"),  # "4 pieces", "4pc" for "4-piece"
)
_UNIT_OF = {spelling: family for family in _UNIT_SPELLINGS for spelling in family}


def unit_family(unit: str) -> tuple[str, ...] | None:
    """The spellings of the unit ``unit`` is one of ("liter" -> liter, liters, litre, L ...), or None."""
    return _UNIT_OF.get(unit.lower())


def _unit_pattern(number: str, unit: str) -> str:
    """A number and its unit in any of the unit's spellings, with or without a space or hyphen between."""
    family = unit_family(unit) or (unit.lower(),)
    words = "|".join(re.escape(w) for w in sorted(family, key=len, reverse=True))
    return rf"(?<![a-z0-9'’.$]){re.escape(number)}\s*(?:{words})(?![a-z0-9])"


def _value_at(value: str, low: str) -> list[int]:
    v = re.sub(r"[-_/]", " ", value.lower()).strip()
    if not v:
        return []
    found = [m.start() for m in re.finditer(rf"(?<![a-z0-9'’]){re.escape(v)}(?![a-z0-9])", low)]
    measured = re.match(r"(\d+(?:\.\d+)?)\s*([a-z]+)(?:\s|$)", v)
    if measured and unit_family(measured.group(2)):  # "2 liters" said "2 liter", "2L"; "1TB SSD" said "1 TB"
        found += [m.start() for m in re.finditer(_unit_pattern(*measured.groups()), low) if m.start() not in found]
    if rng := re.fullmatch(r"(\d+) (\d+) [a-z]+", v):  # "5-25", "5 to 25" for '5-25 lbs' (before: read only with its unit)
        found += [m.start() for m in re.finditer(rf"(?<![\w.$#'’]){rng.group(1)}\s*(?:to\s+|–\s*)?{rng.group(2)}(?![\d.])", low)
                  if m.start() not in found]
    head = v.split()[0]
    if " " in v and re.fullmatch(r"\d+(?:\.\d+)?[a-z]+", head):  # "100W" for '100W equivalent'
        found += [m.start() for m in re.finditer(rf"(?<![a-z0-9'’.]){re.escape(head)}(?![a-z0-9])", low)
                  if m.start() not in found]
    return sorted(found)


def _plain(text: str, variants: list[dict[str, str]] | None = None) -> str:
    low = " " + re.sub(r"[-_/]", " ", text.lower()) + " "
    return _value_words(_figures(low, variants), variants) if variants else low


# words that say no value alone, though a value holds them ("over" of 'over-ear', "light" of 'light blue')
# and words said in passing beside an item ("more space" of a laptop is no 'space grey', "at night" no 'night mode',
# "rechargeable batteries" no 'AA batteries'), colours and the words of a value that says what it lacks ("water
# resistant" is not 'not resistant')
_NOT_VALUE_WORDS = frozenset("over under light dark with without small large medium extra super ultra high low the and "
                             "inch inches liter liters litre litres hours hour pieces piece color colour size type space "
                             "night smart built press batteries white black silver green brown beige grey gray "
                             "purple orange yellow".split())


def _value_words(low: str, variants: list[dict[str, str]]) -> str:
    """A value of several words said by the one word of it that no other value of the product holds: "the stainless
    one" -> "the stainless steel one" where a material is 'stainless steel', "an adapter one" -> 'AC adapter' (before:
    not read, and the closest variant by the other options proposed: a glass kettle for "the stainless 2 liter one")."""
    values = {re.sub(r"[-_/]", " ", v.lower()).strip() for options in variants for v in options.values()}
    words: dict[str, set[str]] = {}
    for v in values:
        for w in v.split():
            words.setdefault(w, set()).add(v)
    for v in sorted(values, key=len, reverse=True):
        parts = v.split()
        if len(parts) < 2 or {"not", "no", "non", "without"} & set(parts):
            continue
        for w in parts:
            if len(w) < 5 or not w.isalpha() or w in _NOT_VALUE_WORDS or len(words.get(w, ())) != 1 or w in values:
                continue
            whole = [(m.start(), m.end()) for m in re.finditer(rf"(?<![a-z0-9]){re.escape(v)}(?![a-z0-9])", low)]
            at = [m for m in re.finditer(rf"(?<![a-z0-9]){re.escape(w)}(?![a-z0-9])", low)
                  if not any(a <= m.start() < b for a, b in whole)]
            for m in reversed(at):
                low = low[:m.start()] + v + low[m.end():]
    return low


def _figures(low: str, variants: list[dict[str, str]]) -> str:
    """Number words that say an option value in figures: "a four-piece set" -> "4 piece" where a value is "4-piece",
    "size eleven" -> "size 11" where the sizes are numbers. Before, the words were passed over and another variant
    proposed as the closest (a 2-piece set; the boots kept in size 10) without a word of the size asked for. Other
    number words stay ("the blue one", "two t-shirts")."""
    units = {m.group(1) for options in variants for v in options.values()
             if (m := re.match(r"\d+(?:\.\d+)?[\s-]*([a-z]+)", v.lower()))}
    keys = {k.lower() for options in variants for k, v in options.items() if re.fullmatch(r"\d+(?:\.\d+)?", v)}

    def run(m: re.Match[str]) -> str:
        words = re.split(r"[\s-]+", m.group(0).lower())
        if words[0] in ("oh", "zero") or len(words) > 2 or len(words) == 2 and words[0] not in _TENS:
            return m.group(0)
        after = re.match(r"[\s-]*([a-z]+)", low[m.end():], re.I)
        before = re.search(r"([a-z]+)\s+$", low[:m.start()], re.I)
        if after and after.group(1).lower() in units or before and before.group(1).lower() in keys:
            return _digits(words)
        return m.group(0)

    return _NUMBER_RUN.sub(run, low) if units or keys else low


def option_score(text: str, options: dict[str, str]) -> int:
    """How many of a variant's option values the text mentions ('clicky', 'Google Home', '1000ml')."""
    low = _plain(text, [options])
    return sum(1 for key, value in options.items() if _value_at(value, low) or key.lower() == "size" and _size_said(value, low))


# an option value said only to rule an item out: "that isn't black", "the non-black one" (with negated_at's "not the
# black one", "other than the black one")
_RULED_OUT = re.compile(r"(?:\b(?:isn|aren|wasn|weren|doesn|don)['’]?t|\bnon|\bnot)\s+(?:(?:the|a|an|my|one|in|be|have)\s+){0,2}$")


def option_ruled_out(text: str, options: dict[str, str]) -> int:
    """How many of a variant's option values the text names only to rule them out ("the speaker, not the black one",
    "the speaker that isn't black", "the non-black speaker"). Before, option_score counted them as the item's
    description, and the excluded item was proposed."""
    low = _plain(text, [options]).replace("\u2019", "'")
    return sum(1 for value in options.values()
               if (at := _value_at(value, low)) and all(negated_at(low, p) or _RULED_OUT.search(low[:p]) for p in at))


def _size_said(letter: str, low: str) -> bool:
    """A letter size said as a word: "my small t-shirt", "the extra large one" (not "too small", "a large order")."""
    words = [w for w, x in _LETTER_SIZES.items() if x == letter]
    return any(not re.search(r"\b(?:too|so|very|extra|x)\s+$", low[:m.start()]) and
               not re.match(r"\s+(?:order|amount|number|problem|issue|change|difference)\b", low[m.end():])
               for w in words for m in re.finditer(rf"(?<![a-z]){w}(?![a-z])", low))


def _yes_no_option(low: str, pos: int, size: int, key: str, vocabulary: set[str]) -> bool:
    """A 'yes' / 'no' that is an option value: beside its option's name ("waterproof: no"), in a list of
    values ("no silver", "5K, no"), or asked for ("to yes"); not "hmm no, actually grey"."""
    # this yes / no beside the option's name, within one sentence, and not after a name already refused: "no water
    # resistance. Yes, refund the difference" and "no water resistance, yes please" keep water resistance no (before:
    # any yes near the name was read as the value, and the proposal flipped it without a word)
    k = re.escape(key.lower())
    if re.match(_BESIDE + k, low[pos + size:]):
        return True
    named = re.search(rf"{k}{_BESIDE}$", low[:pos])
    if named and not _FLAG_REFUSED.search(re.split(r"[,.;!?]", low[:named.start()])[-1]):
        return True
    before, after = low[:pos].split()[-1:], low[pos + size:].split()[:1]
    words = [w.strip(",.;:!?") for w in before + after]
    if any(w in vocabulary or any(w == x.split()[-1] or w == x.split()[0] for x in vocabulary) for w in words if w):
        return True
    return bool(before) and before[0].strip(",") in ("to", "with", "want", "prefer", "be")


_BESIDE = r"[^\w.!?\n]{1,3}"  # what may stand between an option's name and a literal yes / no: no sentence end


# a yes/no option taken back by the words before its name: "without water resistance", "not waterproof", "non-waterproof",
# "one that isn't water resistant", "don't need it waterproof", "no water resistance"
_FLAG_REFUSED = re.compile(r"\b(?:without|no|not|non|never|nor|instead of|rather than|(?:isn|aren|doesn|don|dont|do not|does not)"
                           r"(?:'?t)?(?:\s+(?:need|want|have|be|to|it|them|any|the|a))*)\s+(?:(?:be|being|any|the|a|an)\s+)?$")


def _flag_named(low: str, key: str) -> list[tuple[int, int, str]]:
    """(position, length, 'yes' or 'no') of each naming of a yes/no option by its own word, not beside a literal
    yes or no (read as the value itself): "size 11 leather waterproof" is waterproof yes, "red 20 hours without water
    resistance" is water resistance no. Before, only "waterproof: yes" was read, and the item's own value kept."""
    words = re.findall(r"[a-z]+", key.lower())
    if not words:
        return []
    last = words[-1]
    if last.endswith(("ance", "ant", "ent")):  # "water resistance", "water-resistant", "water resistent"
        last = re.sub(r"(?:ance|ant|ent)$", "", last) + "(?:ance|ant|ent)"
    last = re.sub(r"(?<=[a-z])proof$", r"\\s*proof", last)  # "water-proof", "water proof"
    pattern = r"\s*".join(map(re.escape, words[:-1])) + (r"\s*" if len(words) > 1 else "") + last
    if words[0].startswith("water"):  # "waterproof" said of water resistance, "water resistant" of waterproof (before:
        pattern = r"water\s*(?:proof|resist(?:ance|ant|ent))"  # passed over, and the item's own value kept unsaid)
    out = []
    for m in re.finditer(rf"(?<![a-z]){pattern}(?![a-z])", low):
        before = re.split(r"[,.;!?]", low[:m.start()])[-1]
        if (re.match(_BESIDE + r"(?:yes|no)\b", low[m.end():]) and not _FLAG_REFUSED.search(before)) or \
                re.search(r"\b(?:yes|no)" + _BESIDE + "$", low[:m.start()]):
            continue  # "waterproof: no", "no waterproof": the literal value says it
        out.append((m.start(), m.end() - m.start(), "no" if _FLAG_REFUSED.search(before) else "yes"))
    return out


def _none_named(low: str, key: str) -> list[tuple[int, int]]:
    """(position, length) of each "no backlight", "without a backlight", "backlight: none", "non-backlit" of an option
    that has the value 'none': that value asked for. Before, the words were passed over and the nearest variant (a
    white backlight) proposed as what the customer wanted."""
    words = re.findall(r"[a-z]+", key.lower())
    if not words:
        return []
    stem = r"\s*".join(map(re.escape, words))
    if len(words) == 1 and len(words[0]) > 5 and words[0].endswith(("light", "lit")):
        stem = re.escape(re.sub(r"(?:light|lit)$", "", words[0])) + r"\s*(?:light(?:ing|s)?|lit)"  # "backlit", "backlighting"
    # ("I dont need backlight", "one with no lights at all": the value 'none' too)
    lights = r"|(?:no|without(?:\s+(?:a|any))?|zero)\s+light(?:s|ing)?" if words[-1].endswith("light") else ""
    pattern = (rf"(?<![a-z])(?:(?:no|without(?:\s+(?:a|any|the))?|not|non|zero)\s+{stem}{lights}|"
               rf"(?:don'?t|dont|do not|won'?t)\s+(?:need|want|care about)\s+(?:a\s+|any\s+|the\s+)?{stem})(?![a-z])|"
               rf"(?<![a-z]){stem}{_BESIDE}none(?![a-z])")
    return [(m.start(), m.end() - m.start()) for m in re.finditer(pattern, low)]


# "from linear to tactile", "the clicky keyboard to a tactile one", "my black one into a white one", "black -> white":
# between two values of one option, up to three words (no "and", "not", "instead" ...) and then "to" / "into" / "for" /
# "->": the first value names what the item is now, the second what it should become
_FROM_TO_GAP = re.compile(r"\s+(?:(?!(?:and|or|but|with|not|no|in|to|into|for|from|instead|rather|than|also|plus|"
                          r"then|same|keep)\b)[a-z'%]+\s+){0,3}?(?:(?:in|on|of|from)\s+(?:my\s+)?(?:order\s+)?#?w\d{7}\s+)?(?:to|into|for|>)\s+(?:(?:a|an|the|some|my|one)\s+)?")


def _from_to(low: str, values: dict[str, set[str]]) -> list[tuple[str, int, str, str]]:
    """Each "from X to Y" of one option said in ``low`` (``_plain``): (option, where X is, X, Y)."""
    out = []
    for key, vals in values.items():
        said = sorted((pos, v) for v in vals if v.lower() not in ("yes", "no") for pos in _value_at(v, low))
        for i, (p1, v1) in enumerate(said):
            end = p1 + len(re.sub(r"[-_/]", " ", v1))
            if negated_at(low, p1) or _RULED_OUT.search(low[:p1]) or _other_key_named(low, p1, end - p1, key, values):
                continue
            for p2, v2 in said[i + 1:]:
                if v2 != v1 and p2 > end and _FROM_TO_GAP.fullmatch(low[end:p2]) and \
                        not _other_key_named(low, p2, len(v2), key, values):
                    out.append((key, p1, v1, v2))
                    break
    return out


def said_as_now(text: str, current: dict[str, str], variants: list[dict[str, str]]) -> list[tuple[str, str, str]]:
    """The "from X to Y" changes whose X is not what the item is now ("switch the clicky keyboard to a tactile one" of
    a tactile keyboard): (option, X, Y). Before, X was taken for the value wanted, and the opposite change proposed."""
    values: dict[str, set[str]] = {}
    for options in variants:
        for k, v in options.items():
            values.setdefault(k, set()).add(v)
    own = {v.lower() for v in current.values()}
    return [(key, x, y) for key, _, x, y in _from_to(_plain(text), values) if key in current and x.lower() not in own]


def waived_options(text: str, keys: list[str]) -> set[str]:
    """The options the customer says they don't mind ("ram doesnt matter", "I don't care about the colour", "any storage
    is fine", "whatever screen size"): no longer asked for, though named before (before: "more ram" kept, and the
    6.5-inch phone asked for next was "not in that combination")."""
    low = text.lower().replace("\u2019", "'").replace("colour", "color")
    out = set()
    for key in keys:
        k = key.lower()
        names = "|".join(re.escape(x) for x in dict.fromkeys([k, k.split()[-1] if k.split()[-1] not in ("type", "size")
                                                                 else k, k.split()[0]]) if len(x) > 1)
        if re.search(rf"\b(?:the\s+)?(?:{names})\s+(?:doesn'?t|does not|dont|won'?t|really doesn'?t)\s+(?:really\s+)?matter|"
                     rf"\b(?:don'?t|do not|dont)\s+(?:really\s+)?(?:care|mind)\s+(?:about|for|which|what)\s+(?:the\s+)?(?:{names})\b|"
                     rf"\b(?:any|whichever|whatever)\s+(?:{names})\s+(?:is\s+|'s\s+)?(?:fine|ok|okay|good|works|will do)\b|"
                     # ("whatever screen size", not "don't want any backlight")
                     rf"\bwhatever\s+(?:{names})\s*(?:$|[,.;!])|\b(?:{names})\s+(?:is\s+)?(?:not important|irrelevant|unimportant)", low):
            out.add(key)
    return out


# an amount said relative to the item's own: "1000 more pieces", "an extra 1000", "1000 pieces more than the 500 I have"
_MORE_THAN_N = re.compile(r"\b(\d+)\s+(?:[a-z]+\s+)?(more|fewer|less)\s+than\s+(?:the\s+|my\s+|this\s+|that\s+)?(?:\d+\b)?")
_N_MORE = re.compile(r"\b(?:an?\s+)?(?:(extra|additional)\s+(\d+)|(\d+)\s+(more|extra|additional|fewer|less))\b")


def _relative_amounts(low: str, current: dict[str, str]) -> str:
    """The text with an amount said relative to the item's one numeric option written as the amount it comes to:
    "same difficulty but 1000 more pieces" of a 500-piece puzzle -> "1500 pieces" (before: 1000 read as the number
    wanted, and the one option asked to stay given up for it); the number after "more than" is the item's own, no
    value wanted. Unchanged where the item has no numeric option, or more than one."""
    numeric = [v for v in current.values() if re.fullmatch(r"\d+", v)]
    if len(numeric) != 1:
        return low
    own = int(numeric[0])

    def more_than(m: re.Match[str]) -> str:
        n = int(m.group(1))
        return f"{own + n if m.group(2) == 'more' else max(own - n, 0)} "

    def n_more(m: re.Match[str]) -> str:
        n = int(m.group(2) or m.group(3))
        return f"{max(own - n, 0) if m.group(4) in ('fewer', 'less') else own + n}"

    return _N_MORE.sub(n_more, _MORE_THAN_N.sub(more_than, low))


def wanted_options(text: str, current: dict[str, str], variants: list[dict[str, str]], name: str = "") -> dict[str, str]:
    """The option values the text asks for, per option (key): for each key, the value mentioned last
    and not taken back ("green. hmm no actually grey": grey; "grey, not green": grey). The item's own value
    counts only when it is named after another value of that option, and not to describe the item ("the
    speaker for a red one" - "yes, but make the speaker blue with 20 hours": blue again, kept; "my blue
    speaker for a red one": red); before, it never counted, and the other value named earlier stayed.
    'yes' / 'no' count only beside their option's name ("waterproof: no")."""
    low = _relative_amounts(_plain(text, variants), current)
    nouns = {w for w in re.findall(r"[a-z]+", name.lower()) if len(w) > 2} | {"one", "ones"}
    values: dict[str, set[str]] = {}
    for options in variants:
        for k, v in options.items():
            values.setdefault(k, set()).add(v)
    out = {}
    vocabulary = {re.sub(r"[-_/]", " ", v.lower()) for vals in values.values() for v in vals} - {"yes", "no"}
    sized = _size_words(low, values)
    # the X of "from X to Y" says what the item is (or was said to be) now, and is no value wanted
    was = {(key, pos) for key, pos, _, _ in _from_to(low, values)}
    owns: set[str] = set()  # the options whose own value is named on its own ("same 750ml size please")
    for key, vals in values.items():
        best: tuple[int, str] | None = None
        own = -1  # where the item's own value is named last, asking for it
        said = [(pos, len(v.strip()), v, False) for v in vals for pos in _value_at(v, low)
                if key == "size" or pos not in sized]  # ("a medium" taken as size M is no medium ventilation)
        if key == "size":
            said += [(pos, size, v, False) for pos, (size, v) in sized.items()]
        if {v.lower() for v in vals} <= {"yes", "no"}:  # "waterproof", "without water resistance"
            said += [(pos, size, v, True) for pos, size, v in _flag_named(low, key)]
        if none := next((v for v in vals if v.lower() == "none"), None):
            said += [(pos, size, none, True) for pos, size in _none_named(low, key)]
        for pos, size, v, flag in said:
            if (key, pos) in was:
                continue
            if not flag and v.lower() in ("yes", "no") and not _yes_no_option(low, pos, len(v), key, vocabulary):
                continue
            if not flag and (negated_at(low, pos) or _RULED_OUT.search(low[:pos]) or  # ("one that isn't black")
                             _other_key_named(low, pos, size, key, values)):
                continue
            if v == current.get(key):
                after = re.match(r"\s+([a-z]+)(?:\s+([a-z]+))?", low[pos + size:])
                if not (after and nouns & set(after.groups())):  # ("my blue speaker", "the blue one")
                    own = max(own, pos)
                continue
            if best is None or pos > best[0]:
                best = (pos, v)
        if best and own > best[0]:
            out[key] = current[key]
        elif best:
            out[key] = best[1]
        elif own >= 0:
            owns.add(key)
    if any(current.get(k) != v for k, v in out.items()):
        # beside a change, an option the customer fixes stays as it is: its own value named ("for a stainless steel
        # one, same 750ml size please") or the option kept in words ("keep the sizes", "size matters more than
        # colour"); before, the nearest variant could change it while an option never named stayed
        for key in values:
            if key not in out and key in current and (key in owns or _kept_option(low, key)):
                out[key] = current[key]
    return out


def either_values(text: str, variants: list[dict[str, str]]) -> dict[str, set[str]]:
    """Values of one option said as alternatives, neither taken back ("silver or black", "black or white is fine"):
    option -> the values, any of which the customer takes."""
    low = _plain(text, variants)
    values: dict[str, set[str]] = {}
    for options in variants:
        for k, v in options.items():
            values.setdefault(k, set()).add(v)
    out: dict[str, set[str]] = {}
    for key, vals in values.items():
        spans = sorted((pos, pos + len(re.sub(r"[-_/]", " ", v)), v) for v in vals if v.lower() not in ("yes", "no", "none")
                       for pos in _value_at(v, low) if not negated_at(low, pos))
        for (_a, b, v1), (a2, _b, v2) in zip(spans, spans[1:]):
            if v1 != v2 and re.fullmatch(r"\s*,?\s*or\s+(?:(?:a|an|the)\s+)?", low[b:a2]):
                out.setdefault(key, set()).update({v1, v2})
    return out


def named_values(text: str, variants: list[dict[str, str]]) -> set[tuple[str, str]]:
    """Every (option, value) the text names and does not take back, the item's own value included ("changed to a
    bagless one" of a bagless vacuum): what the options listed for a choice should keep first."""
    low = _plain(text, variants)
    return {(k, v) for options in variants for k, v in options.items() if v.lower() not in ("yes", "no") and
            any(not negated_at(low, pos) for pos in _value_at(v, low))}


def _kept_option(low: str, key: str) -> bool:
    """Whether the text keeps option ``key`` as it is: "same size", "keep the colours", "size matters more"."""
    words = {w for w in re.findall(r"[a-z]+", key.lower()) if w not in _GENERIC_KEY_WORDS - {"color", "colour", "size"}}
    if words & {"capacity", "length", "volume", "size"}:
        words |= {"size"}
    if words & {"color", "colour"}:
        words |= {"color", "colour"}
    if not words:
        return False
    w = "(?:" + "|".join(sorted(words)) + ")s?"
    return bool(re.search(rf"\b(?:same|keep(?:ing)?|don'?t change|do not change|not change|stick with)\s+(?:the\s+|my\s+|its\s+|their\s+)?"
                          rf"(?:\w+\s+)?{w}\b|\b{w}\s+(?:matters?|is (?:more |most )?important|stays?|the same)\b", low))


# letter sizes said in words: "a medium", "size large", "in extra large", "medium size" (not "it's too small")
_LETTER_SIZES = {"extra extra large": "XXL", "xx large": "XXL", "extra small": "XS", "x small": "XS",
                 "extra large": "XL", "x large": "XL", "small": "S", "medium": "M", "large": "L"}
_SIZE_WORD = re.compile(r"(?<![a-z])(" + "|".join(_LETTER_SIZES) + r")(?![a-z])")
_SIZE_BEFORE = re.compile(r"\b(?:size|an?|in|for|to|the|into|with|cheapest)\s+$")
_SIZE_AGAINST = re.compile(r"\s*,?\s*(?:instead of|rather than|not|in place of|over)\s+(?:an?\s+|the\s+|size\s+)?(?:"
                           + "|".join(_LETTER_SIZES) + r")(?![a-z])")


def _size_words(low: str, values: dict[str, set[str]]) -> dict[int, tuple[int, str]]:
    """Where a product whose "size" option is in letters (S, M, L) has one said as a word: position -> (length,
    letter). "swap my helmet for a medium, same blue": size M, not the helmet's medium ventilation (before: the
    ventilation changed and the size kept); "medium vents" still names the ventilation."""
    letters = values.get("size") or set()
    if not letters & set(_LETTER_SIZES.values()):
        return {}
    other = {w for k, vals in values.items() if k != "size" for v in vals for w in re.findall(r"[a-z]+", k.lower())}
    out = {}
    for m in _SIZE_WORD.finditer(low):
        letter = _LETTER_SIZES[m.group(1)]
        after = low[m.end():m.end() + 20]
        if letter not in letters or any(re.match(rf"\s+{re.escape(w[:4])}", after) for w in other):
            continue  # ("medium ventilation", "medium vents")
        # ("medium instead of large", "medium rather than large": set against another size, a size too)
        if _SIZE_BEFORE.search(low[:m.start()]) or re.match(r"\s+(?:size|one)\b", after) or \
                _SIZE_AGAINST.match(low[m.end():m.end() + 40]):
            out[m.start()] = (len(m.group(1)), letter)
    return out


_GENERIC_KEY_WORDS = {"color", "colour", "type", "size", "material", "style", "option", "options"}


def _other_key_named(low: str, pos: int, length: int, key: str, values: dict[str, set[str]]) -> bool:
    """Whether a value two options share ("brown": a frame colour and a lens colour) is said of another option
    than ``key``: "brown lenses", "lenses in brown", "the lens brown" name the lens colour, not the frame's.
    Before: "brown lenses instead of blue" changed the frame colour too."""
    v = low[pos:pos + length]
    if sum(1 for vals in values.values() if any(x.lower() == v for x in vals)) < 2:
        return False
    def words(k: str) -> set[str]:
        return {w for w in re.findall(r"[a-z]+", k.lower()) if w not in _GENERIC_KEY_WORDS}
    near = re.findall(r"[a-z]+", low[pos + length:pos + length + 20])[:2] + re.findall(r"[a-z]+", low[max(0, pos - 15):pos])[-2:]
    def says(k: str) -> bool:
        return any(n.startswith(w) for n in near for w in words(k))
    others = [k for k in values if k != key and says(k)]
    return bool(others) and not says(key)


def _number_key(v: str) -> float:
    m = re.match(r"\d+(?:\.\d+)?", v)
    return float(m.group(0)) if m else float("inf")


def _unit_name(unit: str) -> str:
    """One name for all spellings of a unit ("litres", "L" -> "liter"), to compare values by."""
    family = unit_family(unit)
    return family[0] if family else unit.lower()


def unknown_options(text: str, variants: list[dict[str, str]]) -> list[tuple[str, str, list[str]]]:
    """Option values the text asks for that the product has in no variant, as (option, the words said, the values
    it has): a number with the unit the option's values carry ("256GB" where the storage is 64GB or 128GB), or a
    bare number after the option's name ("size 11" where the sizes are 8, 9 and 10). Words the option's values
    do not take that shape of are not read here (``wanted_options`` reads the values that exist)."""
    text = _figures(text, variants)  # ("size fifteen")
    values: dict[str, set[str]] = {}
    for options in variants:
        for k, v in options.items():
            values.setdefault(k, set()).add(v)
    out = []
    for key, vals in values.items():
        shaped = [m for v in vals if (m := re.fullmatch(r"(\d+(?:\.\d+)?)[\s-]*([A-Za-z]+)(?:\s+[A-Za-z]+)?", v))]
        units = {m.group(2).lower() for m in shaped}
        if all(re.fullmatch(r"\d+-\d+(?:\s*[A-Za-z]+)?", v) for v in vals):  # ranges: "10-30", "10 to 30 lbs" of '5-25 lbs'
            said = [(f"{m.group(1)}-{m.group(2)}", m.group(0)) for m in re.finditer(
                r"(?<![\w.$#'’-])(\d{1,3})\s*(?:-|–|to)\s*(\d{1,3})(?![\d.])(?:\s*(?:lbs?|pounds?)\b)?", text, re.I)]
            have = {v.split()[0].lower() for v in vals}
        elif all(re.fullmatch(r"\d+(?:\.\d+)?", v) for v in vals):
            said = [(m.group(1), f"{key} {m.group(1)}") for m in re.finditer(
                rf"\b{re.escape(key)}\s*(?:of\s+|is\s+|:\s*)?(\d+(?:\.\d+)?)(?!\w|\.\d)", text, re.I)]  # ("for a size 11.")
            have = {v.lower() for v in vals}
        elif len(shaped) == len(vals):  # ("64GB", "100W equivalent": the number and its unit, in any spelling of it)
            spellings = {w for u in units for w in (unit_family(u) or (u,))}
            words = "|".join(map(re.escape, sorted(spellings, key=len, reverse=True)))
            said = [(m.group(1) + _unit_name(m.group(2)), m.group(0)) for m in re.finditer(
                rf"(?<![\w.$])(\d+(?:\.\d+)?)[\s-]*({words})(?![\w])", text, re.I)]
            have = {m.group(1) + _unit_name(m.group(2)) for m in shaped}
        else:
            continue
        for value, words in said:
            if value.lower() not in have and not _value_of_other_key(value, key, values):
                out.append((key, words, sorted(vals, key=_number_key)))
                break
    return out


def _value_of_other_key(value: str, key: str, values: dict[str, set[str]]) -> bool:
    """Whether a figure said ("32GB") is a value of another option of the product (the RAM, not the storage that
    takes GB too): no unknown value of this one (before: "the Laptop doesn't come in 32GB; the storage options ...")."""
    for k, vals in values.items():
        for v in vals:
            m = re.fullmatch(r"(\d+(?:\.\d+)?)\s*([A-Za-z]+)(?:\s+[A-Za-z]+)?", v)
            if k != key and m and (m.group(1) + _unit_name(m.group(2))).lower() == value.lower():
                return True
    return False


def order_clauses(text: str) -> dict[str, str]:
    """Of a message asking things of two orders each named by its id in its own sentence or clause ("In #W1 change
    the white mouse to black. In #W2 exchange the puzzle ...", "swap the mouse in #W1, and the puzzle in #W2"), each
    order's own part of the text: the sentences naming it, and the ones after them naming no order ("... Also the
    notebook"); a clause naming no order before the one whose id ends it goes with that one ("exchange the puzzle
    and the notebook in #W2"). Parts naming both orders, or none before any id, go with each. Empty when the message
    does not split so (one order, or every part naming several), and then the whole text speaks for each order
    (before: an item named in the clause about one order was also taken from the other order holding that product,
    and a yes changed the item the customer never asked to change)."""
    def cut(s: str, at: str) -> list[str]:  # the pieces, each keeping the words that end it
        ends = [m.end() for m in re.finditer(at, s, flags=re.I)]
        return [s[a:b] for a, b in zip([0] + ends, ends + [len(s)])]

    pieces: list[str] = []
    for sentence in cut(text.replace("\u2019", "'"), r"[.?!;\n]+|\b(?:second(?:ly)?|third(?:ly)?|also|plus)\b"):
        ids = {m.upper() for m in ORDER_ID.findall(sentence)}
        pieces += cut(sentence, r",|\band\b|\bthen\b") if len(ids) > 1 else [sentence]
    owners: list[str | None] = []
    for p in pieces:
        ids = {"#" + m.upper() for m in ORDER_ID.findall(p)}
        owners.append(next(iter(ids)) if len(ids) == 1 else ("" if ids else None))
    if len({o for o in owners if o}) < 2:
        return {}
    for i, p in enumerate(pieces):
        if owners[i] is not None or not re.search(r"[a-z]{3,}", p, re.I):
            continue
        before = next((j for j in range(i - 1, -1, -1) if owners[j]), None)
        after = next((j for j in range(i + 1, len(pieces)) if owners[j]), None)
        trails = before is not None and not re.search(r"\bW\d{7}\b\W*(?:\w+\b\W*){3,}$", pieces[before], re.I)
        owners[i] = owners[after] if after is not None and (before is None or trails) else \
            (owners[before] if before is not None else "")
    return {o: "".join(p for p, w in zip(pieces, owners) if w in (o, "", None)).strip()
            for o in dict.fromkeys(w for w in owners if w)}


def request_clauses(text: str) -> list[str]:
    """The sentences of a request, each of its own errand: cut at a full stop, ";", "->" lists' lines, ", and",
    "also" and "plus" (not at a bare "and": "the kettle and yoga mat order" is one order)."""
    return [c for c in re.split(r"[.?!;\n]+|,\s*(?:and|but)\b|\b(?:also|plus|secondly|second)\b", text.replace("\u2019", "'"),
                                flags=re.I) if c and c.strip()]


# an item described by what it does rather than by a product's name: "the reading gadget", "the electronic book thing",
# "the e-book", "that music device" (a word before 'thing' that says which, not "the whole thing" or "the same thing")
_VAGUE_THING = re.compile(r"\b(?:the|my|that|this|those|these|his|her|our)\s+((?:[a-z]+\s+){0,3}?"
                          r"(?:(?:[a-z]+\s+)(?:gadget|thing|thingy|thingie|device|gizmo|contraption|doohickey|whatsit|"
                          r"whatchamacallit|contraption)|e\s?book|ebook))s?\b", re.I)
_NOT_VAGUE = frozenset("whole same other only first last main best worst real one important weird funny "
                       "right wrong new old next entire".split())


def vague_things(text: str) -> list[tuple[int, int, str]]:
    """Where the text names an item by a description that is no product's name ("the reading gadget", "the e-book"):
    (start, end, words), for the clerk to ask which item is meant rather than drop it."""
    low = text.lower().replace("-", " ").replace("\u2019", "'")
    out = []
    for m in _VAGUE_THING.finditer(low):
        words = m.group(1).split()
        if len(words) >= 2 and words[-2] in _NOT_VAGUE or words[0] in _NOT_VAGUE:
            continue
        out.append((m.start(1), m.end(1), text[m.start(1):m.end(1)]))  # (the text's own spelling: "e-book")
    return out
