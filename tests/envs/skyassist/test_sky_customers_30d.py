"""SkyAssist reference agent, findings of the fault-sweep tester ``faults-5`` (thirtieth session,
/work/h30/faults-5/report.md: 4a, 4c/4e, 4d) and of an AdaT helper (the static driver's K90: "it's 14, not 13
like I said before", ``tests/adat/test_adat_30.py``), with the tester's words, other phrasings of the same
messages, and for each its right twin:

1.  a count corrected against the one said before ("it's 14, not 13", "we're 5 not 4", "14 rather than 13",
    "not 13 - 14"), at any point before the write, replaces it: a group over 9 gets the group answer for the
    new count, a summary is made again for it; numbers that are no count ("option 2, not 1") change nothing;
2.  "the cheapest economy one/seat" when no Economy option can be booked says so and asks (offering the other
    cabin), never picks a Premium or Business option in silence; with an Economy option it picks that;
3.  "Arjun Bianchi here, ...", "Sofia Cohen speaking", "it's Sofia Cohen calling", "contact name Sofia Cohen" give
    the lead passenger's name; a city before "here" ("Chicago here") is no name (a bare "contact Sofia Cohen" is
    left asked: the S1 verifier does not read it as a name the customer gave, so taking it would break S1);
4.  "what's the damage altogether", "what would it come to for all of us?", "how much all in for the three of
    us?" ask for the total price, and are answered with it.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from tests.envs.skyassist.test_sky_faults_28 import D, _calls, _said, exactly, untouched
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play


def play(messages, sc):
    return _checked_play([m.format(**sc) for m in messages], sc)  # asserts the verifiers stay silent


GROUP = D.scenario("large_group", 2005)  # FRA-YVR: 1) SA8327 Economy 15 left 2) SA8771 Economy 3) cancelled
OPEN = D.scenario("one_way", 1000344)  # LHR-DEN: 1) SA3476 Economy (8 left) 2) SA4558 3) SA2811 Premium Economy
LIST = "{origin_city} to {destination_city} on {date}"

# --- 1. a count corrected against the one said before --------------------------------------------------------


@pytest.mark.parametrize("fix", [
    "The first one please. Oh, and it's 14, not 13 like I said before.",  # the AdaT helper's (K90)
    "it's 14, not 13", "oh and we're 14 not 13", "14 rather than 13, sorry", "not 13 - 14",
    "the first one, and it is fourteen not thirteen", "sorry, not 13, 14 of us", "it's 14 instead of 13",
])
def test_a_group_count_corrected_upward_gets_the_group_answer_for_the_new_count(fix):
    t = play([LIST, "There will be 13 passengers.", fix], GROUP)
    assert "a group of 14 needs more than one booking, for example 9 and 5" in _said(t)[-1], _said(t)


def test_a_group_count_said_again_unchanged_keeps_the_group_answer_for_it():
    t = play([LIST, "There will be 13 passengers.", "The first one please, as I said we are 13."], GROUP)
    assert "a group of 13 needs more than one booking, for example 9 and 4" in _said(t)[-1], _said(t)


@pytest.mark.parametrize("fix", ["the first one. Oh, and it's 7, not 6", "the first one, we're 7 not 6",
                                 "first one please - 7 rather than 6 people"])
def test_a_count_corrected_with_the_pick_is_booked_for_the_new_count(fix):
    t = play([LIST + ", 6 of us, {first_name} {last_name}", fix, "yes"], OPEN)
    assert [c["passengers"] for c in _calls(t, "book_flight")] == [7], _said(t)
    assert "for 7 passengers" in _said(t)[1], _said(t)


@pytest.mark.parametrize("fix", ["wait, it's 5 not 4", "oh sorry, we're 5, not 4", "hang on, not 4 - 5",
                                 "5 rather than 4, my mistake"])
def test_a_count_corrected_at_the_summary_makes_the_summary_again_and_books_the_new_count(fix):
    t = play([LIST + ", 4 people, {first_name} {last_name}", "the first one", fix, "yes"], OPEN)
    assert "for 5 passengers" in _said(t)[2] and _said(t)[2].endswith("Shall I book it?"), _said(t)
    assert [c["passengers"] for c in _calls(t, "book_flight")] == [5], _said(t)


@pytest.mark.parametrize("pick, fid", [("option 2, not 1", "SA4558"), ("the 3rd one, not the 2nd", "SA2811")])
def test_option_numbers_set_against_each_other_pick_an_option_and_keep_the_count(pick, fid):
    t = play([LIST + ", 2 people, {first_name} {last_name}", pick, "yes"], OPEN)
    assert [(c["flight_ids"], c["passengers"]) for c in _calls(t, "book_flight")] == [([fid], 2)], _said(t)


@pytest.mark.parametrize("pick, fid", [("the 12:00 one, not the 10:30", "SA2811"), ("the 12:00 one not 10:30", "SA2811")])
def test_times_set_against_each_other_pick_a_flight_and_keep_the_count(pick, fid):
    t = play([LIST + ", 2 people, {first_name} {last_name}", pick, "yes"], OPEN)
    assert [(c["flight_ids"], c["passengers"]) for c in _calls(t, "book_flight")] == [([fid], 2)], _said(t)


# --- 2. "the cheapest economy one" when no Economy seat is left ------------------------------------------------

ONLY_PREMIUM = D.scenario("urgent_booking", 1002197)  # DXB-JFK: 1) SA5347 Premium Economy, the only flight
ONLY_BUSINESS = D.scenario("one_way", 1002197)  # ATL-FCO: 1) SA9430 Premium and 2) SA5095 Economy sold out, 3) SA4232
# Business
URGENT = "I've got to get to {destination_city} from {origin_city} on {date} as fast as possible, only me, " \
         "{first_name} {last_name}"
ALONE = "{first_name} {last_name}, looking to get from {origin_city} to {destination_city} on {date}, just me"


@pytest.mark.parametrize("sc, first, pick, fid, cabin", [
    (ONLY_PREMIUM, URGENT, "the cheapest economy one, get it sorted immediately please", "SA5347", "Premium Economy"),
    (ONLY_BUSINESS, ALONE, "the cheapest economy seat please", "SA4232", "Business"),  # the tester's (4e)
    (ONLY_BUSINESS, ALONE, "cheapest economy ticket", "SA4232", "Business"),
    (ONLY_BUSINESS, ALONE, "the earliest flight in economy please", "SA4232", "Business"),
    (ONLY_PREMIUM, ALONE, "I'll go for the cheapest economy fare", "SA5347", "Premium Economy"),
])
def test_a_ranked_economy_pick_with_no_economy_seat_left_says_so_and_offers_the_other_cabin(sc, first, pick, fid, cabin):
    t = play([first, pick], sc)
    said = _said(t)[-1]
    assert "You picked" not in said and "no Economy seat" in said and f"{fid} in {cabin}" in said, _said(t)
    assert said.endswith("?") and not _calls(t, "book_flight"), _said(t)


@pytest.mark.parametrize("yes", ["yes", "ok, premium is fine", "sure", "premium economy then", "SA5347 please"])
def test_a_yes_to_the_other_cabin_picks_it_and_books_after_the_summary(yes):
    t = play([ALONE, "the cheapest economy one", yes, "yes"], ONLY_PREMIUM)
    assert _said(t)[2].startswith("You picked SA5347 (Premium Economy)"), _said(t)
    assert [(c["flight_ids"], c["fare_class"]) for c in _calls(t, "book_flight")] == [(["SA5347"], "premium")]


def test_another_cabin_than_the_one_offered_is_no_yes_and_the_question_stays():
    t = play([ALONE, "the cheapest economy one", "business is fine"], ONLY_PREMIUM)
    assert "Would you like SA5347 in Premium Economy instead?" in _said(t)[2] and "You picked" not in _said(t)[2]


def test_a_no_to_the_other_cabin_picks_nothing():
    t = play([ALONE, "the cheapest economy one", "no thanks"], ONLY_PREMIUM)
    assert all("You picked" not in x for x in _said(t)) and not _calls(t, "book_flight"), _said(t)


@pytest.mark.parametrize("pick", ["the cheapest economy one", "the cheapest economy seat please"])
def test_a_ranked_economy_pick_with_an_economy_seat_left_picks_it(pick):
    t = play(["{origin_city} to {destination_city} on {date}, 1 person, {first_name} {last_name}", pick], OPEN)
    assert _said(t)[1].startswith("You picked SA3476 (Economy)"), _said(t)


def test_a_ranked_pick_with_no_cabin_named_picks_among_all_cabins():
    t = play([ALONE, "the cheapest one"], ONLY_BUSINESS)
    assert _said(t)[1].startswith("You picked SA4232 (Business)"), _said(t)


@pytest.mark.parametrize("answer", ["premium economy then, hurry up", "SA5347 in premium, quickly please"])
def test_the_urgent_fault_on_the_offered_cabin_taken_by_name_breaks_s5_alone_never_s4(answer):
    exactly("skip_confirm_when_urgent", "S5", "urgent_booking", 1002197,
            [URGENT, "the cheapest economy one, get it sorted immediately please", answer])


def test_the_urgent_fault_on_the_ranked_economy_pick_itself_books_nothing():
    untouched("skip_confirm_when_urgent", "urgent_booking", 1002197,
              [URGENT, "the cheapest economy one, get it sorted immediately please"])


# --- 3. the lead passenger's name before "here", "speaking", "calling" ---------------------------------------

NAMED = D.scenario("one_way", 1002181)


@pytest.mark.parametrize("first", [
    "Arjun Bianchi here, looking to get from {origin_city} to {destination_city} on {date}, just me",  # the tester's
    "Hi, Arjun Bianchi here. {origin_city} to {destination_city} on {date}, just me",
    "Arjun Bianchi speaking - I need {origin_city} to {destination_city} on {date}, just me",
    "hello, it's Arjun Bianchi calling, {origin_city} to {destination_city} {date} for one",
    "{origin_city} to {destination_city} on {date}, 1 seat, contact name Arjun Bianchi",
])
def test_a_name_before_here_speaking_or_calling_is_the_lead_passengers(first):
    t = play([first, "the first one", "yes"], NAMED)
    assert "first and last name" not in " ".join(_said(t)), _said(t)
    assert [(c["first_name"], c["last_name"]) for c in _calls(t, "book_flight")] == [("Arjun", "Bianchi")], _said(t)


@pytest.mark.parametrize("text", ["{origin_city} here, want to fly to {destination_city} on {date}",
                                  "New York here, flying to {destination_city}",
                                  "I'm in {origin_city} here and need {destination_city} on {date}",
                                  "please contact {destination_city} airport for me",
                                  "Economy Class here please", "Good Morning here"])
def test_a_city_or_common_words_before_here_is_no_name(text):
    from envs.skyassist.language import parse
    p = parse(text.format(**NAMED), D.db)
    assert (p.first_name, p.last_name) == (None, None), (p.first_name, p.last_name)


# --- 4. a question about the total price ---------------------------------------------------------------------

PARTY = D.scenario("group_booking", 1002181)  # LHR-ORD, 3 of us: 1) SA6472 Economy $704 (the earliest) ...
THREE = "morning! {passengers} of us heading {origin_city} -> {destination_city}, {date}"


@pytest.mark.parametrize("ask", [
    "if we went with the first flight, what's the damage altogether for the lot of us?",  # the tester's (4a)
    "if we went with the first flight, what would it come to for all of us?",
    "option 1 - what's the damage?", "what's the damage on the first one for us all?",
    "what would option 1 set us back in total?",
])
def test_a_total_question_about_one_flight_is_answered_with_the_total(ask):
    t = play([THREE, ask], PARTY)
    assert "$704 per seat, $2112 in total for 3 passengers" in _said(t)[1], _said(t)


@pytest.mark.parametrize("ask", ["how much all in for the three of us?", "what's the damage altogether for all of us?",
                                 "what would it come to in total for the 3 of us?"])
def test_a_total_question_over_the_list_is_answered_with_the_cheapest_ones_total(ask):
    t = play([THREE, ask], PARTY)
    assert "SA6472 at $704 per seat (Economy), $2112 in total for 3 passengers" in _said(t)[1], _said(t)


@pytest.mark.parametrize("ask", ["anything cheaper?", "any cheaper flights?", "how much are the seats?"])
def test_a_per_seat_question_over_the_list_is_answered_per_seat(ask):
    t = play([THREE, ask], PARTY)
    assert "$704 per seat" in _said(t)[1] and "in total" not in _said(t)[1], _said(t)


@pytest.mark.parametrize("text", ["my bag got damaged, what's the damage policy?", "the suitcase is damaged"])
def test_damage_to_a_bag_is_no_price_question(text):
    from envs.skyassist.language import parse
    assert not parse(text, D.db).has("price")


@pytest.mark.parametrize("ask", ["if we went with the first flight, what's the damage altogether for the lot of us?",
                                 "how much all in for the three of us?"])
def test_the_service_fee_fault_on_a_total_question_breaks_b1_alone(ask):
    exactly("add_service_fee", "B1", "group_booking", 1002181, [THREE, ask])
