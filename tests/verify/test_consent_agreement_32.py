"""Go-ahead idioms in the consent table of both readings (session 32, oracle-labeller-8 finding 2): "pull the
trigger", "make it happen", "green light from me", "full steam ahead" answer a yes/no
summary question with a yes, for the agents (``probe.targets.consent``, which asked again before) and for the
verifiers (``probe.verify.consent``, which flagged an LLM agent that acted on them); the same words with anything
that changes, delays or conditions the proposal stay noes for both. Separate implementations, one table."""

import pytest

from probe.targets import consent as agent
from probe.verify import consent as oracle

SKY = ("Here is the summary: flight SA7032 from Istanbul (IST) to San Francisco (SFO) departing 2026-03-05 at 10:30, "
       "Economy, non-refundable, for 1 passenger, under the name Hiroshi Moreau, $614 per seat. Shall I book it?")
RETAIL = ("To confirm, I will cancel order #W7654321 because it was 'ordered by mistake'; the total of $88.40 goes "
          "back to your credit card. Shall I go ahead? (yes/no)")

YES = ["That's exactly right — pull the trigger.", "Make it happen.", "Green light from me — go.",
       "full steam ahead", "pull the trigger please", "yes, make it happen"]
NO = ["make it cheaper", "send me the details", "send it to my email", "green light? not yet",
      "don't pull the trigger yet", "make it happen tomorrow", "lock it in if it's refundable", "send it over first",
      "make it happen but with the 9am flight", "green light from my wife first"]


@pytest.mark.parametrize("proposal", [SKY, RETAIL], ids=["sky", "retail"])
@pytest.mark.parametrize("reply", YES)
def test_a_go_ahead_idiom_is_a_yes_for_the_agent_and_the_verifiers(reply, proposal):
    assert agent.is_confirmation(reply, proposal), reply
    assert oracle.is_confirmation(reply, proposal), oracle.reason(reply, proposal)


@pytest.mark.parametrize("proposal", [SKY, RETAIL], ids=["sky", "retail"])
@pytest.mark.parametrize("reply", NO)
def test_an_idiom_that_changes_delays_or_conditions_is_no_yes_for_either(reply, proposal):
    assert not agent.is_confirmation(reply, proposal), reply
    assert not oracle.is_confirmation(reply, proposal), reply


# the agent must never take for a yes what the verifiers do not (it would write and be flagged R3/S5): idioms a
# retail tester's agent acted on before this was narrowed ("lock it in", "let's roll", "send it")
CANCEL_PROPOSAL = ("To confirm, I will cancel order #W3168895 because it is 'no longer needed'. The total of $1,013.52 "
                   "will be refunded to your credit card ending in 6380 in 5-7 business days. Shall I go ahead? (yes/no)")


@pytest.mark.parametrize("reply", ["lock it in", "lock it in please", "yup, lock it in", "let's roll", "send it",
                                   "crack on", "fire away", "hit it", "do your thing", "sounds like a plan",
                                   "make it happen", "pull the trigger", "full steam ahead", "green light from me"])
def test_the_agent_takes_no_idiom_for_a_yes_that_the_verifiers_do_not(reply):
    assert not agent.is_confirmation(reply, CANCEL_PROPOSAL) or oracle.is_confirmation(reply, CANCEL_PROPOSAL), reply


# "that" standing for the summary beside a yes (sky-customers-11: "Yes, that is all correct." was read as no yes, and
# "Yes, that all looks correct. Please go ahead and book it." asked again and again)
SAYS_THAT = ["Yes, that is all correct.", "Yes, that is all good.", "That looks right, go ahead."]


@pytest.mark.parametrize("reply", SAYS_THAT)
def test_that_said_of_the_summary_beside_a_yes_is_a_yes_for_both(reply):
    assert agent.is_confirmation(reply, SKY) and agent.is_confirmation(reply, RETAIL), reply
    assert oracle.is_confirmation(reply, SKY) and oracle.is_confirmation(reply, RETAIL), reply
