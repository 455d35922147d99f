"""Names given in pieces, around other words, or withheld.

Played before this, against the fault-free target (unnamed_traveler, two seats): "just put it
under Fatima" gave a summary "under the name Fatima Fatima"; "just Fatima" was asked for the first
and last name again, and "my last name is Khan" then booked "Khan Khan"; "name Zara Kowalski
passport no LS 7418 6634" booked last name "passport"; at a summary, "right, that is the one I
wanted to ask about. refundable?" renamed the passenger "Refundable Murphy".
"""

from __future__ import annotations

import pytest

from envs.skyassist.verifiers import verify_messages
from tests.envs.skyassist.test_counts_and_numeric_dates import SC, D, booked, play

PICKED = [f"{SC['origin']} to {SC['destination']} {SC['date']}, 2 seats", "1"]


def _name(ep):
    done = booked(ep)
    return (done[0].get("first_name"), done[0].get("last_name")) if done else None


@pytest.mark.parametrize("lines,name", [
    (["just put it under Fatima", "ok fine its Khan"], ("Fatima", "Khan")),
    (["just Fatima", "my last name is Khan"], ("Fatima", "Khan")),
    (["only Maria", "surname's Lopez"], ("Maria", "Lopez")),
    (["Fatima", "fine, it's Nakamura"], ("Fatima", "Nakamura")),
    (["name Zara Kowalski passport no LS 7418 6634"], ("Zara", "Kowalski")),
    (["Zara Kowalski, dob 1990-04-02"], ("Zara", "Kowalski")),
    (["Zara Kowalski, born 12 march 1988"], ("Zara", "Kowalski")),
])
def test_a_name_in_pieces_is_booked_as_given(lines, name):
    ep = play(PICKED + lines + ["yes"])
    assert _name(ep) == name, ep.messages[-1]["content"]
    assert verify_messages(D, ep.messages, SC) == []


def test_a_question_at_the_summary_is_no_name():
    ep = play(PICKED + ["Hannah Murphy", "right, that is the one I wanted to ask about. refundable?"])
    assert "under the name Hannah Murphy" in ep.messages[-1]["content"], ep.messages[-1]["content"]


def test_a_withheld_last_name_is_asked_for_with_the_reason():
    ep = play(PICKED + ["just put it under Fatima", "i prefer not to give my surname"])
    assert "needs the passenger's last name" in ep.messages[-1]["content"] and not booked(ep)


@pytest.mark.parametrize("given,family", [("May Chen", ("May", "Chen")), ("June Park", ("June", "Park")),
                                          ("Jan van der Berg", ("Jan", "van der Berg")),
                                          ("Will Smith", ("Will", "Smith")), ("it's April Jones", ("April", "Jones"))])
def test_a_given_name_that_is_also_a_month_or_a_word_is_a_name(given, family):
    """Refused in a loop before ("What is the first and last name of the lead passenger?")."""
    ep = play(PICKED + [given, "yes"])
    assert _name(ep) == family, ep.messages[-1]["content"]
    assert verify_messages(D, ep.messages, SC) == []


@pytest.mark.parametrize("text", ["on May 5", "May 5 please", "May I book it?", "June"])
def test_a_month_alone_or_with_a_day_is_no_name(text):
    from envs.skyassist.language import parse
    assert (parse(text, D.db, "name").first_name, parse(text, D.db, "name").last_name) == (None, None)


@pytest.mark.parametrize("line", ["is the economy one refundable?", "does the premium one have wifi?",
                                  "hmm whats the cheapest option, i will decide later",
                                  "whats the fare basis code on option 1", "which one is the earliest",
                                  "whats the difference in price between option 1 and 2"])
def test_a_question_about_a_listed_option_picks_none(line):
    """Each of these picked a flight before ("You picked SA9775 (Economy). What is the first and last
    name ...?"), so that a name and a yes booked a flight the customer had only asked about."""
    opening = f"{SC['origin']} to {SC['destination']} {SC['date']}, 1 seat"
    ep = play([opening, line])
    assert "You picked" not in ep.messages[-1]["content"], ep.messages[-1]["content"]
    assert "You picked" in play([opening, "the first one please"]).messages[-1]["content"]
    assert "You picked" in play([opening, "is option 2 ok? I will take it"]).messages[-1]["content"]
