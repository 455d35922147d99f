"""Retail customers played against the fault-free clerk (thirty-fourth session, part b).

Severity-3 findings of retail-customers-15 (/work/h34/retail-customers-15/report.md): a name written with periods or an
underscore ("Olivia. Ito.") found by the lookup and still answered "I couldn't find an account" (9); a zip glued to its
label ("zip80218") not read (10); and the others below, each with the tester's words, others of the kind, and near
misses that keep their old reading. Each conversation is checked for soundness (no violation, no failed turn, each
write right after a yes to the proposal that named it).
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, seed, lines):
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-34b")


def _signed_in(t):
    return any(c["function"]["name"] == "get_user_details" for m in t.messages for c in m.get("tool_calls") or [])


# --- 9, 10. a name with periods or an underscore, a zip glued to its label: signed in --------------------------------
@pytest.mark.parametrize("say", [
    "Olivia. Ito. 80218",
    "its olivia. ito. postal code 80218",
    "hi it's Olivia. Ito. zip 80218",
    "olivia_ito 80218",
    "hii im olivia ito zip80218",
    "olivia ito ZIP#80218",
    "Olivia Ito, zipcode:80218",
    "olivia ito (zip80218)",
])
def test_name_and_zip_in_odd_forms_sign_in(d, say):
    t = _play(d, "payment", 3313, [say])
    _sound(t)
    assert _signed_in(t), _said(t)
    assert "couldn't find" not in _said(t)[-1] and "zip code on your account" not in _said(t)[-1], _said(t)


@pytest.mark.parametrize("say", ["Olivia. Ito. 80219", "olivia_ito zip80219", "olivia ito zip8021"])
def test_a_wrong_zip_still_signs_nobody_in(d, say):
    t = _play(d, "payment", 3313, [say])
    _sound(t)
    assert not _signed_in(t), _said(t)


def test_the_request_after_a_glued_zip_is_taken_up(d):
    t = _play(d, "payment", 3313, ["hii im olivia ito zip80218", "change the payment of order #W5866402 to paypal"])
    _sound(t)
    assert "zip code on your account" not in _said(t)[-1], _said(t)


# --- 13. which orders haven't arrived: those not delivered, listed (not "Sorry, I can't help with that here") ---------
KIM = "Ethan Kim, zip 78286"
PROCESSED, PENDING_ORDER, DELIVERED = "#W8992263", "#W8296441", ("#W3942875", "#W1763367")


@pytest.mark.parametrize("say, shown", [
    ("which of my orders haven't arrived yet?", {PROCESSED, PENDING_ORDER}),
    ("has everything I ordered been delivered?", {PROCESSED, PENDING_ORDER}),
    ("is there anything that hasn't been delivered yet?", {PROCESSED, PENDING_ORDER}),
    ("what orders are still on the way", {PROCESSED, PENDING_ORDER}),
    ("anything of mine still not shipped?", {PENDING_ORDER}),
])
def test_orders_not_arrived_are_listed(d, say, shown):
    t = _play(d, "info_only", 7011, [KIM, say])
    _sound(t)
    answer = _said(t)[-1]
    assert "can't help" not in answer, answer
    assert {o for o in (PROCESSED, PENDING_ORDER) + DELIVERED if f"Order {o} is" in answer} == shown, answer


@pytest.mark.parametrize("say", ["how many orders do I have with you", "list my orders please"])
def test_every_order_listed_when_asked_for_all(d, say):
    t = _play(d, "info_only", 7011, [KIM, say])
    _sound(t)
    assert all(f"Order {o} is" in _said(t)[-1] for o in (PROCESSED, PENDING_ORDER) + DELIVERED), _said(t)[-1]


def test_a_statement_that_an_order_has_not_arrived_is_no_listing(d):
    t = _play(d, "info_only", 7011, [KIM, "my order hasn't arrived yet, can you cancel it"])
    _sound(t)
    assert "Order #W3942875 is delivered" not in _said(t)[-1], _said(t)[-1]


# --- 14. "what will happen to my money?" at a proposal: where the refund goes, and the proposal again -----------------
LUCAS = "Lucas Martin zip 78753"
CANCEL_TWO = "i need cancel the order with bookshelf and camera. my wife she buy same things already, so we dont need two"


@pytest.mark.parametrize("say", ["what will happen to my money?", "and my money?", "what happens with the money?",
                                 "so what about my money?", "where does my money go"])
def test_money_question_at_a_proposal_is_answered(d, say):
    t = _play(d, "cancel", 8120, [LUCAS, CANCEL_TWO, say])
    _sound(t)
    answer = _said(t)[-1]
    assert "can't help" not in answer and "Mastercard ending in 8198" in answer, answer
    assert "To confirm, I will cancel order #W5502903" in answer and _calls(t) == [], answer
    t = _play(d, "cancel", 8120, [LUCAS, CANCEL_TWO, say, "yes"])
    _sound(t)
    assert [a["order_id"] for _, a in _calls(t)] == ["#W5502903"], _said(t)


@pytest.mark.parametrize("say", ["will the money be there by friday?", "will my money be back before the weekend?"])
def test_when_the_money_comes_at_a_return_proposal(d, say):
    t = _play(d, "return", 2101, ["liam.li5782@example.com", "I want to return the t-shirts from order #W7554786", say])
    _sound(t)
    answer = _said(t)[-1]
    assert "business days" in answer and "To confirm, I will return" in answer and _calls(t) == [], answer


# --- 12. putting back a finished write: said it can't be, not the menu ----------------------------------------------
ISABELLA = ("isabella johansson here, zip is 60625. pls cancel the order with the coffee machine in it, i ordered it "
            "by mistake")


@pytest.mark.parametrize("say", [
    "oh no wait. i only meant the coffee machine, i still want the makeup kit. can you put it back?",
    "actually scratch that, I want the order back",
    "please bring the order back",
    "can you undo that?",
])
def test_a_cancelled_order_put_back_is_refused_plainly(d, say):
    t = _play(d, "cancel", 3313, [ISABELLA, "yes", say])
    _sound(t)
    assert "can't be reinstated" in _said(t)[-1], _said(t)[-1]
    assert len(_calls(t)) == 1


OLIVIA = "olivia ito 80218"
TO_PAYPAL = "please change the payment of order #W7941031 to paypal"


@pytest.mark.parametrize("say", [
    "hmm actually my husband says keep it on the card it was on before. sorry!!",
    "wait, switch it back to the card it was on before please",
    "put it back on the visa",
    "revert the payment to the original card",
])
def test_a_payment_put_back_is_refused_plainly(d, say):
    t = _play(d, "payment", 3313, [OLIVIA, TO_PAYPAL, "yes", say])
    _sound(t)
    assert "change" in _said(t)[-1] and "again" in _said(t)[-1] and "How can I help" not in _said(t)[-1], _said(t)[-1]
    assert len(_calls(t)) == 1


def test_put_it_back_before_any_write_is_no_undo(d):
    t = _play(d, "payment", 3313, [OLIVIA, "switch it back to the card please"])
    _sound(t)
    assert "nothing to undo" not in _said(t)[-1], _said(t)[-1]


# --- 7. compensation "not just a return": no return proposed; a person asked after is a transfer -----------------------
SOPHIA = "sophia hernandez 76197"


def _transferred(t):
    return any(c["function"]["name"] == "transfer_to_human_agents" for m in t.messages for c in m.get("tool_calls") or [])


@pytest.mark.parametrize("say", [
    "my tablet arrived with a cracked screen and i want compensation for the hassle, not just a return. who can i talk "
    "to about that",
    "my tablet arrived with a cracked screen. I want some compensation for the trouble, a return alone isn't enough. who "
    "can I talk to?",
    "the tablet is cracked. a refund isn't enough, I want compensation - is there someone I can talk to?",
    "I don't want a refund, I want someone to make this right - is there a manager?",
])
def test_compensation_with_a_person_asked_is_a_transfer(d, say):
    t = _play(d, "transfer", 7011, [SOPHIA, say])
    _sound(t)
    assert _transferred(t) and "To confirm" not in " ".join(_said(t)), _said(t)


@pytest.mark.parametrize("say", [
    "the tablet came cracked, i want compensation for the hassle, not just a return",
    "my tablet arrived cracked. can I get compensation?",
    "I want more than a return for my broken tablet, I want compensation",
])
def test_compensation_alone_is_said_out_of_reach(d, say):
    t = _play(d, "transfer", 7011, [SOPHIA, say])
    _sound(t)
    assert "can't offer compensation" in _said(t)[-1] and not _transferred(t), _said(t)
    t = _play(d, "transfer", 7011, [SOPHIA, say, "ok then just return it", "yes"])
    _sound(t)
    assert [a["order_id"] for _, a in _calls(t)] == ["#W1326557"], _said(t)


def test_a_plain_return_of_the_cracked_tablet_is_still_proposed(d):
    t = _play(d, "transfer", 7011, [SOPHIA, "my tablet arrived with a cracked screen, i want to return it"])
    _sound(t)
    assert "To confirm, I will return from order #W1326557" in _said(t)[-1], _said(t)


# --- 8. "the security camera" of an Indoor Security Camera and a Digital Camera: that one, not "which camera?" again --
MOHAMED = "mohamed.li8414@example.com"
SECURITY_CAMERA, DIGITAL_CAMERA = "Indoor Security Camera (1080p", "Digital Camera (20MP"


@pytest.mark.parametrize("say", [
    "change the security camera in my pending order to 2K 130 degrees",
    "change the indoor camera in my pending order to 2K 130 degrees",
    "pending order changes:\n1. security camera -> 2K, 130 degrees",
])
def test_a_word_of_one_camera_names_it(d, say):
    t = _play(d, "several_pending_edits", 3313, [MOHAMED, say])
    _sound(t)
    assert f"I will modify these items of order #W8844578: {SECURITY_CAMERA}" in _said(t)[-1], _said(t)[-1]
    assert DIGITAL_CAMERA not in _said(t)[-1], _said(t)[-1]


@pytest.mark.parametrize("answer, kept", [
    ("the security camera", SECURITY_CAMERA), ("the indoor one", SECURITY_CAMERA), ("security cam", SECURITY_CAMERA),
    ("the first one", SECURITY_CAMERA), ("the digital one", DIGITAL_CAMERA),
])
def test_the_answer_to_which_camera_names_it(d, answer, kept):
    t = _play(d, "several_pending_edits", 3313, [MOHAMED, "change the camera in my pending order to 2K 130 degrees", answer])
    _sound(t)
    assert "two items that could be the camera" in _said(t)[-2], _said(t)
    assert kept in _said(t)[-1] and "two items that could be the camera" not in _said(t)[-1], _said(t)[-1]
    other = DIGITAL_CAMERA if kept == SECURITY_CAMERA else SECURITY_CAMERA
    assert other not in _said(t)[-1], _said(t)[-1]


def test_the_bare_camera_is_still_asked_about(d):
    t = _play(d, "several_pending_edits", 3313, [MOHAMED, "change the camera in my pending order to 2K 130 degrees"])
    _sound(t)
    assert "two items that could be the camera" in _said(t)[-1], _said(t)[-1]


# --- 11. the apartment put right after an address change: the same address with that unit proposed ------------------
SOFIA = "sofia thomas 75307"
MOVE = "my earbuds order needs to go to my new place: 167 cedar ln apt 4B denver colorado 80203"


@pytest.mark.parametrize("say", [
    "ugh sorry its 4C not 4B",
    "sorry, apartment is 4C actually. can you fix it?",
    "apt should be 4C, sorry",
    "oops, the apartment number is 4C",
    "can you correct it to apt 4C",
])
def test_the_apartment_put_right_after_the_write(d, say):
    t = _play(d, "address", 3313, [SOFIA, MOVE, "yes", say])
    _sound(t)
    assert "To confirm, I will change the shipping address of order #W7619352 to 167 cedar ln" in _said(t)[-1], _said(t)
    assert "pt 4C, denver, CO 80203" in _said(t)[-1], _said(t)[-1]
    t = _play(d, "address", 3313, [SOFIA, MOVE, "yes", say, "yes"])
    _sound(t)
    assert [a["address2"].lower() for _, a in _calls(t)] == ["apt 4b", "apt 4c"], _said(t)


@pytest.mark.parametrize("say", ["sorry, one more thing", "is apt 4C ok?"])
def test_no_correction_proposes_nothing(d, say):
    t = _play(d, "address", 3313, [SOFIA, MOVE, "yes", say])
    _sound(t)
    assert "To confirm" not in _said(t)[-1], _said(t)[-1]
