"""The compliant agent's passenger count follows what the customer says (black-box tester skyV, --faults none).

Before (one_way seed 3, "I need a flight from Madrid to Amsterdam on 28 August for 2 passengers, name Aisha Okafor"):
- A00: "add an adult and a child", "and a child too", "plus one adult and one child", "oh and a kid as well" got
  "Noted, 1 passenger." and book_flight {"passengers": 1}; "we also bring a child" got "did not catch" and 2 was
  booked; after the summary "actually add another adult and a child" got "That changes the booking from 2 to 1
  passenger", and "plus an adult and two kids", "also one adult and one infant more", "and also my nephew and niece"
  were ignored (2 booked). Added people now change the count in hand, or the total is asked.
- A0: "2 grown-ups and 1 kid" was booked as 1, "2 grown-ups and 3 kids", "two grownups and three children", "2
  parents and 3 kids", "a couple and their 3 kids" as 3, "2 mums and 2 babies" as 2.
- A1: "we will be 3" got "did not catch", "actually only me, my friend cancelled" got "Noted, 2 passengers.", "my
  colleague can no longer come" got "All right."; 2 was booked in all three.
- A2: "yes, there's no rush but go ahead", "yes, no need to wait", "yes, I have no questions" got "No problem, I will
  not go ahead with that", "yes please, can't wait!" got "Of course, take your time", "yes, nothing else to add" got
  a goodbye. A yes beside a negation that is no refusal is now asked again for a plain yes.
"""

from __future__ import annotations

import json

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages

DOMAIN = get_domain("skyassist")
FIRST = "I need a flight from Madrid to Amsterdam on 28 August for 2 passengers, name Aisha Okafor"
ASK = "How many passengers"


def _play(lines, family="one_way", seed=3):
    sc = DOMAIN.scenario(family, seed)
    return play_messages(DOMAIN, sc, DOMAIN.make_target("reference", []), lines, "t43a")


def _calls(ep, name):
    return [json.loads(tc["function"]["arguments"]) for m in ep.messages if m.get("role") == "assistant"
            for tc in (m.get("tool_calls") or []) if tc["function"]["name"] == name]


def _booked(ep):
    return [a["passengers"] for a in _calls(ep, "book_flight")]


def _replies(ep):
    return [str(m.get("content")) for m in ep.messages if m.get("role") == "assistant" and m.get("content")]


# --- A00: people added to the party already counted ---------------------------------------------------------------

ADDED = [  # (message, the count booked: 2 said first and the people added)
    ("add an adult and a child", 4), ("and a child too", 3), ("there is also an adult and a child", 4),
    ("plus one adult and one child", 4), ("oh and a kid as well", 3), ("we also bring a child", 3),
    # other phrasings
    ("one more adult and a child please", 4), ("add 1 adult 1 kid pls", 4), ("also need seats for 2 more kids", 4),
    ("plus the baby", 3), ("another child", 3), ("and also my nephew and niece", 4), ("and two boys too", 4),
    ("Oh, I forgot - my sister's little boy is coming too", 3), ("and my brother's two kids too", 4),
    ("can you add my mum too?", 3), ("plus an adult and two kids", 5),
    # an addition said beside a question that is not about the people's price or rules
    ("and a child too please, is the first one direct?", 3),
]


@pytest.mark.parametrize("line,n", ADDED)
def test_people_added_before_the_summary_are_added_to_the_count(line, n):
    ep = _play([FIRST, line, "option 1", "yes"])
    assert _booked(ep) == [n], _replies(ep)
    assert ep.violations == []


ADDED_AT_SUMMARY = [
    ("actually add another adult and a child", 4), ("add an adult and a child", 4), ("and a child too", 3),
    ("plus an adult and two kids", 5), ("also one adult and one infant more", 4), ("and also my nephew and niece", 4),
    ("oh and the baby as well", 3),
]


@pytest.mark.parametrize("line,n", ADDED_AT_SUMMARY)
def test_people_added_at_the_summary_are_summarised_again_and_booked(line, n):
    ep = _play([FIRST, "option 1", line, "yes"])
    said = _replies(ep)
    assert f"for {n} passengers" in said[-2] and "Shall I book it?" in said[-2], said[-2]
    assert _booked(ep) == [n], said


@pytest.mark.parametrize("line", ["and the kids as well", "we are bringing a baby", "2 adults and a child too"])
def test_people_added_without_a_clear_number_are_asked_about(line):
    ep = _play([FIRST, line])
    assert ASK in _replies(ep)[-1], _replies(ep)[-1]
    ep = _play([FIRST, "option 1", "and the kids too", "yes"])
    assert ASK in _replies(ep)[-2] and _booked(ep) == [], _replies(ep)


NOT_ADDED = [  # near misses: the count stays 2
    "is there a discount for a child?", "a child's fare?", "do I need to pay for a child's seat?", "no kids this time",
    "my kids are staying home", "yes 2 passengers", "me and my wife", "2 people", "how much is it for a child too?",
]


@pytest.mark.parametrize("line", NOT_ADDED)
def test_near_misses_keep_the_count(line):
    ep = _play([FIRST, line, "option 1", "yes"])
    assert _booked(ep) in ([2], []), _replies(ep)
    assert all("Noted, 1 passenger" not in r and "to 1 passenger" not in r for r in _replies(ep))


@pytest.mark.parametrize("line", ["a child's fare?", "my kids are staying home", "2 passengers, yes",
                                  "is a child's fare cheaper?"])
def test_near_misses_at_the_summary_keep_the_count(line):
    ep = _play([FIRST, "option 1", line, "yes"])
    assert _booked(ep) == [2], _replies(ep)


def test_a_companion_said_before_is_not_added_again():
    ep = _play(["I need a flight from Madrid to Amsterdam on 28 August for me and my son, name Aisha Okafor",
                "option 1", "and my son too", "yes"])
    assert _booked(ep) == [2], _replies(ep)


def test_added_people_in_a_group_scenario():
    ep = _play(["I need a flight from London to Rome on 23 July for 4 passengers, name Carlos Chen",
                "add an adult and a child", "option 1", "yes"], "group_booking", 1)
    assert _booked(ep) == [6], _replies(ep)


# --- A0: grown-ups said by other words -----------------------------------------------------------------------------

PARTIES = [
    ("2 grown-ups and 1 kid", 3), ("2 grown-ups and 3 kids", 5), ("two grownups and three children", 5),
    ("2 parents and 3 kids", 5), ("a couple and their 3 kids", 5), ("2 mums and 2 babies", 4),
    # other phrasings
    ("2 grown ups + 2 kids", 4), ("1 mum, 1 dad and 2 kids", 4), ("two dads and a toddler", 3),
    ("a couple with a baby", 3), ("a married couple and their two children", 4), ("2 grandparents and 2 grandkids", 4),
    # near misses
    ("me and my 2 parents", 3), ("my parents and me", 3), ("a couple", 2), ("2 parents", 2), ("2 adults and 3 kids", 5),
]


@pytest.mark.parametrize("party,n", PARTIES)
def test_a_party_said_with_group_words_is_counted_and_booked(party, n):
    ep = _play([f"I need a flight from Madrid to Amsterdam on 28 August for {party}, name Aisha Okafor", "option 1",
                "yes"])
    assert _booked(ep) == [n], _replies(ep)
    assert ep.violations == []


# --- A1: a count corrected before the summary ----------------------------------------------------------------------

CORRECTED = [
    ("we will be 3", 3), ("actually only me, my friend cancelled", 1), ("my colleague can no longer come", 1),
    # other phrasings
    ("we'll be three now", 3), ("there will be 4 of us", 4), ("actually we're going to be 3", 3),
    ("just me now, my wife can't make it", 1), ("my friend dropped out so it's just me", 1),
    ("my husband won't be able to travel after all", 1), ("my colleague is unable to come", 1),
    ("my friend has cancelled on me", 1), ("my sister bailed, so only me", 1),
    # near misses
    ("my colleague can no longer come to the airport to drive us", 2), ("we will be 3 days in Amsterdam", 2),
    ("we'll be there at 3", 2), ("my friend cancelled her hotel", 2), ("we will be 2", 2),
]


@pytest.mark.parametrize("line,n", CORRECTED)
def test_a_count_corrected_is_the_count_booked(line, n):
    ep = _play([FIRST, line, "option 1", "yes"])
    assert _booked(ep) == [n], _replies(ep)


@pytest.mark.parametrize("line,n", [("we will be 3", 3), ("actually only me, my friend cancelled", 1),
                                    ("my colleague can no longer come", 1), ("my friend had to cancel", 1)])
def test_a_count_corrected_at_the_summary_is_summarised_again(line, n):
    ep = _play([FIRST, "option 1", line, "yes"])
    assert _booked(ep) == [n], _replies(ep)


# --- A2: a yes beside a negation that is no refusal ---------------------------------------------------------------

YES_WITH_NEGATION = ["yes, there's no rush but go ahead", "yes, no need to wait", "yes, I have no questions",
                     "yes, nothing else to add", "yes please, can't wait!", "yep, not in a hurry, go ahead"]


@pytest.mark.parametrize("line", YES_WITH_NEGATION)
def test_a_yes_with_a_harmless_negation_is_no_refusal(line):
    ep = _play([FIRST, "option 1", line])
    reply = _replies(ep)[-1]
    assert "will not go ahead" not in reply and "goodbye" not in reply and "take your time" not in reply, reply
    assert "plain yes" in reply, reply
    ep = _play([FIRST, "option 1", line, "yes"])
    assert _booked(ep) == [2] and ep.violations == []


@pytest.mark.parametrize("line", ["yes, there's no rush but go ahead", "yes please, can't wait!"])
def test_a_yes_with_a_harmless_negation_at_a_cancellation(line):
    start = "I want to cancel my booking BKE5DTNF, last name Johansson"
    ep = _play([start, line], "cancel_booking", 2)
    assert "plain yes" in _replies(ep)[-1] and _calls(ep, "cancel_booking") == []
    ep = _play([start, line, "yes"], "cancel_booking", 2)
    assert _calls(ep, "cancel_booking") == [{"booking_id": "BKE5DTNF"}]


@pytest.mark.parametrize("line", ["no rush, I'll think about it", "no, don't book it", "yes but no, wait"])
def test_a_real_no_or_put_off_stays_one(line):
    ep = _play([FIRST, "option 1", line])
    assert "will not go ahead" in _replies(ep)[-1] or "take your time" in _replies(ep)[-1], _replies(ep)[-1]
    assert _booked(ep) == []
