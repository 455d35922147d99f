"""SkyAssist reference agent, findings 1, 2, 3, 6, 10, 11 and 12 of the tester ``sky-customers-19``
(/work/h37/sky-customers-19/report.md) taken up in the thirty-seventh session (helper skyH), with the tester's words,
other phrasings, and the near misses that must keep their old reading:

F1. people who do not fly, said beside "just me" / "travelling alone" / "one seat" (kids staying with their dad, a sister
    picking the customer up, colleagues met there, an e-ticket sent to a PA): 1 passenger, never those people counted;
F2. a put-off at the summary ("double-check the date with my boss first", "clear it with my manager"): no passenger
    added;
F3. a count correction, then "scratch that bit about meals" / "scratch that earlier question": the take-back names
    something else, so the count stands;
F6. two bookings to cancel in one request: the second is looked up and its cancel asked for after the first, and a
    question about it is never answered about the first;
F10. "BK..., Nguyen. Drop one passenger please": the booking is looked up and the honest answer given (no new booking
    flow);
F11. "Has anything been cancelled yet?", "what's been done so far?", "recap what you've changed": what was done;
F12. a party given by its full names ("Passengers: Carlos Chen, Mei Chen", "Passenger 1: ... / Passenger 2: ...",
    "2 passengers: A and B"): as many as named, the first the lead.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse, party_sizes
from tests.envs.skyassist.test_language import DB
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import play

DUB = D.scenario("one_way", 2)  # DUB-ORD 2026-12-10: SA6930 Economy $251 the cheapest
LHR = D.scenario("group_booking", 1)  # LHR-FCO 2026-07-23: 2) SA7310 Premium Economy $210
CANCEL5 = D.scenario("cancel_booking", 5)  # BKNLLGX0 Khan (held, 1 pax); BKKWIB5U Yilmaz (confirmed, 3 pax, refundable)
CHANGE5 = D.scenario("change_booking", 5)  # BKFKS7B2 Nguyen, 2 passengers on SA2534


def booked(ep) -> list[tuple[list[str], int, str]]:
    return [(c["flight_ids"], c["passengers"], c["last_name"]) for c in _calls(ep, "book_flight")]


TRIP = "Dublin to Chicago on Dec 10 2026"


# --- F1. people who do not fly are no passengers ---------------------------------------------------------------------

@pytest.mark.parametrize("said", [
    "for Aisha Papadopoulos, travelling alone - my two kids are staying with their dad.",  # the tester's
    "for Aisha Papadopoulos, just me. My sister and her two kids are picking me up at O'Hare.",  # the tester's
    "for Aisha Papadopoulos, just me. Please send the e-ticket to me and my PA.",  # the tester's
    "for Aisha Papadopoulos, one seat. My two colleagues will pick me up at the airport.",  # the tester's
    "for Aisha Papadopoulos, just me. My wife stays home with our three children.",  # the tester's
    "for Aisha Papadopoulos, just me. I'm meeting 4 colleagues there for a conference.",  # the tester's
    "for Aisha Papadopoulos, flying solo; my 3 kids stay with grandma.",
    "for Aisha Papadopoulos, 1 passenger. Can you email the itinerary to me and my husband?",
])
def test_people_who_do_not_fly_are_not_counted(said):
    first = f"{TRIP} {said}"
    ep = play([first, "the cheapest one"], DUB)
    assert "for 1 passenger," in _after(ep, "the cheapest one"), _after(ep, "the cheapest one")
    ep = play([first, "the cheapest one", "yes please"], DUB)
    assert booked(ep) == [(["SA6930"], 1, "Papadopoulos")]


@pytest.mark.parametrize("text, n", [
    ("me and my wife. My parents will pick us up.", {2}),  # those flying stay counted
    ("just me and my 2 kids. We're meeting my husband there.", {3}),
    ("me and my 2 kids are meeting my husband there", {3}),
    ("2 adults. My brother is picking us up.", {2}),
    ("My parents will meet me at arrivals", set()),  # (asked, as before)
])
def test_those_flying_beside_people_met_keep_their_count(text, n):  # near misses
    assert set(party_sizes(text)) == n


# --- F2. a put-off with someone is no passenger ----------------------------------------------------------------------

@pytest.mark.parametrize("putoff", ["let me just double-check the date with my boss first.",  # the tester's
                                    "I need to clear it with my manager before I pay.",  # the tester's
                                    "hang on, I'll check the dates with my wife and come back",
                                    "let me confirm the details with my partner first",
                                    "hmm, let me talk it over with my husband first"])  # (worked before)
def test_a_put_off_with_someone_adds_nobody(putoff):
    msgs = [f"{TRIP}, Aisha Papadopoulos, just me.", "the cheapest one", putoff]
    ep = play(msgs, DUB)
    assert "2 passengers" not in _after(ep, putoff) and not booked(ep)
    assert not set(party_sizes(putoff))


def test_a_trip_with_someone_still_counts_them():  # near miss
    assert set(party_sizes(f"{TRIP} with my boss")) == {2}


# --- F3. a take-back that names something else keeps the count -------------------------------------------------------

@pytest.mark.parametrize("line", ["Only 2 of us now, scratch that bit about meals.",  # the tester's
                                  "2 of us now. scratch that earlier question.",  # the tester's
                                  "just 2 of us now - scratch that part about the hotel",
                                  "We're down to 2 travellers. Scratch the question about meals."])  # (worked before)
def test_the_count_stands_when_the_take_back_names_something_else(line):
    msgs = [f"{TRIP}, Aisha Papadopoulos, 3 of us.", line, "the cheapest one"]
    ep = play(msgs, DUB)
    assert "for 2 passengers," in _after(ep, "the cheapest one")
    ep = play(msgs + ["yes"], DUB)
    assert booked(ep) == [(["SA6930"], 2, "Papadopoulos")]


def test_a_count_said_first_survives_a_named_take_back():  # the tester's third
    ep = play([f"{TRIP}, Aisha Papadopoulos, party of 2 - scratch that question about the hotel, I found one.",
               "the cheapest one"], DUB)
    assert "for 2 passengers," in _after(ep, "the cheapest one")


@pytest.mark.parametrize("line, count", [("Only 2 of us now, scratch that, 3 of us", 3),  # near misses: the take-back
                                         ("2 people? scratch that question, it's 3 of us", 3),  # is of what precedes
                                         ("4 of us, for the meals too. scratch that part about meals", 4)])
def test_a_take_back_of_what_precedes_still_takes_it_back(line, count):
    assert parse(line, DB).passengers == count


# --- F6. two bookings to cancel ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("first", [
    "Please cancel two bookings: BKNLLGX0 (last name Khan) and BKKWIB5U (last name Yilmaz).",  # the tester's
    "cancel BKNLLGX0 for Khan. also BKKWIB5U, Yilmaz, cancel that too",  # the tester's
    "I need to cancel BKNLLGX0 (Khan) and BKKWIB5U (Yilmaz) please",
])
def test_the_second_booking_to_cancel_is_asked_after_the_first(first):
    ep = play([first, "yes"], CANCEL5)
    assert [c["booking_id"] for c in _calls(ep, "cancel_booking")] == ["BKNLLGX0"]
    reply = _after(ep, "yes")
    assert "BKKWIB5U" in reply and "Shall I cancel booking BKKWIB5U?" in reply, reply
    ep = play([first, "yes", "yes"], CANCEL5)
    assert [c["booking_id"] for c in _calls(ep, "cancel_booking")] == ["BKNLLGX0", "BKKWIB5U"]


def test_a_question_about_the_second_is_not_answered_about_the_first():
    first = "Please cancel two bookings: BKNLLGX0 (last name Khan) and BKKWIB5U (last name Yilmaz)."
    q = "Hmm wait, was Noah's booking refundable? Don't cancel it if he loses money."
    ep = play([first, "yes", q], CANCEL5)
    reply = _after(ep, q)
    assert "BKNLLGX0 shows no refund" not in reply and [c["booking_id"] for c in _calls(ep, "cancel_booking")] == ["BKNLLGX0"]


def test_just_the_first_of_two_is_cancelled_alone():  # near miss (worked before)
    ep = play(["cancel BKNLLGX0 (Khan), but leave BKKWIB5U alone", "yes"], CANCEL5)
    assert [c["booking_id"] for c in _calls(ep, "cancel_booking")] == ["BKNLLGX0"]
    assert "Shall I cancel booking BKKWIB5U" not in _after(ep, "yes")


# --- F10. fewer passengers on a booking given by reference -----------------------------------------------------------

@pytest.mark.parametrize("line", ["BKFKS7B2, Nguyen. Drop one passenger please, my friend bailed - I still need my own seat.",
                                  "BKFKS7B2, Nguyen. Remove one passenger please",
                                  "BKFKS7B2 Nguyen - one less passenger please",
                                  "My daughter can't travel anymore. Can you take her off booking BKFKS7B2 (Nguyen)? "
                                  "I'm still going."])  # (worked before)
def test_fewer_passengers_on_a_booking_is_looked_up_and_answered(line):
    ep = play([line, "yes"], CHANGE5)
    reply = _after(ep, line)
    assert _calls(ep, "lookup_booking") and "in total?" not in reply
    assert "can't remove passengers" in reply, reply
    assert "Where would you like to fly" not in _after(ep, "yes") and not booked(ep)


# --- F11. what was done so far -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("q", ["Has anything been cancelled yet?", "so what's been done so far?",  # the tester's
                               "Can you recap what you've changed?",  # the tester's
                               "what have you cancelled so far?", "Just to be clear, what did you actually cancel?"])
def test_what_was_done_is_answered(q):
    ep = play(["cancel BKNLLGX0 for Khan please", "yes", q], CANCEL5)
    assert "I cancelled booking BKNLLGX0" in _after(ep, q)


def test_nothing_done_yet_is_said():  # near miss
    ep = play(["Has anything been booked yet?"], DUB)
    assert "Nothing has been booked or held" in _after(ep, "Has anything been booked yet?")


# --- F12. a party said by its names -------------------------------------------------------------------------------------

TO_ROME = "London to Rome on 23 July 2026"


@pytest.mark.parametrize("said", [f"{TO_ROME}. Passengers: Carlos Chen, Mei Chen.",  # the tester's
                                  f"{TO_ROME} for Carlos Chen and Mei Wong",  # the tester's
                                  f"{TO_ROME} for two: Carlos Chen and Mei Chen",  # the tester's
                                  f"{TO_ROME}.\nPassenger 1: Carlos Chen\nPassenger 2: Mei Chen",  # the tester's
                                  f"{TO_ROME}. 2 passengers: Carlos Chen and Mei Chen",  # the tester's
                                  f"{TO_ROME} for me, Carlos Chen, and my wife Mei"])  # (worked before)
def test_a_party_said_by_its_names_is_counted_and_led_by_the_first(said):
    ep = play([said, "option 2 please"], LHR)
    summary = _after(ep, "option 2 please")
    assert "for 2 passengers, under the name Carlos Chen" in summary, summary
    ep = play([said, "option 2 please", "yes"], LHR)
    assert booked(ep) == [(["SA7310"], 2, "Chen")]


def test_travellers_are_a_b_and_c_d_is_counted():  # the tester's (read only: see the report on the verifier's S1)
    p = parse(f"{TO_ROME}. Travellers are Carlos Chen and Mei Chen", DB)
    assert (p.passengers, p.first_name, p.last_name) == (2, "Carlos", "Chen")


@pytest.mark.parametrize("text, passengers", [
    ("London to Rome for New York and Los Angeles", None),  # places, no names
    ("Passengers: Carlos Chen, Mei Chen, plus me", None),  # someone else besides: asked
    (f"{TO_ROME} for three: Carlos Chen and Mei Chen", 3),  # the count said wins
    ("flight at 10:30 for 2: fine", 2),
])
def test_a_names_list_with_more_said_is_read_as_before(text, passengers):  # near misses
    assert parse(text, DB).passengers == passengers
