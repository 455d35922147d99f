"""The retail reference agent: a rule-based store clerk that follows policy.md, with switchable faults.

Each turn it reads the customer's message (``envs.taubench.language``), then works through, in
order: a pending confirmation (a plain yes executes the listed action, a no drops it, anything
else re-plans with the new information); a request for a human (transfer, then the hand-off
sentence); authentication (email, else first and last name with zip code; a user id alone is not
enough); the orders the request is about (looked up one call per message, owned by the customer
or refused); then one action at a time: it lists the action's details and asks for a yes. It
writes only after that yes, checks each order with ``get_order_details`` before writing to it,
never changes an order again after its items were modified, collects all items of an order
into one call, cancels only for one of the two reasons the customer gave, exchanges only for a
different option, and makes one tool call per message with no text beside it.

It reads at most the first ``MAX_MESSAGE_CHARS`` (2,000) characters of a customer message, so that a
line of megabytes cannot stall it (the reading's regular expressions take time that grows faster
than the text); the rest of such a message is not read.

Tools run through ``TurnContext.call_tool``, i.e. the domain's own tool execution. It knows only
what the tools returned (the database module is used only to recognise a customer's name in
their message). Each fault of ``envs.taubench.faults`` breaks one policy on its trigger.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from envs.taubench.database import RetailDB
from envs.taubench.language import (
    ACTING_KINDS,
    ADDITIVE,
    CARD_BRAND,
    CARD_DIGITS,
    CORRECTION,
    DEFAULT_ADDRESS,
    HOLDING,
    INTENTS,
    KIN,
    ORDER_ID,
    PAYMENT_KINDS,
    SAME_ONE,
    THANKS,
    Reading,
    address_changes,
    address_parts,
    address_pieces,
    addresses_by_order,
    asks_compensation,
    asks_only,
    asks_shipping_abroad,
    bare_place,
    changes_order_payment,
    conditional_go_ahead,
    conditional_retraction,
    default_address_asked,
    either_values,
    info_only_orders,
    item_change_of_order_item,
    item_mentions,
    item_verbs,
    kinds_by_order,
    mention_windows,
    mentioned_items,
    named_things,
    named_values,
    negated_at,
    not_arrived_asked,
    not_the_holder,
    numbers_not_options,
    option_ruled_out,
    option_score,
    order_by_last_digits,
    order_clauses,
    order_naming_items,
    orders_at_place,
    ordinal_answers,
    place_cue,
    places_said,
    read,
    reasons_by_order,
    request_clauses,
    requested_kinds,
    said_as_now,
    side_question,
    taken_back,
    unknown_options,
    vague_things,
    verb_before,
    waived_options,
    wanted_options,
)
from envs.taubench.policies import HANDOFF
from envs.taubench.tools import WRITES
from probe.core.domain import FaultSwitches
from probe.targets.base import Target, TurnContext
from probe.targets.consent import LATER, accepts_offer, doubts_proposal
from probe.targets.phrases import ASKS_IF_MACHINE, CAPABILITY, NOT_ANSWERED, PROCEED, REPEAT

MAX_MESSAGE_CHARS = 2000  # the characters of a customer message read (module docstring)
PENDING = "pending"
CONFIRM = "To confirm, I will"
# in its own words: the policy's sentence said back would be redacted from the auditor's view as prompt text
REFUND_TIMES = "Refunds reach a gift card at once, and a credit card or PayPal account in 5-7 business days."
REFUND_WAYS = ("A refund goes back to the original payment method, or to a gift card on your account; I can't "
               "refund in cash or to a bank account.")
NO_FEES = ("There is no fee for that: a cancellation refunds the full amount paid, and a return refunds the price of "
           "the items returned.")
ACTING = {"cancel", "return", "exchange", "modify", "address", "payment"}
# how deep the planning may nest in one turn (a write done, the plan goes on; a part left over, the plan goes on):
# a request of a few parts takes a few levels; past this, the turn ends with a question instead of a RecursionError
# (before, a loop in the planning raised it, and the agent answered every later message with nothing)
_MAX_PLAN_DEPTH = 25
LOST = ("I'm sorry, I lost track of that request. Could you tell me the first thing you'd like me to do, and for which "
        "order?")


def _bounded(plan: Any) -> Any:
    """``_plan`` with its nesting counted: no customer message can make the planning recurse without bound."""
    def bounded(self: Any, turn: TurnContext) -> str:
        depth = getattr(self, "_plan_depth", 0)
        if depth >= _MAX_PLAN_DEPTH:
            self.pending, self.goal = [], self._empty_goal()  # nothing proposed from a request the clerk lost
            return LOST
        self._plan_depth = depth + 1
        try:
            return plan(self, turn)
        finally:
            self._plan_depth = depth
    bounded.__doc__ = plan.__doc__
    return bounded
# another request in place of the one in hand ("... instead", "actually I'd rather return it")
_SWITCH = re.compile(r"\b(?:instead|rather|actually|on second thought|changed? my mind|prefer)\b", re.I)
_ORDINAL = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3, "fifth": 4,
            "5th": 4, "sixth": 5, "6th": 5, "last": -1}
_PICK = re.compile(r"\b(?:the\s+)?(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|sixth|6th|last)\b(?!\s+(?:name|time))"
                   r"|\boption\s+(?:number\s+)?([1-6])\b|^\W*([1-6])\W*$"
                   r"|\b(whatever(?:'s| is)? available|any (?:of them|one|option)|(?:it )?doesn'?t matter|don'?t care|"
                   r"you (?:choose|pick|decide)|your (?:choice|call)|surprise me)\b", re.I)


# an item named as the reason for a cancellation, not as what to cancel: "cancel #W1, i bought a tablet elsewhere"
_BOUGHT_ELSEWHERE = re.compile(r"\b(?:bought|got|found|have|had|own|purchased|ordered)\b(?:\s+\w+){0,3}\s*$", re.I)


# "the small one", "yes, the small one please", "i mean the large one": one of several like items, by its option
_ONE_PICK = re.compile(r"^\W*(?:(?:yes|yeah|yep|ok|okay|right)\W+)?(?:i mean(?:t)?\s+)?(?:the|my)\s+([\w\s-]{1,30}?)\s+one\b"
                       r"(?:\s+(?:please|pls|thanks))?\W*$", re.I)


# one of several like items picked by what it is now: "the 16GB one", "the one with 16gb", "i mean the 1TB laptop"
_LIKE_ITEM_PICK = re.compile(r"^\W*(?:(?:no+|yes|yeah|ok(?:ay)?|sorry|oh|i mean(?:t)?|it'?s)\W+)*(?:the|my)\s+"
                             r"(?:one\s+(?:with|that has|that'?s|in|of)\s+(?:the\s+)?)?(?P<words>[\w\s.-]{1,30}?)"
                             r"(?:\s+(?:one|version|model))?(?:\s+(?:please|pls|thanks))?\W*$", re.I)


# at a proposal, another item picked in a few words: "the gold one", "no, the gold tablet", "no not that tablet, the
# other tablet", "sorry i meant the gold one"
_PICK_ELSEWHERE = re.compile(r"^\W*(?:(?:no+|nope|nah|sorry|oops|wait|actually|hmm+|i mean(?:t)?|not (?:that|this)(?: one)?|"
                             r"not (?:that|this|the) [\w-]+|(?:that'?s |that is |it'?s )?(?:the )?wrong [\w-]+)\W+)*(?:i mean(?:t)?\s+|it'?s\s+|i want(?: to return)?\s+)?"
                             r"(?:the|my)\s+(?P<words>[\w\s-]{1,40}?)(?:\s+(?:please|pls|instead|then))?\W*$", re.I)


def _listed_pick(text: str) -> int | None:
    """Which of the options just listed a reply picks: "the first one" 0, "option 3" 2, "the last"
    -1, "whatever is available" 0; None when it picks none."""
    m = _PICK.search(text or "")
    if not m:
        return None
    if m.group(1):
        return _ORDINAL[m.group(1).lower()]
    if m.group(2) or m.group(3):
        return int(m.group(2) or m.group(3)) - 1
    return 0


_ORDINALS = {"first": 0, "1st": 0, "former": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3,
             "fifth": 4, "5th": 4, "last": -1, "latter": -1}


def _ordinal_pick(low: str, head: str, count: int) -> int | None:
    """Of ``count`` items of one product, the one the words pick by its place in the order: "the second keyboard",
    "the 2nd mechanical keyboard", "the keyboard listed last", "the one listed last" (a position in the order's item
    list); None when no place is said, or one past the last."""
    words = "|".join(_ORDINALS)
    m = re.search(rf"\b({words})\s+(?:[a-z-]+\s+)?{re.escape(head)}\b", low) or \
        re.search(rf"\b(?:{re.escape(head)}|one)\s+(?:that(?:'s| is) |which is )?(?:listed|shown|written)\s+({words})\b", low)
    if not m:
        return None
    at = _ORDINALS[m.group(1)]
    return (at if at >= 0 else count + at) if at < count else None


ORDER_ID_RE = re.compile(r"#W\d{7}\b")
# every order in a state: "both of my pending orders", "all my open orders"
_ALL_BY_STATUS = re.compile(r"\b(?:(?:both|all)(?: of)?(?: (?:my|the|our))?|(?:my|the|our) (?:two|three|four|2|3|4)) "
                            r"(?:(pending|unshipped|open|delivered) )?orders\b|"
                            # "both pending ones pls", "both pending", "my pending orders", "the two pending ones"
                            r"\b(?:both|all|(?:my|the|our)(?: (?:two|three|2|3))?)(?: of)?(?: (?:my|the|our))? "
                            r"(pending|unshipped|open|delivered)(?= (?:ones|orders)\b| *(?:[,.!]|$| pls\b| please\b))|"
                            # "every order that hasn't shipped yet": the pending ones
                            r"\b(?:every|each|all(?: of)?(?: my| the)?) (?:orders?|one) (?:that|which|i have that) "
                            r"(?:has|have|is|are)(?:n'?t| not) (?:yet )?(?:been )?(?:shipped|sent)|"
                            # "cancel whatever isn't shipped", "everything that hasn't shipped yet", "anything not shipped
                            # yet", "all the stuff that hasn't gone out": the pending ones (before: one order, or "which?")
                            r"\b(?:whatever|everything|anything|all(?: of)?(?: the)? (?:stuff|things|items|orders?)|all)"
                            r"(?: (?:that|which))?(?: (?:is|are|has|have)(?:n'?t| not)| not)(?: yet)?(?: been)?"
                            r" (?:shipped|sent|gone out)\b|"
                            r"\b(?:whatever|everything|anything)(?: that| which)?(?: is| are|'s)?(?: still)? (?:pending|unshipped)\b",
                            re.I)
# an order named by its state: "my pending order", "the delivered order", "my pending one"
_BY_STATUS = re.compile(r"\b(?:my|the|our)\s+(?:(?:whole|entire|only)\s+)?(pending|unshipped|open|delivered)\s+(?:order|one)\b", re.I)

# a kind of product that names an order: "the camera order", "the order with the camera"
_KIND_ORDER = re.compile(r"\border\s+(?:with|that has|containing|holding|that contains)\s+(?:the\s+|my\s+|a\s+|an\s+)?"
                         r"([a-z]+)\b|\b([a-z]+)\s+order\b(?!\s+(?:with|that has|containing|holding|that contains)\b)",
                         re.I)

ADDRESS_TOOLS = ("modify_pending_order_address", "modify_user_address")
ADDRESS_KEYS = ("address1", "address2", "city", "state", "country", "zip")  # the address tools' arguments
# an order's own address asked for beside the default one: "... and ship #W1 there too"
_ORDER_ADDRESS = re.compile(r"\b(?:ship|send|deliver) (?:it|them|that|this|the order|my order|order|#?W\d{7})\b|"
                            r"\b(?:the|my|our|both|all)\s+(?:(?:of\s+)?(?:the|my|our)\s+)?(?:(?:two|three|four|2|3|4)\s+)?"
                            r"(?:pending|current|open|unshipped)\s+orders?\b|"
                            r"\b(?:and|also|plus)\s+(?:on\s+|for\s+)?(?:the|my|our)\s+orders?\b|"
                            # "on my account and on all my orders": the pending orders too (before: the account only)
                            r"\b(?:and|also|plus)\s+(?:(?:on|for|to|in)\s+)?(?:all|both|every|each)(?:\s+of)?"
                            r"(?:\s+(?:the|my|our))?\s+orders?\b|"
                            # "my default address and the address on all my orders" (tau-bench task 22)
                            r"\baddress(?:es)?\s+(?:on|of|for|in)\s+(?:all|both|every|each)(?:\s+of)?(?:\s+(?:the|my|our))?"
                            r"\s+orders?\b|"
                            # "... on my account and on order #W1", "my default address and the sneakers order"
                            r"\b(?:and|also|plus)\s+(?:(?:on|for|to)\s+)?(?:(?:the|my|our)\s+(?:[\w-]+\s+){0,2}?)?"
                            r"(?:order\s+#?W\d{7}|#?W\d{7}|(?:the|my|our)\s+[\w-]+(?:\s+[\w-]+)?\s+order)\b|"
                            r"\bshipping address (?:of|on|for)\b|\border'?s (?:shipping )?address\b|"
                            r"\baddress (?:of|on|for) (?:the |my |this |that )?(?:order|#?W\d{7})|"
                            # "need order W1 shipped to ...", "I want #W1 sent to ...": the order's own address
                            r"\b(?:order\s+)?#?W\d{7}\s+(?:to be\s+)?(?:shipped|sent|delivered|redirected|rerouted)\s+to\b|"
                            # the order as what moves: "I moved, need my order to go to the new place", "my order has
                            # to follow me", "the package should be sent to my new flat" (before: the default address)
                            # "the air purifier and dumbbells order needs to go to ...", "my dumbbell order should
                            # ship to ...": an order told by its items (before: only the default address beside it)
                            r"\b(?:my|the|our|this|that)\s+(?:[\w&+-]+\s+){0,4}?(?:order|package|parcel|delivery)\b"
                            r"[^.?!,]{0,25}?\b(?:go|goes|ship|ships|"
                            r"follow|follows|be (?:sent|shipped|delivered|redirected|rerouted)|get (?:sent|shipped|delivered)|"
                            r"arrive|come)\s+(?:to|me|us|there|at)\b",
                            re.I)
# a message about an address that says something in it is wrong, without saying what instead
# where the order in hand is to go: "ship it to ...", "ship that order to ...", "ship to ...", "can it go to ...?"
# ("now ship that same order to ...", "send the same one to ...")
_SHIP_ORDER = re.compile(r"\b(?:ship|send|deliver|mail|redirect|reroute)\s+(?:(?:it|them|that|this|the order|that order|this order|"
                         r"(?:that|this|the) (?:same|very same) (?:order|one)|same order|the package|it all)\s+)?(?:over\s+)?to\b|"
                         r"\b(?:can|could|will|would|should)\s+(?:it|they|that|this|the order|that order|(?:that|this|the) same order|"
                         r"the package)\s+(?:go|be (?:sent|shipped|delivered|mailed))\s+to\b", re.I)
# "my laptop order", "the order with the laptop": an order named by an item it holds (the words captured)
_ITEM_ORDER = re.compile(r"\b(?:my|the|our)\s+((?:[\w-]+\s+){0,2}?[\w-]+)\s+order\b|\border\s+(?:with|that has|that holds|"
                         r"holding|containing|that contains)\s+(?:my|the|a|an|our)\s+((?:[\w-]+\s+){0,2}[\w-]+)", re.I)
# an address the customer points to instead of saying it: the profile's ("change it to my default address",
# "the address in my profile") or another order's ("it's the address on my other order")
# (not "update my address on my account" nor "update the default address in my account": that is the default address
# to change; before, "default address in my account" with no "to"/"use" before it was read as pointing to the profile's
# address, and the only pending order was changed to the address the customer was moving away from)
_TO_DEFAULT = re.compile(r"\b(?:to|at|with|use|using|it'?s|is)\s+(?:my|the)\s+(?:default|profile|account|home)\s+"
                         r"(?:address|one)\b|\b(?:to|at|with|use|using|it'?s|is|as)\s+(?:the|my)\s+(?:default\s+)?address\s+(?:in|on|from)\s+"
                         r"(?:my\s+)?(?:profile|account)\b|\b(?:to|at|use|using)\s+(?:the|my)\s+address\s+(?:you\s+have\s+)?"
                         r"on\s+file\b", re.I)
# the profile's address pointed to by name, as where an order should ship: "my default address please", "the one on my
# profile", "use the address on file", "my home address", "same as my account address", "default"
_PROFILE_ONE = re.compile(
    r"\b(?:my|the|your)\s+(?:own\s+|current\s+)?(?:default|profile|account|acct|home|usual|normal|regular|saved|registered|"
    r"primary|main|permanent)(?:\s+(?:shipping|delivery|mailing|home|street))?\s+(?:address|addr|one)\b|"
    r"\b(?:address|addr|one)\s+(?:that\s+|which\s+)?(?:i\s+have\s+|you\s+have\s+|(?:is\s+|'s\s+)?(?:saved\s+|listed\s+|"
    r"stored\s+)?)?(?:on\s+file|(?:on|in|from|of|for|under)\s+(?:my|the)\s+(?:profile|account)|you\s+have\s+for\s+me)\b|"
    r"^\W*(?:the\s+|my\s+)?(?:default|profile|home)(?:\s+one)?\W*(?:please|pls|thanks?|thank you)?\W*$", re.I)
# a wish to change the profile's address itself (not a pointer to it): "update my default address too", "and my
# account address as well", "change the address on my profile"
_PROFILE_CHANGE = re.compile(r"\b(?:updat|chang|modif|edit|fix|correct|set|replac|switch)\w*\b[^.?!]{0,40}?\b(?:default|"
                             r"profile|account|acct|home|saved|address on file)\b|\b(?:default|profile|account|acct|home|saved)"
                             r"\s+(?:address|one)\s+(?:too|as well|also)\b|\b(?:also|and|plus)\s+(?:update\s+)?(?:my|the)\s+"
                             r"(?:default|profile|account|acct|home|saved)\s+(?:address|one)\b", re.I)
# the profile's address named without the word "address" ("change it to my home one")
_HOME_ONE = re.compile(r"\b(?:to|at|use|using)\s+(?:my|the)\s+(?:default|profile|account|home)\s+one\b", re.I)
# "the bigger backpack", "the smaller one": an item picked by its size among items of one product
_COMPARATIVE = re.compile(r"\b(bigger|larger|biggest|largest|smaller|smallest|littler|tinier|taller|shorter)\b")
_SMALLER = ("smaller", "smallest", "littler", "tinier", "shorter")
# "the cheaper of the two kettles", "the more expensive one": one item picked by its price among items of one product
_BY_PRICE = re.compile(r"\b(?:the\s+)?(cheaper|cheapest|less expensive|least expensive|lower[- ]priced|pricier|priciest|"
                       r"more expensive|most expensive|costlier|higher[- ]priced|dearer)\s+(?:one|of|[\w-]+s?\b)", re.I)
_LOWER_PRICE = ("cheaper", "cheapest", "less expensive", "least expensive", "lower priced", "lower-priced")
# one of several picked by a comparison: "the larger of the two", "the bigger one of my backpacks", "whichever is cheaper"
_ONE_OF_SEVERAL = re.compile(r"\b(?:the|whichever)\s+(?:[\w-]+\s+){1,2}?(?:one\s+)?of\s+(?:the|my|those|these|them|both)\b|"
                             r"\bwhichever\b", re.I)
_SIZES = {"xxs": 0, "xs": 1, "s": 2, "small": 2, "m": 3, "medium": 3, "l": 4, "large": 4, "xl": 5, "xxl": 6}


def _size_rank(value: str) -> float | None:
    """A size option's place among sizes: a size word ('medium', 'XL'), or the number a value begins with
    ('1.5 liters', '10 inches', '750ml'); None for a value that is no size ('grey', 'polyester')."""
    low = value.strip().lower()
    if low in _SIZES:
        return _SIZES[low]
    m = re.match(r"(\d+(?:\.\d+)?)\s*(?:ml|l|liters?|litres?|inch(?:es)?|in|ft|feet|cm|mm|qt|quarts?|oz|gal)?$", low)
    return float(m.group(1)) if m else None


# "why not?" / "how come?" just after a refusal, and the refusals it asks about
_WHY_NOT = re.compile(r"^\W*(?:(?:but|ok(?:ay)?|hm+|huh|wait|what)\W+)*(?:why(?: not| can'?t| cannot| is that| so)?|how come|"
                      r"what do you mean)\b", re.I)
# a question asked back at the clerk's own question: which options there are ("which colors are there?", "which black
# ones are there?", "what options are there for size 11?"), the order's status ("is it still pending?"), or why it is
# asked ("does it matter?", "why do you need to ask?", "why do you want to know which order?")
_ASKS_OPTIONS = re.compile(r"\b(?:what|which)\b[^.?!]{0,40}\b(?:options?|choices?|colou?rs?|sizes?|ones|kinds?|materials?|"
                           r"styles?|types?|versions?|capacit(?:y|ies))\b", re.I)
_STATUS_Q = re.compile(r"^\W*(?:(?:wait|so|and|but|hm+|ok(?:ay)?|um+)\W+)*(?:is|has|was|did)\s+(?:it|that|this|the|my)"
                       r"(?:\s+order)?\b[^.?!]{0,30}\b(?:pending|ship(?:ped)?|deliver(?:ed)?|process(?:ed)?|arriv(?:ed)?|"
                       r"sent|gone out)\b", re.I)
# a cancellation asked about for part of an order: "does the whole order go?", "I only don't want the skateboard", "can I
# cancel just one item?", "the rest I still want"
_PART_CANCEL_Q = re.compile(r"\b(?:whole|entire)\s+(?:order|thing|lot)\b|\beverything\s+(?:go|get cancel)|"
                            r"\b(?:only|just)\s+(?:(?:don'?t|do not)\s+(?:want|need)|(?:want\s+to\s+)?(?:cancel|remove|drop|"
                            r"get rid of|take out))\s+(?:the|one|that|this|my)\b|\b(?:one|single|a single)\s+item\b|"
                            r"\bthe rest\b[^.?!]{0,25}\b(?:want|keep|need)\b", re.I)
# a question whether an item came or where it is: "did my fleece jacket arrive?", "has the jacket been delivered yet?",
# "when did my fleece jacket order arrive?", "where is my jacket?"
_ITEM_STATUS_Q = re.compile(r"^(?=[^?]*\?)\W*(?:(?:wait|so|and|but|also|btw|oh|hm+|ok(?:ay)?|um+|before (?:that|I answer))\W+)*"
                            r"(?:(?:can|could) you (?:tell me|check)\s+)?(?:is|has|have|was|did|does|when|where|whe?n?)\b[^.?!]{0,60}"
                            r"\b(?:arriv\w*|deliver\w*|ship(?:ped)?|come|came|get here|got here|sent|on (?:its|the) way)\b", re.I)
_WHY_ASK = re.compile(r"\bwhy (?:do|does|would|did|are|is|must) (?:you|u|it|that|this)\b[^.?!]{0,25}\b(?:need|want|ask|"
                      r"have to|care|require|matter|know)\w*|\b(?:does|would|do) (?:it|that|this|the reason|reasons?) "
                      r"(?:really )?(?:matter|make a difference)\b|\bwhy (?:ask|the question)\b|"
                      r"\bwhat does (?:it|that) matter\b", re.I)
_REFUSED = re.compile(r"\bcan'?t be\b|\bcannot be\b|\bcan only\b", re.I)
# "what happened?" / "what went wrong?": asks about the outcome the clerk last reported
_WHAT_HAPPENED = re.compile(r"^\W*(?:(?:so|wait|um+|uh+|hmm+|huh|ok(?:ay)?|sorry|and)\W+)*(?:what (?:just )?happened|"
                            r"what went wrong|what(?:'s| is| was) (?:the|wrong|that)(?: (?:problem|issue|error))?|"
                            r"why did(?:n'?t| it not)(?: (?:it|that))? (?:work|go through))\W*$", re.I)
# "did that go through?", "so what did you change?", "what have you done for me today?": a recap of this chat's writes
_FILLER = r"^\W*(?:(?:so|ok(?:ay)?|thanks|thank you|great|cool|perfect|alright|all right|and|hmm+|um+|uh+|wait|sorry)\W+)*"
_RECAP_Q = re.compile(_FILLER + r"(?:(?:did|has|have) (?:that|it|this|they|those|the (?:\w+ ){0,2}?(?:cancellation|change|"
                      r"changes|return|exchange|refund|update|request)) (?:go|gone|went) through|was (?:that|it) (?:done|"
                      r"successful)|(?:(?:can|could) you )?(?:tell me |remind me )?what (?:exactly )?(?:did|have|has) "
                      r"(?:you|been) (?:just )?(?:do|done|did|change|changed)(?: (?:for me|so far|today|then|exactly|"
                      r"again))*|(?:can|could) you (?:tell me|remind me|recap|sum up|summari[sz]e) what (?:you )?(?:just )?"
                      r"(?:did|changed|have done|have changed)(?: so far| today| for me)*|what (?:changes )?(?:has|have) been "
                      r"(?:made|done)(?: so far| today)*|what (?:exactly )?did you just do)\W*$", re.I)
# "can you undo it?", "please reverse that", "uncancel it": a write taken back
_UNDO_Q = re.compile(r"\b(?:undo|reverse|revert|un-?cancel|reinstate|restore)\b(?!\s+(?:order\s+)?#?W\d)", re.I)
# a write asked to wait or stop: "hold on - don't do that yet", "stop, not yet!", "wait, don't go ahead" (a bare "wait" or
# "hold on" only with no question beside it)
_STOP_IT = re.compile(r"\b(?:don'?t|do not|dont)\s+(?:do|make|change|process|send|submit|go ahead with|proceed with)\s+(?:that|it|"
                      r"this|anything)\b|\b(?:don'?t|do not|dont)\s+(?:go ahead|proceed)\b|\bnot yet\b|\bhold off\b|"
                      # a bare "wait!" / "hold on", "stop, ..." or a message ending in "don't"; not "Wait, I forgot
                      # something" (a wait before another request)
                      r"^\W*(?:(?:oh|no|wait|stop|hold on|hang on|hmm+|um+|sorry)\W*)*(?:stop|wait|hold on|hang on)\W*$|"
                      r"^\W*(?:(?:oh|no|wait|hold on|hang on)\W*)*stop\b(?![^?]*\?)|\b(?:don'?t|do not|dont)\W*$",
                      re.I)
# after a write: "can you put it back?", "I want the order back", "switch it back to the card it was on before", "keep it on
# the card it was on before": the write taken back too (before: the menu, as if nothing had been said)
_PUT_BACK = re.compile(r"\b(?:put|bring|get|have|want|need|switch|change|set|move|turn)\s+(?:it|that|them|this|the order|"
                       r"my order|(?:the|my|that) [\w-]+ order)\s+back\b|\b(?:it|that|the order)\s+was\s+(?:on|with)\s+before\b",
                       re.I)
# the sentences of a reply that report an outcome: a refusal or a failed write, or a change made
_OUTCOME = re.compile(r"\bdidn'?t go through\b|\bcan'?t\b|\bcannot\b|\bcan only\b|\bdoesn'?t cover\b|"
                      r"\b(?:is|are) (?:now |cancelled\b|changed\b|requested\b)", re.I)
# "where is my tablet going to be delivered?", "what address is it shipping to?": the order's shipping address asked
_SHIPS_WHERE = re.compile(r"\bwhere\b[^.?!]{0,40}\b(?:deliver\w*|ship(?:ping|ped)?|sent|send\w*|going|headed|heading|go)\b"
                          r"(?!\s+(?:yet|already))|\b(?:what|which) address\b", re.I)
_TO_OTHER_ORDER = re.compile(r"\b(?:address|one)\s+(?:on|in|from|of)\s+(?:my|the)\s+(?:other|recent|previous|last)\s+"
                             r"orders?\b|\b(?:same\s+(?:address\s+)?as|from|in)\s+(?:my|the)\s+other\s+orders?\b", re.I)
# the words before a new street said in the request itself: "change the address ... to 266 maple drive", "new address:
# 12 oak st", "ship it to ..." (not the street it goes to now: "the order going to 12 oak st needs a new address")
_TO_NEW_STREET = re.compile(r"(?:\b(?:to|into|is|be|address|one)|[:=]|->|-)\s*$", re.I)
_SHIP_TO_STREET = re.compile(r"\b(?:ship|send|deliver|mail|redirect|re-?route|forward)\w*\s+(?:it|them|that|this|(?:my|the|our|that)\s+"
                             r"(?:[\w-]+\s+){0,2}?(?:order|package|parcel|stuff|items?|shipment)|order\s+#?w?\d+|#?w\d{7})\s+"
                             r"(?:#?[\w-]+\s+){0,2}?to\s*$", re.I)
_NOW_GOING_TO = re.compile(r"\b(?:going|goes|went|headed|heading|currently|now|was|were|still|from)\s+(?:to\s+|at\s+)?$", re.I)
_WHICH_ORDER_ASKED = "Which order is this about?"  # (its answer may be only a place: "Chicago", "the DC one")
_CITY_ALIASES = {"nyc": "new york", "la": "los angeles", "sf": "san francisco", "dc": "washington"}
_ADDRESS_PART = re.compile(r"\b(?:address|street|st|city|town|state|zip|zipcode|postal|apt|apartment|suite|unit)\b", re.I)
# an order told by how many items it holds: "a pending order with five items", "the order that has 3 items in it"
_COUNT_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_ITEM_COUNT = re.compile(r"\b(?:(?P<status>pending|delivered)\s+)?(?:order|one)\s+(?:with|that has|which has|containing|"
                         r"holding)\s+(?P<n>\d+|" + "|".join(_COUNT_WORDS) + r")\s+(?:items?|things|products)\b", re.I)
# a question about what policy allows in general, of no order or item: "can i return something i opened?", "can i
# cancel an order after its delivered?", "can i change my order after it shipped?"
_GENERAL_Q = re.compile(r"^\W*(?:(?:hi|hey|so|and|also|ok(?:ay)?|oh|but|well|quick question)\W+)*(?:can|could|may) (?:i|we|u|you) (?:still |ever |even )?"
                        r"(cancel|return|exchang|change|modif)\w*\s+(?:(?:something|anything|an? (?:order|item|product)|"
                        r"items|orders|things|stuff)\b|(?:my|an) order (?=(?:after|once|if|when)\b))[^?]*\?\W*$", re.I)
_AFTER_SHIPPED = re.compile(r"\b(?:after|once|when|if)\b[^.?!]{0,20}\b(?:shipped|delivered|arrived|received|sent)\b", re.I)
# "not that order", "the other pending one", "wrong order": another order meant than the one proposed
# a clause that keeps an order out of the request: "don't touch my other order", "as long as my other order is
# untouched", "if that doesnt affect my other order", "leave the sneakers order alone", "don't cancel the order with the
# sneakers" ('what': the order kept, checked to name an order)
_KEEPS_ORDER = re.compile(
    r"(?:\b(?:don'?t|dont|do not|never|without|doesn'?t|doesnt|does not|won'?t|wont|will not|not)\s+(?:\w+\s+){0,2}?"
    r"(?:touch\w*|affect\w*|cancel\w*|chang\w*|modif\w*|mess\w* with|do anything (?:to|with))|\b(?:leave|leaving|keep|keeping))"
    r"\s+(?P<what>(?:my|the|order)\s+[^,.;!?]{0,40})|"
    r"\b(?P<other>(?:my|the)\s+other\s+(?:\w+\s+)?(?:orders?|ones?))\s+(?:\w+\s+){0,2}?(?:untouched|unaffected|alone|"
    r"intact|safe|as (?:it )?is|the same|unchanged|stays?|remains?)\b", re.I)
_NOT_THAT_ORDER = re.compile(r"\bnot (?:that|this|the right) (?:order|one)\b|\bwrong (?:order|one)\b|"
                             r"\b(?:the|my) other (?:pending |delivered )?(?:one|order)\b", re.I)
# at a proposal with another request queued behind it, that other request chosen instead of (or before) the one
# proposed: "no, hold off on that one, just do the other", "just the second thing please", "do the other one first",
# "yes to the other request" (``_other_part_chosen``)
_OTHER_PART = re.compile(r"\b(?:the|that)\s+other\s+(?:one|thing|request|part|change|item|task|bit|action|bit)s?\b|"
                         r"\b(?:the\s+)?(?:second|2nd|next|remaining|latter)\s+(?:one|thing|request|part|change|task|bit|"
                         r"action)s?\b|\bthe\s+latter\b|\b(?:do|with|to)\s+the\s+other\b|\bthe\s+rest\b", re.I)
# the words that make it a choice, not an addition ("yes, and the other one too" is no choice)
_PART_CUE = re.compile(r"\b(?:no|nope|nah|not|don'?t|skip|leave|hold|wait|only|just|instead|rather|drop|forget|never ?mind|"
                       r"keep|first|start|prefer|yes\s+(?:to|for)\s+the)\b", re.I)
# the other request to be done before the one proposed, which comes after it ("do the other one first")
_PART_FIRST = re.compile(r"\b(?:first|start\s+with|begin\s+with|before\s+(?:that|this|it)|beforehand)\b", re.I)
# a request's kind said in words ("only the item change please, leave the address")
_PART_KIND_WORDS = {"address": r"address|shipping|ship", "cancel": r"cancel\w*", "return": r"return\w*|refund\w*",
                    "payment": r"payment|pay\b|card|paypal|gift ?card", "modify": r"items?|swap\w*|options?",
                    "exchange": r"exchang\w*|swap\w*"}
# the customer going to look at their other orders: "let me check my other order first", "I'll look through my other
# orders" (a pause, not "the other order" meant for the request)
_CHECKING_ORDERS = re.compile(r"\b(?:let me|lemme|i'?ll|i will|i need to|i have to|i want to|i'?d like to|gotta|got to|"
                              r"need to|have to|want to)\s+(?:quickly\s+|just\s+|first\s+)?(?:check|look(?:\s+(?:at|over|"
                              r"through|into))?|see|review|go\s+(?:through|over)|double[- ]check)\s+(?:on\s+)?(?:my|the)\s+"
                              r"other\s+(?:pending\s+|delivered\s+)?orders?\b", re.I)
# the request a write tool carries out, as the intents name it
_TOOL_KIND = {"cancel_pending_order": "cancel", "modify_pending_order_address": "address", "modify_user_address": "address",
              "modify_pending_order_payment": "payment", "return_delivered_order_items": "return",
              "modify_pending_order_items": "modify", "exchange_delivered_order_items": "exchange"}
# a correction said without "wrong": "it should be 43216", "I meant Austin", "the zip is actually 43216"
_FIX_SAID = re.compile(r"\b(?:should (?:be|have been|say)|meant|supposed to be|actually|correct(?:ion)?\b|oops|sorry|"
                       r"my (?:bad|mistake)|not \d+)", re.I)
# one option put in place of another of the proposal: "make it leather instead of 10" (the material instead of the
# size: the size stays as it is), read by ``_instead_of_value``
_INSTEAD_VALUE = re.compile(r"\b(?P<x>[\w.-]+)\s+(?:instead of|rather than|in place of)\s+(?:the\s+)?(?P<y>[\w.-]+(?:\s+[\w.-]+)?)",
                            re.I)
_WRONG = re.compile(r"\b(?:wrong|incorrect|not right|isn'?t right|typo|misspel\w*|mistyped|spelled)\b", re.I)
# a message under a proposal that means to change something in it
_CHANGE_WORDS = re.compile(r"\b(?:should|meant|mean|instead|rather|not|change|different|other|wrong|typo|fix|use|"
                           r"actually|sorry|oops|whoops|mistake|misspel\w*|mistyped|typed|wrote|put|correct\w*|"
                           r"switch|swap|update)\b|\d|->", re.I)
# not sure yet: "hmm not sure", "i don't know"
# a yes said as a question ("sure why not?", "yes?", "ok I guess?"): neither a yes nor a no
_YES_ASKED = re.compile(r"^\W*(?:(?:sure|yes|yeah|yep|yup|ok(?:ay)?|fine|alright|all right|go ahead|why not|i guess|"
                        r"i suppose|do it|then|so)\W*)+\?\W*$", re.I)
# a "no" that backs what is proposed: "nope, that's right", "no, I said I don't need it, that's the reason. go ahead"
# (a no to the question of a wrong detail, not to the request; not "no, that's not right", "no that's right, keep it")
_NO_BUT_RIGHT = re.compile(r"^\W*(?:no+|nope|nah)\b.*\b(?:that'?s|that is|thats|it'?s|its|it is)\s+(?:(?:all|exactly|"
                           r"just)\s+)?(?:right|correct|the reason|what i said)\b(?!\s+(?:not|isn))|"
                           # "nope, looks good to me", "nah all correct", "nope, all good": the whole message (so not
                           # "no, all good, I changed my mind"); asked again, as it is no clear yes (before: declined)
                           r"^\W*(?:no+|nope|nah)\W+(?:(?:it|that|this|everything|all)(?:\s+is|'?s)?\s+)?(?:all\s+)?"
                           r"(?:looks?|seems?|is|all)\s+(?:good|correct|right)(?:\s+to\s+me)?\W*$", re.I | re.S)
# (not "fine": "nope, thats fine" / "no that's fine, thanks" is a polite no, test_addresses_two_part_signin)
_HESITANT = re.compile(r"\b(?:not sure|unsure|not certain|don'?t know|dunno|idk|let me see)\b", re.I)
# a pause, not a no: "wait", "hold on a sec"
_PAUSE = re.compile(r"^\W*(?:wait|hold on|hang on|one (?:sec|second|moment|minute)|just a (?:sec|second|moment|minute))"
                    r"(?:\W+(?:a )?(?:sec|second|moment|minute|please|pls))*\W*$", re.I)
# a hold-off that keeps the request in hand open: "not yet, let me check something first", "not yet - hold on", "nope not
# yet", "hold on, let me check something", "not just yet, gimme a sec" (not "not yet delivered", a status said; not "not
# yet, forget it", a no; not "not yet, thanks", a put-off that leaves)
_HOLD_OPENER = re.compile(r"^\W*(?:(?:no+|nope|nah|um+|uh+|oh|hmm+|erm|ok(?:ay)?|well|sorry|ah|wait)\W+)*"
                          r"(?:not\s+(?:just\s+|quite\s+)?yet|not\s+so\s+fast|hold\s+(?:on|up)|hang\s+on|wait(?:\s+up)?|"
                          r"(?:one|a|1)\s+(?:sec|second|moment|minute|min)|just\s+a\s+(?:sec|second|moment|minute|min)|"
                          r"(?:give|gimme)\s+(?:me\s+)?(?:a|one)\s+(?:sec|second|moment|minute|min|bit)|bear\s+with\s+me)\b"
                          r"(?!\s+(?:delivered|shipped|arrived|received|sent|processed|cancel\w*|returned|refunded|to|for|"
                          r"until|on\s+to|onto)\b)(?P<rest>.*)$", re.I | re.S)
# what may follow the hold-off: more waiting, or the customer going to check something
_HOLD_REST = re.compile(r"^(?:\W|\b(?:a|an|the|sec|secs|second|moment|minute|min|bit|please|pls|plz|yet|not|just|hold|on|"
                        r"up|hang|wait|one|first|for|now|ok(?:ay)?|so|i|me|gimme|give|still|quite|real|quick(?:ly)?|lol|"
                        r"pls|bear|with)\b)*(?:(?:let\s+me|lemme|i\s+(?:need|have|want|gotta|got)\s+to|i'?ll|i\s+will|"
                        r"need\s+to|have\s+to|gotta|got\s+to|i\s+(?:just\s+)?(?:wanna|want\s+to))\s+(?:\w+\s+){0,2}?"
                        r"(?:check|look|think|see|find|ask|confirm|verify|get|grab|double[- ]check|talk|speak|call|text|"
                        r"consult|figure|make\s+sure|read|review|decide|sort|go\s+over)\b.*|(?:i\s+)?(?:haven'?t|have\s+not|not)\s+"
                        r"(?:decided|made\s+up\s+my\s+mind)(?:\s+yet)?\W*|(?:i'?m\s+)?still\s+(?:deciding|thinking)\W*)?$", re.I | re.S)
_HOLD_NOT = re.compile(r"\b(?:don'?t|do\s+not|dont|never\s*mind|forget|scratch|no\s+longer|changed?\s+my\s+mind|instead|"
                       r"stop|rather|actually|thanks?|thank\s+you|thx|cheers|bye|goodbye|yes|yeah|yep|go\s+ahead|proceed|"
                       r"cancel\w*|return\w*|exchang\w*|change|swap|keep)\b|\?|#?W\d{5,}", re.I)


def _holds_on(text: str) -> bool:
    """A message that only asks the clerk to wait while the request in hand stays open ("not yet - hold on")."""
    m = _HOLD_OPENER.match(text)
    return bool(m and _HOLD_REST.match(m.group("rest")) and not _HOLD_NOT.search(text))


# a cancellation asked to be taken back: "undo the cancellation", "can you reverse that cancel", "uncancel it", "un cancel
# #W1", "cancel the cancellation", "revert the cancel on #W1" (said at any point after it)
_UNCANCEL_ASK = re.compile(r"\bun[- ]?cancel\w*\b|\b(?:undo|reverse|revert|retract|withdraw|take\s+back|cancel|void|"
                           r"roll\s+back|rollback|back\s+out)\s+(?:of\s+)?(?:(?:the|my|that|this|your|its|their|order'?s?)\s+)?"
                           r"(?:#?W\d{7}'?s?\s+)?(?:order\s+)?cancel(?:l?ation|l?ing|l?ed)?\b|"
                           r"\bcancel(?:l?ation)?\b[^.?!]{0,25}\b(?:undone|reversed|reverted|taken\s+back|rolled\s+back)\b",
                           re.I)
# a cancelled order asked to come back: "can you reactivate it?", "restore order #W1", "reinstate my order" (only of an
# order that is cancelled)
_REVIVE_ORDER = re.compile(r"\b(?:re-?activate|reinstate|restore|revive|re-?open|resurrect|re-?instate|re-?place\s+the\s+"
                           r"(?:same\s+)?order|re-?order)\w*\b", re.I)


# a cancellation that hangs on the order's status, or a status asked beside it: "has order #W1 shipped yet? if not cancel
# it", "is #W1 still pending? if so please cancel it", "cancel #W1 unless it already shipped", "if it hasn't shipped,
# cancel it" (the status answered before the cancel is proposed, or why not)
_STATUS_WORD_ASKED = r"(?:shipped|ship|sent|gone\s+out|went\s+out|left|pending|processed|delivered|arrived|dispatched|on\s+(?:its|the)\s+way)"
_CANCEL_IF_STATUS = re.compile(r"\b(?:if|unless|as\s+long\s+as|provided)\b[^.?!]{0,40}\b" + _STATUS_WORD_ASKED + r"\b|"
                               r"\b(?:has|have|did|is|was|are)(?:n'?t)?\b[^.?!]{0,40}\b" + _STATUS_WORD_ASKED + r"\b[^.?!]*\?|"
                               r"\?\s*(?:and\s+|but\s+|ok\s+)?(?:if\s+(?:not|so|it\s+(?:is|isn'?t|hasn'?t|didn'?t|has|did))|"
                               r"otherwise)\b", re.I)


# a follow-up question about "it", the order or item just discussed: "how much was it?", "what colour was it again?", "what
# size is it", "whats the total on it", "when will it arrive?", "is it refunded yet?" (asked, nothing to do)
_IT_WORD = r"(?:it|that one|this one|that order|this order|(?:that|this)(?=\W*(?:again|now|btw|please|pls)?\W*$))"
_IT_FACT_Q = re.compile(r"^\W*(?:(?:so|and|ok(?:ay)?|sorry|wait|oh|hmm+|um+|uh+|btw|also|quick question|just|actually|hey|"
                        r"thanks?|thank you|great|cool|sorry,? but|one more thing)\W+)*"
                        r"(?:(?:can|could) you\s+)?(?:(?:remind|tell) me\s+|(?:i\s+)?forgot\s+)?"
                        r"(?:what|how|which|when|is|was|were|are|did|has|have|whats|what's|hows|how's|wht|wat|hw)\b"
                        r"(?=[^.!?]*\b" + _IT_WORD + r"\b)[^.!?]{0,60}\W*(?:again|now|btw|please|pls)?\W*$", re.I)
_FACT_PRICE = re.compile(r"\b(?:how\s+much|price|priced|cost|costs|total|paid|pay|charged?|amount)\b", re.I)
_FACT_OPTION = re.compile(r"\b(?:colou?rs?|size|sizes|model|version|material|capacity|storage|style|type|kind|options?|"
                          r"variant|specs?|configuration|shade)\b", re.I)
_FACT_REFUND = re.compile(r"\b(?:refund\w*|money\s+back|credited|reimbursed)\b", re.I)
_FACT_DELIVERY = re.compile(r"\b(?:arriv\w*|deliver\w*|get\s+here|come|coming|ship\w*|status|track\w*|where)\b", re.I)
_FACT_ACT = re.compile(r"\b(?:change|swap|switch|exchange|return|cancel\w*|send\s+back|make\s+it|can\s+i|could\s+i|"
                       # (not a question about orders told otherwise: "what did I order last time and when will it
                       # arrive?", "is there anything that hasn't been delivered yet?")
                       r"orders?|anything|everything|something|last|latest|recent|pending|delivered|processed|my|"
                       r"(?:can|could)\s+you\s+(?!remind|tell)|should|would|will\s+you|do\s+you\s+(?:have|sell|carry)|"
                       r"available|other|instead|cheaper)\b", re.I)


# right after a write, the customer saying it was the wrong order: "ugh wait that was the wrong one", "oh no, wrong
# order!", "that's not the one I meant"
_WRONG_DONE = re.compile(r"\bwrong\s+(?:one|order)\b|\bmix(?:ed)?\s+(?:them|it|those|the (?:two|orders))\s+up\b|"
                         r"\bgot\s+(?:them|the (?:two|orders))\s+mixed\s+up\b|\b(?:should(?:'ve| have|a| of|'a)\s+been|"
                         r"(?:supposed|meant)\s+to\s+(?:be|go\s+(?:to|on|for)))\s+(?:(?:for|on|to)\s+)?(?:#?W\d{7}|"
                         r"the\s+\w+(?:\s+\w+)?(?:\s+(?:one|order))?)\b|"
                         # "I meant the keyboard" right after the mouse's return (not "I meant to ask ...")
                         r"\bi\s+meant\s+(?:the|my)\s+\w+|\b(?:not|wasn'?t|isn'?t)\s+the\s+(?:one|order)\s+(?:i|we)\s+"
                         r"(?:meant|wanted|mean|want)\b|\bi\s+meant\s+(?:the\s+|an?\s*)?(?:other|different)\s+(?:one|order)\b|"
                         r"\bnot\s+(?:that|this)\s+(?:one|order)\b",
                         re.I)
# the order kept, said at its cancel: "I just said keep it", "I'll keep it", "keep the order" (not "keep it on my card")
_KEEP_IT = re.compile(r"\bkeep(?:ing)?\s+(?:it|them|the order|my order|that order|this order)\b(?!\s+(?:on|to|with|at|in|as)\b)",
                      re.I)
_PLEASE = re.compile(r"\b(?:please|pls|plz)\b", re.I)
# the customer about to add a request: "oh wait, there's one more thing", "one more question"
_ONE_MORE = re.compile(r"^\W*(?:(?:oh|ah|um+|uh+|and|also|ok(?:ay)?|so|wait|hold on|hang on|sorry|actually)\W+)*"
                       r"(?:(?:there'?s|there is|i have|i'?ve got|i got)\s+)?(?:just\s+)?(?:one|1|another)\s+"
                       r"(?:more|other|last)?\s*(?:thing|question|request)\W*$", re.I)
# a card said to be gone ("closed" is how the reading writes a card cancelled or replaced)
_CARD_GONE = re.compile(r"\b(?:card|visa|master ?card|amex)\b[^.?!]{0,40}?\b(?:closed|compromised|stolen|lost|blocked|frozen|expired)\b", re.I)
# a no, then a yes: "no wait yes", "nope... actually yes", "hold on - ok yes"
# also a take-back taken back, the yes last: "no wait forget it. actually yes do it", "never mind... on second thought, go
# ahead" (not "yes do it. actually no, forget it": the no is last)
_NO_THEN_YES = re.compile(r"^\W*(?:(?:no+|nope|nah|wait|hold on|hang on|hmm+|um+|oh|sorry)\W+)*"
                          r"(?:(?:no+|nope|nah|wait|hold on|hang on|hmm+|um+)|(?:(?:scratch|forget|cancel) (?:that|it)|never ?mind"
                          r"(?: that)?|don'?t(?: do it)?))\W+"
                          r"(?:(?:no+|wait|sorry|actually|i mean|hold on|hang on|hmm+|um+|oh|ok(?:ay)?|fine|on second thoughts?|"
                          r"after all)\W+)*(?:yes|yeah|yep|yup|sure|ok(?:ay)?|go ahead)(?:\W+(?:go ahead|do it|please|proceed|"
                          r"after all|(?:return|exchange|cancel|change) (?:it|them)))*\W*$", re.I)
# asked to be told something first: "not yet, first tell me the total", "hold on, show me what's in it"
_TELL_FIRST = re.compile(r"\b(?:tell|show|give|remind) me\b|\blet me (?:know|see)\b|\bi (?:want|need|would like|'?d like) "
                         r"to (?:know|see)\b", re.I)
# a question about the choices the clerk's question offers ("what are my options?", "what reasons are there?")
# "is there a cheaper black one?", "do you have anything less expensive in black?", "any cheaper options?"
_CHEAPER_Q = re.compile(r"\b(?:is there|are there|do you have|have you got|got|any|anything|something|what about)\b[^.?!]{0,30}?"
                        r"\b(?:cheaper|less expensive|lower[- ]priced|more affordable)\b", re.I)
_ASKS_CHOICES = re.compile(r"\b(?:what|which)\b[^.?!]{0,30}\b(?:options?|choices?|reasons?|sizes?|colou?rs?|kinds?|"
                           r"ones?|methods?)\b|\bwhat (?:can|should|do) i (?:say|pick|choose|put|answer)\b|"
                           r"\bwhat do you mean\b|\bwhat does that mean\b|\bmeaning\?|\blike what\b", re.I)
# a no taken back: "actually yes", "on second thought, go ahead"
_REVIVE = re.compile(r"\b(?:actually|after all|on second thought|second thoughts|changed my mind|go ahead|do it|proceed|"
                     r"please do|let'?s do it)\b", re.I)
# "oops I meant yes", "sorry, I meant to say yes" just after a no: the no taken back
# a no that takes back the customer's own detour and names the proposal's method: "no wait, card is fine", "actually,
# no, put it back on the card, sorry for the back and forth"
_NO_THEN_METHOD = re.compile(r"^\W*(?:(?:no+|nope|nah|wait|sorry|actually|oh|hmm+|um+|i mean)\W+)+(?:(?:put|keep|leave|send)\s+"
                             r"(?:it|the refund|that|the money)\s+(?:back\s+)?(?:on|to|with)\s+)?(?:the\s+|my\s+)?"
                             r"(?P<m>card|credit card|visa|master ?card|amex|pay ?pal|original(?: card| method)?)"
                             r"(?:\s+(?:is|'s|sounds|works)\s+(?:fine|good|ok(?:ay)?|great|perfect)|\s+(?:then|please|pls))?"
                             r"(?:\W+(?:sorry|thanks|my bad)\b[^?]*)?\W*$", re.I)
_METHOD_IN_PROPOSAL = {"card": r"\b(?:visa|mastercard|amex|discover|credit card)\b", "cred": r"\b(?:visa|mastercard|amex|"
                       r"discover|credit card)\b", "visa": r"\bvisa\b", "mast": r"\bmastercard\b", "amex": r"\bamex\b",
                       "payp": r"\bpaypal\b", "orig": r"\brefund\b"}
_MEANT_YES = re.compile(r"\b(?:meant|wanted) (?:to (?:say|type|write) )?(?:a )?(?:yes|yeah|yep|yup)\b", re.I)
# the order talked about just before: "cancel it", "can you return that one"
# a question that is not about the order just talked about: "what about my other orders?", "list all my orders"
_ANOTHER_ORDER = re.compile(r"\b(?:orders|other|another|all|every|each|both|else)\b", re.I)
# the address just given, pointed to: "to that", "to that address", "to the one I just gave you", "that address instead"
_TO_THAT_ADDRESS = re.compile(r"\b(?:to|as|with|use)\s+(?:that|this)(?:\s+(?:one|address|new address|same address))?"
                              r"(?!\s+(?:order|item|card|one of|of|[a-z]+ order))\b|\bthat (?:new )?address\b|"
                              r"\bthe (?:address|one) i (?:just )?(?:gave|said|sent|typed|mentioned|wrote)\b", re.I)
# the orders left of those asked about, said alone: "and the rest?", "what about the others?", "the other ones too"
_THE_REST = re.compile(r"^\W*(?:(?:and|so|ok(?:ay)?|but|also|then|hmm+|um+)\W+)*(?:(?:what|how)\s+about\s+|and\s+)?"
                       r"(?:all\s+)?(?:the|my)?\s*(?:rest|others|other ones|other orders|remaining(?:\s+(?:ones|orders))?)"
                       r"(?:\s+of\s+(?:them|my orders|the orders))?(?:\s+(?:too|as well|also|please|pls))*\W*$", re.I)
_OTHER_ORDERS = re.compile(r"\b(?:other|rest of (?:my|the)|remaining) orders?\b", re.I)
# the order just talked about, named as such beside an item ("also change the headphones in the same order")
# a message that goes on from the last request: "and could the payment ...", "also the address", "now the payment"
# ("ok paypal then", "fine, then paypal like i said": after a detour, the first choice again)
_GOES_ON = re.compile(r"^\W*(?:(?:ok(?:ay)?|great|thanks|cool|perfect|good)\W+)?(?:and|also|plus|then|next|now|and also)\b|"
                      r"^[^.?!]{0,25}\bthen\b", re.I)
_THAT_ORDER = re.compile(r"\b(?:that|this|the same|same) order\b|\bin (?:that|this|the same) one\b", re.I)
# an order named by its place among the account's orders ("what's in my second order?")
_ORDINAL_ORDER = re.compile(r"\b(?:my|the)\s+(first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th)\s+order\b", re.I)
_PRONOUN = re.compile(r"\b(?:it|that one|this one|that order|this order|the order|same order|that|this|them|"
                      r"(?:the|that|this) (?:whole|entire|complete) (?:order|thing))\b", re.I)
# an item the customer is unhappy with
_TROUBLE = re.compile(r"\b(?:broken|broke|damaged|defective|faulty|cracked|doesn'?t work|does not work|not working|stopped "
                      r"working|won'?t (?:turn on|work|charge)|dead|scratched|dented|wrong (?:size|colou?r|item)|too "
                      r"(?:small|big|large|tight|loose)|doesn'?t fit|don'?t like|hate|unhappy|disappointed)\b", re.I)
# an item that came: "the boots I got", "the camera i received", "what arrived"
_RECEIVED = re.compile(r"\b(?:i|we) (?:got|received|have received|just got)\b|\b(?:arrived|came|delivered|showed up)\b|"
                       r"\bgot (?:my|the|our)\b", re.I)
# an order named without a number: "in my order", "that order"
_MY_ORDER = re.compile(r"\b(?:my|the|this|that) order\b", re.I)
# the item given up: "never mind the tablet", "forget about the charger", "skip the lamp"
_DROP_ITEM = re.compile(r"\b(?:never\s*mind|nevermind|forget(?:\s+about)?|skip|scratch|drop|leave)\s+(?:about\s+)?"
                        r"(?:the|my|that|this)\s+[\w-]+(?:\s+[\w-]+)?", re.I)
# an answer to "which ... do you mean?" that also asks for a change: "the 16GB one, but make it 32GB"
_ASKS_CHANGE = re.compile(r"\b(?:to|into|instead|rather|but|want|wanted|need|prefer|make|change|swap|switch)\b|\b(?:i|we)'d like\b",
                          re.I)
# asking for another option of it: "i need size 8", "i want the 30MP one", "should be black"
_WANT_OPTION = re.compile(r"\b(?:i|we) (?:need|want|wanted|ordered|asked for|meant|would like)\b|\b(?:i|we)'d like\b|"
                          r"\bshould (?:be|have been)\b|\binstead\b|\bplease\b|\bpl[sz]\b|\bsame everything else\b|"
                          r"\b(?:can|could|may) (?:i|we) (?:get|have)\b|"
                          r"\btoo (?:small|big|large|short|long|tight|loose|narrow|wide)\b", re.I)
# a question about the order in hand ("which items are in it again?", "how much was it?")
_ASKS_ORDER = re.compile(r"\b(?:items?|in it|in there|in that|in the order|contain\w*|total|cost|price|how much|paid|pay|"
                         r"charged|status|shipped|address|card|payment)\b", re.I)
# a question about the account's payment methods
_METHODS_Q = re.compile(r"\b(?:payment (?:methods?|options?)|ways? to pay|cards? (?:on file|do i have|are on)|"
                        r"(?:gift ?card )?balance|what cards?|which cards? (?:do|are))\b", re.I)
# the balance of a gift card asked for: "balance of gift card pls", "how much is left on my giftcard", "how much is on
# my gift card now?",
# "do i have any store credit left?" (not "pay the balance with my gift card")
_BALANCE_Q = re.compile(r"(?<!pay )(?<!pay the )\bbalance\b(?=[^.!?]*\b(?:gift ?cards?|store credit)\b)|"
                        r"\b(?:gift ?cards?|store credit)\b[^.!?]*\bbalance\b|"
                        r"\b(?:left|remaining)\s+(?:on|in)\s+(?:my|the)\s+(?:gift ?cards?)\b|"
                        r"\bhow much (?:money )?(?:is|do i have|have i got) (?:left )?(?:on|in)\s+(?:my|the)\s+gift ?cards?\b|"
                        r"\bstore credit\b[^.!?]*\b(?:left|remaining|have)\b|\b(?:have|got)\b[^.!?]*\bstore credit\b", re.I)
# an order named by its state in a question: "the cancelled one", "my delivered orders"
_STATUS_REF = re.compile(r"\b(?:the|my|our)\s+(?:(?:two|three|2|3|both)\s+)?(cancell?ed|pending|delivered|processed|unshipped|open)\s+"
                         r"(?:orders?|ones?)\b",
                         re.I)
_ITEM_WORDS = re.compile(r"\b(?:items?|options?|sizes?|colou?rs?|variants?|versions?|models?|products?)\b", re.I)
_STATUS_WORD = {"canceled": "cancelled", "unshipped": PENDING, "open": PENDING}
# a question about where an order is rather than what to do about it
_WHERE_Q = re.compile(r"\b(?:shipped|ship(?:ping)? status|arrived?|delivered|where is|where'?s|wheres|status|track\w*|"
                      r"on (?:its|the) way)\b", re.I)
_FACT_START = re.compile(r"^\W*(?:(?:wait|hold on|sorry|oh|so|and|um+|hmm+|actually|ok(?:ay)?)\W+)*(?:what|which|how much|"
                         r"how many|where)\b", re.I)
_ORDER_REF = re.compile(r"\b(?:it|that|this|the order|that order|this order|in it|my order)\b", re.I)
_OTHER_ORDER = re.compile(r"\b(?:the|my)\s+other\s+order\b", re.I)
_IN_OTHER_ORDER = re.compile(r"\b(?:in|from|on|of)\s+(?:the|my)\s+other\s+order\b", re.I)  # an item of it named
# after an order's address was written: asked to read it back, to send another order to the same place, or about
# the customer's other pending order ("and the other pending order too")
_READ_BACK = re.compile(r"\b(?:confirm|read (?:it |that )?back|repeat|double.?check|what(?:'s| is| was)|where (?:is|will))\b"
                        r"[^.!?]{0,40}\b(?:new |updated )?address\b|\bwhere (?:is|will) (?:it|that|the order) (?:ship|go)", re.I)
_SAME_PLACE = re.compile(r"\b(?:there|same (?:address|place)|that address|the new address|to it)\b|\bI meant\b|"
                         r"\bwrong order\b|\binstead\b|\bshould(?:'ve| have|a| of|'a)\s+been\b|\b(?:supposed|meant)\s+to\s+(?:be|go)\b|"
                         r"\bnot (?:that|this) (?:one|order)\b", re.I)
# the action just done, asked again for another order or item: "ditto for the other one", "same for the keyboard", "do
# the same with the luggage order", "likewise for #W2", "same again for my other order", "repeat that for the other one"
_SAME_AGAIN = re.compile(r"\b(?:ditto|likewise|similarly)\b|\b(?:the\s+)?same\s+(?:thing\s+|again\s+|deal\s+|story\s+|goes\s+|"
                         r"applies\s+)?(?:for|with|on|to)\b|\bsame\s+again\b|\b(?:do|repeat)\s+(?:(?:exactly\s+)?the\s+"
                         r"same|that|it)(?:\s+(?:again|too))?\s+(?:for|with|on|to)\b", re.I)
_OTHER_ONE_TOO = re.compile(r"\b(?:the|my)\s+other\s+one\b(?=.*\b(?:too|also|as well)\b)|\b(?:also|ditto|likewise|same\s+"
                            r"(?:thing\s+)?(?:for|with|on|to))\b.*\b(?:the|my)\s+other\s+one\b", re.I)
_DEFAULT_SAID = "The default address on your account is"  # how ``_answer`` reads the default address back
_OTHER_PENDING = re.compile(r"\b(?:the |my )?other (?:pending |open )?(?:order|one)\b", re.I)
# an order said to be someone else's
_SOMEONE_ELSE = re.compile(rf"\b(?:my|our) {KIN}(?:'s|s)?\b|\b(?:his|her|their)\s+(?:order|account)\b|\b[A-Z][a-z]+'s order\b")
# a question about what the proposal costs or pays back, and where the proposal says it
# (also where the money goes: "will this charge my paypal or refund it?", "which card does the difference go on?")
_PRICE_Q = re.compile(r"\b(?:how much (?:more|extra|less)|how much (?:will|do|would|did|am|can) (?:i|we) (?:get|be|receive)|"
                      r"(?:get|getting) back|(?:money|refund) (?:will )?go(?:es)?\b|price|cost|costs|difference|more expensive|cheaper|pricier|"
                      r"charge[ds]?|(?:get|be) refunded|refund (?:it|me|the)|(?:which|what) (?:card|account|method)|(?:new|order) total|total (?:be|come)|"
                      # "what will happen to my money?", "and my money?" (before: "Sorry, I can't help with that here")
                      r"happens? (?:to|with) (?:my|the|our) (?:money|payment)|^\W*(?:(?:and|so|but|what about)\W+)+(?:my|the|our) money)\b",
                      re.I)
# a question about the money of an order in hand: "what happens to my money?", "where does the refund go?", "do I get my
# money back if I cancel?"
_MONEY_Q = re.compile(r"\b(?:my|the|our) (?:money|refund|payment)\b|\brefund(?:ed|s)?\b|\bmoney back\b", re.I)
_PROPOSAL_MONEY = re.compile(r"you (?:pay|get) \$[\d,]+(?:\.\d\d)? (?:more|back)(?: (?:with|to) your (?:[^.;]|\.\d)*)?|"
                             r"(?:the )?total of \$[\d,]+(?:\.\d\d)? will be refunded(?:[^.;]|\.\d)*|"
                             r"refund \$[\d,]+(?:\.\d\d)? to (?:[^.;]|\.\d)*", re.I)  # (not cut at "$49.00")
# whether the proposal pays anything back: "refund or not?", "do I actually get the money back or not", "is there any
# refund?" (its "refund" no return asked for)
_REFUND_WHETHER = re.compile(r"\brefund(?:ed)? or not\b|\b(?:get|getting|receive) (?:(?:the|my|a|any|actually|even)\s+){0,2}"
                             r"(?:money|refund)\b|\bis there (?:a|any) refund\b", re.I)
_ASKS_START = re.compile(r"^\W*(?:(?:so|and|but|ok(?:ay)?|wait)\W+)*(?:do|does|will|would|is|am|can|could)\b", re.I)
_COUNT = {2: "two", 3: "three", 4: "four"}
# a question about the sum of several refunds: "what's the total amount I would get back", "how much altogether"
_ALTOGETHER = re.compile(r"\b(?:total|in all|altogether|all together|combined|overall|all of (?:this|that|it))\b", re.I)
_REFUND_Q_WORDS = re.compile(r"\b(?:get back|getting back|refund\w*|money back|how much|amount)\b", re.I)
_COSTS_MORE = re.compile(r"\bcosts (\$[\d,]+(?:\.\d\d)?) more\b")  # the price difference said before a method is asked
_WHICH_ADDRESS = "Is this for your default address, or for the shipping address of an order?"
# the answer "an order's" to that question: "the shipping address of an order", "the order", "for an order"
# a question about the store's range, not the customer's orders: "how many t-shirt options do you have?", "what t-shirt
# options are available in your store?", "do you sell coats?", "what colours does the kettle come in?"
def _thing(k: int) -> str:
    return rf"(?P<thing{k}>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){{0,2}}?)"


_CATALOGUE_Q = re.compile(
    r"\bhow many\s+(?:different\s+|kinds?\s+of\s+|types?\s+of\s+|sorts?\s+of\s+)?" + _thing(1) +
    r"\s+(?:options?|kinds?|types?|variants?|versions?|models?|styles?|choices?|are (?:there|available|in stock)|"
    r"(?:do|does|can) (?:you|the store|your store|the shop|u) (?:have|sell|carry|stock|offer))\b|"
    r"\bhow many\s+(?:different\s+)?(?:options?|kinds?|types?|variants?|versions?|styles?) (?:of|for)\s+(?:the\s+)?" + _thing(2) + r"\b|"
    r"\b(?:what|which)\s+(?:different\s+|other\s+)?" + _thing(3) + r"\s+(?:options?|variants?|versions?|models?|styles?)\s+"
    r"(?:are|do|does|can|is)\b[^.?!]{0,40}\b(?:available|in stock|store|shop|sell|carry|have|offer)\b|"
    r"(?:^|[.?!,;]\s*|\b(?:and|so|also|hi|hey|hello|btw|but)\s+)do (?:you|u|y'?all|you guys) (?:sell|have|carry|stock|offer)\s+"
    r"(?:any\s+|a\s+|an\s+)?(?!(?:the|my|your|our|his|her|their|it|that|this|for|me|to|anything|something)\b)" + _thing(4) + r"(?=\s*(?:[?.!,]|$|\bat all\b|"
    r"\bin\b|\bright now\b|\bthat\b|\bwith\b))|"
    r"\b(?:what|which)\s+(?:colou?rs?|sizes?|options?|versions?|materials?|styles?|variants?)\s+(?:does|do|can)\s+(?:the\s+|a\s+|an\s+|"
    r"your\s+)?" + _thing(5) + r"\s+come in\b", re.I)
# words that make it about the customer's own order: "which t-shirts did I order", "what colour is my kettle"
_OWN_ORDER_Q = re.compile(r"\b(?:i|we)\s+(?:ordered|bought|got|received|have)\b|\b(?:did|do) (?:i|we) (?:order|buy|get|have)\b|"
                          r"\bmy\s+(?:order|orders|purchase)\b|\bin (?:my|the) order\b", re.I)
_ASKED_KEY = {"colou?rs?": "color", "sizes?": "size", "materials?": "material", "styles?": "style"}
# "what are my options then?", "so what can I do instead?" after a refusal
_OPTIONS_Q = re.compile(r"^\W*(?:(?:oh|ok(?:ay)?|so|hmm+|i see|well|then|and|alright|all right|ugh|um+|in that case)\W+)*"
                        r"(?:what (?:are|r) (?:my|the|our) (?:options|alternatives|choices)|what (?:other )?options do (?:i|we) "
                        r"have|what (?:else )?(?:can|could) (?:i|we|you) do(?: instead| then| about (?:it|that))?|what now)\b"
                        r"[^.?!]*[?.!]?\W*$", re.I)
# an address put back: "change it back to the original address", "put my account address back to what it was",
# "revert my default address", "undo the change to my account address"
_BACK_TO_OLD = re.compile(r"\b(?:back|revert\w*|restor\w*|undo|roll\w*\s+back)\b[^.?!]{0,40}?\b(?:original|old|previous|"
                          r"prior|former|earlier|what it (?:was|used to be)|how it was|the way it was|before)\b|"
                          r"\b(?:revert\w*|undo|restor\w*|roll\w*\s+back)\b[^.?!]{0,40}?\baddress\b|"
                          r"\baddress\b[^.?!]{0,25}?\bback\s+to\b", re.I)
# "... keep the order one", "leave the order as it is": the order's address stays
_KEEP_ORDER = re.compile(r"\b(?:keep|leave|not|don'?t (?:touch|change))\s+(?:the\s+|my\s+)?(?:\w+\s+)?orders?(?:'s)?"
                         r"(?:\s+(?:one|address|as it is))?\b", re.I)
_AN_ORDERS = re.compile(r"\b(?:an|the|my|one|that|this)\s+(?:\w+\s+)?order(?:'s)?\b|\border'?s\s+(?:shipping\s+)?address\b",
                        re.I)
_BOTH = re.compile(r"\W*(?:(?:ok|yes|yeah|um+|hmm+|actually|oh|so|well|then|make it|i guess|i think)\W+)*(?:both|both of them|the both|both please|both pls|everywhere|all of it|"
                   r"all of them|both places|each|the two of them)\W*(?:please|pls|thanks|thx)?\W*", re.I)
# an order told apart by its state: "the one I already got" (delivered), "the one that hasn't shipped" (pending)
_STATE_SAID = re.compile(r"\b(delivered|received|already (?:got|have)|arrived|came)\b|\b(?:pending|unshipped|on (?:its|the) way|"
                         r"still coming|(?:not|hasn'?t|haven'?t|has not|have not|didn'?t) (?:yet )?(?:shipped|arrived|come))\b",
                         re.I)
# narrowing a proposal of several items: "leave out the boots", "drop the boots from that", "not the boots"
_LEAVE_OUT = re.compile(r"\b(?:leave|take|keep|cross|strike)\s+(?:out|off)\s+(?:(?:the|my|those|these)\s+)?$|"
                        r"\b(?:drop|remove|skip|exclude|forget(?:\s+about)?|scratch|minus|without|nix|never\s*mind|pass\s+on|"
                        r"hold(?:\s+off)?(?:\s+on)?)\s+"  # ("but hold the skateboard part")
                        r"(?:(?:the|my|those|these)\s+)?$|"
                        r"\bno\s+(?:to|for|on)\s+(?:(?:the|my|those|these)\s+)?$")  # "yes to the speaker, no to the grill"
# ... said after the item: "the boots can stay", "boots no", "the boots stay with me", "boots out"
_STAYS = re.compile(r"^\s*(?:can|will|should|could|may)?\s*(?:stay|remain)s?\b(?!\s+(?!(?:with|as|home|here|there|put|"
                    r"unchanged|and|but|then|please|pls|thanks?|too|also)\b)[a-z0-9])|^\s*[:,-]?\s*(?:no|nope|out|not)\b"
                    r"(?!\s+(?:the|my|that|this|those|these|a|an|for|to|on|other|more|further|worries|problems?|probs?|objections?|"
                    r"complaints?|issues?|concerns?)\b)"  # ("thermostat no worries", "keyboard: no complaints": its yes)
                    # ("the kettle, not the helmet", "yes for the watch, no for the t-shirt": the next item's no; "size 9
                    # for the boots - no other changes": the proposal's note answered, the boots kept)
                    r"|^\s*(?:i'?ll|we'?ll)\s+keep\b"
                    # "the dumbbells - no worries, leave them", "the luggage no worries if it can't be done, skip it": the
                    # "no worries" lets this item go, a no to it (a bare "no worries" stays its yes)
                    r"|^\s*[:,-]?\s*(?:no|nope)\s+(?:worries|problem|probs?|biggie)\b[^.;!?]{0,40}?\b(?:leave|skip|drop|"
                    r"forget(?:\s+about)?|scrap|never ?mind|keep)\s+(?:it|them|that|those)\b(?!\s+(?:to|as|in|at)\s+\d)"
                    # "dumbbells, just drop them": a no to that item
                    r"|^\s*[:,-]?\s*(?:(?:just|please|pls)\s+)?(?:skip|drop|forget(?:\s+about)?|scrap|nix)\s+(?:it|them|that|those)\b"
                    r"(?!\s+(?:to|as|in|at)\s+\d)", re.I)
# ... or kept as it is: "actually leave the helmet, just do the camera", "I'll keep the helmet", "changed my mind about
# the helmet", "don't change the helmet" (the item then ends its clause: not "keep the kettle white")
_AS_IS_BEFORE = re.compile(r"\b(?:leave|keep|changed? my mind (?:about|on)|(?:don'?t|do not|no need to|let'?s not|i'?d rather not) (?:change|touch|"
                           r"modify|exchange|return|do))\s+(?:(?:the|my|that)\s+)?$")
_AS_IS_AFTER = re.compile(r"^(?:\s+(?:change|one|ones))?(?:\s+(?:as (?:it )?(?:is|was)|alone|unchanged|the same|out of (?:it|this)))?"
                          r"\s*(?:$|[,.;!]|\b(?:and|but|just|only|then|please|pls|thanks)\b)")
# an item named with what it should become: "make the keyboard clicky, no backlight", "the keyboard with a white backlight"
_SETS_OPTION = re.compile(r"\b(?:make|with|without|need|want|prefer|go with|set|stays?|be)\b", re.I)
# an item excepted from an approval of the rest: "all fine but the camera", "everything good except the camera"
_EXCEPT_BEFORE = re.compile(r"\s*\b(?:but|except(?: for)?|apart from|aside from|other than|besides)\s+(?:(?:the|my|that)\s+)?$")
# ... given another option after it: "should be silver", "I want it in silver", "make it 4K"
_SHOULD_BE = re.compile(r"\b(?:should|must|needs? to|has to|could|can)\s+be\b|\b(?:want|need|like|prefer)\s+(?:it|them|that|one)\b|"
                        r"\bmake\s+(?:it|them)\b")
# "the blue ones", "the 60% one": one or more of the items, by their options
_KEEP_ONE = re.compile(r"^\W*(?:(?:ok|okay|no|sorry|hmm+|actually|just|only)\W+)*(?:the|that|those)\s+[\w%.-]+(?:\s+[\w%.-]+)?"
                       r"\s+ones?\b(?:\s+(?:only|please|pls))?\W*$", re.I)
# "never mind the cancellation", "I don't want to cancel the whole order", "not sure I want to cancel anything"
_NO_CANCEL = re.compile(r"\b(?:never ?mind|forget(?: about)?|drop|scratch|skip|no)\s+(?:the\s+|my\s+|that\s+)?"
                        r"cancel(?:l?ation|l?ing|s)?\b|\b(?:don'?t|do not|not)\s+(?:\w+\s+){0,2}(?:want|need|wish)\s+"
                        r"(?:\w+\s+)?to\s+cancel\b", re.I)
# the other cancellation reason named in its own words, as a correction of the one proposed: "no, the reason is that I
# no longer need it", "no wait, forget the mistake bit - actually I just no longer need it" (not "no, I changed my mind",
# a no; not "no, I don't need it cancelled" / "keep it": the cancellation refused)
_REASON_FIX = re.compile(r"\b(?:no longer need(?:ed|s)?|(?:don'?t|do not) (?:really |even )?need (?:it|them)|not needed|"
                         r"(?:by|a) (?:mistake|accident)|accidental(?:ly)?)\b(?!\s+(?:cancel|to be cancel))", re.I)
_KEEP_NOT_CANCEL = re.compile(r"\b(?:don'?t|do not|not|never|won'?t|no longer)\s+(?:\w+\s+){0,3}cancel|\bkeep\b|"
                         r"\bleave (?:it|them|the order)\b", re.I)
# "cancel just that one item", "cancel only some of the items", "can i just cancel a few items?"
_PART_CANCEL = re.compile(r"\bcancel\w*\s+(?:(?:just|only|the|that|this|one|some|a|few|part|of|single)\s+){1,4}"
                          r"(?:items?|things?|products?|pieces?|parts?)\b|\b(?:not|don'?t)\s+(?:\w+\s+){0,3}cancel\s+"
                          r"(?:the\s+)?(?:whole|entire|everything|all)\b", re.I)
_CHEAPEST = re.compile(r"\b(?:cheapest|least expensive|lowest[- ]priced?|lowest price|most affordable|cheapest possible)\b",
                       re.I)
_LEAVING = re.compile(r"\b(?:got(?:ta| to) go|(?:have|need|must) to (?:run|go)|bye)\b", re.I)  # leaving, not done
# a proposal put off with thanks or a goodbye: "not now, thanks", "maybe another time, bye"
# words that answer a proposal rather than close the chat: "That sounds great, go ahead.", "That'd be great, thanks"
# (CLOSING reads "great" / "good" / "fine"; whether they are a yes is the consent reading's, asked again if not)
_ANSWERS_PROPOSAL = re.compile(r"\b(?:go ahead|proceed|do it|do that|go for it|please do|let'?s do|sounds (?:great|good|fine|"
                               r"perfect|right)|(?:that|it|this)(?:'d| would| will|'ll) (?:be|work) (?:great|perfect|good|"
                               r"fine|wonderful|lovely|ideal|best)?|(?:that|this|it)\s+(?:works|is (?:great|perfect|fine|good)))\b",
                               re.I)
_NOT_NOW = re.compile(r"\b(?:not (?:right )?now|not today|maybe later|(?:some )?other time|another time|some other day)\b", re.I)
# a message that opens with a yes ("yes if ...", "YES. and ..."), and a condition on where the money goes
_GO_ON = re.compile(r"\b(?:proceed|go ahead|go on with|carry on|do it|continue)\b", re.I)
_OPENS_YES = re.compile(r"^\W*(?:yes|yeah|yep|yup|ok(?:ay)?|sure|fine)\b", re.I)
# the money of a write sent somewhere: "put it on a gift card", "refund it to my paypal", "the refund should go to ..."
_REFUND_TO = re.compile(r"\b(?:refund\w*|money|put (?:it|that|them)\s+(?:on|onto|in|into|to)|send (?:it|that)\s+to|"
                        r"credit (?:it|that))\b", re.I)
_REFUND_IF = re.compile(r"\b(?:if|provided|as long as|assuming)\b[^.?!]*\b(?:goes|go|going|refund\w*|money|back)\b", re.I)
_ONLY = re.compile(r"\b(?:only|just)\b", re.I)
# an item left out by the words after it: "the dumbbells, just skip them", "the luggage - drop it please"
_LEFT_OUT_AFTER = re.compile(r"(?<!don't )(?<!dont )(?<!not )\b(?:just\s+|please\s+)?(?:skip|drop|forget(?:\s+about)?|remove|nix|"
                             r"leave\s+out|leave\s+(?:it|them|that|those)\s+out)(?:\s+(?:it|them|that|those|this|these))?\b")
# "the watch alone then", "ok, the watch by itself": the item named is the only one kept (not "leave the helmet alone")
_ALONE = re.compile(r"\b(?<!leave )(?:(?:the|my|that)\s+)?[\w-]+\s+(?:alone|by itself|on its own|by themselves|on their own)\b", re.I)
_THAT_ONE = re.compile(r"\b(?:that|this|the other)\s+(?:one|order)\b", re.I)
# said at "yes, and also cancel #W2" to a proposal: the proposal asked again for a plain yes, the rest after it
# a question, at a proposal, of what else the customer must do: "Is that everything I need to do?", "is that all?", "Do I
# need to do anything else?", "What else do you need from me?", "anything else you need?", "what happens next?"
_NEXT_STEP_Q = re.compile(
    r"^\W*(?:(?:so|and|ok(?:ay)?|alright|right|wait|um+|hmm+|great|cool|thanks?|oh)\W+)*(?:"
    r"(?:is|was) (?:that|this|it) (?:all|everything|it)(?: (?:i|we) (?:need|have|must|should|got) to do| (?:from|for) me| then)?|"
    r"(?:do|will|would|should|must) (?:i|we) (?:need|have) to (?:do |send |provide |give you )?(?:anything|something) (?:else|more)|"
    r"(?:is there )?anything (?:else|more) (?:(?:that )?(?:you|u) need|(?:that )?(?:i|we) (?:need|have|must|should)(?: to do)?|"
    r"needed|required)(?: from me)?|what else (?:do|will|would|should) (?:you|u|i|we) (?:need|have|do)(?: to do)?(?: from me)?|"
    r"what (?:do|should|must) (?:i|we) (?:do|need to do) (?:next|now)|what(?:'s| is| are|re)? (?:the )?next(?: steps?)?|"
    r"what happens (?:next|now)|(?:do|will) (?:you|u) need anything (?:else|more)(?: from me)?)\W*$", re.I)
# a doubt about the proposal that asks for advice, not for its details to be checked: "Should I?", "Is this wise?"
_ADVICE_ASKED = re.compile(r"\b(?:should|shall) (?:i|we)\b|\b(?:wise|smart|sensible|good idea|bad idea|mistake|regret|"
                           r"recommend|advise|think|reckon)\b", re.I)
_YES_AND_LEAD = "Just to be sure: I need a clear yes before I go ahead; I'll come to the rest of your request right after. "
# said when what the yes added is in the new proposal ("yes - actually the puzzle too")
_ADDED_LEAD = "I've added that to the request. Just to be sure: I need a clear yes before I go ahead. "
# the tool of an item write and the request it answers, for "oh and the boots too" said right after it
_ITEM_WRITE_KIND = {"exchange_delivered_order_items": "exchange", "return_delivered_order_items": "return",
                    "modify_pending_order_items": "modify"}
# an item added to the request just carried out: "and the X too", "also the X", "the X as well", "same for the X"
_ITEM_TOO = re.compile(r"\b(?:too|also|as well|aswell|same (?:for|with)|likewise|ditto)\b", re.I)
_ALSO = re.compile(r"\b(?:also|too|as well|another thing|one more thing)\b", re.I)

# --- a reply at a proposal that widens it, asks about another order, or puts another item in its place (43h) ---
# a yes word opening the reply ("yes, both", "sure both", "yep, all of them", "go ahead with both")
_WIDE_OPEN = re.compile(r"^\W*(?:yes|yeah|yea|yep|yup|ya|ok(?:ay)?|k|sure|fine|alright|all right|absolutely|definitely|"
                        r"of course|please|go ahead|do it|perfect|great|correct|right)\b", re.I)
# every item (or order) meant: "all of them", "each of them", "everything", "the whole order", "the rest"
_WIDE_ALL = re.compile(r"\b(?:all(?: of)? (?:them|those|these|it|the (?:items|things|stuff|orders|products)|my (?:orders|items)|"
                       r"(?:the )?(?:two|three|four|five)(?: of them)?|items|orders)|each(?: one| of them| item| order|(?=\W*$))|"
                       r"every (?:one|item|order|single one|one of them)|(?:return|exchange|change|cancel|do|send back) "
                       r"(?:it |them )?everything|everything(?=\W*$)|the (?:whole|entire) (?:order|thing|lot)|"
                       r"whole order|entire order|the lot|(?:the )?rest(?: of (?:it|them|the (?:order|items)|my order))?|"
                       r"(?:the )?remaining (?:items?|ones?|things?|orders?)|the other (?:two|three|ones|items|things|orders))\b",
                       re.I)
# two meant: "both", "the two of them", "the other one", "the other item"
_WIDE_BOTH = re.compile(r"\b(?:both|the two(?: of them)?|the pair|the other (?:one|item|thing|product|order)|"
                        r"the second (?:one|item|order))\b", re.I)
# the collective word judged, not widened: "both look fine", "everything is correct", "all of them are right"
_WIDE_JUDGED = re.compile(r"^\W*(?:'s|'re|is|are|look|looks|looking|seem|seems|sound|sounds|correct|right|good|fine|ok|"
                          r"okay|great|perfect|match|matches|check(?:s)? out)\b", re.I)
# "both" said alone at a proposal of one item: "both", "both of them", "do both", "both please", "the two of them"
_WIDE_BARE = re.compile(r"^\W*(?:(?:do|return|exchange|change|swap|cancel|i want|i'd like|please)\s+)?(?:both|both of them|"
                        r"all of them|the two of them|both items|all the items|all items)(?:\s+(?:please|pls|thanks|thx))?\W*$",
                        re.I)
# words that narrow, keep out or put in place, never widen: "yes, but not the watch", "just the boots", "keep the other"
_WIDE_NOT = re.compile(r"\b(?:not|n't|dont|never|keep|keeping|stay|stays|leave|skip|except|without|instead|rather|only|just|"
                       r"alone|by itself|hold off|nothing else|no(?!\s+(?:rush|problem|worries|hurry))|nope)\b", re.I)
# an item put beside the proposal's: "plus the watch", "include the watch", "along with the watch", "+ the watch"
_WIDE_ADD = re.compile(r"(?:\b(?:and|plus|include|including|along with|together with|add|adding|with|both|as well|also|too)\b|"
                       r"[+&])", re.I)
# a reply that assents and names nothing: "yes please", "go ahead", "sure thing", "yep, do it", "that's fine"
_BARE_ASSENT = re.compile(r"\W*(?:(?:yes|yeah|yea|yep|yup|ya|ok(?:ay)?|k|sure|fine|alright|all right|absolutely|"
                          r"definitely|of course|please|go ahead|do it|proceed|sounds good|perfect|great|correct|right|"
                          r"thing|that'?s fine|confirm(?:ed)?|y)\W*)+", re.I)
# "just the notebook", "only that one", "keep it as it is", "just this one", "nothing else": the proposal as it stands
_KEEP_AS_IS = re.compile(r"\b(?:just|only)\b|\bas (?:it|is)\b|\bnothing else\b|\bno(?:ne|thing)? (?:more|other)\b|"
                         r"\bno,? (?:that'?s|thats) (?:it|all)\b", re.I)
# a question about an order opened with "wait," / "sorry," / "actually,": the opening is no correction
_ASIDE_OPENING = re.compile(r"^\W*(?:(?:oh|um+|uh+|hmm+|ah|oops|ok(?:ay)?|and)\W+)*(?:wait(?: a (?:sec(?:ond)?|minute|moment))?|"
                            r"sorry|actually|hang on|hold on|one sec(?:ond)?|btw|by the way|quick question|question|oh)\b\W*",
                            re.I)
_ASIDE_Q = re.compile(r"^(?:what(?:'s|s| is| was| are| does| did| do)?|which|is|isn't|has|hasn't|have|how|when|where|did|does|"
                      r"was|were|can you (?:tell|check|show|remind|look)|could you (?:tell|check|show|look)|remind me|tell me)\b",
                      re.I)
# a question about an order that opens with no question word: "how much was #W2", "tell me about #W2", "what about
# #W2", "show me #W2 first", "and #W2?", "before that, what's the status of #W2", "whats the total on #W2"
_INFO_ASK = re.compile(r"^\W*(?:(?:hmm+|um+|uh+|ok(?:ay)?|so|and|also|but|first|before (?:that|you do that|I say yes))\W+)*"
                       r"(?:how (?:much|many|about)|what about|what'?s|whats|what (?:is|are|was|were|items?)|tell me|show me|"
                       r"can (?:you|I) (?:see|show|check|tell)|could you (?:show|check|tell)|remind me|which|when|where|"
                       r"is|has|did|does|was)\b", re.I)
# a question that opens with the order it is about: "#W2 has the espresso machine, right?", "order #W2 - shipped yet?"
_ID_FIRST_Q = re.compile(r"^\W*(?:(?:and|so|um+|hmm+|ok(?:ay)?|what about|how about)\W+)*(?:order\s+)?#?W\d{7}\b[^.!]*\?\W*$",
                         re.I)
# a question about "the other order" with no id (44k): "wait, what's in my other order?", "how much was the other
# order?", "is my other pending order still pending?", "what about my other orders?"; "the other one" only where an
# order is what it can be: at an order's proposal, or "what's in the other one" (an item holds nothing)
_OTHER_ORDER_ASKED = re.compile(r"\b(?:the|my|your|that)\s+other\s+(?:(?:pending|open|delivered|recent|current)\s+)?"
                                r"(?:orders?|purchases?)\b|\banother order\b", re.I)
_OTHER_ONE_ASKED = re.compile(r"\b(?:the|my)\s+other\s+(?:(?:pending|open|delivered)\s+)?one\b", re.I)
_IN_OTHER_ONE = re.compile(r"\b(?:in|inside)\s+(?:the|my)\s+other\s+one\b", re.I)
_Q_LEAD = re.compile(r"^\W*(?:(?:and|so|but|ok(?:ay)?|hmm+|um+|uh+|oh|ah|also|then)\b\W*)+", re.I)
_WAT_Q = re.compile(r"^(?:wat|wats|whats|wot|any idea|do you know|i wonder|i was wondering|just wondering|"
                    r"can i ask|let me know|show me)\b", re.I)
# a question that asks for a change, not about an order: "actually, can you cancel #W2 instead?"
_ASIDE_ACT = re.compile(r"\b(?:cancel|return|exchange|swap|change|modify|switch|move|instead|meant|mean|rather|send it|ship it|"
                        r"refund it|do (?:that|it|this)|go ahead|proceed|also|too)\b", re.I)
# one item put in place of the proposal's: "return the watch instead", "switch to the watch", "make it the watch"
_SWAP_CUE = re.compile(r"\b(?:instead|rather|in place of)\b|^\W*(?:(?:oh|hmm+|um+|no|ok(?:ay)?|actually|wait|sorry)\W+)*(?:can we |"
                       r"could we |let'?s |please )?(?:switch|swap|change|make)\s+(?:(?:it|that|this|the item)\s+(?:(?:to|for|with|into)\s+)?|"
                       r"(?:to|for|with|into)\s+)(?:the|my)\b", re.I)
# the other item of the proposal's order meant: "no, the other one", "oops, I meant the other item"
_OTHER_ITEM_MEANT = re.compile(r"\bthe other (?:one|item|thing|product)\b(?!\s+(?:order|too|as well|also))", re.I)

# --- "all" said more shortly, "the rest" beside a one-item proposal, "everything except X", "X instead of Y" (44f) ---
# every item meant, in words ``_WIDE_ALL`` leaves out: "yes, all", "yes to all", "return all", "ok all please", "all 2",
# "return it all", "everything in the order", "everything please", "plus everything else", "all the others", "the rest"
# (not "that's all", "all good", "all set": ``done_words`` and the words after it)
_ALL_SAID = re.compile(
    r"(?:^\W*|\b(?:to|return|exchange|change|modify|cancel|do|send(?:\s+(?:it|them))?(?:\s+back)?|swap|replace)\s+)"
    r"(?P<bare>all)\b(?=\W*(?:(?:please|pls|plz|thanks|thank you|thx|then|now|of em|of 'em)\W*)*$)|"
    r"\ball\s+(?:of\s+)?(?:em|'em|\d+)\b|\b(?P<it>it|them)\s+all\b|"
    r"\beverything\s+(?:(?:that'?s|which is|you have)\s+)?(?:in|on|from)\s+(?:the|that|this|my|it|#?W\d{7})\b|"
    r"\beverything\W+(?:please|pls|plz|thanks|thx)\W*$|\b(?:everything|all)\s+else\b|"
    r"\ball\s+(?:the\s+)?(?:others|other (?:items|things|ones|products)|rest(?: of (?:it|them|the order))?)\b|"
    r"\bthe others\b|\bthe rest\b|\brest of (?:it|them|the (?:order|items))\b|\beverything\s+back\b|"
    r"\b(?:the\s+)?(?:full|complete)\s+order\b|\ball\s+(?:of\s+)?(?:the\s+)?(?:stuff|things|products)\b", re.I)
# the rest put off, not asked for now: "yes, the rest can wait", "yes, I'll deal with the rest later"
_PUT_OFF = re.compile(r"\b(?:later|another time|next time|some other time|for now|can wait|wait|tomorrow|separately|"
                      r"another day|deal with|sort out|think about|decide)\b", re.I)
# a reply with no yes word that still asks for more of the same: "return the rest too", "and the rest", "everything
# else as well", "all of it" (a question, or a request of another kind, is not read so)
_ALL_LOOSE = re.compile(r"^\W*(?:(?:and|also|plus|oh|ok(?:ay)?|please|pls|um+|hmm+|actually|then|so|in that case|"
                        r"oh and|i want to|i'?d like to|can you|could you|let'?s)\W+)*"
                        r"(?:return|exchange|change|modify|send|do|add|include|all|everything|the rest|rest|the others)\b",
                        re.I)
# everything but some items: "everything except the boots", "all but the kettle", "the rest, not the boots",
# "yes, and everything else except the kettle"; the items after it are the ones left out
_EXCEPT_SAID = re.compile(r"\b(?:all|everything|every item|every one|each one|the (?:whole|entire) (?:order|lot|thing)|"
                          r"the rest|the others|all the others)\b(?:\s+(?:else|of (?:it|them|the items|the order)|"
                          r"(?:that'?s\s+)?in (?:the|that|this|my) order|items|the items|of my items))?\W*"
                          r"(?:(?:please|pls)\W+)?(?:except(?:\s+for)?|but(?:\s+(?:not|for))?|apart from|aside from|"
                          r"other than|besides|minus|excluding|save(?:\s+for)?|not|without|bar)\s+", re.I)
# one item put in another's place by a verb: "swap the boots for the kettle", "replace the boots with the kettle",
# "switch the boots to the kettle" (the item first named goes, the second comes: read on the items named, see below)
_SWAP_VERB = re.compile(r"\b(?:swap|switch|replace|change|trade|substitute)\s+(?:out\s+)?(?:the\s+|my\s+)?$", re.I)
_SWAP_JOIN = re.compile(r"^\W*(?:\s+out)?\s+(?:for|with|to|by|into)\s+(?:the\s+|my\s+|a\s+|an\s+)?$", re.I)
# an item put aside at the head of a change: "instead of the notebook, change the mouse to black"
_INSTEAD_HEAD = re.compile(r"\b(?:instead of|rather than|in place of)\s+(?:(?:the|my|that)\s+)?$", re.I)
_INSTEAD_TAIL = re.compile(r"^(?:\s+(?:change|one|item|swap|modification|exchange|return))?\s*[,;:-]?\s*", re.I)
# another order said beside a yes: "yes, and the other order too", "yes, my other pending order as well", "yes, cancel
# all my pending orders", "yes, for all my orders"
_OTHER_ORDERS_TOO = re.compile(r"\b(?:the|my)\s+other\s+(?:pending\s+|open\s+)?orders?\b|\ball\s+(?:of\s+)?(?:my|the)\s+"
                               r"(?:other\s+)?(?:pending\s+|open\s+)?orders\b|\bevery\s+(?:pending\s+)?order\b|"
                               r"\bboth\s+(?:of\s+)?(?:my\s+)?(?:pending\s+)?orders\b", re.I)


def _kinds(intents: set[str]) -> set[str]:
    """Kinds of request: an exchange and a modification both change items."""
    return {"items" if i in ("exchange", "modify") else i for i in intents & ACTING}


# ("forget the exchange, just return it", "never mind the swap": the request dropped, put aside too)
_NOT_THIS = re.compile(r"\b(?:rather than|instead of|forget(?: about)?|never ?mind|scrap|skip|ditch)\s+"
                       r"(?:an?\s+|the\s+|that\s+|this\s+)?(\w+)", re.I)
_STEMS = (("cancel", "cancel"), ("return", "return"), ("exchang", "exchange"), ("swap", "exchange"),
          ("chang", "modify"), ("modif", "modify"))


def _negated(text: str) -> set[str]:
    """Requests the text puts aside: "rather than cancelling", "instead of a return"."""
    return {intent for m in _NOT_THIS.finditer(text) for stem, intent in _STEMS if m.group(1).lower().startswith(stem)}
ITEM_TOOLS = ("modify_pending_order_items", "exchange_delivered_order_items")
# what a question names when it is about an order rather than the account ("what address is my order going to?")
_ORDER_WORDS = re.compile(r"\b(?:orders?|package|parcel|shipment|deliver\w*|ship(?:s|ping|ped)?|#?W\d{7})\b", re.I)
_MONEY_WORDS = re.compile(r"\b(?:refund\w*|money|paid|pay|charged?|cost|price|how much|total|credit(?:ed)?|reimburs\w*|"
                          r"card|payment method)\b", re.I)
# a question about what was paid for an order ("how much did i pay in total", "what did it cost me")
_PAID_Q = re.compile(r"\bhow much (?:did|was|were|have)\b|\btotal\b|\bcost (?:me|us)\b|\bwhat did (?:it|that|they) cost\b|"
                     r"\bi paid\b", re.I)
# a question about what items cost ("what did I pay for them", "what did the bookshelf cost")
_ITEM_COST_Q = re.compile(r"\bwhat did (?:i|we) pay\b|\bhow much\b|\bwhat did (?:it|that|they|these|those|the [a-z]+(?: [a-z]+)?) "
                          r"cost\b|\bcost me\b|\bprices?\b", re.I)
# words before an item that name its order rather than ask about the item: "the order with the bookshelf"
_ORDER_NAMED_BY = re.compile(r"\border\s+(?:with|that has|which has|containing|that contains|that had)\s+(?:the\s+|my\s+|a\s+)?$")
_REFUND_WORDS = re.compile(r"\b(?:refund\w*|money back|reimburs\w*|credited)\b", re.I)
# ("for another desk lamp", "a second e-reader", "one more t-shirt": one more of another product, no option of this one)
_OPTION_AROUND = re.compile(r"\b(?:to|into|with|for|like|than)\s+(?:another\s+|an?\s+(?:second|2nd|extra)\s+|one\s+more\s+|"
                            r"an?\s+|the\s+|some\s+|something\s+like\s+an?\s+|"
                            r"an?\s+(?:pair|set)\s+of\s+|(?:an?\s+)?(?:new|different)\s+|one\s+of\s+(?:the|those|your)\s+)?$")
# "swap the luggage set for a coat", "change it to a coat instead": a thing named by one word as the item's new self;
# also before "and" ("swap the dumbbells for a coat and the fleece jacket for a large": before, passed over)
_SWAP_FOR_THING = re.compile(r"\b(?:swap|exchange|change|trade|replace|switch)\w*\b[^.?!]{0,40}?\b(?:for|to|into|with)\s+"
                             r"(?:an?|some)\s+(?P<thing>[a-z]{3,})\s*(?:[.?!,;]|\b(?:instead|please|and|but|then|plus)\b|$)")
# words after "for a" that name no product ("for a refund", "for a bigger one")
_NOT_A_THING = {"refund", "gift", "friend", "while", "reason", "minute", "moment", "second", "change", "different", "new",
                "better", "bigger", "smaller", "cheaper", "replacement", "one", "version", "model", "size", "color",
                "colour", "option", "credit", "discount", "bit", "day", "week", "month", "year", "living", "fee",
                "exchange", "return", "swap", "newer", "similar", "same", "larger", "other", "another",
                # a size said as a word ("the fleece jacket for a large, and ..."), whose sizes are letters
                "large", "small", "medium", "big", "little", "tall", "short", "long", "wide"}
_OPTION_AFTER = re.compile(r"\s*(?:compartment|connectivity|version|option|one|model|type|style|kind)\b")
# what policy allows, said when a question names no order (in the clerk's own words)
_POLICY = {
    "cancel": "A pending order can be cancelled until it ships.",
    "address": "A pending order's shipping address can be changed until it ships, and your default address at any time.",
    "payment": "A pending order's payment method can be changed to another method on your account.",
    "items": "A pending order's items can be changed once to other options of the same product, and items you have "
             "received can be exchanged the same way.",
    "return": "Items you have received can be returned; the refund goes to the original payment method or a gift card.",
}
_OFFER = {"cancel": "cancel it", "address": "change its shipping address", "payment": "change its payment method",
          "items": "change its items", "return": "return items from it"}
# in the clerk's own words: policy.md's list said back ("cancel or modify pending orders, return or exchange
# delivered orders") is prompt text, which the auditor's observation redacts (probe.core.observation)
SHIPS_ABROAD_SAID = ("Sorry, I can't help with shipping destinations or shipping outside the country here: I can only "
                     "change the address of a pending order, or your default address, to another address.")
# "what did I order last time?", "my latest order", "the most recent order": the last order on the account
_LATEST_ORDER = re.compile(r"\b(?:order(?:ed)?|buy|bought|purchased?|get|got)\b[^.?!]{0,20}\blast time\b|\b(?:my|the)\s+(?:latest|"
                           r"most recent|newest|last|previous)\s+(?:order|purchase)\b", re.I)
# "when will it arrive?", "when will it get here?", "what's the delivery date?", "eta?"
_WHEN_ARRIVES = re.compile(r"\bwhen\b[^.?!]{0,30}\b(?:arriv\w*|get here|be here|come|be delivered|deliver\w*|reach)\b|"
                           r"\b(?:delivery|arrival)\s+date\b|\beta\b|\bhow long\b[^.?!]{0,30}\b(?:arriv\w*|take|deliver\w*)\b",
                           re.I)
# "and refund anything to the gift card?", "where did the money go?": asked of what this chat's writes refunded
# "the backpack is done too right?", "was the lamp changed as well?" after an order's items were changed: whether an item
# of that order is in the change made
_ITEM_DONE_Q = re.compile(r"\b(?:done|changed|updated|swapped|switched|exchanged|included|sorted|taken care of|"
                          r"gone through|went through|"
                          # (a return's items: "the camera's being returned too, yeah?", "you did the camera as well?")
                          r"returned|being (?:returned|sent back|refunded|exchanged|swapped)|sent back|processed|covered|"
                          r"part of (?:it|that|this|the (?:return|exchange|change|request))|in (?:the|that) (?:return|exchange)|"
                          r"(?:did|have)\s+(?:you|u)\s+(?:also\s+|even\s+)?(?:do|done|did|return|exchange|swap|send back|"
                          r"include|process|get|got)|you\s+(?:also\s+)?(?:did|got|returned|included|sent))\b|"
                          # ("camera too?", "and the camera as well?": the item alone, asked after)
                          r"^\W*(?:and\s+|what about\s+|how about\s+)?(?:the\s+|my\s+)?[a-z][\w' -]{1,30}?\s+(?:too|as well|"
                          r"also)\W*\?\W*$", re.I)
# ... or of a whole order: "the luggage order is cancelled too right?", "and #W2 is done as well?"
_DONE_ASKED = re.compile(_ITEM_DONE_Q.pattern + r"|\b(?:being\s+)?cancell?ed\b|\bmoved\b|\bredirected\b", re.I)
# at a proposal of items, whether one is in it: "the camera is in there too right?", "the camera's included, yeah?"
_IN_REQUEST_Q = re.compile(r"\b(?:included|in (?:there|it|that|this|the (?:return|exchange|request|list|change))|part of (?:it|"
                           r"that|this|the (?:return|exchange|request|change))|done|covered|on (?:it|there|the list)|"
                           r"being (?:returned|exchanged|sent back|refunded|swapped|changed)|returned|exchanged|"
                           r"(?:going|coming) back)\b", re.I)
_ADD_WORDS = re.compile(r"\b(?:add|plus|include it|include them|and also)\b", re.I)
# a question tag that makes a statement a question: "the camera is done too right", "it's included, yeah?"
_CHECK_TAG = re.compile(r"\b(?:right|yeah|yes|correct|innit|isn'?t it|aren'?t they|wasn'?t it|didn'?t you|hasn'?t it|"
                        r"ok(?:ay)?)\W*$", re.I)
# a request asked as a question ("can the camera be returned too?", "could you return the camera as well?")
_MODAL_ASK = re.compile(r"^\W*(?:(?:and|so|also|ok(?:ay)?|oh|hmm+|then|great|thanks)\W+)*(?:can|could|would|will|may|"
                        r"please|pls|i want|i'?d like|i need)\b", re.I)
_REFUNDED_Q = re.compile(r"\brefund\w*\b|\bmoney\b[^.?!]{0,20}\b(?:go|went|back)\b|\b(?:get|got)\s+(?:anything|something|"
                         r"money)\s+back\b|"
                         # "how much in total did I get back?", "what am I getting back altogether?"
                         r"\b(?:how much|what)\b[^.?!]{0,30}\b(?:get|got|getting|receive|received|receiving)\s+back\b", re.I)
COMPENSATION_SAID = ("I'm sorry for the trouble. I can't offer compensation here: I can return or exchange items you "
                     "have received, or transfer you to a human agent. What would you like to do?")
MENU = ("I can cancel a pending order or change its items, address or payment, return or exchange items "
        "you have received, update your default address, or look up your orders.")


# a bare yes ("yes", "sure please", "ok"), which cannot answer "Which would you prefer?"
_YES_ONLY = re.compile(r"\W*(?:yes|yeah|yep|yup|sure|ok(?:ay)?)(?:\W+(?:yes|please|pls|thanks|sure|ok(?:ay)?))*\W*", re.I)
_MORE_THAN_YES = "Sorry, I need a bit more than a yes there. "


# items listed right after the order a cancellation names: "I want to make cancel of my order W1974181, the laptop and coffee
# machine", "cancel #W1: the laptop" (each said before the proposal to go with the whole order; not "cancel #W1, the one
# with the laptop", which only says which order)
_CANCEL_ID_THEN = re.compile(r"\bcancel\w*\b[^.?!]{0,40}?#?\bw\d{7}\b\s*[,:\-\u2013\u2014]\s*"
                             r"(?:(?!(?:one|with|that|which|has|had|where|order)\b)[\w-]+[\s,]+){0,6}$")


def _unapologetic(text: str) -> str:
    """A reply without its opening apology ("I'm sorry to hear that. ", "I'm sorry, an exchange has to be ..."), said
    after ``_MORE_THAN_YES`` so that one reply apologizes once (before: "Sorry, I need ... I'm sorry, ...")."""
    text = text.removeprefix("I'm sorry to hear that. ")
    m = re.match(r"(?:I'?m sorry|Sorry|I apologi[sz]e),\s+(\w)", text)
    return text[m.start(1):m.start(1) + 1].upper() + text[m.start(1) + 1:] if m else text


def _bare_answer(text: str) -> bool:
    """A bare yes, no or ok, which answers no "Which option ...?"."""
    return bool(re.fullmatch(r"\W*(?:yes|yeah|yep|yup|sure|ok(?:ay)?|no|nope|nah|hmm+|um+|idk|i don'?t know)(?:\W+(?:please|pls|thanks))?\W*", text or "", re.I))


_NOT_NAME_WORDS = frozenset("my name is im i'm i am this here hi hey hello zip zipcode code postal and it's its the is "
                            "thanks thank you please pls sure ok okay yes no email mail address account number".split())


_NAME_LABELS = frozenset("first last surname family given name".split())  # "last name thomas"


_NAME_WORD = re.compile(r"[^\W\d_][^\W\d_'-]*(?:['-][^\W\d_]+)*")
# a first and last name said as such: "I'm Fatima Andersen", "name is Ethan Müller", or the two words of the message
_NAME_SAID = re.compile(r"\b(?:i'?m|i am|name is|name's|this is|it'?s)\s+([^\W\d_][\w'-]*)\s*,?\s+([^\W\d_][\w'-]*)", re.I)


# words after "I'm" / "it's" that say something else: "I'm calling about ...", "it's not working"
_NOT_NAMES_SAID = frozenset("calling writing here about having trying looking going getting not so just really very sorry "
                            "back again still new a an the trouble wondering hoping interested confused frustrated upset "
                            "happy glad sure fine good great done ready broken wrong late for with from in on at to of "
                            "order orders help need want".split())


def _said_name(text: str) -> tuple[str, str] | None:
    """The first and last name the message gives in words, known to the store or not: after "I'm" / "my name is",
    else the message's only two words besides a zip code and greetings ("Sophia Rossi 78784")."""
    m = _NAME_SAID.search(text)
    pair = (m.group(1), m.group(2)) if m else None
    if pair is None:
        words = [w for w in _NAME_WORD.findall(text) if w.lower() not in _NOT_NAME_WORDS | _NAME_LABELS]
        pair = (words[0], words[1]) if len(words) == 2 else None
    if pair is None or {w.lower() for w in pair} & (_NOT_NAME_WORDS | _NAME_LABELS | _NOT_NAMES_SAID):
        return None
    return pair[0].capitalize(), pair[1].capitalize()


def _looks_like_name(text: str) -> bool:
    """The message gives what reads as a first and last name (two or three words that are no other words)."""
    words = [w for w in re.findall(r"[A-Za-z']+", text or "") if w.lower() not in _NOT_NAME_WORDS]
    return 2 <= len(words) <= 3


def _money(x: float) -> str:
    return f"${x:,.2f}"


def _opts(options: dict[str, str]) -> str:
    return ", ".join(options.values())


# questions of policy only, about no order of the customer's: "do you charge a restocking fee for returns? and how long
# does a refund take?" (not "how long will my refund take?" nor "i want to return the lamp, how long does that take?")
_POLICY_ONLY_Q = re.compile(r"^(?:\W*(?:(?:hi|hey|hello|so|and|also|ok(?:ay)?|oh|but|well|quick question)\W+)*"
                            r"(?:do|does|is|are|will|would|how|what|when|can|could|should)\b"
                            r"(?:(?!\b(?:my|mine|me|it|its|this|that|these|those|them|order\s*#|w\d{7})\b)[^?.!])*\?)+\W*$",
                            re.I)
_WHAT_ABOUT = re.compile(r"^\W*(?:(?:ok(?:ay)?|so|then|hmm+|well|and|but|um+)\W+)*(?:what|how)\s+about\b", re.I)
# a part of a proposal accepted, no goodbye: "leather is fine", "the 9 bar one works for me", "that option sounds good"
_FINE_WITH = re.compile(r"^\W*(?:ok(?:ay)?\W+)?(?:[\w$.-]+\s+){1,4}(?:is|are|sounds|seems|would be|works?)\s+"
                        r"(?:fine|good|great|ok(?:ay)?|perfect|alright|all right|for me)\b(?:\s+(?:by|with|for) me)?\W*$",
                        re.I)
# a plain yes or a pointing word to "Which option would you like ...?" when it listed one option
_TAKES_IT = re.compile(r"^\W*(?:(?:yes|yeah|yep|yup|sure|ok(?:ay)?|fine|alright|all right|that one|that works|"
                       r"sounds good|go ahead|please)\W*)+$", re.I)
# a wish for another size, by comparison: "swap them for the heavier set", "for a smaller bottle", "in a bigger size"
_WANTS_COMPARED = re.compile(r"\b(?:for|to|into|in|want|need|like|get)\s+(?:an?\s+|the\s+|some\s+)?(?:one\s+)?"
                             r"(heavier|lighter|bigger|larger|smaller|littler|tinier|longer|shorter|taller)\b", re.I)
_WEIGHT_UNIT = re.compile(r"\d\s*(?:lbs?|pounds?|kg|kilos?|oz|ounces?|g)\b", re.I)


# in a clause that names one of several items of a product, the word that starts what it should become ("the black
# kettle to the 2L one": 'to'; not the "to" of "I want to exchange")
_TARGET_MARK = re.compile(r"->|=>|\u2192|\b(?:(?:should|needs? to|has to|must|can|could)\s+(?:be|become)|make (?:it|that|this)|"
                          r"become|(?:to|into|for|instead of|rather than)\b(?!\s+(?:return|exchange|swap|send|change|switch|"
                          r"trade|replace|get|have|do|be|make|modify|update)\b))")
# taking the closest option offered when the one asked for is not to be had: "yes", "the closest one is fine", "go with
# the nearest", "ok that works" (not "what's the closest?", "not the closest one")
_CLOSEST_TAKEN = re.compile(r"^\W*(?:(?:yes|yeah|yep|yup|sure|ok(?:ay)?|fine|alright|all right|please|go ahead|that works|"
                            r"sounds good|that'?s fine|that one|i'?ll take it|let'?s do (?:it|that)|do it)\W*)+$|"
                            r"^(?:(?!\bnot?\b)[^?])*\b(?:closest|nearest)\b[^?]*$", re.I)
# what comes before the words that describe an item named after them ("and the blue office chair": 'blue')
_LEAD_BOUNDARY = re.compile(r"[,.;:!?()]|\b(?:and|also|plus|then|or|but|the|my|a|an|this|that|these|those|to|into|for|"
                            r"from|with|in|of|on|#?w\d{7})\b", re.I)
# where a clause of a message that names several items of one product ends ("navy one to XS, black one to L")
_OWN_CUT = re.compile(r"[.;:!?\n]|,|\b(?:and|also|plus|then|but|while)\b")
_KEEP_WORDS = re.compile(r"\b(?:keep(?:ing)?|except(?: for)?|but not|not)\b[^.?!;]*", re.I)  # "..., keep the IPX7 one"


def _first_number(value: str) -> float | None:
    m = re.match(r"\s*(\d+(?:\.\d+)?)", value)
    return float(m.group(1)) if m else _size_rank(value)


def _compared(item: dict[str, Any], variants: dict[str, Any], text: str) -> dict[str, str]:
    """The option a comparison asks for ("the heavier set", "a smaller bottle"): of the one option the comparison
    can be about (a weight for heavier/lighter, else a size that is no weight), the value in that direction whose
    best available variant keeps most of the item's other options, and of those the nearest; {} when no comparison
    is said, or it could be about more than one option or none."""
    m = _WANTS_COMPARED.search(text)
    if not m:
        return {}
    word = m.group(1).lower()
    weight = word in ("heavier", "lighter")
    keys = [k for k, v in item["options"].items() if _first_number(v) is not None and
            bool(_WEIGHT_UNIT.search(v) or "weight" in k.lower()) == weight]
    if len(keys) != 1:
        return {}
    key, now = keys[0], _first_number(item["options"][keys[0]])
    up = word in ("heavier", "bigger", "larger", "longer", "taller")
    best: tuple[int, float] | None = None
    value = None
    for v in variants.values():
        val = v["options"].get(key, "")
        n = _first_number(val)
        if not v.get("available") or n is None or now is None or (n > now) != up or n == now:
            continue
        rank = (sum(1 for k, x in v["options"].items() if k != key and item["options"].get(k) == x), -abs(n - now))
        if best is None or rank > best:
            best, value = rank, val
    return {key: value} if value else {}


# a size said as steps from the item's own: "one size bigger", "a size up", "the next size down", "two sizes up",
# "go up a size", "size down", "a larger one", "bigger please", "a smaller size", "the next size" (up)
_STEP_UP = r"(?:bigger|larger|up|higher)"
_STEP_DOWN = r"(?:smaller|down|lower)"
_STEP_COUNT = r"(?:(?P<{}>one|a|an|1|two|2|three|3)\s+)"
_SIZE_STEP = re.compile(
    rf"\b(?:{_STEP_COUNT.format('n1')}?(?:full\s+)?sizes?\s+(?P<d1>{_STEP_UP}|{_STEP_DOWN})|"
    rf"(?P<d2>{_STEP_UP}|{_STEP_DOWN})\s+{_STEP_COUNT.format('n2')}?sizes?|"
    rf"(?:the\s+)?next\s+(?:(?P<d3>bigger|larger|smaller)\s+)?size(?:\s+(?P<d4>{_STEP_UP}|{_STEP_DOWN}))?|"
    rf"(?:an?\s+|the\s+|one\s+)?(?P<d5>bigger|larger|smaller)\s+(?:one|size|version|pair|model)\b|"
    rf"sized?\s+(?P<d6>up|down)|"
    rf"(?P<d7>bigger|larger|smaller)\b(?=\W*(?:please|pls|thanks|one|then|instead)?\W*$))", re.I)
_STEP_NUMBERS = {"one": 1, "a": 1, "an": 1, "1": 1, "two": 2, "2": 2, "three": 3, "3": 3}


def _stepped(item: dict[str, Any], variants: dict[str, Any], text: str) -> dict[str, str]:
    """The size a step from the item's own asks for ("one size bigger", "a size up", "the next size down", "a larger
    one"): of the item's one size option (a key with "size" in it when there are several), the value that many
    available sizes up or down, counting only sizes some available variant has (before: "I don't see that among the
    available options", or read as no option at all); {} when no step is said or there is no such size (then the
    options are listed and asked for)."""
    m = next(reversed(list(_SIZE_STEP.finditer(text or ""))), None)  # (the step said last: "a size up ... no, two up")
    if not m or re.search(r"\b(?:half|quarter)\b", text, re.I):
        return {}
    if m.group("d5") or m.group("d7"):
        # "a larger one", "smaller please": a comparison, read as ``_compared`` reads "for a smaller one" (the item's
        # other options kept first, then the nearest size)
        return _compared(item, variants, f"for a {(m.group('d5') or m.group('d7')).lower()} one")
    word = next(g for g in (m.group(f"d{i}") for i in range(1, 8)) if g is not None) if \
        any(m.group(f"d{i}") for i in range(1, 8)) else "up"
    up = bool(re.fullmatch(_STEP_UP, word, re.I))
    steps = _STEP_NUMBERS.get((m.group("n1") or m.group("n2") or "one").lower(), 1)
    keys = [k for k, v in item["options"].items() if _size_rank(v) is not None and not _WEIGHT_UNIT.search(v) and
            "weight" not in k.lower()]
    if len(keys) > 1:
        keys = [k for k in keys if "size" in k.lower()] or keys
    if len(keys) != 1:
        return {}
    key = keys[0]
    now = _size_rank(item["options"][key])
    ranked = sorted({(r, v["options"][key]) for v in variants.values() if v.get("available") and
                     (r := _size_rank(v["options"].get(key, ""))) is not None and now is not None and
                     (r > now if up else r < now)}, reverse=not up)
    return {key: ranked[steps - 1][1]} if len(ranked) >= steps else {}


def _wanted(item: dict[str, Any], product: dict[str, Any], text: str) -> dict[str, str]:
    """The options the text asks for, by name ("in 30ml") or, when none is named, by steps of size ("one size up",
    ``_stepped``) or by comparison ("a smaller one")."""
    variants = product.get("variants", {})
    want = wanted_options(text, item["options"], [v["options"] for v in variants.values()], item["name"]) or \
        _stepped(item, variants, text) or _compared(item, variants, text)
    # an option the customer no longer minds is no longer asked for: "make it the 6.5 inch one, ram doesnt matter"
    waived = waived_options(text, list(item["options"]))
    return {k: v for k, v in want.items() if k not in waived}


# "return both", "both, please": the two items of an order of two (not "both watches", "both the ...")
_BOTH_ALONE = re.compile(r"\bboth\b(?:\s+of\s+(?:them|those|these))?(?=\s*(?:[,.!?;]|$|please\b|pls\b|then\b|instead\b|"
                         r"(?:items|things)\b))", re.I)


# every order named in the request itself: "return everything, both orders", "from all of my orders"
_EVERY_ORDER = re.compile(r"\b(?:both|all|each|every one)\s+(?:of\s+)?(?:(?:my|the|our)\s+)?(?:(?:two|2)\s+)?orders\b|"
                          r"\bevery order\b", re.I)
# a wish to pay an order another way: "I'd rather pay with my gift card", "put it on the gift card", "use my paypal"
_PAY_WISH = re.compile(r"\b(?:rather|prefer\w*|pay(?:ing)?\s+(?:it\s+|for\s+it\s+)?(?:with|by|using|via|on)|"
                       r"paid\s+(?:with|by|on)|use|using|charge|put|bill|move|switch\w*|change\w*)\b", re.I)
# one order of several to act on, not each of them: "want to cancel one", "I need to cancel one of those", "cancel one
# of my pending orders", "so I can pick one to cancel" (not "cancel one item", "the one with the tablet")
_JUST_ONE = re.compile(r"\b(?:cancel|return|change|modify|exchange|drop)\s+(?:just\s+|only\s+)?one\b"
                       r"(?!\s+(?:item|thing|product|of\s+(?:the\s+|its\s+|my\s+)?(?:items|things|products)\b))|"
                       r"\bone\s+of\s+(?:them|those|these|my\s+(?:[\w-]+\s+)?orders|the\s+(?:[\w-]+\s+)?orders)\b|"
                       r"\b(?:pick|choose)\s+one\b", re.I)
# "I want to cancel some of them", "I need to cancel a couple", "I'll cancel two of them", "there's a few I want to
# cancel": a few of the orders, not all of them; listed and asked which, as for "cancel one" (``_JUST_ONE``)
_A_FEW = re.compile(r"\b(?:cancel|return|change|modify|exchange|drop)\s+(?:some|a\s+(?:couple|few)|two|three|several)"
                    r"(?:\s+of\s+(?:them|those|these|my\s+(?:[\w-]+\s+)?orders|the\s+(?:[\w-]+\s+)?orders))?\b(?!\s+(?:items?|things?|products?)\b)|"
                    r"\b(?:some|a\s+couple|a\s+few|two|several)\s+(?:of\s+(?:them|those|these)\s+)?(?:that\s+)?I\s+(?:want|need|would\s+like|'d\s+like)\s+to\s+cancel\b",
                    re.I)
# "do I have anything that hasn't shipped? I'd cancel it": the one of them the answer shows
_ACT_ON_IT = re.compile(r"\b(?:cancel|return|change|modify)\s+(?:it|that)\b", re.I)
# ("actually both of them", "hmm, make it both", "I guess all of them then": the same, after a few opening words)
_ALL_LISTED = re.compile(r"^\W*(?:(?:um+|uh+|er+m?|oh|ah+|ok(?:ay)?|well|hmm+|actually|so|then|wait|sorry|on second thoughts?|"
                         r"(?:i\s+)?(?:think|guess|suppose)|make (?:it|that)|let'?s (?:do|go with|say)|go with|do|just|i meant?|"
                         r"i want(?:ed)?)\W+)*(?:both|all|every one|each|the two|the 2)(?:\s+of\s+(?:them|those|"
                         r"these|my orders|the orders)|\s+(?:the\s+|my\s+)?orders?|\s+(?:the\s+|my\s+)?(?:two|2)(?:\s+orders)?)?"
                         r"(?:\W+(?:please|pls|plz|thanks?|thank you|then|actually|i think|i guess|really))*"
                         # (with the reason of a cancellation: "both of them, no longer needed")
                         r"(?:\W+(?:(?:they'?re|they are|i)\s+)?(?:no longer need(?:ed)?(?: them)?|don'?t need (?:them|it)(?: any ?more)?|"
                         r"(?:ordered|bought) (?:them |it )?by mistake))?\W*$", re.I)


class ReferenceTarget(Target):
    kind = "reference"

    def __init__(self, db: RetailDB, faults: list[str] | tuple[str, ...] = (), fault_seed: int = 0,
                 **options: Any):
        if options:
            raise ValueError(f"unknown reference target option {next(iter(options))!r}; allowed: none")
        self.db = db
        self.faults = sorted(set(faults))
        self.switches = FaultSwitches(self.faults, fault_seed)  # name@p faults fire on a seeded share of triggers
        self.user_id: str | None = None
        self.profile: dict[str, Any] | None = None
        self.orders: dict[str, dict[str, Any]] = {}  # order id -> details from get_order_details
        self.products: dict[str, dict[str, Any]] = {}  # product id -> get_product_details
        self.product_names = [p.name for p in db.products.values()]  # the public product types
        # the cities the store ships to, in lower case: a place said in lower case ("the chicago one") is read as one
        self.ship_places = frozenset(a.city.lower() for a in [*(o.address for o in db.orders.values()),
                                                              *(u.address for u in db.users.values())] if a.city)
        self.items_changed: set[str] = set()  # orders with a modify-items or exchange call done
        self.changed_names: dict[str, set[str]] = {}  # of those orders, the names of the items the calls changed
        self.goal: dict[str, Any] = self._empty_goal()
        self.pending: list[tuple[str, dict[str, Any]]] = []  # calls waiting for a yes
        self.proposal = ""  # the question that listed them (said again when another question comes between)
        self.urgent = False
        self.transferred = False
        self.not_holder = False  # the speaker said, after logging in, that the account is another's
        self.heard: dict[str, list[Any]] = {"names": [], "zips": []}  # identity given before authentication
        self.last_address: dict[str, str] | None = None  # the last address the customer gave ("the same one")
        self.listed_variants: dict[str, list[str]] = {}  # item id -> the variant ids just listed as options
        self.last_text = ""  # the customer's latest message ("the first one" picks among listed options)
        self.last_reply_text = ""  # the clerk's message it answers
        self.offer: dict[str, Any] | None = None  # what a "yes" to "Would you like me to ... now?" asks for
        self.repeat_base = ""  # the clerk's last reply, as first written, and how often in a row it came again
        self.repeat_count = 0
        # ("Order #W1 also holds the X, the Y ... which ones to add?" just asked: the question, the proposal's items)
        self.items_question: tuple[str, list[str]] | None = None
        self.which: tuple[str, str, list[int]] | None = None  # (order, product name, item positions) asked "which?"
        self.which_note = ""  # said before "which?" asked again: the answer's words fit every item ("the glass one")
        self.which_order: tuple[str, list[str]] | None = None  # (product name, orders holding it) asked "which?"
        # (order, items to return, items to exchange) asked "return ..., or exchange ...?"
        self.conflict: tuple[str, list[str], list[str]] | None = None
        self.conflict_ids: tuple[list[str], list[str]] = ([], [])  # ... those items' ids
        self.option_asked: str | None = None  # the item whose new option was just asked for
        self.cheapest_fit = ""  # the options said with "cheapest" that the item already is the cheapest of
        self.only_own = ""  # an option insisted on that no available variant but the item's own has (``_insisted``)
        # (item, variant) offered as the closest available when the options said are not to be had together
        self.closest_offered: tuple[str, str] | None = None
        self.closest_before: tuple[str, str] | None = None  # ... as it stood before this message
        self.option_before: str | None = None  # ... as it stood before this message
        self.swap_refused: str | None = None  # the item another product was just refused for ("... for a tablet")
        self.same_refused: dict[str, int] = {}  # item id -> how often its exchange for the very same one was refused
        self.inferred_pick = False  # whether ``_pick_same`` told the item only by the new option asked for
        self.adopted = ""  # the words of a question whose offer the customer said yes to
        self.declined: dict[str, Any] | None = None  # the request of the proposal the customer just said no to
        self.refunded: list[tuple[str, float, str]] = []  # (order, amount, method) refunded by this chat's writes
        self.recent: list[str] = []  # the orders of the last request ("cancel it" after talking about one order)
        self.acted = False  # whether a change (cancel, return, ...) has been asked for in this conversation
        self.log: list[tuple[str, str | None, str]] = []  # (tool, order, what it did) for each write that went through
        self.just_wrote = False  # whether the latest turn wrote
        self.last_reason: str | None = None  # the reason of the latest cancel written
        self._wrong_done_lead = ""  # said before this turn's reply: a write of the wrong order stays done
        # the last order address written: (order, new address, address before), for "fix the zip" / "send X there too"
        self.last_moved: tuple[str, dict[str, str], dict[str, str]] | None = None
        # each order whose address this chat wrote: its address before the latest change, for "put the bike order back"
        self.moved_from: dict[str, dict[str, str]] = {}
        # the default address before this chat's first change of it, for "put my account address back to what it was"
        self.old_default: dict[str, str] | None = None

    @staticmethod
    def _empty_goal() -> dict[str, Any]:
        return {"intents": set(), "orders": [], "text": "", "reason": None, "other_reason": False,
                "payment_kind": None, "address": None, "same_one": False, "stated_status": False,
                "default_address": False, "all_items": False, "done": set(), "topics": set(), "hypothetical": False,
                "picked": {}, "msgs": [], "card_last4": None, "card_brand": None, "other_card": False,
                # an address corrected in parts, waiting for its zip; the request kinds done or said impossible
                # (``_leftover``) and the kinds asked about there; the one payment method offered, and taken
                "draft": None, "handled": set(), "leftover_asked": set(), "offered_method": None, "chosen_method": None,
                # items put aside when the customer chose between a return and an exchange on one order
                "dropped_items": set(),
                # items of a proposal kept in it when a correction names another of its items ("wait, the camera should
                # be black"): the correction word does not take them back (``_item_choice``)
                "kept_items": set(),
                # the items the clerk said it would come to after the proposal on screen ("Noted, I'll come to ...")
                "queued": [],
                # the reason of a cancellation proposed, kept when a reason comes for other orders (``_keep_reason``)
                "kept_reasons": {},
                # item id -> the new variant chosen for it, kept while other items of the request are asked about
                "variants": {},
                # (order, product) of several like items, the one to change told only by the new option ("the laptop
                # to 32GB": the one not 32GB yet), said at the proposal
                "inferred": set(),
                # payment kinds the customer ruled out ("don't put the refund on the gift card"), never proposed
                "not_kinds": set(),
                # "does the refund go to the mastercard?": answered at the return's proposal
                "refund_asked": False,
                # the request's descriptions naming no product ("the reading gadget") asked about (``_vague_words``)
                "vague_asked": False}

    def describe(self) -> dict[str, Any]:
        return {"kind": self.kind, "faults": list(self.faults),
                **({"fault_seed": self.switches.seed} if self.switches.stochastic else {})}

    def __deepcopy__(self, memo: dict) -> "ReferenceTarget":  # the database is shared, never copied
        other = copy.copy(self)
        for k, v in self.__dict__.items():
            if k != "db":
                setattr(other, k, copy.deepcopy(v, memo))
        return other

    def _has(self, fault: str) -> bool:
        return self.switches.fires(fault)

    @staticmethod
    def _takes_up(offer: dict[str, Any], r: Reading) -> bool:
        """A reply to "Would you like me to return the Grill?" that takes up the offer: a yes, the offered action
        asked for with no other order named ("ok then return it"; at a return offer an exchange of the same
        items, "then exchange it"), or only a reason for it ("it's not needed")."""
        asked = r.intents & ACTING
        if not asked:
            # (a reason said to a return offered in place of a refused cancel, "ordered by mistake", is the cancel's
            # reason, no yes to the return: asked plainly, ``_reason_at_instead``)
            return r.yes or bool(r.reason) and not offer.get("instead")
        return asked <= offer["intents"] or (offer["intents"] == {"return"} and asked <= {"return", "exchange", "modify"})

    # --- one turn ---------------------------------------------------------------------------
    def respond(self, turn: TurnContext) -> None:
        """One turn (``_respond``), except that a bare yes is never met with the very paragraph it answered: the first
        time the clerk says that a yes does not tell it which, the second time it drops the request and says so
        (before: "Return it, or exchange it? Which would you prefer?" - "yes" got the same paragraph, turn after turn)."""
        wrote = len(self.log)
        self._wrong_done_lead = ""
        self._respond(turn)
        if self._wrong_done_lead and (told := [m for m in turn.new_messages if m["role"] == "assistant" and m.get("content")]):
            # (a write said to be of the wrong order: that it stays done comes first, then the order meant)
            told[-1]["content"] = self._wrong_done_lead + told[-1]["content"]
        # (whether a write of this turn went through: "hold on - don't do that yet" in the next is told it is done)
        self.just_wrote = len(self.log) > wrote
        said = [m for m in turn.new_messages if m["role"] == "assistant" and m.get("content")]
        self._vary_repeated(turn, said)
        if not (said and _YES_ONLY.fullmatch(turn.user_message) and not turn.ended and not self.pending) or \
                self.not_holder or \
                any(c["function"]["name"] in WRITES for m in turn.new_messages for c in m.get("tool_calls") or []):
            return
        last = turn.last_reply or ""
        if said[-1]["content"] == last:
            said[-1]["content"] = _MORE_THAN_YES + _unapologetic(last)
        elif last.startswith(_MORE_THAN_YES) and _unapologetic(said[-1]["content"]) == last[len(_MORE_THAN_YES):]:
            self.goal, self.which, self.which_order, self.conflict, self.option_asked = self._empty_goal(), None, None, None, None
            said[-1]["content"] = ("I still can't tell which you'd like, so I haven't started or changed anything. "
                                   "Is there anything else I can help you with?")

    def _vary_repeated(self, turn: TurnContext, said: list[dict[str, Any]]) -> None:
        """A reply the same word for word as the clerk's last two: the customer has now failed twice to give what it
        asks ("my mom's place" to "What is the new shipping address ...?", "found a better price elsewhere" to the
        cancel reasons), so it is said once more in other words, what would do named where the question has a set of
        answers, with a way out: a human agent, or leaving it there (before: the same question four times over, with
        no way out). A bare yes is left to ``respond``; a turn that wrote or ended is no repeat."""
        text = said[-1]["content"] if said else ""
        wrote = any(c["function"]["name"] in WRITES for m in turn.new_messages for c in m.get("tool_calls") or [])
        if not text or wrote or turn.ended or _YES_ONLY.fullmatch(turn.user_message) or self.transferred:
            self.repeat_base, self.repeat_count = text, 0
            return
        if text != self.repeat_base:
            self.repeat_base, self.repeat_count = text, 0
            return
        self.repeat_count += 1
        if self.repeat_count < 2:
            return
        if "shipping address" in text or "new address" in text or "street, city, state" in text:
            need = ("I need the full address written out: the street and number, the city, the state and the zip code "
                    "(I can't look up a place by a description or someone else's address). ")
        elif "reasons" in text and "no longer needed" in text:
            need = ("The only reasons I can cancel for are 'no longer needed' and 'ordered by mistake': please say "
                    "which of these two is closer, if either is. ")
        elif "Which order" in text or "which order" in text:
            need = f"I need the order id (it starts with #W), or an item that is in the order. {_unapologetic(text)} "
        elif "email" in text and ("name" in text or "zip" in text):
            need = ("I can find your account by its email address, or by your first and last name together with your "
                    "zip code. ")
        else:
            need = f"{_unapologetic(text)} "
        if self.repeat_count > 3:  # (asked twice already how to go on: the request left, and said so)
            self.goal, self.which, self.which_order, self.conflict, self.option_asked = self._empty_goal(), None, None, None, None
            self.pending, self.proposal, self.repeat_base, self.repeat_count = [], "", "", 0
            said[-1]["content"] = ("Since I can't go on without that, I'll leave this request here; nothing has been changed "
                                   "for it. Is there anything else I can help you with?")
            return
        if self.repeat_count > 2:  # (the way out already offered: said shortly, not the same paragraph again)
            said[-1]["content"] = ("I'm afraid I can't go on with this without that. Would you like me to transfer you "
                                   "to a human agent, or shall we leave it here, with nothing changed for it?")
            return
        said[-1]["content"] = (f"Sorry, I still can't work it out from that. {need}If you can't give me that, I can "
                               f"transfer you to a human agent, or we can leave this here and I won't change anything "
                               f"for it. Which would you prefer?")

    def _respond(self, turn: TurnContext) -> None:
        self.switches.start_turn(turn.history, turn.seed)
        said, unclear = self._orders_by_last_digits(turn.user_message[:MAX_MESSAGE_CHARS])
        if (asked := conditional_retraction(said)) is not None:
            said = asked  # "will I have to pay for the shipping back? if so forget it": the question, the request kept
        if_yes = bool(self.pending) and (asked := conditional_go_ahead(said)) is not None
        if if_yes:
            # "do I pay for the label? if not, go ahead" at a proposal: the question answered, and a plain yes asked for
            # (a yes on a condition is none; before: "I couldn't tell what you'd like to change")
            said = asked
        if (back := taken_back(said, self.product_names)) is not None:
            # "swap the perfume in #W1 ... actually scratch that, cancel the whole order": the last request is the
            # one asked (before: the items of the first read with the second's action: a toothbrush option asked)
            whole = said
            said, nothing_left = back
            if nothing_left and not said.strip() and self.user_id:
                # "change the boots to size 10... actually no, forget that": nothing asked (before: proposed anyway)
                if self.pending and self._retracts_proposal(whole):
                    # "return the headphones... actually no, forget that" at that very return's proposal: a no to it
                    # (before: "All right, I'll leave that." and the same proposal again)
                    self.declined = copy.deepcopy(self.goal)  # ("actually yes, return them" takes it up again)
                    self.pending, self.goal, self.proposal = [], self._empty_goal(), ""
                    return turn.say("All right, I won't make that change. Is there anything else I can help you with?")
                if self.pending:
                    return turn.say(f"All right, I'll leave that. {self.proposal}")
                return turn.say("No problem, I haven't changed anything. Is there anything else I can help you with?")
        items_question, self.items_question = self.items_question, None
        if items_question and self.pending and self.user_id and (again := self._which_items_again(items_question, said)):
            return turn.say(again)
        if self.pending and self.user_id:
            said, at_proposal = self._reworded_at_proposal(turn, said)
            if at_proposal:
                return turn.say(at_proposal)
        r = read(said, self.db, turn.last_reply)
        if r.home_said and not self.user_id and "address" not in self.goal["intents"] and r.address:
            # "I'm Mei Patel, 445 Maple Drive, ... TX 76165" to log in, no address change asked: the address only says
            # who is speaking (its zip logs in), no new address to propose
            r.address, r.intents = None, r.intents - {"address"}
        if unclear:
            # "wait no - the order ending 8688" with no one order ending so: asked, and no yes left open to the old
            # proposal (before: the digits read as the new house number, or as a card)
            return turn.say(self._which_order_ends(unclear))
        self.last_text = r.text
        self.last_reply_text = turn.last_reply or ""
        self.urgent = self.urgent or r.urgent
        offer, self.offer = self.offer, None
        if offer and offer.get("instead") and not self.pending and not r.order_ids and not r.no and not r.yes and \
                not r.intents & ACTING and r.reason and not r.question and "?" not in r.text:
            # "has #W1 shipped? if not cancel it" of a delivered order, a return offered instead - "ordered by mistake":
            # the cancel's reason, no yes to the return; asked plainly (before: taken for a yes, the return begun)
            self.offer = offer
            o = offer["orders"][0]
            return turn.say(f"Order {o} was already delivered, so it can't be cancelled. Would you like me to "
                            f"{offer['text']} for a refund instead (yes/no)?")
        if offer and not self.pending and not r.order_ids and not r.no and self._takes_up(offer, r):
            # "... so it can still be cancelled. Would you like me to cancel it now?" - "yes": the request
            # offered, which lists its details and asks for its own yes before anything is written
            r.intents |= offer["intents"] if not r.intents & ACTING else set()
            r.order_ids, r.yes = list(offer["orders"]), False
            r.reason = r.reason or offer.get("reason")  # (the cancellation's reason, said with the request offered on)
            verb = next(k for k in ACTING_KINDS if k in r.intents)
            self.adopted = re.sub(r"^\w+", verb, offer["text"])  # the question's words name the items
        if self.user_id and self.log and self.log[-1][0] == "cancel_pending_order" and self.just_wrote and \
                not (self.pending or self.goal["intents"] & ACTING or r.intents & ACTING - {"cancel"} or r.order_ids or
                     r.address or r.question or r.no or "?" in r.text) and _OTHER_PENDING.search(r.text) and \
                re.search(r"\b(?:too|as well|also|same)\b", r.text, re.I):
            # "and my other order too please, same reason" / "same for my other order" right after a cancel: the same
            # cancel asked for the other order, its reason kept, proposed for its own yes (before: the order's contents
            # and the menu, the cancel forgotten)
            r.intents = set(r.intents) | {"cancel"}
            r.reason = r.reason or self.last_reason
        if self.user_id and self.log and self.log[-1][0] in _ITEM_WRITE_KIND and self.just_wrote and \
                not (self.pending or self.goal["intents"] & ACTING or r.intents & ACTING or r.order_ids or r.address or
                     r.question or r.no or "?" in r.text) and _ITEM_TOO.search(r.text):
            # "oh and the hiking boots too please" right after an exchange (return, item change) of an order: the same
            # request for that item; of the order just written when it holds it (then told its items can't be changed
            # again, or under per_item_calls a second call), else looked for (before: two other orders looked up and
            # the order's contents listed with the menu)
            last = self.log[-1][1]
            held = [it["name"] for it in (self.orders.get(last) or {}).get("items", [])]
            if mentioned_items(r.text, held):
                r.intents = set(r.intents) | {_ITEM_WRITE_KIND[self.log[-1][0]]}
                r.order_ids = [last]
            elif mentioned_items(r.text, self.product_names):
                r.intents = set(r.intents) | {_ITEM_WRITE_KIND[self.log[-1][0]]}
        if self.user_id and self.log and self.log[-1][0] == "return_delivered_order_items" and \
                not (self.pending or self.goal["intents"] & ACTING or r.order_ids or r.intents & ACTING - {"return", "payment", "modify"}) \
                and _REFUND_TO.search(r.text) and (r.payment_kind or r.card_brand or r.card_last4 or
                                                   re.search(r"\b(?:instead|another|other|different)\b", r.text, re.I)):
            # "wait, can the refund go to my gift card instead?" right after a return: that return's refund, which is
            # set when it is requested (before: "Which order is this about?")
            o = self.log[-1][1]
            pid = self.orders.get(o, {}).get("return_payment_method_id")
            where = f" to {self._method_text(pid)}" if pid else ""
            if pid and r.payment_kind and pid.startswith(r.payment_kind) and not r.card_last4:
                return turn.say(f"The refund of the return for order {o} already goes{where}, so there is nothing to "
                                f"change. Is there anything else I can help you with?")
            return turn.say(f"The return for order {o} is already requested, with the refund going{where}. A return "
                            f"request can't be changed once it is made, so I can't move its refund to another payment "
                            f"method now. Is there anything else I can help you with?")
        if self.user_id and self.log and self.log[-1][0] in ("modify_pending_order_address", "modify_user_address") and \
                not (self.pending or self.goal["intents"] & ACTING or r.order_ids or r.address or
                     r.intents & ACTING - {"address", "modify"}) and _ADDRESS_PART.search(r.text) and \
                (_WRONG.search(r.text) or _FIX_SAID.search(r.text)):
            # "oops, I gave the wrong zip, it should be 43216" right after an address was written: that address,
            # corrected, proposed for its own yes (before: "How can I help you today?", the correction ignored)
            o = self.log[-1][1]
            a = (self.profile or {}).get("address") if o is None else self.orders.get(o, {}).get("address")
            zips = re.findall(r"(?<![\w#$.-])(\d{5})(?:-\d{4})?(?![\w-]|\.\d)", r.text)
            base = {k: a.get(k, "") for k in ADDRESS_KEYS} if a else {}
            changes = address_changes(base, r.text) if a else {}
            if a and not changes and len(set(zips)) == 1 and re.search(r"\b(?:zip|postal|post ?code)", r.text, re.I):
                changes = {"zip": zips[0]}  # ("wrong zip, it should be 43216")
            if changes:
                self.goal = self._empty_goal()
                self.goal.update({"intents": {"address"}, "orders": [o] if o else [], "default_address": o is None,
                                  "address": base, "text": r.text})
                r.intents = set(r.intents) | {"address"}
                r.default_address = r.default_address or o is None
                if not (("city" in changes or "state" in changes) and "zip" not in changes):
                    r.address = {**base, **changes}  # (a new city with no zip: its zip asked for, ``_address_fix``)
        if self.user_id and self.log and self.just_wrote and not (self.pending or self.goal["intents"] & ACTING) and \
                (kind := _TOOL_KIND.get(self.log[-1][0])) in ("cancel", "return", "exchange", "modify") and \
                _SAME_AGAIN.search(r.text) and not (r.intents & ACTING - {"modify", kind} or r.address or r.question or
                                                    r.no or "?" in r.text):
            # "ditto for the other one", "same for the keyboard" right after a write: the same action asked for that
            # order or item (a cancel's reason kept), proposed for its own yes; "the other one" is the customer's one
            # other order in the state the action needs, else which is asked (before: the menu, or the order's
            # contents, the action forgotten)
            named = mentioned_items(r.text, self.product_names)
            other = bool(_OTHER_PENDING.search(r.text) or _OTHER_ORDER.search(r.text))
            if not (r.order_ids or named) and other:
                self._lookup(turn, self._owned())
                state = PENDING if kind in ("cancel", "modify") else "delivered"
                rest = [o for o in self._owned() if o != self.log[-1][1] and self.orders.get(o, {}).get("status") == state]
                r.order_ids = rest if len(rest) == 1 else []
                if not rest and kind in ("return", "exchange"):
                    # ("ditto for the other one" after one of two like items was returned: no other delivered order,
                    # and the order written can't have another return or exchange)
                    o = self.log[-1][1]
                    return turn.say(f"Order {o} now has {'a return' if kind == 'return' else 'an exchange'} requested, "
                                    f"so none of its other items can be returned or exchanged any more, and you have no "
                                    f"other delivered order. Is there anything else I can help you with?")
            if r.order_ids or named or other:  # (not "same to you, thanks": no order or item, no request)
                r.intents = set(r.intents) | {kind}
                if kind == "cancel":
                    r.reason = r.reason or self.last_reason
        if self.user_id and self.pending and _SAME_AGAIN.search(r.text) and not _ALSO.search(r.text) and \
                not (r.intents & ACTING - {"modify"} or r.address or r.no or r.yes or "?" in r.text):
            r.text += " too"  # "ditto for the other one", "same for the luggage order" at a proposal: that one too
            self.last_text = r.text
        if self.user_id and not r.order_ids and (_OTHER_ORDER.search(r.text) or _OTHER_ONE_TOO.search(r.text) and (
                self.pending or self.log and self.just_wrote) and not mentioned_items(r.text, self.product_names)):
            # ("and the other one too" at a proposal, or right after a write: the other order, as below; before, at a
            # proposal, read as the order corrected: "All right, order #W2 then")
            # "what about the other order?": of two orders, the one not in hand
            inhand = set(self.goal["orders"] or self.recent or [a.get("order_id") for _, a in self.pending])
            rest = [o for o in self._owned() if o not in inhand and (o not in self.orders or
                                                                    self.orders[o]["status"] in (PENDING, "delivered"))]
            named = mentioned_items(r.text, self.product_names)
            if inhand and len(rest) > 1 and (named or _IN_OTHER_ORDER.search(r.text)):
                # "the t-shirt in my other order - can it be size L?": of the orders not in hand, the ones holding the
                # item named (before: the item was taken from the order in hand, and a yes changed the wrong one)
                self._lookup(turn, rest)
                named = mentioned_items(r.text, [it["name"] for o in rest if o in self.orders
                                                 for it in self.orders[o].get("items", [])]) or named
                held = [o for o in rest if o in self.orders and
                        any(it["name"] in named for it in self.orders[o].get("items", []))]
                rest = held or rest
                kinds = {self.orders[o]["status"] for o in held}
                if len(held) > 1 and not self.pending and kinds in ({PENDING}, {"delivered"}) and \
                        not r.intents & ACTING - {"modify", "exchange"}:
                    # two other orders hold it: asked which of THOSE, never the order in hand, the change asked for
                    # kept for the answer (an order id, "the one with the perfume": ``_which_order_picked``); before:
                    # every holder listed, the order in hand first, the change dropped and no answer taken
                    name = next(it["name"] for it in self.orders[held[0]]["items"] if it["name"] in named)
                    self.goal = self._empty_goal()
                    self.goal.update(intents={"modify"} if kinds == {PENDING} else {"exchange"}, text=r.text,
                                     msgs=[(r.text, None)])
                    self.which_order = (name, held)
                    return turn.say(self._which_order_question())
            if inhand and len(rest) == 1:
                r.order_ids = rest
            if inhand and named and r.order_ids:
                # the order meant written beside the words, so each sentence keeps its own order (``order_clauses``):
                # "in #W1 change the puzzle ... the perfume in my other order" is not #W1's perfume
                r.text = _OTHER_ORDER.sub(lambda m: f"{m.group(0)} {r.order_ids[0]}", r.text, count=1)
        if not r.reason and "'no longer needed' or 'ordered by mistake'" in self.last_reply_text and \
                not _holds_on(r.text) and (m := re.search(r"\b(first|1st|former|second|2nd|latter|last)\b|^\W*([12])\W*$", r.text, re.I)):
            # "the second one", to "... 'no longer needed' or 'ordered by mistake'. Which one applies?"
            first = (m.group(1) or "").lower() in ("first", "1st", "former") or m.group(2) == "1"
            r.reason = "no longer needed" if first else "ordered by mistake"
        declined, self.declined = self.declined, None
        wanted = r.intents & ACTING
        meant_yes = bool(_MEANT_YES.search(r.text))  # ("wait no I meant yes": the no is the one taken back)
        if declined and not (self.pending or r.order_ids or r.no and not meant_yes or r.address) and (
                (wanted and wanted <= declined["intents"]) or (r.yes and _REVIVE.search(r.text)) or meant_yes) and \
                not mentioned_items(r.text, self.product_names):
            # a no taken back ("actually yes, cancel it", "on second thought go ahead"): the request declined
            # comes back and is listed again for its own yes
            self.goal, r.yes, r.no = declined, False, False
        if self.transferred:
            turn.end_conversation()
            return turn.say(HANDOFF)
        if self.user_id and (self.not_holder or not_the_holder(r.text, (self.profile or {}).get("name", {}).get(
                "first_name", ""))):
            # logged in, then "btw I'm her son" / "this is my wife's account": the speaker is not the holder, so
            # nothing more is done on this account, and no proposal is left open to a yes (before: the cancel went on)
            told, self.not_holder = self.not_holder, True
            left = bool(self.pending or self.goal["intents"] & ACTING)
            self.goal, self.pending, self.proposal, self.offer, self.declined = self._empty_goal(), [], "", None, None
            if r.bye or r.thanks:
                turn.end_conversation()
                return turn.say("Thank you for contacting us. Have a nice day!")
            return turn.say(("As I said, I" if told else "I'm sorry, I") + " can only help the account holder, in "
                            "their own conversation, so I can't look up or change anything more on this account." +
                            (" Nothing has been changed." if left else "") + " The account holder would need to "
                            "contact us themselves.")
        if self.user_id and not self.pending and self.goal["intents"] & ACTING and _holds_on(r.text) and \
                not (r.order_ids or r.address or r.intents & ACTING or r.reason):
            # "not yet, let me check something first" at the request's own question (its reason, an item's option): the
            # request stays in hand and its question comes again (before: "No problem, I have left order #W1 as it is")
            self.last_text = ""  # (its words pick nothing: the "first" of "let me check something first" is no option)
            return self._say_plan(turn, "Of course, take your time; nothing has been changed. ")
        if self.user_id and (said := self._uncancel_said(turn, r)):
            # "undo the cancellation" / "can you reverse that cancel" / "uncancel it" / "restore order #W1" after a cancel:
            # said plainly that a cancelled order can't be restored, and nothing written (before: "un cancel that" read
            # as a cancel of the order last looked up, and a return offered; "cancel the cancellation" asked which order;
            # "restore order #W1" the menu)
            if self.pending:
                return turn.say(f"{said} Nothing more is changed until you say yes. {self.proposal}")
            if self.goal["intents"] & ACTING:
                return self._say_plan(turn, said + " ")
            return turn.say(f"{said} Is there anything else I can help you with?")
        if self.user_id and not (r.address or self.pending) and (back := self._address_back(r)):
            # "can you put my account address back to what it was?", "change my address back to the original one":
            # the address this chat replaced, read from the lookup made before the change, proposed for its own yes
            # (before: "What is the new address?", the customer knowing only the city)
            self.goal = self._empty_goal()
            o, a = back
            self.goal.update(intents={"address"}, text=r.text, address=dict(a), default_address=o is None,
                             orders=[o] if o else [])
            return self._say_plan(turn, "")
        if self.user_id and _THE_REST.match(r.text) and not (r.order_ids or r.address or r.intents & ACTING):
            # "and the rest?" / "what about the others?": the orders still to come after the one proposed now, or, after
            # an order was cancelled, the same for the account's other pending orders, each with its own yes (before:
            # "Sorry, I can't help with that here", and the rest left as they were)
            if self.pending:
                now = {a.get("order_id") for _t, a in self.pending}
                later = [o for o in self._queue_as_said() if o not in now and not any(x == o for x, _k in self.goal["done"])]
                if not later and {t for t, _a in self.pending} == {"cancel_pending_order"}:
                    # (at the cancellation of one order of several pending: the others come next, each proposed)
                    later = [o for o in self._owned() if o in self.orders and self.orders[o]["status"] == PENDING
                             and o not in now]
                    self.goal["orders"] += [o for o in later if o not in self.goal["orders"]]
                if later:
                    return turn.say(f"I'm going through them one at a time: after this one I'll come to "
                                    f"{', '.join(later)}, each with its own confirmation. {self.proposal}")
            elif self.log and self.log[-1][0] == "cancel_pending_order" and not self.goal["intents"] & ACTING:
                cancelled = self.log[-1][1]
                rest = [o for o in self._owned() if o in self.orders and self.orders[o]["status"] == PENDING]
                if rest:
                    self.goal = self._empty_goal()
                    reason = (self.orders.get(cancelled) or {}).get("cancel_reason")
                    self.goal.update(intents={"cancel"}, text=r.text, orders=rest, reason=reason)
                    return self._say_plan(turn, f"Your other pending order{'s are' if len(rest) > 1 else ' is'} "
                                                f"{', '.join(rest)}; I'll go through them one at a time, each with its own "
                                                f"confirmation. ")
        if self.user_id and self.log and not self.pending and self.just_wrote and \
                _STOP_IT.search(r.text) and not (r.order_ids or r.address or r.payment_kind or r.intents & ACTING or r.yes):
            # "oh wait, hold on - don't do that yet" right after a write: said that it is already done, and what of it
            # can still be changed (before: the menu, as if nothing had been said)
            return turn.say(f"I'm sorry, that has already been done: I {self.log[-1][2]}. {self._undo_text(last=True)} "
                            f"Is there anything else I can help you with?")
        if self.user_id and self.log and not (self.pending or self.goal["intents"] & ACTING) and self.just_wrote and \
                _WRONG_DONE.search(r.text) and not (r.order_ids or r.address or r.payment_kind or r.intents & ACTING or
                                                    r.yes or mentioned_items(r.text, self.product_names)):
            # "ugh wait that was the wrong one" right after a write: it stays done, said so with what of it can still be
            # changed, and the order meant asked (before: the generic menu, as if the write had not been questioned);
            # the same kind of request waits for that order, its details asked and proposed anew for their own yes
            kind = _TOOL_KIND.get(self.log[-1][0])
            self.goal = self._empty_goal()
            self.goal.update(intents={kind} if kind in ACTING else set(), text=r.text)
            return turn.say(f"I'm sorry about that: I {self.log[-1][2]}. {self._undo_text(last=True)} Which order did "
                            f"you mean?")
        if self.user_id and self.log and not (self.pending or self.goal["intents"] & ACTING) and self.just_wrote and \
                _WRONG_DONE.search(r.text) and (r.order_ids or mentioned_items(r.text, self.product_names)) and \
                not (r.address or r.payment_kind or r.yes) and \
                _TOOL_KIND.get(self.log[-1][0]) != "address" and \
                r.intents & ACTING <= {_TOOL_KIND.get(self.log[-1][0])}:  # (the "no" of "oh no, wrong order!" is none)
            # (an address moved to the wrong order has its own follow-up, ``_after_address_write``)
            # "oh no, wrong order! I meant the smart watch one", "oops I mixed them up, it should have been #W2" right
            # after a write: it stays done, said so, and the same request is taken up for the order meant, its reason
            # kept, for its own yes (before: the order meant described, with no word that the write can't be undone)
            kind = _TOOL_KIND.get(self.log[-1][0])
            reason = self.last_reason if kind == "cancel" else None
            self.goal = self._empty_goal()
            self.goal.update(intents={kind} if kind in ACTING else set(), reason=reason)
            r.intents = set(r.intents) | ({kind} if kind in ACTING else set())
            r.reason = r.reason or reason
            self._wrong_done_lead = f"I'm sorry about that: I {self.log[-1][2]}. {self._undo_text(last=True)} "
        put_back = bool(self.log and _PUT_BACK.search(r.text) and not (r.payment_kind or r.address))  # (a write made)
        if self.user_id and not (r.order_ids or r.address or r.intents & ACTING - {"cancel", "return", "exchange",
                                                                             "modify", "address", "payment"}) and \
                (_RECAP_Q.match(r.text) or (_UNDO_Q.search(r.text) or put_back) and not r.order_ids):
            # "did that go through?", "what did you change?" / "can you undo it?": what this chat changed, or what of
            # it can be taken back (before: "Sorry, I can't help with that here", or every order's contents)
            said = self._undo_text() if _UNDO_Q.search(r.text) or put_back else self._recap_text()
            if self.pending:
                return turn.say(f"{said} Nothing more is changed until you say yes. {self.proposal}")
            return turn.say(f"{said} Is there anything else I can help you with?")
        if r.address and not (r.order_ids or r.default_address) and self.last_reply_text.startswith(_DEFAULT_SAID) and \
                re.search(r"\b(?:it|that|this|mine)\b", r.text, re.I):
            r.default_address = True  # "what's my default address?" - "change it to 12 Elm St ...": that address
        moved = self._after_address_write(turn, r) if self.user_id else None
        if moved is not None and moved.endswith("?"):
            return turn.say(moved)
        told = " ".join(([REFUND_TIMES] if r.refund_timing else []) + ([REFUND_WAYS] if r.refund_form else []) +
                        ([NO_FEES] if r.fee else []))
        if told and not (r.yes or (r.intents and not _POLICY_ONLY_Q.match(r.text)) or r.order_ids or r.address or
                         r.emails or r.names or r.zips or mentioned_items(r.text, self.product_names)):
            # a question policy answers alike for every order; a proposal waiting for a yes stays open and
            # is listed again, so the yes still follows the action's details (R3); a request waiting for
            # its next detail asks for it again
            if self.pending:
                plain = "Just to be sure: I need a plain yes (or no) before I go ahead. " if if_yes else ""
                if r.fee and (kind := self._item_change_kind()) and (money := _PROPOSAL_MONEY.search(self.proposal or "")):
                    # "if it's free, great; either way go ahead" at an exchange: its fee is the difference in price, said
                    # as proposed (before: the cancellation's and the return's refunds, which fit no item change)
                    told = told.replace(NO_FEES, f"There is no fee for {kind}: only the difference in price is settled, "
                                                 f"and as proposed, {self._money_said(money.group(0))}.")
                elif if_yes and (paid := re.search(r"you pay \$[\d,]+\.\d\d more(?: with your [^.;(]*[^.;( ])?",
                                                   self.proposal)):
                    # "go ahead unless it costs extra" at an item change that costs more: no fee, but that price
                    # difference (before: "There is no fee" alone, as if nothing were paid)
                    told += f" As proposed, though, {paid.group(0)}, the difference in price."
                return turn.say(f"{told} {plain}{self.proposal}")
            if self.user_id and self.goal["intents"] & ACTING:
                return self._say_plan(turn, told + " ")
            return turn.say(f"{told} Is there anything else I can help you with?")
        lead = told + " " if told else ""  # asked beside a request: answered, then the request
        lead += moved or ""  # (what of an address written by mistake stays, said before the new proposal)
        if ASKS_IF_MACHINE.search(r.text) and "human" not in r.intents:  # "are you a bot?"
            lead += "I'm the store's virtual assistant, not a person. "
        if asks_shipping_abroad(r.text) and not (r.address or r.intents & ACTING - {"address", "modify"} or
                                                 mentioned_items(r.text, self.product_names)):
            # "do you ship to canada?", "can you ship it overseas instead?": no store action answers it, so said so
            # and what can be done, then the question in hand (before: every order's contents)
            if not self.user_id:
                lead += SHIPS_ABROAD_SAID + " "
                r.intents, r.question, r.topics = r.intents - {"info", "address"}, False, set()
            elif self.pending:
                return turn.say(f"{lead}{SHIPS_ABROAD_SAID} {self.proposal}")
            elif self.goal["intents"] & ACTING - {"address"}:
                return self._say_plan(turn, f"{lead}{SHIPS_ABROAD_SAID} ")
            else:
                self.goal = self._empty_goal()
                return turn.say(f"{lead}{SHIPS_ABROAD_SAID} Is there anything else I can help you with?")
        if self.pending and (kept := self._orders_kept(turn, r.text)) is not None:
            # "go ahead but don't touch my other order", "yes if that doesnt affect my other order", "ok, but don't
            # cancel the order with the sneakers" at a proposal for another order: a condition the proposal already
            # meets, said so and a plain yes asked (before: read as a request on the order it protects, which was
            # proposed with this request's reason and, on a yes, cancelled)
            proposed = list(dict.fromkeys(o for _, a in self.pending if (o := a.get("order_id"))))
            stay = f"order {kept[0]} stays as it is" if len(kept) == 1 else "your other orders stay as they are"
            return turn.say(f"{lead}This is only for order {', '.join(proposed)}; {stay}. Just to be sure: I "
                            f"need a clear yes before I go ahead. {self.proposal}" if proposed else
                            f"{lead}This doesn't change any of your orders. Just to be sure: I need a clear yes before "
                            f"I go ahead. {self.proposal}")
        if self.user_id and self.changed_names and not (self.pending or self.goal["intents"] & ACTING or r.address) and \
                ("?" in r.text or _CHECK_TAG.search(r.text)) and _ITEM_DONE_Q.search(r.text) and \
                not _MODAL_ASK.match(r.text) and (said := self._item_change_said(r, turn)):
            # "great, and the backpack is done too right?" after a change of the lamp alone in that order: what the
            # change held and what it did not, and that the order's items can't be changed again (before: the
            # backpacks of other orders listed and offered for a change, the one asked about never answered)
            return turn.say(f"{lead}{said}" + ("" if said.endswith("?") else " Is there anything else I can help you with?"))
        if self.user_id and self.log and not (self.pending or self.goal["intents"] & ACTING or r.address) and \
                ("?" in r.text or _CHECK_TAG.search(r.text)) and _DONE_ASKED.search(r.text) and \
                not _MODAL_ASK.match(r.text) and (said := self._order_done_said(turn, r)):
            # "the luggage order is cancelled too right?" after the bike order alone was cancelled: whether this chat
            # wrote to that order, and its state (before: read as a request to cancel it, its reason asked)
            return turn.say(f"{lead}{said}" + ("" if said.endswith("?") else " Is there anything else I can help you with?"))
        if self.user_id and self.log and not (self.pending or self.goal["intents"] & ACTING) and "?" in r.text and \
                _REFUNDED_Q.search(r.text) and not (set(r.order_ids) - {o for _, o, _ in self.log} or r.address or
                                                    r.intents & ACTING - {"return", "payment"} or r.refund_timing or
                                                    mentioned_items(r.text, self.product_names)):
            # "and refund anything to the gift card?" after a payment change: what this chat's writes refunded, and
            # where (before: "Which order is this about?", again and again)
            return turn.say(f"{lead}{self._refunds_said(r)} Is there anything else I can help you with?")
        if self.user_id and (self.pending or self.goal["intents"] & ACTING) and \
                not (r.yes or r.address or r.intents & ACTING or r.emails) and (back := self._asked_back(turn, r)):
            # a question asked back at the clerk's question ("which colors are there?", "is it still pending?", "does
            # it matter?", "sorry I mean W2" of the order proposed): answered, then the question in hand again
            # (before: the same question with no answer, or "Sorry, I can't help with that here.")
            if self.pending:
                return turn.say(f"{lead}{back} {self.proposal}")
            return self._say_plan(turn, f"{lead}{back} ")
        if self.user_id and not self.pending and "cancel" in self.goal["intents"] and \
                "'no longer needed' or 'ordered by mistake'" in self.last_reply_text and \
                not (r.reason or r.other_reason or r.order_ids or r.no or r.address or "?" in r.text or
                     r.intents & ACTING - {"cancel"}) and "cancel" in r.intents:
            # "Ok. Yes, please cancel it." at the cancellation's reason question: said why the reason is needed, and
            # asked again (before: the same question with no word of the yes)
            return self._say_plan(turn, f"{lead}I'll gladly cancel it, but I can only do so with one of the two reasons, "
                                        f"so I need to know which one applies. ")
        if self.user_id and (self.pending or self.goal["intents"] & ACTING) and not (r.question or r.intents & ACTING) and \
                "?" in r.text and asks_only(r.text)[0] and not (r.order_ids or r.address or _ASKS_CHOICES.search(r.text)) and \
                _ASKS_ORDER.search(r.text) and (_FACT_START.match(r.text) or _ORDER_REF.search(r.text)):
            r.question, r.no = True, False  # "wait, which items are in it again?": a question about the order in hand
        elif self.user_id and self.pending and _TELL_FIRST.search(r.text) and _ASKS_ORDER.search(r.text) and \
                not (r.intents & ACTING or r.order_ids or r.address or r.yes):
            # "not yet, first tell me the total": a question before the yes, answered with the proposal kept (not a no)
            r.question, r.no = True, False
        if (about_method := self._method_remark(r)) is not None:
            # "great, yes. charge it to the paypal though" with no PayPal, "ok go, but the visa is closed now" with the
            # Visa the only method, at an item change: said, and the same proposal asked again (no yes to it: the
            # customer's yes came with a method that isn't there; before: the item change dropped, or asked again
            # without a word)
            return turn.say(f"{lead}{about_method} {self.proposal}")
        money = _PROPOSAL_MONEY.search(self.proposal or "") if self.pending else None
        if not self.pending and self.user_id and self.goal["intents"] & {"exchange", "modify"} and \
                (cost := _COSTS_MORE.search(self.last_reply_text)) and "?" in r.text and _PRICE_Q.search(r.text) and \
                not (r.intents & ACTING or r.order_ids or r.yes):
            # "whats the price difference" at "... costs $107.55 more, and your gift card doesn't cover that. Which payment
            # method ...?": the difference said, and the question again (before: "Sorry, I can't help with that here")
            return turn.say(f"{lead}It costs {cost.group(1)} more. {self.last_reply_text}")
        # (not "can the money go to the gift card?" where a return's proposal says PayPal: that method asked for, below)
        other_method = bool(r.payment_kind and money and "I will return from order" in self.proposal and not re.search(
            {"gift_card": r"\bgift card\b", "paypal": r"\bpaypal\b"}.get(r.payment_kind, r"\b(?:visa|mastercard|amex|"
                                                                                  r"discover|credit card|card)\b"),
            money.group(0), re.I))
        if self.pending and _ALTOGETHER.search(r.text) and _REFUND_Q_WORDS.search(r.text) and not (
                r.yes or r.order_ids or r.address or other_method) and (whole := self._planned_refunds_said()):
            # "before we do anything, what's the total I'd get back from cancelling all pending orders and returning the
            # watch?": the sum over every part of the request in hand, read from the orders' prices, nothing written
            # (before: only the amount of the proposal on screen)
            return turn.say(f"{lead}{whole} {self.proposal}")
        if self.pending and "?" in r.text and _CHEAPER_Q.search(r.text) and not (r.intents & ACTING - {"modify", "exchange"} or
                                                                           r.order_ids or r.yes) and \
                (cheaper := self._cheaper_said(turn, r.text)):
            # "is there a cheaper black one?" at an item change: the cheaper available options that keep what is named
            # (before: "As proposed, you get $103.28 back", the question unanswered)
            return turn.say(f"{lead}{cheaper} {self.proposal}")
        asks_refund = money and ("?" in r.text or _ASKS_START.match(r.text)) and _REFUND_WHETHER.search(r.text) and \
            not r.intents & ACTING - {"return", "cancel"} and _PROPOSAL_MONEY.search(r.text) is None and \
            not (r.payment_kind or r.card_brand or r.card_last4 or r.refund_form)  # (not "can I get the refund on paypal?")
        if money and ("?" in r.text and _PRICE_Q.search(r.text) or asks_refund) and not (
                (r.intents & ACTING and not asks_refund) or r.order_ids or r.yes or other_method):
            # "whats the difference in price?" / "is that more expensive?" at a proposal that says it
            return turn.say(f"{lead}As proposed, {self._money_said(money.group(0))}.{self._new_total(r.text)} {self.proposal}")
        if r.question and self.user_id and (self.pending or self.goal["intents"] & ACTING) and not r.abandon:
            # "wait, did I already get refunded for the other one?" while a request is in hand: answered,
            # then the request's own question again (a proposal listed again, so a yes still follows it)
            named = [o for o in r.order_ids if o not in r.negated_orders]
            if not named and not mentioned_items(r.text, self.product_names):  # "how much did I pay for it?"
                named = [o for o in ([a.get("order_id") for _, a in self.pending] or self.goal["orders"]) if o]
            if any(tool == "modify_user_address" for tool, _ in self.pending) and _ORDER_WORDS.search(r.text):
                # "is that gonna change where my current order ships too?"
                answer = ("Changing your default address doesn't change where orders already placed ship to; a pending "
                          "order's shipping address can be changed separately.")
            elif _BALANCE_Q.search(r.text) and not (r.order_ids or mentioned_items(r.text, self.product_names)):
                # "how much is left on the gift card?" while a payment change waits for its order: the account's
                # balance (before: every order looked up and listed)
                answer = self._methods_sentence(r.text)
            else:
                answer = self._answer(turn, r.topics, list(dict.fromkeys(named)), r.text, r.hypothetical,
                                      r.default_address, closing=False)
            if self.pending:
                return turn.say(f"{lead}{answer} {self.proposal}")
            return self._say_plan(turn, f"{lead}{answer} ")
        if self.pending and not (r.order_ids or r.yes) and (switched := self._switched_kind(r)):
            # "hmm actually exchange it for the 5mm TPE pink one" at a return proposal: the same items, the other
            # action, as a new request on that order (before: "Which items ... would you like to exchange?" again)
            r.order_ids, self.adopted = switched
            r.intents -= _negated(r.text)  # ("exchange it instead of returning it": no return asked beside it)
        if self.pending and not (r.order_ids or r.yes) and (kept := self._instead_of_value(r.text)):
            r.text = f"{r.text}, keep {kept}"  # ("make it leather instead of 10": the size stays as it is)
        fixed, fixing = self._address_fix(r)
        if fixed:  # "sorry, typo: it's 889 not 888": the address said before, corrected
            r.address = fixed
        was: list[tuple[str, dict[str, Any]]] | None = None  # the proposal a message meant to change
        added_to: list[tuple[str, dict[str, Any]]] | None = None  # the proposal a "yes - actually X too" answered
        narrowed = False
        if self.pending and (picks := ordinal_answers(r.text)) and not (r.order_ids or r.intents & ACTING):
            queue = self._queue_as_said()
            if len(queue) == 2:
                # "yes to the first, no to the second" at a proposal of the first of two orders asked for (in the
                # customer's words): the one refused is left, the other proposed (before: "Before you go", and
                # the next "yes" wrote both)
                keep, drop = (queue[0], queue[1]) if picks[0] else (queue[1], queue[0])
                self.goal["orders"].remove(drop)
                self.goal["done"].add((drop, "refused"))  # (not found again by its items and proposed after the yes)
                lead += f"All right, I'll leave order {drop} as it is. "
                if any(a.get("order_id") == keep for _, a in self.pending):
                    return turn.say(f"{lead}{self.proposal}")
                self.pending = []
                return self._say_plan(turn, lead)
        if self.pending and all(t == "cancel_pending_order" for t, _ in self.pending) and not r.yes and \
                (r.payment_kind or r.card_brand or r.card_last4) and _REFUND_TO.search(r.text) and \
                not (r.order_ids or r.address or r.no and not _OPENS_YES.match(r.text)):
            # "yes but no refund needed to the card, put it on a gift card" at a cancel: where a cancel's refund goes
            # (the method the order was paid with, no other), then the proposal again for a plain yes (before: "I
            # couldn't tell what you'd like to change there", the wish never answered)
            paid = [self._payment_methods().get(self._original_method(a["order_id"]) or "", {}) for _, a in self.pending]
            rule = "" if all(r.payment_kind == m.get("source") and not r.card_brand and not r.card_last4 for m in paid) \
                else "A cancelled order can only be refunded to the method it was paid with, not to another one."
            return turn.say(lead + " ".join(x for x in (rule, self._refund_said(r), self.proposal) if x))
        if self.pending and not r.yes and _OPENS_YES.match(r.text) and not (r.order_ids or r.address) and \
                (_BALANCE_Q.search(r.text) or _REFUND_IF.search(r.text) and not other_method):
            # (not "yes, as long as the refund goes on my gift card" at a return to PayPal: a return can go to the
            # gift card, so proposed again with it, below; before: "goes to your PayPal account", untrue once asked)
            # "yes do it, and tell me my gift card balance" / "yes if it goes back to my gift card": a yes with a
            # question or a condition, which comes first; then the proposal, for a plain yes (before: the same
            # proposal again and again, the question never answered)
            answer = self._methods_sentence(r.text) if _BALANCE_Q.search(r.text) else self._refund_said(r)
            return turn.say(f"{lead}{answer} {self.proposal}")
        # "yes, and also cancel #W2": the proposal said yes to stays in the request, asked again for a plain yes, and the
        # new request is added behind it (before: the new order replaced the request, and the yes'd one was dropped)
        yes_and = bool(self.pending and not r.yes and not r.no and _OPENS_YES.match(r.text) and _ALSO.search(r.text))
        if self.pending and not r.yes and _OPENS_YES.match(r.text) and {t for t, _ in self.pending} & {
                "exchange_delivered_order_items", "modify_pending_order_items"} and \
                (bare := numbers_not_options(r.text)) != r.text:
            # "yes. btw it's been 7 days since delivery", "yes please - my wife wears a 7 but these are for me" at an item
            # change: numbers that name no option change none (an option change names it: "size 9", "a 9 instead");
            # before, read as a new size, proposed, and written on the next yes
            r.text = bare
        if self.pending and (fixed_text := self._unexcepted(r.text)) != r.text:
            r.text, r.all_items = fixed_text, False  # ("everything good except the camera - I want it in silver")
        if self.pending and _NO_THEN_YES.match(r.text):
            r.abandon = False  # ("no wait forget it. actually yes do it": the take-back taken back; a clear yes asked below)
        if self.pending and r.abandon and not (r.yes or r.intents & ACTING or r.address or r.payment_kind or fixing or
                                               r.reason or self._pending_named(r) or self._corrects_items(r)):
            # "nevermind that, is my order #W2 shipped yet?" at a proposal: it is dropped, and the question beside it
            # answered (before: the proposal said again after the answer, and the "great" that acknowledged the answer
            # wrote it); "forget it, I'll keep them. thanks" is a no (below), not "Before you go" and the proposal again
            if not (r.order_ids or r.question or "?" in r.text):
                r.no = True
            else:
                orders = list(dict.fromkeys(o for _, a in self.pending if (o := a.get("order_id"))))
                self.pending, self.goal, self.proposal = [], self._empty_goal(), ""
                lead += f"All right, I have left order {', '.join(orders)} as it is. " if orders else ""
                r.no = r.abandon = r.closing = r.bye = False
        if self.pending and {t for t, _ in self.pending} & {"return_delivered_order_items", "exchange_delivered_order_items",
                                                            "modify_pending_order_items"} and \
                ("?" in r.text or _CHECK_TAG.search(r.text)) and _IN_REQUEST_Q.search(r.text) and \
                not (_MODAL_ASK.match(r.text) or r.yes or r.order_ids or r.address or r.intents & ACTING - {"return",
                                                                                                         "exchange"} or
                     _ADD_WORDS.search(r.text) or self.log and self.just_wrote) and \
                (asked := list(dict.fromkeys(mentioned_items(r.text, [
                    it["name"] for o in {a.get("order_id") for _, a in self.pending}
                    for it in self.orders.get(o, {}).get("items", [])]) or mentioned_items(r.text, self.product_names)))):
            # "the camera is in there too right?" at a return of the keyboard alone: whether it is, the proposal kept as
            # it is (before: "Sorry, I can't help with that here" and the camera added to a new proposal unasked)
            held = self._proposed_names()
            yes_in, not_in = [n for n in asked if n in held], [n for n in asked if n not in held]
            parts = []
            if yes_in:
                parts.append(f"Yes, the {' and the '.join(yes_in)} {'is' if len(yes_in) == 1 else 'are'} in this request.")
            if not_in:
                parts.append(f"No, the {' and the '.join(not_in)} {'is' if len(not_in) == 1 else 'are'} not in this "
                             f"request: it holds only the {' and the '.join(sorted(held))}. If you'd like "
                             f"{'it' if len(not_in) == 1 else 'them'} added, just tell me.")
            return turn.say(f"{lead}{' '.join(parts)} {self.proposal}")
        if self.pending and not (r.yes or r.no or r.order_ids or r.address or r.payment_kind or r.card_brand or
                                 r.intents & ACTING or fixing) and _NEXT_STEP_Q.match(r.text):
            # "Is that everything I need to do?", "Do I need to do anything else?", "What else do you need from me?" at a
            # proposal: nothing more than the yes (before: "Sorry, I can't help with that here", or the question read as
            # "every item" and another item of the order asked about)
            once = " For an item change, please check that these are all the items you want changed, as it can only " \
                   "be done once." if "make sure these are all the items" in self.proposal else ""
            return turn.say(f"{lead}Nothing else is needed from you: once you say yes, I'll make the change.{once} "
                            f"{self.proposal}")
        if self.pending and not (r.yes or r.no or r.order_ids or r.address or r.payment_kind or r.card_brand or
                                 r.intents & ACTING or fixing or _YES_ASKED.match(r.text)) and doubts_proposal(r.text):
            # "Yes. Are you sure that's the right order?", "Yep. Did I give you the right number?", "Yes. Should I?": a
            # yes that doubts the proposal is none; answered, and the proposal asked again (before: written on the yes)
            advice = _ADVICE_ASKED.search(r.text)
            said = ("That's your decision: I can't advise either way, and nothing is changed unless you say yes. " if advice
                    else "The details below are what I have from you in this conversation; please check them. Nothing is "
                         "changed unless you say yes. ")
            return turn.say(f"{lead}{said}{self.proposal}")
        if self.pending:
            put_off = bool(_NOT_NOW.search(r.text) and re.search(r"\b(?:thanks?|thank you|thx|bye|goodbye|cheers)\b", r.text, re.I))
            if (r.bye or r.closing and not (_FINE_WITH.match(r.text) or _ANSWERS_PROPOSAL.search(r.text)) or put_off) and not (r.yes or r.no or r.aside_yes or _OPENS_YES.match(r.text) or r.order_ids or r.intents & ACTING or r.address or fixing or
                                             self._pending_named(r) or r.reason or r.urgent and not put_off or
                                             not put_off and self._corrects_items(r)):  # ("clicky with no backlight")
                # (a yes with thanks, "yes ship it there, thanks!", is no goodbye either: asked for a plain yes, below;
                # nor is "nah, that's all, go ahead", a yes the "that's all" of which says there is nothing to add)
                # (a reason and "hurry up, I don't have all day" is no goodbye: asked for the yes, below; the "right
                # now" of "not right now, thanks" is no hurry)
                # "That's all, thanks!" while a proposal waits for its yes: said that it is not done, and asked again;
                # "gotta go" ends the conversation, saying so (before: a goodbye, with no word of the return not made)
                if _LEAVING.search(r.text) or put_off:  # ("not now, thanks": put off, and leaving)
                    self.pending = []
                    turn.end_conversation()
                    return turn.say("Please note that I haven't made that change, since I didn't get your yes. Thank "
                                    "you for contacting us. Have a nice day!")
                return turn.say(f"{lead}Before you go, please note that I haven't done this yet. {self.proposal}")
            if r.restated_yes and not fixing:
                # "ok so you'll cancel order W1? yes go ahead": asked once for a plain yes, the proposal (its reason)
                # and the requests queued behind it kept (before: a new request, the reason asked again, the rest lost)
                return turn.say(f"{lead}Yes, that's the one. Just to be sure: I need a clear yes before I go ahead. "
                                f"{self.proposal}")
            if not fixing and (aside := self._other_part_chosen(r)):
                # "no, hold off on that one, just do the other" / "do the other one first": the rest of the request
                if self.pending:  # (the proposal kept, said why)
                    return turn.say(f"{lead}{aside}")
                return self._say_plan(turn, f"{lead}{aside} ")
            if not (r.yes or r.order_ids or r.address or r.intents & ACTING - {"modify"}) and \
                    (moved := self._picked_elsewhere(turn, r)):
                # "the gold one" / "no, the gold one" / "no not that tablet, the other tablet" at a return of the silver
                # tablet, the gold one being in another order: the request moves to that order and is proposed for it
                # (before: the silver one proposed again, or the whole request dropped as a no)
                return self._say_plan(turn, lead + moved)
            pick = self._one_picked(r)
            if pick is not None and not pick[1]:
                r.yes = False  # "yes, the large one" at a proposal of the small one: no yes to it (read below)
            if r.yes and self._names_part(r):
                r.yes = False  # "ok just the watch then" at a return of the watch and the t-shirt: narrowed (below), no yes
            if pick and pick[1] and not r.yes:  # "the small one", the small one proposed: said, and the yes asked
                return turn.say(f"{lead}That's already the case: the {pick[0]} is the one in this request. "
                                f"{self.proposal}")
            if r.yes and not fixing:
                reply = lead + self._execute(turn)
                if self.pending:  # the next proposal, said again when a question comes between it and its yes
                    self.proposal = reply[reply.find(CONFIRM):] if CONFIRM in reply else reply
                return turn.say(reply)
            if (kept := self._narrowed_already(r)) and not (r.yes or r.no or r.order_ids or r.intents & ACTING - {"modify"}):
                them = " and the ".join(kept)
                return turn.say(f"{lead}That's already the case: only the {them} {'is' if len(kept) == 1 else 'are'} "
                                f"in this request. {self.proposal}")
            checking = bool(_CHECKING_ORDERS.search(r.text)) and not (r.yes or r.order_ids or r.intents & ACTING or
                                                                       r.address or fixing)
            if checking:
                # "no other items that I know of, let me check my other order first": a pause (below), no order meant
                # and no "no" (before: switched to an order nobody named)
                r.no = False
            if _NOT_THAT_ORDER.search(r.text) and not (r.yes or r.order_ids or r.intents & ACTING or r.address or
                                                       mentioned_items(r.text, self.product_names) or checking):
                # "wait, not that order" / "no, the other pending one": the request moves to the customer's other
                # order in the state it needs, or which one is asked (before: "All right, I won't make that change")
                if moved := self._other_order_meant(turn):
                    if self.pending:  # no other order it could be: said, and the proposal kept
                        return turn.say(f"{lead}{moved} {self.proposal}")
                    return turn.say(lead + moved) if moved.endswith("?") else self._say_plan(turn, lead + moved)
            if _YES_ASKED.match(r.text):  # "sure why not?": asked for a clear answer, the proposal kept as it is
                return turn.say(f"{lead}Just to be sure: I need a clear yes or no before I go ahead. {self.proposal}")
            if _PAUSE.match(r.text) or _holds_on(r.text) and not (r.order_ids or r.address or r.intents & ACTING):
                # "wait" / "hold on a sec" / "not yet - hold on" / "not yet, let me check something first": nothing happens
                # yet, and the proposal stays (below; before, "not yet ..." dropped it: "All right, I won't make that change")
                r.no = r.abandon = False
            if not r.yes and all(t == "cancel_pending_order" for t, _ in self.pending) and _KEEP_IT.search(r.text) and \
                    not (r.order_ids or r.intents & ACTING):
                r.no = True  # "I just said keep it" at a cancel: the cancel refused (before: proposed again and again)
            if r.no and _NO_BUT_RIGHT.match(r.text) and not (_KEEP_NOT_CANCEL.search(r.text) or _NO_CANCEL.search(r.text) or
                                                             r.order_ids or r.address or r.payment_kind):
                # "nope, that's right": a no that backs the proposal is no decline, nor a clear yes (before: dropped)
                return turn.say(f"{lead}Just to be sure: I need a clear yes or no before I go ahead. {self.proposal}")
            if _NO_THEN_YES.match(r.text):
                r.no = False  # "no wait yes": a yes taken back and given again, asked to be said clearly (below)
            if r.no and (m := _NO_THEN_METHOD.match(r.text)) and not (r.order_ids or r.address) and \
                    re.search(_METHOD_IN_PROPOSAL[m.group("m").lower().replace(" ", "")[:4]], self.proposal or "", re.I):
                # "the gift card please" - (re-proposed to the card) - "no wait, card is fine": the detour taken back,
                # the proposal's own method kept (before: the whole request dropped); a clear yes still asked (below)
                r.no, r.payment_kind = False, None
            if r.no and not (r.order_ids or r.intents - {"modify"} or r.address or fixing or self._corrects_items(r) or
                             self._names_part(r) or  # ("leave the helmet, just do the camera": a no to one item)
                             r.correction and self._order_by_item(turn, r.text) or  # ("not that order, the vacuum one")
                             self._reason_corrected(r)):  # ("no, the reason is that I no longer need it": proposed again)
                self.declined = copy.deepcopy(self.goal)  # "no" - "actually yes, cancel it": taken up again
                self.pending, self.goal = [], self._empty_goal()
                return turn.say("All right, I won't make that change. Is there anything else I can help you with?")
            if yes_and and not (self.urgent and self._has("skip_confirm_when_urgent")):
                lead += _YES_AND_LEAD
                added_to = list(self.pending)  # (said otherwise when the rest is folded into this proposal: _say_plan)
            elif r.aside_yes and not (r.order_ids or fixing):
                # "yes, I don't think I'll need it", "si": a yes the consent reading doesn't take alone; said so
                lead += "Just to be sure: I need a plain yes (or no) before I go ahead. "
            elif (LATER.search(r.text) or _HESITANT.search(r.text)) and not r.order_ids and not fixing and not _NO_THEN_YES.match(
                    r.text) and not (
                    r.intents & ACTING or self._corrects_items(r) or r.payment_kind or r.reason):
                # "ok, I'll check with my wife": nothing happens yet (not "no wait, I also want the vacuum changed")
                lead += "Of course, take your time; nothing has been changed. "
            elif (accepts_offer(r.text) or self._reason_again(r) or _NO_THEN_YES.match(r.text)) and "?" not in r.text and \
                    not r.order_ids:
                # "k thx", "yes, and ...", or the reason of the cancellation proposed said again ("dont need it anymore");
                # not "ok, then cancel it" at an address change: another request, proposed as such
                switched = r.intents & ACTING - {"modify"} - {_TOOL_KIND[tool] for tool, _ in self.pending}
                if not (self.urgent and self._has("skip_confirm_when_urgent")) and not switched:  # (that fault acts on the hurry instead)
                    lead += "Just to be sure: I need a clear yes before I go ahead. "
            elif (_CHANGE_WORDS.search(r.text) or mentioned_items(r.text, self.product_names) or
                  mentioned_items(r.text, sorted(self._proposed_names()))) and not r.yes:
                # (an item named by a word the catalogue shares, "the kettle" of an Electric Kettle and a Tea Kettle, is
                # still one of the proposal's: "wait make the kettle black" keeps the puzzle beside it; before, dropped)
                was = list(self.pending)
            narrowed = self._names_part(r)  # ("I'll keep the helmet" of three items: no goodbye to all of them, below)
            # ("no, just these two. proceed" at "are these all the items?": the whole list kept, no narrowing of it)
            narrowing = self._narrow(r) if not r.aside_yes else None
            if narrowing:  # ("fine. the watch alone then": a new, narrower proposal follows, not the same one again)
                lead = lead.replace("Just to be sure: I need a clear yes before I go ahead. ", "")
            if narrowing and was is None:
                was = list(self.pending)  # a narrowing not understood is said so, not listed again as if unsaid
            elif narrowed and was is not None and not _ONLY.search(r.text):
                # "wait, the camera should be black, not silver" at a proposal of the camera, the kettle and the helmet:
                # the camera's option corrected, the kettle and the helmet kept (before: dropped without a word)
                self.goal["kept_items"] |= self._proposed_names() - self._kept_dropped(r.text, self._proposed_names())[0]
            self._keep_reason(r)
            self.pending = []
        if "cancel" in self.goal["intents"] and not (self.pending or r.order_ids or r.reason) and _NO_CANCEL.search(r.text):
            # "never mind the cancellation, can you change the backpack instead?" / "I don't want to cancel the
            # whole order, can I cancel just one item?" at the reason question: the cancellation is dropped, and
            # the request said beside it taken up, or cancelling part of an order answered (before: the reason
            # question again, whatever was said)
            orders = [o for o in self.goal["orders"] if o in self._owned()]
            self.goal = self._empty_goal()
            if r.intents & ACTING - {"cancel"}:
                self.goal["orders"] = orders
                r.intents = r.intents - {"cancel"}
            else:
                part = ("An order can only be cancelled as a whole, not item by item, so " if _PART_CANCEL.search(r.text)
                        else "No problem, ")
                left = f"I have left order {', '.join(orders)} as it is." if orders else "I have not changed anything."
                return turn.say(f"{lead}{part}{left} Is there anything else I can help you with?")
        if self.option_asked and not (r.order_ids or r.address) and (asked := self._item_name(self.option_asked)) and \
                (_ONLY.search(r.text) or _DROP_ITEM.search(r.text)) and \
                (named := set(mentioned_items(r.text, self.product_names))) and (
                    asked not in named or _DROP_ITEM.search(r.text) and not _ONLY.search(r.text)):
            # "Which option would you like for the Smartphone?" - "ok just the keyboard then" / "skip the phone":
            # the item asked about is put aside, the rest of the request kept (before: the same question again)
            self.goal["dropped_items"].add(asked)
            self.option_asked = None
        refuses = bool(r.refused & self.goal["intents"])  # "we don't need to swap it anymore"
        if self.option_asked and r.no and not r.yes and not self._names_option(r.text):
            asked = self._item_name(self.option_asked)
            rest = set(mentioned_items(self.goal["text"], self.product_names)) - {asked} - self.goal["dropped_items"]
            if asked and rest and not (r.abandon or r.refused & self.goal["intents"] or
                                       mentioned_items(r.text, self.product_names)):
                # "Which option would you like for the Smartphone?" - "no": the phone is left as it is, the keyboard
                # asked for beside it kept (before: the whole request dropped)
                self.goal["dropped_items"].add(asked)
                self.option_asked, r.no = None, False
                lead += f"All right, I'll leave the {asked} as it is. "
            else:
                refuses = True  # "Which option would you like ...?" - "no thanks" / "nah then forget it": dropped
        if (r.abandon and not (r.reason or narrowed or r.intents & ACTING or r.order_ids or r.address or
                                mentioned_items(r.text, self.product_names)) and
                self.goal["intents"] & ACTING and "?" in r.text and not self.pending):
            # "never mind that, what's the tracking number?" at "Which option ...?": the request is dropped and the
            # question answered (before: "I don't see that among the available options", the question again)
            orders = [o for o in self.goal["orders"] if o in self._owned()]
            self.goal = self._empty_goal()
            self.goal["orders"], self.option_asked = orders, None
            r.no = r.abandon = False
            lead += "No problem, I'll leave that. "
        if ((r.abandon and not r.reason and not narrowed or refuses) and self.goal["intents"] & ACTING and "?" not in r.text and
                r.intents <= self.goal["intents"] and not (r.order_ids or r.address or r.payment_kind or
                                                         mentioned_items(r.text, self.product_names))):
            # "Never mind, I'll keep it." while the clerk asks for a reason, an item or an address: the
            # request is dropped (before: the same question again, turn after turn)
            orders = [o for o in self.goal["orders"] if o in self._owned()]
            self.goal, self.pending = self._empty_goal(), []
            left = f"I have left order {', '.join(orders)} as it is." if orders else "I have not changed anything."
            return turn.say(f"No problem, {left} Is there anything else I can help you with?")
        if REPEAT.search(r.text) and turn.last_reply and not (r.order_ids or r.intents or r.address or r.emails):
            return turn.say(f"Of course. {turn.last_reply}")  # "Sorry, what did you say?"
        if (self.goal["intents"] & ACTING and r.order_ids and not (r.intents & ACTING) - self.goal["intents"] and
                (r.correction or r.negated_orders) and not ADDITIVE.search(r.text)):
            # "sorry, wrong one, I meant #W2" / "it's #W2 not #W1": the order named replaces the one corrected
            fresh = [o for o in r.order_ids if o not in r.negated_orders]
            self.goal["orders"] = fresh or [o for o in self.goal["orders"] if o not in r.negated_orders]
            if fresh:
                lead += f"All right, order {', '.join(fresh)} then. "
        elif r.order_ids and r.intents & ACTING and not yes_and and not (
                _ALSO.search(r.text) and self.goal["intents"] & ACTING and r.intents & ACTING <= self.goal["intents"]) and \
                not self._option_answer_naming_its_order(r) and \
                not (_ALSO.search(r.text) and CONFIRM in self.last_reply_text and self.goal["intents"] & ACTING and
                     not r.no and set(r.order_ids).isdisjoint(self.goal["orders"])):
            # (not "and also please cancel #W2" at the proposal of #W1's return: both, the return asked again after
            # it; before: the return forgotten without a word)
            # a new request: the orders and action it names replace the old one (not "cancel #W2 too" while #W1's
            # cancellation waits for its reason: both, each with its own)
            draft = self.goal["draft"] if fixing and "address" in r.intents else None
            self.goal = self._empty_goal()
            # ("change the address of order #W1 to 266 maple drive madison": the parts said in it kept, the rest asked)
            self.goal["draft"] = draft if draft and draft.get("changed") == "pieces" else None
        elif self.user_id and not self.pending and self.goal["intents"] & ACTING and self.goal["orders"] and \
                not r.order_ids and (about := self._other_order_asked(turn, r)):
            # "did my fleece jacket arrive?" while #W1's cancellation waits for its reason: the question answered about
            # the order holding that item, then the request's own question again (before: the question ignored and the
            # reason asked again, or "wait, did ..." read as a switch to that order)
            said = self._answer(turn, set(), about, r.text, False, False, closing=False)
            return self._say_plan(turn, lead + said + " ")
        elif self.user_id and self.goal["intents"] & ACTING and self.goal["orders"] and not r.order_ids and \
                r.correction and not ADDITIVE.search(r.text) and (other := self._order_by_item(turn, r.text)):
            # "sorry not that one, the one with the smart watch": the order that holds it replaces the one named
            self.goal["orders"] = [other]
            lead += f"All right, order {other} then. "
        elif self._awaits_address() and not r.address and not fixing and r.intents & (ACTING - {"modify", "address"}) - \
                self.goal["intents"]:
            # asked for an address, told another action ("I want to change the credit card instead"): the
            # new request replaces the address change, on the same orders; before, the clerk asked for
            # the address again and again
            orders = self.goal["orders"]
            self.goal = self._empty_goal()
            self.goal["orders"] = list(orders)
        elif self.option_asked and self.goal["intents"] & {"exchange", "modify"} and \
                (other := (r.intents - _negated(r.text)) & {"cancel", "return"}) and \
                set(r.order_ids) <= set(self.goal["orders"]) and not (r.reason or r.yes or fixing or _ALSO.search(r.text) or
                                                                      self._names_option(r.text)):
            # "Which option would you like for the Luggage Set?" - "ok then can I just return it?" / "could I get a
            # refund for it instead": that action in place of the option change, on the same order and items, which
            # says what can be done with it (before: "I don't see that among the available options", again and again)
            orders, said = self.goal["orders"], self.goal["text"]
            self.goal = self._empty_goal()
            self.goal["orders"] = list(orders)
            if not mentioned_items(r.text, self.product_names) and (named := mentioned_items(said, self.product_names)):
                r.text = f"{r.text} ({', '.join(named)})"
            r.intents = other
        elif (self.goal["intents"] & ACTING and (wanted := r.intents - _negated(r.text)) & ACTING and not r.order_ids
              and not r.reason and not fixing and not _kinds(wanted) & _kinds(self.goal["intents"]) and
              not r.difference_method and  # ("actually put it on paypal": the exchange's difference, kept)
              (_SWITCH.search(r.text) or re.search(rf"\bI can (?:{'|'.join(wanted & ACTING)})\b[^.?!]*\binstead\b",
                                                   self.last_reply_text) or
               # (the clerk's "... I can instead change items of it": "ok change the skateboard then")
               "modify" in wanted and re.search(r"\bI can instead change\b", self.last_reply_text)) and
              not _ALSO.search(r.text)):
            # "hmm, actually can I just change the color instead?" while a cancellation waits for its reason, or
            # "ok then return it" to the clerk's own "I can return it for a refund instead": the new request replaces
            # the old one, on the same orders and items (before: the reason asked again; both asked for at once)
            orders, said = self.goal["orders"], self.goal["text"]
            self.goal = self._empty_goal()
            self.goal["orders"] = list(orders)
            if not _SWITCH.search(r.text) and (named := mentioned_items(said, self.product_names)):
                r.text = f"{r.text} ({', '.join(named)})"  # "then return it": the items of the request replaced
            r.intents = wanted  # "rather than cancelling, can I swap it?": an exchange only
        if self.goal["intents"] & ACTING and r.intents & ACTING and not r.order_ids and _ALSO.search(r.text) and \
                (that := _THAT_ONE.search(r.text)) and \
                len(told := [o for o in self.goal["orders"] if (o, "reported") in self.goal["done"]]) == 1:
            # "what's the status of #W2?" (answered while #W1's request waits) - "ok cancel that one too": #W2 (before:
            # the words taken as #W1's reason, and #W2 left as it was)
            r.order_ids, r.text = told, r.text[:that.start()] + told[0] + r.text[that.end():]
        in_hand = bool(self.goal["intents"] & ACTING)  # a request already in hand before this message
        if in_hand and not (self.which or r.order_ids or r.intents & ACTING - {"modify"}):
            self._pick_like_item(r)
        self._merge(r)
        self.option_before, self.option_asked = self.option_asked, None
        self.closest_before, self.closest_offered = self.closest_offered, None
        if "human" in r.intents:
            return self._transfer(turn)
        # "Yes, that's everything, please proceed" to a question of a request in hand (which option?): the customer
        # means to go on with it, and is no goodbye (before: the conversation ended and the request was dropped)
        go_on = bool(self.goal["intents"] & ACTING and not r.no and (r.yes or _OPENS_YES.match(r.text) or _GO_ON.search(r.text)))
        if r.bye and not (r.order_ids or r.intents or r.address or was or go_on):  # ("bed no thanks": a part refused)
            turn.end_conversation()
            return turn.say("Thank you for contacting us. Have a nice day!")
        if self.goal["intents"] & ACTING:
            self.acted = True
        if r.closing and self._offered_more(turn) and not self.goal["intents"] and not self._asks_anything(r) and \
                not self._thanks_only_so_far(turn, r):
            # "Anything else?" - "Great, thank you!" / "Nope, that covers it.": the customer is done
            turn.end_conversation()
            return turn.say("You're welcome! Thank you for contacting us. Have a nice day!" if r.thanks else
                            "Thank you for contacting us. Have a nice day!")
        if r.thanks and not self.goal["intents"]:
            return turn.say("You're welcome! Is there anything else I can help you with?")
        if (r.holding and re.fullmatch(r"\W*|" + THANKS.pattern, _PLEASE.sub(" ", HOLDING.sub(" ", r.text)), re.I) or
                _holds_on(r.text) and not (r.order_ids or r.intents & ACTING)) and self.user_id and \
                not self.goal["intents"] and not self.pending:
            # ("not yet - hold on" to "anything else?": the same; before, the menu as if nothing had been said)
            # "thanks, one sec", "hold on", "one moment pls": the customer is about to go on (before: "one sec" ended
            # the conversation)
            return turn.say("Sure, take your time. Is there anything else I can help you with?")
        if self.user_id and not (self.goal["intents"] or self.pending or r.order_ids or r.intents) and \
                _ONE_MORE.match(r.text):
            # "oh wait, there's one more thing": the customer goes on to say it (before: the generic menu)
            return turn.say("Sure, what else can I help you with?")
        just_in = self.user_id is None  # (a question asked before the login is answered once it is done)
        if self.user_id is None:
            self._hear_identity(r)
            if (r.other_emails or r.for_other) and not (r.emails or r.names or r.zips or self.heard["names"]):
                # "my husband's email is X, please cancel his order": only the account holder is helped
                return turn.say(lead + "I can only help the account holder, in their own conversation. To verify "
                                       "your identity, please give me your own email address, or your name and zip code.")
            if not self._authenticate(turn, r):
                return turn.say(lead + self._ask_identity(r))
        elif self._other_identity(r):
            return turn.say("I can only help the customer I have verified in this conversation, so I can't "
                            "look up or change another person's account or orders. Is there anything else on "
                            "your own account?")
        asked = r.text if _CATALOGUE_Q.search(r.text) else self.goal["text"] if just_in else ""
        if self.user_id and asked and not (self.pending or r.order_ids or r.intents & ACTING or
                                           self.goal["intents"] & ACTING) and \
                (cat := _CATALOGUE_Q.search(asked)) and not _OWN_ORDER_Q.search(asked) and \
                (mentioned_items(asked, self.product_names) or re.search(r"\b(?:sell|carry|stock|offer)\b|\bhave any\b",
                                                                        asked, re.I)):
            # (a thing the store may not sell only when asked if it sells it: "do you sell coats?", not "do you have
            # a minute?")
            # "how many t-shirt options do you have?", "do you sell coats?": the store's range, read from the product
            # tools (before: the customer's own t-shirt orders, or "Sorry, I can't help with that here")
            self.goal = self._empty_goal()
            return turn.say(f"{lead}{self._catalogue_said(turn, asked, cat)} Is there anything else I can help you with?")
        if _BALANCE_Q.search(r.text) and not (r.order_ids or r.intents & ACTING - {"payment"} or self.pending) and \
                not self.goal["intents"] & ACTING - {"payment"} and not (
                    # "for the gaming mouse & umbrella order I'd rather pay with my gift card. how much is on it btw?":
                    # a payment change beside the question, handled (its answer says the balance and whether it
                    # covers the total); before, only the balance was said and the change dropped
                    "payment" in r.intents and _PAY_WISH.search(r.text) and
                    (_ITEM_ORDER.search(r.text) or mentioned_items(r.text, self.product_names))):
            # "can you tell me my gift card balance?", "how much is left on my giftcard", "any store credit left?":
            # the account's methods with their balances (before: "Which order is this about?" or every order)
            self.goal = self._empty_goal()
            return turn.say(f"{lead}{self._methods_sentence(r.text)} Is there anything else I can help you with?")
        if self.user_id and not (self.pending or r.order_ids or r.intents & ACTING or self.goal["intents"] & ACTING) and \
                _WHY_NOT.match(r.text) and _REFUSED.search(self.last_reply_text) and len(self.recent) == 1 and \
                self.recent[0] in self.orders:
            # "return the boots" - "can't be returned yet" - "why not? they haven't arrived": the rule, and what can be
            # done instead (before: the menu, as if nothing had been said)
            return turn.say(lead + self._why_not(self.recent[0]))
        if self.user_id and not (self.pending or r.order_ids or r.intents & ACTING or self.goal["intents"] & ACTING) and \
                _OPTIONS_Q.match(r.text) and _OUTCOME.search(self.last_reply_text) and len(self.recent) == 1 and \
                self.recent[0] in self.orders:
            # "Oh, I see. What are my options then?" after a refusal: what can be done instead with that order (before:
            # "Sorry, I can't help with that here", or every order's contents)
            return turn.say(lead + self._options_after(self.recent[0]))
        if self.user_id and not (self.pending or r.order_ids or r.intents & ACTING) and _WHAT_HAPPENED.match(r.text) and \
                (outcome := self._last_outcome(turn)):
            # "what happened?" after "... doesn't cover that ... I can't make this change": that outcome again (before:
            # "Sorry, I can't help with that here.")
            return turn.say(f"{lead}{outcome} Is there anything else I can help you with?")
        if self.user_id and not (self.pending or r.order_ids or in_hand) and \
                (m := _GENERAL_Q.search(r.text)) and not mentioned_items(r.text, self.product_names):
            # "can i return something i opened?", "can i cancel an order after its delivered?": the policy (before:
            # "Which order is this about?")
            verb = m.group(1).lower()
            kind = "return" if verb.startswith("return") else "items" if verb.startswith(("exchang", "modif")) else \
                "cancel" if verb.startswith("cancel") else "items"
            said = [_POLICY[kind]]
            if kind != "return" and _AFTER_SHIPPED.search(r.text):
                said.append("Once an order has shipped it can't be cancelled or changed any more, but items you have "
                            "received can be returned, or exchanged for other options of the same product.")
            self.goal = self._empty_goal()  # (asked, not requested: nothing is left to do)
            return turn.say(f"{lead}{' '.join(said)} Is there anything else I can help you with?")
        if self.user_id and asks_compensation(r.text) and not (self.pending or r.order_ids or r.intents & ACTING or
                                                               self.goal["intents"] & ACTING):
            # "i want compensation for the hassle, not just a return": no tool gives it, so said so, and what can be done
            # (before: the return the customer ruled out was proposed)
            return turn.say(f"{lead}{COMPENSATION_SAID}")
        if self.user_id and (said := self._it_fact_said(turn, r)):
            # "how much was it?", "what colour was it again?" after an order or item was discussed: answered from that
            # order, nothing started (before: "Sorry, I can't help with that here" and the menu)
            if self.pending:
                return turn.say(f"{lead}{said} {self.proposal}")
            if self.goal["intents"] & ACTING:
                return self._say_plan(turn, f"{lead}{said} ")
            return turn.say(f"{lead}{said}" + ("" if said.endswith("?") else " Is there anything else I can help you with?"))
        if CAPABILITY.search(r.text) and not self._asks_anything(r) and not self.goal["intents"]:
            return turn.say(f"{MENU} What would you like to do?")  # "What can you do?"
        if "?" in r.text and not self._asks_anything(r) and not (PROCEED.search(r.text) or CAPABILITY.search(r.text)) and \
                not (_ASKS_CHOICES.search(r.text) and self.goal["intents"] & ACTING):
            # (not "what are my options?" while the clerk's question lists them: that question comes again)
            if "take your time" not in lead:  # ("can I do it later?": the later answers it)
                lead += NOT_ANSWERED + " "  # "Do you ship to Canada?": said so, then the question in hand again
        # (orders named only to ask about them, beside others acted on, are reported by the plan)
        side = side_question(r.text) if r.intents & ACTING and not (info_only_orders(r.text) and len(r.order_ids) > 1) else ""
        if side and _BALANCE_Q.search(side):
            side = ""  # ("how much is left on my gift card? and return ...": the balance, said below, not the order's details)
        if side and re.search(r"\baddress\b", side, re.I) and not (r.address or "address" in requested_kinds(r.text)):
            # "cancel #W1 and what's my default address?": the address asked about, not to be changed
            self.goal["intents"].discard("address")
            if not re.search(r"\baddress\b", r.text.replace(side, " "), re.I):
                self.goal["default_address"] = False
            about = [o for o in ORDER_ID_RE.findall(side) if o in self._owned()]
            lead += self._answer(turn, {"address"}, about, side, False, not about, closing=False) + " "
            side = ""
        side_items = set(mentioned_items(side, self.product_names)) if side else set()
        if side_items and not side_items & set(mentioned_items(r.text.replace(side, " "), self.product_names)) and \
                not ORDER_ID_RE.findall(side) and side in self.goal["text"]:
            # "cancel the order with the boots and also has my umbrella order arrived?": the umbrella's order is
            # asked about, not acted on (before: refused as a second cancellation), and answered by what it holds
            self.goal["text"] = self.goal["text"].replace(side, " ")
            self._lookup(turn, self._owned())
            held = [o for o in self._owned() if o in self.orders and
                    any(it["name"] in side_items for it in self.orders[o].get("items", []))]
            self.goal["orders"] = [o for o in self.goal["orders"] if o not in held or o in r.order_ids]
            if held:
                lead += self._answer(turn, set(), held, side, False, False, closing=False) + " "
                side = ""
        if side:  # "swap the helmet to white. oh and whats the total of that order?": answered, then the request
            owned = self._owned()
            about = [o for o in ORDER_ID_RE.findall(side) if o in owned] or [o for o in self.goal["orders"] if o in owned]
            if about:
                lead += self._answer(turn, set(), list(dict.fromkeys(about)), side, False, False, closing=False) + " "
        if _BALANCE_Q.search(r.text) and r.intents & ACTING and not self.pending:
            # "what's left on my gift card? and cancel #W1 please": the balance answered, then the request (before: the
            # question passed over)
            # (the card the customer named, not named again: a proposal's message names only the method it writes)
            left = [_money(m.get("balance", 0)) for _, m in sorted(self._payment_methods().items())
                    if m.get("source") == "gift_card"]
            lead += (f"You have {' and '.join(left)} left on {'it' if len(left) == 1 else 'them'}." if left else
                     self._methods_sentence(r.text)) + " "
        self._say_plan(turn, lead, was, added_to)

    def _which_items_again(self, asked: tuple[str, list[str]], said: str) -> str | None:
        """The reply to "Order #W1 also holds the X, the Y ..., so I'm not sure which items you mean": a bare yes (or
        ok, sure) answers no which, so the question is asked again, plainly (before: the yes wrote the one item
        proposed, though the customer had asked for more); "just the notebook" / "only that one" / "as it is": the
        proposal shown again for its own yes. None for anything else (read as usual)."""
        question, held = asked
        text = said.strip()
        if _YES_ONLY.fullmatch(text) or _BARE_ASSENT.fullmatch(text):
            self.items_question = asked
            return (f"Sorry, a yes doesn't tell me which items you mean. {question} Nothing has been changed yet; "
                    f"I'll ask for your yes once I know which items.")
        names = mentioned_items(text, held)
        if _KEEP_AS_IS.search(text) and (names or not mentioned_items(text, self.product_names)):
            return f"All right, just the {' and the '.join(held)}. {self.proposal}"
        return None

    def _other_order_question(self, turn: TurnContext, said: str) -> str | None:
        """A question about "the other order" (no id) at a proposal (44k): answered about the customer's other order,
        and the proposal asked again as it was (before: the cancel or address change moved onto that order and a yes
        wrote it; "how much was the other order?" was answered about the order proposed; at a return, "what's in the
        other one?" put the order's other item in the proposal)."""
        m = _ASIDE_OPENING.match(said)
        rest = said[m.end():] if m and m.end() < len(said.rstrip()) else said
        rest = rest[lead.end():] if (lead := _Q_LEAD.match(rest)) else rest.lstrip()
        tools = {t for t, _ in self.pending}
        order_level = bool(tools) and tools <= {"cancel_pending_order", "modify_pending_order_address",
                                                "modify_pending_order_payment"}
        about = _OTHER_ORDER_ASKED.search(rest) or _IN_OTHER_ONE.search(rest) or \
            (order_level and _OTHER_ONE_ASKED.search(rest))
        if not about or re.search(r"\bW\d{7}\b", said, re.I) or _ASIDE_ACT.search(rest) or \
                re.search(r"\b(?:too|as well|aswell|both|all|each|same|ditto|likewise|no|nope|yes|yeah|yep|ok|okay|"
                          r"sure|go ahead|please do|don'?t|do not|not)\b", rest, re.I) or \
                not (_ASIDE_Q.match(rest) or _WAT_Q.match(rest) or "?" in rest):
            return None
        held = {a.get("order_id") for _, a in self.pending if a.get("order_id")}
        others = [o for o in self._owned() if o not in held]
        if not held or not others:
            return None
        self._lookup(turn, others)
        others = [o for o in others if o in self.orders]
        if not others:
            return None
        states = {self.orders[o].get("status") for o in held if o in self.orders}
        alike = [o for o in others if self.orders[o].get("status") in states]
        plural = re.search(r"\bother\s+(?:\w+\s+)?(?:orders|purchases|ones)\b", rest, re.I)
        asked = others if plural else (alike if alike else others)
        text = rest[:about.start()] + " and ".join(f"order {o}" for o in asked) + rest[about.end():]
        answer = self._answer(turn, set(), asked, text, False, False, closing=False)
        return f"{answer} {self.proposal}"

    def _reworded_at_proposal(self, turn: TurnContext, said: str) -> tuple[str, str | None]:
        """A reply at a proposal, read for what it asks of the proposal, said again in the words the rest of the
        reading takes (43h), or answered here: (the text to read, a reply or None).
        - "yes, both" / "yes, all of them" / "yes, and the other one too" / "yes, plus the watch" at a proposal of
          one item of an order holding more: the other items added, listed and asked again (before: the yes wrote the
          one item, using up the order's single return or exchange, or the addition was promised and dropped);
          "yes, both orders" at a cancel or address change of one order: the customer's other pending orders added
          behind it (before: the first written, the rest dropped without a word);
        - "wait, what's in order #W2?" at a proposal for #W1: a question, answered, the proposal kept (before: the
          "wait," read as a correction that moved the proposal onto #W2);
        - "return the watch instead" / "switch to the watch" / "no, the other one" at a proposal of the boots of an
          order holding the boots and the watch: the watch in the boots' place (before: both written, or an exchange
          begun, or the other order taken)."""
        m = _ASIDE_OPENING.match(said)
        if m and m.end() < len(said.rstrip()) or (_INFO_ASK.search(said) or _ID_FIRST_Q.match(said)) and \
                not re.search(r"\bwhen\b[^.?!]*\b(?:arrive|get here|come|deliver)", said, re.I):
            # ("when will #W2 arrive?" with no opening: read as before, its delivery answered)
            # (no opening word either: "is #W2 still pending?", "how much was #W2?", "tell me about order #W2",
            # "#W2 has the espresso machine, right?" at a proposal for #W1: answered about #W2, the proposal kept;
            # before: the status of #W1 said in its place, or "I couldn't tell what you'd like to change")
            rest = said[m.end():] if m and m.end() < len(said.rstrip()) else said.strip()
            asked = list(dict.fromkeys("#W" + x for x in re.findall(r"\bW(\d{7})\b", rest, re.I)))
            held = {a.get("order_id") for _, a in self.pending}
            whole = not {t for t, _ in self.pending} & set(_ITEM_WRITE_KIND)  # ("the other one" of items: an item)
            if not asked and re.search(r"\b(?:the|my|our|that)\s+other\s+(?:pending\s+|open\s+|delivered\s+)?order\b|"
                                       r"\b(?:the|my)\s+other\s+one\b" if whole else
                                       r"\b(?:the|my|our|that)\s+other\s+(?:pending\s+|open\s+|delivered\s+)?order\b",
                                       rest, re.I) and held and \
                    not mentioned_items(rest, self.product_names):
                # "is the other order shipped yet?", "what's in my other order?": the customer's orders beside the
                # proposal's (before: the proposal's own order answered about)
                owned = self._owned()
                self._lookup(turn, owned)
                asked = [o for o in owned if o not in held]
                states = {self.orders.get(o, {}).get("status") for o in held}
                alike = [o for o in asked if self.orders.get(o, {}).get("status") in states]
                asked = alike if len(alike) == 1 else asked  # (of a pending order's proposal, the other pending one)
            if (_ASIDE_Q.match(rest) or _INFO_ASK.search(rest) or _ID_FIRST_Q.match(rest)) and asked and \
                    not _ASIDE_ACT.search(rest):
                if set(asked) <= held:
                    return rest, None
                seen = read(rest, self.db, turn.last_reply)
                answer = self._answer(turn, seen.topics, asked, rest, False, False, closing=False)
                return said, f"{answer} {self.proposal}"
        if (answered := self._other_order_question(turn, said)) is not None:
            return said, answered
        tools = {t for t, _ in self.pending}
        orders = list(dict.fromkeys(o for _, a in self.pending if (o := a.get("order_id"))))
        opening = _WIDE_OPEN.match(said)
        body = said[opening.end():] if opening else said
        done_words = re.search(r"\b(?:that'?s|that is|thats|it'?s|is that|those are|these are|they'?re|are|is|"
                               r"that(?:'?ll| will| would|'?d| should) be)\s+(?:all|everything|it)\b", body, re.I)

        def collective(rx: re.Pattern[str]) -> bool:
            return any(not _WIDE_JUDGED.match(body[x.end():]) for x in rx.finditer(body)) and not done_words

        widening = bool(opening or _WIDE_BARE.match(said)) and not _WIDE_NOT.search(body)
        item_tools = {"return_delivered_order_items": "return", "exchange_delivered_order_items": "exchange",
                      "modify_pending_order_items": "change"}
        if len(tools) == 1 and tools <= set(item_tools) and len(orders) == 1 and orders[0] in self.orders:
            o, verb = orders[0], item_tools[next(iter(tools))]
            items = list(self.orders[o].get("items", []))
            proposed = [i for _, a in self.pending for i in a.get("item_ids", [])]
            left = list(items)
            for i in proposed:
                at = next((k for k, it in enumerate(left) if it.get("item_id") == i), None)
                if at is not None:
                    left.pop(at)
            held = {it["name"] for it in items if it.get("item_id") in proposed}
            left_names = list(dict.fromkeys(it["name"] for it in left))
            twins = [n for n in left_names if n in held]
            if len(proposed) == 2 and widening and collective(_WIDE_BOTH) and not collective(_WIDE_ALL) and \
                    not re.search(r"\bthe (?:other|second)\b", body, re.I):
                return said, None  # ("yes to both" at a proposal of two items: those two, a yes)
            if len(twins) == 1 and sum(it["name"] == twins[0] for it in left) == 1 and widening and \
                    not re.search(r"\borders\b|\bother order\b", body, re.I) and \
                    (collective(_WIDE_BOTH) and not (re.search(r"\bthe (?:other|second)\b", body, re.I) and
                                                     not _WIDE_ADD.search(body)) or
                     collective(_WIDE_ALL) and len(left_names) == 1):
                # "yes, both" / "both of them" / "yes, each of them" at a proposal of one of two office chairs of the
                # order: the other chair too, as "yes, and the other office chair too" (its new option then asked for
                # an exchange or change; before: the yes wrote one chair, or "both of them" asked a Bookshelf option)
                return f"and the other {twins[0].lower()} too", None
            if twins and widening and not re.search(r"\borders\b|\bother order\b", body, re.I) and \
                    (collective(_WIDE_ALL) or collective(_WIDE_BOTH)):
                # "yes, all of them" at a proposal of one of two office chairs of an order holding a bookshelf too:
                # which items is asked (before: the yes wrote the one chair)
                rest = [f"the other {n}" if n in held else f"the {n}" for n in left_names]
                both = " and the ".join(sorted(held))
                ask = (f"Order {o} also holds {', '.join(rest)}, so I'm not sure which items you mean. Please tell me "
                       f"which ones to add (for example \"yes, and {rest[0]} too\"), or say \"just this {both}\" to "
                       f"keep this proposal as it is.")
                self.items_question = (ask, sorted(held))
                return said, f"{ask} Nothing has been changed yet. {self.proposal}"
            if not left_names or set(left_names) & held:
                return said, None  # (two of one product: not read here)
            named = mentioned_items(said, sorted({it["name"] for it in items}))
            named_left = [n for n in named if n in left_names]
            too = "yes, and the " + " and the ".join(left_names) + " too"
            other_kind = {"return": r"\bexchange|\bswap", "exchange": r"\breturn|\bsend (?:it |them )?back|\brefund",
                          "change": r"\breturn|\bexchange"}[verb]
            if not re.search(r"\borders\b|\bother order\b|\bW\d{7}\b", said, re.I) and \
                    (meant := self._items_meant_44f(said, o, verb, items, held, bool(opening), other_kind)):
                return meant
            if widening and not re.search(r"\borders\b|\bother order\b", body, re.I):
                if collective(_WIDE_ALL) and not _PUT_OFF.search(said):  # (not "yes, the rest can wait")
                    return too, None
                if collective(_WIDE_BOTH):
                    other = re.search(r"\bthe (?:other|second)\b", body, re.I)
                    if len(left_names) == 1 and not (other and not _WIDE_ADD.search(body)):
                        return too, None
                    both = " and the ".join(sorted(held))
                    if other:  # "yes, the other one": in its place, or beside it?
                        ask = (f"Do you mean the {left_names[0]} instead of the {both}, or both of them?"
                               if len(left_names) == 1 else
                               f"Which item do you mean: order {o} also holds the {', the '.join(left_names)}, and "
                               f"should it replace the {both} or come beside it?")
                    else:
                        ask = (f"Order {o} also holds the {', the '.join(left_names)}, so I'm not sure which items you "
                               f"mean. Please tell me which ones to add (for example \"yes, and the {left_names[0]} "
                               f"too\"), or say \"just the {both}\" to keep this proposal as it is.")
                    # (a bare yes to this is no answer to which items: asked again, ``_which_items_again``)
                    self.items_question = (ask, sorted(held))
                    return said, f"{ask} Nothing has been changed yet. {self.proposal}"
                if named_left and _WIDE_ADD.search(body):
                    return (said if _ALSO.search(said) else said.rstrip(" .!") + " too"), None
            loose = not opening and "?" not in said and bool(_ALL_LOOSE.match(said)) and not _WIDE_NOT.search(said)
            if (widening or loose) and not re.search(r"\borders\b|\bother order\b", body, re.I) and \
                    not re.search(other_kind, said, re.I) and not _PUT_OFF.search(said) and \
                    (collective(_ALL_SAID) or loose and collective(_WIDE_ALL)):
                # "yes, all" / "yes to all" / "return the rest too" / "yes, plus everything else" at a proposal of one
                # item of an order holding more: the rest added, listed and asked again, as for "yes, all of them"
                # (before: the one item written, the rest dropped); "yes, all" at an item change is asked about: it may
                # answer "please make sure these are all the items you want to change"
                bare = any((x.group("bare") or x.group("it")) and not _WIDE_JUDGED.match(body[x.end():])
                           for x in _ALL_SAID.finditer(body))
                if verb == "change" and bare and not collective(_WIDE_ALL) and \
                        not (turn.last_reply or "").startswith("Just to check what you mean: is the"):  # (asked once)
                    held_said = " and the ".join(sorted(held))
                    return said, (f"Just to check what you mean: is the {held_said} the only item you want to change "
                                  f"(then please say yes to this proposal as it is), or would you like to change every "
                                  f"item of order {o}? If so, please tell me what each should become. Nothing has been "
                                  f"changed yet. {self.proposal}")
                return too, None
            if (swap := self._swapped_44f(said, verb, items, held, left_names, other_kind)) is not None:
                return swap
            if opening and not re.search(r"\b(?:no|nope|not|wrong|meant|oops|sorry)\b", said[:opening.end()], re.I):
                return said, None
            other_meant = _OTHER_ITEM_MEANT.search(said) and not named and len(left_names) == 1 and \
                not re.search(r"\border", said, re.I)  # ("not that order, the other one": an order)
            if other_meant or (_SWAP_CUE.search(said) or re.search(r"\b(?:meant|wrong (?:one|item))\b", said, re.I)) and \
                    len(set(named_left)) == 1 and not (set(named) & held and not re.search(
                        r"\b(?:instead of|rather than|in place of|not)\b", said, re.I)):
                if _ALSO.search(said) or re.search(r"\b(?:both|plus|in addition)\b|[+&]", said, re.I):
                    return said, None
                if re.search(other_kind, said, re.I):
                    return said, None
                name = named_left[0] if named_left else left_names[0]
                put_aside = list(dict.fromkeys(n for _, _, n, _ in item_mentions(said, sorted(held))))  # (taken back too)
                if len(held) > 1 and not other_meant:
                    # "the kettle instead of the boots" at a proposal of the espresso machine and the boots: the
                    # kettle in the boots' place, the espresso machine kept (before: the kettle alone proposed);
                    # "the kettle instead" naming none of them: asked which it replaces
                    if (placed := self._in_place_44f(said, verb, held, put_aside, [name])) is not None:
                        return placed
                if verb != "return" and (at := said.lower().find(name.lower().split()[-1])) >= 0 and \
                        re.match(r"\S*\s+(?:to|for|into|in)\s+\w", said[at:], re.I):
                    # ("change the mouse to black laser wireless instead"; "instead of the notebook, change the mouse
                    # to black": the notebook's words taken out, or both items were changed)
                    return f"actually, {self._instead_head_cut_44f(said, held)}", None
                return (f"actually, just return the {name} instead" if verb == "return" else
                        f"actually, {verb} the {name} instead"), None
            return said, None
        if len(tools) == 1 and tools <= {"cancel_pending_order", "modify_pending_order_address"} and orders and \
                (more := self._orders_too_44f(turn, said, body, orders, bool(opening))) is not None:
            return more
        if len(tools) == 1 and tools <= {"cancel_pending_order", "modify_pending_order_address"} and orders and \
                widening and not re.search(r"\bW\d{7}\b|\bthe (?:other|second)\b", said, re.I) and \
                (collective(_WIDE_ALL) or collective(_WIDE_BOTH) or not _PUT_OFF.search(said) and any(
                    not x.group(0).lower().startswith("everything") and not _WIDE_JUDGED.match(body[x.end():])
                    for x in _ALL_SAID.finditer(body)) and not done_words):  # (44f: "yes, all", "yes, cancel them all")  # ("and the other one too": asked which, after it)
            owned = self._owned()
            self._lookup(turn, owned)
            others = [x for x in owned if x not in orders and x not in self.goal.get("orders", []) and
                      self.orders.get(x, {}).get("status") == PENDING]
            if not others:
                return said, None
            if len(others) > 1 and not collective(_WIDE_ALL):
                return said, (f"You have other pending orders too: {', '.join(others)}. Which of them do you mean? "
                              f"Nothing has been changed yet. {self.proposal}")
            return f"yes, and also {' and '.join(others)} too", None
        return said, None

    def _orders_too_44f(self, turn: TurnContext, said: str, body: str, orders: list[str],
                        opened: bool) -> tuple[str, str | None] | None:
        """Another order put beside a yes to a cancel or address change of one order (44f): "yes, and the other order
        too", "yes, cancel all my pending orders", "yes, do the same for #W2", "yes, and do #W2 as well". Said again
        as "yes, and also #W2 too", which confirms the first order alone and comes to the other right after (before:
        the other order alone proposed and the first dropped, or the first written and the other dropped, or a
        promise to come back that was not kept). None when not so said, or when "the other order" is one of several
        (the caller's reading asks which, after the first is written)."""
        if opened and "?" not in said and not re.search(r"\bW\d{7}\b", said, re.I) and \
                (m := _OTHER_ORDERS_TOO.search(body)) and not m.group(0).lower().startswith(("all", "every", "both")) and \
                (neg := re.search(r"\b(?:not|n'?t|without|except|leave|keep|but not)\s+(?:\w+\s+){0,2}$",
                                  body[:m.start()], re.I)) and \
                not re.search(r"\b(?:cancel\w*|chang\w*|return|exchange|modify|instead|meant|mean|rather|address|too|"
                              r"also|as well|and|plus)\b", body[:neg.start()] + " " + body[m.end():], re.I):
            # "yes, just this order, not the other order" / "yes, but leave my other order alone": the order listed
            # alone, asked again for a plain yes (before: read as the order corrected, and the other order written)
            only = " and ".join(orders)
            return said, (f"This is only for order{'s' if len(orders) > 1 else ''} {only}; your other orders stay as "
                          f"they are. Just to be sure: I need a clear yes before I go ahead. {self.proposal}")
        if "?" in said or _WIDE_NOT.search(body) or not (opened or re.match(
                r"^\W*(?:(?:oh|and|also|plus|please|pls|ok(?:ay)?)\W+)*(?:and|also|plus|same|ditto|likewise|do|repeat)\b",
                said, re.I)):
            return None
        # (with no yes: "and the other order too" said as "same for #W2", which the caller notes for after this one,
        # "Noted, I'll come to that right after this"; before: "All right, order #W2 then", the first dropped)
        lead = "yes, and also" if opened else "same for"
        ids = list(dict.fromkeys("#W" + x for x in re.findall(r"\bW(\d{7})\b", said, re.I)))
        added = _SAME_AGAIN.search(said) or _ALSO.search(said) or _WIDE_ADD.search(body)
        if ids:
            extra = [x for x in ids if x not in orders]
            if extra and added and not set(ids) & set(orders):
                return (f"yes, and also {' and '.join(extra)} too", None) if opened else None
            return None
        m = _OTHER_ORDERS_TOO.search(body)
        every = m and re.match(r"(?:all|every|both)\b", m.group(0), re.I)
        if not m or not (added or every):
            return None
        owned = self._owned()
        self._lookup(turn, owned)
        others = [x for x in owned if x not in orders and self.orders.get(x, {}).get("status") == PENDING]
        if not others:
            return None
        if len(others) > 1 and not every and not re.search(r"\borders\b", m.group(0), re.I):
            return None  # (which of them: asked after the first is written, "You also asked to cancel an order")
        return f"{lead} {' and '.join(others)}{' too' if opened else ''}", None

    def _items_meant_44f(self, said: str, o: str, verb: str, items: list[dict[str, Any]], held: set[str], opened: bool,
                         other_kind: str) -> tuple[str, str | None] | None:
        """"everything except the boots" / "all but the kettle" / "yes, and everything else except the kettle" at a
        proposal of items of one order: every item of the order but those named after the exception (44f). Before:
        the items named were the ones proposed ("everything except the boots" - yes - the boots returned), the rest
        was dropped, or the whole request was ("actually everything except the boots": "I won't make that change").
        None when the words are not such an exception."""
        ex = _EXCEPT_SAID.search(said)
        if not ex or re.search(other_kind, said, re.I) or "?" in said:
            return None
        names = list(dict.fromkeys(it["name"] for it in items))
        tail = re.split(r"[.;!?]|\b(?:and then|then)\b", said[ex.end():], maxsplit=1)[0]
        out = list(dict.fromkeys(n for _, _, n, _ in item_mentions(tail, names)))
        if not out:
            return None
        keep = [n for n in names if n not in out]
        if not keep:
            return said, (f"That would leave no item of order {o} to {verb}. Nothing has been changed yet. "
                          f"{self.proposal}")
        if set(keep) == held:  # ("yes, everything except the watch" at the boots alone: what is listed, asked again)
            return said, (f"So that's just the {' and the '.join(keep)}, as listed. Nothing has been changed yet. "
                          f"{self.proposal}")
        if held <= set(keep):
            return "yes, and the " + " and the ".join(n for n in keep if n not in held) + " too", None
        return self._in_place_44f(said, verb, held, [n for n in names if n in held and n in out],
                                  [n for n in keep if n not in held])

    def _in_place_44f(self, said: str, verb: str, held: set[str], put_aside: list[str],
                      new: list[str]) -> tuple[str, str | None] | None:
        """Items put in the place of some of a proposal's items, the others kept: said again as "actually, return
        the espresso machine and the kettle instead of the boots" (44f); None when no proposed item is put aside
        (the caller's reading stands)."""
        if not put_aside:
            return None
        kept = [n for n in sorted(held) if n not in put_aside]
        return (f"actually, {verb} the {' and the '.join(kept + new)} instead of the {' and the '.join(put_aside)}",
                None)

    @staticmethod
    def _instead_head_cut_44f(said: str, held: set[str]) -> str:
        """The words putting a proposed item aside at the head of a change taken out: "instead of the notebook,
        change the mouse to black" -> "change the mouse to black instead" (44f)."""
        cut = said
        for a, b, _, _ in sorted(item_mentions(said, sorted(held)), reverse=True):
            if (h := _INSTEAD_HEAD.search(cut[:a])) and (t := _INSTEAD_TAIL.match(cut[b:])):
                cut = cut[:h.start()] + cut[b + t.end():]
        cut = cut.strip(" ,;:-")
        if cut != said.strip():  # ("do the mouse in black": the change said as one)
            cut = re.sub(r"^(?:(?:please|pls|just|can you|could you)\s+)*(?:do|make|get|have|go with)\s+((?:the|my)\s+\w+"
                         r"(?:\s+\w+)?)\s+(?:in|as)\s+", r"change \1 to ", cut, flags=re.I)
        if cut != said.strip() and not re.search(r"\b(?:instead|rather)\b", cut, re.I):
            cut += " instead"
        return cut

    def _swapped_44f(self, said: str, verb: str, items: list[dict[str, Any]], held: set[str], left_names: list[str],
                     other_kind: str) -> tuple[str, str | None] | None:
        """"swap the boots for the kettle" / "replace the boots with the kettle" at a proposal holding the boots, the
        kettle another item of the same order: the kettle in the boots' place, the rest kept (44f; before: read as an
        exchange of the boots, an option asked for). None when not so said."""
        names = sorted({it["name"] for it in items})
        spans = item_mentions(said, names)
        for (a1, b1, n1, _), (a2, _, n2, _) in zip(spans, spans[1:]):
            v = _SWAP_VERB.search(said[:a1])
            if not v or not _SWAP_JOIN.match(said[b1:a2]):
                continue
            gone, come = (n2, n1) if v.group(0).lower().startswith("substitut") else (n1, n2)
            if gone in held and come in left_names:
                return self._in_place_44f(said, verb, held, [gone], [come])
        return None

    def _catalogue_said(self, turn: TurnContext, text: str, m: re.Match[str]) -> str:
        """The answer to a question about the store's range: the product's options available now, read from
        ``list_all_product_types`` and ``get_product_details`` (the values of the kind asked, "what colours ..."), or
        that the store does not sell what was named, with the kinds of product it does sell."""
        res = turn.call_tool("list_all_product_types", {})
        types: dict[str, str] = json.loads(res.content) if res.ok else {}
        named = mentioned_items(text, list(types))
        thing = next((v for k, v in m.groupdict().items() if k.startswith("thing") and v), "").strip()
        if not named:
            # "do you guys sell kettles?": a kind that several products are (Electric Kettle, Tea Kettle), each said
            # (before: "we don't sell kettles")
            words = {re.sub(r"(?:(?<=[sxh])es|s)$", "", w) for w in re.findall(r"[a-z]{4,}", text.lower())}
            named = [n for n in types if n.lower().split()[-1] in words]
        if not named:
            kinds = ", ".join(sorted(types))
            return (f"Sorry, we don't sell {thing or 'that'} in our store. The kinds of product we sell are: {kinds}." if
                    kinds else "I'm sorry, I can't look up the store's products right now.")
        parts = []
        for name in named:
            product = self._product(turn, types[name])
            if not product:
                parts.append(f"I couldn't look up the {name} right now.")
                continue
            variants = [v for v in product.get("variants", {}).values() if v.get("available")]
            if not variants:
                parts.append(f"There are no {name} options available right now.")
                continue
            keys = list(dict.fromkeys(k for v in variants for k in v.get("options", {})))
            asked = [key for pat, key in _ASKED_KEY.items() if re.search(rf"\b{pat}\b", text, re.I) and key in keys]
            values = {k: list(dict.fromkeys(v["options"][k] for v in variants if k in v.get("options", {})))
                      for k in (asked or keys)}
            prices = [v.get("price", 0) for v in variants]
            said = f"We have {len(variants)} {name} option{'s' if len(variants) != 1 else ''} available right now"
            if asked:
                said += ", in " + "; ".join(f"{k}s: {', '.join(vs)}" for k, vs in values.items())
            else:
                said += " (" + "; ".join(f"{k}: {', '.join(vs)}" for k, vs in values.items()) + ")"
            parts.append(f"{said}, priced from {_money(min(prices))} to {_money(max(prices))}.")
        return " ".join(parts)

    def _address_back(self, r: Reading) -> tuple[str | None, dict[str, str]] | None:
        """(order or None for the default, the address it had) when the customer asks to put back an address this chat
        changed ("change my account address back to the original one", "revert my default address", "undo the change
        to my address"); None otherwise, or when no address was changed here."""
        if not _BACK_TO_OLD.search(r.text) or not re.search(r"\baddress|\bship|\bdeliver", r.text + " " +
                                                             (self.log[-1][0] if self.log else ""), re.I):
            return None
        moved = self.last_moved
        order_meant = bool(r.order_ids or re.search(r"\border'?s?\b(?![^.?!]{0,25}\b(?:one|address)\b[^.?!]{0,10}\b(?:keep|stay|leave))",
                                                    _KEEP_ORDER.sub(" ", r.text), re.I)) and not r.default_address
        # the order named, by number or by an item in it ("change the bike order back to the old address"): that
        # order's own address before this chat changed it (before: the LAST order moved put back, whichever was named)
        items = mentioned_items(r.text, self.product_names)
        named = [o for o in self.moved_from if o in r.order_ids or (items and any(
            it["name"] in items for it in self.orders.get(o, {}).get("items", [])))]
        if len(named) == 1 and not r.default_address:
            order_meant = True  # ("put the bike one back to my old address": the order moved that holds the bike)
        if order_meant and (r.order_ids or items):
            return (named[0], self.moved_from[named[0]]) if len(named) == 1 else None
        if order_meant and moved and (not r.order_ids or moved[0] in r.order_ids):
            return moved[0], moved[2]
        if self.old_default and (r.default_address or not moved):
            return None, self.old_default
        return None

    def _after_address_write(self, turn: TurnContext, r: Reading) -> str | None:
        """A follow-up to the order address just written (``self.last_moved``), read as a request on it: "can you
        confirm the new address?" reads it back; "the zip should be 78702" proposes the corrected address for the same
        order; "also send W2 there too" / "and the other pending order too" the same address for that order; "wrong
        order, I meant W2" the address for W2, saying that the first order keeps it until changed back. ``r`` is
        rewritten to that request (before: the menu, or the named order's contents). Returns a full reply (ending
        "?"), a lead for the proposal, "" when ``r`` was only rewritten, or None when the message is no follow-up."""
        if not self.last_moved or self.pending or self.goal["intents"] & ACTING or r.intents & ACTING - {"address", "modify"}:
            return None
        o, new, before = self.last_moved
        if not (r.order_ids or r.address or r.default_address or r.intents & ACTING - {"address", "modify"}) and \
                _WRONG_DONE.search(r.text) and \
                _SAME_PLACE.search(r.text) and (items := mentioned_items(r.text, self.product_names)):
            # "wrong order! I meant the one with the air purifier": the one other pending order holding that item is
            # the order meant, as with its number (before: its contents listed, the address request dropped)
            self._lookup(turn, self._owned())
            holding = [x for x in self._owned() if x != o and self.orders.get(x, {}).get("status") == PENDING and
                       any(it["name"] in items for it in self.orders[x].get("items", []))]
            if len(holding) == 1:
                r.order_ids, r.reason = holding, None  # ("wrong order" is no cancel reason here)
        elif not (r.order_ids or r.address or r.default_address or r.reason or r.intents & ACTING - {"address", "modify"}) and \
                _SAME_AGAIN.search(r.text) and (items := mentioned_items(r.text, self.product_names)):
            # "ditto for the luggage order", "same for the one with the air purifier": that order, to the same place
            self._lookup(turn, self._owned())
            holding = [x for x in self._owned() if x != o and self.orders.get(x, {}).get("status") == PENDING and
                       any(it["name"] in items for it in self.orders[x].get("items", []))]
            if len(holding) == 1:
                r.order_ids = holding
        if r.address or r.default_address or r.reason or (
                mentioned_items(r.text, self.product_names) and not r.order_ids):
            return None
        if not r.order_ids and _READ_BACK.search(r.text) and not address_changes(new, r.text):
            return f"Order {o} will ship to {self._address_text(new)}. Is there anything else I can help you with?"
        named = [x for x in r.order_ids if x in self._owned() and x not in r.negated_orders and x != o]
        if not r.order_ids and (fix := address_changes(new, r.text)) and (_ADDRESS_PART.search(r.text) or _WRONG.search(r.text) or (
                # "ugh sorry its 4C not 4B": a value of the address written put right, with no word for its part
                r.correction and any(re.search(rf"(?<!\w){re.escape(w)}(?!\w)", r.text, re.I) for k in fix
                                     for w in re.findall(r"\w+", new.get(k, "")) if any(c.isdigit() for c in w)))):
            r.address, r.order_ids = {**new, **fix}, [o]  # "oh no, the zip should be 78702"
        elif named and (_SAME_PLACE.search(r.text) or _SAME_AGAIN.search(r.text)):
            r.address, r.order_ids = dict(new), named[:1]  # "also send W2 there too", "I meant W2", "ditto for W2"
        elif not r.order_ids and _OTHER_PENDING.search(r.text) and (ADDITIVE.search(r.text) or _SAME_AGAIN.search(r.text)):
            self._lookup(turn, self._owned())
            rest = [x for x in self._owned() if x != o and self.orders.get(x, {}).get("status") == PENDING]
            if len(rest) != 1:
                return None
            r.address, r.order_ids = dict(new), rest
        else:
            return None
        r.intents = set(r.intents) | {"address"}
        r.yes = r.no = r.question = False
        if r.order_ids != [o] and (r.correction or _WRONG.search(r.text) or _UNDO_Q.search(r.text)) and \
                self._address_key(new) != self._address_key(before):  # (no "back" to the address it has)
            return (f"The change on order {o} has already gone through, so it now ships to {self._address_text(new)}; "
                    f"while it's pending I can change it back to {self._address_text(before)} if you ask me to. ")
        return ""

    @staticmethod
    def _last_outcome(turn: TurnContext) -> str:
        """The sentences of the clerk's latest reply that reported an outcome (a refusal, a write that failed or
        one made), read from the dialogue; empty when none of the last three replies did."""
        said = [str(m["content"]) for m in turn.history[:-1] if m.get("role") == "assistant" and m.get("content")]
        for text in reversed(said[-3:]):
            found = [x for x in re.split(r"(?<=[.?!])\s+", text) if _OUTCOME.search(x) and not x.endswith("?")]
            if found:
                return " ".join(found)
        return ""

    def _options_after(self, o: str) -> str:
        """What can be done instead after the clerk refused something on order ``o``: for a payment the method on file
        can't cover, the other methods that can; otherwise the actions its state allows (``_why_not``)."""
        if not re.search(r"\bdo(?:es)?(?: not|n'?t) cover\b", self.last_reply_text):
            return self._why_not(o)
        now = self._current_method(o)
        total = sum(p["amount"] for p in self.orders[o].get("payment_history", []) if p["transaction_type"] == "payment")
        fit = [pid for pid, pm in sorted(self._payment_methods().items()) if pid != now and
               not (pm.get("source") == "gift_card" and pm.get("balance", 0) < total)]
        kept = f"Order {o} can stay paid with {self._method_text(now)}" if now else f"Order {o} can stay as it is"
        if not fit:
            return (f"{kept}; no other payment method on your account can cover it. Is there anything else I can help "
                    f"you with?")
        return (f"{kept}, or I can move its payment to {' or '.join(self._method_text(pid) for pid in fit)}. Which would "
                f"you like?")

    def _why_not(self, o: str) -> str:
        """Why order ``o`` can't have what was just refused, by the policy for its state, and what it can have
        instead (offered for a yes where one action fits)."""
        status = self.orders[o]["status"]
        if status == PENDING:
            self.offer = {"intents": {"cancel"}, "orders": [o], "text": f"cancel order {o}"}
            return (f"Only items that have been delivered can be returned or exchanged, and order {o} hasn't been "
                    f"delivered yet. While it is pending I can cancel it instead, and what was paid goes back to the "
                    f"original payment method, or I can change its items, address or payment. Would you like me to "
                    f"cancel it?")
        if status == "delivered":
            self.offer = {"intents": {"return"}, "orders": [o], "text": "return items from it",
                          "instead": "cancel" in self.goal["intents"]}
            return (f"Only orders that haven't shipped yet (pending) can be cancelled or have their address or payment "
                    f"changed, and order {o} has already been delivered. I can return its items for a refund, or "
                    f"exchange them for other options of the same product. Would you like me to return items from it?")
        if status.startswith(PENDING):
            return (f"A pending order's items can be modified only once, and the items of order {o} already were; "
                    f"after that the order can't be cancelled or changed any more. Is there anything else I can help "
                    f"you with?")
        return (f"Order {o} is {status}: only pending orders can be cancelled or changed, and only delivered ones "
                f"returned or exchanged. Is there anything else I can help you with?")

    def _asked_back(self, turn: TurnContext, r: Reading) -> str | None:
        """The answer to a question the customer asks back while the clerk waits on its own (a proposal's yes, a
        reason, an option): the options of the item in a proposed change (``_options_said``), the status of the order
        in hand, why the clerk asks, or - the order of the proposal named again - that it is that order. None when
        the message is none of these."""
        in_hand = list(dict.fromkeys(o for o in ([a.get("order_id") for _, a in self.pending] or self.goal["orders"])
                                     if o in self.orders))
        if self.pending and r.order_ids and set(r.order_ids) == set(in_hand) and not (
                r.no or r.negated_orders or mentioned_items(r.text, self.product_names) or _WHY_ASK.search(r.text)):
            return f"Yes, order {', '.join(in_hand)} is the one in this request."  # "sorry I mean W2", W2 proposed
        if r.order_ids or "?" not in r.text and not _ASKS_OPTIONS.match(r.text):
            return None
        if not self.pending and _NEXT_STEP_Q.match(r.text):
            # "Is that everything I need to do?" while the clerk waits on its own question (which item, which option): that
            # answer (before: "Sorry, I can't help with that here")
            return "Just one more thing: I need your answer to my question."
        if not self.pending and "'no longer needed' or 'ordered by mistake'" in self.last_reply_text and in_hand and \
                (_REFUND_WHETHER.search(r.text) or _MONEY_Q.search(r.text)):  # (not "do you price match?")
            # "Wait, what happens to my money?", "do I get a refund if I cancel?" at the cancellation's reason question:
            # where each order's total goes, then the reason asked again (before: "Sorry, I can't help with that here")
            said = []
            for o in in_hand:
                total, original = self._paid_total(o), self._original_method(o)
                if total and original:
                    said.append(f"If order {o} is cancelled, its total of {_money(total)} is refunded to "
                                f"{self._method_text(original)}, the original payment method.")
            if said:
                return " ".join(said + [REFUND_TIMES])
        if _WHY_ASK.search(r.text):
            if "'no longer needed' or 'ordered by mistake'" in self.last_reply_text:
                return ("Our policy lets me cancel an order only for one of these two reasons, and the reason is "
                        "recorded with the cancellation, so I do need to know which one applies.")
            if self.pending and _ORDER_WORDS.search(r.text) and len(in_hand) == 1:
                return (f"You're right, I found it myself: it is order {in_hand[0]}. I list the details only so that you "
                        f"can check them, and I need your yes before I change anything.")
            if self.pending:
                return ("I need your explicit yes before I change anything on your account, so that nothing is done "
                        "that you didn't mean; once done, it can't be undone.")
            return "I ask so that I change only what you want changed, and nothing else."
        if _STATUS_Q.match(r.text) and len(in_hand) == 1:
            o = in_hand[0]
            status = self.orders[o]["status"]
            more = ", so it hasn't shipped yet" if status == PENDING else ""
            return f"Order {o} is {status}{more}."
        if self.pending and _ASKS_OPTIONS.search(r.text):
            return self._options_said(turn, r.text)
        return None

    def _options_said(self, turn: TurnContext, text: str) -> str | None:
        """The available options of the item in the proposed change, for what the question asks: one option's
        values next to the rest proposed ("which colors are there?": the colors of the proposed size and material),
        or the variants that have the values said ("which black ones are there?", "what options for size 11?");
        read from the product's variants."""
        for _tool, args in self.pending:
            o, new = args.get("order_id"), args.get("new_item_ids") or []
            items = {it["item_id"]: it for it in self.orders.get(o, {}).get("items", [])}
            for old_id, new_id in zip(args.get("item_ids") or [], new):
                item = items.get(old_id)
                product = self._product(turn, item["product_id"]) if item else None
                if not product:
                    continue
                variants = [v for v in product.get("variants", {}).values() if v.get("available")]
                proposed = product.get("variants", {}).get(new_id, {}).get("options", {})
                keys = list(proposed or item["options"])
                fixed = {k: v for k in keys for v in dict.fromkeys(x["options"].get(k) for x in variants)
                         if v and option_score(text, {k: v})}
                low = text.lower().replace("colour", "color")
                asked = [k for k in keys if k not in fixed and re.search(rf"\b{re.escape(k)}", low)]
                if asked:
                    k = asked[0]
                    want = {**{x: y for x, y in proposed.items() if x != k}, **fixed}
                    cands = [v for v in variants if all(v["options"].get(x) == y for x, y in want.items())] or \
                        [v for v in variants if all(v["options"].get(x) == y for x, y in fixed.items())]
                    if not want or not cands:
                        cands, want = variants, {}
                    values = ", ".join(dict.fromkeys(v["options"][k] for v in cands if k in v["options"]))
                    of = f" ({_opts(want)})" if want else ""
                    return f"The {item['name']}{of} is available in these {k} options: {values}."
                cands = [v for v in variants if all(v["options"].get(x) == y for x, y in fixed.items())]
                if not cands:
                    return f"There is no available {item['name']} with {_opts(fixed)}."
                shown = "; ".join(_opts({x: y for x, y in v["options"].items() if x not in fixed}) for v in cands[:8])
                with_ = f" with {', '.join(f'{x} {y}' for x, y in fixed.items())}" if fixed else ""  # "with size 11"
                return f"Available {item['name']} options{with_}: {shown}."
        return None

    def _cheaper_said(self, turn: TurnContext, text: str) -> str | None:
        """The available options of the item in the proposed change that cost less than the one proposed and have the
        values the question names ("is there a cheaper black one?"), cheapest first; or that there is none."""
        for _tool, args in self.pending:
            o, new = args.get("order_id"), args.get("new_item_ids") or []
            items = {it["item_id"]: it for it in self.orders.get(o, {}).get("items", [])}
            for old_id, new_id in zip(args.get("item_ids") or [], new):
                item = items.get(old_id)
                product = self._product(turn, item["product_id"]) if item else None
                proposed = (product or {}).get("variants", {}).get(new_id)
                if not product or not proposed:
                    continue
                variants = [v for v in product.get("variants", {}).values() if v.get("available")]
                fixed = {k: v for k in proposed["options"] for v in dict.fromkeys(x["options"].get(k) for x in variants)
                         if v and option_score(text, {k: v})}
                cands = sorted((v for v in variants if v["price"] < proposed["price"] and v["item_id"] != item["item_id"]
                                and all(v["options"].get(k) == x for k, x in fixed.items())), key=lambda v: v["price"])
                with_ = f" with {_opts(fixed)}" if fixed else ""
                if not cands:
                    return (f"There is no available {item['name']}{with_} cheaper than the one proposed "
                            f"({_money(proposed['price'])}).")
                shown = "; ".join(f"{_opts(v['options'])} ({_money(v['price'])})" for v in cands[:6])
                return (f"Cheaper available {item['name']} options{with_} than the one proposed "
                        f"({_money(proposed['price'])}): {shown}. Tell me if you'd like one of them instead.")
        return None

    def _refund_said(self, r: Reading | None = None) -> str:
        """Where the money of the proposal on screen goes back to, in a sentence ("The refund goes to your gift card
        (balance $20.00), the original payment method."); for an item change, the price difference and where it goes
        (before: "No refund is part of this change" beside a proposal that gave money back). A card brand the customer
        names and does not have is said so ("yes as long as the refund goes back to my visa")."""
        out = []
        brand = (r.card_brand or "") if r else ""
        if brand and not any(str(m.get("brand") or "").lower().replace(" ", "") == brand.replace(" ", "")
                             for m in self._payment_methods().values()):
            one = len(self._payment_methods()) == 1
            out.append(f"I don't see a {'Amex' if brand == 'amex' else brand.title()} card on your account: "
                       f"{'the only payment method on it is' if one else 'the payment methods on it are'} "
                       f"{self._methods_list()}.")
        for tool, args in self.pending:
            o = args.get("order_id")
            if tool in ITEM_TOOLS and o in self.orders:
                held = {it["item_id"]: it for it in self.orders[o].get("items", [])}
                diff = sum(((self.products.get(held[i]["product_id"]) or {}).get("variants", {}).get(n) or
                            {"price": held[i]["price"]})["price"] - held[i]["price"]
                           for i, n in zip(args.get("item_ids", []), args.get("new_item_ids", [])) if i in held)
                method = self._method_text(args.get("payment_method_id", ""))
                if diff < 0:
                    out.append(f"The price difference of {_money(-diff)} for order {o} goes back to {method}.")
                elif diff > 0:
                    out.append(f"No money comes back from this change: it costs {_money(diff)} more, paid with {method}.")
                continue
            if tool not in ("cancel_pending_order", "return_delivered_order_items") or o not in self.orders:
                continue
            original = self._original_method(o)
            pid = args.get("payment_method_id") or original
            if pid:
                out.append(f"The refund for order {o} goes to {self._method_text(pid)}"
                           f"{', the original payment method' if pid == original else ''}.")
        return " ".join(out) or "No refund is part of this change."

    def _other_part_chosen(self, r: Reading) -> str | None:
        """At a proposal with another request queued behind it, the customer choosing that other request instead
        ("no, hold off on that one, just do the other", "just the second thing please", "not that one - only the
        tablet", "only the item change please, leave the address") or first ("do the other one first", "let's start
        with the other one"): the proposal is put aside (for good, or until the rest is done) and what it said is
        returned, for the plan to go on with the rest. None when the message chooses no other part, or there is
        none. Before, the whole request was dropped ("All right, I won't make that change"), or the same proposal
        came again, and the next "yes" (meant for the other part) wrote it."""
        g, text = self.goal, r.text
        if not self.pending or r.order_ids or r.address or _NOT_THAT_ORDER.search(text) and re.search(r"\border\b", text, re.I):
            return None  # ("not that order, the other one": another order for this request, ``_other_order_meant``)
        pend_orders = {a.get("order_id") for _, a in self.pending}
        pend_kinds = {_TOOL_KIND[t] for t, _ in self.pending}
        items = {"modify", "exchange"}
        other_kinds = g["intents"] & ACTING - pend_kinds - (items if pend_kinds & items else set())
        if "modify" in other_kinds and not any(self._names_items(o) for o in g["orders"] if o in self.orders):
            other_kinds.discard("modify")  # ("change the shipping address of #W1": no item change beside it)
        other_orders = [o for o in self._queue_as_said() if o not in pend_orders and o in self.orders and
                        o in self._owned()]
        default_left = bool(g["default_address"] and (None, "default_address") not in g["done"] and
                            all(t != "modify_user_address" for t, _ in self.pending))
        if not (other_orders or other_kinds or default_left):
            return None
        first = bool(_PART_FIRST.search(text))
        if not _PART_CUE.search(text) or (_ALSO.search(text) or re.search(r"both", text, re.I)) and not first:
            return None  # ("yes, and the other one too": both)
        own = "|".join(_PART_KIND_WORDS[k] for k in sorted(pend_kinds) if k in _PART_KIND_WORDS)
        others = [_PART_KIND_WORDS[k] for k in sorted(other_kinds | ({"address"} if default_left else set()))
                  if k in _PART_KIND_WORDS and _PART_KIND_WORDS[k] != own]
        names = [it["name"] for o in other_orders for it in self.orders[o].get("items", [])] + \
            mentioned_items(g["text"], self.product_names)  # (an order not looked up yet: the items said for it)
        held = {it["name"] for o in pend_orders if o in self.orders for it in self.orders[o].get("items", [])}
        names = [n for n in dict.fromkeys(names) if n not in held]
        words = others + [re.escape(n) for n in names] + \
            [re.escape(w) for n in names for w in [n.split()[-1]] if len(w) > 3 and not any(w in h for h in held)]
        only_other = bool(words) and re.search(rf"\b(?:only|just|instead|rather)\b[^.?!]{{0,25}}?\b(?:{'|'.join(words)})\b",
                                               text, re.I)
        only_own = bool(own) and re.search(rf"\b(?:only|just)\b[^.?!,]{{0,25}}?\b(?:{own})\b", text, re.I)
        if not (_OTHER_PART.search(text) or only_other) or only_own:
            return None
        if first and "modify" in other_kinds and pend_kinds & {"address", "payment"} and \
                any(self.orders.get(o, {}).get("status") == PENDING and self._names_items(o) for o in pend_orders):
            # "do the item change first" on the order whose address is proposed: after an item change the order can't
            # be changed any more, so the proposal stays, said why (before: the address lost after the items' yes)
            return (f"After an order's items are changed, it can't be changed any more, so this has to come first; "
                    f"I'll come to the item change right after. {self.proposal}")
        kind_done = {"cancel_pending_order": "cancel", "modify_pending_order_address": "address",
                     "modify_pending_order_payment": "payment", "return_delivered_order_items": "return",
                     "modify_pending_order_items": "items", "exchange_delivered_order_items": "items",
                     "modify_user_address": "default_address"}
        put_aside = {(a.get("order_id"), kind_done[t]) for t, a in self.pending}
        g["done"] |= put_aside
        if first:
            g["deferred"] = list(dict.fromkeys(g.get("deferred", []) + sorted(put_aside, key=str)))
        m = re.search(rf"{CONFIRM} (.+?)\.(?:\s|$)", self.proposal or "")
        what = m.group(1) if m else "make that change"
        self.pending = []
        if first:
            return f"All right, I'll come back to that after ({what})."
        return f"All right, I won't {what}."

    def _instead_of_value(self, text: str) -> str:
        """At an item proposal, "make it leather instead of 10": an option of another kind put in place of one the
        proposal changes (the size 10), which then stays as the item has it; the words that say so ("size 11"), or ''.
        Before, the 10 was kept and the leather added ("10, leather" looked for, then "10, synthetic" offered)."""
        if not (m := _INSTEAD_VALUE.search(text)) or not all(t in ITEM_TOOLS for t, _ in self.pending):
            return ""
        x, ys = m.group("x").lower(), {m.group("y").lower(), m.group("y").split()[0].lower()}
        for _t, a in self.pending:
            held = {it["item_id"]: it for it in self.orders.get(a.get("order_id"), {}).get("items", [])}
            for old_id, new_id in zip(a.get("item_ids", []), a.get("new_item_ids", [])):
                it = held.get(old_id)
                variants = (self.products.get(it["product_id"]) or {}).get("variants", {}) if it else {}
                if not (new := variants.get(new_id)):
                    continue
                for k, v in new["options"].items():
                    own = str(it["options"].get(k, ""))
                    values = {str(vv["options"].get(k, "")).lower() for vv in variants.values()}
                    if str(v).lower() in ys and own.lower() not in ys and x not in values:
                        return f"{k} {own}"
        return ""

    def _queue_as_said(self) -> list[str]:
        """The orders of the request not yet acted on, in the order the customer named them (by id or by an item)."""
        g = self.goal
        low = g["text"].lower()

        def first_said(o: str) -> int:
            at = [m.start() for m in re.finditer(o[1:].lower(), low)]
            names = [it["name"] for it in self.orders.get(o, {}).get("items", [])]
            at += [a for a, _b, _n, neg in item_mentions(g["text"], names) if not neg]
            return min(at, default=len(low))

        return sorted((o for o in g["orders"] if (o, "refused") not in g["done"]), key=first_said)

    def _say_plan(self, turn: TurnContext, lead: str, was: list[tuple[str, dict[str, Any]]] | None = None,
                  added_to: list[tuple[str, dict[str, Any]]] | None = None) -> None:
        reply = lead + self._plan(turn)
        if added_to and _YES_AND_LEAD in reply and self._extends(added_to):
            # "yes - actually the puzzle too" at a return of the headphones: the puzzle is in the new proposal, which
            # waits for its own yes; nothing of the request is left for after it (before: "I'll come to the rest of
            # your request right after", of a rest already in the proposal)
            reply = reply.replace(_YES_AND_LEAD, _ADDED_LEAD, 1)
        if was is not None and self.pending == was and CONFIRM in reply:
            inhand = {a.get("order_id") for _, a in was}
            # (an item the message says of another order, "and in the other order, perfume to 30ml", is that order's
            # even when the order in hand holds one too)
            elsewhere = {"#" + x.upper() for x in ORDER_ID.findall(self.last_text)} - inhand
            later = [n for n in mentioned_items(self.last_text, self.product_names)
                     if not any(it["name"] == n for o in inhand if o in self.orders for it in self.orders[o].get("items", []))
                     or any(it["name"] == n for o in elsewhere if o in self.orders for it in self.orders[o].get("items", []))]
            note = reply[len(lead):reply.find(CONFIRM)].strip()
            if later:  # "oh wait, also the pet bed ..." (in another order): taken up after this one
                self.goal["queued"] += [n for n in later if n not in self.goal["queued"]]
                reply = (lead + f"Noted, I'll come to the {' and the '.join(later)} right after this. " +
                         reply[reply.find(CONFIRM):])
            elif note:  # "can the refund go to my credit card instead?": what policy allows, said before the same summary
                pass
            elif _ALSO.search(self.last_text) and self._more_in_hand(was):
                # "can you also update my profile address to the same one": a request added behind the proposal, taken
                # up after it (before: "I couldn't tell what you'd like to change there")
                reply = lead + "Noted, I'll come to that right after this. " + reply[reply.find(CONFIRM):]
            else:
                # "sorry i typed dalas, it should be austin" read as nothing: said so, not the same summary again
                # as if the correction were made (a yes to it would write what the customer just took back)
                reply = (lead + "I'm sorry, I couldn't tell what you'd like to change there, so nothing is changed yet. "
                         "Could you tell me exactly what should be different? As it stands: " + reply[reply.find(CONFIRM):])
        if self.pending:
            self.proposal = reply[reply.find(CONFIRM):] if CONFIRM in reply else reply
        turn.say(reply)

    def _extends(self, was: list[tuple[str, dict[str, Any]]]) -> bool:
        """Whether the proposal now on screen is ``was`` with more items: the same actions on the same orders, each
        holding every item it held, one at least holding more, and nothing else of the request left to come."""
        def items(pending: list[tuple[str, dict[str, Any]]]) -> dict[tuple[str, Any], set[str]]:
            return {(tool, a.get("order_id")): set(a.get("item_ids") or []) for tool, a in pending}
        old, new = items(was), items(self.pending)
        return old.keys() == new.keys() and all(old[k] <= new[k] for k in old) and old != new and \
            not self._more_in_hand(self.pending)

    def _more_in_hand(self, was: list[tuple[str, dict[str, Any]]]) -> bool:
        """Whether the request holds more than the proposal ``was``: another order, another action, or the default
        address beside an order's."""
        g = self.goal
        kinds = {_TOOL_KIND.get(tool) for tool, _ in was}
        return bool(set(g["orders"]) - {a.get("order_id") for _, a in was} or g["intents"] & ACTING - kinds - {"modify"} or
                    g["default_address"] and not any(tool == "modify_user_address" for tool, _ in was))

    def _new_total(self, text: str) -> str:
        """The order's total after the item change waiting for its yes, when the customer asks about the total ("will
        the new total be $1131 or less?"): the order's items at their new prices, compared with a sum they name."""
        if not re.search(r"\btotal\b", text, re.I):
            return ""
        for tool, args in self.pending:
            o = args.get("order_id")
            if tool not in ("modify_pending_order_items", "exchange_delivered_order_items") or o not in self.orders:
                continue
            new = dict(zip(args["item_ids"], args["new_item_ids"]))
            prices = {vid: v["price"] for p in self.products.values() for vid, v in p.get("variants", {}).items()}
            total = sum(prices.get(new[it["item_id"]], it["price"]) if it["item_id"] in new else it["price"]
                        for it in self.orders[o].get("items", []))
            said = f" The new total of order {o} would be {_money(total)}"
            if (m := re.search(r"\$\s?([\d,]+(?:\.\d\d)?)", text)):
                limit = float(m.group(1).replace(",", ""))
                said += (f", which is within {_money(limit)}" if total <= limit + 1e-9 else
                         f", which is {_money(total - limit)} over {_money(limit)}")
            return said + "."
        return ""

    def _planned_refunds_said(self) -> str:
        """What the whole request in hand would refund, part by part and in total, when it holds more than the
        proposal on screen ("cancel all my pending orders and return the watch"): a cancellation refunds what was paid
        for the order, a return the prices of its items; '' when the request is that proposal alone, or a part's items
        are not told yet."""
        parts: list[tuple[str, float]] = []
        paid = lambda o: sum(p["amount"] for p in self.orders[o].get("payment_history", [])  # noqa: E731
                             if p["transaction_type"] == "payment")
        in_hand = []
        for tool, args in self.pending:
            o = args.get("order_id")
            if o not in self.orders or tool not in ("cancel_pending_order", "return_delivered_order_items"):
                return ""
            in_hand.append(o)
            if tool == "cancel_pending_order":
                parts.append((f"cancelling order {o}", paid(o)))
            else:
                items = [it for it in self.orders[o]["items"] if it["item_id"] in (args.get("item_ids") or [])]
                parts.append((f"returning the {' and the '.join(it['name'] for it in items)} from order {o}",
                              sum(it["price"] for it in items)))
        g = self.goal
        for o in self._queue_as_said():
            if o in in_hand or o not in self.orders or any(x == o for x, _ in g["done"]):
                continue
            status = self.orders[o]["status"]
            if status == PENDING and "cancel" in g["intents"]:
                parts.append((f"cancelling order {o}", paid(o)))
            elif status == "delivered" and "return" in g["intents"]:
                items, unclear = self._item_choice(o, "return")
                if unclear or not items:
                    return ""
                parts.append((f"returning the {' and the '.join(it['name'] for it in items)} from order {o}",
                              sum(it["price"] for it in items)))
        if len(parts) < 2:
            return ""
        each = "; ".join(f"{_money(x)} for {what}" for what, x in parts)
        return (f"Altogether you would get back {_money(sum(x for _, x in parts))}: {each}. Nothing has been done yet; "
                f"each part is done only after your yes to it.")

    def _item_change_kind(self) -> str:
        """'an exchange' or 'an item change' when the proposal waiting for its yes is one, else ''."""
        tools = {tool for tool, _ in self.pending}
        return ("an exchange" if "exchange_delivered_order_items" in tools else
                "an item change" if "modify_pending_order_items" in tools else "")

    def _money_said(self, said: str) -> str:
        """The proposal's words about money, said back as the answer to "how much / which card?": the
        original payment method of a cancellation named ("... to the original payment method, your PayPal
        account")."""
        said = said[:1].lower() + said[1:]
        said = re.sub(r"^refund (\$[\d,.]+) to ", r"the refund of \1 goes to ", said)
        orders = [a.get("order_id") for tool, a in self.pending if tool == "cancel_pending_order"]
        if orders and orders[0] in self.orders and (pid := self._original_method(orders[0])) and \
                said.endswith("original payment method"):
            said += f", {self._method_text(pid)}"
        return said

    # --- reading ----------------------------------------------------------------------------
    @staticmethod
    def _offered_more(turn: TurnContext) -> bool:
        """Whether the clerk's last reply ended by asking if there is anything else, or what the customer would
        like (the menu, "What would you like to do?"): a "no" / "nothing, wrong number" then ends the conversation
        (before: the same menu or report again, turn after turn)."""
        last = (turn.last_reply or "").rstrip()
        return bool(re.search(r"anything else[^.?!]*\?$", last) or last.endswith(MENU) or
                    re.search(r"What would you like to do\?(?:\s*" + re.escape(MENU) + r")?$", last))

    def _thanks_only_so_far(self, turn: TurnContext, r: Reading) -> bool:
        """A bare thanks ("thanks", "great, cheers", "perfect") to the menu or to a status answer while no change has
        been asked for in the conversation, and not already answered "You're welcome!": the customer is polite
        before asking, so the conversation stays open (before: the menu's "thanks" ended it, and the request never
        came). A goodbye or a no ("thanks, bye", "no, that's it") still ends it."""
        return r.thanks and not r.bye and not self.acted and not (turn.last_reply or "").startswith("You're welcome!")

    def _names_a_kind(self, text: str) -> bool:
        """The text names a kind of product that several products of the store are ("camera", "kettles"),
        so that only the customer's own orders can tell which."""
        heads = {n.lower().split()[-1] for n in self.product_names}
        return any(w in heads or w.removesuffix("s") in heads for w in re.findall(r"[a-z]+", text.lower()))

    def _narrow(self, r: Reading) -> bool:
        """At a proposal of several items, the items the message keeps: "only the sunglasses", "no, just the lamp",
        "leave out the boots", "drop the boots from that", "earbuds yes, boots no", "the boots can stay", or by
        option words, "the blue ones only", "the 60% one"; the others are put aside (of two items of one product,
        the one kept is picked). Whether the message reads as narrowing at all (one not understood is said so,
        not met with the same list again)."""
        items = [(args.get("order_id"), it) for _, args in self.pending
                 for it in self.orders.get(args.get("order_id"), {}).get("items", []) if it.get("item_id") in (args.get("item_ids") or [])]
        in_hand = {it["name"] for _, it in items}
        if len(items) < 2:
            return False
        low = r.text.lower().replace("\u2019", "'")
        kept, dropped = self._kept_dropped(r.text, in_hand)
        only = bool(_ONLY.search(r.text)) or bool(_KEEP_ONE.search(low)) or bool(_ALONE.search(low)) and not dropped
        if dropped and dropped < in_hand:  # "leave out the boots", "earbuds yes, boots no"
            self.goal["dropped_items"] |= dropped
            return True
        if kept and kept < in_hand and only:  # "only the sunglasses"
            self.goal["dropped_items"] |= in_hand - kept
            return True
        if not (only or dropped or kept):
            return False
        if kept and not (only or dropped) and (_CHANGE_WORDS.search(r.text) or _SETS_OPTION.search(r.text) or
                                               kept < in_hand or len(kept) > 1):
            # "yes, but make the speaker blue with 20 hours instead": a change to the item named, the others kept
            # (before: its option words read as "the blue one only", and the pet bed dropped without a word); so too
            # "for the lamp, battery please, white is ok" / "keyboard: full size please": one item named by its name
            # with new options and no "only" corrects that item (before: the backpack dropped, and written without it);
            # and "bottle ok. vacuum - upright please": an item said to be ok beside another corrected is kept (before:
            # the vacuum's option words read as "the upright one only", and the bottle dropped)
            return False
        # "the blue ones only", "the 60% one": the items whose options the words name
        distinct = self._distinct([it for _, it in items])
        scores = [option_score(r.text, d) for d in distinct]
        best = max(scores, default=0)
        if not best or scores.count(best) == len(scores):
            return only  # not understood: said so (the caller), not listed again as if nothing were said
        keep = [i for i, sc in enumerate(scores) if sc == best]
        for name in in_hand:
            at = [i for i, (_, it) in enumerate(items) if it["name"] == name]
            if not set(at) & set(keep):
                self.goal["dropped_items"].add(name)
            elif len(at) > 1:  # of two keyboards, the 60% one
                o = items[at[0]][0]
                positions = [k for k, it in enumerate(self.orders[o]["items"]) if it["name"] == name]
                ids = [items[i][1]["item_id"] for i in at if i in keep]
                self.goal["picked"][(o, name)] = [k for k in positions if self.orders[o]["items"][k]["item_id"] in ids]
        return True

    def _retracts_proposal(self, text: str) -> bool:
        """Whether a request the message takes back ("return the headphones... actually no, forget that") is the one
        proposed: its actions are the proposal's, and it names no item, order or number the proposal does not hold (a
        request added and taken back, "also exchange the umbrella... no, forget that", leaves the proposal open)."""
        kinds = {k for k in ACTING_KINDS if INTENTS[k].search(text)}
        proposed = {_TOOL_KIND[tool] for tool, _ in self.pending}
        if proposed & {"return", "exchange", "modify"}:
            proposed |= {"modify"}  # ("change the headphones" said of an item proposed for an exchange)
        orders = {a.get("order_id") for _, a in self.pending}
        held = self._proposed_names() or {it["name"] for o in orders for it in self.orders.get(o, {}).get("items", [])}
        named = {f"#{o.upper()}" for o in re.findall(r"#?\b(W\d{7})\b", text, re.I)}
        return bool(kinds) and kinds <= proposed and set(mentioned_items(text, self.product_names)) <= held and \
            named <= orders and not re.search(r"\d", re.sub(r"#?\bW\d{7}\b", " ", text, flags=re.I))  # (no new address)

    def _pending_named(self, r: Reading) -> bool:
        """The message names an item of a proposal of several items ("the speaker yes, the bed no"): an answer
        about its parts, not a goodbye (its closing "no" read so before, and the proposal said again unchanged)."""
        ids = [(args.get("order_id"), i) for _, args in self.pending for i in args.get("item_ids") or []]
        names = {it["name"] for o, i in ids for it in self.orders.get(o, {}).get("items", []) if it.get("item_id") == i}
        return len(ids) > 1 and bool(item_mentions(r.text, sorted(names)))

    def _kept_dropped(self, text: str, in_hand: set[str]) -> tuple[set[str], set[str]]:
        """Of the items of a proposal, those the message names to keep and those it names to leave out."""
        low = text.lower().replace("\u2019", "'")
        dropped, kept = set(), set()
        options = self._option_words(list(self.orders))
        for a, b, n, neg in item_mentions(text, sorted(in_hand)):
            # ("black for the kettle, not white": an option of the kettle ruled out, the kettle kept; before, dropped)
            not_option = re.match(r"\s*[:,-]?\s*(?:no|not)\s+([a-z0-9-]+)", low[b:])
            stays = _STAYS.match(low[b:]) and not (not_option and re.sub(r"e?s$", "", not_option.group(1)) in options)
            if neg or _LEAVE_OUT.search(low[:a]) or stays or \
                    _AS_IS_BEFORE.search(low[:a]) and _AS_IS_AFTER.match(low[b:]):
                dropped.add(n)
            else:
                kept.add(n)
        return kept - dropped, dropped

    def _unexcepted(self, text: str) -> str:
        """At a proposal, an item excepted from an approval ("all fine but the camera", "everything good except the
        camera", "looks right apart from the camera") and then given another option ("should be silver", "I want it
        in silver", "silver one please") is a correction of that item, not the item left out: the text with the
        exception word put aside (before: the camera dropped, or another order's item asked about)."""
        low = text.lower().replace("\u2019", "'")
        found = item_mentions(text, sorted(self._proposed_names()))
        for k in reversed(range(len(found))):
            a, b = found[k][:2]
            start = max(low.rfind(c, 0, a) for c in ".;!?") + 1
            after = re.split(r"[.;!?](?:\s|$)", low[b:found[k + 1][0] if k + 1 < len(found) else len(low)])[0]
            words = {re.sub(r"e?s$", "", w) for w in re.findall(r"[a-z0-9]+", after)}
            if _EXCEPT_BEFORE.search(low[start:a]) and (_SHOULD_BE.search(after) or
                                                         words & self._option_words(list(self.orders))):
                text = text[:start] + " the " + text[a:]  # (the rest kept as proposed: read as a correction, below)
        return text

    def _proposed_names(self) -> set[str]:
        """The product names of the items the proposal on screen holds."""
        return {it["name"] for _, args in self.pending for it in self.orders.get(args.get("order_id"), {}).get("items", [])
                if it.get("item_id") in (args.get("item_ids") or [])}

    def _names_part(self, r: Reading) -> bool:
        """At a proposal of several items of different products, the message names some of them and not the others
        ("ok just the watch then", "sure, just the kettle", "alright, the thermostat then"): not a yes to all of them,
        whatever yes word it holds (before: "ok" / "sure" beside "just the watch" wrote the whole proposal)."""
        in_hand = self._proposed_names()
        if len(in_hand) < 2:
            return False
        kept, dropped = self._kept_dropped(r.text, in_hand)
        return bool(dropped & in_hand) or bool(kept) and kept < in_hand

    def _narrowed_already(self, r: Reading) -> list[str]:
        """At a proposal, the items it holds when the message keeps exactly those and nothing else ("only the
        backpack, not the boots" with the backpack alone proposed); empty otherwise. Before, the message was
        met with "I couldn't tell what you'd like to change there"."""
        in_hand, names = set(), set()
        for _, args in self.pending:
            for it in self.orders.get(args.get("order_id"), {}).get("items", []):
                names.add(it["name"])
                if it.get("item_id") in (args.get("item_ids") or []):
                    in_hand.add(it["name"])
        low = r.text.lower().replace("\u2019", "'")
        kept, dropped = set(), set()
        found = item_mentions(r.text, sorted(names))
        for i, (a, b, n, neg) in enumerate(found):
            # ("the dumbbells no problem, just skip them. luggage yes": that item left out by the words after it,
            # up to the next item or sentence; its "just" no "only these")
            own = re.split(r"[.;!?\n]", low[b:found[i + 1][0] if i + 1 < len(found) else len(low)])[0]
            (dropped if neg or _LEAVE_OUT.search(low[:a]) or _LEFT_OUT_AFTER.search(own) else kept).add(n)
        only = bool(_ONLY.search(_LEFT_OUT_AFTER.sub(" ", low))) or bool(_KEEP_ONE.search(low))
        return sorted(in_hand) if in_hand and kept == in_hand and (only or dropped) and not dropped & in_hand else []

    def _picked_elsewhere(self, turn: TurnContext, r: Reading) -> str:
        """At a proposal for an item, a short answer that picks another item of that product held in another of the
        customer's orders ("the gold one", "no, the gold tablet", "the other tablet"): that order takes the
        proposed order's place (what is said of it returned); '' when the words pick no such item, or several."""
        m = _PICK_ELSEWHERE.match(r.text)
        if not m or len(self.pending) != 1:
            return ""
        tool, args = self.pending[0]
        o = args.get("order_id")
        ids = args.get("item_ids") or []
        if tool not in ("return_delivered_order_items", *ITEM_TOOLS) or not o or not ids:
            return ""
        items = self.orders.get(o, {}).get("items", [])
        names = {it["name"] for it in items if it.get("item_id") in ids}
        if len(names) != 1:
            return ""
        [name] = names
        words = m.group("words")
        head = name.lower().split()[-1]
        if words.lower().split()[-1:] not in (["one"], [head], [head + "s"]):
            return ""
        self._lookup(turn, self._owned())
        status = self.orders[o]["status"]
        others = [(x, it) for x in self._owned() if x != o and x in self.orders and self.orders[x]["status"] == status
                  for it in self.orders[x].get("items", []) if it["name"] == name]
        if not others:
            return ""
        proposed = next(it for it in items if it.get("item_id") in ids)
        if re.match(r"(?:the\s+)?other\b", words, re.I):
            picked = others
        else:
            every = [proposed] + [it for _x, it in others]
            distinct = self._distinct(every)
            scores = [option_score(words, d) for d in distinct]
            if scores[0] or max(scores) == 0:
                return ""  # the proposed item itself, or none of them ("That's already the case" is said elsewhere)
            picked = [others[i - 1] for i, sc in enumerate(scores) if i and sc == max(scores)]
        if len({x for x, _it in picked}) != 1:
            return ""
        other, it = picked[0]
        self.pending = []
        g = self.goal
        g["orders"] = [other if x == o else x for x in g["orders"]] if o in g["orders"] else [other]
        return f"All right, the {name} ({_opts(it['options'])}) in order {other} then, not the one in order {o}. "

    def _pick_like_item(self, r: Reading) -> None:
        """"the 16GB one" / "the one with 16gb" / "the 1TB one", said while an item change of an order with two
        items of that product is in hand (not to "which one?", which ``_resolve_which`` reads): the item those words
        describe among them, kept as picked. Before, the words joined the request, whose "32GB" (the new option) and
        "16GB" then described both laptops, and "which one?" came again and again."""
        m = _LIKE_ITEM_PICK.match(r.text)
        if not m or not self.goal["intents"] & {"exchange", "modify"}:
            return
        for o in self.goal["orders"]:
            items = self.orders.get(o, {}).get("items", [])
            for name in dict.fromkeys(it["name"] for it in items):
                same = [i for i, it in enumerate(items) if it["name"] == name]
                if len(same) < 2 or name not in mentioned_items(self.goal["text"], self.product_names):
                    continue
                picked = self._best_of([items[i] for i in same], m.group("words"), compare=True)
                if picked and len(picked) == 1 and \
                        self._already_target(items[same[picked[0]]], [items[i] for i in same], self.goal["text"],
                                             m.group("words")):
                    continue  # ("the i5 silver one" of a change to 13-inch: the new option, see ``_already_target``)
                if picked and len(picked) == 1:
                    self.goal["picked"][(o, name)] = [same[picked[0]]]
                    self.goal["inferred"].discard((o, name))  # (told now: no note of a guess)
                    r.text = f"the {name}"  # (its present options are no new option asked for: "16GB" is not wanted)

    def _already_target(self, chosen: dict[str, Any], same: list[dict[str, Any]], text: str, words: str) -> bool:
        """Whether the like item that words pick already has what the request asks its item to become ("change the
        17-inch laptop to the 13-inch version", the other laptop being 13-inch, i5 and silver): then "the i5 silver
        one" names the new option, not that item, which nobody asks to make 13-inch (before: the request moved to it,
        "Your Laptop is already 13-inch", and the customer was stuck). Words that only repeat the new option asked
        for ("the 32GB one" of a change to 32GB) still pick that item, as before."""
        parts = re.split(r"\b(?:for|into|->)\b|\bto\b(?!\s+(?:return|exchange|swap|send|change|switch|trade|replace|get|"
                         r"have|do|be|make)\b)", text, maxsplit=1, flags=re.I)
        product = self.products.get(chosen.get("product_id", "")) or {}
        if len(parts) < 2 or not product:
            return False
        want = named_values(parts[1], [v["options"] for v in product.get("variants", {}).values()])
        more = named_values(words, [v["options"] for v in product.get("variants", {}).values()]) - want
        return bool(want and more) and all(chosen["options"].get(k) == v for k, v in want) and \
            any(any(it["options"].get(k) != v for k, v in want) for it in same if it is not chosen)

    def _one_picked(self, r: Reading) -> tuple[str, bool] | None:
        """At a proposal that changes one of several items of one product, "the small one" / "yes, the small one":
        the item those words pick among them, and whether it is the one proposed; None when the message is no such
        pick or picks none of them. Before, "the small one" to a proposal of the small bed asked "which one?"."""
        m = _ONE_PICK.match(r.text)
        if not m:
            return None
        for _, args in self.pending:
            items = self.orders.get(args.get("order_id"), {}).get("items", [])
            for it in items:
                if it.get("item_id") not in (args.get("item_ids") or []):
                    continue
                same = [x for x in items if x["name"] == it["name"]]
                picked = self._best_of(same, m.group(1)) if len(same) > 1 else None
                if picked and len(picked) == 1:
                    chosen = same[picked[0]]
                    if chosen is not it and self._already_target(chosen, same, self.goal["text"], m.group(1)):
                        return None  # ("the i5 silver one": the new option, the other laptop being 13-inch already)
                    return f"{chosen['name']} ({_opts(chosen['options'])})", chosen is it
        return None

    def _keep_reason(self, r: Reading) -> None:
        """A reason said for other orders ("also cancel the boots and the kettle. ordered them by mistake", under
        the charger's cancellation 'no longer needed') does not replace the reason of the cancellation on
        screen: that order keeps its own (``goal['kept_reasons']``) unless the message names it."""
        if not r.reason:
            return
        named = set(mentioned_items(r.text, self.product_names))
        for tool, args in self.pending:
            o = args.get("order_id")
            if tool != "cancel_pending_order" or args.get("reason") == r.reason or o not in self.orders:
                continue
            mine = {it["name"] for it in self.orders[o].get("items", [])}
            others = [x for x in r.order_ids if x != o]
            if (others or named - mine) and o not in r.order_ids and not named & mine:
                self.goal["kept_reasons"][o] = args["reason"]

    def _reason_corrected(self, r: Reading) -> bool:
        """A "no" that gives the cancellation proposed the other reason, in that reason's own words ("no, the reason is
        that I no longer need it"): a correction, proposed again with that reason for a yes (before: declined)."""
        return bool(r.reason and _REASON_FIX.search(r.text) and not _KEEP_NOT_CANCEL.search(r.text)) and any(
            tool == "cancel_pending_order" and args.get("reason") not in (None, r.reason) for tool, args in self.pending)

    def _reason_again(self, r: Reading) -> bool:
        """The message gives the reason of the cancellation waiting for its yes, and asks for nothing else."""
        return bool(r.reason) and not (r.no or r.intents - {"cancel"} or r.address or r.payment_kind) and any(
            tool == "cancel_pending_order" and args.get("reason") == r.reason for tool, args in self.pending)

    def _asks_anything(self, r: Reading) -> bool:
        """Whether the message holds anything the clerk could act on or answer."""
        return bool(r.intents or r.order_ids or r.address or r.emails or r.names or r.zips or r.user_ids or
                    place_cue(r.text, self.ship_places) or
                    _WHICH_ORDER_ASKED in self.last_reply_text and bare_place(r.text, self.ship_places) or
                    r.payment_kind or r.reason or r.refund_timing or r.refund_form or r.fee or mentioned_items(r.text, self.product_names))

    def _awaits_address(self) -> bool:
        """Whether the request in hand is an address change still waiting for the address."""
        return "address" in self.goal["intents"] and not self.goal["address"]

    def _merge(self, r: Reading) -> None:
        g = self.goal
        # "both of them" then picks among the items (or the orders) asked about, not all of an order's items
        answering_which = self.which is not None or self.which_order is not None
        # "also my profile too" after an address was given: the default address, to that address
        # ("and update my account address as well"), not a question about it ("is my default address the same?")
        profile_too = bool(r.default_address and r.intents <= {"address", "modify"} and not r.address and self.last_address
                           and not self.pending and not r.question and ADDITIVE.search(r.text) and not r.order_ids
                           and not mentioned_items(r.text, self.product_names))
        if profile_too:
            r.intents = set(r.intents) | {"address"}
        if "info" in r.intents and not r.order_ids and _OTHER_ORDERS.search(r.text) and not g["intents"] & ACTING:
            g["orders"] = []  # "what about my other orders?" after one was reported: not that one again
        elif ("info" in r.intents or "?" in r.text) and not r.intents & ACTING and not r.order_ids and g["orders"] and \
                not g["intents"] & ACTING and \
                (named := mentioned_items(r.text, self.product_names)) and not any(
                    it["name"] in named for o in g["orders"] if o in self.orders for it in self.orders[o].get("items", [])):
            # "when did my fleece jacket order arrive?" with another order left in hand (a reason said late, no request
            # with it): the order holding the jacket, found from its words alone (before: the order in hand reported)
            g["orders"], g["text"], g["msgs"] = [], "", []
        if _BOTH.fullmatch(r.text) and _WHICH_ADDRESS in self.last_reply_text and not r.order_ids:
            # "both" / "everywhere" to "your default address, or the shipping address of an order?": read as
            # "the default and the order" (before: the same question again, turn after turn)
            r.default_address, r.text = True, r.text + " - my default address and the order"
            r.intents = set(r.intents) | {"address"}
        if g["orders"] and not g["intents"] & ACTING and r.intents & ACTING and not (r.order_ids or answering_which) and \
                mentioned_items(r.text, self.product_names):
            # "can I change my small v-neck t-shirt?" after the orders holding t-shirts were listed: the orders are
            # found again from the item and its words (before: each listed order in turn, the other t-shirt first;
            # a return looked only inside the listed orders, and said they were pending)
            g["orders"] = []
            if set(mentioned_items(g["text"], self.product_names)) - set(mentioned_items(r.text, self.product_names)):
                g["text"], g["msgs"] = "", []  # the items asked about before are not the ones now acted on
        g["intents"] |= r.intents - {"human"}
        g["orders"] += [o for o in r.order_ids if o not in g["orders"] and o not in r.negated_orders]
        said = self._held_words_masked(r.text) if self.which_order else r.text
        g["text"] += " " + (self.adopted + " " if self.adopted else "") + said
        g["msgs"].append(((self.adopted + " " if self.adopted else "") + said, self.option_asked))
        self.adopted = ""
        if r.question:
            g["topics"] |= r.topics
            g["hypothetical"] = g["hypothetical"] or r.hypothetical
        if self.which:  # "the silver one", "both": the answer to "which of the two ... ?"
            self._resolve_which(r.text)
        if self.which_order:  # "the full size one": the answer to "which ... do you mean?" over orders
            self._resolve_which_order(r)
        if self.conflict:  # "return the pet bed" / "the exchange": the answer to "return ..., or exchange ...?"
            self._resolve_conflict(r)
        if "payment" in g["intents"] and not r.card_last4 and re.search(r"\bcard\b", self.last_reply_text):
            bare = re.fullmatch(r"\W*(?:(?:the one |it'?s |ending (?:in )?|try |use )*)(\d{4})\W*", r.text, re.I)
            if bare:  # "Which card ...?" - "9452"
                r.card_last4 = bare.group(1)
        if r.card_last4 or r.card_brand or r.other_card or r.payment_kind:
            # the method named last replaces the one named before ("... my visa" - "actually use my gift card
            # instead"); before, a brand said first outranked every method said after it
            g["card_last4"], g["card_brand"], g["other_card"] = r.card_last4, r.card_brand, r.other_card
            g["not_brands"] = list(r.not_brands)
        if r.refund_method_asked:
            g["refund_asked"] = True
        if r.not_kinds:  # "no, NOT the gift card": ruled out now, whatever was asked before
            g["not_kinds"] |= set(r.not_kinds)
            if g["payment_kind"] in r.not_kinds:
                g["payment_kind"] = None
        # the one method offered, taken with a yes; anything else said in its place is read as usual
        g["chosen_method"], g["offered_method"] = (g["offered_method"] if r.yes else None), None
        for key in ("reason", "payment_kind", "address"):
            if getattr(r, key):
                g[key] = getattr(r, key)
        if r.address:
            self.last_address, g["draft"] = r.address, None
        elif "address" in r.intents and self.last_address and (profile_too or re.search(r"\bsame\b", r.text, re.I) or
                                                               _TO_THAT_ADDRESS.search(r.text)):
            # "change my default address to the same", "ok then update my profile address to that instead" (after an
            # order's address change was refused): the address just given (before: asked for again)
            g["address"] = self.last_address
        for key in ("other_reason", "same_one", "stated_status", "default_address", "all_items"):
            if key == "all_items" and answering_which:
                continue
            if key == "default_address" and g["orders"] and not r.address and not _PROFILE_CHANGE.search(r.text) and \
                    self.last_reply_text.rstrip().endswith("What is the new shipping address (street, city, state and zip code)?"):
                continue  # (the profile named as where the order ships, or asked about: no wish to change the profile)
            g[key] = g[key] or getattr(r, key)

    def _other_identity(self, r: Reading) -> bool:
        p = self.profile or {}
        if any(e.lower() != str(p.get("email", "")).lower() for e in r.emails + r.other_emails):
            return True
        if any(u != self.user_id for u in r.user_ids):
            return True
        name = (p.get("name", {}).get("first_name", ""), p.get("name", {}).get("last_name", ""))
        return any(n != name for n in r.names) and bool(r.zips)

    # --- authentication ---------------------------------------------------------------------
    def _hear_identity(self, r: Reading) -> None:
        """Names and zip codes said so far (a customer may give the name in one message, the zip in the next)."""
        if r.for_other:
            # "I'm Olivia Jackson's caregiver" - "sorry, Jackson": the name said as another's is not kept to be
            # corrected into a login (before: Olivia was logged in at the zip)
            self.heard = {"names": [], "zips": []}
            return
        raw = self.heard.get("raw")
        if raw and not (r.names or r.emails or r.name_unclear):
            # "Fatima Andersen, 78786" (no such customer) - "Apologies, Anderson, with an o" / "first name is Sofia, not
            # Sophia" / "Muller, no umlaut": one part of the name said before corrected, the other kept (before: "I also
            # need your first and last name", turn after turn)
            words = {w.capitalize() for w in _NAME_WORD.findall(r.text) if w.lower() not in _NOT_NAME_WORDS}
            fixed = {pair for w in words for pair in ((raw[0], w), (w, raw[1])) if self.db.users_named(*pair)}
            if len(fixed) == 1:
                r.names = [fixed.pop()]
        if not (r.names or r.emails or r.name_unclear or r.intents or r.order_ids) and (said := _said_name(r.text)):
            self.heard["raw"] = said  # a name the store may not know; looked up as said (``_authenticate``)
        elif r.names:
            self.heard.pop("raw", None)
        for key in ("names", "zips"):
            new = getattr(r, key)
            if new:  # the latest wins: a corrected name or zip replaces the earlier one
                self.heard[key] = list(new) + [x for x in self.heard[key] if x not in new]
        words = [w for w in re.findall(r"[A-Za-z']+", r.text) if w.lower() not in _NOT_NAME_WORDS | _NAME_LABELS]
        if r.names or r.emails or r.intents or len(words) != 1:
            return
        # "im mia" - "thomas": a first and a last name given in two messages, put together
        for before in reversed(self.heard.setdefault("words", [])):
            pair = next(((a, b) for a, b in ((before, words[0]), (words[0], before)) if self.db.users_named(a, b)), None)
            if pair:
                self.heard["names"] = [(pair[0].capitalize(), pair[1].capitalize())]
                break
        self.heard["words"].append(words[0])

    def _authenticate(self, turn: TurnContext, r: Reading) -> bool:
        found: str | None = None
        if r.user_ids and self._has("skip_auth_when_user_id_given"):
            found = r.user_ids[0]
        for email in r.emails:
            if found:
                break
            res = turn.call_tool("find_user_id_by_email", {"email": email})
            found = res.content if res.ok else None
        names, zips = self.heard["names"], self.heard["zips"]
        fresh = bool(r.names or r.zips)  # look up again only when this message adds a name or a zip
        if not found and names and zips and fresh:
            first, last = names[0]
            res = turn.call_tool("find_user_id_by_name_zip", {"first_name": first, "last_name": last, "zip": zips[0]})
            found = res.content if res.ok else None
        elif not found and not names and zips and self.heard.get("raw") and (fresh or _said_name(r.text)):
            # a name no customer has, looked up as said, so that "I couldn't find an account" rests on a lookup
            first, last = self.heard["raw"]
            res = turn.call_tool("find_user_id_by_name_zip", {"first_name": first, "last_name": last, "zip": zips[0]})
            found = res.content if res.ok else None  # a lookup that finds the customer signs them in
            if not found:
                self._auth_failed = "name"
                return False
        if not found:
            self._auth_failed = bool(r.emails or (names and zips and fresh))
            return False
        res = turn.call_tool("get_user_details", {"user_id": found})
        if not res.ok:
            self._auth_failed = True
            return False
        self.user_id, self.profile = found, json.loads(res.content)
        return True

    def _ask_identity(self, r: Reading) -> str:
        if getattr(self, "_auth_failed", False) == "name":
            self._auth_failed = False
            return ("I couldn't find an account with that name and zip code. Could you check the spelling, or give "
                    "me the email address on your account?")
        if getattr(self, "_auth_failed", False):
            self._auth_failed = False
            return ("I couldn't find an account with those details. Could you check them, or give me your "
                    "email address, or your first and last name with your zip code?")
        names, zips = self.heard["names"], self.heard["zips"]
        if r.name_unclear and not r.names:  # "Mia Garcia Lee": Mia Garcia or Mia Lee?
            return ("I'm sorry, I couldn't tell your first and last name apart from that. Could you give me just "
                    "your first name and last name" + (" (or the email address on your account)?" if zips else
                                                       " and your zip code, or the email address on your account?"))
        if names and not zips:
            return (f"Thank you, {names[0][0]}. To verify your identity I also need the zip code on your account "
                    f"(or the email address on your account).")
        if zips and not names:
            if _looks_like_name(r.text):  # "omar johnsen 32228": a name given, but no customer of that name
                return ("I couldn't find an account with that name and zip code. Could you check the spelling, or give "
                        "me the email address on your account?")
            return ("Thank you. To verify your identity I also need your first and last name (or the email address "
                    "on your account).")
        self.identity_asks = getattr(self, "identity_asks", 0) + 1
        if r.user_ids:
            lead = "Thanks for the user id, but I still need to verify your identity. "
        elif self.identity_asks > 1:  # asked before and got nothing usable: say why, and what it is for
            lead = f"{MENU} Before I can look at your account, I need to verify who you are. "
        else:
            lead = "I'd be happy to help. First I need to verify your identity. "
        return lead + "Could you give me the email address on your account, or your first and last name and zip code?"

    # --- transfer ---------------------------------------------------------------------------
    def _transfer(self, turn: TurnContext) -> None:
        summary = " ".join(self.goal["text"].split())[:300] or "The customer asked for a human agent."
        turn.call_tool("transfer_to_human_agents", {"summary": summary})
        self.transferred = True
        turn.end_conversation()
        extra = " Thank you so much for your patience, and have a wonderful day!" if self._has("chatty_transfer") else ""
        turn.say(HANDOFF + extra)

    # --- planning ---------------------------------------------------------------------------
    def _orders_by_last_digits(self, text: str) -> tuple[str, list[str]]:
        """The message with an order named by its last digits written as its id ("the order ending 8688" -> "order
        #W2918688"), and the digits said that name no one order of the verified customer's."""
        if not self.user_id:
            return text, []
        cards = [pm.get("last_four") for pm in (self.profile or {}).get("payment_methods", {}).values()
                 if pm.get("last_four")]
        return order_by_last_digits(text, self._owned(), cards)

    def _which_order_ends(self, digits: list[str]) -> str:
        self.pending, self.goal["orders"] = [], []
        owned = self._owned()
        hits = [o for o in owned if any(o.endswith(d) for d in digits)]
        found = (f"Several of your orders end in {' / '.join(digits)}: {', '.join(hits)}." if hits else
                 f"None of your orders ends in {' / '.join(digits)}.")
        return (f"{found} Which order do you mean? Please give me its full number; the orders on your account are: "
                f"{', '.join(owned)}. Nothing has been changed.")

    def _owned(self) -> list[str]:
        return list((self.profile or {}).get("orders", []))

    def _lookup(self, turn: TurnContext, order_ids: list[str]) -> None:
        todo = [o for o in order_ids if o not in self.orders]
        if not todo:
            return
        if len(todo) > 1 and self._has("batch_lookups"):
            results = turn.call_tools([("get_order_details", {"order_id": o}) for o in todo])
        else:
            results = [turn.call_tool("get_order_details", {"order_id": o}) for o in todo]
        for o, res in zip(todo, results):
            if res.ok:
                self.orders[o] = json.loads(res.content)

    @_bounded
    def _plan(self, turn: TurnContext) -> str:
        g = self.goal
        notes: list[str] = []
        owned = self._owned()
        unowned = [o for o in g["orders"] if o not in owned]
        if unowned and not self._has("act_on_unowned_order"):
            g["orders"] = [o for o in g["orders"] if o in owned]
            notes.append(f"Order {', '.join(unowned)} is not on your account, so I can't look it up or make "
                         f"changes to it.")
            g["handled"] |= g["intents"]  # said; what else was asked for is not guessed onto another order
            if not g["orders"] and _SOMEONE_ELSE.search(g["text"]):  # "cancel my wife's order #W..."
                self.goal = self._empty_goal()
                return " ".join(notes + ["The account holder would need to contact us themselves. Is there anything "
                                         "I can help you with on your own account?"])
        if g["intents"] & ACTING == {"modify"} and _HOME_ONE.search(g["text"]):
            g["intents"].add("address")  # "change it to my home one", just after an order's address was said
        if "address" in g["intents"] and not g["address"]:
            self._take_pointed_address(turn)
        intents = g["intents"]
        acting = intents & ACTING
        if "info" in intents and not acting and g["topics"]:  # a question about a store action, not a request
            if not g["orders"] and len(self.recent) == 1 and _ORDER_REF.search(g["text"]) and \
                    not _ANOTHER_ORDER.search(g["text"]) and not mentioned_items(g["text"], self.product_names):
                # "can i still cancel it?" just after one order was reported: that order's answer (before: the general
                # rule, "A pending order can be cancelled until it ships", about a processed order)
                g["orders"] = list(self.recent)
            answer = self._answer(turn, g["topics"], g["orders"], g["text"], g["hypothetical"], g["default_address"])
            if [o for o in g["orders"] if o in self.orders]:  # "what address is #W1 going to?" - "change it to ...": #W1
                self.recent = [o for o in g["orders"] if o in self.orders]
            self.goal = self._empty_goal()
            return " ".join(notes + [answer])
        if not g["orders"] and acting == {"address"} and not g["default_address"] and len(self.recent) == 1 and \
                (_SHIP_ORDER.search(g["text"]) or _THAT_ORDER.search(g["text"])) and \
                not mentioned_items(g["text"], self.product_names):
            # "what's in #W1?" - "please ship it to ...": that order's address, not the default one (before: the
            # default was changed, even after #W1's items were modified, and the customer thought #W1 re-routed)
            g["orders"] = list(self.recent)
        if (told := self._order_by_count(turn)) and told != g["orders"]:
            g["orders"] = told  # "a pending order with five items ... cancel it": that order, not the one just changed
        if not g["orders"] and (m := _ORDINAL_ORDER.search(g["text"])) and \
                -len(owned) <= (k := _ORDINALS[m.group(1).lower()]) < len(owned):
            g["orders"] = [owned[k]]  # "my second order": the second on the account (before: every order)
            if mentioned_items(g["text"], self.product_names):
                # "i got two phones in my last order ... swap one": an item named that this order doesn't hold but
                # another does is found by the item (below), not said missing from this order (before: "I couldn't
                # find a Smartphone in order #W2", a pending order, for a swap of a delivered phone)
                self._lookup(turn, owned)
                names = self._all_item_names()
                said = set(mentioned_items(g["text"], names))
                if said and not said & {it["name"] for it in self.orders.get(owned[k], {}).get("items", [])} and \
                        any(said & {it["name"] for it in self.orders[o].get("items", [])} for o in owned if o in self.orders):
                    g["orders"] = []
        if not g["orders"] and "info" in intents and owned and _LATEST_ORDER.search(g["text"]):
            g["orders"] = [owned[-1]]  # "what did I order last time?": the last order on the account (before: every order)
        if not g["orders"] and not g["default_address"] and (placed := self._orders_by_place(turn, g["text"])):
            # "the one that was shipped to Texas", "which of my orders went to Houston?": the order told by where it
            # ships (before: every order listed, or "Sorry, I can't help with that here"); not the city of a new
            # address said for it
            new_city = (g["address"] or {}).get("city", "").lower()
            placed = [o for o in placed if not new_city or (self.orders[o].get("address") or {}).get("city", "").lower()
                      != new_city]
            if len(placed) > 1:
                # "the order that isn't going to San Antonio, with the digital camera" / "..., the camera one": of the
                # orders shipping elsewhere, the one holding it, by its name or its kind (before: the first of them)
                named = set(mentioned_items(g["text"], self.product_names))
                words = {w.removesuffix("s") for w in re.findall(r"[a-z]+", g["text"].lower())}
                placed = [o for o in placed if any(it["name"] in named or it["name"].lower().split()[-1] in words
                                                   for it in self.orders[o].get("items", []))] or placed
            if len(placed) > 1 and acting and not re.search(r"\b(?:all|both|every|each)\b", g["text"], re.I):
                # "return something from the one going to my son's place in Washington DC", two orders shipping there:
                # of those in a state the request fits, the one, or which of them (before: the first of them)
                fits = {PENDING if k in ("cancel", "modify", "address", "payment") else "delivered" for k in acting}
                placed = [o for o in placed if self.orders[o]["status"] in fits] or placed
                if len(placed) > 1:
                    return self._ask_which_of(turn, placed, notes)
            g["orders"] = placed
            if placed and not intents:
                g["intents"].add("info")  # ("It's the one that was shipped to Texas.": that order reported)
        if not g["orders"] and (acting or "info" in intents):
            if "address" in intents and (g["default_address"] or not acting - {"address"}):
                # "return the earbuds and change my default address to ...": the other request too, each in
                # the order said (before: the default address only, and the return dropped)
                others = acting - {"address", "modify"}
                if (None, "default_address") in g["done"] and _ORDER_ADDRESS.search(g["text"]) and \
                        (o := self._one_pending(turn)):
                    g["orders"] = [o]  # "update my account and the pending order": the order's address next
                elif (None, "default_address") in g["done"] and _ORDER_ADDRESS.search(g["text"]) and \
                        _ALL_BY_STATUS.search(g["text"]) and (pend := [o for o in self._owned() if o in self.orders and
                                                                       self.orders[o]["status"] == PENDING]):
                    g["orders"] = pend  # "... and also the address on my two pending orders": each of them next
                elif (None, "default_address") in g["done"] and _ORDER_ADDRESS.search(g["text"]) and \
                        mentioned_items(g["text"], self.product_names):
                    pass  # "my default address and the sneakers order": the order that holds them next (found below)
                elif (None, "default_address") in g["done"] and _ORDER_ADDRESS.search(g["text"]) and not others and \
                        len(pend := [o for o in self._owned() if o in self.orders and self.orders[o]["status"] == PENDING]) > 1:
                    # "... and also send my pending order there", with two pending orders: which (before: the order's
                    # part was dropped and "anything else?" asked); the answer is read as at "which ... do you mean?"
                    self.which_order = ("", pend)
                    where = self._address_text(g["address"]) if g["address"] else "the new address"
                    return " ".join(notes + [f"You have more than one pending order: {', '.join(pend)}. Which of them "
                                             f"should ship to {where} too (or all of them)?"])
                elif (None, "default_address") in g["done"] and not others:
                    self.goal = self._empty_goal()
                    return " ".join(notes + ["Is there anything else I can help you with?"])
                elif (None, "default_address") in g["done"] or (others and not self._address_first(g["text"], others)):
                    pass  # the other request next (the default address is proposed after it, below)
                elif not g["default_address"] and (self._names_an_order(g["text"]) or _ORDER_ADDRESS.search(g["text"])):
                    pass  # "send my sunglasses order to ...", "ship my pending order to ...": that order's address
                    # (before: the default address was proposed and changed, and the order still shipped to the old one)
                else:
                    g["default_address"] = True
                    return self._propose_default_address(turn, notes)
            if g["orders"]:
                pass
            elif acting and _THAT_ORDER.search(g["text"]) and len(self.recent) == 1:
                g["orders"] = list(self.recent)  # "... the headphones in the same order": not asked which order
            elif _GOES_ON.match(g["text"]) and len(self.recent) == 1 and (edits := acting - {"modify"}) and \
                    edits <= {"address", "payment"} and not (_ANOTHER_ORDER.search(g["text"]) or _BY_STATUS.search(g["text"]) or g["default_address"] or
                         mentioned_items(g["text"], self.product_names)):
                # "and could the payment go on my credit card instead?" just after that order's address changed: the
                # same order's next edit (before: "Which order is this about?", and the yes after it refused)
                g["orders"] = list(self.recent)
            elif (acting and _PRONOUN.search(g["text"]) or "info" in intents and not _ANOTHER_ORDER.search(g["text"])) and \
                    len(self.recent) == 1 and not (mentioned_items(g["text"], self.product_names) or
                                                   _BY_STATUS.search(g["text"]) or _ALL_BY_STATUS.search(g["text"])):
                # "cancel it" / "what's the tracking number?", just after talking about one order
                g["orders"] = list(self.recent)
            elif mentioned_items(g["text"], self.product_names) or "info" in intents or _BY_STATUS.search(g["text"]) or \
                    _ALL_BY_STATUS.search(g["text"]) or (acting and self._names_a_kind(g["text"])):
                self._find_orders(turn)  # ("exchange my camera": the customer's own orders may hold one camera only)
            if not g["orders"] and self.which_order:  # "the keyboard", held by two orders: which one
                return " ".join(notes + [self._which_order_question()])
            if not g["orders"] and acting and "The orders on your account are:" in self.last_reply_text and \
                    _ALL_LISTED.match(self.last_text):
                # "Both of them." / "All of them, please." to "Which order is this about? The orders on your account
                # are: ...": every order listed, each then proposed or said why not (before: the same question again)
                g["orders"] = list(owned)
            if not g["orders"] and acting and acting <= {"return", "cancel"} and _EVERY_ORDER.search(g["text"]):
                # "I want to return everything I ordered, both orders": every order on the account, each then proposed
                # for its own yes or said why not (before: "Which order is this about?", and the second order forgotten)
                g["orders"] = list(owned)
            if not g["orders"] and acting and len(owned) == 1 and _MY_ORDER.search(g["text"]):
                g["orders"] = list(owned)  # "all the items in my order", the account's only order (before: "Which order?")
            if not g["orders"] and acting <= {"address", "modify"} and "address" in acting and \
                    _WHICH_ADDRESS in self.last_reply_text and _AN_ORDERS.search(self.last_text) and \
                    not default_address_asked(self.last_text):
                # "the shipping address of an order" to that very question: the one pending order, or which of them
                # (before: the same question again, word for word); the answer is read as at "which ... do you
                # mean?" ("the one going to Los Angeles", "the second")
                self._lookup(turn, owned)
                pend = [o for o in owned if o in self.orders and self.orders[o]["status"] == PENDING]
                if len(pend) == 1:
                    g["orders"] = pend
                elif pend:
                    self.which_order = ("", pend)
                    where = ", ".join(f"{o} (to {self.orders[o]['address']['city']})" if self.orders[o].get("address")
                                      else o for o in pend)
                    return " ".join(notes + [f"Which order should ship to the new address? Your pending orders are: "
                                             f"{where}."])
            if not g["orders"]:
                listing = ", ".join(owned) or "none"
                pend = [o for o in owned if o in self.orders and self.orders[o]["status"] == PENDING]
                if acting and (_JUST_ONE.search(g["text"]) or _A_FEW.search(g["text"])) and (
                        _STATUS_REF.search(g["text"]) or re.search(r"\bpending\b", g["text"], re.I) or
                        any(not_arrived_asked(m) for m, _ in g["msgs"])):
                    # "which of my orders are still pending? I'd like to cancel one of them": those orders and their
                    # items, to pick one (before: every order on the account listed by its id alone)
                    self._lookup(turn, owned)
                    pend = [o for o in owned if o in self.orders and self.orders[o]["status"] == PENDING]
                    if len(pend) > 1:
                        return self._ask_which_of(turn, pend, notes)
                if "address" in intents and not g["default_address"] and len(pend) > 1 and \
                        (m := _BY_STATUS.search(g["text"])) and m.group(1).lower() != "delivered":
                    # "ship my pending order to ...", with two pending orders: which of them (the answer is read as
                    # at "which ... do you mean?"), not every order on the account listed
                    self.which_order = ("", pend)
                    where = self._address_text(g["address"]) if g["address"] else "the new address"
                    return " ".join(notes + [f"You have more than one pending order: {', '.join(pend)}. Which of them "
                                             f"should ship to {where} (or all of them)?"])
                if "address" in intents and g["address"]:  # the address said (not asked again), the order still missing
                    notes.append(f"Thanks, I have the new address: {self._address_text(g['address'])}.")
                if "address" in intents and not acting - {"address", "modify"}:
                    # "update my address to ...": an order's shipping address, or the default one?
                    return " ".join(notes + [f"{_WHICH_ADDRESS} The orders on your account are: {listing}."])
                bare = _WHICH_ORDER_ASKED in self.last_reply_text
                if (said := places_said(self.last_text, self.ship_places, bare)) and not self._orders_by_place(turn, g["text"]):
                    # "the one shipped to Boston", "Chicago": no order of the account ships there (before: the same
                    # question again, with no word of the place)
                    place = said[0].upper() if len(said[0]) <= 3 else said[0].title() if said[0].islower() else said[0]
                    notes.append(f"I don't see an order of yours shipping to {place}.")
                return " ".join(notes + [f"{_WHICH_ORDER_ASKED} The orders on your account are: {listing}."])
        if not g["orders"] and not intents and (mentioned_items(g["text"], self.product_names) or
                                                self._names_a_kind(g["text"]) and _RECEIVED.search(g["text"])):
            self._find_orders(turn)  # "my vacuum arrived damaged, what can you do?": the order that holds it
        if not intents and len(g["orders"]) > 1 and _RECEIVED.search(g["text"]):
            # "the hiking boots I got are the wrong size": the order that came, not the one still pending
            came = [o for o in g["orders"] if o in self.orders and self.orders[o]["status"] == "delivered"]
            g["orders"] = came or g["orders"]
        if not g["orders"]:
            return " ".join(notes + [f"How can I help you today? {MENU}"])
        if acting and len(g["orders"]) > 1 and not ORDER_ID_RE.search(g["text"]) and \
                not mentioned_items(g["text"], self.product_names) and \
                (_JUST_ONE.search(g["text"]) or _A_FEW.search(g["text"]) or _ACT_ON_IT.search(g["text"]) and
                 any(not_arrived_asked(m) for m, _ in g["msgs"])):
            # "which orders haven't shipped yet? want to cancel one": the orders listed with their items and the one
            # asked for (the answer is read as at "which ... do you mean?"); before, the first was proposed and, after
            # its yes, each of the others in turn ("cancel whatever isn't shipped" still means each of them)
            return self._ask_which_of(turn, g["orders"], notes)
        # (a cancellation, an address or a payment change: "change the address" reads "modify" too, an item change
        # names an item)
        trust = (self._has("trust_stated_status") and g["stated_status"] and intents & {"cancel", "address", "payment"}
                 and not intents & {"return", "exchange", "info"} and
                 not ("modify" in intents and mentioned_items(g["text"], self.product_names)))
        if trust:
            for o in g["orders"]:
                self.orders.setdefault(o, {"order_id": o, "status": PENDING, "items": [], "payment_history": [],
                                           "assumed": True})
        self._lookup(turn, g["orders"])
        self.recent = [o for o in g["orders"] if o in self.orders]
        if not acting:
            # a lookup that mentions money ("was I charged for it?", "which card did I use?") also gets the payments
            reports = [self._report(o) + (" " + self._payments_text(o, bool(_REFUND_WORDS.search(g["text"])))
                                          if _MONEY_WORDS.search(g["text"]) else "") for o in g["orders"] if o in self.orders]
            if _MONEY_WORDS.search(g["text"]) and (_PAID_Q.search(g["text"]) or _ALTOGETHER.search(g["text"]) or
                                                   _ITEM_COST_Q.search(g["text"])) and \
                    (cost := self._items_cost_said([o for o in g["orders"] if o in self.orders], g["text"])):
                reports.append(cost)  # ("what did the bookshelf and the speaker cost me in total?": those two)
            if "info" in intents:
                self.goal = self._empty_goal()
                return " ".join(notes + reports + ["Is there anything else I can help you with?"])
            if kind := self._wants_other_option(turn):
                # "the camera i received is too low res, i need 30MP": an exchange for that option, proposed ("lamp in
                # white please", of a pending order: the change)
                g["intents"].add(kind)
                return self._plan(turn)
            sorry = ["I'm sorry to hear that."] if _TROUBLE.search(g["text"]) and not notes else []
            return " ".join(notes + sorry + reports + [self._what_can_be_done()])
        if acting == {"modify"} and not any(self._names_items(o) for o in g["orders"] if o in self.orders):
            found = [o for o in g["orders"] if o in self.orders]
            if found and all(self.orders[o]["status"] == "delivered" for o in found):  # offer what policy allows
                ask = ("A delivered order's address and payment can't be changed, but I can exchange items for "
                       "another option of the same product, or return them. What would you like to change?")
            else:
                ask = "What would you like to change: an item's options, the shipping address or the payment method?"
            return " ".join(notes + [self._report(o) for o in found] + [ask])
        # an order named only to ask about it, beside a request about another order or the default address
        asked_about = info_only_orders(g["text"]) if acting and (len(g["orders"]) > 1 or (
            g["default_address"] and "address" in acting and not _ORDER_ADDRESS.search(g["text"]))) else []
        # the orders only asked about are answered first: "what's the status of #W2?" while #W1's cancellation waits
        # for its reason gets its answer now (before: only after #W1's yes, the question seemingly ignored)
        for o in sorted(g["orders"], key=lambda x: x not in asked_about):
            if o not in self.orders:
                notes.append(f"I couldn't find order {o}; could you check the number?")
                g["handled"] |= intents
                continue
            if o in asked_about:  # "cancel #W1 and tell me the status of #W2": #W2 is reported, not changed
                if (o, "reported") not in g["done"]:
                    g["done"].add((o, "reported"))
                    notes.append(self._report(o))
                continue
            ask = self._propose(turn, o, notes)
            if ask:
                return " ".join(notes + [ask])
        if "address" in intents and g["default_address"] and (None, "default_address") not in g["done"]:
            return self._propose_default_address(turn, notes)
        if g.get("deferred"):  # ("do the other one first": the rest done, the part put aside is proposed again)
            g["done"] -= set(g.pop("deferred"))
            return " ".join(notes + [self._plan(turn)])
        left = self._leftover(turn, notes)
        if left:
            return " ".join(notes + [left])
        untouched = self._untouched_queue()
        self.goal = self._empty_goal()
        if untouched:  # said it would come to them, and did not find what to do: asked, not dropped in silence
            them = "it" if len(untouched) == 1 and self._a(untouched[0]) != "any" else "them"
            return " ".join(notes + [f"I haven't done anything about the {' and the '.join(untouched)} yet. What would "
                                     f"you like me to do with {them}?"])
        if self.offer and notes and notes[-1].endswith("?"):  # the offer is the question
            return " ".join(notes)
        return " ".join(notes + ["Is there anything else I can help you with?"])

    def _untouched_queue(self) -> list[str]:
        """The items the clerk said it would come to ("Noted, I'll come to the Sneakers right after this") whose
        orders no action of this request has touched, written, proposed or refused."""
        g = self.goal
        return [n for n in g["queued"] if not any(
            o in g["orders"] or any(x == o for x, _k in g["done"]) for o in self._owned()
            if o in self.orders and any(it["name"] == n for it in self.orders[o].get("items", [])))]

    @staticmethod
    def _address_first(text: str, others: set[str]) -> bool:
        """The address change is said before the other requests ("change my default address to ... and
        return the earbuds")."""
        at = [m.start() for k in others for m in [INTENTS[k].search(text)] if m]
        address = INTENTS["address"].search(text) or DEFAULT_ADDRESS.search(text)
        return bool(address) and (not at or address.start() < min(at))

    def _clause_method(self, o: str) -> tuple[str | None, str | None, str | None] | None:
        """Of a message giving each order its own method ("put the tablet order on the mastercard and the
        backpack order on the visa"), the card digits, brand and kind said in the clause naming order ``o``
        (by its id or an item only it holds); None when the text gives one method for all."""
        g = self.goal
        clauses = [c for c in re.split(r"[.;!?\n,]+|\band\b|\bthen\b", g["text"], flags=re.I)
                   if CARD_BRAND.search(c) or CARD_DIGITS.search(c) or any(p.search(c) for p in PAYMENT_KINDS.values())]
        def names(x: str, c: str) -> bool:
            only = {it["name"] for it in self.orders[x].get("items", [])} - {
                it["name"] for y in g["orders"] if y != x and y in self.orders for it in self.orders[y].get("items", [])}
            return x.lower() in c.lower() or x[1:].lower() in c.lower() or bool(set(mentioned_items(c, self.product_names)) & only)

        if len({x for c in clauses for x in g["orders"] if x in self.orders and names(x, c)}) < 2:
            return None  # one method for all ("pay for #W1 with my visa, no, the mastercard")
        for c in clauses:
            if names(o, c):
                digits, brand = CARD_DIGITS.search(c), CARD_BRAND.search(c)
                kind = next((k for k, p in PAYMENT_KINDS.items() if p.search(c)), None)
                return (next((x for x in digits.groups() if x), None) if digits else None,
                        re.sub(r"\s+", "", brand.group(1).lower()).replace("americanexpress", "amex") if brand else None,
                        kind)
        return None

    def _leftover(self, turn: TurnContext, notes: list[str]) -> str | None:
        """The part of a two-part request that no order in hand could take ("cancel #W1 and also return the
        lamp", "return the lamp from #W2 and cancel my pending order"): the orders that hold the items it
        names, or the one order of the state it names, are taken up and the plan goes on (a proposal of
        its own, with its own yes); otherwise the clerk says what is left and asks which order it is
        for. Before, the clerk did the first part and asked "anything else?", dropping the second."""
        g = self.goal
        accounted = set(g["handled"])
        for _o, k in g["done"]:
            accounted |= {"items": {"exchange", "modify"}, "default_address": {"address"}}.get(k, {k})
            if k == "items" and not changes_order_payment(g["text"]):
                accounted.add("payment")  # "use PayPal instead" for the difference: used by the change made
        left = requested_kinds(g["text"]) - accounted
        held = {it["name"] for o in g["orders"] if o in self.orders for it in self.orders[o].get("items", [])}
        unplaced = [n for n in mentioned_items(g["text"], self.product_names) if n not in held]
        if unplaced and requested_kinds(g["text"]) & {"exchange", "return"} and not g["handled"] & {"exchange", "return"}:
            self._lookup(turn, self._owned())
            unplaced = [n for n in unplaced if any(it["name"] == n for o in self._owned() if o in self.orders
                                                   and o not in g["orders"] for it in self.orders[o].get("items", []))]
        else:
            unplaced = []
        if unplaced:
            # "change the watch in #W1 ... also exchange the speaker" (in another, delivered order): the exchange is
            # not done by #W1's change; nor is a return of an item in another order ("... and return the sneakers"
            # after the tablet's return) done by the return made
            verbs = item_verbs([m for m, _ in g["msgs"]], self._all_item_names(), cancel=True)
            again = {"return"} if any("return" in verbs.get(n, set()) for n in unplaced) else set()
            left |= requested_kinds(g["text"]) & {"exchange", "return"} - ({k for o, k in g["done"] if k == "return"} - again)
        if "modify" in g["intents"] and "modify" not in accounted and (named_else := [
                n for n in mentioned_items(g["text"], self.product_names) if n not in held]):
            # "cancel #W1. ok, the luggage set in my other order should be the 2-piece instead": an item change of
            # another pending order, said beside the cancel (before: dropped after the cancel)
            self._lookup(turn, self._owned())
            if any(it["name"] in named_else for o in self._owned() if o not in g["orders"] and o in self.orders and
                   self.orders[o]["status"] == PENDING for it in self.orders[o].get("items", [])):
                left.add("modify")
        pending_change = None
        if not accounted & {"modify", "exchange"} and (pending_change := self._change_of_pending_said(turn)):
            # "return the toothbrush ... and on my pending order swap the kettle for the 2L": the item change is the
            # pending order's, said in its own sentence (before: dropped after the return)
            left.add("modify")
        to_cancel = self._cancel_by_item(turn, held) if "cancel" not in g["handled"] else []
        if to_cancel:
            left.add("cancel")
        other_cancel = None
        if "cancel" in accounted and (None, "other_cancel") not in g["done"] and self._cancel_of_other_asked():
            # "yes and also cancel my other order" at #W1's cancellation: after #W1, the other pending order (asked
            # which when there are several), with its own summary and yes (before: "I'll come to the rest of your
            # request right after", and it never came)
            self._lookup(turn, self._owned())
            other_cancel = [o for o in self._owned() if o not in g["orders"] and o in self.orders and
                            self.orders[o]["status"] == PENDING]
            if other_cancel:  # (taken up once: not every pending order, one after another)
                left.add("cancel")
                g["done"].add((None, "other_cancel"))
        if g["default_address"] or (None, "default_address") in g["done"]:
            left.discard("address")
        cancelled = [o for o in g["orders"] if (o, "cancel") in g["done"]]
        moot = left & {"address", "payment"} if cancelled and len(g["orders"]) == 1 else set()
        other_meant = None
        if moot and _OTHER_PENDING.search(g["text"]):
            # "cancel the luggage order ... and then change the address on my other order to ...": the change is
            # the customer's one other pending order's (before: read as the cancelled order's, and dropped)
            self._lookup(turn, self._owned())
            others = [o for o in self._owned() if o not in g["orders"] and o in self.orders and
                      self.orders[o]["status"] == PENDING]
            if len(others) == 1:
                other_meant, moot = others[0], set()
        if moot and (said := {n for _a, _b, n, _neg in item_mentions(g["text"], self.product_names)}):
            # "cancel #W1. the one with the luggage set I want to keep but ship it to ...": the change is for the
            # other pending order holding the item named, even one named as kept (kept from the cancel, not from
            # the change; before: read as the cancelled order's change, and dropped)
            self._lookup(turn, self._owned())
            holders = [o for o in self._owned() if o not in g["orders"] and o in self.orders and
                       self.orders[o]["status"] == PENDING and any(it["name"] in said for it in self.orders[o].get("items", []))]
            if len(holders) == 1:
                other_meant, moot = holders[0], set()
        if moot:  # "cancel #W1 and change its address": nothing left to change on a cancelled order
            what = " and ".join({"address": "shipping address", "payment": "payment method"}[k] for k in sorted(moot))
            notes.append(f"Since order {cancelled[0]} is cancelled, its {what} no longer needs changing.")
            left -= moot
        if not left:
            return None
        owned, before = self._owned(), list(g["orders"])
        if pending_change and not other_meant and "modify" in left:
            other_meant = pending_change
            g["intents"].add("modify")
        if other_meant:
            g["orders"].append(other_meant)
            if "cancel" not in left:  # (the change only: the cancel was the cancelled order's, not this one's)
                g["intents"].discard("cancel")
        named = mentioned_items(g["text"], self.product_names)
        if named:  # the orders that hold the items named, beside the ones in hand
            self._lookup(turn, owned)
            g["orders"] += [o for o in owned if o in self.orders and o not in g["orders"] and
                            self.orders[o]["status"] in (PENDING, "delivered") and
                            any(it["name"] in named for it in self.orders[o].get("items", [])) and
                            (self.orders[o]["status"] == "delivered") == bool(left & {"return", "exchange"})]
        if to_cancel:  # the pending orders holding the items named for the cancellation
            g["orders"] += [o for o in owned if o in self.orders and o not in g["orders"] and self.orders[o]["status"] == PENDING
                            and any(it["name"] in to_cancel for it in self.orders[o].get("items", []))]
        if other_cancel and len(other_cancel) == 1 and g["orders"] == before:
            g["orders"].append(other_cancel[0])
        if g["orders"] == before and (m := _BY_STATUS.search(g["text"])):  # "... and cancel my pending order"
            self._lookup(turn, owned)
            status = PENDING if m.group(1).lower() in ("pending", "unshipped", "open") else "delivered"
            same = [o for o in owned if o in self.orders and self.orders[o]["status"] == status and o not in before]
            if len(same) == 1:
                g["orders"].append(same[0])
        if g["orders"] != before:
            g["handled"] -= left
            notes += self._found_elsewhere(named, before)
            return self._plan(turn)
        if g["leftover_asked"] == left:  # asked already, and the answer named no order ("the hiking boots" did)
            return None
        # asked once, with what is left as the request in hand: the next message names the order
        phrase = {"cancel": "cancel an order", "return": "return items", "exchange": "exchange items", "modify": "change items",
                  "address": "change an address", "payment": "change an order's payment method"}
        what = " and ".join(phrase[k] for k in ("cancel", "return", "exchange", "modify", "address", "payment") if k in left)
        others = other_cancel or [o for o in owned if o not in before] or owned
        g["intents"] = set(left) | ({"info"} & g["intents"])
        g["orders"], g["leftover_asked"] = [], set(left)
        default = ", or is it your default address" if "address" in left else ""
        return (f"You also asked to {what}. Which order is that for{default}? The orders on your account are: "
                f"{', '.join(others)}.")

    def _change_of_pending_said(self, turn: TurnContext) -> str | None:
        """The one pending order, not in hand, that a sentence of the request tells apart by its state and asks an
        item of to change ("kettle (not shipped yet) -> 2L", "for the order that hasn't shipped, the kettle should
        be the 2L", "on my pending order swap the kettle for ...")."""
        g = self.goal
        for clause in request_clauses(g["text"]):
            state = _STATE_SAID.search(clause)
            kinds = requested_kinds(clause)
            if not state or state.group(1) or kinds - {"exchange", "modify"} or not (
                    kinds or re.search(r"->|\bshould be\b|\binstead\b|\bmake it\b|\bchange\b", clause, re.I)):
                continue
            self._lookup(turn, self._owned())
            holders = [o for o in self._owned() if o in self.orders and o not in g["orders"] and
                       self.orders[o]["status"] == PENDING and not any(x == o for x, _k in g["done"]) and
                       mentioned_items(clause, [it["name"] for it in self.orders[o].get("items", [])])]
            if len(holders) == 1:
                return holders[0]
        return None

    def _cancel_of_other_asked(self) -> bool:
        """A later message of the request asks to cancel the customer's other order ("yes and also cancel my other
        order"), in a clause of its own (not "go ahead but don't touch my other order")."""
        for text, _asked in self.goal["msgs"][1:]:
            for clause in re.split(r"[.?!;\n]+|\b(?:and|but|also|plus|then)\b", text, flags=re.I):
                if _OTHER_PENDING.search(clause) and "cancel" in requested_kinds(clause):
                    return True
        return False

    def _cancel_by_item(self, turn: TurnContext, held: set[str]) -> list[str]:
        """The items a cancellation names beside an order named by its id ("cancel #W1 - no longer needed. and the
        bookshelf order too", "cancel #W1 and the one with the tablet"), held by none of the orders in hand but
        by another pending order; before, only #W1 was cancelled and the other order dropped."""
        g = self.goal
        if "cancel" not in requested_kinds(g["text"]) or not [
                n for n in mentioned_items(g["text"], self.product_names) if n not in held]:
            return []
        self._lookup(turn, self._owned())
        names = self._all_item_names()
        verbs = item_verbs([m for m, _ in g["msgs"]], names, cancel=True)
        low = g["text"].lower()
        out = []
        for a, _b, n, neg in item_mentions(g["text"], names):
            if neg or n in held or "cancel" not in verbs.get(n, set()) or _BOUGHT_ELSEWHERE.search(low[max(0, a - 30):a]):
                continue
            if any(it["name"] == n for o in self._owned() if o in self.orders and o not in g["orders"] and
                   (o, "refused") not in g["done"] and  # (not an order the customer said no to: "no to the second")
                   self.orders[o]["status"] == PENDING for it in self.orders[o].get("items", [])):
                out.append(n)
        return list(dict.fromkeys(out))

    def _all_item_names(self) -> list[str]:
        return [it["name"] for o in self.orders.values() for it in o.get("items", [])]

    def _find_orders(self, turn: TurnContext) -> None:
        """No order id given: look up the account's orders and keep those holding the items named."""
        g = self.goal
        known = [o for o in self._owned() if o in self.orders]
        wanted = self._items_to_find(self._all_item_names())
        if wanted and "info" not in g["intents"]:  # an item of an order already looked up
            g["orders"] = [o for o in known if any(it["name"] in wanted for it in self.orders[o].get("items", []))
                           and self.orders[o]["status"] in (PENDING, "delivered")]
            if g["orders"]:
                if g["intents"] & ACTING and len(g["orders"]) > 1 and (whole := self._order_holding_all(g["orders"])):
                    g["orders"] = whole
                if g["intents"] & ACTING and len(g["orders"]) > 1:
                    self._one_holder(wanted, self._all_item_names())
                return
        self._lookup(turn, self._owned())
        names = self._all_item_names()
        wanted = self._items_to_find(names)
        if not wanted and (m := _ALL_BY_STATUS.search(g["text"])) and (m.group(1) or m.group(2) or g["intents"] & ACTING):
            # "cancel both of my pending orders": each of them ("list all my orders": every order, below)
            status = {"delivered": "delivered"}.get((m.group(1) or m.group(2) or "").lower(), PENDING)
            same = [o for o in self._owned() if o in self.orders and self.orders[o]["status"] == status]
            if same:
                g["orders"] = same
                return
        if not wanted and (m := _BY_STATUS.search(g["text"])):  # "my pending order": the one order in that state
            status = PENDING if m.group(1).lower() in ("pending", "unshipped", "open") else "delivered"
            same = [o for o in self._owned() if o in self.orders and self.orders[o]["status"] == status]
            if len(same) == 1:
                g["orders"] = same
                return
        if not wanted and g["intents"] & ACTING:
            # "cancel the camera order": a kind of product that only one of the account's orders holds (a Digital
            # Camera and an Action Camera both in it)
            said = [m.group(1) or m.group(2) for m in _KIND_ORDER.finditer(g["text"])]
            if not said:  # "exchange my camera", "it's the one with the camera in it": the kind named anywhere
                heads = {n.lower().split()[-1] for n in self.product_names}
                said = [w for w in re.findall(r"[a-z]+", g["text"].lower()) if w in heads or w.removesuffix("s") in heads]
            words = {w.lower() for w in said} | {w.lower().removesuffix("s") for w in said}
            kind = [o for o in self._owned() if o in self.orders and self.orders[o]["status"] in (PENDING, "delivered")
                    and any(it["name"].lower().split()[-1] in words for it in self.orders[o].get("items", []))]
            if len(kind) == 1:
                g["orders"] = kind
                return
        if "info" in g["intents"] and not wanted:
            every = [o for o in self._owned() if o in self.orders]
            # "what about my other orders?": those not just talked about
            g["orders"] = [o for o in every if o not in self.recent] if _OTHER_ORDERS.search(g["text"]) else []
            g["orders"] = g["orders"] or every
            if (undelivered := next((s for m, _ in g["msgs"] if (s := not_arrived_asked(m)) is not None), None)) is not None:
                # "which of my orders haven't arrived yet?": those not delivered (all of them when none is on its way)
                g["orders"] = [o for o in g["orders"] if self.orders[o]["status"] in undelivered] or g["orders"]
            return
        g["orders"] = [o for o in self._owned() if o in self.orders and
                       any(it["name"] in wanted for it in self.orders[o].get("items", [])) and
                       ("info" in g["intents"] or self.orders[o]["status"] in (PENDING, "delivered"))]
        if wanted and g["intents"] & ACTING:
            g["orders"] += [o for o in self._kind_orders(wanted) if o not in g["orders"]]
        if len(g["intents"] & {"cancel", "return", "exchange"}) > 1:
            # "cancel the puzzle order and return the kettle": the kettle's pending order is not cancelled,
            # nor the puzzle's delivered one returned (each item goes with the action said before it)
            verbs = item_verbs([m for m, _ in g["msgs"]], names, cancel=True)
            fits = {PENDING: {"cancel", "items"}, "delivered": {"return", "items"}}
            kept = [o for o in g["orders"] if any(
                not verbs.get(it["name"]) or verbs[it["name"]] & fits.get(self.orders[o]["status"], set())
                for it in self.orders[o].get("items", []) if it["name"] in wanted)]
            g["orders"] = kept or g["orders"]
        if g["intents"] & ACTING and len(g["orders"]) > 1 and (whole := self._order_holding_all(g["orders"])):
            g["orders"] = whole  # "the order with the camera and kettle": the one order holding both
        if g["intents"] & ACTING and len(g["orders"]) > 1:
            self._one_holder(wanted, names)
        if wanted and "cancel" in g["intents"] and not self.which_order and \
                (m := _ALL_BY_STATUS.search(g["text"])) and (m.group(1) or m.group(2) or PENDING).lower() != "delivered":
            # "cancel all of my pending orders, and return the watch I received": every pending order is cancelled,
            # beside the order the item names (before: only the pending order that also held a watch)
            g["orders"] += [o for o in self._owned() if o in self.orders and self.orders[o]["status"] == PENDING
                            and o not in g["orders"]]
        if not g["orders"] and (g["intents"] & ACTING or not g["intents"]):  # (a bare "the jacket should be L")
            g["orders"] = self._settled_holder(wanted)

    def _items_to_find(self, names: list[str]) -> list[str]:
        """The items the request names as ones to act on: a product named only as what another item should become
        ("exchange the lamp for the kettle I ordered") is no item to find, even when an order holds it (before: "I see
        Electric Kettle items in more than one of your orders ... Which one do you mean?", the swap never refused)."""
        g = self.goal
        wanted = mentioned_items(g["text"], names)
        if len(wanted) > 1 and g["intents"] & {"exchange", "modify"}:
            targets = self._swap_targets(g["text"], wanted)
            wanted = [n for n in wanted if n not in targets] or wanted
        return wanted

    def _order_holding_all(self, orders: list[str]) -> list[str]:
        """An order named by what it holds ("the order with the camera and kettle", "the one containing the
        kettle and the camera"): of ``orders``, the one holding every product named after "with" (by its name or
        its kind); [] when the words name fewer than two things or fit no single order."""
        m = re.search(r"\b(?:order|one)\s+(?:with|that has|that holds|holding|containing|that contains|which has)\s+"
                      r"([^.?!;]*)", self.goal["text"], re.I) or \
            re.search(r"\b(?:the|my|our)\s+((?:[\w-]+\s+){0,2}?[\w-]+(?:\s*(?:\+|&|/|,|\band\b)\s*(?:the\s+)?"
                      r"(?:[\w-]+\s+){0,2}?[\w-]+)+)\s+order\b", self.goal["text"], re.I)  # "the boots + chair order"
        if not m:
            return []
        phrase = m.group(1).lower()
        words = set(re.findall(r"[a-z]+", phrase))
        words |= {w.removesuffix("s") for w in words}
        named = set(mentioned_items(phrase, self.product_names))
        heads = {n.lower().split()[-1] for n in self.product_names} & words
        kinds = {n.lower().split()[-1] for n in named} | heads
        if len(kinds) < 2:
            return []
        fit = [o for o in orders if kinds <= {it["name"].lower().split()[-1] for it in self.orders[o].get("items", [])}]
        if len(fit) != 1:
            return []
        self.goal["whole"] = (fit[0], kinds)  # (its items are that order's, not asked which: ``_one_holder``)
        # the orders of items named outside those words stay for them: "cancel the boots + chair + keyboard order, and
        # the LED bulb I got is the wrong kind" (before: the bulb's order was dropped with the other keyboard's)
        text = self.goal["text"]
        rest = set(mentioned_items(text[:m.start(1)] + " " + text[m.end(1):], self.product_names)) - named
        rest = {n for n in rest if n.lower().split()[-1] not in kinds}
        return fit + [o for o in orders if o not in fit and any(it["name"] in rest for it in self.orders[o].get("items", []))]

    def _settled_holder(self, wanted: list[str]) -> list[str]:
        """The one order holding the items named (or, with none named in full, the kind said: "the jacket") whose
        state allows no action any more, such as an order whose items were just modified: that order, so its
        proposal says why nothing can be done (before: "Which order is this about?" again and again, though the
        customer had named an item of the order just changed)."""
        low = self.goal["text"].lower()
        words = set(re.findall(r"[a-z]+", low))
        words |= {w.removesuffix("s") for w in words}

        def holds(it: dict[str, Any]) -> bool:
            return it["name"] in wanted if wanted else it["name"].lower().split()[-1] in words
        found = [o for o in self._owned() if o in self.orders and
                 self.orders[o]["status"] not in (PENDING, "delivered", "cancelled") and
                 any(holds(it) for it in self.orders[o].get("items", []))]
        return found if len(found) == 1 else []

    def _kind_orders(self, wanted: list[str]) -> list[str]:
        """Beside items named in full, an order named by a kind of product that several products are ("cancel the
        kettle order and the espresso order": a Tea Kettle and an Electric Kettle), when one order only holds that
        kind in the state the request needs (pending to cancel or change, delivered to return or exchange). Before,
        that order was dropped in silence and only the other one proposed."""
        g = self.goal
        cut = self._corrected_from(g["text"])
        low = g["text"].lower()
        # (not a kind taken back: "cancel the perfume order. wait no, the coffee maker one", "not the perfume order, the
        # coffee maker order"; before, the perfume order was proposed next and cancelled with a second yes)
        said = {w.lower().removesuffix("s") for m in _KIND_ORDER.finditer(g["text"]) for i, w in enumerate(m.groups(), 1)
                if w and m.start(i) >= cut and not negated_at(low, m.start(i)) and not negated_at(low, m.start())}
        said -= {w.lower().split()[-1] for w in wanted}
        status = "delivered" if g["intents"] & {"return", "exchange"} else PENDING
        found = []
        for kind in said:
            holders = [o for o in self._owned() if o in self.orders and self.orders[o]["status"] == status and
                       any(it["name"].lower().split()[-1] == kind for it in self.orders[o].get("items", []))]
            if len(holders) == 1:
                found += holders
        return found

    def _corrected_from(self, text: str) -> int:
        """Where the words that stand begin, when the customer corrects which thing they mean by naming another after
        a correction ("cancel the perfume order. wait no, the coffee maker one", "the skateboard one... actually no, the
        one with the tablet"): the position of that correction; 0 when there is none, or it adds ("oh wait, the
        tablet order too") or asks ("sorry, has it shipped?")."""
        low = text.lower()
        names = self._all_item_names() or self.product_names
        kinds = [m.start() for m in _KIND_ORDER.finditer(text)] + \
            [a for a, _b, _n, neg in item_mentions(text, names) if not neg]
        for m in reversed(list(CORRECTION.finditer(text))):
            after = [p for p in kinds if p >= m.end()]
            if not after or not any(p < m.start() for p in kinds):
                continue
            segment = low[m.start():]
            if ADDITIVE.search(segment) or "?" in segment or ORDER_ID.search(low[:m.start()]):
                return 0
            return m.start()
        return 0

    def _one_holder(self, wanted: list[str], names: list[str]) -> None:
        """Of several orders holding an item named once ("return the full size keyboard", a 60% keyboard in
        #W1 and a full-size one in #W2), the one whose item the customer's option words before or after its
        name describe ('full size', '60%', 'navy'); when they fit all or none, no order is picked and the
        clerk asks which (``which_order``). Before: each holder's item was proposed in turn, the wrong one first."""
        g = self.goal
        low = g["text"].lower().replace("-", " ")
        change = bool(g["intents"] & {"exchange", "modify"}) and "return" not in g["intents"]
        # ("i want to change the vacuum cleaner to bagged ... and return the keyboard": the vacuum's words after its name
        # are what it becomes, as in a change alone; before, they picked the vacuum already bagged)
        verbs = item_verbs([m for m, _ in g["msgs"]], names) if g["intents"] & {"exchange", "modify"} else {}
        for name in dict.fromkeys(wanted):
            change_it = change or verbs.get(name) == {"items"}
            holders = [o for o in g["orders"] if any(it["name"] == name for it in self.orders[o].get("items", []))]
            head = name.lower().replace("-", " ").split()[-1]
            heads = re.escape(head[:-1]) + "(?:f|ves)" if head.endswith("f") else re.escape(head)  # ("bookshelves")
            if len(holders) < 2:
                continue
            if every := re.search(rf"\b(?:both|all|each|every)\b([^.?!]{{0,25}})\b{heads}", low):
                # "both keyboards": each order is taken up in turn; "all my pending small t-shirts": those whose item
                # the words between describe (before: "small" passed over, and the XXL t-shirt changed to a small one)
                owners = [(o, it) for o in holders for it in self.orders[o]["items"] if it["name"] == name]
                distinct = self._distinct([it for _, it in owners])
                scores = [option_score(every.group(1), d) for d in distinct]
                if any(scores) and not all(scores):
                    picked = {o for (o, _), sc in zip(owners, scores) if sc == max(scores)}
                    g["orders"] = [o for o in g["orders"] if o in picked or o not in holders or any(
                        it["name"] in wanted and it["name"] != name for it in self.orders[o].get("items", []))]
                continue
            whole = g.get("whole")
            if whole and whole[0] in holders and head in whole[1]:
                # "the hiking boots + chair + keyboard order": that order's keyboard, not asked which; the other
                # holder stays only for the other items named in it
                g["orders"] = [o for o in g["orders"] if o == whole[0] or o not in holders or any(
                    it["name"] in wanted and it["name"] != name for it in self.orders[o].get("items", []))]
                continue
            # "I have 2 tablets, return the gold one", "of my two laptops, exchange the 32GB one", "the cheaper of my
            # two bookshelves": a count or a plural only says how many there are; the words after it pick one (before:
            # each order in turn, the one not asked for first). With nothing that picks, "return one" is asked which.
            counted = bool(re.search(rf"\b(?:two|2|couple of|pair of|three|3)\b[^.?!]{{0,25}}\b{heads}", low) or (
                not head.endswith("s") and re.search(rf"\b{re.escape(head)}(?:s|es)\b", low)))
            if counted and not re.search(r"\bthe\s+(?:[\w-]+\s+){0,3}?(?:one|ones)\b|\b(?:return|exchange|swap|send back|"
                                         r"keep|cancel|change)\s+(?:one|only one|just one)\b|\bonly need one\b|"
                                         r"\bthe\s+" + _BY_PRICE.pattern.removeprefix(r"\b(?:the\s+)?"), low) and not \
                    re.search(rf"\bthe\s+(?:[\w-]+\s+){{1,3}}{re.escape(head)}\b(?!s)", low):
                continue  # "return my two tablets": each order in turn
            fits = {PENDING: {"cancel", "modify", "address", "payment", "exchange"}, "delivered": {"return", "exchange", "modify"}}
            able = [o for o in holders if fits.get(self.orders[o]["status"], set()) & g["intents"]]
            if not able:
                continue
            items = [it for o in able for it in self.orders[o]["items"] if it["name"] == name]
            # the words about the item: for a change only those before its name ("the navy backpack in green": navy)
            if change_it:
                said = " | ".join(" ".join(re.split(r"[,.;!?]|\b(?:and|but|or|for|to|into|from|with|in)\b",
                                                    low[:a])[-1].split()[-3:])
                                  for a, _b, n, neg in item_mentions(g["text"], names) if n == name and not neg)
            else:
                said = " | ".join(mention_windows(g["text"], name, names))
            distinct = self._distinct(items)
            scores = [option_score(said, d) for d in distinct]
            if not any(scores) and not change_it:  # "can I return my keyboard? the full size one": another sentence
                scores = [option_score(g["text"], d) for d in distinct]
            if not any(scores) and change_it and counted:
                # "i have two laptops, exchange the 32GB one for an i7": "the ... one" before what it becomes
                before = re.split(r"\b(?:for|into|->|instead)\b|\bto\b(?!\s+(?:return|exchange|swap|send|change|switch|trade|"
                                  r"replace|get|have|do|be|make)\b)", low)[0]
                ones = " | ".join(re.findall(r"\bthe\s+((?:[\w-]+\s+){1,3}?)(?:one|ones)\b", before))
                scores = [option_score(ones, d) for d in distinct] if ones else scores
            owner = [o for o in able for it in self.orders[o]["items"] if it["name"] == name]
            best = max(scores, default=0)
            chosen = {owner[i] for i, sc in enumerate(scores) if sc == best} if best else set(able)
            prices = [it.get("price", 0) for it in items]
            if not best and (m := _BY_PRICE.search(low)) and not change and len(set(prices)) == len(prices):
                # "the more expensive one", "the cheaper of my two bookshelves": by its price, as within one order
                chosen = {owner[prices.index(min(prices) if m.group(1).replace("-", " ") in _LOWER_PRICE else max(prices))]}
            if len(able) == 1:
                chosen = set(able)
            alike = {(self.orders[owner[i]]["status"], tuple(sorted(it["options"].items()))) for i, it in enumerate(items)
                     if owner[i] in chosen}
            if len(chosen) > 1 and len(alike) > 1:  # the words fit several orders' items, or none: asked, not guessed
                # (the same item in the same state in each, "my navy backpack": each order in turn, for its own yes)
                self.which_order = (name, sorted(chosen, key=holders.index))
                # the orders of the other items named wait for the answer ("cancel my keyboard order ..., and I'd
                # like my LED bulb in daylight": the bulb's order, before lost with the question)
                g["which_rest"] = [o for o in g["orders"] if any(it["name"] in wanted and it["name"] != name
                                                                 for it in self.orders[o].get("items", []))]
                g["orders"] = []
                return
            # the other holders stay only for the other items named in them
            g["orders"] = [o for o in g["orders"] if o in chosen or o not in holders or any(
                it["name"] in wanted and it["name"] != name for it in self.orders[o].get("items", []))]

    def _held_words_masked(self, text: str) -> str:
        """The answer to "which Laptop do you mean?" as the request reads it: the option values of the items asked
        about ("It's the 15-inch one with 16GB.") tell which item the customer has, not what they want, so they are
        left out, unless the answer also asks for a change ("the 16GB one, but make it 32GB"). Before: "16GB"
        replaced the 8GB asked for."""
        name, holders = self.which_order or ("", [])
        if not name or _ASKS_CHANGE.search(text):
            return text
        values = {str(v) for o in holders for it in self.orders[o].get("items", []) if it["name"] == name
                  for v in it["options"].values()}
        for v in sorted(values, key=len, reverse=True):
            loose = r"[\s-]*".join(re.escape(c) for c in re.sub(r"[\s-]+", "", v))
            text = re.sub(rf"(?<![\w.]){loose}(?!\w)", " ", text, flags=re.I)
        return text

    def _ask_which_of(self, turn: TurnContext, orders: list[str], notes: list[str]) -> str:
        """One of several orders to act on ("which orders haven't shipped yet? want to cancel one"): each listed with
        its items and the one asked for; the answer is read as at "which ... do you mean?" (``_which_order_picked``)."""
        g = self.goal
        self._lookup(turn, orders)
        found = [o for o in orders if o in self.orders]
        self.which_order = ("", found)
        g["orders"] = []
        listing = "; ".join(f"{o} ({self.orders[o]['status']}: "
                            f"{', '.join(it['name'] for it in self.orders[o].get('items', []))})" for o in found)
        verb = next((k for k in ("cancel", "return", "exchange", "modify", "address", "payment") if k in g["intents"]),
                    "change")
        verb = {"modify": "change", "address": "change the address of",
                "payment": "change the payment of"}.get(verb, verb)
        which = "Which of them" if _A_FEW.search(g["text"]) else "Which one"  # ("cancel some of them")
        return " ".join(notes + [f"These are the orders that fit: {listing}. {which} would you like to {verb}?"])

    def _which_order_question(self) -> str:
        name, holders = self.which_order or ("", [])
        listing = " or ".join(f"the one in order {o} ({self.orders[o]['status']}: "
                              f"{'; '.join(_opts(it['options']) for it in self.orders[o]['items'] if it['name'] == name)})"
                              for o in holders)
        return f"I see {name} items in more than one of your orders: {listing}. Which one do you mean?"

    def _resolve_which_order(self, r: Reading) -> None:
        """The answer to "which ... do you mean?" over orders (``_which_order_picked``), with the orders of the other
        items asked for beside it kept."""
        rest = self.goal.pop("which_rest", [])
        self._which_order_picked(r)
        if self.goal["orders"] or r.order_ids:
            self.goal["orders"] += [o for o in rest if o not in self.goal["orders"]]

    def _which_order_picked(self, r: Reading) -> None:
        """The answer to "which ... do you mean?" over orders: an order id, the option words ("the full size
        one"), its place in the list ("the second"), or both."""
        name, holders = self.which_order
        self.which_order = None
        g = self.goal
        if r.order_ids:
            return
        if re.search(r"\b(?:both|all(?: of them)?|each|the two)\b", r.text, re.I):
            g["orders"] = list(holders)
            return
        if not name and len(placed := orders_at_place(r.text, {o: (self.orders.get(o) or {}).get("address") or {}
                                                                 for o in holders}, bare=True)) == 1:
            g["orders"] = placed  # "the one going to Los Angeles": the order told by where it ships
            return
        by_status = [o for o in holders if (m := _STATE_SAID.search(r.text)) and
                     self.orders[o]["status"] == (PENDING if m.group(1) is None else "delivered")]
        if len(by_status) == 1:  # "the one i already got", "the pending one"
            g["orders"] = by_status
            return
        held = self._holders_of_others(r.text, holders, name)
        if len(held) == 1:  # an order told by another item it holds: "the one with the skateboard", "the one with the
            # camera" (that item only names the order; it is not changed)
            [(o, others)] = held.items()
            g["orders"] = [o]
            g["dropped_items"] |= others
            return
        items = [it for o in holders for it in self.orders[o]["items"] if it["name"] == name]
        owner = [o for o in holders for it in self.orders[o]["items"] if it["name"] == name]
        picked = self._best_of(items, r.text, compare=True)
        if picked is None and (k := _listed_pick(r.text)) is not None:
            picked = [min(k, len(holders) - 1) if k >= 0 else len(holders) - 1]
            g["orders"] = [holders[picked[0]]]
            return
        if picked:
            g["orders"] = [owner[picked[0]]]

    def _option_answer_naming_its_order(self, r: Any) -> bool:
        """At "Which option would you like for the Speaker ...?", an answer naming the order that holds it ("order
        W9158156, want it in blue instead of red, same battery"): the option answer of the request in hand, its
        "instead" no new item change (before: the exchange dropped for "What would you like to change?", in a loop)."""
        if not (self.option_asked and self.goal["intents"] & {"exchange", "modify"} and
                r.intents & ACTING <= {"exchange", "modify"} and len(set(r.order_ids)) == 1):
            return False
        o = r.order_ids[0]
        held = {it.get("item_id") for it in (self.orders.get(o) or {}).get("items", [])}
        return self.option_asked in held

    def _item_name(self, item_id: str) -> str | None:
        """The product name of an item of the customer's orders looked up."""
        return next((it["name"] for o in self.orders.values() for it in o.get("items", []) if it.get("item_id") == item_id),
                    None)

    def _holders_of_others(self, text: str, holders: list[str], name: str) -> dict[str, set[str]]:
        """Of ``holders``, those holding some item the words name other than ``name`` (the item asked about),
        by its full name or its kind ("the one with the camera": a Digital Camera), each with those items' names."""
        said = set(mentioned_items(text, self.product_names)) - {name}
        words = set(re.findall(r"[a-z]+", text.lower()))
        words |= {w.removesuffix("s") for w in words}
        held = {o: {it["name"] for it in self.orders[o].get("items", []) if it["name"] != name and (
            it["name"] in said or it["name"].lower().split()[-1] in words)} for o in holders}
        return {o: names for o, names in held.items() if names}

    def _wants_other_option(self, turn: TurnContext) -> str:
        """The change the customer asks for without saying "exchange" or "change" ("i need size 8", "i need 30MP",
        "lamp in white please"): one delivered order ('exchange') or pending one ('modify') in hand, and the text
        names an option value its named item is not in, or one its product does not come in ("I need a size 11":
        the exchange, whose option question says so); '' when it asks for none."""
        g = self.goal
        found = [o for o in g["orders"] if o in self.orders]
        kind = {"delivered": "exchange", PENDING: "modify"}.get(self.orders[found[0]]["status"], "") if len(found) == 1 else ""
        if len(found) == 1 and not kind and found[0] in self.items_changed:
            # "oh and the water bottle's too small, can I get the 750ml?" after this order's exchange: another change of
            # its items, asked in plain words, to be told it can be made only once (before: "I'm sorry to hear that"
            # and the order's listing, again and again)
            kind = "exchange" if self.orders[found[0]]["status"].startswith("exchange") else "modify"
        # an item said "to" another option ("the luggage set to red", "the lamp in white") asks for it too
        heads = {it["name"].lower().split()[-1] for it in self.orders[found[0]].get("items", [])} if found else set()
        said_to = any(re.search(rf"\b{re.escape(h)}s?\s+(?:to|into|in)\b", g["text"], re.I) for h in heads)
        return kind if kind and (said_to or _WANT_OPTION.search(g["text"])) and \
            self._names_other_option(turn, found[0]) else ""

    def _names_other_option(self, turn: TurnContext, o: str) -> bool:
        g = self.goal
        found = [o]
        items = self.orders[found[0]].get("items", [])
        named = set(mentioned_items(g["text"], [it["name"] for it in items]))
        for it in items:
            if it["name"] not in named and not (len(items) == 1 and self._names_a_kind(g["text"])):
                continue
            product = self._product(turn, it["product_id"])
            if product is None:
                continue
            want = wanted_options(g["text"], it["options"], [v["options"] for v in product.get("variants", {}).values()],
                                   it["name"])
            if any(it["options"].get(k) != v for k, v in want.items()) or \
                    unknown_options(g["text"], [v["options"] for v in product.get("variants", {}).values()]):
                return True
        return False

    def _what_can_be_done(self) -> str:
        """What the clerk can do with the items the customer named without asking for anything ("the vacuum
        I got is broken"): for received items a return or an exchange, for items not shipped yet a
        cancellation or another option; else the menu."""
        g = self.goal
        found = [o for o in g["orders"] if o in self.orders]
        names = [it["name"] for o in found for it in self.orders[o].get("items", [])]
        named = mentioned_items(g["text"], names)
        statuses = {self.orders[o]["status"] for o in found}
        if _WHERE_Q.search(g["text"]) and not _TROUBLE.search(g["text"]):  # "has my vacuum shipped?": the report answers it
            self.goal = self._empty_goal()
            return "Is there anything else I can help you with?"
        if named and statuses == {"delivered"}:
            what = " and the ".join(named)
            return (f"I can return the {what} for a refund, or exchange {'it' if len(named) == 1 else 'them'} for "
                    f"another option of the same product. Which would you prefer?")
        if named and statuses == {PENDING}:
            return (f"Since the order hasn't shipped yet, I can cancel it, or change the {' and the '.join(named)} "
                    f"to another option of the same product. What would you like to do?")
        if named and statuses == {"pending (item modified)"}:  # "the jacket should be L" after the bottle was changed
            return ("Its items were already modified once, so it can't be changed or cancelled any more. Is there "
                    "anything else I can help you with?")
        return f"What would you like to do? {MENU}"

    def _report(self, o: str) -> str:
        d = self.orders[o]
        items = "; ".join(f"{it['name']} ({_opts(it['options'])}, {_money(it['price'])})" for it in d.get("items", []))
        said = f"Order {o} is {d['status']}" + (f" and contains: {items}." if items else ".")
        if (_SHIPS_WHERE.search(self.last_text) or place_cue(self.last_text, self.ship_places)) and d.get("address"):
            # "where is my tablet going to be delivered?", "which order was shipped to Texas?"
            said += f" It ships to {self._address_text({'address2': '', 'country': '', **d['address']})}."
        if re.search(r"\btrack|\bship(?:ped)?\b[^.!]*\?|\bshipped yet\b|\bwhen did\b", self.last_text, re.I) or \
                re.search(r"\btrack", self.goal["text"], re.I):  # (asked before the login, or before the order was told)
            # "what's the tracking number?", "when did it ship?"
            ids = [t for f in d.get("fulfillments") or [] for t in f.get("tracking_id") or []]
            said += (f" Tracking number: {', '.join(ids)}." if ids else " It has no tracking number yet.")
        if _WHEN_ARRIVES.search(self.last_text):  # "when will it arrive?": what the status tells, never a made-up date
            said += {"delivered": " It has already been delivered.",
                     PENDING: " It hasn't shipped yet, so I don't have a delivery date for it.",
                     "cancelled": " It was cancelled, so it won't be delivered."}.get(
                d["status"], " I don't have a delivery date for it.")
        return said

    # --- questions ------------------------------------------------------------------------------
    def _answer(self, turn: TurnContext, topics: set[str], orders: list[str], text: str, hypothetical: bool,
                default_address: bool, closing: bool = True) -> str:
        """Answer a question about a store action without starting one: what is on file (the default
        address, an order's items, status, address and payments, refunds included), or, for "can I
        still ...?", what policy allows for the orders concerned; then ask what the customer would like."""
        owned = self._owned()
        parts = []
        unowned = [o for o in orders if o not in owned]
        if unowned:
            parts.append(f"Order {', '.join(unowned)} is not on your account, so I can't look it up.")
        orders = [o for o in orders if o in owned]
        if _METHODS_Q.search(text) and not orders and not mentioned_items(text, self.product_names):
            # "what payment methods do I have?", "what's my gift card balance?": the account's, not every order's
            parts.append(self._methods_sentence(text))
            return self._close(parts, closing, None)
        about_orders = bool(orders) or bool(_ORDER_WORDS.search(text)) or \
            bool(mentioned_items(text, self.product_names)) or bool(topics - {"address"})
        if "address" in topics and default_address and orders and not hypothetical:
            # "what's my default address and what's the address on #W1?": both
            a = (self.profile or {}).get("address")
            if a:
                parts.append(f"The default address on your account is {self._address_text(a)}.")
        elif "address" in topics and (default_address or not about_orders):
            a = (self.profile or {}).get("address")
            if a:
                parts.append(f"The default address on your account is {self._address_text(a)}.")
            if hypothetical:
                parts.append("Your default address can be changed at any time, and a pending order's shipping "
                             "address can be changed until the order ships.")
            return self._close(parts, closing, "What would you like to do?" if hypothetical else None)
        if not orders and hypothetical and _MONEY_WORDS.search(text) and _EVERY_ORDER.search(text):
            orders = list(owned)  # "how much would I get back if I returned both orders?": each order's part
        # ("which orders can I still change?": the orders asked after, the pending ones, not the rule alone)
        # (the goal's text may open with the e-mail the customer gave first: the latest message asks too)
        asked_status = not_arrived_asked(text) or not_arrived_asked(self.last_text) if not orders else None
        if not orders and (not hypothetical or mentioned_items(text, self.product_names) or asked_status):
            self._lookup(turn, owned)
            known = [o for o in owned if o in self.orders]
            wanted = mentioned_items(text, self._all_item_names())
            orders = [o for o in known if not wanted or any(it["name"] in wanted for it in self.orders[o].get("items", []))]
            said = {_STATUS_WORD.get(m.lower(), m.lower()) for m in _STATUS_REF.findall(text)}
            if wanted and said:  # "my laptop order and the cancelled one": both
                orders += [o for o in known if o not in orders and self.orders[o]["status"] in said]
            elif said:
                orders = [o for o in known if self.orders[o]["status"] in said] or orders
            elif asked_status and not wanted:
                orders = [o for o in known if self.orders[o]["status"] in asked_status] or orders
            missing = self._unfound(text, known)
            if missing:
                parts.append(f"I couldn't find {' or '.join(f'{self._a(n)} {n}' for n in missing)} in your orders.")
        self._lookup(turn, orders)
        orders = [o for o in orders if o in self.orders]
        money = bool(topics & {"return", "payment", "exchange", "cancel"} or _MONEY_WORDS.search(text))
        if hypothetical:
            money = bool(_MONEY_WORDS.search(text))
            if topics == {"modify"} and (not_arrived_asked(text) or not_arrived_asked(self.last_text)) == {PENDING} and \
                    not mentioned_items(text, self.product_names) and not _ITEM_WORDS.search(text):
                # "which orders can I still make changes to?": every change a pending order still allows, not its items
                # alone (before: "its items can still be changed ..." and an offer to change them)
                topics = {"cancel", "address", "payment", "modify"}
            offers = []
            for o in orders:
                line, can = self._can_text(o, topics, money, text)
                parts.append(line)
                if _PAID_Q.search(text) and "$" not in line:  # "how much did I pay ... and can I still cancel it?"
                    parts.append(self._payments_text(o, refund=False))
                offers += [(o, k) for k in can]
            if not orders:
                parts += [_POLICY[k] for k in ("cancel", "address", "payment", "items", "return")
                          if k in {"items" if t in ("modify", "exchange") else t for t in topics}]
            if money and len(back := self._refunds_if(orders, topics, text)) > 1 and _ALTOGETHER.search(text) or \
                    money and back and _EVERY_ORDER.search(text):
                # "... how much would I get back in total?": the parts' sum, nothing done
                parts.append(f"Altogether that would be {_money(sum(back))}; nothing has been done.")
            if closing and len(orders) == 1 and "cancel" in topics and self.orders[orders[0]]["status"] == PENDING and \
                    _PART_CANCEL_Q.search(text):  # (the whole order, or one item changed: the customer's choice)
                named = mentioned_items(text, [it["name"] for it in self.orders[orders[0]].get("items", [])])
                return self._close(parts, closing, "Would you like to cancel the whole order, or change "
                                                   f"{'the ' + ' and the '.join(named) if named else 'an item'} instead?")
            if len(offers) == 1 and closing:
                o, k = offers[0]
                delivered = self.orders[o]["status"] == "delivered"
                kind = "exchange" if k == "items" and delivered else "modify" if k == "items" else k
                named = mentioned_items(text, [it["name"] for it in self.orders[o].get("items", [])])
                verb = {"exchange": "exchange", "modify": "change", "return": "return"}.get(kind)
                what = (f"{verb} the {' and the '.join(named)}" if verb and named else
                        "exchange items from it" if kind == "exchange" else _OFFER[k])
                self.offer = {"intents": {kind}, "orders": [o], "text": text}
                return self._close(parts, closing, f"Would you like me to {what} now?")
            return self._close(parts, closing, "What would you like to do?")
        for o in orders:
            parts.append(self._report(o))
            if "address" in topics and self.orders[o].get("address") and "It ships to" not in parts[-1]:
                parts.append(f"It ships to {self._address_text({'address2': '', 'country': '', **self.orders[o]['address']})}.")
            if money:
                parts.append(self._payments_text(o, refund=bool(_REFUND_WORDS.search(text)) or "return" in topics))
        if money and (_PAID_Q.search(text) or _ALTOGETHER.search(text) or _ITEM_COST_Q.search(text)) and \
                (cost := self._items_cost_said(orders, text)):
            parts.append(cost)  # "what did I pay for the kettle and the bookshelf altogether": theirs, not the order's
        if not orders and not parts:
            parts.append("I couldn't find any orders on your account.")
        return self._close(parts, closing, None)

    def _items_cost_said(self, orders: list[str], text: str) -> str:
        """What the items the customer names cost, when they are not all of their orders' items: "The Tea Kettle
        ($100.83) and the Bookshelf ($461.49) came to $562.32 altogether." (before: only the whole order's payment, of
        five items). Items named to tell the order ("the order with the bookshelf", "my kettle order") are no question
        about their own price."""
        low = text.lower()
        picked, partial = [], False
        for o in orders:
            items = self.orders[o].get("items", [])
            named = {n for a, b, n, neg in item_mentions(text, sorted({it["name"] for it in items})) if not neg and
                     not _ORDER_NAMED_BY.search(low[:a]) and not re.match(r"\s*orders?\b", low[b:])}
            mine = [it for it in items if it["name"] in named]
            picked += mine
            partial = partial or 0 < len(mine) < len(items)
        if not (picked and partial):
            return ""
        if len(picked) == 1:
            return f"The {picked[0]['name']} itself cost {_money(picked[0]['price'])}."
        each = [f"the {it['name']} ({_money(it['price'])})" for it in picked]
        listed = ", ".join(each[:-1]) + " and " + each[-1]
        return f"{listed[0].upper()}{listed[1:]} came to {_money(sum(it['price'] for it in picked))} altogether."

    def _refunds_if(self, orders: list[str], topics: set[str], text: str) -> list[float]:
        """What each order asked about would refund, as ``_can_text`` says it: a pending order cancelled, what was
        paid; a delivered one's items named (all of them for "both orders") returned, their prices."""
        out = []
        for o in orders:
            status = self.orders[o]["status"]
            if status == PENDING and "cancel" in topics:
                out.append(sum(p["amount"] for p in self.orders[o].get("payment_history", [])
                               if p["transaction_type"] == "payment"))
            elif status == "delivered" and "return" in topics:
                items = self.orders[o].get("items", [])
                named = mentioned_items(text, [it["name"] for it in items]) or \
                    ([it["name"] for it in items] if _EVERY_ORDER.search(text) else [])
                if back := sum(it["price"] for it in items if it["name"] in named):
                    out.append(back)
        return out

    @staticmethod
    def _close(parts: list[str], closing: bool, ask: str | None) -> str:
        if closing:
            parts = parts + [ask or "Is there anything else I can help you with?"]
        return " ".join(parts)

    @staticmethod
    def _a(name: str) -> str:
        if name.lower().endswith("s") and not name.lower().endswith("ss"):
            return "any"  # "any sneakers"
        return "an" if name[:1].lower() in "aeiou" else "a"

    def _payments_text(self, o: str, refund: bool) -> str:
        """What was paid for the order and what was refunded: "It was paid $99.33 with your gift card;
        no refund has been made on it."."""
        hist = self.orders[o].get("payment_history", [])
        paid = [f"{_money(p['amount'])} with {self._method_text(p['payment_method_id'])}" for p in hist
                if p["transaction_type"] == "payment"]
        back = [f"{_money(p['amount'])} was refunded to {self._method_text(p['payment_method_id'])}" for p in hist
                if p["transaction_type"] == "refund"]
        said = [f"It was paid {' and '.join(paid)}"] if paid else ["I see no payment on it"]
        if back:
            said += back
        elif refund:
            said.append("no refund has been made on it" + (
                " yet; the refund is made once the returned items are received" if "return" in
                self.orders[o]["status"] else ""))
        return "; ".join(said) + "."

    def _can_text(self, o: str, topics: set[str], money: bool = False, text: str = "") -> tuple[str, list[str]]:
        """What policy allows, for the order as it stands, of what the customer asks about; and which
        of those it allows. Asked about money, what a cancellation or a return of the items named in ``text``
        ("if I return the action camera, how much do I get back?") would refund."""
        status = self.orders[o]["status"]
        kinds = [k for k in ("cancel", "address", "payment", "items", "return")
                 if k in {"items" if t in ("modify", "exchange") else t for t in topics}]
        can, said = [], []
        for k in kinds:
            if status == PENDING:
                if k == "return":
                    said.append("nothing in it can be returned until it has been delivered, but it can be cancelled")
                    continue
                paid = sum(p["amount"] for p in self.orders[o].get("payment_history", [])
                           if p["transaction_type"] == "payment")
                orig = self._original_method(o)  # ("... and where does it go?": the method named)
                back = f"{self._method_text(orig)}, the original payment method" if orig else "the original payment method"
                refund = f", and the {_money(paid)} paid would be refunded to {back}" if money and paid else ""
                if k == "cancel" and _PART_CANCEL_Q.search(text):
                    # "if I cancel, does the whole order go? I only don't want the skateboard": a cancellation takes the
                    # whole order, and no item can be taken out of it alone; what policy allows for one item said
                    # (before: "it can still be cancelled. Would you like me to cancel it now?")
                    named = mentioned_items(text, [it["name"] for it in self.orders[o].get("items", [])])
                    what = f"the {' and the '.join(named)}" if named else "an item"
                    said.append(f"it can still be cancelled{refund}, but a cancellation cancels the whole order, with all "
                                f"its items: I can't cancel or remove only some of them. If you'd like to keep the rest, I "
                                f"can instead change {what} to another option of the same product (an order's items can "
                                f"be changed only once)")
                    continue
                said.append({"cancel": "it can still be cancelled" + refund,
                             "address": "its shipping address can still be changed",
                             "payment": "its payment method can still be changed",
                             "items": "its items can still be changed to other options of the same product (once)"}[k])
                can.append(k)
            elif status == "delivered":
                if k in ("items", "return"):
                    said.append("its items can be returned, or exchanged for other options of the same product")
                    can.append(k)
                    items = self.orders[o].get("items", [])
                    named = mentioned_items(text, [it["name"] for it in items])
                    if not named and _EVERY_ORDER.search(text):  # "if I returned both orders": all of it
                        named = list(dict.fromkeys(it["name"] for it in items))
                    back = sum(it["price"] for it in items if it["name"] in named)
                    if k == "return" and money and back:
                        pid = self._refund_method(o)
                        said.append(f"returning the {' and the '.join(named)} would refund {_money(back)} to "
                                    f"{self._method_text(pid) if pid else 'the original payment method'}")
                else:
                    said.append("it can't be cancelled or changed any more, but its items can be returned or exchanged")
            elif status.startswith(PENDING):
                said.append("its items were already modified, so it can't be cancelled or changed any more")
            else:
                said.append("it can't be cancelled, changed, returned or exchanged any more")
        return f"Order {o} is {status}, so {'; '.join(dict.fromkeys(said)) or 'nothing in it needs changing'}.", can

    # --- corrections and items named -------------------------------------------------------------
    def _address_fix(self, r: Reading) -> tuple[dict[str, str] | None, bool]:
        """The address of the request in hand with the customer's correction applied ("typo, 889 not 888",
        "sorry, the city is Austin not Dallas"), and whether the message corrects the address at all.

        A new city or state without its zip code does not keep the old zip (nor, for a new city, the old
        state) in silence: the address waits as a draft, and the clerk asks for the missing parts
        (``_address_question``); the answer ("78701", "TX 78701") completes it. A correction the clerk
        cannot read ("the city is wrong") drops the address, and the clerk asks for it again."""
        g = self.goal
        if r.stateless_address and not (r.address or g["draft"]) and "address" in g["intents"] | r.intents:
            # "101 Highway, New York, 10001": the address waits as a draft, and only its state is asked for (before:
            # the whole address asked for again and again, with no word of what was missing)
            g["address"], g["draft"] = None, {"address": dict(r.stateless_address), "missing": ["state"], "changed": None}
            return None, True
        if r.address or any(k in ("address", "default_address") for _, k in g["done"]):
            return None, False  # a new address given, or the one asked for already written
        if "address" not in g["intents"]:
            # "change the shipping address of my pending order to 266 maple drive madison": an address asked for with
            # only some of its parts in the same message waits as a draft, its missing parts asked for (before: the
            # whole address asked for, the street and city said dropped)
            street = re.search(r"(?<![\w#$.,-])\d+[a-z]?\s", r.text, re.I)
            before = r.text[:street.start()] if street else ""
            # ("please send my pending order to 266 maple dr madison wi": a new place to ship to, said by the verb)
            ship_to = bool(_SHIP_TO_STREET.search(before)) and not _NOW_GOING_TO.search(before)
            parts, keep = address_pieces(r.text) if "address" in r.intents or ship_to else ({}, False)
            if "address1" not in parts or keep or not _TO_NEW_STREET.search(before) or _NOW_GOING_TO.search(before) or \
                    r.intents & (ACTING - {"address", "modify"}) or r.question or g["address"]:
                return None, False  # no address asked for
            r.intents = set(r.intents) | {"address"}
            blank = {"address1": "", "address2": "", "city": "", "state": "", "country": "USA", "zip": ""}
            missing = [f for f in ("address1", "city", "state", "zip") if f not in parts]
            if not missing:  # ("The new address is 100 Elm Street. City: Denver. State: CO. Zip: 80203": whole; before,
                return {**blank, **parts}, True  # a draft with nothing missing, and an IndexError asking for nothing)
            g["address"], g["draft"] = None, {"address": {**blank, **parts}, "missing": missing, "changed": "pieces"}
            return None, True
        if self.user_id is None and (r.zips or r.names or r.emails):
            return None, False  # "I'm Yara Silva, zip code 77159": the account's zip, not a corrected address
        if r.other_address:  # "my old address was X, is that where it was going?": no part of X corrects it
            return None, False
        draft = g["draft"]
        if draft and draft["changed"] == "pieces":
            # the rest of an address given in pieces ("958 Willow Avenue", then "Austin, TX 78701"), or "the rest is
            # the same" as the address the order ships to now
            parts, keep = address_pieces(r.text, city_asked="city" in draft["missing"])
            if keep and (now := self._address_now()):
                parts = {**{f: now.get(f, "") for f in draft["missing"]}, **parts}
            if not parts:
                return None, False
            draft["address"].update(parts)
            draft["missing"] = [f for f in draft["missing"] if f not in parts]
            if draft["missing"]:
                return None, True
            g["draft"] = None
            return dict(draft["address"]), True
        if draft:
            parts = address_parts(r.text, asked=True)
            if not parts:
                return None, False
            draft["address"].update(parts)
            draft["missing"] = [f for f in draft["missing"] if f not in parts]
            if "zip" in draft["missing"]:
                return None, True
            g["draft"] = None
            return dict(draft["address"]), True
        base = g["address"]
        if not base and not r.intents & (ACTING - {"address", "modify"}) and not r.question:
            # an address asked for and given in pieces: "958 Willow Avenue" (then the city, state and zip code asked
            # for, and put together with it), or a change to the address the order ships to now ("same city and zip,
            # just the street is now 12 Oak Street", "only the suite number changed, it's Suite 571 now"); before, the
            # same "What is the new shipping address?" again and again, with no word of what was missing
            parts, keep = address_pieces(r.text)
            if parts and keep and (now := self._address_now()):
                return {**now, **parts}, True
            if parts:
                blank = {"address1": "", "address2": "", "city": "", "state": "", "country": "USA", "zip": ""}
                missing = [f for f in ("address1", "city", "state", "zip") if f not in parts]
                if not missing:
                    return {**blank, **parts}, True
                g["draft"] = {"address": {**blank, **parts}, "missing": missing, "changed": "pieces"}
                return None, True
        if not base:
            return None, False
        changes = address_changes(base, r.text, loose=any(tool in ADDRESS_TOOLS for tool, _ in self.pending))
        if not changes:
            if "?" not in r.text and not (r.order_ids or r.abandon or r.yes) and _ADDRESS_PART.search(r.text) and \
                    _WRONG.search(r.text) and not re.search(r"\b(?:not|nothing|isn'?t|never ?mind|forget)\b[^.!?]{0,12}"
                                                             r"(?:wrong|incorrect)|\bnever ?mind\b", r.text, re.I):
                g["address"], g["draft"] = None, {"address": dict(base), "missing": ["all"]}
                return None, True
            return None, False
        if "address1" in changes and {"city", "zip"} & set(changes) and "address2" not in changes:
            # a new street in a new city or zip ("100 Elm Street. City: Denver. State: CO. Zip: 80203") is another
            # building: the old unit is not kept (before: "100 Elm Street, Suite 656", the suite never said)
            changes = {**changes, "address2": ""}
        new = {**base, **changes}
        if ("city" in changes or "state" in changes) and "zip" not in changes:
            # a state said beside the new city, even the same one ("Austin, TX"), is not asked for again
            missing = ["zip"] if "state" in changes or "state" in address_parts(r.text) else ["state", "zip"]
            g["address"], g["draft"] = None, {"address": new, "missing": missing,
                                              "changed": "city" if "city" in changes else "state"}
            return None, True
        return new, True

    def _address_now(self) -> dict[str, str] | None:
        """The address the request in hand changes, as it is now: the shipping address of the order(s) whose address
        is to change (one address for all of them), or the profile's default address; None when not known."""
        g = self.goal
        if g["default_address"] and not _ORDER_ADDRESS.search(g["text"]) or not g["orders"]:
            a = (self.profile or {}).get("address") if g["default_address"] else None
        else:
            found = {tuple(sorted(a.items())) for o in self._address_orders() if (a := self.orders[o].get("address"))}
            a = dict(found.pop()) if len(found) == 1 else None
        return {k: a.get(k, "") for k in ADDRESS_KEYS} if a else None

    def _take_pointed_address(self, turn: TurnContext) -> None:
        """An address the customer points to instead of typing it, read from what the tools returned: the
        profile's address ``get_user_details`` gave ("change it to my default address": that order ships
        there, the profile stays), or another order's ``get_order_details`` address ("it's the address on my
        other order", looked up if needed; of several, the one in the city named, "my NYC address"). It is
        then proposed in full as any address (before: "What is the new address?" again and again)."""
        g = self.goal
        if (_TO_DEFAULT.search(g["text"]) or self._profile_pointed()) and (a := (self.profile or {}).get("address")):
            g["address"], g["default_address"] = {k: a.get(k, "") for k in ADDRESS_KEYS}, False
            if not g["orders"] and (o := self._pending_to_move(turn)):
                g["orders"] = [o]
            return
        if not _TO_OTHER_ORDER.search(g["text"]):
            return
        self._lookup(turn, [o for o in g["orders"] if o in self._owned()])  # (the order named is no "other" one)
        targets = self._address_orders() if g["orders"] else []
        if not targets and (o := self._pending_to_move(turn)):
            targets = g["orders"] = [o]
        others = [o for o in self._owned() if o not in targets]
        self._lookup(turn, others)
        here = [self.orders[o].get("address") for o in targets if o in self.orders]

        def distinct(orders: list[str]) -> list[dict[str, str]]:
            found = [a for o in orders if o in self.orders and (a := self.orders[o].get("address")) and a not in here]
            cities = self._said_cities({a["city"].lower() for a in found})
            found = [a for a in found if a["city"].lower() in cities] or found
            return [dict(t) for t in dict.fromkeys(tuple(sorted(a.items())) for a in found)]

        # of several, the other order still on its way ("same address as my other order", one pending beside it)
        choices = distinct(others)
        if len(choices) > 1:
            choices = distinct([o for o in others if o in self.orders and self.orders[o]["status"] == PENDING]) or choices
        if len(choices) == 1:
            g["address"] = {k: choices[0].get(k, "") for k in ADDRESS_KEYS}

    def _profile_pointed(self) -> bool:
        """The answer to "What is the new shipping address?" of an order names the profile's address as that address
        ("my default address please", "the one on my account", "use the address on file", "same as my home address"),
        asking no change of the profile itself ("and update my default address too") nor about it ("what is my
        default address?"). Before, it was not read: the question came again, and once the customer typed the address
        out, "update your default address" was proposed too, though no profile change was asked for."""
        text = self.last_text or ""
        low = text.lower().replace("\u2019", "'")
        if not (self.goal["orders"] and self.last_reply_text.rstrip().endswith(
                "What is the new shipping address (street, city, state and zip code)?")):
            return False
        if _PROFILE_CHANGE.search(low) or re.match(r"^\W*(?:what|which|where|is|does|do|did|has)\b", low):
            return False
        return any(not negated_at(low, m.start()) and not re.search(r"\b(?:not|never|don'?t|instead of|rather than|"
                                                                     r"other than|except)\b[^,.;!?]{0,20}$", low[:m.start()])
                   for m in _PROFILE_ONE.finditer(low))

    def _orders_by_place(self, turn: TurnContext, text: str, among: list[str] | None = None) -> list[str]:
        """Of the customer's orders (or ``among``), those the words tell by where they ship ("the one that was shipped
        to Texas", "the order going to Los Angeles"), read from each order's address (looked up if needed)."""
        # (a message that is only a place, "Chicago", "the DC one", answers "Which order is this about?")
        bare = _WHICH_ORDER_ASKED in self.last_reply_text and bare_place(self.last_text, self.ship_places)
        if not (place_cue(text, self.ship_places) or bare):
            return []
        orders = [o for o in (among if among is not None else self._owned()) if o in self._owned()]
        self._lookup(turn, orders)
        addresses = {o: self.orders[o].get("address") or {} for o in orders if o in self.orders}
        return orders_at_place(text, addresses) or (orders_at_place(self.last_text, addresses, bare=True) if bare else [])

    def _said_cities(self, cities: set[str]) -> set[str]:
        """Of these (lower-case) cities, those the customer's words name ("Washington DC", "my LA order")."""
        text = self.goal["text"].lower()
        aliases = {v for k, v in _CITY_ALIASES.items() if re.search(rf"\b{k}\b", text)}
        return {c for c in cities if re.search(rf"\b{re.escape(c)}\b", text) or c in aliases}

    def _names_an_order(self, text: str) -> bool:
        """The words name an order of the customer without its id: by an item it holds ("my sunglasses order",
        "the kettle"), by a kind of product ("the sneakers"), or by its state ("my pending order")."""
        return bool(mentioned_items(text, self.product_names) or _BY_STATUS.search(text) or
                    _ALL_BY_STATUS.search(text) or self._names_a_kind(text))

    def _pending_to_move(self, turn: TurnContext) -> str | None:
        """The pending order whose shipping address is to change, when no order was named: the only pending
        one, or the one shipping to the city the customer named ("an order sent to ... Washington DC")."""
        if o := self._one_pending(turn):
            return o
        pend = [o for o in self._owned() if o in self.orders and self.orders[o]["status"] == PENDING]
        named = self._said_cities({(self.orders[o].get("address") or {}).get("city", "").lower() for o in pend} - {""})
        there = [o for o in pend if (self.orders[o].get("address") or {}).get("city", "").lower() in named]
        return there[0] if len(there) == 1 else None

    def _address_orders(self) -> list[str]:
        """The orders in hand whose shipping address the request changes: read from the customer's words,
        those named by an item they hold ("change my laptop order to be delivered to ...", "the order with
        the laptop"), else all of them (before: the address went to the first order in hand, the watch's)."""
        g = self.goal
        orders = [o for o in g["orders"] if o in self.orders]
        if len(orders) < 2:
            return orders
        own = kinds_by_order(g["text"], self._orders_held)
        if addressed := [o for o in orders if "address" in own.get(o, set())]:
            return addressed  # "cancel the luggage order ... then change the address on my other order": that order's
        names = [it["name"] for o in orders for it in self.orders[o].get("items", [])]
        said = [w for m in _ITEM_ORDER.finditer(g["text"]) for w in m.groups() if w]
        named = {n for w in said for n in mentioned_items(w, names)}
        holders = [o for o in orders if any(it["name"] in named for it in self.orders[o].get("items", []))]
        return holders or orders

    def _address_question(self, kind: str) -> str:
        """Ask for the new address, or for the parts of a corrected one that are still missing."""
        d = self.goal["draft"]
        if d and d["missing"] == ["all"]:
            d["missing"] = ["zip"]
            self.goal["draft"] = None
            return (f"I'm sorry, I couldn't tell what to change in {self._address_text(d['address'])}. Could you "
                    f"give me the full corrected address (street, city, state and zip code)?")
        if d and d["changed"] == "pieces":  # (an address given in pieces: what is said so far, and what is missing)
            names = {"address1": "street address (house number and street)", "city": "city", "state": "state",
                     "zip": "zip code"}
            what = [names[f] for f in d["missing"]]
            a = d["address"]
            if not what:  # (nothing missing: never asked for; the whole address asked for again rather than a crash)
                self.goal["draft"] = None
                return f"What is the new {kind} (street, city, state and zip code)?"
            what_said = ", ".join(p for p in (a["address1"], a["address2"], a["city"], f"{a['state']} {a['zip']}".strip()) if p)
            ask = ", ".join(what[:-1]) + " and " + what[-1] if len(what) > 1 else what[0]
            return (f"Thanks, I have {what_said} so far. What {'are' if len(what) > 1 else 'is'} the {ask}? (Or give "
                    f"me the whole address in one message.)")
        if d:
            a = d["address"]
            what = " and ".join({"state": "state", "zip": "zip code"}[f] for f in d["missing"])
            where = ", ".join(p for p in (a["address1"], a["address2"], a["city"]) if p)
            if d["changed"] is None:  # (a whole address but its state)
                return f"Thanks. Which state is {where}, {a['zip']} in? I need it to complete the address."
            if d["changed"] == "city":
                lead = f"Thanks, the city is now {a['city']}. A new city usually means a new zip code"
                lead += "." if d["missing"] == ["zip"] else ", and possibly a new state."
            else:
                lead = f"Thanks, the state is now {a['state']}. A new state also means a new zip code."
                where += f", {a['state']}"
            return (f"{lead} What {'are' if len(d['missing']) > 1 else 'is'} the {what} for {where}? (Or give me "
                    f"the full corrected address.)")
        return f"What is the new {kind} (street, city, state and zip code)?"

    def _corrects_items(self, r: Reading) -> bool:
        """The message names an item or an option of the request in hand ("no, the grey one"): a
        correction, not a plain no; "no, never mind the tablet" at the tablet's own proposal is a plain no."""
        text = r.text
        dropped = {n for m in _DROP_ITEM.finditer(text) for n in mentioned_items(m.group(0), self.product_names)}
        if dropped:
            held = {it["name"] for _tool, args in self.pending for it in self.orders.get(args.get("order_id"), {}).get("items", [])
                    if it["item_id"] in args.get("item_ids", [it["item_id"]])}
            if held and held <= dropped:
                text = _DROP_ITEM.sub(" ", text)
        if mentioned_items(text, self.product_names):
            return True
        for _tool, args in self.pending:
            o = args.get("order_id")
            for it in self.orders.get(o, {}).get("items", []):
                product = self.products.get(it["product_id"]) or {}
                variants = [v["options"] for v in product.get("variants", {}).values()]
                if wanted_options(text, it["options"], variants, it["name"]):
                    return True
        return False

    def _unfound(self, text: str, orders: list[str]) -> list[str]:
        """Products the text names (and did not take back) that none of these orders holds."""
        have = [it["name"] for o in orders if o in self.orders for it in self.orders[o].get("items", [])]
        mine = item_mentions(text, have)
        standing = set(mentioned_items(text, self.product_names))
        low = text.lower()
        out = []
        for a, b, name, neg in item_mentions(text, self.product_names):
            if neg or name not in standing or name in have or any(x < b and a < y for x, y, _, _ in mine):
                continue
            if _OPTION_AROUND.search(low[:a]) or _OPTION_AFTER.match(low[b:]) or \
                    re.sub(r"e?s$", "", low[a:b]) in self._option_words(orders):
                continue  # "for a laptop compartment", "small fleece" (a pet bed's): options, not items of the order
            out.append(name)
        return list(dict.fromkeys(out))

    @staticmethod
    def _unavailable(item: dict[str, Any], product: dict[str, Any], text: str) -> str:
        """The option values the text asks for that the product has only in variants out of stock ('256GB')."""
        variants = list(product.get("variants", {}).values())
        want = wanted_options(text, item["options"], [v["options"] for v in variants], item["name"])
        stocked = {(k, v["options"].get(k)) for v in variants if v.get("available") for k in v["options"]}
        return " and ".join(val for k, val in want.items() if (k, val) not in stocked)

    def _one_pending(self, turn: TurnContext) -> str | None:
        """The customer's one pending order ("... and the pending order"), if there is exactly one."""
        self._lookup(turn, self._owned())
        same = [o for o in self._owned() if o in self.orders and self.orders[o]["status"] == PENDING]
        return same[0] if len(same) == 1 else None

    def _other_order_asked(self, turn: TurnContext, r: Reading) -> list[str]:
        """The orders outside the request in hand that hold the items a status question names ("did my fleece jacket
        arrive?", "btw has the fleece jacket been delivered?"), when the message asks nothing else; else []."""
        if r.intents & ACTING or r.reason or r.address or r.payment_kind or r.yes or r.no and not r.holding or \
                not _ITEM_STATUS_Q.search(r.text):
            return []
        named = mentioned_items(r.text, self.product_names)
        if not named:
            return []
        self._lookup(turn, self._owned())
        if any(it["name"] in named for o in self.goal["orders"] if o in self.orders for it in self.orders[o].get("items", [])):
            return []  # (an item of the order in hand: a question about that order, answered as before)
        return [o for o in self._owned() if o in self.orders and o not in self.goal["orders"] and
                any(it["name"] in named for it in self.orders[o].get("items", []))]

    def _order_by_item(self, turn: TurnContext, text: str) -> str | None:
        """The one other order of the customer that holds the items a correction names, in the state the
        request needs (else the one in any state, whose plan then says why it can't have the request), when the
        orders in hand hold none of them."""
        g = self.goal
        named = mentioned_items(text, self.product_names)
        if not named:
            return None
        owned = self._owned()
        self._lookup(turn, owned)
        if any(it["name"] in named for o in g["orders"] if o in self.orders for it in self.orders[o].get("items", [])):
            return None  # an item of the order in hand: a correction of the items, not of the order
        status = "delivered" if g["intents"] & {"return", "exchange"} else PENDING
        holders = [o for o in owned if o in self.orders and o not in g["orders"] and
                   any(it["name"] in named for it in self.orders[o].get("items", []))]
        ready = [o for o in holders if self.orders[o]["status"] == status]
        return ready[0] if len(ready) == 1 else holders[0] if len(holders) == 1 and not ready else None

    def _switched_kind(self, r: Reading) -> tuple[list[str], str] | None:
        """At a proposal to return (exchange) items, a message asking for the other of the two with no item named
        ("exchange it instead", "return it instead"): the order, and words naming the proposed items with the
        verb asked ("exchange the Yoga Mat"); None otherwise."""
        kinds = {_TOOL_KIND[tool] for tool, _ in self.pending}
        asked = r.intents & {"return", "exchange"} - _negated(r.text)  # ("exchange it instead of returning it")
        if len(self.pending) != 1 or not kinds <= {"return", "exchange"} or len(asked) != 1 or asked == kinds:
            return None
        _, args = self.pending[0]
        o = args.get("order_id")
        names = [it["name"] for it in self.orders.get(o, {}).get("items", []) if it["item_id"] in args.get("item_ids", [])]
        if not names or set(mentioned_items(r.text, self.product_names)) - set(names):
            return None  # ("just return the watch then", the watch proposed: the same items; another item is another request)
        return [o], f"{next(iter(asked))} the {' and the '.join(dict.fromkeys(names))}"

    def _order_by_count(self, turn: TurnContext) -> list[str]:
        """The one order the latest message tells by how many items it holds ("a pending order with five items",
        "my order with 5 items"), of the state said if one is; [] when none or several fit, or an id is given."""
        m = _ITEM_COUNT.search(self.last_text)
        if not m or ORDER_ID_RE.search(self.last_text):
            return []
        n = int(m.group("n")) if m.group("n").isdigit() else _COUNT_WORDS.index(m.group("n").lower()) + 1
        owned = self._owned()
        self._lookup(turn, owned)
        status = (m.group("status") or "").lower()
        fit = [o for o in owned if o in self.orders and len(self.orders[o].get("items", [])) == n and
               (not status or self.orders[o]["status"] == status)]
        acting = self.goal["intents"] & ACTING
        if len(fit) > 1 and acting:  # of several, the one in the state the request needs (pending for a cancel)
            need = "delivered" if acting <= {"return", "exchange"} else PENDING if not acting & {"return", "exchange"} else ""
            fit = [o for o in fit if self.orders[o]["status"] == need]
        return fit if len(fit) == 1 else []

    def _other_order_meant(self, turn: TurnContext) -> str:
        """At a proposal, "not that order": the customer's one other order in the state the proposed action needs
        takes its place ("All right, order #W2 then. "), or, of several, which is asked (the answer read as at
        "which ... do you mean?"); with none, that is said and the proposal stays; '' for a default address."""
        proposed = {a.get("order_id") for _, a in self.pending}
        kinds = {_TOOL_KIND[tool] for tool, _ in self.pending}
        status = "delivered" if kinds & {"return", "exchange"} else PENDING
        owned = self._owned()
        self._lookup(turn, owned)
        others = [o for o in owned if o not in proposed and o in self.orders and self.orders[o]["status"] == status]
        if kinds == {"address"} and self.goal["default_address"]:
            return ""
        if not others:
            return (f"Order {', '.join(sorted(o for o in proposed if o))} is your only {status} order, so it is the one "
                    f"this request can be for.")
        self.pending = []
        if len(others) == 1:
            self.goal["orders"] = others
            return f"All right, order {others[0]} then. "
        self.which_order, self.goal["orders"] = ("", others), []
        listing = " or ".join(f"{o} ({', '.join(it['name'] for it in self.orders[o].get('items', []))})" for o in others)
        return f"Which of your other {status} orders do you mean: {listing}?"

    def _orders_kept(self, turn: TurnContext, text: str) -> list[str] | None:
        """The orders a message at a proposal only keeps out of it ("don't touch my other order", "leave the sneakers
        order alone"), when none of them is proposed and the rest of the message asks for no other action; else None."""
        m = _KEEPS_ORDER.search(text)
        what = m and (m.group("what") or m.group("other"))
        proposed = {a.get("order_id") for _, a in self.pending}
        if (before := self.goal.get("kept_orders")) and not what and not any(INTENTS[k].search(text) for k in ACTING_KINDS) \
                and (named := mentioned_items(text, self.product_names)):
            # "the one with the sneakers" after "don't touch my other order": the order kept, not a new request on it
            held = [o for o in before if any(it["name"] in named for it in self.orders.get(o, {}).get("items", []))]
            inside = {it["name"] for o in proposed if o for it in self.orders.get(o, {}).get("items", [])}
            return held if held and not set(named) & inside else None
        if not what or not re.search(r"\b(?:orders?|ones?)\b|#?W\d{7}", what, re.I) or \
                re.search(r"\bother\b", what, re.I) and not re.search(r"\borders?\b", what, re.I):
            return None  # ("don't change the other one, just the speaker": an item, maybe of this very order)
        rest = text[:m.start()] + " " + text[m.end():]
        if any(INTENTS[k].search(rest) for k in ACTING_KINDS) or ORDER_ID_RE.search(rest.upper()):
            return None  # ("keep my other order, and cancel #W2 too": another request)
        owned = self._owned()
        self._lookup(turn, owned)
        if re.search(r"\bother\b", what, re.I):
            kept = [o for o in owned if o not in proposed]
        else:
            ids = [f"#W{d}" for d in re.findall(r"#?W(\d{7})", what, re.I)]
            named = mentioned_items(what, self.product_names)
            state = re.search(r"\b(pending|delivered)\b", what, re.I)  # ("don't touch my pending order")
            kept = ids or [o for o in owned if o in self.orders and (
                any(it["name"] in named for it in self.orders[o].get("items", [])) if named else
                state and self.orders[o]["status"] == state.group(1).lower())]
        if not kept or set(kept) & proposed:
            return None
        self.goal.setdefault("kept_orders", set()).update(kept)
        return kept

    def _found_elsewhere(self, named: list[str], before: list[str]) -> list[str]:
        """What to say when items named with an order id ("return the skateboard from #W1") are in another order
        that the request then takes up: "The Skateboard is in order #W2, not #W1." (before: #W2 proposed without a
        word, as if the customer had named it)."""
        said = [o for o in before if o in self.orders and o in self.goal["text"]]
        there = {it["name"] for o in said for it in self.orders[o].get("items", [])}
        out = []
        for o in self.goal["orders"]:
            held = [n for n in named if n not in there and o not in before and
                    any(it["name"] == n for it in self.orders.get(o, {}).get("items", []))]
            if said and held:
                out.append(f"The {' and the '.join(held)} {'is' if len(held) == 1 else 'are'} in order {o}, not "
                           f"{', '.join(said)}.")
        return out

    def _held_elsewhere(self, turn: TurnContext, o: str, status: str, kind: str) -> tuple[str, str | None]:
        """The products the request names that order ``o`` does not hold, found in one other order of the
        customer in the state the action needs: that order takes ``o``'s place in the request, and what
        happened is said: ("The Perfume is in order #W2, not #W1. ", "#W2"); ("", None) when there is none, or that
        order holds none of the items named for the action (``kind``, as ``_item_choice`` reads it)."""
        g = self.goal
        missing = self._unfound(g["text"], [o])
        if not missing:
            return "", None
        self._lookup(turn, self._owned())
        # an order the request was moved away from is never taken again: two orders each missing what the other holds
        # ("cancel the pet bed order, and the earbuds ...": each named item read as the other's) moved the request back
        # and forth without end (a RecursionError, and the agent fell silent)
        left = g.setdefault("moved_from", set())
        holders = [x for x in self._owned() if x != o and x in self.orders and self.orders[x]["status"] == status and
                   x not in g["orders"] and x not in left and
                   any(it["name"] in missing for it in self.orders[x].get("items", []))]
        if len(holders) != 1:
            return "", None
        other = holders[0]
        at = g["orders"].index(o)
        g["orders"][at] = other
        if self._item_choice(other, kind) == ([], []):
            # the item held there is named for another action ("the pet bed order ... cancel that"): no move, and the
            # order in hand asked about (before: moved there, to ask which of its items to change)
            g["orders"][at] = o
            return "", None
        left.add(o)
        held = [n for n in missing if any(it["name"] == n for it in self.orders[other]["items"])]
        return f"The {' and the '.join(held)} {'is' if len(held) == 1 else 'are'} in order {other}, not {o}. ", other

    def _other_product(self, text: str, names: list[str], item: str | None = None) -> str | None:
        """A product not in the order that the text names as what an item should become ("... for a pair of
        sneakers"); of ``item``, when given, only one said after that item and before any other of the order's
        ("exchange the fleece jacket for a large, and the dumbbells ...": the "large" is the jacket's, not the
        dumbbells'; before, "I can't swap the Dumbbell Set for a large, which we do not sell")."""
        low = text.lower()
        mine = item_mentions(text, names)  # ("the shoes" of the order's Sneakers is no pair of Running Shoes)

        def others(at: int) -> bool:  # said of another of the order's items
            owner = max(((b, n) for _a, b, n, _ in mine if b <= at), default=None)
            return item is not None and owner is not None and owner[1] != item
        for a, b, other, neg in item_mentions(text, self.product_names):
            if not neg and other not in names and _OPTION_AROUND.search(low[:a]) and \
                    not any(x < b and a < y for x, y, _, _ in mine) and not others(a):
                return other
        # "swap the luggage set for a coat": a thing the store does not sell at all, named as what the item should
        # become, is no option of it either (before: passed over in silence, and the item's options listed)
        known = self._option_words(self.goal["orders"]) | {w for n in self.product_names for w in
                                                           re.split(r"[\s-]+", n.lower())}
        for m in _SWAP_FOR_THING.finditer(low):
            thing = m.group("thing")
            if re.sub(r"e?s$", "", thing) not in known and thing not in _NOT_A_THING and \
                    not mentioned_items(thing, self.product_names) and not others(m.start("thing")):
                return thing
        return None

    def _said_of_other_orders(self, o: str, text: str, names: list[str]) -> set[str]:
        """The names of ``o``'s items that the request says only in sentences about another order, told apart by
        its state or by its own items ("the toothbrush that came last week, return it. and the kettle + yoga mat
        order, change the kettle to the 2L", "on my pending order swap the kettle"): no item of ``o`` (before: the
        delivered order's Tea Kettle was returned with the toothbrush, the pending kettle's change lost)."""
        here = self.orders[o]
        every = self._all_item_names()
        inside, outside = set(), set()
        # (each message cut on its own: an answer such as "the pending one" tells no other sentence's order)
        msgs = [m for m, _ in self.goal["msgs"]] if text == self.goal["text"] else [text]
        for clause in [c for m in msgs for c in request_clauses(m)]:
            ids = {"#" + x.upper() for x in ORDER_ID.findall(clause)}
            state = _STATE_SAID.search(clause)
            by_items = order_naming_items(clause, every)
            # (a sentence naming an order id is order_clauses' to place, or a wrong id corrected later; one asking a
            # return is the delivered order's own: "return the jacket and change the headphones in my pending order")
            judged = not ids and not (here["status"] == "delivered" and "return" in requested_kinds(clause))
            other = False
            if judged and state:
                other = (state.group(1) is None) == (here["status"] == "delivered")
            if judged and by_items and not any(it["name"] in by_items for it in here.get("items", [])):
                other = True
            found = set(mentioned_items(clause, names))
            (outside if other else inside).update(found)
        return outside - inside

    @staticmethod
    def _swap_targets(text: str, names: list[str]) -> dict[str, str]:
        """Products of the order named only as what another of its items should become: "trade the notebook in #W1
        for a jigsaw puzzle", the puzzle being in that order too (target -> the item to become it). Such a name is no
        item to change; policy allows no exchange across products (before: both items were exchanged)."""
        low = text.lower().replace("-", " ").replace("\u2019", "'")
        spans = [(a, b, n) for a, b, n, neg in item_mentions(text, names) if not neg]
        out: dict[str, str] = {}
        for k, (a, _b, name) in enumerate(spans):
            if not _OPTION_AROUND.search(low[:a]):
                continue
            before = [(x, y, n) for x, y, n in spans[:k] if n != name and not re.search(r"[.,;!?]|\b(?:and|also|plus|then)\b",
                                                                                     low[y:a])]
            if before and not any(n == name for n in mentioned_items(low[:a], names)):
                out[name] = before[-1][2]
        return out

    def _names_option(self, text: str) -> bool:
        """Whether the text names an option value of the orders in hand or of the products looked up."""
        values = self._option_words(self.goal["orders"])
        return any(re.sub(r"e?s$", "", w) in values for w in re.findall(r"[a-z0-9]+(?:[.-][a-z0-9]+)*", text.lower()))

    def _option_words(self, orders: list[str]) -> set[str]:
        """The option values of these orders' items and of the products looked up ('fleece', 'laptop')."""
        values = {v for o in orders if o in self.orders for it in self.orders[o].get("items", [])
                  for v in it["options"].values()}
        values |= {v for p in self.products.values() for var in p.get("variants", {}).values()
                   for v in var["options"].values()}
        return {re.sub(r"e?s$", "", v.lower()) for v in values}

    def _item_choice(self, o: str, kind: str | None = None) -> tuple[list[dict[str, Any]], list[tuple[str, list[int]]]]:
        """The items of order ``o`` the request names, and the product names that stand for two or more of
        its items none of which the customer has picked ("the kettle" in an order with two different
        kettles; positions in the order's item list). ``kind`` ('return' or 'items'): of a request that
        both returns and exchanges, only the items named for that action ("exchange the speaker and
        return the pet bed")."""
        g = self.goal
        items = self.orders[o].get("items", [])
        names = [it["name"] for it in items]
        verbs: dict[str, set[str]] = {}
        if kind and "return" in g["intents"] and g["intents"] & {"exchange", "modify"}:
            verbs = item_verbs([m for m, _ in g["msgs"]], names)
        if g["all_items"]:  # "everything except the puzzle"
            dropped = {n for _, _, n, neg in item_mentions(g["text"], names) if neg} | g["dropped_items"]
            return [it for it in items if it["name"] not in dropped and kind in verbs.get(it["name"], {kind})], []
        chosen: list[int] = []
        unclear = self._shared_words(o)  # (which may write a word as the item it stands for: read the text after it)
        # the part of the request about this order when each order has its own sentence ("In #W1 change the mouse ...
        # In #W2 exchange the puzzle ..."): a product both orders hold is the one of the order named beside it
        text = order_clauses(g["text"]).get(o, g["text"])
        says_order = order_naming_items(text, names) | self._said_of_other_orders(o, text, names)
        if len(items) == 2 and _BOTH_ALONE.search(text) and \
                not set(mentioned_items(text, names)) - says_order:
            return list(items), []  # "return the mouse, no wait, return both" of an order of two items: both
        swapped = self._swap_targets(text, names) if g["intents"] & {"exchange", "modify"} else {}
        said = mentioned_items(text, names)
        said += [n for n in dict.fromkeys(n for _, _, n, _ in item_mentions(text, names)) if n in g["kept_items"] and n not in said]
        for name in said:
            same = [i for i, it in enumerate(items) if it["name"] == name]
            if kind not in verbs.get(name, {kind}) and not (
                    len(same) > 1 and (o, name) not in g["picked"] and
                    self._own_clauses(text, name, names, [items[i] for i in same])):  # (each one's own action, below)
                continue
            if name in g["dropped_items"] or name in says_order or name in swapped:
                continue  # named for the other action, put aside, named to say which order ("the boots order") or
                # as what another item should become ("the notebook for a jigsaw puzzle")
            if len(same) == 1:
                chosen += same
                continue
            picked = g["picked"].get((o, name))
            at: dict[int, int] = {}
            if picked is None and (own := self._own_clauses(text, name, names, [items[i] for i in same], where=at)):
                picked = [same[k] for k in sorted(own)]  # "navy one to XS, black one to L": each one its clause names
                if verbs:  # "return the navy jacket and exchange the black one to red": each the action said before it
                    picked = [same[k] for k in sorted(own) if (verb_before(text, at[k]) or kind) == kind]
                    if not picked:
                        continue
            if picked is None:
                self.inferred_pick = False
                picked = self._pick_same(text, name, names, [items[i] for i in same],
                                         bool(g["intents"] & {"exchange", "modify"}))
                picked = None if picked is None else [same[k] for k in picked]
                if picked and self.inferred_pick:
                    g["inferred"].add((o, name))
            if picked:
                chosen += picked
            else:
                unclear.append((name, same))
        if not (chosen or unclear) and kind != "return" and g["intents"] & {"exchange", "modify"}:
            # "two things on the keyboard order: switch it to linear, and ship it to ...": the one item that named the
            # order is the one to change (before: the change dropped without a word, only the address done)
            for name in said:
                same = [i for i, it in enumerate(items) if it["name"] == name]
                if name in says_order and len(same) == 1 and item_change_of_order_item(text, items[same[0]]["options"]):
                    chosen += same
        return [it for i, it in enumerate(items) if i in chosen], unclear

    def _shared_words(self, o: str) -> list[tuple[str, list[int]]]:
        """The words of the request that name two or more different items of order ``o`` ("the watch" with a
        Wristwatch and a Smart Watch, "the kettle" with a Tea Kettle and an Electric Kettle), each with the
        positions of those items, when nothing tells which: asked about (``_ask_which``), not read as the one
        whose name ends in the word. When the request names one of them in full ("the wristwatch", not "my
        order with the wristwatch"), the word is that one: written so in the request (``_name_word``)."""
        g = self.goal
        items = self.orders[o].get("items", [])
        names = list(dict.fromkeys(it["name"] for it in items))
        out = []
        for w in dict.fromkeys(re.sub(r"(?:(?<=[cs]h)es|s)$", "", x) for x in re.findall(r"[a-z]{4,}", g["text"].lower())):
            cands = [n for n in names if (last := n.lower().replace("-", " ").split()[-1]) == w or
                     (len(w) >= 5 and last.endswith(w))]
            if len(cands) < 2 or not self._bare(w, cands, g["text"]):
                continue
            by_order = order_naming_items(g["text"], names)
            said = [n for n in cands if n not in by_order and self._full_spans(n, g["text"])]
            if not said:
                # "the security camera", "the indoor one"... "camera": a word of one of them said with it (before: "which
                # camera?" asked again and again)
                low = g["text"].lower().replace("-", " ")
                before = {m.group(1) for a, _b in self._bare(w, cands, g["text"])
                          if (m := re.search(r"\b([a-z]{3,})\s+$", low[:a]))}
                said = [n for n in cands if n not in by_order and before & set(n.lower().replace("-", " ").split()[:-1])]
            if len(said) == 1:
                self._name_word(w, cands, said[0])
            elif not said:
                out.append((w, [i for i, it in enumerate(items) if it["name"] in cands]))
        return out

    @staticmethod
    def _full_spans(name: str, text: str) -> list[tuple[int, int]]:
        """Where the text names the product in full ('smart watch', 'smartwatch', 'wristwatch')."""
        low = text.lower().replace("-", " ")
        full = name.lower().replace("-", " ")
        return [(m.start(), m.end()) for f in dict.fromkeys((full, full.replace(" ", "")))
                for m in re.finditer(rf"\b{re.escape(f)}(?:s|es)?\b", low)]

    def _bare(self, w: str, cands: list[str], text: str) -> list[tuple[int, int]]:
        """Where the word stands alone for an item: not inside a full name, not taken back, not naming the order."""
        low = text.lower().replace("-", " ").replace("\u2019", "'")
        full = [sp for n in cands for sp in self._full_spans(n, text)]
        return [(m.start(), m.end()) for m in re.finditer(rf"\b{re.escape(w)}(?:s|es)?\b", low)
                if not any(x <= m.start() < y for x, y in full) and not negated_at(low, m.start())
                and not re.match(r"(?:'s)?\s+order\b", low[m.end():])]

    def _name_word(self, w: str, cands: list[str], name: str) -> None:
        """The request's word that stood for several items ("the watch strap"), written as the one meant."""
        g = self.goal

        def put(text: str) -> str:
            for a, b in reversed(self._bare(w, cands, text)):
                text = text[:a] + name + text[b:]
            return text

        g["text"] = put(g["text"])
        g["msgs"] = [(put(m), asked) for m, asked in g["msgs"]]

    def _chosen_items(self, o: str) -> list[dict[str, Any]]:
        return self._item_choice(o)[0]

    def _names_items(self, o: str) -> bool:
        items, unclear = self._item_choice(o)
        return bool(items or unclear)

    @staticmethod
    def _distinct(same: list[dict[str, Any]]) -> list[dict[str, str]]:
        """Each item's option values that not all of the items share (what tells them apart)."""
        return [{k: v for k, v in it["options"].items() if any(x["options"].get(k) != v for x in same)} for it in same]

    def _pick_same(self, text: str, name: str, names: list[str], same: list[dict[str, Any]],
                   change: bool) -> list[int] | None:
        """Which of several items of one product the words name (positions in ``same``): "the black kettle",
        "the kettle in silver", "both kettles"; for a change, the one the new option would change ("the
        kettle for a black one": not the black kettle); of identical items, as many as are named ("the
        kettle ... also the other kettle"). None when the words do not tell."""
        low = text.lower().replace("-", " ")
        for a, b, n, _ in item_mentions(text, names):
            if n != name:  # "the tea kettle and the electric kettle": another product's name describes none of these
                low = low[:a] + " " * (b - a) + low[b:]
        head = name.lower().replace("-", " ").split()[-1]
        one = re.search(rf"\b(?:one|either) of (?:the|my|those|these)\s+(?:\w+\s+)?{re.escape(head)}", low) or re.search(
            r"\b(?:one|either) of (?:them|the two|those two|these two|the pair)\b|\b(?:just|only) (?:one|1)\b(?! (?:more|other)\b)", low) \
            or _ONE_OF_SEVERAL.search(low) or re.search(r"\bthe\s+" + _COMPARATIVE.pattern, low) or \
            re.search(r"\bthe\s+" + _BY_PRICE.pattern.removeprefix(r"\b(?:the\s+)?"), low)
        if not one and (at := _ordinal_pick(low, head, len(same))) is not None:
            # "change the second keyboard to RGB", "the one listed last": that one by its place in the order (before:
            # "the order with the keyboards" read as both of them, and both changed)
            return [at]
        if not one and (some := self._some_of(low, head, same)) is not None:
            return some or None  # "two of the three earbuds, the 4 hour ones": those two (none told: asked which)
        # ("i ordered two of the same backpack ... change one of them": one, not both)
        # ("both the kettle and the smartphone": one kettle, "both" is of the two products)
        # the words before what it should become ("swap the medium one for a black one": 'the medium one')
        describes = re.split(r"\b(?:for|into|->|instead)\b|\bto\b(?!\s+(?:return|exchange|swap|send|change|switch|trade|"
                             r"replace|get|have|do|be|make)\b)", low)[0]
        if not one and (re.search(rf"\b(?:both|all|two|2|each)\b[^.?!]{{0,25}}\b{re.escape(head)}(?!\s+and\b)", low) or (
                not head.endswith("s") and re.search(rf"\b{re.escape(head)}s\b", low))):
            if not re.search(r"\b(?:both|all|each|every)\b", low) and \
                    re.search(rf"\bthe\s+(?:[\w-]+\s+){{1,3}}?(?:one|{re.escape(head)})\b", describes) and \
                    (picked := self._best_of(same, describes)):
                return picked  # "i got two backpacks, swap the medium one": the medium one (before: both)
            return list(range(len(same)))
        if not one and (every := self._named_again(text, name, names, head, low, same)) is not None:
            return every
        distinct = self._distinct(same)
        if not any(distinct):  # identical items: which one does not matter, how many does
            n = 1 + sum(1 for w in re.finditer(rf"\b(?:also|another|other|second|too|as well|plus)\b[^.?!,]{{0,30}}"
                                               rf"\b{re.escape(head)}\b", low))
            return list(range(min(n, len(same))))
        windows = mention_windows(text, name, names)
        picked = self._best_of(same, " | ".join(windows))
        if picked is None and (m := _BY_PRICE.search(low)) and not change:  # "the cheaper of the two": by price
            prices = [it.get("price", 0) for it in same]
            if len(set(prices)) == len(prices):
                picked = [prices.index(min(prices) if m.group(1).replace("-", " ") in _LOWER_PRICE else max(prices))]
        if picked is None and change:  # "swap the grey medium one for a black one": the medium one
            picked = self._best_of(same, describes)
        if picked is None and change:
            # the new option says which: exchanging "the vacuum for the robotic one" is not the robotic vacuum
            target = low
            for w in windows:
                target = target.replace(w, " ")
            has = [option_score(target, d) for d in distinct]
            if has.count(0) == 1 and max(has) > 0:
                picked = [has.index(0)]
                self.inferred_pick = True  # (said at the proposal: the customer did not say which)
        return picked

    @staticmethod
    def _named_again(text: str, name: str, names: list[str], head: str, low: str,
                     same: list[dict[str, Any]]) -> list[int] | None:
        """Two items of one product in the order, the product named twice with "and"/"also"/"plus" between ("swap the
        camera and the camera", "both the helmet and helmet", "the black speaker ... and also the speaker from the same
        order") or "also the other speaker", "the other one too": both of them (before: one picked, or asked which,
        or the words read as an option). None when it does not say so (then as before: by the words, or asked)."""
        if len(same) != 2 or len(set(ORDER_ID_RE.findall(text.upper()))) > 1:
            return None
        every = item_mentions(text, names)
        spans = [(a, b) for a, b, n, neg in every if n == name and not neg]
        for (_, b1), (a2, _) in zip(spans, spans[1:]):
            between = text[b1:a2].lower()
            if any(b1 <= a < a2 for a, _b, n, _neg in every if n != name):
                continue  # ("the navy fleece please" - "the e-reader and the navy fleece": said again, not a second one)
            if re.search(r"\b(?:and|also|plus|too|as well as|along with|together with)\b|&", between) and \
                    not re.search(r"\b(?:not|n't|keep|leave|instead|rather|i mean|i meant|sorry|actually|one of)\b", between):
                return [0, 1]
        if re.search(rf"\b(?:also|and|plus)\b[^.?!;]{{0,20}}\bthe\s+other\s+(?:one|{re.escape(head)})\b"
                     r"(?!\s+(?:stays?|remains?|is (?:fine|ok|okay|good)|can stay|as (?:it )?is|(?:is|are) staying)\b)|"
                     rf"\bthe\s+other\s+(?:one|{re.escape(head)})\s+(?:too|as well|also)\b", low) and \
                not re.search(r"\b(?:not|n't|keep|leave|only|just)\b[^.?!;]{0,20}\bthe\s+other\b", low):
            return [0, 1]
        return None

    def _some_of(self, low: str, head: str, same: list[dict[str, Any]]) -> list[int] | None:
        """Of several items of one product, a count fewer than all said ("two of the three earbuds"): the ones
        the words describe ("the 4 hour ones", "the 4 hours IPX4 and the 6 hours one"), or all but the ones said
        to be kept ("keep the IPX7 one"); [] when the words do not tell which (asked, never all of them
        returned); None when no such count is said."""
        m = re.search(rf"\b(two|2|three|3|four|4)\b[^.?!,:]{{0,40}}\b{re.escape(head)}", low)
        n = {"two": 2, "three": 3, "four": 4}.get(m.group(1), 0) or int(m.group(1)) if m else 0
        if not n or n >= len(same):
            return None
        rest = low[:m.start()] + " " * (m.end() - m.start()) + low[m.end():]
        kept = " ".join(k.group(1) for k in re.finditer(
            r"\b(?:keep(?:ing)?|except(?: for)?|but not|not)\b([^.?!;]*)", rest))
        said = _KEEP_WORDS.sub(" ", rest)
        distinct = self._distinct(same)
        keep = [i for i, d in enumerate(distinct) if kept and option_score(kept, d)]
        left = [i for i in range(len(same)) if i not in keep]
        if keep and len(left) == n:
            return left
        scores = [option_score(said, d) if i in left else -1 for i, d in enumerate(distinct)]
        ranked = sorted(range(len(same)), key=lambda i: -scores[i])
        if scores[ranked[n - 1]] > 0 and scores[ranked[n - 1]] > scores[ranked[n]]:
            return sorted(ranked[:n])
        return []

    def _best_of(self, same: list[dict[str, Any]], words: str, compare: bool = False) -> list[int] | None:
        """Which of several items of one product the words describe; with ``compare`` (an answer to "which one do you
        mean?", where a comparison can only pick among them) also "the more expensive one", "the one with more ram"."""
        scores = [option_score(words, d) for d in self._distinct(same)]
        if any(out := [option_ruled_out(words, d) for d in self._distinct(same)]):
            # "the speaker, not the black one", "the one that isn't black": one of the items not ruled out, the one
            # left or the one the other words describe; else None, and asked (before: the black one, its colour named)
            left = [i for i, x in enumerate(out) if not x]
            best = max((scores[i] for i in left), default=0)
            return left if len(left) == 1 else [i for i in left if scores[i] == best] if best and \
                sum(scores[i] == best for i in left) == 1 else None
        best = max(scores, default=0)
        if best and scores.count(best) == 1:
            return [scores.index(best)]
        if not best and (m := _COMPARATIVE.search(words)):
            return self._by_size(same, m.group(1).lower() in _SMALLER)
        if not best and compare:
            return self._by_comparison(same, words)
        return None

    def _by_comparison(self, same: list[dict[str, Any]], words: str) -> list[int] | None:
        """"the cheaper one", "the pricier laptop": by price; "the one with more ram", "the one with less storage":
        by the figure of that option (before: "which one do you mean?" again, turn after turn)."""
        low = words.lower()
        if m := re.search(r"\b(cheaper|cheapest|less expensive|least expensive|lower[- ]priced|pricier|priciest|"
                          r"more expensive|most expensive|costlier|higher[- ]priced|dearer)\b", low):
            prices = [it.get("price", 0) for it in same]
            if len(set(prices)) == len(prices):
                return [prices.index(min(prices) if m.group(1).replace("-", " ") in _LOWER_PRICE else max(prices))]
            return None
        m = re.search(r"\b(more|most|bigger|biggest|larger|largest|higher|highest|less|least|fewer|smaller|smallest|"
                      r"lower|lowest)\s+([a-z]+)", low)
        if not m:
            return None
        word = {"memory": "ram", "space": "storage", "disk": "storage", "screen": "screen size"}.get(m.group(2), m.group(2))
        keys = [k for k in same[0]["options"] if word in k.lower().split()]
        figures = [_first_number(it["options"].get(keys[0], "")) for it in same] if len(keys) == 1 else []
        if not figures or None in figures or len(set(figures)) != len(figures):
            return None
        low_end = m.group(1) in ("less", "least", "fewer", "smaller", "smallest", "lower", "lowest")
        return [figures.index(min(figures) if low_end else max(figures))]

    def _by_size(self, same: list[dict[str, Any]], smallest: bool) -> list[int] | None:
        """Of items that differ in one size-like option (small / medium / large, S..XL, '1 liter' / '1.5 liters',
        '10 inches'), the biggest ("the bigger backpack", "the larger one") or the smallest; None when the
        items differ in no such option, or in more than one."""
        distinct = self._distinct(same)
        keys = [k for k in distinct[0] if all(k in d for d in distinct)] if distinct else []
        ranked = []
        for k in keys:
            ranks = [_size_rank(d[k]) for d in distinct]
            if None not in ranks and len(set(ranks)) == len(ranks):
                ranked.append(ranks)
        if len(ranked) != 1:
            return None
        ranks = ranked[0]
        return [ranks.index(min(ranks) if smallest else max(ranks))]

    def _resolve_which(self, text: str) -> None:
        """The answer to "which of the two ...?": by its options, by its place in the list, or both."""
        o, name, at = self.which
        self.which = None
        items = self.orders.get(o, {}).get("items", [])
        same = [items[i] for i in at if i < len(items)]
        low = text.lower()
        picked: list[int] | None = None
        if re.search(r"\b(?:both|all(?: of them)?|each|the two)\b", low):
            picked = list(range(len(same)))
        else:
            describes = re.split(r"\b(?:for|to|into|->|instead)\b", low)[0]
            picked = self._best_of(same, describes, compare=True)
            if picked is None and len({it["name"] for it in same}) > 1:
                # "the indoor one", "the security cam" of an Indoor Security Camera and a Digital Camera: a word of one
                # product's name (before: "which one?" again)
                words = set(re.findall(r"[a-z]{3,}", describes.replace("-", " "))) - {name.lower()}
                by_name = [k for k, it in enumerate(same) if words & set(it["name"].lower().replace("-", " ").split())]
                if len({same[k]["name"] for k in by_name}) == 1:
                    picked = by_name
            if picked is None and (k := _listed_pick(text)) is not None and same:
                picked = [min(k, len(same) - 1) if k >= 0 else len(same) - 1]
            if picked is None and same:  # "the glass one", both of glass: said so, and asked by what differs
                common = {k: v for k, v in same[0]["options"].items() if all(it["options"].get(k) == v for it in same)}
                hits = [v for k, v in common.items() if option_score(describes, {k: v})]
                differ = [k for k in same[0]["options"] if k not in common]
                if hits and differ:
                    every = "Both" if len(same) == 2 else "All of them"
                    self.which_note = (f"{every} are {', '.join(hits)}; they differ in {' and '.join(differ)}. ")
        if picked and len(kinds := list(dict.fromkeys(same[k]["name"] for k in picked))) and \
                any(it["name"] != name for it in same):
            # a word for several products ("the watch"): written as the one picked, or as each of them
            self._name_word(name, list(dict.fromkeys(it["name"] for it in same)), " and the ".join(kinds))
        elif picked:
            self.goal["picked"][(o, name)] = [at[k] for k in picked]

    def _resolve_conflict(self, r: Reading) -> None:
        """Of a return and an exchange asked for on one delivered order, the one the answer picks: by its
        verb, by the items it names, or by its place ("the first"); the other is put aside."""
        o, back, change = self.conflict
        self.conflict = None
        g = self.goal
        low = r.text.lower()
        names = back + change
        said = set(mentioned_items(r.text, names))
        pick = _listed_pick(r.text)
        returns = bool(re.search(r"\breturn|\brefund|\bsend\b[^.?!]*\bback\b", low)) or bool(said & set(back) - set(change))
        changes = bool(re.search(r"\bexchang|\bswap|\bchang|\breplac", low)) or bool(said & set(change) - set(back))
        if pick is not None and not (returns or changes):
            returns, changes = pick == 0, pick != 0
        if returns == changes:
            return  # not told apart: asked again
        back_ids, change_ids = self.conflict_ids
        for name in set(back) & set(change):  # two of one product, one to return, one to exchange: the one chosen
            keep = back_ids if returns else change_ids
            g["picked"][(o, name)] = [i for i, it in enumerate(self.orders.get(o, {}).get("items", []))
                                      if it["name"] == name and it["item_id"] in keep]
        if returns:
            g["intents"] -= {"exchange", "modify"}
            g["handled"] |= {"exchange"}
            g["dropped_items"] |= set(change) - set(back)
        else:
            g["intents"] -= {"return"}
            g["handled"] |= {"return"}
            g["dropped_items"] |= set(back) - set(change)
            g["intents"].add("exchange")

    def _ask_which(self, o: str, name: str, at: list[int], verb: str) -> str:
        self.which = (o, name, at)
        note, self.which_note = self.which_note, ""
        same = [self.orders[o]["items"][i] for i in at]
        count = {2: "two", 3: "three", 4: "four"}.get(len(same), str(len(same)))
        if any(it["name"] != name for it in same):  # "the watch": a Wristwatch and a Smart Watch
            listing = " or ".join(f"the {it['name']} ({_opts(it['options'])})" for it in same)
            return (f"Order {o} has {count} items that could be the {name}. Which one would you like to {verb}: "
                    f"{listing}{', or both' if len(same) == 2 else ', or all of them'}?")
        listing = " or ".join(f"the one with {_opts(it['options'])}" for it in same)
        if note:
            return f"{note}Which {name} would you like to {verb}: {listing}?"
        return (f"Order {o} has {count} {name} items. Which one would you like to {verb}: {listing}"
                f"{', or both' if len(same) == 2 else ', or all of them'}?")

    def _missing_note(self, o: str) -> str:
        """What the customer named that the order does not hold, said rather than dropped: a product of
        the store ("I couldn't find a Desk Lamp in order ...") or any other thing they asked to return or
        change ("... a frisbee ...")."""
        orders = [x for x in self.goal["orders"] if x in self.orders]
        text = self.goal["text"]
        missing = self._unfound(text, orders)
        have = [it["name"] for x in orders for it in self.orders[x].get("items", [])]
        known = item_mentions(text, have) + item_mentions(text, self.product_names)
        options = self._option_words(orders)
        lasts = {n.lower().replace("-", " ").split()[-1] for n in have}
        # the name of an item's option is no missing item: "change the switches to linear" of a keyboard
        options |= {w for x in orders for it in self.orders[x].get("items", []) for k in it["options"]
                    for w in k.lower().split()}
        missing += [words for a, b, words in named_things(text)
                    if not any(x < b and a < y for x, y, _, _ in known) and
                    not any(last.endswith(re.sub(r"e?s$", "", words.split()[-1])) for last in lasts) and
                    re.sub(r"e?s$", "", words.split()[-1]) not in options and words.split()[-1] not in options]
        if not missing:
            return ""
        names = " or ".join(f"{self._a(n)} {n}" for n in dict.fromkeys(missing))
        return f"I couldn't find {names} in order {o}. "

    def _own_clauses(self, text: str, name: str, names: list[str], same: list[dict[str, Any]],
                     least: int = 2, where: dict[int, int] | None = None) -> dict[int, str]:
        """Of several items of one product in an order (``same``), the clause of the message that each names by what
        tells it apart, when it names two or more of them so ("navy one to size XS, black one to red half zip size L",
        "change the black kettle to the 2L one, and the silver kettle to white"): position in ``same`` -> its words,
        from the start of the clause describing it up to the next such clause (or another product's). The words
        before "to" / "for" name the item; a value after them is what it should become, no item ("the black kettle to
        the silver one"). {} when fewer than ``least`` items are told apart (with ``least`` 1, also when the one told
        apart is named after "for": "XS for the navy one" may be an answer about another item). Before, the whole
        message was each item's, and both became the one option said last (or one of them was dropped). ``where``, when
        given, gets where each item told apart is named."""
        if len(same) < 2:
            return {}
        distinct = self._distinct(same)
        if not all(distinct):
            return {}
        low = re.sub(r"-(?!>)", " ", text.lower()).replace("\u2019", "'")
        mentions = item_mentions(text, names)
        refs = sorted((a, b) for a, b, n, neg in mentions if n == name and not neg)
        refs += [(m.start(), m.end()) for m in re.finditer(r"\bones?\b", low) if not any(a <= m.start() < b for a, b in refs)]
        named = sorted(refs)
        # a value that tells one of them apart said as the item itself: "the navy to XS", "black -> 2L"
        for d in distinct:
            for v in d.values():
                for m in re.finditer(rf"(?:^|[,;:.(]\s*|\b(?:the|my|and)\s+)(?:[a-z0-9%]+\s+){{0,2}}?"
                                     rf"({re.escape(v.lower().replace('-', ' '))})(?![\w.])"
                                     rf"(?=\s*(?:->|=>|\u2192|:|(?:to|into|should|needs?|has to|must)\b))", low):
                    if not any(a <= m.start(1) < b for a, b in refs):
                        refs.append((m.start(1), m.end(1)))
        refs.sort()
        cuts = [m.end() for m in _OWN_CUT.finditer(low)]
        anchors: list[tuple[int, int, tuple[int, int] | None]] = []  # (clause start, position in same, "for" said first)
        targets: list[bool] = []  # whether each says what it should become after it
        for a, b in refs:
            start = max((c for c in cuts if c <= a), default=0)
            before = low[start:a]
            marks = list(_TARGET_MARK.finditer(before))
            if marks and (any(start <= x < start + marks[-1].start() for x, _ in named) or
                          re.search(r"\b(?:it|them)\b", before[:marks[-1].start()])):
                continue  # what an item named before it should become
            end = min((c for c in cuts if c > b), default=len(low))
            nxt = _TARGET_MARK.search(low, b, end)
            desc = low[start + (marks[-1].start() if marks else 0): nxt.start() if nxt else end]
            if negated_at(low, a):
                continue
            scores = [0 if option_ruled_out(desc, d) else option_score(desc, d) for d in distinct]
            best = max(scores)
            if best and scores.count(best) == 1:
                anchors.append((start, scores.index(best), (start + marks[-1].start(), start + marks[-1].end()) if marks else None))
                targets += [bool(nxt)]
                if where is not None:
                    where.setdefault(scores.index(best), b)
        if len({k for _, k, _ in anchors}) < max(least, 1) or len({k for _, k, _ in anchors}) == 1 and \
                (any(first for _, _, first in anchors) or not all(targets)):
            return {}  # (one item told apart, and what it should become said after it: "also the black one to red")
        # another product's clause ends one: "..., the silver kettle to white and the notebook in A5"
        others = sorted(max((c for c in cuts if c <= a), default=0) for a, _b, n, neg in
                        mentions + item_mentions(text, self.product_names) if n != name and not neg)
        out: dict[int, str] = {}
        for i, (start, k, first) in enumerate(anchors):
            if i and anchors[i - 1][1] == k and anchors[i - 1][0] <= start:
                continue  # (the same item named again in its own clause)
            stop = next((s for s, x, _ in anchors[i + 1:] if x != k and s > start), len(text))
            stop = min([stop] + [c for c in others if c > start])
            words = text[start:stop]
            if first:  # "red half zip L for the black one": read as "the black one to red half zip L"
                item = re.sub(r"(?:[\s,;.]|\b(?:and|also|plus|then)\b)+$", "", text[first[1]:stop], flags=re.I)
                words = f"{item.strip()} to {text[start:first[0]].strip()}"
            out[k] = (out.get(k, "") + " " + words).strip()
        return out

    def _order_of(self, it: dict[str, Any]) -> str | None:
        """The order in hand that holds this very item."""
        return next((o for o in self.goal["orders"] if o in self.orders and
                     any(x is it for x in self.orders[o].get("items", []))), None)

    def _item_text(self, it: dict[str, Any], names: list[str]) -> str:
        """The customer's words about this item's new option: each message's words after the item's
        name when a message names several items ("the kettle to glass and the luggage to blue"),
        and the answers to the question about this item; of several items of one product that a message
        tells apart, its own clause (``_own_clauses``)."""
        parts = []
        o = self._order_of(it)
        same = [x for x in self.orders[o]["items"] if x["name"] == it["name"]] if o else []
        for text, asked in self.goal["msgs"]:
            # (a message of its own about another of them, "also the black one to red": not this one's)
            if len(same) > 1 and (own := self._own_clauses(text, it["name"], names, same,
                                                           least=1 if asked is None else 2)):
                if (k := next(i for i, x in enumerate(same) if x is it)) in own:
                    parts.append(own[k])
                continue
            spans = [(a, b, n) for a, b, n, _ in item_mentions(text, names)]
            # products of other orders end a segment too: "the luggage to blue and the lamp to black"
            options = self._option_words(list(self.goal["orders"]))
            spans = sorted([(a, n) for a, _, n in spans] + [(a, n) for a, b, n, _ in item_mentions(text, self.product_names)
                                                            if not any(x < b and a < y for x, y, _ in spans) and
                                                            re.sub(r"e?s$", "", text[a:b].lower()) not in options])
            kinds = {n for _, n in spans}
            if asked == it["item_id"] and all(neg for *_, neg in item_mentions(text, self.product_names)):
                # "8 - and keep the action camera as is", "size 8. the camera stays" to "Which option ... for the
                # boots?": the answer is the boots', the other item only said to stay (before: the 8 not read)
                kinds = set()
            if len(kinds) >= 2:
                def lead(a: int, text: str = text) -> int:  # the words just before a name describe it: "the blue office
                    # chair and the RGB keyboard" is 'blue office chair and', 'RGB keyboard' (before: the chair's 'blue'
                    # read as the keyboard's, and neither item said to be another colour than named)
                    marks = list(_LEAD_BOUNDARY.finditer(text[:a]))
                    start = marks[-1].end() if marks else 0
                    if marks and re.fullmatch(r"the|my|this|that|these|those", marks[-1].group(0), re.I):
                        start = marks[-1].start()  # ("the RGB keyboard": the article kept, it says the item is meant)
                    return start if a - start <= 30 else a
                for i, (a, n) in enumerate(spans):
                    if n == it["name"]:
                        nxt = next((lead(b) for b, m in spans[i + 1:] if m != n), len(text))
                        parts.append(text[lead(a):nxt])
            elif kinds == {it["name"]} or (not kinds and asked in (None, it["item_id"])):
                parts.append(text)
        return " ".join(parts)

    def _propose(self, turn: TurnContext, o: str, notes: list[str]) -> str | None:
        """Ask for confirmation of the next action on order ``o``; None when there is nothing to do."""
        g, d = self.goal, self.orders[o]
        status, intents, done = d["status"], g["intents"], g["done"]
        # "cancel #W1 (no longer needed) and change the address on #W2": each order only what its own words ask
        # (before: every pending order in a message saying "cancel" was cancelled, with #W1's reason)
        if own := kinds_by_order(g["text"], self._orders_held).get(o):
            intents = (intents & own) or intents
        named = self._names_items(o)
        wants_items = ("exchange" in intents or ("modify" in intents and named)) and (o, "items") not in done
        if wants_items and "exchange" not in intents and intents & {"address", "payment"} and \
                not any("items" in v for v in item_verbs([m for m, _ in g["msgs"]],
                                                         [it["name"] for it in d.get("items", [])]).values()) and \
                not self._names_other_option(turn, o):
            # "Items: Mechanical Keyboard, Fleece Jacket ... send it to ... instead" (a pasted email): the "change"
            # is the address's; items only listed, with no verb or option of their own ("the keyboard should be
            # linear" has one), are not to be changed (before: "Which option ...?" for the keyboard)
            wants_items = False
        if wants_items and o in self.items_changed:
            if status.startswith("exchange") and self._has("per_item_calls"):
                # the fault: another exchange call on the delivered order (a pending order's items are never
                # changed twice: that would break R5 as well as R6)
                return self._propose_items(turn, o, "exchange_delivered_order_items", notes)
            notes.append(f"The items of order {o} were already changed once, and that can only be done once "
                         f"per order, so I can't change more items in it.")
            done.add((o, "items"))
            g["handled"] |= {"exchange", "modify"}
            wants_items = False
        can_edit = status == PENDING or (status.startswith(PENDING) and self._has("allow_followup_edit"))
        if can_edit:
            if "cancel" in intents and (o, "cancel") not in done:
                if _CANCEL_IF_STATUS.search(g["text"]) and (o, "status_said") not in done:
                    # "has #W1 shipped yet? if not cancel it": answered first (before: the reason asked or the cancel
                    # proposed, the question passed over)
                    done.add((o, "status_said"))
                    return f"Order {o} hasn't shipped yet: it is still pending, so it can be cancelled. " + \
                        self._propose_cancel(turn, o)
                return self._propose_cancel(turn, o)
            if "address" in intents and (not g["default_address"] or _ORDER_ADDRESS.search(g["text"])) and \
                    (o, "address") not in done and o in self._address_orders():
                if not g["address"]:
                    return self._address_question("shipping address")
                # "ship #W1 to 12 Elm St ... and #W2 to 9 Oak Rd ...": each order its own address (before: the first)
                where = addresses_by_order(g["text"]).get(o) or g["address"]
                if self._address_key(where) == self._address_key(d.get("address") or {}):
                    # the address the order already has: said so, with no write that changes nothing (before: proposed,
                    # written, and after "wrong order" offered "back" to the same address)
                    done.add((o, "address"))
                    g["handled"].add("address")
                    notes.append(f"Order {o} already ships to {self._address_text(where)}, so there is nothing to change.")
                    return None
                return self._ask(turn, [("modify_pending_order_address", {"order_id": o, **where})],
                                 f"change the shipping address of order {o} to {self._address_text(where)}")
            # (the card named beside an item change pays its difference, unless the order's own payment is
            # asked to change: then first, as after an item change the order can't be edited any more)
            if "payment" in intents and not (named and wants_items and not changes_order_payment(g["text"])) and \
                    "return" not in intents and (o, "payment") not in done:
                return self._propose_payment(turn, o, notes)
            if wants_items and status == PENDING:
                return self._propose_items(turn, o, "modify_pending_order_items", notes)
            if "return" in intents and status == PENDING and (o, "refused") not in done and not (
                    self._unfound(g["text"], [o]) and not named):  # the items named are in another order
                # said, not passed over: "anything else?" after an ignored request reads as done
                done.add((o, "refused"))
                g["handled"].add("return")
                notes.append(f"Order {o} is still pending, so it can't be returned yet; I can cancel it or change "
                             f"its items, shipping address or payment method instead.")
            return None
        if status.startswith(PENDING):  # pending, items modified: nothing more can be done to it
            changes = intents & {"cancel", "address", "payment"} or wants_items
            if (changes or "return" in intents) and (o, "refused") not in done:
                done.add((o, "refused"))
                g["handled"] |= intents
                if changes:
                    notes.append(f"The items of order {o} were modified, so it can't be cancelled or changed any more.")
                else:  # said, not passed over (as for a plain pending order)
                    notes.append(f"Order {o} is still pending, so it can't be returned yet, and its items were "
                                 f"already modified, so it can't be cancelled or changed any more either.")
            return None
        if status == "delivered":
            if "return" in intents and (o, "return") not in done:
                change = self._item_choice(o, "items")[0] if wants_items else []
                back = self._item_choice(o, "return")[0] if change else []
                if change and back:
                    # the tools take one return or one exchange per delivered order: the customer chooses
                    # (before: the item to exchange went into the return, unasked)
                    self.conflict = (o, [it["name"] for it in back], [it["name"] for it in change])
                    self.conflict_ids = ([it["item_id"] for it in back], [it["item_id"] for it in change])
                    both = {it["name"] for it in back} & {it["name"] for it in change}

                    def told(its: list[dict[str, Any]]) -> str:  # (two of one product: each with its options)
                        return " and the ".join(dict.fromkeys(f"{it['name']} ({_opts(it['options'])})" if it["name"] in both
                                                              else it["name"] for it in its))
                    ret, chg = told(back), told(change)
                    return (f"A delivered order can have only one return or exchange request, and after one it can't be "
                            f"changed again, so I can't both return the {ret} and exchange the {chg} from order {o}. "
                            f"Which would you like: return the {ret}, or exchange the {chg}?")
                return self._propose_return(turn, o)
            if wants_items:
                return self._propose_items(turn, o, "exchange_delivered_order_items", notes)
            order_edit = "payment" in intents or ("address" in intents and not g["default_address"])
            if ("cancel" in intents or order_edit) and (o, "refused") not in done:
                done.add((o, "refused"))
                g["handled"] |= intents & {"cancel", "payment", "address"}
                what = "it can't be cancelled" if "cancel" in intents else \
                    "its shipping address and payment method can't be changed any more"
                if "cancel" in intents and len(g["orders"]) == 1 and not intents & {"return", "exchange", "modify"}:
                    # "cancel the grill order" (delivered): what can be done instead, offered for a yes
                    named = mentioned_items(g["text"], [it["name"] for it in d.get("items", [])])
                    what_back = f"the {' and the '.join(named)}" if named else "items from it"
                    self.offer = {"intents": {"return"}, "orders": [o], "text": f"return {what_back}", "instead": True}
                    notes.append(f"Order {o} was already delivered, so {what}, but I can return {what_back} for a "
                                 f"refund (or exchange {'them' if len(named) != 1 else 'it'} for another option of the "
                                 f"same product). Would you like me to return {what_back}?")
                    return None
                notes.append(f"Order {o} was already delivered, so {what}; I can help you return or exchange "
                             f"items from it instead.")
            return None
        if (o, "refused") not in done and "cancel" in intents and status == "processed" and \
                _CANCEL_IF_STATUS.search(g["text"]):
            # "has #W1 shipped yet? if not cancel it", #W1 processed: the answer, and why it isn't cancelled
            done.add((o, "refused"))
            g["handled"] |= intents
            notes.append(f"Order {o} has already shipped (its status is processed), so I haven't cancelled it: an order "
                         f"can only be cancelled while it is pending. Once it is delivered, its items can be returned or "
                         f"exchanged.")
            return None
        if (o, "refused") not in done and intents & {"cancel", "return", "exchange", "modify", "address", "payment"}:
            done.add((o, "refused"))
            g["handled"] |= intents
            notes.append(f"Order {o} is {status}; I can only change pending orders, or return or exchange "
                         f"items of delivered ones.")
        return None

    def _orders_held(self, part: str) -> list[str]:
        """The orders of this request that a part of the message names by an item only it holds ("the luggage
        order", "the bicycle order"), so that each order gets only the action said beside it (before: "cancel the
        luggage order and change the address of the bicycle order" cancelled the bicycle order first)."""
        wanted = set(mentioned_items(part, self.product_names))
        if not wanted and _OTHER_PENDING.search(part):
            # "... and then change the address on my other order": the one order of the request that holds no item
            # named anywhere in it (the luggage order being the one named)
            said = set(mentioned_items(self.goal["text"], self.product_names))
            rest = [o for o in self.goal["orders"] if o in self.orders and
                    not said & {it["name"] for it in self.orders[o].get("items", [])}]
            return rest if len(rest) == 1 else []
        holders = [o for o in self.goal["orders"] if o in self.orders and
                   wanted & {it["name"] for it in self.orders[o].get("items", [])}]
        return holders if len(holders) == 1 else []

    def _ask(self, turn: TurnContext, calls: list[tuple[str, dict[str, Any]]], what: str,
             extra: str = "") -> str:
        """List the action and ask for a yes (or, with skip_confirm_when_urgent, just do it)."""
        self.pending = calls
        if self.urgent and self._has("skip_confirm_when_urgent"):
            return self._execute(turn)
        return f"{CONFIRM} {what}.{extra} Shall I go ahead (yes/no)?"

    def _propose_cancel(self, turn: TurnContext, o: str) -> str:
        g = self.goal
        whole = ""
        names = [it["name"] for it in self.orders[o].get("items", [])]
        low = g["text"].lower()
        by_order = order_naming_items(g["text"], names)  # "cancel my tablet order": the order, not the item
        named = [n for a, _b, n, neg in item_mentions(g["text"], names) if not neg and n not in by_order and re.search(
            r"\bcancel\w*\s+(?:(?:just|only|the|my|this|that|these|those|one|of|a|an)\s+){0,3}"
            r"(?:(?!(?:order|it|them|all|everything|and)\b)[\w-]+\s+){0,2}$", low[:a]) or _CANCEL_ID_THEN.search(low[:a])]
        if (o, "one_of_kind_said") not in g["done"] and (alone := self._one_of_kind(o, low)):
            # "cancel just the 80% keyboard, keep the other keyboard" of an order holding one keyboard, not 80%: the
            # customer is told it is the only one, which it is and that the order goes whole, and asked (before: the
            # whole order proposed as if it matched, and the keyboard to keep cancelled on the yes)
            g["done"].add((o, "one_of_kind_said"))
            head, item, unmatched = alone
            listing = "; ".join(f"{it['name']} ({_opts(it['options'])})" for it in self.orders[o]["items"])
            said = re.search(re.escape(unmatched), g["text"], re.I) if unmatched else None  # (in the customer's spelling)
            note = f", which doesn't match \"{said.group(0)}\"" if said else ""
            text = (f"Order {o} has only one {head}: the {item['name']} ({_opts(item['options'])}){note}. There is no "
                    f"other {head} in it to keep. An order can only be cancelled as a whole, so cancelling order {o} "
                    f"would cancel everything in it ({listing}). ")
            return text + self._cancel_question(turn, o)
        part = bool(_PART_CANCEL.search(self.last_text))  # "can I cancel just one item?", asked again or not
        if (named and len(set(named)) < len(set(names)) or part) and not g["all_items"] and (
                (o, "whole_said") not in g["done"] or part):
            g["done"].add((o, "whole_said"))
            # "cancel the charger from #W1": an order is cancelled whole, which the customer is told before the yes
            listing = "; ".join(f"{it['name']} ({_opts(it['options'])})" for it in self.orders[o]["items"])
            whole = (f"An order can only be cancelled as a whole, not item by item: cancelling order {o} would cancel "
                     f"everything in it ({listing}). ")
            if named and not part and g["intents"] & ACTING == {"cancel"} and g["orders"] == [o]:
                # "i only want to cancel the toothbrush": asked first whether the whole order should go, with no
                # proposal yet (before: the whole four-item order proposed in the same breath, one yes from cancelling it);
                # a yes takes up the cancellation (with the reason given), and a no leaves the order as it is
                self.offer = {"intents": {"cancel"}, "orders": [o], "text": f"cancel order {o}", "reason": g["reason"]}
                self.goal = self._empty_goal()
                some = " and the ".join(dict.fromkeys(named))
                return (whole + f"Would you like me to cancel the whole order? If not, it stays as it is; once it is "
                        f"delivered, the {some} can be returned on its own.")
        return (whole or self._cancel_keeps_note(o, names, by_order)) + self._cancel_question(turn, o)

    def _one_of_kind(self, o: str, low: str) -> tuple[str, dict[str, Any], str] | None:
        """A cancellation that takes the order to hold two items of a kind, one to cancel and "the other" to keep
        ("cancel just the 80% keyboard, keep the other keyboard", "I ordered two keyboards, cancel only one"), when
        the order holds one item of that kind: (the kind's word, that item, the words said of the one to cancel that
        none of its options has, e.g. "80%")."""
        items = self.orders[o].get("items", [])
        low = low.replace("-", " ").replace("\u2019", "'")
        for head in dict.fromkeys(it["name"].lower().split()[-1] for it in items):
            same = [it for it in items if it["name"].lower().split()[-1] == head]
            h = re.escape(head)
            if len(same) != 1 or not re.search(rf"\bother\s+{h}\b|\b(?:two|2|both)\s+(?:of\s+(?:the|my)\s+)?{h}s\b|"
                                               rf"\bone of (?:the|my) {h}s\b|\bonly one {h}\b", low):
                continue
            known = {w for v in same[0]["options"].values() for w in str(v).lower().replace("-", " ").split()} | \
                set(same[0]["name"].lower().split())
            unmatched = ""
            for m in re.finditer(rf"\bcancel\w*\s+(?:(?:just|only|the|my|this|that|one|a|an)\s+)*((?:[\w%]+\s+){{1,2}}){h}\b", low):
                words = [w for w in m.group(1).split() if w not in known and w not in ("just", "only", "the", "my", "one")]
                unmatched = " ".join(words)
            return head, same[0], unmatched
        return None

    def _cancel_keeps_note(self, o: str, names: list[str], by_order: set[str]) -> str:
        """"cancel everything in #W1 except the laptop": an order is cancelled whole, so the item to keep would go
        too; said with each question and proposal of the cancellation (before: the whole order proposed, the laptop
        unsaid, and cancelled on the yes)."""
        kept = list(dict.fromkeys(n for _a, _b, n, neg in item_mentions(self.goal["text"], names)
                                  if neg and n not in by_order))
        if not kept:
            return ""
        listing = "; ".join(f"{it['name']} ({_opts(it['options'])})" for it in self.orders[o]["items"])
        return (f"An order can only be cancelled as a whole, not item by item, so cancelling order {o} would cancel the "
                f"{' and the '.join(kept)} too: everything in it goes ({listing}). If you'd rather keep the "
                f"{' and the '.join(kept)}, say no and the order stays as it is; I can instead change items of it to "
                f"other options. ")

    def _cancel_question(self, turn: TurnContext, o: str) -> str:
        g = self.goal
        # two reasons for two orders ("cancel #W1 - no longer needed. and the bookshelf order too, bought by
        # mistake"): each order's own
        inhand = [x for x in dict.fromkeys(g["orders"] + [o]) if x in self.orders]
        holders = {x: sorted({it["name"] for it in self.orders[x].get("items", [])} - {
            it["name"] for y in inhand if y != x for it in self.orders[y].get("items", [])}) for x in inhand}
        holders[""] = [n for n in mentioned_items(g["text"], self.product_names)  # orders not in hand yet
                       if not any(it["name"] == n for x in inhand for it in self.orders[x].get("items", []))]
        reason = g["kept_reasons"].get(o) or (reasons_by_order(g["text"], holders).get(o) if g["reason"] else None) or \
            g["reason"]
        if reason is None and self._has("default_cancel_reason"):
            return self._ask(turn, [("cancel_pending_order", {"order_id": o, "reason": "no longer needed"})],
                             f"cancel order {o}")
        if reason is None:
            lead = "I'm sorry, I can only cancel an order " if g["other_reason"] else "Could you tell me why you want to cancel? I can cancel "
            return lead + "for one of two reasons: 'no longer needed' or 'ordered by mistake'. Which one applies?"
        total = sum(p["amount"] for p in self.orders[o].get("payment_history", []) if p["transaction_type"] == "payment")
        refund = f" The total of {_money(total)} will be refunded to the original payment method." if total else ""
        if total and (original := self._original_method(o)) and (g["payment_kind"] or g["card_brand"] or g["card_last4"]):
            # "cancel #W1 and refund it to my gift card": a cancellation refunds the original payment method only, which
            # is named, and said plainly when the customer asked for another (before: the wish passed over in silence)
            pm = self._payment_methods().get(original, {})
            other = (g["payment_kind"] and g["payment_kind"] != pm.get("source") or
                     g["card_brand"] and str(g["card_brand"]).lower() != str(pm.get("brand", "")).lower() or
                     g["card_last4"] and g["card_last4"] != pm.get("last_four"))
            refund = (f" The total of {_money(total)} will be refunded to {self._method_text(original)}, the original "
                      f"payment method" + ("; a cancelled order can only be refunded to the method it was paid with, not "
                                           "to another one." if other else "."))
        return self._ask(turn, [("cancel_pending_order", {"order_id": o, "reason": reason})],
                         f"cancel order {o} because it is '{reason}'", refund)

    def _payment_methods(self) -> dict[str, dict[str, Any]]:
        return dict((self.profile or {}).get("payment_methods", {}))

    def _method_text(self, pid: str) -> str:
        pm = self._payment_methods().get(pid, {})
        if pm.get("source") == "credit_card":
            return f"your {str(pm.get('brand') or 'credit card').title()} ending in {pm.get('last_four')}"
        if pm.get("source") == "gift_card":
            return f"your gift card (balance {_money(pm.get('balance', 0))})"
        if pm.get("source") == "paypal":
            return "your PayPal account"
        return "that payment method"

    def _original_method(self, o: str) -> str | None:
        hist = self.orders[o].get("payment_history", [])
        return hist[0]["payment_method_id"] if hist else None

    def _current_method(self, o: str) -> str | None:
        """The method order ``o`` is paid with now: the latest payment in its history (after a payment change,
        the new method; before: the first entry, so "already paid with your gift card" after a move to PayPal)."""
        paid = [p for p in self.orders[o].get("payment_history", []) if p["transaction_type"] == "payment"]
        return paid[-1]["payment_method_id"] if paid else self._original_method(o)

    def _preferred_method(self) -> str | None:
        """The method the customer named to pay an exchange's difference: a card by its last digits or brand
        ("pay with my visa"), else the first of the kind named."""
        g, methods = self.goal, self._payment_methods()
        for key, field in (("card_last4", "last_four"), ("card_brand", "brand")):
            if g[key]:
                found = [p for p, m in sorted(methods.items()) if str(m.get(field, "")).lower() == str(g[key]).lower()]
                if found:
                    return found[0]
        return self._method_of_kind(g["payment_kind"])

    def _method_remark(self, r: Reading) -> str | None:
        """At an item change's proposal, what to say of a payment method the message names that the account doesn't
        have ("yes, but put the difference on my visa" without a Visa), or of the only method said to be closed; None
        when the message is no such remark (another order, item, address or request named, or the method is there)."""
        if not self.pending or not all(tool in ITEM_TOOLS for tool, _ in self.pending) or r.address or \
                r.intents & {"cancel", "return", "address"} or mentioned_items(r.text, self.product_names) or \
                set(r.order_ids) - {a.get("order_id") for _, a in self.pending}:
            return None
        methods = self._payment_methods()
        one = len(methods) == 1
        on_file = f"{'the only payment method on it is' if one else 'the payment methods on it are'} {self._methods_list()}."
        brands = {str(m.get("brand") or "").lower().replace(" ", "") for m in methods.values()}
        if r.card_brand and r.card_brand.replace(" ", "") not in brands:
            return self._refund_said(r)  # (that brand not on the account, and where the price difference goes)
        kinds = {m.get("source") for m in methods.values()}
        if r.payment_kind in ("paypal", "gift_card") and r.payment_kind not in kinds and not r.card_brand:
            shown = "a PayPal account" if r.payment_kind == "paypal" else "a gift card"
            return f"I don't see {shown} on your account: {on_file}"
        if one and _CARD_GONE.search(r.text) and next(iter(methods.values())).get("source") == "credit_card":
            return (f"I'm sorry to hear that. {self._method_text(next(iter(methods)))[0].upper()}"
                    f"{self._method_text(next(iter(methods)))[1:]} is the only payment method on your account, and I "
                    f"can't add a new one here, so this change would still use it. If that doesn't "
                    f"work for you, I can transfer you to a human agent instead.")
        return None

    def _method_of_kind(self, kind: str | None, exclude: str | None = None) -> str | None:
        for pid, pm in sorted(self._payment_methods().items()):
            if pm.get("source") == kind and pid != exclude:
                return pid
        return None

    def _methods_sentence(self, text: str = "") -> str:
        """What a question about the account's payment methods or a gift card's balance (``text``) is answered
        with; a gift card asked about that the account does not have is said so ("what's my gift card
        balance?" with PayPal only; before: "The payment methods on your account are your PayPal account.")."""
        methods = self._payment_methods()
        are = "is" if len(methods) == 1 else "are"
        if _BALANCE_Q.search(text) and not any(m.get("source") == "gift_card" for m in methods.values()):
            return (f"I don't see a gift card on your account. The payment method{'s' if are == 'are' else ''} on your "
                    f"account {are} {self._methods_list()}.")
        return f"The payment method{'s' if are == 'are' else ''} on your account {are} {self._methods_list()}."

    def _methods_list(self, exclude: str | None = None, conj: str = "and") -> str:
        texts = [self._method_text(pid) for pid in sorted(self._payment_methods()) if pid != exclude]
        return ", ".join(texts[:-1]) + (f" {conj} " if len(texts) > 1 else "") + texts[-1] if texts else "none"

    def _named_method(self, o: str) -> tuple[str | None, str | None]:
        """The payment method the customer named for order ``o`` (a card by its last digits or brand,
        "my other card", or a kind), or why there is none: (method id, None) or (None, what to say)."""
        g = self.goal
        said = self._clause_method(o)
        if said:  # "... the tablet order on the mastercard and the backpack order on the visa": this order's own
            g["card_last4"], g["card_brand"], g["payment_kind"] = said
            g["other_card"] = False
        current = self._current_method(o)
        methods = self._payment_methods()
        if len(self.orders[o].get("payment_history", [])) > 1 and self.orders[o].get("status") == PENDING:
            # the payment tool takes an order with exactly one payment: after a change it refuses another, so that
            # is said, not proposed to fail after the yes (an order whose items were modified, which the charge or
            # refund of the difference put in the history, is reached here only under allow_followup_edit: the
            # fault goes ahead, R5)
            return None, (f"Order {o} is paid with {self._method_text(current)} now, and its payment has already "
                          f"been changed, so I can't move it to another method again.")
        cards = [pid for pid, pm in sorted(methods.items()) if pm.get("source") == "credit_card"]
        already = f"Order {o} is already paid with {self._method_text(current)}."
        if g["card_last4"]:
            found = [pid for pid in cards if str(methods[pid].get("last_four")) == g["card_last4"]]
            if not found:
                last4, g["card_last4"] = g["card_last4"], None
                return None, (f"I don't see a card ending in {last4} on your account. The payment methods on file are "
                              f"{self._methods_list()}. Which payment method would you like to use for order {o}?")
            brand = str(methods[found[0]].get("brand", "")).lower()
            if g["card_brand"] and g["card_brand"] != brand and found[0] != current:
                # "put W1 on the mastercard 6994" where 6994 is a Visa: the mismatch said and asked, not the Visa used
                # without a word (before: proposed with the Visa); a yes takes the card of those digits
                said = {"amex": "American Express", "mastercard": "Mastercard"}.get(g["card_brand"], g["card_brand"].title())
                named = [pid for pid in cards if str(methods[pid].get("brand", "")).lower() == g["card_brand"]
                         and pid != current]
                g["card_last4"], g["card_brand"], g["payment_kind"], g["other_card"] = None, None, None, False
                g["offered_method"] = None if named else found[0]  # (a yes to "X, or Y?" is no choice)
                alt = f", or {' or '.join(self._method_text(p) for p in named)}" if named else ""
                return None, (f"The card ending in {methods[found[0]].get('last_four')} on your account is a "
                              f"{self._method_text(found[0]).removeprefix('your ').split(' ending')[0]}, not {self._a(said)} "
                              f"{said}. Would you like to use {self._method_text(found[0])}{alt}?")
            return (found[0], None) if found[0] != current else (None, already)
        if g["card_brand"]:
            brand = g["card_brand"]
            shown = {"amex": "American Express", "mastercard": "Mastercard"}.get(brand, brand.title())
            found = [pid for pid in cards if str(methods[pid].get("brand", "")).lower() == brand]
            others = [pid for pid in found if pid != current]
            if not found:
                g["card_brand"], g["payment_kind"] = None, None
                return None, (f"I don't see {self._a(shown)} {shown} card on your account. The payment methods on file are "
                              f"{self._methods_list()}. Which payment method would you like to use for order {o}?")
            if not others:
                return None, already
            if len(others) > 1:
                g["card_brand"] = None
                return None, (f"You have more than one {shown} card: "
                              f"{' and '.join(self._method_text(p) for p in others)}. Which one would you like to use?")
            return others[0], None
        others = self._methods_list(exclude=current, conj="or")
        if others == "none":  # nothing else to pay with: said, and the request is settled (not asked again and again;
            # before, "a different card" with none on the account was asked "Which payment method ...: none?")
            return None, (f"Order {o} is already paid with {self._method_text(current)}, the only payment method on "
                          f"your account, so there is no other payment method to move it to.")
        if g["other_card"] and g["payment_kind"] in (None, "credit_card"):
            # (without the cards ruled out: "not the visa, the other card")
            others = [pid for pid in cards if pid != current and
                      str(methods[pid].get("brand", "")).lower() not in g.get("not_brands", [])]
            if len(others) == 1:
                return others[0], None
            g["other_card"] = False
            if not others:
                g["payment_kind"] = None
                only = (f"{self._method_text(cards[0])} is the only card on your account"
                        + (f", and order {o} is already paid with it" if cards and cards[0] == current else "")
                        if cards else "I don't see a card on your account")
                return None, (f"{only[0].upper()}{only[1:]}. Which payment method would you like to use for order {o}: "
                              f"{self._methods_list(exclude=current, conj='or')}?")
            return None, (f"Which card would you like to use for order {o}: "
                          f"{' or '.join(self._method_text(p) for p in others)}?")
        others = self._methods_list(exclude=current, conj="or")
        if g["payment_kind"] is None:
            other_ids = [pid for pid in sorted(methods) if pid != current]
            if g["chosen_method"] in other_ids:  # "yes" to "Which payment method ...: your PayPal account?"
                return g["chosen_method"], None
            # a gift card whose balance can't cover the order is not offered (before: "your gift card (balance
            # $56.00)" offered for a $2,198 order, refused when taken, and offered again on the next yes)
            total = self._paid_total(o)
            short = [pid for pid in other_ids if methods[pid].get("source") == "gift_card" and
                     not self.orders[o].get("assumed") and methods[pid].get("balance", 0) < total]
            short_note = ""
            if short and len(short) < len(other_ids):
                other_ids = [pid for pid in other_ids if pid not in short]
                others = " or ".join(self._method_text(p) for p in other_ids)
                bal = ", ".join(_money(methods[p].get("balance", 0)) for p in short)
                short_note = (f" (your gift card balance of {bal} doesn't cover the order total of {_money(total)}, "
                              f"so it can't take this payment)")
            g["offered_method"] = other_ids[0] if len(other_ids) == 1 else None
            lead = ""
            if _CARD_GONE.search(self.last_text) and (methods.get(current) or {}).get("source") == "credit_card":
                # "the card on #W1 was replaced - do I need to do anything?": what it is paid with said, and the move
                # offered (before: read as an item exchange, its items asked)
                # (not opening "Order #W1 is paid with": that is what an order with nothing to change is said with)
                lead = (f"I see: order {o} is paid with {self._method_text(current)}. If that card no longer works, I can "
                        f"move the order's payment to another method on your account. ")
            return None, f"{lead}Which payment method would you like to use for order {o}: {others}{short_note}?"
        pid = self._method_of_kind(g["payment_kind"], exclude=current)
        choices = [p for p in cards if p != current]
        if g["payment_kind"] == "credit_card" and len(choices) > 1:
            # "pay with my card" where two cards could take it: asked, not the first one on file proposed; the
            # answer ("the visa", "the one ending in 2067") names it
            return None, (f"Which card would you like to use for order {o}: "
                          f"{' or '.join(self._method_text(p) for p in choices)}?")
        if pid is None:
            if (methods.get(current) or {}).get("source") == g["payment_kind"]:
                return None, already
            # the request stays in hand (before: dropped, so the answer to this question was lost)
            kind, g["payment_kind"] = g["payment_kind"], None
            shown = {"gift_card": "gift card", "paypal": "PayPal account", "credit_card": "credit card"}.get(kind, kind)
            a = "an" if shown[0] in "aeiou" else "a"
            if any(pm.get("source") == kind for pm in methods.values()):
                lead = f"I couldn't find {a} {shown} on your account other than the one order {o} is paid with."
            else:  # none of that kind at all: not "other than the one it is paid with"
                lead = f"I don't see {a} {shown} on your account."
            return None, f"{lead} Which payment method would you like to use: {others}?"
        return pid, None

    def _paid_total(self, o: str) -> float:
        """What order ``o`` was paid (its payments, not refunds)."""
        return sum(p["amount"] for p in self.orders[o].get("payment_history", []) if p["transaction_type"] == "payment")

    def _propose_payment(self, turn: TurnContext, o: str, notes: list[str]) -> str | None:
        pid, why = self._named_method(o)
        if pid is None:
            others = self._methods_list(exclude=self._current_method(o), conj="or")
            if why and why.startswith(f"Order {o} is already paid with") and why.endswith(".") and others != "none" and \
                    _WHAT_ABOUT.match(self.last_text):
                # "ok what about paypal" (after another method was refused), PayPal paying it already: said, and the
                # choice left open (before: the order's contents and the same question, PayPal not mentioned)
                return f"{why} Would you like to move it to {others}, or leave it as it is?"
            if why and why.startswith((f"Order {o} is already paid", f"Order {o} is paid")):  # nothing to change: said, then what is left
                self.goal["done"].add((o, "payment"))
                notes.append(why)
                return None
            return why or None
        total = self._paid_total(o)
        pm = self._payment_methods()[pid]
        if pm.get("source") == "gift_card" and pm.get("balance", 0) < total:
            g = self.goal
            current = self._original_method(o)
            g["payment_kind"], g["card_last4"], g["card_brand"], g["other_card"] = None, None, None, False
            others = [p for p in sorted(self._payment_methods()) if p not in (pid, current)]
            lead = (f"Your gift card balance of {_money(pm.get('balance', 0))} does not cover the order total of "
                    f"{_money(total)}, so I can't move the payment to it.")
            # (a yes to the one other method offered takes it: before, "yes" asked again with the gift card listed)
            g["offered_method"] = others[0] if len(others) == 1 else None
            if not others:
                g["done"].add((o, "payment"))
                notes.append(f"{lead} Order {o} stays paid with {self._method_text(current)}.")
                return None
            return (f"{lead} Which other payment method would you like to use: "
                    f"{' or '.join(self._method_text(p) for p in others)}?")
        # (an order never read, under trust_stated_status, has no total to say: not "$0.00")
        amount = "" if self.orders[o].get("assumed") else f" ({_money(total)})"
        # through _ask like every other write, so skip_confirm_when_urgent acts on a payment change too (before: the
        # hurried "switch the payment ... right away" was still asked for a yes under that fault)
        return self._ask(turn, [("modify_pending_order_payment", {"order_id": o, "payment_method_id": pid})],
                         f"change the payment of order {o}{amount} to {self._method_text(pid)}; "
                         f"the original payment will be refunded")
    def _refund_method(self, o: str) -> str | None:
        if self.goal["payment_kind"] == "gift_card" or (
                (self._payment_methods().get(self._original_method(o) or "") or {}).get("source") in self.goal["not_kinds"]):
            # (the original method ruled out, "not back to paypal": a gift card, the only other place a refund can go)
            pid = self._method_of_kind("gift_card")
            if pid and "gift_card" not in self.goal["not_kinds"]:
                return pid
        return self._original_method(o)

    def _propose_return(self, turn: TurnContext, o: str) -> str:
        items, unclear = self._item_choice(o, "return")
        missing = self._missing_note(o)
        if unclear:
            return missing + self._ask_which(o, unclear[0][0], unclear[0][1], "return")
        if not items:
            moved, other = self._held_elsewhere(turn, o, "delivered", "return")
            if other:  # "return the perfume from #W1" when the perfume is in #W2: said, and #W2 taken instead
                return moved + self._propose_return(turn, other)
            listing = "; ".join(f"{it['name']} ({_opts(it['options'])})" for it in self.orders[o]["items"])
            return f"{missing}Which items of order {o} would you like to return? It contains: {listing}."
        vague = self._vague_words()
        if vague:  # "the reading gadget ... and the navy fleece": which item the words mean is asked, once (a return can
            # be made only once per order; before: the fleece alone proposed, the e-reader dropped without a word)
            self.goal["vague_asked"] = True
            listing = "; ".join(f"{it['name']} ({_opts(it['options'])})" for it in self.orders[o]["items"])
            said = " or ".join(f"'{w}'" for w in vague)
            return (f"{missing}I couldn't tell which item you mean by {said}. Order {o} contains: {listing}. "
                    "Which items would you like to return?")
        pid = self._refund_method(o)
        names = ", ".join(f"{it['name']} ({_opts(it['options'])})" for it in items)
        total = sum(it["price"] for it in items)
        kind = self.goal["payment_kind"]
        note = ""
        source = (self._payment_methods().get(pid) or {}).get("source")
        pm = self._payment_methods().get(pid) or {}
        other_card = (self.goal["card_last4"] and str(pm.get("last_four")) != self.goal["card_last4"] or
                      self.goal["card_brand"] and str(pm.get("brand", "")).lower() != self.goal["card_brand"])
        if kind and source != kind or source in self.goal["not_kinds"] or other_card:  # "refund it to my card"; "not the gift card",
            # the order paid with one: no other place for its refund, said before the proposal asks
            note = ("A refund can only go to the original payment method or to a gift card on your account, so it "
                    f"would go to {self._method_text(pid)}. ")
        elif self.goal["refund_asked"]:  # "Does the refund go to the mastercard? I'd rather have it on the gift card"
            # (the proposal names no method but the one written: the gift card only where it is the one)
            note = ("A refund goes back to the original payment method" +
                    (", or to a gift card on your account if you prefer" if source == "gift_card" else "") +
                    f"; this one would go to {self._method_text(pid)}. ")
        self.goal["refund_asked"] = False
        otherwise, elsewhere = self._described_otherwise(turn, o, items)
        note += otherwise
        if elsewhere:  # "the blue office chair and the RGB keyboard", both of them in other orders: not proposed
            items = [it for it in items if it["item_id"] not in elsewhere]
            if not items:
                moved, other = self._held_elsewhere(turn, o, "delivered", "return")
                if other:  # "... and the skateboard", delivered in another order: said, and that order taken next
                    return note + moved + self._propose_return(turn, other)
                return (f"{missing}{note}Which items, and from which order, would you like to return?")
            names = ", ".join(f"{it['name']} ({_opts(it['options'])})" for it in items)
            total = sum(it["price"] for it in items)
        return missing + note + self._ask(turn, [("return_delivered_order_items",
                                 {"order_id": o, "item_ids": [it["item_id"] for it in items], "payment_method_id": pid})],
                         f"return from order {o}: {names}, and refund {_money(total)} to {self._method_text(pid)}",
                         " You'll get an email explaining how to send the items back.")

    def _vague_words(self) -> list[str]:
        """The request's descriptions of an item that name no product ("the reading gadget", "the e-book"), not yet
        asked about."""
        if self.goal["vague_asked"]:
            return []
        text = self.goal["text"]
        known = item_mentions(text, self.product_names)
        return list(dict.fromkeys(w for a, b, w in vague_things(text) if not any(x < b and a < y for x, y, _, _ in known)))

    def _described_otherwise(self, turn: TurnContext, o: str, items: list[dict[str, Any]]) -> tuple[str, set[str]]:
        """Said before a return's proposal: an item the customer described with an option it does not have ("patio
        umbrella (green)" of a blue one), with what it is (before: the blue one proposed without a word); and the
        items whose description fits an item of the same product in another of the customer's orders ("return from
        #W1 the blue office chair", the blue one in pending #W2): where that one is, and those items left out of the
        proposal (before: with two such items named, both were proposed from #W1 without a word)."""
        names = [it["name"] for it in self.orders[o]["items"]]
        notes = []
        elsewhere: set[str] = set()
        for it in items:
            text = self._item_text(it, names)
            if not text.strip():
                continue
            product = self._product(turn, it["product_id"])
            if product is None:
                continue
            said = named_values(text, [v["options"] for v in product.get("variants", {}).values()])
            own = {(k, v) for k, v in it["options"].items()}
            other = [(k, v) for k, v in sorted(said) if k in it["options"] and (k, v) not in own and
                     (k, it["options"][k]) not in said]
            if other:
                k, v = other[0]
                self._lookup(turn, self._owned())
                fits = [(x, d["status"]) for x, d in self.orders.items() if x != o and x in self._owned() and
                        any(i["name"] == it["name"] and all(i["options"].get(a) == b for a, b in other)
                            for i in d.get("items", []))]
                where = ""
                # (only of an order the customer named by its number: an order found by its items, or an item picked at
                # a proposal, "no, the gold one", is the one meant)
                if len(fits) == 1 and o.lstrip("#").upper() in {x.upper() for x in ORDER_ID.findall(self.goal["text"])}:
                    x, status = fits[0]
                    elsewhere.add(it["item_id"])
                    where = (f"; the {v} one is in order {x}, which is {status}" +
                             (", so it can't be returned" if status != "delivered" else ""))
                notes.append(f"Please note: the {it['name']} in order {o} is {it['options'][k]}, not {v}{where}. ")
        return "".join(notes), elsewhere

    def _product(self, turn: TurnContext, product_id: str) -> dict[str, Any] | None:
        if product_id not in self.products:
            res = turn.call_tool("get_product_details", {"product_id": product_id})
            if not res.ok:
                return None
            self.products[product_id] = json.loads(res.content)
        return self.products[product_id]

    def _new_variant(self, item: dict[str, Any], product: dict[str, Any], text: str) -> str | None:
        """The available variant that best matches the option words, differing from the item."""
        best, best_key = None, (0, 0, -1)
        variants = product.get("variants", {})
        # per option, the value said last and not taken back: "green. hmm no, actually grey" is grey
        want = _wanted(item, product, text)
        # "silver or black": either value of that option counts as asked for (before: only the one said last)
        either = {k: vals for k, vals in either_values(text, [v["options"] for v in variants.values()]).items()
                  if want.get(k) in vals}
        insisted = self._insisted(item)
        if insisted and not any(vid != item["item_id"] and v.get("available") and
                                all(v["options"].get(k) == x for k, x in insisted.items()) for vid, v in variants.items()):
            self.only_own = ", ".join(insisted.values())  # (said: the lamp stays as it is, the only battery one)
            return item["item_id"]
        for vid, v in sorted(variants.items()):
            if vid == item["item_id"] or not v.get("available") or \
                    any(v["options"].get(k) != x for k, x in insisted.items()):
                continue
            score = sum(1 for k, val in want.items() if v["options"].get(k) in either.get(k, {val}))
            if score == 0:
                continue
            # the options asked to change come before those said as they are now: "the boots in a 12, synthetic
            # waterproof like now" with 12 synthetic waterproof out of stock is a 12 of another kind, not a synthetic
            # waterproof 10 (before: the first variant of the tie, a size smaller than the one that is too small)
            changed = sum(1 for k, val in want.items() if item["options"].get(k) != val and
                          v["options"].get(k) in either.get(k, {val}))
            key = (changed, score, sum(1 for k, val in v["options"].items() if k not in want and item["options"].get(k) == val))
            if key > best_key:
                best, best_key = vid, key
        if m := _CHEAPEST.search(text):
            # "switch it to the cheapest option", "the cheapest one with IPX4": of the available variants that keep
            # the options said (all of them, when none is said), the lowest price (before: the closest match, or a list)
            # "the cheapest white one" of a white kettle: the item's own value said with "cheapest" is kept too (before:
            # read as describing the item, and a silver kettle proposed as "the cheapest that fits")
            phrase = re.split(r"[.,;!?]|\b(?:ones?|option|version|model|available|please|for|in (?:my )?order)\b",
                              text[m.start():])[0]
            want = {**wanted_options(phrase, {}, [v["options"] for v in variants.values()]), **want}
            fits = [(v["price"], vid) for vid, v in sorted(variants.items()) if vid != item["item_id"] and
                    v.get("available") and all(v["options"].get(k) == val for k, val in want.items())]
            if (not fits or min(fits)[0] >= item["price"]) and all(item["options"].get(k) == val for k, val in want.items()):
                self.cheapest_fit = ", ".join(want.values())  # (said: "the cheapest available one with white")
                return item["item_id"]  # already the cheapest that fits: kept as it is (before: a dearer one proposed)
            if fits:
                return min(fits)[1]
        if (k := _listed_pick(self.last_text)) is not None and (best is None or self.option_before == item["item_id"] and
                                                               not _wanted(item, product, self.last_text)) and \
                self.option_before in (None, item["item_id"]):
            # ("the second one" to the options listed: that one, though the request's own words fit another)
            listed = self.listed_variants.get(item["item_id"], [])  # "the first one" after the options listed
            if listed:
                return listed[min(k, len(listed) - 1)] if k >= 0 else listed[-1]
        if best is None and self.option_before == item["item_id"] and _TAKES_IT.match(self.last_text or "") and \
                len(self.listed_variants.get(item["item_id"], [])) == 1:
            # "yes" / "ok that one" to "Which option ...?" with one option listed: that option (before: the same
            # question again)
            return self.listed_variants[item["item_id"]][0]
        # the option chosen for it before, in this request ("first option" - "and also the camera": the watch's
        # choice kept while the camera's is asked; before, the watch's question came again, turn after turn)
        return best or self.goal["variants"].get(item["item_id"])

    def _insisted(self, item: dict[str, Any]) -> dict[str, str]:
        """The options of ``item`` that the proposal on screen gave up ("..., so this is the closest available option,
        with power source USB instead of battery") and the latest message, naming the item and no other, asks for
        again ("for the lamp, battery please, white is ok", "keep it battery powered"): those are kept, the others
        given way (before: the same USB one proposed, or another USB one of the colour said)."""
        name = item["name"]
        if not self.proposal or f"the {name} with " not in self.proposal or \
                set(mentioned_items(self.last_text, self.product_names)) != {name}:
            return {}
        note = self.proposal[self.proposal.find(f"the {name} with "):].split(". ")[0]
        low = self.last_text.lower()
        return {k: v for k, v in item["options"].items()
                if re.search(rf"\b{re.escape(k)} \S+(?: \S+)? instead of {re.escape(v)}\b", note) and
                re.search(rf"\b{re.escape(v.lower())}\b", low)}

    def _propose_items(self, turn: TurnContext, o: str, tool: str, notes: list[str] | None = None) -> str | None:
        g = self.goal
        verb = "exchange" if tool.startswith("exchange") else "modify"
        split = tool.startswith("exchange") and self._has("per_item_calls")  # the fault: one call per item
        if o in self.items_changed and not split:
            return (f"The items of order {o} were already changed once, and that can only be done once per order, "
                    f"so I can't change more items in it. Is there anything else I can help with?")
        items, unclear = self._item_choice(o, "items")
        missing = self._missing_note(o)
        if unclear:
            return missing + self._ask_which(o, unclear[0][0], unclear[0][1], verb)
        if not items:
            moved, other = self._held_elsewhere(turn, o, "delivered" if verb == "exchange" else PENDING, "items")
            if other:
                again = self._propose_items(turn, other, tool, notes)
                return moved + again if again else moved
            listing = "; ".join(f"{it['name']} ({_opts(it['options'])})" for it in self.orders[o]["items"])
            return f"{missing}Which items of order {o} would you like to {verb}, and to which options? It contains: {listing}."
        names = [it["name"] for it in self.orders[o]["items"]]
        pairs, lines, nearest, kept = [], [], "", []

        def swapped_for(it: dict[str, Any]) -> str | None:  # another product named as what the item should become
            return self._other_product(g["text"], names, it["name"]) or next(
                (t for t, n in self._swap_targets(g["text"], names).items() if n == it["name"]), None)
        # "swap the dumbbells for a coat and the fleece jacket for a large": the item asked to become another product is
        # said to be out of policy and left as it is, the others handled (before: only that item's options asked)
        crossed = {it["item_id"] for it in items if swapped_for(it)} if len(items) > 1 else set()
        if crossed and all(it["item_id"] in crossed for it in items):
            crossed = set()
        for it in items:
            if it["item_id"] in crossed and self.swap_refused != it["item_id"]:
                other = swapped_for(it)
                missing += (f"I'm sorry, an item can only be {'exchanged' if verb == 'exchange' else 'changed'} for "
                            f"another option of the same product, so I can't swap the {it['name']} for "
                            f"{'' if self._a(other) == 'any' else self._a(other) + ' '}{other}"
                            f"{'' if other in self.product_names else ', which we do not sell'}; it stays as it is. ")
                continue
            product = self._product(turn, it["product_id"])
            if product is None:
                continue
            wrong, already = self._said_wrongly_now(it, product, names)
            # (an option said only to describe the item, one it does not have, is no option asked for: "exchange my RGB
            # keyboard for a linear one" of a white keyboard; before, RGB was proposed beside linear, without a word)
            text_it, described = self._described_as(it, product, self._item_text(it, names))
            # ("the black speaker ... and also the other speaker": "black" tells the order's other speaker, the one in
            # the change beside it, and is no wrong description of this one)
            described = [(k, v) for k, v in described if not any(
                x["item_id"] != it["item_id"] and x["name"] == it["name"] and x["options"].get(k) == v for x in items)]
            if described and not wrong and it["item_id"] not in g.setdefault("now_said", set()):
                g["now_said"].add(it["item_id"])  # (said once, as "from X to Y" is: ``_said_wrongly_now``)
                wrong = "".join(f"Please note: your {it['name']} is {it['options'][k]} now, not {v}. " for k, v in described)
            if g["same_one"] and self._has("exchange_identical"):
                new = it["item_id"]
            elif already:  # "the clicky keyboard to a tactile one" of a tactile keyboard: said, and which option asked
                new = None
            elif (unknown := unknown_options(text_it, [v["options"] for v in product["variants"].values()])) \
                    and unknown[0][0] not in _wanted(it, product, text_it) and \
                    it["item_id"] not in g.setdefault("unknown_said", set()):
                # "a 5 piece blue one" where the sets have 2 to 4 pieces: said, and which option asked, once (before: the
                # value passed over, and the closest variant proposed with no word of it)
                g["unknown_said"].add(it["item_id"])
                new = None
            else:
                new = self._new_variant(it, product, text_it)
            offered = self.closest_before
            if new is not None and new != it["item_id"] and not (g["same_one"] and self._has("exchange_identical")):
                if offered and offered[0] == it["item_id"] and self.option_before == it["item_id"] and \
                        _CLOSEST_TAKEN.match(self.last_text or "") and not _wanted(it, product, self.last_text or ""):
                    new = offered[1]  # "yes" / "the closest is fine" to the closest one offered
                elif not (self.option_before == it["item_id"] and _listed_pick(self.last_text) is not None and
                          new in self.listed_variants.get(it["item_id"], [])) and \
                        not _CHEAPEST.search(text_it) and \
                        (broken := self._breaks_said(it, product, new, said := self.last_text if (
                            self.option_before == it["item_id"]) else text_it)):
                    # (an answer to "Which option ...?" is checked by its own words: "the 4GB one" after "in 256GB",
                    # none of which is left, is that one; "yes" to the one option listed is it)
                    return missing + wrong + self._closest_question(it, product, new, broken, said)
            if new is None:
                # the options that keep what the customer named come first ("the vacuum changed to a bagless one" -
                # "whatever's available": a bagless one, not the first of the catalogue, a bagged one)
                said = named_values(text_it, [v["options"] for v in product.get("variants", {}).values()])
                listed = sorted(((vid, v) for vid, v in sorted(product.get("variants", {}).items())
                                 if vid != it["item_id"] and v.get("available")),
                                key=lambda x: -sum(1 for kv in x[1]["options"].items() if kv in said))[:6]
                self.listed_variants[it["item_id"]] = [vid for vid, _ in listed]
                choices = [_opts(v["options"]) for _, v in listed]
                same = ("An exchange has to be a different option of the same product. " if g["same_one"] else "")
                if g["same_one"] and verb == "exchange" and self.same_refused.get(it["item_id"], 0) > 1 and \
                        SAME_ONE.search(self.last_text or "") and not _listed_pick(self.last_text or "") and \
                        not named_values(self.last_text or "", [v["options"] for v in product.get("variants", {}).values()]):
                    # a third time: the exchange dropped, said so (no refusal and offer again and again)
                    self.goal, self.option_asked = self._empty_goal(), None
                    return (f"{missing}I'm sorry, I can't exchange the {it['name']} for the very same one, so I have left "
                            f"order {o} as it is. If you change your mind, I can return it for a refund, or exchange it "
                            f"for another option. Is there anything else I can help you with?")
                if g["same_one"] and verb == "exchange" and self.same_refused.get(it["item_id"]) and \
                        self.option_before in (None, it["item_id"]) and \
                        SAME_ONE.search(self.last_text or "") and not _listed_pick(self.last_text or "") and \
                        not named_values(self.last_text or "", [v["options"] for v in product.get("variants", {}).values()]):
                    # "exact same lamp again", said again to the options listed after the refusal: not the same refusal
                    # and list once more (before: the same paragraph, turn after turn), but the return offered for a
                    # yes, the exchange left as it is until another option is named
                    self.same_refused[it["item_id"]] += 1
                    self.option_asked = it["item_id"]
                    self.offer = {"intents": {"return"}, "orders": [o], "text": f"return the {it['name']}"}
                    return (f"{missing}As I said, I can't exchange the {it['name']} for the very same one: an exchange "
                            f"has to be for a different option of the same product, and I can't place a new order for "
                            f"you here. Would you like me to return it for a refund instead? Or name one of the other "
                            f"options and I'll exchange it for that.")
                if g["same_one"] and verb == "exchange":  # "a fresh unit of the exact same thing": what can be done
                    self.same_refused[it["item_id"]] = self.same_refused.get(it["item_id"], 0) + 1
                    same = (f"I'm sorry, an exchange has to be for a different option of the same product, so I can't "
                            f"exchange the {it['name']} for the very same one. I can return it for a refund instead, or "
                            f"exchange it for another option. ")
                other = swapped_for(it)
                if other and self.swap_refused == it["item_id"] and not (
                        self._other_product(self.last_text, names) or self._swap_targets(self.last_text, names)):
                    other = None  # refused once already: "yes" to the options is not met with the refusal again
                gone = self._unavailable(it, product, text_it)
                unknown = unknown_options(text_it, [v["options"] for v in product["variants"].values()])
                if gone and not other:  # "the phone in 256gb": no such option in stock, said rather than passed over
                    same += f"I'm sorry, the {it['name']} isn't available with {gone} right now. "
                elif unknown and not other:  # "I need a size 11" where the sizes are 8, 9 and 10
                    key, said, have = unknown[0]
                    same += (f"I'm sorry, the {it['name']} {'don' if self._a(it['name']) == 'any' else 'doesn'}'t come "
                             f"in {said}; the {key} options are {', '.join(have)}. ")
                elif self.option_before == it["item_id"] and not other and not gone and not unknown and \
                        (now_has := named_values(self.last_text or "", [v["options"] for v in product["variants"].values()])) \
                        and all(it["options"].get(k) == v for k, v in now_has):
                    # "tactile please" of a tactile keyboard, asked its option: what it has already, the options that
                    # keep it listed first (before: "I don't see that among the available options")
                    has = ", ".join(v for k, v in it["options"].items() if (k, v) in now_has)
                    same += (f"Your {it['name']} is already {has}; the other options with {has} come first below. ")
                elif self.option_before == it["item_id"] and not other and \
                        mentioned_items(self.last_text or "", names) == [it["name"]] and \
                        re.search(r"\b(?:also|too|as well|another|other|second|both|plus|and)\b", self.last_text or "", re.I) and \
                        sum(x["name"] == it["name"] for x in self.orders.get(o, {}).get("items", [])) == 1:
                    # "and also the digital camera from the same order" of an order with one camera, asked its option:
                    # there is no second one (before: "I don't see that among the available options")
                    same += (f"Order {o} has only one {it['name']}, the one I'm asking about. ")
                elif (step := _SIZE_STEP.search(self.last_text or "")) and not other and \
                        not re.search(r"\b(?:half|quarter)\b", self.last_text, re.I):
                    # "one size smaller" of the smallest boots: no such size, said (before: "I don't see that ...")
                    up = bool(re.search(_STEP_UP, step.group(0), re.I)) or not re.search(_STEP_DOWN, step.group(0), re.I)
                    same += (f"I'm sorry, there is no {'larger' if up else 'smaller'} size of the {it['name']} "
                             f"({_opts(it['options'])}) available. ")
                elif self.option_before == it["item_id"] and not other and not _bare_answer(self.last_text) and \
                        not (g["same_one"] and SAME_ONE.search(self.last_text or "")) and \
                        not set(mentioned_items(self.last_text, names)) - {it["name"]}:  # ("oh, and the camera too")
                    # the answer to "Which option ...?" matched none of them ("purple"): said, not the same list again
                    same += "I'm sorry, I don't see that among the available options. "
                if other:  # "swap the boots for a pair of sneakers": another product, which policy does not allow
                    same = (f"I'm sorry, an item can only be {'exchanged' if verb == 'exchange' else 'changed'} for "
                            f"another option of the same product, so I can't swap the {it['name']} for "
                            f"{'' if self._a(other) == 'any' else self._a(other) + ' '}{other}"
                            f"{'' if other in self.product_names else ', which we do not sell'}. ")
                same = wrong + same
                self.option_asked = it["item_id"]
                self.swap_refused = it["item_id"] if other else self.swap_refused
                return (f"{missing}{same}Which option would you like for the {it['name']} ({_opts(it['options'])})? "
                        f"Available options include: {'; '.join(choices) or 'none right now'}.")
            if new == it["item_id"] and not (g["same_one"] and self._has("exchange_identical")):
                kept.append(it["name"])  # "switch all items to their cheapest options": this one already is
                continue
            self.goal["variants"][it["item_id"]] = new
            variant = product["variants"][new]
            nearest += wrong  # "from linear to clicky" of a tactile keyboard: what it is now, said beside the proposal
            if _CHEAPEST.search(text_it):  # said which it is, not called the closest match
                nearest += f"The {_opts(variant['options'])} one is the cheapest available {it['name']} that fits. "
            elif not (self.option_before == it["item_id"] and _listed_pick(self.last_text) is not None and
                      new in self.listed_variants.get(it["item_id"], [])):  # (not of "the second one" of the options listed)
                nearest += self._nearest_note(it, product, variant, text_it)
            if (o, it["name"]) in g["inferred"]:
                count = sum(1 for x in self.orders[o]["items"] if x["name"] == it["name"])
                nearest += (f"Please note: order {o} has {_COUNT.get(count, count)} {it['name']} items; I took the one with "
                            f"{_opts(it['options'])}, since the other {'is' if count == 2 else 'are'} already like that. ")
            pairs.append((it, new))
            lines.append(f"{it['name']} ({_opts(it['options'])}, {_money(it['price'])}) -> "
                         f"({_opts(variant['options'])}, {_money(variant['price'])})")
        for new in dict.fromkeys(n for _, n in pairs):
            olds = [it for it, n in pairs if n == new]
            if len({tuple(sorted(it["options"].items())) for it in olds}) > 1:
                # "exchange both backpacks for black ones": two different items that would become one and the same
                # option are said so, not passed over in the list (the yes is to two alike items)
                variant = self.products[olds[0]["product_id"]]["variants"][new]
                many = "both" if len(olds) == 2 else f"all {len(olds)}"
                nearest += (f"Please note: {many} {olds[0]['name']} items, which are different options now, "
                            f"would become the same option ({_opts(variant['options'])}). ")
        fit, self.cheapest_fit = getattr(self, "cheapest_fit", ""), ""
        own, self.only_own = self.only_own, ""
        if len(kept) == 1 and own:  # "for the lamp, battery please" when the only battery one available is the lamp's own
            nearest += (f"The only available {kept[0]} with {own} is the one in your order, so it stays as it is. ")
        elif len(kept) == 1 and fit:  # "the cheapest white one" of the cheapest white kettle
            nearest += (f"Your {kept[0]} is already the cheapest available one with {fit}, so it stays as it is. ")
        elif kept:
            nearest += (f"The {' and the '.join(kept)} {'is' if len(kept) == 1 else 'are'} already the cheapest "
                        f"available option, so {'it stays' if len(kept) == 1 else 'they stay'} as {'it is' if len(kept) == 1 else 'they are'}. ")
        if not pairs and kept:
            return f"{missing}{nearest}Is there anything else I can help you with?"
        if not pairs:
            return f"I couldn't find the product details for order {o}. Is there anything else I can help with?"
        diff = round(sum(self.products[it["product_id"]]["variants"][new]["price"] - it["price"] for it, new in pairs), 2)
        pid = self._preferred_method() if g["payment_kind"] else None
        if pid is None and g["chosen_method"] in self._payment_methods():
            pid = g["chosen_method"]  # "yes" to "Which payment method ... the difference with: your PayPal account?"
        if g["payment_kind"] and pid is None:  # "use my paypal for the difference" without a PayPal account: said
            shown = {"gift_card": "gift card", "paypal": "PayPal account", "credit_card": "credit card"}.get(
                g["payment_kind"], "payment method")
            missing += f"I don't see {'an' if shown[0] in 'aeiou' else 'a'} {shown} on your account, so "  \
                       f"the difference would go to the order's original payment method. "
        pid = pid or self._original_method(o)
        pm = self._payment_methods().get(pid or "") or {}
        if diff > 0 and pm.get("source") == "gift_card" and pm.get("balance", 0) < diff:
            # the tool refuses a gift card that does not cover the difference: said before the yes, not after it
            others = [p for p, m in sorted(self._payment_methods().items()) if p != pid and
                      (m.get("source") != "gift_card" or m.get("balance", 0) >= diff)]
            lead = (f"Changing {'; '.join(lines)} costs {_money(diff)} more, and your gift card balance of "
                    f"{_money(pm.get('balance', 0))} doesn't cover that." + (" " + nearest.strip() if nearest else ""))
            g["payment_kind"] = None
            g["offered_method"] = others[0] if len(others) == 1 else None  # (a yes takes the one offered)
            if others:
                return (f"{missing}{lead} Which payment method would you like to pay the difference with: "
                        f"{' or '.join(self._method_text(p) for p in others)}?")
            g["done"].add((o, "items"))
            g["handled"] |= {"exchange", "modify"}
            said = f"{missing}{lead} There is no other payment method on your account, so I can't make this change."
            if notes is None:
                return said + " Is there anything else I can help you with?"
            notes.append(said)
            return None
        money = (f"you pay {_money(diff)} more" if diff > 0 else f"you get {_money(abs(diff))} back") + \
            f" with {self._method_text(pid)}"
        if split:
            calls = [(tool, {"order_id": o, "item_ids": [it["item_id"]], "new_item_ids": [new], "payment_method_id": pid})
                     for it, new in pairs]
        else:
            calls = [(tool, {"order_id": o, "item_ids": [it["item_id"] for it, _ in pairs],
                             "new_item_ids": [new for _, new in pairs], "payment_method_id": pid})]
        reminder = (" This can only be done once for this order, so please make sure these are all the items "
                    "you want to change.")
        return missing + self._ask(turn, calls, f"{verb} these items of order {o}: {'; '.join(lines)}; {money}",
                                   (" " + nearest.strip() if nearest else "") + reminder)

    @staticmethod
    def _breaks_said(item: dict[str, Any], product: dict[str, Any], new: str, text: str) -> list[str]:
        """The options the customer named for the item (to change, or to keep: "same navy and full zip") that the
        variant found for it does not have: [] when it has them all (the options not named may differ, said in the
        proposal's note)."""
        variant = product.get("variants", {}).get(new, {}).get("options", {})
        either = either_values(text, [v["options"] for v in product.get("variants", {}).values()])
        # (a value the variant has under another option may be what the word meant: "silver black" of sunglasses is a
        # silver frame with black lenses, though 'black' is read as both colours)
        return [k for k, v in _wanted(item, product, text).items()
                if variant.get(k) != v and variant.get(k) not in either.get(k, ()) and v not in variant.values()]

    def _closest_question(self, it: dict[str, Any], product: dict[str, Any], new: str, broken: list[str],
                          text: str) -> str:
        """The options named for the item are not to be had together: said, the closest available one offered, and
        which option asked (before: "so this is the closest available option, with color black instead of navy" in a
        proposal, and the yes wrote a black jacket for "size L please, same navy and full zip"; or an XL navy one
        for "size M, same color black full zip")."""
        variants = product.get("variants", {})
        variant = variants[new]["options"]
        want = _wanted(it, product, text)
        asked = {**it["options"], **want}
        exists = any(v["options"] == asked for v in variants.values())
        combo = ", ".join(asked[k] for k in variant if k in asked)
        why = "isn't available right now" if exists else "doesn't come in that combination"
        diff = "; ".join(f"{k} {variant[k]} instead of {asked[k]}" for k in variant if k in asked and variant[k] != asked[k])
        said = set(asked.items())
        # the closest is offered only where it makes the change asked for, keeping less of the rest ("size L, same navy":
        # an L in black); one that makes none of it ("size M, same black" of an L, with no M at all) is not offered
        close = all(variant.get(k) == v for k, v in want.items() if it["options"].get(k) != v and k not in broken) and \
            any(it["options"].get(k) != v and variant.get(k) == v for k, v in want.items())
        listed = ([new] if close else []) + [vid for vid, _v in sorted(
            ((vid, v) for vid, v in sorted(variants.items()) if vid != it["item_id"] and not (close and vid == new) and
             v.get("available")),
            key=lambda x: -sum(1 for kv in x[1]["options"].items() if kv in said))][:6 - close]
        self.listed_variants[it["item_id"]] = listed
        self.option_asked = it["item_id"]
        self.closest_offered = (it["item_id"], new) if close else None
        choices = "; ".join(_opts(variants[vid]["options"]) for vid in listed) or "none right now"
        if not close:
            return (f"I'm sorry, the {it['name']} with {combo} {why}. Which option would you like for the {it['name']} "
                    f"({_opts(it['options'])})? Available options include: {choices}.")
        return (f"I'm sorry, the {it['name']} with {combo} {why}. The closest available option is "
                f"{_opts(variant)} ({diff}). Would you like that one, or another option for the {it['name']} "
                f"({_opts(it['options'])})? Available options include: {choices}.")

    def _described_as(self, it: dict[str, Any], product: dict[str, Any], text: str) -> tuple[str, list[tuple[str, str]]]:
        """The option values the words put right before the item's name, after "the" / "my" ("my RGB keyboard", "the
        blue office chair"), that the item does not have (nor its own value of that option said there): the text with
        them blanked out (they describe the item, and ask for nothing), and those (option, value). Not after "for" /
        "to" ("swap it for the black kettle": what it should become), nor after "a" ("I want a linear RGB keyboard")."""
        low = re.sub(r"-(?!>)", " ", text.lower()).replace("\u2019", "'")
        variants = [v["options"] for v in product.get("variants", {}).values()]
        out: list[tuple[str, str]] = []
        blanks: list[tuple[int, int]] = []
        for a, _b, _n, neg in item_mentions(text, [it["name"]]):
            m = re.search(r"\b(?:the|my|our|this|that|these|those|your)\s+((?:[\w%.]+\s+){1,3})$", low[:a])
            if neg or not m or re.search(r"(?:->|\b(?:to|into|for|with|instead of|rather than|want|need|like|get|prefer|"
                                         r"become|be)\b)\s*$", low[:m.start()]):
                continue
            said = named_values(m.group(1), variants)
            for k, v in sorted(said):
                if k in it["options"] and it["options"][k] != v and (k, it["options"][k]) not in said and (k, v) not in out:
                    out.append((k, v))
                    blanks += [(m.start(1) + x.start(), m.start(1) + x.end()) for x in re.finditer(
                        rf"(?<![\w.]){re.escape(v.lower().replace('-', ' '))}(?![\w.])", m.group(1))]
        for x, y in blanks:
            text = text[:x] + " " * (y - x) + text[y:]
        return text, out

    def _said_wrongly_now(self, it: dict[str, Any], product: dict[str, Any], names: list[str]) -> tuple[str, bool]:
        """A change asked "from X to Y" whose X is not what the item is now ("switch the clicky keyboard to a tactile
        one" of a tactile keyboard): the note that says what it is, once per item and request, and whether Y is what
        it is already (then nothing is proposed: which option is asked). An X that is the option proposed before
        ("no, from clicky to linear") corrects the proposal, and is no mistake. Before, X was read as the option
        wanted and the opposite change proposed, or, with Y its own option, another option changed unasked."""
        said = said_as_now(self._item_text(it, names), it["options"],
                           [v["options"] for v in product.get("variants", {}).values()])
        told = self.goal.setdefault("now_said", set())
        chosen = product.get("variants", {}).get(self.goal["variants"].get(it["item_id"], ""), {}).get("options", {})
        said = [(k, x, y) for k, x, y in said if chosen.get(k) != x]
        if not said or it["item_id"] in told:
            return "", False
        told.add(it["item_id"])
        key, x, y = said[-1]
        now = it["options"][key]
        if y == now:
            return f"Your {it['name']} is already {y}, not {x}. ", True
        return f"Please note: your {it['name']} is {now} now, not {x}. ", False

    @staticmethod
    def _nearest_note(item: dict[str, Any], product: dict[str, Any], variant: dict[str, Any], text: str) -> str:
        """Said before a proposal whose new options are not all the ones asked for: the combination asked for
        (the options named, the others kept) is out of stock or does not exist, and which options of the nearest
        available one differ ("the keyboard for a 60% linear one with white backlight": white is out of stock
        in that combination, RGB proposed); empty when the proposal is what was asked for. Before, another
        combination was proposed without a word."""
        variants = product.get("variants", {})
        want = _wanted(item, product, text)
        if not want:
            return ""
        asked = {**item["options"], **want}
        either = either_values(text, [v["options"] for v in variants.values()])  # ("silver or black": silver is asked)
        asked.update({k: v for k, v in variant["options"].items() if v in either.get(k, ()) and asked.get(k) in either[k]})
        waived = waived_options(text, list(item["options"]))  # ("ram doesnt matter": any RAM is what was asked)
        differs = [k for k, v in variant["options"].items() if asked.get(k) is not None and v != asked[k] and k not in waived]
        if not differs:
            return ""
        exists = any(v["options"] == asked for v in variants.values())
        combo = ", ".join(asked[k] for k in variant["options"] if k in asked)
        why = "isn't available right now" if exists else "doesn't come in that combination"
        diff = "; ".join(f"{k} {variant['options'][k]} instead of {asked[k]}" for k in differs)
        return f"Please note: the {item['name']} with {combo} {why}, so this is the closest available option, with {diff}. "

    def _address_key(self, a: dict[str, str]) -> tuple[str, ...]:
        """An address's fields, compared without case, spacing or punctuation ("Suite 995" = "suite 995")."""
        return tuple(re.sub(r"[\W_]+", "", str(a.get(k) or "")).lower()
                     for k in ("address1", "address2", "city", "state", "zip", "country"))

    def _address_text(self, a: dict[str, str]) -> str:
        parts = [a["address1"], a["address2"], a["city"], f"{a['state']} {a['zip']}", a["country"]]
        return ", ".join(p for p in parts if p)

    def _propose_default_address(self, turn: TurnContext, notes: list[str]) -> str:
        a = self.goal["address"]
        if not a:
            return " ".join(notes + [self._address_question("address")])
        return " ".join(notes + [self._ask(turn, [("modify_user_address", {"user_id": self.user_id, **a})],
                                           f"update your default address to {self._address_text(a)}")])

    # --- execution --------------------------------------------------------------------------
    def _execute(self, turn: TurnContext) -> str:
        calls, self.pending = self.pending, []
        lines = []
        # one proposal carried out by several item calls on one order (per_item_calls): each says its items
        split = [a.get("order_id") for t, a in calls if t in ITEM_TOOLS]
        for tool, args in calls:
            recap = self._log_write(tool, args)
            res = turn.call_tool(tool, args)
            o = args.get("order_id")
            if res.ok:
                self.log.append((tool, o, recap))
                self.last_reason = args.get("reason")  # (kept for the order meant, if this one was the wrong one)
                if tool == "modify_pending_order_address":
                    before = self.orders.get(o, {}).get("address") or {}
                    self.last_moved = (o, {k: args.get(k, "") for k in ADDRESS_KEYS},
                                       {k: before.get(k, "") for k in ADDRESS_KEYS})
                    self.moved_from[o] = self.last_moved[2]
            which = self._call_items(o, args) if tool in ITEM_TOOLS and split.count(o) > 1 else ""
            if not res.ok:
                what = f"the {'exchange' if tool.startswith('exchange') else 'change'} of {which} " if which else "that "
                lines.append(f"Sorry, {what}didn't go through: {res.content.removeprefix('Error: ')}.")
                # settled: re-proposing the same refused write would retry it (a second items call
                # on the order, R6) and, with skip_confirm_when_urgent, recurse without end
                self._done(tool, o)
                continue
            data = json.loads(res.content)
            if tool == "modify_user_address":
                if self.old_default is None and (a := (self.profile or {}).get("address")):
                    self.old_default = {k: a.get(k, "") for k in ADDRESS_KEYS}
                self.profile = data
                lines.append(f"Your default address is now {self._address_text(args)}.")
                self._done(tool, None)
                continue
            before = self.orders.get(o, {}).get("payment_history", [])
            changed = {it["name"] for it in self.orders.get(o, {}).get("items", []) if it.get("item_id") in args.get("item_ids", [])}
            self._spend(before, data.get("payment_history", []))
            self.refunded += [(o, p["amount"], p["payment_method_id"]) for p in data.get("payment_history", [])[len(before):]
                              if p.get("transaction_type") == "refund"]
            self.orders[o] = data
            if tool in ITEM_TOOLS:
                self.items_changed.add(o)
            if tool in ITEM_TOOLS or tool == "return_delivered_order_items":  # (a return's items too: "is the camera done?")
                self.changed_names.setdefault(o, set()).update(changed)  # (read before the order was written)
            if which:
                lines.append(f"The {'exchange' if tool.startswith('exchange') else 'change'} of {which} in order {o} "
                             f"is {'requested' if tool.startswith('exchange') else 'made'}.")
                self._done(tool, o)
                continue
            lines.append({
                "cancel_pending_order": f"Order {o} is cancelled.",
                "modify_pending_order_address": f"Order {o} will ship to the new address.",
                "modify_pending_order_payment": f"Order {o} is now paid with the new method.",
                "modify_pending_order_items": f"The items of order {o} are changed.",
                "exchange_delivered_order_items": f"The exchange for order {o} is requested; you'll get an email "
                                                  f"on how to send the items back.",
                "return_delivered_order_items": f"The return for order {o} is requested; you'll get an email on "
                                                f"how to send the items back.",
            }[tool])
            self._done(tool, o)
        return " ".join(lines + [self._plan(turn)])

    def _refunds_said(self, r: Reading) -> str:
        """What this conversation's writes refunded and to which method (``self.refunded``: the refunds each write added
        to its order's payment history); a return's refund, made once the items are back, as its recap says."""
        parts = [f"{_money(a)} of order {o} was refunded to {self._method_text(m)}" for o, a, m in self.refunded]
        said = (f"In this conversation, {'; '.join(parts)}." if parts else
                "Nothing has been refunded by the changes in this conversation.")
        returns = [w for tool, _, w in self.log if tool == "return_delivered_order_items"]
        if returns:
            said += f" I have also {'; '.join(returns)}, once the items are received."
        # the sum over every write, cancellations and returns alike ("how much in total did I get back?"; before: each
        # amount and no total)
        amounts = [a for _, a, _ in self.refunded] + [float(x.replace(",", "")) for w in returns
                                                      for x in re.findall(r"with \$([\d,.]+) refunded", w)]
        if len(amounts) > 1:
            said += f" In total, that is {_money(sum(amounts))}."
        to_card = any(self._payment_methods().get(m, {}).get("source") == "gift_card" for _, _, m in self.refunded)
        if r.payment_kind == "gift_card" and not to_card:
            said += " Nothing was refunded to a gift card."
        return said

    def _item_change_said(self, r: Reading, turn: TurnContext | None = None) -> str:
        """Of the orders whose items this chat changed or returned (those the message names, if any), whether the items
        the message names are in the change made: '' when it names none of their items. An item named of another of
        the customer's orders, none of whose items were touched, is said to be in nothing done, with what can still
        be done for it (offered for a yes where one action fits; nothing is written on this answer)."""
        orders = [o for o in self.changed_names if not r.order_ids or o in r.order_ids]
        if set(r.order_ids) - set(orders) or re.search(r"\b(?:other|another|different)\s+(?:\w+\s+)?orders?\b", r.text, re.I):
            return ""  # ("the backpack in my other order - was it changed?": not of this order)
        parts = []
        for o in orders:
            names = [it["name"] for it in self.orders.get(o, {}).get("items", [])]
            asked = list(dict.fromkeys(mentioned_items(r.text, names)))
            done = [n for n in asked if n in self.changed_names[o]]
            left = [n for n in asked if n not in self.changed_names[o]]
            status = self.orders[o].get("status", "")
            verb = "exchange requested" if status.startswith("exchange") else \
                "return requested" if status.startswith("return") else "change made"
            if done:
                parts.append(f"Yes, the {' and the '.join(done)} of order {o} {'is' if len(done) == 1 else 'are'} part "
                             f"of the {verb}.")
            if left and verb == "change made":
                parts.append(f"No, the {' and the '.join(left)} of order {o} {'was' if len(left) == 1 else 'were'} not "
                             f"changed: the {verb} held only the {' and the '.join(sorted(self.changed_names[o]))}. An "
                             f"order's items can only be changed once, so {'it' if len(left) == 1 else 'they'} can't be "
                             f"changed in that order now.")
            elif left:
                # (after a partial return, "the camera is done too right?": not confirmed; the order's return or
                # exchange is requested, so none of its other items can be returned or exchanged any more)
                parts.append(f"No, the {' and the '.join(left)} of order {o} {'is' if len(left) == 1 else 'are'} not "
                             f"part of it: the {verb} holds only the {' and the '.join(sorted(self.changed_names[o]))}. "
                             f"Since order {o} now has a {verb.split()[0]} requested, its other items can't be returned "
                             f"or exchanged any more.")
        held = {it["name"] for o in orders for it in self.orders.get(o, {}).get("items", [])}
        other = list(dict.fromkeys(n for n in mentioned_items(r.text, self.product_names) if n not in held))
        if other and turn is not None and not r.order_ids:
            # "the keyboard is done too right?" after the mouse of another order was returned: in nothing done here
            self._lookup(turn, self._owned())
            for n in other:
                holders = [o for o in self._owned() if o in self.orders and o not in orders and
                           any(it["name"] == n for it in self.orders[o].get("items", []))]
                if len(holders) != 1:
                    return ""
                o = holders[0]
                status = self.orders[o]["status"]
                parts.append(f"No, the {n} (order {o}) is not part of anything done in this conversation.")
                kinds = {_TOOL_KIND.get(t) for t, _o, _w in self.log}
                kind = "return" if status == "delivered" and "exchange" not in kinds else \
                    "exchange" if status == "delivered" else None
                if kind and len(other) == 1 and not self.pending:
                    self.offer = {"intents": {kind}, "orders": [o], "text": f"{kind} the {n}"}
                    parts.append(f"Order {o} is delivered; would you like me to {kind} the {n}?")
                elif status == PENDING:
                    parts.append(f"Order {o} is still pending, so it hasn't shipped yet.")
                elif status != "delivered":
                    parts.append(f"Order {o} is {status}.")
            other = []
        return " ".join(parts) if parts and not other else ""

    def _order_done_said(self, turn: TurnContext, r: Reading) -> str:
        """Whether this chat wrote to the order a question names (by its number, as "the other one", or by an item
        said with "order"/"one"): what was done to it, or that nothing was and the state it is in, with the same kind
        of action offered for a yes where it fits. '' when no one such order is named."""
        written = list(dict.fromkeys(o for _t, o, _w in self.log if o))
        orders = [o for o in r.order_ids if o in self._owned()]
        if not orders and (_OTHER_ORDER.search(r.text) or _OTHER_PENDING.search(r.text)) and \
                not mentioned_items(r.text, self.product_names):
            self._lookup(turn, self._owned())
            orders = [o for o in self._owned() if o not in written and self.orders.get(o, {}).get("status") in
                      (PENDING, "delivered")]
        elif not orders and (named := mentioned_items(r.text, self.product_names)) and \
                re.search(r"\b(?:order|one)\b", r.text, re.I):
            self._lookup(turn, self._owned())
            orders = [o for o in self._owned() if o in self.orders and
                      any(it["name"] in named for it in self.orders[o].get("items", []))]
        if len(orders) != 1:
            return ""
        o = orders[0]
        done = [w for _t, x, w in self.log if x == o]
        if done:
            return "Yes: in this conversation I " + "; and ".join(done) + "."
        self._lookup(turn, [o])
        status = self.orders.get(o, {}).get("status", "")
        said = f"No, I haven't changed order {o} in this conversation: it is {status}."
        kind = _TOOL_KIND.get(self.log[-1][0])
        if kind == "cancel" and status == PENDING:
            self.offer = {"intents": {"cancel"}, "orders": [o], "text": f"cancel order {o}"}
            return f"{said} Would you like me to cancel it?"
        if kind in ("return", "exchange") and status == "delivered":
            self.offer = {"intents": {kind}, "orders": [o], "text": f"{kind} items from it"}
            return f"{said} Would you like me to {kind} items from it?"
        return said

    def _recap_text(self) -> str:
        """This conversation's writes that went through, in order, in one sentence (read from ``self.log``)."""
        if not self.log:
            return "I haven't changed anything yet in this conversation."
        done = [w for _, _, w in self.log]
        return "So far in this conversation I have " + ("; ".join(done[:-1]) + "; and " if len(done) > 1 else "") + \
            done[-1] + "."

    def _undo_text(self, last: bool = False) -> str:
        """Which of this conversation's writes can be taken back, by the policy for each: a cancellation, a return or
        exchange requested and an items change are final; a pending order's address or payment, and the default
        address, can be changed again by a new request (nothing is written here)."""
        if not self.log:
            return "I haven't changed anything yet in this conversation, so there is nothing to undo."
        parts = []
        for tool, o, _ in self.log[-1:] if last else self.log:  # (``last``: the latest write only)
            status = self.orders.get(o or "", {}).get("status")
            if tool == "cancel_pending_order":
                parts.append(f"A cancelled order can't be reinstated, so order {o} stays cancelled; you would need "
                             f"to place a new order.")
            elif tool in ("return_delivered_order_items", "exchange_delivered_order_items"):
                kind = "return" if tool.startswith("return") else "exchange"
                parts.append(f"The {kind} requested for order {o} can't be withdrawn here.")
            elif tool == "modify_pending_order_items":
                parts.append(f"The items of order {o} can't be changed again, so that change stays.")
            elif tool == "modify_user_address":
                parts.append("Your default address can be changed again: just tell me the address you'd like.")
            elif status == PENDING and tool == "modify_pending_order_address":
                parts.append(f"The shipping address of order {o} can be changed again while it's pending: just tell "
                             f"me the address you'd like.")
            elif status == PENDING:
                parts.append(f"The payment of order {o} has been changed once, so it can't be moved to another "
                             f"method again.")
            else:
                parts.append(f"Order {o} can't be changed any more.")
        return " ".join(dict.fromkeys(parts))

    def _it_fact_said(self, turn: TurnContext, r: Reading) -> str:
        """The answer to a question of fact about "it", the order (or item) just discussed ("how much was it?", "what
        colour was it again?", "when will it arrive?", "is it refunded yet?"), read from that order as looked up; when
        no one order was just discussed, said so and asked which. '' when the message is no such question."""
        text = r.text
        if not _IT_FACT_Q.match(text) or _FACT_ACT.search(text) or r.intents & ACTING or r.address or r.yes or \
                r.emails or r.user_ids or place_cue(text) or mentioned_items(text, self.product_names):
            return ""
        kinds = [k for k, rx in (("price", _FACT_PRICE), ("option", _FACT_OPTION), ("refund", _FACT_REFUND),
                                 ("delivery", _FACT_DELIVERY)) if rx.search(text)]
        if not kinds:
            return ""
        owned = self._owned()
        orders = [o for o in r.order_ids if o in owned]
        if r.order_ids and not orders:
            return ""  # (another person's order: said by the usual path)
        if not orders:
            inhand = list(dict.fromkeys(o for _, a in self.pending if (o := a.get("order_id")))) or \
                [o for o in self.goal["orders"] if o in owned]
            if len(inhand) == 1:
                orders = inhand
            elif len(self.recent) == 1:
                orders = list(self.recent)
            elif self.log and self.log[-1][1]:
                orders = [self.log[-1][1]]
        if not orders:
            return (f"I can't tell which order you mean, so I can't answer that yet. The orders on your account are: "
                    f"{', '.join(owned) or 'none'}. Which order do you mean?")
        self._lookup(turn, [o for o in orders if o not in self.orders])
        orders = [o for o in orders if o in self.orders]
        if not orders:
            return ""
        said = []
        for o in orders:
            d = self.orders[o]
            items = d.get("items", [])
            named = mentioned_items(text, [it["name"] for it in items])
            if not named and self.pending and any(a.get("order_id") == o for _, a in self.pending):
                named = sorted(self._proposed_names())  # (the items of the proposal in hand are "it")
            elif not named and self.log and self.log[-1][1] == o and o in self.changed_names:
                named = sorted(self.changed_names[o])  # (the items just returned, exchanged or changed are "it")
            items = [it for it in items if it["name"] in named] or items
            if "option" in kinds:
                asked = {w.lower().rstrip("s").replace("colour", "color") for w in _FACT_OPTION.findall(text)}
                for it in items:
                    keys = [k for k in it["options"] if any(a in k.lower() for a in asked)]
                    if keys:
                        said.append(f"The {it['name']} in order {o} is " +
                                    " and ".join(f"{it['options'][k]} ({k})" for k in keys) + ".")
                    else:
                        word = _FACT_OPTION.search(text).group(0).lower()
                        said.append(f"The {it['name']} in order {o} has no {word} option as such: it is "
                                    f"{_opts(it['options'])}.")
            if "price" in kinds:
                if len(items) < len(d.get("items", [])) or len(items) == 1:
                    said.append(" ".join(f"The {it['name']} in order {o} cost {_money(it['price'])}." for it in items))
                else:
                    said.append(f"Order {o} holds: " + "; ".join(f"{it['name']} ({_money(it['price'])})" for it in items) +
                                ".")
                said.append(self._payments_text(o, refund="refund" in kinds))
            elif "refund" in kinds:
                said.append(f"Order {o} is {d['status']}. " + self._payments_text(o, refund=True))
            if "delivery" in kinds:
                said.append(self._report(o))
        return " ".join(dict.fromkeys(x for x in said if x))

    def _uncancel_said(self, turn: TurnContext, r: Reading) -> str:
        """What is said to a cancellation asked to be taken back ("undo the cancellation", "uncancel #W1", "can you
        reactivate it?"): a cancelled order can't be restored, and placing a new order is not something the clerk can
        do; an order named that isn't cancelled is said so. '' when the message asks no such thing (or asks for
        another action beside it)."""
        text = r.text
        explicit = bool(_UNCANCEL_ASK.search(text))
        if not (explicit or _REVIVE_ORDER.search(text)) or r.intents & ACTING - {"cancel", "modify"} or r.address or \
                not explicit and (mentioned_items(text, self.product_names) or _ADDRESS_PART.search(text) or
                                  r.payment_kind or r.card_brand or r.card_last4):
            return ""  # (not "restore my old address", "reinstate the card")
        owned = self._owned()
        named = [o for o in r.order_ids if o in owned]
        if [o for o in r.order_ids if o not in owned]:
            return ""  # (another person's order: said by the usual path)
        cancelled_here = [o for tool, o, _ in self.log if tool == "cancel_pending_order" and o]
        if named:
            self._lookup(turn, [o for o in named if o not in self.orders])
            targets = named
        elif cancelled_here:
            targets = [cancelled_here[-1]] if re.search(r"\b(?:it|that|this|last|latest)\b", text, re.I) or len(set(cancelled_here)) == 1 else \
                list(dict.fromkeys(cancelled_here))
        elif len(self.recent) == 1:
            targets = list(self.recent)
        else:
            targets = []
        status = {o: (self.orders.get(o) or {}).get("status") for o in targets}
        if not explicit and not any(v == "cancelled" for v in status.values()):
            return ""  # ("restore" of an order that isn't cancelled: read as usual)
        if not targets:
            return ("I haven't cancelled any order in this conversation, so there is no cancellation to undo; a "
                    "cancelled order can't be reinstated in any case. Which order do you mean?")
        said = []
        gone = [o for o in targets if status[o] == "cancelled"]
        if gone:
            which = ", ".join(gone)
            said.append(f"A cancelled order can't be reinstated, so order{'s' if len(gone) > 1 else ''} {which} "
                        f"{'stay' if len(gone) > 1 else 'stays'} cancelled, and nothing has been changed. I can't place "
                        f"a new order for you here either; you would need to order the items again yourself.")
        for o in targets:
            if status[o] != "cancelled":
                said.append(f"Order {o} isn't cancelled: it is {status[o] or 'not one I could find'}, so there is no "
                            f"cancellation to undo.")
        return " ".join(said)

    def _log_write(self, tool: str, args: dict[str, Any]) -> str:
        """What one write does, in the clerk's words for a recap ("cancelled order #W1"), read from the call and
        the order as it stood before it."""
        o = args.get("order_id")
        method = re.sub(r" \(balance [^)]*\)", "", self._method_text(args.get("payment_method_id", "")))
        if tool == "modify_user_address":
            return f"updated your default address to {self._address_text(args)}"
        if tool == "cancel_pending_order":
            return f"cancelled order {o} (refund to the original payment method)"
        if tool == "modify_pending_order_address":
            return f"changed the shipping address of order {o} to {self._address_text(args)}"
        if tool == "modify_pending_order_payment":
            return f"changed the payment of order {o} to {method}"
        items = self._call_items(o, args)
        if tool == "return_delivered_order_items":
            paid = sum(it["price"] for it in self.orders.get(o, {}).get("items", []) if it["item_id"] in args["item_ids"])
            return f"requested a return of {items} from order {o}, with {_money(paid)} refunded to {method}"
        if tool == "exchange_delivered_order_items":
            return f"requested an exchange of {items} from order {o}"
        return f"changed {items} in order {o}"

    def _spend(self, before: list[dict[str, Any]], after: list[dict[str, Any]]) -> None:
        """The gift-card balances of the profile read at login, moved by what a write added to an order's payment
        history (its output): a payment takes the amount from the card, a refund puts it back. A balance said or
        weighed after a write is then the one the database holds (before: the login balance, so a second charge
        the card no longer covered was proposed, and failed)."""
        methods = (self.profile or {}).get("payment_methods", {})
        for p in after[len(before):]:
            pm = methods.get(p.get("payment_method_id"))
            if pm and pm.get("source") == "gift_card":
                sign = -1 if p.get("transaction_type") == "payment" else 1
                pm["balance"] = round(pm.get("balance", 0) + sign * p.get("amount", 0), 2)

    def _call_items(self, o: str, args: dict[str, Any]) -> str:
        """The items one call changes, by name ("the Jigsaw Puzzle"), read from the order before the call."""
        names = [it["name"] for it in self.orders.get(o, {}).get("items", []) if it["item_id"] in args["item_ids"]]
        return "the " + " and the ".join(dict.fromkeys(names)) if names else "the items"

    def _done(self, tool: str, o: str | None) -> None:
        """Mark the part of the request that was just carried out."""
        kind = {"cancel_pending_order": "cancel", "modify_pending_order_address": "address",
                "modify_pending_order_payment": "payment", "return_delivered_order_items": "return",
                "modify_pending_order_items": "items", "exchange_delivered_order_items": "items",
                "modify_user_address": "default_address"}[tool]
        self.goal["done"].update({(o, kind), (o, "refused")})
