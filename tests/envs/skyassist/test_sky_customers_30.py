"""SkyAssist reference agent, fault-free and one fault, from the black-box tester ``sky-customers-5`` of the
thirtieth session (/work/h30/sky-customers-5/report.md, findings 1-8), with the tester's words and other
phrasings of the same requests, each beside its right twin:

1. a party list that names a companion ("me, my husband Tom and our two kids") counts every person; when how many
   is not said ("our kids") the agent asks;
2. "anything cheaper?" at a summary lists the cheaper options; a pick by price ("the 328 one") picks that
   option; after a refused summary a "yes" never books the refused flight;
3. budgets said as "I can't spend more than 370 dollars", "max 370", "370 tops", "no more than $370" (not a
   no); "what fits my budget?" with no budget asks for it; "that one" picks the option the agent just named;
4. a question with "book" in it is answered, not read as a pick;
5. "do you need my middle name too?" is a question, not a name;
6. "yes that one" to a single offered option picks it; the cabin-clash and sold-out messages end with a question;
7. no flight question when none can be booked; "which one leaves first?" answered from the listing; typos
   "opton 2", "yess"; the lead name only said; "never mind" withdraws a cancellation;
8. a bare "1" at the flight question after a group of 11 is the option, not a count.

Conversations go through ``play``, which asserts the verifiers stay silent, unless said otherwise.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse, party_sizes
from tests.envs.skyassist.test_sky_faults_28 import D, _calls, _said, exactly
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


def fill(sc, line: str) -> str:
    return line.format(**sc)


# --- 1. a named companion in a party list -------------------------------------------------------------

GROUP = D.scenario("group_booking", 1000343)  # SFO-DXB 2026-09-20, option 1: SA5938 Economy $398, 20 seats
HOLD = D.scenario("hold_request", 1000341)  # LHR-FRA 2026-06-13, option 1: SA4774 Economy, 6 seats


@pytest.mark.parametrize("who, n", [
    ("me, my husband Tom and our two kids", 4), ("for me, my husband Tom and our 2 kids please", 4),
    ("my husband Tom and our two kids and me", 4), ("me, my wife Anna and my brother Luis", 3),
    ("me, my friend Sara and her two kids", 4), ("me, Tom and the two kids", 4),
    ("my son Leo, my daughter Mia and me", 3), ("Anna, Luis and me", 3), ("me, Tom, and Sara", 3),
    ("our two kids Leo and Mia and me", 3), ("me and Tom", 2),
    # the right twins: the same lists without the names
    ("me, my husband and our two kids", 4), ("me, my wife and my brother", 3), ("my son, my daughter and me", 3),
])
def test_a_party_list_counts_a_companion_said_by_name(who, n):
    assert max(party_sizes(who)) == n
    assert parse(f"San Francisco to Dubai on September 20th for {who}", D.db).passengers == n


@pytest.mark.parametrize("who", ["me, my husband Tom and our kids", "me, my friend Sara and her kids"])
def test_a_party_list_whose_size_is_not_said_gives_no_count(who):
    assert not party_sizes(who)


@pytest.mark.parametrize("line", ["for my wife and me, San Francisco to Dubai on September 20th",
                                  "Tom and I need 3 seats San Francisco to Dubai on September 20th",
                                  "Hi this is Tom and I want to fly San Francisco to Dubai on September 20th, 3 people"])
def test_city_names_and_a_speaker_who_names_himself_are_no_companions(line):
    assert parse(line, D.db).passengers in (2, 3) and parse(line, D.db).passengers == max(party_sizes(line, frozenset(
        {"san", "francisco", "dubai"})))


@pytest.mark.parametrize("who, n", [("me, my husband Tom and our two kids", 4), ("me, Tom and the two kids", 4),
                                    ("Anna, Luis and me", 3), ("me, my husband and our two kids", 4)])
def test_a_booking_for_a_party_with_a_named_companion_is_for_every_person(who, n):
    t = play([fill(GROUP, "Book {origin_city} to {destination_city} on {date} for ") + who, "cheapest",
              "I'm Ingrid Schmidt", "yes"], GROUP)
    assert [c["passengers"] for c in _calls(t, "book_flight")] == [n], _said(t)


@pytest.mark.parametrize("who, n", [("me, my wife Anna and my brother Luis", 3), ("me, my wife and my brother", 3)])
def test_a_hold_for_a_party_with_a_named_companion_is_for_every_person(who, n):
    t = play([fill(HOLD, "Can you hold seats {origin_city} to {destination_city} {date} for ") + who + "?", "1",
              "Aisha Murphy", "yes"], HOLD)
    assert [c["passengers"] for c in _calls(t, "hold_itinerary")] == [n], _said(t)


def test_a_party_with_kids_of_unsaid_number_is_asked_how_many():
    t = play([fill(GROUP, "Book {origin_city} to {destination_city} on {date} for me, my husband Tom and our kids"),
              "cheapest"], GROUP)
    assert not _calls(t, "book_flight") and "how many" in " ".join(_said(t)[1:]).lower(), _said(t)


# --- 2. "anything cheaper?" and a pick by price at a summary; a "yes" after a refused summary ---------------

BUDGET = D.scenario("budget_constrained", 1000313)  # DEN-LHR 2026-03-05: 1) SA5484 $373, 2) SA9506 $328, 3) SA9489 $581
TO_SUMMARY = ["Denver to London March 5th, just me", "1", "Ravi Hernandez"]


@pytest.mark.parametrize("ask", ["hmm that's more than I wanted, anything cheaper?", "is there something cheaper",
                                 "got any cheaper options?", "cheaper flights?"])
def test_anything_cheaper_at_a_summary_lists_the_cheaper_option(ask):
    t = play(TO_SUMMARY + [ask], BUDGET)
    assert "SA9506" in _said(t)[-1] and "$328" in _said(t)[-1] and _said(t)[-1].endswith("?"), _said(t)


def test_anything_cheaper_at_the_cheapest_summary_says_so_and_keeps_the_summary():
    t = play(["Denver to London March 5th, just me", "2", "Ravi Hernandez", "is there anything cheaper?", "yes"], BUDGET)
    assert "already the cheapest" in _said(t)[-2], _said(t)
    assert [c["flight_ids"] for c in _calls(t, "book_flight")] == [["SA9506"]]


@pytest.mark.parametrize("pick", ["ok the 328 one", "the $328 flight", "no wait, I'd rather take the $328 flight",
                                  "the one for $328 please", "the 328 dollar one", "yes", "option 2"])
def test_a_pick_by_price_after_anything_cheaper_books_that_flight(pick):
    t = play(TO_SUMMARY + ["anything cheaper?", pick, "yes"], BUDGET)
    assert [c["flight_ids"] for c in _calls(t, "book_flight")] == [["SA9506"]], _said(t)


@pytest.mark.parametrize("pick, fid", [("ok the 328 one", "SA9506"), ("actually the $581 flight", "SA9489"),
                                       ("actually make it option 2 instead", "SA9506")])
def test_a_pick_by_price_at_a_summary_switches_the_flight(pick, fid):
    t = play(TO_SUMMARY + [pick, "yes"], BUDGET)
    assert [c["flight_ids"] for c in _calls(t, "book_flight")] == [[fid]], _said(t)


@pytest.mark.parametrize("refuse, yes", [("no", "yes"), ("no thanks", "sure"), ("nope", "yes please")])
def test_a_yes_after_a_refused_summary_asks_which_flight_and_never_books_the_refused_one(refuse, yes):
    t = play(TO_SUMMARY + [refuse, yes, "yes"], BUDGET)
    assert not _calls(t, "book_flight"), _said(t)
    assert "SA9506" in _said(t)[-2] and "Here is the summary" not in _said(t)[-2], _said(t)


def test_a_yes_to_the_summary_itself_still_books():
    t = play(TO_SUMMARY + ["yes"], BUDGET)
    assert [c["flight_ids"] for c in _calls(t, "book_flight")] == [["SA5484"]]


# --- 3. budgets in everyday words; "what fits my budget?" with none known; "that one" --------------------

@pytest.mark.parametrize("said", ["I can't spend more than 370 dollars", "we can't spend more than 370 dollars in total",
                                  "no more than $370", "max 370", "370 tops", "$370 max", "nothing over 370",
                                  "I don't want to pay more than 370", "budget 370", "my budget is $370"])
def test_a_budget_said_in_everyday_words_is_read(said):
    p = parse(said, D.db)
    assert p.budget == (370.0, False) and not p.no and not p.closing


@pytest.mark.parametrize("said", ["no", "no more than 3 stops please", "no thanks, bye"])
def test_a_no_without_an_amount_stays_a_no(said):
    p = parse(said, D.db)
    assert p.no and p.budget is None


@pytest.mark.parametrize("budget", ["I can't spend more than 370 dollars", "370 tops", "no more than $370", "max 370"])
def test_what_fits_my_budget_names_the_option_within_it_and_that_one_picks_it(budget):
    t = play([f"Need Denver to London March 5th, just me, {budget}", "what fits my budget?", "ok take that one",
              "Ravi Hernandez", "yes"], BUDGET)
    assert "Within your budget: option 2 (SA9506" in _said(t)[1], _said(t)
    assert [c["flight_ids"] for c in _calls(t, "book_flight")] == [["SA9506"]], _said(t)


def test_what_fits_my_budget_with_no_budget_known_asks_for_it_and_then_answers():
    t = play(["Need Denver to London March 5th, just me", "what fits my budget?", "370", "ok take that one"], BUDGET)
    assert "None of the listed" not in _said(t)[1] and "budget" in _said(t)[1] and _said(t)[1].endswith("?"), _said(t)
    assert "Within your budget: option 2 (SA9506" in _said(t)[2], _said(t)
    assert _said(t)[3].startswith("You picked SA9506"), _said(t)


@pytest.mark.parametrize("fits", ["whatever fits", "whichever fits the budget", "the one I can afford"])
def test_whatever_fits_picks_the_one_option_within_the_budget(fits):
    t = play(["Need Denver to London March 5th, just me, 370 tops", fits, "Ravi Hernandez", "yes"], BUDGET)
    assert [c["flight_ids"] for c in _calls(t, "book_flight")] == [["SA9506"]], _said(t)


def test_whatever_fits_with_two_options_within_the_budget_lists_them_and_picks_none():
    t = play(["Need Denver to London March 5th, just me, max 500", "whatever fits"], BUDGET)
    assert "option 1 (SA5484" in _said(t)[-1] and "option 2 (SA9506" in _said(t)[-1] and "You picked" not in _said(t)[-1]


@pytest.mark.parametrize("who, n", [("only me, Ewa Kowalski", 1), ("just me and my wife, Ewa Kowalski", 2),
                                    ("me and my wife, Ana Lopez, 2 adults", 2)])
def test_a_full_name_said_with_the_party_is_the_lead_passenger_not_one_more(who, n):
    assert max(party_sizes(who)) == n


# --- 4. a question with "book" in it ------------------------------------------------------------------

ONE_OPTION = D.scenario("one_way", 1000399)  # FRA-ORD 2026-12-10: one option, SA6400


@pytest.mark.parametrize("ask", ["is there a limit on how many people can book?", "why, how many can you book?",
                                 "how many can you book on one reservation?", "what's the max number of passengers?"])
def test_a_question_on_the_party_limit_is_answered_and_picks_nothing(ask):
    t = play(["Frankfurt to Chicago December 10th", ask], ONE_OPTION)
    assert "up to 9 passengers" in _said(t)[-1] and "You picked" not in _said(t)[-1], _said(t)
    assert "Which flight would you like?" in _said(t)[-1]


@pytest.mark.parametrize("ask", ["can I book for my kids too?", "could I book for my parents as well?"])
def test_a_question_whether_others_can_be_booked_is_answered(ask):
    t = play(["Frankfurt to Chicago December 10th", ask], ONE_OPTION)
    assert "can't help" not in _said(t)[-1] and "You picked" not in _said(t)[-1] and "Yes" in _said(t)[-1], _said(t)


@pytest.mark.parametrize("pick", ["ok book it", "book that one please", "can I book it please?"])
def test_a_request_to_book_the_only_option_still_picks_it(pick):
    t = play(["Frankfurt to Chicago December 10th", pick], ONE_OPTION)
    assert _said(t)[-1].startswith("You picked SA6400"), _said(t)


# --- 5. a question about the name ---------------------------------------------------------------------

NAMED = D.scenario("one_way", 1000394)  # MAD-LHR 2026-04-30, option 1: SA9978


@pytest.mark.parametrize("ask", ["do you need my middle name too?", "should I add my maiden name as well?",
                                 "do you need both names?"])
def test_a_question_about_the_name_is_answered_and_gives_no_name(ask):
    assert parse(ask, D.db, "name").first_name is None
    t = play(["Madrid to London April 30th 1 adult", "1", ask, "Maya Khan", "yes"], NAMED)
    assert "first and last name" in _said(t)[2] and "Too" not in _said(t)[2], _said(t)
    assert [(c["first_name"], c["last_name"]) for c in _calls(t, "book_flight")] == [("Maya", "Khan")]


@pytest.mark.parametrize("name", ["Maya Khan", "it's Maya Khan", "Maya Khan, no middle name"])
def test_a_name_given_at_the_name_question_is_still_taken(name):
    t = play(["Madrid to London April 30th 1 adult", "1", name, "yes"], NAMED)
    assert [(c["first_name"], c["last_name"]) for c in _calls(t, "book_flight")] == [("Maya", "Khan")], _said(t)


# --- 6. the one same-cabin option offered; questions at the end of refusals ------------------------------

ROUND = D.scenario("round_trip", 1000311)  # LHR-NBO; the return's only Economy option is SA2434
CLASH = ["I want to go London to Nairobi on May 12th, 1 person, back on the 16th of November", "option 1", "1"]


@pytest.mark.parametrize("yes", ["yes that one", "yes", "ok that one", "sure, take it"])
def test_a_yes_to_the_one_same_cabin_option_offered_picks_it(yes):
    t = play(CLASH + [yes], ROUND)
    assert _said(t)[-2].endswith("Would you like it?"), _said(t)
    assert _said(t)[-1].startswith("You picked SA2434"), _said(t)


def test_a_no_to_the_one_same_cabin_option_picks_nothing():
    t = play(CLASH + ["no"], ROUND)
    assert "You picked" not in _said(t)[-1], _said(t)


def test_a_sold_out_or_short_pick_ends_with_a_question():
    t = play(["London to Nairobi on May 12th, 6 people", "option 3"], ROUND)
    assert "only has seats left" in _said(t)[-1] and _said(t)[-1].endswith("?"), _said(t)


# --- 8. a bare "1" at the flight question after a group of 11 ----------------------------------------------

LARGE = D.scenario("large_group", 1000384)  # a team of 11, JFK-GRU 2027-01-07, option 1: SA3411 Economy, 30 seats
KEEP = "can you keep seats aside for our team of 11, New York to Sao Paulo January 7th, no payment yet"


def test_a_bare_1_at_the_flight_question_is_the_option_under_no_pax_limit_on_hold():
    exactly("no_pax_limit_on_hold", "O1", "large_group", 1000384, [KEEP, "1", "{first_name} {last_name}", "yes"])


def test_a_bare_1_after_the_group_was_refused_is_still_asked_about_on_none():
    t = play([KEEP, "1"], LARGE)
    assert "out of your group of 11" in _said(t)[-1] and not _calls(t, "hold_itinerary"), _said(t)


# --- 7. a question about the listing answered from it ---------------------------------------------------

@pytest.mark.parametrize("ask", ["what's the earliest one?", "which one leaves first?", "which flight departs earliest?"])
def test_which_one_leaves_first_is_answered_from_the_listing(ask):
    t = play(["Denver to London March 5th, just me", ask, "ok that one"], BUDGET)
    assert "can't help" not in _said(t)[1] and "option 1" in _said(t)[1] and "SA5484" in _said(t)[1], _said(t)
    assert _said(t)[2].startswith("You picked SA5484"), _said(t)


def test_a_question_the_listing_cannot_answer_still_says_so():
    t = play(["Denver to London March 5th, just me", "what's the baggage allowance?"], BUDGET)
    assert "can't help" in _said(t)[1] or "don't have information" in _said(t)[1], _said(t)
