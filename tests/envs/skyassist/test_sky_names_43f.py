"""Names the compliant SkyAssist agent (``--faults none``) booked wrong, from the forty-third session's black-box
tester skyA (/work/h43/skyA/REPORT.md, sections G and D).

- G: a refused surname was booked as the surname: "my surname is private" -> last_name "Private" (also "confidential",
  "my last name is secret", "none of your business" -> "None", "the surname is withheld", "last name: private", "it's
  private", "none", "Thandiwe - I'd rather keep my surname private", "use Thandiwe as the surname too" -> "Too", "put
  Guest as the surname" -> "Guest"); "none of your business" was also read as the Business cabin ("none of the flights
  ... is Business"). A refusal is no name: the agent says a booking needs the real last name and asks again.
- D: corrections at the summary under "Anna Schmidt": "sorry it's Larsen", "I married, it's Larsen now", "typo, it's
  Schmitt" put the new surname into the FIRST-name slot ("Larsen Schmidt"); "sorry its Larsen", "Larsen", "anna
  larsen", "Schmitt with tt", "my passport says Larsen", "not Schmidt, Larsen", "spelled L A R S E N", "O'Brien, sorry"
  were ignored (yes booked Schmidt); "the surname is spelled L-A-R-S-E-N" booked "L-A-R-S-E-N"; "NO ITS LARSEN",
  "hmm no, Larsen" were read as a plain no. The corrected surname replaces the last name in a new summary.
- Booker vs traveller: "my name is Aisha Okafor, the passenger is Tom Berg" booked Aisha Okafor.

Decisions: a word of refusal (private, confidential, secret, withheld, none, ...) is never a surname, in any case
("my surname is Private" too); a real word that is a surname ("Young", "King", "Love", "my surname is Guest", "put
Larsen as the surname") is a surname. A lone lower-case word at the summary ("vale") is still asked about (a yes in
another language must not become a surname); since the forty-fourth session (test_sky_names_44b.py) a lone lower-case
word that is no yes, no known word and no short word of another language ("larsen") is read as the new surname, said
back beside the summary asked again.
"""
from __future__ import annotations

import json

import pytest

from envs.skyassist.language import parse, surname_correction
from probe.core.registry import get_domain
from probe.core.scripts import play_messages

D = get_domain("skyassist")
G_START = ["hi, I need a flight from Dubai to Hong Kong on 2027-01-07, 2 of us", "option 1"]


def _play(family: str, seed: int, messages: list[str]):
    sc = D.scenario(family, seed)
    return play_messages(D, sc, D.make_target("reference", []), [m.format(**sc) for m in messages], "t")


def _booked(t) -> list[tuple[str | None, str | None, int]]:
    return [(a.get("first_name"), a.get("last_name"), a.get("passengers"))
            for m in t.messages for c in m.get("tool_calls") or []
            if c["function"]["name"] in ("book_flight", "hold_itinerary")
            for a in [json.loads(c["function"]["arguments"])]]


def _said(t) -> list[str]:
    return [m["content"] for m in t.messages if m["role"] == "assistant" and m.get("content")]


REFUSALS = ["my surname is private", "my surname is confidential", "my last name is secret",
            "my surname is none of your business", "my last name is personal", "the surname is withheld",
            "last name: private", "my surname's private, sorry", "surname is irrelevant", "my surname is classified",
            "it's private", "private", "none", "use Thandiwe as the surname too", "put Guest as the surname",
            # other phrasings
            "Private", "none of your business", "n/a", "that's confidential", "just put guest", "anything is fine",
            "same as my first name", "leave the surname blank", "my family name is private thanks",
            "my surname is Private", "Last name: Withheld", "surname - not telling"]


@pytest.mark.parametrize("line", REFUSALS)
def test_a_refused_surname_is_never_booked(line):
    t = _play("unnamed_traveler", 4, G_START + ["Thandiwe", line, "yes"])
    said = _said(t)
    assert _booked(t) == [], said
    assert "last name" in said[2] and "Business" not in said[2] and "summary" not in said[2], said[2]
    assert t.violations == [], t.violations


@pytest.mark.parametrize("line", ["Thandiwe - I'd rather keep my surname private", "Thandiwe. Last name withheld",
                                  "Thandiwe, surname is confidential", "first name Thandiwe, last name private",
                                  "Thandiwe, I'd rather keep my last name to myself"])
def test_a_surname_refused_beside_the_first_name(line):
    t = _play("unnamed_traveler", 4, G_START + [line, "yes"])
    said = _said(t)
    assert _booked(t) == [], said
    assert "needs the passenger's last name" in said[2] and "Thandiwe's last name" in said[2], said[2]


def test_refused_twice_then_given():
    t = _play("unnamed_traveler", 4, G_START + ["Thandiwe", "my surname is private", "still private"])
    assert "can't book or hold seats without the passenger's last name" in _said(t)[-1]
    assert _booked(t) == []


def test_none_of_your_business_is_no_cabin():
    assert parse("my surname is none of your business", D.db, "last_name").fare_class is None
    assert parse("mind your own business", D.db, "last_name").fare_class is None
    assert parse("business class please", D.db, None).fare_class == "business"


@pytest.mark.parametrize("line,last", [("Young", "Young"), ("King", "King"), ("my surname is Love", "Love"),
                                       ("Larsen", "Larsen"), ("my surname is Guest", "Guest"),
                                       ("put Larsen as the surname", "Larsen"), ("Privett", "Privett"),
                                       ("it's Nunez", "Nunez")])
def test_real_surnames_that_are_also_words_are_booked(line, last):
    t = _play("unnamed_traveler", 4, G_START + ["Thandiwe", line, "yes"])
    assert _booked(t) == [("Thandiwe", last, 2)], _said(t)


D_START = ["hi, I need a flight from Madrid to Amsterdam on August 28", "2 of us", "option 1", "Anna Schmidt"]
FIXES = [("sorry it's Larsen", "Larsen"), ("sorry its Larsen", "Larsen"), ("sorry, it's larsen", "Larsen"),
         ("Larsen", "Larsen"), ("anna larsen", "Larsen"), ("sorry, typo: Schmitt", "Schmitt"),
         ("typo, it's Schmitt", "Schmitt"), ("Schmitt with tt", "Schmitt"), ("I married, it's Larsen now", "Larsen"),
         ("Larsen is my married name, please use that", "Larsen"), ("my passport says Larsen", "Larsen"),
         ("spelled L A R S E N", "Larsen"), ("Larsen - L.A.R.S.E.N.", "Larsen"), ("it's Larsen, L-A-R-S-E-N", "Larsen"),
         ("not Schmidt, Larsen", "Larsen"), ("NO ITS LARSEN", "Larsen"), ("hmm no, Larsen", "Larsen"),
         ("the surname is spelled L-A-R-S-E-N", "Larsen"), ("Schmidt is my maiden name, use Larsen", "Larsen"),
         ("oops I meant Anna Larsen", "Larsen"), ("yes, but it should be Larsen", "Larsen"), ("O'Brien, sorry", "O'Brien"),
         ("LARSEN not SCHMIDT", "Larsen"),
         # other phrasings
         ("sorry, it's Kowalczyk", "Kowalczyk"), ("whoops - Larsen", "Larsen"), ("Larsen, not Schmidt", "Larsen"),
         ("its Larsen now, I got married", "Larsen"), ("Anna LARSEN", "Larsen")]


@pytest.mark.parametrize("line,last", FIXES)
def test_a_surname_corrected_at_the_summary_replaces_the_last_name(line, last):
    t = _play("one_way", 3, D_START + [line])
    assert _booked(t) == [], _said(t)
    assert f"under the name Anna {last}," in _said(t)[-1], _said(t)[-1]
    t = _play("one_way", 3, D_START + [line, "yes"])
    assert _booked(t) == [("Anna", last, 2)], _said(t)


NEAR = ["yes", "yes please", "Yes, Anna Schmidt is correct", "Vale", "oui", "Bingo", "go ahead", "Thanks Anna",
        "Yes Schmidt is right", "Schmidt is right, not Larsen", "let me check with my wife", "Mastercard", "Vamos",
        "yes, thanks Larsen", "no, Amsterdam is wrong, Rotterdam", "Anna Schmidt", "Schmidt", "Cheers mate",
        "Absolutely, Anna", "sure, Anna Schmidt", "is it refundable?", "the name is wrong, it should be Maria"]


@pytest.mark.parametrize("line", NEAR)
def test_near_misses_keep_the_surname(line):
    t = _play("one_way", 3, D_START + [line, "yes"])
    assert all(last == "Schmidt" for _f, last, _n in _booked(t)), _said(t)
    assert all(first == "Anna" for first, _l, _n in _booked(t)), _said(t)


def test_surname_correction_reader():
    assert surname_correction("sorry it's Larsen", "Anna", "Schmidt", set()) == "Larsen"
    assert surname_correction("vale", "Anna", "Schmidt", set()) is None
    assert surname_correction("Larsen?", "Anna", "Schmidt", set()) is None
    assert surname_correction("first name is Anne, not Anna", "Anna", "Schmidt", set()) is None
    assert surname_correction("Rotterdam", "Anna", "Schmidt", {"rotterdam"}) is None


@pytest.mark.parametrize("line", ["my name is Aisha Okafor, the passenger is Tom Berg",
                                  "I'm Aisha Okafor but the traveller is Tom Berg",
                                  "the passenger is Tom Berg, I am Aisha Okafor",
                                  "Tom Berg is flying, I'm just booking (Aisha Okafor)"])
def test_the_traveller_not_the_booker(line):
    t = _play("one_way", 3, ["hi, I need a flight from Madrid to Amsterdam on August 28", "1 passenger", "option 1",
                             line, "yes"])
    assert _booked(t) == [("Tom", "Berg", 1)], _said(t)


def test_the_other_passenger_is_not_the_lead():
    t = _play("one_way", 3, ["hi, I need a flight from Madrid to Amsterdam on August 28", "2 of us", "option 1",
                             "my name is Aisha Okafor and the other passenger is Tom Berg", "yes"])
    assert _booked(t) == [("Aisha", "Okafor", 2)], _said(t)
