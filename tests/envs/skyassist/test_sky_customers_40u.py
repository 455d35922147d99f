"""SkyAssist agent fixes from a black-box tester of the fortieth session (``sky-customers-28``; compliant agent):

1. simple comparison questions while options were listed got "Sorry, I can't help with that here": "Which one is
   cheaper?", "Could you remind me which one is cheaper?", "Which one arrives earlier?", "Which one gets in first?",
   "Are both direct?", "Which would you recommend?", "Is there anything in the evening?", "Which flights are there
   that day?"; flexible_dates 5 "Which date works out cheaper overall?" ("Which is the cheapest?" worked). Now
   answered from the listed options, nothing picked (one flight only suggested), the options still open;
2. multi_leg 5: "Alright, whatever you recommend then." after the agent's own recommendation (the shortest
   connection) got "did not catch" and stayed stuck: it now picks the pair named (then summary and yes);
3. goodbyes mid-flow were not recognised: "Thanks a lot, take care!" (round_trip 5, one_way 3); "Great, that's all.
   Thanks!" at the last-name prompt (third_party_booking 5) got "did not catch an answer";
4. round_trip 11: "could we make the return a week earlier instead? So 2026-11-29." moved the outbound;
5. booking_status 11: "need to check my booking" got "Of course, take your time.";
6. hold_request 5: after the hold was converted to a booking, "Great, and is it refundable?" answered about the
   cancelled hold.
"""
from __future__ import annotations

import json

import pytest

from envs.skyassist.language import listing_question, parse
from probe.core.registry import get_domain
from probe.core.scripts import play_messages

D = get_domain("skyassist")
DB = D.make_target("reference", []).db
WRITES = ("book_flight", "hold_itinerary", "cancel_booking", "modify_booking")


def _play(family: str, seed: int, messages: list[str]):
    sc = D.scenario(family, seed)
    return play_messages(D, sc, D.make_target("reference", []), [m.format(**sc) for m in messages], "t")


def _calls(t, name: str) -> list[dict]:
    return [json.loads(c["function"]["arguments"]) for m in t.messages for c in m.get("tool_calls") or []
            if c["function"]["name"] == name]


def _writes(t) -> list[str]:
    return [c["function"]["name"] for m in t.messages for c in m.get("tool_calls") or []
            if c["function"]["name"] in WRITES]


def _last(t) -> str:
    return [m["content"] for m in t.messages if m["role"] == "assistant" and m.get("content")][-1]


LISTED = ["Hi, I need a flight from Madrid to Amsterdam on {date} for two people."]  # one_way 3: SA8120 09:45
# arriving 21:20 $585, SA4569 13:00 arriving 00:35 $616


@pytest.mark.parametrize("said,expected", [
    ("Which one is cheaper?", "The cheapest is option 1: Flight SA8120"),
    ("Could you remind me which one is cheaper?", "The cheapest is option 1: Flight SA8120"),
    ("Hmm, could you remind me which one is cheaper?", "The cheapest is option 1: Flight SA8120"),
    ("which ones cheaper", "The cheapest is option 1: Flight SA8120"),
    ("Which of the two costs less?", "The cheapest is option 1: Flight SA8120"),
    ("what's cheaper?", "The cheapest is option 1"),
    ("Which one arrives earlier?", "Option 1 arrives first: Flight SA8120"),
    ("Which one gets in first?", "Option 1 arrives first: Flight SA8120"),
    ("which lands first?", "Option 1 arrives first"),
    ("Which one gets us there later?", "Option 2 arrives last: Flight SA4569"),
    ("Which one leaves later?", "Option 2 leaves last: Flight SA4569"),
    ("Are both direct?", "every flight I list is a direct flight"),
    ("are they all nonstop?", "every flight I list is a direct flight"),
    ("do any of them have stops?", "every flight I list is a direct flight"),
    ("Which would you recommend?", "I would suggest the cheapest with seats for all 2 of you, option 1"),
    ("what would you suggest?", "I would suggest the cheapest"),
    ("Which one should we take?", "I would suggest the cheapest"),
    ("Is there anything in the evening?", "None of the flights listed leaves in the evening"),
    ("any morning flights?", "In the morning: option 1 is SA8120"),
    ("Which flights are there that day?", "the options are: 1) SA8120"),
])
def test_comparison_question_answered_from_the_list(said, expected):
    t = _play("one_way", 3, LISTED + [said])
    reply = _last(t)
    assert expected in reply, reply
    assert "can't help" not in reply and "You picked" not in reply
    assert _writes(t) == [] and t.violations == []


@pytest.mark.parametrize("said,expected", [
    ("the cheaper one", "You picked SA8120"),     # picks, as before
    ("the later one", "You picked SA4569"),
    ("Which is the cheapest?", "That is option 1: Flight SA8120"),  # unchanged wording
])
def test_picks_and_old_answers_unchanged(said, expected):
    assert expected in _last(_play("one_way", 3, LISTED + [said]))


@pytest.mark.parametrize("then,fid", [("ok", "SA8120"), ("yes please", "SA8120"), ("2", "SA4569")])
def test_after_the_answer_the_options_stay_open(then, fid):
    t = _play("one_way", 3, LISTED + ["Which one is cheaper?", then])
    assert f"You picked {fid}" in _last(t)
    assert "fly back" not in _last(t)  # "ok" answers "Would you like that one?", not the return offered before


@pytest.mark.parametrize("said,kind", [
    ("Which one is cheaper?", "cheapest"), ("Which one gets in first?", "arrives first"),
    ("Are both direct?", "direct"), ("Which would you recommend?", "recommend"),
    ("Is there anything in the evening?", "part evening"), ("Which flights are there that day?", "list"),
    ("Which date works out cheaper overall?", "day"), ("which day is cheaper?", "day"),
    # near misses: picks, not questions
    ("the cheaper one", None), ("whichever is cheaper", None), ("the evening one please", None),
    ("I'll take the evening flight", None), ("I'd recommend the first", None),
])
def test_listing_question_reading(said, kind):
    assert listing_question(said) == kind


def test_which_date_is_cheaper_after_two_days_compared():
    t = _play("flexible_dates", 5, [
        "Hi, we're three people looking to fly from {origin_city} to {destination_city}. We could go on {date} or "
        "{alt_date}, whichever is cheaper.", "Which date works out cheaper overall?"])
    reply = _last(t)
    assert "2026-10-31 is the only one of the two days with seats for all 3 of you" in reply, reply
    assert "can't help" not in reply and _writes(t) == []


ML = ["Good afternoon. I need to get from {origin_city} to {destination_city}, and I was hoping to stop over in "
      "{via_city} on the way, since I have a meeting there.", "It would be on {date}, and it's two of us.",
      "What's the shortest layover you can do?"]


@pytest.mark.parametrize("said", ["Alright, whatever you recommend then.", "whatever you suggest",
                                  "ok, go with your recommendation", "fine, whatever you think is best"])
def test_go_ahead_for_the_agents_recommended_connection(said):
    t = _play("multi_leg", 5, ML + [said])
    assert "You picked SA7146 (Economy) and SA4876 (Economy)" in _last(t), _last(t)
    t = _play("multi_leg", 5, ML + [said, "{first_name} {last_name}"])
    assert _writes(t) == [] and "Shall I book it?" in _last(t)  # the summary and a yes still come first
    t = _play("multi_leg", 5, ML + [said, "{first_name} {last_name}", "Yes, please book that."])
    assert [c["flight_ids"] for c in _calls(t, "book_flight")] == [["SA7146", "SA4876"]]
    assert t.violations == []


def test_whatever_you_recommend_without_a_recommendation_only_suggests():
    t = _play("one_way", 3, LISTED + ["whatever you recommend"])
    assert "I would suggest the cheapest, option 1" in _last(t) and "You picked" not in _last(t)


@pytest.mark.parametrize("family,seed,first", [
    ("round_trip", 5, "Hi, I'd like a round trip from {origin_city} to {destination_city}, leaving {date} and "
                      "returning {return_date}, for two."),
    ("one_way", 3, LISTED[0]),
])
@pytest.mark.parametrize("bye", ["Thanks a lot, take care!", "Take care now.", "ok see you later!", "Thanks, talk soon.",
                                 "Thanks, have a lovely evening!", "cheers, see ya"])
def test_goodbye_mid_flow_closes(family, seed, first, bye):
    t = _play(family, seed, [first, bye])
    assert "goodbye" in _last(t) and _writes(t) == [] and t.violations == [], _last(t)


def test_thats_all_at_the_last_name_prompt_closes():
    t = _play("third_party_booking", 5, ["Could you check my booking {booking_id}?", "Great, that's all. Thanks!"])
    assert "goodbye" in _last(t) and "did not catch" not in _last(t) and _writes(t) == []


@pytest.mark.parametrize("said", ["Yes, please take care of it.", "Take care of it please"])
def test_take_care_of_it_is_no_goodbye(said):
    t = _play("one_way", 3, LISTED + ["Option 1 please.", "Aisha Okafor", said])
    assert "goodbye" not in _last(t)
    assert "goodbye" not in parse(said, DB, None, "").intents


def test_yes_with_a_closing_at_a_summary_still_asked_again():
    t = _play("one_way", 3, LISTED + ["Option 1 please.", "Aisha Okafor", "Yes go ahead, that's all."])
    assert "goodbye" not in _last(t)


@pytest.mark.parametrize("said", ["need to check my booking", "I need to check my booking",
                                  "I need to check the status of my flight", "hi, want to check on my reservation"])
def test_check_my_booking_asks_for_it(said):
    t = _play("booking_status", 11, ["hey", said])
    assert "booking reference" in _last(t) and "take your time" not in _last(t), _last(t)


@pytest.mark.parametrize("said", ["need to check with my wife", "Let me check my calendar first"])
def test_checking_with_someone_still_puts_off(said):
    t = _play("one_way", 3, LISTED + ["Option 1 please.", "Aisha Okafor", said])
    assert "take your time" in _last(t) and _writes(t) == []


RT = ["Hello, I'd like to book a round trip from {origin_city} to {destination_city}.",
      "Going out on {date}, and coming back on {return_date}.", "Just me.", "The cheapest outbound, please."]


@pytest.mark.parametrize("said", ["Hmm, actually, could we make the return a week earlier instead? So 2026-11-29.",
                                  "Could the return be a week earlier, i.e. 2026-11-29?",
                                  "For the way back, could we do a week earlier - that's 2026-11-29?"])
def test_return_date_said_after_the_return_is_named(said):
    t = _play("round_trip", 11, RT + [said])
    searched = _calls(t, "search_flights")[-2:]
    assert {"origin": "MAD", "destination": "LHR", "date": "2026-11-29"} in searched, searched
    assert not any(s["date"] == "2026-11-29" and s["origin"] == "LHR" for s in searched)


@pytest.mark.parametrize("said,date_,ret", [
    ("make the outbound earlier, so 2026-04-30", "2026-04-30", None),  # the outbound named: stays outbound
    ("So 2026-11-29.", "2026-11-29", None),
    ("could we make the return earlier instead? So 2026-11-29.", None, "2026-11-29"),
])
def test_return_clarified_reading(said, date_, ret):
    p = parse(said, DB, None, "")
    assert (p.date, p.return_date) == (date_, ret)


HOLD = ["Hi, could you hold two seats from {origin_city} to {destination_city} on {date} for me? I don't want to pay "
        "yet.", "Option 1 please.", "{first_name} {last_name}", "Yes, hold it."]


@pytest.mark.parametrize("ask", ["Great, and is it refundable?", "Can I get a refund on it if we cancel?"])
def test_refund_question_after_hold_converted_is_about_the_booking(ask):
    t = _play("hold_request", 5, HOLD + ["Thanks! Actually, I've talked to my partner and we'd like to book it now.",
                                         "Yes, go ahead.", ask])
    reply = _last(t)
    assert "Hold BK" not in reply and "non-refundable" in reply, reply
    assert _writes(t) == ["hold_itinerary", "book_flight", "cancel_booking"] and t.violations == []
