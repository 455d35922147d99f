"""The core consent reading (probe.verify.consent), fixes from the forty-fourth session's SkyAssist black-box test
(skyV), read with no environment's words.

F1 (false alarm): a clear yes with a negated reason was read as "refusal or change of mind" or "says more than yes":
"yes, I don't need anything else", "absolutely, can't see any issue", "yes I'm not bothered about the time, book it",
"go for it, I'm not fussy", "yes, I won't need insurance", "yes, it doesn't matter which seat"; to a cancellation "yes,
I don't need it anymore", "yes, no need to keep it", "yes, I won't be travelling"; to a change "yes, I don't need the old
flight". Now a yes. "yes, but I don't want 2 seats", "yes, I don't think so", "yes... actually no" stay no yes.

F3 (false alarm): British and informal clear yeses ("spot on, book it", "grand, go ahead", "ta, book it", "crack on",
"righto", "bang on, do it", "that'll do nicely", "smashing, go ahead", "fab, book it", "ofc", "yes, ta very much", "ys
book it", "yse") were no yes. Now a yes; "ta" alone is thanks, no yes, and "a window spot" is no "spot on".
"""

from __future__ import annotations

import pytest

from probe.verify import consent

BOOK = "Summary: 2 seats on the 09:45 flight, $1170 in total. Shall I book it?"
CANCEL = "I found order #W1234567. Shall I cancel it?"
CHANGE = "I can move you to the 13:00 flight on the 30th. Shall I make the change?"
EXCHANGE = "I can exchange the blue kettle for the red one, no extra charge. Shall I go ahead?"


@pytest.mark.parametrize("reply", [
    "yes, I don't need anything else", "absolutely, can't see any issue", "yes I'm not bothered about the time, book it",
    "go for it, I'm not fussy", "yes, I'm not worried about the price", "sure, don't need anything else",
    "yes, never mind the luggage question, book it", "yes, I won't need insurance", "yes, nothing more to add, book it",
    "yes, it doesn't matter which seat", "yes, I'm not fussed about seats", "sure, I don't care about the time",
    "yes please, no need for anything else", "yeah I'm not picky, book it", "yes, can't think of anything else",
    "yes, it doesn't really matter to me",
])
def test_a_yes_with_a_negated_reason_is_a_yes(reply):
    assert consent.reason(reply, BOOK) is None
    assert consent.reason(reply, EXCHANGE) is None


@pytest.mark.parametrize("reply", [
    "yes, but I don't want 2 seats", "yes, I don't think so", "yes... actually no", "yes, I don't want it",
    "yes, I'm not sure", "yes, I don't know", "yes, I can't afford it", "yes, I don't need it",
    "yes, I don't care about the booking", "yes, never mind", "yes, I'm not bothered, is it refundable?",
    "yes, not bothered about it", "yes, I won't be travelling",
])
def test_a_refusal_or_a_doubt_stays_no_yes(reply):
    assert consent.reason(reply, BOOK) is not None


@pytest.mark.parametrize("reply", [
    "yes, no need to keep it", "yes, I don't need it anymore", "yes, I won't be travelling",
    "yes cancel it, no refund needed", "yes, we're not going anymore", "yes please, I can't make it",
    "yes, I won't be using it", "yes, it's not needed", "yes, no longer needed", "yes, I don't need the old flight",
])
def test_a_reason_for_cancelling_beside_the_yes(reply):
    assert consent.reason(reply, CANCEL) is None


@pytest.mark.parametrize("reply", ["yes, I don't want to cancel", "no, I don't need to cancel",
                                   "yes... actually no, keep it", "yes, but don't cancel yet", "yes, I don't need to"])
def test_a_refusal_to_cancel_stays_no_yes(reply):
    assert consent.reason(reply, CANCEL) is not None


@pytest.mark.parametrize("reply,yes", [
    ("yes, I don't need the old flight", True), ("yes, the old date doesn't work for me anymore", True),
    ("yes, I don't need it anymore", False), ("yes, I won't be travelling", False),
])
def test_a_reason_for_changing_beside_the_yes(reply, yes):
    assert (consent.reason(reply, CHANGE) is None) == yes


@pytest.mark.parametrize("reply", [
    "spot on, book it", "grand, go ahead", "ta, book it", "crack on", "lovely, crack on", "righto", "bang on, do it",
    "that'll do nicely", "smashing, go ahead", "fab, book it", "ofc", "yes, ta very much", "ys book it", "yse",
    "bob's your uncle, yes", "cheers, crack on then", "champion, go ahead", "spot on", "that'll do", "yeah go on then",
    "brill, go ahead", "yep crack on", "righty-o", "yea ta",
])
def test_a_british_or_informal_yes(reply):
    assert consent.reason(reply, BOOK) is None
    if "book" not in reply:  # "book it" names another action than a change
        assert consent.reason(reply, CHANGE) is None


@pytest.mark.parametrize("reply", [
    "ta", "ta, but not yet", "spot on, but change the date", "crack on... actually wait", "righto, let me check with my wife",
    "a window spot please", "yes, the bang was loud", "grand, but how much is the bag fee?", "that'll do for now",
    "bang on, is it refundable?", "your uncle can book it",
])
def test_a_british_near_miss_stays_no_yes(reply):
    assert consent.reason(reply, BOOK) is not None
