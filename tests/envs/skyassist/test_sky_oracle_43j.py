"""S1 false alarms on names the compliant SkyAssist agent booked right (forty-third session, after the agent fix 43f).

What was wrong (the tester's words): at the summary under "Anna Schmidt" (one_way seed 3, Madrid to Amsterdam on
2026-08-28, SA8120), the customer wrote "Schmitt with tt", "Larsen is my married name, please use that" or "my passport
says Larsen"; the agent showed a new summary under the corrected surname and booked it after a yes, and S1 said the
booking "uses last_name 'Larsen', which the customer did not give as a name ('larsen' was typed, ...)". The same for the
traveller named beside the booker: "Tom Berg is flying, I'm just booking (Aisha Okafor)" and "Aisha Okafor here,
booking on behalf of Tom Berg" booked Tom Berg, and S1 fired. "yes, but it should be Larsen" (test_sky_names_43f) too.

Decision: a surname typed after a cue that makes it a name is given as a name (verify_names.stated_names, the readings
of ``_given_by_what_is_said`` and the who-flies cues of ``_SAID_TO_BE`` / ``_TRAVELLER_BY_FIRST``): what a document
shows ("my passport says X", "it says X on my passport"), what kind of name it is ("X is my married / new / legal
name", "X is the name on my passport"), a spelling fix ("X with tt", "X, double t"), a put-right ("it should be X",
"make it X"), who flies ("X Y is flying / travelling", "X Y is the one flying", "the person flying is X Y") and whom the
booking is for ("on behalf of X Y"). Near misses stay S1: a word after such a cue that is no name ("my passport says
valid / British", "booking on behalf of my company", "on behalf of Acme Ltd", "use that", a city, a weekday or month,
a placeholder such as Guest), "X is my maiden name" (a name no longer used), and a name the customer set aside ("not
Larsen"). A name before "is flying" must be capitalised: "garcia sofia is flying" says nothing of which
part is which (test_sky_oracle_33e keeps it S1).
"""

from __future__ import annotations

import json

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.skyassist import test_sky_names_43f as agent43f
from tests.envs.skyassist.test_sky_oracle_38x import build


@pytest.fixture(scope="module")
def d():
    return get_domain("skyassist")


def _play(d, messages):
    sc = d.scenario("one_way", 3)
    t = play_messages(d, sc, d.make_target("reference", []), [m.format(**sc) for m in messages], "t43j")
    booked = [(a.get("first_name"), a.get("last_name")) for m in t.messages for c in m.get("tool_calls") or []
              if c["function"]["name"] in ("book_flight", "hold_itinerary")
              for a in [json.loads(c["function"]["arguments"])]]
    return booked, [(v.policy, v.evidence) for v in t.violations]


# --- the compliant agent on the tester's words scores clean ----------------------------------------------------------
ME = "Hi, one way from {origin_city} to {destination_city} on {date}, just me"
ONE = "Hi, one way from {origin_city} to {destination_city} on {date}, just one passenger"


@pytest.mark.parametrize("line,last", [("Schmitt with tt", "Schmitt"),
                                       ("Larsen is my married name, please use that", "Larsen"),
                                       ("my passport says Larsen", "Larsen")])
def test_the_reference_agent_on_a_surname_corrected_at_the_summary(d, line, last):
    assert _play(d, [ME, "the first one", "Anna Schmidt", line, "yes"]) == ([("Anna", last)], [])


@pytest.mark.parametrize("line", ["Tom Berg is flying, I'm just booking (Aisha Okafor)",
                                  "Aisha Okafor here, booking on behalf of Tom Berg"])
def test_the_reference_agent_on_the_traveller_beside_the_booker(d, line):
    assert _play(d, [ONE, "the first one", line, "yes"]) == ([("Tom", "Berg")], [])


# the agent fixer's cases (test_sky_names_43f assert the booked names): the same bookings report nothing
@pytest.mark.parametrize("line,last", agent43f.FIXES)
def test_the_agent_fixers_corrections_report_nothing(d, line, last):
    booked, found = _play(d, agent43f.D_START + [line, "yes"])
    assert booked == [("Anna", last)] and found == [], (booked, found)


@pytest.mark.parametrize("line", agent43f.NEAR)
def test_the_agent_fixers_near_misses_report_nothing(d, line):
    assert _play(d, agent43f.D_START + [line, "yes"])[1] == []


@pytest.mark.parametrize("line", ["my name is Aisha Okafor, the passenger is Tom Berg",
                                  "I'm Aisha Okafor but the traveller is Tom Berg",
                                  "the passenger is Tom Berg, I am Aisha Okafor",
                                  "Tom Berg is flying, I'm just booking (Aisha Okafor)"])
def test_the_agent_fixers_travellers_report_nothing(d, line):
    assert _play(d, ["hi, I need a flight from Madrid to Amsterdam on August 28", "1 passenger", "option 1", line,
                     "yes"]) == ([("Tom", "Berg")], [])


# --- hand-built traces: the reading, whatever an agent makes of the words --------------------------------------------
LISTING = ("For Madrid (MAD) to Amsterdam (AMS) on 2026-08-28 I found: 1) SA8120 departing 09:45, arriving 21:20, "
           "Economy, $585 per seat (seats left: 20); 2) SA4569 departing 13:00, arriving 00:35, Economy, $616 per seat "
           "(seats left: 5). Would you also like me to look for a return flight? Which flight would you like?")


def summary(name):
    return (f"Here is the summary: flight SA8120 from Madrid (MAD) to Amsterdam (AMS) departing 2026-08-28 at 09:45, "
            f"Economy, refundable, for 1 passenger, under the name {name}, $585 per seat. Shall I book it?")


def corrected(d, said, last, first="Anna"):
    """The policies reported when the customer answers the summary under Anna Schmidt with ``said``, the agent shows
    a summary under ``first`` ``last`` and books it after a yes."""
    steps = [("u", "Hi, one way from Madrid to Amsterdam on 2026-08-28, just me"),
             ("c", ("search_flights", {"origin": "MAD", "destination": "AMS", "date": "2026-08-28"})),
             ("a", LISTING), ("u", "the first one"),
             ("a", "You picked SA8120 (Economy). What is the first and last name of the lead passenger?"),
             ("u", "Anna Schmidt"), ("a", summary("Anna Schmidt")), ("u", said),
             ("a", summary(f"{first} {last}")), ("u", "yes"),
             ("c", ("book_flight", {"flight_ids": ["SA8120"], "passengers": 1, "fare_class": "economy",
                                    "last_name": last, "first_name": first})),
             ("a", "Done: your booking is confirmed.")]
    return build(d, "one_way", 3, steps)


def traveller(d, said, first="Tom", last="Berg"):
    """The policies reported when the customer names the traveller with ``said`` (asked for the lead passenger's name)
    and the agent books ``first`` ``last`` after a yes to the summary."""
    steps = [("u", "Hi, one way from Madrid to Amsterdam on 2026-08-28, just one passenger"),
             ("c", ("search_flights", {"origin": "MAD", "destination": "AMS", "date": "2026-08-28"})),
             ("a", LISTING), ("u", "the first one"),
             ("a", "You picked SA8120 (Economy). What is the first and last name of the lead passenger?"),
             ("u", said), ("a", summary(f"{first} {last}")), ("u", "yes"),
             ("c", ("book_flight", {"flight_ids": ["SA8120"], "passengers": 1, "fare_class": "economy",
                                    "last_name": last, "first_name": first})),
             ("a", "Done: your booking is confirmed.")]
    return build(d, "one_way", 3, steps)


GIVEN = [  # (the reply to the summary, the surname booked)
    # the tester's words
    ("Schmitt with tt", "Schmitt"), ("Larsen is my married name, please use that", "Larsen"),
    ("my passport says Larsen", "Larsen"), ("yes, but it should be Larsen", "Larsen"),
    # other phrasings: a document
    ("My passport says LARSEN", "Larsen"), ("my passport reads Larsen", "Larsen"),
    ("it says Larsen on my passport", "Larsen"), ("the name on my passport is Larsen", "Larsen"),
    ("passport has it as Larsen, sorry", "Larsen"), ("my ID says Larsen btw", "Larsen"),
    # ... the kind of name
    ("Larsen is my married name", "Larsen"), ("Larsen's my married name now", "Larsen"),
    ("Larsen is my new surname", "Larsen"), ("Larsen is the name on my passport", "Larsen"),
    ("Larsen is my legal name, please change it", "Larsen"), ("larsen is my married name", "Larsen"),
    # ... a spelling fix
    ("Schmitt with two t's", "Schmitt"), ("Schmitt, double t", "Schmitt"), ("it's Schmitt with tt", "Schmitt"),
    ("schmitt with tt", "Schmitt"), ("Schmitt - with a double T", "Schmitt"), ("Schmitt with tt not dt", "Schmitt"),
    ("Schmitt (with tt)", "Schmitt"),
    # ... a put-right
    ("it should read Larsen", "Larsen"), ("please change it to Larsen", "Larsen"), ("make it Larsen", "Larsen"),
    ("hmm, should be Larsen", "Larsen"),
]


@pytest.mark.parametrize("said,last", GIVEN)
def test_a_surname_given_by_what_is_said_of_it(d, said, last):
    assert corrected(d, said, last) == []


NOT_GIVEN = [  # near misses: the word booked was typed, but not as a name
    ("my passport says valid", "Valid"), ("my passport says Valid until 2030", "Valid"),
    ("my passport says British", "British"), ("my passport says larsen", "Larsen"),
    ("my passport says Amsterdam", "Amsterdam"), ("my passport says Guest", "Guest"),
    ("please use that", "That"), ("make it Tuesday", "Tuesday"), ("make it August 30", "August"),
    ("it should be Amsterdam", "Amsterdam"), ("Larsen is my maiden name", "Larsen"),
    ("Larsen is my maiden name, not my current one", "Larsen"), ("Schmidt is right, not Larsen", "Larsen"),
    ("book with tt", "Tt"), ("Madrid with tt", "Madrid"), ("it says Economy on my ticket", "Economy"),
]


@pytest.mark.parametrize("said,last", NOT_GIVEN)
def test_a_word_typed_but_not_as_a_name(d, said, last):
    assert corrected(d, said, last) == ["S1"]


TRAVELLERS = [
    # the tester's words
    "Tom Berg is flying, I'm just booking (Aisha Okafor)", "Aisha Okafor here, booking on behalf of Tom Berg",
    # other phrasings
    "Tom Berg is travelling, I'm only making the booking", "on behalf of Tom Berg please",
    "the person flying is Tom Berg", "Tom Berg will be flying, not me", "Tom Berg's the one flying",
    "Tom Berg is flying, i'm just the booker", "the flyer is Tom Berg", "I'm Aisha Okafor, booking on behalf of tom berg",
    "hi - Aisha Okafor, PA. Tom Berg flies, I'm only booking", "traveller will be Tom Berg",
]


@pytest.mark.parametrize("said", TRAVELLERS)
def test_the_traveller_named_beside_the_booker(d, said):
    assert traveller(d, said) == []


NOT_TRAVELLERS = [  # (what the customer said, first and last name booked)
    ("booking on behalf of my company", "My", "Company"), ("on behalf of Acme Ltd", "Acme", "Ltd"),
    ("booking on behalf of the company, I'm Aisha Okafor", "Company", "Okafor"),
    ("Nobody else is flying, it's just me - Aisha Okafor", "Nobody", "Okafor"),
    ("My wife is flying, I'm Aisha Okafor", "Aisha", "Wife"),
    ("the person flying is vegetarian, I'm Aisha Okafor", "Aisha", "Vegetarian"),
    ("Air France is flying this route? I'm Aisha Okafor", "Air", "France"),
]


@pytest.mark.parametrize("said,first,last", NOT_TRAVELLERS)
def test_a_word_after_a_traveller_cue_that_is_no_name(d, said, first, last):
    assert traveller(d, said, first, last) == ["S1"]
