"""Customers of the twenty-eighth session's second black-box customer tester (``sky-customers-2``, 109
conversations against the fault-free reference target on held-out seeds 1000500-1000688), findings G2-G12:
a traveller said as "she"/"he" beside another ("for my mother ..., she and my dad"), a hold followed by
"book it instead, but on option 2", "ok the economy" at a listing that also offers a return, a change
request said with the booking ("we must fly earlier, on 14 April"), "cheapest" for a round trip's return
and "whats the total", a connection said with "thru" / "layover in", pasted "Pax:" / "Traveller:" fields,
"how much did we pay" about a looked-up booking, a lower-case airport code before a city, and a change
that moves the booking to another cabin. Each is played in the tester's words and in others, beside its
right twin. Every conversation is also checked by the verifiers (``play`` asserts that none fires)."""
from __future__ import annotations

import re

import pytest

from tests.envs.skyassist.test_counts_and_numeric_dates import D
from tests.envs.skyassist.test_target_phrasings import calls, replies
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


def booked(ep) -> list[dict]:
    return calls(ep, "book_flight")


def count_in(text: str) -> int | None:
    m = re.search(r"for (\d+) passengers?", text)
    return int(m.group(1)) if m else None


ONE = D.scenario("one_way", 1000601)  # Vancouver -> Madrid 2026-08-12: 1) SA2878 Premium 1 seat, 2) SA5961 Economy
# 2 seats, 3) SA1331 Business


# --- G2. a traveller said as "she" / "he", listed with someone else -----------------------------------

@pytest.mark.parametrize("first, n", [
    ("i want to book a flight for my mother, vancouver to madrid on aug 12, she and my dad", 2),
    ("book a flight for my mum vancouver to madrid aug 12, her and my father", 2),
    ("can you get seats for my dad, vancouver to madrid on 12 august, him & my mother", 2),
    ("flight for my son vancouver to madrid aug 12, he and his wife", 2),
    ("need a flight for my sister, vancouver to madrid aug 12, she and her husband and my aunt", 3),
    ("i need a flight for my mother vancouver to madrid aug 12, with my dad", 2),
])
def test_a_traveller_said_as_she_or_he_with_another_counts_both(first, n):
    ep = play([first, "the business one", "her name is Priya Schmidt", "yes please"], ONE)
    said = replies(ep)
    assert [b["passengers"] for b in booked(ep)] == [n], said


@pytest.mark.parametrize("first", [
    "book a flight for my mother, vancouver to madrid on aug 12, she and my kids",
    "i need a flight for my mother vancouver to madrid aug 12, with her friends",
    "flight for my dad, vancouver to madrid aug 12, along with my brothers",
])
def test_a_traveller_listed_with_others_of_unsaid_number_is_asked_how_many_not_booked_alone(first):
    said = replies(play([first, "the business one"], ONE))
    assert "How many passengers" in said[-1] and count_in(said[-1]) is None, said


@pytest.mark.parametrize("first", ["i want to book a flight for my mother, vancouver to madrid on aug 12",
                                   "book a flight for my dad vancouver to madrid aug 12, he is travelling alone"])
def test_one_traveller_said_alone_is_still_one_passenger(first):
    ep = play([first, "the business one", "Priya Schmidt", "yes"], ONE)
    assert [b["passengers"] for b in booked(ep)] == [1], replies(ep)


# --- G3. a hold, then a booking of another listed flight -----------------------------------------------

HOLD = D.scenario("hold_request", 1000500)  # Johannesburg -> London 2026-11-20: 1) SA9098 Economy, 2) SA5380
# Premium Economy, 3) SA8146 Business
HELD = ["can you hold 1 seat johannesburg to london nov 20, dont pay yet", "1", "Hiroshi Singh", "yes"]


@pytest.mark.parametrize("line", ["actually can you just book it instead, but on option 2",
                                  "hmm rather than holding, book option 2 for me",
                                  "switch to flight 2 and just book that one"])
def test_a_booking_instead_of_the_hold_on_another_flight_cancels_the_hold_as_said(line):
    ep = play(HELD + [line, "yes"], HOLD)
    said = replies(ep)
    assert len(calls(ep, "hold_itinerary")) == 1 and [b["flight_ids"] for b in booked(ep)] == [["SA5380"]], said
    ref = re.search(r"reference (BK\w+)", said[3]).group(1)
    assert f"cancel the hold {ref}" in said[-2], said[-2]
    assert [c["booking_id"] for c in calls(ep, "cancel_booking")] == [ref], said


@pytest.mark.parametrize("line", ["can you also book option 2", "and book flight 2 for me as well"])
def test_a_booking_beside_the_hold_says_the_hold_stays_and_cancels_nothing(line):
    ep = play(HELD + [line, "yes"], HOLD)
    said = replies(ep)
    ref = re.search(r"reference (BK\w+)", said[3]).group(1)
    assert f"Your hold {ref} on SA9098 stays in place" in said[-2], said[-2]
    assert [b["flight_ids"] for b in booked(ep)] == [["SA5380"]] and calls(ep, "cancel_booking") == [], said


def test_a_no_to_the_replacing_booking_keeps_the_hold():
    ep = play(HELD + ["actually can you just book it instead, but on option 2", "no"], HOLD)
    assert booked(ep) == [] and calls(ep, "cancel_booking") == [], replies(ep)


# --- G5. a change said with the booking, and answers to "change or cancel it?" ------------------------

CHANGE = D.scenario("change_booking", 1000601)  # BKWXFPUR, Johansson: SA0371 Dubai -> San Francisco 2026-08-16,
# 3 passengers, Premium Economy


@pytest.mark.parametrize("first, day", [
    ("Hello. I have booking BKWXFPUR, name Johansson. We must fly earlier, on 14 April please.", "2026-04-14"),
    ("BKWXFPUR johansson - we need to travel a bit later, 20 august", "2026-08-20"),
    ("booking BKWXFPUR (Johansson), we'd like to leave earlier, on the 10th of august", "2026-08-10"),
])
def test_flying_earlier_or_later_on_a_date_with_the_booking_is_a_change_searched_at_once(first, day):
    ep = play([first], CHANGE)
    assert [c["date"] for c in calls(ep, "search_flights")] == [day], replies(ep)


def test_a_booking_and_a_date_without_a_change_word_only_looks_the_booking_up():
    ep = play(["BKWXFPUR johansson, is my 16 august flight still on?"], CHANGE)
    assert calls(ep, "search_flights") == [] and "Would you like to change or cancel it" in replies(ep)[-1], replies(ep)


@pytest.mark.parametrize("pick", ["option 1", "the first", "1"])
def test_option_one_after_change_or_cancel_asks_for_the_new_date(pick):
    said = replies(play(["Hello. I have booking BKWXFPUR, name Johansson.", pick], CHANGE))
    assert "What date would you like to move it to?" in said[-1], said


@pytest.mark.parametrize("yes", ["yes", "yeah", "ok"])
def test_a_bare_yes_after_change_or_cancel_asks_which_not_the_booking_again(yes):
    ep = play(["BKWXFPUR johansson", yes, "change it"], CHANGE)
    said = replies(ep)
    assert said[1] == "Would you like to change booking BKWXFPUR, or cancel it?", said
    assert "What date would you like to move it to?" in said[2] and calls(ep, "cancel_booking") == [], said


def test_option_two_after_change_or_cancel_shows_the_cancellation_and_waits_for_a_yes():
    ep = play(["BKWXFPUR johansson", "option 2"], CHANGE)
    assert "Shall I cancel booking BKWXFPUR?" in replies(ep)[-1] and calls(ep, "cancel_booking") == [], replies(ep)


# --- G9. what a looked-up booking cost ----------------------------------------------------------------

STATUS = D.scenario("booking_status", 1000650)  # BKDTHS7N, Hernandez: 3 passengers, Economy, $1932


@pytest.mark.parametrize("line", ["how much did we pay", "what did it cost?", "how much was it in total"])
def test_the_price_of_a_looked_up_booking_is_answered_after_another_question(line):
    said = replies(play(["is my flight still on? BKDTHS7N hernandez", "is it refundable?", line], STATUS))
    assert "Its total price is $1932 ($644 per seat for 3 passengers)." in said[-1], said


@pytest.mark.parametrize("line", ["how much did we pay?", "what did we pay for it?", "what did i spend on this"])
def test_the_price_asked_right_after_the_lookup_is_answered_too(line):
    said = replies(play(["is my flight still on? BKDTHS7N hernandez", line], STATUS))
    assert "Its total price is $1932" in said[-1], said


# --- G7. a connection said with "thru", "stop over", "layover in" --------------------------------------

MULTI = D.scenario("multi_leg", 1000550)  # Chicago -> London -> Johannesburg 2026-11-20


@pytest.mark.parametrize("first", [
    "chicago to johannesburg thru london nov 20, 2 ppl, shortest layover pls",
    "chicago to johannesburg connecting thru london on nov 20 for 2",
    "chicago - johannesburg, stop over london, 20 nov, 2 people",
    "2 of us chicago to johannesburg nov 20 with a layover in london",
    "chicago to johannesburg via london nov 20, 2 ppl",
])
def test_a_connection_said_in_other_words_searches_both_legs(first):
    ep = play([first], MULTI)
    legs = [(c["origin"], c["destination"]) for c in calls(ep, "search_flights")]
    assert legs[:2] == [("ORD", "LHR"), ("LHR", "JNB")], replies(ep)


def test_a_direct_route_without_a_connection_is_searched_direct():
    ep = play(["chicago to johannesburg nov 20, 2 ppl"], MULTI)
    assert [(c["origin"], c["destination"]) for c in calls(ep, "search_flights")] == [("ORD", "JNB")], replies(ep)


# --- G8. pasted "Pax:" / "Traveller:" fields ------------------------------------------------------------

PASTE = D.scenario("one_way", 1000500)  # Frankfurt -> London 2026-05-04: 1) SA1301 Premium Economy


@pytest.mark.parametrize("paste, n, name", [
    ("Hi, my boss forwarded this:\nTraveller: Mateo Larsen\nRoute: FRA -> LHR\nDate: 04 May 2026\nPax: 1\ncan u book that",
     1, "Mateo Larsen"),
    ("Passenger name: Aisha Cohen\nPassengers: 2\nFrom: Frankfurt\nTo: London\nDate: 4 May", 2, "Aisha Cohen"),
    ("pls book:\nPassenger: Diego Walsh\nFRA - LHR, 4 May 2026\nNumber of travellers: 3", 3, "Diego Walsh"),
])
def test_pasted_count_and_name_fields_go_straight_to_the_summary(paste, n, name):
    ep = play([paste, "option 1", "yes"], PASTE)
    said = replies(ep)
    assert count_in(said[1]) == n and f"under the name {name}," in said[1], said
    assert [(b["passengers"], b["first_name"] + " " + b["last_name"]) for b in booked(ep)] == [(n, name)], said


def test_a_paste_without_count_field_still_asks_how_many():
    said = replies(play(["Traveller: Mateo Larsen\nRoute: FRA -> LHR\nDate: 04 May 2026", "option 1"], PASTE))
    assert "How many passengers" in said[-1], said
