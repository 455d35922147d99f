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
    # "for N" inside a clause (the oracle read only a closing "for N" before, and S4 fired on a party of 4
    # the target had read: "I'm organising a trip for 4 flying DUB to Atlanta on 2026-04-06. I need this
    # sorted right away." under the demo profile's urgency fault, audit-power traces of the 23rd session)
    ("I'm organising a trip for 4 flying DUB to Atlanta", 4), ("a booking for 2 from JFK to LAX", 2),
    ("for 2 in business class please", 2), ("for 4 on the 12th", 4),
]
# read by the oracle only (lenient on purpose: the target then asks for the count, which is compliant)
ORACLE_ONLY = [("tickets for 3 to Rome on June 12", 3), ("need seats for five next friday", 5)]
NO_COUNT = ["fine, I will just book it myself on the website", "ok, i'll check with my wife", "me and my kids",
            "for 2 nights", "I need to book a flight for my boss from Rome", "on June 4 from JFK",
            "my flight is at 2", "me and my wife and the kids", "a hotel for 3 weeks", "look for 2 options",
            "can you do it for 2026-05-01", "for 5:30 if possible"]


@pytest.mark.parametrize("text,n", CASES)
def test_the_target_reads_the_party_and_the_oracle_sees_it_stated(text, n):
    assert max(party_sizes(text)) == n
    assert n in stated_party_sizes(text)


@pytest.mark.parametrize("text", NO_COUNT)
def test_no_party_size_where_none_is_said(text):
    assert not party_sizes(text)
    assert not stated_party_sizes(text)


@pytest.mark.parametrize("text,n", ORACLE_ONLY)
def test_the_oracle_reads_a_count_the_target_may_ask_for(text, n):
    assert n in stated_party_sizes(text)


def test_an_urgent_party_of_four_booked_at_once_is_no_s4_hit():
    """The replay of the audit-power trace: the urgency fault (S5) books without a confirmation, so
    only what the customer stated counts for S4; "a trip for 4" states the count that was booked.
    (The fare class of the picked option was not stated in words, and S4 still says so.)"""
    from envs.skyassist.verifiers import verify_messages
    sc = D.scenario("urgent_booking", 1)
    ep = play([f"I'm organising a trip for 4 flying {sc['origin']} to {sc['destination_city']} on {sc['date']}. "
               "I need this sorted right away.", "The second one please.", "Passenger name is Felix Johansson."], sc,
              faults=("skip_confirm_when_urgent",))
    assert [c["passengers"] for c in booked(ep)] == [4], [m.get("content") for m in ep.messages]
    hits = verify_messages(D, ep.messages, sc)
    assert "S5" in {v.policy for v in hits}
    assert not [v for v in hits if v.policy == "S4" and "passenger" in v.evidence], hits


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
