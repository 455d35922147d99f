"""SkyAssist reference agent, findings of the tester ``sky-customers-16`` (/work/h35/sky-customers-16/report.md) taken
up in the thirty-fifth session (helper A), with the tester's words, other phrasings, and the near misses that must keep
their old reading:

F1. a price question for another count at a summary ("what would it cost for 3 instead", "price for 3?", "if we were
    3 what would that be", "how much would it be if my sister came too?") is answered for that count and leaves the
    summary as it was, saying so; the next yes books what the summary says. An explicit change ("make it 3", "actually
    3 of us") still changes the count, in a new summary to confirm;
F2. every person listed is counted: the speaker's own name beside "me" ("me (Mateo Mensah), my 2 kids and my parents",
    "for me Mateo Mensah, my wife and our three kids") or opening the list after the trip ("nov 12 - Mateo Mensah plus
    my grandparents and my sister");
F3. a change for only some of a booking's travellers ("just me, the other two keep the august flight", "only me and my
    daughter, my husband stays home"): a change moves everyone, so that is said and asked, never everyone moved in
    silence;
F5. a large party split into two bookings said with both counts ("two bookings on that flight, one for 9 and one for
    4", "book 9 now and the other 4 in a second booking", "split it 9 + 4"): the first share summarised and booked on
    its yes, then the second offered, summarised and booked on its own yes; never one share dropped.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import party_sizes
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play

ONE16 = D.scenario("one_way", 16)  # JFK-BOS 2026-05-16: SA8869 10:30 premium $688 (15 seats)
GROUP16 = D.scenario("group_booking", 16)  # AMS-DXB 2026-11-12: SA7881 06:10 economy (6 seats)
CHANGE16 = D.scenario("change_booking", 16)  # BKKPQ142 Ivanova, 3 passengers, DOH-GRU in August
LARGE16 = D.scenario("large_group", 16)  # GRU-JFK 2026-06-29: SA5473 06:05 premium (20 seats)


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


def booked(ep) -> list[tuple[list[str], int]]:
    return [(c["flight_ids"], c["passengers"]) for c in _calls(ep, "book_flight")]


# --- F1. a price question for another count leaves the summary's count -----------------------------------------------

NYC = ["flight new york boston may 16, Thandiwe Hernandez, 2 of us", "1"]


@pytest.mark.parametrize("line, n", [("what would it cost for 3 instead", 3), ("price for 3?", 3),
                                     ("just curious, what's the total for 4 people", 4),
                                     ("if we were 3 what would that be", 3),
                                     ("how much would it be if my sister came too?", 3),
                                     ("how much for 4 passengers?", 4)])
def test_a_price_question_for_another_count_keeps_the_summary(line, n):
    ep = play(NYC + [line], ONE16)
    reply = _after(ep, line)
    assert f"${688 * n}" in reply, reply  # the question is answered for that count
    assert "for 2 passengers" in reply and "Shall I book it?" in reply and f"for {n} passengers, under" not in reply
    ep = play(NYC + [line, "ok thanks, go ahead"], ONE16)
    assert all(pax == 2 for _, pax in booked(ep))  # never the count only asked about
    ep = play(NYC + [line, "yes"], ONE16)
    assert booked(ep) == [(["SA8869"], 2)]  # the summary's count, said again with the answer


@pytest.mark.parametrize("line", ["make it 3", "actually 3 of us, how much is that?", "we are 3 now",
                                  "3 people please, how much is that"])
def test_an_explicit_new_count_is_summarised_again_for_a_yes(line):  # near miss
    ep = play(NYC + [line], ONE16)
    reply = _after(ep, line)
    assert "for 3 passengers" in reply and "Shall I book it?" in reply and not booked(ep)
    ep = play(NYC + [line, "yes"], ONE16)
    assert booked(ep) == [(["SA8869"], 3)]


def test_a_price_question_for_the_same_count_is_answered_as_before():  # near miss
    ep = play(NYC + ["how much is it for the 2 of us?", "yes"], ONE16)
    assert "$1376" in _after(ep, "how much is it for the 2 of us?")
    assert booked(ep) == [(["SA8869"], 2)]


# --- F2. every person listed is counted --------------------------------------------------------------------------------

@pytest.mark.parametrize("text, n", [
    ("hi, Amsterdam to Dubai nov 12 for the family - me (Mateo Mensah), my 2 kids and my parents", 5),
    ("Amsterdam to Dubai nov 12. me (Mateo Mensah), my parents and my brother", 4),
    ("Amsterdam to Dubai nov 12 - Mateo Mensah plus my grandparents and my sister", 4),
    ("Amsterdam to Dubai nov 12 - Mateo Mensah and my two daughters and my mum", 4),
    ("Amsterdam to Dubai nov 12: Mateo Mensah, my wife and my two sons", 4),
    ("Amsterdam to Dubai nov 12 for me Mateo Mensah, my wife and our three kids", 5),
    ("Amsterdam to Dubai nov 12, me, Mateo Mensah, with my wife and my mum", 3),
    ("me and my daughter, my husband stays home", 2), ("me, my wife and my parents, my brother is staying behind", 4),
    # near misses, read as before
    ("me and my two daughters", 3), ("I'm Mateo Mensah, with my grandparents", 3),
    ("me and my two daughters and my mum, Mateo Mensah", 4), ("Mateo Mensah, my wife and my two sons", 4),
    ("me and my parents", 3), ("me, my wife and my parents", 4),
])
def test_every_person_listed_is_counted(text, n):
    assert set(party_sizes(text)) == {n}


def test_a_speakers_name_with_no_list_counts_no_one():  # near miss
    assert not party_sizes("Amsterdam to Dubai nov 12 - Mateo Mensah")
    assert not party_sizes("Amsterdam to Dubai nov 12 - Mateo Mensah and my kids")  # how many kids is not said


def test_the_tester_family_books_five_or_asks():
    line = "hi, Amsterdam to Dubai nov 12 for the family - me (Mateo Mensah), my 2 kids and my parents"
    ep = play([line, "2"], GROUP16)
    reply = _after(ep, "2")
    assert "4 passengers" not in reply and "5 passengers" in reply


# --- F3. a change for only some of the travellers is said, never everyone moved in silence ---------------------------

@pytest.mark.parametrize("line", [
    "Ivanova, BKKPQ142. move it to march 17, just me, the other two keep the august flight",
    "Ivanova, BKKPQ142. move it to march 17 but only me and my daughter, my husband stays home",
    "Ivanova, BKKPQ142. move it to march 17, my husband is staying home",
    "Ivanova, BKKPQ142. move it to march 17 for me and my daughter, the others stay on the august flight",
])
def test_a_change_for_some_of_the_party_is_said_and_asked(line):
    ep = play([line], CHANGE16)
    reply = _after(ep, line)
    assert "can't move or remove only some" in reply or "can't remove passengers" in reply, reply
    assert "What would you like to do?" in reply
    ep = play([line, "1", "yes"], CHANGE16)
    assert not _calls(ep, "modify_booking")


def test_the_long_message_with_a_partial_move_is_not_moved_for_everyone():
    line = ("Hello, I am Leila Ivanova, booking BKKPQ142. We cannot travel in August any more, my husband has surgery. "
            "Is it possible to go earlier, like 17 of March? But only me and my daughter, my husband stays home.")
    ep = play([line, "Ivanova", "1", "yes"], CHANGE16)
    assert not _calls(ep, "modify_booking")
    assert "for 3 passengers" not in " ".join(str(m.get("content") or "") for m in ep.messages if m["role"] == "assistant")


@pytest.mark.parametrize("line", ["Ivanova, BKKPQ142. move it to march 17", "Ivanova, BKKPQ142. move all 3 of us to march 17",
                                  "Ivanova, BKKPQ142. move it to march 17, my husband has surgery so we go earlier"])
def test_a_change_for_everyone_is_still_made(line):  # near miss
    ep = play([line, "1", "yes"], CHANGE16)
    assert [c["booking_id"] for c in _calls(ep, "modify_booking")] == ["BKKPQ142"]


# --- F5. a group split into two bookings: both made, each on its own yes -----------------------------------------------

CHOIR = ["Sao Paulo to NYC june 29. choir trip: 13 singers incl me (Grace Mensah). all same flight pls", "2", "13"]


@pytest.mark.parametrize("line", ["then make two bookings on that flight, one for 9 and one for 4",
                                  "book 9 now and the other 4 in a second booking",
                                  "ok split it 9 + 4 then, same flight",
                                  "two bookings please: 9 and 4"])
def test_a_split_into_two_bookings_makes_both(line):
    ep = play(CHOIR + [line], LARGE16)
    reply = _after(ep, line)
    assert "for 9 passengers" in reply and "4" in reply and "Shall I book it?" in reply, reply
    ep = play(CHOIR + [line, "yes"], LARGE16)
    assert booked(ep) == [(["SA5473"], 9)]
    reply = _after(ep, "yes")
    assert "other 4" in reply and "?" in reply, reply
    msgs = CHOIR + [line, "yes", "yes please"]
    ep = play(msgs, LARGE16)
    assert booked(ep) == [(["SA5473"], 9)]  # the second share waits for its own summary and yes
    reply = _after(ep, "yes please")
    if "name" in reply.lower() and "Shall I book" not in reply:
        msgs.append("Grace Mensah")
    ep = play(msgs + ["yes"], LARGE16)
    assert booked(ep) == [(["SA5473"], 9), (["SA5473"], 4)]


def test_the_second_share_can_be_declined():
    line = "then make two bookings on that flight, one for 9 and one for 4"
    ep = play(CHOIR + [line, "yes", "no thanks"], LARGE16)
    assert booked(ep) == [(["SA5473"], 9)]


def test_a_plain_count_over_the_limit_is_still_refused():  # near miss
    ep = play(CHOIR, LARGE16)
    assert "up to 9 passengers" in _after(ep, "13") and not booked(ep)
