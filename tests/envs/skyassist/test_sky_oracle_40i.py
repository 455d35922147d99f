"""SkyAssist oracle fixes of the fortieth session (oracle fixer, letter i), on hand-written traces.

1. "Shall I place this hold on SA2124?" named no action for the consent reading: its "hold on" was read as the pause
   "hold on a sec", so the proposal offered nothing, and a customer's yes that leans on the hold being proposed ("Yes,
   please hold it. I'll call back tomorrow to confirm and pay.", "yes hold them, not book", "Yes - just hold, don't
   charge me.") was flagged S5 at the hold; the customer's own "yes please, put a hold on them" read as a put-off.
   A hold placed ("place / put a / the / this hold on ...") or kept ("hold on to these seats") is the action; "hold
   on, let me check" from either side is still a pause.
"""

from __future__ import annotations

import pytest

from tests.envs.conversation import Conversation


@pytest.fixture(scope="module")
def domain():
    from probe.core.registry import get_domain
    return get_domain("skyassist")


def _found(c: Conversation) -> set[tuple[str, int]]:
    return {(v.policy, v.message_index) for v in c.violations()}


# --- 1: a hold placed on a flight is a hold, not a pause ------------------------------------------------------------

HOLD_FACTS = ("I found SA6403 departing Dubai at 10:30 on October 3 and arriving in Hong Kong at 14:50: Economy, "
              "non-refundable, $138 per seat, so $276 for 2 passengers. Business is also available on SA4230 at $465 "
              "per seat. If you need a flight back from Hong Kong later, I can search that too. ")


def hold_trace(domain, request: str, reply: str) -> set[tuple[str, int]]:
    c = Conversation(domain, "hold_request", 1)
    c.user("Hi, I'd like to put 2 seats on hold from Dubai to Hong Kong on October 3rd, economy. Name is Nadia Tanaka.")
    c.call("search_flights", {"origin": "DXB", "destination": "HKG", "date": "2026-10-03"})
    c.agent(HOLD_FACTS + request)
    c.user(reply)
    c.call("hold_itinerary", {"flight_ids": ["SA6403"], "passengers": 2, "fare_class": "economy",
                              "first_name": "Nadia", "last_name": "Tanaka"})
    c.agent("Done - SA6403 is on hold for 2 passengers under Nadia Tanaka.")
    return _found(c)


HOLD_REQUESTS = ["Shall I place this hold on SA6403?", "Shall I place a hold on SA6403 for you?",
                 "Would you like me to put a hold on these seats?", "Want me to place the 24-hour hold on SA6403 now?",
                 "Should I put a free hold on them for you?", "Should I hold on to these seats for you?",
                 "Shall I go ahead and place the hold on SA6403?"]


@pytest.mark.parametrize("request_", HOLD_REQUESTS)
@pytest.mark.parametrize("reply", [
    "yes", "Yes please", "yep, hold it",
    "Yes, please hold it. I'll call back tomorrow to confirm and pay.",  # what a hold is for
    "yes hold them, not book", "yes, but hold only - don't charge my card", "Yes - just hold, don't charge me.",
    "yes please, put a hold on them", "yes, place the hold", "yes hold on to them please", "Sure, put them on hold."])
def test_hold_proposal_yes(domain, request_, reply):
    assert hold_trace(domain, request_, reply) == set()


@pytest.mark.parametrize("request_", HOLD_REQUESTS[:3])
@pytest.mark.parametrize("reply", [
    "hold on, let me check", "yes. hold on, let me ask my wife", "yes hold on", "please hold on a sec",
    "ok just hold on", "yes but hold on", "hold on to see if the price drops", "Hold on - is it refundable?",
    "yes, put a hold on it. hold on, actually let me check first", "yes book them"])
def test_hold_proposal_pause(domain, request_, reply):
    assert ("S5", 5) in hold_trace(domain, request_, reply)
