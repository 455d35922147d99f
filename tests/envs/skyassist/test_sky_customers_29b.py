"""Customers of the twenty-ninth session's third black-box customer tester (``sky-customers-3``, 257
conversations against the fault-free reference target on held-out seeds 1001000-1001216), findings F1-F10:
the second part of a group split across bookings ("now the second group of 6 on the same flight"), "the one
with seats left" (no head count), "whichever is cheaper" over two dates, a weekday beside a day of the month
("Wednesday the 25th") and "in 3 weeks on wednesday", departure times said as "9am" / "the one at 9", the one
bookable flight picked as "the other one" / "the only one available" / "yes", and a surname said aside ("Singh
here. ... ref BK..", "status of BK.. please, Adeyemi"). Each is played in the tester's words and in others,
beside its right twin. Every conversation is also checked by the verifiers (``play`` asserts that none
fires)."""
from __future__ import annotations

import json

import pytest

from tests.envs.skyassist.test_counts_and_numeric_dates import D
from tests.envs.skyassist.test_target_phrasings import calls, replies
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


def mutations(ep) -> list[tuple[str, dict]]:
    return [(tc["function"]["name"], json.loads(tc["function"]["arguments"]))
            for m in ep.messages for tc in m.get("tool_calls") or []
            if tc["function"]["name"] in ("book_flight", "hold_itinerary", "cancel_booking", "modify_booking")]


# --- F1. the second part of a group split across bookings ------------------------------------------

LARGE = D.scenario("large_group", 1001040)  # New York -> Los Angeles 2026-03-05: 1) SA3091 cancelled, 2) SA2744 12:00
SPLIT = ["Hello, I'm organising a trip for our office team, 12 of us, New York to Los Angeles on March 5th. We'd all "
         "need to be on the same flight. Can you hold the seats for now?",
         "ok so split it into two bookings of 6 then", "the noon one", "Mateo Costa", "yes"]


@pytest.mark.parametrize("line, more", [
    ("great, now the second group of 6 on the same flight please, under Ana Silva", []),
    ("can you do another hold of 6 under Ana Silva", []),
    ("ok now the second booking of 6", ["Ana Silva"]),
    ("now hold 6 more seats on the same flight for the rest of the team", ["Ana Silva"]),
    ("and the other half, 6 people, under Ana Silva please", []),
])
def test_the_second_part_of_a_split_group_is_a_second_hold_and_the_first_stays(line, more):
    ep = play(SPLIT + [line] + more + ["yes"], LARGE)
    said = replies(ep)
    assert [n for n, _ in mutations(ep)] == ["hold_itinerary", "hold_itinerary"], said
    second = mutations(ep)[1][1]
    assert (second["passengers"], second["last_name"], second["flight_ids"]) == (6, "Silva", ["SA2744"]), said
    assert "stays as it is" in said[-2] and "cancel the hold" not in said[-2], said


def test_booking_the_held_seats_still_converts_the_hold():
    ep = play(SPLIT + ["ok please book it now", "yes"], LARGE)
    assert [n for n, _ in mutations(ep)] == ["hold_itinerary", "book_flight", "cancel_booking"], replies(ep)


# --- F2 / F9. "the one with seats left": a pick of the one bookable flight, never a head count -------

GROUP = D.scenario("group_booking", 1001040)  # Rome -> Atlanta 2026-12-18: 1) SA0898 09:00 Economy, 2) SA7681 18:00
# sold out
ASK = "Rome to Atlanta on 18 December for 5 of us"


@pytest.mark.parametrize("pick", ["the one with seats left", "the one with free seats", "whichever has seats",
                                  "the only one available", "the available one", "ok the one that still has seats"])
def test_the_one_with_seats_left_picks_that_flight_and_keeps_the_count(pick):
    ep = play([ASK, pick, "Liam Moreau", "yes"], GROUP)
    booked = calls(ep, "book_flight")
    assert [(b["flight_ids"], b["passengers"]) for b in booked] == [(["SA0898"], 5)], replies(ep)


def test_a_count_said_with_seats_is_still_a_count():
    said = replies(play(["Rome to Atlanta on 18 December", "we need five seats"], GROUP))
    assert "for 5 passengers" in said[-1] or "Which flight" in said[-1], said
    assert "Noted, 1 passenger" not in " ".join(said), said


# --- F8. departure times said as customers say them -------------------------------------------------

@pytest.mark.parametrize("pick", ["the 9am", "9am", "9:00 am", "the 9 o'clock one", "9.00 please", "the nine am one",
                                  "the one at 9", "the one in the morning", "the one that leaves at 9",
                                  "ok the 9am then", "the flight at 9 please"])
def test_a_departure_time_picks_the_flight_leaving_then(pick):
    said = replies(play([ASK, pick], GROUP))
    assert said[-1].startswith("You picked SA0898"), said


@pytest.mark.parametrize("pick", ["the 6pm", "6pm", "the one at 6pm", "the 18:00"])
def test_a_time_of_the_sold_out_flight_names_that_flight(pick):
    said = replies(play([ASK, pick], GROUP))
    assert "SA7681 is sold out" in said[-1], said


def test_a_time_nothing_leaves_at_picks_nothing():
    said = replies(play([ASK, "the 11am"], GROUP))
    assert not said[-1].startswith("You picked"), said


# --- F9. one bookable flight of two: "the other one", "yes", "ok book that" --------------------------

CURIOUS = D.scenario("system_curious", 1001040)  # Nairobi -> London 2026-03-05: one flight cancelled, SA4504 open
PAYING = D.scenario("payment_details", 1001030)  # Rome -> London 2026-11-24: 1) SA4679 06:15, 2) SA3209 cancelled


@pytest.mark.parametrize("pick", ["the one that's not cancelled", "the other one", "the only one available",
                                  "ok book that", "fine, book the flight", "the non-cancelled flight",
                                  "yes book that one please"])
def test_with_one_bookable_flight_a_natural_answer_picks_it(pick):
    said = replies(play(["Nairobi to London 5 March, 1 person", pick], CURIOUS))
    assert said[-1].startswith("You picked SA4504"), said


def test_a_yes_that_names_the_return_still_takes_up_the_return_offer():
    said = replies(play(["Nairobi to London 5 March, 1 person", "yes, I need a return flight too"], CURIOUS))
    assert "fly back" in said[-1], said


@pytest.mark.parametrize("other", ["ok the other one then", "the other flight please", "fine, the other option"])
def test_the_other_one_after_a_refused_pick_is_the_flight_left(other):
    ep = play(["Rome to London 24 November, one adult.", "the 6:35", other, "Carlos Okafor", "yes"], PAYING)
    assert [b["flight_ids"] for b in calls(ep, "book_flight")] == [["SA4679"]], replies(ep)


# --- F3. "whichever is cheaper" over two dates ---------------------------------------------------------

FLEX = D.scenario("flexible_dates", 1001010)  # Rome -> Los Angeles: 2026-04-02 from $873, 2026-09-21 from $816


@pytest.mark.parametrize("first", [
    "Hi! Rome to Los Angeles for 2 of us. We can go either on 2 April or on 21 September, whichever is cheaper",
    "rome to los angeles, 2 people, 21 september or 2 april, whichever is cheaper",
    "2 pax Rome to Los Angeles on April 2 or Sept 21, the cheapest please",
])
def test_whichever_is_cheaper_over_two_days_picks_the_cheaper_day(first):
    ep = play([first, "Jonas Tanaka"], FLEX)
    said = replies(ep)
    assert "SA1782" in said[-1] and "2026-09-21" in said[-1] and "$1632 in total" in said[-1], said


def test_two_days_without_a_cheaper_wish_list_the_first_and_compare():
    said = replies(play(["Rome to Los Angeles for 2 of us, 2 April or 21 September"], FLEX))
    assert "on 2026-04-02 I found" in said[0] and "You picked" not in said[0], said


# --- F4. a weekday beside a day of the month; a weekday some weeks ahead --------------------------------

ONEWAY = D.scenario("one_way", 1001001)  # now is Monday 2026-03-02; 2026-03-25 is a Wednesday


@pytest.mark.parametrize("when, day", [
    ("Wednesday the 25th", "2026-03-25"), ("the 25th (a Wednesday)", "2026-03-25"), ("wed the 25th", "2026-03-25"),
    ("on Friday the 13th", "2026-03-13"), ("the 25th, a wednesday", "2026-03-25"),
    ("in 3 weeks on wednesday", "2026-03-25"), ("wednesday in two weeks", "2026-03-18"),
    ("Wed 25 March", "2026-03-25"), ("next wednesday", "2026-03-04"), ("friday", "2026-03-06"),
])
def test_a_weekday_beside_a_day_of_the_month_searches_that_day(when, day):
    ep = play([f"Frankfurt to Doha {when}, one person"], ONEWAY)
    assert [c["date"] for c in calls(ep, "search_flights")][:1] == [day], replies(ep)


def test_a_weekday_with_a_count_is_not_read_as_a_day_of_the_month():
    ep = play(["Frankfurt to Doha friday 3 people"], ONEWAY)
    assert [c["date"] for c in calls(ep, "search_flights")][:1] == ["2026-03-06"], replies(ep)


# --- F10. a surname said aside beside a booking id -------------------------------------------------------

STATUS = D.scenario("booking_status", 1001011)  # BKCY6AJ5 filed under Adeyemi
CANCEL = D.scenario("cancel_booking", 1001202)  # BKK7C2PR filed under Singh


@pytest.mark.parametrize("first", ["status of BKCY6AJ5 please, Adeyemi", "status of BKCY6AJ5 please, adeyemi",
                                   "can you check BKCY6AJ5 for me, thanks, Adeyemi", "Adeyemi here, booking BKCY6AJ5",
                                   "BKCY6AJ5 adeyemi"])
def test_a_surname_said_aside_is_used_for_the_lookup(first):
    ep = play([first], STATUS)
    assert [c["last_name"].lower() for c in calls(ep, "lookup_booking")] == ["adeyemi"], replies(ep)


@pytest.mark.parametrize("first", ["Singh here. Not going to Mexico City anymore :( ref BKK7C2PR. Cancel pls",
                                   "Mr Singh here, please cancel BKK7C2PR"])
def test_a_surname_before_here_lets_the_cancellation_go_ahead_after_a_yes(first):
    ep = play([first, "yes"], CANCEL)
    assert [c["booking_id"] for c in calls(ep, "cancel_booking")] == ["BKK7C2PR"], replies(ep)


def test_a_booking_id_with_no_surname_still_asks_for_it():
    said = replies(play(["status of BKCY6AJ5 please, thanks"], STATUS))
    assert "last name" in said[-1], said


def test_the_cheaper_day_asked_again_keeps_the_cheaper_day_already_listed():
    ep = play(["Rome to Los Angeles for 2 of us, 2 April or 21 September, whichever is cheaper",
               "ok lets do the cheaper day", "Jonas Tanaka"], FLEX)
    said = replies(ep)
    assert "SA1782" in said[-1] and "fly back" not in " ".join(said), said


# --- F5. "the second cheapest"; a condition on refunds over a round trip --------------------------------

ROUND = D.scenario("round_trip", 1001002)  # Chicago -> Miami 2026-05-28, back 2026-12-30: Economy returns SA3439 $615,
# SA3457 $629
GOING = ["hello, chicago to miami may 28 coming back dec 30, for 3 ppl", "the economy one going"]


@pytest.mark.parametrize("pick, fid", [("the second cheapest coming back", "SA3457"), ("2nd cheapest please", "SA3457"),
                                       ("the second-lowest fare", "SA3457"), ("the cheapest coming back", "SA3439")])
def test_the_second_cheapest_is_the_second_by_fare(pick, fid):
    said = replies(play(GOING + [pick], ROUND))
    assert said[-1].startswith(f"You picked {fid}"), said


@pytest.mark.parametrize("cond", ["yes but only if it's refundable", "is it refundable?"])
def test_a_refund_question_at_a_round_trip_summary_answers_for_both_flights(cond):
    ep = play(GOING + ["the second cheapest coming back", "Ana Chen", cond], ROUND)
    said = replies(ep)
    assert "$496 per seat, refundable" in said[-1] and "$629 per seat, non-refundable" in said[-1], said
    assert not calls(ep, "book_flight"), said


# --- F6. a change to a flight without seats for the party --------------------------------------------

CHANGE = D.scenario("change_booking", 1001005)  # BKZ2O4JN (Ivanova, 3 passengers); 2026-06-17: 1) SA5895 08:00,
# 2) SA8400 11:00 with 2 seats left, 3) SA9593 20:15
MOVE = "Hello. Booking number BKZ2O4JN, surname Ivanova. We have to fly earlier, June 17 instead."


@pytest.mark.parametrize("pick", ["option 2", "SA8400", "the 11am one"])
def test_a_change_to_a_flight_without_seats_for_the_party_is_refused_at_once(pick):
    ep = play([MOVE, pick, "yes"], CHANGE)
    said = replies(ep)
    assert "SA8400 has only 2 seats left" in said[1] and "Shall I make this change" not in said[1], said
    assert not calls(ep, "modify_booking"), said


@pytest.mark.parametrize("pick", ["ok the 8am then", "option 1", "the 8am one"])
def test_a_change_to_a_flight_with_seats_goes_ahead_after_a_yes(pick):
    ep = play([MOVE, "option 2", pick, "yes"], CHANGE)
    assert [c["new_flight_ids"] for c in calls(ep, "modify_booking")] == [["SA5895"]], replies(ep)


# --- evaluation traces: the return hint when nothing can be booked; a customer leaving; "I Grace Singh" ------

PREMIUM = D.scenario("premium_cabin", 1000012)  # New York -> Seattle 2026-05-24: nothing bookable for 2
UNNAMED = D.scenario("unnamed_traveler", 1000025)  # Miami -> Chicago 2026-12-30
BUDGET = D.scenario("budget_constrained", 1000007)  # Frankfurt -> Seattle 2026-07-23


@pytest.mark.parametrize("first", [
    "Hello, I'd like a premium economy seat from New York to Seattle on 2026-05-24, me and my partner.",
    "new york to seattle may 24, 2 people"])
def test_nothing_bookable_on_a_route_that_flies_back_still_gives_the_return_hint(first):
    said = replies(play([first], PREMIUM))
    assert "None of these flights can be booked" in said[0] and "look for a flight back" in said[0], said


def test_the_return_hint_is_left_out_under_its_fault_only():
    from tests.envs.skyassist.test_target_phrasings import play as raw_play
    said = replies(raw_play(["new york to seattle may 24, 2 people"], PREMIUM, faults=["no_round_trip_hint"]))
    assert "None of these flights can be booked" in said[0] and "flight back" not in said[0], said


@pytest.mark.parametrize("leave", ["I'll look elsewhere.", "I'll pass", "we'll see, bye"])
def test_a_customer_leaving_at_the_last_name_question_is_no_surname(leave):
    ep = play(["Hi, I need a flight from Miami to Chicago on 2026-12-30.", "The first option is fine.", "just me",
               "My name is Carlos. Thanks!", leave, "yes"], UNNAMED)
    said = replies(ep)
    assert not any("Carlos I" in x or "Carlos We" in x for x in said) and not calls(ep, "book_flight"), said


def test_a_surname_at_the_last_name_question_is_still_taken():
    ep = play(["Hi, I need a flight from Miami to Chicago on 2026-12-30.", "The first option is fine.", "just me",
               "My name is Carlos. Thanks!", "It's Okafor", "yes"], UNNAMED)
    assert [c["last_name"] for c in calls(ep, "book_flight")] == ["Okafor"], replies(ep)


@pytest.mark.parametrize("name", ["I Grace Singh.", "I Grace Singh", "i am Grace Singh"])
def test_a_name_after_a_bare_i_is_the_name_not_an_initial(name):
    said = replies(play(["I want the cheapest flight from Frankfurt to Seattle on 2026-07-23. My budget is 620 dollars.",
                         "four travellers.", name], BUDGET))
    assert "under the name Grace Singh" in said[-1] and "first name of" not in said[-1], said


def test_an_initial_with_a_dot_still_asks_for_the_first_name():
    said = replies(play(["I want the cheapest flight from Frankfurt to Seattle on 2026-07-23. My budget is 620 dollars.",
                         "four travellers.", "G. Singh"], BUDGET))
    assert "what is the first name of Singh" in said[-1], said


# --- F7. "cancel X and book me a new one to Y" ----------------------------------------------------------

CANCEL_NEW = D.scenario("cancel_booking", 1001010)  # BKHNJ1EI (Walsh), New York -> Seattle


@pytest.mark.parametrize("first", [
    "Hi, please cancel BKHNJ1EI (Walsh) and book me a new one New York to Seattle on May 24 in economy instead",
    "cancel BKHNJ1EI, Walsh, then book me New York to Seattle on 24 May",
    "cancel BKHNJ1EI Walsh & then book me one from New York to Seattle on May 24",
    "please cancel BKHNJ1EI Walsh and find me a flight from New York to Seattle on May 24"])
def test_a_new_booking_asked_with_a_cancellation_is_taken_up_after_it(first):
    ep = play([first, "yes", "yes"], CANCEL_NEW)
    said = replies(ep)
    assert [c["booking_id"] for c in calls(ep, "cancel_booking")] == ["BKHNJ1EI"], said
    assert "You also asked for a new booking (New York (JFK) to Seattle (SEA) on 2026-05-24)" in said[1], said
    assert calls(ep, "search_flights")[-1] == {"origin": "JFK", "destination": "SEA", "date": "2026-05-24"}, said


def test_a_no_to_the_new_booking_searches_nothing():
    ep = play(["cancel BKHNJ1EI (Walsh) and book me a new one New York to Seattle on May 24", "yes", "no thanks"],
              CANCEL_NEW)
    assert not calls(ep, "search_flights"), replies(ep)


def test_a_plain_cancellation_ends_with_anything_else():
    said = replies(play(["please cancel BKHNJ1EI, Walsh", "yes"], CANCEL_NEW))
    assert said[-1].endswith("Is there anything else I can help with?"), said
