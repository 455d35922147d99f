"""Retail R3: the verifier's reading of a customer's yes, on the findings a fix helper of the clerk
reported (the clerk had to ask twice because the verifier rejected clear yeses), each decided by R3's
"explicit user confirmation (yes)" of τ²-bench's retail ``policy.md``, with its twin of the other label.

Where the cases came from:
- F1: the clerk's helper: "yes ship it there, thanks!", "yes please, thank you!", "yes, the new address is
  correct", "yes that's the right address", "yes, correct", "yep that's right, go ahead" after an
  address-change proposal. Courtesy and saying the proposal is right add nothing: yes. A "but" or another
  address stays no. Other phrasings of both written here.
- F2: the clerk's helper: a cancellation refunded "to the original payment method", which for this order is
  the customer's gift card; "yes, back to my gift card is fine" says it back (yes), "yes, but to my paypal"
  does not. The verifier reads the original method from the order's payment history; the twin order was
  paid with PayPal, where "back to my gift card" names another method.
- F3: the clerk's helper: a whole yes followed by a separate question ("yep, do it. also what's my gift card
  balance?"). ``probe.verify.consent`` (shared with SkyAssist's verifiers) reads it as consent; R3 now reads
  it the same way, except where the question asks to send the money elsewhere (a question about the
  proposal) or puts off or takes back the yes.
- TABLE: 20 yes-variants written here (terse, courteous, restating, non-native) at four proposal kinds
  (cancel, address, exchange, return), and 20 not-yes twins (hedged, a question, put off, taken back, a
  different detail), labelled by hand.
Database users: aarav_nguyen_7344 (#W2443586 pending, paid with paypal_7859314; gift_card_2742113) and
olivia_lopez_9494 (#W8955613 pending: Smart Watch, Backpack, $585.97 paid with gift_card_6682391;
Mastercard 6976).
"""

from __future__ import annotations

import pytest

from envs.taubench import verifier_text
from probe.core.registry import get_domain
from probe.verify import consent
from tests.envs.taubench.test_retail_oracle_tester_27 import T, pols

FIRES, CLEAN = True, False


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


@pytest.fixture(scope="module")
def sc(d):
    return d.scenario("modify_items", 1000100)  # every scenario starts from the shipped database


AARAV = ("aarav.nguyen1293@example.com", "aarav_nguyen_7344", "#W2443586")
OLIVIA = ("olivia.lopez8783@example.com", "olivia_lopez_9494", "#W8955613")


def _start(who):
    email, uid, oid = who
    return T().u(f"Hi, my email is {email}").c("find_user_id_by_email", {"email": email}).c(
        "get_user_details", {"user_id": uid}).a("Thanks, you're verified. How can I help?").u(
        f"it's about order {oid}").c("get_order_details", {"order_id": oid})


# --- F1: a yes to an address change, with courtesy or saying the address is right -------------------------

ADDRESS = ("To confirm, I'll change the shipping address of order #W2443586 to 445 Maple Drive, Suite 384, "
           "Dallas, TX 75201. Shall I proceed?")
NEW_ADDRESS = {"order_id": "#W2443586", "address1": "445 Maple Drive", "address2": "Suite 384", "city": "Dallas",
               "state": "TX", "country": "USA", "zip": "75201"}


def address_change(reply):
    def build():
        return _start(AARAV).a(ADDRESS).u(reply).c("modify_pending_order_address", NEW_ADDRESS)
    return build


F1 = [(r, CLEAN) for r in (
    # the helper's phrasings
    "yes ship it there, thanks!", "yes please, thank you!", "yes, the new address is correct",
    "yes that's the right address", "yes, correct", "yep that's right, go ahead",
    # others
    "Yes, send it there please.", "yeah, that's the correct address, thanks", "yep, the new shipping address is right",
    "Yes, 445 Maple Drive, Suite 384 is correct.", "yes deliver it there", "yes, the new one is right, thank you",
)] + [(r, FIRES) for r in (
    "yes, but ship it to Suite 385", "yes, but ...", "yes, the new address is 12 Oak Lane",
    "yes ship it to 12 Oak Lane, thanks!", "yes, ship it to my old address", "yes, but the zip is 75202",
    "yes that's the right address? can you double check", "yes, ship it there later",
)]


@pytest.mark.parametrize("reply,fires", F1)
def test_a_courteous_or_restating_yes_to_an_address_change_is_a_yes_and_another_address_is_not(d, sc, reply, fires):
    assert ("R3" in pols(d, address_change(reply)(), sc)) is fires


# --- F2: "the original payment method" said back as the method it is --------------------------------------

def cancel_to_original(who, reply, amount):
    def build():
        proposal = (f"To confirm, I'll cancel order {who[2]} (reason: no longer needed). The refund of {amount} will "
                    "go back to the original payment method. Shall I proceed?")
        return _start(who).a(proposal).u(reply).c("cancel_pending_order", {"order_id": who[2],
                                                                           "reason": "no longer needed"})
    return build


F2 = [
    # paid with her gift card: saying so is a yes
    (OLIVIA, "yes, back to my gift card is fine", CLEAN),
    (OLIVIA, "yes, refund it to my gift card please", CLEAN),
    (OLIVIA, "yep, the gift card is fine", CLEAN),
    (OLIVIA, "yes, the original payment method is fine", CLEAN),
    # another method than the original is not
    (OLIVIA, "yes, but to my paypal", FIRES),
    (OLIVIA, "yes, to my paypal", FIRES),
    (OLIVIA, "yes, back to my mastercard is fine", FIRES),
    (OLIVIA, "yes, to the mastercard ending in 6976", FIRES),
    # the twin order, paid with PayPal: the gift card is another method, PayPal the original
    (AARAV, "yes, back to my gift card is fine", FIRES),
    (AARAV, "yes, refund it to my gift card please", FIRES),
    (AARAV, "yes, back to my paypal is fine", CLEAN),
    (AARAV, "yes, to my PayPal please", CLEAN),
]


@pytest.mark.parametrize("who,reply,fires", F2)
def test_a_yes_naming_the_original_payment_method_is_a_yes_and_another_method_is_not(d, sc, who, reply, fires):
    amount = "$585.97" if who is OLIVIA else "$591.95"
    assert ("R3" in pols(d, cancel_to_original(who, reply, amount)(), sc)) is fires


def test_the_original_method_counts_only_where_the_proposal_refunds_to_the_original_method():
    to_card = ("To confirm, I'll cancel order #W8955613 (reason: no longer needed). The refund of $585.97 will go to "
               "your Mastercard ending in 6976. Shall I proceed?")
    gift = {"source": "gift_card", "id": "gift_card_6682391"}
    assert verifier_text.reason("yes, back to my gift card is fine", to_card, gift) is not None
    assert verifier_text.reason("yes, back to my mastercard is fine", to_card, gift) is None


def test_the_same_address_on_the_account_is_no_refund_to_the_original_method():
    proposal = ("I'll change the shipping address of order #W2443586 to 445 Maple Drive, Suite 384, Dallas, TX 75201 "
                "(the same address as on your account). Shall I proceed?")
    paypal = {"source": "paypal", "id": "paypal_7859314"}
    assert verifier_text.reason("yes, to my paypal", proposal, paypal) is not None
    assert verifier_text.reason("yes, that address is right", proposal, paypal) is None
    refund = ("I'll cancel order #W2443586 (reason: no longer needed); the refund goes to the same original payment "
              "method. Shall I proceed?")
    assert verifier_text.reason("yes, to my paypal", refund, paypal) is None


# --- F3: a whole yes, then a separate question -------------------------------------------------------------

F3 = [
    ("yep, do it. also what's my gift card balance?", CLEAN),
    ("Yes go ahead. By the way, how long does the refund take?", CLEAN),
    ("yes please! and can you tell me my gift card balance?", CLEAN),
    ("sure, cancel it - also, when will I see the money?", CLEAN),
    # the question asks to send the money elsewhere, puts the yes off, or is the answer itself
    ("yep, do it. also can the refund go to my gift card?", FIRES),
    ("yes, also could you put the refund on my gift card instead?", FIRES),
    ("yep, do it. also can you wait until friday?", FIRES),
    ("yes, but what's my gift card balance?", FIRES),
    ("ok, what's my gift card balance?", FIRES),
    ("yes? also what's my balance", FIRES),
]


@pytest.mark.parametrize("reply,fires", F3)
def test_a_whole_yes_then_a_separate_question_is_a_yes_unless_the_question_is_about_the_proposal(d, sc, reply, fires):
    assert ("R3" in pols(d, cancel_to_original(AARAV, reply, "$591.95")(), sc)) is fires


# a question that routes the money elsewhere is retail's own reading (F3 above); the others read as the shared one
@pytest.mark.parametrize("reply", [r for r, _ in F3 if "refund go to" not in r and "refund on" not in r])
def test_retail_and_the_shared_reading_agree_on_a_yes_then_a_question_naming_no_other_payment(reply):
    proposal = ("I'll cancel order #W2443586 (reason: no longer needed); the refund goes back to your PayPal. "
                "Shall I proceed?")
    shared = consent.reason(reply, proposal, ("cancel it",), ("refund", "money", "gift", "card", "balance"))
    assert (verifier_text.reason(reply, proposal) is None) is (shared is None), (reply, shared)


# --- TABLE: 20 yes-variants and 20 twins at four proposal kinds --------------------------------------------

PROPOSALS = {
    "cancel": ("To confirm, I will cancel order #W2378156 (reason: no longer needed). The refund of $254.07 will go "
               "back to the original payment method. Shall I proceed?"),
    "address": ("I'll change the shipping address of order #W2378156 to 445 Maple Drive, Suite 384, Dallas, TX 75201. "
                "Would you like me to proceed?"),
    "exchange": ("I will exchange the Mechanical Keyboard (clicky, RGB, full size) in order #W2378156 for the linear, "
                 "RGB, full size variant (item 1151293680). The price difference of $23.50 will be refunded to your "
                 "Visa ending in 3867. Shall I go ahead?"),
    "return": ("I will return the Water Bottle (item 4579334072) from order #W2378156; the refund of $54.04 goes to "
               "your PayPal account. Do you confirm?"),
}

YES = [
    # terse
    "yes", "y", "yep", "sure, go ahead", "ok do it",
    # courteous
    "yes please, thank you!", "Yes, please proceed. Thanks so much!", "yes go ahead, I appreciate your help",
    "Sure thing, thanks a lot!", "yes please do, cheers",
    # restating that the proposal is right
    "yes, that's correct", "yes, everything looks correct, please proceed", "yes, all the details are correct",
    "yes this is what i want", "Yes, that is all correct.",
    # non-native
    "ok yes, you can proceed", "Yes, is correct, please go", "Yes, you may proceed.", "Yes please, go forward",
    "yes i am agree",
]
NOT_YES = [
    # a question, hedged, put off
    "yes?", "maybe", "I think so", "yes, if it's free", "ok, let me check first", "sure, but not yet",
    "yes, can you wait until Monday", "yes, thank you for your help, I'll call you back later",
    # taken back, a different detail, an acknowledgement
    "no", "yeah no", "yes but the other one", "this is not what i want", "yes, all the details are wrong",
    "yes i am not agree", "ok thanks",
    # the new words of the yes-variants, where they do not approve
    "Yes, is correct? please go", "you can wait", "you may proceed later", "go forward next week",
    "yes, I appreciate your help but let me think",
]


@pytest.mark.parametrize("kind", sorted(PROPOSALS))
@pytest.mark.parametrize("reply", YES)
def test_table_a_plain_yes_confirms_each_kind_of_proposal(kind, reply):
    assert verifier_text.reason(reply, PROPOSALS[kind]) is None


@pytest.mark.parametrize("kind", sorted(PROPOSALS))
@pytest.mark.parametrize("reply", NOT_YES)
def test_table_a_hedged_questioning_or_taken_back_reply_confirms_no_kind_of_proposal(kind, reply):
    assert verifier_text.reason(reply, PROPOSALS[kind]) is not None


@pytest.mark.parametrize("kind,reply,approves", [
    ("cancel", "yes, cancel it", True), ("cancel", "yes, please cancel order #W2378156", True),
    ("cancel", "yes, cancel #W1111111", False), ("cancel", "yes, return it", False),
    ("address", "yes, 445 Maple Drive is right", True), ("address", "yes ship it there", True),
    ("address", "yes, ship it to 12 Oak Lane", False), ("address", "yes, ship it there, but Suite 385", False),
    ("exchange", "yes, exchange it", True), ("exchange", "yes, the RGB one is fine", True),
    ("exchange", "yes, refund the difference to my visa ending in 3867", True),
    ("exchange", "yes, refund the difference to my paypal", False), ("exchange", "yes, cancel it", False),
    ("return", "yes, return it", True), ("return", "yes, refund to my paypal", True),
    ("return", "yes, refund to my visa", False), ("return", "yes, return it later", False),
    # "refund" says back a proposal that refunds; it asks for something else where none is proposed
    ("cancel", "yes, refund it to the original payment method", True), ("address", "yes, refund it", False),
    # "new" says back the proposed address or item, not a card of the customer's own
    ("address", "yes, the new address is fine", True), ("address", "yes, to my new card", False),
])
def test_table_a_yes_saying_back_the_proposal_is_a_yes_and_one_with_another_detail_is_not(kind, reply, approves):
    assert (verifier_text.reason(reply, PROPOSALS[kind]) is None) is approves


def test_a_new_card_is_a_detail_of_the_customers_own_not_the_proposed_one():
    proposal = ("I'll change the payment method of order #W2378156 to your Visa ending in 3867. The original charge will "
                "be refunded. Shall I proceed?")
    assert verifier_text.reason("yes, the Visa ending in 3867 is fine", proposal) is None
    assert verifier_text.reason("yes, my new card", proposal) is not None
    assert verifier_text.reason("yes, use my new visa", proposal) is not None
