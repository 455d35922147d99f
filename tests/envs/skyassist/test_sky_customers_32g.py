"""A hold let go in other words (session 32, sky-customers-12 finding 9): "Please release the hold." / "Please drop
the hold." on a looked-up hold asked for a travel date and looped; now they ask to cancel that booking, which a yes
then cancels, and nothing is written before the yes."""

import pytest

from probe.core.registry import get_domain
from tests.envs.skyassist.test_unseen_sky_customers import mutated
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play

D = get_domain("skyassist")
HELD = D.scenario("cancel_booking", 14)  # BKF64T54 (Tanaka), a hold AMS-MAD
OPEN = "Hi there - I put a hold on a flight from Amsterdam to Madrid. It's BKF64T54, Malik Tanaka."


@pytest.mark.parametrize("let_go", ["Please release the hold.", "Please drop the hold.", "can you remove my hold",
                                    "get rid of the reservation please", "I no longer need the hold anymore."])
def test_a_hold_let_go_is_asked_as_a_cancel_then_cancelled_on_a_yes(let_go):
    ep = _checked_play([OPEN, let_go], HELD)
    assert mutated(ep) == []
    assert "Shall I cancel booking BKF64T54?" in ep.messages[-1]["content"]
    ep = _checked_play([OPEN, let_go, "Yes, please."], HELD)
    assert [c["booking_id"] for c in _calls(ep, "cancel_booking")] == ["BKF64T54"]


def _calls(ep, name):
    import json  # noqa: PLC0415
    return [json.loads(c["function"]["arguments"]) if isinstance(c["function"]["arguments"], str) else c["function"]["arguments"]
            for m in ep.messages if m["role"] == "assistant" for c in m.get("tool_calls") or [] if c["function"]["name"] == name]
