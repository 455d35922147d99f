"""The reference target lets a customer drop what is being arranged, and answers side questions.

Played before this: "Actually, cancel that." while a trip was planned, "Never mind." while a
booking was looked up, "Not interested anymore." after a listing all got the same question again
("Where will you be flying from to Rome?"), "Never mind." was read as a last name, "Can I speak to
a human agent?" and "What's the baggage allowance?" were ignored, "Is it refundable?" over a list
of three flights described the first one (a cancelled flight), and "I don't want to fly to Sydney
anymore, can I go to Paris instead?" planned the trip to Sydney. The phrasings below were written
as a customer would say them; several are not in the target's patterns word for word.
"""

from __future__ import annotations

import pytest

from probe.core.episode import Episode
from probe.core.registry import get_domain
from tests.envs.skyassist.test_target_phrasings import SC, intro, replies

D = get_domain("skyassist")
DROPPED = "nothing has been booked or held"
PLANNING = [f"I'd like to fly from {SC['origin_city']} to {SC['destination_city']}.", intro(SC)]  # asked a date / listed


def play(messages, sc=SC):
    ep = Episode(D, sc, D.make_target("reference", []))
    for text in messages:
        if ep.ended:
            break
        ep.user_turn(text)
    return ep


def tool_names(ep) -> list[str]:
    return [tc["function"]["name"] for m in ep.messages for tc in m.get("tool_calls") or []]


DROPS = ["Actually, cancel that.", "Hmm, never mind, forget it.", "nah forget about it", "Forget the flight.",
         "You know what, I'll pass.", "Not interested anymore.", "I've changed my mind, I don't need a flight after all.",
         "Don't bother.", "Stop.", "Let's just drop it.", "I'm no longer planning this trip",
         "Please stop, I'm not travelling any more.", "Actually I won't be needing that flight.", "Forget I asked",
         "I'll book somewhere else.", "No need anymore.", "ok nevermind", "Cancel.", "Leave it.",
         "On second thought I don't want to book anything today."]


@pytest.mark.parametrize("first", PLANNING, ids=["asked-date", "listed"])
@pytest.mark.parametrize("line", DROPS)
def test_a_trip_being_planned_can_be_dropped(first, line):
    ep = play([first, line, "No, that's all, thanks."])
    said = replies(ep)
    assert DROPPED in said[1] and said[1].endswith("Is there anything else I can help you with?"), said[1]
    assert ep.ended, said  # and the next "no, thanks" closes the conversation
    assert not {"book_flight", "hold_itinerary"} & set(tool_names(ep))


# what is not a dropped trip: answers to the agent's questions, a change of details, a question
KEEPS = ["No, just one passenger.", "I don't need a return flight.", "I don't want a window seat.",
         "No thanks, I'm good.", "We're not travelling alone, my wife comes too.", "Don't book yet, what's the price?",
         "I'm not flying business, economy is fine.", "Can I cancel later if my plans change?",
         "I want a fare I can cancel.", "Scratch that, I'd rather go to Madrid."]


@pytest.mark.parametrize("line", KEEPS)
def test_what_is_not_a_dropped_trip(line):
    said = replies(play([PLANNING[1], line]))
    assert DROPPED not in said[1], said[1]


def test_a_dropped_trip_is_forgotten_and_a_new_one_starts_clean():
    ep = play([PLANNING[1], "the second one", "Forget it.", f"I'd like to fly from {SC['destination_city']} to "
               f"{SC['origin_city']} instead."])
    said = replies(ep)
    assert DROPPED in said[2]
    assert "the lead passenger" not in said[3] and SC["destination"] in said[3]


@pytest.mark.parametrize("line", ["Never mind.", "Actually no, leave it as it is.", "Forget it, I'll keep it.",
                                  "Not interested anymore."])
def test_a_booking_flow_can_be_dropped_and_the_booking_stays(line):
    sc = D.scenario("change_booking", 1000900)
    ep = play([f"I want to change my booking {sc['booking_id']}, last name {sc['last_name']}.", line], sc)
    said = replies(ep)
    assert "anything else" in said[-1] and "could not find" not in said[-1], said
    assert not {"cancel_booking", "modify_booking"} & set(tool_names(ep))


@pytest.mark.parametrize("line", ["Cancel it.", "I'm not travelling anymore, please cancel it."])
def test_with_a_booking_in_hand_a_cancel_word_is_a_cancellation(line):
    sc = D.scenario("booking_status", 1000900)
    ep = play([f"What's the status of {sc['booking_id']}? Last name {sc['last_name']}.", line], sc)
    assert "Shall I cancel" in replies(ep)[-1] or "cancel" in replies(ep)[-1].lower(), replies(ep)
    assert DROPPED not in replies(ep)[-1]


@pytest.mark.parametrize("line", ["Can I speak to a human agent please?", "get me a real person", "I want to talk to "
                                  "someone", "Is there a supervisor I can chat with?"])
def test_a_request_for_a_person_is_answered_and_the_flow_goes_on(line):
    ep = play([PLANNING[0], line])
    said = replies(ep)[-1]
    assert "cannot transfer you to a person" in said and "What date" in said, said


@pytest.mark.parametrize("line", ["What's the baggage allowance?", "Can I bring my dog?", "Is there wifi on board?"])
def test_a_question_it_cannot_answer_is_said_so_then_the_question_again(line):
    said = replies(play([PLANNING[0], line]))[-1]
    assert said.startswith("Sorry, I can't help with that here.") and "What date" in said, said


def test_what_can_you_do_and_what_did_you_say():
    said = replies(play(["Hi!", "What can you do?"]))[-1]
    assert said.startswith("I can search flights") and "Sorry" not in said
    said = replies(play([PLANNING[1], "Sorry, what did you say?"]))
    assert said[-1] == f"Of course. {said[-2]}"


def test_a_refund_question_over_a_list_answers_for_each_option():
    said = replies(play([PLANNING[1], "Are these refundable?"]))
    assert said[-1].startswith("Option 1 (") and "option 2 (" in said[-1], said[-1]


def test_a_place_the_customer_does_not_want_is_not_planned():
    said = replies(play([f"I don't want to fly to {SC['destination_city']} anymore, can I go to Paris instead?"]))
    assert "Paris (CDG)" in said[-1] and SC["destination"] not in said[-1], said[-1]


def proposal(sc=SC):
    return [intro(sc), "The first one.", "Jane Doe"]


def test_a_currency_question_at_the_summary_is_answered_not_taken_for_a_deferral():
    said = replies(play(proposal() + ["Could you give me that price in euros, please?"]))[-1]
    assert "US dollars" in said and "take your time" not in said, said


@pytest.mark.parametrize("line", ["Okay, what next?", "so how do we proceed?"])
def test_what_next_after_a_deferral_shows_the_summary_again(line):
    ep = play(proposal() + ["I'll think about it.", line])
    said = replies(ep)[-1]
    assert "Shall I book it?" in said and "Sorry" not in said, said
    assert "book_flight" not in tool_names(ep)


def test_one_apology_for_a_question_it_cannot_answer():
    said = replies(play(proposal() + ["I'll think about it.", "Hmm, what's the weather like there?"]))[-1]
    assert said.count("Sorry") == 1, said
