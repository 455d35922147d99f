"""SkyAssist reference agent, findings of /work/h38/sky-customers-23 taken up in the thirty-eighth session (helper
skyP), with the testers' words, other phrasings, and the near misses that must keep their old reading:

P2. a listed connection's second leg asked for again by its own cities ("what about a later one from Frankfurt?",
    "Frankfurt to Dallas later that day?"): the trip keeps both legs, the later second-leg flights are said with the
    one-cabin rule, and the second leg is never booked alone;
P3. a pick with "for me" at a listing ("option 2 for me please", "the 06:45 for me", "SA5811 for me") after a group
    was said: the group is kept ("option 2, just for me" and "3 for me" with no count yet still say one);
P4. households told by relation words and sizes ("her fella and the baby", "me, hubby, 3 girls", "my sister's crew -
    her, ...", "us five ... and my sister's three"): each person counted once, a stated size over its member list.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse, party_sizes
from tests.envs.skyassist.test_sky_customers_37f import writes
from tests.envs.skyassist.test_sky_faults_28 import D
from tests.envs.skyassist.test_target_phrasings import calls, replies
from tests.envs.skyassist.test_unseen_sky_customers import play, searches

# --- P2. the second leg named by its cities keeps the connection ----------------------------------------------------

MULTI = D.scenario("multi_leg", 2308)  # DOH-FRA-DFW 2026-08-12
LEGS = ["Hi! Hiroshi Kim. I need Doha to Dallas on Aug 12, changing in Frankfurt, for me and my daughter",
        "first one on each leg"]


@pytest.mark.parametrize("ask", ["oh. what about a later one from Frankfurt then?", "anything leaving Frankfurt later?",
                                 "what about later flights out of Frankfurt to Dallas",
                                 "Frankfurt to Dallas later that day?"])
def test_a_later_second_leg_by_its_cities_keeps_the_trip(ask):
    ep = play(LEGS + [ask, "ok the 12:00 then, book it", "yes"], MULTI)
    said = replies(ep)[2]
    assert "SA5351" in said and "same cabin" in said and "return flight" not in said
    assert searches(ep)[2:] == []  # no new one-way search of the second leg
    assert all(len(c["flight_ids"]) == 2 for c in calls(ep, "book_flight"))  # never the second leg alone


def test_the_second_leg_alone_said_plainly_is_still_a_trip_of_its_own():  # near miss
    ep = play(LEGS + ["forget Doha, just Frankfurt to Dallas please"], MULTI)
    assert ("FRA", "DFW", "2026-08-12") in searches(ep)[2:]


def test_a_later_connection_asked_without_cities_is_answered_as_before():  # near miss (worked before)
    ep = play(LEGS + ["is there a later connection?"], MULTI)
    assert "None of the listed flights connect" in replies(ep)[2] and searches(ep)[2:] == []


# --- P3. "for me" with a pick keeps the group -----------------------------------------------------------------------

GROUP = D.scenario("group_booking", 2301)  # JFK-DXB 2026-12-10
OF_8 = "hi there, need flights New York to Dubai on Dec 10, group of 8, Priya Haddad"


@pytest.mark.parametrize("pick", ["option 2 for me please", "number 2 for me thanks", "the 06:45 for me",
                                  "SA5811 for me please"])
def test_a_pick_for_me_keeps_the_group(pick):
    ep = play([OF_8, pick, "yes"], GROUP)
    assert [c["passengers"] for c in calls(ep, "book_flight")] == [8]


@pytest.mark.parametrize("pick, count", [("option 2, just for me", 1), ("option 2 for me only", 1),
                                         ("option 2 for me and my wife", 2)])
def test_a_pick_with_a_count_still_changes_it(pick, count):  # near misses
    ep = play([OF_8, pick], GROUP)
    assert f"for {count} passenger" in replies(ep)[-1]


def test_a_pick_for_me_with_no_count_yet_is_one():  # near miss (round 37)
    ep = play(["hi there, need flights New York to Dubai on Dec 10, Priya Haddad", "option 2 for me please", "yes"], GROUP)
    assert [c["passengers"] for c in calls(ep, "book_flight")] == [1]


# --- P4. households by relation words and sizes ---------------------------------------------------------------------

@pytest.mark.parametrize("text, n", [
    ("it's for my lot (me, my husband and our 3 girls) plus my sister's crew - her, her fella and the baby", 8),
    ("me, my sister, her fella and the baby", 4),
    ("me, my sister, her husband and the baby", 4),
    ("me, my husband and our 3 girls plus my sister, her fella and the baby", 8),
    ("my family (me, hubby, 3 girls) and my sister's family - her, her partner and their baby", 8),
    ("us five (me, my husband and our 3 girls) and my sister's three (her, her fella and the baby)", 8),
    ("me, hubby, 3 girls", 5),
    ("us five and my sister's three", 8),
    ("me, my mum, her bloke and my 2 boys", 5),
    ("me, my sister, her boyfriend and their baby", 4),  # worked before
    ("me, my wife, and the twins", 4),  # worked before
    ("me and my 2 kids", 3),  # near misses
    ("the three of us", 3),
])
def test_households_are_counted(text, n):
    assert set(party_sizes(text)) == {n}


@pytest.mark.parametrize("text", ["fly us 4 May please", "my flight's 9:30 and me"])
def test_no_household_in_days_and_times(text):  # near misses
    assert not set(party_sizes(text)) - {1, 2}


def test_the_household_count_is_booked():
    ep = play(["hi there, need flights New York to Dubai on Dec 10",
               "it's for my lot (me, my husband and our 3 girls) plus my sister's crew - her, her fella and the baby",
               "Priya Haddad", "the premium one", "yes go ahead"], GROUP)
    assert [c["passengers"] for c in calls(ep, "book_flight")] == [8] and writes(ep) == ["book_flight"]


def test_a_pick_for_me_is_read_as_before():  # the parse is unchanged: the agent keeps a count said before
    p = parse("option 2 for me please", D.db, None, "1) SA9647 departing 06:05. Which flight would you like?")
    assert (p.selection, p.passengers, p.pick_for_me) == (1, 1, True)
