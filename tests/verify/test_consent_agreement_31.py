"""One consent table for the agents' reading (``probe.targets.consent``) and the verifiers' (``probe.verify.consent``),
session 31 (/work/h31/consent_table.md, from the retail oracle labeller's findings 1-3): an explicit yes followed
by thanks, a pleasantry or an apology, a yes that repeats the details the proposal listed, and a go-ahead followed
by a separate question are confirmations for both (the agent re-asked "I need a clear yes" and the verifiers
flagged an LLM agent that acted on them); a yes conditioned on or questioning the proposal, a yes naming a value the
proposal did not list, and a yes followed by a put-off stay noes for both. The two readings are separate
implementations; this file holds them to one table.
"""

import pytest

from probe.targets import consent as agent
from probe.verify import consent as oracle

RETAIL = ("To confirm, I will exchange the Water Bottle (blue, 750ml) in order #W1234567 for the Water Bottle (red, "
          "750ml); the price difference of $3.10 will be refunded to your PayPal account. Shall I go ahead? (yes/no)")
CANCEL = ("To confirm, I will cancel order #W7654321 because it was 'ordered by mistake'; the total of $88.40 goes "
          "back to your credit card. Shall I go ahead? (yes/no)")
SKY = "Here is the summary: flight SA1234 on 2026-05-02, Economy, for 1 passenger, $420. Shall I book it?"

YES = [
    (RETAIL, "Yes. And thank you so much, you've been super helpful!"),
    (RETAIL, "Yes please. Really appreciate your help today!"),
    (RETAIL, "Yep, go ahead. You're a lifesaver, honestly."),
    (RETAIL, "yes thank you so much for being so patient with me"),
    (RETAIL, "Yes please, and sorry for all the back and forth!"),
    (RETAIL, "yes thanks, have a good one"),
    (RETAIL, "yes, cheers mate, you're a star"),
    (RETAIL, "Yes, go ahead - how long does the refund usually take?"),
    (RETAIL, "yes do it. is there a restocking fee on returns in general?"),
    (RETAIL, "Yes please. Also, when will my other order arrive?"),
    (SKY, "Yes please, thanks so much!"),
    (SKY, "yes, go ahead, thank you for your patience"),
]
# details said back: the verifiers judge them against the write's own values (the proposal text alone cannot say
# which listed value the write writes), so their side is a whole trace, in tests/envs/taubench/test_retail_oracle_31.py
SAID_BACK = [
    (RETAIL, "Yes, the red one is perfect"),
    (RETAIL, "yes, red 750ml is what I want"),
    (CANCEL, "Yes, cancel it - it really was ordered by mistake"),
    (RETAIL, "yes, exchange the bottle for the red one"),
]
NO = [
    (RETAIL, "yes but is it refundable?"),
    (RETAIL, "yes if the difference is under $5"),
    (RETAIL, "yes as long as it ships this week"),
    (RETAIL, "yes? what's the difference again?"),
    (RETAIL, "Yes, the green one"),
    (RETAIL, "yes but to my Visa instead"),
    (RETAIL, "Yes, but make it two"),
    (RETAIL, "Yes, thank you, but let me check with my wife first"),
    (RETAIL, "yes thanks, hold on a sec"),
    (RETAIL, "yes. actually wait"),
    (SKY, "yes but is it refundable?"),
    (SKY, "Yes thanks, but let me ask my husband first"),
]


@pytest.mark.parametrize("proposal, reply", YES)
def test_a_confirmation_row_is_a_yes_for_the_agent_and_the_verifiers(proposal, reply):
    assert agent.is_confirmation(reply, proposal), reply
    assert oracle.is_confirmation(reply, proposal), oracle.reason(reply, proposal)


@pytest.mark.parametrize("proposal, reply", NO)
def test_a_not_a_confirmation_row_is_no_yes_for_either(proposal, reply):
    assert not agent.is_confirmation(reply, proposal), reply
    assert not oracle.is_confirmation(reply, proposal), reply


@pytest.mark.parametrize("proposal, reply", SAID_BACK)
def test_listed_details_said_back_are_a_yes_for_the_agent(proposal, reply):
    assert agent.is_confirmation(reply, proposal), reply


@pytest.mark.parametrize("reply", ["Yes, the blue one is perfect", "yes, blue "
                                   "is what I want", "Yes, exchange the speaker for the blue one"])
def test_listed_details_said_back_are_a_yes_for_the_retail_verifier_and_the_agent(reply):
    from probe.core.registry import get_domain  # noqa: PLC0415
    from tests.envs.taubench.test_retail_oracle_31 import _exchange, pols  # noqa: PLC0415

    d = get_domain("taubench-retail")
    built = _exchange(reply)
    assert "R3" not in pols(d, built)
    proposal = [m for m in built[1].m if m["role"] == "assistant" and m.get("content")][-2]["content"]
    assert agent.is_confirmation(reply, proposal), (reply, proposal)
