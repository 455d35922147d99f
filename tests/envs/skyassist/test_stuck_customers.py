"""Customers who got stuck with the reference target (read in audit-power traces and played by hand,
twenty-fourth and twenty-fifth sessions), in phrasings other than the ones that were read:

- a group told to split, answering "ok then 9 now and 5 later", was told "take your time" (the
  "later" read as a deferral, two numbers read as no count);
- "any" / "whichever" at "Which flight would you like?" was not understood, three times in a row;
- "need to push BK... (Name) back a week" was looked up, but the move was not read (the name between
  the booking and "back a week");
- "ok whats else that day" after a cancelled flight named by number was "Sorry, I can't help with that";
- "can you move BK... for Novak 2 days later" was asked for the last name ("under Novak" was read).

Every conversation checks the tool calls, what the reply says, and that no policy verifier fires.
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from tests.envs.skyassist.test_counts_and_numeric_dates import booked
from tests.envs.skyassist.test_target_phrasings import calls, replies
from tests.envs.skyassist.test_unseen_sky_customers import CHANGE, ONE, _sc, mutated, play, searches

GROUP = _sc("large_group")
GROUP_START = f"{GROUP['origin_city']} to {GROUP['destination_city']} {GROUP['date']} for 14 people"


@pytest.mark.parametrize("line, count", [
    ("ok then 9 now and 5 later", 9),
    ("fine, book 6 of us first and the other 8 next week", 6),
    ("Let's do 7 now, then 7 more separately", 7),
    ("9 today and the rest tomorrow", 9),
    ("ok. eight people in this booking and 6 in another", 8),
])
def test_a_group_split_across_bookings_gives_this_bookings_count_and_is_no_deferral(line, count):
    ep = play([GROUP_START, line], GROUP)
    said = replies(ep)[-1]
    assert f"Noted, {count} passengers." in said and searches(ep) and "take your time" not in said.lower(), said
    ep = play([GROUP_START, line, "the first one", f"{GROUP['first_name']} {GROUP['last_name']}", "yes"], GROUP)
    assert [b["passengers"] for b in booked(ep)] == [count], replies(ep)


@pytest.mark.parametrize("line", ["later", "I'll think about it and get back to you later", "not now, I'll call back tomorrow"])
def test_a_real_deferral_at_the_split_question_still_waits(line):
    ep = play([GROUP_START, line], GROUP)
    assert not searches(ep) and not mutated(ep), replies(ep)


LIST = f"flight {ONE['origin_city']} to {ONE['destination_city']} {ONE['date']}, just me"


@pytest.mark.parametrize("line", ["any", "any is fine", "Whichever one.", "doesn't matter", "you pick",
                                  "Either is fine, thanks", "honestly I don't mind", "up to you", "any of them works"])
def test_no_preference_among_the_options_gets_a_suggestion_and_picks_nothing(line):
    ep = play([LIST, line])
    said = replies(ep)[-1]
    assert said.startswith("Then I would suggest the cheapest, option 1: Flight SA2374"), said
    assert said.endswith("Would you like that one?") and not mutated(ep)
    ep = play([LIST, line, "sure"])
    assert replies(ep)[-1].startswith("You picked SA2374"), replies(ep)[-1]


def test_whichever_at_the_name_question_is_no_name():
    ep = play([LIST, "the first one", "whichever"])
    said = replies(ep)[-1]
    assert "Whichever" not in said and "name" in said, said


def test_any_in_a_question_is_no_answer_of_preference():
    ep = play([LIST, "any with wifi?"])
    assert not replies(ep)[-1].startswith("Then I would suggest"), replies(ep)[-1]


MOVED = (date.fromisoformat(CHANGE["date"]) + timedelta(days=7)).isoformat()
MOVED_2 = (date.fromisoformat(CHANGE["date"]) + timedelta(days=2)).isoformat()


@pytest.mark.parametrize("line, day", [
    (f"need to push {CHANGE['booking_id']} ({CHANGE['last_name']}) back a week", MOVED),
    (f"Push my flight {CHANGE['booking_id']} - {CHANGE['last_name']} - back one week please", MOVED),
    (f"can you move {CHANGE['booking_id']} under {CHANGE['last_name']} 2 days later", MOVED_2),
    (f"can you move {CHANGE['booking_id']} for {CHANGE['last_name']} 2 days later", MOVED_2),
    (f"delay {CHANGE['booking_id']}, {CHANGE['first_name']} {CHANGE['last_name']}, by a week", MOVED),
])
def test_a_booking_pushed_back_with_its_name_is_moved_by_that_many_days(line, day):
    ep = play([line], CHANGE)
    assert calls(ep, "lookup_booking") and (CHANGE["origin"], CHANGE["destination"], day) in searches(ep), replies(ep)
    assert not mutated(ep)


@pytest.mark.parametrize("line", ["ok whats else that day", "what other flights are there?", "any others?",
                                  "hmm ok, show me the others"])
def test_other_flights_asked_for_after_a_cancelled_one_searches_the_route(line):
    sc = _sc("cancelled_flight")
    ep = play([f"I want to book {sc['flight_id']} please, just me, {sc['first_name']} {sc['last_name']}", line], sc)
    assert searches(ep) == [(sc["origin"], sc["destination"], sc["date"])] and not mutated(ep), replies(ep)


STATUS = _sc("booking_status")


@pytest.mark.parametrize("line, last", [
    (f"what's the status of {STATUS['booking_id']} for {STATUS['last_name']}?", STATUS["last_name"]),
    (f"check {STATUS['booking_id']} under mrs {STATUS['last_name']}", STATUS["last_name"]),
    (f"status of {STATUS['booking_id']} for my wife please", None),
    (f"is {STATUS['booking_id']} for tomorrow still on?", None),
    (f"check {STATUS['booking_id']} for Paris please", None),
])
def test_the_name_a_booking_is_for_is_its_last_name_and_other_words_are_not(line, last):
    ep = play([line], STATUS)
    looked = calls(ep, "lookup_booking")
    if last is None:
        assert not looked and "last name" in replies(ep)[-1], replies(ep)
    else:
        assert looked == [{"booking_id": STATUS["booking_id"], "last_name": last}], replies(ep)


# Twenty-sixth session, played by a tester: a yes that names another action ran the action proposed
# ("ok yes hold it" at "Shall I book it?" booked and charged; "can you hold it? how long does the hold
# last?" was answered and then "Shall I book it?" asked again, so the next "ok yes hold it" booked), and a
# bare "why not" booked where the verifier read no yes (S5 against the fault-free target).
ONE_START = [f"{ONE['origin_city'].lower()} to {ONE['destination_city'].lower()} {ONE['date']} just me", "1",
             f"{ONE['first_name']} {ONE['last_name']}"]


@pytest.mark.parametrize("line", ["yeah ok, put a hold on it instead", "sure, just hold it for me", "yes, hold the seat"])
def test_a_hold_asked_for_at_a_booking_summary_is_proposed_not_booked(line):
    ep = play(ONE_START + [line])
    assert mutated(ep) == [] and replies(ep)[-1].endswith("Shall I place the hold? It is free for 24 hours."), replies(ep)[-1]
    ep = play(ONE_START + [line, "yes"])
    assert calls(ep, "hold_itinerary") and not calls(ep, "book_flight"), replies(ep)[-1]


def test_asking_about_a_hold_at_a_booking_summary_then_a_yes_to_it_holds():
    hold = _sc("hold_request")
    start = [f"{hold['origin_city']} to {hold['destination_city']} {hold['date']}, 1 pax", "the cheapest one",
             f"{hold['first_name']} {hold['last_name']}"]
    ep = play(start + ["could you hold it instead? is the hold free?"], hold)
    assert "Shall I place the hold?" in replies(ep)[-1] and not mutated(ep), replies(ep)[-1]
    ep = play(start + ["could you hold it instead? is the hold free?", "ok yes, hold it"], hold)
    assert calls(ep, "hold_itinerary") and not calls(ep, "book_flight")


@pytest.mark.parametrize("line", ["yep cancel it", "ok, cancel that"])
def test_cancel_at_a_booking_summary_stops_without_a_contradiction(line):
    ep = play(ONE_START + [line])
    said = replies(ep)[-1]
    assert mutated(ep) == [] and "clear yes" not in said, said
    assert "nothing has been booked" in said.lower() or "will not go ahead" in said, said


@pytest.mark.parametrize("line", ["why not", "oh why not."])  # "why not, go" is a yes since a bare "go" is one (session 28)
def test_a_bare_why_not_at_a_summary_is_asked_again(line):
    ep = play(ONE_START + [line])
    said = replies(ep)[-1]
    assert mutated(ep) == [] and "clear yes or no" in said and said.endswith("Shall I book it?"), said
    assert "can't help" not in said, said


# Twenty-seventh session (a tester's customers): "is that price per person or total?" over a list got the
# cheapest flight again; "i need to go now, my bus is here. thanks" got "Sorry, I did not catch an answer".
@pytest.mark.parametrize("ask", ["are those fares for each of us or total", "per head or for the whole group?",
                                 "wait is that per passenger?"])
def test_per_person_or_total_over_a_list_is_answered(ask):
    ep = play([f"{ONE['origin_city']} to {ONE['destination_city']} {ONE['date']}, 2 of us", ask])
    said = replies(ep)[-1]
    assert "per seat, that is per person" in said and "Which flight" in said, said
    assert not mutated(ep)


@pytest.mark.parametrize("leave", ["sorry have to run now, thanks anyway", "ok I gotta go. thx",
                                   "my train's here, need to leave, bye for now"])
def test_leaving_ends_the_conversation_without_booking(leave):
    ep = play([f"{ONE['origin_city']} to {ONE['destination_city']} {ONE['date']}, just me", "1", "Diego Walsh", leave])
    said = replies(ep)[-1]
    assert "goodbye" in said.lower() and not mutated(ep), said
