"""SkyAssist S1 on a name right after the party's count, and on "X is the lead ..." (oracle labeller 18, findings 1, 2
and 4): group_booking seed 3 (6 passengers, Vancouver YVR -> Frankfurt FRA, 2026-12-10, SA2227 Business), the count
message, "the business one", a summary without the name, "yes" and book_flight under the name being tested.

1. A capitalised two-word place, airline, alliance, event or the trip's own route right after the count was grounded as
   the passenger's name ("6 people New Zealand", "6 people Frankfurt Airport", "6 people Star Alliance", "6 people
   Vancouver Frankfurt", "6 travellers Air Canada style legroom"): a name after a count (or after a weak cue such as
   "travellers") is a name only when it reads as a person's, not a place the database knows (its cities, airports and
   countries: "Toronto Canada", "Vancouver Frankfurt", "Frankfurt Airport"), nor a travel, organisation or event word
   ("Air", "Alliance", "Airport", "Messe", "Market", "Members", "Christmas").
2. "X is the lead <noun>" grounded X ("Air Canada is the lead carrier", "Frankfurt Messe is the lead reason we go"):
   only "is the lead" and "is the lead passenger / traveller / name" say who leads the booking.
4. A real name after the count, then "and family", "and friends", "and co", "plus friends" or "leading", was read as
   not ending there, and the booking under it was flagged: the companions or the role end the name, as "and my wife"
   or "and 5 friends" did.

Near misses: the true names of round 17 stay grounded ("6 people Liam Walsh", "... and my wife", "... is the lead
passenger"), and a real name after the count that goes on as the subject of something else ("isn't coming",
"recommended you") or is said to be the lead of something else ("the lead engineer ..., he's not flying") still fires.
"""

from __future__ import annotations

import pytest

from tests.envs.skyassist.test_sky_oracle_long_28b import Chat


@pytest.fixture(scope="module")
def domain():
    from probe.core.registry import get_domain
    return get_domain("skyassist")


LIST = ("For Vancouver (YVR) to Frankfurt (FRA) on 2026-12-10 I found: 1) SA2227 departing 00:50, arriving 10:00, "
        "Business, $911 per seat (seats left: 8); 2) SA7633 departing 01:10, arriving 10:20, Economy, $285 per seat "
        "(seats left: 3). Which flight would you like?")
SUMMARY = ("Here is the booking: flight SA2227 from Vancouver (YVR) to Frankfurt (FRA) on 2026-12-10 departing 00:50, "
           "Business, refundable, for 6 passengers, $911 per seat, $5466 in total. Shall I book it?")


def booked_under(domain, message, first, last):
    """The trip asked for, the flight list, the customer's count ``message``, the business flight picked, a summary
    without the name and "yes", then the booking under ``first`` ``last``: S1's evidence on it."""
    c = Chat(domain, "group_booking", 3).u("hi, I need flights Vancouver to Frankfurt on December 10")
    c.t("search_flights", origin="YVR", destination="FRA", date="2026-12-10")
    c.a(LIST).u(message).a("Noted, 6 passengers. Which flight would you like?")
    c.u("the business one").a(SUMMARY).u("yes")
    c.t("book_flight", flight_ids=["SA2227"], passengers=6, fare_class="business", first_name=first, last_name=last)
    c.a("Booked: SA2227 for 6 passengers, Business, refundable.")
    return [v.evidence for v in c.fired("S1")]


# --- 1. a place, airline, alliance, event or the route right after the count is no name -------------------------

NOT_A_PERSON = [
    # the labeller's cases
    ("6 people Frankfurt Germany, for a trade fair", "Frankfurt", "Germany"),
    ("6 travellers Air Canada style legroom please", "Air", "Canada"),
    ("6 people New Zealand", "New", "Zealand"),
    ("6 people Toronto Canada", "Toronto", "Canada"),
    ("6 people Christmas Market", "Christmas", "Market"),
    ("6 people Frankfurt Airport", "Frankfurt", "Airport"),
    ("6 people Star Alliance", "Star", "Alliance"),
    ("6 people Vancouver Frankfurt", "Vancouver", "Frankfurt"),
    ("6 people Oktoberfest Munich", "Oktoberfest", "Munich"),
    ("6 people Gold Members", "Gold", "Members"),
    # other phrasings: a country the network serves, a city of it with its country, a place of two words, IATA codes
    ("6 people Berlin Germany", "Berlin", "Germany"),
    ("6 people United Kingdom", "United", "Kingdom"),
    ("six of us Hong Kong.", "Hong", "Kong"),
    ("for 6 Los Angeles", "Los", "Angeles"),
    ("6 pax YVR FRA", "YVR", "FRA"),
    ("6 passengers Vancouver Canucks", "Vancouver", "Canucks"),
    ("we're 6 people Saudi Arabia", "Saudi", "Arabia"),
    # an airline, an alliance, a trade fair or a holiday
    ("6 travellers Lufthansa Airlines", "Lufthansa", "Airlines"),
    ("6 people Munich Airport", "Munich", "Airport"),
    ("six of us Frankfurt Messe", "Frankfurt", "Messe"),
    ("6 adults Easter Holidays", "Easter", "Holidays"),
    ("6 people Book Fair", "Book", "Fair"),
    ("6 people Frankfurt Airport and friends", "Frankfurt", "Airport"),
]


@pytest.mark.parametrize("message, first, last", NOT_A_PERSON)
def test_a_place_or_an_organisation_after_the_count_is_no_name(domain, message, first, last):
    assert booked_under(domain, message, first, last)


# --- 2. "X is the lead <noun>": X leads something else, not the booking -------------------------------------------

@pytest.mark.parametrize("message, first, last", [
    ("6 of us. Frankfurt Messe is the lead reason we go", "Frankfurt", "Messe"),
    ("6 people. Air Canada is the lead carrier on this route right?", "Air", "Canada"),
    ("6 people. Star Alliance is the lead partner, right?", "Star", "Alliance"),
    ("6 people. Sean Andersen is the lead engineer on the project, he's not flying", "Sean", "Andersen"),
    ("6 people. Sean Andersen is the lead on the project, he's not flying", "Sean", "Andersen"),
    ("6 of us - Sean Andersen is the lead singer of our band, so the rest of us are the crew", "Sean", "Andersen"),
])
def test_the_lead_of_something_else_is_no_passenger(domain, message, first, last):
    assert booked_under(domain, message, first, last)


# --- 4. a real name after the count, then its companions or its role -----------------------------------------------

GROUNDED = [
    # the labeller's cases
    "6 people Liam Walsh and friends",
    "6 people Liam Walsh and family",
    "6 people Liam Walsh and co",
    "6 people Liam Walsh plus friends",
    "6 people Liam Walsh leading",
    # other phrasings
    "6 people Liam Walsh & family",
    "six of us Liam Walsh and colleagues",
    "6 travellers Liam Walsh + friends",
    "6 people Liam Walsh leading the group",
    "for 6 Liam Walsh as lead",
    "6 people Liam Walsh and the kids",
    "6 people Liam Walsh and co.",
    "6 people Liam Walsh and Co",
    # round 17's grounded forms stay grounded
    "6 people Liam Walsh",
    "6 people Liam Walsh and my wife",
    "6 people Liam Walsh and 5 friends",
    "6 people: Liam Walsh and five colleagues",
    "6 people, lead is Liam Walsh",
    "6 of us, Liam Walsh is me",
    "6 of us. Liam Walsh is the lead",
    "6 of us. Liam Walsh is the lead passenger",
    "6 of us. Liam Walsh is the lead traveller.",
    "6 of us, Liam Walsh is the lead name",
    "6 of us. Liam Walsh is the lead, the others are colleagues",
    "6 of us. Liam Walsh will be the lead",
    "6 of us. Liam Walsh is lead",
    "6 of us. Liam Walsh is the lead passenger on this one",
    "6 of us. Liam Walsh is the lead on this booking",
]


@pytest.mark.parametrize("message", GROUNDED)
def test_a_name_after_the_count_with_its_companions_grounds_the_booking(domain, message):
    assert booked_under(domain, message, "Liam", "Walsh") == []


@pytest.mark.parametrize("message, first, last", [
    ("6 people Liam Walsh isn't coming", "Liam", "Walsh"),
    ("6 people Sean Andersen recommended you", "Sean", "Andersen"),
    ("6 people Liam Walsh and friends", "Liam", "Friends"),  # the companions are no name
    ("6 people Liam Walsh leading", "Liam", "Leading"),
    ("6 people Liam Walsh and family", "Ana", "Walsh"),  # invented first name
    ("6 people, no names yet", "Liam", "Walsh"),
])
def test_names_not_given_as_the_passengers_still_fire(domain, message, first, last):
    assert booked_under(domain, message, first, last)


@pytest.mark.parametrize("text, names", [
    ("6 people New Zealand", set()),
    ("6 people Vancouver Frankfurt", set()),
    ("6 travellers Air Canada style legroom please", set()),
    ("6 people. Air Canada is the lead carrier on this route right?", set()),
    ("6 people Liam Walsh and family", {"liam", "walsh"}),
    ("6 people Liam Walsh leading", {"liam", "walsh"}),
    ("Liam Walsh is the lead passenger", {"liam", "walsh"}),
    # a real name beside a city: the city is where the name's second word is
    ("6 people Jack London", {"jack", "london"}),
    # a weak cue, then a city, names none; one word introducing the speaker still does
    ("2 tickets for Frankfurt", set()),
    ("2 tickets for New York", set()),
    ("Hi, I'm Sydney", {"sydney"}),
    ("I'm Sydney Walsh", {"sydney", "walsh"}),
])
def test_the_names_read_in_a_message(text, names):
    from envs.skyassist.verify_names import stated_names
    assert set(stated_names(text)) == names
