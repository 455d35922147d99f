"""Wrong writes around two bookings in one chat and a booking just made (black-box tester, sky-customers-28, the
compliant agent):

1. "Hi, I manage bookings for my team. Could you look up BKSVHC2Z under Larsen?" / "Thanks. And also BKRI8MWT, under
   Schmidt." / "Cancel the one under Larsen." proposed cancelling BKRI8MWT (Schmidt's, the last one looked up) and
   "Yes." cancelled it; the same for "Please cancel Larsen's booking.", "I'd like to cancel the October flight.",
   "Cancel the one departing 2026-10-10." and a change "Please change the Larsen booking to 2026-12-29."; after a
   booking made in the chat and an older one looked up, "Please cancel the new one I just booked." / "Cancel the one I
   made today." / "Cancel the August 28 one." took the older one. The booking the customer names is meant.
2. "Oh no, you booked the wrong flight! I wanted the 13:00 one." right after a booking made a second booking (the first
   stayed): the booking just made is changed instead (modify_booking, after a yes).
3. "Actually, please cancel that booking, I've changed my mind." / "Never mind, cancel it" right after a booking got
   "No problem. Is there anything else I can help you with?" (the booking stayed); "Oh no, I didn't mean to book that.
   Please undo it." started a new search. Its cancellation is asked for (refund terms, a yes).
"""

from __future__ import annotations

import pytest

from tests.envs.skyassist.test_sky_faults_28 import _calls, _play, _said

TWO = ["Hi, I manage bookings for my team. Could you look up BKSVHC2Z under Larsen?",
       "Thanks. And also BKRI8MWT, under Schmidt."]
LARSEN, SCHMIDT = "BKSVHC2Z", "BKRI8MWT"
BOOKED = ["Hi, I need a flight from Madrid to Amsterdam on 2026-08-28 for two people.", "The first one please.",
          "Aisha Okafor", "Yes."]
MADE, OLDER = "BK397874", "BKVQO7DX"
OLD = BOOKED + ["Also, can you look up my other booking BKVQO7DX under Okafor?"]


def _cancels(t) -> list[str]:
    return [c["booking_id"] for c in _calls(t, "cancel_booking")]


@pytest.mark.parametrize("ask", [
    "Cancel the one under Larsen.", "Please cancel Larsen's booking.", "Cancel the Larsen one please.",
    "I'd like to cancel the October flight.", "Cancel the one departing 2026-10-10.",
    # other phrasings: first name, city, lower case, the order they were asked about
    "Cancel Ewa's booking", "cancel the larsen booking pls", "cancel the chicago one", "Cancel the Frankfurt flight.",
    "cancel the first one I asked about", "Please cancel the booking for Ewa Larsen.",
])
def test_the_booking_named_is_cancelled_not_the_last_looked_up(ask):
    t = _play("cancel_booking", 11, [], TWO + [ask, "Yes."])
    assert f"Shall I cancel booking {LARSEN}?" in _said(t)[-2], _said(t)
    assert _cancels(t) == [LARSEN]
    assert t.violations == []


@pytest.mark.parametrize("ask", ["Cancel the one under Schmidt.", "cancel the sydney one", "Cancel the April flight.",
                                 "cancel it"])
def test_the_other_is_still_taken_when_named_or_in_hand(ask):
    t = _play("cancel_booking", 11, [], TWO + [ask, "Yes."])
    assert _cancels(t) == [SCHMIDT]


def test_cancel_my_booking_with_two_in_the_chat_still_asks_which():
    t = _play("cancel_booking", 11, [], TWO + ["cancel my booking"])
    assert "Which booking would you like to cancel?" in _said(t)[-1]
    assert _cancels(t) == []


@pytest.mark.parametrize("ask", ["Please change the Larsen booking to 2026-08-31.",
                                 "Can you move Ewa's booking to 2026-08-31?"])
def test_a_change_of_the_named_booking_searches_its_route(ask):
    t = _play("cancel_booking", 11, [], TWO + [ask])
    searches = _calls(t, "search_flights")
    assert searches and (searches[-1]["origin"], searches[-1]["destination"]) == ("ORD", "FRA"), searches


@pytest.mark.parametrize("ask", ["Actually, cancel both please.", "cancel them both", "Please cancel both bookings.",
                                 "cancel all of them"])
def test_cancel_both_asks_each_in_turn(ask):
    t = _play("cancel_booking", 11, [], TWO + [ask, "Yes.", "Yes."])
    assert _cancels(t) == [LARSEN, SCHMIDT]
    assert f"Shall I cancel booking {SCHMIDT}?" in _said(t)[-2]
    assert t.violations == []


def test_cancel_both_waits_for_the_second_yes():
    t = _play("cancel_booking", 11, [], TWO + ["cancel both", "Yes."])
    assert _cancels(t) == [LARSEN]


@pytest.mark.parametrize("ask", ["And the other one too.", "Please cancel the other booking as well",
                                 "same for the other one"])
def test_the_other_one_too_after_a_cancel(ask):
    t = _play("cancel_booking", 11, [], TWO + ["Cancel the Larsen one please.", "Yes.", ask, "Yes."])
    assert f"Shall I cancel booking {SCHMIDT}?" in _said(t)[-2], _said(t)
    assert _cancels(t) == [LARSEN, SCHMIDT]


@pytest.mark.parametrize("ask", ["Please cancel the new one I just booked.", "Cancel the one I made today.",
                                 "Cancel the August 28 one.", "cancel the one you just booked", "cancel the new booking",
                                 "cancel the amsterdam one"])
def test_the_booking_made_in_the_chat_is_the_new_one(ask):
    t = _play("one_way", 3, [], OLD + [ask, "Yes."])
    assert _cancels(t) == [MADE], _said(t)
    assert t.violations == []


@pytest.mark.parametrize("ask", ["Cancel the one I looked up.", "cancel the istanbul one", "Cancel the August 24 one."])
def test_the_older_booking_when_it_is_named(ask):
    t = _play("one_way", 3, [], OLD + [ask, "Yes."])
    assert _cancels(t) == [OLDER], _said(t)


@pytest.mark.parametrize("fix", [
    ["Oh no, you booked the wrong flight! I wanted the 13:00 one.", "Yes."],
    ["Sorry, I meant the second flight, not the first. Can you swap it?", "Yes."],
    # other phrasings
    ["you made a mistake, I wanted option 2", "Yes."],
    ["That's the wrong time, I wanted the later one", "Yes."],
    ["that's not the one I picked, I wanted SA4569", "Yes."],
    ["Oh no, you booked the wrong flight!", "The 13:00 one.", "Yes."],
    ["wrong one!! i wanted SA4569", "yes"],
])
def test_a_wrong_flight_booked_is_changed_not_booked_twice(fix):
    t = _play("one_way", 3, [], BOOKED + fix)
    assert len(_calls(t, "book_flight")) == 1, _said(t)
    assert _calls(t, "modify_booking") == [{"booking_id": MADE, "new_flight_ids": ["SA4569"]}], _said(t)
    assert "Shall I make this change?" in _said(t)[-2]
    assert t.violations == []


def test_the_wrong_flight_without_a_pick_asks_which_and_books_nothing():
    t = _play("one_way", 3, [], BOOKED + ["Oh no, you booked the wrong flight!"])
    assert "Which flight did you mean?" in _said(t)[-1]
    assert "goodbye" not in _said(t)[-1].lower()
    assert len(_calls(t, "book_flight")) == 1 and not _calls(t, "modify_booking")


def test_the_wrong_count_is_said_plainly_never_a_second_full_booking():
    t = _play("one_way", 3, [], BOOKED + ["Wait, that's wrong, it should have been for three people, not two."])
    assert "stays as it is" in _said(t)[-1]
    assert len(_calls(t, "book_flight")) == 1


def test_another_booking_after_the_first_is_still_a_new_booking():
    # near miss: a new booking for someone else, no complaint: its own summary, no change of the first
    t = _play("one_way", 3, [], BOOKED + ["Can I also book the 13:00 flight for my colleague?", "Maria Lopez", "Yes."])
    assert not _calls(t, "modify_booking")


@pytest.mark.parametrize("undo", [
    "Actually, please cancel that booking, I've changed my mind.", "Never mind, cancel it",
    "Actually, no, I don't want it. Cancel.", "Hmm, actually I've changed my mind, I don't want this booking anymore.",
    "Oh no, I didn't mean to book that. Please undo it.",
    # other phrasings
    "nah scrap that booking", "I no longer need this flight", "can you undo that?", "changed my mind pls cancel",
    "On second thought I don't want the ticket, cancel please",
])
def test_a_cancel_right_after_booking_is_asked_then_done_on_yes(undo):
    t = _play("one_way", 3, [], BOOKED + [undo])
    assert f"Shall I cancel booking {MADE}?" in _said(t)[-1] and "refund" in _said(t)[-1], _said(t)
    assert _cancels(t) == []
    t = _play("one_way", 3, [], BOOKED + [undo, "Yes."])
    assert _cancels(t) == [MADE]
    assert t.violations == []


@pytest.mark.parametrize("said", ["never mind", "I don't want anything else, thanks", "No, that's all"])
def test_near_misses_after_booking_cancel_nothing(said):
    t = _play("one_way", 3, [], BOOKED + [said])
    assert "Shall I cancel" not in _said(t)[-1]
    assert _cancels(t) == []


@pytest.mark.parametrize("said", ["Never mind, cancel it", "Actually no, I don't want it. Cancel."])
def test_cancel_at_a_summary_not_yet_booked_still_drops_it(said):
    t = _play("one_way", 3, [], BOOKED[:3] + [said])
    assert "will not go ahead" in _said(t)[-1]
    assert not _calls(t, "book_flight") and _cancels(t) == []


def test_the_speakers_own_name_does_not_outweigh_the_route_said():
    # near miss: the name is the caller's, the route names the other booking
    t = _play("cancel_booking", 11, [], TWO + ["I'm Ewa Larsen, please cancel the Sydney one.", "Yes."])
    assert _cancels(t) == [SCHMIDT]


def test_a_booking_made_long_ago_is_not_the_one_made_in_the_chat():
    # near miss: "the one I booked last month" is no booking of this chat
    t = _play("one_way", 3, [], OLD + ["Cancel the one I booked last month.", "Yes."])
    assert _cancels(t) != [MADE]
