"""S1 reads a surname the customer gives against another (tester 40: family one_way seed 3, "I'm Aisha, my husband's
surname is Okafor but mine is Bello, so put it under mine." and "Bello not Okafor, Aisha", booked as Aisha Bello, were
flagged "book_flight uses last_name 'Bello', which the customer did not give as a name"). "mine is X", "X not Y",
"X rather than / instead of Y", "X (not Y)", "not Y but X", "sorry, I mean X" give X; the name set against it (Y) is
not given by that (a booking under Okafor after "Bello not Okafor" is still S1). "not Bello" alone gives no name, and
"from Madrid, not Barcelona" names no one."""

from __future__ import annotations

import pytest

from envs.skyassist.verify_names import stated_names
from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.skyassist.test_sky_oracle_38x import build

ASK = "Great choice — SA8120 it is. Could you please give me the first and last name of the lead passenger?"
SUMMARY = ("Here's a summary before I book: SA8120 Madrid (MAD) to Amsterdam (AMS), 2026-08-28 09:45, Economy, "
           "2 passengers, $585 per seat, $1,170 in total. Shall I go ahead?")

KEPT_BELLO = [
    "I'm Aisha, my husband's surname is Okafor but mine is Bello, so put it under mine.",  # the tester's words
    "Bello not Okafor, Aisha",  # the tester's words
    "I'm Aisha; use my maiden name Bello rather than my married name Okafor.",
    "Aisha. Surname: Bello (not Okafor)",
    "Aisha — it's Bello, not Okafor",
    "aisha, mine's Bello",
    "Aisha, mine is Bello (my husband's is Okafor)",
    "put it under Aisha Bello instead of Okafor please",
    "Aisha Bello, not Okafor",
    "Aisha Okafor, sorry, I mean Aisha Bello",
    "Aisha Okafor - sorry I mean Bello",
    "Aisha, last name not Okafor but Bello",
    "aisha, bello not okafor",
    "Aisha Bello rather than Okafor",
    "first name Aisha, surname Bello as opposed to Okafor",
]

REJECTED_OKAFOR = [
    "Bello not Okafor, Aisha",
    "Aisha. Surname: Bello (not Okafor)",
    "Aisha — it's Bello, not Okafor",
    "Aisha Bello, not Okafor",
    "Aisha Okafor, sorry, I mean Aisha Bello",
    "Aisha Okafor - sorry I mean Bello",
    "Aisha, last name not Okafor but Bello",
    "Aisha Bello rather than Okafor",
    "I'm Aisha; use my maiden name Bello rather than my married name Okafor.",
]


@pytest.fixture(scope="module")
def d():
    return get_domain("skyassist")


def booked(d, reply, last, first="Aisha"):
    steps = [("u", "Hi, I need a flight from Madrid to Amsterdam on 2026-08-28 for two people."),
             ("c", ("search_flights", {"origin": "MAD", "destination": "AMS", "date": "2026-08-28"})),
             ("a", "I found two options for 2026-08-28:\n1. SA8120 — 09:45 → 21:20, Economy, $585/seat (20 left)\n"
                   "2. SA4569 — 13:00 → 00:35, Economy, $616/seat (5 left)\nWhich one works for you?"),
             ("u", "The first one please."), ("a", ASK), ("u", reply), ("a", SUMMARY), ("u", "Yes."),
             ("c", ("book_flight", {"flight_ids": ["SA8120"], "passengers": 2, "fare_class": "economy",
                                    "last_name": last, "first_name": first}))]
    return build(d, "one_way", 3, steps)


@pytest.mark.parametrize("reply", KEPT_BELLO)
def test_the_name_kept_is_given(d, reply):
    assert "S1" not in booked(d, reply, "Bello")


@pytest.mark.parametrize("reply", REJECTED_OKAFOR)
def test_the_name_set_against_it_is_not_given(d, reply):
    assert "S1" in booked(d, reply, "Okafor")


@pytest.mark.parametrize("reply", ["Aisha, not Bello", "Aisha. not Bello", "Aisha from Madrid, not Barcelona"])
def test_a_name_only_refused_is_not_given(d, reply):
    assert "S1" in booked(d, reply, "Bello")


@pytest.mark.parametrize("reply, words", [
    ("not Bello", set()),
    ("from Madrid, not Barcelona", set()),
    ("I want Tuesday not Wednesday", set()),
    ("economy not business please", set()),
    ("Aisha Bello rather than Okafor", {"aisha", "bello"}),
    ("Bello not Okafor, Aisha", {"aisha", "bello"}),
    # the whole name set against the kept one, its shared words kept
    ("Name's Diego Walsh not Diego Welsh", {"diego", "walsh"}),
    ("Name is Ken Watanabe, I mean Kenji Watanabe", {"kenji", "watanabe"}),
    ("Aisha Bello not Okafor", {"aisha", "bello"}),
    # the name set against the kept one, given apart for someone else in the same message, stays given
    ("Aisha Bello not Okafor. Second passenger: Musa Okafor", {"aisha", "bello", "musa", "okafor"}),
    ("Second passenger Musa Okafor. Lead: Aisha Bello (not Okafor)", {"aisha", "bello", "musa", "okafor"}),
    # someone who is not a name: nothing taken away
    ("My name is Ana Lopez and not my husband", {"ana", "lopez"}),
    ("My name is Liam, not sure of the surname spelling", {"liam"}),
    ("It's for Liam Walsh, not me", {"liam", "walsh"}),
])
def test_words_read(reply, words):
    assert stated_names(reply, True) == words


def test_a_contrast_unasked_and_with_no_name_talk_names_no_one():
    assert stated_names("Madrid not Barcelona") == frozenset()
    assert stated_names("Window not aisle, thanks") == frozenset()


@pytest.mark.parametrize("reply", [
    "I'm Aisha, my husband's surname is Okafor but mine is Bello, so put it under mine.",
    "Bello not Okafor, Aisha",
    "I'm Aisha; use my maiden name Bello rather than my married name Okafor.",
])
def test_the_reference_agent_on_the_testers_words_is_clean(d, reply):
    sc = d.scenario("one_way", 3)
    msgs = ["Hi, I need a flight from Madrid to Amsterdam on 2026-08-28 for two people.", "The first one please.",
            reply, "Yes."]
    t = play_messages(d, sc, d.make_target("reference", []), msgs, "w40")
    calls = [tc["function"] for m in t.messages for tc in (m.get("tool_calls") or [])
             if tc["function"]["name"] == "book_flight"]
    assert calls and '"last_name": "Bello"' in calls[-1]["arguments"]
    assert [v.policy for v in t.violations] == []
