"""A booking cancelled in this chat and then asked back with "keep" is never said to be kept (forty-first session).

The merge of skyC's kept references (``_keep_refs``: "BK... is my boss's, keep it" is never cancelled or looked up)
made "oh no, can I undo that? I want to keep BK7KPLU6", said right after that booking was cancelled, get "All right,
booking BK7KPLU6 stays as it is: I have not cancelled or changed it." - untrue: it had just been cancelled
(test_sky_customers_34c caught it in CI). A reference the chat cancelled is not kept: it is looked up and the
cancellation said to be final. A booking never cancelled and said to be kept still stays (the near miss)."""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages

D = get_domain("skyassist")
CANCEL = ["Hi, I need to cancel my booking BK7KPLU6.", "My last name is Johansson.", "Yes, please cancel it."]


def _play(messages):
    return play_messages(D, D.scenario("cancel_booking", 4), D.make_target("reference", []), messages, "t41e")


def _cancels(trace):
    return [c["function"]["arguments"] for m in trace.messages if m.get("tool_calls") for c in m["tool_calls"]
            if c["function"]["name"] == "cancel_booking"]


@pytest.mark.parametrize("back", [
    "oh no, can I undo that? I want to keep BK7KPLU6",
    "Actually, wait, I've changed my mind about BK7KPLU6: please don't cancel it, I want to keep it.",
    "no wait, keep BK7KPLU6!",
    "please leave BK7KPLU6 as it was",
    "don't cancel BK7KPLU6, I still need it",
    "BK7KPLU6 stays, I changed my mind",
    "hmm actually keep BK7KPLU6 please",
    "I said keep it - BK7KPLU6 is still flying",
])
def test_a_booking_cancelled_here_is_never_said_to_stay(back):
    trace = _play([*CANCEL, back])
    reply = trace.messages[-1]["content"]
    assert "have not cancelled" not in reply and "stays as it is" not in reply, reply
    assert "cannot be reinstated" in reply or "can no longer be changed or cancelled" in reply, reply
    assert len(_cancels(trace)) == 1  # the one cancel, on the clear yes


def test_near_miss_a_booking_never_cancelled_and_said_to_be_kept_stays():
    trace = _play(["Hi", "no, I said keep BK7KPLU6, don't cancel it"])
    reply = trace.messages[-1]["content"]
    assert not _cancels(trace)
    assert "cannot be reinstated" not in reply, reply
