"""A family name put right after the booking was made, in the customer's words, and the verifier's reading of it.

Before: "sorry, I meant Larsen not Schmidt", "it's larsen, not schmidt" and "Oops, the last name should be Larsen" right
after a booking under Schmidt were not understood ("Sorry, I did not quite catch that", or a new search), and once
the target understood them, the verifier took the rebooking under Larsen for a name never given (S1: "'larsen' was
typed, not as a name"). Now the target says the name can't be changed and offers the cancellation and the same
flight again under Larsen; the verifier reads a name set against another in a message that puts something right,
never the words of a seat, fare or place.
"""

from __future__ import annotations

import pytest

from envs.skyassist.verifiers import verify_messages
from envs.skyassist.verify_names import stated_names
from tests.envs.skyassist.test_counts_and_numeric_dates import SC, D, booked
from tests.envs.skyassist.test_target_phrasings import play as _play
from tests.envs.skyassist.test_target_phrasings import replies


def _after_booking(*more: str):
    messages = [f"Hi, I need a flight from {SC['origin_city']} to {SC['destination_city']} on {SC['date']} for 1 person.",
                "1", "Anna Schmidt", "yes", *more]
    return _play(messages, SC, ())


FIXES = ["sorry, I meant Larsen not Schmidt", "it's larsen, not schmidt", "Oops, the last name should be Larsen",
         "it should be Larsen not Schmidt!", "I meant Larsen, not Schmidt", "last name is actually Larsen",
         "ugh typo. Larsen, not Schmidt", "my surname was supposed to be Larsen"]


@pytest.mark.parametrize("fix", FIXES)
def test_a_family_name_put_right_after_booking_is_rebooked_under_it_with_each_step_confirmed(fix):
    ep = _after_booking(fix)
    assert "can't change the name" in replies(ep)[-1], replies(ep)[-1]
    ep = _after_booking(fix, "yes", "yes", "yes")  # the offer, the cancellation, the new booking
    assert [b["last_name"] for b in booked(ep)] == ["Schmidt", "Larsen"]
    assert verify_messages(D, ep.messages, SC) == []


@pytest.mark.parametrize("other", ["I meant Madrid, not Barcelona", "it should be aisle not window",
                                   "it's the morning one, not the evening one"])
def test_other_words_set_against_each_other_are_no_name(other):
    ep = _after_booking(other)
    assert "can't change the name" not in replies(ep)[-1]
    assert [b["last_name"] for b in booked(ep)] == ["Schmidt"]


NAMES = [  # (message, the names it states), labelled by hand
    ("sorry, I meant Larsen not Schmidt", {"larsen"}), ("it's larsen, not schmidt", {"larsen"}),
    ("my name is Larsen not Schmidt", {"larsen"}), ("it should be Okafor, not Bello", {"okafor"}),
    ("sorry, I meant Madrid not Barcelona", set()), ("I meant Tuesday not Monday", set()),
    ("its economy not business", set()), ("it's refundable not non-refundable", set()),
    ("it should be aisle not window", set()), ("I meant Rome, not Paris", set()),
    ("sorry I meant SA1234 not SA4321", set()), ("oops it is the 5th not the 4th", set()),
    ("my surname was supposed to be Larsen", {"larsen"}), ("Oops, the last name should be Larsen", {"larsen"}),
    ("surname needs to be Larsen-Berg", {"larsen-berg"}), ("the name should be on both tickets", set()),
]


@pytest.mark.parametrize("message,names", NAMES)
def test_the_verifier_reads_a_name_put_right_and_nothing_else(message, names):
    assert set(stated_names(message)) == names
