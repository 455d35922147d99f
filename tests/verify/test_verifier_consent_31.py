"""The verifiers' consent reading (probe.verify.consent) on the session's consent table (/work/h31/consent_table.md).

Every "confirmation" row of the table is read as a confirmation, every "not a confirmation" row is not, for the
table's proposal (a retail exchange) and for a booking summary; the details said back ("the red one") count only as
the caller's ``details`` (the values the write sets that the proposal lists), never the value the proposal replaces.
"""

from __future__ import annotations

import pytest

from envs.taubench import verifier_text
from probe.verify import consent

EXCHANGE = ("I'll exchange the Water Bottle (blue, 750ml) in order #W123 for the Water Bottle (red, 750ml); the price "
            "difference of $3.10 goes to your PayPal. Shall I go ahead? (yes/no)")
BOOKING = ("Here is the summary: flight SA8120 from Madrid to Amsterdam, Economy, for 2 passengers, under the name Aisha "
           "Okafor, $585 per seat, $1170 in total. Shall I book it?")
WRITTEN = frozenset({"red", "750ml", "water", "bottle", "paypal"})  # what retail's R3 passes for the exchange

THANKS = ["Yes. And thank you so much, you've been super helpful!", "Yes please. Really appreciate your help today!",
          "Yep, go ahead. You're a lifesaver, honestly.", "yes thank you so much for being so patient with me",
          "Yes please, and sorry for all the back and forth!", "yes thanks, have a good one",
          "yes, cheers mate, you're a star"]
QUESTIONS = ["Yes, go ahead - how long does the refund usually take?",
             "yes do it. is there a restocking fee on returns in general?",
             "Yes please. Also, when will my other order arrive?"]
DETAILS = ["Yes, the red one is perfect", "yes, red 750ml is what I want", "Yes, switching to PayPal is exactly what I want.",
           "yes, exchange the bottle for the red one"]
NOT_YES = ["yes but is it refundable?", "yes if the difference is under $5", "yes as long as it ships this week",
           "yes? what's the difference again?", "Yes, the green one", "yes but to my Visa instead", "Yes, but make it two",
           "Yes, thank you, but let me check with my wife first", "yes thanks, hold on a sec", "yes. actually wait",
           # near misses of mine: the value replaced, a question about the proposal itself, a weak ok and a question
           "Yes, the blue one is perfect", "Yes, go ahead. Is it refundable?", "ok. how long does the refund take?",
           "thanks so much, you've been super helpful", "ok thanks, you've been super helpful"]


@pytest.mark.parametrize("reply", THANKS + QUESTIONS + DETAILS)
def test_every_confirmation_row_confirms_the_exchange(reply):  # as retail's R3 reads it (its store words beside)
    assert verifier_text.reason(reply, EXCHANGE, None, WRITTEN) is None


@pytest.mark.parametrize("reply", NOT_YES)
def test_every_other_row_does_not(reply):
    assert verifier_text.reason(reply, EXCHANGE, None, WRITTEN) is not None
    assert consent.reason(reply, EXCHANGE, details=WRITTEN) is not None


@pytest.mark.parametrize("reply", THANKS + ["Yes, book it - how long does the confirmation email take?",
                                            "yes do it. is there wifi on board in general?"])
def test_thanks_and_a_separate_question_confirm_a_booking_too(reply):
    assert consent.reason(reply, BOOKING) is None


@pytest.mark.parametrize("reply", [r for r in NOT_YES if "red" not in r and "blue" not in r and "green" not in r])
def test_the_other_rows_do_not_confirm_a_booking(reply):
    assert consent.reason(reply, BOOKING) is not None


def test_a_detail_said_back_needs_the_callers_details():  # without them a pick by attribute is asked again
    assert consent.reason("Yes, the red one is perfect", EXCHANGE) is not None
    assert consent.reason("Yes, the red one is perfect", EXCHANGE, details=WRITTEN) is None


def test_green_is_a_colour_beside_a_yes_and_a_yes_in_green_light():
    assert consent.reason("yes, the green one", EXCHANGE) is not None
    assert consent.reason("green light, go ahead", EXCHANGE) is None


@pytest.mark.parametrize("reply", ["first one", "the only one", "First one."])
def test_a_reply_of_set_aside_words_is_quoted_as_no_affirmative(reply):
    assert consent.reason(reply, BOOKING) == f'no affirmative: "{reply}" holds no word of approval'


def test_an_empty_reply_stays_empty():
    assert consent.reason("  ", BOOKING) == "empty"
