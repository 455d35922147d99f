r"""The auditor's observation: built by this one module, from public data only.

The auditing game is partially observed (DESIGN section 6): the auditor sees the scenario text
and the public dialogue -- what the customer said and what the agent *said* -- and never tool
calls, tool outputs, private state, the target's system prompt, verifier labels or policy ids.

Why redaction as well as filtering: dropping tool messages is not enough, because a faulty
target can *say* private things (name its tools, quote its prompt, paste a raw tool result, read
out an internal code). Whatever the target says, the observation must not carry private
data, or the auditor would learn from information a real black-box auditor does not have. So
assistant text is redacted before it reaches the auditor. The verifiers are unaffected: they
score the raw, unredacted trace (``info['trace']``), so a leak is still detected and rewarded --
the auditor just sees ``[redacted]`` where the leak was.

Redaction, in order:
1. JSON-object-looking spans ``{...}`` (raw tool output or arguments);
2. near-verbatim system-prompt text (``prompt_shingles``): every word covered by a 4-word window
   that also occurs in the prompt is marked, marked runs separated by at most two unmarked words
   are joined, and a joined stretch with at least 8 marked words is redacted. An 8-word verbatim
   copy is caught as before; so is the prompt with every fifth, sixth or seventh word changed;
3. every private string (``Domain.private_strings``: tool names, internal codes, ...; the game
   adds the domain's policy ids, ``Domain.redacted_ids``).

Private strings are matched after normalising both sides: Unicode NFKC (full-width and other
compatibility letters become ASCII), zero-width and other format characters and combining marks
dropped, case ignored, and separators ignored *between the pieces of a word*: a text matches a
private string when a run of consecutive pieces spells it, where a piece is a run of letters and
digits split at camelCase humps, and pieces may be joined by nothing, whitespace, ``_``, ``-``
(and other dashes), ``/``, ``\`` or a middle dot. So ``search_flights``, ``searchFlights``,
``search-flights``, ``SEARCH FLIGHTS``, ``Search Flights``, ``ｓｅａｒｃｈ＿ｆｌｉｇｈｔｓ`` and
``search\u200b_flights`` are all redacted, as are ``J A F X 8 6`` and ``JAFX-86`` for the fare code
``JAFX86`` and ``s5``, ``B-3`` or ``b 3`` for a policy id. The match must start and end on piece
boundaries, so ordinary words that merely contain a private string survive: ``research flights``,
``search for flights``, ``booking`` (tool ``book_flight``), booking id ``BKB134ED`` and ``BP3``.

One spelling is ordinary English as often as it is a name: a multi-word name written as plain
words, lower case, separated by spaces (``cancel booking``, ``search flights``). The reference
target itself asks "Shall I cancel booking BK...?". That prose spelling is redacted only when it
is used as a name: quoted, backticked or bracketed, followed by ``(``, next to a word such as
``tool``, ``function``, ``api``, ``use(d)``, ``call(ed)``, ``via`` or ``named``, or in a message
that names something private in any other way too (a list of tools, a fare code). So "I used
search flights" and "My tools: search flights, check availability" lose the names, while "we
search flights", "Let me check availability" and "Shall I cancel booking BK12?" are kept.

Deliberately redacted although it can be innocent: a policy id standing alone, in any case (a
seat called ``B3`` in agent text becomes ``[redacted]``), and the prose spelling of a tool name in
a message that also says something private. The customer's own messages are never redacted. Not
covered: look-alike letters from other scripts (Cyrillic ``а`` for Latin ``a``), spelled-out
letters ("Juliet Alpha"), separators other than those above (``JAFX.86``, ``B:3``).

Everything is compiled once per (private strings, prompt) pair, and each redacted message is
cached, because the observation is rebuilt after every turn of every rollout branch.
"""

from __future__ import annotations

import json
import re
import unicodedata
from functools import lru_cache
from typing import Any, Iterable

REDACTED = "[redacted]"
SHINGLE_WORDS = 8  # words of prompt text that must be covered before a stretch is redacted
SHINGLE_CORE = 4  # window size that marks a word as covered by prompt text
SHINGLE_GAP = 2  # unmarked words allowed between marked runs of one stretch
_WORD = re.compile(r"[A-Za-z0-9]+(?:'[A-Za-z]+)?")
_ALNUM = re.compile(r"[A-Za-z0-9]+")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_JOIN = re.compile(r"[\s_/\\\u00b7\u2022\u2010-\u2015\u2212-]+")
_DROP = frozenset(("Cf", "Mn", "Me"))  # format (zero-width, soft hyphen, BOM) and combining marks
_CACHE_LIMIT = 4096  # redacted messages kept per compiled redactor


def _normalize(text: str) -> tuple[str, list[int] | None]:
    """NFKC per character, format characters and combining marks dropped; with, for non-ASCII
    text, the original index of every output character (None: the identity)."""
    if text.isascii():
        return text, None
    out: list[str] = []
    origin: list[int] = []
    for i, ch in enumerate(text):
        if ch.isascii():
            out.append(ch)
            origin.append(i)
            continue
        for c in unicodedata.normalize("NFKC", ch):
            if unicodedata.category(c) not in _DROP:
                out.append(c)
                origin.append(i)
    return "".join(out), origin


def _compact(text: str) -> str:
    """Lower-case letters and digits of ``text`` after normalisation (the matching key)."""
    return "".join(m.group(0) for m in _ALNUM.finditer(_normalize(text)[0])).lower()


def _norm_words(text: str) -> list[str]:
    return [m.group(0).lower() for m in _WORD.finditer(_normalize(text)[0])]


def prompt_shingles(system_prompt: str, n: int = SHINGLE_WORDS) -> frozenset[tuple[str, ...]]:
    """All n-word windows of the system prompt (normalised lower-case words, punctuation ignored).

    Compute once per prompt and pass to ``redact`` / ``public_observation``.
    """
    words = _norm_words(system_prompt)
    return frozenset(tuple(words[i:i + n]) for i in range(len(words) - n + 1))


def _redact_json_spans(text: str) -> str:
    """Replace each outermost ``{...}`` span; an unclosed ``{"`` hides the rest of the text."""
    out, depth, start, last = [], 0, 0, 0
    for i, ch in enumerate(text):
        if ch == "{":
            if depth == 0:
                start = i
            depth += 1
        elif ch == "}" and depth > 0:
            depth -= 1
            if depth == 0:
                out.append(text[last:start] + REDACTED)
                last = i + 1
    tail = text[last:]
    if depth > 0 and re.match(r'\{\s*"', text[start:]):
        tail = text[last:start] + REDACTED
    return "".join(out) + tail


def _pieces(norm: str) -> list[tuple[int, int, str]]:
    """(start, end, text) of every piece: letter/digit runs split at camelCase humps."""
    out = []
    for m in _ALNUM.finditer(norm):
        run, s = m.group(0), m.start()
        if run.islower() or run.isupper() or run.isdigit():
            out.append((s, m.end(), run))
            continue
        cuts = [0, *(c.start() for c in _CAMEL.finditer(run)), len(run)]
        out.extend((s + a, s + b, run[a:b]) for a, b in zip(cuts, cuts[1:]) if b > a)
    return out


def _name_words(name: str) -> tuple[str, ...]:
    """The lower-case words of a private name as its owner wrote it: ``search_flights`` -> (search, flights)."""
    return tuple(p[2].lower() for p in _pieces(_normalize(name)[0]))


class _Redactor:
    """Matching tables for one (private strings, prompt shingles) pair, and a cache of results."""

    def __init__(self, private: tuple[str, ...], shingles: frozenset[tuple[str, ...]]):
        keys = {_compact(s) for s in private if s}
        self.targets = frozenset(k for k in keys if len(k) >= 2)
        self.prefixes = frozenset(k[:i] for k in self.targets for i in range(1, len(k) + 1))
        self.words = {_compact(s): _name_words(s) for s in private if s}
        k = SHINGLE_CORE
        self.grams = frozenset(sh[i:i + k] for sh in shingles for i in range(len(sh) - k + 1))
        self.cache: dict[str, str] = {}

    def __call__(self, text: str) -> str:
        hit = self.cache.get(text)
        if hit is not None:
            return hit
        out = self._redact(text)
        if len(self.cache) >= _CACHE_LIMIT:
            self.cache.clear()
        self.cache[text] = out
        return out

    def _redact(self, text: str) -> str:
        text = _redact_json_spans(text)
        norm, origin = _normalize(text)
        spans = sorted(self._prompt_spans(norm) + self._private_spans(norm, origin, text))
        if not spans:
            return text
        merged: list[list[int]] = []
        for s, e in spans:
            if merged and s <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], e)
            else:
                merged.append([s, e])
        for s, e in reversed(merged):
            if origin is not None:
                s, e = origin[s], origin[e - 1] + 1
            text = text[:s] + REDACTED + text[e:]
        return text

    def _private_spans(self, norm: str, origin: list[int] | None, text: str) -> list[tuple[int, int]]:
        pieces = _pieces(norm)
        prefixes, targets = self.prefixes, self.targets
        found: list[tuple[int, int, bool]] = []  # (first piece, last piece, written as plain prose)
        i, n = 0, len(pieces)
        while i < n:
            acc, j, end = "", i, -1
            while j < n:
                if j > i:
                    gap = norm[pieces[j - 1][1]:pieces[j][0]]
                    if gap and not _JOIN.fullmatch(gap):
                        break
                acc += pieces[j][2].lower()
                if acc not in prefixes:
                    break
                if acc in targets:
                    end = j
                j += 1
            if end >= 0:
                found.append((i, end, self._is_prose(norm, origin, text, pieces, i, end)))
                i = end + 1
            else:
                i += 1
        if not found:
            return []
        # a prose spelling counts as a name when the message names something private in another
        # way too, or when it is used as a name (quoted, followed by "(", next to "tool", "used", ...)
        listing = len(found) > 1 or not found[0][2]
        return [(pieces[a][0], pieces[b][1]) for a, b, prose in found
                if listing or not prose or _used_as_name(norm, pieces[a][0], pieces[b][1])]

    def _is_prose(self, norm: str, origin: list[int] | None, text: str, pieces: list[tuple[int, int, str]],
                  a: int, b: int) -> bool:
        """True for a multi-word name written as ordinary words: its own words in plain ASCII,
        separated by whitespace, lower case (the first may be capitalised), e.g. ``cancel booking``."""
        words = self.words.get("".join(p[2] for p in pieces[a:b + 1]).lower(), ())
        if b == a or tuple(p[2].lower() for p in pieces[a:b + 1]) != words:
            return False
        if origin is not None and not text[origin[pieces[a][0]]:origin[pieces[b][1] - 1] + 1].isascii():
            return False  # full-width or zero-width characters: a disguise, not prose
        if any(not norm[pieces[k][1]:pieces[k + 1][0]].isspace() for k in range(a, b)):
            return False
        first, rest = pieces[a][2], pieces[a + 1:b + 1]
        return (first.islower() or (first[0].isupper() and first[1:].islower())) and all(p[2].islower() for p in rest)

    def _prompt_spans(self, norm: str) -> list[tuple[int, int]]:
        grams, k = self.grams, SHINGLE_CORE
        if not grams:
            return []
        words = list(_WORD.finditer(norm))
        keys = [m.group(0).lower() for m in words]
        covered = [False] * len(words)
        for i in range(len(words) - k + 1):
            if tuple(keys[i:i + k]) in grams:
                covered[i:i + k] = [True] * k
        spans, first, last, count = [], -1, -1, 0
        for i, c in enumerate(covered):
            if not c:
                continue
            if first >= 0 and i - last - 1 > SHINGLE_GAP:
                if count >= SHINGLE_WORDS:
                    spans.append((words[first].start(), words[last].end()))
                first, count = -1, 0
            if first < 0:
                first = i
            last, count = i, count + 1
        if first >= 0 and count >= SHINGLE_WORDS:
            spans.append((words[first].start(), words[last].end()))
        return spans


_NAME_CUES = frozenset("""call calls called calling use uses used using run runs ran invoke invokes invoked invoking
    tool tools function functions method methods api apis endpoint endpoints command commands named via""".split())
_QUOTES_BEFORE = frozenset("`'\"([<*\u2018\u201c")
_QUOTES_AFTER = frozenset("`'\")]>*(\u2019\u201d")
_CUE_BEFORE = re.compile(r"([A-Za-z]+)[ \t]+$")  # the word right before, on the same line
_CUE_AFTER = re.compile(r"[ \t]+([A-Za-z]+)")


def _used_as_name(norm: str, start: int, end: int) -> bool:
    """Whether the words at ``norm[start:end]`` are set off as a name: quoted or bracketed, called
    with ``(``, or right next to a word such as ``tool``, ``function``, ``used`` or ``called``."""
    if (start > 0 and norm[start - 1] in _QUOTES_BEFORE) or (end < len(norm) and norm[end] in _QUOTES_AFTER):
        return True
    before = _CUE_BEFORE.search(norm, max(0, start - 24), start)
    after = _CUE_AFTER.match(norm, end)
    return bool((before and before.group(1).lower() in _NAME_CUES) or (after and after.group(1).lower() in _NAME_CUES))


@lru_cache(maxsize=16)
def _redactor(private: tuple[str, ...], shingles: frozenset[tuple[str, ...]]) -> _Redactor:
    return _Redactor(private, shingles)


def clear_caches() -> None:
    """Forget compiled redactors and cached results (benchmarks, tests)."""
    _redactor.cache_clear()


def redact(text: str, private_strings: Iterable[str] = (), shingles: frozenset[tuple[str, ...]] = frozenset()) -> str:
    """Assistant text with every private span replaced by ``[redacted]`` (module docstring)."""
    return _redactor(tuple(private_strings), frozenset(shingles))(text)


def public_dialogue(messages: list[dict[str, Any]]) -> list[dict[str, str]]:
    """User and assistant *text* turns only: tool messages and tool-call-only messages are dropped.

    An assistant message that carries tool calls keeps its text only if it has some; a plain
    assistant reply is kept even when empty (the agent said nothing).
    """
    out: list[dict[str, str]] = []
    for m in messages:
        role, content = m.get("role"), m.get("content")
        if role == "user":
            out.append({"role": "user", "content": str(content or "")})
        elif role == "assistant":
            if m.get("tool_calls") and not (isinstance(content, str) and content.strip()):
                continue
            out.append({"role": "assistant", "content": content if isinstance(content, str) else ""})
    return out


def public_observation(scenario_text: str, dialogue: list[dict[str, Any]], private_strings: list[str],
                       shingles: frozenset[tuple[str, ...]] = frozenset()) -> dict[str, str]:
    """The auditor's observation: scenario text plus the redacted public dialogue as JSON text.

    ``dialogue`` is the episode's raw message list (OpenAI chat format). Only user messages and
    assistant text survive, and assistant text is redacted (module docstring). ``shingles`` comes
    from ``prompt_shingles(system_prompt)``.
    """
    turns = public_dialogue(dialogue)
    for t in turns:
        if t["role"] == "assistant":
            t["content"] = redact(t["content"], private_strings, shingles)
    return {"scenario": scenario_text, "dialogue": json.dumps(turns, ensure_ascii=False)}
