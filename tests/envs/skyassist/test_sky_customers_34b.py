"""SkyAssist reference agent, findings of the tester ``sky-customers-15`` (/work/h34/sky-customers-15/report.md)
taken up in the thirty-fourth session (2, 3, 5, 8, 10, 11), with the tester's words, other phrasings, and the near
misses that must keep their old reading:

2. two bookings seen in one chat (a held one looked up, a new one just booked): "cancel the held one", "the 3 person
   one", "the other / earlier / old booking" is the booking the words describe, never the one just made; "cancel my
   booking" asks which; a description that fits none proposes nothing;
3. "don't cancel, can I move it to later?" at "Shall I cancel ...?" withdraws the cancellation whatever follows, and
   the change is taken up: a later "yes please" cancels nothing;
5. two booking references in one message, each with its own last name: each looked up under its own name (never the
   colleague's name on the speaker's booking), and neither left out;
8. "great can u email me the receipt" after a change: answered (no e-mails from here, the reference), never goodbye;
10. a hold that holds the last seat, then "book it instead": the hold is released first and then booked, said so in
    the summary, so the customer is never stuck;
11. an airport the network does not serve in a city it does serve (LaGuardia, Newark, Gatwick, Orly): said so, and
    never replaced silently by the city's served airport.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent; nothing here is
written without a yes.
"""
from __future__ import annotations

import pytest

from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import mutated
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play

STATUS23 = D.scenario("booking_status", 23)  # BKXTS91M held, 3 pax, Ivanova; DXB-SFO flies 2026-08-16
CANCEL8 = D.scenario("cancel_booking", 8)  # BK5P8HDI Bianchi, refundable
THIRD52 = D.scenario("third_party_booking", 52)  # BKOZX5PU Kowalski, BKFCPD1F Murphy
CHANGE41 = D.scenario("change_booking", 41)  # BKTP3IWM Novak LAX-FCO
GROUP31 = D.scenario("group_booking", 31)
HOLD52 = D.scenario("hold_request", 52)  # DUB-ORD 2026-03-05, SA4152 Economy has 1 seat
ONE14 = D.scenario("one_way", 14)


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


# --- 2. which of two bookings a description means -------------------------------------------------------------------

TWO_BOOKINGS = ["hello, Omar Ivanova here, can u tell me where my booking BKXTS91M stands",
                "is it paid already or not?",
                "ok leave it. separate thing, I also need a flight dubai to san francisco on aug 20 for just me",
                "fine the 16th then", "first one", "yes"]


@pytest.mark.parametrize("line", [
    "and now cancel the held one pls, I won't need it",  # the tester's
    "now please cancel the other booking, the one on hold for 3 people",  # the tester's
    "cancel my old booking now, the 3 person one",  # the tester's
    "ok and the earlier reservation can go, cancel it",  # the tester's
    "please cancel the hold, I don't need it any more",
    "cancel the booking for 3 passengers",
])
def test_the_booking_described_is_the_one_proposed(line):
    ep = play(TWO_BOOKINGS + [line], STATUS23)
    said = _after(ep, line)
    assert "Shall I cancel booking BKXTS91M?" in said, said
    assert "BK7558DD" not in said.split("Shall I")[0] or "BKXTS91M" in said
    ep = play(TWO_BOOKINGS + [line, "yes"], STATUS23)
    assert _calls(ep, "cancel_booking") == [{"booking_id": "BKXTS91M"}]


@pytest.mark.parametrize("line", ["cancel my booking", "please cancel my reservation"])
def test_a_bare_booking_with_two_in_the_chat_asks_which(line):
    ep = play(TWO_BOOKINGS + [line], STATUS23)
    said = _after(ep, line)
    assert "BKXTS91M" in said and "BK7558DD" in said and "Which" in said, said
    assert not _calls(ep, "cancel_booking")
    ep = play(TWO_BOOKINGS + [line, "the held one", "yes"], STATUS23)
    assert _calls(ep, "cancel_booking") == [{"booking_id": "BKXTS91M"}]
    ep = play(TWO_BOOKINGS + [line, "the new one", "yes"], STATUS23)
    assert _calls(ep, "cancel_booking") == [{"booking_id": "BK7558DD"}]


def test_a_description_that_fits_no_booking_proposes_nothing():
    line = "cancel the one for 5 people"
    ep = play(TWO_BOOKINGS + [line, "yes"], STATUS23)
    assert "Shall I cancel" not in _after(ep, line)
    assert not _calls(ep, "cancel_booking")


@pytest.mark.parametrize("line,booking", [
    ("cancel the new booking I just made", "BK7558DD"),  # near miss: the new one described
    ("cancel it", "BK7558DD"),  # near miss: "it" is the booking just made
    ("now cancel BKXTS91M please", "BKXTS91M"),  # by reference: the name given before is used
])
def test_near_misses_keep_their_booking(line, booking):
    ep = play(TWO_BOOKINGS + [line], STATUS23)
    said = _after(ep, line)
    assert f"Shall I cancel booking {booking}?" in said, said
    assert "last name" not in said


# --- 3. "don't cancel" withdraws the cancellation ------------------------------------------------------------------

CANCEL_FIRST = "I need to cancel BK5P8HDI (Bianchi). My mother is ill and we can't travel."


@pytest.mark.parametrize("line", [
    "ok then don't cancel, can I move it to later instead?",  # the tester's
    "don't cancel, can I move it to later?",  # the tester's
    "then don't cancel, can I move it to later instead?",  # the tester's
    "ok dont cancel. can i move it to a later date instead?",  # worked (no cancel), but the change was dropped
    "actually keep it. is it possible to switch to a later flight?",  # the tester's
    "wait, do not cancel it, could I change the date instead?",
])
@pytest.mark.parametrize("after", ["yes please", "sure"])
def test_dont_cancel_withdraws_the_cancellation(line, after):
    ep = play([CANCEL_FIRST, line, after], CANCEL8)
    said = _after(ep, line)
    assert "Shall I cancel" not in said and "have not cancelled" in said, said
    assert "What date would you like to move" in said, said
    assert "Shall I cancel" not in _after(ep, after)
    assert not mutated(ep)


def test_dont_cancel_then_a_new_date_is_searched():
    ep = play([CANCEL_FIRST, "ok then don't cancel, can I move it to later instead?", "yes please", "june 20"], CANCEL8)
    assert not mutated(ep)
    assert _calls(ep, "search_flights")


def test_near_miss_a_plain_yes_still_cancels():
    ep = play([CANCEL_FIRST, "yes please"], CANCEL8)
    assert _calls(ep, "cancel_booking") == [{"booking_id": "BK5P8HDI"}]


def test_near_miss_dont_cancel_with_a_question_is_answered():
    line = "don't cancel yet, when does it leave?"
    ep = play([CANCEL_FIRST, line], CANCEL8)
    said = _after(ep, line)
    assert "have not cancelled" in said and "04:35" in said, said
    assert not mutated(ep)


# --- 5. two booking references in one message ----------------------------------------------------------------------

@pytest.mark.parametrize("line", [
    "I'm Priya Kowalski, booking BKOZX5PU. Could you also check BKFCPD1F for my colleague, last name Murphy?",
    "hi, Priya Kowalski. can you pull up my booking BKOZX5PU and also my colleague's BKFCPD1F, her surname is Murphy",
    "can u check two bookings: mine BKOZX5PU (Kowalski) and my coworker's BKFCPD1F (Murphy)",
    "Kowalski here, ref BKOZX5PU, and my colleague Murphy has BKFCPD1F, can you check both",
])
def test_two_references_each_under_its_own_name(line):
    ep = play([line], THIRD52)
    looked = _calls(ep, "lookup_booking")
    assert {"booking_id": "BKOZX5PU", "last_name": "Kowalski"} in looked, looked
    assert {"booking_id": "BKFCPD1F", "last_name": "Murphy"} in looked, looked
    assert {"booking_id": "BKOZX5PU", "last_name": "Murphy"} not in looked
    said = _after(ep, line)
    assert "Booking BKOZX5PU under Kowalski" in said and "Booking BKFCPD1F under Murphy" in said, said


def test_two_references_one_name_asks_the_other():
    line = "I'm Priya Kowalski, my booking is BKOZX5PU, and can you also check BKFCPD1F for my colleague?"
    ep = play([line], THIRD52)
    said = _after(ep, line)
    assert _calls(ep, "lookup_booking") == [{"booking_id": "BKOZX5PU", "last_name": "Kowalski"}]
    assert "second booking" in said and "last name" in said, said  # (its reference is not said beside the first's)
    ep = play([line, "Murphy"], THIRD52)
    assert {"booking_id": "BKFCPD1F", "last_name": "Murphy"} in _calls(ep, "lookup_booking")


def test_two_references_one_name_tried_on_both():
    line = "I'm Priya Kowalski, my booking is BKOZX5PU, and can you also check BKFCPD1F?"
    ep = play([line], THIRD52)
    assert _calls(ep, "lookup_booking") == [{"booking_id": "BKOZX5PU", "last_name": "Kowalski"},
                                            {"booking_id": "BKFCPD1F", "last_name": "Kowalski"}]
    assert "could not find" in _after(ep, line)


def test_near_miss_one_reference():
    ep = play(["I'm Priya Kowalski, booking BKOZX5PU, is it confirmed?"], THIRD52)
    assert _calls(ep, "lookup_booking") == [{"booking_id": "BKOZX5PU", "last_name": "Kowalski"}]


# --- 8. a receipt asked for after the work is done -----------------------------------------------------------------

CHANGED = ["hey need 2 move my trip BKTP3IWM novak, can u do nov 24 instead thx 🙏", "the 5.15pm one pls", "ya go ahead"]


@pytest.mark.parametrize("line", [
    "great can u email me the receipt",  # the tester's
    "can you send me the receipt please",  # the tester's
    "pls send the receipt to my email",  # the tester's (group_booking)
    "perfect, email me the confirmation",
    "awesome thanks, can i get an invoice by email",
])
def test_a_receipt_request_is_answered(line):
    ep = play(CHANGED + [line], CHANGE41)
    said = _after(ep, line)
    assert "can't send emails" in said and "BKTP3IWM" in said, said
    assert "goodbye" not in said.lower() and "did not quite catch" not in said
    assert len(_calls(ep, "modify_booking")) == 1


def test_near_miss_thanks_bye_still_closes():
    ep = play(CHANGED + ["great thanks, bye"], CHANGE41)
    assert "goodbye" in _after(ep, "great thanks, bye").lower()


# --- 10. a hold that holds the last seat, booked instead -----------------------------------------------------------

HELD_LAST = ["Can u put a seat aside for me Dublin→Chicago on 5/3? Not paying yet, just hold. Kwame Yilmaz",
             "march, european format", "the 8:10", "just me, I said a seat", "ok go on then"]


@pytest.mark.parametrize("line", [
    "actually I'll just pay now, book it instead",  # the tester's
    "ok book it now please",
    "I'd like to pay for it now, please book it",
])
def test_the_last_seat_on_hold_is_released_then_booked(line):
    ep = play(HELD_LAST + [line], HOLD52)
    said = _after(ep, line)
    assert "Shall I book it?" in said and "first cancel the hold" in said, said
    assert not _calls(ep, "book_flight")
    ep = play(HELD_LAST + [line, "yes"], HOLD52)
    assert len(_calls(ep, "book_flight")) == 1
    cancels = _calls(ep, "cancel_booking")
    assert len(cancels) == 1
    names = [c["function"]["name"] for m in ep.messages for c in m.get("tool_calls") or []]
    assert names.index("cancel_booking") < names.index("book_flight")  # the seat freed first
    said = _after(ep, "yes")
    assert "confirmed" in said and "not enough seats" not in said, said


def test_near_miss_a_hold_with_seats_to_spare_books_first():
    sc = D.scenario("hold_request", 5)  # AMS-MAD 2026-03-21, 2 passengers
    msgs = ["Hi, Amsterdam to Madrid on 21 March for me and my sister, so 2 of us, please hold it, don't pay yet",
            "the first one", "Ana Costa", "yes", "actually book it instead"]
    ep = play(msgs, sc)
    said = _after(ep, msgs[-1])
    assert "book them and then cancel the hold" in said, said


# --- 11. an airport the network does not serve ---------------------------------------------------------------------

@pytest.mark.parametrize("line,airport", [
    ("flying out of LaGuardia to Seattle on 7/23, Omar Cohen, just me", "LaGuardia"),  # the tester's
    ("Newark to Seattle July 23rd, Omar Cohen, 1 passenger", "Newark"),  # the tester's
    ("EWR-SEA 23 jul 1pax omar cohen", "EWR"),  # the tester's
    ("from New York LaGuardia to Seattle on July 23, just me", "LaGuardia"),
    ("London Gatwick to Paris Orly on July 23, 2 people", "Gatwick"),  # the tester's
    ("Seattle to Paris Orly on July 23 for 1", "Orly"),
])
def test_an_airport_not_served_is_said(line, airport):
    ep = play([line], ONE14)
    said = _after(ep, line)
    assert airport in said and "don't fly" in said, said
    for s in _calls(ep, "search_flights"):  # never the city's other airport searched in silence
        assert not ({s["origin"], s["destination"]} & {"JFK", "LHR", "CDG"}), s


def test_an_airport_not_served_then_yes_takes_the_served_one():
    ep = play(["flying out of LaGuardia to Seattle on 7/23, Omar Cohen, just me", "ok JFK then"], ONE14)
    assert [(s["origin"], s["destination"]) for s in _calls(ep, "search_flights")] == [("JFK", "SEA")]
    ep = play(["flying out of LaGuardia to Seattle on 7/23, Omar Cohen, just me", "yes"], ONE14)
    assert [(s["origin"], s["destination"]) for s in _calls(ep, "search_flights")] == [("JFK", "SEA")]


@pytest.mark.parametrize("line", [
    "New York to Seattle on 7/23, Omar Cohen, just me",
    "London Heathrow to Paris on July 23, just me",
    "JFK to Seattle July 23, just me",
])
def test_near_miss_served_airports_are_searched(line):
    ep = play([line], ONE14)
    assert _calls(ep, "search_flights"), _after(ep, line)
    assert "don't fly" not in _after(ep, line)


@pytest.mark.parametrize("line", ["can I move the held one to a new date?", "change the 3 person booking to another date please"])
def test_a_change_is_bound_to_the_booking_described(line):
    ep = play(TWO_BOOKINGS + [line], STATUS23)
    said = _after(ep, line)
    assert "BKXTS91M" in said and "BK7558DD" not in said and "What date" in said, said
    assert not mutated(ep)[1:]  # only the booking made before
