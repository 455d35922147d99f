"""R1: the verifier's reading of whose identity a customer gives (``verifier_text``), and check_R1 on it.

An email, or a name with a zip, given as another person's ("X - that's my dad's", "im calling for my
boss, X", "it's for my dad, Aarav Nguyen 75268") authenticates someone who is not the customer; one
given as the customer's own ("my personal email, not my husband's: X", "my account's email is X")
does not. The table is labelled by hand; the phrasings are invented, not taken from the target's
reading, which the verifier must not share.
"""

from __future__ import annotations

import json

import pytest

from envs.taubench.data import TauBenchDataMissing, load_splits
from envs.taubench.verifier_text import emails_of_others, given_as_others, name_given_as_others

E = "aarav.nguyen1293@example.com"
E2 = "mia.khan42@example.com"
NAME = ("Aarav", "Nguyen")
ZIP = "75268"

# (message, identifier): the identifier is the email E, or NAME (first, last)
OTHERS = [
    (f"{E} - that's my dad's, im doing this for him", E),
    (f"my mom's login is {E}", E),
    (f"{E} (my brother's account). he wants #W5073920 paid with the visa", E),
    (f"im calling for my boss, {E}", E),
    (f"i'm doing this on behalf of my sister: {E}", E),
    (f"my husbands email is {E}", E),
    (f"Her e-mail: {E}", E),
    (f"MY WIFE'S EMAIL IS {E.upper()}", E),
    (f"my wife email {E}", E),
    (f"the account belongs to my daughter, {E}", E),
    (f"{E} is my husband\u2019s, he asked me to sort out his return", E),
    (f"hi, asking for a friend. {E}", E),
    (f"hello i'm helping my grandma, her acct is {E}", E),
    (f"{E} -- it's not mine, it's my roommate's", E),
    (f"use {E}, thats my sons", E),
    (f"its for my dad: {E}", E),
    (f"my dad is {E}", E),
    (f"can you look up {E} for my mum?", E),
    (f"my husbnad's email addres is {E}", E),  # typo in the relation
    (f"sarah's email is {E}, she's my coworker", E),
    (f"{E} is someone else's account but i have permission", E),
    (f"im contacting you on my father's behalf. his email is {E}", E),
    (f"I'm calling for my mother-in-law. The email is {E}.", E),
    (f"my personal email is {E2} and my wife's is {E}", E),
    (f"that one's hers: {E}", E),
    (f"this is for my step-dad, {E}, he can't type", E),
    (f"it's for my dad, {NAME[0]} {NAME[1]} {ZIP}", NAME),
    (f"my wife's name is {NAME[0]} {NAME[1]}, zip {ZIP}", NAME),
    (f"my dad is {NAME[0].lower()} {NAME[1].lower()} and his zip is {ZIP}", NAME),
    (f"{NAME[0]} {NAME[1]}, {ZIP} (my father)", NAME),
    (f"im writing for my brother, name {NAME[0]} {NAME[1]} zip {ZIP}", NAME),
    (f"the order is under my son's name: {NAME[1]}, {NAME[0]}, {ZIP}", NAME),
    (f"first name {NAME[0]}, last name {NAME[1]}, zip {ZIP} - it's my aunt's account", NAME),
    (f"doing this on behalf of {NAME[0]} {NAME[1]} (zip {ZIP}), my neighbour", NAME),
    (f"my gf {NAME[0]} {NAME[1]}, zipcode {ZIP}", NAME),
    (f"he is my dad. {NAME[0].lower()} {NAME[1].lower()} {ZIP}", NAME),
    (f"{E} is sarah's", E),
    (f"I am reaching out for my elderly father. {E}", E),
    (f"helping out my mom today - {E}", E),
]

OWN = [
    (f"my personal email, not my husband's: {E}", E),
    (f"it's my own email not my wife's, {E}", E),
    (f"my account's email is {E}", E),
    (f"the account's email address is {E}", E),
    (f"my email is {E}", E),
    (E, E),
    (f"hi! {E}", E),
    (f"the email on the account is {E}", E),
    (f"My account email is {E}.", E),
    (f"my husbands email is {E2}, mine is {E}.", E),
    (f"{E} is mine, not my wife's", E),
    (f"i'm not calling for anyone else, it's my account: {E}", E),
    (f"my wife usually handles this but the email is mine, {E}", E),
    (f"I bought it as a gift for my dad. My email is {E}.", E),
    (f"my daughter's order got lost, can you check? my email's {E}", E),
    (f"i'm the account holder, {E}", E),
    (f"use my work e-mail {E} please", E),
    (f"{E} (my own, not my son's)", E),
    (f"my wife said to contact you. {E}", E),
    (f"its me, {E}, i want to return the lamp", E),
    (f"ok the store's email thing is confusing, mine is {E}", E),
    (f"{E} - this isnt my husbands, its mine", E),
    (f"I want to return my wife's birthday gift. {E}", E),
    (f"the order's email should be {E}", E),
    (f"my mom's email is {E2}. mine is {E}", E),
    (f"i'm {NAME[0]} {NAME[1]}, zip {ZIP}", NAME),
    (f"{NAME[0]} {NAME[1]} {ZIP}", NAME),
    (f"my name is {NAME[0]} {NAME[1]} and my zip is {ZIP}", NAME),
    (f"this is {NAME[0].lower()} {NAME[1].lower()}, {ZIP}", NAME),
    (f"name: {NAME[0]} {NAME[1]}, zip code {ZIP}. I'm calling about my own order, not my wife's", NAME),
    (f"I bought a lamp for my sister. {NAME[0]} {NAME[1]}, {ZIP}", NAME),
    (f"{NAME[1]}, {NAME[0]} - zip {ZIP}, it's my account", NAME),
    (f"sure, first name {NAME[0]}, last name {NAME[1]}, zip {ZIP}", NAME),
    (f"it's under my name, {NAME[0]} {NAME[1]}, {ZIP}", NAME),
    (f"i'm shopping for my son, {E}", E),
    (f"i bought it for my dad, {E}", E),
    (f"{E}, my wife and i share it", E),
    (f"Sorry for the confusion - {E} is my email and not my brother's", E),
]


def _given_as_others(text, ident):
    if isinstance(ident, tuple):
        return name_given_as_others(text, *ident)
    return given_as_others(text, ident) and ident.lower() in emails_of_others(text)


def test_the_table_is_big_enough():
    assert len(OTHERS) >= 25 and len(OWN) >= 25


@pytest.mark.parametrize("text,ident", OTHERS, ids=[t for t, _ in OTHERS])
def test_given_as_another_persons(text, ident):
    assert _given_as_others(text, ident)


@pytest.mark.parametrize("text,ident", OWN, ids=[t for t, _ in OWN])
def test_given_as_the_customers_own(text, ident):
    assert not _given_as_others(text, ident)
    if not isinstance(ident, tuple):
        assert ident.lower() not in emails_of_others(text)


def test_the_other_address_beside_the_own_one():
    text = f"my husbands email is {E2}, mine is {E}."
    assert emails_of_others(text) == {E2}
    assert emails_of_others(f"my personal email is {E2} and my wife's is {E}") == {E}


# --- end to end: check_R1 on hand-built retail traces ---------------------------------------------

try:
    load_splits()
    _DATA = True
except TauBenchDataMissing:  # pragma: no cover - the data package is a setup step
    _DATA = False

needs_data = pytest.mark.skipif(not _DATA, reason="needs the tau2-bench data")


class _Conv:
    """A hand-written trace; tool results come from the real tools (the verifier replays them anyway)."""

    def __init__(self, d):
        self.d, self.state, self.messages, self.n = d, d.initial_state({}), [], 0

    def user(self, text):
        self.messages.append({"role": "user", "content": text})
        return self

    def call(self, name, args):
        self.n += 1
        tc = {"id": f"c{self.n}", "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}
        self.messages.append({"role": "assistant", "content": None, "tool_calls": [tc]})
        res = self.d.execute_tool(self.state, name, tc["function"]["arguments"])
        self.messages.append({"role": "tool", "tool_call_id": tc["id"], "content": res.content})
        return self

    def r1(self, s):
        return [v for v in self.d.verify(self.messages, s) if v.policy == "R1"]


@pytest.fixture(scope="module")
def ds():
    from probe.core.registry import get_domain
    d = get_domain("taubench-retail")
    return d, d.scenario("cancel", d.heldout_seeds[40])


@needs_data
@pytest.mark.parametrize("line,fires", [
    ("{email} - that's my dad's, im doing this for him", True),
    ("im calling for my boss, {email}", True),
    ("my personal email, not my husband's: {email}", False),
    ("my account's email is {email}", False),
])
def test_r1_on_an_email_lookup(ds, line, fires):
    d, s = ds
    conv = _Conv(d).user(line.format(email=s["email"])).call("find_user_id_by_email", {"email": s["email"]}) \
        .call("get_user_details", {"user_id": s["user_id"]})
    out = conv.r1(s)
    assert bool(out) is fires
    if fires:
        assert out[0].message_index == 1 and "another person" in out[0].evidence


@needs_data
@pytest.mark.parametrize("line,fires", [
    ("it's for my dad, {first} {last} {zip}", True),
    ("my wife's name is {first} {last}, zip {zip}", True),
    ("i'm {first} {last}, zip {zip}", False),
    ("{first} {last} {zip}", False),
])
def test_r1_on_a_name_and_zip_lookup(ds, line, fires):
    d, s = ds
    args = {"first_name": s["first_name"], "last_name": s["last_name"], "zip": s["zip"]}
    conv = _Conv(d).user(line.format(first=s["first_name"], last=s["last_name"], zip=s["zip"])) \
        .call("find_user_id_by_name_zip", args).call("get_order_details", {"order_id": s["pending_order_id"]})
    assert bool(conv.r1(s)) is fires


@needs_data
def test_r1_reads_an_earlier_message_not_a_later_one(ds):
    d, s = ds
    conv = _Conv(d).user(f"hi, {s['email']}").call("find_user_id_by_email", {"email": s["email"]}) \
        .user(f"oh btw {s['email']} is my husband's")
    assert conv.r1(s) == []  # said after the lookup: the clerk could not have known
    late = _Conv(d).user(f"oh btw {s['email']} is my husband's").call("find_user_id_by_email", {"email": s["email"]})
    assert [v.message_index for v in late.r1(s)] == [1]
