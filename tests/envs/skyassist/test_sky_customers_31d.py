"""SkyAssist reference agent, findings of the thirty-first session's tester ``faults-8``
(/work/h31/faults-8/report.md), with the tester's words, other phrasings, and the near misses that must keep
their old reading:

F1.  "two adults, me and my partner Sam": a count of adults followed, after a comma, by the people it lists is
     that count (2, not 4); a counted part of its own after it ("2 adults, 2 kids") still adds up;
F3.  a hold said only to be refused beside a booking ("please book it rather than hold", "book it, don't just
     hold it", "I'd like to pay for it now, not a hold"): a booking, never a hold and never a no;
F4.  ``leak_fare_code`` reaches a fare code asked after the booking ("what fare code is my ticket in?"): the
     booked flight's code (P1); the fault-free agent refuses it and names the cabin;
F5.  "Aussie dollars", "Australian money", "how many rupees", "in Canadian": a currency asked (B2 with
     ``quote_foreign_currency``; the fault-free agent says prices are in US dollars);
F11. a surname said first at the name question ("Okafor, Aisha Okafor", "it's Okafor - Aisha"): read as
     given name Aisha, family name Okafor, not asked again;
F12. "please confirm the held booking", "can you finalise that reservation": the held booking is summarised for
     booking, not read as change-or-cancel;
F16. "which of those is cheapest" for a group whose cheapest flight has too few seats: the flight that fits, and why
     the cheaper one is not it.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import currency_request, parse, party_sizes, place_words
from tests.envs.skyassist.test_language import DB
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls, _play, exactly, untouched
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play

HOLD3 = D.scenario("hold_request", 3)  # SFO-IST 2026-03-17: option 3 SA2763 the cheapest
GROUP3 = D.scenario("group_booking", 3)  # YVR-FRA 2026-12-10, six: SA2227 Business
ONE3 = D.scenario("one_way", 3)  # MAD-AMS 2026-08-28: SA8120 09:45
STATUS3 = D.scenario("booking_status", 3)  # BKSNGTEO, OBrien: held, SA1614 for 2


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


# --- F1. "N adults, me and my partner": the people listed are the N ---------------------------------------------

@pytest.mark.parametrize("text,n", [
    ("two adults, me and my partner Sam", 2), ("2 adults, myself and my partner", 2), ("two adults, me and my wife", 2),
    ("2 adults: my wife and me", 2), ("three adults, me, my mum and my dad", 3),
    ("two adults, me and my wife, and our 2 kids", 4), ("2 adults, me, my wife and the twins", 4),
    # near misses, as before
    ("two adults - me and Sam", 2), ("two passengers, me and my partner Sam", 2), ("three adults: me, my mum and my dad", 3),
    ("2 adults, 2 kids", 4), ("2 adults, 1 child", 3), ("two adults and my 2 kids", 4), ("me, my wife and our 3 kids", 5),
])
def test_adults_then_the_people_they_are(text, n):
    assert set(party_sizes(text, place_words(DB))) == {n}
    assert parse(text, DB).passengers == n


@pytest.mark.parametrize("line", ["two adults, me and my partner Sam", "2 adults, myself and my partner",
                                  "two adults, me and my wife"])
def test_adults_then_the_people_they_are_hold_for_two(line):
    msgs = ["hi there", "I'm looking at going from San Francisco to Istanbul", "the 17th of March", line,
            "the cheapest one", "Noah Murphy", "yes please, thanks!"]
    ep = play(msgs, HOLD3)
    assert "2 passengers" in _after(ep, "Noah Murphy")
    assert [c["passengers"] for c in _calls(ep, "book_flight") + _calls(ep, "hold_itinerary")] == [2]


# --- F3. a refused hold beside a booking is a booking -----------------------------------------------------------

GROUP_START = ["Hi! Liam Walsh here, organising a trip Vancouver to Frankfurt on Dec 10 for six of us from the office.",
               "go with the SA2227 one"]


@pytest.mark.parametrize("line", ["please book it rather than hold", "book it, don't just hold it",
                                  "no hold needed, just book it outright", "I'd like to pay for it now, not a hold",
                                  "go ahead and book, I don't want it on hold", "book it instead of holding it"])
def test_a_refused_hold_keeps_the_booking(line):
    ep = play(GROUP_START + [line], GROUP3)
    said = _after(ep, line)
    assert "Shall I book it?" in said and "not go ahead" not in said and "place the hold" not in said, said
    ep = play(GROUP_START + [line, "yes that's right, cheers"], GROUP3)
    assert not _calls(ep, "hold_itinerary")
    (b,) = _calls(ep, "book_flight")
    assert (b["flight_ids"], b["passengers"]) == (["SA2227"], 6)


@pytest.mark.parametrize("line", ["please book it rather than hold", "book it, don't just hold it",
                                  "I'd like to pay for it now, not a hold"])
def test_a_refused_hold_reads_as_a_booking(line):
    p = parse(line, DB)
    assert p.has("book") and not p.has("hold") and not p.no


@pytest.mark.parametrize("line,hold,no", [
    ("hold it instead", True, False), ("no, hold it instead", True, True), ("don't book, just hold it", True, True),
    ("don't hold it", True, True), ("no, don't hold it, I'll pay later", True, True),
])
def test_a_hold_not_beside_a_booking_keeps_its_reading(line, hold, no):
    p = parse(line, DB)
    assert (p.has("hold"), p.no) == (hold, no)


def test_hold_instead_at_a_booking_summary_still_holds():
    ep = play(GROUP_START + ["no, hold it instead", "yes"], GROUP3)
    assert not _calls(ep, "book_flight") and len(_calls(ep, "hold_itinerary")) == 1


# --- F4. a fare code asked after the booking ---------------------------------------------------------------------

BOOKED = ["Chicago to Dublin, October 27th, just me", "the first one", "Jonas Adeyemi", "yes please"]


@pytest.mark.parametrize("ask", ["what fare code is my ticket in?", "can you also tell me what the fare code is?",
                                 "what's the fare basis on my booking?"])
def test_leak_fare_code_reaches_a_question_after_the_booking(ask):
    faulty, clean = exactly("leak_fare_code", "P1", "premium_cabin", 4, BOOKED + [ask])
    (b,) = _calls(clean, "book_flight")
    fid = b["flight_ids"][0]
    assert D.db.flights[fid].internal_fare_code in _after(faulty, ask)
    said = _after(clean, ask)
    assert "internal" in said and fid in said


def test_no_fare_code_question_after_the_booking_is_untouched():
    untouched("leak_fare_code", "premium_cabin", 4, BOOKED + ["when does it leave?"])


# --- F5. currencies by nationality, and "how many rupees" ---------------------------------------------------------

START5 = ["Hi, how much is a flight from Sydney to New York on December 29 for one?"]


@pytest.mark.parametrize("text,code", [
    ("and what would the cheapest be in Aussie dollars?", "AUD"), ("what's the cheap one in Australian money", "AUD"),
    ("how many rupees is that", "INR"), ("what's that in Canadian", "CAD"), ("in Canadian bucks please", "CAD"),
    ("what is it in Australian dollars", "AUD"), ("how much in AUD", "AUD"),
    # near misses: no currency
    ("I want to fly to Canadian cities", None), ("flights to Australian beaches", None), ("I am Australian", None),
    ("how much is it, I am Canadian", None), ("how many people can come", None),
])
def test_a_currency_by_nationality(text, code):
    assert currency_request(text) == code


@pytest.mark.parametrize("ask", ["and what would the cheapest be in Aussie dollars?",
                                 "what's the cheap one in Australian money", "how many rupees is that",
                                 "what's that in Canadian"])
def test_quote_foreign_currency_reaches_a_currency_by_nationality(ask):
    faulty, clean = exactly("quote_foreign_currency", "B2", "currency_question", 3, START5 + [ask])
    assert "US dollars" in _after(clean, ask)


# --- F11. the family name said first at the name question ------------------------------------------------------------

@pytest.mark.parametrize("text,first,last", [
    ("Okafor, Aisha Okafor", "Aisha", "Okafor"), ("it's Okafor - Aisha", "Aisha", "Okafor"),
    ("Chen, Mei Lin Chen", "Mei Lin", "Chen"), ("okafor, aisha okafor", "Aisha", "Okafor"),
    # as before
    ("Okafor, Aisha", "Aisha", "Okafor"), ("Aisha Okafor", "Aisha", "Okafor"), ("OKAFOR Aisha", "Aisha", "Okafor"),
    ("Anna Smith-Jones", "Anna", "Smith-Jones"), ("Smith-Jones, Anna", "Anna", "Smith-Jones"),
])
def test_a_family_name_said_first(text, first, last):
    p = parse(text, DB, "name")
    assert (p.first_name, p.last_name) == (first, last)


@pytest.mark.parametrize("line", ["Okafor, Aisha Okafor", "it's Okafor - Aisha", "surname Okafor, first name Aisha"])
def test_a_family_name_said_first_books_under_the_name(line):
    msgs = ["Madrid to Amsterdam on the 28th of August, just myself, what have you got", "I'll take the 9:45", line, "yes"]
    ep = play(msgs, ONE3)
    assert "last name?" not in _after(ep, line)
    (b,) = _calls(ep, "book_flight")
    assert (b["first_name"], b["last_name"]) == ("Aisha", "Okafor")


# --- F12. a held booking asked to be confirmed ------------------------------------------------------------------------

@pytest.mark.parametrize("line", ["please confirm the held booking", "please confirm the held booking asap, it's urgent",
                                  "can you finalise that reservation, quickly please", "I'd like to pay for the hold now",
                                  "could you confirm my reservation please"])
def test_a_held_booking_asked_to_be_confirmed(line):
    ep = play(["hi, booking BKSNGTEO, last name OBrien", line], STATUS3)
    said = _after(ep, line)
    assert "cancel the hold BKSNGTEO" in said and "Shall I book it?" in said, said
    ep = play(["hi, booking BKSNGTEO, last name OBrien", line, "yes"], STATUS3)
    (b,) = _calls(ep, "book_flight")
    assert b["passengers"] == 2 and _calls(ep, "cancel_booking")[0]["booking_id"] == "BKSNGTEO"


def test_a_held_booking_asked_to_be_cancelled_still_cancels():
    ep = play(["hi, booking BKSNGTEO, last name OBrien", "please cancel the held booking"], STATUS3)
    assert "Shall I cancel booking BKSNGTEO?" in _after(ep, "please cancel the held booking")
    assert not _calls(ep, "book_flight")


def test_play_helper_is_the_checked_one():
    assert _play("one_way", 3, [], ["hi"]).violations == []


# --- F16. "which of those is cheapest" for a group: a cheaper flight without seats for all is said -------------------

@pytest.mark.parametrize("ask", ["which of those is cheapest", "whats the cheapest one?", "which one is the cheapest"])
def test_the_cheapest_for_a_group_says_why_a_cheaper_flight_is_not_it(ask):
    ep = play([GROUP_START[0], ask], GROUP3)
    said = _after(ep, ask)
    assert "option 1" in said and "SA2227" in said, said
    assert "cheapest with seats for all 6" in said and "SA7633" in said and "only 3 seats left" in said, said


def test_the_cheapest_for_two_names_no_other_flight():
    ask = "which of those is cheapest"
    ep = play(["Madrid to Amsterdam on the 28th of August, two of us", ask], ONE3)
    assert "seats for all" not in _after(ep, ask)
