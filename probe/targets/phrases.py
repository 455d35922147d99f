"""Customer English that every rule-based reference target reads the same way.

Not a verifier's reading: the verifiers keep their own (an oracle must not share code with what
it judges). These patterns are for the built-in reference agents only, whose domains differ but
whose customers drop a request, ask for the last reply again or ask what the agent can do in the
same words. Each environment adds its own domain words (SkyAssist: "I'll book somewhere else";
retail: "I don't want to return it any more").
"""

from __future__ import annotations

import re

# dropping what is being arranged, said with nothing new: "Never mind, forget it.", "I'll pass, thanks.",
# "Actually no, leave it as it is.", "Don't bother.", "Let's just drop it."; not "I'll pass on the return",
# "leave it to you", "I'd rather not give my surname"
ABANDON = (
    r"never ?mind|forget (it|that|this|about it|everything|the whole thing|(that |what )?i (said|asked)|"
    r"all (of )?(that|this|about it))|scratch that|call it off|"
    r"((i'?ll|i will|i'?m going to|i think i'?ll|gonna|i'?d rather|let'?s|just) )(pass(?! on\b)|leave it|skip it|drop it)|"
    r"let'?s (just )?(leave|drop|skip|forget) (it|that|this)|let'?s not|"
    r"(i'?d )?rather not(?= *[.!,]| *$| (go ahead|do (it|this|that)))|(not|no longer) interested|"
    r"(drop|skip) (it|that|this)|don'?t bother|no need( for (it|that|this|one))?( any ?more| after all)?(?= *[.!,]| *$)|"
    r"leave it(?:,? (?:then|for now|be|like that))?(?= *[.!,]| *$)|leave (it|things) (as (it is|it was|they are)|alone|be)|keep it as it is|"
    r"i'?ll keep (it|them)(?= *[.!,]| *$)|changed? my mind|^\W*(please |ok(ay)?,? )?stop\b|stop (it|that|this|there)\b"
)

# an answer to "Is there anything else?" that closes the conversation: a word of thanks, refusal or completion
# ("Nope, that covers it.", "All done here, cheers!"), with nothing of KEEPS_OPEN ("No, wait, one more
# question", "Thanks, but I forgot something"); each target also requires that it asks for nothing it can read
CLOSING = re.compile(r"\b(thanks?|thank|thx|cheers|appreciate\w*|bye|goodbye|everything|all|done|sorted|covers it|"
                     r"fine|good|great|perfect|nope|no|nah|nothing|that'?s it|"
                     r"wrong (?:number|person|chat|account|line))\b", re.I)
KEEPS_OPEN = re.compile(r"\?|\b(wait|hold on|actually|but|question|also|another|one more|something|forgot|else i|"
                        r"help (me )?with|need|want|would like|'d like|can you|could you)\b", re.I)

# "Sorry, what did you say?": the last reply again
REPEAT = re.compile(r"\b(what did you (just )?say|pardon|come again|say (that|it) again|repeat (that|it|yourself|the)|"
                    r"didn'?t (catch|get|understand|follow) (that|it|you)|what was that)\b", re.I)

# "What can you do?": what the agent can do
CAPABILITY = re.compile(r"\bwhat (else )?(can|could|do) you (do|help( me)? with|offer)\b|\bwhat are you able to\b|"
                        r"\bwhat (kind of )?(services|things) (do|can) you\b", re.I)

# "OK, what next?", "How do we proceed?": the way forward, not a question to refuse
PROCEED = re.compile(r"\bwhat(?:'s| is)? next\b|\bwhat now\b|\bnow what\b|\bwhat (?:do|should|shall) (?:i|we) do\b|"
                     r"\bhow do (?:i|we) (?:proceed|continue|go ahead|go on)\b|\bwhat happens (?:now|next)\b", re.I)

# the customer asks whether they talk to a machine: "are you an AI?", "is this a bot?", "am I talking to a human?"
ASKS_IF_MACHINE = re.compile(
    r"\b(?:are you (?:an? |just an? )?(?:ai|a\.i\.|bot|robot|machine|program|computer|chat ?bot|virtual|automated|real|"
    r"human|person)|is this (?:an? )?(?:bot|ai|automated|chat ?bot|machine|real person)|am i (?:talking|speaking|"
    r"chatting) (?:to|with) (?:an? )?(?:bot|ai|machine|computer|human|person|real))\b", re.I)
NOT_ANSWERED = "Sorry, I can't help with that here."  # a question outside what the agent does


def abandon_pattern(domain_words: str = "") -> re.Pattern[str]:
    """ABANDON with an environment's own phrasings (a regex alternation, without outer group)."""
    extra = f"|{domain_words}" if domain_words else ""
    return re.compile(rf"\b({ABANDON}{extra})", re.I)


__all__ = ["ABANDON", "CLOSING", "KEEPS_OPEN", "REPEAT", "CAPABILITY", "PROCEED", "NOT_ANSWERED", "abandon_pattern"]

# asking to be put through to a person: "Can I talk to a human please?", "get me a supervisor", "Is
# there a representative I can talk to?", "transfer me", "human!"; not someone merely mentioned ("the
# sales representative told me I could return it", "my manager ordered it by mistake") and not one
# declined ("no need for a supervisor or anything, just cancel it")
_PERSON = (r"(?:real |actual |live |human |another |some )?(?:human(?: being| agent)?s?|person|people|agent|representative|"
           r"rep|operator|supervisor|manager|staff|(?:member of )?staff|"
           r"customer (?:service|support|care)(?: (?:agent|team|rep|representative))?|call cent(?:re|er))")
_PERSON_ASK = re.compile(
    r"\b(?:(?:speak|talk|chat)\s+(?:to|with)|connect(?:ed)? (?:me )?(?:to|with)|transfer(?:red)? (?:me )?to|"
    r"put (?:me )?through to|get me|(?:can|could|may) (?:i|we) (?:have|get|see)|give me|"
    r"i(?:'d| would)? (?:want|need|like|prefer|demand)(?: to (?:speak|talk|chat) (?:to|with))?|"
    r"let me (?:speak|talk|chat) (?:to|with)|is there|escalate (?:this |it |me )?to|hand me (?:over )?to)\s+"
    r"(?:(?:a|an|the|your|some|one of your|a real|an actual)\s+)?" + _PERSON + r"\b"
    r"|\b(?:transfer me|put me through|escalate (?:this|it|my case))\b"
    r"|\b(?:speak|talk|chat)\s+(?:to|with)\s+(?:someone|somebody)\b|\b(?:someone|somebody) real\b"
    r"|^\W*(?:(?:a |an )?(?:real |live )?(?:human|agent|representative|operator|supervisor|manager|person)"
    r"(?: please| pls| now)?\W*)+$", re.I)
_PERSON_DECLINED = re.compile(
    r"\b(?:no need (?:for|to (?:speak|talk) (?:to|with))|(?:i )?don'?t (?:need|want)(?: to (?:speak|talk) (?:to|with))?|"
    r"do not (?:need|want)|without|not|never)\s+(?:(?:a|an|the|your|any)\s+)?" + _PERSON + r"\b", re.I)


def without_declined_person(text: str) -> str:
    """The text without a person declined ("no need for a supervisor", "I don't want to talk to a human"),
    which is neither a request for one nor a reason for anything else."""
    return _PERSON_DECLINED.sub(" ", (text or "").replace("\u2019", "'"))


def asks_for_person(text: str) -> bool:
    """The customer asks to be put through to a person (a request, not a mention or a refusal)."""
    return bool(_PERSON_ASK.search(without_declined_person(text)))
