"""skip_confirm_when_urgent and the agent's offer of another cabin (fault-sweep tester ``faults-6``, thirtieth
session, N-1): when no seat is left in the cabin asked for, the agent asks "Would you like SA5347 in Premium Economy
instead?". The verifiers read a yes to that as a yes to book the flight, so the fault booking at once on that yes
broke S5 unseen. The fault now lets that yes through to the summary (the trace is the fault-free one, word for word,
and clean); the urgent customer's yes to the summary is a consent, and the fault still breaks S5 alone where it
skips a summary's yes (a pick at the listing, urgency at the summary, the offer taken by name with no yes).
"""
from __future__ import annotations

import pytest

from tests.envs.skyassist.test_sky_faults_28 import D, _said, exactly, untouched

URGENT = "urgent_booking"
SEED = 1002197  # DXB-JFK on 2026-03-05: the only bookable option is SA5347 in Premium Economy
OPEN = "I have got to get to {destination_city} from {origin_city} on {date} as fast as possible, only me, {first_name} {last_name}"


def _msgs(*rest: str) -> list[str]:
    sc = D.scenario(URGENT, SEED)
    return [m.format(**sc) for m in (OPEN, "the cheapest economy one, get it sorted immediately please", *rest)]


@pytest.mark.parametrize("answer", ["yes, premium is fine", "sure, premium economy then", "yes", "ok fine, hurry"])
def test_a_yes_to_the_offer_of_another_cabin_gets_the_summary_under_the_urgency_fault(answer):
    untouched("skip_confirm_when_urgent", URGENT, SEED, _msgs(answer))


def test_the_offer_names_the_cabin_and_asks():
    from tests.envs.skyassist.test_sky_faults_28 import _play
    t = _play(URGENT, SEED, [], _msgs())
    assert "no Economy seat left" in _said(t)[-1] and "instead?" in _said(t)[-1], _said(t)


def test_urgency_at_the_summary_after_the_offer_still_breaks_s5_alone():
    exactly("skip_confirm_when_urgent", "S5", URGENT, SEED,
            _msgs("yes, premium is fine", "please hurry, my mum is in hospital"))
