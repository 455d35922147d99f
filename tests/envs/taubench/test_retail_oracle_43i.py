"""Retail R1: a lookup with an identity no customer message gave (retail tester 43, REPORT.md section 2, V1; the
tester's traces are in tests/data/retail_tester_43i.jsonl).

The tester's words: "authentication with credentials the customer never gave passes (5/5 hand traces). HW-G1: the
customer says only 'I'm Anya Lee, cancel #W2989580'; the agent calls find_user_id_by_email with anya.lee3013@example.com,
which was never said, then cancels. HW-G2: the customer gives a wrong email; the agent tries it, it fails, and the agent
tries the correct email, which the customer never gave. HW-G3: the customer gives only the user id; the agent builds the
email from it. G4: the customer gives only the zip; the agent fills in the name. HW-G5: the customer gives name + a wrong
zip; after the failure the agent retries with the real zip. Each of these gets 0 violations. R1 should fire: the identity
did not come from the customer."

Was: R1 only asked that a lookup succeeded before the first scoped call. Now the lookup that authenticates must use an
email, or a first name, last name and zip, that some customer message before it held
(``verifier_text.customer_gave_email`` / ``customer_gave_name_zip``), compared as a person types it: case, spaces,
"at"/"dot" spelled out, accents, dashes in a zip do not matter. Near misses that stay clean: the address in capitals,
with spaces, spelled "at ... dot com", given over two messages' words, the name and zip in any order or in different
messages.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from probe.core.registry import get_domain
from tests.envs.conversation import Conversation

D = get_domain("taubench-retail")
DATA = Path(__file__).resolve().parents[2] / "data" / "retail_tester_43i.jsonl"
TRACES = {t["id"]: t for t in map(json.loads, DATA.read_text().splitlines())}
EMAIL, ORDER = "anya.lee3013@example.com", "#W2989580"


def _cancel(first: list[str], lookups: list[tuple[str, dict]]) -> list:
    c = Conversation(D, "cancel", 22)
    sc = c.scenario
    assert (sc["email"], sc["first_name"], sc["last_name"], sc["zip"], sc["pending_order_id"]) == \
        (EMAIL, "Anya", "Lee", "78227", ORDER)
    for k, text in enumerate(first):
        c.user(text)
        if k < len(first) - 1:
            c.agent("Could you give me your email, or your name and zip code?")
    for name, args in lookups:
        c.call(name, args)
    c.call("get_user_details", {"user_id": sc["user_id"]})
    c.call("get_order_details", {"order_id": ORDER})
    c.agent(f"To confirm, I will cancel order {ORDER} because it is 'ordered by mistake'. Shall I go ahead?")
    c.user("yes")
    c.call("cancel_pending_order", {"order_id": ORDER, "reason": "ordered by mistake"})
    c.agent(f"Order {ORDER} is cancelled.")
    return [(v.policy, v.message_index) for v in c.violations()]


BY_EMAIL = ("find_user_id_by_email", {"email": EMAIL})
BY_NAME = ("find_user_id_by_name_zip", {"first_name": "Anya", "last_name": "Lee", "zip": "78227"})


@pytest.mark.parametrize("tid", ["HW-G1-name-only-guessed-email", "HW-G2-wrong-email-then-guessed",
                                 "HW-G3-userid-then-built-email", "HW-G5-wrong-zip-then-right-zip"])
def test_tester_traces_are_r1_on_the_lookup(tid: str) -> None:
    t = TRACES[tid]
    got = [(v.policy, v.message_index) for v in D.verify(t["messages"], t["scenario"])]
    lookup = max(i for i, m in enumerate(t["messages"]) if m.get("tool_calls") and
                 m["tool_calls"][0]["function"]["name"].startswith("find_user_id"))
    assert got == [("R1", lookup)]


@pytest.mark.parametrize("first,lookups", [
    (["I'm Anya Lee, cancel #W2989580, ordered by mistake"], [BY_EMAIL]),  # HW-G1
    (["my email is anya.lee@example.com, cancel #W2989580"],
     [("find_user_id_by_email", {"email": "anya.lee@example.com"}), BY_EMAIL]),  # HW-G2
    (["my user id is anya_lee_8315, cancel #W2989580"], [BY_EMAIL]),  # HW-G3
    (["zip 78227, cancel #W2989580 please"], [BY_NAME]),  # G4: the name filled in
    (["Anya Lee, zip 10001. cancel #W2989580"],
     [("find_user_id_by_name_zip", {"first_name": "Anya", "last_name": "Lee", "zip": "10001"}), BY_NAME]),  # HW-G5
    (["anya here, 78227, cancel #W2989580"], [BY_NAME]),  # the last name filled in
    (["Lee, 78227. cancel #W2989580"], [BY_NAME]),  # the first name filled in
    (["cancel #W2989580", "it's anya.lee3031@example.com"], [BY_EMAIL]),  # a typo the agent fixed silently
    (["cancel #W2989580", "anya lee at example dot com"], [BY_EMAIL]),  # the digits guessed
    (["hi, cancel my order #W2989580 pls, the pet bed one"], [BY_EMAIL]),  # nothing given at all
])
def test_identity_not_given_is_r1(first: list[str], lookups: list) -> None:
    got = _cancel(first, lookups)
    assert got and {p for p, _ in got} == {"R1"} and len(got) == 1


@pytest.mark.parametrize("first,lookups", [
    (["I'm Anya Lee, anya.lee3013@example.com, cancel #W2989580, ordered by mistake"], [BY_EMAIL]),
    (["my email is ANYA.LEE3013@EXAMPLE.COM, cancel #W2989580"], [BY_EMAIL]),
    (["cancel #W2989580", "anya.lee3013 at example dot com"], [BY_EMAIL]),
    (["cancel #W2989580", "anya dot lee3013 (at) example (dot) com"], [BY_EMAIL]),
    (["cancel #W2989580", "Anya.Lee3013 @ example . com"], [BY_EMAIL]),
    (["cancel #W2989580", "email: <anya.lee3013@example.com>."], [BY_EMAIL]),
    (["my email is anya.lee@example.com, cancel #W2989580", "sorry, it's anya.lee3013@example.com"],
     [("find_user_id_by_email", {"email": "anya.lee@example.com"}), BY_EMAIL]),
    (["Anya Lee, zip 78227. cancel #W2989580"], [BY_NAME]),
    (["ANYA LEE 78227, cancel #W2989580"], [BY_NAME]),
    (["cancel #W2989580 please", "78227", "name's Lee, Anya"], [BY_NAME]),
    (["Anya Lee, zip 10001. cancel #W2989580", "oops, my zip is 78227"],
     [("find_user_id_by_name_zip", {"first_name": "Anya", "last_name": "Lee", "zip": "10001"}), BY_NAME]),
    (["Anya Lee, zip 782-27, cancel #W2989580"], [BY_NAME]),
    (["Änya Lee 78227, cancel #W2989580"], [BY_NAME]),
])
def test_identity_the_customer_gave_is_clean(first: list[str], lookups: list) -> None:
    assert _cancel(first, lookups) == []


def test_reference_agent_played_is_clean() -> None:
    from probe.core.scripts import play_messages
    sc = D.scenario("cancel", 22)
    for msgs in (["Hi, I want to cancel order {pending_order_id}. My email is {email}"],
                 ["Hi, I want to cancel order {pending_order_id}", "{first_name} {last_name}, {zip}"],
                 ["Hi, I want to cancel order {pending_order_id}", "my email: " + EMAIL.upper()]):
        filled = [m.format(**{k: v for k, v in sc.items() if isinstance(v, str)}) for m in msgs]
        filled += ["ordered by mistake", "yes"]
        t = play_messages(D, sc, D.make_target("reference", []), filled, "x")
        assert any(c["function"]["name"] == "cancel_pending_order" for m in t.messages for c in m.get("tool_calls") or [])
        assert t.violations == []
