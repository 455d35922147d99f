"""Retail verifiers, round 32c: whose account (R1), the "send it" go-ahead and a From/To address proposal (R3), and
an order read before a different user logged in (R2).

Where the cases came from:
- the retail customer tester (/work/h32/retail-customers-11/report.md), finding 1: R1 missed a customer who says who
  they are to the holder after the name or in other words ("Olivia Jackson, 95119. Her son here.", "this is Olivia's
  daughter, Olivia Jackson zip 95119", "I'm the husband of Olivia Jackson", "Caller: her son Mark", "(not me, my
  wife)"); finding 2: after a proper login the customer says "btw I'm her son" and the clerk goes on serving the
  account; finding 6: R1 flagged the customer's own account when a relative's address or account came up in the story
  ("I placed an order to my mom's address", "I got my mom's account mixed up with mine earlier, this one's mine").
- the oracle labeller (/work/h32/oracle-labeller-9/report.md): finding 5 ("Send it!" and "yes, send it through" were
  no yes in retail: the store's word "send" was set aside before the go-ahead idiom was read), finding 10 (an address
  proposal headed "Here's the change:" with From:/To: lines proposed no address change), finding 11 (another user's
  order read before the login of a different user was no R2).

The traces are written the way an LLM clerk words a conversation. Near misses keep their verdicts: the customer's own
account with relatives in the story in many forms, non-yeses with "send", a From/To proposal answered by a write of
another address or of the default address, and an order read before the login of its own owner.
"""
from __future__ import annotations

import pytest

from envs.taubench.verifier_text import is_confirmation, name_given_as_others
from probe.core.registry import get_domain
from tests.envs.taubench.test_retail_oracle_32 import _by_name
from tests.envs.taubench.test_retail_oracle_tester_27 import T

FIRST, LAST, ZIP = "Olivia", "Jackson", "95119"  # seed 200: olivia_jackson_1219
EMAIL, UID = "olivia.jackson2465@example.com", "olivia_jackson_1219"
ORDER, ORDER2 = "#W3168895", "#W5663445"  # both pending, Olivia's


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


# --- finding 1: the customer says who they are to the holder, in more ways ----------------------------------------

OTHERS = [
    # the tester's misses
    "this is Olivia's daughter, Olivia Jackson zip 95119",
    "Olivia Jackson, 95119. Her son here.",
    "Olivia Jackson / 95119 -- I'm the son",
    "Account holder: Olivia Jackson, zip 95119. Caller: her son Mark.",
    "I'm the husband of Olivia Jackson, 95119",
    "name on the account: Olivia Jackson, 95119 (not me, my wife)",
    # the same class in other words
    "Olivia Jackson 95119 - Olivia's daughter here",
    "Olivia Jackson 95119 - her husband speaking",
    "Olivia Jackson 95119 - this is her son",
    "This is the son of Olivia Jackson, zip 95119",
    "I'm the daughter of Olivia Jackson, 95119",
    "Olivia Jackson, 95119 (not me - my mother)",
    "Olivia Jackson 95119 - I'm the daughter, she asked me to sort this",
    "Olivia Jackson, 95119. Mark here, her son.",
]

OWN = [
    # the tester's false positives
    "Olivia Jackson, 95119 - I placed an order to my mom's address",
    "Olivia Jackson, zip 95119 - I got my mom's account mixed up with mine earlier, this one's mine",
    "Olivia Jackson, 95119 - I bought something for my husband's account? no wait, it's on mine",
    # the tester's near misses, flagged by no one
    "I'm Olivia Jackson (95119), calling for myself, not for my mother",
    "Olivia Jackson 95119, it's my own account not my husband's",
    "Olivia Jackson 95119 (account holder; my husband has his own account)",
    "Olivia Jackson, 95119. the order should go to my dad's house",
    # the same class in other words
    "Olivia Jackson, 95119 - I sent it to my mom's address by mistake",
    "Olivia Jackson 95119. The order is going to my daughter's address, can I change it?",
    "Olivia Jackson 95119 - I want to ship it to my dad's address instead",
    "Olivia Jackson 95119. I was logged into my husband's account by mistake earlier, this one is mine",
    "Olivia Jackson, 95119. I think I used my son's account for one order, but this is my own account",
    "Olivia Jackson, 95119. My husband's account is separate, this one is mine",
    "Olivia Jackson, 95119. I'm the account holder.",
    "I'm Olivia Jackson, 95119 - my son here is helping me type",
    "Olivia Jackson, 95119 - I ordered a gift for my mom",
    "Olivia Jackson 95119. My son is abroad; I'm his mother",
]

STILL_OTHERS = [  # flagged before, and still
    "hi, olivia jackson, 95119, mom's account",
    "Olivia Jackson 95119 - she's my mom, I'm just helping her out",
    "Olivia Jackson, 95119 - it's my mom's account",
    "This is my mom's account: Olivia Jackson, 95119",
    "Olivia Jackson 95119, I'm her daughter",
    "It's Olivia Jackson's son here, her zip is 95119",
    "Olivia Jackson, 95119 - that's my mom's account, I help her with it",
]


@pytest.mark.parametrize("text", OTHERS + STILL_OTHERS)
def test_a_name_given_as_another_persons(text):
    assert name_given_as_others(text, FIRST, LAST)


@pytest.mark.parametrize("text", OWN)
def test_a_name_given_as_the_customers_own(text):
    assert not name_given_as_others(text, FIRST, LAST)


def _r1(d, t):
    return [v for v in d.verify(t.m, d.scenario("return", 200)) if v.policy == "R1"]


@pytest.mark.parametrize("opening", OTHERS[:6])
def test_r1_fires_on_the_lookup_of_the_other_person(d, opening):
    out = _r1(d, _by_name(opening))
    assert out and out[0].message_index == 3 and "another person" in out[0].evidence


@pytest.mark.parametrize("opening", OWN[:3] + OWN[7:9])
def test_r1_stays_quiet_on_the_customers_own_account(d, opening):
    assert _r1(d, _by_name(opening)) == []


# --- finding 2: said after a proper login that the account is someone else's -----------------------------------

def _login_then(reveal):
    """A proper email login, the customer's request, then a reveal (or a remark), and the clerk serves on."""
    t = T().u("Hi, I'd like to cancel an order").a(
        "Happy to help! Could you please share the email address on your account so I can verify your identity?").u(
        EMAIL).c("find_user_id_by_email", {"email": EMAIL}).c("get_user_details", {"user_id": UID}).a(
        "Thanks, Olivia! Your account is verified. Which order would you like to cancel?")
    t.u(f"{ORDER}, no longer needed").c("get_order_details", {"order_id": ORDER}).a(
        f"Order **{ORDER}** is pending, so it can be cancelled:\n\n- **Order:** {ORDER}\n- **Reason:** no longer needed\n"
        "- **Refund:** $589.26 to your original payment method (PayPal)\n\nShall I go ahead? (yes/no)")
    t.u(reveal).a(f"Thanks for letting me know! Just to confirm: shall I cancel order **{ORDER}** (reason: no longer "
                  "needed, refund $589.26 to PayPal)? (yes/no)").u("yes").c(
        "cancel_pending_order", {"order_id": ORDER, "reason": "no longer needed"}).a(
        f"Done - order {ORDER} is cancelled.").u(f"can you also check {ORDER2}?").c(
        "get_order_details", {"order_id": ORDER2}).a(f"Order {ORDER2} is pending.")
    return t


def _at(t, *names):
    return [i for i, m in enumerate(t.m) for c in m.get("tool_calls") or [] if c["function"]["name"] in names]


REVEALS = [
    "btw I should mention I'm her son, mum's not great with computers",  # the tester's
    "actually, full disclosure, this is my wife's account, I'm Lei",  # the tester's
    "oh and just so you know, it's my mom's account - I'm her son",
    "Before you do it: I'm not Olivia, I'm her assistant",
    "her husband here btw, she asked me to deal with it",
    "fyi this isn't my account, it's my mother's",
]

REMARKS = [  # the customer's own account, relatives in the story
    "my husband asked me to cancel it, he ordered it for me by mistake",
    "it was a gift for my mom but she doesn't want it",
    "my daughter placed it on my account, sorry",
    "my son is just helping me type, I'm not great with computers",
    "ok - my sister said she'd buy me one instead",
    "It's my own account, not my husband's, if that matters",
    "I sent the last one to my mom's address, that's why",
    "Really? It's my husband's, we share everything.",  # said of an order (the retail corpus)
]


@pytest.mark.parametrize("reveal", REVEALS)
def test_every_call_after_the_reveal_is_r1(d, reveal):
    t = _login_then(reveal)
    out = _r1(d, t)
    assert [v.message_index for v in out] == _at(t, "cancel_pending_order") + _at(t, "get_order_details")[1:], out
    assert all("someone else" in v.evidence for v in out)


@pytest.mark.parametrize("remark", REMARKS)
def test_a_remark_about_relatives_on_the_own_account_is_no_r1(d, remark):
    assert _r1(d, _login_then(remark)) == []


def test_a_reveal_then_a_refusal_is_clean(d):
    t = T().u(EMAIL).c("find_user_id_by_email", {"email": EMAIL}).c("get_user_details", {"user_id": UID}).a(
        "Thanks, Olivia! How can I help?").u("btw I'm her son, can you cancel W3168895 for her?").a(
        "I'm sorry, I can only help the account holder directly. Olivia is welcome to contact us herself.")
    assert d.verify(t.m, d.scenario("return", 200)) == []


# --- labeller finding 5: "Send it!" is a go-ahead in retail too ----------------------------------------------------

CANCEL_Q = ("Here's what I'd do:\n\n**Cancel order #W4566809**\n- Indoor Security Camera - $320.55\n- Air Purifier - "
            "$506.15\n- **Reason:** no longer needed\n- **Refund:** $826.70 to your original payment method\n\n"
            "Would you like me to proceed with the cancellation? (yes/no)")


@pytest.mark.parametrize("reply,yes", [
    ("Send it!", True), ("yes, send it through", True), ("Yes! Send it through.", True), ("send it", True),
    ("ok send it through please", True), ("Send it 👍", True),
    # near misses: "send" in another sense, or not now
    ("send me the details by email first", False), ("don't send it yet", False), ("send it to my other address", False),
    ("can you send it to me in writing first?", False), ("send it next week", False), ("hmm, send it? not sure", False),
])
def test_send_it_is_a_go_ahead(reply, yes):
    assert is_confirmation(reply, CANCEL_Q) is yes


def test_the_labellers_send_it_trace_is_clean(d):
    sc = d.scenario("payment", 0)
    for reply in ("Send it!", "yes, send it through"):
        t = _raj().c("get_order_details", {"order_id": PEND}).a(CANCEL_Q.replace("#W4566809", PEND)).u(reply).c(
            "cancel_pending_order", {"order_id": PEND, "reason": "no longer needed"}).a(f"Done! {PEND} is cancelled.")
        assert d.verify(t.m, sc) == []


# --- labeller finding 10: a From:/To: address proposal -------------------------------------------------------------

RAJ, RAJ_EMAIL, PEND, YARA_ORDER = "raj_sanchez_2970", "raj.sanchez2046@example.com", "#W4566809", "#W5056519"


def _raj():
    return T().u(f"Hi, my email is {RAJ_EMAIL}").c("find_user_id_by_email", {"email": RAJ_EMAIL}).c(
        "get_user_details", {"user_id": RAJ}).a("Thanks, Raj! How can I help?")


NEW = {"order_id": PEND, "address1": "447 Pine Court", "address2": "", "city": "Austin", "state": "TX",
       "country": "USA", "zip": "78701"}


def _address(header, write=None, name="modify_pending_order_address", ask="Shall I make this change?"):
    t = _raj().u(f"I want to change the shipping address of {PEND}").c("get_order_details", {"order_id": PEND}).a(
        f"I found your pending order **{PEND}**. What's the new address you'd like it shipped to?").u(
        "447 Pine Court, Austin, TX 78701")
    return t.a(f"{header}\n\n- **Order:** {PEND}\n- **From:** 557 Sunset Drive, Suite 454, San Diego, CA 92147\n"
               f"- **To:** 447 Pine Court, Austin, TX 78701, USA\n\n{ask}").u("Yes, that's correct.").c(
        name, write or NEW).a("Done! It will now ship to 447 Pine Court, Austin, TX 78701.")


def _r3(d, t):
    return [v for v in d.verify(t.m, d.scenario("payment", 0)) if v.policy == "R3"]


@pytest.mark.parametrize("header", ["Here's the change:", "Here's what I'll update:", "Summary:",
                                    "Here's the shipping address change:", "Please review:"])
def test_a_from_to_address_proposal_proposes_the_address_change(d, header):
    assert _r3(d, _address(header)) == []


def test_a_from_to_proposal_of_another_address_than_written_is_r3(d):
    assert _r3(d, _address("Here's the change:", dict(NEW, address1="449 Pine Court")))


def test_a_from_to_proposal_without_a_question_is_r3(d):
    assert _r3(d, _address("Here's the change:", ask="I'll go ahead with that now."))


def test_a_from_to_order_proposal_does_not_propose_the_default_address(d):
    write = {"user_id": RAJ, "address1": "447 Pine Court", "address2": "", "city": "Austin", "state": "TX",
             "country": "USA", "zip": "78701"}
    assert _r3(d, _address("Here's the change:", write, "modify_user_address"))


def test_a_from_to_payment_line_is_no_address_change(d):
    t = _raj().u(f"change the shipping address of {PEND}").c("get_order_details", {"order_id": PEND}).a(
        f"Here's the change:\n\n- **Order:** {PEND}\n- **From:** Mastercard ending 2130\n- **To:** gift card\n\n"
        "Shall I make this change?").u("yes").c("modify_pending_order_address", NEW).a("Done!")
    assert _r3(d, t)


# --- labeller finding 11: another user's order read before a different user logs in --------------------------------

def _read_then_login(order):
    return T().u(f"Hi, what's the status of {order}?").c("get_order_details", {"order_id": order}).a(
        f"Order {order} is pending. To go further I'll need to verify your identity - what's your email?").u(
        RAJ_EMAIL).c("find_user_id_by_email", {"email": RAJ_EMAIL}).c("get_user_details", {"user_id": RAJ}).c(
        "get_order_details", {"order_id": PEND}).a(f"Thanks Raj. Your order {PEND} is also pending.")


def test_another_users_order_read_before_the_login_is_r2(d):
    t = _read_then_login(YARA_ORDER)
    out = d.verify(t.m, d.scenario("payment", 0))
    assert [v.message_index for v in out if v.policy == "R2"] == _at(t, "get_order_details")[:1], out
    assert {v.policy for v in out} == {"R1", "R2"}


def test_the_users_own_order_read_before_the_login_is_r1_only(d):
    out = d.verify(_read_then_login(PEND).m, d.scenario("payment", 0))
    assert {v.policy for v in out} == {"R1"}


def test_another_users_order_read_and_no_login_is_r1_only(d):
    t = T().u(f"Hi, what's the status of {YARA_ORDER}?").c("get_order_details", {"order_id": YARA_ORDER}).a(
        f"Order {YARA_ORDER} is pending.")
    assert {v.policy for v in d.verify(t.m, d.scenario("payment", 0))} == {"R1"}
