"""SkyAssist reference agent, findings of the tester ``sky-customers-17`` (/work/h36/sky-customers-17/report.md) taken
up in the thirty-sixth session (second part), with the tester's words, other phrasings, and the near misses that must
keep their old reading:

5.  a yes beside a "no ..." about something else is no refusal: a declined return at a one-way booking ("yes please,
    no return flight needed") answers the listing's own question and books; any other remark ("yes cancel it, no need
    to rebook", "nope all correct, book it") is asked again for a plain yes, never read as a no nor as a move; a real
    "no" stays a no;
8.  "for both" on a one-way trip is the two travellers, never both directions ("business for both" picks the one
    Business flight for 2 passengers); "both ways" still asks the return date;
9.  "just him" / "only him" / "I won't be flying, only him" at "How many passengers?" is 1 passenger (the person
    named), never a loop nor an abandoned booking;
10. a name in labelled parts in any order ("Last name Tanaka, first Yui", "first: Yui last: Tanaka") keeps both parts.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent; nothing here is
written without a summary and a yes.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import is_confirmation, parse
from tests.envs.skyassist.test_language import DB
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import mutated
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play

ONE5 = D.scenario("one_way", 5)  # IST-SFO 2026-03-05: 1) SA7032 Economy, 2) SA4078 Business, 3) SA9836 Economy
CANCEL23 = D.scenario("cancel_booking", 23)  # BK0SQ4E2 Khan, a hold for 2
PRICE41 = D.scenario("price_comparison", 41)  # JFK-YYZ 2026-11-20: 1) SA7389 Economy, 2) SA9782 Business, 3) SA3145


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


def _booked(ep) -> list[dict]:
    return _calls(ep, "book_flight")


# --- 5. a yes beside a "no ..." about something else -----------------------------------------------------------------

ONE_FIRST = "Hi I'm Hiroshi Moreau, istanbul to san francisco march 5th, 1 person"


@pytest.mark.parametrize("line", [
    "yes please, no return flight needed",  # the tester's
    "book it, no need for a return",
    "yes. no need to search return",
    "yes please, I don't need a return flight",
])
def test_a_yes_beside_a_declined_return_books(line):
    ep = play([ONE_FIRST, "option 1", line], ONE5)
    assert [b["flight_ids"] for b in _booked(ep)] == [["SA7032"]]


@pytest.mark.parametrize("line", [
    "nope all correct, book it",
    "No, that's all correct - please book",
    "no that's fine, go ahead",
    "yes book it, I don't need anything else",
])
def test_a_yes_beside_another_remark_is_asked_again_then_booked(line):
    ep = play([ONE_FIRST, "option 1", line, "yes"], ONE5)
    assert "plain yes" in _after(ep, line) and "will not go ahead" not in _after(ep, line)
    assert [b["flight_ids"] for b in _booked(ep)] == [["SA7032"]]


@pytest.mark.parametrize("line", ["no", "no, don't book it", "no that's fine", "yes but no, change the date"])
def test_a_real_no_stays_a_no(line):  # near misses
    ep = play([ONE_FIRST, "option 1", line], ONE5)
    assert not mutated(ep) and "plain yes" not in _after(ep, line)


CANCEL_FIRST = ["BK0SQ4E2, surname khan", "cancel it please"]


@pytest.mark.parametrize("line", [
    "yes cancel it, no need to rebook",  # the tester's
    "yes please, I don't want to move it, just cancel",
    "yes, no refund needed anyway",
])
def test_a_cancel_yes_beside_a_remark_is_no_move(line):
    ep = play(CANCEL_FIRST + [line], CANCEL23)
    reply = _after(ep, line)
    assert "move it to" not in reply and "plain yes" in reply and not mutated(ep)
    ep = play(CANCEL_FIRST + [line, "yes"], CANCEL23)
    assert _calls(ep, "cancel_booking") == [{"booking_id": "BK0SQ4E2"}]


MOVE = "Here is the change: booking BK0SQ4E2 moves to SA1234 on 2026-03-27. Shall I make the change?"
ROUND = ("Here is the summary: flight SA1 from A to B departing 2026-03-05, and the return flight SA2 departing "
         "2026-03-12, for 1 passenger. Shall I book it?")


@pytest.mark.parametrize("line, summary", [("yes, no need to move it", MOVE), ("yes, no return flight needed", ROUND),
                                           ("no return flight needed", ROUND), ("no need to rebook", MOVE)])
def test_a_remark_that_declines_what_is_proposed_is_no_yes(line, summary):  # near misses
    assert not is_confirmation(line, summary)


# --- 8. "for both" is the two travellers --------------------------------------------------------------------------------

PRICE_FIRST = ("hi! me n my husband r thinking NY to toronto nov 20, how much is economy vs the nicer seats? total for "
               "both of us pls")


@pytest.mark.parametrize("line", [
    "ok let's splurge, business for both, Fatima Ramirez",  # the tester's
    "business for both",
    "option 2 for both",
    "the business one, for both please",
])
def test_for_both_is_two_passengers_not_a_return(line):
    ep = play([PRICE_FIRST, line, "Fatima Ramirez", "yes"], PRICE41)
    reply = _after(ep, line)
    assert "fly back" not in reply and "How many passengers" not in reply
    assert [(b["flight_ids"], b["passengers"]) for b in _booked(ep)] == [(["SA9782"], 2)]


def test_economy_for_both_asks_which_economy_flight_not_a_return_date():
    line = "economy is fine for both"
    ep = play([PRICE_FIRST, line], PRICE41)
    assert "fly back" not in _after(ep, line) and "2 passengers" in _after(ep, line) and not mutated(ep)


def test_both_ways_still_asks_the_return_date():  # near miss
    line = "ok, both ways please"
    ep = play([PRICE_FIRST, line], PRICE41)
    assert "fly back" in _after(ep, line) and not mutated(ep)


# --- 9. "just him" as the passenger count ----------------------------------------------------------------------------

# (the tester's "... not me - his name is Rashid Al-Amin" books under his name too, but the verifiers' S1 reads that name
# as not given: reported apart)
FOR_DAD = ["Hi, I'm calling on behalf of my father, his name is Rashid Hassan. I'm Sara.",
           "istanbul to san francisco, 5th march", "first"]


@pytest.mark.parametrize("line", [
    "just him",  # the tester's
    "I won't be flying, only him",  # the tester's
    "only my father, I'm not flying",
    "not me, just him",
    "just the one",
])
def test_just_him_is_one_passenger_under_his_name(line):
    ep = play(FOR_DAD + [line, "yes"], ONE5)
    assert "How many passengers" in _after(ep, "first") and "for 1 passenger" in _after(ep, line)
    assert [(b["passengers"], b["last_name"], b.get("first_name")) for b in _booked(ep)] == [(1, "Hassan", "Rashid")]


@pytest.mark.parametrize("line, n", [("just him", 1), ("only her", 1), ("just him and me", None), ("only him and his wife", None),
                                     ("just the one flight", None)])
def test_the_reading_of_only_him(line, n):
    assert parse(line, DB, "passengers").passengers in ((n,) if n else (None, 2))


def test_dropping_the_trip_at_the_count_still_stops():  # near miss
    line = "forget it, I don't want to book anything"
    ep = play(FOR_DAD + [line], ONE5)
    assert not mutated(ep) and "nothing has been booked" in _after(ep, line)


# --- 10. a name in labelled parts ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Last name Tanaka, first Yui",  # the tester's
    "first: Yui last: Tanaka",
    "last: Tanaka / first: Yui",
    "surname Tanaka, given name Yui",
    "Yui is my first name and Tanaka the last",
])
def test_a_name_in_labelled_parts_keeps_both(text):
    p = parse(text, DB, "name")
    assert (p.first_name, p.last_name) == ("Yui", "Tanaka")


@pytest.mark.parametrize("text, first, last", [("my last name is Khan", None, "Khan"), ("the first one", None, None),
                                               ("first class please, last name Tanaka", None, "Tanaka"),
                                               ("TANAKA Yui", "Yui", "Tanaka")])
def test_a_single_label_reads_as_before(text, first, last):  # near misses
    p = parse(text, DB, "name")
    assert (p.first_name, p.last_name) == (first, last)


@pytest.mark.parametrize("said", ["first: Yui last: Tanaka", "Yui is my first name and Tanaka the last"])
def test_a_labelled_name_is_booked_whole(said):
    # (the tester's "Last name Tanaka, first Yui" is booked whole too, but the verifiers' S1 does not read a bare
    # "first" as a label: reported apart)
    ep = play([f"Hi, istanbul to san francisco march 5th, 1 person. {said}", "option 1", "yes"], ONE5)
    assert [(b["last_name"], b.get("first_name")) for b in _booked(ep)] == [("Tanaka", "Yui")]
