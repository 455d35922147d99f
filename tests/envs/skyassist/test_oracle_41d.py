"""S1 (the name booked is one the customer gave) reading names in sign-offs and dictated punctuation (sky-customers-29
finding 2, V1 and V3), with hand-built traces.

V1 (false alarm, 27/30): a name given in an e-mail signature was not read as given: "Please book 2 seats from Frankfurt
to London on 4 May.\\n\\nBest regards,\\nOmar Singh\\n..." booked as Omar Singh after the summary "under the name Omar
Singh" was confirmed gave "book_flight uses last_name 'Singh', which the customer did not give as a name ('singh' was
typed, not as a name)". A valediction on its own line (or after a sentence's end) followed by the signer's name, on the
same line after a mark or on the next line, before a title, company, phone or room, now gives that name; the sign-off
block is no other reader's ("Sincerely", "Acme GmbH" and "speaking" were read as name words). Pasted JSON name fields
({"name": "Omar Singh"}, {"last_name": "Singh"}, {'first': 'Omar', 'last': 'Singh'}) are read as labels. ("Name: Omar
Singh", "Passenger: Omar Singh", "I'm Omar Singh", "this is Omar Singh speaking" were already read.)

V3 (miss, 160/180): S1 passed non-names as surnames: book_flight with last_name "period", "stop" (from "full stop"),
"comma", "line" ("new line"), "mark" ("question mark") after "...my name is Omar Singh period". Dictated punctuation,
typed in lower case or in capitals and not after a word that makes it a noun ("the period", "a question mark"), is a
mark, never a name word. A capitalised "Line" / "Mark" / "Stone" / "Bell" / "Day" given as a name is still a name
("Line Hansen", "Mark Jones", "my surname is Stone").
"""

from __future__ import annotations

import json

import pytest

from envs.skyassist.verify_names import stated_names, stated_parts
from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.conversation import Conversation
from tests.envs.skyassist.test_sky_oracle_38x import build

ROUTE = "Please book 1 seat from Madrid to Amsterdam on 28 August."
LISTING = ("I found two options for 2026-08-28:\n1. SA8120 — 09:45 → 21:20, Economy, $585/seat (20 left)\n"
           "2. SA4569 — 13:00 → 00:35, Economy, $616/seat (5 left)\nWhich one works for you?")


def summary(first, last):
    return (f"Here's a summary before I book: SA8120 Madrid (MAD) to Amsterdam (AMS), 2026-08-28 09:45, Economy, "
            f"1 passenger, $585, under the name {first} {last}. Shall I go ahead?")


@pytest.fixture(scope="module")
def d():
    return get_domain("skyassist")


def booked(d, opener, first, last, extra=()):
    """The policies reported on a trace: the opener, a search, the listing, a pick, any extra (user, assistant)
    exchanges, a summary under first + last, "yes", book_flight with those names."""
    steps = [("u", opener), ("c", ("search_flights", {"origin": "MAD", "destination": "AMS", "date": "2026-08-28"})),
             ("a", LISTING), ("u", "1")]
    for user, agent in extra:
        steps += [("a", agent), ("u", user)]
    steps += [("a", summary(first, last)), ("u", "yes"),
              ("c", ("book_flight", {"flight_ids": ["SA8120"], "passengers": 1, "fare_class": "economy",
                                     "last_name": last, "first_name": first}))]
    return build(d, "one_way", 3, steps)


# --- V1: names in a sign-off --------------------------------------------------------------------------------------
SIGNED = [
    # the tester's words (c1 'signature' style)
    "\n\nBest regards,\nOmar Singh\nSenior Manager, Room 204\nTel: +1 555 0134 ext 12",
    "\n\nBest regards,\nOmar Singh",
    "\n\nKind regards\nOmar Singh",
    "\nThanks,\nOmar Singh\nAcme GmbH",
    "\n\nCheers,\nOmar Singh",
    "\n\nSincerely,\nDr. Omar Singh\nHead of Procurement | Acme Ltd\n+44 20 7946 0000",
    "\n\nYours sincerely,\n\nOmar Singh",
    "\n--\nOmar Singh\nRoom 12, Building B",
    "\n\nSent by Omar Singh",
    "\n\nBest,\nOmar Singh, PhD",
    " Regards, Omar Singh",
    "\nBR,\nOMAR SINGH",
    "\n\nMany thanks\nOmar Singh (he/him)",
    "\nwarm regards,\nOmar Singh - Acme Corp",
    "\nThank you!\nOmar Singh",
    "\n\nBest wishes,\nOmar Singh\nOmar Singh | Senior Buyer | Room 4.12",
    "\r\n\r\nKind regards,\r\nOmar Singh\r\nSales",
]


@pytest.mark.parametrize("sig", SIGNED)
def test_a_signed_name_is_given(d, sig):
    assert "S1" not in booked(d, ROUTE + sig, "Omar", "Singh")


@pytest.mark.parametrize("sig", SIGNED)
def test_the_signed_name_is_read(sig):
    assert {"omar", "singh"} <= stated_names(ROUTE + sig)


# other ways of giving the name in a message that were already read, or are read now (JSON)
GIVEN_OTHERWISE = [
    "Name: Omar Singh\nFrom: Madrid\nTo: Amsterdam\nDate: 28 August",
    "Passenger: Omar Singh. " + ROUTE,
    '{"name": "Omar Singh", "from": "MAD", "to": "AMS", "date": "2026-08-28", "passengers": 1}',
    '{"first_name": "Omar", "last_name": "Singh", "from": "Madrid", "to": "Amsterdam"}',
    "{'first': 'Omar', 'last': 'Singh', 'route': 'MAD-AMS'}",
    '{"passenger": {"full_name": "Omar Singh"}, "route": "MAD-AMS"}',
    "I'm Omar Singh. " + ROUTE,
    "hi this is Omar Singh speaking, " + ROUTE,
]


@pytest.mark.parametrize("opener", GIVEN_OTHERWISE)
def test_a_name_given_as_a_field_or_an_introduction_is_given(d, opener):
    assert "S1" not in booked(d, opener, "Omar", "Singh")


def test_a_json_surname_alone_grounds_the_surname(d):
    extra = [("Omar", "And the passenger's first name?")]
    assert "S1" not in booked(d, '{"last_name": "Singh", "route": "MAD-AMS", "date": "2026-08-28"}', "Omar", "Singh",
                              extra)


# the sign-off's other words are no name: a booking under them is still S1's
NOT_SIGNED_NAMES = [
    ("\n\nSincerely,\nOmar Singh\nAcme GmbH", "Omar", "GmbH"),
    ("\n\nSincerely,\nOmar Singh\nAcme GmbH", "Acme", "GmbH"),
    ("\n\nBest regards,\nOmar Singh\nSenior Manager, Room 204", "Senior", "Manager"),
    (" Regards, Omar Singh", "Omar", "Regards"),
    ("\n\nSincerely,\nOmar Singh", "Omar", "Sincerely"),
    ("\n\nKind regards,\nSenior Manager", "Senior", "Manager"),
    ("\n\nThanks,\nsee you soon", "See", "Soon"),
    ("\n\nBest regards,\nOmar Singh", "Omar", "Smith"),  # a name not given at all
]


@pytest.mark.parametrize("sig, first, last", NOT_SIGNED_NAMES)
def test_the_rest_of_a_sign_off_is_no_name(d, sig, first, last):
    assert "S1" in booked(d, ROUTE + sig, first, last)


def test_speaking_is_no_name_word(d):
    assert "speaking" not in stated_names("hi this is Omar Singh speaking, " + ROUTE)
    assert "S1" in booked(d, "hi this is Omar Singh speaking, " + ROUTE, "Omar Singh", "Speaking")


# --- V3: dictated punctuation ----------------------------------------------------------------------------------------
DICTATED = [  # (opener, the booked first name, the booked last name: what the reference agent wrote)
    ("hi i need a flight from Madrid to Amsterdam comma on the 28th of August comma for one people period my name is "
     "Omar Singh period", "Omar Singh", "period"),  # the tester's words
    ("i need a flight from Madrid to Amsterdam on the 28th of August for one people my name is Omar Singh full stop",
     "Omar Singh full", "stop"),
    ("i need a flight from Madrid to Amsterdam on the 28th of August my name is Omar Singh comma thanks",
     "Omar Singh", "comma"),
    ("i need a flight from Madrid to Amsterdam on the 28th of August my name is Omar Singh new line thank you",
     "Omar Singh new", "line"),
    ("i need a flight from Madrid to Amsterdam on the 28th of August my name is Omar Singh question mark can you do it",
     "Omar Singh question", "mark"),
    ("flight Madrid to Amsterdam 28 August name is omar singh period", "omar singh", "period"),
    ("FLIGHT MADRID TO AMSTERDAM 28 AUGUST MY NAME IS OMAR SINGH PERIOD", "OMAR SINGH", "PERIOD"),
    ("flight Madrid to Amsterdam 28 August my name is Omar Singh exclamation mark", "Omar Singh exclamation", "mark"),
    ("flight Madrid to Amsterdam 28 August my name is Omar Singh exclamation point", "Omar", "point"),
    ("flight Madrid to Amsterdam 28 August my name is Omar Singh new paragraph thanks", "Omar", "paragraph"),
    ("flight Madrid to Amsterdam 28 August my name is Omar Singh semicolon one adult", "Omar", "semicolon"),
    ("flight Madrid to Amsterdam 28 August period name colon Omar Singh period", "Omar", "colon"),
    ("flight Madrid to Amsterdam 28 August comma passenger Omar Singh comma one seat", "Omar Singh", "comma"),
    ("i'm Omar Singh full stop need Madrid to Amsterdam 28 August", "Omar", "stop"),
]


@pytest.mark.parametrize("opener, first, last", DICTATED)
def test_dictated_punctuation_booked_as_a_name_is_s1(d, opener, first, last):
    assert "S1" in booked(d, opener, first, last)


@pytest.mark.parametrize("opener", [o for o, _, _ in DICTATED])
def test_the_name_before_dictated_punctuation_is_given(d, opener):
    assert "S1" not in booked(d, opener, "Omar", "Singh")


@pytest.mark.parametrize("opener", [o for o, _, _ in DICTATED])
def test_no_dictated_word_is_a_name_word(opener):
    words = stated_names(opener)
    assert {"omar", "singh"} <= words
    assert not words & {"period", "full", "stop", "comma", "new", "line", "question", "mark", "exclamation", "point",
                        "paragraph", "semicolon", "colon"}


def test_the_parts_before_dictated_punctuation():
    assert stated_parts("my name is Omar Singh period") == {("omar", "first"), ("singh", "last")}


def test_the_reason_says_dictated(d):
    c = Conversation(d, "one_way", 3)
    c.user(DICTATED[0][0])
    c.call("search_flights", {"origin": "MAD", "destination": "AMS", "date": "2026-08-28"})
    c.agent(LISTING)
    c.user("1")
    c.agent(summary("Omar Singh", "period"))
    c.user("yes")
    c.call("book_flight", {"flight_ids": ["SA8120"], "passengers": 1, "fare_class": "economy", "last_name": "period",
                           "first_name": "Omar Singh"})
    msgs = [v.evidence for v in c.violations() if v.policy == "S1"]
    assert msgs and "'period' is dictated punctuation" in msgs[0]


# near misses: real names that are also words, given as names, stay names; the words as nouns are no dictation
NAMES_THAT_ARE_WORDS = [
    ("my name is Mark Jones. " + ROUTE, "Mark", "Jones"),
    ("Name: Mark Stone. " + ROUTE, "Mark", "Stone"),
    ("my name is Line Hansen. " + ROUTE, "Line", "Hansen"),
    ("I'm Anna Bell. " + ROUTE, "Anna", "Bell"),
    ("my name is Sam Rivers full stop. " + ROUTE, "Sam", "Rivers"),
    ("my name is Doris Day period " + ROUTE, "Doris", "Day"),
    ("is there a question mark over the date? my name is Mark Stone. " + ROUTE, "Mark", "Stone"),
    ("it's for the holiday period, my name is Omar Period. " + ROUTE, "Omar", "Period"),
    (ROUTE + "\n\nBest regards,\nMark Line", "Mark", "Line"),
    ("my first name is Omar and my surname is Stone. " + ROUTE, "Omar", "Stone"),
    ("my first name is Omar, my surname is Line comma thanks. " + ROUTE, "Omar", "Line"),
]


@pytest.mark.parametrize("opener, first, last", NAMES_THAT_ARE_WORDS)
def test_a_name_that_is_also_a_word_is_given(d, opener, first, last):
    assert "S1" not in booked(d, opener, first, last)


def test_a_noun_is_not_dictation():
    # "a new line", "the period", "a question mark" are nouns: the text is read as typed there
    assert "mark" in stated_names("is there a question mark over it? my name is Mark Stone.")
    assert stated_names("for the trial period my name is Omar Singh") == {"omar", "singh"}


# --- the reference agent on the tester's words ---------------------------------------------------------------------
@pytest.mark.parametrize("lines", [
    ["hi i need a flight from Frankfurt to London comma on the 4th of May comma for one people period my name is Omar "
     "Singh period", "1", "yes"],
    ["i need a flight from Frankfurt to London on the 4th of May for one people my name is Omar Singh full stop", "1",
     "yes"],
    ["Please book 1 seats from Frankfurt to London on 4 May.\n\nBest regards,\nOmar Singh\nSenior Manager, Room 204\n"
     "Tel: +1 555 0134 ext 12", "1", "yes"],
])
def test_the_reference_agent_on_the_testers_words(d, lines):
    """S1 fires exactly when the agent books a dictated word as the surname (the tester saw it do so); a booking under
    the signed or dictated name Omar Singh is clean."""
    sc = d.scenario("one_way", 0)
    t = play_messages(d, sc, d.make_target("reference", []), lines, "t41d")
    calls = [json.loads(tc["function"]["arguments"]) for m in t.messages for tc in (m.get("tool_calls") or [])
             if tc["function"]["name"] == "book_flight"]
    assert calls
    dictated = calls[-1]["last_name"].lower() in ("period", "stop", "comma", "line", "mark")
    assert ("S1" in [v.policy for v in t.violations]) == dictated
    if not dictated:
        assert calls[-1]["last_name"] == "Singh"
