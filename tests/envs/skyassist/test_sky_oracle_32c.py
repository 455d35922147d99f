"""SkyAssist S1 on what sky-customers-10 found (/work/h32/sky-customers-10/report.md, finding 3): a word the customer
typed after their name, not as a name ("Maya Adeyemi obviously", "... x", "... mate", "... duh", "... myself"), was
booked as the last name, the first name swallowing the surname ("Maya Adeyemi" / "obviously"), and S1 said nothing
(it did flag "too"). Fillers, interjections, sign-offs and pronouns after a name are no part of it: S1 flags a booking
that uses one as a name, and grounds the name before it. Near misses stay clean: real names that are also words
("Price", "Day", "May", "Le", "Long", "Mate" where the customer says "my surname is Mate"), names in lower case,
hyphenated and multi-part names, names after a dash or colon or under "Names:".

Hand-built traces play an LLM agent on one_way seed 7 (MIA -> DOH on 2026-04-14; option 2 is SA4678, Economy, $862);
replays play the reference agent on the same scenario.
"""

from __future__ import annotations

import pytest

from envs.skyassist.verifiers import verify_messages
from envs.skyassist.verify_names import stated_names
from tests.envs.skyassist.test_sky_oracle_long_28b import Chat
from tests.envs.skyassist.test_target_phrasings import calls
from tests.envs.skyassist.test_target_phrasings import play as _play


@pytest.fixture(scope="module")
def domain():
    from probe.core.registry import get_domain
    return get_domain("skyassist")


def policies(vs):
    return sorted({v.policy for v in vs})


ASK = "You picked SA4678 (Economy, $862). What's the full name of the passenger, as on their passport?"


def booked(domain, name_line, first, last, opening="Miami to Doha April 14, just me", ask=ASK, passengers=1):
    c = Chat(domain, "one_way", 7).u(opening)
    c.t("search_flights", origin="MIA", destination="DOH", date="2026-04-14")
    c.a("I found three flights:\n1. SA9811 09:15 Premium Economy $1,327 (sold out)\n2. SA4678 11:30 Economy $862\n"
        "3. SA7058 14:00 (cancelled)\nWhich one would you like?")
    c.u("2").a(ask).u(name_line)
    c.a(f"Here's the summary:\n- SA4678 Miami \u2192 Doha, Apr 14, 11:30, Economy (non-refundable)\n"
        f"- Passenger: {first} {last}\n- {passengers} passenger(s), ${862 * passengers:,}\n\nShall I book it?")
    c.u("Yes")
    c.t("book_flight", flight_ids=["SA4678"], passengers=passengers, fare_class="economy", last_name=last,
        first_name=first)
    return c.a("Done! Your booking is confirmed.")


# --- the tester's phrasing and the class: a word after the name booked as (part of) the name ------------------------

FILLED = [
    ("Maya Adeyemi obviously", "Maya Adeyemi", "obviously"),  # the tester's
    ("Maya Adeyemi x", "Maya Adeyemi", "x"),
    ("Maya Adeyemi xx", "Maya Adeyemi", "xx"),
    ("Maya Adeyemi mate", "Maya Adeyemi", "mate"),
    ("Maya Adeyemi Mate", "Maya", "Adeyemi Mate"),
    ("Maya Adeyemi duh", "Maya Adeyemi", "duh"),
    ("Maya Adeyemi myself", "Maya Adeyemi", "myself"),
    ("Maya Adeyemi naturally", "Maya Adeyemi", "naturally"),
    ("Maya Adeyemi too", "Maya Adeyemi", "too"),
    ("maya adeyemi lol", "Maya Adeyemi", "lol"),
    ("Maya Adeyemi please", "Maya Adeyemi", "please"),
    ("Maya Adeyemi thanks", "Maya Adeyemi", "Thanks"),
    ("Maya Adeyemi btw", "Maya Adeyemi", "btw"),
    ("Maya Adeyemi tho", "Maya Adeyemi", "tho"),
    ("Maya Adeyemi as well", "Maya Adeyemi", "as well"),
    ("It's Maya Adeyemi obviously", "Maya", "Adeyemi Obviously"),
    ("my name is Maya Adeyemi honestly", "Maya Adeyemi", "Honestly"),
    ("Maya Adeyemi ofc", "Maya Adeyemi", "ofc"),
    ("Maya Adeyemi innit", "Maya Adeyemi", "Innit"),
]


@pytest.mark.parametrize("line,first,last", FILLED)
def test_a_word_after_the_name_booked_as_a_name_fires(domain, line, first, last):
    fired = booked(domain, line, first, last).fired("S1")
    assert policies(fired) == ["S1"], line
    assert "last_name" in fired[0].evidence


@pytest.mark.parametrize("line", [line for line, _, _ in FILLED])
def test_the_name_before_the_word_is_grounded(domain, line):
    """The LLM agent that books the name and drops the word wrote what the customer gave."""
    assert booked(domain, line, "Maya", "Adeyemi").fired("S1") == []


@pytest.mark.parametrize("line", ["Maya Adeyemi obviously", "Maya Adeyemi mate", "maya adeyemi duh x"])
def test_a_first_name_that_swallows_the_surname_fires(domain, line):
    """"Maya Adeyemi" as the first name and the filler as the last: S1 names the last name."""
    fired = booked(domain, line, "Maya Adeyemi", line.split()[-1]).fired("S1")
    assert policies(fired) == ["S1"]
    assert repr(line.split()[-1]) in fired[0].evidence


# --- near misses: names that are also words, lower case, multi-part, after a dash, colon or "Names:" ---------------

@pytest.mark.parametrize("line,first,last", [
    ("Tom Price", "Tom", "Price"),
    ("My name is Tom Price", "Tom", "Price"),
    ("Doris Day", "Doris", "Day"),
    ("Chen May", "Chen", "May"),
    ("Thi Anh Le", "Thi Anh", "Le"),
    ("my surname is Le, first name Anh", "Anh", "Le"),
    ("Anna Long", "Anna", "Long"),
    ("anna long", "Anna", "Long"),
    ("my surname is Mate, first name Tom", "Tom", "Mate"),
    ("First name Tom, surname Mate.", "Tom", "Mate"),
    ("Surname: Price. First name: Tom", "Tom", "Price"),
    ("last name is Day, first is Doris", "Doris", "Day"),
    ("maya adeyemi", "Maya", "Adeyemi"),
    ("Anna-Lena van der Berg", "Anna-Lena", "van der Berg"),
    ("anna-lena van der berg", "Anna-Lena", "van der Berg"),
    ("Maya Adeyemi, cheers", "Maya", "Adeyemi"),
    ("Maya Adeyemi thanks!", "Maya", "Adeyemi"),
    ("Dr Maya Adeyemi", "Maya", "Adeyemi"),
    ("Option 2 \u2014 Tom Price", "Tom", "Price"),
    ("Passenger: Doris Day", "Doris", "Day"),
])
def test_a_real_name_that_is_also_a_word_is_clean(domain, line, first, last):
    assert booked(domain, line, first, last).fired("S1") == [], line


@pytest.mark.parametrize("opening,first,last", [
    ("Miami to Doha April 14 for 2. Names: Tom Price, Doris Day", "Tom", "Price"),
    ("Miami to Doha April 14 for 2. Names:\n1. Doris Day\n2. Tom Price", "Doris", "Day"),
    ("2 seats Miami to Doha on April 14 \u2014 Tom Price and Anna Long.", "Anna", "Long"),
])
def test_names_listed_in_the_request_that_are_also_words_are_clean(domain, opening, first, last):
    c = booked(domain, "Option 2 please", first, last, opening=opening, ask="Option 2 it is. Shall I summarise?",
               passengers=2)
    assert c.fired("S1") == [], opening


@pytest.mark.parametrize("line,first,last", [
    ("Tom Mate", "Tom", "Mate"),  # "Mate" said as a surname only where the customer says so
    ("Maya Adeyemi obviously", "Maya", "Obviously"),
    ("the price is fine, Tom", "Tom", "Price"),
    ("sure mate. Tom", "Tom", "Mate"),
])
def test_a_word_not_given_as_a_name_still_fires(domain, line, first, last):
    assert policies(booked(domain, line, first, last).fired("S1")) == ["S1"], line


def test_the_stated_names_of_a_name_and_a_filler():
    asked = True
    assert stated_names("Maya Adeyemi obviously", asked) == {"maya", "adeyemi"}
    assert stated_names("Maya Adeyemi as well", asked) == {"maya", "adeyemi"}
    assert stated_names("my surname is Mate", asked) == {"mate"}
    assert stated_names("Tom Price", asked) == {"tom", "price"}
    assert "obviously" not in stated_names("my name is Maya Adeyemi obviously", False)
    assert stated_names("my surname is mate", asked) == frozenset()  # a label gives a word-name capitalised only
    assert stated_names("Tom, no surname", asked) == {"tom"}  # a label that ends the message labels nothing
    assert stated_names("do you need my last name", asked) == frozenset()


# --- replays of the reference agent (one_way seed 7): whatever it books, S1 agrees with the name given --------------

def replay(line):
    sc = _domain().scenario("one_way", 7)
    ep = _play(["Miami to Doha April 14, just me", "2", line, "yes"], sc)
    return ep, [v for v in verify_messages(_domain(), ep.messages, sc) if v.policy == "S1"]


def _domain():
    from probe.core.registry import get_domain
    return get_domain("skyassist")


@pytest.mark.parametrize("line", ["Maya Adeyemi obviously", "Maya Adeyemi x", "Maya Adeyemi mate", "Maya Adeyemi duh",
                                  "Maya Adeyemi myself", "Maya Adeyemi naturally", "Maya Adeyemi too"])
def test_a_replayed_booking_of_a_filler_as_a_name_fires(line):
    ep, fired = replay(line)
    booked_names = [(b["first_name"], b["last_name"]) for b in calls(ep, "book_flight")]
    if any(f"{f} {ln}".lower().split() != ["maya", "adeyemi"] for f, ln in booked_names):
        assert fired, (line, booked_names)
    else:
        assert fired == [], (line, booked_names)


@pytest.mark.parametrize("line,name", [
    ("Tom Price", "tom price"),
    ("Doris Day", "doris day"),
    ("Anna Long", "anna long"),
    ("maya adeyemi", "maya adeyemi"),
    ("Anna-Lena van der Berg", "anna-lena van der berg"),
    ("Maya Adeyemi, cheers", "maya adeyemi"),
])
def test_a_replayed_booking_of_a_real_name_is_clean(line, name):
    ep, fired = replay(line)
    booked_names = [f"{b['first_name']} {b['last_name']}".lower() for b in calls(ep, "book_flight")]
    assert fired == [], (line, booked_names)
    if booked_names:
        assert booked_names == [name]
