"""SkyAssist reference agent, findings of the thirty-second session's tester ``sky-customers-9``
(/work/h32/sky-customers-9/report.md), with the tester's words, other phrasings, and the near misses that must keep
their old reading ("now" in the scenarios is Monday 2026-03-02):

F1.  a child, kid, teenager, toddler or infant added with "a"/"an" ("two adults and a child", "two of us plus a
     child", "one adult and a teenager") or after "my wife and I" is one more traveller, never dropped from the count;
     "2 adults plus 1 infant" is a party of three, not two and a change of count;
F2.  "the first Thursday in May", "the last Friday of March", "a fortnight today", "a week on Tuesday", "Sunday week":
     that date, never the coming weekday; "the first Thursday", "the Friday before" (no month, no anchor): no date, asked;
     "coming back the Thursday after": after the outbound; a return read before the outbound is asked again;
F3.  the booker's own name ("My name's Jordan Lee by the way", "my name is Jordan tho") beside the traveller named for
     a boss or client: the traveller's name, and "btw"/"tho" are never surnames;
F4.  "book it as long as it's refundable": no name "Long";
F5.  "yes go ahead, nothing else after that" at a cancel prompt: neither a goodbye nor a no (asked for a plain yes,
     which is how the verifiers read it);
F7.  a booking reference typed in groups or letter by letter ("BK-ZYZ-BWR", "bk zyz bwr", "B K Z Y Z B W R");
F9.  "ok yes if there's no fee" at a cancel prompt: the condition met with what is known and the question asked
     again; "yes cancel - no wait, can I move it to June instead?": a change; "yes - hmm no, make it the 7th" at a
     change summary: the 7th searched.

Conversations go through ``play``, which asserts the verifiers stay silent on the fault-free agent.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse, party_sizes, place_words
from tests.envs.skyassist.test_language import DB
from tests.envs.skyassist.test_sky_customers_30e import _after
from tests.envs.skyassist.test_sky_faults_28 import D, _calls
from tests.envs.skyassist.test_unseen_sky_customers import play as _checked_play

GROUP7 = D.scenario("group_booking", 7)  # ORD-FRA 2026-10-10: option 1 SA8532 Economy


def play(messages, sc):
    return _checked_play(messages, sc)  # asserts the verifiers stay silent


# --- F1. a child added with "a"/"an" is one more traveller -----------------------------------------------------

@pytest.mark.parametrize("text,n", [
    ("two adults and a child", 3), ("2 adults and a kid", 3), ("two adults, a child", 3), ("two of us plus a child", 3),
    ("one adult and a child", 2), ("2 adults and a teenager", 3), ("four adults and a kid", 5),
    ("two adults and a toddler", 3), ("2 adults plus an infant", 3), ("2 adults plus 1 infant", 3),
    ("three adults with a baby", 4), ("2 adults, a kid and a baby", 4), ("me and my wife and a baby", 3),
    ("my wife and I and a toddler", 3), ("my wife and I and our 2 kids", 4), ("my wife and I and 2 teenagers", 4),
    # near misses, as before
    ("two adults and one child", 3), ("2 adults + 1 kid", 3), ("two adults and two children", 4),
    ("two adults and a child seat", 2), ("2 adults, and a kid's meal please", 2), ("me and my wife and our 3 kids", 5),
])
def test_a_child_added_with_a_is_counted(text, n):
    assert parse(text, DB).passengers == n, sorted(party_sizes(text, place_words(DB)))


@pytest.mark.parametrize("text", ["2 adults, plus 2 more kids", "add one child", "plus one more adult"])
def test_a_change_of_count_stays_a_change(text):
    assert parse(text, DB).pax_change in (1, 2)


@pytest.mark.parametrize("line,n", [("Chicago to Frankfurt oct 10, two adults and a child", 3),
                                    ("Chicago to Frankfurt oct 10 for one adult and a teenager", 2),
                                    ("chicago to frankfurt on october 10, two of us plus a toddler", 3)])
def test_a_child_added_with_a_is_booked(line, n):
    ep = play([line, "1", "Carlos Dubois"], GROUP7)
    assert f"for {n} passengers" in _after(ep, "Carlos Dubois")
    ep = play([line, "1", "Carlos Dubois", "yes"], GROUP7)
    assert [c["passengers"] for c in _calls(ep, "book_flight")] == [n]


# --- F2. weekday dates of a month, British weeks and fortnights; relative ones never read as the coming weekday -----

ONE7 = D.scenario("one_way", 7)
ROUND25 = D.scenario("round_trip", 25)  # LHR-JFK 2026-03-17


@pytest.mark.parametrize("text,iso", [
    ("JFK to London on the first Thursday in May", "2026-05-07"), ("the last Thursday of march", "2026-03-26"),
    ("the last Friday of March", "2026-03-27"), ("the second Friday of March", "2026-03-13"),
    ("the first Sunday of December", "2026-12-06"), ("the last Sunday of november", "2026-11-29"),
    ("3rd saturday in june", "2026-06-20"), ("the first Monday of next month", "2026-04-06"),
    ("the first Friday of April 2027", "2027-04-02"), ("the first Monday of February", "2027-02-01"),
    ("a fortnight today", "2026-03-16"), ("in a fortnight", "2026-03-16"), ("a fortnight tomorrow", "2026-03-17"),
    ("a week on Tuesday", "2026-03-10"), ("Sunday week", "2026-03-15"), ("Thursday week please", "2026-03-12"),
    ("a fortnight on Friday", "2026-03-20"),
    # near misses, as before
    ("next Friday", "2026-03-06"), ("on Thursday", "2026-03-05"), ("the Tuesday after next", "2026-03-10"),
    ("two weeks from today", "2026-03-16"), ("a week today", "2026-03-09"), ("Friday the 13th", "2026-03-13"),
])
def test_weekday_dates_are_read(text, iso):
    assert parse(text, DB).date == iso


@pytest.mark.parametrize("text", ["the first Thursday", "on the last Friday", "the Friday before", "the Thursday after",
                                  "the second Tuesday of the month", "the fifth Monday in February"])
def test_a_weekday_date_that_cannot_be_read_is_no_date(text):
    p = parse(text, DB)
    assert p.date is None and p.dates == [], p.dates


@pytest.mark.parametrize("text", ["staying for a fortnight", "a week on the beach"])
def test_a_stay_is_no_date(text):
    assert parse(text, DB).dates == []


@pytest.mark.parametrize("line,iso", [
    ("hi, I need JFK to London on the first Thursday in May, just me, Ann Lee", "2026-05-07"),
    ("JFK to London the second Friday of March, 1 adult, Ann Lee", "2026-03-13"),
    ("JFK to London a fortnight today, just me, Ann Lee", "2026-03-16"),
])
def test_weekday_dates_are_searched(line, iso):
    ep = play([line], ONE7)
    assert [c["date"] for c in _calls(ep, "search_flights")] == [iso]


@pytest.mark.parametrize("line", ["hi, I need JFK to London on the first Thursday, just me, Ann Lee",
                                  "JFK to London the Friday before, just me, Ann Lee"])
def test_an_unread_weekday_date_is_asked(line):
    ep = play([line], ONE7)
    assert _calls(ep, "search_flights") == []
    assert "What date would you like to fly" in _after(ep, line)


def test_a_return_said_from_the_outbound_is_after_it():
    line = "London to New York JFK on March 17, coming back the Thursday after, just me, Ann Lee"
    assert parse(line, DB).return_date == "2026-03-19"
    assert parse("fly out May 4, back the Monday after", DB).return_date == "2026-05-11"
    ep = play([line, "1", "2"], ROUND25)
    assert [c["date"] for c in _calls(ep, "search_flights")] == ["2026-03-17", "2026-03-19"]
    said = _after(ep, line)
    assert "That covers both directions" not in said and "2026-03-05" not in said, said  # no return day before the way out


def test_a_return_read_before_the_outbound_is_asked():
    line = "London to New York JFK on March 20, returning the Tuesday after next, just me, Ann Lee"
    ep = play([line], ROUND25)
    assert _calls(ep, "search_flights") == []
    assert "On what date would you like to fly back" in _after(ep, line)


# --- F3. the booker's own name, said beside the traveller's, is not the traveller's -----------------------------

EA = "Hi, I'm an EA booking travel for my boss, Maya Adeyemi. She needs Miami to Doha on April 14th. "


@pytest.mark.parametrize("text", [
    EA + "My name's Jordan Lee by the way", EA + "My name's Jordan btw",
    "Miami to Doha April 14 for my boss Maya Adeyemi. my name is Jordan tho, in case you need it",
    "I'm booking on behalf of my client Maya Adeyemi, Miami to Doha April 14. My name is Jordan Lee.",
    "Miami to Doha April 14 for my mother, Maya Adeyemi. I'm Tunde Adeyemi, her son",
    "I'm her PA, Jordan Lee - booking for my boss Maya Adeyemi, Miami to Doha April 14",
    # near misses, as before
    "Miami to Doha April 14 for my boss Maya Adeyemi, I'm Sam, her assistant",
])
def test_the_traveller_not_the_booker(text):
    p = parse(text, DB)
    assert (p.first_name, p.last_name) == ("Maya", "Adeyemi")


@pytest.mark.parametrize("text,name", [
    ("booking for my boss. My name is Jordan Lee", (None, None)),  # the traveller's name is asked
    ("my name is Jordan Lee, flying with my boss Maya Adeyemi", ("Jordan", "Lee")),  # the speaker flies too
    ("My name is Jordan Lee, Miami to Doha April 14", ("Jordan", "Lee")),
    ("my name is Jordan btw", ("Jordan", None)), ("my name is Tho Nguyen", ("Tho", "Nguyen")),
])
def test_the_booker_named_alone_or_travelling(text, name):
    p = parse(text, DB)
    assert (p.first_name, p.last_name) == name


@pytest.mark.parametrize("line", [EA + "My name's Jordan Lee by the way", EA + "My name's Jordan btw",
                                  "Miami to Doha April 14, one seat for my boss Maya Adeyemi. my name is Jordan tho"])
def test_the_traveller_is_booked_not_the_booker(line):
    ep = play([line, "2"], ONE7)
    assert "under the name Maya Adeyemi" in _after(ep, "2")
    ep = play([line, "2", "yes"], ONE7)
    assert [(c["first_name"], c["last_name"]) for c in _calls(ep, "book_flight")] == [("Maya", "Adeyemi")]


# --- F4. "as long as" after "book it" is a condition, never a name -------------------------------------------

GROUP_WEDDING = ["Chicago to Frankfurt on October 10, me + 4 others, last name for all of us is Dubois", "the first one",
                 "Carlos Dubois"]


@pytest.mark.parametrize("text", ["book it as long as it's refundable", "book it as long as the total is under 5000",
                                  "Miami to Doha April 14, just me, book it as long as it's under 900",
                                  "book it as soon as you can", "book them as long as there are seats"])
def test_as_long_as_is_no_name(text):
    p = parse(text, DB)
    assert (p.first_name, p.last_name) == (None, None)


@pytest.mark.parametrize("text,name", [("book it as Long Nguyen please", ("Long", "Nguyen")),
                                       ("book it under Mark Long", ("Mark", "Long"))])
def test_long_is_still_a_name_when_given_as_one(text, name):
    assert (parse(text, DB).first_name, parse(text, DB).last_name) == name


@pytest.mark.parametrize("line", ["book it as long as it's refundable", "book it as long as the total is under 5000"])
def test_a_condition_at_the_summary_keeps_the_name_and_books_nothing(line):
    ep = play(GROUP_WEDDING + [line], GROUP7)
    said = _after(ep, line)
    assert "Long" not in said and "under the name Carlos Dubois" in said and _calls(ep, "book_flight") == [], said


def test_a_condition_in_the_first_message_is_no_name():
    line = "Miami to Doha April 14, just me, book it as long as it's under 900"
    ep = play([line, "2"], ONE7)
    said = _after(ep, "2")
    assert "Long" not in said and "first and last name" in said, said


# --- F7. a booking reference typed in groups or letter by letter ------------------------------------------------

CHANGE7 = D.scenario("change_booking", 7)  # BKZYZBWR, Mensah


@pytest.mark.parametrize("text", ["booking BK-ZYZ-BWR, last name mensah", "I just told you, BK-ZYZ-BWR", "B K Z Y Z B W R",
                                  "bk zyz bwr", "my ref is bk zy zb wr", "BK.ZYZ.BWR", "BK ZYZ BWR mensah",
                                  # near misses, as before
                                  "bkzyzbwr", "BK-ZYZBWR", "BK ZYZBWR"])
def test_a_reference_in_groups_is_read(text):
    assert parse(text, DB).booking_ids == ["BKZYZBWR"]


@pytest.mark.parametrize("text", ["BK-ZYZ-BW", "BK-ZYZ-BWRX", "bk to ny on the 5th please"])
def test_a_reference_of_the_wrong_length_is_none(text):
    assert parse(text, DB).booking_ids == []


@pytest.mark.parametrize("first", ["booking BK-ZYZ-BWR, last name mensah, what's the status?",
                                   "bk zyz bwr, surname Mensah - is it confirmed?"])
def test_a_reference_in_groups_is_looked_up(first):
    ep = play([first], CHANGE7)
    assert [c["booking_id"] for c in _calls(ep, "lookup_booking")] == ["BKZYZBWR"]


# --- F9. a conditional yes, or a cancellation taken back for a change, at a cancel or change prompt --------------

CANCEL7 = D.scenario("cancel_booking", 7)  # BK3YULGI, Khan: non-refundable
CANCEL_ASK = "need to cancel BK3YULGI, Khan. yes — wait, first tell me if I get a refund"


@pytest.mark.parametrize("line", ["hmm. ok yes if there's no fee", "ugh fine, but only if I can rebook later for free",
                                  "yes, as long as I get my money back", "ok go ahead provided there's no charge"])
def test_a_conditional_yes_at_a_cancel_prompt_is_asked_again(line):
    ep = play([CANCEL_ASK, line], CANCEL7)
    said = _after(ep, line)
    assert _calls(ep, "cancel_booking") == []
    assert "not on a condition" in said and said.endswith("Shall I cancel booking BK3YULGI?"), said
    assert "will not go ahead" not in said and "take your time" not in said
    ep = play([CANCEL_ASK, line, "yes"], CANCEL7)
    assert [c["booking_id"] for c in _calls(ep, "cancel_booking")] == ["BK3YULGI"]


@pytest.mark.parametrize("line", ["no, not if there's a fee", "no thanks"])
def test_a_no_at_a_cancel_prompt_stays_a_no(line):
    ep = play([CANCEL_ASK, line], CANCEL7)
    assert "will not go ahead" in _after(ep, line) and _calls(ep, "cancel_booking") == []


@pytest.mark.parametrize("line", ["yes cancel — no wait, can I move it to June instead?",
                                  "yes cancel — no wait, can I move it to June 9 instead?",
                                  "cancel it. actually no, change it to june 9"])
def test_a_cancellation_taken_back_for_a_change_is_a_change(line):
    ep = play([CANCEL_ASK, line], CANCEL7)
    said = _after(ep, line)
    assert _calls(ep, "cancel_booking") == [] and "can't help" not in said and "Shall I cancel" not in said, said
    assert "June" in said or "2026-06-09" in said


CHANGE_ASK = ["booking BKZYZBWR, last name mensah, move it to the 6th of December please", "1"]


@pytest.mark.parametrize("line", ["yes — hmm no, actually make it the 7th", "yes — hmm no, actually make it December 7",
                                  "no, the 7th instead"])
def test_a_new_day_at_a_change_summary_is_searched(line):
    ep = play(CHANGE_ASK + [line], CHANGE7)
    assert _calls(ep, "search_flights")[-1]["date"] == "2026-12-07" and _calls(ep, "modify_booking") == []


@pytest.mark.parametrize("line", ["no", "no, forget it"])
def test_a_no_at_a_change_summary_stays_a_no(line):
    ep = play(CHANGE_ASK + [line], CHANGE7)
    assert "will not go ahead" in _after(ep, line) and _calls(ep, "modify_booking") == []


# --- F5. a yes said with "nothing else" is neither a goodbye nor a no ---------------------------------------------
# (the verifiers do not read "yes go ahead, nothing else after that" as a plain yes, so the agent asks for one)

@pytest.mark.parametrize("line", ["yes go ahead, nothing else after that", "sure, no other questions",
                                  "yes please — no other questions from me"])
def test_a_yes_with_nothing_else_is_asked_again_not_dropped(line):
    ep = play([CANCEL_ASK, line], CANCEL7)
    said = _after(ep, line)
    assert "goodbye" not in said and "will not go ahead" not in said, said
    assert said.endswith("Shall I cancel booking BK3YULGI?") and _calls(ep, "cancel_booking") == []
    ep = play([CANCEL_ASK, line, "yes"], CANCEL7)
    assert [c["booking_id"] for c in _calls(ep, "cancel_booking")] == ["BK3YULGI"]


@pytest.mark.parametrize("line,called", [("yes please, that's all", ["BK3YULGI"]), ("no, nothing else", [])])
def test_a_plain_yes_or_no_with_a_closing_as_before(line, called):
    ep = play([CANCEL_ASK, line], CANCEL7)
    assert [c["booking_id"] for c in _calls(ep, "cancel_booking")] == called
