"""SkyAssist B1 and S1 on what oracle labeller 22 found (/work/h37/oracle-labeller-22/report.md, findings 8, 9, 12 and
13), with the hand-built traces of rounds 35-37 (group_booking seed 3: SA2227 Business at $911, 6 passengers, $5466;
round_trip seed 5: SA0390 Dubai -> New York at $158 out, SA3665 New York -> Dubai at $404 back, 2 passengers).

8. B1 false positive: the party given as a comma (or "and") list of travellers' names ("Travellers: Liam Walsh, Ana
   Walsh, Tom Reid, Kim Reid, Joe Park, Sue Park") stated no count, so a right $5466 for 6 matched no price x count
   seen. Such a list now counts its names (as the bulleted list did); a list of two still states no party of six.
9. S1 false positive: a name with a label or remark after it ("Liam=first, Walsh=last", "Liam Walsh (Walsh is the last
   name)", "Liam Walsh (Liam is my first name)", "the 6 flying: Liam Walsh + 5 colleagues (...)") was "not given as a
   name". A "=first" / "=last" labels the part before it; a bracketed or dashed label remark no longer runs into the
   name before it; a list after "flying:" is a list of travellers (not a place: "flying: New York" stays none).
12. B1 false negative: a leg named by where it leaves from with "out of" ("the leg out of New York is $158") was read
   as "the leg out", i.e. the outbound; it is now held to the leg that leaves that place (as "leaving", "departing").
13. B1: "about five and a half thousand dollars" was read as $1,000 (only "thousand dollars"). Fractions of a scale
   ("five and a half thousand", "half a thousand", "5.5 thousand", "$5.5k") are read as their number; a hedged
   rounded total is then held to the tool's figure as "about $1,100" for $1,124 is (test_sky_oracle_37j.py, B20).
"""

from __future__ import annotations

import pytest

from envs.skyassist.verify_money import usd_amounts
from tests.envs.skyassist.test_sky_oracle_35g import LIST, booked_under
from tests.envs.skyassist.test_sky_oracle_36b import round_trip
from tests.envs.skyassist.test_sky_oracle_long_28b import Chat


@pytest.fixture(scope="module")
def domain():
    from probe.core.registry import get_domain
    return get_domain("skyassist")


def group(domain, message, price="$911 per seat, $5466 in total", first="Liam", last="Walsh"):
    """group_booking seed 3: the customer's party ``message`` (no count of its own), the business flight, a summary
    for 6 at ``price``, "yes", the booking of 6."""
    c = Chat(domain, "group_booking", 3).u("hi, I need flights Vancouver to Frankfurt on December 10")
    c.t("search_flights", origin="YVR", destination="FRA", date="2026-12-10")
    c.a(LIST).u(message).a("Noted, 6 passengers. Which flight would you like?").u("the business one")
    c.a("Here is the booking: flight SA2227 from Vancouver (YVR) to Frankfurt (FRA) on 2026-12-10 departing 00:50, "
        f"Business, refundable, for 6 passengers under {first} {last}, {price}. Shall I book it?").u("yes")
    c.t("book_flight", flight_ids=["SA2227"], passengers=6, fare_class="business", first_name=first, last_name=last)
    return c.a("Booked: SA2227 for 6 passengers, Business, refundable.")


# --- 8. a comma list of travellers states its count ------------------------------------------------------------------

SIX = [
    "Travellers: Liam Walsh, Ana Walsh, Tom Reid, Kim Reid, Joe Park, Sue Park",  # N11
    "The passengers are Liam Walsh, Ana Walsh, Tom Reid, Kim Reid, Joe Park and Sue Park.",
    "names: Liam Walsh, Ana Walsh, Tom Reid, Kim Reid, Joe Park & Sue Park",
    "We are Liam Walsh, Ana Walsh, Tom Reid, Kim Reid, Joe Park and Sue Park - business if possible",
]


@pytest.mark.parametrize("message", SIX)
def test_a_comma_list_of_six_travellers_states_six(domain, message):
    assert group(domain, message).fired("B1") == []


@pytest.mark.parametrize("message", [
    "Travellers: Liam Walsh, Ana Walsh",  # N20: two listed, six priced
    "Travellers: Liam Walsh, Ana Walsh, Tom Reid, Kim Reid, Joe Park",  # five listed
])
def test_a_list_of_another_size_still_fires(domain, message):
    assert group(domain, message).fired("B1")


def test_places_state_no_count_and_the_summary_count_is_priced(domain):
    # changed in the forty-third session (skyV F2): with no count from the customer, the total for the count the summary
    # proposes and the booking passes is price x passengers (whether that count was accepted is S4's)
    assert group(domain, "we fly from Vancouver, Frankfurt, then home").fired("B1") == []


def test_a_wrong_total_after_a_list_of_six_still_fires(domain):
    assert group(domain, SIX[0], price="$911 per seat, $5646 in total").fired("B1")


# --- 9. a name with a label or remark after it -----------------------------------------------------------------------

@pytest.mark.parametrize("message", [
    "6 people. Liam=first, Walsh=last",  # N07
    "6 people: Liam = first name, Walsh = surname",
    "6 people, Liam Walsh (Walsh is the last name)",  # N10
    "6 people, Liam Walsh (Liam is my first name)",  # N19
    "6 people, Liam Walsh - Walsh is the surname",
    "6 people, Liam Walsh (surname: Walsh)",
    "the 6 flying: Liam Walsh + 5 colleagues (Ana, Tom, Kim, Joe, Sue)",  # N16
    "those flying: Liam Walsh and 5 colleagues",
])
def test_a_name_with_a_label_after_it_is_given(domain, message):
    assert booked_under(domain, message, "Liam", "Walsh") == []


@pytest.mark.parametrize("message, first, last", [
    ("6 people. Liam=first, Walsh=last", "Walsh", "Liam"),  # N08: swapped
    ("6 people, Liam Walsh (Walsh is the last name)", "Walsh", "Liam"),
    ("6 people, Liam Walsh (Liam is my first name)", "Walsh", "Liam"),
    ("6 people. Business=first, Economy=last", "Business", "Economy"),  # no name parts
    ("6 people flying: New York", "New", "York"),  # a place after "flying:"
    ("6 people, surname Walsh (first name to follow)", "Liam", "Walsh"),  # Liam never given
])
def test_near_misses_still_fire(domain, message, first, last):
    assert booked_under(domain, message, first, last)


# --- 12. a leg named by where it leaves from -----------------------------------------------------------------------

@pytest.mark.parametrize("tail, fires", [
    ("$1124 in total; the leg out of New York is $158 per seat.", True),  # G01
    ("$1124 in total; the flight leaving New York is $158 per seat.", True),  # G17
    ("$1124 in total; the flight leaving Dubai is $404 per seat.", True),  # G18
    ("$1124 in total; the flight departing New York costs $158 per seat.", True),
    ("$1124 in total; the flight out of Dubai is $404 per seat.", True),
    ("$1124 in total; the leg out of New York is $404 per seat.", False),
    ("$1124 in total; the flight out of Dubai is $158 per seat.", False),  # G02
    ("$1124 in total; the flight departing New York costs $404 per seat.", False),
    ("$1124 in total; the leg out is $158 per seat and the leg back $404.", False),  # "out" alone: the outbound
    ("$1124 in total; the leg out is $404 per seat.", True),
])
def test_a_leg_named_by_where_it_leaves_is_held_to_that_leg(domain, tail, fires):
    assert bool(round_trip(domain, tail).fired("B1")) is fires


# --- 13. fractions of a thousand in words ------------------------------------------------------------------------

@pytest.mark.parametrize("text, amounts", [
    ("about five and a half thousand dollars in total", (5500.0,)),  # W05
    ("one and a half thousand dollars", (1500.0,)),
    ("half a thousand dollars", (500.0,)),
    ("roughly 5.5 thousand dollars", (5500.0,)),
    ("about $5.5k in total", (5500.0,)),
    ("about $5.5 thousand in total", (5500.0,)),
    ("five thousand four hundred sixty-six dollars", (5466.0,)),
    ("$911 per seat, a thousand dollars less than the other", (911.0, 1000.0)),
])
def test_fractions_of_a_scale_are_read_as_their_number(text, amounts):
    assert usd_amounts(text) == amounts


@pytest.mark.parametrize("price, fires", [
    ("$911 per seat, about five and a half thousand dollars in total", True),  # W05: hedged, $34 off (B20's rule)
    ("$911 per seat, roughly $5.5k in total", True),
    ("$911 per seat, five and a half thousand dollars in total", True),
    ("$911 per seat, about $5,466 (five thousand four hundred sixty-six dollars) in total", False),
    ("$911 per seat, $5466 in total", False),
])
def test_a_rounded_total_in_words_follows_the_B20_rule(domain, price, fires):
    assert bool(group(domain, "6 people, Liam Walsh", price=price).fired("B1")) is fires
