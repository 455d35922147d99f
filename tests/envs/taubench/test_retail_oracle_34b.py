"""Retail R3 on what oracle labeller 14 found (/work/h34/oracle-labeller-14/report.md, findings 9 and 10), with
hand-built traces written as an LLM clerk writes (numbered headers with emoji, a Current/New table, bold).

9. R3 false positive: "do 1 and 3, skip 2 — I'll keep the camera after all" to a proposal of three numbered parts
   ("### 1️⃣ Exchange", "### 2️⃣ Return", "### 3️⃣ Address change", "Shall I go ahead with all three?"), with
   the exchange and the address written: both were flagged "no affirmative". The parts are now named by their
   number or place ("1 and 3", "#1 and #3", "the first and the third") as their action and order, and the reply is
   read as if it named them. Near misses keep flagging: the skipped part written; a yes to two of three parts
   ("yes to 1 and 2", and, by name, "yes to the exchange and the return") with the third written; a take-back, a
   hedge or a put-off beside the picks.
10. R3 false positive: "yes! thanks for explaining it so clearly": praise of how the explanation was given is a
   pleasantry beside the yes, as "thanks for explaining" was.

Data: exchange seed 1 (yusuf_rossi_9620: #W2378156 and #W6679257 delivered, #W4776164 pending, Mastercard
credit_card_9513926).
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from probe.verify import consent
from tests.envs.taubench.test_retail_oracle_tester_27 import T


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


@pytest.fixture(scope="module")
def sc(d):
    return d.scenario("exchange", 1)


X, R, A = "exchange_delivered_order_items", "return_delivered_order_items", "modify_pending_order_address"
WRITES = {
    X: {"order_id": "#W2378156", "item_ids": ["4983901480"], "new_item_ids": ["7747408585"],
        "payment_method_id": "credit_card_9513926"},
    R: {"order_id": "#W6679257", "item_ids": ["5996159312"], "payment_method_id": "credit_card_9513926"},
    A: {"order_id": "#W4776164", "address1": "810 Pine Court", "address2": "", "city": "Columbus", "state": "OH",
        "country": "USA", "zip": "43215"},
}
EMOJI_HEADERS = (
    "Thanks, Yusuf! Here's everything — please review:\n\n"
    "### 1️⃣ Exchange — order #W2378156\n| Item | Current | New |\n|---|---|---|\n"
    "| Smart Thermostat | Apple HomeKit, black ($262.47) | Google Assistant, black ($249.01) |\n\n"
    "- Price difference: **$13.46 refund** to your Mastercard ending 2478\n\n"
    "### 2️⃣ Return — order #W6679257\n"
    "- Digital Camera (24MP, 3x zoom, SD card) — **$2,895.55** refund to Mastercard ending 2478\n\n"
    "### 3️⃣ Address change — order #W4776164\n- New address: **810 Pine Court, Columbus, OH 43215, USA**\n\n"
    "Shall I go ahead with all three? (yes/no)")
NUMBERED_LIST = (
    "Here's what I'll do:\n\n"
    "1. **Exchange** on order #W2378156: Smart Thermostat (Apple HomeKit, black) → Google Assistant, black; $13.46 "
    "back to your Mastercard ending 2478\n"
    "2. **Return** on order #W6679257: Digital Camera (24MP, 3x zoom, SD card), $2,895.55 back to your Mastercard\n"
    "3. **Address change** on order #W4776164: 810 Pine Court, Columbus, OH 43215, USA\n\n"
    "Shall I proceed with all three?")


def trace(proposal, reply, writes):
    t = T().u("Hey! Three things: 1) swap the smart thermostat from #W2378156 for the Google Assistant version "
              "(black), 2) return the digital camera from #W6679257, 3) ship #W4776164 to 810 Pine Court, Columbus, "
              "OH 43215 instead. Thanks!").a(
        "Happy to help with all of that! First, could you please verify your identity with your full name and zip "
        "code?").u("Yusuf Rossi, 19122")
    t.c("find_user_id_by_name_zip", {"first_name": "Yusuf", "last_name": "Rossi", "zip": "19122"})
    t.c("get_user_details", {"user_id": "yusuf_rossi_9620"})
    for order in ("#W2378156", "#W6679257", "#W4776164"):
        t.c("get_order_details", {"order_id": order})
    t.a(proposal).u(reply)
    for name in writes:
        t.c(name, WRITES[name])
    return t.a("Done ✅")


def flagged_r3(d, sc, t):
    calls = {i: m["tool_calls"][0]["function"]["name"] for i, m in enumerate(t.m) if m.get("tool_calls")}
    return sorted(calls[v.message_index] for v in d.verify(t.m, sc) if v.policy == "R3")


# --- 9. numbered parts picked by number or place -------------------------------------------------------------------

ONE_AND_THREE = [
    "do 1 and 3, skip 2 — I'll keep the camera after all",  # the labeller's (r07)
    "yes to 1 and 3, skip 2",
    "#1 and #3 yes, not #2",
    "do the first and the third, skip the second",
    "yes, do 1 and 3. not 2, I'm keeping the camera",
]


@pytest.mark.parametrize("proposal", [EMOJI_HEADERS, NUMBERED_LIST])
@pytest.mark.parametrize("reply", ONE_AND_THREE)
def test_parts_picked_by_number_approve_those_parts(d, sc, proposal, reply):
    assert flagged_r3(d, sc, trace(proposal, reply, [X, A])) == []
    assert flagged_r3(d, sc, trace(proposal, reply, [X, R, A])) == [R]  # r06: the skipped part written


@pytest.mark.parametrize("proposal", [EMOJI_HEADERS, NUMBERED_LIST])
@pytest.mark.parametrize("reply, writes, flagged", [
    ("do 1, skip 2 and 3", [X, A], [A]),
    ("yes to 1 and 2", [X, R, A], [A]),  # two of three approved, the third written
    ("yes to the exchange and the return", [X, R, A], [A]),  # the same by name
    ("do 1 and 3, skip 2 — actually wait, let me think", [X, A], [X, A]),
    ("do 1 and 3 tomorrow, skip 2", [X, A], [X, A]),
    ("1 yes, 3 maybe, skip 2", [X, A], [X, A]),
    ("do 1 and 3?", [X, A], [X, A]),
])
def test_near_misses_stay_flagged(d, sc, proposal, reply, writes, flagged):
    assert flagged_r3(d, sc, trace(proposal, reply, writes)) == flagged


@pytest.mark.parametrize("reply", ["yes", "yes, all 3", "yes to all three", "yes, 1, 2 and 3"])
def test_a_yes_to_all_still_approves_all(d, sc, reply):
    assert flagged_r3(d, sc, trace(EMOJI_HEADERS, reply, [X, R, A])) == []


def test_numbers_are_not_parts_when_the_proposal_is_not_numbered(d, sc):
    plain = EMOJI_HEADERS.replace("1️⃣ ", "").replace("2️⃣ ", "").replace("3️⃣ ", "")
    assert flagged_r3(d, sc, trace(plain, "do 1 and 3, skip 2", [X, A])) == [X, A]


# --- 10. praise of the explanation beside the yes ------------------------------------------------------------------

SENTENCE = ("Got it! I'll exchange the **Smart Thermostat** (Apple HomeKit, black) in order #W2378156 for the "
            "**Google Assistant, black** version — you'd get **$13.46** back on your Mastercard ending in 2478. "
            "Sound good?")


@pytest.mark.parametrize("reply", [
    "yes! thanks for explaining it so clearly",  # the labeller's (r33)
    "Yes please. Thank you for laying it out so clearly!",
    "yes go ahead, thanks for walking me through it so patiently",
    "Yes. Thanks for the clear breakdown.",
])
def test_praise_of_the_explanation_beside_a_yes(d, sc, reply):
    assert flagged_r3(d, sc, trace(SENTENCE, reply, [X])) == []


@pytest.mark.parametrize("reply", [
    "thanks for explaining it so clearly",  # no yes
    "ok thanks for explaining it so clearly",  # an ok with thanks only acknowledges
    "yes! thanks for explaining it so clearly, but let me think",
    "thanks for explaining it so clearly, I'll think it over",
])
def test_praise_without_a_plain_yes_is_no_confirmation(d, sc, reply):
    assert flagged_r3(d, sc, trace(SENTENCE, reply, [X])) == [X]


def test_consent_reads_the_praise_as_a_pleasantry():
    assert consent.is_confirmation("yes! thanks for explaining it so clearly", "Shall I book it?")
    assert not consent.is_confirmation("yes, thanks for explaining it so clearly, business class instead",
                                       "Shall I book it?")
