"""SkyAssist reference agent, findings of the tester ``sky-customers-17`` (/work/h36/sky-customers-17/report.md) taken
up in the thirty-sixth session (third part), with the tester's words, other phrasings, and the near misses that must
keep their old reading:

6.  someone to join a looked-up booking, asked with a status question or none ("is it all still on? also my mother
    wants to come too"): the booking is shown as it is and a separate new booking for the one joining, on the same
    flight, is offered (never a move nobody asked for); a yes, a "book her a separate ticket", or her name takes it
    up: its own summary, and only its own yes books it;
7.  "cancel it and book a new trip for 1 passenger", offered by the agent when one traveller drops out, taken up
    ("do that, cancel and book me alone", "cancel and rebook just me", "the second thing"): the cancellation is
    confirmed first, and once it went through the new booking for the one still travelling is started on the same
    flight (its name asked, its summary, its own yes); a plain "just cancel it" cancels only.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent; nothing here is
written without a summary and a yes to exactly that.
"""
from __future__ import annotations

import pytest

from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import mutated
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play

STATUS41 = D.scenario("booking_status", 41)  # BKYFRQ8I Khan (Hiroshi): SA0539 DXB-MEX 2026-09-01, 2 passengers, confirmed
CANCEL23 = D.scenario("cancel_booking", 23)  # BK0SQ4E2 Khan (Amara): SA7502 FRA-DOH 2026-03-25, 2 passengers, held


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


def _booked(ep) -> list[tuple[list[str], int, str | None, str]]:
    return [(c["flight_ids"], c["passengers"], c.get("first_name"), c["last_name"]) for c in _calls(ep, "book_flight")]


# --- 6. someone joining a looked-up booking: a separate booking, never a move -------------------------------------------

JOIN_FIRST = [
    "Hiroshi Khan, BKYFRQ8I - is it all still on? also my mother wants to come too, can you get her on the same flight",
    "Hiroshi Khan, BKYFRQ8I. my mother wants to come too, can you get her a seat on the same flight?",
    "BKYFRQ8I khan - all good with our booking? my mum would like to join us too",
    "Khan BKYFRQ8I, is everything confirmed? my sister is coming as well, can she get on the same flight",
]


@pytest.mark.parametrize("first", JOIN_FIRST)
def test_someone_joining_a_looked_up_booking_is_offered_a_separate_booking(first):
    ep = play([first], STATUS41)
    reply = _after(ep, first)
    assert "BKYFRQ8I" in reply and "confirmed" in reply
    assert "can't add passengers" in reply and "separate new booking" in reply and "SA0539" in reply, reply
    assert "move it" not in reply and "move" not in reply.split("can't add passengers")[1], reply
    assert not mutated(ep)


@pytest.mark.parametrize("answer", [
    "just book her a separate ticket on that same flight, her name is Keiko Khan",  # the tester's
    "yes please, her name is Keiko Khan",
    "Keiko Khan",
])
def test_the_separate_booking_is_summarised_for_the_one_joining_and_booked_on_its_own_yes(answer):
    first = JOIN_FIRST[0]
    ep = play([first, answer], STATUS41)
    summary = _after(ep, answer)
    assert "for 1 passenger" in summary and "Keiko Khan" in summary and "SA0539" in summary, summary
    assert "move" not in summary and not mutated(ep)
    ep = play([first, answer, "yes"], STATUS41)
    assert _booked(ep) == [(["SA0539"], 1, "Keiko", "Khan")]
    assert not _calls(ep, "modify_booking") and not _calls(ep, "cancel_booking")


def test_a_plain_yes_to_the_separate_booking_asks_her_name_first():
    first = JOIN_FIRST[1]
    ep = play([first, "yes please"], STATUS41)
    reply = _after(ep, "yes please")
    assert "name" in reply and "move" not in reply and not mutated(ep), reply
    ep = play([first, "yes please", "Keiko Khan", "yes"], STATUS41)
    assert _booked(ep) == [(["SA0539"], 1, "Keiko", "Khan")]


def test_no_thanks_to_the_separate_booking_books_nothing():  # near miss
    ep = play([JOIN_FIRST[0], "no thanks, leave it"], STATUS41)
    assert not mutated(ep) and "Shall I book" not in _after(ep, "no thanks, leave it")


@pytest.mark.parametrize("first", ["Hiroshi Khan, BKYFRQ8I - is it all still on?", "BKYFRQ8I khan, status please"])
def test_a_plain_status_question_is_answered_as_before(first):  # near miss
    ep = play([first], STATUS41)
    reply = _after(ep, first)
    assert "It is confirmed." in reply and "change or cancel it" in reply and "add passengers" not in reply, reply


# --- 7. "cancel it and book a new trip for 1 passenger" taken up: the rebook follows the cancel ----------------------

DROP = ["BK0SQ4E2, surname khan", "my husband can't come anymore, can you take him off it? I'll still go"]


@pytest.mark.parametrize("pick", [
    "do that, cancel and book me alone",  # the tester's
    "ok cancel that one and then put just me on the same flight please",
    "cancel and rebook just me",
    "the second thing",
    "option 2 please",
])
def test_the_rebook_offered_with_a_cancel_follows_the_cancel(pick):
    ep = play(DROP + [pick], CANCEL23)
    ask = _after(ep, pick)
    assert "Shall I cancel booking BK0SQ4E2?" in ask and "1 passenger" in ask, ask
    assert not mutated(ep)
    ep = play(DROP + [pick, "yes"], CANCEL23)
    after = _after(ep, "yes")
    assert [c["booking_id"] for c in _calls(ep, "cancel_booking")] == ["BK0SQ4E2"] and not _booked(ep)
    assert "has been cancelled" in after and "1 passenger" in after and "name" in after, after
    ep = play(DROP + [pick, "yes", "Amara Khan"], CANCEL23)
    summary = _after(ep, "Amara Khan")
    assert "SA7502" in summary and "for 1 passenger" in summary and "Amara Khan" in summary, summary
    assert not _booked(ep)
    ep = play(DROP + [pick, "yes", "Amara Khan", "yes"], CANCEL23)
    assert _booked(ep) == [(["SA7502"], 1, "Amara", "Khan")]


def test_no_to_the_cancel_starts_no_rebook():  # near miss
    ep = play(DROP + ["do that, cancel and book me alone", "no"], CANCEL23)
    assert not mutated(ep) and "Shall I book" not in _after(ep, "no")


@pytest.mark.parametrize("pick", ["just cancel it", "cancel it, I'll sort out a new flight myself later"])
def test_a_plain_cancel_after_the_offer_cancels_only(pick):  # near miss
    ep = play(DROP + [pick, "yes"], CANCEL23)
    after = _after(ep, "yes")
    assert [c["booking_id"] for c in _calls(ep, "cancel_booking")] == ["BK0SQ4E2"] and not _booked(ep)
    assert "has been cancelled" in after and "anything else" in after and "1 passenger" not in after, after


@pytest.mark.parametrize("line", ["my mother wants to come too, can she get on the same flight?",
                                  "my mum would like to join us as well"])
def test_someone_joining_said_after_the_status_is_offered_a_separate_booking(line):
    ep = play(["BKYFRQ8I khan, is it still on?", line], STATUS41)
    reply = _after(ep, line)
    assert "can't add passengers" in reply and "separate new booking" in reply and "move" not in reply, reply
    ep = play(["BKYFRQ8I khan, is it still on?", line, "Keiko Khan", "yes"], STATUS41)
    assert _booked(ep) == [(["SA0539"], 1, "Keiko", "Khan")]


def test_moving_the_booking_as_it_is_is_still_a_move():  # near miss
    ep = play(DROP + ["ok just move it for both of us then"], CANCEL23)
    assert "What date would you like to move it to?" in _after(ep, "ok just move it for both of us then")
    assert not mutated(ep)


def test_someone_joining_with_a_new_date_still_gets_the_move_offer():  # near miss: a move was asked for
    line = "BKYFRQ8I khan, can we move to sep 5? my mother is coming too"
    ep = play([line], STATUS41)
    reply = _after(ep, line)
    assert "can't add passengers" in reply and "move it for the 2 passengers" in reply, reply
    assert not mutated(ep)
