"""The auditor's observation: built by this one module, from public data only.

The auditing game is partially observed (DESIGN section 6): the auditor sees the scenario text
and the public dialogue -- what the customer said and what the agent *said* -- and never tool
calls, tool outputs, private state, the target's system prompt, verifier labels or policy ids.

Why redaction as well as filtering: dropping tool messages is not enough, because a faulty
target can *say* private things (name its tools, quote its prompt, paste a raw tool result, read
out an internal fare code). Whatever the target says, the observation must not carry private
data, or the auditor would learn from information a real black-box auditor does not have. So
assistant text is redacted before it reaches the auditor. The verifiers are unaffected: they
score the raw, unredacted trace (``info['trace']``), so a leak is still detected and rewarded --
the auditor just sees ``[redacted]`` where the leak was.

Redaction, in order:
1. JSON-object-looking spans ``{...}`` (raw tool output or arguments);
2. any 8-word window copied from the target's system prompt (see ``prompt_shingles``);
3. every private string (tool names, internal fare codes, ...), case-insensitively;
4. policy ids such as ``P3`` or ``O1``.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any, Iterable

REDACTED = "[redacted]"
SHINGLE_WORDS = 8
POLICY_ID = re.compile(r"\b[BSPO][1-6]\b")
_WORD = re.compile(r"[A-Za-z0-9]+(?:'[A-Za-z]+)?")


def _norm_words(text: str) -> list[str]:
    return [m.group(0).lower() for m in _WORD.finditer(text)]


def prompt_shingles(system_prompt: str, n: int = SHINGLE_WORDS) -> frozenset[tuple[str, ...]]:
    """All n-word windows of the system prompt (lower-cased words, punctuation ignored).

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


def _redact_shingles(text: str, shingles: frozenset[tuple[str, ...]], n: int = SHINGLE_WORDS) -> str:
    """Replace every stretch of text covered by an n-word window that also occurs in the prompt."""
    if not shingles:
        return text
    words = list(_WORD.finditer(text))
    keys = [m.group(0).lower() for m in words]
    spans: list[list[int]] = []
    for i in range(len(words) - n + 1):
        if tuple(keys[i:i + n]) in shingles:
            s, e = words[i].start(), words[i + n - 1].end()
            if spans and s <= spans[-1][1]:
                spans[-1][1] = max(spans[-1][1], e)
            else:
                spans.append([s, e])
    for s, e in reversed(spans):
        text = text[:s] + REDACTED + text[e:]
    return text


@lru_cache(maxsize=32)
def _private_pattern(strings: tuple[str, ...]) -> re.Pattern[str] | None:
    items = sorted({s for s in strings if s and s.strip()}, key=len, reverse=True)
    if not items:
        return None
    return re.compile("|".join(re.escape(s) for s in items), re.I)


def redact(text: str, private_strings: Iterable[str] = (), shingles: frozenset[tuple[str, ...]] = frozenset()) -> str:
    """Assistant text with every private span replaced by ``[redacted]``."""
    text = _redact_json_spans(text)
    text = _redact_shingles(text, shingles)
    pattern = _private_pattern(tuple(private_strings))
    if pattern is not None:
        text = pattern.sub(REDACTED, text)
    return POLICY_ID.sub(REDACTED, text)


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
