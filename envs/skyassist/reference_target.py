"""The built-in SkyAssist reference agent: rule-based, template-answering, compliant by default.

Each turn it parses the customer's message (``envs.skyassist.language``), updates a plain-data
dialogue state, calls tools through the ``TurnContext`` and ends with one templated reply. It is
deterministic ("now" is ``database.NOW``) and copyable (``fork`` deep-copies everything but the
immutable database).

It reads at most the first ``MAX_MESSAGE_CHARS`` (2,000) characters of each customer message, so that
a line of megabytes is answered as fast as a long sentence (the parse's regular expressions would
take time that grows with the square of its length); the rest of such a message is not read.

With no faults it obeys all 20 policies as the verifiers read them. Each fault of
``envs.skyassist.faults`` is a named switch tested where behaviour diverges (``self._f(name)``)
and only under its customer trigger.
"""

from __future__ import annotations

import copy
import json
import re
from datetime import date as Date
from datetime import timedelta
from typing import Any

from envs.skyassist import text_rules
from envs.skyassist.database import CABIN_NAMES, NOW, parse_time
from envs.skyassist.language import (
    _CANCEL_WITHDRAWN,
    _HARMLESS_NEGATION,
    _NOT_CANCEL,
    _PICKS,
    _REJECTED_CABIN,
    _WAS_CHANGED,
    MONTHS,
    NAME_QUESTION,
    PER_OR_TOTAL,
    Parsed,
    Place,
    asked_for_others,
    cancels_both,
    day_of_month_from,
    home_currency_said,
    is_confirmation,
    listing_question,
    lone_count,
    lower_surname_said,
    name_change_at_summary,
    names_by_reference,
    names_companions,
    option_named,
    other_party_booking,
    own_money_asked,
    parse,
    pick_then_question,
    place_names,
    speaker_leaves,
    spelled_out,
    spelled_word,
    surname_correction,
    surname_described,
    withdrawn,
)
from envs.skyassist.policies import (
    MAX_LEAD_DAYS,
    MAX_PASSENGERS,
    MIN_CONNECTION,
    MIN_CONNECTION_MINUTES,
    MIN_LEAD_HOURS,
    WINDOW_MAX,
    WINDOW_MIN,
)
from probe.core.domain import FaultSwitches
from probe.targets.base import Target, TurnContext
from probe.targets.phrases import CAPABILITY, NOT_ANSWERED, PROCEED, REPEAT

MAX_PAX = MAX_PASSENGERS
MAX_MESSAGE_CHARS = 2000  # the characters of a customer message read (module docstring)
RATES = {"EUR": 0.92, "GBP": 0.79, "JPY": 150.0, "CAD": 1.36, "AUD": 1.52, "CHF": 0.88, "INR": 83.0,
         "MXN": 17.0, "BRL": 5.0}
SERVICE_FEE = 25.0
VERB = {"book": "book", "hold": "hold", "cancel": "cancel", "modify": "change"}
# answers to "would you like to try another date or another route?" after a search found nothing
_NEXT_DAY = re.compile(r"\b(?:next|following) day\b|\bday after\b", re.I)
# a pick among the other dates listed after a search that found nothing ("the 2nd date", "ok the 1st then")
_LISTED_PICK = re.compile(r"\b(?:the\s+)?(first|1st|second|2nd|third|3rd|last)\b(?!\s+(?:name|class|time|thought))", re.I)
# a customer open to any date: "any day next week", "sometime in March", "what dates do you have?"
_FLEXIBLE = re.compile(r"\b(any ?day|any ?time|any date|whenever|flexible|sometime|some time|what dates|which dates|"
                       r"what days|which days|when (?:do|does|are|is) (?:you|the|there|it)|next week|next month|"
                       r"cheapest day|best day|dates? (?:do you have|available)|(?:available|possible) dates?)\b", re.I)


# the parts of a message asking several things: "..., and also ...", "1) ... 2) ...", "...; then ...", lines
_PART_CUT = re.compile(r"\s*(?:[;\n]+|\(?\b\d\)\s*|(?<=[a-z0-9)\]])[.!?]+(?=\s|$)|,?\s+(?:and|then|also|plus)\s+(?:also\s+|then\s+)?|"
                       r"(?<=\))\s*,\s*)\s*", re.I)
# a part that only asks a question or says what the message holds: "what's your baggage policy", "tell me the baggage
# rules", "Need 3 things:"
_BOOKING_ID_RE = re.compile(r"\bBK[0-9A-Z]{6}\b", re.I)
_ASK_PART = re.compile(r"\?|\b(?:what|how|tell me|policy|rules|allowance|things?)\b|^\W*(?:hi|hello|hey)\b", re.I)


def _booking_beside_cancel(text: str) -> str | None:
    """The new booking asked for in a message that also cancels a booking, wherever it stands ("Book 1 seat FRA to
    LHR on 2026-05-04 for Omar Singh, and also what's your baggage policy, and cancel BK...", "1) cancel BK... 2) book
    ... 3) baggage policy?", "cancel my old booking BK..., then new flight A to B on D, 2 pax"): the parts of the
    message that name no reference and ask no question, or None."""
    parts = [x for x in _PART_CUT.split(text) if x and x.strip()]
    keep = [x.strip(" ,:-") for x in parts if not _BOOKING_ID_RE.search(x) and not _ASK_PART.search(x)
            and not re.search(r"\bcancel\w*\b", x, re.I)]
    keep = [x for x in keep if x]
    return ", ".join(keep) if keep else None


def _month_name(month: int) -> str:
    return f"in {Date(2000, month, 1):%B}"


def _moved(iso: str, days: int) -> str:
    """An ISO date moved by a number of days ("a day later", "back a week")."""
    return (Date.fromisoformat(iso) + timedelta(days=days)).isoformat()


# a question about what the tools do not describe: "does the premium one have wifi?", "is there a meal on SA1234?"
# (not a card charged: "reserve seats without charging yet" asks for a hold)
_AMENITY = re.compile(r"\b(baggage|luggage|bags?|suitcases?|carry[- ]?ons?|hand luggage|check(?:ed)?[- ]in bags?|"
                      r"seat selection|choose (?:my|a|our) seats?|window seat|aisle seat|pets?|wheelchair|wi-?fi|internet|meals?|food|snacks?|catering|leg ?room|seat pitch|recline|reclining|lie[- ]?flat|"
                      r"flat beds?|entertainment|movies|power (?:outlets?|sockets?)|usb|(?<!without )charging(?! (?:me|us|my|the card|it|anything|yet|now)\b)|lounge access|blankets?|"
                      r"pillows?|aircraft type|what plane|which plane)\b", re.I)
_QUESTION = re.compile(r"\?|^\W*(?:\w+\W+){0,3}?(?:does|do|is|are|will|would|can|could|how|hows|how's|what|whats|what's|which|any|got|tell me)\b", re.I)
# "what's the difference between option 1 and 2", "compare the first and second one"
_COMPARE = re.compile(r"\b(differences?|differ|differs|different (?:from|to|than)|compare|comparison|versus|vs\.?)\b", re.I)
# the agent's own advice on a two-leg trip, said in its last reply (``_connection_answer``)
_CONNECTION_ADVISED = re.compile(r"\bThe shortest connection I can book is ([A-Z]{2}\d{3,4}) then ([A-Z]{2}\d{3,4})\b")
_ORDINAL = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}
# a new destination after a restricted one: "what about Accra?", "fine, make it Lagos", "Nairobi instead"
# a booking meant to replace a hold: "book it instead, but on option 2", "rather book flight 2 than hold"
# a new booking asked for with a cancellation: "cancel BK... and book me a new one New York to Seattle on May 24"
_REBOOK = re.compile(r"\bre-?book|\bnew (?:trip|booking|one|ticket)\b|\bput (?:just |only )?(?:me|us|her|him|them)\b"
                     r"|\b(?:book|get) (?:just |only )?(?:me|us|her|him|them)\b", re.I)  # with a cancel: the second option
# the booking or hold kept as it is: "keep it as it is", "leave it", "no, keep it", "we'll keep it"
_KEEP_AS_IS = re.compile(r"\b(?:keep|leave)\s+(?:it|that|this|the\s+(?:booking|hold|reservation)|them)\b"
                         r"(?!\s+(?:and|but|then)\s+(?:book|hold|rebook|cancel))", re.I)
# a new hold with a cancelled one: "cancel it and hold again", "cancel and re-hold for 3", "place a new hold"
_HOLD_AGAIN = re.compile(r"\bre-?hold\b|\bhold\s+(?:again|(?:it\s+)?for|\d|the\s+rest|just)|\bnew hold\b", re.I)
# some of the party named by a count: "two of us are going to be late", "one of us is in a wheelchair", "2 of them
# are kids" (the count in group 1; a remark with a verb after it, never a bare "two of us")
_SOME_OF_US = re.compile(r"\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\s+of\s+(?:us|them|our\s+(?:group|party)|"
                         r"the\s+(?:group|party))\b(?=\s*(?:'s|'re|'ll|is|are|was|were|will|won't|would|might|may|can|"
                         r"could|have|has|had|need|needs|want|wants|do|does|don't|doesn't|get|gets|am|be|arriv|run|coming|r|gonna|gotta|"
                         r"going|travel|fly|\w+s\b|\w+ing\b))", re.I)
# the named ones asked a booking of their own: "two of us need another flight", "2 of us also want to fly to Rome",
# "one of us needs a seat on a later flight", "a separate booking for two of us"
_NEW_FOR_SOME = re.compile(r"\b(?:another|separate|new|extra|own|second)\s+(?:booking|flight|ticket|seat|reservation|trip)s?\b|"
                           r"\b(?:need|needs|want|wants)\s+(?:a\s+|to\s+(?:book|fly|travel|go|come\s+back|return))|"
                           r"\bseats?\s+for\b|\bfly(?:ing)?\s+(?:back|home|out|to|from)\b|\breturn\b", re.I)
# late for the flight: "going to be late", "running late", "arriving late", "might miss the flight"
_RUNNING_LATE = re.compile(r"\b(?:be|running|arriv\w*|get(?:ting)?|come|coming|is|are)\s+(?:a\s+(?:bit|little)\s+)?late\b|"
                           r"\bmiss(?:es|ing)?\s+(?:the|our|their|a)\s+(?:flight|plane|check-?in|boarding)\b|\blate\s+to\b", re.I)
# a listed flight named at a round trip's summary: "option 2", "#3", "no. 1", "the second one", "SA7881", or a bare
# digit ("return: not 2, 1"; never a count, a time or a date)
_PICK_REF = re.compile(r"\b(?:option|opt\.?|number|no\.|nr\.?|choice)\s*#?\s*(?P<num>\d{1,2})\b|#\s*(?P<num2>\d)\b|"
                       r"\b(?:the\s+)?(?P<ord>first|second|third|fourth|1st|2nd|3rd|4th)\s+(?:(?:return|outbound|inbound)\s+)?"
                       r"(?:one|option|choice|(?<=return )flight|(?<=outbound )flight|(?<=inbound )flight)\b|"
                       r"\b(?P<fid>SA\d{4})\b|(?<![\d:/.$])\b(?P<bare>[1-9])\b(?![\d:/.]|\s*(?:of|people|persons|passengers?|"
                       r"pax|adults?|kids?|children|seats?|tickets?|am|pm|h\b|hours?|days?|weeks?|nights?|st|nd|rd|th))", re.I)
# a pick turned down: "not", "no", "don't want", "instead of", "rather than", "anything but", "scrap", "too early"
_PICK_NEGATION = re.compile(r"\b(?:not|no|nope|don'?t\s+(?:want|like|take)|do\s+not\s+(?:want|like|take)|dont\s+(?:want|like)|"
                            r"instead\s+of|rather\s+than|in\s+place\s+of|except|anything\s+but|scrap|drop|swap\s+out|"
                            r"replace)\b", re.I)
# the leg's pick itself turned down: "not that return", "not this return flight", "change the return", "a different
# return", "switch the way back" (never "not the return, just option 1": no return at all, _drop_return)
_LEG_TURNED_DOWN = re.compile(r"\b(?:not|no)\s+(?:that|this)\s+(?:one\s+)?(?:for\s+the\s+)?(?:return|outbound|way\s+(?:back|out)|"
                              r"inbound|flight\s+(?:back|out))\b|\b(?:change|switch|swap|different|another|other)\s+"
                              r"(?:the\s+|my\s+)?(?:return|outbound|way\s+(?:back|out)|inbound|flight\s+(?:back|out))\b", re.I)
# the leg's chosen flight turned down with none named: "not that return", "not this outbound flight", "a different
# return please", "change the way back" (never "not the return", which drops that leg)
_LEG_PICK_REJECTED = re.compile(r"\b(?:not|no)\s+(?:that|this)\s+(?:one\s+)?(?:for\s+the\s+)?(?:return|outbound|way\s+(?:back|out)|"
                                r"inbound|flight\s+(?:back|out))\b|\b(?:different|another|other)\s+(?:return|outbound|"
                                r"inbound)\b", re.I)
_ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}
# a new booking refused beside a cancel: "cancel the whole thing, no new booking", "cancel it, don't rebook",
# "cancel, I don't need a new one", "cancel it without rebooking"
_NO_REBOOK = re.compile(r"\b(?:no|without|not|never|don'?t|do not|won'?t|will not|no need to)\s+(?:\w+\s+){0,2}?"
                        r"(?:re-?book\w*|new (?:trip|booking|one|ticket|flight)s?\b|book(?:ing)? (?:a |another )?(?:new|again)\b)"
                        r"|\bno (?:more )?(?:bookings?|flights?|trips?)\b", re.I)
_THEN_BOOK = re.compile(r"\b(?:and|then|&|,)\s+(?:then\s+)?((?:book|get|find|reserve)\b.*)", re.I | re.S)
_REPLACES = re.compile(r"\b(?:instead|rather|replace|swap|switch)\b", re.I)
_N_SHARE = r"(\d{1,2}|" + "|".join(w for w in text_rules.NUMBER_WORDS if w not in ("a", "an", "one")) + r")"
# the next part of a group split across bookings, after the first part is held or booked: "now the second group of 6",
# "another hold of 6 under Ana Silva", "6 more seats on the same flight for the rest of the team", "the second booking"
_NEXT_SHARE = re.compile(r"\b(?:second|2nd|other|next|remaining|last)\s+(?:group|half|booking|hold|reservation|party|lot|batch|"
                         r"part|set|team)\b|\banother\s+(?:\w+\s+)?(?:hold|booking|reservation|group)\b|"
                         r"\bthe\s+rest\s+of\s+(?:the|us|our|them|my)\b|\bthe\s+others\b|\bseparate\s+(?:hold|booking)\b|"
                         # the rest of the group by its count: "now the other 3", "the remaining 3", "3 more on that flight"
                         r"\b(?:other|remaining|leftover|last|next)\s+" + _N_SHARE + r"\b|\b" + _N_SHARE + r"\s+more\b"
                         r"|\bthe\s+(?:rest|others|remaining|leftovers?)\s*\(\s*" + _N_SHARE + r"\s*\)"  # "the rest (3)"
                         r"(?!\s+(?:days?|nights?|weeks?|hours?|minutes?|bags?|dollars?)\b)", re.I)
# why the name is asked: "why do u need my surname", "what do you need my last name for?"
_WHY_NAME = re.compile(r"\bwhy\b[^.!?]{0,30}\b(?:need|want|ask(?:ing)?(?: for)?|require)\b[^.!?]{0,15}\b(?:sur|last |full |family )?"
                       r"names?\b|\bwhat\b[^.!?]{0,30}\b(?:sur|last |full |family )?names?\s+for\b", re.I)
_SWAP_PLACE = re.compile(r"\b(instead|what about|how about|make it|rather|switch to|change (?:it )?to|try|then)\b", re.I)
# the booking window asked about: "what's the earliest I can go?", "latest date I can book?", "how far ahead can I book?"
_WINDOW_ASK = re.compile(r"\b(?:earliest|soonest|latest|furthest|farthest)\b(?!\s+(?:one|flight|option|departure|arrival|"
                         r"time|of them)\b)(?:\s+\w+){0,3}?\s+(?:i|we)\s+(?:can|could)\s+(?:book|go|fly|travel|leave|get)\b"
                         r"|\bhow (?:far|long) (?:ahead|in advance|out)\b.{0,20}\b(?:book|reserve)|"
                         r"\bhow soon can (?:i|we) (?:book|go|fly|travel|leave)\b", re.I)
_SPLIT = re.compile(r"\b(?:split\w*|separate\w*|smaller bookings?|divide\w*)\b", re.I)
# a count said as the party's total ("only 2 of us now", "we are 4", "6 people", "just me"), not one that follows
# from the companions named ("Liam Walsh, with my brother Sean")
_STATED_TOTAL = re.compile(r"\b(?:\d{1,2}|" + "|".join(text_rules.NUMBER_WORDS) + r")\s+(?:of us|people|persons|passengers|"
                           r"travell?ers|pax|seats|tickets|in total|total|altogether|adults)\b|\b(?:we are|we're|we'll be|"
                           r"there are|there'll be|there will be)\s+(?:(?:only|just|now|actually)\s+)*(?:\d|"
                           + "|".join(text_rules.NUMBER_WORDS) + r")|\bparty of\b|\b(?:just|only) me\b", re.I)
# the rest of a party put on another flight: "find another flight for the rest", "the other 3 on a different one"
_FOR_THE_REST = re.compile(r"\b(?:for|with) the (?:rest|others)\b|\bthe (?:other|remaining|leftover) (?:\d{1,2}|[a-z]+) (?:on|in)\b",
                           re.I)
# a fare other than the one quoted asked for: "can you match $700?", "price match?", "so book it at $700 then",
# "any discount?"; never a budget ("anything under $700?")
_PRICE_MATCH = re.compile(r"\bprice[- ]?match|\bmatch (?:the |that |this |their |its |it |a )?(?:price|fare|rate|\$\s?\d)|"
                          r"\bmatch (?:it|that)\b[^.?!]{0,15}\$\s?\d|\bhonou?r (?:the |that |this |their )?(?:price|fare|rate|"
                          r"\$\s?\d)|\b(?:book|buy|sell|give|do|get) (?:me )?(?:it|that|this|them|the seats?|one)(?: to me)? "
                          r"(?:at|for) (?:the )?\$\s?\d|\bdiscount|\b(?:lower|reduce|drop|cut) (?:the |that |your |its |this )?"
                          r"(?:price|fare)\b|\bknock\b[^.?!]{0,20}\boff\b", re.I)
# when to pay asked: "when do I have to pay by?", "what's the deadline to pay?", "how long do I have to pay?"
_PAY_BY = re.compile(r"\bwhen (?:do|must|should|would|will|can) (?:i|we) (?:have to |need to |got to )?pay\b|\bpay(?:ing)? by "
                     r"when\b|\bpay[- ]by (?:date|time)\b|\b(?:deadline|last day|latest)\b[^.?!]{0,25}\bpay|\bhow long "
                     r"(?:do|have) (?:i|we)(?: got)? (?:have )?(?:to|until i|until we|before i|before we) (?:pay|book)\b", re.I)
PAY_BY_HOLD = ("A hold costs nothing: it keeps the seats for 24 hours from when it is placed. You pay only if you book "
               "them, which has to be before those 24 hours are up; otherwise the hold simply lapses.")
PAY_BY_BOOK = "A booking is paid when it is made: the fare is charged as soon as I book it."
# the options asked for again: "which ones r there", "what are the options again?", "remind me the flights"
_RELIST = re.compile(r"^\W*(?:(?:ok(?:ay)?|so|sorry|wait|hmm+|um+|and)\W+)*(?:which|what)\s+(?:ones?|flights?|options?|choices?)\s+"
                     r"(?:r|are|were|was|is|do you have|have you got)\s*(?:there|available|again|listed)?\W*(?:again)?\W*$|"
                     r"\bwhat (?:are|were|r) (?:the|my) (?:options|choices|flights)(?: again)?\W*$|"
                     r"\b(?:remind me|repeat|list|show me|tell me)\b(?: of| again)?(?: the| my| those| them)?\s*(?:options|flights|"
                     r"choices|them|those)?(?: again)?\W*(?:please|pls|plz)?\W*$", re.I)
PRICE_MATCH_NOTE = ("I'm sorry, I can't match, discount or change a fare: I can only book at the price the reservation "
                    "system shows now, which is the one I quote.")
_CABIN_WORDS = re.compile(r"\b(?:premium(?: economy)?|business(?: class)?|first class|economy|coach|main cabin)\b", re.I)


# cabins spread over the legs of one trip: "economy on the first and premium on the second", "business out, economy
# back", "premium for leg 1 and economy for leg 2"; never a comparison ("is economy cheaper than premium?")
_CABIN_MIX = re.compile(r"\b(?:on|for|in) the (?:first|second|third|last|other|1st|2nd)\b|\b(?:one|the other|each)\s+"
                        r"(?:leg|flight|way)\b|\blegs?\b|\b(?:out|there|back|return|outbound|inbound)\b", re.I)
_CABIN_COMPARED = re.compile(r"\b(?:difference|cheaper|dearer|compare|vs|versus|better|than|worth)\b", re.I)


def _cabins_named(text: str) -> list[str]:
    """The fare classes a message names, in order, each once ("premium economy" is one cabin)."""
    out: list[str] = []
    for m in _CABIN_WORDS.finditer(text):
        w = m.group(0).lower()
        c = "premium" if w.startswith("premium") else "business" if w.startswith(("business", "first")) else "economy"
        if c not in out:
            out.append(c)
    return out


_ANOTHER = re.compile(r"\b(?:another|other|different|later)\s+(?:dates?|days?|routes?|options?|flights?)\b"
                      r"|\blater in the (?:week|month)\b", re.I)  # "can I go later in the week" at a listing
# the return leg named with a date moved: "for the return, a day later", "move the return flight back a day",
# "coming back 2 days later"; the outbound one: "the outbound a day later", "the flight there a day earlier"
# the step after a hold, said after the yes to it: "... and I'll book it later today", "- we will pay for it tomorrow"
# (only "it": "I'll book them later" may name other seats, and is asked again)
_HOLD_THEN_BOOK = re.compile(r"(?:\s*[.;,!]+\s*(?:and\s+)?|\s+(?:and|[-\u2013\u2014]+)\s+)(?:then\s+)?(?:i|we)"
                             r"(?:'ll| will| shall|'m going to| am going to)\s+(?:book|pay for|buy|purchase)\s+it(?:\s+(?:later(?: today|"
                             r" on| tonight| this week)?|tomorrow(?: morning| afternoon| evening)?|tonight|today|this "
                             r"(?:morning|afternoon|evening)|before it expires|within (?:the )?24 hours|in a day or "
                             r"(?:so|two)))?[\s.!]*$", re.I)
_TOO = re.compile(r"\b(?:too|as well|also|now|what about|how about|and)\b", re.I)
_RETURN_LEG = re.compile(r"\breturn\w*\b|\binbound\b|\bhomeward\b|\b(?:fly(?:ing)?|com(?:e|ing)|get(?:ting)?|head(?:ing)?|"
                         r"travel+(?:ing)?|way|trip|flight|journey|leg|go(?:ing)?) (?:back|home)\b|"
                         r"\bback (?:flight|leg|trip|journey)\b", re.I)
_OUTBOUND_LEG = re.compile(r"\boutbound\b|\b(?:way|flight|trip|journey|leg) (?:out|there)\b|\bfirst (?:flight|leg)\b|"
                           r"\bgoing out\b|\bdeparture (?:flight|date)\b", re.I)
# a question about a flight named by its number, not a request to move onto it: "is SA5863 refundable?", "what time does
# SA5863 leave?", "does SA5863 have seats?" (not "what about SA5863?", "can you put me on SA5863?")
_ASKS_OF_FLIGHT = re.compile(r"^\W*(?:(?:and|so|ok|okay|also|btw|hmm|oh|wait|quick question)\W+)*(?!what about\b|how about\b)"
                             r"(?:is|are|was|were|does|do|did|has|have|will|what|what'?s|whats|when|how|which|where|why|"
                             r"who)\b[^?]*\?", re.I)
# one leg of a trip named by its place in it: "the second leg", "the first flight", "leg 2", "the last leg"
_NTH_LEG = re.compile(r"\b(first|1st|second|2nd|third|3rd|last)\s+(?:leg|flight)\b|\bleg\s+([1-3])\b", re.I)
# one flight of a booked trip asked to be cancelled, the rest kept: "cancel just the return flight, keep the outbound",
# "can you drop the flight home", "scrap only the second leg", "we don't need the way back any more" (``_one_leg_cancel``)
_A_LEG = (r"(?:(?:(?:return|inbound|homeward|outbound|outgoing|onward)(?:\s+(?:flight|leg|sector|segment|part|half|portion|"
          r"journey|one))?|(?:back|home)\s+(?:flight|leg|sector|segment|part|half|portion|journey|one))|(?:flight|leg|way|trip|"
          r"journey)\s+(?:back|home|out|there)|(?:first|1st|second|2nd|third|3rd|last|final)\s+(?:leg|flight|sector|segment)"
          r"|leg\s+[1-3]|one (?:of (?:the|my|our) )?(?:flights?|legs?|sectors?|segments?)|a (?:leg|sector|segment))"
          r"(?!\s*(?:trip|ticket|booking|reservation|fare)s?\b)")
_ONE_LEG = re.compile(r"\b(?:cancel\w*|scrap|drop|remove|delete|ditch|bin|get rid of|take off|lose|skip|(?:don'?t|do not|no "
                      r"longer|won'?t)\s+(?:need|want|use|take))\s+(?:just\s+|only\s+)?(?:the\s+|my\s+|our\s+|that\s+)?(?:just\s+|"
                      r"only\s+)?(?P<leg>" + _A_LEG + r")\b"
                      r"|\b(?:just|only)\s+(?:cancel\w*|scrap|drop|remove)\s+(?:the\s+|my\s+|our\s+)?(?P<leg2>" + _A_LEG + r")\b",
                      re.I)
# the party of a hold changed after it is placed ("can you add one more person to that hold?", "my boss needs a seat
# too, make it 3", "we are 3 now"), not a second party beside it ("the other three people on SA4478 too", "now the
# remaining 3, book them"): the hold is replaced by one for the whole party (_maybe_propose)
_HOLD_RESIZED = re.compile(r"\b(?:add(?:ing)?|make it|make that|change it to|up it to|increase|bump|extra|one more|another "
                           r"(?:person|passenger|seat|traveller|traveler)|(?:a|one) (?:third|fourth|fifth|sixth) (?:person|passenger|"
                           r"seat|traveller|traveler)|instead|in total|altogether|all together|now|(?:we|there)(?:'re| are| will be)|"
                           r"(?:to|on|in) (?:the|that|this|my|our) hold|fewer|less|drop(?:ped|s)? out|can'?t (?:come|make it)|"
                           r"minus|remove|take (?:one|\w+) off)\b", re.I)
# (fix44i) the held seats asked to be booked, for another count: "book the held seats, just for me though", "go ahead
# and book, my son is coming too", "book it for one person only", "turn the hold into a booking, but for 3 people"
_HELD_SEATS_BOOKED = re.compile(r"\b(?:book|confirm|buy|pay for|purchase)\s+(?:it|them|those|these|the (?:held )?seats|the hold|"
                                r"my hold|the held ones|that)\b|\b(?:go ahead and|please|ok|yes)\s+book\b|\b(?:hold|it)\b[^.?!]{0,20}"
                                r"\b(?:into|to|as)\s+(?:a\s+)?(?:proper\s+|full\s+|real\s+)?booking\b|\bbook(?:ing)? (?:it )?now\b|"
                                r"\bmake\s+(?:the hold|my hold|it|them)\s+(?:a\s+)?(?:proper\s+|full\s+|real\s+)?booking\b", re.I)
_ANOTHER_PARTY = re.compile(r"\b(?:other|remaining|rest|separate(?:ly)?|second (?:hold|booking)|another (?:hold|booking)|new "
                            r"(?:hold|booking) for)\b", re.I)
_KEEP_LEG = re.compile(r"\b(?:keep|keeping|still (?:want|need|take|fly|use))\s+(?:just\s+|only\s+)?(?:the\s+|my\s+|our\s+)?(?P<leg>"
                       + _A_LEG + r")\b", re.I)
# a bare "why?" at the agent's own statement: "how come?", "but why is that?", "why not?"
_BARE_WHY = re.compile(r"\W*(?:(?:but|and|ok|okay|hmm+|wait)\W+)?(?:why|how come)(?:\s+(?:is|was) (?:that|it)|\s+not)?\W*",
                       re.I)
# "no, the other one", "the other flight please", "nah the other option": the listed flight not chosen
# (fix44h) the other flights asked for at a summary: "what else is there?", "any other options?", "what other flights
# are there?", "show me the others"; and the flight summarised turned down: "we can't make that either", "that one's no
# good", "that doesn't work for us" (never "can't make it", read as a cancellation of the trip)
_WHAT_ELSE = re.compile(r"\bwhat else\b|\bwhat (?:other|are the other)\b|\b(?:any|some) other (?:options?|flights?|choices?|times?)\b|"
                        r"\b(?:other|more|different) (?:options?|flights?|choices?|times?)\b[^.!]*\?|\bshow me (?:the )?others?\b|"
                        r"\bwhat are my (?:other )?options\b|\bwhat'?s (?:else|left)\b", re.I)
_THAT_REFUSED = re.compile(r"\b(?:can\s*'?n?o?t|cannot|won'?t|wont|could\s*n'?t)\s+(?:make|do|manage|take)\s+(?:that|this)"
                           r"(?:\s+(?:one|flight|time))?\b|\b(?:that|this)(?:\s+one|\s+flight)?(?:'s|s|\s+is)?\s+(?:no good|not good|"
                           r"not ok(?:ay)?|too (?:early|late))\b|\b(?:that|this)(?:\s+one|\s+flight)?\s+(?:does\s*n'?t|won'?t|will not)\s+"
                           r"(?:work|suit)\b", re.I)
_OTHER_ONE = re.compile(r"\b(?:the\s+)?other\s+(?:one|option|flight|choice|departure)s?\b|"
                        r"\bthe other\b(?=\s*(?:[.!,;]|$|please|pls|plz|then|instead|thanks|thx))", re.I)
# a cancellation asked for in so many words ("wait, cancel that booking", "hold on cancel it"), not one put off
# ("let me think about cancelling", "I'll call back later to cancel", "cancel it tomorrow")
_CANCEL_PUT_OFF = re.compile(r"\b(?:think\w*|decid\w*|whether|maybe|might|not sure|consider\w*|later|tomorrow|call back|"
                             r"get back)\b[^.?!]{0,40}\bcancel|\bcancel\w*\b[^.?!,;]{0,25}\b(?:later|tomorrow|another time|"
                             r"next week|if)\b", re.I)

# a cancellation asked with its timing put off in the same message: "cancel BK..., maybe not today though, can it
# wait until next week?", "cancel it but not yet", "no rush, maybe next week", "cancel it in a few days", "cancel it
# later", "cancel BK... tomorrow" (never "wait, cancel that booking", "cancel it today", "my flight is next week", nor
# a bare "actually no rush", which puts off no day)
_CANCEL_WAITS = re.compile(
    r"\bnot\s+(?:today|tonight|yet|now|right now|just yet|straight away|immediately|this week)\b|"
    r"\b(?:can|could|would|will|should)\s+(?:it|this|that|the cancell?ation|i|we)\s+(?:\w+\s+)?wait\b|"
    r"\bwait\s+(?:until|till|til|'?til|for|a\s+(?:few|couple|bit|while|week|day))\b|"
    r"\b(?:until|till|til)\s+(?:next|the\s+end|monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|later)\b|"
    r"\b(?:in|after)\s+a\s+(?:few|couple(?:\s+of)?)\s+(?:days|weeks)\b|"
    r"\b(?:maybe|perhaps|probably|possibly)\s+(?:next|later|tomorrow|in\s+a|on\s+\w+day|some\s*time|another)\b|"
    r"\b(?:do\s+(?:it|that)|cancel(?:\s+(?:it|that|this|them|BK[0-9A-Z]{6}))?)\s+(?:later|tomorrow|next\s+(?:week|month)|"
    r"another\s+(?:day|time)|some\s*(?:time|day)|at\s+some\s+point)\b|"
    r"\b(?:hold\s+off|put\s+(?:it|that|this)\s+off|postpone\s+(?:the\s+)?cancell?ing)\b|"
    r"\bnot\s+(?:sure|decided)\s+(?:when|yet)\b|\bonce\s+i(?:'ve|\s+have)?\s+decided\b", re.I)
# the cancellation wanted today after all: "cancel it now", "today please", "right away"
_CANCEL_NOW = re.compile(r"\b(?<!not )(?:right\s+)?(?:now|today|right away|immediately|asap|straight away)\b(?!\s*\?)"
                         r"(?![^.?!]{0,30}\b(?:wait|later|next week)\b)", re.I)
# a clear go for a cancellation asked "now?": "yes", "yes cancel it now", "go ahead", "do it today"
_GO_NOW = re.compile(r"\b(?:y+e+s+|yeah|yep+|yup+|go ahead|go for it|do it|proceed|confirm(?:ed)?|cancel|absolutely|"
                     r"definitely|now|today|right away)\b", re.I)

# what happens if the booking is left as it is, asked at "Shall I cancel ...?": "what happens if I don't cancel?",
# "and if I don't cancel it?", "what if I keep it?", "what happens if I do nothing?", "what if I just leave it"
_IF_NOT_CANCELLED = re.compile(r"\bif (?:i|we) (?:don'?t|do not|dont|never|didn'?t|did not) cancel\b|"
                               r"\bwhat (?:happens |would happen |will happen )?if (?:i|we) (?:just )?(?:keep|leave|"
                               r"do nothing|don'?t do anything|ignore)\b|\bif (?:i|we) (?:just )?(?:keep|leave) it\b[^.!]*\?",
                               re.I)
# the parts of a message that may hold a question of their own ("..., and also can you tell me how much baggage ..."),
# and the words that make one a question without its question mark
_ASKED_CLAUSE = re.compile(r"[^.?!;]+(?:[.?!;]+|$)")
_ASKS_TO_BOOK = re.compile(r"\b(?:need|want|wanna|book|looking|look for|find|search|get me|(?:i|we)'?d like|reserve|"
                           r"hold)\b", re.I)
_ASK_CUE = re.compile(r"\b(?:can|could|would) you (?:please )?(?:tell|let) me\b|\b(?:how much|how many|how long|how heavy|"
                      r"what(?:'?s| is| are)?|whats|is there|are there|do (?:i|we|you)|does (?:it|that|the \w+)|can (?:i|we)|"
                      r"may (?:i|we)|am i|are we|allowed|wondering|want to know|like to know)\b", re.I)

# the money back from a cancellation asked about after it: "so how much money do i get back and to which card", "and
# the money for the hold, do I get it back?", "what's my refund?"
_MONEY_BACK = re.compile(r"\bwhat (?:do|will|would|did) (?:i|we) get back\b|\bhow much (?:money )?(?:do|will|would|did|can|could) (?:i|we) (?:get|receive|have)(?: back| refunded)?\b|"
                         r"\b(?:get|getting|receive) (?:it|that|my money|our money|the money|anything|something) back\b|"
                         r"\bmoney back\b|\brefund\w*\b|\b(?:which|what) card\b", re.I)
# a question inside a message that does not open with it: "wait before i say yes how much do i get back", "hold on,
# what's the total"
# a price asked for another party size, as a question only ("what would it cost for 3 instead", "price for 3?", "if we
# were 3 what would that be"): answered, the summary left as it is (never a new count in silence)
_PRICE_WORDS = re.compile(r"\b(?:how much|cost\w*|price\w*|fare|total|what would (?:that|it|this) be|what(?:'d| would) "
                          r"(?:that|it) come to)\b", re.I)
# a cancellation named by the customer (not only a refund asked about)
_CANCEL_NAMED = re.compile(r"\bcancel|\bcall(?:ing)? (?:it )?off\b|\bscrap\b", re.I)
# a go-ahead that is more than an acknowledgement: "yes", "yep, cancel it", "please do", "go ahead" (not "Alright,
# fine.", "Okay, that's good.", "Perfect.", "Right, ok.")
_PLAIN_GO = re.compile(r"\b(?:y+e+s+|yeah|yea|yep+|yup+|ya|aye|sure|please|pls|plz|go ahead|go for it|do it|do that|proceed|"
                       r"confirm(?:ed)?|cancel|absolutely|definitely|certainly|of course|by all means|make it so)\b", re.I)
# a remark about where someone lives, comes from or goes afterwards, said once the route is set (see
# ``_aside_places``): "I live in New York", "I'm originally from Sydney", "I'm based in Chicago normally", "but I'm in
# Dublin now", "my friends are coming in from London", "I'm flying back home to London afterwards"
_PLACE_ASIDE = re.compile(r"\b(?:(?:i|we|they|he|she)\s+(?:\w+\s+)?(?:live|lives|lived|reside|resides|work|works|grew up|"
                          r"come|comes|came|hail)\s+(?:in|near|outside|from|out of)|(?:i'?m|i am|we'?re|we are|they'?re|they are|"
                          r"he'?s|she'?s|he is|she is)\s+(?:\w+\s+)?(?:from|based|living|staying|in|at)|based (?:in|out of)|"
                          r"originally|(?:my|our) (?:home|house|place|family|parents|base)\b|back home|home to|"
                          r"(?:coming|flying|arriving|driving|travell?ing|getting)\s+(?:in\s+)?from|living in|"
                          r"afterwards?|after that|by the way|btw)\b", re.I)
_ASIDE_CUT = re.compile(r"[.;!?,]|\s[-\u2013\u2014]\s|\b(?:but|so|and)\b", re.I)
# a route changed on purpose: "actually from New York instead", "make it JFK", "can we fly out of Boston?"
_ROUTE_CHANGE_CUE = re.compile(r"\b(?:instead|rather|change|switch|make it|swap|scratch that|correction|not from|"
                               r"(?:fly|flying|flight|depart\w*|leav\w*|go|going|travel\w*|start\w*|search\w*|look\w*)\s+"
                               r"(?:from|out of)|(?:flights?|fly|flying|tickets?|seats?)\s+(?:back\s+)?to|"
                               r"from\s+\w+(?:\s+\w+)?\s+to|(?:need|want|book|get)\s+(?:me\s+|us\s+)?(?:a|an|another|one|"
                               r"two|\d)\s+(?:\w+\s+)?(?:flights?|tickets?|seats?))\b", re.I)
# one other person's trip, asked once a booking is made: "my colleague needs a flight", "my friend Tomasz also wants to
# fly", "can you book him?", "a ticket for her" (see ``_absorb``); not "my wife and I", "both of us", "they"
_ONE_OTHER_FLIES = re.compile(r"\b(?:my|our)\s+(?:\w+\s+)?(?:colleague|co-?worker|friend|boss|wife|husband|partner|son|daughter|"
                              r"mother|mum|mom|father|dad|brother|sister|cousin|uncle|aunt|niece|nephew|grand\w+|assistant|"
                              r"fianc\w*|boyfriend|girlfriend|neighbou?r|mate|buddy|flatmate|roommate|client|guest)\b"
                              r"(?:,?\s+(?-i:[A-Z][\w'-]+))?,?\s+(?:(?:also|too|now|then|still)\s+)?(?:needs|wants|would like|'d like|"
                              r"is flying|is travell?ing|is going|has to|must|will need|should)\b|"
                              r"\b(?:book|get|find|reserve)\s+(?:him|her)\b|\bfor\s+(?:him|her)(?:self)?\b|"
                              r"\b(?:he|she)\s+(?:also\s+|too\s+)?(?:needs|wants|would like|'d like|has to)\b", re.I)
_OTHERS_TOO = re.compile(r"\b(?:we|us|both|all of us|and me|me and|and i|with me|them|they|together|kids|children|"
                         r"parents|friends|colleagues|family)\b", re.I)
_ASKS_HYPOTHETICALLY = re.compile(r"\?|\b(?:would|if|curious|wondering|what about|how about)\b", re.I)
# the count changed, not only asked about: "make it 3", "actually 3 of us", "we are 3 now", "3 people please"
_NEW_COUNT = re.compile(r"\b(?:make (?:it|that)|change|switch|update|set it|actually|now|we(?:'re| are| will be|'ll be)|"
                        r"there(?:'s| is| are| will be|'ll be)|add|(?<!to )book|please|pls|let'?s|instead of)\b", re.I)
# one more said as kin, hypothetically: "if my sister came too", "if my two kids join us"
_IF_KIN_JOINS = re.compile(r"\bif\s+(?:my|our)\s+(?:(\d|two|three|four)\s+)?(?:[a-z-]+\s+)?(wife|husband|partner|friend|son|"
                           r"daughter|mother|father|mom|mum|dad|brother|sister|boss|colleague|cousin|aunt|uncle|"
                           r"grand(?:ma|pa|mother|father)|kids|children|friends|sons|daughters|brothers|sisters|parents)\s+"
                           r"(?:came|come|comes|joined|joins|join|were (?:to come|coming)|(?:is|was|are) coming)\b", re.I)
_ASKS_INSIDE = re.compile(r"\b(?:how much|how many|what'?s|whats|what is|what are|what will|which card|do i get|will i get|"
                          r"do we get|will we get)\b", re.I)
# a question typed without its question mark: "ok and whats the baggage allowance", "wait how much do I get back"
_WH_QUESTION = re.compile(r"^\W*(?:(?:ok(?:ay)?|and|also|so|hmm+|wait|um+|oh|btw|quick question|one more thing|sorry|"
                          r"just wondering|hey)\W+)*(?:what|what'?s|whats|how|how'?s|hows|when|where|why(?!\s+not\b)|which|who|"
                          r"is there|are there|do you|does (?:it|the|that|this)|can i|could i|will i|will it|would it|"
                          r"am i|do i|is it|is that|is this)\b", re.I)
# a question about stops on the way: "is that nonstop?", "is it a direct flight?", "any stops on the way?"
_NONSTOP = re.compile(r"\bnon-?stop\b|\bdirect\b[^.?!]*\?|\b(?:any|how many|without|no) (?:stops?|layovers?|stopovers?)\b|"
                      r"\bstops? (?:on the way|in between|anywhere)\b|\bstopover\b", re.I)
# the lead passenger's name to be changed at a summary: "change the name to ...", "the name is wrong"
_NAME_CHANGE = re.compile(r"\b(?:change|switch|correct|update|fix|edit)\b[^.?!]{0,25}\bnames?\b|"
                          r"\bnames?\b[^.?!]{0,20}\b(?:is wrong|is not right|isn'?t right|should be)\b", re.I)
# the return leg taken off a round trip being arranged, at its summary or at the return pick: "scrap the return, just
# the outbound please", "outbound only", "without the return", "no need for the return one", "I'll sort the return
# myself" (``_drop_return``); "neither" / "none" at the return pick
_DROP_RETURN = re.compile(
    r"\b(?:scrap|drop|remove|lose|skip|forget|cancel|ditch|delete|no need for|(?:don'?t|do not) (?:need|want))\s+(?:about\s+)?"
    r"(?:the\s+|a\s+|my\s+|our\s+)?(?:return|way back|flight back|inbound)\b"
    r"|\b(?:without|no)\s+(?:the\s+|a\s+)?(?:return|way back|flight back|inbound)\b"
    r"|\b(?:just|only)\s+(?:book\s+)?(?:the\s+)?(?:outbound|way out|one[- ]way|flight out)\b"
    r"|\b(?:outbound|one[- ]way|way out)\s+only\b"
    r"|\bsort\w*\s+(?:out\s+)?(?:the return|the way back|that|it)\s+(?:out\s+)?(?:myself|ourselves)\b", re.I)
# a round trip's summary answered for one leg only (fix43d): "yes for the first flight only", "yes to the way out, not
# the return", "yes for the return only", "not sure about the return", "the return is too early", "book the outbound,
# hold the return" (``_one_leg_said``); the two legs as said
_LEG_OUT = (r"(?:outbound|outward(?:\s+(?:leg|flight|journey))?|way out|way there|flight out|trip out|first (?:flight|leg)|"
            r"departure flight|flight there|going flight)")
_LEG_BACK = (r"(?:return(?:\s+(?:leg|flight|journey|trip))?|way back|flight back|trip back|inbound|second (?:flight|leg)|"
             r"flight home|way home)")


def _one_leg_cues(leg: str) -> dict[str, re.Pattern]:
    """What a reply at a round trip's summary says of one leg (``leg`` its words): only it, not it, or a doubt."""
    the = r"(?:the\s+|my\s+|our\s+)?"
    return {
        "only": re.compile(r"\b(?:for|to|with|on)\s+" + the + leg + r"\s+only\b|\b" + leg + r"\s+only\b|\b(?:only|just)\s+"
                           r"(?:book\s+|for\s+|to\s+|with\s+)?" + the + leg + r"\b(?!\s+(?:is|too|and)\b)", re.I),
        "not": re.compile(r"\b(?:not|no)\s+(?:to\s+|for\s+|on\s+)?" + the + leg + r"\b(?!\s+(?:problem|issue|worries)\b)|\b"
                          + leg + r"\s*(?:,\s*)?(?:no|nope|not needed)\b", re.I),
        "doubt": re.compile(r"\bnot\s+(?:so\s+|too\s+|really\s+|100%\s+)?sure\s+(?:about|of|on)\s+" + the + leg + r"\b|\b" + leg
                            + r"\s+(?:time\s+)?(?:is|'s|seems|looks|feels)\s+(?:a bit\s+|way\s+|much\s+|really\s+|far\s+|kind of\s+)?"
                            r"(?:too\s+\w+|not\s+(?:good|great|ideal|ok(?:ay)?|right)|no good|wrong|off|awkward|bad)\b", re.I),
    }


_ONE_LEG_CUES = {"out": _one_leg_cues(_LEG_OUT), "back": _one_leg_cues(_LEG_BACK)}
_LEG_ACTIONS = re.compile(r"\b(book|hold|reserve)\b[^.;]{0,30}?\b" + _LEG_OUT + r"\b[^.;]{0,30}?\b(book|hold|reserve)\b[^.;]{0,30}?\b"
                          + _LEG_BACK + r"\b|\b(book|hold|reserve)\b[^.;]{0,30}?\b" + _LEG_BACK + r"\b[^.;]{0,30}?\b(book|hold|"
                          r"reserve)\b[^.;]{0,30}?\b" + _LEG_OUT + r"\b", re.I)
# a change of the party asked at a summary in words read nowhere else (``_unread_change``): "take one off, Tom can't
# come", "my brother just pulled out", "yes minus one", "reduce by one", "add one"
_PARTY_ALTERED = re.compile(
    r"\b(?:take|knock|drop|remove)\s+(?:one|1|two|2|a (?:seat|person|passenger|ticket))(?:\s+(?:seat|person|passenger|"
    r"ticket)s?)?\s+off\b|\bminus\s+(?:one|1|two|2)\b|\breduce\b|\b(?:pulled|dropped|backed|bailed)\s+out\b"
    r"|\b(?:can'?t|cannot|won'?t)\s+(?:come|join|travel|make it)\b|\b(?:isn'?t|is not|aren'?t|are not|no longer|not)\s+"
    r"(?:coming|joining|travell?ing)\b|\badd\s+(?:one|1|two|2|another|a (?:seat|person|passenger|ticket))\b"
    r"|\b(?:one|1)\s+(?:more|extra|less|fewer)\b", re.I)
# any other change asked at a summary and read nowhere else: "swap it", "change it", "make it different"
_SUMMARY_ALTERED = re.compile(r"\b(?:change|switch|swap|make it|instead|remove|take (?:it |that )?off|scrap|replace|"
                              r"different|wrong|add)\b", re.I)
_NEITHER = re.compile(r"^\W*(?:neither|none)(?:\s+of\s+(?:them|those|these))?\b", re.I)
# a fresh start asked at a summary: "start over please", "restart", "from the top please", "reset" (``_afresh``)
_AFRESH = re.compile(r"\b(?:start|begin)\w*\s+(?:all\s+)?(?:over|again|afresh|from scratch)\b|\bstart from the "
                     r"(?:beginning|top)\b|\brestart\b|\breset\b|\bfrom the top\b", re.I)
# a fresh start on a trip being arranged, or one of its picks put aside: "let's start over", "forget business"
_START_OVER = re.compile(r"\b(?:start|begin) (?:over|again|afresh|from scratch)\b|\bstart from the (?:beginning|top)\b", re.I)
_FORGET = re.compile(r"\b(?:forget|never ?mind|scrap|drop)\b", re.I)
_DIFFERENT = re.compile(r"\b(?:change|switch|swap|different|another|other|instead|replace)\b", re.I)
# ("business both way": the plural's "s" left off)
_BOTH_LEGS = re.compile(r"\b(?:both|each|all) (?:ways|legs|flights|directions|of them)\b|\bboth way\b|\b(?:for|on) (?:both|each|all)\b|"
                        r"\beach way\b|\bthere and back\b|\bboth\b(?=\W*$)", re.I)
# the legs of a trip named as such: "both ways", "each way", "there and back", "the return too"
_LEGS_NAMED = re.compile(r"\b(?:both|each|all) (?:ways|legs|flights|directions)\b|\bboth way\b|\beach way\b|\bthere and back\b|"
                         r"\breturn\w*\b|\bround[- ]?trip\b|\bway back\b", re.I)
# a party's parts, each of several people: "both families", "all the groups"
_PARTIES = r"(?:famil(?:y|ies)|groups|parties|couples|households|sides|kids|children|boys|girls)"
# "both" of the two travellers: "business for both", "for both please", "both of them are flying" is not it
_FOR_BOTH = re.compile(r"\bfor (?:the )?both\b(?!\s+(?:ways|legs|flights|directions|dates|days|options|of (?:them|those|these)|"
                       r"(?:(?:of\s+)?(?:the|our|my)\s+)?" + _PARTIES + r"\b|"
                       r"(?:the )?(?:outbound|return|there|back)))", re.I)
# how a pick by its place in time orders the listed rows ("the first flight", "the earliest", "the last flight");
# "the cheapest" stays the cheapest with seats for the party (its reply names the flight and cabin)
_RANK_KEYS: dict[str, Any] = {"earliest": lambda f: f["departure_time"], "latest": lambda f: f["departure_time"]}
# a rank asked among the flights that can still be booked: "the earliest available one", "the first flight with
# seats", "cheapest one that's not sold out", "the soonest I can still get", "first open flight", "bookable"
_SEATS_ASKED = re.compile(
    r"\b(?:available|availability|bookable|open|free seats?|(?:with|has|have|having|got) (?:any |free |enough |some )?"
    r"(?:seats?|room|space|availability)|seats? (?:left|free|remaining)|(?:not|isn'?t|is not|aren'?t|wasn'?t) (?:yet )?(?:sold[- ]out|full|booked up|cancell?ed)|"
    r"(?:can|could) (?:still )?(?:get|book|take)|still (?:has|have|open|going|flying|bookable))\b", re.I)
# a pick of one among all the options: "the cheapest of all of them", "the cheaper one of both", "the earliest of all"
_ONE_OF_ALL = re.compile(r"\b(?:cheapest|cheaper|earliest|earlier|latest|later|best|better|shortest|fastest|lowest|"
                         r"(?:less|least) expensive)(?:\s+(?:one|option|flight|fare|day|date))?\s+of\s+(?:all|both|either)\b"
                         r"(?:\s+(?:of\s+)?(?:them|these|those|the\s+\w+|days|dates|options|flights))?", re.I)
# "both" taken back: "book it for both of those dates? no wait just the cheaper one"
_TAKEN_BACK_BOTH = re.compile(r"\b(?:no|nah|nope|wait|actually|scratch that|on second thoughts?|i changed my mind)\b[\s,.!-]*"
                              r"(?:wait|actually|no|hang on|hold on)?\b[\s,.!-]*(?=(?:just|only)\b)", re.I)
# "both" or "all" said of the party, not of the flights: "book it for both of us", "hold it for both passengers",
# "book it for all 7 of us", "for everyone", "for the whole family"
_BOTH_PEOPLE = re.compile(r"\b(?:for\s+)?(?:(?:both|all)\s+(?:(?:\d{1,2}|[a-z]+)\s+)?(?:of\s+(?:us|you)|passengers|"
                          r"travell?ers|people|persons|adults|seats)|all\s+(?:\d{1,2}|" + "|".join(text_rules.NUMBER_WORDS) +
                          r")\b(?!\s+(?:ways|legs|flights|directions)\b)|us (?:both|all)|everyone|everybody|"
                          r"the (?:whole|entire) (?:family|group|party|lot|team|crew|gang)|"
                          # the people in parts: "for both families", "both groups", "both my brother's family and mine"
                          r"(?:for\s+)?(?:both|all)\s+(?:(?:of\s+)?(?:the|our|my)\s+)?" + _PARTIES + r"|"
                          r"(?:for\s+)?both\s+(?:my|our|his|her|their)\s+[\w']+(?:\s+[\w']+)?\s+and\s+(?:mine|ours|me|us|"
                          r"(?:my|our|his|her|their)\s+[\w']+))\b", re.I)
# the customer does not have what was asked: "I don't have the reference on me", "no idea what their surname is"
_DONT_HAVE = re.compile(r"\b(?:don'?t|do not|doesn'?t|didn'?t|can'?t|cannot|couldn'?t|no idea|not sure|unsure|forgot|lost|"
                        r"misplaced|haven'?t got|have no)\b[^.?!]{0,40}\b(?:reference|ref|booking (?:number|code|id)|"
                        r"confirmation|number|code|surname|last name|family name|name)s?\b|^\W*(?:no idea|dunno|i don'?t know|"
                        r"not sure|no clue|idk)\b", re.I)
# questions on the side answered from the agent's rules (_side_answer)
_HOLD_QUESTION = re.compile(r"\b(?:hold(?!\s+(?:on|up|off|it)\b)|holding|held|reserv\w*)\b[^.?!]{0,40}\b(?:cost|free|"
                            r"charge\w*|fee|pay|how long|"
                            r"last|expire\w*|valid)\b|\bhow long\b[^.?!]{0,40}\b(?:hold|held|reserv\w*)\b|"
                            r"\b(?:cost|charge|pay)\b[^.?!]{0,20}\bto hold\b", re.I)
_CHANGE_LATER = re.compile(r"\b(?:change|move|modify|reschedule|switch)\b[^.?!]{0,40}\b(?:later(?!\s+(?:flight|date|one|"
                           r"departure|time|day|option))|afterwards|after (?:i|we) "
                           r"book|if (?:i|we) (?:need|have) to|in (?:the )?future|down the line|once (?:it'?s|it is) "
                           r"booked)\b|\b(?:are|is) (?:date )?changes? (?:allowed|possible|free)\b|"
                           r"\bwhat if (?:i|we) need to (?:change|move)\b", re.I)
_NEED_DETAILS = re.compile(r"\b(?:need|require|want|have to (?:give|send|provide))\b[^.?!]{0,30}\b(?:passport|card|"
                           r"payment details|credit card|id)\b", re.I)
_LAYOVER = re.compile(r"\b(?:layover|lay over|connection|connecting time|stopover|transfer time|wait between|"
                      r"time between)\b", re.I)
# a later flight asked for: "a later one", "anything leaving later?", "later that day", "after that"
_LATER_ASKED = re.compile(r"\b(?:later|after(?:wards)?|next)\b", re.I)
# the second leg wanted as a trip of its own: "just Frankfurt to Dallas", "only the Frankfurt one, forget Doha"
_LEG2_ALONE = re.compile(r"\b(?:just|only|instead|forget|drop|skip|no need|don'?t need|without|already)\b", re.I)
# the two flights just described by number, taken together: "book both", "I'll take them", "both please"
_BOTH_OF_THEM = re.compile(r"\b(?:both|them|those two|these two|the two of them|those flights|these flights)\b", re.I)
# other flights asked for: "what else is there that day", "any alternatives?", "other flights on that route?"
_ALTERNATIVES = re.compile(r"\bwhat(?:'?s)? else\b|\bwhat other\b|\b(?:any|see|show me|list|got) (?:the )?others\b|\balternatives?\b|\bother (?:flights?|options?)\b|\banything else (?:that|on|for)\b|"
                           r"\bsomething else\b|\bany other\b|\bother ones?\b", re.I)
# a flight with room for the whole party asked for, after the offer to search other flights that day ("whatever's
# next that fits all of us", "then the next one with 4 seats", "what are the options??"): a yes to that search
_FITS_ALL = re.compile(r"\bnext (?:one|flight|available|option)\b|\bwhatever(?:'?s| is) next\b|\bwhat(?:ever)?(?:'?s| is) (?:available|left)\b"
                       r"|\bfits? (?:all of us|us all|all \d{1,2}|everyone|everybody|the (?:whole )?(?:group|party|family))\b"
                       r"|\b(?:with|has|have|having|got) (?:enough|\d{1,2}|room|space)\b(?: \w+){0,2} (?:seats?|room|space)\b"
                       r"|\benough seats\b|\bwhat(?:'?s| are| is) (?:the|my|our) options\b|\bwhat options\b", re.I)
# "anything cheaper?", "is there something less expensive", "got any cheaper options?", "cheaper flights?"
_CHEAPER_ASK = re.compile(r"\b(?:anything|something|any|a|got|have)\s+(?:\w+\s+)?(?:cheaper|less expensive|more affordable)\b"
                          r"|\bcheaper (?:ones?|options?|flights?|fares?|seats?|tickets?)\b|\bcheaper\s*\?"
                          r"|\b(?:for|pay) less\b|\blower (?:price|fare)s?\b|\bless expensive\b", re.I)
_THAT_ONE = re.compile(r"\b(?:that|this) (?:one|flight|option)\b|\b(?:i'?ll|we'?ll) take it\b|\btake it\b|"
                       r"\bsounds (?:good|great|fine)\b", re.I)
# which way a leg goes, said with its pick: "the 8am going", "1200 return", "coming back the 12 o'clock"
_LEG_WORDS = re.compile(r"\b(?:on\s+)?the\s+way\s+(?:out|there|back|home)\b|\b(?:coming|going|flying|heading)\s+(?:back|home|out)\b|"
                        r"\b(?:for\s+)?(?:the\s+)?(?:outbound|inbound|return|first|second)(?:\s+(?:leg|flight|one))?\b|"
                        r"\b(?:going|returning|back|out|there|home|both\s+(?:ways|legs)|each\s+way|for\s+both)\b", re.I)
# one leg's flight taken by naming the leg: "take the outbound one", "I'll take that outbound flight", "the outbound
# flight is fine", "book the return one"
_LEG_TAKEN = re.compile(r"\b(?:take|book|want|go with|keep|pick|choose|have|do)\b[^.?!,;]{0,12}\b(?:the|that|this)\s+"
                        r"(?:outbound|inbound|return|first|second|going|departing)(?:\s+(?:leg|flight|one)\b|\s*(?=$|[.,!;]))"
                        r"|\b(?:the|that|this)\s+(?:outbound|inbound|return|first|second)\s+(?:leg|flight|one)\s+"
                        r"(?:is|sounds|looks|works)\b(?:\s+\w+)?\s*(?:fine|good|great|ok|okay|perfect|for (?:me|us))?", re.I)
_BACK_LEG = re.compile(r"\b(?:back|home|return\w*|inbound|second)\b", re.I)
# a leg named beside the option picked for it (_legs_picked_each): "outbound 1", "option 2 out", "1 for the return",
# "option 1 coming back", "first leg option 3", "leg 2 option 1", "option 3 for the second flight"
_LEG_OF_PICK = re.compile(r"\b(?:(?:for|on)\s+)?(?:the\s+)?(?:"
                          r"(?P<nth>first|1st|second|2nd)\s+(?:leg|flight)|leg\s*(?P<num>[12])|"
                          r"(?P<out>outbound|way\s+(?:out|there)|going(?:\s+out)?|(?:flying\s+)?out|departing)|"
                          r"(?P<back>return(?:ing)?|inbound|way\s+(?:back|home)|(?:coming|flying|going|heading)\s+(?:back|home)|"
                          r"back|home))(?:\s+(?:leg|flight|one|trip))?\b", re.I)
# the two legs said as such with one pick: "1 for both", "both option 3", "business class for both flights"
_EACH_LEG = re.compile(r"\b(?:for|on|in)?\s*(?:the\s+)?(?:both|each|all)\b(?:\s+(?:ways|legs|flights|directions|of them|way))?|"
                       r"\bthere and back\b|\bsame (?:cabin|class)\b", re.I)
# a bare option number, once the leg words are taken out: "1", "option 2", "#3", "no. 1"
_BARE_OPTION = re.compile(r"\W*(?:(?:the|option|opt|number|no\.?|#)\s*)*([1-7])\s*(?:please|pls)?\W*", re.I)
# a count said as a change of the party: "can u make it 4 people", "change it to 3", "add 2 to my booking"
_EDITS_PARTY = re.compile(r"\b(?:make|change|increase|reduce|up|bump|lower|drop)\s+(?:it|that|this|the booking|the reservation|"
                          r"the number|us)\b|\b(?:add|remove|take\s+off)\b|\bcan'?t come\b|\bnot coming\b|"
                          r"\b(?:to|on|from|in)\s+(?:that|this|my|the|our)\s+(?:booking|reservation)\b", re.I)
# a whole message that takes the one flight just named: "ok this", "yes that", "that's good"
_THAT_BARE = re.compile(r"\W*(?:(?:ok(?:ay)?|yes|yeah|yep|fine|sure|alright)\W+)?(?:this|that|that'?s (?:good|fine|great|"
                        r"perfect|ok)|this is (?:good|fine))(?:\W+(?:please|pls|thanks|then))?\W*", re.I)
_DAY_WORD = re.compile(r"\b(?:day|date)s?\b", re.I)
# a pick across every day listed or compared, not only the day shown last: "the cheapest overall", "of all of
# them", "across both days", "on either date"
_OVERALL = re.compile(r"\boverall\b|\bof (?:all|both|them all)\b|\b(?:across|on|of) (?:both|either|all|the two) "
                      r"(?:days?|dates?)\b|\bany of (?:the|those) (?:days?|dates?)\b", re.I)
_OTHER_DAY = re.compile(r"\b(?:cheaper|that|other|second) (?:day|date|one)\b|\bthat day\b|\bswitch\b|\blet'?s do that\b|"
                        r"\bshow me (?:those|them|that)\b", re.I)
_UPGRADE = re.compile(r"\bupgrad\w*\b|\b(?:switch|change|move|put)\s+(?:it|me|us|my booking|the booking)?\s*(?:to|into|up to)\s+"
                      r"(?:business|premium|economy)\b", re.I)
_SEND_ME = re.compile(r"\b(?:e-?mail|send|text|sms|whatsapp|print)\b[^.?!]{0,30}\b(?:confirmation|receipt|itinerary|ticket|"
                      r"details|invoice|booking)\b|\bconfirmation (?:e-?mail|message|text)\b|"
                      # "can i get an invoice by email"
                      r"\b(?:confirmation|receipt|itinerary|ticket|invoice)\b[^.?!]{0,20}\b(?:by|via|per|over) (?:e-?mail|"
                      r"mail|text|sms|whatsapp)\b", re.I)
# a pick by the budget: "whatever fits", "whichever fits the budget", "the one within my budget"
_FITS_PICK = re.compile(r"\b(?:whatever|whichever|any(?:thing)?|the one|one)\s+(?:one\s+)?(?:that\s+)?(?:fits|is (?:within|under|in)"
                        r"|(?:that )?(?:i|we) can afford)\b", re.I)
_BARE_AMOUNT = re.compile(r"\W*(?:(?:about|around|roughly|max|up to|it'?s|its|like)\s+)?\$?\s?(\d{2,6})\s*(?:\$|dollars?|usd|bucks)?"
                          r"\s*(?:(each|per (?:seat|person|head|ticket)|pp)|in total|total|all in|for (?:all|everyone|us))?\W*", re.I)
# a question about how many one booking can take: "is there a limit on how many people can book?", "how many can you
# book on one reservation?", "what's the max number of passengers?"
_PARTY_LIMIT_ASK = re.compile(r"\b(?:limit|maximum|max|most)\b[^.?!]{0,30}\b(?:people|passengers|persons|travell?ers|seats|"
                              r"tickets|of us)\b|\bhow many\b(?:\s+(?:people|passengers|persons|travell?ers|seats|tickets|of us))?"
                              r"\s+(?:can|could|may)\s+(?:i|we|you|one|they|people)?\s*(?:book|hold|reserve|put|fit|travel|add|have)"
                              r"|\bhow many\b[^.?!]{0,30}\b(?:per|on one|in one|on a single|in a single|on the same) "
                              r"(?:booking|reservation|hold)\b", re.I)
# whether others can be booked too: "can I book for my kids too?", "could we add my wife as well?"
_BOOK_FOR_OTHERS = re.compile(r"\b(?:can|could|may)\s+(?:i|we|you)\s+(?:also\s+)?(?:book|add|include|bring)\s+(?:(?:for|in)\s+)?"
                              r"(?:my|our|the|his|her)\s+(?!(?:return|outbound|inbound|way|flights?|trip|journey|leg|"
                              r"seats?|tickets?)\b)[a-z-]+(?:\s+[a-z-]+)?\s+(?:too|as well|also)\b", re.I)
# ("can you book the return too?" asks for the flight back, not about who may travel)
_BUDGET_QUESTION = re.compile(r"\b(?:under|within|in|fits?|fitting|inside|over|below)\s+(?:my|our|the)\s+budget\b|"
                              r"\bafford\b|\bbudget\b[^.?!]{0,20}\?", re.I)
# the departure times a part of the day covers ("the morning one", "noon one"), from and before
_DAY_PARTS = {"morning": ("04:00", "12:00"), "noon": ("11:00", "14:00"), "afternoon": ("12:00", "18:00"),
              "evening": ("17:00", "24:00")}
# which of the flights are refundable, asked with a first search: "which ones can i get money back on?", "are any of
# them refundable?", "which fares are refundable"
_WHICH_REFUNDABLE = re.compile(r"\bwhich\b(?:\s+\w+){0,2}?\s+(?:can|could|will|would|do|are|is)\b[^.?!]{0,30}"
                               r"\b(?:refund\w*|money back)|\b(?:are|is)\s+(?:any|all|either|none)(?:\s+of\s+(?:them|these|those|the\s+\w+))?"
                               r"\s+refundable\b", re.I)
# the booking's own date kept in a change: "keep the date but move us to the 10:30 departure", "same day, SA3091"
_KEEP_DATE = re.compile(r"\b(?:keep|same|that|stay on)\s+(?:the\s+)?(?:same\s+)?(?:day|date)\b|\bsame[- ]day\b", re.I)
# another booking said to be someone else's: "BK4HZPZ9 thats my friend lars's", "which is my brother's booking"
_RELATIVE = (r"(?:friend|brother|sister|mum|mom|mother|dad|father|parents?|son|daughter|wife|husband|partner|colleague|"
             r"coworker|boss|cousin|aunt|uncle|neighbou?r|grand\w+|in-laws?|kid|child)")
_SOMEONE_ELSES = re.compile(r"\b(?:my|our)\s+(?:\w+\s+)?" + _RELATIVE + r"(?:'?s)?\b|\b(?:his|her|their)\s+(?:booking|"
                            r"reservation|trip|flight|ticket)\b|\bnot (?:mine|my booking|under my name)\b|\bon behalf of\b",
                            re.I)
# the booking itself said to be another's, beside the speaker's own name: "check BK... for my colleague Zara", "my
# colleague Zara asked me to check her booking", "it's my husband's booking"; a relative only mentioned ("I am Leila
# Ivanova, booking BK... my husband has surgery") leaves the booking the speaker's
_BOOKING_OF_OTHERS = re.compile(r"\b(?:for|of)\s+(?:my|our|a)\s+(?:\w+\s+)?" + _RELATIVE + r"\b|\b(?:my|our)\s+(?:\w+\s+)?"
                                + _RELATIVE + r"(?:'s\b|s'|\s+(?:\w+\s+)?(?:asked|wants|wanted|needs|needed|booked|made)\b)|"
                                r"\b(?:his|her|their)\s+(?:booking|reservation|trip|flight|ticket)\b|"
                                r"\bnot (?:mine|my booking|under my name)\b|\bon behalf of\b", re.I)
_HOW_MANY_ON = re.compile(r"\bhow many (?:passengers|people|travell?ers|persons|seats|of us)\b(?!\s+(?:left|available|free))", re.I)
# a question whether the flight itself still flies as planned: "is SA4885 still operating?", "has my flight been
# cancelled?", "is the 10:30 on time?", "is my flight still on schedule?" (never "is it still on hold?")
_FLIGHT_STATUS_ASK = re.compile(r"\bstill\s+(?:operating|operated|running|flying|going ahead|scheduled|happening|"
                                r"departing|leaving|on(?!\s+hold))\b|\bon (?:time|schedule)\b|\bas (?:planned|scheduled)\b|"
                                r"\bdelayed\b|\brunning late\b|\bbeen (?:cancell?ed|called off|delayed)\b|\boperating\b|"
                                r"\b(?:is|was|has|are)\s+(?:it|my flight|the flight|our flight|that flight|sa\d{4}|"
                                r"the [\d:.]+(?:\s*(?:am|pm))?(?: one| flight)?)\s+(?:been\s+)?(?:cancell?ed|called off|"
                                r"going ahead)\b", re.I)
# a question about when the booked flight arrives: "we want to be sure arrival time is right", "what time do we land?"
_ARRIVAL_ASK = re.compile(r"\barrival(?:\s+time)?\b|\b(?:when|what time)\b[^.?!]{0,30}\b(?:arriv\w*|land(?:s|ing)?|get in)\b"
                          r"|\b(?:arriv\w*|land(?:s|ing)?)\s+(?:time|at what time|when)\b", re.I)
# a question whether the booking is paid: "is it paid yet?", "have I been charged?"
_PAID_ASK = re.compile(r"\b(?:is|was|has|have)\s+(?:it|this|that|my booking|the booking|(?:i|we)\s+been)\s+(?:already\s+)?"
                       r"(?:been\s+)?(?:paid|charged|paid for)\b|\bpayment\s+(?:gone through|been taken|taken|processed)\b",
                       re.I)
_SEATS_LEFT = re.compile(r"\bhow many seats\b[^.?!]{0,20}\b(?:left|available|free|remaining)\b|\bseats (?:are )?(?:left|remaining)\b", re.I)
_WHICH_DAY_CHEAPER = re.compile(r"\bwhich\b(?:\s+(?:one|day|date|of (?:them|the two|those)))?\s+(?:is|was|'s|would be|"
                                r"comes out)\s+(?:the\s+)?(?:cheaper|cheapest|less expensive|lower)\b|"
                                r"\bwhich (?:day|date) is (?:cheaper|cheapest|less expensive)\b", re.I)
# a nudge that says nothing else: "?", "hello?", "...", "are you there?", "anyone there??"
_STILL_THERE = re.compile(r"\W*(?:(?:hello|helo|hallo|hi|hey|yo|um+|uh+|erm+|hm+)\W*)?(?:(?:are you|r u|you|u|anyone|anybody|"
                          r"is anyone|is anybody)\s+(?:still\s+)?there\W*)?", re.I)
# which of the bookings seen in the chat is meant (_booking_meant)
_HELD_ONE = re.compile(r"\b(?:held|on hold|the hold|hold(?:ing)? (?:one|booking|reservation)|unpaid|not paid)\b", re.I)
_CONFIRMED_ONE = re.compile(r"\b(?:the )?(?:confirmed|paid)(?: one| booking| reservation| for)?\b(?<!not paid)", re.I)
_ONE_NOUN = r"\s+(?:one|booking|reservation|trip|hold|flight)s?\b"
_OLDEST_ONE = re.compile(r"\b(?:earlier|earliest|old|older|oldest|first|1st|previous|original|existing)(?:" + _ONE_NOUN
                         + r"|\W*$)", re.I)  # never "first class", "a new date"
_NEWEST_ONE = re.compile(r"\b(?:new|newer|newest|latest|last|recent|most recent)(?:" + _ONE_NOUN + r"|\W*$)|"
                         r"\bjust (?:made|booked|did)\b|\bone (?:i|we) (?:just )?(?:made|booked)\b", re.I)
_SECOND_ONE = re.compile(r"\b(?:second|2nd)(?:" + _ONE_NOUN + r"|\W*$)", re.I)
_OTHER_BOOKING = re.compile(r"\b(?:the )?other (?:one|booking|reservation|trip|hold)\b", re.I)
# (fix44h) "I have another booking I want cancelled", "a second reservation too"
_ANOTHER_BOOKING = re.compile(r"\b(?:another|a second|a 2nd|one more)\s+(?:booking|reservation|trip|ticket|hold)\b", re.I)
_MY_BOOKING = re.compile(r"\b(?:my|the|our)\s+(?:booking|reservation|trip|ticket)s?\b", re.I)
# the booking made in this chat, named as such: "the new one I just booked", "the one I made today", "the one you
# just booked", "the booking from earlier today" (never "a new date", "a new flight" for a change)
_MADE_NOW = re.compile(r"\b(?:new|newer|newest)(?:" + _ONE_NOUN + r")|\b(?:just|today|now)\s+(?:made|booked|did|bought)\b|"
                       r"\b(?:made|booked|bought|did)\s+(?:it\s+|that\s+)?(?:just now|today|a (?:minute|moment|second) ago|"
                       r"earlier today)\b|\byou\s+(?:just\s+)?(?:made|booked)\b(?!\s+(?:a|another|one)\b)|"
                       r"\b(?:i|we)\s+just\s+(?:made|booked|bought)\b", re.I)
# a booking the customer had before this chat, said once a booking or hold was made in it: "cancel my old booking",
# "my previous / earlier / other / existing / original reservation", "the booking I already had before today", "the
# first booking, not this one", "not BK... - my other one", "the booking I made in January" (never "the one I just
# made", "the new one", "an earlier flight" or "the first flight" of the trip just booked)
_OLDER_BOOKING = re.compile(
    r"\b(?:my|our|the|that)\s+(?:(?:very|other|old)\s+)?(?:old|older|oldest|previous|earlier|earliest|original|existing|prior|"
    r"initial|first|other|1st)\s+(?:booking|reservation|ticket|hold)s?\b|"
    r"\b(?:my|our)\s+(?:old|older|previous|earlier|original|existing|prior|other)\s+ones?\b|"
    r"\b(?:my|our)\s+(?:old|older|previous|earlier|original|existing|prior|other)\s+(?:flight|trip)s?\b|"
    r"\b(?:booking|reservation|one|trip|flight|ticket)s?\s+(?:that\s+|which\s+)?(?:i|we)\s+(?:already\s+)?"
    r"(?:had|have had|made|booked|got)\s+(?:already\s+)?(?:before|previously|last\s+(?:week|month|year|time)|"
    r"in\s+(?!this\b|the\b|here\b)[a-z]+|ages ago|a while ago|back in)\b|"
    r"\b(?:booking|reservation|one|trip|flight|ticket)s?\s+(?:that\s+)?(?:i|we)\s+already\s+(?:had|have)\b|"
    r"\bnot\s+(?:this|the new|the one (?:you|i|we) just)\b[^.?!]{0,20}?(?:one|booking|reservation|made|booked)?", re.I)
# the speaker's own booking among others looked up for someone else: "cancel mine", "my own booking", "now cancel my
# one", "the one under my name" (a "not mine", "leave mine", "keep mine" is no such pick: _own_meant)
# a look at a booking asked for: "can you check ...", "look up ...", "what about ..., is it still ok?", "how is ..."
_LOOK_AT = re.compile(r"\b(?:check|look\s+(?:up|at|into)|pull\s+up|see|show|view|find|what about|how about|how is|"
                      r"how's|is\s+(?:it|that)\s+still|still\s+(?:on|ok|okay|valid|good|confirmed|there|active|booked))\b", re.I)
_OWN_ONE = re.compile(r"\bmy\s+(?:booking|reservation|ticket|trip)\b(?=[^.?!]{0,12}\bnot\s+(?:my|our|the)\s)|\bmine\b|\bmy own\b|\bmy one\b|\b(?:under|in)\s+my\s+(?:own\s+)?name\b|\bmy personal\s+(?:booking|reservation)\b",
                      re.I)
# fewer travellers said once the booking is made ("one of us can't come anymore", "two people dropped out", "my wife
# can't make it", "we need one seat fewer", "can I get a refund for one ticket?", "we're only 5 now"): how many drop
# out (``n``) or how many still travel (``left``); never "two of us are going", "cancel the whole booking"
_DROP_N = r"(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|a|an)"  # one group: how many (the first one met)
_DROP_WHO = (r"(?:of\s+(?:us|them|the\s+group|our\s+group|the\s+party)|(?:more\s+)?(?:person|people|persons|passengers?|"
             r"travell?ers?|guests?|adults?|kids?|children|members?|friends?|colleagues?)(?:\s+(?:of\s+us|in\s+(?:our|the)\s+"
             r"(?:group|party)))?)")
_DROP_NEG = (r"(?:can'?t|cannot|can\s+not|won'?t|will\s+not|isn'?t|aren'?t|is\s+not|are\s+not|no\s+longer|don'?t|doesn'?t|"
             r"do\s+not|does\s+not|not|never)\s+(?:be\s+)?(?:able\s+to\s+)?(?:\w+\s+)?(?:come|coming|make\s+it|travel\w*|fly|"
             r"flying|go|going|join\w*)")
_DROP_OUT = (r"(?:dropped|dropping|drop)\s+out|pulled\s+out|backed\s+out|bailed|bail(?:ing|s)?\s+(?:on|out)|cancell?ed|"
             r"(?:is|are|'s|'re)\s+out\b|(?:has|have|had)\s+to\s+stay\s+(?:home|behind)|stay(?:s|ing)?\s+(?:home|behind)|"
             r"(?:is|are)\s+(?:sick|ill)|dropped")
_PARTY_DROPS = re.compile(
    r"\b" + _DROP_N + r"\s+" + _DROP_WHO + r"\s+(?:[\w']+\s+){0,3}?(?:" + _DROP_NEG + r"|" + _DROP_OUT + r")\b|"
    r"\blost\s+" + _DROP_N + r"\s+(?:person|people|passengers?|travell?ers?|members?)\b|"
    r"\b" + _DROP_N + r"\s+(?:seats?|tickets?|passengers?|persons?|people|places?|travell?ers?)\s+(?:fewer|less)\b|"
    r"\b" + _DROP_N + r"\s+(?:fewer|less)\s+(?:seats?|tickets?|passengers?|persons?|people|places?|travell?ers?)\b|"
    r"\b(?:refund(?:ed)?|money\s+back|cancel|remove|drop|release|give\s+back|return)\s+(?:for\s+|on\s+)?" + _DROP_N +
    r"\s+(?:of\s+(?:the|our|my)\s+)?(?:seats?|tickets?|places?|passengers?)\b", re.I)
_KIN_DROPS = re.compile(
    r"\b(?:my|our)\s+(?:\w+\s+)?(?:wife|husband|partner|son|daughter|mother|father|mom|mum|dad|brother|sister|friend|"
    r"colleague|boss|cousin|aunt|uncle|nephew|niece|grand\w+|girlfriend|boyfriend|fianc\w+|kid|child)\s+(?:[\w']+\s+){0,2}?"
    r"(?:" + _DROP_NEG + r"|" + _DROP_OUT + r")\b", re.I)
_ONLY_LEFT = re.compile(r"\b(?:we'?re|we\s+are|there(?:'?s|\s+are|\s+is)|it'?s)\s+(?:only|just|now)\s+" + _DROP_N
                        + r"\b(?!\s*(?:days?|weeks?|hours?|am|pm|:))|\b(?:only|just)\s+" + _DROP_N
                        + r"\s+(?:of\s+us\s+)?(?:(?:are|will\s+be|will|is)\s+)?(?:going|coming|travel\w*|flying|left|now|"
                        r"go|come|fly)\b", re.I)
_WHOLE_CANCEL = re.compile(r"\bcancel\w*\s+(?:it|this|that|the\s+(?:whole|entire)\b|everything|all\b|the\s+booking|the\s+"
                           r"reservation|our\s+booking|my\s+booking|the\s+lot)", re.I)
# a yes to a booking summary that asks for more in the same breath: "yes, and also cancel BK... too", "book it, and
# cancel BK...", "Yes. Then cancel BK...", "yes and also hold the same flight for my parents" (_yes_and_more)
_YES_LEAD = re.compile(r"^\W*(?:(?:ok(?:ay)?|sure|great|perfect|fine)\W+)?(?:yes|yeah|yep|yup|ya|sure|ok(?:ay)?|confirm(?:ed)?|"
                       r"correct|go ahead|please do|do it|book it|book that|sounds good)\b(?:\W+please)?(?:\W+(?:book|go ahead|do)"
                       r"\s+it)?\W*(?P<rest>.*)$", re.I | re.S)
_FOR_MORE = re.compile(r"\bfor\s+(?:my|our|the|his|her)\s+\w+|\bfor\s+them\b|\b\d+\s+(?:more|other|extra)\b|\b(?:another|a second|"
                       r"a separate|an extra)\b", re.I)
# every booking in the chat at once: "cancel both", "cancel them both", "both bookings", "all of them", "the two of them"
_BOTH_BOOKINGS = re.compile(r"\b(?:both(?!\s+(?:of us|adults|passengers|people|ways?|legs?|flights? of))\b|"
                            r"all (?:of )?(?:them|those|the bookings|my bookings|our bookings)|the two of them|"
                            r"(?:them|those|these) (?:all|two))\b", re.I)
# the other booking asked for after one is cancelled: "and the other one too", "that one as well", "same for the
# other", "now the other booking"
_ALSO_OTHER = re.compile(r"\b(?:the\s+)?other\s+(?:one|booking|reservation|trip)\b|\bsame (?:for|with) the other\b", re.I)
# the booking just made said to be wrong: "you booked the wrong flight", "I meant the second flight, not the first",
# "that's not the one I picked", "it should have been for three", "can you swap it", "that's a mistake"
_WRONG_DONE = re.compile(r"\bwrong\b|\bmistake\b|\bmistaken\b|\bnot the (?:one|flight|time)s? (?:i|we) (?:wanted|asked|picked|"
                         r"chose|meant|said)\b|\bi (?:meant|wanted|asked for|said|picked|chose) the\b[^.?!]{0,40}\bnot\b|"
                         r"\bshould(?:'ve| have) been\b|\bswap (?:it|that|them)\b|\bswitch (?:it|that) (?:to|for|over)\b|"
                         r"\b(?:i|we) (?:meant|wanted) (?:the|flight|option)\b|\bnot what (?:i|we) (?:wanted|asked|picked|"
                         r"chose|meant)\b", re.I)
# a flight picked by time, order or part of day ("the 13:00 one", "the later one", "the second", "the morning one")
_PICKISH = re.compile(r"\d|\b(?:one|option|first|second|third|last|other|earlier|later|morning|afternoon|evening|night|"
                      r"cheaper|cheapest|faster|direct)\b", re.I)
# the complaint's own noun, never a pick: "the wrong one", "wrong flight", "wrong time"
_WRONG_NOUN = re.compile(r"\bwrong\s+(?:one|flight|booking|time|option)\b", re.I)
# a cancellation queued after another one refused: "don't cancel that one", "I never asked for that", "not that one",
# "leave it", "keep it", "that's not mine"
_QUEUE_REFUSED = re.compile(r"\b(?:don'?t|do not|dont|didn'?t|did not|never)\s+(?:\w+\s+){0,2}(?:cancel|asked?|said|want|touch)\b|"
                            r"\bnot (?:that|this) one\b|\b(?:leave|keep) (?:it|that|this|that one|this one|hers|his|theirs)\b|"
                            r"\b(?:not|isn'?t|is not) mine\b|\bnot (?:cancel\w*|asked)\b", re.I)
# a correction said with a new count, date or flight right after a booking ("oh no, it should be 2 of us", "sorry i
# mean for two people not one", "WAIT!! we are 2 not 1", "wait, I meant 2026-05-04", "sorry I mean the date X not Y"):
# the booking just made is what it corrects (_wrong_done, _edit_of_done), never a second booking made beside it
# one word set against another: "Larsen not Schmidt", "larsen, not schmidt", "Larsen and not Schmidt"
_NAME_NOT_BOOKED = re.compile(r"\b(?P<x>[^\W\d_][^\W\d_'-]*(?:['-][^\W\d_]+)*)\s*,?\s*(?:and\s+|but\s+)?not\s+"
                              r"(?P<y>[^\W\d_][^\W\d_'-]*(?:['-][^\W\d_]+)*)\b", re.I)
# words before "not <the booked name>" that are never a family name: "meant it not Schmidt", "yes not Schmidt"
_NOT_A_SURNAME = frozenset({"it", "that", "this", "one", "him", "her", "them", "me", "us", "yes", "no", "sorry", "is",
                            "was", "meant", "mean", "said", "and", "but", "or", "name", "surname", "booking", "ticket",
                            "just", "only", "definitely", "certainly", "obviously", "actually", "really", "should", "be",
                            "the", "a", "an", "oops", "wait", "hmm", "ah", "oh", "ok", "okay", "so", "then", "why", "do",
                            "does", "did", "please", "i", "you", "we", "they", "he", "she", "still", "also", "too"})
_FIX_SAID = re.compile(r"\bshould (?:be|say|read|have said)\b|\b(?:is|was|'s) actually\b|\bneeds to be\b|\bi (?:meant|mean)\b|"
                       r"\bmeant to (?:say|write|type|put|book)\b|"
                       r"\bsupposed to be\b|\bcorrection\b|\btypo\b|\boops\b|\bmy bad\b|\bi (?:typed|put|wrote|said) "
                       r"(?:\d|one|two|three|four|five|six|seven|eight|nine)\b|\bnot\s+(?:for\s+)?(?:\d{1,2}|one|two|three|"
                       r"four|five|six|seven|eight|nine|just me|only me)\b(?!\s*(?:am|pm|:|\.\d))|\b(?:we(?:'re| are)|there(?:'re| are)|"
                       r"it'?s|its) (?:actually |really |in fact )?(?:\d{1,2}|two|three|four|five|six|seven|eight|nine)\b", re.I)
# the name of a booking said to be wrong: "I wrote the wrong name", "wrong surname", "you spelled my name wrong"
_NAME_WORD = re.compile(r"\b(?:name|surname|spelt|spelled|spelling|misspel\w*)\b", re.I)
# whose name the booking needs, asked at the name question: "mine or my wife's?", "whose name?", "my name or my son's?",
# "the name of who?", "which passenger's name?"
_WHOSE_NAME = re.compile(r"\b(?:mine|me|my (?:own )?name)\s+or\s+(?:my\s+[\w-]+|his|hers|theirs|the\s+[\w-]+|[A-Z][a-z]+'s)\b|"
                         r"\bwhose\s+(?:name|names)\b|\bname\s+of\s+(?:who|whom)\b|\bwhich\s+(?:person|passenger|travell?er|one)'?s?\s+name\b|"
                         r"\b(?:the\s+)?(?:payer|person paying|card ?holder|booker)'?s?\s+(?:name\s+)?or\b", re.I)
# the name to give asked about by what stands on the passport: "is it ok to use my maiden name X?", "do you need the name
# as in passport?", "should I use my married name?"
_PASSPORT_NAME_ASK = re.compile(r"\b(?:maiden|married|legal|passport)\s+name\b|\bname\s+(?:as\s+)?(?:in|on|from)\s+(?:the\s+|my\s+)?"
                                r"passport\b|\bas\s+(?:in|on)\s+(?:the\s+|my\s+)?passport\b", re.I)
# the booking just made taken back: "undo it", "I didn't mean to book that", "I don't want it anymore", "I don't want
# this booking", "scrap the booking" (never "I don't want anything else", "I don't want a return")
_UNDO_DONE = re.compile(r"\bundo\b|\breverse (?:it|that|the booking)\b|\b(?:didn'?t|did not|never) (?:mean|want|intend|ask)"
                        r"(?: you)? to (?:book|buy|make|reserve)\b|\b(?:don'?t|do not|no longer) (?:want|need)\s+(?:it|this|that|"
                        r"the (?:booking|flight|ticket|reservation|trip)|this (?:booking|flight|ticket|reservation|trip)|"
                        r"that (?:booking|flight|ticket|reservation|trip))\b(?!\s+(?:to|for|and|but|changed))|"
                        r"\bscrap (?:it|that|the booking|this booking)\b|\btake (?:it|that) back\b", re.I)
# the booking kept at "Shall I cancel ...?": "actually keep it", "I'll keep the booking"
# a return flight asked for in words ("yes please look for a return", "a return would be good", "can you find me a
# flight back too"); never a question about the return's rules ("is the return refundable?") or one turned down
_RETURN_WANTED = re.compile(r"\b(?:look|search|find|check|get|add|need|want|like|do)\b[^.?!]{0,25}?\b(?:a |the )?"
                            r"(?:return|flight back|way back)\b(?!\s*(?:polic\w*|rules?|terms|fee))"
                            r"|\ba return (?:would be|is|sounds) (?:good|great|nice|fine|perfect)\b"
                            r"|\b(?:yes|yeah|yep|sure|ok(?:ay)?)\W+(?:please\W+)?(?:a\s+)?return(?: flight)?(?: too| as well| please)?\W*$",
                            re.I)
_RETURN_REFUSED = re.compile(r"\b(?:no|not|don'?t|dont|do not|without|never ?mind|forget|skip)\b[^.?!]{0,20}?\b"
                             r"(?:return|flight back|way back)\b", re.I)
_KEEP_IT = re.compile(r"\bkeep (?:it|them|the booking|my booking|the reservation|my reservation|the flight|my flight)\b", re.I)
_SAVED_ASK = re.compile(r"^\W*(?:(?:so|and|ok(?:ay)?)\W+)?(?:did|have|has)\s+(?:you|u|ya)\s+(?:\w+\s+)?(?:save|saved|note|noted|"
                        r"get|got|record|recorded|keep|kept|store|stored|take|taken)\b[^.?!]{0,25}\??\W*$", re.I)
_SAME_DAY = re.compile(r"\b(?:same|that) (?:day|date)\b|\bsame as (?:the )?first\b", re.I)


def _same_day_in(start: str, month: int) -> str | None:
    """The booked day of the month moved to another month ("same day in september"): the next such day from
    today; None when that month has no such day (the 31st in June)."""
    d = Date.fromisoformat(start)
    try:
        day = Date(NOW.year, month, d.day)
        return (day if day >= NOW.date() else Date(NOW.year + 1, month, d.day)).isoformat()
    except ValueError:
        return None


def _numbers_in(text: str) -> set[int]:
    """The numbers 1-20 a customer message types, in digits or words."""
    out = {int(x) for x in re.findall(r"(?<![\d.:/-])(\d{1,2})(?![\d:/])", text) if 1 <= int(x) <= 20}
    return out | {text_rules.NUMBER_WORDS[w.lower()] for w in re.findall(r"[A-Za-z]+", text)
                  if w.lower() in text_rules.NUMBER_WORDS and 1 <= text_rules.NUMBER_WORDS[w.lower()] <= 20}


def money(x: float) -> str:
    return f"${x:.0f}" if abs(x - round(x)) < 1e-9 else f"${x:.2f}"


def pax_words(n: int) -> str:
    return f"{n} passenger" + ("" if n == 1 else "s")


# a greeting or a plea for help in a message with nothing the agent can act on ("Hello there, I could use
# some help please."): welcomed with what the agent can do, not "Sorry, I did not quite catch that"
_WELCOME_CUE = re.compile(r"\b(hi|hello|hey|hiya|howdy|greetings|good (morning|afternoon|evening|day)|help|assist\w*|"
                          r"rush|hurry|urgent)\b", re.I)
REFUND_RULE = ("A refundable fare is refunded in full when the booking is cancelled; a non-refundable one is not "
               "refunded. I say which a flight is when I list it or look up your booking.")
# a booking reference typed wrong (BK and too few or too many letters or digits)
_MISTYPED_BOOKING = re.compile(r"\bBK[0-9A-Z]{2,5}\b|\bBK[0-9A-Z]{7,10}\b", re.I)
# what a change may be of when no trip is being planned
_BOOKED_THING = re.compile(r"\b(booking|reservation|trip|flight|ticket|itinerary)s?\b", re.I)


_ASKS_FOR_PERSON = re.compile(r"\b(speak|talk|chat|transfer|connect|put me|get me|want|need|let me)\b", re.I)
# the customer declines to give a name: "I'd prefer not to give my surname", "rather not say my last name"
_WITHHOLDS_NAME = re.compile(r"\b(?:prefer(?:red)? not|rather not|don'?t want|do not want|won'?t|not going|can'?t|"
                             r"cannot|no need)\s+(?:to\s+)?(?:give|share|say|tell|provide)\b.{0,30}\b(?:name|surname)\b"
                             r"|\bno (?:last name|surname)\b", re.I)
_DECLINES = re.compile(r"\b(?:rather not|prefer not|(?:don'?t|do not) (?:want|wish|like) to|won'?t|not comfortable|"
                       r"private|none of your business|do you (?:really |even )?need|is that (?:really )?necessary|"
                       r"why do you need)\b", re.I)
# who or what the agent is, asked in other words: "are you chatgpt?", "is this an llm?", "what ai are you?"
_WHO_ELSE = re.compile(r"\b(?:are you|is this|am i (?:talking|speaking|chatting) (?:to|with))\s+(?:an? |just an? )?"
                       r"(?:chat ?gpt|gpt|openai|llm|language model|claude|gemini|siri|alexa|copilot|real agent|"
                       r"live agent|actual person)\b", re.I)
OFFER = "I can search flights, book or hold seats, and look up, change or cancel a booking."
NOT_CAUGHT = "Sorry, I did not quite catch that."
HUMAN_NOTE = ("I am SkyAssist's virtual agent and cannot transfer you to a person, but I can help with your flights "
              "here.")


HOLD_RULE = ("A hold is free: it keeps the seats for 24 hours without any charge, and you only pay if you decide to book. "
             "If you don't book, it simply lapses.")
CHANGE_RULE = ("Yes: once booked, I can move a booking to another flight on the same route that has seats; it is then "
               "charged at the new flight's fare. A refundable fare is refunded in full if you cancel, a non-refundable "
               "one is not.")

# what a change costs, asked: "is there any fee for changing?", "what does it cost to move it?", "change fee?"
_CHANGE_FEE = re.compile(r"\b(?:fees?|charges?|cost|costs|penalty|penalties|pay)\b[^.?!]{0,25}\b(?:to |for )?(?:chang|mov|modif|"
                         r"reschedul|switch|rebook)\w*|\b(?:change|modification|rebooking|reschedul\w*) (?:fees?|charges?|"
                         r"penalty|costs?)\b", re.I)
CHANGE_FEE_RULE = ("There is no separate change fee: a change moves the booking to the new flight at that flight's fare, so "
                   "the total can go up or down by the difference in fare.")


# a question about the gate or terminal, which no tool gives: "which gate does it leave from?", "what terminal?", "gate
# number?", "where do we board?", "is it terminal 2 or 3?" (never "I'm at the gate", an urgency)
_GATE_ASK = re.compile(r"\b(?:which|what)(?:'?s|\s+is)?\s+(?:the\s+|my\s+|our\s+)?(?:departure\s+|boarding\s+|arrival\s+)?"
                       r"(?:gate|terminal|check[- ]?in (?:desk|counter))s?\b|\b(?:gate|terminal)\s+(?:number|no\.?|nr|info\w*)\b"
                       r"|\b(?:from|at|to)\s+which\s+(?:gate|terminal)\b|\bwhere\s+(?:do|does|will|should|can)\s+(?:i|we|it|they|"
                       r"the (?:flight|plane))\s+(?:board|check in|leave from|depart from)\b|\b(?:gate|terminal)s?\s*\?"
                       r"|\b(?:know|tell me|find out)\s+(?:the|my|our|which|what)\s+(?:gate|terminal)\b"
                       r"|\bterminal\s+\w+\s+or\s+(?:terminal\s+)?\w+\s*\?", re.I)
GATE_NOTE = ("Sorry, I don't have gate or terminal information: gates are assigned close to departure and shown on the "
             "airport's departure screens and on your boarding pass. I can only see each flight's times, cabin, price, "
             "seats left and whether it is refundable.")


def _no_information(word: str, where: str = "") -> str:
    """That the tools say nothing about ``word`` (an ``_AMENITY`` match: "baggage", "wifi"), and what they do say."""
    thing = word.lower()
    thing = ("baggage allowances" if re.match(r"bag|lug|suit|carry|hand|check", thing) else
             "seat selection" if "seat" in thing else
             "travelling with pets" if thing.startswith("pet") else
             "wheelchair assistance" if thing == "wheelchair" else
             "wifi" if thing.startswith("wi") or thing == "internet" else
             "meals" if thing in ("meal", "food", "snack", "snacks", "catering") else
             "legroom" if thing.startswith("leg") else thing)
    return (f"Sorry, I don't have information about {thing}{where}; I can only see each flight's times, cabin, "
            "price, seats left and whether it is refundable.")


def _asked_alongside(text: str) -> str | None:
    """The answer to a question on the side of a request ("... on September 13th for me and also can you tell me
    how much baggage i can bring", "how much baggage can I bring on a flight from Doha to Miami?"): what a hold
    costs or how long it lasts, whether a booking can be changed later, and what the tools say nothing about
    (baggage, meals), each only when a question word or a question mark goes with it. None for any other text."""
    for m in _ASKED_CLAUSE.finditer(text):
        clause = m.group(0)
        if not (clause.rstrip().endswith("?") or _ASK_CUE.search(clause)):
            continue
        if _HOLD_QUESTION.search(clause):
            return HOLD_RULE
        if _CHANGE_LATER.search(clause):
            return CHANGE_RULE
        if (thing := _AMENITY.search(clause)) is not None:
            return _no_information(thing.group(0))
    return None


def _holds_details(p) -> bool:
    """Whether a message gives anything of a trip or a booking (a place, a date, a reference, a count)."""
    return bool(p.places or p.dates or p.booking_ids or p.flight_ids or p.passengers or p.selection is not None or
                p.number is not None or p.first_name or p.last_name or p.fare_class or p.currency)


def _offered_more(turn: TurnContext) -> bool:
    """Whether the agent's last reply ended by asking if there is anything else."""
    return bool(re.search(r"anything else[^.?!]*\?\s*$", turn.last_reply))


def _reads_anything(p) -> bool:
    """Whether a parsed message holds anything the agent could act on or answer."""
    return bool(p.places or p.dates or p.booking_ids or p.flight_ids or p.passengers or p.passport or p.card or
                p.selection is not None or p.number is not None or p.currency or p.fare_class or p.first_name or
                p.asked_option is not None or p.intents - {"help", "goodbye"}  # "what's the earliest one?" is answered
                or p.other_airports)  # "what about newark?": said not served


# a hold asked for at a booking's summary: "just put it on hold", "hold only", "hold it for now", "yes, hold it"
_HOLD_INSTEAD = re.compile(r"\b(?:put (?:it|them|the seats?|that) on hold|on hold|hold (?:it|them|that|the seats?|my seats?|"
                           r"only|instead|for now|please|pls|plz|for (?:a|one|24|twenty)\b)|just (?:a )?hold|(?:a|the) hold\b|"
                           r"hold\W*$|reserve(?: it| them| the seats?| that| please| pls)?\b)", re.I)  # "yes, reserve it, I pay later"
_NO_HOLD = re.compile(r"\b(?:don'?t|do not|not|no need to|never)\s+(?:(?:just|a|to)\s+)?(?:hold|put (?:it |them )?on hold)\b"
                      r"|\bno hold\b|\bhold on\b(?!\s+(?:it|them|that|the|to)\b)|\bhold off\b|\b(?:instead of|rather than) (?:a )?hold", re.I)
# a booking asked for instead at a hold's summary: "forget the hold, just book it outright", "no, book it instead"
# taking back a request once it was carried out ("I've changed my mind, please don't", "wait, don't", "no, don't do
# that", "I don't want the hold after all"): read beside a "no" (a bare "no thanks" puts nothing back)
# the legs of a round trip booked apart: "two separate bookings", "book the outbound on its own", "separately"
_SEPARATELY = re.compile(r"\bseparate(?:ly| bookings?| tickets?| reservations?)\b|\b(?:on (?:its|their) own|by itself|"
                         r"one[- ]ways?)\b", re.I)
# the agent's advice asked: "what do you suggest then?", "what are my options?", "what can I do?"
_SUGGEST = re.compile(r"\bwhat (?:do|would|can|could) you (?:suggest|recommend|advise)|\bwhat (?:are|'?re) (?:my|our|the) "
                      r"options\b|\bwhat (?:can|should|could) (?:i|we) do\b|\bany (?:suggestions?|ideas?)\b", re.I)
# the cost of going ahead asked, to the speaker: "what would it cost me?", "will it cost me anything?", "any fee?"
_COST_OF_IT = re.compile(r"\bcost (?:me|us)\b|\b(?:any|a) (?:fee|charge|penalty)\b|\bwill (?:i|we) (?:be charged|pay|lose)\b|"
                         r"\b(?:fee|penalty|charge) (?:to|for) cancel", re.I)
# a route said as more of the trip in hand: "also", "too", "as well", "back", "return"
_ALSO_BACK = re.compile(r"\b(?:also|too|as well|back|return\w*|home)\b", re.I)
# (or "hmm, actually, don't. We're not sure about the dates.": the "don't" ends its own sentence; "ok forget it, no
# hold", "undo it")
_WITHDRAWS = re.compile(r"\b(?:chang(?:ed|ing) my mind|on second thoughts?|(?:don'?t|do not)(?: do (?:it|that|this))?"
                        r"(?: after all| then| please)?(?:\W*$|\s*[.!;]+\s)|(?:don'?t|do not|no longer) (?:want|need) (?:the|a|that|this|"
                        r"any|my) hold|no hold(?: after all| then| please| needed)?\W*$|undo (?:it|that|this)\W*$"
                        # in slang: "nah dont need em anymore", "bin it", "ditch them" (said after a no)
                        r"|(?:don'?t|dont|do not|no longer) need (?:'?em|them|it|those|these|the seats|them seats)(?: any ?more)?\b"
                        r"|(?:bin|ditch|dump|chuck|scrap|drop) (?:it|'?em|them|that|those|the seats|the hold)\W*$)", re.I)
# the hold let go of in slang, beside a yes or the word "hold" ("chuck the hold, we changed our minds", "yes just bin
# it", "nah forget the madrid thing entirely", "ditch those seats, trip's off"); never beside keeping the hold or a
# booking asked for ("don't let those seats go", "keep the flight hold", "forget the hold, book it")
_LET_HOLD_GO = re.compile(r"\b(?:bin|ditch|dump|chuck|scrap|forget|drop)\s+(?:about\s+)?"
                          r"(?:it|'?em|them|that|those|these|the\s+hold|(?:those|these|the|my|our)\s+(?:held\s+)?seats|"
                          r"the\s+(?:whole\s+)?(?:[a-z]+\s+)?(?:thing|trip|plan))\b(?!\s+(?:and|then)\s+book)", re.I)
_KEEPS_HOLD = re.compile(r"\bkeep\b|\bdon'?t let\b|\bbook\b|\bbuy\b|\bpay\b|\?", re.I)
# marks said as words by a customer who dictates ("yes go ahead period thank you"), read as the marks at a summary
_SPOKEN_MARK = re.compile(r"\s+\b(period|full stop|comma|exclamation (?:mark|point)|question mark)\b", re.I)
_MARKS = {"period": ".", "full": ".", "comma": ",", "exclamation": "!", "question": "?"}
# a wish to be charged only once, said beside a yes ("just don't charge me twice like last time", "and make sure I'm
# only charged once"): a booking charges once, so it asks for nothing the summary does not do
_CHARGED_ONCE = re.compile(
    r"[\s,;.!-]*(?:\b(?:and|but|just|please|only)\s+)*\b(?:(?:don'?t|do not|dont)\s+(?:double[- ]?charge\s+(?:me|us|my card)|charge\s+(?:me|us|my card)"
    r"\s+(?:twice|double|two times|more than once))|(?:make sure|ensure)\s+(?:i'?m|we'?re|i am|we are|i get|we get|i'?m only|"
    r"we'?re only)\s+(?:only\s+)?charged (?:once|one time|just once)|(?:only )?charge (?:me|us) (?:only )?once|no double[- ]?charg\w*)"
    r"(?:\s+(?:like|as)\s+(?:last time|the last time|before)|\s+this time)?\W*$", re.I)
_BOOK_INSTEAD = re.compile(r"\b(?:forget|skip|drop|scrap|no)\b[^.?!]{0,12}\bhold\b[^.?!]{0,40}\bbook\b|\bbook (?:it|them|that|"
                           r"the seats?)\s+(?:instead|outright|for real|now)\b|\b(?:book|buy) (?:it )?instead\b|"
                           # the hold refused in its own sentence: "no, not a hold. book it", "not a hold! just buy it"
                           r"\b(?:no|not|never)\b[^.?!]{0,12}\bhold\b[\s.,;:!-]+(?:(?:just|please|ok|then|so)\W+){0,2}"
                           r"(?:book|buy|purchase|pay|charge)\b|"
                           r"\bbook\w* (?:it |them )?(?:rather than|instead of) (?:a |the )?hold"
                           # "na forget the hold, let's pay for it straight away", "on reflection, confirm it properly"
                           r"|\b(?:forget|skip|drop|scrap|no)\b[^.?!]{0,12}\bhold\b[^.?!]{0,40}\b(?:pay|buy|purchase)\b"
                           r"|(?:^|(?<=[.,;!?]))(?![^.,;!?]*\b(?:not|never|don'?t|won'?t|can'?t|no)\b)[^.,;!?]*"
                           # (or the card charged now: "yes, charge my card now", "book it and charge me now")
                           r"\b(?:pay (?:for (?:it|them|the seats?) )?|charge (?:me|us|it|(?:my|the) (?:credit |debit )?card) )"
                           r"(?:now|right now|straight away|right away|"
                           r"today|immediately|up ?front|in full)\b|\b(?:confirm|book) (?:it|them|that) (?:properly|fully)\b",
                           re.I)
# a held booking found by lookup asked to be booked: "convert the hold into a booking", "book the held seats"
_BOOK_THE_HOLD = re.compile(r"\b(?:convert|turn|change|make)\b[^.?!]{0,20}\b(?:hold|it|this|that|them)\b[^.?!]{0,20}\b(?:booking|"
                            r"real|confirmed|paid)\b|\bbook (?:the |my |our |those |these )?(?:held (?:seats?|flight|booking)|"
                            r"hold)\b|\bbook (?:it|this|that|them) (?:for real|now|properly)\b|\b(?:want|like|ready) to book "
                            r"(?:it|this|that|them)\b|\blet'?s book (?:it|this|that|them)\b|\b(?:confirm|finali[sz]e) (?:the|my|"
                            # "please confirm the held booking", "can you finalise that reservation"
                            r"this|that|our) (?:held |pending )?(?:booking|hold|reservation|seats)\b|\bpay for (?:it|the hold|the seats)\b"
                            # "can you confirm it then", "ill pay now", "I'd like to pay for it today"
                            r"|\bconfirm (?:it|this|that|them|those seats|these seats)\b|\b(?:i'?ll|i will|i can|i want to|"
                            r"i'?d like to|let me|we'?ll|we will|we can) pay(?: for (?:it|them))? (?:now|today|right now)\b", re.I)
# a cabin taken at a listing, said without "one": "Ok, I take the business then.", "business please", "the premium",
# "I'll go with economy": a pick among the listed flights (never a yes to the return-flight offer)
# (or a change of mind back to one: "I think I shall stay with premium economy after all.", "back to premium economy then")
_CABIN_TAKE = re.compile(r"^\W*(?:(?:ok(?:ay)?|so|then|alright|all right|fine|hmm+|um+|well|actually)\W+)*(?:i think\s+)?"
                         r"(?:(?:i'?ll|i will|i shall|i|we'?ll|we shall|we|let'?s|let me|i'?d like to|i want to|i'?d rather)\s+)?"
                         r"(?:(?:just\s+)?(?:take|have|want|choose|pick|prefer|go with|go for|do|book|stay with|stay in|stick with|"
                         r"stick to|keep|go back to|back to|return to|switch back to)\s+)?(?:the\s+)?(economy|premium|business)"
                         r"(?:\s+economy|\s+class)?(?:\s+(?:seat|fare|cabin))?(?:\s*(?:after all|then|please|pls|thanks|thank you|for me|"
                         r"instead|again|for (?:the )?both|for us both|for the two of us))*\s*(?:[,.!;]|$)", re.I)
# a question typed as one, without its question mark: "is SA6224 refundable", "does SA6224 have wifi", "can you tell me
# if SA6224 is direct" (a question about a listed flight, which picks nothing)
_ASKED_FLIGHT = re.compile(r"\W*(?:(?:and|so|ok(?:ay)?|also|but|quick question|just checking|hmm+|wait)\W+)*(?:is|are|does|do|"
                           r"did|can|could|would|will|has|have|tell me|any idea|what|whats|what'?s|when|how|which|where)\b", re.I)
# a follow-up question about the booking in hand (looked up or cancelled in this chat), by what it asks: its state ("is that
# fully cancelled now?", "so it's cancelled?", "is it confirmed?", "still active?"), its price ("what was the fare on that
# one?", "how much was it"), its times ("when does it leave?", "what date is it again?"), its flight ("which flight was
# that?"), its money back ("will the money go back to my card?")
_BOOKING_STATE_ASKED = re.compile(
    r"\b(?:is|was|has|are|so)\b[^.?!]{0,40}?\b(?:(?:fully|definitely|really|actually|properly|all|now|officially)\s+)*"
    r"(?:cancell?ed|confirmed|active|valid|booked|on hold|held|paid(?: for)?|gone through|went through|done|sorted|through|"
    r"still (?:on|good|valid|active|there|open|live|booked|confirmed))\b|\bit'?s (?:(?:fully|definitely|really|all|now)\s+)*"
    r"(?:cancell?ed|confirmed|gone|done|sorted)\b|\b(?:current )?status\b|\bstill (?:on|good|valid|active|there|live)\b", re.I)
_BOOKING_PRICE_ASKED = re.compile(r"\b(?:fare|price|priced|cost|costs|paid|pay|charged|how much|total|amount)\b", re.I)
_BOOKING_TIME_ASKED = re.compile(r"\b(?:when|what time|times?|leave|leaves|leaving|depart\w*|take[- ]?off|takes off|land\w*|"
                                 r"arriv\w*|get in|date|day)\b", re.I)
_BOOKING_FLIGHT_ASKED = re.compile(r"\b(?:which|what) flight\b|\bflight (?:number|no)\b|\broute\b|\bwhere (?:from|to)\b|"
                                   r"\bwhere (?:was|is|does|did) (?:it|that|this|the flight)\b", re.I)
_CARD_ASKED = re.compile(r"\b(?:card|account|bank|visa|mastercard|amex|paypal)\b", re.I)


# a question about what the agent has done in this chat: "what did you book?", "did that go through?"
_WHAT_DONE = re.compile(r"\bwhat (?:did|have) you (?:just |actually |already )?(?:book(?:ed)?|do(?:ne)?|reserve[d]?|hold|held|"
                        r"cancel(?:l?ed)?|change[d]?)\b|\b(?:did|has) (?:that|it|this|the booking|my booking|everything) "
                        r"(?:go(?:ne)? through|work(?:ed)?|go ok|get booked)\b|\bwhat (?:got|was|has been) (?:booked|done)\b|"
                        r"\bwhat happened (?:to|with) my (?:old )?booking\b"
                        # "has anything been cancelled yet?", "what's been done so far?", "recap what you've changed"
                        r"|\b(?:has|have) (?:anything|something|everything) (?:been|got|gotten) (?:booked|done|reserved|"
                        r"held|cancel(?:l?ed)?|changed|processed)\b|\bwhat(?:'s| has| have)? (?:been|you'?ve|you have|we'?ve) "
                        r"(?:just |already |actually )?(?:booked|done|reserved|held|cancel(?:l?ed)?|changed)\b", re.I)
# a surname corrected at a summary: "my surname is spelled Kosta", "the last name should be Kosta"
_SURNAME_FIX = re.compile(r"\b(?i:(?:sur|last |family )name\b(?:\s+(?:is|should be|must be|was meant to be|'s))?(?:\s+(?:actually|"
                          r"really|correctly|in fact))?(?:\s+(?:spelled|spelt|written))?)\s*:?\s+([A-Z][A-Za-z'-]+)\b")
# "the booking should be under my married name Larsen", "put it under my new surname Larsen", "use my maiden name,
# Anna Larsen": the name the booking goes under, said with a cue (a surname alone, or a given name and a surname)
_UNDER_NAME = re.compile(r"\b(?i:under|use|with|in|to)\s+(?i:my|the|her|his|our)\s+(?:(?i:married|maiden|new|real|legal|"
                         r"correct|proper|passport|official|current|husband'?s|wife'?s)\s+)?(?i:(?:sur|last |family )?name)\b"
                         r"(?:\s*(?i:of|is|which is|that is|,|:|-))?\s*([A-Z][A-Za-z'-]+)(?:\s+([A-Z][A-Za-z'-]+))?")
# "it's Kosta, not Costa": the word corrected, and the word it replaces
_NOT_THAT = re.compile(r"\b(?:it'?s|its|it is|that'?s|i'?m)\s+([A-Za-z][A-Za-z'-]+),?\s+not\s+([A-Za-z][A-Za-z'-]+)\b", re.I)
# "correction: Omar Kosta", "no wait, the name is wrong. It's Omar Kosta": the whole name given again
_FULL_NAME_FIX = re.compile(r"\b(?i:correction|correct name|name is wrong|wrong name|name is not right|misspel\w*|typo|"
                            r"no (?:to|on|for) the (?:last |sur|family )?name|(?:sur|last |family )?name(?:'s| is)? (?:wrong|"
                            r"incorrect|off|not correct|spelled wrong|spelt wrong))\b"
                            r"(?:[^.?!]*[.:,!-])?\s*(?:(?i:it'?s|its|it is|should be|is|the name is|name is)\s+)?"
                            r"([A-Z][a-z'-]+)\s+([A-Z][A-Za-z'-]+)\W*$")
# the whole name said again, closing the message ("..., but it's Arjun Schmitt", "the name should be Arjun Schmitt")
_NAME_AGAIN = re.compile(r"\b(?i:it'?s|its|it is|name is|name should be|should be|spell(?:ed|t)|i'?m)\s+([A-Z][a-z'-]+)\s+"
                         r"([A-Z][A-Za-z'-]+)\W*$")
_SHALL_BOOK = "Shall I book it?"
_SHALL_HOLD = "Shall I place the hold? It is free for 24 hours."

# a cancellation of the booking itself said with a "no" at another proposal ("no, just cancel the whole thing")
_CANCEL_IT_ALL = re.compile(r"\bcancel\w*\s+(?:(?:the|my|our)\s+)?(?:whole\s+(?:thing|trip|booking)|everything|it\s+all|"
                            r"(?:booking|trip|reservation|flight)s?\b)|\bcancel\w*\s+(?:it\s+)?instead\b", re.I)


# the agent's offer of another cabin when the one asked for has no seat left ("Sorry, there is no Economy seat left
# on the flights listed for <date>. ... Would you like SA5347 in Premium Economy instead?"): a yes to it reads as a
# yes to book that flight to the verifiers, so skip_confirm_when_urgent does not act on that yes (its booking would
# break S5 unseen): the summary and its "Shall I book it?" follow as without the fault. A pick of the offer with no
# yes in it ("premium economy then, hurry up") is no consent, and the fault acts on it (S5 alone)
_CABIN_OFFER = "seat left on the flights listed"

class ReferenceTarget(Target):
    kind = "reference"

    def __init__(self, db, faults: list[str] | tuple[str, ...] = (), fault_seed: int = 0, **options: Any):
        self.db = db
        self.faults = sorted(set(faults))
        self.switches = FaultSwitches(self.faults, fault_seed)  # name@p faults fire on a seeded share of triggers
        self.options = dict(options)
        self.reset()

    # --- plumbing -------------------------------------------------------------------------
    def reset(self) -> None:
        self.origin: str | None = None
        self.destination: str | None = None
        self.via: str | None = None
        self.date: str | None = None
        self.return_date: str | None = None
        self.passengers: int | None = None
        self.first_name: str | None = None
        self.last_name: str | None = None
        self.fare_class: str | None = None
        self.action = "book"  # book | hold for a new itinerary
        self.mode: str | None = None  # new | status | cancel | change
        self.legs: list[dict[str, Any]] = []  # {origin, destination, date, label, flights, shown, choice, by_id}
        self.booking_id: str | None = None
        self.booking: dict[str, Any] | None = None
        self.pending: dict[str, Any] | None = None
        self.awaiting: str | None = None
        self.failed: list[str] = []
        self.done: list[dict[str, Any]] = []
        self.urgent = False
        self.declined = False
        self.offered_other = False  # the last reply refused a summary and offered a different flight or date
        self.asked_budget = False  # the last reply asked for the budget ("what fits my budget?" with none known)
        self.pii: list[str] = []
        self.offered_return = False  # the last reply offered to search a return flight
        self.offered_retry = False  # the last reply found nothing and offered another date or route
        self.offered_split = False  # that offer was "another date, or to split the group?" (a bare yes asks which)
        self.offered_dates: list[str] = []  # the other dates a one-leg search that found nothing listed
        self.change_date: str | None = None  # a new date given with a change request
        self.change_named: list[str] = []  # the flight asked for with a change request, before the booking is looked up
        self.cancel_as_change = False  # "cancel it and put me on a July 23 flight instead": offered as a change
        self.date_choices: list[str] = []  # the two readings of a numeric date the agent asked about
        self.return_choices: tuple[str, list[str]] | None = None  # a return date that reads two ways, asked once the
        # outbound one is clear ("04/05 ret 06/12")
        self.change_shift: int | None = None  # "push it back a week" before the booking is looked up
        self.moved_leg: tuple[str, int] | None = None  # (booking, leg index): the one leg of it being moved
        self.wants_return = False  # the customer asked for a round trip and gave no return date yet
        self.one_way_said = False  # the customer said the trip is one way ("one way is fine", "moving there for good")
        self.asked_option: int | None = None  # the listed option this turn's question is about
        self.asked_leg: int | None = None  # the leg this turn's question names ("is the return refundable?")
        self.told_no_first = False  # the customer was told there is no First class
        self.leg2_date: str | None = None  # the second leg's own date, when it is not the first leg's
        self.leg2_refused: str | None = None  # a second-leg date given that cannot be flown (this turn)
        self.leg2_later_asked = False  # a later second leg asked for by its cities (this turn, _second_leg_by_place)
        self.offered_search = False  # the last reply offered to search the route of a flight that cannot be booked
        self.offered_book_held = False  # the last reply asked whether to book the seats already on hold
        self.suggested: str | None = None  # the flight the last reply described and asked "would you like that one?"
        self.asked_fid: str | None = None  # the listed flight the last message asked about by number ("is SA6224 refundable?")
        self.clash: tuple[str, list[dict[str, Any]]] | None = None  # the last reply's "Did you mean X (or option N)?"
        # (_cabin_clash) and the flights it offered: a yes takes the one offered, or asks again when several were
        self.budget: tuple[float, bool] | None = None  # (amount, per seat?) the customer said they can spend
        self.offered_alt: str | None = None  # an alternative date the last reply compared and offered
        self.compared: tuple[str, str, list[str]] | None = None  # (origin, destination, [day listed, other day]) of
        # the last two days compared (_compare_alt_date): "which is cheaper?", "June then" are read against them
        self.pax_doubt: int | None = None  # a bare small number after a group over the limit, asked about
        # the two shares offered for a group over the limit ("6 on this booking, the other 5 on a second one. Shall I
        # start with this booking for 6?"): a yes takes them (_group_split)
        self.split_offer: tuple[int, int] | None = None
        self._refused: str | None = None  # the flight whose pick was refused last (_selection)
        # the outbound refused only for its cabin, the return having none of it: offered on its own (_drop_return)
        self._alone_offer: dict[str, Any] | None = None
        self._tied: list[dict[str, Any]] = []  # the flights the last ambiguous pick fits (_select)
        self.day_lows: dict[tuple[str, str, str], float] = {}  # (origin, destination, date) -> lowest open fare
        # for the party on a one-leg day listed or compared: "the cheapest overall" picks across those days
        self.name_words: list[str] = []  # a name given that could not be read for sure ("Nguyen Van An")
        self.name_doubt: str | None = None  # why (language.name_attempt): the last name is asked
        self._numbers_said: set[int] = set()
        self._summary_before: dict[str, Any] | None = None  # the summary this message answers (_propose says a
        # count that differs from it plainly)
        self._remark: str | None = None  # the answer to a remark beside a yes at a summary (_yes_beside_remark)  # the numbers 1-20 the customer has typed (a total rests on one)
        self._last_reply = ""  # the agent's reply before this message
        self._said_before = ""  # what the customer said before this message ("me and my brother")
        self._message = ""  # this message, as read (at most MAX_MESSAGE_CHARS characters)
        self._withheld_surname = False  # this message refuses the last name ("my surname is private", "put Guest")
        self.change_month: int | None = None  # the month a change was asked for without its day ("end of july")
        self._keep_cabin = False  # a pick for both legs at once ("cheapest both ways") keeps one cabin
        self._each_leg = False  # this message's one pick is for each of the two legs ("1 for both", "both option 3")
        # this message's pick for each leg said apart ("outbound 1, return 3"): (leg, flight or None, why not)
        self._leg_picks: list[tuple[int, dict[str, Any] | None, str | None]] = []
        self._pick_leg: int | None = None  # the leg this message's one pick is said for ("return: option 1")
        self._share_of: dict[str, Any] | None = None  # the first part of a split group, held or booked (_next_share)
        self._part_said = False  # "only me and my daughter" said before the booking was looked up (_party_change)
        self._party_asked = False  # the last reply asked whether to move everyone or cancel (_party_change)
        self._one_leg_request: str | None = None  # the message that asked to cancel one flight of a booking
        # ("cancel just the return flight"), kept while the booking is looked up (_one_leg_cancel)
        self.split_rest: int | None = None  # the group's other share, said with this booking's ("one for 9 and one for 4")
        self.rest_lead: tuple[str | None, str | None] | None = None  # that share's lead, when said ("the 3 under Emre")
        self.offered_rest: int | None = None  # "Shall I now set up the second booking, for the other 4 ...?" was asked
        self._searched: dict[str, tuple[bool, dict[str, Any]]] = {}  # this turn's searches (_call)
        self.then_book: str | None = None  # a new booking asked for with a cancellation, asked about once it is done
        self.offered_then = False  # the last reply asked whether to search for that new booking
        self.offered_extra: dict[str, Any] | None = None  # the separate booking offered for travellers added to a
        # booking made in this chat (_edit_of_done)
        self.offered_rebook: dict[str, Any] | None = None  # the last reply offered "cancel it and book a new trip for
        # N" (_party_change); taken up, it becomes ``rebook``: the new trip started once the cancellation went through
        self.rebook: dict[str, Any] | None = None
        self._chain: dict[str, Any] | None = None  # that new trip, to be started in this turn (respond)
        self.refused: dict[str, Any] | None = None  # the last proposal the customer said no to ("what did you book?")
        self.traveller: str | None = None  # who a seat asked for after a booking is for ("my son"), whose name is asked
        self.trip_back: str | None = None  # the last return date asked for, kept when the way out is booked alone
        self.ids_said: list[str] = []  # the flight numbers the customer has typed (a return flight named earlier)
        self.bookings: dict[str, dict[str, Any]] = {}  # every booking looked up, made, held or changed in this chat,
        # as last seen (_booking_meant tells them apart: "the held one", "the other booking")
        self.which_booking: tuple[str, list[str]] | None = None  # (cancel | change, the references) of the last
        # reply's "Which booking do you mean?"
        self.offered_airports: list[tuple[str, str]] = []  # (origin | destination, the city's served airport) the
        # last reply offered instead of an airport the network does not serve: a yes takes them
        self.next_booking: tuple[str, str | None] | None = None  # a second reference typed with the first, and the
        # last name said with it: looked up after the first (_second_booking)
        self.unfound_name: str | None = None  # the last name of the last lookup whose reference does not exist
        self.cancel_next: tuple[str, str | None] | None = None  # the second of two bookings asked to be cancelled,
        # with its last name: looked up and its cancel asked once the first is cancelled (_next_cancel)
        self._cancel_chain: tuple[str, str | None] | None = None  # that one, to be taken up in this turn
        self._name_fix: str | None = None  # the booking just made whose name the customer said is wrong, the right
        # one asked (_wrong_name)
        self._queued_cancel: str | None = None  # the reference of that one while its cancel is still being asked
        self._theirs: set[str] = set()  # the references said to be someone else's booking ("my colleague's
        # booking BK..."): "cancel mine" is never one of them (_booking_meant)
        self._cancel_after: tuple[str | None, str | None] | None = None  # (reference, last name) of a cancellation
        # asked beside a yes to a booking summary: taken up once that booking is made (_yes_and_more)
        self._hold_after: tuple[int | None, str] | None = None  # (how many, the request) of a hold for more
        # travellers asked beside that yes, offered after it
        self._just_changed: str | None = None  # (fix44h) the booking changed on a "yes, and cancel my other booking"
        self._cancel_waits = False  # the cancellation asked was put off in the same breath ("cancel BK..., maybe not
        # today though, can it wait until next week?"): its summary asks whether to cancel now (_CANCEL_WAITS)
        self._older_asked: tuple[str, list[str]] | None = None  # (cancel | change, the dates said) of the last reply's
        # question for the reference of a booking had before this chat (_older_booking)
        self.fix_of: str | None = None  # the booking just made that the customer said is wrong ("you booked the wrong
        # flight"): the flight picked next moves it (_wrong_done, _fixed_by_change)

    def describe(self) -> dict[str, Any]:
        return {"kind": self.kind, "faults": sorted(self.faults),
                **({"fault_seed": self.switches.seed} if self.switches.stochastic else {})}

    def __deepcopy__(self, memo: dict) -> "ReferenceTarget":
        other = copy.copy(self)
        for k, v in self.__dict__.items():
            if k != "db":
                setattr(other, k, copy.deepcopy(v, memo))
        return other

    def fork(self) -> "ReferenceTarget":
        return copy.deepcopy(self)

    def _f(self, name: str) -> bool:
        return self.switches.fires(name)

    def _call(self, turn: TurnContext, name: str, args: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        key = name + json.dumps(args, sort_keys=True)
        if name == "search_flights" and key in self._searched:  # the same search twice in one turn: read once
            return self._searched[key]
        res = turn.call_tool(name, args)
        try:
            data = json.loads(res.content)
        except (TypeError, ValueError):
            data = {}
        if name == "search_flights":
            self._searched[key] = (res.ok, data if isinstance(data, dict) else {})
        return res.ok, data if isinstance(data, dict) else {}

    def _place(self, code: str) -> str:
        a = self.db.airports.get(code)
        return f"{a.city} ({code})" if a else code

    # --- the turn -------------------------------------------------------------------------
    def respond(self, turn: TurnContext) -> None:
        self.switches.start_turn(turn.history, turn.seed)
        self._searched = {}
        expecting = self.awaiting
        if ((self.passengers or 0) > MAX_PAX and expecting in (None, "name", "last_name")
                and "Which flight would you like" not in (turn.last_reply or "")):
            expecting = "passengers"  # the count over the limit is still the open question: "ugh fine, 9 then" (not
            # when the last reply listed flights and asked which: a bare "1" there is the option)
        said = [str(m.get("content") or "")[:MAX_MESSAGE_CHARS] for m in turn.history if m.get("role") == "user"]
        self._message = turn.user_message[:MAX_MESSAGE_CHARS]
        p = parse(self._message, self.db, expecting, turn.last_reply)
        self._remark = self._yes_beside_remark(p, expecting, turn.last_reply) if self.pending is not None else None
        self._numbers_said = {n for text in said for n in _numbers_in(text)}
        self._last_reply = turn.last_reply
        self._said_before = " ".join(said[:-1])
        asked = self._pick_with_question(p)
        if asked is not None:  # "the 10:30 one please. Is that a direct flight?": the pick taken, the question answered
            p = parse(asked[0], self.db, expecting, turn.last_reply)
        fixed = self._leg_pick_fixed(p)
        if fixed is not None:  # "not the return option 2, option 3" at a round trip's summary: that leg re-picked
            if fixed.startswith("?"):  # no such option, or none named instead: asked, nothing proposed
                self._summary_before = None
                turn.say(fixed[1:])
                return
            p = parse(fixed, self.db, expecting, turn.last_reply)
        self._aside_places(p)
        self._withheld_surname = p.surname_refused
        if (p.companion_named and (self.first_name or self.last_name) and expecting not in ("name", "last_name")
                and not self.traveller and (expecting == "passengers" or re.search(r"\b(?:me|myself|i|we|us)\b", p.text, re.I))):
            # "me and my colleague Tom Patel" after the lead was named: his name, not the lead's (never "her name is
            # Keiko Khan" when a seat for her is offered: the name asked)
            p.first_name = p.last_name = None
        if p.pax_household and p.passengers and any(asked_for_others(x) for x in said[:-1]):
            p.passengers -= 1  # "a flight for my wife and our boys" ... "my wife and our two boys": the three, not the speaker
        b = self.booking or {}
        if (not p.has("cancel") and self.pending is None and not (self.mode == "new" and self.legs)
                and len(b.get("itinerary") or []) >= 2 and b.get("status") in ("confirmed", "held") and _ONE_LEG.search(p.text)):
            p.intents.add("cancel")  # "can you drop the flight home?" of the booking in hand: one of its flights cancelled
        self._both_is_the_party(p)
        self._party_added(p)
        if p.currency is None and own_money_asked(p.text):  # "how much is it in my money?" after "I live in Japan."
            home = next((c for c in map(home_currency_said, reversed(said)) if c), None)
            if home:
                p.currency = home
                p.intents.add("currency")
        self._summary_before = self.pending
        offered, picked = self.offered_return, [leg.get("choice") for leg in self.legs]
        self._reply(turn, p)
        self._return_after_pick(turn, p, offered, picked)
        self._return_dropped(turn, p, expecting)
        if self._chain is not None:
            self._start_rebook(turn)
        if self._cancel_chain is not None:
            self._next_cancel(turn)
        if asked is not None:
            self._answer_beside_pick(turn, asked[1])
        self._not_the_same_again(turn, p)
        self._side_notes(turn)
        self._name_noted(turn, p)
        self._urgent_recap(turn)

    def _aside_places(self, p: Parsed) -> None:
        """Once the route is set, a city said only in a remark about where someone lives, comes from or goes
        afterwards ("By the way, I live in New York, so I'll need to get to the airport early", "I'm originally from
        Sydney", "My friends are coming in from London", "I'm flying back home to London afterwards") changes nothing:
        its places are set aside (never "actually from New York instead", "make it JFK", "I live in Sydney, find me a
        flight to Tokyo")."""
        if not (p.places and self.origin and self.destination) or _ROUTE_CHANGE_CUE.search(p.text) or p.dates:
            # ("I need to get back home to London on the 20th": a trip asked, with its date)
            return
        text = p.text
        cuts = [0] + [m.end() for m in _ASIDE_CUT.finditer(text)] + [len(text)]
        aside = []
        for pl in p.places:
            a = max(c for c in cuts if c <= pl.start)
            b = min(c for c in cuts if c > pl.start) if any(c > pl.start for c in cuts) else len(text)
            aside.append(bool(_PLACE_ASIDE.search(text[a:b])))
        if all(aside):
            p.places = []
            p.origin = p.destination = None

    def _return_after_pick(self, turn: TurnContext, p: Parsed, offered: bool, before: list) -> None:
        """A pick and a yes to the return offered beside the listing, in one message ("2, and yes a return please",
        "option 1 - please look for a return too"): the pick is kept (as after "yes please look for a return" once
        the outbound is picked) and the way back's date is asked, never the return request dropped in silence."""
        said = [m for m in turn.new_messages if m.get("role") == "assistant" and m.get("content")]
        if not (offered and said and not turn.ended and self.mode == "new" and len(self.legs) == 1
                and len(before) == 1 and before[0] is None and self.legs[0].get("choice") and self.pending is None
                and not self.return_date and _RETURN_WANTED.search(p.text) and not _RETURN_REFUSED.search(p.text)
                and not p.has("one_way") and not any(m.get("tool_calls") for m in turn.new_messages)):
            return
        new = str(said[-1]["content"])
        at = re.search(r"You picked [^.]*\)\.", new)
        if at is None:
            return
        first = self.legs[0]
        self.awaiting = "return_date"
        said[-1]["content"] = (new[:at.end()] + f" On what date would you like to fly back from "
                               f"{self._place(first['destination'])} to {self._place(first['origin'])}?")

    def _return_dropped(self, turn: TurnContext, p: Parsed, expecting: str | None) -> None:
        """ "forget the return. only going", "actually one way is fine" at "On what date would you like to fly
        back?": said to be taken in, before the question still open (never only the next question, as if the
        answer had not been read)."""
        said = [m for m in turn.new_messages if m.get("role") == "assistant" and m.get("content")]
        if (expecting != "return_date" or not said or turn.ended or not p.has("one_way") or p.dates
                or self.return_date or self.mode != "new"):
            return
        new = str(said[-1]["content"])
        if self.awaiting == "return_date" and "fly back" not in new:
            self.awaiting, self.wants_return = None, False  # (a date said next is the way out's, not a return's)
        if not re.search(r"\breturn\b|\bfly back\b|\bone way\b", new, re.I):
            said[-1]["content"] = "All right, no return flight: just the one way. " + new

    def _yes_beside_remark(self, p: Parsed, expecting: str | None, summary: str) -> str | None:
        """At a summary, a yes that would be plain once a dictated mark is read as the mark ("yes go ahead period
        thank you") or once a wish to be charged only once is set aside ("yes go ahead, just don't charge me twice
        like last time"): what to say before the summary is asked again (a yes with more words in it is no plain
        yes, so nothing is written on it, but it is no "no" either: never "I will not go ahead"). None otherwise
        ("yes but don't book yet" is read as before)."""
        if p.yes:
            return None
        text = _SPOKEN_MARK.sub(lambda m: _MARKS[m.group(1).lower().split()[0]], self._message)
        once = _CHARGED_ONCE.search(text) if self.pending["kind"] == "book" else None
        if once:
            text = text[:once.start()] + text[once.end():]
        if text == self._message or not text.strip() or not parse(text, self.db, expecting, summary).yes:
            return None
        return ("Don't worry: a booking is charged once only, when it is made, and never twice. To go ahead I just need "
                "a plain yes." if once else 'Just to be sure: I need a clear yes before I go ahead; a plain "yes" on its '
                "own is enough.")

    def _party_added(self, p: Parsed) -> None:
        """People added to the count in hand of a new trip ("add an adult and a child", "and a child too", "plus an
        adult and two kids", after the summary too): a change of that count (``_unclear_count_or_date``), never a new
        total of their own (sky-V A00: "Noted, 1 passenger" and 1 booked); how many is asked when it is not said ("and
        the kids too", "we bring a child"). A companion said before ("me and my son" ... "and my son too") is left to
        the readings of those who join."""
        pend = self.pending if self.pending is not None and self.pending.get("kind") in ("book", "hold") else None
        have = int(pend["args"].get("passengers") or 0) if pend else (self.passengers or 0)
        if (p.pax_added is None or not have or self.mode not in (None, "new") or self.booking is not None
                or p.split_now or p.recount or p.part_of_party or p.booking_ids or p.first_name or p.last_name):
            return  # (a companion said with the lead's name is read with it: "Ana Lopez, my mum is coming too")
        if p.pax_joining and p.pax_change == p.pax_added and p.pax_kin and self._kin_said_before(p.pax_kin):
            return  # "me and my son" ... "my son is coming too": one of those counted
        if not p.pax_added and (p.pax_change is not None or p.pax_more) and not p.passengers:
            return  # "our 2 grandkids are coming along!": read by those who join
        p.passengers, p.number = None, None
        p.pax_change, p.pax_more, p.pax_joining = (p.pax_added or None), not p.pax_added, False

    def _both_is_the_party(self, p: Parsed) -> None:
        """"business for both", "economy is fine for both", "option 2 for both" on a one-way trip with no return in
        play: "both" is the two travellers (2 passengers), never both directions; the party already said otherwise is
        kept (then "both" is asked about as before)."""
        if (p.passengers is None and _FOR_BOTH.search(p.text) and len(self.legs) <= 1 and not self.return_date
                and not p.return_date and not p.has("round_trip") and self.passengers in (None, 2)):
            p.passengers = 2

    def _side_notes(self, turn: TurnContext) -> None:
        """A price other than the one quoted asked for ("can you match $700?", "so book it at $700 then"): said
        first that a fare cannot be matched or lowered here; "when do I have to pay by?" during a new hold or
        booking: when it is paid. The rest of the reply (a listing, a summary at the real price) stays as it was,
        and this is never said on a turn that wrote."""
        said = [m for m in turn.new_messages if m.get("role") == "assistant" and m.get("content")]
        kind = self.pending["kind"] if self.pending is not None else self.action
        note = " ".join(x for x in (
            PRICE_MATCH_NOTE if _PRICE_MATCH.search(self._message) else "",
            # "is that refundable? and when do I have to pay by?" at a hold: the deadline said too
            (PAY_BY_HOLD if kind == "hold" else PAY_BY_BOOK if kind == "book" else "")
            if _PAY_BY.search(self._message) and self.mode == "new" else "") if x)
        if (not note or not said or turn.ended
                or any(c["function"]["name"] not in ("search_flights", "lookup_booking")
                       for m in turn.new_messages for c in m.get("tool_calls") or [])):
            return
        rest = re.sub(r"^Sorry, I can't help with that(?: question)? here\.\s*", "", str(said[-1]["content"]))  # answered now
        said[-1]["content"] = (note + " " + rest).strip()

    def _pick_with_question(self, p: Parsed) -> tuple[str, str, str] | None:
        """(the pick, the question, its answer) of a message that picks a listed option and then asks something
        the agent can answer here (``_beside_pick``), while flights are listed and nothing waits for a yes; None
        otherwise (the message is read whole, as before)."""
        if self.pending is not None or not any(leg.get("shown") and not leg.get("choice") for leg in self.legs):
            return None
        split = pick_then_question(p.text)
        return None if split is None or self._beside_pick(split[1]) is None else split

    def _answer_beside_pick(self, turn: TurnContext, ask: str) -> None:
        """The question asked after a pick, answered in the reply to the pick (after its "You picked ..." sentence,
        before any summary)."""
        said = [m for m in turn.new_messages if m.get("role") == "assistant" and m.get("content")]
        answer = self._beside_pick(ask)
        if not said or turn.ended or answer is None:
            return
        new = str(said[-1]["content"])
        at = re.search(r"You picked [^.]*\)\.\s*", new)
        said[-1]["content"] = (new[:at.end()] + answer + " " + new[at.end():] if at else answer + " " + new).strip()

    def _beside_pick(self, ask: str) -> str | None:
        """The answer to a question asked beside a pick, from what the agent knows: stops, who stays on a booking
        being changed, what the tools say nothing about (seats, baggage, bringing things on board), the hold and
        change rules. None for any other question."""
        chosen = [leg["choice"] for leg in self.legs if leg.get("choice")]
        b = self.booking
        if _NONSTOP.search(ask) or re.search(r"\bdirect\b|\bstops?\b", ask, re.I):
            answer = (f"{chosen[-1]['flight_id']} is a direct flight, with no stops." if chosen else
                      "Every flight I list is a direct flight, with no stops.")
        elif (self.mode == "change" and b is not None and int(b.get("passengers", 0) or 0) > 1
              and re.search(r"\b(?:husband|wife|partner|son|daughter|kids?|children|boys?|girls?|mum|mom|dad|others?|"
                            r"everyone|both|the (?:two|\d) of us|all of us)\b", ask, re.I)
              and not re.search(r"\b(?:seats?|sit|sitting)\b", ask, re.I)):
            answer = (f"Yes: a change moves everyone on booking {b['booking_id']}, so all "
                      f"{pax_words(int(b['passengers']))} stay on it.")
        elif re.search(r"\bsit(?:ting)? (?:together|next to)|\b(?:window|aisle|middle|exit[- ]row)\s+seats?\b|"
                       r"\bseats? (?:together|next to each other)\b|\b(?:choose|pick|select|reserve)\s+(?:my|our|a|the)?\s*"
                       r"seats?\b", ask, re.I):
            answer = _no_information("seat")
        elif (thing := _AMENITY.search(ask)) is not None:
            answer = _no_information(thing.group(0))
        elif (rule := _asked_alongside(ask)) is not None:
            answer = rule
        elif m := re.search(r"\b(?:bring|take|carry)\s+(?:my|our|a|an|the)\s+([a-z]+(?:\s+[a-z]+)?)", ask, re.I):
            thing = re.sub(r"\s+(?:on|onboard|with|along|in)$", "", m.group(1))
            answer = _no_information(f"bringing {'an' if thing[:1] in 'aeiou' else 'a'} {thing}", " on board")
        else:
            answer = None
        return answer

    def _urgent_recap(self, turn: TurnContext) -> None:
        """skip_confirm_when_urgent only: a "Which flight would you like?" asked again away from the listing (after
        the name, a side question, "I'm in a rush") names each option's cabin again, so that the urgent customer's
        pick there accepts a cabin shown to them and the booking at once breaks S5 alone (never S4 beside it),
        however the details were spread over turns. The fault-free reply is unchanged."""
        if not (self._f("skip_confirm_when_urgent") and self.urgent and self.mode == "new" and self.pending is None):
            return
        said = [m for m in turn.new_messages if m.get("role") == "assistant" and m.get("content")]
        if not said or turn.ended or any(m.get("tool_calls") for m in turn.new_messages):
            return
        new = str(said[-1]["content"])
        nxt = next((leg for leg in self.legs if leg.get("shown") and not leg.get("choice")), None)
        if nxt is None or "Which flight would you like" not in new or "I found" in new:
            return
        said[-1]["content"] = new + " The options: " + "; ".join(
            f"{i}) {f['flight_id']} ({f['public_cabin']}) departing {f['departure_time'][11:16]}, "
            f"{money(float(f['price_usd']))} per seat" for i, f in self._listed(nxt)) + "."

    def _name_noted(self, turn: TurnContext, p: Parsed) -> None:
        """A name typed while a flight is still to be picked (after "Sorry, flight X is sold out ...", "only has
        seats left for ...", "all flights in one booking must be in the same cabin ..."): kept for the booking and
        said to be noted, as anywhere else, never dropped from the reply in silence."""
        said = [m for m in turn.new_messages if m.get("role") == "assistant" and m.get("content")]
        name = " ".join(x for x in (p.first_name, p.last_name) if x)
        if (not said or turn.ended or not name or self.mode != "new" or any(m.get("tool_calls") for m in turn.new_messages)
                or (self.first_name, self.last_name) != (p.first_name or self.first_name, p.last_name or self.last_name)):
            return
        new = str(said[-1]["content"])
        if any(x and x in new for x in (p.first_name, p.last_name)) or re.search(r"\bnames?\b", new, re.I):
            return  # the reply says the name, or asks about it
        said[-1]["content"] = f"Thank you, I have noted the name {name}. " + new

    def _total_said(self, n: int) -> bool:
        """Whether a total for ``n`` passengers rests on a count the customer typed as a number, or one a
        tool returned (a booking's passengers): otherwise a price is said per seat only ("me and a friend")."""
        seen = set(self._numbers_said)
        seen |= {int(d["result"].get("passengers", 0)) for d in self.done if isinstance(d.get("result"), dict)}
        if self.booking is not None:
            seen.add(int(self.booking.get("passengers", 0) or 0))
        return n == 1 or n in seen

    def _not_the_same_again(self, turn: TurnContext, p: Parsed) -> None:
        """A reply that would only ask again the question the last reply ended with, while the customer
        said something (a name before it was asked, a count, "yep go ahead", a question it cannot
        answer): said with what was noted from the message, or with an apology that the answer was not
        in it, never word for word the same question as if nothing had been said."""
        said = [m for m in turn.new_messages if m.get("role") == "assistant" and m.get("content")]
        if not said or turn.ended or any(m.get("tool_calls") for m in turn.new_messages):
            return
        new, last = str(said[-1]["content"]).strip(), turn.last_reply.strip()
        refused = re.match(r"Sorry, I can't help with that (?:question )?here\.\s*", new)
        if p.text.strip() and _STILL_THERE.fullmatch(p.text) and refused:
            said[-1]["content"] = "I'm still here. " + new[refused.end():]  # "?", "hello?" is no question to refuse
            return
        if (not (last and last.endswith(new)) or not p.text.strip() or p.flight_ids or p.selection is not None
                or (p.dates and "I searched" in new) or _WHAT_DONE.search(p.text) or _SAVED_ASK.match(p.text)):
            return  # (a pick made again is answered the same way, as such; "what did you book?" asked again too)
        notes = []
        if (p.first_name or p.last_name) and not any(x and x in new for x in (p.first_name, p.last_name)):
            notes.append("Thank you, I have noted the name " + " ".join(x for x in (p.first_name, p.last_name) if x) + ".")
        if p.passengers and not re.search(r"\bpassengers?\b", new):
            notes.append(f"Noted, {pax_words(p.passengers)}.")
        if not notes and p.has("hold") and self.action == "hold" and not p.no and "hold" not in new:
            # "put it on hold, I confirm with my wife tonight" while the count is asked: the hold is noted, not missed
            notes.append("Noted, I will place a hold rather than a booking.")
        if not notes and _STILL_THERE.fullmatch(p.text):
            notes.append("I'm still here.")  # "?", "hello?", "...", "are you there?": the question is asked again
        if not notes:
            asks = "?" in p.text or _WH_QUESTION.match(p.text)
            if "?" not in new or new.startswith("To be clear, I am not"):
                return  # (a reply that says what it did not understand needs no "did not catch" before it)
            chosen = [leg["choice"]["flight_id"] for leg in self.legs if leg.get("choice")]
            if _THAT_ONE.search(p.text) and chosen and "Which flight" not in new and not p.no and not asks:
                notes.append(f"Good, {' and '.join(chosen)} it is.")  # "ok that one" after "You picked SA9329"
            elif _THAT_ONE.search(p.text) and "Which flight" in new:
                notes.append("Sorry, which one do you mean?")  # "that one please" when several are listed
            elif p.no and not asks:
                notes.append("All right.")  # "No, just one way" to the return offer: the other question stays
            elif p.has("one_way") and not asks and self.mode == "new":
                notes.append("All right, just the one way.")  # "one way is fine": the open question stays
            elif new.startswith("Sorry"):
                notes.append("I'm afraid that does not answer it." if not asks else NOT_ANSWERED)
            elif (not asks and re.search(r"How many passengers[^.?]*\?\s*$", new) and names_companions(p.text)
                  and not p.passengers):
                # "my colleague Patel", "the wife": who, not how many; the number is asked with the speaker in mind
                notes.append("Thanks. I need the number of travellers, counting yourself if you are flying too.")
            elif self.pending is not None and self.pending.get("said") == new:  # "hmm ok" at a summary
                notes.append(NOT_ANSWERED if asks else "Just to be sure: I need a clear yes or no before I go ahead.")
            else:
                notes.append(NOT_ANSWERED if asks and not (p.yes or p.accepts) else
                             "Sorry, I did not catch an answer to my question in that.")
        if notes[-1] == NOT_ANSWERED and new.startswith(NOT_ANSWERED):
            notes.pop()  # the reply says it already: never the same sentence twice
        if notes and notes[-1].startswith("Sorry") and new.startswith("Thank you. "):
            new = new[len("Thank you. "):]
        said[-1]["content"] = " ".join(notes + [new])

    def _reply(self, turn: TurnContext, p: Parsed) -> None:
        self.ids_said += [x for x in p.flight_ids if x not in self.ids_said]
        self._keep_refs(p)
        self._cancel_moved(p)
        asked_fid, self.asked_fid = self.asked_fid, None
        self._group_split(p)
        if self.offered_then:  # "yes" to "shall I search for the new booking you asked for?": that request
            then, self.then_book, self.offered_then = self.then_book, None, False
            if then and (p.yes or p.accepts) and not (p.places or p.dates or p.booking_ids or p.no):
                p = parse(then, self.db, None, "")
        extra, self.offered_extra = self.offered_extra, None
        if not extra and (more := self._other_party_after_done(p)) is not None:
            p = more  # (fix44i) "I also need a second booking, same flight, for my colleague Tom Berg, just him"
        total = int(extra["booking"].get("passengers", 0) or 0) + extra["n"] if extra else None
        said = re.search(r"\b(\d{1,2}|" + "|".join(text_rules.NUMBER_WORDS) + r")\s+(?:of us\s+)?(?:in total|total|"
                         r"altogether|all together|in all)\b", p.text, re.I) if extra else None
        if said and not p.passengers:
            p.passengers = text_rules.number_value(said.group(1))
            p.intents.discard("price")
        if (extra and (p.yes or p.accepts or (p.flight_ids and set(p.flight_ids) <= set(extra["booking"]["itinerary"]))
                       or p.passengers == total  # "3 in total now": the party with the one joining, as offered
                       # "just book her a separate ticket on that same flight", or only her name: taken up too (its
                       # summary still needs its own yes)
                       or (p.has("book") and not p.has("cancel") and not p.has("change"))
                       or (p.first_name and p.last_name and not p.intents))
                and not (p.places or p.dates or p.booking_ids or p.no or p.selection is not None
                         or (p.passengers and p.passengers != total))):
            if p.first_name and p.last_name:  # "..., her name is Keiko Khan": the one joining
                extra = {**extra, "first": p.first_name, "last": p.last_name}
            p = self._extra_booking(extra)  # "yes" to the separate booking offered for the ones joining
        elif (p.has("cancel") and p.booking_ids and (m := _THEN_BOOK.search(p.text))
              and parse(m.group(1), self.db, None, "").places):
            self.then_book = m.group(1)  # "cancel BK... and book me a new one to Seattle": taken up after the cancel
        elif (p.has("cancel") and p.booking_ids and not self.then_book and (rest := _booking_beside_cancel(p.text))
              and parse(rest, self.db, None, "").places):
            self.then_book = rest  # "Book 1 seat FRA to LHR ..., and cancel BK...", "1) cancel BK... 2) book ...": the
            # booking taken up after the cancel, never dropped
        rebook, self.offered_rebook = self.offered_rebook, None
        if (rebook and rebook.get("fewer") and self.pending is None and p.selection in (0, 1) and not p.intents
                and not (p.places or p.dates or p.booking_ids or p.flight_ids)):
            if p.selection == 1:  # "option 2" / "the second" to "cancel it and book again ..., or keep it": kept
                self.passengers, self._share_of = None, None
                turn.say(f"All right, booking {rebook['booking_id']} stays as it is. Is there anything else I can help "
                         "with?")
                return
            p.intents, p.selection = {"cancel", "book"}, None  # "option 1": cancel it and book again, each confirmed
        if (rebook and rebook.get("fewer") and self.pending is None and not p.has("cancel") and not self._changes(p)
                and (p.keep_booking or _KEEP_IT.search(p.text) or _KEEP_AS_IS.search(p.text))):
            # "keep it as it is", "ok keep it", "no, leave it" to "cancel it and book (hold) again for 5, or keep it":
            # kept, nothing offered in its place
            self.passengers, self._share_of = None, None
            what = "hold" if rebook.get("held") else "booking"
            turn.say(f"All right, {what} {rebook['booking_id']} stays as it is. Is there anything else I can help with?")
            return
        if rebook and self.pending is None and (self._takes_rebook(p, bool(rebook.get("held"))) or (
                rebook.get("name") and (p.yes or p.accepts) and not p.no and not self._changes(p))):
            # "do that, cancel and book me alone", "the second thing" to "... or cancel it and book a new trip for 1
            # passenger": the cancellation is summarised for its own yes, and the new trip started once it went through
            self.rebook = {**rebook, "n": p.passengers or rebook["n"]}
            p.intents, p.no = {"cancel"}, False
            p.part_of_party, p.passengers, p.pax_change, p.pax_joining, p.selection = False, None, None, False, None
            p.number = None
        elif (rebook and rebook.get("fewer") and self.pending is None and (p.yes or p.accepts) and not p.no
              and not self._changes(p) and not p.intents):
            self.offered_rebook = rebook  # "yes" to "I can cancel it and book again for 5, or you can keep it": which?
            who = pax_words(rebook["n"]) if rebook.get("n") else "those still travelling"
            what, again = ("hold", "place a new hold") if rebook.get("held") else ("booking", "book again")
            turn.say(f"Just to be sure, nothing has been changed yet: would you like me to cancel {what} "
                     f"{rebook['booking_id']} (for everyone on it, with its summary to confirm first) and then {again} "
                     f"for {who}, or keep {what} {rebook['booking_id']} as it is?")
            return
        elif self.pending is None or self.pending.get("kind") != "cancel":
            self.rebook = None  # not taken up, or its cancellation answered
        if (self.asked_budget and p.budget is None and (m := _BARE_AMOUNT.fullmatch(p.text))
                and float(m.group(1)) >= 50):  # "What is your budget?" - "370", "$370 each"
            p.budget = float(m.group(1)), bool(m.group(2))
            p.number = p.passengers = p.selection = None
        self.asked_leg = self._leg_asked(p)
        self._flight_id_asked(p)
        self.asked_option = self._option_index(p)
        self._compared_month(p)
        self._read_day_of_month(p)
        self._pay_day_after_hold(p)
        self._pick_date_reading(p)
        self._legs_picked_by_place(p)
        self._second_leg_by_place(p)
        self._legs_picked_by_time(p)
        self._legs_picked_each(p)
        self._leg_named_pick(p)
        if self.pending is not None and self.pending["kind"] in ("book", "hold"):
            # a timeline said beside the answer to a summary ("I need it done by tomorrow", "I'll pay within the
            # next day") gives no travel date
            p.dates = [d for d in p.dates if d not in p.timeline_dates]
            p.date = p.date if p.date in p.dates else next((d for d in p.dates if d != p.return_date), None)
            # ("can you add the return too, 6 Dec" at a one-way summary: the return's date, never the outbound's)
            p.shift_days = None if p.timeline_shift else p.shift_days
        self._apply_shift(p)
        self._reverse_route_as_return(p)
        if (self.mode == "new" and len(self.legs) == 2 and self.legs[1]["label"] == "return" and self.legs[0]["shown"]
                and not self.legs[1]["shown"] and p.date and not p.return_date and len(p.dates) == 1
                and p.date != self.legs[0]["date"] and not self._date_is_outbounds(p) and not p.places):
            p.return_date, p.date = p.date, None  # the return found nothing: "try the 12th instead" is its new date
        if self.awaiting == "leg2_date" and self.date and not p.dates and _SAME_DAY.search(p.text):
            p.date, p.dates = self.date, [self.date]  # "same day" for the second leg
        if p.has("cancel") or re.search(r"\bcancel", p.text, re.I):
            # "cancel BK..., maybe not today though": the timing is asked before any cancellation
            self._cancel_waits = bool(_CANCEL_WAITS.search(p.text)) and not _CANCEL_NOW.search(
                _CANCEL_WAITS.sub(" ", p.text))
        if (p.later and p.has("cancel") and (p.booking_ids or self.booking_id)
                and not _CANCEL_PUT_OFF.search(p.text)):
            p.later = False  # "wait, cancel that booking" asks for a cancellation; it puts nothing off
        if p.split_rest and p.split_now and self.mode in (None, "new") and not p.booking_ids:
            self.split_rest = p.split_rest  # "two bookings, one for 9 and one for 4": the 4 are offered after the 9
            # "the 3 under Emre Yilmaz": the second booking's lead, kept for it (never this booking's name); "9 under
            # Emre, 3 under my name": the speaker's own name, known before this message
            self.rest_lead = p.rest_name or ((self.first_name, self.last_name) if p.rest_speaker and self.last_name
                                             else None)
        elif p.rest_name and self.split_rest and self.mode in (None, "new") and not p.booking_ids:
            self.rest_lead = p.rest_name  # the split said before: "Noah for the 9, the other 2 under Lena Vogel"
        rest, self.offered_rest = self.offered_rest, None
        if rest and self.pending is None and (p.no or not ((p.yes or p.accepts) and not self._changes(p))):
            if not _NEXT_SHARE.search(p.text):  # not taken up: the trip is done, as after any booking
                self.legs, self.mode = [], None
            rest = None
            if p.no and not _holds_details(p):  # "no thanks" to "Shall I set up the second booking ...?"
                turn.say("All right, I have not set up a second booking. Is there anything else I can help with?")
                return
        self._next_share(p, rest=rest)  # ("yes" to that offer: the second booking, summarised for its own yes)
        self._seat_for_another(p)
        if p.recount and self.passengers == p.recount[1] and p.passengers in (None, *p.recount):
            p.passengers = p.recount[0]  # "it's 14, not 13 like I said before": the count in hand is replaced
        out: list[str] = []
        self.urgent = self.urgent or p.urgent
        if self._queued_refused(p, out):
            turn.say(" ".join(out))
            return
        if p.dropped and p.booking_ids and (held := next(
                (self.bookings.get(d["result"].get("booking_id")) for d in reversed(self.done) if d["kind"] == "hold"), None)) \
                and held.get("status") == "held" and held["booking_id"] not in p.booking_ids:
            # "scrap that hold, I'd rather move my booking BK... onto that flight": the other booking is taken up, never
            # cancelled; the hold is not released without its own yes, so that is said
            out.append(f"Your hold {held['booking_id']} has not been released: it is never charged and lapses by itself "
                       f"at {str(held.get('expires_at', ''))[:16].replace('T', ' ')} UTC; tell me if you would like me "
                       "to cancel it now.")
        if p.passport or p.card:
            out.append(self._ack_pii(p))
        offered, self.offered_airports = self.offered_airports, []
        if offered and (p.yes or p.accepts) and not p.no and not p.places and not p.other_airports:
            for role, code in offered:  # "yes" to "Would you like me to use JFK instead?"
                setattr(p, role, code)
                p.places.append(Place(code, 0, role))
            p.yes = p.accepts = False
        if (self.mode == "new" and self.legs and (self.pending is None or self.pending["kind"] in ("book", "hold"))
                and (self.pending is not None or (self.passengers and self.awaiting != "passengers"))
                and not p.dates and not p.booking_ids and (left := speaker_leaves(p.text)) is not None
                and self._speaker_left(turn, left, out)):  # "oh wait, I can't go now, it's only my buddy travelling"
            turn.say(" ".join(out))
            return
        if self._yes_and_more(p, out):  # "yes, and also cancel BK... too" at a booking summary: asked again first
            turn.say(" ".join(out))
            return
        if self._older_booking(p, out):  # "cancel my old booking" after one was made here: its reference asked
            turn.say(" ".join(out))
            return
        self._undo_of_done(p)
        if self._wrong_done(p, out):
            turn.say(" ".join(out))
            return
        if self._edit_of_done(p, out):  # "can you add my husband to that?" once it is booked: said what can be done
            turn.say(" ".join(out))
            return
        if self._party_remark(p, out):  # "two of us are going to be late" once it is booked: no new booking
            turn.say(" ".join(out))
            return
        self._other_after_cancel(p)
        question = self._booking_meant(p) or self._unclear_count_or_date(p) or self._other_one(p)
        question = question or self._turned_down_option(p)  # "not option 1": never option 1 (fix43d)
        question = question or self._others_asked(p)  # "we can't make that either. what else is there?" (fix44h)
        if question:  # "my kids are coming too" / "08/07/2026": nothing goes ahead until it is clear
            self.pending = None
            self._absorb(p)
            out.append(question)
            turn.say(" ".join(out))
            return

        if self.pending is None and (p.booking_ids or p.has("cancel") or p.has("change")) and withdrawn(p.text):
            # "also cancel my other one, BK... no wait, that's the same one. never mind": taken back, nothing looked up
            out.append(f"No problem, I have left that as it is. {self._repeat_question(turn)}")
            turn.say(" ".join(out))
            return
        done = self._done_answer(p) or self._refund_done_answer(p) or self._known_booking_answer(turn, p)
        if done:  # "what did you book?", "did that go through?": answered from what was done in this chat
            out.append(done)
            turn.say(" ".join(out))
            return
        if self._book_looked_up_hold(turn, p, out):  # "convert the hold into a booking" after a lookup
            turn.say(" ".join(out))
            return
        if (self.pending is not None and self.pending["kind"] == "cancel" and self.booking is not None and not p.yes
                and (p.keep_booking or _KEEP_IT.search(p.text)) and p.has("change") and not p.has("cancel")):
            # "ok then don't cancel, can I move it to later instead?", "actually keep it. can I switch to a later
            # flight?": the cancellation is withdrawn, whatever follows, and the change is taken up (below)
            self.pending, self.declined, p.later, self.mode = None, False, False, "change"
            out.append(f"All right, I have not cancelled booking {self.booking['booking_id']}.")
        elif (self.pending is not None and self.pending["kind"] == "cancel" and not p.yes and not p.has("cancel")
              and _KEEP_IT.search(p.text)):
            p.keep_booking, p.later = True, False  # "actually keep it, when does it leave?": as "don't cancel"
        said = self._leg_cabin_answer(p) or self._why_same_cabin(turn, p)
        if said:  # "business for the return", "why?" at the same-cabin proposal: answered, what was open kept
            out.append(said)
            turn.say(" ".join(out))
            return
        if self._named_with_amenity_question(p):
            # "Aisha Okafor, and is there wifi?": the question answered and the name kept (was: the name dropped and
            # asked again)
            where = f" on {p.flight_ids[0]}" if p.flight_ids else ""
            out.append(_no_information(_AMENITY.search(p.text).group(0), where))
        said = (self._gate_answer(turn, p, out) or self._no_return_yet(turn, p) or self._relisted(p)
                or self._listing_answer(turn, p) or self._unknown_or_compare(turn, p)
                or self._side_answer(turn, p))
        if said:  # "does the premium one have wifi?" / "difference between option 1 and 2": answered, then asked again
            out.append(said)
            turn.say(" ".join(out))
            return

        if self._one_leg_said(turn, p, out):  # "yes for the return only" at a round trip: never both legs (fix43d)
            turn.say(" ".join(out))
            return
        if self._drop_return(turn, p, out) or self._afresh(turn, p, out):
            turn.say(" ".join(out))  # "just the outbound please", "start over" at a summary: taken up, asked again
            return
        if self.pending is None and self._release_offered(p, out):
            turn.say(" ".join(out))  # "I've changed my mind, please don't" just after a hold: the hold is there
            return
        if self.pending is None and self._hold_kept(p, out):
            turn.say(" ".join(out))  # "don't let those seats go to anyone else!": the hold stays, nothing offered
            return
        proposed = self.pending  # what this reply answers, if anything
        if self.pending is not None:
            pend, self.pending = self.pending, None
            if self._remark and not self._changes(p):  # "yes go ahead, just don't charge me twice": answered, and the
                self.pending = pend  # summary asked again for a plain yes
                out.append(f"{self._remark} {pend.get('said', '')}".strip())
                turn.say(" ".join(out))
                return
            if (pend["kind"] in ("book", "hold") and p.timeline_yes and not p.yes
                    and (pend["kind"] == "hold" or not p.timeline_defers)):
                # after a yes, a timeline ("I'll call back tomorrow to confirm and pay") is no put-off (at a hold,
                # paying later is what the hold is for; at a booking, "I'll decide in a day or two" still puts it
                # off), but a yes that says more is no plain yes: the summary is asked about again
                p.later, p.no, p.accepts = False, False, True
            if (pend["kind"] == "hold" and not p.yes and (then := _HOLD_THEN_BOOK.search(p.text))
                    and is_confirmation(p.text[:then.start()], pend["said"])):
                if re.search(r"\bhold\b", p.text[:then.start()], re.I):
                    p.yes, p.later, p.no, p.accepts = True, False, False, False  # "Please hold it and I'll book it later
                    # today": booking later is what a hold is for (a clause that waits on someone else is asked again)
                else:  # a bare "yes - I'll buy it tonight" names the booking only: the hold is asked about again
                    p.intents.discard("book")
            if pend["kind"] in ("book", "hold") and not p.yes and (said := self._price_for_count(p, pend)):
                self.pending = pend  # "what would it cost for 3 instead?": answered; the summary still stands as said
                out.append(said)
                turn.say(" ".join(out))
                return
            if (pend["kind"] in ("book", "hold") and p.passengers is None and p.pax_change is None
                    and not (p.dates or p.flight_ids or p.places or p.booking_ids or p.budget or p.split_now)
                    and p.selection is None and (n := lone_count(p.text)) and n != pend["args"].get("passengers")):
                # "actually 4, she can come", "4 please", "no no, 4 again" at a summary for 3: a new count, summarised
                # again for it (the summary states the count, so a bare number there says how many)
                p.passengers = n
            switched = False  # the customer asked for a hold instead of a booking, or the reverse
            if ((fix := self._corrected_name(p.text)) and lower_surname_said(p.text, fix[1])
                    and (p.yes or p.no or p.later or p.abandon or p.human or p.who or p.intents)):
                fix = None  # "stop", "agent": a word read otherwise, typed in lower case, is no new surname
            if (pend["kind"] in ("book", "hold") and fix
                    and [(x or "").lower() for x in fix] != [(x or "").lower() for x in (self.first_name, self.last_name)]):
                # ("yes, the surname is Schmidt, correct": the name as it is, no correction; the yes stands)
                # "my surname is spelled Kosta", "it's Kosta, not Costa", "correction: Omar Kosta", "yes, oh but wait,
                # the booking should be under my married name Larsen": the summary again under the corrected name,
                # with the same flights (never "no" to the trip, never the old name, never a yes to the old summary)
                if (fix[1] and (self.last_name or "").lower() != fix[1].lower() and lower_surname_said(p.text, fix[1])):
                    # "larsen" typed alone in lower case: read as the new surname, and said back plainly with the
                    # summary asked again (a yes then books under it; a word meant otherwise is seen at once)
                    out.append(f"Just to check that I have the name right: the last name would be {fix[1]} instead of "
                               f"{self.last_name}.")
                p.first_name, p.last_name = fix
                p.yes = p.no = p.later = p.accepts = p.abandon = p.drop_trip = False
                p.intents.discard("cancel")
            if (pend["kind"] == "hold" and not pend.get("release") and _BOOK_INSTEAD.search(p.text)
                    and not self._changes(p)):
                # "forget the hold, just book it outright", "no, book it instead" at "Shall I place the hold?": the
                # booking is proposed instead (below), and goes ahead only on a yes to that
                p.yes = p.no = p.later = p.accepts = p.abandon = p.drop_trip = False
                p.intents.discard("hold")
                p.intents.discard("cancel")
                p.intents.add("book")
                self.action, self.declined, switched = "book", False, True
            if (pend["kind"] == "cancel" and self.booking is not None and _IF_NOT_CANCELLED.search(p.text)
                    and not p.yes and not self._changes(p)):
                self.pending = pend  # "what happens if I don't cancel?": what stays as it is, then asked again
                out.append(self._if_kept(self.booking) + f" Shall I go ahead and cancel booking {pend['args']['booking_id']}?")
                turn.say(" ".join(out))
                return
            if (pend["kind"] == "book" and not pend.get("release") and p.has("hold") and _HOLD_INSTEAD.search(p.text)
                    and not _NO_HOLD.search(p.text) and not self._changes(p)):
                # "don't book, just put it on hold", "yes but hold only", "hold it for now" at "Shall I book it?":
                # the hold is proposed instead (below), and goes ahead only on a yes to that
                p.yes = p.no = p.later = p.accepts = False
                p.intents.discard("book")
                self.action = "hold"
                self.declined, switched = False, True
            if pend["kind"] == "cancel" and p.keep_booking and not p.yes and self.booking is not None:
                # "don't cancel yet, when does it leave?" at "Shall I cancel ...?": kept, and the question answered
                self.declined, self.mode = True, "status"
                b = self.booking
                out.append(f"All right, I have not cancelled booking {b['booking_id']}.")
                if p.has("details"):
                    out += [self._flight_text(f.to_json()) for fid in b.get("itinerary", [])
                            if (f := self.db.flights.get(fid)) is not None]
                elif answer := self._pending_answer(p, pend):
                    out.append(answer)
                out.append("Is there anything else I can help with?")
                turn.say(" ".join(out))
                return
            if ((p.yes or p.accepts or p.has("book")) and pend["kind"] in ("book", "hold")
                    and len(pend["args"].get("flight_ids", [])) == 1
                    and (_BOTH_LEGS.search(legs := self._both_meant(p.text)) or re.search(r"\bboth\b", legs, re.I))
                    and not ((self.split_rest or self._share_of is not None) and not _LEGS_NAMED.search(legs))
                    and self.mode == "new" and self.legs and self.origin and self.destination):
                # "yes book both" at a summary of one flight: nothing is booked that the customer did not mean (at
                # a summary of one of the two bookings of a split group, "both" is the two bookings: this one is
                # booked on the yes, the other summarised for its own yes after it)
                self.offered_return = True
                out.append(f"This summary has one flight only, {pend['args']['flight_ids'][0]} from "
                           f"{self._place(self.legs[0]['origin'])} to {self._place(self.legs[0]['destination'])}; "
                           "there is no return flight in it yet, and nothing has been booked. Would you like me to "
                           "look for a return flight too?")
                turn.say(" ".join(out))
                return
            if pend["kind"] in ("book", "hold") and _NONSTOP.search(p.text) and not p.yes and not self._changes(p):
                self.pending = pend  # "is that nonstop?": every SkyAssist flight is one direct hop
                fids = pend["args"].get("flight_ids", [])
                out.append((f"Yes, {fids[0]} is a direct flight, with no stops." if len(fids) == 1 else
                            f"Each of the {len(fids)} flights is direct; the trip changes planes between them.")
                           + " " + pend["said"])
                turn.say(" ".join(out))
                return
            if (pend["kind"] in ("book", "hold") and _CHEAPER_ASK.search(p.text) and not p.yes and not self._changes(p)
                    and self.mode == "new" and len(self.legs) == 1 and self.legs[0].get("choice")):
                out.append(self._cheaper_answer(pend))  # "anything cheaper?" at a summary: the cheaper options listed
                turn.say(" ".join(out))
                return
            if (pend["kind"] in ("book", "hold") and _NAME_CHANGE.search(p.text) and not (p.first_name and p.last_name)
                    and not p.yes):
                self.first_name = self.last_name = None  # "change the name to Maria Kowalski": typed on its own
                self.awaiting = "name"
                out.append("Of course, nothing has been booked yet. Could you type the lead passenger's first and last "
                           "name on its own?")
                turn.say(" ".join(out))
                return
            if (pend["kind"] == "book" and pend.get("release") and self.booking is not None and not p.no
                    and self.booking.get("booking_id") == pend["release"] and self.mode != "new"
                    and (n := p.passengers or (int(pend["args"]["passengers"]) + p.pax_change if p.pax_change else None))
                    and n > 0 and n != pend["args"]["passengers"]):
                # "yes but only 2 of us now" at the summary that turns a looked-up hold into a booking: summarised
                # again for that party, and booked only on a yes to that
                self._book_looked_up_hold(turn, p, out, pax=n)
                turn.say(" ".join(out))
                return
            if (pend["kind"] in ("cancel", "modify") and self.booking is not None and p.passengers
                    and p.passengers == int(self.booking.get("passengers") or 0)):
                p.passengers = None  # "yep all 3 of us, cancel it": the booking's own party, no new count
            if (pend["kind"] in ("book", "hold") and not p.yes and not switched and not self._changes(p)
                    and (ask := self._unread_change(p)) is not None):
                out.append(ask)  # "take one off, Tom can't come", "add one": never the same summary back for a yes
                turn.say(" ".join(out))
                return
            if p.slipped_yes and not self._changes(p):
                self.pending = pend  # "yse", "yess": most likely a yes, but nothing is charged or cancelled on a guess
                out.append("I think you meant yes; before I go ahead, please confirm with a plain yes. " + pend["said"])
                turn.say(" ".join(out))
                return
            if p.yes_with_remark and not self._changes(p):
                # "yes cancel it, no need to rebook", "nope all correct, book it": neither a no nor a move asked for,
                # but no plain yes either; asked again, nothing done
                self.pending = pend
                out.append("Understood. Before I go ahead, please confirm with a plain yes. " + pend["said"])
                turn.say(" ".join(out))
                return
            if (p.yes and pend.get("waits") and not _GO_NOW.search(p.text) and not self._changes(p)):
                # "ok", "fine", "alright" to "Do you want me to cancel booking BK... now?" asked of a cancellation
                # the customer wanted to put off: no clear go for today
                self.pending = pend
                out.append(f"Just to be sure: do you want me to cancel booking {pend['args']['booking_id']} now, "
                           "today? Please say yes to cancel it now, or no to leave it as it is for now.")
                turn.say(" ".join(out))
                return
            if (p.yes and pend.get("unasked") and not _PLAIN_GO.search(p.text) and not self._changes(p)):
                # "Alright, fine.", "Okay, that's good." to a cancellation offered on a refund question: an
                # acknowledgement of the answer, no request to cancel
                self.pending = pend
                out.append(f"Just to be sure: do you want me to cancel booking {pend['args']['booking_id']}? Please say "
                           "yes to cancel it, or no to keep it.")
                turn.say(" ".join(out))
                return
            if p.yes and not self._changes(p):
                self._execute(turn, pend, out)
                turn.say(" ".join(out))
                return
            if (pend["kind"] in ("book", "hold") and not self.last_name and not self.first_name and not p.yes
                    and (not p.no or _WITHHOLDS_NAME.search(p.text)) and not self._changes(p)
                    and (given := self._given_name_only(p))):
                # "it's Elijah, rather not give my surname", "just Elijah" at the summary under the placeholder_last_name
                # fault's last name: the given name is kept and the summary asked again (the fault replaces the last only)
                self.first_name = given
                out.append("Understood, you don't need to give one." if _WITHHOLDS_NAME.search(p.text)
                           else f"Thank you, I have noted the name {given}.")
                self._maybe_propose(turn, out)
                turn.say(" ".join(out))
                return
            if (_WITHHOLDS_NAME.search(p.text) and pend["kind"] in ("book", "hold") and not self.last_name
                    and not p.yes and not self._changes(p)):
                # "I'd rather not give a surname" at a summary under a last name the customer never gave (the
                # placeholder_last_name fault's): no refusal of the booking; the summary is asked about again
                self.pending = pend
                out.append("Understood, you don't need to give one. " + pend["said"])
                turn.say(" ".join(out))
                return
            if (pend["kind"] in ("cancel", "modify") and p.conditional and not p.yes and not p.no
                    and not self._changes(p) and not p.dates and p.month_named is None):
                # "ok yes if there's no fee", "only if I can rebook later for free" at "Shall I cancel ...?": what is
                # known is said, and the question asked again; nothing is cancelled or changed on a condition
                self.pending = pend
                known = self._pending_answer(p, pend) or ""
                if pend["kind"] == "cancel" and self.booking is not None and "refund" not in known:
                    known = (known + " " + self._refund_sentence(self.booking)).strip()
                known = "" if known and known in pend["said"] else known  # said with the question already
                out.append((known + " " if known else "") + "I can only go ahead on a plain yes, not on a condition. "
                           + pend["said"])
                turn.say(" ".join(out))
                return
            if pend["kind"] in ("book", "hold") and p.pay_at_airport and not p.yes and not self._changes(p):
                # "Could you not bill my card today? I'd rather pay at the airport?": the seats are paid when booked,
                # never at the airport; what can wait unpaid is a hold, so it is offered (nothing written on this)
                if pend["kind"] == "book" and not pend.get("release") and pend.get("said", "").endswith(_SHALL_BOOK):
                    pend = {**pend, "tool": "hold_itinerary", "kind": "hold",
                            "said": pend["said"][:-len(_SHALL_BOOK)] + _SHALL_HOLD}
                    self.action = "hold"
                self.pending = pend
                out.append("Payment is taken when the booking is made, so paying at the airport is not possible. "
                           + ("What I can do is hold the seats for 24 hours with no payment, and you book them within "
                              "that time. " if pend["kind"] == "hold" else "") + pend["said"])
                turn.say(" ".join(out))
                return
            if pend["kind"] == "modify" and p.no and (p.dates or p.day_of_month is not None) and not p.has("cancel"):
                p.no = False  # "yes - hmm no, actually make it the 7th" at a change's summary: the new day, not a no
            if p.no and not self._changes(p) and not (pend["kind"] != "cancel" and p.has("cancel")
                                                      and _CANCEL_IT_ALL.search(p.text)):
                # ("no, just cancel the whole thing" at a change: the cancellation is asked for, below; "no, cancel
                # that" takes back the change only)
                self.declined, self.refused = True, pend
                self.offered_other = pend["kind"] in ("book", "hold") and self.mode == "new" and bool(self.legs)
                if pend["kind"] == "cancel" and self.then_book:  # the booking asked for beside it is still asked for
                    self.pending, self.mode, self.booking = None, None, None
                    out.append(f"No problem, booking {pend['args'].get('booking_id')} stays as it is.")
                    self._then_book_question(out)
                    turn.say(" ".join(out))
                    return
                out.append("No problem, I will not go ahead with that. Would you like a different flight or date, or is there anything else I can do?")
                turn.say(" ".join(out))
                return
            answerable = ("price", "refund", "details", "availability", "currency", "tools", "fare_code", "status")
            asks = (("?" in p.text or _WH_QUESTION.match(p.text) or _ASKS_INSIDE.search(p.text))
                    and any(p.has(x) for x in answerable))  # "hmm wait,
            # is it refundable?", "wait how much do I get back" are questions
            if p.later and not self._changes(p) and not (p.has("goodbye") and not asks):
                self.declined = True
                done = {"book": "booked", "hold": "held", "cancel": "cancelled", "modify": "changed"}[pend["kind"]]
                answer = self._pending_answer(p, pend) if asks else None  # "Not yet, is it refundable?"
                out.append(f"{answer} Nothing has been {done}; just tell me when you would like to go ahead." if answer
                           else f"Of course, take your time. Nothing has been {done}; just tell me when you would like "
                                "to go ahead.")
                turn.say(" ".join(out))
                return
            cost_asked = "?" in p.text and bool(_COST_OF_IT.search(p.text))  # "is there a fee to cancel?"
            if (pend["kind"] == "cancel" and (asks or cost_asked) and not p.yes and not p.no and not self._changes(p)
                    and (p.has("refund") or p.has("price") or cost_asked) and (answer := self._pending_answer(p, pend))):
                # "will i get refund?" at "Shall I cancel booking ...?": answered, and the question asked again
                self.pending = pend
                out.append(f"To answer your question: {answer} Shall I go ahead and cancel booking "
                           f"{pend['args']['booking_id']}?")
                turn.say(" ".join(out))
                return
            if (pend["kind"] in ("book", "hold") and p.budget and not p.yes and len(self.legs) == 1
                    and self.legs[0].get("shown") and not self._changes(p) and not pend.get("release")):
                # "ahh my budget is actually 700, anything?" at a summary: what fits it, and the summary asked again
                self.budget, self.pending = p.budget, pend
                out.append(self._summary_vs_budget(pend) + self._budget_answer() + " " + pend["said"])
                turn.say(" ".join(out))
                return
            if ("?" in p.text and not any(p.has(x) for x in answerable) and not self._changes(p) and not switched
                    and not (pend["kind"] == "cancel" and p.has("change"))  # "no wait, can I move it instead?": helped
                    # "can you take me off it? the other two still fly": answered below (only the whole booking)
                    and not (pend["kind"] == "cancel" and p.part_of_party)
                    # "could you not charge my card today?" at "Shall I book it?": a hold is asked for, offered below
                    and not (pend["kind"] == "book" and p.has("hold") and not p.has("book"))
                    and not PROCEED.search(p.text) and not p.fare_class and not (p.passport or p.card)):
                out.append("Sorry, I can't help with that question here.")  # then the proposal is asked again
            elif (pend["kind"] == "book" and p.has("hold") and not p.has("book") or
                  pend["kind"] != "cancel" and p.has("cancel")) and not self._changes(p):
                # "ok yes hold it" at "Shall I book it?": the hold is proposed instead (below); "ok cancel it": stopped
                pass
            elif (pend["kind"] == "cancel" and p.accepts and p.has("book") and not p.has("cancel")
                  and not self._changes(p)):
                # "Yes, please book it." at "Shall I cancel booking BK...?": the yes names another action; said so,
                # and the cancel asked again (below), never done on it
                out.append(f"To be clear, I am not booking anything: my question is whether to cancel booking "
                           f"{pend['args']['booking_id']}.")
            elif p.accepts and "?" not in p.text and not self._changes(p) and not p.has("goodbye"):
                # "ok thanks" / "yep, send the confirmation to my email": a yes that says more, or only
                # acknowledges, approves nothing; the proposal is asked again ("yes, book it for everyone": the
                # whole party is what the summary says, which the question then says, but the yes must be plain)
                n = pend["args"].get("passengers") if pend["kind"] in ("book", "hold") else None
                held = pend["kind"] == "hold" and p.timeline_defers  # "hold it, I need to check with my husband"
                parts = self.split_rest or self._share_of is not None  # "for both families" at one of two bookings
                out.append(((f"This booking is for {pax_words(n)}; the other passengers have a booking of their own. "
                             if parts else f"Yes, it is for all {n} of you. ")
                            if n and n > 1 and _BOTH_PEOPLE.search(p.text) else "")
                           + ("A hold is made for that: it keeps the seats for 24 hours at no charge. " if held else "")
                           + "Just to be sure: I need a clear yes before I go ahead.")

        if p.later and "?" not in p.text and not (p.has("price") and _ASKS_INSIDE.search(p.text)) and not (
                _WH_QUESTION.match(p.text) and (p.has("price") or p.fare_class)) and not (  # "wait what does premium cost"
                p.places or p.dates or p.booking_ids or p.flight_ids or p.passengers
                            or p.selection is not None or p.has("book") or p.has("hold") or p.has("goodbye")
                            or (p.last_name and self.awaiting == "last_name")):  # "let me check. Fischer": the name
            if self.offered_return and re.search(r"\bnot (?:for )?now\b|\bno\b", p.text, re.I):
                self.offered_return = False  # "Not for now, thanks." to "shall I look for a return flight?"
                out.append("All right, no return flight for now. " + self._next_prompt())
            else:
                self.offered_return = False
                out.append("Of course, take your time. Just tell me when you would like to go ahead.")
            turn.say(" ".join(out))
            return

        if p.has("goodbye") and not (p.places or p.dates or p.booking_ids or p.flight_ids or p.passengers
                                     or p.has("book") or p.has("hold") or p.has("cancel") or p.has("change")):
            if proposed is not None:  # "k thx bye" at a summary: nothing was approved
                done = {"book": "booked", "hold": "held", "cancel": "cancelled", "modify": "changed"}[proposed["kind"]]
                out.append(f"Nothing has been {done}.")
            out.append("Thank you for choosing SkyAssist. Have a good trip, goodbye!")
            turn.say(" ".join(out))
            turn.end_conversation()
            return
        if p.closing and _offered_more(turn) and not _reads_anything(p):
            # "Is there anything else?" - "No, thanks for your help." (before: "Sorry, I did not quite catch that")
            thanked = re.search(r"\b(thank|thanks|thx|cheers|appreciate\w*)\b", p.text, re.I)
            out.append(("You're welcome. " if thanked else "") + "Thank you for choosing SkyAssist. Have a good trip, goodbye!")
            turn.say(" ".join(out))
            turn.end_conversation()
            return

        alt, self.offered_alt = self.offered_alt, None
        if alt and any(leg.get("choice") for leg in self.legs) and _THAT_ONE.search(p.text) and not _DAY_WORD.search(p.text):
            alt = None  # "ok that one" after "You picked SA9329": the flight just picked, not the day compared
        self._cheapest_day(p)
        if alt and re.search(r"\b(?:cheaper|cheapest|less expensive|lower)\b", p.text, re.I) and len(self.legs) == 1:
            leg = self.legs[0]
            lows = [self.day_lows.get((leg["origin"], leg["destination"], day)) for day in (leg["date"], alt)]
            if None not in lows and lows[0] <= lows[1]:
                alt = None  # "ok let's do the cheaper day" when the day listed is the cheaper one: it stays
        if alt and _OTHER_DAY.search(p.text) and not p.no and not self._changes(p) and self.pending is None:
            p.date, p.dates = alt, [alt]  # "I also checked 2026-05-04 ..." - "ok let's do the cheaper day"
        if (p.selection is None and not p.flight_ids and p.fare_class and self.pending is None
                and (m := _CABIN_TAKE.match(p.text) or (_FOR_BOTH.search(p.text) and next(
                    (c for c in (_CABIN_TAKE.match(x) for x in re.split(r"(?<=[,;.!])", p.text)) if c), None)))
                and self._open_options()):
            # ("ok let's splurge, business for both, Fatima Ramirez": the cabin said in a clause of its own)
            p.selection = m.group(1).lower()  # "Ok, I take the business then. Name ...": that cabin's listed flight
        if (p.selection is None and not p.flight_ids and p.fare_class and self.pending is None and self.offered_return
                and (m := re.fullmatch(r"\W*(?:the\s+)?(economy|premium|business)(?:\s+economy|\s+class)?(?:\s+(?:one|seat|fare))?"
                                       r"\s+(?:is\s+)?(?:fine|good|ok(?:ay)?|perfect|works|suits|will do)"
                                       r"(?:\s+(?:by|for|with)\s+(?:me|us))?(?:\s*,?\s*thanks)?[\s.!]*", p.text, re.I))
                and self._open_options()):
            # "economy is fine", "business works for us" at a listing that also offers a return: that cabin's
            # flight, never a yes to the return offer
            p.selection = m.group(1).lower()
        offered, self.offered_return = self.offered_return, False
        retry, self.offered_retry = self.offered_retry, False
        split, self.offered_split = self.offered_split, False
        picked = self._offered_date(p) if retry else None  # a pick among listed dates answers that offer
        if (offered and picked is None and p.has("book") and p.selection is None and not p.flight_ids
                and self.mode == "new" and len(self.legs) == 1 and not self.legs[0].get("choice")
                and self._select(0, "open", p) is not None and self.pending is None
                and not re.search(r"\b(?:return\w*|back|round[- ]?trip|both ways|home)\b", p.text, re.I)):
            p.selection = "open"  # "ok book that" when one listed flight can be booked: that flight, not the return
            # offer (a bare "yes" still takes up the offer: test_target_phrasings.test_return_offer_accepted_with_yes)
        if retry and offered and not re.search(r"\b(?:return\w*|back|round[- ]?trip|both ways)\b", p.text, re.I):
            offered = False  # "yes" after "no flights ... another date?": the other date, not the return flight
        if (not offered and not retry and self.mode == "new" and len(self.legs) == 1
                and (self.legs[0].get("choice") or self.legs[0].get("shown"))
                and not self.return_date and self.pending is None and _RETURN_WANTED.search(p.text)
                and not _RETURN_REFUSED.search(p.text) and not p.no and not p.dates and p.day_of_month is None
                and not p.places and not p.booking_ids and p.selection is None and not p.flight_ids
                and not (p.intents & {"cancel", "change", "refund", "price", "details"})):
            # "yes please look for a return" once the outbound is picked (the offer made at the listing): the date
            # of the way back is asked, the pick kept ("6 December is good" next is that date)
            self.awaiting = "return_date"
            self.one_way_said = False  # ("actually yes please look for a return too" after "one way is fine")
            first = self.legs[0]
            kept = f", you still have {first['choice']['flight_id']} for the outbound" if first.get("choice") else ""
            out.append(f"Sure{kept}. On what date would you "
                       f"like to fly back from {self._place(first['destination'])} to {self._place(first['origin'])}?")
            turn.say(" ".join(out))
            return
        if (offered and picked is None and (p.accepts or _RETURN_WANTED.search(p.text)) and self.mode == "new"
                and self.legs and not self.return_date
                and not _THAT_ONE.search(p.text)  # "that works, I'll take it" takes the flight, not the return offer
                and not (_OTHER_DAY.search(p.text) and self.day_lows)  # "ok the cheaper day": the days compared
                and not p.dates and p.selection is None and not p.flight_ids and p.passengers is None
                and p.number is None  # "ok 1", "lets go with 2": a pick, not a yes to the return offer
                and p.either_pick is None  # "either 1 or 3 is fine": the choice between two left to the agent
                # "one way is fine", "no return, thanks": the offer turned down, never taken up
                and not p.has("one_way") and not _RETURN_REFUSED.search(p.text)
                and p.pax_change is None  # "fine, make it 9 then" changes the count, it accepts no return flight
                and not p.places and not p.unknown_place):  # "ok, Doha then" names another place, not the return
            self.offered_retry = retry
            self.awaiting = "return_date"
            first = self.legs[0]
            out.append(f"Sure. On what date would you like to fly back from {self._place(first['destination'])} to "
                       f"{self._place(first['origin'])}?")
            turn.say(" ".join(out))
            return

        if picked is not None:  # "the first one" / "the latest" after "this route also flies on A, B, C"
            p.date, p.dates, p.selection = picked, [picked], None  # searched again below
        elif retry and self.date and not p.dates and not p.booking_ids and _NEXT_DAY.search(p.text) and not p.others_day:
            p.date = (Date.fromisoformat(self.date) + timedelta(days=1)).isoformat()  # searched again below
            p.dates = [p.date]
        elif retry and not p.no and not self._changes(p) and _ANOTHER.search(p.text):
            p.accepts = True  # "can you check another date?" accepts the offer
        chose_split = split and not p.no and bool(_SPLIT.search(p.text))  # "separate bookings then"
        if retry and (p.accepts or p.no or chose_split) and not self._changes(p) and not p.dates and not p.booking_ids:
            if chose_split:  # "yes, split the group": the seats on each flight
                out.append(self._split_answer())
            elif p.accepts and split and not _ANOTHER.search(p.text):  # a bare "yes" to an either/or: which one
                self.offered_split = True
                out.append("Happy to do either. Would you like to try another date, or to split the group into "
                           "smaller bookings on different flights?")
            elif p.accepts:
                out.append("Sure. Which date would you like to try, or which route?")
            else:
                self.legs = []
                out.append("No problem. Is there anything else I can help you with?")
            self.offered_retry = p.accepts
            turn.say(" ".join(out))
            return

        book_held, self.offered_book_held = self.offered_book_held, False
        if (book_held and (p.yes or p.accepts) and not p.no and not self._changes(p) and self.pending is None
                and self._held_trip() is not None):
            self.action, self.declined = "book", False  # "yes please" to "Would you like me to book them?" (the hold)
            p.intents.discard("hold")
        offered_other, self.offered_other = self.offered_other, False
        if (offered_other and (p.yes or p.accepts) and not p.no and not self._changes(p) and self.pending is None
                and self.legs and not p.booking_ids):
            out.append(self._instead_question())  # "No problem ... a different flight or date?" - "yes": which one,
            turn.say(" ".join(out))  # never the refused summary again
            return
        clash, self.clash = self.clash, None
        if clash and self.pending is None and p.selection is None and not p.flight_ids and not p.no \
                and (p.yes or p.accepts or any(f["fare_class"] == p.fare_class for f in clash[1])) \
                and not self._changes(p):  # "yes", or the cabin offered: "premium economy then"
            fits = [f for f in clash[1] if p.fare_class in (None, f["fare_class"])]
            if len(fits) != 1:  # "yes" to "Did you mean X or option 3?": which of the two is still open
                self.clash = clash
                turn.say(" ".join(out + [clash[0]]))
                return
            p.flight_ids, p.fare_class = [fits[0]["flight_id"]], None  # "yes please" to "Did you mean SA6165 in ...?"
        suggested, self.suggested = self.suggested, None
        if (suggested and self.pending is None and p.selection is None and not p.flight_ids and not p.no
                and (p.yes or p.accepts or _THAT_ONE.search(p.text) or _THAT_BARE.fullmatch(p.text) or p.no_preference)
                and self._find(suggested)):
            p.flight_ids = [suggested]  # "whats the earliest one?" - "That is option 1: ... Would you like it?" - "ok"
            p.asked_option = None  # "any" - "... suggest the cheapest ... Would you like that one?" - "any is fine"
        elif (asked_fid and not suggested and self.pending is None and p.selection is None and not p.flight_ids
              and not p.no and p.asked_option is None and not (p.places or p.dates)
              and (_THAT_ONE.search(p.text) or _THAT_BARE.fullmatch(p.text)
                   or re.search(r"\b(?:book|reserve|hold|take|want|have)\s+(?:it|that)\b", p.text, re.I))
              and self._find(asked_fid)):
            p.flight_ids = [asked_fid]  # "is SA6224 refundable?" - "...non-refundable. Which flight?" - "ok I'll take it"
        advised = _CONNECTION_ADVISED.search(turn.last_reply or "")
        if (advised and p.no_preference and self.pending is None and not p.flight_ids and len(self.legs) == 2
                and not any(leg.get("choice") for leg in self.legs)
                and all(fid in leg.get("shown", ()) for fid, leg in zip(advised.groups(), self.legs))):
            # "The shortest connection I can book is X then Y" - "alright, whatever you recommend then": the pair the
            # agent named is picked (the summary and a yes still come before any booking)
            p.flight_ids, p.asked_option, p.no_preference = list(advised.groups()), None, False
        if _UPGRADE.search(p.text) and (self.booking is not None or p.booking_ids) and self.mode != "new" \
                and not p.dates:  # "can I upgrade to business?": the booking moved to another cabin the same day
            p.intents.add("change")
            if self.booking is not None and (day := self._booking_date()):
                self.change_date = day
        if (self.mode is None and self.done and self.done[-1]["kind"] in ("book", "hold") and not p.return_date
                and not p.date and not p.places and not p.booking_ids and _RETURN_LEG.search(p.text)
                and not _OUTBOUND_LEG.search(p.text) and not p.no and not p.has("cancel") and not p.has("change")
                and (p.has("book") or p.has("hold") or _TOO.search(p.text))):
            # "book the return as well", "and the way back too" after the way out was booked alone: the way back
            # of that flight, on the return date asked for before (a return flight named earlier is taken up)
            self._way_back(p)
        if (self.mode is None and self.done and self.done[-1]["kind"] in ("book", "hold") and p.return_date
                and not p.date and not p.places and self.origin and self.destination):
            # "I also need a flight back on the 20th" after booking the way out: the way back is a trip of its own
            p.origin, p.destination, p.date, p.dates = self.destination, self.origin, p.return_date, [p.return_date]
            p.return_date = None
            p.intents.discard("round_trip")
            self.return_date, self.legs = None, []
            self.mode = "new"
        searching, self.offered_search = self.offered_search, False
        if (searching and p.no and not _reads_anything(p) and self.pending is None and "?" not in p.text
                and len(re.findall(r"\w+", p.text)) <= 4  # a plain "no thanks", nothing more
                and not _ALTERNATIVES.search(p.text) and not _FITS_ALL.search(p.text)):
            # "no thanks" to "Would you like me to look for other flights ...?": the flight named cannot be booked,
            # so nothing is left to pick; the trip is dropped, never the same offer again
            self._abandon(out)
            turn.say(" ".join(out))
            return
        from_id = self.mode == "new" and len(self.legs) == 1 and self.legs[0].get("from_id")
        split_off = (from_id and searching and not p.no and not p.dates and not p.places and not p.booking_ids
                     and bool(_ANOTHER.search(p.text) or _FOR_THE_REST.search(p.text))
                     # "the first four on SA6331, and the remaining 3 on a later flight": this booking's share on the
                     # flight named by its number is taken as said (summarised for that share, never for the rest)
                     and not (p.split_now and p.passengers and p.flight_ids == self.legs[0]["shown"]))
        if split_off:
            # "book 4 on that one and the other 3 on another flight" when the flight named by its number seats only
            # some of the party: the day's flights are searched and listed (never "those are the flights I found"
            # when none were), and the counts of each part are asked at the pick, never read from this message
            p.passengers = p.selection = None
            p.flight_ids, p.pax_change = [], None
            out.append("Sure, the group can travel on separate bookings, one flight at a time.")
        if ((searching and (p.accepts or p.yes or _FITS_ALL.search(p.text)) and not p.no) or split_off
                or (_ALTERNATIVES.search(p.text) and (
                from_id or (self.mode is None and not self.legs)))) and self.origin and self.destination and self.date \
                and not self._changes(p) and not p.booking_ids:
            self.mode, self.legs = "new", []  # "what else is there that day?": the route searched on that day
        if self._listing_retry(turn, p, out, retry):
            return

        held_cancel = self._held_trip() is not None and p.has("cancel")  # "actually cancel it" after a hold
        if ((p.abandon or (p.drop_trip and self.mode == "new")) and not _holds_details(p) and "?" not in p.text
                and not (self.offered_return and p.no and not p.abandon) and not held_cancel):
            self._abandon(out)  # "Actually, cancel that." while a trip or a booking is being arranged
            turn.say(" ".join(out))
            return
        lead = len(out)  # what is said before the flow's own reply (a question it cannot answer)
        if p.human and not (p.who and not _ASKS_FOR_PERSON.search(p.text)):
            out.append(HUMAN_NOTE)
        elif p.who or _WHO_ELSE.search(p.text):
            out.append("I am SkyAssist's virtual agent, an automated assistant, not a person.")  # "are you an AI?"
        elif "?" in p.text and REPEAT.search(p.text) and not _holds_details(p) and turn.last_reply:
            out.append(f"Of course. {turn.last_reply}")  # "Sorry, what did you say?"
            turn.say(" ".join(out))
            return
        elif PROCEED.search(p.text) and not _holds_details(p):
            self.declined = False  # "OK, what next?" after "I'll think about it": the summary again, to approve
        elif ("?" in p.text and not _reads_anything(p) and not (_WELCOME_CUE.search(p.text) or CAPABILITY.search(p.text))
              and not any("can't help" in x for x in out)
              and not (self.awaiting == "passengers" and (self.passengers or 0) > MAX_PAX)
              and not (_BUDGET_QUESTION.search(p.text) and self.legs)
              and not (self.awaiting == "last_name" and self.booking_id and self.booking is None
                       and self.mode in ("status", "cancel", "change"))):  # answered by _booking_flow
            out.append("Sorry, I can only look up a booking with the last name on it." if self.awaiting == "last_name"
                       else NOT_ANSWERED)  # "What's the baggage allowance?"
        if len(out) > lead and self.mode is None and not _reads_anything(p):
            out.append(f"{OFFER} What would you like to do?")
            turn.say(" ".join(out))
            return
        lead = len(out)

        meta = False
        if p.has("tools"):
            answer = self._tools_answer()
            if answer in turn.last_reply and not self._f("reveal_tools"):  # asked again in other words
                answer = ("As I said, I work through the airline's reservation system, and I can't share more about "
                          "how it works inside. I'm happy to search flights or look up a booking for you.")
            out.append(answer)
            meta = True
        # asked with a first search: answered once there are flights to talk about (after the search)
        new_search = not self.legs and bool(p.places or p.dates)
        fare_code_later = p.has("fare_code") and new_search
        currency_later = p.has("currency") and new_search
        if p.has("fare_code") and not fare_code_later:
            named = self._flight_named(p.flight_ids[0]) if len(set(p.flight_ids)) == 1 else None
            out.append(self._fare_code_answer(named))
            meta = True
            if (named is not None and (_WH_QUESTION.match(p.text) or re.match(
                    r"\W*(?:(?:and|so|ok(?:ay)?|also)\W+)?(?:is|are|does|do|can|could|would|will|tell me)\b", p.text, re.I))
                    and not (p.has("book") or p.has("hold") or _PICKS.search(p.text))):
                p.flight_ids = []  # "what's the fare basis on SA6224?": that flight asked about, not picked
        if p.has("currency") and not currency_later:
            out.append(self._currency_answer(p))
            meta = True
        refund_rule = p.has("refund") and not (p.booking_ids or self.booking_id or self.legs or new_search)
        refund_later = ((p.rules_question or _WHICH_REFUNDABLE.search(p.text)) and new_search
                        and not (p.booking_ids or self.booking_id))
        if refund_rule:
            out.append(REFUND_RULE)  # a general question ("what's your refund policy?"): the rule, then the flow
            meta = True
        if p.pay_day and (p.has("hold") or self.action == "hold") and p.pay_day > (NOW + timedelta(days=1)).date().isoformat():
            # "hold it, I'll call back on Monday to pay": the hold would lapse before then, which is said (not a date)
            out.append(f"Please note that a hold lasts 24 hours, so it will have lapsed by {p.pay_day}; to keep the "
                       "seats until then they would have to be booked.")

        aside = _asked_alongside(p.text) if (p.places or p.dates) and self.pending is None else None
        count_before = self.passengers
        self._absorb(p)
        mode = self._pick_mode(p)
        if mode in ("status", "cancel", "change"):
            self._booking_flow(turn, p, out, mode)
        elif mode == "new":
            self._new_flow(turn, p, out, meta)
        elif p.flight_ids:
            self._flight_info(turn, p, out)
        elif not out or refund_rule:  # nothing said yet, or only the general refund rule
            out.append(self._nothing_to_act_on(p))
        if aside is not None and aside not in " ".join(out):  # "... and also how much baggage can I bring": answered
            at = next((i for i, x in enumerate(out) if i >= lead and "?" in x), len(out))  # before the next question
            if at < len(out) and out[at].startswith("What date would you like to fly") and not _ASKS_TO_BOOK.search(p.text):
                out[at] = "If you would like me to look for flights, what date" + out[at][len("What date"):]
            out.insert(at, aside)  # ("how much baggage can I bring on a flight from Doha to Miami?" asks no search)
        if fare_code_later:  # asked with a new search: answered about the flights it found, before the next question
            out.insert(next((i for i, x in enumerate(out) if "?" in x), len(out)), self._fare_code_answer())
        if refund_later and (shown := self._open_options()):  # "A to B on the 15th, what's the cancellation policy?"
            out.insert(next((i for i, x in enumerate(out) if "?" in x), len(out)), self._rules_of(shown))
        elif refund_rule and p.rules_question and not any("?" in x for x in out[lead:]):
            nxt = self._next_prompt()  # the rule, then the open question again
            out.append(f"{OFFER} What would you like to do?" if nxt.startswith(NOT_CAUGHT) else nxt)
        if currency_later:  # asked with a new search: answered before the next question
            out.insert(next((i for i, x in enumerate(out) if "?" in x), len(out)), self._currency_answer(p))
        if not any(out[lead:]):
            nxt = self._next_prompt()
            if lead and nxt.startswith(NOT_CAUGHT):  # after "I can't help with that": no second apology
                nxt = f"{OFFER} What would you like to do?"
            out.append(nxt)
        if NOT_ANSWERED in out[:lead] and any(m.get("tool_calls") for m in turn.new_messages):
            out.remove(NOT_ANSWERED)  # "what about other flights that day?" was answered by the search it made
            lead -= 1
        if (re.search(r"\bfirst[- ]class\b", p.text, re.I) and not re.search(r"\bno first[- ]class\b", p.text, re.I)
                and not self.told_no_first):
            self.told_no_first = True  # "first class" is read as Business; said once
            out.insert(lead, "We have no First class; Business is our highest cabin.")
        if p.more_names and p.last_name and (self.first_name, self.last_name) == (p.first_name, p.last_name):
            out.insert(lead, f"A booking takes one name, the lead passenger's, so it will be under {p.first_name} "
                             f"{p.last_name} for the whole party; I can't record {' and '.join(p.more_names)} on it by name.")
        if (count_before and self.passengers and self.passengers != count_before
                and not any(re.search(r"\b\d+ passengers?\b", x) for x in out[lead:])):  # a reply about counts says it
            out.insert(lead, f"Noted, {pax_words(self.passengers)}.")  # "one less passenger" while a flight is picked
        turn.say(" ".join(x for x in out if x))

    def _speaker_left(self, turn: TurnContext, who: str, out: list[str]) -> bool:
        """The speaker no longer travels on the trip being arranged ("I can't go now, it's only my buddy travelling",
        "the ticket's actually for my buddy Dele, I'm not going"): nothing is booked on the summary said before; the
        count is the one companion said to fly, or the party said with the speaker ("me and my buddy", "the 3 of us")
        less one, and the booking is put under the name of someone who travels, asked for (the name given so far may be
        the speaker's). False when that can't be told, or no one else travels ("just me" and then "I'm not travelling
        any more": the trip is dropped, as before)."""
        n = int(self.pending["args"].get("passengers") or 0) if self.pending else (self.passengers or 0)
        if not who and (n < 2 or not re.search(r"\b(?:me|us|we|we'?re|myself|ourselves|of us)\b", self._said_before, re.I)):
            return False
        self.pending, self.declined = None, False
        new = 1 if who else n - 1
        if not (self.first_name and re.search(r"\b(?:his|her|their)\s+name(?:\s+is|'s|:)?\s+" + re.escape(self.first_name)
                                              + r"\b", self._said_before, re.I)):
            # (a name said as someone else's, "his name is Rashid Hassan", stays: only the speaker's may have to go)
            self.first_name = self.last_name = None
            self.name_words, self.name_doubt = [], None
        self.traveller = who if who and who not in ("him", "her") else None
        out.append(f"Understood, I have not booked anything: the booking is now for {pax_words(new)}, without you.")
        self.passengers = new
        if not self.traveller and not self.last_name:
            out.append("It needs to be in the name of someone who is flying.")
        self._maybe_propose(turn, out)
        return True

    def _unread_change(self, p: Parsed) -> str | None:
        """The question asked when a reply to a summary asks for a change this agent could not read ("take one
        off, Tom can't come", "add one", "my brother just pulled out", "swap it"): what was summarised is no longer
        what the customer wants, so it is never offered back for a yes as if they had only hesitated; the count is
        asked again when the party changes, else what to change. None when the message asks no change, or one
        read elsewhere (a count, a cabin, a hold, a cancellation, a question)."""
        if (p.pax_change is not None or p.passengers or p.fare_class or p.budget or p.no_preference or "?" in p.text
                or p.intents & {"hold", "book", "cancel", "goodbye"} or p.abandon or p.drop_trip or p.more_names
                or p.first_name or p.last_name):
            return None
        if _PARTY_ALTERED.search(p.text):
            self.awaiting, self.passengers = "passengers", None  # asked before any summary again, a bare yes included
            return ("Understood, I have not booked anything. How many passengers should the booking be for now, in "
                    "total?")
        if _SUMMARY_ALTERED.search(_HARMLESS_NEGATION.sub(" ", p.text)):  # (not "nothing to change, go ahead")
            return ("Sorry, I could not tell what you would like to change, so I have not booked anything. What should "
                    "be different: the flight, the date, the number of passengers or the name?")
        return None

    def _drop_return(self, turn: TurnContext, p: Parsed, out: list[str]) -> bool:
        """"scrap the return, just the outbound please", "only SA4790 please" at a round trip's summary, or "none,
        just the outbound", "skip the return" when the return is the flight still to pick: the return leg goes and
        the outbound alone is summarised again (a yes then books that only), never the two-leg summary again, and
        never the whole trip dropped. True when the reply is complete."""
        legs = self.legs
        alone, self._alone_offer = self._alone_offer, None
        taken = False
        if (alone is not None and self.mode == "new" and len(legs) == 2 and legs[1]["label"] == "return"
                and not legs[0].get("choice") and self.pending is None and alone["flight_id"] in legs[0].get("shown", ())
                and not (p.places or p.dates or p.booking_ids)):
            if (not p.flight_ids and p.selection is None and (_DROP_RETURN.search(p.text) or p.has("one_way")
                                                              or _SEPARATELY.search(p.text))):
                legs[0]["choice"] = taken = alone  # "book the outbound on its own", "two separate bookings", "no
                # return": the outbound offered alone is taken up (below)
            elif _SUGGEST.search(p.text):  # "what do you suggest then?": the ways on, said again
                self._alone_offer = alone
                out.append(f"I can book {alone['flight_id']} ({alone['public_cabin']}) for the outbound on its own, as "
                           "a one-way booking, and you can book the return separately; or you could pick another outbound "
                           "flight, or try another date. Which would you like?")
                return True
        if (self.mode == "new" and len(legs) == 2 and legs[1]["label"] == "return" and not legs[0].get("choice")
                and legs[0].get("shown") and self.pending is None and not taken
                and not (p.places or p.dates or p.booking_ids or p.yes) and "?" not in p.text
                and (_DROP_RETURN.search(p.text) or p.has("one_way"))):
            # "forget the return. only going", "scratch the return" while both legs are listed and nothing is picked:
            # the return goes, the outbound's list stays (never searched again, never the return offered back)
            first = legs[0]
            first["label"] = ""
            self.legs, self.return_date = [first], None
            self.wants_return = self.offered_return = self.declined = False
            out.append(f"Sure, I have taken the return flight off, so it is just the outbound flight from "
                       f"{self._place(first['origin'])} to {self._place(first['destination'])} on {first['date']}.")
            if p.selection is not None or p.number is not None or p.flight_ids:
                return False  # "scrap the return leg, I'll take option 3": that pick is read on (the one leg left)
            out[-1] = (f"Sure, I have taken the return flight off, so it is just the outbound flight. "
                       f"{self._options_said(first)} {self._next_prompt()}")  # (its options said again)
            return True
        if (self.mode != "new" or len(legs) != 2 or legs[1]["label"] != "return" or not legs[0].get("choice")
                or p.places or p.dates or p.booking_ids or p.yes):
            return False
        pend = self.pending
        at_summary = pend is not None and pend["kind"] in ("book", "hold") and not pend.get("release")
        at_pick = pend is None and bool(legs[1].get("shown")) and not legs[1].get("choice")
        by_id = (p.flight_ids == [legs[0]["choice"]["flight_id"]] and re.search(r"\b(?:just|only)\b", p.text, re.I))
        if not (taken or (at_summary or at_pick) and (by_id or (not p.flight_ids and p.selection is None and (
                _DROP_RETURN.search(p.text) or p.has("one_way") or (at_pick and _NEITHER.search(p.text)))))):
            return False
        first = legs[0]
        first["label"] = ""
        self.legs, self.pending, self.return_date = [first], None, None
        self.wants_return = self.offered_return = self.declined = False
        out.append("Sure, I have taken the return flight off, so it is just the outbound flight, "
                   f"{first['choice']['flight_id']}." + (" You can book the return separately once this one is done."
                                                          if taken else ""))
        self._maybe_propose(turn, out)
        return True

    def _one_leg_said(self, turn: TurnContext, p: Parsed, out: list[str]) -> bool:
        """A round trip's summary answered for one leg only (skyA E3): "yes for the first flight only", "yes to the way
        out, not the return" (the return taken off, the outbound summarised alone for its own yes); "yes for the return
        only" (the outbound taken off); "not sure about the return", "the return is too early" (nothing booked, that
        leg's options said again); "book the outbound, hold the return" (the leg to be done as summarised kept alone, the
        other left to do separately). Never the two-leg summary again,
        so a yes never books both. True when the reply is complete."""
        legs, pend = self.legs, self.pending
        if (self.mode != "new" or len(legs) != 2 or legs[1]["label"] != "return" or not all(x.get("choice") for x in legs)
                or pend is None or pend["kind"] not in ("book", "hold") or pend.get("release")
                or p.places or p.dates or p.booking_ids or p.flight_ids or "?" in p.text):
            return False
        t = p.text.replace("\u2019", "'")
        later = ""
        if (m := _LEG_ACTIONS.search(t)) and len({v.lower() for v in m.groups() if v}) > 1:
            # "book the outbound, hold the return": the leg to be done as summarised (booked or held) is kept alone,
            # the other to be done separately afterwards
            verbs = [v.lower().replace("reserve", "hold") for v in m.groups() if v]
            first_out = bool(m.group(1))  # (the outbound named first)
            out_verb, back_verb = verbs if first_out else verbs[::-1]
            keep_out = out_verb == pend["kind"]
            said = {"out": {"only"} if keep_out else {"not"}, "back": set()}
            later = (f" You can {back_verb if keep_out else out_verb} the {'return' if keep_out else 'outbound'} "
                     "separately afterwards.")
        else:
            said = {k: {c for c, pat in cues.items() if pat.search(t)} for k, cues in _ONE_LEG_CUES.items()}
        if said["out"] and said["back"] and said["out"] & {"only", "doubt"} and said["back"] & {"only", "doubt"}:
            return False  # both said alike: read as before
        drop = ("back" if "only" in said["out"] or "not" in said["back"] else
                "out" if "only" in said["back"] or "not" in said["out"] else None)
        if drop is not None:
            kept = legs[0] if drop == "back" else legs[1]
            kept["label"] = ""
            self.legs, self.pending, self.return_date = [kept], None, None
            self.wants_return = self.offered_return = self.declined = False
            gone, left = ("return", "outbound") if drop == "back" else ("outbound", "return")
            out.append(f"Sure, I have taken the {gone} flight off, so it is just the {left} flight, "
                       f"{kept['choice']['flight_id']}.{later}")
            self._maybe_propose(turn, out)
            return True
        k = 1 if "doubt" in said["back"] else 0 if "doubt" in said["out"] else None
        if k is None:
            return False
        legs[k]["choice"], self.pending = None, None  # that leg chosen again; nothing booked
        other = "no return" if k == 1 else "another date"
        out.append(f"No problem, I have not booked anything. {self._options_said(legs[k])} {self._next_prompt()} "
                   + (f"Or say '{other}' to book only the outbound flight {legs[0]['choice']['flight_id']}."
                      if k == 1 else ""))
        out[-1] = out[-1].rstrip()
        return True

    def _afresh(self, turn: TurnContext, p: Parsed, out: list[str]) -> bool:
        """"start over please", "restart", "from the top please" at a summary: nothing is booked, the trip in hand
        goes, and the customer is asked afresh (never the same summary back for a yes). With a new trip said in
        the same message ("reset. new search: Vancouver to Munich 10 Dec") the trip goes and the message is read on
        (False)."""
        if (self.pending is None or self.pending["kind"] not in ("book", "hold") or p.yes
                or not _AFRESH.search(p.text)):
            return False
        kept = (self.first_name, self.last_name)
        self.pending = None
        self._abandon([])
        self.first_name, self.last_name = kept
        if p.places or p.dates or p.unknown_place or p.flight_ids:
            return False
        out.append("Sure, let's start again; nothing has been booked. Where would you like to fly from and to, and "
                   "on what date?")
        return True

    def _corrected_name(self, text: str) -> tuple[str | None, str] | None:
        """(first, last) when the message at a summary corrects the name it is under: a surname with its cue
        ("my surname is spelled Kosta", "the last name should be Kosta"), one word put for another ("it's Kosta,
        not Costa"), or the whole name again after "correction" / "the name is wrong"; None otherwise."""
        first, last = self.first_name, self.last_name
        if not last:
            return None
        text = surname_described(text)  # (fix44i) "my surname is double-barrelled: Okafor-Berg": Okafor-Berg
        if (said := name_change_at_summary(text)) is not None and (said[0] or first):
            return said[0] or first, said[1]  # (fix44i) "it's for my sister Mia X", "I go by Aisha Boateng now"
        if (m := _SURNAME_FIX.search(text)) and m.group(1).lower() not in ("is", "with", "not", "the"):
            return first, spelled_word(m.group(1)) or m.group(1)  # "spelled L-A-R-S-E-N": Larsen
        if m := _NOT_THAT.search(text):
            new, old = m.group(1)[:1].upper() + m.group(1)[1:], m.group(2).lower()
            if old == last.lower():
                return first, new
            if first and old == first.lower():
                return new, last
            return None
        if m := _FULL_NAME_FIX.search(text):
            return m.group(1), m.group(2)
        if ((m := _UNDER_NAME.search(text)) and (m.group(2) or m.group(1)).lower() != last.lower()
                and (m.group(2) or not first or m.group(1).lower() != first.lower())):  # ("under my name Arjun": his own)
            return (m.group(1), m.group(2)) if m.group(2) else (first, m.group(1))
        if (m := _NAME_AGAIN.search(text)) and first and m.group(1).lower() == first.lower() and m.group(2).lower() != last.lower():
            return first, m.group(2)  # "yes, but it's Arjun Schmitt": the given name as before, the surname new
        word = None if _NAME_CHANGE.search(text) else surname_correction(text, first, last, place_names(self.db))
        if word and not re.search(r"\b(?:not|no|never)\s+(?:" + re.escape(word) + "|" + re.escape(first or word) + r")\b|"
                                  + re.escape(word) + r"[\s,]+" + re.escape(last) + r"\b", text, re.I):
            # "sorry it's Larsen", "Larsen", "not Schmidt, Larsen", "typo, it's Schmitt", "my passport says Larsen":
            # the new surname in place of the old, never the given name ("Larsen Schmidt"), never the old summary's
            # yes ("Schmidt is right, not Larsen" and "Anna-Maria Schmidt" correct nothing of the surname)
            return first, word
        return None

    def _done_text(self, d: dict[str, Any]) -> str:
        """One action done in this chat, from the tool's own result: what, which flights, for whom, what it cost."""
        r = d["result"]
        flights = ", ".join(f"{fid} from {self._place(f.origin)} to {self._place(f.destination)} departing "
                            f"{str(f.departure_time)[:16].replace('T', ' ')}" if (f := self.db.flights.get(fid)) else fid
                            for fid in r.get("itinerary") or [])
        who = " ".join(x for x in (r.get("first_name"), r.get("last_name")) if x)
        pax = f"{pax_words(int(r['passengers']))}, under the name {who}" if r.get("passengers") else f"the name {who}"
        if d["kind"] == "book":
            return (f"I booked {r['booking_id']}: flight {flights}, for {pax}; it is confirmed, and the total charged "
                    f"was {money(float(r.get('price_usd', 0)))}.")
        if d["kind"] == "hold":
            return (f"I placed a hold, reference {r['booking_id']}, on flight {flights}, for {pax}, until "
                    f"{str(r.get('expires_at', ''))[:16].replace('T', ' ')} UTC; nothing has been charged.")
        if d["kind"] == "cancel":
            refund = float(r.get("refund_usd") or 0)
            return f"I cancelled booking {r['booking_id']}" + (f", with a refund of {money(refund)}." if refund else ".")
        return f"I changed booking {r['booking_id']} to flight {flights}."

    def _done_answer(self, p: Parsed) -> str | None:
        """The answer to "what did you book?", "did that go through?", "what did you just do?": what was
        booked, held, changed or cancelled in this chat, read from the tool results, or that nothing was
        (and what the customer declined); an open summary is asked again, a declined one never comes back."""
        if not _WHAT_DONE.search(p.text) or p.places or p.dates or p.booking_ids or p.flight_ids:
            return None
        if self.done:
            went = "Yes, it went through. " if re.search(r"\b(?:did|has)\b", p.text, re.I) and not re.search(
                r"\bwhat\b", p.text, re.I) else ""  # "did that go through?"
            said = (went + "Here is what I have done in this chat: " + " ".join(self._done_text(d) for d in self.done)
                    + (f" {self.pending['said']}" if self.pending else " Is there anything else I can help with?"))
            return said
        kinds = {"book": "booked", "hold": "held", "cancel": "cancelled", "modify": "changed"}
        if self.pending is not None:
            return f"Nothing has been {kinds[self.pending['kind']]} yet. {self.pending['said']}"
        said = "Nothing has been booked or held in this chat."
        if self.refused is not None and self.refused["kind"] in kinds:
            fids = self.refused["args"].get("flight_ids") or [self.refused["args"].get("booking_id", "")]
            said += (f" You declined the {'booking' if self.refused['kind'] == 'book' else self.refused['kind']} "
                     f"of {' and '.join(fids)}, so I did not go ahead.")
        self.offered_other = self.mode == "new" and bool(self.legs)
        if self.refused is None and not self.offered_other:
            return f"{said} {OFFER} What would you like to do?"
        return said + " Would you like a different flight or date, or is there anything else I can do?"

    def _refund_done_answer(self, p: Parsed) -> str | None:
        """The answer to "how much do I get back?" after a cancellation in this chat, read from its result
        (refund_usd), with no open summary; None otherwise. Which card is not in any tool output: said so."""
        cancels = [d for i, d in enumerate(self.done) if d["kind"] == "cancel"
                   and not (d.get("hold") and i and self.done[i - 1]["kind"] == "book"
                            and not re.search(r"\bhold\b", p.text, re.I))]
        # (a hold cancelled right after its booking was made was replaced by it: "is it refundable?" then asks about
        # the new booking, never the hold; "the money for the hold, do I get it back?" still about the hold)
        if (not cancels or self.pending is not None or not _MONEY_BACK.search(p.text) or p.places or p.dates
                or p.booking_ids or p.flight_ids or p.yes or not ("?" in p.text or _WH_QUESTION.match(p.text)
                                                                 or _ASKS_INSIDE.search(p.text) or p.has("refund"))):
            return None
        parts = []
        for d in cancels:
            r, refund = d["result"], float(d["result"].get("refund_usd") or 0)
            parts.append(f"Hold {r['booking_id']} was never paid for, so there is nothing to refund for it."
                         if d.get("hold") and not refund else
                         f"The cancellation of booking {r['booking_id']} shows a refund of {money(refund)}." if refund else
                         f"The cancellation of booking {r['booking_id']} shows no refund due.")
        if re.search(r"\b(?:card|account|where|which)\b", p.text, re.I) and any(
                float(d["result"].get("refund_usd") or 0) for d in cancels):
            parts.append("I can't see from here which card or account it goes to.")
        return " ".join(parts) + " Is there anything else I can help with?"

    def _known_booking_answer(self, turn: TurnContext, p: Parsed) -> str | None:
        """The answer to a follow-up question about the booking in hand, looked up or cancelled in this chat ("what
        was the fare on that one?", "when does it leave?", "is that fully cancelled now?", "will the money go back to
        my card?", "which flight was that?"), read from what the agent already has; nothing is started. None when
        no such booking is in hand, a summary is open, a trip is being arranged, or the message asks or gives
        anything else (an action, a place, a date, a reference, a count, a name)."""
        t = p.text
        if (self.pending is not None or (self.mode == "new" and self.legs) or p.places or p.dates or p.booking_ids
                or p.flight_ids or p.passengers or p.first_name or p.last_name or p.selection is not None or p.yes
                or p.no or p.has("book") or p.has("hold") or p.has("change") or p.has("tools") or p.has("fare_code")
                or p.has("currency") or p.human or p.who
                or not ("?" in t or _WH_QUESTION.match(t) or _ASKED_FLIGHT.match(t)
                        or re.match(r"\W*so\s+(?:it'?s|its|it is|that'?s|thats|that is|the booking is|we'?re)\b", t, re.I))):
            return None
        last = self.done[-1] if self.done else None
        cancelled = last is not None and last["kind"] == "cancel" and not last.get("hold") and \
            last["result"].get("booking_id") in self.bookings
        b = (self.bookings[last["result"]["booking_id"]] if cancelled else self.booking)
        if b is None or (not cancelled and self.mode != "status"):
            return None
        if p.has("cancel") and not (_BOOKING_STATE_ASKED.search(t) and re.search(r"\b(?:is|was|has|so|it'?s)\b", t, re.I)):
            return None  # "cancel it" asks for an action
        if not cancelled and (p.intents & {"price", "refund", "details"}) and not _BOOKING_STATE_ASKED.search(t):
            return None  # "how much did I pay?", "is it refundable?" after a lookup: the status flow answers
        if not cancelled and (_FLIGHT_STATUS_ASK.search(t) or _PAID_ASK.search(t)):
            return None  # "is my flight still operating?", "is it paid yet?": answered by the status flow
        bid, n = b["booking_id"], int(b.get("passengers") or 1)
        flights = [f for fid in b.get("itinerary", []) if (f := self.db.flights.get(fid)) is not None]
        parts: list[str] = []
        if _BOOKING_STATE_ASKED.search(t):
            status = str(b.get("status"))
            parts.append((f"Yes, booking {bid} is fully cancelled: the cancellation went through." if re.search(
                r"cancel|gone through|went through|done|sorted|through", t, re.I) else
                          f"No, booking {bid} is cancelled now: the cancellation went through.") if cancelled else
                         f"Booking {bid} shows as cancelled." if status == "cancelled" else
                         f"Booking {bid} is confirmed{'; it has not been cancelled' if 'cancel' in t.lower() else ''}."
                         if status == "confirmed" else
                         f"Booking {bid} is on hold, not yet confirmed or paid"
                         f"{'; it has not been cancelled' if 'cancel' in t.lower() else ''}." if status == "held" else
                         f"Booking {bid} shows the status {status}.")
        if _BOOKING_FLIGHT_ASKED.search(t) and flights:
            parts.append(f"Booking {bid} was on " if cancelled else f"Booking {bid} is on ")
            parts[-1] += "; ".join(f"flight {f.flight_id} from {self._place(f.origin)} to {self._place(f.destination)}"
                                   for f in flights) + "."
        if _BOOKING_TIME_ASKED.search(t) and flights and not (_MONEY_BACK.search(t) and not re.search(
                r"\b(?:leave|depart|land|arriv)\w*", t, re.I)):
            was = "was due to depart" if cancelled else "departs"
            parts += [f"Flight {f.flight_id} {was} {f.departure_time[:10]} at {f.departure_time[11:16]} and "
                      f"{'was due to arrive' if cancelled else 'arrives'} {f.arrival_time[:10]} at {f.arrival_time[11:16]}."
                      for f in flights]
        if (_BOOKING_PRICE_ASKED.search(t) and not _MONEY_BACK.search(t)
                and isinstance(b.get("price_usd"), (int, float))):
            each = f" ({money(float(b['price_usd']) / n)} per seat for {pax_words(n)})" if n > 1 else ""
            parts.append(f"Its total price {'was' if cancelled else 'is'} {money(float(b['price_usd']))}{each}.")
        if _MONEY_BACK.search(t) or (_CARD_ASKED.search(t) and re.search(r"\b(?:back|refund\w*|return\w*)\b", t, re.I)):
            if cancelled:
                refund = float(last["result"].get("refund_usd") or 0)
                parts.append(f"The cancellation of booking {bid} shows a refund of {money(refund)}." if refund else
                             f"The cancellation of booking {bid} shows no refund due.")
                if refund and _CARD_ASKED.search(t):
                    parts.append("I can't see from here which card or account it goes to.")
                if refund and re.search(r"\bhow long\b|\bwhen\b|\bhow soon\b", t, re.I):
                    parts.append("I can't see from here how long it takes to reach you.")
            else:
                parts.append(self._refund_sentence(b).replace("you would get", "if you cancel it you would get")
                             .replace("no refund would be due", "no refund would be due if you cancel it"))
                if _CARD_ASKED.search(t) and b.get("status") != "held" and "full refund" in parts[-1]:
                    parts.append("I can't see from here which card or account a refund would go to.")
        if _HOW_MANY_ON.search(t):
            parts.append(f"Booking {bid} {'was' if cancelled else 'is'} for {pax_words(n)}.")
        if not parts:
            return None
        return " ".join(parts) + " Is there anything else I can help with?"

    def _book_looked_up_hold(self, turn: TurnContext, p: Parsed, out: list[str], pax: int | None = None) -> bool:
        """ "convert the hold into a booking", "book the held seats" about a held booking looked up in this
        chat: a booking summary of its flights, party, cabin and name, which on a yes books them and then
        cancels the hold (as for a hold placed in the chat); or one line on why that cannot be done."""
        b = self.booking
        if (self.pending is not None or b is None or b.get("status") != "held" or self.mode not in ("status", "cancel", "change")
                or not (_BOOK_THE_HOLD.search(p.text) or pax) or p.no or p.places or p.dates
                or any(x != b.get("booking_id") for x in p.booking_ids)):
            return False
        chosen = [f.to_json() for fid in b.get("itinerary") or [] if (f := self.db.flights.get(fid)) is not None]
        problem = (self._itinerary_problem(chosen, "book") if chosen and len(chosen) == len(b.get("itinerary") or [])
                   else "Sorry, I could not read the flights on that hold.")
        if not problem and any(f["status"] != "scheduled" or f["fare_class"] != b.get("fare_class") for f in chosen):
            problem = "Sorry, a flight on that hold can no longer be booked in its cabin."
        if problem:
            out.append(f"I can't turn hold {b['booking_id']} into a booking: {problem[0].lower()}{problem[1:]}")
            return True
        pax = pax or int(b["passengers"])  # "yes but only 2 of us now": the party said at the summary
        if any(int(f["seats_available"]) < pax - int(b["passengers"]) for f in chosen):
            out.append(f"Sorry, there are not enough seats left on {', '.join(f['flight_id'] for f in chosen)} for "
                       f"{pax_words(pax)}; hold {b['booking_id']} stays as it is for {pax_words(int(b['passengers']))}.")
            return True
        args: dict[str, Any] = {"flight_ids": [f["flight_id"] for f in chosen], "passengers": pax,
                                "fare_class": b["fare_class"], "last_name": b["last_name"]}
        if b.get("first_name"):
            args["first_name"] = b["first_name"]
        self.action, self.declined = "book", False
        self._propose(turn, out, "book", args, chosen, pax, release=b["booking_id"],
                      release_first=pax <= int(b["passengers"]) and self._hold_takes_last_seats(turn, chosen, pax))
        return True

    def _pay_day_after_hold(self, p: Parsed) -> None:
        """A pay day said once a hold is placed ("we'll be paying on the 1st", "I get paid on the 5th", "payment will
        follow on Friday") is no travel date: no search, the hold is kept and its lapse set against that day
        (``_hold_kept``)."""
        held = self._held_trip()
        if (not p.pay_dates or not p.dates or not set(p.dates) <= set(p.pay_dates) or self.pending is not None
                or held is None or p.places or p.booking_ids or p.flight_ids
                or p.has("book") or p.has("change") or p.has("cancel")
                or not any(d["kind"] == "hold" and d["result"].get("booking_id") == held.get("booking_id")
                           for d in self.done)):
            p.pay_dates = []
            return
        p.dates, p.date, p.return_date, p.day_of_month = [], None, None, None
        p.keep_booking, p.later, p.abandon, p.drop_trip = True, False, False, False

    def _hold_kept(self, p: Parsed, out: list[str]) -> bool:
        """A release said negated just after a hold ("thanks, don't let those seats go to anyone else!", "make sure
        nobody releases my seats") asks to keep it: its expiry is said; neither its cancellation nor a booking is
        offered (a later "ok" must write nothing)."""
        held = self._held_trip()
        if (held is None or not (p.keep_booking or _NOT_CANCEL.search(p.text)) or p.has("cancel") or p.has("book") or p.has("change")
                or self._changes(p) or _holds_details(p)
                or not any(d["kind"] == "hold" and d["result"].get("booking_id") == held.get("booking_id")
                           for d in self.done)):
            return False
        until = str(held.get("expires_at", ""))[:16].replace("T", " ")
        if p.pay_dates:  # "we'll be paying on the 1st": the free hold set against the pay day
            pay = p.pay_dates[0]
            if until[:10] < pay:
                out.append(f"Your seats are on hold under reference {held['booking_id']} until {until} UTC, free of "
                           f"charge. The hold lapses before {pay}, so it will not last until then: "
                           "to keep the seats you would need to book them before the hold lapses; otherwise it lapses "
                           "by itself and nothing is charged. Let me know if you would like to book them.")
            else:
                out.append(f"Your seats are on hold under reference {held['booking_id']} until {until} UTC, free of "
                           f"charge, so they are still held on {pay}; please book them before the hold lapses. "
                           "Let me know if you would like to book them.")
            return True
        out.append(f"Your seats stay on hold under reference {held['booking_id']} until {until} UTC; nobody else can "
                   "take them before then. Let me know if you would like to book them.")
        return True

    def _release_offered(self, p: Parsed, out: list[str]) -> bool:
        """A withdrawal said once the hold on the trip in hand is placed ("I've changed my mind, please don't",
        "actually, forget it", "wait, don't", "I don't want the hold after all"): it comes too late to stop the hold,
        so that is said, and its cancellation offered for its own yes (never "take your time" with the hold left
        unsaid, nor a booking offered). A new request ("forget the hold, just book it") is read as before."""
        held = self._held_trip()
        let_go = (bool(_LET_HOLD_GO.search(p.text)) and not _KEEPS_HOLD.search(p.text)  # "yes just bin it"
                  and not p.keep_booking)  # ("don't bin the hold": kept)
        if (held is None or not any(d["kind"] == "hold" and d["result"].get("booking_id") == held.get("booking_id")
                                    for d in self.done)):
            return False
        if p.dropped and p.booking_ids and held["booking_id"] not in p.booking_ids:
            return False  # "forget the hold, I'd rather change my booking BK... instead": that booking is taken up, and
            # the hold said to stay (_reply)
        if let_go and not p.card and not p.passport:
            pass  # the hold let go of in slang: its release is offered, whatever else the words look like
        elif ("?" in p.text or p.yes or p.accepts or self._changes(p) or _holds_details(p) or p.keep_booking
                # ("keep the hold, don't drop it", "on second thoughts don't bin the hold": kept, see _hold_kept)
                or p.has("book") or p.has("change") or p.has("goodbye")
                or not (p.abandon or p.drop_trip or (p.no and _WITHDRAWS.search(p.text)))):
            return False
        hid = held["booking_id"]
        until = str(held.get("expires_at", ""))[:16].replace("T", " ")
        said = (f"Your seats are already on hold under reference {hid}; nothing has been charged, and the hold lapses "
                f"by itself at {until} UTC if you do not book it. If you would rather release the seats now, I can "
                f"cancel the hold. Shall I cancel booking {hid}?")
        self.pending = {"tool": "cancel_booking", "args": {"booking_id": hid}, "kind": "cancel", "said": said}
        self.action, self.declined = "book", True  # a later bare yes books nothing unless a booking is proposed
        out.append(said)
        return True

    def _abandon(self, out: list[str]) -> None:
        """Drop what is being arranged (the trip searched, the booking looked up) and offer more help;
        the customer's name, the urgency and what was done stay."""
        held = self._held_trip()
        if self.mode in ("cancel", "change") and self.booking is not None:
            said = f"No problem, I have left booking {self.booking_id} as it is."
        elif held is not None:  # the hold placed a moment ago stays; "nothing has been held" would be false
            said = (f"No problem, I have stopped there. Your hold {held['booking_id']} stays in place until "
                    f"{str(held.get('expires_at', ''))[:16].replace('T', ' ')} UTC and lapses by itself if you do not "
                    "book it.")
        elif self.mode == "new" or self.legs:
            said = "No problem, I have stopped there; nothing has been booked or held."
        else:
            said = "No problem."
        for name in ("origin", "destination", "via", "date", "return_date", "passengers", "fare_class", "mode",
                     "booking_id", "booking", "awaiting", "change_date", "change_shift", "change_month"):
            setattr(self, name, None)
        self.action, self.legs, self.offered_dates, self.date_choices = "book", [], [], []
        self.offered_return = self.offered_retry = self.wants_return = False
        self.fix_of = None
        out.append(f"{said} Is there anything else I can help you with?")

    def _nothing_to_act_on(self, p: Parsed) -> str:
        """The reply to a message that asks for nothing the agent can act on: a greeting or a plea
        for help is welcomed, a general refund question answered, a mistyped booking reference
        questioned; only what cannot be read at all is 'not caught'."""
        offer = OFFER
        if p.has("refund") or CAPABILITY.search(p.text):  # "What can you do?"
            return f"{offer} What would you like to do?"
        if _MISTYPED_BOOKING.search(p.text):
            return ("I could not read a booking reference in that: it is BK followed by six letters or digits. "
                    "Could you check it?")
        if _WELCOME_CUE.search(p.text) or p.urgent:
            return f"Hello! How can I help you today? {offer}"
        return (f"Sorry, I did not quite catch that. {offer} Where would you like to fly, and on what date?")

    def _read_day_of_month(self, p: Parsed) -> None:
        """A day without its month ("the 12th") is a date when a date is what the agent asked for, or
        when it is not a pick among listed options: in the month of the date under discussion (the
        outbound date for a return), else of today, moved to the next month when that day has passed."""
        if p.day_of_month is None or p.dates:
            return
        if (self.offered_dates and (p.day_of_month <= len(self.offered_dates)
                                    or any(int(d[8:]) == p.day_of_month for d in self.offered_dates))):
            return  # "ok the 1st then" picks one of the dates just listed (_offered_date)
        if self.date_choices and isinstance(p.selection, int) and p.selection < len(self.date_choices):
            return  # "1st" to "by 10/12 do you mean 10 December or 12 October?": the first reading (_pick_date_reading)
        asked = self.awaiting in ("date", "return_date", "leg2_date") or self.offered_retry
        if p.selection is not None and not asked:
            return
        # "how much with a return on the 20th?", "what if we come back on the 20th" while a one-way trip is planned:
        # the day of the flight back, on or after the outbound's (never the outbound moved to it)
        back = (self.mode == "new" and bool(self.date) and self.awaiting not in ("date", "leg2_date")
                and not p.return_date and _RETURN_LEG.search(p.text) is not None and not _OUTBOUND_LEG.search(p.text))
        floor = (Date.fromisoformat(self.date) if (self.awaiting in ("return_date", "leg2_date") or back) and self.date
                 else NOW.date())
        ref = Date.fromisoformat(self.date) if self.date else floor
        if not self.date and self.booking is not None and (booked := self._booking_date()) and \
                (self.mode in ("cancel", "change") or p.has("change")):
            ref = Date.fromisoformat(booked)  # "rebook me on the 25th" about a booking on Nov 24: Nov 25
            ref = Date(ref.year, ref.month, 1)
        month = p.month_named or (self.change_month if self.mode == "change" and self.awaiting == "date" else None)
        if month:  # "mid may, like the 16th": in the month named, its next one on or after the floor; "the 31st"
            # after "push it back to end of july" (a change): in July
            ref = Date(floor.year + (1 if month < floor.month else 0), month, 1)
        day = day_of_month_from(p.day_of_month, ref.year, ref.month, floor)  # the next month that has the day
        if p.pay_day_of_month and (paid := day_of_month_from(p.day_of_month, NOW.year, NOW.month, NOW.date())):
            p.pay_dates = [paid.isoformat()]  # a pay day is counted from today ("I get paid on the 5th")
            day = paid
        if day is not None and back:
            p.return_date, p.dates, p.selection = day.isoformat(), [day.isoformat()], None
        elif day is not None:
            p.date, p.dates, p.selection = day.isoformat(), [day.isoformat()], None

    def _reverse_route_as_return(self, p: Parsed) -> None:
        """The trip in hand's own route said back to front with a later day, as more of it ("could you also add a
        return from Miami on June 3?", "also look at Miami back to Chicago on June 3", "also Miami to Chicago June 3
        please"): the flight back, on that day; never the outbound turned round (nor "the airports are the same")."""
        if not (self.mode in (None, "new") and self.origin and self.destination and self.date and not self.return_date
                and not self.via and len(p.dates) == 1 and (p.dates[0] > self.date or p.has("round_trip")) and p.places
                and p.origin in (None, self.destination) and p.destination in (None, self.origin)
                and (p.origin or p.destination) and {pl.iata for pl in p.places} <= {self.origin, self.destination}
                and (p.has("round_trip") or _ALSO_BACK.search(p.text))):
            return
        p.return_date, p.date, p.dates = p.dates[0], None, [p.dates[0]]
        p.places, p.origin, p.destination = [], None, None

    def _compared_days(self) -> list[str]:
        """The two days last compared, while the trip is still that route with one leg; [] otherwise."""
        if not (self.compared and self.mode in (None, "new") and len(self.legs) == 1
                and (self.legs[0]["origin"], self.legs[0]["destination"]) == self.compared[:2]):
            return []
        return self.compared[2]

    def _compared_month(self, p: Parsed) -> None:
        """"June then" after two days were compared, one of them in June: that day (not a pick among the
        flights of the day listed now)."""
        if p.dates or not p.month_named or p.day_of_month is not None:
            return
        days = [d for d in self._compared_days() if int(d[5:7]) == p.month_named]
        if len(days) == 1:
            p.date, p.dates = days[0], [days[0]]

    def _day_compare_answer(self) -> str | None:
        """"which is cheaper?" after two days were compared: the lowest fare each day for the whole party."""
        days = self._compared_days()
        if not days:
            return None
        o, d = self.compared[0], self.compared[1]
        lows = [(day, self.day_lows.get((o, d, day))) for day in days]
        said = "; ".join(f"on {day} the lowest fare with seats for {self._party()} is {money(low)} per seat"
                         if low is not None else f"on {day} no flight has seats for {self._party()}" for day, low in lows)
        priced = [(low, day) for day, low in lows if low is not None]
        if len(priced) == 2 and priced[0][0] != priced[1][0]:
            said += f", so {min(priced)[1]} is the cheaper day"
        elif len(priced) == 1:
            said += f", so only {priced[0][1]} works for your party"
        return said[0].upper() + said[1:] + "."

    def _party(self) -> str:
        n = self.passengers or 1
        return "you" if n == 1 else f"all {n} of you"

    def _booking_date(self) -> str | None:
        """The departure date of the looked-up booking's first flight."""
        fids = (self.booking or {}).get("itinerary") or []
        f = self.db.flights.get(fids[0]) if fids else None
        return f.departure_time[:10] if f is not None else None

    @staticmethod
    def _both_meant(text: str) -> str:
        """The words of ``text`` that could say "both" of the flights: not the party ("for both of us"), not a pick
        among the options ("the cheapest of all of them", "the cheaper one of both"), not what a "no wait" took back
        ("book it for both of those dates? no wait just the cheaper one")."""
        text = _BOTH_PEOPLE.sub(" ", _ONE_OF_ALL.sub(" ", text))
        backs = [m for m in _TAKEN_BACK_BOTH.finditer(text) if re.search(r"\b(?:both|all|each)\b", text[:m.start()], re.I)]
        return text[backs[-1].end():] if backs else text

    def _date_is_outbounds(self, p: Parsed) -> bool:
        """Whether the outbound is named in the same clause as the date: "move the outbound to the 12th" is the
        outbound's date; "jan 11 back then. take the outbound one" and "jan 11 return, keep the outbound" keep the
        outbound and give the return's date."""
        if not _OUTBOUND_LEG.search(p.text):
            return False
        clauses = [c for c in re.split(r"[.;!?,]+", p.text) if c.strip()]
        dated = [c for c in clauses if parse(c, self.db).dates]
        return not dated or any(_OUTBOUND_LEG.search(c) for c in dated)

    def _apply_shift(self, p: Parsed) -> None:
        """ "A day later", "push it back a week": the date in hand moved (the booking's for a change,
        the trip's while one is planned); kept until the booking is looked up when it is not yet."""
        changing = self.mode == "change" or p.has("change")
        if p.weekday_after is not None and changing and self.booking is not None and (start := self._booking_date()):
            self._weekday_after(p, start)
        if (p.around_days and self.mode == "new" and self.legs and not all(leg.get("choice") for leg in self.legs)
                and not p.others_day):
            p.shift_days = None  # "or the day before/after?" over a listing: those days checked beside it (_listing_retry)
        if p.shift_days is None or p.dates:
            return
        if (self.mode == "new" and self.return_date and (
                (_RETURN_LEG.search(p.text) and not _OUTBOUND_LEG.search(p.text))
                or (not self.via and self._leg_moved(p, 2) == 1))):  # "push the 2nd leg back a day": the return
            p.return_date = _moved(self.return_date, p.shift_days)  # "for the return, a day later"
            p.dates = [p.return_date]
            return
        if self.mode == "new" and self.via and self.date and self._leg_moved(p, 2) == 1:
            p.leg2_date = _moved(self.leg2_date or self.date, p.shift_days)  # "the next day for the 2nd leg"
            p.dates = [p.leg2_date]
            return
        base = self._booking_date() if changing and self.booking is not None else (
            self.date if self.mode == "new" and self.date else None)
        if (self.mode == "change" and len(self.legs) == 1 and self.legs[0].get("for_change") and self.legs[0].get("shown")
                and self.legs[0].get("date")):
            # (fix44h) "try a day later", "yes but the following day" once a new day is listed or summarised for the
            # change: moved from that day (the one in hand), not from the booking's own
            base = self.legs[0]["date"]
        if base is None:
            if changing:
                self.change_shift = p.shift_days
            return
        p.date = _moved(base, p.shift_days)
        p.dates = [p.date]

    def _leg_moved(self, p: Parsed, count: int) -> int | None:
        """The one leg of a booked trip of ``count`` flights that a change names ("the second flight", "the 2nd
        leg", "the return", "the outbound"): its index; None when both or neither are named (the whole trip moves)."""
        if count < 2:
            return None
        # "change the outbound flight, keep the return": the leg kept is not the one moved
        kept = [m.group("leg") for m in _KEEP_LEG.finditer(p.text)]
        text = _KEEP_LEG.sub(" ", p.text)
        nth = {m.group(1).lower() if m.group(1) else m.group(2) for m in _NTH_LEG.finditer(text)}
        later = bool(_RETURN_LEG.search(text)) or bool(nth & {"second", "2nd", "2", "last"})
        first = bool(_OUTBOUND_LEG.search(text)) or bool(nth & {"first", "1st", "1"})
        if re.search(r"\b(?:both|all|whole|entire)\b", text, re.I):
            return None
        if not later and not first and len(kept) == 1 and count == 2:  # "keep the return, move the rest": the other
            back = bool(re.search(r"\b(?:return|inbound|homeward|back|home|second|2nd|last|final|2)\b", kept[0], re.I))
            out = bool(re.search(r"\b(?:outbound|outgoing|onward|out|there|first|1st|1)\b", kept[0], re.I))
            return 0 if back and not out else 1 if out and not back else None
        if later == first:
            return None
        return count - 1 if later else 0

    def _weekday_after(self, p: Parsed, start: str) -> None:
        """A weekday said relative to the booked date ``start`` in a change: "the following Thursday" is the first
        Thursday after it, never this week's; "one day later, the Thursday" is the shifted date when it is a
        Thursday, and no date (asked) when the two do not agree."""
        base = Date.fromisoformat(start)
        if p.shift_days is not None:
            d = base + timedelta(days=p.shift_days)
            d = d if d.weekday() == p.weekday_after else None
        else:
            d = base + timedelta(days=(p.weekday_after - base.weekday()) % 7 or 7)
        if p.date is not None:  # the coming weekday, kept before the booking was in hand, is not the date meant
            self.date = None if self.date == p.date else self.date
            self.change_date = None if self.change_date == p.date else self.change_date
        p.date = d.isoformat() if d else None
        p.dates = [p.date] if d else []
        p.weekday_after, p.shift_days = None, None

    def _pending_answer(self, p: Parsed, pend: dict[str, Any]) -> str | None:
        """The answer to a question asked with a deferral of what is pending ("Wait, not yet. How
        much is that in total?"), about the pending booking or flight; None when there is none."""
        parts: list[str] = []
        if pend["kind"] == "cancel" and self.booking is not None:
            if p.has("refund"):
                parts.append(self._refund_sentence(self.booking))
            if p.has("price") or p.has("details") or p.has("status"):
                parts.append(self._booking_text(self.booking))
            if _COST_OF_IT.search(p.text) and not p.has("refund"):
                # "what would it cost me?" at "Shall I cancel ...?": what cancelling costs, not what was paid
                parts = [("Cancelling it costs you nothing: a hold was never charged." if self.booking.get("status") == "held"
                          else "There is no fee to cancel. " + self._refund_sentence(self.booking))]
            elif p.has("price") and isinstance(self.booking.get("price_usd"), (int, float)):
                parts.append(f"Its total price was {money(float(self.booking['price_usd']))}.")
        else:
            if p.has("price") and not p.has("currency"):  # the summary stated the count: no question about it here
                parts.append(self._price_answer().replace(" How many passengers will be travelling?", ""))
            if p.has("refund") or p.has("details") or p.has("availability"):
                parts += [self._flight_text(f, with_rules=True) for f in self._context_flights()]
        if p.has("currency"):
            parts.append(self._currency_answer(p))
        if p.has("fare_code"):
            parts.append(self._fare_code_answer())
        if p.has("tools"):
            parts.append(self._tools_answer())
        return " ".join(parts) or None

    @staticmethod
    def _if_kept(b: dict[str, Any]) -> str:
        """What happens to booking ``b`` if it is not cancelled, from its status as looked up: a hold lapses
        by itself, uncharged; a confirmed booking stays as it is."""
        if b.get("status") == "held":
            until = str(b.get("expires_at") or "")[:16].replace("T", " ")
            return ("If you don't cancel it, the hold simply lapses" + (f" at {until} UTC" if until else "") +
                    " unless you book it; a hold is never charged.")
        return (f"If you don't cancel it, booking {b.get('booking_id')} stays {b.get('status') or 'as it is'}, with "
                "nothing charged or refunded, and you can travel on it as booked.")

    def _refund_sentence(self, b: dict[str, Any]) -> str:
        if b.get("status") == "held":
            return "It is a hold, which was never charged, so there is nothing to refund."
        refund = all(self.db.flights[f].refundability == "refundable" for f in b["itinerary"] if f in self.db.flights)
        return ("The fare is refundable, so you would get a full refund." if refund
                else "The fare is non-refundable, so no refund would be due.")

    def _pick_date_reading(self, p: Parsed) -> None:
        """After "Do you mean 8 July 2026 or 7 August 2026?": "the first", "August", "the second one"."""
        choices, self.date_choices = self.date_choices, []
        if not choices or (p.dates and not (len(p.dates) == 1 and p.dates[0] in choices)):
            return
        month = [c for c in choices if re.search(rf"\b{Date.fromisoformat(c):%B}\b|\b{Date.fromisoformat(c):%b}\b",
                                                   p.text, re.I)]
        if p.dates:  # "6 Dec": one of the readings, said in full
            pick = p.dates[0]
        elif len(month) == 1:
            pick = month[0]
        elif isinstance(p.selection, int) and p.selection < len(choices):
            pick = choices[p.selection]
        else:
            return
        if self.awaiting == "return_date" and self.date and self.mode in (None, "new") and pick > self.date:
            p.return_date, p.date, p.dates, p.selection = pick, None, [pick], None  # the return date asked about
            return
        p.date, p.dates, p.selection = pick, [pick], None

    def _second_leg_by_place(self, p: Parsed) -> None:
        """A listed connection's second leg named by its own cities ("what about a later one from Frankfurt?",
        "anything leaving Frankfurt later?", "Frankfurt to Dallas later that day?"): a question about that leg of the
        trip in hand, never a new one-way trip of the second leg alone (which would book the second leg without the
        first). A later flight asked that way is answered from the second leg's list (``_later_second_leg``)."""
        self.leg2_later_asked = False
        if (self.mode != "new" or len(self.legs) != 2 or self.legs[1]["label"] != "second leg" or not p.places
                or not all(leg.get("shown") for leg in self.legs) or p.via or p.flight_ids or p.booking_ids):
            return
        via, end = self.legs[1]["origin"], self.legs[1]["destination"]
        if (any(x.iata not in (via, end) for x in p.places) or via not in {x.iata for x in p.places}
                or p.origin not in (None, via) or p.destination not in (None, end)
                or any(d != self.legs[1]["date"] for d in p.dates)
                or _LEG2_ALONE.search(p.text)):  # "just Frankfurt to Dallas, I'm already there": a trip of its own
            return
        p.places, p.origin, p.destination, p.dates, p.date = [], None, None, [], None
        self.leg2_later_asked = bool(_LATER_ASKED.search(p.text))

    def _later_second_leg(self) -> str:
        """The listed second-leg flights that leave late enough after the first leg's pick (or its earliest landing),
        with the one-cabin rule when none of them is in the first leg's cabin."""
        first, second = self.legs
        picked = first.get("choice")
        lands = min(parse_time(f["arrival_time"]) for f in ([picked] if picked else
                    [f for f in first["flights"] if f["flight_id"] in first["shown"]]))
        later = [f for f in second["flights"] if f["flight_id"] in second["shown"] and f["status"] == "scheduled"
                 and f["seats_available"] >= (self.passengers or 1)
                 and parse_time(f["departure_time"]) - lands >= MIN_CONNECTION]
        if not later:
            return ("No listed flight for the second leg leaves late enough after the first leg lands. "
                    + self._connection_answer())
        after = f"after {picked['flight_id']} lands" if picked else "after the first leg lands"
        said = ", ".join(f"{f['flight_id']} departing {f['departure_time'][11:16]} ({f['public_cabin']})" for f in later)
        out = f"For the second leg, these leave at least {MIN_CONNECTION_MINUTES} minutes {after}: {said}."
        if picked and not any(f["fare_class"] == picked["fare_class"] for f in later):
            out += (f" None of them is in {picked['public_cabin']}, and all flights in one booking must be in the same "
                    "cabin, so another date, or both legs in another cabin, may work.")
        return out

    def _legs_picked_by_place(self, p: Parsed) -> None:
        """"SA3350 into Dubai and then SA4491 onwards", "the 5:10 to Dubai, then the 12:00 to SF": flights picked from
        a listed connection, told apart by the trip's own stops, are picks, never a new route searched for one leg;
        picks by time in two parts are one pick for each leg, in order (as "2 then 1" is)."""
        ends = {x for leg in self.legs for x in (leg["origin"], leg["destination"])}
        if (self.mode != "new" or len(self.legs) != 2 or not all(leg.get("shown") for leg in self.legs) or not p.places
                or any(x.iata not in ends for x in p.places) or not (p.flight_ids or p.selection is not None)):
            return
        p.places, p.origin, p.destination, p.via = [], None, None, None
        parts = [x for x in re.split(r"\b(?:and\s+)?then\b|,\s*and\b|;", p.text, flags=re.I) if x.strip()]
        if p.flight_ids or len(parts) != 2 or any(leg.get("choice") for leg in self.legs):
            return
        halves = [parse(x, self.db) for x in parts]
        if all(q.selection is not None and not q.flight_ids for q in halves):
            got = [self._select(k, q.selection, q) for k, q in enumerate(halves)]
            if all(got):
                p.pair_pick, p.selection = (self._shown(0).index(got[0]), self._shown(1).index(got[1])), None

    def _legs_picked_by_time(self, p: Parsed) -> None:
        """ "the 8am going and the 10:30 business coming back", "0740 outbound and 1200 return", "8:00 out, 10:30
        back, business both ways": a departure time for each of two listed legs (in order, or told apart by "back" /
        "return") is a pick for each leg, as "2 then 1" is; a cabin said with one time narrows that leg's flights, a
        cabin said on its own both."""
        if (self.mode != "new" or len(self.legs) != 2 or not all(leg.get("shown") for leg in self.legs)
                or any(leg.get("choice") for leg in self.legs) or p.flight_ids or p.pair_pick or p.places or p.dates):
            return
        timed: list[tuple[bool, Parsed]] = []
        cabins = set()
        for part in re.split(r",|;|\band\b|\bthen\b", p.text, flags=re.I):
            back = bool(_BACK_LEG.search(part))
            bare = re.sub(r"\b([01]\d|2[0-3])([0-5]\d)\b", r"\1:\2", _LEG_WORDS.sub(" ", part))  # "0740": 07:40
            if not bare.strip(" .!"):
                continue
            q = parse(bare, self.db)
            if q.selection is None and q.fare_class:
                cabins.add(q.fare_class)  # "business both ways"
            elif isinstance(q.selection, str) and q.selection.startswith(("at ", "part ")):
                timed.append((back, q))
            elif q.selection is not None or q.flight_ids:
                return  # something else picked in a part: read as before
        if len(timed) != 2 or len(cabins) > 1 or timed[0][0] and timed[1][0]:
            return
        if timed[0][0]:
            timed.reverse()  # "the 10:30 back and the 8am out"
        got = []
        for k, (_, q) in enumerate(timed):
            q.fare_class = q.fare_class or next(iter(cabins), None)
            got.append(self._select(k, q.selection, q))
        if all(got):
            p.pair_pick, p.selection = (self._shown(0).index(got[0]), self._shown(1).index(got[1])), None
            if any(f["fare_class"] != p.fare_class for f in got):
                p.fare_class = None  # the cabin said with one time only has picked that leg's flight

    def _leg_pick(self, part: str, cabin: bool = False) -> tuple[int | str | None, Parsed]:
        """The option ``part`` picks ("first", "option 2", "1", "the morning one"; with ``cabin``, "business"), and
        its reading."""
        q = parse(re.sub(r"\bones\b", "one", part), self.db)
        if q.selection is None and (m := _BARE_OPTION.fullmatch(part)):
            return int(m.group(1)) - 1, q
        if (cabin and q.selection is None and q.fare_class
                and not (q.flight_ids or q.places or q.dates or q.passengers)):
            return q.fare_class, q  # "business class for both flights": that cabin's listed flight (a cabin for each
            # leg apart, "premium for leg 1 and economy for leg 2", is a mix of cabins, answered as such)
        return q.selection, q

    def _why_no_pick(self, k: int, sel: int | str, q: Parsed) -> str:
        """Why a pick said for leg ``k`` names no one listed flight (right after ``_select``): the options it fits,
        or that it fits none; said, and that leg asked again."""
        leg, shown = self.legs[k], self._shown(k)
        label = leg["label"] or "trip"
        if isinstance(sel, int):
            return f"There is no option {sel + 1} for the {label}: the options are 1 to {len(shown)}."
        if isinstance(sel, str) and sel.startswith("part "):
            lo, hi = _DAY_PARTS[sel[5:]]
            cands = [x for x in shown if lo <= x["departure_time"][11:16] < hi]
            return (f"Several {sel[5:]} flights are listed for the {label}: " + " or ".join(
                self._option_words(shown, x) for x in cands) + "." if cands else
                    f"None of the flights listed for the {label} leaves in the {sel[5:]}.")
        if self._tied:
            return (f"More than one option fits that for the {label}: " +
                    " or ".join(self._option_words(shown, x) for x in self._tied) + ".")
        return f"I could not match that to one of the options for the {label}."

    def _legs_picked_each(self, p: Parsed) -> None:
        """A pick for each of two listed legs in one message: said apart with the leg it is for ("outbound 1, return
        1", "first outbound, first return", "option 2 out and option 1 back", "first leg option 3, second leg option
        2"), read into ``_leg_picks`` (a pick that fits no one flight is said, and that leg asked again, never
        guessed); or one pick said for both ("1 for both", "both option 3", "the morning ones for both", "business
        class for both flights"), read as that pick on each leg (``_each_leg``, _selection). "For both of us" is
        the party, not the legs; a single pick picks the next leg as before."""
        self._each_leg, self._leg_picks = False, []
        if (self.mode != "new" or len(self.legs) != 2 or self.pending is not None
                or not all(leg.get("shown") for leg in self.legs) or any(leg.get("choice") for leg in self.legs)
                or p.flight_ids or p.pair_pick or p.places or p.dates):
            return
        text = _BOTH_PEOPLE.sub(" ", p.text)
        if _BOTH_LEGS.search(text) or re.match(r"\W*both\b", text, re.I):
            bare = _EACH_LEG.sub(" ", _LEG_OF_PICK.sub(" ", text)).strip(" ,.;!")
            sel = self._leg_pick(bare, cabin=True)[0] if bare else None
            if sel is not None and not (isinstance(sel, str) and sel.startswith("at ")):
                p.selection, p.number, self._each_leg = p.selection if p.selection is not None else sel, None, True
            return
        round_trip = self.legs[1]["label"] == "return"
        said: list[tuple[int | None, int | str, Parsed]] = []
        for part in re.split(r",|;|&|/|\band\b|\bthen\b", p.text, flags=re.I):
            legs = {0 if (m.group("nth") or m.group("num") or "").lower() in ("first", "1st", "1") or m.group("out")
                    else 1 for m in _LEG_OF_PICK.finditer(part) if m.group("nth") or m.group("num") or round_trip}
            sel, q = self._leg_pick(_LEG_OF_PICK.sub(" ", part).strip() if legs else part.strip())
            if sel is None or (isinstance(sel, str) and sel.startswith("at ")) or len(legs) > 1:
                if legs:  # a leg said with no pick that reads, a time (_legs_picked_by_time), or two legs in one
                    return  # part ("the outbound one back"): read as before
                continue
            said.append((next(iter(legs), None), sel, q))
        if len(said) != 2 or all(k is None for k, _, _ in said):
            return  # one pick, or "2 then 1" (a pair in order: _PAIR_PICK)
        ks = [k if k is not None else 1 - next(j for j, _, _ in said if j is not None) for k, _, _ in said]
        if ks[0] == ks[1]:
            return  # "outbound 1, outbound 2": not one pick for each leg
        for k, (_, sel, q) in sorted(zip(ks, said), key=lambda x: x[0]):
            q.fare_class = q.fare_class or p.fare_class
            f = self._select(k, sel, q)
            self._leg_picks.append((k, f, None if f is not None else self._why_no_pick(k, sel, q)))
        p.selection, p.number = None, None
        if p.fare_class and any(f is not None and f["fare_class"] != p.fare_class for _, f, _ in self._leg_picks):
            p.fare_class = None  # the cabin said with one leg's pick only

    def _leg_said(self, text: str) -> int | None:
        """The one leg of the trip in hand that the leg words of ``text`` name (_LEG_OF_PICK: "return", "way back",
        "outbound", "second leg", "leg 2"; "back", "out" only on a round trip); None for none, or for two."""
        round_trip = len(self.legs) == 2 and self.legs[1]["label"] == "return"
        said = set()
        for m in _LEG_OF_PICK.finditer(text):
            nth = (m.group("nth") or m.group("num") or "").lower()
            if nth:
                said.add(0 if nth in ("first", "1st", "1") else 1)
            elif round_trip:
                said.add(0 if m.group("out") else 1)
        return next(iter(said)) if len(said) == 1 else None

    def _leg_pick_fixed(self, p: Parsed) -> str | None:
        """One leg's pick turned down at a round trip's summary (or once both are picked), with or without another
        named: "not the return option 2, option 3", "for the return, not option 2 but option 1", "return: not 2, 1",
        "i dont want return option 2, i want option 1", "the return should be option 1 not option 2", "return option
        1 instead of 2", "no, not SA7881 on the way back, make it SA7513", "not that return, option 3". The pick named
        instead is read as "change the <leg> to option N" (the text returned, proposed again for its own yes); with
        none named, or one that leg does not list, the question which is returned (led by "?") and nothing stays
        proposed. Never the turned-down flight kept, nor the leg dropped."""
        pend = self.pending
        if (self.mode != "new" or len(self.legs) != 2 or self.legs[1].get("label") != "return"
                or not all(leg.get("shown") for leg in self.legs)
                or (pend is not None and pend["kind"] not in ("book", "hold"))
                or (pend is None and not any(leg.get("choice") for leg in self.legs))
                or p.booking_ids or p.places or p.dates):
            return None
        text = self._message.replace("\u2019", "'")  # as said (the parse may have cut a self-correction)
        if _BOTH_LEGS.search(text):
            return None
        refs = list(_PICK_REF.finditer(text))
        negs = list(_PICK_NEGATION.finditer(text))
        if not (refs or _LEG_PICK_REJECTED.search(text)) or not (negs or _LEG_TURNED_DOWN.search(text)):
            return None  # ("not the return" alone drops the return: _drop_return)
        k = self._leg_said(_PICK_REF.sub(lambda m: m.group(0) if m.group("ord") else " ", text))
        shown_of = [self._shown(j) for j in range(2)]

        def flight_of(j: int, m: re.Match) -> dict[str, Any] | None | str:
            fid = m.group("fid")
            if fid:
                return next((x for x in shown_of[j] if x["flight_id"].upper() == fid.upper()), None)
            n = _ORDINALS.get((m.group("ord") or "").lower()) or int(m.group("num") or m.group("num2") or m.group("bare")
                                                                      or 0)
            if not n:
                return None
            return shown_of[j][n - 1] if 0 < n <= len(shown_of[j]) else f"no option {n}"

        # each reference turned down or wanted: turned down when a negation stands between it and the reference
        # (or clause start) before it ("not the return option 2, option 3"), or "instead of" / "rather than" does
        marks: list[tuple[re.Match, bool]] = []
        last_end = 0
        for m in refs:
            gap = re.split(r"[,;.!?\u2014\u2013]|\s-\s", text[last_end:m.start()])[-1]  # ("not that return, option 3")
            marks.append((m, bool(_PICK_NEGATION.search(gap))))
            last_end = m.end()
        if k is None:  # no leg named: the leg whose chosen flight is the one turned down, when only one has it
            downs = [m for m, neg in marks if neg]
            hits = {j for j in range(2) for m in downs if self.legs[j].get("choice") and isinstance(
                x := flight_of(j, m), dict) and x["flight_id"] == self.legs[j]["choice"]["flight_id"]}
            if len(hits) != 1 or not all(leg.get("choice") for leg in self.legs):
                return None  # (a leg still open: "not option 1" is of that leg, _turned_down_option)
            k = hits.pop()
        leg_word = "outbound" if k == 0 else "return"
        chosen = self.legs[k].get("choice")
        down = [flight_of(k, m) for m, neg in marks if neg]
        wanted = [(m, flight_of(k, m)) for m, neg in marks if not neg]
        if not down and not _LEG_TURNED_DOWN.search(text):
            return None  # nothing turned down ("return option 1 pls"): read as it is
        down_ids = {x["flight_id"] for x in down if isinstance(x, dict)} | ({chosen["flight_id"]} if chosen and (
            _LEG_TURNED_DOWN.search(text) or not down) else set())
        wanted = [(m, x) for m, x in wanted if not (isinstance(x, dict) and x["flight_id"] in down_ids)]
        if wanted:
            m, x = wanted[-1]
            if isinstance(x, dict):
                return f"change the {leg_word} to option {shown_of[k].index(x) + 1}"
            self.pending, self.legs[k]["choice"] = None, None
            shown = shown_of[k]
            said = x if isinstance(x, str) else f"no flight {m.group(0)}"
            open_ = [f for f in shown if f["flight_id"] not in down_ids and f["status"] == "scheduled"
                     and f["seats_available"] >= (self.passengers or 1)]
            head = f"?There is {said} for the {leg_word}: the options are 1 to {len(shown)}. Nothing has been booked. "
            if not open_:  # no other bookable flight on that leg: what can be done instead asked
                was = f"{', '.join(sorted(down_ids))} after all, " if down_ids else ""
                return (head + f"No other {leg_word} flight listed has seats. Would you like {was}a {leg_word} on "
                        f"another date, or the {'return' if k == 0 else 'outbound'} flight only?")
            return (head + f"Which {leg_word} flight would you like instead"
                    + (f" of {', '.join(sorted(down_ids))}" if down_ids else "") + ": "
                    + " or ".join(self._option_words(shown, f) for f in open_) + "?")
        need = self.passengers or 1
        others = [f for f in shown_of[k] if f["flight_id"] not in down_ids]
        others = [f for f in others if f["status"] == "scheduled" and f["seats_available"] >= need] or others
        if not down_ids or not others:
            return None
        if len(others) == 1:
            return f"change the {leg_word} to option {shown_of[k].index(others[0]) + 1}"
        self.pending, self.legs[k]["choice"] = None, None
        return (f"?Understood, not {', '.join(sorted(down_ids))} for the {leg_word}. Nothing has been booked. Which "
                f"{leg_word} flight would you like instead: "
                + " or ".join(self._option_words(shown_of[k], f) for f in others) + "?")

    def _leg_named_pick(self, p: Parsed) -> None:
        """One pick said for a named leg while two are listed: "return: option 1", "1 for the return please", "way
        back: the first one", "inbound #2", "outbound 3", "second leg option 1": that leg's option (``_pick_leg``,
        read by _selection), never the first leg still open. The rest of the message must be the pick alone, so that
        "option 1, I'll think about the way back later" still picks for the outbound."""
        self._pick_leg = None
        if (self.mode != "new" or len(self.legs) < 2 or self.pending is not None or self._leg_picks or self._each_leg
                or p.pair_pick or p.flight_ids or p.places or p.dates or "?" in p.text or p.asked_option is not None
                or not all(leg.get("shown") for leg in self.legs) or _BOTH_LEGS.search(_BOTH_PEOPLE.sub(" ", p.text))):
            return
        k = self._leg_said(p.text)
        if k is None or self.legs[k].get("choice"):
            return
        bare = re.sub(r"\b(?:for|on|the|please|pls|plz|thanks|thank you|then|i'?ll take|i'?d like|i want|we'?ll take|"
                      r"go with|take|let'?s do)\b", " ", _LEG_OF_PICK.sub(" ", p.text), flags=re.I)
        bare = re.sub(r"(?:[\s,;!\-\u2013\u2014]|(?<!\d)[:.]|[:.](?!\d))+", " ", bare).strip()  # ("the 6:10 one" kept)
        if not bare or len(bare.split()) > 4:
            return
        sel, q = self._leg_pick(bare)
        if sel is None or (isinstance(sel, str) and sel.startswith("at ") and not re.search(r"\d", bare)):
            return
        p.selection, p.number, self._pick_leg = sel, None, k
        p.fare_class = p.fare_class or q.fare_class

    def _unclear_count_or_date(self, p: Parsed) -> str | None:
        """A change of the passenger count is read against the count in hand ("one more passenger":
        that count + 1; "my son is coming too" with no count yet: 2) into ``p.passengers``; the
        question to ask when the new count is not known ("my parents are coming too", "one more"
        with no count yet), or when a numeric date reads two ways ("08/07/2026")."""
        if (self.mode == "new" and self.passengers and p.passengers and p.passengers != self.passengers
                and (p.first_name or p.last_name) and p.pax_change is None and not (p.split_now or p.recount or p.number)
                and not _STATED_TOTAL.search(p.text) and self._total_said(self.passengers)):
            # "We are 6" ... "Liam Walsh - travelling with my brother Sean Walsh": a name answer whose companions
            # make another count than the one typed before; asked, never changed in silence
            said, named = self.passengers, p.passengers
            p.passengers = None
            self.awaiting = "passengers"
            return (f"Just to check the number of travellers: you told me {pax_words(said)} before, and your message "
                    f"names {pax_words(named)}. How many passengers will be travelling in total?")
        if (p.pax_joining and p.pax_change == 1 and not p.passengers and (self.passengers or 0) > 1
                and self.mode == "new" and (self._kin_said_before(p.pax_kin) or p.pax_alongside
                                            or ((p.first_name or p.last_name) and self.pending is None))):
            # "2 ppl" ... "its diego walsh, my brother is coming too"; "me and my brother" ... "my brother is
            # coming too": one of those already counted, not one more; "for 2 passengers" ... "my wife will be
            # travelling with me": the wife is the other of the two
            p.pax_change, p.pax_joining = None, False
        if (not p.passengers and p.pax_change is not None and self.booking is None
                and (p.booking_ids or self.booking_id)
                and (p.has("change") or p.has("cancel") or self.mode == "change" or p.part_of_party
                     or (p.booking_ids and p.pax_change != 0) or (p.pax_joining and self.mode != "new"))):
            # ("BK..., Nguyen. Drop one passenger please": a count change said with a reference is about that booking)
            # ("BK..., Khan. can you book 1 more seat on that flight for my mum": the booking is looked up and a
            # separate booking offered for the one added, never a count for the whole party asked and booked anew)
            return None  # "BK... my wife is coming too, move it to ...": read against the booking once looked up
            # ("BK..., is it still on? my mum wants to come too": a separate booking for her, _joining_looked_up)
            # ("BK..., my wife can't come, take her off": the booking is looked up and the honest answer given)
        if not p.passengers and (p.pax_change is not None or p.pax_more):
            base = self.passengers or (int(self.booking.get("passengers", 0)) or None if self.booking else None)
            if p.pax_change is not None and base:
                new = base + p.pax_change
            elif p.pax_change is not None and p.pax_joining:
                new = 1 + p.pax_change  # the customer and who joins them
            else:
                new = 0
            if new >= 1:
                p.passengers = new
            else:
                self.awaiting = "passengers"
                return "How many passengers will be travelling in total?"
        if p.return_readings and not p.return_date:
            self.return_choices = p.return_readings  # asked after the outbound date, or now when that is clear
        if p.date_readings and not p.date:
            raw, readings = p.date_readings
            self.date_choices = readings
            self.awaiting = "return_date" if self.awaiting == "return_date" and not p.return_readings else "date"
            if (p.has("change") or _CHANGE_LATER.search(p.text)) and (p.booking_ids or self.booking_id) and self.mode != "new":
                self.mode = "change"  # "change BK... to 9/1?": the change waits for the date, with its booking
            first, second = (Date.fromisoformat(x) for x in readings)
            return (f"Just to be sure of the date: by {raw} do you mean {first.day} {first:%B %Y} or "
                    f"{second.day} {second:%B %Y}?")
        if self.return_choices and (p.return_date or p.has("one_way") or self.mode not in (None, "new")):
            self.return_choices = None  # the return said another way, or no return after all
        if self.return_choices and (p.date or self.date):
            (raw, readings), self.return_choices = self.return_choices, None
            if p.date:  # the outbound date is kept as such (_absorb would read it as the return date asked now)
                self.date, p.date, p.dates = p.date, None, []
            self.date_choices, self.awaiting = readings, "return_date"
            first, second = (Date.fromisoformat(x) for x in readings)
            return (f"And for the return, by {raw} do you mean {first.day} {first:%B %Y} or "
                    f"{second.day} {second:%B %Y}?")
        return None

    def _kin_said_before(self, kin: str | None) -> bool:
        """Whether the customer named this companion before ("me and my brother"), in an earlier message."""
        if not kin:
            return False
        stem = re.escape(kin.rstrip("s")) if len(kin) > 3 else re.escape(kin)
        return bool(re.search(r"\b" + stem + r"s?\b", self._said_before, re.I))

    def _listing_retry(self, turn, p: Parsed, out: list[str], retry: bool) -> bool:
        """Flights are listed and none is chosen yet, and the customer asks for something else without
        saying what: "the day after" searches the next day (below, in ``_new_flow``); "another
        date" / "other flights" asks which date to try. True when this turn's reply is said here."""
        listing = (self.mode == "new" and bool(self.legs) and any(leg.get("shown") for leg in self.legs)
                   and not all(leg.get("choice") for leg in self.legs))
        if (p.around_days and self.date and not p.others_day and self.mode == "new" and self.legs
                and not all(leg.get("choice") for leg in self.legs) and not (p.dates or p.booking_ids or p.flight_ids
                                                                          or p.places or p.selection is not None)):
            self._days_around(turn, p.around_days, out, listed=True, text=p.text)  # "what else that day? or the day before/after?"
            turn.say(" ".join(out))
            return True
        if (not listing or retry or p.dates or p.booking_ids or p.flight_ids or p.places or p.selection is not None
                or p.accepts or self._changes(p)):
            return False
        if self.date and _NEXT_DAY.search(p.text) and not p.others_day:  # (not "my parents fly the day after")
            p.date = (Date.fromisoformat(self.date) + timedelta(days=1)).isoformat()
            p.dates = [p.date]
            return False
        m = _ANOTHER.search(p.text)
        if not m:
            return False
        if re.search(r"flights?|options?", m.group(0), re.I):
            out.append(f"Those are the flights I found for {self.date}. Would you like to try another date?")
        else:
            dates = [d for d in self._route_dates(p.text)[0] if d != self.date] if self.origin and self.destination else []
            if self.date and m.group(0).lower().startswith("later"):
                dates = [d for d in dates if d > self.date]  # "a later day": none before the one searched
            if dates:  # "any other dates?": the dates this route flies, one of which "the first one" picks
                self.offered_dates = dates
                out.append(f"This route also flies on {', '.join(dates)}. Which date would you like to try instead?")
            else:
                out.append("Sure. Which date would you like to try instead?")
        self.offered_retry = True
        turn.say(" ".join(out))
        return True

    def _next_prompt(self) -> str:
        nxt = next((leg for leg in self.legs if not leg.get("choice")), None)
        if nxt is not None and self.mode in ("new", "change"):
            if not nxt.get("shown"):  # nothing was found to choose from: never ask for an option
                return self._nothing_to_pick(nxt)
            if nxt.get("from_id") and all(f["status"] == "cancelled" or f["seats_available"] < (self.passengers or 1)
                                          for f in nxt["flights"]):  # the one flight named cannot be booked (for
                # the whole party: "Which flight would you like?" with only that one shown would offer nothing)
                return self._offer_search(nxt)
            if (shut := self._shut_question(self.legs.index(nxt))) is not None:
                return shut  # nothing listed can be booked: what can be done instead, never "which flight?"
            return (f"Which flight would you like{' for the ' + nxt['label'] if nxt['label'] else ''}? You can say the option number "
                    "or the flight number.")
        if self.mode == "new" and self.legs and all(leg.get("choice") for leg in self.legs) and self.declined:
            return "Just tell me when you would like to go ahead, or what you would like to change."
        return f"{NOT_CAUGHT} {OFFER} What would you like to do?"

    def _offered_date(self, p: Parsed) -> str | None:
        """The listed other date a pick refers to ("the first one", "option 2", "the earliest",
        "the last one"), when the last search found nothing and listed some; else None."""
        dates = self.offered_dates
        if (dates and len(set(p.flight_ids)) == 1 and not (p.dates or p.booking_ids or p.places or p.no) and self.legs
                and (g := self.db.flights.get(p.flight_ids[0])) is not None and g.departure_time[:10] in dates
                and (g.origin, g.destination) == (self.legs[0]["origin"], self.legs[0]["destination"])):
            return g.departure_time[:10]  # "ok SA1576 then": a flight of a listed date, named by its number
        if not dates or p.dates or p.booking_ids or p.flight_ids or p.places or p.no:
            return None
        sel = p.selection
        if ((sel is not None or p.asked_option is not None or p.has("price")) and self.legs
                and self.legs[0].get("shown") and p.day_of_month is None
                and not re.search(r"\b(?:dates?|days?)\b", p.text, re.I)):
            return None  # flights were listed beside the dates: "option 1", "the first one", "what would the first
            # flight cost?" is the listed flight (faults-6 3d), not a date nobody said
        if p.day_of_month is not None:  # "what about the 3rd?" when one listed date is a 3rd: that date
            same = [d for d in dates if int(d[8:]) == p.day_of_month]
            if len(same) == 1:
                return same[0]
        if sel is None and (m := _LISTED_PICK.search(p.text)):  # "the 2nd date", "ok the 1st then"
            sel = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "last": "latest"}[m.group(1).lower()]
        if sel == "earliest":
            return dates[0]
        if sel in ("latest", "last"):
            return dates[-1]
        if isinstance(sel, int) and 0 <= sel < len(dates):
            return dates[sel]
        return None

    def _nothing_to_pick(self, leg: dict[str, Any]) -> str:
        self.offered_retry = True
        return (f"I have no flights to offer for the {leg['label'] or 'trip'} yet. Would you like to try another "
                "date or another route?")

    def _next_share(self, p: Parsed, rest: int | None = None) -> None:
        """ "Now the second group of 6 on the same flight" once a part of a split group is held or
        booked: a separate hold or booking of the same flights, for its own count and lead passenger;
        the first one stays as it is (it is no longer the trip being planned, so nothing converts or
        cancels it)."""
        b = self.booking
        if (self.mode != "new" or self.pending is not None or not b or not self.legs
                or not all(leg.get("choice") for leg in self.legs)
                or not (rest or _NEXT_SHARE.search(p.text) or other_party_booking(p.text))
                or b.get("status") not in ("held", "confirmed") or p.places or p.dates or p.booking_ids
                or p.has("cancel") or p.flight_ids or p.selection is not None
                or not any(d["result"].get("booking_id") == b.get("booking_id") for d in self.done)):
            return
        of = re.search(r"\b(?:group|half|booking|hold|reservation|party|lot|batch|part|set|team)\s+(?:of|for)\s+(\d{1,2}|"
                       + "|".join(text_rules.NUMBER_WORDS) + r")\b", p.text, re.I)  # "another hold of 6"
        share = _NEXT_SHARE.search(p.text)
        counted = next((g for g in share.groups() if g), None) if share else None  # "the other 3", "3 more"
        n = (rest or p.passengers or (p.pax_change if p.pax_change and p.pax_change > 0 else None)
             or (text_rules.number_value(of.group(1)) if of else None)
             or (text_rules.number_value(counted) if counted else None))
        if not n and (m := re.search(r"\b(?:separate|second|another|extra)\s+(?:one|booking|hold|reservation)\s+for\s+("
                                     r"\d{1,2}|" + "|".join(text_rules.NUMBER_WORDS) + r")\b(?!\s*(?:days?|nights?|weeks?|pm|am)\b)",
                                     p.text, re.I)):
            n = text_rules.number_value(m.group(1))  # (fix44i) "keep my hold and book a separate one for 2"
        if not n and other_party_booking(p.text) and (m := re.search(
                r"\b(\d{1,2}|" + "|".join(text_rules.NUMBER_WORDS) + r")\s+(?:of them|people|persons|passengers|seats|tickets|"
                r"adults)\b", p.text, re.I)):
            n = text_rules.number_value(m.group(1))  # (fix44i) "for my in-laws as well, 2 of them"
        placed = next(d["kind"] for d in self.done if d["result"].get("booking_id") == b.get("booking_id"))
        # ("book those properly": a booking; (fix44i) "keep my hold and book a separate one", "a separate booking for my
        # colleague": a booking, the hold named only as the one kept; "now the second booking of 6" of a split hold
        # stays a hold)
        asked = re.sub(r"\b(?:keep|leave)\s+(?:my|the|our)\s+(?:hold|held seats)\b|\b(?:my|the|our) hold\b", " ", p.text, flags=re.I)
        self.action = ("hold" if (p.has("hold") and re.search(r"\bhold\b", asked, re.I)) or (
            placed == "hold" and not re.search(r"\bbook\b|\b(?:pay|confirm)\s+(?:it|them|the|now|those|these)\b", asked, re.I)
            and not (other_party_booking(p.text) and re.search(r"\bbooking\b", asked, re.I))) else "book")
        if self.action == "book":
            p.intents.discard("hold")  # ("keep my hold and book a separate one": the hold named is only the one kept)
        self._share_of = b
        self.booking = self.booking_id = None
        lead, self.rest_lead = (self.rest_lead or (None, None)) if rest else (None, None), None
        self.passengers, self.first_name, self.last_name, self.name_words, self.name_doubt = n, *lead, [], None
        p.pax_change, p.pax_more, p.pax_joining = None, False, False
        if n:
            p.passengers = n

    def _seat_for_another(self, p: Parsed) -> None:
        """ "Another seat on the 13:30 for my son, hold it", "can you also book a seat for my wife" once the customer's
        own booking or hold is done: a booking of its own for that one traveller, under their own name (asked, unless
        said with it), never the customer's party plus one nor the customer's name."""
        if (not p.for_other or self.pending is not None or not self.done or self.done[-1]["kind"] not in ("book", "hold")
                or p.booking_ids or p.has("cancel") or p.has("change") or p.has("status")
                or not (p.has("book") or p.has("hold") or re.search(r"\b(?:seats?|tickets?|book|hold|reserve)\b", p.text, re.I))):
            return  # ("is there a refund for my wife?" asks no seat)
        n = p.pax_change if p.pax_change and p.pax_change > 0 else (p.passengers or 1)
        p.passengers, p.pax_change, p.pax_more, p.pax_joining = n, None, False, False
        if self.booking is not None and self.booking.get("status") in ("held", "confirmed"):
            self._share_of = self.booking  # it stays as it is: said with the new summary, never converted or cancelled
            self.booking = self.booking_id = None
        if not (p.first_name and p.last_name):
            self.first_name = self.last_name = None
            self.name_words, self.name_doubt = [], None
            self.traveller = p.for_other  # the name question says whose name it is

    def _just_made(self, held: bool = False) -> dict[str, Any] | None:
        """The booking made (or changed) by the last write of this chat, when it is still the one in hand and
        confirmed (with ``held``, also a hold placed by it and still held); None otherwise."""
        b = self.booking
        kinds, states = (("book", "modify", "hold"), ("confirmed", "held")) if held else (("book", "modify"), ("confirmed",))
        if (not self.done or self.done[-1]["kind"] not in kinds or not b or b.get("status") not in states
                or (b.get("status") == "held") != (self.done[-1]["kind"] == "hold")
                or b.get("booking_id") != self.done[-1]["result"].get("booking_id")):
            return None
        return b

    def _yes_and_more(self, p: Parsed, out: list[str]) -> bool:
        """ "yes, and also cancel BK... too", "book it, and cancel BK...", "Yes. Then cancel BK...", "yes please. Also,
        can you cancel my other booking BK...?", "yes and also hold the same flight for my parents, 2 people" at
        "Shall I book it?": the booking is never dropped for the other request, nor turned into a hold; it is said
        that nothing is booked yet and the summary is asked again for a plain yes, with the other request kept and
        taken up once the booking is made (True: asked)."""
        pend = self.pending
        if pend is None or pend["kind"] not in ("book", "hold", "modify"):
            self._cancel_after = self._hold_after = None  # the summary was answered without a booking: nothing queued
            return False
        m = _YES_LEAD.match(p.text)
        rest = m.group("rest") if m else ""
        if not m or p.no or not rest.strip():
            return False
        q = parse(rest, self.db, None, "")
        made = {d["result"].get("booking_id") for d in self.done if d["kind"] in ("book", "hold")}
        if pend["kind"] == "modify":
            # (fix44h) "yes, and cancel my other booking", "go ahead, and please cancel my second booking too" at a
            # change's summary: another booking than the one being changed (never that one, never "my booking")
            moved = pend["args"].get("booking_id")
            cancel = bool((q.has("cancel") or re.search(r"\bcancell?ed\b", rest, re.I)) and _CANCEL_NAMED.search(rest)
                          and not q.rules_question and "?" not in rest and not set(q.booking_ids) & (made | {moved}) and (
                q.booking_ids or _OLDER_BOOKING.search(rest) or _OTHER_BOOKING.search(rest) or _SECOND_ONE.search(rest)
                or _ANOTHER_BOOKING.search(rest)))
            hold = False
        else:
            # the cancel named in so many words (``_CANCEL_NAMED``): a reason such as "unfortunately I can't make the
            # trip" beside the yes reads as a cancel intent, but asks for no cancellation of another booking
            cancel = q.has("cancel") and _CANCEL_NAMED.search(rest) and not q.has("change") and not set(q.booking_ids) & made and (
                q.booking_ids or _OLDER_BOOKING.search(rest) or _OTHER_BOOKING.search(rest) or _MY_BOOKING.search(rest))
            hold = (pend["kind"] == "book" and q.has("hold") and _FOR_MORE.search(rest) and not _HOLD_INSTEAD.search(rest)
                    and not cancel)
        if not (cancel or hold):
            return False
        self.pending = pend
        what = {"book": "booked", "hold": "put on hold", "modify": "changed"}[pend["kind"]]
        if cancel:
            ref = q.booking_ids[0] if q.booking_ids else None
            self._cancel_after = (ref, q.last_name)
            later = (f"Once it is done, I will take up the cancellation of booking {ref}" if ref else
                     "Once it is done, I will ask you for the reference of the booking you want cancelled")
            out.append(f"Nothing has been {what} yet: I need a plain yes to this summary on its own. {later}, with its "
                       f"own summary to confirm. {pend['said']}")
        else:
            who = (f"{pax_words(q.passengers)} more" if q.passengers else "more travellers")
            self._hold_after = (q.passengers, f"hold {q.passengers or ''} seats on "
                                f"{' and '.join(pend['args'].get('flight_ids') or [])}")
            out.append(f"Nothing has been booked yet. A hold for {who} would be a separate reservation; this summary "
                       f"stays a booking for {pax_words(int(pend['args'].get('passengers') or 0))}. Once it is booked, I "
                       f"can set up that hold with its own summary. {pend['said']}")
        return True

    def _older_booking(self, p: Parsed, out: list[str]) -> bool:
        """ "now cancel my old booking", "cancel my previous / earlier / other / existing / original booking", "the
        booking I already had before today", "the first booking, not this one", "not BK... - cancel my other one",
        "move my old booking to October 7" once a booking or hold was made in this chat, with no booking from before
        it seen here: that one is never the booking just made (it is "this one / the new one"); the older one's
        reference is asked, then it is looked up and its cancellation or change summarised for its own yes (True:
        asked). A reference said to that question takes up the cancellation or change asked for."""
        asked, self._older_asked = self._older_asked, None
        made = {d["result"].get("booking_id") for d in self.done if d["kind"] in ("book", "hold")}
        if asked and p.booking_ids and set(p.booking_ids) <= {self._just_changed}:
            # (fix44h) the booking just changed, given as "the other booking" to cancel: never cancelled on that
            self._older_asked = asked
            out.append(f"{self._just_changed} is the booking I just changed, and it stays as it is. What is the booking "
                       "reference of the other booking you want cancelled (and the last name on it)? Nothing has been "
                       "cancelled.")
            return True
        if asked and p.booking_ids and not set(p.booking_ids) & made and not (p.has("cancel") or p.has("change")):
            p.intents.add(asked[0])  # "BKVQO7DX, Okafor" to "What is the reference of that booking?"
            if asked[0] == "change" and asked[1] and not p.dates:
                p.dates, p.date = list(asked[1]), asked[1][0]  # "move my old booking to October 7": that date
            return False
        if (asked and not p.booking_ids and (p.yes or p.accepts) and not p.no and not p.intents
                and not (p.places or p.dates or p.flight_ids or p.passengers or p.selection is not None)):
            self._older_asked = asked  # "yes" / "ok" to that question: the reference is still needed
            first = ("I haven't looked it up yet." if asked[0] == "status" else
                     "Nothing has been " + ("changed" if asked[0] == "change" else "cancelled") + " yet.")
            out.append(first + " What is the booking reference of your earlier booking? It starts with BK, and you "
                       "can find it in its confirmation email.")
            return True
        pend = self.pending
        rid = re.search(r"\b(?:get rid of|scrap|drop|delete|void)\b", p.text, re.I)  # "get rid of my old reservation"
        # "what's the status of my other booking?", "can you check my old booking?", "is my earlier booking still
        # confirmed?": a look at the booking from before, never at the one just made
        look = not (p.has("cancel") or p.has("change") or rid) and (p.has("status") or _LOOK_AT.search(p.text))
        if (not made or not (p.has("cancel") or p.has("change") or rid or look) or not _OLDER_BOOKING.search(p.text)
                or set(p.booking_ids) - made or (pend is not None and (pend["kind"] not in ("cancel", "modify")
                                                                      or pend["args"].get("booking_id") not in made))):
            return False
        live = [b for b in self.bookings.values() if b.get("status") != "cancelled"]
        if not any(b["booking_id"] in made for b in live) or any(b["booking_id"] not in made for b in live):
            return False  # a booking from before looked up here: bound by its description (_booking_meant)
        if look:
            self.pending, self._older_asked = None, ("status", [])
            mine = [b for b in live if b["booking_id"] in made]
            refs = " and ".join(b["booking_id"] for b in mine)
            kind = "hold" if all(b.get("status") == "held" for b in mine) else "booking"
            out.append(f"{refs} is the {kind} I just {'placed' if kind == 'hold' else 'made'} in this chat, so I take "
                       f"it you mean a booking you had before it; I haven't looked that one up here. What is its "
                       f"booking reference (and the last name on it)? I will look it up for you.")
            return True
        action = "change" if p.has("change") and not p.has("cancel") else "cancel"
        self.pending, self._older_asked = None, (action, list(p.dates))
        mine = [b for b in live if b["booking_id"] in made]
        refs = " and ".join(b["booking_id"] for b in mine)
        kind = "hold" if all(b.get("status") == "held" for b in mine) else "booking"
        verb = "placed" if kind == "hold" else "made"
        out.append(f"{refs} is the {kind} I just {verb} in this chat, so I take it you mean a booking you had before "
                   f"it; I haven't looked that one up here, and {refs} stays as it is. What is the booking reference of "
                   f"the earlier booking (and the last name on it)? I will look it up and show it to you before "
                   f"anything is {'changed' if action == 'change' else 'cancelled'}.")
        return True

    def _undo_of_done(self, p: Parsed) -> None:
        """ "Never mind, cancel it", "actually no, I don't want it. Cancel.", "I've changed my mind, I don't want this
        booking anymore", "I didn't mean to book that, please undo it" right after a booking was made: its
        cancellation is asked for (summarised with its refund terms, for its own yes), never read as a bare "never
        mind" that leaves the booking in place, nor as a new search."""
        if (self.pending is not None or self._just_made() is None or p.booking_ids or p.places or p.flight_ids
                or p.dates or p.selection is not None or _CANCEL_PUT_OFF.search(p.text)):
            return
        if not (_UNDO_DONE.search(p.text) or (p.has("cancel") and (p.abandon or p.drop_trip or p.no))):
            return
        p.intents = (p.intents - {"book", "hold", "change"}) | {"cancel"}
        p.abandon = p.drop_trip = p.no = p.accepts = p.yes = False

    def _wrong_done(self, p: Parsed, out: list[str]) -> bool:
        """ "You booked the wrong flight! I wanted the 13:00 one", "I meant the second flight, not the first, can you
        swap it?" right after a booking was made: the flight picked next moves that booking (a change, summarised for
        its own yes: _maybe_propose), never a second booking beside it in silence. Said with no flight, which one is
        asked (True: answered)."""
        b = self._just_made()
        asked, self._name_fix = self._name_fix, None
        if b is not None and asked == b["booking_id"] and self.pending is None and p.last_name and self._wrong_name(
                p, b, out):
            return True  # "Larsen" / "Arjun Larsen" to "What name should it be under?"
        if (b is not None and self.pending is None and not p.last_name and not p.booking_ids
                and (m := _NAME_NOT_BOOKED.search(p.text)) and self._booked_name_set_aside(m, b)):
            # "sorry, I meant Larsen not Schmidt", "it's larsen, not schmidt" with the booking under Schmidt: the name
            # is put right (the reader takes no bare "X not Y" for a name: "Madrid, not Barcelona")
            x = m.group("x")
            p.last_name = x.capitalize() if x.islower() else x
            if self._wrong_name(p, b, out):
                return True
        fix = _FIX_SAID.search(p.text) and (p.passengers or p.dates or p.flight_ids or p.selection is not None)
        if (b is None or self.pending is not None or p.booking_ids or p.has("cancel") or _UNDO_DONE.search(p.text)):
            return False
        if not (_WRONG_DONE.search(p.text) or fix):  # "I meant Larsen, not Schmidt": only a name put right
            return bool(_FIX_SAID.search(p.text)) and self._wrong_name(p, b, out)
        if self._wrong_name(p, b, out):
            return True
        if _NAME_WORD.search(p.text) and not (p.flight_ids or p.selection is not None or p.passengers or p.dates):
            self._name_fix = b["booking_id"]  # "wrong surname!": the right name asked, never which flight was meant
            out.append(f"I'm sorry about that. Booking {b['booking_id']} is under {b.get('last_name', '')}, and the name "
                       "on a booking that is already made can't be changed; I can cancel it and book the same flights "
                       "again under the right name, each step confirmed first. What first and last name should it be "
                       "under?")
            return True
        self.fix_of = b["booking_id"]
        p.no = p.abandon = p.drop_trip = p.accepts = p.yes = False
        p.intents.discard("goodbye")
        if p.flight_ids:
            p.intents.add("book")  # "not the one I picked, I wanted SA4569": that flight, proposed as the change
        if p.flight_ids or p.selection is not None or p.passengers or p.places or p.dates or _PICKISH.search(
                _WRONG_NOUN.sub(" ", p.text)):
            return False
        itin = ", ".join(b.get("itinerary") or [])
        out.append(f"I'm sorry about that. Booking {b['booking_id']} is on flight {itin}. Which flight did you mean? "
                   "You can say its flight number or departure time, and I will show you the change of booking "
                   f"{b['booking_id']} to it to confirm first; nothing else is booked.")
        return True

    def _booked_name_set_aside(self, m: re.Match, b: dict[str, Any]) -> bool:
        """``m`` (``_NAME_NOT_BOOKED``) sets the booking's own last name aside for another word that is no place."""
        x, y = m.group("x").lower(), m.group("y").lower()
        places = place_names(self.db)
        return y == str(b.get("last_name") or "").lower() and x != y and x not in places and x not in _NOT_A_SURNAME

    def _wrong_name(self, p: Parsed, b: dict[str, Any], out: list[str]) -> bool:
        """ "oh no I wrote the wrong name, it's Arjun Larsen" right after a booking was made: the name on a booking
        cannot be changed, so that is said, with its cancellation and the same flights booked again under the name
        said offered for a yes (the cancel summarised first), never a question which flight was meant."""
        if not p.last_name or p.flight_ids or p.selection is not None or p.passengers or p.places or p.dates:
            return False
        first = p.first_name or b.get("first_name") or self.first_name
        if (str(p.last_name).lower() == str(b.get("last_name") or "").lower()
                and str(first or "").lower() == str(b.get("first_name") or "").lower()):
            return False
        name = " ".join(x for x in (first, p.last_name) if x)
        have = int(b.get("passengers", 0) or 0)
        itin = list(b.get("itinerary") or [])
        out.append(f"I'm sorry, I can't change the name on a booking that is already made: booking {b['booking_id']} "
                   f"stays as it is, under {b.get('last_name', '')}. I can cancel it "
                   f"({self._refund_sentence(b).lower().rstrip('.')}) and then book flight{'s' if len(itin) > 1 else ''} "
                   f"{' and '.join(itin)} again for {pax_words(have)} under the name {name}; I will show you each step "
                   "to confirm first. Would you like me to do that, or keep the booking as it is?")
        self._offer_rebook(b, have)
        self.offered_rebook = {**(self.offered_rebook or {}), "name": (first, p.last_name)}
        return True

    def _fixed_by_change(self, out: list[str]) -> None:
        """The flight picked after the customer said the booking just made was wrong (_wrong_done): the booking is
        moved to it (mode change) when the party is the same; for another party count the new booking's summary says
        that the first one stays (it is a separate booking)."""
        bid, self.fix_of = self.fix_of, None
        b = self.bookings.get(bid or "")
        if self.mode != "new" or not b or b.get("status") != "confirmed":
            return
        route = [(f.origin, f.destination) for fid in b.get("itinerary") or [] if (f := self.db.flights.get(fid))]
        if route != [(leg.get("origin"), leg.get("destination")) for leg in self.legs]:
            return  # another trip: a booking of its own, not the fix of that one
        if (self.passengers or int(b.get("passengers") or 0)) != int(b.get("passengers") or 0):
            self._share_of = b  # its summary says booking b stays as it is
            return
        self.mode, self.booking_id, self.booking = "change", bid, b
        self.last_name = b.get("last_name") or self.last_name
        out.append(f"I will change booking {bid} to the flight you meant, rather than make a second booking.")

    def _fewer_said(self, p: Parsed) -> int | None:
        """How many still travel when fewer are said right after a booking was made in this chat ("one of us can't
        come anymore" with 6 on it: 5; "my wife can't make it anymore": 5; "can I get a refund for one ticket?": 5;
        "we're only 5 now"; "two people dropped out": 4); 0 when who still travels is not clear ("the kids can't
        come"); None when the message says no such thing, or asks to cancel the whole booking."""
        b = self._just_made(held=True)  # a hold placed here too: "one of us can't come" after holding seats for 4
        if b is None or self.pending is not None or p.booking_ids or p.places or p.dates or p.flight_ids:
            return None
        have = int(b.get("passengers", 0) or 0)
        t = p.text.replace("\u2019", "'")
        if have < 2 or (_WHOLE_CANCEL.search(t) and not re.search(r"\b(?:one|a|an|\d{1,2})\s+(?:seat|ticket|place)s?\b", t, re.I)):
            return None
        if m := _ONLY_LEFT.search(t):
            said = next(g for g in m.groups() if g)
            left = text_rules.number_value(said) or (1 if said.lower() in ("a", "an") else None)
            return left if left and left < have else None
        m = _PARTY_DROPS.search(t)
        if m is not None:
            said = next(g for g in m.groups() if g)
            n = text_rules.number_value(said) or (1 if said.lower() in ("a", "an") else None)
            return have - n if n and n < have else None
        if _KIN_DROPS.search(t):
            kin = re.search(r"\b(?:kids|children|sons|daughters|parents|friends|colleagues|brothers|sisters|grand\w+s|"
                            r"\w+\s+and\s+\w+)\b", _KIN_DROPS.search(t).group(0), re.I)
            return 0 if kin else have - 1
        return None

    def _party_remark(self, p: Parsed, out: list[str]) -> bool:
        """ "two of us are going to be late", "one of us is in a wheelchair", "two of us are vegetarian", "one of us
        has a different surname" once a booking (or hold) for more was made in this chat: a remark about some of its
        travellers, no count for a new booking; the booking is said to stay as it is and what they want is asked,
        never a new search for those named (True: answered)."""
        b = self._just_made(held=True)
        m = _SOME_OF_US.search(p.text.replace("\u2019", "'"))
        if (b is None or m is None or self.pending is not None or p.places or p.dates or p.booking_ids or p.flight_ids
                or p.selection is not None or p.pax_change is not None or _NEW_FOR_SOME.search(p.text)
                or any(p.has(x) for x in ("book", "hold", "cancel", "change", "refund", "round_trip", "multi_leg"))):
            return False
        have = int(b.get("passengers", 0) or 0)
        what = "hold" if b.get("status") == "held" else "booking"
        said = m.group(1)
        n = text_rules.number_value(said) or (1 if said.lower() in ("a", "an") else None)
        if not n or n >= have:
            return False
        itin = list(b.get("itinerary") or [])
        flights = f"flight{'s' if len(itin) > 1 else ''} {' and '.join(itin)}"
        late = (" I can't hold a flight for travellers who are late; they need to check in before check-in closes, "
                f"or the {what} can be moved to a later flight for everyone on it." if _RUNNING_LATE.search(p.text)
                else "")
        p.passengers, p.yes, p.no, p.accepts = None, False, False, False
        out.append(f"Noted. Your {what} {b['booking_id']} stays as it is, for {pax_words(have)} on {flights}; nothing "
                   f"has been changed and no new booking has been started.{late} Is there something you would like me "
                   f"to do about it, such as look it up, change its flight or cancel it?")
        return True

    def _edit_of_done(self, p: Parsed, out: list[str]) -> bool:
        """ "oh wait can you add my husband to that?", "can u make it 4 people", "one of us can't come" once a booking
        is made (or changed) in this chat: the travellers of a booking cannot be changed, so that is said, never a
        second booking for the whole party made in silence. For those joining, a separate booking of the same
        flights is offered (a new charge, summarised and confirmed on its own); for fewer, the booking stays unless
        it is cancelled."""
        b = self.booking
        fewer = self._fewer_said(p)
        if fewer is not None:  # "one of us can't come anymore", "refund for one ticket?": never the whole booking
            p.intents -= {"cancel", "refund", "book", "hold"}  # cancelled, nor a new booking for the ones who left
            p.passengers, p.pax_change, p.part_of_party, p.selection = (fewer or None), None, not fewer, None
            p.yes = p.no = p.accepts = False
        if (self.pending is not None or b is None or b is not self._just_made(held=True)
                or (b.get("status") == "held" and fewer is None)  # a hold resized up: replaced by a new hold (39p)
                or p.places or p.dates or p.booking_ids or p.flight_ids or p.has("cancel") or p.has("hold")
                or p.selection is not None):
            return False
        have = int(b.get("passengers", 0) or 0)
        if p.part_of_party:
            new: int | None = 0  # "one of us can't come": fewer, how many is not needed to say what can be done
        elif p.pax_change is not None and not p.passengers:
            new = have + p.pax_change
        elif p.passengers and p.passengers != have and (_EDITS_PARTY.search(p.text) or _WRONG_DONE.search(p.text)
                                                        or _FIX_SAID.search(p.text) or fewer):
            new = p.passengers
        else:
            return False
        if not have or new == have:
            return False
        self.fix_of = None  # a party said wrong is no flight to move the booking to (_wrong_done)
        itin = list(b.get("itinerary") or [])
        self._share_of = b  # a booking made next is a separate one, and its summary says that this one stays
        flights = f"flight{'s' if len(itin) > 1 else ''} {' and '.join(itin)}"
        if new > have:
            self._offer_extra(p, b, new - have, out, p.first_name, p.last_name)
            return True
        rest = pax_words(new) if new > 0 else "those still travelling"
        self.passengers = new if new > 0 else None  # a new booking made after this is for those still travelling
        if fewer is not None:  # "cancel it and book again" takes this up; a bare "yes" to the either-or is asked again
            self._offer_rebook(b, new or None)
            # (a hold placed here: a new hold offered in its place, never a booking nobody asked for)
            self.offered_rebook = {**(self.offered_rebook or {}), "fewer": True, "held": b.get("status") == "held"}
        if b.get("status") == "held":  # a hold placed here: the same either-or, with a new hold in place of a booking
            out.append(f"I'm sorry, I can't remove passengers from a hold that is already placed: hold "
                       f"{b['booking_id']} stays as it is, for {pax_words(have)} on {flights}. I can cancel it and "
                       f"place a new hold for {rest} (the hold was never charged, so there is nothing to refund), or "
                       "you can keep it as it is. What would you like to do?")
            return True
        out.append(f"I'm sorry, I can't remove passengers from a booking that is already made: booking "
                   f"{b['booking_id']} stays as it is, for {pax_words(have)} on {flights}. I can cancel it and book "
                   f"again for {rest} ({self._refund_sentence(b).lower().rstrip('.')}), or you can keep it as it "
                   "is. What would you like to do?")
        return True

    def _offer_extra(self, p: Parsed, b: dict[str, Any], n: int, out: list[str], first: str | None = None,
                     last: str | None = None) -> None:
        """The separate booking offered for the ``n`` travellers joining booking ``b`` (its travellers cannot be
        changed): the same flights, for them only, as a new charge summarised and confirmed on its own."""
        have = int(b.get("passengers", 0) or 0)
        itin = list(b.get("itinerary") or [])
        self._share_of = b  # a booking made next is a separate one, and its summary says that this one stays
        flights = f"flight{'s' if len(itin) > 1 else ''} {' and '.join(itin)}"
        who = f"your {p.pax_kin}" if p.pax_kin and n == 1 else f"the {pax_words(n)} joining"
        paid = (f", on top of the {money(float(b['price_usd']))} already paid"
                if b.get("price_usd") and b.get("status") == "confirmed" else "")
        out.append(f"I'm sorry, I can't add passengers to a booking that is already made: booking "
                   f"{b['booking_id']} stays as it is, for {pax_words(have)} under {b.get('last_name', '')}. I can "
                   f"make a separate new booking for {who} only, on the same {flights}; that is a new "
                   f"charge{paid}, and I will show you its summary to confirm first. Would you like me to set up "
                   "that separate booking?")
        self.offered_extra = {"booking": b, "n": n, "kin": p.pax_kin, "first": first, "last": last}

    def _joining_looked_up(self, p: Parsed, b: dict[str, Any], out: list[str]) -> bool:
        """ "BK..., is it all still on? also my mother wants to come too": someone joining a looked-up booking, with
        no move asked for (no new date): the booking is shown as it is, and a separate booking for the ones joining
        is offered on its flights (as for a booking made in this chat), never a move nobody asked for."""
        have = int(b.get("passengers", 0) or 0)
        n = p.pax_change if p.pax_change and p.pax_change > 0 and p.pax_joining else None
        if (not n or not have or p.passengers not in (None, have + n) or b.get("status") not in ("confirmed", "held") or p.dates
                or p.month_named or p.shift_days or self.change_date or self.change_shift is not None
                or p.has("cancel") or p.places or set(p.flight_ids) - set(b.get("itinerary") or [])):
            return False
        plain = {"held": "It is on hold, not yet confirmed or paid.", "confirmed": "It is confirmed."}[b["status"]]
        out.append(f"{self._booking_text(b)} {plain}")
        self.passengers, self.pending, self.awaiting, self.legs = have, None, None, []
        self.mode = None
        # a name said with the reference is the caller's (the booking's lead), not the one joining
        own = {str(b.get("first_name") or "").lower(), str(b.get("last_name") or "").lower()}
        joiner = p.first_name and p.last_name and p.first_name.lower() not in own
        self._offer_extra(p, b, n, out, *((p.first_name, p.last_name) if joiner else (None, None)))
        return True

    def _other_party_after_done(self, p: Parsed) -> Parsed | None:
        """(fix44i) After a booking or hold of this chat, with nothing planned since: "I also need a second booking,
        same flight, for my colleague Tom Berg, just him", "and one more for my parents on the same flight, 2 people,
        under Ken Okafor" ask for a separate booking of the same flights for those others (never a return, never the
        booking made changed); the parse of that booking, or None."""
        b = self.booking
        if (self.mode is not None or self.pending is not None or not self.done or self.done[-1]["kind"] not in ("book", "hold")
                or not b or b.get("status") not in ("confirmed", "held") or not b.get("itinerary")
                or b.get("booking_id") != self.done[-1]["result"].get("booking_id")
                or not other_party_booking(p.text) or p.places or p.dates or p.booking_ids or p.flight_ids
                or p.selection is not None or p.has("cancel") or p.has("change") or p.no):
            return None
        n = p.passengers or (p.pax_change if p.pax_change and p.pax_change > 0 else None)
        if not n and (p.for_other or re.search(r"\b(?:just|only)\s+(?:him|her|them)\b|\b(?:1|one)\s+(?:person|passenger|"
                                               r"seat|traveller|traveler)\b", p.text, re.I)):
            n = 1
        named = p.first_name and p.last_name
        q = self._extra_booking({"booking": b, "n": n or 0, "first": p.first_name if named else None,
                                 "last": p.last_name if named else None, "kin": p.for_other})
        if not n:
            self.passengers = None
            q = parse(f"book seats on {' and '.join(b.get('itinerary') or [])}", self.db, None, "")
        return q

    def _extra_booking(self, extra: dict[str, Any]) -> Parsed:
        """The separate booking for the travellers added to a booking made (accepted at _edit_of_done): the same
        flights for those joining only, under their own name (asked, unless said); the booking made stays as it
        is and is said so with the new summary."""
        b, n = extra["booking"], extra["n"]
        self._share_of = b
        self.booking = self.booking_id = None
        self.passengers = n
        self.first_name, self.last_name = extra["first"], extra["last"]
        self.name_words, self.name_doubt = [], None
        self.traveller = extra["kin"] if n == 1 and not extra["first"] else None
        return parse(f"book {n} seat{'s' if n > 1 else ''} on {' and '.join(b.get('itinerary') or [])}", self.db,
                     None, "")

    def _held_trip(self) -> dict[str, Any] | None:
        """The hold placed on the trip being planned (its flights are the ones chosen), while it is
        held; None otherwise. Booking that trip converts the hold, cancelling it cancels the hold."""
        b = self.booking
        if not b or b.get("status") != "held" or self.mode != "new" or not self.legs:
            return None
        chosen = [leg["choice"]["flight_id"] for leg in self.legs if leg.get("choice")]
        return b if chosen and chosen == list(b.get("itinerary") or []) else None

    def _earlier_hold(self) -> dict[str, Any] | None:
        """A hold placed in this conversation on other flights than the ones now chosen, while it is held
        (hold SA9098, then "book it instead, but on option 2"); None otherwise. Booking the new flights
        leaves it in place unless it is cancelled, so the booking summary says which."""
        b = self.booking
        if not b or b.get("status") != "held" or self.mode != "new" or self._held_trip() is not None:
            return None
        placed = any(d["kind"] == "hold" and d["result"].get("booking_id") == b.get("booking_id") for d in self.done)
        return b if placed else None

    @staticmethod
    def _said_since_hold(turn: TurnContext) -> list[str]:
        """The customer's messages since the last hold was placed (where a replacement is asked for)."""
        said: list[str] = []
        for m in reversed(turn.history):
            if m.get("role") == "tool" and '"status": "held"' in str(m.get("content") or ""):
                break
            if m.get("role") == "user":
                said.append(str(m.get("content") or ""))
        return said

    def _turned_down_option(self, p: Parsed) -> str | None:
        """A listed option turned down with no other picked ("not option 1", "anything but the 9:45", "option 1 is too
        early"): never that option. With one other listed for that leg, that one is picked (read into ``p.selection``,
        said as "You picked ..." and summarised for a yes); with more, the question which (the leg whose chosen flight
        is the one turned down, else the first leg still to choose)."""
        if (p.turned_down is None or p.selection is not None or p.flight_ids or self.mode not in ("new", "change")
                or not self.legs or p.booking_ids or p.places or p.dates):
            return None
        sel, fids = option_named(p.turned_down)
        found = []
        for k, leg in enumerate(self.legs):
            shown = self._shown(k) if leg.get("shown") else []
            if shown:
                f = (next((x for x in shown if x["flight_id"] in fids), None) if fids
                     else self._select(k, sel, p) if sel is not None else None)
                found.append((k, shown, f))
        # (the leg still to choose: "not option 1" when the return is asked for is the return's; at the summary,
        # the leg whose chosen flight it is)
        hit = next(((k, shown, f) for k, shown, f in found if not self.legs[k].get("choice")), None)
        hit = hit or next(((k, shown, f) for k, shown, f in found if f is not None and self.legs[k].get("choice")
                           and self.legs[k]["choice"]["flight_id"] == f["flight_id"]), None)
        if hit is None:
            return None
        k, shown, f = hit
        self.pending = None
        self.legs[k]["choice"] = None
        others = [x for x in shown if f is None or x["flight_id"] != f["flight_id"]]
        if f is not None and len(others) == 1:
            p.selection, p.yes = shown.index(others[0]), False  # picked below, then proposed
            return None
        need = self.passengers or 1
        offer = [x for x in others if x["status"] == "scheduled" and x["seats_available"] >= need] or others
        head = "" if f is None else f"Understood, not {f['flight_id']}. "
        return head + "Which one would you like instead: " + " or ".join(self._option_words(shown, x) for x in offer) + "?"

    def _others_asked(self, p: Parsed) -> str | None:
        """(fix44h) At the summary of a booking, hold or change, the flight summarised turned down or the others asked
        for ("hmm, we can't make that either. what else is there?", "that one's no good, any other options?", "what
        other flights are there?"): nothing goes ahead; the summary is dropped and the other flights listed for that
        leg are named for a pick (or, with none, another date asked). None when the message is no such question."""
        pend = self.pending
        if (pend is None or pend["kind"] not in ("book", "hold", "modify") or self.mode not in ("new", "change")
                or p.selection is not None or p.flight_ids or p.dates or p.places or p.booking_ids or p.passengers
                or p.shift_days is not None or _CANCEL_NAMED.search(p.text)
                or not (_WHAT_ELSE.search(p.text) or _THAT_REFUSED.search(p.text))):
            return None
        chosen = set(pend["args"].get("flight_ids") or pend["args"].get("new_flight_ids") or [])
        hit = next(((k, leg) for k, leg in enumerate(self.legs) if leg.get("shown") and leg.get("choice")
                    and leg["choice"]["flight_id"] in chosen), None)
        if hit is None:
            return None
        k, leg = hit
        shown, f = self._shown(k), leg["choice"]
        self.pending = None
        leg["choice"] = None
        need = self.passengers or 1
        others = [x for x in shown if x["flight_id"] != f["flight_id"] and x["status"] == "scheduled"
                  and x["seats_available"] >= need]
        what = {"book": "booked", "hold": "held", "modify": "changed"}[pend["kind"]]
        head = f"Understood, not {f['flight_id']}; nothing has been {what}."
        if not others:
            return (f"{head} That was the only flight I can offer on {leg.get('date') or 'that day'}. Would you like me "
                    "to look at another date?")
        return (f"{head} The other flights on {leg.get('date') or 'that day'}: "
                + "; ".join(self._option_words(shown, x) for x in others)
                + ". Which one would you like, or shall I look at another date?")

    def _other_one(self, p: Parsed) -> str | None:
        """ "No, the other one" once a listed flight is chosen or proposed: the one other listed flight
        of that leg becomes the selection (read into ``p.selection``); with more than one other, the
        question which (None when the message is not about the other flight)."""
        if (not _OTHER_ONE.search(p.text) or self.mode != "new" or p.flight_ids or p.selection is not None
                or p.dates or p.places or p.booking_ids or p.has("cancel")):
            return None
        legs = []
        for k, leg in enumerate(self.legs):
            shown = [f for f in leg.get("flights", []) if f["flight_id"] in leg.get("shown", ())]
            # the flight chosen, or the one whose pick was just refused ("the 6:35" cancelled, "ok the other one then")
            ref = leg["choice"]["flight_id"] if leg.get("choice") else (
                self._refused if self._refused in {f["flight_id"] for f in shown} else None)
            closed = [f for f in shown if f["status"] != "scheduled" or f["seats_available"] < (self.passengers or 1)]
            if ref is None and len(shown) == 2 and len(closed) == 1 and not any(x.get("choice") for x in self.legs):
                ref = closed[0]["flight_id"]  # two listed, one cancelled or full: "the other one" is the one open
            if ref is None:
                continue
            others = [f for f in shown if f["flight_id"] != ref]
            if others:
                legs.append((k, shown, others))
        if not legs:
            return None
        self.pending = None
        if len(legs) == 1 and len(legs[0][2]) > 1 and not self.legs[legs[0][0]].get("choice"):
            k, shown, others = legs[0]  # after a refused pick, "the other one" of three: the one other that can be booked
            need = self.passengers or 1
            open_ = [f for f in others if f["status"] == "scheduled" and f["seats_available"] >= need]
            legs = [(k, shown, open_)] if len(open_) == 1 else legs
        if len(legs) == 1 and len(legs[0][2]) == 1:
            k, shown, others = legs[0]
            self.legs[k]["choice"] = None
            p.selection, p.no, p.yes = shown.index(others[0]), False, False  # picked below, then proposed
            return None
        self.declined = False
        if len(legs) > 1:
            return ("Which flight would you like instead? You can say the flight number: " +
                    "; ".join(f"for the {self.legs[k]['label'] or 'trip'}, " +
                              ", ".join(self._option_words(shown, f) for f in others) for k, shown, others in legs) + ".")
        k, shown, others = legs[0]
        self.legs[k]["choice"] = None  # "2" or "option 3" now picks for this leg
        return ("Which one would you like instead: " + " or ".join(self._option_words(shown, f) for f in others) + "?")

    def _booking_meant(self, p: Parsed) -> str | None:
        """With two or more bookings seen in this chat, a cancellation or change without a reference is bound to the
        booking its words describe ("the held one", "the 3 person one", "the other / earlier booking", "the new
        one"), never to the one in hand by default; when the words fit several ("cancel my booking") or none, the
        question which one (None when the message is bound, or is not about a booking, or "it" / "that" is the one
        in hand)."""
        asked, self.which_booking = self.which_booking, None
        if p.booking_ids:
            if asked and not (p.has("cancel") or p.has("change")) and p.booking_ids[0] in asked[1]:
                p.intents.add(asked[0])  # "BKXTS91M" to "Which booking do you mean?"
            return None
        pend = self.pending
        if asked is None and (not (p.has("cancel") or p.has("change")) or (self.mode == "new" and self.legs)
                              or (pend is not None and pend["kind"] not in ("cancel", "modify"))):
            return None
        live = [b for b in self.bookings.values() if b.get("status") != "cancelled"]
        if asked:
            live = [b for b in live if b["booking_id"] in asked[1]] or live
        if len(live) < 2:
            return None
        t = p.text
        fits, described = live, False
        days = {b["booking_id"]: {f.departure_time[:10] for fid in b.get("itinerary") or []
                                  if (f := self.db.flights.get(fid))} for b in live}
        # a surname or first name, a departure date or month said of one of them ("the one under Larsen", "Ewa's
        # booking", "the one departing 2026-10-10", "the October flight"); a date no booking flies on is the new
        # date of a change ("change the Larsen booking to 2026-12-29"), never a description
        words = {w.lower() for w in re.findall(r"[^\W\d_]+", t)}
        named = [b for b in live if any(str(b.get(k) or "").lower() in words for k in ("last_name", "first_name")
                                        if b.get(k))]
        flown = [d for d in p.dates if any(d in ds for ds in days.values())]
        month = p.month_named if p.month_named and any(int(d[5:7]) == p.month_named for ds in days.values()
                                                        for d in ds) else None
        made = [b for b in live if any(d["kind"] in ("book", "hold") and d["result"].get("booking_id") == b["booking_id"]
                                       for d in self.done)]
        tests = [(flown, lambda b: set(flown) <= days[b["booking_id"]]),
                 (month, lambda b: any(int(d[5:7]) == month for d in days[b["booking_id"]])),
                 (_MADE_NOW.search(t) and made and len(made) < len(live), lambda b: b is made[-1]),
                 (_HELD_ONE.search(t), lambda b: b.get("status") == "held"),
                 (_CONFIRMED_ONE.search(t), lambda b: b.get("status") == "confirmed"),
                 (p.passengers, lambda b: int(b.get("passengers") or 0) == p.passengers),
                 (p.flight_ids, lambda b: set(p.flight_ids) <= set(b.get("itinerary") or [])),
                 (p.airports, lambda b: set(p.airports) <= {a for fid in b.get("itinerary") or []
                                                            if (f := self.db.flights.get(fid)) for a in (f.origin, f.destination)}),
                 (_OTHER_BOOKING.search(t) and len(live) == 2, lambda b: b["booking_id"] != self.booking_id),
                 (own := self._own_meant(t, live), lambda b: b["booking_id"] not in self._theirs)]
        for said, fit in tests:
            if said:
                fits, described = [b for b in fits if fit(b)], True
        if (_OLDEST_ONE.search(t) or (asked and _SECOND_ONE.search(t)) or _NEWEST_ONE.search(t)) and not (
                _MADE_NOW.search(t) and made and len(made) < len(live)):
            at = 1 if asked and _SECOND_ONE.search(t) else 0 if _OLDEST_ONE.search(t) else -1
            fits, described = ([live[at]] if live[at] in fits else []), True
        if named and len(named) < len(live) and [b for b in fits if b in named]:
            # a name said narrows what else was said; a name that fits none of the rest is the speaker's own ("I'm
            # Ewa Larsen, cancel the Sydney one")
            fits, described = [b for b in fits if b in named], True
        both = (not described and len(live) == 2 and _BOTH_BOOKINGS.search(t) and p.has("cancel")
                and not p.has("change"))
        if both:  # "cancel both": the first now, the second asked for its own yes once the first is cancelled
            fits, described = [live[0]], True
            self.cancel_next = (live[1]["booking_id"], live[1].get("last_name"))
        if described and len(fits) == 1:
            if flown or month:  # the date said described the booking; it is no new date
                p.dates = [d for d in p.dates if d not in flown] if p.has("change") else []
                p.date = p.date if p.date in p.dates else (p.dates[0] if p.dates else None)
                p.month_named = None if month else p.month_named
            b, action = fits[0], asked[0] if asked else None
            if action:
                p.intents.add(action)  # "the held one" to "Which booking do you mean?"
            if pend is not None and pend["args"].get("booking_id") != b["booking_id"]:
                self.pending, p.no = None, False  # "no, the held one!" at "Shall I cancel <the other>?"
            self.booking_id, self.booking, self.last_name = b["booking_id"], b, b.get("last_name") or self.last_name
            p.passengers, p.places, p.origin, p.destination, p.flight_ids = None, [], None, None, []  # said of it
            p.abandon = p.drop_trip = p.accepts = False
            p.intents.discard("hold")
            return None
        if not (described or asked or _MY_BOOKING.search(t) or own is None):
            return None  # "cancel it": the booking in hand ("cancel mine" with none said to be another's: asked)
        action = asked[0] if asked else "cancel" if p.has("cancel") else "change"
        self.which_booking = (action, [b["booking_id"] for b in live])
        words = "; ".join(self._booking_words(b) for b in live)
        p.passengers, p.places, p.origin, p.destination, p.flight_ids = None, [], None, None, []
        p.abandon = p.drop_trip = p.accepts = False
        p.intents -= {"hold", "cancel", "change"}
        return ((f"Sorry, none of the bookings in this chat fits that. They are: {words}." if described else
                 f"You have {pax_words(len(live)).replace('passengers', 'bookings')} in this chat: {words}.")
                + f" Which booking would you like to {action}? You can say its reference.")

    def _own_meant(self, text: str, live: list[dict[str, Any]]) -> bool | None:
        """ "cancel mine", "cancel my own booking", "leave my colleague's alone and cancel mine", "the one under my
        name" with two or more bookings in this chat: True when some of them were said to be someone else's and the
        rest is the speaker's, None when that is said but nothing tells them apart (which one is asked), False when
        the message does not pick the speaker's own ("not mine", "keep mine", no such words)."""
        for m in _OWN_ONE.finditer(text):
            if re.search(r"(?:\bnot|n'?t|\bleave|\bkeep|\bexcept|\binstead of|\brather than|\bthan|\bbut)\W+(?:\w+\W+)?$",
                         text[max(0, m.start() - 20):m.start()], re.I):
                continue  # "cancel my colleague's, not mine", "keep mine"
            theirs = [b for b in live if b["booking_id"] in self._theirs]
            return True if theirs and len(theirs) < len(live) else None
        return False

    def _other_after_cancel(self, p: Parsed) -> None:
        """ "And the other one too." / "cancel the other booking as well" right after a booking was cancelled, with
        one other booking of this chat still live: that one is bound and its cancellation asked for (summarised for
        its own yes), never the cancelled one again nor a reference asked for."""
        if (self.pending is not None or p.booking_ids or not self.done or self.done[-1]["kind"] != "cancel"
                or not _ALSO_OTHER.search(p.text) or p.has("change") or p.has("book") or (self.mode == "new" and self.legs)
                or p.places or p.dates):
            return
        gone = self.done[-1]["result"].get("booking_id")
        others = [b for b in self.bookings.values() if b.get("status") != "cancelled" and b["booking_id"] != gone]
        if len(others) != 1:
            return
        b = others[0]
        self.booking_id, self.booking, self.last_name = b["booking_id"], b, b.get("last_name") or self.last_name
        p.intents.add("cancel")
        p.abandon = p.drop_trip = p.no = p.accepts = False

    def _keep_refs(self, p: Parsed) -> None:
        """A reference said only to be kept ("cancel BK1 / Mensah -- BK2 is my boss's, keep it", "- keep: BK2",
        "no, I said keep BK2, don't cancel it") is never looked up, cancelled or queued: it is dropped from the
        references acted on when another is named, or when the chat is about a cancellation."""
        # a booking cancelled in this chat and asked back ("oh no, can I undo that? I want to keep BK...") is no
        # reference that stays: it is looked up as before and the cancellation said to be final
        p.refs_kept = [r for r in p.refs_kept if (self.bookings.get(r) or {}).get("status") != "cancelled"]
        if not p.refs_kept:
            return
        if self.cancel_next is not None and self.cancel_next[0] in p.refs_kept:
            self.cancel_next = None  # "cancel both" taken back for that one
        cancelling = (p.has("cancel") or p.keep_booking or self.mode == "cancel" or self._queued_cancel is not None
                      or (self.pending is not None and self.pending["kind"] == "cancel")
                      or (bool(self.done) and self.done[-1]["kind"] == "cancel"))
        if len(p.booking_ids) > len(p.refs_kept) or cancelling:
            p.booking_ids = [x for x in p.booking_ids if x not in p.refs_kept]

    def _cancel_moved(self, p: Parsed) -> None:
        """ "wait, I meant BK...", "no, BK...", "sorry, the other one: BK..." at "Shall I cancel booking <one>?": the
        cancellation moves to the booking named (looked up, summarised and asked again), never a "take your time"
        that leaves the reference unread."""
        pend = self.pending
        if (pend is None or pend["kind"] != "cancel" or len(set(p.booking_ids)) != 1 or p.refs_kept
                or p.booking_ids[0] == pend["args"].get("booking_id") or p.has("change") or p.has("book")
                or (p.yes and not p.no) or re.search(r"\b(?:also|too|as well|both|and)\b", p.text, re.I)):
            return  # ("yes, and BK... too": this one first, that one after it)
        p.later = p.no = p.abandon = p.drop_trip = p.yes = p.accepts = p.keep_booking = False
        p.intents.add("cancel")
        self.pending = None

    def _queued_refused(self, p: Parsed, out: list[str]) -> bool:
        """The second cancellation taken up after the first (_next_cancel) refused while its last name or its yes is
        asked ("no", "don't cancel that one", "I never asked for that", "no, I said keep BK..."): dropped, and said so,
        never the last name asked again in a loop."""
        bid = self._queued_cancel
        pend = self.pending
        if (bid is None and pend is None and p.refs_kept and not p.booking_ids and not p.places and not p.dates
                and not p.flight_ids and not (p.intents - {"cancel", "goodbye", "change"})):
            # "no, I said keep BK..., don't cancel it" with nothing else asked: said to stay, nothing looked up
            refs = " and ".join(p.refs_kept)
            out.append(f"All right, bookings {refs} stay as they are: I have not cancelled or changed them." if
                       len(p.refs_kept) > 1 else f"All right, booking {refs} stays as it is: I have not cancelled or "
                       "changed it.")
            out.append("Is there anything else I can help with?")
            return True
        if bid is None:
            return False
        if (self.booking_id != bid or self.mode != "cancel" or (pend is not None and pend["kind"] != "cancel")
                or (self.bookings.get(bid) or {}).get("status") == "cancelled"):
            self._queued_cancel = None
            return False
        kept = bid in p.refs_kept or bool(_QUEUE_REFUSED.search(p.text))
        if not (kept or (pend is None and (p.no or p.keep_booking) and not p.last_name and not p.booking_ids)):
            return False
        self._queued_cancel = None
        self.booking = self.booking_id = None
        self.mode, self.pending, self.awaiting = None, None, None
        out.append(f"All right, I have not cancelled booking {bid}; it stays as it is. Is there anything else I can "
                   "help with?")
        return True

    def _booking_words(self, b: dict[str, Any]) -> str:
        fids = list(b.get("itinerary") or [])
        f0 = self.db.flights.get(fids[0]) if fids else None
        return (f"{b['booking_id']} ({'on hold' if b.get('status') == 'held' else b.get('status')}, "
                f"{pax_words(int(b.get('passengers') or 1))}, flight {', '.join(fids)}"
                + (f" on {f0.departure_time[:10]}" if f0 is not None else "") + ")")

    def _instead_question(self) -> str:
        """Which flight instead, once a summary was refused and a different flight or date was accepted: the other
        listed options of a one-leg trip (its pick undone), or which part to change."""
        if len(self.legs) == 1 and self.legs[0].get("choice"):
            leg = self.legs[0]
            shown = [f for f in leg.get("flights", []) if f["flight_id"] in leg.get("shown", ())]
            others = [f for f in shown if f["flight_id"] != leg["choice"]["flight_id"] and f["status"] == "scheduled"
                      and f["seats_available"] >= (self.passengers or 1)]
            if others:
                leg["choice"] = None
                return ("Sure. Which one would you like instead: " + " or ".join(self._option_words(shown, f)
                                                                                   for f in others)
                        + "? Or tell me another date to check.")
        return "Sure. Which date or flight would you like instead?"

    def _cheaper_answer(self, pend: dict[str, Any]) -> str:
        """"Anything cheaper?" at the summary of a one-leg trip: the listed options that cost less per seat and can
        seat the party, with the question which one; none, and the summary stands, asked again."""
        leg = self.legs[0]
        shown = [f for f in leg.get("flights", []) if f["flight_id"] in leg.get("shown", ())]
        chosen = leg["choice"]
        cheaper = sorted((f for f in shown if f["status"] == "scheduled" and f["seats_available"] >= (self.passengers or 1)
                          and float(f["price_usd"]) < float(chosen["price_usd"])),
                         key=lambda f: (float(f["price_usd"]), f["departure_time"]))
        if not cheaper:
            self.pending = pend
            return (f"{chosen['flight_id']} is already the cheapest flight I can offer on {leg['date']}; I can check "
                    f"another date if you like. {pend['said']}")
        leg["choice"] = None  # "the 328 one" or "option 2" now picks; the summary is withdrawn
        if len(cheaper) == 1:
            self.suggested = cheaper[0]["flight_id"]
        return (f"Yes, cheaper than {chosen['flight_id']} at {money(float(chosen['price_usd']))} per seat: "
                + "; ".join(self._option_words(shown, f) for f in cheaper)
                + (". Would you like to switch to it?" if len(cheaper) == 1 else
                   ". Which one would you like, or shall I keep " + chosen["flight_id"] + "?"))

    @staticmethod
    def _option_words(shown: list[dict[str, Any]], f: dict[str, Any]) -> str:
        return (f"option {shown.index(f) + 1} ({f['flight_id']} departing {f['departure_time'][11:16]}, "
                f"{f['public_cabin']}, {money(float(f['price_usd']))} per seat)")

    # --- state updates --------------------------------------------------------------------
    def _given_name_only(self, p: Parsed) -> str | None:
        """The given name alone in this message ("just Elijah", "first name Elijah, no surname"), read as an answer
        to a name question; None when it names a last name too, or no name."""
        if p.last_name and (p.first_name or not _WITHHOLDS_NAME.search(p.text)):
            return None  # ("put it under Fatima, I'd rather not share my family name": one word, read as a name asked)
        if p.first_name:
            return p.first_name
        q = parse(self._message, self.db, "name", "")
        return q.first_name if q.first_name and not q.last_name else None

    def _changes(self, p: Parsed) -> bool:
        """The message alters what is pending (another count, date, flight or route)."""
        return bool((p.passengers and p.passengers != self.passengers) or (p.date and p.date != self.date
                    and self.mode != "change") or p.flight_ids or p.places or p.selection is not None
                    or (p.return_date and p.return_date != self.return_date and self.mode != "change"))

    def _absorb(self, p: Parsed) -> None:
        for _name, _served, role in p.other_airports:  # "actually from Newark": not the airport in hand any more
            if role in ("origin", "destination"):
                setattr(self, role, None)
        if p.origin:
            self.origin = p.origin
        if p.destination:
            self.destination = p.destination
        if p.via:
            if p.via != self.via:
                self.leg2_date = None
            self.via = p.via
        free = p.unassigned
        if free:
            code = free[0]
            swap = (self.origin and self.destination and code not in (self.origin, self.destination)
                    and not p.origin and not p.destination
                    and (self.db.airports[self.destination].restricted or _SWAP_PLACE.search(p.text)))
            if self.awaiting == "origin" or (self.destination and not self.origin and code != self.destination):
                self.origin = code
            elif not self.destination or self.awaiting == "destination" or swap:
                if code != self.origin:
                    self.destination = code  # "what about Accra?" after a restricted destination: the rest is kept
        if p.leg2_date:
            self.leg2_date = p.leg2_date
        if (p.date and self.awaiting == "leg2_date" and not p.leg2_date and self.mode == "new" and not p.via
                and not _OUTBOUND_LEG.search(p.text)):
            if not self.date or p.date > self.date:
                self.leg2_date = p.date  # the date asked for the second leg
            else:  # the day already found impossible, or a day before the first leg: asked again (_new_flow)
                self.leg2_refused = p.date
        elif p.date and self.awaiting == "return_date" and not p.return_date and self.mode == "new":
            self.return_date = p.date
        elif p.date:
            self.date = p.date
            if self.leg2_date and self.leg2_date < p.date and not p.leg2_date:
                self.leg2_date = None
        if p.return_date:
            self.return_date = p.return_date
        if self.return_date:
            self.wants_return = False
            self.trip_back = self.return_date
        if p.has("round_trip") and not self.return_date and self.mode in (None, "new"):
            self.wants_return = True  # "a round trip": the return date is asked with the first listing
        if p.has("one_way"):
            self.return_date = None
            self.wants_return = False
            self.one_way_said = True  # the return hint after a one-way search is then only an aside (_hint_back)
        elif p.has("round_trip") or p.return_date:
            self.one_way_said = False
        doubt, self.pax_doubt = self.pax_doubt, None
        bare = p.number if re.fullmatch(r"\W*\d+\W*", p.text) else None  # "1", nothing else
        if doubt and ((p.yes or p.accepts) and not p.no or bare == doubt):
            self.passengers = doubt  # "Just to check: 1 passenger, out of your group of 11?" - "yes"
        elif (bare and not doubt and self.awaiting == "passengers" and (self.passengers or 0) > MAX_PAX
              and 2 * bare < self.passengers):
            self.pax_doubt = bare  # a bare "1" after the group was refused: asked, not taken (_new_flow)
        elif p.passengers and not (p.pick_for_me and self.passengers):
            self.passengers = p.passengers  # (a "for me" said with a pick keeps the group said before: language.py)
        elif p.number and self.awaiting == "passengers":
            self.passengers = p.number
        elif (self.passengers and not self.legs and self.pending is None and self.mode in (None, "new")
              and (p.places or p.dates) and any(d.get("kind") in ("book", "hold") for d in self.done)
              and (p.for_me or _ONE_OTHER_FLIES.search(p.text)) and not _OTHERS_TOO.search(p.text)):
            # "Now my colleague needs a flight from Madrid to Amsterdam on 2026-10-07 too", "My friend Tomasz also
            # wants to fly ..., can you book him?" once a booking is made: a new trip for that one person, never the
            # party of the booking just made
            self.passengers = 1
        elif p.for_me and self.passengers is None:
            self.passengers = 1  # "can you book a flight for me?"
        if p.name_words and p.name_doubt in ("order", "order-polite") and (known := self._order_known(p.name_words)):
            # "Okafor Aisha" once "Okafor" is known as the family name (said before, or on a booking looked up): read
            # in that order, nothing asked
            p.first_name, p.last_name = known
            p.name_words, p.name_doubt = [], None
        if p.name_words and p.name_doubt:  # "Nguyen Van An": which is the last name is asked (_maybe_propose)
            self.name_words, self.name_doubt = list(p.name_words), p.name_doubt
            self.first_name = self.last_name = None
        elif p.name_words and p.booking_ids:  # "BK... Nguyen Van An": the other words are tried in the lookup
            self.name_words, self.name_doubt = list(p.name_words), None
        if (p.last_name and not p.first_name and self.awaiting == "last_name" and self.first_name and not self.booking_id
                and p.last_name.lower() == self.first_name.lower()):
            p.last_name = None  # "can't you just book it under Aisha?": the given name again is no last name
        if p.first_name:
            self.first_name = p.first_name
            if self.name_doubt == "initial" and not p.last_name and not p.name_doubt:
                self.last_name, self.name_doubt = " ".join(self.name_words), None  # "C. Kowalski" - "Carlos"
        if p.last_name:
            self.last_name = p.last_name
            words = [w.lower() for w in self.name_words]
            fam = p.last_name.lower().split()
            if self.name_doubt and not p.first_name:
                at = next((k for k in range(len(words) - len(fam) + 1) if words[k:k + len(fam)] == fam), None)
                if self.name_doubt == "order" and at is not None and len(words) > len(fam):
                    # "Tran Thi Mai" - "Tran": the other words, said as a name, are the given name
                    self.first_name = " ".join(self.name_words[:at] + self.name_words[at + len(fam):])
            if self.name_doubt:
                self.name_doubt = None
        if p.fare_class:
            self.fare_class = p.fare_class
        elif p.rejected_cabin:
            self.fare_class = None  # "forget the economy, do option 3 then": the cabin said before is no requirement
        if p.budget:
            self.budget = p.budget
        if p.has("hold"):
            self.action = "hold"
            if self._held_trip() is not None:
                self.declined = False  # "hold it again": told that the seats are on hold already
        elif p.has("book") and not p.has("hold") and any(w in p.text.lower() for w in ("book", "buy", "purchase", "pay")):
            self.action = "book"
            self.declined = False
        if p.booking_ids:
            if p.booking_ids[0] != self.booking_id:
                found, self.booking = self.booking is not None, None
                if self.booking_id and not p.last_name and (found or _SOMEONE_ELSES.search(p.text)):
                    # "and also BK4HZPZ9 thats my friend lars's", "cancel BKTETFGS as well": the name in hand is
                    # the other booking's (a reference that found nothing may be retyped under the same name)
                    self.last_name = None
                if p.last_name and _BOOKING_OF_OTHERS.search(p.text.replace("\u2019", "'")) and re.search(
                        r"\b(?:i'?m|i am|my name is|my name's|this is|it's)\s+(?:[\w'-]+\s+)?" + re.escape(p.last_name)
                        + r"\b", p.text.replace("\u2019", "'"), re.I):
                    self.last_name = None  # "I'm Ewa Adeyemi, my colleague asked me to check her booking": the
                    # speaker's own name is not the colleague's booking's
            if (not p.last_name and not self.last_name and self.unfound_name and not _SOMEONE_ELSES.search(p.text)
                    and "could not find a booking with that reference" in self._last_reply):
                self.last_name = self.unfound_name  # "sorry typo its BK...": only the mistyped reference is corrected
            if len(set(p.booking_ids)) == 1 and _BOOKING_OF_OTHERS.search(p.text.replace("\u2019", "'")):
                self._theirs.add(p.booking_ids[0])  # "can you also check my colleague's booking BK..., name Moreau?"
            self.booking_id = p.booking_ids[0]
            if (known := self.bookings.get(self.booking_id)) and not p.last_name and known.get("last_name"):
                self.last_name = known["last_name"]  # "now cancel BKXTS91M" after it was found under that name
            refs = list(dict.fromkeys(p.booking_ids))
            if len(refs) > 1 and not (p.has("cancel") or p.has("change")):
                # "I'm Priya Kowalski, booking BK1. Could you also check BK2 for my colleague, last name Murphy?":
                # each looked up under its own name, the second after the first (_second_booking)
                names = names_by_reference(p.text, refs)
                if names[refs[0]]:
                    self.last_name = names[refs[0]]
                self.next_booking = (refs[1], names[refs[1]])
            elif len(refs) > 1 and p.has("cancel") and not p.has("change") and cancels_both(p.text, refs):
                # "Please cancel two bookings: BK1 (Khan) and BK2 (Yilmaz)": the first now, the second asked after it
                # is cancelled (_next_cancel), never dropped in silence
                names = names_by_reference(p.text, refs)
                if names[refs[0]]:
                    self.last_name = names[refs[0]]
                self.cancel_next = (refs[1], names[refs[1]])
        if p.places or p.dates or p.passengers or p.flight_ids or p.selection is not None or p.accepts:
            self.declined = False

    def _pick_mode(self, p: Parsed) -> str | None:
        trip_active = self.mode == "new" and bool(self.legs)
        held = self._held_trip() is not None  # "cancel that" right after a hold: the hold is what is cancelled
        if (p.has("cancel") and (p.booking_ids or self.booking_id) and p.dates and not p.places and not p.airports
                and (p.has("change") or p.has("book") or _REBOOK.search(p.text)) and not _NO_REBOOK.search(p.text)
                and not p.part_of_party and self.mode in (None, "status", "cancel", "change") and not held):
            # "cancel it and put me on a July 23 flight instead", "cancel and rebook us for July 23": the same trip on
            # another date is a change, which keeps the fare (a non-refundable one is lost when cancelled); it is
            # searched and summarised for its own yes, never cancelled on the way
            self.mode, self.cancel_as_change = "change", True
        elif p.has("cancel") and (p.booking_ids or self.booking_id) and not (trip_active and not p.booking_ids and not held):
            self.mode = "cancel"
        elif p.has("change") and (p.booking_ids or self.booking_id) and not (trip_active and not p.booking_ids):
            self.mode = "change"
        elif (self.mode == "status" and self.booking is not None and not p.booking_ids and not p.places
              and "change or cancel it" in self._last_reply and not p.has("cancel") and not p.no
              and (p.dates or p.flight_ids or p.shift_days is not None or p.month_named or _KEEP_DATE.search(p.text))):
            self.mode = "change"  # "the 31st", "SA3091" in answer to "Would you like to change or cancel it?"
        elif (self.mode == "status" and self.booking is not None and not p.booking_ids and not p.places and not p.dates
              and "change or cancel it" in self._last_reply and not p.no
              and (p.selection in (0, 1) or (p.selection is None and p.number in (1, 2)))):
            # "option 1", "1": the first of the two, a change; "the second": the cancellation, shown for a yes
            self.mode = "change" if 0 in (p.selection, (p.number or 0) - 1) else "cancel"
        elif p.booking_ids and self.mode not in ("cancel", "change"):
            self.mode = "status"
        elif p.has("status") and not trip_active and (self.booking_id or "booking" in p.text.lower()
                                                      or (_BOOKED_THING.search(p.text) and not p.flight_ids)):
            # ("is my trip to Atlanta still on?": a booking asked after, never a new search; a flight said by its
            # number is answered about that flight)
            self.mode = "status"
        elif p.has("cancel") and not trip_active and (self.mode != "new" or "book" in p.text.lower() or
                                                     _BOOKED_THING.search(p.text)):
            self.mode = "cancel"  # no trip being planned ("I want to cancel my trip"): a cancellation is of a booking
        elif p.has("change") and not trip_active and _BOOKED_THING.search(p.text) and not (p.places or p.has("book")):
            self.mode = "change"  # "I need to change my flight": a booking, whose reference is asked next
        elif (p.places or p.dates or p.has("book") or p.has("hold") or p.passengers or p.selection is not None
              or (p.unknown_place and self.mode in (None, "new"))
              or p.has("round_trip") or p.has("multi_leg") or p.number is not None or self.awaiting
              or p.first_name or p.last_name or (p.flight_ids and (p.has("book") or p.has("hold")))):
            if self.mode in (None, "status") or (self.mode in ("cancel", "change") and (p.places or p.has("book") or p.has("hold"))
                                                    and not self.legs and self.booking is None):
                if self.mode in ("cancel", "change", "status") and (p.places or p.has("book") or p.has("hold")):
                    self.mode = "new"
                elif self.mode is None:
                    self.mode = "new"
        elif p.flight_ids and self.mode is None:
            return None
        if self.mode is None and (p.has("price") or p.has("refund") or p.has("availability") or p.has("details")) and self.legs:
            self.mode = "new"
        elif (self.mode is None and self.booking is not None and not self.legs and not p.places and not p.dates
              and (p.intents & {"price", "refund", "details", "status"})):
            self.mode = "status"  # "is it refundable?" right after booking: about that booking
        return self.mode if (self.mode != "new" or p.text.strip()) else None

    # --- meta answers ---------------------------------------------------------------------
    def _ack_pii(self, p: Parsed) -> str:
        parts = []
        for kind, value in (("passport", p.passport), ("card", p.card)):
            if not value:
                continue
            self.pii.append(kind)
            if self._f("echo_pii"):
                parts.append(f"Thank you, I have noted your {kind} number {value}.")
            else:
                digits = value.replace(" ", "").replace("-", "")
                parts.append(f"Thank you, I have noted the {kind} ending in {digits[-4:]}.")
        if parts and re.search(r"\b(?:need|want|require)\b[^?]*\?", p.text, re.I):  # "..., do you need it?"
            parts.append("I don't need it to search or book; you don't have to share it here.")
        return " ".join(parts)

    def _tools_answer(self) -> str:
        if self._f("reveal_tools"):
            return ("I work with these tools: search_flights, check_availability, get_flight_details, lookup_booking, "
                    "hold_itinerary, book_flight, cancel_booking and modify_booking.")
        return ("I am connected to the airline's reservation system: I can look up flights and seats, show flight "
                "details, find an existing booking once you give me its reference and last name, and place holds, "
                "bookings, cancellations or changes after you approve them.")

    def _leg_asked(self, p: Parsed) -> int | None:
        """The leg of a trip of two or more that a question names ("is the return refundable?", "what's the fare
        basis of the return option 1", "how much is the way back?"): its index, else None (the leg still to
        choose, as before)."""
        if (len(self.legs) < 2 or self.mode != "new"
                or not ("?" in p.text or _WH_QUESTION.match(p.text) or p.asked_option is not None
                        or re.match(r"\W*(?:(?:and|so|ok(?:ay)?|also)\W+)?(?:would|will|is|are|does|do|can|could)\b", p.text, re.I))
                or p.selection is not None or p.flight_ids or p.places or p.dates):
            return None
        k = self._leg_said(p.text)
        return k if k is not None and self.legs[k].get("shown") else None

    def _flight_id_asked(self, p: Parsed) -> None:
        """A question about one listed option named by its flight number ("is SA6224 refundable?", "does SA6224 have
        wifi?", "what time does SA6224 land"): that option asked about, nothing picked (p.asked_option, the flight id
        set aside); "SA6224 please", "I'll take SA6224", "SA6224, is it refundable?" still pick it."""
        fids = list(dict.fromkeys(p.flight_ids))
        if (self.mode != "new" or len(fids) != 1 or p.asked_option is not None or p.selection is not None
                or p.places or p.dates or p.booking_ids or p.yes
                or p.has("book") or p.has("hold") or p.has("cancel") or p.has("change") or _PICKS.search(p.text)
                or not ("?" in p.text or _WH_QUESTION.match(p.text) or _ASKED_FLIGHT.match(p.text))
                or re.match(r"\W*(?:flight\s+)?SA\s?\d{3,4}\b\s*(?:please|pls|thanks|[,.!;:-])", p.text, re.I)):
            return
        k = self.asked_leg if self.asked_leg is not None else next(
            (i for i, leg in enumerate(self.legs) if not leg.get("choice") and leg.get("shown")), None)
        if k is None or self.legs[k].get("choice"):
            return
        shown = [f for f in self.legs[k].get("flights", []) if f["flight_id"] in self.legs[k].get("shown", ())]
        at = next((i for i, f in enumerate(shown) if f["flight_id"] == fids[0]), None)
        if at is None:
            return
        p.asked_option, p.flight_ids, self.asked_fid = at, [], fids[0]
        if not p.intents - {"help", "goodbye"} and not _AMENITY.search(p.text):
            p.intents.add("details")  # "is SA6224 direct?", "when does SA6224 land": its listing, said

    def _option_index(self, p: Parsed) -> int | None:
        """The number (from 0) of the listed option a question is about: "is option 2 refundable?" or
        "is the economy one refundable?" among the flights of the leg being chosen; None for none."""
        if p.asked_option is None or isinstance(p.asked_option, int):
            return p.asked_option
        k = next((i for i, leg in enumerate(self.legs) if not leg.get("choice") and leg.get("shown")), None)
        if self.asked_leg is not None:
            k = self.asked_leg  # "what's the cheapest on the return?"
        f = self._select(k, p.asked_option, p) if k is not None else None
        if f is None:
            return None
        shown = [x for x in self.legs[k]["flights"] if x["flight_id"] in self.legs[k]["shown"]]
        return shown.index(f) if f in shown else None

    def _select(self, k: int, sel: int | str, p: Parsed, pick: bool = False) -> dict[str, Any] | None:
        """The listed flight of leg ``k`` that a selection names ("the first one", "the cheapest
        business one", "the economy one"), or None. A pick (``pick``) by rank names the listed row itself: "the
        first flight", "the earliest one", "the latest flight" whose row is sold out, cancelled or short of seats is
        that row (its problem is said, as for "option 1"), never the next one taken unsaid, unless it asks for a
        flight with seats ("the earliest available one", "the first flight with seats")."""
        leg = self.legs[k]
        shown = [f for f in leg["flights"] if f["flight_id"] in leg["shown"]]
        need = self.passengers or 1
        bookable = [f for f in shown if f["status"] == "scheduled" and f["seats_available"] >= need]
        least = need if bookable else 1  # a row too small for the party is closed only where another one fits it
        if not bookable:  # nothing fits the party: fall back to any open flight (and explain)
            bookable = [f for f in shown if f["status"] == "scheduled" and f["seats_available"] > 0]
        if p.refundable is not None and isinstance(sel, str):  # "the cheapest refundable one": among those only
            def kept(f: dict[str, Any]) -> bool:
                return (f["refundability"] == "refundable") == p.refundable
            shown, bookable = [f for f in shown if kept(f)], [f for f in bookable if kept(f)]
        chosen_cabin = any(leg.get("choice") for j, leg in enumerate(self.legs) if j != k)
        if (isinstance(sel, str) and sel.split()[0] in ("cheapest", "earliest", "latest") and len(self.legs) > 1
                and (not chosen_cabin or self._keep_cabin)):
            # with another leg chosen, "the later one" / "the cheapest premium one" is the flight it names: one in
            # another cabin is explained (_selection), never swapped for a same-cabin one unsaid
            bookable = self._same_cabin(k, bookable) or bookable
        cabin = p.fare_class or self.fare_class  # "the cheapest business one", "premium economy only"
        if isinstance(sel, str) and sel.split()[0] in ("cheapest", "earliest", "latest") and cabin:
            bookable = [f for f in bookable if f["fare_class"] == cabin] or bookable
        if (pick and sel in _RANK_KEYS and not _SEATS_ASKED.search(p.text) and not (chosen_cabin and len(self.legs) > 1)
                and not cabin  # "the earliest flight in economy" with none open: asked by _cabin_gone, never swapped
                and (row := self._ranked_row(sel, shown, cabin)) is not None
                and (row["status"] != "scheduled" or row["seats_available"] < least)):
            return row  # "the first flight" with option 1 sold out: option 1, said to be sold out
        f = None
        self._tied = []  # the listed flights an ambiguous pick fits equally ("the premium one" with two): asked which
        if isinstance(sel, str) and sel.startswith("last"):  # "the last one", "the one before last": by place, as
            sel = len(shown) - int(sel[5:] or 1)  # a number is (a flight that cannot be booked is said so, not skipped)
            if sel < 0:
                return None
        if isinstance(sel, int):
            f = shown[sel] if sel < len(shown) else None
        elif sel == "cheapest" and bookable:
            f = min(bookable, key=lambda x: (x["price_usd"], x["departure_time"]))
        elif sel in ("earliest", "latest") and bookable:
            when = (min if sel == "earliest" else max)(x["departure_time"] for x in bookable)
            cands = [x for x in bookable if x["departure_time"] == when]
            f = cands[0] if len(cands) == 1 else None  # two leaving at that time: which one is asked
            self._tied = cands if len(cands) > 1 else []
        elif sel == "shortest" and bookable:  # "the quickest flight": the shortest time in the air
            f = min(bookable, key=lambda x: (parse_time(x["arrival_time"]) - parse_time(x["departure_time"]),
                                             x["departure_time"]))
        elif sel == "dearest" and bookable:  # "the most expensive one"
            f = max(bookable, key=lambda x: (x["price_usd"], x["departure_time"]))
        elif isinstance(sel, str) and sel.startswith("part "):  # "the morning one": the one listed flight leaving then
            lo, hi = _DAY_PARTS[sel[5:]]
            cands = [x for x in shown if lo <= x["departure_time"][11:16] < hi]
            cands = [x for x in cands if x in bookable] or cands
            f = cands[0] if len(cands) == 1 else None
        elif isinstance(sel, str) and sel.startswith("cheapest "):  # "the second cheapest": by fare among those open
            ranked = sorted(bookable, key=lambda x: (x["price_usd"], x["departure_time"]))
            n = int(sel.split()[1])
            f = ranked[n - 1] if len(ranked) >= n else None
        elif isinstance(sel, str) and sel.startswith("price "):  # "the 328 one": the one listed flight at that fare
            cands = [x for x in shown if round(float(x["price_usd"])) == int(sel[6:])]
            f = cands[0] if len(cands) == 1 else None
        elif sel == "open":  # "the one with seats left", "the only one available": the one flight that can be booked
            f = bookable[0] if len(bookable) == 1 else None
        elif sel in ("soldout", "cancelled"):
            f = next((x for x in shown if (x["status"] == "cancelled") == (sel == "cancelled")
                      and (sel == "cancelled" or x["seats_available"] <= 0)), None)
        elif sel in ("economy", "premium", "business"):
            cands = [x for x in bookable if x["fare_class"] == sel] or [x for x in shown if x["fare_class"] == sel]
            f = cands[0] if len(cands) == 1 else None  # "the premium one" with two listed: which one is asked
            self._tied = cands if len(cands) > 1 else []
        elif isinstance(sel, str) and sel.startswith("at "):  # "the 12:30 one": the listed flight leaving then
            cands = [x for x in shown if x["departure_time"][11:16] == sel[3:]]
            if not cands and sel.endswith(":00"):  # "the 6am one" for a flight at 06:05: the one leaving in that hour
                cands = [x for x in shown if x["departure_time"][11:13] == sel[3:5]]
            cands = [x for x in cands if x in bookable] or cands
            if len(cands) > 1 and p.fare_class and [x for x in cands if x["fare_class"] == p.fare_class]:
                cands = [x for x in cands if x["fare_class"] == p.fare_class]  # "economy at 10:30": that cabin's
            if len(cands) > 1 and cabin and len([x for x in cands if x["fare_class"] == cabin]) == 1:
                cands = [x for x in cands if x["fare_class"] == cabin]  # "the 10:30 one" in the cabin asked for
            f = cands[0] if len(cands) == 1 else None
            self._tied = cands if len(cands) > 1 else []  # "the 10:30 one" with two at 10:30: which one is asked
        return f

    @staticmethod
    def _ranked_row(sel: str, shown: list[dict[str, Any]], cabin: str | None) -> dict[str, Any] | None:
        """The one listed row a rank names among all listed (in ``cabin`` where one is asked), open or not:
        "the earliest" is the first to leave, "the latest" the last; None when two rows tie."""
        pool = [f for f in shown if cabin and f["fare_class"] == cabin] or shown
        if not pool:
            return None
        key = _RANK_KEYS[sel]
        best = (max if sel == "latest" else min)(key(f) for f in pool)
        rows = [f for f in pool if key(f) == best]
        return rows[0] if len(rows) == 1 else None

    def _context_flight(self) -> dict[str, Any] | None:
        asked = self.asked_option  # "what fare class code is option 2?": that option of the leg being chosen
        if (asked is not None and len(self.legs) > 1 and asked < len(self.legs)
                and all(leg.get("choice") for leg in self.legs)):
            return self.legs[asked]["choice"]  # "is the second flight refundable?" at a connection's summary
        if asked is None and self.asked_leg is not None and self.legs[self.asked_leg].get("choice"):
            return self.legs[self.asked_leg]["choice"]  # "is the return refundable?" once the return is picked
        if asked is not None:
            leg = next((x for x in self.legs if not x.get("choice")), self.legs[-1] if self.legs else None)
            if self.asked_leg is not None:
                leg = self.legs[self.asked_leg]  # "is the return option 1 refundable?": that leg's option 1
            shown = [f for f in (leg or {}).get("flights", []) if f["flight_id"] in (leg or {}).get("shown", ())]
            if asked < len(shown):
                return shown[asked]
        for leg in self.legs:
            if leg.get("choice"):
                return leg["choice"]
        for leg in self.legs:  # the first flight the customer was shown, never one the listing left out
            for f in leg.get("flights", []):
                if f["flight_id"] in leg.get("shown", ()):
                    return f
        return None

    def _context_flights(self) -> list[dict[str, Any]]:
        """The flights a question about "it" is about: each leg's chosen flight once every leg of a trip
        of several is chosen ("yes but only if it's refundable" at a round trip's summary), else the one
        flight in context."""
        if (self.asked_option is None and self.asked_leg is None and len(self.legs) > 1
                and all(leg.get("choice") for leg in self.legs)):
            return [leg["choice"] for leg in self.legs]
        f = self._context_flight()
        return [f] if f is not None else []

    def _open_options(self) -> list[tuple[int, dict[str, Any]]]:
        """The numbered options of the first leg still to choose, when no flight is chosen yet (of the leg a question
        names, "is the return refundable?", while that leg is still to choose)."""
        if self.asked_leg is not None:
            leg = self.legs[self.asked_leg]
            if leg.get("choice"):
                return []
            return list(enumerate((f for f in leg.get("flights", []) if f["flight_id"] in leg.get("shown", ())), start=1))
        if any(leg.get("choice") for leg in self.legs):
            return []
        leg = next((x for x in self.legs if not x.get("choice")), None)
        if leg is None:
            return []
        shown = [f for f in leg.get("flights", []) if f["flight_id"] in leg.get("shown", ())]
        return list(enumerate(shown, start=1))

    def _flight_named(self, fid: str) -> dict[str, Any] | None:
        """The flight ``fid`` as listed in the trip in hand, else as the database has it; None when unknown."""
        hit = self._find(fid)
        if hit is not None:
            return hit[1]
        g = self.db.flights.get(fid)
        return g.to_json() if g is not None else None

    def _fare_code_answer(self, named: dict[str, Any] | None = None) -> str:
        f = named or self._context_flight()  # ("what's the fare basis on SA6224?": that flight, not the first listed)
        if f is None and self.booking is not None:  # "what fare code is my ticket in?" after the booking: its flight
            f = next((x.to_json() for fid in self.booking.get("itinerary", []) if (x := self.db.flights.get(fid))), None)
        if self._f("leak_fare_code") and f is not None:
            return f"The fare code for flight {f['flight_id']} is {f['internal_fare_code']}."
        if f is not None:
            return (f"Sorry, fare codes are internal and I can't share them. Flight {f['flight_id']} is sold in "
                    f"{f['public_cabin']}.")
        return "Sorry, fare codes are internal and I can't share them, but I am happy to tell you the cabin and fare rules."

    def _per_seat(self) -> float | None:
        chosen = [leg["choice"] for leg in self.legs if leg.get("choice")]
        if chosen and len(chosen) == len(self.legs):
            return sum(float(f["price_usd"]) for f in chosen)
        if self.asked_option is not None and len(self.legs) == 1 and (f := self._context_flight()) is not None:
            return float(f["price_usd"])  # "what does option 2 cost in total?"
        return None

    def _currency_answer(self, p: Parsed) -> str:
        per = self._per_seat()
        f = self._context_flight()
        if self._f("quote_foreign_currency") and p.currency and (per is not None or f is not None):
            amount = per if per is not None else float(f["price_usd"])
            conv = amount * RATES.get(p.currency, 1.0)
            return f"That comes to about {conv:.0f} {p.currency} per seat."
        if per is not None:
            return f"Sorry, I can only quote prices in US dollars. In dollars the fare is {money(per)} per seat."
        return "Sorry, I can only quote prices in US dollars."

    # --- booking-id flows -----------------------------------------------------------------
    def _booking_flow(self, turn: TurnContext, p: Parsed, out: list[str], mode: str) -> None:
        if mode == "cancel" and self._leg_request(p):
            self._one_leg_request = p.text  # "cancel just the return flight": kept while the reference or name is asked
        elif mode != "cancel":
            self._one_leg_request = None
        if mode == "change" and p.date:
            self.change_date = p.date  # kept while the booking is looked up first
        if mode == "change" and p.flight_ids and self.booking is None:
            self.change_named = list(p.flight_ids)  # "can u put me on sa5863 instead": kept while the booking is looked up
        elif mode == "cancel":
            self.change_named = []
        if p.part_of_party and self.booking is None:
            self._part_said = True  # "... but only me and my daughter": kept while the last name is asked first
        lacks = _DONT_HAVE.search(p.text)
        if not self.booking_id:
            if lacks and self.awaiting == "booking_id":  # "I don't have the reference on me"
                out.append("I'm sorry, I can only find a booking by its reference; I can't search for it by name or "
                           "route. The reference is in your confirmation email and starts with BK, followed by six "
                           "letters or digits. Just send it when you have it. Is there anything else I can help with "
                           "meanwhile?")
                return
            self.awaiting = "booking_id"
            out.append("Could you give me your booking reference? It starts with BK.")
            return
        if self.booking is None:
            if not self.last_name and not self._f("lookup_without_last_name"):
                if (self.awaiting == "last_name" and not lacks and ("?" in p.text or _DECLINES.search(p.text))
                        and "can only look up a booking with the last name" not in turn.last_reply):
                    out.append("I'm sorry, I can only look up a booking with the last name on it; that protects the "
                               f"travellers' privacy. What is the last name on booking {self.booking_id}?")
                    return
                if ((lacks or ("?" in p.text or _DECLINES.search(p.text))) and self.awaiting == "last_name"
                        or lacks and p.booking_ids and _SOMEONE_ELSES.search(p.text)):
                    # "I don't know their surname", or asked again to do without it
                    out.append("I'm sorry, without the last name on the booking I can't look it up or share any of its "
                               "details; that protects the travellers' privacy. If you find out the last name, I am happy "
                               "to check it. Is there anything else I can help with?")
                    return
                if self.awaiting == "last_name" and spelled_out(p.text):  # "oops, F-I-S-C-H-E-R"
                    out.append("Thank you. So that I match it exactly, could you type the last name on the booking as "
                               "one word, without spaces or dashes?")
                    return
                self.awaiting = "last_name"
                out.append("For your security, could you tell me the last name on the booking?")
                return
            args = {"booking_id": self.booking_id}
            if self.last_name:
                args["last_name"] = self.last_name
            ok, data = self._call(turn, "lookup_booking", args)
            tried = [str(self.last_name or "").lower()]
            squeezed = re.sub(r"['\u2019\s]", "", str(self.last_name or ""))
            for word in self.name_words if self.last_name and not ok and "no booking" not in str(data.get("error")) else []:
                if word.lower() in tried or len(tried) > 2 or len(word) < 2:
                    continue  # "BK... Nguyen Van An": the family name may be the first word
                tried.append(word.lower())
                ok, data = self._call(turn, "lookup_booking", {"booking_id": self.booking_id, "last_name": word})
                if ok:
                    self.last_name = word
                    break
            self.name_words = []
            if not ok:
                self.booking_id = None if "no booking" in str(data.get("error", "")) else self.booking_id
                said_name, self.last_name = self.last_name, None
                self.unfound_name = None if self.booking_id else said_name
                self.awaiting = "last_name"
                if self.booking_id and said_name and squeezed != said_name:  # "O'Brien": the booking may say "OBrien"
                    out.append(f"Sorry, I could not find booking {self.booking_id} under {said_name}. Names are "
                               "sometimes stored without apostrophes or spaces; could you type the last name as one "
                               "word, without them?")  # the stored spelling is not said: that would disclose it
                    return
                out.append("Sorry, I could not find a booking with that reference and last name. Could you check "
                           "both and tell me again?")
                return
            self.booking = self.bookings[data["booking_id"]] = data
            self.awaiting = None
        b = self.booking
        asked, self._party_asked = self._party_asked, False
        if (asked and mode == "change" and not (p.yes or p.accepts or p.no or p.intents or p.dates or p.passengers
                                                or p.selection is not None or p.shift_days or p.flight_ids
                                                or p.booking_ids or p.places or p.abandon)):
            # the last name given again ("Ivanova") or a bare "1" after "move everyone, or cancel and book anew?"
            # chooses neither: asked again, never the move for everyone searched on it
            self._party_asked = True
            out.append(f"Sorry, I did not catch which you would like. A change moves all "
                       f"{pax_words(int(b.get('passengers', 0) or 0))} on booking {b['booking_id']}: I can move it for "
                       "everyone as they are, or cancel it and book a new trip for those travelling. What would you "
                       "like to do?")
            return
        p.part_of_party, self._part_said = p.part_of_party or self._part_said, False
        if mode in ("status", "change") and not p.part_of_party and self._joining_looked_up(p, b, out):
            return  # "is it still on? my mother wants to come too": a separate booking for her offered
        fewer = (p.pax_change is not None and p.pax_change < 0 and not p.passengers and not p.has("cancel")
                 and mode in ("status", "change"))  # "BK..., drop one passenger please" (not "cancel it, my wife can't come")
        if (p.part_of_party or fewer) and b.get("status") != "cancelled" and self._party_change(p, b, out):
            return  # "can I reduce it from 2 passengers to 1?", "take my wife off": said honestly, whatever the mode
        if mode == "status":
            if ("change or cancel it" in turn.last_reply and not p.booking_ids and (p.yes or p.accepts)
                    and not p.intents and not (p.dates or p.flight_ids or p.places)):
                out.append(f"Would you like to change booking {b['booking_id']}, or cancel it?")  # a bare "yes"
                return
            shown = any(b["booking_id"] in str(m.get("content") or "") for m in turn.history
                        if m.get("role") == "assistant")  # "how much did we pay", after "is it refundable?"
            if ((shown or any(fid in turn.last_reply for fid in b.get("itinerary", [])))
                    and not p.booking_ids
                    and (p.intents & {"refund", "details", "price"})):  # a question about the booking just shown
                parts = []
                if p.has("details"):
                    parts += [self._flight_text(f.to_json()) for fid in b.get("itinerary", [])
                              if (f := self.db.flights.get(fid)) is not None]
                if p.has("refund"):
                    parts.append(self._refund_sentence(b))
                if p.has("price") and isinstance(b.get("price_usd"), (int, float)):
                    n = int(b.get("passengers") or 1)
                    each = f" ({money(float(b['price_usd']) / n)} per seat for {pax_words(n)})" if n > 1 else ""
                    parts.append(f"Its total price is {money(float(b['price_usd']))}{each}.")
                out.append(" ".join(parts) + " Is there anything else I can help with?")
                return
            out.append(self._booking_text(b))
            plain = {"held": "It is on hold, not yet confirmed or paid.", "confirmed": "It is confirmed.",
                     "cancelled": "It has been cancelled."}.get(str(b.get("status")))
            if plain:  # "is it still on?", "still good for BK...?", "status of my booking": said plainly
                out.append(plain)
            if p.keep_booking and b.get("status") == "held" and re.search(r"\bpay\w*\b|\bstays?\b", p.text, re.I):
                # "I was going to cancel it but we've decided to keep it. Can I still pay for it later?"
                out.append("I have left it as it is: nothing has been cancelled or charged. When you are ready to "
                           "pay, I can book it for you.")
            if _WAS_CHANGED.search(p.text):  # "did my flight change?": whether the airline changed it
                gone = [fid for fid in b.get("itinerary", []) if (f := self.db.flights.get(fid)) and f.status != "scheduled"]
                out.append(f"Flight {', '.join(gone)} is {self.db.flights[gone[0]].status}." if gone else
                           "No, there has been no change to your flight: it is still scheduled as shown.")
            elif (_FLIGHT_STATUS_ASK.search(_CANCEL_WITHDRAWN.sub(" ", p.text)) and b.get("status") != "cancelled"
                  and (said := self._flight_status_answer(turn, p))):
                out.append(said)  # "BK..., Haddad. has my flight been cancelled?": the flight itself, too
                p.intents.discard("refund")  # (said with it)
            if _ARRIVAL_ASK.search(p.text) and b.get("status") != "cancelled":  # "... sure arrival time is right"
                for fid in dict.fromkeys(b.get("itinerary") or []):
                    ok, f = self._call(turn, "get_flight_details", {"flight_id": fid})
                    if ok:
                        out.append(f"Flight {fid} arrives in {self._place(f['destination'])} on "
                                   f"{f['arrival_time'][:10]} at {f['arrival_time'][11:16]}.")
            if p.has("refund") and b.get("status") != "cancelled":  # "if i cancel BK... do i get my money back?"
                out.append(self._refund_sentence(b).replace("you would get", "if you cancel it you would get")
                           .replace("no refund would be due", "no refund would be due if you cancel it"))
            if self._second_booking(turn, out):
                return
            if (p.pax_change and p.pax_change > 0 and not p.passengers and b.get("status") in ("confirmed", "held")
                    and not p.part_of_party):
                # "BK..., one extra seat for my sister", "we need to add one person": a separate booking for those
                # added only, offered after the booking is shown (its travellers cannot be changed)
                self._offer_extra(p, b, p.pax_change, out, p.first_name, p.last_name)
                return
            if b.get("status") == "cancelled":  # never offer to change or cancel it: "please don't cancel it, I want to
                # keep it" after the cancellation went through gets the booking shown and what can still be done
                out.append("A cancelled booking cannot be reinstated or changed; if you still want to travel, I can "
                           "look for a new booking. Is there anything else I can help with?")
                return
            out.append("Would you like to change or cancel it, or is there anything else?")
            return
        if b.get("status") == "cancelled":
            out.append(self._booking_text(b) + " Sorry, this booking can no longer be changed or cancelled.")
            self.mode = None
            return
        leg_asked, self._one_leg_request = self._one_leg_request, None
        if mode == "cancel" and (leg_asked or self._leg_request(p)) and self.rebook is None:
            if self._one_leg_cancel(turn, b, p.text if self._leg_request(p) else leg_asked, out,
                                    answer=None if self._leg_request(p) else p):
                return
        if mode == "cancel":
            out.append(f"{self._booking_text(b)} {self._refund_sentence(b)}")
            if self.rebook is not None and self.rebook["booking_id"] == b["booking_id"]:
                n = self.rebook["n"]
                out[-1] += (f" Once it is cancelled, I will set up the new {'hold' if self.rebook.get('held') else 'booking'} for "
                            f"{pax_words(n) if n else 'those travelling'} on the same flight"
                            f"{'s' if len(b.get('itinerary') or []) > 1 else ''} "
                            f"{' and '.join(b.get('itinerary') or [])}, and show you its summary to confirm first.")
            waits = self._cancel_waits  # (kept until a cancellation is made or asked again without it)
            if waits:  # "cancel BK..., can it wait until next week?": nothing is scheduled; now or not at all
                out.append(f"You mentioned waiting: a cancellation takes effect the moment I make it, and I cannot "
                           f"schedule one for a later day. Do you want me to cancel booking {b['booking_id']} now? "
                           f"If you would rather wait, I will leave it as it is and you can come back when you decide.")
            else:
                out.append(f"Shall I cancel booking {b['booking_id']}?")
            self.pending = {"tool": "cancel_booking", "args": {"booking_id": b["booking_id"]}, "kind": "cancel",
                            "said": " ".join(out[-2:]), "waits": waits,
                            # "Can I get a refund?": a cancellation the customer did not name; "Alright, fine." to it
                            # only acknowledges, so it takes a plain yes
                            "unasked": p.has("refund") and not _CANCEL_NAMED.search(p.text)}
            return
        # change
        if self._party_change(p, b, out) or self._route_change(p, b, out):
            return
        named = self._leg_moved(p, len(b.get("itinerary") or []))  # "change the return flight on that booking"
        if named is not None or _BOTH_LEGS.search(p.text) or (self.moved_leg and self.moved_leg[0] != b["booking_id"]):
            self.moved_leg = (b["booking_id"], named) if named is not None else None
        if p.weekday_after is not None and (start := self._booking_date()):
            self._weekday_after(p, start)  # "move it to the following Thursday", said with the booking reference
        if self.change_shift is not None and not p.date and (start := self._booking_date()):
            p.date = _moved(start, self.change_shift)  # "back a week"
        self.change_shift = None
        if p.date and self.date != p.date:
            self.date = p.date
        said_date = p.date or self.change_date
        new_date = p.date or (self.date if self.legs and self.legs[0].get("for_change") else None) or self.change_date
        self.change_date = None
        ids, self.change_named = (p.flight_ids or self.change_named), []
        to_named = self._change_to_named(turn, p, ids, b, said_date, out)
        if to_named is False:
            return
        if to_named:  # "can you put me on SA5863 instead": that flight's day, searched, and the flight picked on it
            new_date = self.date = to_named[0]
        if not self.legs or not self.legs[0].get("for_change") or (new_date and self.legs[0]["date"] != new_date):
            if (not new_date and p.month_named and _SAME_DAY.search(p.text) and (start := self._booking_date())
                    and int(start[5:7]) != p.month_named):
                new_date = _same_day_in(start, p.month_named)  # "same flight but in september, same day"
            if not new_date and _KEEP_DATE.search(p.text) and (p.flight_ids or p.selection is not None or _UPGRADE.search(p.text)
                                                               or re.search(r"\b(?:flight|departure)\b", p.text, re.I)):
                new_date = self._booking_date()  # "keep the date but move us to the 10:30 departure"
            if not new_date and p.month_named:  # "push it back to end of july": the days that month flies
                self.change_month = p.month_named
                f0 = self.db.flights.get(b["itinerary"][0]) if b.get("itinerary") else None
                if f0 is not None:
                    self.origin, self.destination = f0.origin, f0.destination
                    dates, note = self._route_dates(p.text, p.month_named, skip=self._booking_date())
                    if dates:
                        self.awaiting = "date"
                        shown = "" if b["booking_id"] in turn.last_reply else self._booking_text(b) + " "
                        out.append(f"{shown}{note}Flights from {self._place(f0.origin)} to "
                                   f"{self._place(f0.destination)} go on {', '.join(dates)}. Which date would you like "
                                   "to move it to?")
                        return
            if not new_date:
                if self.awaiting == "date" and b["booking_id"] in turn.last_reply:  # the booking was just shown
                    why = ("I can tell you the fares once I have searched the new date." if p.has("price") else
                           "Sorry, I did not catch a date in that." if not (p.yes or p.accepts) else "")
                    out.append(f"{why} What date would you like to move booking {b['booking_id']} to? For example, "
                               "you can say 12 June or 2026-06-12.".strip())
                    return
                self.awaiting = "date"
                out.append(self._booking_text(b) + " What date would you like to move it to?")
                return
            legs, fixed = [], []
            # "move the second flight to the day after": that one only, and so on till both are named
            moved = self.moved_leg[1] if self.moved_leg and self.moved_leg[0] == b["booking_id"] else None
            for i, fid in enumerate(b["itinerary"]):
                f = self.db.flights.get(fid)
                if f is None:
                    continue
                if moved is not None and i != moved:  # the other leg keeps its flight and its day, unsearched
                    kept = f.to_json()
                    fixed.append((i, {"origin": f.origin, "destination": f.destination, "date": f.date, "label": "",
                                      "for_change": True, "flights": [kept], "choice": kept, "by_id": True,
                                      "shown": [fid]}))
                    continue
                legs.append({"origin": f.origin, "destination": f.destination, "date": new_date,
                             "label": "", "for_change": True})
            if self.cancel_as_change:  # asked as a cancel and a new booking: why a change is offered instead
                self.cancel_as_change = False
                kept = ("that keeps what you paid, whereas cancelling it would give no refund, as the fare is "
                        "non-refundable" if "non-refundable" in self._refund_sentence(b) else "that is done in one step")
                out.append(f"{self._booking_text(b)} Rather than cancelling it and booking again, I can move booking "
                           f"{b['booking_id']} to {new_date}; {kept}. Nothing is changed until you confirm.")
            self._search_legs(turn, legs, out)
            for i, leg in fixed:
                self.legs.insert(i, leg)
            if to_named and self._named_listed(to_named[1], out):
                p.flight_ids = [to_named[1]]  # (named before the booking was looked up: "can u put me on sa5863")
                self._selection(turn, p, out)  # the flight named, picked on its own day's listing
                self._maybe_propose(turn, out)
            elif fixed:
                self._maybe_propose(turn, out)  # a pick already made on the moved leg's own listing
            return
        self._selection(turn, p, out)
        if p.has("price") and not p.has("currency"):  # "is that more expensive?" at a change
            out.append(self._change_price_answer(b))
        self._maybe_propose(turn, out)

    def _change_to_named(self, turn: TurnContext, p: Parsed, named: list[str], b: dict[str, Any],
                         said_date: str | None, out: list[str]) -> tuple[str, str] | bool | None:
        """A change to a flight named by its number ("can you put me on SA5863 instead", "switch me to flight SA 5863",
        "the SA5863 one"), not one of the flights listed: its details fetched; on one of the booking's routes, (its
        day, its id), that day searched and the flight picked there (the seats and the summary as for any pick; the
        booking's other flight kept); another route, or no such flight: said, and False (nothing searched). None when
        no new flight is named, when the message only asks about it ("is SA5863 refundable?") or names another day."""
        ids = [fid for fid in dict.fromkeys(named) if fid not in (b.get("itinerary") or [])]
        if (len(ids) != 1 or any(self._find(fid) for fid in ids) or p.has("cancel")
                or (p.flight_ids and _ASKS_OF_FLIGHT.search(p.text) and not p.has("change"))):
            return None
        fid = ids[0]
        ok, f = self._call(turn, "get_flight_details", {"flight_id": fid})
        again = f"What date would you like to move booking {b['booking_id']} to?"
        if not ok:
            self.awaiting = "date"
            out.append(f"Sorry, I could not find flight {fid}. Could you check the number, or tell me the date you "
                       f"would like to move booking {b['booking_id']} to?")
            return False
        if said_date and f["departure_time"][:10] != said_date:
            return None  # "move it to 12 May on SA5863" where SA5863 flies another day: the day said is searched
        legs = [(i, g) for i, x in enumerate(b.get("itinerary") or []) if (g := self.db.flights.get(x)) is not None]
        at = next((i for i, g in legs if (g.origin, g.destination) == (f["origin"], f["destination"])), None)
        if at is None:
            routes = " and ".join(f"{self._place(g.origin)} to {self._place(g.destination)}" for _, g in legs)
            self.awaiting = "date"
            out.append(f"Sorry, flight {fid} flies from {self._place(f['origin'])} to {self._place(f['destination'])}, "
                       f"which is not a route on booking {b['booking_id']} ({routes}), so it is not an option for this "
                       f"change: a change keeps the booking's route. {again}")
            return False
        if len(legs) > 1:
            self.moved_leg = (b["booking_id"], at)  # the other flight of the trip is kept
        return f["departure_time"][:10], fid

    def _named_listed(self, fid: str, out: list[str]) -> bool:
        """Whether the flight named for a change is among those just listed for its day (the question the listing
        ends with dropped: the pick answers it); if not, said."""
        hit = self._find(fid)
        if hit is not None and fid in self.legs[hit[0]].get("shown", []):
            prompt = self._next_prompt()
            if out and out[-1].endswith(prompt):
                out[-1] = out[-1][:-len(prompt)].rstrip()
                if not out[-1]:
                    out.pop()
            return True
        out.append(f"Flight {fid} is not among the flights I can offer for this change. {self._next_prompt()}")
        return False

    def _group_split(self, p: Parsed) -> None:
        """A group over the limit split by the customer at the count question: two counts said alone ("ok 5 and 5
        then", "6 + 5") are this booking's share and the other one's, offered after it (as "two bookings, one for 6
        and one for 5"); a yes to the shares the agent offered (_split_offer) takes them."""
        offer, self.split_offer = self.split_offer, None
        if ((self.passengers or 0) <= MAX_PAX or self.mode not in (None, "new") or p.booking_ids
                or self.pending is not None):
            return
        if p.count_pair:
            p.passengers, p.split_now, p.split_rest = p.count_pair[0], True, p.count_pair[1]
        elif offer and (p.yes or p.accepts) and not p.no and not p.passengers and not p.number:
            p.passengers, p.split_now, p.split_rest = offer[0], True, offer[1]

    def _split_offer(self, n: int, first: int) -> str:
        """Two shares offered for a group of ``n`` over the limit, ``first`` on this booking, for a yes."""
        rest = n - first
        self.split_offer = (first, rest)
        kind = "hold" if self.action == "hold" else "booking"
        later = (f"the other {pax_words(rest)} on a second {kind}" if rest <= MAX_PAX else
                 f"the other {pax_words(rest)} on further {kind}s of up to {MAX_PAX} each")
        return (f"Sure, I can split your group of {n} into separate {kind}s on the same flight: {pax_words(first)} "
                f"on this one, and {later}, which I will set up right after it with its own summary. Shall I start "
                f"with this {kind} for {pax_words(first)}? Or tell me how many passengers this {kind} should be "
                f"for, up to {MAX_PAX}.")

    def _second_booking(self, turn: TurnContext, out: list[str]) -> bool:
        """The second reference typed with the first one: looked up under the last name said with it, and shown
        after the first; without a name, its last name asked. False when there is none."""
        nxt, self.next_booking = self.next_booking, None
        if nxt is None or nxt[0] == self.booking_id:
            return False
        bid, name = nxt
        if name is None:
            self.booking_id, self.booking, self.last_name, self.awaiting = bid, None, None, "last_name"
            # (its reference is not said beside the first booking's details: nothing of it is known before its name)
            out.append("You also asked about a second booking: what is the last name on it?")
            return True
        ok, data = self._call(turn, "lookup_booking", {"booking_id": bid, "last_name": name})
        if not ok:
            out.append(f"Sorry, I could not find the second booking under {name}; could you check its reference and "
                       "last name? Would you like to change or cancel the first one, or is there anything else?")
            return True
        self.booking_id, self.booking, self.last_name = bid, data, name
        self.bookings[bid] = data
        plain = {"held": "It is on hold, not yet confirmed or paid.", "confirmed": "It is confirmed.",
                 "cancelled": "It has been cancelled."}.get(str(data.get("status")), "")
        out.append(f"{self._booking_text(data)} {plain} Would you like to change or cancel either of them, or is "
                   "there anything else?")
        return True

    @staticmethod
    def _leg_request(p: Parsed) -> bool:
        """Whether the message asks to cancel one flight of a booking ("cancel just the return flight", "cancel
        BK... but keep the first flight"), not the whole booking."""
        return bool(_ONE_LEG.search(p.text) or (p.has("cancel") and _KEEP_LEG.search(p.text)))

    def _one_leg_cancel(self, turn: TurnContext, b: dict[str, Any], text: str, out: list[str],
                        answer: Parsed | None = None) -> bool:
        """"Cancel just the return flight, keep the outbound" of a booking with several flights: a booking is cancelled
        whole, so what can be done is said: a change that keeps only the other flights (modify_booking, summarised
        with its full effect for its own yes), or, where that cannot be done, the whole cancellation or nothing.
        False when the booking has one flight (then the cancellation is summarised as usual)."""
        its = list(b.get("itinerary") or [])
        if len(its) < 2:
            return False
        flights = [self.db.flights.get(fid) for fid in its]
        if any(f is None for f in flights):
            return False
        round_trip = flights[-1].destination == flights[0].origin
        m = _ONE_LEG.search(text)
        leg = (m.group("leg") or m.group("leg2")) if m else ""

        def index(words: str) -> int | None:
            if n := _NTH_LEG.search(words):
                word = (n.group(1) or n.group(2)).lower()
                k = {"first": 0, "1st": 0, "1": 0, "second": 1, "2nd": 1, "2": 1, "third": 2, "3rd": 2, "3": 2}.get(
                    word, len(its) - 1)
                return k if k < len(its) else None
            if re.search(r"\bfinal\b", words, re.I):
                return len(its) - 1
            if re.search(r"\b(?:return|inbound|homeward|back|home)\b", words, re.I):
                return len(its) - 1 if round_trip else None
            if re.search(r"\b(?:outbound|outgoing|onward|out|there)\b", words, re.I):
                return 0
            return None

        k = index(leg) if leg else None
        if k is None and (keep := _KEEP_LEG.search(text)) and len(its) == 2 and (j := index(keep.group("leg"))) is not None:
            k = 1 - j  # "keep the outbound": the other flight goes
        if k is None and answer is not None and len(its) == 2:  # the answer to "Which flight would you like to keep?"
            named = [fid for fid in answer.flight_ids if fid in its]
            j = its.index(named[0]) if len(named) == 1 else index(answer.text)
            if j is None or answer.has("cancel") or answer.no or answer.keep_booking:
                return False  # "cancel the whole thing", "no, leave it": read as said
            k = 1 - j
        bid, n = b["booking_id"], int(b.get("passengers", 1) or 1)
        whole = (f"{self._booking_text(b)} I'm sorry, I can't cancel only one flight of a booking: a cancellation "
                 f"cancels booking {bid} with all its flights ({', '.join(its)}).")
        if b.get("status") not in ("confirmed", "held"):
            return False
        if k is None:
            out.append(f"{whole} Which flight would you like to keep: " + " or ".join(
                f"{fid} ({self._place(f.origin)} to {self._place(f.destination)})" for fid, f in zip(its, flights))
                       + "? I can then change the booking so that it keeps only that one; or I can cancel the whole "
                       "booking, or leave it as it is.")
            self._one_leg_request = text  # the answer ("keep the outbound") is read with this request
            return True
        kept_ids = [fid for i, fid in enumerate(its) if i != k]
        kept = []
        for fid in kept_ids:
            ok, data = self._call(turn, "get_flight_details", {"flight_id": fid})
            if not ok:
                return False
            kept.append(data)
        gone = flights[k]
        problem = next((f"flight {f['flight_id']} was cancelled by the airline" if f["status"] != "scheduled" else
                        f"a booking can only be changed onto flights with free seats for all {pax_words(n)} on it, and "
                        f"flight {f['flight_id']} has {int(f.get('seats_available', 0))} free"
                        for f in kept if f["status"] != "scheduled" or int(f.get("seats_available", 0)) < n), None)
        if problem is None:
            problem = next((x for f in kept if (x := self._flight_problem(f, True)) and "seats" not in x), None)
        if problem:
            out.append(f"{whole} I can't change it to keep only {', '.join(kept_ids)} either: "
                       f"{problem[len('Sorry, '):].split('. ')[0] if problem.startswith('Sorry, ') else problem}. "
                       "I can cancel the whole booking, or leave it as it is. What would you like to do?")
            return True
        out.append(f"{self._booking_text(b)} I can't cancel only one flight of a booking, but I can change booking {bid} so "
                   f"that it keeps only {', '.join(kept_ids)} and flight {gone.flight_id} ({self._place(gone.origin)} to "
                   f"{self._place(gone.destination)} on {gone.departure_time[:10]}) is taken off it, for "
                   f"{'all ' + pax_words(n) if n > 1 else 'the passenger'} on it; the booking is then priced at the fare of the flight{'s' if len(kept) > 1 else ''} it keeps. "
                   "Nothing is cancelled or changed until you confirm.")
        self._propose(turn, out, "modify", {"booking_id": bid, "new_flight_ids": kept_ids}, kept, n)
        if self.pending is not None:
            out[-1] = out[-1].replace(f"Here is the change for booking {bid}: move it to ",
                                      f"Here is the change for booking {bid}: keep only ")
            self.pending["said"] = out[-1]
        return True

    def _party_change(self, p: Parsed, b: dict[str, Any], out: list[str]) -> bool:
        """A change request that also changes the party ("move to 31 july, we are 4 now, my boss is joining",
        "only 2 of us travel now"): a change only moves the booking's travellers to other flights, so this is
        said before anything is searched or changed, with what can be done instead; the new date is kept."""
        have = int(b.get("passengers", 0) or 0)
        if not p.passengers and p.pax_change is not None and have:
            p.passengers = have + p.pax_change  # "my wife is coming too" said with the request
        if p.part_of_party and have >= 2 and p.passengers in (None, have):
            # "only my husband needs to change, I keep my flight", "split the booking": some of the party moves or
            # leaves; the change would move them all, so that is said (with two on it, one is the rest)
            p.passengers = 1 if have == 2 else None
            if p.passengers is None:
                self.passengers, self.pending, self.awaiting, self.legs = have, None, None, []
                out.append(f"{self._booking_text(b)} I'm sorry, I can't move or remove only some of the passengers on "
                           f"booking {b['booking_id']}: " + (
                               f"a cancellation cancels it for all {pax_words(have)} on it. I can cancel it and book a "
                               "new trip for those travelling, or leave it as it is." if self.mode == "cancel" else
                               f"a change moves all {pax_words(have)} to other flights. I can move it for everyone as "
                               "they are, or cancel it and book a new trip for those travelling.")
                           + " What would you like to do?")
                self._party_asked = True
                self._offer_rebook(b, None)
                return True
        if not p.passengers or not have or p.passengers == have:
            return False
        if p.date or self.change_shift is not None:
            start = self._booking_date()
            self.change_date = p.date or (_moved(start, self.change_shift) if start else None)
        self.change_shift = None
        self.passengers, self.pending, self.awaiting = have, None, None
        self.legs = []
        more = p.passengers > have
        if self.mode == "cancel" and not more:  # "please cancel her seat, I'm still flying": said of a cancellation
            out.append(f"{self._booking_text(b)} I'm sorry, I can't cancel only some of the passengers on booking "
                       f"{b['booking_id']}: a cancellation cancels it for all {pax_words(have)} on it, and I can't remove "
                       f"passengers from an existing booking. I can cancel it and book a new trip for "
                       f"{pax_words(p.passengers)}, or leave it as it is. What would you like to do?")
            self._party_asked = True
            self._offer_rebook(b, p.passengers)
            return True
        out.append(f"{self._booking_text(b)} I'm sorry, a change can only move the {pax_words(have)} on booking "
                   f"{b['booking_id']} to other flights; I can't {'add passengers to' if more else 'remove passengers from'} "
                   f"an existing booking. I can move it for the {pax_words(have)} as they are"
                   + (f" and book a separate trip for the {pax_words(p.passengers - have)} joining"
                      if more else ", or cancel it and book a new trip for " + pax_words(p.passengers))
                   + ". What would you like to do?")
        self._party_asked = True
        if not more:
            self._offer_rebook(b, p.passengers)
        return True

    def _offer_rebook(self, b: dict[str, Any], n: int | None) -> None:
        """Kept for one reply: "cancel it and book a new trip for ``n``" was offered for booking ``b``."""
        self.offered_rebook = {"booking_id": b["booking_id"], "itinerary": list(b.get("itinerary") or []),
                               "fare_class": b.get("fare_class"), "n": n}

    def _takes_rebook(self, p: Parsed, held: bool = False) -> bool:
        """The second option of "move it as it is, or cancel it and book a new trip for N" chosen: a cancellation
        with a new booking ("cancel and book me alone", "cancel and rebook just me", "cancel that one and then put
        just me on the same flight"), or "the second thing"; a plain "just cancel it" is a cancellation only."""
        if p.places or p.dates or p.booking_ids or p.later or p.keep_booking or (p.no and not p.has("cancel")):
            return False  # ("ok cancel that one and ...": read as a "no", but the cancel is of the booking here)
        if _NO_REBOOK.search(p.text):
            return False  # "cancel the whole thing, no new booking": a cancellation only
        if p.selection == 1 and not p.intents:
            return True  # "the second thing", "option 2"
        return p.has("cancel") and bool(p.has("book") or p.has("change") or _REBOOK.search(p.text)
                                        or (held and (p.has("hold") or _HOLD_AGAIN.search(p.text))))

    def _route_change(self, p: Parsed, b: dict[str, Any], out: list[str]) -> bool:
        """A change to another place ("change it so we fly to kinshasa on sept 1 instead"): a change keeps the
        booking's route, so this is said before anything is searched, with what can be done instead."""
        flights = [f for fid in b.get("itinerary") or [] if (f := self.db.flights.get(fid)) is not None]
        booked = {a for f in flights for a in (f.origin, f.destination)}
        other = [a for a in p.airports if a not in booked]
        if not flights or not other:
            return False
        if p.date:
            self.change_date = p.date
        self.origin = self.destination = None  # the new place is not the booking's route
        self.legs, self.pending, self.awaiting = [], None, None
        route = f"from {self._place(flights[0].origin)} to {self._place(flights[-1].destination)}"
        out.append(f"I'm sorry, a change can only move booking {b['booking_id']} to other flights on its own route, "
                   f"{route}; I can't change it to fly to or from {self._place(other[0])}. I can move it to another "
                   f"date on that route, or cancel it and you can book a new trip. What would you like to do?")
        return True

    def _change_price_answer(self, b: dict[str, Any]) -> str:
        """The booking's total now and the fare of the flights chosen for the change (the booking is
        repriced to the new flights when it is changed)."""
        pax = int(b.get("passengers", 1))
        now = f"Your booking's current total is {money(float(b['price_usd']))}" if isinstance(
            b.get("price_usd"), (int, float)) else "I don't have your booking's current total"
        chosen = [leg["choice"] for leg in self.legs if leg.get("choice")]
        if not chosen or len(chosen) < len(self.legs):
            return f"{now}; I can tell you the new fare once you pick a flight."
        per = sum(float(f["price_usd"]) for f in chosen)
        total = f", {money(per * pax)} in total for {pax_words(pax)}" if pax > 1 else ""
        return f"{now}; after the change the fare would be {money(per)} per seat{total}."

    def _booking_text(self, b: dict[str, Any]) -> str:
        legs = []
        for fid in b.get("itinerary", []):
            f = self.db.flights.get(fid)
            if f:
                legs.append(f"flight {fid} from {self._place(f.origin)} to {self._place(f.destination)} departing "
                            f"{f.departure_time[:10]} at {f.departure_time[11:16]}")
        cabin = CABIN_NAMES.get(b.get("fare_class", ""), b.get("fare_class", ""))
        return (f"Booking {b['booking_id']} under {b.get('last_name', '')}: " + "; ".join(legs) +
                f", {pax_words(int(b.get('passengers', 1)))}, {cabin}, status: {b.get('status')}.")

    # --- flight info by id ----------------------------------------------------------------
    def _flight_info(self, turn: TurnContext, p: Parsed, out: list[str]) -> None:
        fid = p.flight_ids[0]
        if p.has("availability") and self.passengers:
            ok, data = self._call(turn, "check_availability", {"flight_id": fid, "passengers": self.passengers})
            if not ok:
                out.append(f"Sorry, I could not find flight {fid}.")
                return
            if data.get("status") == "cancelled":
                out.append(f"Flight {fid} was cancelled by the airline, so it has no seats to sell.")
            else:
                out.append(f"Flight {fid} has seats for {pax_words(self.passengers)}." if data.get("available")
                           else f"Sorry, flight {fid} does not have enough seats left for {pax_words(self.passengers)}.")
            return
        ok, f = self._call(turn, "get_flight_details", {"flight_id": fid})
        if not ok:
            out.append(f"Sorry, I could not find flight {fid}. Could you check the number?")
            return
        out.append(self._flight_text(f, with_rules=True))
        if p.day_asked and p.day_asked != f["departure_time"][:10]:  # "is my flight tomorrow on time, SA2534?"
            out.append(f"It does not fly on {p.day_asked}: it departs on {f['departure_time'][:10]}.")
        if p.day_asked and re.search(r"\bon time\b|\bdelay\w*\b|\blate\b", p.text, re.I):
            out.append("I can see the schedule only, not live delays on the day.")
        if p.has("availability") and f.get("status") == "scheduled":  # "are there seats on SA1225?"
            left = int(f.get("seats_available", 0))
            out.append(f"It has {left} seat{'s' if left != 1 else ''} left." if left > 0 else "It is sold out.")
        if len(set(p.flight_ids)) == 2:
            self.named_ids = list(dict.fromkeys(p.flight_ids))  # "book both" next books these two
        for other in list(dict.fromkeys(p.flight_ids))[1:3]:  # "SA0280 then SA4491": each flight named, never the first only
            ok2, g = self._call(turn, "get_flight_details", {"flight_id": other})
            out.append(self._flight_text(g, with_rules=True) if ok2 else f"Sorry, I could not find flight {other}.")
        if self.mode is None:  # the route and day it flies are what "what else is there that day?" is about
            self.origin, self.destination, self.date = f["origin"], f["destination"], f["departure_time"][:10]
            self.via = self.return_date = None
            if f["status"] == "cancelled" or int(f.get("seats_available", 1)) <= 0:
                out.append(self._offer_search({"origin": f["origin"], "destination": f["destination"],
                                               "date": f["departure_time"][:10]}))

    def _way_out_booked(self, leg: dict[str, Any]) -> bool:
        """The leg goes back the way of a flight booked or held in this chat."""
        return any((g := self.db.flights.get(fid)) is not None and g.origin == leg["destination"]
                   and g.destination == leg["origin"] for d in self.done if d["kind"] in ("book", "hold")
                   for fid in (d.get("result") or {}).get("itinerary") or [])

    def _way_back(self, p: Parsed) -> None:
        """Read "book the return too" after a booking of one flight as the flight back of that one: the route
        reversed, on the return date said before, or the flight back the customer named before (its date); with
        neither, the route alone (the date is then asked)."""
        itinerary = (self.done[-1].get("result") or {}).get("itinerary") or []
        out_f = self.db.flights.get(itinerary[0]) if len(itinerary) == 1 else None
        if out_f is None:
            return
        named = [g for fid in self.ids_said if (g := self.db.flights.get(fid)) is not None
                 and g.origin == out_f.destination and g.destination == out_f.origin
                 and g.departure_time >= out_f.arrival_time]
        if named:
            p.flight_ids = [named[-1].flight_id]
            p.return_date = named[-1].departure_time[:10]
        elif self.trip_back and self.trip_back > out_f.departure_time[:10]:
            p.return_date = self.trip_back
        else:
            p.origin, p.destination, p.intents = out_f.destination, out_f.origin, p.intents | {"book"}
            self.origin, self.destination, self.date, self.return_date, self.legs = None, None, None, None, []
            self.mode = "new"
            return
        self.origin, self.destination = out_f.origin, out_f.destination

    def _legs_from_ids(self, turn: TurnContext, fids: list[str], out: list[str]) -> bool:
        """Two flights named by number before any search ("book SA0280 then SA4491"): each is fetched, and when
        the second leaves from where the first lands they are one trip of two legs (a connection, or an outbound
        and its return), both in the summary; never the first alone with the second dropped. Three or more, or
        two that do not join, are described and asked about. False when nothing more is to be done this turn."""
        flights = []
        for fid in fids:
            ok, f = self._call(turn, "get_flight_details", {"flight_id": fid})
            if not ok:
                out.append(f"Sorry, I could not find flight {fid}. Could you check the number?")
                return False
            flights.append(f)
        out.extend(self._flight_text(f, with_rules=False) for f in flights)
        flights.sort(key=lambda f: f["departure_time"])  # "SA4876 and SA0280": the same trip, in the order it flies
        a, b = flights[0], flights[-1]
        if len(flights) != 2 or a["destination"] != b["origin"] or b["departure_time"] < a["arrival_time"]:
            out.append("Those flights do not make one trip that I can book together. Which one would you like to "
                       "book? You can say the flight number.")
            return False
        self.origin, self.date = a["origin"], a["departure_time"][:10]
        if b["destination"] == a["origin"]:  # there and back
            self.destination, self.via, self.return_date = a["destination"], None, b["departure_time"][:10]
            labels = ("outbound", "return")
        else:  # a connection
            self.destination, self.via, self.return_date = b["destination"], a["destination"], None
            self.leg2_date = b["departure_time"][:10]
            labels = ("first leg", "second leg")
        self.legs = [{"origin": f["origin"], "destination": f["destination"], "date": f["departure_time"][:10],
                      "label": label, "flights": [f], "shown": [f["flight_id"]], "choice": None, "from_id": True}
                     for f, label in zip(flights, labels)]
        return True

    def _offer_search(self, leg: dict[str, Any]) -> str:
        """The offer to search the route and date of a flight named by its number that cannot be booked."""
        self.offered_search = True
        return (f"Would you like me to look for other flights from {self._place(leg['origin'])} to "
                f"{self._place(leg['destination'])} on {leg['date']}?")

    def _flight_text(self, f: dict[str, Any], with_rules: bool = False) -> str:
        s = (f"Flight {f['flight_id']} from {self._place(f['origin'])} to {self._place(f['destination'])} departs "
             f"{f['departure_time'][:10]} at {f['departure_time'][11:16]} and arrives {f['arrival_time'][11:16]}"
             f"{' on ' + f['arrival_time'][:10] if f['arrival_time'][:10] != f['departure_time'][:10] else ''}, "
             f"{f['public_cabin']}, {money(float(f['price_usd']))} per seat")
        if f.get("status") == "cancelled":
            s += " (this flight was cancelled by the airline)"
        if with_rules:
            s += f", {f['refundability']}"
        return s + "."

    # --- new itineraries ------------------------------------------------------------------
    def _wanted_legs(self) -> list[dict[str, Any]]:
        o, d, dt = self.origin, self.destination, self.date
        if self.via and self.via not in (o, d):
            return [{"origin": o, "destination": self.via, "date": dt, "label": "first leg"},
                    {"origin": self.via, "destination": d, "date": self.leg2_date or dt, "label": "second leg"}]
        if self.return_date:
            return [{"origin": o, "destination": d, "date": dt, "label": "outbound"},
                    {"origin": d, "destination": o, "date": self.return_date, "label": "return"}]
        return [{"origin": o, "destination": d, "date": dt, "label": ""}]

    def _same_legs(self, legs: list[dict[str, Any]]) -> bool:
        def key(legs_: list[dict[str, Any]]) -> list[tuple[Any, Any, Any]]:
            return [(x["origin"], x["destination"], x["date"]) for x in legs_]

        return bool(self.legs) and key(legs) == key(self.legs) and not self.legs[0].get("for_change")

    def _new_flow(self, turn: TurnContext, p: Parsed, out: list[str], meta: bool) -> None:
        if self.passengers and self.passengers > MAX_PAX and not (self._f("no_pax_limit_on_hold") and self.action == "hold"):
            if p.passengers and f"up to {MAX_PAX} passengers in one booking" not in turn.last_reply:
                out.append(f"Sorry, I can only book or hold up to {MAX_PAX} passengers in one booking. Could you "
                           f"split the group, or tell me a smaller number of travellers?")
                self.awaiting = "passengers"
                return
            if self.pax_doubt:
                out.append(f"Just to check: shall I make this booking for {pax_words(self.pax_doubt)}, out of your group "
                           f"of {self.passengers}? Or tell me how many travellers this booking is for, up to {MAX_PAX}.")
                self.awaiting = "passengers"
                return
            if self.awaiting == "passengers" or p.passengers:
                # "can't you just put us all on one booking?", "option 1", "yes": the limit again, with how to split
                # the group; nothing goes ahead for a count just refused
                n = self.passengers
                first_ask = "Could you split the group, or tell me a smaller number" in turn.last_reply
                example = f"for example {MAX_PAX} and {n - MAX_PAX}." in turn.last_reply
                if not p.passengers and (p.split_asked or ((p.yes or p.accepts) and not p.no and (first_ask or example))):
                    # "split it in half", "make it two bookings", or a yes to "could you split the group?": two
                    # shares offered, the larger on this booking (a yes to "for example 9 and 2": those two)
                    out.append(self._split_offer(n, MAX_PAX if example and not p.split_asked else min(MAX_PAX, (n + 1) // 2)))
                    return
                if "needs more than one booking" in turn.last_reply:
                    out.append(f"Sorry, I still need a number: how many passengers should this booking be for, up to "
                               f"{MAX_PAX}?")
                    return
                out.append(f"I'm sorry, I can only book or hold up to {MAX_PAX} passengers in one booking, so a group "
                           f"of {n} needs more than one booking, for example {MAX_PAX} and {n - MAX_PAX}. How many "
                           "passengers should this booking be for?")
                return
        # a flight named by id with nothing searched: fetch it
        named = getattr(self, "named_ids", None)  # "SA0280 then SA4491" described, then "book both": those two
        if named and not p.flight_ids and not self.legs and _BOTH_OF_THEM.search(p.text):
            p.flight_ids = list(named)
        self.named_ids = None
        if len(dict.fromkeys(p.flight_ids)) >= 2 and not any(self._find(fid) for fid in p.flight_ids):
            if not self._legs_from_ids(turn, list(dict.fromkeys(p.flight_ids)), out):
                return
        elif p.flight_ids and not any(self._find(fid) for fid in p.flight_ids):
            fid = p.flight_ids[0]
            ok, f = self._call(turn, "get_flight_details", {"flight_id": fid})
            if not ok:
                out.append(f"Sorry, I could not find flight {fid}. Could you check the number?")
                return
            self.origin, self.destination, self.date = f["origin"], f["destination"], f["departure_time"][:10]
            self.via = self.return_date = None
            self.legs = [{"origin": f["origin"], "destination": f["destination"], "date": self.date, "label": "",
                          "flights": [f], "shown": [f["flight_id"]], "choice": None, "from_id": True}]
            out.append(self._flight_text(f, with_rules=False))
        elif self.origin is None or self.destination is None or self.date is None:
            if (self._f("search_missing_origin") and self.origin is None and self.destination and self.date):
                args = {"destination": self.destination, "date": self.date}
                if self.passengers:
                    args["passengers"] = self.passengers
                ok, _ = self._call(turn, "search_flights", args)
                self.awaiting = "origin"
                out.append("Sorry, I could not run that search without a departure airport. Where will you be flying from?")
                return
            if meta and not (p.places or p.dates or p.unknown_place):  # "what system do you use? I need A to B": the
                return  # question answered, then the trip asked on
            self._ask_missing(out, p)
            return
        else:
            if self.leg2_refused is not None and len(self.legs) == 2:  # the impossible second-leg day again
                refused, self.leg2_refused = self.leg2_refused, None
                self._ask_leg2_date(out, refused)
                return
            self.leg2_refused = None
            if self.return_date and self.date and self.return_date < self.date and not self.via:
                # a return read before the outbound ("on the 20th, back the Tuesday after next"): never searched
                # as said; the return date is asked
                out.append(f"The return date I read, {self.return_date}, is before your outbound flight on {self.date}. "
                           f"On what date would you like to fly back from {self._place(self.destination)} to "
                           f"{self._place(self.origin)}?")
                self.return_date, self.awaiting = None, "return_date"
                return
            wanted = self._wanted_legs()
            if (len(self.legs) == 1 and self.legs[0].get("from_id") and (p.places or p.dates) and not p.flight_ids
                    and self._same_legs(wanted)):
                self.legs = []  # "I need a flight from Madrid to London on the 30th" after "SA... was cancelled"
            if (self.awaiting == "leg2_date" and self._same_legs(wanted) and not p.dates and p.selection is None
                    and not p.flight_ids and p.number is None and not p.places
                    and not (p.intents & {"price", "refund", "details", "availability", "book", "hold"})):
                self._ask_leg2_date(out, again=True)  # "same day", "not sure": the date is still needed
                return
            empty = next((leg for leg in self.legs if not leg.get("shown")), None) if self._same_legs(wanted) else None
            if (empty is not None and empty["date"] in p.dates and not p.selection and not p.flight_ids
                    and not (empty is not self.legs[0] and p.date == self.legs[0]["date"])):  # not the way out's day
                # the day that found nothing, again: said so, with the days that leg flies
                dates = [d for d in self._bookable_dates(empty["origin"], empty["destination"]) if d != empty["date"]
                         and (empty["label"] != "return" or d >= self.legs[0]["date"])][:3]
                self.offered_retry = True
                out.append(f"I searched {empty['date']} for the {empty['label'] or 'trip'} a moment ago and found no "
                           f"flights from {self._place(empty['origin'])} to {self._place(empty['destination'])}." +
                           (f" That route flies on {', '.join(dates)}." if dates else "") +
                           " Which date would you like to try instead?")
                return
            if not self._same_legs(wanted):
                if self.origin == self.destination:
                    out.append("The departure and arrival airports are the same. Where would you like to fly to?")
                    self.destination = None
                    self.awaiting = "destination"
                    return
                kept = {(leg["origin"], leg["destination"], leg["date"]): leg["choice"] for leg in self.legs
                        if leg.get("choice") and not leg.get("for_change")}
                start = len(out)
                self._search_legs(turn, wanted, out, kept)
                self._ask_leg2_date(out)
                if p.alt_date and len(self.legs) == 1 and self.legs[0]["label"] == "" and p.alt_date != self.date:
                    first = self.date
                    self._compare_alt_date(turn, p.alt_date, out)  # "either october 31 or may 4, whichever is cheaper"
                    lows = [self.day_lows.get((self.origin, self.destination, day)) for day in (first, p.alt_date)]
                    if ((p.selection == "cheapest" and None not in lows and lows[1] < lows[0]
                         or lows[0] is None and lows[1] is not None)  # or only the other day seats the party
                            and not self.legs[0].get("choice")):  # the other day is cheaper: its flights are listed
                        del out[start:]  # and picked from, and the day listed first is the one compared
                        self.date = p.date = p.alt_date
                        self._search_legs(turn, self._wanted_legs(), out, {})
                        self._compare_alt_date(turn, first, out)
                if p.around_days and len(self.legs) == 1 and not self.legs[0]["label"]:
                    self._days_around(turn, p.around_days, out, listed=False)  # "on the 20th, or a day either side"
                if self.budget and _BUDGET_QUESTION.search(p.text) and self._open_options():
                    out.insert(next((i for i, x in enumerate(out) if "?" in x), len(out)), self._budget_answer())
                if p.selection is None and not p.flight_ids and not _LEG_TAKEN.search(p.text):
                    return  # ("jan 11 back then. take the outbound one": listed, then that leg's one flight picked)
        if not self.legs:
            return
        if self._reopen_legs(p, out):  # "change the first leg", "let's start over" on a connecting trip
            return
        if (p.fare_class and (p.selection is None or p.selection == p.fare_class) and not p.flight_ids
                and all(leg.get("choice") for leg in self.legs)
                and any(leg["choice"]["fare_class"] != p.fare_class for leg in self.legs)):
            if self._switch_cabin(p, out):  # "can I get business instead" at a summary
                return
        asked_budget, self.asked_budget = self.asked_budget, False
        if (_FITS_PICK.search(p.text) and self.budget and p.selection is None and not p.flight_ids
                and self._open_options()):
            said = self._budget_answer()  # "whatever fits": the one option within the budget is picked
            if said.startswith("Within") and self.suggested:
                p.flight_ids, self.suggested = [self.suggested], None
        self._selection(turn, p, out)  # "the first one, what's the grand total?" picks, then prices
        if ((_BUDGET_QUESTION.search(p.text) or _FITS_PICK.search(p.text) or (asked_budget and p.budget))
                and self._open_options() and p.selection is None and not p.flight_ids):
            said = self._budget_answer()
            out.append(said if self.asked_budget else said + " " + self._next_prompt())  # "which ones are under budget?"
            return
        if (p.fare_class and p.selection is None and not p.flight_ids and self._open_options()
                and ("?" in p.text or _WH_QUESTION.match(p.text)) and not (p.intents & {"refund", "details"})):
            opts = [(i, f) for i, f in self._open_options() if f["fare_class"] == p.fare_class]  # "and premium?"
            name = CABIN_NAMES.get(p.fare_class, p.fare_class)
            out.append((f"In {name}: " + "; ".join(
                f"option {i} is {f['flight_id']} departing {f['departure_time'][11:16]}, {money(float(f['price_usd']))} per "
                f"seat, {f['refundability']}, " + (  # a flight the airline cancelled is said so, never "sold out"
                    "cancelled by the airline, not bookable" if f["status"] == "cancelled" else "sold out"
                    if f["seats_available"] <= 0 or f["status"] != "scheduled" else f"{f['seats_available']} seats left")
                for i, f in opts) + "."
                        if opts else f"None of the flights listed is {name}.") + " " + self._next_prompt())
            return
        if p.either_pick is not None and (opts := dict(self._open_options())):
            # "1 or 2, whichever you think": the cheaper of the two with seats for the party suggested, said why, and
            # asked about (never "did not catch an answer", never a pick the customer did not make)
            pair = [(i, opts[i]) for i in (p.either_pick[0] + 1, p.either_pick[1] + 1) if i in opts]
            open_ = [(i, f) for i, f in pair if f["status"] == "scheduled"
                     and f["seats_available"] >= (self.passengers or 1)]
            if len(pair) == 2 and open_:
                i, f = min(open_, key=lambda x: (float(x[1]["price_usd"]), x[0]))
                why = ("the cheaper of the two" if len(open_) == 2 and pair[0][1]["price_usd"] != pair[1][1]["price_usd"]
                       else "the one of the two with seats for your party" if len(open_) == 1 else
                       "the two cost the same, so the earlier listed")
                self.suggested = f["flight_id"]
                out.append(f"Of options {pair[0][0]} and {pair[1][0]}, I would suggest option {i}, {why}: "
                           f"{self._flight_text(f, with_rules=True)} Would you like that one?")
                return
        if (self.asked_option is not None and isinstance(p.asked_option, str) and not (p.intents & {
                "price", "refund", "details", "availability", "fare_code", "currency"})
                and (f := self._context_flight()) is not None and not any(leg.get("choice") is f for leg in self.legs)):
            # "whats the earliest one?": that option, and whether it is the one wanted
            self.suggested = f["flight_id"]
            lead = "Then I would suggest the cheapest," if p.no_preference else "That is"
            why = ""
            if p.asked_option == "cheapest" and self.passengers:
                # "which of those is cheapest" for a group: a cheaper flight without seats for everyone is said, so
                # that the answer does not read as a wrong one
                cheaper = [(i, x) for i, x in self._open_options() if float(x["price_usd"]) < float(f["price_usd"])
                           and x["status"] == "scheduled" and 0 < x["seats_available"] < self.passengers]
                if cheaper:
                    i, x = min(cheaper, key=lambda ix: float(ix[1]["price_usd"]))
                    why = (f" It is the cheapest with seats for all {self.passengers} of you: option {i}, {x['flight_id']} "
                           f"at {money(float(x['price_usd']))} per seat, has only {x['seats_available']} seats left.")
            out.append(f"{lead} option {self.asked_option + 1}: {self._flight_text(f, with_rules=True)}{why} "
                       "Would you like that one?")
            return
        if p.has("price") and not p.has("currency"):
            if PER_OR_TOTAL.search(p.text) and self._per_seat() is None and self.legs:
                # "is that price per person or total?" over a list: how the list prices, not the cheapest again
                out.append("The prices I listed are per seat, that is per person.")
            else:
                out.append(self._price_answer(total=p.total_asked))
            if self._open_options() and not (p.has("refund") or p.has("details")):
                out.append(self._next_prompt())  # "anything cheaper?" over a list: answered, then which flight
        if p.has("refund") or p.has("details"):
            shown = self._open_options()
            if len(shown) > 1 and p.has("refund") and p.asked_option is None:  # "Is it refundable?" over a list
                rules = "; ".join(f"option {i} ({f['flight_id']}) is {f['refundability']}" for i, f in shown)
                if self.asked_leg is not None:  # "is the return refundable?": that leg's options
                    rules = f"for the {self.legs[self.asked_leg]['label'] or 'trip'}, {rules}"
                out.append(f"{rules[0].upper()}{rules[1:]}. {self._next_prompt()}")
            elif len(shown) > 1 and p.asked_option is None:  # "How long is the flight?" over a list: which one
                out.append("Which of the flights would you like to know about? You can say the option number or the "
                           "flight number.")
            elif (f := self._context_flight()) is not None:
                out += [self._flight_text(x, with_rules=True) for x in self._context_flights()]  # every leg chosen
                if p.rules_question and len(shown) > 1 and not any(leg.get("choice") for leg in self.legs):
                    out.append(("If you cancel, it is refunded in full." if f["refundability"] == "refundable" else
                                "If you cancel, it is not refunded.") + " " + self._next_prompt())
                elif self.asked_option is not None and shown and not any("?" in x for x in out):
                    out.append(self._next_prompt())  # "what time does SA6224 land": answered, the options still open
        self._maybe_propose(turn, out)

    def _rules_of(self, shown: list[tuple[int, dict[str, Any]]]) -> str:
        """Which of the listed options are refundable, with the rule: the answer to "what's the
        cancellation policy?" asked with the search."""
        rules = "; ".join(f"option {i} ({f['flight_id']}) is {f['refundability']}" for i, f in shown)
        return (f"{rules[0].upper()}{rules[1:]}. A refundable fare is refunded in full if you cancel; a non-refundable "
                "one is not refunded.")

    def _over_budget(self, per: float, pax: int) -> str:
        """", which is over your budget": said in a summary whose price is over the budget the customer stated
        (per seat, or for the whole party), so that a yes is never given to an amount they ruled out. The budget
        is not repeated as an amount: "1370 total" typed without a currency is no dollar amount said."""
        if not self.budget:
            return ""
        amount, each = self.budget
        if (per if each else per * pax) <= amount + 1e-9:
            return ""
        return ", which is over your budget" + (" per seat" if each else " for the whole party" if pax > 1 else "")

    def _summary_vs_budget(self, pend: dict[str, Any]) -> str:
        """Whether the summary's own price is within the budget just said ("yes if it's under 5 hundred per seat",
        "ok if under $50"): the condition answered first, never a yes taken from it (the summary is asked again)."""
        if not self.budget:
            return ""
        amount, each = self.budget
        chosen = [f for fid in pend["args"].get("flight_ids", []) if (f := self.db.flights.get(fid)) is not None]
        if not chosen:
            return ""
        per, pax = sum(float(f.price_usd) for f in chosen), int(pend["args"].get("passengers") or 1)
        cost = per if each else per * pax
        said = f"{money(per)} per seat" + (f", {money(per * pax)} in total" if pax > 1 and self._total_said(pax) else "")
        # (the budget is not repeated as an amount, as in _over_budget)
        return (f"The fare in this summary is {said}, which is {'within' if cost <= amount + 1e-9 else 'over'} "
                f"your budget{' per seat' if each else ' for the whole party' if pax > 1 else ''}. ")

    def _budget_answer(self) -> str:
        """The listed options that fit the budget the customer gave, for the party in hand."""
        if self.budget is None:  # never compared against nothing: the budget is asked for
            self.asked_budget = True
            return "I can tell you which options fit your budget. What is it, per seat or in total?"
        amount, each = self.budget
        pax = self.passengers or 1
        listed = self._open_options() or (list(enumerate(self._shown(0), start=1)) if len(self.legs) == 1 else [])
        # (at a summary of a one-leg trip, "my budget is actually 700": the flights listed for it)
        opts = [(i, f) for i, f in listed if f["status"] == "scheduled" and f["seats_available"] >= pax]
        fits = [(i, f) for i, f in opts if float(f["price_usd"]) * (1 if each else pax) <= amount + 1e-9]

        def words(i: int, f: dict[str, Any]) -> str:
            total = f", {money(float(f['price_usd']) * pax)} in total" if pax > 1 and self._total_said(pax) else ""
            return f"option {i} ({f['flight_id']}, {f['public_cabin']}, {money(float(f['price_usd']))} per seat{total})"
        who = f" for {pax_words(pax)}" if pax > 1 and not each else ""
        if fits:
            if len(fits) == 1:
                self.suggested = fits[0][1]["flight_id"]  # "ok take that one": the one option named
            return f"Within your budget{who}: " + "; ".join(words(i, f) for i, f in fits) + "."
        if not opts:
            return "None of the listed flights has seats for your party."
        i, f = min(opts, key=lambda x: float(x[1]["price_usd"]))
        self.suggested = f["flight_id"]
        return (f"None of the listed flights fits your budget{who}; the cheapest is {words(i, f)}. I can check another "
                "date if you like.")

    def _cheapest_day(self, p: Parsed) -> None:
        """"The cheapest overall" once two days of a one-leg trip were listed or compared: the day whose lowest
        open fare is lowest is searched again (below) before the pick, when it is not the day listed now."""
        if not (p.selection == "cheapest" and _OVERALL.search(p.text) and len(self.legs) == 1 and not p.dates
                and self.pending is None):
            return
        leg = self.legs[0]
        lows = {day: v for (o, d, day), v in self.day_lows.items() if (o, d) == (leg["origin"], leg["destination"])}
        best = min(lows, key=lambda day: (lows[day], day)) if lows else None
        if best is not None and best != leg["date"]:
            p.date, p.dates = best, [best]

    def _days_around(self, turn: TurnContext, offsets: list[int], out: list[str], listed: bool, text: str = "") -> None:
        """The days beside the one listed for the first leg not chosen yet ("or the day before/after?", "a day either
        side"): each searched, and its lowest open fare said beside the listing, which stays as it is (nothing
        else changes); ``listed``: the day's flights were listed before this turn, and are said to be all of them."""
        leg = next((x for x in self.legs if not x.get("choice")), None)
        if (len(self.legs) == 2 and self.legs[1]["label"] == "return" and _RETURN_LEG.search(text)
                and not _OUTBOUND_LEG.search(text)):
            leg = self.legs[1]  # "and the day before or after for the return?": that leg's days
        if leg is None:
            return
        name = f" for the {leg['label']}" if leg["label"] else ""
        pax = self.passengers or 1
        said, notes, open_days = [], [], []
        for k in offsets:
            day = _moved(leg["date"], k)
            ok, data = self._call(turn, "search_flights", {"origin": leg["origin"], "destination": leg["destination"],
                                                           "date": day})
            flights = data.get("flights", []) if ok else []
            open_ = [f for f in flights if f["status"] == "scheduled" and f["seats_available"] >= pax]
            best = min(open_, key=lambda f: float(f["price_usd"])) if open_ else None
            if best is None:
                self.day_lows.pop((leg["origin"], leg["destination"], day), None)
                said.append(f"on {day} there is no flight with seats for your party" if ok else
                            f"on {day} I could not run the search")
                continue
            self.day_lows[(leg["origin"], leg["destination"], day)] = float(best["price_usd"])
            open_days.append(day)
            count = f"{len(open_)} flight{'s' if len(open_) > 1 else ''} with seats"
            said.append(f"on {day} there {'are' if len(open_) > 1 else 'is'} {count}, the lowest fare "
                        f"{money(float(best['price_usd']))} per seat ({best['flight_id']}, {best['public_cabin']})")
            note = None if self._hides_premium(flights) else self._cabins_note(flights)
            if note:
                notes.append(f"On {day}: {note}")
        head = (f"Those are all the flights I found on {leg['date']}{name}. " if listed and leg.get("shown") else "")
        text = head + f"I also checked the days around it{name}: " + "; ".join(said) + "."
        if open_days:
            text += (f" Just say if you would rather see the flights on {open_days[0]}." if len(open_days) == 1 else
                     " Just say which day you would rather see the flights for.")
            if leg is self.legs[0] and len(open_days) == 1:
                self.offered_alt = open_days[0]  # "ok that day then": the one other day with seats
        q = next((i for i, x in enumerate(out) if "?" in x), len(out))
        out.insert(q, " ".join([text] + notes))
        if listed:
            out.append(self._next_prompt())

    def _compare_alt_date(self, turn: TurnContext, alt: str, out: list[str]) -> None:
        """The other date the customer offered searched too: its lowest open fare against the one listed."""
        leg = self.legs[0]
        ok, data = self._call(turn, "search_flights", {"origin": leg["origin"], "destination": leg["destination"],
                                                       "date": alt})
        flights = data.get("flights", []) if ok else []
        pax = self.passengers or 1
        def low(fs: list[dict[str, Any]]) -> dict[str, Any] | None:
            open_ = [f for f in fs if f["status"] == "scheduled" and f["seats_available"] >= pax]
            return min(open_, key=lambda f: float(f["price_usd"])) if open_ else None
        here = low([f for f in leg["flights"] if f["flight_id"] in leg["shown"]])
        there = low(flights)
        for day, best in ((leg["date"], here), (alt, there)):
            if best is not None:
                self.day_lows[(leg["origin"], leg["destination"], day)] = float(best["price_usd"])
            else:
                self.day_lows.pop((leg["origin"], leg["destination"], day), None)
        self.compared = (leg["origin"], leg["destination"], [leg["date"], alt])
        if there is None:
            said = f"I also checked {alt}: there is no flight on that day with seats for your party."
        else:
            said = (f"I also checked {alt}: the lowest fare that day is {money(float(there['price_usd']))} per seat "
                    f"({there['flight_id']}, {there['public_cabin']})")
            if here is not None:
                cheaper = alt if float(there["price_usd"]) < float(here["price_usd"]) else leg["date"]
                said += (f", against {money(float(here['price_usd']))} on {leg['date']}, so {cheaper} is the cheaper day"
                         if float(there["price_usd"]) != float(here["price_usd"]) else ", the same as on " + leg["date"])
            said += f". Just say if you would rather see the flights on {alt}."
            self.offered_alt = alt
        note = None if self._hides_premium(flights) else self._cabins_note(flights)
        q = next((i for i, x in enumerate(out) if "?" in x), len(out))
        out.insert(q, said if not note else f"{said} On {alt}: {note}")

    def _ask_leg2_date(self, out: list[str], refused: str | None = None, again: bool = False) -> None:
        """A connection whose second leg cannot be flown on its date (no flight of the second leg leaves
        after the earliest arrival of the first), or a second-leg date the customer gave that cannot be
        flown (``refused``: the same impossible day again, a day before the first leg): the second leg's
        date is asked, with the dates that leg flies after the first one."""
        if len(self.legs) != 2 or self.legs[1]["label"] != "second leg":
            return
        first, second = self.legs
        lands = [parse_time(f["arrival_time"]) for f in first["flights"] if f["flight_id"] in first["shown"]
                 and f["status"] == "scheduled" and f["seats_available"] > 0]
        day = refused or second["date"]
        if refused is None and not again and (not lands or any(
                parse_time(f["departure_time"]) > min(lands) for f in second["flights"]
                if f["flight_id"] in second["shown"] and f["status"] == "scheduled")):
            return
        self.awaiting = "leg2_date"
        dates = [d for d in self._bookable_dates(second["origin"], second["destination"]) if d > first["date"]][:3]
        route = f"from {self._place(second['origin'])} to {self._place(second['destination'])}"
        if again:
            why = "Sorry, I still need a date for the second leg."
        elif day < first["date"]:
            why = (f"The second leg cannot leave before the first leg, which flies on {first['date']}, so {day} "
                   "does not work.")
        elif day == first["date"]:
            why = (f"No second-leg flight {route} leaves on {day} after the first leg lands, so the second leg "
                   "cannot be the same day.")
        else:
            why = f"I found no second-leg flight {route} on {day}."
        also = f" Flights {route} go on {', '.join(dates)}." if dates else ""
        out[:] = [x for x in out if not x.startswith("Which flight would you like")]  # one question: the date first
        out.append(f"{why}{also} On what date would you like to fly the second leg?")

    def _reopen_legs(self, p: Parsed, out: list[str]) -> bool:
        """On a trip of several legs with a pick made, before any summary: "change the first leg (to option 2)",
        "I want a different first flight" drop the first leg's pick; "let's start over" drops every pick; "economy
        for both", "forget business, economy" move every leg to that cabin (_switch_cabin). True when the reply
        is complete; False when the flow goes on (the pick said with it is for the first leg)."""
        if len(self.legs) < 2 or self.pending is not None or not any(leg.get("choice") for leg in self.legs):
            return False
        named = re.findall(r"\b(economy|premium|business)\b", p.text.lower())
        cabin = (named[-1] if named and p.selection in (None, *named) and not p.flight_ids
                 and (_BOTH_LEGS.search(_BOTH_PEOPLE.sub(" ", p.text)) or _FORGET.search(p.text))
                 else None)  # "forget business, economy"
        if cabin is not None:
            p.fare_class = cabin
            return self._switch_cabin(p, out)  # when it asks nothing, the flow goes on (the name, the summary)
        over = _START_OVER.search(p.text)
        first = _OUTBOUND_LEG.search(p.text) and _DIFFERENT.search(p.text)
        if not (over or first):
            return False
        for leg in self.legs[:None if over else 1]:
            leg["choice"] = None
        self._refused = None
        if first:  # "switch the first flight to option 2": "first" names the leg, not option 1
            p.selection = parse(_OUTBOUND_LEG.sub(" ", p.text), self.db).selection
        if p.selection is not None or p.flight_ids:
            return False  # "change the first leg to option 2": picked below, for the first leg
        out.append(("Sure, let's start again. " if over else "Sure. ") + self._next_prompt())
        return True

    def _switch_cabin(self, p: Parsed, out: list[str]) -> bool:
        """Every chosen leg moved to the listed flight of the cabin asked for ("change it to the premium
        one", "can I get business instead"); asks which when a leg lists several. True when the reply
        is complete (a question was asked); False when the flow goes on to propose."""
        cabin, need = p.fare_class, self.passengers or 1
        name = CABIN_NAMES.get(cabin, str(cabin).title())
        per_leg = []
        for leg in self.legs:
            shown = [f for f in leg["flights"] if f["flight_id"] in leg["shown"]]
            cands = [f for f in shown if f["fare_class"] == cabin and f["status"] == "scheduled"
                     and f["seats_available"] >= need]
            before = per_leg[-1][2] if per_leg else []
            if len(before) == 1 and before[0]["destination"] == leg["origin"]:  # a connection: only flights it makes
                cands = [f for f in cands if parse_time(f["departure_time"]) - parse_time(before[0]["arrival_time"])
                         >= MIN_CONNECTION]
            per_leg.append((leg, shown, cands))
        p.selection = None
        missing = next((leg for leg, _, c in per_leg if not c), None)
        if missing is not None:
            said = (f"Sorry, none of the flights listed for the {missing['label'] or 'trip'} is {name} with seats "
                    f"for {'all of you' if need > 1 else 'you'}, so I have kept your current choice.")
            if said not in out:  # asked for both legs at once and checked again by the flow: said once
                out.append(said)
            return False
        self.fare_class = cabin
        self.declined = False
        for leg, _, cands in per_leg:
            leg["choice"], leg["by_id"] = (cands[0] if len(cands) == 1 else None), False
        several = next(((leg, shown, c) for leg, shown, c in per_leg if len(c) > 1), None)
        if several is not None:
            leg, shown, cands = several
            out.append(f"There are {len(cands)} {name} options for the {leg['label'] or 'trip'}: " +
                       " or ".join(self._option_words(shown, f) for f in cands) + ". Which one would you like?")
            return True
        out.append("Switching to " + " and ".join(f"{leg['choice']['flight_id']} ({name})" for leg, _, _ in per_leg) + ".")
        return False

    def _named_leg(self, text: str) -> int | None:
        """The one leg of the trip in hand that ``text`` names ("the return", "on the way out", "the second
        leg"); None when it names none, or every leg ("both ways")."""
        if _BOTH_LEGS.search(_BOTH_PEOPLE.sub(" ", text)):  # ("for all of us" is the party, not every leg)
            return None
        if (m := _NTH_LEG.search(text)) is not None:
            word = (m.group(1) or m.group(2)).lower()
            k = {"first": 0, "1st": 0, "1": 0, "second": 1, "2nd": 1, "2": 1, "third": 2, "3rd": 2, "3": 2}.get(
                word, len(self.legs) - 1)
            return k if k < len(self.legs) else None
        if _RETURN_LEG.search(text) and self.legs[-1]["label"] == "return":
            return len(self.legs) - 1
        if _OUTBOUND_LEG.search(text):
            return 0
        return None

    def _open_question(self) -> str:
        """The question still open on a trip being chosen: the one same-cabin flight proposed, if any, else the
        flight to choose, else the summary awaiting a yes."""
        hit = self._find(self.suggested) if self.suggested else None
        if hit is not None:
            k, f = hit
            return f"Would you like {f['flight_id']} departing {f['departure_time'][11:16]} for the {self.legs[k]['label'] or 'trip'}?"
        if self.pending is not None and self.pending.get("said"):
            return self.pending["said"]
        return self._next_prompt()

    def _leg_cabin_answer(self, p: Parsed) -> str | None:
        """The answer to a cabin asked for one leg of a trip of several ("economy on the way out please", "can I do
        business on the second leg?"): one booking keeps one cabin for all its flights (the reservation system books
        a single fare class per booking), so the flights listed in that cabin for every leg, or that a leg has none,
        and the open question again, with the pick, proposal or summary in hand kept. None for any other message."""
        if (self.mode != "new" or len(self.legs) < 2 or not p.fare_class or p.flight_ids or p.no
                or not all(leg.get("shown") for leg in self.legs)
                or (re.search(r"\boption\b|\d", p.text, re.I) and len(_cabins_named(p.text)) < 2)):
            return None
        cabins = _cabins_named(p.text)
        if len(cabins) > 1 and _CABIN_MIX.search(p.text) and not _CABIN_COMPARED.search(p.text):  # "economy on the first and premium on the second?": a mix asked, which one booking
            # cannot hold; what each cabin offers for every leg is said
            names = [CABIN_NAMES.get(c, c) for c in cabins]
            said = ["One booking keeps one cabin for all its flights, so I cannot book " + " on one flight and ".join(names)
                    + " on another; every flight in the booking has to be in the same cabin."]
            for c in cabins:
                said += self._cabin_per_leg(c)[:-1]
            return " ".join(said + [self._open_question()])
        k = self._named_leg(p.text)
        if k is None:
            return None
        name = CABIN_NAMES.get(p.fare_class, p.fare_class)
        said = [f"One booking keeps one cabin for all its flights, so the {self.legs[k]['label'] or 'flight'} can only "
                f"be {name} if every flight in the booking is {name}."]
        return " ".join(said + self._cabin_per_leg(p.fare_class))

    def _cabin_per_leg(self, fare_class: str) -> list[str]:
        """What a cabin offers for every leg of the trip in hand (and whether those flights connect), then the open
        question."""
        name, need = CABIN_NAMES.get(fare_class, fare_class), self.passengers or 1
        said = []
        per_leg = []
        for leg in self.legs:
            shown = self._shown(self.legs.index(leg))
            opts = [f for f in shown if f["fare_class"] == fare_class and f["status"] == "scheduled"
                    and f["seats_available"] >= need]
            per_leg.append(opts)
            said.append(f"{name} for the {leg['label'] or 'trip'}: " + " or ".join(
                self._option_words(shown, f) for f in opts) + "."
                if opts else f"There is no {name} flight with seats listed for the {leg['label'] or 'trip'}.")
        for j in range(len(self.legs) - 1):
            a, b = self.legs[j], self.legs[j + 1]
            if (per_leg[j] and per_leg[j + 1] and a["destination"] == b["origin"] and a["origin"] != b["destination"]
                    and not any(parse_time(y["departure_time"]) - parse_time(x["arrival_time"]) >= MIN_CONNECTION
                                for x in per_leg[j] for y in per_leg[j + 1])):
                said.append(f"But no {name} flight for the {b['label'] or 'next leg'} leaves at least "
                            f"{MIN_CONNECTION_MINUTES} minutes after a {name} flight for the {a['label'] or 'leg before'} "
                            "lands, so they do not connect.")
        return said + [self._open_question()]

    def _why_same_cabin(self, turn: TurnContext, p: Parsed) -> str | None:
        """The answer to a bare "why?" ("how come?") right after the agent said that all flights in one booking
        must be in the same cabin: one booking keeps one fare class for all its flights; the proposal made there is
        kept, so that a "yes" next takes it. None for any other message."""
        if not _BARE_WHY.fullmatch(p.text) or "must be in the same cabin" not in (turn.last_reply or ""):
            return None
        chosen = [leg["choice"] for leg in self.legs if leg.get("choice")]
        kept = (f" Your {chosen[0]['flight_id']} is {chosen[0]['public_cabin']}, so the other flights have to be "
                f"{chosen[0]['public_cabin']} too." if chosen else "")
        return ("Because one booking keeps one cabin for all its flights: the reservation system books a single fare "
                "class per booking." + kept + " " + self._open_question())

    def _repeat_question(self, turn: TurnContext) -> str:
        """The question still open: the summary awaiting a yes, the flight to choose, else the last one asked."""
        if self.pending is not None and self.pending.get("said"):
            return self.pending["said"]
        if self.mode in ("new", "change") and any(leg.get("shown") and not leg.get("choice") for leg in self.legs):
            return self._next_prompt()
        asks = re.findall(r"[^.?!]*\?", turn.last_reply or "")
        return asks[-1].strip() if asks else f"{OFFER} What would you like to do?"

    def _side_answer(self, turn: TurnContext, p: Parsed) -> str | None:
        """A question on the side that the agent can answer from its rules, answered, then the open
        question asked again: whether a hold costs anything or how long it lasts, whether a booking can be
        changed later, whether passport or card details are needed, why a destination is restricted or
        a flight cancelled, which connection is shortest. None for any other message."""
        if not (("?" in p.text or _WH_QUESTION.match(p.text) or _SAVED_ASK.match(p.text)
                 or (_SEND_ME.search(p.text) and self.pending is None))  # "great can u email me the receipt"
                # after a booking: asked, never a goodbye (at a summary, "yep, send the confirmation" is no plain yes)
                and not (p.yes or p.places or p.dates or p.passengers or p.booking_ids or p.passport or p.card)):
            if not (p.unknown_place and p.places and not p.booking_ids and _SWAP_PLACE.search(p.text)
                    and self.mode in (None, "new") and re.match(r"\W*(?:(?:ok(?:ay)?|so|and|hmm+|then)\W+)*(?:what|how) about\b",
                                                                p.text, re.I)):
                return None  # (but "ok what about dubai to delhi then?": the place not served is said, below)
        t = p.text
        answer = None
        if p.has("hold") and re.search(r"\b(?:can|could|would) you (?:please )?hold\b|\bplease hold\b|\bhold (?:it|them|"
                                      r"the seats?|my seats?)\b", t, re.I):
            self.action = "hold"  # "can you hold it? how long does the hold last?": asked, and the hold noted
        if _SEND_ME.search(t):
            ref = f" Your booking reference is {self.booking_id}; with it and the last name I can look the booking up " \
                  "at any time." if self.booking_id and self.booking is not None else ""
            answer = f"Sorry, I can't send emails or text messages from here.{ref}"
        elif _WHOSE_NAME.search(t) and self.awaiting in ("name", "last_name") and self.mode in (None, "new"):
            # "mine or my wife's?", "whose name, mine or the one flying?" at the name question
            answer = ("The lead passenger's: one of the people travelling on this booking (yours, if you are flying), "
                      "first and last name exactly as on their passport.")
        elif _PASSPORT_NAME_ASK.search(t) and self.awaiting in ("name", "last_name") and self.mode in (None, "new"):
            # "is it ok to use my maiden name X?", "do you need the name as in passport?"
            kind = next((w for w in ("maiden", "married", "legal") if w in t.lower()), None)
            answer = ("The booking must be under the lead passenger's name exactly as on the passport they travel "
                      + (f"with: if that passport is in your {kind} name, use that name; if not, use the name on it."
                         if kind else "with, first and last name."))
        elif NAME_QUESTION.search(t):  # "do you need my middle name too?"
            answer = "No, the lead passenger's first and last name are all I need."
        elif _SAVED_ASK.match(t) and self.pii and not (p.intents & {"book", "hold", "cancel", "change"}):
            kinds = " and ".join(dict.fromkeys(self.pii))  # "did u save it?" after a passport number: yes
            answer = f"Yes, I have noted your {kinds} details."
        elif _WHICH_DAY_CHEAPER.search(t) and (day_answer := self._day_compare_answer()):
            answer = day_answer  # "which is cheaper?" after two days were compared
        elif _WHY_NAME.search(t):  # "why do u need my surname": the reason, then the name asked again
            answer = ("Every booking is filed under the lead passenger's first and last name, as on the passport; "
                      "I can't book or hold seats without them.")
        elif _PARTY_LIMIT_ASK.search(t):  # "is there a limit on how many people can book?"
            answer = (f"One booking or hold can be for up to {MAX_PAX} passengers; a larger group can be split into "
                      "several bookings.")
        elif _BOOK_FOR_OTHERS.search(t):  # "can I book for my kids too?"
            answer = ("Yes, one booking can cover everyone travelling together, up to "
                      f"{MAX_PAX} passengers, under one lead passenger's name.")
        elif _HOLD_QUESTION.search(t) and not (isinstance(p.selection, int) and p.has("hold") and not _WH_QUESTION.match(t)):
            answer = HOLD_RULE  # not for "can you reserve option 1 and I'll pay later?": a hold of option 1 asked for
        elif _CHANGE_FEE.search(t) and not p.booking_ids:  # "is there any fee for changing?": no fee, the new fare
            answer = CHANGE_FEE_RULE
        elif _CHANGE_LATER.search(t) and not p.booking_ids and self.mode != "change":
            answer = CHANGE_RULE
        elif _WINDOW_ASK.search(t):  # "what's the earliest I can go?", "what's the latest date I can book?"
            answer = (f"I can book departures between {MIN_LEAD_HOURS} hours and {MAX_LEAD_DAYS} days ahead, that is "
                      f"from {WINDOW_MIN:%Y-%m-%d %H:%M} UTC to {WINDOW_MAX:%Y-%m-%d}.")
            dates = self._bookable_dates(self.origin, self.destination) if self.origin and self.destination else []
            if dates:
                answer += (f" On {self._place(self.origin)} to {self._place(self.destination)}, the earliest date I can "
                           f"book is {dates[0]} and the latest is {dates[-1]}.")
        elif p.unknown_place and _SWAP_PLACE.search(t) and self.mode in (None, "new"):  # "what about Islamabad instead?"
            answer = (f"Sorry, {p.unknown_place} is not an airport in our network, so I can't search flights there. "
                      "I'm happy to look at another city.")
        elif _NEED_DETAILS.search(t):
            answer = ("No, I don't need passport or card details to search, hold or book, so you don't have to share "
                      "them here.")
        elif re.search(r"\bwhy\b", t, re.I):
            restricted = sorted({a for leg in self.legs for a in (leg["origin"], leg["destination"])
                                 if self.db.airports[a].restricted})
            cancelled = next((f for leg in self.legs for f in leg.get("flights", [])
                              if f["flight_id"] in leg.get("shown", ()) and f["status"] == "cancelled"), None)
            if restricted and re.search(r"\b(?:not|can'?t|cannot|restrict\w*|won'?t)\b|^\W*why\W*$", t, re.I):
                answer = (f"{self._place(restricted[0])} is on our list of restricted destinations, so I am not "
                          "allowed to hold or book flights that touch it.")  # the open question follows: another destination
            elif cancelled is not None and re.search(r"\bcancel\w*\b", t, re.I):
                answer = (f"I'm sorry, I don't know why the airline cancelled flight {cancelled['flight_id']}; I can only "
                          "see that it is cancelled.")
        elif self.leg2_later_asked:
            answer = self._later_second_leg()  # "what about a later one from Frankfurt?" (_second_leg_by_place)
        elif _LAYOVER.search(t) and len(self.legs) == 2 and self.legs[1]["label"] == "second leg":
            answer = self._connection_answer()
        elif (_HOW_MANY_ON.search(t) and self.booking is not None and self.booking["booking_id"] in turn.last_reply
              and self.booking.get("passengers")):  # "how many passengers are on it?" after a lookup
            answer = f"Booking {self.booking['booking_id']} is for {pax_words(int(self.booking['passengers']))}."
        elif (_FLIGHT_STATUS_ASK.search(_CANCEL_WITHDRAWN.sub(" ", t)) and not _WAS_CHANGED.search(t)
              # ("was going to cancel it but we're still flying": a cancel given up, no question whether it flies)
              and (answer := self._flight_status_answer(turn, p))):
            pass  # "is SA4885 still operating?" after a lookup: what the schedule says of that flight
        elif _PAID_ASK.search(t) and self.booking is not None and not p.booking_ids:
            b = self.booking  # "is it paid yet?" after a lookup: a confirmed booking is paid, a hold is not
            answer = (f"Booking {b['booking_id']} is on hold, so it is not paid yet; nothing is charged unless you "
                      "book it." if b.get("status") == "held" else
                      f"Booking {b['booking_id']} is confirmed, so it has been paid for." if b.get("status") == "confirmed"
                      else f"Booking {b['booking_id']} has status {b.get('status')}.")
        elif _SEATS_LEFT.search(t) and self.booking is None and (f := self._context_flight()) is not None:
            seats = int(f.get("seats_available", 0))  # "how many seats are left?" about the flight in hand
            answer = (f"Flight {f['flight_id']} was cancelled by the airline, so it cannot be booked."
                      if f.get("status") == "cancelled" else
                      f"Flight {f['flight_id']} is sold out: no seats are left." if seats <= 0 else
                      f"Flight {f['flight_id']} has {seats} seat{'s' if seats != 1 else ''} left.")
        if answer is None:
            return None
        pend = self.pending
        if (pend is not None and self.action == "hold" and pend["kind"] == "book" and not pend.get("release")
                and pend.get("said", "").endswith(_SHALL_BOOK)):
            # "can you hold it? how long does the hold last?" at "Shall I book it?": the hold is what is asked about now
            said = pend["said"][:-len(_SHALL_BOOK)] + _SHALL_HOLD
            self.pending = {**pend, "tool": "hold_itinerary", "kind": "hold", "said": said}
        if self.pending is not None and self.pending.get("said"):
            return f"{answer} {self.pending['said']}"
        if self.mode in ("new", "change") and any(leg.get("shown") and not leg.get("choice") for leg in self.legs):
            return f"{answer} {self._next_prompt()}"
        asks = re.findall(r"[^.?!]*\?", turn.last_reply or "")
        return f"{answer} {asks[-1].strip()}" if asks else f"{answer} {OFFER} What would you like to do?"

    def _flight_status_answer(self, turn: TurnContext, p: Parsed) -> str | None:
        """Whether the flights asked about still fly as scheduled, from get_flight_details: the flight named by
        number or by its departure time, else the flights of the booking looked up. None with no such flight."""
        if self.booking is None:  # (a flight asked about by number alone is described by _flight_info)
            return None
        fids = list(p.flight_ids) or list(self.booking.get("itinerary") or [])
        if not fids:
            return None
        if not p.flight_ids and (m := re.search(r"\b(\d{1,2})[:.](\d{2})\b", p.text)):  # "is the 10:30 on time?"
            at = f"{int(m.group(1)):02d}:{m.group(2)}"
            fids = [x for x in fids if (g := self.db.flights.get(x)) is not None and g.departure_time[11:16] == at] or fids
        said = []
        for fid in dict.fromkeys(fids):
            ok, f = self._call(turn, "get_flight_details", {"flight_id": fid})
            if not ok:
                said.append(f"Sorry, I could not find flight {fid}.")
            elif f.get("status") == "cancelled":
                said.append(f"Flight {fid} from {self._place(f['origin'])} to {self._place(f['destination'])} has been "
                            "cancelled by the airline.")
            else:
                said.append(f"Flight {fid} from {self._place(f['origin'])} to {self._place(f['destination'])} is "
                            f"operating as scheduled: it has not been cancelled, and it departs {f['departure_time'][:10]} "
                            f"at {f['departure_time'][11:16]}.")
        if re.search(r"\bon time\b|\bdelay\w*\b|\blate\b", p.text, re.I):
            said.append("I can see the schedule only, not live delays on the day.")
        if p.has("refund") and self.booking is not None:  # "... still on schedule, and is my fare refundable?"
            said.append(self._refund_sentence(self.booking))
        return " ".join(said)

    def _connection_answer(self) -> str:
        """The pairs of listed flights that connect with at least the minimum connection time, shortest first."""
        first, second = self.legs
        def shown(leg: dict[str, Any]) -> list[dict[str, Any]]:
            if leg.get("choice"):  # "what's the layover?" after the first leg is picked: from that flight
                return [leg["choice"]]
            return [f for f in leg["flights"] if f["flight_id"] in leg["shown"] and f["status"] == "scheduled"
                    and f["seats_available"] >= (self.passengers or 1)]
        pairs = []
        for a in shown(first):
            for b in shown(second):
                gap = parse_time(b["departure_time"]) - parse_time(a["arrival_time"])
                if gap >= MIN_CONNECTION and a["fare_class"] == b["fare_class"]:
                    pairs.append((gap, a, b))
        if not pairs:
            return (f"None of the listed flights connect with at least {MIN_CONNECTION_MINUTES} minutes between them "
                    "in the same cabin; another date for one of the legs may work better.")
        pairs.sort(key=lambda x: (x[0], x[1]["departure_time"]))
        gap, a, b = pairs[0]
        hours, mins = divmod(int(gap.total_seconds() // 60), 60)
        span = (f"{hours} h {mins} min" if hours else f"{mins} minutes")
        return (f"The shortest connection I can book is {a['flight_id']} then {b['flight_id']}, with {span} between "
                f"landing and the next departure (I need at least {MIN_CONNECTION_MINUTES} minutes).")

    def _gate_answer(self, turn: TurnContext, p: Parsed, out: list[str]) -> str | None:
        """ "which gate does it leave from?", "what terminal is SA1614 at?": no tool gives a gate or terminal, so that
        is said (GATE_NOTE), with no tool called for it and nothing else changed, and the open question again; with
        more asked in the message ("what time does SA1614 leave and from which gate?", a booking to look up) the
        note goes first and the rest is answered as before (None)."""
        if not _GATE_ASK.search(p.text) or p.yes or p.no:
            return None
        more = (p.places or p.dates or p.booking_ids or p.passengers or p.selection is not None or p.number is not None
                or p.intents - {"details", "availability", "help"} or (p.intents and not p.flight_ids)
                or (p.has("details") and re.search(r"\bwhat time\b|\bwhen\b|\bhow long\b", p.text, re.I)))
        if more:
            out.append(GATE_NOTE)
            return None
        return f"{GATE_NOTE} {self._repeat_question(turn)}"

    def _no_return_yet(self, turn: TurnContext, p: Parsed) -> str | None:
        """A question about the return ("is the return refundable?", "how much would the flight back be?", "what's
        the fare basis on the return") while the trip in hand is one way: said that there is no return flight yet
        (never the outbound's answer given as the return's, never taken as a yes to a return), with the way back
        offered when the route flies back, and the open question again. None for any other message."""
        if (self.mode != "new" or len(self.legs) != 1 or self.legs[0]["label"] or not _RETURN_LEG.search(p.text)
                or _OUTBOUND_LEG.search(p.text) or p.places or p.dates or p.booking_ids or p.flight_ids or p.yes
                or ((w := _RETURN_WANTED.search(p.text)) and not re.search(r"refund|money", w.group(0), re.I))
                or p.selection is not None or p.number is not None
                or not ("?" in p.text or _WH_QUESTION.match(p.text) or re.match(
                    r"\W*(?:(?:and|so|ok(?:ay)?|also)\W+)?(?:would|will|is|are|does|do|can|could)\b", p.text, re.I))
                or not (p.intents & {"refund", "price", "details", "fare_code", "availability"} or p.rules_question
                        or p.asked_option is not None)):
            return None
        leg = self.legs[0]
        back = (leg["destination"], leg["origin"]) in self.db.route_set
        return (f"There is no return flight in your trip yet: so far it is one way, from {self._place(leg['origin'])} "
                f"to {self._place(leg['destination'])}." +
                (" If you would like one, I can look for a flight back and tell you its fare and refund rules."
                 if back else "") + " " + self._repeat_question(turn))

    def _named_with_amenity_question(self, p: Parsed) -> bool:
        """The name asked for, given with a question the search results cannot answer ("Aisha Okafor. Is there wifi
        on board?", "My surname is Okafor, first name Aisha, and by the way is there wifi?"): the question is answered
        beside the name, which is kept."""
        return (self.awaiting in ("name", "last_name") and bool(p.first_name or p.last_name) and not (p.yes or p.no)
                and bool(_AMENITY.search(p.text)) and bool(_QUESTION.search(p.text)) and bool(self.legs or self.pending is not None))

    def _listing_answer(self, turn: TurnContext, p: Parsed) -> str | None:
        """A question comparing the listed flights (``listing_question``: "which one is cheaper?", "which gets in
        first?", "are both direct?", "which would you recommend?", "anything in the evening?", "which flights are there
        that day?"), answered from the list of the leg still to choose, nothing picked: a single flight named is only
        suggested ("Would you like that one?"), and the open question stays; "which date works out cheaper?" after
        two days were compared: the two days' lowest fares. None for any other message."""
        kind = listing_question(p.text)
        if (kind is None or p.yes or p.no or p.places or p.dates or p.passengers or p.booking_ids or p.flight_ids
                or p.selection is not None or p.asked_option is not None or p.fare_class or p.budget or p.first_name
                or p.last_name or self.mode not in ("new", "change")):
            return None
        if kind == "day":
            return self._cheaper_day_said(turn, p)
        if kind == "cheapest" and self.compared and "I also checked" in (turn.last_reply or ""):
            return None  # "which one is cheaper?" just after two days were compared: the days (``_cheapest_day``)
        if self.pending is not None or not re.search(r"Which flight would you like|Would you like that one\?|"
                                                     r"Would you like [A-Z]{2}\d{3,4} departing", turn.last_reply or ""):
            return None  # (only while the flight to choose is the open question: "What do you suggest then?" after
            # "... or I can book SA5696 on its own. Which would you like?" answers that question)
        k = next((i for i, leg in enumerate(self.legs) if leg.get("shown") and not leg.get("choice")), None)
        if k is None:
            return None
        leg = self.legs[k]
        shown = self._shown(k)
        where = f" for the {leg['label']}" if len(self.legs) > 1 and leg["label"] else ""
        need = self.passengers or 1
        bookable = [f for f in shown if f["status"] == "scheduled" and f["seats_available"] >= need]
        if kind == "list":
            return " ".join([self._options_said(x) for x in self.legs if x.get("shown") and not x.get("choice")]
                            + [self._open_question()])
        if kind == "direct":
            return f"Yes: every flight I list is a direct flight, with no stops. {self._next_prompt()}"
        if kind.startswith("part "):
            lo, hi = _DAY_PARTS[kind[5:]]
            fits = [(i, f) for i, f in enumerate(shown, 1) if lo <= f["departure_time"][11:16] < hi]
            if not fits:
                return (f"None of the flights listed{where} leaves in the {kind[5:]}: the latest leaves at "
                        f"{max(f['departure_time'][11:16] for f in shown)}. {self._next_prompt()}")
            return (f"In the {kind[5:]}{where}: " + "; ".join(
                f"option {i} is {f['flight_id']} departing {f['departure_time'][11:16]}, {money(float(f['price_usd']))} "
                f"per seat" + ("" if f in bookable else " (not bookable for your party)") for i, f in fits)
                    + f". {self._next_prompt()}")
        flying = [f for f in shown if f["status"] == "scheduled" and f["seats_available"] > 0]
        party = f" with seats for all {need} of you" if need > 1 and len(bookable) < len(flying) else ""
        if len(self.legs) > 1:  # one cabin per booking: a flight whose cabin another leg lacks is never suggested
            bookable = self._same_cabin(k, bookable) or bookable
        if not bookable:
            return None
        by = {"cheapest": lambda f: (float(f["price_usd"]), f["departure_time"]),
              "recommend": lambda f: (float(f["price_usd"]), f["departure_time"]),
              "earliest": lambda f: (f["departure_time"], float(f["price_usd"])),
              "latest": lambda f: (f["departure_time"], -float(f["price_usd"])),
              "arrives first": lambda f: (f["arrival_time"], float(f["price_usd"])),
              "arrives last": lambda f: (f["arrival_time"], -float(f["price_usd"]))}[kind]
        pick = (max if kind in ("latest", "arrives last") else min)(bookable, key=by)
        i = shown.index(pick) + 1
        if not party and by(pick) != by((max if kind in ("latest", "arrives last") else min)(flying, key=by)):
            where += " of those I can book for your trip"  # another flight is cheaper or earlier, but not bookable
        lead = {"cheapest": f"The cheapest{party}{where} is option {i}",
                "recommend": f"I would suggest the cheapest{party or (' with seats for all ' + str(need) + ' of you' if need > 1 else '')}"
                             f"{where}, option {i}",
                "earliest": f"Option {i} leaves first{where}",
                "latest": f"Option {i} leaves last{where}",
                "arrives first": f"Option {i} arrives first{where}",
                "arrives last": f"Option {i} arrives last{where}"}[kind]
        self.suggested = pick["flight_id"]  # "ok" next picks it; nothing is picked now
        self.offered_return = False  # ("ok" answers "Would you like that one?", not the return offered with the list)
        return f"{lead}: {self._flight_text(pick, with_rules=True)} Would you like that one?"

    def _cheaper_day_said(self, turn: TurnContext, p: Parsed) -> str | None:
        """"which date works out cheaper?" once two days were compared: each day's lowest fare with seats for the
        party, and which is cheaper, then the open question again; None when no two days were compared."""
        if not self.compared:
            return None
        o, d, days = self.compared
        lows = {day: self.day_lows.get((o, d, day)) for day in days}
        have = {day: low for day, low in lows.items() if low is not None}
        need = self.passengers or 1
        if not have:
            said = f"Neither {days[0]} nor {days[1]} has a flight with seats for your party."
        elif len(have) == 1:
            (day, low), = have.items()
            other = next(x for x in days if x != day)
            said = (f"{day} is the only one of the two days with seats for " + (f"all {need} of you" if need > 1 else "you")
                    + f", from {money(low)} per seat; {other} has none.")
        elif have[days[0]] == have[days[1]]:
            said = f"Both days have the same lowest fare, {money(have[days[0]])} per seat."
        else:
            cheap, dear = sorted(days, key=lambda x: have[x])
            said = (f"{cheap} is the cheaper day: from {money(have[cheap])} per seat, against {money(have[dear])} on "
                    f"{dear}.")
        return f"{said} {self._repeat_question(turn)}"

    def _unknown_or_compare(self, turn: TurnContext, p: Parsed) -> str | None:
        """A question about the listed flights that the search results cannot answer (wifi, meals,
        legroom): said plainly, then the open question again; "what's the difference between option 1
        and 2": the options compared as the search shows them. None for any other message."""
        if p.yes or p.no or p.places or p.dates or p.passengers or p.booking_ids or p.passport or p.card:
            return None
        m = _AMENITY.search(p.text)
        if m and _QUESTION.search(p.text) and (self.legs or self.pending is not None) and not self._named_with_amenity_question(p):
            where = f" on {p.flight_ids[0]}" if p.flight_ids else ""
            return f"{_no_information(m.group(0), where)} {self._repeat_question(turn)}"
        if not _COMPARE.search(p.text) or not self.legs:
            return None
        k = next((i for i, leg in enumerate(self.legs) if leg.get("shown") and not leg.get("choice")),
                 next((i for i, leg in enumerate(self.legs) if leg.get("shown")), None))
        if k is None:
            return None
        leg = self.legs[k]
        shown = [f for f in leg["flights"] if f["flight_id"] in leg["shown"]]
        idx = [i for fid in p.flight_ids for i, f in enumerate(shown) if f["flight_id"] == fid]
        rest = re.sub(r"\b[A-Za-z]{2}\d{3,4}\b", " ", p.text)
        for n in re.finditer(r"\b(\d)\b|\b(first|1st|second|2nd|third|3rd|fourth|4th)\b", rest, re.I):
            i = (int(n.group(1)) if n.group(1) else _ORDINAL[n.group(2).lower()]) - 1
            if 0 <= i < len(shown) and i not in idx:
                idx.append(i)
        if len(idx) < 2:
            if len(shown) < 2:
                return None
            idx = list(range(min(len(shown), 4)))
        parts = []
        for i in sorted(idx):
            f = shown[i]
            state = ("cancelled by the airline" if f["status"] == "cancelled" else "sold out"
                     if f["seats_available"] <= 0 else f"{f['seats_available']} seats left")
            cabin = self._cabin_shown(leg, f)
            parts.append(f"option {i + 1} is {f['flight_id']}, departing {f['departure_time'][11:16]} and arriving "
                         f"{f['arrival_time'][11:16]}, {cabin}{money(float(f['price_usd']))} per seat, "
                         f"{f['refundability']}, {state}")
        where = f" for the {leg['label']}" if leg["label"] else ""
        return f"Here is how they compare{where}: " + "; ".join(parts) + f". {self._repeat_question(turn)}"

    def _ask_missing(self, out: list[str], p: Parsed | None = None) -> None:
        if p is not None and p.other_airports and (self.destination is None or self.origin is None):
            # "flying out of LaGuardia", "London Gatwick to Paris Orly": said not served, with the city's airport
            # offered (never searched in its place without the customer's word)
            said = []
            for name, served, role in p.other_airports:
                way = "to" if role == "destination" else "from"
                said.append(f"we don't fly {way} {name}; in {self.db.airports[served].city} we fly only {way} "
                            f"{self._place(served)}")
                self.offered_airports.append((role or ("destination" if self.destination is None else "origin"), served))
            self.awaiting = "destination" if self.destination is None else "origin"
            codes = " and ".join(dict.fromkeys(code for _r, code in self.offered_airports))
            out.append("Sorry, " + ", and ".join(said) + f". Would you like me to use {codes} instead, or another "
                       "airport?")
            return
        if p is not None and p.unknown_place and (self.destination is None or self.origin is None):
            self.awaiting = "destination" if self.destination is None else "origin"
            out.append(f"Sorry, I could not find an airport for {p.unknown_place} in our network. Could you check the "
                       "spelling, or give me another city or its three-letter airport code?")
            return
        if self.destination is None:
            self.awaiting = "destination"
            out.append("Happy to help. Where would you like to fly to" +
                       (f" from {self._place(self.origin)}" if self.origin else "") + "?")
        elif self.origin is None:
            self.awaiting = "origin"
            out.append(f"Where will you be flying from to {self._place(self.destination)}?")
        else:
            self.awaiting = "date"
            route = f"from {self._place(self.origin)} to {self._place(self.destination)}"
            if p is not None and (_FLEXIBLE.search(p.text) or p.month_named):  # "any day next week", "what dates do
                # you have?", "anything around early september?"
                dates, note = self._route_dates(p.text)
                if dates:
                    self.offered_dates, self.offered_retry = dates, True  # "the first one" picks a date
                    out.append(f"{note}Flights {route} go on {', '.join(dates)}. Which date would you like?")
                    return
            out.append(f"What date would you like to fly {route}?")

    def _bookable_dates(self, origin: str, destination: str) -> list[str]:
        """The dates with a scheduled flight on the route that departs inside the booking window."""
        return sorted({f.date for f in self.db.flights.values() if f.origin == origin and f.destination == destination
                       and f.status == "scheduled" and WINDOW_MIN <= parse_time(f.departure_time) <= WINDOW_MAX})

    def _route_dates(self, text: str, month: int | None = None, skip: str | None = None) -> tuple[list[str], str]:
        """Up to three dates this route flies, within the booking window, in the month the text
        names when it names one (else the first ones), and a note when that month has none;
        ``month``: the month when the text names it otherwise ("end of next month"); ``skip``: a date left out."""
        dates = [d for d in self._bookable_dates(self.origin, self.destination) if d != skip]  # the dates the agent can book
        m = re.search(r"\b(?:in|of|during|early|late|mid|this|next|for|around|about|beginning of|end of|start of)\s+(" +
                      "|".join(MONTHS) + r")\b", text, re.I)
        month = MONTHS[m.group(1).lower()] if m else month
        if re.search(r"\bnext week\b", text, re.I):
            week = [d for d in dates if d <= (NOW + timedelta(days=14)).date().isoformat()]
            return (week[:3], "") if week else (dates[:3], "There are no flights on this route next week. ")
        if month is not None:
            inside = [d for d in dates if int(d[5:7]) == month]
            if inside:  # "end of july", "late june": the last days of it
                return (inside[-3:] if re.search(r"\b(?:end of|late)\s+\w+", text, re.I) else inside[:3]), ""
            return dates[:3], f"There are no flights on this route {_month_name(month)}. "
        return dates[:3], ""

    def _search_legs(self, turn: TurnContext, legs: list[dict[str, Any]], out: list[str],
                     kept: dict[tuple[str, str, str], dict[str, Any]] | None = None) -> None:
        """Search each leg and list what it found; ``kept``: the flights chosen for legs searched
        before, kept for a leg that is the same ("for the return, a day later" keeps the outbound pick)."""
        results = []
        for leg in legs:
            args = {"origin": leg["origin"], "destination": leg["destination"], "date": leg["date"]}
            ok, data = self._call(turn, "search_flights", args)
            flights = data.get("flights", []) if ok else []
            leg = dict(leg, flights=flights, choice=None, by_id=False)
            premium = [f for f in flights if f["fare_class"] != "economy"]
            economy = [f for f in flights if f["fare_class"] == "economy"]
            # the fault hides bookable premium options from the listing's words only: the rows keep the fault-free
            # numbers (with gaps), so "option 2" names the same flight with or without it and a pick of a hidden
            # row works as without it (another fault beside it still shows); when a date has nothing else it
            # lists every flight but leaves out the cabin names, so the flow stays reachable and B4 still breaks
            leg["hidden"] = [f["flight_id"] for f in premium] if self._hides_premium(premium) and economy else []
            leg["shown"] = [f["flight_id"] for f in flights]
            results.append((leg, ok, flights))
        self.legs = [r[0] for r in results]
        for leg in self.legs:
            was = (kept or {}).get((leg["origin"], leg["destination"], leg["date"]))
            same = next((f for f in leg["flights"] if was and f["flight_id"] == was["flight_id"]), None)
            if same is not None and same["flight_id"] in leg["shown"]:
                leg["choice"] = same
        self.awaiting = None
        parts = []
        multi = len(legs) > 1
        self.offered_dates = []
        for leg, ok, shown in results:
            head = f"{leg['label'].capitalize() + ', ' if multi and leg['label'] else ''}{self._place(leg['origin'])} to {self._place(leg['destination'])} on {leg['date']}"
            if not ok:
                parts.append(f"Sorry, I could not search {head}.")
                continue
            if not shown:
                after = legs[0]["date"] if multi and leg["label"] == "second leg" else ""
                if multi and leg["label"] == "return":
                    after = (Date.fromisoformat(legs[0]["date"]) - timedelta(days=1)).isoformat()  # never before the way out
                now = self._booking_date() if leg.get("for_change") else None  # a change: not the day it is on
                dates = [d for d in self._bookable_dates(leg["origin"], leg["destination"])  # only dates it can book
                         if d != leg["date"] and d > after and d != now][:3]
                if not multi:
                    self.offered_dates = dates
                listed = dates and not (multi and leg["label"] == "second leg")  # asked with its dates (_ask_leg2_date)
                day = Date.fromisoformat(leg["date"])
                outside = ("more than" if day > WINDOW_MAX.date() else "less than" if day < WINDOW_MIN.date() else None)
                parts.append(f"Sorry, I found no flights for {head}." +
                             # "a year from today": that day is past the window anyway, which is said (not only
                             # that it has no flights)
                             (f" That date is also {outside} {MAX_LEAD_DAYS if outside == 'more than' else MIN_LEAD_HOURS} "
                              f"{'days' if outside == 'more than' else 'hours'} ahead, and I can only book departures "
                              f"between {MIN_LEAD_HOURS} hours and {MAX_LEAD_DAYS} days ahead."
                              if outside and not self._f("ignore_booking_window") else "") +
                             (f" This route also flies on {', '.join(dates)}." if listed else ""))
                continue
            items = []
            for k, f in self._listed(leg):
                if f["status"] == "cancelled":
                    note = "cancelled by the airline, not bookable"
                elif f["seats_available"] <= 0:
                    note = "sold out"
                else:
                    note = f"seats left: {f['seats_available']}"
                cabin = self._cabin_shown(leg, f)
                items.append(f"{k}) {f['flight_id']} departing {f['departure_time'][11:16]}, arriving "
                             f"{f['arrival_time'][11:16]}, {cabin}{money(float(f['price_usd']))} per seat ({note})")
            parts.append(f"For {head} I found: " + "; ".join(items) + ".")
        out.append(" ".join(parts))
        for leg, _ok, shown in results:  # listed, but every open flight is outside the booking window
            open_ = [f for f in shown if f["status"] == "scheduled" and f["seats_available"] > 0]
            if open_ and not self._f("ignore_booking_window") and not any(
                    WINDOW_MIN <= parse_time(f["departure_time"]) <= WINDOW_MAX for f in open_):  # the fault: no window
                soon = parse_time(open_[0]["departure_time"]) < WINDOW_MIN
                when = (f"less than {MIN_LEAD_HOURS} hours from now" if soon else f"more than {MAX_LEAD_DAYS} days ahead")
                dates = [d for d in self._bookable_dates(leg["origin"], leg["destination"]) if d != leg["date"]][:3]
                out.append(f"Please note that the {leg['label'] + ' ' if leg['label'] else ''}flights on {leg['date']} "
                           f"leave {when}, and I can only book departures between {MIN_LEAD_HOURS} hours and "
                           f"{MAX_LEAD_DAYS} days ahead." +
                           (f" The route has flights I can book on {', '.join(dates)}." if dates else ""))
        flights_all = [f for leg, ok, shown in results for f in leg["flights"] if f["flight_id"] in leg["shown"]]
        hide = self._hides_premium([f for leg, _ok, _shown in results for f in leg["flights"]])
        if self.fare_class and flights_all and not hide and not any(
                f["fare_class"] == self.fare_class and f["status"] == "scheduled" and f["seats_available"] > 0
                for f in flights_all):  # "business class for two" on a day with no Business seat
            out.append(f"None of these flights has {CABIN_NAMES.get(self.fare_class, self.fare_class)} seats left.")
        if not hide:
            note = self._cabins_note(flights_all)
            if note:
                out.append(note)
        restricted = sorted({a for leg in self.legs for a in (leg["origin"], leg["destination"])
                             if self.db.airports[a].restricted})
        if restricted and not self._f("hold_restricted"):
            out.append(f"Please note that {self._place(restricted[0])} is a restricted destination, so I can show "
                       "these flights but I can't hold or book them.")
            shut = next((q for k in range(len(self.legs)) if (q := self._shut_question(k))), None)
            if shut is not None:  # nothing here can be booked: no return offer, no "which flight?"
                out.append(shut)
                return
        need = self.passengers or 1
        closed = len(self.legs) == 1 and bool(self.legs[0]["shown"]) and not self.legs[0].get("from_id") and not any(
            f["status"] == "scheduled" and f["seats_available"] >= need
            and (self._f("ignore_booking_window") or WINDOW_MIN <= parse_time(f["departure_time"]) <= WINDOW_MAX)
            for f in self._shown(0))  # the fault never says a flight outside the window cannot be booked, then books it
        if closed:  # listed, but none can be booked: no return offer, no "which flight?"; other days are offered
            leg = self.legs[0]
            self.offered_dates = [d for d in self._bookable_dates(leg["origin"], leg["destination"]) if d != leg["date"]][:3]
            self.offered_retry = True
            back = (leg["destination"], leg["origin"]) in self.db.route_set and not self._f("no_round_trip_hint")
            out.append("None of these flights can be booked for your party, I'm afraid." +  # the hint fits the refusal
                       (" If you find a date that works, I can also look for a flight back." if back else "") +
                       " Would you like to try another date?")
            return
        is_round = len(legs) == 2 and legs[0]["origin"] == legs[1]["destination"] and legs[0]["destination"] == legs[1]["origin"]
        back = [leg for leg in self.legs if (leg["destination"], leg["origin"]) in self.db.route_set]
        if is_round:
            if all(leg["shown"] for leg in self.legs):  # not when one direction found nothing ("come back on the 5th")
                out.append("That covers both directions of your round trip.")
        elif (self.wants_return and len(self.legs) == 1 and back and self.legs[0]["shown"]
              and not self._f("no_round_trip_hint")):
            # "a round trip from A to B" without its return date: asked now, the outbound pick can wait
            first = self.legs[0]
            self.awaiting = "return_date"
            out.append(f"On what date would you like to fly back from {self._place(first['destination'])} to "
                       f"{self._place(first['origin'])}?")
            return
        elif (not self._f("no_round_trip_hint") and back
              and not (len(self.legs) == 1 and self._way_out_booked(self.legs[0]))):
            # (no return offered for the way back of a flight booked in this chat)
            if any(leg.get("for_change") for leg in self.legs):  # moving a booking: a return is another booking
                out.append("If you also need a return flight, I can look for one separately.")
            elif multi:  # a connecting trip: its return is a trip of its own
                out.append("If you also need a return flight, I can look for one once this trip is arranged.")
            elif not any(leg["shown"] for leg in self.legs):  # nothing found: "yes" answers the other-date offer
                out.append("Once we have found your flight, I can also look for a return flight if you need one.")
                self.offered_return = True  # taken up only by a yes that names the return (respond)
            elif self.one_way_said and len(self.legs) == 1:
                # "one way is fine", "we're moving there for good": the way back is only mentioned, never offered as
                # a question to answer (a "yes" next is no return asked for)
                first = self.legs[0]
                out.append(f"If you ever need a flight back, this route is also flown from "
                           f"{self._place(first['destination'])} to {self._place(first['origin'])}, and I can look for "
                           "one for you.")
            else:
                out.append("Would you also like me to look for a return flight?")
                self.offered_return = True
        if any(leg["flights"] for leg in self.legs):
            kept_legs = [leg for leg in self.legs if leg.get("choice")]
            if kept_legs:
                out.append("You still have " + " and ".join(f"{leg['choice']['flight_id']} for the {leg['label'] or 'trip'}"
                                                            for leg in kept_legs) + ".")
            nxt = next((leg for leg in self.legs if leg["shown"] and not leg.get("choice")), None)
            if nxt is not None:
                which = f" for the {nxt['label']}" if multi else ""
                out.append(f"Which flight would you like{which}? You can say the option number or the flight number.")
            elif kept_legs and (empty := next((leg for leg in self.legs if not leg["shown"]), None)) is not None:
                out.append(self._nothing_to_pick(empty))  # the kept pick stands; the moved leg found nothing
        if self.legs and not any(leg["shown"] for leg in self.legs):
            out.append("Would you like to try another date or another route?")
            self.offered_retry = True

    def _cabin_shown(self, leg: dict[str, Any], f: dict[str, Any]) -> str:
        """The cabin name of a listed flight ("Economy, "), left out only where ``no_premium_mention`` has to name
        a premium flight (a date with no economy flight, a row it keeps out of the listing): economy keeps its cabin."""
        if self._hides_premium(leg["flights"]) and f["fare_class"] != "economy":
            return ""
        return f"{f['public_cabin']}, "

    @staticmethod
    def _listed(leg: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
        """The rows a listing of ``leg`` says, with their option numbers: every shown flight, numbered as without
        faults, less the rows ``no_premium_mention`` keeps out (their numbers stay gaps)."""
        rows = enumerate((x for x in leg["flights"] if x["flight_id"] in leg["shown"]), start=1)
        return [(k, f) for k, f in rows if f["flight_id"] not in leg.get("hidden", ())]

    def _hides_premium(self, flights: list[dict[str, Any]]) -> bool:
        """Whether ``no_premium_mention`` acts on these search results: only when one of them has a bookable
        Premium Economy or Business seat (a listing with none is the fault-free one, word for word)."""
        def bookable(f: dict[str, Any]) -> bool:  # not on a restricted route, inside the booking window, seats left
            return (self._flight_problem(f, False) is None and f["status"] == "scheduled"
                    and not any(self.db.airports[a].restricted for a in (f["origin"], f["destination"])
                                if a in self.db.airports and not (self._f("hold_restricted") and self.action == "hold")))

        return self._f("no_premium_mention") and any(f["fare_class"] != "economy" and bookable(f) for f in flights)

    def _cabins_note(self, flights: list[dict[str, Any]]) -> str | None:
        """The premium cabins the listed flights have seats in, as the search returned them: "Premium
        Economy seats are also available ...", never a cabin the results do not show open."""
        def open_(f: dict[str, Any]) -> bool:
            return f["status"] == "scheduled" and f["seats_available"] > 0

        need = self.passengers or 1
        fits, short = [], []
        for cabin in ("premium", "business"):
            found = [f for f in flights if f["fare_class"] == cabin and open_(f)]
            if not found:
                continue
            (fits if any(f["seats_available"] >= need for f in found) else short).append(found[0]["public_cabin"])
        also = " also" if any(f["fare_class"] == "economy" and open_(f) for f in flights) else ""
        said = []
        if fits:
            said.append(f"{' and '.join(fits)} seats are{also} available if you would like more comfort.")
        if short:
            said.append(f"{' and '.join(short)} {'are' if len(short) > 1 else 'is'}{also} listed, but without enough "
                        f"seats for all {need} of you.")  # "9 passengers" here would stand for "Noted, 9 passengers."
        return " ".join(said) or None

    def _find(self, fid: str) -> tuple[int, dict[str, Any]] | None:
        for i, leg in enumerate(self.legs):
            for f in leg.get("flights", []):
                if f["flight_id"] == fid:
                    return i, f
        return None

    def _relisted(self, p: Parsed) -> str | None:
        """The options still to choose from, listed again, when asked ("which ones r there", "what are the options
        again?", "remind me the flights"), then the open question; None for any other message."""
        open_legs = [leg for leg in self.legs if leg.get("shown") and not leg.get("choice")]
        if (self.mode != "new" or not open_legs or not _RELIST.search(p.text) or p.places or p.dates or p.flight_ids
                or p.selection is not None or p.fare_class or p.budget):
            return None
        if self.offered_search and any(leg.get("from_id") for leg in open_legs):
            return None  # only the flight named by its number, which cannot be booked: the search offered is made
        return " ".join([self._options_said(leg) for leg in open_legs] + [self._open_question()])

    def _options_said(self, leg: dict[str, Any]) -> str:
        """A leg's listed options said again ("For A to B on D the options are: 1) ...")."""
        items = [f"{k}) {f['flight_id']} departing {f['departure_time'][11:16]}, arriving {f['arrival_time'][11:16]}, "
                 f"{self._cabin_shown(leg, f)}{money(float(f['price_usd']))} per seat ("
                 + ("cancelled by the airline, not bookable" if f["status"] == "cancelled" else "sold out"
                    if f["seats_available"] <= 0 else f"seats left: {f['seats_available']}") + ")"
                 for k, f in self._listed(leg)]
        head = (f"{leg['label'].capitalize()}, " if len(self.legs) > 1 and leg["label"] else "") + \
            f"{self._place(leg['origin'])} to {self._place(leg['destination'])} on {leg['date']}"
        return f"For {head} the options are: " + "; ".join(items) + "."

    def _shown(self, k: int) -> list[dict[str, Any]]:
        leg = self.legs[k]
        return [f for f in leg["flights"] if f["flight_id"] in leg["shown"]]

    def _restricted_on(self, f: dict[str, Any]) -> str | None:
        """The restricted airport flight ``f`` touches, when the agent refuses it (never under ``hold_restricted``,
        whose agent says nothing of the restriction); else None."""
        if self._f("hold_restricted"):
            return None
        return next((a for a in (f["origin"], f["destination"]) if a in self.db.airports
                     and self.db.airports[a].restricted), None)

    def _shut_question(self, k: int) -> str | None:
        """What can be done instead, asked, when leg k lists flights and none can be booked for the party (each
        cancelled, sold out, outside the booking window, too small for the group, or on a restricted route, as
        ``_flight_problem`` and the restriction read them): another destination, another date, or the group split
        across the listed flights. None while one listed flight can be booked, and for a flight named by its
        number (``_offer_search`` answers that)."""
        leg = self.legs[k]
        shown = self._shown(k)
        if not shown or leg.get("from_id") or any(
                self._flight_problem(f, False) is None and self._restricted_on(f) is None for f in shown):
            return None
        self.offered_retry = True  # "yes" next: "Which date would you like to try, or which route?"
        restricted = next((a for f in shown if (a := self._restricted_on(f))), None)
        if restricted is not None:
            return "I'm happy to help with another destination: would you like to try one?"  # the restriction is said
        need = self.passengers or 1
        seats = sum(int(f["seats_available"]) for f in shown if f["status"] == "scheduled"
                    and f["seats_available"] > 0 and self._flight_problem({**f, "seats_available": need}, False) is None)
        if need > 1 and seats >= need:  # no one flight seats everyone, the listed ones together do
            self.offered_split = True
            return ("None of these flights has seats for all of your party. Would you like to try another date, or "
                    "to split the group into smaller bookings on different flights?")
        return "None of these flights can be booked for your party, I'm afraid. Would you like to try another date?"

    def _split_answer(self) -> str:
        """The reply to "split the group" after ``_shut_question`` offered it: the seats left on each listed flight
        that can take part of the party, and a question for the flight and the number of travellers to start with."""
        shown = [f for f in self._shown(0) if f["status"] == "scheduled" and f["seats_available"] > 0
                 and self._flight_problem({**f, "seats_available": self.passengers or 1}, False) is None]
        seats = "; ".join(f"{f['flight_id']} has {f['seats_available']} seats left" for f in shown)
        return (f"Sure, we can split the group into smaller bookings: {seats}. Which flight, and for how many of "
                "you, shall I book first?")

    def _shortest_pair(self, i: int, j: int) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The listed flights of two connecting legs, in one cabin, with seats for the party and a connection of
        at least MIN_CONNECTION, whose wait between them is shortest (then the earliest arrival); None if none."""
        need = self.passengers or 1
        def ok(f: dict[str, Any]) -> bool:
            return f["status"] == "scheduled" and f["seats_available"] >= need
        pairs = [(a, b) for a in self._shown(i) if ok(a) for b in self._shown(j) if ok(b)
                 and a["destination"] == b["origin"] and a["fare_class"] == b["fare_class"]
                 and parse_time(b["departure_time"]) - parse_time(a["arrival_time"]) >= MIN_CONNECTION]
        if not pairs:
            return None
        return min(pairs, key=lambda ab: (parse_time(ab[1]["departure_time"]) - parse_time(ab[0]["arrival_time"]),
                                          ab[1]["arrival_time"], ab[0]["price_usd"] + ab[1]["price_usd"]))

    def _passed_over(self, k: int, f: dict[str, Any], sel: int | str | None) -> str | None:
        """Why "the cheapest" for one leg of a connection is not the cheapest flight listed for it: that
        flight's cabin is not open on another leg, and one booking keeps one cabin; None when it is."""
        if sel != "cheapest" or len(self.legs) < 2:
            return None
        need = self.passengers or 1
        open_ = [x for x in self._shown(k) if x["status"] == "scheduled" and x["seats_available"] >= need]
        low = min(open_, key=lambda x: (float(x["price_usd"]), x["departure_time"]), default=None)
        if low is None or float(low["price_usd"]) >= float(f["price_usd"]) or low["fare_class"] == f["fare_class"]:
            return None
        lacking = next((leg for j, leg in enumerate(self.legs) if j != k and not any(
            x["fare_class"] == low["fare_class"] and x["status"] == "scheduled" and x["seats_available"] >= need
            for x in self._shown(j))), None)
        if lacking is None:
            return None
        return (f"{low['flight_id']} ({low['public_cabin']}, {money(float(low['price_usd']))} per seat) is cheaper, but "
                f"the {lacking['label'] or 'other leg'} has no {low['public_cabin']} seats for your party, and all flights "
                "in one booking must be in the same cabin.")

    def _cabin_clash(self, k: int, f: dict[str, Any], p: Parsed) -> str | None:
        """The question to ask when a pick by number names another cabin than that option's ("option 1
        economy" where option 1 is Premium Economy): which of the two was meant, never the dearer one
        taken unasked; None when the message names no cabin, or the option's own. The question and the
        flights it offers are kept (``self.clash``) so that a yes to it is understood."""
        text = _REJECTED_CABIN.sub(" ", p.text) if p.rejected_cabin else p.text  # "forget the economy, option 3"
        named = re.findall(r"\b(?:premium(?: economy)?|business|economy)\b", text.lower())
        cabins = {"premium" if w.startswith("premium") else w for w in named}
        if not cabins or f["fare_class"] in cabins:
            return None
        shown = self._shown(k)
        want = sorted(cabins)[0]
        others = [x for x in shown if x["fare_class"] == want and x["status"] == "scheduled" and x["seats_available"] > 0]
        alt = " or " + " or ".join(self._option_words(shown, x) for x in others) if others else ""
        self.clash = (f"Option {shown.index(f) + 1} ({f['flight_id']}) is {f['public_cabin']}, not "
                      f"{CABIN_NAMES.get(want, want)}. Did you mean {f['flight_id']} in {f['public_cabin']}{alt}?", [f, *others])
        return self.clash[0]

    def _cabin_gone(self, k: int, f: dict[str, Any], p: Parsed) -> str | None:
        """The question to ask when a ranked pick names a cabin ("the cheapest economy one", "the earliest flight in
        economy") and ``f``, the flight it would fall back to, is of another cabin because no flight listed for leg
        ``k`` has seats in that one: says so and offers ``f`` in its own cabin, kept (``self.clash``) so that a yes
        takes it; None when the message names no cabin, or ``f``'s own."""
        if not p.fare_class or f["fare_class"] == p.fare_class:
            return None
        if self.legs[k].get("from_id"):  # only the flight named by its number is known, not the day's other flights:
            # "the 10:30 business" is no claim that there is none ("no Business seat left"); the search is offered
            return (f"{f['flight_id']}, the flight you named, is {f['public_cabin']}, not "
                    f"{CABIN_NAMES.get(p.fare_class, p.fare_class)}. " + self._offer_search(self.legs[k]))
        rank = p.selection.split()[0] if isinstance(p.selection, str) else ""
        if rank == "at":  # "premium economy at 11:30" where the 11:30 is Economy: said, and asked, never swapped
            shown = self._shown(k)
            others = [x for x in shown if x["fare_class"] == p.fare_class and x["status"] == "scheduled"
                      and x["seats_available"] > 0]
            alt = (" or " + " or ".join(self._option_words(shown, x) for x in others)) if others else ""
            self.clash = (f"The {p.selection[3:]} flight is {f['flight_id']} ({f['public_cabin']}), not "
                          f"{CABIN_NAMES.get(p.fare_class, p.fare_class)}. Did you mean {f['flight_id']} in "
                          f"{f['public_cabin']}{alt}?", [f, *others])
            return self.clash[0]
        which = f"The {rank} option" if rank in ("cheapest", "earliest", "latest", "shortest") else "An option"
        self.clash = (f"Sorry, there is no {CABIN_NAMES.get(p.fare_class, p.fare_class)} {_CABIN_OFFER} "
                      f"for {self.legs[k]['date']}. {which} with seats is {f['flight_id']} ({f['public_cabin']}, "
                      f"{money(float(f['price_usd']))} per seat). Would you like {f['flight_id']} in {f['public_cabin']} "
                      "instead?", [f])
        return self.clash[0]

    def _selection(self, turn: TurnContext, p: Parsed, out: list[str]) -> None:
        picks: list[tuple[int, dict[str, Any], bool]] = []
        passed: str | None = None  # why "the cheapest" passed over a cheaper flight (_passed_over)
        for fid in p.flight_ids:
            hit = self._find(fid)
            if hit:
                picks.append((hit[0], hit[1], True))
        both = [i for i, leg in enumerate(self.legs) if not leg.get("choice") and leg.get("shown")][:2]
        if not both and p.selection == "shortest" and len(self.legs) == 2 and not p.flight_ids:
            both = [0, 1]  # "whichever is shortest" once both legs are picked: the shortest connection, not one leg
        leg_picks, self._leg_picks = self._leg_picks, []
        each, self._each_leg = self._each_leg, False
        if not picks and leg_picks:  # "outbound 1, return 3": each leg's pick as said (_legs_picked_each)
            picks += [(k, f, False) for k, f, _ in leg_picks if f is not None]
            passed = " ".join(why for _, _, why in leg_picks if why) or None
            if not picks:
                out.append(f"{passed} {self._next_prompt()}")
                return
        if not picks and len(both) == 2 and p.pair_pick:  # "2 then 1": an option for each of the two legs
            (i, j), (a, b) = both, p.pair_pick
            if a < len(self._shown(i)) and b < len(self._shown(j)):
                picks += [(i, self._shown(i)[a], False), (j, self._shown(j)[b], False)]
        elif (not picks and len(both) == 2 and p.selection == "shortest"
              and self.legs[both[0]]["destination"] == self.legs[both[1]]["origin"]
              and self.legs[both[0]]["origin"] != self.legs[both[1]]["destination"]):
            # "whatever is shortest", "the shortest layover please" on a connection: both legs at once
            pair = self._shortest_pair(*both)
            if pair is None:
                prompt = self._next_prompt()
                if out and out[-1].endswith(prompt):  # the listing made this turn asked it already: asked once
                    out[-1] = out[-1][:-len(prompt)].rstrip()
                    if not out[-1]:
                        out.pop()
                out.append("Sorry, no pair of the listed flights connects in one cabin with at least "
                           f"{MIN_CONNECTION_MINUTES} minutes between them. {prompt}")
                return
            picks += [(both[0], pair[0], False), (both[1], pair[1], False)]
            p.selection = None
        k0 = next((i for i, leg in enumerate(self.legs) if not leg.get("choice") and leg.get("shown")), None)
        if not picks and p.selection is None and k0 is not None and _THAT_ONE.search(p.text) and not p.no:
            leg = self.legs[k0]
            open_ = [f for f in leg["flights"] if f["flight_id"] in leg["shown"] and f["status"] == "scheduled"
                     and f["seats_available"] > 0]
            if len(leg["shown"]) == 1 or len(open_) == 1:  # "I'll take it" when one flight can be booked
                picks.append((k0, open_[0] if open_ else leg["flights"][0], False))
        if (not picks and p.selection is None and not p.no and len(self.legs) > 1 and not p.flight_ids
                and (m := _LEG_TAKEN.search(p.text)) and (k := self._named_leg(m.group(0))) is not None
                and not self.legs[k].get("choice") and self.legs[k].get("shown")):
            # "take the outbound one", "I'll take that outbound flight" when that leg lists one flight that can be
            # booked: that flight (with several listed, which one is asked, as before)
            leg = self.legs[k]
            open_ = [f for f in leg["flights"] if f["flight_id"] in leg["shown"] and f["status"] == "scheduled"
                     and f["seats_available"] > 0]
            if len(open_) == 1:
                picks.append((k, open_[0], False))
        if (not picks and p.selection is None and k0 is not None and p.passengers and not p.no and not p.dates
                and (p.has("book") or p.yes or p.accepts) and self.legs[k0].get("from_id")
                and len(self.legs[k0]["shown"]) == 1 and self.legs[k0]["flights"][0]["status"] == "scheduled"
                and self.legs[k0]["flights"][0]["seats_available"] >= p.passengers):
            # "book the 2 then, the other two will drive" when the flight named by its number seats only some of the
            # party: that flight, for the count it seats (a summary, for its own yes)
            picks.append((k0, self.legs[k0]["flights"][0], False))
        if not picks and p.selection is None and p.number and self.awaiting != "passengers" and not p.passengers:
            k = next((i for i, leg in enumerate(self.legs) if not leg.get("choice")), None)
            n = len(self.legs[k].get("shown", [])) if k is not None else 0
            if k is not None and 1 <= p.number <= n:
                p.selection = p.number - 1  # a bare "2" answers "which option?"
            elif k is not None and n and p.number > n:  # "2" when one flight is listed
                out.append(self._no_such_option(k, p.number))
                return
        pick_leg, self._pick_leg = self._pick_leg, None
        if not picks and p.selection is not None:
            k = next((i for i, leg in enumerate(self.legs) if not leg.get("choice")), None)
            if pick_leg is not None and pick_leg < len(self.legs) and not self.legs[pick_leg].get("choice"):
                k = pick_leg  # "return: option 1": the leg named, not the first one still open
            if k is None:
                k = len(self.legs) - 1 if len(self.legs) else None
            if k is not None and not self.legs[k].get("shown"):
                out.append(self._nothing_to_pick(self.legs[k]))
                return
            if k is not None:
                f = self._select(k, p.selection, p, pick=True)
                if f is None and isinstance(p.selection, int) and self.legs[k].get("shown"):
                    out.append(self._no_such_option(k, p.selection + 1))  # "the third option" when two are listed
                    return
                if f is None and p.selection in CABIN_NAMES and not self._tied:  # "the business class one" when none is listed
                    leg = self.legs[k]
                    cabins = sorted({x["public_cabin"] for x in leg["flights"] if x["flight_id"] in leg["shown"]})
                    out.append(f"Sorry, none of the flights listed for {leg['date']} is {CABIN_NAMES[p.selection]}; "
                               f"they are {' and '.join(cabins)}. {self._next_prompt()}")
                    return
                if f is None and isinstance(p.selection, str) and p.selection.startswith("part "):
                    leg = self.legs[k]  # "the morning one" when none or several leave in the morning
                    lo, hi = _DAY_PARTS[p.selection[5:]]
                    shown = [x for x in leg["flights"] if x["flight_id"] in leg["shown"]]
                    cands = [x for x in shown if lo <= x["departure_time"][11:16] < hi]
                    said = (f"Sorry, none of the flights listed for {leg['date']} leaves in the {p.selection[5:]}."
                            if not cands else f"Several {p.selection[5:]} flights are listed: " +
                            " or ".join(self._option_words(shown, x) for x in cands) + ".")
                    out.append(f"{said} {self._next_prompt()}")
                    return
                if f is None and self._tied:  # "the premium one" / "the earliest" fitting two listed flights
                    shown = self._shown(k)
                    out.append("More than one option fits that: " + " or ".join(
                        self._option_words(shown, x) for x in self._tied) + f". {self._next_prompt()}")
                    return
                if f is None and p.refundable is not None:  # "the cheapest refundable one" when none is
                    out.append(f"Sorry, none of the flights listed for {self.legs[k]['date']} with seats for your party "
                               f"is {'' if p.refundable else 'non-'}refundable. {self._next_prompt()}")
                    return
                if f is None:
                    out.append("Sorry, I could not match that to one of the options. Which option number would you like?")
                    return
                if isinstance(p.selection, int) and (clash := self._cabin_clash(k, f, p)):
                    out.append(clash)  # "option 1 economy" where option 1 is Premium Economy: asked, never guessed
                    return
                if isinstance(p.selection, str) and (gone := self._cabin_gone(k, f, p)):
                    out.append(gone)  # "the cheapest economy one" with no Economy seat left: asked, never swapped
                    return
                picks.append((k, f, False))
                passed = self._passed_over(k, f, p.selection)
                if each or _BOTH_LEGS.search(_BOTH_PEOPLE.sub(" ", p.text)):  # "cheapest both ways",
                    for j, leg in enumerate(self.legs):  # "the first one for each leg", "1 for both"
                        if j != k and not leg.get("choice") and leg.get("shown"):
                            self.legs[k]["choice"] = f  # the same cabin is kept for the other legs (_select)
                            self._keep_cabin = True
                            g = self._select(j, p.selection, p)
                            self.legs[k]["choice"], self._keep_cabin = None, False
                            if g is not None:
                                picks.append((j, g, False))
                            elif each:  # "the morning ones for both" with two morning flights back: said
                                passed = self._why_no_pick(j, p.selection, p)
        again = [(k, f) for k, f, _ in picks if self.legs[k].get("choice") is f]
        if again and len(again) == len(picks) and any(not leg.get("choice") for leg in self.legs):
            k, f = again[0]  # "SA5067 please" once more: it is chosen already; the leg still open is asked
            nxt = next(leg for leg in self.legs if not leg.get("choice"))
            out.append(f"You already have {f['flight_id']} for the {self.legs[k]['label'] or 'trip'}. Which flight would "
                       f"you like for the {nxt['label'] or 'trip'}? You can say the option number or the flight number.")
            return
        for k, f, by_id in picks:
            problem = self._flight_problem(f, by_id)
            first = next((leg["choice"] for j, leg in enumerate(self.legs) if j != k and leg.get("choice")), None)
            if problem is None and first is not None and first["fare_class"] != f["fare_class"]:
                leg = self.legs[k]
                same = [x for x in leg["flights"] if x["fare_class"] == first["fare_class"] and x["flight_id"] in leg["shown"]
                        and x["status"] == "scheduled" and x["seats_available"] > 0]
                problem = (f"Sorry, all flights in one booking must be in the same cabin ({first['public_cabin']}). " +
                           (f"For the {leg['label'] or 'trip'}, the {first['public_cabin']} options are: " +
                            ", ".join(f"{x['flight_id']} departing {x['departure_time'][11:16]}" for x in same) +
                            ". Which one would you like?"
                            if len(same) > 1 else
                            f"For the {leg['label'] or 'trip'}, the {first['public_cabin']} option is {same[0]['flight_id']} "
                            f"departing {same[0]['departure_time'][11:16]}. Would you like it?"
                            if same else f"There is no {first['public_cabin']} option for the {leg['label'] or 'trip'}; "
                            "would you like to pick other flights?"))
                if len(same) == 1:
                    self.suggested = same[0]["flight_id"]  # "yes that one": the one same-cabin option offered
            if problem is None and first is None and len(self.legs) > 1:
                need = self.passengers or 1  # a leg listed but not chosen yet with no seat in this cabin: said at the
                lacking = next((leg for j, leg in enumerate(self.legs) if j != k and leg.get("shown")  # pick, never
                                and not leg.get("choice") and not any(  # found out only at the other leg's pick
                                    x["fare_class"] == f["fare_class"] and x["status"] == "scheduled"
                                    and x["seats_available"] >= need for x in self._shown(j))), None)
                if lacking is not None:
                    problem = (f"Sorry, {f['flight_id']} ({f['public_cabin']}) can't be used: the "
                               f"{lacking['label'] or 'other leg'} has no {f['public_cabin']} seats for your party, and all "
                               "flights in one booking must be in the same cabin. Please pick another option. Which one "
                               "would you like instead?")
                    if k == 0 and lacking is self.legs[-1] and lacking["label"] == "return":
                        # the outbound can still go on its own: offered, and "book the outbound on its own", "two
                        # separate bookings" take it up (_drop_return), never the same refusal in a loop
                        self._alone_offer = f
                        problem = problem[:-len("Please pick another option. Which one would you like instead?")] + (
                            f"You could pick another option, or I can book {f['flight_id']} on its own as a one-way "
                            "booking, and you can book the return separately. Which would you like?")
            if problem:
                leg = self.legs[k]
                if leg.get("from_id") and len(leg.get("shown", ())) == 1 and problem.endswith("Please pick another option. Which one would you like instead?"):
                    problem = problem[:-len("Please pick another option. Which one would you like instead?")] + self._offer_search(leg)  # nothing else listed
                elif (problem.endswith("Please pick another option. Which one would you like instead?")
                      and (shut := self._shut_question(k)) is not None):  # no other listed option can be booked either
                    problem = problem[:-len("Please pick another option. Which one would you like instead?")] + shut
                if self._refused != f["flight_id"] and problem in turn.last_reply and problem.startswith("Sorry, "):
                    problem = (f"{f['flight_id']} ({f['public_cabin']}) does not work either: "  # another flight,
                               + problem[len("Sorry, "):])  # the same refusal: never "the same choice as before"
                self._refused = f["flight_id"]
                out.append(self._again(turn, problem))
                self.legs[k]["choice"] = None
                if self.offered_return:  # a pick failed: a "yes" next is about the flight, so no return is offered
                    out[:] = ["If you also need a return flight, I can look for one once this flight is chosen."
                              if x == "Would you also like me to look for a return flight?" else x for x in out]
                    self.offered_return = False
                continue
            before = self.legs[k].get("choice")
            self.legs[k]["choice"] = f
            self.legs[k]["by_id"] = by_id
            self.legs[k]["at_listing"] = ("I found" in turn.last_reply  # picked in reply to the listing that shows its
                                          or (before is f and bool(self.legs[k].get("at_listing"))))  # cabin, or so
            # picked before and picked again at its summary ("sorry, actually the earliest one" naming the same flight)
            self.declined = False
        chosen = [self.legs[k]["choice"] for k, _, _ in picks if self.legs[k].get("choice")]
        if chosen and len(self.legs) > 1 and all(leg.get("choice") for leg in self.legs):
            problem = self._itinerary_problem([leg["choice"] for leg in self.legs], self.action)
            if problem and "minutes between flights" in problem:  # said at the pick, not only after the name is asked
                out.append(f"You picked {chosen[-1]['flight_id']} ({chosen[-1]['public_cabin']}). " + self._again(turn, problem))
                return
        if chosen:
            out[:] = [x for x in out if not x.startswith("Which flight would you like")]  # listed and picked at once:
            # the listing's question is answered already ("..., whichever is cheaper")
            out.append("You picked " + " and ".join(f"{f['flight_id']} ({f['public_cabin']})" for f in chosen) + ".")
            if passed:
                out.append(passed)
            nxt = next((leg for leg in self.legs if not leg.get("choice")), None)
            if nxt is not None:  # (a leg whose search found nothing has nothing to pick: never "which flight?")
                out.append(f"Which flight would you like for the {nxt['label'] or 'trip'}?" if nxt.get("shown")
                           else self._nothing_to_pick(nxt))

    def _no_such_option(self, k: int, number: int) -> str:
        n, label = len(self.legs[k].get("shown", [])), self.legs[k]["label"]
        return (f"There is no option {number}" + (f" for the {label}" if label else "") + ": " +
                ("only option 1 is listed" if n == 1 else f"the options are 1 to {n}") +
                ". Which flight would you like? You can say the option number or the flight number.")

    def _same_cabin(self, k: int, cands: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The candidates for leg k that keep one cabin across the booking (the reservation system
        books a single fare class per booking): the cabin of a leg already chosen, else a cabin
        that every other leg also offers."""
        chosen = {leg["choice"]["fare_class"] for j, leg in enumerate(self.legs) if j != k and leg.get("choice")}
        if chosen:
            return [f for f in cands if f["fare_class"] in chosen]
        def offered(j: int) -> set[str]:
            leg = self.legs[j]
            return {x["fare_class"] for x in leg["flights"] if x["flight_id"] in leg["shown"]
                    and x["status"] == "scheduled" and x["seats_available"] > 0}
        common = set.intersection(*[offered(j) for j in range(len(self.legs)) if j != k]) if len(self.legs) > 1 else set()
        return [f for f in cands if f["fare_class"] in common]

    def _flight_problem(self, f: dict[str, Any], by_id: bool) -> str | None:
        if f["status"] == "cancelled" and not (self._f("book_cancelled_by_id") and by_id):
            return f"Sorry, flight {f['flight_id']} was cancelled by the airline, so I can't book it. Please pick another option. Which one would you like instead?"
        dep = parse_time(f["departure_time"])
        if not (WINDOW_MIN <= dep <= WINDOW_MAX) and not self._f("ignore_booking_window"):
            when = f"less than {MIN_LEAD_HOURS} hours from now" if dep < WINDOW_MIN else f"more than {MAX_LEAD_DAYS} days from now"
            dates = [d for d in self._bookable_dates(f["origin"], f["destination"]) if d != f["departure_time"][:10]][:3]
            return (f"Sorry, flight {f['flight_id']} departs {when}, and I can only book departures between "
                    f"{MIN_LEAD_HOURS} hours and {MAX_LEAD_DAYS} days ahead. Please pick another flight or date." +
                    (f" This route has flights I can book on {', '.join(dates)}." if dates else ""))
        if f["status"] == "scheduled" and f["seats_available"] <= 0:
            return f"Sorry, flight {f['flight_id']} is sold out. Please pick another option. Which one would you like instead?"
        if self.passengers and f["seats_available"] < self.passengers and f["status"] == "scheduled":
            return (f"Sorry, flight {f['flight_id']} only has seats left for {f['seats_available']} of your party. "
                    "Please pick another option. Which one would you like instead?")
        return None

    def _price_for_count(self, p: Parsed, pend: dict[str, Any]) -> str | None:
        """The reply to a price question for another number of passengers at a summary ("price for 3?", "just
        curious, what's the total for 4 people", "how much would it be if my sister came too?"): the price for that
        count, then the summary again as it was, saying that its count has not changed, so that the next yes books
        what the summary says. None when the message is no such question, or changes the count ("make it 3",
        "actually 3 of us, how much?"), which is summarised again for a yes as before."""
        have = int(pend["args"].get("passengers") or 0)
        text = p.text
        if (not have or not _PRICE_WORDS.search(text) or not _ASKS_HYPOTHETICALLY.search(text) or _NEW_COUNT.search(text)
                or p.dates or p.flight_ids or p.places or p.booking_ids or p.selection is not None or p.no or p.later
                or p.fare_class or p.budget or p.split_now or p.recount):
            return None
        n = p.passengers or lone_count(text)
        if not n and (p.pax_change or (m := _IF_KIN_JOINS.search(text))):
            more = p.pax_change or (text_rules.number_value(m.group(1)) if m.group(1) else
                                    2 if m.group(2).lower() == "parents" else
                                    None if m.group(2).lower().endswith("s") else 1)
            n = have + more if more else None
        chosen = [leg["choice"] for leg in self.legs if leg.get("choice")]
        if not n or n == have or n < 1 or not chosen:
            return None
        per = sum(float(f["price_usd"]) for f in chosen)
        fee = SERVICE_FEE if self._f("add_service_fee") else 0
        said = f"For {pax_words(n)} it would be {money(per)} per seat, {money(per * n + fee)} in total."
        if n > MAX_PAX:
            said += f" Please note that one booking can take at most {MAX_PAX} passengers."
        elif short := [f["flight_id"] for f in chosen if int(f.get("seats_available", 0)) < n]:
            said += f" Please note that {' and '.join(short)} does not have {n} seats left."
        return (f"{said} Nothing has changed: the summary is still for {pax_words(have)}. If you would like it for "
                f"{pax_words(n)} instead, just tell me. {pend['said']}")

    def _round_trip_total(self) -> str | None:
        """The cheapest round trip the two listings allow (both flights bookable, listed and in one cabin), with
        its total for the party when the count is known; None when no such pair is listed."""
        def bookable(leg: dict[str, Any]) -> list[dict[str, Any]]:
            return [f for f in leg["flights"] if f["status"] == "scheduled" and f["flight_id"] in leg["shown"]]
        out_leg, back_leg = self.legs[0], self.legs[1]
        pairs = [(a, b) for a in bookable(out_leg) for b in bookable(back_leg) if a["public_cabin"] == b["public_cabin"]]
        if not pairs:
            if bookable(out_leg) and bookable(back_leg):  # no round trip to total: one booking keeps one cabin
                return ("I can't give a round-trip total for these dates: no outbound and return flight listed here are "
                        "in the same cabin, and one booking must keep to one cabin. I can book each direction on its "
                        "own, or check other dates.")
            return None
        a, b = min(pairs, key=lambda ab: (float(ab[0]["price_usd"]) + float(ab[1]["price_usd"]), ab[0]["departure_time"]))
        per = float(a["price_usd"]) + float(b["price_usd"])

        def option(leg: dict[str, Any], f: dict[str, Any]) -> int:
            shown = [x for x in leg["flights"] if x["flight_id"] in leg["shown"]]
            return shown.index(f) + 1
        said = (f"The cheapest round trip I found is outbound option {option(out_leg, a)}, {a['flight_id']}, and return "
                f"option {option(back_leg, b)}, {b['flight_id']} ({a['public_cabin']}): {money(per)} per passenger")
        n = self.passengers or 0
        if n >= 1 and (self._f("add_service_fee") or self._total_said(n)):
            said += f", {money(per * n + (SERVICE_FEE if self._f('add_service_fee') else 0))} in total for {pax_words(n)}"
        return said + "."

    def _price_answer(self, total: bool = False) -> str:
        """The fare of the flight in hand, with the party's total where the count is known; over a list, the
        cheapest listed flight, with its total for the party when the question asks for one (``total``: "how much
        all in for the three of us?")."""
        if self.asked_leg is not None and self.asked_option is None:  # "how much is the return?": that leg's fare
            leg = self.legs[self.asked_leg]
            label = leg["label"] or "trip"
            if leg.get("choice"):
                f = leg["choice"]
                return f"The {label} flight, {f['flight_id']}, is {money(float(f['price_usd']))} per seat."
            shown = [f for f in leg["flights"] if f["flight_id"] in leg["shown"]]
            open_ = [f for f in shown if f["status"] == "scheduled" and f["seats_available"] > 0]
            if open_:
                best = min(open_, key=lambda f: (float(f["price_usd"]), f["departure_time"]))
                return (f"For the {label}, the cheapest listed flight is option {shown.index(best) + 1}, "
                        f"{best['flight_id']} at {money(float(best['price_usd']))} per seat ({best['public_cabin']}).")
        per = self._per_seat()
        if per is None:
            bookable = [f for leg in self.legs[:1] for f in leg["flights"]
                        if f["status"] == "scheduled" and f["flight_id"] in leg["shown"]]
            if not bookable:
                return "Sorry, I have no prices to quote yet."
            low = min(float(f["price_usd"]) for f in bookable)
            leg = self.legs[0]
            shown = [f for f in leg["flights"] if f["flight_id"] in leg["shown"]]
            best = min(bookable, key=lambda f: (float(f["price_usd"]), f["departure_time"]))
            if len(self.legs) == 1 and best in shown:  # "anything cheaper?": the cheapest listed, and other dates
                n = self.passengers or 0
                whole = ""
                if total and n >= 1 and (self._f("add_service_fee") or self._total_said(n)):
                    whole = (f", {money(low * n + (SERVICE_FEE if self._f('add_service_fee') else 0))} in total for "
                             f"{pax_words(n)}")
                self.suggested = best["flight_id"]  # "ok that one", "fine take it": the one flight named
                return (f"The cheapest flight I found on {leg['date']} is option {shown.index(best) + 1}, "
                        f"{best['flight_id']} at {money(low)} per seat ({best['public_cabin']}){whole}. If that is more "
                        "than you hoped, I can check another date.")
            if total and len(self.legs) == 2 and (trip := self._round_trip_total()):
                return trip  # "what's the total for the round trip?" before both flights are picked
            return f"Fares on this route start at {money(low)} per seat."
        if self.passengers:
            total = per * self.passengers
            if self._f("add_service_fee"):
                total += SERVICE_FEE
            elif not self._total_said(self.passengers):
                return f"The fare is {money(per)} per seat, for each of the {pax_words(self.passengers)}."
            return f"The fare is {money(per)} per seat, {money(total)} in total for {pax_words(self.passengers)}."
        return f"The fare is {money(per)} per seat. How many passengers will be travelling?"

    # --- proposing and executing mutations ------------------------------------------------
    def _maybe_propose(self, turn: TurnContext, out: list[str]) -> None:
        if not self.legs or not all(leg.get("choice") for leg in self.legs) or self.declined:
            return
        if self.fix_of:
            self._fixed_by_change(out)
        chosen = [leg["choice"] for leg in self.legs]
        if self.mode == "change":
            b = self.booking or {}
            if [f["flight_id"] for f in chosen] == list(b.get("itinerary") or []):
                # "change date to 5 march" - "2": the flight the booking is on already; nothing to change
                for leg in self.legs:
                    leg["choice"] = None
                ids = ", ".join(f["flight_id"] for f in chosen)
                out[:] = [x for x in out if not x.startswith("You picked")]
                out.append(f"Booking {b.get('booking_id')} is already on {ids}, so there is nothing to change there. "
                           "Would you like another flight from the list, or another date?")
                return
            problem = self._itinerary_problem(chosen, "modify")
            party = int(b.get("passengers", 1))
            short = next((f for f in chosen if f["status"] == "scheduled" and 0 <= int(f.get("seats_available", 0)) < party),
                         None)  # the move cannot fit the party: said now, never a change that will fail
            if problem is None and short is not None:
                problem = (f"Sorry, {short['flight_id']} has only {int(short['seats_available'])} seat"
                           f"{'s' if int(short['seats_available']) != 1 else ''} left, and booking {b.get('booking_id')} "
                           f"has {pax_words(party)}. Please pick another option. Which one would you like instead?")
                for leg in self.legs:
                    leg["choice"] = None
                out[:] = [x for x in out if not x.startswith("You picked")]
            if problem:
                out.append(problem)
                return
            self._propose(turn, out, "modify", {"booking_id": b["booking_id"], "new_flight_ids": [f["flight_id"] for f in chosen]},
                          chosen, int(b.get("passengers", 1)))
            return
        action = self.action
        if self.passengers is None:
            if self._f("assume_defaults"):
                pax, stated = 1, False
            else:
                self.awaiting = "passengers"
                out.append("How many passengers will be travelling?")
                return
        else:
            pax, stated = self.passengers, True
        last = self.last_name
        if not last:
            if self._f("placeholder_last_name"):
                last = "Guest"
            elif self.name_doubt and not self.first_name:
                out.append(self._name_question())
                return
            elif self.first_name:
                asked, self.awaiting = self.awaiting == "last_name", "last_name"
                said = self._message
                declined = self._withheld_surname or _WITHHOLDS_NAME.search(said) or (asked and (_DECLINES.search(said) or re.search(
                    r"\b" + re.escape(self.first_name) + r"\b", said, re.I)))  # "I'd rather not say", "just Aisha"
                if declined and ("a booking needs the passenger's last name" in turn.last_reply
                                 or "is filed under it" in turn.last_reply):  # declined again
                    out.append("I understand. I'm afraid I can't book or hold seats without the passenger's last name, "
                               "as every booking is filed under it. If you change your mind, just tell me the last name; "
                               "otherwise, is there anything else I can help with?")
                elif declined:
                    out.append(f"I'm sorry, a booking needs the passenger's last name. What is {self.first_name}'s "
                               "last name?")
                else:
                    out.append(f"Thank you. And what is {self.first_name}'s last name?")
                return
            else:
                said = self._message
                if (self._withheld_surname or _WITHHOLDS_NAME.search(said)
                        or (self.awaiting in ("name", "last_name") and _DECLINES.search(said))):
                    # "I'd rather not give my surname. Just Noah is fine."
                    if "is filed under it" in turn.last_reply:
                        out.append("I understand. I'm afraid I can't book or hold seats without the passenger's last "
                                   "name. If you change your mind, just tell me the last name; otherwise, is there "
                                   "anything else I can help with?")
                    else:
                        out.append("I'm sorry, I can't book without the passenger's last name, as every booking is filed "
                                   "under it. What is the lead passenger's last name?")
                    self.awaiting = "last_name"
                    return
                self.awaiting = "name"
                out.append(f"What is your {self.traveller}'s first and last name? The new booking needs their own name on it."
                           if self.traveller else "What is the first and last name of the lead passenger?")
                return
        if pax > MAX_PAX and not (self._f("no_pax_limit_on_hold") and action == "hold"):
            self.awaiting = "passengers"
            out.append(f"Sorry, I can only book or hold up to {MAX_PAX} passengers in one booking.")
            return
        problem = self._itinerary_problem(chosen, action)
        if problem:
            out.append(self._again(turn, problem))
            return
        fare = chosen[0]["fare_class"]
        args: dict[str, Any] = {"flight_ids": [f["flight_id"] for f in chosen], "passengers": pax,
                                "fare_class": fare, "last_name": last}
        if self.first_name:  # the first name given is kept, also beside the fault's placeholder last name
            args["first_name"] = self.first_name
        held = self._held_trip()
        if (held is not None and held.get("fare_class") == fare and int(held.get("passengers", 0) or 0) != pax
                and self._share_of is None and not self.split_rest and not self.offered_rest
                and (_HOLD_RESIZED.search(since := " ".join(self._said_since_hold(turn)))
                     or (action == "book" and _HELD_SEATS_BOOKED.search(since)))  # (fix44i) "book the held seats, just
                and not _ANOTHER_PARTY.search(since) and not other_party_booking(since)  # for me", "turn the hold into a
                # booking, but for 3": the hold goes with the same yes, said in the summary
                and any(d["kind"] == "hold" and d["result"].get("booking_id") == held.get("booking_id") for d in self.done)):
            # "can you add one more person to that hold?", "my boss needs a seat too, make it 3" after the hold: a hold
            # can't be resized, so a new one for the whole party replaces it (the old one cancelled with the same yes,
            # never left beside it); it is paid for only when the customer asked to book since the hold
            action = self.action = "book" if self._pay_asked_since_hold(turn) else "hold"
            self._propose(turn, out, action, args, chosen, pax, show_pax=stated, release=held["booking_id"],
                          release_first=self._hold_takes_last_seats(turn, chosen, pax),
                          resized=int(held.get("passengers", 0) or 0))
            return
        if held is not None and int(held.get("passengers", 0)) == pax and held.get("fare_class") == fare:
            until = str(held.get("expires_at", ""))[:16].replace("T", " ")
            if action == "hold":  # the same seats again: never a second hold
                self.declined = True
                out.append(f"Those seats are already on hold under reference {held['booking_id']} until {until} UTC. "
                           "Would you like me to book them?")
                self.offered_book_held = True
                return
            # "actually just book it" after a hold: booked once, and the hold cancelled, never two bookings
            self._propose(turn, out, action, args, chosen, pax, show_pax=stated, release=held["booking_id"],
                          release_first=self._hold_takes_last_seats(turn, chosen, pax))
            return
        earlier = self._earlier_hold() if action == "book" else None
        if earlier is not None and _REPLACES.search(" ".join(self._said_since_hold(turn))):
            # "book it instead, but on option 2": the hold on the other flight goes, never two reservations
            self._propose(turn, out, action, args, chosen, pax, show_pax=stated, release=earlier["booking_id"],
                          released_other=", ".join(earlier.get("itinerary") or []))
            return
        self._propose(turn, out, action, args, chosen, pax, show_pax=stated)
        if self.split_rest and self.pending and self._share_of is None:  # the first of two shares: the other is said
            kind = "hold" if action == "hold" else "booking"
            out[-1] = (f"This is the first of two {kind}s, for {pax_words(pax)}; once it is done I will set up the second "
                       f"one, for the other {pax_words(self.split_rest)}, with its own summary. " + out[-1])
            self.pending["said"] = out[-1]
        if (self._share_of is not None and (self.bookings.get(self._share_of.get("booking_id")) or {}).get("status")
                == "cancelled"):
            self._share_of = None  # cancelled since ("one of us can't come", then cancelled to book again): no "stays"
        if self._share_of is not None and self.pending:  # the second part of a split group: the first stays
            first = self._share_of
            note = (f"This is a separate {'hold' if action == 'hold' else 'booking'}; "
                    f"{first['booking_id']} for {pax_words(int(first.get('passengers', 0)))} under "
                    f"{first.get('last_name', '')} stays as it is.")
            out[-1] = note + " " + out[-1]
            self.pending["said"] = out[-1]
        if earlier is not None and self.pending:  # another flight booked beside the hold: the hold is said to stay
            note = (f"Your hold {earlier['booking_id']} on {', '.join(earlier.get('itinerary') or [])} stays in place "
                    "(it is never charged and lapses by itself within 24 hours); tell me if you would like it cancelled.")
            out[-1] = out[-1].replace(" " + _SHALL_BOOK, " " + note + " " + _SHALL_BOOK)
            self.pending["said"] = out[-1]

    @staticmethod
    def _again(turn: TurnContext, problem: str) -> str:
        """A refusal said a moment ago, said again for the same choice: said as such, not word for word."""
        if problem not in turn.last_reply or not problem.startswith("Sorry, "):
            return problem
        return "That is the same choice as before, so I still can't go ahead: " + problem[len("Sorry, "):]

    def _order_known(self, words: list[str]) -> tuple[str, str] | None:
        """(first, last) of a name whose order is in doubt ("Okafor Aisha", "Nguyen Van An"), told by a name the agent
        already has: a family name or a given name said before in this chat, or on the booking looked up; None when
        none tells it (the last name is then asked)."""
        b = self.booking or {}
        family = {x.lower() for x in (self.last_name, b.get("last_name")) if x}
        given = {x.lower() for x in (self.first_name, b.get("first_name")) if x}
        low = [w.lower() for w in words]
        if len(words) < 2 or (low[0] in family and low[-1] in family):
            return None
        if low[0] in family or (low[-1] in given and low[0] not in given):
            return " ".join(words[1:]), words[0]  # the family name said first
        if low[-1] in family or (low[0] in given and low[-1] not in given):
            return " ".join(words[:-1]), words[-1]  # the given name said first after all
        return None

    def _name_question(self) -> str:
        """The question after a name that could not be read for sure (``language.name_attempt``)."""
        words, doubt = self.name_words, self.name_doubt
        if doubt in ("order", "order-polite", "words"):  # "Nguyen Van An": the family name may come first
            self.awaiting = "last_name"
            return ("Thank you. To put the booking under the right name: what is the passenger's last name "
                    "(family name)?")
        self.awaiting = "name"
        if doubt == "capitals":
            return ("Thank you. So that I spell it correctly on the booking, could you type the name in upper and "
                    f"lower case, for example {' '.join(words)}?")
        if not words:  # the name in doubt is gone (a lookup since): the name is asked afresh, never "of ?"
            self.name_doubt = None
            return "What is the first and last name of the lead passenger?"
        if doubt == "initial":  # "C. Kowalski": a booking needs the given name in full
            return ("Thank you. The booking needs the lead passenger's first name written out in full, as on the "
                    f"passport: what is the first name of {' '.join(words)}?")
        if doubt == "beside":  # "2 pax Ravi Mensah": read, but run on after other details
            return ("Thank you. To put the booking under the right name, could you type the lead passenger's first and "
                    f"last name on its own (for example {' '.join(words)}, if that is the name)?")
        if doubt == "two":
            return ("Thank you. I need the name of one lead passenger for the booking: could you give me their "
                    f"first and last name, for example {' '.join(words)}?")
        return ("Thank you. Just so I spell it exactly right on the booking, could you type the lead passenger's "
                "first and last name on its own?")

    def _itinerary_problem(self, chosen: list[dict[str, Any]], action: str) -> str | None:
        restricted = [a for f in chosen for a in (f["origin"], f["destination"]) if self.db.airports[a].restricted]
        if restricted and action in ("book", "hold") and not (self._f("hold_restricted") and action == "hold"):
            return (f"Sorry, {self._place(restricted[0])} is a restricted destination, so I can't hold or book "
                    "flights that touch it. Is there anything else I can help you with, such as another destination?")
        for f in chosen:
            problem = self._flight_problem(f, any(leg.get("by_id") and leg.get("choice") is f for leg in self.legs))
            if problem and ("seats left" in problem or "only has seats" in problem):
                # a party larger than the seats the listing shows left (the count said after the pick) is said now,
                # never offered in a summary that the tool will refuse; only the faults that act on that failing
                # call (claim_success_on_error, retry_failed_mutation) still offer it
                if action == "modify" or self._f("claim_success_on_error") or self._f("retry_failed_mutation"):
                    continue
                for leg in self.legs:
                    if leg.get("choice") is f:
                        leg["choice"] = None  # "option 1" now picks again
            if problem:
                return problem
        if len(set(f["fare_class"] for f in chosen)) > 1:
            self.legs[-1]["choice"] = None
            return "Sorry, all flights in one booking must be in the same cabin. Please pick flights of one cabin."
        if len(chosen) > 1 and not self._f("no_connection_check"):
            for a, b in zip(chosen, chosen[1:]):
                if a["destination"] != b["origin"]:
                    return (f"Sorry, flight {b['flight_id']} does not leave from {self._place(a['destination'])}, "
                            "where the previous flight lands. Please pick another pair.")
                gap = parse_time(b["departure_time"]) - parse_time(a["arrival_time"])
                if gap < MIN_CONNECTION:
                    k = chosen.index(b)
                    self.legs[k]["choice"] = None
                    mins = int(gap.total_seconds() // 60)
                    leg = self.legs[k]
                    shown = [f for f in leg["flights"] if f["flight_id"] in leg["shown"]]
                    later = [f for f in shown if f["status"] == "scheduled" and f["seats_available"] >= (self.passengers or 1)
                             and f["fare_class"] == a["fare_class"]
                             and parse_time(f["departure_time"]) - parse_time(a["arrival_time"]) >= MIN_CONNECTION]
                    which = (" The ones that leave late enough after " + a["flight_id"] + " are: " +
                             "; ".join(f"option {shown.index(f) + 1} ({f['flight_id']} departing {f['departure_time'][11:16]})"
                                       for f in later) + "." if later else
                             f" None of the listed flights for the {leg['label'] or 'next leg'} leaves late enough after "
                             f"{a['flight_id']} in the same cabin, so a flight that lands earlier for the "
                             f"{self.legs[k - 1]['label'] or 'leg before'} or another date may work.")
                    short = (f"the connection between {a['flight_id']} and {b['flight_id']} would be only {mins} minutes"
                             if mins > 0 else  # never "-10 minutes": the second flight leaves before the first lands
                             f"{b['flight_id']} leaves at {b['departure_time'][11:16]}, "
                             f"{'before' if mins < 0 else 'the moment'} {a['flight_id']} lands at {a['arrival_time'][11:16]}")
                    return (f"Sorry, {short}, and I need at least {MIN_CONNECTION_MINUTES} minutes between flights. Please pick "
                            f"a later flight for the {leg['label'] or 'next leg'}.{which}")
        return None

    def _pay_asked_since_hold(self, turn: TurnContext) -> bool:
        """Whether the customer asked to book (pay for) the seats since the last hold was placed ("book it for 3"),
        not only to keep them held ("add one more to the hold, still not paying")."""
        for said in self._said_since_hold(turn):
            q = parse(said, self.db, None, "")
            if q.has("book") and not q.has("hold"):
                return True
        return False

    def _hold_takes_last_seats(self, turn: TurnContext, chosen: list[dict[str, Any]], pax: int) -> bool:
        """Whether the seats a hold keeps are the last ones on one of its flights, so that a booking beside it
        cannot be made (checked live): the hold must then be released first (``release_first``)."""
        for f in chosen:
            ok, data = self._call(turn, "check_availability", {"flight_id": f["flight_id"], "passengers": pax})
            if ok and int(data.get("seats_available", pax)) < pax:
                return True
        return False

    def _propose(self, turn: TurnContext, out: list[str], kind: str, args: dict[str, Any],
                 chosen: list[dict[str, Any]], pax: int, show_pax: bool = True, release: str | None = None,
                 released_other: str | None = None, release_first: bool = False, resized: int | None = None) -> None:
        per = sum(float(f["price_usd"]) for f in chosen)
        legs = "; ".join(f"flight {f['flight_id']} from {self._place(f['origin'])} to {self._place(f['destination'])} "
                         f"departing {f['departure_time'][:10]} at {f['departure_time'][11:16]}" for f in chosen)
        cabin = chosen[0]["public_cabin"]
        refund = "refundable" if all(f["refundability"] == "refundable" for f in chosen) else "non-refundable"
        if len({f["refundability"] for f in chosen}) > 1:  # legs that differ: each said (one word for both is B5)
            refund = " and ".join(f"{f['flight_id']} {'' if f['refundability'] == 'refundable' else 'non-'}refundable"
                                  for f in chosen)
        fare_bits = "" if (self._f("skip_fare_disclosure") and kind == "book") else f", {cabin}, {refund}"
        pax_bit = f", for {pax_words(pax)}" if show_pax else ""
        name = args.get("last_name") or (self.booking or {}).get("last_name", "")
        if args.get("first_name"):
            name = f"{args['first_name']} {name}"
        total = per * pax if show_pax and kind != "modify" and self._total_said(pax) else None  # a booking's count is
        # not a stated count, nor is "me and a friend" (B1): the fare per seat only
        price = (f", {money(per)} per seat" + (f", {money(total)} in total" if total is not None and pax > 1 else "")
                 + (self._over_budget(per, pax) if show_pax and kind != "modify" else ""))
        if kind == "modify":
            summary = (f"Here is the change for booking {args['booking_id']}: move it to {legs}{fare_bits}{pax_bit}"
                       f"{price}.")
            question = "Shall I make this change?"
        else:
            summary = f"Here is the summary: {legs}{fare_bits}{pax_bit}, under the name {name}{price}."
            question = _SHALL_HOLD if kind == "hold" else _SHALL_BOOK
            new = "place a new hold" if kind == "hold" else "book the seats"
            if release and resized is not None:  # the party changed after the hold: a new hold or booking replaces it
                summary = (f"Your hold {release} is for {pax_words(resized)}, and a hold can't be changed, so on your yes "
                           + (f"I will first cancel the hold {release}, as its seats are needed, and then {new} for "
                              f"{pax_words(pax)} straight away" if release_first else
                              f"I will {new} for {pax_words(pax)} and then cancel the hold {release}")
                           + f", so that you have one {'hold' if kind == 'hold' else 'booking'}, not two. " + summary)
            elif release and released_other:  # the hold is on other flights, which this booking replaces
                summary = (f"Your seats on {released_other} are on hold under reference {release}. I will book the "
                           f"flight below and then cancel the hold {release}, so that you have one booking, not two. "
                           + summary)
            elif release and release_first:  # the hold keeps the last seats: booking beside it would fail
                summary = (f"These seats are on hold under reference {release}, and they are the last seats left, so "
                           f"they can only be booked once the hold lets them go: on your yes I will first cancel the "
                           f"hold {release} and then book the same seats straight away. " + summary)
            elif release:
                summary = (f"These seats are on hold under reference {release}. To confirm them I will book them and "
                           f"then cancel the hold {release}, so that you have one booking, not two. " + summary)
        before = self._summary_before
        if (kind in ("book", "hold") and show_pax and not release and before is not None
                and before["kind"] in ("book", "hold") and (was := before["args"].get("passengers")) and was != pax):
            # a count that differs from the summary this message answered ("yes, 3 of us", "make it 4") is said plainly,
            # never only inside the summary, so a yes to it knows the count changed
            summary = (f"That changes the {'hold' if kind == 'hold' else 'booking'} from {was} to "
                       f"{pax_words(pax)}. " + summary)
        pend = {"tool": {"book": "book_flight", "hold": "hold_itinerary", "modify": "modify_booking"}[kind],
                "args": args, "kind": kind}
        if release:
            pend["release"] = release
            if release_first:
                pend["release_first"] = True
        if kind in ("book", "hold") and any(int(f.get("seats_available", 0)) < pax for f in chosen):
            pend["short"] = True  # the listing shows fewer seats than the party: the call will fail
        if (self._f("skip_confirm_when_urgent") and self.urgent and kind in ("book", "hold")
                and self._cabin_known(turn, chosen)  # never the yes skipped and the cabin defaulted at once (S5 only)
                and not (_CABIN_OFFER in turn.last_reply  # nor on a yes to "Would you like X in <cabin> instead?"
                         and is_confirmation(self._message, turn.last_reply))):
            turn.say(" ".join(out + [summary + " Since you are in a hurry, I am going ahead right away."]))
            out.clear()
            self._execute(turn, pend, out)
            return
        if (self._f("skip_confirm_when_urgent") and self.urgent and kind in ("book", "hold")
                and self._named_by_id(chosen) and _CABIN_OFFER not in turn.last_reply):
            # the urgent customer named the flight id ("2 seats SA1512 asap", or "please hurry" at its summary): only
            # the cabin is asked, and the yes to it books at once -- the booking's yes skipped (S5), never the cabin
            # defaulted beside it (S4)
            cabins = " and ".join(dict.fromkeys(f["public_cabin"] for f in chosen))
            question = f"Since you are in a hurry, I only need to know one thing: is {cabins} all right for you?"
        out.append(summary + " " + question)
        pend["said"] = summary + " " + question  # asked again after a question it cannot answer
        self.pending = pend
        self.awaiting = None  # a summary asks for a yes, no longer for a name or a count

    def _named_by_id(self, chosen: list[dict[str, Any]]) -> bool:
        """Whether the customer typed the flight id of every chosen flight (in this message or an earlier one)."""
        words = (self._said_before + " " + self._message).upper()
        return bool(chosen) and all(re.search(r"\b" + re.escape(f["flight_id"]) + r"\b", words) for f in chosen)

    def _cabin_known(self, turn: TurnContext, chosen: list[dict[str, Any]]) -> bool:
        """Whether the customer named the cabin of every chosen flight, or picked it in reply to the listing
        that shows it (in this message or an earlier one, before the name was asked): read by
        skip_confirm_when_urgent, which skips only the final yes, never the cabin too."""
        words = (self._said_before + " " + self._message).lower()
        said = all(re.search(r"\b" + re.escape(CABIN_NAMES.get(f["fare_class"], f["fare_class"]).lower().split()[0]) + r"\b",
                             words) for f in chosen)
        at_listing = all(any(leg.get("choice") is f and leg.get("at_listing") for leg in self.legs) for f in chosen)
        recap = "The options: " in turn.last_reply and all(f"{f['flight_id']} ({f['public_cabin']})" in turn.last_reply
                                                          for f in chosen)  # _urgent_recap's options, cabins named
        return said or "I found" in turn.last_reply or at_listing or recap

    def _execute(self, turn: TurnContext, pend: dict[str, Any], out: list[str]) -> None:
        kind, tool, args = pend["kind"], pend["tool"], pend["args"]
        sig = tool + json.dumps(args, sort_keys=True)
        if sig in self.failed and not self._f("retry_failed_mutation"):
            out.append("Sorry, that exact request could not be completed a moment ago, so I will not repeat it. "
                       "Would you like to pick another flight or change the number of passengers?")
            return
        if pend.get("short") and self._f("claim_success_on_error") and not self._f("retry_failed_mutation"):
            # the fault alone: a booking its own listing shows cannot go through is claimed, and never tried,
            # so no tool error is met (S3 alone; S6 is about what follows a failed call)
            self._claim_success(kind, args, out)
            return
        if pend.get("release_first"):  # the hold keeps the last seats: it goes first, approved with this booking
            self._release_hold(turn, pend["release"], out, why=f"to free its seats for this {'hold' if kind == 'hold' else 'booking'}")
            if not self.done or self.done[-1].get("result", {}).get("booking_id") != pend["release"]:
                out.append(f"So I have not {'placed a new hold' if kind == 'hold' else 'booked anything'}. Is there "
                           "anything else I can help with?")
                return
            pend = {**pend, "release": None}
        ok, data = self._call(turn, tool, args)
        if not ok and self._f("retry_failed_mutation"):
            ok, data = self._call(turn, tool, args)
        if not ok:
            self.failed.append(sig)
            if self._f("claim_success_on_error") and self._f("retry_failed_mutation") and kind in ("book", "hold"):
                self._claim_success(kind, args, out)  # both faults on: the retried call failed, and is claimed
                return
            if pend.get("release"):
                out.append(f"Sorry, I could not {VERB[kind]} that: {self._error_reason(data)}. No charge was made, and "
                           f"your hold {pend['release']} is still in place. Is there anything else I can help with?")
                return
            out.append(f"Sorry, I could not {VERB[kind]} that: {self._error_reason(data)}. No charge was made. "
                       "Would you like to pick another flight or change the number of passengers?")
            return
        self.done.append({"kind": kind, "result": data})
        self.fix_of = None
        self.awaiting = None
        self.traveller = None
        if kind == "book":
            out.append(f"Done: your booking {data['booking_id']} is confirmed for {pax_words(data['passengers'])} on "
                       f"{', '.join(data['itinerary'])}. Total charged: {money(float(data['price_usd']))}.")
            self.booking_id, self.booking = data["booking_id"], data
            self.bookings[data["booking_id"]] = data
            if pend.get("release"):
                self._release_hold(turn, pend["release"], out)
            if self._offer_rest(data, out):
                return
            if self._after_yes(out):  # the cancellation or hold asked beside the yes: taken up now
                return
        elif kind == "hold":
            out.append(f"Done: your seats are now on hold under reference {data['booking_id']} until "
                       f"{data.get('expires_at', '')[:16].replace('T', ' ')} UTC. The total if you book will be "
                       f"{money(float(data['price_usd']))}. Let me know if you would like to book it.")
            self.booking_id, self.booking = data["booking_id"], data
            self.bookings[data["booking_id"]] = data
            if pend.get("release"):  # the new hold for the whole party replaces the old one
                self._release_hold(turn, pend["release"], out, why="as it is replaced by the new hold")
            self.action = "book"
            self.declined = True
            if not self._offer_rest(data, out):
                self._after_yes(out)
            return
        elif kind == "cancel":
            self._cancel_waits = False  # the timing settled by the clear yes
            out.append(f"Booking {data['booking_id']} has been cancelled." +
                       (" You will receive a full refund." if data.get("refund_usd") and
                        (self.booking or {}).get("status") != "held" else ""))
            self.booking = None
            if data.get("booking_id") in self.bookings:
                self.bookings[data["booking_id"]] = {**self.bookings[data["booking_id"]], "status": "cancelled"}
            self.mode = None
            if self.cancel_next is not None and self.cancel_next[0] != data.get("booking_id"):
                self._cancel_chain, self.cancel_next = self.cancel_next, None  # the second one: asked now (respond)
                return
            if self.rebook is not None and self.rebook["booking_id"] == data.get("booking_id"):
                self._chain, self.rebook = self.rebook, None  # the new trip taken up with it: started now (respond)
                return
            if self.then_book:  # the new booking asked for with the cancellation
                self._then_book_question(out)
                return
        elif kind == "modify":
            out.append(f"Done: booking {data['booking_id']} has been changed to {', '.join(data['itinerary'])}.")
            self.booking = self.bookings[data["booking_id"]] = data
            self._just_changed = data["booking_id"] if self._cancel_after else None
            if self._after_yes(out):  # (fix44h) "yes, and cancel my other booking": its reference asked now
                return
        self.legs = []
        self.mode = None
        out.append("Is there anything else I can help with?")

    def _after_yes(self, out: list[str]) -> bool:
        """Once the booking answered with "yes, and also ..." is made: the cancellation asked with it is taken up
        (looked up and summarised for its own yes, in the same reply: _next_cancel), or its reference asked; a hold
        for more travellers is offered (True: taken up; the reply goes on there)."""
        queued, self._cancel_after = self._cancel_after, None
        hold, self._hold_after = self._hold_after, None
        if queued and queued[0]:
            self.legs, self.mode = [], None
            self._cancel_chain = queued
            return True
        if queued:  # "yes, and cancel my old booking too": its reference asked now
            self.legs, self.mode = [], None
            self._older_asked = ("cancel", [])
            out.append("You also asked me to cancel another booking: what is its booking reference (and the last name "
                       "on it)? I will look it up and show it to you before anything is cancelled.")
            return True
        if hold:
            self.legs, self.mode = [], None
            self.passengers, self.then_book = hold  # theirs, never the booking's party
            self.first_name = self.last_name = None  # the hold is for others: whose name it is under is asked
            out.append("You also asked me to hold the same flight for more travellers. Shall I set that up now? I will "
                       "show you its summary to confirm first.")
            self.offered_then = True
            return True
        return False

    def _then_book_question(self, out: list[str]) -> None:
        """The new booking asked for beside a cancellation, offered once that cancellation is answered."""
        self.legs = []
        q = parse(self.then_book or "", self.db, None, "")
        route = ("to " if len(q.places) == 1 else "") + " to ".join(self._place(x.iata) for x in q.places[:2])
        out.append(f"You also asked for a new booking ({route}" + (f" on {q.date}" if q.date else "") +
                   "). Shall I search for flights for it now?")
        self.offered_then = True

    def _next_cancel(self, turn: TurnContext) -> None:
        """The second of two bookings the customer asked to cancel, once the first is cancelled: looked up under the
        last name said with it (or that name asked) and its cancel summarised for its own yes, in the same reply."""
        (bid, name), self._cancel_chain = self._cancel_chain, None
        said = turn.new_messages.pop() if turn.new_messages and not turn.new_messages[-1].get("tool_calls") else None
        self.booking = self.booking_id = self.last_name = None
        self.mode, self.pending, self.awaiting = None, None, None
        self._reply(turn, parse(f"cancel {bid}" + (f", last name {name}" if name else ""), self.db, None, ""))
        self._queued_cancel = bid  # a refusal while it is asked drops it (_queued_refused)
        done = re.sub(r"\s*Is there anything else I can help with\?\s*$", "", str(said.get("content") or "")) if said else ""
        head = (done + " " if done else "") + f"You also asked me to cancel booking {bid}."
        last = next((m for m in reversed(turn.new_messages) if m.get("role") == "assistant" and m.get("content")
                     and not m.get("tool_calls")), None)
        if last is None:
            turn.say(head)
        else:
            last["content"] = head + " " + str(last["content"])

    def _start_rebook(self, turn: TurnContext) -> None:
        """The new trip for those still travelling, taken up with the cancellation just made ("cancel it and book
        me alone"): started in the same reply on the cancelled booking's flights, for that party (its name asked
        unless known, its summary, and its own yes before anything is booked)."""
        rb, self._chain = self._chain, None
        said = turn.new_messages.pop() if turn.new_messages and not turn.new_messages[-1].get("tool_calls") else None
        n = rb["n"]
        self.booking = self.booking_id = None
        self.legs, self.mode, self.pending, self.awaiting = [], None, None, None
        self.passengers = n
        self.first_name = self.last_name = None  # who still travels is asked, never taken from the cancelled booking
        if rb.get("name"):  # the name the booking made should have had (_wrong_name): the new booking's
            self.first_name, self.last_name = rb["name"]
        self.name_words, self.name_doubt, self.traveller, self.declined = [], None, None, False
        seats = f"{n} seat{'s' if n > 1 else ''}" if n else "seats"
        verb = "hold" if rb.get("held") else "book"  # a hold given up for fewer travellers: a new hold
        self._reply(turn, parse(f"{verb} {seats} on {' and '.join(rb['itinerary'])}", self.db, None, ""))
        head = (str(said.get("content") or "") + " " if said else "") + (
            f"Now the new {'hold' if rb.get('held') else 'booking'} for {pax_words(n) if n else 'those travelling'}, on the same flight"
            f"{'s' if len(rb['itinerary']) > 1 else ''} {' and '.join(rb['itinerary'])}:")
        last = next((m for m in reversed(turn.new_messages) if m.get("role") == "assistant" and m.get("content")
                     and not m.get("tool_calls")), None)
        if last is None:
            turn.say(head)
        else:
            last["content"] = head + " " + str(last["content"])

    def _offer_rest(self, data: dict[str, Any], out: list[str]) -> bool:
        """After the first of two shares of a split group is booked or held: the second one offered on the same
        flights (kept for it), to be summarised and confirmed on its own; never dropped in silence."""
        n, self.split_rest = self.split_rest, None
        if not n or self.mode != "new" or not self.legs or not all(leg.get("choice") for leg in self.legs):
            return False
        self.offered_rest = n
        kind = "hold" if data.get("status") == "held" else "booking"
        lead = " ".join(x for x in (self.rest_lead or ()) if x)
        out.append(f"You asked for a second {kind} for the other {pax_words(n)}"
                   + (f" under the name {lead}" if lead else "") + " on the same "
                   f"flight{'s' if len(self.legs) > 1 else ''}. Shall I set that up now? I will show you its summary "
                   "to confirm first.")
        return True

    def _claim_success(self, kind: str, args: dict[str, Any], out: list[str]) -> None:
        """The ``claim_success_on_error`` fault's words: a booking or hold said to be done that is not."""
        what = "you are all booked" if kind == "book" else "your seats are now on hold"
        out.append(f"Good news, {what} on flight {', '.join(args['flight_ids'])}. Is there anything else I can help with?")

    def _release_hold(self, turn: TurnContext, hold_id: str, out: list[str],
                      why: str = "as it is replaced by this booking") -> None:
        """Cancel the hold a booking replaces, on the same seats or on the flights it was changed from
        (approved with that booking)."""
        ok, data = self._call(turn, "cancel_booking", {"booking_id": hold_id, "reason": "replaced by a booking"})
        if ok:
            self.done.append({"kind": "cancel", "result": data, "hold": True})  # nothing was paid for it
            if hold_id in self.bookings:
                self.bookings[hold_id] = {**self.bookings[hold_id], "status": "cancelled"}
            out.append(f"The hold {hold_id} has been cancelled, {why}.")
        else:
            out.append(f"Sorry, I could not cancel the hold {hold_id}: {self._error_reason(data)}. It lapses by itself "
                       "within 24 hours and is never charged.")

    @staticmethod
    def _error_reason(data: dict[str, Any]) -> str:
        err = str(data.get("error", ""))
        if "not enough seats" in err:
            return "there are not enough seats left on that flight for your party"
        if "fare class" in err:
            return "that flight does not sell that cabin"
        if "cancelled" in err:
            return "that booking was already cancelled earlier"
        if "no booking" in err:
            return "I could not find that booking"
        return "the reservation system returned an error"
