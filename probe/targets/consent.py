"""Customer consent as the built-in reference agents read it.

A *confirmation* is the customer's reply to the agent's summary-and-question that says yes to the
action and nothing else: it holds an affirmative; it is not hedged, not a question, not put off
until later and not a change of mind; and once the affirmatives, courtesy, fillers, urgency, words
for the action and what the summary itself said (its ids, numbers, dates, the passenger's name,
the cabin) are struck out, no word is left; and it names no other kind of action than the summary
proposes ("ok yes hold it" does not approve "Shall I book it?"). "ok I'll discuss it with my wife", "sounds good, I'll
call you back", "yes i'd like the refundable one" and "yep, send the confirmation to my email" are
not a yes; a compliant agent asks again instead of acting. A weak "ok" / "great" / "perfect" with
thanks or a goodbye ("ok thanks", "k thx bye") acknowledges; it approves nothing. Beside the yes may stand
courtesy, praise or an apology ("Yes. And thank you so much, you've been super helpful!"), the proposal's own
details said back with an explicit yes ("Yes, the red one is perfect"; not the item's options as they are now), and,
in a sentence of its own, a question about something else or what happens after ("Yes, go ahead - how long does
the refund usually take?"; not one about the proposal, its money or another payment method); a judgment of the
summary in a full sentence ("Yes, the details look correct.", "Yes, that all seems correct."); and, at a hold's summary
only, a plan to pay or decide later ("Yes, please hold it. I'll call back tomorrow to confirm and pay.").

Not a verifier's reading: the verifiers read consent with ``probe.verify.consent``, written
separately (token sequences there, regexes over the raw text here); the two share no code, and
both are checked against the labelled table ``tests/data/consent_table.tsv`` in both environments.
"""

from __future__ import annotations

import re
from functools import lru_cache

_FOREIGN_GO = (r"allez[- ]y|vas[- ]y|faites[- ]le|fais[- ]le|d'accord|mach(?:en sie)? (?:das|es)|mach'?s|los geht'?s|"
               r"adelante|h[a\u00e1]zlo|h[a\u00e1]galo|proced[ae]|dale|vai em frente|pode(?: fazer| seguir| prosseguir| ir)?|"
               r"fa[c\u00e7]a(?: isso)?|prossiga|siga|procedi|vai pure|vai avanti|fallo|fate pure|va bene")
_YES_RE = re.compile(
    r"(?<![\w'])(?:ok(?:ie|ey) dok(?:ie|ey)|(?:fine|ok(?:ay)?|good) (?:by|with) me|y+e+s+|yeah+|yea|yep+|yup+|ya|yas+|yah|aye|sure+(?:ly| thing)?|o+\.?k+(?:ay+|ey|ie)?|k{1,2}|"
    r"al(?:l )?right|certainly|absolutely|definitely|of course|affirmative|(?:i )?confirm(?:ed)?|correct|"
    r"(?:that'?s |that is )?right|exactly|indeed|agreed|i agree|go(?: right)? ahead|go on|(?:please )?proceed|"
    r"please do|do (?:it|that)|let'?s (?:do (?:it|that)|go)|"
    r"go for it|(?:please )?(?:book|hold|cancel|change|move|switch|rebook) (?:it|that|them|those|me)|make the (?:change|booking)|make it so|"
    r"sounds (?:good|great|fine|perfect|right)|perfect|great|fine|that works|works for me|deal|approved?|i approve|"
    r"green light|by all means|for sure|you bet|looks (?:good|right|correct)|place the hold|go through with it|very well|"
    r"please (?:book|hold|cancel|change)|yes please|"
    # typed fast or said another way: "yess go ahed", "100%", "fine by me", "hell yeah", "do so", a thumbs-up
    r"go(?: ah(?:a?e)?d)?|ye[hp]?|yeap|yes+ ?sir|(?:hell|heck) ye(?:s+|ah)|totally|(?:please )?do so|"
    # idioms of go-ahead, each whole: "make it happen", "pull the trigger", "full steam ahead" (not "make it happen
    # tomorrow": its other words are left over and make it no yes); only those the verifiers' reading takes too
    # ("lock it in", "let's roll" and "send it" are not: an agent acting on them was flagged R3)
    r"make it happen|pull the trigger|full steam ahead|"
    r"okidokie|alrighty|aight|ight|"
    r"100 ?%|(?:a |one )?hundred (?:percent|per cent|%)|\U0001F44D|\U0001F44C|\u2705|\u2714|"
    # "go ahead" in French, German, Spanish, Italian, Portuguese ("oui, allez-y", "ja, mach das", "sí, adelante",
    # "sì, procedi", "sim, pode"); a bare "oui" / "sí" stays no yes (the consent table's "oui")
    + _FOREIGN_GO + r")(?![\w'])", re.I)
# strong enough on its own beside thanks: "Sounds good, thanks!" approves, "ok thanks" only acknowledges
_ACK_ONLY_RE = re.compile(
    r"^\W*(?:(?:o+\.?k+(?:ay+|ey|ie)?|ok(?:ie|ey) dok(?:ie|ey)|okidokie|alrighty|aight|ight|k{1,2}|al(?:l )?right|fine|great|perfect|cool|nice|good|lovely|awesome|"
    r"excellent|wonderful|brilliant|super|fantastic|noted|got it|gotcha|roger|thanks?|thank (?:you|u)|thx|ty|"
    r"tysm|cheers|bye(?: bye)?|goodbye|have a (?:nice|good) day|appreciate it|much appreciated|so much|a lot|"
    # a closing beside them ("Great, thanks, that's all."): still an acknowledgement, no approval
    r"that'?s (?:all|it|everything)|that is (?:all|it|everything)|all (?:good|set)|"
    r"very much|"
    # the praise said as a sentence: "That's great, thank you!", "Thats great thank u", "that is perfect, cheers" (a
    # "that's" is no go-ahead: "Yeah, that's fine." approves by its "yeah", "That's right, thanks" by its "right")
    r"that'?s|thats|that is|it'?s|this is|really|just|so|absolutely(?= (?:great|perfect|lovely|wonderful|brilliant|fantastic)))\W*)+$", re.I)
_THANKED_RE = re.compile(r"\b(?:thanks?|thank (?:you|u)|thx|ty|tysm|cheers|bye|goodbye|appreciate)\b", re.I)
_BARE_Y = re.compile(r"\W*(?:y|yah|yy)\W*", re.I)
_HEDGE_RE = re.compile(
    r"(?<![\w'])(?:maybe|perhaps|probably|possibly|i guess|guess so|i think so|i suppose|suppose so|not sure|unsure|if|unless|"
    r"(?:it )?depends|kind of|sort of|h+m+|u+m+|uh|i dunno|dunno|don'?t know|do not know|might|not certain|provided|"
    r"assuming|as long as|in case|once|except)(?![\w'])", re.I)
LATER = re.compile(
    r"(?<![\w'])(?:think (?:about|it over|on)|let me think|need to think|i'?ll think|i will think|later|tomorrow|"
    r"get back to (?:you|u|ya)|come back|call (?:you )?back|let me check|need to check|check with|check my|ask my|ask the|"
    r"talk (?:to|it over)|discuss|wait|hold on(?!\s+(?:it|them|that|this|the|my)\b)|hang on|one (?:moment|sec(?:ond)?)|"
    r"a (?:minute|moment|second)|not (?:yet|now|today)|another time|sleep on it|decide|first let me|give me (?:some |a little )?(?:time|a day|a while|a bit|till|until)|"
    r"before (?:i|you)|after i|in a bit(?! of a)|for now|lemme|gotta|gonna|ttyl|brb|let (?:you|him|her|them|my \w+) know)(?![\w'])", re.I)
_UNDO_RE = re.compile(
    r"(?<![\w'])(?:no|nope|nah|not|don'?t|do not|never|never ?mind|actually|instead|rather|second thoughts?|"
    r"change(?:d)? my mind|cancel that|scratch that|forget (?:it|that)|stop|but|however|although|though|wrong|"
    r"incorrect|isn'?t|wasn'?t|shouldn'?t|wouldn'?t|can'?t|cannot|won'?t|hold off|prefer|different|other one|"
    r"another|just kidding|jk|"
    # the same in French, German, Spanish, Italian, Portuguese: "non, ne le faites pas", "nein, mach das nicht",
    # "no, no lo hagas", "não, não faça isso"
    r"non|nein|nicht|n[a\u00e3]o|ne|pas|jamais|nunca|todav[i\u00ed]a|noch|encore|ancora|ainda)(?![\w'])", re.I)
HARMLESS_NO = re.compile(r"\b(?:no (?:problems?|worries|doubt|changes|rush|(?:further |more )?questions)|not a problem|"
                          # "yes but make it quick": urgency after "but" takes nothing back
                          r"but (?:please )?(?:make it|be) (?:quick|fast|snappy)|but (?:hurry|quickly|fast|asap)(?: please)?|"
                          r"nothing else|why not|(?:i )?don'?t have all day|no time to waste|"
                          # a cancellation's reason beside the yes: "yes cancel it, I can't make the trip"
                          r"(?:i )?can'?t (?:make it|make the trip|go|travel|fly)(?: anymore)?)\b", re.I)
# a clause that opens like a question; "do" only before a subject ("okay, do you.", "yes, do we
# need passports"), since "yes, do the booking" is an imperative
_ASKS_RE = re.compile(
    r"(?:^|[,.;:!]\s*|\b(?:and|so|then|also|ok(?:ay)?|yes|sure)\s+)(?:(?:will|would|can|could|is|are|was|does|did|how|what|when|"
    r"where|which|who|why|what'?s|how'?s|shall|should|may|has|have|isn'?t|aren'?t|any)\s+(?!it\b(?:\s*[.!]|$))\w|"
    r"do\s+(?:you|i|we|they|u)\b)", re.I)
# what may stand beside a yes without changing what it approves: courtesy, fillers, urgency, the
# action and its object, the summary's figures said back ("yes, $701 per seat is fine"). Phrases
# are struck out before single words, so that "right away" is not read as "right" + "away".
_BESIDE_PHRASES_RE = re.compile(
    r"(?<![\w'])(?:as soon as possible|right away|straight away|right now|thank (?:you|u)|thanks in advance|a lot|"
    r"got it|have a (?:nice|good|great) day|let'?s get (?:this|it) (?:done|sorted)|get (?:this|it) (?:done|sorted)|"
    r"(?:i )?need (?:this|it) (?:sorted|done)(?: (?:quickly|fast|today|now))?|no time to waste|"
    r"(?:put|place) (?:it|them|those|the \w+) on hold|on hold|the only (?:item|one|change|thing)s?|"
    r"(?:in )?a bit of a (?:rush|hurry)|bit of a (?:rush|hurry)|in a hurry|go ahead|go for it|sounds good|"
    r"that works|works for me|of course|by all means|for sure|you bet|sure thing|very well|why not|"
    r"(?:from|by) me|"
    # the summary judged in a full sentence, as an LLM user simulator confirms: "Yes, the details look correct.",
    # "Yes, that all seems correct.", "everything appears to be fine to me" (its subject words stand beside a yes)
    r"(?:looks?|seems?|appears?|sounds?|is|are)(?: to be)?(?: all| both)? (?:correct|right|good|fine|great|perfect|"
    r"accurate)(?: to (?:me|us))?)(?![\w'])", re.I)  # ("green light from me")
# such a judgment said with "seem", "appear" or "the details look" is no yes on its own, only beside one: "Yes, that all
# seems correct." approves, "That all seems correct." is asked again (the verifiers' reading takes it only with a yes)
_SEEMS = re.compile(r"(?<![\w'])(?:look|seems?|appears?)(?: to be)?(?: all| both)? (?:correct|right|good|fine|great|perfect|"
                    r"accurate)(?: to (?:me|us))?(?![\w'])", re.I)
_BESIDE_YES_RE = re.compile(
    r"(?<![\w'])(?:" + _YES_RE.pattern[len(r"(?<![\w'])(?:"):-len(r")(?![\w'])")] + r"|"
    r"p+l+e+a+s+e+|pls|plz|thanks?|you|u|thx|ty|tysm|cheers|much|so|very|appreciated?|kindly|oh|well|"
    r"hi|hello|hey|dear|sir|madam|ma'?am|mate|lol|haha|hah|again|really|totally|then|now|just|and|also|too|all|"
    r"everything|that'?s|that|this|it'?s|its|it|them|those|these|the|one|both|is|sounds|looks|good|i'?d|we'?d|i|we|"
    r"would|like|love|want|wanna|to|me|us|my|our|for|with|on|of|as|a|an|under|name|named|said|discussed|proposed|"
    r"described|listed|above|details|summary|go|ahead|do|done|make|made|put|"
    # "Yes please, that would be great.", "Yes, that'd be perfect.", "That would be lovely, yes please."
    r"be|that'?d|it'?d|ideal|amazing|fabulous|marvell?ous|terrific|"
    r"place|placed|process|submit|complete|finali[sz]e|proceed|confirm(?:ed)?|book(?:ed|ing|ings)?|reservation|buy|purchase|pay|"
    r"reserve|hold|orders?|items?|cancel(?:lation)?|change|changes|modify|modification|update|move|switch|rebook|"
    r"ugh|sigh|welp|phew|unfortunately|sadly|oui|s[i\u00ed\u00ec]|ja|da|sim|claro|certo|bitte|gerne|por favor|per favore|"
    r"s'il (?:vous|te) pla[i\u00ee]t|merci|danke|gracias|grazie|obrigad[oa]|"
    r"transaction|request|asap|quick(?:ly)?|fast|immediately|urgent(?:ly)?|hurry|away|rush|in|i'?m|am|per|each|"
    r"total|price|works|usd|dollars|give|get|here|already|said|"
    r"cool|nice|lovely|awesome|excellent|wonderful|brilliant|super|fantastic|noted|gotcha|roger|bye|"
    r"goodbye)(?![\w'])", re.I)
_NUMBERS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8",
            "nine": "9", "ten": "10"}


_OLD_OPTIONS = re.compile(r"(\([^()]*\))\s*(?:->|\u2192|in order #?\w+ (?:for|to|into)\b)")


def _said_back(word: str, summary: str, plain: bool = True) -> bool:
    """The word repeats an id, a number, a date part or a word of the summary ("yes, the red one is perfect" at an
    exchange to the red one; "it really was ordered by mistake" at a cancellation for that reason), not a word the
    summary denies ("refundable" of a "non-refundable" fare)."""
    w = _NUMBERS.get(word.lower(), word).lower().replace("'", "")
    return any(tok == w and (strong or (plain and written)) for tok, strong, written in _summary_words(summary))


@lru_cache(64)
def _summary_words(summary: str) -> tuple[tuple[str, bool, bool], ...]:
    """Each word of ``summary`` once per summary (a reply's words are all checked against it): (the word in lower
    case without apostrophes, whether it is an id, a number or capitalised, whether a plain lower-case word there
    names a value the action writes)."""
    # (an item's options before what they change to, "(S, blue) -> (S, red)", are not what is approved: "yes, the blue one"
    # there names the item as it is, not the change)
    new_only = _OLD_OPTIONS.sub(lambda m: " " * len(m.group(1)) + m.group(0)[len(m.group(1)):], summary)
    # a plain lower-case word counts only where the summary names a value the action writes: an item's options in
    # parentheses, a quoted reason, a payment method; not a word describing the offer ("yes i would like the
    # refundable one" at a refundable fare asks about a property the booking does not write: asked again)
    values = [(v.start(), v.end()) for v in _WRITTEN_VALUES.finditer(summary)]
    out = []
    for m in re.finditer(r"[A-Za-z0-9][\w']*", summary):
        tok = m.group(0)
        written = (len(tok) > 1 and new_only[m.start():m.end()] == tok and any(a <= m.start() < b for a, b in values)
                   and not re.search(r"(?:\bnon-|\bnot\s+|\bno\s+|\bun)$", summary[:m.start()], re.I))
        out.append((tok.lower().replace("'", ""), tok[:1].isupper() or any(c.isdigit() for c in tok), written))
    return tuple(out)


_WRITTEN_VALUES = re.compile(r"\([^()]*\)|'[^']*'|\"[^\"]*\"|\u2018[^\u2019]*\u2019|\u201c[^\u201d]*\u201d|"
                             r"\b(?:gift|credit|debit) card\b|\bpay ?pal\b|"
                             # the action itself: "yes, exchange the bottle for the red one", "ok cancel this booking"
                             r"\b(?:cancel(?:led|ling)?|exchang(?:e|ed|ing)|return(?:ed|ing)?|book(?:ed|ing)?|hold|"
                             r"chang(?:e|ed|ing)|modif(?:y|ied|ying)|updat(?:e|ed|ing)|switch(?:ed|ing)?|refund(?:ed|ing)?)\b", re.I)


_EXPLICIT_YES = re.compile(r"(?<![\w'])(?:y+e+s+|yeah+|yea|yep+|yup+|absolutely|definitely|certainly|correct|go(?: right)? ahead|"
                           r"do (?:it|that)|please do|(?:please )?proceed|confirm(?:ed)?)(?![\w'])", re.I)


# courtesy beside a yes that approves nothing more and takes nothing back: thanks, praise, an apology, a goodbye
# ("Yes. And thank you so much, you've been super helpful!", "yes, cheers mate, you're a star", "Yes please, and sorry
# for all the back and forth!")
_PLEASANTRY = re.compile(
    r"(?<![\w'])(?:(?:and\s+)?(?:thank (?:you|u)|thanks)(?: (?:so|very) much| a lot| a ton| a bunch)?(?: for (?:being so (?:patient|helpful|kind|quick)|"
    r"(?:all )?(?:your|the) (?:help|patience|time))(?: with me)?(?: today)?)?|"
    r"you'?(?:ve| have) been (?:(?:super|so|very|really|incredibly|extremely) )?(?:helpful|great|amazing|patient|kind|wonderful|"
    r"brilliant|awesome|fantastic)|"
    r"(?:i )?(?:really |truly |so )?appreciate (?:your|the|all your) (?:help|patience|time)(?: today)?|(?:much|really) appreciated|"
    r"you'?(?:re| are) (?:a |an )?(?:lifesaver|life saver|star|gem|legend|champ|angel|the best|great|amazing|awesome)|"
    r"(?:and )?(?:i'?m )?(?:so |really )?sorry (?:for|about) (?:all )?(?:the|my) (?:back and forth|back-and-forth|trouble|confusion|"
    r"hassle|mix-?up|mess)(?: earlier| before| today)?|"
    r"have a (?:good|nice|great|lovely) (?:one|day|evening|night|weekend)|cheers(?: mate)?|honestly|you rock)(?![\w'])", re.I)
# an apology before the yes itself: "sorry, yes", "Sorry - yes please", "my bad, yes go ahead"
# (only the forms the verifiers read as a yes too: tests/verify/test_consent_agreement_31.py)
_SORRY_FIRST = re.compile(r"^\W*(?:sorry|apologies|my bad)\W+(?=(?:y+e+s+|yeah|yep|yup|ok(?:ay)?|sure|go ahead)\b)", re.I)
# a reply said back in full: "red 750ml is what I want", "switching to PayPal is exactly what I want"
_WHAT_I_WANT = re.compile(r"(?<![\w'])(?:(?:(?:is|that'?s|it'?s) )?(?:exactly |just )?what (?:i|we) (?:want(?:ed)?|need(?:ed)?|"
                          r"asked for|meant)|(?:switching|changing|exchanging|returning|cancell?ing|moving)|"
                          r"(?:it )?(?:really |truly )?(?:was|is))(?![\w'])", re.I)  # whole words only ("this" keeps its "is")


def _plain_affirmative(t: str, extra: re.Pattern[str] | None = None) -> bool:
    """An affirmative (the environment's own ones with ``extra``) that is not hedged, not a question,
    not put off and not taken back; ``t`` is the reply with apostrophes normalised and stripped."""
    if not t or "?" in t:
        return False
    if not _YES_RE.search(t) and not _BARE_Y.fullmatch(t) and not (extra and _extra_yes(extra, t)):
        return False
    rest = HARMLESS_NO.sub(" ", t)
    if _UNDO_RE.search(rest) or _HEDGE_RE.search(rest) or LATER.search(rest):
        return False
    # "ok, will I get a refund" / "yes, how long does the hold last" (no '?')
    return not _ASKS_RE.search(re.sub(r"(?i)\b(?:do (?:it|that)|why not)\b", " ", t))


# a yes that names the cancellation it approves: "yes cancel that one", "yep, cancel this booking please";
# read so only against a proposal to cancel (elsewhere "yes, cancel that" takes the yes back), only when nothing
# else is said ("yes but cancel the other one" still reads no), and only with "one" or a word of the proposal
# after "that" ("yes cancel that tomorrow" is no yes)
_YES_CANCEL_THAT = re.compile(
    r"^(\W*(?:y+e+s+|yeah+|yea|yep+|yup+|ya|sure|o+\.?k+(?:ay+)?|alright|correct|please)(?:\W+(?:please|pls|plz|just))*\W+"
    r"cancel\s+)(?:that|this)(?:\s+(?P<noun>[a-z]+))?(?=\W*(?:please|pls|plz|thanks?|thank you|thx)?\W*$)", re.I)
_PROPOSES_CANCEL = re.compile(r"\b(?:shall|should|may|can) i (?:go ahead and )?cancel\b|\bcancel\b[^?!]{0,160}\?\W*$", re.I)
_COURTESY_WORDS = {"please", "pls", "plz", "thanks", "thank", "thx"}


def _cancel_named(t: str, summary: str, extra: re.Pattern[str] | None = None) -> str:
    """"yes cancel that one" at "Shall I cancel booking BK...?" reads as "yes cancel it" (what the
    summary proposes to cancel; the noun may be a word of the summary or of the environment's
    ``extra``); any other reply, or at any other summary, as it is."""
    if not summary or not _PROPOSES_CANCEL.search(summary):
        return t
    m = _YES_CANCEL_THAT.search(t)
    if not m:
        return t
    noun = (m.group("noun") or "").lower()
    if (noun and noun != "one" and noun not in _COURTESY_WORDS and noun not in re.findall(r"[a-z]+", summary.lower())
            and not (extra is not None and re.fullmatch(extra.pattern, noun, re.I))):
        return t
    kept = noun if noun in _COURTESY_WORDS else ""
    return m.group(1) + "it " + kept + t[m.end():]


# what the customer's words and the agent's summary ask to do, by kind of action ("booking" names no action)
_ACTIONS = {
    "book": re.compile(r"\b(?:book(?:s|ed)?|reserv(?:e|ed)|buy|purchas(?:e|ed))\b", re.I),
    "hold": re.compile(r"\b(?:hold(?!\s+on\b)|holds|held)\b", re.I),
    "cancel": re.compile(r"\b(?:cancel(?:s|l?ed|lation)?)\b(?!\s+(?:that|this)\b)", re.I),
    "change": re.compile(r"\b(?:chang(?:e|ed)|modif(?:y|ied)|updat(?:e|ed)|mov(?:e|ed)|switch(?:ed)?|rebook(?:ed)?|alter|"
                         r"exchang(?:e|ed)|swap(?:ped)?|replac(?:e|ed))\b", re.I),
    "return": re.compile(r"\b(?:return(?:ed)?|refund(?:ed)?)\b", re.I),
}


def _kinds(text: str) -> set[str]:
    return {kind for kind, pattern in _ACTIONS.items() if pattern.search(text)}


# what the summary offers to do: up to four words after "Shall I", "I will", "want me to", ... ("a return flight"
# or "will be refunded" elsewhere in it offers nothing)
_OFFERS = re.compile(r"\b(?:shall i|should i|i will|i'll|want me to|like me to|can i|may i|let me|ready to)\s+"
                     r"((?:[\w'-]+[ \t]*){1,4})", re.I)


def _offered_kinds(summary: str) -> set[str]:
    return set().union(*(_kinds(m.group(1)) for m in _OFFERS.finditer((summary or "").replace("\u2019", "'"))))


# a change of mind that comes to a yes: "actually yeah just buy it", "on second thought yes" (not "actually no")
_MIND_TO_YES = re.compile(r"(?<![\w'])(?:actually|on second thoughts?|second thoughts?|come to think of it|after all)\W+"
                          r"(?=(?:y+e+s+|yeah+|yea|yep+|yup+|sure|ok(?:ay)?|alright|fine)(?![\w']))", re.I)


def names_other_action(text: str, summary: str) -> bool:
    """The reply asks for another kind of action than the summary proposes: "ok yes hold it" at "Shall I
    book it?", "yes book it" at "Shall I cancel booking BK1?" (never when the summary offers no action)."""
    proposed = _offered_kinds(summary)
    return bool(proposed) and bool(_kinds((text or "").replace("\u2019", "'")) - proposed)


# a plan to pay, confirm or decide later, said last beside a yes that names the hold, at a summary that offers only a
# hold: deciding later is what a hold is for ("Yes, please hold it. I'll call back tomorrow to confirm and pay.",
# "Great, please hold it and I will get back to you later today"); the same words at a booking or a cancellation put the
# yes off. Only these words, nothing else: "... I'll call back tomorrow to change the date" is asked again.
_LATER_STEP = (r"(?:call(?: (?:you|u))? back|get back to (?:you|u)|come back|confirm(?: it| the (?:booking|hold|seats?))?|"
               r"pay(?: for (?:it|them|the seats?))?|decide|make (?:the|a|my) decision|let (?:you|u) know|finali[sz]e it|"
               r"think it over|think about it|tomorrow(?: morning| afternoon| evening)?|later(?: today| on| tonight)?|"
               r"today|tonight|this (?:morning|afternoon|evening)|by (?:tomorrow|tonight|then)|before it expires|"
               r"within (?:the )?24 hours|within (?:the next|a) day(?: or (?:so|two))?|in a day or (?:so|two))")
_HOLD_THEN_LATER = re.compile(r"(?:\s*[.;,!]+\s*(?:and\s+)?|\s+(?:and|[-\u2013\u2014]+)\s+)(?:then\s+)?"
                              r"(?:i|we)(?:'ll| will| shall|'m going to| am going to)\s+" + _LATER_STEP + r"(?:\s+(?:(?:and|to|then|and then)\s+)?" + _LATER_STEP + r")*[\s.!]*$", re.I)


# the proposed action's own verb as the whole answer: "book", "cancel pls", "purchase!"
_BARE_VERB = re.compile(r"^\W*(?:(?:please|pls|plz)\s+)?(\w+)(?:\s+(?:please|pls|plz|now|thanks|thx))?\W*$", re.I)


def is_confirmation(text: str, summary: str = "", extra: re.Pattern[str] | None = None) -> bool:
    """True when the customer's reply plainly approves the proposed action and says nothing else
    (module docstring). ``summary``: the agent's message it answers; ``extra``: an environment's
    own words that may stand beside a yes (the store's "return them", "exchange it")."""
    if (go := _go_ahead_then_question((text or "").replace("\u2019", "'").strip())) is not None:
        # "Yes, go ahead - how long does the refund usually take?": the go-ahead stands; the question is answered after
        return is_confirmation(go, summary, extra)
    if names_other_action(text, summary):
        return False
    verb = _BARE_VERB.match((text or "").strip())
    if verb and "?" not in text and _kinds(verb.group(1)) and _kinds(verb.group(1)) <= _offered_kinds(summary):
        return True
    t = _cancel_named(_MIND_TO_YES.sub(" ", (text or "").replace("\u2019", "'").strip()), summary, extra)
    said, t = t, _PLEASANTRY.sub(" ", _SORRY_FIRST.sub("", t)).strip(" ,.!-")
    if _ACTIONS["hold"].search(t) and _offered_kinds(summary) == {"hold"}:
        t = _HOLD_THEN_LATER.sub("", t)
    if not _plain_affirmative(t, extra) or (_SEEMS.search(t) and not _plain_affirmative(_SEEMS.sub(" ", t), extra)):
        return False
    rest = _BESIDE_YES_RE.sub(" ", _BESIDE_PHRASES_RE.sub(" ", HARMLESS_NO.sub(" ", _WHAT_I_WANT.sub(" ", t))))
    if extra is not None:
        rest = _words(extra.pattern).sub(" ", rest)
    left = [w for w in re.findall(r"[^\W_]+", rest) if not _BARE_Y.fullmatch(w)]
    if any(not _said_back(w, summary) for w in left):
        return False
    if any(not _said_back(w, summary, plain=False) for w in left) and not _EXPLICIT_YES.search(t):
        return False  # an option said back takes an explicit yes: "yes, the red one is perfect", not "leather is fine"
    return not _ACK_ONLY_RE.match(said) or not _THANKED_RE.search(said)  # "ok thanks" acknowledges, approves nothing


# a question that is about the proposal itself or puts a condition on it: "is it refundable?", "what's the difference
# again?", "will it ...", or that asks for something done ("can you also cancel ...?"): not one asked beside a yes
# ("how much will I get back in total?": the proposal's own figures, asked again before it is approved; "also what's my
# gift card balance?": a payment method the proposal did not name, which may be where the money is meant to go)
_ABOUT_THE_PROPOSAL = re.compile(r"(?<![\w'])(?:it|this|that|again|difference|instead|(?:can|could|would|will) (?:you|u)|"
                                 r"how much|total|cost|costs|price|amount|charged?|get back|pay|"
                                 # the thing proposed, named in general words: "yes go ahead. is the ticket refundable?"
                                 r"refundable|non-refundable|seats?|tickets?|booking|reservation|hold|item|"
                                 r"card|gift|paypal|pay pal|visa|mastercard|amex|balance|account)(?![\w'])", re.I)
# a question that doubts the proposal itself or the customer's own answer: "Are you sure that's the right order?", "Are
# you positive?", "Did I give you the right number?", "Are we talking about the same order?", "Should I?", "Is this wise?",
# "Is everything correct?": no question about what happens after (a yes before it is no yes: it is asked again); not
# "right away" / "right now" ("yes. will the refund come through right away?" asks what happens after)
_DOUBTS_THE_PROPOSAL = re.compile(
    r"(?<![\w'])(?:(?:are|r) (?:you|u|we|ya)(?: (?:really|quite|absolutely|totally|100%|completely))? (?:sure|shure|certain|"
    r"positive|positve|confident)|(?:you|u) (?:sure|certain|positive)|sure about|for sure|definitely|"
    r"(?<!all )right(?! (?:away|now|after|back|then))|all right|alright|correct(?:ly)?|incorrect|wrong|mistaken|mistake|"
    r"accurate|same|ok(?:ay)?|fine|good idea|bad idea|wise|smart|sensible|regret|"
    r"what (?:i|we) (?:said|asked(?: for)?|wanted|meant|told you|gave you)|(?:i|we) meant|"
    r"double[- ]?check(?:ed)?|(?:did|have|can|could) (?:you|u) (?:check(?:ed)?|verif(?:y|ied))|"
    r"(?:do|did) (?:you|u) (?:think|reckon) (?:so|that'?s|this is|i should|we should|i'?m|it'?s (?:a )?(?:good|wise|"
    r"right|ok|okay|best|smart))|what do (?:you|u) (?:think|reckon|recommend|suggest)|"
    r"would (?:you|u) (?:recommend|advise|suggest)|am i (?:making|doing|right|wrong|sure|being|missing)|"
    r"have i (?:made|done|said|given|picked|chosen|messed|mixed)|did i (?:give|say|pick|choose|tell|get|type|write|spell|mean)|"
    r"(?:should|shall) (?:i|we)(?=\W*$)|(?:should|shall) (?:i|we) (?:really|even|still|go ahead|proceed|go through)|"
    r"(?:should|shall) (?:i|we) do (?:it|this|that)(?=\W*$))(?![\w'])", re.I)
_QUESTION_START = re.compile(r"^\W*(?:also\W+|and\W+|btw\W+|oh\W+)?(?:how|when|what|where|which|who|why|is|are|does|do|did|will|"
                             r"would|can|could|should|any)\b", re.I)


def _go_ahead_then_question(t: str) -> str | None:
    """Of a reply that says yes in a sentence of its own and then asks a separate question about something else or
    about what happens after ("Yes, go ahead - how long does the refund usually take?", "yes do it. is there a
    restocking fee on returns in general?", "Yes please. Also, when will my other order arrive?"), the yes alone;
    None for any other reply ("yes? what's the difference again?", "yes but is it refundable?")."""
    parts = re.split(r"(?<=[.!])\s+|\s+[-\u2013\u2014]+\s+", t, maxsplit=1)
    if len(parts) != 2 or "?" in parts[0]:
        return None
    yes, question = parts
    if not _EXPLICIT_YES.search(yes):  # "Okay. Is the flight refundable?": a weak ok before a question approves nothing
        return None
    if not question.rstrip().endswith("?") or not _QUESTION_START.match(question) or question.count("?") > 1:
        return None
    if _UNDO_RE.search(HARMLESS_NO.sub(" ", question)) or _HEDGE_RE.search(question) or LATER.search(question) or \
            _ABOUT_THE_PROPOSAL.search(question) or _DOUBTS_THE_PROPOSAL.search(question):
        return None
    return yes.strip()


def doubts_proposal(text: str) -> bool:
    """A question in the reply doubts the proposal or the customer's own answer ("Yes. Are you sure that's the right
    order?", "Did I give you the right number?", "Should I?"): no yes, whatever stands before it; answered, and the
    proposal asked again."""
    return any(_DOUBTS_THE_PROPOSAL.search(q) for q in re.findall(r"[^.!?]*\?", (text or "").replace("\u2019", "'")))


def accepts_offer(text: str) -> bool:
    """A yes to an offer or a yes/no question that commits to nothing ("Would you also like me to
    look for a return flight?" - "yes please, a return too"): an affirmative that is not hedged,
    not a question, not put off and not taken back; it may say more. Never enough for an action."""
    return _plain_affirmative((text or "").replace("\u2019", "'").strip())


@lru_cache(64)
def _words(pattern: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w'])(?:" + pattern + r")(?![\w'])", re.I)


@lru_cache(64)
def _yes_words(pattern: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w'])(?:please )?(?:" + pattern + r")\s+(?:it|them|those|that)(?![\w'])", re.I)


def _extra_yes(extra: re.Pattern[str], text: str) -> bool:
    """An environment's own affirmative ("return them", "please exchange it") in the reply."""
    return bool(_yes_words(extra.pattern).search(text))
