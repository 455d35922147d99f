"""Customers a second tester played against the compliant reference target (twenty-seventh session), in
other words than the tester's: a booking moved some days earlier, a party that grows or shrinks with a
change, a return flight picked by words in another cabin than the outbound, a change asked without
"change" ("push it back to late july", "we have to fly on the 31st instead", "same day, the 10:30
flight"), a last name answered with words around it or spelled out, and a change onto the flight the
booking is on already. Every conversation is checked by the verifiers too (``play`` asserts that
none fires)."""
from __future__ import annotations

import pytest

from tests.envs.skyassist.test_target_phrasings import calls, replies
from tests.envs.skyassist.test_unseen_sky_customers import _sc, mutated, play, searches

CHANGE = _sc("change_booking")  # BK93T1H1, Novak, 3 passengers, JFK -> LAX 2026-03-05 on SA2744 (SA3091 cancelled)
LATE = _sc("change_booking", 9)  # BKTIT4UX, Cohen, SFO -> DXB 2026-03-04
HELD = _sc("booking_status", 1)  # BKVFQEE0, Tanaka, MIA -> ORD 2026-12-30
STATUS = _sc("booking_status")  # BKXUQNWQ, Kim
CANCEL = _sc("cancel_booking")  # BK10DHMN, Fischer
ROUND = _sc("round_trip")  # Atlanta -> New York 2026-05-04 (SA7813 Economy), back 2026-07-03: 1) SA2534 10:30
# Economy, 2) SA9105 10:30 Premium Economy, 3) SA5519 12:00 Premium Economy
ROUND_START = "atl to nyc may 4, returning july 3, two adults"


def dates_searched(ep) -> list[str]:
    return [s[2] for s in searches(ep)]


# --- 1. "N days earlier" moves the booking earlier ------------------------------------------------

@pytest.mark.parametrize("msgs, sc, day", [
    (["BKTIT4UX cohen - can you shift my flight two days earlier?"], LATE, "2026-03-02"),
    (["please move my booking BKTIT4UX (Cohen) 3 days sooner"], LATE, "2026-03-01"),
    (["BKVFQEE0, surname tanaka. could we move it a week earlier"], HELD, "2026-12-23"),
])
def test_a_move_some_days_earlier_searches_before_the_booked_date(msgs, sc, day):
    ep = play(msgs, sc)
    assert dates_searched(ep) == [day], replies(ep)


# --- 2. a party that grows or shrinks with a change -------------------------------------------------

@pytest.mark.parametrize("line, word", [
    ("BK93T1H1 Novak, can we move to 31 july? my sister wants to come too", "add passengers"),
    ("BK93T1H1 Novak, my husband is also coming now, can we move to 31 july", "add passengers"),
    ("BK93T1H1 novak: move it to july 31, there will be just the two of us now", "remove passengers"),
])
def test_a_new_party_size_with_a_change_is_said_before_anything_changes(line, word):
    ep = play([line, "yes"], CHANGE)
    said = replies(ep)[0]
    assert f"can't {word}" in said and "3 passengers" in said, said
    assert not searches(ep) or "2026-07-31" in replies(ep)[1]
    assert not mutated(ep), replies(ep)


def test_the_change_goes_on_for_the_booked_party_when_asked():
    ep = play(["BK93T1H1, Novak. Can you move us to 31 july? my brother is coming too so 4 people",
               "ok fine, just move the 3 of us then"], CHANGE)
    assert "can't add passengers" in replies(ep)[0], replies(ep)[0]
    assert dates_searched(ep) == ["2026-07-31"] and "2026-07-31" in replies(ep)[1], replies(ep)


# --- 3. a return flight picked by words, in another cabin than the outbound ---------------------------

@pytest.mark.parametrize("line", ["the latest flight back please", "cheapest premium flight pls",
                                  "the last flight home pls"])
def test_a_return_picked_by_words_in_another_cabin_is_explained(line):
    ep = play([ROUND_START, "1", line], ROUND)
    said = replies(ep)[-1]
    assert "same cabin" in said and not said.startswith("You picked"), said


# --- 4. a change asked without "change" ------------------------------------------------------------------

def test_a_booking_pushed_back_to_a_month_lists_that_months_dates_then_reads_the_day_in_it():
    ep = play(["can you push our booking BK93T1H1 back to late july? surname Novak", "31st please"], CHANGE)
    assert "2026-07-31" in replies(ep)[0], replies(ep)[0]
    assert dates_searched(ep) == ["2026-07-31"], replies(ep)


@pytest.mark.parametrize("msgs, day", [
    (["BK93T1H1, Novak. Our plans changed, we have to fly on the 31st of July instead."], "2026-07-31"),
    (["BK93T1H1 novak, same day please but put us on the 10:30 flight"], "2026-03-05"),
    (["BK93T1H1 novak, is it confirmed?", "31 july would be better"], "2026-07-31"),
    (["ref BK93T1H1 / Novak - could you get us onto another flight the same day?"], "2026-03-05"),
])
def test_a_change_in_other_words_searches_the_new_date(msgs, day):
    ep = play(msgs, CHANGE)
    assert dates_searched(ep) == [day], replies(ep)


def test_a_cabin_picked_without_the_is_a_pick_in_a_change():
    ep = play(["BK93T1H1, Novak. Our plans changed, we have to fly on the 31st of July instead.",
               "business one", "yes"], CHANGE)
    assert [c["new_flight_ids"] for c in calls(ep, "modify_booking")] == [["SA2491"]], replies(ep)


# --- 5. a last name answered with words around it, or spelled out -----------------------------------------

@pytest.mark.parametrize("line", ["ah sorry, it's under kim", "Kim sorry!", "Ewa KIM please", "ugh, its under KIM",
                                  "KIM (Ewa)"])
def test_a_last_name_with_words_around_it_is_read(line):
    ep = play(["is my booking ok? BKXUQNWQ", line], STATUS)
    assert [c.get("last_name") for c in calls(ep, "lookup_booking")] == ["Kim"], replies(ep)


@pytest.mark.parametrize("line", ["argh, fischer with a c sorry", "ugh - Fischer with a c", "Fischer sorry!!"])
def test_a_corrected_last_name_after_a_failed_lookup_is_read(line):
    ep = play(["i wish cancel my reservation BK10DHMN, name grace fisher", line, "yes"], CANCEL)
    assert [c.get("last_name") for c in calls(ep, "lookup_booking")][-1] == "Fischer", replies(ep)
    assert calls(ep, "cancel_booking") == [{"booking_id": "BK10DHMN"}], replies(ep)


# --- 11. a change onto the flight the booking is on already -------------------------------------------------

@pytest.mark.parametrize("pick", ["2", "SA2744", "the 12:00 one"])
def test_a_change_onto_the_booked_flight_changes_nothing(pick):
    ep = play(["BK93T1H1 novak, can you rebook me for 5 march", pick, "yes"], CHANGE)
    assert not mutated(ep), replies(ep)
    assert "already on SA2744" in replies(ep)[1], replies(ep)[1]


@pytest.mark.parametrize("line", ["F I S C H E R", "sorry: f.i.s.c.h.e.r"])
def test_a_last_name_spelled_out_is_asked_as_one_word_then_read(line):
    ep = play(["i wish cancel my reservation BK10DHMN, name grace fisher", line, "Fischer", "yes"], CANCEL)
    assert "as one word" in replies(ep)[1], replies(ep)[1]
    assert calls(ep, "cancel_booking") == [{"booking_id": "BK10DHMN"}], replies(ep)


# --- 6. a connection picked by its shortest wait, or an option for each leg at once ---------------------------

LINK = _sc("multi_leg", 1)  # Paris -> Frankfurt -> Tokyo, 2026-06-13; the shortest connection is SA3990 then SA3978
LINK_START = "paris to tokyo june 13 through frankfurt, 2 adults"


@pytest.mark.parametrize("line", ["quickest connection pls", "whichever has the least waiting in frankfurt",
                                  "you choose, the shortest stopover"])
def test_a_connection_picked_by_its_shortest_wait_picks_both_legs(line):
    said = replies(play([LINK_START, line], LINK))[-1]
    assert said.startswith("You picked SA3990 (Premium Economy) and SA3978 (Premium Economy)."), said


@pytest.mark.parametrize("line", ["option 1 and then 3", "1 & 3 please"])
def test_an_option_for_each_leg_at_once_picks_both(line):
    said = replies(play([LINK_START, line], LINK))[-1]
    assert said.startswith("You picked SA3990 (Premium Economy) and SA3978 (Premium Economy)."), said


# --- 7. a refund question with a cancellation --------------------------------------------------------------------

@pytest.mark.parametrize("line", ["do i get my money back?", "and would I be refunded?"])
def test_a_refund_question_at_the_cancel_question_is_answered_and_asked_again(line):
    ep = play(["cancel BK10DHMN", "FISCHER", line, "yes"], CANCEL)
    said = replies(ep)[2]
    assert "full refund" in said and "can't help" not in said and said.endswith("cancel booking BK10DHMN?"), said
    assert calls(ep, "cancel_booking") == [{"booking_id": "BK10DHMN"}], replies(ep)


@pytest.mark.parametrize("first", ["if I cancel BK10DHMN (Fischer) will I be refunded?",
                                   "would i get a refund if i cancelled BK10DHMN? surname Fischer"])
def test_a_refund_question_about_a_booking_is_answered_first(first):
    ep = play([first], CANCEL)
    assert "full refund" in replies(ep)[0] and not mutated(ep), replies(ep)[0]


# --- 8. loose dates ------------------------------------------------------------------------------------------------

def test_coming_back_the_weekend_after_is_after_the_outbound():
    ep = play(["atlanta to new york on 4th of may, 2 ppl, flying home the weekend after"], ROUND)
    assert ("JFK", "ATL", "2026-05-09") in searches(ep), replies(ep)


@pytest.mark.parametrize("line, day", [("the weekend after next please", "2026-03-14"), ("on 31.7. please", "2026-07-31")])
def test_a_loose_new_date_for_a_change_is_read(line, day):
    ep = play(["need to change the date of BK93T1H1, surname novak", line], CHANGE)
    assert dates_searched(ep) == [day], replies(ep)


@pytest.mark.parametrize("line, says", [("sometime at the end of next month", "no flights on this route in April"),
                                        ("mid july would work", "go on 2026-07-31")])
def test_a_month_for_a_change_lists_the_dates_it_flies(line, says):
    ep = play(["need to change the date of BK93T1H1, surname novak", line], CHANGE)
    said = replies(ep)[-1]
    assert says in said and said.endswith("Which date would you like to move it to?"), said
    assert not searches(ep)


# --- 10. another booking said to be someone else's --------------------------------------------------------------

@pytest.mark.parametrize("line", ["great. can you also look at BK4HZPZ9, which is my brother's booking",
                                  "and BK4HZPZ9 too please, that one's my mum's"])
def test_another_persons_booking_asks_its_last_name(line):
    ep = play(["hi can you check bkxuqnwq for me", "Ewa Kim", line], STATUS)
    assert [c.get("last_name") for c in calls(ep, "lookup_booking")] == ["Kim"], replies(ep)
    assert "last name" in replies(ep)[-1], replies(ep)[-1]


# --- 12. a return that found nothing, a split group, a booking no longer needed, a change of route ---------------

def test_a_round_trip_whose_return_found_nothing_does_not_say_both_directions_are_covered():
    ep = play([ROUND_START, "1", "1", "Thandiwe Kowalski", "hmm can we return on july 5th instead"], ROUND)
    assert "covers both directions" not in replies(ep)[-1], replies(ep)[-1]


def test_a_group_split_into_shares_books_the_first_share():
    group = _sc("large_group")  # 12 people, Rome -> Atlanta, 2026-12-18
    ep = play([f"we are 12 people going {group['origin_city']} to {group['destination_city']} on 18 december",
               "fine, split us 9 + 3"], group)
    assert "9 passengers" in replies(ep)[-1] and searches(ep), replies(ep)


@pytest.mark.parametrize("line", ["we dont want this booking anymore BK10DHMN fischer",
                                  "BK10DHMN, Fischer. i won't need the tickets any more"])
def test_a_booking_no_longer_needed_is_a_cancellation(line):
    ep = play([line, "yes"], CANCEL)
    assert calls(ep, "cancel_booking") == [{"booking_id": "BK10DHMN"}], replies(ep)


def test_a_change_to_another_place_is_said_not_searched_on_the_old_route():
    sc = _sc("restricted_destination")  # own booking BKL1C848 (Haddad), San Francisco -> Istanbul
    ep = play(["BKL1C848 haddad - can we change the trip to go to kinshasa instead, same dates?"], sc)
    assert not searches(ep) and "can't change it to fly to or from Kinshasa" in replies(ep)[0], replies(ep)
