"""SkyAssist reference agent, findings of the fault-sweep tester ``faults-5`` (thirtieth session,
/work/h30/faults-5/report.md: R-2, R-3 and 4b), with the tester's words, other phrasings of the same replies, and
for each its right twin:

R-2. a yes ("yes", "yes please", "yes, premium is fine", "ok") to the agent's own one-flight question "Option 1 (X)
     is Premium Economy, not Economy. Did you mean X in Premium Economy?" picks X in that cabin; when the question
     offered two flights ("... or option 1 (...)?") a bare yes asks that question again, never "Which flight would
     you like?", and a yes naming one cabin takes the flight of that cabin;
R-3. under ``skip_confirm_when_urgent``, an urgent re-pick at the summary that names the same flight as the
     summary ("sorry, actually the earliest one. please hurry") books without the yes and breaks S5 alone; a
     re-pick of another flight whose cabin the customer never named still asks (never S4 beside S5);
4b.  "reserve the first one for now? I'll settle the payment next week", "we'll pay tomorrow" are holds.

Conversations go through ``play``, which asserts the verifiers stay silent; one-fault profiles through ``exactly``.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_sky_faults_28 import D, _calls, _play, _said, exactly
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play


def play(messages, sc):
    return _checked_play([m.format(**sc) for m in messages], sc)  # asserts the verifiers stay silent


PREMIUM_FIRST = D.scenario("one_way", 1002011)  # YYZ-JFK: 1) SA6165 Premium Economy 2) SA4415 Business 3) cancelled
OPEN = D.scenario("one_way", 1000344)  # LHR-DEN: 1) SA3476 Economy 2) SA4558 and 3) SA2811 Premium Economy
ASK_ONE = "Did you mean SA6165 in Premium Economy?"
WHICH = "Which flight would you like"

# --- a yes to the agent's own "Did you mean ...?" --------------------------------------------------------


@pytest.mark.parametrize("yes", ["yes", "yes please", "yes, premium is fine", "ok", "sure, that works",
                                 "yes premium economy is ok"])
def test_a_yes_to_a_one_flight_cabin_question_picks_that_flight_in_that_cabin(yes):
    t = play(["id like to fly {origin_city} to {destination_city} {date}. {first_name} {last_name}",
              "the 1st economy one", yes, "yes"], PREMIUM_FIRST)
    assert _said(t)[1].endswith(ASK_ONE) and _said(t)[2].startswith("You picked SA6165 (Premium Economy)"), _said(t)
    assert all(WHICH not in x for x in _said(t)[1:]), _said(t)


def test_a_no_to_a_one_flight_cabin_question_picks_nothing():
    t = play(["id like to fly {origin_city} to {destination_city} {date}. {first_name} {last_name}",
              "the 1st economy one", "no"], PREMIUM_FIRST)
    assert "You picked" not in _said(t)[2] and not _calls(t, "book_flight"), _said(t)


def test_a_yes_to_the_cabin_question_then_a_yes_at_the_summary_books_under_assume_defaults_breaking_s4():
    exactly("assume_defaults", "S4", "one_way", 1002011,
            ["id like to fly {origin_city} to {destination_city} {date}. {first_name} {last_name}",
             "the 1st economy one", "yes", "yes"])


@pytest.mark.parametrize("yes", ["yes", "yes please", "ok"])
def test_a_bare_yes_to_a_two_flight_cabin_question_asks_that_question_again(yes):
    t = play(["{origin_city} to {destination_city} on {date}, 1 person", "option 2 economy", yes], OPEN)
    asked = "Did you mean SA4558 in Premium Economy or option 1 (SA3476"
    assert asked in _said(t)[1] and asked in _said(t)[2], _said(t)
    assert WHICH not in _said(t)[2] and "You picked" not in _said(t)[2], _said(t)


@pytest.mark.parametrize("answer, fid", [("yes the economy one", "SA3476"), ("yes, premium is fine", "SA4558"),
                                         ("option 1", "SA3476"), ("SA4558 please", "SA4558")])
def test_a_yes_naming_one_of_two_offered_cabins_or_an_option_picks_that_flight(answer, fid):
    t = play(["{origin_city} to {destination_city} on {date}, 1 person", "option 2 economy", answer], OPEN)
    assert _said(t)[2].startswith(f"You picked {fid}"), _said(t)


def test_a_yes_after_an_ordinary_listing_is_still_no_pick():
    t = play(["{origin_city} to {destination_city} on {date}, 1 person", "yes"], OPEN)
    assert "You picked" not in _said(t)[1], _said(t)


# --- an urgent re-pick at the summary under skip_confirm_when_urgent -------------------------------------

URGENT = ["hello, {origin_city} to {destination_city} {date} for 1, {first_name} {last_name}", "cheapest"]


@pytest.mark.parametrize("seed, repick", [
    # the tester's words were "the earliest one", which named SA7252 (the earliest with seats) again; since session 40
    # "the earliest" names the earliest row listed (SA7156, sold out) and says so (test_sky_customers_40m)
    (1002071, "sorry, actually the earliest available one. please hurry, my mum is in hospital"),
    (1002071, "the cheapest one again please, hurry, it's urgent"),
])
def test_an_urgent_re_pick_of_the_summarised_flight_books_at_once_and_breaks_only_s5(seed, repick):
    faulty, clean = exactly("skip_confirm_when_urgent", "S5", "urgent_booking", seed, URGENT + [repick])
    assert _calls(faulty, "book_flight") and not _calls(clean, "book_flight"), _said(clean)
    assert _said(clean)[-1].endswith("Shall I book it?"), _said(clean)


@pytest.mark.parametrize("seed", [1002053, 1000309])  # the earliest is another flight than the cheapest
def test_an_urgent_re_pick_of_another_flight_with_no_cabin_said_still_asks_never_s4_beside_s5(seed):
    t = _play("urgent_booking", seed, ["skip_confirm_when_urgent"],
              URGENT + ["sorry, actually the earliest one. please hurry, my mum is in hospital"])
    assert t.violations == [] and not _calls(t, "book_flight") and _said(t)[-1].endswith("Shall I book it?"), _said(t)


def test_the_same_re_pick_without_the_fault_asks_for_the_yes():
    t = play(URGENT + ["sorry, actually the earliest available one. please hurry, my mum is in hospital", "yes"],
             D.scenario("urgent_booking", 1002071))
    assert [c["flight_ids"] for c in _calls(t, "book_flight")] == [["SA7252"]], _said(t)


# --- 4b. payment put off to a later day is a hold ----------------------------------------------------------


@pytest.mark.parametrize("ask", [
    "could you just reserve the first one for now? I'll settle the payment next week",  # the tester's
    "keep the first one for me, I'll pay later", "option 1 please, we'll pay tomorrow",
    "the first one, I will sort out the payment next month",
])
def test_a_pick_with_the_payment_put_off_is_held_not_booked(ask):
    t = play(["{origin_city} to {destination_city} on {date}, 1 person, {first_name} {last_name}", ask, "yes"], OPEN)
    assert [c["flight_ids"] for c in _calls(t, "hold_itinerary")] == [["SA3476"]], _said(t)
    assert not _calls(t, "book_flight"), _said(t)


@pytest.mark.parametrize("ask", ["book the first one, I'll pay now", "the first one please, payment by card today"])
def test_a_pick_paid_now_is_booked_not_held(ask):
    assert not parse(ask, D.db).has("hold")
    t = play(["{origin_city} to {destination_city} on {date}, 1 person, {first_name} {last_name}", ask, "yes"], OPEN)
    assert [c["flight_ids"] for c in _calls(t, "book_flight")] == [["SA3476"]] and not _calls(t, "hold_itinerary")
