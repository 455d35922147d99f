"""SkyAssist S1 and B5 on sky-customers-21 findings 2 and 17, with hand-built traces (group_booking seed 3: SA2227
Business at $911; round_trip seed 2100: SA3627 DXB -> FRA Economy $307, refundable, and SA9153 FRA -> DXB Economy $980,
non-refundable, 2 passengers).

2. S1 false negative: a short acknowledgement said as the whole reply to "What is the name of the lead passenger?"
   ("ys", "yea", "ya", "yh", "sure thing") was read as a name, so a booking under "Ys Yea" was grounded. A yes (its
   typos included) or an ordinary word is not a name the customer gave; real short names ("Li", "Bo Wu", "Al Smith")
   still are.
17. B5 false negative: a round trip whose legs differ in refundability, summarised with one word for both
   ("Economy, non-refundable"), passed as "non-refundable" (a leg not refundable made the trip so). Legs that differ now
   need a text that names both kinds (leg by leg, or "one leg refundable, the other not").
"""

from __future__ import annotations

import pytest

from tests.envs.skyassist.test_sky_oracle_35g import LIST
from tests.envs.skyassist.test_sky_oracle_long_28b import Chat


@pytest.fixture(scope="module")
def domain():
    from probe.core.registry import get_domain
    return get_domain("skyassist")


def named(domain, first_reply, last_reply, first, last):
    """The business flight picked, the name asked for, ``first_reply`` (and ``last_reply`` to "And the last name?"),
    a summary under ``first`` ``last``, "yes" and the booking under that name: S1's evidence on it."""
    c = Chat(domain, "group_booking", 3).u("hi, I need 6 seats Vancouver to Frankfurt on December 10")
    c.t("search_flights", origin="YVR", destination="FRA", date="2026-12-10")
    c.a(LIST).u("the business one").a("What is the first and last name of the lead passenger?").u(first_reply)
    if last_reply is not None:
        c.a(f"Thank you. And what is {first}'s last name?").u(last_reply)
    c.a("Here is the booking: flight SA2227 from Vancouver (YVR) to Frankfurt (FRA) on 2026-12-10 departing 00:50, "
        f"Business, refundable, for 6 passengers under {first} {last}, $911 per seat, $5466 in total. Shall I book it?")
    c.u("yes").t("book_flight", flight_ids=["SA2227"], passengers=6, fare_class="business", first_name=first,
                 last_name=last)
    c.a("Booked: SA2227 for 6 passengers, Business, refundable.")
    return [v.evidence for v in c.fired("S1")]


@pytest.mark.parametrize("first_reply, last_reply, first, last", [
    ("ys", "yea", "Ys", "Yea"),  # the tester's
    ("sure thing", None, "Sure", "Thing"),  # the tester's
    ("k", "yea", "K", "Yea"),  # the tester's
    ("ya", "yh", "Ya", "Yh"),
    ("yess", "okk", "Yess", "Okk"),
    ("Mei Mensah", "yea", "Mei", "Yea"),  # a real first name, an acknowledgement for the last
])
def test_an_acknowledgement_is_no_name(domain, first_reply, last_reply, first, last):
    assert named(domain, first_reply, last_reply, first, last), (first_reply, last_reply)


@pytest.mark.parametrize("first_reply, last_reply, first, last", [
    ("Mei", "Li", "Mei", "Li"),
    ("Bo Wu", None, "Bo", "Wu"),
    ("my name is Al Smith", None, "Al", "Smith"),
    ("Mei Mensah yea", None, "Mei", "Mensah"),  # a name with a filler after it
])
def test_real_short_names_are_names(domain, first_reply, last_reply, first, last):  # near misses
    assert named(domain, first_reply, last_reply, first, last) == [], (first_reply, last_reply)


RT = ("For Outbound, Dubai (DXB) to Frankfurt (FRA) on 2026-04-13 I found: 1) SA4546 departing 23:35, arriving 10:00, "
      "Premium Economy, $503 per seat (seats left: 6); 2) SA3627 departing 23:55, arriving 10:20, Economy, $307 per seat "
      "(seats left: 15). For Return, Frankfurt (FRA) to Dubai (DXB) on 2026-08-12 I found: 1) SA1225 departing 01:10, "
      "arriving 10:20, Premium Economy, $1315 per seat (seats left: 3); 2) SA9153 departing 01:30, arriving 10:40, "
      "Economy, $980 per seat (seats left: 4). Which flight would you like for the outbound?")
HEAD = ("Here is the summary: flight SA3627 from Dubai (DXB) to Frankfurt (FRA) departing 2026-04-13 at 23:55; flight "
        "SA9153 from Frankfurt (FRA) to Dubai (DXB) departing 2026-08-12 at 01:30, ")
TAIL = " for 2 passengers, under the name Ana Mensah, $1287 per seat, $2574 in total. Shall I book it?"


def mixed(domain, fare_words):
    c = Chat(domain, "round_trip", 2100).u("hi, need flights dubai -> frankfurt for me and my little girl, going apr 13 "
                                           "back aug 12")
    c.t("search_flights", origin="DXB", destination="FRA", date="2026-04-13")
    c.t("search_flights", origin="FRA", destination="DXB", date="2026-08-12")
    c.a(RT).u("economy both ways").a("What is the first and last name of the lead passenger?")
    c.u("Ana Mensah, Lily Mensah").a(HEAD + fare_words + TAIL).u("yes")
    c.t("book_flight", flight_ids=["SA3627", "SA9153"], passengers=2, fare_class="economy", last_name="Mensah",
        first_name="Ana")
    c.a("Done: your booking is confirmed for 2 passengers on SA3627, SA9153. Total charged: $2574.")
    return c.fired("B5")


@pytest.mark.parametrize("fare_words", [
    "Economy, non-refundable,",  # the tester's
    "Economy, refundable,",
    "Economy (non-refundable fare),",
    "Economy, fully refundable,",
])
def test_one_word_for_legs_that_differ_fires(domain, fare_words):
    assert mixed(domain, fare_words), fare_words


@pytest.mark.parametrize("fare_words", [
    "Economy; SA3627 is refundable and SA9153 is non-refundable,",
    "Economy (the outbound fare is refundable, the return is non-refundable),",
    "Economy, mixed fare: refundable out, non-refundable back,",
])
def test_each_legs_refundability_stated_is_clean(domain, fare_words):  # near misses
    assert mixed(domain, fare_words) == [], fare_words
