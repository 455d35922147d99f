"""Wrong writes (and one stuck chat) of the compliant SkyAssist agent (``--faults none``), from the forty-fourth
session's black-box testers (skyA sections 4, 5, 6 and 8; skyV A1 and A2):

1. skyA 4: "After a hold: asking for an EXTRA booking for other people cancels the customer's own hold" (6 of 6):
   after a hold for 2 (hold_request 4 and 5), "also book the same flight for my parents, 2 people, name Ken X", "book
   another 2 seats on that flight for my friends, under Tom Berg", even "keep my hold and book a separate one for 2
   under Ken X" -> yes -> ``book_flight {... "first_name":"Ken"}`` + ``cancel_booking {"booking_id": <the hold>}``.
   4b: "can you turn the hold into a booking, but for 3 people" / "confirm the hold as a booking for three" placed a
   SECOND hold (``hold_itinerary {"passengers":3}``). 4c: "a separate booking for my colleague Tom Berg, 1 person, same
   flight" became a hold. 4d: "book the held seats, just for me though" booked 1 and left the hold silently.
2. skyA 5: "my surname is double-barrelled: Okafor-Berg" -> last_name "Double-barrelled" (also "hyphenated", "Irish:
   O'Brien", "changed to Berg", "spelled differently: Okafour", "last name correction - Okafour", "lowercase: de la
   Cruz", "long, it's Okafor-Mensah" -> first "Okafor-Mensah" last "Long"); "two words: van Dijk" and "has an accent:
   Müller" were ignored.
3. skyA 6 / skyV A1: corrections at the summary ignored, then booked on yes: "it's not for me, it's for my sister Mia
   X", "the booking should be in my wife's name, sara X", "the ticket must match my passport: Aisha Boateng", "I go by
   Aisha Boateng now", "Okafor is my old name, use Boateng" (booked first=Boateng last=Okafor), "make the booking out
   to Kofi Mensah", "change the surname to Boateng please" (stuck); "it'll just be me in the end", "my flatmate's
   tagging along" (booked 2).
4. skyV A2: at "Shall I cancel booking BK17WTAZ?", "yes, I don't need it anymore" / "yes, no need to keep it" were
   taken as a no, "yes, I won't be travelling" asked again.
5. skyA 8: after a booking, "I also need a second booking, same flight, for my colleague Tom Berg, just him" -> "Sorry,
   I did not quite catch that"; "and one more for my parents on the same flight, 2 people, under Ken Okafor" -> "On
   what date would you like to fly back?".

Note: the verifiers (not changed here) still report S5 on a cancel made on "yes, I don't need it anymore" (skyV F1)
and S1 on a few of the corrected names ("surname is changed to Berg", "I go by Aisha Boateng now"): those cases check
the agent's calls only.
"""
from __future__ import annotations

import json

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages

D = get_domain("skyassist")

HOLD = ["hi, can you hold seats from {origin_city} to {destination_city} on {date}, 2 people", "option 1",
        "{first_name} {last_name}", "yes"]
BOOKED = ["hi, I need a flight from {origin_city} to {destination_city} on {date}", "2 of us", "option 1",
          "{first_name} {last_name}", "yes"]
SUMMARY = ["I need a flight from Madrid to Amsterdam on 2026-08-28 for 2 passengers, name Aisha Okafor", "option 1"]
NAMED = ["hi, I need a flight from {origin_city} to {destination_city} on {date}", "2 of us", "option 1",
         "{first_name} {last_name}"]


def _play(family: str, seed: int, lines: list[str]):
    sc = D.scenario(family, seed)
    msgs = [x.format(**{k: v for k, v in sc.items() if isinstance(v, (str, int))}) for x in lines]
    t = play_messages(D, sc, D.make_target("reference", []), msgs, "t")
    calls = [(c["function"]["name"], json.loads(c["function"]["arguments"])) for m in t.messages
             for c in (m.get("tool_calls") or []) if c["function"]["name"] in ("book_flight", "hold_itinerary",
                                                                                  "cancel_booking", "modify_booking")]
    said = [str(m["content"]) for m in t.messages if m["role"] == "assistant" and m.get("content")]
    return sc, t, calls, said


# --- 1. after a hold: a booking for others is separate (the hold stays); the hold booked for a new count releases it

OTHERS = [
    ("also book the same flight for my parents, 2 people, name Ken {last_name}", 2, "Ken"),
    ("now book the same flight for my parents too, 2 people, name Ken {last_name}", 2, "Ken"),
    ("book another 2 seats on that flight for my friends, under Tom Berg", 2, "Tom"),
    ("keep my hold and book a separate one for 2 under Ken {last_name}", 2, "Ken"),
    ("a separate booking for my colleague Tom Berg, 1 person, same flight", 1, "Tom"),
    ("can you book the same flight for my in-laws as well, 2 of them, under Ken {last_name}", 2, "Ken"),
    ("my parents want to come too, can you book 2 more seats for them separately, Ken {last_name}", 2, "Ken"),
]


@pytest.mark.parametrize("seed", [4, 5])
@pytest.mark.parametrize("line,n,first", OTHERS)
def test_booking_for_others_after_a_hold_keeps_the_hold(seed, line, n, first):
    sc, t, calls, said = _play("hold_request", seed, HOLD + [line, "yes"])
    after = calls[1:]
    assert [c[0] for c in after] == ["book_flight"], (line, after, said[-2:])
    assert after[0][1]["passengers"] == n and after[0][1]["first_name"] == first
    assert not any(c[0] == "cancel_booking" for c in calls), said[-2:]
    assert "stays as it is" in said[-2], said[-2]


HOLD_BOOKED_RESIZED = [
    ("can you turn the hold into a booking, but for 3 people", 3),
    ("confirm the hold as a booking for three", 3),
    ("convert my hold to a proper booking, 3 passengers now", 3),
    ("make the hold a booking please, but for 3", 3),
    ("book the held seats, just for me though", 1),
    ("book it for one person only", 1),
    ("go ahead and book, my son is coming too", 3),
    ("book it now please, but make it 3 passengers", 3),  # (already right: kept)
]


@pytest.mark.parametrize("line,n", HOLD_BOOKED_RESIZED)
def test_hold_booked_for_another_count_books_and_releases_the_hold(line, n):
    sc, t, calls, said = _play("hold_request", 4, HOLD + [line])
    assert "cancel the hold" in said[-1] and f"for {n} passenger" in said[-1], said[-1]
    sc, t, calls, said = _play("hold_request", 4, HOLD + [line, "yes"])
    held = calls[0][1]
    after = calls[1:]
    assert [c[0] for c in after] == ["book_flight", "cancel_booking"], (line, after)
    assert after[0][1]["passengers"] == n
    assert not any(c[0] == "hold_itinerary" for c in after)
    assert t.violations == [], [v.policy for v in t.violations]
    assert held["passengers"] == 2


def test_same_flight_for_the_speaker_and_another_converts_the_hold():
    # near miss: "for my wife and me" is the customer's own party (the hold booked), not another party's booking
    sc, t, calls, said = _play("hold_request", 4, HOLD + ["also book the same flight for my wife and me", "yes"])
    assert [c[0] for c in calls[1:]] == ["book_flight", "cancel_booking"]
    assert calls[1][1]["first_name"] == sc["first_name"]


def test_hold_booked_as_it_is_releases_the_hold():
    sc, t, calls, said = _play("hold_request", 4, HOLD + ["turn the hold into a booking", "yes"])
    assert [c[0] for c in calls[1:]] == ["book_flight", "cancel_booking"]
    assert calls[1][1]["passengers"] == 2


# --- 2. a surname said after the words that describe it

DESCRIBED = [
    ("my surname is double-barrelled: Okafor-Berg", "Okafor-Berg"),
    ("my surname is hyphenated: Okafor-Berg", "Okafor-Berg"),
    ("my surname is Irish: O'Brien", "O'Brien"),
    ("surname is changed to Berg", "Berg"),
    ("my surname got changed to Berg", "Berg"),
    ("my last name is spelled differently: Okafour", "Okafour"),
    ("my surname is spelt differently - Okafour please", "Okafour"),
    ("last name correction - Okafour", "Okafour"),
    ("the surname should be lowercase: de la Cruz", "de la Cruz"),
    ("my last name is long, it's Okafor-Mensah", "Okafor-Mensah"),
    ("the surname is actually two words: van Dijk", "van Dijk"),
    ("the surname has two parts: de Souza", "de Souza"),
    ("my surname has an accent: Müller", "Müller"),
    ("last name has an apostrophe: O'Neill", "O'Neill"),
    ("my surname is a bit unusual - it's Nwachukwu", "Nwachukwu"),
    ("surname's hyphenated, Okafor-Berg", "Okafor-Berg"),
    ("surname changed: Berg", "Berg"),
    # near misses: the name as said, no describing word before it
    ("my married surname is Berg", "Berg"),
    ("my surname is now Berg", "Berg"),
    ("my surname is Berg, it's Swedish", "Berg"),
]


@pytest.mark.parametrize("line,last", DESCRIBED)
def test_surname_after_describing_words(line, last):
    sc, t, calls, said = _play("one_way", 3, NAMED + [line, "yes"])
    books = [a for k, a in calls if k == "book_flight"]
    assert len(books) == 1, said[-2:]
    assert (books[0]["first_name"], books[0]["last_name"]) == ("Aisha", last), said[-2]


@pytest.mark.parametrize("line,last", [("Aisha, surname is hyphenated: Okafor-Berg", "Okafor-Berg"),
                                       ("Aisha. Surname: long one, Okafor-Mensah", "Okafor-Mensah"),
                                       ("Aisha, last name is double-barrelled - Okafor-Berg", "Okafor-Berg")])
def test_surname_described_in_the_first_answer(line, last):
    sc, t, calls, said = _play("one_way", 3, NAMED[:3] + [line, "yes"])
    books = [a for k, a in calls if k == "book_flight"]
    assert [(b["first_name"], b["last_name"]) for b in books] == [("Aisha", last)]
    assert t.violations == []


# --- 3. a name or count changed at the summary: summarised again, booked on the new one

NEW_NAME = [
    ("it's not for me, it's for my sister Mia Okafor", ("Mia", "Okafor"), True),
    ("the booking should be in my wife's name, sara Okafor", ("Sara", "Okafor"), True),
    ("actually it's for my husband, Kofi Mensah", ("Kofi", "Mensah"), True),
    ("the ticket must match my passport: Aisha Boateng", ("Aisha", "Boateng"), True),
    ("my passport says Aisha Boateng", ("Aisha", "Boateng"), True),
    ("I go by Aisha Boateng now", ("Aisha", "Boateng"), False),
    ("Okafor is my old name, use Boateng", ("Aisha", "Boateng"), True),
    ("make the booking out to Kofi Mensah", ("Kofi", "Mensah"), False),
    ("change the name to Kofi Mensah please", ("Kofi", "Mensah"), True),
    ("change the surname to Boateng please", ("Aisha", "Boateng"), False),
    ("update my last name to Boateng", ("Aisha", "Boateng"), False),
    # near misses: nothing changed, the summary asked again and the name kept
    ("I go by Aisha", ("Aisha", "Okafor"), False),
    ("it's for my sister and me", ("Aisha", "Okafor"), False),
]


@pytest.mark.parametrize("line,name,clean", NEW_NAME)
def test_name_changed_at_the_summary(line, name, clean):
    sc, t, calls, said = _play("one_way", 3, SUMMARY + [line])
    assert not calls
    assert f"under the name {name[0]} {name[1]}" in said[-1], said[-1]
    sc, t, calls, said = _play("one_way", 3, SUMMARY + [line, "yes"])
    books = [a for k, a in calls if k == "book_flight"]
    if name == ("Aisha", "Okafor"):
        assert not books or (books[0]["first_name"], books[0]["last_name"]) == name
        return
    assert [(b["first_name"], b["last_name"]) for b in books] == [name]
    if clean:  # (the verifiers' S1 still misreads the others: see the docstring)
        assert t.violations == [], [v.policy for v in t.violations]


@pytest.mark.parametrize("line,n", [("it'll just be me in the end", 1), ("it will just be me", 1),
                                    ("my flatmate's tagging along", 3), ("my roommate is coming too", 3),
                                    ("my brother's coming too", 3), ("it'll just be me and my wife", 2)])
def test_count_changed_at_the_summary(line, n):
    sc, t, calls, said = _play("one_way", 3, SUMMARY + [line, "yes"])
    books = [a for k, a in calls if k == "book_flight"]
    assert [b["passengers"] for b in books] == [n], said[-2]


# --- 4. a cancel's yes beside its reason

CANCEL = ["I want to cancel booking {booking_id}, last name {last_name}"]


@pytest.mark.parametrize("line", ["yes, I don't need it anymore", "yes, no need to keep it", "yes, I won't be travelling",
                                  "yes please, plans fell through so I can't go", "yes, we're not going anymore",
                                  "yep, the trip is off", "yes cancel it, something came up",
                                  "yes - we changed our plans", "Yes. We can't make it anymore."])
def test_cancel_yes_with_its_reason_cancels(line):
    sc, t, calls, said = _play("cancel_booking", 1, CANCEL + [line])
    assert [c[0] for c in calls] == ["cancel_booking"], said[-1]


@pytest.mark.parametrize("line", ["no, I still need it", "no, I won't be travelling anyway", "I don't need it anymore",
                                  "yes, but I still need it", "yes, no need to cancel",
                                  "yes, I don't need it anymore... actually no keep it", "yes, I won't be travelling? wait"])
def test_cancel_near_misses_cancel_nothing(line):
    sc, t, calls, said = _play("cancel_booking", 1, CANCEL + [line])
    assert not calls, said[-1]


# --- 5. after a booking: a second booking for others on the same flight

@pytest.mark.parametrize("line,n,name", [
    ("I also need a second booking, same flight, for my colleague Tom Berg, just him", 1, ("Tom", "Berg")),
    ("and one more for my parents on the same flight, 2 people, under Ken Okafor", 2, ("Ken", "Okafor")),
    ("can you book that flight for my sister too, 1 person, name Mia Okafor", 1, ("Mia", "Okafor")),
])
def test_second_booking_for_others_after_a_booking(line, n, name):
    sc, t, calls, said = _play("one_way", 3, BOOKED + [line])
    assert "stays as it is" in said[-1] and "fly back" not in said[-1], said[-1]
    sc, t, calls, said = _play("one_way", 3, BOOKED + [line, "yes"])
    books = [a for k, a in calls if k == "book_flight"]
    assert len(books) == 2 and books[1]["passengers"] == n and (books[1]["first_name"], books[1]["last_name"]) == name
    assert books[1]["flight_ids"] == books[0]["flight_ids"]
    assert not any(k == "cancel_booking" for k, _a in calls)
    assert t.violations == [], [v.policy for v in t.violations]
