"""Wrong writes of the compliant SkyAssist agent (``--faults none``) at a flight list and a change's summary, from the
forty-fourth session's black-box tester (skyA):

1. "Change flow: a flight pick that gives 'can't make it' as the reason CANCELS the booking": at change_booking 5,
   "option 2, we can't make it to the airport that early" got "Shall I cancel booking BKFKS7B2? The fare is
   non-refundable, so no refund would be due", and yes -> ``cancel_booking {"booking_id":"BKFKS7B2"}`` (8 of 9 runs;
   also "option 1 would be nice but we can't make it, so 2", "option 1 won't work, we can't make it. 2 please").
2. "Flight picks that reject option N with a reason and then name option M still book, hold or move onto option N"
   (30 of 30): "I can't make option 1, so option 2", "can't make option 1 - option 2", "I won't be able to make the
   first one, so the second", "my wife can't make option 1, so option 2", "option 2 please, option 1 we'd miss",
   "option 1 isn't good for us, so option 2", "the earlier one is too early, give me the later one", "I'd take option 1
   but it's too early so let's do 2", "option 1 lands too late; option 2 then" -> ``book_flight ["SA8120"]`` (one_way
   3, option 1) or ``modify_booking ... ["SA1576"]`` (change_booking 5, option 1).
3. "'yes + cancel my other booking' at a change summary: the change is dropped and the SAME booking is cancelled"
   (12 of 15): "yes, and cancel my other booking", "yes please. also cancel my other reservation", "yes. then cancel
   the other one I have", "go ahead, and please cancel my second booking too" -> "Shall I cancel booking BKFKS7B2?",
   yes -> ``cancel_booking {"booking_id":"BKFKS7B2"}``.

Now an option turned down for a reason is never picked, and the option named after it is ("so 2" included); "can't
make it" said as the reason of a pick asks for no cancellation; a yes to a change's summary with "and cancel my other
booking" is asked again for a plain yes (as a booking's is), the change made on it, and then the other booking's
reference asked (the booking just changed, given there, is not cancelled).
"""
from __future__ import annotations

import json

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages

D = get_domain("skyassist")

ONE_WAY = ["hi, I need a flight from {origin_city} to {destination_city} on {date}", "2 of us"]
CHANGE = ["hi, I'd like to change my booking {booking_id}, surname {last_name}", "move it to {new_date}"]
HOLD = ["hi, can you hold seats from {origin_city} to {destination_city} on {date}, 2 people"]
NAME = "{first_name} {last_name}"


def _play(family: str, seed: int, messages: list[str]):
    sc = D.scenario(family, seed)
    return play_messages(D, sc, D.make_target("reference", []), [m.format(**sc) for m in messages], "t")


def _writes(t) -> list[tuple[str, dict]]:
    return [(c["function"]["name"], json.loads(c["function"]["arguments"])) for m in t.messages
            for c in m.get("tool_calls") or [] if c["function"]["name"] in
            ("book_flight", "hold_itinerary", "modify_booking", "cancel_booking")]


def _said(t) -> list[str]:
    return [m["content"] for m in t.messages if m["role"] == "assistant" and m.get("content")]


# change_booking 5 lists 1) SA1576 10:30 and 2) SA5248 12:00; 3: SA2780 / SA6005; 8: SA9601 / SA3179 / SA8217
OPTION_2 = {5: "SA5248", 3: "SA6005", 8: "SA3179"}
REJECT_1_PICK_2 = [
    # the tester's words
    "option 1 would be nice but we can't make it, so 2", "I can't make option 1, so option 2",
    "option 2, we can't make it to the airport that early", "can't make option 1 - option 2",
    "option 1 won't work, we can't make it. 2 please", "I won't be able to make the first one, so the second",
    "my wife can't make option 1, so option 2", "option 2 please, option 1 we'd miss",
    "option 1 isn't good for us, so option 2", "the earlier one is too early, give me the later one",
    "I'd take option 1 but it's too early so let's do 2", "option 1 lands too late; option 2 then",
    # other wordings
    "can't do the 1st one, 2nd pls", "option 1 doesn't suit us, option 2", "we'd never make option 1 in time, so option 2",
    "option 1 leaves too early for us - 2 please", "the first is too early for us, we'll take the second",
    "option one arrives too late for my meeting so option two", "I'd love option 1 but it's too expensive, 2 then",
    "unable to make option 1. option 2", "option 1 we can't make, so 2", "2 - we cant make it for the first one",
    "option 1 isnt any good for us so option 2",
]


@pytest.mark.parametrize("seed", [5, 3, 8])
@pytest.mark.parametrize("text", REJECT_1_PICK_2)
def test_change_pick_with_a_reason_moves_onto_the_option_picked(text: str, seed: int) -> None:
    t = _play("change_booking", seed, CHANGE + [text, "yes"])
    # (of three, "the later one" is the latest: SA8217 at seed 8)
    want = "SA8217" if seed == 8 and "later one" in text else OPTION_2[seed]
    assert _writes(t) == [("modify_booking", {"booking_id": D.scenario("change_booking", seed)["booking_id"],
                                              "new_flight_ids": [want]})], _said(t)[-2:]


@pytest.mark.parametrize("text", REJECT_1_PICK_2)
def test_new_booking_pick_with_a_reason_books_the_option_picked(text: str) -> None:
    t = _play("one_way", 3, ONE_WAY + [text, NAME, "yes"])  # 1) SA8120 09:45, 2) SA4569 13:00
    assert [(n, a["flight_ids"]) for n, a in _writes(t)] == [("book_flight", ["SA4569"])], _said(t)[-2:]


@pytest.mark.parametrize("text", ["option 1 isn't good for us, so option 3", "I can't make option 1, so option 3",
                                  "I'd take option 1 but it's too early so let's do 3",
                                  "option 1 would be nice but we can't make it, so 3"])
def test_hold_pick_with_a_reason_holds_the_option_picked(text: str) -> None:
    t = _play("hold_request", 4, HOLD + [text, NAME, "yes"])  # 1) SA4774, 2) SA3586 (1 seat), 3) SA0602
    assert [(n, a["flight_ids"]) for n, a in _writes(t)] == [("hold_itinerary", ["SA0602"])], _said(t)[-2:]


@pytest.mark.parametrize("text", ["we can't make the 10:30 one, the other please", "we won't make the 10:30, the other one please"])
def test_turned_down_by_time_takes_the_other_one(text: str) -> None:
    t = _play("change_booking", 5, CHANGE + [text, "yes"])
    assert _writes(t) == [("modify_booking", {"booking_id": "BKFKS7B2", "new_flight_ids": ["SA5248"]})]


# near misses: the option named is the pick; nothing turned down
KEPT = [("option 1, we can't make the later one", "SA8120"), ("option 1 please, the other is too early", "SA8120"),
        ("option 1 - can't wait!", "SA8120"), ("option 1 is fine, we can make it", "SA8120"),
        ("option 2 would be nice", "SA4569"), ("I can make option 1", "SA8120"), ("not the first, the second", "SA4569"),
        ("option 1 is too pricey, so the second one", "SA4569"), ("option 2, 2 of us", "SA4569")]


@pytest.mark.parametrize("text,fid", KEPT)
def test_near_misses_keep_their_pick(text: str, fid: str) -> None:
    t = _play("one_way", 3, ONE_WAY + [text, NAME, "yes"])
    assert [(n, a["flight_ids"]) for n, a in _writes(t)] == [("book_flight", [fid])], _said(t)[-2:]


@pytest.mark.parametrize("text", ["we can't make it at all, just cancel the booking", "none of these work, cancel it please"])
def test_a_cancel_said_in_words_at_the_list_is_still_a_cancel(text: str) -> None:
    t = _play("change_booking", 5, CHANGE + [text])
    assert "cancel" in _said(t)[-1].lower() and not _writes(t)


OTHER_CANCEL = ["yes, and cancel my other booking", "yes please. also cancel my other reservation",
                "yes. then cancel the other one I have", "go ahead, and please cancel my second booking too",
                "yes - oh and I have another booking I want cancelled", "yes please, and I also have a 2nd reservation to cancel",
                "yes. pls cancel my older booking too", "ok yes, and cancel my other one"]


@pytest.mark.parametrize("seed", [5, 3, 8])
@pytest.mark.parametrize("text", OTHER_CANCEL)
def test_yes_and_cancel_the_other_booking_at_a_change(text: str, seed: int) -> None:
    sc = D.scenario("change_booking", seed)
    t = _play("change_booking", seed, CHANGE + ["option 1", text, "yes"])
    writes = _writes(t)
    assert [n for n, _ in writes] == ["modify_booking"] and writes[0][1]["booking_id"] == sc["booking_id"]
    assert "reference" in _said(t)[-1] and "cancel" in _said(t)[-1]


def test_the_changed_booking_given_as_the_other_one_is_not_cancelled() -> None:
    t = _play("change_booking", 5, CHANGE + ["option 1", "yes, and cancel my other booking", "yes",
                                             "{booking_id}, {last_name}", "yes"])
    assert [n for n, _ in _writes(t)] == ["modify_booking"]
    t = _play("change_booking", 5, CHANGE + ["option 1", "yes, and cancel my other booking", "yes",
                                             "BKMSSM8D, Adeyemi", "yes"])
    assert [(n, a["booking_id"]) for n, a in _writes(t)] == [("modify_booking", "BKFKS7B2"), ("cancel_booking", "BKMSSM8D")]


def test_yes_with_a_named_other_booking_cancels_it_after_the_change() -> None:
    t = _play("change_booking", 5, CHANGE + ["option 1", "yes, and cancel BKMSSM8D too, surname Adeyemi", "yes", "yes"])
    assert [(n, a["booking_id"]) for n, a in _writes(t)] == [("modify_booking", "BKFKS7B2"), ("cancel_booking", "BKMSSM8D")]


@pytest.mark.parametrize("text", ["yes", "yes please", "go ahead"])
def test_plain_yes_at_a_change_still_changes(text: str) -> None:
    t = _play("change_booking", 5, CHANGE + ["option 1", text])
    assert [n for n, _ in _writes(t)] == ["modify_booking"] and "anything else" in _said(t)[-1]
