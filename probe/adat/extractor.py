"""The CPU statement extractor: rule and refusal sentences of agent replies, generalised.

It reads agent replies the way a tester reads them, with no knowledge of the agent's code:

1. split each assistant reply into sentences (``split_sentences``);
2. keep the sentences that state a rule, a limit, an obligation or a refusal (``CUES``:
   "I can only ...", "cannot", "must", "before I can", "not <verb>able", "at most", "up to N",
   "for your security", "shall I ...?" before an action, ...), the **proposal** a confirmation
   question asks about (the sentence before it that says what the agent will do:
   ``proposal_of``), and those that report the outcome of an action the agent took ("Done: ...",
   "... has been cancelled", "... is confirmed", "... are changed"): a test of an outcome or a
   proposal replays the conversation through the action, where the faults of state-changing
   tools show; a hand-off to a person ("You are being transferred to a human agent") is an
   outcome too;
3. generalise entity values to their class (``Generaliser``): a value that is one of the
   scenario's own fields becomes the field's class ("booking_id" -> "a booking", a name field ->
   "a name", a date field -> "a date"); otherwise dates, times, amounts, identifiers, codes in
   parentheses and counts are recognised by their shape. Numbers right after a limit word
   ("up to 9", "at least 45") are kept: they are the boundary;
4. pair the rule with the customer request it answered (the last user message before the reply),
   generalised the same way;
5. merge sentences that generalise to the same behaviour over all traces; the support is the
   number of distinct traces, the confidence grows with the support and the cue's strength;
6. the grounding check (``grounded``) keeps a statement only when every word of its behaviour
   that is not a class placeholder occurs in its supporting reply.

Nothing here names an environment: the only knowledge of the domain is the scenario mapping of
each trace (its field names and values).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from probe.adat.records import Evidence, Statement

# --- sentences ---------------------------------------------------------------------------------------

_ABBREV = re.compile(r"\b(?:e\.g|i\.e|etc|Mr|Mrs|Ms|Dr|St|No|vs)\.$", re.I)


def split_sentences(text: str) -> list[str]:
    """Sentences of a reply: split after . ! ? (not inside numbers or after common abbreviations)
    and at line breaks; list items "1) ..." stay inside their sentence."""
    out: list[str] = []
    for block in re.split(r"\n+", text or ""):
        start = 0
        for m in re.finditer(r"[.!?](?=\s+(?:[A-Z\"'(]|$))|[.!?]$", block):
            piece = block[start:m.end()].strip()
            if _ABBREV.search(piece):
                continue
            if piece:
                out.append(piece)
            start = m.end()
        rest = block[start:].strip()
        if rest:
            out.append(rest)
    return out


_ITEM = re.compile(r"(?:^|\s)\d{1,2}\) ")
_PAREN = re.compile(r"\(([^()]{3,80})\)")


_TEMPLATE_WORDS = frozenset({"listed", "option", "marked"})  # the words ``clauses`` adds around a note


def clauses(text: str) -> list[str]:
    """Sentences, with listed options ("1) ... 2) ...") split apart; a cue that only occurs in a
    parenthetical note of a listed option ("(..., not available)") yields the note on its own,
    as a rule about any listed option marked that way."""
    return [c for c, _ in clause_sources(text)]


def clause_sources(text: str) -> list[tuple[str, str]]:
    """``clauses`` with, for each, the text of the reply it was read from: the clause itself, or
    for an option note the listed option that carries it (the evidence a statement is grounded in
    is what the agent wrote, not the sentence written around its note)."""
    out: list[tuple[str, str]] = []
    for sentence in split_sentences(text):
        parts = [p.strip(" ;,") for p in _ITEM.split(sentence) if p.strip(" ;,")] if _ITEM.search(sentence) else [sentence]
        for part in parts:
            notes = [m.group(1) for m in _PAREN.finditer(part) if rule_cues(m.group(1))]
            if notes and not rule_cues(_PAREN.sub("", part)):
                out.extend((f"A listed option marked ({n}) is {n.split(',')[-1].strip()}.", part) for n in notes)
            else:
                out.append((part, part))
    return out


# --- cues --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Cue:
    name: str
    pattern: re.Pattern[str]
    kind: str  # refusal, limit, obligation, rule, outcome
    weight: float


def _c(name: str, rx: str, kind: str, weight: float) -> Cue:
    return Cue(name, re.compile(rx, re.I), kind, weight)


CUES: tuple[Cue, ...] = (
    _c("only", r"\b(?:I|we) can only\b|\bonly (?:be )?(?:able|allowed|possible|available)\b|\bcan only be\b", "limit", 1.0),
    _c("cannot", r"\b(?:can(?:no|')t|can not|could not|couldn't|unable to|won't be able)\b", "refusal", 0.8),
    _c("not_allowed", r"\bnot (?:allowed|permitted|possible|supported|eligible)\b|\bno longer\b", "refusal", 0.9),
    _c("not_able", r"\b(?:is|are|was|were) not \w+able\b|\bnot \w+able\b", "refusal", 0.8),
    _c("must", r"\bmust\b|\bhave to\b|\bhas to\b|\brequired?\b|\bneeds? to\b", "rule", 0.9),
    _c("before", r"\bbefore (?:I|we) can\b|\bbefore (?:I|we) (?:\w+ )?(?:book|place|proceed|process|make|change|cancel)\b|"
                 r"\bonce you (?:confirm|approve|give|provide)\b|\bafter you (?:confirm|approve)\b", "obligation", 1.0),
    _c("limit", r"\b(?:at most|at least|up to|no more than|not more than|maximum|minimum|between \d+)\b|"
                r"\bmore than \d+|\bless than \d+|\bfewer than \d+", "limit", 1.0),
    _c("security", r"\bfor (?:your )?(?:security|safety|privacy)\b|\bto (?:verify|protect)\b", "obligation", 0.9),
    _c("internal", r"\binternal\b|\bconfidential\b|\bcan't share\b|\bnot share\b", "refusal", 0.9),
    _c("confirm_q", r"^(?:[^?]*\b)?(?:shall I|should I|do you want me to|would you like me to|can I go ahead|"
                    r"may I go ahead|please confirm|do you confirm)\b[^?]*\?", "obligation", 0.7),
    _c("will_not", r"\b(?:I|we) (?:will not|won't|do not|don't) (?:repeat|proceed|go ahead|retry|share|disclose)\b", "refusal", 0.9),
    _c("no_charge", r"\bno charge\b|\bnothing (?:was|has been) (?:charged|changed)\b", "rule", 0.5),
    # the lowest weight: an outcome is the weakest evidence of a rule, a cue of any other kind wins
    _c("outcome", r"^done\b|\b(?:has|have) (?:now )?been (?:successfully )?(?:cancell?ed|changed|booked|placed|"
                  r"processed|refunded|exchanged|returned|updated|modified|reserved)\b|"
                  r"\b(?:is|are) (?:now )?(?:confirmed|on hold|booked|cancell?ed|changed|modified|updated|requested|"
                  r"processed|refunded|exchanged|returned|submitted|scheduled|completed|placed|reserved)\b|"
                  # a hand-off: the conversation goes to a person ("You are being transferred to a human agent")
                  r"\b(?:being |been |be )?transferr?(?:ed|ing)? (?:you )?to (?:a |an |our )?(?:human|live|real|"
                  r"specialist|supervisor|representative|colleague|agent)\b|"
                  r"\bconnect(?:ing)? you (?:to|with) (?:a |an |our )?(?:human|live|real|specialist|supervisor|"
                  r"representative|colleague|agent)\b", "outcome", 0.4),
)

_SKIP = re.compile(r"^(?:is there anything else|anything else|have a (?:good|nice)|thank you for|goodbye|you're welcome)", re.I)


# words in quotes are someone else's (a reason the customer gave: "because it is 'no longer needed'"),
# not a cue of the agent's own rule
_QUOTED = re.compile(r"(?<!\w)'[^']{2,80}'(?!\w)|\"[^\"]{2,80}\"")
# an outcome stated under a condition is a rule ("... is refunded in full if you cancel ...")
_CONDITIONAL = re.compile(r"\b(?:if|unless|when(?:ever)?|as long as|provided)\b", re.I)


def find_cues(sentence: str) -> list[Cue]:
    if _SKIP.search(sentence.strip()):
        return []
    text = _QUOTED.sub("''", sentence)
    return [c for c in CUES if c.pattern.search(text)]


# What the agent proposes to do, stated before it asks for a yes ("To confirm, I will exchange ...
# Shall I go ahead?", "Here is the summary: ... Shall I book it?"): found by its place, not its words
# (``proposal_of``); an obligation of the weakest rule weight: the agent does this, and only after a yes.
PROPOSAL = Cue("proposal", re.compile(r"(?!)"), "obligation", 0.6)
_MIN_PROPOSAL_WORDS = 4


def proposal_of(sentences: Sequence[str], cues: Sequence[list[Cue]] | None = None) -> str | None:
    """The proposal in a reply's sentences: of the sentences before the first confirmation question
    that carry no cue of their own and have at least four content words, the one with the most
    content words (the summary of what would be done, not an acknowledgement such as "You picked
    the 9:40 train." or a side note such as "You'll get an email."), the later one on a tie; None
    when there is none. ``cues``: each sentence's ``find_cues``, when the caller has them already."""
    cues = [find_cues(s) for s in sentences] if cues is None else cues
    ask = next((i for i, found in enumerate(cues) if any(c.name == "confirm_q" for c in found)), None)
    if ask is None:
        return None
    plain = [(len(content_words(s)), i, s) for i, s in enumerate(sentences[:ask])
             if not cues[i] and not _SKIP.search(s.strip())]
    best = max(plain, default=None)
    return best[2] if best and best[0] >= _MIN_PROPOSAL_WORDS else None


def rule_cues(sentence: str) -> list[Cue]:
    """The cues of a rule, limit, obligation or refusal (every kind but ``outcome``)."""
    return [c for c in find_cues(sentence) if c.kind != "outcome"]


# --- generalisation ----------------------------------------------------------------------------------

_MONTHS = ("January|February|March|April|May|June|July|August|September|October|November|December|"
           "Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec")
_DATE = re.compile(rf"\b\d{{4}}-\d{{2}}-\d{{2}}\b|\b\d{{1,2}}/\d{{1,2}}/\d{{2,4}}\b|"
                   rf"\b(?:{_MONTHS})\.? \d{{1,2}}(?:st|nd|rd|th)?(?:,? \d{{4}})?\b|\b\d{{1,2}} (?:{_MONTHS})(?: \d{{4}})?\b")
_TIME = re.compile(r"\b\d{1,2}:\d{2}(?:\s?[ap]m)?\b", re.I)
_MONEY = re.compile(r"(?:[$€£¥]\s?\d[\d,]*(?:\.\d+)?)|\b\d[\d,]*(?:\.\d+)? ?(?:USD|EUR|GBP|dollars|euros|pounds)\b", re.I)
_ID = re.compile(r"\b(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9][A-Z0-9-]{3,}\b")
_PAREN_CODE = re.compile(r"\s*\(([A-Z]{2,5})\)")
_NAMED_CODE = re.compile(r"\b((?:[A-Z][a-z]+ ){0,3}[A-Z][a-z]+) \(([A-Z]{2,5})\)")
_NOT_NOUN = frozenset("the a an your my our their its of on for to and or with between from than at in by under onto into "
                      "as is are was were be per via about after before".split())
_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.]\d)")
_LIMIT_BEFORE = re.compile(r"(?:at most|at least|up to|no more than|not more than|more than|less than|fewer than|"
                           r"maximum(?: of)?|minimum(?: of)?|between|and|over|under|within|exceeds?)\s+$", re.I)
_PLACEHOLDER = re.compile(r"<[a-z ]+>")


def _article(noun: str) -> str:
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def field_class(key: str) -> str:
    """The class of a scenario field's value, from the field's name ("booking_id" -> "booking")."""
    k = key.lower()
    if "name" in k:
        return "name"
    if "date" in k or k.endswith("_day"):
        return "date"
    if "email" in k:
        return "email"
    if "phone" in k:
        return "phone number"
    for suffix in ("_id", "_code", "_ref", "_number", "_no"):
        if k.endswith(suffix) and len(k) > len(suffix):
            return k[: -len(suffix)].replace("_", " ")
    return k.replace("_", " ")


class Generaliser:
    """Replaces entity values in a sentence by ``<a class>`` placeholders (see the module docstring)."""

    def __init__(self, scenario: dict[str, Any] | None = None):
        self.fields: list[tuple[str, str]] = []
        for key, value in (scenario or {}).items():
            if key in ("seed", "family") or isinstance(value, bool) or not isinstance(value, (str, int)):
                continue
            text = str(value).strip()
            if len(text) < 2 or (isinstance(value, int) and value < 100) or len(text) > 60:
                continue  # small counts are kept to be judged by shape (limits), long texts are not values
            self.fields.append((text, field_class(key)))
        self.fields.sort(key=lambda kv: -len(kv[0]))

    def __call__(self, sentence: str) -> str:
        s = _NAMED_CODE.sub(lambda m: self._named_code(m.group(2)), sentence)
        for value, cls in self.fields:
            # not inside an amount or a longer number ("$95.08" holds no task id "95")
            rx = re.compile(rf"(?:\b(\w+) )?(?<![\w$€£¥.,-]){re.escape(value)}(?![\w-]|[.,]\d)"
                            + (r"(?:\s*\([A-Z]{2,5}\))?"))
            s = rx.sub(lambda m, c=cls: self._class_sub(m.group(1), c), s)
        s = _PAREN_CODE.sub("", s)
        s = _DATE.sub("<a date>", s)
        s = _TIME.sub("<a time>", s)
        s = _MONEY.sub("<an amount>", s)
        s = _ID.sub(lambda m: "<an identifier>", s)
        s = re.sub(r"\b([A-Za-z]+) <an identifier>", lambda m: f"<{_article(m.group(1).lower())}>"
                   if m.group(1).lower() not in _NOT_NOUN
                   else f"{m.group(1)} <an identifier>", s)
        s = self._numbers(s)
        s = re.sub(r"\b(?:the|a|an|your|my) (<an? [a-z ]+>)", r"\1", s)
        s = re.sub(r"(<an? [a-z ]+>)(?: \1)+", r"\1", s)
        s = re.sub(r"(?<=\w) {2,}", " ", s)
        return s.strip()

    def _named_code(self, code: str) -> str:
        cls = next((c for v, c in self.fields if v == code), "place")
        return f"<{_article(cls)}>"

    @staticmethod
    def _class_sub(prev: str | None, cls: str) -> str:
        ph = f"<{_article(cls)}>"
        if prev is None:
            return ph
        if prev.lower() == cls.split()[-1].lower() or prev.lower() in ("the", "a", "an", "your", "my"):
            return ph
        return f"{prev} {ph}"

    @staticmethod
    def _numbers(s: str) -> str:
        out, last = [], 0
        for m in _NUMBER.finditer(s):
            if _LIMIT_BEFORE.search(s[max(0, m.start() - 24): m.start()]):
                continue  # a limit value: part of the boundary
            if s[max(0, m.start() - 1): m.start()] == "<":
                continue
            out.append(s[last:m.start()])
            out.append("<a number>")
            last = m.end()
        out.append(s[last:])
        return "".join(out)


def content_words(text: str) -> set[str]:
    """Lower-cased words of ``text`` outside placeholders (for grounding and matching)."""
    return {w for w in re.findall(r"[a-z][a-z']+|\d+", _PLACEHOLDER.sub(" ", text.lower())) if len(w) > 2}


def normalise(text: str) -> str:
    return " ".join(re.findall(r"<[a-z ]+>|[a-z']+|\d+", text.lower()))


def rule_statements(reply: str, generaliser: "Generaliser | None" = None) -> list[str]:
    """The rules, limits and refusals one reply states, each generalised and normalised into one key
    per behaviour ("Sorry, SA123 departs in 5 hours ..." and "Sorry, SA9 departs in 2 hours ..." give
    one key), in reply order without repeats: the clauses with a cue of a rule kind (``rule_cues``)
    other than a confirmation question, and at least two content words. Outcomes and proposals are
    left out: they report what was done, not where the agent stopped. The boundary term of the
    training reward (``probe.train.reward``) pays for keys the auditor elicits for the first time."""
    gen = generaliser or Generaliser()
    out: list[str] = []
    for sentence in clauses(reply or ""):
        if not any(c.name != "confirm_q" for c in rule_cues(sentence)):
            continue
        behaviour = gen(sentence)
        key = normalise(behaviour)
        if len(content_words(behaviour)) >= 2 and key not in out:
            out.append(key)
    return out


# --- statements --------------------------------------------------------------------------------------

@dataclass
class _Found:
    behaviour: str
    condition: str
    kind: str
    cues: list[str]
    weight: float
    evidence: Evidence
    raw_reply: str


def _requests_before(messages: Sequence[dict[str, Any]]) -> list[tuple[int, int, str]]:
    """(assistant message index, user turn, the user message it answers) for each assistant text."""
    out = []
    last_user, turn = "", -1
    for i, m in enumerate(messages):
        if m.get("role") == "user":
            last_user, turn = str(m.get("content") or ""), turn + 1
        elif m.get("role") == "assistant" and (m.get("content") or "").strip() and turn >= 0:
            out.append((i, turn, last_user))
    return out


def extract_from_trace(trace: Any) -> list[_Found]:
    """Rule/refusal sentences of one trace, generalised and paired with their request."""
    gen = Generaliser(getattr(trace, "scenario", {}) or {})
    found: list[_Found] = []
    for index, turn, request in _requests_before(trace.messages):
        reply = str(trace.messages[index].get("content") or "")
        sourced = clause_sources(reply)
        parts = [c for c, _ in sourced]
        found_cues = [find_cues(s) for s in parts]
        proposal = proposal_of(parts, found_cues)
        for (sentence, source), cues in zip(sourced, found_cues):
            cues = cues or ([PROPOSAL] if sentence == proposal else [])
            if not cues:
                continue
            behaviour = gen(sentence)
            if len(content_words(behaviour)) < 2:
                continue
            kind = max(cues, key=lambda c: c.weight).kind
            if kind == "outcome" and _CONDITIONAL.search(sentence):
                kind = "rule"  # "... is refunded in full if you cancel": what happens when, not what was done
            found.append(_Found(behaviour=behaviour, condition=gen(request), kind=kind, cues=[c.name for c in cues],
                                weight=max(c.weight for c in cues), raw_reply=reply,
                                evidence=Evidence(trace_id=trace.id, message_index=index, reply=source,
                                                  request=request, user_turn=turn)))
    return found


def statement_text(condition: str, behaviour: str) -> str:
    cond = condition.strip().rstrip(".?!")
    cond = cond[:1].lower() + cond[1:] if cond else "the customer writes"
    return f"When the customer says \"{cond}\", the agent should reply: {behaviour}"


def grounded(statement: Statement, replies: dict[tuple[str, int], str]) -> tuple[bool, str]:
    """The grounding check: every content word of the behaviour occurs in a supporting reply, and
    the reply sentence is part of that reply."""
    for ev in statement.evidence:
        reply = replies.get((ev.trace_id, ev.message_index))
        if reply is None:
            continue
        if ev.reply not in reply:
            continue
        missing = content_words(statement.behaviour) - content_words(reply) - _TEMPLATE_WORDS
        if not missing:
            return True, f"grounded in {ev.trace_id}#{ev.message_index}"
        return False, f"words not in the reply: {', '.join(sorted(missing)[:5])}"
    return False, "no supporting reply found"


def extract_statements(traces: Iterable[Any]) -> list[Statement]:
    """Statements of all traces: merged by behaviour, grounded, ranked (confidence, then first seen)."""
    merged: dict[str, list[_Found]] = {}
    replies: dict[tuple[str, int], str] = {}
    for trace in traces:
        for f in extract_from_trace(trace):
            merged.setdefault(normalise(f.behaviour), []).append(f)
            replies[(f.evidence.trace_id, f.evidence.message_index)] = f.raw_reply
    statements: list[Statement] = []
    for order, (key, items) in enumerate(merged.items()):
        first = items[0]
        traces_seen = []
        evidence = []
        for f in items:
            if f.evidence.trace_id not in traces_seen:
                traces_seen.append(f.evidence.trace_id)
                evidence.append(f.evidence)
        support = len(traces_seen)
        confidence = round(first.weight * (1.0 - 0.5 ** support), 6)
        sid = "h-" + hashlib.sha256(key.encode()).hexdigest()[:10]
        st = Statement(id=sid, text=statement_text(first.condition, first.behaviour), condition=first.condition,
                       behaviour=first.behaviour, kind=first.kind, cues=first.cues, evidence=evidence[:5],
                       support=support, confidence=confidence, rank=order)
        ok, note = grounded(st, replies)
        st.grounded, st.grounding_note = ok, note
        statements.append(st)
    kept = [s for s in statements if s.grounded]
    kept.sort(key=lambda s: (-s.confidence, s.rank))
    dropped = [s for s in statements if not s.grounded]
    for r, s in enumerate(kept + dropped):  # the ungrounded ones rank after every grounded one
        s.rank = r
    return kept + dropped


__all__ = ["split_sentences", "clauses", "find_cues", "rule_cues", "proposal_of", "PROPOSAL", "Generaliser", "extract_from_trace", "extract_statements", "grounded",
           "content_words", "normalise", "statement_text", "CUES", "field_class"]
