"""Two writes of the fault-free retail agent that the R3 verifier flagged (session 32, retail-customers-12's fixer):
"Great, thanks, that's all." at a cancel proposal (an acknowledgement with a closing, no approval: the agent
cancelled) and "Yes. Refund to PayPal, thanks." at an exchange whose difference comes back to PayPal ("refund" names
another action to the verifiers' reading: the agent exchanged). Now neither writes; a plain yes still does."""

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages

D = get_domain("taubench-retail")
CANCEL = ["olivia.jackson2465@example.com", "cancel W3168895, no longer needed"]
EXCHANGE = ["Hi, I'm Evelyn Patel, zip code 28262. I'd like to exchange my Bluetooth speaker for the blue one with 20 "
            "hours battery and no water resistance."]


def _play(family, seed, msgs):
    t = play_messages(D, D.scenario(family, seed), D.make_target("reference", []), msgs, "test")
    writes = [c["function"]["name"] for m in t.messages if m["role"] == "assistant" for c in m.get("tool_calls") or []
              if c["function"]["name"].startswith(("cancel_", "exchange_", "return_", "modify_"))]
    return writes, [v.policy for v in t.violations]


@pytest.mark.parametrize("reply", ["Great, thanks, that's all.", "ok thanks, that's it", "perfect, all set, thanks"])
def test_an_acknowledgement_with_a_closing_cancels_nothing(reply):
    writes, pols = _play("cancel", 200, CANCEL + [reply])
    assert writes == [] and pols == []


@pytest.mark.parametrize("reply", ["Yes. Refund to PayPal, thanks.", "Yes, refund the difference to my PayPal please."])
def test_refund_said_at_an_exchange_is_asked_again_not_written(reply):
    writes, pols = _play("exchange", 20, EXCHANGE + [reply])
    assert writes == [] and pols == []


@pytest.mark.parametrize("family, seed, msgs", [("cancel", 200, CANCEL), ("exchange", 20, EXCHANGE)])
def test_a_plain_yes_still_writes_cleanly(family, seed, msgs):
    writes, pols = _play(family, seed, msgs + ["Yes, please go ahead."])
    assert len(writes) == 1 and pols == []
