"""Customers a black-box tester played against the compliant reference target (sky-customers-29, forty-first
session), with the tester's words, other phrasings of the same kind, and near misses. What was wrong (all wrong
writes after a plain yes):

W1. In a pasted form, the DAY of the date became the passenger count when a "Date:" line was followed by a count
    line: "Name: Arjun Kowalski\\nFrom: Frankfurt\\nTo: Seattle\\nDate: 4 May\\nPassengers: 1 adult", "1", "yes"
    booked ``passengers: 4`` ("for 4 passengers ... $2184"); "Date: 2026-05-04" gave 4 as well; a day of 10 or
    more gave "only 9 passengers per booking" and then "for 3 passengers, out of your group of 28?". Now a form
    (labelled lines with ":", "-", "=" or a tab; bullets, numbered lines, markdown bold, JSON) is read field by
    field: a number belongs to its own field, and "1 adult" / "2 adults + 1 child" / "Adults: 2" with
    "Children: 1" is the count.
W6. A comma in an e-mail signature was read as a list of travellers: "Please book 2 seats ...\\n\\nBest regards,\\n
    Yuki Khan\\nSenior Manager, Room 204" booked 3 passengers. A signature (a sign-off and what follows it,
    "-- ", "Sent from my iPhone", a name with its title, company, room or phone lines) counts no one.
W3. Dictated punctuation after the name became the surname: "... my name is Omar Singh period" booked
    ``last_name: "period"`` (also "full stop" -> "stop", "comma thanks", "new line", "question mark"). Marks said
    as words are punctuation to the name reader in every message, as they already were at the name question.
C11. A name given as JSON ({"first_name": "Omar", "last_name": "Singh"}, {"name": "Omar Singh"}, {"first": ...})
    was asked for forever; it is read.

The verifiers' own views of two of these (they call a signature's name and a JSON name "not given as a name",
the tester's V1; also a name in a markdown "**Name:**" field) are the oracle's to settle; those conversations assert
the tool arguments only."""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse, party_sizes
from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.skyassist.test_target_phrasings import calls, replies

D = get_domain("skyassist")


def _play(family: str, seed: int, lines: list[str]):
    return play_messages(D, D.scenario(family, seed), D.make_target("reference", []), lines, "t41a")


def _booked(t) -> list[dict]:
    return calls(t, "book_flight")


def _read(text: str, expecting: str | None = None):
    return parse(text, D.db, expecting)


# --- W1. a pasted form, field by field -----------------------------------------------------------------

FORM_LAYOUTS = [
    # the tester's layouts that booked the day
    ("Name: Arjun Kowalski\nFrom: Frankfurt\nTo: Seattle\nDate: 4 May\nPassengers: 1 adult", 1, "2026-05-04"),
    ("Name: Omar Singh\nFrom: Frankfurt\nTo: London\nDate: 2026-05-04\nPassengers: 1 adults", 1, "2026-05-04"),
    ("From: Frankfurt\nTo: Seattle\nDate: 28 August\nPassengers: two adults and one kid", 3, "2026-08-28"),
    ("From: Frankfurt\nTo: Seattle\nDate: 28 August\nTravellers: 2 adults", 2, "2026-08-28"),
    ("From: Frankfurt\nTo: Seattle\nDate: 4 May\nPax: 1 adults", 1, "2026-05-04"),
    ("From: Frankfurt\nTo: Seattle\nDate: 4 May\nPeople: 2 people", 2, "2026-05-04"),
    ("From: Frankfurt\nTo: Seattle\nDate: 4 May\nPassengers: 3 (adults and kids)", 3, "2026-05-04"),
    # other layouts of the same kind
    ("From: Frankfurt\nTo: Seattle\nDate: 4 May\nPassengers: 2 adults + 1 child", 3, "2026-05-04"),
    ("From - Frankfurt\nTo - Seattle\nDate - 4 May\nPassengers - 1 adult", 1, "2026-05-04"),
    ("From= Frankfurt\nTo = Seattle\nDate = 14 May\nAdults = 2", 2, "2026-05-14"),
    ("From:\tFrankfurt\nTo:\tSeattle\nDate:\t4 May\nPassengers:\t1 adult", 1, "2026-05-04"),
    ("- From: Frankfurt\n- To: Seattle\n- Date: 4 May\n- Passengers: 1 adult", 1, "2026-05-04"),
    ("1. From: Frankfurt\n2. To: Seattle\n3. Date: 4 May\n4. Travelers: 2 adults", 2, "2026-05-04"),
    ("* **From:** Frankfurt\n* **To:** Seattle\n* **Date:** 4 May\n* **Passengers:** 1 adult", 1, "2026-05-04"),
    ("**Date:** 4 May\n**Pax:** 2 adults\n**From:** Frankfurt\n**To:** Seattle", 2, "2026-05-04"),
    ('{"from": "Frankfurt", "to": "Seattle", "date": "4 May", "passengers": 1}', 1, "2026-05-04"),
    ('{"from": "Frankfurt", "to": "Seattle", "date": "2026-05-04", "adults": 2}', 2, "2026-05-04"),
    ("Departure: 4 May\nPassengers: 2 adults\nFrom: Frankfurt\nTo: Seattle", 2, "2026-05-04"),
    ("From: Frankfurt\nTo: Seattle\nDate: 4 May\nReturn: 10 May\nAdults: 2\nChildren: 1", 3, "2026-05-04"),
    ("From: Frankfurt\nTo: Seattle\nDate: 25 May\nNumber of passengers: 2 adults", 2, "2026-05-25"),
    ("Hi, please book this for me:\nFrom: Frankfurt\nTo: Seattle\nDate: 4 May\nPassengers: 1 adult\nThanks!", 1,
     "2026-05-04"),
    # near misses that were right before and stay right
    ("From: Frankfurt\nTo: Seattle\nDate: 4 May\nPassengers: 4", 4, "2026-05-04"),
    ("From: Frankfurt\nTo: Seattle\nDate: May 4\nPassengers: 2", 2, "2026-05-04"),
    ("From: Frankfurt\nTo: Seattle\nDate: 4 May\nAdults: 2", 2, "2026-05-04"),
    ("From: Frankfurt\nTo: Seattle\nDate: 4 May\n- 2 adults", 2, "2026-05-04"),
    ("From: Frankfurt, To: Seattle, Date: 4 May, Passengers: 1 adult", 1, "2026-05-04"),
    ("From: Frankfurt\nTo: Seattle\nDate: 4 May\nClass: economy\nPassengers: 1 adult\nEmail: a@b.com\n"
     "Phone: +44 20 7946 0958", 1, "2026-05-04"),
    ("Flight from Frankfurt to Seattle, party of 4 on 4 May", 4, "2026-05-04"),
    ("Frankfurt to Seattle on 4 May for 2 people", 2, "2026-05-04"),
    ("Frankfurt to Seattle 4 May, 3 adults", 3, "2026-05-04"),
    ("Frankfurt to Seattle on the 4th of May, 2 of us", 2, "2026-05-04"),
]


@pytest.mark.parametrize("text, pax, day", FORM_LAYOUTS)
def test_a_form_is_read_field_by_field(text, pax, day):
    p = _read(text)
    assert (p.passengers, p.date) == (pax, day), text


@pytest.mark.parametrize("family, seed, form, pax", [
    ("one_way", 4, "Name: Arjun Kowalski\nFrom: Frankfurt\nTo: Seattle\nDate: 4 May\nPassengers: 1 adult", 1),
    ("one_way", 0, "Name: Omar Singh\nFrom: Frankfurt\nTo: London\nDate: 2026-05-04\nPassengers: 1 adults", 1),
    ("one_way", 4, "Name: Arjun Kowalski\nFrom - Frankfurt\nTo - Seattle\nDate - 4 May\nTravellers - 2 adults", 2),
    ("one_way", 4, "Name: Arjun Kowalski\n* **From:** Frankfurt\n* **To:** Seattle\n* **Date:** 4 May\n"
                   "* **Pax:** 2", 2),
    ("one_way", 3, "Name: Aisha Okafor\nFrom: Madrid\nTo: Amsterdam\nDate: 28 August\n"
                   "Passengers: two adults and one kid", 3),
])
def test_the_form_s_count_is_booked_never_the_day(family, seed, form, pax):
    t = _play(family, seed, [form, "1", "yes"])
    said = " ".join(replies(t))
    assert "up to 9 passengers" not in said and "group of" not in said, said
    assert [b["passengers"] for b in _booked(t)] == [pax], said
    assert t.violations == [], t.violations


def test_the_tester_s_day_28_form_is_no_group_of_28():
    t = _play("one_way", 3, ["Name: Aisha Okafor\nFrom: Madrid\nTo: Amsterdam\nDate: 28 August\n"
                             "Passengers: two adults and one kid"])
    said = " ".join(replies(t))
    assert calls(t, "search_flights") and "9 passengers" not in said and "group of" not in said, said


# --- W6. a signature counts no one ---------------------------------------------------------------------

ASKED = "Please book 2 seats New York to London on 5 March."


@pytest.mark.parametrize("signature", [
    "\n\nBest regards,\nYuki Khan\nSenior Manager, Room 204",  # the tester's
    "\n\nYuki Khan\nSenior Manager, Room 204",
    "\nYuki Khan\nSenior Manager, Room 204",
    "\n\nBest, Yuki Khan\nHead of Sales, Khan & Partners, Ltd.\n+44 20 7946 0958",
    "\n-- \nYuki Khan\nSenior Manager, Acme Corp",
    "\n-- \nYuki Khan\nDirector, Ops, EMEA\nRoom 12, Floor 3",
    "\n\nThanks\nYuki Khan\nAcme Corp, Tom, Dick and Harry Ltd",
    "\n\nKind regards,\nYuki\n\nYuki Khan\nDirector, Ops, EMEA",
    "\n\nCheers\nYuki Khan, PhD, MBA\nAcme, Inc., Building 3, Floor 7",
    "\n\nSent from my iPhone",
    "\n\nBest,\nYuki Khan\nSent from my iPhone",
])
def test_a_signature_counts_no_traveller(signature):
    assert set(party_sizes(ASKED + signature)) == {2}, signature
    assert _read(ASKED + signature).passengers == 2


@pytest.mark.parametrize("text, pax", [
    # near misses: a list of the party, or a PS that adds one, is still read
    ("Please book seats for me, my wife and my son.\n\nBest regards,\nYuki Khan\nSenior Manager, Room 204", 3),
    ("Please book seats New York to London.\nThanks,\nYuki\nPS my wife and 2 kids are coming too", 4),
    ("Book 3 seats to London.\n\nThanks,\nYuki Khan", 3),
    ("Please book 2 seats. Yuki Khan, Senior Manager, Room 204", 2),
])
def test_a_party_said_beside_a_signature_is_still_read(text, pax):
    assert max(party_sizes(text)) == pax, text


def test_the_tester_s_signature_books_the_two_seats_asked():
    t = _play("budget_constrained", 0, [ASKED + "\n\nBest regards,\nYuki Khan\nSenior Manager, Room 204", "1", "yes"])
    booked = _booked(t)
    assert [(b["passengers"], b["last_name"], b.get("first_name")) for b in booked] == [(2, "Khan", "Yuki")], replies(t)
    assert "for 2 passengers" in " ".join(replies(t))


# --- W3. dictated marks are no names -------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "hi i need a flight from Frankfurt to London comma on the 4th of May comma for one people period my name is "
    "Omar Singh period",  # the tester's
    "i need a flight from Frankfurt to London on the 4th of May for one people my name is Omar Singh full stop",
    "my name is Omar Singh comma thanks",
    "my name is Omar Singh new line thank you",
    "my name is Omar Singh question mark can you do it",
    "my name is Omar Singh exclamation mark",
    "my name is Omar Singh exclamation point",
    "my name is omar singh period",
    "book me a flight to london comma my name is omar singh new paragraph thanks",
    "my name is Omar Singh semicolon I fly alone",
    "my name is Omar Singh dash thanks period",
    "name Omar Singh full-stop",
    "my name is Omar Singh Period",  # a speech-to-text that writes the mark word with a capital
    "my name is Omar Singh Full Stop",
    "Omar Singh period",
])
def test_dictated_marks_are_no_part_of_the_name(text):
    expecting = "name" if text.startswith("Omar") else None
    p = _read(text, expecting)
    assert (p.first_name, p.last_name) == ("Omar", "Singh"), text


@pytest.mark.parametrize("text, first, last", [
    # near misses: surnames that are also words, and marks' own senses
    ("my name is Omar Rivers period", "Omar", "Rivers"),
    ("my name is Omar Day period", "Omar", "Day"),
    ("my name is Omar Gates", "Omar", "Gates"),
    ("my name is Omar Bell full stop", "Omar", "Bell"),
    ("my name is Omar Comma", "Omar", "Comma"),
    ("my name is Omar Singh and we stay for a period of two weeks", "Omar", "Singh"),
    ("my name is Omar Singh", "Omar", "Singh"),
])
def test_real_surnames_beside_dictation_stay_names(text, first, last):
    p = _read(text)
    assert (p.first_name, p.last_name) == (first, last), text


@pytest.mark.parametrize("opener", [
    "hi i need a flight from Frankfurt to London comma on the 4th of May comma for one people period my name is "
    "Omar Singh period",
    "i need a flight from Frankfurt to London on the 4th of May for one people my name is Omar Singh full stop",
    "i need a flight from Frankfurt to London on the 4th of May for one people my name is Omar Singh comma thanks",
    "i need a flight from Frankfurt to London on the 4th of May for one people my name is Omar Singh new line "
    "thank you",
    "i need a flight from Frankfurt to London on the 4th of May for one people my name is Omar Singh question mark "
    "can you do it",
])
def test_a_dictated_opener_books_the_name_said(opener):
    t = _play("one_way", 0, [opener, "1", "yes"])
    assert [(b["last_name"], b.get("first_name"), b["passengers"]) for b in _booked(t)] == [("Singh", "Omar", 1)], \
        replies(t)
    assert "period" not in " ".join(replies(t)) and t.violations == [], t.violations


# --- C11. a name given as JSON ---------------------------------------------------------------------------

@pytest.mark.parametrize("answer", [
    '{"first_name": "Omar", "last_name": "Singh"}',
    '{"name": "Omar Singh"}',
    '{"first": "Omar", "last": "Singh"}',
    "{'first_name': 'Omar', 'surname': 'Singh'}",
    '{"passenger": {"first": "Omar", "last": "Singh"}}',
])
def test_a_json_name_is_read(answer):
    p = _read(answer, "name")
    assert (p.first_name, p.last_name) == ("Omar", "Singh"), answer
    t = _play("one_way", 0, ["I need 1 seat from Frankfurt to London on 4 May", answer, "1", "yes"])
    assert [(b["last_name"], b.get("first_name")) for b in _booked(t)] == [("Singh", "Omar")], replies(t)


def test_a_json_form_books_its_count_and_name():
    form = ('{"name": "Arjun Kowalski", "from": "Frankfurt", "to": "Seattle", "date": "4 May", '
            '"passengers": "1 adult"}')
    t = _play("one_way", 4, [form, "1", "yes"])
    assert [(b["passengers"], b["last_name"]) for b in _booked(t)] == [(1, "Kowalski")], replies(t)
