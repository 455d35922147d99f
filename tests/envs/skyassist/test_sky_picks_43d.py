"""A flight pick turned down or corrected in the same message, from the forty-third session's black-box tester (skyA,
section B): the compliant agent (``--faults none``) took the FIRST option named and booked, moved or held it.

- "Negations: 20 of 20 booked the option the customer rejected": "not option 1", "not the first one", "anything but
  option 1", "I don't want option 1", "option 1 is too early" (one_way 3: "You picked SA8120", then
  ``book_flight ["SA8120"]``, where SA8120 is option 1); "not the morning one", "anything but the 9:45";
- "Self-corrections ... all booked the first option named": "option 1, no wait, option 2", "the first one - actually
  no, the second", "option 1. wait, actually option 2", "the second. no, the first", "the 9:45, hmm, no, make it the
  1pm", "the 13:00 one, sorry I meant 09:45"; "1... no, 2" left the conversation stuck;
- the same at change_booking (``modify_booking`` onto option 1: "I don't want the first one"), hold_request
  (``hold_itinerary ["SA4774"]``) and round_trip.

Now the last option named after a correction is the pick; an option turned down is never picked: with exactly one
other listed for that leg the agent picks that one and says so ("You picked SA4569 ..."), with more it asks which.
Near misses keep their reading: "option 1 not option 2" and "not option 2, option 1" pick option 1, "not sure,
option 1 I guess" and "I don't mind option 1" pick option 1, "is option 1 not cheaper?" picks nothing, "option 1, no
return needed" picks option 1.
"""
from __future__ import annotations

import json

import pytest

from envs.skyassist.language import _pick_retyped, _turned_down_pick
from probe.core.registry import get_domain
from probe.core.scripts import play_messages

D = get_domain("skyassist")

ONE_WAY = ["hi, I need a flight from {origin_city} to {destination_city} on {date}", "2 of us"]
CHANGE = ["hi, I'd like to move my booking {booking_id} ({last_name}) to {new_date}"]
HOLD = ["hi, can you hold 2 seats from {origin_city} to {destination_city} on {date} for me, I'll pay later"]
ROUND = ["hi, I need a round trip from Dubai to Amsterdam on October 31, back November 12, 2 of us"]
NAME = "{first_name} {last_name}"


def _play(family: str, seed: int, messages: list[str]):
    sc = D.scenario(family, seed)
    return play_messages(D, sc, D.make_target("reference", []), [m.format(**sc) for m in messages], "t")


def _written(t) -> list[tuple[str, list[str]]]:
    out = []
    for m in t.messages:
        for c in m.get("tool_calls") or []:
            name, args = c["function"]["name"], json.loads(c["function"]["arguments"])
            if name in ("book_flight", "hold_itinerary", "modify_booking"):
                out.append((name, args.get("flight_ids") or args.get("new_flight_ids")))
    return out


def _said(t) -> list[str]:
    return [m["content"] for m in t.messages if m["role"] == "assistant" and m.get("content")]


# one_way 3 lists 1) SA8120 departing 09:45 and 2) SA4569 departing 13:00
CORRECTED = [
    ("option 1, no wait, option 2", "SA4569"), ("the first one - actually no, the second", "SA4569"),
    ("option 1. wait, actually option 2", "SA4569"), ("the second. no, the first", "SA8120"), ("1... no, 2", "SA4569"),
    ("the 9:45, hmm, no, make it the 1pm", "SA4569"), ("the 13:00 one, sorry I meant 09:45", "SA8120"),
    # other phrasings
    ("opt 1 - no sorry, opt 2", "SA4569"), ("first one.. nah second", "SA4569"), ("option 1 er I mean option 2", "SA4569"),
    ("option one, oops, option two", "SA4569"), ("SA8120 - no, SA4569", "SA4569"), ("1, correction: 2", "SA4569"),
    ("option 1 - no, make that option 2", "SA4569"), ("Option 1! No wait... option 2 please", "SA4569"),
    ("2, no 1 sorry", "SA8120"), ("option 1 or rather option 2", "SA4569"),
    # already right before, kept
    ("option 2 - sorry, I mean option 1", "SA8120"), ("option 1 - scratch that, option 2", "SA4569"),
    # near misses: one pick, said with a "no" or a "not" that takes nothing back
    ("option 1, no return needed", "SA8120"), ("option 1 not option 2", "SA8120"), ("not option 2, option 1", "SA8120"),
    ("not the first, the second", "SA4569"), ("not sure, option 1 I guess", "SA8120"), ("I don't mind option 1", "SA8120"),
    ("option 1 is fine", "SA8120"), ("option 1 actually", "SA8120"),
]
TURNED_DOWN = [
    "not option 1", "not the first one", "anything but option 1", "I don't want option 1", "option 1 is too early",
    "not the morning one", "anything but the 9:45",
    # other phrasings
    "NOT option 1", "no to option 1", "option 1 doesn't work for me", "not SA8120", "dont want the 9:45",
    "the first is too expensive", "any except option 1", "not keen on option 1", "skip the first one",
    "anything other than the first", "option 1 is too pricey", "i dont want the first option pls",
]


@pytest.mark.parametrize("said,flight", CORRECTED)
def test_the_pick_said_last_is_booked(said, flight):
    t = _play("one_way", 3, ONE_WAY + [said, NAME, "yes"])
    assert _written(t) == [("book_flight", [flight])], _said(t)
    assert t.violations == []


@pytest.mark.parametrize("said", TURNED_DOWN)
def test_an_option_turned_down_is_never_booked(said):
    # two listed: the one other is picked, and said
    t = _play("one_way", 3, ONE_WAY + [said, NAME, "yes"])
    assert _written(t) == [("book_flight", ["SA4569"])], _said(t)
    assert "You picked SA4569" in _said(t)[2]
    assert t.violations == []


@pytest.mark.parametrize("said", ["not option 1", "I don't want the first one", "anything but option 1"])
def test_with_several_left_the_agent_asks_which(said):
    # one_way 5 lists three: no pick is made for the customer
    t = _play("one_way", 5, ONE_WAY + [said])
    reply = _said(t)[-1]
    assert "SA7032" not in reply.split("instead")[-1] and "option 2" in reply and "option 3" in reply, reply
    t = _play("one_way", 5, ONE_WAY + [said, "option 3", NAME, "yes"])
    assert _written(t) == [("book_flight", ["SA9836"])], _said(t)


def test_a_question_with_not_picks_nothing():
    t = _play("one_way", 3, ONE_WAY + ["is option 1 not cheaper?", NAME, "yes"])
    assert _written(t) == []


@pytest.mark.parametrize("said,expected", [
    ("not option 1", [("modify_booking", ["SA5248"])]), ("option 1, no wait, option 2", [("modify_booking", ["SA5248"])]),
    ("I don't want the first one", [("modify_booking", ["SA5248"])]),
])
def test_change_booking(said, expected):
    t = _play("change_booking", 5, CHANGE + [said, "yes"])  # 1) SA1576 2) SA5248
    assert _written(t) == expected, _said(t)


@pytest.mark.parametrize("said", ["I don't want the first one", "not option 1"])
def test_change_booking_three_listed_asks(said):
    t = _play("change_booking", 8, CHANGE + [said, "yes"])  # 1) SA9601 2) SA3179 3) SA8217
    assert _written(t) == [] and "instead" in _said(t)[-2], _said(t)
    t = _play("change_booking", 8, CHANGE + ["option 1, no wait, option 2", "yes"])
    assert _written(t) == [("modify_booking", ["SA3179"])], _said(t)


def test_hold_request():
    # 1) SA4774 2) SA3586 (one seat left) 3) SA0602: "not option 1" asks, never holds SA4774
    t = _play("hold_request", 4, HOLD + ["not option 1", NAME, "yes"])
    assert all("SA4774" not in ids for _n, ids in _written(t)), _said(t)
    t = _play("hold_request", 4, HOLD + ["option 3, no wait, option 1", NAME, "yes"])
    assert _written(t) == [("hold_itinerary", ["SA4774"])], _said(t)
    t = _play("hold_request", 4, HOLD + ["option 1 - sorry, I meant option 3", NAME, "yes"])
    assert _written(t) == [("hold_itinerary", ["SA0602"])], _said(t)


@pytest.mark.parametrize("said,out,back", [
    (["not option 1", "option 3", "option 1, no wait, option 2"], "SA6059", "SA7881"),
    (["option 1", "not option 1"], "SA0904", "SA7881"),  # the return's option 1 (of two) turned down
    (["option 2, no wait, option 3", "option 2"], "SA6059", "SA7881"),
])
def test_round_trip(said, out, back):
    t = _play("round_trip", 4, ROUND + said + ["Arjun OBrien", "yes"])
    assert _written(t) == [("book_flight", [out, back])], _said(t)


@pytest.mark.parametrize("said", ["no, not option 1", "sorry, option 2 not option 1", "option 1? no, option 2"])
def test_at_the_summary(said):
    t = _play("one_way", 3, ONE_WAY + ["option 1", NAME, said, "yes"])
    assert _written(t) == [("book_flight", ["SA4569"])], _said(t)


@pytest.mark.parametrize("text,kept", [
    ("option 1, no wait, option 2", "option 2"), ("the 9:45, hmm, no, make it the 1pm", "the 1pm"),
    ("option 1, no return needed", "option 1, no return needed"), ("option 1 not option 2", "option 1 not option 2"),
    ("Aisha Okafor, no sorry, Aisha Okafur", "Aisha Okafor, no sorry, Aisha Okafur"),
    ("3, no wait, 4", "3, no wait, 4"),  # two numbers with no options listed: left to the count's own reading
])
def test_pick_retyped(text, kept):
    assert _pick_retyped(text) == kept


@pytest.mark.parametrize("text,down", [
    ("not option 1", "option 1"), ("option 1 is too early", "option 1"), ("anything but the 9:45", "the 9:45"),
    ("not sure, option 1 I guess", None), ("I don't mind option 1", None), ("is option 1 not cheaper?", None),
    ("option 1 is fine", None), ("not sure about the price", None),
    ("don't book option 1 yet, just hold it", None),  # a hold of option 1 asked for, never option 1 turned down
    ("not 2 people, 3", None), ("no thanks to the economy - the 6:10 one instead", None), ("I'd like option 1, not the business one", "the business one"),
])
def test_turned_down_pick(text, down):
    got = _turned_down_pick(text)
    assert (got[0] if got else None) == down
