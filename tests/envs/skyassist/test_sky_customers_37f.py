"""SkyAssist reference agent, findings taken up in the thirty-seventh session (helper skyF), with the testers' words,
other phrasings, and the near misses that must keep their old reading:

F1. a withdrawal once a hold is placed ("I've changed my mind, please don't.", "actually, forget it", "wait, don't",
    "I don't want a hold after all"): the hold is said to be in place and its cancellation offered for its own yes;
    never "take your time" with the hold unsaid, never a booking offered (a yes then cancels the hold, nothing else);
F2. "cancel it and put me on a July 23 flight instead" on a non-refundable booking (/work/h36/sky-customers-18/f8.txt):
    offered as a change to that date, which keeps the fare; nothing cancelled, nothing written without a yes;
F3. a yes with a remark at a summary (/work/h36/sky-customers-18/f12.txt): "yes go ahead, just don't charge me twice"
    and the dictated "yes go ahead period thank you" are answered and asked again for a plain yes (never "I will not
    go ahead"; the verifiers take neither as a plain yes, so nothing is written on them); "yes to the flight, no to
    the name - it's Arjun Schmitt" corrects the surname and summarises again; "yes but don't book yet" stays no yes;
F4. "still 2", "still two", "no, still just 2 of us" as the party's size;
F5. one passenger's seat cancelled ("please cancel her seat, I'm still flying"): said of a cancellation, not of a change.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import play

HOLD23 = D.scenario("hold_request", 23)  # JFK-DXB 2026-12-10: SA9647 economy $400 the cheapest
CHANGE4 = D.scenario("change_booking", 4)  # BKV5YN1X Kim, 3 passengers on SA1619 JFK-FRA 2026-05-24, non-refundable
ONE1 = D.scenario("one_way", 1)  # ORD-MIA 2026-05-28: SA2085 premium $928 first
CANCEL1 = D.scenario("cancel_booking", 1)  # BK17WTAZ Costa, 2 passengers on SA2955


def writes(ep) -> list[str]:
    return [m["function"]["name"] for m in ep.messages if m["role"] == "assistant" for m in m.get("tool_calls") or []
            if m["function"]["name"] in ("book_flight", "hold_itinerary", "cancel_booking", "modify_booking")]


# --- F1. a withdrawal after the hold is placed: the hold is said, its release offered ---------------------------------

HELD = ["Aisha Bianchi here. new york to dubai dec 10, just me. reserve it but don't bill me", "the cheapest", "yes"]


@pytest.mark.parametrize("line", ["I've changed my mind, please don't.", "actually, forget it", "wait, don't",
                                  "no, don't do that", "oh wait, I don't want a hold after all",
                                  "on second thought, never mind", "cancel that hold"])
def test_a_withdrawal_after_the_hold_offers_its_release(line):
    ep = play(HELD + [line], HOLD23)
    said = _after(ep, line)
    assert "already on hold" in said and "Shall I cancel booking" in said and "take your time" not in said
    assert writes(ep) == ["hold_itinerary"]
    ep = play(HELD + [line, "yes"], HOLD23)
    assert writes(ep) == ["hold_itinerary", "cancel_booking"] and "has been cancelled" in _after(ep, "yes")


def test_a_kept_hold_books_nothing_on_a_later_yes():
    ep = play(HELD + ["actually, forget it", "no, keep it", "yes"], HOLD23)
    assert writes(ep) == ["hold_itinerary"]


@pytest.mark.parametrize("line", ["let me think about it", "no thanks"])
def test_a_put_off_after_the_hold_leaves_it(line):  # near misses: no withdrawal, nothing proposed to cancel
    ep = play(HELD + [line, "yes"], HOLD23)
    assert "already on hold" not in _after(ep, line) and writes(ep) == ["hold_itinerary"]


# --- F2. cancel and rebook on another date: offered as a change ------------------------------------------------------

@pytest.mark.parametrize("line", ["booking BKV5YN1X, last name Kim. cancel it and put me on a July 23 flight instead",
                                  "booking BKV5YN1X, last name Kim. can you cancel and rebook us for July 23?",
                                  "booking BKV5YN1X Kim - scrap it and book the same trip on 23 July",
                                  "hi, booking BKV5YN1X, last name Kim. I want to cancel it and rebook on July 23"])
def test_cancel_and_rebook_on_a_date_is_offered_as_a_change(line):
    ep = play([line, "yes"], CHANGE4)
    first = _after(ep, line)
    assert "move booking BKV5YN1X to 2026-07-23" in first and "non-refundable" in first and "2026-07-23" in first
    assert "Shall I cancel" not in first and writes(ep) == []
    ep = play([line, "option 2", "yes"], CHANGE4)
    assert [c["new_flight_ids"] for c in _calls(ep, "modify_booking")] == [["SA9195"]] and writes(ep) == ["modify_booking"]


@pytest.mark.parametrize("line", ["booking BKV5YN1X, last name Kim. cancel it please",
                                  "booking BKV5YN1X, last name Kim. cancel it, no new booking, I'm not flying on July 23"])
def test_a_plain_cancel_is_still_a_cancel(line):  # near misses
    ep = play([line], CHANGE4)
    assert "Shall I cancel booking BKV5YN1X?" in _after(ep, line)


# --- F3. a yes with a remark: answered, never declined ----------------------------------------------------------------

AT_SUMMARY = ["hi, I need a flight from Chicago to Miami on May 28 for 2 people", "the first one", "Arjun Schmidt"]


@pytest.mark.parametrize("line", ["yes go ahead, just don't charge me twice like last time",
                                  "yes please, and make sure I'm only charged once",
                                  "ok book it, but don't double charge me this time",
                                  "yes go ahead period thank you", "yes comma book it period"])
def test_a_yes_with_a_remark_is_asked_again_not_declined(line):
    ep = play(AT_SUMMARY + [line], ONE1)
    said = _after(ep, line)
    assert "will not go ahead" not in said and "Shall I book it?" in said and writes(ep) == []
    ep = play(AT_SUMMARY + [line, "yes"], ONE1)
    assert writes(ep) == ["book_flight"]


@pytest.mark.parametrize("line", ["yes to the flight, no to the name - it's Arjun Schmitt",
                                  "flight is fine but the name is wrong, it's Arjun Schmitt",
                                  "yes, but it's Arjun Schmitt"])
def test_a_yes_with_a_name_correction_summarises_again(line):
    ep = play(AT_SUMMARY + [line], ONE1)
    assert "under the name Arjun Schmitt" in _after(ep, line) and writes(ep) == []
    ep = play(AT_SUMMARY + [line, "yes"], ONE1)
    assert [c["last_name"] for c in _calls(ep, "book_flight")] == ["Schmitt"]


@pytest.mark.parametrize("line", ["yes but don't book yet", "yes - wait, is it refundable?"])
def test_a_yes_taken_back_stays_no_yes(line):  # near misses
    ep = play(AT_SUMMARY + [line], ONE1)
    assert writes(ep) == [] and "Don't worry" not in _after(ep, line)


# --- F4. "still 2": the party's size -----------------------------------------------------------------------------------

@pytest.mark.parametrize("line", ["still 2", "still two", "no, still just 2 of us", "2 still", "it's still the two of us then"])
def test_still_n_is_a_count(line):
    assert parse(line, D.db).passengers == 2
    ep = play(["hi, I need a flight from Chicago to Miami on May 28 for 2 people", "change of plan, some friends might "
               "come too", line], ONE1)
    assert "Noted, 2 passengers." in _after(ep, line)


@pytest.mark.parametrize("line", ["still option 2", "still 2 pm"])
def test_still_with_other_things_is_no_count(line):  # near misses
    assert parse(line, D.db).passengers is None


# --- F5. one passenger's seat cancelled: said of a cancellation -------------------------------------------------------

def test_one_seat_cancelled_is_answered_as_a_cancellation():
    line = "booking BK17WTAZ, Costa. my wife can't come anymore, please cancel her seat, I'm still flying"
    ep = play([line], CANCEL1)
    said = _after(ep, line)
    assert "a change can only move" not in said and "can't cancel only some of the passengers" in said
    assert "book a new trip for 1 passenger" in said and writes(ep) == []
