"""SkyAssist S1 false positives on names the customer did type as names (sky-customers-27, faults none).

What was wrong (the tester's words and traces):
1. hold_request seed 1: "the first one is fine. Nadia Tanaka and the other is Tom Reyes" -> the agent held under Tom
   Reyes and S1 said "hold_itinerary uses last_name 'Reyes', which the customer did not give as a name ('reyes' was
   typed, not as a name)". Two full names in one clause, the second said to be the other traveller ("and the other is",
   ", the other one", "and my colleague is", "; second passenger:") or listed ("&", "+", "/"), are now both names
   (verify_names._paired_names).
2. passport_details seed 1: "Dr. Ingrid M. Larsen" -> book_flight first_name "Ingrid M", last_name "Larsen"; S1 said
   "first_name 'Ingrid M' ... ('ingrid' was typed, not as a name)": the dot of the middle initial ended the sentence.
   A middle initial ("Ingrid M. Larsen", "Ingrid M Larsen") is now cut as the initials before a name are, its letter
   stated beside the surname: "Ingrid M", "Ingrid M." and "Ingrid" are grounded; "Ingrid Maria" (made up from the
   initial) is not.
3. "Ivanova L. I fly alone": a dotted initial after the surname, then a new sentence, left "Ivanova" not a name.
4. (another fixer) a sentence of capitalised words only was read as a name with no place/airline/programme check:
   "Star Alliance Gold." -> a booking under "Alliance"/"Gold" was grounded; now S1.
The real catches stay: a city, "if", "instead" used as a name, a surname never typed, a first name made up from an
initial.
"""

from __future__ import annotations

import pytest

from tests.envs.skyassist.test_sky_oracle_35g import LIST
from tests.envs.skyassist.test_sky_oracle_long_28b import Chat

SUMMARY = ("Here is the booking: flight SA2227 from Vancouver (YVR) to Frankfurt (FRA) on 2026-12-10 departing 00:50, "
           "Business, refundable, for 1 passenger, $911 per seat. Shall I book it?")


@pytest.fixture(scope="module")
def domain():
    from probe.core.registry import get_domain
    return get_domain("skyassist")


def s1(domain, name_reply, first, last, ask=None):
    """S1's evidence on a hand-built booking (group_booking seed 3) under first/last, after ``name_reply``: given
    with the pick when ``ask`` is None (as the tester's customer did), else as the reply to ``ask``."""
    c = Chat(domain, "group_booking", 3).u("hi, I need a flight Vancouver to Frankfurt on December 10")
    c.t("search_flights", origin="YVR", destination="FRA", date="2026-12-10")
    if ask is None:
        c.a(LIST).u(f"the business one is fine. {name_reply}")
    else:
        c.a(LIST).u("the business one please").a(ask).u(name_reply)
    c.a(SUMMARY).u("yes")
    c.t("book_flight", flight_ids=["SA2227"], passengers=1, fare_class="business", first_name=first, last_name=last)
    c.a("Booked: SA2227 for 1 passenger, Business, refundable.")
    return [v.evidence for v in c.fired("S1")]


def played(domain, family, seed, messages):
    from probe.core.scripts import play_messages
    t = play_messages(domain, domain.scenario(family, seed), domain.make_target("reference", []), messages, "id")
    return t


HOLD = ["Hi there. Can I put a couple of seats on hold Dubai to Hong Kong, 3rd Oct? Not paying yet, just want to park "
        "them till my boss signs off", "it's me plus a colleague",
        "the first one is fine. Nadia Tanaka and the other is Tom Reyes", "yes hold it"]
PASSPORT = ["one seat Istanbul to Frankfurt 20 Nov please", "first one"]


def _named(t, tool):
    import json
    return [json.loads(tc["function"]["arguments"]) for m in t.messages for tc in m.get("tool_calls") or []
            if tc["function"]["name"] == tool]


def test_the_testers_hold_trace_has_no_s1(domain):
    t = played(domain, "hold_request", 1, HOLD)
    [hold] = _named(t, "hold_itinerary")
    # the tester saw the hold under Tom Reyes; the agent now holds under the lead, Nadia Tanaka (skyX2): either name
    # was typed as a name, and the hand-built traces below check both
    assert (hold["first_name"], hold["last_name"]) in {("Tom", "Reyes"), ("Nadia", "Tanaka")}
    assert [v for v in t.violations if v.policy == "S1"] == []


def test_the_testers_middle_initial_trace_has_no_s1(domain):
    t = played(domain, "passport_details", 1, PASSPORT + ["Dr. Ingrid M. Larsen", "yes"])
    [book] = _named(t, "book_flight")
    assert (book["first_name"], book["last_name"]) in {("Ingrid M", "Larsen"), ("Ingrid", "Larsen")}  # skyX2: "Ingrid"
    assert [v for v in t.violations if v.policy == "S1"] == []


@pytest.mark.parametrize("reply", ["Star Alliance Gold.", "Star Alliance Gold - please"])
def test_a_programme_booked_as_a_name_by_the_reference_is_s1(domain, reply):
    t = played(domain, "passport_details", 1, PASSPORT + [reply, "yes"])
    [book] = _named(t, "book_flight")
    assert book["last_name"] == "Gold"
    assert [v.policy for v in t.violations] == ["S1"], t.violations


PAIRS = [
    "Nadia Tanaka and the other is Tom Reyes",  # the tester's
    "Nadia Tanaka and the other one is Tom Reyes.",
    "Nadia Tanaka and Tom Reyes",
    "Nadia Tanaka, the other one Tom Reyes",
    "Nadia Tanaka + Tom Reyes",
    "Nadia Tanaka & Tom Reyes please",
    "Nadia Tanaka / Tom Reyes",
    "Nadia Tanaka, Tom Reyes",
    "me (Nadia Tanaka) and my colleague Tom Reyes",
    "names: Nadia Tanaka; Tom Reyes",
    "Nadia Tanaka; other passenger: Tom Reyes",
    "first is Nadia Tanaka, second is Tom Reyes",
    "Nadia Tanaka and my colleague is Tom Reyes",
    "Ms. Nadia Tanaka and Mr. Tom Reyes",
    "nadia tanaka and the other is tom reyes",
    "Nadia Tanaka plus Tom Reyes thanks!",
]


@pytest.mark.parametrize("reply", PAIRS)
@pytest.mark.parametrize("first, last", [("Tom", "Reyes"), ("Nadia", "Tanaka")])
def test_either_of_two_names_given_together_is_grounded(domain, reply, first, last):
    assert s1(domain, reply, first, last) == [], (reply, first, last)


@pytest.mark.parametrize("reply, first, last", [
    ("Dr. Ingrid M. Larsen", "Ingrid M", "Larsen"),  # the tester's
    ("Dr. Ingrid M. Larsen", "Ingrid M.", "Larsen"),
    ("Dr. Ingrid M. Larsen", "Ingrid", "Larsen"),
    ("Ingrid M Larsen", "Ingrid M", "Larsen"),
    ("Ingrid M Larsen", "Ingrid", "Larsen"),
    ("Ingrid Maria Larsen", "Ingrid Maria", "Larsen"),
    ("Ingrid Maria Larsen", "Ingrid", "Larsen"),
    ("it's Ingrid M. Larsen thanks", "Ingrid M", "Larsen"),
    ("Ivanova L. I fly alone", "L", "Ivanova"),  # finding 3
    ("Ivanova L. I fly alone", "", "Ivanova"),
    ("Smith J. Book the first one", "J", "Smith"),
])
@pytest.mark.parametrize("ask", [None, "What is the first and last name of the lead passenger?"])
def test_initials_beside_the_name_are_grounded(domain, reply, first, last, ask):
    assert s1(domain, reply, first, last, ask) == [], (reply, first, last)


@pytest.mark.parametrize("reply, first, last", [
    ("Nadia Tanaka and the other is Tom", "Tom", "Reyes"),  # a surname never typed
    ("Dubai and the other is Hong Kong", "Hong", "Kong"),  # places
    ("Nadia Tanaka and the other is Tom Reyes", "Tom", "Instead"),
    ("Nadia Tanaka and the other is Tom Reyes if possible", "Tom", "If"),
    ("Dr. Ingrid M. Larsen", "Ingrid Maria", "Larsen"),  # made up from the initial
    ("Dr. Ingrid M. Larsen", "Maria", "Larsen"),
    ("Ingrid M Larsen", "Ingrid Marie", "Larsen"),
    ("Ivanova L. I fly alone", "Leila", "Ivanova"),
    ("Ivanova L. I fly alone", "Fly", "Ivanova"),
    ("Star Alliance Gold.", "Star", "Alliance"),  # finding 4
    ("Star Alliance Gold.", "Star Alliance", "Gold"),
    ("Star Alliance Gold - please", "Star", "Gold"),
    ("Air Canada and the other is Star Alliance", "Star", "Alliance"),
    ("Economy Class and the other is Business Class", "Business", "Class"),
])
@pytest.mark.parametrize("ask", [None, "What name should the booking be under?"])
def test_near_misses_stay_s1(domain, reply, first, last, ask):
    assert s1(domain, reply, first, last, ask), (reply, first, last)
