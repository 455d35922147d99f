"""SkyAssist reference agent, findings 6-10 of /work/h38/sky-customers-24 taken up in the thirty-eighth session (helper
skyT), with the testers' words, other phrasings, and the near misses that must keep their old reading:

F6.  a pay day said once a hold is placed ("we'll be paying on the 1st", "I get paid on the 5th", "payment will follow
     on Friday") is no travel date: no search, the hold's lapse is said against that day;
F7.  "1 is fine by me", "1 works best for me", "for me it's 1" at a listing pick that option (never a yes to the
     return-flight offer beside it);
F8.  "I was going to cancel it but we've decided to keep it" proposes no cancellation; the question beside it is
     answered;
F9.  a title with an initial or before "Surname, First" ("Mrs L. Ivanova", "Dr. Ivanova, Leila", "Leila Ivanova (Dr)")
     gives the family name (an initial is no first name: booked under the family name, as "Mrs Ivanova");
F10. "yes please look for a return" once the outbound is picked asks the way back's date, the pick kept; the date said
     next searches the return.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import _names, parse
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_customers_38q import writes
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import play

HOLD = D.scenario("hold_request", 24)  # DUB-ATL 2026-04-06: SA4834; the hold lapses 2026-03-03 09:00 UTC
GROUP = D.scenario("group_booking", 11)  # LHR-FCO 2026-07-23: 1) SA2650 business, 2) SA7310 premium (4 seats)
CANCEL = D.scenario("cancel_booking", 24)  # BKFN3L6Z under Bianchi, held
ROUND = D.scenario("round_trip", 11)  # LHR-MAD 2026-05-04: 1) SA4790; MAD-LHR 2026-12-06: SA1043, SA6106


# --- F6. a pay day after a hold -----------------------------------------------------------------------------------------

HOLD_ASK = ["Hi, Dublin to Atlanta on 6 April, 2 of us. Can you hold seats?", "1", "Mateo Adeyemi", "yes"]


@pytest.mark.parametrize("line,pay", [("keep it, don't let it go, we'll be paying on the 1st", "2026-04-01"),
                                      ("great, we'll pay on the 1st", "2026-04-01"),
                                      ("thanks. I get paid on the 5th, can you keep it till then?", "2026-03-05"),
                                      ("lovely, payment will follow on Friday", "2026-03-06")])
def test_a_pay_day_after_a_hold_is_no_travel_date(line, pay):
    ep = play(HOLD_ASK + [line, "ok"], HOLD)
    said = _after(ep, line)
    assert len(_calls(ep, "search_flights")) == 1 and writes(ep) == ["hold_itinerary"]
    assert "until 2026-03-03 09:00 UTC" in said and f"lapses before {pay}" in said


def test_a_travel_day_after_a_hold_still_searches():  # near miss: another travel date is searched as before
    ep = play(HOLD_ASK + ["can we fly on the 8th instead?"], HOLD)
    assert [c["date"] for c in _calls(ep, "search_flights")][-1] == "2026-04-08"


def test_a_pay_day_is_read_only_in_a_pay_clause():
    assert parse("lovely, payment will follow on Friday", D.db).pay_dates
    assert not parse("can we fly on Friday and pay then?", D.db).pay_dates


# --- F7. a number with an approval picks it ---------------------------------------------------------------------------

GROUP_ASK = "London to Rome on 23 July, there are 4 of us"


@pytest.mark.parametrize("line", ["1 is fine by me", "1 works best for me", "for me it's 1", "1 suits me",
                                  "ok 1 is good with us"])
def test_a_number_with_an_approval_is_the_pick(line):
    ep = play([GROUP_ASK, line, "Leila Ivanova", "yes"], GROUP)
    said = _after(ep, line)
    assert "You picked SA2650" in said and "fly back" not in said
    assert [(c["flight_ids"], c["passengers"]) for c in _calls(ep, "book_flight")] == [(["SA2650"], 4)]


@pytest.mark.parametrize("line,n", [("for me it's 1", 1), ("2 works for us", 2), ("3 is fine by me", 3)])
def test_the_same_words_give_a_count_when_asked_how_many(line, n):
    assert parse(line, D.db, "passengers").number == n


def test_a_bare_approval_still_takes_up_the_return_offer():  # near miss
    assert "fly back" in _after(play([GROUP_ASK, "yes that's fine by me"], GROUP), "yes that's fine by me")


# --- F8. a cancellation given up ----------------------------------------------------------------------------------------

LOOKUP = "Hi, booking BKFN3L6Z, surname Bianchi. "


@pytest.mark.parametrize("line", ["I was going to cancel it but we've decided to keep it. Can I still pay for it later?",
                                  "My wife wanted to cancel it, I want to keep it. What's the status?",
                                  "I was about to cancel but my husband says keep it",
                                  "we were thinking of cancelling, but we'll keep the booking. can we pay later?"])
def test_a_cancellation_given_up_is_not_proposed(line):
    ep = play([LOOKUP + line, "yes"], CANCEL)
    said = _after(ep, LOOKUP + line)
    assert "Shall I cancel" not in said and "status: held" in said and writes(ep) == []


def test_paying_later_is_answered():
    line = LOOKUP + "I was going to cancel it but we've decided to keep it. Can I still pay for it later?"
    assert "When you are ready to pay" in _after(play([line], CANCEL), line)


@pytest.mark.parametrize("line", ["I was going to keep it but now please cancel it", "please cancel it"])
def test_a_cancellation_asked_is_still_proposed(line):  # near misses
    ep = play([LOOKUP + line, "yes"], CANCEL)
    assert "Shall I cancel booking BKFN3L6Z?" in _after(ep, LOOKUP + line) and writes(ep) == ["cancel_booking"]


# --- F9. titles with an initial, "Title Surname, First", a title in brackets ---------------------------------------------

@pytest.mark.parametrize("line,first,last", [("Mrs L. Ivanova", None, "Ivanova"), ("Dr L Ivanova", None, "Ivanova"),
                                             ("Dr. Ivanova, Leila", "Leila", "Ivanova"),
                                             ("Mrs. Ivanova, Leila", "Leila", "Ivanova"),
                                             ("Leila Ivanova (Dr)", "Leila", "Ivanova"),
                                             ("Dr. Leila Ivanova", "Leila", "Ivanova"),
                                             ("Mrs Ivanova", None, "Ivanova"), ("Leila Ivanova", "Leila", "Ivanova")])
def test_titled_names(line, first, last):
    assert _names(line, D.db, "name") == (first, last)


@pytest.mark.parametrize("line", ["Mrs L. Ivanova", "Dr. Ivanova, Leila", "Leila Ivanova (Dr)"])
def test_a_titled_name_books_under_the_family_name(line):
    ep = play([GROUP_ASK, "1", line, "yes"], GROUP)
    assert "last name?" not in _after(ep, line)
    assert [c["last_name"] for c in _calls(ep, "book_flight")] == ["Ivanova"]


# --- F10. a return asked for after the outbound is picked ---------------------------------------------------------------

ROUND_ASK = ["Hi, London to Madrid on 4 May please, just me", "1"]


@pytest.mark.parametrize("line", ["yes please look for a return", "a return would be good too",
                                  "could you look for a flight back as well?", "yes a return please"])
def test_a_return_asked_after_the_pick_keeps_it(line):
    ep = play(ROUND_ASK + [line, "6 December is good"], ROUND)
    assert "SA4790 for the outbound" in _after(ep, line) and "fly back from Madrid" in _after(ep, line)
    assert ("MAD", "LHR", "2026-12-06") in [(c["origin"], c["destination"], c["date"]) for c in _calls(ep, "search_flights")]
    assert "You still have SA4790" in _after(ep, "6 December is good")


@pytest.mark.parametrize("line", ["no need for a return", "is the return refundable?"])
def test_no_return_asked_is_no_return_search(line):  # near misses
    assert "fly back" not in _after(play(ROUND_ASK + [line], ROUND), line)
