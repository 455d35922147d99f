"""Customers of the twenty-eighth session's black-box tester (``sky-customers``, about 330 conversations
against the fault-free reference target on held-out seeds) whose findings were still open after two fix
rounds: F6 (flexible dates: "the cheapest overall", a pick made in the same reply as the listing, "ok that
one"), F7 (a multi-leg connection that leaves before the first flight lands, "the cheapest" first leg when
its cabin cannot be kept, the first leg changed after a failed connection, "start over", "economy for both",
"whichever is shortest" once both legs are picked), F14 (a flight or name change and "is that nonstop?" at
the booking summary), F11 (a surname in capitals as on a passport, two full names, an initial), F15
(a return offer when nothing listed can be booked; a "yes" after a failed pick) and F10 (a stray number
after the 9-passenger refusal). Each is played in the tester's words and in others, beside its right twin.
Every conversation is also checked by the verifiers (``play`` asserts that none fires)."""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_counts_and_numeric_dates import D
from tests.envs.skyassist.test_target_phrasings import calls, replies
from tests.envs.skyassist.test_unseen_sky_customers import _sc, play, searches

FLEX = _sc("flexible_dates", 7)  # Doha -> Frankfurt for 3: 2026-07-23 SA9329 $879 (SA7498 $735 has 1 seat);
# 2026-08-12 SA9335 $1125 Premium Economy, SA9285 Business, SA5050 Premium Economy
MULTI7 = _sc("multi_leg", 7)  # Chicago -> Dubai -> San Francisco 2026-04-14
MULTI99 = _sc("multi_leg", 99)  # Dubai -> London -> Rome 2026-07-23: leg 2 has no Economy
ONE = _sc("one_way", 7)  # Seattle -> New York 2026-04-14: SA8822, SA4995 (Economy), SA5558
GROUP = _sc("large_group", 7)  # New York -> Los Angeles 2026-07-31
FAR = _sc("far_future", 7)  # Chicago -> Frankfurt 2027-02-20: only beyond the booking window
URGENT = _sc("urgent_booking", 7)  # Atlanta -> Rome 2026-03-05: SA9430, SA5095 sold out; SA4232 Business

BOTH = "Doha to Frankfurt for 3 on july 23 or aug 12"
CHEAPER = "Doha to Frankfurt for 3, either July 23 or August 12, whichever is cheaper"


def booked(ep) -> list[dict]:
    return calls(ep, "book_flight")


# --- F6. flexible dates ----------------------------------------------------------------------------

@pytest.mark.parametrize("line", ["the cheapest overall", "whichever is cheapest across both days",
                                  "the cheapest of all of them", "ok the cheapest one on either date"])
def test_the_cheapest_overall_after_seeing_both_dates_books_the_cheaper_days_flight(line):
    ep = play([BOTH, "what about the other date?", line, "Ana Walsh", "yes"], FLEX)
    assert [b["flight_ids"] for b in booked(ep)] == [["SA9329"]], replies(ep)


def test_the_cheapest_without_overall_picks_from_the_date_listed_last():
    ep = play([BOTH, "what about the other date?", "the cheapest", "Ana Walsh", "yes"], FLEX)
    assert [b["flight_ids"] for b in booked(ep)] == [["SA9335"]], replies(ep)


@pytest.mark.parametrize("line", [CHEAPER, "doha-frankfurt, 3 people, july 23 or aug 12, the cheapest please"])
def test_a_pick_made_with_the_listing_does_not_also_ask_which_flight(line):
    said = replies(play([line], FLEX))[0]
    assert "You picked" in said and "Which flight would you like" not in said, said


@pytest.mark.parametrize("line", ["ok that one", "that one is fine", "great, that one"])
def test_ok_that_one_keeps_the_flight_just_picked(line):
    ep = play([CHEAPER, line, "Ana Walsh", "yes"], FLEX)
    assert [s[2] for s in searches(ep)] == ["2026-07-23", "2026-08-12"], replies(ep)  # no search of the other day
    assert "did not catch" not in replies(ep)[1] and "SA9329" in replies(ep)[1], replies(ep)[1]
    assert [b["flight_ids"] for b in booked(ep)] == [["SA9329"]], replies(ep)


def test_the_other_day_after_a_pick_still_shows_the_other_day():
    ep = play([CHEAPER, "hmm show me the other date"], FLEX)
    assert searches(ep)[-1][2] == "2026-08-12", replies(ep)


# --- F7. multi-leg ---------------------------------------------------------------------------------

@pytest.mark.parametrize("msgs", [["the cheapest", "the cheapest"], ["3", "2"]])
def test_a_connection_leaving_before_the_first_flight_lands_is_said_so(msgs):
    ep = play(["Dubai to Rome via London on 2026-07-23, party of 2"] + msgs, MULTI99)
    said = replies(ep)[-1]
    assert "-" not in said.split("would be only")[-1][:6] and "minutes, and" not in said, said
    assert "before" in said and "lands" in said, said


def test_a_short_but_positive_connection_still_gives_its_minutes():
    said = replies(play(["chicago -> dubai -> san francisco, 14 apr", "1", "1"], MULTI7))[-1]
    assert "would be only 30 minutes" in said, said


def test_the_cheapest_first_leg_says_why_a_cheaper_flight_in_another_cabin_was_passed_over():
    said = replies(play(["Dubai to Rome via London on 2026-07-23, party of 2", "the cheapest"], MULTI99))[-1]
    assert "SA9881" in said and "Economy" in said and "second leg" in said, said


def test_the_cheapest_first_leg_with_its_cabin_on_both_legs_needs_no_note():
    said = replies(play(["chicago -> dubai -> san francisco, 14 apr", "the cheapest"], MULTI7))[-1]
    assert said.startswith("You picked SA0280") and "cheaper" not in said, said


# --- F11. names --------------------------------------------------------------------------------------

NAMED = ["need SEA-JFK on the 14th of april for 2", "2"]


@pytest.mark.parametrize("name, first, last", [
    ("KOWALSKI Carlos", "Carlos", "Kowalski"),
    ("Carlos KOWALSKI", "Carlos", "Kowalski"),
    ("name is KOWALSKI Carlos", "Carlos", "Kowalski"),
    ("Maria Luisa FERREIRA", "Maria Luisa", "Ferreira"),
    ("it's NOWAK Anna", "Anna", "Nowak"),
    ("KOWALSKI-NOWAK Carlos", "Carlos", "Kowalski-Nowak"),
])
def test_a_surname_in_capitals_beside_a_given_name_is_the_last_name(name, first, last):
    ep = play(NAMED + [name, "yes"], ONE)
    assert [(b["first_name"], b["last_name"]) for b in booked(ep)] == [(first, last)], replies(ep)


def test_a_name_all_in_capitals_is_still_asked_again():
    said = replies(play(NAMED + ["CARLOS KOWALSKI"], ONE))[-1]
    assert "upper and lower case" in said, said


@pytest.mark.parametrize("names", ["Carlos Kowalski and Maria Kowalski", "Carlos Kowalski & Ana Lopez"])
def test_two_full_names_ask_for_the_one_lead_passenger(names):
    ep = play(NAMED + [names], ONE)
    said = replies(ep)[-1]
    assert "one lead passenger" in said and "did not catch" not in said, said


@pytest.mark.parametrize("name", ["C. Kowalski", "C Kowalski"])
def test_an_initial_is_not_taken_for_a_first_name_and_the_surname_is_not_asked_for(name):
    said = replies(play(NAMED + [name], ONE))[-1]
    assert "last name?" not in said and "first name" in said, said


def test_the_first_name_given_after_an_initial_completes_the_name():
    ep = play(NAMED + ["C. Kowalski", "Carlos", "yes"], ONE)
    assert [(b["first_name"], b["last_name"]) for b in booked(ep)] == [("Carlos", "Kowalski")], replies(ep)


def test_an_initial_is_never_read_as_the_given_name():
    p = parse("C. Kowalski", D.db, expecting="name")
    assert p.first_name != "Kowalski" and p.first_name != "C"


# --- F15. a return offer only when something can be booked; a yes after a failed pick --------------

def test_no_return_offer_when_every_listed_flight_is_beyond_the_booking_window():
    said = replies(play(["chicago to frankfurt 20 feb 2027 2 people"], FAR))[0]
    assert "return flight" not in said and "Which flight would you like" not in said, said
    assert "2026-08-31" in said, said


def test_a_return_offer_stays_when_a_listed_flight_can_be_booked():
    said = replies(play(["need SEA-JFK on the 14th of april for 2"], ONE))[0]
    assert "Would you also like me to look for a return flight?" in said


@pytest.mark.parametrize("yes", ["yes yes hurry", "yes please quick"])
def test_a_yes_after_a_failed_pick_is_not_taken_for_the_return_offer(yes):
    ep = play(["URGENT need atlanta to rome march 5 asap just book the first one, Omar Yilmaz, 1 person", yes], URGENT)
    said = replies(ep)[-1]
    assert "fly back" not in said and not booked(ep), said


# --- F10. after the 9-passenger refusal ----------------------------------------------------------------

@pytest.mark.parametrize("stray", ["1", "2"])
def test_a_bare_small_number_after_the_group_refusal_is_asked_about_not_taken_as_the_party(stray):
    said = replies(play(["NY to LA jul 31, 11 people", stray], GROUP))[-1]
    assert "Noted, " not in said and "group of 11" in said, said


@pytest.mark.parametrize("line, n", [("ok 9 then", 9), ("fine, 6 passengers for now", 6), ("just 5 people then", 5)])
def test_a_smaller_party_said_as_a_party_after_the_refusal_is_taken(line, n):
    said = replies(play(["NY to LA jul 31, 11 people", line], GROUP))[-1]
    assert f"Noted, {n} passengers" in said, said


def test_asking_for_all_twelve_after_the_refusal_does_not_say_sorry_twice():
    said = replies(play(["NY to LA jul 31, 12 people", "can't you just do all 12?"], GROUP))[-1]
    assert said.count("Sorry") <= 1 and "9 passengers" in said, said


def test_a_yes_to_the_check_after_a_stray_number_takes_that_number():
    said = replies(play(["NY to LA jul 31, 11 people", "1", "yes"], GROUP))[-1]
    assert "Noted, 1 passenger." in said, said


# --- F7. a multi-leg pick that failed: the first leg changed, a fresh start, one cabin for both -------

STUCK = ["chicago -> dubai -> san francisco, 14 apr, just me", "1", "1"]  # SA5209 + SA2094 (Business): a 30-minute connection


@pytest.mark.parametrize("line", ["ok change the first leg to option 2", "switch the first flight to option 2",
                                  "can I have SA0280 for the first leg instead"])
def test_the_first_leg_can_be_changed_after_a_failed_connection(line):
    ep = play(STUCK + [line, "the 12:00 one", "Ana Walsh", "yes"], MULTI7)
    assert replies(ep)[3].startswith("You picked SA0280 (Economy)"), replies(ep)[3]
    assert [b["flight_ids"] for b in booked(ep)] == [["SA0280", "SA4876"]], replies(ep)


@pytest.mark.parametrize("line", ["I want a different first flight", "let's start over", "can we start again from the first leg"])
def test_a_fresh_choice_of_the_first_leg_is_asked_for(line):
    said = replies(play(STUCK + [line], MULTI7))[-1]
    assert "for the first leg" in said and "You picked" not in said and "same choice" not in said, said


@pytest.mark.parametrize("line", ["economy for both please", "forget business, economy"])
def test_one_cabin_for_both_legs_moves_both_picks_and_offers_only_connections_that_work(line):
    said = replies(play(STUCK + [line], MULTI7))[-1]
    assert "SA0280" in said and "SA4876" in said and "SA4491" not in said, said


def test_another_flight_with_the_same_refusal_is_not_called_the_same_choice():
    said = replies(play(["chicago -> dubai -> san francisco, 14 apr", "1", "2", "the 12:00 one"], MULTI7))[-1]
    assert "same choice" not in said and "SA4876" in said, said


def test_the_same_flight_refused_twice_is_still_called_the_same_choice():
    said = replies(play(["chicago -> dubai -> san francisco, 14 apr", "1", "the 12:00 one", "the 12:00 one"], MULTI7))[-1]
    assert "That is the same choice as before" in said, said


# --- F14. a change of flight or name, or a question about stops, at the booking summary --------------

SUMMARY = NAMED + ["Carlos Kowalski"]  # the summary of SA4995 (02:35) for 2, under Carlos Kowalski


@pytest.mark.parametrize("line", ["can I switch to the 2:55 flight instead?", "could we change to the 02:55 one?",
                                  "can I have option 3 instead?"])
def test_a_flight_switch_asked_as_a_question_at_the_summary_moves_the_pick(line):
    ep = play(SUMMARY + [line, "yes"], ONE)
    assert [b["flight_ids"] for b in booked(ep)] == [["SA5558"]], replies(ep)


def test_a_question_about_another_flight_at_the_summary_moves_nothing():
    ep = play(SUMMARY + ["is the 2:55 one refundable?"], ONE)
    assert "SA4995" in replies(ep)[-1] and not booked(ep), replies(ep)[-1]


def test_a_name_change_with_the_new_name_at_the_summary_is_summarised_again():
    # (fix44i: the new name said with the change is applied and summarised again, no longer asked for again)
    ep = play(SUMMARY + ["change the name to Maria Kowalski", "yes"], ONE)
    said = replies(ep)
    assert "under the name Maria Kowalski" in said[3] and not booked(ep)[:0], said[3]
    assert [(b["first_name"], b["last_name"]) for b in booked(ep)] == [("Maria", "Kowalski")], said


@pytest.mark.parametrize("line", ["the name is wrong, it should be Maria", "can you correct the passenger name please"])
def test_a_name_change_at_the_summary_asks_for_the_name_and_books_nothing(line):
    ep = play(SUMMARY + [line, "Maria Kowalski", "yes"], ONE)
    said = replies(ep)
    assert "first and last name" in said[3] and "clear yes or no" not in said[3], said[3]
    assert [(b["first_name"], b["last_name"]) for b in booked(ep)] == [("Maria", "Kowalski")], said


@pytest.mark.parametrize("line", ["is that nonstop?", "is it a direct flight?", "wait is that nonstop?",
                                  "any stops on the way?"])
def test_a_question_about_stops_at_the_summary_is_answered_and_books_nothing(line):
    ep = play(SUMMARY + [line], ONE)
    said = replies(ep)[-1]
    assert "direct" in said and "Shall I book it?" in said and not booked(ep), said
    assert "can't help" not in said, said


@pytest.mark.parametrize("line", ["the name on the booking should be Carlos Kowalski", "name should be Carlos Kowalski"])
def test_a_name_said_as_what_the_booking_should_carry_is_read(line):
    ep = play(NAMED + [line, "yes"], ONE)
    assert [(b["first_name"], b["last_name"]) for b in booked(ep)] == [("Carlos", "Kowalski")], replies(ep)


@pytest.mark.parametrize("line", ["whichever is shortest", "the shortest layover please"])
def test_shortest_after_both_legs_were_picked_keeps_a_connection_that_works(line):
    ep = play(["I need Chicago to San Francisco via Dubai on April 14, shortest layover possible, just me", line,
               "Ana Walsh", "yes"], MULTI7)
    said = replies(ep)
    assert "Which flight would you like" not in said[0] and "same cabin" not in said[1], said[:2]
    assert [b["flight_ids"] for b in booked(ep)] == [["SA0280", "SA4876"]], said


@pytest.mark.parametrize("pick, date", [("option 1 please", False), ("the first one", False), ("1", False),
                                        ("the first date", True), ("the 1st", True)])
def test_a_pick_after_a_listing_nothing_can_be_booked_from_is_the_listed_flight(pick, date):
    """Flights listed beside other dates ("None of these flights can be booked ... try another date?"):
    "option 1" / "the first one" is the listed flight, refused for the window; "the first date" is a date.
    (The last fix round made "the first one" search the first date, which an AdaT judge test caught.)"""
    sc = D.scenario("far_future", 3)
    ep = play([f"hello, could I get {sc['origin_city']} to {sc['destination_city']} on {sc['date']}? 2 of us, name's "
               f"{sc['first_name']} {sc['last_name']}", pick], sc)
    said = replies(ep)[-1]
    assert ("330 days" not in said) == date and said.startswith("For ") == date, said


@pytest.mark.parametrize("reply, cancelled", [
    ("hmm actually no, just cancel the whole thing", True), ("no, cancel the booking", True),
    ("no cancel my trip instead", True), ("no", False), ("no, dont cancel it, just leave it", False),
    ("no thanks, cancel that", False), ("no, cancel it", False),
])
def test_a_no_at_a_change_summary_that_asks_to_cancel_the_booking_proposes_the_cancellation(reply, cancelled):
    """A second tester's customer said "no, just cancel the whole thing" at a change summary: the cancel was
    dropped, and two yeses later the rejected change was made. A "no" that names the booking's cancellation
    now proposes it; "no, cancel that" takes back only the change."""
    sc = D.scenario("change_booking", 1000500)  # BKHBHJ62, Singh
    ep = play(["change BKHBHJ62 singh to 30/12", "1", reply, "yes"], sc)
    assert bool(calls(ep, "cancel_booking")) == cancelled and not calls(ep, "modify_booking"), replies(ep)
