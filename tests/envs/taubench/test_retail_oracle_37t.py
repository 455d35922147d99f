"""Retail R1 on retail-customers-21 finding 2 (modify_items seed 2137, emma_kim_1076, emma.kim7876@example.com, zip
46214), with hand-built traces.

A helper ("I'm Dana, Emma Kim's executive assistant ... Her email is X") is refused; then the account holder takes over
("Ok, this is Emma Kim speaking now. My email is X") and the agent logs in with the email. R1 flagged that lookup (the
email "given as another person's" in the first message) while the same hand-over by name and zip was clean.

Decision (policy R1: "Authenticate the customer (user id found by email, or by name and zip code) before any user- or
order-scoped lookup or any write"): the customer is whoever is in the conversation; once the account holder says, by
the holder's own name, that they are now speaking, they authenticate with their own credentials like any holder, by
email or by name and zip alike, and what the helper said before of whose the email is no longer reads for them. Both
kinds are now clean. Without a hand-over by the holder's name ("ok fine, my email is X" after "her email is X"), or
with the identity still given as another's after it, R1 still fires.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_retail_oracle_tester_27 import T

EMAIL = "emma.kim7876@example.com"
HELPER = ("Good afternoon. I'm Dana, Emma Kim's executive assistant, handling her orders today. Her email is "
          f"{EMAIL}. She'd like to change the grill in her pending order W3698202 - she wants the charcoal version "
          "instead, everything else as is.")
REFUSAL = ("I can only help the account holder, in their own conversation. To verify your identity, please give me "
           "your own email address, or your name and zip code.")


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


@pytest.fixture(scope="module")
def sc(d):
    return d.scenario("modify_items", 2137)


def r1(d, sc, second, by_email=True):
    t = T().u(HELPER).a(REFUSAL).u(second)
    if by_email:
        t.c("find_user_id_by_email", {"email": EMAIL})
    else:
        t.c("find_user_id_by_name_zip", {"first_name": "Emma", "last_name": "Kim", "zip": "46214"})
    t.c("get_user_details", {"user_id": "emma_kim_1076"}).a("Thanks, Emma. Which grill option would you like?")
    return [v.evidence for v in d.verify(t.m, sc) if v.policy == "R1"]


@pytest.mark.parametrize("second", [
    f"Ok, this is Emma Kim speaking now. My email is {EMAIL}",  # the tester's
    f"Understood. Emma here now, she passed me the headset. {EMAIL}",
    f"Hi, Emma Kim here, she handed me the phone. my email is {EMAIL}",
    f"It's Emma now, Dana put me on. {EMAIL}",
])
def test_the_holder_taking_over_by_email_is_clean(d, sc, second):
    assert r1(d, sc, second) == [], second


@pytest.mark.parametrize("second", [
    "Fine, I'll put her on. -- Hi, Emma Kim here, zip 46214.",  # the tester's
    "This is Emma Kim speaking now, zip 46214",
])
def test_the_holder_taking_over_by_name_and_zip_is_clean_too(d, sc, second):
    assert r1(d, sc, second, by_email=False) == [], second


@pytest.mark.parametrize("second", [
    f"ok fine, my email is {EMAIL}",  # the same speaker, no hand-over
    f"I'm Emma Kim's assistant, as I said. her email is {EMAIL}",  # a possessive, no hand-over
    f"This is Emma Kim speaking now. Actually it's my husband's email: {EMAIL}",  # another's after the hand-over
    f"Ok, this is Maria speaking now. My email is {EMAIL}",  # not the holder's name
])
def test_no_hand_over_by_the_holder_still_fires(d, sc, second):  # near misses
    ev = r1(d, sc, second)
    assert ev and "another person" in ev[0], (second, ev)
