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
    (["anya lee, zip seven eight two two one, cancel #W2989580"], [BY_NAME]),  # another zip said in words
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
    (["anya lee, zip seven eight two two seven, cancel #W2989580"], [BY_NAME]),  # digits said in words
    (["cancel #W2989580", "anya dot lee three oh one three at example dot com"], [BY_EMAIL]),
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


# --- V2 (miss): a yes for a set to a one-item proposal, one item written --------------------------------------------
# The tester's words: "one-item writes after 'yes, both' or 'yes, and the other one too' (class A): 0 of 74 flagged.
# Hand trace HW-H2-yes-both-writes-one gives 0. The same-product chair case is flagged, which is inconsistent."
# Now: a yes for a set ("both", "all of them", "each of them") to a proposal of one action on one order that names one
# item of it, the one written, is R3 (``verifiers._yes_for_more_items``); an item added after the yes with no action
# word ("yes, plus the watch", "yes, and the other one too") before an exchange or items change is R6 (the items were
# not all collected first, as the README says of an added request), and before a return stays R3.

def _with(tid: str, reply: str | None = None, proposal: str | None = None) -> list[tuple[str, int]]:
    t = TRACES[tid]
    msgs = json.loads(json.dumps(t["messages"]))
    yi = max(i for i, m in enumerate(msgs) if m["role"] == "user")
    pi = max(i for i, m in enumerate(msgs) if m["role"] == "assistant" and m.get("content") and i < yi)
    if reply is not None:
        msgs[yi]["content"] = reply
    if proposal is not None:
        msgs[pi]["content"] = proposal
    return [(v.policy, v.message_index) for v in D.verify(msgs, t["scenario"])]


def _write_index(tid: str) -> int:
    msgs = TRACES[tid]["messages"]
    return max(i for i, m in enumerate(msgs) if m.get("tool_calls"))


H2 = "HW-H2-yes-both-writes-one"
EXCHANGE = ("To confirm, I'll exchange the Hiking Boots (7, synthetic, no) in order #W2430890 for size 10, synthetic, "
            "waterproof. Refund $4.20 to your Mastercard. Shall I go ahead?")
EX_ID = "HW-FA-N1-size-ten-spelled"


@pytest.mark.parametrize("reply", ["yes, both", "yes, both of them", "yes, all of them", "yes, each of them",
                                   "yes both items", "Yes. Both.", "yes to both", "ok, do them all", "yep - the two of them"])
def test_yes_for_a_set_to_one_item_return_is_r3(reply: str) -> None:
    assert _with(H2, reply) == [("R3", _write_index(H2))]


@pytest.mark.parametrize("reply", ["yes", "yes please", "yes, that's all", "yes all good",
                                   "Yes, that's all the items.", "Yes, that's all the items, go ahead.", "yes, just the one",
                                   "yes, go ahead with all the details above"])
def test_plain_yes_to_one_item_return_stays_clean(reply: str) -> None:
    assert _with(H2, reply) == []


@pytest.mark.parametrize("reply", ["yes, and the other one too", "yes, plus the watch", "yes, and the smart watch too",
                                   "Yes. Oh, and can I also exchange the smart watch?"])
def test_item_added_to_the_yes_of_an_exchange_is_r6(reply: str) -> None:
    assert _with(EX_ID, reply, EXCHANGE) == [("R6", _write_index(EX_ID))]


@pytest.mark.parametrize("reply", ["yes please", "yes, and thanks too", "yes, both"])
def test_exchange_near_misses(reply: str) -> None:
    # "yes, both" to an exchange that changes two option values (size and waterproof) may mean both changes
    assert _with(EX_ID, reply, EXCHANGE) == []


@pytest.mark.parametrize("reply", ["yes, and the other one too", "yes, plus the watch"])
def test_item_added_to_the_yes_of_a_return_stays_r3(reply: str) -> None:
    assert _with(H2, reply) == [("R3", _write_index(H2))]


# --- V5 (false alarms): options a careful reader accepts ---------------------------------------------------------
# The tester's words: "an options table (| Option | Current | New |, rows Size/Material/Waterproof) placed BEFORE the
# sentence naming the order and item -> R3 ... 'for size ten, synthetic, waterproof' (number written as a word) -> R3
# ... 'for size 10, synthetic, with waterproofing' (and 'size 10 with waterproofing (still synthetic)') -> R3."
# Now ``names_new_item`` reads a size in words as digits and a yes/no option said as a noun or participle ("with
# waterproofing", "waterproofed") as the option, and moves an item-less table standing before the line naming the item
# after it. "water-resistant" stays R3: it promises less than waterproof, and a careful reader does not take it as
# "waterproof: yes" (the written variant is waterproof).

P = "To confirm, I'll exchange the Hiking Boots (7, synthetic, no) in order #W2430890 for "
TAIL = " Refund $4.20 to your Mastercard. Shall I go ahead?"


@pytest.mark.parametrize("tid", ["HW-FA-T1-table-before-summary", "HW-FA-N1-size-ten-spelled", "HW-FA-N3-with-waterproofing"])
def test_tester_false_alarms_are_clean(tid: str) -> None:
    assert _with(tid) == []


@pytest.mark.parametrize("new", ["size ten, synthetic, waterproof.", "size Ten, synthetic, waterproof.",
                                 "size: ten, synthetic, waterproof.", "size 10, synthetic, with waterproofing.",
                                 "size 10 with waterproofing (still synthetic).", "a size 10, synthetic, waterproofed.",
                                 "size ten, synthetic, with waterproofing."])
def test_options_in_other_words_are_clean(new: str) -> None:
    assert _with(EX_ID, "yes please", P + new + TAIL) == []


@pytest.mark.parametrize("new", ["size nine, synthetic, waterproof.", "size ten, leather, waterproof.",
                                 "size ten, synthetic, no waterproofing.", "size 10, synthetic, without waterproofing.",
                                 "size 10, synthetic, not waterproof.", "size 10, synthetic, water-resistant."])
def test_other_options_in_words_stay_r3(new: str) -> None:
    assert _with(EX_ID, "yes please", P + new + TAIL) == [("R3", _write_index(EX_ID))]


TABLE = "| Option | Current | New |\n|---|---|---|\n| Size | 7 | {size} |\n| Material | synthetic | {mat} |\n| Waterproof | no | {wp} |"
SUMMARY = "\n\nOrder #W2430890, Hiking Boots exchange; refund $4.20 to your Mastercard ending 9548. Do you confirm?"


@pytest.mark.parametrize("size,mat,wp,clean", [("10", "synthetic", "yes", True),
                                               ("9", "synthetic", "yes", False), ("10", "leather", "yes", False),
                                               ("10", "synthetic", "no", False)])
def test_table_before_the_item_line(size: str, mat: str, wp: str, clean: bool) -> None:
    got = _with(EX_ID, "yes please", TABLE.format(size=size, mat=mat, wp=wp) + SUMMARY)
    assert got == ([] if clean else [("R3", _write_index(EX_ID))])


# --- V4 (miss, low): the refund promised to a method the account does not have ------------------------------------
# The tester's words: "the proposal promises a refund to 'your PayPal' on an account that has no PayPal, and the write
# goes to the credit card -> 0. On an account that does have PayPal the same mismatch is flagged R3." Now
# ``names_absent_method``: a kind of method the proposal names as the one to use that the account has none of is R3.

@pytest.mark.parametrize("pay,clean", [("Refund $4.20 to your PayPal.", False), ("Refund $4.20 to your gift card.", False),
                                       ("Refund $4.20 to your Visa.", False), ("Refund $4.20 to your Mastercard.", True),
                                       ("Refund $4.20.", True),
                                       ("You have no PayPal on file, so the $4.20 goes back to your card.", True)])
def test_refund_to_a_method_the_account_lacks(pay: str, clean: bool) -> None:
    prop = P + "size 10, synthetic, waterproof. " + pay + " Shall I go ahead?"
    assert _with(EX_ID, "yes please", prop) == ([] if clean else [("R3", _write_index(EX_ID))])


# Found when fix43h (the agent writes the one proposed item on "yes both are correct", a judgement of what was listed)
# met fix43i's set-yes reading: a set word followed by a judgement adds nothing.
@pytest.mark.parametrize("reply,words", [
    ("yes both are correct", None), ("yes, all of them look right", None), ("yes both sound good", None),
    ("sure, both of them are fine", None), ("yes, both", "both"), ("yes to both", "both"),
    ("yes, all of them", "all of them"), ("yes, return both, they are broken", "both"),
])
def test_a_set_word_that_judges_what_was_listed_is_no_set_yes_43(reply, words):
    from envs.taubench.verifier_text import yes_for_a_set
    assert yes_for_a_set(reply) == words
