"""SkyAssist reference agent, findings of the testers ``sky-customers-9`` to ``-12`` (/work/h32/sky-customers-*/report.md)
taken up in the thirty-third session, with the testers' words, other phrasings, and the near misses that must keep
their old reading:

F1.  "Please book it for all 7 of us", "yes for all seven", "for everyone", "for the whole family" at a summary: the
     party, never a second flight; a count said there that is the summary's books (where the reply is a plain yes),
     another count is summarised again, and "for everyone" is answered for the whole party and asked again (a yes
     must be plain); "yep all 3 of us, cancel it" at a cancellation of a booking for 3 cancels;
F2.  compact round trips: "out 4 May back 6 Dec" (the dates were swapped), "4 May - 6 Dec rtn" (the return was lost),
     "rtn 4 May to 6 Dec", "leaving the 4th of May, coming home Dec 6";
F3.  "book the return as well" / "and the way back too" after the way out was booked alone: the way back, on the
     return date asked before (or the return flight named before), never the way out again;
F4.  "Is SA4885 still operating?", "has my flight been cancelled?", "is the 06:00 on time?", "is it paid yet?" after a
     lookup: answered from the flight's schedule and the booking's status, never read as a change;
F5.  "... for my wife and our 3 children? I won't be travelling. The booking should be under my wife's name - X Y":
     a new booking for 4 under X Y, never a lookup or a cancellation;
F6.  a change that names the booked date too: "move 3/7 -> 16/8", "flying July 3rd ... push it back a week", "... the
     following Sunday", "push it back to Sunday, August 16th": the NEW date is searched;
F7.  markdown fields on one line ("**From:** London **To:** Rome ... **Number of passengers:** 6"): the count and the
     name are read;
F8.  "book the first 5" (of a large group) is no pick of option 1;
F10. "Please hold it and I'll book it later today" at a hold summary holds; "Yes, please hold it. I need to check
     with my husband tonight." is asked again, saying that a hold is made for that;
F11. "No return flight, I don't need it anymore." at a round-trip listing drops the return only.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_language import DB
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import mutated, searches
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play

GROUP2 = D.scenario("group_booking", 2)  # GRU-ATL 2026-10-07, 7 passengers
ONE2 = D.scenario("one_way", 2)  # DUB-ORD 2026-12-10
ROUND2 = D.scenario("round_trip", 2)  # LHR-MAD
ROUND43 = D.scenario("round_trip", 43)  # FRA-JFK 2026-06-13, back 2026-07-23
STATUS25 = D.scenario("booking_status", 25)  # BKG3R0CN Haddad, SA4885 DOH-MIA 2026-09-13 06:00
CANCEL13 = D.scenario("cancel_booking", 13)  # BKT4TGSB Ramirez, 3 passengers
CHANGE5 = D.scenario("change_booking", 5)  # BKFKS7B2 Nguyen, JFK-ATL 2026-07-03
HOLD1 = D.scenario("hold_request", 1)  # DXB-HKG 2026-10-03
GROUP1 = D.scenario("group_booking", 1)  # LHR-FCO 2026-07-23
LARGE1 = D.scenario("large_group", 1)  # JFK-LHR 2026-03-13, 10 people


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


def booked(ep) -> list[dict]:
    return _calls(ep, "book_flight")


# --- F1. "for all 7 of us" at a summary ----------------------------------------------------------------------------

FAMILY = ("Hello, I'm organising a trip for my family from Sao Paulo to Atlanta on the first Wednesday of October. There "
          "will be 7 of us in total: my husband and I, our 3 children (ages 4, 10 and 15) and my parents. I'm Grace "
          "Adeyemi and I'll be the lead passenger.")
PICK = "We'll take the Premium Economy one, SA1008, since it has 20 seats left and the Business one only has 2."


@pytest.mark.parametrize("line", [
    "Great, that all sounds right. Please book it for all 7 of us.",  # the tester's
    "Yes, please book it for all of us.", "yes for all seven", "Yes please, book all 7 seats",
])
def test_the_whole_party_at_a_summary_books_for_that_party(line):
    ep = play([FAMILY, PICK, line], GROUP2)
    assert [(c["flight_ids"], c["passengers"]) for c in booked(ep)] == [(["SA1008"], 7)]
    assert "return flight" not in _after(ep, line)


@pytest.mark.parametrize("line", ["Yes please book it for everyone.", "Yes, please book the seats for the whole family."])
def test_for_everyone_is_answered_for_the_party_and_asked_again(line):
    ep = play([FAMILY, PICK, line], GROUP2)
    reply = _after(ep, line)
    assert mutated(ep) == [] and "all 7 of you" in reply and "Shall I book it?" in reply
    assert "return flight" not in reply
    ep = play([FAMILY, PICK, line, "yes"], GROUP2)
    assert [c["passengers"] for c in booked(ep)] == [7]


@pytest.mark.parametrize("line", ["Yes, book it for all 8 of us.", "yes for all eight"])
def test_another_count_for_all_of_us_is_summarised_again_before_any_write(line):
    ep = play([FAMILY, PICK, line], GROUP2)
    assert mutated(ep) == [] and "for 8 passengers" in _after(ep, line) and "Shall I book it?" in _after(ep, line)


def test_all_three_of_us_on_a_one_way_books_three():
    msgs = ["Hi! One way Dublin to Chicago on December 10th for 3 people. Name: Aisha Papadopoulos", "1",
            "Yes, please book it for all three of us."]
    assert [c["passengers"] for c in booked(play(msgs, ONE2))] == [3]


def test_yes_book_both_still_asks_about_a_return():  # near miss: "both" said of flights
    msgs = ["Hi! One way Dublin to Chicago on December 10th for 3 people. Name: Aisha Papadopoulos", "1", "yes book both"]
    ep = play(msgs, ONE2)
    assert mutated(ep) == [] and "one flight only" in _after(ep, msgs[-1])


@pytest.mark.parametrize("line,cancelled", [
    ("yep all 3 of us, cancel it", True), ("yes cancel it for all of us", True),
    ("yes cancel it for all 4 of us", False),  # not the booking's party: asked again
])
def test_all_of_us_at_a_cancellation(line, cancelled):
    ep = play(["I need to cancel BKT4TGSB, Ramirez", line], CANCEL13)
    assert bool(_calls(ep, "cancel_booking")) is cancelled


# --- F2. compact round trips ------------------------------------------------------------------------------------

@pytest.mark.parametrize("first", [
    "London to Madrid and back, out 4 May back 6 Dec, 3 pax, Fatima Novak",  # the tester's
    "London to Madrid 4 May - 6 Dec rtn, 3 pax Fatima Novak",  # the tester's
    "London to Madrid rtn 4 May to 6 Dec, 3 pax, Fatima Novak",
    "London to Madrid, leaving the 4th of May, coming home Dec 6, 3 of us",
    "London to Madrid return trip, going 4 May, back 6 Dec, 3 pax",
    "London to Madrid, 4 May, back 6 Dec, 3 pax",  # near miss: as before
])
def test_a_compact_round_trip_searches_both_legs_in_order(first):
    assert searches(play([first], ROUND2)) == [("LHR", "MAD", "2026-05-04"), ("MAD", "LHR", "2026-12-06")]


def test_return_before_the_outbound_alone_is_still_a_return():  # near miss
    p = parse("return 4 May", DB)
    assert p.return_date == "2026-05-04" and p.date is None


def test_the_compact_round_trip_books_both_named_flights():
    msgs = ["London to Madrid 4 May - 6 Dec rtn, 3 pax Fatima Novak", "SA4790 and SA1043", "Fatima Novak", "yes"]
    ep = play(msgs, ROUND2)
    assert [(c["flight_ids"], c["passengers"]) for c in booked(ep)] == [(["SA4790", "SA1043"], 3)]


# --- F3. the return after the way out was booked alone -----------------------------------------------------------

TRIP43 = ("Hi there. I need a round trip between Frankfurt and New York, going out on June 13 and coming back on July 23, "
          "just for me. I'm Nadia Patel.")


@pytest.mark.parametrize("line", ["Yes, please book the return as well.", "and the way back too",
                                  "great, now the return flight please"])
def test_the_return_flight_named_before_is_summarised(line):
    msgs = [TRIP43, "The first option for each direction, please.",
            "Could you book them as two separate one-way bookings then? SA9964 for the outbound and SA9195 for the return.",
            "Yes, please book it.", line]
    ep = play(msgs, ROUND43)
    reply = _after(ep, line)
    assert searches(ep) == searches(play(msgs[:-1], ROUND43))  # the way out is not searched again
    assert "summary: flight SA9195 from New York (JFK) to Frankfurt (FRA)" in reply and "Shall I book it?" in reply
    ep = play(msgs + ["yes"], ROUND43)
    assert [c["flight_ids"] for c in booked(ep)] == [["SA9964"], ["SA9195"]]


@pytest.mark.parametrize("line", ["Yes, please book the return as well.", "and the way back too"])
def test_the_return_is_searched_on_the_return_date_asked_before(line):
    msgs = [TRIP43, "The first option for each direction, please.",
            "Could you book the outbound alone, as a one-way then? the first one", "Yes, please book it.", line]
    ep = play(msgs, ROUND43)
    assert searches(ep)[-1] == ("JFK", "FRA", "2026-07-23")
    assert "look for a return flight" not in _after(ep, line)


@pytest.mark.parametrize("line", ["can you book the return too?", "I need the return flight as well"])
def test_the_return_without_a_date_asks_the_date_of_the_way_back(line):
    msgs = ["Hi! One way Dublin to Chicago on December 10th for 2 people. Name: Aisha Papadopoulos", "1", "yes", line]
    ep = play(msgs, ONE2)
    assert "What date would you like to fly from Chicago (ORD) to Dublin (DUB)?" in _after(ep, line)


# --- F4. status questions -----------------------------------------------------------------------------------

LOOKUP = "Hi there. My booking reference is BKG3R0CN and my surname is Haddad."


@pytest.mark.parametrize("line", [
    "Is SA4885 still operating?",  # the tester's
    "has my flight been cancelled?", "Is my flight still on schedule?", "Has the flight been cancelled or delayed?",
    "Is the flight still scheduled as planned?", "is the 06:00 on time?",
])
def test_a_flight_status_question_after_a_lookup_is_answered(line):
    ep = play([LOOKUP, line], STATUS25)
    reply = _after(ep, line)
    assert "SA4885" in reply and "has not been cancelled" in reply
    assert "move it" not in reply and "can't help" not in reply and mutated(ep) == []
    assert ("delay" in reply) is bool(("delay" in line) or ("on time" in line))


def test_a_status_question_with_a_refund_question_answers_both():
    line = "Is the flight still on schedule, and is my fare refundable?"
    reply = _after(play([LOOKUP, line], STATUS25), line)
    assert "has not been cancelled" in reply and "refundable" in reply


@pytest.mark.parametrize("first", ["Hi, BKG3R0CN Haddad, has my flight been cancelled?",
                                   "BKG3R0CN, Haddad. Is SA4885 still operating?"])
def test_a_flight_status_question_with_the_lookup_is_answered(first):
    reply = _after(play([first], STATUS25), first)
    assert "status: confirmed" in reply and "has not been cancelled" in reply


def test_is_it_paid_after_a_lookup():
    reply = _after(play([LOOKUP, "is it paid yet?"], STATUS25), "is it paid yet?")
    assert "confirmed, so it has been paid for" in reply


def test_a_cancelled_flight_asked_about_by_number_is_still_described_with_a_search_offer():  # near miss
    sc = D.scenario("cancelled_flight", 7)
    reply = _after(play(["Is SA2420 still operating?"], sc), "Is SA2420 still operating?")
    assert "cancelled by the airline" in reply and "look for other flights" in reply


# --- F5. the booker who stays at home --------------------------------------------------------------------------

@pytest.mark.parametrize("first,pax,name", [
    ("Hi! Could you book Dublin to Chicago, December 10th, for my wife and our 3 children (2, 4 and 9)? I won't be "
     "travelling. The booking should be under my wife's name - Aisha Papadopoulos.", 4, ("Aisha", "Papadopoulos")),
    ("Hi, I need Dublin to Chicago on 10 December for my husband and our son, I won't be going with them. 2 seats, the "
     "booking should be under my husband's name - Omar Haddad.", 2, ("Omar", "Haddad")),
])
def test_a_booker_who_stays_at_home_books_for_the_others(first, pax, name):
    ep = play([first, "1", "yes"], ONE2)
    assert not _calls(ep, "lookup_booking") and searches(ep)[0] == ("DUB", "ORD", "2026-12-10")
    assert [(c["passengers"], c["first_name"], c["last_name"]) for c in booked(ep)] == [(pax, *name)]


@pytest.mark.parametrize("line", ["I won't be travelling, cancel BKG3R0CN", "I'm not travelling any more"])
def test_not_travelling_without_a_new_trip_is_still_a_cancellation(line):  # near miss
    assert parse(line, DB).has("cancel")


# --- F6. a change that names the booked date too -----------------------------------------------------------------

@pytest.mark.parametrize("first,new", [
    ("BKFKS7B2 Nguyen, move 3/7 -> 16/8", "2026-08-16"),  # the tester's
    ("BKFKS7B2 Nguyen, move 03/07 -> 16/08", "2026-08-16"),
    ("Hi, booking BKFKS7B2, last name Nguyen, flying July 3rd. Could you push it back a week?", "2026-07-10"),
    ("Hi, booking BKFKS7B2, last name Nguyen, flying July 3rd. Could you move it a day earlier?", "2026-07-02"),
    ("Hi, booking BKFKS7B2, last name Nguyen, flying July 3rd. Could you move it to the following Sunday?", "2026-07-05"),
    ("Hi, booking BKFKS7B2, last name Nguyen, flying July 3rd. Could you move it to the Friday two weeks later?",
     "2026-07-17"),
    ("Hi, booking BKFKS7B2, surname Nguyen. Can you push it back to Sunday, August 16th?", "2026-08-16"),
    ("BKFKS7B2 Nguyen, booked for July 3rd, can you push it back to August 16th?", "2026-08-16"),
    ("BKFKS7B2 Nguyen, push it back a week, to July 10th", "2026-07-10"),  # the date after "to" is the new one
    ("Hi! BKFKS7B2 - Nguyen. Please change my July 3 flight to Aug 16.", "2026-08-16"),  # near miss: as before
])
def test_a_change_searches_the_new_date(first, new):
    assert [d for *_, d in searches(play([first], CHANGE5))] == [new]


def test_a_change_with_both_dates_changes_to_the_new_date_after_a_yes():
    msgs = ["Hi, booking BKFKS7B2, last name Nguyen, flying July 3rd. Could you push it back a week?", "1", "yes"]
    ep = play(msgs, CHANGE5)
    assert [c["date"] for c in _calls(ep, "search_flights")] == ["2026-07-10"]
    assert all(D.db.flights[f].departure_time.startswith("2026-07-10")
               for c in _calls(ep, "modify_booking") for f in c["new_flight_ids"])


def test_a_pushed_back_date_is_no_return_but_a_round_trip_back_is():  # near miss
    assert parse("London to Madrid May 4, back May 10", DB).return_date == "2026-05-10"
    assert parse("BKFKS7B2 Nguyen, push it back to August 16th", DB).return_date is None


# --- F7. markdown fields on one line -------------------------------------------------------------------------

@pytest.mark.parametrize("text,pax,name", [
    ("Hi! I'd like to book flights for a group. Here are the details: **From:** London **To:** Rome **Date:** July 23, "
     "2026 **Number of passengers:** 6 **Lead passenger:** Carlos Chen", 6, ("Carlos", "Chen")),  # the tester's
    ("**From:** Boston **To:** Denver **Date:** June 3 **Passengers:** 3", 3, (None, None)),
    ("**From**: Boston **To**: Denver **Date**: June 3 **Passengers**: 3 **Name**: Ana Lopez", 3, ("Ana", "Lopez")),
])
def test_markdown_fields_on_one_line_keep_the_count_and_name(text, pax, name):
    p = parse(text, DB)
    assert (p.passengers, p.first_name, p.last_name) == (pax, *name) and p.origin and p.destination and p.date


def test_the_markdown_group_is_summarised_for_its_count():
    first = ("Hi! I'd like to book flights for a group. Here are the details: **From:** London **To:** Rome **Date:** "
             "July 23, 2026 **Number of passengers:** 6 **Lead passenger:** Carlos Chen")
    reply = _after(play([first, "Option 1 please."], GROUP1), "Option 1 please.")
    assert "for 6 passengers, under the name Carlos Chen" in reply


# --- F8. "the first 5" of a group -----------------------------------------------------------------------------

@pytest.mark.parametrize("line", ["Yes, please book the first 5.", "the first 5 please", "book the first five of us"])
def test_the_first_n_is_a_count_not_option_one(line):
    p = parse(line, DB)
    assert p.selection is None and p.passengers == 5


@pytest.mark.parametrize("line", ["book the first one", "the first", "the first option please"])
def test_the_first_one_is_still_option_one(line):  # near miss
    assert parse(line, DB).selection == 0


def test_the_first_5_at_a_large_group_summary_books_nothing_on_a_guess():
    msgs = ["Hi, I need to book 10 people from New York to London on March 13, lead passenger Leila Chen",
            "ok split it, 5 and 5", "SA4005 please", "Yes, please book the first 5."]
    ep = play(msgs, LARGE1)
    assert mutated(ep) == [] and "SA9987" not in _after(ep, msgs[-1]) and "for 5 passengers" in _after(ep, msgs[-1])


# --- F10. a hold said with the next step ------------------------------------------------------------------------

HOLD_FIRST = ("Hello! I'd like to put some seats on hold for a flight from Dubai to Hong Kong on October 3rd, 2026. There "
              "will be 2 passengers, and I don't want to pay just yet. My name is Nadia Tanaka.")


@pytest.mark.parametrize("line", ["Please hold it and I'll book it later today", "Yes please hold it and I will pay for it later",
                                  "hold it please, I'll book it tomorrow"])
def test_a_hold_said_with_booking_it_later_holds(line):
    ep = play([HOLD_FIRST, "I'll go with the first option, please.", line], HOLD1)
    assert [c["flight_ids"] for c in _calls(ep, "hold_itinerary")] == [["SA6403"]] and not booked(ep)


@pytest.mark.parametrize("line", ["Yes, please hold it. I need to check with my husband tonight.",
                                  "Yes, please hold it. I'll confirm after I check with my wife tonight."])
def test_a_hold_that_waits_on_someone_else_is_asked_again_with_the_hold_rule(line):
    ep = play([HOLD_FIRST, "I'll go with the first option, please.", line], HOLD1)
    reply = _after(ep, line)
    assert mutated(ep) == [] and "A hold is made for that" in reply and "Shall I place the hold?" in reply


def test_a_hold_with_other_seats_booked_later_is_asked_again():  # near miss: "them" may be other seats
    line = "yes hold them and I'll book them later"
    ep = play([HOLD_FIRST, "I'll go with the first option, please.", line], HOLD1)
    assert mutated(ep) == []


# --- F11. "no return flight" at a round-trip listing ---------------------------------------------------------------

@pytest.mark.parametrize("line", ["No return flight, I don't need it anymore.",
                                  "skip the return, I don't need it any more"])
def test_no_return_keeps_the_outbound(line):
    ep = play(["London to Madrid, 4 May, back 6 Dec, 3 pax, Fatima Novak", line], ROUND2)
    reply = _after(ep, line)
    assert "stopped there" not in reply and "SA4790" in reply and "Which flight would you like" in reply


def test_i_dont_need_it_anymore_alone_still_drops_the_trip():  # near miss
    line = "I don't need it anymore"
    ep = play(["London to Madrid, 4 May, back 6 Dec, 3 pax, Fatima Novak", line], ROUND2)
    assert "nothing has been booked" in _after(ep, line)
