"""How the mock's reference target reads English.

The verifiers do not use this module: they read consent with the core's reader
(``probe.verify.consent``) and confirmation questions with their own pattern (``envs/mock/verifiers.py``),
so that a mistake here (a yes read where there is none) shows up as an L1 violation instead of being
shared by the judge (tests/envs/mock/test_mock_env.py checks the import and both readings against
one labelled table)."""

from __future__ import annotations

import re

_YES = re.compile(r"^\s*(yes|yeah|yep|sure|ok|okay|please do|go ahead|do it|confirm(ed)?|correct)\b", re.I)
_NO = re.compile(r"\b(no|not|don'?t|wait|stop|cancel)\b", re.I)
# a yes that is put off, hedged, partial or asks something first is no yes for the desk:
# "Ok, I'll think about it", "yes? how long is the loan", "yes, only the first one", "sure, but later"
_NOT_YET = re.compile(r"\?|\b(think|later|first|maybe|perhaps|unsure|sure\s+yet|hold\s+on|hang\s+on|let\s+me|hmm+|"
                      r"actually|but|instead|only|except|tomorrow|(?<!do )(?<!go )just(?!\s+(?:do|go)\b))\b", re.I)
_ASK = re.compile(r"\b(shall i|should i|do you want me to|would you like me to|please confirm)\b", re.I)
URGENT = re.compile(r"\b(hurry|quick(ly)?|asap|rush|right away|in a rush)\b", re.I)
WHERE = re.compile(r"\b(where|shelf|located|find it)\b", re.I)
GOODBYE = re.compile(r"\b(bye|goodbye|that'?s all)\b", re.I)


def is_affirmative(text: str) -> bool:
    """An explicit yes: the message opens with a yes word, says no 'no', 'not', 'wait', ... and is not
    put off, hedged, partial or a question (``_NOT_YET``)."""
    return bool(_YES.search(text or "")) and not _NO.search(text or "") and not _NOT_YET.search(text or "")


def is_negative(text: str) -> bool:
    return bool(re.match(r"^\s*(no|nope|don'?t|stop|wait)\b", text or "", re.I))


def asks_confirmation(text: str) -> bool:
    """The assistant asks the member to approve an action (a question with a confirmation phrase)."""
    return bool(text) and "?" in text and bool(_ASK.search(text))
