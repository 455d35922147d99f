"""SkyAssist reference agent, findings 1-5 of the long-conversation tester ``sky-customers-6`` (thirtieth
session, /work/h30/sky-customers-6/report.md), with the tester's words, other phrasings of the same messages,
and for each its right twin:

1.  after the customer declines a summary, "what did you book?" is answered with "nothing was booked" (and
    what was declined), never with the summary and "Shall I book it?" again; a later "ok good" books nothing;
2.  a surname corrected at the summary ("my surname is spelled Kosta", "it's Kosta, not Costa", "correction:
    Omar Kosta", "no wait, the name is wrong. It's Omar Kosta", "the last name should be Kosta") gives a new
    summary under the corrected name, with the first name and the chosen flight kept;
3.  "forget the hold, just book it outright" / "no, book it instead" at a hold's summary switches to a booking
    summary; "can you hold it instead?" at a booking's summary switches without an apology first;
4.  a hold found by lookup can be booked ("convert the hold into a booking", "book the held seats"): a booking
    summary, then the booking and the hold cancelled, as for a hold placed in the chat;
5.  "did that go through?", "what did you book?", "what did you just do?" are answered from what was done in
    the chat (booking id, flight, passengers, total), never with a new search; with nothing done, it says so.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import json

import pytest

from tests.envs.skyassist.test_sky_faults_28 import D, _calls, _said
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play


def play(messages, sc):
    return _checked_play([m.format(**sc) for m in messages], sc)  # asserts the verifiers stay silent


DXB = D.scenario("one_way", 1000004)  # DXB-AMS 2026-10-31: 1) SA0904 Economy $456, Diego Yilmaz
JFK = D.scenario("one_way", 1000006)  # JFK-GRU 2027-01-07: 1) SA3411 Economy $153, Omar Costa
HOLD = D.scenario("hold_request", 1000003)  # LIS-ORD 2026-05-04: 1) SA8701 Economy, Jonas Silva
HELD = D.scenario("booking_status", 1000001)  # BKVFQEE0, Tanaka: held, SA3439, 2 passengers
BOOK = ["Book me {origin_city} to {destination_city} on {date}, one passenger", "the first", "{first_name} {last_name}"]
HOLD_IT = ["I'd like to put a hold on {origin_city} to {destination_city} {date}, 1 person", "1", "{first_name} {last_name}"]


def _after(ep, text: str) -> str:
    """The agent's reply to the customer message ``text``."""
    msgs = ep.messages
    at = max(i for i, m in enumerate(msgs) if m["role"] == "user" and m["content"] == text)
    return " ".join(str(m.get("content") or "") for m in msgs[at + 1:]
                    if m["role"] == "assistant" and not m.get("tool_calls"))


# --- 1. a declined summary never comes back as a question about it -------------------------------------------

@pytest.mark.parametrize("ask", ["hang on, what did you book for me?", "what did you book?",
                                 "so what have you booked?", "wait, what did you just do?"])
@pytest.mark.parametrize("then", ["ok good", "yes that's right", "yes"])
def test_a_question_after_declining_says_nothing_was_booked_and_books_nothing_later(ask, then):
    ep = play(BOOK + ["no thanks", ask, then], DXB)
    said = _after(ep, ask)
    assert "Nothing has been booked" in said and "SA0904" in said, said
    assert "Shall I book" not in said
    assert not _calls(ep, "book_flight") and not _calls(ep, "hold_itinerary")


def test_the_question_at_an_open_summary_keeps_it_and_a_plain_yes_books_once():
    ep = play(BOOK + ["what did you book?", "yes"], DXB)
    assert "Nothing has been booked yet" in _after(ep, "what did you book?")
    assert [c["flight_ids"] for c in _calls(ep, "book_flight")] == [["SA0904"]]


# --- 2. a surname corrected at the summary ---------------------------------------------------------------------

@pytest.mark.parametrize("fix", ["sorry, my surname is spelled Kosta", "it's Kosta, not Costa", "correction: Omar Kosta",
                                 "no wait, the name is wrong. It's Omar Kosta", "the last name should be Kosta",
                                 "Sorry typo - last name is Kosta with a K", "my last name is actually Kosta",
                                 "its Kosta not Costa", "Correction - the name is Omar Kosta."])
def test_a_corrected_surname_gives_a_new_summary_and_books_under_it(fix):
    ep = play(BOOK + [fix, "yes"], JFK)
    said = _after(ep, fix)
    assert "under the name Omar Kosta" in said and "SA3411" in said and "Shall I book it?" in said, said
    assert "spelled" not in said and "Omar Costa" not in said
    [b] = _calls(ep, "book_flight")
    assert (b["first_name"], b["last_name"], b["flight_ids"]) == ("Omar", "Kosta", ["SA3411"])


def test_a_corrected_first_name_keeps_the_surname():
    ep = play(BOOK + ["it's Omer, not Omar", "yes"], JFK)
    [b] = _calls(ep, "book_flight")
    assert (b["first_name"], b["last_name"]) == ("Omer", "Costa")


def test_a_plain_no_at_the_summary_still_declines_and_the_name_stays():
    ep = play(BOOK + ["no thanks"], JFK)
    assert "I will not go ahead" in _said(ep)[-1]
    assert not _calls(ep, "book_flight")


# --- 3. a booking asked for at a hold's summary, and the reverse -------------------------------------------------

@pytest.mark.parametrize("switch", ["actually, forget the hold, just book it outright", "no, book it instead",
                                    "skip the hold and book it please", "can you book it instead?"])
def test_book_instead_at_a_hold_summary_gives_a_booking_summary(switch):
    ep = play(HOLD_IT + [switch, "yes"], HOLD)
    said = _after(ep, switch)
    assert "Shall I book it?" in said and "SA8701" in said and not said.startswith("Sorry"), said
    assert [c["flight_ids"] for c in _calls(ep, "book_flight")] == [["SA8701"]]
    assert not _calls(ep, "hold_itinerary")


def test_a_yes_at_a_hold_summary_still_places_the_hold():
    ep = play(HOLD_IT + ["yes"], HOLD)
    assert _calls(ep, "hold_itinerary") and not _calls(ep, "book_flight")


@pytest.mark.parametrize("switch", ["can you hold it instead?", "could you just put it on hold instead?"])
def test_hold_instead_at_a_booking_summary_switches_without_an_apology(switch):
    ep = play(BOOK + [switch, "yes"], DXB)
    said = _after(ep, switch)
    assert "Shall I place the hold?" in said and "can't help" not in said, said
    assert _calls(ep, "hold_itinerary") and not _calls(ep, "book_flight")


# --- 4. a hold found by lookup, booked -----------------------------------------------------------------------------

@pytest.mark.parametrize("ask", ["convert the hold into a booking please", "book the held seats",
                                 "please book it for real now", "I want to book this", "let's book it",
                                 "can you confirm the booking?", "turn it into a real booking"])
def test_a_looked_up_hold_can_be_booked_and_the_hold_is_cancelled(ask):
    ep = play(["What's the status of {booking_id}? Surname {last_name}", ask, "yes"], HELD)
    said = _after(ep, ask)
    assert "Shall I book it?" in said and "SA3439" in said and "Where would you like" not in said, said
    [b] = _calls(ep, "book_flight")
    assert (b["flight_ids"], b["passengers"], b["last_name"]) == (["SA3439"], 2, "Tanaka")
    assert [c["booking_id"] for c in _calls(ep, "cancel_booking")] == [HELD["booking_id"]]


def test_a_no_to_the_booking_of_a_looked_up_hold_leaves_it_held():
    ep = play(["What's the status of {booking_id}? Surname {last_name}", "book the held seats", "no"], HELD)
    assert not _calls(ep, "book_flight") and not _calls(ep, "cancel_booking")


# --- 5. what was done in the chat, asked about --------------------------------------------------------------------

@pytest.mark.parametrize("ask", ["did that go through?", "what did you book?", "what did you just book?",
                                 "what did you just do?", "has it gone through?"])
def test_after_a_booking_the_question_is_answered_from_the_booking_without_a_search(ask):
    ep = play(BOOK + ["yes", ask], DXB)
    [booking] = [json.loads(m["content"])["booking_id"] for m in ep.messages
                 if m["role"] == "tool" and '"status": "confirmed"' in str(m["content"])]
    said = _after(ep, ask)
    assert all(x in said for x in (booking, "SA0904", "$456", "1 passenger", "Diego Yilmaz")), said
    assert "Which flight" not in said
    assert len(_calls(ep, "search_flights")) == 1 and len(_calls(ep, "book_flight")) == 1


def test_asked_twice_it_is_answered_twice_without_an_apology():
    ep = play(BOOK + ["yes", "what did you book?", "what did you just do?"], DXB)
    assert "can't help" not in _after(ep, "what did you just do?")


@pytest.mark.parametrize("ask", ["what did you book?", "what have you booked for me?"])
def test_with_nothing_done_the_question_says_nothing_was_booked(ask):
    ep = play([ask], DXB)
    assert "Nothing has been booked" in _said(ep)[-1] and not _calls(ep, "search_flights")


@pytest.mark.parametrize("ask", ["what did you do with my old booking?", "did it go through?", "what did you just do?"])
def test_after_a_cancellation_the_question_names_the_cancelled_booking(ask):
    sc = D.scenario("cancel_booking", 1000001)
    ep = play(["cancel {booking_id}, surname {last_name}", "yes", ask], sc)
    assert f"cancelled booking {sc['booking_id']}" in _after(ep, ask)
