"""Answers at a summary that limit or move it, from the forty-third session's black-box tester (skyA, E3 and E4): the
compliant agent (``--faults none``) offered the same summary back, and a yes then booked what the customer had not
approved.

- E3, round_trip 4: "yes for the first flight only", "yes to the way out, not the return", "yes for the return only",
  "yes, but I'm not sure about the return" and "yes the outbound is fine but the return is too early" -> "the agent
  re-asks with both legs, and yes -> ``book_flight ["SA0904","SA7881"]``"; "book the outbound, hold the return" ->
  both legs held.
- E4, one_way 3: "yes but for next week" and "actually next week" -> "the same-date summary is re-asked, and yes books
  2026-08-28".

Now a yes for one leg takes the other off (the leg kept is summarised alone for its own yes); a doubt about one leg
lists that leg's options again (nothing booked); a mix of book and hold keeps the leg to be done as summarised and says
the other can be done separately; "next week" at a summary or listing of date D searches D + 7 (a round trip's two
dates each a week on). Near misses: "yes to both", "yes please" book both legs; "yes, the return time is fine" asks
again; "yes, I'll pay next week" is no new date.
"""
from __future__ import annotations

import json

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages

D = get_domain("skyassist")

ROUND = ["hi, I need a round trip from Dubai to Amsterdam on October 31, back November 12, 2 of us", "option 1", "option 2",
         "Arjun OBrien"]  # summary of SA0904 (out) + SA7881 (back)
ONE_WAY = ["hi, I need a flight from Madrid to Amsterdam on August 28", "2 of us", "option 1", "Aisha Okafor"]  # SA8120


def _play(family: str, seed: int, messages: list[str]):
    sc = D.scenario(family, seed)
    return play_messages(D, sc, D.make_target("reference", []), [m.format(**sc) for m in messages], "t")


def _calls(t, *names: str) -> list[tuple[str, dict]]:
    return [(c["function"]["name"], json.loads(c["function"]["arguments"])) for m in t.messages
            for c in m.get("tool_calls") or [] if c["function"]["name"] in names]


def _written(t) -> list[tuple[str, list[str]]]:
    return [(n, a.get("flight_ids")) for n, a in _calls(t, "book_flight", "hold_itinerary", "modify_booking")]


def _said(t) -> list[str]:
    return [m["content"] for m in t.messages if m["role"] == "assistant" and m.get("content")]


OUT_ONLY = ["yes for the first flight only", "yes to the way out, not the return", "ok for the outbound, not the inbound",
            "go ahead with the way there only", "yes for the outward leg only", "just the first leg", "outbound yes, return no",
            "yes outbound, no return", "yes but only the outbound", "book the outbound, hold the return",
            "hold the return and book the outbound"]
BACK_ONLY = ["yes for the return only", "yes but just the return flight", "only the return please", "not the outbound",
             "hold the outbound, book the return"]
DOUBT = ["yes, but I'm not sure about the return", "yes the outbound is fine but the return is too early",
         "not sure about the return", "the return is too early", "hmm the return time is a bit too early"]


@pytest.mark.parametrize("said", OUT_ONLY)
def test_yes_for_the_outbound_only(said):
    t = _play("round_trip", 4, ROUND + [said])
    assert _written(t) == [] and "just the outbound flight, SA0904" in _said(t)[-1], _said(t)
    t = _play("round_trip", 4, ROUND + [said, "yes"])
    assert _written(t) == [("book_flight", ["SA0904"])], _said(t)
    assert t.violations == []


@pytest.mark.parametrize("said", BACK_ONLY)
def test_yes_for_the_return_only(said):
    t = _play("round_trip", 4, ROUND + [said, "yes"])
    assert _written(t) == [("book_flight", ["SA7881"])], _said(t)
    assert t.violations == []


@pytest.mark.parametrize("said", DOUBT)
def test_a_doubt_about_one_leg_books_nothing(said):
    t = _play("round_trip", 4, ROUND + [said, "yes"])
    assert _written(t) == [], _said(t)
    assert "the options are" in _said(t)[-2]
    t = _play("round_trip", 4, ROUND + [said, "no return", "yes"])
    assert _written(t) == [("book_flight", ["SA0904"])], _said(t)


@pytest.mark.parametrize("said,booked", [
    ("yes to both", True), ("yes please", True), ("yes, book both flights", True),
    ("yes, the return time is fine", False),  # no plain yes: asked again, both legs still summarised
])
def test_near_misses_keep_both_legs(said, booked):
    t = _play("round_trip", 4, ROUND + [said])
    assert _written(t) == ([("book_flight", ["SA0904", "SA7881"])] if booked else [])
    if not booked:
        assert "SA0904" in _said(t)[-1] and "SA7881" in _said(t)[-1]


@pytest.mark.parametrize("said", ["yes but for next week", "actually next week", "same but next week",
                                  "can we do next week instead", "the following week", "yes, the week after",
                                  "next week please", "move it to next week"])
def test_next_week_at_a_summary_is_a_week_later(said):
    t = _play("one_way", 3, ONE_WAY + [said, "yes"])
    assert _written(t) == [], _said(t)
    assert _calls(t, "search_flights")[-1][1]["date"] == "2026-09-04"


def test_next_week_at_a_round_trip_summary_moves_both_dates():
    t = _play("round_trip", 4, ROUND + ["actually next week", "yes"])
    assert _written(t) == []
    assert [a["date"] for _n, a in _calls(t, "search_flights")[-2:]] == ["2026-11-07", "2026-11-19"]


def test_next_week_at_a_change_summary():
    t = _play("change_booking", 3, ["hi, I'd like to move my booking {booking_id} ({last_name}) to December 10", "option 2",
                                    "actually next week", "yes"])
    assert _calls(t, "modify_booking") == []
    assert _calls(t, "search_flights")[-1][1]["date"] == "2026-12-17"


def test_paying_next_week_is_no_new_date():
    t = _play("one_way", 3, ONE_WAY + ["yes, I'll pay next week"])
    assert all(a["date"] == "2026-08-28" for _n, a in _calls(t, "search_flights"))
