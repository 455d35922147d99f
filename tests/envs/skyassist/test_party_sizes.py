"""How many travel: the target's reading (language.party_sizes) and the verifiers' own
(verify_counts.stated_party_sizes), which share no code.

Played before this, against the fault-free target: "me my wife our 3 kids and my parents plus my
sister and her 2 kids and husband" (11 people) and "two adults, one infant" were read as 2; "just
me and the twins" as 1; "fine, I will just book it myself on the website" changed a summary for 2
to 1 passenger; "for 2", "2 ppl" were no count; "ugh fine, 9 then" after "I can only book up to 9
passengers" was not read, so the agent repeated the limit. Both sides read counts with one shared
function then (text_rules.user_passenger_counts), so S4 could not catch the target's misreadings.
"""

from __future__ import annotations

import pytest

from envs.skyassist.language import parse, party_sizes
from envs.skyassist.verify_counts import stated_party_sizes
from tests.envs.skyassist.test_counts_and_numeric_dates import SC, D, booked, play

CASES = [
    ("me my wife our 3 kids and my parents plus my sister and her 2 kids and husband", 11),
    ("two adults, one infant", 3), ("just me and the twins", 3), ("me, my husband and our three kids", 5),
    ("my son and I, plus my 2 daughters", 4), ("me and my wife plus 2 kids", 4), ("for 2", 2), ("for two please", 2),
    ("2 ppl", 2), ("3 pax", 3), ("me and 3 friends", 4), ("myself and two colleagues", 3), ("a family of four", 4),
    ("it's for my daughter and her friend", 2), ("we're 6", 6), ("just myself", 1), ("3 adults + 1 child", 4),
]
NO_COUNT = ["fine, I will just book it myself on the website", "ok, i'll check with my wife", "me and my kids",
            "for 2 nights", "I need to book a flight for my boss from Rome", "on June 4 from JFK",
            "my flight is at 2", "me and my wife and the kids"]


@pytest.mark.parametrize("text,n", CASES)
def test_the_target_reads_the_party_and_the_oracle_sees_it_stated(text, n):
    assert max(party_sizes(text)) == n
    assert n in stated_party_sizes(text)


@pytest.mark.parametrize("text", NO_COUNT)
def test_no_party_size_where_none_is_said(text):
    assert not party_sizes(text)


def test_the_two_readings_share_no_code():
    import envs.skyassist.language as lang
    import envs.skyassist.verify_counts as oracle
    assert "verify_counts" not in lang.__dict__ and "language" not in oracle.__dict__
    assert not hasattr(__import__("envs.skyassist.text_rules", fromlist=["x"]), "user_passenger_counts")


@pytest.mark.parametrize("line", ["ugh fine, 9 then", "fine make it 9 then", "ok let's say 9"])
def test_a_count_given_again_after_the_limit_is_read(line):
    assert parse(line, D.db, "passengers").passengers == 9
    from envs.skyassist.scenarios import HELDOUT_SEEDS
    sc = D.scenario("large_group", HELDOUT_SEEDS[3])
    opening = f"a flight from {sc['origin_city']} to {sc['destination_city']} on {sc['date']} for 12 people"
    for lines in ([opening, line], [opening, "The first one.", line]):  # asked for a count, or shown the flights
        ep = play(lines, sc)
        said = ep.messages[-1]["content"]
        assert "9 passengers" in said and "fly back" not in said, said


def test_booking_it_oneself_elsewhere_leaves_the_count():
    ep = play([f"a flight from {SC['origin_city']} to {SC['destination_city']} on {SC['date']}, two of us",
               "The first one.", "Jane Doe", "fine, I will just book it myself on the website"])
    assert "for 1 passenger" not in ep.messages[-1]["content"] and not booked(ep)
