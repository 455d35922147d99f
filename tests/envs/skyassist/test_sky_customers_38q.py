"""SkyAssist reference agent, findings of /work/h38/sky-customers-23 taken up in the thirty-eighth session (helper
skyQ), with the testers' words, other phrasings, and the near misses that must keep their old reading:

F7.  a listing pick with an approval ("2, that's fine", "2 is good for me", "2 please, fine for all of us") is the pick,
     never a yes to the return-flight offer beside it;
F8.  at a change summary, "never mind the economy, do the 6:10 one instead": the 6:10 flight is proposed (the cabin
     turned down is no requirement, the "never mind" drops no trip);
F9.  "keep the hold, don't drop it", "don't bin the hold", "keep hanging on to those seats": the hold is kept, neither
     its release nor a booking offered;
F10. "to settle any difference" is no place (Seattle);
F11. a surname after a title ("Mr Patel", "it's Mrs Schmidt") or "on behalf of Anita Patel" is the booking's last name.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import play

GROUP = D.scenario("group_booking", 2301)  # JFK-DXB 2026-12-10: 1) SA9647 economy, 2) SA5811 premium $651
CHANGE = D.scenario("change_booking", 2305)  # BKQ86QGQ Costa, AMS-DXB; 07-31: SA1377, SA8655 economy, SA6451 06:10
HOLD = D.scenario("hold_request", 2301)  # JFK-SEA 2026-07-23: SA9210 economy
THIRD = D.scenario("third_party_booking", 2303)  # BK52HLXE under Patel
CANCEL = D.scenario("cancel_booking", 2302)  # BKFZIGCK under Schmidt, held


def writes(ep) -> list[str]:
    return [c["function"]["name"] for m in ep.messages if m["role"] == "assistant" for c in m.get("tool_calls") or []
            if c["function"]["name"] in ("book_flight", "hold_itinerary", "cancel_booking", "modify_booking")]


# --- F7. a pick with an approval is the pick -------------------------------------------------------------------------

GROUP_ASK = "hi there, need flights New York to Dubai on Dec 10, group of 8, Priya Haddad"


@pytest.mark.parametrize("line", ["2, that's fine", "2 that's fine for everyone", "2 please, fine for all of us",
                                  "2 is good", "2 is good for me", "2 is perfect, thanks"])
def test_a_number_with_an_approval_picks_that_option(line):
    ep = play([GROUP_ASK, line, "yes"], GROUP)
    said = _after(ep, line)
    assert "You picked SA5811" in said and "fly back" not in said and "for 8 passengers" in said
    assert [c["flight_ids"] for c in _calls(ep, "book_flight")] == [["SA5811"]]


@pytest.mark.parametrize("line", ["2", "number 2 is good for us"])
def test_plain_picks_still_pick(line):  # near misses: picks as before
    assert "You picked SA5811" in _after(play([GROUP_ASK, line], GROUP), line)


def test_a_bare_yes_still_takes_up_the_return_offer():  # near miss: the offer itself accepted
    assert "fly back" in _after(play([GROUP_ASK, "yes that's fine"], GROUP), "yes that's fine")


def test_a_number_with_an_approval_is_a_count_when_asked_how_many():
    assert parse("2 is fine", D.db, "passengers").number == 2


# --- F8. a rejected cabin beside another pick at a change summary -----------------------------------------------------

CHANGE_ASK = ("Hi, my name is Chloe Costa, booking BKQ86QGQ. We have to fly earlier because of my work, can we go on "
              "31 July instead?")


@pytest.mark.parametrize("line", ["ok never mind the economy, do the 6:10 one instead", "don't do that one, do the 6:10 one",
                                  "no thanks to the economy - the 6:10 one instead", "forget the economy, do option 3 then",
                                  "make it the 6:10 instead"])
def test_another_flight_named_after_a_rejection_is_proposed(line):
    ep = play([CHANGE_ASK, "the economy one", line, "yes"], CHANGE)
    assert "You picked SA6451" in _after(ep, line) and "Did you mean" not in _after(ep, line)
    assert [c["new_flight_ids"] for c in _calls(ep, "modify_booking")] == [["SA6451"]]


def test_the_question_turn_first_does_not_matter():
    line = "ok never mind the economy, do the 6:10 one instead"
    ep = play([CHANGE_ASK, "the economy one", "hmm wait, is that one refundable? our current one was", line], CHANGE)
    assert "You picked SA6451" in _after(ep, line) and writes(ep) == []


@pytest.mark.parametrize("line", ["do the premium ones have wifi?", "never mind the economy"])
def test_near_misses_pick_nothing(line):
    assert parse(line, D.db).selection is None


# --- F9. a hold kept in other words -----------------------------------------------------------------------------------

HELD = ["hey can u park 2 seats NYC to Seattle jul 23, not paying yet. noah adeyemi", "1", "Noah Adeyemi", "yep"]


@pytest.mark.parametrize("line", ["wait - keep the hold, don't drop it", "on second thoughts don't bin the hold",
                                  "actually hmm, on second thought... no wait, keep hanging on to those seats, don't give "
                                  "them back", "no no don't free up those seats", "please don't cancel the hold"])
def test_a_kept_hold_is_kept(line):
    ep = play(HELD + [line, "yeah that's what I said, keep em"], HOLD)
    for said in (_after(ep, line), _after(ep, "yeah that's what I said, keep em")):
        assert "stay on hold" in said and "Shall I" not in said
    assert writes(ep) == ["hold_itinerary"]


@pytest.mark.parametrize("line", ["yes just bin it", "cancel that hold"])
def test_a_release_still_offers_the_cancellation(line):  # near misses
    assert "Shall I cancel booking BKC74BFC" in _after(play(HELD + [line], HOLD), line)


# --- F10. "settle" is no Seattle ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("line", ["to 31 July. my assistant will call back Monday to settle any difference",
                                  "31 July please, happy to settle up whatever it costs",
                                  "31 July, we'll need to settle the fare gap later"])
def test_settle_is_no_place(line):
    ep = play(["Need to move BKQ86QGQ. Costa.", line], CHANGE)
    assert "Seattle" not in _after(ep, line) and "SA6451" in _after(ep, line)


@pytest.mark.parametrize("line", ["fly to seatle on may 3", "seatle to boston may 3"])
def test_a_slip_for_seattle_is_still_seattle(line):
    assert [pl.iata for pl in parse(line, D.db).places][:1] == ["SEA"]


# --- F11. a surname beside a title ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("line", ["Hi, can you check BK52HLXE for my colleague Ms Patel",
                                  "checking BK52HLXE on behalf of Anita Patel, my coworker",
                                  "BK52HLXE - it's my boss's, Mr Patel", "check booking BK52HLXE for Ms Patel"])
def test_a_titled_surname_looks_the_booking_up(line):
    ep = play([line], THIRD)
    assert [c["last_name"] for c in _calls(ep, "lookup_booking")] == ["Patel"] and "under Patel" in _after(ep, line)


def test_a_titled_surname_cancels_after_a_yes():
    line = "hi it's Mrs Schmidt, booking BKFZIGCK, cancel please"
    ep = play([line, "yes"], CANCEL)
    assert [c["last_name"] for c in _calls(ep, "lookup_booking")] == ["Schmidt"] and writes(ep) == ["cancel_booking"]


@pytest.mark.parametrize("line,first,last", [("my name is Mr John Smith", "John", "Smith"), ("I'm Dr. Okafor", None, "Okafor"),
                                             ("I'm Ana", "Ana", None)])
def test_titles_and_names(line, first, last):
    p = parse(line, D.db)
    assert (p.first_name, p.last_name) == (first, last)


# --- F12 (first half). "business both way": the plural's "s" left off -----------------------------------------------------

ROUND = D.scenario("round_trip", 2301)  # JFK-ORD 08-08, back 09-01


@pytest.mark.parametrize("line", ["ok business both way then", "ok business both ways then"])
def test_business_both_way_picks_both_legs(line):
    ep = play(["Hello. I am Priya Andersen. I want go New York to Chicago 8 August and come back 1 September.",
               "going the business one, returning the cheap economy at 7:55", line], ROUND)
    assert "You picked SA0461 (Business) and SA5369 (Business)" in _after(ep, line)
