"""SkyAssist reference agent, findings of the tester ``sky-customers-15`` (/work/h34/sky-customers-15/report.md) taken
up in the thirty-fourth session (third part), with the tester's words, other phrasings, and the near misses that must
keep their old reading:

a.  "change the 3 person booking to a later day", "move it to a later flight", "can I go later in the week", "push it
    later": a change asked for (the new date is asked), never a decision put off ("Of course, take your time"), with
    one booking in the chat or two; "I'll decide later", "later maybe" still put it off;
12. questions asked mid-booking are answered, and the booking state kept: a mix of cabins over the legs (one booking
    keeps one cabin), a price match ("can you match $700?", "book it at $700": no fare is matched; the summary keeps
    the real price), when to pay ("when do I have to pay by?" at a hold: within its 24 hours, if booked at all);
13. a full name typed in lower case beside the count ("zara costa, 1 pax") is the name; run on after the count
    ("1 adult omar cohen") it is asked for with those words as the example, as when capitalised;
15. "I'm Olga Bianchi, and her name is Nina Bianchi": the booking is under the speaker, Olga;
17. "which ones r there" at a listing lists the options again.
16 (a bare "sí", "sim", "oui", "ja" at a proposal) is left as it is: no bare foreign word is a yes here, as the
consent module and the verifiers' reading decide ("sí, adelante" is one); it is asked again, nothing written.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent; nothing here is
written without a summary and a yes.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_language import DB
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import mutated
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play

STATUS23 = D.scenario("booking_status", 23)  # BKXTS91M held, 3 pax, Ivanova
CHANGE41 = D.scenario("change_booking", 41)  # BKTP3IWM Novak LAX-FCO
MULTI23 = D.scenario("multi_leg", 23)  # DXB-JFK-SEA 2026-05-24
ROUND23 = D.scenario("round_trip", 23)  # YYZ-JFK 2026-10-31, back 2026-11-20
ONE7 = D.scenario("one_way", 7)  # MIA-DOH 2026-04-14: SA4678 11:30 Economy $862
ONE12 = D.scenario("one_way", 12)  # HKG-DXB 2026-07-03
ONE14 = D.scenario("one_way", 14)  # JFK-SEA 2026-07-23
HOLD52 = D.scenario("hold_request", 52)  # DUB-ORD 2026-03-05, SA4152 08:10 Economy
CANCEL9 = D.scenario("cancel_booking", 9)  # BKVI857K Mwangi


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


PUT_OFF = "take your time"

# --- a. "later" in a move is a change, not a decision put off ------------------------------------------------------

LOOKED_UP = ["hello, Omar Ivanova here, can u tell me where my booking BKXTS91M stands"]
TWO_BOOKINGS = LOOKED_UP + ["is it paid already or not?",
                            "ok leave it. separate thing, I also need a flight dubai to san francisco on aug 20 for just me",
                            "fine the 16th then", "first one", "yes"]
MOVES = ["change the 3 person booking to a later day",  # the fixer's
         "move it to a later flight", "can I go later in the week", "push it later", "could you move it to a later date pls"]


@pytest.mark.parametrize("line", MOVES)
@pytest.mark.parametrize("before", [LOOKED_UP, TWO_BOOKINGS], ids=["one booking", "two bookings"])
def test_a_move_to_later_asks_the_new_date(before, line):
    ep = play(before + [line], STATUS23)
    reply = _after(ep, line)
    assert PUT_OFF not in reply and "What date would you like to move it to?" in reply
    assert len(mutated(ep)) == (1 if before is TWO_BOOKINGS else 0)  # only the booking made before


def test_the_3_person_booking_is_the_one_moved_of_two():
    line = MOVES[0]
    reply = _after(play(TWO_BOOKINGS + [line], STATUS23), line)
    assert "BKXTS91M" in reply and "3 passengers" in reply


def test_a_move_to_later_in_a_change_flow():
    line = "hi, booking BKTP3IWM, Novak. can I go later in the week?"
    ep = play([line], CHANGE41)
    assert "What date would you like to move it to?" in _after(ep, line) and not mutated(ep)


@pytest.mark.parametrize("line", ["I'll decide later", "later maybe", "maybe later", "I'll move it later"])
@pytest.mark.parametrize("before", [LOOKED_UP, TWO_BOOKINGS], ids=["one booking", "two bookings"])
def test_a_real_put_off_stays_one(before, line):  # near misses
    ep = play(before + [line], STATUS23)
    assert PUT_OFF in _after(ep, line)


@pytest.mark.parametrize("text, later", [("change the 3 person booking to a later day", False),
                                         ("push it later", False), ("can u push it later pls", False),
                                         ("I'll decide later", True), ("we'll push it later", True),
                                         ("move it to a later flight, I'll decide which one later", True)])
def test_the_reading_of_later(text, later):
    assert parse(text, DB).later is later


def test_a_later_day_at_a_listing_asks_the_date_not_an_earlier_one():
    line = "can I go later in the week"
    reply = _after(play(["Dubai to New York on May 24, Maya Adeyemi", line], D.scenario("one_way", 7)), line)
    assert PUT_OFF not in reply and "Which date would you like to try instead?" in reply and "2026-03-05" not in reply


# --- 12. questions mid-booking ----------------------------------------------------------------------------------------

MULTI = "Hi, I need Dubai to Seattle via New York on May 24, just me, Noah Andersen"
ROUND = "Toronto to New York Oct 31, back Nov 20, 1 passenger, Zara Costa"
ONE_CABIN = "One booking keeps one cabin for all its flights"


@pytest.mark.parametrize("sc, first, line", [
    (MULTI23, MULTI, "can I fly economy on the first and premium on the second?"),  # the tester's
    (MULTI23, MULTI, "premium for leg 1 and economy for leg 2 please"),
    (ROUND23, ROUND, "can I do business out and economy back?"),
    (ROUND23, ROUND, "economy going, premium coming back"),
])
def test_a_mix_of_cabins_is_answered_and_the_pick_still_open(sc, first, line):
    ep = play([first, line], sc)
    reply = _after(ep, line)
    assert ONE_CABIN in reply and "cannot book" in reply and reply.rstrip().endswith(
        "You can say the option number or the flight number.")
    assert not mutated(ep)


def test_a_cabin_comparison_is_no_mix():  # near miss
    line = "is economy cheaper than premium?"
    assert ONE_CABIN not in _after(play([MULTI, line], MULTI23), line)


MIAMI = "Miami to Doha on April 14, Maya Adeyemi, just me"
MATCH = "the website said $700 for the 11:30 yesterday, why is it $862 now? can you match $700?"
NO_MATCH = "can't match"


def test_a_price_match_is_refused_and_the_booking_is_at_the_real_price():  # the tester's
    ep = play([MIAMI, MATCH, "so book it at $700 then"], ONE7)
    assert NO_MATCH in _after(ep, MATCH)
    summary = _after(ep, "so book it at $700 then")
    assert NO_MATCH in summary and "$862 per seat" in summary and "Shall I book it?" in summary
    assert not mutated(ep)
    ep = play([MIAMI, MATCH, "so book it at $700 then", "yes"], ONE7)
    assert [(c["flight_ids"], c["passengers"]) for c in _calls(ep, "book_flight")] == [(["SA4678"], 1)]


@pytest.mark.parametrize("line", ["any discount?", "can u do it for $700", "price match?", "can you lower the price?"])
def test_other_price_asks_at_a_summary_are_refused_and_the_summary_kept(line):
    ep = play([MIAMI, "2", line], ONE7)
    reply = _after(ep, line)
    assert NO_MATCH in reply and "Shall I book it?" in reply and "can't help with that" not in reply
    assert not mutated(ep)


def test_a_yes_at_another_price_is_no_yes():
    line = "yes book it at $700"
    ep = play([MIAMI, "2", line], ONE7)
    assert NO_MATCH in _after(ep, line) and not mutated(ep)


@pytest.mark.parametrize("line", ["anything under $700?", "which one is cheapest?"])
def test_a_budget_is_no_price_match(line):  # near misses
    assert NO_MATCH not in _after(play([MIAMI, line], ONE7), line)


HOLD = ["Can u put a seat aside for me Dublin→Chicago on 5/3? Not paying yet, just hold. Kwame Yilmaz",
        "march, european format", "the 8:10 economy one"]


@pytest.mark.parametrize("line", ["is that refundable? and when do I have to pay by?",  # the tester's
                                  "what's the deadline to pay?", "how long do I have to pay?",
                                  "when would I need to pay?"])
def test_when_to_pay_for_a_hold_is_answered_and_the_hold_still_asked(line):
    ep = play(HOLD + [line], HOLD52)
    reply = _after(ep, line)
    assert "You pay only if you book" in reply and "24 hours" in reply and "Shall I place the hold?" in reply
    if "refundable" in line:
        assert "non-refundable" in reply
    assert not mutated(ep)
    ep = play(HOLD + [line, "yes"], HOLD52)
    assert [c["flight_ids"] for c in _calls(ep, "hold_itinerary")] == [["SA4152"]]


def test_when_to_pay_for_a_booking_is_answered():
    line = "when do I have to pay?"
    ep = play([MIAMI, "2", line], ONE7)
    reply = _after(ep, line)
    assert "charged as soon as I book" in reply and "Shall I book it?" in reply and not mutated(ep)


# --- 13. a lower-case name beside the count ----------------------------------------------------------------------------

@pytest.mark.parametrize("text, name", [
    ("toronto -> nyc oct 31, back nov 20. zara costa, 1 pax", ("Zara", "Costa")),  # the tester's
    ("miami to doha apr 14, 1 pax, maya adeyemi", ("Maya", "Adeyemi")),
    ("hk to dubai jul 3. olga bianchi, 2 adults", ("Olga", "Bianchi")),
    # near misses: no name
    ("miami to doha apr 14, economy please, 1 pax", (None, None)),
    ("miami to doha apr 14, direct only, 2 pax", (None, None)),
    ("dubai to london, 2 adults, round trip", (None, None)),
    ("toronto to new york, 1 pax", (None, None)),
])
def test_a_lower_case_name_set_off_beside_the_count(text, name):
    p = parse(text, DB)
    assert (p.first_name, p.last_name) == name


def test_the_tester_round_trip_is_booked_under_the_lower_case_name():
    ep = play(["toronto -> nyc oct 31, back nov 20. zara costa, 1 pax", "2 and 2", "yes"], ROUND23)
    assert "What is the first and last name" not in " ".join(str(m.get("content") or "") for m in ep.messages)
    assert [(c["first_name"], c["last_name"], c["passengers"]) for c in _calls(ep, "book_flight")] == [("Zara", "Costa", 1)]


@pytest.mark.parametrize("line", ["nyc to seattle jul 23 1 adult omar cohen",  # the tester's
                                  "nyc to seattle jul 23 1 adult Omar Cohen"])
def test_a_name_run_on_after_the_count_is_asked_with_it_as_the_example(line):
    ep = play([line, "1"], ONE14)
    assert "for example Omar Cohen" in _after(ep, "1") and not mutated(ep)


# --- 15. the speaker's name before "her name is" ------------------------------------------------------------------

@pytest.mark.parametrize("text, name", [
    ("Hong Kong to Dubai on 3 July for me and my sister. I'm Olga Bianchi, and her name is Nina Bianchi", ("Olga", "Bianchi")),
    ("I'm Olga Bianchi and his name is Tomas Bianchi", ("Olga", "Bianchi")),
    ("My name is Olga Bianchi, hers is Nina Bianchi", ("Olga", "Bianchi")),  # near miss, as before
    ("book for my sister, her name is Nina Bianchi", ("Nina", "Bianchi")),  # near miss: the only name
    ("I'm Olga Bianchi, booking for my sister, her name is Nina Bianchi", ("Nina", "Bianchi")),  # she travels alone
])
def test_her_name_is_the_companion_s(text, name):
    p = parse(text, DB)
    assert (p.first_name, p.last_name) == name


def test_the_two_sisters_are_booked_under_the_speaker():
    first = "Hong Kong to Dubai on 3 July for me and my sister. I'm Olga Bianchi, and her name is Nina Bianchi"
    ep = play([first, "1", "yes"], ONE12)
    assert [(c["first_name"], c["last_name"], c["passengers"]) for c in _calls(ep, "book_flight")] == [("Olga", "Bianchi", 2)]


# --- 17. the options asked for again -----------------------------------------------------------------------------------

@pytest.mark.parametrize("line", ["which ones r there",  # the tester's
                                  "what are the options again", "what flights r there", "remind me the options",
                                  "show me the flights again pls"])
def test_the_options_are_listed_again(line):
    ep = play([MIAMI, line], ONE7)
    reply = _after(ep, line)
    assert "can't help" not in reply and "1) SA9811" in reply and "2) SA4678" in reply and "Which flight" in reply
    assert len(_calls(ep, "search_flights")) == 1  # from what was listed, nothing searched again


def test_a_question_about_one_option_is_no_relisting():  # near miss
    line = "which one is cheapest?"
    reply = _after(play([MIAMI, line], ONE7), line)
    assert "1) SA9811" not in reply and "SA4678" in reply


# --- 16. a bare foreign yes stays no yes ----------------------------------------------------------------------------

@pytest.mark.parametrize("word", ["sí", "si por favor", "sim", "oui", "ja"])
def test_a_bare_foreign_yes_writes_nothing(word):
    ep = play(["please cancel BKVI857K, Mwangi", word], CANCEL9)
    assert not mutated(ep) and "clear yes" in _after(ep, word)


def test_a_foreign_go_ahead_cancels():  # near miss
    ep = play(["please cancel BKVI857K, Mwangi", "sí, adelante"], CANCEL9)
    assert [c["booking_id"] for c in _calls(ep, "cancel_booking")] == ["BKVI857K"]


# --- a booking cancelled in the chat, asked back ("please don't cancel it, I want to keep it") --------------------

@pytest.mark.parametrize("back", [
    "Actually, wait, I've changed my mind about BK7KPLU6: please don't cancel it, I want to keep it.",
    "oh no, can I undo that? I want to keep BK7KPLU6",
    "wait I still need BK7KPLU6, can you bring it back?",
])
def test_a_cancelled_booking_asked_back_is_never_offered_a_change_or_cancel(back):
    """The AdaT campaign-0 test K76 (static driver, thirty-fourth session): after the cancellation went through, the
    lookup of the cancelled booking offered "Would you like to change or cancel it?"; it says what can still be done."""
    ep = play(["Hi, I need to cancel my booking BK7KPLU6.", "My last name is Johansson.", "Yes, please cancel it.", back],
              D.scenario("cancel_booking", 4))
    reply = _after(ep, back)
    assert "Would you like to change or cancel it" not in reply, reply
    assert "cannot be reinstated" in reply or "can no longer be changed or cancelled" in reply, reply
    assert mutated(ep) == [{"booking_id": "BK7KPLU6"}]  # the one cancel, on the clear yes
