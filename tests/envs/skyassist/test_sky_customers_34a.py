"""SkyAssist reference agent, findings of the tester ``sky-customers-15`` (/work/h34/sky-customers-15/report.md) taken
up in the thirty-fourth session, with the tester's words, other phrasings, and the near misses that must keep their
old reading:

F1.  a departure time before "seat" ("book the 8:05 seat please", "the 8.05 seat", "put me on the 08:10 seat") picks
     the flight and counts no one (it was read as 5 passengers, or as a group of 10);
F4.  "can you add my husband to that?", "can u make it 4 people", "one of us can't come" once a booking is made (or
     changed): a booking's travellers cannot be changed, so that is said; for those joining a separate booking of the
     same flights is offered as a new charge, and made only after its own summary and yes; never a second booking for
     the whole party in silence;
F6.  both legs picked by departure time: "the 8am going and the 10:30 business coming back", "0740 outbound and 1200
     return", "8:00 out, 10:30 back, business both ways";
F7.  a time followed by a cabin: "8:10 economy", "8:10am in economy";
F9.  "ok that one", "fine take it", "yes that" right after the agent named the cheapest flight;
F14. "the 08:05 seat for me" is one passenger.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse, party_sizes
from tests.envs.skyassist.test_language import DB
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play

ONE7 = D.scenario("one_way", 7)  # DXB-JFK 2026-05-24: SA1757 07:45 premium, SA0390 08:05 economy; MIA-DOH 2026-04-14
GROUP31 = D.scenario("group_booking", 31)  # DXB-LHR 2026-07-23, 5 passengers
ROUND23 = D.scenario("round_trip", 23)  # YYZ-JFK 2026-10-31, back 2026-11-20
HOLD52 = D.scenario("hold_request", 52)  # DUB-ORD: SA4152 08:10 economy on 2026-03-05
CHANGE41 = D.scenario("change_booking", 41)  # BKTP3IWM Novak


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


def booked(ep) -> list[tuple[list[str], int, str, str]]:
    return [(c["flight_ids"], c["passengers"], c["first_name"], c["last_name"]) for c in _calls(ep, "book_flight")]


# --- F1. "the 8:05 seat" is a flight, not 5 seats -------------------------------------------------------------------

DUBAI = "Dubai to New York on May 24, Maya Adeyemi"


@pytest.mark.parametrize("line", ["book the 8:05 seat please", "the 8.05 seat", "I want the 8:05 seat",
                                  "can I get the 8:05 seat?"])
def test_a_time_before_seat_picks_the_flight_and_counts_no_one(line):
    ep = play([DUBAI, line], ONE7)
    reply = _after(ep, line)
    assert "SA0390" in reply and "5 passengers" not in reply and "How many passengers" in reply
    ep = play([DUBAI, line, "just me", "yes"], ONE7)
    assert booked(ep) == [(["SA0390"], 1, "Maya", "Adeyemi")]


@pytest.mark.parametrize("line", ["book the 8:10 seat please", "put me on the 08:10 seat"])
def test_minutes_over_nine_before_seat_are_no_group(line):
    hold = "Can u put a seat aside for me Dublin→Chicago on 5/3? Not paying yet, just hold. Kwame Yilmaz"
    ep = play([hold, "march, european format", line], HOLD52)
    reply = _after(ep, line)
    assert "SA4152" in reply and "9 passengers" not in reply and "group of 10" not in reply


@pytest.mark.parametrize("text, count", [("book the 8:05 seat please", set()), ("the 8.05 seat", set()),
                                         ("put me on the 08:10 seat", set()), ("one seat on the 8:10 please", {1}),
                                         ("2 seats on the 8:05", {2}), ("the 8:05, 2 seats", {2}),
                                         ("we need 3 seats", {3})])
def test_the_count_beside_a_time(text, count):
    assert set(party_sizes(text)) == count


def test_the_seat_for_me_at_a_time_is_one_passenger():
    ep = play([DUBAI, "the 08:05 seat for me", "yes"], ONE7)
    assert booked(ep) == [(["SA0390"], 1, "Maya", "Adeyemi")]


def test_a_count_said_with_the_timed_seat_is_still_read():  # near miss
    ep = play([DUBAI, "2 seats on the 8:05 please", "yes"], ONE7)
    assert booked(ep) == [(["SA0390"], 2, "Maya", "Adeyemi")]


# --- F4. an edit of a booking made is no new booking in silence -----------------------------------------------------

MAYA = ("so I'm flying Miami to Doha on april 14th, it's for a wedding, my cousin's, long story but I missed the group "
        "booking so now I need my own seat, just me, Maya Adeyemi. economy is fine")
MAYA_BOOKED = [MAYA, "the cheapest", "yes book it"]  # BKC4183B, SA4678, 1 passenger
YUKI = ("hallo, we are 5 persons want fly dubai to london 23 july, all together please. my name yuki larsen")
YUKI_BOOKED = [YUKI, "what is more cheap?", "number 2", "yes ok 👍"]  # SA9881, 5 passengers


@pytest.mark.parametrize("line", ["oh wait can you add my husband to that?", "can you add my wife to my booking too?",
                                  "please add one more passenger to that booking",
                                  "my sister wants to come too, can you add her?"])
def test_adding_someone_to_a_booking_made_is_answered_honestly(line):
    ep = play(MAYA_BOOKED + [line], ONE7)
    reply = _after(ep, line)
    assert "can't add passengers" in reply and "separate new booking" in reply and "new charge" in reply
    assert "BKC4183B" in reply and "Noted, 2 passengers" not in reply
    assert len(booked(ep)) == 1 and not _calls(ep, "search_flights")[1:]
    # the tester's next messages: the same flight named, then a yes, book nothing for two
    ep = play(MAYA_BOOKED + [line, "SA4678", "yes"], ONE7)
    assert [b[1] for b in booked(ep)] == [1]


def test_the_separate_booking_offered_is_for_the_one_joining_under_their_name():
    line = "oh wait can you add my husband to that?"
    ep = play(MAYA_BOOKED + [line, "yes please", "Tom Adeyemi"], ONE7)
    summary = _after(ep, "Tom Adeyemi")
    assert "separate booking" in summary and "BKC4183B" in summary and "for 1 passenger" in summary
    assert "Tom Adeyemi" in summary and len(booked(ep)) == 1  # nothing booked before its own yes
    ep = play(MAYA_BOOKED + [line, "yes please", "Tom Adeyemi", "yes"], ONE7)
    assert booked(ep) == [(["SA4678"], 1, "Maya", "Adeyemi"), (["SA4678"], 1, "Tom", "Adeyemi")]


def test_a_companion_added_after_a_change_is_booked_apart_under_his_name():
    msgs = ["hey need 2 move my trip BKTP3IWM novak, can u do nov 24 instead thx 🙏", "the 5.15pm one pls",
            "ya go ahead", "perfect, now can u add my husband Tomas Novak to that booking"]
    ep = play(msgs, CHANGE41)
    assert "can't add passengers" in _after(ep, msgs[-1]) and not booked(ep)
    ep = play(msgs + ["yes", "yes"], CHANGE41)
    assert [(b[1], b[2], b[3]) for b in booked(ep)] == [(1, "Tomas", "Novak")]


@pytest.mark.parametrize("line", ["oh no my friend just texted he cant come. can u make it 4 people",
                                  "one of us cant come, take him off the booking",
                                  "my friend cant come anymore, can you remove him?", "can you change it to 4 people"])
def test_fewer_travellers_on_a_booking_made_is_answered_honestly(line):
    ep = play(YUKI_BOOKED + [line], GROUP31)
    reply = _after(ep, line)
    assert "can't remove passengers" in reply and "stays as it is" in reply and "non-refundable" in reply
    assert len(booked(ep)) == 1 and not _calls(ep, "cancel_booking")


def test_a_new_booking_after_that_says_the_first_stays():
    line = "oh no my friend just texted he cant come. can u make it 4 people"
    ep = play(YUKI_BOOKED + [line, "number 2"], GROUP31)
    summary = _after(ep, "number 2")
    assert "separate booking" in summary and "stays as it is" in summary and "for 4 passengers" in summary


@pytest.mark.parametrize("line", ["can you also book a seat for my husband", "thanks, that's all",
                                  "I also need a flight back on April 20"])
def test_other_requests_after_a_booking_are_no_edit(line):  # near misses
    ep = play(MAYA_BOOKED + [line], ONE7)
    reply = _after(ep, line)
    assert "can't add passengers" not in reply and "can't remove passengers" not in reply
    assert len(booked(ep)) == 1


# --- F6. both legs by departure time --------------------------------------------------------------------------------

ZARA = "Toronto to New York Oct 31, back Nov 20. Zara Costa, 1 pax"


@pytest.mark.parametrize("line", ["the 8am going and the 10:30 business coming back",
                                  "8:00 out, 10:30 back, business both ways",
                                  "the 10:30 business back and the 8am out", "0800 outbound and 1030 return, business"])
def test_both_legs_picked_by_time(line):
    ep = play([ZARA, line], ROUND23)
    assert "You picked SA4415 (Business) and SA9782 (Business)" in _after(ep, line)


@pytest.mark.parametrize("line", ["the 7:40am going, and coming back the 12 o'clock", "0740 outbound and 1200 return"])
def test_both_legs_by_time_in_other_cabins_are_read_and_explained(line):
    ep = play([ZARA, line], ROUND23)
    reply = _after(ep, line)
    assert "SA6165" in reply and "SA3145" in reply and "same cabin" in reply
    assert "could not match" not in reply and "did not catch" not in reply


def test_one_time_picks_the_outbound_only():  # near miss
    ep = play([ZARA, "the 8am one"], ROUND23)
    reply = _after(ep, "the 8am one")
    assert "SA4415" in reply and "SA9782" not in reply.split("SA4415", 1)[1].split(".")[0]


def test_options_for_both_legs_still_work():  # near miss
    ep = play([ZARA, "2 and 2"], ROUND23)
    assert "You picked SA4415 (Business) and SA9782 (Business)" in _after(ep, "2 and 2")


# --- F7. a time, then the cabin -------------------------------------------------------------------------------------

HOLD = "Can u put a seat aside for me Dublin→Chicago on 5/3? Not paying yet, just hold. Kwame Yilmaz"


@pytest.mark.parametrize("line", ["8:10 economy", "8:10am economy", "8:10 in economy", "8:10 economy pls",
                                  "economy 8:10"])
def test_a_time_then_a_cabin_picks_that_flight(line):
    ep = play([HOLD, "march, european format", line], HOLD52)
    assert "You picked SA4152 (Economy)" in _after(ep, line)


@pytest.mark.parametrize("text, selection, count", [("8:10 economy", "at 08:10", None),
                                                    ("the 7pm business", "at 19:00", None),
                                                    ("2 economy seats", None, 2), ("2 economy", None, None)])
def test_a_time_before_a_cabin_is_no_count(text, selection, count):
    p = parse(text, DB)
    assert (p.selection, p.passengers) == (selection, count)


# --- F9. "ok that one" after one flight was named ---------------------------------------------------------------------

@pytest.mark.parametrize("line", ["ok that one", "fine take it", "ok book this one", "ok this", "yes that",
                                  "that's good"])
def test_that_one_after_the_cheapest_was_named_takes_it(line):
    ep = play([YUKI, "what is more cheap?", line], GROUP31)
    assert "You picked SA9881 (Economy)" in _after(ep, line)


def test_that_one_at_a_plain_listing_is_still_asked():  # near miss: nothing was singled out
    ep = play([YUKI, "ok that one"], GROUP31)
    reply = _after(ep, "ok that one")
    assert "which one do you mean" in reply and "You picked" not in reply


# --- F14. "for me" is one passenger ---------------------------------------------------------------------------------

def test_for_me_with_the_trip_is_one_passenger():
    line = "Hi I need Miami to Doha June 9th for me, Tomasz Haddad"
    ep = play([line, "1"], D.scenario("one_way", 13))
    assert "How many passengers" not in _after(ep, line) and "for 1 passenger" in _after(ep, "1")


def test_a_seat_put_aside_for_me_is_one_passenger():
    ep = play([HOLD, "march, european format", "8:10 economy"], HOLD52)
    assert "for 1 passenger" in _after(ep, "8:10 economy")


@pytest.mark.parametrize("text, alone", [("I need a flight to Rome for me and my wife", False),
                                         ("I need you to check something for me", False),
                                         ("can you put a seat aside for me", True)])
def test_for_me_near_misses(text, alone):
    assert parse(text, DB).for_me is alone
