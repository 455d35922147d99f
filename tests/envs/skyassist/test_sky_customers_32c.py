"""SkyAssist reference agent, findings of the thirty-second session's tester ``sky-customers-10``
(/work/h32/sky-customers-10/report.md), with the tester's words, other phrasings, and the near misses that must keep
their old reading ("now" in the scenarios is Monday 2026-03-02):

F1.  a person told by age ("my 3 year old", "a 10-year-old", "our 6yo", "my 8 year old son", "2 under-12s") is one
     person (or as many as said), never a count of the age: "me and my 3 year old" = 2, not 4;
F2.  the booker's own name said first ("Jordan Lee here. ... for Maya Adeyemi?", "Hi I'm ...", "Hello, it's ...",
     "Sam Ortiz speaking ... for my wife Maya Adeyemi"): the traveller named for the trip is the name booked;
F3.  a name typed in capitals, then a lower-case word ("Maya Adeyemi obviously", "... x", "... mate"): that word is
     never the surname; the name is asked again, on its own;
F4.  shortened weekdays in a weekday date of a month ("the 1st Tue of June", "the 4th sat in sept");
F5.  a weekday named by a holiday ("Thanksgiving Thursday", "Maundy Thursday", "Easter Monday"): asked, never the
     coming weekday;
F6.  in a change, "the following Thursday" / "one day later, the Thursday" are read from the booked date; a return
     "back the following Monday" is after the outbound;
F7.  "rtn 25sep/11jan": a pair of dates after "rtn" is the outbound and the return, never a swap;
F8.  booking references typed "BKZYZ-BWR", "B-K-Z-Y-Z-B-W-R", "BK_ZYZ_BWR", with an en dash, or "bkzyz bwr";
F9.  "the later economy one", "the one that leaves later": a pick by time, never "I'll decide later".

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_language import DB
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play

GROUP7 = D.scenario("group_booking", 7)  # ORD-FRA 2026-10-10: option 1 SA8532 Economy
ONE7 = D.scenario("one_way", 7)
CHANGE414 = D.scenario("change_booking", 414)  # BKTHH18G, Mensah: FRA-DFW Wed 2026-08-12
CHANGE30 = D.scenario("change_booking", 30)  # BKU363FH, Johansson: LHR-ORD Tue 2026-09-01
CHANGE7 = D.scenario("change_booking", 7)  # BKZYZBWR, Mensah
ROUND25 = D.scenario("round_trip", 25)  # LHR-JFK 2026-03-17


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


# --- F1. a person told by age is one person ------------------------------------------------------------------

@pytest.mark.parametrize("text,n", [
    ("me and my 3 year old", 2), ("me and my 5 year old", 2), ("myself + my 6 yr old", 2), ("me and my 7 month old", 2),
    ("me and my 8 year old son", 2), ("2 adults and our 3 year old", 3), ("my wife, me and our 2 year old", 3),
    ("me and my 3 year old twins", 3), ("2 adults and a 10 year old", 3), ("me, my wife and our 10-year-old", 3),
    ("2 adults, plus our 6yo", 3), ("2 adults and a 14-year-old", 3), ("2 adults and 2 under-12s", 4),
    ("me and my 4yo", 2), ("me and my 9yo daughter", 2), ("me and my two 5 year olds", 3), ("just me and my 6 y/o", 2),
    # near misses, as before
    ("me + my daughter (7)", 2), ("me and my son who is 8", 2), ("me and my 2 kids aged 5 and 8", 3),
    ("I'm 65, flying with my husband", 2), ("2 adults and our son, he's 4", 3), ("two adults and a child seat", 2),
    ("me and my three kids", 4), ("2 adults and 1 lap infant", 3),
])
def test_an_age_is_never_a_count(text, n):
    assert parse(text, DB).passengers == n


@pytest.mark.parametrize("line,n", [("Chicago to Frankfurt oct 10, me and my 3 year old", 2),
                                    ("Chicago to Frankfurt oct 10, me and my 8 year old son", 2),
                                    ("Chicago to Frankfurt oct 10, 2 adults and a 10 year old", 3)])
def test_a_party_with_a_child_told_by_age_is_booked_as_said(line, n):
    ep = play([line, "1", "Carlos Dubois", "yes"], GROUP7)
    assert f"for {n} passengers" in _after(ep, "Carlos Dubois")
    assert [c["passengers"] for c in _calls(ep, "book_flight")] == [n]


# --- F2. the booker's name said first; the traveller named "for" the trip is booked ------------------------------

@pytest.mark.parametrize("line", [
    "Jordan Lee here. Could you book Miami to Doha on April 14 for Maya Adeyemi?",
    "Hi I'm Jordan Lee, please book Miami to Doha April 14 for Maya Adeyemi, one passenger",
    "Hello, it's Jordan Lee. Need Miami to Doha on April 14 for my colleague Maya Adeyemi, 1 seat",
    "Hi, Sam Ortiz speaking. I'd like to book Miami to Doha April 14 for my wife Maya Adeyemi",
    "Booking for my manager Maya Adeyemi, Miami to Doha April 14. I'm Jordan Lee, her PA",
])
def test_the_traveller_named_for_the_trip_is_the_name(line):
    p = parse(line, DB)
    assert (p.first_name, p.last_name) == ("Maya", "Adeyemi")


@pytest.mark.parametrize("line", ["Hi I'm Jordan Lee, book Miami to Doha April 14 for me",
                                  "Jordan Lee here, Miami to Doha April 14, just me",
                                  "I'm booking for me and my boss, Miami to Doha April 14, I'm Jordan Lee"])
def test_the_speaker_travelling_keeps_their_name(line):
    p = parse(line, DB)
    assert (p.first_name, p.last_name) == ("Jordan", "Lee")


def test_the_booker_first_is_not_booked():
    line = "Jordan Lee here. Could you book Miami to Doha on April 14 for Maya Adeyemi?"
    ep = play([line, "2", "1", "yes"], ONE7)
    assert [(c["first_name"], c["last_name"]) for c in _calls(ep, "book_flight")] == [("Maya", "Adeyemi")]


# --- F3. a lower-case word after a capitalised name is no surname ----------------------------------------------

@pytest.mark.parametrize("answer", ["Maya Adeyemi obviously", "Maya Adeyemi x", "Maya Adeyemi mate", "Maya Adeyemi duh",
                                    "Maya Adeyemi myself", "Maya Adeyemi too", "Maya Adeyemi naturally"])
def test_a_word_after_the_name_is_no_surname(answer):
    p = parse(answer, DB, expecting="name")
    assert p.last_name is None and p.name_words == ["Maya", "Adeyemi"]
    ep = play(["Miami to Doha April 14, just me", "2", answer, "yes"], ONE7)
    assert _calls(ep, "book_flight") == []
    assert "first and last name on its own" in _after(ep, answer)
    ep = play(["Miami to Doha April 14, just me", "2", answer, "Maya Adeyemi", "yes"], ONE7)
    assert [(c["first_name"], c["last_name"]) for c in _calls(ep, "book_flight")] == [("Maya", "Adeyemi")]


@pytest.mark.parametrize("answer,first,last", [("maya adeyemi", "Maya", "Adeyemi"), ("Maya Adeyemi", "Maya", "Adeyemi"),
                                               ("Anna van der Berg", "Anna", "van der Berg"),
                                               ("Mary Jane Watson", "Mary Jane", "Watson")])
def test_names_as_typed_are_read_as_before(answer, first, last):
    p = parse(answer, DB, expecting="name")
    assert (p.first_name, p.last_name) == (first, last)


# --- F4. shortened weekdays in a weekday date of a month -------------------------------------------------------

@pytest.mark.parametrize("text,iso", [
    ("Amsterdam to Madrid on the 1st Tue of June", "2026-06-02"), ("the 2nd tue of june", "2026-06-09"),
    ("the 3rd Wed of April", "2026-04-15"), ("the 1st fri in july", "2026-07-03"), ("the 4th sat in sept", "2026-09-26"),
    ("the first fri in july", "2026-07-03"), ("the last fri in june", "2026-06-26"), ("the 1st Thurs. of May", "2026-05-07"),
    # near misses, as before
    ("the 2nd Tuesday of June", "2026-06-09"), ("fri the 13th of march", "2026-03-13"), ("the 1st of june", "2026-06-01"),
])
def test_a_shortened_weekday_of_a_month_is_read(text, iso):
    assert parse(text, DB).date == iso


def test_a_shortened_weekday_of_a_month_is_searched():
    line = "Amsterdam to Madrid on the 1st Tue of June, just me, Maya Adeyemi"
    ep = play([line], ONE7)
    assert [c["date"] for c in _calls(ep, "search_flights")] == ["2026-06-02"]


# --- F5. a weekday named by a holiday is asked -------------------------------------------------------------------

@pytest.mark.parametrize("text", ["on Thanksgiving Thursday", "Maundy Thursday", "on Holy Thursday", "Easter Monday",
                                  "the Thursday of Labor Day week", "Good Friday", "the Friday after Thanksgiving"])
def test_a_holiday_weekday_is_no_coming_weekday(text):
    assert parse(text, DB).dates == []


@pytest.mark.parametrize("text,iso", [("thursday", "2026-03-05"), ("a good flight on friday", "2026-03-06"),
                                      ("Easter Monday april 6", "2026-04-06")])
def test_weekdays_without_a_holiday_are_read_as_before(text, iso):
    assert parse(text, DB).date == iso


@pytest.mark.parametrize("line", ["JFK to London on Thanksgiving Thursday, just me, Maya Adeyemi",
                                  "JFK to London on Maundy Thursday, just me, Maya Adeyemi"])
def test_a_holiday_weekday_is_asked(line):
    ep = play([line], ONE7)
    assert _calls(ep, "search_flights") == []
    assert "What date would you like to fly" in _after(ep, line)


# --- F6. a weekday in a change is read from the booked date ------------------------------------------------------

@pytest.mark.parametrize("ask,sc,iso", [
    ("booking BKTHH18G, surname Mensah. move it to the following Thursday please", CHANGE414, "2026-08-13"),
    ("booking BKTHH18G, surname Mensah. move it one day later, the Thursday", CHANGE414, "2026-08-13"),
    ("booking BKTHH18G, surname Mensah. push it to the next Thursday", CHANGE414, "2026-08-13"),
    ("booking BKU363FH, Johansson. move it to the following Tuesday please", CHANGE30, "2026-09-08"),
])
def test_a_weekday_in_a_change_is_after_the_booked_date(ask, sc, iso):
    ep = play([ask], sc)
    assert [c["date"] for c in _calls(ep, "search_flights")] == [iso]


def test_a_weekday_after_a_booking_looked_up_is_after_its_date():
    ep = play(["booking BKTHH18G, surname Mensah", "move it to the following Thursday please"], CHANGE414)
    assert [c["date"] for c in _calls(ep, "search_flights")] == ["2026-08-13"]


def test_a_shift_that_does_not_fall_on_the_weekday_is_asked():
    ask = "booking BKTHH18G, surname Mensah. move it two days later, the Thursday"
    ep = play([ask], CHANGE414)
    assert _calls(ep, "search_flights") == []
    assert "What date would you like to move it to" in _after(ep, ask)


def test_a_return_the_following_weekday_is_after_the_outbound():
    line = "London to New York JFK on March 17, back the following Monday, just me, Maya Adeyemi"
    assert parse(line, DB).return_date == "2026-03-23"
    ep = play([line], ROUND25)
    assert [c["date"] for c in _calls(ep, "search_flights")] == ["2026-03-17", "2026-03-23"]


# --- F7. a pair of dates after "rtn" --------------------------------------------------------------------------

@pytest.mark.parametrize("text,out,back", [
    ("Seattle to Tokyo rtn 25sep/11jan, just me", "2026-09-25", "2027-01-11"),
    ("London to Johannesburg rtn 1sep/20nov", "2026-09-01", "2026-11-20"),
    ("London to Johannesburg rtn 1 Sept/20 Nov", "2026-09-01", "2026-11-20"),
    ("Frankfurt to London rtn, 13jun/21sep, 3ppl", "2026-06-13", "2026-09-21"),
    ("return 13 June - 21 Sept", "2026-06-13", "2026-09-21"),
    # near misses, as before
    ("1sep/20nov return", "2026-09-01", "2026-11-20"), ("out 1sep back 20nov", "2026-09-01", "2026-11-20"),
    ("London to Paris June 13, return June 20", "2026-06-13", "2026-06-20"),
])
def test_a_pair_of_dates_is_out_and_back(text, out, back):
    p = parse(text, DB)
    assert (p.date, p.return_date) == (out, back)


def test_a_pair_of_dates_after_rtn_is_searched_in_order():
    line = "Seattle to Tokyo rtn 25sep/11jan, just me, Maya Adeyemi"
    ep = play([line], ONE7)
    assert [c["date"] for c in _calls(ep, "search_flights")] == ["2026-09-25", "2027-01-11"]


# --- F8. booking references typed in groups --------------------------------------------------------------------

@pytest.mark.parametrize("text", ["BKZYZ-BWR", "I just told you: BKZYZ-BWR", "B-K-Z-Y-Z-B-W-R", "BK_ZYZ_BWR",
                                  "BK\u2013ZYZ\u2013BWR", "bkzyz bwr", "bk-zyz-bwr", "BK.ZYZ.BWR", "B K Z Y Z B W R",
                                  "BK ZYZ BWR Mensah"])
def test_a_reference_typed_in_groups_is_read(text):
    assert parse(text, DB).booking_ids == ["BKZYZBWR"]


@pytest.mark.parametrize("text", ["my bk is 12 34 56 78", "I saw BK ZYZ on tv and 3 people"])
def test_no_reference_is_made_up(text):
    assert parse(text, DB).booking_ids == []


def test_a_reference_with_a_joined_group_is_looked_up():
    ep = play(["hi, booking BKZYZ-BWR, last name Mensah, please move it to December 6"], CHANGE7)
    assert [c["booking_id"] for c in _calls(ep, "lookup_booking")] == ["BKZYZBWR"]


# --- F9. "later" in a pick by time -----------------------------------------------------------------------------

@pytest.mark.parametrize("pick,fid", [("the later economy flight please", "SA4005"), ("economy, the later departure", "SA4005"),
                                      ("the later economy one", "SA4005"), ("the one that leaves later", "SA4005"),
                                      ("the earlier economy one", "SA9987"), ("the later one", "SA4005")])
def test_a_later_flight_is_picked(pick, fid):
    ep = play(["JFK to London March 13, just me, Maya Adeyemi", pick], ONE7)
    assert f"You picked {fid}" in _after(ep, pick)


@pytest.mark.parametrize("text", ["I'll decide later", "let me think and come back later", "later, thanks"])
def test_a_decision_put_off_is_still_later(text):
    assert parse(text, DB).later
