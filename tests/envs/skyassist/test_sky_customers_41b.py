"""sky-customers-29 (forty-first session), the compliant SkyAssist agent at "Shall I book it?" and at the listing.

What was wrong (the tester's words):
- W2: "A number mentioned at 'Shall I book it?' becomes the new party size; the agent re-issues the summary with the
  new count without saying it changed, and the next 'yes' books it": "yes, and we have 3 suitcases" booked 3
  passengers (one_way 0, party 1), "yes, I will be at gate 7 anyway" booked 7, "yes if it's under 5 hundred per seat"
  booked 5 (one_way 1, party 2); also "row 4", "4 baggage", "terminal 2", "2 bikes", "room 6", "6 foot", "meeting
  at 9", "less than 3 hundred", "budget 2 thousand". A count that does change there ("yes, 3 of us") was re-summarised
  without saying so.
- "yes if it's under $50 per seat" was read as a group of 50 ("I can only book up to 9 passengers").
- "yes, oh but wait, the booking should be under my married name Larsen": "take your time", and the next yes booked
  under the old name.
- "1 yes book it" / "1!!! BOOK NOW 👍" at the listing: taken as a yes to "look for a return flight?", the pick dropped.
- "1 or 2, whichever you think": "Sorry, I did not catch an answer".
- "yes, reserve it, I pay later" / "yes please to reserve, no pay now": no hold (one of them "I will not go ahead").
- "I not sure, maybe tomorrow I tell you" at a summary: a search for tomorrow's flights.
"""

from __future__ import annotations

import json

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages

D = get_domain("skyassist")
OPEN_0 = "I need 1 seats from Frankfurt to London on 2026-05-04, name Omar Singh"  # one_way 0: SA1301, $1424
OPEN_1 = "I need 2 seats from Chicago to Miami on 2026-05-28, name Arjun Schmidt"  # one_way 1: SA2085, $928; 2) $496


def _play(family: str, seed: int, messages: list[str]):
    return play_messages(D, D.scenario(family, seed), D.make_target("reference", []), messages, "t41b")


def _writes(t) -> list[tuple[str, dict]]:
    out = []
    for m in t.messages:
        for tc in m.get("tool_calls") or []:
            fn = tc.get("function", tc)
            if fn["name"] in ("book_flight", "hold_itinerary", "cancel_booking", "modify_booking"):
                args = fn["arguments"]
                out.append((fn["name"], json.loads(args) if isinstance(args, str) else args))
    return out


def _replies(t) -> list[str]:
    return [str(m["content"]) for m in t.messages if m["role"] == "assistant" and m.get("content")]


# --- W2: a number that counts no people never changes the party ------------------------------------------------
NOT_PEOPLE = [
    "yes, and we have 3 suitcases", "yes, I will be at gate 7 anyway", "yes if it's under 5 hundred per seat",
    "yes, my seat preference is row 4", "ok please to book, we have 4 baggage", "yes please, terminal 2 right?",
    "yes 👍 we will bring 2 bikes", "yes go ahead, I'm in room 6 if you need me",
    "yes, book it. I'm 6 foot tall so an aisle would be nice", "yes, my meeting is at 9", "yes if less than 3 hundred",
    "ok if it's under five hundred dollars", "my budget is 2 thousand per seat, is this ok?",
    # other phrasings
    "yes pls, 2 carry-ons", "yep, seat 4 if possible", "go ahead, I'm on floor 5", "ok book, I finish work at 6",
    "yes, 3 skis too", "sure, platform 3 is near", "yes if below 4 hundred each", "yes, we bring 2 dogs in cargo",
    # near misses the tester saw pass: still no count
    "YES BOOK IT, 3 BAGS", "yes, gate 12", "yes, my kids are 4 and 7",
    # ages and times (were "only 9 passengers" / a party of 5)
    "yes, I'm 67", "yes, my son is 7", "yes, see you in 5",
]


@pytest.mark.parametrize("family,seed,opener,party", [("one_way", 0, OPEN_0, 1), ("one_way", 1, OPEN_1, 2)])
@pytest.mark.parametrize("line", NOT_PEOPLE)
def test_number_of_things_is_no_party(family, seed, opener, party, line):
    t = _play(family, seed, [opener, "1", line, "yes"])
    for name, args in _writes(t):
        assert args["passengers"] == party, (line, name, args)
    third = _replies(t)[2]
    assert f"for {party} passenger" in third and "That changes" not in third, third


PEOPLE = [("yes, 3 of us", 3), ("actually 3", 3), ("make it 3 people", 3), ("3 please", 3), ("yes for 3 people", 3),
          ("we are 3 now", 3), ("yes, 3 travellers", 3), ("3 seats please", 3), ("4, she can come after all", 4)]


@pytest.mark.parametrize("line,n", PEOPLE)
def test_count_change_said_plainly_before_a_yes(line, n):
    t = _play("one_way", 0, [OPEN_0, "1", line])
    assert not _writes(t), line  # no write on the message that changes the count, even with a yes in it
    last = _replies(t)[-1]
    assert f"That changes the booking from 1 to {n} passengers." in last and last.endswith("Shall I book it?"), last
    t = _play("one_way", 0, [OPEN_0, "1", line, "yes"])
    assert [a["passengers"] for _, a in _writes(t)] == [n]


def test_same_count_again_says_no_change():
    t = _play("one_way", 1, [OPEN_1, "1", "yes, 2 of us"])
    assert "That changes" not in _replies(t)[-1]


# --- a conditional yes on a price: answered, asked again; never a group ---------------------------------------
@pytest.mark.parametrize("line,verdict", [
    ("yes if it's under $50 per seat", "over"), ("yes if it's under 5 hundred per seat", "over"),
    ("ok if under $80 a seat", "over"), ("yes if under 2 grand total", "within"), ("yes if less than 1 thousand each", "within"),
])
def test_price_condition_answered(line, verdict):
    t = _play("one_way", 1, [OPEN_1, "1", line])
    assert not _writes(t)
    last = _replies(t)[-1]
    assert "9 passengers" not in last and "group" not in last, last
    assert "The fare in this summary is $928 per seat" in last and f"which is {verdict} your budget" in last, last
    assert last.endswith("Shall I book it?") and "for 2 passengers" in last, last


# --- a name correction inside a yes ----------------------------------------------------------------------------
@pytest.mark.parametrize("line,first,last", [
    ("yes, oh but wait, the booking should be under my married name Larsen", "Arjun", "Larsen"),
    ("yes book it under my new surname Larsen", "Arjun", "Larsen"),
    ("yes but use my maiden name, Anna Larsen", "Anna", "Larsen"),
    ("ok, but put it under the name Larsen please", "Arjun", "Larsen"),
])
def test_name_fix_beside_yes(line, first, last):
    t = _play("one_way", 1, [OPEN_1, "1", line])
    assert not _writes(t), line
    assert f"under the name {first} {last}" in _replies(t)[-1]
    t = _play("one_way", 1, [OPEN_1, "1", line, "yes"])
    assert [(a["first_name"], a["last_name"]) for _, a in _writes(t)] == [(first, last)]


@pytest.mark.parametrize("line", ["yes, under my name please", "yes, book it under my name Arjun"])
def test_plain_yes_under_my_name_still_books(line):
    t = _play("one_way", 1, [OPEN_1, "1", line])
    assert [a["last_name"] for _, a in _writes(t)] == ["Schmidt"]


# --- a pick with a go-ahead at the listing ---------------------------------------------------------------------
@pytest.mark.parametrize("line,fid", [
    ("1 yes book it", "SA2085"), ("1!!! BOOK NOW 👍", "SA2085"), ("i take 1 comma book it period", "SA2085"),
    ("2, go ahead and book", "SA5943"), ("3 - yes pls reserve it", "SA0680"), ("1 please book it", "SA2085"),
])
def test_pick_and_go_ahead(line, fid):
    t = _play("one_way", 1, [OPEN_1, line])
    assert not _writes(t)  # a summary first, as for every pick
    last = _replies(t)[-1]
    assert f"You picked {fid}" in last and last.endswith("Shall I book it?") and "fly back" not in last, last


# --- two options, the choice left to the agent -----------------------------------------------------------------
@pytest.mark.parametrize("line,pair,fid", [
    ("1 or 2, whichever you think", (1, 2), "SA5943"), ("either 1 or 3 is fine", (1, 3), "SA2085"),
    ("option 2 or 3, you choose", (2, 3), "SA5943"), ("1/2 doesn't matter", (1, 2), "SA5943"),
    ("1 or 3, up to you", (1, 3), "SA2085"),
])
def test_either_of_two(line, pair, fid):
    t = _play("one_way", 1, [OPEN_1, line])
    assert not _writes(t)
    last = _replies(t)[-1]
    assert f"Of options {pair[0]} and {pair[1]}, I would suggest" in last and fid in last, last
    assert last.endswith("Would you like that one?") and "did not catch" not in last, last
    t = _play("one_way", 1, [OPEN_1, line, "yes"])
    assert f"You picked {fid}" in _replies(t)[-1]


# --- a reservation with payment later is a hold ----------------------------------------------------------------
@pytest.mark.parametrize("line", [
    "yes, reserve it, I pay later", "yes please to reserve, no pay now", "ok reserve it, payment later",
    "yes, reserve it, no pay now", "yes but don't charge me yet",
])
def test_reserve_pay_later_is_a_hold(line):
    t = _play("hold_request", 0, [OPEN_1, "1", line])
    assert not _writes(t)
    last = _replies(t)[-1]
    assert "Shall I place the hold?" in last and "I will not go ahead" not in last, last
    t = _play("hold_request", 0, [OPEN_1, "1", line, "yes"])
    assert [n for n, _ in _writes(t)] == ["hold_itinerary"]


def test_reserve_alone_still_books():
    t = _play("hold_request", 0, [OPEN_1, "1", "yes, reserve it"])
    assert [n for n, _ in _writes(t)] in (["book_flight"], []), _writes(t)
    assert "hold_itinerary" not in [n for n, _ in _writes(t)]


# --- an answer promised for tomorrow is no travel date ---------------------------------------------------------
@pytest.mark.parametrize("line", [
    "I not sure, maybe tomorrow I tell you", "not sure, I tell you tomorrow", "let me think, tomorrow I let you know",
    "hmm maybe I decide tomorrow",
])
def test_answer_tomorrow_is_no_date(line):
    t = _play("one_way", 0, [OPEN_0, "1", line])
    calls = [tc.get("function", tc)["name"] for m in t.messages for tc in m.get("tool_calls") or []]
    assert calls.count("search_flights") == 1, calls
    assert "take your time" in _replies(t)[-1].lower()


def test_tomorrow_as_a_date_still_searched():
    t = _play("one_way", 0, [OPEN_0, "1", "maybe tomorrow is better"])
    calls = [tc.get("function", tc)["name"] for m in t.messages for tc in m.get("tool_calls") or []]
    assert calls.count("search_flights") == 2, calls


@pytest.mark.parametrize("messages", [
    [OPEN_0, "1", "yes, and we have 3 suitcases", "yes"], [OPEN_0, "1", "yes, 3 of us", "yes"],
    [OPEN_1, "1", "yes if it's under 5 hundred per seat", "yes"], [OPEN_1, "1 or 2, whichever you think", "yes", "yes"],
    [OPEN_1, "1", "yes, oh but wait, the booking should be under my married name Larsen", "yes"],
])
def test_no_violation(messages):
    assert _play("one_way", 0 if messages[0] == OPEN_0 else 1, messages).violations == []
