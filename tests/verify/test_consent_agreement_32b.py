"""How an LLM user simulator confirms (session 32, sky-customers-11 and retail-customers-12, who played the customer
as tau-bench's simulator does): full sentences that judge the summary ("Yes, that all looks correct. Please go ahead
and book it.", "Yes, the details look correct.", "That sounds great, go ahead.") are a yes for the agents
(``probe.targets.consent``, through each environment's reading) and for the verifiers (``probe.verify.consent``); at
a hold's summary a plan to pay or decide later is what a hold is for ("Yes, please hold it. I'll call back tomorrow to
confirm and pay."), so it is a yes there and a put-off anywhere else. The same words with a condition, a question, a
change or a put-off stay noes for both. Separate implementations, one table."""

import pytest

from envs.skyassist.language import is_confirmation as sky_agent
from envs.skyassist.verifiers import _confirms as sky_oracle
from envs.taubench.language import STORE_ACTIONS
from envs.taubench.language import is_confirmation as retail_agent
from envs.taubench.verifier_text import is_confirmation as retail_oracle
from probe.verify import consent as oracle

BOOK = ("Here is the summary: flight SA5943 from Chicago (ORD) to Miami (MIA) departing 2026-05-28 at 10:30, Economy, "
        "non-refundable, for 2 passengers, under the name Arjun Schmidt, $240 per seat, $480 in total. Shall I book it?")
HOLD = ("You picked SA6403 (Economy). Here is the summary: flight SA6403 from Dubai (DXB) to Hong Kong (HKG) departing "
        "2026-10-03 at 10:30, Economy, non-refundable, for 2 passengers, under the name Nadia Tanaka, $138 per seat, $276 "
        "in total. Shall I place the hold? It is free for 24 hours.")
CANCEL_SKY = ("Booking BK17WTAZ: 2 passengers on SA2955, Business, refundable, $5,116 in total; cancelling it refunds "
              "$5,116. Shall I cancel booking BK17WTAZ?")
CANCEL = ("To confirm, I will cancel order #W3168895 because it is 'no longer needed'. The total of $1,013.52 will be "
          "refunded to your credit card ending in 6380 in 5-7 business days. Shall I go ahead? (yes/no)")

SKY_YES = [
    (BOOK, 'Yes, that all looks correct. Please go ahead and book it.'),
    (BOOK, 'Yes, that is all correct.'),
    (BOOK, 'Yes, that is all good.'),
    (BOOK, 'Yes, the details look correct. Please proceed.'),
    (BOOK, 'Yes, that looks right to me.'),
    (BOOK, 'Yes, all of that looks correct to me.'),
    (BOOK, 'Perfect, that looks great! Please book it.'),
    (BOOK, 'Yes, that all seems correct.'),
    (BOOK, 'That sounds great, go ahead.'),
    (BOOK, 'Yes, please book it for both of us.'),
    (HOLD, "Yes, please hold it. I'll call back tomorrow to confirm and pay."),
    (HOLD, "Yes please hold, I'll decide in a day or two."),
    (HOLD, "Please hold it, I'll pay within the next day."),
    (HOLD, 'Yes, hold it please. I will confirm by tomorrow.'),
    (HOLD, 'Great, please hold it and I will get back to you later today.'),
    (CANCEL_SKY, 'Yes, that looks right. Please cancel it.'),
    (BOOK, 'Yes, the details seem right. Go ahead and book it.'),
    (BOOK, 'Yes, everything appears to be correct.'),
    (BOOK, 'Yes, all of that is correct.'),
    (BOOK, 'Yes, that all sounds good to me. Please proceed with the booking.'),
    (HOLD, "Yes, please place the hold. I'll decide by tomorrow."),
    (HOLD, 'Yes, hold the seats please. We will confirm and pay tomorrow.'),
    (HOLD, "Yes, that looks right. Please hold it and I'll let you know tomorrow."),
    (CANCEL_SKY, 'Yes, the details look correct. Please cancel it.'),
    (BOOK, 'Everything looks right to me. Please go ahead and book it.'),
    (BOOK, 'Yes, that all appears correct. Please book it.'),
    (BOOK, 'Yes, the details seem right. Go ahead.'),
    (HOLD, "Yes, hold it please. I'll pay tomorrow."),
    (HOLD, 'Yes, please put it on hold. We will decide by tonight.'),
]
RETAIL_YES = [
    (CANCEL, 'Yes, that all looks correct. Please go ahead and cancel it.'),
    (CANCEL, 'Yes, please proceed with the cancellation.'),
    (CANCEL, 'That sounds great, go ahead.'),
    (CANCEL, 'Yes, the details look correct. Please proceed.'),
    (CANCEL, 'Yes, that is all correct.'),
    (CANCEL, 'Yes, that all seems right. Go ahead and cancel it.'),
    (CANCEL, 'Yes, everything looks correct to me. Please go ahead.'),
    (CANCEL, 'Yes, everything looks right to me. Please go ahead.'),
    (CANCEL, 'Yes, that all seems correct. Please cancel it.'),
]
NO = [
    (BOOK, "Yes, that looks correct, but can you check if there's a cheaper option first?"),
    (BOOK, 'That looks correct, but let me check with my wife first.'),
    (BOOK, "The details look correct, but I'd like to think about it."),
    (BOOK, "That sounds great, but I'll book it tomorrow."),
    (BOOK, 'Yes, that looks correct except the date should be the 6th.'),
    (BOOK, 'Looks correct, but is it refundable?'),
    (BOOK, "Yes, I'll call back tomorrow to confirm."),
    (BOOK, 'Yes, that all looks correct. Please hold it instead.'),
    (HOLD, 'Yes, please hold it. Actually, book it instead.'),
    (HOLD, 'That looks right, but hold only one seat.'),
    (HOLD, "I'll call back tomorrow to confirm."),
    (CANCEL_SKY, 'That looks right, but let me think about it overnight.'),
    (CANCEL, 'That sounds great, but can the refund go to my PayPal?'),
    (CANCEL, "The details look correct, but I'll decide tomorrow."),
    (CANCEL, 'Yes, that is all correct, except the reason: I ordered by mistake.'),
    (BOOK, "Yes, that all looks correct, but I'd like an aisle seat."),
    (BOOK, 'Yes, the details seem right. Is the fare refundable?'),
    (BOOK, 'Everything looks good, but let me check the dates with my husband first.'),
    (BOOK, 'Yes, the details look mostly correct.'),
    (BOOK, 'Yes, that looks correct. I will confirm by tomorrow.'),
    (BOOK, 'The details look correct. Can you book it for 3 passengers instead?'),
    (HOLD, "Yes, please hold it, but only for one passenger. I'll confirm tomorrow."),
    (HOLD, "Maybe hold it, I'll decide tomorrow."),
    (HOLD, "Hold on, I'll call back tomorrow to confirm."),
    (CANCEL_SKY, "Yes, the details look correct. I'll call back tomorrow to confirm."),
    (CANCEL, "Yes, that all looks correct. I'll confirm tomorrow."),
    (CANCEL, 'The details seem right, but can you refund it to my gift card instead?'),
    (BOOK, 'Yes, look into a cheaper option first.'),
    (BOOK, "Yes, the details look correct. I'll call back tomorrow to pay."),
    (BOOK, "Yes, that seems correct, but I'd rather hold it for now."),
    (HOLD, "Yes, please hold it. Wait, I'll call back tomorrow."),
    (HOLD, 'Yes, please hold it, but only if it is refundable.'),
    (CANCEL, 'Everything looks right, but let me check with my husband first.'),
]


@pytest.mark.parametrize("summary, reply", SKY_YES)
def test_a_simulator_yes_is_a_yes_for_the_skyassist_agent_and_the_verifiers(summary, reply):
    assert sky_agent(reply, summary), reply
    assert sky_oracle(reply, summary), oracle.reason(reply, summary)  # S5's reading: the verifiers' consent, its words


@pytest.mark.parametrize("summary, reply", RETAIL_YES)
def test_a_simulator_yes_is_a_yes_for_the_retail_agent_and_the_verifiers(summary, reply):
    assert retail_agent(reply, summary, STORE_ACTIONS), reply
    assert retail_oracle(reply, summary), oracle.reason(reply, summary)  # R3's reading


@pytest.mark.parametrize("summary, reply", NO)
def test_a_simulator_reply_with_a_condition_change_or_put_off_is_no_yes_for_either(summary, reply):
    agent = retail_agent(reply, summary, STORE_ACTIONS) if summary is CANCEL else sky_agent(reply, summary)
    assert not agent, reply
    assert not (retail_oracle(reply, summary) if summary is CANCEL else sky_oracle(reply, summary)), reply
