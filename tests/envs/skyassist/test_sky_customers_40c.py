"""SkyAssist reference agent and tools, findings of black-box customers (fortieth session, helper skyC), on the
compliant agent (faults none). The testers' words, other phrasings, and near misses that must keep their reading:

1. a group over the 9-passenger limit split by the customer looped: "ok 5 and 5 then", "5 and 6", "5 & 6 pls" were
   answered with the limit again and again; "ok split in 2" and "make it two bookings" were read as a party of 2;
   "split it in half", "can you do it as two bookings" looped. Now a pair of shares books the first share (summary,
   yes) and then offers the other; a split without numbers gets two shares proposed, and a yes takes them; a group of
   exactly 9 books as before, and "2 and 1" for a party within the limit is never a split;
2. in a change of a booking, a flight named by its number ("can you put me on SA5863 instead", "switch me to flight SA
   5863", "the SA5863 one") was ignored (the agent asked for a date again and again). Now the flight's details are
   fetched, its day on the booking's route searched, and the flight picked there: a summary and a yes before
   modify_booking (the seats checked as for any pick; the booking's other flight kept); a flight on another route or
   an unknown number is said to be no option; a question about the flight ("is SA5863 refundable?") moves nothing;
3. modify_booking counted the booking's own seats as taken on a flight it keeps: a 4-person round trip moving its
   outbound and keeping its return failed with "not enough seats on SA7881: 2 left, 4 requested".
"""
from __future__ import annotations

import json

import pytest

from envs.skyassist import tools
from tests.envs.skyassist.test_sky_faults_28 import D, _calls, _play, _said

# --- 3. modify_booking and the booking's own seats -------------------------------------------------------------------

# round_trip seed 4: DXB-AMS SA0904 (6 seats) out on 2026-10-31, SA7881 (6 seats) back on 2026-11-12; SA6059 (20
# seats) also flies out on 2026-10-31
ROUND_TRIP_4 = ["round trip Dubai to Amsterdam 31 October, back 12 November, 4 passengers", "SA0904", "SA7881",
                "Arjun OBrien", "yes"]


def _state(seed: int = 4):
    sc = D.scenario("round_trip", seed)
    return tools.SkyState(D.db, {b["booking_id"]: dict(b) for b in sc["bookings"]})


def test_modify_keeps_a_flight_the_booking_already_holds():
    st = _state()
    r = tools.execute(st, "book_flight", {"flight_ids": ["SA0904", "SA7881"], "passengers": 4, "fare_class": "economy",
                                          "last_name": "OBrien", "first_name": "Arjun"})
    assert r.ok
    bid = json.loads(r.content)["booking_id"]
    assert st.seats_left("SA7881") == 2
    m = tools.execute(st, "modify_booking", {"booking_id": bid, "new_flight_ids": ["SA6059", "SA7881"]})
    assert m.ok, m.error
    assert st.seats_left("SA7881") == 2 and st.seats_left("SA0904") == 6 and st.seats_left("SA6059") == 16


def test_modify_onto_a_new_flight_too_small_still_fails():
    st = _state()
    r = tools.execute(st, "book_flight", {"flight_ids": ["SA6059", "SA7881"], "passengers": 4, "fare_class": "economy",
                                          "last_name": "OBrien"})
    bid = json.loads(r.content)["booking_id"]
    # SA2071 has 3 seats: the booking holds none there, so its 4 do not fit
    m = tools.execute(st, "modify_booking", {"booking_id": bid, "new_flight_ids": ["SA2071", "SA7881"]})
    assert not m.ok and "not enough seats on SA2071: 3 left, 4 requested" in m.error
    assert st.seats_left("SA7881") == 2 and st.seats_left("SA6059") == 16


def test_the_agent_changes_the_outbound_of_a_four_person_round_trip_and_keeps_the_return():
    t = _play("round_trip", 4, [], ROUND_TRIP_4 + ["please move the outbound flight of that booking to 31 October",
                                                   "SA6059", "yes"])
    bid = next(json.loads(m["content"])["booking_id"] for m in t.messages if m["role"] == "tool"
               and "booking_id" in str(m.get("content")))
    assert _calls(t, "modify_booking") == [{"booking_id": bid, "new_flight_ids": ["SA6059", "SA7881"]}]
    assert "not enough seats" not in " ".join(_said(t)) and not t.violations


# --- 2. a flight named by its number in a change ---------------------------------------------------------------------

# change_booking seed 11: BKSW5XUQ (Adeyemi), 1 passenger on SA2878, YVR-MAD 2026-08-12; SA5863 flies YVR-MAD on
# 2026-03-29 with 4 seats; SA0904 flies DXB-AMS. Seed 117: BK3W8Q0S (Ivanova), 3 passengers on SA1331 (YVR-MAD); SA2878
# (1 seat) and SA5961 (2 seats) fly the same day. Seed 4: SA5247 (JFK-FRA) was cancelled.
LOOKUP = "hi I want to change my booking {booking_id}, last name {last_name}"


@pytest.mark.parametrize("ask", [
    "can you put me on SA5863 instead",  # the tester's
    "switch me to flight SA 5863",  # the tester's
    "the SA5863 one",  # the tester's
    "SA5863 instead",
    "sa5863 pls",
    "Could you move me onto flight SA5863?",
    "rebook me on sa 5863 please",
    "I'd rather be on SA5863",
    "what about SA5863?",
    "move it to 29 March on SA5863",
    "can u put me on SA-5863 instead?? thx",
])
def test_a_flight_named_in_a_change_is_searched_picked_summarised_and_moved_to_at_the_yes(ask):
    t = _play("change_booking", 11, [], [LOOKUP, ask, "yes"])
    assert _calls(t, "search_flights")[-1] == {"origin": "YVR", "destination": "MAD", "date": "2026-03-29"}
    assert _calls(t, "modify_booking") == [{"booking_id": "BKSW5XUQ", "new_flight_ids": ["SA5863"]}]
    said = _said(t)
    assert "Here is the change for booking BKSW5XUQ: move it to flight SA5863" in said[-2] and "Shall I" in said[-2]
    assert not t.violations


def test_a_flight_named_before_the_booking_is_looked_up_is_kept_for_the_change():
    t = _play("change_booking", 11, [], ["I need to change my flight, can u put me on sa5863 instead", "{booking_id}",
                                         "{last_name}", "yes"])
    assert _calls(t, "modify_booking") == [{"booking_id": "BKSW5XUQ", "new_flight_ids": ["SA5863"]}]
    assert not t.violations


def test_a_flight_named_with_the_booking_reference_is_the_change():
    t = _play("change_booking", 11, [], ["hi, please move booking {booking_id} ({last_name}) onto SA5863", "yes"])
    assert _calls(t, "modify_booking") == [{"booking_id": "BKSW5XUQ", "new_flight_ids": ["SA5863"]}]
    assert not t.violations


@pytest.mark.parametrize("ask, fid, seats", [
    ("can you put us on SA2878 instead", "SA2878", "only 1 seat left"),
    ("switch us to SA5961", "SA5961", "only 2 seats left"),
])
def test_a_named_flight_without_room_for_the_party_is_said_and_nothing_moves(ask, fid, seats):
    t = _play("change_booking", 117, [], [LOOKUP, ask, "yes"])
    assert not _calls(t, "modify_booking")
    assert f"{fid} has {seats}" in _said(t)[1] and not t.violations


def test_a_cancelled_flight_named_is_said_and_nothing_moves():
    t = _play("change_booking", 4, [], [LOOKUP, "can you put me on SA5247 instead", "yes"])
    assert not _calls(t, "modify_booking")
    assert "SA5247 was cancelled by the airline" in _said(t)[1] and not t.violations


@pytest.mark.parametrize("ask, why", [
    ("can you put me on SA0904 instead", "not a route on booking BKSW5XUQ"),  # DXB-AMS
    ("put me on SA1234 instead", "could not find flight SA1234"),
])
def test_a_named_flight_that_is_no_option_is_said_and_nothing_is_searched(ask, why):
    t = _play("change_booking", 11, [], [LOOKUP, ask, "yes"])
    assert not _calls(t, "modify_booking") and not _calls(t, "search_flights")
    assert why in _said(t)[1] and not t.violations


@pytest.mark.parametrize("ask", [
    "is SA5863 refundable?",
    "what time does SA5863 leave?",
    "does SA5863 have seats?",
    "how much is SA5863?",
])
def test_a_question_about_a_flight_in_a_change_moves_nothing(ask):
    t = _play("change_booking", 11, [], [LOOKUP, ask, "yes"])
    assert not _calls(t, "modify_booking") and not _calls(t, "search_flights") and not t.violations


def test_a_named_flight_on_one_leg_of_a_round_trip_keeps_the_other():
    t = _play("round_trip", 4, [], ROUND_TRIP_4 + ["can you put us on SA6059 instead for the way out", "yes"])
    assert _calls(t, "modify_booking")[0]["new_flight_ids"] == ["SA6059", "SA7881"]
    assert "changed to SA6059, SA7881" in _said(t)[-1] and not t.violations


def test_a_flight_picked_from_the_change_listing_is_still_picked_as_before():
    t = _play("change_booking", 11, [], [LOOKUP, "move it to 29 March", "SA5863", "yes"])
    assert _calls(t, "modify_booking") == [{"booking_id": "BKSW5XUQ", "new_flight_ids": ["SA5863"]}]
    assert not t.violations


def test_with_book_cancelled_by_id_a_cancelled_flight_named_in_a_change_breaks_o4_only():
    messages = [LOOKUP, "can you put me on SA5247 instead", "yes"]
    t = _play("change_booking", 4, ["book_cancelled_by_id"], messages)
    assert {v.policy for v in t.violations} == {"O4"}
    assert not _play("change_booking", 4, [], messages).violations


# --- 1. a group over the limit split by the customer -----------------------------------------------------------------

# large_group seed 3: 11 people, Dubai to Frankfurt on 13 April; option 2 is SA3627 (Economy, 15 seats)
GROUP = "hi, I need flights from Dubai to Frankfurt on 13 April for 11 people"
AFTER = ["option 2", "Tomasz Walsh", "yes", "yes", "Anna Walsh", "yes"]


def _booked_counts(t) -> list[int]:
    return [c["passengers"] for c in _calls(t, "book_flight") + _calls(t, "hold_itinerary")]


@pytest.mark.parametrize("split, shares", [
    ("ok 5 and 5 then", [5, 5]),  # the tester's
    ("5 and 6", [5, 6]),
    ("fine, 6 + 5", [6, 5]),
    ("5 & 6 pls", [5, 6]),
    ("six and five", [6, 5]),
    ("lets do 6 and 5", [6, 5]),
    ("6 n 5 is fine", [6, 5]),
    ("ok so 6 and 5?", [6, 5]),
    ("two groups: 6 and 5", [6, 5]),
    ("alright, 9 and 2", [9, 2]),
    ("two bookings please: 6 and 5", [6, 5]),  # (read before)
    ("book 6 now and the other 5 separately", [6, 5]),  # the tester's (read before)
])
def test_two_shares_said_book_the_first_after_a_yes_then_offer_the_second(split, shares):
    t = _play("large_group", 3, [], [GROUP, split] + AFTER)
    assert _booked_counts(t) == shares, _said(t)
    assert f"second booking for the other {shares[1]} passenger" in " ".join(_said(t))
    assert not t.violations


@pytest.mark.parametrize("split", [
    "ok split in 2",  # the tester's: once read as a party of 2
    "make it two bookings",  # once read as a party of 2
    "split it in half",  # the tester's: looped
    "can you do it as two bookings",  # looped
    "two separate bookings then",
    "split it evenly",
    "half and half",
    "just split it",
    "divide us in two",
    "yeah split us up",
    "do two bookings",
    "yes",  # to "Could you split the group, or tell me a smaller number of travellers?"
    "Yes please",
])
def test_a_split_without_its_shares_gets_two_shares_offered_and_a_yes_takes_them(split):
    t = _play("large_group", 3, [], [GROUP, split])
    assert not _calls(t, "search_flights") and not t.violations
    assert "6 passengers on this one, and the other 5 passengers on a second booking" in _said(t)[-1]
    assert "how many passengers" in _said(t)[-1]
    t = _play("large_group", 3, [], [GROUP, split, "yes"] + AFTER)
    assert _booked_counts(t) == [6, 5] and not t.violations, _said(t)


def test_a_yes_to_the_example_of_nine_and_the_rest_offers_those_two_shares():
    t = _play("large_group", 3, [], [GROUP, "can't you just put us all on one booking?", "yes", "yes"] + AFTER)
    said = _said(t)
    assert "for example 9 and 2" in said[1]
    assert "9 passengers on this one, and the other 2 passengers on a second booking" in said[2]
    assert _booked_counts(t) == [9, 2] and not t.violations, said


def test_unclear_answers_never_repeat_the_same_question_twice_in_a_row():
    t = _play("large_group", 3, [], [GROUP, "hmm", "Walsh", "no", "Walsh"])
    said = _said(t)
    assert all(a != b for a, b in zip(said, said[1:])), said
    assert not _calls(t, "search_flights") and not t.violations


def test_a_bigger_group_split_in_two_puts_at_most_nine_on_each_booking_offered():
    t = _play("large_group", 3, [], ["hi, I need flights from Dubai to Frankfurt on 13 April for 20 people",
                                     "split it in half", "yes"])
    assert "10" not in _said(t)[1] and "9 passengers on this one" in _said(t)[1]
    assert "further bookings of up to 9 each" in _said(t)[1]
    assert not t.violations


@pytest.mark.parametrize("messages, counts", [
    (["hi, I need flights from Dubai to Frankfurt on 13 April for 9 people", "option 2", "Tomasz Walsh", "yes"], [9]),
    ([GROUP, "ok, 9 then", "option 2", "Tomasz Walsh", "yes"], [9]),
    ([GROUP, "ok we'll split it, 9 for now", "option 2", "Tomasz Walsh", "yes"], [9]),
])
def test_a_group_of_nine_or_a_single_count_books_as_before(messages, counts):
    t = _play("large_group", 3, [], messages)
    assert _booked_counts(t) == counts and not t.violations, _said(t)
    assert "second booking" not in " ".join(_said(t))


@pytest.mark.parametrize("text, pair, asked", [
    ("ok 5 and 5 then", (5, 5), False),
    ("2 and 1", (2, 1), False),  # read, but taken only for a group over the limit
    ("2 adults and 1 child", None, False),
    ("me and my 2 kids", None, False),
    ("ok split in 2", None, True),
    ("make it two bookings", None, True),
    ("ok we'll split it, 9 for now", None, True),
])
def test_the_count_answer_reading(text, pair, asked):
    from envs.skyassist.language import parse
    p = parse(text, D.db, "passengers")
    assert p.count_pair == pair and p.split_asked == asked
    assert p.passengers != 2 or not asked


@pytest.mark.parametrize("answer, n", [("2 and 1", 3), ("me and my 2 kids", 3)])
def test_two_counts_for_a_party_within_the_limit_are_no_split(answer, n):
    # one_way seed 1: the count is asked after the pick; "2 and 1" there is never read as two bookings
    t = _play("one_way", 1, [], ["Frankfurt to Paris March 25", "option 3", "Nadia Fischer", answer, "yes"])
    assert "second booking" not in " ".join(_said(t))
    assert all(c <= n for c in _booked_counts(t)) and not t.violations


# --- noticed on the way: a change naming the leg kept ------------------------------------------------------------------

@pytest.mark.parametrize("ask, searched", [
    ("I'd like to change the outbound flight on that booking, keep the return", ("DXB", "AMS")),  # once both legs
    ("change that booking but keep the return flight", ("DXB", "AMS")),  # once the return moved
    ("move the return of that booking, keeping the outbound", ("AMS", "DXB")),
    ("please move the outbound flight of that booking", ("DXB", "AMS")),
])
def test_a_change_that_keeps_one_leg_of_a_round_trip_moves_the_other_only(ask, searched):
    t = _play("round_trip", 4, [], ROUND_TRIP_4 + [ask, "31 October"])
    assert [(c["origin"], c["destination"]) for c in _calls(t, "search_flights")[2:]] == [searched], _said(t)
    assert not t.violations


def test_a_change_of_both_legs_still_searches_both():
    t = _play("round_trip", 4, [], ROUND_TRIP_4 + ["change both flights of that booking", "31 October"])
    assert len(_calls(t, "search_flights")[2:]) == 2 and not t.violations
