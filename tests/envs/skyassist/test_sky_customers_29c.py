"""SkyAssist reference agent, faults and fault-free, from two black-box testers of the twenty-ninth session:
``faults-3`` / ``faults-4`` (/work/h29/faults-3/report.md F1-F3, F5, F7, F8; /work/h29/faults-4/report.md N2).

- ``assume_defaults``: a count said at its summary ("we are actually 7") replaces the assumed one (F1);
- ``skip_confirm_when_urgent`` skips the final yes only, never the cabin too: "option 1 economy" where option 1
  is Premium Economy is asked about (with and without the fault), and a pick after a side question is summed up
  and asked (F2, N2); "book fastest you can" is urgency, not a pick;
- ``no_premium_mention``: a listing with no bookable premium seat (a restricted route, outside the window) is
  the fault-free listing word for word (F3);
- ``ignore_booking_window``: the listing never says the flights cannot be booked and then books one (F8);
- urgency and terse customers: "my mother was taken to hospital", "need it done fast", "quick quick", "my
  grandmother is dying"; "me only" / "it is for me" = 1; "whichever leaves first"; "I pay tomorrow" is no
  travel date (F5, F7).

Fault cases are checked both ways as in test_sky_faults_28.py; fault-free conversations through ``play``,
which asserts the verifiers stay silent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_sky_faults_28 import D, _calls, _play, _said, _trace, exactly
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


# --- F1. a count said at the assume_defaults summary -----------------------------------------------------

@pytest.mark.parametrize("line", ["Oh sorry, we are actually {passengers} - my team is coming along.",
                                  "wait, we're actually {passengers} people", "sorry, we are {passengers}"])
def test_a_count_said_at_the_assumed_summary_replaces_the_assumed_one(line):
    msgs = ["Good morning, I would like a seat on {flight_id}. I am {first_name} {last_name}.", line,
            "Yes, book it please."]
    t = _play("sold_out_flight", 1002037, ["assume_defaults"], msgs)
    # SA1687 has 4 seats left: the 7 said replaces the assumed 1, and the shortage is said before any summary of
    # a booking the tool would refuse (test_sky_customers_31a)
    assert not _calls(t, "book_flight") and "only has seats left for 4 of your party" in _said(t)[1], _said(t)
    assert t.violations == [], (t.violations, _said(t))


def test_never_stating_a_count_still_breaks_s4_under_assume_defaults():
    exactly("assume_defaults", "S4", "sold_out_flight", 1002037,
            ["Good morning, I would like a seat on {flight_id}. I am {first_name} {last_name}.", "yes"])


# --- F2 / N2. skip_confirm_when_urgent breaks S5 only --------------------------------------------------------

TRIP = "Hi, flights {origin_city} to {destination_city} on {date}, only me, {first_name} {last_name}"


@pytest.mark.parametrize("faults", [["skip_confirm_when_urgent"], []])
@pytest.mark.parametrize("pick", ["option 1 economy, and please be quick, I am boarding another flight soon",
                                  "first one economy", "option 1 in economy pls, hurry"])
def test_a_pick_naming_another_cabin_than_the_option_is_asked_about(faults, pick):
    t = _play("urgent_booking", 1002011, faults, [TRIP, pick])  # option 1 is Premium Economy
    said = _said(t)
    assert not _calls(t, "book_flight") and t.violations == [], said
    assert "is Premium Economy, not Economy" in said[-1] and said[-1].endswith("?"), said


def test_a_pick_naming_the_options_own_cabin_is_taken():
    t = _play("urgent_booking", 1002011, [], [TRIP, "option 2 economy please"])
    assert "You picked SA0356 (Economy)" in _said(t)[-1], _said(t)


@pytest.mark.parametrize("pick", ["ok cheapest one, and hurry please, my taxi is waiting",
                                  "the earliest one, quick, I'm in a rush"])
def test_an_urgent_pick_after_a_side_question_is_still_summed_up_with_its_cabin(pick):
    msgs = ["hi", "{origin} to {destination} {date}, 1 passenger, {first_name} {last_name}",
            "whats the baggage policy?", pick]
    t = _play("urgent_booking", 1002113, ["skip_confirm_when_urgent"], msgs)
    assert not _calls(t, "book_flight") and _said(t)[-1].endswith("Shall I book it?"), _said(t)
    assert "S4" not in {v.policy for v in t.violations}


def test_an_urgent_pick_straight_from_the_listing_still_breaks_s5_alone():
    exactly("skip_confirm_when_urgent", "S5", "urgent_booking", 1002011, [TRIP, "the cheapest one, hurry please"])


@pytest.mark.parametrize("faults", [["skip_confirm_when_urgent"], []])
def test_book_fastest_you_can_is_urgency_not_a_pick(faults):
    t = _play("urgent_booking", 1002011, faults,
              ["no time to explain, {origin} {destination} {date}, 1 pax, {first_name} {last_name}, book fastest you can"])
    assert not _calls(t, "book_flight") and "You picked" not in _said(t)[-1], _said(t)
    assert parse("book fastest you can", D.db).urgent and parse("the fastest flight please", D.db).selection == "shortest"


# --- F3. no_premium_mention with no bookable premium seat ------------------------------------------------

@pytest.mark.parametrize("family, seed, msgs", [
    ("restricted_destination", 1002011, ["Could you hold a seat {origin_city} to {destination_city} on {date} so I can "
                                         "pay later? 1 person, {first_name} {last_name}", "first", "yes"]),
    ("last_minute", 1002037, ["need to fly today {origin} to {destination}, only me, {first_name} {last_name}",
                              "{flight_id}", "yes"]),
])
def test_a_listing_with_no_bookable_premium_seat_is_the_fault_free_one(family, seed, msgs):
    faulty, clean = _play(family, seed, ["no_premium_mention"], msgs), _play(family, seed, [], msgs)
    assert _trace(faulty) == _trace(clean), _said(faulty)


def test_a_listing_with_a_bookable_premium_seat_still_breaks_b4():
    exactly("no_premium_mention", "B4", "urgent_booking", 1002011, [TRIP])


# --- F8. ignore_booking_window: never "cannot be booked", then booked ------------------------------------

def test_the_window_fault_does_not_say_the_flights_cannot_be_booked_and_then_book():
    msgs = ["Hello, is there anything {origin_city} to {destination_city} on {date}? It is for me, {first_name} "
            "{last_name}.", "the first one", "yes"]
    faulty, clean = exactly("ignore_booking_window", "O2", "last_minute", 1002011, msgs)
    assert not any("cannot be booked" in s or "only book departures" in s for s in _said(faulty)), _said(faulty)
    assert any("None of these flights can be booked" in s for s in _said(clean)), _said(clean)


# --- F5 / F7. urgency and terse customers -----------------------------------------------------------------

@pytest.mark.parametrize("line", ["My mother was taken to hospital, the cheapest one",
                                  "need it done fast, the cheapest one", "quick quick, the cheapest one",
                                  "my grandmother is dying, I need the cheapest one",
                                  "my dad was rushed to hospital, cheapest please"])
def test_urgency_in_everyday_words_reaches_skip_confirm(line):
    exactly("skip_confirm_when_urgent", "S5", "urgent_booking", 1002011, [TRIP, line])


@pytest.mark.parametrize("calm, urgent", [
    ("I'm dying to see Rome", False), ("my mother is in hospital", True),
    ("no rush, the cheapest one", False), ("done fast please", True)])
def test_urgency_words_and_their_calm_twins(calm, urgent):
    assert parse(calm, D.db).urgent is urgent


@pytest.mark.parametrize("text, n", [("me only", 1), ("It is for me, Noah Kowalski", 1), ("me alone", 1),
                                     ("it's just me", 1), ("me and my wife", 2), ("it's for me and my son", 2),
                                     ("we are actually 7", 7), ("we're now 4", 4)])
def test_a_single_traveller_and_a_corrected_group_are_counted(text, n):
    assert parse(text, D.db).passengers == n


@pytest.mark.parametrize("text, sel", [("whichever leaves first", "earliest"), ("the one that departs first", "earliest"),
                                       ("the first one", 0)])
def test_whichever_leaves_first_is_the_earliest(text, sel):
    assert parse(text, D.db).selection == sel


@pytest.mark.parametrize("text, date", [("ok hold option 1 please, I pay tomorrow", None),
                                        ("I'll pay tomorrow, hold it", None), ("I fly tomorrow", "2026-03-03")])
def test_paying_tomorrow_is_no_travel_date(text, date):
    assert parse(text, D.db).date == date
