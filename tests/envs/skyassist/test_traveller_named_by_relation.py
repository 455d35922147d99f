"""A traveller named beside who they are to the customer.

Played before this, against the fault-free target: "I need to book a flight for my boss, Tomasz
Nguyen, from FCO to LAX on ..." listed the flights, and after the pick the agent asked "What is
the first and last name of the lead passenger?", the name given in the first message unread.
Without a comma ("booking for my boss Tomasz Nguyen from ...") the verifiers' own reading did not
count the name as stated either, so a target that booked under it broke S1.
"""

from __future__ import annotations

import pytest

from envs.skyassist.language import parse
from envs.skyassist.verifiers import verify_messages
from envs.skyassist.verify_names import stated_names
from tests.envs.skyassist.test_counts_and_numeric_dates import SC, D, booked, play


@pytest.mark.parametrize("opening", [
    "Hi, I need to book a flight for my boss, Tomasz Nguyen, from {origin} to {destination} on {date}.",
    "booking for my boss Tomasz Nguyen from {origin_city} to {destination_city} on {date}",
    "My colleague: Tomasz Nguyen. He needs {origin} to {destination}, {date}, one seat.",
    "can you get my dad Tomasz Nguyen a seat {origin} to {destination} on {date}",
])
def test_the_named_traveller_is_the_lead_passenger(opening):
    ep = play([opening.format(**SC), "The first one.", "yes"])
    done = booked(ep)
    assert done and done[0]["first_name"] == "Tomasz" and done[0]["last_name"] == "Nguyen"
    assert verify_messages(D, ep.messages, SC) == []


@pytest.mark.parametrize("text", ["for my wife, Monday works", "my son New York", "my boss says hi",
                                  "for my friend, thanks", "my colleague is Busy"])
def test_no_name_after_the_relation_when_none_is_given(text):
    p = parse(text, D.db)
    assert (p.first_name, p.last_name) == (None, None)


@pytest.mark.parametrize("text,words", [
    ("booking for my boss Tomasz Nguyen from Rome", {"tomasz", "nguyen"}),
    ("my wife: Ana de la Cruz, please", {"ana", "de", "la", "cruz"}),
    ("my sister Olga Petrova is flying", {"olga", "petrova"}),
])
def test_the_verifiers_count_the_name_as_stated(text, words):
    assert words <= stated_names(text)


@pytest.mark.parametrize("text,one", [("can you get my dad Tomasz Nguyen a seat", True), ("book my wife a seat", True),
                                      ("get my wife and me a ticket", False), ("get my dad and mum a ticket each", False)])
def test_a_seat_for_one_other_traveller_is_one_passenger(text, one):
    assert parse(text, D.db).for_me is one
