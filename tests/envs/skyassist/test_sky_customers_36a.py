"""SkyAssist reference agent, findings 1-4 of the tester ``sky-customers-17`` (/work/h36/sky-customers-17/report.md)
taken up in the thirty-sixth session (helper A), with the tester's words, other phrasings, and the near misses that
must keep their old reading:

F1. a group split in two with the other share's lead said ("split it 9 + 3 please, the 3 under Emre Yilmaz", "Do 9
    on mine. The other three go under Emre Yilmaz."): this booking goes under the speaker, the second under the lead
    named for it; never the first share under the second lead's name;
F2. an idea taken back in the same message ("premium for me and my son? scratch that. july 23 please", "... never
    mind. what about july 23", "... forget that, ..."): what was taken back changes neither the count nor the cabin;
F3. "add one person" to a booking given by reference ("BK..., one extra seat for my sister"): the booking is looked up
    and a separate booking offered for the one added only (never a total asked and a new booking for everyone);
F4. a seat asked for with no payment yet ("don't charge anything until ...", "lock in the price ... before paying",
    "dont take payment yet", "reserve it but don't bill me"): a hold is summarised and placed, never a paid booking.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import _without_taken_back, parse
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play

LARGE41 = D.scenario("large_group", 41)  # IST-FRA 2026-07-03: SA3099 01:50 economy $770 (15 seats)
SOLD41 = D.scenario("sold_out_flight", 41)  # JFK-SEA; 2026-07-23: SA9210 economy $544, SA4749 premium $885
STATUS41 = D.scenario("booking_status", 41)  # BKYFRQ8I Khan, 2 passengers on SA0539 DXB-MEX 2026-09-01
HOLD23 = D.scenario("hold_request", 23)  # JFK-DXB 2026-12-10: SA9647 economy $400 the cheapest


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


def booked(ep) -> list[tuple[list[str], int, str, str]]:
    return [(c["flight_ids"], c["passengers"], c["fare_class"], c.get("last_name", "")) for c in _calls(ep, "book_flight")]


# --- F1. the second share's lead is never the first booking's name ---------------------------------------------------

CHOIR = "Hallo, I am Hannah Andersen. We are twelve persons from our choir, Istanbul to Frankfurt 3 July."


@pytest.mark.parametrize("line", ["split it 9 + 3 please, the 3 under Emre Yilmaz",
                                  "Do 9 on mine. The other three go under Emre Yilmaz.",
                                  "two bookings then: 9 under my name, 3 under Emre Yilmaz",
                                  "9 under Hannah Andersen and 3 under Emre Yilmaz",
                                  "ok two bookings, 9 and 3. the other 3 with my colleague Emre Yilmaz"])
def test_the_other_shares_lead_goes_on_the_second_booking(line):
    ep = play([CHOIR, line, "SA3099"], LARGE41)
    summary = _after(ep, "SA3099")
    assert "for 9 passengers, under the name Hannah Andersen" in summary and "Emre" not in summary.split("summary")[-1]
    ep = play([CHOIR, line, "SA3099", "yes"], LARGE41)
    assert booked(ep) == [(["SA3099"], 9, "economy", "Andersen")]
    assert "Emre Yilmaz" in _after(ep, "yes")  # the second booking is offered under its lead
    ep = play([CHOIR, line, "SA3099", "yes", "yes please", "yes"], LARGE41)
    assert booked(ep) == [(["SA3099"], 9, "economy", "Andersen"), (["SA3099"], 3, "economy", "Yilmaz")]


def test_the_speakers_share_said_second_goes_under_the_speaker():
    ep = play([CHOIR, "3 under Emre Yilmaz and 9 under my name", "SA3099", "yes", "yes please", "yes"], LARGE41)
    assert booked(ep) == [(["SA3099"], 3, "economy", "Yilmaz"), (["SA3099"], 9, "economy", "Andersen")]


def test_a_split_without_a_second_lead_keeps_the_speaker_on_the_first():  # near miss
    ep = play([CHOIR, "split it 9 + 3 please", "SA3099", "yes"], LARGE41)
    assert booked(ep) == [(["SA3099"], 9, "economy", "Andersen")]


# --- F2. an idea taken back in the same message changes nothing ------------------------------------------------------

SOLD = ["Malik Hernandez. need 3 seats on SA6228 may 24, me my wife and our son (he's 7)", "hmm what else is there that day"]


@pytest.mark.parametrize("line", ["premium for me and my son? scratch that. july 23 please",
                                  "could my son and I take the premium seat? oh no, it's just one seat left. never "
                                  "mind. what about july 23",
                                  "can we do 2 in business? forget that, try july 23",
                                  "put me and my son in premium? ignore that. july 23",
                                  "july 23 please"])  # (the last: nothing taken back, as before)
def test_a_taken_back_aside_keeps_the_party_and_cabin(line):
    ep = play(SOLD + [line, "the cheapest"], SOLD41)
    assert "2 passengers" not in _after(ep, line)
    summary = _after(ep, "the cheapest")
    assert "SA9210" in summary and "for 3 passengers" in summary and "Economy" in summary, summary
    ep = play(SOLD + [line, "the cheapest", "yes"], SOLD41)
    assert booked(ep) == [(["SA9210"], 3, "economy", "Hernandez")]


@pytest.mark.parametrize("text, kept", [
    ("premium for 2? scratch that, the 3 of us in economy", "the 3 of us in economy"),
    ("never mind the return, just one way", None), ("ok never mind", None), ("hmm, scratch that", None),
    ("forget that I asked, it's 3 of us", None), ("too expensive. never mind", None),
    # a "never mind" followed only by thanks or a goodbye gives the request up (tests/adat/test_runner_judge.py's
    # "Yes, that's right, never mind. Thanks!" at a passenger question): nothing is taken back
    ("Yes, that's right, never mind. Thanks!", None), ("ok that's fine, never mind, thank you so much", None),
    ("3 seats. never mind, bye", None),
    ("3 seats. never mind, 2 seats thanks", "2 seats thanks")])
def test_only_what_is_taken_back_is_left_out(text, kept):  # near misses: nothing taken back
    assert _without_taken_back(text) == (kept or text)


# --- F3. one person added to a booking given by reference: a separate booking for that one ---------------------------

@pytest.mark.parametrize("line", ["Khan, BKYFRQ8I. can you book 1 more seat on that flight for my mum Keiko Khan",
                                  "BKYFRQ8I, Khan. we need to add one person",
                                  "booking BKYFRQ8I (Khan) - one extra seat for my sister please",
                                  "Khan, BKYFRQ8I. please add my mum Keiko Khan to it"])
@pytest.mark.parametrize("answer", ["yes", "3 in total now"])
def test_an_added_person_gets_a_separate_booking_for_one(line, answer):
    ep = play([line], STATUS41)
    reply = _after(ep, line)
    assert _calls(ep, "lookup_booking") and "in total?" not in reply
    assert "separate new booking" in reply and "stays as it is, for 2 passengers" in reply, reply
    msgs = [line, answer]
    ep = play(msgs, STATUS41)
    if "Shall I book it?" not in _after(ep, answer):
        msgs.append("Keiko Khan")  # the name is asked when it was not said
    ep = play(msgs, STATUS41)
    summary = _after(ep, msgs[-1])
    assert "for 1 passenger," in summary and "BKYFRQ8I" in summary and "Shall I book it?" in summary, summary
    ep = play(msgs + ["yes"], STATUS41)
    assert [(b[0], b[1]) for b in booked(ep)] == [(["SA0539"], 1)]


def test_a_status_question_is_answered_as_before():  # near miss
    ep = play(["Khan, BKYFRQ8I. is it still on?"], STATUS41)
    reply = _after(ep, "Khan, BKYFRQ8I. is it still on?")
    assert "It is confirmed" in reply and "separate" not in reply and not booked(ep)


# --- F4. no payment yet: a hold, never a paid booking ----------------------------------------------------------------

TRIP = "Aisha Bianchi here. new york to dubai dec 10, just me."


@pytest.mark.parametrize("ask", ["secure a seat for me but don't charge anything until I confirm with finance",
                                 "can you lock in the price for me? i need to check with my boss before paying",
                                 "grab me a seat but dont take payment yet",
                                 "I can't pay until friday, can you lock it in?",
                                 "reserve it but don't bill me",
                                 "hold off on payment please"])
def test_no_payment_yet_is_a_hold(ask):
    first = f"{TRIP} {ask}"
    ep = play([first, "the cheapest"], HOLD23)
    assert "Shall I place the hold?" in _after(ep, "the cheapest")
    ep = play([first, "the cheapest", "yes thanks"], HOLD23)
    assert not booked(ep) and [c["flight_ids"] for c in _calls(ep, "hold_itinerary")] == [["SA9647"]]


@pytest.mark.parametrize("line", ["yes, just don't charge me yet", "ok but dont take payment yet"])
def test_no_payment_at_a_booking_summary_offers_the_hold(line):
    ep = play([TRIP, "the cheapest", line], HOLD23)
    assert "Shall I place the hold?" in _after(ep, line) and not _calls(ep, "hold_itinerary") and not booked(ep)
    ep = play([TRIP, "the cheapest", line, "yes"], HOLD23)
    assert not booked(ep) and len(_calls(ep, "hold_itinerary")) == 1


@pytest.mark.parametrize("line", ["no, don't hold it", "no thanks"])
def test_a_no_at_the_summary_still_stops(line):  # near miss
    ep = play([TRIP, "the cheapest", line], HOLD23)
    assert "will not go ahead" in _after(ep, line) and not booked(ep) and not _calls(ep, "hold_itinerary")


@pytest.mark.parametrize("text", ["don't charge me twice", "book it, I can pay now", "please don't charge my card a change fee"])
def test_other_payment_words_ask_no_hold(text):  # near misses
    assert not parse(text, D.db).has("hold")


def test_a_plain_request_is_still_a_booking():  # near miss
    ep = play([TRIP, "the cheapest"], HOLD23)
    assert "Shall I book it?" in _after(ep, "the cheapest")
