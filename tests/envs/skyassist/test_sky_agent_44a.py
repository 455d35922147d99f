"""Five misreadings of the compliant SkyAssist agent (``--faults none``) found by the forty-third session's black-box
tester (skyA), fixed as classes in the forty-fourth session (fix44a):

1. At a round trip's summary, "not the return option 2, option 3" (and other wordings that turn down one leg's pick
   and name another) was not understood: "not the return ..." dropped the return, "for the return, not option 2 but
   option 1" kept the turned-down return, "i dont want return option 2, i want option 1" started a new one-way
   search, and "change the return to option 3" (no such option) re-showed the old summary, so a following yes booked
   the rejected return. Now the named pick is applied to that leg (and summarised for its own yes), or, with no such
   option or none named, the agent asks which and keeps nothing proposed.
2. "two of us are going to be late" after a group booking started a NEW booking ("Noted, 2 passengers" and the
   listing again). A remark about some of the party ("one of us is in a wheelchair", "two of us are vegetarian")
   now starts nothing: the booking is said to stay as it is and what they want is asked.
3. "cancel BK..., maybe not today though, can it wait until next week?" was proposed as a plain cancel and executed
   on "ok". A cancellation put off in the same message is now proposed with the timing said (it takes effect at
   once; it can't be scheduled) and a bare "ok" / "fine" to it is asked again; only a clear yes cancels.
4. "what's the status of my other booking?" after a booking made in the same chat showed the NEW booking; it now
   asks for the reference of the booking had before (as "cancel my old booking" already did) and looks that up.
5. A hold placed in the chat was not covered by the group-shrink reading: "one of us can't come anymore" after
   holding 4 seats, then "yes", placed a new hold for 1 and cancelled the old one ("two of us can't make it", "yes"
   cancelled the hold outright). It is now read as for a confirmed booking: the hold stays, and cancelling it and
   placing a new hold for those still going is offered, each step with its own yes.
"""
from __future__ import annotations

import json

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages

D = get_domain("skyassist")
WRITES = ("book_flight", "hold_itinerary", "cancel_booking", "modify_booking")


def _play(family: str, seed: int, messages: list[str]):
    sc = D.scenario(family, seed)
    return play_messages(D, sc, D.make_target("reference", []), [m.format(**sc) for m in messages], "t")


def _written(t) -> list[tuple[str, dict]]:
    return [(c["function"]["name"], json.loads(c["function"]["arguments"])) for m in t.messages
            for c in m.get("tool_calls") or [] if c["function"]["name"] in WRITES]


def _last(t) -> str:
    return [m["content"] for m in t.messages if m["role"] == "assistant" and m.get("content")][-1]


# --- 1. one leg's pick turned down at a round trip's summary -----------------------------------------------------
# round_trip 5 (one passenger, outbound option 2 = SA0390, return option 2 = SA3665): the return lists
# 1) SA4762 Economy, 2) SA3665 Economy, 3) SA4693 Business
ROUND5 = ["hi, I need a round trip from {origin_city} to {destination_city} on {date}, back on {return_date}",
          "just me", "option 2", "option 2", "Arjun OBrien"]
RETURN_REPICKED = [
    "not the return option 2, option 1", "not option 2 for the return, option 1", "return: not 2, 1",
    "for the return, not option 2 but option 1", "not return option 2 - option 1 please",
    "the return should be option 1 not option 2", "no, not option 2 on the way back, make it option 1",
    "i dont want return option 2, i want option 1", "return option 1 instead of 2",
    "yes but not the return option 2, option 1 instead", "not the second return flight, the first one",
    "not SA3665 for the return, SA4762", "Not the return option 2 — option 1 pls", "not that return, option 1",
    # near misses that already picked the return's option 1 and still do
    "change the return to option 1", "the way back should be SA4762", "return option 1 pls",
]


@pytest.mark.parametrize("said", RETURN_REPICKED)
def test_return_repicked_at_the_summary_is_booked_as_said(said):
    t = _play("round_trip", 5, ROUND5 + [said, "yes"])
    assert [(n, a["flight_ids"]) for n, a in _written(t)] == [("book_flight", ["SA0390", "SA4762"])], said


@pytest.mark.parametrize("said", ["not the return option 2, option 3", "for the return, not option 2 but option 3",
                                  "return: not 2, 3"])
def test_return_repicked_in_another_cabin_books_nothing_on_yes(said):
    t = _play("round_trip", 5, ROUND5 + [said, "yes"])
    assert _written(t) == [], said


@pytest.mark.parametrize("said", ["not that return", "a different return please", "not this return flight"])
def test_return_turned_down_with_none_named_is_asked(said):
    t = _play("round_trip", 5, ROUND5 + [said])
    assert "Which return flight would you like instead" in _last(t) and "SA3665" in _last(t), said
    t = _play("round_trip", 5, ROUND5 + [said, "yes"])
    assert _written(t) == [], said


# round_trip 4 (the tester's seed): the return lists only 1) SA7513 (sold out) and 2) SA7881; the outbound lists
# 1) SA0904, 2) SA2071 Business, 3) SA6059
ROUND4 = ["hi, I need a round trip from {origin_city} to {destination_city} on {date}, back on {return_date}",
          "just me", "option 1", "option 2", "Arjun OBrien"]
NO_SUCH_RETURN = [
    "not the return option 2, option 3", "not option 2 for the return, option 3", "return: not 2, 3",
    "for the return, not option 2 but option 3", "the return should be option 3 not option 2",
    "no, not option 2 on the way back, make it option 3", "i dont want return option 2, i want option 3",
    "not that return, option 3", "change the return to option 3", "yes but not the return option 2, option 3 instead",
    "i dont want the second return flight, the third one",
]


@pytest.mark.parametrize("said", NO_SUCH_RETURN)
def test_no_such_return_option_is_said_and_the_turned_down_one_never_booked(said):
    t = _play("round_trip", 4, ROUND4 + [said])
    assert "no option 3 for the return" in _last(t), said
    assert "Shall I book it?" not in _last(t), said
    t = _play("round_trip", 4, ROUND4 + [said, "yes"])
    assert _written(t) == [], said


@pytest.mark.parametrize("said", ["not the outbound option 1, option 3", "not option 1 for the outbound, option 3 instead",
                                  "the outbound should be option 3, not 1"])
def test_outbound_repicked_at_the_summary(said):
    t = _play("round_trip", 4, ROUND4 + [said, "yes"])
    assert [(n, a["flight_ids"]) for n, a in _written(t)] == [("book_flight", ["SA6059", "SA7881"])], said


def test_not_the_return_alone_still_drops_the_return():
    t = _play("round_trip", 4, ROUND4 + ["not the return", "yes"])
    assert [(n, a["flight_ids"]) for n, a in _written(t)] == [("book_flight", ["SA0904"])]
    t = _play("round_trip", 5, ROUND5 + ["not the return, just option 2", "yes"])
    assert [(n, a["flight_ids"]) for n, a in _written(t)] == [("book_flight", ["SA0390"])]


# --- 2. a remark about some of a group after its booking ----------------------------------------------------------
GROUP4 = ["hi, need seats {origin_city} to {destination_city} on {date} for 6 people", "option 1",
          "{first_name} {last_name}", "yes"]
REMARKS = [
    "two of us are going to be late", "one of us will be a bit late to the airport", "two of us are running late",
    "2 of us might miss the flight", "two of us are vegetarian", "one of us is in a wheelchair",
    "2 of us will check in separately", "one of us has a different surname", "Two of us are coming from another city",
    "three of us have never flown before", "one of us needs assistance at the airport",
    "two of us r gonna be late lol",
]


@pytest.mark.parametrize("said", REMARKS)
def test_remark_about_some_of_the_group_starts_no_booking(said):
    t = _play("group_booking", 4, GROUP4 + [said])
    last = _last(t)
    assert "Noted, " not in last and "I found" not in last, (said, last)
    assert "stays as it is, for 6 passengers" in last, (said, last)
    t = _play("group_booking", 4, GROUP4 + [said, "yes", "yes"])
    assert len(_written(t)) == 1, said  # only the group's own booking


@pytest.mark.parametrize("said", ["one of us can't come anymore", "we need one seat fewer"])
def test_fewer_travellers_keep_their_reading(said):
    t = _play("group_booking", 4, GROUP4 + [said])
    assert "book again for 5 passengers" in _last(t)


def test_some_of_the_group_asking_a_flight_of_their_own_is_searched():
    t = _play("group_booking", 4, GROUP4 + ["two of us need another flight to Rome on Oct 3"])
    assert "Noted, 2 passengers" in _last(t)


# --- 3. a cancellation put off in the same message --------------------------------------------------------------
PUT_OFF = [
    "cancel {booking_id}, maybe not today though, can it wait until next week?",
    "cancel {booking_id} but not today, maybe next week", "I want to cancel {booking_id}, but can it wait a few days?",
    "please cancel {booking_id} - not yet though, I'll decide next week", "cancel {booking_id}, no rush, maybe next week",
    "pls cancel {booking_id}... not right now tho, maybe in a couple of days",
    "I'd like to cancel {booking_id}, could we wait till Friday?", "cancel {booking_id} tomorrow",
    "Cancel {booking_id} — not straight away, hold off until I've talked to my boss",
]


@pytest.mark.parametrize("said", PUT_OFF)
@pytest.mark.parametrize("answer", ["ok", "fine", "alright", "okay thanks"])
def test_put_off_cancel_is_not_done_on_ok(said, answer):
    t = _play("cancel_booking", 3, [said, "{last_name}", answer])
    assert _written(t) == [], (said, answer)
    assert "now" in _last(t), (said, answer)


@pytest.mark.parametrize("said", PUT_OFF[:4])
def test_put_off_cancel_says_the_timing_and_a_clear_yes_cancels(said):
    t = _play("cancel_booking", 3, [said, "{last_name}"])
    assert "cannot schedule" in _last(t) and "now?" in _last(t), said
    t = _play("cancel_booking", 3, [said, "{last_name}", "yes"])
    assert _written(t) == [("cancel_booking", {"booking_id": "BK4W0Y5J"})], said
    t = _play("cancel_booking", 3, [said, "{last_name}", "ok", "yes cancel it now"])
    assert _written(t) == [("cancel_booking", {"booking_id": "BK4W0Y5J"})], said
    t = _play("cancel_booking", 3, [said, "{last_name}", "no"])
    assert _written(t) == [], said


@pytest.mark.parametrize("said", ["cancel {booking_id} please", "wait, cancel {booking_id}", "cancel {booking_id} now, today please",
                                  "cancel {booking_id}, surname {last_name}", "cancel {booking_id}, actually no rush"])
def test_plain_cancel_keeps_its_ok(said):
    t = _play("cancel_booking", 3, [said, "{last_name}", "ok"])
    assert _written(t) == [("cancel_booking", {"booking_id": "BK4W0Y5J"})], said


# --- 4. "my other booking" looked at after a booking made here -----------------------------------------------------
ONE3 = ["hi, I need a flight from Madrid to Amsterdam on August 28", "2 of us", "option 1", "Aisha Okafor", "yes"]
OTHER_STATUS = [
    "what's the status of my other booking?", "can you check my other booking?",
    "what about my old booking, is it still ok?", "and my previous reservation, what's its status?",
    "is my earlier booking still confirmed?", "status of my original booking pls", "can you look up my existing booking too?",
    "whats the status of my other reservation", "how's my other trip looking?",
]


@pytest.mark.parametrize("said", OTHER_STATUS)
def test_status_of_the_other_booking_is_never_the_new_one(said):
    t = _play("one_way", 3, ONE3 + [said])
    assert "Booking BK397874 under" not in _last(t), said
    assert "booking reference" in _last(t), said
    t = _play("one_way", 3, ONE3 + [said, "BKVQO7DX, Okafor"])
    assert "Booking BKVQO7DX under Okafor" in _last(t), said
    assert len(_written(t)) == 1, said


@pytest.mark.parametrize("said", ["what's the status of my booking?", "what's the status of my new booking?",
                                  "what's the status of this booking?"])
def test_status_of_the_new_booking_still_shows_it(said):
    t = _play("one_way", 3, ONE3 + [said])
    assert "Booking BK397874 under" in _last(t), said


# --- 5. fewer travellers after a hold placed here --------------------------------------------------------------------
HOLD4 = ["hi, I'd like to hold seats from {origin_city} to {destination_city} on {date} for 4 people", "option 1",
         "{first_name} {last_name}", "yes"]
HOLD_FEWER = [("one of us can't come anymore", 3), ("two of us can't make it", 2), ("my wife can't come anymore", 3),
              ("we need one seat fewer", 3), ("actually only 3 of us are going", 3), ("two people dropped out", 2),
              ("1 of us is out", 3)]


@pytest.mark.parametrize("said,left", HOLD_FEWER)
def test_fewer_after_a_hold_keeps_it_and_offers_a_new_hold(said, left):
    t = _play("hold_request", 4, HOLD4 + [said])
    assert f"place a new hold for {left} passengers" in _last(t), said
    t = _play("hold_request", 4, HOLD4 + [said, "yes"])
    assert len(_written(t)) == 1, said  # the hold itself only: the either-or is asked again
    t = _play("hold_request", 4, HOLD4 + [said, "keep it as it is"])
    assert len(_written(t)) == 1 and "stays as it is" in _last(t), said


@pytest.mark.parametrize("take", ["cancel it and hold again", "option 1"])
def test_fewer_after_a_hold_rehold_each_step_confirmed(take):
    t = _play("hold_request", 4, HOLD4 + ["one of us can't come anymore", take, "yes", "{first_name} {last_name}", "yes"])
    w = _written(t)
    assert [n for n, _ in w] == ["hold_itinerary", "cancel_booking", "hold_itinerary"], take
    assert w[0][1]["passengers"] == 4 and w[2][1]["passengers"] == 3, take
