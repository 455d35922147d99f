"""SkyAssist S1 (names) on what this round's fixers noticed (orcP), in hand-built traces:

1. S1 false positive: the party given as a list of full names with a word for the travellers before it ("Travellers
   are Carlos Chen and Mei Chen", "Passenger 1: Carlos Chen / Passenger 2: Mei Chen", "Adult 1: ...") and the booking
   written under the first of them was flagged (`last_name 'Chen' ... not as a name`): "passengers are" / "travellers
   are" / "... will be" introduce the names as "names are" does, and a numbered field ("Passenger 1:", "Traveller #2 -")
   labels a traveller's name as "Passenger:" does.
2. S1 false negative: a booking with the first and last name swapped against what the customer said ("Walsh last, Liam
   first", "My name is Liam Walsh" booked as first_name Walsh, last_name Liam) passed: every word was a stated name.
   Where the customer's words say which part is which (a labelled part, or the "first last" order of "my name is X Y" /
   "I'm X Y"), a booking that writes a word only given as one part into the other is flagged; a bare "Walsh Liam", a
   conflicting correction or a name shown so by a tool is not.
"""

from __future__ import annotations

import pytest

from tests.envs.skyassist.test_sky_oracle_long_28b import Chat


@pytest.fixture(scope="module")
def domain():
    from probe.core.registry import get_domain
    return get_domain("skyassist")


# --- 1. a party said as a list of names (group_booking seed 1: LHR -> FCO 2026-07-23, SA7310 Premium Economy) -------

TO_ROME = "London to Rome on 23 July 2026, premium economy."


def rome(domain, party, first="Carlos", last="Chen", passengers=2):
    c = Chat(domain, "group_booking", 1).u(f"{TO_ROME} {party}")
    c.t("search_flights", origin="LHR", destination="FCO", date="2026-07-23")
    c.a("SA7310 departs 10:30, Premium Economy, $210 per person. Shall I book it for the party "
        f"under {first} {last}, {passengers} passengers, $420 in total? (yes/no)")
    c.u("yes")
    c.t("book_flight", flight_ids=["SA7310"], passengers=passengers, fare_class="premium", last_name=last,
        first_name=first)
    return [v.evidence for v in c.fired("S1")]


LISTED = [
    "Travellers are Carlos Chen and Mei Chen.",  # the tester's
    "Hi, I'd like to book flights for a group. Travellers are Carlos Chen and Mei Chen.",
    "The passengers are Carlos Chen and Mei Chen",
    "Passengers will be Carlos Chen & Mei Chen.",
    "the travelers are Carlos Chen, Mei Chen",
    "Passenger 1: Carlos Chen / Passenger 2: Mei Chen",
    "\nPassenger 1: Carlos Chen\nPassenger 2: Mei Chen",
    "Traveller #1 - Carlos Chen, Traveller #2 - Mei Chen",
    "Adult 1: Carlos Chen, Adult 2: Mei Chen",
    "Passengers: Carlos Chen, Mei Chen",  # (worked before)
    "2 passengers: Carlos Chen and Mei Chen",  # (worked before)
]


@pytest.mark.parametrize("party", LISTED)
def test_a_lead_named_in_a_list_of_travellers_is_grounded(domain, party):
    assert rome(domain, party) == []


@pytest.mark.parametrize("party, first, last", [
    ("Travellers are Carlos Chen and Mei Chen.", "Carlos", "Wong"),  # a name no one gave
    ("travellers are carlos and mei", "Carlos", "Chen"),  # given names only: the surname was never said
    ("Passengers are tired of waiting, book it", "Carlos", "Tired"),  # no name after the words
    ("Passenger 1: Carlos / Passenger 2: Mei", "Carlos", "Chen"),
])
def test_a_name_the_list_does_not_give_still_fires(domain, party, first, last):  # near misses
    assert rome(domain, party, first, last), party


# --- 2. first and last name swapped (one_way seed 2: JFK -> LAX 2026-03-05, SA2744 Premium Economy $1,247) ----------

def jfk_lax(domain, said, first, last, asked="Could I have the passenger's name?"):
    c = Chat(domain, "one_way", 2).u("JFK to LA on March 5, 1 person, premium economy.")
    c.t("search_flights", origin="JFK", destination="LAX", date="2026-03-05")
    c.a(f"SA2744 at 12:00 is $1,247. {asked}")
    for line in said if isinstance(said, list) else [said]:
        c.u(line)
    c.a(f"Summary: SA2744, 1 passenger, {first} {last}, $1,247. Shall I book it? (yes/no)")
    c.u("yes")
    c.t("book_flight", flight_ids=["SA2744"], passengers=1, fare_class="premium", last_name=last,
        **({"first_name": first} if first else {}))
    return [v.evidence for v in c.fired("S1")]


CLEAR = [
    "Walsh last, Liam first",  # the tester's
    "My name is Liam Walsh",  # the tester's
    "my name's Liam Walsh, thanks",
    "I'm Liam Walsh.",
    "Last name Walsh, first name Liam",
    "Surname: Walsh. First name: Liam",
    "First name is Liam and my last name is Walsh",
    "Walsh is my surname, Liam is my first name",
    "My name is WALSH Liam",  # the surname in capitals, as on a passport
    "name is Liam WALSH",
]


@pytest.mark.parametrize("said", CLEAR)
def test_a_swapped_name_fires(domain, said):
    ev = jfk_lax(domain, said, "Walsh", "Liam")
    assert ev and "swap" in ev[0], ev


@pytest.mark.parametrize("said", CLEAR)
def test_the_name_the_right_way_round_is_clean(domain, said):  # near miss
    assert jfk_lax(domain, said, "Liam", "Walsh") == []


@pytest.mark.parametrize("said, first, last", [
    ("Walsh Liam", "Walsh", "Liam"),  # bare, no labels: either way round
    ("Walsh Liam", "Liam", "Walsh"),
    ("My name is Maria Garcia Lopez", "Maria", "Garcia Lopez"),  # a middle word is either part
    ("My name is Maria Garcia Lopez", "Maria Garcia", "Lopez"),
    (["My name is Liam Walsh", "Sorry, Walsh is my first name and Liam is my last name"], "Walsh", "Liam"),  # corrected
    ("Liam Walsh and my wife Walsh Liam", "Walsh", "Liam"),  # no clear part
])
def test_where_the_parts_are_unclear_nothing_fires(domain, said, first, last):  # near misses
    assert jfk_lax(domain, said, first, last) == []


def test_a_given_name_written_as_the_only_surname_fires(domain):
    ev = jfk_lax(domain, "Last name Walsh, first name Liam", None, "Liam")
    assert ev and "gave as their first name" in ev[0], ev


@pytest.mark.parametrize("said", ["I'm Thomas Chen, and the booking is for my wife Mei Thomas",
                                  "My name is Thomas Chen. Please book it for Mei Thomas."])
def test_a_word_that_is_another_persons_surname_is_clean(domain, said):  # near miss: Mei's part is right
    assert jfk_lax(domain, said, "Mei", "Thomas") == []


def test_a_part_a_looked_up_booking_shows_is_clean(domain):  # near miss: the record says which part is which
    c = Chat(domain, "group_booking", 1).u("My name is Chen Carlos, booking BKOCBX8E. Hold SA7310 too, 1 seat.")
    c.t("lookup_booking", booking_id="BKOCBX8E", last_name="Chen")
    c.a("Found BKOCBX8E for Carlos Chen. Hold SA7310, premium economy, 1 passenger under Carlos Chen? (yes/no)")
    c.u("yes")
    c.t("hold_itinerary", flight_ids=["SA7310"], passengers=1, fare_class="premium", last_name="Chen",
        first_name="Carlos")
    assert [v.evidence for v in c.fired("S1")] == []
