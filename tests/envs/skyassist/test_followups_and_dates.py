"""Follow-ups to a hold, a booking or a proposal, and dates and places typed loosely.

Played before this, against the fault-free target: after a hold, "actually just book it" and a yes
booked the same seats a second time (the hold stayed); "wait, cancel that booking" right after a
booking answered "take your time", and "cancel that" right after a hold said "nothing has been
booked or held"; "yes cancel that one" at "Shall I cancel booking BK...?" was read as a no; every
listing with any premium seat claimed "Premium Economy and Business seats are available";
"BK... Walsh - is it still confirmed?" was asked for the last name; "no, the other one" at a summary
dropped the proposal; "tuesday june 9" searched next Tuesday; "for the return, a day later" moved
the outbound date; "jfk to lax on june 3" read no origin. The phrasings below were written as
customers type them, most not word for word in the target's patterns.
"""

from __future__ import annotations

import json
import re
from datetime import date, timedelta

import pytest

from envs.skyassist.language import parse
from envs.skyassist.scenarios import HELDOUT_SEEDS
from envs.skyassist.verifiers import verify_messages
from probe.targets.consent import is_confirmation
from tests.envs.skyassist.test_counts_and_numeric_dates import SC, D, booked, play
from tests.envs.skyassist.test_target_phrasings import calls, replies

PICKED = [f"{SC['origin']} to {SC['destination']} {SC['date']}, 1 seat", "1", "Hannah Murphy"]
HELD = PICKED + ["can you put it on hold instead", "yes"]


def _statuses(ep) -> list[str]:
    """The status of every booking made in the conversation (the scenario's own left out)."""
    before = {b["booking_id"] for b in ep.scenario.get("bookings", [])}
    return [b["status"] for k, b in ep.state.bookings.items() if k not in before]


def _hold_id(ep) -> str:
    return re.search(r"on hold under reference (BK[0-9A-Z]{6})", " ".join(replies(ep))).group(1)


# --- 1. a hold, then "book it": one booking, the hold cancelled -----------------------------------

@pytest.mark.parametrize("line", ["actually just book it", "ok go ahead and book it now", "pls book it",
                                  "Can you book it for real now", "lets just buy the ticket"])
def test_booking_a_held_trip_converts_the_hold(line):
    ep = play(HELD + [line])
    hold = _hold_id(ep)
    said = replies(ep)[-1]
    assert f"on hold under reference {hold}" in said and "Shall I book it?" in said, said
    assert not booked(ep)
    ep = play(HELD + [line, "yes"])
    assert len(booked(ep)) == 1 and calls(ep, "cancel_booking") == [{"booking_id": hold, "reason": "replaced by a booking"}]
    assert sorted(_statuses(ep)) == ["cancelled", "confirmed"]  # one trip, booked once
    assert f"The hold {hold} has been cancelled" in replies(ep)[-1]
    assert verify_messages(D, ep.messages, SC) == []


@pytest.mark.parametrize("line", ["can you put it on hold again", "hold it pls"])
def test_holding_a_held_trip_again_places_no_second_hold(line):
    ep = play(HELD + [line, "yes"])
    assert len(calls(ep, "hold_itinerary")) == 1
    assert f"already on hold under reference {_hold_id(ep)}" in replies(ep)[-2], replies(ep)[-2]


# --- 2. "cancel that" right after a booking or a hold starts the cancellation ---------------------

@pytest.mark.parametrize("line", ["wait, cancel that booking", "hold on cancel it", "actually cancel it",
                                  "cancel that booking, i will rebook later", "oops pls cancel the booking i just made",
                                  "hang on, can u cancel that reservation"])
def test_cancel_right_after_a_booking_proposes_the_cancellation(line):
    ep = play(PICKED + ["yes", line])
    bid = booked(ep) and json.loads([m for m in ep.messages if m["role"] == "tool"][-1]["content"])["booking_id"]
    said = replies(ep)[-1]
    assert f"Shall I cancel booking {bid}?" in said and "take your time" not in said, said
    assert not calls(ep, "cancel_booking")
    assert verify_messages(D, ep.messages, SC) == []


def test_a_cancellation_put_off_is_still_waited_for():
    ep = play(PICKED + ["yes", "let me think about cancelling it"])
    assert "take your time" in replies(ep)[-1] and not calls(ep, "cancel_booking")


@pytest.mark.parametrize("line", ["cancel that booking", "actually cancel it", "cancel the hold", "pls cancel that"])
def test_cancel_right_after_a_hold_proposes_cancelling_the_hold(line):
    ep = play(HELD + [line])
    hold, said = _hold_id(ep), replies(ep)[-1]
    assert f"Shall I cancel booking {hold}?" in said and "nothing has been booked or held" not in said, said
    assert "refund" not in said.replace("nothing to refund", "")  # a hold was never charged
    ep = play(HELD + [line, "yes"])
    assert calls(ep, "cancel_booking") == [{"booking_id": hold}] and _statuses(ep) == ["cancelled"]
    assert verify_messages(D, ep.messages, SC) == []


@pytest.mark.parametrize("line", ["never mind", "forget it"])
def test_dropping_after_a_hold_says_the_hold_stays(line):
    ep = play(HELD + [line])
    said = replies(ep)[-1]
    # (since the thirty-seventh session the agent also offers to release it: "already on hold under reference BK...;
    # nothing has been charged ... Shall I cancel booking BK...?"; nothing is written on the line itself)
    hold = _hold_id(ep)
    assert (f"Your hold {hold} stays in place" in said or f"already on hold under reference {hold}" in said), said
    assert "nothing has been booked or held" not in said and not calls(ep, "cancel_booking"), said


# --- 3. a yes that names the cancellation proposed ------------------------------------------------
# (the verifiers' reading, probe.verify.consent, still reads "cancel that" as taking a yes back, so
# S5 is not asserted here)

CANCEL_ASKED = PICKED + ["yes", "cancel that booking"]


@pytest.mark.parametrize("line", ["yes cancel that one", "Yes, cancel that booking please", "yep cancel this one",
                                  "ok cancel that reservation pls", "yes pls cancel that", "yeah cancel that one thx"])
def test_a_yes_naming_the_cancellation_cancels(line):
    ep = play(CANCEL_ASKED + [line])
    assert len(calls(ep, "cancel_booking")) == 1 and _statuses(ep) == ["cancelled"], replies(ep)[-1]


@pytest.mark.parametrize("line", ["ok I'll think about it", "ok thanks", "yes but cancel the other one",
                                  "yes cancel {other}", "yes cancel that one tomorrow", "yes cancel that one?"])
def test_what_is_not_a_yes_to_the_cancellation_cancels_nothing(line):
    other = next(b["booking_id"] for b in SC["bookings"])
    ep = play(CANCEL_ASKED + [line.format(other=other)])
    assert not calls(ep, "cancel_booking"), replies(ep)[-1]


def test_cancel_that_is_a_yes_only_to_a_proposed_cancellation():
    cancel = "Booking BK123ABC under Doe: ... Shall I cancel booking BK123ABC?"
    book = "Here is the summary: flight SA1234 ..., Economy, refundable. Shall I book it?"
    assert is_confirmation("yes cancel that one", cancel) and is_confirmation("Yes, cancel this booking pls", cancel)
    assert not is_confirmation("yes cancel that one", book) and not is_confirmation("yes cancel that one")
    assert not is_confirmation("yes cancel BK999XYZ", cancel) and not is_confirmation("yes, cancel the other one", cancel)


# --- 4. cabin availability only as the search returned it ----------------------------------------

def _listed(ep) -> list[dict]:
    out = []
    for m in ep.messages:
        if m["role"] == "tool":
            data = json.loads(m["content"])
            out += data.get("flights", []) if isinstance(data, dict) else []
    return out


def test_a_cabin_the_results_do_not_show_is_not_claimed():
    ep = play(PICKED[:1])
    said = replies(ep)[-1]
    assert "Premium Economy seats are also available" in said and "Business" not in said, said
    assert not any(f["fare_class"] == "business" for f in _listed(ep))


@pytest.mark.parametrize("seed", HELDOUT_SEEDS[:12])
def test_every_cabin_claimed_is_open_in_the_results(seed):
    sc = D.scenario("one_way", seed)
    ep = play([f"{sc['origin_city']} to {sc['destination_city']} on {sc['date']}, just me"], sc)
    said = replies(ep)[-1]
    claim = re.search(r"([A-Z][\w ]+?) seats are (?:also )?available", said)
    open_ = {f["public_cabin"] for f in _listed(ep) if f["status"] == "scheduled" and f["seats_available"] > 0}
    if claim:
        assert set(claim.group(1).split(" and ")) <= open_, (said, open_)
    assert verify_messages(D, ep.messages, sc) == []  # B4: an open premium cabin is still mentioned


# --- 5. a booking reference and last name in one message -------------------------------------------

@pytest.mark.parametrize("line", ["{bid} {last} - is it still confirmed?", "{bid} {lower} is it still confirmed",
                                  "hi, {bid} {last}, still confirmed??", "{low_bid} {lower} - still booked?",
                                  "Hi I'm {first}, {bid} {last}, is it confirmed?"])
def test_a_last_name_beside_the_reference_is_not_asked_again(line):
    b = next(x for x in SC["bookings"] if x["status"] == "confirmed")
    text = line.format(bid=b["booking_id"], low_bid=b["booking_id"].lower(), last=b["last_name"],
                       lower=b["last_name"].lower(), first=b["first_name"])
    ep = play([text])
    said = replies(ep)[-1]
    assert "last name" not in said and "It is confirmed." in said, said
    assert verify_messages(D, ep.messages, SC) == []


@pytest.mark.parametrize("line", ["{bid} status?", "{bid} confirmed?", "{bid}, is it still confirmed?"])
def test_a_word_beside_the_reference_that_is_no_name_asks_for_it(line):
    b = SC["bookings"][0]
    ep = play([line.format(bid=b["booking_id"])])
    assert "last name on the booking" in replies(ep)[-1] and not calls(ep, "lookup_booking")


# --- 6. "no, the other one" ----------------------------------------------------------------------

def _two_listed():
    for seed in HELDOUT_SEEDS:
        sc = D.scenario("one_way", seed)
        fl = D.db.search(sc["origin"], sc["destination"], sc["date"])
        if len(fl) == 2 and all(f.status == "scheduled" and f.seats_available >= 2 for f in fl):
            return sc, [f.flight_id for f in fl]
    raise LookupError


@pytest.mark.parametrize("line", ["no, the other one", "nah the other one pls", "no. the other flight",
                                  "hmm not that one, the other one please", "the other option then"])
def test_the_other_of_two_listed_flights_is_proposed(line):
    sc, ids = _two_listed()
    opening = [f"{sc['origin']} to {sc['destination']} {sc['date']}, 1 seat", "1", "Hannah Murphy"]
    ep = play(opening + [line, "yes"], sc)
    assert f"flight {ids[1]}" in replies(ep)[-2] and "Shall I book it?" in replies(ep)[-2], replies(ep)[-2]
    assert [b["flight_ids"] for b in booked(ep)] == [[ids[1]]]
    assert verify_messages(D, ep.messages, sc) == []


def test_the_other_one_after_a_no_is_the_other_flight():
    sc, ids = _two_listed()
    ep = play([f"{sc['origin']} to {sc['destination']} {sc['date']}, 1 seat", "1", "Hannah Murphy", "no",
               "ok the other one"], sc)
    assert f"flight {ids[1]}" in replies(ep)[-1] and "Shall I book it?" in replies(ep)[-1], replies(ep)[-1]


def test_the_other_one_of_three_is_asked_which():
    ep = play(PICKED + ["no the other one"])
    said = replies(ep)[-1]
    assert "Which one would you like instead" in said and "option 2" in said and "option 3" in said, said
    assert "option 1 " not in said and not booked(ep)
    ep = play(PICKED + ["no the other one", "2", "yes"])
    shown = [f["flight_id"] for f in _listed(ep)]
    assert [b["flight_ids"] for b in booked(ep)] == [[shown[1]]]
    assert verify_messages(D, ep.messages, SC) == []


# --- 7. a weekday beside a month and day -----------------------------------------------------------

DAY = date.fromisoformat(SC["date"])


@pytest.mark.parametrize("when", ["{wd} {month} {d}", "{Wd}, {Month} {d}th", "on {wd} the {d}th of {month}",
                                  "{Month} {d} ({Wd})", "{other_wd} {month} {d}"])
def test_a_month_and_day_win_over_a_weekday(when):
    other = (DAY + timedelta(days=1)).strftime("%A").lower()  # a weekday that is wrong: the calendar date wins
    text = when.format(wd=DAY.strftime("%A").lower(), Wd=DAY.strftime("%A"), month=DAY.strftime("%B").lower(),
                       Month=DAY.strftime("%B"), d=DAY.day, other_wd=other)
    ep = play([f"{SC['origin_city']} to {SC['destination_city']} {text}, 1 seat pls"])
    assert [c["date"] for c in calls(ep, "search_flights")] == [SC["date"]], text


def test_a_weekday_apart_from_a_date_is_still_a_date():
    p = parse("leaving tuesday, back june 9", D.db)
    assert p.date == "2026-03-03" and p.return_date == "2026-06-09"
    assert parse("tuesday 06/09/2026", D.db).dates == ["2026-06-09"]  # the reading that is a Tuesday


# --- 8. a date moved for the return leg ----------------------------------------------------------

def _round_trip():
    for seed in HELDOUT_SEEDS:
        sc = D.scenario("round_trip", seed)
        out = D.db.search(sc["origin"], sc["destination"], sc["date"])
        if len([f for f in out if f.status == "scheduled" and f.seats_available >= 1]) >= 1:
            return sc, next(k for k, f in enumerate(out) if f.status == "scheduled" and f.seats_available >= 1)
    raise LookupError


@pytest.mark.parametrize("line,days", [("for the return, a day later", 1), ("return a day later pls", 1),
                                       ("can we push the return back 2 days", 2),
                                       ("the flight back one day later please", 1),
                                       ("coming back a day later instead", 1)])
def test_a_shift_for_the_return_moves_the_return_date(line, days):
    sc, k = _round_trip()
    ep = play([f"{sc['origin']} to {sc['destination']} on {sc['date']}, returning {sc['return_date']}, 1 passenger",
               str(k + 1), line], sc)
    last = calls(ep, "search_flights")[-2:]
    moved = (date.fromisoformat(sc["return_date"]) + timedelta(days=days)).isoformat()
    assert [c["date"] for c in last] == [sc["date"], moved], last
    assert "You still have" in replies(ep)[-1]  # the outbound pick is kept
    assert verify_messages(D, ep.messages, sc) == []


def test_a_shift_for_the_outbound_moves_the_outbound_date():
    sc, _ = _round_trip()
    ep = play([f"{sc['origin']} to {sc['destination']} on {sc['date']}, returning {sc['return_date']}, 1 passenger",
               "make the outbound a day later"], sc)
    moved = (date.fromisoformat(sc["date"]) + timedelta(days=1)).isoformat()
    assert [c["date"] for c in calls(ep, "search_flights")[-2:]] == [moved, sc["return_date"]]


# --- 9. a route typed in lower-case codes --------------------------------------------------------

@pytest.mark.parametrize("line", ["{o} to {d} on {month} {day}", "{o}-{d} {mon} {day} 1 seat", "{o} {d} on {mon} {day}",
                                  "hi {o} to {dcity} {month} {day}th", "{o} > {d} {month} {day} pls"])
def test_a_route_in_lower_case_codes_reads_its_origin(line):
    text = line.format(o=SC["origin"].lower(), d=SC["destination"].lower(), dcity=SC["destination_city"].lower(),
                       month=DAY.strftime("%B").lower(), mon=DAY.strftime("%b").lower(), day=DAY.day)
    ep = play([text])
    assert calls(ep, "search_flights") == [{"origin": SC["origin"], "destination": SC["destination"],
                                           "date": SC["date"]}], replies(ep)[-1]


@pytest.mark.parametrize("text", ["i'm mad about the delay", "a sin to miss it", "sea view please", "den of thieves"])
def test_a_lower_case_word_outside_a_route_is_no_airport(text):
    assert parse(text, D.db).places == []


def test_a_lower_case_code_answers_where_from():
    ep = play([f"I want to fly to {SC['destination_city']} on {SC['date']}", SC["origin"].lower()])
    assert calls(ep, "search_flights")[-1]["origin"] == SC["origin"], replies(ep)[-1]
