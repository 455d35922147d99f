"""SkyAssist reference agent, findings of the tester ``sky-customers-16`` (/work/h35/sky-customers-16/report.md) taken
up in the thirty-fifth session (second part), with the tester's words, other phrasings, and the near misses that must
keep their old reading:

4.  a return date said beside "take the outbound one" / "keep the outbound" after the return found nothing is the
    return's new date; the outbound keeps its day ("move the outbound to jan 11" still moves the outbound);
7.  a change verb right after the booking id ("move", "rebook", "reschedule", "postpone") is the request, never the
    surname: the booking is looked up under the name beside it;
8.  a pick said in a sentence of its own and then a question about it ("the 10:30 one please. is it refundable?")
    keeps the pick: the question is answered beside the summary, and the next yes books; a question about an option
    alone ("is option 1 refundable?", "the 10:30 one, is it refundable?") still picks nothing;
9.  "how much with a return on the 20th?" at a one-way summary searches the way back on the 20th and keeps the pick;
    "what about the 20th?" still moves the outbound;
10. a relative only mentioned beside the speaker's own name ("I am Leila Ivanova, booking BK... my husband has
    surgery") leaves the booking the speaker's; a booking said to be the relative's ("check BK... for my husband")
    is still not looked up under the speaker's name;
11. "book the cheapest of all of them" at a one-flight summary is a pick, never a request for two flights; "yes book
    both" still asks about a return;
12. a corrected booking id after a lookup found no such reference is looked up under the surname already given.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent; nothing here is
written without a summary and a yes.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_language import DB
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import mutated
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play

ROUND16 = D.scenario("round_trip", 16)  # SEA-NRT 2026-09-25 (SA1324); no return on 10-09, one on 2027-01-11
CHANGE16 = D.scenario("change_booking", 16)  # BKKPQ142 Ivanova DOH-GRU, 3 pax
CANCEL16 = D.scenario("cancel_booking", 16)  # BKP22S9G Murphy
ONE16 = D.scenario("one_way", 16)  # JFK-BOS 2026-05-16: SA8869 10:30 refundable; no BOS-JFK on 05-20
FLEX16 = D.scenario("flexible_dates", 16)  # FRA-SIN 2026-10-31 or 2026-12-30: SA2731 cheapest


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


def _looked_up(ep) -> list[tuple[str, str | None]]:
    return [(c["booking_id"], c.get("last_name")) for c in _calls(ep, "lookup_booking")]


def _searches(ep) -> list[tuple[str, str, str]]:
    return [(c["origin"], c["destination"], c["date"]) for c in _calls(ep, "search_flights")]


# --- 4. a return date said beside "the outbound" ---------------------------------------------------------------------

ROUND_FIRST = "Seattle to Tokyo sept 25, coming back 2 weeks later. 2 adults. Sean Sato"


@pytest.mark.parametrize("line", [
    "hmm ok jan 11 back then I guess. take the outbound one",  # the tester's
    "ok jan 11 return, keep the outbound",
    "jan 11 back is fine. I'll take that outbound flight",
    "keep the outbound, jan 11 for the return",
    "ok return on jan 11 then",  # (worked before)
])
def test_a_return_date_beside_the_outbound_is_the_returns(line):
    ep = play([ROUND_FIRST, line], ROUND16)
    reply = _after(ep, line)
    assert "before your outbound flight" not in reply
    assert ("NRT", "SEA", "2027-01-11") in _searches(ep) and ("SEA", "NRT", "2027-01-11") not in _searches(ep)
    assert "2026-09-25" in reply and not mutated(ep)


def test_the_outbound_moved_by_name_is_still_the_outbounds():  # near miss
    line = "move the outbound to jan 11"
    ep = play([ROUND_FIRST, line], ROUND16)
    assert ("NRT", "SEA", "2027-01-11") not in _searches(ep)
    assert "2027-01-11" in _after(ep, line) and not mutated(ep)


# --- 7. a change verb after the booking id is no surname ---------------------------------------------------------------

@pytest.mark.parametrize("line", [
    "Ivanova BKKPQ142 move to march 17 please",  # the tester's
    "BKKPQ142 Ivanova move to march 17",
    "Ivanova BKKPQ142 rebook to march 17",
    "ivanova BKKPQ142 reschedule to march 17",
    "Ivanova BKKPQ142 postpone to march 17 pls",
    "Ivanova BKKPQ142 change to march 17",  # (worked before)
])
def test_a_change_verb_after_the_id_is_not_the_surname(line):
    ep = play([line], CHANGE16)
    assert _looked_up(ep) == [("BKKPQ142", "Ivanova")]
    assert ("DOH", "GRU", "2026-03-17") in _searches(ep) and not mutated(ep)


@pytest.mark.parametrize("text, last", [("Ivanova BKKPQ142 move to march 17 please", "Ivanova"),
                                        ("BKKPQ142 Ivanova reschedule it", "Ivanova"),
                                        ("Murphy BKP22S9G cancel it pls", "Murphy"),
                                        ("BKP22S9G murphy - please cancel", "Murphy"),
                                        ("BKKPQ142 Ivanova", "Ivanova")])
def test_the_reading_of_a_name_beside_the_id(text, last):
    assert parse(text, DB).last_name == last


# --- 8. a pick, then a question about it ---------------------------------------------------------------------------

ONE_FIRST = "flight new york boston may 16, Thandiwe Hernandez, 2 of us"


@pytest.mark.parametrize("line", [
    "the 10:30 one please. is it refundable?",  # the tester's
    "10:30 one. is that refundable?? if yes go",
    "option 1. refundable?",
    "first one please! can I get a refund if I cancel?",
    "the 10:30 flight. is it refundable",
])
def test_a_pick_then_a_question_keeps_the_pick(line):
    ep = play([ONE_FIRST, line], ONE16)
    reply = _after(ep, line)
    assert "refundable" in reply and "Shall I book it?" in reply and "SA8869" in reply and not mutated(ep)
    ep = play([ONE_FIRST, line, "yes"], ONE16)
    assert [c["flight_ids"] for c in _calls(ep, "book_flight")] == [["SA8869"]]


@pytest.mark.parametrize("line", ["is option 1 refundable?", "the 10:30 one, is it refundable?",
                                  "option 1. is option 2 cheaper?"])
def test_a_question_about_an_option_alone_picks_nothing(line):  # near misses
    ep = play([ONE_FIRST, line], ONE16)
    assert "Shall I book it?" not in _after(ep, line) and not mutated(ep)


# --- 9. a return asked at a one-way summary -------------------------------------------------------------------------

@pytest.mark.parametrize("line", [
    "how much with a return on the 20th?",  # the tester's
    "and with a return flight on the 20th how much all together?",
    "what if we return on the 20th",
    "could we come back on the 20th?",
])
def test_a_return_on_a_day_of_the_month_is_the_way_back(line):
    ep = play([ONE_FIRST, "1", line], ONE16)
    assert ("BOS", "JFK", "2026-05-20") in _searches(ep) and ("JFK", "BOS", "2026-05-20") not in _searches(ep)
    assert "You still have SA8869 for the outbound" in _after(ep, line) and not mutated(ep)


def test_another_day_alone_still_moves_the_outbound():  # near miss
    line = "what about the 20th?"
    ep = play([ONE_FIRST, "1", line], ONE16)
    assert ("JFK", "BOS", "2026-05-20") in _searches(ep) and not mutated(ep)


# --- 10. a relative mentioned beside the speaker's own name ------------------------------------------------------

@pytest.mark.parametrize("line", [
    "I am Leila Ivanova, booking BKKPQ142. my husband has surgery.",  # the tester's
    "I am Leila Ivanova, booking BKKPQ142. my wife is ill.",
    "I am Leila Ivanova, booking BKKPQ142, my husband.",
    "Hi, I'm Leila Ivanova, booking BKKPQ142 - my son broke his leg so we can't go in August",
])
def test_a_relative_mentioned_leaves_the_booking_the_speakers(line):
    ep = play([line], CHANGE16)
    assert _looked_up(ep) == [("BKKPQ142", "Ivanova")] and not mutated(ep)


@pytest.mark.parametrize("line", [
    "I'm Leila Ivanova, can you check BKKPQ142 for my husband?",
    "I am Leila Ivanova, it's my husband's booking BKKPQ142",
    "I am Leila Ivanova, my husband asked me to check his booking BKKPQ142",
])
def test_a_relatives_booking_is_not_looked_up_under_the_speakers_name(line):  # near misses
    ep = play([line], CHANGE16)
    assert ("BKKPQ142", "Ivanova") not in _looked_up(ep)
    assert "last name" in _after(ep, line)


# --- 11. "the cheapest of all of them" at a one-flight summary ----------------------------------------------------------

FLEX_FIRST = "Frankfurt to Singapore, I can go Oct 31 or Dec 30, whichever is cheaper. Ingrid Adeyemi, 1 pax"
NO_RETURN = "there is no return flight in it yet"


@pytest.mark.parametrize("line", [
    "book the cheapest of all of them",  # the tester's
    "yes book the cheapest of both days",
    "ok go with the cheaper one of both",
    "yes, book it for both of those dates? no wait just the cheaper one",
])
def test_the_cheapest_of_all_is_a_pick_not_two_flights(line):
    ep = play([FLEX_FIRST, line], FLEX16)
    reply = _after(ep, line)
    assert NO_RETURN not in reply and "SA2731" in reply and "Shall I book it?" in reply
    ep = play([FLEX_FIRST, line, "yes"], FLEX16)
    assert [c["flight_ids"] for c in _calls(ep, "book_flight")] == [["SA2731"]]
    assert "On what date would you like to fly back" not in _after(ep, "yes")


@pytest.mark.parametrize("line", ["yes book both", "book both flights", "yes for both ways"])
def test_both_flights_at_a_one_flight_summary_still_asks(line):  # near misses
    ep = play([FLEX_FIRST, line], FLEX16)
    assert NO_RETURN in _after(ep, line) and not mutated(ep)


# --- 12. a corrected booking id keeps the surname --------------------------------------------------------------------

@pytest.mark.parametrize("first, fix", [
    ("need to cancel BKP22S9C murphy", "sorry typo its BKP22S9G"),  # the tester's
    ("cancel booking BKP22S9H, last name Murphy", "oops, BKP22S9G"),
    ("Murphy here, please cancel BKP22S9X", "my bad, it's BKP22S9G"),
    ("need to cancel BKP22S9C murphy", "BKP22S9G"),
])
def test_a_corrected_id_is_looked_up_under_the_surname_given(first, fix):
    ep = play([first, fix], CANCEL16)
    assert _looked_up(ep)[-1] == ("BKP22S9G", "Murphy")
    assert "Shall I cancel booking BKP22S9G?" in _after(ep, fix) and not mutated(ep)


def test_a_corrected_id_for_someone_else_asks_the_surname():  # near miss
    fix = "sorry wrong one, BKP22S9G is my brother's booking"
    ep = play(["need to cancel BKP22S9C murphy", fix], CANCEL16)
    assert len(_looked_up(ep)) == 1 and "last name" in _after(ep, fix)
