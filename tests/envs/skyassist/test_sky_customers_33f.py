"""SkyAssist reference agent, findings of the tester ``sky-customers-14`` (/work/h33/sky-customers-14/report.md)
taken up in the thirty-third session (4-7, 9-12, 15-17, 20), with the tester's words, other phrasings, and the near
misses that must keep their old reading:

4. a split said share by share ("the first four on SA6331 then, and the remaining 3 on a later flight"): this
   booking's share is the first one said, never the rest's number;
5. the rest of a split group after the first share is booked ("the leftover three", "the rest (3)"): its own count,
   never the count of the booking before;
6. the speaker and a number of others ("Liam Walsh & 5 others", "the other 5 are colleagues", "+ 5 colleagues"):
   the others and the speaker;
7. a relative change at the summary ("make it one fewer", "take one seat off", "make it one extra"): applied to the
   count in hand and summarised again, never a count of 1;
9. a count corrected in the same breath in other words ("5 of us - correction, 6", "5 ppl.. make it 6 tbh"): the
   last number;
10. any label closed by a colon before a list of names ("Group members:", "Flyers:", "Party:"): the first is the lead;
11. "<name>; my sister's name is <name>", "<name> & sis <name>": the speaker is the lead, not the sister;
12. "yours truly, Liam Walsh": the name is Liam Walsh, never "Yours Truly".

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent; nothing here is
written without a yes.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_language import DB
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import mutated
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play

SOLD5 = D.scenario("sold_out_flight", 5)  # SA6331 JFK-LAX 2026-07-31 seats 4 of 7; SA2491 10:30 Business 15 seats
GROUP3 = D.scenario("group_booking", 3)  # YVR-FRA 2026-12-10, 6 passengers; SA2227 Business 8 seats
HOLD5 = D.scenario("hold_request", 5)  # AMS-MAD 2026-03-21, 2 passengers


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


def booked(ep) -> list[dict]:
    return _calls(ep, "book_flight") + _calls(ep, "hold_itinerary")


SOLD_FIRST = "Hello, I need flight SA6331 New York to LA on July 31 for all 7 of us. I'm Olga OBrien."
GROUP_FIRST = "We are 6 people flying Vancouver to Frankfurt on December 10."
GROUP_LEAD = "Vancouver to Frankfurt on December 10 for 6 of us, lead Liam Walsh"
HOLD_FIRST = "Hi, Amsterdam to Madrid on 21 March for me and my sister, so 2 of us, please hold it, don't pay yet"


# --- 4. a split said share by share ---------------------------------------------------------------------------------

@pytest.mark.parametrize("line", [
    "Put the first four on SA6331 then, and the remaining 3 on a later flight",  # the tester's
    "4 on SA6331 and the remaining 3 on the business one",  # the tester's
    "the first 4 on SA6331, and the rest on another flight",
    "4 of us on SA6331 please and the other 3 on a later one",
    "book 4 of us on SA6331, the other 3 can go business",  # near miss (worked before)
])
def test_4_a_split_books_the_first_share_on_the_flight_named(line):
    ep = play([SOLD_FIRST, line, "yes"], SOLD5)
    assert "for 4 passengers" in _after(ep, line)
    assert [(c["flight_ids"], c["passengers"]) for c in booked(ep)] == [(["SA6331"], 4)]


@pytest.mark.parametrize("line", ["Put the first four on SA6331 then, and the remaining 3 on a later flight",
                                  "4 on SA6331 and the leftover 3 on the business one",
                                  "The first 4 on that flight please, and the other 3 we'll sort after"])
def test_4_the_first_share_is_read(line):
    assert parse(line, DB).passengers == 4


@pytest.mark.parametrize("line, n", [("now the other 3 on SA2491", 3),  # near misses: the rest alone is the count
                                     ("leaving at 10 on 5 May and the other one", None)])
def test_4_the_rest_alone_keeps_its_count(line, n):
    assert parse(line, DB).passengers == n


def test_4_a_split_on_another_flight_than_the_one_named_still_lists():  # near miss (sky-customers-13, D)
    line = "Oh dear. What do you mean only 4? Well, could you book 4 on that one and the other 3 on another flight?"
    ep = play([SOLD_FIRST, line], SOLD5)
    assert "for 3 passengers" not in _after(ep, line) and mutated(ep) == []


# --- 5. the rest of a split group after the first share ------------------------------------------------------------

@pytest.mark.parametrize("line", [
    "the leftover three on the business one",  # the tester's
    "and the rest (3) on the business flight pls",  # the tester's
    "now the leftover 3 on SA2491",
    "the others (3) on SA2491 please",
    "now the other 3 on SA2491",  # near miss (worked before)
])
def test_5_the_rest_of_a_split_is_its_own_count(line):
    ep = play([SOLD_FIRST, "book 4 of us on SA6331, the other 3 can go business", "yes", line, "yes"], SOLD5)
    assert "for 3 passengers" in _after(ep, line)
    assert [(c["flight_ids"], c["passengers"]) for c in booked(ep)] == [(["SA6331"], 4), (["SA2491"], 3)]


# --- 6. the speaker and N others -----------------------------------------------------------------------------------

@pytest.mark.parametrize("line", [
    "it's me, Liam Walsh, and the other 5 are colleagues",  # the tester's
    "Liam Walsh & 5 others",  # the tester's
    "Liam Walsh + 5 colleagues",  # the tester's
    "me, Liam Walsh. The rest are 5 colleagues",
    "It's me, Liam Walsh - the others are 5 friends from uni",
    "Liam Walsh and five others from work",
    "it's me, Liam Walsh, and 5 colleagues",  # near misses (worked before)
    "Liam Walsh here, it's for me and 5 mates",
])
def test_6_the_speaker_and_n_others_is_n_plus_one(line):
    ep = play([GROUP_FIRST, "the first one", line, "yes"], GROUP3)
    assert [(c["passengers"], c["first_name"], c["last_name"]) for c in booked(ep)] == [(6, "Liam", "Walsh")]


@pytest.mark.parametrize("line, n", [("Liam Walsh & 5 others", 6), ("Liam Walsh + 5 colleagues", 6),
                                     ("me and 2 others", 3), ("5 of us, Liam Walsh", 5),
                                     ("Liam Walsh, 5 passengers", 5), ("now the other 3 on SA2491", 3)])
def test_6_counts(line, n):
    p = parse(line, DB, "name")
    assert p.passengers == n


# --- 7. a relative change at the summary ---------------------------------------------------------------------------

@pytest.mark.parametrize("line, n", [
    ("make it one fewer", 5),  # the tester's
    ("make it one passenger less", 5),
    ("take one seat off", 5),
    ("make it one extra", 7),
    ("make it two more", 8),
    ("one less please", 5),  # near misses (worked before)
    ("one more seat pls", 7),
    ("make it 4", 4),
])
def test_7_a_relative_change_at_the_summary_applies_to_the_count(line, n):
    ep = play([GROUP_LEAD, "the first one", line, "yes"], GROUP3)
    assert f"for {n} passengers" in _after(ep, line)
    assert [c["passengers"] for c in booked(ep)] == [n]


# --- 9. a count corrected in the same breath ------------------------------------------------------------------------

@pytest.mark.parametrize("line, n", [
    ("Vancouver to Frankfurt 10 Dec, 5 of us - correction, 6", 6),  # the tester's
    ("Vancouver to Frankfurt 10 Dec. 5 ppl.. make it 6 tbh", 6),  # the tester's
    ("5 people, edit: 6 people", 6),
    ("for 5, typo, 6", 6),
    ("5 of us, make it 6", 6),
    ("5 of us, not 6", 5),  # near misses
    ("for 6, sorry 5, my brother cancelled", 5),
    ("5 adults, no kids", 5),
    ("5 of us, make it business class", 5),
])
def test_9_a_count_corrected_in_the_same_breath(line, n):
    assert parse(line, DB).passengers == n


def test_9_the_corrected_count_is_booked():
    ep = play(["Vancouver to Frankfurt 10 Dec, 5 of us - correction, 6", "the first one", "Liam Walsh", "yes"], GROUP3)
    assert [c["passengers"] for c in booked(ep)] == [6]


# --- 10. a labelled list of names -----------------------------------------------------------------------------------

@pytest.mark.parametrize("line", [
    "Group members: Liam Walsh, Anna Berg",  # the tester's
    "Flyers: Liam Walsh, Anna Berg",  # the tester's
    "Party: Liam Walsh, Anna Berg",  # the tester's
    "Who's going: Liam Walsh and Anna Berg",
    "Travellers: Liam Walsh / Anna Berg",
    "Pax: Liam Walsh, Anna Berg",  # near miss (worked before)
])
def test_10_a_labelled_list_makes_the_first_name_the_lead(line):
    ep = play(["Vancouver to Frankfurt on December 10 please", line, "the first one", "2", "yes"], GROUP3)
    assert [(c["first_name"], c["last_name"]) for c in booked(ep)] == [("Liam", "Walsh")]


@pytest.mark.parametrize("line", ["Route: New York, Los Angeles", "From: New York, To: Los Angeles"])
def test_10_places_after_a_label_are_no_names(line):  # near misses
    p = parse(line, DB)
    assert (p.first_name, p.last_name) == (None, None)


# --- 11. the speaker, then a relative by name -----------------------------------------------------------------------

@pytest.mark.parametrize("line", [
    "Hiroshi Novak; my sister's name is Keiko Novak",  # the tester's
    "Hiroshi Novak & sis Keiko Novak",  # the tester's
    "Hiroshi Novak. My sister's name is Keiko Novak",
    "Hiroshi Novak and wife Keiko Novak",
    "Hiroshi Novak, along with my sister Keiko Novak",  # near miss (worked before)
])
def test_11_the_speaker_is_the_lead_not_the_relative(line):
    ep = play([HOLD_FIRST, "the first one", line, "yes"], HOLD5)
    assert [(c["first_name"], c["last_name"]) for c in booked(ep)] == [("Hiroshi", "Novak")]


def test_11_a_relatives_name_alone_is_still_read():  # near miss: no other name said
    p = parse("my wife's name is Ana Lopez", DB, "name")
    assert (p.first_name, p.last_name) == ("Ana", "Lopez")


# --- 12. "yours truly" ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("line", ["yours truly, Liam Walsh",  # the tester's
                                  "it's yours truly, Liam Walsh", "Yours Truly - Liam Walsh", "yours truly Liam Walsh"])
def test_12_yours_truly_is_the_speaker_not_a_name(line):
    ep = play([GROUP_FIRST, "the first one", line, "yes"], GROUP3)
    assert [(c["first_name"], c["last_name"]) for c in booked(ep)] == [("Liam", "Walsh")]


# --- 15. paying later is no travel date -----------------------------------------------------------------------------

ROUND2 = D.scenario("round_trip", 2)  # LHR-MAD 2026-05-04, SA4790
CANCELLED5 = D.scenario("cancelled_flight", 5)  # SA2534 JFK-ATL 2026-07-03
CHANGE5 = D.scenario("change_booking", 5)  # BKFKS7B2 Nguyen; Aug 16: SA1576 10:30 Economy; nothing on Aug 17
LONDON = "London to Madrid on 4 May, 3 of us, Fatima Novak"


@pytest.mark.parametrize("line, lapsed", [
    ("hold it, I'll call back on Monday to pay", True),  # the tester's
    ("put it on hold, I get paid on Friday", True),  # the tester's
    ("Hold pls, will confirm tmrw", False),  # the tester's
    ("hold it please, I'll pay on Thursday", True),
    ("can you hold it? I'll confirm on Friday", True),
    ("Hold it please, I'll confirm tomorrow", False),  # near miss (worked before)
])
def test_15_paying_later_is_no_travel_date(line, lapsed):
    ep = play([LONDON, "1", line, "yes"], ROUND2)
    reply = _after(ep, line)
    assert "Shall I place the hold?" in reply and "SA4790" in reply
    assert ("will have lapsed" in reply) is lapsed  # the hold lasts 24 hours: a later payment day is said to be too late
    assert [c["flight_ids"] for c in _calls(ep, "hold_itinerary")] == [["SA4790"]]
    assert not any(c["date"] != "2026-05-04" for c in _calls(ep, "search_flights"))


@pytest.mark.parametrize("line, date", [("London to Madrid on Friday", "2026-03-06"),  # near misses: travel dates
                                        ("I want to fly Monday, can I pay later?", "2026-03-09"),
                                        ("fly Monday and I'll pay now", "2026-03-09")])
def test_15_a_travel_day_beside_paying_is_still_read(line, date):
    assert parse(line, DB).dates == [date]


# --- 16. a flight of an earlier listed date named by its number -----------------------------------------------------

def test_16_a_flight_of_a_listed_date_by_number_is_no_false_nothing_to_offer():
    line = "ok SA1576 then"
    ep = play(["Booking BKFKS7B2, Nguyen. Need to move it to 16 August", "what about 17 August instead?", line], CHANGE5)
    reply = _after(ep, line)
    assert "no flights to offer" not in reply and "SA1576" in reply
    assert mutated(ep) == []


# --- 17. a status question about a flight by number -----------------------------------------------------------------

@pytest.mark.parametrize("line", ["Is my flight tomorrow on time, SA2534?",  # the tester's
                                  "SA2534 - is it running today?",  # the tester's
                                  "is SA2534 on schedule for tomorrow?",
                                  "Any delays on SA2534 today?"])
def test_17_a_status_question_with_a_day_starts_no_booking(line):
    ep = play([line], CANCELLED5)
    reply = _after(ep, line)
    assert "You picked" not in reply and "How many passengers" not in reply
    assert "departs on 2026-07-03" in reply  # the day said is not the flight's, which is said
    assert _calls(ep, "search_flights") == [] and mutated(ep) == []


def test_17_a_booking_with_a_day_still_books():  # near miss
    ep = play(["book SA2534 tomorrow"], CANCELLED5)
    assert "How many passengers" in _after(ep, "book SA2534 tomorrow")


# --- 20. "N on this one, M on the <time> <cabin>" after a flight named by number ------------------------------------

def test_20_the_rest_on_another_cabin_is_no_false_sold_out():
    line = "ok 4 on this one, 3 on the 10:30 business"  # the tester's
    ep = play([SOLD_FIRST, line, "yes"], SOLD5)
    reply = _after(ep, line)
    assert "no Business seat left" not in reply and "for 4 passengers" in reply
    assert [(c["flight_ids"], c["passengers"]) for c in booked(ep)] == [(["SA6331"], 4)]


@pytest.mark.parametrize("line", ["the 10:30 business then", "ok the business one at 10:30"])
def test_20_a_cabin_the_named_flight_lacks_offers_the_search(line):
    ep = play([SOLD_FIRST, line], SOLD5)
    reply = _after(ep, line)
    assert "no Business seat left" not in reply and "is Premium Economy, not Business" in reply
    assert "look for other flights" in reply and mutated(ep) == []
