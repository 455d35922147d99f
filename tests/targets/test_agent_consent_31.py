"""The agents' consent reading (``probe.targets.consent``) on the session-31 consent table (/work/h31/consent_table.md).

Before: a yes followed by thanks, praise or an apology ("Yes. And thank you so much, you've been super helpful!"), a yes
that repeated details the proposal listed ("Yes, the red one is perfect") and a go-ahead followed by a separate question
("Yes, go ahead - how long does the refund usually take?") were all asked again ("I need a clear yes"). They are
confirmations now; a yes conditioned on or questioning the proposal, naming another value, or put off, still is not.
"""

from __future__ import annotations

import pytest

from envs.taubench.language import STORE_ACTIONS
from probe.targets.consent import is_confirmation
from probe.verify.consent import is_confirmation as oracle_is_confirmation
from tests.envs.skyassist.test_target_phrasings import play as _play
from tests.envs.skyassist.test_unseen_sky_customers import first_listed, mutated, play, replies

EXCHANGE = ("I'll exchange the Water Bottle (blue, 750ml) in order #W123 for the Water Bottle (red, 750ml); the price "
            "difference of $3.10 goes to your PayPal. Shall I go ahead? (yes/no)")
CANCEL = ("To confirm, I will cancel order #W1092119 because it is 'ordered by mistake'. The total of $466.47 will be "
          "refunded to the original payment method. Shall I go ahead (yes/no)?")
PAYMENT = "To confirm, I will change the payment of order #W4843514 to your PayPal account. Shall I go ahead (yes/no)?"
BOOKING = ("Here is the summary: flight SA2374 from Toronto (YYZ) to Rome (FCO) departing 2026-09-05 at 06:45, Economy, "
           "non-refundable, for 1 passenger, under the name Diego Walsh, $203 per seat. Shall I book it?")

COURTESY = ["Yes. And thank you so much, you've been super helpful!", "Yes please. Really appreciate your help today!",
            "Yep, go ahead. You're a lifesaver, honestly.", "yes thank you so much for being so patient with me",
            "Yes please, and sorry for all the back and forth!", "yes thanks, have a good one",
            "yes, cheers mate, you're a star",
            # others of the kind
            "yes please, thanks a lot for your help", "Sure, go ahead. Sorry about the confusion earlier!"]
QUESTION_AFTER = ["Yes, go ahead - how long does the refund usually take?",
                  "yes do it. is there a restocking fee on returns in general?",
                  "Yes please. Also, when will my other order arrive?", "ok go ahead. how long does shipping take?"]
NOT_YES = ["yes but is it refundable?", "yes if the difference is under $5", "yes as long as it ships this week",
           "yes? what's the difference again?", "Yes, the green one", "yes but to my Visa instead", "Yes, but make it two",
           "Yes, thank you, but let me check with my wife first", "yes thanks, hold on a sec", "yes. actually wait",
           # near misses of the new readings
           "yes. is it refundable?", "yes - can you also cancel my other order?", "ok thanks", "great, thank you",
           "yes. what's the difference?", "Yes, go ahead - actually wait, how much is it?"]


@pytest.mark.parametrize("proposal", [EXCHANGE, CANCEL, PAYMENT, BOOKING])
@pytest.mark.parametrize("reply", COURTESY + QUESTION_AFTER)
def test_a_yes_with_courtesy_or_a_separate_question_is_a_confirmation(reply, proposal):
    assert is_confirmation(reply, proposal)
    assert is_confirmation(reply, proposal, STORE_ACTIONS)


@pytest.mark.parametrize("reply,proposal", [
    ("Yes, the red one is perfect", EXCHANGE), ("yes, red 750ml is what I want", EXCHANGE),
    ("yes, exchange the bottle for the red one", EXCHANGE), ("Yes, cancel it - it really was ordered by mistake", CANCEL),
    ("Yes, switching to PayPal is exactly what I want.", PAYMENT), ("yes, paypal is what I want", PAYMENT),
    ("yes, economy is fine", BOOKING), ("yes, Diego Walsh is right", BOOKING),
])
def test_a_yes_repeating_listed_details_is_a_confirmation(reply, proposal):
    assert is_confirmation(reply, proposal, STORE_ACTIONS)


@pytest.mark.parametrize("reply,proposal", [
    ("Yes, the green one", EXCHANGE), ("Yes, the 1000ml one is perfect", EXCHANGE),
    ("yes, the blue one", EXCHANGE),  # the item as it is, not the change proposed
    ("yes, the refundable one", BOOKING),  # the summary says non-refundable: not said back
    ("yes, business class is what I want", BOOKING), ("Yes, switching to my Visa is what I want", PAYMENT),
])
def test_a_yes_naming_a_value_not_listed_is_not_a_confirmation(reply, proposal):
    assert not is_confirmation(reply, proposal, STORE_ACTIONS)


@pytest.mark.parametrize("proposal", [EXCHANGE, CANCEL, PAYMENT, BOOKING])
@pytest.mark.parametrize("reply", NOT_YES)
def test_a_conditioned_questioning_or_put_off_yes_is_not_a_confirmation(reply, proposal):
    assert not is_confirmation(reply, proposal)
    assert not is_confirmation(reply, proposal, STORE_ACTIONS)


# --- SkyAssist: a booking summary answered with a yes and thanks is booked ------------------------------------------
def test_skyassist_books_at_a_yes_with_thanks():
    ep = play([first_listed(), "1", "Diego Walsh", "Yes please, thanks so much!"])  # (no verifier violation either)
    assert len(mutated(ep)) == 1 and "confirmed" in replies(ep)[-1], replies(ep)[-1]


@pytest.mark.parametrize("reply", ["Yes. And thank you so much, you've been super helpful!",
                                   "Yes, go ahead - how long does the confirmation email take?"])
def test_skyassist_books_at_a_yes_with_praise_or_a_question_after(reply):
    # the agent's side only: the verifiers' reading of these rows is fixed beside this (the oracle's own change)
    ep = _play([first_listed(), "1", "Diego Walsh", reply])
    assert len(mutated(ep)) == 1 and "confirmed" in replies(ep)[-1], replies(ep)[-1]


@pytest.mark.parametrize("reply", ["yes thanks, hold on a sec", "Yes, thank you, but let me check with my wife first"])
def test_skyassist_books_nothing_at_a_put_off_yes_with_thanks(reply):
    ep = play([first_listed(), "1", "Diego Walsh", reply])
    assert mutated(ep) == [], replies(ep)[-1]


# --- a question after a weak ok, or about the thing proposed (session 31 review: test_near_miss[92] booked on
# "Okay. Is the flight refundable?") -------------------------------------------------------------------------------

SKY_SUMMARY = ("You picked SA2462 (Premium Economy). Here is the summary: flight SA2462 from Madrid (MAD) to Sydney "
               "(SYD) departing 2026-07-07 at 09:30, Premium Economy, non-refundable, for 1 passenger, under the name "
               "Priya Andersen, $1180 per seat. Shall I book it?")


@pytest.mark.parametrize("reply", ["Okay. Is the flight refundable?", "ok. is it refundable?", "Sure. Which seat do I get?",
                                   "Yes, go ahead. Is the flight refundable?", "yes do it - is the fare refundable?",
                                   "Alright. When does the hold expire?", "fine. how many seats are left?"])
def test_a_question_after_a_weak_ok_or_about_the_flight_is_not_a_yes(reply):
    assert not is_confirmation(reply, SKY_SUMMARY)


@pytest.mark.parametrize("reply", ["Yes, go ahead. Will I get an email confirmation?",
                                   "yes please - how do I check in online?"])
def test_an_explicit_yes_then_a_question_about_after_is_still_a_yes(reply):
    assert is_confirmation(reply, SKY_SUMMARY)


# --- session 31 review: a plain word said back counts only where the summary names a value the action writes ------

def test_a_property_of_the_offer_said_back_is_not_a_yes():
    summary = ("You picked SA2374 (Economy). Here is the summary: flight SA2374 from Toronto (YYZ) to Rome (FCO) "
               "departing 2026-09-05 at 06:45, Economy, refundable, for 1 passenger, under the name Jane Doe, $203 per "
               "seat. Shall I book it?")
    assert not is_confirmation("yes i would like the refundable one", summary)  # the verifiers read "more" too
    assert is_confirmation("yes, the economy one", summary)  # the cabin, which the booking writes


@pytest.mark.parametrize("reply", ["ok cancel this reservation", "yes, cancel this one", "yes this is it"])
def test_this_keeps_its_letters(reply):  # "is" inside "this" was taken out as "it really is"
    assert is_confirmation(reply, "Shall I cancel booking BK7QX2 for Ana Silva? It is refundable.")


# --- faults-8 F10: an apology before the yes ------------------------------------------------------------------------

@pytest.mark.parametrize("reply", ["sorry, yes", "Sorry - yes please", "my bad, yes book it", "apologies, yes go ahead"])
def test_an_apology_before_the_yes_is_still_the_yes(reply):
    assert is_confirmation(reply, SKY_SUMMARY)
    assert oracle_is_confirmation(reply, SKY_SUMMARY)  # the verifiers' separate reading agrees


@pytest.mark.parametrize("reply", ["sorry, no", "sorry, yes but not yet", "sorry?", "sorry, what?", "sorry, yes? what was the price"])
def test_an_apology_before_a_no_a_question_or_a_put_off_is_not_a_yes(reply):
    assert not is_confirmation(reply, SKY_SUMMARY)
