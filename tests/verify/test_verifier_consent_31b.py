"""The verifiers' consent reading (probe.verify.consent) on /work/h31/oracle-labeller-7/report.md finding 3: clear yeses
it read as noes because of a word beside the yes.

- a concession beside a yes that names the proposed action or is explicit ("Yeah, cancel it anyway", "go ahead and
  cancel it regardless", "yes, cancel it all the same"): the customer goes ahead despite what the proposal warned of.
  Beside a weak ok only ("ok anyway") it is no yes;
- another action ruled out beside a yes to the proposed one ("yes hold them, not book", "yes, but hold only - don't
  charge my card", "yes, book it, don't hold" at a booking): a yes that names the proposed action is a yes; a yes that
  names another action ("yes, but book it" at a hold), or rules out the proposed one ("yes hold it, not book" at a
  booking), is not;
- an ordinal or attribute the proposal's own question gives its object ("Shall I now place the second hold ...?" -
  "Yes please, do the second one too"): said back, it is an echo, not a pick among options; where that question
  offers a choice ("... or the other one later?"), or the attribute comes from elsewhere ("yes i would like the
  refundable one"), it stays a pick, asked again.
"""

from __future__ import annotations

import pytest

from probe.verify import consent

CANCEL = ("Thanks! BK3YULGI is 2 passengers on SA8701 (Lisbon → Chicago, May 4), Economy, $1,018. It's a non-refundable "
          "fare, so if you cancel you wouldn't get money back. Do you still want me to cancel it?")
HOLD = ("Got it! I'd place a **24-hour hold** (no payment now) on:\n\n- **SA2731**, Frankfurt → Singapore, Oct 31\n"
        "- **2 passengers**, lead **Ingrid Novak**\n- **Economy**, non-refundable\n- **$1,358** total\n\n"
        "Shall I go ahead and place the hold?")
BOOK = ("Here is the summary: flight SA8120, Economy, refundable, for 2 passengers, $585 per seat, $1170 in total. "
        "Shall I book it?")
SECOND = ("First hold done — reference **BKC4D794** for 9 passengers. Shall I now place the second hold for the "
          "remaining 4 ($1,228)?")
CHOICE = "First hold done. Shall I place the second hold for 4 now, or the other one later?"
RETAIL = ("To confirm, I will cancel order #W7654321 because it was 'ordered by mistake'; the total of $88.40 goes back "
          "to your credit card. Shall I go ahead? (yes/no)")


@pytest.mark.parametrize("proposal, reply", [
    (CANCEL, "Yeah, cancel it anyway."), (CANCEL, "go ahead and cancel it regardless"),
    (CANCEL, "yes, cancel it anyway"), (CANCEL, "Yes, cancel it all the same."), (CANCEL, "yes go ahead anyway"),
    (CANCEL, "yes, cancel it nonetheless"), (CANCEL, "Yes, still cancel it please"),
    (BOOK, "yes, book it anyway"), (RETAIL, "Yes, go ahead anyway"),
])
def test_a_concession_beside_a_clear_yes_confirms(proposal, reply):
    assert consent.reason(reply, proposal) is None, consent.reason(reply, proposal)


@pytest.mark.parametrize("proposal, reply", [
    (CANCEL, "ok anyway"), (CANCEL, "anyway"), (CANCEL, "cancel it anyway?"), (CANCEL, "maybe cancel it anyway"),
    (CANCEL, "anyway, let me think"), (CANCEL, "yes, book a new one anyway"), (CANCEL, "yes anyway, keep it"),
    (BOOK, "yes, hold it anyway"),
])
def test_a_concession_without_a_clear_yes_to_this_action_does_not(proposal, reply):
    assert consent.reason(reply, proposal) is not None


@pytest.mark.parametrize("proposal, reply", [
    (HOLD, "yes, but hold only — don't charge my card"), (HOLD, "yes hold them, not book"),
    (HOLD, "yes, just hold it, don't book it"), (HOLD, "Yes - hold only, no booking please"),
    (HOLD, "yes please, hold them but don't book yet"), (HOLD, "Yes please, just don't charge anything"),
    (HOLD, "yes, hold only"), (HOLD, "yes, but only hold them"), (HOLD, "yes, don't charge my card"),
    (HOLD, "hold only"),  # the proposed verb said back is the yes, as "book" is to "Shall I book it?"
    (BOOK, "yes book it, don't hold"), (BOOK, "yes, book it - not a hold"),
    (CANCEL, "yes, cancel it, don't rebook me"),
])
def test_a_yes_to_the_proposed_action_that_rules_out_another_confirms(proposal, reply):
    assert consent.reason(reply, proposal) is None, consent.reason(reply, proposal)


@pytest.mark.parametrize("proposal, reply", [
    (HOLD, "yes, but book it"), (HOLD, "yes but don't hold it"), (HOLD, "yes, book them, not hold"),
    (HOLD, "yes, but hold only the one seat"), (HOLD, "yes, hold only if it's refundable"), (HOLD, "no, just hold"),
    (HOLD, "yes but not now"), (HOLD, "yes but hold SA6162 instead"),
    (BOOK, "yes hold it, not book"), (BOOK, "yes but don't book it"), (BOOK, "yes, but not book"),
    (CANCEL, "yes, don't cancel it"), (CANCEL, "yes, but move it instead"),
])
def test_a_yes_that_names_another_action_or_rules_out_this_one_does_not(proposal, reply):
    assert consent.reason(reply, proposal) is not None


@pytest.mark.parametrize("reply", ["Yes please, do the second one too", "yes, the second one too please",
                                   "yes, the second one", "yes, the remaining 4 as well please", "yes, that one too"])
def test_the_object_the_question_names_said_back_confirms(reply):
    assert consent.reason(reply, SECOND) is None, consent.reason(reply, SECOND)


@pytest.mark.parametrize("proposal, reply", [
    (SECOND, "yes, the third one too"), (SECOND, "yes, the cheaper one"), (SECOND, "yes, the other one"),
    (CHOICE, "yes, the second one"), (BOOK, "yes i would like the refundable one"),
])
def test_a_pick_the_question_does_not_name_is_asked_again(proposal, reply):
    assert consent.reason(reply, proposal) is not None
