"""SkyAssist reference agent, findings of /work/h37/sky-customers-22 taken up in the thirty-seventh session (helper
skyN), with the testers' words, other phrasings, and the near misses that must keep their old reading:

N3. a yes word that is also a name ("Kay", "Yas", "Ok"), written capitalised next to another capitalised name word or
    after "my name is" ("Kay Moreau", "Daniel Kay", "Mei Ok", "my name is Kay Moreau"): a name part; alone ("ys",
    "yea", "k", "sure thing", "Kay") still no name;
N8. at the flight list, a pick followed by a count, "for me" or a lowercase name ("3 for me", "3. 2 of us, ...",
    "3, may moreau"): the pick is kept with the rest ("2 for me and my wife" stays a count of 2);
N5. a day said as the travel date and again for paying ("fly tomorrow and I'll pay tomorrow at the airport"): the travel
    date is kept; a payment day alone is still none;

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_sky_customers_37f import writes
from tests.envs.skyassist.test_sky_faults_28 import D
from tests.envs.skyassist.test_target_phrasings import replies
from tests.envs.skyassist.test_unseen_sky_customers import play

ONE5 = D.scenario("one_way", 5)  # IST-SFO 2026-03-05
TRIP = "Istanbul to San Francisco March 5"


# --- N3. a yes word inside a real name is a name part ----------------------------------------------------------------

@pytest.mark.parametrize("reply, name", [
    ("Kay Moreau", ("Kay", "Moreau")),
    ("my name is Kay Moreau", ("Kay", "Moreau")),
    ("Daniel Kay", ("Daniel", "Kay")),
    ("Mei Ok", ("Mei", "Ok")),
    ("Yas Moreau", ("Yas", "Moreau")),
    ("it's Anna Kay", ("Anna", "Kay")),
])
def test_a_yes_word_inside_a_name_is_a_name_part(reply, name):
    p = parse(reply, D.db, expecting="name")
    assert (p.first_name, p.last_name) == name


@pytest.mark.parametrize("reply", ["ys", "k", "yea", "sure thing", "yeah", "kk", "Kay", "Ok", "Yea thanks"])
def test_a_yes_word_alone_is_still_no_name(reply):  # near misses (round three)
    for asked in ("name", "last_name"):
        p = parse(reply, D.db, expecting=asked)
        assert (p.first_name, p.last_name) == (None, None)


def test_a_name_with_kay_is_booked_after_a_yes():
    ep = play([TRIP + " for me", "1", "Kay Moreau", "yes"], ONE5)
    assert writes(ep) == ["book_flight"] and "Kay Moreau" in " ".join(replies(ep))


@pytest.mark.parametrize("reply", ["Kay Yea", "Ok Thanks", "Ok Sure"])
def test_two_yes_words_are_no_name(reply):  # near misses
    p = parse(reply, D.db, expecting="name")
    assert (p.first_name, p.last_name) == (None, None)


# --- N8. a pick at the listing, then a count, "for me" or a name -----------------------------------------------------

LISTED = "For Istanbul (IST) to San Francisco (SFO) on 2026-03-05 I found: 1) SA7032 departing 10:30"


@pytest.mark.parametrize("reply, pick, count, name", [
    ("3 for me", 2, 1, None),
    ("3. 2 of us, hiroshi moreau and mei moreau", 2, 2, None),
    ("3. it's for 2 people, the second ticket is for my wife", 2, 2, None),
    ("3, may moreau", 2, None, ("May", "Moreau")),
    ("1 for the 2 of us", 0, 2, None),
    ("3. hiroshi moreau", 2, None, ("Hiroshi", "Moreau")),  # worked before
])
def test_a_pick_then_a_count_or_name_keeps_the_pick(reply, pick, count, name):
    p = parse(reply, D.db, None, LISTED)
    assert (p.selection, p.passengers) == (pick, count)
    assert (p.first_name, p.last_name) == (name or (None, None))


@pytest.mark.parametrize("reply, count", [("2 for me and my wife", 2), ("2 of us", 2), ("3", None)])
def test_a_count_alone_is_no_pick(reply, count):  # near misses
    p = parse(reply, D.db, None, LISTED)
    assert (p.selection, p.passengers) == (None, count)


def test_a_pick_for_me_reaches_the_summary_of_that_flight():
    ep = play([TRIP + " please", "3 for me", "Hiroshi Moreau"], ONE5)
    last = replies(ep)[-1]
    assert "for 1 passenger" in last and "Hiroshi Moreau" in last and not writes(ep)


# --- N5. a day said for the travel and for paying stays the travel date ---------------------------------------------

@pytest.mark.parametrize("line, day", [
    ("I need to fly Istanbul to San Francisco tomorrow and I'll pay tomorrow at the airport", "2026-03-03"),
    ("I need to fly Istanbul to San Francisco tomorrow, just me, Hiroshi Moreau. I'll pay tomorrow when I get my "
     "salary", "2026-03-03"),
    ("flying Istanbul to San Francisco tomorrow - can I pay tomorrow morning?", "2026-03-03"),
    ("fly Istanbul to San Francisco March 5, I'll pay tomorrow when I get my salary", "2026-03-05"),  # near misses
    ("fly Istanbul to San Francisco today, I'll pay tomorrow", "2026-03-02"),
])
def test_a_travel_day_also_said_for_paying_is_kept(line, day):
    assert parse(line, D.db).dates == [day]


def test_a_pay_day_alone_is_still_no_travel_date():  # near miss (round three)
    assert parse("Istanbul to San Francisco, I'll pay tomorrow at the airport", D.db).dates == []
