"""The verifiers' reading of foreign-currency prices (policy B2).

A currency counts only when it qualifies an amount:
  - a symbol (€ £ ¥ ₹) written against a number ("€450", "450 €", "£ 30");
  - an ISO code in capitals next to a number ("EUR 450", "450 EUR", "JPY 60,000");
  - a currency name right after a number ("450 euros", "1,200.50 yen", "30 Swiss francs",
    "99 pounds sterling") -- except pounds in a weight context ("my bag weighs 50 pounds").
A currency word on its own ("Ezra Pound", "Mai Yen", a passenger called Euro, "I can only quote
in US dollars, not euros") is not a price.
"""

from __future__ import annotations

import re
from functools import lru_cache

_NUMBER = r"(?<![A-Za-z0-9])\d[\d,]*(?:\.\d+)?"
_SYMBOLS = "€£¥₹"
_CODES = "EUR|GBP|JPY|CAD|AUD|CHF|INR|MXN|BRL|CNY|KRW|SEK|NOK|DKK|NZD|SGD|HKD|ZAR|TRY|AED"
_NAMES = (r"euros?|pounds?(?: sterling)?|sterling|yen|yuan|renminbi|rupees?|pesos?|(?:swiss )?francs?|reais|real|"
          r"(?:canadian|australian|new zealand|hong kong|singapore) dollars?|won|kron(?:a|or|er)|rand|lira|dirhams?")
_SYMBOL_AMOUNT = re.compile(r"[" + _SYMBOLS + r"]\s?" + _NUMBER + r"|" + _NUMBER + r"\s?[" + _SYMBOLS + r"]")
_CODE_AMOUNT = re.compile(r"(?<![A-Za-z])(?:" + _CODES + r")\s?" + _NUMBER + r"|" + _NUMBER + r"\s?(?:" + _CODES + r")(?![A-Za-z])")
_NAME_AMOUNT = re.compile(_NUMBER + r"\s?(" + _NAMES + r")(?![A-Za-z])", re.I)
# a necessary condition for any of the three: a symbol, a code or a currency name somewhere
_ANY_CURRENCY = re.compile(r"[" + _SYMBOLS + r"]|" + _CODES + r"|(?i:" + _NAMES + r")")
_WEIGHT = re.compile(r"weigh|weight|heavy|heavier|light|bag|luggage|suitcase|baggage|carry-on|\bkg\b|\blbs?\b|kilo", re.I)


# _ANY_CURRENCY, for ASCII text, as plain substring tests (the regex scans slowly): a capital
# code anywhere, or the shortest form of a currency name in the lower-cased text
_CODE_LIST = tuple(_CODES.split("|"))
_NAME_STEMS = ("euro", "pound", "sterling", "yen", "yuan", "renminbi", "rupee", "peso", "franc", "reais", "real",
               "canadian dollar", "australian dollar", "new zealand dollar", "hong kong dollar", "singapore dollar",
               "won", "krona", "kronor", "kroner", "rand", "lira", "dirham")


def _any_currency(text: str) -> bool:
    if not text.isascii():
        return bool(_ANY_CURRENCY.search(text))
    if any(code in text for code in _CODE_LIST):
        return True
    low = text.lower()
    return any(stem in low for stem in _NAME_STEMS)


@lru_cache(1 << 16)
def foreign_price(text: str) -> str | None:
    """The first non-USD amount in the text (as written), or None."""
    if not text or not _any_currency(text):
        return None
    hits = []
    for pat in (_SYMBOL_AMOUNT, _CODE_AMOUNT):
        m = pat.search(text)
        if m:
            hits.append((m.start(), m.group(0)))
    for m in _NAME_AMOUNT.finditer(text):
        if m.group(1).lower().startswith("pound"):
            sentence_start = max(text.rfind(".", 0, m.start()), text.rfind("!", 0, m.start()), text.rfind("?", 0, m.start()))
            end = min([i for i in (text.find(".", m.end()), text.find("!", m.end()), text.find("?", m.end())) if i >= 0] or [len(text)])
            if _WEIGHT.search(text[sentence_start + 1:end]):
                continue
        hits.append((m.start(), m.group(0)))
        break
    return min(hits)[1] if hits else None
