"""SkyAssist reference agent, findings 1-4 (and 10) of /work/h38/sky-customers-25 taken up in the thirty-eighth session
(helper skyU), with the testers' words, other phrasings, and the near misses that must keep their old reading:

U1. a companion's companion ("My wife and her mother are coming too", "Her mother is coming too" after "for me and my
    wife") is one more person; the speaker of "for me" / "with me" flies too;
U2. a companion said casually after "for me" ("Wife's tagging along as well.", "Oh and the wife.", "Plus the
    missus.", "my wife's along for the ride") flies too;
U3. post-nominals (PhD, MD, DDS, Esq) and generational suffixes (Jr., Sr., II, III) are dropped, never read as a
    name; "Rev."/"Capt." are titles; "Ivanova L. (Mrs)" is the family name with an initial;
U4. another person's day said as "flies out on <date> on his/her own", beside the speaker's own day, is no travel
    date.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_sky_faults_28 import D, _calls, _play, _said


def booked_one_way(first: str) -> list[int]:
    """one_way seed 11 (LA-Rome): the passengers booked after ``first``."""
    t = _play("one_way", 11, [], [first, "3", "Ravi Mensah", "yes"])
    assert t.violations == [], _said(t)
    return [c["passengers"] for c in _calls(t, "book_flight")]


# --- U1. a companion's companion -----------------------------------------------------------------------------------

@pytest.mark.parametrize("first, n", [
    ("LA to Rome 24 August for me. My wife and her mother are coming too.", 3),  # the tester's
    ("LA to Rome on the 24th of August, for me. The wife and her mum are joining.", 3),
    ("LA to Rome 24 August. My wife and her mother are coming with me.", 3),
    ("LA to Rome 24 August for me and my wife. Her mother is coming too.", 3),
    ("LA to Rome 24 August for me. My son and his girlfriend are coming too.", 3),
    ("LA to Rome 24 August for me. My brother and his wife are flying with me as well.", 3),
    # near misses: the speaker already listed, or the pair does not fly
    ("LA to Rome 24 August. Me, my wife and her mother.", 3),
    ("LA to Rome 24 August for me. My wife is coming too.", 2),
    ("LA to Rome 24 August for me and my wife.", 2),
])
def test_a_companions_companion_flies_too(first, n):
    assert booked_one_way(first) == [n]


@pytest.mark.parametrize("text, n", [
    ("LA to Rome 24 August for me. My wife and her mother are picking me up.", 1),
    ("LA to Rome 24 August for me. My wife and her mother fly on their own booking.", 1),
])
def test_a_pair_that_does_not_fly_adds_nobody(text, n):  # near misses
    assert parse(text, D.db).passengers == n


# --- U2. a companion in casual words -------------------------------------------------------------------------------

@pytest.mark.parametrize("first", [
    "LA to Rome 24 Aug, for me. Wife's tagging along as well.",  # the tester's
    "LA to Rome on 24 August for me. Oh and the wife.",
    "LA to Rome 24 Aug for me. Plus the missus.",
    "Rome from LA on 24 August for me - my wife's along for the ride.",
    "LA to Rome 24 Aug for me. Hubby's tagging along too.",
    "LA to Rome 24 Aug for me. And the other half.",
])
def test_a_casual_companion_flies_too(first):
    assert booked_one_way(first) == [2]


@pytest.mark.parametrize("text", [
    "LA to Rome 24 Aug for me. The wife's staying home.",
    "LA to Rome 24 Aug for me. The wife says hi.",
])
def test_a_casual_mention_that_does_not_fly_stays_one(text):  # near misses
    assert parse(text, D.db).passengers == 1


# --- U3. post-nominals, suffixes and titles --------------------------------------------------------------------------

def named(name: str) -> tuple[str, str]:
    t = _play("group_booking", 11, [], ["London to Rome 23 July, 4 people", "1", name, "yes"])
    assert t.violations == [], _said(t)
    calls = _calls(t, "book_flight")
    assert len(calls) == 1, _said(t)
    return calls[0].get("first_name"), calls[0]["last_name"]


@pytest.mark.parametrize("name, first", [
    ("Leila Ivanova, PhD", "Leila"),  # the tester's
    ("it's Leila Ivanova MD", "Leila"),
    ("Leila Ivanova Jr.", "Leila"),  # a generational suffix is dropped
    ("Leila Ivanova III", "Leila"),
    ("Leila Ivanova, Esq.", "Leila"),
    ("Rev. Leila Ivanova", "Leila"),
    ("Capt. Leila Ivanova", "Leila"),
    ("Leila Ivanova", "Leila"),  # near miss: as before
])
def test_post_nominals_suffixes_and_titles_are_no_names(name, first):
    assert named(name) == (first, "Ivanova")


@pytest.mark.parametrize("name", ["Capt. L. Ivanova", "Rev L. Ivanova"])
def test_a_title_with_an_initial_books_the_family_name(name):
    assert named(name)[1] == "Ivanova"


@pytest.mark.parametrize("name, first, last", [
    ("Ivanova L. (Mrs)", None, "Ivanova"),  # (the conversation books "Ivanova"; S1 then flags it, a verifier's matter)
    ("Ivanova, Leila (Mrs)", "Leila", "Ivanova"),  # near misses: as before
    ("Dr Md Rahman", "Md", "Rahman"),  # "Md" before the family name is a given name, no post-nominal
])
def test_a_family_name_with_an_initial_and_a_bracketed_title(name, first, last):
    p = parse(name, D.db, expecting="name")
    assert (p.first_name, p.last_name) == (first, last)


# --- U4. another person's day "on his own" ---------------------------------------------------------------------------

@pytest.mark.parametrize("text, theirs, mine", [
    ("New York to Seattle for one. My colleague flies out on 24 May on his own, I want 23 July.", "2026-05-24",
     "2026-07-23"),  # the tester's
    ("1 seat NY to Seattle. my mate is flying out on the 24th of May on his own, but I'm after the 23rd of July",
     "2026-05-24", "2026-07-23"),
    ("London to Rome for 4 of us. My sister flies out on 20 July on her own, we want the 23rd.", "2026-07-20",
     "2026-07-23"),
    ("NY to Seattle, 1 seat. My boss travels by himself on 24 May, I'd like the 23rd of July.", "2026-05-24",
     "2026-07-23"),
])
def test_another_persons_own_trip_day_is_no_travel_date(text, theirs, mine):
    p = parse(text, D.db)
    assert theirs not in p.dates
    assert mine in p.dates or (p.dates == [] and p.day_of_month == int(mine[-2:]))


@pytest.mark.parametrize("text, dates", [
    ("London to Rome, my daughter flies on her own on 20 July, can you book it?", ["2026-07-20"]),  # hers to book
    ("London to Rome. My sister flies on 24 May, I want the 23rd of July", ["2026-05-24", "2026-07-23"]),  # as before
])
def test_a_lone_traveller_or_a_plain_day_keeps_its_reading(text, dates):  # near misses
    assert parse(text, D.db).dates == dates


def test_the_testers_own_trip_conversation_books_the_speakers_day():
    t = _play("one_way", 24, [], ["New York to Seattle for one. My colleague flies out on 24 May on his own, I want 23 July.",
                                  "2 please", "Thandiwe Chen", "yes"])
    assert t.violations == [], _said(t)
    assert [c["date"] for c in _calls(t, "search_flights")][:1] == ["2026-07-23"], _said(t)
