"""The verifiers' reading of prices (policies B1 and B2).

**US dollars (B1).** An amount is a USD price when a dollar marker qualifies it:
  - "$412", "$ 1,234.50", "US$412", "USD 412", "USD412", "412 USD", "412$", "412 dollars",
    "412 US dollars", "412 U.S. dollars", the number in words too ("four hundred twelve dollars", "five and a half
    thousand dollars"), a scale after a dollar amount ("$5.5k", "$5.5 thousand");
  - a dollar sign with a country's letters in front ("C$", "A$", "HK$", "R$", ...) or a country's
    dollars ("412 Canadian dollars") is another currency, not USD;
  - with no marker at all, a cents-shaped number right after a word of price ("Total: 1,640.00",
    "the fare is 820.00", "price of 99.50"): an agent that drops the currency still states a
    price. A bare integer ("costs 820") is not read: it is as often a count, a time or a flight
    number as an amount.

**Other currencies (B2).** A currency counts only when it qualifies an amount:
  - a symbol (€ £ ¥ ₹ ₩ ₺ ₽ ₪ ₱ ฿ ₦ ₫) written against a number ("€450", "450 €", "£ 30");
  - a foreign dollar sign ("C$500", "A$ 500", "HK$80", "R$200") or an abbreviation ("Rs. 3,000",
    "Rp 50.000", "500 kr", "30 zł");
  - an ISO code in capitals next to a number ("EUR 450", "EUR450", "450 EUR", "JPY 60,000");
  - a currency name right after a number ("450 euros", "1,200.50 yen", "30 Swiss francs",
    "99 pounds sterling", "500 Canadian dollars"), the number in words too ("nine hundred and fifty
    Canadian dollars", "a thousand euros") -- except pounds in a weight context ("my bag
    weighs 50 pounds");
  - a number said to be in another currency ("around 950 in Canadian money", "640 in euros", "1,900 in
    CAD", "two thousand in local currency"; a time "13:45 in local time" is none).
A currency word on its own ("Ezra Pound", "Mai Yen", a passenger called Euro, "I can only quote
in US dollars, not euros", "2 real options") is not a price. An approximate conversion ("around
400 euros") is a price quoted in another currency.

The oracle's own implementation; the reference target formats its prices with separate code.
"""

from __future__ import annotations

import re
from functools import lru_cache

_NUMBER = r"(?<![A-Za-z0-9])\d[\d,]*(?:\.\d+)?"
# ... with a scale after it, before a currency's name or code: "23k yen", "1.2k GBP", "20 k pesos" (oracle-labeller-24
# finding 9); "23k" alone or "$23k" names no other currency
_SCALED = _NUMBER + r"(?:\s?(?:[kKmM]|bn|mn|thousand|million|billion)\b)?"
_DIGITS = r"\d[\d,.]*\d|\d"  # an amount right after a code or symbol, whatever its separators ("EUR754", "Rp 50.000")
_SYMBOLS = "€£¥₹₩₺₽₪₱฿₦₫"
_CODES = ("EUR|GBP|JPY|CAD|AUD|CHF|INR|MXN|BRL|CNY|KRW|SEK|NOK|DKK|NZD|SGD|HKD|ZAR|TRY|AED|PLN|CZK|HUF|ILS|THB|"
          "IDR|MYR|RUB|SAR|QAR|EGP|NGN|KES|TWD|ARS|CLP|COP|PEN|VND|UAH|RON|ISK|PHP|RMB")
_NAMES = (r"euros?|pounds?(?: sterling)?|sterling|yen|yuan|renminbi|rupees?|pesos?|(?:swiss )?francs?|reais|"
          r"brazilian reals?|(?:canadian|australian|new zealand|hong kong|singapore|taiwan|new taiwan|mexican) dollars?|"
          r"won|kron(?:a|or|er)|rand|lira|dirhams?|zloty|zlotys|ringgit|baht|shekels?|rubles?|roubles?|riyals?|quid")
# a dollar sign with a country's letters in front: Canadian, Australian, New Zealand, Hong Kong, Singapore,
# Mexican, Brazilian (R$), New Taiwan, ... ("US$" is the US dollar)
_FOREIGN_DOLLAR = r"(?<![A-Za-z])(?:CA|C|AU|A|NZ|HK|S|SG|MX|R|NT|TT|J|BZ|EC)\$"
_SYMBOL_AMOUNT = re.compile(r"(?:[" + _SYMBOLS + r"]|" + _FOREIGN_DOLLAR + r")\s?(?:" + _DIGITS + r")|" + _NUMBER +
                            r"\s?[" + _SYMBOLS + r"]")
_ABBREV_AMOUNT = re.compile(r"(?<![A-Za-z])(?:Rs|Rp)\.?\s?(?:" + _DIGITS + r")|" + _NUMBER + r"\s?(?:kr|zł)(?![A-Za-z])|"
                            r"(?<![A-Za-z])kr\.?\s?(?:" + _DIGITS + r")")
_CODE_AMOUNT = re.compile(r"(?<![A-Za-z0-9])(?:" + _CODES + r")\s?(?:" + _DIGITS + r")|" + _SCALED + r"\s?(?:" + _CODES +
                          r")(?![A-Za-z])")
# the codes that are no English word, in any case beside an amount: "That's some 1080 eur.", "gbp 420", "1.2k Chf"
# (forty-fourth session, tester skyV V7); try, pen, cop, ron, rub, ars, php, sar, ils, kes and cad stay capitals only
_LOWER_CODES = ("eur|gbp|jpy|aud|chf|inr|mxn|brl|cny|krw|sek|nok|dkk|nzd|sgd|hkd|zar|aed|pln|czk|huf|thb|idr|myr|qar|"
                "egp|ngn|twd|clp|vnd|uah|isk|rmb")
_LOWER_CODE_AMOUNT = re.compile(r"(?<![A-Za-z0-9])(?:" + _LOWER_CODES + r")\.?\s?(?:" + _DIGITS + r")|" + _SCALED +
                                r"\s?(?:" + _LOWER_CODES + r")(?![A-Za-z])", re.I)
_LOWER_CODE_WORD = re.compile(r"\b(?:" + _LOWER_CODES + r")\b")
_NAME_AMOUNT = re.compile(_SCALED + r"\s?(" + _NAMES + r")(?![A-Za-z])", re.I)
# an amount in words before a currency name: "nine hundred and fifty Canadian dollars", "a thousand euros"
_WORD_NUM = (r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
             r"seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million)")
_WORDS_AMOUNT = re.compile(r"\b(?:(?:a|an|and|" + _WORD_NUM + r")[\s-]+)*" + _WORD_NUM + r"[\s-]+(" + _NAMES + r")(?![A-Za-z])",
                           re.I)
# an amount said to be in another currency: "around 950 in Canadian money", "640 in euros", "1,900 in CAD",
# "two thousand in local currency" (a time "13:45 in local time" is none)
_IN_CURRENCY = re.compile(r"(?:" + _SCALED + r"|\b" + _WORD_NUM + r")\s+in\s+(?:(?:" + _NAMES + r"|(?-i:" + _CODES + r")|" + _LOWER_CODES + r")\b|"
                          r"(?:canadian|australian|mexican|european|british|japanese|chinese|indian|brazilian|swiss|korean|"
                          r"singapore|hong kong|new zealand|turkish|south african|emirati|qatari|saudi|local|foreign)\s+"
                          r"(?:money|currency|cash|terms|funds|dollars?|\w+\s+(?:money|currency)))", re.I)
# an amount said to be of another currency: "About 540 of your euros." (skyV V3, forty-fourth session)
_OF_CURRENCY = re.compile(_SCALED + r"\s+of\s+(?:your|the|our|their|local|those)\s+(?:local\s+)?(?:" + _NAMES + r"|(?-i:" +
                          _CODES + r"))(?![A-Za-z])", re.I)
# the currency named first, the amount after it in the same sentence (skyV V3, forty-fourth session): "In euros that is
# 540.", "In pounds, about 460.", "In yen: 88,000.", "Converted to sterling: 460.", "In GBP terms roughly 460"
_CURRENCY_FIRST = re.compile(r"(?<![A-Za-z])(?:in|into|to|as)\s+(?:your\s+|local\s+)?(?:" + _NAMES + r"|(?-i:" + _CODES +
                             r")|" + _LOWER_CODES + r")(?:[\s-]+terms)?(?![A-Za-z])", re.I)
# ... what may stand between: a few words and marks, no figure, dollar, negation, rate or end of sentence ("not euros:
# $585", "convert it to EUR; the fee is 3%" and "to EUR at a rate of 1.08" name none)
_FIRST_GAP = re.compile(r"[A-Za-z\s,:()\-\u2013\u2014~=']{0,30}?(?=(?:\s|[:(~=])?\d)")
_GAP_STOP = re.compile(r"\b(?:not|no|n't|only|cannot|can't|dollars?|usd|rate|per|fees?|within|in\s+\d)\b|n['\u2019]t\b", re.I)
_FIRST_AMOUNT = re.compile(r"\d[\d,.]*\d|\d")
_NOT_MONEY_AFTER = re.compile(r"\s*(?:%|percent|USD|US\b|dollars?|\$|per\s+(?:dollar|USD|\$)|passengers?|people|persons?|"
                              r"seats?|hours?|hrs?|days?|weeks?|months?|minutes?|mins?|kg|bags?|days?|nights?|"
                              r"working|business|[:.]\d)", re.I)


def _currency_first(text: str) -> list[tuple[int, int, str]]:
    """(start, end, as written) of each amount after a currency named before it (``_CURRENCY_FIRST``)."""
    out = []
    for m in _CURRENCY_FIRST.finditer(text):
        gap = _FIRST_GAP.match(text, m.end())
        if gap is None or _GAP_STOP.search(gap.group(0)):
            continue
        num = _FIRST_AMOUNT.match(text, gap.end() + (0 if text[gap.end()].isdigit() else 1))
        if num is None or _NOT_MONEY_AFTER.match(text, num.end()):
            continue
        if m.group(0).lower().find("pound") >= 0 and _WEIGHT.search(text[max(0, m.start() - 60):num.end() + 30]):
            continue  # "the bag limit in pounds: 50" is a weight
        out.append((m.start(), num.end(), text[m.start():num.end()]))
    return out


_TIME_BEFORE = re.compile(r"\d[:.]\d\d\s+in\s+\S+(?:\s+\S+)?$")  # "13:45 in local ...": a time
_WEIGHT = re.compile(r"weigh|weight|heavy|heavier|light|bag|luggage|suitcase|baggage|carry-on|\bkg\b|\blbs?\b|kilo", re.I)


# a necessary condition for a foreign amount, for ASCII text as plain substring tests (the regexes
# scan slowly): a capital code anywhere, a currency name's stem in the lower-cased text, a letter
# right before a dollar sign, or an abbreviation
_CODE_LIST = tuple(_CODES.split("|"))
_NAME_STEMS = ("euro", "pound", "sterling", "yen", "yuan", "renminbi", "rupee", "peso", "franc", "reais", "real",
               "won", "krona", "kronor", "kroner", "rand", "lira", "dirham", "zlot", "ringgit", "baht", "shekel",
               "ruble", "rouble", "riyal", "quid")
_ASCII_MARKS = re.compile(r"[A-Za-z]\$|\b(?:Rs|Rp|kr)\b")
_FOREIGN_DOLLARS = re.compile(r"(?:canadian|australian|zealand|hong kong|singapore|taiwan|mexican) dollar")


def _any_currency(text: str) -> bool:
    if not text.isascii():
        return True
    if any(code in text for code in _CODE_LIST):
        return True
    if ("$" in text or "R" in text or "kr" in text) and _ASCII_MARKS.search(text):
        return True
    low = text.lower()
    if "dollar" in low and _FOREIGN_DOLLARS.search(low):
        return True
    return (any(stem in low for stem in _NAME_STEMS) or (" in " in low and ("money" in low or "currency" in low))
            or bool(_LOWER_CODE_WORD.search(low)))


@lru_cache(1 << 16)
def _foreign_hits(text: str) -> tuple[tuple[int, int, str], ...]:
    """(start, end, as written) of every foreign amount in the text."""
    if not text or not _any_currency(text):
        return ()
    hits = []
    for pat in (_SYMBOL_AMOUNT, _ABBREV_AMOUNT, _CODE_AMOUNT, _LOWER_CODE_AMOUNT):
        hits.extend((m.start(), m.end(), m.group(0)) for m in pat.finditer(text))
    named = list(_NAME_AMOUNT.finditer(text)) + list(_WORDS_AMOUNT.finditer(text))
    hits.extend((m.start(), m.end(), m.group(0)) for m in _IN_CURRENCY.finditer(text) if not _TIME_BEFORE.search(
        text[:m.end()]))
    hits.extend((m.start(), m.end(), m.group(0)) for m in _OF_CURRENCY.finditer(text))
    hits.extend(_currency_first(text))
    for m in named:
        if m.group(1).lower().startswith("pound"):
            sentence_start = max(text.rfind(".", 0, m.start()), text.rfind("!", 0, m.start()), text.rfind("?", 0, m.start()))
            end = min([i for i in (text.find(".", m.end()), text.find("!", m.end()), text.find("?", m.end())) if i >= 0] or [len(text)])
            if _WEIGHT.search(text[sentence_start + 1:end]):
                continue
        hits.append((m.start(), m.end(), m.group(0)))
    return tuple(sorted(hits))


@lru_cache(1 << 16)
def foreign_price(text: str) -> str | None:
    """The first non-USD amount in the text (as written), or None."""
    hits = _foreign_hits(text)
    return hits[0][2] if hits else None


# --- US dollars ------------------------------------------------------------------------------------

# ... and thousands grouped by dots, European style, after a dollar mark ("$1.170 total": $1,170, skyV Minor B1)
_AMOUNT = r"\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d{1,3}(?:\.\d{3})+(?:,\d{2})?(?![\d,]*\d)|\d+(?:\.\d{1,2})?"
_EURO_THOUSANDS = re.compile(r"\d{1,3}(?:\.\d{3})+(?:,\d{2})?")


def _usd_value(raw: str) -> float:
    """The amount an USD figure says: "1,170.50" -> 1170.5, "1.170" (dots grouping thousands) -> 1170, "1.170,50" -> 1170.5."""
    if _EURO_THOUSANDS.fullmatch(raw):
        return float(raw.replace(".", "").replace(",", "."))
    return float(raw.replace(",", ""))


# a whole-dollar total with no currency written, in a text that states US dollars elsewhere ("It costs 585 dollars a
# seat, about 1200 total", skyV Minor B1): the total of the same quote
_BARE_TOTAL = re.compile(r"(?<![\w$.,])(\d{1,3}(?:,\d{3})+|\d{3,6})\s+(?:in\s+)?total\b(?!\s+(?:miles?|km|hours?|hrs?|minutes?|mins?|"
                         r"passengers?|people|seats?|points?|bags?|kg|days?|nights?|flights?|legs?|stops?)\b)"
                         r"|\btotal(?:\s+(?:is|of|comes\s+to|would\s+be|will\s+be))?\s*[:=]?\s*(?:about|around|roughly|"
                         r"approximately|approx\.?|~)?\s*(\d{1,3}(?:,\d{3})+|\d{3,6})(?![\d.,]*\d)"
                         r"(?!\s*(?:hours?|hrs?|minutes?|mins?|kg|kilos?|lbs?|%|percent|km|miles?|passengers?|people|seats?|"
                         r"adults?|points?|bags?|days?|nights?))", re.I)
_USD = re.compile(
    r"(?:(?<![A-Za-z])US\s?\$|(?<![A-Za-z$])\$|(?<![A-Za-z])USD\s?)\s?(" + _AMOUNT + r")(?![\d,]*\d)"  # $412, US$412, USD 412
    r"|(?<![\w.,])(" + _AMOUNT + r")\s?(?:USD\b|(?:US|U\.S\.)\s?dollars?\b|dollars?\b|\$(?!\s?\d))",  # 412 USD, 412 dollars, 412$
    re.I)
# a cents-shaped amount right after a word of price, with no currency written ("Total: 1,640.00")
_BARE = re.compile(r"\b(?:prices?|fares?|costs?|total|subtotal|amount|charged?|priced)\b(?:\s*(?:is|of|at|:|=|-|comes to|"
                   r"\([^()\d]{1,15}\)|"
                   r"will be|would be|would come to|for (?:all|both|each|one|the)\w*(?: \w+)?)){0,3}\s*\**\s*"
                   r"(\d{1,3}(?:,\d{3})+\.\d{2}|\d+\.\d{2})(?![\d,.]*\d)"
                   r"(?!\s*(?:hours?|hrs?|h\b|minutes?|mins?|kg|kilos?|lbs?|%|percent|km|miles?|passengers?|people|seats?|"
                   r"adults?|points?))", re.I)
_CENTS = re.compile(r"\d\.\d\d")  # necessary for _BARE
_USD_HINT = re.compile(r"\$|usd|dollar|price|fare|cost|total|amount|charge", re.I)


# an amount in words right before "dollars" ("five hundred twenty-six dollars a seat", "one thousand, one hundred and
# twenty-four US dollars", "eleven hundred dollars"): read as its number (oracle-labeller-19 B13: a wrong price in words
# was no price at all); another country's dollars ("fifteen hundred Canadian dollars") are B2's
_UNITS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve thirteen "
                                     "fourteen fifteen sixteen seventeen eighteen nineteen".split())}
_TENS = {w: 10 * i for i, w in enumerate("_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()) if i > 1}
_SCALES = {"hundred": 100, "thousand": 1000, "million": 1000000}
_NUM_WORD = r"(?:" + "|".join(sorted([*_UNITS, *_TENS, *_SCALES], key=len, reverse=True)) + r")(?![a-z])"
# ... and a fraction of a scale (oracle-labeller-22 finding 13: "about five and a half thousand dollars" was read as
# $1,000, "thousand dollars" alone): "five and a half thousand", "half a thousand", "5.5 thousand dollars" are their
# number
_SCALE_AHEAD = r"(?=[\s-]+(?:hundred|thousand|million)\b)"
_SPELLED_USD = re.compile(r"(?<![\w.,-])(?:(?:half[\s-]+)?an?[\s-]+(?=hundred|thousand|million)|\d+(?:\.\d+)?" +
                          _SCALE_AHEAD + r"[\s-]+)?" + _NUM_WORD +
                          r"(?:(?:[\s-]+(?:and[\s-]+)?|(?<=thousand),\s+|(?<=million),\s+|[\s-]+and[\s-]+a[\s-]+half" +
                          _SCALE_AHEAD + r"[\s-]+)" + _NUM_WORD + r")*"
                          r"(?=\s+(?:US\s+|U\.S\.\s+)?dollars?\b)", re.I)
# a dollar amount with a scale after it: "$5.5k", "$5.5 thousand", "$1.2 million" (read as $5500, $1200000; "$5.5" alone
# would be another number)
_SCALED_USD = re.compile(r"(?<=\$)(\s?)(\d[\d,]*(?:\.\d+)?)\s?(k|thousand|grand|m|mn|million)\b", re.I)


def _spelled_value(words: str) -> int | float | None:
    """The number an amount in words says ("one thousand fifty-two": 1052, "eleven hundred": 1100), or None."""
    total = current = 0
    toks = re.findall(r"\d+(?:\.\d+)?|[a-z]+", words.lower())
    k = 0
    while k < len(toks):
        w = toks[k]
        k += 1
        if w[0].isdigit():
            current += float(w)  # "5.5 thousand"
        elif w == "half" and toks[k:k + 1] in (["a"], ["an"]):
            current, k = 0.5, k + 1  # "half a thousand"
        elif w == "and" and toks[k:k + 2] == ["a", "half"]:
            current, k = current + 0.5, k + 2  # "five and a half thousand"
        elif w in ("a", "an"):
            current = 1
        elif w in _UNITS:
            current += _UNITS[w]
        elif w in _TENS:
            current += _TENS[w]
        elif w == "hundred":
            current = (current or 1) * 100
        elif w in _SCALES:
            total, current = total + (current or 1) * _SCALES[w], 0
        elif w != "and":
            return None
    value = round(total + current, 2)
    return int(value) if value == int(value) else value


def _scaled(number: str, scale: str) -> str:
    value = round(float(number.replace(",", "")) * (1000 if scale.lower() in ("k", "thousand", "grand") else 1000000), 2)
    return str(int(value)) if value == int(value) else str(value)


def _in_digits(text: str) -> str:
    """The text with each amount in words before "dollars" written in digits (``_SPELLED_USD``)."""
    if "$" in text:
        text = _SCALED_USD.sub(lambda m: m.group(1) + _scaled(m.group(2), m.group(3)), text)
    if "dollar" not in text.lower():
        return text
    return _SPELLED_USD.sub(lambda m: str(v) if (v := _spelled_value(m.group(0))) is not None else m.group(0), text)


@lru_cache(1 << 16)
def usd_amounts(text: str) -> tuple[float, ...]:
    """Every amount the text states in US dollars, in order (see the module docstring)."""
    if not text or not _USD_HINT.search(text):
        return ()
    text = _in_digits(text)
    def inside_foreign(start: int, end: int) -> bool:
        return any(s < end and start < e for s, e, _ in _foreign_hits(text))

    found: list[tuple[int, float]] = []
    for m in _USD.finditer(text):
        raw = m.group(1) or m.group(2)
        start = m.start(1) if m.group(1) else m.start(2)
        if not inside_foreign(start, start + len(raw)) and not _rate_unit(text, m, raw):
            found.append((start, _usd_value(raw)))
    taken = {s for s, _ in found}
    for m in _BARE_TOTAL.finditer(text) if found and "total" in text.lower() else ():
        raw, s = (m.group(1), m.start(1)) if m.group(1) else (m.group(2), m.start(2))
        if s not in taken and not any(s <= t < s + len(raw) for t in taken) and not inside_foreign(s, s + len(raw)):
            found.append((s, _usd_value(raw)))
            taken.add(s)
    for m in _BARE.finditer(text) if _CENTS.search(text) else ():
        s = m.start(1)
        if s in taken or inside_foreign(s, m.end(1)):
            continue
        found.append((s, float(m.group(1).replace(",", ""))))
    return tuple(a for _, a in sorted(found))


# one dollar set against another currency: an exchange rate, no price ("1 USD = 1.36 CAD", "$1 ≈ C$1.36", "1 US
# dollar is about 1.36 Canadian dollars", "USD 1 = CAD 1.36")
_RATE_JOIN = re.compile(r"^[*_`]*\s*(?:=|≈|~|:|→|->|equals?|is worth|buys|gets you|is|was|converts to|to)?\s*"
                        r"(?:about|around|roughly|approximately|approx\.?|currently|today)?\s*[*_`]*\s*$", re.I)


def _rate_unit(text: str, m: re.Match, raw: str) -> bool:
    """The USD amount is the one dollar of an exchange rate: 1, followed (or preceded) across only a word of
    equality by an amount in another currency (B1 reads no price there)."""
    if _usd_value(raw) != 1:
        return False
    for s, e, _ in _foreign_hits(text):
        if s >= m.end() and _RATE_JOIN.match(text[m.end():s]) or e <= m.start() and _RATE_JOIN.match(text[e:m.start()]):
            return True
    return False


# --- what an amount is said to be (B1) --------------------------------------------------------------

# a word that makes an amount a difference of two prices: "$379 more per person", "the difference is
# $758", "saves you $117", "an upgrade of $379", "$50 cheaper"
_DIFFERENCE = re.compile(r"\b(?:more|extra|additional|difference|differs?|less|cheaper|pricier|dearer|saves?|saving|"
                         r"savings|upgrad(?:e|es|ing)|on top|increase|top[- ]up|higher|lower)\b", re.I)


# ... in other words (oracle-labeller-21 finding 9): "undercuts SA1757 by $88", "beats SA1757 by $88"; and an amount
# right before "under", "below" or "off" ("$88 below the Premium Economy option", "comes in $48 under SA4762", "knocks
# $88 off"), not a bare "under" ("2 passengers under the name Mei Garcia" is no difference)
_DIFFERENCE_WORDS = re.compile(r"\bundercut(?:s|ting)?\b|\bbeat(?:s|ing)?\b(?=[^.;\n]{0,50}?\bby\b)", re.I)
_UNDER_AMOUNT = re.compile(r"(?:\$\s?\d[\d,.]*|\bUSD\s?\d[\d,.]*|\d\s?(?:USD|dollars?))\s+"
                           r"(?:(?:per|a)\s+(?:seat|person|head|ticket)\s+)?(?:under|below|off)\b(?!-)", re.I)  # not "off-peak"


@lru_cache(1 << 16)
def states_difference(text: str) -> bool:
    """The text calls some amount a difference between prices (``_DIFFERENCE``, ``_DIFFERENCE_WORDS``,
    ``_UNDER_AMOUNT``)."""
    return bool(text) and bool(_DIFFERENCE.search(text) or _DIFFERENCE_WORDS.search(text) or _UNDER_AMOUNT.search(text))


_CLAUSES = re.compile(r"(?<=[.!?])[*_`]*\s+|\n+|;\s*|,\s+")
_REFUND_WORD = re.compile(r"\brefund(?:s|ed)?\b|\b(?:get|receive|have)\b[^.;,]{0,25}\bback\b|\bback to your\b", re.I)


@lru_cache(1 << 16)
def refund_amounts(text: str) -> tuple[float, ...]:
    """The USD amounts the text states as a refund: in a clause with a word of refund ("$664.00 will be
    refunded", "a refund of $0.00", "you'll get $139 back"; "non-refundable" is no such word), or in a markdown
    table's column whose header has one ("| Booking | Status | Refund |" over "| BK.. | Cancelled | $534 |") (B1)."""
    if not text or ("refund" not in text.lower() and "back" not in text.lower()):
        return ()
    return tuple(a for clause in _CLAUSES.split(text) if _REFUND_WORD.search(clause) for a in usd_amounts(clause)) + \
        (_column_refunds(text) if "|" in text else ())


_ROW = re.compile(r"^[ \t]*\|(.*)\|[ \t]*$")
_RULE = re.compile(r"^[\s|:\-]+$")  # a table's header rule: "|---|:--:|"


def _column_refunds(text: str) -> tuple[float, ...]:
    """The USD amounts of the cells under a refund header (finding: a row "| BK4FPGCD | ❌ Cancelled | $534 |" under
    "| Booking | Status | Refund |" names no refund on its own line; the same amount in a sentence was read)."""
    out: list[float] = []
    header: list[str] = []
    lines = text.splitlines()
    for k, line in enumerate(lines):
        m = _ROW.match(line)
        if not m:
            header = []
            continue
        cells = m.group(1).split("|")
        if "-" in m.group(1) and _RULE.match(m.group(1)):
            continue
        if k + 1 < len(lines) and _RULE.match(lines[k + 1]) and "-" in lines[k + 1]:
            header = [c if _REFUND_WORD.search(c) else "" for c in cells]  # the row above a rule names the columns
            continue
        out.extend(a for c, h in zip(cells, header) if h for a in usd_amounts(c))
    return tuple(out)


# --- what an amount is labelled (B1) ----------------------------------------------------------------

_NUMS = r"(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_PEOPLE = r"(?:passengers?|people|persons|travell?ers|adults|seats|tickets|guests)"
# a label right after the amount: "$585 per person", "**$585 each**", "$585 pp", "$585 a seat", "$585/person"
_SEAT_AFTER = re.compile(r"^[*_`]*\s*(?:per\s+(?:person|passenger|pax|travell?er|adult|seat|ticket|head|fare)\b|each\b|"
                         r"apiece\b|pp\b|p\.p\.|pps?\b|a\s+(?:seat|person|head|ticket|passenger)\b|"
                         r"/\s*(?:person|passenger|pax|seat|ticket|head|pp)\b)", re.I)
# "$1,170 total", "$1,170 in total", "$1,170 for both (of you)", "for the two of you", "for the party", "altogether"
_PARTY_AFTER = re.compile(r"^[*_`]*\s*(?:(?:in\s+)?total\b|altogether\b|combined\b|all\s+in\b|for\s+(?:both\b|"
                          r"the\s+(?:party|group|whole\s+(?:party|group))\b|everyone\b|all\s+of\s+you\b|"
                          r"(?:the\s+|all\s+)?" + _NUMS + r"\s+(?:of\s+you|" + _PEOPLE + r")\b))", re.I)
# a label right before it: "Per person: $585", "Total: $1,170", "totals $1,170", "a total of $1,170"
_SEAT_BEFORE = re.compile(r"\b(?:per\s+(?:person|passenger|seat|ticket)|each)\s*(?:is|:|=|-)?\s*[*_`]*\s*$", re.I)
# ... with the party named between: "the total for both of you will be $1,358", "Total for the two of you: $1,358",
# "the total for 2 passengers comes to $1,358" (a count named there is also read by ``party_counts``)
_FOR_PARTY = (r"\s+for\s+(?:both|all|everyone|the\s+(?:party|group|whole\s+(?:party|group))"
              r"|(?:the\s+|all\s+)?(one|" + _NUMS + r")(?:\s+(?:person|" + _PEOPLE + r")\b|(?=\s+of\s+(?:you|us|them)\b)))"
              r"(?:\s+of\s+(?:you|us|them))?")
_TOTAL_IS = r"\s*(?:is|of|:|=|-|comes to|come to|(?:will|would)\s+(?:be|come to)|is going to be)?\s*[*_`]*\s*$"
_PARTY_BEFORE = re.compile(r"\b(?:(?:grand\s+|trip\s+|party\s+)?total(?:s|led|ing)?(?:\s+(?:price|cost|fare))?"
                           r"(?:" + _FOR_PARTY + r")?|altogether)" + _TOTAL_IS, re.I)
_LABEL_HINT = re.compile(r"per\b|each|apiece|pp|seat|/|total|altogether|combined|all in|both|party|group|everyone|of you|"
                         r"passengers|people|travel|adults|tickets|guests", re.I)


@lru_cache(1 << 16)
def labelled_amounts(text: str) -> tuple[tuple[int, str], ...]:
    """(cents, "seat" or "party") of each USD amount the text labels: a price per seat when a word of one
    person follows or precedes it ("$585 per person", "**$585 each**", "$585 pp", "$585 a seat", "Per person:
    $585"); a price of the whole party when a word of the whole follows or precedes it ("$1,170 total", "for
    both", "for the two of you", "for the party", "altogether", "Total: $1,170"). An amount with no label, or
    with both, is not listed (B1 reads it as before: per seat or price x passengers)."""
    if not text or not _LABEL_HINT.search(text):
        return ()
    text = _in_digits(text)
    out = []
    taken = 0  # where the label of the amount before ends: "$1124 in total - $88 less ..." labels the $1124 only
    for m in _USD.finditer(text):
        after, lo = text[m.end():m.end() + 40], max(0, m.start() - 60)
        before = text[lo:m.start()]
        seat_after, party_after = _SEAT_AFTER.match(after), _PARTY_AFTER.match(after)
        seat_before, party_before = _SEAT_BEFORE.search(before), _PARTY_BEFORE.search(before)
        seat_before = seat_before if seat_before and lo + seat_before.start() >= taken else None
        party_before = party_before if party_before and lo + party_before.start() >= taken else None
        seat, party = bool(seat_after or seat_before), bool(party_after or party_before)
        taken = m.end() + max((x.end() for x in (seat_after, party_after) if x), default=0)
        if seat != party:
            raw = m.group(1) or m.group(2)
            out.append((int(round(_usd_value(raw) * 100)), "seat" if seat else "party"))
    return tuple(out)


# the count a party total names right after it: "$2076 in total for 1 passenger", "$1,598 total for 2 passengers",
# "$799 altogether for one person"
_COUNT_AFTER = re.compile(r"^[*_`]*\s*(?:(?:in\s+)?total|altogether|combined)?[*_`]*\s*,?\s*for\s+(?:the\s+|all\s+)?(one|"
                          + _NUMS + r")\s+(?:of\s+you|passengers?|persons?|people|travell?ers?|adults?|seats?|tickets?|"
                          r"guests?)\b", re.I)
_COUNT_WORDS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve".split())}


# ... or in the total's label before it: "the total for 2 passengers comes to $1,358", "Total for the two of you: $1,358"
_COUNT_BEFORE = re.compile(r"\btotal(?:\s+(?:price|cost|fare))?" + _FOR_PARTY + _TOTAL_IS, re.I)


@lru_cache(1 << 16)
def party_counts(text: str) -> tuple[tuple[int, int], ...]:
    """(cents, n) of each USD amount the text gives as the total for a count it names right after it ("$2076 in
    total for 1 passenger": a party of one, whose total is one seat's price; B1 holds it to that count when the count
    was seen)."""
    if not text or " for " not in text:
        return ()
    text = _in_digits(text)
    out = []
    for m in _USD.finditer(text):
        hit = _COUNT_AFTER.match(text[m.end():m.end() + 60]) or _COUNT_BEFORE.search(text[max(0, m.start() - 60):m.start()])
        if hit and hit.group(1):
            raw, word = m.group(1) or m.group(2), hit.group(1).lower()
            out.append((int(round(_usd_value(raw) * 100)),
                        int(word) if word.isdigit() else _COUNT_WORDS[word]))
    return tuple(out)


# the passenger count a summary states for what it prices: "Passengers: 1", "**Passengers:** 1 (Dana Whitfield)",
# "1 passenger", "for 2 travellers" (not "1 seat left": seats are the flight's)
_STATED_COUNT = re.compile(r"\b(?:passengers?|travell?ers?|party\s+size)[*_`\s]*[:=\-\u2013][*_`\s]*(one|" + _NUMS + r")\b"
                           r"|\b(one|" + _NUMS + r")\s+(?:passengers?|travell?ers?|persons?|people|adults?)\b", re.I)


@lru_cache(1 << 16)
def stated_counts(text: str) -> frozenset[int]:
    """The passenger counts the text states (``_STATED_COUNT``): B1 holds a total in that text to them too (a summary
    of a one-passenger booking after a two-passenger one: "Passengers: 1 ... Total: $496")."""
    if not text or not re.search(r"passeng|travel|person|people|adult|party", text, re.I):
        return frozenset()
    out = set()
    for m in _STATED_COUNT.finditer(text):
        word = (m.group(1) or m.group(2)).lower()
        out.add(int(word) if word.isdigit() else _COUNT_WORDS[word])
    return frozenset(out)


# --- what an amount is attributed to (B1) -------------------------------------------------------------
# (oracle-labeller-19 finding 2: "$562 per seat, so $808 in total" passed because 808 is the return leg x 2; "the
# return SA3665 is $452 of that per seat" because 452 is another flight's price; "$158 each way" because 158 is the
# outbound's)

# a sentence or clause that sets its amounts against something else: another option, a change, a refund
_ASIDE = re.compile(r"\b(?:while|whereas|compared|versus|vs\.?|instead|alternatively|otherwise|other|rather|"
                    r"refunds?|refunded|back)\b", re.I)
# (a sentence ends before markdown's closing marks too: "**$879 per person, $1,758 for 2.** Premium Economy (SA7774) ...";
# oracle-labeller-27 B7 pinned the total to the flight of the next sentence)
_SENTENCE_END = re.compile(r"(?<=[.!?])[*_`]*\s+|\n+|;\s*")
# ... and a closing parenthesis: "option 1 (SA1650, $664 per seat) or option 2 (SA0967 ..." prices SA1650 only
_CLAUSE_END = re.compile(r"(?<=[.!?])[*_`]*\s+|\n+|;\s*|,(?!\d)\s*|\)\s*|\s+(?:and|but|plus|or)\s+|\s[-\u2013\u2014]\s")
_FLIGHT = re.compile(r"\bSA\d{4}\b")


def _cents(raw: str) -> int:
    return int(round(_usd_value(raw) * 100))


@lru_cache(1 << 16)
def seat_and_party(text: str) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """(per-seat amounts, party totals), in cents, of each sentence (cut at ".", ";" and line ends) that labels both
    (``labelled_amounts``) and sets nothing against them (no difference, refund or other option, ``_ASIDE``): a total
    there is the total of the per-seat price it states ("$562 per seat, so $808 in total" is not)."""
    if not text or "$" not in text and not _USD_HINT.search(text):
        return ()
    out = []
    for sentence in _SENTENCE_END.split(text):
        if states_difference(sentence) or _ASIDE.search(sentence):
            continue
        labels = labelled_amounts(sentence)
        seats = tuple(c for c, kind in labels if kind == "seat")
        party = tuple(c for c, kind in labels if kind == "party")
        if seats and party:
            out.append((seats, party))
    return tuple(out)


# a word right before or after a per-seat amount that makes it a difference, not the price: "an extra $31 per seat",
# "by $31 per seat", "$31 per seat more than SA8120"
_DIFF_BEFORE = re.compile(r"\b(?:more|extra|additional|difference|differs?|by|upgrades?|saves?|saving|on\s+top|"
                          r"increase|top[- ]up|plus|add(?:s|ing)?)\s*(?:of\s+|is\s+|:\s*)?[*_`]*\s*$", re.I)
_DIFF_AFTER = re.compile(r"^[^.;,\n]{0,12}\b(?:more|less|extra|cheaper|dearer|pricier|than|on\s+top|higher|lower)\b",
                         re.I)


@lru_cache(1 << 16)
def flight_seat_prices(text: str) -> tuple[tuple[str, int], ...]:
    """(flight id, cents) of each USD amount labelled per seat ("$616 per seat", "$585 each") in a sentence that names
    exactly one flight and sets no other option against it (``_ASIDE``), unless a word around it makes it a difference
    (``_DIFF_BEFORE``, ``_DIFF_AFTER``): "Option 1: SA8120 09:45, Economy, refundable, $616 per seat." prices SA8120,
    and so does "SA4569 is the cheaper one at $585 per seat." (skyV V6c, forty-third session: the clause reading of
    ``flight_amounts`` left both out)."""
    if not text or not _FLIGHT.search(text):
        return ()
    out = []
    for sentence in _SENTENCE_END.split(_in_digits(text)):
        ids = set(_FLIGHT.findall(sentence))
        if len(ids) != 1 or _ASIDE.search(sentence):
            continue
        fid = ids.pop()
        for m in _USD.finditer(sentence):
            after, before = sentence[m.end():m.end() + 40], sentence[max(0, m.start() - 40):m.start()]
            seat = _SEAT_AFTER.match(after) or _SEAT_BEFORE.search(before)
            if not seat or _DIFF_BEFORE.search(before):
                continue
            rest = after[_SEAT_AFTER.match(after).end():] if _SEAT_AFTER.match(after) else after
            if _DIFF_AFTER.search(rest):
                continue
            out.append((fid, int(round(_usd_value(m.group(1) or m.group(2)) * 100))))
    return tuple(out)


# a flight named by its departure time: "The 09:45 flight is $616", "the 13:00 one is $585", "the 9:45am departure"
_CLOCK = re.compile(r"(?<![\d:.])([01]?\d|2[0-3])[:.]([0-5]\d)\s*(am|pm|a\.m\.|p\.m\.)?(?![\d:])", re.I)
_ARRIVE = re.compile(r"\b(?:arriv\w*|lands?|landing|gets?\s+in|until|till|by)\b", re.I)


@lru_cache(1 << 16)
def time_amounts(text: str) -> tuple[tuple[str, int], ...]:
    """("HH:MM", cents) of each USD amount in a clause (cut as ``flight_amounts`` cuts) that names no flight id and
    exactly one clock time, no arrival (``_ARRIVE``), and sets nothing against it: "The 09:45 flight is $616" prices
    the flight that departs at 09:45 (skyV V6c, forty-third session)."""
    if not text or not _CLOCK.search(text) or "$" not in text and not _USD_HINT.search(text):
        return ()
    out = []
    for clause in _CLAUSE_END.split(text):
        times = _CLOCK.findall(clause)
        if len(times) != 1 or _FLIGHT.search(clause) or _ARRIVE.search(clause) or states_difference(clause) \
                or _ASIDE.search(clause):
            continue
        h, m, half = times[0]
        hour = int(h) % 12 + (12 if half.lower().startswith("p") else 0) if half else int(h)
        out.extend((f"{hour:02d}:{m}", int(round(a * 100))) for a in usd_amounts(clause))
    return tuple(out)


@lru_cache(1 << 16)
def flight_amounts(text: str) -> tuple[tuple[str, int], ...]:
    """(flight id, cents) of each USD amount in a clause (cut at sentence ends, ";", ",", ")", "and", "but", "plus",
    "or" and dashes) that names exactly one flight and sets nothing against it (``_ASIDE``, a difference): "the return SA3665 is
    $452 of that per seat" prices SA3665."""
    if not text or not _FLIGHT.search(text):
        return ()
    out = []
    for clause in _CLAUSE_END.split(text):
        ids = set(_FLIGHT.findall(clause))
        if len(ids) != 1 or states_difference(clause) or _ASIDE.search(clause):
            continue
        fid = ids.pop()
        out.extend((fid, int(round(a * 100))) for a in usd_amounts(clause))
    return tuple(out)


# (one group: an alternative outside it would escape the anchors below, "Each way costs: outbound $158" read as each way)
_EACH_WAY = r"(?:(?:each|per|a)\s+(?:way|direction|leg)\b|in\s+each\s+direction\b)"
_EACH_WAY_AFTER = re.compile(r"^[*_`]*\s*(?:(?:per|a)\s+(?:seat|person|passenger|head|ticket)\s*,?\s*)?" + _EACH_WAY, re.I)
_EACH_WAY_BEFORE = re.compile(r"\b" + _EACH_WAY + r"\s*,?\s*(?:(?:it|that)(?:['\u2019]s|\s+is)|is|costs?|comes\s+to|runs|"
                              r"(?:will|would)\s+be|works\s+out\s+(?:at|to)|:|=|-|at)?\s*(?:just|only|exactly)?\s*[*_`]*\s*$",
                              re.I)


@lru_cache(1 << 16)
def each_way_amounts(text: str) -> tuple[int, ...]:
    """The cents of each USD amount the text gives as the price of every leg ("$158 each way", "$404 per seat each
    way", "each way: $158")."""
    if not text or not re.search(r"\b(?:way|direction|leg)\b", text, re.I):
        return ()
    text = _in_digits(text)
    directed = {start for start, _, _ in _directed(text)}  # "Each way: $158 out, $404 back": each leg its own
    return tuple(_cents(m.group(1) or m.group(2)) for m in _USD.finditer(text)
                 if (_EACH_WAY_AFTER.match(text[m.end():m.end() + 40])
                     or _EACH_WAY_BEFORE.search(text[max(0, m.start() - 30):m.start()])) and m.start() not in directed)


# a fee said to be none: "no booking fees ($0)", "with $0 in booking fees", "a $0 change fee" (oracle-labeller-20 finding
# 8: G13 was flagged as a price no tool gave); a $0 total, fare or per-seat price is still a price
_FEE = re.compile(r"\b(?:fees?|surcharges?|commissions?|(?:service|booking|change|card|processing)\s+charges?)\b", re.I)


@lru_cache(1 << 16)
def no_fee(text: str) -> bool:
    """Every $0 amount of the text is the only amount of its clause (cut as for ``flight_amounts``), in a clause that
    names a fee (``_FEE``) and labels it neither a total nor a per-seat price (``labelled_amounts``)."""
    text = _in_digits(text or "")
    start, zeros = 0, 0
    for end in [*_CLAUSE_END.finditer(text or ""), None]:
        clause = text[start:end.start() if end else len(text)]
        start = end.end() if end else start
        amounts = [_cents(m.group(1) or m.group(2)) for m in _USD.finditer(clause)]
        if 0 in amounts:
            if len(amounts) != 1 or not _FEE.search(clause) or labelled_amounts(clause):
                return False
            zeros += 1
    return zeros > 0


# an amount given for one direction of a round trip (oracle-labeller-20 finding 8: "the outbound is $404 and the return
# $158 per seat", "Out: $404, back: $158", "the return for both of you comes to $316" passed whatever leg's price it was)
_OUT_WORDS = (r"outbound|outward|(?:going|flying|heading|travell?ing)\s+out|(?:the\s+)?(?:way|flight|leg|trip)\s+"
              r"(?:out(?!\s+of\b)|there)|first\s+leg|departing\s+(?:leg|flight)")
_BACK_WORDS = (r"return(?:ing)?(?!\s+(?:of|to\s+you)\b)|inbound|homeward|homebound|(?:coming|flying|heading|going|"
               r"travell?ing|getting)\s+(?:back|home)|(?:the\s+)?(?:way|flight|leg|trip|journey)\s+(?:back|home)|"
               r"second\s+leg")
_DIRECTION = re.compile(r"\b(?:(" + _OUT_WORDS + r")|(" + _BACK_WORDS + r"))\b", re.I)
# a bare "out" / "back" as a label: "Out: $404", "back - $158" opening the clause, or "$158 out", "$404 back" (not "$404
# back to your card", "$158 out of pocket", "works out at $562")
_BARE_BEFORE = re.compile(r"^[\W_]*(?:(?:and|then|with)\s+)?(?:the\s+)?(?:(out)|(back))\s*(?:[:=\-\u2013]|is\b|costs?\b|"
                          r"comes?\s+to\b|at\b|(?=\$|US|USD))", re.I)
_BARE_AFTER = re.compile(r"^[*_`]*\s*(?:(?:per\s+\w+|each|a\s+\w+)\s+)?(?:(out)|(back))\b(?!\s*(?:of|to|into|on|in|from)\b)", re.I)
# a clause that sets the amount against something else, or is about a refund or the trip as a whole: no leg's price
_NOT_LEG = re.compile(r"\b(?:while|whereas|compared|versus|vs\.?|instead|alternatively|otherwise|other|another|rather|"
                      r"if|earlier|later|cheapest|next|previous|refund\w*|credit\w*|money|reimburs\w*|get|receive|"
                      r"paid|round[-\s]trip|both\s+(?:ways|directions|legs)|there\s+and\s+back|total|altogether|"
                      r"combined|together|in\s+all|whole)\b", re.I)


@lru_cache(1 << 16)
def _directed(text: str) -> tuple[tuple[int, str, int], ...]:
    """(start, "out" or "back", cents) of each USD amount that is the only one of its clause (cut as for
    ``flight_amounts``) and that the clause gives for one direction of a round trip only (``_DIRECTION``, or a bare "out"
    / "back" label right before or after it), naming no flight and setting nothing against it (``_NOT_LEG``, a
    difference)."""
    if not text or not re.search(r"\b(?:out|back|return|inbound|home|leg|there)", text, re.I):
        return ()
    text = _in_digits(text)
    out, start = [], 0
    for end in [m for m in _CLAUSE_END.finditer(text)] + [None]:
        stop = end.start() if end else len(text)
        clause, base = text[start:stop], start
        start = end.end() if end else stop
        found = list(_USD.finditer(clause))
        if len(found) != 1 or _FLIGHT.search(clause) or states_difference(clause) or _NOT_LEG.search(clause):
            continue
        m = found[0]
        kinds = {"out" if d.group(1) else "back" for d in _DIRECTION.finditer(clause)}
        for bare in (_BARE_BEFORE.match(clause[:m.start()]), _BARE_AFTER.match(clause[m.end():])):
            if bare:
                kinds.add("out" if bare.group(1) else "back")
        if len(kinds) == 1:
            out.append((base + m.start(), kinds.pop(), _cents(m.group(1) or m.group(2))))
    return tuple(out)


@lru_cache(1 << 16)
def direction_amounts(text: str) -> tuple[tuple[str, int], ...]:
    """("out" or "back", cents) of each USD amount the text gives for the way out or the way back of a round trip
    (``_directed``): "the outbound is $404", "Out: $404, back: $158", "the return for both of you comes to $316"."""
    return tuple((kind, cents) for _, kind, cents in _directed(text))


# a leg of a round trip named by where it goes, where it leaves from, its airport pair or its month (oracle-labeller-21
# finding 6: "the leg to Dubai is $158", "the Dubai-bound flight", "the JFK → DXB leg costs $158", "The September flight
# is $158" passed whatever leg's price they were given). A place is a run of capitalised words or an airport code; the
# B1 check resolves it against the trip's airports. A bare "to Dubai" without a leg word is no leg ("your trip to New
# York and back" is the whole trip)
_PLACE = r"[A-Z][^\W\d_]*(?:\s+[A-Z][^\W\d_]*){0,2}"
_LEG_WORD = r"(?:legs?|flights?|sectors?|segments?|hops?)"
_TO_PLACE = re.compile(r"\b" + _LEG_WORD + r"\s+(?:(?:back|home|out|over)\s+)?(?:to|into|towards|for|bound\s+for|"
                       r"head(?:ed|ing)\s+(?:to|for))\s+(?:the\s+)?(" + _PLACE + r")"
                       r"|\b(?:fly|flying|going|heading|travell?ing|getting)\s+(?:to|into)\s+(" + _PLACE + r")"
                       r"|(" + _PLACE + r")[-\s]bound\b")
# ("the leg out of New York" is the leg leaving New York, not "the leg out": oracle-labeller-22 finding 12, so
# ``_OUT_WORDS`` leaves "out of" to this; and "departing New York", "that leaves New York")
_FROM_PLACE = re.compile(r"\b" + _LEG_WORD + r"\s+(?:(?:back|home|out)\s+)?(?:from|out\s+of|leaving|departing(?:\s+from)?|"
                         r"(?:that\s+|which\s+)?(?:leaves|departs)(?:\s+from)?)\s+(?:the\s+)?("
                         + _PLACE + r")")
# (the second place is only looked at: "Dubai → New York → Dubai" is two pairs)
_PAIR = re.compile(r"(?:\bfrom\s+)?(" + _PLACE + r")\s*(?:→|->|=>|⟶|–|—|-|>|\bto\b)\s*(?=(" + _PLACE + r"))")
_CODE = re.compile(r"\(([A-Z]{3})\)")  # "New York (JFK)", read as "New York  JFK " (the same length)
# a month, capitalised ("you may book the flight" is no May), before the leg word ("The September flight", "the May 24
# flight") or after it ("the flight on September 21", "the flight on the 21st of September")
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_MONTH_NAME = r"(" + "|".join(_MONTHS) + r")[a-z]*\.?"
_MONTH = re.compile(r"\b" + _MONTH_NAME + r"(?=(?:\s+\d{1,2}(?:st|nd|rd|th)?,?)?\s+" + _LEG_WORD + r"\b)|\b" + _LEG_WORD
                    + r"\s+(?:on|in)\s+(?:the\s+\d{1,2}(?:st|nd|rd|th)?\s+of\s+)?" + _MONTH_NAME)


def _leg_clauses(text: str):
    """(start, clause) of the text cut as for ``flight_amounts`` and also at a colon after an amount ("$1124 in total:
    the leg to Dubai is $158"; "JFK → DXB: $404" stays one clause)."""
    start = 0
    for end in [*_CLAUSE_END.finditer(text), None]:
        stop = end.start() if end else len(text)
        base = start
        for colon in re.finditer(r":\s+", text[start:stop]):
            if _USD.search(text, base, start + colon.start()):
                yield base, text[base:start + colon.start()]
                base = start + colon.end()
        yield base, text[base:stop]
        start = end.end() if end else stop


@lru_cache(1 << 16)
def place_amounts(text: str) -> tuple[tuple[tuple[str, ...], tuple[str, ...], tuple[int, ...], int], ...]:
    """(places it goes to, places it leaves from, months, cents) of each USD amount that is the only one of its clause
    (``_leg_clauses``) and that the clause gives for one leg named by place, airport pair or month (``_TO_PLACE``,
    ``_FROM_PLACE``, ``_PAIR``, ``_MONTH``), naming no flight, no direction (``_directed`` reads those) and setting
    nothing against it (``_NOT_LEG``, a difference)."""
    if not text or not re.search(r"[A-Z]", text):
        return ()
    directed = {start for start, _, _ in _directed(text)}
    out = []
    text = _CODE.sub(lambda m: f" {m.group(1)} ", text)
    for base, clause in _leg_clauses(text):
        found = list(_USD.finditer(clause))
        if (len(found) != 1 or base + found[0].start() in directed or _FLIGHT.search(clause)
                or states_difference(clause) or _NOT_LEG.search(clause) or _DIRECTION.search(clause)):
            continue
        to = [next(g for g in m.groups() if g) for m in _TO_PLACE.finditer(clause)]
        frm = [m.group(1) for m in _FROM_PLACE.finditer(clause)]
        for m in _PAIR.finditer(clause):
            frm.append(m.group(1))
            to.append(m.group(2))
        months = [_MONTHS.index((m.group(1) or m.group(2))[:3]) + 1 for m in _MONTH.finditer(clause)]
        if to or frm or months:
            out.append((tuple(to), tuple(frm), tuple(months), _cents(found[0].group(1) or found[0].group(2))))
    return tuple(out)
