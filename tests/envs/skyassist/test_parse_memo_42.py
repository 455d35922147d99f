"""SkyAssist's reading of a customer message is kept (``language.parse``'s memo) without changing any reading.

The reference target reads one message several times per turn and the tests replay the same scripts on many
seeds and fault profiles: about half of the readings in the SkyAssist tests were repeats (4,169 of 8,830 in 25
files), and keeping them cut those files from 92 s to 63 s. A memo is only safe if every caller gets its own
copy, the key holds everything a reading depends on, and a memoised reading equals a fresh one.
"""

from __future__ import annotations

import copy
import re

import pytest

import envs
from envs.skyassist import language
from envs.skyassist.database import get_database
from envs.skyassist.language import parse

DB = get_database()

# phrasings unlike the target's own templates: terse, typed fast, changed mid-way, with a name or numbers
MESSAGES = [
    "hi need 2 seats nyc to paris 3rd of july pls",
    "actually make that 3 of us, my sister's coming",
    "Okafor. Chidi Okafor",
    "yes book it",
    "Ok, I'll think about it",
    "no wait, the 2nd option not the first",
    "can u check BK4F2A9Q, last name is Larsen",
    "what's the fare basis on SA1630??",
    "we're a group of 12 going LHR to FCO next friday",
    "cancel it. actually no, keep it",
]


@pytest.mark.parametrize("text", MESSAGES)
@pytest.mark.parametrize("expecting", [None, "name", "passengers", "confirm"])
def test_a_memoised_reading_equals_a_fresh_one(text, expecting, monkeypatch):
    first = parse(text, DB, expecting, "Shall I book it?")
    again = parse(text, DB, expecting, "Shall I book it?")
    monkeypatch.setattr(language, "_PARSED_MAX", 0)
    language._PARSED.clear()
    fresh = parse(text, DB, expecting, "Shall I book it?")
    assert first == again == fresh
    assert not language._PARSED  # nothing kept while the memo is off


def test_each_caller_gets_its_own_copy():
    text = "2 adults from Chicago to Rome on 3 July, my name is Ana Silva"
    first = parse(text, DB)
    assert first.places and first.passengers == 2
    first.passengers = 7
    first.places.clear()
    first.dates.append("1999-01-01")
    again = parse(text, DB)
    assert again.passengers == 2 and again.places and "1999-01-01" not in again.dates
    assert again is not first


def test_what_was_asked_and_the_summary_are_part_of_the_key():
    assert parse("Larsen", DB, "last_name").last_name == "Larsen"
    asked, bare = parse("3", DB, "passengers"), parse("3", DB, None)
    assert asked.passengers == 3
    assert asked != bare  # a bare "3" counts as passengers only when the target asked for them
    summary = ("I can book SA1630 from Chicago to Rome on 2026-07-03 for 2 passengers in economy, total 1,240 USD. "
               "Shall I go ahead?")
    assert parse("Yes, 2 passengers", DB, None, summary).yes  # repeats the summary: a yes to it
    assert not parse("Yes, 2 passengers", DB, None, "").yes
    assert parse("Yes, 2 passengers", DB, None, summary).yes


def test_the_places_of_the_database_are_part_of_the_key():
    other = copy.copy(DB)
    other.city_index = {**DB.city_index, "gotham": "JFK"}
    assert parse("a flight to gotham on 3 July", DB).destination is None
    assert parse("a flight to gotham on 3 July", other).destination == "JFK"
    assert parse("a flight to gotham on 3 July", DB).destination is None


def test_the_memo_is_bounded(monkeypatch):
    monkeypatch.setattr(language, "_PARSED_MAX", 5)
    language._PARSED.clear()
    for n in range(12):
        parse(f"{n + 1} seats to Rome", DB)
    assert len(language._PARSED) == 5
    assert [k[0] for k in language._PARSED] == [f"{n + 1} seats to Rome" for n in range(7, 12)]  # the newest kept


def test_importing_the_environments_keeps_enough_compiled_patterns():
    assert envs.REGEX_CACHE >= 4096
    assert getattr(re, "_MAXCACHE", envs.REGEX_CACHE) >= envs.REGEX_CACHE
