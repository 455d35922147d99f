"""Dates and flights turned down in the change flow, and date corrections at a summary, from the forty-fourth session's
black-box tester (skyA, sections 6b and 8), compliant agent (``--faults none``):

- 6b "Date rejected at the option list": ``move it to {new_date}`` / "sorry, we can't make {new_date} after all, try a
  day later" -> "Sorry, I did not catch an answer... Which flight would you like?" (the old list kept), then "option
  1" / "yes" -> ``modify_booking {"booking_id":"BKRMCIGD","new_flight_ids":["SA2780"]}`` on the rejected date.
- 6b "Flight rejected at the change summary": "hmm, we can't make that either. what else is there?" -> "Sorry, I
  can't help with that question here." and the same summary; yes -> ``modify_booking`` onto the rejected SA2780.
- 8 "Date corrections at the summary are not understood": "wrong date, I said the twenty-ninth" -> "Sorry, I could not
  tell what you would like to change"; "yes but a day later" and "make it the following day" -> "Which date would you
  like to try?" (and, at a change, "yes but a day later" read as "take your time"); "move it to X. no wait, the day
  after" -> "No problem, I have left that as it is"; "I want to move it a week later - no, two weeks later".

Now a day moved from ("a day later", "the following day", "the day before") is the day in hand: the one listed or
summarised for the change (the booking's own before any is listed); a date turned down or corrected in the same
message moves from it; "what else is there?" or "we can't make that" at a summary drops it and names the other
flights; "the twenty-ninth" is the 29th.
"""
from __future__ import annotations

import json

import pytest

from envs.skyassist.language import parse
from probe.core.registry import get_domain
from probe.core.scripts import play_messages

D = get_domain("skyassist")
CHANGE = ["hi, I'd like to change my booking {booking_id}, surname {last_name}"]
ONE_WAY = ["hi, I need a flight from {origin_city} to {destination_city} on {date}", "2 of us", "option 1",
           "{first_name} {last_name}"]


def _play(family: str, seed: int, messages: list[str]):
    sc = D.scenario(family, seed)
    return play_messages(D, sc, D.make_target("reference", []), [m.format(**sc) for m in messages], "t")


def _calls(t, names=("book_flight", "hold_itinerary", "modify_booking", "cancel_booking")) -> list[tuple[str, dict]]:
    return [(c["function"]["name"], json.loads(c["function"]["arguments"])) for m in t.messages
            for c in m.get("tool_calls") or [] if c["function"]["name"] in names]


def _last_search(t) -> str | None:
    s = _calls(t, ("search_flights",))
    return s[-1][1]["date"] if s else None


def _second_search(t) -> str | None:
    s = _calls(t, ("search_flights",))
    return s[1][1]["date"] if len(s) > 1 else None


def _said(t) -> list[str]:
    return [m["content"] for m in t.messages if m["role"] == "assistant" and m.get("content")]


def _shifted(iso: str, n: int) -> str:
    from datetime import date, timedelta
    return (date.fromisoformat(iso) + timedelta(days=n)).isoformat()


@pytest.mark.parametrize("seed", [3, 5, 8])
@pytest.mark.parametrize("text,n", [
    ("sorry, we can't make {new_date} after all, try a day later", 1), ("we can't do {new_date}, try the day after", 1),
    ("{new_date} is no good, a day earlier please", -1), ("not {new_date}, the day before", -1),
    ("try a day later", 1), ("can you try the following day", 1), ("2 days later then", 2)])
def test_a_day_moved_at_the_change_listing_is_moved_from_the_day_listed(text: str, n: int, seed: int) -> None:
    sc = D.scenario("change_booking", seed)
    t = _play("change_booking", seed, CHANGE + ["move it to {new_date}", text, "option 1", "yes"])
    assert _second_search(t) == _shifted(sc["new_date"], n)
    assert not _calls(t), _said(t)[-3:]  # no flight on that day in these scenarios: nothing written


@pytest.mark.parametrize("seed", [3, 5, 8])
@pytest.mark.parametrize("text,n", [("yes but a day later", 1), ("make it the following day", 1),
                                    ("sorry, wrong date, I meant the day before", -1), ("yes but two days later", 2)])
def test_a_day_moved_at_the_change_summary_is_moved_from_the_day_summarised(text: str, n: int, seed: int) -> None:
    sc = D.scenario("change_booking", seed)
    t = _play("change_booking", seed, CHANGE + ["move it to {new_date}", "option 1", text, "yes"])
    assert _second_search(t) == _shifted(sc["new_date"], n)
    assert not _calls(t), _said(t)[-3:]


@pytest.mark.parametrize("seed", [3, 5, 8])
@pytest.mark.parametrize("text", ["move it to {new_date}. no wait, the day after", "move it to {new_date} - actually, the day after",
                                  "{new_date}... sorry, a day later"])
def test_a_date_corrected_in_the_same_message(text: str, seed: int) -> None:
    sc = D.scenario("change_booking", seed)
    t = _play("change_booking", seed, CHANGE + [text])
    assert _last_search(t) == _shifted(sc["new_date"], 1), _said(t)[-1]


def test_a_week_later_corrected_to_two_weeks() -> None:
    sc = D.scenario("change_booking", 5)  # booked 2026-07-03
    t = _play("change_booking", 5, CHANGE + ["I want to move it a week later - no, two weeks later"])
    assert _last_search(t) == _shifted(sc["date"], 14)


def test_a_day_later_before_any_listing_is_from_the_booking() -> None:
    sc = D.scenario("change_booking", 5)
    t = _play("change_booking", 5, CHANGE + ["push it back a day"])
    assert _last_search(t) == _shifted(sc["date"], 1)


@pytest.mark.parametrize("seed", [3, 5, 8])
@pytest.mark.parametrize("text", ["hmm, we can't make that either. what else is there?", "what else is there?",
                                  "that one is no good, any other options?", "that doesn't work for us, what are my options"])
def test_the_flight_summarised_turned_down_lists_the_others(text: str, seed: int) -> None:
    t = _play("change_booking", seed, CHANGE + ["move it to {new_date}", "option 1", text, "yes"])
    assert not _calls(t)
    said = _said(t)[-2]
    assert "nothing has been changed" in said and "option 2" in said and "option 1 (" not in said


def test_the_other_flight_picked_after_the_list_is_changed_to() -> None:
    t = _play("change_booking", 5, CHANGE + ["move it to {new_date}", "option 1", "what else is there?", "option 2", "yes"])
    assert _calls(t) == [("modify_booking", {"booking_id": "BKFKS7B2", "new_flight_ids": ["SA5248"]})]


def test_the_booking_summary_turned_down_lists_the_others() -> None:
    t = _play("one_way", 3, ONE_WAY + ["that doesn't work for us, what else is there?", "yes"])
    assert not _calls(t) and "nothing has been booked" in _said(t)[-2]


@pytest.mark.parametrize("text", ["wrong date, I said the twenty-ninth", "yes but a day later", "make it the following day",
                                  "yes, but the date should be the 29th", "no, the twenty ninth"])
def test_date_corrections_at_a_booking_summary(text: str) -> None:
    t = _play("one_way", 3, ONE_WAY + [text, "yes"])  # 2026-08-28: the 29th is searched (no flight), nothing booked
    assert _last_search(t) == "2026-08-29" and not _calls(t)


# near misses: a plain pick or yes keeps its reading; a later said of paying is no move; "or the day after?" asks
@pytest.mark.parametrize("text", ["option 1", "yes"])
def test_plain_answers_at_the_change(text: str) -> None:
    msgs = CHANGE + ["move it to {new_date}", "option 1"] + (["yes"] if text == "yes" else ["yes"])
    t = _play("change_booking", 5, msgs)
    assert _calls(t) == [("modify_booking", {"booking_id": "BKFKS7B2", "new_flight_ids": ["SA1576"]})]


def test_parse_near_misses() -> None:
    db = D.make_target("reference", []).db
    summary = "For X to Y on 2026-08-16 I found: 1) SA1576 departing 10:30. Which flight would you like?"
    assert parse("2026-08-16, or the day after?", db, None, summary).dates == ["2026-08-16"]
    assert parse("the second one", db, None, summary).day_of_month is None
    assert parse("the twenty-ninth of August", db, None, "").dates == ["2026-08-29"]
    assert parse("on the thirtieth please", db, None, "").day_of_month == 30
