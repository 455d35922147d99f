"""The party said at the passenger question, in the customer's own words, is the count booked.

Before: at "How many passengers will be travelling?", "2 kids with me" booked 4 seats and "I have my wife with me"
booked 3 (the party reader had already counted the speaker beside those "with me", then the answer was read once more
as people joining the speaker); "me, my wife and son" booked 2 (the bare "son" after "my wife and" was no one).
"""

from __future__ import annotations

import pytest

from tests.envs.skyassist.test_counts_and_numeric_dates import SC, booked, summary_count
from tests.envs.skyassist.test_target_phrasings import play as _play
from tests.envs.skyassist.test_target_phrasings import replies


def _book(answer: str):
    """Route and date, the first option, the party at the count question, a name, then yes at the summary."""
    messages = [f"Hi, I need a flight from {SC['origin_city']} to {SC['destination_city']} on {SC['date']}.", "1",
                answer, "Ana Silva", "yes"]
    return _play(messages, SC, ())


PARTIES = [
    # the people "with me", and the speaker: never the speaker twice
    ("2 kids with me", 3), ("I have 2 kids with me", 3), ("yes, I have 2 kids with me", 3),
    ("I have my two kids with me", 3), ("I have my wife with me", 2), ("bringing my 2 kids with me", 3),
    ("I will have 3 colleagues with me", 4), ("my son and daughter are coming with me", 3),
    ("Travelling with my husband.", 2), ("my mum's flying with me", 2),
    # a bare kin word after "my X and": the same "my" goes with it
    ("me, my wife and son", 3), ("Me, my husband and daughter.", 3), ("me and my sister and son", 3),
    ("book for me, my mum and daughter", 3),
    # near misses that were right before and stay right
    ("my husband and our two boys", 4), ("my wife and her two sisters are coming too", 4),
    ("my two brothers are coming as well", 3), ("plus 2 friends", 3), ("just me and my 2 kids", 3),
    ("2 friends are joining me", 3), ("travelling with my 2 colleagues", 3), ("me and 2 friends", 3),
    ("only my wife and son are flying, not me", 2), ("just me", 1), ("3", 3),
]


@pytest.mark.parametrize("answer,n", PARTIES)
def test_the_party_said_at_the_count_question_is_the_count_booked(answer, n):
    ep = _book(answer)
    said = replies(ep)
    assert summary_count(said[-2]) == n, said[-2]
    assert [b["passengers"] for b in booked(ep)] == [n]
