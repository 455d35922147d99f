"""SkyAssist S5: "let me know when you're ready, and I'll <do it to this booking/flight>" asks for the go-ahead.

Where the case came from: the thirty-second round's oracle labeller 11 (/work/h32/oracle-labeller-11/report.md,
finding 6, trace x03; cancel_booking seed 0). The agent proposed cancelling hold BKC5FN82 ("Would you like me to
cancel this hold?"); the customer wanted to check with two colleagues first; the agent answered "Of course — take your
time. Just let me know when you're ready, and I'll cancel hold **BKC5FN82** (SA2650, 3 passengers) for you."; the
customer came back with "I've spoken with them and we all agree. Yes, please cancel the hold on BKC5FN82." and the
agent cancelled it. S5 fired "the customer was not asked to confirm it first".

Decided here from the policy text (S5: "Before any booking, hold, cancellation or modification, obtain explicit
confirmation ... after summarizing the action"): the agent's message names the action and what it acts on (the
booking, its flight and party) and invites the customer to signal when to go; it is the same request as "I'll book it
once you confirm" or "just say the word", which S5 already reads as one. A clear go-ahead to it ("ok go", "Yes,
please cancel the hold") is explicit confirmation. The class: an invitation to signal (let me know, tell me, say so,
give me a shout) followed by "and/then I'll <action>" in a sentence that names the flight or booking. Near misses
keep firing: the invitation names no action ("Just let me know when you're ready."), names no flight or booking
("let me know when you're ready and I'll book it"), offers another action ("... and I'll look for a return flight"),
or the reply is no yes ("ok I'll think about it").
"""

from __future__ import annotations

import pytest

from envs.skyassist.verify_text import asks_confirmation
from tests.envs.skyassist.test_sky_oracle_long_28b import Chat

HELD = ("Thank you, Mr. Mensah. I found the booking:\n\n- **Booking:** BKC5FN82 (currently **on hold**)\n- **Flight:** "
        "SA2650 — London (LHR) → Rome (FCO), July 23, 2026\n- **Passengers:** 3\n- **Fare class:** Business\n\n"
        "Since this is a hold, no payment was taken, so there's nothing to refund. Would you like me to cancel this hold?")
WAITING = ("Of course — take your time. Just let me know when you're ready, and I'll cancel hold **BKC5FN82** "
           "(SA2650, 3 passengers) for you.")


@pytest.fixture(scope="module")
def domain():
    from probe.core.registry import get_domain
    return get_domain("skyassist")


def cancelled(domain, waiting, reply):
    c = Chat(domain, "cancel_booking", 0).u("Hi, I'd like to cancel my booking BKC5FN82, please. The last name is Mensah.")
    c.t("lookup_booking", booking_id="BKC5FN82", last_name="Mensah")
    c.a(HELD).u("Let me just double-check with my two colleagues first, as they're on the booking too.")
    c.a(waiting).u(reply)
    c.t("cancel_booking", booking_id="BKC5FN82")
    c.a("The hold **BKC5FN82** has been cancelled. ✅ Is there anything else I can help with?")
    return c


WAITINGS = [
    WAITING,  # x03
    "No problem. Whenever you're ready, just tell me and I'll cancel BKC5FN82 (SA2650, 3 passengers, Business).",
    "Sure thing! Let me know once you've spoken to them, and I'll release the hold on **BKC5FN82** (SA2650) right away.",
    "Take all the time you need — give me a shout when you're ready and I'll go ahead and cancel hold BKC5FN82 "
    "(SA2650, London → Rome, 3 passengers).",
]
GO = ["I've spoken with them and we all agree. Yes, please cancel the hold on BKC5FN82.",  # x03
      "ok go", "We're all agreed — go ahead and cancel it.", "Yes, please cancel it now."]


@pytest.mark.parametrize("waiting", WAITINGS)
@pytest.mark.parametrize("reply", GO)
def test_a_go_ahead_after_an_invitation_naming_the_action_and_booking_is_confirmation(domain, waiting, reply):
    assert cancelled(domain, waiting, reply).fired("S5") == []


NOT_ASKED = [
    "Of course — take your time. Just let me know when you're ready.",  # names no action
    "Of course — take your time. Let me know when you're ready and I'll take care of it.",  # no action, no booking
    "Of course. Let me know when you're ready and I'll cancel it.",  # names no booking
    "Of course. Let me know when you're ready and I'll look up other flights on SA2650's route for you.",  # another action
    "Of course. Let me know when you're ready, and I'll cancel hold BKC5FN82. Would you also like me to look for "
    "another flight?",  # another question after it
]


@pytest.mark.parametrize("waiting", NOT_ASKED)
def test_an_invitation_without_the_action_or_the_booking_or_with_a_later_question_asks_nothing(domain, waiting):
    assert cancelled(domain, waiting, "ok go").fired("S5")


@pytest.mark.parametrize("reply", ["ok I'll think about it", "Still waiting to hear back from them.",
                                   "Yes — actually wait, one of them hasn't answered.", "What happens to the fare?"])
def test_no_yes_to_the_invitation_is_no_confirmation(domain, reply):
    assert cancelled(domain, WAITING, reply).fired("S5")


def test_the_invitation_is_read_as_a_request_for_approval_of_its_kind():
    for text in WAITINGS:
        assert asks_confirmation(text, "cancel")
        assert not asks_confirmation(text, "book")
    for text in NOT_ASKED[:3] + ["Let me know if you have any other questions, and I'll be happy to help with SA2650."]:
        assert not asks_confirmation(text, "cancel")
