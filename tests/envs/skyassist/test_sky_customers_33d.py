"""SkyAssist reference agent, severity-3 findings of the tester ``sky-customers-13`` (/work/h33/sky-customers-13/report.md)
taken up in the thirty-third session, with the tester's words, other phrasings, and the near misses that must keep
their old reading:

A. "<cabin> at <time>" at a listing ("economy at 11:30", "premium economy at 5:30 please", "economy 11:30"): a pick of
   the flight leaving then, in that cabin; a cabin that the flight at that time is not in is said, never swapped;
B. a pick followed by a question ("the 10:30 one please. Is that a direct flight?", "first one please, and can I get
   a window seat?"): the pick is taken, and the question answered with what the agent knows;
C. the route direction: "The conference is in Doha ... I'm in Miami" (the origin is where the customer is), labelled
   fields ("From: London, Via: Dubai, To: San Francisco"), and a route corrected in the same breath ("Doha to Miami,
   sorry, I mean Miami to Doha"), which takes the last;
D. "book 4 on that one and the other 3 on another flight" after a flight found by its number could only seat 4: never
   "Those are the flights I found" when no flights were listed, and never a summary for 3 on the flight that seats 4;
E. two booking ids in one message where the customer says which one to act on ("BK.. stays. Cancel BK..", "cancel
   the second", "cancel BK.., not BK.."): that one is looked up; and the surname that answers "the last name on the
   booking?" wins over the speaker introducing themselves after it ("It's Mensah. I'm Aisha Adeyemi");
F. "My wife can't come anymore, can you take her off the booking?" with a booking id: the booking is looked up and
   the agent says honestly that it cannot remove a passenger, never a new booking;
G. a name answer that implies another count than the one said ("We are 6" ... "Liam Walsh - travelling with my
   brother Sean Walsh"): the count is asked, never changed in silence.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent; nothing here is
written without a yes.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_language import DB
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import mutated, searches
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play

ONE7 = D.scenario("one_way", 7)  # MIA-DOH 2026-04-14: SA9811 09:15 PE sold out, SA4678 11:30 Economy, SA7058 cancelled
MULTI5 = D.scenario("multi_leg", 5)  # LHR-DXB-SFO 2026-04-14
CHANGE5 = D.scenario("change_booking", 5)  # BKFKS7B2 Nguyen, 2 passengers, JFK-ATL; Aug 16: SA1576 10:30 Economy
SOLD5 = D.scenario("sold_out_flight", 5)  # SA6331 JFK-LAX 2026-07-31 seats 4 of 7
THIRD5 = D.scenario("third_party_booking", 5)  # BKQTOZCR Adeyemi (own), BKXPZBA5 Mensah (colleague)
CANCEL1 = D.scenario("cancel_booking", 1)  # BK17WTAZ Costa, 2 passengers
GROUP3 = D.scenario("group_booking", 3)  # YVR-FRA 2026-12-10, 6 passengers
FLEX5 = D.scenario("flexible_dates", 5)  # DXB-AMS


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


MIAMI = "I need a flight from Miami to Doha on April 14, just me, Maya Adeyemi."
LONDON = "From London, via Dubai, to San Francisco. 14 April, 2 passengers, Arjun Cohen"
MOVE = "Hello, I have a booking BKFKS7B2 and my name is Ingrid Nguyen. I need to move it to August 16."


# --- A. "<cabin> at <time>" ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("line", ["economy at 11:30",  # the tester's
                                  "the economy at 11:30 please", "Economy at 11.30", "economy 11:30",
                                  "economy class at 11:30", "the economy seat at 11:30", "economy, 11:30"])
def test_a_cabin_at_a_time_picks_that_flight(line):
    ep = play([MIAMI, line], ONE7)
    assert "You picked SA4678" in _after(ep, line)
    assert "did not catch" not in _after(ep, line)
    assert mutated(ep) == []


@pytest.mark.parametrize("line, fid", [("economy at 05:10", "SA3350"), ("premium economy at 05:30", "SA7774"),
                                       ("the premium economy at 5:30 please", "SA7774")])
def test_a_cabin_at_a_time_picks_on_a_connection(line, fid):
    ep = play([LONDON, line], MULTI5)
    reply = _after(ep, line)
    assert fid in reply and "did not catch" not in reply  # (Premium Economy is then refused: no seats on leg 2)


def test_a_cabin_at_a_time_picks_in_a_change():
    ep = play([MOVE, "the economy at 10:30"], CHANGE5)
    reply = _after(ep, "the economy at 10:30")
    assert "SA1576" in reply and "did not catch" not in reply
    assert mutated(ep) == []


@pytest.mark.parametrize("line", ["premium economy at 11:30", "business at 11:30"])
def test_a_cabin_the_flight_at_that_time_is_not_in_is_said_not_swapped(line):
    ep = play([MIAMI, line], ONE7)
    reply = _after(ep, line)
    assert "You picked" not in reply and "Shall I book" not in reply
    assert "SA4678" in reply and "Economy" in reply  # what leaves then, in its own cabin
    assert mutated(ep) == []


def test_a_time_alone_still_picks():  # near miss
    ep = play([MIAMI, "the one at 11:30"], ONE7)
    assert "You picked SA4678" in _after(ep, "the one at 11:30")


# --- B. a pick followed by a question ------------------------------------------------------------------------------

@pytest.mark.parametrize("line", ["The second one please. Is it a direct flight?",  # the tester's
                                  "the 11:30 one please. Is that a direct flight?",
                                  "Option 2. Does it stop anywhere?"])
def test_a_pick_then_a_question_about_stops_picks_and_answers(line):
    ep = play([MIAMI, line], ONE7)
    reply = _after(ep, line)
    assert "You picked SA4678" in reply
    assert "is a direct flight, with no stops" in reply  # every SkyAssist flight is one direct hop
    assert mutated(ep) == []


@pytest.mark.parametrize("line, thing", [("The second one. Can I bring my walking stick on board?", "walking stick"),
                                         ("second one please, and can I get a window seat?", "seat selection"),
                                         ("The second one. Will the two of us sit together?", "seat selection")])
def test_a_pick_then_another_question_picks_and_says_what_it_knows(line, thing):
    ep = play([MIAMI, line], ONE7)
    reply = _after(ep, line)
    assert "You picked SA4678" in reply and thing in reply
    assert "Noted, 2 passengers" not in reply
    assert mutated(ep) == []


def test_a_flight_id_then_a_question_is_answered_too():
    line = "SA4678 please. Is it a direct flight?"
    ep = play([MIAMI, line], ONE7)
    reply = _after(ep, line)
    assert "You picked SA4678" in reply and "direct flight" in reply


@pytest.mark.parametrize("line", ["the morning one at 10:30 please. Will my husband still be on it too?",  # the tester's
                                  "The 10:30 please. My husband stays on the booking, right?"])
def test_a_pick_in_a_change_then_whether_the_others_stay(line):
    ep = play([MOVE, line], CHANGE5)
    reply = _after(ep, line)
    assert "SA1576" in reply and "2 passengers" in reply
    assert "can't help with that" not in reply
    assert mutated(ep) == []


def test_a_pick_then_a_question_about_baggage():
    first = ("Hello. We are three, me Leila Hernandez and my two boys. We want to go from Dubai to Amsterdam on "
             "the 31st of October.")
    line = "The cheaper one. Do we need to pay for the boys' suitcases?"
    ep = play([first, line], FLEX5)
    reply = _after(ep, line)
    assert "You picked" in reply and "baggage" in reply


@pytest.mark.parametrize("line", ["Is the second one a direct flight?", "is option 2 refundable?"])
def test_a_question_about_an_option_still_picks_nothing(line):  # near misses
    ep = play([MIAMI, line], ONE7)
    assert "You picked" not in _after(ep, line)


def test_a_pick_then_a_price_question_keeps_its_reading():  # near miss: the price asked is answered as before
    line = "the second one, what's the grand total?"
    ep = play([MIAMI, line], ONE7)
    assert "$862" in _after(ep, line)


# --- C. the route direction -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("first", [
    "The conference is in Doha on April 14 and I'm in Miami. Just me, Maya Adeyemi.",  # the tester's
    "Doha conference, flying out April 14. I'm based in Miami. Just me, Maya Adeyemi.",
    "My meeting is in Doha on April 14, I live in Miami. Just me, Maya Adeyemi.",
    "Doha to Miami, sorry, I mean Miami to Doha, April 14, just me, Maya Adeyemi.",  # the tester's
    "Doha to Miami - no wait, Miami to Doha. April 14, just me, Maya Adeyemi.",
])
def test_the_origin_is_where_the_customer_is(first):
    ep = play([first], ONE7)
    assert searches(ep)[:1] == [("MIA", "DOH", "2026-04-14")]


@pytest.mark.parametrize("text, origin, destination", [
    ("I'm in Doha for a conference and need to fly home to Miami on April 14", "DOH", "MIA"),  # near misses
    ("I need to get to Doha, I'm in Miami, April 14", "MIA", "DOH"),
    ("Miami to Doha please, April 14", "MIA", "DOH"),
])
def test_route_near_misses_keep_their_reading(text, origin, destination):
    p = parse(text, DB)
    assert (p.origin, p.destination) == (origin, destination)


@pytest.mark.parametrize("first", [
    "From: London, Via: Dubai, To: San Francisco. 14 April, 2 passengers, Arjun Cohen",  # the tester's
    "- From: London\n- Via: Dubai\n- To: San Francisco\n14 April, 2 passengers, Arjun Cohen",
    "Connecting in: Dubai. From: London. To: San Francisco. 14 April, 2 passengers, Arjun Cohen",
])
def test_labelled_route_fields(first):
    ep = play([first], MULTI5)
    assert searches(ep)[:2] == [("LHR", "DXB", "2026-04-14"), ("DXB", "SFO", "2026-04-14")]


# --- D. a split asked after a flight found by its number -----------------------------------------------------------

SOLD_FIRST = ("Hello, my daughter sent me this: 'Mom, please book flight SA6331 New York to LA on July 31 for all 7 of "
              "us.' Can you do that? I'm Olga OBrien.")


@pytest.mark.parametrize("line", [
    "Oh dear. What do you mean only 4? Well, could you book 4 on that one and the other 3 on another flight?",  # tester
    "Could we do 4 on that one and 3 on a different flight?",
    "What do you mean only 4? Put 4 on it and find another flight for the rest",
])
def test_a_split_after_a_flight_found_by_number_says_nothing_false(line):
    ep = play([SOLD_FIRST, line], SOLD5)
    reply = _after(ep, line)
    assert "Those are the flights I found" not in reply
    assert "for 3 passengers" not in reply  # never the flight that seats 4 summarised for the other 3
    assert mutated(ep) == []


def test_what_else_that_day_still_lists():  # near miss
    line = "hmm ok, what else is there that day?"
    ep = play([SOLD_FIRST, line], SOLD5)
    assert "I found" in _after(ep, line)


# --- E. two booking ids, one to act on ------------------------------------------------------------------------------

@pytest.mark.parametrize("line", [
    "Booking BKXPZBA5 for Kwame Mensah stays. Cancel BKQTOZCR, surname Adeyemi.",  # the tester's
    "I have BKXPZBA5 and BKQTOZCR, cancel the second one. Surname Adeyemi.",
    "Cancel BKQTOZCR, not BKXPZBA5. Surname Adeyemi.",
    "Hi, I'm Aisha Adeyemi. My colleague Kwame Mensah (BKXPZBA5) is keeping his trip, but I need to cancel mine, "
    "BKQTOZCR.",
    "Please keep BKXPZBA5 as it is and cancel BKQTOZCR. My surname is Adeyemi.",
])
def test_the_booking_said_to_act_on_is_looked_up(line):
    ep = play([line], THIRD5)
    if "last name on the booking" in _after(ep, line):  # (a colleague named: the last name is asked first)
        ep = play([line, "Adeyemi"], THIRD5)
    looked = _calls(ep, "lookup_booking")
    assert looked and looked[0]["booking_id"] == "BKQTOZCR"
    assert mutated(ep) == []  # a cancellation still waits for a yes


@pytest.mark.parametrize("line", [
    "Please cancel my booking BKQTOZCR. Not my colleague Kwame Mensah's one, BKXPZBA5. Surname Adeyemi.",  # near miss
    "Cancel BKQTOZCR please, surname Adeyemi. And what time does BKXPZBA5 leave?",
])
def test_the_first_booking_still_wins_when_nothing_says_otherwise(line):
    ep = play([line], THIRD5)
    assert _calls(ep, "lookup_booking")[0]["booking_id"] == "BKQTOZCR"


def test_cancel_the_first_of_two_is_the_first():
    ep = play(["I have BKQTOZCR and BKXPZBA5, cancel the first one. Surname Adeyemi."], THIRD5)
    assert _calls(ep, "lookup_booking")[0]["booking_id"] == "BKQTOZCR"


# --- F. taking one passenger off a booking --------------------------------------------------------------------------

@pytest.mark.parametrize("line", [
    "Hi, booking BK17WTAZ, Jonas Costa. My wife can't come anymore, can you take her off the booking? I'm still flying.",
    "BK17WTAZ, Costa. My wife is not coming anymore, please remove her from the booking. I still fly.",
    "Booking BK17WTAZ under Costa - my son can't travel now, can you take him off? I'm still going.",
])
def test_taking_someone_off_a_booking_looks_it_up_and_says_it_cannot(line):
    ep = play([line], CANCEL1)
    reply = _after(ep, line)
    assert _calls(ep, "lookup_booking")
    assert "can't remove passengers" in reply or "can't move or remove only some" in reply
    assert "How many passengers" not in reply and "Where would you like to fly" not in reply
    assert mutated(ep) == []


def test_a_whole_cancellation_for_a_wife_who_cannot_come_is_still_a_cancellation():  # near miss
    line = "Booking BK17WTAZ, surname Costa. My wife can't come, so please cancel the whole booking."
    ep = play([line], CANCEL1)
    assert "cancel" in _after(ep, line).lower()
    assert mutated(ep) == []


# --- G. a name answer implying another count ------------------------------------------------------------------------

GROUP_FIRST = "We are 6 people flying Vancouver to Frankfurt on December 10."


@pytest.mark.parametrize("line", ["Liam Walsh - travelling with my brother Sean Walsh",  # the tester's
                                  "Liam Walsh, with my wife Anna",
                                  "It's Liam Walsh and my brother Sean Walsh"])
def test_a_name_implying_another_count_is_asked_never_changed_silently(line):
    ep = play([GROUP_FIRST, "the first one", line], GROUP3)
    reply = _after(ep, line)
    assert "for 2 passengers" not in reply
    if "for 6 passengers" in reply:  # the count kept (the companion read as one of the 6)
        return
    assert "6" in reply and "How many" in reply
    ep = play([GROUP_FIRST, "the first one", line, "6"], GROUP3)
    assert "for 6 passengers" in _after(ep, "6")
    ep = play([GROUP_FIRST, "the first one", line, "just the 2 of us now"], GROUP3)
    assert "for 2 passengers" in _after(ep, "just the 2 of us now")
    assert mutated(ep) == []


@pytest.mark.parametrize("line", ["Liam Walsh", "Liam Walsh, plus my wife Anna Walsh and 4 friends",
                                  "Liam Walsh. We are only 2 now, me and my brother."])
def test_a_name_with_the_count_it_says_keeps_its_reading(line):  # near misses
    ep = play([GROUP_FIRST, "the first one", line], GROUP3)
    n = 2 if "only 2" in line else 6
    assert f"for {n} passengers" in _after(ep, line)


FORWARD = ("Hi, my colleague Kwame forwarded me his booking so I can check the time for him: From: Kwame Mensah, Fwd: "
           "Booking BKXPZBA5. Hey Aisha, can you check what time this leaves? Thx")


@pytest.mark.parametrize("line", ["It's Mensah. I'm Aisha Adeyemi, his colleague.",  # the tester's
                                  "Mensah. And I am Aisha Adeyemi.", "It is Mensah. My name is Aisha Adeyemi."])
def test_the_surname_answered_wins_over_the_speakers_own_name(line):
    ep = play([FORWARD, line], THIRD5)
    assert [c["last_name"] for c in _calls(ep, "lookup_booking")] == ["Mensah"]


@pytest.mark.parametrize("line, last", [("His last name is Mensah, mine is Adeyemi", "Mensah"),  # near misses
                                        ("Mensah", "Mensah")])
def test_a_surname_answer_keeps_its_reading(line, last):
    ep = play([FORWARD, line], THIRD5)
    assert _calls(ep, "lookup_booking")[0]["last_name"] == last
