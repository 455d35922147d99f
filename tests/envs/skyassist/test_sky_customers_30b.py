"""SkyAssist reference agent, what the first fix of the tester ``sky-customers-5`` (thirtieth session,
/work/h30/sky-customers-5/report.md, findings 6 and 7; conversations c1, c2, c3, c6, c7, c9, c10, c14) left open, with
the tester's words, other phrasings of the same requests, and for each its right twin:

a. no "Which flight would you like?" when no listed flight can be booked (a date past the booking window, a
   restricted destination, a group no flight seats): what can be done instead is asked (another date, another
   destination, splitting the group);
b. "what happens if I don't cancel?" at "Shall I cancel ...?" is answered, never "Sorry, I can't help with that";
c. a baggage or hold question inside the opening request is answered as well as the request handled; "how much
   baggage can I bring on a flight from Doha to Miami?" is answered, not taken as a search;
d. slips of the keyboard at picks and yeses ("opton 2", "optoin 2", "yess", "yse", "yeah go ahed"); a yes read only
   through a slip is asked again before anything is charged, and no refusal is ever read as a yes;
e. a second traveller's name: the booking is said to be under the lead passenger's name;
f. "no wait, that's the same one. never mind" after a cancellation request takes it back before any lookup;
g. a name typed after a sold-out, too-few-seats or cabin-clash message is said to be noted.

Conversations go through ``play``, which asserts the verifiers stay silent; one-fault profiles through ``exactly``.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import fix_typos, parse, withdrawn
from tests.envs.skyassist.test_sky_faults_28 import D, _calls, _said, exactly
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play


def play(messages, sc):
    return _checked_play([m.format(**sc) for m in messages], sc)  # asserts the verifiers stay silent


WHICH = "Which flight would you like"

# --- a. nothing listed can be booked -----------------------------------------------------------------------

FAR = D.scenario("far_future", 1000362)  # ORD-MIA 2027-02-01: past the 330-day window
RESTRICTED = D.scenario("restricted_destination", 1000364)  # JFK-FIH (Kinshasa, restricted) 2026-09-01
SEVEN = D.scenario("group_booking", 1000312)  # DXB-ORD 2026-09-21: SA7142 has 1 seat, SA2420 is cancelled
OPEN = D.scenario("one_way", 1000344)  # LHR-DEN 2026-12-30: SA3476 Economy, SA4558 and SA2811 Premium Economy


@pytest.mark.parametrize("ask", ["oh ok, what's the latest date I can book then?", "how far ahead can I book?",
                                 "what's the earliest I can fly?"])
def test_a_window_question_after_a_listing_past_the_window_asks_for_another_date_not_a_flight(ask):
    t = play(["Planning way ahead: {origin_city} to {destination_city} on {date}, 1 passenger", ask], FAR)
    assert WHICH not in _said(t)[1] and _said(t)[1].endswith("Would you like to try another date?"), _said(t)


def test_a_window_question_after_a_bookable_listing_still_asks_which_flight():
    t = play(["{origin_city} to {destination_city} on {date}, 1 person", "what's the latest date I can book?"], OPEN)
    assert _said(t)[1].startswith("I can book departures") and WHICH in _said(t)[1], _said(t)


@pytest.mark.parametrize("ask", ["why not?", "why can't you book it?", "why is it restricted?"])
def test_a_restricted_listing_and_its_why_offer_another_destination_not_a_flight(ask):
    t = play(["Flights {origin_city} to {destination_city} {date}, two people", ask], RESTRICTED)
    assert all(WHICH not in x and "return flight" not in x for x in _said(t)), _said(t)
    assert all(x.endswith("would you like to try one?") for x in _said(t)), _said(t)
    assert "restricted destinations" in _said(t)[1], _said(t)


def test_a_yes_to_another_destination_asks_which_and_a_new_city_is_searched():
    t = play(["Flights {origin_city} to {destination_city} {date}, two people", "yes", "Johannesburg then"], RESTRICTED)
    assert _said(t)[1] == "Sure. Which date would you like to try, or which route?", _said(t)
    assert [c["destination"] for c in _calls(t, "search_flights")] == ["FIH", "JNB"], _said(t)


def test_a_restricted_hold_under_hold_restricted_still_breaks_only_b3():
    exactly("hold_restricted", "B3", "restricted_destination", 1000372,
            ["Can you hold a seat for me New York to Kinshasa August 12th? no payment yet", "1",
             "{first_name} {last_name}", "yes"])


def test_a_flight_inside_the_window_under_ignore_booking_window_still_breaks_only_o2():
    exactly("ignore_booking_window", "O2", "last_minute", 1000385,
            ["I need Frankfurt to Vancouver tonight, just me", "1", "{first_name} {last_name}", "yes"])


@pytest.mark.parametrize("pick", ["whichever is cheapest", "option 1", "the first one", "SA7142"])
def test_a_pick_no_flight_can_seat_the_group_on_asks_for_another_date_not_another_option(pick):
    t = play(["Hello, I'm organising a trip for our book club, 7 of us, {origin_city} to {destination_city} on {date}",
              pick], SEVEN)
    assert "only has seats left for 1" in _said(t)[1], _said(t)
    assert "pick another option" not in _said(t)[1] and _said(t)[1].endswith("another date?"), _said(t)


def test_a_sure_to_another_date_for_the_group_asks_which_date():
    t = play(["Hello, I'm organising a trip for our book club, 7 of us, {origin_city} to {destination_city} on {date}",
              "whichever is cheapest", "sure"], SEVEN)
    assert _said(t)[2] == "Sure. Which date would you like to try, or which route?", _said(t)
    assert not _calls(t, "book_flight") and not _calls(t, "hold_itinerary")


SPLIT = D.scenario("one_way", 1000302)  # MIA-MAD 2026-04-26: SA8058 has 6 seats, SA1020 2


def test_a_group_the_listed_flights_seat_only_together_is_offered_a_split():
    t = play(["{origin_city} to {destination_city} on {date}, 7 people", "option 1"], SPLIT)
    said = _said(t)[1]
    assert "split the group" in said and WHICH not in said and said.endswith("?"), _said(t)


def test_a_short_pick_with_another_option_open_still_asks_for_another_option():
    t = play(["{origin_city} to {destination_city} on {date}, 3 people", "option 2"], OPEN)  # SA4558: 2 seats
    assert _said(t)[1].endswith("Please pick another option. Which one would you like instead?"), _said(t)


# --- b. what happens if the booking is not cancelled ------------------------------------------------------

HELD = D.scenario("cancel_booking", 1000335)  # BKLRADTU under Larsen, a hold
BOOKED = D.scenario("cancel_booking", 1000397)  # BKXZIUU6 under Costa, confirmed, non-refundable


@pytest.mark.parametrize("ask", ["what happens if I don't cancel?", "and if I don't cancel it, what happens?",
                                 "what if I keep it?", "what happens if I do nothing?", "what if we just leave it"])
@pytest.mark.parametrize("sc, kept", [(HELD, "the hold simply lapses"), (BOOKED, "stays confirmed")])
def test_what_happens_if_i_dont_cancel_is_answered_and_the_cancellation_asked_again(ask, sc, kept):
    t = play(["I want to cancel {booking_id} ({last_name})", ask, "ok cancel it"], sc)
    said = _said(t)[1]
    assert "can't help" not in said and kept in said, _said(t)
    assert said.endswith(f"Shall I go ahead and cancel booking {sc['booking_id']}?"), _said(t)
    assert [c["booking_id"] for c in _calls(t, "cancel_booking")] == [sc["booking_id"]], _said(t)


def test_the_tester_s_refund_then_if_kept_questions_are_both_answered():
    t = play(["I want to cancel {booking_id} ({last_name})", "is it refundable?", "what happens if I don't cancel?"], HELD)
    assert "can't help" not in _said(t)[2] and "lapses" in _said(t)[2], _said(t)
    assert not _calls(t, "cancel_booking")


@pytest.mark.parametrize("keep", ["don't cancel it", "no, keep it"])
def test_a_plain_keep_at_the_cancellation_still_keeps_the_booking(keep):
    t = play(["I want to cancel {booking_id} ({last_name})", keep], BOOKED)
    assert not _calls(t, "cancel_booking") and "Shall I" not in _said(t)[1], _said(t)


# --- c. a question inside the opening request --------------------------------------------------------------

DOHA = D.scenario("one_way", 1000315)  # DOH-MIA 2026-09-13
NO_INFO = "I don't have information about baggage allowances"


@pytest.mark.parametrize("line", [
    "hi i need a flight from {origin_city} to {destination_city} on {date} for me and also can you tell me how much "
    "baggage i can bring",
    "{origin_city} to {destination_city} {date}, 1 person. What's the baggage allowance?",
    "need {origin_city} to {destination_city} on {date} for one, and how many bags can I check?"])
def test_a_baggage_question_in_the_opening_request_is_answered_and_the_flights_listed(line):
    t = play([line], DOHA)
    said = _said(t)[0]
    assert NO_INFO in said and "I found" in said and said.index(NO_INFO) < said.index(WHICH), _said(t)
    assert len(_calls(t, "search_flights")) == 1


def test_a_hold_question_in_the_opening_request_is_answered():
    t = play(["Can you hold seats {origin_city} to {destination_city} on {date} for 1, and how long does the hold last?"],
             DOHA)
    assert "A hold is free" in _said(t)[0] and "I found" in _said(t)[0], _said(t)


@pytest.mark.parametrize("line", ["hi i need a flight from {origin_city} to {destination_city} on {date} for me",
                                  "{origin_city} to {destination_city} {date}, 1 person, with one bag"])
def test_an_opening_request_without_a_question_gets_no_answer_to_one(line):
    t = play([line], DOHA)
    assert "information about" not in _said(t)[0] and "A hold is free" not in _said(t)[0], _said(t)


@pytest.mark.parametrize("ask", ["how much baggage can I bring on a flight from {origin_city} to {destination_city}?",
                                 "what's the luggage allowance flying {origin_city} to {destination_city}?"])
def test_a_baggage_question_naming_a_route_is_answered_not_taken_as_a_search(ask):
    t = play([ask, "{date}"], DOHA)
    assert "information about baggage" in _said(t)[0] and not t.messages[2].get("tool_calls"), _said(t)
    assert "If you would like me to look for flights" in _said(t)[0], _said(t)
    assert len(_calls(t, "search_flights")) == 1  # the date given next searches


def test_a_route_said_as_a_request_still_asks_plainly_for_the_date():
    t = play(["I need a flight from {origin_city} to {destination_city}"], DOHA)
    assert _said(t)[0].startswith("What date would you like to fly"), _said(t)


# --- d. slips of the keyboard -------------------------------------------------------------------------------

@pytest.mark.parametrize("pick", ["opton 2", "optoin 2", "otpion 2", "option 2", "the secnod one"])
def test_a_pick_with_a_slip_picks_the_option(pick):
    t = play(["{origin_city} to {destination_city} on {date}, 1 person", pick], OPEN)
    assert _said(t)[1].startswith("You picked SA4558"), _said(t)


@pytest.mark.parametrize("yes", ["yess", "yesss", "yeah go ahed", "yes go ahed", "ok go ahed", "yes", "yes please"])
def test_a_yes_with_a_slip_in_the_other_words_books(yes):
    t = play(["{origin_city} to {destination_city} on {date}, 1 person", "opton 1", "{first_name} {last_name}", yes], OPEN)
    assert [c["flight_ids"] for c in _calls(t, "book_flight")] == [["SA3476"]], _said(t)


@pytest.mark.parametrize("yes", ["yse", "yes pleas", "yes confrim", "yesh"])
def test_a_yes_only_through_a_slip_is_asked_again_and_a_plain_yes_then_books(yes):
    t = play(["{origin_city} to {destination_city} on {date}, 1 person", "1", "{first_name} {last_name}", yes, "yes"], OPEN)
    assert _said(t)[3].startswith("I think you meant yes") and _said(t)[3].endswith("Shall I book it?"), _said(t)
    assert len(_calls(t, "book_flight")) == 1 and "Done" in _said(t)[4], _said(t)


def test_a_yes_only_through_a_slip_cancels_nothing_until_a_plain_yes():
    t = play(["cancel {booking_id} please, surname {last_name}", "yse"], BOOKED)
    assert not _calls(t, "cancel_booking") and "I think you meant yes" in _said(t)[1], _said(t)


@pytest.mark.parametrize("no", ["noo", "nope", "no thanks", "nah", "not yet", "nop", "np"])
def test_a_no_or_its_slip_is_never_a_yes(no):
    p = parse(no, D.db, None, "Shall I book it?")
    assert not p.yes and not p.slipped_yes and fix_typos(no) == no
    t = play(["{origin_city} to {destination_city} on {date}, 1 person", "1", "{first_name} {last_name}", no], OPEN)
    assert not _calls(t, "book_flight"), _said(t)


# --- e. a second traveller's name ---------------------------------------------------------------------------

RETURN = D.scenario("round_trip", 1000310)  # ORD-DXB 2026-04-14, back 2026-09-09, for two


@pytest.mark.parametrize("names", ["Names are {first_name} {last_name} and Ana {last_name}",
                                   "it's {first_name} {last_name} & Ana {last_name}",
                                   "the names are {first_name} {last_name}, Ana {last_name}",
                                   "{first_name} {last_name} and Ana"])
def test_a_second_name_is_said_to_go_under_the_lead_passenger(names):
    t = play(["Looking at {origin_city} to {destination_city} leaving {date} and coming back {return_date}, for two of us",
              "cheapest both ways please", names, "perfect, book it"], RETURN)
    assert "under Hannah Hernandez for the whole party" in _said(t)[2] and "Ana" in _said(t)[2], _said(t)
    assert [(c["first_name"], c["last_name"]) for c in _calls(t, "book_flight")] == [("Hannah", "Hernandez")]


@pytest.mark.parametrize("names", ["{first_name} {last_name}", "lead name is {first_name} {last_name}"])
def test_one_name_gets_no_word_about_other_names(names):
    t = play(["Looking at {origin_city} to {destination_city} leaving {date} and coming back {return_date}, for two of us",
              "cheapest both ways please", names], RETURN)
    assert "whole party" not in _said(t)[2] and "under the name Hannah Hernandez" in _said(t)[2], _said(t)


@pytest.mark.parametrize("line", ["yes please and thanks", "Yes Please and Thanks", "London and New York"])
def test_words_joined_by_and_are_no_two_names(line):
    assert parse(line, D.db, "name", "What is the first and last name of the lead passenger?").more_names == []


# --- f. a cancellation request taken back in the same message -------------------------------------------------

@pytest.mark.parametrize("line", [
    "also can you cancel my other one, {booking_id}... no wait, that's the same one. never mind",
    "could you cancel {booking_id} too? oh wait, my mistake, forget it", "cancel {booking_id} as well... scratch that"])
def test_a_cancellation_taken_back_looks_nothing_up(line):
    t = play(["cancel {booking_id} please, surname {last_name}", "yes", line, "thanks bye"], BOOKED)
    assert len(_calls(t, "lookup_booking")) == 1 and "left that as it is" in _said(t)[2], _said(t)


def test_a_cancellation_taken_back_at_once_looks_nothing_up():
    t = play(["cancel {booking_id} please, surname {last_name}... actually never mind"], BOOKED)
    assert not _calls(t, "lookup_booking") and not _calls(t, "cancel_booking"), _said(t)


@pytest.mark.parametrize("line", ["cancel {booking_id} please, surname {last_name}, never mind the refund",
                                  "never mind the other one, cancel {booking_id}, surname {last_name}"])
def test_a_never_mind_about_something_else_still_looks_the_booking_up(line):
    t = play([line], BOOKED)
    assert len(_calls(t, "lookup_booking")) == 1 and _said(t)[0].endswith("Shall I cancel booking BKXZIUU6?"), _said(t)


def test_a_date_corrected_with_no_wait_is_no_withdrawal():
    assert not withdrawn("can i change booking BKABCDEF to 20/11... no wait, I meant the 25th of March")


# --- g. a name after a refused pick ---------------------------------------------------------------------------

EIGHT = D.scenario("group_booking", 1000390)  # ATL-FCO 2026-03-05, 8 of us: options 1 and 2 sold out
ROUND = D.scenario("round_trip", 1000311)  # LHR-NBO; a cabin clash on the return


@pytest.mark.parametrize("name", ["{first_name} {last_name}", "lead name is {first_name} {last_name}"])
def test_a_name_after_a_sold_out_pick_is_noted(name):
    t = play(["We're a group of 8 going {origin_city} to {destination_city} on {date}", "1", name, "3", "yes"], EIGHT)
    assert _said(t)[2].startswith("Thank you, I have noted the name Hiroshi Murphy."), _said(t)
    assert [c["last_name"] for c in _calls(t, "book_flight")] == ["Murphy"], _said(t)


def test_a_name_after_a_too_few_seats_pick_is_noted():
    t = play(["{origin_city} to {destination_city} on {date}, 3 people", "option 2", "Zara Okafor"], OPEN)
    assert _said(t)[2].startswith("Thank you, I have noted the name Zara Okafor."), _said(t)


def test_a_name_after_a_cabin_clash_is_noted():
    t = play(["I want to go London to Nairobi on May 12th, 1 person, back on the 16th of November", "option 1", "1",
              "{first_name} {last_name}"], ROUND)
    assert _said(t)[3].startswith(f"Thank you, I have noted the name {ROUND['first_name']} {ROUND['last_name']}."), \
        _said(t)


def test_a_name_at_the_name_question_is_not_noted_twice():
    t = play(["{origin_city} to {destination_city} on {date}, 1 person", "1", "{first_name} {last_name}"], OPEN)
    assert "noted the name" not in _said(t)[2] and "under the name Zara Okafor" in _said(t)[2], _said(t)
