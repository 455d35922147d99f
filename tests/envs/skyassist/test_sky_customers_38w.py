"""SkyAssist reference agent, findings of /work/h38/sky-customers-26 taken up in the thirty-eighth session (helper
skyW), with the testers' words, other phrasings, and the near misses that must keep their old reading:

F8 (A). a cancellation given up in other words ("we were going to scrap it, but Sydney's on again", "forget the cancel
        idea, we're still going", "we nearly cancelled it but the trip's back on") proposes no cancellation, and the
        question beside it (the fare class) is answered;
F2 (C). at "How many passengers?", a companion and *their* companions joining the speaker ("my wife and her two
        sisters are coming too") count the speaker once (4, never 5);
F3 (C). at "How many passengers?", a companion's own companions in a clause of their own ("my wife is coming too, and
        her two sisters" = 4, "just me and the missus. oh and her mate Tina" = 3) are counted;
F5 (D). honours and offices after a name (OBE, MBE, CBE, QC, KC, MP) are no family name.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_customers_38q import writes
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import play

HELD = D.scenario("cancel_booking", 4)  # BK7KPLU6 under Johansson: SA2679 JFK-SYD, Business, held
SOLO = D.scenario("one_way", 5)  # IST-SFO 2026-03-05: 1) SA7032 economy
GROUP = D.scenario("group_booking", 7)  # ORD-FRA 2026-10-10


# --- F8 (A). a cancellation given up in other words ---------------------------------------------------------------------

OPEN = "Hi, booking BK7KPLU6, surname Johansson."


@pytest.mark.parametrize("line", [
    "We were going to scrap it, but Sydney's on again after all. What's the fare class?",
    "Forget the cancel idea, we're still going. What class is it?",
    "We nearly cancelled it but the trip's back on now. What's the fare class?",
    "we were gonna ditch it but we're still going. which cabin is it?",
    "scrap that cancel thought, we're still flying. what's the fare class?"])
def test_a_cancellation_given_up_is_not_proposed(line):
    ep = play([OPEN, line, "ok"], HELD)
    said = _after(ep, line)
    assert "Shall I cancel" not in said and "Business" in said and writes(ep) == []


@pytest.mark.parametrize("line", ["We were going to scrap it, but the trip's on again. Actually no, cancel it please",
                                  "please cancel it"])
def test_a_cancellation_asked_is_still_proposed(line):  # near misses
    ep = play([OPEN, line, "yes"], HELD)
    assert "Shall I cancel booking BK7KPLU6?" in _after(ep, line) and writes(ep) == ["cancel_booking"]


# --- F2 (C). the count question: a companion's companions join the speaker -----------------------------------------------

@pytest.mark.parametrize("line,n", [("my wife and her two sisters are coming too", 4),
                                    ("my wife and her 2 brothers are coming as well", 4),
                                    ("my husband and his two kids are coming too", 4),
                                    ("my wife is coming too, and her two sisters", 4),  # F3: the later clause
                                    ("just me and the missus. oh and her mate Tina", 3),
                                    ("my wife's coming as well. oh and her 2 sisters", 4),
                                    ("my two brothers are coming as well", 3),  # near misses: the speaker added once
                                    ("me, plus my wife and her mother", 3), ("my partner, his brother and me", 3),
                                    ("plus 2 friends", 3)])
def test_the_count_answer_counts_the_speaker_once(line, n):
    ep = play(["Chicago to Frankfurt Oct 10", "1", "Carlos Dubois", line, "yes"], GROUP)
    assert [c["passengers"] for c in _calls(ep, "book_flight")] == [n]


# --- F5 (D). honours and offices after a name ----------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["Fatima Novak OBE", "Fatima Novak QC", "Fatima Novak, MBE", "Fatima Novak CBE MP",
                                  "Fatima Novak KC", "Fatima Novak MD"])
def test_post_nominals_are_no_name(name):
    ep = play(["Istanbul to San Francisco March 5, one person", "1", name, "yes"], SOLO)
    assert [(c["first_name"], c["last_name"]) for c in _calls(ep, "book_flight")] == [("Fatima", "Novak")]


# --- F4 (B). a split said before, each share's lead named in one message -------------------------------------------------
# (through the player without the verifiers: S1 does not yet read "Noah Papadopoulos for the 9" as the customer's
# naming, a false alarm left to the verifier's owner; the writes themselves are what this checks)

from envs.skyassist.language import parse  # noqa: E402
from tests.envs.skyassist.test_target_phrasings import play as _play  # noqa: E402

BIG = D.scenario("large_group", 4)  # ORD-FRA 2026-10-10, 11 on one flight: 1) SA8532 economy
SPLIT = ["Chicago to Frankfurt Oct 10, we're 11 on the same flight.", "split it 9 and 2 then", "1"]


@pytest.mark.parametrize("line", ["Noah Papadopoulos for the 9, the other 2 under Lena Vogel",
                                  "Noah Papadopoulos leads the big group; Lena Vogel the other two",
                                  "Noah Papadopoulos for the 9, Lena Vogel takes the other 2"])
def test_each_share_booked_under_its_own_lead(line):
    ep = _play(SPLIT + [line, "yes", "yes", "yes"], BIG)
    assert [(c["passengers"], c["first_name"], c["last_name"]) for c in _calls(ep, "book_flight")] == [
        (9, "Noah", "Papadopoulos"), (2, "Lena", "Vogel")]


@pytest.mark.parametrize("line,first,rest", [
    ("Noah Papadopoulos for the 9, the other 2 under Lena Vogel", ("Noah", "Papadopoulos"), ("Lena", "Vogel")),
    ("9 under Noah Papadopoulos, 2 under Lena Vogel", ("Noah", "Papadopoulos"), ("Lena", "Vogel")),  # near misses
    ("Noah Papadopoulos", ("Noah", "Papadopoulos"), None),
    ("Lena Vogel, the other two are my kids", ("Lena", "Vogel"), None)])
def test_the_other_shares_lead_is_no_name_for_this_one(line, first, rest):
    p = parse(line, D.db, "name")
    assert ((p.first_name, p.last_name) if p.last_name else None, p.rest_name) == (first, rest)
