"""SkyAssist reference agent, findings of the thirty-third session's testers ``sky-customers-13``
(/work/h33/sky-customers-13/report.md, findings 1-6) and ``faults-11`` (/work/h33/faults-11/report.md, findings 1, 2
and 7), with the testers' words, other phrasings, and near misses that keep their old reading:

S1. a count corrected in the same breath ("5 of us, no sorry, 6", "6 people, sorry I mean 7") is the last number;
    a date corrected with "oh wait, I mean" is the last date;
S2. "It's me, Liam Walsh" at the lead-passenger question names the lead; it does not make the party one;
S3. "Liam Walsh, plus my wife Anna Walsh and 4 friends": the speaker names themself first and counts; the companion is
    not the lead;
S4. a labelled list of names ("Passengers: A B, C D") puts the first name listed on the booking;
S5. "now the other 3 on the business one" after a split books 3, not the previous booking's count;
S6. only some of a booking's travellers moving or leaving ("one of the two passengers needs to move", "take my wife
    off") is answered honestly: a change moves them all; nothing is searched or changed for the whole booking first;
F1. "call me Chloe" names the speaker; it adds no passenger ("Fatima Mwangi, but call me Fati" keeps the full name);
F2. "I'm Canadian" / "I'm Japanese" is no name;
F7. a name followed by " - thanks" / " - it's not urgent" is kept.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse, party_sizes
from tests.envs.skyassist.test_language import DB
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import mutated, play, searches

GROUP3 = D.scenario("group_booking", 3)  # YVR-FRA 2026-12-10: SA2227 Business first
HOLD5 = D.scenario("hold_request", 5)  # AMS-MAD 2026-03-21
SOLD5 = D.scenario("sold_out_flight", 5)  # SA6331 JFK-LAX 2026-07-31, 4 seats left; SA2491 Business
CHANGE5 = D.scenario("change_booking", 5)  # BKFKS7B2 Nguyen, 2 passengers, SA2534 2026-07-03
CANCEL1 = D.scenario("cancel_booking", 1)  # BK17WTAZ Costa, 2 passengers
ONE7 = D.scenario("one_way", 7)  # MIA-DOH
UNNAMED23 = D.scenario("unnamed_traveler", 23)  # IST-DEN 2026-07-15
ONE23 = D.scenario("one_way", 23)  # ATL-JFK 2026-10-31
URGENT23 = D.scenario("urgent_booking", 23)  # AMS-MAD 2026-03-21


def _booked(ep) -> dict:
    calls = _calls(ep, "book_flight") + _calls(ep, "hold_itinerary")
    assert len(calls) == 1, calls
    return calls[0]


# --- S1. a count corrected in the same breath ------------------------------------------------------------------

@pytest.mark.parametrize("line,n", [
    ("The 10th of December, and there'll be 5 of us, no sorry, 6, I forgot my nephew.", 6),  # the tester's
    ("December 10. We're 5, oh wait, 6 with my nephew.", 6),
    ("6 people, sorry I mean 7. December 10th.", 7),
    ("Vancouver to Frankfurt December 10 for 5 people, no wait, 6.", 6),
    ("Vancouver to Frankfurt December 10, 4 adults - sorry, make that 3 adults.", 3),
    ("three, no four", 4),  # as before
    ("2 adults, no kids", 2),  # near misses: no second number
    ("3 people, sorry for the bother", 3),
])
def test_a_count_corrected_in_the_same_breath_is_the_last_number(line, n):
    assert sorted(party_sizes(line)) == [n]


def test_the_corrected_count_is_booked():
    msgs = ["Hello, I'd like to fly from Vancouver to Frankfurt.",
            "The 10th of December, and there'll be 5 of us, no sorry, 6, I forgot my nephew.", "the first one",
            "Liam Walsh"]
    ep = play(msgs, GROUP3)
    assert "for 6 passengers" in _after(ep, "Liam Walsh")
    assert _booked(play(msgs + ["yes"], GROUP3))["passengers"] == 6


def test_a_date_corrected_with_oh_wait_i_mean_is_the_last_date():
    ep = play(["Miami to Doha, April 14 - oh wait, I mean June 9th. Just me, Maya Adeyemi."], ONE7)
    assert [d for *_, d in searches(ep)] == ["2026-06-09"]


# --- S2. "It's me, <name>" names the lead -----------------------------------------------------------------------

@pytest.mark.parametrize("answer", ["It's me, Liam Walsh.", "It is me. Liam Walsh.", "It's me. Liam Walsh, the group organiser.",
                                    "What do you mean lead passenger? It's me, Liam Walsh.",
                                    "that's me, Liam Walsh"])  # (worked before)
def test_its_me_with_a_name_keeps_the_party(answer):
    msgs = ["We are 6 people flying Vancouver to Frankfurt on December 10.", "the first one", answer]
    ep = play(msgs, GROUP3)
    assert "for 6 passengers" in _after(ep, answer) and "Liam Walsh" in _after(ep, answer)
    b = _booked(play(msgs + ["yes"], GROUP3))
    assert (b["passengers"], b["first_name"], b["last_name"]) == (6, "Liam", "Walsh")


@pytest.mark.parametrize("line", ["It's just me, Liam Walsh", "it's only me", "It's me.", "it's for me, Liam Walsh"])
def test_just_me_is_still_one(line):
    assert sorted(party_sizes(line)) == [1]


# --- S3. the speaker's own name first, then who comes along ------------------------------------------------------

@pytest.mark.parametrize("answer", ["Liam Walsh, plus my wife Anna Walsh and 4 friends",  # the tester's
                                    "me (Liam Walsh) and my wife Anna Walsh and four friends",
                                    "myself, Liam Walsh, with my wife Anna Walsh and 4 friends",
                                    "Liam Walsh plus my wife and 4 friends"])
def test_the_speaker_named_first_leads_and_counts(answer):
    msgs = ["We are 6 people flying Vancouver to Frankfurt on December 10.", "the first one", answer]
    b = _booked(play(msgs + ["yes"], GROUP3))
    assert (b["passengers"], b["first_name"], b["last_name"]) == (6, "Liam", "Walsh")


@pytest.mark.parametrize("answer", ["Hiroshi Novak, plus my sister Keiko Novak",  # the tester's (file f3b)
                                    "me (Hiroshi Novak) and my sister Keiko Novak",
                                    "It's me, Hiroshi Novak, and my sister Keiko.",
                                    "Hiroshi Novak, and my sister is Keiko Novak"])  # (worked before)
def test_the_companion_is_not_the_lead_of_a_hold(answer):
    p = parse(answer, DB, "name")
    assert (p.first_name, p.last_name) == ("Hiroshi", "Novak") and p.passengers in (None, 2)


@pytest.mark.parametrize("line,first,last", [
    ("for me and my wife Ana Lopez", "Ana", "Lopez"),  # near miss: no other name said, as before
    ("book for my wife Ana Lopez", "Ana", "Lopez"),
    ("only me, Ewa Kowalski", "Ewa", "Kowalski"),
])
def test_a_relative_named_alone_is_still_read(line, first, last):
    p = parse(line, DB, "name")
    assert (p.first_name, p.last_name) == (first, last)


def test_liam_walsh_dash_travelling_with_my_brother_keeps_the_lead():
    p = parse("Liam Walsh - travelling with my brother Sean Walsh", DB, "name")
    assert (p.first_name, p.last_name) == ("Liam", "Walsh")


# --- S4. a labelled list of names -------------------------------------------------------------------------------

CALENDAR = ("Can you book this for us? Copied from our team calendar:\n\nTeam offsite - Frankfurt\n"
            "When: Thursday, 10 December 2026\nDeparting: Vancouver (YVR)\n"
            "Attendees: Liam Walsh; Anna Berg; Tom Fox; Jia Li; Omar Said; Eva Novak\nOrganizer: Liam Walsh")


@pytest.mark.parametrize("line", ["Passengers: Liam Walsh, Anna Berg", "Names: Liam Walsh, Anna Berg",
                                  "Attendees: Liam Walsh; Anna Berg; Tom Fox; Jia Li; Omar Said; Eva Novak",
                                  "The travellers are Liam Walsh, Anna Berg, Tom Fox, Jia Li, Omar Said and Eva Novak",
                                  "Travellers: Liam Walsh and Anna Berg", CALENDAR,
                                  "Liam Walsh, Anna Berg", "Passenger: Liam Walsh"])  # (worked before)
def test_the_first_name_listed_is_the_lead(line):
    p = parse(line, DB)
    assert (p.first_name, p.last_name) == ("Liam", "Walsh")


def test_the_labelled_list_books_the_first_name_and_says_the_others_are_not_recorded():
    msgs = ["Vancouver to Frankfurt on December 10 please", "Passengers: Liam Walsh, Anna Berg", "the first one", "2"]
    ep = play(msgs, GROUP3)
    assert "can't record Anna Berg" in _after(ep, msgs[1])
    b = _booked(play(msgs + ["yes"], GROUP3))
    assert (b["passengers"], b["first_name"], b["last_name"]) == (2, "Liam", "Walsh")


# --- S5. "the other 3" after a split ----------------------------------------------------------------------------

SPLIT = ["Hello, my daughter sent me this: 'Mom, please book flight SA6331 New York to LA on July 31 for all 7 of us.' "
         "Can you do that? I'm Olga OBrien.", "can you split us, 4 on this one and 3 on another?", "yes"]


@pytest.mark.parametrize("line", ["and now the other 3 on the business one please",  # the tester's
                                  "ok now the other three on the business one",
                                  "now the remaining 3 people on SA2491"])  # (worked before)
def test_the_rest_of_a_split_party_is_booked_for_its_own_count(line):
    ep = play(SPLIT + [line, "yes"], SOLD5)
    second = _calls(ep, "book_flight")[-1]
    assert second["passengers"] == 3 and second["flight_ids"] == ["SA2491"]


@pytest.mark.parametrize("line", ["the other one please", "the other 2 options"])
def test_the_other_one_is_no_count(line):
    assert parse(line, DB).passengers is None


# --- S6. only some of a booking's travellers --------------------------------------------------------------------

@pytest.mark.parametrize("line", [
    "Booking BKFKS7B2, Nguyen. One of the two passengers needs to move to August 16.",  # the tester's
    "Booking BKFKS7B2, Nguyen. Only my husband needs to change to August 16, I keep my flight.",
    "Hi, booking BKFKS7B2, Ingrid Nguyen. My husband still goes on July 3 but I have to go on August 16 instead. "
    "Can you change mine?",  # (file f6b)
    "Booking BKFKS7B2, Nguyen. Can you split the booking? I need to fly August 16, he stays on the 3rd of July.",
    "Booking BKFKS7B2, Nguyen. Just one of us has to fly on August 16 instead.",  # (worked before)
])
def test_moving_only_some_passengers_is_said_honestly(line):
    ep = play([line], CHANGE5)
    said = _after(ep, line)
    assert "can't remove passengers" in said and "move it for the 2 passengers as they are" in said
    assert searches(ep) == [] and mutated(ep) == []


@pytest.mark.parametrize("line", [
    "Booking BK17WTAZ, surname Costa. Can I reduce it from 2 passengers to 1?",  # the tester's (file f12)
    "Booking BK17WTAZ, surname Costa. Just take my wife off, I still fly on the same flight.",
    "Booking BK17WTAZ, surname Costa. Please change it, take one passenger off the booking.",
])
def test_taking_a_passenger_off_is_said_honestly(line):
    ep = play([line], CANCEL1)
    assert "can't remove passengers" in _after(ep, line) and mutated(ep) == []


def test_a_whole_booking_move_is_unchanged():  # near miss
    line = "Booking BKFKS7B2, Nguyen. Please move it to August 16."
    ep = play([line], CHANGE5)
    assert "can't remove passengers" not in _after(ep, line) and searches(ep)[0][2] == "2026-08-16"


@pytest.mark.parametrize("line", ["I still keep my booking, thanks", "I'd like to keep my booking", "the first one"])
def test_keeping_the_booking_is_no_part_of_the_party(line):
    assert not parse(line, DB).part_of_party


# --- faults-11 F1. "call me X" -----------------------------------------------------------------------------------

def test_call_me_adds_no_passenger():
    msgs = ["Hey! Could you book me a seat from Istanbul to Denver on July 15th? It's just me travelling.",
            "The first one sounds good.", "You can just call me Chloe, I'd prefer not to give my surname.", "Mensah"]
    ep = play(msgs, UNNAMED23)
    assert "2 passengers" not in _after(ep, msgs[2]) and "for 1 passenger" in _after(ep, "Mensah")
    assert _booked(play(msgs + ["yes"], UNNAMED23))["passengers"] == 1


@pytest.mark.parametrize("line,first,last", [
    ("people call me Fatima, surname Mwangi", "Fatima", "Mwangi"),
    ("Fatima Mwangi, but call me Fati", "Fatima", "Mwangi"),
    ("just call me Fatima Mwangi", "Fatima", "Mwangi"),
    ("call me Chloe", "Chloe", None),
])
def test_call_me_names_the_speaker(line, first, last):
    p = parse(line, DB, "name")
    assert (p.first_name, p.last_name) == (first, last) and p.passengers is None


# --- faults-11 F2. a nationality is no name ----------------------------------------------------------------------

@pytest.mark.parametrize("line", ["Atlanta to New York October 31st, only me, I'm Canadian",
                                  "I'm Japanese but in dollars is fine, how much is the cheapest one?",
                                  "I'm Canadian, so how much is the cheapest one?", "I am Australian"])
def test_a_nationality_is_no_name(line):
    p = parse(line, DB)
    assert p.first_name is None and p.last_name is None


def test_hi_im_chloe_is_still_a_name():  # near miss
    assert parse("Hi I'm Chloe", DB).first_name == "Chloe"


def test_a_nationality_never_reaches_the_booking():
    ep = play(["Atlanta to New York October 31st, only me, I'm Canadian", "2"], ONE23)
    assert "Canadian" not in _after(ep, "2")


# --- faults-11 F7. a name followed by " - <words>" ---------------------------------------------------------------

@pytest.mark.parametrize("line", ["Amsterdam to Madrid 21 March for 2, Ravi Tanaka - it's not urgent",
                                  "Amsterdam to Madrid 21 March for 2, Ravi Tanaka - thanks"])
def test_a_name_before_a_dash_is_kept(line):
    ep = play([line, "the first one"], URGENT23)
    assert "under the name Ravi Tanaka" in _after(ep, "the first one")


@pytest.mark.parametrize("answer", ["I'm Fatima Mwangi - thanks!", "Ravi Tanaka - thank you"])
def test_a_name_answer_with_thanks_after_a_dash_is_read(answer):
    p = parse(answer, DB, "name")
    assert p.first_name and p.last_name and not p.name_doubt


def test_a_name_after_a_dash_is_still_read():  # as before
    p = parse("Miami to Doha, 14 April, just me - Maya Adeyemi", DB)
    assert (p.first_name, p.last_name) == ("Maya", "Adeyemi")
