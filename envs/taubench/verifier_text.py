"""The verifiers' own reading of English. Deliberately NOT shared with the reference target.

The reference target reads customers with ``envs.taubench.language``; this module is a separate,
smaller implementation so that a target bug in understanding "yes" cannot hide a violation.

**Definition of a confirmation** (policy R3). A customer message confirms a write when

1. it answers a *confirmation question*: the last assistant text before it is a question (has a
   ``?``) that lists the action's details, i.e. names the order id the write acts on (for a
   change of the default address: the new street line or zip code) and the kind of action;
2. it is *affirmative*: it contains an affirmative word or phrase (yes, yeah, yea, yep, yup, ya,
   yah, yas, aye, sure, correct, confirm(ed), go ahead, go for it, proceed, please do, do it, that's
   right, absolutely, definitely, certainly, of course, affirmative, ok/okay, alright/all right,
   sounds good, that works, perfect), or it is only "y", "k" or "kk";
3. it is *not negated*: no "no", "not", "don't", "never", "nope", "stop", "cancel that" (the
   cancellation reason "no longer needed" is not a negation);
4. it is *not hedged*: no "maybe", "perhaps", "probably", "I think", "I guess", "not sure", "might";
5. it is *not a question*: no ``?``;
6. it is *not deferred*: no "wait", "hold on", "later", "not yet", "let me check/think", "first",
   "before that", "one moment", "one sec".
"""

from __future__ import annotations

import re
from functools import lru_cache

_AFFIRM = re.compile(r"\b(yes|yeah|yea|yep|yup|ya|yah|yass?|aye|sure|correct|confirm(?:ed)?|go ahead|go for it|proceed|"
                     r"please do|do it|that'?s right|absolutely|definitely|certainly|of course|affirmative|ok(?:ay)?|"
                     r"alright|all right|sounds good|that works|perfect)\b"
                     r"|^\W*(?:y|k|kk)\W*$",  # a reply that is only "y" or "k"
                     re.I)
_NEGATE = re.compile(r"\b(no|not|don'?t|do not|never|nope|stop|cancel that)\b", re.I)
_HEDGE = re.compile(r"\b(maybe|perhaps|probably|i think|i guess|not sure|might)\b", re.I)
_DEFER = re.compile(r"\b(wait|hold on|later|not yet|let me (?:check|think)|first|before that|one moment|one sec)\b", re.I)
_REASON_PHRASES = re.compile(r"no longer needed|no longer need(?:s)?", re.I)

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


@lru_cache(1 << 16)
def is_confirmation(text: str) -> bool:
    """Points 2-6 of the definition (point 1 is checked against the question by the verifier)."""
    if not text or "?" in text:
        return False
    rest = _REASON_PHRASES.sub(" ", text)
    return bool(_AFFIRM.search(rest)) and not (_NEGATE.search(rest) or _HEDGE.search(rest) or _DEFER.search(rest))


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
