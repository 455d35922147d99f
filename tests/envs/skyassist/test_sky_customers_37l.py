"""SkyAssist reference agent, findings of /work/h37/sky-customers-21 taken up in the thirty-seventh session (helper
skyL), with the testers' words, other phrasings, and the near misses that must keep their old reading:

L1. a household given with its members in brackets or after a dash, or by its size ("my sister's family (her, her
    husband and their little one)", "the Andersens (me, my husband, 2 kids) and the Lees (3 of them)", "us two and the
    neighbours' family of four"): its members counted once, never its name as well or instead;
L2. short replies at the name question ("ys", "k", "yea", "sure thing") are no name: the name is asked again;
L3. a go-ahead that takes the no-refund terms ("no refund is fine, go ahead and cancel", "Not refundable, no problem.
    Yes."): the shared consent reader reads no plain yes in it, so it is asked again, never read as a no;
L10. a hold given up in slang ("nah dont need em anymore, bin it", "nah, bin it"): the hold's release is offered, and a
    yes releases it (never a paid booking offered);
L11. a yes beside the traveller's approval at a booking made for them ("yes please, he said it's fine", "yep go for
    it, he's ok with the price"): no plain yes for the shared consent reader, so the same summary is asked again (never
    dropped), and a plain yes then books it;
L5. a status question about a trip already booked ("I have a trip to Atlanta booked, is everything ok with it?", "is
    my trip still on"): its booking reference is asked, no new search;
L4. "I won't be travelling myself" in a new booking for a client: the trip is searched, never a cancellation;
L14. a pick, then a name alone in lower case ("2. mei mensah", "cheapest. mei mensah"): both taken, the summary shows
    them before any yes.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse, party_sizes
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_customers_37f import writes
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import play

GROUP = D.scenario("group_booking", 2100)  # NRT-FRA 2026-04-14: option 1 SA6994
CANCEL = D.scenario("cancel_booking", 2100)  # BK2ORTFN Moreau, non-refundable
ROUND = D.scenario("round_trip", 2100)  # DXB-FRA 2026-04-13, back 2026-08-12, economy non-refundable
THIRD = D.scenario("third_party_booking", 2100)  # BK6N774U Kowalski, held: booked and the hold released on a yes
STATUS = D.scenario("booking_status", 2101)
ONE5 = D.scenario("one_way", 5)  # IST-SFO 2026-03-05
HOLD = D.scenario("hold_request", 2100)  # YVR-FRA 2026-05-24, 2 passengers: the cheapest SA4389


# --- L1. a household's members, counted once ----------------------------------------------------------------------

HOUSEHOLDS = [
    ("for me, my wife, our three kids and my sister's family (her, her husband and their little one).", 8),
    ("for me and my brother's family (him, his wife and their two kids)", 5),
    ("for the Andersens (me, my husband, 2 kids) and the Lees (3 of them)", 7),
    ("for me plus my sister's family - her, her husband and their three boys", 6),
    ("for us two and the neighbours' family of four", 6),
    ("me and my husband and the neighbours' family of four", 6),
    ("me, my husband, 2 kids and 3 friends", 7),
    # near misses, as before
    ("me, my husband, our 3 kids, plus my brother, his wife and their baby", 8),
    ("for me, my wife, our three kids and my sister, her husband and their baby.", 8),
    ("the two of us and 4 friends", 6),
]


def test_a_household_is_counted_by_its_members():
    assert [(text, sorted(party_sizes(text))) for text, _n in HOUSEHOLDS] == [(text, [n]) for text, n in HOUSEHOLDS]


def test_a_bracket_without_members_is_no_household():
    assert party_sizes("for the Johnsons (from Leeds) and me") == set()


def test_the_whole_family_is_booked():
    ep = play(["Hi - trying to sort flights Tokyo to Frankfurt on April 14 for me, my wife, our three kids and my "
               "sister's family (her, her husband and their little one). Grandma is driving us to the airport but "
               "she's not coming.", "option 1, I'm Leila Andersen", "yes"], GROUP)
    assert [c["passengers"] for c in _calls(ep, "book_flight")] == [8]


# --- L2. a yes or an ok at the name question is no name -------------------------------------------------------------

def test_an_acknowledgement_is_no_name():
    for reply in ("ys", "k", "yea", "sure thing", "yeah", "kk"):
        for asked in ("name", "last_name"):
            p = parse(reply, D.db, expecting=asked)
            assert (reply, p.first_name, p.last_name) == (reply, None, None)


def test_short_real_names_still_count():  # near misses: two-letter names are names
    for reply, name in (("Li", ("Li", None)), ("mei mensah", ("Mei", "Mensah")), ("Bo Ng", ("Bo", "Ng"))):
        p = parse(reply, D.db, expecting="name")
        assert (p.first_name, p.last_name) == name


def test_a_hold_is_never_placed_under_an_acknowledgement():
    ep = play(["yvr to fra may 24 2 ppl can u hold seats dont wanna pay rn", "cheapest", "ys", "yea", "yes"], HOLD)
    assert writes(ep) == [] and "lead passenger" in _after(ep, "yea")


# --- L3. the no-refund terms taken beside a go-ahead: asked again, never a no --------------------------------------

CANCEL_ASK = ("Hello. Please I want make cancellation for my reservation, number is BK2ORTFN, family name Moreau. We "
              "cannot go to Rome anymore, my mother she is sick.")


@pytest.mark.parametrize("line", ["no refund is fine, go ahead and cancel", "I know, no refund. yes cancel it",
                                  "ok I understand. no money. still cancel, yes", "no refund is ok with me, yes cancel"])
def test_the_no_refund_terms_taken_are_asked_again(line):
    ep = play([CANCEL_ASK, line], CANCEL)
    said = _after(ep, line)
    assert "will not go ahead" not in said and "Shall I cancel booking BK2ORTFN?" in said and writes(ep) == []
    assert writes(play([CANCEL_ASK, line, "yes"], CANCEL)) == ["cancel_booking"]


@pytest.mark.parametrize("line", ["no refund, no.", "no refund? then don't cancel"])
def test_a_no_about_the_refund_stays_a_no(line):  # near misses
    assert "Shall I cancel" not in _after(play([CANCEL_ASK, line], CANCEL), line)
    assert writes(play([CANCEL_ASK, line, "yes"], CANCEL)) == []


@pytest.mark.parametrize("line", ["no refund is ok with me, yes book", "Not refundable, no problem. Yes.",
                                  "non-refundable is fine, book it"])
def test_the_no_refund_terms_taken_at_a_booking(line):
    msgs = ["hi, need flights dubai -> frankfurt for me and my little girl, going apr 13 back aug 12",
            "economy both ways. Ana Mensah", line]
    ep = play(msgs, ROUND)
    assert "Shall I book it?" in _after(ep, line) and "will not go ahead" not in _after(ep, line) and writes(ep) == []
    assert writes(play(msgs + ["yes"], ROUND)) == ["book_flight"]


# --- L10. a hold given up in slang: its release offered ----------------------------------------------------------

HELD = ["yvr to fra may 24 2 ppl can u hold seats dont wanna pay rn", "cheapest one, name mei mensah", "yes"]


@pytest.mark.parametrize("line", ["nah dont need em anymore, bin it", "nah, bin it", "dont need em anymore",
                                  "no, ditch them", "no, I don't need them any more"])
def test_a_hold_given_up_in_slang_offers_its_release(line):
    ep = play(HELD + [line, "yes"], HOLD)
    assert "Shall I cancel booking" in _after(ep, line) and writes(ep) == ["hold_itinerary", "cancel_booking"]


@pytest.mark.parametrize("line", ["no, keep it", "no, I still need them"])
def test_a_kept_hold_is_not_released(line):  # near misses
    assert writes(play(HELD + [line, "yes"], HOLD)) == ["hold_itinerary"]


# --- L11. a yes beside the traveller's approval: the summary asked again ------------------------------------------

THIRD_ASK = ["hey, my coworker Jonas asked me to double-check his trip, ref BK6N774U. his last name's Kowalski. is it "
             "actually booked or just reserved?", "ok and how many ppl on it? and if it's just held can you confirm it for him?"]


@pytest.mark.parametrize("line", ["yes please, he said it's fine", "yep go for it, he's ok with the price",
                                  "yep go for it, he said he's good with 2892", "yes please, my coworker is happy with it"])
def test_a_yes_beside_the_travellers_approval_asks_again(line):
    ep = play(THIRD_ASK + [line], THIRD)
    said = _after(ep, line)
    assert "plain yes" in said and "Shall I book it?" in said and "$2892 in total" in said and writes(ep) == []
    assert writes(play(THIRD_ASK + [line, "yes"], THIRD)) == ["book_flight", "cancel_booking"]


@pytest.mark.parametrize("line", ["yes, but he's not ok with the price", "he said it's fine"])
def test_no_yes_beside_a_traveller_remark_books_nothing(line):  # near misses
    assert writes(play(THIRD_ASK + [line, "ok"], THIRD)) == []


# --- L5. a trip already booked, asked after: a booking looked up ----------------------------------------------------

@pytest.mark.parametrize("line", ["I have a trip to Atlanta booked, is everything ok with it?", "is my trip still on",
                                  "Is my flight to Atlanta still going ahead?",
                                  "I want to know if my trip to Atlanta is still on.",
                                  "Just checking my Atlanta trip is still happening"])
def test_a_booked_trip_asked_after_is_looked_up(line):
    ep = play([line], STATUS)
    assert "booking reference" in _after(ep, line) and not _calls(ep, "search_flights")


def test_a_new_trip_to_a_city_is_still_searched():  # near miss
    line = "I want to book a trip to Atlanta"
    assert "Where will you be flying from" in _after(play([line], STATUS), line)


# --- L4. "I won't be travelling myself": a booking for another ----------------------------------------------------

@pytest.mark.parametrize("line", [
    "Good morning, this is Claire from Wanderlust Travel. I'm booking on behalf of a client, one adult, Istanbul to San "
    "Francisco on March 5th. I won't be travelling myself.",
    "I need a seat for a client, Istanbul to San Francisco on March 5th. I won't be travelling myself.",
    "Booking for a client, one adult, Istanbul to San Francisco on March 5th, I won't be flying myself.",
    "I won't be travelling myself, it's for my mum: one adult Istanbul to San Francisco on March 5th"])
def test_a_booking_for_another_is_searched(line):
    ep = play([line], ONE5)
    assert [(c["origin"], c["destination"], c["date"]) for c in _calls(ep, "search_flights")] == [
        ("IST", "SFO", "2026-03-05")]


def test_a_booked_trip_not_taken_is_still_a_cancellation():  # near miss
    line = "I won't be travelling, please cancel my booking"
    ep = play([line], ONE5)
    assert "booking reference" in _after(ep, line) and not _calls(ep, "search_flights")


# --- L14. a pick, then a lowercase name: both taken -------------------------------------------------------------------

def test_a_pick_then_a_name_alone_gives_both():
    for text, pick in (("2. mei mensah", 1), ("cheapest. mei mensah", "cheapest"), ("2. Mei Mensah", 1),
                       ("the first one, ana silva", 0), ("3) Ana Silva", 2)):
        p = parse(text, D.db)
        first, last = (w.capitalize() for w in text.split()[-2:])
        assert (text, p.selection, p.first_name, p.last_name) == (text, pick, first, last)
    for text in ("2. book it", "2. thanks", "june 2. mei mensah"):  # near misses: no name, or a date
        p = parse(text, D.db)
        assert (text, p.first_name, p.last_name) == (text, None, None)


@pytest.mark.parametrize("line,flight", [("2. mei mensah", "SA4389"), ("cheapest. mei mensah", "SA4389"),
                                         ("1. mei mensah", "SA1124")])
def test_a_pick_and_a_lowercase_name_are_held_after_a_yes(line, flight):
    msgs = ["yvr to fra may 24 2 ppl can u hold seats dont wanna pay rn", line]
    ep = play(msgs, HOLD)
    assert f"flight {flight}" in _after(ep, line) and "under the name Mei Mensah" in _after(ep, line) and writes(ep) == []
    assert [(c["flight_ids"], c["first_name"], c["last_name"]) for c in _calls(play(msgs + ["yes"], HOLD), "hold_itinerary")] \
        == [([flight], "Mei", "Mensah")]
