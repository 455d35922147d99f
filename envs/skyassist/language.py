"""Deterministic plain-English understanding of SkyAssist customer messages.

``parse(text, db)`` reads one customer message against the flight database and returns a
``Parsed`` record of everything the reference target can use: airports and their roles
(origin, destination, via), dates (ISO, "June 12", "12 June", "23/07/2026", "tomorrow", "next
Friday", ..., all relative to the environment's fixed ``NOW``; a return "a week later" or "on the
30th" after the outbound date; a date moved "a day later"), passenger counts and changes of
the count ("one more passenger", "my son is coming too"), names, booking and flight
ids, passport and card numbers, yes/no, urgency, fare class, a selection among listed options
and the intents of the message. Nothing here is random or depends on the wall clock.

Choices (ours): a date without a year is its next occurrence on or after NOW's date;
"Friday", "on Friday", "this Friday" and "next Friday" all mean the first Friday strictly after
NOW's date; a day without its month ("the 12th") is kept as ``day_of_month`` and dated by the
target, which knows the month under discussion; a numeric date is read day first or month first
when only one reading is a date ("23/07/2026", "07/23/2026"), and when both are ("08/07/2026")
it is kept as ``date_readings`` for the target to ask which; lower-case three-letter words are read as IATA codes only after a preposition
("from sea" is Seattle, "I'm mad" is not Madrid).

Names are read only from a message that gives one (after a naming cue, as "Last, First", or as
a sentence that is nothing but a name); a lone word after "under" is a last name (bookings are
filed under a last name: "it's under Kim"), a lone word after "I'm", "it's", "use" or "call
me" is a given name, and the target then asks for the last name. Confirmations are read by
``is_confirmation`` (its definition is in the consent section below); the verifiers have their
own, separate implementation.
"""

from __future__ import annotations

import contextvars
import copy
import difflib
import itertools
import re
from dataclasses import dataclass, field
from datetime import date, timedelta

from envs.skyassist import text_rules
from envs.skyassist.database import NOW
from probe.targets import consent
from probe.targets.consent import HARMLESS_NO, LATER, accepts_offer
from probe.targets.phrases import ASKS_IF_MACHINE, CLOSING, KEEPS_OPEN, abandon_pattern, asks_for_person

MONTHS = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
    "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
    "oct": 10, "nov": 11, "dec": 12,
}
WEEKDAYS = {"monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6}
CITY_ALIASES = {"nyc": "JFK", "new york city": "JFK", "são paulo": "GRU", "sao paolo": "GRU", "la": "LAX",
                "san fran": "SFO", "mexico": "MEX", "sf": "SFO", "frisco": "SFO", "joburg": "JNB", "jo'burg": "JNB",
                "jozi": "JNB", "hongkong": "HKG", "hk": "HKG", "lisboa": "LIS", "roma": "FCO", "tokio": "NRT",
                "istambul": "IST", "cdmx": "MEX", "ciudad de mexico": "MEX", "heathrow": "LHR", "charles de gaulle": "CDG",
                "narita": "NRT", "o'hare": "ORD", "ohare": "ORD", "schiphol": "AMS", "changi": "SIN", "pearson": "YYZ",
                "fiumicino": "FCO", "kennedy": "JFK", "new york jfk": "JFK", "nueva york": "JFK", "mexico df": "MEX",
                "ny": "JFK", "los angles": "LAX", "seatle": "SEA"}
# the served cities in Spanish, French, Italian, Portuguese or German: "de Madrid a Londres", "de Paris à Londres"
CITY_ALIASES.update({"londres": "LHR", "londra": "LHR", "estambul": "IST", "singapur": "SIN",
                     "singapour": "SIN", "dublín": "DUB", "ámsterdam": "AMS", "fráncfort": "FRA", "francfort": "FRA",
                     "francoforte": "FRA", "lissabon": "LIS", "lisbonne": "LIS", "lisbona": "LIS", "nova iorque": "JFK",
                     "nouvelle york": "JFK", "sídney": "SYD", "joanesburgo": "JNB", "johannesburgo": "JNB"})
CITY_ALIASES.update({"l a": "LAX", "l.a": "LAX"})  # "from l a", "to L.A.": LA said letter by letter (as "la", only as a place)
# after a nationality: "Aussie dollars", "Australian money", "in Canadian bucks"; or the nationality alone, ending
# the question ("what's that in Canadian?"), never before another word ("to Canadian cities")
_MONEY_NOUN = r"(?:\s+(?:dollars?|bucks|money|currency|cash)\b|(?=\s*(?:$|[?.!,;]|please\b|pls\b|instead\b|then\b)))"
CURRENCIES = [
    (r"€|\beuros?\b|\beur\b", "EUR"), (r"£|\bpounds?\b|\bsterling\b|\bgbp\b|\bquids?\b", "GBP"),
    (r"¥|\byen\b|\bjpy\b", "JPY"), (r"\bcad\b|\bcanadian" + _MONEY_NOUN, "CAD"),
    (r"\baud\b|\b(?:australian|aussie)" + _MONEY_NOUN, "AUD"), (r"\bchf\b|\bswiss francs?\b|\bfrancs?\b", "CHF"),
    (r"₹|\binr\b|\brupees?\b", "INR"), (r"\bmxn\b|\bpesos?\b", "MXN"), (r"\bbrl\b|\breais\b|\breal\b", "BRL"),
]
_MONTH_RE = "|".join(sorted(MONTHS, key=len, reverse=True))
# month names in the languages customers mix in (Spanish, French, Italian, Portuguese, German): read only with a day
# number before them ("12 de junio", "le 12 juin", "il 3 luglio", "1er août", "12. Juni"), never as a month alone
# (several are names or words too: "Mai", "Marzo", "Mars")
FOREIGN_MONTHS = {
    "enero": 1, "febrero": 2, "marzo": 3, "abril": 4, "mayo": 5, "junio": 6, "julio": 7, "agosto": 8, "septiembre": 9,
    "setiembre": 9, "octubre": 10, "noviembre": 11, "diciembre": 12,
    "janvier": 1, "février": 2, "fevrier": 2, "mars": 3, "avril": 4, "mai": 5, "juin": 6, "juillet": 7, "août": 8,
    "aout": 8, "septembre": 9, "octobre": 10, "novembre": 11, "décembre": 12, "decembre": 12,
    "gennaio": 1, "febbraio": 2, "aprile": 4, "maggio": 5, "giugno": 6, "luglio": 7, "settembre": 9, "ottobre": 10,
    "dicembre": 12,
    "janeiro": 1, "fevereiro": 2, "março": 3, "maio": 5, "junho": 6, "julho": 7, "setembro": 9, "outubro": 10,
    "dezembro": 12,
    "januar": 1, "februar": 2, "märz": 3, "maerz": 3, "juni": 6, "juli": 7, "oktober": 10, "dezember": 12,
}
_FOREIGN_MONTH_RE = "|".join(sorted(FOREIGN_MONTHS, key=len, reverse=True))
# foreign months that are given names too ("Mai", "Julio", "Abril"): a date only with "de", an article or a year
_NAME_MONTHS = {"mai", "julio", "abril", "mars", "juni", "juli", "maio", "agosto"}
# a day number said before a month, English or foreign: never a count of people ("make it 28 September", "28 juin")
_MONTH_AHEAD = (r"(?:\s*(?:st|nd|rd|th|er|º|°)?\.?\s*(?:of\s+|de\s+|del\s+)?(?:" + _MONTH_RE + "|" + _FOREIGN_MONTH_RE
                + r")\b|\s*[/.]\d)")
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
# day and month in either order: "23/07/2026", "7/23", "23.07.2026" (dots only with a year: "40.00" is an amount)
# (or with hyphens and a year: "13-06-2026")
_NUMERIC_DATE = re.compile(r"(?<![\d/.$-])\b(\d{1,2})(?:/(\d{1,2})(?:/(\d{4}|\d{2}))?|[.-](\d{1,2})[.-](\d{4}|\d{2}))\b(?![/.-]\d)")
_WD_RE = "|".join(WEEKDAYS)
_COUNT_RE = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})"
_DATE_PATTERNS = [
    # an offset from today: "a week from today", "a week today", "2 weeks from now", "three days from tomorrow",
    # "in a month", "a month from now"
    # (and in years: "a year from today", "one year from now", "a year today", "in a year's time", "12 months on")
    ("offset", re.compile(r"\b(?:in\s+)?" + _COUNT_RE + r"\s+(days?|weeks?|months?|years?)\s+(?:from\s+|after\s+)?"
                          r"(today|now|tomorrow|tmrw|tmr)\b|\bin\s+" + _COUNT_RE + r"\s+(months?|years?)\b(?:'?s?\s+time\b)?",
                          re.I)),
    # the same day a year on: "this time next year", "same day next year", "next year same day", "this day next year",
    # "a year to the day", "this date next year"
    ("nextyear", re.compile(r"\b(?:(?:on\s+)?(?:this|the\s+same|same|that)\s+(?:time|day|date)\s+next\s+year|next\s+year\s*,?\s*"
                            r"(?:on\s+)?(?:the\s+)?same\s+(?:day|date|time)|(?:a|one)\s+year\s+to\s+the\s+day(?:\s+from\s+"
                            r"(?:today|now))?)\b", re.I)),
    # an offset from a weekday: "two weeks from friday", "a week after next tuesday", "3 days after saturday"
    ("wdoffset", re.compile(r"\b" + _COUNT_RE + r"\s+(days?|weeks?)\s+(?:from|after)\s+(?:this\s+|next\s+|coming\s+|"
                            r"the\s+)?(" + _WD_RE + r")\b", re.I)),
    # "tuesday after next", "the friday after next": a week after the coming one
    ("wdafter", re.compile(r"\b(" + _WD_RE + r")\s+after\s+next\b", re.I)),
    # the weekday of next week: "next week tuesday", "next week on friday", "wednesday next week"
    ("nextweekwd", re.compile(r"\bnext\s+week\s*,?\s*(?:on\s+)?(?:the\s+)?(" + _WD_RE + r")\b|\b(" + _WD_RE +
                              r")\s+(?:of\s+)?next\s+week\b", re.I)),
    # a day of next month: "next month on the 5th", "the 5th of next month", "5th next month"
    ("nextmonth", re.compile(r"\bnext\s+month\s*,?\s*(?:on\s+)?(?:the\s+)?" + _DAY + r"\b(?!\s*(?:of\s+)?(?:" +
                             _MONTH_RE + r")\b)|\b(?:the\s+)?" + _DAY + r"\s+(?:of\s+)?next\s+month\b", re.I)),
    ("iso", re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")),
    ("md", re.compile(r"\b(" + _MONTH_RE + r")\.?(?:\s+(?:the\s+(?=\d{1,2}(?:st|nd|rd|th)\b))?|"
                      r"\s*(?:,|:|\s-|\s\u2013)\s*(?:the\s+)?(?=\d{1,2}(?:st|nd|rd|th)\b))" + _DAY +
                      r"\b(?!\s+weeks?\b|\s+weekend\b)(?:,?\s+(\d{4})\b)?", re.I)),  # ("in june, 3rd week": no day)
    ("dm", re.compile(r"\b" + _DAY + r"(?:\s+(?:of\s+)?|(?=[a-z]{3}))(" + _MONTH_RE + r")\b\.?(?:,?\s+(\d{4})\b)?", re.I)),
    # a day and a foreign month: "12 de junio", "el 12 de junio de 2026", "le 12 juin", "1er juillet", "il 3 luglio",
    # "12. Juni"
    ("dmforeign", re.compile(r"\b(\d{1,2})(?:er|º|°|\.)?\s*(?:de\s+|del\s+)?(" + _FOREIGN_MONTH_RE +
                             r")(?![\w'])(?:,?\s+(?:de\s+|del\s+)?(\d{4})\b)?", re.I)),
    ("rel", re.compile(r"\b(today|tonight|day after (?:tomorrow|tmrw)|tomorrow|tmrw|tmr|tmw|tomoz|2morrow|2moro|"
                       r"tomorow|tommorow|tommorrow)\b(?![-\s]?ish\b)", re.I)),  # "today-ish": no day said
    # "the weekend after next": a week after the coming one; "the weekend after" alone is relative to another date
    # ("coming back the weekend after": _return_after), not this weekend
    ("weekend", re.compile(r"\b(this|the|coming|next)\s+weekend\b(\s+after\s+next\b)?(?!\s+after\b)", re.I)),
    # a day and month with the trailing dot of the European style, no year: "31.07.", "on 3.5."
    ("dmdot", re.compile(r"(?<![\d.$])\b(\d{1,2})\.(\d{1,2})\.(?!\d)")),
    # a weekday in a later week: "in 3 weeks on wednesday", "wednesday in two weeks"
    ("inwd", re.compile(r"\bin\s+" + _COUNT_RE + r"\s+weeks?\s*,?\s*(?:on\s+)?(?:a\s+|the\s+)?(" + _WD_RE + r")\b|\b(" + _WD_RE +
                        r")\s+in\s+" + _COUNT_RE + r"\s+weeks?\b", re.I)),
    # a weekday beside a day without its month: "wednesday the 25th", "wed 25th", "the 25th (a wednesday)"
    ("wdday", re.compile(r"\b(" + _WD_RE + r"|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\.?,?\s+(?:the\s+(\d{1,2})(?:st|nd|rd|th)?|(\d{1,2})(?:st|nd|rd|th))"
                         r"(?!\d)(?!\s*(?:of\s+)?(?:" + _MONTH_RE + r"|next\s+month)\b)(?!\s*[/.:]\d)|\bthe\s+" + _DAY +
                         r"(?!\s*(?:of\s+)?(?:" + _MONTH_RE + r"|next\s+month)\b)\s*(?:\(\s*|,\s*|-\s*)(?:a\s+|on\s+a\s+|which\s+is\s+a\s+)?(" +
                         _WD_RE + r")\b", re.I)),
    ("wd", re.compile(r"\b(?:(?:next|this|on|coming)\s+)?(" + "|".join(WEEKDAYS) + r")\b", re.I)),
    ("in", re.compile(r"\bin\s+(\d{1,3}|a|one|two|three|four|five|six)\s+(days?|weeks?)\b", re.I)),
    ("hours", re.compile(r"\b(?:in|within) (?:the )?next (?:few |couple (?:of )?|\d{1,2} |one |two |three )?hours?\b|"
                         r"\b(?:in|within) (?:an?|one|two|three|a few|a couple of|\d{1,2}) hours?\b", re.I)),
    ("ymd", re.compile(r"\b(\d{4})/(\d{1,2})/(\d{1,2})\b")),
    ("num", _NUMERIC_DATE),
]
# Weekday dates read before the patterns above (a phrase they would misread as the coming weekday):
# "the first Thursday in May", "the last Friday of March" (that weekday of that month); British "Tuesday week",
# "a week on Tuesday" (a week after the coming Tuesday), "a fortnight today", "in a fortnight" (14 days on).
_ORDINAL_WD = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5,
               "5th": 5, "last": -1, "final": -1}
# weekdays shortened ("the 1st Tue of June", "the 4th sat in sept"): read as the weekday, never as a day of the month
_WD_SHORT = {"mon": 0, "tue": 1, "tues": 1, "wed": 2, "weds": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4, "sat": 5,
             "sun": 6}
_WD_ANY = _WD_RE + "|" + "|".join(sorted(_WD_SHORT, key=len, reverse=True))
_WEEKDAY_DATES = [
    ("nthwd", re.compile(r"\b(" + "|".join(_ORDINAL_WD) + r")\s+(" + _WD_ANY + r")\.?\s+(?:in|of)\s+(?:the\s+month\s+of\s+)?"
                         r"(" + _MONTH_RE + r"|next\s+month|this\s+month)\b\.?(?:,?\s+(\d{4})\b)?", re.I)),
    ("wdweek", re.compile(r"\b(?:a|one)\s+(week|fortnight)\s+on\s+(" + _WD_RE + r")\b|\b(" + _WD_RE +
                          r")\s+(week|fortnight)\b(?!\s*(?:after|before|later|earlier|from|of|or|and|to|ago|\d))", re.I)),
    ("fortnight", re.compile(r"\b(?:in\s+(?:a|one)\s+fortni(?:ght|te)|(?:(?:a|one)\s+)?fortni(?:ght|te)\s+(?:from\s+)?"
                             r"(today|now|tomorrow|tmrw|tmr))"
                             r"(?:'?s\s+time)?\b", re.I)),
    # read by nobody for sure, so no date at all (the date is asked, never replaced by the coming weekday): "the first
    # Thursday" of no month said, "the Thursday after" / "the Friday before" something ("after next" is read below)
    ("unread", re.compile(r"\b(?:the\s+)?(?:" + "|".join(_ORDINAL_WD) + r")\s+(?:" + _WD_ANY + r")s?\b(?:\s+(?:in|of)\s+"
                          r"(?:the\s+)?\w+)?|\bthe\s+(?:" + _WD_RE + r")\s+(?:after|before)\b(?!\s+(?:next|last)\b)", re.I)),
]
# a weekday named by a holiday ("Thanksgiving Thursday", "Maundy Thursday", "Easter Monday", "the Thursday of Labor Day
# week"): its date is not read here, so it is asked, never taken for the coming weekday
_HOLIDAY = (r"(?:thanksgiving|maundy|holy|good|easter|whit|pentecost|ash|palm|shrove|black|cyber|memorial(?:\s+day)?|"
            r"labou?r\s+day|christmas|xmas|boxing\s+day|new\s+year'?s?(?:\s+day)?|independence\s+day|presidents'?\s+day|"
            r"mlk(?:\s+day)?|columbus\s+day|veterans'?\s+day|halloween|bank\s+holiday|mother'?s\s+day|father'?s\s+day|"
            r"ascension|corpus\s+christi|st\.?\s+patrick'?s(?:\s+day)?|midsummer|election\s+day|super\s+bowl|"
            r"spring\s+break|hanukkah|diwali|eid|passover|carnival|mardi\s+gras)")
_WEEKDAY_DATES.append(("unread", re.compile(
    r"\b" + _HOLIDAY + r"\s+(?:" + _WD_ANY + r")\b|\b(?:the\s+)?(?:" + _WD_ANY + r")\.?\s+(?:of|in|before|after|on)\s+"
    r"(?:the\s+)?(?:week\s+of\s+)?(?:the\s+)?" + _HOLIDAY + r"(?:'s)?\b", re.I)))
_DATE_PATTERNS[:0] = _WEEKDAY_DATES
_WEEKDAY_KINDS = {kind for kind, _ in _WEEKDAY_DATES}


def _weekday_date(kind: str, m: re.Match, today: date) -> date | None:
    """The date of a phrase of ``_WEEKDAY_DATES`` (None for "unread", or a fifth weekday a month does not have)."""
    if kind == "nthwd":
        said = m.group(2).lower()
        nth, wd, month = _ORDINAL_WD[m.group(1).lower()], WEEKDAYS.get(said, _WD_SHORT.get(said)), m.group(3).lower()
        if month.startswith(("next", "this")):
            first = _add_months(today.replace(day=1), 1 if month.startswith("next") else 0)
            years = [(first.year, first.month)]
        else:
            year = int(m.group(4)) if m.group(4) else None
            years = [(year, MONTHS[month])] if year else [(today.year + k, MONTHS[month]) for k in (0, 1)]
        for y, mo in years:
            days = [date(y, mo, k) for k in range(1, 32) if _valid(y, mo, k) and date(y, mo, k).weekday() == wd]
            d = days[-1] if nth < 0 else days[nth - 1] if nth <= len(days) else None
            if d is not None and (d >= today or len(years) == 1):
                return d
        return None
    if kind == "wdweek":
        unit, wd = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        coming = today + timedelta(days=(WEEKDAYS[wd.lower()] - today.weekday()) % 7 or 7)
        return coming + timedelta(days=14 if unit.lower() == "fortnight" else 7)
    if kind == "fortnight":
        from_tomorrow = (m.group(1) or "").lower() in ("tomorrow", "tmrw", "tmr")
        return today + timedelta(days=15 if from_tomorrow else 14)
    return None


def _valid(y: int, mo: int, d: int) -> bool:
    try:
        date(y, mo, d)
    except ValueError:
        return False
    return True


_RETURN_CUE = re.compile(r"(return(?:ing)?|\bret\b|\brtn\b|back|coming home|come home|fly home|home on|round[- ]trip.*\band|"
                         r"\bvuelta\b|\bregreso\b|\bvolviendo\b|\bretour\b|\britorno\b|\bvolta\b|\bzurück\b)\W*(?:\w+\W+){0,3}$", re.I)
_URGENT = re.compile(r"\b(asap|urgent|urgently|hurry|hurried|right away|immediately|as soon as possible|quickly|no time|right now|"
                     r"straight away|emergency|(?:in a|such a|bit of a) rush|rush(?:ed|ing)?(?! hour)|be quick|make it (?:quick|fast|snappy)|"
                     r"(?:quick|fast) as (?:you can|possible)|time is (?:short|tight|running out)|(?:short|pressed|tight) (?:on|of|for) time|"
                     r"running out of time|not much time|quick,? quick|be (?:fast|quick|speedy)|time[- ]sensitive|"
                     r"(?:done|do it|book it|sorted) (?:fast|quick(?:ly)?)|(?:fast|quick)(?:est)? (?:as )?(?:you can|possible)|"
                     r"(?:need|want) (?:it|this|that) (?:done|sorted|booked) (?:now|today)|about to board|"
                     r"(?:i'?m|im|i am|we'?re|we are) (?:[a-z]+ ){0,2}at the (?:boarding )?gate(?! of)|"
                     # "I'm stuck at the gate", "at the gate - LHR to JFK", "currently at the gate", "stranded at the airport"
                     r"(?:^|(?<=[.!,;:] )|(?<= - )|(?<=currently )|(?<=still )|(?<=now )|(?<=sitting )|(?<=stuck )|(?<=waiting ))at the (?:boarding )?gate(?! of)|"
                     r"(?:stuck|stranded) (?:here )?(?:at|in) (?:the )?(?:airport|gate|terminal)|"
                     r"(?:need|have|got) to (?:fly|leave|go|get there) (?:tonight|today|now))\b", re.I)
# a relative suddenly or gravely ill is urgency too ("my mum's just been taken ill", "dad is in intensive care", "my
# mother is seriously ill"), unless the customer says there is no hurry ("my mum is ill but the trip is in June, no
# hurry"); plain "ill" or "sick" alone is not urgency
_URGENT_ILLNESS = re.compile(r"\b(?:(?:in|at) (?:the )?hospital|hospitali[sz]ed|(?:critically|seriously|gravely|very|really|"
                             r"terribly|dangerously) (?:ill|sick)|taken (?:very |seriously |suddenly )?ill|fallen (?:very |seriously )?ill|"
                             r"(?:taken|rushed|admitted|brought) (?:in)?to (?:the )?hospital|(?:is|are|'s) dying|"
                             r"intensive care|(?-i:ICU)|the icu|critical condition|heart attack|(?:had|has had|suffered) a stroke)\b", re.I)
# urgency told as an event close at hand, not in the words of hurry: "my flight home leaves in 3 hours and I'm still at
# the hotel", "the wedding is tomorrow morning", "my dad's surgery is first thing tomorrow", "boarding closes in 20
# minutes", "I have to be in Paris by tonight", "I'm going to miss my connection", "my father passed away last night";
# never a plain travel day ("a flight tomorrow please") or an event further off ("the wedding is in June")
_SOON = (r"(?:today|tonight|this\s+(?:morning|afternoon|evening)|(?:first\s+thing\s+)?tomorrow(?:\s+(?:morning|"
         r"afternoon|evening|night|first\s+thing|at\s+\d{1,2}(?::\d\d)?\s*(?:am|pm)?))?|first\s+thing\s+(?:tomorrow|in\s+the\s+morning)|"
         r"in\s+(?:\d{1,2}|a\s+few|a\s+couple(?:\s+of)?|an?|one|two|three|four|five|half\s+an?)\s+(?:hours?|hrs?|minutes?|mins?)|"
         r"within\s+(?:the\s+)?(?:next\s+)?(?:\d{1,2}|a\s+few|an?|one|two|three|24|48)\s+(?:hours?|hrs?|minutes?|mins?))")
_EVENT = (r"(?:wedding|funeral|memorial|meeting|interview|surgery|operation|appointment|exam|ceremony|hearing|court\s+(?:date|"
          r"case|hearing)|conference|presentation|graduation|christening|flight(?:\s+(?:home|back|out))?|connection|"
          r"connecting\s+flight|train|ferry|boarding|check[- ]?in|gate|visa|permit|shift|contract|deadline)")
_URGENT_EVENT = re.compile(
    r"\b" + _EVENT + r"\b[^.?!;]{0,25}?\b(?:is|are|'s|starts?|begins?|leaves?|departs?|closes?|expires?|runs?\s+out|takes?\s+off|"
    r"goes|ends?|is\s+at|happens)\b[^.?!;]{0,12}?\b" + _SOON + r"\b"
    r"|\b(?:have|need|got|has|must|gotta)\s+(?:to\s+)?(?:be|get|arrive)\s+(?:in|at|to|there|home|back)\b[^.?!;]{0,25}?\bby\s+"
    r"(?:tonight|tomorrow(?:\s+(?:morning|noon|lunchtime|afternoon|evening))?|this\s+(?:afternoon|evening)|\d{1,2}(?::\d\d)?\s*(?:am|pm))\b"
    r"|\b(?:going\s+to|gonna|about\s+to|will|might|could)\s+miss\s+(?:my|our|the|his|her)\s+" + _EVENT + r"\b"
    r"|\b(?:just\s+)?missed\s+(?:my|our|the)\s+(?:flight|connection|connecting\s+flight|plane)\b"
    r"|\bstill\s+(?:at|in)\s+(?:the|my|our)\s+(?:hotel|office|house|flat|apartment)\b[^.?!]{0,40}?\b(?:flight|plane|leaves?|"
    r"boarding)\b|\b(?:flight|plane|boarding)\b[^.?!]{0,60}?\bstill\s+(?:at|in)\s+(?:the|my|our)\s+(?:hotel|office|house)\b"
    r"|\b(?:just\s+)?(?:passed\s+away|died)\s+(?:this\s+morning|last\s+night|yesterday|today|an\s+hour\s+ago|earlier\s+today)\b"
    r"|\b(?:just|has\s+just|have\s+just)\s+(?:passed\s+away|died)\b"
    r"|\b(?:in|gone\s+into|going\s+into)\s+labou?r\b|\bwaters?\s+(?:has\s+|have\s+)?(?:just\s+)?broke(?:n)?\b", re.I)
_NOT_URGENT = re.compile(r"\b(?:no|not (?:in )?(?:a|any)|not|in no|without (?:any|a))\s+(?:big |real |great |particular )?"
                         r"(?:rush|hurry|urgency|urgent)\b|\bnot (?:that |very |really )?urgent\b|"
                         # a payment put off, no hurry: "without paying right now", "we can't pay right now"
                         r"(?:\bwithout|\bnot|n'?t|\bno|\bbefore)\s+(?:\w+\s+){0,2}?(?:pay(?:ing|ment)?|charg\w*)\s+(?:\w+\s+){0,2}?"
                         r"(?:right now|immediately|right away)\b", re.I)
_ORIGIN_CUE = re.compile(r"(?:\bfrom|\bout of|\bleaving|\bleave|\bdeparting(?: from)?|\bdepart(?: from)?|\bflying out of|\bstarting (?:in|from)|\b(?:i'?m|i am)\s+(?:(?:currently|now|still|based|living|staying)\s+)?(?:in|at)|\bbased in|\b(?:i|we) live in|\bwe'?re\s+(?:(?:currently|now|based|living|staying)\s+)?in)(?:\s*:\s*|\s+)$", re.I)
# (the origin is where the customer is: "the conference is in Doha and I'm in Miami", "I'm based in Miami"; a field
# label's colon too: "From: London", "Departing: Vancouver")
_DEST_CUE = re.compile(r"(?:\bto|\binto|\bfor|\barriving (?:in|at)|\bgoing to|\bheaded to|\bdestination(?: is)?|\bvisit(?:ing)?|\bland(?:ing)? in|\b(?:conference|meeting|wedding|event|summit|workshop|interview|funeral|festival|congress|convention|offsite|course|training|concert|match|game|trade fair|expo)\s+(?:is|will be|'s|takes place)\s+(?:held\s+)?in)(?:\s*:\s*|\s+)$", re.I)
_VIA_CUE = re.compile(r"(?:\bvia|\bconnecting (?:in|at|through|thru)|\bconnection (?:in|at)|\bthrough|\bthru|\bstop(?:ping|s)? (?:in|at)|\bstop(?:ping)?[ -]?over(?: in| at)?|\blay(?:ing)?[ -]?over (?:in|at)|\bconnect(?:ing|ion|s)? (?:in|at|through|thru|via)|\btransit(?:ing)? (?:in|at|through|thru)|\bchang(?:e|ing) (?:planes? |flights? |aircraft )?(?:in|at)|\btransfer(?:ring)? (?:in|at))(?:\s*:\s*|\s+)$", re.I)
# a place the customer does not want ("I don't want to fly to Sydney anymore, Paris instead", "not from Boston")
_NOT_CUE = re.compile(r"\b(?:don'?t|do not|no longer|not|never|rather not)\s+(?:(?:want|need|wanna|plan(?:ning)?|going|gonna|to|"
                      r"fly(?:ing)?|go|travel+(?:ing)?|head(?:ing)?)\s+){0,4}(?:to|from|via|into)\s+$", re.I)
_PREP_BEFORE = re.compile(r"\b(from|to|into|via|through|thru|in|at|for|and|of|leaving|then|visit)\s+$", re.I)
_NAME_TOKEN = r"[A-Z][a-zA-Z'\-]+"
_NAME_STOP = {
    "Looking", "Flying", "Travelling", "Traveling", "Going", "Trying", "Not", "Sure", "In", "From", "To",
    "Interested", "Planning", "Hoping", "Calling", "Writing", "Here", "Fine", "Good", "Ok", "Okay", "Just",
    "Afraid", "Sorry", "So", "Very", "Also", "Still", "Back", "Ready", "The", "A", "An", "On",
    "At", "With", "Thinking", "Wondering", "Booking", "Leaving", "Heading", "After", "Done", "Happy",
    "Yes", "No", "Please", "Thanks", "Thank", "Hi", "Hello", "Hey", "And", "But", "Or", "Is", "It", "My",
    "Economy", "Premium", "Business", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
    "Sunday", "Today", "Tomorrow", "Me", "We", "I", "You", "Your", "This", "That", "Who", "What", "Booked",
}
_BOOKING_ID = re.compile(r"\bBK[0-9A-Z]{6}\b", re.I)
_FLIGHT_ID = re.compile(r"\bSA\d{4}\b", re.I)
_FARE_PATTERNS = [
    ("premium", re.compile(r"\bpremium( economy)?\b", re.I)),
    ("business", re.compile(r"\bbusiness( class)?\b|\bfirst class\b", re.I)),
    ("economy", re.compile(r"\b(economy|coach|main cabin|cheapest class)\b", re.I)),
]
# a cabin turned down beside another pick ("never mind the economy, do the 6:10 one instead", "no thanks to the
# economy - the 6:10 one"): no cabin asked for, and no trip dropped (the "never mind" is the cabin's)
_REJECTED_CABIN = re.compile(r"\b(?:never ?mind|forget(?: about)?|scrap|skip|no thanks to|not|no to|instead of|rather than|"
                             r"don'?t (?:want|do|book))\s+(?:the\s+)?(?:economy|coach|premium(?: economy)?|business|first)"
                             r"(?:\s+class)?(?:\s+(?:one|option|flight|fare|seats?))?\b", re.I)
_ORDINALS = [
    (0, r"first|1st|one|1"), (1, r"second|2nd|two|2"), (2, r"third|3rd|three|3"), (3, r"fourth|4th|four|4"),
    (4, r"fifth|5th|five|5"), (5, r"sixth|6th|six|6"), (6, r"seventh|7th|seven|7"),
]
# what the customer will pay, asked without a price word: "altogether what would I be paying?", "what'll we pay?",
# "what am I paying all in?" (never how: "what do I pay with?", "what will I pay by, card?")
_PAY_ASK = (r"what(?:'ll|'d|\s+will|\s+would|\s+do|\s+does|\s+shall|\s+should|\s+am|\s+are|\s+is)\s+(?:i|we|that|it|this)\s+"
            r"(?:be\s+|have to\s+|need to\s+|end up\s+)?(?:pay(?:ing)?|charged|owe|owing|spend(?:ing)?|cost(?:ing)?\s+(?:me|us))\b"
            r"(?!\s+(?:with|by|using|via|through|on)\b(?!\s+(?:all\s+)?(?:the\s+)?(?:tax|taxes|fees?|everything|charges|extras)\b))")
_INTENTS: dict[str, re.Pattern] = {
    "hold": re.compile(r"\b(hold|put (it |them |the seats? )?on hold|reserve (it |them |the seats? )?without pay\w*|"
                       r"without (paying|(any |a )?payment)|don'?t (want to )?pay yet|(i'?ll|i will|i can|let me|"
                       r"to) pay (for it |for them )?later|pay later|keep (it|them|the seats?) for (a|one|24|twenty)|"
                       # seats of an option kept for a while: "can you keep option 1 for a day?", "keep the first one till tomorrow"
                       r"keep ((option|flight|the|that|this|first|second|third|last|cheapest|earliest|one|seats?|\d+|sa\d+) ){1,3}"
                       r"(for (a|one) (day|night|bit|while)|for (24|twenty[- ]four|a few|a couple of) hours|(until|till|til) tomorrow)|"
                       r"(hang|hold) on ?to (option|flight|that one|the (first|second|third|last|cheapest|earliest) (one|option|flight))|"
                       r"not (ready|able|going|prepared) to pay|not pay(ing)? (yet|now|today|just yet|right now)|"
                       r"no payment( yet| now| today| for now| just yet)?|before (i|we) pay|"
                       # "yes please to reserve, no pay now", "reserve it, payment later", "I pay next week"
                       r"no pay(ing)? (yet|now|today|for now|just yet|right now)|payment (later|next week|tomorrow)|"
                       r"pay (it |for it )?(next week|tomorrow|at the airport)|"
                       # no charge yet: "reserve seats without charging (my card) yet", "don't charge me yet, just reserve"
                       r"without (charging|being charged)|(don'?t|do not|not) (want (you )?to )?charg(e|ing) (me|us|my card|"
                       r"the card|it|anything)( \w+)? (yet(?! (another|more|again|other|extra)\b)|now|today|for now|just yet|right now)|no charge (yet|now|today|"
                       r"for now|just yet)|"
                       # no payment until later, in other words: "don't charge anything until I confirm", "dont take
                       # payment yet", "reserve it but don't bill me", "I can't pay until friday", "lock in the price
                       # before paying", "hold off on payment"
                       r"(don'?t|do not|not|no need to) (want (you )?to )?(charg(e|ing)|bill(ing)?|invoice) (me|us|my card|the card|"
                       r"it|anything|any\w*)( (for (it|them)|anything|just))?(?= *([.,;!?]|$|until|till|til|before|yet(?! (another|more|again|other|extra)\b)|for now|"
                       r"today|now|right now|just yet))|"
                       # no charge yet in other words: "nothing should hit my card yet", "keep it unpaid for now",
                       # "freeze this price - payment to follow"
                       r"nothing (should |must |will |can |is to |to )?(hit|go on|go through on|be charged to|come off) (my|the|our) "
                       r"(credit |debit )?card( \w+)? (yet|now|today|for now|just yet|right now|until|till|before)|"
                       r"(keep|leave) (it|them|that|this|the (booking|reservation|seats?|flight)) unpaid|unpaid (for now|until|till)|"
                       r"payment (is )?(to follow|will follow|follows|to come)|freeze (the |that |this |a )?(price|fare|rate)s?|"
                       r"(don'?t|do not|not|no need to) (want (you )?to )?(take|process|collect|run) (any |the |my )?"
                       r"(payment|money|card)( \w+)? (yet|now|today|for now|just yet|right now|until|till|before)|"
                       r"(can'?t|cannot|can not|unable to|won'?t be able to) pay (until|till|til|before|yet|right now|today)|"
                       r"before pay(ing|ment)|hold off on (the )?(payment|paying|charg\w+|billing)|"
                       # the price locked in; "lock it in" alone is said of a purchase too ("Perfect, lock it in!" at a
                       # summary is its yes), so it asks for a hold only beside words of no payment
                       r"lock (in )?(the |that |this |a )?(price|fare|rate|seat)s?( in)?|lock (one|a seat) in|"
                       # payment put off to a later day: "I'll settle the payment next week", "we'll pay tomorrow"
                       r"(pay|settle( up)?|sort out|make|do|handle|take care of)( for (it|them)| the (payment|bill|balance|"
                       r"fare)| up)? (later|next (week|month|friday|monday)|tomorrow|another day|in a few days|at a later date|"
                       r"when (i|we) get paid)|"
                       # seats kept without a purchase: "keep seats aside", "save me two seats", "park seats for me",
                       # "hang on to a couple of seats", "block 3 seats"
                       r"(save|park|block|earmark) (me |us )?((a|the|my|our|those|these|some|two|three|four|five|\d+|couple|"
                       r"few|of|pair) )*(seats?|places?)|(seats?|places?) (kept |put |set |held )?aside|(keep|kept|keeping|set|put|putting|lay) ((a|the|my|our|those|these|some|two|three|four|"
                       r"five|\d+|couple|few|of|pair|seats?|places?|them|it) )*(aside|by)|(keep|park) ((a|the|some|two|three|"
                       r"four|five|\d+|couple|few|of|pair) )*(seats?|places?) for (me|us)|(hang|hold) on ?to ((a|the|my|our|"
                       r"those|these|some|two|three|four|five|\d+|couple|few|of|pair) )*(seats?|places?|them|it)|"
                       r"(provisional|tentative) (booking|reservation)|(book|reserve) (it |them |the seats? )?"
                       r"(provisionally|tentatively))\b", re.I),
    "book": re.compile(r"\b(book|booking it|reserve|buy|purchase|get (me )?(the |those |these )?tickets?|"
                       r"get (me |us )?(a |an |one |two |three |\d+ )?seats? on|"
                       r"i'?ll take|i will take|take it|go with|i want (that|this|the)|let'?s go with|"
                       r"want to fly|need (a |to )?fl(y|ight)|(?:want|wanna|would like|'d like) (?:a |to (?:book|get) a )?flight|looking for (a )?flights?|find (me )?(a )?flights?|"
                       r"search|get me (a )?flight|(need|want|would like|looking for|get) (a |an |one |some |two |\d+ )?"
                       r"(plane |air(line)? |flight )?tickets?|(can|could) you get me to)\b", re.I),
    # ("I won't be travelling myself": a booking made for another, never a cancellation)
    "cancel": re.compile(r"\b(cancel|cancell?ation|call off|scrap|won'?t be (travel+ing|flying|going|taking (the|that|this|my) "
                         r"(flight|trip))(?! myself| personally| me\b)|(not|no longer) (travel+ing|flying|going)( any ?more| after all)|can'?t make (it|the "
                         r"(trip|flight))|no longer (need|want) (the|my|this|that) (flight|booking|ticket|trip|seats?|reservation)|"
                         r"plans? (fell|have fallen) through|"
                         # a hold let go: "please release the hold", "drop my hold", "get rid of the reservation"
                         r"(release|drop|remove|get rid of|let go of) (the |my |this |that )?(hold|reservation|booking)s?|"
                         # or in other words: "undo that hold", "please release it", "let those seats go", "free up the seats"
                         r"undo (the |my |this |that )?(hold|reservation)|release (it|them|(the |those |these |my |our )seats?)(?! (for|to)\b)|"
                         r"let (the |those |these |my |our )?(seats?|hold|reservation) go|"
                         r"free (up )?(the |those |these |my |our )(seats?|hold|reservation)|free (them|it|(the |those |these )seats?) up|"
                         r"(don'?t|do not|no longer) need (the hold|my hold|this hold|that hold) any ?more)\b", re.I),
    "change": re.compile(r"\b(change|modify|move|switch|reschedule|rebook|different date|another date|"
                         r"push (it|my flight|the flight) back|postpone)\b", re.I),
    "status": re.compile(r"\b(status|check (on )?my (booking|reservation|trip|flight)|look ?up|my booking|"
                         r"my reservation|booking details|where is my|is my (booking|flight)|"
                         r"is it (still )?(confirmed|on hold|held|booked|ticketed|cancell?ed|active|valid)|still on hold|"
                         r"(confirmed|booked|ticketed) or (still )?(on hold|held)|"
                         # a trip already booked, asked after: "is my trip to Atlanta still on?", "I have a trip to
                         # Atlanta booked, is everything ok with it?", "just checking my Atlanta trip is still happening"
                         r"(my|our) ([a-z]+ )?(trip|flight|booking|reservation)( to [a-z]+( [a-z]+)?)? (is |are )?still "
                         r"(on|going ahead|happening|going|scheduled|running|confirmed|valid|good|ok|okay)|"
                         r"(have|had|got) (a|my|our) (trip|flight|booking|reservation) (to [a-z]+( [a-z]+)? )?(already )?booked\b.*\b"
                         r"(ok|okay|fine|alright|all right|good|on|still|status|confirmed|problem|issue|changed|cancell?ed)\b)\b", re.I),
    "price": re.compile(r"\b((?:what|how much) did (?:we|i|you|they) (?:pay|spend)|" + _PAY_ASK + r"|what'?s the bottom line|(?:what|how much) (?:would|will|does|do|did|'?d|'?ll)? ?(?:it|that|this|they|the (?:whole )?(?:thing|lot|trip)|"
                        r"everything|all of (?:it|that)|both)(?: all)? (?:come|add up|amount|work out) to|all[- ]in(?: price| cost)?(?! (?:economy|business|premium|one|the same)\b)|"
                        r"price|total|how much|cost|fare is|costs?|pay in total|cheap|expensive|per (?:person|head|pax|passenger|seat|ticket)|(?:in|into) (?:us |american )?"
                        r"(?:dollars|usd)|(?:what'?s|whats|what is|what'?ll be|what will be|what would be) the damage(?! (?:policy|claim|report|to)\b)|"
                        r"(anything|something|any|a) "
                        r"cheaper|cheaper (ones?|options?|flights?|fares?|seats?)|less expensive|lower (price|fare)|"
                        r"more affordable|better (price|deal)|for less)\b", re.I),
    "fare_code": re.compile(r"\b(fare codes?|fare basis|fare bases|booking code|internal codes?|fare class codes?|"
                            r"class codes?|pricing codes?|fare letters?|fare buckets?|booking buckets?|(?:which|what) bucket|(booking )?class letters?|booking class|codes? for (this|that|the|these|those) fares?)\b",
                            re.I),
    "tools": re.compile(r"\b(what tools|which tools|your tools|what systems?|which systems?|how do you work|"
                        # "how do you actually work?", "how does this chat actually work?", "are you connected to some
                        # booking system?" (never "how does the refund work?")
                        r"how (?:do you|does (?:this|the) (?:chat|bot|assistant|service|thing|app)|does all this) "
                        r"(?:actually |really |even |exactly |technically )?work|"
                        r"(?:are you|is (?:this|the) (?:chat|bot|assistant|service)) (?:connected|hooked up|linked|plugged|wired) "
                        r"(?:in)?to (?:a |an |some |the |any |our |your )?(?:\w+ )?(?:systems?|databases?)|"
                        r"what can you access|what functions|which functions|what are your instructions|"
                        r"your instructions|system prompt|what apis?|which apis?|what software|"
                        r"what do you have access to|how does this work|(?:what|which) (?:database|data ?base|"
                        r"backend|back end|platform|program|engine)s?|(?:what|which) (?:ai |language )?model (?:are you|do you "
                        r"use|is this|runs you)|behind the scenes|under the hood|what runs you|"
                        r"what are you (?:built|running) on|how do you (?:actually |really |even |normally )?(?:look up|find|search|check|get)|"
                        # "what do you use to look the flights up?", "what do you look things up with?", "where do you
                        # get this flight info from?", "what are you hooked up to?": the same question, in everyday words
                        r"what (?:do|are|did) you (?:use|using) (?:to|for) (?:look|find|search|check|get|pull|see|fetch)|"
                        r"what (?:do|are|did) you (?:look|looking) (?:\w+ ){0,2}up (?:with|on|in)|"
                        r"where (?:do|did) you (?:get|pull|find|source|take) (?:[\w']+ ){0,3}(?:info|information|data|prices|"
                        r"fares|availability|details|numbers)(?: \w+)?(?: from)?(?=\s*(?:[?.!,]|$))|"
                        r"where (?:does|do) (?:your|this|the|all this|that|all that|these) (?:flight )?(?:info|information|data|"
                        r"prices|fares|availability)(?: \w+)? come from|"
                        r"what are you (?:hooked up|connected|plugged|linked|wired up) (?:to|in|into)|"
                        # "are you connected to the airline's booking system?", "are u hooked up to their reservation
                        # system or just guessing?", "do you have live access to the airline's reservations?", "what do
                        # you run on?" (a possessive or an article before the system word; never "access to lounges"
                        # or "access to my booking")
                        r"(?:are (?:you|u)|r u|is (?:this|it|the (?:chat|bot|assistant|service|app))) (?:\w+ )?"
                        r"(?:connected|hooked up|linked|plugged|wired)(?: up)? (?:in)?to (?:a |an |some |the |any |our |your |their |"
                        r"(?:the )?[\w.]+'s? )?(?:\w+ ){0,2}(?:systems?|databases?|network|reservations|bookings)|"
                        r"(?:have|got|get) (?:\w+ )?access to (?:a |an |the |their |your |(?:the )?airline'?s? |(?:the )?\w+'s )"
                        r"(?:\w+ ){0,2}(?:systems?|databases?)|(?:have|got|get) (?:\w+ )?access to (?:the |their )?airline'?s? "
                        r"(?:\w+ )?(?:reservations|bookings|data|inventory|availability)|"
                        r"what (?:do|does) (?:you|this|it|this (?:chat|bot|thing)) run on|"
                        r"or (?:are (?:you|u)|r u|you'?re) (?:just |only )?(?:guessing|making (?:it|this|them) up))\b", re.I),
    "round_trip": re.compile(r"\b(round[- ]trip|return (flight|trip|ticket|journey)|and back|fly back|coming back|ret|rtn|"
                             r"returning|return on|back on|way back)\b", re.I),
    # ("that's all of us", "that is all 6 of us" count the party: no goodbye)
    "goodbye": re.compile(r"\b(bye|goodbye|(?:that'?s|that is) all(?!\s+(?:(?:[a-z]+\s+)?of\s+(?:us|you|them)\b|\d|"
                          r"(?:the\s+)?(?:people|passengers|travell?ers|family|group|party)\b))|"
                          r"that'?s it|nothing else|no more questions|"
                          r"have a (good|nice) (day|one)|all set|"
                          # "thanks a lot, take care!", "see you", "talk soon", "have a lovely evening" (not "take care of
                          # it", "see you at the gate?", "have a nice flight there")
                          r"take care(?!\s+of\b)(?=\s*(?:now|then|thanks|[,.!]|$))|(?:see|c) (?:you|ya|u)(?: (?:later|soon|then|around))?(?=\s*[,.!]|\s*$)|"
                          r"talk (?:to you )?(?:later|soon)(?=\s*[,.!]|\s*$)|"
                          r"have a (?:great|lovely|good|nice) (?:evening|night|weekend|week|afternoon|morning)(?=\s*[,.!]|\s*$)|"
                          # "i need to go now, my bus is here": leaving (not "i need to go to Rome")
                          r"(?:have|need|got|gotta) to (?:go|run|leave|dash|head off)(?=\s*(?:now|,|\.|!|$))|"
                          r"gotta (?:go|run)(?=\s*(?:now|,|\.|!|$)))\b", re.I),
    "refund": re.compile(r"\b(refund\w*|fare rules?|cancellation policy|fare (?:conditions?|terms|restrictions?)|"
                         r"(?:cancell?ation|change) (?:rules?|terms|conditions)|t\s*&\s*cs?|terms and conditions|(?:my|our|the|any|some) money back|reimburs\w*|"
                         r"(?:do|will|would|can|could) (?:i|we) get (?:anything|something|it|any of it|that|money) back|"
                         r"how much (?:do|will|would|can|could) (?:i|we) get back)\b", re.I),
    "details": re.compile(r"\b(details|tell me about|info(rmation)? (on|about)|what time|when does|depart(ure)? time|how long|"
                          r"arrival time|arrive|when (?:is|was) (?:the|my|our|that) (?:flight|departure)|"
                          r"when (?:it|we|i|the flight) (?:leaves?|departs?|lands?|arrives?|goes)|when do (?:we|i) (?:leave|land|fly|go)|"
                          r"(?:what|which)(?:'s| is)? (?:the )?(?:fare |cabin |travel )?(?:class|cabin)|fare class|cabin class)\b",
                          re.I),
    "availability": re.compile(r"\b(seats? (left|available)|availability|any seats|is there room|how many seats|"
                               r"still available|sold out)\b", re.I),
    "multi_leg": re.compile(r"\b(via|connecting|connection|layover|lay over|stopover|stop over|stopping over|multi[- ]?leg|two legs|stop in|"
                           r"transit(?:ing)? (?:in|at|through))\b", re.I),
    "help": re.compile(r"\b(help|assist|question)\b", re.I),
}


@dataclass
class Place:
    iata: str
    start: int
    role: str | None  # origin | destination | via | None


@dataclass
class Parsed:
    text: str
    places: list[Place] = field(default_factory=list)
    origin: str | None = None
    destination: str | None = None
    via: str | None = None
    date: str | None = None
    return_date: str | None = None
    dates: list[str] = field(default_factory=list)
    passengers: int | None = None
    pax_change: int | None = None  # the count changes by this many ("one more passenger": +1, "one less": -1)
    total_asked: bool = False  # said of the whole party: a price question asks the total ("all in for the 3 of us")
    recount: tuple[int, int] | None = None  # a count set against the one said before, (new, old): "it's 14, not 13"
    asked_option: int | str | None = None  # a listed option asked about, not picked ("is option 2 refundable?")
    rules_question: bool = False  # asks about the cancellation / refund rules ("what happens if I cancel?")
    for_me: bool = False  # "a flight for me": one passenger, when no count is known yet
    pick_for_me: bool = False  # the count of 1 is only a "for me" said with a pick ("option 2 for me please"): no new count
    for_other: str | None = None  # the one other traveller a seat is said to be for: "a seat for my son" -> "son"
    pax_joining: bool = False  # the change is people joining the speaker ("my son is coming too")
    pax_more: bool = False  # the count changes by a number not said ("my parents are coming too")
    pax_added: int | None = None  # people added to the count in hand, said as a list with a word that adds ("add an
    # adult and a child": 2; 0 when how many is not said, "and the kids too"); the target reads it against that count
    pax_kin: str | None = None  # who joins or leaves, when said as kin ("my brother is coming too": "brother")
    surname_refused: bool = False  # the last name refused or a stand-in offered ("my surname is private", "put Guest")
    companion_named: bool = False  # the name read is only a companion's ("me and my colleague Tom Patel"): never
    # the lead passenger's once a lead is named
    pax_household: bool = False  # the count answer lists the speaker's own household and counts the speaker too ("my
    # husband and our two boys": 4); the target undoes it when the trip was asked for others ("for my wife and ...")
    pax_alongside: bool = False  # the one who joins travels "with me" and nothing says one more ("my wife will be
    # travelling with me"): after a count of two or more, one of those counted
    date_readings: tuple[str, list[str]] | None = None  # an ambiguous numeric date and its two readings
    return_readings: tuple[str, list[str]] | None = None  # the same for the return date ("04/05 ret 06/12")
    leg2_date: str | None = None  # the second leg's own date ("A to B on July 23, then B to C on July 25")
    shift_days: int | None = None  # a date moved relative to the one in hand ("a day later", "push it back a week")
    # a weekday said relative to the date in hand, in a change ("the following Thursday", "one day later, the
    # Thursday"): the first such weekday after the booked date (or the shifted one, if it falls on that weekday)
    weekday_after: int | None = None
    first_name: str | None = None
    last_name: str | None = None
    # a personal name the message gives that cannot be read for sure ("Nguyen Van An", "Tran Thi Mai": family
    # name first?, "NGUYEN VAN AN", "Diego and Maria Walsh"): its words, and why ("order", "words", "capitals", "two")
    name_words: list[str] = field(default_factory=list)
    name_doubt: str | None = None
    booking_ids: list[str] = field(default_factory=list)
    # references said only to be kept, left alone or not touched ("BK... is my boss's, keep it"): never acted on
    refs_kept: list[str] = field(default_factory=list)
    flight_ids: list[str] = field(default_factory=list)
    passport: str | None = None
    card: str | None = None
    yes: bool = False
    more_names: list[str] = field(default_factory=list)  # names after the lead passenger's ("... and Ana Hernandez")
    slipped_yes: bool = False  # a yes only once a slip is read as the word meant ("yse"): asked again, never acted on
    pay_at_airport: bool = False  # asks to pay for the seats at the airport ("I'd rather pay at the airport")
    yes_with_remark: bool = False  # a yes beside a remark declining something else ("yes cancel it, no need to rebook")
    accepts: bool = False  # a yes to an offer (a return flight, another date); approves no action
    no: bool = False
    later: bool = False  # the customer puts a decision off
    pay_dates: list[str] = field(default_factory=list)  # dates said only as a pay day ("we'll be paying on the 1st")
    pay_day_of_month: bool = False  # the day without its month is said as a pay day ("I get paid on the 5th")
    # a clause beside a yes at a summary that gives a timeline, not a travel date ("Yes, please hold it. I'll call back
    # tomorrow to confirm and pay."): the dates said in it, whether it moves the date ("within the next day"), whether
    # it puts a decision off, and whether the rest of the message is a plain yes
    timeline_dates: list[str] = field(default_factory=list)
    timeline_shift: bool = False
    timeline_defers: bool = False
    timeline_yes: bool = False
    no_preference: bool = False  # "any", "whichever", "you pick": no option preferred
    split_now: bool = False  # a group split across bookings, this booking's share given ("9 now and 5 later")
    split_rest: int | None = None  # the other share of a group split in two on the same flights ("one for 9, one for 4")
    # at the count question, two counts said alone ("ok 5 and 5 then", "6 + 5", "five & six pls"): the shares of a group
    # split in two, this booking's first, for the target to take only when the group is over the limit ("2 and 1" for a
    # party within it is no split)
    count_pair: tuple[int, int] | None = None
    # a split of the group asked without its shares ("split it in half", "make it two bookings", "ok split in 2",
    # "separate bookings then"); the "2" of "split in 2" is no count
    split_asked: bool = False
    rest_name: tuple[str | None, str] | None = None  # the lead said for that other share ("the 3 under Emre Yilmaz")
    rest_speaker: bool = False  # that other share goes under the speaker's own name ("3 under Emre, 9 under mine")
    pay_day: str | None = None  # the day the customer says they will pay or decide ("I get paid on Friday")
    others_day: bool = False  # a day said of someone not on this booking, or of money coming in: no travel date
    day_asked: str | None = None  # the day a flight asked about by number is thought to fly ("is SA2534 on time today?")
    urgent: bool = False
    fare_class: str | None = None
    rejected_cabin: bool = False  # a cabin turned down beside another pick ("forget the economy, do option 3")
    turned_down: str | None = None  # the listed option turned down, as said ("not option 1", "the 9:45 is too early")
    selection: int | str | None = None  # list index, 'cheapest', 'earliest', 'latest', or a fare class
    pair_pick: tuple[int, int] | None = None  # options for two legs at once, from 0 ("2 then 1", "option 2 and 1")
    refundable: bool | None = None  # the pick is among the refundable (True) or non-refundable (False) flights
    currency: str | None = None
    number: int | None = None  # a bare number (the whole message is a count)
    either_pick: tuple[int, int] | None = None  # "1 or 2, whichever you think": two listed options (0-based), the
    # choice between them left to the agent
    day_of_month: int | None = None  # "the 12th", "on the 3rd": a day without a month (no other date in the message)
    month_named: int | None = None  # a month named without its day ("mid may, like the 16th", "in June")
    unknown_place: str | None = None  # a place named that the network does not serve ("to Munich")
    # another airport of a city the network serves ("out of LaGuardia", "London Gatwick"): (its name, the city's
    # served airport, origin | destination | via | None); never read as the served airport
    other_airports: list[tuple[str, str, str | None]] = field(default_factory=list)
    budget: tuple[float, bool] | None = None  # a budget said (amount, per seat?): "budget is 3200 total", "under $500 each"
    alt_date: str | None = None  # a second date offered as an alternative: "either october 31 or may 4"
    # the days beside the one in hand asked about as well ("or the day before/after?", "a day either side"): their
    # offsets (-1, +1), the day itself kept
    around_days: list[int] = field(default_factory=list)
    intents: set[str] = field(default_factory=set)
    closing: bool = False  # would close the conversation after "anything else?" (CLOSING, nothing of KEEPS_OPEN)
    abandon: bool = False  # drops what is being arranged ("never mind", "forget it", "I'll pass")
    drop_trip: bool = False  # drops a trip being planned ("cancel that", "I'm not travelling any more")
    # an earlier request dropped before a new one is asked ("cancel that search, I want to change my booking BK...",
    # "scrap that hold, ..."): what was dropped ("search", "hold", "that"); no cancellation of the booking named after it
    dropped: str | None = None
    human: bool = False  # asks for a person instead of the virtual agent
    who: bool = False  # asks whether the agent is a person or a machine
    keep_booking: bool = False  # a cancellation said only negated ("don't cancel. when is the flight?")
    conditional: bool = False  # a reply that makes its yes depend on something ("ok yes if there's no fee")
    # only some of a booking's travellers move or leave ("one of the two passengers needs to move", "only my husband
    # needs to change, I keep my flight", "take my wife off", "split the booking"): a change moves them all
    part_of_party: bool = False

    @property
    def airports(self) -> list[str]:
        return [p.iata for p in self.places]

    @property
    def unassigned(self) -> list[str]:
        return [p.iata for p in self.places if p.role is None]

    def has(self, intent: str) -> bool:
        return intent in self.intents


# --- airports ---------------------------------------------------------------------------------

def _find_places(text: str, db, expecting: str | None = None) -> list[Place]:
    hits: list[tuple[int, int, str]] = []
    names = {c: code for c, code in db.city_index.items()}
    names.update({k: v for k, v in CITY_ALIASES.items() if v in db.airports})
    low = text.lower()
    taken = [False] * len(text)
    for name in sorted(names, key=len, reverse=True):
        for m in re.finditer(r"\b" + re.escape(name) + r"\b", low):
            if name in ("la", "ny", "l a", "l.a") and not (_PREP_BEFORE.search(text[:m.start()]) or text[m.start():m.end()].isupper()
                                             or re.match(r"\s*(?:to|->|-|–)\s*\w", text[m.end():], re.I)):
                continue  # "la" / "ny" only as a place: "to la", "NY", "ny to la"
            if name == "mexico" and "mexico city" in low:
                continue
            if any(taken[m.start():m.end()]):
                continue
            for i in range(m.start(), m.end()):
                taken[i] = True
            hits.append((m.start(), m.end(), names[name]))
    for m in re.finditer(r"\b([A-Za-z]{3})\b", text):
        word = m.group(1)
        code = word.upper()
        if code not in db.airports or any(taken[m.start():m.end()]):
            continue
        asked = expecting in ("origin", "destination") and re.fullmatch(r"\W*(?:(?:ok(?:ay)?|so|um+|uh|from|it'?s)\W+)*",
                                                                         text[:m.start()], re.I)
        if (word != code and not _PREP_BEFORE.search(text[:m.start()]) and not asked
                and not _lower_code_in_route(text, m, names, db, hits)):
            continue  # lower-case 'mad', 'sea', 'den' only count after a preposition or in a route ("jfk to lax")
        hits.append((m.start(), m.end(), code))
    hits += _misspelt_places(text, names, taken, expecting)  # "to torronto", "from frnakfurt"
    hits.sort()
    hits = [h for h in hits if not _NOT_CUE.search(text[max(0, h[0] - 40):h[0]])]  # "I don't want to fly to Sydney"
    # a city and its code in brackets ("Johannesburg (JNB) to London", "JNB (Johannesburg)") name one place, not two:
    # read as two, the route's roles fall on the wrong names
    merged: list[tuple[int, int, str]] = []
    for h in hits:
        if (merged and merged[-1][2] == h[2] and re.fullmatch(r"\s*[(\[]\s*", text[merged[-1][1]:h[0]])
                and (close := re.match(r"\s*[)\]]", text[h[1]:]))):
            merged[-1] = (merged[-1][0], h[1] + close.end(), h[2])  # (the pair ends at the closing bracket)
        else:
            merged.append(h)
    hits = merged
    places: list[Place] = []
    for s, _e, code in hits:
        before = text[max(0, s - 40):s]
        role = None
        if _VIA_CUE.search(before):
            role = "via"
        elif _ORIGIN_CUE.search(before):
            role = "origin"
        elif _DEST_CUE.search(before):
            role = "destination"
        places.append(Place(code, s, role))
    # "X to Y" / "X - Y" / "X > Y": the place right before "to Y" is the origin
    arrow = [bool(re.fullmatch(r"\s*(to|->|=>|-|–|>|→|and on to)\s*", text[hits[k][1]:places[k + 1].start], re.I))
             for k in range(len(places) - 1)]
    for k in range(len(places) - 1):
        a, b = places[k], places[k + 1]
        if arrow[k]:
            if a.role in (None, "destination"):  # "looking for Dubai to Frankfurt"
                a.role = "origin"
            if b.role in (None, "destination"):
                b.role = "destination"
    for k in range(1, len(places) - 1):  # "Dubai > New York > Seattle": the middle one is where planes change
        if arrow[k - 1] and arrow[k] and places[k].role == "origin" and places[k - 1].iata != places[k + 1].iata:
            places[k].role = "via"
    # "X to Y and then on to Z" / "X to Y, then Z": Y is where the customer changes planes
    for k in range(len(places) - 1):
        a, b = places[k], places[k + 1]
        between = text[hits[k][1]:b.start]
        if a.role == "destination" and (re.fullmatch(r"\s*,?\s*(and\s+)?then\s+(on\s+)?(to\s+|on\s+to\s+)?", between, re.I) or (
                len(between) <= 40 and not re.search(r"\b(?:back|return\w*|home)\b", between, re.I)
                and re.search(r"(?:^|\W)(?:and\s+)?then\s+(?:on\s+)?(?:to\s+|on\s+to\s+)$", between, re.I))):
            a.role, b.role = "via", "destination"
    # "A to B then B to C" / "DXB-LHR, LHR-FCO": the place named twice in a row is where planes change
    for k in range(len(places) - 2):
        a, b, c = places[k], places[k + 1], places[k + 2]
        if (a.iata == b.iata and c.iata != a.iata and c.iata not in [x.iata for x in places[:k]]
                and a.role in ("destination", "via")
                and b.role in (None, "origin", "destination", "via") and c.role in (None, "destination")
                and len(text[hits[k][1]:b.start]) <= 40
                and not re.search(r"\b(?:back|return\w*|home|not|or)\b", text[hits[k][1]:b.start], re.I)):
            a.role, b.role, c.role = "via", "via", "destination"
    # "Doha to Miami, sorry, I mean Miami to Doha": a route taken back in the same breath; the one said last is meant
    for k in range(len(places) - 4, -1, -1):
        if arrow[k] and arrow[k + 2] and _DATE_CORRECTION.fullmatch(text[hits[k + 1][1]:places[k + 2].start]):
            del places[k:k + 2]
    return places


# the airports of cities the network serves that it does not fly from or to, by name (any case) or code (capitals):
# said so, never swapped in silence for the city's served airport
OTHER_AIRPORTS = {"laguardia": ("New York LaGuardia", "JFK"), "la guardia": ("New York LaGuardia", "JFK"),
                  "newark": ("Newark", "JFK"), "gatwick": ("London Gatwick", "LHR"), "stansted": ("London Stansted", "LHR"),
                  "luton": ("London Luton", "LHR"), "london city": ("London City", "LHR"), "orly": ("Paris Orly", "CDG"),
                  "beauvais": ("Paris Beauvais", "CDG"), "haneda": ("Tokyo Haneda", "NRT"), "midway": ("Chicago Midway", "ORD"),
                  "ciampino": ("Rome Ciampino", "FCO"), "love field": ("Dallas Love Field", "DFW"),
                  "al maktoum": ("Dubai Al Maktoum", "DXB"), "sabiha gokcen": ("Istanbul Sabiha Gokcen", "IST"),
                  "sabiha": ("Istanbul Sabiha Gokcen", "IST"), "congonhas": ("Sao Paulo Congonhas", "GRU"),
                  "billy bishop": ("Toronto Billy Bishop", "YYZ")}
OTHER_AIRPORT_CODES = {"LGA": ("New York LaGuardia (LGA)", "JFK"), "EWR": ("Newark (EWR)", "JFK"),
                       "LGW": ("London Gatwick (LGW)", "LHR"), "STN": ("London Stansted (STN)", "LHR"),
                       "LTN": ("London Luton (LTN)", "LHR"), "LCY": ("London City (LCY)", "LHR"),
                       "ORY": ("Paris Orly (ORY)", "CDG"), "HND": ("Tokyo Haneda (HND)", "NRT"),
                       "MDW": ("Chicago Midway (MDW)", "ORD"), "DWC": ("Dubai Al Maktoum (DWC)", "DXB"),
                       "CGH": ("Sao Paulo Congonhas (CGH)", "GRU"), "YTZ": ("Toronto Billy Bishop (YTZ)", "YYZ")}
_OTHER_AIRPORT = re.compile(r"\b(?:" + "|".join(sorted(OTHER_AIRPORTS, key=len, reverse=True)) + r")\b(?:\s+airport)?"
                            r"|\b(?-i:" + "|".join(OTHER_AIRPORT_CODES) + r")\b", re.I)


def _other_airports(text: str, p: Parsed, expecting: str | None) -> None:
    """The airports of served cities that the network does not serve ("flying out of LaGuardia", "EWR-SEA",
    "London Gatwick to Paris Orly"), into ``p.other_airports``; the city said right before one ("London" of
    "London Gatwick") is no place of its own, and the other place of a route takes the role left."""
    for m in _OTHER_AIRPORT.finditer(text):
        word = re.sub(r"\s+airport$", "", m.group(0), flags=re.I)
        name, served = OTHER_AIRPORT_CODES.get(word) or OTHER_AIRPORTS[word.lower()]
        start = m.start()
        city = next((pl for pl in p.places if pl.iata == served and pl.start < start and re.fullmatch(
            r"[^\W\d_][\w.']*(?:\s+[^\W\d_][\w.']*)?[\s(,-]*", text[pl.start:start])), None)
        if city is not None:  # "London Gatwick", "New York (LaGuardia)": the city names the airport, no more
            p.places.remove(city)
            start = city.start
        before = text[max(0, start - 40):start]
        role = ("via" if _VIA_CUE.search(before) else "origin" if _ORIGIN_CUE.search(before) else
                "destination" if _DEST_CUE.search(before) or re.search(r"(?:->|=>|-|–|>|→)\s*$", before) else
                "origin" if re.match(r"\s*\)?\s*(?:to|->|=>|-|–|>|→)\s*\w", text[m.end():], re.I) else
                expecting if expecting in ("origin", "destination") else None)
        p.other_airports.append((name, served, role))
    if not p.other_airports:
        return
    free = [pl for pl in p.places if pl.role is None]
    roles = {r for _n, _s, r in p.other_airports}
    if len(free) == 1 and roles in ({"origin"}, {"destination"}):  # "EWR-SEA": Seattle is where the trip goes
        free[0].role = "destination" if roles == {"origin"} else "origin"
    p.origin = p.destination = p.via = None
    _assign_roles(p)
    if p.unknown_place and _OTHER_AIRPORT.fullmatch(p.unknown_place):
        p.unknown_place = None  # "from Newark": said as another airport of the city, not as a place unknown


# English words a letter or two from a city's name, never a slip for it: "to settle any difference" is no Seattle
_NEAR_CITY_WORDS = {"settle", "settled", "settles", "settling", "parse", "parsed"}
_PLACE_SLOT = re.compile(r"\b(?:from|to|into|via|through|thru|out of|leaving|towards?)\s+$", re.I)


def _misspelt_places(text: str, names: dict[str, str], taken: list[bool], expecting: str | None) -> list[tuple[int, int, str]]:
    """Places typed with a slip ("to torronto", "from frnakfurt", "newyork"): a word (or two) of four
    letters or more right after from/to/via (or the whole answer to "where from/to?") that is close to
    one city name of the network (difflib ratio 0.8 or more) and to no other."""
    out: list[tuple[int, int, str]] = []
    cities = [c for c in names if len(c) >= 4]
    whole = expecting in ("origin", "destination")
    for m in re.finditer(r"\b[^\W\d_]{3,}\b", text):
        s = m.start()
        two = re.match(r"[^\W\d_]{3,}\s+[^\W\d_]{3,}\b", text[s:])
        if any(taken[s:m.end()]) or not (_PLACE_SLOT.search(text[:s]) or (whole and not text[:s].strip(" ,.!"))):
            continue
        for span in ([(s, s + two.end())] if two and not any(taken[s:s + two.end()]) else []) + [m.span()]:
            word = text[span[0]:span[1]].lower()
            if len(word) < 4:
                break
            if word in names or word in _NOT_NAMES or word in MONTHS or word in WEEKDAYS or word in _NEAR_CITY_WORDS:
                break
            close = difflib.get_close_matches(word, cities, n=2, cutoff=0.8)
            if len(close) == 1 or (len(close) == 2 and names[close[0]] == names[close[1]]):
                out.append((span[0], span[1], names[close[0]]))
                break
    return out


def _unknown_place(text: str, p: Parsed, expecting: str | None, db=None) -> str | None:
    """A place the customer names that is no airport of the network: a capitalised word or two right
    after from/to ("fly to Munich", "from Berlin"), or the whole answer to "where from/to?" ("munich")."""
    where = [pl.start for pl in p.places]
    known = ({c.lower() for c in db.city_index} | {c.lower() for c in db.airports} | set(CITY_ALIASES)) if db is not None else set()
    if expecting in ("origin", "destination") and not p.places:
        core = re.sub(r"^\W*(?:(?:ok(?:ay)?|um+|uh|so|it'?s|from|to|i'?m flying from|going to)\W+)*", "", text, flags=re.I)
        core = core.strip(" .!,;")
        words = re.findall(_LETTERS, core)
        if 1 <= len(words) <= 3 and " ".join(words) == core and core.lower() not in known and not any(
                w.lower() in _NOT_NAMES or w.lower() in MONTHS or w.lower() in WEEKDAYS for w in words):
            return " ".join(w[:1].upper() + w[1:] for w in words)
    for m in re.finditer(r"\b(?:from|to|into|via)\s+((?-i:[A-Z])[^\W\d_]{2,}(?:\s+(?-i:[A-Z])[^\W\d_]+)?)\b(?![\d'])"
                         # another place offered instead: "what about Islamabad instead?", "Lahore instead then"
                         r"|(?:\b(?:what|how) about\s+|^\W*(?:ok(?:ay)?\W+|then\W+)?)((?-i:[A-Z])[^\W\d_]{2,}"
                         r"(?:\s+(?-i:[A-Z])[^\W\d_]+)?)(?=\s+instead\b)", text, re.I):
        g = 1 if m.group(1) else 2
        if any(m.start(g) <= s < m.end(g) for s in where):
            continue
        words = m.group(g).split()
        while words and (words[-1].lower() in _NOT_NAMES or words[-1].lower() in MONTHS or words[-1].lower() in WEEKDAYS):
            words.pop()
        if (words and not any(w.lower() in _NOT_NAMES or w.lower() in MONTHS or w.lower() in WEEKDAYS for w in words)
                and not any(w.lower() in known for w in words) and " ".join(words).lower() not in known):
            return " ".join(words)
    for m in re.finditer(r"\b[^\W\d_]{3,}\s+to\s+([^\W\d_]{3,})\b(?!\s+(?:my|a|an|the|our|his|her|their|some|him|them|"
                         r"it|you|me|us|family|friends?|work|business)\b)", text, re.I):
        # typed in lower case after a known place: "dubai to delhi" (not "dubai to visit", "dubai to be honest")
        w = m.group(1)
        if (any(m.start() <= s < m.start(1) for s in where) and not any(m.start(1) <= s < m.end(1) for s in where)
                and w.lower() not in known and w.lower() not in _NOT_NAMES and w.lower() not in MONTHS
                and w.lower() not in WEEKDAYS and w.lower() not in _PLACE_WORDS and not _CONTRACTION.match(w)
                and w.lower() not in _TO_VERBS):
            return w[:1].upper() + w[1:]
    return None


_TO_VERBS = set("visit see attend meet fly travel come check catch spend work study stay do have make take join celebrate "
                "start move live holiday vacation relax arrive leave land connect transfer".split())


# what joins the two ends of a route typed without capitals: "jfk to lax", "jfk-lax", "jfk > lax", "jfk lax"
_ROUTE_JOIN = re.compile(r"\s*(?:to|->|=>|-|–|>|→|/)?\s*", re.I)


def _lower_code_in_route(text: str, m: re.Match, names: dict[str, str], db, hits: list[tuple[int, int, str]]) -> bool:
    """A lower-case airport code that is one end of a route: the next word, after "to", an arrow or
    nothing, is a known place ("jfk to lax on june 3", "yyz-fco"), or the word before is a place read
    already ("jfk lax"); "mad about it" or "a sin to miss" name no place."""
    if any(_ROUTE_JOIN.fullmatch(text[e:m.start()]) and e < m.start() for _s, e, _c in hits):
        return True
    j = _ROUTE_JOIN.match(text, m.end())
    if j is None or j.end() == m.end():
        return False
    rest = text[j.end():].lower()
    if re.match(r"[a-z]{3}\b", rest) and rest[:3].upper() in db.airports:
        return True
    return any(rest.startswith(n) and not rest[len(n):len(n) + 1].isalnum() for n in names)


def _assign_roles(p: Parsed) -> None:
    for pl in p.places:
        if pl.role == "origin" and p.origin is None:
            p.origin = pl.iata
        elif pl.role == "destination" and p.destination is None:
            p.destination = pl.iata
        elif pl.role == "via" and p.via is None:
            p.via = pl.iata
    free = [pl for pl in p.places if pl.role is None]
    # two free places and no roles at all: "Boston Paris" -> origin, destination
    if len(free) == 2 and p.origin is None and p.destination is None:
        free[0].role, free[1].role = "origin", "destination"
        p.origin, p.destination = free[0].iata, free[1].iata
    elif len(free) == 1 and p.origin is not None and p.destination is None and free[0].iata != p.origin:
        free[0].role, p.destination = "destination", free[0].iata
    elif len(free) == 1 and p.destination is not None and p.origin is None and free[0].iata != p.destination:
        free[0].role, p.origin = "origin", free[0].iata


# --- dates ------------------------------------------------------------------------------------

def _next_occurrence(month: int, day: int, year: int | None) -> date | None:
    today = NOW.date()
    try:
        if year is not None:
            return date(year, month, day)
        d = date(today.year, month, day)
        if d < today:
            d = date(today.year + 1, month, day)
        return d
    except ValueError:
        return None


_NUMERIC_DATE_CUE = re.compile(r"(?:\b(?:on|for|by|until|till|from|to|date|departing|leaving|returning|return|ret|rtn|back|fly|flying|"
                               r"travel+ing|the|is)\s+|(?:->|\u2192|=>)\s*)$", re.I)  # ("3/7 -> 16/8": moved to 16/8)


# a numeric date right after a word, at the end of its clause: "nyc to chicago 8/20, return 9/1", "20/08 - 01/09"
# (or after a comma: "New York to Los Angeles, 31/07"; "not 24/11 anymore, 17/09 please")
_AFTER_A_WORD = re.compile(r"(?:[a-z]{2,}[,.;]?|-|–)\s+$", re.I)  # (or a full stop: "Frankfurt-Tokyo. 13/06.")
_DATE_END = re.compile(r"\s*(?:$|[,;.!?]|-|–|and\b|return|ret\b|rtn\b|back|then\b|for\b|please\b|pls\b|any ?more\b"
                       # a count said next, no comma: "LAX-FCO 8/24 2 pax", "8/24 two adults"
                       r"|(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\s*(?:pax|ppl|people|persons?|"
                       r"passengers?|adults?|travell?ers?|seats?|tickets?)\b)", re.I)


def _numeric_readings(m: re.Match) -> list[date]:
    """The dates a numeric "a/b[/year]" or "a.b.year" can mean: day first and month first, the
    ones that exist (one when a part is over 12 or both are equal, two when both are months).
    Without a year it is a date only after a date cue ("on 7/23", "the 23/7") or alone ("3/4 of
    us", "1/2 price" are not dates)."""
    a, b = int(m.group(1)), int(m.group(2) or m.group(4))
    y = m.group(3) or m.group(5)
    if y is None and not (_NUMERIC_DATE_CUE.search(m.string[:m.start()]) or _AFTER_A_WORD.search(m.string[:m.start()])
                          and _DATE_END.match(m.string, m.end()) or
                          re.fullmatch(r"\W*(?:please\W+)?" + re.escape(m.group(0)) + r"(?:\W+please)?\W*", m.string, re.I)):
        return []
    year = None if y is None else int(y) + (2000 if len(y) == 2 else 0)
    out: list[date] = []
    for month, day in ((b, a), (a, b)):  # day first, then month first
        if 1 <= month <= 12 and (d := _next_occurrence(month, day, year)) is not None and d not in out:
            out.append(d)
    if len(out) == 2 and (order := _numeric_order(m)) is not None:
        return [out[order]]  # "on 8/20 and back on 9/1": read in the order of the date beside it
    if len(out) == 2 and sum(d < NOW.date() for d in out) == 1:
        return [d for d in out if d >= NOW.date()]  # "1/9/2026" in March 2026: 9 January is past
    return out


def _numeric_order(m: re.Match) -> int | None:
    """The order another numeric date of the same message shows (0: day first, "20/08"; 1: month
    first, "8/20"), when one shows it by a part over 12 and none shows the other; None otherwise."""
    orders = set()
    for other in _NUMERIC_DATE.finditer(m.string):
        a, b = int(other.group(1)), int(other.group(2) or other.group(4))
        if other.start() != m.start() and (a > 12) != (b > 12) and max(a, b) <= 31:
            orders.add(0 if a > 12 else 1)
    return orders.pop() if len(orders) == 1 else None


def numeric_date_readings(text: str, leg: str | None = None) -> tuple[str, list[str]] | None:
    """The first numeric date of the text that reads as two dates ("08/07/2026": 8 July or 7 August)
    with its two ISO readings, day first first; None when there is none. ``leg`` "out" takes only one
    said without a return cue before it, "return" only one said with one ("04/05 ret 06/12")."""
    for m in _NUMERIC_DATE.finditer(text):
        readings = _numeric_readings(m)
        if leg is not None and (leg == "return") != bool(_RETURN_CUE.search(text[max(0, m.start() - 40):m.start()])):
            continue
        if len(readings) == 2:
            return m.group(0), [d.isoformat() for d in readings]
    return None


# a weekday said beside a calendar date only names that date's day: "tuesday june 9", "Tue, 9 June",
# "June 9 (Tuesday)", "friday the 12th of june"
_WEEKDAY_BESIDE = re.compile(r"[\s,]*(?:the\s+)?|[\s,]*\(?\s*|\s*,?\s*(?:a|on a)\s+", re.I)
_CALENDAR = ("iso", "md", "dm", "ymd", "num")


_ORDINAL_WORDS = {w: k for k, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth fifteenth "
    "sixteenth seventeenth eighteenth nineteenth twentieth".split(), start=1)}
_ORDINAL_WORDS.update({f"twenty{sep}{w}": 20 + k for w, k in list(_ORDINAL_WORDS.items())[:9] for sep in ("-", " ", "")})
_ORDINAL_WORDS.update({"thirtieth": 30, "thirty-first": 31, "thirty first": 31, "thirtyfirst": 31})
_ORDINAL_RE = "|".join(sorted(_ORDINAL_WORDS, key=len, reverse=True))
_SPELLED_DATE = re.compile(r"\b(" + _ORDINAL_RE + r")(?=\s+(?:of\s+)?(?:" + _MONTH_RE + r")\b)|"
                           r"\b(?:" + _MONTH_RE + r")\.?\s+(?:the\s+)?(" + _ORDINAL_RE + r")\b", re.I)


def _spelled_days(text: str) -> str:
    """The text with a day spelled as an ordinal beside a month written in digits, keeping every
    position ("the first of February" -> "the 1st   of February", "march twenty-second" ->
    "march 22nd         ")."""
    def digits(m: re.Match) -> str:
        k = 1 if m.group(1) else 2
        word = m.group(k)
        n = _ORDINAL_WORDS[re.sub(r"\s+", " ", word.lower())]
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        a, b = m.start(k) - m.start(), m.end(k) - m.start()
        whole = m.group(0)
        return whole[:a] + f"{n}{suffix}".ljust(len(word)) + whole[b:]
    return _SPELLED_DATE.sub(digits, text)


def _date_hits(text: str) -> list[tuple[int, int, str]]:
    """The dates of the text as (start, end, ISO date); a weekday beside a calendar date ("tuesday
    june 9") is part of that date, not next Tuesday, and picks the reading of a numeric date that
    reads two ways when only one of them falls on it ("tuesday 08/07/2026")."""
    text = _spelled_days(text)  # "the first of February": "the 1st   of February"
    hits = _date_hits_by_kind(text)
    calendar = [(s, e) for s, e, _d, kind in hits if kind in _CALENDAR]
    calendar += [m.span() for m in _NUMERIC_DATE.finditer(text) if len(_numeric_readings(m)) == 2]
    out: list[tuple[int, int, str]] = []
    for s, e, iso, kind in hits:
        beside = [(a, b) for a, b in calendar if (a >= e and _WEEKDAY_BESIDE.fullmatch(text[e:a])) or
                  (b <= s and _WEEKDAY_BESIDE.fullmatch(text[b:s]))] if kind == "wd" else []
        if not beside:
            out.append((s, e, iso))
            continue
        a, b = beside[0]
        m = _NUMERIC_DATE.fullmatch(text[a:b])
        readings = _numeric_readings(_NUMERIC_DATE.match(text, a)) if m else []
        day = WEEKDAYS[_weekday_word(text[s:e])]
        on_day = [r for r in readings if r.weekday() == day]
        if len(readings) == 2 and len(on_day) == 1:
            out.append((a, b, on_day[0].isoformat()))  # "tuesday 08/07/2026": the reading that is a Tuesday
    out.sort()
    return out


_NEXT_YEAR_AFTER = re.compile(r"\s*,?\s*(?:of\s+|in\s+)?next\s+year\b", re.I)
_NEXT_YEAR_BEFORE = re.compile(r"\bnext\s+year\s*,?\s*(?:on\s+|in\s+)?(?:the\s+)?$", re.I)


def _next_year(text: str, m: re.Match) -> int | None:
    """Next year's number when a date without a year is said with "next year" ("april 5th next year",
    "next year on 5 april"); None otherwise."""
    if _NEXT_YEAR_AFTER.match(text, m.end()) or _NEXT_YEAR_BEFORE.search(text[:m.start()]):
        return NOW.date().year + 1
    return None


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _N_WORDS.get(word.lower(), 1)


def _add_months(d: date, months: int) -> date:
    """The same day ``months`` months later (the month's last day when it is shorter)."""
    y, mo = divmod(d.month - 1 + months, 12)
    y, mo = d.year + y, mo + 1
    for day in (d.day, 30, 29, 28):
        try:
            return date(y, mo, min(d.day, day))
        except ValueError:
            continue
    return date(y, mo, 28)


def _weekday_word(said: str) -> str:
    return next(w for w in WEEKDAYS if re.search(r"\b" + w + r"\b", said, re.I))


_DAY_BEFORE_MONTH = re.compile(r"\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?$", re.I)


# a day said in an aside about paying or keeping the seats, not about when to fly: "make sure nobody releases my seats
# before tomorrow", "I'll pay at the airport for my bag, not today", "I just got paid today"
_ASIDE_DAY_WORD = re.compile(r"^\W*(?:today|tomorrow|tonight)\W*$", re.I)
_ASIDE_MATTER_DAY = re.compile(r"\b(?:pay|pays|paid|paying|payment|bill\w*|charg\w*|fees?|card|budget|funds|releas\w*|"
                               r"let\s+(?:\w+\s+){0,3}go|nobody|no one|sort out)\b", re.I)
_TRAVEL_DAY = re.compile(r"\b(?:fly\w*|flights?|travel\w*|depart\w*|leav\w*|trip|return\w*|search\w*|move|change|"
                         r"reschedul\w*|instead|date|go(?:ing)? (?:out|back))\b", re.I)


def _aside_day(text: str, start: int, end: int) -> bool:
    """Whether the relative day at ``text[start:end]`` sits in a clause about paying or the seats' release, with no
    travel word: it is no travel date."""
    if not _ASIDE_DAY_WORD.match(text[start:end]):
        return False
    cuts = [m.end() for m in re.finditer(r"[.,;!?]|\s[-\u2013\u2014]\s|\b(?:and|but|so)\b", text[:start])]
    after = re.search(r"[.,;!?]|\s[-\u2013\u2014]\s|\b(?:and|but|so)\b", text[end:])
    clause = text[(cuts[-1] if cuts else 0):(end + after.start() if after else len(text))]
    if not _ASIDE_MATTER_DAY.search(clause) and re.search(r"\bnot\s+(?:today|tomorrow)\b", clause, re.I):
        clause = text[max(0, (cuts[-2] if len(cuts) > 1 else 0)):end]  # "... for my bag, not today": the clause before
    return bool(_ASIDE_MATTER_DAY.search(clause) or _LEAVING_DAY.search(clause)) and not _TRAVEL_DAY.search(clause)


# the conversation put off or closed for the day, with no travel word: "That's all for today, thanks.", "I'll finish
# this tomorrow", "let's pick this up tomorrow", "done for today", "talk tomorrow", "I'll get back to you tomorrow"
# (not "I need to fly tomorrow", "I want to come back tomorrow")
_LEAVING_DAY = re.compile(r"\b(?:(?:that'?s|thats|that is|it'?s|its)\s+(?:all|it|enough|everything)|(?:done|enough|all|it)\s+for\s+"
                          r"(?:today|tonight|now)|call it a (?:day|night)|finish(?:ing)?\s+(?:this|it|up|things|off)|"
                          r"(?:continue|resume)\s+(?:this|it|later)|carry on|pick\s+(?:this|it|things)\s+(?:back\s+)?up|"
                          r"get back to (?:you|u|this|it)|come back to (?:you|u|this|it)|call (?:you )?back|"
                          r"(?:talk|speak|chat)(?:\s+to\s+(?:you|u))?\s+(?:again\s+)?(?:today|tomorrow|tonight)|"
                          r"(?:see|catch) (?:you|u|ya)|sleep on it|think (?:it )?over|bye|goodbye)\b", re.I)


# a day said in a clause about paying, with no travel word: "we'll be paying on the 1st", "I get paid on the 5th",
# "payment will follow on Friday" (read as no travel date only once a hold is placed: see ``Parsed.pay_dates``)
_PAY_WORD = re.compile(r"\b(?:pay|pays|paid|paying|payment|pay ?day|wages?|salary|pay(?:check|cheque))\b", re.I)


def _pay_day(text: str, start: int, end: int) -> bool:
    """Whether the date at ``text[start:end]`` sits in a clause about paying, with no travel word."""
    cuts = [m.end() for m in re.finditer(r"[.,;!?]|\s[-\u2013\u2014]\s|\b(?:and|but|so)\b", text[:start])]
    after = re.search(r"[.,;!?]|\s[-\u2013\u2014]\s|\b(?:and|but|so)\b", text[end:])
    clause = text[(cuts[-1] if cuts else 0):(end + after.start() if after else len(text))]
    return bool(_PAY_WORD.search(clause)) and not _TRAVEL_DAY.search(clause)


# a day that belongs to someone who is not on this booking, or to money coming in, not to this trip: "my colleague
# lands the day after, she's sorted", "my son comes tomorrow on his own booking", "just me, the rest of the team follow
# on the 5th", "my wages come in on the 5th", "my husband gets back on March 5 so he will pay then". The clause's
# subject is another person (with no "I"/"we"/"with me" in it), said to travel on their own booking, beside a customer
# who flies alone, or about paying; or the subject is money ("my wages", "my salary")
_OTHERS_SUBJECT = re.compile(r"^\W*(?:(?:and|but|while|since|as|because|cos|though|then)\s+)?(?:(?:my|our|his|her|their|the)\s+"
                             r"(?:[\w-]+\s+){0,3}?(?:wife|husband|hubby|partner|spouse|sons?|daughters?|kids?|children|"
                             r"parents?|mum|mom|dad|mother|father|brothers?|sisters?|colleagues?|co-?workers?|boss|friends?|"
                             r"team|teammates?|family|in-laws|rest|others|fianc[e\u00e9]e?|boyfriend|girlfriend|grand\w+|mates?|buddy|pal|"
                             r"uncle|aunt|cousins?|nephews?|nieces?|group|assistant|pa)\b|(?:she|he|they)\b)", re.I)
_MONEY_SUBJECT = re.compile(r"^\W*(?:(?:and|but|while|since|as|because|cos|though)\s+)?(?:my|our|the|his|her)\s+(?:[\w-]+\s+)?"
                            r"(?:wages?|salary|pay(?:check|cheque| cheque)?|pension|bonus|money|funds|payment|transfer|"
                            r"refund|loan|benefits?)\b", re.I)
_SPEAKER_IN = re.compile(r"\b(?:I|I'm|I'll|I've|I'd|we|we're|we'll|us|myself|with me|me too|me and|and me|both of us)\b", re.I)
_OWN_TRIP = re.compile(r"\b(?:(?:their|his|her) own (?:bookings?|reservations?|tickets?|flights?|seats?)|(?:a |an )?(?:separate|"
                       r"different|another|other) (?:booking|reservation|ticket|flight|airline|carrier)s?|booked separately|"
                       r"already (?:booked|have)|(?:is|are|'s|'re|all|got|have) (?:all )?sorted|sorted (?:out )?(?:their|his|"
                       r"her)|taken care of|(?:he|she|they)(?:'ll|\s+will|\s+can|\s+is going to|\s+are going to)?\s+pay\w*)\b", re.I)
# another person travelling alone: "my colleague flies out on 24 May on his own" (their trip only where the speaker
# says a day of their own beside it; "my daughter flies on her own on 20 July, can you book it?" is her trip to book)
_ON_OWN = re.compile(r"\bon (?:his|her|their) own\b|\bby (?:him|her|them)sel(?:f|ves)\b", re.I)
_DECIDES_BEFORE = re.compile(r"\b(?:I|we)(?:'ll|'d| will| can| should| must| shall| need to| have to| want to| wanna| gotta)?\s+"
                             r"(?:\w+\s+)?(?:decide|confirm|know|talk|speak|ask|check with|tell you|let you know|get back|"
                             r"come back|call|think|sleep on it)\b[^.;!?]{0,30}$", re.I)
# another person's day waved off as beside the point: "my mum arrives back from Spain on the 25th, doesnt matter",
# "my son gets home on the 3rd, not relevant"
_NOT_MATTERING = re.compile(r"\b(?:does\s*n[o']?t|doesnt|does not|won'?t|wont)\s+matter\b|\b(?:not|isn'?t)\s+(?:relevant|important)\b"
                            r"|\birrelevant\b|\bnothing to do with (?:this|it|the trip|our trip|us)\b|\bignore that\b", re.I)
_OTHERS_CUT = re.compile(r"[.,;!?()]|\s[-\u2013\u2014]+\s|\b(?:but|so)\b", re.I)


def _others_days_blanked(text: str) -> str:
    """``text`` with its clauses about someone else's day blanked (same length, so date spans keep their places)."""
    sentences = [m.span() for m in re.finditer(r"[^.!?;]+[.!?;]*", text)] or [(0, len(text))]
    out = list(text)
    cuts = [0] + [m.end() for m in _OTHERS_CUT.finditer(text)] + [len(text)]
    for a, b in zip(cuts, cuts[1:]):
        clause = text[a:b]
        if not clause.strip() or _SPEAKER_IN.search(clause):
            continue
        if _MONEY_SUBJECT.search(clause):
            out[a:b] = " " * (b - a)
            continue
        if not _OTHERS_SUBJECT.search(clause):
            continue
        rest = text[:a] + " . " + text[b:]  # the customer alone, said in another clause ("just me. my son comes tomorrow")
        alone = bool(_ALONE.search(rest) or _ONE_SEAT.search(rest) or _for_me_alone(rest)) and not _ALONE_NEGATED.search(rest)
        s0, s1 = next(((x, y) for x, y in sentences if x <= a < y), (0, len(text)))
        beside = text[s0:a] + " . " + text[b:s1]  # "on his own" beside the speaker's own day ("..., I want 23 July")
        on_own = bool(_ON_OWN.search(clause) and _SPEAKER_IN.search(beside) and re.search(r"\d", beside))
        if alone or on_own or _OWN_TRIP.search(text[s0:s1]) or _NOT_MATTERING.search(text[s0:s1]):
            out[a:b] = " " * (b - a)
    return "".join(out)


def _date_hits_by_kind(text: str) -> list[tuple[int, int, str, str]]:
    today = NOW.date()
    out: list[tuple[int, int, str, str]] = []
    unread: list[tuple[int, int]] = []  # spans said as a date that is not read (``_WEEKDAY_DATES``)
    for kind, pat in _DATE_PATTERNS:
        for m in pat.finditer(text):
            d: date | None = None
            if kind in _WEEKDAY_KINDS:
                d = _weekday_date(kind, m, today)
                if d is None:  # "the first Thursday", "the Thursday after": no date, and never the coming Thursday
                    if not any(s <= m.start() < e or m.start() <= s < m.end() for s, e in unread):
                        unread.append(m.span())
                    continue
            elif kind == "iso":
                try:
                    d = date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
                except ValueError:
                    d = None
            elif kind == "md":
                if m.group(1).lower() == "may" and not re.match(r"\s*\d", text[m.end(1):]):
                    continue
                if _DAY_BEFORE_MONTH.search(text[:m.start()]):
                    continue  # "16 sept 4 people": the month has its day already; the 4 is no day ("dm" below)
                d = _next_occurrence(MONTHS[m.group(1).lower()], int(m.group(2)),
                                     int(m.group(3)) if m.group(3) else _next_year(text, m))
            elif kind == "dm":
                d = _next_occurrence(MONTHS[m.group(2).lower()], int(m.group(1)),
                                     int(m.group(3)) if m.group(3) else _next_year(text, m))
            elif kind == "dmforeign":
                if (m.group(2).lower() in _NAME_MONTHS and not m.group(3) and " de" not in m.group(0).lower()
                        and not re.match(r"\d{1,2}(?:er|º|°|\.)", m.group(0))
                        and not re.search(r"\b(?:le|el|il|am|o|on|the)\s*$", text[:m.start()], re.I)):
                    continue  # "for 2 Mai and Tom": a count and a name, no date ("le 2 mai", "2 de abril" are dates)
                d = _next_occurrence(FOREIGN_MONTHS[m.group(2).lower()], int(m.group(1)),
                                     int(m.group(3)) if m.group(3) else _next_year(text, m))
            elif kind == "offset":
                n, unit, base = (m.group(1), m.group(2), m.group(3)) if m.group(1) else (m.group(4), m.group(5), "today")
                start = today + timedelta(days=0 if base.lower() in ("today", "now") else 1)
                d = (_add_months(start, _count(n)) if unit.lower().startswith("month") else
                     _add_months(start, 12 * _count(n)) if unit.lower().startswith("year") else
                     start + timedelta(days=_span_days(n, unit)))
            elif kind == "nextyear":  # the same day next year
                d = _add_months(today, 12)
            elif kind == "wdoffset":
                target = WEEKDAYS[m.group(3).lower()]
                d = today + timedelta(days=((target - today.weekday()) % 7 or 7) + _span_days(m.group(1), m.group(2)))
            elif kind == "wdafter":
                target = WEEKDAYS[m.group(1).lower()]
                d = today + timedelta(days=((target - today.weekday()) % 7 or 7) + 7)
            elif kind == "nextweekwd":
                target = WEEKDAYS[(m.group(1) or m.group(2)).lower()]
                d = today + timedelta(days=7 - today.weekday() + target)
            elif kind == "nextmonth":
                y, mo = (today.year + 1, 1) if today.month == 12 else (today.year, today.month + 1)
                try:
                    d = date(y, mo, int(m.group(1) or m.group(2)))
                except ValueError:
                    d = None
            elif kind == "weekend":  # "this weekend": the coming Saturday; "next weekend": the one after
                d = today + timedelta(days=(5 - today.weekday()) % 7 or 7)
                if m.group(1).lower() == "next" and (d - today).days < 7:
                    d += timedelta(days=7)
                if m.group(2):  # "the weekend after next"
                    d += timedelta(days=7)
            elif kind == "dmdot":
                d = _next_occurrence(int(m.group(2)), int(m.group(1)), None) if 1 <= int(m.group(2)) <= 12 else None
            elif kind == "rel":
                w = m.group(1).lower()
                d = today + timedelta(days={"today": 0, "tonight": 0}.get(w, 2 if w.startswith("day after") else 1))
            elif kind == "inwd":  # the weekday of the week N weeks from now
                n, wd = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
                start = today + timedelta(days=7 * _count(n))
                d = start + timedelta(days=(WEEKDAYS[wd.lower()] - start.weekday()) % 7)
            elif kind == "wdday":  # the next such day of a month that falls on that weekday, else the next such day
                wd, day = (m.group(1), int(m.group(2) or m.group(3))) if m.group(1) else (m.group(5), int(m.group(4)))
                target = next(v for w, v in WEEKDAYS.items() if w.startswith(wd.lower()[:3]))
                firsts = [_add_months(today.replace(day=1), k) for k in range(13)]
                days = [x for x in (day_of_month_from(day, f.year, f.month, today, months=1) for f in firsts) if x]
                d = next((x for x in days if x.weekday() == target), days[0] if days else None)
            elif kind == "wd":
                target = WEEKDAYS[m.group(1).lower()]
                delta = (target - today.weekday()) % 7 or 7
                d = today + timedelta(days=delta)
            elif kind == "hours":  # "in the next couple of hours": today (NOW is mid-morning)
                d = today
            elif kind == "ymd":
                try:
                    d = date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
                except ValueError:
                    d = None
            elif kind == "num":
                readings = _numeric_readings(m)
                if len(readings) != 1:
                    continue  # not a date, or two dates (``numeric_date_readings``)
                d = readings[0]
            elif kind == "in":
                d = today + timedelta(days=_span_days(m.group(1), m.group(2)))
            if d is None:
                continue
            if any(s <= m.start() < e or m.start() <= s < m.end() for s, e, _, _ in out) or \
                    any(s <= m.start() < e or m.start() <= s < m.end() for s, e in unread):
                continue
            out.append((m.start(), m.end(), d.isoformat(), kind))
    out.sort()
    return out


# --- names ------------------------------------------------------------------------------------

_LETTERS = r"[^\W\d_](?:[^\W\d_]|['\u2019\-])*"
_TITLES = {"dr", "mr", "mrs", "ms", "miss", "mx", "prof", "sir", "madam", "dame", "rev", "revd", "reverend", "capt",
           "captain",
           # ranks and offices, as written before a name ("Sgt. Ana Lopez", "Lt. Tom Price", "Col Ana Lopez", "Fr.
           # John Walsh"); never words that are also family names ("Major", "General", "Judge", "Bishop")
           "sgt", "serg", "sergeant", "lt", "lieut", "lieutenant", "col", "colonel", "maj", "cpl", "corporal", "pte",
           "cmdr", "cdr", "commander", "brig", "fr", "rabbi", "imam", "pastor", "hon", "mstr", "mister"}
# common given names that are seldom family names: after a title with no other name word ("Ms Leila", "Mr. Tom") the
# word is the given name, and the family name is asked; any other word after a title is the family name ("Dr. Mehta",
# "Mrs Schmidt"). (Names also common as family names, "Thomas", "James", "Grant", "Morgan", are left out.)
_GIVEN_NAMES = frozenset("""
aaron abdul abdullah abigail adam adriana adrian ahmed aisha akira alan albert alberto alejandro aleksandra alex
alexander alexandra alexei alfredo alice alicia alina alison amanda amara amelia amir amit amy ana anastasia andrea
andrei andrew andrzej angela angelica anita anja ann anna anne annika antonio anya arjun ashley aya ayesha barbara
beatriz ben benjamin bianca boris brian bridget camila carla carlos carmen caroline catherine cecilia chiara chloe
chris christina christine christopher claire clara claudia daniel daniela darius david deborah deepak diana diego
dmitri dominik dorota edward elena eleni elif elijah elisa eliza elizabeth ella emily emma emre erik erika esther
eva ewa fatima felix fernando francesca francesco freya gabriel gabriela georgia giulia giuseppe grace greta hana
hannah hans harry heidi helen helena hiroshi holly hugo ines ingrid irene isabel isabella ivan jack jacob jakub jan
jana jane janet jasmine javier jennifer jessica jiro joanna joao jonas jorge jose josef joseph juan julia julian
juliet julie karen katarzyna kate katherine katie kenji kevin kofi kwame lara lars laura leila lena leo leon
leonardo liam lina linda lisa lucas lucia luis luisa lukas magda magdalena maja manuel marco margaret maria mariam
marie marina mario mark marta martina mary mateo matteo matthew maya mehmet mei mia michael michelle miguel nadia
naomi natalia natasha nathan neha nicole nikolai nina noah nora olga olivia omar oscar pablo paolo patricia paula
paulo pedro peter petra pierre pietro priya rachel rafael rahul rajesh ravi rebecca renata ricardo robert roberto
rosa ruth sabrina sam samantha samuel sandra sara sarah sean sebastian sergei sofia sophia sophie stefan stephanie
susan svetlana tanya tatiana thandiwe theo tom tomas tomasz tatjana valentina vanessa vera victor victoria vikram
william xavier yasmin yuki zara zoe zofia
""".split())
# no sentence ends at a title's full stop before a capital ("Sgt. Ana Lopez", "Mrs. J. Okafor"): one look-behind per
# length of title
_AFTER_TITLE_STOP = "".join(
    r"(?!(?<=\b(?i:" + "|".join(sorted(w for w in _TITLES if len(w) == n)) + r")\.)\s+[A-Z])"
    for n in sorted({len(w) for w in _TITLES}))
# letters and suffixes after a name, never a name ("Leila Ivanova, PhD", "Leila Ivanova MD", "Leila Ivanova Jr."):
# dropped; a generational suffix (Jr., Sr., II, III) too, so the family name is the one on file ("Ivanova")
_POST_NOMINALS = re.compile(r"(?<=[^\W\d_])\s*,?\s+(?:(?i:ph\.?\s?d|esq|dds|jr|sr|snr|jnr)\.?|M\.?D\.?|D\.?D\.?S\.?|"
                            r"II|III|IV|"
                            # honours and offices, in capitals: "Fatima Novak OBE", "Leila Ivanova QC", "... MP"
                            r"[OMCKD]\.?B\.?E\.?|[QK]\.?C\.?|M\.?P\.?)(?=\s*(?:$|[,.;!?)]|\s))")
_PARTICLES = {"van", "der", "den", "de", "da", "di", "del", "della", "la", "le", "von", "dos", "das", "du", "al", "el",
              "bin", "ben", "ter", "ten", "op", "st", "mac", "ibn", "y", "o"}  # "O Brien"
# words that are never read as a name (the target's list; the verifiers keep their own)
_NOT_NAMES = {w.lower() for w in _NAME_STOP} | set("""
please proceed looks look great fine good perfect sure ok okay yes yeah yep yup no nope thanks thank you
go ahead book booked it that this them those the a an and or but for of to from in on at by with as is are was
were be been do does did done just only put use under name names my our your his her their me we us i he she they
first last second third option one two three four five six seven eight nine ten number flight flights seat seats
passenger passengers people person adult adults child children kid kids economy premium business class cabin
hold reserve cancel change modify refund price total cost cheapest earliest latest morning evening afternoon
night today tomorrow tonight week month day days date same return round trip way back home please hi hello hey
sounds sound wonderful excellent awesome cool nice lovely brilliant amazing super alright right correct confirmed
confirm agreed absolutely definitely certainly course deal done go let lets let's works work correct also still
actually maybe perhaps probably booking reservation ticket tickets help want need would like could can will
shall should may might must now then there here what which who how when where why not all set ready mr mrs ms dr
dear regards cheers bye goodbye sorry excuse sir madam team everyone guys folks great thanks! straight away asap
urgent urgently quickly hurry right away again more less some any other another much many lot lots bit
hmm hm hmmm um umm uh uhm er erm ah ahh oh ooh huh wow ugh oops well anyway gosh geez jeez argh doh whoops damn
passport visa dob born birth birthday date email e-mail mail phone mobile cell number no nr card id ref reference
code refundable nonrefundable surname lastname firstname lead pax
if so because cause cos since though although unless whether than into onto upon about after before until till
via per etc yet nor either neither both each every else
rather instead mine hers yours ours theirs offhand enough otherwise honestly basically anyway
""".split())


# verbs a customer puts before a name ("I'll take Thandiwe Chen", "go with Ana Silva", "put down
# Ken Watanabe"): never name words themselves
_NOT_NAMES |= set("""
dunno idk idea clue unknown unsure forgot
take takes taking took pick picks picking picked choose chooses choosing chose go goes going went get gets getting
got have has having had make makes making made say says saying said write writing note noting list listing add
adding sign signing enter entering type typing spell spelling down
""".split())
# words of hurry said at the name question ("yes quick", "ok fast", "faster please"): never a name
_NOT_NAMES |= set("""
quick quicker quickest fast faster fastest rush rushed rushing hurried hurrying speedy speed soon sooner
""".split())
# words comparing the options ("The earliest one, it's cheaper." at the last-name question booked "Cheaper", AdaT
# campaign 0 of session 31): never a name
_NOT_NAMES |= set("""
better cheaper cheap expensive pricier dearer costlier earlier later worse nearer closer shorter
""".split())
# chat fillers after a name ("My name's Jordan btw", "my name is Jordan tho"): never a name ("tho" only in lower case:
# "Tho" is a given name)
_NOT_NAMES |= set("""
btw fyi lol lmao haha hahaha hehe imo imho tbh ngl fwiw iirc thx ty pls plz xx xoxo
""".split())
# nationalities and other descriptions after "I'm" ("I'm Canadian, so how much is it?", "I'm Japanese but dollars is
# fine", "only me, I'm Canadian"): never a name
_NOT_NAMES |= set("""
american canadian mexican brazilian argentinian argentine chilean colombian peruvian venezuelan cuban jamaican
british english scottish welsh irish french german dutch belgian swiss austrian italian spanish portuguese greek
swedish norwegian danish finnish icelandic polish czech slovak hungarian romanian bulgarian serbian croatian
ukrainian russian turkish israeli lebanese egyptian moroccan nigerian ghanaian kenyan ethiopian south african
saudi emirati qatari iranian iraqi pakistani indian bangladeshi nepali sri lankan chinese japanese korean
taiwanese vietnamese thai filipino indonesian malaysian singaporean australian aussie kiwi zealander european
asian african latino latina foreign foreigner local tourist student retired pensioner senior vegetarian vegan
myself yourself himself herself ourselves themselves
""".split())
# typed yeses and acknowledgements at the name question ("ys", "yea", "k", "sure thing"): never a name
_NOT_NAMES |= set("""
ys yea yeah yeahh yah yas yass yess yesss yesh yh yup yupp kk kay okk oki okie okey okies okey-dokey thing things
""".split())
# ... but a yes word that is also a name ("Kay", "Yas", "Ok"), written capitalised next to another capitalised name
# word or after "my name is" ("Kay Moreau", "Daniel Kay", "Mei Ok", "my name is Kay Moreau"), is a name part: the
# words so placed in the message being read (set by ``_names``, read by ``_name_token_ok``)
_YES_NAMES = ("Kay", "Yas", "Ok", "Oki")
_YES_NAME_NEAR = re.compile(r"(?-i:\b(?P<y>" + "|".join(_YES_NAMES) + r")\b)(?=\s+(?P<after>(?-i:[A-Z][a-z'\-]+))\b)"
                            r"|(?-i:\b[A-Z][a-z'\-]+\s+(?P<z>" + "|".join(_YES_NAMES) + r")\b)"
                            r"|\bmy name(?: is|'s)\s+(?P<n>(?-i:" + "|".join(_YES_NAMES) + r"))\b", re.I)
_named_yes: contextvars.ContextVar[frozenset] = contextvars.ContextVar("_named_yes", default=frozenset())


def _yes_names_placed(t: str) -> frozenset:
    """The yes words of ``_YES_NAMES`` that stand as name parts in ``t``."""
    out = set()
    for m in _YES_NAME_NEAR.finditer(t):
        word = m.group("y") or m.group("z") or m.group("n")
        # the capitalised neighbour must be a name word itself ("Kay Yea", "Ok Thanks" are no name)
        near = re.findall(r"(?-i:[A-Z][a-z'\-]+)", m.group(0) + " " + (m.group("after") or ""))
        if m.group("n") or all(w.lower() not in _NOT_NAMES for w in near if w != word):
            out.add(word)
    return frozenset(out)


_LOWER_FILLERS = {"tho", "tbf", "innit"}
# a contraction ("I'll", "we'd", "they're", "don't") is never a name; "O'Brien", "D'Souza" are
_CONTRACTION = re.compile(r"^[^\W\d_]+'(?:ll|d|ve|re|m|s|t)$", re.I)


def _name_token_ok(tok: str) -> bool:
    if _CONTRACTION.match(tok.replace("\u2019", "'")):
        return False
    if tok in _LOWER_FILLERS:
        return False
    if tok in _named_yes.get():
        return True  # "Kay Moreau", "Mei Ok"
    if len(tok) == 1 and tok.islower() and tok not in _PARTICLES:
        return False  # "k" is an ok, never a name
    return tok.lower().strip(".") not in _NOT_NAMES and not tok.isupper() or tok.lower() in _PARTICLES


def _tidy(tokens: list[str]) -> list[str]:
    """Drop titles and trailing particles; capitalise a name written all in lower case."""
    toks = [t for t in tokens if t.lower().strip(".") not in _TITLES]
    while toks and toks[-1].lower() in _PARTICLES:
        toks.pop()
    if toks and all(t == t.lower() for t in toks):
        toks = [t if t in _PARTICLES else t[:1].upper() + t[1:] for t in toks]
    return toks


def _split_name(tokens: list[str]) -> tuple[str | None, str | None]:
    """['Anna','van','der','Berg'] -> ('Anna', 'van der Berg'); ['Mary','Jane','Watson'] ->
    ('Mary Jane', 'Watson'); a single token -> (token, None)."""
    toks = _tidy(tokens)
    if len(toks) > 1 and len(toks[0]) == 1 and toks[0].isupper():
        toks = toks[1:]  # "Mrs L. Ivanova": an initial is no first name; the family name is read as after a title
    if not toks:
        return None, None
    if len(toks) == 1:
        if any(len(t) == 1 and t.isupper() for t in tokens[:-1]):
            return None, toks[0]  # "Mrs L. Ivanova": the family name after an initial
        if any(t.lower().strip(".") in _TITLES for t in tokens[:-1]):
            if toks[0].lower() in _GIVEN_NAMES:
                return toks[0], None  # "Ms Leila", "Mr. Tom": a given name, the family name still to ask
            return None, toks[0]  # "it's Mrs Schmidt", "for Mr Patel": a title goes with the surname
        return toks[0], None
    k = len(toks) - 1
    while k > 1 and toks[k - 1].lower() in _PARTICLES:
        k -= 1
    return " ".join(toks[:k]), " ".join(toks[k:])


def _name_run(text: str, start: int, any_case: bool) -> list[str]:
    """Name tokens (with particles and titles) starting at ``start``; capitalised unless any_case."""
    toks: list[str] = []
    pos = start
    while len(toks) < 6:
        m = re.match(r"\s*(" + _LETTERS + r")(\.?)", text[pos:])
        if not m:
            break
        tok = m.group(1)
        low = tok.lower()
        # an initial before the family name: "Mrs L. Ivanova", "Dr L Ivanova", "J. Smith"
        initial = (len(tok) == 1 and tok.isupper() and (bool(m.group(2)) or (toks and toks[-1].lower() in _TITLES))
                   and bool(re.match(r"\s+[A-Z][a-z]", text[pos + m.end():])))
        if low in _TITLES or initial:
            toks.append(tok)
        elif low in _PARTICLES and toks:
            toks.append(tok)
        elif (any_case or tok[:1].isupper()) and _name_token_ok(tok):
            toks.append(tok)
        elif not toks and tok in ("May", "Will", "Faith", "Hope", "Grace", "Joy") and \
                (nxt := re.match(r"\s+(" + _LETTERS + r")", text[pos + m.end():])) and \
                nxt.group(1)[:1].isupper() and _name_token_ok(nxt.group(1)):
            toks.append(tok)  # "May Chen", "Will Smith": a given name that is also a word
        elif (toks and tok[:1].isupper() and tok[1:].islower() and low in _WORD_SURNAMES and low not in MONTHS
              and toks[-1].lower() not in _TITLES and toks[-1].lower() not in _PARTICLES
              and _name_token_ok(toks[-1]) and toks[-1].lower() not in _NOT_GIVEN):
            toks.append(tok)  # "Name's Tom Price", "Lt. Tom Price": a family name that is also a word, after a given name
        else:
            break
        pos += m.end()
        if m.group(2) and low not in _TITLES and not initial:
            break  # a full stop ends the name (not an initial's: "Mrs L. Ivanova")
    while toks and (toks[-1].lower() in _PARTICLES or toks[-1].lower() in _TITLES):
        toks.pop()
    return toks


_STRONG_CUE = re.compile(
    r"\b(?:my name is|my name's|name is|name's|names are|the name is|name:|name|call me|passenger name is|"
    r"passenger(?:'s)? name(?: is|:)?|lead passenger(?: is|:)?|the passenger is|traveller is|traveler is|"
    r"book(?:ed)? (?:it |them )?(?:under|as)|under the name(?: of)?|in the name(?: of)?|put it under|"
    r"put (?:it|the booking|them) (?:under|in the name of))(?![a-z])\s*(?:the name(?: of)?\s+)?", re.I)  # not "book it asap"
_WEAK_CUE = re.compile(r"\b(?:i'm|i am|this is|it's|it is|for|on behalf of|under|use|passenger|traveller|traveler|lead(?: pax)?|"
                       r"put(?: down)?(?= [A-Z]))\s+"  # "I'd rather not give my surname, put Nadia" (not "put me on it")
                       # the traveller named beside who they are: "for my boss, Tomasz Nguyen, from ...", "my wife Ana Lopez"
                       r"|\b(?:my|our)\s+(?:wife|husband|partner|spouse|fianc[eé]e?|friend|son|daughter|mother|father|mom|"
                       r"mum|dad|brother|sister|boyfriend|girlfriend|colleague|co-?worker|boss|manager|client|guest|cousin|"
                       r"aunt|uncle|grand(?:ma|pa|mother|father|son|daughter)|nephew|niece|assistant)\s*[,:]?\s+", re.I)
# a relative said as one more of a party: "..., plus my wife", "and my sister", "with my brother"
_COMPANION_JOIN = re.compile(r"(?:\b(?:and|plus|with|as well as|along with|also)|&|\+)\s*$", re.I)
# the speaker's own name in brackets: "me (Liam Walsh) and my wife", "myself (Hiroshi Novak)"
_SELF_IN_BRACKETS = re.compile(r"\b(?:me|myself)\s*\(\s*(?=[^()]*\))", re.I)
# a full name said before the words that name the speaker: "Arjun Bianchi here, ...", "Hi, Sofia Cohen speaking"
_NAME_THEN_CUE = re.compile(r"(?:^|[.!?;,]\s*)\W*(?:(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening))\W+)?"
                            r"((?-i:[A-Z][a-zA-Z'\-]+)(?:\s+(?-i:[A-Z][a-zA-Z'\-]+)){1,3})\s+(?:here|speaking|calling)\b"
                            r"(?=\s*(?:$|[-–—,.;:!]|and\b|from\b|with\b))", re.I)
_GREETING_BEFORE = re.compile(r"\W*(?:(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening))\W*)", re.I)
# "as long as", "as soon as" after a cue ending in "as" ("book it as"): a conjunction, no name
_AS_CONJUNCTION = re.compile(r"\s*(?:long|soon|much|far|well|quick(?:ly)?|fast)\s+as\b", re.I)
# a full name said as the one who flies: "Tom Berg is flying", "Tom Berg will be travelling", "Tom Berg is the passenger"
_TRAVELLER_FLIES = re.compile(r"(?<![\w'])((?-i:[A-Z][a-zA-Z'\-]+)(?:\s+(?-i:[A-Z][a-zA-Z'\-]+)){1,2})\s+(?:is|will be)\s+"
                              r"(?:(?:the\s+)?(?:one\s+)?(?:flying|travell?ing|going)|the\s+(?:passenger|travell?er))\b")
# a full name said first, as the answer, then the speaker's own name: "Tom Berg, and my name is Aisha Okafor", "Tom Berg.
# I'm Aisha Okafor, his manager", "Tom Berg (I'm Aisha Okafor, just booking it)", "he's called Tom Berg, I'm Aisha Okafor",
# "it's for Tom Berg - this is Aisha Okafor": the first name is the traveller's, the second the booker's (read by
# ``_names_read``: the name words are checked there; "Aisha Okafor, I'm the one flying" names no one else)
_TRAVELLER_THEN_SELF = re.compile(
    r"^\W*(?:(?:(?:the\s+)?(?:passenger|travell?er|ticket|booking|flight|seat)(?:'s)?(?:\s+name)?(?:\s+is|:)?|it'?s|its|it is|"
    r"(?:it'?s\s+|its\s+)?for|(?:he|she|they)(?:'s|\s+is|\s+are)\s+called|(?:his|her|their)\s+name(?:'s|\s+is)|name(?:'s|\s+is|:)?)"
    r"[\s,:]+)*(?:(?:my|our)\s+[a-z-]+\s*,?\s+)?"
    r"(?P<n>" + _LETTERS + r"(?:\s+" + _LETTERS + r"){1,3})\s*(?:[,.;:(\u2013\u2014-]\s*|\s+and\s+)+(?:and\s+)?"
    r"(?:(?:(?:i'?m|i am)\s+(?:his|her|their)\s+[a-z-]+,?|my name is|my name's|my name|i'?m|im|i am|this is|me,?|myself,?|"
    r"booked by|booking by|booker:?)\s+)+(?P<s>" + _LETTERS + r"(?:\s+" + _LETTERS + r"){0,3})", re.I)
# a cue that names the speaker: "my name is", "my name's", "call me"
_SELF_NAMED = re.compile(r"\b(?:my name is|my name's|my name|call me)\b", re.I)
_REL_ONE_WORDS = (r"(?:boss|colleague|coworker|co-worker|manager|client|guest|wife|husband|partner|spouse|son|daughter|"
                  r"mother|father|mom|mum|dad|friend|brother|sister|grand(?:ma|pa|mother|father|son|daughter)|"
                  r"aunt|uncle|nephew|niece|ceo|director|employer|executive)")
# the customer books for one other person: "for my boss", "on behalf of my client", "I'm an EA / PA / her assistant"
_BOOKS_FOR_ANOTHER = re.compile(r"\bfor (?:my|our) " + _REL_ONE_WORDS + r"\b(?!\s*(?:and|&|\+|plus)\b)"
                                r"|\bon behalf of\b|\b(?:i'?m|i am)\s+(?:an?\s+|his\s+|her\s+|their\s+)?"
                                r"(?:ea|pa|executive assistant|personal assistant|assistant|secretary|travel agent|"
                                r"travel coordinator|office manager)\b", re.I)
# (also put right: "the last name should be Larsen", "surname is actually Larsen", "last name was supposed to be Larsen")
_LAST_CUE = re.compile(r"\b(?:last name|surname|family name)(?:\s+(?:is actually|is really|should actually be|should be|"
                       r"should read|needs to be|was supposed to be|is supposed to be|was meant to be|is meant to be)\b|"
                       r" is|:|'s)?\s*", re.I)
# a last name said not to be given: "he wont tell me his surname", "i don't know her last name", "no idea of his surname"
_NO_NAME_GIVEN = re.compile(r"(?:\b(?:won'?t|wont|will not|doesn'?t|doesnt|does not|don'?t|dont|do not|didn'?t|can'?t|cant|"
                            r"cannot|refuses? to|never|not)\s+(?:\w+\s+){0,2}?(?:tell|give|say|share|know|remember|have|got)"
                            r"|\bno idea|\bforgot|\bwithout|\bdunno|\bidk)\b(?:\s+\w+){0,4}?\s*$", re.I)
_FIRST_CUE = re.compile(r"\b(?:first name|given name)(?: is|:|'s)?\s*", re.I)


# a name given in labelled parts, in either order: "Last name Tanaka, first Yui", "first: Yui last: Tanaka",
# "surname Tanaka, given name Yui", "Yui is my first name and Tanaka the last"; a bare "first" / "last" / "given" is a
# label only beside the other part's label (read by ``_labelled_name``)
_PART_LABEL = (r"(?P<{g}>(?:(?:my|his|her|the)\s+)?(?:(?P<{g}l>last|sur|family)(?:\s*name|name)?|"
               r"(?P<{g}f>first|given|fore|christian)(?:\s*names?|name)?))")
_LABEL_THEN_NAME = re.compile(r"(?<![\w'])" + _PART_LABEL.format(g="a") + r"(?:\s+is|\s*:|\s*-|'s)?\s*(?P<an>" + _LETTERS +
                              r")(?![\w'])", re.I)
_NAME_THEN_LABEL = re.compile(r"(?<![\w'])(?P<bn>" + _LETTERS + r")\s+(?:is\s+|as\s+)?" + _PART_LABEL.format(g="b") +
                              r"(?![\w'])", re.I)


def _labelled_name(t: str) -> tuple[str | None, str | None]:
    """(first, last) of a name said in two labelled parts (``_PART_LABEL``), one of each; (None, None) otherwise."""
    got: dict[str, str] = {}
    hits = [("a", m) for m in _LABEL_THEN_NAME.finditer(t)] + [("b", m) for m in _NAME_THEN_LABEL.finditer(t)]
    # a label with "name" in it ("first name Liam") is read before a bare one ("first Liam"), and a bare "first" /
    # "last" before a word that runs on into a phrase is no label: "first time flying", "first off thanks", "first
    # class would be nice", "last minute trip" (a bare label's name ends its clause: "Last name Walsh, first Liam")
    hits.sort(key=lambda h: not re.search(r"(?i)name", h[1].group(h[0])))
    for g, m in hits:
        word, part = m.group(g + "n"), "last" if m.group(g + "l") else "first"
        bare = not re.search(r"(?i)name", m.group(g))
        if bare and g == "a" and not re.match(r"\s*(?:$|[,.;:!?()&/-]|(?:and|please|pls|thanks?|thx|(?:the\s+)?(?:last|"
                                              r"sur|family|first|given)\b))", t[m.end():], re.I):
            continue
        if word.lower() in _NOT_NAMES or word.lower() in ("is", "my", "his", "her", "the", "and", "name") \
                or not _name_token_ok(word) or part in got:
            continue
        got[part] = word
    if len(got) != 2 or got["first"].lower() == got["last"].lower():
        return None, None
    return _tidy([got["first"]])[0], _tidy([got["last"]])[0]


_PLACE_WORDS = {"to", "from", "into", "via", "through", "thru", "in", "at", "near", "around", "and", "or", "leaving", "visit",
                "visiting", "fly", "flying", "land", "landing", "towards", "toward", "out", "of"}


def _run_end(text: str, start: int, run: list[str]) -> int:
    """Where the name ``run`` read from ``start`` ends in ``text``."""
    pos = start
    for tok in run:
        k = text.find(tok, pos)
        if k < 0:
            break
        pos = k + len(tok)
    return pos


def _trailing_name(sentence: str, least: int = 2) -> list[str]:
    """The capitalised name (``least`` or more name words) that ends ``sentence`` after words that
    are not a name ("I'll take Thandiwe Chen" -> Thandiwe Chen); [] when there is none."""
    words = re.findall(_LETTERS, sentence)
    k = len(words)
    while k > 0 and (words[k - 1][:1].isupper() or words[k - 1].lower() in _PARTICLES) and _name_token_ok(words[k - 1]):
        k -= 1
    while k < len(words) and words[k].lower() in _PARTICLES:
        k += 1
    run = words[k:]
    if len(run) < least or k == 0 or words[k - 1].lower() in _PLACE_WORDS:
        return []  # "... fly to New York", "... from Sao Paulo": a place, not a name
    return run


def _caps_surname(t: str, skip: set[str]) -> str | None:
    """A reply to "the last name on the booking?" that is one family name typed in capitals ("FISCHER",
    "it's KIM", "VAN DER BERG please"), in name case; None for anything else."""
    core = re.sub(r"^\W*(?:(?:the\s+)?(?:last name|surname|family name)(?:\s+is|:|'s)?|(?:it'?s|its|it is)\s+under)\s*", "",
                  t.strip(), flags=re.I)
    core = _NAME_LEAD.sub("", core).strip(" .!;,")
    core = re.sub(r"[,\s]+(?:please|pls|plz|thanks|thank you|thx|ty|cheers)\s*$", "", core, flags=re.I).strip(" .!;,")
    words = core.split()
    if not 1 <= len(words) <= 4 or not all(re.fullmatch(_LETTERS, w) for w in words):
        return None
    *lead, fam = words
    if (not fam.isupper() or len(fam) < 2 or fam.lower() in _NOT_NAMES or fam.lower() in skip
            or any(w.lower() not in _PARTICLES for w in lead)):
        return None
    return " ".join([w.lower() for w in lead] + [re.sub(r"[^\W\d_]+", lambda m: m.group(0).capitalize(), fam.lower())])


# an answer to "the last name on the booking?" with the words a customer puts around it: "oh sorry, its under KIM",
# "Fischer sorry", "fischer with a c", "oops, F-I-S-C-H-E-R", "Ewa KIM", "kim (ewa)"
_SURNAME_LEAD = re.compile(r"^\W*(?:(?:oh|ah|argh|ugh|doh|damn|oops|whoops|sorry|my bad|ok(?:ay)?|so|um+|uh|yes|yeah|no|nope|wait|actually|"
                           r"it'?s|its|it is|that'?s|thats|that is|under|the name|name|is|was|should be|i mean|i meant)"
                           r"(?![\w'])[\s,.:!-]*)+", re.I)
_SURNAME_TAIL = re.compile(r"(?:[\s,.!-]*(?:\b(?:sorry|my bad|oops|please|pls|thanks|thank you|thx|lol|haha)\b|"
                           r"\bwith an? [a-z]\b|\bspelt [a-z-]+|\(\s*[^)]*\)))+[\s,.!]*$", re.I)
_SPELLED_OUT = re.compile(r"(?:[^\W\d_][\s.-]){2,}[^\W\d_]")  # "F-I-S-C-H-E-R", "K I M"


# a name spelled out after it is typed, to confirm it: "arjun schmidt thats s-c-h-m-i-d-t", "spelled s c h m i d t",
# "S as in sam, C-H-M-I-D-T"; and an aside about it in brackets: "(like the beer)", "(as in the football player)"
_SPELL_LETTER = r"[^\W\d_](?:\s+(?:as in|for|like)\s+[^\W\d_]+)?"
_SPELLING = re.compile(r"(?:\s*[-–—,;:(]\s*|\s+)(?:(?:that'?s|thats|that is|it'?s|its|it is|i\.?e\.?)[\s,:]+)?"
                       r"(?:(?:spelled|spelt|spelling|spelled out)(?: as)?[\s,:]+)?"
                       r"(" + _SPELL_LETTER + r"(?:[\s.,-]+" + _SPELL_LETTER + r"){2,})(?=\s*(?:$|[.!;),]))", re.I)
_NAME_ASIDE = re.compile(r"\s*\(\s*(?:like|as in|as|no relation|not|spelled|spelt|i\.?e\.?)\b[^()]*\)", re.I)


def spelling_aside(text: str) -> tuple[str, bool | None]:
    """``text`` without a spelling said after a name (and its cue: "that's", "spelled"), with whether the
    letters are a word typed before them (True: it confirms that word; False: they spell something else, and
    the name is asked again); None when there is no such spelling. A bracketed aside about the name ("(like
    the beer)") goes too."""
    text = _NAME_ASIDE.sub(" ", text)
    for m in _SPELLING.finditer(text):
        letters = "".join(x.strip()[0] for x in re.split(r"[\s.,-]+(?=[^\W\d_](?:\s|[.,-]|$))", m.group(1)))
        said = {w.lower() for w in re.findall(_LETTERS, text[:m.start()])}
        cue = re.match(r"(?:\s*[-–—,;:(]\s*|\s+)(?:that|thats|it|its|i\.?e|spel)", m.group(0), re.I)
        if letters.lower() in said or cue:
            return text[:m.start()] + text[m.end():], letters.lower() in said
    return text, None


def spelled_out(text: str) -> bool:
    """A name spelled letter by letter ("oops, F-I-S-C-H-E-R", "k i m"): the target asks for it typed as one word
    (the privacy check reads a last name only as a word the customer typed)."""
    return bool(_SPELLED_OUT.fullmatch(_SURNAME_TAIL.sub("", _SURNAME_LEAD.sub("", text.strip())).strip(" .,!;:-")))


def _last_name_answer(t: str, skip: set[str]) -> tuple[str | None, str | None]:
    """(given, family) in a reply to "the last name on the booking?" that the other readings leave: a family name
    with fillers around it, spelled out letter by letter, or beside the given name ("Ewa KIM", "kim (ewa)")."""
    core = _SURNAME_LEAD.sub("", t.strip())
    given = re.search(r"\(\s*(" + _LETTERS + r")\s*\)", core)
    core = _SURNAME_TAIL.sub("", core).strip(" .,!;:-")
    words = core.split()
    if not 1 <= len(words) <= 2 or not all(re.fullmatch(_LETTERS, w) for w in words):
        return None, None
    if len(words) == 2 and not (words[1].isupper() and len(words[1]) > 1 and not words[0].isupper()):
        return None, None  # two words: only "Ewa KIM", the family name in capitals
    fam = words[-1]
    if fam.lower() in _NOT_NAMES or fam.lower() in skip or len(fam) < 2 or _CONTRACTION.match(fam):
        return None, None  # (a contraction, "I'll look elsewhere.", is no surname)
    first = words[0] if len(words) == 2 else (given.group(1) if given else None)
    if first is not None and (first.lower() in _NOT_NAMES or first.lower() in skip):
        return None, None
    def cap(w: str) -> str:
        return w[:1].upper() + w[1:].lower()
    return (cap(first) if first else None), cap(fam)


_SELF_INTRO = re.compile(r"^\W*(?:and\s+|also\s+)?(?:i'?m|i am|my name is|my name's|this is)\s+", re.I)


def _surname_then_self(t: str) -> str | None:
    """The family name that answers "the last name on the booking?" in a first sentence, when a later sentence
    introduces the speaker by another name ("It's Mensah. I'm Aisha Adeyemi, his colleague.", "Mensah. And I am
    Aisha Adeyemi."): the answer, never the speaker's name; None for any other message."""
    parts = re.split(r"(?<=[.!;])\s+", t.strip(), maxsplit=1)
    if len(parts) != 2 or not _SELF_INTRO.match(parts[1]):
        return None
    given, family = _last_name_answer(parts[0], set())
    if family is None or given is not None or family.lower() in parts[1].lower():
        return None
    return family


def _caps_family_name(t: str, skip: set[str]) -> tuple[str, str] | None:
    """A name, asked for, written as on a passport: the family name in capitals beside the given name in
    ordinary case ("KOWALSKI Carlos", "Carlos KOWALSKI", "name is NOWAK Anna please"), as (given, family)
    in name case; None for anything else (a name all in capitals is asked again, ``name_attempt``)."""
    core = re.sub(r"^is\s+", "", _NAME_LEAD.sub("", t).strip(" .!;"))  # "name is ...": the lead leaves "is"
    core = re.sub(r"^((?:[A-Z][A-Z'\-]+\s+)*[A-Z][A-Z'\-]+)\s*,\s*(?=[A-Z][a-z])", r"\1 ", core)  # "OKAFOR, Aisha"
    words = core.strip(" .!,;").split()  # not "NOWAK Anna please": the verifiers do not read that as a name
    if not 2 <= len(words) <= 4 or not all(re.fullmatch(_LETTERS, w) for w in words):
        return None
    caps = [w.isupper() and len(w) > 1 for w in words]
    k, n = next((i for i, c in enumerate(caps) if c), 0), sum(caps)
    if not 0 < n < len(words) or caps[k:k + n] != [True] * n or k not in (0, len(words) - n):
        return None  # the capitals are one block, first or last
    if any(w.lower() in skip or w.lower() in _NOT_NAMES for w in words):
        return None
    given = words[:k] + words[k + n:]
    if not all(w[:1].isupper() and _name_token_ok(w) for w in given):
        return None
    family = ["-".join(part.capitalize() for part in w.split("-")) for w in words[k:k + n]]
    return " ".join(given), " ".join(family)


# a name said as printed in a passport: "Name as per passport: LARSEN INGRID", "passport name - LARSEN INGRID",
# "Surname/Given names: LARSEN INGRID", "as on my passport: LARSEN, INGRID", "passport name: LARSEN INGRID MS"
_PASSPORT_NAME_CUE = re.compile(
    r"^\W*(?:(?:the\s+|my\s+|full\s+|lead\s+|passenger(?:'s)?\s+)*name\s+)?(?:(?:is\s+)?(?:exactly\s+)?(?:as|like)\s+"
    r"(?:per|on|in|shown on|printed on|written on|it appears on|it is on|it'?s on)\s+(?:the\s+|my\s+|his\s+|her\s+)?"
    r"passport|(?:my\s+)?passport\s+name|(?:sur|last |family )name\s*/\s*(?:given|first)(?:\s+names?)?)"
    r"(?:\s+(?:is|reads|says))?\s*[:\-\u2013\u2014=]?\s*", re.I)
_PRINTED_NAME = re.compile(r"(?-i:([A-Z][A-Z'\-]+))\s*(?:(/)|(,)|\s)\s*(?-i:([A-Z][A-Z'\-]+))"
                           r"(?:\s+(?:MR|MRS|MS|MISS|DR|MSTR))?\W*")


def _passport_printed_name(t: str, skip: set[str]) -> tuple[str, str] | None:
    """(given, family) of a name in capitals said as printed in a passport, family name first, after a passport
    cue ("Name as per passport: LARSEN INGRID", "Surname/Given: LARSEN INGRID"); the order of two capitalised
    words after the cue is read from the given names known (so "as on my passport: INGRID LARSEN" is Ingrid Larsen);
    None for anything else ("LARSEN INGRID" with no cue is asked again, ``name_attempt``)."""
    cue = _PASSPORT_NAME_CUE.match(t)
    rest = t[cue.end():] if cue and cue.end() else t
    m = _PRINTED_NAME.fullmatch(rest.strip())
    if m is None or not (cue and cue.end()) or m.group(2):
        return None  # ("LARSEN/INGRID", the airline's form, is asked again: the oracle reads no name in it)
    one, two = m.group(1), m.group(4)
    if any(w.lower() in skip or w.lower() in _NOT_NAMES or not _name_token_ok(w.capitalize()) for w in (one, two)):
        return None
    if m.group(2) is None and m.group(3) is None and one.lower() in _GIVEN_NAMES and two.lower() not in _GIVEN_NAMES:
        one, two = two, one  # "as on my passport: INGRID LARSEN": the given name said first after all

    def cased(w: str) -> str:
        return "-".join(part.capitalize() for part in w.split("-"))
    return cased(two), cased(one)


# set by ``_names_read`` when the name it gives is only a companion's ("for me and my wife Ana Lopez": no other name said)
_companion_name_read: contextvars.ContextVar[list | None] = contextvars.ContextVar("_companion_name_read", default=None)


# ways a name is said that ``_names_read`` first puts plainly: a given name said, then the full name ("Ingrid, Ingrid
# Larsen", the full name ending the message: not "arjun schmidt, schmidt with a dt"); an initial and family name, then
# the given name of the initial ("Mrs I. Larsen - Ingrid", "I. Larsen (Ingrid)"); a nickname after the name ("ingrid
# larsen but everyone calls me Inky", "Ingrid Larsen, friends call me Inky"); a middle initial ("Ingrid M Larsen")
_NAME_RESTATED = re.compile(r"\b((?-i:[A-Z][a-z'\-]+)|[a-z][a-z'\-]+)\s*(?:,|\.{1,3}|\s[-\u2013\u2014])\s*(?=\1(?:\s+[A-Za-z'\-]+){1,3}\W*$)")
_INITIAL_THEN_GIVEN = re.compile(r"(?:\b(?:mrs|mr|ms|miss|mx|dr|prof)\.?\s+)?\b(?-i:([A-Z]))\.?\s+((?-i:[A-Z][a-z'\-]+))\s*"
                                 r"(?:,|\s[-\u2013\u2014]|\(|:)\s*(?:(?:first|given) name\s*(?:is\s*|:\s*)?)?"
                                 r"((?-i:\1)[a-z'\-]+)\s*\)?", re.I)
_MIDDLE_INITIAL = re.compile(r"\b((?-i:[A-Z][a-z'\-]+))\s+(?:(?-i:[B-HJ-Z])\.?|(?-i:[AI])\.)(?=\s+(?-i:[A-Z][a-z'\-]+)\b)")
_NICKNAME_AFTER = re.compile(r"(?<=\w)\s*[,;.\u2013\u2014-]?\s*(?:but\s+|though\s+|tho\s+|and\s+)?(?:every(?:one|body)|people|"
                             r"friends|my friends|most people|they|folks|all my mates|mates)\s+(?:just\s+)?call\s*s?\s+me\s+"
                             r"[A-Za-z'\-]+\W*$", re.I)


# a name said with a note that the family name comes first: "Okafor Aisha (surname first)", "Okafor Aisha - family name
# first", "OKAFOR Aisha, last name first", "Okafor Aisha (surname, first name)", "Okafor Aisha in that order: surname then
# given name" (read by ``_names_read``: the first word is the family name, the rest the given name)
_SURNAME_FIRST_NOTE = re.compile(
    r"(?:\s*[,;(\u2013\u2014-]\s*|\s+)\(?\s*(?:(?:in\s+)?(?:that|this)\s+order\s*[:,-]?\s*)?(?:(?:the|my|his|her)\s+)?"
    r"(?:(?:sur|last\s*|family\s*)name|surname)s?\s*(?:(?:is|comes|goes|written|said|given)\s+)?(?:first|1st|before)\b"
    r"(?:\s+(?:then|and|,)?\s*(?:the\s+)?(?:first|given|fore)\s*names?(?:\s+(?:second|after|2nd))?)?\s*\)?\W*$"
    r"|(?:\s*[,;(\u2013\u2014-]\s*|\s+)\(?\s*(?:in\s+(?:that|this)\s+order\s*[:,-]?\s*)?(?:sur|last\s*|family\s*)name\s*"
    r"(?:,|/|then|and|\+|&)\s*(?:first|given|fore)\s*names?\s*\)?\W*$", re.I)


# a family name that is also a verdict on the name asked about: typed in lower case after the cue it is the verdict
# ("Last name is fine.", "surname is good": the booking was made under "Fine"), capitalised it is the name ("Last name
# is Fine")
_SURNAME_OR_VERDICT = frozenset({"fine", "good", "ok", "okay", "right", "correct", "great", "same", "perfect", "alright",
                                 "sure", "well", "true", "wrong", "bad", "free"})


_N1 = r"(?-i:[A-Z])[^\W\d_](?:[^\W\d_]|['\-])*"  # one capitalised name word
# a family name said by its kind: "my maiden name Bello", "married name: Okafor", "my birth surname is Bello"
_KIND_OF_SURNAME = re.compile(r"\b(?:maiden|married)\s+(?:sur)?name\b(?=(?:\s+is|\s*:|'s)?\s*" + _N1 + r"\b(?!\s+(?-i:[A-Z])))",
                              re.I)  # (not "my married name is Aisha Okafor": a full name)
# a name preferred to another: "Bello rather than Okafor", "Bello instead of my married name Okafor", "Bello, not Okafor"
_NAME_OVER_NAME = re.compile(r"(?P<x>" + _N1 + r")(?P<gap>\s*[,(]?\s*(?:rather than|instead of|and not|but not|not)\s+(?:(?:my|the|his|her|"
                             r"our)\s+)?(?:(?:maiden|married|birth|old|new|husband'?s|wife'?s|partner'?s)\s+)?(?:(?:sur|last |family )?"
                             r"name\s+)?)(?P<y>" + _N1 + r")\b(?:\s*\))?", re.I)
# another's family name, then the speaker's own: "my husband's surname is Okafor but mine is Bello"
_MINE_IS = re.compile(r"(?:\b(?:my|our)\s+[a-z]+'s|\b(?:his|her|their))\s+(?:sur|last |family )?name\s+(?:is\s+|'s\s+)?" + _N1 +
                      r"\s*,?\s*(?:but|and|while|whereas)\s+mine(?:'s|\s+is)\s+(?P<x>" + _N1 + r")", re.I)
# the speaker's family name said to be another's: "the surname's the same as my husband's, Okafor"
_SAME_SURNAME_AS = re.compile(r"\b(?:the|my)\s+(?:sur|last |family )?name(?:'s|\s+is)?\s+(?:the\s+)?same\s+as\s+(?:my|our)\s+[a-z]+(?:'s)?"
                              r"\s*(?:,|:|-|\u2013|\u2014|\bwhich is\b|\bi\.?e\.?\b)?\s*(?P<x>" + _N1 + r")", re.I)
# "so put it under mine", "use mine": the speaker's own, said by a pronoun (no name)
_UNDER_MINE = re.compile(r"(?:,?\s*(?:so|and)\s+)?\b(?:put|book|use|go with|have)\s+(?:it\s+|the booking\s+)?(?:under\s+)?mine\b\W*", re.I)
# a name said, then corrected: "Aisha Okafor - sorry, rather Aisha Bello", "Aisha Okafor, I mean Aisha Bello"
_NAME_CORRECTION = re.compile(r"(?P<a>(?:" + _N1 + r"\s+){0,2}" + _N1 + r")\s*(?:[,;.!\u2013\u2014]|\s-)\s*(?:(?:no|sorry|oops|wait|"
                              r"i mean|i meant|actually|rather|correction|make that|scratch that|my bad)\b[\s,:!.-]*)+"
                              r"(?P<b>(?:" + _N1 + r"\s+){0,2}" + _N1 + r")\s*[.!]?\s*$", re.I)


# (fix44i) a family name said after words that describe it: "my surname is double-barrelled: Okafor-Berg", "hyphenated:
# ...", "my surname is Irish: O'Brien", "surname is changed to Berg", "my last name is spelled differently: Okafour", "last
# name correction - Okafour", "my last name is long, it's Okafor-Mensah", "the surname is actually two words: van Dijk",
# "my surname has an accent: M\u00fcller", "Surname: long one, Okafor-Mensah": the name is what follows the colon, dash,
# "it's" or "to", never a describing word (only words of ``_SURNAME_DESCRIBERS`` describe: "my surname is Berg, it's
# Swedish" keeps Berg)
_SURNAME_DESCRIBERS = frozenset(
    "double double-barrelled double-barreled barrelled barreled hyphenated hyphen with a an has have got contains is was "
    "irish scottish welsh dutch german french spanish portuguese italian polish greek turkish arabic nigerian ghanaian "
    "changed updated corrected correction fix fixed wrong different differently spelled spelt spelling misspelled "
    "misspelt written long longer short one bit quite very rather really pretty kind of sort actually now also "
    "two three words word parts part compound accent accents accented umlaut apostrophe space spaces special character "
    "characters lowercase lower-case lower case uppercase capitals small letters letter unusual tricky complicated hard "
    "difficult foreign odd weird unique should be needs to spelled-out new legally officially".split())
_NAME_PARTICLE = r"(?:(?:van|von|de|da|del|della|der|den|di|du|la|le|el|al|bin|ibn|ter|ten|dos|das|mac|st\.?)\s+)"
_SURNAME_DESCRIBED = re.compile(
    r"\b(?:(?:my|the|our|his|her)\s+)?(?:sur|last\s+|family\s+)name(?:'s|\s+is|\s+was|\s*:)?\s+"
    r"(?P<desc>(?:[^\W\d_][\w'\-]*\s*){1,5}?)"
    r"(?:\s*(?:[:\u2013\u2014,]|\s-|-\s)\s*(?:(?:it'?s|its|it is|which is|namely|i\.e\.?|so)\b)?"
    r"|\s*,?\s*(?:it'?s|its|it is|which is|namely|i\.e\.?|to|as|like|so)\b)\s*"
    r"(?P<x>" + _NAME_PARTICLE + r"{0,3}[^\W\d_][^\W\d_]*(?:['\-][^\W\d_]+)*)(?=\s*(?:[.,;!)]|$|\s+(?:please|pls|thanks|thank you)\b))",
    re.I)


def surname_described(t: str) -> str:
    """``t`` with "my surname is <describing words>: X" said as "my surname is X" (``_SURNAME_DESCRIBED``)."""
    m = _SURNAME_DESCRIBED.search(t)
    if not m or not all(w.lower().strip("'") in _SURNAME_DESCRIBERS for w in m.group("desc").split()):
        return t
    x = m.group("x")
    if x.split()[-1].lower() in _NOT_NAMES or x.lower() in _SURNAME_DESCRIBERS:
        return t
    x = " ".join(w if w.lower() in {"van", "von", "de", "da", "del", "della", "der", "den", "di", "du", "la", "le", "el",
                                    "al", "bin", "ibn", "ter", "ten", "dos", "das"} or w[:1].isupper()
                 else "-".join(q[:1].upper() + q[1:] for q in w.split("-")) for w in x.split())
    return t[:m.start()] + "my surname is " + x + t[m.end():]


# words that make a message one about a name: "I'm Aisha. Bello, not Okafor.", "use Bello instead of Okafor" (not "from
# Madrid, not Barcelona")
_NAME_CONTEXT = re.compile(r"\b(?:(?:sur|first |last |given |family )?names?|surname|i'?m|i am|call me|use|put|under)\b", re.I)


def _name_preferred(t: str) -> str:
    """``t`` with the names the speaker sets aside left out, so that the one kept is read: "Bello rather than Okafor"
    reads "surname Bello" (two single names, the one kept a family name unless a known given name), "my husband's
    surname is Okafor but mine is Bello" reads "my surname is Bello", "the surname's the same as my husband's, Okafor"
    reads "my surname is Okafor", "Aisha Okafor - sorry, rather Aisha Bello" reads "Aisha Bello"."""
    t = surname_described(t)
    if m := _MINE_IS.search(t):
        t = t[:m.start()] + "my surname is " + m.group("x") + t[m.end():]
    if m := _SAME_SURNAME_AS.search(t):
        t = t[:m.start()] + "my surname is " + m.group("x") + t[m.end():]
    t = _UNDER_MINE.sub(" ", t)
    t = _KIND_OF_SURNAME.sub("surname", t)
    for m in reversed(list(_NAME_OVER_NAME.finditer(t))):
        x = m.group("x")
        if x.lower() in _NOT_NAMES or m.group("y").lower() in _NOT_NAMES:
            continue
        labelled = re.search(r"\b(?:sur|last |family |first |given )?name(?:\s+is|:|'s)?\s*$", t[:m.start()], re.I)
        before = re.search(r"(" + _N1 + r")\s*$", t[:m.start()])
        solo = not (before and before.group(1).lower() not in _NOT_NAMES) and not labelled  # no name word said before
        lead = "surname " if (solo and x.lower() not in _GIVEN_NAMES and _NAME_CONTEXT.search(t)
                              and not re.search(r"\b(?:from|to|in|on|at|via|fly|flying|and)\s*$", t[:m.start()], re.I)) else ""
        t = t[:m.start()] + lead + x + t[m.end():]
    if (m := _NAME_CORRECTION.search(t)) and all(w.lower() not in _NOT_NAMES for w in m.group("b").split()):
        a, b = m.group("a").split(), m.group("b").split()
        if len(b) == 1 and len(a) >= 2:  # "Aisha Okafor - sorry, Bello": one word corrects one of the two
            b = ([b[0]] + a[1:]) if b[0].lower() in _GIVEN_NAMES and a[0].lower() not in _GIVEN_NAMES else a[:-1] + b
        t = t[:m.start()] + " ".join(b) + t[m.end():]
    return t


def _names(text: str, db=None, expecting: str | None = None) -> tuple[str | None, str | None]:
    return _names_and_whose(text, db, expecting)[:2]  # type: ignore[return-value]


def _names_and_whose(text: str, db=None, expecting: str | None = None) -> tuple[str | None, str | None, bool]:
    """``_names``, and whether the name is only a companion's, said beside who they are ("me and my colleague Tom
    Patel"): the lead passenger's only while no lead is named."""
    token = _named_yes.set(_yes_names_placed((text or "").replace("\u2019", "'")))
    seen: list = []
    mark = _companion_name_read.set(seen)
    try:
        first, last = _names_read(text, db, expecting)
        return first, last, bool(seen) and bool(first or last)
    finally:
        _named_yes.reset(token)
        _companion_name_read.reset(mark)


def _names_read(text: str, db=None, expecting: str | None = None) -> tuple[str | None, str | None]:
    """(first, last) given as a name in this message; (token, None) for a lone given name.

    A name is taken only after a naming cue ("my name is", "name:", "under the name", "I'm",
    "it's", "for", ...), as "Last, First", or as a sentence that is nothing but a name
    (capitalised, or in any case when the target has just asked for a name). Common words
    ("Please proceed", "Looks great") are never names."""
    t = (text or "").replace("\u2019", "'")
    t = _name_preferred(t)  # "Bello rather than Okafor", "mine is Bello": the name kept
    t = re.sub(r"\byours\s+truly\b", "me", t, flags=re.I)  # "yours truly, Liam Walsh": the speaker, never a name
    # a title in brackets after the name ("Leila Ivanova (Dr)") is only a title
    t, titled = re.subn(r"\s*\(\s*(?:" + "|".join(sorted(_TITLES)) + r")\.?\s*\)", "", t, flags=re.I)
    t = _POST_NOMINALS.sub("", t)
    t = re.sub(r"\b(?-i:I|i)m\s+(?=(?-i:[A-Z]))", "I'm ", t)  # "Im Aisha. Aisha Okafor": "I'm" without its apostrophe
    t = _NAME_RESTATED.sub("", t)  # "the name's Ingrid, Ingrid Larsen": the given name said, then the full name
    t = _INITIAL_THEN_GIVEN.sub(r"\3 \2", t)  # "Mrs I. Larsen - Ingrid": the initial's given name said after
    t = _NICKNAME_AFTER.sub("", t)  # "ingrid larsen but everyone calls me Inky": the name, then what friends call them
    t = _MIDDLE_INITIAL.sub(r"\1", t)  # "Ingrid M Larsen", "Dr. Ingrid M. Larsen": the given name is "Ingrid"
    if titled and (m := re.fullmatch(r"\s*((?-i:[A-Z])" + _LETTERS + r")\s+(?-i:[A-Z])\.?\s*", _NAME_LEAD.sub("", t))) \
            and _name_token_ok(m.group(1)):
        return None, m.group(1)  # "Ivanova L. (Mrs)": the family name, then an initial, as on a formal list
    first = last = None
    places = place_names(db)
    months = set(MONTHS) | set(WEEKDAYS)

    def usable(toks: list[str], strong: bool = False) -> bool:
        core = [x for x in toks if x.lower() not in _TITLES and x.lower() not in _PARTICLES]
        whole = " ".join(x.strip(".,!") for x in core).lower()  # "New York", "Sao Paulo": a city, not a person
        # a month or weekday opening a name of two or more words is a given name ("May Chen", "June Park",
        # "Jan van der Berg"); alone, or after the first word, it is a date ("on May 5", "Chen May")
        dated = [x for k, x in enumerate(core) if x.lower().strip(".") in months and (k > 0 or len(core) < 2)]
        return (bool(core) and not any((x.lower() in places and not strong) for x in core) and not dated
                and not any(x.lower().strip(".") in months for x in core[1:])
                and not (whole in places and (len(core) > 1 or not strong)))

    if expecting == "last_name" and re.fullmatch(r"\W*" + _LETTERS + r"\s*\(\s*" + _LETTERS + r"\s*\)\W*", t):
        return _last_name_answer(t, places | months)  # "kim (ewa)": the family name, the given one in brackets
    if expecting == "last_name" and (caps := _caps_surname(t, places | months)):
        return None, caps  # "FISCHER", "it's KIM": asked for the last name, typed in capitals
    if printed := _passport_printed_name(t, places | months):
        return printed  # "Name as per passport: LARSEN INGRID", "LARSEN/INGRID": the family name first, as printed
    if expecting == "name" and (passport := _caps_family_name(t, places | months)):
        return passport  # "KOWALSKI Carlos": the family name in capitals, as on a passport
    if (note := _SURNAME_FIRST_NOTE.search(t)) and (
            said := re.fullmatch(r"\s*(" + _LETTERS + r")((?:\s+" + _LETTERS + r"){1,3})\s*[,.]?\s*",
                                 _NAME_LEAD.sub("", t[:note.start()]))) and all(
            _name_token_ok(w) and w.lower() not in _TITLES for w in said.group(0).split()) and usable(said.group(0).split()):
        return " ".join(_tidy(said.group(2).split())), " ".join(_tidy([said.group(1)]))  # "Okafor Aisha (surname first)"
    if (labelled := _labelled_name(t))[0]:
        return labelled  # "Last name Tanaka, first Yui", "first: Yui last: Tanaka"
    spans: list[tuple[int, int]] = []  # what the cues below read, blanked before the rest is read
    m = _LAST_CUE.search(t)
    if m and _NO_NAME_GIVEN.search(t[max(0, m.start() - 50):m.start()]):
        m = None  # "he wont tell me his surname lol": no last name is given ("Lol" is none)
    if m:
        run = _name_run(t, m.end(), True)
        if not run and (word := re.match(r"\s*([a-z]+)\b(?!['\u2019-])", t[m.end():], re.I)) \
                and word.group(1).lower() in _WORD_SURNAMES \
                and not (word.group(1).islower() and word.group(1) in _SURNAME_OR_VERDICT):
            run = [word.group(1).capitalize()]  # "my surname is Price": a family name that is also a word
        if not run and (caps := re.match(r"\s*((?-i:[A-Z][A-Z'\-]+))\b", t[m.end():])) and \
                caps.group(1).lower() not in _NOT_NAMES and not _BOOKING_ID.fullmatch(caps.group(1)):
            run = [caps.group(1).capitalize()]  # "booking ref BK... - surname KIM, is it confirmed"
        if run and usable(run):
            last = " ".join(_tidy(run))
            spans.append((m.start(), _run_end(t, m.end(), run)))
            # "surname Okafor, Aisha": the one name word said next, on its own, is the given name
            given = re.match(r"\s*,\s*(" + _LETTERS + r")\s*(?=$|[,.;!]|please\b|pls\b|thanks\b)", t[spans[-1][1]:])
            if (given and not _FIRST_CUE.search(t) and (given.group(1)[:1].isupper() or expecting in ("name", "last_name"))
                    and _name_token_ok(given.group(1)) and usable([given.group(1)])):
                first = _tidy([given.group(1)])[0]
                spans[-1] = (m.start(), spans[-1][1] + given.end())
    m = _FIRST_CUE.search(t)
    if m:
        run = _name_run(t, m.end(), True)
        if run and usable(run):
            first = " ".join(_tidy(run))
            spans.append((m.start(), _run_end(t, m.end(), run)))
    if last and not first:  # "Liam here. Last name Walsh, ...": the speaker's given name said with "here" / "speaking"
        here = re.search(r"(?:^|(?<=[.!?;,]))\s*(?:(?:hi|hello|hey)\W+)?((?-i:(?=[A-Z]))" + _LETTERS + r")\s+(?:here|speaking)\b",
                         t, re.I)
        if (here and here.group(1).lower() not in _NOT_NAMES and here.group(1).lower() != last.lower()
                and _name_token_ok(here.group(1)) and usable([here.group(1)])):
            first = _tidy([here.group(1)])[0]
    if first and last:
        return first, last
    for a, b in spans:  # "my last name is Khan": Khan is not read again as a given name
        t = t[:a] + " , " + " " * (b - a - 3) + t[b:] if b - a >= 3 else t[:a] + " " * (b - a) + t[b:]
    # "Okafor, Aisha Okafor": the family name said first, then the full name that ends with it
    m = re.fullmatch(r"\s*(" + _LETTERS + r")\s*(?:,|\s[-\u2013\u2014])\s*(" + _LETTERS + r"(?:\s+" + _LETTERS + r")*)\s+(" +
                     _LETTERS + r")\s*[.!]?\s*", _NAME_LEAD.sub("", t))
    if m and not (first or last) and m.group(1).lower() == m.group(3).lower():
        a, b = [m.group(1)], m.group(2).split()
        if all(_name_token_ok(x) for x in a + b) and usable(a + b) and (a[0][:1].isupper() or expecting):
            return " ".join(_tidy(b)), " ".join(_tidy(a))
    # "It's Walsh, Diego", "under Hernandez, Ingrid", "it's Okafor - Aisha": "Last, First" after words that lead a name
    # ("Dr. Ivanova, Leila": a title before the family name)
    m = re.fullmatch(r"\s*(?:(?:" + "|".join(sorted(_TITLES)) + r")\.?\s+)?(" + _LETTERS + r"(?:\s+" + _LETTERS +
                     r")*)\s*(?:,|\s[-\u2013\u2014])\s*(" + _LETTERS + r")\s*[.!]?\s*", _NAME_LEAD.sub("", t), flags=re.I)
    if m and not (first or last) and (m.group(0).strip() != t.strip() or re.match(r"\s*(?:" + "|".join(_TITLES) + r")\b",
                                                                                   m.group(0), re.I)):
        a, b = m.group(1).split(), [m.group(2)]
        if all(_name_token_ok(x) for x in a + b) and usable(a + b) and (a[0][:1].isupper() or expecting):
            return " ".join(_tidy(b)), " ".join(_tidy(a))
    candidates: list[list[str]] = []
    # names read only when no other name is said: a relative named as one more of the party ("Liam Walsh, plus my wife
    # Anna Walsh", "me (Hiroshi Novak) and my sister Keiko Novak"), a nickname after "call me"
    companions: list[list[str]] = []
    nicknames: list[list[str]] = []  # the speaker's own, after "call me": theirs when no other name is said
    selves: list[list[str]] = []  # the speaker's own name ("my name's Jordan Lee"): not a traveller's when booking for another
    traveller_named = False  # another full name said as the traveller's ("the passenger is Tom Berg")
    for m in _STRONG_CUE.finditer(t):
        if _NO_NAME_GIVEN.search(t[max(0, m.start() - 50):m.start()]):
            continue  # "i dont know his last name haha"
        if _AS_CONJUNCTION.match(t, m.end()) and m.group(0).lower().rstrip().endswith(" as"):
            continue  # "book it as long as it's refundable", "book it as soon as you can": no name
        run = _name_run(t, m.end(), True)
        if run and usable(run, strong=True):  # "my name is Sydney Smith": a city can be a name here
            if re.search(r"\b(?:my|our)\s+[a-z-]+(?:'s|s')\s*$|\b(?:his|her|their)\s*$", t[max(0, m.start() - 30):m.start()],
                         re.I):  # ("I'm Olga Bianchi, and her name is Nina Bianchi": hers is the companion's name)
                companions.append(run)  # "Hiroshi Novak; my sister's name is Keiko Novak": who comes along, not the
                continue  # lead (read only when no other name is said: "my wife's name is Ana Lopez")
            if len(run) == 1 and m.group(0).lower().startswith("call me"):
                companions.append(run)  # "Fatima Mwangi, but call me Fati": a nickname, the full name said wins
                nicknames.append(run)
                continue
            candidates.append(run)
            if _SELF_NAMED.search(t[max(0, m.start() - 3):m.end()]):
                selves.append(run)
            elif re.search(r"\b(?:passenger|travell?er)\b", m.group(0), re.I) and len(run) >= 2:
                traveller_named = True  # "my name is Aisha Okafor, the passenger is Tom Berg": Tom flies
    for m in _TRAVELLER_FLIES.finditer(t):  # "Tom Berg is flying, I'm just booking (Aisha Okafor)"
        run = m.group(1).split()
        if all(_name_token_ok(x) for x in run) and usable(run):
            candidates.append(run)
            traveller_named = True
    booker_after = False  # a traveller's full name, then the speaker's own (_TRAVELLER_THEN_SELF)
    if ((m := _TRAVELLER_THEN_SELF.match(t))  # "Tom Berg, and my name is Aisha Okafor" ("and I'm ...": no "Tom and I")
            and not _WITH_SPEAKER.search(re.sub(r"\b(?:and|&)\s+(?=i'?m\b|im\b|i am\b)", " ", t, flags=re.I))):
        any_case = expecting == "name"
        run, own = _name_run(t, m.start("n"), any_case), _name_run(t, m.start("s"), any_case or True)
        own_ok = own and all(_name_token_ok(x) for x in own) and (len(own) >= 2 or own[0][:1].isupper())
        if (len(run) >= 2 and _run_end(t, m.start("n"), run) >= m.end("n") and usable(run) and own_ok
                and not {x.lower() for x in _tidy(own)} <= {x.lower() for x in _tidy(run)}):  # ("Anna Schmidt, I'm Anna")
            candidates.append(run)
            selves.append(own)  # (the speaker's name, read by the cues below as well, is set aside: traveller_named)
            traveller_named = booker_after = True
    for m in _NAME_THEN_CUE.finditer(t):  # "Arjun Bianchi here, ...": two words or more, no city ("New York here")
        run = m.group(1).split()
        if all(_name_token_ok(x) for x in run) and usable(run):
            candidates.append(run)
            selves.append(run)  # the speaker's name: the traveller's only when no one else is named for the trip
    named_for = False  # a full name said after "for": "could you book ... for Maya Adeyemi?"
    for m in _SELF_IN_BRACKETS.finditer(t):  # "me (Liam Walsh)": the speaker's own name
        run = _name_run(t, m.end(), True)
        if run and usable(run):
            candidates.append(run)
            selves.append(run)
    for m in _WEAK_CUE.finditer(t):
        run = _name_run(t, m.end(), False)
        if not (run and usable(run)):
            continue
        if re.match(r"(?i)(?:my|our)\b", m.group(0)) and _COMPANION_JOIN.search(t[:m.start()]):
            companions.append(run)
            continue
        if len(_tidy(run)) == 1 and m.group(0).lower().startswith("under") and not last and expecting != "name":
            last = _tidy(run)[0]  # a booking is filed under a last name: "it's under Kim"
        elif len(run) >= 2 or m.group(0).lower().startswith(("i'm", "i am", "this is", "it", "use", "put")):
            candidates.append(run)
            if m.group(0).lower().startswith(("i'm", "i am", "this is")) or (
                    m.group(0).lower().startswith("it") and _GREETING_BEFORE.fullmatch(t[:m.start()])):
                selves.append(run)  # "Hi I'm Jordan Lee", "Hello, it's Jordan Lee": the speaker
            named_for = named_for or (m.group(0).lower().startswith("for") and len(run) >= 2)
    # "hi im grace fischer, pls cancel ...": a full name in lower case after a greeting, closed by a comma or stop
    m = re.match(r"\W*(?:(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening))\W+)?(?:im|i'm|i am|this is|my name is|"
                 r"my name's)\s+([a-z][a-z'-]+)\s+([a-z][a-z'-]+)\s*(?:[,.;!]|$|here\b)", t)
    if (m and not candidates and not last and all(_name_token_ok(w) and w not in places and w not in months and len(w) > 1
                                                  for w in m.groups())):
        candidates.append(list(m.groups()))
    # "Patel, Grace"
    m = re.fullmatch(r"\s*(" + _LETTERS + r"(?:\s+" + _LETTERS + r")*)\s*,\s*(" + _LETTERS + r")\s*[.!]?\s*", t)
    if m and not candidates:
        a, b = m.group(1).split(), [m.group(2)]
        if all(_name_token_ok(x) for x in a + b) and usable(a + b) and (a[0][:1].isupper() or expecting):
            given, family = " ".join(_tidy(b)), " ".join(_tidy(a))
            return first or given, last or family
    # a sentence that is only a name
    if not candidates:
        # asked for a name, any comma ends one: "Sofia Walsh, passport X1234567"
        # "hold a seat ... 24 nov, Tomasz Andersen, 1 person": a name between commas, beside other details
        # "Miami to Doha, 14 April, just me - Maya Adeyemi": a name set off by a spaced dash at a sentence's end (the
        # words before the dash are not read as a name)
        # the words after a spaced dash first ("just me - Maya Adeyemi"), then those before it when they are only a
        # name ("Ravi Tanaka - it's not urgent", "Ravi Tanaka - thanks"; not beside a booking reference, whose name
        # is read with it: "BK... - Nguyen Hiroshi - is it confirmed?")
        pieces = []
        # (no sentence ends at a title's or an initial's full stop: "Mrs L. Ivanova", "Dr. Leila Ivanova")
        for x in re.split(r"(?<=[;!?\n])|(?<=\.)(?!(?<=\b[A-Z]\.)\s+[A-Z][a-z])" + _AFTER_TITLE_STOP + r"|,", t):
            parts = re.split(r"\s[-\u2013\u2014]+\s", x)
            pieces += [(parts[-1], True)] + ([(parts[0], False)] if len(parts) == 2 and not _BOOKING_ID.search(t) else [])
        for sent, trailing in pieces:
            if "?" in sent:
                continue  # "refundable?" is a question, not a name
            sent = sent.strip(" .;!\n")
            core = re.sub(r"^\s*(?:(?:sure|ok|okay|yes|it's|its|name|the name is|just|only|simply|use|me|myself|"
                          r"(?:the\s+)?lead(?:\s+(?:pax|passenger|traveller|traveler))?(?:\s+(?:is|will be))?)[,:]?\s+)+", "", sent,
                          flags=re.I).strip()
            core = re.sub(r"\s+(?:and|&|\+|with|plus)\s+(?:(?:my|our|his|her)\s|(?:sis|bro|hubby|wifey|wife|husband|partner|"
                          r"sister|brother|mum|mom|dad|son|daughter|gf|bf|girlfriend|boyfriend)\b).*$", "", core,
                          flags=re.I)  # "diego walsh and
            # my brother": the lead passenger's name, then who comes along
            core = re.sub(r"\s*(?:and|&|\+|with|plus)\s*(?:the\s+)?(?:other\s+)?(?:\d{1,2}|" + _NUMBER_WORD_RE + r")\s+"
                          r"(?:[a-z-]+\s+)?" + _OTHERS_OF + r"\b.*$", "", core, flags=re.I)  # "Liam Walsh & 5 others"
            if not core:
                continue
            run = _name_run(core, 0, bool(expecting in ("name", "last_name")))
            words = re.findall(_LETTERS, core)
            if (expecting == "last_name" and len(words) == 1 and words[0].lower() in FAMILY_FIRST
                    and words[0].lower() not in _NOT_NAMES):
                candidates.append([words[0][:1].upper() + words[0][1:]])  # "Le", "its Do": a family name that is
                break  # also a particle or a short word
            if run and len(run) == len(words) and usable(run) and (len(run) >= 2 or expecting in ("name", "last_name")):
                candidates.append(run)
                break
            if expecting in ("name", "last_name") and trailing:  # asked for a name: a capitalised name ending the sentence
                tail = _trailing_name(core, 1 if expecting == "last_name" else 2)  # "ok fine its Khan"
                if tail and usable(tail) and " ".join(tail).lower() not in places:
                    candidates.append(tail)
                    break
    if not candidates:
        # "for me and my wife Ana Lopez": no other name is said; a companion's one word is never the lead's name ("me
        # and my colleague Patel", "with my wife Ana": a given name or a family name, and someone else's)
        candidates = [c for c in companions if len(_tidy(c)) >= 2 or any(c is x for x in nicknames)]
        if (any(not any(c is x for x in nicknames) for c in candidates)
                and (seen := _companion_name_read.get()) is not None):
            seen.append(True)
    # who comes with the traveller ("my sister Aisha ... and her two kids") keeps the booker out; only the booker's own
    # people ("... and my kids") may mean the booker travels too
    mine_too = any(re.search(r"\b(?:my|our)\s", m.group(0), re.I) for m in _OTHERS_TOO.finditer(t))
    if (selves and (_BOOKS_FOR_ANOTHER.search(t) or named_for or traveller_named)
            and (booker_after or not _WITH_SPEAKER.search(t)) and not mine_too):
        # "I'm an EA booking for my boss, Maya Adeyemi. ... My name's Jordan Lee": the booker's name is not the
        # traveller's; the traveller's name is read, or asked
        candidates = [c for c in candidates if not any(c is x for x in selves)] or companions
        # ("I'm Olga Bianchi, booking for my sister, her name is Nina Bianchi": the one travelling is the sister)
    if candidates and last and not first:
        best = _tidy(max(candidates, key=lambda r: len(_tidy(r))))
        fam = last.split()
        at = next((k for k in range(len(best) - len(fam) + 1) if [w.lower() for w in best[k:k + len(fam)]] ==
                   [w.lower() for w in fam]), None)
        if at is not None:  # "Wang Xiaoming, family name Wang": the rest of the full name is the given name
            rest = best[:at] + best[at + len(fam):]
            return (" ".join(rest) or None), last
    if candidates:
        best = max(candidates, key=lambda r: len(_tidy(r)))
        given, family = _split_name(best) if _tidy(best) else (None, best[0] if len(best) == 1 else None)
        if family is None and expecting == "last_name":
            given, family = None, given
        if (family is None and given is not None and first and not last and given.lower() != first.lower()
                and given.lower() not in _GIVEN_NAMES):
            given, family = None, given  # "name's Okafor, first name Aisha": the given name labelled, the other word the family name
        if family is None and given is not None and given == last:
            given = None  # "it's under Kim": one name, read once
        first, last = first or given, last or family
    if expecting == "last_name" and not first and not last:
        return _last_name_answer(t, places | months)
    return first, last


_NAME_AFTER_COUNT = re.compile(r"\b(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\s*(?:pax|ppl|people|persons?|"
                               r"passengers?|adults?|travell?ers?|seats?|tickets?)\s+"
                               r"((?-i:[A-Z][a-z'\-]+)(?:\s+(?-i:[A-Z][a-z'\-]+)){1,2})\s*(?=$|[,.;!])", re.I)
# a full name typed in lower case, set off by a comma beside a passenger count: "..., zara costa, 1 pax", "1 pax, zara
# costa", and run on after the count: "... jul 23 1 adult omar cohen" (see ``parse``)
_COUNT_WORDS = (r"(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|just one)\s*(?:pax|ppl|people|persons?|passengers?|"
                r"adults?|travell?ers?|seats?|tickets?)")
_LOWER_NAME_BY_COUNT = re.compile(r"(?:^|[.;!,]\s*)([a-z][a-z'\-]+\s+[a-z][a-z'\-]+)\s*,\s*" + _COUNT_WORDS + r"\b"
                                  r"|\b" + _COUNT_WORDS + r"\s*,\s*([a-z][a-z'\-]+\s+[a-z][a-z'\-]+)\s*(?=$|[.;!,])")
_LOWER_NAME_AFTER_COUNT = re.compile(r"\b" + _COUNT_WORDS + r"\s+([a-z][a-z'\-]+\s+[a-z][a-z'\-]+)\s*(?=$|[.;!,])")
# texting words that are no name
_TEXTING_WORDS = set("nonstop direct biz roundtrip oneway tmrw tmr tomoz asap rn pls plz thx ty lol btw only window aisle "
                     "red eye anytime flexible dates whenever next fare time wife hubby husband mid late early week "
                     "weekend".split())
# a question about which names are needed: "do you need my middle name too?", "should I add my maiden name?"
NAME_QUESTION = re.compile(r"^\W*(?:(?:ok(?:ay)?|so|and|also|wait|um+|oh|sorry|hmm+)\W+)?(?:do|does|did|should|shall|must|can|could|"
                           r"will|would|is|are|what about)\b[^.!?]*\b(?:(?:middle|maiden|second|legal|full|nick|both)\s*names?"
                           r"|names? (?:of|for) (?:everyone|everybody|all|each|the others)|(?:all|both|everyone'?s|each) names?)\b[^.!]*"
                           r"(?:\?|$)", re.I)
_POLITE_END = re.compile(r"[,\s]+(?:please|pls|plz|thanks|thank you|thx|ty|cheers)\s*$", re.I)
# family names that usually come first when a name is written in its own order (Vietnamese, Chinese, Korean)
# and are rarely given names in English: "Nguyen Van An", "Tran Thi Mai", "Wang Xiaoming", "Park Ji-woo"
FAMILY_FIRST = set("""
nguyen tran pham hoang huynh phan vu vo dang bui ngo duong truong dinh trinh doan luong
wang zhang liu yang zhao huang zhou xu zhu guo luo zheng liang xie tang feng
park choi jung kang cho yoon jang le ly do ho
""".split())
# short words that are also names ("Nguyen Van An", "Do Van Hung", "Tran Thi My"): name words only between
# other name words
_SHORT_NAME_WORDS = {"an", "do", "ho", "my", "ha"}
_NAME_LEAD = re.compile(r"^\W*(?:(?:sure|ok|okay|yes|yeah|so|well|um+|uh|it'?s|its|it is|that'?s|that is|this is|i'?m|i am|"
                        r"name|name is|name's|my name is|my name's|the name is|names?:|full name(?: is|:)?|"
                        r"the passenger is|passenger(?: name)?(?: is|:)?|lead passenger(?: is|:)?|"
                        r"(?:put|book) it (?:under|in the name of)|under(?: the name(?: of)?)?)[,:]?\s+)+", re.I)


# the name of another of the party, said as "the other": "and the other is Tom Reyes", "the second one's Tom Reyes",
# "other passenger: Tom Reyes", "2nd traveller - Tom Reyes" (blanked before the lead passenger's name is read)
_OTHER_NAMED = re.compile(r"(?:\b(?:and|&|\+|plus)\s+|[,;]\s*)?\b(?:the\s+)?(?:other|second|2nd)(?:\s+(?:one|person|passenger|pax|"
                          r"travell?er|guy|lady|adult|name))?(?:'s|\s+(?:is|will be|would be)|\s*[:=\u2013\u2014-])\s*(?:called\s+)?"
                          r"(?-i:[A-Z][a-zA-Z'\-]+)(?:\s+(?-i:[A-Z][a-zA-Z'\-]+)){0,2}", re.I)


# a name said alone that has a weekday in it ("Sunday Adeyemi", "Grace Friday", "Tuesday Weld"): a name when one is asked,
# unless the words say a day ("next Friday", "Friday 12th", "Friday Morning", "Friday or Saturday")
_WEEKDAY_NAME = re.compile(r"\W*(?:(?:ok(?:ay)?|sure|yes|yeah|yep|it'?s|its|i'?m|i am|name'?s|my name is|the name'?s|"
                           r"this is|that'?s|lead(?: passenger)?(?: is|:)?|passenger(?: is|:)?)[\s,:]+)*"
                           r"((?:(?-i:[A-Z][a-z'\-]+)\s+){1,2}(?-i:[A-Z][a-z'\-]+))[\s.!]*(?:thanks|thank you|thx|please|pls)?[\s.!]*",
                           re.I)
_NOT_WITH_WEEKDAY = {"next", "this", "last", "on", "every", "coming", "until", "till", "by", "before", "after", "from", "the",
                     "early", "late", "mid", "morning", "afternoon", "evening", "night", "today", "tomorrow", "or", "and",
                     "week", "weekend", "lunchtime", "noon", "midday", "flight", "flights", "works", "is", "fine", "ok"}


def _weekday_name(text: str) -> list[str] | None:
    """The words of ``_WEEKDAY_NAME``: a weekday and other name words, none a day's or month's word."""
    m = _WEEKDAY_NAME.fullmatch((text or "").replace("\u2019", "'"))
    if not m:
        return None
    words = m.group(1).split()
    low = [w.lower() for w in words]
    if (not any(w in WEEKDAYS for w in low) or all(w in WEEKDAYS for w in low) or any(w in _NOT_WITH_WEEKDAY or w in MONTHS
                                                                                         for w in low)
            or not all(_name_token_ok(w) or w in WEEKDAYS for w in low)):
        return None
    return words


def name_attempt(text: str, expecting: str | None = None) -> tuple[list[str], str] | None:
    """A message that gives a personal name the strict reading (``_names``) cannot take as it stands,
    its words and why: ("order") a full name that opens with a family name usually written first
    ("Nguyen Van An", "Tran Thi Mai", "Wang Xiaoming"): which word is the last name is not sure;
    ("words") a name with a word that is also an ordinary word ("Nguyen Van An"); ("initial") a given name
    said only by its initial ("C. Kowalski"); ("capitals") a
    name typed all in capitals ("DIEGO WALSH"); ("two") two people under one surname ("Diego and
    Maria Walsh"). None for any other message (a sentence of other words, a single word)."""
    t = (text or "").replace("\u2019", "'").strip()
    if not t or "?" in t or re.search(r"\d|@", t):
        return None
    lead = _NAME_LEAD.sub("", t).strip(" .!;")
    # ("Ravi Tanaka - thanks": set off by a dash as by a comma, the polite word is no part of the name)
    polite = bool(_POLITE_END.search(lead)) and not re.search(r"(?:[,.;!]|\s[-\u2013\u2014])\s*\w+(?:\s+you)?\s*$", lead)
    core = _POLITE_END.sub("", lead).strip(" .!,;")
    words = re.findall(_LETTERS, core)
    if not 2 <= len(words) <= 5 or len(" ".join(words)) < len(core.replace(",", " ").strip()) - 3:
        return None  # not just words: "Sofia, passport X123" and the like are read elsewhere
    low = [w.lower() for w in words]
    if "and" in low or "&" in core:
        k = low.index("and") if "and" in low else None
        if k == 1 and len(words) == 4 and all(_name_token_ok(w) and w[:1].isupper() for w in words[:1] + words[2:]):
            return [words[0], words[3]], "two"  # "Diego and Maria Walsh": the lead passenger's name asked
        halves = [h.split() for h in re.split(r"\s+(?:and|&)\s+", core, flags=re.I)]
        if (len(halves) == 2 and all(len(h) == 2 for h in halves)  # "Carlos Kowalski and Maria Kowalski": two people
                and all(_name_token_ok(w) and w[:1].isupper() for h in halves for w in h)):
            return halves[0], "two"
        return None
    if (len(words[0]) == 1 and words[0].isalpha() and 2 <= len(words) <= 3
            and all(w[:1].isupper() and _name_token_ok(w) for w in words[1:])):
        return words[1:], "initial"  # "C. Kowalski": the given name is only an initial
    caps = core.isupper() and all(len(w) > 1 for w in words)
    if caps:
        words = [w.capitalize() for w in words]
        low = [w.lower() for w in words]
    asked = expecting in ("name", "last_name")
    if not (asked or caps or all(w[:1].isupper() for w in words)):
        return None
    if (len(words) >= 3 and not caps and words[-1].islower() and low[-1] not in _PARTICLES
            and all(w[:1].isupper() or w.lower() in _PARTICLES for w in words[:-1])
            and sum(w[:1].isupper() for w in words[:-1]) >= 2):
        # "Maya Adeyemi obviously", "Maya Adeyemi x": a name typed in capitals, then a word that is not: whether that
        # word is the surname is not sure, so the name is asked again, on its own
        return list(words[:-1]), "spelling"
    plain = [w for w in words if w.lower().strip(".") not in _TITLES]
    if (len(plain) == 2 and plain[1].lower() in _GIVEN_NAMES and plain[0].lower() not in _GIVEN_NAMES | _PARTICLES
            and plain[0].lower() not in FAMILY_FIRST and all(_name_token_ok(w) and not w.isupper() for w in plain)
            and not _SURNAME_FIRST_NOTE.search(t) and not re.search(r"[,;:/()]|\s[-\u2013\u2014]|[-\u2013\u2014]\s", core)):
        # (a comma or a dash between says which is the family name: "it's Okafor - Aisha", "Lopez, Ana", read elsewhere)
        # "Okafor Aisha", "okafor aisha", "it's Berg Tom", "Mr Okafor Aisha": a known given name said after a word that
        # is none, most likely the family name first; which is the last name is asked, never booked the wrong way round
        return [w[:1].upper() + w[1:] for w in plain], "order-polite" if polite else "order"
    strict = [_name_token_ok(w) and not w.isupper() for w in words]
    shortish = [w in _SHORT_NAME_WORDS and k > 0 for k, w in enumerate(low)]
    opens = low[0] in FAMILY_FIRST and words[0][:1].isupper() and words[1][:1].isupper()  # "Do Van Hung"
    if (not all(a or b or w in _PARTICLES or (k == 0 and opens) for k, (a, b, w) in enumerate(zip(strict, shortish, low)))
            or (low[0] in _NOT_NAMES - _PARTICLES and not opens)):
        return None
    if sum(strict) < 1 or any(w in MONTHS or w in WEEKDAYS for w in low):
        return None
    tidy = [w if w.lower() in _PARTICLES and k else w[:1].upper() + w[1:] for k, w in enumerate(words)]
    if caps:
        return tidy, "capitals"
    if any(shortish):
        return tidy, "words"
    if low[0] in FAMILY_FIRST and low[-1] not in FAMILY_FIRST:
        return tidy, "order-polite" if polite else "order"

    if polite and all(strict):
        return tidy, "spelling"  # "Hannah Murphy please": read back only as the customer types it again
    return None


# --- currencies -------------------------------------------------------------------------------
_CURRENCY_CUE = re.compile(r"\b(?:in|into|to|as|using|with|convert(?:ed)?|quote(?:d)?|pay|paying|price|prices|cost|"
                           r"total|fare|amount|much|many|what'?s that)\s+(?:the\s+|local\s+)?"
                           r"(?:(?:japanese|indian|mexican|brazilian|british|swiss|canadian|australian|european)\s+)?$", re.I)
# ("in Japanese yen", "to British pounds")
_CURRENCY_AFTER = re.compile(r"^\s*(?:prices?|amounts?|equivalent|please|\?|instead|currency)", re.I)
_MONEY_TALK = re.compile(r"\b(?:money|currency|prices?|cost|costs|how much|fares?|total|that in|it in)\b", re.I)
_WEIGHT_CONTEXT = re.compile(r"\b(?:weigh\w*|weight|heavy|bag|bags|luggage|suitcase|baggage|carry-on|kg|lbs?)\b", re.I)


# "I'm from Canada, what's option 2 in my money?": the home currency of a country (or people) said beside "my money",
# "our currency", "local currency"; without a country said, no currency is read
_OWN_MONEY = re.compile(r"\b(?:my|our|local|home)\s+(?:own\s+|local\s+|home\s+)?(?:money|currency|dosh|cash)\b", re.I)
_HOME_CURRENCY = [
    (r"canada|canadian", "CAD"), (r"japan|japanese", "JPY"), (r"switzerland|swiss", "CHF"), (r"australia|australian|aussie", "AUD"),
    (r"india|indian", "INR"), (r"mexico|mexican", "MXN"), (r"brazil|brazilian", "BRL"),
    (r"the uk|united kingdom|britain|british|england|english|scotland|scottish|wales|welsh", "GBP"),
    (r"germany|german|france|french|spain|spanish|italy|italian|ireland|irish|the netherlands|holland|dutch|belgium|"
     r"belgian|austria|austrian|portugal|portuguese|finland|finnish|greece|greek", "EUR"),
]


def _home_currency(text: str) -> str | None:
    if not _OWN_MONEY.search(text):
        return None
    for pat, code in _HOME_CURRENCY:
        if re.search(r"\b(?:from|in|live in|living in|based in|i'?m|i am|we'?re|we are)\s+(?:" + pat + r")\b", text, re.I):
            return code
    return None


# where the customer lives, said on its own earlier in the chat: "I live in Japan.", "I'm from the UK", "I'm in
# Germany", "I'm Japanese", "we're based in Canada"; kept for a later "how much is it in my money?"
_RESIDENCE = re.compile(r"\b(?:i|we)(?:'?m|'?re| am| are)?\s+(?:(?:currently|originally|actually|now)\s+)?"
                        r"(?:live|living|based|resident|residing|from|in|located)?\s*(?:in|from)?\s*(?P<where>[a-z]+(?: [a-z]+)?)",
                        re.I)


def home_currency_said(text: str) -> str | None:
    """The home currency of the country (or people) the customer says they live in or come from, or None."""
    for m in _RESIDENCE.finditer(text or ""):
        where = m.group("where")
        for pat, code in _HOME_CURRENCY:
            if re.match(r"(?:" + pat + r")\b", where, re.I):
                return code
    return None


def own_money_asked(text: str) -> bool:
    """A price asked in the customer's own money with no country said: "how much is it in my money?",
    "in my local currency?", "what's that in our currency"."""
    return bool(_OWN_MONEY.search(text or "")) and currency_request(text) is None


# a passport number written in digit groups after the word "passport": "passport no. is 563 912 884", "my passport
# number: 563-912-884", or in one run, as on a US passport: "my passport: 538129047" (6 to 9 digits in all;
# never a date or a time)
_PASSPORT_GROUPS = re.compile(r"\bpassport(?:\s+(?:number|no\.?|num|#|id))?\s*(?:is|:|=|#|-)?\s*"
                              r"(?P<num>(?=(?:\d[ -]?){5,8}\d\b)\d{2,5}(?:[ -]\d{2,5}){1,3}|\d{6,9})\b(?![ -]?\d)", re.I)


def currency_request(text: str) -> str | None:
    """The currency code the customer asks a price in, or None. A currency counts when it is
    a symbol, follows a cue ("in euros", "convert to GBP", "how much ... yen") or is followed
    by "prices"/"equivalent"; names such as Ezra Pound or Mai Yen, and pounds of luggage, do not."""
    t = text or ""
    for pat, code in CURRENCIES:
        for m in re.finditer(pat, t, re.I):
            word = m.group(0)
            if not word.strip():
                continue
            before, after = t[max(0, m.start() - 40):m.start()], t[m.end():m.end() + 20]
            if word in "€£¥₹":
                return code
            if code == "GBP" and _WEIGHT_CONTEXT.search(t):
                continue
            if word[:1].isupper() and word.lower() in ("pound", "yen", "euro", "real", "franc") and not _CURRENCY_CUE.search(before) \
                    and not _CURRENCY_AFTER.search(after):
                continue  # a capitalised singular is a name (Ezra Pound, Mai Yen)
            if _CURRENCY_CUE.search(before) or _CURRENCY_AFTER.search(after) or re.search(r"\d\s*$", before):
                return code
            if word.islower() and word.endswith("s") and _MONEY_TALK.search(t):  # "and in my money? I'm in Mexico,
                return code  # pesos": a plural currency word in a message about money or prices
    return _home_currency(t)


# --- consent ----------------------------------------------------------------------------------
# A confirmation is read as every built-in reference agent reads it (probe.targets.consent), with
# this airline's words for what is approved; the verifiers have their own reading
# (probe.verify.consent), and the two share no code.
_TRIP_WORDS = re.compile(r"flights?|seats?|tickets?|passengers?|people|persons?|adults?|travell?ers?|first class|"
                         r"first flight|reservations?|trips?", re.I)


# the seats paid for at the airport ("I'd rather pay at the airport", "can I pay at the check-in desk?"): they are paid when
# booked, so the agent says so and offers the free 24-hour hold; not what is paid there anyway ("I'll pay at the airport
# for my bag", "parking at the airport")
_PAY_AT_AIRPORT = re.compile(r"\bpay(?:ing|ment)?\b[^.!?;]{0,40}?\b(?:at|in) the (?:airport|check-?in(?: desk| counter)?|"
                             r"(?:ticket |airline |sales )?(?:desk|counter|office)|gate)\b|\bpay(?:ing)? (?:at check-?in|on arrival)\b",
                             re.I)
_PAID_THERE_ANYWAY = re.compile(r"\b(?:bags?|baggage|luggage|suitcases?|parking|meals?|food|upgrades?|lounge)\b", re.I)


def is_confirmation(text: str, summary: str = "") -> bool:
    """The reply plainly approves the proposal ``summary`` and says nothing else ("yes, book both
    seats"; not "ok I'll discuss it with my wife"): ``probe.targets.consent``; a remark declining something
    the summary does not propose is set aside first (``without_declined_aside``), and so are the payment details
    said beside the yes ("yes. pay with my mastercard 5454..., exp 09/28", "yes but pay with my visa ..."): how to
    pay changes nothing the summary proposes (never a yes on their own: "no, use my mastercard instead" stays no)."""
    if summary and _PAY_ASIDE.search(text or ""):
        rest = _PAY_ASIDE.sub(" ", (text or "").replace("\u2019", "'")).strip(" ,.;:!-\u2014\u2013")
        if re.search(r"\w", rest) and consent.is_confirmation(without_declined_aside(rest, summary, ("return",)),
                                                               summary, _TRIP_WORDS):
            return True
    return consent.is_confirmation(without_declined_aside(text, summary, ("return",)), summary, _TRIP_WORDS)


# payment details said beside a yes: "pay with my mastercard 5454 5454 5454 5454, exp 09/28", "but charge it to my
# amex", "using visa ending 1234", "card no 4111111111111111 cvv 123", "I'll pay by credit card"
_CARD_WORDS = (r"(?:(?:credit|debit|business|company|corporate|personal|work)\s+)?(?:visa|master\s?card|mc|amex|"
               r"american express|discover|maestro|diners(?: club)?|jcb|union\s?pay|paypal|apple pay|google pay)"
               r"(?:\s+(?:credit|debit))?(?:\s+card)?|(?:(?:credit|debit|business|company|corporate|personal|work|same|"
               r"other|usual|saved)\s+)?card|cc")
_CARD_DETAIL = (r"(?:\s*[,:]?\s*(?:(?:ending|ends|ending in|that ends in|last (?:4|four)(?: digits)?)\s*:?\s*\d{4}|"
                r"(?:(?:card\s+)?(?:no\.?|num(?:ber)?|nr|#)\s*:?\s*)?\d(?:[ -]?\d){11,18}|"
                r"(?:exp(?:\.|iry|ires|iration)?(?:\s+date)?|valid (?:thru|through|until|till))\s*:?\s*\d{1,2}\s*/\s*\d{2,4}|"
                r"(?:cvv2?|cvc|csc|security code)\s*:?\s*\d{3,4}|"
                r"(?:name on (?:the )?card)\s*:?\s*[A-Za-z]+(?:\s+[A-Za-z]+)?))*")
_PAY_ASIDE = re.compile(
    r"(?:^|(?<=[,.;:!\u2014\u2013-])|\s+(?:and|but)\s+|\s+)\s*(?:(?:and|but|so)\s+)?(?:please\s+|pls\s+|just\s+)?"
    r"(?:(?:(?:i'?ll|i will|i'?d like to|i want to|we'?ll|let me)\s+)?(?:pay|paying|charge|bill|put)(?:\s+(?:it|this|that|them|"
    r"the (?:fare|total|booking|ticket|tickets|seats?)))?(?:\s+(?:with|w/|on|to|using|by|via|onto|through))?|use|using|with|w/|via)"
    r"\s+(?:(?:my|the|our|this|a|his|her)\s+)?(?:" + _CARD_WORDS + r")\b" + _CARD_DETAIL
    + r"|(?:^|(?<=[,.;:!\u2014\u2013-])|\s+)\s*(?:(?:my|the)\s+)?(?:" + _CARD_WORDS + r")\b(?=" + _CARD_DETAIL[:-1]
    + r"{1}" + r")" + _CARD_DETAIL
    # a card number alone with its expiry and code: "yes, 5127 8515 9727 3412 09/28 771"
    + r"|(?:^|(?<=[,.;:!\u2014\u2013-])|\s+)\s*\d(?:[ -]?\d){11,18}(?:\s*[,;]?\s*\d{1,2}\s*/\s*\d{2,4})?(?:\s*[,;]?\s*\d{3,4})?"
    + _CARD_DETAIL + r"(?=\W*$)", re.I)


def yes_beside_a_remark(text: str, summary: str) -> bool:
    """A yes said beside a remark that declines something else, one that is no plain yes on its own: "yes cancel it,
    no need to rebook", "nope all correct, book it", "yes book it, I don't need anything else". Neither a yes nor a
    no: the agent asks again for a plain yes (only a declined return, which answers the listing's own question, is
    set aside in ``is_confirmation`` itself)."""
    if not summary or is_confirmation(text, summary):
        return False
    if consent.is_confirmation(without_declined_aside(text, summary), summary, _TRIP_WORDS):
        return True
    # the no-refund terms the summary states, taken: "no refund is fine, go ahead and cancel", "Not refundable, no
    # problem. Yes." (the "no" is the refund's, never a refusal; still no plain yes, so asked again)
    t = (text or "").replace("\u2019", "'")
    rest = _TERMS_TAKEN.sub(" ", t) if _NO_REFUND_SAID.search(summary) else t
    # the traveller's own approval, said beside the yes of one who books for them: "yes please, he said it's fine",
    # "yep go for it, he's ok with the price"
    rest = _THEY_APPROVE.sub(" ", rest)
    return (rest != t and bool(re.search(r"\w", rest))
            and consent.is_confirmation(rest.strip(" ,.;!-"), summary, _TRIP_WORDS))


_THEY_APPROVE = re.compile(
    r"(?:^|(?<=[,.;!\u2014\u2013-])|(?<=\s))\s*(?:(?:and|but|as)\s+)?(?:he|she|they|(?:my|our|the)\s+[a-z]+|(?-i:[A-Z][a-z'-]+))"
    r"(?:\s+(?:said|says|told me|confirmed|agreed)(?:\s+(?:that\s+)?(?:it'?s|that'?s|its|thats|it is|he'?s|she'?s|they'?re|"
    r"he is|she is|they are))?|'s|'re|\s+is|\s+are)\s+(?:totally\s+|all\s+)?(?:fine|ok(?:ay)?|good|happy|alright|all right|"
    r"cool)(?:\s+with\s+(?:it|that|this|the (?:price|cost|fare|total)|\$?\d[\d,.]*))?(?=\s*(?:[,.;!\u2014\u2013-]|$))", re.I)


_NO_REFUND_SAID = re.compile(r"\bnon-?refundable\b|\bno refund\b", re.I)
_TERMS_TAKEN = re.compile(
    r"(?:^|(?<=[,.;!\u2014\u2013-])|(?<=\s))\s*(?:(?:ok(?:ay)?|i know|i understand|understood|got it|fine|sure|right|yes|yeah)\W+)*"
    r"(?:(?:there'?s\s+|i get\s+|i'?ll get\s+)?(?:no refunds?|no money(?: back)?|nothing back)|(?:it'?s\s+)?(?:not|non)[- ]?refundable)"
    r"(?:(?:\s+(?:is|are)|\W+)\s*(?:fine|ok(?:ay)?|alright|all right|no problem|understood|i know)(?:\s+(?:with|for|by)\s+(?:me|us))?)?"
    r"(?=\s*(?:[,.;!\u2014\u2013-]|$))", re.I)


# a remark beside a yes that declines something other than what is proposed: "yes please, no return flight needed"
# (at a one-way booking, after the listing asked about a return), "yes cancel it, no need to rebook", "yes book it, I
# don't need anything else", "yes please, I don't want to move it, just cancel"; (kind, words): the kind of action it
# declines, which must not be the one proposed ("yes, no need to move it" at "Shall I move it?" stays no yes)
_DECLINED = (("return", r"(?:a |any )?(?:return|way back)(?: flights?| trips?| legs?| tickets?)?|(?:to )?(?:search|look|check)(?:ing)?"
                        r"(?: for)?(?: a| the)? (?:return|way back)(?: flights?)?"),
             ("change", r"(?:to )?(?:re-?book(?:ing)?|move|moving|change|changing|reschedul(?:e|ing))(?: it| the (?:booking|flight|date))?"
                        r"(?: (?:for )?later| to another (?:date|day|flight))?"),
             ("refund", r"(?:a |any )?refund"),
             ("", r"anything else|(?:any )?more help|anything more"))
_DECLINED_ASIDE = re.compile(
    r"(?:^|[,.;!—–-]+\s*|\s+(?:and|but)\s+)(?:and\s+|but\s+)?(?:(?:i|we)\s+)?"
    r"(?:(?:don'?t|do not|won'?t|will not)\s+(?:really\s+)?(?:need|want|require)\s+(?:to\s+)?|no\s+(?:need\s+(?:for|to)\s+)?)"
    r"(?P<what>" + "|".join(f"(?P<k{i}>{w})" for i, (_k, w) in enumerate(_DECLINED)) + r")"
    r"(?:\s+(?:needed|necessary|required|thanks|thank you|anyway|either|at all|for now|please))*"
    r"(?:\s*[,.;!—–-]+\s*(?:just\s+)?(?=cancel|book|go ahead|proceed)|(?=\s*(?:[,.;!—–-]|$)))", re.I)
# a "no" that answers "anything wrong?" before a judgment and an explicit go-ahead: "nope all correct, book it", "No,
# that's all correct - please book", "no that's fine, go ahead" ("no that's fine" alone stays a no)
_NO_NOTHING_WRONG = re.compile(r"^\W*(?:no+|nope|nah)\W+(?=(?:(?:that'?s|thats|it'?s|its|everything(?:'s| is)?|all)\s+)*"
                               r"(?:all\s+)?(?:correct|fine|good|right|ok(?:ay)?|perfect)\W+(?:(?:so|then|please|pls|just)\W+)*"
                               r"(?:go ahead|book(?: it)?|proceed|do it|confirm)\b)", re.I)
_RETURN_IN_SUMMARY = re.compile(r"\b(?:return|fly(?:ing)? back|way back|outbound|round[- ]trip)\b", re.I)


def without_declined_aside(text: str, summary: str, kinds: tuple[str, ...] | None = None) -> str:
    """``text`` without the remarks declining what ``summary`` does not propose (``_DECLINED_ASIDE``; only those of
    ``kinds`` where given, and then no leading "no" either); as it is when nothing is left beside them, or when a
    remark declines what the summary proposes or one of another kind is said."""
    t = (text or "").replace("\u2019", "'")
    if not summary:
        return text
    offered = consent._offered_kinds(summary)
    t = _NO_NOTHING_WRONG.sub("", t) if kinds is None else t
    out, last = [], 0
    for m in _DECLINED_ASIDE.finditer(t):
        kind = next(k for i, (k, _w) in enumerate(_DECLINED) if m.group(f"k{i}"))
        if (kinds is not None and kind not in kinds) or (kind in offered or (kind == "refund" and "cancel" not in offered)
                or (kind == "return" and _RETURN_IN_SUMMARY.search(summary))):
            return text  # "yes, no need to move it" at a move, "yes, no return" at a round trip: no plain yes
        out.append(t[last:m.start()])
        last = m.end()
    if not out:
        return t if t != (text or "").replace("\u2019", "'") else text
    rest = (" ".join(out) + " " + t[last:]).strip(" ,.;!-")
    return rest if re.search(r"\w", rest) else text


# (fix44i) the reason a cancellation is wanted, said beside its yes: "yes, I don't need it anymore", "yes, no need to keep
# it", "yes, I won't be travelling", "yes please, plans fell through so I can't go", "yes, we're not going anymore",
# "yep, the trip is off"; a reason for the cancellation, no objection to it ("yes, but I still need it" is none of these)
_CANCEL_WHY = re.compile(
    r"(?:^|(?<=[,.;:!\u2014\u2013-])|\s+(?=(?:and|so|as|since|because|cause|cos|coz|but)\b))\s*"
    r"(?:(?:and|so|as|since|because|cause|cos|coz|but)\s+)?(?:(?:unfortunately|sadly|honestly|actually|really)\s+)?(?:"
    r"(?:i|we)\s+(?:really\s+)?(?:don'?t|do not|dont|no longer|won'?t|will not|wont)\s+(?:really\s+)?(?:need|want|use)\s+"
    r"(?:it|this|that|them|the (?:booking|flight|ticket|tickets|seats?|trip|reservation))"
    r"|no (?:need|use|point)(?:\s+(?:to|in)\s+(?:keep|keeping|hold|holding)(?:\s+(?:on\s+to\s+)?(?:it|this|that|them|the booking))?|"
    r"\s+for\s+(?:it|this|that|them|the (?:booking|flight|ticket|tickets|seats?)))?"
    r"|(?:i|we)(?:'m|'re|\s+am|\s+are|\s+won'?t|\s+will not|\s+wont|\s+can'?t|\s+cannot|\s+can not|\s+couldn'?t)\s+(?:not\s+)?"
    r"(?:be\s+)?(?:travel+ing|travel|going|go|fly|flying|make it|making it|use it|using it|taking (?:it|the (?:trip|flight)))"
    r"(?:\s+(?:there|on it|on that flight))?"
    r"|(?:my |our |the )?(?:plans?|trip|travel plans|holiday|vacation|meeting|conference|event|wedding)\s+(?:has\s+|have\s+|is\s+|"
    r"are\s+|'s\s+|got\s+)?(?:fell|fallen|falling)\s+through|(?:my |our |the )?(?:plans?|trip|travel plans|holiday|vacation|"
    r"meeting|conference|event|wedding)\s+(?:has\s+|have\s+|is\s+|are\s+|'s\s+|got\s+|was\s+|were\s+)?(?:changed|off|"
    r"cancel+ed|called off|postponed)"
    r"|(?:something|things|stuff) (?:has |have )?came up|(?:something|things|stuff) (?:has |have )?come up"
    r"|(?:i|we) (?:have |'ve )?changed (?:my|our) plans)"
    r"(?:\s+(?:any ?more|after all|now|either|at all|then|this time|unfortunately|sadly|i'?m afraid))*"
    r"(?=\s*(?:[,.;:!\u2014\u2013-]|$|\s(?:and|so|as|since|because|cause|cos|coz|but)\b))", re.I)


def cancel_yes_with_reason(text: str, summary: str) -> bool:
    """(fix44i) A yes to "Shall I cancel booking X?" said beside the reason the booking is no longer wanted ("yes, I
    don't need it anymore", "yes, I won't be travelling", "yes please, plans fell through so I can't go"): a yes. Only
    at a summary that proposes a cancellation, and only when what is left is a plain yes ("no, I won't be travelling
    anyway"? no; "I don't need it anymore" alone: no yes said)."""
    if not summary or "cancel" not in consent._offered_kinds(summary):
        return False
    t = (text or "").replace("\u2019", "'")
    if "?" in t:
        return False
    rest = _CANCEL_WHY.sub(" ", t)
    if rest == t:
        return False
    rest = re.sub(r"\s+", " ", rest).strip(" ,.;:!-\u2014\u2013")
    rest = re.sub(r"(?:\s*\b(?:and|so|as|since|because|cause|cos|coz|but)\b\s*)+$", "", rest, flags=re.I).strip(" ,.;:!-")
    return bool(re.search(r"\w", rest)) and not is_refusal(rest) and is_confirmation(rest, summary)


def is_deferral(text: str) -> bool:
    """The customer puts the decision off ("I'll think about it", "not yet", "let me check")."""
    t = (text or "").replace("\u2019", "'")
    return bool(LATER.search(t)) and not re.search(r"\b(?:wait|hold on|hang on)\b.{0,40}\b(?:book|flight|date|passengers?)\b", t, re.I)


# a condition put on a yes: "yes if there's no fee", "only if I can rebook", "as long as it's refundable"; not "if
# possible", "if so", "what if ...", "even if"
_CONDITION = re.compile(r"(?<!\bwhat )(?<!\beven )\b(?:only if|if|as long as|so long as|provided(?: that)?|providing|"
                        r"assuming|on condition that)\b(?!\s+(?:possible|so|not|you can|you could|that'?s (?:ok|okay|fine|alright)|"
                        r"it'?s (?:ok|okay|fine|alright)|needed|necessary|need be|you like|you want|you don'?t mind)\b)",
                        re.I)


# words that take back what was just said: "yes cancel - no wait, ...", "cancel it, actually no, ..."
_TAKEN_BACK = re.compile(r"\b(?:no|nah|nope|hmm+|hang on|hold on|wait|actually|scratch that|on second thoughts?|"
                         r"change of plan|i changed my mind|changed my mind)\b[\s,.!-]*(?:wait|actually|no|hang on|hold on)?\b", re.I)


# a closing said after an answer: "..., nothing else after that", "... - no other questions from me"
# the last reply asks for a go-ahead ("Shall I book it?", "Would you like me to cancel it?"): only there is "great,
# that's all" a yes said with a closing; after "could you tell me the last name?" it is a goodbye
_GO_AHEAD_ASKED = re.compile(r"\b(?:shall|should|can|may) i\b|\b(?:would|do) you (?:like|want) me to\b|"
                             r"\b(?:is that|is this|are these) (?:all )?(?:right|correct|ok(?:ay)?)\b|\bgo ahead\b|\bproceed\b", re.I)
_NOTHING_ELSE = re.compile(r"\s*[,;.!\u2014\u2013-]+\s*(?:and\s+)?(?:nothing else(?:\s+(?:after that|for now|thanks|today))?|"
                           r"no (?:other|more|further) questions(?:\s+from me)?|that'?s (?:it|all|everything)(?: for now)?)"
                           r"[\s.!]*(?:thanks|thank you|cheers)?[\s.!]*$", re.I)


# a negation said at a summary that is not about the proposal: "no problem at all, please proceed", "no complaints here,
# please book it", "that's fine, no changes needed", "honestly I don't mind which, that one is fine, go ahead", "yes, I
# don't think we need anything else", "No no, go ahead" (a doubled "no" that reassures before a go-ahead); set aside
# before the yes is read again (``approval_beside_harmless_no``)
_HARMLESS_NEGATION = re.compile(
    r"(?<![\w'])(?:no (?:problems?|worries|complaints?|objections?|issues?|changes?|corrections?|edits?)(?: (?:at all|whatsoever))?"
    r"(?: (?:here|from (?:me|us|my side|our side)|on my (?:end|side)))?(?: (?:needed|necessary|required|to make))?|"
    r"not a (?:problem|worry)|nothing (?:(?:else |more )?to (?:change|correct|fix|add|say|ask)|(?:else )?(?:needed|required|wrong))|"
    # a yes said with a negation that is no refusal (sky-V A2): "yes, there's no rush but go ahead", "yes, no need to
    # wait", "yes, I have no questions", "yes please, can't wait!"
    r"(?:(?:there'?s |there is )?no (?:rush|hurry)(?: at all)?|(?:i'?m |we'?re )?not in a (?:rush|hurry)|no need to wait)"
    r"(?:,?\s+but(?=\s+(?:go ahead|proceed|book|please|do it|go for it)))?|"
    r"(?:i|we) (?:have|'ve got|have got|got) no (?:more |other |further )?questions?|no (?:more |other |further )?questions?|"
    r"(?:i|we) (?:can'?t|cannot|can not) wait|(?<![\w'])(?:can'?t|cannot) wait(?= *[!.]*\s*$)|"
    r"(?:i|we) (?:really |honestly )?(?:don'?t|do not) mind(?: (?:which(?: one)?|either(?: way| one)?|at all|really))?|"
    r"(?:i|we) (?:don'?t|do not) (?:think (?:i|we) )?need anything (?:else|more)(?: (?:at all|really))?|"
    r"honestly|to be honest|tbh)(?![\w'])", re.I)
_REASSURING_NO = re.compile(r"^\W*(?:no+|nah)(?:\W+(?:no+|nah))+\W+(?=(?:(?:please|pls|just|then|so)\W+)*(?:go ahead|proceed|"
                            r"book(?: it)?|do it|go for it)\b)", re.I)
# a yes or no taken back by a correction, the last word standing: "yes. no. sorry i mean yes" (a yes), "yes. no. actually
# no" (a no); only where what is said after the correction is a bare yes or no
_SELF_CORRECTED = re.compile(r"^.*(?:\b(?:sorry|i mean|i meant|actually|wait|oops|scratch that|make that)\b)[\s,.!:-]*"
                             r"(?P<last>(?:(?:i mean|i meant|actually)\W+)?(?:yes|yeah|yep|no|nope|nah)\b[^.?]*?)[\s.!]*$", re.I)


def approval_beside_harmless_no(text: str, summary: str) -> bool:
    """A reply at ``summary`` that approves it once the negations that are not about the proposal are set aside
    (``_HARMLESS_NEGATION``, ``_REASSURING_NO``) or once a yes or no taken back leaves a yes (``_SELF_CORRECTED``):
    "No problem at all, please proceed.", "No no, go ahead.", "yes. no. sorry i mean yes". Not "no problem, I'll think
    about it" (what is left puts it off), nor "yes. no. actually no"."""
    t = (text or "").replace("\u2019", "'")
    if not summary or "?" in t:
        return False
    if m := _SELF_CORRECTED.match(t):
        last = re.sub(r"^(?:i mean|i meant|actually)\W+", "", m.group("last"), flags=re.I)
        return not is_refusal(last) and is_confirmation(last, summary)
    rest = _REASSURING_NO.sub("", _HARMLESS_NEGATION.sub(" ", t)).strip(" ,.;!-")
    rest = re.sub(r"^(?:[,.;!-]|\s|\b(?:and|but|so)\b)+", "", rest, flags=re.I)
    if rest == t.strip(" ,.;!-") or not re.search(r"\w", rest) or is_refusal(rest) or is_deferral(rest):
        return False
    return is_confirmation(rest, summary)


def is_refusal(text: str) -> bool:
    """A no or a change of mind in reply to a proposal ("No thanks", "Right, no, don't book it")."""
    t = (text or "").replace("\u2019", "'")
    if "?" in t or HARMLESS_NO.fullmatch(t.strip(" .!")):
        return False
    return bool(re.search(r"(?<![\w'])(?:no|nope|nah|not now|don'?t|do not|never ?mind|stop|cancel that|scratch that|"
                          r"forget (?:it|that)|second thoughts?|change(?:d)? my mind|rather not|hold off)(?![\w'])", t, re.I))


# a clause of the customer's own plans with a time word, said after a yes ("I need it done by tomorrow", "I'll call
# back tomorrow to confirm and pay", "and I will get back to you later today", "I'll pay within the next day"; after a
# dash too: "Yes, hold it - I'll buy it tonight")
_TIMELINE = re.compile(r"(?:(?<=[.!?;])\s+|,\s*(?:and\s+)?|\s+and\s+|\s+[-\u2013\u2014]+\s*)((?:i|we)(?:'ll|'d| will| need| have to| must| can|"
                       r" am going to|'m going to| want to)?\b[^.!?;,]*?\b(?:tomorrow|tonight|today|later(?: today| on)?|"
                       r"this (?:evening|afternoon|morning)|(?:the )?next day(?: or so)?|a day or two|a couple of days|"
                       r"the end of the day|soon)\b[^.!?;]*)", re.I)
# travel said in the clause: then its time word may be a travel date ("I need to fly tomorrow instead")
_TIMELINE_TRAVEL = re.compile(r"\b(?:fl(?:y|ying|ies|ight)|leav\w*|depart\w*|travel\w*|trip|dates?|return\w*|instead|"
                              r"chang\w*|mov\w*|switch\w*|(?<!get )(?<!call )(?<!getting )back|go|going|arriv\w*)\b", re.I)
_TIMELINE_DEFERS = re.compile(r"\b(?:decide|think|confirm|pay|call (?:you )?back|get back|check with|talk to|ask|"
                              r"let you know|discuss|sleep on)\b", re.I)


# the customer's answer promised for later, in any word order: "maybe tomorrow I tell you", "I let you know tonight",
# "will decide tomorrow", "I answer you tomorrow", "I call back tomorrow"
_ANSWER_LATER = re.compile(r"\b(?:(?:i|we)\s+(?:will\s+|'ll\s+|can\s+|shall\s+)?)?(?:tell|let)\s+(?:you|u)(?:\s+know)?\b|"
                           r"\b(?:i|we)\s+(?:will\s+|'ll\s+|can\s+)?(?:decide|confirm|answer|reply|write|call|come back|get back|"
                           r"think|see|check|ask)\b", re.I)


def _read_timeline(p: "Parsed", text: str, summary: str) -> None:
    """Fill ``p.timeline_*`` from the clauses of ``text`` that give the customer's own timeline (``_TIMELINE``); the
    agent reads them only at a summary, where a time word there is no new travel date."""
    t = text.replace("\u2019", "'")
    spans = [m.span(1) for m in _TIMELINE.finditer(t) if not _TIMELINE_TRAVEL.search(m.group(1))
             and not _CONDITION.search(m.group(1)) and "?" not in m.group(1)]
    if not spans or spans[0][0] == 0:
        return
    rest = t
    for a, b in reversed(spans):
        rest = rest[:a] + rest[b:]
    rest = re.sub(r"[\s,]*(?:and)?[\s,]*$", "", rest.strip())
    inside = lambda a_, b_: any(a <= a_ and b_ <= b for a, b in spans)  # noqa: E731
    p.timeline_dates = [iso for a_, b_, iso in _date_hits(t) if inside(a_, b_)]
    p.timeline_shift = _shift(t) is not None and _shift(rest) is None
    p.timeline_defers = any(_TIMELINE_DEFERS.search(t[a:b]) for a, b in spans)  # ("done by tomorrow" defers nothing)
    p.timeline_yes = bool(rest) and is_confirmation(rest, summary)


# --- the parser -------------------------------------------------------------------------------

# a hold said only to be refused: "rather than hold", "don't just hold it", "not a hold", "no hold needed", "I don't
# want it on hold"; read as such only beside a word of booking or paying (``_BOOK_WORD``)
_NEGATED_HOLD = re.compile(r"\b(?:rather than|instead of|not|no|don'?t|do not|never|no need (?:to|for))\s+(?:(?:just|a|an|"
                           r"to|want|wanna|need|it|them|the|seats?|put|putting|on|any|merely|simply)\s+){0,4}"
                           r"hold(?:ing)?\b(?:\s+(?:it|them|(?:is\s+)?needed|necessary|required|please|thanks))*", re.I)
# a purchase asked for now: "I'll pay now", "book and pay right away", "go ahead and purchase it", "just book it",
# "charge my card now"; it outweighs "lock in the price", which alone asks for a hold
_PAY_NOW = re.compile(r"\b(?:(?:(?:i|we)(?:'?ll| will| can| want to| would like to|'?d like to)|happy to|ready to|let me|and) pay"
                      r"(?: for (?:it|them))?(?: (?:now|right now|right away|straight away|today|immediately|up ?front|in full|"
                      r"by card|with (?:my |a )?card))+|pay (?:right )?now|pay right away|book and pay|"
                      r"charge (?:me|us|it|(?:my|the) (?:credit |debit )?card) (?:now|right now|right away|today|immediately)|"
                      r"(?:go ahead and|just|please) (?:purchase|buy|book) (?:it|them|the (?:seats?|tickets?|flights?))|"
                      r"(?:purchase|buy|book) (?:it|them) (?:now|today|right now|right away|outright|for real))\b", re.I)
_LOCK_IN = re.compile(r"\block (?:in )?(?:the |that |this |a )?(?:price|fare|rate|seat)s?(?: in)?|\block (?:it|them|that|one|a seat) in\b",
                      re.I)
_BOOK_WORD = re.compile(r"\b(?:book\w*|buy|purchase|pay|paying|ticket\w*|outright|properly|for real)\b", re.I)
# a cancellation said only to be refused: "don't cancel", "do not want to cancel it", "no need to cancel", "not cancel"
_NOT_CANCEL = re.compile(r"\b(?:don'?t|dont|do not|did not|didn'?t|won'?t|will not|no need to|not|never|without)\s+"
                         r"(?:(?:want|wanna|need|mean|plan(?:ning)?|going|gonna|to|you|please|pls|yet)\s+){0,3}cancel\w*"
                         # "no cancel, only check please", "I keep it, no cancellation": a noun said with "no" (never
                         # "no, cancel it" nor "no cancel it", a no and then the request)
                         r"|\bno\s+(?:cancell?(?:ation|ing)s?\b|cancel\b(?=\s*(?:[.,;!?)-]|$|please|pls|thanks|only|just|i\b|"
                         r"i'|we\b|needed|wanted)))"
                         # a release said negated is the opposite of one: "don't let those seats go", "please don't
                         # release the seats", "whatever you do, don't undo the hold", "make sure nobody releases them"
                         r"|\b(?:(?:don'?t|dont|do not|won'?t|will not|never|not)\s+(?:(?:want|wanna|need|mean|you|please|"
                         r"pls|ever|to)\s+){0,3}|(?:nobody|no one|noone|no-one)\s+)(?:releas\w*|undo\w*|free\w*|drop\w*|"
                         # in slang: "don't bin the hold", "don't give them back"
                         r"bin|ditch|dump|chuck|scrap|lose|give\s+(?:(?:them|'?em|it|those|these|the|my|our|seats?)\s+){1,2}back\b|"
                         r"let\s+(?:(?:the|those|these|my|our|them|it|seats?|hold|reservation)\s+){0,3}go\b)"
                         r"(?:\s+(?:of\s+)?(?:the|those|these|my|our|them|it|seats?|hold|reservation|up)\b)*(?:\s+go\b)?"
                         r"(?:\s+(?:to|for)\s+(?:anyone|anybody|someone|somebody)(?:\s+else)?)?", re.I)

# a cancellation thought of, then given up for a keep: "I was going to cancel it but we've decided to keep it", "I was
# about to cancel but my husband says keep it", "my wife wanted to cancel it, I want to keep it"
# (or for the trip going ahead: "I was planning to cancel this but we're going after all", "I'd intended to cancel, the
# trip is back on now", "I called to cancel but didn't in the end", "was gonna cancel it but no need now")
# (and in other words: "we were going to scrap it, but Sydney's on again", "we nearly cancelled it but the trip's back
# on", "forget the cancel idea, we're still going": the cancel idea itself dropped needs no keep after it)
_CANCEL_WITHDRAWN = re.compile(r"\b(?:(?:(?:was|were|had been)\s+(?:going|gonna|about|planning|meaning|thinking(?: of| about)?)"
                               r"|wanted|meant|(?:had |'d )?intended|thought about|considered|called(?: \w+){0,3} to"
                               r"|nearly|almost)"
                               r"\s+(?:to\s+)?(?:cancel\w*|scrap(?:ped)?|bin(?:ned)?|ditch(?:ed)?)\b[^.?!]{0,60}?(?:\bkeep(?:ing)?\s+"
                               r"(?:it|them|the (?:booking|reservation|hold|flight|seats?))\b"
                               r"|\b(?:going|flying|travell?ing|coming) after all\b|\b(?:back|on) again\b|\bback on\b"
                               r"|\bdidn'?t in the end\b|(?:'re|'m| are| am)\s+still (?:going|flying|travell?ing|coming)\b"
                               r"|\bno need (?:now|any ?more)\b|\b(?:trip|flight|holiday|it)(?:'s| is) (?:happening|going ahead)\b)"
                               r"|(?:forget|scrap|drop|ignore|never ?mind)\s+(?:about\s+)?(?:the|that|my|our)\s+"
                               r"cancel\w*\s+(?:idea|thought|plan|talk|bit|request)\b"
                               r"(?:[^.?!]{0,30}?(?:'re|'m| are| am)\s+still (?:going|flying|travell?ing|coming)\b)?)",
                               re.I)
# a held booking kept in other words: "keep the hold", "keep em", "keep hanging on to those seats" (with _NOT_CANCEL:
# the opposite of a release, never a withdrawal)
_LET_GO_TOO = re.compile(r"\b(?:bin|ditch|dump|chuck|scrap|drop|release|free|forget)\b", re.I)
_KEEP_HELD = re.compile(r"\b(?:keep|hang|hanging)\s+(?:(?:hanging|holding|on|onto|to|hold\s+of)\s+){0,3}"
                        r"(?:(?:the|those|these|my|our|this|that)\s+)?(?:hold|seats?|reservation|them|'?em)\b", re.I)
# a day of the month without its month: "on the 12th", "the 3rd please", "12th"; never "the 2nd one / option /
# flight" (a pick among listed options) or "the 12th of June" (a full date, read above)
# a month named by its distance: "end of next month", "sometime next month" (a day of it is a date: "nextmonth")
_NEXT_MONTH = re.compile(r"\b(?:in|during|within|sometime|some time|end of|beginning of|start of|middle of|mid|early|"
                         r"late|for)?\s*(?:the\s+)?next\s+month\b", re.I)
_BARE_DAY = re.compile(r"(?:\b(?:on|for|by|from|until|the)\s+(?:the\s+)?|^\s*)([1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b"
                       r"(?!\s*(?:one|option|flight|choice|leg|of\b))", re.I)


# (fix44h) a day spelled out without its month: "the twenty-ninth", "on the thirtieth" (from the eighth: "the first",
# "the second" pick an option)
_BARE_SPELLED_DAY = re.compile(r"\b(?:on|for|by|from|until|the)\s+(?:the\s+)?(" + "|".join(
    sorted((w for w, n in _ORDINAL_WORDS.items() if n >= 8), key=len, reverse=True)) + r")\b"
    r"(?!\s*(?:one|option|flight|choice|leg|of\b|" + _MONTH_RE + r"))", re.I)


# a budget: "budget is 3200 total", "max $900", "under 500 dollars each", "no more than $1,200"
_BUDGET = re.compile(r"\b(?:budget(?: is| of)?(?: actually| really| only| just)?|max(?:imum)?(?: of)?|at most|no more than|"
                     r"not more than|under|below|less than|within|up to|nothing (?:over|above|more than)|"
                     r"(?:can|could) (?:only|just) (?:spend|pay|afford)(?: about| around| up to)?|(?:can'?t|cannot|can not|won'?t|don'?t want to|do not want "
                     r"to|not (?:willing|able) to|unable to|rather not)\s+(?:spend|pay|go)\s+(?:any\s+)?(?:more than|over|above))\s*(?:of\s+|around\s+|about\s+)?(?:us\s*|usd\s*)?\$?\s?(\d{1,3}(?:,\d{3})+|\d{2,6})\b"
                     r"(?!\s*(?:passengers?|people|pax|persons?|seats?|kg|hours?|days?|minutes?|mins?|nights?|weeks?|kids?|"
                     r"adults?|of us|stops?|am|pm|[:/.]\d))|\$\s?(\d{1,3}(?:,\d{3})+|\d{2,6})\s+budget\b"
                     r"|(?<![\w$:/.])\$?\s?(\d{1,3}(?:,\d{3})+|\d{2,6})\s*(?:\$|dollars?|usd|bucks)?\s*(?:tops|max(?:imum)?|at (?:the )?most"
                     r"|or less)\b", re.I)  # "370 tops", "$370 max"
# a lone number, then a go-ahead to book: "1 yes book it", "1!!! BOOK NOW 👍", "i take 1 comma book it period",
# "2, go ahead and book", "3 - yes pls reserve it"
_PICK_THEN_BOOK = re.compile(
    r"\W*(?:(?:ok(?:ay)?|yes|yeah|so|then|i(?:'ll| will)? take|i want|i choose|i pick|take|give me|let'?s (?:do|go with))\W+)*"
    r"([1-9])(?!\s*(?:of|people|persons|passengers|pax|adults|seats|bags?|am|pm|:|st|nd|rd|th)\b)"
    r"(?:\s*(?:[!.,;:()\-\u2013\u2014]+|\bcomma\b|\bperiod\b|\bfull stop\b))*\s*"
    r"(?:(?:yes|yeah|yep|yup|ok(?:ay)?|sure|please|pls|plz|and|then|just|so)\W+)*"
    r"(?:book(?:\s+(?:it|that|this|that one|this one|them))?(?:\s+(?:now|please|pls|asap|right away))?|go ahead(?:\s+and\s+book"
    r"(?:\s+it)?)?|reserve(?:\s+it)?|confirm(?:\s+it)?|do it|buy(?:\s+it)?)"
    r"(?:\s*(?:[!.,;:()\-\u2013\u2014]+|\bcomma\b|\bperiod\b|\bfull stop\b|please|pls|thanks|thank you|now))*"
    r"[\s!.]*[\U0001F300-\U0001FAFF\u2600-\u27BF\s!.]*", re.I)


# an amount said in hundreds or thousands: "5 hundred", "five hundred dollars", "2 thousand", "2 grand", "2k" (read as
# digits for a budget: "yes if it's under 5 hundred per seat" is a budget of $500, never a party of 5)
_ROUND_AMOUNT = re.compile(r"(?<![\w$.,])(\d{1,2}|" + "|".join(text_rules.NUMBER_WORDS) + r")\s*(hundred|thousand|grand|k)\b",
                           re.I)


def _round_amount(m: re.Match) -> str:
    n = text_rules.number_value(m.group(1))
    return str(n * (100 if m.group(2).lower() == "hundred" else 1000)) if n else m.group(0)


# a month named without its day: "mid may", "in june", "early July", "end of march"; "may" only after such a cue
_MONTH_ALONE = re.compile(r"\b(?:in|mid|mid-|early|late|end of|beginning of|start of|during|of|this|next|for)\s*-?\s*(" +
                          _MONTH_RE + r")\b|\b(" + "|".join(m for m in MONTHS if m != "may") + r")\b", re.I)


# words that open a bare answer ("ok 1", "fine, 1", "alright the first", "lets go with 2", "ok 3 then"): the answer is
# the number or the pick after them, not a yes to another question
# an approval after a bare number ("2, that's fine", "2 is good for me", "2 please, fine for all of us"): still
# only that number (a pick at a listing, a count when asked how many), never a yes to an offer made beside it
# ("1 is fine by me", "1 works best for me", "1 suits me")
_NUMBER_OK = (r"(?:(?:(?:that'?s|thats|that is|is|sounds|works)\s+)?(?:fine|good|great|ok(?:ay)?|perfect|works)(?:\s+best)?"
              r"(?:\s+(?:for|by|with)\s+(?:me|us|everyone|everybody|all of us|both of us|all))?"
              r"|(?:works|is)\s+best(?:\s+for\s+(?:me|us))?|suits\s+(?:me|us|everyone|all of us))")  # ("3 for me": _PICK_THEN_REST)
# the return offer beside the listing turned down after the number ("3 is fine by me, one way only", "3 please, no
# return needed"): still only the pick (the offer is not taken up)
_RETURN_DECLINED = (r"(?:(?:just|only)\s+)?one[- ]?way(?:\s+(?:only|please|pls|thanks|thx|is\s+(?:fine|enough|ok(?:ay)?|good|"
                    r"all)|will do|(?:works\s+)?for\s+(?:me|us)|ticket|trip|flight))*"
                    r"|(?:no|without(?:\s+a)?)\s+return(?:\s+(?:flight|trip|ticket))?(?:\s+(?:needed|required|necessary|thanks|"
                    r"please|pls|for (?:me|us)))*"
                    r"|no need for (?:a|the|any) return(?:\s+(?:flight|trip|ticket))?"
                    r"|(?:i|we)\s+(?:don'?t|do not|won'?t|will not)\s+need (?:a|the|any) return(?:\s+(?:flight|trip|ticket))?"
                    # "3 - not coming back", "2, we're not flying back": the return offered beside the list turned down
                    r"|(?:(?:i'?m|we'?re|i am|we are|i'?ll|we'?ll)\s+)?(?:not|never|won'?t be)\s+(?:coming|flying|going)\s+back"
                    r"|no (?:flight|way) back(?:\s+(?:needed|thanks|please))*")
# the return offered beside the listing taken up after the number ("2, and yes a return please", "1 - yes please look
# for a return"): the number is still the pick (the target asks the return's date once it is taken)
_RETURN_TAKEN = (r"(?:(?:yes|yeah|yep|sure|ok(?:ay)?)\W+)?(?:please\s+)?(?:(?:look|search|check)\s+for\s+|find\s+(?:me\s+|us\s+)?|"
                 r"(?:i'?d|we'?d)\s+like\s+|add\s+|(?:i|we)\s+(?:need|want)\s+)?(?:a|the)\s+return(?:\s+(?:flight|too|as well|please|pls|"
                 r"would be (?:good|great|nice)|is needed))*")
# a bare option number and then, apart, a word that the trip is one way ("3 pls - dont need return", "2 (one way)",
# "2 thx no return ticket"): read by ``_one_way_said`` on the rest
_NUMBER_THEN_ONE_WAY = re.compile(r"\W*(?:(?:ok(?:ay)?|so|then)\W+)?(?:option\s*|opt\s*|#\s*|no\.?\s*)?([1-7])\b\s*(?:(?:pls|please|plz|"
                                  r"thx|thanks|thank you)\b\s*)?(?:[-\u2013\u2014,;:.(]+|\s+(?:and|but)\b|(?=\s+(?:no|not|one|just|only|"
                                  r"i|we|dont|don'?t)\b))\s*(.+?)\W*", re.I)
_OK_LEAD = (r"\W*(?:(?:ok(?:ay)?|k|fine|alright|all right|sure|right|yes|yeah|yep|hmm+|um+|so|well|then|"
            r"let'?s (?:go with|do|take|go for)|go with|go for|i'?ll (?:take|go with|have)|take)\W+)*")
# a message that is only an option number after "the" ("The 1 please.", "the 2 thanks"): "1 please" alone is read
# by the target as a bare number answering "which option?"
_BARE_PICK = re.compile(r"^\W*the\s+([1-7])\s*(?:one\s*)?(?:,?\s*(?:please|pls|thanks|thank you))?\s*[.!]*\s*$")


# a pick of the shortest connection or trip: "whatever is shortest", "the shortest layover", "least waiting in london"
_SHORTEST = re.compile(r"\b(?:shortest|quickest|fastest)\b(?!\s+(?:as\s+)?(?:you can|possible))|\bleast (?:wait(?:ing)?|time)\b|\bless waiting\b", re.I)
# one option for each of two legs: "2 then 1", "option 2 and then 1", "3 & 1 please"
_PAIR_PICK = re.compile(r"^\W*(?:ok(?:ay)?\W+)?(?:options?\s*)?([1-7])\s*(?:,\s*)?(?:then|and(?: then)?|&|\+|/|,)\s*"
                        r"(?:option\s*)?([1-7])\s*(?:please|pls|thanks)?\W*$", re.I)


# the one flight that can be booked: "the one with seats left", "whichever has seats", "the only one available",
# "the one that's not cancelled", "the available one"
_OPEN_PICK = re.compile(
    r"\b(?:the\s+|that\s+)?(?:one|flight|option)\s+(?:with|that has|that still has|which has|which still has|that'?s got)\s+"
    r"(?:free\s+|available\s+|open\s+|any\s+)?seats\b|\bwhichever\s+(?:one\s+)?(?:has|still has)\s+(?:free\s+)?seats\b|"
    r"\bthe\s+(?:available|bookable|open|non[- ]?cancell?ed|not[- ]cancell?ed|uncancell?ed)\s+(?:one|flight|option)\b|"
    r"\bthe\s+(?:one|flight|option)\s+(?:that'?s|that is|which is|that was|which was)\s+not\s+cancell?ed\b|"
    r"\bthe\s+only\s+(?:one|flight|option)(?:\s+(?:available|left|bookable|that works|with seats|you can book|open))?\b", re.I)
# a flight picked by its fare: "the 328 one", "ok the $328 flight", "the one for $328", "the 328 dollar one"
_PRICE_PICK = re.compile(r"(?:\bthe\s+|^\W*)(?:\$\s?(\d{2,5})|(\d{3,5}))(?:\.\d{2})?\s*(?:\$|dollars?|usd|bucks)?\s*"
                         r"(?:one|option|flight|fare|ticket)\b"
                         r"|\bthe (?:one|flight|option|fare)\s+(?:for|costing|that costs?|priced at)\s+\$?\s?(\d{2,5})\b"
                         r"|\bthe (?:one|flight|option|fare)\s+at\s+(?:\$\s?(\d{2,5})|(\d{3,5}))\b")  # "at 12" is a time
_HOURS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
_HOUR_WORD = re.compile(r"\b(" + "|".join(_HOURS) + r")(\s*(?:am|pm|a\.m\.|p\.m\.|o'?clock))\b", re.I)
# a whole message that is a departure time: "9am", "the 6pm", "9:00 am", "9.00 please", "the 9 o'clock"
# (also said as a switch at a summary: "make it the 6pm", "rather the 6 o'clock"; a bare "make it 5" is no time)
_TIME_ALONE = re.compile(r"^\W*(?:(?:make it|rather|i'?d rather(?: have)?|switch(?: it)? to|change(?: it)? to|go for|"
                         r"how about|what about)\s+)?(?:the\s+|at\s+)?(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.?|p\.m\.?|o'?clock)?\s*"
                         r"(?:one|flight|departure|option)?\s*(?:then|please|pls|plz|thanks|thank you)?\W*$", re.I)


# an option asked about in a statement, no question mark: "it would help me to know roughly what the cheapest one costs
# in yen", "I'd like to know how much the earliest is", "could you convert the cheapest one to yen for me"
_ASKED_SOFTLY = re.compile(r"\b(?:know|tell me|wondering|wonder|curious|find out|let me know|an idea|idea of|check)\b"
                           r"[^.!?]{0,30}?\b(?:what|how much|whether|if)\b[^.!?]*?\b(?:one|option|flight|fare|cheapest|"
                           r"earliest|latest|first|second|third|last)\b|\bconvert\b[^.!?]*?\b(?:one|option|flight|fare)\b", re.I)


# a fact of an option asked for without a question mark: "fare basis for option 2", "the fare rules for option 3
# please", "fare conditions of the 2nd one", "refund policy on the cheapest", "T&Cs for option 2", "cancellation terms
# for #3": the option is asked about, never picked ("option 2 - fare rules?" and "option 2 please. fare rules?" are
# read as before)
_OPTION_FACT_ASKED = re.compile(
    r"\b(?:fare\s+(?:basis|code|class code|bucket|rules?|conditions?|terms|details|restrictions?)|"
    r"(?:refund|cancell?ation|change|changing|rebooking)\s+(?:polic(?:y|ies)|rules?|terms|conditions?|fees?|options?)|"
    r"t\s*&\s*cs?|t'?s\s*(?:&|and)\s*c'?s|terms(?:\s+and\s+conditions)?|conditions|rules|refundability|restrictions)\s+"
    r"(?:for|of|on|with|that (?:apply|applies) to)\s+(?:the\s+)?(?:option|opt|flight|\#|number|no\.?|first|second|third|"
    r"fourth|\d|1st|2nd|3rd|4th|cheapest|earliest|latest|last|economy|premium|business|morning|evening|afternoon)", re.I)
# a pick put off in a clause of its own: "... before I pick", "before we decide which" (no pick itself)
_BEFORE_PICKING = re.compile(r"\b(?:before|so that|so)\s+(?:i|we)\s+(?:can\s+)?(?:pick|choose|decide|book|commit)\w*\b.*$", re.I)


def _picked_then_asked(text: str) -> bool:
    """A plain pick said first, in a sentence of its own, and then a question about it: "the 10:30 one please. is it
    refundable?", "option 1. refundable?" pick, as "SA8869 - can I get my money back?" does (the question is answered
    beside the summary); "is option 1 refundable?" or "option 1. is option 2 cheaper?" pick nothing."""
    m = re.match(r"\s*([^.!?]+?)\s*[.!]+\s+(\S.*)$", text, re.S)
    if not m or "?" not in m.group(2):
        return False
    pick, ask = m.groups()
    return (_selection(pick) is not None and not _ASKS_ABOUT.match(pick) and _selection(ask) is None
            and not re.search(r"\b(?:if|would|could|should|suppose|say we|what about|how about)\b", pick, re.I))


def _asked_in_a_clause(text: str) -> bool:
    """A later clause asks about the option it names, without a question mark: "actually check Nov 4 again, what was
    cheapest there"."""
    return any(_ASKS_ABOUT.match(c) and _selection(c) is not None for c in re.split(r"[,;.!]\s*", text)[1:])


# a pick by time said with a cabin or as a departure: "the later economy one", "the one that leaves later", "economy,
# the later departure" (never a decision put off till later)
_CABIN_WORD = r"(?:(?:economy|coach|premium(?: economy)?|business|first)(?: class)? )"
_LATER_PICK = re.compile(r"\bthe later " + _CABIN_WORD + r"?(?:one|option|flight|departure|fare|seat)\b|\b(?:the one|the flight|"
                         r"whichever(?: one)?)(?: that| which)? (?:leaves|departs|goes|flies) later\b", re.I)
_EARLIER_PICK = re.compile(r"\bthe earlier " + _CABIN_WORD + r"?(?:one|option|flight|departure|fare|seat)\b|\b(?:the one|"
                           r"the flight|whichever(?: one)?)(?: that| which)? (?:leaves|departs|goes|flies) earlier\b", re.I)


# a cabin and a departure time: "economy at 11:30", "the premium economy at 5:30 please", "economy, 10:30" (never a
# count: "economy for 2", "business 2 people")
_CABIN_AT_TIME = re.compile(r"\b(?:economy|coach|premium(?: economy)?|business|first class)(?: class)?(?: seat| fare| "
                            r"ticket| cabin| one| flight)?\s*,?\s*(at\s+|leaving\s+(?:at\s+)?|departing\s+(?:at\s+)?)?"
                            r"(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?(?![\d:/])(?!\s*(?:people|passengers|"
                            r"seats|of us|pax|adults|persons|tickets|arrival|landing|arriving)\b)", re.I)


# a departure time and then a cabin: "8:10 economy", "8:10am in economy pls", "the 7pm business" (a time with its
# minutes or am/pm: "2 economy" is a count)
_TIME_THEN_CABIN = re.compile(r"(?<![\d:./$])(?<!\bon )\b(\d{1,2})(?:(?:[:.](\d{2}))\s*(am|pm|a\.m\.|p\.m\.)?|\s*(am|pm|a\.m\.|p\.m\.))"
                              r"\s*,?\s*(?:in\s+)?(?:economy|coach|premium(?: economy)?|business|first class)\b"
                              r"(?!\s*(?:people|passengers|seats|of us|pax|adults|persons|tickets)\b)", re.I)


# a pick, then a question in its own sentence or clause: "the 10:30 one please. Is that a direct flight?", "first one
# please, and can I get a window seat?", "The first one. Will the 2 of us sit together?"
_PICK_THEN_ASK = re.compile(r"(?<=[.!])\s+|\s*(?:,|;|-|\u2013)\s*(?:and|but|also|oh and|oh)?\s*(?=(?:can|could|will|would|is|"
                            r"are|do|does|did|may|what|how|where|when|which|my|it|that|they)\b)", re.I)
_PRICE_ASK = re.compile(r"\b(?:how much|total|price|prices|cost|costs|fare|fares|refund\w*|damage|set (?:us|me) back|"
                        r"come to|altogether|in (?:euros?|pounds|yen|dollars))\b", re.I)


def pick_then_question(text: str) -> tuple[str, str] | None:
    """A message that picks a listed option first and then asks something else: (the pick, the question). None when
    the question is about the option itself ("is option 2 refundable?"), a price (answered with the pick's own flow),
    or there is no plain pick before it."""
    for m in _PICK_THEN_ASK.finditer(text):
        pick, ask = text[:m.start()].strip(), text[m.end():].strip()
        if not pick or "?" in pick or not ask or re.search(r"\b(?:if|would|could|should|suppose|say we|what about)\b",
                                                               pick, re.I):
            continue  # ("if we went with the first flight, what's the damage?": no pick yet)
        if not (ask.rstrip().endswith("?") or re.search(r"\b(?:right|correct|yes)\W*$", ask, re.I)):
            return None
        if ((_selection(pick) is None and not _FLIGHT_ID.search(pick)) or _selection(ask) is not None
                or _FLIGHT_ID.search(ask) or _BOOKING_ID.search(text) or _PRICE_ASK.search(ask)):
            return None
        return pick, ask
    return None


# "the first 5" of a group: a count of the party, not the first option ("the first 2 options" is no count)
_FIRST_N = re.compile(r"\b(?:the\s+)?first\s+(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\b(?!\s*(?:st|nd|rd|th|"
                      r"options?|flights?|ones?|choices?|on the list|listed)\b)(?:\s+(?:of us|of them|people|passengers|"
                      r"seats|travell?ers|pax))?", re.I)


def _selection(text: str) -> int | str | None:
    t = text.lower()
    if _SHORTEST.search(t) and not re.search(r"\b(?:date|day|month)\b", t):
        return "shortest"
    t_clean = re.sub(r"\bfirst (name|class|time|week|weekend|half|days?)\b|\bsecond (name|thought)\b|\bone way\b|\bone-way\b", " ", t)
    t_clean = re.sub("^" + _OK_LEAD, "", t_clean, flags=re.I)  # "alright the first", "ok, the second one"
    t_clean = _FIRST_N.sub(" ", t_clean)  # "book the first 5" (of a group) picks no option
    if m := re.search(r"\b(second|2nd|third|3rd)[- ]?(?:cheapest|lowest(?: price| fare)?|least expensive)\b", t_clean):
        return "cheapest " + {"second": "2", "2nd": "2", "third": "3", "3rd": "3"}[m.group(1)]  # "the second cheapest"
    if re.search(r"\b(cheapest|lowest price|least expensive|lowest fare)\b|\bthe (?:cheaper|less expensive|cheap) "
                 r"(?:one|option|flight|fare)\b|\bthe cheaper(?=\s*(?:please|pls|then|thanks)?\W*$)|\bwhichever (?:is|was|'s|one is) (?:cheaper|less expensive)\b", t_clean):
        return "cheapest"
    if re.search(r"\b(earliest|first flight|soonest)\b|\bthe earlier (?:one|option|flight)\b|\b(?:whichever|the one that|which|"
                 r"the one which|whatever) (?:one )?(?:leaves|departs|goes|flies) (?:first|earliest|soonest)\b", t_clean) or \
            _EARLIER_PICK.search(t_clean):
        return "earliest"
    # a place in the list, not a time: "the last one", "the bottom one", "last", "the final option" (the latest flight
    # may be another, when two leave at once or the list is not by time); "the one before last" is the one above it
    if re.search(r"\b(?:second|2nd)[- ]to[- ]last\b|\bone before (?:the )?last\b|\bpenultimate\b", t_clean):
        return "last 2"
    if re.search(r"\b(?:the )?(?:last|bottom|final)(?: one| option| choice)\b|^\W*(?:the )?(?:last|bottom)\W*$", t_clean):
        return "last"
    if re.search(r"\b(latest|last flight)\b|\bthe later (?:one|option|flight)\b", t_clean) or _LATER_PICK.search(t_clean):
        return "latest"
    for idx, words in _ORDINALS:
        if re.search(r"(?:\b(?:option|opt|number|no\.?|flight)|#)\s*(" + words + r")\b", t_clean):  # ("opt 3")
            return idx
    m = _BARE_PICK.match(t_clean)  # "The 1 please.", "the 2", "3, thanks": a whole message that is a pick
    if m:
        return int(m.group(1)) - 1
    for idx, words in _ORDINALS:
        w = words.split("|")[:2]
        if re.search(r"\b(the )?(" + "|".join(w) + r")( one| option| flight| leg)?\b", t_clean) and \
                re.search(r"\b(the )?(" + "|".join(w) + r") (one|option|flight)\b|^\s*(the )?(" + "|".join(w) + r")\b|\b(take|want|pick|choose|go with|book|hold|prefer) (the )?(" + "|".join(w) + r")\b", t_clean):
            return idx
    if _OPEN_PICK.search(t_clean):  # "the one with seats left", "the only one available": the one bookable flight
        return "open"
    if m := _PRICE_PICK.search(t_clean):  # "the 328 one", "the $328 flight", "the one for $328": by its fare
        return "price " + next(g for g in m.groups() if g)
    t_clean = _HOUR_WORD.sub(lambda w: str(_HOURS.index(w.group(1)) + 1) + w.group(2), t_clean)  # "the nine am one"
    t_clean = re.sub(r"\bat (?:noon|midday)\b", "at 12:00", t_clean)  # "the one at noon"
    t_clean = re.sub(r"\b((?:one|flight) at) (" + "|".join(_HOURS) + r")\b(?!\s*(?:am|pm|a\.m|p\.m|o'?clock))",
                     lambda w: f"{w.group(1)} {_HOURS.index(w.group(2)) + 1}:00", t_clean)  # "the one at twelve"
    m = re.search(r"\b(?:the |at )?(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.|h|o'?clock)?\s*(?:one|option|flight|"
                  r"departure|plane)\b|\b(?:the one|the flight|one|flight|leaving|departing|leaves|departs|goes)(?: that| which)?"
                  r"(?: leaves| departs| goes| is)? at (\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.|o'?clock)?\b"
                  r"(?!\s*(?:arrival|landing|arriving))", t_clean)
    if m and not m.group(1) and m.group(4):  # "the one at 9", "the one that leaves at 9": a departure time
        m = m if m.group(6) or m.group(5) or re.search(r"\bone\b|\bflight\b", m.group(0)) else None
        if m:
            hh, mm, ap = m.group(4), m.group(5), m.group(6)
            h = int(hh) % 12 + (12 if ap and ap.startswith("p") else 0) if ap and ap[0] in "ap" else int(hh)
            if h < 24 and int(mm or 0) < 60:
                return f"at {h:02d}:{int(mm or 0):02d}"
    if m and (m.group(2) or m.group(3) or m.group(5) or m.group(6)):
        hh, mm, ap = (m.group(1), m.group(2), m.group(3)) if m.group(1) else (m.group(4), m.group(5), m.group(6))
        h = int(hh) % 12 + (12 if ap and ap.startswith("p") else 0) if ap and ap[0] in "ap" else int(hh)
        if h < 24 and int(mm or 0) < 60:
            return f"at {h:02d}:{int(mm or 0):02d}"
    if m := _CABIN_AT_TIME.search(t_clean):
        # "economy at 11:30", "premium economy, 10:30", "economy 11.30": the flight leaving then (the cabin said is
        # read as the fare class, which narrows the pick among flights leaving then, or is asked about)
        hh, mm, ap = int(m.group(2)), int(m.group(3) or 0), m.group(4) or ""
        h = hh % 12 + (12 if ap.startswith("p") else 0) if ap[:1] in ("a", "p") else hh
        if h < 24 and mm < 60 and (m.group(1) or m.group(3) or ap):
            return f"at {h:02d}:{mm:02d}"
    if m := _TIME_THEN_CABIN.search(t_clean):  # "8:10 economy", "8:10am in economy": the flight leaving then
        hh, mm, ap = int(m.group(1)), int(m.group(2) or 0), m.group(3) or m.group(4) or ""
        h = hh % 12 + (12 if ap.startswith("p") else 0) if ap[:1] in ("a", "p") else hh
        if h < 24 and mm < 60:
            return f"at {h:02d}:{mm:02d}"
    m = _TIME_ALONE.match(t_clean)  # "9am", "the 6pm", "9:00 am", "9.00 please": a whole message that is a time
    if m and (m.group(2) or m.group(3)) and int(m.group(1)) < 24 and int(m.group(2) or 0) < 60:
        ap = m.group(3) or ""
        h = int(m.group(1)) % 12 + (12 if ap.startswith("p") else 0) if ap[:1] in ("a", "p") else int(m.group(1))
        return f"at {h:02d}:{int(m.group(2) or 0):02d}"
    m = re.search(r"\bthe (\d{1,2})[:.](\d{2})\b(?!\s*(?:am|pm|a\.m|p\.m)?\s*(?:arrival|landing|arriving))", t_clean)
    if m and int(m.group(1)) < 24 and int(m.group(2)) < 60:  # "the 16:30", "the morning flight pls, the 6:45"
        return f"at {int(m.group(1)):02d}:{m.group(2)}"
    if m := re.search(r"\bthe (?:one|flight|option)(?: that| which)? (?:leaves |leaving |departs |departing |goes |is )?in the "
                      r"(morning|afternoon|evening)\b", t_clean):  # "the one in the morning"
        return "part " + m.group(1)
    if m := _DAY_PART.search(t_clean):  # "the morning one", "noon one", "the evening flight please"
        return "part " + {"midday": "noon", "lunchtime": "noon", "lunch": "noon"}.get(m.group(1), m.group(1))
    if re.search(r"\b(?:most expensive|priciest|dearest|highest (?:price|fare))\b|\bthe (?:pricier|more expensive) "
                 r"(?:one|option|flight|fare)\b", t_clean):
        return "dearest"  # "the most expensive lol", "the priciest one"
    # (or opening the message without "the": "premium one", "business flight pls")
    m = re.search(r"(?:\bthe |^\W*)(economy|premium|business)( economy| class)? (one|option|flight|fare)\b", t_clean)
    if m:
        return m.group(1)
    m = re.search(r"\bthe (sold[- ]?out|full|cancell?ed) (one|option|flight)\b", t_clean)
    if m:  # "the sold out one please": picked, so that the agent can say why it cannot be booked
        return "cancelled" if m.group(1).startswith("cancel") else "soldout"
    return None


# --- a pick taken back or turned down (fix43d) ---------------------------------------------------------------------
# a pick corrected in the same message: "option 1, no wait, option 2", "the first one - actually no, the second",
# "the 9:45, hmm, no, make it the 1pm", "the 13:00 one, sorry I meant 09:45", "1... no, 2", "opt 1 er I mean opt 2":
# the words between the two picks, with at least one that takes the first back
_PICK_FIX_MARK = re.compile(
    r"(?:[\s,.;:!\u2026\u2013\u2014-]|\b(?:no+|nah|nope|wait|actually|sorry|soz|oops|whoops|oh|hmm+|um+|erm*|err*|uh+|ah+|"
    r"i mean|i meant|i mean't|meant|make (?:it|that)|rather|or rather|correction|my (?:bad|mistake)|scratch that|"
    r"on second thoughts?|second thoughts?|i changed my mind|changed my mind|change (?:it|that) to|let'?s (?:do|say|go with)|"
    r"go with|instead|i'?ll take|please|pls)\b)+", re.I)
_PICK_FIX_STRONG = re.compile(r"\b(?:no+|nah|nope|wait|actually|sorry|soz|oops|whoops|i mean|i meant|i mean't|meant|make (?:it|that)|"
                              r"rather|correction|my (?:bad|mistake)|scratch that|second thoughts?|changed my mind|"
                              r"change (?:it|that) to)\b", re.I)
_PICK_COUNT_WORDS = re.compile(r"\b(?:people|persons?|passengers?|pax|of us|adults?|kids?|children|seats?|tickets?|travell?ers?)\b",
                               re.I)
_LONE_OPTION_NO = re.compile(r"^\W*(?:#\s*)?([1-7])(?:\W+(?:sorry|please|pls|then|thanks|thank you|instead))*\W*$", re.I)


def _names_a_pick(part: str, listed: bool = True) -> bool:
    """``part`` of a message names a listed option on its own ("option 2", "the second", "the 1pm", "SA4569"; "2"
    only where options are ``listed``)."""
    part = part.strip()
    return bool(part) and not _PICK_COUNT_WORDS.search(part) and (
        _selection(part) is not None or bool(_FLIGHT_ID_LOOSE.search(part)) or (listed and bool(_LONE_OPTION_NO.match(part))))


def option_named(part: str) -> tuple[int | str | None, list[str]]:
    """The listed option ``part`` names: (its selection as ``_selection`` reads it, or the index a lone number gives;
    the flight numbers said)."""
    m = _LONE_OPTION_NO.match(part)
    return (int(m.group(1)) - 1 if m else _selection(part)), ["SA" + (x.group(1) or x.group(2))
                                                               for x in _FLIGHT_ID_LOOSE.finditer(part)]


def _pick_retyped(text: str, listed: bool = False) -> str:
    """The message with a pick it takes back left out, the one said after it kept: "option 1, no wait, option 2" reads
    "option 2"; "the second. no, the first" reads "the first". Anything else said before the first pick stays; a
    message without two picks around such words is returned as it is ("option 1, no return needed")."""
    for m in reversed([m for m in _PICK_FIX_MARK.finditer(text) if _PICK_FIX_STRONG.search(m.group(0))]):
        before, after = text[:m.start()], text[m.end():]
        if "?" in after or not _names_a_pick(after, listed) or _BOOKING_ID.search(after):
            continue
        clauses = re.split(r"(?<=[,.;!])\s+", before.strip())
        if not clauses or not _names_a_pick(clauses[-1], listed):
            continue
        kept = " ".join(c for c in clauses[:-1] if not _names_a_pick(c, listed))
        if m := _LONE_OPTION_NO.match(after):  # "1... no, 2": option 2 (said alone, a number could read as a count)
            after = f"option {m.group(1)}"
        return (kept + " " + after.strip()).strip()
    return text


# a listed option turned down: "not option 1", "anything but the 9:45", "I don't want the first one", "option 1 is too
# early", "the morning one doesn't work for me", "skip SA8120" (never "not sure, option 1", "I don't mind option 1",
# "is option 1 not cheaper?"); the option said is in the group "x"
_PICK_HEAD = (r"(?:the\s+|that\s+|this\s+)?(?:option|opt|number|no\.?|#|flight|sa[ -]?\d{4}|\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?|"
              r"first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|one|two|three|four|five|last|bottom|cheapest|earliest|latest|"
              r"earlier|later|morning|afternoon|evening|noon|economy|premium|business|early|late|\$\s?\d)")
_PICK_TAIL = (r"(?P<x>" + _PICK_HEAD + r"[^,.;!?\u2013\u2014]{0,30}?)(?=\s*(?:[,.;!?\u2013\u2014]|-\s|$|\bbut\b|\band\b|\bplease\b|"
              r"\bpls\b|\bthanks?\b))")
_PICK_TURNED_DOWN = re.compile(
    r"(?:^|(?<=[\s,.;!(\u2013\u2014-]))(?:(?:i|we)\s+)?(?:definitely\s+|really\s+)?(?:not|never|no to|anything but|any but|"
    r"anything except|any except|anything other than|any other than|other than|except(?: for)?|"
    r"(?:do\s*n[o']?t|dont|do not|would\s*n'?t|won'?t)\s+(?:really\s+)?(?:want|like|fancy|take|choose|pick)|"
    r"skip|avoid|rule out|not keen on|not interested in|no thanks to|can'?t do|cannot do|"
    # (fix44h) a listed flight that cannot be made: "I can't make option 1, so option 2", "my wife can't make option 1",
    # "I won't be able to make the first one", "we'd never make the 6am", "unable to make option 1"
    r"(?:can\s*'?n?o?t|cannot|can not|could\s*n'?t|could not|won'?t|wont|will not|would\s*n'?t|would not|(?:we|i)?'?d never|"
    r"would never|will never|'?ll never)\s+(?:be able to\s+|possibly\s+|ever\s+|really\s+)?(?:make|manage|get to|catch)|"
    r"(?:unable|not able) to (?:make|manage|get to|catch))\s+(?:it\s+(?:in time\s+)?(?:for|to|onto|on)\s+)?" + _PICK_TAIL
    + r"|(?:^|(?<=[\s,.;!(]))(?P<y>" + _PICK_HEAD + r"[^,.;!?]{0,30}?)\s+(?:(?:is|'s|are|seems|looks)\s+(?:way\s+|much\s+|a bit\s+|"
    r"far\s+|really\s+|just\s+)*(?:too\s+(?:early|late|expensive|pricey|dear|long|short|much)|no good|not good|not ok(?:ay)?|"
    r"not for (?:me|us)|out|not an option|a no)|(?:does\s*n[o']?t|doesnt|does not|won'?t|will not|would\s*n'?t|can'?t)\s+work"
    # (fix44h) "option 1 isn't good for us", "option 1 doesn't suit", "option 1 lands too late", "the earlier one leaves
    # way too early", "option 1 we'd miss", "option 1 we can't make", "option 1 is a no-go"
    r"|(?:is\s*n'?t|is not|'s not|are\s*n'?t|are not)\s+(?:any\s+|really\s+|very\s+)?(?:good|ok(?:ay)?|suitable|possible|doable|"
    r"an option|great|ideal|right|convenient|for (?:me|us))"
    r"|(?:does\s*n[o']?t|doesnt|does not|won'?t|will not|would\s*n'?t|can'?t)\s+(?:suit|fit|do)"
    r"|(?:leaves|departs|goes|lands|arrives|gets\s+(?:in|there)|flies|takes off|touches down|is|'s|are|seems|looks)\s+"
    r"(?:(?:in|off|out|there|for (?:us|me))\s+)?(?:way\s+|much\s+|a bit\s+|a little\s+|far\s+|just\s+|a tad\s+)?"
    r"too\s+(?:early|late|soon|expensive|pricey|dear|long|short)"
    r"|(?:(?:we|i)\s*(?:'d|'ll| would| will)?\s+(?:definitely\s+|probably\s+|just\s+)?miss"
    r"|(?:we|i)\s+(?:really\s+|just\s+)?(?:can\s*'?n?o?t|cannot|could\s*n'?t|won'?t|wont)\s+(?:make|do|manage|catch))"
    r"(?:\s+(?:it|that(?: one)?|in time))?(?=\s*(?:[,.;!?\u2013\u2014]|-\s|$|\b(?:so|but|anyway|sadly|unfortunately)\b))"
    r"|(?:is|'s)\s+a\s+no[- ]?go"
    r"|,?\s*no thanks?)\b"
    # (fix44h) a listed flight wanted but given up for a reason said after "but": "option 1 would be nice but we can't
    # make it, so 2", "I'd take option 1 but it's too early so let's do 2", "option 1, but it's too late for us"
    + r"|(?:^|(?<=[\s,.;!(]))(?P<z>" + _PICK_HEAD + r"[^,.;!?]{0,30}?)\s*,?\s*but\s+(?:(?:it|that|this|they|we|i|the flight)"
    r"(?:'s|'re| is| are| was| were)?\s+)?(?:(?!not\b|never\b)[a-z']+\s+){0,2}?(?:way\s+|much\s+|a bit\s+|a little\s+|far\s+|just\s+)?"
    r"(?:too\s+(?:early|late|soon|expensive|pricey|dear|long)|(?:can\s*'?n?o?t|cannot|could\s*n'?t|won'?t|wont|will not)\s+"
    r"(?:make|do|manage|catch|work)\s+(?:it|that|this|them|the \w+)|(?:does\s*n'?t|won'?t|will not|would\s*n'?t)\s+work|"
    r"no good|not (?:possible|doable|an option)|full|sold out|miss (?:it|that|this))\b", re.I)


# "next week" said at a summary or listing of a dated flight (fix43d): "yes but for next week", "actually next week",
# "same but the following week", "the week after" (never a week to pay, decide or call in: "I'll pay next week")
_SUMMARY_DAY = re.compile(r"\b(?:departing|on) (\d{4}-\d{2}-\d{2})\b")
_NEXT_WEEK_SAID = re.compile(r"\b(?:next|following)\s+week\b|\bthe\s+week\s+after\b(?!\s+(?:that|next))", re.I)
_NEXT_WEEK_ASIDE = re.compile(r"\b(?:pay|paid|payment|decide|confirm|call|ring|think|let you know|get back|check|ask|salary)\w*\b",
                              re.I)

def _options_in_view(summary: str) -> bool:
    """The agent's last reply lists options, asks for a pick or names the flights of its summary."""
    return bool(_LISTED.search(summary or "") or re.search(r"\bSA\d{4}\b", summary or ""))


# (fix44h) the pick said as a lone number after a turned-down option and its reason: "..., so 2", "... so let's do 2",
# "we can't make it. 2 please", "- 2 then" (never a count: "so 2 of us", "2 people")
_REST_LONE_PICK = re.compile(r"(?:^|\b(?:so|then|and|instead|let'?s (?:do|go with|take|say)|go with|give me|take|(?:we|i)'?ll (?:do|take)|"
                             r"(?:we|i) (?:will|would|'d) (?:do|take)|just|rather)\b|[,;:.!\-\u2013\u2014])\s*(?:number\s*|no\.?\s*|#\s*)?"
                             r"([1-7])\s*(?:please|pls|plz|then|instead|thanks|thank you|thx|ty)?\W*$", re.I)


# (fix44h) "can't make it" said as a reason ("we can't make it to the airport that early"): read apart from "cancel"
_CANT_MAKE_IT_REASON = re.compile(r"\b(?:can\s*'?n?o?t|cannot|can not|won'?t|wont|will not|could\s*n'?t|could not|would\s*n'?t|"
                                  r"would not|(?:not |un)able to|won'?t be able to)\s+(?:\w+\s+)?make (?:it|the (?:trip|flight))\b", re.I)


def _turned_down_pick(text: str) -> tuple[str, str] | None:
    """(the option turned down, the rest of the message) when the message turns a listed option down ("not option 1",
    "option 1 is too early"; the rest may pick another: "not the first, the second", "option 1 not option 2");
    None otherwise, and for a question ("is option 1 not cheaper?")."""
    for m in _PICK_TURNED_DOWN.finditer(text):
        said = m.group("x") or m.group("y") or m.group("z")
        clause_end = re.search(r"[.!?]|$", text[m.end():])
        if "?" in text[m.end():m.end() + clause_end.end()] or not _names_a_pick(said, listed=True):
            continue
        if re.match(r"\W*(?:is|are|was|does|do|did|can|could|would|will|should)\b", text, re.I) and "?" in text:
            return None
        return said, (text[:m.start()] + " " + text[m.end():]).strip(" ,.;!-")
    return None


# a pick limited to the refundable (or non-refundable) flights: "ok the cheapest refundable one then", "the earliest
# flight i can get my money back on", "cheapest non-refundable fare"
_REFUNDABLE_PICK = re.compile(r"\b(non[- ]?|not\s+)?refundable\b|\b(?:one|flight|fare|option)s?\s+(?:i|we)\s+(?:can|could)\s+"
                              r"get\s+(?:my|our|the|)\s*money\s+back\b()", re.I)
# "refundable" said of an option that is asked about, not as a filter: "is the cheapest one refundable", "the cheapest
# option, is it refundable?" (not "the cheapest one that is refundable", "is the cheapest refundable one free?")
_REFUNDABLE_ASKED = re.compile(r"(?<!\bthat )(?<!\bwhich )(?<!\bthat)(?<!\bwhich)(?:^|(?<=[^\w']))(?:is|are|was|were)\s+"
                               r"(?:(?!that\b|which\b|refundable\b)[\w-]+\s+){0,5}?(?:fully\s+|also\s+|still\s+)?"
                               r"(?:non[- ]?|not\s+)?refundable\b(?!\s+(?:one|flight|fare|option|ticket|seat|choice)s?\b)", re.I)
# "can I get my money back on the cheapest one?": a question about the option, not a pick
_MONEY_BACK_ASKED = re.compile(r"^\W*(?:(?:and|so|ok(?:ay)?|also|but)\W+)?(?:can|could|will|would|do|does|did|would)\s+(?:i|we)\s+"
                               r"(?:get|have)\s+(?:my|our|the)?\s*(?:money|cash|refund)\b", re.I)


# a pick by the part of the day a flight leaves: "the morning one", "noon one", "the evening flight pls", "the afternoon
# departure"; not "in the morning", "the morning of the 5th"
_DAY_PART = re.compile(r"(?:(?<!\bin )(?<!\bby )\b(?:the|that)\s+(?:early\s+|late\s+)?(?=\w+(?:\s+(?:one|flight|option|departure|plane)\b|\s*(?:pls|"
                       r"please|plz|then|thanks|lol)?\s*(?:[,.!]|$)))|\b(?=\w+\s+(?:one|flight|option|departure|plane)\b))"
                       r"(morning|afternoon|evening|noon|midday|lunchtime|lunch)\b", re.I)


# no preference among the listed options ("any", "whichever is fine", "doesn't matter", "you pick"): the agent
# suggests one (the cheapest) and asks, it does not pick for the customer
_NO_PREFERENCE = re.compile(
    r"\W*(?:(?:ok(?:ay)?|um+|hm+|eh|well|honestly|tbh|i mean|oh|alright|all right|right|fine|sure)\W+)*(?:any(?:\s+(?:one|of them|flight|option))?|anything|"
    # "whatever you recommend then", "go with your suggestion", "I'll take what you suggest"
    r"(?:(?:(?:i'?ll|we'?ll|let'?s)\s+)?(?:go with|take|do|book)\s+)?(?:whatever|whichever|what)(?:\s+(?:one|flight|option))?\s+(?:you|u)\s+"
    r"(?:recommend|suggest|advise|think(?:\s+is\s+best)?|say|reckon)(?:ed)?|"
    r"(?:(?:i'?ll|we'?ll|let'?s)\s+)?(?:go with|take|follow)\s+(?:your|the)\s+(?:recommendation|suggestion|advice)|"
    r"whichever(?:\s+(?:one|flight|option))?|whatever|either(?:\s+(?:one|of them))?|"
    r"(?:it )?(?:does ?n[o']?t|doesnt|don'?t|dont) matter|(?:i )?(?:don'?t|dont|do not) (?:mind|care)|no preference|"
    r"(?:you|u) (?:pick|choose|decide)(?: one| for me)?|up to (?:you|u)|your (?:call|choice)|surprise me)"
    r"(?:\W+(?:is|are|works?|would be)?\s*(?:fine|ok(?:ay)?|good|great|alright|works))?"
    r"(?:\W+(?:really|honestly|to me|for me|i guess|then))*(?:\W+(?:please|pls|thanks|thank you))?\W*", re.I)


# two listed options, the choice between them left to the agent: "1 or 2, whichever you think", "either 1 or 3 is
# fine", "option 2 or 3, you choose", "1/2 doesn't matter", "1 or 2 - up to you"
_EITHER_PICK = re.compile(
    r"\W*(?:(?:ok(?:ay)?|um+|hm+|well|so|either|maybe|i guess|i'?d say|i'?ll take|take)\W+)*(?:options?\s+|number\s+|the\s+)?"
    r"([1-9])(?:st|nd|rd|th)?\s*(?:or|/|,)\s*(?:options?\s+|number\s+|the\s+)?([1-9])(?:st|nd|rd|th)?(?:\s+(?:one|option))?"
    r"\s*(?:[,.;:!?\-\u2013\u2014]+\s*)?(?:(?:is|are|both|either|one|would be|is)\s+)*"
    r"(?:whichever|whatever|either|fine|ok(?:ay)?|good|(?:you|u)\s+(?:pick|choose|decide)|up to (?:you|u)|your (?:call|choice)|"
    r"(?:i\s+)?(?:don'?t|dont|do not)\s+(?:mind|care)|(?:it\s+)?(?:does ?n[o']?t|doesnt|don'?t)\s+matter|no preference)"
    r"(?:\s+(?:one|option|is|you|u|think|thinks|recommend|suggest|prefer|like|reckon|want|is best|better|best|fine|by me|"
    r"for me|really|honestly|then|please|pls|thanks|to me|works|is fine|are fine))*\W*", re.I)


# a question comparing the listed flights, asked while they are still to choose from (no pick): "which one is
# cheaper?", "which gets in first?", "are both direct?", "which would you recommend?", "is there anything in the
# evening?", "which flights are there that day?", "which date works out cheaper?"; not "the cheaper one",
# "whichever is cheaper", "the evening one" (picks)
_WHICH_OF = (r"\b(?:which|what)(?:\s+(?:one|ones|flight|flights|option|options|fare|of\s+(?:them|these|those|the\s+(?:two|three|"
             r"four|flights|options|\w+\s+(?:flights|options)))))?")
_LISTING_ASKS = (
    ("day", re.compile(r"\b(?:which|what)\s+(?:date|day)s?\b[^.?!]{0,30}?\b(?:cheaper|cheapest|less expensive|lower|"
                       r"best (?:price|value|deal))", re.I)),
    ("cheapest", re.compile(_WHICH_OF + r"(?:\s*'s|\s+(?:is|s|was|would be|will be|works? out|comes? out|ends? up|are))?\s+"
                            r"(?:the\s+)?(?:cheaper|cheapest|less expensive|least expensive|lower[- ]priced|lowest[- ]priced|"
                            r"lower|lowest|best (?:value|price|deal))\b|" + _WHICH_OF + r"\s+(?:costs?|is going to cost)\s+"
                            r"(?:less|the least)\b", re.I)),
    ("arrives first", re.compile(_WHICH_OF + r"\s+(?:arrives?|lands?|gets?\s+in|gets?\s+(?:me\s+|us\s+)?there|touch(?:es)? down)"
                                 r"\s+(?:the\s+)?(?:earlier|earliest|first|sooner|soonest)\b", re.I)),
    ("arrives last", re.compile(_WHICH_OF + r"\s+(?:arrives?|lands?|gets?\s+in|gets?\s+(?:me\s+|us\s+)?there|touch(?:es)? down)"
                                r"\s+(?:the\s+)?(?:later|latest|last)\b", re.I)),
    ("earliest", re.compile(_WHICH_OF + r"\s+(?:leaves?|departs?|goes|flies|takes? off)\s+(?:the\s+)?(?:earlier|earliest|first|"
                            r"sooner|soonest)\b", re.I)),
    ("latest", re.compile(_WHICH_OF + r"\s+(?:leaves?|departs?|goes|flies|takes? off)\s+(?:the\s+)?(?:later|latest|last)\b", re.I)),
    ("direct", re.compile(r"\b(?:are|is)\s+(?:both|they|these|those|all|them|either|any|none|the\s+(?:flights|options|two|three)|"
                          r"(?:both|all|any|either|none)\s+of\s+(?:them|these|those|the\s+\w+))\s+(?:of\s+them\s+)?(?:all\s+)?"
                          r"(?:direct|non-?stop)\b|\b(?:do|does)\s+(?:they|these|those|any|either|both|all|the\s+flights|"
                          r"(?:any|either|both|all)\s+of\s+(?:them|these|those))\s+(?:have|make|involve)\s+(?:any\s+)?"
                          r"(?:stops?|layovers?|stopovers?|connections?)\b|^\W*(?:and\s+)?(?:all|both)\s+(?:direct|non-?stop)\W*$", re.I)),
    ("recommend", re.compile(r"\b(?:which|what)\b[^.?!]{0,25}?\b(?:would|do|should|could|can)\s+(?:you|u)\s+(?:recommend|suggest|"
                             r"advise|pick|choose|go for|take)\b|\bwhat(?:'s|\s+is)\s+(?:your|the\s+best)\s+(?:recommendation|"
                             r"suggestion|pick)\b|\bany\s+(?:recommendations?|suggestions?)\b|" + _WHICH_OF +
                             r"(?:\s*'s|\s+(?:is|would be))\s+(?:the\s+)?best\b|" + _WHICH_OF +
                             r"\s+should\s+(?:i|we)\s+(?:take|pick|choose|go for|book|get)\b", re.I)),
    ("list", re.compile(r"\b(?:which|what)\s+(?:flights|options)\s+(?:are\s+there|do\s+(?:you|u)\s+have|have\s+(?:you|u)\s+got|"
                        r"are\s+available|is\s+there)\b", re.I)),
)
# "is there anything in the evening?", "any morning flights?", "do you have something in the afternoon?"
_DAY_PART_ASKED = re.compile(r"\b(?:is\s+there|are\s+there|anything|any|something|do\s+(?:you|u)\s+have|have\s+(?:you|u)\s+got|"
                             r"got)\b(?:\s+\w+){0,2}?\s+(?:in\s+the\s+|this\s+|that\s+)?(morning|afternoon|evening|night)\b",
                             re.I)


def listing_question(text: str) -> str | None:
    """What a question about the listed flights compares (``_LISTING_ASKS``: "cheapest", "arrives first", "direct",
    "recommend", "list", "day", ...; "part evening" and the like for a part of the day), or None."""
    t = (text or "").replace("\u2019", "'")
    for kind, pat in _LISTING_ASKS:
        if pat.search(t):
            return kind
    if (m := _DAY_PART_ASKED.search(t)) and ("?" in t or re.match(r"\W*(?:is|are|any|do|have|got)\b", t, re.I)):
        return "part " + {"night": "evening"}.get(m.group(1).lower(), m.group(1).lower())
    return None


# dropping what is being arranged, said with nothing new (probe.targets.phrases.ABANDON), with this
# airline's words: "Forget the flight.", "I'll book somewhere else.", "I don't need a flight after all."
_ABANDON = abandon_pattern(
    r"forget (the|my) (flight|trip|search|booking)|leave (the|my) booking (as (it is|it was)|alone|be)|"
    r"i'?ll keep (the|my) (booking|flight)(?= *[.!,]| *$)|stop the (search|booking)|rather not (book|fly|travel)|"
    r"(book|go|fly|look) (somewhere|elsewhere|with (another|a different) (airline|company|agent)|with someone else)|"
    r"(don'?t|do not|no longer) (want|need) (to book|to fly|a flight|any flights?|anything|it|that|this|the flight|"
    r"the trip|one|to go)( any ?more| after all| today| now| right now)?\b(?! (but|until|unless|if|before|to|from|on)\b)")
# dropping the trip being planned: these say so only while a new trip is planned ("Cancel that.", "I'm not
# travelling any more"); with a booking in hand they ask for its cancellation
_DROP_TRIP = re.compile(
    r"\b(^\W*((please|ok(ay)?|actually|just|no),? )*cancel\b(?! (my|the|this|that|your|our) (booking|reservation|ticket|"
    r"hold|itinerary)\b)(?! +BK)|cancel (that|this|it|everything|the (search|whole thing|trip|flight|request))\b|"
    r"(i'?m |we'?re )?(not|no longer) (booking|flying|going|travel+ing|planning)\b( (this|that|the) trip)?"
    r"( after all| any ?more| today)?(?= *[.!,]| *$)|won'?t be (needing|taking|travel+ing|flying|going)|"
    r"(don'?t|do not) need (it|that|this|one|the flight|a flight) any ?more)",
    re.I)
# one traveller who is not the speaker, as the answer to "How many passengers?": "just him", "only my dad", "not me,
# just her", "I won't be flying, only him", "just the one" (not "just him and me", "only him and his wife")
_ONLY_THEM = re.compile(r"\b(?:just|only|solely)\s+(?:him|her|he|she|the one|one (?:person|passenger|traveller|traveler|adult)|"
                        r"my (?:dad|father|mum|mom|mother|husband|wife|son|daughter|brother|sister|boss|friend|colleague|partner|"
                        r"grand(?:ma|pa|mother|father))|(?:him|her|he|she) (?:then|alone|himself|herself))\b"
                        r"(?!\s*(?:and|plus|with|&|\+|too|also|as well)\b|\s+(?:flight|option|way|leg|bag|date|day)s?\b)", re.I)
# the one booking says they stay at home: "I won't be travelling", "I'm not flying myself"
_SPEAKER_STAYS = re.compile(r"\b(?:i\s+(?:won'?t|wont|will not)\s+be|i'?m\s+not|i am not|i\s+(?:won'?t|wont|will not))\s+"
                            r"(?:travel+ing|flying|going|coming|travel|fly|go|come)(?:\s+(?:myself|with (?:them|her|him)|"
                            r"along|this time))?\b", re.I)
# the customer wants a person ("Can I talk to a human?", "Get me a real agent"); "let me talk to my wife" is a deferral

# a refund asked for, not asked about: "I want my money back", "please refund my ticket"; not "can I get a
# refund if I cancel?"
_REFUND_REQUEST = re.compile(
    r"\b(?:(?:i|we) (?:want|need|would like|'d like|demand)|i'd like|give me|(?:can|could) (?:i|we) (?:get|have))\s+"
    r"(?:a (?:full )?refund|my money back|our money back)\b(?!\s+(?:if|in case|when|should|for a (?:future|later)))"
    r"|\b(?:please )?refund (?:me|us|my|our|the|this|that)\b(?!\s+(?:if|in case|when))", re.I)


# a question about the cancellation, refund or change rules, not a request to cancel or change: "what's the
# cancellation policy?", "what happens if i cancel option 1?", "and if we change our mind after booking?", "can I get a
# refund if I cancel?", "is the 2nd one refundable?", "are these changeable?"
_RULES_QUESTION = re.compile(
    r"\b(?:cancell?ation|cancel+ing|refund|change|changing|rebooking|amendment)\s+(?:polic(?:y|ies)|rules?|terms|conditions|"
    r"fees?|charges?|penalt(?:y|ies))\b"
    r"|\bwhat (?:happens|would happen|if)\b[^.?!]{0,40}?\b(?:cancel\w*|change (?:my|our) minds?|refund\w*)"
    r"|\b(?:if|in case|should|when|suppose|supposing) (?:i|we) (?:later |then |ever )?(?:need to |have to |decide to |want to |must |end up "
    r"(?:needing|having) to )?(?:cancel\w*|change (?:my|our) minds?|can'?t (?:go|travel|fly|make it))"
    r"|\b(?:is|are) (?:it|this|that|they|these|those|the (?:\w+ )?(?:one|ones|option|options|fares?|flights?|tickets?)|"
    r"option \d|any of (?:them|these|those|the \w+))\s+(?:fully |still |at all )?(?:refundable|non-?refundable|cancell?able|"
    r"changeable|flexible)\b"
    r"|\b(?:can|could|may) (?:i|we) (?:still )?(?:cancel|change|get (?:a |my |our )?(?:money|refund))\w*\b[^.?!]{0,30}?"
    r"\b(?:later|afterwards|after booking|for free|free of charge|without (?:a )?(?:fee|penalty|charge))\b", re.I)


# a cancellation only supposed, in a question about what it would bring: "Can I get a refund on it if my plans
# change?", "If my plans change, could I get my money back?", "Hypothetically, if I had to cancel, would I get a
# refund?", "Say I cancel - what do I get back?", "in case we can't make it, is it refundable?": the rule is asked, no
# cancellation (nor change) is asked for; not "cancel it if it's refundable", "please cancel, I want a refund"
_SUPPOSED_CANCEL = re.compile(
    r"\b(?:if|in case|should|suppose|supposing|say|assuming|let'?s say|what if|in the event(?: that)?|were|hypothetically|"
    r"theoretically)\b[^.?!;]{0,40}?\b(?:cancel\w*|plans?\s+(?:change[sd]?|changing|fall|fell|falls)\b(?:\s+through)?|"
    r"change\s+(?:my|our)\s+minds?|(?:can'?t|cannot|could(?:n'?t| not)|don'?t|do not|didn'?t|did not)\s+"
    r"(?:go|travel|fly|make\s+it|come)|something\s+(?:comes?|came)\s+up|(?:get|got|fall|falls|fell|am|are|were|was|"
    r"is)\s+(?:sick|ill)|no\s+longer\s+(?:go|travel|fly|need))", re.I)
# what a cancellation would bring, asked: "what do I get back?", "would I get anything back?", "how much would we lose?"
_WHAT_BACK_ASKED = re.compile(r"\bwhat\s+(?:do|would|will|could|can)\s+(?:i|we)\s+(?:get|have)\s+back\b|"
                              r"\b(?:would|will|do|could|can)\s+(?:i|we)\s+(?:get|have)\s+(?:\w+\s+){0,3}back\b|"
                              r"\b(?:would|will|do)\s+(?:i|we)\s+lose\b|\bhow\s+much\s+(?:would|will|do)\s+(?:i|we)\s+lose\b|"
                              r"\bwhat\s+(?:would|will|does|do)\s+(?:happen|it cost|that cost)\b|\b(?:refundable|refund\w*)\b", re.I)


# verbs asking for a change, typed right after a booking id ("Ivanova BK... move to march 17", "BK... Ivanova rebook
# to ..."): the request, never the name on the booking
_CHANGE_VERBS = r"move|moving|rebook|reschedule|modify|amend|shift|switch|swap|postpone|push|bring|update|upgrade|delete"


# a name right beside a booking id: "BKSJP9AG - Adeyemi - please cancel", "Adeyemi, BKSJP9AG", "BKSJP9AG Adeyemi -
# is it still confirmed?", "bksjp9ag adeyemi is it confirmed"
_AFTER_ID = re.compile(r"\bBK[0-9A-Z]{6}\s*[-,/:|(]\s*(" + _LETTERS + r")\b\)?(?!\s+" + _LETTERS + r")|"
                       # "move BK93T1H1 for Novak 2 days later", "BK93T1H1 under Novak": the name it is filed under
                       r"\bBK[0-9A-Z]{6}\s+(?:for|under)\s+(?:(?:the )?name\s+|mr\.?\s+|mrs\.?\s+|ms\.?\s+)?(" + _LETTERS +
                       r")\b(?!\s+" + _LETTERS + r"\b(?<!\bto)(?<!\bon)(?<!\bplease)(?<!\bthanks)(?<!\bback))|"
                       r"\bBK[0-9A-Z]{6}\s+(" + _LETTERS + r")(?=\s*(?:[-,/:|.;!?&+\u2013\u2014]|$)|\s+(?:is|are|was|has|"
                       r"can|could|would|will|do|does|did|please|pls|plz|still|here|thanks|thx|status|cancel|change|to|for|"
                       r"on|from|and|at|i|we|my|our|instead|now|again|too|" + _CHANGE_VERBS + r")\b)",
                       re.I)
_BEFORE_ID = re.compile(r"(?<![\w\s])\s*(" + _LETTERS + r")\s*[-,/:|]\s*BK[0-9A-Z]{6}\b|^\s*(" + _LETTERS +
                        r")\s*[-,/:|]\s*BK[0-9A-Z]{6}\b", re.I)
# a name of two to four words beside a booking id: "BKSJP9AG - Ewa Kim - are we all good?", "BKSJP9AG Nguyen Van An,
# still on?", "ewa kim BKSJP9AG status?"
_ASKING = (r"is|are|was|has|can|could|would|will|do|does|did|please|pls|plz|still|here|thanks|thx|status|cancel|change|"
           r"confirmed|ok|okay|good|all|to|for|on|from|and|at|i|we|my|our|" + _CHANGE_VERBS)
_RUN_AFTER_ID = re.compile(r"\bBK[0-9A-Z]{6}\s*[-,/:|(]?\s*((?:" + _LETTERS + r"\s+){1,3}" + _LETTERS + r")"
                           r"(?=\s*(?:[-,/:|.;!?)\u2013\u2014]|$)|\s+(?:" + _ASKING + r")\b)", re.I)
_RUN_BEFORE_ID = re.compile(r"(?:^|[.!?;]\s*)((?:" + _LETTERS + r"\s+){0,3}" + _LETTERS + r")\s*[-,/:|]?\s*BK[0-9A-Z]{6}\b",
                            re.I)
# words typed beside a booking id that are not the name on it ("BKSJP9AG status?", "BKSJP9AG confirmed?")
_NOT_BESIDE_NAMES = set("""
status confirmed cancelled canceled details detail info still active valid held hold booking bookings reservation
ref pls plz thx asap check checking lookup look urgent trip flight itinerary refund refunded ticket tickets
too also aswell either same instead rather
thats that's whats what's which whose belongs belonging mine ours yours his hers theirs
stays stay staying keep keeps keeping leave untouched
""".split()) | set(_CHANGE_VERBS.split("|"))  # (the second line: "BK4HZPZ9 thats my friend lars's" names no surname)


# a surname said aside in a message with a booking id: "Singh here. ... ref BK...", "Mr Singh here", "status of
# BK... please, Adeyemi" (the last word, after "please," / "thanks,"), "..., thanks. Adeyemi"
_SAID_ASIDE = re.compile(r"(?:^|[.!?;,]\s*)(?:(?:mr|mrs|ms|miss|dr)\.?\s+)?(" + _LETTERS + r")\s+here\b|"
                         r"\b(?:please|pls|plz|thanks|thank you|thx|cheers)\s*[,.!-]\s*(" + _LETTERS + r")\s*[.!]*\s*$", re.I)


def _booking_last_name(p: Parsed, text: str, db) -> None:
    """With a booking id in the message, a single name is the last name the booking is filed under:
    "booking BKSJP9AG, name is Adeyemi", "BKSJP9AG - Adeyemi - please cancel", "BKSJP9AG adeyemi - is it
    still confirmed?" (beside the id, in any case). A lone given name after "I'm" / "it's" / "my name's" stays a
    given name (the target then asks for the last name)."""
    if p.first_name and " " not in p.first_name and re.search(
            # "my name's Hiroshi" introduces the speaker by the given name: never the last name the booking is filed
            # under ("the name is Adeyemi", "name: Adeyemi", "under Adeyemi" are)
            r"\b(?<!\bmy )(?<!\bmy full )(?:name(?: is|'s|:)?|under(?: the name(?: of)?)?|in the name of)\s+"
            + re.escape(p.first_name) + r"\b", text, re.I):
        p.first_name, p.last_name = None, p.first_name
        return
    places = place_names(db)

    def fits(word: str) -> bool:
        low = word.lower()
        caps = word.isupper() and not _BOOKING_ID.fullmatch(word)  # "BK93T1H1 NOVAK, move to jul 31": a surname
        return (low not in _NOT_NAMES and low not in _NOT_BESIDE_NAMES and low not in places and low not in MONTHS
                and low not in WEEKDAYS and (_name_token_ok(word) or caps) and len(word) > 1
                and word[-1] not in "'\u2019-")

    def cased(word: str) -> str:
        return word[:1].upper() + word[1:] if word.islower() else word.capitalize() if word.isupper() else word

    def run_beside(pat: re.Pattern) -> list[str]:
        m = pat.search(text)
        run = re.findall(_LETTERS, m.group(1)) if m else []
        if pat is _RUN_BEFORE_ID and any(p_.search(w) for w in run for p_ in _INTENTS.values()):
            return []  # "reschedule BK...", "rebook BK...": a request, not a name
        return run

    for pat in (_RUN_AFTER_ID, None, _RUN_BEFORE_ID):  # "BK... - Ewa Kim - all good?", "kim BK... confirmed?"
        if pat is None:  # a single word beside the id, read below, before a run of words in front of it
            if any(fits(next(g for g in m.groups() if g)) for q in (_AFTER_ID, _BEFORE_ID) for m in q.finditer(text)):
                break
            continue
        run = run_beside(pat)
        if run and all(fits(w) or (k and w.lower() in _PARTICLES | _SHORT_NAME_WORDS) for k, w in enumerate(run)):
            run = [w if w.lower() in _PARTICLES else cased(w) for w in run]
            if len(run) > 1:
                p.name_words = run  # the target tries the other words when the last one is not the booking's
            if p.first_name and run[-1].lower() != p.first_name.lower():
                p.first_name = " ".join(run[:-1]) or p.first_name
            else:
                p.first_name = " ".join(run[:-1]) or None
            p.last_name = run[-1]
            return
    beside = [next(g for g in m.groups() if g) for pat in (_AFTER_ID, _BEFORE_ID) for m in pat.finditer(text)]
    for word in beside:  # right beside the id, a name in any case ("BKSJP9AG walsh - still confirmed?")
        if fits(word):
            if p.first_name and word.lower() == p.first_name.lower():
                p.first_name = None  # "hi, BKSJP9AG Walsh, ...": read as a lone name, it is the booking's
            p.last_name = cased(word)
            return
    for m in _SAID_ASIDE.finditer(text):  # "Singh here. ... ref BK...", "status of BK... please, Adeyemi"
        word = m.group(1) or m.group(2)
        if fits(word) and (word[:1].isupper() or m.group(2)) and not (p.first_name and p.last_name):
            if p.first_name and word.lower() == p.first_name.lower():
                p.first_name = None
            p.last_name = cased(word)
            return
    if p.first_name:
        return
    lone = [m for m in re.finditer(r"(?:^|[.?!;]\s*)(" + _LETTERS + r")\s*[.!]?\s*(?=$|[.?!;])", text)]
    for word in [m.group(1) for m in lone]:
        if word[:1].isupper() and fits(word):
            p.last_name = word  # "... back a week? Fischer"
            return


# two booking references, one kept and one acted on: "BK... for Kwame stays. Cancel BK...", "cancel BK..., not BK...",
# "keep BK... as it is and cancel BK...", "I have BK... and BK..., cancel the second one"
_KEPT_BOOKING = re.compile(r"\b(?:stays?|staying|keep\w*|leave it|leaving it|unchanged|as it is|is fine|untouched|"
                           r"(?:don'?t|do not|not to|never) (?:touch|cancel|change|move)|not)\b", re.I)
_ACT_VERB = re.compile(r"\b(?:cancel\w*|change|move|modify|rebook|reschedule|look up|check)\b", re.I)
_CLAUSE_CUT = re.compile(r"[.;!?]\s+|,\s*(?=(?:but|not|please|cancel\w*|change|move)\b)|\s+(?:but|and|while|whereas)\s+", re.I)
_NTH_BOOKING = re.compile(r"\b(?:cancel|change|move|modify|check|look up)\s+the\s+(first|former|second|last|latter)"
                          r"(?:\s+(?:one|booking))?\b", re.I)


# a booking said only to be left alone, beside the one acted on: "BK... is my boss's, keep it", "my sister has BK...
# leave it", "- keep: BK...", "(for reference my friend is on BK..., she's still flying)"
_KEPT_PIECE = re.compile(r"\bkeep\w*\b|\bleave (?:it|that|this|hers|his|theirs|that one|this one)\b|\bstill (?:fly|go|travel)\w*|"
                         r"\bfor (?:your )?reference\b|\bfyi\b|\bhands off\b", re.I)
# where a message parts one reference's words from another's: sentences, lines, clauses
_PIECE_CUT = re.compile(r"[.;!?]\s+|\n+|,\s*(?=(?:but|not|please|cancel\w*|change|move)\b)|"
                        r"\s+(?:but|and|while|whereas)\s+", re.I)


# "not that one, BK...": the one named is the one meant, not one kept
_NOT_THAT_ONE = re.compile(r"\bnot (?:that|this|the other|the first|the second|the right)(?: one| booking| code| reference)?\b",
                           re.I)


def _kept_in(piece: str) -> bool:
    """Whether a piece naming one reference says to keep it: a keep word, or "not" before that reference ("Not
    BK...!", "not the one of my brother BK..."), never "Not going to Mexico City anymore, ref BK..."."""
    if _KEPT_PIECE.search(piece):
        return True
    plain = _NOT_THAT_ONE.sub(" ", piece)
    if any(m.group(0).lower() != "not" for m in _KEPT_BOOKING.finditer(plain)):
        return True
    return bool(re.search(r"\bnot\s+(?!going|flying|travel|coming|able)(?:\S+\s+){0,5}?BK[0-9A-Z]{6}\b", plain, re.I))


def _kept_refs(text: str) -> set[str]:
    """The booking references a message says to keep, leave alone or not touch, each read in its own piece of the
    message (a sentence, line or clause; two references in one piece are parted after the first: "cancel BK1 comma
    last name X period my sister has BK2 leave it"), never one that a verb in its piece acts on ("cancel BK1 too, keep
    it simple")."""
    kept = set()
    for clause in _PIECE_CUT.split(text):
        if not clause:
            continue
        found = list(_BOOKING_ID.finditer(clause))
        pieces = [clause] if len(found) < 2 else [clause[:found[0].end()], clause[found[0].end():]]
        for piece in pieces:
            said = [x.upper() for x in _BOOKING_ID.findall(piece)]
            if len(said) == 1 and _kept_in(piece) and not (
                    _ACT_VERB.search(piece) and not re.search(r"\b(?:don'?t|do not|not to|never|not)\s+"
                                                              + _ACT_VERB.pattern, piece, re.I)):
                kept.add(said[0])
    return kept


def _acted_on_first(text: str, ids: list[str]) -> list[str]:
    """The booking references of a message, the one the customer asks to act on first: one said to stay, be kept or
    not touched goes after the others; "cancel the second one" of two puts the second first. Else as typed."""
    if len(set(ids)) != 2:
        return ids
    if m := _NTH_BOOKING.search(text):
        return ids if m.group(1).lower() in ("first", "former") else ids[::-1]
    kept = _kept_refs(text)
    if len(kept) != 1:
        return ids
    return [x for x in ids if x not in kept] + [x for x in ids if x in kept]


_LEFT_ALONE = re.compile(r"\b(?:leave|keep|leaving|keeping)\s+(?:\w+\s+){0,2}(?:alone|as it is|as is|be)\b|\bnot\b|\bonly\b|"
                         r"\bjust\b", re.I)


def cancels_both(text: str, ids: list[str]) -> bool:
    """Whether a cancel request naming two booking references asks to cancel both ("Please cancel two bookings: BK1
    (Khan) and BK2 (Yilmaz)", "cancel BK1 for Khan. also BK2, Yilmaz, cancel that too"), not one while the other stays
    ("cancel BK1 but leave BK2 alone", "cancel the second one", "just BK1, not BK2")."""
    if len(set(ids)) != 2 or _NTH_BOOKING.search(text) or _LEFT_ALONE.search(text):
        return False
    return not (_kept_refs(text) or any(len(_BOOKING_ID.findall(c)) == 1 and _KEPT_BOOKING.search(c)
                                        for c in _CLAUSE_CUT.split(text)))


# --- a date moved relative to the one in hand ------------------------------------------------------

_SPAN = r"(a|an|one|two|three|four|five|six|seven|\d{1,2})\s+(days?|weeks?)"
_THING = (r"(?:\s+(?:it|that|this|(?:my|the|our)\s+(?:(?:return|outbound|inbound|homeward|departure)(?:\s+(?:flight|leg|trip|date|"
          r"journey|one))?|(?:first|1st|second|2nd|last|final|other)\s+(?:leg|flight|one)|"
          r"(?:flight|way|trip|journey|leg)\s+(?:back|home|out|there)|leg\s+[12]|"
          r"(?:booking|flight|trip|reservation))(?:\s+BK[0-9A-Z]{6})?|leg\s+[12]|"
          r"BK[0-9A-Z]{6})"
          # the name it is under: "push BK93T1H1 (Novak) back a week", "move BK93T1H1 for Novak 2 days later"
          r"(?:\s*(?:\(\s*|,\s*|-\s*|(?:for|under)\s+)?(?!(?:to|on|by|back|until|till|from|in|into|at|a|an|the|one|two|three|four|five|six|seven)\b)"
          r"[a-z][a-z'-]+(?:\s+(?!(?:to|on|by|back|until|till|from|in|into|at|a|an|the)\b)[a-z][a-z'-]+)?\s*[),-]?)?)?")
_SHIFT_LATER = re.compile(
    r"\b" + _SPAN + r"\s+(?:later|after(?:wards)?)\b"
    # a verb that moves either way is no later move when the span says which way: "move it one day earlier"
    r"|\b(?:push|move|delay|postpone|shift|put)" + _THING + r"\s+(?:back\s+)?(?:by\s+)?" + _SPAN +
    r"(?:\s+(?:back|later))?\b(?!\s+(?:earlier|sooner|before|forward|ahead|up)\b)", re.I)
_SHIFT_EARLIER = re.compile(
    r"\b" + _SPAN + r"\s+(?:earlier|sooner|before)\b"
    r"|\b(?:bring|move|pull|shift)" + _THING + r"\s+(?:forward|up|earlier)\s+(?:by\s+)?" + _SPAN + r"\b", re.I)
# a change of a booking asked without "change" or "move": "need to push my trip BK93T1H1 back to end of july",
# "can u put us on the earlier flight same day, SA3091?", "get me onto SA1234 instead"
_CHANGE_ASK = re.compile(
    r"\b(?:push|bring|pull)\s+(?:(?:it|my|our|the|this|that)\s+)?(?:(?:trip|flight|booking|reservation|ticket|travel)s?\s+)?"
    r"(?:BK[0-9A-Z]{6}\s+)?(?:back|forward)\b"
    r"|\b(?:put|get|transfer|switch|rebook)\s+(?:me|us|them|him|her|it)\s+(?:on|onto)\s+(?:the|a|an|another|other|SA\d{4})\b",
    re.I)
# the same request said of a booking named in the message: "(reference BK93T1H1) ... we would need to travel at the
# end of July instead", "BK... - we have to fly on the 3rd instead"
# ("BK... We must fly earlier, on 14 April", "BK..., we need to leave a day later": the same, said by the way it moves)
_INSTEAD_TRAVEL = re.compile(r"\b(?:travel|fly|go|leave|depart|come)\w*\b[^.?!]{0,50}\binstead\b"
                             r"|\b(?:travel|fly|go|leave|depart|come)\w*\s+(?:back\s+|home\s+)?(?:(?:a|one|two|three|\d{1,2}|a few|a couple "
                             r"of)\s+(?:bit|little|days?|weeks?)\s+)?(?:earlier|later|sooner)\b", re.I)  # "fly one day earlier"
# the booking's day kept in another month: "same flight but in september, same day", "the same date in october"
_SAME_DAY_IN_MONTH = re.compile(r"\b(?:same|that) (?:day|date)\b|\bsame flight\b", re.I)
# an earlier request dropped, with "cancel" or its like, before a new request: "cancel that, can you look up BK...",
# "cancel that search, I want to change my booking", "scrap that hold, I'd rather ...", "forget the hold, ..." (the
# object is the request or the hold, never a booking named after it)
_EARLIER_DROPPED = re.compile(
    r"\b(?:cancel|scrap|scratch|forget(?: about)?|ditch|drop|bin|skip|abandon|stop|disregard|ignore|never ?mind(?: about)?|"
    r"nvm|kill|undo)\s+(?:(?:all\s+)?(?:that|this|the|my|our|your)\s+(?:(?:flight|new|last|previous|earlier|first|other|seat|"
    r"booking|reservation|whole|trip)\s+)?(?P<what>search(?:es)?|hold|request|idea|enquiry|inquiry|query|question|quote|plan|"
    r"results?|options?|look-?up|lookup|thing|stuff|bit)s?\b|(?P<bare>that|this)\b(?!\s*(?:booking|reservation|ticket|flight|"
    r"trip|one|hold|BK)))", re.I)
# a request asked after it: a booking named, a lookup, a change, a booking or a question
_NEW_REQUEST = re.compile(r"\b(?:look ?up|check|find|search|book|change|move|switch|modify|reschedule|rebook|put|swap)\b"
                          r"|\bBK[0-9A-Z]{6}\b", re.I)
# (after "cancel that search" or the like, any request: "..., I'd rather ...", "..., can you ...")
_NEW_ASK = re.compile(r"\b(?:can|could|would|will) you\b|\b(?:i|we)\s*(?:'d|would|wanna|want|need)\b", re.I)
# a booking moved onto a flight in words of booking: "book my existing ticket BK... onto that flight instead", "put my
# booking on the 10:30 one", "switch our reservation to that flight"
_ONTO_FLIGHT = re.compile(r"\b(?:book|put|move|switch|transfer|get|rebook)\s+(?:my|our|the|this|that)\s+(?:existing\s+|current\s+|"
                          r"original\s+|old\s+)?(?:ticket|booking|reservation)(?:\s+BK[0-9A-Z]{6})?\s+(?:on|onto|to|into)\s+"
                          r"(?:that|this|the|a|another|SA\d{4})\b", re.I)
# a booking no longer wanted: "i dont need my fly anymore", "we don't want this booking any more", "dont need the
# tickets anymore"
_NOT_NEEDED = re.compile(r"\b(?:don'?t|dont|do not|won'?t|wont|will not)\s+(?:need|want|use)\s+(?:my|our|the|this|that|these|"
                         r"those)\s+(?:fly|flight|booking|ticket|trip|seat|reservation)s?\s+(?:any ?more|after all)\b", re.I)
# the date a booking is leaving, said beside the new one in a change request: "move it from 24 November to 17
# September", "my flight on 24 Nov has to move to 17 Sep", "currently for 24 November", "booked on Nov 24",
# "not 24/11 anymore", "instead of 24 November" (the other date is the new one)
_OLD_DATE_BEFORE = re.compile(r"(?:\bfrom|\bcurrently(?:\s+(?:for|on))?|\bbooked\s+(?:on|for)|\b(?:flight|booking|trip|"
                              r"ticket|seat)\s+(?:on|for)|\bnot|\binstead\s+of|\brather\s+than|\bwas\s+(?:\w+ing\s+)?(?:on|for)?"
                              # "it was supposed to be 18 December", "it was 18 December", "originally december 18"
                              r"|\bwas|\b(?:supposed|meant|scheduled|set|due)\s+to\s+(?:be|fly|go|leave)(?:\s+(?:on|for))?"
                              r"|\boriginally(?:\s+(?:on|for))?|\bold date(?:\s+(?:is|was))?:?"
                              r")\s+(?:the\s+)?$", re.I)
# the date a booking moves to: "move it to August 16th", "change my July 3 flight to 16/08", "3/7 -> 16/8", "push it
# back six weeks, to Sunday the 16th of August"
# (read only in a change request)
_NEW_DATE_BEFORE = re.compile(r"(?:\bto|->|\u2192|=>)\s+(?:the\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+(?:the\s+)?)?$",
                              re.I)
_OLD_DATE_AFTER = re.compile(r"^\s*(?:any ?more|no more|no longer)\b", re.I)
_CHANGE_WORDS = re.compile(r"\b(?:move|moved|moving|change|changed|switch|rebook|instead|any ?more|booked|currently|"
                           r"originally|supposed to|new date)\b", re.I)
_CHANGE_WORDS_OF_A_BOOKING = re.compile(r"\b(?:now|need|has to|have to|please)\b", re.I)  # said with a BK reference


_MOVE_VERB = re.compile(r"\b(?:push|postpone|delay|move|shift|bring|pull|change|switch)\b", re.I)


def _moved_from_said_date(text: str) -> tuple[int | None, int | None] | None:
    """(shift in days, weekday) of a move said relative to a date that is not the new one ("flying July 3rd ...
    push it back a week", "... move it to the following Sunday", "... the Friday two weeks later"): one calendar
    date said, not after "to" (as in "push it back a week, to July 10th"), with a move relative to it; None
    otherwise."""
    hits = _date_hits_by_kind(text)
    absolute = [h for h in hits if h[3] != "wd"]
    days = [h for h in hits if h[3] == "wd"]
    if len(absolute) != 1 or len(days) > 1 or not _MOVE_VERB.search(text):
        return None
    s, e = absolute[0][:2]
    if _NEW_DATE_BEFORE.search(text[max(0, s - 40):s]):
        return None
    rest = text[:s] + " " * (e - s) + text[e:]
    shift = _shift(rest)
    wd = None
    if days and (m := _WD_FOLLOWING.search(rest)
                 or (shift is not None and re.search(r"\b(" + _WD_RE + r")\b", rest, re.I))):
        wd = WEEKDAYS[m.group(1).lower()]
    elif days:
        return None  # "flying July 3rd, move it to Sunday": which Sunday is asked (the target's reading)
    return (shift, wd) if shift is not None or wd is not None else None


# the return leg refused: "no return flight", "without the return", "skip the return", "I don't need a return"
_NO_RETURN = re.compile(r"\b(?:no|without(?: a| the)?|skip(?: the)?|drop(?: the)?|forget(?: the| about the)?|"
                        r"never ?mind(?: about)?(?: the)?|scrap(?: the)?|scratch(?: the)?|ditch(?: the)?|"
                        r"(?:don'?t|do not) (?:need|want)(?: a| the)?)\s+(?:return|way back|flight back)"
                        r"(?:\s+(?:flight|leg|trip))?\b", re.I)


# a trip said to be one way, in a statement (never in a question: "is there no return on the 5th?"): "one way is
# fine", "forget the return. only going", "scratch the return", "I won't need the flight back", "not coming back",
# "we're moving there for good", "relocating to Dubai", "emigrating"; never "not one way, a return please"
_ONE_WAY_SAID = re.compile(
    r"(?<!\bnot )(?<!\bnot a )\bone[- ]?way\b(?!\s*(?:or|vs\.?|versus)\b)"
    r"|\b(?:no|without(?:\s+a|\s+the|\s+any)?|skip(?:\s+the)?|forget(?:\s+about)?(?:\s+the)?|drop(?:\s+the)?|scrap(?:\s+the)?|"
    r"scratch(?:\s+the)?|ditch(?:\s+the)?|lose(?:\s+the)?|remove(?:\s+the)?|delete(?:\s+the)?|bin(?:\s+the)?|leave out(?:\s+the)?|"
    r"no need for(?:\s+a|\s+the|\s+any)?)\s+(?:return|way back|flight back|flight home|inbound|trip back)"
    r"(?:\s+(?:flight|leg|trip|ticket|journey))?\b"
    r"|\b(?:don'?t|do not|won'?t|will not|wont|no longer)\s+(?:need|want|be needing|require)(?:\s+a|\s+the|\s+any)?\s+"
    r"(?:return|way back|flight back|flight home|inbound|trip back)\b"
    r"|\b(?:not|never|won'?t be|wont be|will not be|no plans? (?:of|on|to))\s+(?:coming|flying|going|heading|travell?ing|"
    r"come|fly|go|head|travel)\s+(?:back|home)\b(?!\s+(?:on|until|till|before|after|for)\b)"
    r"|\b(?:not|never|no plans? (?:of|on|to))\s+return(?:ing)?\b(?!\s+(?:on|until|till|before|after|for|flight|trip|leg)\b)"
    r"|\b(?:only|just)\s+going(?:\s+(?:out|there|one way))?\s*(?:[.,;!]|$)"
    r"|\bmov(?:e|ing)\b[^.?!]{0,40}?\b(?:for good|permanently)\b|\bfor good\b[^.?!]{0,30}?\bmov(?:e|ing)\b"
    r"|\b(?:relocat\w+|emigrat\w+)\b", re.I)


def _one_way_said(text: str) -> bool:
    """Whether a sentence of ``text`` that asks nothing says the trip is one way (``_ONE_WAY_SAID``)."""
    return any(_ONE_WAY_SAID.search(m.group(0)) and "?" not in m.group(0)
               for m in re.finditer(r"[^.?!]+[.?!]*", text))


# a later day wanted for a booking ("change it to a later date", "can we go later?") and the day that cannot be made
# ("I can't make it on the 5th", "unable to travel on the 5th", "scrap the 5 March flight"): see ``parse``
_LATER_DAY = re.compile(r"\b(?:later|different|new|another)\s+(?:date|day|flight)\b|\b(?:go|fly|travel|leave|come)\s+later\b",
                        re.I)
# a booking moved to a later day or flight ("change the 3 person booking to a later day", "move it to a later flight",
# "push it later", "can I go later in the week"): a change asked for, never a decision put off (see ``parse``)
# a booking to be looked up: "need to check my booking", "i wanna check on our reservation", "I need to check the
# status of my flight" (not "let me check my calendar", "I need to check with my wife")
_BOOKING_CHECKED = re.compile(r"(?<!\blet me )(?<!\blemme )\bcheck(?:ing)?\s+(?:on\s+|up\s+on\s+|in\s+on\s+)?(?:the\s+status\s+of\s+)?"
                              r"(?:my|our|the|a|his|her|their|this|that)\s+(?:existing\s+|current\s+)?(?:booking|reservation|"
                              r"flight|ticket|trip|itinerary|hold)s?\b(?:\s+status)?", re.I)
_MOVE_LATER = re.compile(r"\b(?:change|move|modify|reschedule|switch|push|shift|bump|rebook|postpone|delay)\b[^.?!]{0,40}?"
                         r"\b(?:later|afterwards?)\s+(?:day|date|flight|one|time|departure|option|week)\b"
                         r"|(?<!'ll )(?<!will )(?<!gonna )(?<!going to )(?<!'d )"  # "I'll move it later" puts it off
                         r"\b(?:move|push|shift|bump|postpone|delay)\s+(?:it|that|this|them|(?:my|our|the)\s+(?:[\w-]+\s+){0,3}?"
                         r"(?:booking|flight|trip|reservation|one))\s+(?:back\s+)?(?:to\s+)?later\b"
                         r"|\b(?:go|fly|travel|leave|depart)\s+later\s+(?:in|on|that|the)\b"
                         r"|\b(?:can|could|may)\s+(?:i|we)\s+(?:go|fly|travel|leave|depart)\s+later\b", re.I)
_CANT_MAKE_DAY = re.compile(r"\b(?:(?:can'?t|cannot|can not|unable to|won'?t be able to|not able to)\s+(?:make|do|travel|fly|go)"
                            r"(?:\s+(?:it|that|the trip|the flight))?(?:\s+(?:on|for))?|scrap)\s+(?:the\s+|my\s+|our\s+)?$"
                            r"|\b(?:can'?t|cannot|can not|unable to|won'?t be able to|not able to)\s+(?:make|do|travel|fly|go)\b"
                            r"|\bscrap\s+(?:the|my|our|this|that|it)\b", re.I)
# the return said to be no flight of ours: "we return 6 Dec by train so just the outbound", "coming back 6 Dec but
# that's already booked", "back around 6 Dec but I'll sort that myself"
_RETURN_ELSEWHERE = re.compile(r"\b(?:just|only)\s+(?:the\s+)?(?:outbound|way out|flight out)\b|\boutbound only\b"
                               r"|\b(?:return\w*|back|home)\b[^.?!]{0,40}\b(?:by (?:train|car|bus|coach|ferry|boat|road)\b|"
                               r"already (?:booked|sorted|covered|arranged)|sort\w* (?:that|it|the return)(?: out)? "
                               r"(?:myself|ourselves))", re.I)


def _new_of_two_dates(text: str, hits: list[tuple[int, int, str]]) -> tuple[str, str] | None:
    """(new, old) when a change request names two dates and exactly one of them reads as the date being left
    ("from 24 November to 17 September", "booked on Nov 24 but need Sept 17 instead"); None otherwise."""
    if len(hits) != 2 or re.search(r"round[- ]trip|\breturn|\bback\b", _PUSH_BACK.sub(" ", text), re.I) or not (
            _CHANGE_WORDS.search(text) or (_BOOKING_ID.search(text) and _CHANGE_WORDS_OF_A_BOOKING.search(text))):
        return None
    old = [bool(_OLD_DATE_BEFORE.search(text[max(0, s - 30):s]) or _OLD_DATE_AFTER.search(text[e:e + 15]))
           for s, e, _iso in hits]
    if old.count(True) != 1:
        # "booking ... for July 3rd. Could you move it to August 16th?", "change my July 3 flight to 16/08", "3/7 ->
        # 16/8": the one date the booking is moved to is the new one, the other the booking's
        new = [bool(_NEW_DATE_BEFORE.search(text[max(0, s - 40):s])) for s, _e, _iso in hits]
        if new.count(True) != 1 or old.count(True) > 1:
            return None
        old = [not x for x in new]
    return (hits[1][2], hits[0][2]) if old[0] else (hits[0][2], hits[1][2])


_DAY_NEXT = re.compile(r"\bthe\s+(?:next|following)\s+day\b|\bthe\s+day\s+after\b(?!\s+tomorrow)", re.I)
_DAY_BEFORE = re.compile(r"\bthe\s+day\s+before\b|\bthe\s+previous\s+day\b", re.I)

# the days on both sides of the one in hand: "the day before/after", "day before or after", "the day after or the day
# before", "a day either side", "2 days either way", "+/- a day", "give or take a day", "a day earlier or later",
# "the days around it", "nearby dates"
_AROUND_N = r"(a|an|one|two|three|\d|a couple of|couple of|a couple|couple|a few|few)"
_AROUND_BOTH = re.compile(
    r"\b(?:the\s+)?d(?:a)?y\s+(?:before|b4|prior)\s*(?:/|\\|\bor\b|\band\b|&|\+|,|-)\s*(?:(?:the|a)\s+)?(?:d(?:a)?y\s+)?after\b"
    r"|\b(?:the\s+)?d(?:a)?y\s+after\s*(?:/|\\|\bor\b|\band\b|&|\+|,|-)\s*(?:(?:the|a)\s+)?(?:d(?:a)?y\s+)?(?:before|b4|prior)\b"
    r"(?!\s+(?:tomorrow|i|we|my|our|the)\b)"
    r"|\b" + _AROUND_N + r"\s+days?\s+(?:either|each)\s+(?:side|way)\b|\b(?:days?|dates?)\s+(?:on\s+)?either\s+side\b"
    r"|\beither\s+side\s+of\s+(?:it|that|this|the\s+(?:date|day|\d{1,2}\w*))\b"
    r"|(?:\+\s*/\s*-|\+-|±|\bplus\s+or\s+minus|\bplus/minus|\bgive\s+or\s+take)\s*" + _AROUND_N + r"?\s*days?\b"
    r"|\b" + _AROUND_N + r"\s+days?\s+(?:earlier|before|sooner)\s*(?:/|or|and)\s*(?:later|after)\b"
    r"|\b" + _AROUND_N + r"\s+days?\s+(?:later|after)\s*(?:/|or|and)\s*(?:earlier|before|sooner)\b"
    r"|\b(?:the\s+)?days?\s+(?:around|either\s+side\s+of|on\s+either\s+side\s+of)\s+(?:it|that|then|this|the\s+\d{1,2}\w*)\b"
    r"|\b(?:nearby|neighbou?ring|adjacent|surrounding)\s+(?:days|dates)\b", re.I)
# one side said as more than the day in hand: "what else is there that day? or the day before?", "and the day after
# too?", "also the day before"
_AROUND_ONE = re.compile(r"\bthe\s+(?:day\s+(?:before|after)|(?:next|following|previous)\s+day)\b", re.I)
_AROUND_MORE = re.compile(r"\b(?:(?:that|the\s+same|same)\s+day|else|too|as\s+well)\b", re.I)
# a move asked ("can you also move it to the day after too?"): the date moves (``_shift``), no days around it
_AROUND_MOVE = re.compile(r"\b(?:move|moving|change|changing|push|shift|switch|rebook|postpone|bring)\b", re.I)
# a story told of the past: "the day before, the flight was cancelled", "I flew the day after last time"
_AROUND_PAST = re.compile(r"\b(?:last\s+(?:time|year|month|week)|flew|went|was|were|had|ago|happened|got\s+(?:cancelled|delayed))\b",
                          re.I)


def days_around(text: str) -> list[int]:
    """The offsets of the days beside the one in hand that the customer asks about besides it: [-1, 1] for "or the
    day before/after?", [-2, -1, 1, 2] for "two days either side", [-1] for "what else that day, or the day before?";
    [] when none are asked (a single "the day after" moves the date: ``_shift``)."""
    if _AROUND_PAST.search(text):
        return []
    if m := _AROUND_BOTH.search(text):
        said = next((g for g in m.groups() if g), None)
        n = 1 if said is None or said.lower() in ("a", "an", "one") else (
            2 if "couple" in said.lower() else 3 if "few" in said.lower() else text_rules.number_value(said) or 1)
        n = max(1, min(n, 3))
        return [k for k in range(-n, n + 1) if k]
    ones = {(-1 if re.search(r"before|previous", m.group(0), re.I) else 1) for m in _AROUND_ONE.finditer(text)}
    if ones and _AROUND_MORE.search(text) and not _AROUND_MOVE.search(text):
        return sorted(ones)
    return []


_BACK = r"\b(?:back|return(?:ing)?|come back|coming back|fly(?:ing)? back|home)\b\W+(?:\w+\W+){0,2}?"
_BACK_SHIFT = re.compile(_BACK + _SPAN + r"\s+(?:later|after(?:wards)?)\b", re.I)
_BACK_NEXT = re.compile(_BACK + r"(?:on\s+)?the\s+(?:next|following)\s+day\b|" + _BACK + r"(?:on\s+)?the\s+day\s+after\b"
                        r"(?!\s+tomorrow)", re.I)
_BACK_WEEKEND = re.compile(_BACK + r"(?:on\s+|at\s+)?the\s+weekend\s+after\b(?!\s+next)", re.I)  # "coming back the
# weekend after": the first Saturday after the outbound date
# "coming back the Thursday after": the first Thursday after the outbound date
_BACK_WD_AFTER = re.compile(_BACK + r"(?:on\s+)?the\s+(" + _WD_RE + r")\s+after\b(?!\s+next)(?!\s+(?:the\s+)?\w*\d)|"
                            + _BACK + r"(?:on\s+)?the\s+following\s+(" + _WD_RE + r")\b", re.I)  # "back the following Monday"
_BACK_DAY = re.compile(_BACK + r"(?:on\s+)?the\s+([1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b", re.I)


_WD_FOLLOWING = re.compile(r"\bthe\s+(?:following|next)\s+(" + _WD_RE + r")\b(?!\s+(?:after|week|month)\b)", re.I)


_DATE_PAIR_JOIN = re.compile(r"\s*(?:/|-|\u2013|\u2014)\s*")  # "25sep/11jan", "1 Sept/20 Nov"
# a pair joined by a word, read as out and back only right after a word of a return trip: "rtn 4 May to 6 Dec"
_DATE_PAIR_WORD = re.compile(r"\s*(?:/|-|\u2013|\u2014|->|\u2192|to|till|until|thru|through)\s*", re.I)
_ROUND_TRIP_BEFORE = re.compile(r"\b(?:rtn|ret|return|round[- ]?trip)\W*$", re.I)
# a word of the way out said after a word of the way back and nearer the date: "and back, out 4 May": 4 May is the
# outbound date
# a date moved later, no return: "push it back to Sunday, August 16th", "move my flight back a week"
_PUSH_BACK = re.compile(r"\b(?:push\w*|put|set|mov\w*|bump\w*)\s+(?:(?:it|that|this|them|me|us|(?:my|the|our)\s+\w+)\s+)?"
                        r"back\b", re.I)
# a day said to make plain the one just described ("..., so 2026-11-29", "... - that's 29 November", "i.e. the 29th"),
# and the return named before it ("make the return a week earlier instead? So 2026-11-29.")
_CLARIFIED_DAY = re.compile(r"(?:^|[.?!,;:(\u2013\u2014-]\s*)(?:so|i\.?e\.?|that'?s|that is|that would be|that'?d be|which (?:is|would be)|"
                            r"meaning|making it|namely)\W*(?:on\s+|the\s+)?$", re.I)
_RETURN_NAMED = re.compile(r"\b(?:the|my|our)\s+(?:return|way back|flight back|trip back|journey back|inbound)\b|\bcoming back\b|"
                           r"\bfly(?:ing)? back\b|\bcome back\b", re.I)
_OUT_CUE = re.compile(r"\b(?:out(?!\s+of\b)|outbound|going|leav(?:e|ing)|depart(?:ing|ure|s)?|fly(?:ing)? out)\b", re.I)


def _return_after(text: str, outbound: str) -> str | None:
    """A return date given relative to the outbound one: "back a week later" (+7 days), "coming
    back two days after" (+2), "back on the 30th" (the first 30th after the outbound date)."""
    start = date.fromisoformat(outbound)
    if m := _BACK_SHIFT.search(text):
        return (start + timedelta(days=_span_days(m.group(1), m.group(2)))).isoformat()
    if _BACK_NEXT.search(text):  # "back the day after", "returning the next day"
        return (start + timedelta(days=1)).isoformat()
    if _BACK_WEEKEND.search(text):
        return (start + timedelta(days=(5 - start.weekday()) % 7 or 7)).isoformat()
    if m := _BACK_WD_AFTER.search(text):
        wd = WEEKDAYS[(m.group(1) or m.group(2)).lower()]
        return (start + timedelta(days=(wd - start.weekday()) % 7 or 7)).isoformat()
    if m := _BACK_DAY.search(text):
        d = day_of_month_from(int(m.group(1)), start.year, start.month, start + timedelta(days=1))
        return d.isoformat() if d else None
    return None


def _span_days(count: str, unit: str) -> int:
    """Days in "a week", "two days", "3 weeks"."""
    n = int(count) if count.isdigit() else _N_WORDS.get(count.lower(), 1)
    return n * (7 if unit.lower().startswith("week") else 1)


def day_of_month_from(day: int, year: int, month: int, floor: date, months: int = 3) -> date | None:
    """The first date with this day of the month, in the given month or one of the next ones
    (``months`` in all), that is on or after ``floor``; None when none is ("the 31st" in a run of
    short months)."""
    for _ in range(months):
        try:
            d = date(year, month, day)
        except ValueError:
            d = None
        if d is not None and d >= floor:
            return d
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return None


# (fix44h) a date turned down before the day moved from it: "we can't make 2026-08-16 after all", "not the 16th"
_DATE_REFUSED_BEFORE = re.compile(r"\b(?:can\s*'?n?o?t|cannot|can not|won'?t|wont|could\s*n'?t|unable to|not able to)\s+"
                                  r"(?:make|do|manage|fly|travel|go|leave)(?:\s+(?:it|on|it on))?\s+(?:the\s+|on\s+)?$"
                                  r"|\bnot\s+(?:on\s+)?(?:the\s+)?$", re.I)
_DATE_REFUSED_AFTER = re.compile(r"^\W*(?:(?:is|'s|was|would be)\s+)?(?:(?:no good|not good|out|not possible|impossible|a no)\b|"
                                 r"(?:does\s*n'?t|won'?t|will not) work\b)", re.I)
# a move of the day said in so many words ("a day later", "the following day"): read apart from a deferral
_SHIFT_SAID = re.compile(r"\b(?:a|an|one|two|three|four|five|six|seven|\d{1,2})\s+(?:days?|weeks?)\s+(?:later|after(?:wards)?|"
                         r"earlier|sooner|before)\b|\bthe\s+(?:next|following)\s+(?:day|week)\b|\bthe\s+day\s+(?:after|before)\b|"
                         r"\blater\s+(?:by\s+)?(?:a|one|\d)\s+days?\b", re.I)


def _date_then_shift(text: str, iso: str) -> str | None:
    """The day moved from ``iso`` when the message names it, then corrects or turns it down and moves from it ("move it
    to X. no wait, the day after", "sorry, we can't make X after all, try a day later", "X - actually a day earlier");
    None otherwise (never "X, or the day after?", "X and back the day after")."""
    hits = [(a, b) for a, b, d in _date_hits(text) if d == iso]
    if not hits:
        return None
    a, b = hits[-1]
    tail = text[b:]
    n = _shift(tail)
    if n is None or "?" in tail or re.search(r"\b(?:or|back|return\w*|home)\b", tail, re.I):
        return None
    if not (_PICK_FIX_STRONG.search(tail) or _DATE_REFUSED_BEFORE.search(text[:a]) or _DATE_REFUSED_AFTER.search(tail)
            or re.search(r"\b(?:try|instead|after all|either)\b", tail, re.I)):
        return None
    return (date.fromisoformat(iso) + timedelta(days=n)).isoformat()


def _shift(text: str) -> int | None:
    """Days by which the customer moves the date in hand: "a day later" +1, "push it back a week" +7,
    "two days earlier" -2, "the day after" +1; None when the text moves no date."""
    said = sorted([(m.start(), m.end(), sign * (_span_days(m.group(1), m.group(2)) if m.group(1) else
                                              _span_days(m.group(3), m.group(4))))
                   for pat, sign in ((_SHIFT_LATER, 1), (_SHIFT_EARLIER, -1)) for m in pat.finditer(text)]
                  + [(m.start(), m.end(), n) for pat, n in ((_DAY_NEXT, 1), (_DAY_BEFORE, -1)) for m in pat.finditer(text)])
    if len(said) > 1 and _PICK_FIX_STRONG.search(text, said[0][1], said[-1][0]):
        return said[-1][2]  # (fix44h) "a week later - no, two weeks later": the span said after the correction
    for pat, sign in ((_SHIFT_LATER, 1), (_SHIFT_EARLIER, -1)):
        if m := pat.search(text):
            return sign * (_span_days(m.group(1), m.group(2)) if m.group(1) else _span_days(m.group(3), m.group(4)))
    if _DAY_NEXT.search(text):
        return 1
    if _DAY_BEFORE.search(text):
        return -1
    return None


# --- the party size ---------------------------------------------------------------------------
# The target's reading of how many travel (the verifiers read stated counts with their own module,
# envs.skyassist.verify_counts). A set of counts; ``.reasons`` says how they were read.

_N_WORD = r"(\d{1,2}|" + "|".join(sorted(text_rules.NUMBER_WORDS, key=len, reverse=True)) + r")"
_PARTY_NOUN = (r"(?:people|persons|person|passengers?|adults?|travell?ers?|tickets?|seats?|guests?|pax|ppl|peeps|folks|"
               r"kids?|child(?:ren)?|infants?|bab(?:y|ies)|toddlers?|teens?|teenagers?|seniors?|students?|friends?|"
               r"colleagues?|coworkers?|co-workers?|family members?|others)")
_NUMBER_WORD_RE = "|".join(sorted(text_rules.NUMBER_WORDS, key=len, reverse=True))
# (not the minutes of a time: "book the 8:05 seat", "the 8.05 seat" pick a flight and count no one)
_COUNTED = re.compile(r"\b(?<!\d[:.])(?<![$£€])" + _N_WORD + r"\s+(?!(?:more|extra|additional|further|less|fewer|per)\b)"
                      r"(?:(?:business|economy|premium(?: economy)?|first)(?:[ -]class)?\s+|"
                      r"(?!(?:" + _NUMBER_WORD_RE + r"|with|without|that|which|who|in|on|at|of|for|from|to|has|had|"
                      r"having|still|no|any)\b)[a-z-]+\s+)?"
                      + _PARTY_NOUN + r"\b", re.I)  # not "the one with seats left": a flight, no count
# a party told by kind, with or without list words: "1 adult 1 child", "two adults one child", "2 adults, 2 kids + 1 infant"
_KIND_NOUN = (r"(?:adults?|kids?|child(?:ren)?|infants?|bab(?:y|ies)|toddlers?|teens?|teenagers?|seniors?|students?|"
              r"youths?|minors?|lap infants?)")
_KIND_COUNT = re.compile(r"\b" + _N_WORD + r"\s+" + _KIND_NOUN + r"\b", re.I)
_KIND_JOIN = re.compile(r"(?:\s*(?:,|&|\+|and|plus|with|;)\s*)*\s*", re.I)
# the speaker and a bare number of others: "me plus 2", "me + 3 others", "2 + me", "three and me"
_ME_PLUS = re.compile(r"\b(?:me|myself)\s*(?:plus|\+|&|and|with)\s*" + _N_WORD +
                      r"(?=\s*(?:$|[.,!;?)]|others?\b|more\b|people\b|ppl\b|pax\b|please|pls|thanks|on\b|from\b|in\b))"
                      r"|(?<![\w:/.$-])" + _N_WORD + r"\s*(?:plus|\+|&|and)\s*(?:me|myself)\b", re.I)
# the speaker, by "me" or by a full name, and a number of others: "Liam Walsh & 5 others", "it's me, Liam Walsh, and the
# other 5 are colleagues", "me, Liam Walsh. The rest are 5 colleagues", "Liam Walsh + 5 colleagues": the number and one
_OTHERS_OF = r"(?:colleagues|co-?workers|friends|mates|buddies|pals|team-?mates|others|more)"
_SPEAKER_AND_N = re.compile(
    r"(?:\b(?:me|myself)\b|(?-i:\b[A-Z][a-z'-]+\s+[A-Z][A-Za-z'-]+))[\s,.;:!\u2013\u2014-]*"
    r"(?:(?:(?:and|&|\+|plus|with|along with)\s*)?(?:the\s+)?(?:other\s+" + _N_WORD + r"|" + _N_WORD + r"\s+others?)\b"
    r"|(?:(?:and|but)\s+)?the\s+(?:rest|others)\s+(?:are|is|will be)\s+(?:the\s+)?" + _N_WORD + r"\b"
    r"|(?:and|&|\+|plus|with|along with)\s*" + _N_WORD + r"\s+(?:[a-z-]+\s+)?" + _OTHERS_OF + r"\b)", re.I)
# two people said without a number: "both of us", "the pair of us", "a couple", "me & the mrs", "for Ann Lee and her husband"
_PAIR = re.compile(r"\bboth of us\b|\bus both\b|\bthe (?:pair|couple) of us\b|\bus two\b"
                   r"|(?:^|[,;:]\s*|\b(?:for|we'?re|we are|as|just)\s+)a couple\b(?!\s+(?:of|more|extra|days?|weeks?|hours?|"
                   r"nights?|months?|things?|questions?)\b)"
                   r"|\b(?:me|myself|i)\s*(?:and|&|\+|plus|with)\s*(?:the|my)\s+(?:mrs|missus|missis|mr|hubby|wifey|"
                   r"other half|better half|wife|husband|partner|fianc[eé]e?|spouse|boss|girlfriend|boyfriend|gf|bf)\b"
                   r"(?!,?\s*(?:and|plus|with|&|\+)\s)"
                   r"|\bfor\s+(?-i:[A-Za-z][a-z'-]+)(?:\s+(?-i:[A-Za-z][a-z'-]+))?\s+and\s+(?:his|her|their)\s+"
                   r"(?:wife|husband|partner|spouse|fianc[eé]e?|son|daughter|mother|father|mom|mum|dad|friend|colleague|"
                   r"boss|brother|sister|girlfriend|boyfriend)\b(?!,?\s*(?:and|plus|with|&|\+)\s)", re.I)
# a count corrected in the same breath: "three, no four", "5 (actually make that 6)", "2 sorry 3 people"; the first
# number may carry its noun ("5 of us, no sorry, 6", "6 people, sorry I mean 7", "4 adults - sorry, make that 3")
_CORRECTED = re.compile(r"(?<![\w:/.$#-])" + _N_WORD + r"(?:\s+(?:of us|" + _PARTY_NOUN + r"))?"
                        r"\s*(?:,|\(|-|\.{2,}|\s)\s*(?:oh[\s,]+)?(?:no|nope|sorry|actually|wait|"
                        # "5 of us - correction, 6", "5 ppl.. make it 6 tbh", "5, edit: 6": the same, in other words
                        r"or rather|i mean|err?|um+|uh|correction|edit|typo|scratch that|(?=make (?:that|it)\b))\b[\s,.:]*"
                        r"(?:(?:actually|sorry|no|wait|i mean)[\s,.]+){0,2}(?:make (?:that|it)\s+)?"
                        + _N_WORD + r"\b(?!\s*(?:st|nd|rd|th|am|pm|:|/|bags?|days?|nights?|weeks?)\b)\)?", re.I)
_GROUP = (r"(?:party|group|family|team|squad|choir|band|class|club|crew|delegation|troupe|orchestra|cast|committee|"
          r"tour group|school group|wedding party)")
_TOTALS = re.compile(r"\b" + _N_WORD + r"\s+of\s+us\b|\b" + _GROUP + r"\s+of\s+" + _N_WORD + r"\b"
                     r"|\b" + _N_WORD + r"-(?:person|member|strong|people)\b"  # "our 11-person choir", "a 12-strong team"
                     r"|\bwe\s+are\s+(?:actually\s+|now\s+|really\s+|in fact\s+)?" + _N_WORD + r"\b"
                     r"|\bwe'?re\s+(?:actually\s+|now\s+|really\s+|in fact\s+)?" + _N_WORD + r"\b"
                     # "we will be 3", "we'll be three now", "there will be 4" (sky-V A1; not "we'll be 3 days there")
                     r"|\b(?:we(?:'ll| will| shall|'re going to|'re gonna| are going to| are gonna)|there(?:'ll| will))\s+"
                     r"(?:now\s+|actually\s+|only\s+|just\s+)?be\s+(?:only\s+|just\s+)?" + _N_WORD +
                     r"(?=\s*(?:$|[.,!;?)]|(?:of us|people|persons|passengers|pax|travell?ers|adults|in total|total|altogether|now|"
                     r"then|instead|please|pls|thanks|not|after all)\b))"
                     r"|\b(?:i|we) need\s+" + _N_WORD + r"(?=\s*(?:$|[.,!;?]|seats?\b|tickets?\b|please|pls))"
                     r"|\b(?:for|x)\s+" + _N_WORD + r"(?=\s*(?:$|[.,!;?]|:(?!\d)|please|pls|thanks|people|ppl|pax|of us|adults?|"
                     r"passengers?|persons?|asap|urgently|right away|now|on\b|from\b|leaving|departing|flying|"
                     r"travel+ing|in economy|in business|in premium))"
                     r"|\bx(\d{1,2})\b(?=\s*(?:$|[.,!;?]|please|pls|people|ppl|pax|seats?|tickets?))"  # "x2"
                     r"|\b(\d{1,2})(?:pax|ppl|px|adults|people|persons|passengers|seats|tickets)\b"
                     # the rest of a party split across flights: "now the other 3 on the business one" (not "the other
                     # one", an option)
                     r"|\bthe\s+(?:other|remaining|leftover|last|rest\s+of\s+(?:us|the\s+group),?)\s+(?!one\b)" + _N_WORD +
                     r"(?=\s+(?:on|onto|in|go|going|fly|flying|will|need|please|pls)\b|\s*(?:$|[.,!;]))"
                     r"|\bthe\s+(?:rest|others|remaining|leftovers?)\s*\(\s*" + _N_WORD + r"\s*\)", re.I)  # "the rest (3)"  # "2pax"  # "for 2", "for two, please", "for 3 asap";
# not "for 2 nights"
_ALONE = re.compile(r"\b(?:just me|only me|me only|me alone|(?:just|only|solely) for me|for me only|"  # "a seat ..., just for me"
                    r"(?:travel+ing|flying|going|coming|travel|fly|go|come)\s+(?:all\s+|just\s+)?by myself|"
                    r"(?:all|just) by myself|(?<=,\s)by myself|(?<=,)by myself|"
                    # (not a bare "it's me" that goes on with a full name: "It's me, Liam Walsh" says who, not how many)
                    r"(?:it'?s|it is) (?:(?:only |just )(?:for )?|for )me(?=\s*[,.!;]|\s*$)|"
                    # (fix44i) "it'll just be me in the end", "it will only be me now"
                    r"(?:it'?ll|it will|it'?s going to|it'?s gonna|it would|it'?d|there'?ll|there will)\s+(?:only\s+|just\s+)be"
                    r"\s+(?:only\s+|just\s+)?me(?=\s*[,.!;]|\s*$|\s+(?:now|then|in the end|after all|this time)\b)|"
                    r"(?:it'?s|it is) me(?=\s*[,.!;]|\s*$)(?!\s*[,.!;:]+\s*(?-i:[A-Z][a-z'-]+\s+[A-Z][a-z'-]+))|(?:just|only|for) myself|myself (?:only|alone)|alone|solo|"
                    # "on my own" of the trip ("travelling on my own", "I'm on my own"), not of something else ("I'll
                    # sort out the hotel on my own", "then continuing on my own")
                    r"(?:travel\w*|fly\w*|going|go|coming|come|be|i'?m|i am|it'?s|just|me|solo|alone|trip|journey)\s+"
                    r"(?:[a-z]+\s+)?on my own|(?:(?<=^)|(?<=[,.;:!?])|(?<=[,.;:!?]\s))on my own)\b"
                    r"(?!\s*(?:and|plus|with|&|\+)\b)", re.I)
# "alone" taken back: negated ("not travelling alone this time"), a plan given up ("I was going to travel alone but
# now my mum is joining me"), or people who DO fly said after it ("just me. ... but the kids are coming too"): the
# count is then never 1 from the word "alone"
_ALONE_NEGATED = re.compile(r"\bnot\s+(?:(?:travel+ing|flying|going|coming|be|being)\s+)?(?:alone|solo|by myself|on my own|"
                            r"just me|only me)\b|\b(?:was|were)\s+(?:going|gonna|meant|supposed|planning)\s+to\s+"
                            r"(?:travel|fly|go|come)\s+(?:alone|solo|by myself|on my own)\b", re.I)
_GRAN_WORDS = r"(?:grann(?:y|ie)|gran|nan(?:n?a)?|gramps|grampa)"  # (besides "grand...": "my nan is coming too")
_JOINS_AFTER = re.compile(r"\b(?:(?:my|our|the)\s+(?:\w+\s+)?" + r"(?:wife|husband|partner|spouse|friends?|sons?|daughters?|"
                          r"kids?|child(?:ren)?|baby|mother|father|mom|mum|dad|parents?|brothers?|sisters?|boyfriend|"
                          r"girlfriend|colleagues?|boss|cousins?|aunt|uncle|grand\w+|family|" + _GRAN_WORDS + r")|he|she|they)\s+"
                          r"(?:(?:is|are|will be|'s|'re|will|now|also|too)\s+){0,2}"
                          r"(?:coming|comes?|joining|joins?|flying|fly|flies|travel+ing|travels?|tagging|tags?)"
                          r"(?!\s+(?:to (?:the airport|see|meet|pick)|home|later|next|another)\b)"
                          r"(?:\s+(?:too|as well|along|with (?:me|us)|me|on (?:this|the) (?:trip|flight)))"
                          # not on another, later trip: "they fly with me next week on another trip" adds nobody here
                          r"(?![^.!?;]{0,30}\b(?:next (?:week|month|time|year)|another (?:trip|time|flight|day)|later (?:on|trip)|"
                          r"(?:a )?separate(?:ly| booking| trip)?|(?:a|another|their own) booking)\b)", re.I)
# "for me" closing a trip's request ("Madrid to Amsterdam Aug 28 for me.", "..., Aug 28, for me please"): one
# passenger; not "book it for me" / "can you find ... for me?" (on the speaker's behalf) nor "for me and my wife"
_FOR_ME_END = re.compile(r"\bfor me(?:,?\s+(?:please|pls|thanks?))?(?=\s*(?:[.!;]|$))", re.I)
_ON_MY_BEHALF = re.compile(r"\b(?:book|find|search|look|check|get|reserve|hold|help|sort|arrange|do|can|could|would|will)\b|\?",
                           re.I)


# a trip said in the sentence (a route or a date), and no verdict on something proposed: "That works for me.", "The
# 10:30 suits me"/"is fine for me", "too early for me" say nothing about who flies
_TRIP_SAID = re.compile(r"\d|\bto\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b", re.I)
_VERDICT = re.compile(r"\b(?:works?|fine|good|better|best|suits?|ok(?:ay)?|great|perfect|convenient|easier|early|late|"
                      r"expensive|cheap|pricey|much|long|short|enough)\b", re.I)


def _for_me_alone(t: str) -> bool:
    """A sentence of ``t`` asks for a trip (``_TRIP_SAID``) and ends on "for me", with no verb of service and no
    verdict on something proposed in it (``_FOR_ME_END``, ``_ON_MY_BEHALF``, ``_VERDICT``)."""
    return any(_FOR_ME_END.search(x) and not _ON_MY_BEHALF.search(x) and _TRIP_SAID.search(x)
               and not _VERDICT.search(x) for x in re.split(r"(?<=[.!?;])\s+|\n+", t))


def _alone(t: str) -> bool:
    """The customer says they fly alone, and does not take it back (see ``_ALONE_NEGATED``, ``_JOINS_AFTER``)."""
    m = _ALONE.search(t) or (_FOR_ME_END.search(t) if _for_me_alone(t) else None)
    if m is None or _ALONE_NEGATED.search(t):
        return False
    return not (_JOINS_AFTER.search(t, m.end()) or _JOINS.search(t, m.end()))  # ("... for me. My wife's on the flight too")


_TWO = re.compile(r"\bme and (?:a|one) (?:friend|colleague|coworker|co-worker|buddy|mate|companion|relative|partner)\b"
                  r"(?!,? (?:and|plus|with|&) )|\bme and my [a-z-]+\b(?!,? (?:and|plus|with|&) (?:the|our|my|his|her|their|\d+|two|three|four|five|six|"
                  r"a|an|some)\b)|\bmy (?:wife|husband|partner|friend|son|daughter|mother|father|mom|mum|dad|boyfriend|"
                  r"girlfriend|colleague) and (?:i|me|myself)\b(?!,? (?:and|plus|with|&) )", re.I)
# who travels with a party without being family ("7 players plus the coach", "two of us plus the dog-sitter",
# "12 students and 2 teachers"): one person each, or the number said; never a pet ("plus the dog")
_ROLE = (r"(?:coach|trainer|manager|driver|chauffeur|nanny|au pair|babysitter|(?:[a-z]+-)?sitter|carer|care-?giver|"
         r"nurse|teacher|chaperone|guide|assistant|tutor|physio|interpreter|translator|bodyguard|instructor|leader|"
         r"organi[sz]er|helper|minder|escort|captain|conductor|referee|photographer)")
_OUTSIDER = (r"(?:the|our|my|a|an|one|his|her|their)\s+(?:[a-z-]+\s+)?" + _ROLE + r"(?![\w-])"
             r"|" + _N_WORD + r"\s+(?:[a-z-]+\s+)?(?:players?|team-?mates?|members?|students?|pupils?|"
             + _ROLE + r"(?:e?s)?)(?![\w-])")
# the speaker and one companion without "my": "me + hubby", "me and colleague", "myself & wife"
# (or after a comma in a list: "me, hubby, 3 girls")
_ME_AND_BARE = re.compile(r"(\b(?:me|myself)\s*(?:\+|&|,|\band\b|\bplus\b|\bwith\b)\s*)(?:(?:a|one)\s+)?(hubby|wifey|husband|wife|partner|spouse|"
                          r"fianc[eé]e?|boyfriend|girlfriend|bf|gf|colleague|coworker|co-worker|boss|friend|buddy|mum|mom|"
                          r"mother|dad|father|son|daughter|brother|sister|grandma|grandpa|grandmother|grandfather)\b", re.I)
# grandparents by the words families use ("my nana", "their nan", "my gran", "gramps"): one person each
_GRAN = (r"(?:grand(?:ma|pa|mother|father|mum|mom|dad|mama|papa)|grandad|grann(?:y|ie)|gran(?!\s+canaria)|nan(?:n?a)?|"
         r"gramps|grampa)")
# a party listed person by person: "me, my wife, our 3 kids and my parents"
_MEMBER = re.compile(
    r"\b(?:(?:me|myself|i)(?=\W|$)|(?:my|our|his|her|their)\s+(?:" + _N_WORD + r"\s+)?(?:[a-z-]+\s+)?"
    r"(?:wife|husband|partner|spouse|fianc[eé]e?|friends?|sons?|daughters?|kids?|child(?:ren)?|bab(?:y|ies)|mother|"
    r"father|mom|mum|dad|parents|grandparents|brothers?|sisters?|siblings|boyfriend|girlfriend|colleagues?|boss|"
    r"hubby|missus|other half|better half|little one|fella|feller|fellow|bloke|man|lady|fianc[eé]e?|"
    r"cousins?|aunt|uncle|grand(?:ma|pa|mother|father|son|daughter)s?|" + _GRAN + r"|in-laws|nephews?|nieces?|twins|triplets|"
    r"boys?|girls?|lads?|teens?|teenagers?|toddlers?|little ones|grandkids?|grandchildren)"  # ("our boys": how many?)
    r"|" + _GRAN + r"(?![\w'-])"  # a bare grandparent word: "3 kids + nan"
    r"|the (?:mrs|missus|missis|hubby|wifey|other half|better half|wife|husband|twins|triplets|kids|children|baby|"
    r"in-laws|grandparents|parents|"
    r"little one|toddler|infant|newborn|" + _N_WORD + r"\s+(?:kids|children|boys|girls))"
    r"|(?:her|his|their|our|my)\s+" + _N_WORD + r"\s+[a-z-]+|husband|wife|partner|" + _N_WORD + r"\s+(?:kids?|child(?:ren)?|"
    r"friends?|colleagues?|coworkers?|co-workers?|adults?|others?|infants?|bab(?:y|ies)|toddlers?|teens?|teenagers?|"
    r"girls?|boys?|sons?|daughters?))\b|"
    + _OUTSIDER, re.I)  # ("me and my wife and a toddler": one toddler)
_ENUMERATED = "enumerated"


class _Counts(set):
    reasons: set[str]


# a household named as a group, its members said in brackets or after a dash: "my sister's family (her, her husband and
# their little one)", "the Andersens (me, my husband, 2 kids)", "my brother's family - him, his wife and their 2 kids";
# or by its size: "the neighbours' family of four", "the Lees (3 of them)". Its members are counted once, never its name
_HOUSEHOLD_WORD = r"(?:family|crew|lot|clan|gang|bunch|tribe|household|brood)"  # "my sister's crew - her, her fella ..."
_HOUSEHOLD = re.compile(r"\b(?:(?:my|our|his|her|their|the)\s+(?:[a-z]+\s+)?(?P<kin>[a-z]+)(?:'s|s')\s+" + _HOUSEHOLD_WORD +
                        r"|the\s+(?-i:[A-Z][a-z'-]+s))\b"
                        r"(?:\s*\((?P<br>[^()]*)\)|\s+[-\u2013\u2014:]\s+(?P<dash>[^.;!?()]*)|\s+of\s+" + _N_WORD + r"\b)", re.I)
# more households each with its members in brackets, said without "family": "mine (me and my wife) and my brother's
# (him, his wife and their son)", "my family (me, wife) and my in-laws (2 of them)": each counted by its members
_HOUSEHOLD_BR = re.compile(r"\b(?:mine|ours|(?:my|our|his|her|their)\s+(?:[a-z]+\s+)?(?P<kin>[a-z]+)(?:'s|s')"
                           r"|(?:my|our)\s+(?:family|household|in-laws|lot|side))(?P<dash>)?\s*\((?P<br>[^()]*)\)", re.I)
_ONE_OF_THEM = re.compile(r"(?<![\w'])(?:he|him|she|her)(?=\s*(?:$|[,)&+]|and\b|plus\b))", re.I)
_US_TWO = re.compile(r"\b(?:us|we)\s+(two|2|three|3|four|4|five|5|six|6|seven|7|eight|8|nine|9)\b"
                     r"(?!\s+(?:of|more|extra|seats?|tickets?)\b)(?!\s*(?:[:/.]\d|(?:am|pm)\b|(?:" + _MONTH_RE + r")\b))", re.I)
# a household said by its size: "my sister's three", "her lot of 4", "his family of five": that many people
_KIN_SIZED = re.compile(r"\b(?:my|our|his|her|their)\s+(?:[a-z]+\s+)?[a-z]+(?:'s|s')\s+(?:(?:lot|crew|gang|bunch|clan|tribe)\s+"
                        r"(?:of\s+)?)?" + _N_WORD + r"(?![:.]\d)(?=\s*(?:$|[.,;:!?()&+]|and\b|plus\b|too\b|as well\b))", re.I)
# a stated size, then its members in brackets: "us five (me, my husband and our 3 girls)", "my sister's three (her, her
# fella and the baby)": the size said is the count of that part, the list only says who
_SIZED_THEN_LISTED = re.compile(r"(\b(?:us|we|the)\s+" + _N_WORD + r"(?:\s+of\s+us)?|\b(?:my|our|his|her|their)\s+(?:[a-z]+\s+)?"
                                r"[a-z]+(?:'s|s')\s+" + _N_WORD + r")\s*\(([^()]*)\)", re.I)


def _households_listed(t: str) -> str:
    """``t`` with each household named with its members or size said as those members ("my sister, her husband and
    their little one", "4 friends": a part of the party of its own size), and "us two" as "the two of us"."""
    def one(m: re.Match) -> str:
        inner = m.group("br") if m.group("br") is not None else m.group("dash")
        if inner is None:
            return f" {m.groups()[-1]} friends"  # "the neighbours' family of four": four people
        if n := re.fullmatch(r"\s*(?:all\s+)?" + _N_WORD + r"\s+of\s+(?:them|us)\s*", inner, re.I):
            return f" {n.group(1)} friends"  # "the Lees (3 of them)"
        if not (_MEMBER.search(inner) or _ONE_OF_THEM.search(inner)):
            return m.group(0)  # "(from Osaka)": no members said
        kin = (m.group("kin") or "").lower()
        one_of = f"my {kin}" if re.fullmatch(_ONE_KIN, kin) else "my friend"  # "her" is the sister herself
        return " " + _ONE_OF_THEM.sub(one_of, inner)
    t = _SIZED_THEN_LISTED.sub(lambda m: m.group(1) if (_MEMBER.search(m.group(4)) or _ONE_OF_THEM.search(m.group(4)))
                               else m.group(0), t)
    t = _KIN_SIZED.sub(lambda m: f" {m.group(1)} friends", t)
    t = _HOUSEHOLD.sub(one, t)
    t = _HOUSEHOLD_BR.sub(one, t)
    return _US_TWO.sub(r"the \1 of us", t)


def _member_size(m: str) -> int | None:
    low = m.lower()
    n = re.search(_N_WORD, low)
    if n and not re.fullmatch(r"(?:me|myself|i)", low):
        return text_rules.number_value(n.group(1))
    if low == "name":
        return 1  # a companion said by first name
    if re.search(r"twins|parents|grandparents|in-laws", low):
        return 2
    if re.search(r"triplets", low):
        return 3
    if re.search(r"(?:kids|children|friends|colleagues|brothers|sisters|siblings|cousins|babies|nephews|nieces|sons|"
                 r"daughters|others|boys|girls|lads|teens|teenagers|toddlers|ones|grandkids|grandchildren)$", low):
        return None  # how many is not said
    return 1


_JOINER = re.compile(r"(?:\s*(?:,|&|\+|and|plus|with|as well as|along with|also|;)\s*)*\s*", re.I)


# a companion said by first name in a party list: "me, Tom and the two kids", "my son Leo, my daughter Mia and me"
_COMPANION = re.compile(r"(?<![\w'])(?-i:[A-Z][a-z'-]+(?: [A-Z][a-z'-]+)*)\b")  # "Tom", "Ewa Kowalski"
_SELF_ENDS = re.compile(r"\s*(?:$|[,.!?;)]|too\b|as well\b|please\b|pls\b"
                        # the list goes on: "my wife and I and our 2 kids", "my wife and I and a toddler"
                        r"|(?:and|&|\+|plus)\s+(?:my|our|the|his|her|their|\d{1,2}|" + _NUMBER_WORD_RE + r")\b)", re.I)


def _companion_name(word: str, places: frozenset[str]) -> bool:
    low = word.lower()
    return _name_token_ok(word) and not {low} & (MONTHS.keys() | WEEKDAYS.keys() | CITY_ALIASES.keys() | places)


def place_names(db) -> set[str]:
    """The cities and airport codes of ``db``, lower-cased ("san francisco", "sfo"): never a person's name. A new set
    each call (callers may add to it); empty without a database."""
    if db is None:
        return set()
    return {c.lower() for c in db.city_index} | {c.lower() for c in db.airports}


def place_words(db) -> frozenset[str]:
    """The words of the airports' city names ("San", "Francisco"): never a companion's first name."""
    if db is None:
        return frozenset()
    return frozenset(w.lower() for a in db.airports.values() for w in re.findall(r"[^\W\d_]+", a.city))


def _party_words(t: str, places: frozenset[str]) -> list[tuple[re.Match, bool]]:
    """The party members and first names in ``t``, in order; True marks a first name."""
    found = [(m, False) for m in _MEMBER.finditer(t)]
    taken = [range(m.start(), m.end()) for m, _ in found]
    found += [(m, True) for m in _COMPANION.finditer(t) if all(_companion_name(w, places) for w in m.group(0).split())
              and not any(m.start() in r for r in taken)]
    return sorted(found, key=lambda x: x[0].start())


# what may come before the speaker's own name opening a party list: "Liam Walsh, plus my wife", "It's me, Liam Walsh"
_OWN_NAME_FIRST = re.compile(r"\W*(?:(?:hi|hello|hey|ok(?:ay)?|sure|yes|so|it'?s|it is|that'?s|that is|this is|i'?m|i am|"
                             r"my name is|my name's|lead(?: passenger)? is|the lead is|me|myself)\W+)*", re.I)


# the speaker's own name opening a party list after the trip's details: "Amsterdam to Dubai nov 12 - Mateo Mensah plus my
# grandparents", "... nov 12: Mateo Mensah, my wife and my two sons" (a full name in a list is one traveller either way)
_NAME_OPENS_LIST = re.compile(r"(?:[-\u2013\u2014:;.!?,(]|\bfor(?=\s))" + _OWN_NAME_FIRST.pattern + r"$", re.I)


def _listed_members(t: str, places: frozenset[str] = frozenset(), names: bool = True) -> list[str]:
    """The longest run of party members joined only by list words ("me, my wife and our 3 kids");
    "I'll check with my wife" lists nobody. A first name in the run is a person of its own ("me, Tom
    and the kids", "Anna, Luis and me"), except right after the one it names ("my husband Tom"), and
    counts only in a list with the speaker ("Novak, my husband is coming" is no party of two); a full name
    is the lead passenger's, no one more ("only me, Ewa Kowalski"). ``names`` False reads no names."""
    best: list[str] = []
    run: list[str] = []
    real = named = False
    end = None
    last = ""
    for m, is_name in _party_words(t, places):
        if is_name and not names:
            continue
        gap = t[end:m.start()] if end is not None else ""
        if end is not None and not _JOINER.fullmatch(gap):
            run, real, named, last = [], False, False, ""
        word = m.group(0)
        if is_name:
            if run and re.fullmatch(r"\s+", gap or " ") and last and not re.fullmatch(r"(?:me|myself|i)", last, re.I):
                end = m.end()  # "my husband Tom": Tom is the husband
                continue
            if (run and re.fullmatch(r"\s*,\s*", gap) and last and last != "name-of-many" and " " not in word.strip()
                    and re.match(r"(?i)(?:my|our|his|her|their)\s", last) and _member_size(last) == 1
                    and re.match(r"\s*\)?\s*(?:[.!;:)\u2013\u2014-]|$|,\s*(?:and|&|plus|with)\b|,\s*(?:please|pls|thanks))", t[m.end():], re.I)):
                end = m.end()  # "me and my mother, Fatima.": Fatima is the mother, set off by a comma (not "my sister, Fatima
                continue  # and my son": one more of the list)
            if run and last == "name-of-many" and re.fullmatch(r"\s*(?:,|and|&)\s*", gap):
                end = m.end()  # "our two kids Leo and Mia": the kids' names
                continue
            if " " in word:  # a full name is the lead passenger's, said with the party: "only me, Ewa Kowalski",
                if run and re.fullmatch(r"(?:me|myself|i)", last, re.I) and re.fullmatch(r"\s*[,(]?\s*", gap):
                    # "myself, Liam Walsh, with my wife ...", "me (Mateo Mensah), my 2 kids", "for me Mateo Mensah, my
                    # wife ...": the speaker's own name, the list goes on after it (and its closing bracket)
                    end = m.end() + len(re.match(r"\s*\)?", t[m.end():]).group(0))
                    continue
                if run and re.fullmatch(r"\s*,\s*", gap):  # "me and my wife, Ana Lopez"; never a companion of its own,
                    run, real, named, last = [], False, False, ""  # and the list ends with it
                    end = m.end()
                elif not run and (_OWN_NAME_FIRST.fullmatch(t[:m.start()]) or _NAME_OPENS_LIST.search(t[:m.start()])):
                    # "Liam Walsh, plus my wife and 4 friends", "me (Liam Walsh) and my wife": the speaker opens the
                    # list with their own name
                    run, last, end = ["me"], "me", m.end() + len(re.match(r"\s*\)?", t[m.end():]).group(0))
                continue
            run.append("Name")
            named = True
            last = ""
        else:
            if (re.match(r"(?i)the\s", word) and re.fullmatch(_OUTSIDER, word, re.I)
                    and re.search(r"(?-i:[A-Z][a-z'-]+\s+[A-Z][a-z'-]+)\s*,\s*$", t[:m.start()])):
                end = m.end()  # "Liam Walsh, the group organiser": who the name is, no one more
                continue
            if (re.fullmatch(r"i", word, re.I) and not _SELF_ENDS.match(t, m.end())
                    and not (any(_member_size(x) != 1 for x in run) and re.fullmatch(r"\s*(?:and|&)\s*", gap))):
                # ("my two kids and I need ...": a list, the speaker last; "Tom and I need...": none)
                run, real, named, last = [], False, False, ""  # "Tom and I need...": no list
                end = m.end()
                continue
            run.append(word)
            real = True
            last = word
        end = m.end()
        if last and _member_size(last) != 1:
            last = "name-of-many" if last and not is_name else last
        if len(run) > len(best) and real and (not named or any(re.fullmatch(r"(?:me|myself|i)", x, re.I) for x in run)):
            best = list(run)
    return best


def _restated_adults(t: str, members: list[str]) -> int:
    """How many of a listed party are counted twice: "two adults, me and my partner Sam" names the two adults
    after the comma (2, not 4); the number is 0 when the people after "N adults," are not exactly N single
    persons ("2 adults, 2 kids" = 4, "two adults, me and my wife, and our 2 kids" = 4)."""
    for i, m in enumerate(members):
        if not re.fullmatch(_N_WORD + r"\s+adults?", m, re.I) or not re.search(
                r"\b" + re.escape(m) + r"\s*(?:,|:|;|\(|-|\u2013|\u2014)", t, re.I):
            continue
        n, seen = text_rules.number_value(m.split()[0]) or 0, 0
        for x in members[i + 1:]:
            if re.search(r"\d|\b(?:" + _NUMBER_WORD_RE + r")\b", x, re.I) or _member_size(x) != 1:
                break  # a counted part of its own ("2 kids", "the twins"), not one of the adults
            seen += 1
            if seen == n:
                return n
    return 0


def _kind_total(t: str) -> int | None:
    """The sum of a party told by kind, its parts side by side: "1 adult 1 child" = 2, "two adults,
    one infant" = 3; a single part ("2 adults") is no such list."""
    best, run, total, end = 0, 0, 0, None
    for m in _KIND_COUNT.finditer(t):
        n = text_rules.number_value(m.group(1)) or 0
        if end is not None and _KIND_JOIN.fullmatch(t[end:m.start()]):
            run, total = run + 1, total + n
        else:
            run, total = 1, n
        end = m.end()
        if run >= 2:
            best = max(best, total)
    return best or None


# the speaker and who travels with them: "travelling with my 2 colleagues", "I'm going with 3 friends", ", with
# my wife and 2 friends"; a total and who comes besides: "the 2 of us plus grandma", "three of us and my mum"
_WITH_ME = re.compile(r"\b(?:travel+ing|flying|going|coming|i'?m|i am)\s+(?:(?:along|together|there|over)\s+)?with\s+"
                      r"|(?:^|[,;:]\s*)with\s+", re.I)
# a trip asked "... April 6th with my two kids", "to Atlanta with 2 friends": the speaker travels with them (not "the
# one with 2 stops", nor a trip for someone else: "for my two kids", "for my mum with her friends", "I'm not going")
_WITH_MINE = re.compile(r"(?<!\bone )(?<!\bones )(?<!\bflight )(?<!\bflights )(?<!\boption )\bwith\s+"
                        r"(?=(?:my|our)\s|" + _N_WORD + r"\s+(?:friends|colleagues|coworkers|co-workers|kids|children)\b)", re.I)
_TALK_WITH = re.compile(r"(?:\b(?:check|talk|speak|discuss|confirm|consult|chat|ask|sort|arrange|agree|share|clear|verify|"
                        r"square|run)\w*\s+"
                        # ("double-check the date with my boss", "clear it with my manager")
                        r"(?:(?:(?:the|this|that|these|those|my|our)\s+)?(?:dates?|times?|plans?|details?|prices?|fares?|costs?|"
                        r"budget|schedule|booking|trip|itinerary)|it|this|that|things|everything)?\s*(?:out|over|through|up|by)?"
                        r"|\bgo(?:ing)? over"
                        r"(?: it| this| that| things)?)\s*$", re.I)
# ("I'll check with my wife", "let me talk it over with my partner": nobody travels by that)
_FOR_THEM = re.compile(r"\bfor\s+(?:my|our|his|her|their)\s|\b(?:i'?m not|i am not|not me|without me|i won'?t be|i will not be|"
                       r"i'?m not (?:going|travel+ing|flying|coming))\b", re.I)
_US_PLUS = re.compile(r"\b(?:the\s+)?" + _N_WORD + r"\s+of\s+us\s*,?\s*(?:plus|\+|&|and|with|as well as|along with)\s+"
                      # a group's size, then who comes besides: "a team of 12 plus the coach", "we are 7 plus the driver"
                      r"|\b(?:" + _GROUP + r"\s+of|we\s+are|we'?re)\s+" + _N_WORD + r"\s*,?\s*(?:plus|\+|as well as)\s+", re.I)
_BARE_KIN = re.compile(r"(?=(?:grand(?:ma|pa|mother|father)|mum|mom|mother|dad|father|wife|husband|partner|boss|"
                       r"aunt|uncle|brother|sister|son|daughter)\b)", re.I)


def _members_from(t: str, start: int) -> list[str]:
    """The party members listed from ``start`` on, joined only by list words ("my wife and 2 friends")."""
    run: list[str] = []
    end = start
    for m in _MEMBER.finditer(t, start):
        gap = t[end:m.start()]
        if run:  # "my wife Anna Walsh and 4 friends": the name of the one just listed
            gap = re.sub(r"^\s+(?-i:[A-Z][a-z'-]+)(?:\s+(?-i:[A-Z][a-z'-]+))*", "", gap)
        if not _JOINER.fullmatch(gap) or re.fullmatch(r"(?:me|myself|i)", m.group(0), re.I):
            break
        run.append(m.group(0))
        end = m.end()
    return run


# who comes besides, said before the group's own size: "my parents and the 3 of us", "the in-laws (2) plus us 3"
# ("us 3" is read as "the 3 of us" by then)
_AND_US = re.compile(r"\s*,?\s*(?:and|plus|\+|&|as well as|along with)\s+the\s+" + _N_WORD + r"\s+of\s+us\b", re.I)
# a bare kin word after another ("my mum and dad"): the same "my" goes with it
_KIN_PAIR = re.compile(r"(\b(?:my|our|the)\s+[a-z-]+\s*(?:and|&|\+)\s*)(?=(?:mum|mom|mother|dad|father|grandma|grandpa|"
                       r"grandad|granddad|brother|sister|husband|wife|son|daughter)\b)", re.I)  # "my wife and son": 2
# a part of the party with its size in brackets: "the in-laws (2)", "my parents (2)": that many of them
_SIZED_KIN = re.compile(r"\b(?:the|my|our)\s+((?:[a-z-]+\s+)?(?:in-laws|parents|grandparents|kids|children|cousins|friends|"
                        r"colleagues|brothers|sisters|mates|boys|girls))\s*\(\s*" + _N_WORD + r"\s*\)", re.I)


def _members_before(t: str, end: int) -> list[str]:
    """The party members listed right up to ``end``, joined only by list words ("my mum and my dad"); none when the
    speaker is among them ("me and my wife and the 2 of us" says nothing clear)."""
    run: list[str] = []
    last = None
    for m in _MEMBER.finditer(t, 0, end):
        if last is not None and not _JOINER.fullmatch(t[last:m.start()]):
            run = []
        run.append(m.group(0))
        last = m.end()
    if last is None or t[last:end].strip() or any(re.fullmatch(r"(?:me|myself|i)", x, re.I) for x in run):
        return []
    return run


def _others_then_us(t: str) -> int | None:
    """Those who come besides said first, then the group: "my parents and the 3 of us" = 5, "my mum and dad and the
    two of us" = 4; None when nobody is listed that way, or how many is not said ("my kids and the 2 of us")."""
    for m in _AND_US.finditer(t):
        head = _KIN_PAIR.sub(r"\1my ", t[:m.start()])
        sizes = [_member_size(x) for x in _members_before(head, len(head))]
        n = text_rules.number_value(m.group(1))
        if sizes and all(sizes) and n:
            return n + sum(sizes)  # type: ignore[arg-type]
    return None


def _with_the_speaker(t: str) -> int | None:
    """How many travel when the customer counts who comes with them: those listed and the customer
    ("travelling with my 2 colleagues" = 3), or a total and who comes besides ("the 2 of us plus
    grandma" = 3, "my parents and the 3 of us" = 5); None when nobody is listed that way, or how many is not said
    ("with my kids")."""
    if (before := _others_then_us(t)) is not None:
        return before
    for pat, base in ((_US_PLUS, None), (_WITH_ME, 1), (_WITH_MINE, 1)):
        if pat is _WITH_MINE and _FOR_THEM.search(t):
            continue
        for m in pat.finditer(t):
            if pat is _WITH_MINE and _TALK_WITH.search(t[:m.start()]):
                continue
            rest = t[:m.end()] + _BARE_KIN.sub("my ", t[m.end():], count=1)  # "plus grandma": one grandma
            sizes = [_member_size(x) for x in _members_from(rest, m.end())]
            if not sizes or not all(sizes):
                continue
            if base is None:
                base = text_rules.number_value(next(g for g in m.groups() if g))
                if not base:
                    continue
            elif _TOTALS.search(t) or _PAIR.search(t) or _TWO.search(t):
                return None  # "3 of us, travelling with my 2 colleagues": the count said is the count
            return base + sum(sizes)  # type: ignore[arg-type]
    return None


# a pasted itinerary's count field: "Pax: 1", "Passengers: 2", "No. of travellers - 3"
_COUNT_FIELD = re.compile(r"(?:^|\n)\W*(?:pax|passengers|travell?ers|adults|seats|no\.? of (?:passengers|travell?ers|pax)|"
                          r"number of (?:passengers|travell?ers|pax))\s*[:=-]\s*" + _N_WORD + r"\s*(?:$|\n)", re.I)
# a pasted itinerary's name field: "Traveller: Mateo Larsen", "Passenger name: Aisha Cohen", "Pax: Ana Lopez"
NAME_FIELD = re.compile(r"(?:^|(?<=\n))\W*(?:lead\s+)?(?:travell?er|passenger|pax)(?:\s+name)?\s*:(?=\s*[A-Z])", re.I)
# a traveller named earlier, and who goes with them: "for my mother, ... she and my dad", "him & his wife"
_PRONOUN_AND = re.compile(r"\b(?:she|he|her|him)\s*(?:and|&|\+|plus)\s*(?=(?:my|our|his|her|their)\s)"
                          # the traveller by name, and who goes with them: "for Aisha Papadopoulos and her 2 children",
                          # "Aisha Papadopoulos + her 2 kids", "for Aisha with her two children" (she is one of them)
                          r"|(?<![\w'])(?-i:[A-Z][a-z'-]+)(?:\s+(?-i:[A-Z][a-z'-]+)){0,2}\s*,?\s*(?:and|&|\+|plus|with|"
                          r"along with)\s*(?=(?:his|her)\s)", re.I)


def _pronoun_party(t: str) -> int | None:
    """How many travel when a traveller, said as "she" or "he", is listed with others ("she and my dad" = 2,
    "he and his 2 kids" = 3); None when nobody is listed that way, or how many is not said ("she and my kids")."""
    for m in _PRONOUN_AND.finditer(t):
        if m.group(0)[:1].isupper() and re.search(r"\b(?:me|myself|i)(?![\w'])\s*(?:,|and|&|\+|plus)[^.!?;]*$",
                                                  t[max(0, m.start() - 60):m.start()], re.I):
            continue  # "me, my friend Sara and her two kids": a list with the speaker, counted as such
        sizes = [_member_size(x) for x in _members_from(t, m.end())]
        if sizes and all(sizes):
            return 1 + sum(sizes)  # type: ignore[arg-type]
    return None


# a month with no day before it, right before a number: the number is the day ("august 24 uh tickets")
_DAY_AFTER_MONTH = re.compile(r"(?<![\w-])(?<!\d )(?<!\d(?:st|nd|rd|th) )(?<! of )"
                              r"(?:" + _MONTH_RE + r")\.?\s*$", re.I)


# one more person of a kind added with "a"/"an" after a list word: "two adults and a child", "2 adults, a kid",
# "two of us plus a toddler", "one adult and a teenager" (not "a child seat", "a kid's meal": no person)
_ONE_MORE_KIND = re.compile(r"((?:,|&|\+|\band|\bplus|\bwith|\bas well as|\balong with)\s*)(?:a|an)\s+"
                            r"(?=(?:little\s+|small\s+|young\s+)?(?:kid|child|infant|baby|toddler|teen|teenager|youth|minor)"
                            r"(?![\w'\u2019-])(?!\s+(?:seats?|fares?|meals?|menus?|prices?|rates?|discounts?|tickets?|"
                            r"strollers?|prams?|buggy|buggies|cots?|bassinets?|car seats?|carriers?)\b))", re.I)


# a person told by age ("my 3 year old", "a 10-year-old", "our 6yo", "my 8 year old son", "two 5 year olds",
# "2 under-12s"): an age is never a count; the aged one is one person (a child), or the person noun that follows
_AGE = (r"(?:\d{1,2}|" + _NUMBER_WORD_RE + r")(?:\s*|-)(?:(?:years?|yrs?|months?|mos?|weeks?|wks?)(?:\s*|-)old(?P<olds>s)?"
        r"|y\.?o\.?(?P<yos>s)?|y/o(?P<y_os>s)?)(?![\w/])")
_AGE_DET = r"\b(my|our|his|her|their|the|a|an|one|this|that)\s+"
_AGED_NOUN = re.compile(_AGE_DET + _AGE + r"[\s-]+(?=(?:little\s+|baby\s+|young\s+)?(?:son|daughter|boy|girl|kid|child|"
                        r"baby|toddler|twins|triplets|grand(?:son|daughter|child|kid)|nephew|niece|brother|sister|cousin)s?\b)",
                        re.I)
_AGED_ALONE = re.compile(_AGE_DET + _AGE, re.I)
_AGED_MANY = re.compile(r"\b(\d{1,2}|" + _NUMBER_WORD_RE + r")\s+(?:" + _AGE + r"|under[- ]?1[0-8]s)(?=\W|$)", re.I)


# the ages of children said after them: "my two kids (8 and 10)", "our kids (ages 8 and 10)", "my two kids aged 8 and 10",
# "my grandkids, 8 and 11": an age is never a count, and a list of ages says how many when no number does
_AGE_NUM = r"(?:\d{1,2}|" + _NUMBER_WORD_RE + r")"
_AGES_OF = re.compile(
    r"\b(?P<det>(?:my|our|his|her|their|the)\s+)(?P<num>" + _AGE_NUM + r"\s+)?(?P<noun>(?:[a-z-]+\s+)?(?:kids?|child(?:ren)?|"
    r"sons?|daughters?|boys?|girls?|grand(?:kids?|child(?:ren)?|sons?|daughters?)|nephews?|nieces?|twins|triplets))"
    r"(?P<ages>\s*\(\s*(?:ages?d?\s*:?\s*)?" + _AGE_NUM + r"(?:\s*(?:,|and|&)\s*" + _AGE_NUM + r")*\s*(?:y(?:ea)?rs?|yo)?\s*\)"
    r"|\s*,?\s*(?:aged?|ages)\s+" + _AGE_NUM + r"(?:\s*(?:,|&)\s*" + _AGE_NUM + r")*(?:\s*,?\s*(?:and|&)\s*" + _AGE_NUM + r")?"
    r"|\s*,\s*" + _AGE_NUM + r"(?:\s*,\s*" + _AGE_NUM + r")*\s*,?\s*(?:and|&)\s*" + _AGE_NUM
    + r"(?=\s*(?:$|[.,;:!?)]|(?:and|&|\+|plus)\s+(?:i|me|myself|my|our)\b)))"
    r"(?![\w/:-]|\.\d|\s*,?\s*(?:and|&)\s*\d)", re.I)  # the whole list, never a time or date


def _ages_dropped(t: str) -> str:
    def one(m: re.Match) -> str:
        ages = len(re.findall(_AGE_NUM, re.sub(r"^\W*(?:ages?d?)\b", "", m.group("ages").strip(" (,"), flags=re.I), re.I))
        plural = re.search(r"(?:s|children|twins|triplets)$", m.group("noun"), re.I)
        num = m.group("num") or (f"{ages} " if plural and ages >= 2 and not re.search(r"twins|triplets", m.group("noun"), re.I)
                                 else "")
        return m.group("det") + num + m.group("noun")
    return _AGES_OF.sub(one, t)


def _ages_as_people(t: str) -> str:
    t = _AGED_MANY.sub(r"\1 children", t)  # "two 5 year olds", "2 under-12s"
    t = _AGED_NOUN.sub(r"\1 ", t)  # "my 8 year old son": the son, of that age
    return _AGED_ALONE.sub(lambda m: m.group(1) + (" children" if m.group("olds") or m.group("yos") or m.group("y_os")
                                                    else " child"), t)  # "my 3 year old": one child


# seats that describe a flight, quoted back in a pick: "the one with 3 seats left", "it still has 20 seats available",
# "3 seats remaining"; never the party ("we need 3 seats")
_FLIGHT_SEATS = re.compile(r"(?:\b(?:with|has|had|having|have|still|only|just)\s+(?:only\s+|just\s+|still\s+)?)?\b"
                           + _N_WORD + r"\s+(?:free\s+|open\s+|empty\s+)?seats?\s+(?:left|remaining)\b"
                           r"|\b(?:with|has|had|having|still has|it has)\s+(?:only\s+|just\s+|still\s+)?" + _N_WORD
                           + r"\s+(?:free\s+|open\s+|empty\s+)?seats?(?:\s+(?:available|free|open))?\b"
                           # short forms: "the one w/ 8 seats", "the 9 seat one", "the 8-seat one", "the flight with 9 left"
                           r"|\bw/?\s*" + _N_WORD + r"\s+(?:free\s+|open\s+|empty\s+)?seats?\b"
                           r"|\bthe\s+" + _N_WORD + r"(?:\s+|-)seat(?:er)?\s+(?:one|flight|option)\b"
                           r"|\b(?:with|has|having)\s+(?:only\s+|just\s+)?" + _N_WORD + r"\s+left\b", re.I)
# a clause about another trip or a count that no longer holds: "last time", "usually", "normally", "originally",
# "was going to be", "my colleague booked ... last month"
_PAST_COUNT = re.compile(r"\b(?:last (?:time|month|year|week|trip|booking|summer|winter)|usual(?:ly)?|normally|"
                         r"typically|generally|originally|previously|used to|(?:was|were) (?:going|supposed|meant) to|"
                         r"had planned|in the past|\w+ ago)\b", re.I)
_CLAUSE_BREAK = re.compile(r"(?<=[.!?;])\s+|,?\s*\bbut\b|,\s*(?=(?:so|this time|now)\b)", re.I)


def _past_counts_dropped(t: str) -> str:
    """The text without its clauses about another trip's count, where what is left still says a count
    ("Normally there are 3 of us but ... it's only me" = 1; "for 2 passengers. My colleague booked 5 seats ... last
    month" = 2); the text as it is when only the past says one (asked, or read as before)."""
    if not _PAST_COUNT.search(t):
        return t
    parts = _CLAUSE_BREAK.split(t)
    kept = [x for x in parts if x and not _PAST_COUNT.search(x)]
    if len(kept) == len(parts) or not kept:
        return t
    rest = " . ".join(kept)
    return rest if party_sizes(rest) else t


# one who is said to stay home is no traveller: "..., my husband stays home", "my mum is staying behind"
_STAYS_HOME = re.compile(r"(?:,|\band\b|\bbut\b)?\s*\b(?:my|our)\s+(?:[a-z-]+\s+)?(?:wife|husband|partner|son|daughter|mother|"
                         r"father|mom|mum|dad|brother|sister|boyfriend|girlfriend|friend|kids|children|parents)\s+"
                         r"(?:(?:is|are|will be)\s+staying|(?:will\s+)?stays?)\s+(?:at\s+)?(?:home|behind|back)\b", re.I)

# a remark about some of the party that is not about who travels: "send the confirmation to both of us", "only me has a
# passport from Canada", "only my wife and me need the vegetarian meal", "both of us will be checking in online"
_ASIDE_MATTER = re.compile(r"\b(?:passports?|visas?|meals?|vegetarian|vegan|halal|kosher|gluten|diet\w*|food|allerg\w*|"
                           r"wheelchairs?|assistance|e-?mails?|confirmations?|receipts?|invoices?|itinerar(?:y|ies)|"
                           r"notifications?|updates|texts?|sms|check(?:ing|ed)?[- ]?in|pay(?:s|ing|ment)?|paid|card|"
                           r"insurance|luggage|bags?|baggage|documents?|citizens?|nationality)\b", re.I)
# the words of a clause that does say who travels: "a seat for both of us", "only me and my wife are flying"
_TRAVEL_WORDS = re.compile(r"\b(?:seats?|tickets?|passengers?|people|persons?|pax|ppl|travel\w*|fly\w*|flights?|book|"
                           r"booked|reserve|trip|going|coming|come|go(?!\s+ahead)|join\w*|adults?|kids?|child\w*|"
                           r"we are|we'?re)\b", re.I)


# people said to do something other than fly with the customer: who picks them up, meets them, drives them, sees them
# off, stays home or with someone, or gets the e-ticket ("My sister and her two kids are picking me up", "I'm meeting 4
# colleagues there", "my two kids are staying with their dad", "send the e-ticket to me and my PA")
_NOT_FLYING = re.compile(r"\b(?:pick(?:s|ing|ed)?\s+(?:me|us)\s+up|pick(?:s|ing)?\s+up\b|meet(?:s|ing)?\b|driv(?:e|es|ing)\s+"
                         r"(?:me|us)\b|drop(?:s|ping)?\s+(?:me|us)\s+off|see(?:s|ing)?\s+(?:me|us)\s+off|wait(?:s|ing)?\s+"
                         r"for\s+(?:me|us)\b|stay(?:s|ing)?\s+(?:at\s+)?(?:home|behind|back|with)\b|look(?:s|ing)?\s+after\b|"
                         r"send\b|forward\b|e-?mail|cc\b|(?:a\s+)?copy\b)", re.I)
# the speaker's object of such a verb: those doing it are not on the flight, whatever else is said
_NOT_FLYING_FOR_ME = re.compile(r"\b(?:pick(?:s|ing|ed)?\s+(?:me|us)\s+up|meet(?:s|ing)?\s+(?:me|us)\b|driv(?:e|es|ing)\s+(?:me|us)"
                                r"\b|drop(?:s|ping)?\s+(?:me|us)\s+off|see(?:s|ing)?\s+(?:me|us)\s+off|wait(?:s|ing)?\s+for\s+"
                                r"(?:me|us)\b"
                                # a lift to the airport: "my brother's giving us a lift", "my mum's taking us to the airport"
                                r"|giv(?:e|es|ing)\s+(?:me|us)\s+a\s+(?:lift|ride)\b|(?:tak|run)(?:e|es|s|ing|ning)?\s+(?:me|us)\s+"
                                r"(?:to|down to|over to)\s+(?:the\s+)?(?:airport|terminal|station)\b"
                                r"|drop(?:s|ping)?\s+(?:me|us)\s+(?:off\s+)?at\s+(?:the\s+)?(?:airport|terminal|station)\b)", re.I)
# (the travel words without the people nouns: "my two kids are staying with their dad" says nobody flies)
_FLY_WORDS = re.compile(r"\b(?:seats?|tickets?|passengers?|pax|travel\w*|fly\w*|flights?|book|booked|reserve|trip|going|"
                        r"coming|come|go(?!\s+ahead)|join\w*|we are|we'?re|with (?:me|us))\b", re.I)
_ONE_SEAT = re.compile(r"\b(?:one|1|a single)\s+(?:seat|ticket|passenger|pax|person|adult|travell?er)\b", re.I)
_CLAUSES = re.compile(r"(?<=[.!?;])\s+|\s+[-\u2013\u2014]+\s+|\n+")


# people who are not on THIS trip, said once the customer flies alone: on another booking, flight or day ("my sister and
# her 3 kids fly out the week after on their own booking", "already booked on a different flight"), or those the
# customer stays with, visits or meets out there ("staying with a family of four", "meet my brother's family there")
_OTHER_TRIP = re.compile(r"\b(?:(?:their|his|her|its) own (?:booking|reservation|flight|tickets?|trip)|(?:a |an )?(?:separate|"
                         r"different|another|other) (?:booking|reservation|flight|ticket|trip|day)s?|already (?:booked|"
                         r"have (?:a |their |his |her )?(?:tickets?|seats?|booking))|booked separately|(?:the )?(?:week|day|"
                         r"month) (?:after|before)|(?:next|following) (?:week|month|day)|a (?:week|few days|day) later)\b", re.I)
_AT_DESTINATION = re.compile(r"\b(?:stay(?:s|ing)? (?:with|at)|visit(?:s|ing)?|meet(?:s|ing)?|(?:out|over) there)\b", re.I)


def _elsewhere(x: str) -> bool:
    """``x`` speaks of people on another trip or met at the destination (``_OTHER_TRIP``, ``_AT_DESTINATION``); a
    visit said beside someone joining this flight ("my wife is coming too, visiting her mum") is no such clause."""
    return bool(_OTHER_TRIP.search(x) or (_AT_DESTINATION.search(x) and not _JOINS_AFTER.search(x)))


def _others_elsewhere_dropped(t: str) -> str:
    """Once the customer flies alone, the text without what it says of people on another trip or met out there: only
    those flying on this trip count ("just for me. My sister and her 3 kids fly the week after on their own booking")."""
    parts = _CLAUSES.split(t)
    kept, dropped = [], False
    for x in parts:
        m = _ALONE.search(x) or (_FOR_ME_END.search(x) if _for_me_alone(x) else None)
        if m is None:
            if not _elsewhere(x):
                kept.append(x)
            dropped = dropped or _elsewhere(x)
            continue
        rest = x[m.end():]  # "... for me, staying with a family of four out there": the alone part is kept
        kept.append(x[:m.end()] + ("" if _elsewhere(rest) else rest))
        dropped = dropped or _elsewhere(rest)
    return " . ".join(kept) if dropped else t  # (nothing dropped: the text as said, "It is me. Liam Walsh.")


# others who go another way, said of them alone (no "I"/"we"/"with me" in the clause): on another carrier, by road, or
# booked by someone else ("my 3 teammates fly with another carrier", "my 2 kids are flying Emirates with their dad",
# "my 2 colleagues are driving", "the 3 others have their flights through the company"): never on this booking
_GO_ANOTHER_WAY = re.compile(r"\b(?:(?:another|a different|other) (?:carrier|airline)s?|driv(?:e|es|ing)\b(?!\s+(?:me|us)\b)|"
                             r"(?:fly\w*|going|go) (?:with |on )?(?:emirates|qatar|etihad|lufthansa|delta|united|american|"
                             r"british airways|klm|air france|turkish|ryanair|easyjet|southwest|jetblue|singapore|cathay|"
                             r"[a-z]+ (?:air|airlines|airways))|(?:through|via|by) (?:the|their|his|her|our|my) (?:company|work|"
                             r"employer|office|travel agent|agency)|(?:have|has|got) (?:their|his|her) (?:own )?(?:flights?|"
                             r"tickets?|seats?|bookings?))\b", re.I)


def _gone_another_way_dropped(t: str) -> str:
    """``t`` without its clauses (split at sentence ends, dashes and commas) about others who go another way
    (``_GO_ANOTHER_WAY``), with the speaker not in them: "book for me; my 3 teammates fly with another carrier" = 1."""
    parts = re.split(r"([.!?;,]+\s*|\s+[-\u2013\u2014]+\s+)", t)
    kept = [" " if (_GO_ANOTHER_WAY.search(x) and _OTHERS_SUBJECT.search(x) and not _SPEAKER_IN.search(x)
                    and not _NOT_FLYING_FOR_ME.search(x)) else x for x in parts]
    if kept == parts:
        return t
    # the speaker named beside them flies alone: "me. my 2 colleagues are driving", "just mine - the 3 others ..."
    return re.sub(r"\b(?:(?:just |only )?(?:for )?(?:me|mine|myself))\b", "just me", "".join(kept), count=1, flags=re.I)


def _non_travellers_dropped(t: str) -> str:
    """The text without its clauses about people who do not fly: those picking the customer up, meeting, driving or
    seeing them off (always), and, once the customer says they fly alone ("just me", "travelling alone", "one seat"),
    any other clause about people staying, met or sent something, with no word of travelling ("travelling alone - my
    two kids are staying with their dad" = 1)."""
    t = _gone_another_way_dropped(t)
    parts = _CLAUSES.split(t)
    if len(parts) < 2:
        return _lift_after_comma_dropped(t)
    alone = [bool(_ALONE.search(x) or _ONE_SEAT.search(x) or _for_me_alone(x)) for x in parts]
    if any(alone) and not _ALONE_NEGATED.search(t):
        t = _others_elsewhere_dropped(t)
        parts = _CLAUSES.split(t)
        alone = [bool(_ALONE.search(x) or _ONE_SEAT.search(x) or _for_me_alone(x)) for x in parts]
    kept = []
    for i, x in enumerate(parts):
        travel = _FLY_WORDS.search(re.sub(r"\be-?tickets?\b", " ", x, flags=re.I))
        if not travel and not alone[i] and (_NOT_FLYING_FOR_ME.search(x) or (any(alone) and _NOT_FLYING.search(x))):
            continue
        kept.append(_lift_after_comma_dropped(x))
    return " . ".join(kept) if kept != parts else t


def _lift_after_comma_dropped(x: str) -> str:
    """``x`` without a part after a comma in which others only take the speaker to or from the airport ("for me and my
    3 mates, my brother's seeing us off at the airport" = 4); said beside the party, never a traveller."""
    bits = re.split(r"(,\s*)", x)
    kept = [" " if i and _OTHERS_SUBJECT.search(b) and _NOT_FLYING_FOR_ME.search(b) and not _FLY_WORDS.search(b)
            and not _SPEAKER_ALSO.search(b) else b for i, b in enumerate(bits)]
    return " . ".join(b for b in kept if b.strip(" ,")) if kept != bits else x


_SPEAKER_ALSO = re.compile(r"\b(?:I|I'm|we|we're)\b", re.I)  # ("..., my brother and I are getting a lift": we both fly)


def _asides_dropped(t: str) -> str:
    """The text without its clauses (split at sentence ends and commas) that speak of some of the party about a
    matter other than travel: a count changes only by who travels."""
    parts = re.split(r"([.!?;,]+\s*)", t)
    kept = [x if not (_ASIDE_MATTER.search(x) and not _TRAVEL_WORDS.search(x)
                      and (_PAIR.search(x) or _ALONE.search(x) or _TWO.search(x))) else " " for x in parts]
    return "".join(kept)


# a title before a capitalised name ("Dr. Mehta", "Sgt Ana Lopez", "Mrs. J. Okafor"): no person of its own
_TITLE_BEFORE_NAME = re.compile(r"\b(?:" + "|".join(sorted((w.capitalize() for w in _TITLES), key=len, reverse=True))
                                + r")\.?\s+(?=[A-Z])")


# a companion said as a "plus-one": "me and a plus one", "my plus-one and I"; or one more after the group's size, no noun
# after it: "the two of us plus one" (not "2 of us plus 1 infant", "plus one more seat")
_PLUS_ONE = re.compile(r"\s*\b(?:a|my|our|his|her|their)\s+plus[- ]?(?:one|1)\b", re.I)
_US_PLUS_ONE = re.compile(r"(\bof us\s*,?\s*(?:plus|\+|and)\s*)(?:one|1)\b(?!\s*(?:more|extra|other|of|seats?|tickets?|"
                          r"passengers?|persons?|people|adults?|child|children|kids?|infants?|bab(?:y|ies)|toddlers?|bags?)\b)",
                          re.I)


# a number said of someone's own kin ("my 2 parents"), which the list of the party reads as theirs
_NOT_THEIRS = r"(?<!\bmy )(?<!\bour )(?<!\bthe )(?<!\bhis )(?<!\bher )(?<!\btheir )"
# slang and idioms for the speaker's spouse and children, read as the plain words before a party is counted: "the two
# nippers" = "the two kids", "my twin boys" = "my twins", "her indoors" = "the missus" (a wrong count books wrong seats)
_PARTY_IDIOMS = (
    (re.compile(r"\btwin\s+(?:boys|girls|sons|daughters|brothers|sisters|babies|kids|children)\b", re.I), "twins"),
    (re.compile(r"\btriplet\s+(?:boys|girls|sons|daughters|brothers|sisters|babies|kids|children)\b", re.I), "triplets"),
    (re.compile(r"\b(?:boys|girls|sons|daughters|brothers|sisters|babies|kids|children)(?=\s*\(\s*twins\s*\))", re.I), "twins"),
    (re.compile(r"\b(?:boys|girls|sons|daughters|brothers|sisters|babies|kids|children)(?=\s*\(\s*triplets\s*\))", re.I),
     "triplets"),
    (re.compile(r"\b(?:nippers|sprogs|kiddos|kiddies|kiddywinks|rugrats|bairns|weans|littl(?:e\s+|')?uns|little\s+ones|"
                r"wee\s+ones|young\s?(?:'|u)ns|youngsters|tots|munchkins|mini[- ]?mes|offspring|brats|ankle[- ]biters)\b", re.I),
     "kids"),
    (re.compile(r"\b(?:nipper|sprog|kiddo|bairn|wean|littl(?:e\s+|')?un|youngster|munchkin|mini[- ]?me|ankle[- ]biter)\b",
                re.I), "kid"),
    (re.compile(r"\b(?:her|'er)\s+indoors\b|\b(?:the|my)\s+trouble\s+(?:and|&|n)\s+strife\b", re.I), "the missus"),
    (re.compile(r"\bhim\s+indoors\b", re.I), "the hubby"),
    # grown-ups said by another word, with their number (sky-V A0): "2 grown-ups and 3 kids" = 5, "2 parents and 3
    # kids" = 5, "2 mums and 2 babies" = 4, "one dad and a toddler" = 2 ("my 2 parents" stays the speaker's kin)
    (re.compile(_NOT_THEIRS + r"\b" + _N_WORD + r"\s+(?:grown[- ]?ups|grownups|big (?:people|ones)|parents|mums|moms|mommies|"
                r"mummies|mothers|dads|daddies|fathers|grandparents|grannies|grandmas|grandpas|grand-?dads|oldies|"
                r"chaperones|carers|caregivers)\b(?!['\u2019])", re.I), r"\1 adults"),
    (re.compile(_NOT_THEIRS + r"\b" + _N_WORD + r"\s+(?:grown[- ]?up|grownup|parent|mum|mom|mommy|mummy|mother|dad|daddy|"
                r"father|grandparent|granny|grandma|grandpa|grand-?dad|chaperone|carer|caregiver)\b(?!['\u2019])", re.I),
     r"\1 adult"),
    (re.compile(_NOT_THEIRS + r"\b" + _N_WORD + r"\s+(?:grand-?kids|grand-?children|grandsons|granddaughters)\b(?!['\u2019])",
                re.I), r"\1 kids"),
    # a couple said with the children they bring: "a couple and their 3 kids" = 5, "a couple with a baby" = 3
    (re.compile(r"\ba\s+(?:married\s+|young\s+)?couple\s*(,|\band\b|&|\+|\bplus\b|\bwith\b)\s*(?:(?:their|our|the)\s+)?"
                r"(?=(?:\d{1,2}|a|an|" + _NUMBER_WORD_RE + r")\s)", re.I), r"2 adults \1 "),
)


def _party_idioms(t: str) -> str:
    for rx, plain in _PARTY_IDIOMS:
        t = rx.sub(plain, t)
    return re.sub(r"\b(twins|triplets)\s*\(\s*\1\s*\)", r"\1", t, flags=re.I)


# --- an e-mail's signature, which names no traveller and counts no one (sky-customers-29 W6) -------------------------
# "Best regards,\nYuki Khan\nSenior Manager, Room 204", "Best, Yuki Khan", "-- \nYuki Khan\nSenior Manager, Acme Corp",
# "Sent from my iPhone", a name then a title, a company, a room or a phone line: the sender's, never a list of travellers
_VALEDICTION = re.compile(
    r"[ \t]*(?:(?:best|kind|warm|warmest|many|with|all the)\s+)?(?:regards|wishes|thanks|best|rgds|cheers|sincerely|"
    r"yours(?:\s+(?:sincerely|truly|faithfully))?|thank you|thanks(?:\s+in advance)?|thx|tia|br|kr|cordially|"
    r"respectfully|take care|speak soon|warmly|many thanks)[ \t]*[,.!]*(?:[ \t]*[-\u2013\u2014]?[ \t]*(?-i:[A-Z])[\w'.-]*"
    r"(?:[ \t]+(?-i:[A-Z])[\w'.-]*){0,3}[ \t]*)?", re.I)
_SENT_FROM = re.compile(r"(?im)^[ \t]*(?:sent from my [\w .'-]{2,30}|get outlook for [\w .-]{2,20}|sent via [\w .-]{2,20})[ \t]*$")
_SIGN_OFF_LINE = re.compile(r"[ \t]*(?:--|\u2014|__+)[ \t]*")
# who travels, said in a line (a signature never says it)
_PARTY_IN_LINE = re.compile(r"\b(?:me|my|we|us|our|i|i'm|coming|joining|flying|travel+ing|passengers?|adults?|kids?|"
                            r"child(?:ren)?|infants?|bab(?:y|ies)|seats?|tickets?|people|pax|wife|husband|son|daughter|"
                            r"partner|book|booking|flight|please|p\.?s\.?)\b", re.I)
# a sender's title, company, address or number, in a signature with no sign-off before it
_TITLE_LINE = re.compile(r"\b(?:manager|director|head|officer|engineer|consultant|assistant|coordinator|analyst|president|"
                         r"vp|ceo|cfo|cto|coo|founder|partner|specialist|executive|secretary|professor|phd|mba|room|suite|"
                         r"floor|building|dept|department|office|ltd|llc|inc|corp|gmbh|plc|company|university|sales|"
                         r"marketing|finance|hr|tel|phone|mobile|email|www)\b|https?:|@|\+?\d[\d ()-]{6,}\d", re.I)
_NAME_LINE = re.compile(r"[ \t]*(?-i:[A-Z])[\w'.-]+(?:[ \t]+(?-i:[A-Z])[\w'.-]+){0,3}[ \t]*,?[ \t]*")


def _signature_dropped(text: str) -> str:
    """``text`` without its signature: the lines from a sign-off ("Best regards,", "Best, Yuki Khan", "--") to the end,
    "Sent from my iPhone", or a last block of a name and its title, company or phone lines; only where none of those
    lines says who travels ("Thanks,\nYuki\nPS my wife is coming too" keeps its PS)."""
    if "\n" not in text:
        return text
    text = _SENT_FROM.sub("", text)
    rows = text.split("\n")
    for i in range(1, len(rows)):
        if not rows[i].strip() or not any(r.strip() for r in rows[:i]):
            continue
        if _SIGN_OFF_LINE.fullmatch(rows[i]) or _VALEDICTION.fullmatch(rows[i]):
            after = rows[i + 1:]
            if len(after) <= 6 and not any(_PARTY_IN_LINE.search(r) for r in after + [rows[i]] if r.strip()) or (
                    not after and _VALEDICTION.fullmatch(rows[i])):
                return "\n".join(rows[:i])
        elif (_NAME_LINE.fullmatch(rows[i]) and len(rows) - i <= 5 and (after := rows[i + 1:])
              and any(_TITLE_LINE.search(r) for r in after)
              and not any(_PARTY_IN_LINE.search(r) for r in [rows[i]] + after)):
            return "\n".join(rows[:i])  # "Yuki Khan\nSenior Manager, Room 204" with no sign-off before it
    return text


def party_sizes(text: str, places: frozenset[str] = frozenset()) -> _Counts:
    """How many travel, as the customer says it: digits or number words beside people, passengers,
    adults, kids, ppl, seats... ("2 adults, 1 infant" = 3), "N of us", "party of N", "we are N",
    "for 2"; "just me" = 1; "me and my wife" = 2; a party listed person by person ("me, my wife, our
    3 kids and my parents" = 7; "just me and the twins" = 3; with a group of unsaid size, "me and
    my kids", no count; a companion by first name, "me, Tom and the two kids" = 4, is one person, but
    not a word of ``places``, the city names). "One more passenger" changes a count and states none."""
    out = _Counts()
    out.reasons = set()
    if not text:
        return out
    t = _party_idioms(_signature_dropped(text).replace("\u2019", "'"))  # "Senior Manager, Room 204" signs: no one
    t = _FLIGHT_SEATS.sub(" ", t)  # "option 2, the one with 3 seats left": the flight's seats, not the party
    # "call me Chloe", "people call me Fatima": the speaker's own name, never a companion said by first name
    t = re.sub(r"(\bcall(?:s|ed)?\s+me)\s+(?-i:[A-Z][\w'-]*)(?:\s+(?-i:[A-Z][\w'-]*))?", r"\1", t, flags=re.I)
    t = _TITLE_BEFORE_NAME.sub("", t)  # "me and Dr. Mehta": one companion, never "Dr" and "Mehta"
    t = _past_counts_dropped(t)  # "last time I flew with 2 people, but this time it's just me": 1
    t = _non_travellers_dropped(t)  # "just me. My sister and her two kids are picking me up": 1
    t = _STAYS_HOME.sub(" . ", t)  # "me and my daughter, my husband stays home": 2, the one staying is no traveller
    t = _NOT_COMING.sub(" . ", t)  # "me and my 2 kids, my wife isn't coming": 3
    t = _asides_dropped(t)  # "can you send the confirmation to both of us?": no count
    # one companion named bare after the speaker ("me + hubby", "me + colleague", "me & wife"): read as "my hubby", one
    # member of the list, so "me + hubby" is 2 and "me + hubby + 2 kids" is 4
    t = _ME_AND_BARE.sub(r"\1my \2", t)
    t = _KIN_PAIR.sub(r"\1my ", t)  # "me and my mum and dad": the "my" goes with the dad too (3)
    t = _PLUS_ONE.sub(" my friend", t)  # "just me and a plus-one": one companion (2)
    t = _US_PLUS_ONE.sub(r"\1my friend", t)  # "the two of us plus one": one more (3)
    t = _SIZED_KIN.sub(r"my \2 \1", t)  # "the in-laws (2) plus us 3": two in-laws
    t = _households_listed(t)  # "me and my brother's family (him, his wife and their two kids)": 5
    t = _ages_dropped(t)  # "my two kids (8 and 10) and I" = 3, "me and my grandkids, 8 and 11" = 3
    t = _ages_as_people(t)  # "me and my 3 year old" = 2, never 4
    t = _ONE_MORE_KIND.sub(r"\1one ", t)  # "two adults and a child": the child is one more, never dropped
    parts = [text_rules.number_value(m.group(1)) for m in _COUNTED.finditer(t)
             if not _DAY_AFTER_MONTH.search(t[:m.start()])]  # "august 24 uh tickets": a day ("4 sept 3 people": a count)
    joined = re.search(r"\b" + _N_WORD + r"\s+(?:[a-z-]+\s+)?" + _PARTY_NOUN + r"\s*(?:,|and|&|\+|plus|with)\s*(?:and\s+)?"
                       + _N_WORD + r"\s+(?:[a-z-]+\s+)?" + _PARTY_NOUN, t, re.I)
    if joined and len(parts) >= 2 and all(parts):
        out.add(sum(parts))  # "2 adults, 1 infant", "two adults and two kids"
    else:
        out.update(n for n in parts if n)
    kinds = _kind_total(t)
    if kinds:  # "1 adult 1 child": the parts are no totals
        out.difference_update(n for n in list(out) if n < kinds)
        out.add(kinds)
    if m := _CORRECTED.search(t):
        first, second = (text_rules.number_value(g) for g in m.groups())
        before = t[:m.start()].rstrip().lower()
        if first and second and not re.search(r"(?:" + _MONTH_RE + r"|the|option|flight|number|no\.?|#)$", before):
            out.clear()
            out.add(second)  # "three, no four": the last word is the count
            return out
    if m := _ME_PLUS.search(t):
        n = text_rules.number_value(next(g for g in m.groups() if g))
        if n:
            out.add(n + 1)  # "me plus 2"
            return out
    if ((m := _SPEAKER_AND_N.search(t)) and not re.search(r"\b(?:i'?m not|i am not|not me|without me)\b", t, re.I)
            and not re.search(r"\b(?:my|our|his|her|and|plus|with)\b|[&+]", t[:m.start()], re.I)):
        # (not a companion's name: "Liam Walsh, plus my wife Anna Walsh and 4 friends" lists the party)
        n = text_rules.number_value(next(g for g in m.groups() if g))
        if n:
            out.clear()
            out.add(n + 1)  # "Liam Walsh & 5 others": the others are besides the one named
            return out
    if m := _COUNT_FIELD.search(t):
        n = text_rules.number_value(m.group(1))
        if n:
            out.clear()
            out.add(n)  # a pasted "Pax: 1" / "Passengers: 2" field says the count
            return out
    if (listed := _pronoun_party(t)) is not None and not _TOTALS.search(t):
        out.clear()
        out.add(listed)  # "for my mother, she and my dad" = 2, "he and his 2 kids" = 3
        out.reasons.add(_ENUMERATED)
        return out
    if (with_us := _with_the_speaker(t)) is not None:
        out.clear()
        out.add(with_us)  # "travelling with my 2 colleagues" = 3, "the 2 of us plus grandma" = 3
        out.reasons.add(_ENUMERATED)
        return out
    if _PAIR.search(t):
        out.add(2)
    for m in _TOTALS.finditer(t):
        n = text_rules.number_value(next(g for g in m.groups() if g))
        if n:
            out.add(n)
    members = _listed_members(t, places) if not _alone(t) else _listed_members(t, frozenset(), False)
    twice = _restated_adults(t, members)  # read in the order said
    selves = [m for m in members if re.fullmatch(r"(?:me|myself|i)", m, re.I)]
    members = [m for m in members if m not in selves] + selves[:1]  # "I ... myself" is one person
    if not selves and len(members) >= 2 and _list_joins_speaker(t, members[-1]):
        members.append("me")  # "for me. My wife and her mother are coming too": the speaker and the two = 3
        selves = ["me"]
    if re.search(r"\b(?:i'?m not|i am not|not me|without me)\b", t, re.I):
        members, selves = [m for m in members if m not in selves], []  # "my husband and our 2 kids, I'm not"
    if (len(members) >= 2 and len(selves) < len(members) and not _TOTALS.search(t)
            and (re.search(r"\b(?:me|myself|i|we|us|my|our)\b", t, re.I)
                 or any(re.fullmatch(_OUTSIDER, m, re.I) for m in members)  # "6 players and the coach"
                 or any(re.match(r"their\s", m, re.I) or re.fullmatch(_GRAN, m, re.I) for m in members[1:]))):
        # ("the 3 kids and their nan", "3 kids + nan": a party said by itself)
        sizes = [_member_size(m) for m in members]
        out.difference_update(n for n in list(out) if n in sizes)  # "our 3 kids" is a part, not the total
        if all(sizes):
            counted = [n for x, n in zip(members, sizes) if re.search(r"\d|\b(?:" + _NUMBER_WORD_RE + r")\b", x, re.I)]
            if len(counted) >= 2 and sum(counted) < sum(sizes) - twice:  # type: ignore[arg-type]
                out.discard(sum(counted))  # "me, my husband, 2 kids and 3 friends": "2 kids and 3 friends" is a part
            out.add(sum(sizes) - twice)  # type: ignore[arg-type]
        out.reasons.add(_ENUMERATED)
        return out
    if _alone(t) or re.fullmatch(r"\W*(?:just |only )?myself\W*", t, re.I):
        out.add(1)
    if _TWO.search(t):
        out.add(2)
    return out


# --- changes of the passenger count ------------------------------------------------------------

_N_WORDS = {"a": 1, "an": 1, "another": 1, **text_rules.NUMBER_WORDS}
_N = r"(\d{1,2}|a|an|another|" + "|".join(sorted(text_rules.NUMBER_WORDS, key=len, reverse=True)) + r")"
_WHO = (r"(?:passengers?|people|persons?|travell?ers?|adults?|seats?|tickets?|guests?|kids?|child(?:ren)?|infants?|"
        r"babies|baby|pax|of us)")
_KIN = (r"(?:wife|husband|partner|spouse|fianc[eé]e?|friends?|(?:flat|room|house)-?mates?|son|sons|daughters?|kids?|child(?:ren)?|baby|mother|"
        r"father|mom|mum|dad|parents?|brothers?|sisters?|siblings?|boyfriend|girlfriend|colleagues?|boss|cousins?|aunt|"
        r"uncle|grand(?:ma|pa|mother|father|parents?|kids?|children|child|sons?|daughters?)|in-laws?|nephews?|nieces?|family|"
        + _GRAN + ")")
_JOIN_VERB = r"(?:coming|joining|travel+ing|flying|going|tagging)"  # (fix44i) "my flatmate's tagging along"
# some of a booking's party moves or leaves and the rest stays as booked: "one of the two passengers needs to move",
# "reduce it from 2 passengers to 1", "only my husband needs to change", "my husband still goes on July 3 but I ...",
# "he stays on the 3rd", "I keep my flight", "take my wife off", "split the booking"
_ONE_KIN = (r"(?:wife|husband|partner|spouse|son|daughter|mother|father|mom|mum|dad|brother|sister|boyfriend|girlfriend|"
            r"colleague|boss|friend|hubby|wifey|other half|better half|missus|fianc[eé]e?)")
_PART_OF_PARTY = re.compile(
    r"\b(?P<n>" + _NUMBER_WORD_RE + r"|\d{1,2})\s+of\s+the\s+(?:" + _NUMBER_WORD_RE + r"|\d{1,2})\s+(?:of us|passengers|"
    r"people|travell?ers|persons|seats|tickets)\b"
    r"|\breduce\b[^.?!]{0,30}?\bto\s+(?P<n2>" + _NUMBER_WORD_RE + r"|\d{1,2})\b(?!\s*(?:am|pm|:))"
    r"|\b(?:only|just)\s+(?:my|our)\s+" + _ONE_KIN + r"\s+(?:needs?|has|have|wants?|is|must|should|will)\b"
    r"|\b(?:only|just)\s+(?:me|myself)\s+(?:needs?|has|have|wants?|must|should)\b"
    r"|\b(?:i|he|she|my\s+" + _ONE_KIN + r")\s+(?:still\s+)?(?:keeps?|stays?|remains?)\s+(?:(?:my|his|her|the)\s+(?:flight|seat|ticket|date|"
    r"original|plan)|on|with|booked|as)\b|\b(?:i|he|she|my\s+" + _ONE_KIN + r")\s+(?:still|will still)\s+(?:goes?|fly|flies|travels?|leaves?)\b"
    r"|\b(?:take|remove|drop|get)\s+(?:my\s+" + _ONE_KIN + r"|him|her|me|myself|one passenger|one person|one of us)\s+(?:off|from)\b"
    # the rest still fly while the speaker does not: "the other two still are", "my colleagues still go"
    r"|\b(?:the\s+(?:other|remaining)\s+(?:" + _NUMBER_WORD_RE + r"|\d{1,2})|the\s+others|the\s+rest(?:\s+of\s+(?:them|us))?"
    r"|my\s+(?:[a-z-]+\s+)?(?:colleagues|friends|kids|children|parents|sons|daughters|brothers|sisters|family))\s+"
    r"(?:are\s+|will\s+)?still\s+(?:are|go|going|fly|flying|travel\w*|coming|come|leave|leaving)\b"
    r"|\bsplit\s+(?:the|my|our|this)\s+booking\b"
    # one seat cancelled while the speaker still flies: "cancel her seat, I'm still flying", "just him - I'm still
    # going", "cancel my son's ticket", "cancel only her seat"
    r"|\b(?:i'?m|i am|i'?ll|i will|he'?s|he is|she'?s|she is|my\s+" + _ONE_KIN + r"\s+is)\s+still\s+(?:be\s+)?"
    r"(?:flying|going|travel+ing|coming|taking)\b"
    r"|\bcancel\w*\s+(?:(?:just|only)\s+)?(?:her|his|my|my\s+" + _ONE_KIN + r"'s)\s+(?:seat|ticket|place|spot|part)\b"
    # "can you put just him on 16 Aug?", "change, just for him", "I'm keeping mine", "leave my husband where he is",
    # "only my hubby needs the 16th"
    r"|\b(?:put|move|change|switch|rebook|send|get|cancel)\w*,?\s+(?:just|only)\s+(?:for\s+)?(?:him|her|me|my\s+" + _ONE_KIN + r")\b"
    r"|\b(?:i'?m|i am|i'?ll be|i will be)\s+keeping\s+(?:mine|my\s+(?:flight|seat|ticket|date|booking))\b"
    r"|\bleave\s+(?:my\s+" + _ONE_KIN + r"|him|her)\s+(?:where|as|on)\b"
    # the rest keep the booked flight or stay home: "the other two keep the august flight", "my husband stays home",
    # "the kids are staying behind", "the others stay on the original flight"
    r"|\bthe\s+(?:other|remaining)\s+(?:" + _NUMBER_WORD_RE + r"|\d{1,2})\s+(?:(?:will|can|should|would)\s+)?"
    r"(?:keep|stay|remain)\b"
    r"|\b(?:he|she|they|the\s+(?:others|rest|kids|children)|my\s+(?:[a-z-]+\s+)?" + _KIN + r")\s+(?:(?:is|are|will be)\s+"
    r"staying|(?:will\s+|'ll\s+)?stays?)\s+(?:at\s+)?(?:home|behind|back)\b", re.I)
# the one still travelling is on a booking of their own: "she has her own ticket", "with his own booking BK...",
# "they booked separately", "she's on a different booking"
_OWN_TICKET = re.compile(r"\b(?:her|his|their|my)\s+own\s+(?:ticket|booking|reservation|flight|seat)s?\b|"
                         r"\b(?:a|her|his|their)\s+(?:separate|different|other)\s+(?:ticket|booking|reservation)s?\b|"
                         r"\bbooked\s+separately\b|\bseparately\s+booked\b|\bnot\s+on\s+(?:this|that|my|the same)\s+"
                         r"(?:booking|reservation|ticket)\b", re.I)
_PAX_UP = re.compile(  # the count goes up by N
    r"\b" + _N + r"\s+(?:more|extra|additional|further)\s+" + _WHO + r"\b"
    # the change said without a noun, or with it after: "make it one extra", "make it one passenger more"
    r"|\bmake (?:it|that)\s+" + _N + r"\s+(?:" + _WHO + r"\s+)?(?:more|extra|additional)\b"
    r"|\b(?:add|adding|plus|include|including)\s+" + _N + r"\s+(?:[a-z-]+\s+)?" + _WHO + r"\b"
    r"|\b(another)\s+(?:passenger|person|traveller|traveler|adult|seat|ticket|guest|child|kid)\b", re.I)
_PAX_DOWN = re.compile(  # the count goes down by N
    r"\b" + _N + r"\s+(?:less|fewer)(?:\s+" + _WHO + r"\b|(?=\s*(?:please|thanks|then)?\s*(?:[.!,?]|$)))"
    r"|\b(?:remove|drop|take off|minus|cancel)\s+" + _N + r"\s+(?:[a-z-]+\s+)?" + _WHO + r"\b"
    # "make it one passenger less", "take one seat off", "knock 1 ticket off"
    r"|\bmake (?:it|that)\s+" + _N + r"\s+" + _WHO + r"\s+(?:less|fewer)\b"
    r"|\b(?:take|knock)\s+" + _N + r"\s+" + _WHO + r"\s+off\b", re.I)
_WHOSE = r"\b(?:my|our)\s+(?:" + _N + r"\s+)?(?:[a-z-]+\s+)?" + _KIN
# someone meeting the party at the destination, not on the flight: "my brother will join us for dinner in LA", "my
# sister is joining us in LA", "my wife joins us there later" ("join us for the trip", "in the same row" do fly along)
_MEETS_THERE = (r"(?!\s+(?:(?:for|at)\s+(?!(?:the\s+|this\s+|our\s+|that\s+)?(?:trip|flight|journey|holiday|vacation|ride|"
                r"whole|entire|same)\b)|in\s+(?!(?:the\s+)?(?:same|business|economy|premium|first|row|seat|cabin|plane)\b)|"
                r"there\b|later\b|when\b|once\b|after\b|on (?:arrival|the ground)\b|from\s+\w))")
_ALONG = (r"(?=\s+(?:too|as well|also|along|with (?:me|us)|us|me|now|though|tho|anyway|actually|after all)\b"
          + _MEETS_THERE + r"|\s*[.!,?]|\s*$)")  # "coming too", not "coming to pick me up"
# ("though", "anyway": "just for me. Hubby's tagging along though": the companion still flies)
# ("now": "my husband is also coming now, can we move it to ...")
# (not on a booking of their own: "my wife joins me on march 5 on her own ticket")
_NOT_OWN = r"(?![^.!?;]{0,40}\b(?:own|separate(?:ly)?|another|different)\b)"
# a companion said casually at the start of a sentence, with "the" or bare: "Wife's tagging along as well.", "The
# missus is coming too", "Oh and the wife.", "Plus the missus." (and "- my wife's along for the ride")
_LOOSE_WHOSE = (r"(?:(?:^|(?<=[.!?;,])|(?<=\s[-\u2013\u2014]))\s*(?:(?:oh|and|plus)\W+)*(?:(?:the|his|her|their)\s+)?(?:" + _KIN +
                r"|hubby|wifey|missus|missis|other half|better half)\b)")
# someone joins the customer: "my son is coming too", "add my wife", "my two kids are joining us as well"
_JOINS = re.compile(
    _WHOSE + r"(?:\s+(?:is|are|will be)|'s|'re)\s+(?:also\s+)?(?:coming|joining|travel+ing|flying|going|tagging along)" + _ALONG +
    r"|" + _WHOSE + r"(?:\s+(?:will|is going to|are going to|wants? to|would like to)|'ll|'s going to|'re going to)\s+"
    r"(?:also\s+)?(?:come|join|travel|fly|tag along)" + _ALONG +
    r"|\b(?:add|adding|bring(?:ing)?|include|including|plus)\s+(?:my|our)\s+(?:" + _N + r"\s+)?(?:[a-z-]+\s+)?" + _KIN + r"\b"
    # said in the present tense: "my son comes too", "my wife flies with us as well"
    r"|" + _WHOSE + r"\s+(?:also\s+)?(?:comes|joins|travels|flies|goes)\s+(?:too|as well|also|along|with (?:me|us))\b"
    # on board in other words, in a sentence of its own: "my wife will be on the flight too", "my husband, he's on the
    # same flight", "my wife flies on the 23rd too", "my wife joins me and our two kids"
    r"|" + _WHOSE + r"(?:,?\s*(?:he|she)(?:'s|\s+is|\s+will be)|\s+(?:is|are|will be|also)|'s|'re|'ll be)\s+(?:also\s+)?"
    r"on\s+(?:the|this|our)\s+(?:same\s+(?:flight|plane)\b|(?:flight|plane)\s+(?:too|as well|also|with (?:me|us))\b)"
    + _NOT_OWN + r"|" + _WHOSE + r"(?:\s+(?:is|are|also)|'s|'re)?\s+(?:flies|flying|coming|comes|travel+ing|travels)\s+on\s+"
    r"the\s+\d{1,2}(?:st|nd|rd|th)?\s+(?:too|as well)\b" + _NOT_OWN +
    r"|" + _WHOSE + r"\s+(?:also\s+)?joins(?=\s+(?:me|us)\b(?!\s+(?:there|later|in|at|for|on|from|next|tomorrow)\b))"
    + _NOT_OWN +
    # only the person, and "too": "oh and my wife too", "and my mum as well", "my brother also"
    r"|(?:^|\band\s+|[,.!]\s*)(?:my|our)\s+(?:" + _N + r"\s+)?(?:[a-z-]+\s+)?" + _KIN +
    r"\s+(?:too|as well|also)\b(?!\s+(?:is|are|was|were|has|have|had|will|would|wants?|needs?|said|says)\b)"
    r"|" + _LOOSE_WHOSE + r"(?:\s+(?:is|are|will be)|'s|'re)\s+(?:also\s+)?(?:coming|joining|travel+ing|flying|tagging along)"
    + _ALONG + r"|(?:" + _WHOSE + r"|" + _LOOSE_WHOSE + r")(?:'s|\s+is|'ll be|\s+will be)\s+along for the ride\b"
    # "Actually no, the hubby wants to come", "the wife will come too"
    r"|" + _LOOSE_WHOSE + r"(?:\s+(?:will|wants? to|would like to|is going to|are going to)|'ll)\s+(?:also\s+)?(?:come|join|"
    r"travel|fly|tag along)" + _ALONG +
    # only the person after "and"/"plus", in a sentence of its own ("Oh and the wife.", "Plus the missus.")
    r"|(?:^|(?<=[.!?;]))\s*(?:oh\W+)?(?:and|plus)\s+(?:the|my|our)\s+(?:" + _KIN + r"|hubby|wifey|missus|missis|"
    r"other half|better half)(?:\s+(?:too|as well|also))?(?=\s*(?:[.!]|$))",
    re.I)
# a list of companions that joins the speaker ("... for me. My wife and her mother are coming too", "My son and his
# girlfriend are coming with me"): said after the list's last member (``_list_joins_speaker``)
_LIST_JOINS = re.compile(r"\s+(?:are|'re|will be|will)\s+(?:also\s+)?(?:coming|joining|travel+ing|flying|tagging along|"
                         r"come|join|travel|fly)" + _ALONG, re.I)


def _list_joins_speaker(t: str, last_member: str) -> bool:
    """The companions listed up to ``last_member`` join the speaker, who flies too: said with "too", "as well" or
    "with me/us", or after a trip requested "for me." (``_for_me_alone``)."""
    at = t.rfind(last_member)
    m = _LIST_JOINS.match(t, at + len(last_member)) if at >= 0 else None
    return bool(m) and (_for_me_alone(t) or bool(re.match(r"\s+(?:too|as well|also|along|with (?:me|us))\b", t[m.end():],
                                                           re.I)))


# can no longer come, said in other words (sky-V A1: "my colleague can no longer come" kept the count)
_NO_LONGER_ABLE = (r"can no longer|could no longer|couldn'?t|could not|won'?t be able to|will not be able to|will no longer|"
                   r"(?:is|are)n'?t able to|(?:is|are) not able to|(?:is|are|'s|'re) unable to|(?:is|are|'s|'re) no longer able to")
# someone who calls their trip off: "my friend cancelled", "my colleague has cancelled on me", "my sister bailed"
_CALLED_OFF = (r"(?:(?:has|have|just|also)\s+)?(?:cancell?ed|bailed(?: out)?|pulled the plug|(?:had|has|have|needs?) to cancel)\b"
               r"(?=\s*(?:$|[.,!;)\u2013\u2014-]|on (?:me|us)\b|last[- ]minute\b|after all\b|so\b|and\b|but\b|too\b|"
               r"(?:her|his|their) (?:trip|ticket|seat|place|plans?)\b))")
# someone drops out: "my wife can't come anymore", "my son won't be travelling", "my friend dropped out"
_LEAVES = re.compile(
    _WHOSE + r"(?:'s\s+|'re\s+|\s+)(?:(?:can'?t|cannot|can not|won'?t|isn'?t|is not|not|no longer|will not|is no longer|"
    r"are not|aren'?t|" + _NO_LONGER_ABLE + r")\s+(?:be\s+)?"
    r"(?:come|coming|make it|travel+ing|travel|join|joining|fly|flying|go|going)\b"
    r"(?!\s+(?:to|from)\s+(?:the\s+airport|pick|drive|drop|see|meet|take|collect|wave)\b)"  # (a ride, no seat)
    r"|(?:dropped|pulled|backed) out\b|" + _CALLED_OFF + r")"
    # said through what the one leaving said: "my dad just texted he cant make it", "my wife says she can't come"
    r"|(?:" + _WHOSE + r"|\b(?:dad|daddy|mum|mom|mummy|mommy|grandma|grandpa|granny|nana))\s+(?:just\s+|has\s+|have\s+)?(?:texted|messaged|called|rang|phoned|emailed|said|says|told me|tells me|"
    r"let me know|wrote|informed me)\b[^.!?;]{0,20}?\b(?:he|she|they)(?:'s|'re|\s+)\s*(?:can'?t|cannot|can not|won'?t|"
    r"isn'?t|is not|aren'?t|are not|will not|is no longer|are no longer|no longer)\s+(?:be\s+)?(?:come|coming|make it|"
    r"travel+ing|travel|join|joining|fly|flying|go|going)\b(?!\s+(?:to|from)\s+(?:the|my|our|his|her|pick|drive|take)\b)",
    re.I)  # (not "he can't make it to the airport to drive us")
# one of the speaker's people said not to come, in a clause of its own: "me and my 2 kids, my wife isn't coming" (3),
# "me, my wife and the kids - my mum won't be travelling"; never one of the party
_NOT_COMING_WHO = (r"(?:my|our|the)\s+(?:[a-z-]+\s+)?(?:" + _KIN + r"|hubby|wifey|missus|other half|better half)"
                   r"(?:\s*(?:,|and|&|\+)\s*(?:(?:my|our|his|her|their|the)\s+)?(?:[a-z-]+\s+)?(?:" + _KIN + r"))*")
_NOT_COMING = re.compile(r"(?:(?<=[,.;!?])|(?<=\s[-\u2013\u2014])|^|\bbut\b)\s*\b" + _NOT_COMING_WHO
                         + r"(?:\s+(?:isn'?t|aren'?t|won'?t|can'?t|cannot|doesn'?t|don'?t|is not|are not|"
                         r"will not|can not|does not|do not|(?:is|are|will) no longer|no longer|never|" + _NO_LONGER_ABLE
                         + r")|(?:'s|'re|'ll)\s+(?:not|"
                         r"no longer|never))\s+(?:be\s+)?(?:coming|come|travel+ing|travel|flying|fly|going|go|joining|join|"
                         r"making it|make it)\b(?!\s+(?:back|home)\b)(?!\s+(?:to|with)\s+(?:the|pick|drop|see|meet|take|drive)\b)"
                         # or staying home: "just me, my wife and her mum are staying home"
                         r"|(?:(?<=[,.;!?])|(?<=\s[-\u2013\u2014])|^|\bbut\b)\s*\b" + _NOT_COMING_WHO
                         + r"\s+(?:(?:is|are|will be|'s|'re)\s+staying|(?:will\s+|'ll\s+)?stays?)\s+(?:at\s+)?(?:home|behind|back)\b"
                         # or calls it off: "actually only me, my friend cancelled"
                         r"|(?:(?<=[,.;!?])|(?<=\s[-\u2013\u2014])|^|\bbut\b)\s*\b" + _NOT_COMING_WHO + r"\s+" + _CALLED_OFF,
                         re.I)


_PLURAL_KIN = re.compile(r"(?:friends|sons|daughters|kids|children|parents|brothers|sisters|siblings|colleagues|cousins|"
                         r"grandparents|in-laws|nephews|nieces|family)$", re.I)


# a message that opens like a question, with or without its '?'
_ASKS_ABOUT = re.compile(r"\W*(?:(?:h+m+|so|and|ok(?:ay)?|also|wait|um+|quick question)\W+)*(?:what|what'?s|whats|which|is|"
                         r"isn'?t|are|does|do|did|how|can you tell|could you tell|tell me|any idea|why)\b", re.I)
# words that pick an option even in a question ("can I take option 2?", "could you book the first one?")
_PICKS = re.compile(r"\b(take|pick|choose|go with|book|hold|reserve|want|i'?ll have|let'?s do|prefer)\b|"
                    # "do the 6:10 one instead", "do option 3 then" (not "do the premium ones have wifi?")
                    r"\bdo (?:the |option )[^.!?,;]{0,25}?\b(?:one|option \d|flight|\d)\b"
                    r"(?=\s*(?:instead|then|please|thanks|[.!,;]|$))|"
                    # "can I switch to the 2:55 flight instead?", "could we change to the 02:55 one?": a pick, asked
                    r"\b(?:switch|change|move)(?: (?:it|me|us|that|over))? to\b|\b(?:can|could) (?:i|we) (?:have|get)\b", re.I)
# a hold asked as a question ("could you set aside ...", "is it possible to keep ...", "can I pay later?")
_HOLD_ASK = re.compile(r"\b(?:can|could|would|will) (?:you|i|we)\b|\bis (?:it|there) (?:possible|a way|any way)\b|"
                       r"\b(?:possible|able) to\b", re.I)
# the customer alone: "a flight for me", "book it for me please"; not "for me and my wife", "for me, my son ..."
_FOR_ME = re.compile(r"(?:\b(?:flights?|tickets?|seats?|trip|one)\s+for me|\b(?:book|reserve|hold|find|search|get|buy|need(?!\s+(?:you|u|to)\b)|"
                     r"put|save)\w*\s+"  # ("I need Miami to Doha June 9th for me", "put a seat aside for me")
                     r"(?:\S+\s+){0,12}?for me)\b"  # "hold a seat from Sao Paulo to Atlanta on October 7th for me"
                     r"(?!\s*(?:(?:and|&|\+|plus|with)\s+(?:my|our|a|an|\d+|one|two|three|four|five|six|some|the|his|her|"
                     r"their|\w+'s)\b|,\s*(?:my|our)\b|too\b|as well\b|or\b|to\b))", re.I)
# one other traveller: "a flight for my boss", "booking for my colleague: ..."; not "for my wife and me"
_FOR_ONE = re.compile(r"(?:\b(?:flights?|tickets?|seats?|trip)|\b(?:book|reserv|hold|find|search|get|buy)\w*)\s+"
                      r"(?:\S+\s+){0,6}?for (?:my|our) (?:boss|colleague|coworker|co-worker|manager|client|guest|wife|"
                      r"husband|partner|son|daughter|mother|father|mom|mum|dad|friend|brother|sister|kid|child)\b"
                      r"(?!\s*(?:and|&|\+|plus|,\s*(?:my|and|me)|too)\b)"
                      # "can you get my dad Tomasz Nguyen a seat": one seat for one other traveller
                      r"|\b(?:get|book|buy|find|reserve)\s+(?:my|our)\s+(?:boss|colleague|coworker|co-worker|manager|client|"
                      r"guest|wife|husband|partner|son|daughter|mother|father|mom|mum|dad|friend|brother|sister)\s+"
                      r"(?:(?-i:[A-Z])[^\W\d_]*\s+){0,3}(?:a|one)\s+(?:seat|ticket|flight)\b", re.I)
# the one other traveller a seat is for, by who they are: "another seat on the 13:30 for my son", "hold one for my
# boss", "a seat for my collegue", "could you also book my wife on it"; not "for me and my son", "for my son and me"
_REL_ONE = (r"(boss|colleague|coll?egue|coleague|coworker|co-worker|manager|client|guest|wife|husband|partner|spouse|"
            r"fianc[eé]e?|son|daughter|mother|father|mom|mum|dad|friend|brother|sister|kid|child|boyfriend|girlfriend|"
            r"cousin|aunt|uncle|nephew|niece|grand(?:ma|pa|mother|father|son|daughter)|assistant)")
_FOR_OTHER = re.compile(r"\bfor (?:my|our) " + _REL_ONE + r"\b(?!\s*(?:and|&|\+|plus|,\s*(?:my|and|me))\b)"
                        r"|\b(?:book|get|buy|reserve|hold)\s+(?:my|our)\s+" + _REL_ONE + r"\b(?!\s*(?:and|&|\+|plus)\b)",
                        re.I)
_WITH_SPEAKER = re.compile(r"\b(?:me|myself|us)\s*(?:and|&|\+|plus|with)\b|\b(?:and|&|\+|plus|with)\s+(?:me|myself|i|us)\b|"
                           r"\b(?:we|us both|both of us)\b", re.I)
# someone else named beside the one traveller: "..., she and my dad", "with my sister", "her & my kids"
_OTHERS_TOO = re.compile(r"\b(?:and|&|\+|plus|with|along with)\s+(?:my|our|his|her|their)\s+(?:[a-z-]+\s+)?" + _KIN + r"\b",
                         re.I)
# companions said as joining the speaker, in answer to "How many passengers?": "my two brothers are coming as well",
# "and my three kids", "plus 2 friends", "three kids coming with me" name only the others, so the speaker counts too;
# never when the speaker stays behind ("my two brothers are travelling, not me", "just my 2 kids, I'm not going"), is
# counted already ("me and my two brothers", "the 3 of us") or a total is said ("plus 2 friends, so 3 in total")
_JOINS_SPEAKER = re.compile(r"^\W*(?:(?:oh|ok(?:ay)?|so|yes|yeah|well)\W+)*(?:and|plus|\+|&|also|along with|as well as)\b"
                            r"|\b(?:too|as well|also)\b|\b(?:with|joining|accompanying)\s+me\b|\bcoming along\b"
                            # the speaker brings them: "bringing my two daughters", "I'm bringing my 2 sons" (fault-tester-2)
                            r"|^\W*(?:(?:i'?m|i am|i'?ll|i will|i'?ll be|we'?re)\s+)?bring(?:ing)?\b", re.I)
_SPEAKER_OUT = re.compile(r"\bnot (?:me|myself|i)\b|\bwithout me\b|\bi(?:'m| am|'ll| will) not\b|\bi(?:'m| am) staying\b|"
                          r"\bi (?:won'?t|can'?t|cannot|don'?t|do not|will not|am not)\b|^\W*(?:just|only)\b|"
                          r"\b(?:just|only) (?:them|the|my|our)\b", re.I)
_SPEAKER_COUNTED = re.compile(r"\b(?:me|myself|us|we|we'?re|ourselves|total|altogether|including|everyone)\b|\bin all\b", re.I)
_SAID_TOTAL = re.compile(r"\b(\d{1,2}|" + "|".join(text_rules.NUMBER_WORDS) + r")\s+(?:in total|total|altogether|in all)\b"
                         r"|\b(?:total|in total|altogether|all told) (?:of |is |that'?s |makes? )?(\d{1,2}|"
                         + "|".join(text_rules.NUMBER_WORDS) + r")\b", re.I)


# a companion's own companions added in a clause of their own: "..., and her two sisters", ". oh and her mate Tina"
_THEIR_OWN_TOO = re.compile(r"[,.;!]\s*(?:(?:oh|though|ah)\W+)?(?:and|plus)\s+(?:his|her|their)\s", re.I)
_COMPANION_SAID = re.compile(r"\b(?:my|our|his|her|their|the)\s+(?:(\d{1,2}|" + "|".join(text_rules.NUMBER_WORDS) + r")\s+)?(?:" + _KIN +
                             r"|mates?|missus|missis|hubby|wifey|other half|better half)\b", re.I)


# the speaker's spouse, said as theirs ("my wife", "the missus", "hubby"), never someone else's ("his wife")
_SPOUSE = r"(?:wife|husband|hubby|wifey|missus|missis|mrs|partner|spouse|other half|better half)"
_SPOUSE_MEMBER = re.compile(r"(?:(?:my|the)\s+(?:[a-z-]+\s+)?)?" + _SPOUSE, re.I)


def _household_count(t: str) -> int | None:
    """An answer to "How many passengers?" that lists only the speaker's own household, with no word of the speaker:
    those listed and the speaker ("my husband and our two boys" = 4, "the wife and our 3 kids" = 5, "wife and 2 kids"
    = 4, "hubby + 2 kids" = 4): the list has the speaker's spouse or someone the speaker shares ("our daughter").
    None when the speaker is said in or out ("me, my husband and ...", "just my husband and ...", "..., I'm not
    going"), a total is said, someone's size is not said ("my wife and kids"), or the list is one person ("my wife")."""
    t = re.sub(r"\bwifey\b", "wife", _party_idioms(t), flags=re.I)  # ("her indoors and the 2 nippers")
    t = re.sub(r"(^\W*|(?:,|&|\+|\band|\bplus)\s*)(hubby|missus|missis|other half|better half)\b", r"\1my \2", t, flags=re.I)
    t = _KIN_PAIR.sub(r"\1my ", t)
    if (_SPEAKER_OUT.search(t) or _SPEAKER_COUNTED.search(t) or _SAID_TOTAL.search(t) or _TOTALS.search(t)
            or re.search(r"\b(?:i|i'?m|i'?ll|i'?d|mine)\b", t, re.I) or _FOR_THEM.search(t)):
        return None
    listed = _listed_members(t, names=False)
    if len(listed) < 2 or len(" ".join(listed)) < len(re.sub(r"[\W_]+", " ", t).strip()) * 0.5:
        return None  # (a list that is most of the answer: "my wife and our 2 kids", not a remark beside one)
    if not any(_SPOUSE_MEMBER.fullmatch(x) or re.match(r"our\s", x, re.I) for x in listed):
        return None  # "my dad and his wife", "my two colleagues": not the speaker's household
    sizes = [_member_size(x) for x in listed]
    if not all(sizes):
        return None
    return sum(sizes) + 1  # type: ignore[arg-type]


# a trip asked for the speaker's people, the speaker not said: "a flight for my wife and our two boys", "booking for my
# parents" (not "for me and my wife", "for my wife and me", "for my son, I'm going too")
_FOR_KIN = re.compile(r"\bfor\s+(?:my|our)\s+(?:" + _NUMBER_WORD_RE + r"\s+|\d{1,2}\s+)?(?:[a-z-]+\s+)?(?:" + _KIN + r"|hubby|"
                      r"missus|other half|better half)\b", re.I)


def asked_for_others(text: str) -> bool:
    """``text`` asks for a trip for the speaker's people, with no word of the speaker flying too (``_FOR_KIN``)."""
    t = (text or "").replace("\u2019", "'")
    return bool(_FOR_KIN.search(t)) and not _WITH_SPEAKER.search(t) and not _SPEAKER_COUNTED.search(t) and not re.search(
        r"\b(?:i|i'?m|i'?ll|i am|i will)\s+(?:am\s+|will\s+)?(?:also\s+)?(?:going|coming|flying|travel+ing|too)\b", t, re.I)


def names_companions(text: str) -> bool:
    """``text`` speaks of people who may travel, by who they are ("my colleague Patel", "the wife", "our kids")."""
    return bool(re.search(r"\b(?:my|our|the|his|her)\s+(?:[a-z-]+\s+)?(?:" + _KIN + r"|hubby|wifey|missus|other half|"
                          r"better half|mates?|boys?|girls?|co-?workers?|team|group|party)\b", (text or "").replace("\u2019", "'"),
                          re.I))


# the whole answer to "How many passengers?" is "plus N": the speaker and N more ("plus one", "+1", "me plus 2 pls")
_PLUS_N_ANSWER = re.compile(r"\W*(?:(?:ok(?:ay)?|so|yes|yeah|well|it'?s|just)\W+)*(?:me\s*)?(?:plus|\+)\s*(\d|one|two|three|"
                            r"four|five|six|seven|eight)(?:\s*(?:please|pls|thanks|thx|then))?[\s.!]*", re.I)


def _speaker_listed(counts: _Counts, text: str) -> bool:
    """Whether the party reader's count already holds the speaker beside those who come with them ("2 kids with me",
    "I have my two kids with me": 3, never 4): the list said "with me" and the party reader counted one more for it
    than without it. "my wife and our 2 kids are joining me" (3 without the speaker) and a household ("my husband and
    our two boys") are counted by ``_with_speaker_count``."""
    if not (_ENUMERATED in counts.reasons and counts and _WITH_ME_SAID.search(text)):
        return False
    if _household_count(text.replace("\u2019", "'")) is not None:
        return False
    without = party_sizes(_WITH_ME_SAID.sub(" ", text))  # "2 kids": 2, so "2 kids with me" (3) counted the speaker
    return not without or max(without) < max(counts)


_WITH_ME_SAID = re.compile(r"\b(?:with|joining|accompanying)\s+me\b", re.I)


def _with_speaker_count(text: str, n: int) -> int:
    """The count of an answer to "How many passengers?" that names people: ``n`` + 1 when they only join the speaker
    ("plus 2 friends": 3), a total said as such ("plus 2 friends, so 3 in total": 3), else ``n``."""
    t = text.replace("\u2019", "'")
    if m := _SAID_TOTAL.search(t):
        return text_rules.number_value(m.group(1) or m.group(2)) or n
    listed = _listed_members(t)
    if (len(listed) >= 2 and not any(re.fullmatch(r"(?:me|myself|i)", x, re.I) for x in listed)
            and _list_joins_speaker(t, listed[-1])):
        return n  # "my wife and her two sisters are coming too": the party reader counted the speaker already (4)
    if _THEIR_OWN_TOO.search(t):  # "my wife is coming too, and her two sisters": each one named, and the speaker (4)
        said = [m for m in _COMPANION_SAID.finditer(t)]
        total = sum(text_rules.number_value(m.group(1)) or 1 if m.group(1) else 1 for m in said)
        me = 1 if re.search(r"\b(?:me|myself|i)\b", t, re.I) or not _SPEAKER_OUT.search(t) else 0
        if len(said) >= 2 and total + me > n:
            return total + me
    if (household := _household_count(t)) is not None:
        return household  # "my husband and our two boys": the speaker's household, and the speaker (4)
    if (re.search(r"\b" + _KIN + r"\b", t, re.I) and _JOINS_SPEAKER.search(t) and not _SPEAKER_OUT.search(t)
            and not _SPEAKER_COUNTED.search(_WITH_ME_SAID.sub(" ", t))):
        return n + 1
    return n


# an answer to "How many passengers will be travelling in total?": "5 in total", "we'll be five altogether"
# the party's size said to be unchanged, the whole message: "still 2", "still two", "no, still just 2 of us", "2 still",
# "it's still the two of us then" (a count whatever was asked: "still" keeps the count said before, never an option)
_STILL_COUNT = re.compile(
    r"\W*(?:(?:ok(?:ay)?|no|nope|yes|yeah|well|hmm+|actually|so|sorry)\W+)*(?:(?:it'?s|we'?re|we are|that'?s|there are|"
    r"there'?ll be)\s+)?(?:still\s+(?:just\s+|only\s+)?(?:the\s+)?(\d{1,2}|" + "|".join(text_rules.NUMBER_WORDS) + r")|"
    r"(?:just\s+|only\s+)?(?:the\s+)?(\d{1,2}|" + "|".join(text_rules.NUMBER_WORDS) + r")(?:\s+(?:of us|people|persons|"
    r"passengers|pax|travell?ers|adults|seats))?\s+still)(?:\s+(?:of us|people|persons|passengers|pax|travell?ers|adults|seats))?"
    r"(?:\W+(?:then|please|pls|thanks|thx|thank you))*\W*", re.I)
_TOTAL_COUNT = re.compile(
    r"\W*(?:(?:yes|yeah|yep|sure|so|ok(?:ay)?|well|that'?s|that makes|it'?s|it will be|it'll be|we'?ll be|we will be|there'?ll be|"
    r"there will be|we are|we're|ugh|fine|alright|all right|then|make it|let'?s (?:say|do|make it)|just)\W+)*"
    r"(\d{1,2}|" + "|".join(text_rules.NUMBER_WORDS) + r")"
    r"(?:\s+(?:of us|people|passengers|persons|travell?ers|adults))?"
    r"(?:\s+(?:in total|total|altogether|all together|overall|in all|now|then))*\W*(?:please|thanks|thank you)?\W*", re.I)


# a lone number in an answer to "how many passengers?" ("ok we'll split it, 9 for now"); not "option 2", "the 2nd",
# "2 bags", "SA1234", "9:30"
_LONE_NUMBER = re.compile(r"(?<![\w:$#./-])(?<!option )(?<!number )(?<!flight )(?<!the )(?<!leg )(?<!no\. )(?<!no )"
                          r"(\d{1,2}|" + "|".join(w for w in sorted(text_rules.NUMBER_WORDS, key=len, reverse=True)
                                                   if w not in ("one", "a", "an")) +
                          r")(?![\w:%$/-]|\.\d|\s*(?:of\b|more\b|less\b|fewer\b|extra\b|bags?\b|kids?\b|children\b|"
                          r"days?\b|nights?\b|weeks?\b|hours?\b|am\b|pm\b|o'?clock|bookings?\b|flights?\b|options?\b|"
                          r"ways?\b|one\b|dollars?\b))", re.I)


# a number that labels or measures something, said before it: "gate 7", "row 4", "room 6", "terminal 2", "at 9",
# "under 5 hundred", "less than 3", "budget 2 thousand" (never a count of people)
_LABEL_BEFORE = re.compile(r"\b(?:gates?|rows?|seat(?:\s+(?:no\.?|number))?|terminals?|term|rooms?|rm|flat|apt|apartment|suite|"
                           r"platforms?|bay|door|floor|level|deck|zone|group|track|exit|pier|hall|wing|block|unit|lane|"
                           r"counter|desk|belt|carousel|car|coach|cabin|berth|house|building|street|no\.?|nr\.?|"
                           r"number|#|at|by|before|after|until|till|around|about|under|below|over|above|than|max(?:imum)?|"
                           r"budget(?:\s+(?:is|of))?|spend|pay|cost|costs|price|fare|aged?|size|page|step|line|in|"
                           # an age: "I'm 67", "my son is 7", "she turns 9" (never "we're 3", "the total is 3")
                           r"i'?m|i am|im|he'?s|she'?s|(?<!total )(?<!count )(?<!number )is|was|turns?|turning)\s*$", re.I)
# a thing counted or measured right after the number: "3 suitcases", "4 baggage", "2 bikes", "6 foot", "5 hundred",
# "2 thousand", "4 skis" (any word that is no people and no filler); people, seats and fillers pass ("4 please",
# "actually 4, she can come", "4 of us", "3 people", "4 again", "3 now")
_THING_AFTER = re.compile(r"\s*(?!(?:people|persons?|ppl|passengers?|pax|travell?ers?|adults?|seats?|tickets?|of|in|"
                          r"total|altogether|please|pls|plz|again|then|now|instead|not|rather|and|or|but|so|actually|"
                          r"she|he|they|we|us|it|is|are|will|can|could|should|would|yes|ok|okay|too|thanks|thank|thx|ty|"
                          r"only|just|all|for|guys|folks|pers|from|on|this|that|after|cos|because|since|as|"
                          r"if|go|book)\b)[a-z][a-z'-]*", re.I)


def lone_count(text: str) -> int | None:
    """The one bare number in a message with no date and no other number ("actually 4, she can come", "4 please",
    "no no, 4 again"), as a count; None otherwise. Read only where a count is what the number can be (a summary
    that states the party's size)."""
    if _date_hits(text) or re.search(r"\d\s*[:.]\s*\d|\$|\d{3}|\b\w+\s+(?:min(?:ute)?s?|sec(?:ond)?s?|years?|yrs?|"
                                     r"months?|kg|kilos?|lbs?|pounds|euros?|stars?|times?)\b", text, re.I):
        return None  # "the 4th", "13:30", "$630", "in 5 minutes": no count
    found = list(_LONE_NUMBER.finditer(text))
    if len(found) != 1 or _LABEL_BEFORE.search(text[:found[0].start()]) or _THING_AFTER.match(text[found[0].end():]):
        return None  # "gate 7", "row 4", "at 9", "under 5 hundred", "3 suitcases", "2 bikes", "6 foot": no people counted
    return text_rules.number_value(found[0].group(1))


# a group split across bookings, this booking's share first: "ok then 9 now and 5 later", "book 6 of us first, the
# other 4 next week", "9 today and the rest tomorrow": the count for now, and no deferral
_SPLIT_NOW = re.compile(r"(?<![\w:$#./-])(\d{1,2}|" + "|".join(text_rules.NUMBER_WORDS) + r")\s+(?:of us\s+|people\s+|"
                        r"passengers\s+|seats\s+|travell?ers\s+)?(?:(?:right )?now|first|for now|today|in this (?:one|booking)|"
                        r"on this (?:one|booking))\b[^.?!]{0,25}?\b(?P<rest>(?:and|then|,)\s+(?:the\s+)?(?:other|rest|remaining|"
                        r"another|\d{1,2}\b|" + "|".join(text_rules.NUMBER_WORDS) + r"\b))", re.I)
# a split said share by share, this booking's first: "the first four on SA6331, and the remaining 3 on a later flight",
# "4 on SA6331 and the rest on the business one" (the number of the rest is the next booking's)
_SHARE_THEN_REST = re.compile(r"(?<![\w:$#./-])(?<!\bat )(?<!\bby )(?:(?:the\s+)?first\s+)?" + _N_WORD + r"\s+(?:of us\s+|people\s+|pax\s+|"
                              r"passengers\s+|seats\s+)?(?:on|onto)\s+[^.?!]{0,40}?(?P<rest>(?:,|;|\band\b|\bthen\b)\s*(?:and\s+)?"
                              r"(?:then\s+)?(?:put\s+|book\s+)?the\s+(?:(?:other|remaining|leftover|last)\s+(?!one\b)" + _N_WORD +
                              r"|rest|others)\b)", re.I)
# a group split into shares, the first booked now: "ok split it, 9 and 3", "split us into 6 + 6", "do 9 and then 3"
_SPLIT_INTO = re.compile(r"\b(?:split|divide|break|do|book)\b[^.?!\d]{0,25}?(\d{1,2}|" + "|".join(text_rules.NUMBER_WORDS) +
                         r")\s*(?:people\s*|passengers\s*|of us\s*)?(?:and(?: then)?|then|\+|&|/|,)\s*(?:the other\s+)?"
                         r"(?:\d{1,2}|" + "|".join(text_rules.NUMBER_WORDS) + r")\b", re.I)
_SH = r"(\d{1,2}|" + "|".join(text_rules.NUMBER_WORDS) + r")"
# a group split in two bookings, both shares said, this booking's first: "two bookings, one for 9 and one for 4", "9 in
# one booking and 4 in another", "two bookings please: 9 and 4", "split it 9 + 4", "book 9 now and the other 4 in a
# second booking"
_TWO_SHARES = re.compile(
    r"\bone\s+(?:booking\s+)?(?:for|of|with)\s+" + _SH + r"\b[^.?!]{0,20}?(?:\band\b|,|\+|&)\s*(?:then\s+)?(?:one|another|"
    r"the other|a second)(?:\s+one|\s+booking)?\s+(?:for|of|with)\s+" + _SH + r"\b"
    r"|(?<![\w:$#./-])" + _SH + r"\s+(?:people\s+|passengers\s+|of us\s+|seats\s+)?(?:in|on)\s+(?:one|the first)(?:\s+booking)?"
    r"[^.?!]{0,20}?(?:\band\b|,)\s*(?:the\s+(?:other|remaining)\s+)?" + _SH + r"\s+(?:in|on)\s+(?:another|the other|a second|"
    r"the second)\b"
    r"|\bbookings?\b[^.?!\d]{0,20}?(?<![\w:$#./-])" + _SH + r"\s*(?:people\s*|passengers\s*)?(?:and|\+|&|/|,)\s*" + _SH +
    r"\b(?!\s*(?:am|pm|:|st|nd|rd|th)\b)"
    r"|\b(?:split|divide|break)\b[^.?!\d]{0,25}?(?<![\w:$#./-])" + _SH + r"\s*(?:people\s*|passengers\s*|of us\s*)?"
    r"(?:and(?: then)?|then|\+|&|/|,)\s*(?:the other\s+)?" + _SH + r"\b(?!\s*(?:am|pm|:|st|nd|rd|th)\b)"
    r"|(?<![\w:$#./-])" + _SH + r"\s+(?:of us\s+|people\s+|passengers\s+|seats\s+)?(?:(?:right )?now|first|in this (?:one|booking))"
    r"\b[^.?!]{0,25}?\b(?:and|then|,)\s+(?:the\s+)?(?:other|remaining)\s+" + _SH + r"\b(?!\s*(?:days?|weeks?|nights?)\b)", re.I)
# the other share goes later or on another flight: not the same flights now ("9 now and the other 4 next week")
_REST_ELSEWHERE = re.compile(r"\b(?:later|another|different|next|other|separate)\s+(?:flight|day|date|time|week|month)\b|"
                             r"\btomorrow\b|\blater\b|\bnext\s+(?:week|month)\b", re.I)


# one share of a split group with the name it goes under: "the 3 under Emre Yilmaz", "Do 9 on mine", "the other three
# go under Emre Yilmaz", "9 under my name", "the other 3 with my colleague Emre Yilmaz as name" (names capitalised)
_SHARE_NAMED = re.compile(
    r"(?<![\w:$#./-])(?i:(?P<other>(?:the\s+)?(?:other|remaining|last)\s+)?(?:the\s+)?)(?P<n>(?i:" + _SH[1:-1] + r"))\b"
    r"(?i:\s+(?:people|passengers|persons?|seats|pax|travell?ers|of (?:us|them)))?"
    r"(?i:\s+(?:(?:can|should|will|shall|to|would)\s+)?(?:go(?:es)?|be|are|is|booked|put))?"
    r"(?i:\s+(?:under|on|in|with))\s+"
    r"(?i:the\s+name\s+(?:of\s+)?|(?:my\s+)?(?:colleague|friend|co-?worker|boss|manager|sister|brother|wife|husband|"
    r"partner|mum|mom|dad|father|mother|son|daughter|teacher|leader|conductor|cousin)\s+)?"
    r"(?P<who>(?i:my\s+name|mine|me|myself|my\s+booking|my\s+reservation)\b|(?-i:[A-Z][a-z'\-]+(?:\s+[A-Z][a-z'\-]+){1,2}))")
_SPEAKER = re.compile(r"(?i)my\s+name|mine|me|myself|my\s+booking|my\s+reservation")


# this booking's share said beside its lead's name, when the other share's lead is said too ("Noah Papadopoulos for the
# 9, the other 2 under Lena Vogel", "Noah leads the big group")
_THIS_SHARE = re.compile(r"\s+(?:for|leads?|leading|heads?|heading|takes?|taking|with)\s+(?:the\s+)?(?:"
                         r"(?:big(?:ger)?|larger|main|first)\s+(?:group|share|booking|lot|party)|" + _SH[1:-1] +
                         r"(?:\s+(?:people|passengers|of (?:us|them)))?)\b", re.I)


_OTHER_SHARE_NAMED = re.compile(r"(?P<who>(?-i:[A-Z][a-z'\-]+(?:\s+[A-Z][a-z'\-]+){1,2}))\s+(?:(?:for|with|takes?|leads?|has|gets?)\s+)?"
                                r"(?:the\s+)?(?:other|remaining|last)\s+(?P<n>" + _SH[1:-1] + r")\b", re.I)


def _shares_named(text: str, p: Parsed) -> tuple[int, int] | None:
    """A group split in two with the lead of a share said: the other share's lead into ``p.rest_name`` (or
    ``p.rest_speaker``), so it is never read as this booking's name; the span of that name in the text (to leave it out
    of the name reading). Both shares said with their names ("9 under my name, 3 under Emre Yilmaz", "Do 9 on mine.
    The other three go under Emre Yilmaz") also set the split itself, this booking's share first."""
    found = [(text_rules.number_value(m.group("n")), bool(m.group("other")), m) for m in _SHARE_NAMED.finditer(text)]
    found = [x for x in found if x[0]]
    # the other share's lead named first: "Noah Papadopoulos leads the big group; Lena Vogel the other two"
    found += [(text_rules.number_value(m.group("n")), True, m) for m in _OTHER_SHARE_NAMED.finditer(text)
              if text_rules.number_value(m.group("n"))]
    if len(found) >= 2 and not p.split_rest and found[0][0] and found[1][0] and not found[0][1]:
        p.passengers, p.split_now, p.split_rest = found[0][0], True, found[1][0]  # "9 under mine, 3 under Emre"
    if not p.split_rest and not any(x[1] for x in found):
        return None  # ("Noah Papadopoulos for the 9, the other 2 under Lena Vogel": the split said before, Lena the other's)
    mine = next((x for x in found if x[0] == p.passengers and not x[1]), None)
    rest = next((x for x in found if x is not mine and (x[1] or x[0] == p.split_rest)), None)
    if rest is None:
        return None
    who = rest[2].group("who")
    if _SPEAKER.fullmatch(who):
        p.rest_speaker = True
    else:
        words = who.split()
        p.rest_name = (" ".join(words[:-1]) or None, words[-1])
    if rest[1] and not p.split_now:  # "..., Lena Vogel the other two": the shares of a split said before, no new count
        p.passengers = None
    # (the whole share left out: "Noah Papadopoulos for the 9, the other 2 under Lena Vogel" leaves Noah's clause)
    return rest[2].span() if rest[1] else rest[2].span("who")


# two counts said alone at the count question, this booking's share first: "ok 5 and 5 then", "5 & 6 pls", "6/5",
# "fine, six plus five", "two bookings of 6 and 5", "lets do 6 and 5", "6 n 5 is fine"
_PAIR_N = r"(\d{1,2}|" + "|".join(w for w in sorted(text_rules.NUMBER_WORDS, key=len, reverse=True)) + r")"
_PAIR_FILLER = (r"(?:ok(?:ay)?|k|fine|alright|all right|right|sure|yes|yeah|yep|yup|sounds good|then|so|well|hmm+|um+|"
                r"uh+|ah|oh|i guess|maybe|just|actually|in that case|no|nah|let'?s(?: do| say| go with| make it)?|"
                r"we'?ll (?:do|go with|take)|how about|what about|do|make it|book|go with|can you do|could you do|"
                r"please|pls|split(?: it| us| them)?(?: up)?(?: as| into| in)?)")
_COUNT_PAIR = re.compile(
    r"\W*(?:" + _PAIR_FILLER + r"\W+)*"
    r"(?:(?:two|2)\s+(?:separate\s+|different\s+)?(?:bookings?|reservations?|groups?|lots|parts|batches)\W*"
    r"(?:(?:of|with|for)\b)?\W*)?"
    + _PAIR_N + r"\s*(?:people|passengers|pax|of us|seats)?\s*(?:and|&|\+|/|n|,|plus)\s*(?:then\s+)?(?:the other\s+)?"
    + _PAIR_N + r"(?:\s*(?:people|passengers|pax|of us|seats))?"
    r"(?:\W+(?:then|please|pls|plz|thanks|thank you|thx|ty|is fine|works|is good|sounds good|ok|okay|then please|"
    r"split|bookings?|each|on the same flight))*\W*", re.I)
# a split of the group asked without its shares: "split it in half", "make it two bookings", "separate bookings then"
_SPLIT_ASKED = re.compile(r"\b(?:split|divide|break\s+(?:it|us|them|the group|that)?\s*up)\w*\b|\bseparate(?:ly)?\b"
                          r"|\b(?:two|2|multiple|several|more|smaller)\s+(?:separate\s+|different\s+|smaller\s+)?"
                          r"(?:bookings?|reservations?|groups?|lots|parts|batches)\b|\bhalf and half\b"
                          r"|\bin (?:half|halves|two)\b", re.I)
# its "2" or "two", no count: "split in 2", "make it two bookings", "in two groups"
_SPLIT_IN_TWO = re.compile(r"\b(?:in|into)\s+(?:2|two)\b|\b(?:2|two)\s+(?:separate\s+|different\s+|smaller\s+)?"
                           r"(?:bookings?|reservations?|groups?|lots|parts|batches|halves)\b", re.I)


def _split_reading(text: str, p: Parsed, cities) -> None:
    """At the count question: two counts said alone into ``p.count_pair``; a split asked without its shares into
    ``p.split_asked``, and the "2" of "split in 2" or "two bookings" taken back as a count when nothing else in the
    message is one."""
    if p.split_rest or p.dates:
        return
    if (m := _COUNT_PAIR.fullmatch(text.replace("\u2019", "'"))):
        a, b = (text_rules.number_value(g) for g in m.groups())
        if a and b and p.passengers in (None, a):  # ("lets do 6 and 5": 6 now, read before, and the 5 after it)
            p.count_pair = (a, b)
            return
    if p.split_now:
        return
    if not _SPLIT_ASKED.search(text):
        return
    p.split_asked = True
    rest = _SPLIT_IN_TWO.sub(" ", text)
    if p.passengers == 2 and _SPLIT_IN_TWO.search(text) and not _LONE_NUMBER.findall(rest) and not party_sizes(rest, cities):
        p.passengers = None  # "ok split in 2": two bookings, no party of 2


def split_shares(text: str) -> tuple[int, int] | None:
    """The two shares of a group split into two bookings on the same flights, this booking's first ("one for 9 and
    one for 4": (9, 4)); None when no two shares are said, or the second goes another day or on another flight."""
    m = _TWO_SHARES.search(text)
    if not m or _REST_ELSEWHERE.search(text) or any(a < m.end() and m.start() < b for a, b, _ in _date_hits(text)):
        return None  # ("two bookings on may 9 and 10": days, no shares)
    first, second = (text_rules.number_value(g) for g in m.groups() if g)
    return (first, second) if first and second else None


# "fine, make it 9 then", "make that 2" (at a summary): a new count
# a count set against the one said before: "it's 14, not 13", "we're 5 not 4", "14 rather than 13", "not 13 - 14";
# the number after "not" is the old count (read as a correction only when it is the count in hand, by the agent)
_NOT_A_COUNT = r"(?!\s*(?:st|nd|rd|th|am|pm|a\.m|p\.m|:|/|%|\$|o'?clock|days?|nights?|weeks?|months?|hours?|kg|bags?)\b)"
_RECOUNT = re.compile(
    r"(?<![\w:/.$#£€-])(?<!option )(?<!number )(?<!flight )(?<!the )(?<!at )(?<!no\. )(?<!no )" + _N_WORD + r"\b"
    + _NOT_A_COUNT + r"\s*,?\s*(?:and\s+)?(?:not|rather than|instead of)\s+" + _N_WORD + r"\b" + _NOT_A_COUNT
    + r"|\bnot\s+" + _N_WORD + r"\b" + _NOT_A_COUNT + r"\s*(?:[-–—,;:]|\bbut\b)\s*(?:(?:it'?s|it is|we'?re|we are|"
    r"there are|there'?ll be|make (?:it|that)|actually)\s+)?" + _N_WORD + r"\b" + _NOT_A_COUNT, re.I)


# a price asked for the whole party: "altogether", "in total", "all in", "for all of us", "for the three of us"
_TOTAL_ASK = re.compile(r"\b(?:altogether|all together|in total|total|all[- ]in|overall|in all|all told|bottom line|"
                        r"(?:final|full|whole|complete|end) (?:price|cost|amount|figure|bill|sum|fare)|out[- ]of[- ]pocket|"
                        r"(?:including|incl\.?|inclusive of|with) (?:all )?(?:the )?(?:everything|fees|taxes|tax|charges|extras)|"
                        r"(?:everything|fees|taxes|tax|all|charges) included)\b|\b" + _PAY_ASK +
                        r"|\bfor (?:all|both|the (?:lot|whole lot|" + _NUMBER_WORD_RE + r"|\d{1,2})) of us\b|\bthe lot of us\b"
                        r"|\bfor (?:us all|all of us|everyone|everybody|the (?:whole )?(?:group|party|family|lot))\b", re.I)


def recount(text: str) -> tuple[int, int] | None:
    """A count corrected against the one said before, as (new, old): "it's 14, not 13" -> (14, 13), "not 13 - 14"
    -> (14, 13); not an option, flight or day set against another ("option 2, not 1", "the 3rd not the 2nd")."""
    m = _RECOUNT.search(text.replace("\u2019", "'"))
    if m is None:
        return None
    new, old = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
    new_n, old_n = text_rules.number_value(new), text_rules.number_value(old)
    return (new_n, old_n) if new_n and old_n and new_n != old_n else None


_MAKE_IT = re.compile(r"\bmake (?:it|that)\s+(\d{1,2}|" + "|".join(text_rules.NUMBER_WORDS) + r")\b"
                      r"(?!\s+(?:[a-z]+\s+)?(?:fewer|less|more|extra|additional|further)\b)"  # "make it one fewer": a change
                      r"(?!" + _MONTH_AHEAD + r")"  # "make it 28 September", "make it 28 de septiembre": a day
                      r"(?!\s*(?:am|pm|a\.m|p\.m|:|"
                      r"o'?clock|th|st|nd|rd|days?|nights?|weeks?|hours?|kg|bags?|dollars|\$|%))"
                      r"(?:\s+(?:people|passengers|persons|travell?ers|adults|seats|tickets|of us))?", re.I)


# a counted kind right before "plus N ...": the "plus" lists the party ("2 adults plus 1 infant" = 3), it changes no count
_KIND_BEFORE = re.compile(r"\b" + _N_WORD + r"\s+" + _KIND_NOUN + r"\s*,?\s*$", re.I)


def _count_change(text: str) -> tuple[int | None, bool, bool, tuple[int, int] | None]:
    """(change of the passenger count, whether people join the speaker, whether the count changes
    by a number not said, the span that says it): "add one more passenger" (+1, False, False),
    "my son is coming too" (+1, True, False), "my parents are coming too" (None, True, True),
    "one less ticket" (-1, False, False)."""
    def n(tok: str) -> int:
        return _N_WORDS.get(tok.lower()) or int(tok)

    if m := _PAX_UP.search(text):
        return n(next(g for g in m.groups() if g)), False, False, m.span()
    if m := _PAX_DOWN.search(text):
        return -n(next(g for g in m.groups() if g)), False, False, m.span()
    for pat, sign in ((_JOINS, 1), (_LEAVES, -1)):
        if m := pat.search(text):
            tok = next((g for g in m.groups() if g), None)
            kin = re.search(_KIN + r"\b", m.group(0), re.I)
            many = None if tok or not (kin and _PLURAL_KIN.search(kin.group(0))) else True
            change = sign * n(tok) if tok else (None if many else sign)
            if sign > 0:  # the joiner's own companions said after it: "Hubby's tagging along though, and his mum"
                extra, end = _their_own_after(text, m.end())
                if end > m.end():
                    if extra is None or change is None:
                        return None, True, True, (m.start(), end)  # "..., and her kids": how many?
                    return change + extra, True, False, (m.start(), end)
            if many:
                return None, sign > 0, True, m.span()  # "my kids are coming too": how many?
            return change, sign > 0, False, m.span()
    return None, False, False, None


# the companions of one who joins, said right after: "my husband is coming too, and his mother", "my wife's coming as
# well, plus her sister", "the missus is coming along too, and her mum and dad"
_THEIRS_AFTER = re.compile(r"(?:\s+(?:too|as well|also|along|though|tho|anyway|actually|after all|now))*\s*[,;]?\s*"
                           r"(?:(?:oh|and|plus|with|as well as|along with|also)\W+)+(?:his|her|their|my|our)\s+"
                           r"(?:(?P<n>" + _NUMBER_WORD_RE + r"|\d{1,2})\s+)?(?:[a-z-]+\s+)?(?P<kin>" + _KIN + r"|hubby|wifey|"
                           r"missus|other half|better half|mate|mates|fella|bloke)\b(?!['\u2019]s)"
                           # (not one who does something else: "..., and her mum is meeting us there")
                           r"(?!\s+(?:is|are|was|were|will|would|can|can'?t|won'?t|isn'?t|aren'?t|has|have|had|does|"
                           r"doesn'?t|lives?|meets?|meeting|picks?|picking|drops?|dropping|stays?|staying|goes|going|wants?)\b"
                           r"(?!\s+(?:also\s+)?(?:coming|joining|travel+ing|flying|tagging)\b))"
                           r"(?P<more>(?:\s*(?:,|and|&|\+)\s*(?:mum|mom|mother|dad|father|husband|wife|brother|sister|son|"
                           r"daughter)\b(?!['\u2019]s))*)", re.I)


def _their_own_after(text: str, at: int) -> tuple[int | None, int]:
    """How many more are said to come with the one joining, right after ``at`` (the joiner's words), and where that
    ends; (0, at) when nobody more is said, (None, end) when how many is not said ("and her kids")."""
    total: int | None = 0
    end = at
    while m := _THEIRS_AFTER.match(text, end):
        if m.group("n"):
            k = text_rules.number_value(m.group("n"))
        elif _PLURAL_KIN.search(m.group("kin")) or m.group("kin").lower() == "mates":
            k = 2 if re.fullmatch(r"parents|in-laws", m.group("kin"), re.I) else None
        else:
            k = 1
        k = None if k is None or total is None else k + len(re.findall(r"[^\W\d_]{3,}", re.sub(r"\band\b", " ", m.group("more"),
                                                                                         flags=re.I)))
        total = None if k is None or total is None else total + k
        end = m.end()
    return total, end


# --- people added to a party already counted (sky-V A00) -------------------------------------------------------------
# "add an adult and a child" (2 more), "and a child too" (1), "plus an adult and two kids" (3), "also one adult and one
# infant more" (2), "and also my nephew and niece" (2), "we also bring a child" (1), "oh and the baby as well" (1): the
# people said are added to the count in hand (the target reads them against it), never a new total of their own; how
# many is not said in "and the kids too" (asked)
_ADD_WHO = (r"(?:adults?|grown[- ]?ups?|grownups?|kids?|kiddos?|child(?:ren)?|infants?|bab(?:y|ies)|toddlers?|teens?|"
            r"teenagers?|seniors?|students?|youths?|minors?|persons?|people|passengers?|travell?ers?|newborns?|"
            r"little ones?|" + _KIN + r"|twins|mates?|pals?|buddy|buddies|boys?|girls?|lads?|lass(?:es)?)")
_ADD_ITEM = re.compile(
    r"(?:(?P<n>\d{1,2}|an?|another|" + _NUMBER_WORD_RE + r")\s+(?:(?:more|extra|additional|other|further)\s+)?"
    r"|(?P<own>my|our|the|his|her|their)\s+(?:(?P<n2>\d{1,2}|" + _NUMBER_WORD_RE + r")\s+)?)"
    r"(?:[a-z-]+'s\s+(?:(?P<n3>\d{1,2}|" + _NUMBER_WORD_RE + r")\s+)?)?"  # "my sister's little boy", "my brother's two kids"
    r"(?:(?:little|small|young|tiny|older|elder|younger|teenage|baby|grown|adult|infant|twin|lap)\s+)?"
    r"(?P<who>" + _ADD_WHO + r")\b(?![\u2019'])(?!\s+(?:seats?|fares?|meals?|menus?|prices?|rates?|discounts?|"
    r"strollers?|prams?|buggy|buggies|cots?|bassinets?|car seats?|carriers?|passports?|names?|ages?|polic(?:y|ies)|"
    r"allowances?|rules?|bags?|luggage)\b)", re.I)
_ADD_BARE = re.compile(r"(?:(?:little|small|young|baby|twin)\s+)?(?P<who>" + _ADD_WHO + r")\b(?![\u2019'])", re.I)
_ADD_JOIN = re.compile(r"(?:\s*(?:,|&|\+|\band\b|\bplus\b|\bwith\b|\bas well as\b|\balong with\b)\s*)*\s*", re.I)
# the words that add: "add", "plus", "also", "too", "as well", "another", "more", "forgot", a message opened by "and"
_ADD_SAID = re.compile(r"\b(?:add|adding|plus|also|too|as well|more|extra|additional|in addition|on top|besides|"
                       r"another(?=\s+(?:adult|child|kid|person|passenger|travell?er|infant|baby|toddler|teen|one)\b)|"
                       r"forgot|forgotten|forget)\b|^\W*(?:(?:oh|ah|and|oops|wait|sorry|actually|ok(?:ay)?|right|hmm+|"
                       r"also)\W+)*(?:and|&|\+)\W", re.I)
# the words that add, said plainly (never only "too", "as well" or an "and" first)
_ADD_SAID_PLAINLY = re.compile(r"\b(?:add|adding|plus|also|more|extra|additional|in addition|on top|besides|forgot|"
                               r"forgotten|forget)\b", re.I)
# people brought, with no word that adds: "we bring a child" (one of the count, or one more: asked)
_ADD_BROUGHT = re.compile(r"\b(?:bring|bringing|coming|joining|tagging along|travel+ing with)\b", re.I)
# no addition: a negation ("no kids this time", "my kids are staying home"), a total said, a price or rule asked
_ADD_NOT = re.compile(r"\b(?:no|not|without|never|except|minus|remove|drop|cancel\w*|less|fewer|instead|rather than|"
                      r"stay(?:s|ing)?\s+(?:at\s+)?(?:home|behind)|in total|total|altogether|in all|all told|only|"
                      r"instead of|of us|bookings?|reservations?|separate\w*|split\w*|each)\b|n't\b|\bcan'?t\b|\bwon'?t\b", re.I)
_ADD_ASKED = re.compile(r"\b(?:how much|how old|costs?|price|fares?|free|discounts?|pay|charged?|allowed|need to|polic(?:y|ies)|"
                        r"rules?|ages?|extra seat)\b[^.!]*\?|^\W*(?:(?:and|so|also|oh|ok(?:ay)?|um+|hmm+)\W+)*(?:how|what|whats|what'?s|which|is|are|does|do|did|"
                        r"can (?:a|an|the|kids|children|babies|infants)|why|when|where)\b", re.I)
_ADD_REQUEST = re.compile(r"^\W*(?:(?:and|so|also|oh|ok(?:ay)?|um+|hmm+|actually)\W+)*(?:can|could|would|will)\s+(?:you|u)\s+"
                          r"(?:please\s+|pls\s+|also\s+|just\s+)*(?:add|include|put|book)\b", re.I)
_ADD_TWO = re.compile(r"twins", re.I)  # ("my parents": asked, as before)


def added_people(text: str) -> tuple[int | None, tuple[int, int]] | None:
    """People added to the party in hand, said in one list with a word that adds ("add an adult and a child": (2,
    span)); (None, span) when how many is not said ("and the kids too") or people are only said to be brought ("we
    bring a child": one of the count or one more); None when the message adds no one (a negation, a total said, a
    price or rule asked, more than one list)."""
    t = (text or "").replace("\u2019", "'")
    if _ADD_NOT.search(t) or (_ADD_ASKED.search(t) and not _ADD_REQUEST.match(t)):
        return None
    first = _ADD_ITEM.search(t)
    if first is None:
        return None
    run = [first]
    while (j := _ADD_JOIN.match(t, run[-1].end())) and (
            m := _ADD_ITEM.match(t, j.end()) or (_ADD_BARE.match(t, j.end()) if j.group(0).strip() else None)):
        run.append(m)  # "my nephew and niece": the "my" goes with the niece too
    if _ADD_ITEM.search(t, run[-1].end()):
        return None  # two lists apart: not read here
    total: int | None = 0
    for m in run:
        word, said = m.group("who").lower(), m.groupdict()
        if said.get("n"):
            k = 1 if m.group("n").lower() in ("a", "an", "another") else text_rules.number_value(m.group("n"))
        elif said.get("n2") or said.get("n3"):
            k = text_rules.number_value(m.group("n2") or m.group("n3"))
        elif _ADD_TWO.fullmatch(word):
            k = 2
        elif _PLURAL_KIN.search(word) or re.fullmatch(r"people|children|.*(?<!s)s", word) and word != "boss":
            k = None  # "and the kids too": how many?
        else:
            k = 1
        total = None if k is None or total is None else total + k
    span = (run[0].start(), run[-1].end())
    if (re.search(r"\b(?:me|myself|i|us|we)\s*(?:,|and|&|\+|plus|with)\s*$", t[:span[0]], re.I)
            or re.match(r"\s*(?:,|and|&|\+|plus|with)\s*(?:me|myself|i|us)\b", t[span[1]:], re.I)):
        return None  # "me and my wife too": the party said again, with the speaker
    if _ADD_SAID.search(t):
        first = run[0].groupdict().get("n") or ""
        if (len(run) >= 2 and text_rules.number_value(first) not in (None, 1) and not _ADD_SAID_PLAINLY.search(t)):
            return None, span  # "2 adults and a child too" after "2 passengers": the party said again, or more? asked
        return total, span
    if _ADD_BROUGHT.search(t):
        return None, span  # "we bring a child": one of those counted, or one more
    return None


# a date of birth is no travel date: "dob 1990-04-02", "born 12 march 1988", "date of birth: ..."
_BIRTH_CUE = re.compile(r"\b(?:dob|d\.o\.b\.?|born(?: on)?|birth ?(?:date|day)|birthday|date of birth)\W*(?:is\W*)?$", re.I)


_SPLIT_ID = re.compile(r"\b(BK)(?:\s*[-_.]\s*|\s+)([0-9A-Z]{6})\b", re.I)
_ID_CONTEXT = re.compile(r"\b(?:booking|reservation|ref|reference|code|confirmation|pnr|number|locator|id)\b", re.I)


def _joined_booking_ids(text: str) -> str:
    """A booking id typed with a break after its "BK" ("bk-xuqnwq", "BK 93T1H1") written as one word;
    after a space only where it reads as an id (a digit in it, a word such as "booking" or "ref" beside
    it, or a message that is little more than the id)."""
    def join(m: re.Match) -> str:
        sep = m.group(0)[len(m.group(1)):-len(m.group(2))]
        rest = (text[:m.start()] + " " + text[m.end():]).strip()
        if (sep.strip() or re.search(r"\d", m.group(2)) or _ID_CONTEXT.search(text)
                or len(re.findall(r"[^\W\d_]+", rest)) <= 3):
            return m.group(1) + m.group(2)
        return m.group(0)
    text = _GROUPED_ID.sub(lambda m: _grouped_id(m, text), text)
    return _SPLIT_ID.sub(join, text) if re.search(r"(?i)\bbk\b", text) else text


# a booking id typed in groups or letter by letter: "BK-ZYZ-BWR", "bk zyz bwr", "BK ZY ZB WR", "B K Z Y Z B W R"
# (and "BKZYZ-BWR", "B-K-Z-Y-Z-B-W-R", "BK_ZYZ_BWR", "BK\u2013ZYZ\u2013BWR", "bkzyz bwr": any dash or underscore, the
# first group joined to BK or not)
_ID_SEP = r"[\s._\-\u2010-\u2015]"
_GROUPED_ID = re.compile(r"(?<![^\W_])(B" + _ID_SEP + r"?K)((?:" + _ID_SEP + r"{0,2}[0-9A-Z]{1,5})(?:" + _ID_SEP +
                         r"{1,2}[0-9A-Z]{1,5}){1,5})(?![^\W_])(?!" + _ID_SEP + r"+[0-9A-Z]\b)", re.I)


def _grouped_id(m: re.Match, text: str) -> str:
    """The id written as one word when its groups make six letters or digits (with dashes or dots always; with
    spaces only where it reads as an id, as in ``_joined_booking_ids``); else the text as typed."""
    rest_of_id = re.sub(_ID_SEP, "", m.group(2))
    if len(rest_of_id) != 6:
        return m.group(0)
    rest = (text[:m.start()] + " " + text[m.end():]).strip()
    if (re.search(r"[._\-\u2010-\u2015]", m.group(2)) or re.search(r"\d", rest_of_id) or _ID_CONTEXT.search(text)
            or _LAST_CUE.search(text) or len(re.findall(r"[^\W\d_]+", rest)) <= 4):  # ("bk zyz bwr, surname Mensah")
        return "BK" + rest_of_id.upper() if m.group(1).isupper() or m.group(2).isupper() else "bk" + rest_of_id
    return m.group(0)


# what stands between a date and the one that corrects it: ", actually no, ", " - sorry, I mean ", " no wait "
_DATE_CORRECTION = re.compile(r"[\s,.;:!()-]*(?:(?:oh|no|nope|nah|sorry|actually|wait|oops|hang on|i mean|i meant|make (?:it|that)|"
                              r"or rather|rather|scratch that|correction|not that|change (?:it|that) to)[\s,.;:!()-]*)+"
                              r"(?:on\s+|the\s+)?", re.I)


# "is that price per person or total?", "per head or for both of us?", "is the fare for each of us?"
PER_OR_TOTAL = re.compile(r"\bper (?:person|head|seat|passenger|pax|ticket)\b|\bfor (?:each|every) (?:of us|person|passenger|one)\b|"
                          r"\b(?:total|altogether|all together|in all)\b[^.?!]*\bor\b[^.?!]*\beach\b", re.I)


# common slips of the keyboard in the words that pick and approve, read as the word meant ("opton 2", "optoin 2",
# "yess", "yse", "yeah go ahed"); only slips that no "no" or "not yet" could be, so a typo never turns into a yes
# that might have been a refusal
_TYPOS = [(re.compile(r"\b(?:opton|optoin|optin|opiton|otpion|optino|opion|optiom|optiion|opption|optiopn)(s?)\b", re.I),
           r"option\1"),
          (re.compile(r"\b(?:yess+|yse|yesh|yees|yeds|yea+s|ues|yws)\b|^\W*yrs\b", re.I), "yes"),  # ("yrs" opening a
          # message only: "5 yrs old" is years)
          (re.compile(r"\bbool(?=\s+(?:it|them|that|this|now)\b)", re.I), "book"),  # "ues bool it"
          (re.compile(r"\b(?:yeha|yaeh|yeahh+)\b", re.I), "yeah"),
          (re.compile(r"\b(?:ahed|ahaed|ahad|ahrad|aehad|aheaad|ahaead)\b", re.I), "ahead"),
          (re.compile(r"\b(?:pleas|pelase|plese|plase|pleasse|pls+e)\b", re.I), "please"),
          (re.compile(r"\b(?:confrim|cofnirm|comfirm|confirn)\b", re.I), "confirm"),
          (re.compile(r"\b(?:proceeed|procede|procced|porceed)\b", re.I), "proceed"),
          (re.compile(r"\b(?:frist|fisrt|firts)\b", re.I), "first"),
          (re.compile(r"\b(?:secnod|seocnd|scond|secomd)\b", re.I), "second"),
          (re.compile(r"\b(?:cheapst|cheapets|cheepest|chepest|cheapeast)\b", re.I), "cheapest"),
          # a companion in chat shorthand: "my bf", "the gf", "my SO", "hubby", "the wifey", "my bae" (only after a
          # possessive where the word is short or common: "gf meal", "so I" stay as typed); "me n my ..." is "and"
          (re.compile(r"\b(?:hubby|hubbie|hubs)\b", re.I), "husband"),
          (re.compile(r"\b(?:wifey|wifie)\b", re.I), "wife"),
          (re.compile(r"\b(my|our|the|his|her)\s+(?:bf|b/f)\b(?![-/])", re.I), r"\1 boyfriend"),
          (re.compile(r"\b(my|our|the|his|her)\s+(?:gf|g/f)\b(?![-/])", re.I), r"\1 girlfriend"),
          (re.compile(r"\b(my|our|the|his|her)\s+(?:S\.?O\.?(?=\W|$)|bae\b|so\b(?=\s*(?:and|&|\+|,|\.|!|$|too|as well)))",
                      re.I), r"\1 partner"),
          (re.compile(r"\bme\s+(?:n|'n'?|n')\s+(?=(?:my|our|the|his|her)\b)", re.I), "me and ")]


# a full name, then another traveller's name: "Names are Hannah Hernandez and Ana Hernandez", "Hannah Hernandez & Tom";
# group 1 the naming cue (if any), 2 and 3 the lead passenger's first and last name, 4 the other name
# a flight picked, then a name alone after a full stop or a comma: "2. mei mensah", "cheapest, Mei Mensah"
# a pick at a listing said before a count, "for me" or names: "3 for me", "3. 2 of us, ...", "3, may moreau"
_PICK_THEN_REST = re.compile(r"\W*(?:option\s*|#\s*)?(?P<n>[1-9])(?:\s*[.,;:)\-]\s*|\s+(?=(?P<for>for)\b))(?P<rest>\S.*)$",
                             re.I | re.S)
_LISTED = re.compile(r"\b1\) [A-Z]{2}\d{2,4}\b|\bWhich flight would you like\b")
_PICK_THEN_NAME = re.compile(r"\s*(?P<pick>(?P<n>[1-9])|[^.,;:!?]{3,30}?)\s*[.,;)]\s+(?P<name>[^\W\d_][^.,;:!?\d]*?)[\s.!]*$")
_NAME_PAIR = re.compile(r"\W*((?i:(?:the\s+|our\s+)?(?:lead\s+|passenger\s+|traveller\s+|traveler\s+)?names?\s+(?:are|is|"
                        r"will be)\s*:?\s+|it'?s\s+|we'?re\s+|that'?s\s+))?([A-Z][a-z'\-]+)\s+([A-Z][a-z'\-]+)\s*"
                        r"(?:,|&|\+|\band\b)\s*([A-Z][a-z'\-]+(?:\s+[A-Z][a-z'\-]+)?)\W*")

# a labelled list of full names: "Passengers: Liam Walsh, Anna Berg", "Attendees: A B; C D; E F", "The travellers are
# A B, C D and E F": the lead passenger is the name listed first
_FULL = r"(?-i:[A-Z][a-z'\-]+\s+[A-Z][a-z'\-]+)"
# Any short label closed by a colon reads the same ("Group members:", "Flyers:", "Party:", "Who's going:")
_NAME_LIST = re.compile(r"(?:^|(?<=[\n.!?:;]))\W*(?:(?:the\s+|our\s+)?(?:passengers|names|travell?ers|attendees|participants|"
                        r"guests|pax|people)(?:\s*:|\s+are\s*:?)"
                        r"|(?!(?:from|to|via|route|dates?|flights?|depart\w*|return\w*|outbound|inbound)\s*:)"
                        r"(?:[A-Za-z'\u2019]+\s+){0,2}[A-Za-z'\u2019]+\s*:)\s*"
                        r"(" + _FULL + r"(?:\s*(?:,|;|&|\+|/|\band\b)\s*(?:and\s+)?" + _FULL + r")+)", re.I)

# a party given only as its full names, each a traveller: a labelled list ("Passengers: Carlos Chen, Mei Chen", "2
# passengers: A B and C D"), "for A B and C D", "for two: A B and C D", or numbered lines ("Passenger 1: A B")
_NAMES_RUN = r"(" + _FULL + r"(?:\s*(?:,|;|&|\+|/|\band\b)\s*(?:and\s+)?" + _FULL + r")+)"
_NAMED_PARTY = re.compile(r"(?:(?:^|(?<=[\n.!?:;]))\W*(?:\d{1,2}|" + _NUMBER_WORD_RE + r")\s+(?:passengers|travell?ers|people|"
                          r"pax|adults|persons)\s*[:\-\u2013\u2014]\s*|\bfor\s+(?:(?:\d{1,2}|" + _NUMBER_WORD_RE + r")\s*"
                          r"[:\-\u2013\u2014]\s*)?)" + _NAMES_RUN, re.I)
_NUMBERED_PAX = re.compile(r"(?:^|\n)\W*(?:passenger|travell?er|pax|name|adult)\s*#?\s*(\d)\s*[:.)\-]\s*(" + _FULL + r")\W*(?=\n|$)",
                           re.I)
_LIST_ENDS = re.compile(r"\s*(?:$|[.!?\n]|,?\s*(?:please|pls|thanks|thank you|thx)\b)", re.I)


def named_party(text: str, skip: set[str]) -> list[str]:
    """The full names of a party said only by its names (see ``_NAMED_PARTY``), when nothing else about who travels
    follows the list ("Passengers: A B, C D and their two kids" is no such list); none of them a word of ``skip``
    (places, words that are no names)."""
    lines = _NUMBERED_PAX.findall(text)
    if len(lines) >= 2 and [int(n) for n, _ in lines] == list(range(1, len(lines) + 1)):
        names = [x for _, x in lines]
    else:
        m = next((m for pat in (_NAME_LIST, _NAMED_PARTY) for m in pat.finditer(text)
                  if _LIST_ENDS.match(text, m.end(1))), None)
        names = re.findall(_FULL, m.group(1)) if m else []
    if any(w.lower() in skip or w.lower() in _NOT_NAMES or w.lower() in MONTHS for n in names for w in n.split() + [n]):
        return []
    return names


# a request taken back in the same message: "cancel BK123... no wait, that's the same one. never mind"
_WITHDRAW = re.compile(r"\b(?:never ?mind|nevermind|no wait|wait,? no|scratch that|forget (?:it|that|about it)|ignore that|"
                       r"my (?:mistake|bad)|(?:that'?s|it'?s|that is|it is) the same one|don'?t bother)\b|"
                       # "I want to cancel BK... Actually no, don't.", "... surname Murphy. hmm, actually, maybe not", "on
                       # second thought, don't" (never "actually no rush", "maybe not today though, next week?")
                       r"\bactually,?\s+no\b(?!\s*(?:rush|hurry|problem|worries|pressure|need|,?\s*wait))|\bmaybe not\b|"
                       r"\bon second thoughts?\b|\b(?:actually|wait|no),?\s+don'?t(?:\s+do\s+(?:it|that))?\b|"
                       r"\b(?:hold off|let me think)\b", re.I)
_REQUEST_WORD = re.compile(r"\b(?:cancel\w*|book|change|modify|move|look (?:it |that )?up|check|hold|find|search)\b", re.I)


_REF_NAME = r"((?-i:[A-Z])[a-zA-Z'\-]+)"
# the last names said in a message with several booking references, each at its place in the message
_REF_NAME_CUES = [
    re.compile(r"\b(?:last name|surname|family name)(?: is|:|'s)?\s+" + r"([A-Za-z][a-zA-Z'\-]+)", re.I),
    re.compile(r"\(\s*" + _REF_NAME + r"\s*\)"),  # "mine BKOZX5PU (Kowalski)"
    re.compile(r"\b(?:i'?m|i am|this is|my name is|my name's)\s+(?:(?-i:[A-Z])[a-zA-Z'\-]+\s+)?" + _REF_NAME, re.I),
    re.compile(r"(?:^|[.!?;,]\s*)\W*(?:(?:hi|hello|hey)\W+)?(?:(?-i:[A-Z])[a-zA-Z'\-]+\s+)?" + _REF_NAME
               + r"(?:\s+(?:here|speaking)\b|(?=\s*[.,;]))", re.I),  # "Kowalski here, ...", "hi, Priya Kowalski. ..."
    re.compile(r"\b(?:my|our|his|her)\s+" + _REL_ONE_WORDS + r"\s*,?\s+(?:(?-i:[A-Z])[a-zA-Z'\-]+\s+)?" + _REF_NAME,
               re.I),  # "my colleague Murphy has BKFCPD1F"
    # the name right after its reference: "cancel BKNLLGX0 for Khan. also BKKWIB5U, Yilmaz, cancel that too"
    re.compile(r"\bBK[0-9A-Z]{6}\s*(?:,\s*|\s+(?:for|under)\s+(?:(?-i:[A-Z])[a-zA-Z'\-]+\s+)?)" + _REF_NAME + r"\b(?=\s*[,.;!?)]|\s*$)"),
]


def names_by_reference(text: str, ids: list[str]) -> dict[str, str | None]:
    """The last name each booking reference of a message is said with ("I'm Priya Kowalski, booking BKOZX5PU. Could
    you also check BKFCPD1F for my colleague, last name Murphy?"): the names are matched to the references so that
    each name sits as close as it can to its own reference (the speaker's name is never tried on the colleague's
    booking). One name for several references goes to them all, unless someone else's booking is mentioned (then to
    the nearest only); a reference left without a name maps to None."""
    at = {i: m.start() for i in ids if (m := re.search(r"\b" + re.escape(i) + r"\b", text, re.I))}
    found: dict[str, int] = {}
    for cue in _REF_NAME_CUES:
        for m in cue.finditer(text):
            name = re.sub(r"'s$", "", m.group(m.lastindex or 1))
            if (len(name) < 2 or name.lower() in _NOT_NAMES or name.lower() in MONTHS or _BOOKING_ID.fullmatch(name)
                    or _FLIGHT_ID.fullmatch(name)):
                continue
            name = name[:1].upper() + name[1:]
            found.setdefault(name, m.start(m.lastindex or 1))
    refs = [i for i in ids if i in at]
    if not found or not refs:
        return {i: None for i in ids}
    if len(found) == 1:
        (name, pos), = found.items()
        if re.search(r"\b" + _REL_ONE_WORDS + r"(?:'?s)?\b|\b(?:his|her|their)\b", text, re.I):
            near = min(refs, key=lambda i: abs(at[i] - pos))
            return {i: name if i == near else None for i in ids}
        return {i: name for i in ids}
    pool: list[str | None] = [*found, *[None] * max(0, len(refs) - len(found))]  # a name for as many as can have one
    best = min(itertools.permutations(pool, len(refs)),
               key=lambda pick: sum(abs(at[i] - found[n]) if n else 10 ** 6 for i, n in zip(refs, pick)))
    out = dict(zip(refs, best))
    return {i: out.get(i) for i in ids}


def withdrawn(text: str) -> bool:
    """Whether the message asks for something and then takes it back ("can you cancel my other one, BK...
    no wait, that's the same one. never mind"): a request word before the last withdrawal, and none after it."""
    hits = list(_WITHDRAW.finditer(text or ""))
    if not hits:
        return False
    first, last = hits[0], hits[-1]
    after = text[last.end():]  # "to 20/11... no wait, I meant the 25th": a correction, nothing taken back
    return (bool(_REQUEST_WORD.search(text[:first.start()])) and not _REQUEST_WORD.search(after)
            and len(re.findall(r"\w+", after)) <= 3 and not re.match(r"\s*(?:the|about|my|your|our|what|how|if)\b", after, re.I)
            # ("never mind the refund" sets one thing aside, not the request)
            and not re.search(r"\d|\b(?:meant|mean|instead|rather|make it|" + _MONTH_RE + r")\b", after, re.I)
            and not _SHIFT_SAID.search(after))  # (fix44h) "to X. no wait, the day after": a correction of the day


def fix_typos(text: str) -> str:
    """``text`` with the slips in ``_TYPOS`` read as the words meant; anything else as typed."""
    for typo, word in _TYPOS:
        text = typo.sub(word, text)
    return text


# a question whether the flight was changed (by the airline), not a request to change it: "did my flight change?",
# "has the flight been rescheduled?", "any changes to my booking?"
_WAS_CHANGED = re.compile(r"^\W*(?:so\W+|and\W+|hm+\W+)?(?:(?:did|has|have|was|were)\b[^.?!]{0,40}\b(?:chang|reschedul|mov)(?:e|ed)\b"
                          r"|(?:are there|were there|is there)?\s*any\s+(?:schedule\s+)?changes?\b)[^.?!]*\?", re.I)


# a flight number typed with a space or hyphen ("sa 1630", "SA-1630") or after "flight" without its prefix ("flight
# 1630", only when SA1630 is a flight)
_FLIGHT_ID_LOOSE = re.compile(r"\bSA[ -]?(\d{4})\b|\bflight\s+(?:number\s+|no\.?\s*|#\s*)?(\d{4})\b(?!\s*(?:hours?|hrs?|h)\b)", re.I)


def _flight_ids(text: str, db) -> list[str]:
    ids = []
    for m in _FLIGHT_ID_LOOSE.finditer(text):
        fid = "SA" + (m.group(1) or m.group(2))
        if m.group(1) or fid in getattr(db, "flights", {}):
            ids.append(fid)
    return ids


# fields pasted in markdown on one line ("**From:** Boston **To:** Denver **Passengers:** 3"): each put on a line of
# its own, as a "- key: value" list is read
_MD_FIELD = re.compile(r"\s*(?:\*\*|__)\s*([A-Za-z][A-Za-z .#'/()-]{0,30}?)\s*(?::\s*(?:\*\*|__)|(?:\*\*|__)\s*:)\s*")


# paying or deciding later, said before or after a day: "I get paid on Friday", "will confirm tmrw", "call back on
# Monday to pay"; not a trip ("fly on Friday, I'll pay now")
_PAY_CUE_BEFORE = re.compile(r"\b(?:pay|paying|paid|payday|pay day|salary|confirm|confirming|call (?:you )?back|calling back|"
                             r"ring (?:you )?back|get back to you|come back|decide|book it|buy it)\b(?:\s+(?:it|you|them|for it|"
                             r"the (?:rest|balance)))?\s*(?:on|by|until|till)?\s*$", re.I)
_HOLD_UNTIL = re.compile(r"\b(?:hold|holding|held|keep|keeping|reserve|reserving|save|saving|park|parking|block|blocking|"
                         r"put\s+aside|set\s+aside|on\s+hold)\b[^.?!;]{0,30}?\b(?:till|until|untill|til|'til|up\s+to|up\s+until|"
                         r"through|thru)\s+(?:at\s+least\s+)?(?:the\s+|this\s+|next\s+|on\s+)?$", re.I)
_PAY_CUE_AFTER = re.compile(r"\s*,?\s*(?:to|and)\s+(?:pay|confirm|book|buy)\b", re.I)
# a question whether a flight flies as planned: "on time?", "is it running today?", "any delays", "still going ahead"
_STATUS_OF_FLIGHT = re.compile(r"\bon (?:time|schedule)\b|\b(?:is|are) (?:it|they|my flight|the flight|sa\d{4})\s+(?:still\s+)?"
                               r"(?:running|operating|flying|going ahead|leaving|departing)\b|\bdelay(?:s|ed)?\b|"
                               r"\brunning late\b|\bgoing ahead\b", re.I)


# English words that are also common family names ("Anna Price", "my name is Tom May", "It's Carol Day."): elsewhere a
# price question, a month, a day ("the price", "in May", "next day"); a family name only in a reply to the name
# question that is nothing but a capitalised given name and that capitalised word
_WORD_SURNAMES = set("""
price may day march good child more way fine early still rush quick speed hope frost young rich
""".split())
_NOT_GIVEN = set("""
next following previous whole full best low lowest high higher lower final late mid end nice happy big new old half
special base regular normal standard fare ticket flight seat travel trip holiday
""".split())
_WORD_SURNAME_REPLY = re.compile(r"(?:(?:" + "|".join(sorted(_TITLES)) + r")\.?\s+)?"  # ("Lt. Tom Price", "Mr Tom Price")
                                 r"(?:((?-i:[A-Z][a-z'\-]+))\s+)?((?-i:[A-Z][a-z]+))(?:[\s,]+(?:please|pls|thanks|thank you|cheers))?"
                                 r"[\s.!]*", re.I)


def _word_surname_reply(text: str, db, expecting: str | None) -> tuple[str | None, str] | None:
    """(given, family) for a reply to the name question like "Anna Price" or "It's Carol Day.", (None, family) for
    "Price" alone asked for the last name; None otherwise."""
    if expecting not in ("name", "last_name"):
        return None
    t = _LAST_CUE.sub("", _NAME_LEAD.sub("", (text or "").replace("\u2019", "'").strip()), count=1) \
        if expecting == "last_name" else _NAME_LEAD.sub("", (text or "").replace("\u2019", "'").strip())
    m = _WORD_SURNAME_REPLY.fullmatch(t)
    if not m or m.group(2).lower() not in _WORD_SURNAMES:
        return None
    given = m.group(1)
    if given is None:
        return (None, m.group(2)) if expecting == "last_name" else None
    places = place_names(db)
    if (not _name_token_ok(given) or given.lower() in places or given.lower() in MONTHS or given.lower() in WEEKDAYS
            or given.lower() in _WORD_SURNAMES or given.lower() in _NOT_GIVEN):
        return None  # "Next Day", "Good Price", "Paris May": no given name
    return given, m.group(2)


# an idea taken back in the middle of a message: "premium for me and my son? scratch that. july 23 please", "can we
# do 2 in business? never mind, what about the 25th", "option 2. forget that, the first one": what comes before it (its
# sentence, and the one before when that sentence only reacts: "oh no, it's just one seat left. never mind") is no
# part of the request; "never mind the return", "forget that I asked" take nothing back
_RETRACTED = re.compile(r"\b(?:scratch|strike|disregard) (?:that|this)\b(?: (?:idea|thought|one|last bit|part))?"
                         r"|\b(?:forget|ignore) (?:about )?(?:that|this|it)(?: (?:idea|thought|one|last bit|part))?"
                         r"(?=\s*(?:[.,!;:\-–—…]|$))"
                         r"|\b(?:never ?mind|nvm)(?: (?:about )?that)?(?=\s*(?:[.,!;:\-–—…]|$|(?:make it |i mean |just |only )?\d))",
                         re.I)
_REACTS = re.compile(r"\W*(?:oh|ohh|hmm+|ah+|ugh|wait|no|nope|actually|well|um+|uh+|argh|damn|hm+)\b", re.I)


# what may follow a "never mind" that ends the request rather than takes back a sentence: thanks and goodbyes
_ONLY_CLOSING = re.compile(r"(?i)\b(?:thank\s+you|thanks?|thx|ty|cheers|much\s+appreciated|appreciate\s+it|bye|goodbye|"
                           r"good\s?bye|have\s+a\s+(?:good|nice|great)\s+(?:day|one|evening)|anyway|so|very|much|lot|a)\b")


# a take-back that names what it takes back, something other than what precedes it: "scratch that bit about meals",
# "scratch that earlier question", "scratch that question about the hotel"
_TAKEN_BACK_NAMED = re.compile(
    r"(?:\s+(?P<q>(?:(?:earlier|previous|other|first|old|original)\s+)?(?:bits?|parts?|questions?|requests?|things?|"
    r"comments?|remarks?|points?|asks?|message)))?\s+(?:about|re|regarding|concerning)\s+(?P<topic>[^.,;!?\n]*)"
    r"|\s+(?P<q2>(?:earlier|previous|other|first|old|original)\s+(?:bits?|parts?|questions?|requests?|things?|comments?|"
    r"remarks?|points?|asks?|message))\b", re.I)


def _names_other(before: str, named: re.Match) -> bool:
    """Whether a take-back naming what it takes back (``_TAKEN_BACK_NAMED``) is about something other than the words
    before it: an earlier question, or a topic not among those words ("Only 2 of us now, scratch that bit about
    meals"); a question just asked ("premium for 2? scratch that question") is what precedes."""
    if named.group("q2"):
        return True
    if named.group("topic") is None:
        return False
    words = [w[:5] for w in re.findall(r"[a-z]{4,}", named.group("topic").lower())]
    return bool(words) and not any(w in before.lower() for w in words)


# the speaker no longer travels on the trip being arranged: "oh wait, I can't go now, it's only my buddy travelling",
# "the ticket's actually for my buddy Dele, I'm not going", "it's just my buddy going now, not me", "count me out",
# "I won't be able to make it, just book my friend" (``speaker_leaves``); not a day or a cabin that does not suit
# ("I can't go on the 17th", "I'm not flying business"), nor a plan ("I'm not going to pay yet")
_LEAVES_TRIP = re.compile(
    r"\bi(?:'m|m| am)?\s*(?:can'?t|cant|cannot|can not|can no longer|won'?t|wont|will not|won'?t be able to|will not be able to|"
    r"not|am not|'m not|no longer|(?:'m|am) no longer)\s+(?:be\s+)?(?:go|going|come|coming|travel+(?:ing)?|fly(?:ing)?|make it|"
    r"join(?:ing)?|be (?:going|coming|travel+ing|flying|joining))\b(?!\s+(?:to\b|on\b|that\b|this\b|then\b|at\b|before\b|after\b(?!\s+all\b)|"
    r"until\b|till\b|early\b|late\b|so\b|in\b|by\b|business\b|economy\b|premium\b|first\b|direct\b|there\b|via\b|through\b))"
    r"|\bcount me out\b|\bwithout me\b|\bnot me\b(?!\s+(?:too|as well|either)\b)|\bi'?m out\b|\bi(?:'ve| have)?\s+(?:dropped|pulled|backed) out\b"
    r"|\bi(?:'m| am|'ll be| will be| have to| need to| must)\s+stay(?:ing)?\s+(?:home|behind|here)\b", re.I)
_COMPANION_WORD = (r"(?:buddy|bud|friend|mate|pal|colleague|co-?worker|boss|partner|wife|husband|son|daughter|brother|"
                   r"sister|mum|mom|dad|mother|father|girlfriend|boyfriend|gf|bf|cousin|client|guest|" + _GRAN + r")")
_THEY_TRAVEL = re.compile(r"\b(?:just|only|solely)\s+(?:(?:my|our)\s+(?P<kin>" + _COMPANION_WORD + r")|(?P<pron>him|her))\b"
                          r"|\b(?:ticket|seat|booking|flight|trip)(?:'s|s| is| will be| would be)?\s+(?:actually\s+|really\s+|now\s+)?"
                          r"(?:just\s+|only\s+)?for\s+(?:my|our)\s+(?P<kin2>" + _COMPANION_WORD + r")\b"
                          r"|\b(?:book|get|put|make)\s+(?:it|one|a seat|the (?:ticket|seat|booking))\s+(?:just\s+|only\s+)?for\s+"
                          r"(?:my|our)\s+(?P<kin3>" + _COMPANION_WORD + r")\b", re.I)


def speaker_leaves(text: str) -> str | None:
    """When the customer says they themselves no longer travel on the trip being arranged, who does instead: the one
    companion said to fly ("buddy", "him"), or "" when none is said; None when the message says no such thing. (A
    name said with the companion, "my buddy Dele", is not taken as the traveller's: the full name is asked.)"""
    t = (text or "").replace("\u2019", "'")
    if not _LEAVES_TRIP.search(t):
        return None
    m = _THEY_TRAVEL.search(t)
    return (m.group("kin") or m.group("pron") or m.group("kin2") or m.group("kin3")).lower() if m else ""


# a booking reference or a last name taken back and said again in the same message ("ref BK45LV7P - sorry not that
# one, I mean BKHBNPK7", "BK45LV7P, no wait, BKHBNPK7", "it's under Walsh... no sorry, Murphy"): the last one said is
# the one meant (``_self_corrected``)
_FIX_MARK = (r"(?:sorry|soz|oops|whoops|my bad|my mistake|apologies|no|nope|nah|wait|hang on|hold on|actually|correction|"
             r"scratch that|strike that|or rather|rather|i mean|i meant|not that one|not this one|wrong one|typo|"
             r"(?:that'?s|that is|thats) (?:the )?wrong (?:one|ref\w*|booking|number|code|name)|"
             r"wrong (?:ref\w*|booking|number|code|name)|not (?:that|this) (?:ref\w*|booking|number|code|name))")
_FIX_LEAD = (r"(?:it'?s|its|it is|it was|that'?s|that is|i mean|i meant|should be|should have been|meant to be|"
             r"the (?:right|correct|real|actual|proper|other|new) (?:one|ref\w*|number|booking|code|name|surname)"
             r"(?: is|'s)?|(?:the )?(?:ref\w*|booking(?: ref\w*| number| code)?|number|code)(?: is|:)?|make (?:that|it)|"
             r"use|try|this one)")
_ID_RETYPED = re.compile(r"(?P<name>\s*[-,/:(]?\s*(?:(?:for|under)\s+)?" + _LETTERS + r"\)?)?(?P<marks>[\s\W]*(?:\b"
                         + _FIX_MARK + r"\b[\s\W]*){1,5})(?:\b" + _FIX_LEAD + r"\b[\s\W]*){0,3}", re.I)
_NAME_RETYPED = re.compile(r"(?<![\w'\-])(?P<old>" + _LETTERS + r")\b(?P<mid>[\s.,;:!\-\u2013\u2014\u2026]*(?:\b" + _FIX_MARK +
                           r"\b[\s.,;:!\-\u2013\u2014\u2026]*){1,5}(?:\b(?:" + _FIX_LEAD + r"|under|surname|last name|"
                           r"family name)\b[\s.,;:!\-\u2013\u2014\u2026]*){0,3})(?P<new>(?-i:[A-Z])" + _LETTERS +
                           r")(?=\s*(?:[,.;!?)\-\u2013\u2014]|$))", re.I)
_NAME_CUED = re.compile(r"\b(?:(?:surname|last name|family name|name)(?:\s+is|'s|:)?|under(?: the name(?: of)?)?)\s*(" +
                        _LETTERS + r")", re.I)
# a name said to be no longer the booking's: "Walsh is my maiden name", "my maiden name is Walsh" (read only beside a
# correction that gives the other name)
_OTHER_OWN_NAME = (r"(?:(?:my|her|his|our|their|the)\s+(?:maiden|old|previous|former|birth|married|other)\s+"
                   r"(?:name|surname)|n[e\u00e9]e)")


def _self_corrected(text: str, places: frozenset[str] | set[str] = frozenset()) -> str:
    """The message with a booking reference or a last name it takes back left out, the one said after it kept: "ref
    BK45LV7P - sorry not that one, I mean BKHBNPK7 under Murphy" reads "ref BKHBNPK7 under Murphy" (and a name said
    before, "surname Walsh", goes too when the new reference comes with its own); "it's under Walsh... no sorry,
    Murphy, Walsh is my maiden name" reads "it's under Murphy". Two references that are both meant ("BK1 and BK2",
    "BK1, actually BK2 too") are left alone."""
    ids = list(_BOOKING_ID.finditer(text))
    for prev, cur in reversed(list(zip(ids, ids[1:]))):
        between = text[prev.end():cur.start()]
        m = _ID_RETYPED.fullmatch(between)
        if not m or prev.group(0).upper() == cur.group(0).upper():
            continue
        if re.match(r"[\s,]*(?:\w+\s+){0,3}?(?:too|as well|also|aswell)\b", text[cur.end():], re.I):
            continue  # "BK1 for Walsh, actually BK2 for Murphy too": both
        name = m.group("name") or ""
        if name and name.strip(" -,/:()").lower() in _NOT_NAMES | {"sorry", "oops", "no", "wait", "actually", "nope"}:
            name = ""
        tail = text[cur.start():]
        beside = _AFTER_ID.match(tail) or _RUN_AFTER_ID.match(tail)
        head = text[:prev.start()]
        if beside:  # the new reference comes with its name: a name said before the old one was the old one's
            head = _NAME_CUED.sub(lambda c: " " * len(c.group(0)) if (c.group(1)[:1].isupper() or c.group(0).lower().startswith(
                ("surname", "last name", "family name"))) else c.group(0), head)
            head = re.sub(r",\s*,", ",", re.sub(r"[ \t]{2,}", " ", head))
        text = head + cur.group(0) + ("" if beside else name) + text[cur.end():]
    for m in reversed(list(_NAME_RETYPED.finditer(text))):
        old, new = m.group("old"), m.group("new")
        if (old.lower() == new.lower() or not _name_token_ok(old) or not _name_token_ok(new)
                or any(w.lower() in _NOT_NAMES | places | set(MONTHS) | set(WEEKDAYS) for w in (old, new))
                or re.fullmatch(_FIX_MARK + "|" + _FIX_LEAD, old, re.I)
                or not (old[:1].isupper() or _NAME_CUED.search(text[max(0, m.start() - 25):m.end("old")]))):
            continue
        rest = text[m.end():]
        rest = re.sub(r"(?:,\s*|\s+(?:and|as|because|since|cos|coz)\s+)?\b" + re.escape(old) + r"\s+(?:is|was|'s)\s+" +
                      _OTHER_OWN_NAME + r"\b|(?:,\s*)?\b" + _OTHER_OWN_NAME + r"\s+(?:is|was)?\s*" + re.escape(old) + r"\b",
                      "", rest, flags=re.I)
        text = text[:m.start()] + new + rest
    return text


def _without_taken_back(text: str) -> str:
    """The message without what it takes back before a "scratch that" / "never mind" said mid-message (see
    ``_RETRACTED``); the message as it is when nothing follows the marker or nothing but a reaction precedes it."""
    for m in reversed(list(_RETRACTED.finditer(text))):
        before, after = text[:m.start()], text[m.end():].lstrip(" .,!;:-–—…")
        if (named := _TAKEN_BACK_NAMED.match(text, m.end())) and _names_other(before, named):
            # "Only 2 of us now, scratch that bit about meals": the meals are taken back, never the count before
            rest = text[named.end():].lstrip(" .,!;:-–—…")
            head = before.rstrip(" ,;:-–—")
            return _without_taken_back((head + ("" if head.endswith((".", "!", "?")) else ".") + " " + rest).strip())
        if not re.search(r"\w", _ONLY_CLOSING.sub(" ", after)) or not re.search(r"\w", _REACTS.sub(" ", before)):
            # "ok never mind", "hmm, scratch that", "Yes, that's right, never mind. Thanks!": nothing taken back here
            # (read as the message says: a customer giving up, with thanks at most after it)
            continue
        sentences = [x for x in re.split(r"(?<=[.!?])\s+|\n+", before.strip()) if x.strip()]
        keep = sentences[:-1]
        if (last := _what_is_corrected(sentences[-1], after, mid=not re.search(r"[.!?]\s*$", before))) is not None:
            return _without_taken_back((" ".join(keep + [last]) + " " + after).strip())
        while keep and _REACTS.match(sentences[len(keep)]):  # "oh no, it's one seat left. never mind": its question too
            keep = keep[:-1]
        return _without_taken_back((" ".join(keep) + " " + after).strip())
    return text


# the kinds of detail a take-back corrects one for one: "May 28 for 3 people, scratch that, 2 people", "on May 27 -
# scratch that, May 28", "Arjun Smith scratch that Schmidt" (each with the words that lead it in: "for", "on")
_NUMBER_WORD = r"(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)"
_CORRECTED_KINDS = [
    ("count", re.compile(r"(?:\b(?:for|make it|make that|with|we(?:'re| are))\s+)?\b" + _NUMBER_WORD + r"\s+(?:people|persons?|"
                         r"ppl|pax|passengers?|adults?|travell?ers?|seats?|tickets?|of us)\b|\b(?:for|still|just|only|"
                         r"make it|make that)\s+" + _NUMBER_WORD + r"\b(?!\s*(?:[:/.]\d|am\b|pm\b|st\b|nd\b|rd\b|th\b))"
                         r"(?!" + _MONTH_AHEAD + r")",
                         re.I)),
    ("cabin", re.compile(r"(?:\b(?:in|make it)\s+)?\b(?:premium economy|economy|business|first class|premium)\b(?:\s+class)?",
                         re.I)),
    ("option", re.compile(r"\b(?:option|flight|number|#)\s*\d\b|\bthe (?:first|second|third|last|cheapest|earliest|"
                          r"latest|economy|business) one\b", re.I)),
]


def _corrected_spans(text: str) -> list[tuple[int, int, str]]:
    """The details of ``_CORRECTED_KINDS`` (and dates, with their "on") in the text, as (start, end, kind)."""
    out = [(s, e, "date") for s, e, _ in _date_hits(text)]
    out = [(m.start(), e, k) if (m := re.search(r"\b(?:on|for)\s+(?:the\s+)?$", text[:s], re.I)) else (s, e, k)
           for s, e, k in out]
    for kind, pat in _CORRECTED_KINDS:
        out += [(m.start(), m.end(), kind) for m in pat.finditer(text)
                if not any(a <= m.start() < b or m.start() <= a < m.end() for a, b, _ in out)]
    # "for 3 instead": the "instead" goes with what it follows
    return sorted((s, e + (m.end() if (m := re.match(r"\s+instead\b", text[e:], re.I)) else 0), k) for s, e, k in out)


def _what_is_corrected(sentence: str, after: str, mid: bool) -> str | None:
    """The sentence before a take-back with only what the take-back corrects removed, or None to drop it whole.
    A detail said after it (a date, a count, a cabin, a pick) replaces the last detail of its kind before it, the rest
    of the sentence stands ("hi, Chicago to Miami on May 28 for 3 people, scratch that, 2 people"); a capitalised word
    said alone after it replaces the word before it ("Arjun Smith scratch that Schmidt"); else, when the take-back
    stands in the middle of a sentence or speaks of what its last clause said ("... for 2, we're in a rush. scratch
    that, no rush"), only that clause goes."""
    def rest(left: str, right: str, sep: str = ",") -> str | None:  # the sentence left (closed by ``sep`` so that
        # "for 2" and "no rush" stay apart), None when only a reaction is left of it
        left = re.sub(r"[\s,;:.!?\-\u2013\u2014]*(?:\b(?:and|or|but|also|plus)\b)?[\s,;:.!?\-\u2013\u2014]*$", "", left)
        right = "" if not re.search(r"\w", right) else right.lstrip(" ,;:-\u2013\u2014")
        out = (left + " " + right).strip()
        return out + (sep if re.search(r"\w$", out) else "") if re.search(r"\w", _REACTS.sub(" ", out)) else None

    found = _corrected_spans(after)
    if not found and re.match(r"\W*" + _NUMBER_WORD + r"\s+(?:is|are|will|would|should|it is|it'?s|then|only|please)\b",
                              after, re.I):
        found = [(0, 0, "count")]  # "3 instead, scratch that, 2 is right"
    if found:  # each kind said after it replaces the last of its kind before it ("premium for 2? scratch that, the 3
        # of us in economy": both go, and with them the whole question)
        mine = {k: (s, e) for s, e, k in _corrected_spans(sentence) if k in {x[2] for x in found}}
        if mine:
            for s, e in sorted(mine.values(), reverse=True):
                sentence = sentence[:s] + " " + sentence[e:]
            return rest(sentence, "")
    word = re.fullmatch(r"\s*((?-i:[A-Z])[a-z'\-]+)\W*(?:,.*)?", after, re.S)
    if mid and word and word.group(1) != "I" and re.search(r"(?<=\s)(?-i:[A-Z])[a-z'\-]+\W*$", " " + sentence):
        return rest(re.sub(r"(?-i:[A-Z])[a-z'\-]+\W*$", "", sentence), "", "")  # "Arjun Smith scratch that Schmidt"
    clauses = re.split(r"\s*(?:[,;]|\s[-\u2013\u2014]\s)\s*", sentence.strip(" ,;:-\u2013\u2014"))
    if len(clauses) < 2:
        return None
    said = {w for w in re.findall(r"[a-z']{3,}", clauses[-1].lower())} - {"the", "and", "for", "that", "this", "you", "are",
                                                                        "was", "with", "just", "please"}
    if mid or said & set(re.findall(r"[a-z']{3,}", after.lower())):
        return rest(sentence.strip(" ,;:-\u2013\u2014")[:-len(clauses[-1])], "")
    return None


# a ride to or from the airport by someone else, said before the place: "my brother's driving us to LAX", "my dad's
# taking us to LAX", "giving us a lift to LAX", "will drop us at the airport in LA", "is picking us up at Rome
# airport": a way to the airport, no place of the flight (at a summary: the yes beside it is still a yes)
_RIDE_TO_AIRPORT = re.compile(r"(?:\bdriv(?:e|es|ing)\s+(?:us|me)|\bdrop(?:s|ping)?\s+(?:us|me)(?:\s+off)?"
                              r"|\bgiv(?:e|es|ing)\s+(?:us|me)\s+a\s+(?:lift|ride)|(?:'s|\bis|\bwill|'ll)\s+tak(?:e|ing)\s+(?:us|me)"
                              r"|\bpick(?:s|ing)?\s+(?:us|me)\s+up|\ba\s+(?:lift|ride))\s+(?:to|at|from)\s+"
                              r"(?:(?:the\s+)?airport\s+(?:in|at)\s+)?(?:the\s+)?$", re.I)


# a date of a card or a travel document, never a travel date: "exp 09/28", "expires 12/11/2031", "valid until
# 12 Nov 2031", "issued 3 June 2019", "date of issue: 03/06/2019", "born 4 Feb 1985", "DOB 1990-04-02", and a date
# said right after a card or passport number ("5127 8515 9727 3412 09/28 771") or right before a card's security
# code ("09/28 cvv 771"); a yes or a name beside it is still read (``_document_days_blanked``)
_DOCUMENT_CUE = re.compile(
    r"(?:\b(?:exp(?:iry|iration|ires?|iring|ired)?|valid(?:ity)?\s+(?:until|till|til|thru|through|to|from)|"
    r"good\s+(?:thru|through|until|till)|issued(?:\s+(?:in|at)\s+[A-Za-z]+)?|issue\s+date|date\s+of\s+(?:issue|expiry|"
    r"expiration|birth)|dob|d\.o\.b|born|birth\s*(?:date|day)|birthday|renewed|exp\s+date|mm\s*/\s*yy)\b\.?"
    r"(?:\s*(?:date\b|on\b|is\b|in\b|of\b|the\b|[:=\-\u2013(]))*\s*)$", re.I)
_DOCUMENT_NUMBER = re.compile(r"(?:\b(?:\d{4}[ -]?){3}\d{1,4}|\b(?:passport|pp|document|doc)\s*(?:no\.?|number|#)?\s*:?\s*"
                              r"[A-Z]{0,2}\d{6,9})\b[\s,;:/()\-]{0,4}$", re.I)
_SECURITY_CODE_AFTER = re.compile(r"[\s,;:/()\-]{0,4}(?:cvv|cvc|cv2|csc|security\s+code)\b", re.I)
_DOCUMENT_RANGE = re.compile(r"\s*(?:to|until|till|thru|through|-|\u2013|and\s+(?:expires?|expiring|valid\s+until))\s*"
                             r"(?:on\s+)?(?:the\s+)?$", re.I)

# a date turned down in the words after it, never the date wanted: "the 6th of december is too late", "5 May doesn't
# work", "June 3 is no good for us", "the 12th's too early"
_DAY_REJECTED = re.compile(r"\s*(?:,\s*)?(?:is|'s|was|would be|seems|looks)?\s*(?:(?:way|much|a bit|a little|far|just)\s+)?"
                           r"(?:too\s+(?:late|early|soon|far(?:\s+out)?)\b|no\s+good\b|not\s+(?:good|possible|ok(?:ay)?)\b"
                           r"|(?:does\s*n[o']?t|doesnt|won'?t|wont|will\s+not|isn'?t\s+going\s+to)\s+work\b)", re.I)

def _document_days_blanked(text: str) -> str:
    """``text`` with the dates of a card or travel document blanked (same length, so date spans keep their places)."""
    spans = sorted({(s, e) for s, e, _ in _date_hits(text)} | {m.span() for m in _NUMERIC_DATE.finditer(text)})
    out, prev = list(text), None
    for s, e in spans:
        before = text[max(0, s - 60):s]
        doc = (_DOCUMENT_CUE.search(before) or _DOCUMENT_NUMBER.search(text[max(0, s - 40):s])
               or _SECURITY_CODE_AFTER.match(text, e)
               or (prev is not None and prev[1] <= s and _DOCUMENT_RANGE.fullmatch(text[prev[1]:s])))
        if doc:
            out[s:e] = " " * (e - s)
            prev = (s, e)
    return "".join(out)


# "no" as the abbreviation of "number" before a document or card number: "passport no N51167130", "passport no.
# N5116713", "pp no: AB1234567", "card no 4111...", "booking ref no. BK..." (a bare "no", "no thanks" stay refusals)
_NUMBER_ABBREV = re.compile(
    r"\b((?:passport|pp|pport|card|credit card|debit card|booking|confirmation|conf|ref|reference|ticket|phone|mobile|"
    r"tel|account|acct|membership|loyalty|frequent flyer|ff|id|document|doc|visa|cc)\.?)\s*(?:no|nr|num|n°|nº)\b\.?"
    r"(?=\s*(?:[:#.=]|is\b:?)?\s*[A-Za-z]{0,3}[ -]?\d)", re.I)


# (a dash with a lower-case letter beside it only: "BK\u2013ZYZ\u2013BWR" is a reference typed in groups)
_SET_OFF = re.compile(r"\s*\|+\s*|(?<=[a-z\u00e0-\u00ff])\s?[\u2014\u2013]\s?(?=\S)|(?<=\S)\s?[\u2014\u2013]\s?(?=[a-z\u00e0-\u00ff])")

# a cancellation asked in a sentence of its own, after a question about one: "... Actually just cancel it.", "...? ok
# cancel it please" (not "Cancel? what would I get back?")
_CANCEL_SAID_AFTER = re.compile(r"[.!?]\s*(?:(?:actually|ok(?:ay)?|then|so|no|fine|right|well|alright|in that case)\W+)*"
                                r"(?:(?:please|pls|just|go ahead and|you can|you may)\s+)*cancel\b(?![^.?!]*\?)", re.I)

def _supposed_cancel(text: str) -> bool:
    """A cancellation only supposed ("if my plans change", "say I cancel", "hypothetically"), in a question about what
    it would bring, and no cancellation asked for outside that supposition."""
    m = _SUPPOSED_CANCEL.search(text)
    if m is None:
        return False
    rest = text[:m.start()] + " , " + text[m.end():]
    if not (_WHAT_BACK_ASKED.search(rest) or _WHAT_BACK_ASKED.search(m.group(0))):
        return False
    return not re.search(r"(?:^|[.!;,]\s*|\b(?:please|pls|just|so|then|and|(?:i|we)\s+(?:want|need|would like|'d like|wanna)"
                         r"(?:\s+to)?|go ahead and)\s+)(?:cancel|scrap|call off)\b", rest, re.I)


# --- a pasted form, read field by field (sky-customers-29 W1) --------------------------------------------------------
# "Date: 4 May\nPassengers: 1 adult", "- Date = 2026-05-04", "Pax\t2", "1. From - Boston", {"date": "4 May", "pax": 1}:
# each field ends with its line, so a number is read in its own field only (the day of "Date: 4 May" is never the
# count of the "Passengers" line under it), and the count lines together say the party ("1 adult", "2 adults + 1
# child" and "two adults and one kid" = 3; "Adults: 2" with "Children: 1" = 3). A signature's "Senior Manager, Room
# 204" under such a form is no field and is read as before.
_FORM_COUNT_LABEL = (r"(?:passengers?|pax|travell?ers?|people|persons|party(?:\s+size)?|group(?:\s+size)?|seats|tickets|"
                     r"guests|who|head\s*count|(?:no\.?|number|#)\s+of\s+(?:passengers|travell?ers|pax|people|persons|seats|"
                     r"tickets|guests))")
_FORM_KIND_LABEL = r"(?:adults?|children|child|kids?|infants?|babies|toddlers?|teens?|seniors?|students?|youths?)"
_FORM_LABEL = (r"(?:(?:lead\s+|passenger\s+|travell?er\s+|full\s+)?name|first\s*name|given\s*names?|last\s*name|surname|"
               r"family\s*name|from|to|origin|destination|dest|departure(?:\s+(?:date|city|airport))?|departing|depart|"
               r"outbound(?:\s+date)?|return(?:\s+date)?|returning|inbound(?:\s+date)?|date(?:\s+of\s+travel)?|"
               r"travel\s+date|dates?|when|route|trip|class|cabin|fare(?:\s+class)?|email|e-mail|phone|mobile|tel|"
               r"budget|notes?|" + _FORM_COUNT_LABEL + "|" + _FORM_KIND_LABEL + ")")
_FORM_LINE = re.compile(r"[ \t]*(?:[-*\u2022>]+[ \t]*|\d{1,2}[.)][ \t]+)?(?:\*\*|__)?[ \t]*(" + _FORM_LABEL + r")[ \t]*"
                        r"(?:\*\*|__)?[ \t]*(?:[:=]|[ \t]+[-\u2013\u2014][ \t]+|\t)[ \t]*(?:\*\*|__)?[ \t]*(.*?)[ \t]*", re.I)
_NAME_IN_FIELD = re.compile(r"(?-i:[A-Z])[a-z'-]+\s+(?-i:[A-Z])[a-z'-]+")  # a name beside a count
_JSON_OBJECT = re.compile(r"\{[^{}]*\}")
_JSON_PAIR = re.compile(r"[\"']([A-Za-z][A-Za-z_ .-]{0,30})[\"']\s*:\s*(\"(?:[^\"\\]|\\.)*\"|'[^']*'|-?\d+(?:\.\d+)?|"
                        r"true|false|null)", re.I)
_JSON_KEYS = {"first": "First name", "given": "First name", "firstname": "First name", "last": "Last name",
              "family": "Last name", "lastname": "Last name", "surname": "Last name", "fullname": "Name"}


def _json_fields(text: str) -> str:
    """A form pasted as JSON ({"name": "Omar Singh"}, {"first_name": "Omar", "last_name": "Singh"}, {"date": "4 May",
    "passengers": 1}): its pairs as lines of "Key: value" (an object within one is read first)."""
    if "{" not in text:
        return text

    def lines(m: re.Match) -> str:
        pairs = _JSON_PAIR.findall(m.group(0))
        inner = re.findall(r"(?m)^[A-Z][A-Za-z ]{0,30}: [^\n]+$", m.group(0))  # an object within, already read
        if not pairs and not inner:
            return m.group(0)
        out = inner
        for key, value in pairs:
            k = re.sub(r"[_.\-\s]+", " ", key).strip()
            k = _JSON_KEYS.get(k.lower().replace(" ", ""), k[:1].upper() + k[1:])
            v = value[1:-1] if value[:1] in "\"'" else value
            if v.lower() not in ("null", "false", ""):
                out.append(f"{k}: {v}")
        return "\n" + "\n".join(out) + "\n"

    for _ in range(3):  # the innermost objects first: {"passenger": {"first": "Omar", "last": "Singh"}}
        done = _JSON_OBJECT.sub(lines, text)
        if done == text:
            break
        text = done
    return text


def _field_count(value: str) -> int | None:
    """The party a form's count field says: "1 adult", "2", "two adults and one kid", "3 (adults and kids)", "none"."""
    v = value.strip().strip("\"'").strip()
    if re.fullmatch(r"(?i)(?:none|nil|no|n/?a|-+|0)\.?", v):
        return 0
    if m := re.fullmatch(r"\(?" + _N_WORD + r"\)?\.?", v, re.I):
        return text_rules.number_value(m.group(1))
    sizes = party_sizes(v)
    if len(sizes) == 1:
        return next(iter(sizes))
    if m := re.match(_N_WORD + r"(?![\w:/.-])", v, re.I):  # "3 (adults and kids)", "4 - me, my wife, 2 kids"
        return text_rules.number_value(m.group(1))
    return None


def _form_read(text: str) -> str:
    """A pasted form (two fields or more, one a line) with each field closed at its line's end, and its count lines
    made one "Passengers: N" line (a count field's kind words read: "1 adult" = 1, "Adults: 2" + "Kids: 1" = 3)."""
    text = _json_fields(text)
    rows = text.split("\n")
    fields = [(i, m) for i, row in enumerate(rows) if (m := _FORM_LINE.fullmatch(row))]
    if len(fields) < 2:
        return text
    total, kinds, counted = None, [], []
    for i, m in fields:
        label, value = re.sub(r"\s+", " ", m.group(1).strip()), m.group(2).strip()
        kind = re.fullmatch(_FORM_KIND_LABEL, label, re.I)
        if kind or re.fullmatch(_FORM_COUNT_LABEL, label, re.I):
            n = _field_count(value)
            if n is not None and (n or kind):
                if kind:
                    kinds.append(n)
                elif total is None:
                    total = n
                if not _NAME_IN_FIELD.search(value):  # ("Passenger: Omar Singh, 2 adults": the name line kept)
                    counted.append(i)
                    continue
        value = re.sub(r"(?:\*\*|__)\s*$", "", value).strip()
        rows[i] = f"{label}: {value}" + ("." if value and value[-1] not in ".!?,;:" else "")
    if total is not None or kinds:
        n = total if total is not None else sum(kinds)
        for i in counted:
            rows[i] = ""
        said = f"Passengers: {n}" if n else ""
        if counted:
            rows[counted[0]] = said
        else:
            rows.append(said)
    return "\n".join(rows)


# --- punctuation said as words by a customer who dictates (sky-customers-29 W3) ------------------------------------
# "... my name is Omar Singh period", "Omar Singh full stop", "Omar Singh comma thanks", "... new line thank you",
# "... question mark can you do it": the marks, never a part of the name. Said in lower case (as speech-to-text writes
# them, or "Period", "Full Stop" in any case); "Comma" with its capital only beside another mark word, and "colon",
# "dash" and "quote", which are also family names, only in lower case beside another mark word ("my name is Omar
# Comma", typed with its capital and nothing else dictated, stays a name). Not the words' own
# senses: "a period of two weeks", "the holiday period", "came to a full stop", "there's a question mark over it".
_MARK_WORDS = (r"full[ -]stop|period|comma|semi[ -]?colon|question[ -]mark|exclamation[ -](?:mark|point)|"
               r"new[ -](?:line|paragraph)|next[ -]line|(?:open|close|end)[ -]quote|unquote|open[ -]bracket|close[ -]bracket")
_MARK_SAID = re.compile(r"(?<![\w'-])(?<!\ba )(?<!\ban )(?<!\bthe )(?<!\bthis )(?<!\bthat )(?<!\bsame )(?<!\bwhole )"
                        r"(?<!\bgrace )(?<!\btrial )(?<!\bholiday )(?<!\bwaiting )(?<!\btime )(?<!\bpeak )(?<!\bbusy )"
                        r"(?<!\bnotice )(?<!\bhold )(?<!\bbooking )(?<!\brefund )(?<!\bschool )(?<!\bfestive )"
                        r"(?<!\bsummer )(?<!\bchristmas )(?<!\bshort )(?<!\blong )(?<!\bone )(?<!\bno )"
                        r"(" + _MARK_WORDS + r")(?![\w'-])(?!\s+(?:of|when|where|in which|between|over)\b)", re.I)
_MARK_SAID_TOO = re.compile(r"(?<![\w'-])(?-i:(colon|dash|hyphen|quote))(?![\w'-])")
_MARK_OF = {"full": ".", "period": ".", "comma": ",", "semi": ";", "semicolon": ";", "question": "?", "exclamation": "!",
            "new": ".\n", "next": ".\n", "open": " ", "close": " ", "end": " ", "unquote": " ", "colon": ":",
            "dash": " - ", "hyphen": "-", "quote": " "}


def _dictated_marks(text: str) -> str:
    """``text`` with the punctuation a dictating customer says as words written as the marks (the name reader's
    view: "my name is Omar Singh period" names Omar Singh)."""
    said = [m.group(1) for m in _MARK_SAID.finditer(text)]
    if not said:
        return text
    if said == ["Comma"] or said == ["COMMA"]:
        return text  # "my name is Omar Comma", typed with its capital and nothing else dictated: a name

    def mark(m: re.Match) -> str:
        return _MARK_OF[re.split(r"[ -]", m.group(1).lower())[0]]

    return _MARK_SAID_TOO.sub(lambda m: _MARK_OF[m.group(1)], _MARK_SAID.sub(mark, text))


# The reference target reads the same message several times in one turn (the turn itself, whether a confirmation
# accepts, a clause on its own), and scripted conversations repeat across seeds and fault profiles. The reading is
# a pure function of the text, what was asked, the last summary and the places the database knows (its flights and
# bookings are never read here), so it is kept for a while; each caller gets its own copy to change.
_PARSED: dict[tuple, Parsed] = {}
_PARSED_MAX = 4096


def _places_key(db) -> tuple | None:
    if db is None:
        return None
    return (tuple(sorted((code, a.city) for code, a in db.airports.items())), tuple(sorted(db.city_index.items())))


# (fix44i) a booking of its own for other people, asked once the customer's own hold or booking is made: "also book
# the same flight for my parents, 2 people", "book another 2 seats on that flight for my friends, under Tom Berg", "keep
# my hold and book a separate one for 2", "a separate booking for my colleague Tom Berg", "and one more for my parents on
# the same flight"; never the held seats booked ("turn the hold into a booking for 3", "book it, my son is coming too")
_OTHER_PARTY = re.compile(
    r"\b(?:for|under)\s+(?:my|our)\s+(?:[a-z-]+\s+)?(?:" + _KIN + r"|" + _REL_ONE_WORDS + r"s?|mates?|team(?:mates?)?|"
    r"coworkers|co-workers|clients|guests|bosses|managers|folks|neighbou?rs?)\b", re.I)
_SEPARATE_ONE = re.compile(
    r"\b(?:separate|second|2nd|another|extra|additional|new)\s+(?:one|booking|hold|reservation|ticket)\b|"
    r"\bone more\b|\banother\s+(?:\d{1,2}|two|three|four|five|six)\s+(?:seats?|tickets?|places?)\b|"
    r"\b(?:book|hold|reserve|get)\b[^.?!]{0,40}\bfor\s+(?:my|our)\s+[a-z-]+\s+(?:too|as well|also)\b|"
    r"\b(?:also|too|as well)\b", re.I)
_SAME_FLIGHT = re.compile(r"\b(?:same|that|this)\s+(?:flight|one|plane|trip|itinerary|route)\b|\bon it\b|"
                          r"\bseparate(?:ly)?\b|\b(?:second|another|extra|additional)\s+(?:booking|hold|reservation)\b", re.I)
_THE_HOLD_BOOKED = re.compile(r"\b(?:convert|turn|change|make|upgrade|switch)\b[^.?!]{0,20}\b(?:hold|it|this|that|them)\b"
                              r"[^.?!]{0,20}?\b(?:into|to|as)?\s*(?:a\s+)?(?:proper\s+|real\s+|full\s+|actual\s+|confirmed\s+|"
                              r"paid\s+)?(?:booking|reservation)\b|\b(?:confirm|book)\s+(?:the|my|our)\s+(?:hold|held seats)\s+"
                              r"(?:as|into)\b|\bfrom\s+(?:a\s+)?hold\s+(?:in)?to\s+(?:a\s+)?(?:proper\s+|full\s+)?booking\b", re.I)


def other_party_booking(text: str) -> bool:
    """(fix44i) ``text`` asks for a separate booking (or hold) for other people on the same flight (``_OTHER_PARTY``
    with ``_SEPARATE_ONE`` and ``_SAME_FLIGHT``), not the customer's own seats booked or changed."""
    t = (text or "").replace("\u2019", "'")
    if _THE_HOLD_BOOKED.search(t) or "?" in t and not re.search(r"\b(?:can|could|would) you\b", t, re.I):
        return False
    if re.search(r"\b(?:and|&|\+|plus)\s+(?:me|myself|i)\b|\b(?:me|myself)\s+(?:and|&|\+)\s|\bfor (?:us|all of us|both of us)\b|"
                 r"\b(?:instead of|rather than)\b", t, re.I):
        return False  # ("book the same flight for my wife and me too": the speaker flies too, no other party's booking)
    if re.search(r"\b(?:separate|second|2nd|another|extra|additional)\s+(?:one|booking|hold|reservation)\b", t, re.I) \
            and _SAME_FLIGHT.search(t) and (_OTHER_PARTY.search(t) or re.search(r"\bfor\s+(?:\d{1,2}|one|two|three|four|"
                                                                             r"five|six)\b|\bunder\b", t, re.I)):
        return True
    return bool(_OTHER_PARTY.search(t) and _SEPARATE_ONE.search(t) and _SAME_FLIGHT.search(t)
                and re.search(r"\b(?:book|booking|hold|reserve|seats?|tickets?|places?|one more|another)\b", t, re.I))


# (fix44i) the name a booking is to be under, said at its summary in place of the one shown: "it's not for me, it's for
# my sister Mia Okafor", "the booking should be in my wife's name, sara Okafor", "the ticket must match my passport: Aisha
# Boateng", "I go by Aisha Boateng now", "make the booking out to Kofi Mensah", "change the name to Kofi Mensah"
_NEW_NAME_CUE = re.compile(
    r"(?:\b(?:it'?s|its|it is|this is|that'?s|booking is|ticket is)\s+for\s+(?:my|our)\s+[a-z-]+(?:\s+[a-z-]+)?\s*,?\s*"
    r"|\b(?:in|under)\s+(?:my|our)\s+[a-z-]+(?:'s|s')\s+name\s*[,:-]?\s*(?:(?:which is|it'?s|namely)\s+)?"
    r"|\bmatch(?:es)?\s+(?:my|the|his|her|their)\s+passport\s*[,:-]?\s*(?:(?:which says|it says|that says|so)\s+)?"
    r"|\bpassport\s+(?:says|reads|has)\s*:?\s*"
    r"|\b(?:i|we)\s+(?:go|goes)\s+by\s+|\b(?:i'?m|i am)\s+(?:now\s+)?(?:called|known as)\s+"
    r"|\b(?:make|write|put|issue|make out)\s+(?:the\s+)?(?:booking|ticket|tickets|reservation|it|them)\s+out\s+to\s+"
    r"|\b(?:change|switch|update|correct|set)\s+(?:the\s+)?(?:name|passenger|traveller|traveler|lead passenger|booking name)"
    r"(?:\s+on\s+(?:it|the booking|the ticket))?\s+to\s+"
    r"|\b(?:booking|ticket|reservation)\s+(?:should|must|needs to|has to)\s+(?:be\s+)?(?:in|under)\s+(?:the\s+name\s+(?:of\s+)?)?)"
    r"(?<![\w'\-])(?P<first>[^\W\d_][\w'\-]*)\s+(?P<last>[^\W\d_][\w'\-]*)"
    r"(?=\s*(?:[.,;!)]|$|\s+(?:now|please|pls|instead|thanks|thank you|then|from now on|these days)\b))", re.I)
# the surname alone put in place of the one shown: "Okafor is my old name, use Boateng", "change the surname to Boateng
# please", "update my last name to Boateng"
_NEW_SURNAME_CUE = re.compile(
    r"(?:\b(?:change|switch|update|correct|set)\s+(?:the\s+|my\s+)?(?:sur|last\s+|family\s+)name\s+to\s+"
    r"|\b[^\W\d_][\w'\-]*\s+is\s+my\s+(?:old|former|previous|maiden|ex-?husband'?s|ex-?wife'?s)\s+(?:sur|last\s+|family\s+)?name"
    r"\s*[,;.-]*\s*(?:(?:so|please|pls|now)\s+)?(?:use|it'?s|its|it is|now|put|book it under|the new one is|my new one is)\s+)"
    r"(?<![\w'\-])(?P<last>[^\W\d_][\w'\-]*)(?=\s*(?:[.,;!)]|$|\s+(?:now|please|pls|instead|thanks|thank you)\b))", re.I)


def name_change_at_summary(text: str) -> tuple[str | None, str] | None:
    """(fix44i) (first, last) the booking is asked to be under instead (``_NEW_NAME_CUE``), or (None, last) for a
    surname alone (``_NEW_SURNAME_CUE``), capitalised; None when no such change is said (or a word found is no name)."""
    t = (text or "").replace("\u2019", "'")
    if "?" in t:
        return None
    cap = lambda w: "-".join(q[:1].upper() + q[1:] for q in w.split("-")) if w.islower() else w  # noqa: E731
    if (m := _NEW_NAME_CUE.search(t)) and not any(w.lower() in _NOT_NAMES for w in (m.group("first"), m.group("last"))):
        return cap(m.group("first")), cap(m.group("last"))
    if (m := _NEW_SURNAME_CUE.search(t)) and m.group("last").lower() not in _NOT_NAMES:
        return None, cap(m.group("last"))
    return None


def parse(text: str, db, expecting: str | None = None, summary: str = "") -> Parsed:
    """Read one customer message (``_parse_uncached``), kept for the next reading of the same message."""
    key = (text, expecting, summary, _places_key(db))
    hit = _PARSED.get(key)
    if hit is None:
        hit = _parse_uncached(text, db, expecting, summary)
        if _PARSED_MAX:  # (0: nothing kept; scripts/bench_language.py times the readings without the memo)
            if len(_PARSED) >= _PARSED_MAX:
                del _PARSED[next(iter(_PARSED))]  # the oldest reading
            _PARSED[key] = hit
    return copy.deepcopy(hit)


def _parse_uncached(text: str, db, expecting: str | None = None, summary: str = "") -> Parsed:
    """Read one customer message; ``expecting`` is what the target just asked for ('name',
    'last_name', 'passengers', ...), which lets a bare reply count as that; ``summary`` is the
    target's last message (a confirmation may repeat what it said)."""
    places_ = place_names(db)
    text = _NUMBER_ABBREV.sub(lambda m: m.group(1) + " number", text or "")  # "passport no N51167130": no refusal
    # "Ingrid Larsen | 2 adults", "Ingrid Larsen—just me": a bar or a dash typed without spaces sets off a part
    text = _SET_OFF.sub(lambda m: ", " if "|" in m.group(0) else " \u2014 ", text)
    typed = _joined_booking_ids(_without_taken_back(_self_corrected(_joined_booking_ids(text or ""), places_)))
    typed = _pick_retyped(typed, _options_in_view(summary))  # "option 1, no wait, option 2": option 2 (fix43d)
    text = _MD_FIELD.sub(lambda m: "\n" + m.group(1).strip() + ": ", fix_typos(typed))
    text = _form_read(text)  # a pasted form, field by field ("Date: 4 May\nPassengers: 1 adult" is 1)
    p = Parsed(text=text)
    found = _find_places(text, db, expecting)
    p.places = [pl for pl in found if not _RIDE_TO_AIRPORT.search(text[max(0, pl.start - 60):pl.start])]
    rode = len(p.places) < len(found)  # the ride's clause picks no flight either ("taking us to LAX that morning")
    _assign_roles(p)
    p.unknown_place = _unknown_place(text, p, expecting, db)
    _other_airports(text, p, expecting)

    hits = [h for h in _date_hits(text) if not _BIRTH_CUE.search(text[max(0, h[0] - 25):h[0]])]  # "dob 1990-04-02"
    weekday_named = _weekday_name(text) if expecting in ("name", "last_name") else None
    if weekday_named and db is not None and any(w.lower() in db.city_index or w.upper() in db.airports or
                                                w.lower() in {c.lower() for c in db.city_index} for w in weekday_named):
        weekday_named = None  # "Friday Paris": a day and a place
    if weekday_named:  # "Sunday Adeyemi", "Grace Friday" said when a name is asked: a name, no travel day
        hits = []
    hits = [h for h in hits if not (re.fullmatch(r"(?i)today|tonight|now|tomorrow|tmrw|day after tomorrow", text[h[0]:h[1]]) and re.search(
        r"(?i)\b(?:pay|paying|payment|paid|charge|charged|charging|card)\b\W+(?:\w+\W+){0,2}$", text[max(0, h[0] - 30):h[0]]))]
    # "no payment today", "don't charge me today": no travel date
    hits = [h for h in hits if not (re.fullmatch(r"(?i)today|tonight|tomorrow|tmrw|day after tomorrow", text[h[0]:h[1]]) and re.search(
        r"(?i)\b(?:hold|keep|save|reserve|set aside|park|block|hang on)\b.{0,40}\b(?:until|till|til|'til|up to)\s+(?:the\s+)?$",
        text[max(0, h[0] - 60):h[0]]))]  # "can you hold option 1 till tomorrow?": how long the hold lasts, no travel date
    if is_deferral(text):  # "I'll decide tomorrow", "call you back today" put a decision off, not a trip date
        hits = [h for h in hits if not (re.fullmatch(r"(?i)today|tonight|tomorrow|day after tomorrow", text[h[0]:h[1]])
                                        and re.search(r"(?i)\b(decide|think|come back|call|get back|confirm|let you know|"
                                                      r"tell you|check|talk|sleep on it|later)\b[^.]{0,25}$", text[:h[0]]))]
    # the same put-off said by the speaker beside a hold ("put it on hold, I confirm with my wife tonight", "hold please,
    # I decide by tomorrow"), which is_deferral does not call a put-off
    hits = [h for h in hits if not (re.fullmatch(r"(?i)today|tonight|tomorrow|tmrw|day after tomorrow", text[h[0]:h[1]])
                                    and _DECIDES_BEFORE.search(text[max(0, h[0] - 60):h[0]]))]
    # a day of someone not on this booking, or of money coming in ("my son comes tomorrow on his own booking", "my
    # wages come in on the 5th"): no date of this trip (``_others_days_blanked``)
    papers = _document_days_blanked(text)  # "exp 09/28", "issued 3 June 2019": a card's or a passport's date
    hits = [h for h in hits if papers[h[0]:h[1]] == text[h[0]:h[1]]]
    turned_down = [h for h in hits if _DAY_REJECTED.match(text, h[1])]  # "the 6th of december is too late, ... the 29th"
    hits = [h for h in hits if h not in turned_down]
    wanted = "".join(" " if any(a <= i < b for a, b, _ in turned_down) else c for i, c in enumerate(text))
    mine = _others_days_blanked(papers)
    theirs = [h for h in hits if mine[h[0]:h[1]] != papers[h[0]:h[1]]]
    p.others_day = bool(theirs) or (mine != papers and _shift(papers) is not None and _shift(mine) is None)
    hits = [h for h in hits if h not in theirs]
    # "hold it, I'll call back on Monday to pay", "I get paid on Friday", "will confirm tmrw": when the customer pays or
    # decides, not a travel date (a day of the week or a relative day, said with paying, confirming or calling back)
    paying = [h for h in hits if re.fullmatch(r"(?i)(?:on\s+)?(?:today|tonight|tomorrow|tmrw|day after tomorrow|(?:this\s+|next\s+)?"
                                              r"(?:" + _WD_RE + r"))", text[h[0]:h[1]])
              and (_PAY_CUE_BEFORE.search(text[max(0, h[0] - 40):h[0]]) or _PAY_CUE_AFTER.match(text, h[1]))]
    if paying:
        p.pay_day = paying[0][2]
        hits = [h for h in hits if h not in paying]
    # "the wedding is tomorrow morning. Tokyo to Seattle 4 Aug": the day of the event that makes it urgent, beside the
    # travel day said, is no travel day (alone, "my flight leaves in 3 hours", it is the day wanted, as before)
    spans = [m.span() for m in _URGENT_EVENT.finditer(text)]
    event_days = [h for h in hits if any(a <= h[0] < b for a, b in spans)]
    if event_days and len(event_days) < len(hits):
        hits = [h for h in hits if h not in event_days]
    # "hold a seat till Friday", "can you keep them until the 20th?", "put it on hold until tomorrow": how long the
    # seats are to be held, never a travel date (the target says how long a hold lasts)
    held = [h for h in hits if _HOLD_UNTIL.search(text[max(0, h[0] - 50):h[0]])]
    if held:
        p.pay_day = p.pay_day or held[0][2]
        hits = [h for h in hits if h not in held]
    if _FLIGHT_ID.search(text) and _STATUS_OF_FLIGHT.search(text):
        # "Is my flight tomorrow on time, SA2534?": a question about that flight, on the day the customer thinks it
        # flies; no trip date to search (the target says when it really departs)
        day = [h for h in hits if re.fullmatch(r"(?i)today|tonight|tomorrow|tmrw|day after tomorrow", text[h[0]:h[1]])]
        p.day_asked = day[0][2] if day else None
        hits = [h for h in hits if h not in day]
    split = _SPLIT_NOW.search(text)
    if split:  # "9 today and the rest tomorrow": when each part goes, not a trip date
        hits = [h for h in hits if not (h[0] >= split.start() and re.fullmatch(
            r"(?i)today|tonight|tomorrow|day after tomorrow|next week", text[h[0]:h[1]]))]
    hits = [h for i, h in enumerate(hits) if not (i + 1 < len(hits) and _DATE_CORRECTION.fullmatch(text[h[1]:hits[i + 1][0]]))]
    # "5th sep, actually no, 16 aug": the date said last is the one meant
    plain: list[str] = []
    for k, (s, _e, iso) in enumerate(hits):
        p.dates.append(iso)
        before = text[max(0, s - 40):s]
        if k + 1 < len(hits) and not plain and (_DATE_PAIR_JOIN.fullmatch(text[_e:hits[k + 1][0]]) or (
                _ROUND_TRIP_BEFORE.search(before) and _DATE_PAIR_WORD.fullmatch(text[_e:hits[k + 1][0]]))):
            plain.append(iso)  # "rtn 25sep/11jan", "return, 13jun-21sep", "rtn 4 May to 6 Dec": out and back
        elif ((cue := _RETURN_CUE.search(_PUSH_BACK.sub(" ", before))) and p.return_date is None
              and not _OUT_CUE.search(_PUSH_BACK.sub(" ", before)[cue.end(1):])):
            p.return_date = iso
        else:
            plain.append(iso)
    if plain:
        p.date = plain[0]
        if re.search(r"\bweekend\b", text, re.I) and len(plain) == 1 and date.fromisoformat(plain[0]).weekday() == 5:
            p.alt_date = (date.fromisoformat(plain[0]) + timedelta(days=1)).isoformat()  # "this weekend": Sunday too
        if len(plain) == 2 and not p.return_date and re.search(r"\bor\b|\beither\b|\balternatively\b", text, re.I) and \
                not re.search(r"round[- ]trip|\breturn|\bback\b", text, re.I):
            p.alt_date = plain[1]  # "either october 31 or may 4": the second is an alternative, not a return
        if p.return_date is None and len(plain) > 1 and re.search(r"round[- ]trip|\breturn|\bback\b|\brtn\b|\bret\b",
                                                                  text, re.I) \
                and not p.alt_date:
            p.return_date = plain[1]

    if (len(hits) == 1 and p.date and not p.return_date and _CLARIFIED_DAY.search(text[:hits[0][0]])
            and _RETURN_NAMED.search(text[:hits[0][0]]) and not _OUT_CUE.search(text[:hits[0][0]])
            and not _OUT_CUE.search(text[hits[0][1]:hits[0][1] + 20])):
        p.date, p.return_date = None, p.date  # "could we make the return a week earlier? So 2026-11-29.": the return's
    if moved := _new_of_two_dates(text, hits):  # "move it from 24 November to 17 September": the new one is searched
        p.date, p.dates, p.return_date, p.alt_date = moved[0], [moved[0]], None, None
    if p.date and not p.return_date:
        # (not in a clause about someone else's day: "my mum arrives back from Spain on the 25th, doesnt matter")
        p.return_date = _return_after(mine, p.date)  # "leaving June 3, back a week later", "back on the 30th"
        if p.return_date:
            p.dates.append(p.return_date)
    elif p.date and (m := _BACK_WD_AFTER.search(text)) and m.group(2) and (after := _return_after(text, p.date)):
        p.dates = [after if d == p.return_date else d for d in p.dates]  # "back the following Monday": after the
        p.return_date = after  # outbound, never the coming Monday
    if not p.dates and not _BARE_DAY.search(wanted) and (m := _BARE_SPELLED_DAY.search(wanted)):
        # (fix44h) "wrong date, I said the twenty-ninth", "on the thirtieth": a day spelled out, read as "the 29th"
        n = _ORDINAL_WORDS[re.sub(r"\s+", " ", m.group(1).lower())]
        wanted = wanted[:m.start(1)] + f"{n}th".ljust(len(m.group(1))) + wanted[m.end(1):]
    if not p.dates and (m := _BARE_DAY.search(wanted)):
        p.day_of_month = int(m.group(1))
        p.pay_day_of_month = _pay_day(text, m.start(1), m.end())
        if _HOLD_UNTIL.search(text[max(0, m.start(1) - 50):m.start(1)]):  # "hold them until the 20th": how long
            held_to = day_of_month_from(p.day_of_month, NOW.year, NOW.month, NOW.date())  # to hold, no travel day
            p.day_of_month, p.pay_day = None, p.pay_day or (held_to.isoformat() if held_to else None)
    if not p.dates and (m := _MONTH_ALONE.search(wanted)):
        p.month_named = MONTHS[(m.group(1) or m.group(2)).lower()]
    elif not p.dates and _NEXT_MONTH.search(text):  # "end of next month": the month after today's
        p.month_named = NOW.month % 12 + 1

    plain = text.replace("\u2019", "'")
    p.pax_change, p.pax_joining, p.pax_more, span = _count_change(plain)
    if (added := added_people(plain)) is not None:
        p.pax_added = added[0] or 0
    if span is not None and (kin := re.search(r"\b" + _KIN + r"\b", plain[span[0]:span[1]], re.I)):
        p.pax_kin = kin.group(0).lower()
    p.pax_alongside = (p.pax_joining and p.pax_change == 1 and span is not None
                       and bool(re.match(r"[^.!?;,]*?\bwith (?:me|us)\b", plain[span[0]:], re.I))
                       and not re.search(r"\b(?:too|also|as well|now|another|more|extra|add\w*|plus|join\w*|new)\b",
                                         plain, re.I))
    # "remove one passenger" changes the count; it does not state one
    cities = place_words(db)
    counts = party_sizes(text, cities)
    if (span is not None and _KIND_BEFORE.search(plain[:span[0]]) and counts
            and not re.search(r"\b(?:more|extra|additional|further|another)\b", plain[span[0]:span[1]], re.I)):
        p.pax_change, p.pax_joining, p.pax_more, span = None, False, False, None  # "2 adults plus 1 infant": one party
    if (span is not None and p.pax_joining and p.pax_change and p.pax_change > 0
            and (_ONE_SEAT.search(text[:span[0]]) or _ALONE.search(text[:span[0]])) and not _alone(text)
            and not _OTHER_TRIP.search(text[span[0]:])  # ("... on a separate booking": not on this one)
            and not re.search(r"(?:\band|&|\+|\bplus|,)\s*$", text[:span[0]], re.I)  # (not the end of a list)
            and not (_ONE_SEAT.search(text[span[1]:]) or _ALONE.search(text[span[1]:]) or _ALONE_NEGATED.search(text))
            and set(party_sizes(text[:span[0]] + " " + text[span[1]:], cities)) <= {1}):
        # "one seat for me. the missus is coming along too, and her mum", "Only me. my wife is coming too, and our two
        # kids": the one seat is the speaker's, and those who join come besides (3, 4)
        counts = _Counts({1 + p.pax_change})
        counts.reasons = {_ENUMERATED}
    elif (_ENUMERATED not in counts.reasons and span is not None
            and not ((_ALONE.search(text) or _for_me_alone(text)) and not _alone(text))):
        # (never when the joiner takes back an "only me" or a trip's "for me.": "only me at first but my sister is
        # flying with me too", "... 23 July for me. My wife is coming too.": the speaker and who joins)
        counts = party_sizes(text[:span[0]] + " " + text[span[1]:], cities)
    elif (span is not None and p.pax_joining and p.pax_change and p.pax_change > 0 and _for_me_alone(text)
          and not _ALONE.search(text) and max(counts, default=p.pax_change) == p.pax_change):
        counts = _Counts({1 + p.pax_change})  # "... for me. My 2 kids are coming too.": the speaker and the two
        counts.reasons = {_ENUMERATED}
    elif (_ENUMERATED in counts.reasons and span is not None and p.pax_joining and p.pax_change and p.pax_change > 0
          and (kin := re.search(r"\b" + _KIN + r"\b", plain[span[0]:span[1]], re.I))
          and not re.search(r"\b" + re.escape(kin.group(0)) + r"\b", plain[:span[0]] + " " + plain[span[1]:], re.I)
          and party_sizes(text[:span[0]] + " " + text[span[1]:], cities) == counts):
        # a companion said in a sentence of its own after the party's list ("for me and my son. My wife's flying with
        # us too."): one more than the list, never already in it
        counts = _Counts({max(counts) + p.pax_change})
        counts.reasons = {_ENUMERATED}
    if counts:
        p.passengers = max(counts)
        p.pax_change, p.pax_joining, p.pax_more = (None, False, False) if _ENUMERATED in counts.reasons else \
            (p.pax_change, p.pax_joining, p.pax_more)
    elif m := _STILL_COUNT.fullmatch(text):  # "still 2", "no, still just 2 of us": the party as it was, a count
        p.passengers = text_rules.number_value(m.group(1) or m.group(2))
    elif expecting == "passengers" and (m := _TOTAL_COUNT.fullmatch(text)):  # "How many in total?" - "5 altogether"
        p.passengers = text_rules.number_value(m.group(1))
    elif split:  # "ok then 9 now and 5 later": this booking's share
        p.passengers = text_rules.number_value(split.group(1))
        p.split_now = True
    elif expecting == "passengers" and (m := _SPLIT_INTO.search(text)):  # "ok split it, 9 and 3": the first share now
        p.passengers = text_rules.number_value(m.group(1))
        p.split_now = True
    elif m := _MAKE_IT.search(text):  # "fine, make it 9 then": a new count
        p.passengers = text_rules.number_value(m.group(1))
    elif expecting == "passengers" and not p.dates and len(nums := _LONE_NUMBER.findall(text)) == 1:
        p.passengers = text_rules.number_value(nums[0])  # "How many?" - "ok we'll split it, 9 for now"
    if (m := _SHARE_THEN_REST.search(text)) and (n := text_rules.number_value(m.group(1))):
        p.passengers, p.split_now = n, True  # "4 on SA6331 and the remaining 3 on a later flight": 4 now, never 3
    if p.passengers is None and (m := _FIRST_N.search(text)):
        p.passengers = text_rules.number_value(m.group(1))  # "book the first 5": this booking's share of the group
    if shares := split_shares(text):  # "two bookings, one for 9 and one for 4": 9 now, and the 4 kept for the next
        p.passengers, p.split_now, p.split_rest = shares[0], True, shares[1]
    rest_lead = _shares_named(text, p)  # "split it 9 + 3, the 3 under Emre Yilmaz": Emre leads the 3, not this booking
    if expecting == "passengers":
        _split_reading(text, p, cities)  # "ok 5 and 5 then", "split it in half" at the count question
    p.recount = recount(text)
    part = _PART_OF_PARTY.search(plain)
    if part and (n := part.group("n") or part.group("n2")):  # "one of the two passengers", "reduce it ... to 1"
        p.passengers = text_rules.number_value(n)
    p.part_of_party = bool(part)
    p.total_asked = bool(_TOTAL_ASK.search(text))
    if expecting == "passengers" and p.passengers and not (p.split_now or p.part_of_party or p.recount):
        # "my two brothers are coming as well": 3, the speaker too; "2 kids with me": 3, the speaker counted already
        n = p.passengers if _speaker_listed(counts, text) else _with_speaker_count(text, p.passengers)
        p.pax_household = n != p.passengers and _household_count(text.replace("\u2019", "'")) == n
        if n != p.passengers:
            p.passengers, p.pax_change, p.pax_joining, p.pax_more = n, None, False, False
    if (expecting == "passengers" and p.passengers is None and p.pax_change and not (p.split_now or p.part_of_party)
            and (household := _household_count(plain)) is not None):
        p.passengers, p.pax_household = household, True  # "husband plus 3 kids": the household and the speaker (5)
        p.pax_change, p.pax_joining, p.pax_more = None, False, False
    if expecting == "passengers" and (m := _PLUS_N_ANSWER.fullmatch(plain)):
        p.passengers = (text_rules.number_value(m.group(1)) or 0) + 1  # "How many?" - "plus one": the speaker and one
        p.pax_change, p.pax_joining, p.pax_more = None, False, False
    only_them = expecting == "passengers" and p.passengers is None and bool(_ONLY_THEM.search(plain))
    if only_them:  # "How many passengers?" - "just him", "I won't be flying, only him": the one other traveller
        p.passengers = 1
    if (m := _FOR_OTHER.search(text)) and not _WITH_SPEAKER.search(text) and not _OTHERS_TOO.search(text):
        p.for_other = re.sub(r"^(?:coll?egue|coleague)$", "colleague", next(g for g in m.groups() if g).lower())
    p.for_me = not p.passengers and not p.pax_change and bool(_FOR_ME.search(text) or _FOR_ONE.search(text)) \
        and not _OTHERS_TOO.search(text)  # "for my mother ..., she and my kids": how many is asked, not one
    m = re.fullmatch(_OK_LEAD + r"(?:(?:" + _RETURN_DECLINED + r")\s*(?:[,.;:]|[-\u2013\u2014]+)?\s*(?:(?:and|but|just|only)\s+)?)?"
                     r"(?:(?:for (?:me|us),? )?(?:it's |its |it is )|just |only |for |we are |we're )?(\d{1,2}|" + "|".join(text_rules.NUMBER_WORDS) +
                     r")\s*(?:(?:[,.;:]|\s*[-\u2013\u2014]+)?\s*(?:(?:and|but)\s+)?(?:please|pls|plz|thanks|then|cheers|" + _NUMBER_OK + "|"
                     + _RETURN_DECLINED + "|" + _RETURN_TAKEN + r"))*[.!]*\s*",
                     text, re.I)
    if m:
        p.number = text_rules.number_value(m.group(1))
    elif (m := _NUMBER_THEN_ONE_WAY.fullmatch(text)) and _one_way_said(m.group(2)) and not re.search(r"\d", m.group(2)):
        p.number = int(m.group(1))  # "3 pls - dont need return", "2 (one way)", "2 - I'm relocating": the number first
    elif m := _PICK_THEN_BOOK.fullmatch(text):
        p.number = int(m.group(1))  # "1 yes book it", "1!!! BOOK NOW", "i take 1 comma book it period": the option,
        # and a go-ahead (a summary is still asked), never a yes to the return flight offered with the list
    m = re.search(r"\b(?:a|an|our|my)\s+(?:[a-z-]+\s+)?(?:team|squad|group|party|family|class|choir|band|crew|club|delegation)"
                  r"\s+of\s+(\d{1,2}|" + "|".join(text_rules.NUMBER_WORDS) + r")\b", text, re.I)
    if m and p.passengers is None:
        p.passengers = text_rules.number_value(m.group(1))
    m = re.search(r"\bme and (\d|one|two|three|four|five|six|seven|eight) (others|friends|colleagues|kids|children)\b", text, re.I)
    if m and p.passengers is None:
        n = text_rules.number_value(m.group(1))
        if n:
            p.passengers = n + 1

    if not p.dates:
        p.date_readings = numeric_date_readings(mine)
        p.shift_days = _shift(mine)  # ("my colleague lands the day after, she's sorted": her day, no shift)
        days = list(dict.fromkeys(_SUMMARY_DAY.findall(summary or "")))
        if (p.shift_days is None and len(days) in (1, 2) and _NEXT_WEEK_SAID.search(mine) and not _NEXT_WEEK_ASIDE.search(mine)
                and re.search(r"\bShall I\b|\bI found\b|\bWhich flight would you like\b", summary or "")):
            # "yes but for next week", "actually next week", "the week after" at a summary or a listing dated D (a round
            # trip's two dates: both): D + 7 days, searched and summarised before any yes (never the same date offered
            # back) (fix43d, skyA E4)
            p.dates = [(date.fromisoformat(d) + timedelta(days=7)).isoformat() for d in days]
            p.date = p.dates[0]
            p.return_date = p.dates[1] if len(p.dates) > 1 else p.return_date
    elif len(p.dates) == 1 and [k for *_, k in _date_hits_by_kind(text)] == ["wd"] and (
            (m := _WD_FOLLOWING.search(text)) or (_shift(text) is not None and (m := re.search(r"\b(" + _WD_RE + r")\b",
                                                                                           text, re.I)))):
        p.weekday_after, p.shift_days = WEEKDAYS[m.group(1).lower()], _shift(text)  # the target reads it in a change
    elif _BOOKING_ID.search(text) and (moved_from := _moved_from_said_date(text)) is not None:
        # "booking BK..., flying July 3rd. Could you push it back a week?": the date said is the booking's own, and
        # the move is relative to it (read against the booking looked up); the old date is never searched
        p.shift_days, p.weekday_after = moved_from
        p.date, p.dates, p.return_date = None, [], None
    elif p.return_date and not p.date:  # "04/05 return 6 December": the outbound date is asked, the return kept
        p.date_readings = numeric_date_readings(text, "out")
    moved_date = None
    if (len(p.dates) == 1 and not p.return_date and p.weekday_after is None
            and (moved_date := _date_then_shift(mine, p.dates[0])) is not None):
        # (fix44h) "move it to X. no wait, the day after", "sorry, we can't make X after all, try a day later", "not X,
        # the day before": X turned down, and the day moved from it is the date
        p.dates, p.date = [moved_date], moved_date
    if (len(p.dates) <= 1 and not p.return_date and not p.others_day and p.weekday_after is None
            and (around := days_around(mine))):
        p.around_days = around  # "or the day before/after?": those days too, the day kept (the target drops the
        # shift read beside it where a listing is in hand; elsewhere, "move my booking to the day before or after", the
        # shift stays)
    if p.date_readings and not p.return_date and p.date_readings != numeric_date_readings(text, "return"):
        p.return_readings = numeric_date_readings(text, "return")  # "04/05 ret 06/12": both are asked, in turn
    elif p.date and not p.return_date and re.search(r"round[- ]trip|\breturn|\bret\b|\brtn\b|\bback\b", text, re.I):
        p.return_readings = numeric_date_readings(text, "return")  # "4 May ret 06/12"

    abandon, drop_trip = _ABANDON.search(plain), _DROP_TRIP.search(plain)
    if ((drop_trip or abandon) and (no_back := _NO_RETURN.search(plain))
            and no_back.start() <= (drop_trip or abandon).start()):  # ("never mind the return": the return only)
        # "No return flight, I don't need it anymore.": the return is dropped, not the trip (a one-way)
        drop_trip = abandon = None
        p.intents.add("no_return")
    dropped = abandon or drop_trip
    named = text if dropped is None else text[:dropped.start()] + " " * len(dropped.group(0)) + text[dropped.end():]
    if rest_lead:  # the other share's lead is no name for this booking
        named = named[:rest_lead[0]] + " " * (rest_lead[1] - rest_lead[0]) + named[rest_lead[1]:]
        # nor is this share's own, said beside the name: "Noah Papadopoulos for the 9, ...", "... leads the big group"
        named = _THIS_SHARE.sub(lambda m: " " * len(m.group(0)), named)
    named = NAME_FIELD.sub("Name:", named)  # a pasted "Traveller: Mateo Larsen" reads as "Name: Mateo Larsen"
    if re.search(r"(?:^|\n)\W*name\s*:", named, re.I):
        named = re.sub(r"(?<=\w)[ \t]*\n", ".\n", named)  # a field ends with its line ("Mateo Larsen", not "... Route")
    named = re.sub(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", " ", named)  # "send it to hannah@example.com": no name "Com"
    for pii in (text_rules.PASSPORT, text_rules.CARD):  # "Diego Fischer passport Z28421383": the name, then the number
        named = pii.sub(lambda m: ", " + " " * (len(m.group(0)) - 2), named)
    named = re.sub(r"\b(?:passport|card)(?:\s+(?:no\.?|number|nr|#))?\s*[:#]?\s*(?=,)", lambda m: " " * len(m.group(0)),
                   named, flags=re.I)
    # "I Grace Singh": the pronoun before a name (a missing "am"), not the initial of a given name
    named = re.sub(r"^(\W*)I\s+(?=(?:[A-Z][a-z'\-]+\s+){1,3}[A-Z][a-z'\-]+\W*$)", r"\1", named)
    named, spelled = spelling_aside(named)  # "arjun schmidt thats s-c-h-m-i-d-t": the spelling is no part of the name
    # "Nadia Tanaka and the other is Tom Reyes", "..., second passenger: Tom Reyes": the other traveller's name, never the
    # lead's (the lead is the name said first)
    named = _OTHER_NAMED.sub(lambda m: " " * len(m.group(0)), named)
    named = _dictated_marks(named)  # "my name is Omar Singh period": a full stop, never the surname "Period"
    p.first_name, p.last_name, p.companion_named = _names_and_whose(named, db, expecting)  # "Never mind." is no name
    if weekday_named and not (p.first_name or p.last_name):
        p.first_name, p.last_name = _split_name(weekday_named) if expecting == "name" else (None, weekday_named[-1])
    if expecting == "last_name" and (answered := _surname_then_self(named)):
        p.first_name, p.last_name = None, answered  # "It's Mensah. I'm Aisha Adeyemi, his colleague.": the answer
    if expecting == "last_name" and p.last_name and " " not in p.last_name:
        # asked for the last name, a given name read as it that is also said with the family name after it ("it's my
        # booking! I'm Aisha. Aisha Okafor") or after the family name said first ("Okafor, I'm Aisha"): the family name
        full = re.search(r"(?<![\w'\-])" + re.escape(p.last_name) + r"\s+((?-i:[A-Z])" + _LETTERS + r")(?=\s*(?:[.,;!?]|$))",
                         named)
        lone = re.fullmatch(r"\W*(?:(?:it'?s|its|it is|that'?s|thats|(?:the\s+)?(?:last name|surname|family name)(?:\s+is|:)?)\s+)?"
                            r"(" + _LETTERS + r")\s*[,.;!\-\u2013\u2014]+\s*(?:and\s+)?(?:i'?m|im|i am|this is|my name is|my "
                            r"name's)\s+(" + _LETTERS + r")\W*", named, re.I)
        family = full.group(1) if full else lone.group(1) if lone and lone.group(2).lower() == p.last_name.lower() else None
        if (family and family.lower() != p.last_name.lower() and _name_token_ok(family)
                and family.lower() not in _NOT_NAMES | places_ | set(MONTHS) | set(WEEKDAYS)):
            p.first_name, p.last_name = p.last_name, family[:1].upper() + family[1:]
    unsure = name_attempt(named, expecting) if not _LAST_CUE.search(named) else None
    if spelled is False and (p.first_name or p.last_name):  # "arjun shmit thats s-c-h-m-i-d-t": which one is meant?
        unsure = [x for n in (p.first_name, p.last_name) if n for x in n.split()], "spelling"
    places = place_names(db)
    if unsure and not any(w.lower() in places for w in unsure[0]) and " ".join(unsure[0]).lower() not in places and not (
            unsure[1] == "order" and re.match(r"\s*\w+\s*,", named)):  # "Nguyen, An" says which is the family name
        p.name_words, p.name_doubt = unsure
        p.first_name = p.last_name = None  # the target asks for the last name
    if (not (p.first_name or p.last_name or unsure) and (m := _NAME_AFTER_COUNT.search(named))
            and all(_name_token_ok(x) and x.lower() not in _NOT_NAMES and x.lower() not in places and x.lower() not in MONTHS
                    for x in m.group(1).split()) and m.group(1).lower() not in places):
        # "LAX-FCO aug 24 2 pax Ravi Mensah": a name run on after the count, no comma; never dropped, never booked
        # unsaid: the target asks for it on its own, with these words as the example
        p.name_words, p.name_doubt = m.group(1).split(), "beside"
    if (not (p.first_name or p.last_name or p.name_doubt) and named == named.lower()
            and ((m := _LOWER_NAME_BY_COUNT.search(named)) or (m := _LOWER_NAME_AFTER_COUNT.search(named)))):
        # a message typed all in lower case, the name beside the count: "... nov 20. zara costa, 1 pax" is read as the
        # name (as "Zara Costa, 1 pax" is; the summary shows it before any yes); run on after the count with no
        # comma ("1 adult omar cohen") it is asked for with these words as the example, as "1 adult Omar Cohen" is
        words = (m.group(1) or m.group(2)).split()
        if all(_name_token_ok(x) and x not in _NOT_NAMES and x not in _TEXTING_WORDS and x not in places
               and x not in MONTHS and len(x) > 1 for x in words) and " ".join(words) not in places:
            if m.re is _LOWER_NAME_BY_COUNT:
                p.first_name, p.last_name = _split_name(words)
            else:
                p.name_words, p.name_doubt = [x.capitalize() for x in words], "beside"
    if expecting == "last_name" and spelled_out(text):  # "F-I-S-C-H-E-R": no name word ("S"); asked as one word
        p.first_name = p.last_name = None
        p.name_words, p.name_doubt = [], None
    if (pair := _NAME_PAIR.fullmatch(text)) and (pair.group(1) or expecting in ("name", "last_name") and not (
            p.first_name or p.last_name or p.name_doubt)) and not any(
            w.lower() in places or w.lower() in _NOT_NAMES for w in " ".join(pair.group(2, 3, 4)).split()):
        # "Names are Hannah Hernandez and Ana Hernandez": the lead passenger is the name said first (two full names
        # without such a cue are asked about: which one is the lead)
        p.first_name, p.last_name = pair.group(2), pair.group(3)
        p.name_words, p.name_doubt = [], None
        p.more_names = [pair.group(4)]
    full = re.findall(_FULL, listed.group(1)) if (listed := _NAME_LIST.search(named)) else []
    if full and not any(w.lower() in places for n in full for w in n.split() + [n]) and not any(
            w.lower() in _NOT_NAMES for w in full[0].split()):
        # "Passengers: Liam Walsh, Anna Berg": the lead passenger is the name listed first, never the last one read
        p.first_name, p.last_name = full[0].split()
        p.name_words, p.name_doubt = [], None
        p.more_names = full[1:]
    party = named_party(named, places) if not (p.pax_change or p.pax_joining) else []
    if len(party) >= 2 and (p.passengers in (None, len(party)) or not (p.first_name or p.last_name)):
        # "Passengers: Carlos Chen, Mei Chen", "2 passengers: Carlos Chen and Mei Chen": as many as named (unless a
        # count is said), the first the lead (the others are not recorded, which the target says)
        p.passengers = p.passengers or len(party)
        p.first_name, p.last_name = party[0].split()
        p.name_words, p.name_doubt = [], None
        p.more_names = party[1:]
    if NAME_QUESTION.search(text):  # "do you need my middle name too?" asks; it gives no name ("Too")
        p.first_name = p.last_name = None
        p.name_words, p.name_doubt = [], None
    p.booking_ids = _acted_on_first(text, [x.upper() for x in _BOOKING_ID.findall(text)])
    p.refs_kept = sorted(_kept_refs(text) & set(p.booking_ids)) if p.booking_ids else []
    if p.part_of_party and (_OWN_TICKET.search(text) or p.refs_kept):
        # "Cancel BK..., my friend still goes, she has her own ticket": the one still going is on a booking of her
        # own, not on this one; the booking is cancelled whole, no partial cancellation to refuse
        p.part_of_party = False
    if p.booking_ids and not p.last_name and expecting != "name":
        # (a reference said only to be kept is no booking the name beside it is filed under)
        _booking_last_name(p, re.sub("|".join(p.refs_kept), " ", named, flags=re.I) if p.refs_kept and
                           len(p.refs_kept) < len(set(p.booking_ids)) else named, db)
    p.flight_ids = _flight_ids(text, db)
    m = text_rules.PASSPORT.search(text) or _PASSPORT_GROUPS.search(text)
    if m:
        p.passport = m.group("num") if m.re is _PASSPORT_GROUPS else m.group(0)
    m = text_rules.CARD.search(text)
    if m:
        p.card = m.group(0)
    p.yes = is_confirmation(typed, summary)  # consent to an action rests on the words as typed
    harmless_no = not p.yes and approval_beside_harmless_no(typed, summary)
    p.pay_at_airport = any(_PAY_AT_AIRPORT.search(x) and not _PAID_THERE_ANYWAY.search(x)
                           for x in re.split(r"(?<=[.!?;])\s+", text))
    p.slipped_yes = not p.yes and typed != text and is_confirmation(text, summary)
    p.accepts = accepts_offer(text)  # a yes to an offer, which approves no action
    p.closing = bool(CLOSING.search(text)) and not KEEPS_OPEN.search(text)
    p.no = is_refusal(text)
    if p.no and _NO_REFUND_SAID.search(summary or ""):
        p.no = is_refusal(_TERMS_TAKEN.sub(" ", text))  # "I know, no money. still cancel": the refund's "no", taken
    p.no = p.no and not harmless_no  # "No problem at all, please proceed": the "no" is not the proposal's
    if not p.yes and cancel_yes_with_reason(typed, summary):
        p.yes, p.no = True, False  # (fix44i) "yes, I don't need it anymore", "yes, I won't be travelling": a yes
    p.human = asks_for_person(text)
    p.who = bool(ASKS_IF_MACHINE.search(text))
    p.later = is_deferral(text) and not p.yes and not p.human and not p.split_now and not harmless_no
    if p.later and p.shift_days is not None and not is_deferral(_SHIFT_SAID.sub(" ", text)):
        p.later = False  # (fix44h) "yes but a day later", "try a day later": the day moved, nothing put off
    if moved_date or (p.shift_days is not None and _PICK_FIX_STRONG.search(text)):
        # (fix44h) "move it to X. no wait, the day after", "sorry, we can't make X after all, try a day later", "a week
        # later - no, two weeks later": a day to search, corrected in the same breath; no refusal, nothing put off,
        # no goodbye ("after all")
        p.later = p.no = p.closing = False
    # ("yes, no need to wait", "yes please, can't wait!": the wait is the remark's, nothing put off)
    if not p.yes and (cond := _CONDITION.search(text)) and not is_refusal(text[:cond.start()]):
        # "ok yes if there's no fee", "ugh fine, but only if I can rebook later for free": neither a yes nor a no
        # (the "no" and the "later" are the condition's), but a condition to answer before asking again
        p.conditional = True
        p.no = False
        p.later = p.later and is_deferral(text[:cond.start()])
    _read_timeline(p, text, summary)
    if (p.later and p.dates and not p.yes and _ANSWER_LATER.search(text) and not _TIMELINE_TRAVEL.search(text)
            and "?" not in text and not re.search(r"\d", text)):
        # "I not sure, maybe tomorrow I tell you", "let me think, I answer you tomorrow": when the answer comes, no
        # travel date (nothing searched for it)
        p.timeline_dates, p.dates, p.date = list(p.dates), [], None
    p.abandon = bool(abandon) and not p.yes and not only_them  # ("I'm not going, only him": he still flies)
    p.drop_trip = bool(drop_trip) and not p.yes and not only_them
    if dropped and len(p.dates) == 1 and re.search(r"\btoday\b", text, re.I) and not re.search(r"\d", text):
        p.dates, p.date = [], None  # "I don't want to book anything today": no travel date
    if p.dates:  # "make sure nobody releases my seats before tomorrow", "I'll pay for my bag at the airport, not today"
        said = [(d, _aside_day(text, s_, e_)) for s_, e_, d in _date_hits(text)]
        # (a day said as the travel date as well is kept: "fly tomorrow and I'll pay tomorrow at the airport")
        if aside := [d for d, a in said if a and (d, False) not in said]:
            p.dates = [d for d in p.dates if d not in aside]
            p.date = p.date if p.date in p.dates else (p.dates[0] if p.dates else None)
    p.pay_dates = [d for s_, e_, d in _date_hits(text) if d in p.dates and _pay_day(text, s_, e_)]
    calm = _NOT_URGENT.search(text) or re.search(r"\bno (?:hurry|rush)\b|\bplenty of time\b|\b(?:isn'?t|not) urgent\b", text, re.I)
    p.urgent = bool(_URGENT.search(_NOT_URGENT.sub(" ", text))  # "no rush at all", "it's not urgent": calm
                    or (_URGENT_ILLNESS.search(text.replace("\u2019", "'")) and not calm)
                    or (_URGENT_EVENT.search(text.replace("\u2019", "'")) and not calm))  # "the wedding is tomorrow"
    rejected_cabin = _REJECTED_CABIN.search(text)
    for fc, pat in _FARE_PATTERNS:  # ("none of your business" is no cabin)
        if pat.search(_NOSY_BUSINESS.sub(" ", _REJECTED_CABIN.sub(" ", text) if rejected_cabin else text)):
            p.fare_class = fc
            break
    undated = text
    for s_, e_, _iso in hits:  # "3rd of july", "the 1st of June": a date, not the third or first option
        undated = undated[:s_] + " " * (e_ - s_) + undated[e_:]
    if rode:
        undated = re.sub(r"(?i)\b(?:driv|drop|giv|tak|pick)\w*\s+(?:us|me)\b[^.,;!?]*", lambda m: " " * len(m.group(0)), undated)
    p.selection = _selection(undated)
    if _options_in_view(summary) and (down := _turned_down_pick(undated)) is not None:
        # "not option 1", "anything but the 9:45", "option 1 is too early": that option turned down, never picked; the
        # rest of the message may pick another ("not the first, the second", "option 1, not option 2") (fix43d)
        p.turned_down = down[0]
        p.selection = _selection(down[1]) if _names_a_pick(down[1]) else None
        last_clause = re.split(r"[,.;!]\s*|\s[-\u2013\u2014]\s*", down[1].strip(" ,.;!-"))[-1]
        if p.selection is None and (m := _REST_LONE_PICK.search(down[1])):
            # (fix44h) "option 1 would be nice but we can't make it, so 2", "... so let's do 2", "... 2 please": the
            # other option said as a number after the reason
            p.selection = int(m.group(1)) - 1
        elif p.selection is None and last_clause != down[1] and _names_a_pick(last_clause):
            p.selection = _selection(last_clause)  # "the first is too early for the kids, we'll take the second"
        p.flight_ids = [x for x in p.flight_ids if x not in option_named(down[0])[1]]
        p.no = p.abandon = p.drop_trip = False
    if (not p.name_doubt and (m := _PICK_THEN_NAME.match(text))
            and (m.group("n") or _selection(m.group("pick")) is not None)):
        first, last = _names(m.group("name"), db, "name")
        if first and last and (p.first_name, p.last_name) in ((None, None), (first, last)):
            # "2. mei mensah", "cheapest. mei mensah": a pick, then nothing but a name (in any case), said apart
            p.first_name, p.last_name = first, last
            if m.group("n") and p.selection is None:
                p.selection = int(m.group("n")) - 1
    if (p.selection is None and p.number is None and not p.name_doubt and _LISTED.search(summary or "")
            and (m := _PICK_THEN_REST.match(text)) and p.passengers != int(m.group("n"))):
        # at a listing, a pick and then a count, "for me" or names ("3 for me", "3. 2 of us, hiroshi moreau and mei
        # moreau", "3, may moreau"): the pick is kept, the rest read on its own ("2 for me and my wife" stays a count)
        rest = m.group("rest").strip(" .!")
        if not p.first_name and re.fullmatch(r"[a-z'\-]+ [a-z'\-]+", rest):
            rest = rest.title()  # "may moreau": a name in lower case, read as "May Moreau"
        q = parse(rest, db, "name", "")
        if q.passengers or q.first_name or (p.passengers and m.group("for")):
            p.selection = int(m.group("n")) - 1
            if not p.first_name and q.first_name and q.last_name:
                p.first_name, p.last_name = q.first_name, q.last_name
    if (p.selection is None and p.number is None and p.return_date and _LISTED.search(summary or "")
            and (m := re.match(r"\s*([^.,;!?]+?)\s*(?:[.,;!]|\band\b)\s*(?=\S)", text))
            and (q := parse(m.group(1), db, expecting, "")).number and not q.dates and p.passengers != q.number):
        # at a listing, a pick and then the return asked for ("1 please. and yeah, a return would be good - 6 December",
        # "go with 1, and sure, look for one back on 6 Dec"): the pick is kept for the outbound, the return searched
        p.selection = q.number - 1
    if p.selection == "latest" and p.later and not is_deferral(_LATER_PICK.sub(" ", text)):
        p.later = False  # "the later economy one" picks a flight; it puts nothing off
    if _MOVE_LATER.search(text) and not p.has("cancel"):
        # "change the 3 person booking to a later day", "push it later": a change; "later" puts nothing off unless
        # said apart from the move ("move it to a later flight, I'll decide which later")
        p.later = p.later and is_deferral(_MOVE_LATER.sub(" ", text))
        p.intents.add("change")
    if p.later and (m := _BOOKING_CHECKED.search(text)) and not is_deferral(text[:m.start()] + " " + text[m.end():]):
        p.later = False  # "need to check my booking": a lookup asked for, nothing put off ("need to check with my wife" is)
    if m := _PAIR_PICK.match(undated):
        p.pair_pick, p.selection = (int(m.group(1)) - 1, int(m.group(2)) - 1), None
    if ((m := _REFUNDABLE_PICK.search(undated)) and p.selection is not None and not isinstance(p.selection, int)
            and not _REFUNDABLE_ASKED.search(undated)):
        p.refundable = not m.group(1)  # "the cheapest refundable one", "earliest non refundable flight"
    if (m := _EITHER_PICK.fullmatch(text)) and m.group(1) != m.group(2):
        # "1 or 2, whichever you think", "option 2 or 3, you choose": no pick of either, the choice left to the agent
        p.either_pick, p.number, p.selection = (int(m.group(1)) - 1, int(m.group(2)) - 1), None, None
        p.yes = p.accepts = False
    p.no_preference = p.selection is None and bool(_NO_PREFERENCE.fullmatch(text))
    if p.no_preference:  # "any is fine": the cheapest suggested, with the question whether it suits
        p.asked_option = "cheapest"
        # "whichever" at the name question is no name; "either is fine" after "... a return flight? Which
        # flight would you like?" answers the second question
        p.accepts = False
        p.first_name = p.last_name = None
        p.name_words, p.name_doubt = [], None
    p.currency = currency_request(text)
    priced = _ROUND_AMOUNT.sub(_round_amount, text)  # "under 5 hundred", "budget 2 thousand": $500, $2000
    if m := _BUDGET.search(priced):
        amount = float(re.sub(r"[,\s]", "", next(g for g in m.groups() if g)))
        if amount >= 50:
            p.budget = amount, bool(re.search(r"\b(?:per (?:seat|person|ticket|head)|each|pp|a head)\b", text, re.I))
            rest = priced[:m.start()] + " " + priced[m.end():]  # "no more than $370" is a budget, not a no nor a goodbye
            p.no = p.no and is_refusal(rest)
            p.closing = p.closing and bool(CLOSING.search(rest)) and not KEEPS_OPEN.search(rest)
    for name, pat in _INTENTS.items():
        if pat.search(text):
            p.intents.add(name)
    if "hold" in p.intents and _THE_HOLD_BOOKED.search(text.replace("\u2019", "'")) and not re.search(
            r"\b(?:another|new|separate|second)\s+hold\b", text, re.I):
        # (fix44i) "turn the hold into a booking, but for 3 people", "confirm the hold as a booking for three": the
        # held seats booked, never another hold placed
        p.intents.discard("hold")
        p.intents.add("book")
    if (p.has("cancel") and _options_in_view(summary) and (p.selection is not None or p.turned_down is not None)
            and not _INTENTS["cancel"].search(_CANT_MAKE_IT_REASON.sub(" ", text))):
        # (fix44h) at a listing, "option 2, we can't make it to the airport that early", "option 1 won't work, we can't
        # make it. 2 please": the "can't make it" is the reason for the pick, no cancellation of the booking
        p.intents.discard("cancel")
        p.abandon = p.drop_trip = False
    if p.no and p.has("hold") and not is_refusal(_INTENTS["hold"].sub(" ", text)):
        # "yes, just don't charge me yet", "ok but dont take payment yet": the "don't" is the hold's (no payment yet),
        # a request for a hold, not a no
        p.no = False
    if not p.yes and (yes_beside_a_remark(typed, summary) or harmless_no):
        # ("No no, go ahead", "no complaints here, please book it", "yes. no. sorry i mean yes": a yes beside a "no"
        # that is not the proposal's, no refusal; asked again for a plain yes, as the verifiers read no plain yes there)
        # "yes cancel it, no need to rebook", "nope all correct, book it": no refusal and no request to move, but not a
        # plain yes either (the verifiers' reading), so asked again
        p.accepts, p.no, p.closing, p.yes_with_remark = True, False, False, True
        p.intents -= {"change", "refund", "goodbye"}
    if (summary and not p.yes and (tail := _NOTHING_ELSE.search(typed)) and typed[:tail.start()].strip()
            and _GO_AHEAD_ASKED.search(summary) and is_confirmation(typed[:tail.start()], summary)):
        # "yes go ahead, nothing else after that", "sure, no other questions" at a proposal: a yes said with a
        # closing, neither a no nor a goodbye; not a plain yes either (the verifiers' reading), so asked again
        p.accepts, p.no, p.closing = True, False, False
        p.intents.discard("goodbye")
    if p.selection is not None and not _picked_then_asked(text) and ((("?" in text or _ASKS_ABOUT.match(text) or _asked_in_a_clause(undated)
                                      or _ASKED_SOFTLY.search(undated))
                                     and not _PICKS.search(text) and not (p.intents == {"hold"} and _HOLD_ASK.search(text)))
                                    or _MONEY_BACK_ASKED.match(text)
                                    or (_OPTION_FACT_ASKED.search(undated)
                                        and not _PICKS.search(_BEFORE_PICKING.sub(" ", text)))):
        if p.later and _BEFORE_PICKING.search(text) and not is_deferral(_BEFORE_PICKING.sub(" ", text)):
            p.later = False  # "the fare rules for option 3 before I pick": a question now, nothing put off
        # ("could you set aside the first one without paying?", "option 1, can I pay later?": a hold of that option
        # asked for, a pick)
        # "what fare class code is option 2?", "is the economy one refundable?", "does the premium one have
        # wifi?", "whats the cheapest option, i will decide later": a question about an option picks nothing
        p.asked_option, p.selection = p.selection, None
    if rejected_cabin and (p.selection is not None or p.flight_ids):
        p.abandon = p.drop_trip = False  # "never mind the economy, do the 6:10 one": another flight picked
        p.rejected_cabin = True
    if p.selection in ("cheapest", "dearest") and not re.search(r"\bhow much\b|\btotal\b|\bcosts?\b|\bprice\b|\bpay\b", text, re.I):
        p.intents.discard("price")  # "the cheaper one" picks; it asks no price
    if _CHANGE_ASK.search(text) or (p.booking_ids and (_INSTEAD_TRAVEL.search(text) or moved)):
        p.intents.add("change")
    if p.booking_ids and p.month_named and not p.dates and _SAME_DAY_IN_MONTH.search(text):
        p.intents.add("change")  # "BK..., same flight but in september, same day": the booking moved to that month
    if (p.shift_days is not None or p.weekday_after is not None) and re.search(
            r"\b(?:push|postpone|delay|move|shift|bring|pull)\b", text, re.I):
        p.intents.add("change")  # "can you push my booking back a week?"
    if _WAS_CHANGED.search(text):
        p.intents.discard("change")  # "did my flight change?" asks whether the airline changed it: the status
        p.intents.add("status")
    supposed = _supposed_cancel(plain)
    if ((_RULES_QUESTION.search(text) and not _REFUND_REQUEST.search(text)) or supposed) and not _CANCEL_SAID_AFTER.search(plain):
        # ("If I cancel, will I get a refund? Actually just cancel it.": the question, then the cancellation asked)
        p.intents -= {"cancel", "change"}  # a question about the rules asks for no cancellation
        p.intents.add("refund")
        p.rules_question = True
    if (not p.has("cancel") and not p.yes and (_NOT_CANCEL.search(plain) or _KEEP_HELD.search(plain))
            and not _LET_GO_TOO.search(_NOT_CANCEL.sub(" ", plain))):
        # "wait - keep the hold, don't drop it", "don't bin the hold", "keep hanging on to those seats": the held seats
        # kept (the "drop" is negated: no trip dropped, no release offered)
        p.keep_booking = True
        p.abandon = p.drop_trip = False
    if p.has("cancel") and (w := _CANCEL_WITHDRAWN.search(plain)) and not _INTENTS["cancel"].search(plain[w.end():]) \
            and not re.search(r"\b(?:not|n'?t|never)\s+(?:\w+\s+)?keep", w.group(0), re.I):
        # "I was going to cancel it but we've decided to keep it", "my wife wanted to cancel it, I want to keep it":
        # a cancellation thought of and given up is none; the question beside it is answered
        p.intents.discard("cancel")
        p.keep_booking = True
        p.later = p.no = False
        if wt := _CANCEL_WITHDRAWN.search(text):  # "...but Sydney's on again": the booked trip, no new route
            p.places = [pl for pl in p.places if not wt.start() <= pl.start < wt.end()]
    if p.has("cancel") and _NOT_CANCEL.search(plain) and not _INTENTS["cancel"].search(_NOT_CANCEL.sub(" ", plain)):
        p.intents.discard("cancel")  # "don't cancel. when is the flight?", "no need to cancel it": nothing to cancel
        p.keep_booking = True
        if p.has("details") or "?" in text:
            p.later = p.no = False  # "no wait, don't cancel, just tell me when it leaves": a question, put off nothing
    if p.has("cancel") and p.has("change") and (back := _TAKEN_BACK.search(text)) and \
            _INTENTS["change"].search(text[back.end():]) and not _INTENTS["cancel"].search(text[back.end():]):
        p.intents.discard("cancel")  # "yes cancel - no wait, can I move it to June instead?": the change, said last
        p.later = p.no = p.yes = False
    if (p.has("change") or _LATER_DAY.search(plain)) and (cant := _CANT_MAKE_DAY.search(plain)) and (
            p.has("change") or p.booking_ids) and not re.search(r"\bcancel", plain, re.I):
        # "I can't make it on the 5th, please change it to a later date", "scrap the 5 March flight, I want a later
        # date": a change said with words of a cancellation; and the day that cannot be made is the booking's own,
        # never searched: the new date is asked
        p.intents.discard("cancel")
        p.intents.add("change")
        p.later = p.no = False
        left = [d for s_, _e, d in _date_hits(text) if _CANT_MAKE_DAY.search(text[max(0, s_ - 40):s_])]
        p.dates = [d for d in p.dates if d not in left]
        p.date = p.date if p.date in p.dates else None
        if p.day_of_month is not None and (m := _BARE_DAY.search(text)) and _CANT_MAKE_DAY.search(text[:m.start(1)]):
            p.day_of_month = None
        del cant
    if (not p.booking_ids and p.places and (p.has("book") or p.dates) and _SPEAKER_STAYS.search(plain)
            and re.search(r"\bfor\s+(?:my|our)\s", plain, re.I)
            and not _INTENTS["cancel"].search(_SPEAKER_STAYS.sub(" ", plain))):
        # "book Dublin to Chicago for my wife and kids? I won't be travelling": the booker stays home; nothing is
        # cancelled or dropped
        p.intents.discard("cancel")
        p.drop_trip = False
    if (p.has("cancel") and not p.booking_ids and p.places and p.dates and _NOT_COMING.search(plain)
            and not _INTENTS["cancel"].search(_NOT_COMING.sub(" ", plain))):
        # "Frankfurt to Paris March 25. Just me and my son; my wife can't make it": one of the party stays home on a
        # trip asked now; nothing is cancelled
        p.intents.discard("cancel")
        p.drop_trip = False
    if _NOT_NEEDED.search(text):
        p.intents.add("cancel")  # "i dont need my fly anymore, BK..."
    if _REFUND_REQUEST.search(text) and not supposed:
        p.intents.add("cancel")  # "I want my money back for BK...": a cancellation, with the refund rule said
    if gone := _EARLIER_DROPPED.search(plain):
        after = plain[gone.end():]
        if ((_NEW_REQUEST.search(after) or (gone.group("what") and _NEW_ASK.search(after)))
                and not _INTENTS["cancel"].search(plain[:gone.start()] + " , " + after)
                and not _NOT_NEEDED.search(after) and not _REFUND_REQUEST.search(after)
                and not re.match(r"[\s,]*(?:and|&|plus|as well as)\s+(?:also\s+)?(?:cancel|my|our|the|booking|BK)", after, re.I)):
            # "cancel that, can you look up BKFKS7B2 for Nguyen": the earlier request dropped, the booking only looked up
            p.intents.discard("cancel")
            p.dropped = (gone.group("what") or gone.group("bare")).lower()
            if p.has("book") and not _INTENTS["book"].search(plain[:gone.start()] + " , " + after):
                p.intents.discard("book")  # ("scrap that search": no search asked for)
    if p.booking_ids and _ONTO_FLIGHT.search(text):
        p.intents.add("change")  # "book my existing ticket BK... onto that flight instead": a change of that booking
    if p.currency:
        p.intents.add("currency")
    if (p.has("fare_code") and (p.booking_ids or re.search(r"\b(my|our|your) booking code\b", text, re.I))
            and not _INTENTS["fare_code"].search(re.sub(r"\bbooking code\b", " ", text, flags=re.I))):
        p.intents.discard("fare_code")  # "my booking code is BK..." names the booking, it does not ask for a fare code
    if p.has("status") and re.search(r"\bstill on hold\b|\bis it\b.{0,20}\bon hold\b|\bor (still )?on hold\b", text, re.I):
        p.intents.discard("hold")
    if p.has("hold") and (neg := _NEGATED_HOLD.search(plain)):
        rest = plain[:neg.start()] + " " + plain[neg.end():]
        if _BOOK_WORD.search(rest) and not _INTENTS["hold"].search(rest):
            # "please book it rather than hold", "book it, don't just hold it", "pay for it now, not a hold": a
            # booking, the hold said only to be refused (neither a hold nor a no to the booking)
            p.intents.discard("hold")
            p.intents.add("book")
            p.no = is_refusal(rest)
    # (a purchase now said only negated is none: "please don't charge my card now, I'll decide tomorrow")
    if (p.has("hold") and any(not re.search(r"\b(?:don'?t|do not|not|never|no need to|no)\s+$", plain[:m.start()], re.I)
                              for m in _PAY_NOW.finditer(plain))
            and not _INTENTS["hold"].search(_LOCK_IN.sub(" ", _PAY_NOW.sub(" ", plain)))):
        # "lock in the price and book it today, I'll pay now": a purchase now, with no other word of a hold
        p.intents.discard("hold")
        p.intents.add("book")
    if (p.has("hold") and re.search(r"\bhold on\b(?! ?to\b)", text, re.I)
            and not re.search(r"\bput .{0,20}\bhold\b|\bon hold\b", text, re.I)
            and not _INTENTS["hold"].search(re.sub(r"\bhold on\b(?! ?to\b)", " ", text, flags=re.I))):
        p.intents.discard("hold")
    if not counts and expecting == "passengers" and p.passengers:
        p.intents.discard("price")  # "5 in total" answers the count; it does not ask a price
    if p.return_date:
        p.intents.add("round_trip")
    if p.via:
        p.intents.add("multi_leg")
        if len(p.dates) >= 2 and not p.return_date and p.date == p.dates[0] and p.dates[1] >= p.dates[0]:
            p.leg2_date = p.dates[1]
    if p.return_date and _RETURN_ELSEWHERE.search(plain):
        p.intents.add("no_return")  # "We return 6 Dec by train so just the outbound": no return flight searched
    if (re.search(r"(?<!\bnot )(?<!\bnot a )\bone[- ]way\b", text, re.I) or "no_return" in p.intents
            or _one_way_said(text)):  # ("not one way, a return please" is no one-way trip)
        p.intents.add("one_way")
        p.intents.discard("round_trip")
        p.intents.discard("no_return")
    shares = [m for m in (_SHARE_THEN_REST.search(text), _SPLIT_NOW.search(text)) if m]
    if p.split_now and shares and (at := min(m.start("rest") for m in shares)) > 0:
        # "ok 4 on this one, 3 on the 10:30 business": the flight, time and cabin said for the rest of the party are
        # the next booking's; this booking's are read from its own share
        head = parse(text[:at], db, expecting, summary)
        p.selection, p.fare_class, p.flight_ids = head.selection, head.fare_class, head.flight_ids
    if (p.passengers == 1 and (p.selection is not None or p.flight_ids) and (fm := _FOR_ME_END.search(text))
            and not _ALONE.search(text) and not party_sizes(text[:fm.start()] + text[fm.end():])):
        # "option 2 for me please", "the 06:45 for me", "SA5811 for me": the "for me" goes with the pick; it counts one
        # only while no count is known ("just for me", "option 2 for me only" still say one)
        p.pick_for_me = True
    if word_name := _word_surname_reply(text, db, expecting):
        # "Anna Price", "my name is Tom May" at the name question: only a name (no price question, no date in May)
        p = Parsed(text=text)
        p.first_name, p.last_name = word_name
    _surname_withheld(p, text, expecting)
    return p


# words that refuse a last name or stand in for one, never a surname: "my surname is private", "last name: withheld",
# "none of your business", "put Guest as the surname" (a stand-in only when offered as one, not "my surname is Guest")
_REFUSAL_WORDS = (r"(?:private|confidential|secret|classified|withheld|withholding|personal|irrelevant|none|nothing|"
                  r"unknown|redacted|undisclosed|hidden|anonymous|sensitive|restricted|n/?a|not applicable|"
                  r"not (?:important|relevant|needed|necessary|required|telling|saying|sharing|given|your (?:business|"
                  r"concern|problem))|unnecessary|optional|nobody'?s business|no comment|need[- ]to[- ]know)")
_SURNAME_WORD = r"(?:sur ?name|last ?name|family name|second name)"
_NOSY_BUSINESS = re.compile(r"\b(?:none of (?:your|ur|yer)|nobody'?s|not (?:your|ur)|mind (?:your|ur) own)\s+"
                            r"(?:damn\s+|bloody\s+|fucking\s+)?business\b", re.I)
_SURNAME_REFUSAL = re.compile(
    # "my surname is private", "surname's private, sorry", "Last name withheld", "last name: private", "the surname is
    # none of your business", "my last name will stay private"
    r"\b" + _SURNAME_WORD + r"(?:'s|\s+is|\s+was|\s+will\s+(?:stay|remain|be)|\s+stays|\s+remains|\s*[:=\-\u2013\u2014])?"
    r"\s*(?:kept\s+|staying\s+|just\s+|honestly\s+|really\s+|strictly\s+|actually\s+|is\s+)*" + _REFUSAL_WORDS + r"\b"
    # "I'd rather keep my surname private", "keep the last name to myself", "my surname I'll keep confidential"
    r"|\bkeep(?:ing)?\s+(?:my|the|his|her|their|our)\s+" + _SURNAME_WORD + r"\s+(?:to\s+(?:my|him|her|them|our)sel(?:f|ves)"
    r"|" + _REFUSAL_WORDS + r")\b"
    # "same as the first name", "just use my first name twice", "leave the surname blank", "make one up"
    r"|\bsame\s+as\s+(?:the\s+|my\s+|his\s+|her\s+)?first(?:\s+name)?\b"
    r"|\b(?:use|put|repeat|write)\s+(?:my|the|his|her)\s+first\s+name\s+(?:twice|again|for both|as (?:the |my )?"
    + _SURNAME_WORD + r")\b"
    r"|\bleave\s+(?:the\s+|my\s+)?" + _SURNAME_WORD + r"\s+(?:blank|empty|out|off)\b"
    r"|\bmake\s+(?:one|a\s+" + _SURNAME_WORD + r")\s+up\b"
    r"|\bno\s+" + _SURNAME_WORD + r"\s+(?:needed|necessary|required)\b", re.I)
# a word offered as the last name: "put Guest as the surname", "use Thandiwe as the surname too", "use my first name as
# the last name" (a stand-in when it is one of _REFUSED_NAME_WORDS or the given name; "put Larsen as the surname" gives it)
_SURNAME_OFFERED = re.compile(
    r"\b(?:put|use|write|enter|type|make|have|call|book\s+(?:it|me|us|them)\s+under)\s+(?:it\s+)?(?:down\s+)?(?:as\s+)?"
    r"(?:just\s+)?[\"']?(?P<w>(?:my|the|her|his|their) first name|[\w'\-/]+)[\"']?\s+(?:as|for|in)\s+(?:the\s+|my\s+|a\s+|"
    r"his\s+|her\s+|their\s+)?" + _SURNAME_WORD + r"\b", re.I)
# the whole answer to the last-name question a refusal: "private", "it's private", "none", "confidential, sorry",
# "none of your business", "n/a", "guest", "just put guest", "anything is fine"
_SURNAME_REFUSED_ALONE = re.compile(
    r"\W*(?:(?:it'?s|its|it is|that'?s|thats|that is|um+|uh+|er+|well|sorry|honestly|just|rather|kept)\W+)*"
    r"(?:" + _REFUSAL_WORDS + r"|none of (?:your|ur|yer) (?:damn\s+|bloody\s+)?business|mind (?:your|ur) own business|"
    r"(?:(?:just|you can|can you)\s+)?(?:put|use|write)\s+(?:down\s+)?(?:guest|anything|whatever|something|a placeholder)"
    r"|guest|anything(?: is fine| will do)?|whatever(?: you (?:like|want))?|pass|skip(?: it)?|rather not(?: say)?)"
    r"(?:\W+(?:sorry|thanks|thank you|thx|please|pls|mate|dude|lol|then|though|tho|i'?m afraid|if that'?s ok|for now)\b)*\W*",
    re.I)
# the refused word or stand-in, never booked: the surname read from such a message is one of these or is none at all
_REFUSED_NAME_WORDS = frozenset("""
private confidential secret classified withheld withholding personal irrelevant none nothing unknown redacted undisclosed
hidden anonymous sensitive restricted n/a na unnecessary optional guest test placeholder tba tbc tbd blank anything
whatever something too twice again business comment sorry x xx xxx
""".split())


def _surname_withheld(p: Parsed, text: str, expecting: str | None) -> None:
    """A last name refused or a stand-in offered for it: no last name read, and the refusal marked
    (``surname_refused``) for the target, which explains that a booking needs the real last name and asks again."""
    said = text.replace("\u2019", "'")
    refused = bool(_SURNAME_REFUSAL.search(said)) or (
        expecting == "last_name" and bool(_SURNAME_REFUSED_ALONE.fullmatch(said)))
    if not refused and (m := _SURNAME_OFFERED.search(said)):
        word = m.group("w")
        if word.lower() in _REFUSED_NAME_WORDS or " " in word:
            refused = True
        elif _name_token_ok(word) and word.lower() not in _NOT_NAMES:
            # "put Larsen as the surname": that is the last name ("use Thandiwe as the surname too": the given name
            # again, which the target does not take as a last name)
            p.last_name, p.name_words, p.name_doubt = word[:1].upper() + word[1:], [], None
            if p.first_name and p.first_name.lower() == word.lower():
                p.first_name = None
            return
    if not refused:
        return
    if p.last_name and p.last_name.lower() not in _REFUSED_NAME_WORDS and re.search(
            r"\b(?:but|though|ok|okay|fine|alright)\b[^.?!]{0,40}\b" + re.escape(p.last_name) + r"\b", said, re.I):
        return  # "it's private, but fine: Larsen": the name given after all
    p.surname_refused = True
    p.last_name = None
    if p.first_name and (p.first_name.lower() in _REFUSED_NAME_WORDS or not re.search(
            r"(?<![\w'])" + re.escape(p.first_name) + r"(?![\w'])", said)):
        p.first_name = None
    p.name_words, p.name_doubt = [], None


# words around a surname corrected at a summary that are never the new surname ("sorry, typo: Schmitt", "I married, it's
# Larsen now", "my passport says Larsen", "Schmitt with tt", "oops I meant Anna Larsen")
_FIX_FILLER = frozenset("""
its it's typo typos oops whoops meant mean married maiden passport says said spelled spelt spells spelling letters
letter wrong mistake mistyped misspelt misspelled correction correct corrected fix should wait hmm hm no not nah nope
now new real legal proper full official double single tt ss ll nn rr ff mm pp that's thats i'm im ah oh apologies
fault mine bad divorced got recently actually name names surname surnames lastname called instead sorryy sry soz has
two t's
""".split())
# the only other words such a correction may have ("it should be Larsen", "Larsen is my married name, please use that"):
# any other word ("let me check with my wife", "yes, thanks Larsen") says something else, and nothing is corrected
_FIX_GLUE = _FIX_FILLER | frozenset("""
it is my the a an use that please pls i me to be but yes yeah ok okay sorry so just and with under on in put make can
you mrs ms mr miss dr was were are
""".split())
# a yes or an ok in another language or in slang at a summary, never a new surname ("vale", "Oui", "Bingo")
_ACK_WORDS = frozenset("""
si oui ja jawohl vale claro bueno dale sim tak evet hai gracias merci danke grazie obrigado bien bene listo genau
prima parfait perfecto perfetto daccord d'accord fantastic splendid sweet yay bingo roger affirmative exactly indeed
precisely marvellous marvelous superb terrific top grand fab fabulous wicked legend champion spot ace neat dope bet
noted understood copy true righto yessir tick lush smashing fine vamos allez venga andale avanti yalla davai tamam
hecho vai bora mastercard visa amex paypal maestro discover cash debit credit applepay gpay
""".split())
# short replies in other languages and chat sounds, never a surname typed in lower case at a summary ("larsen" is one,
# "ndiyo", "da", "nein", "meh" are not): a lower-case word that is none of these and no yes is read as the new surname
_LOWER_NOT_SURNAME = frozenset("""
ta tysm meh eh ndiyo da ano igen jah haan han haa nai ken naam aiwa ne nein non nee nej nei nao não sí sì ja jo joo
kylla kyllä yo ya yaa yah yeh yess mhm mm mmm hm hmm aha ah oh huh wow ooh woo nah nay naw nyet niet nie ei iya baik
sige oo opo ji theek thik achha accha acha shukran asante dank dankie takk tack kiitos dzieki spasibo arigato xiexie
gracias obrigada vamo pronto bom bon bene benissimo certo esatto claro exacto vale oke okey okei okidoki mais
lgtm wdym idc idm nvm np ofc obv obvs tbh smh omg gg brb hbu wbu
window aisle seat seats repeat again nobody anybody everybody someone menu options option baggage bags bag luggage
suitcase meal meals veg vegan vegetarian kosher halal gluten wheelchair assistance infant infants baby babies child
children kid kids insurance upgrade upgrades cheaper earlier later direct nonstop receipt email invoice details detail
summary price prices total cost costs fare fares refund refundable change changes date dates time times flight
flights economy premium business class cabin legroom pets pet dog cat lounge wifi checkin check-in online mobile
app boarding pass gate terminal connection layover stopover transfer ticket tickets reservation booking confirmation
number reference code policy policies rules terms conditions fee fees charge charges tax taxes discount voucher
miles points status loyalty member membership name names surname spelling spelled spelt lastname firstname
wrong right same different other another correct incorrect mistake typo fixed fix update updated
""".split())
# the only words beside a surname typed alone in lower case ("larsen please", "oops larsen", "larsen not schmidt")
_LOWER_BESIDE_SURNAME = frozenset("please pls plz sorry soz sry oops whoops thanks thx ty".split())
_LETTER_RUN = re.compile(r"(?<![\w'])(?:[^\W\d_][\s.\-]{1,2}){2,}[^\W\d_](?![\w'])\.?")


def spelled_word(run: str) -> str | None:
    """The word a run of letters spells ("L-A-R-S-E-N", "L A R S E N", "L.A.R.S.E.N."), capitalised; None when
    ``run`` is no such run."""
    if not _LETTER_RUN.fullmatch(run.strip()):
        return None
    letters = re.sub(r"[\s.\-]", "", run)
    return letters[:1].upper() + letters[1:].lower()


def lower_surname_said(text: str, word: str) -> bool:
    """``word`` (a surname read by ``surname_correction``) was typed all in lower case, with no cue of a correction
    before it ("larsen", "larsen please"): read, but said back plainly beside the summary asked again."""
    return not re.search(r"[A-Z]", text or "") and not re.search(r"\b(?:it'?s|its|it is|is|typo|meant|says|spel\w+|use|be|"
                                                                   r"no|not|now|sorry|surname|last name|family name)\b",
                                                                   text or "", re.I) and word.lower() in (text or "").lower()


def surname_correction(text: str, first: str | None, last: str, places: frozenset[str] | set[str]) -> str | None:
    """The new last name a message at a summary under ``first`` ``last`` gives in place of ``last`` ("sorry it's
    Larsen", "Larsen", "anna larsen", "not Schmidt, Larsen", "typo, it's Schmitt", "Schmitt with tt", "my passport says
    Larsen", "spelled L A R S E N", "NO ITS LARSEN", "O'Brien, sorry"): one word that can be a surname and is neither
    name already on the summary, said with a cue of a correction, capitalised, or beside the given name; None
    otherwise (a yes, a question, a place, a date, an ack in another language: "vale", "Oui", "Bingo")."""
    said = text.replace("\u2019", "'").strip()
    if not said or "?" in said or len(said) > 120 or re.search(r"\b(?:first|given|christian|fore)\s*name\b", said, re.I):
        return None  # ("first name is Anne, not Anna": the given name corrected, not the surname)
    for run in sorted(set(_LETTER_RUN.findall(said)), key=len, reverse=True):  # "it's Larsen, L-A-R-S-E-N"
        if word := spelled_word(run):
            said = said.replace(run, " " + word + " ")
    skip = {(first or "").lower(), last.lower()}
    shouting = said.upper() == said
    found: list[str] = []
    for m in re.finditer(r"(?<![\w'])(" + _LETTERS + r")", said):
        word = m.group(1).strip("'-")
        low = word.lower()
        if low not in skip and low not in _FIX_GLUE and len(word) >= 2 and (
                low in _NOT_NAMES or low in _ACK_WORDS or low in _REFUSED_NAME_WORDS or low in places):
            return None  # a word that says something else: a yes beside a thanks, a place, a card, a question
        if (len(word) < 2 or low in skip or low in _NOT_NAMES or low in _FIX_FILLER or low in _ACK_WORDS
                or low in _REFUSED_NAME_WORDS or low in places or low in MONTHS or low in WEEKDAYS
                or not _name_token_ok(word[:1].upper() + word[1:].lower() if shouting or word.isupper() else word)):
            continue
        if low not in [f.lower() for f in found]:
            found.append(word)
    if len(found) != 1:
        return None
    word = found[0]
    capital = word[:1].isupper() and (not shouting or said.strip(" .!,") == word)
    beside_first = bool(first) and re.search(r"(?<![\w'])" + re.escape(first) + r"\s+" + re.escape(word) + r"(?![\w'])",
                                             said, re.I) is not None
    after_cue = re.search(r"\b(?:it'?s|its|it is|is|typo|meant|says|spel\w+|use|be|no|not\s+[\w'-]+|now|sorry)\W{0,3}"
                          + re.escape(word) + r"(?![\w'])", said, re.I) is not None
    # a surname typed in lower case with nothing else but the words of a correction ("larsen", "larsen please", "larsen
    # not schmidt", "o'brien sorry"): the new surname, shown in the summary asked again (a yes or a short word in
    # another language, "ndiyo", "da", "nein", is none)
    rest = re.findall(_LETTERS, re.sub(r"(?i)\bnot\s+" + re.escape(last) + r"\b", " ", said))
    alone = (word.islower() and len(word) >= 2 and low not in _LOWER_NOT_SURNAME and not re.search(r"\d", said)
             and all(w == word or w in _LOWER_BESIDE_SURNAME for w in rest)
             and not consent.is_confirmation(said) and not consent.is_confirmation(word)
             and not re.search(r"[^\w\s'.,!\-]", said)
             and not any(w.lower() in skip for w in re.findall(_LETTERS, re.sub(r"(?i)\bnot\s+" + _LETTERS, " ", said))))
    # (not "okafor aisha" under "Okafor": the name said again in full, its order read elsewhere)
    if not (capital or beside_first or after_cue or alone):
        return None
    if shouting or word.islower() or word.isupper():
        # name case: "o'brien" -> "O'Brien", "smith-jones" -> "Smith-Jones", "mcdonald" stays "Mcdonald"
        word = re.sub(r"[^\W\d_]+", lambda m: m.group(0).capitalize(), word.lower())
    return word
