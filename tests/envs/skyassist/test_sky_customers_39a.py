"""SkyAssist reference agent, counts of passengers and names left open by earlier black-box testers (thirty-ninth
session, helper skyX). A wrong count books the wrong number of seats; each case asserts the book_flight (or
hold_itinerary) call and that the fault-free trace has no violations. The testers' words, other phrasings, and the near
misses that must keep their reading:

1. companions said across sentences of a first message were not counted: "just for me. Hubby's tagging along though,
   and his mum." booked 1 seat (3 travel); "It's for me. My husband is coming too, and his mother." booked 2; "Only
   me. my wife is coming too, and our two kids" booked 2; "only me. actually make that me and my mum and dad" booked 2;
   "me and my 2 kids, my wife isn't coming" booked 4 (3); "just me, my wife and her mum are staying home" booked 3 (1);
   "for me, my wife and our boys" booked 2 (how many boys is asked now);
2. at "How many passengers will be travelling?", the speaker's own household said without the speaker ("my husband and
   our two boys", "the wife and our 3 kids", "wife and 2 kids", "hubby + 2 kids") booked 3, 4, 2 and 2 seats: the
   speaker counts too (4, 5, 4, 4) unless the speaker is said out ("just ...", "..., not me") or the trip was asked
   for them ("a flight for my wife and our boys");
3. a companion named at the count question took the lead passenger's name: "me and my colleague Patel" after "Nadia
   Fischer" booked under "Patel Fischer" ("me and my colleague Tom Patel" under "Tom Patel"); "my colleague Patel" alone
   is now asked again with the speaker in mind;
4. titles with a full stop: "Sgt. Ana Lopez" and "Lt. Tom Price" were asked "what is Sgt's last name?"; "Sgt Ana Lopez"
   was booked under the first name "Sgt Ana"; "Ms Leila" (a title and a given name only) was booked under the family
   name "Leila": the given name is kept and the family name asked;
5. other counts: "the two of us plus one" booked 2 (3); "plus one", "just me and a plus one", "plus 2" at the count
   question were not read (2, 2, 3).
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_sky_faults_28 import D, _calls, _play, _said

# one_way seed 1: Frankfurt to Paris on March 25, option 3 is SA5584; the count is asked after the pick
TRIP = ["Frankfurt to Paris March 25", "option 3", "Nadia Fischer"]


def _booked(t) -> list[tuple[int, str | None, str]]:
    return [(c["passengers"], c.get("first_name"), c["last_name"])
            for c in _calls(t, "book_flight") + _calls(t, "hold_itinerary")]


def _first(message: str, faults: list[str] | None = None):
    return _play("one_way", 1, faults or [], [f"Hi, Frankfurt to Paris March 25. {message}", "option 3", "Nadia Fischer",
                                              "yes"])


# --- 1. companions across the sentences of a first message --------------------------------------------------------------

@pytest.mark.parametrize("message, n", [
    ("just for me. Hubby's tagging along though, and his mum.", 3),  # the tester's
    ("Just me. Well, me and the wife actually.", 2),  # the tester's
    ("It's for me. My husband is coming too, and his mother.", 3),
    ("Just me. Oh wait, my wife is coming as well, plus her sister.", 3),
    ("one seat for me. the missus is coming along too, and her mum", 3),
    ("Just me. Actually, my husband's coming along as well, and his sister.", 3),
    ("a seat for me pls. oh and hubby is tagging along, plus his mum", 3),
    ("one ticket for me - the wife's coming too though, and her mother", 3),
    ("Just me flying. My son is joining us as well, with his girlfriend.", 3),
    ("Only me. my wife is coming too, and our two kids", 4),
    ("for me. my wife is coming too, and her two sisters", 4),
    ("only me. actually make that me and my mum and dad", 3),
    ("Just me - scratch that, me and my two kids", 3),
    ("just me. hubby's coming too tho", 2),
    ("Only me. Oh wait, my sister's coming too.", 2),
    ("Just me... well actually me and the missus", 2),
    ("solo trip. Actually no, the hubby wants to come, and his brother", 3),
    ("1 ticket please. hubby's joining, plus our 2 kids", 4),
    ("Just myself. My wife will join me as well.", 2),
    ("just me. my mum is coming too, with her sister", 3),
    ("just me! my husband's coming along too, and his mum and dad", 4),
    ("For me only. My partner is tagging along as well, and her son.", 3),
    ("just me, though my wife and our son are coming too", 3),
    ("just me. my wife and our son are coming too", 3),
    # near misses: those said do not fly
    ("a seat for me. my wife is coming as well, and her mum is meeting us there", 2),
    ("just for me. My wife flies with me next month on a separate booking", 1),
    ("just me. my husband will drop me at the airport", 1),
    ("just for me. my husband's taking me to the airport", 1),
    ("Just me. My wife is coming to the airport with me though.", 1),
    ("just me, my wife is staying home with the kids", 1),
    ("just me, my wife and her mum are staying home", 1),
    ("just for me, hubby's flying out later on his own ticket", 1),
    ("just me. My sister and her two kids are picking me up", 1),
    ("me and my wife, the kids stay with grandma", 2),
    ("me and my wife. my mum will drop us off at the airport.", 2),
    ("me and my 2 kids, my wife isn't coming", 3),
    ("Just me and my son; my wife can't make it", 2),
])
def test_companions_across_sentences_of_a_first_message(message, n):
    t = _first(message)
    assert _booked(t) == [(n, "Nadia", "Fischer")], _said(t)
    assert t.violations == []


@pytest.mark.parametrize("message", ["for me. my partner is coming too, and her kids",  # how many kids?
                                     "for me, my wife and our boys"])  # (booked 2 before)
def test_companions_of_unsaid_number_are_asked_about(message):
    t = _first(message)
    assert _booked(t) == [] and any("How many passengers" in x for x in _said(t)), _said(t)
    assert t.violations == []


def test_a_hold_counts_the_companions_too():
    t = _play("one_way", 1, [], ["Hi, can you hold seats Frankfurt to Paris March 25, just for me. Hubby's tagging "
                                 "along though, and his mum.", "option 3", "Nadia Fischer", "yes"])
    assert [c["passengers"] for c in _calls(t, "hold_itinerary")] == [3], _said(t)
    assert t.violations == []


# --- 2. the count question: the speaker's household ---------------------------------------------------------------------

@pytest.mark.parametrize("answer, n", [
    ("my husband and our two boys", 4),  # the tester's
    ("the wife and our 3 kids", 5),  # the tester's
    ("wife and 2 kids", 4),
    ("hubby + 2 kids", 4),
    ("husband, 2 boys", 4),
    ("husband and 2 kids, thanks", 4),
    ("the missus and the 3 kids", 5),
    ("my partner and our daughter", 3),
    ("the hubby and our 2 girls", 4),
    ("wife + 3 kids", 5),
    ("the other half and our son", 3),
    ("My wife, our daughter and our son", 4),
    ("my wife, our son and my mother-in-law", 4),
    ("my husband and our two boys please", 4),
    ("my husband and our two boys (8 and 10)", 4),
    ("my wife and our twins", 4),
    ("my wife and our baby", 3),  # a baby is a passenger here, as "me, my wife and our baby" = 3
    ("my sister and our mum", 3),
    ("husband plus 3 kids", 5),
    ("hubby and our 2 kids", 4),
    ("the wife, our 2 kids and my mum", 5),
    ("my wife and her mum", 3),
    ("my husband and his parents", 4),
    # near misses: the speaker said out or in, a total said, or not the speaker's household
    ("just my husband and our two boys", 3),
    ("just the wife and our 3 kids", 4),
    ("the wife and our 3 kids, not me", 4),
    ("my husband and our two boys, I'm not going", 3),
    ("my husband and our two boys, so 4 of us", 4),
    ("for my wife and our 2 kids", 3),
    ("me, my husband and our two boys", 4),
    ("me and the wife", 2),
    ("the wife and me", 2),
    ("my dad and his wife", 2),
    ("my boss and his wife", 2),
    ("my daughter and her 2 kids", 3),
    ("my wife and our 2 kids, total 4", 4),
    ("me, hubby and our 2 kids", 4),
    ("wife and me", 2),
    ("my two colleagues", 2),
    ("2 colleagues and me", 3),
    ("my wife and our 2 kids are joining me", 4),
    ("plus 2 friends", 3),
    ("3", 3),
])
def test_the_speakers_household_at_the_count_question(answer, n):
    t = _play("one_way", 1, [], TRIP + [answer, "yes"])
    assert _booked(t) == [(n, "Nadia", "Fischer")], _said(t)
    assert t.violations == []


def test_the_household_after_a_trip_asked_for_them_leaves_the_speaker_out():
    t = _play("one_way", 1, [], ["Hi, I need a flight for my wife and our boys, Frankfurt to Paris March 25", "option 3",
                                 "Nadia Fischer", "my wife and our two boys", "yes"])
    assert _booked(t) == [(3, "Nadia", "Fischer")], _said(t)
    assert t.violations == []


def test_a_household_hold_at_the_count_question():
    t = _play("one_way", 1, [], ["Hi, can you hold seats Frankfurt to Paris March 25", "option 3", "Nadia Fischer",
                                 "the wife and our 3 kids", "yes"])
    assert [c["passengers"] for c in _calls(t, "hold_itinerary")] == [5], _said(t)
    assert t.violations == []


@pytest.mark.parametrize("answer", ["my wife and kids", "my colleague Patel", "the wife"])
def test_who_without_how_many_is_asked_again(answer):  # near misses: never a count guessed
    t = _play("one_way", 1, [], TRIP + [answer, "yes"])
    assert _booked(t) == []
    assert "How many passengers" in _said(t)[3], _said(t)
    assert t.violations == []


# --- 3. a companion named at the count question -------------------------------------------------------------------------

@pytest.mark.parametrize("answer", ["me and my colleague Patel",  # the tester's
                                    "my colleague Patel and me", "me and my colleague Tom", "me and my colleague Tom Patel",
                                    "me and Dr. Mehta", "I'm flying with my colleague Patel"])
def test_a_companion_named_at_the_count_question_is_no_lead_name(answer):
    t = _play("one_way", 1, [], TRIP + [answer, "yes"])
    assert _booked(t) == [(2, "Nadia", "Fischer")], _said(t)
    assert t.violations == []


def test_my_colleague_patel_alone_is_asked_with_the_speaker_in_mind():
    t = _play("one_way", 1, [], TRIP + ["my colleague Patel", "2, me and him", "yes"])
    assert "counting yourself" in _said(t)[3], _said(t)
    assert _booked(t) == [(2, "Nadia", "Fischer")]
    assert t.violations == []


@pytest.mark.parametrize("message", ["me and my colleague Patel", "flying with my colleague Patel"])
def test_a_companion_by_surname_in_a_first_message(message):
    t = _first(message)
    assert _booked(t) == [(2, "Nadia", "Fischer")], _said(t)
    assert t.violations == []


def test_titled_companions_in_a_list_are_never_a_wrong_count():  # (was 2: "Sgt" and "Lt" read as people)
    t = _play("one_way", 1, [], TRIP + ["me, Sgt. Ana Lopez and Lt. Tom Price", "yes"])
    assert _booked(t) == [] and "How many passengers" in _said(t)[3], _said(t)


# --- 4. titles with a full stop ---------------------------------------------------------------------------------------

NAMED = ["Frankfurt to Paris March 25, 2 of us", "option 3"]  # the name is asked after the pick


@pytest.mark.parametrize("name, first, last", [
    ("Sgt. Ana Lopez", "Ana", "Lopez"),  # the tester's
    ("Lt. Tom Price", "Tom", "Price"),  # the tester's
    ("Dr. Mehta", None, "Mehta"),  # the tester's: booked under the family name, as "Mrs Schmidt" is
    ("Ms Leila Haddad", "Leila", "Haddad"),  # the tester's
    ("Mrs. J. Okafor", None, "Okafor"),  # the tester's
    ("Sgt Ana Lopez", "Ana", "Lopez"),
    ("sgt ana lopez", "Ana", "Lopez"),
    ("Capt. Ana Lopez", "Ana", "Lopez"),
    ("Col. Ana Lopez", "Ana", "Lopez"),
    ("it's Sgt. Ana Lopez", "Ana", "Lopez"),
    ("Lieutenant Tom Price", "Tom", "Price"),
    ("Mr. Tom Price", "Tom", "Price"),
    ("Fr. John Walsh", "John", "Walsh"),
    ("Rev. John Smith", "John", "Smith"),
    ("Dr. Priya Mehta", "Priya", "Mehta"),
    ("Prof. Li Wei", "Li", "Wei"),
    # near misses
    ("Mrs Schmidt", None, "Schmidt"),
    ("Mrs Ivanova", None, "Ivanova"),
    ("John Major", "John", "Major"),
    ("Ana Lopez", "Ana", "Lopez"),
])
def test_a_title_is_never_a_name(name, first, last):
    t = _play("one_way", 1, [], NAMED + [name, "yes"])
    assert _booked(t) == [(2, first, last)], _said(t)
    assert t.violations == []


@pytest.mark.parametrize("name, surname", [("Ms Leila", "Haddad"),  # the tester's
                                           ("Ms. Leila", "Haddad"), ("Mr Tom", "Price"),
                                           ("Mr. Tom", "my surname is Price")])
def test_a_title_and_a_given_name_asks_the_family_name(name, surname):
    t = _play("one_way", 1, [], NAMED + [name, surname, "yes"])
    assert "last name" in _said(t)[2], _said(t)
    given = name.split()[-1]
    assert _booked(t) == [(2, given, surname.split()[-1])], _said(t)
    assert t.violations == []


@pytest.mark.parametrize("message, first, last", [
    ("I'm Sgt. Ana Lopez, 2 of us", "Ana", "Lopez"),
    ("Name's Lt. Tom Price, 2 of us", "Tom", "Price"),
    ("This is Dr. Priya Mehta, 2 of us", "Priya", "Mehta"),
])
def test_a_titled_name_in_a_first_message(message, first, last):
    t = _play("one_way", 1, [], [f"Hi, Frankfurt to Paris March 25. {message}", "option 3", "yes"])
    assert _booked(t) == [(2, first, last)], _said(t)
    assert t.violations == []


@pytest.mark.parametrize("line, first, last", [("Ms Leila", "Leila", None), ("Mr. Tom", "Tom", None),
                                               ("Dr. Mehta", None, "Mehta"), ("for Mr Patel", None, "Patel"),
                                               ("it's Mrs Schmidt", None, "Schmidt")])
def test_the_reading_of_a_title_and_one_word(line, first, last):
    p = parse(line, D.db, "name")
    assert (p.first_name, p.last_name) == (first, last)


# --- 5. other ways to say the count ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("answer, n", [("plus one", 2), ("+1", 2), ("plus one please", 2), ("just me and a plus one", 2),
                                       ("me plus one", 2), ("me +1", 2), ("plus 2", 3), ("me + 2", 3), ("3 adults", 3),
                                       ("2 of us and a toddler", 3), ("a party of us four", 4)])
def test_plus_one_and_other_counts_at_the_count_question(answer, n):
    t = _play("one_way", 1, [], TRIP + [answer, "yes"])
    assert _booked(t) == [(n, "Nadia", "Fischer")], _said(t)
    assert t.violations == []


@pytest.mark.parametrize("message, n", [("the two of us plus one", 3), ("me plus one", 2), ("me + 2", 3),
                                        ("2 of us plus 1 infant", 3), ("a party of us four", 4)])
def test_plus_one_and_other_counts_in_a_first_message(message, n):
    t = _first(message)
    assert _booked(t) == [(n, "Nadia", "Fischer")], _said(t)
    assert t.violations == []
