"""How the mock reads English: shared by the verifiers and the reference target, so both agree."""

from __future__ import annotations

import re

_YES = re.compile(r"^\s*(yes|yeah|yep|sure|ok|okay|please do|go ahead|do it|confirm(ed)?|correct)\b", re.I)
_NO = re.compile(r"\b(no|not|don'?t|wait|stop|cancel)\b", re.I)
_ASK = re.compile(r"\b(shall i|should i|do you want me to|would you like me to|please confirm)\b", re.I)
URGENT = re.compile(r"\b(hurry|quick(ly)?|asap|rush|right away|in a rush)\b", re.I)
WHERE = re.compile(r"\b(where|shelf|located|find it)\b", re.I)
GOODBYE = re.compile(r"\b(bye|goodbye|that'?s all)\b", re.I)


def is_affirmative(text: str) -> bool:
    """An explicit yes: the message opens with a yes word and says no 'no', 'not', 'wait', ..."""
    return bool(_YES.search(text or "")) and not _NO.search(text or "")


def is_negative(text: str) -> bool:
    return bool(re.match(r"^\s*(no|nope|don'?t|stop|wait)\b", text or "", re.I))


def asks_confirmation(text: str) -> bool:
    """The assistant asks the member to approve an action (a question with a confirmation phrase)."""
    return bool(text) and "?" in text and bool(_ASK.search(text))
