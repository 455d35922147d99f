"""How the retail reference target reads customer English (rules, no model).

Separate from ``envs.taubench.verifier_text`` on purpose: the verifiers judge the target with an
independent reading, so a blind spot here shows up as a violation there instead of hiding it.

``read(text)`` returns a ``Reading``: identifiers (order ids, emails, user ids, zip codes, names
found in the database), the request kinds asked for, a cancellation reason, a payment kind, an
address, yes / no, hurry, a stated order status, and "the same one".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from envs.taubench.database import RetailDB
from probe.targets.consent import is_confirmation
from probe.targets.phrases import CLOSING, KEEPS_OPEN, abandon_pattern, asks_for_person, without_declined_person

ORDER_ID = re.compile(r"#?\b(W\d{7})\b", re.I)
EMAIL = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")
USER_ID = re.compile(r"\b([a-z]+_[a-z]+_\d{3,5})\b")
ZIP = re.compile(r"(?<![#\w])(\d{5})(?![\w-])")
WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")

# the store's words for its actions, which may stand beside a yes ("yes, return them", "exchange it please")
STORE_ACTIONS = re.compile(r"return|returns|exchange|exchanges|refund|refunded|send (?:it|them|those) back|send back|back", re.I)
_REASON_AGAIN = re.compile(r"\b(?:(?:it'?s|it is|because|reason|as)\s+)?(?:no longer needed|no longer need(?:s|ed)? it|"
                           r"ordered (?:it )?by mistake)\b", re.I)
NO = re.compile(r"^\W*(no|nope|nah|don'?t|do not|wait|hold on|stop|never ?mind|not yet|actually)\b", re.I)
URGENT = re.compile(r"\b(asap|urgent(ly)?|hurry|rush(ed)?|right (away|now)|quick(ly)?|immediately|no time)\b", re.I)
SAME_ONE = re.compile(r"\b(same (one|item|model|thing|kind)|identical|exact same|just like (it|the old one)|another one of the same)\b", re.I)
STATED_STATUS = re.compile(r"\b(still pending|is pending|it'?s pending|hasn'?t (shipped|been shipped)|not (yet )?shipped|"
                           r"has(n'?t| not) (left|gone out))\b", re.I)
DEFAULT_ADDRESS = re.compile(r"\b(default|profile|account|my address on file|home address)\b", re.I)
ALL_ITEMS = re.compile(r"\b(everything|all (the |of the )?items|the whole order|all of it)\b", re.I)
# a message of thanks and nothing else ("Great, thank you so much for your help!")
_THANK = (r"(thanks?( you)?|thank u|thx|ty|cheers|great|perfect|awesome|cool|got it|wonderful|excellent|"
          r"(much )?appreciated?( it)?|i appreciate (it|that|your help)|so much|very much|a lot|again|"
          r"(for )?(all )?(your|the) (help|time|assistance)|for helping( me)?|ok(ay)?|alright|all right|oh|also|and|"
          r"that'?s (great|perfect|wonderful|fantastic|helpful|good)|you'?ve been (very |so |really )?helpful)")
THANKS = re.compile(r"^\W*" + _THANK + r"(\W+" + _THANK + r")*\W*$", re.I)
# the customer closing the conversation; "that's it" only where it ends a clause, not "that's it?" or
# "that's it, cancel it" (the clerk also requires that the message asks for nothing: reference_target)
BYE = re.compile(r"\b(bye|goodbye|good-bye|that'?s (all|everything)|that is (all|everything)|that'?ll be all|"
                 r"that will be all|that'?s it(?=\s*(,|\.|!|$|for (now|today)|thanks?|thank you))|"
                 r"nothing (else|more)|no,? thanks?|no,? thank you|no more (questions|help)|i'?m done|we'?re done|"
                 r"(i'?m|we'?re) (all )?(good|set)(?=\s*(,|\.|!|$|thanks?|thank you))|all set|all good|"
                 r"have a (nice|good|great|lovely|wonderful) (day|one|evening|weekend)|take care|"
                 r"^\W*nothing( else| more)?( for now| today| at the moment)?(?=\W*($|thanks?\b|thank you)))", re.I)
# dropping the request in hand (probe.targets.phrases.ABANDON), with a store's words: "I don't want to
# return it any more", "leave the order as it is", "I'll keep the jacket"
ABANDON = abandon_pattern(
    r"(don'?t|do not|no longer) (want|need) to (cancel|return|exchange|change|modify|update|send back) (it|that|this|them|"
    r"anything|the order|my order)( any ?more| after all)?|leave (the|my) order (as (it is|it was)|alone|be)|"
    r"i'?ll (just )?keep (it|them|the \w+|my \w+)(?= *[.!,]| *$)|keep the order as it is")

INTENTS: dict[str, re.Pattern[str]] = {
    "cancel": re.compile(r"\b(cancel(l?ing|l?ed|lation)?|call off)\b", re.I),
    "return": re.compile(r"\b(return(ed|ing)?|send (\w+ ){1,3}back|send back|bring (it|them) back|"
                         r"refund(ed)?|money back)\b", re.I),
    "exchange": re.compile(r"\b(exchang(e|ed|ing)|swap(ped)?|replac(e|ed|ement)|trade)\b", re.I),
    "modify": re.compile(r"\b(chang(e|ed|es|ing)|modif(y|ied|ying)|switch(ed|ing)?|updat(e|ed|ing)|instead of|"
                         r"upgrade|downgrade|different (size|color|colou?r|one|option|version)|instead|prefer(red)?|rather have)\b", re.I),
    "address": re.compile(r"\b(address|ship(ping)? to|deliver(ed)? to|moved|new place)\b", re.I),
    # a card named without its kind is a payment method too: "can it go on a different card?", "use my other card"
    "payment": re.compile(r"\b(pay(ment|ing)?|(how|what) (i|we) paid|charge|bill(ed)?|gift ?card|paypal|credit ?card|debit ?card|visa|mastercard|"
                          r"(?:other|another|different|new|my|a) card)\b", re.I),
    "info": re.compile(r"\b(status|where is|track(ing)?|what'?s in|what did i|details|arrive|when will)\b", re.I),
}
REASONS = {
    "no longer needed": re.compile(r"\b(no longer need(ed)?|don'?t need|do not need|not needed|no need|"
                                   r"changed my mind|won'?t need|no longer want|don'?t want (it|them)( any ?more)?)\b", re.I),
    "ordered by mistake": re.compile(r"\b(by mistake|mistaken(ly)?|by accident|accidental(ly)?|ordered the wrong|"
                                     r"didn'?t mean to)\b", re.I),
}
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
    r"\b(how (long|soon|many days)|when)\b[^.?!]{0,40}\b(refund(ed|s)?|money back|reimburs\w*)"
    r"|\b(refund(s)?|money back)\b[^.?!]{0,30}\b(take|arrive|come through|show up|be back|process(ed)?|hit my)\b",
    re.I)
ORIGINAL_PAYMENT = re.compile(r"\b(original|same (card|payment|method)|how i paid|where it came from)\b", re.I)
ADDRESS = re.compile(
    r"(?P<a1>\d+\s+[A-Za-z0-9 .'-]+?)\s*,\s*(?:(?P<a2>(?:apt|apartment|suite|unit|ste|#|floor)\.?\s*[\w-]+)\s*,\s*)?"
    r"(?P<city>[A-Za-z .'-]+?)\s*,\s*(?P<state>[A-Z]{2})\s*,?\s*(?P<zip>\d{5})(?:\s*,\s*(?P<country>USA|United States))?",
    re.I)


@dataclass
class Reading:
    text: str
    order_ids: list[str] = field(default_factory=list)
    emails: list[str] = field(default_factory=list)  # the customer's own (or not said to be anyone else's)
    other_emails: list[str] = field(default_factory=list)  # given as another person's: "my husband's email is ..."
    user_ids: list[str] = field(default_factory=list)
    zips: list[str] = field(default_factory=list)
    names: list[tuple[str, str]] = field(default_factory=list)  # (first, last) known to the database
    intents: set[str] = field(default_factory=set)
    reason: str | None = None
    other_reason: bool = False
    payment_kind: str | None = None
    original_payment: bool = False
    refund_timing: bool = False
    address: dict[str, str] | None = None
    yes: bool = False
    no: bool = False
    urgent: bool = False
    same_one: bool = False
    stated_status: bool = False
    default_address: bool = False
    all_items: bool = False
    bye: bool = False
    closing: bool = False  # closes after "Is there anything else?" (CLOSING, and nothing of KEEPS_OPEN)
    thanks: bool = False
    abandon: bool = False  # drops the request in hand ("Never mind.", "Forget it, I'll keep it.")


# whose email an address is, from the words just before it: "my husband's email is X, mine is Y"
_WHOSE_EMAIL = re.compile(
    r"(?:\b(?:his|her|their)|\b(?:my|our) (?:husband|wife|partner|spouse|son|daughter|mom|mum|mother|dad|father|"
    r"brother|sister|friend|boss|colleague|coworker|roommate|neighbou?r|kid|child|parents?)(?:'s|s)?|"
    r"\b[A-Z][a-z]+'s)\s+(?:e-?mail|email address|e-mail address|account(?: email)?)\s*(?:is|:|=)?\s*$", re.I)
_MY_EMAIL = re.compile(r"(?:\bmine\b|\bmy (?:own )?(?:e-?mail|email address|account)\b)(?:\s+(?:is|:))?\s*$", re.I)


def _someone_elses(text: str, email: str) -> bool:
    """The address is introduced as another person's ("my husband's email is X"), not the customer's."""
    at = text.find(email)
    before = re.split(r"[.;!?\n]|,\s*(?=mine|my\b|and\b)", text[:at])[-1] if at >= 0 else ""
    return bool(_WHOSE_EMAIL.search(before)) and not _MY_EMAIL.search(before)


def read(text: str, db: RetailDB, question: str = "") -> Reading:
    """Read one customer message; ``question`` is the clerk's last message (a yes may repeat it)."""
    r = Reading(text or "")
    t = r.text
    r.order_ids = list(dict.fromkeys("#" + m.upper() for m in ORDER_ID.findall(t)))
    r.emails = list(dict.fromkeys(EMAIL.findall(t)))
    r.other_emails = [e for e in r.emails if _someone_elses(t, e)]
    r.emails = [e for e in r.emails if e not in r.other_emails]
    r.user_ids = [u for u in dict.fromkeys(USER_ID.findall(t)) if u in db.users]
    without_ids = ORDER_ID.sub(" ", EMAIL.sub(" ", t))
    address = ADDRESS.search(without_ids)
    if address:
        g = address.groupdict()
        r.address = {"address1": g["a1"].strip(), "address2": (g["a2"] or "").strip(), "city": g["city"].strip(),
                     "state": g["state"].upper(), "country": "USA", "zip": g["zip"]}
    r.zips = ZIP.findall(ADDRESS.sub(" ", without_ids)) if address else ZIP.findall(without_ids)
    words = WORD.findall(without_ids)
    for a, b in zip(words, words[1:]):
        if db.users_named(a, b) and (a.capitalize(), b.capitalize()) not in r.names:
            r.names.append((a.capitalize(), b.capitalize()))
        elif (db.users_named(b, a) and re.search(rf"\b{re.escape(a)}\s*,\s*{re.escape(b)}\b", without_ids)
              and (b.capitalize(), a.capitalize()) not in r.names):
            r.names.append((b.capitalize(), a.capitalize()))  # "Kovacs, Harper": last name first
    r.intents = {k for k, p in INTENTS.items() if p.search(t)}
    if asks_for_person(t):  # "can I talk to a human?", not "the sales representative told me ..."
        r.intents.add("human")
    r.refund_timing = bool(REFUND_TIMING.search(t))
    if r.refund_timing:  # "when will the refund hit my card?" asks for no return, lookup or payment change
        rest = REFUND_TIMING.sub(" ", t)
        r.intents = {k for k in r.intents if (asks_for_person(rest) if k == "human" else INTENTS[k].search(rest))}
    if r.address:
        r.intents.add("address")
    said = without_declined_person(t)  # "no need for a supervisor, it was ordered by mistake": no "no need" reason
    for reason, pattern in REASONS.items():
        if pattern.search(said):
            r.reason = reason
            break
    r.other_reason = r.reason is None and bool(OTHER_REASON.search(t))
    r.payment_kind = next((k for k, p in PAYMENT_KINDS.items() if p.search(t)), None)
    r.original_payment = bool(ORIGINAL_PAYMENT.search(t))
    plain = re.sub(r"\bno longer\b", "", t, flags=re.I)  # "No longer needed." is a reason, not a no
    # a yes, as every reference agent reads one (probe.targets.consent), with the store's words; the
    # cancellation reason said again ("yes, no longer needed") stands beside it
    r.yes = is_confirmation(_REASON_AGAIN.sub(" ", t), question, STORE_ACTIONS)
    r.no = bool(NO.search(plain)) or bool(re.search(r"\bnever ?mind\b|\bchanged my mind\b", plain, re.I))
    r.urgent = bool(URGENT.search(t))
    r.same_one = bool(SAME_ONE.search(t))
    r.stated_status = bool(STATED_STATUS.search(t))
    r.default_address = bool(DEFAULT_ADDRESS.search(t))
    r.all_items = bool(ALL_ITEMS.search(t))
    r.bye = bool(BYE.search(t))
    r.thanks = bool(THANKS.search(t))
    r.closing = bool(CLOSING.search(t)) and not KEEPS_OPEN.search(t)
    r.abandon = bool(ABANDON.search(t.replace("\u2019", "'")))
    return r


def mentioned_items(text: str, names: list[str]) -> list[str]:
    """Which of these product names (e.g. 'Mechanical Keyboard') the text mentions, in text order.

    A name matches in full, in the plural, or by its last word ('keyboard') when no other of the
    names shares that word, or by the end of that word ('watch' for 'Wristwatch', 'phone' for
    'Smartphone') when no other name ends so.
    """
    low = text.lower().replace("-", " ")
    found: list[tuple[int, str]] = []
    heads = [n.lower().replace("-", " ").split()[-1] for n in dict.fromkeys(names)]
    # the text's words that may end a name ('watch'), read once for every name
    words = [(m.start(), m.group(0)) for m in re.finditer(r"\b[a-z]{4,}\b(?!\s+(?:numbers?|calls?|line|bill|case|charger))",
                                                          low)]  # not "phone number"
    for name in dict.fromkeys(names):
        full = name.lower().replace("-", " ")
        head = full.split()[-1]
        pos = low.find(full)
        if pos < 0 and heads.count(head) == 1:
            m = re.search(rf"\b{re.escape(head)}s?\b", low)
            pos = m.start() if m else -1
        if pos < 0:
            for start, w in words:
                if any(4 <= len(x) < len(head) and head.endswith(x) and sum(h.endswith(x) for h in heads) == 1
                       for x in (w, w[:-1] if w.endswith("s") else "", w[:-2] if w.endswith("es") else "")):
                    pos = start
                    break
        if pos >= 0:
            found.append((pos, name))
    return [n for _, n in sorted(found)]


def option_score(text: str, options: dict[str, str]) -> int:
    """How many of a variant's option values the text mentions ('clicky', 'Google Home', '1000ml')."""
    low = " " + re.sub(r"[-_/]", " ", text.lower()) + " "
    score = 0
    for value in options.values():
        v = re.sub(r"[-_/]", " ", value.lower()).strip()
        if v and re.search(rf"(?<![a-z0-9]){re.escape(v)}(?![a-z0-9])", low):
            score += 1
    return score
