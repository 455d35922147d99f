"""The verifiers' reading of customer consent (policies S4 and S5).

Definition (the one both sides of the project implement, each on its own):

    A *confirmation* is the customer's reply to the assistant's question that listed the
    action's details, which plainly says yes to that action. It must carry an affirmative
    (yes, yeah, sure, ok, confirmed, correct, that's right, go ahead, proceed, please do,
    do it, book it, go for it, let's do it, sounds good, ...) and must not be
      - hedged: maybe, perhaps, probably, I guess, I think so, not sure, if ..., unless ...;
      - a question: it contains '?' or opens a clause with a question word (will, can, is, how, ...);
      - deferred: think about it, later, get back to you, let me check, wait, hold on, not yet, ...;
      - a change of mind or a refusal: no, not, don't, actually, instead, rather, on second
        thought, never mind, changed my mind, cancel that, stop, but ...

Whether the assistant's previous message asked for approval is a separate test
(``text_rules.asks_confirmation``); this module only judges the customer's reply.

This is the oracle's implementation. The reference target has its own, written separately in
``envs.skyassist.language``; the two must not share code, so that a mistake in one is caught by
the other (the consent table in tests/envs/skyassist/test_consent.py feeds both).

Method: the reply is lower-cased, apostrophes are normalised and dropped, and it is split into
word tokens; affirmatives and disqualifiers are matched as token sequences, not regexes.
"""

from __future__ import annotations

from functools import lru_cache

# token sequences (each a tuple of lower-case words, apostrophes removed) -----------------------

_AFFIRMATIVE_PHRASES = [
    "yes", "yeah", "yea", "yep", "yup", "ya", "yas", "aye", "sure", "surely", "ok", "okay", "okey", "okie",
    "k", "kk", "alright", "all right", "certainly", "absolutely", "definitely", "of course", "affirmative",
    "confirm", "confirmed", "i confirm", "correct", "thats correct", "thats right", "right", "exactly",
    "indeed", "agreed", "i agree", "go ahead", "go on", "proceed", "please proceed", "please do",
    "do it", "do that", "lets do it", "lets do that", "lets go", "go for it", "book it", "book that",
    "book them", "book those", "book me", "hold it", "hold them", "hold that", "hold those", "cancel it",
    "change it", "make the change", "make it so", "sounds good", "sounds great", "sounds fine", "sounds perfect",
    "sounds right", "perfect", "great", "fine", "thats fine", "that works", "works for me", "deal",
    "please book", "please hold", "please cancel", "please change", "yes please", "approved", "i approve",
    "green light", "by all means", "for sure", "you bet", "looks good", "looks right", "that is right",
    "that is correct", "that is fine", "place the hold", "make the booking", "go through with it",
    "please go ahead", "sure thing", "very well", "why not",
]
_HEDGES = [
    "maybe", "perhaps", "probably", "possibly", "i guess", "guess so", "i think so", "i suppose", "suppose so",
    "not sure", "unsure", "if", "unless", "depends", "it depends", "kind of", "sort of", "hmm", "hm", "um", "umm",
    "uh", "i dunno", "dont know", "do not know", "might", "not certain", "provided", "assuming", "as long as",
    "in case",
]
_DEFERRALS = [
    "think about it", "think it over", "think about that", "let me think", "need to think", "later", "tomorrow",
    "get back to you", "come back", "call back", "let me check", "need to check", "check with", "ask my",
    "talk to", "wait", "hold on", "hang on", "one moment", "one sec", "a minute", "a moment", "a second",
    "not yet", "not now", "not today", "another time", "sleep on it", "decide", "first let me", "give me some time",
    "give me time", "give me a day", "give me a while", "give me a bit", "give me till", "give me until",
    "before i", "before you", "in a bit", "for now",
]
_REVERSALS = [
    "no", "nope", "nah", "not", "dont", "do not", "never", "never mind", "nevermind", "actually", "instead",
    "rather", "second thought", "second thoughts", "changed my mind", "change my mind", "cancel that",
    "scratch that", "forget it", "forget that", "stop", "but", "however", "although", "though", "wrong",
    "incorrect", "isnt", "wasnt", "shouldnt", "wouldnt", "cant", "cannot", "wont", "hold off", "prefer",
    "different", "other one", "another",
]
_NEUTRAL = ["why not", "no problem", "no problems", "no worries", "not a problem", "no doubt", "no changes", "no questions",
            "no further questions", "nothing else", "no more questions", "in a bit of a rush", "in a bit of a hurry"]
_SUBJECTS = {"you", "i", "we", "they", "he", "she", "u", "ya", "yall"}
_QUESTION_OPENERS = {
    "will", "would", "can", "could", "is", "are", "was", "does", "do", "did", "how", "what", "when", "where",
    "which", "who", "why", "whats", "hows", "shall", "should", "may", "have", "has", "isnt", "arent", "any",
}

_APOSTROPHES = "'\u2019\u2018`"
_PUNCT_SPLIT = ".,;:!?\u2014\u2013-()\"\u201c\u201d"


def _clauses(text: str) -> list[list[str]]:
    """Lower-cased word tokens, split into clauses at punctuation; apostrophes are removed
    ("that's" -> "thats")."""
    low = text.lower()
    for ch in _APOSTROPHES:
        low = low.replace(ch, "")
    for ch in _PUNCT_SPLIT:
        low = low.replace(ch, " | ")
    clauses, cur = [], []
    for tok in low.split():
        if tok == "|":
            if cur:
                clauses.append(cur)
            cur = []
            continue
        tok = "".join(c for c in tok if c.isalnum())
        if tok:
            cur.append(tok)
    if cur:
        clauses.append(cur)
    return clauses


def _contains(tokens: list[str], phrase: tuple[str, ...]) -> bool:
    n = len(phrase)
    return any(tuple(tokens[i:i + n]) == phrase for i in range(len(tokens) - n + 1))


def _phrases(words: list[str]) -> list[tuple[str, ...]]:
    return [tuple(w.split()) for w in words]


_AFF = _phrases(_AFFIRMATIVE_PHRASES)
_HEDGE = _phrases(_HEDGES)
_DEFER = _phrases(_DEFERRALS)
_REVERSE = _phrases(_REVERSALS)
_NEUT = _phrases(_NEUTRAL)


def _drop(tokens: list[str], phrases: list[tuple[str, ...]]) -> list[str]:
    """The tokens with every occurrence of the given phrases removed."""
    out, i = [], 0
    while i < len(tokens):
        hit = next((p for p in phrases if tuple(tokens[i:i + len(p)]) == p), None)
        if hit:
            i += len(hit)
            continue
        out.append(tokens[i])
        i += 1
    return out


def _why_not(text: str) -> str | None:
    """None when the reply is a confirmation, else the reason it is not."""
    if not isinstance(text, str) or not text.strip():
        return "empty"
    if "?" in text:
        return "question"
    clauses = [c for c in (_drop(c, _NEUT) for c in _clauses(text)) if c]
    words = [w for c in clauses for w in c]
    if not words:
        return "empty"
    if not any(_contains(words, p) for p in _AFF) and words not in (["y"], ["yah"], ["yy"]):  # a bare "y" is a yes
        return "no affirmative"
    if any(_contains(words, p) for p in _REVERSE):
        return "refusal or change of mind"
    if any(_contains(words, p) for p in _HEDGE):
        return "hedged"
    if any(_contains(words, p) for p in _DEFER):
        return "deferred"
    # a clause that opens like a question ("ok, will it be refunded") is a question even without '?'
    if any(_opens_question(c) for c in clauses):
        return "question"
    return None


_FILLERS = {"ok", "okay", "yes", "yeah", "sure", "right", "and", "so", "then", "also", "alright", "well", "great",
            "fine", "oh", "now"}


def _opens_question(clause: list[str]) -> bool:
    """The clause, after leading fillers ("ok so ..."), starts with a question word."""
    k = 0
    while k < len(clause) - 1 and clause[k] in _FILLERS:
        k += 1
    rest = clause[k:]
    if len(rest) > 1 and rest[0] == "do" and rest[1] not in _SUBJECTS:
        return False  # "yes, do the booking": an imperative; "ok do you ...", "do we ...": a question
    return (len(rest) > 1 and rest[0] in _QUESTION_OPENERS
            and not any(tuple(rest[:len(p)]) == p for p in _AFF))


@lru_cache(1 << 16)
def is_confirmation(text: str) -> bool:
    """The customer's reply plainly approves the action just proposed (see the module docstring)."""
    return _why_not(text) is None


def reason(text: str) -> str | None:
    """Why a reply is not a confirmation ('hedged', 'question', 'deferred', ...), or None if it is one."""
    return _why_not(text)
