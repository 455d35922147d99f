"""SkyAssist reference agent (faults none), findings of black-box customers (fortieth session, helper skyQ). The
testers' words, other phrasings (terse, typos, British/American), and near misses that must keep their reading:

1. follow-up questions after a lookup or a cancel ("what was the fare on that one?", "when does it leave?", "will I get
   the refund on my card?", "is that fully cancelled now?") got "Sorry, I can't help with that here.": they are now
   answered from the booking in hand (its status, price, times, flight, refund, and what the agent cannot see), and
   no action is started;
2. a question naming a flight by number while the options are open ("is SA6224 refundable?", "what time does SA6224
   land") was taken as picking that flight: it is answered and the options stay open; "SA6224 please", "I'll take
   SA6224" still pick it (and "ok I'll take it" after the question picks the flight asked about);
3. "yes. pay with my mastercard 5454..., exp 09/28" at the summary was asked for a plain yes: a clear yes with payment
   details books ("yes but pay with ..." too); "no, use my mastercard instead" is no yes. (The oracle learnt the same
   reading in the same session, test_sky_oracle_40i: the booking reports no violation.)
4. "passport no N51167130" ("passport no. N5116...", "pp no") read "no" as a refusal: it is "number";
5. names: "Name as per passport: LARSEN INGRID" (family name first, as printed) was asked again; "Ingrid Larsen | 2
   adults" and "Ingrid Larsen\u2014just me" stalled the booking; "my gf and I", "my SO", "bae", "me n my ..." were not
   counted as a companion.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import is_confirmation, parse
from tests.envs.skyassist.test_sky_faults_28 import D, _calls, _play, _said

DB = D.make_target("reference", []).db
# payment_details seed 1: Vancouver to Frankfurt on 2026-05-24; option 3 is SA4190 (Economy, non-refundable)
TRIP = "I need a flight from Vancouver to Frankfurt on 2026-05-24"
SUMMARY = ("Here is the summary: flight SA4190 from Vancouver (YVR) to Frankfurt (FRA) departing 2026-05-24 at 01:30, "
           "Economy, non-refundable, for 1 passenger, under the name Ingrid Larsen, $272 per seat. Shall I book it?")
MUTATIONS = ("book_flight", "hold_itinerary", "cancel_booking", "modify_booking")


def _mutations(t) -> list:
    return [c for name in MUTATIONS for c in _calls(t, name)]


def _last(t) -> str:
    return _said(t)[-1]


# --- 1. follow-ups about the booking looked up or cancelled ----------------------------------------------------------

LOOKUP = "hi, can you check booking {booking_id}, last name {last_name}"  # booking_status seed 0: BKODZAGN, confirmed
CANCEL = ["I need to cancel booking {booking_id}, last name {last_name}", "yes"]  # cancel_booking seed 1: BK17WTAZ


@pytest.mark.parametrize("question, said", [
    ("what was the fare on that one?", "$2286"),  # the tester's
    ("when does it leave?", "17:30"),  # the tester's
    ("what date is it again?", "2026-09-17"),
    ("is that fully cancelled now?", "has not been cancelled"),  # the tester's
    ("so it's cancelled?", "has not been cancelled"),
    ("is it confirmed?", "is confirmed"),
    ("is the booking still active?", "is confirmed"),
    ("will the money go back to my card?", "non-refundable"),
    ("which flight was that?", "SA1534"),
    ("how many people are on it?", "2 passengers"),
])
def test_follow_up_after_lookup_is_answered(question, said):
    t = _play("booking_status", 0, [], [LOOKUP, question])
    assert "can't help" not in _last(t) and said in _last(t), _said(t)
    assert not _mutations(t) and t.violations == [], (t.violations, _said(t))


@pytest.mark.parametrize("question, said", [
    ("is that fully cancelled now?", "fully cancelled"),  # the tester's
    ("will I get the refund on my card?", "$5116"),  # the tester's
    ("what was the fare on that one?", "$5116"),  # the tester's
    ("when was it supposed to leave?", "17:30"),
    ("when does it leave?", "2026-03-13"),
    ("so its cancelled?", "fully cancelled"),
    ("is it confirmed?", "No, booking BK17WTAZ is cancelled"),
    ("is the booking still active?", "cancelled"),
    ("which flight was that?", "SA2955"),
    ("how many people were on it?", "2 passengers"),
    ("how much did it cost", "$5116"),
])
def test_follow_up_after_cancel_is_answered(question, said):
    t = _play("cancel_booking", 1, [], CANCEL + [question])
    assert "can't help" not in _last(t) and said in _last(t), _said(t)
    assert len(_mutations(t)) == 1 and t.violations == [], (t.violations, _said(t))


@pytest.mark.parametrize("message, expect", [
    ("what's the baggage allowance?", "can't help"),  # nothing about the booking: said plainly, as before
    ("great. now book me a flight to Boston", "Boston"),  # a new request, not a question about the booking
])
def test_near_misses_after_cancel(message, expect):
    t = _play("cancel_booking", 1, [], CANCEL + [message])
    assert expect in _last(t), _said(t)
    assert len(_mutations(t)) == 1


def test_cancel_request_after_lookup_still_proposes_the_cancellation():
    t = _play("booking_status", 0, [], [LOOKUP, "cancel it"])
    assert "Shall I cancel booking" in _last(t) and not _mutations(t)


# --- 2. a question naming a listed flight picks nothing ----------------------------------------------------------------

@pytest.mark.parametrize("question, said", [
    ("is SA4190 refundable?", "non-refundable"),  # the tester's (another flight number)
    ("what time does SA4190 land", "10:40"),  # the tester's
    ("does SA4190 have wifi?", "wifi"),  # the tester's
    ("sa4190 refundable?", "non-refundable"),
    ("Is SA4190 a refundable fare", "non-refundable"),
    ("when does SA4190 arrive?", "10:40"),
    ("is SA4190 direct?", "SA4190"),
    ("how many seats left on SA4190?", "20 seats"),
])
def test_question_about_a_listed_flight_keeps_the_options_open(question, said):
    t = _play("payment_details", 1, [], [TRIP + ", just me", question])
    assert said in _last(t) and "You picked" not in _last(t), _said(t)
    assert "Which flight would you like?" in _last(t), _said(t)
    assert t.violations == []


@pytest.mark.parametrize("pick", ["SA4190 please", "I'll take SA4190", "SA4190", "book SA4190",
                                  "SA4190. is it refundable?", "can I get SA4190?"])
def test_a_flight_number_said_as_a_pick_still_picks(pick):
    t = _play("payment_details", 1, [], [TRIP + ", just me", pick])
    assert "You picked SA4190" in _last(t), _said(t)


@pytest.mark.parametrize("then", ["ok I'll take it", "ok that one please", "book it"])
def test_taking_the_flight_asked_about(then):
    t = _play("payment_details", 1, [], [TRIP + ", just me", "is SA4190 refundable?", then])
    assert "You picked SA4190" in _last(t), _said(t)


# --- 3. a yes with payment details is consent --------------------------------------------------------------------------

@pytest.mark.parametrize("reply", [
    "yes. pay with my mastercard 5454 5454 5454 5454, exp 09/28",  # the tester's
    "yes but pay with my visa 4111 1111 1111 1111",  # the tester's
    "yes pay w/ visa 4111111111111111 exp 10/27 cvv 123",
    "Yes please, charge it to my amex 3782 822463 10005",
    "yep, card 4111 1111 1111 1111 exp 12/27",
    "yes - using my debit card ending 4242",
    "Yes, go ahead. I'll pay by credit card.",
    "yes, visa 4111 1111 1111 1111, expiry 09/2028",
    "yes book it, pay with mastercard",
    "yes, 5454 5454 5454 5454 09/28 123",
])
def test_yes_with_payment_details_is_a_yes(reply):
    assert is_confirmation(reply, SUMMARY)
    t = _play("payment_details", 1, [], [TRIP + ", just me", "SA4190", "Ingrid Larsen", reply])
    booked = _calls(t, "book_flight")
    assert len(booked) == 1 and booked[0]["flight_ids"] == ["SA4190"] and booked[0]["passengers"] == 1, _said(t)
    assert "5454 5454 5454 5454" not in " ".join(_said(t)) and "4111 1111 1111 1111" not in " ".join(_said(t))
    assert t.violations == [], t.violations


@pytest.mark.parametrize("reply", [
    "no, use my mastercard instead",  # the tester's near miss
    "no", "no thanks", "No, wrong date",
    "pay with my mastercard 5454 5454 5454 5454",  # payment details alone: no yes
    "yes but make it 2 passengers, pay with visa 4111 1111 1111 1111",  # a change beside it
    "yes but pay with my visa and change it to the 25th",
    "yes but can I pay with amex?",
])
def test_payment_details_without_a_clear_yes_book_nothing(reply):
    assert not is_confirmation(reply, SUMMARY)
    t = _play("payment_details", 1, [], [TRIP + ", just me", "SA4190", "Ingrid Larsen", reply])
    assert not _mutations(t), _said(t)


# --- 4. "passport no" is a number ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("message", ["passport no N51167130", "passport no. N5116713", "Passport No: N5116713",
                                     "pp no N51167130", "PASSPORT NO N51167130", "my passport no. is N5116713",
                                     "passport nr. AB1234567"])
def test_passport_no_is_number(message):
    p = parse(message, DB, None, SUMMARY)
    assert not p.no and p.passport
    t = _play("passport_details", 1, [], ["I need a flight from {origin_city} to {destination_city} on {date}, just me",
                                          "1", "Ingrid Larsen", message])
    assert "Shall I book it?" in _last(t) and "will not go ahead" not in _last(t), _said(t)
    assert t.violations == [], t.violations


@pytest.mark.parametrize("message", ["no", "no thanks", "No, wrong date", "no, passport N5116713"])
def test_a_plain_no_stays_a_refusal(message):
    assert parse(message, DB, None, SUMMARY).no


# --- 5. names and companions -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("message", [
    "Name as per passport: LARSEN INGRID",  # the tester's
    "name as on passport - LARSEN INGRID",
    "passport name: LARSEN INGRID",
    "Surname/Given: LARSEN INGRID",
    "passport name: LARSEN INGRID MS",
    "as on my passport: LARSEN, INGRID",
    "Name as on passport: INGRID LARSEN",  # the given name said first after all (known given name)
])
def test_passport_printed_name(message):
    p = parse(message, DB, "name", "What is the first and last name of the lead passenger?")
    assert (p.first_name, p.last_name) == ("Ingrid", "Larsen")
    t = _play("payment_details", 1, [], [TRIP + ", just me", "SA4190", message, "yes"])
    booked = _calls(t, "book_flight")
    assert [(b["first_name"], b["last_name"]) for b in booked] == [("Ingrid", "Larsen")], _said(t)
    assert t.violations == [], t.violations


@pytest.mark.parametrize("message", ["LARSEN INGRID", "LARSEN/INGRID"])
def test_caps_name_without_a_passport_cue_is_still_asked_again(message):
    t = _play("payment_details", 1, [], [TRIP + ", just me", "SA4190", message])
    assert not _mutations(t) and "Shall I book it?" not in _last(t), _said(t)


def test_surname_alone_stays_a_surname():
    assert parse("Larsen", DB, "last_name", "What is the last name on the booking?").last_name == "Larsen"


@pytest.mark.parametrize("message, n", [
    ("Ingrid Larsen | 2 adults", 2),  # the tester's
    ("Ingrid Larsen\u2014just me", 1),  # the tester's
    ("Ingrid Larsen | just me", 1),
    ("Ingrid Larsen\u20142 of us", 2),
    ("Ingrid Larsen \u2013 just me", 1),
    ("Ingrid Larsen|2 pax", 2),
])
def test_name_set_off_by_a_bar_or_dash(message, n):
    t = _play("payment_details", 1, [], [TRIP, "SA4190", message, "yes"])
    booked = _calls(t, "book_flight")
    assert [(b["passengers"], b["first_name"], b["last_name"]) for b in booked] == [(n, "Ingrid", "Larsen")], _said(t)
    assert t.violations == [], t.violations


@pytest.mark.parametrize("who", [
    "me and my bf",  # the tester's
    "my gf and I", "me & my SO", "my SO and me", "me and hubby", "me and the wifey", "me and my partner",
    "flying with my bae", "me n my boyfriend", "me + my bf", "my hubs and I",
])
def test_companion_shorthand_counts(who):
    t = _play("payment_details", 1, [], [f"{TRIP}, {who}", "SA4190", "Ingrid Larsen", "yes"])
    assert [b["passengers"] for b in _calls(t, "book_flight")] == [2], _said(t)
    assert t.violations == [], t.violations


@pytest.mark.parametrize("text", ["so I need a flight from Boston to Chicago on 2026-05-24",
                                  "a gf meal please, flight from Boston to Chicago on 2026-05-24"])
def test_short_words_that_are_no_companion(text):
    assert parse(text, DB, None, "").passengers is None
