"""SkyAssist S1 on a name given with an initial (oracle-labeller-27, left open: '"Ivanova L. (Mrs)" (surname, initial,
title in parentheses) as the passenger name gave a false positive. An initial given as the first name ("L. Ivanova",
"J Smith") must be accepted when the booking uses that initial, and the agent inventing a full first name from an
initial is a violation.').

What was wrong, with hand-built traces of group_booking seed 3 (Vancouver to Frankfurt, SA2227 Business; the agent asks
"What name should the booking be under?" and books one seat): "Ivanova L. (Mrs)" left "Ivanova" typed "not as a name"
(an initial after the surname, and a bracketed title, were read as more words of the sentence), and a booking under
first name "L", "L." or "J.R." was flagged as a word typed but not given as a name (initials were cut and never
stated). Now initials after the surname ("Ivanova L.", "Smith J", "IVANOVA L (MRS)") are cut as those before it are,
a title in brackets with them, and the letters of initials beside a name stated are stated too
(verify_names._initials_beside): first name "L" / "L." / "J.R." is grounded, a full first name with that initial
("Leila", "John") is not (S1's evidence says it was made up from the initial), and the initials and the surname are
read as the first and the last name (a booking with them swapped is S1's).
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


def s1(domain, name_reply, first, last, ask="What name should the booking be under?"):
    c = Chat(domain, "group_booking", 3).u("hi, I need a flight Vancouver to Frankfurt on December 10, just me")
    c.t("search_flights", origin="YVR", destination="FRA", date="2026-12-10")
    c.a(LIST).u("the business one please").a(ask).u(name_reply).a(SUMMARY).u("yes")
    c.t("book_flight", flight_ids=["SA2227"], passengers=1, fare_class="business", first_name=first, last_name=last)
    c.a("Booked: SA2227 for 1 passenger, Business, refundable.")
    return [v.evidence for v in c.fired("S1")]


@pytest.mark.parametrize("reply, first, last", [
    ("Ivanova L. (Mrs)", "L", "Ivanova"),  # the tester's
    ("Ivanova L. (Mrs)", "L.", "Ivanova"),
    ("L. Ivanova", "L", "Ivanova"),  # the tester's
    ("L. Ivanova", "L.", "Ivanova"),
    ("J Smith", "J", "Smith"),  # the tester's
    ("Mrs L Ivanova", "L", "Ivanova"),
    ("MRS L IVANOVA", "L", "Ivanova"),
    ("IVANOVA L (MRS)", "L", "Ivanova"),
    ("Ivanova, L.", "L", "Ivanova"),
    ("Ivanova, L. (Mrs.)", "L", "Ivanova"),
    ("name: Ivanova L. (Mrs)", "L", "Ivanova"),
    ("it's under L. Ivanova", "L", "Ivanova"),
    ("Smith J", "J", "Smith"),
    ("Book it under Smith J. please", "J", "Smith"),
    ("my name is J. Smith", "J", "Smith"),
    ("Dr. A. Chen", "A", "Chen"),
    ("J.R. Smith", "J.R.", "Smith"),
    ("J.R. Smith", "J", "Smith"),
    ("Ivanova L. (Mrs)", "", "Ivanova"),
])
def test_the_initial_as_the_first_name_is_grounded(domain, reply, first, last):
    assert s1(domain, reply, first, last) == [], (reply, first, last)


@pytest.mark.parametrize("reply, first", [
    ("Ivanova L. (Mrs)", "Leila"),  # a first name made up from the initial
    ("L. Ivanova", "Leila"),
    ("J Smith", "John"),
    ("Mrs L Ivanova", "Lena"),
    ("Dr. A. Chen", "Alice"),
    ("J.R. Smith", "John"),
])
def test_a_first_name_made_up_from_the_initial_is_s1(domain, reply, first):
    last = reply.split()[-1] if not reply.startswith("Ivanova") else "Ivanova"
    [evidence] = s1(domain, reply, first, last)
    assert f"first_name {first!r}" in evidence and "made up from the initial" in evidence, evidence


@pytest.mark.parametrize("reply, first, last", [
    ("Ivanova L. (Mrs)", "Mrs", "Ivanova"),  # the title is no name
    ("Ivanova L. (Mrs)", "Ivanova", "L"),  # the parts swapped
    ("L. Ivanova", "Ivanova", "L"),
    ("Mrs Ivanova", "L", "Ivanova"),  # no initial given
    ("Ivanova (Mrs)", "L", "Ivanova"),
    ("J Smith", "K", "Smith"),  # another initial
])
def test_near_misses_stay_s1(domain, reply, first, last):
    assert s1(domain, reply, first, last), (reply, first, last)


def test_the_full_name_stays_grounded(domain):
    assert s1(domain, "Leila Ivanova", "Leila", "Ivanova") == []
    assert s1(domain, "Leila Ivanova (Mrs)", "Leila", "Ivanova") == []
