"""Retail customers played against the fault-free clerk (thirty-second session, second part).

From retail-customers-10 (/work/h32/retail-customers-10/report.md, findings 6, 7, 8, 10, 11) and faults-9
(/work/h32/faults-9/report.md, findings 4, 6, 7). Each case has the tester's words, others of the kind, and near
misses that keep their old reading; each conversation is checked for soundness (no violation, no failed turn, each
write right after a yes to the proposal that named it).
"""

from __future__ import annotations

import re

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, seed, lines):
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-32b")


def _writes(t):
    return [(name, args.get("order_id")) for name, args in _calls(t)]


def _transferred(t):
    return bool(_calls(t, ("transfer_to_human_agents",)))


# --- F6. a cancellation's refund asked for elsewhere: the original method named, and said to be the only one --------
EMMA = "emma.santos7683@example.com"  # cancel 28: #W2918688 paid by Mastercard 6380, #W9903153 by gift card


@pytest.mark.parametrize("ask", [
    "cancel W2918688 and refund it to my gift card please, no longer need it",
    "cancel the tablet order, ordered by mistake - can the money go on my gift card?",
    "please cancel 2918688 (don't need it) and credit my gift card",
    "cancel W2918688, no longer needed, and put the refund on my gift card",
])
def test_a_cancel_refund_asked_for_another_method_is_said_to_go_to_the_original(d, ask):
    t = _play(d, "cancel", 28, [EMMA, ask, "yes"])
    proposal = _said(t)[-2]
    assert "Mastercard ending in 6380, the original payment method" in proposal, proposal
    assert "only be refunded to the method it was paid with" in proposal, proposal
    assert _writes(t) == [("cancel_pending_order", "#W2918688")]
    _sound(t)


def test_a_refund_asked_for_at_the_proposal_is_answered(d):
    t = _play(d, "cancel", 28, [EMMA, "cancel W9903153, no longer needed", "fine but I want the refund on my credit card please"])
    assert "gift card" in _said(t)[-1] and "only be refunded to the method it was paid with" in _said(t)[-1]
    assert _writes(t) == []
    _sound(t)


@pytest.mark.parametrize("ask", ["cancel W2918688, no longer needed",  # near misses: no wish, or the original's
                                 "cancel W2918688, no longer needed, refund to my mastercard"])
def test_a_cancel_with_no_other_method_asked_has_no_such_note(d, ask):
    t = _play(d, "cancel", 28, [EMMA, ask])
    assert "To confirm, I will cancel order #W2918688" in _said(t)[-1]
    assert "only be refunded to the method" not in _said(t)[-1]
    _sound(t)


# --- F7. "a medium" of a product sized in letters is size M, not its medium ventilation -----------------------------
YARA = "Yara Johansson 76114"  # mixed_pending_delivered 400: #W9994227 holds a Cycling Helmet (S, blue, low)


@pytest.mark.parametrize("ask", [
    "exchange the helmet in 9994227 for a medium",
    "swap my helmet from 9994227 for a medium, blue, low ventilation",
    "the helmet in W9994227 is way too small, I'd like to swap it for a medium please",
    "exchange the helmet in 9994227 for size medium",
    "exchange the helmet in 9994227 for size M",
])
def test_a_medium_is_the_size(d, ask):
    t = _play(d, "mixed_pending_delivered", 400, [YARA, ask])
    # (39k: with blue and low said too, and no medium blue low one in stock, the closest medium is offered and asked
    # about, no longer proposed as if it matched)
    assert re.search(r"Cycling Helmet \(S, blue, low, \$[\d.,]+\) -> \(M, |The closest available option is M, ",
                     _said(t)[-1]), _said(t)[-1]
    _sound(t)


@pytest.mark.parametrize("ask", ["exchange the helmet in 9994227 for one with medium ventilation",  # near misses
                                 "exchange the helmet in 9994227 for medium vents"])
def test_medium_ventilation_is_still_the_ventilation(d, ask):
    t = _play(d, "mixed_pending_delivered", 400, [YARA, ask])
    assert re.search(r"-> \(S, \w+, medium, ", _said(t)[-1]), _said(t)[-1]
    _sound(t)


def test_the_testers_long_message_exchanges_for_a_medium(d):
    t = _play(d, "mixed_pending_delivered", 400, [
        "Hey! ok so my bike helmet from order 9994227 came and it's way too small for my big head lol so I'd like to swap "
        "it for a medium, same blue color and low vents is fine. Oh and the other order w337 2648 has the wrong shipping "
        "address, I moved - it should go to 257 willow ave, denver co 80203. This is Yara Johansson btw, 76114. thanks!!"])
    # (39k: "same blue color and low vents" said, and no M blue low in stock: the closest M offered and asked about)
    assert "The closest available option is M, " in _said(t)[-1] and "S, blue, low isn't available" not in _said(t)[-1], \
        _said(t)[-1]
    _sound(t)


# --- F8. an option the customer fixes stays, the nearest variant changing one never named ---------------------------
MASON = "mason lopez 10257"  # exchange 57: #W8185761 holds Water Bottles (750ml, plastic, black), (500ml, glass, black)


@pytest.mark.parametrize("ask", [
    "exchange the plastic water bottle in W8185761 for a stainless steel one, same 750ml size please",
    "swap the plastic water bottle from W8185761 for stainless steel - size matters more than colour to me",
    "exchange the plastic water bottle in W8185761 for stainless steel but keep the size",
    "exchange the plastic water bottle in W8185761 for a stainless steel one, still 750ml",
])
def test_a_fixed_size_is_kept(d, ask):
    t = _play(d, "exchange", 57, [MASON, ask])
    assert "(750ml, plastic, black, $48.02) -> (750ml, stainless steel, " in _said(t)[-1], _said(t)[-1]
    _sound(t)


def test_both_bottles_keep_their_sizes(d):
    t = _play(d, "exchange", 57, [MASON, "I want to exchange both water bottles in W8185761 for stainless steel ones, keep the sizes"])
    assert "-> (750ml, stainless steel, " in _said(t)[-1] and "-> (500ml, stainless steel, " in _said(t)[-1], _said(t)[-1]
    _sound(t)


def test_with_nothing_fixed_the_nearest_is_still_disclosed(d):  # near miss: the old reading, with its note
    t = _play(d, "exchange", 57, [MASON, "exchange the plastic water bottle in W8185761 for a stainless steel one"])
    assert "-> (500ml, stainless steel, black" in _said(t)[-1] and "capacity 500ml instead of 750ml" in _said(t)[-1]
    _sound(t)


# --- F10. polite refusals at a proposal are a no ---------------------------------------------------------------------
FATIMA = "Fatima Anderson 78786"  # cancel 300: #W6368178 pending, paid by PayPal


@pytest.mark.parametrize("no", ["on reflection, I'll hold off", "eh, maybe not", "yes... actually no",
                                "I'd prefer you didn't", "probably not", "I'd rather you didn't", "ok wait, no",
                                "I think I'll hold off for now", "yeah no"])
def test_a_polite_no_drops_the_proposal(d, no):
    t = _play(d, "cancel", 300, [FATIMA, "cancel W6368178, bought it by accident", no, "ok thanks"])
    assert "won't make that change" in _said(t)[-2], _said(t)[-2]
    assert "To confirm" not in _said(t)[-1] and _writes(t) == []
    _sound(t)


def test_not_right_now_thanks_is_put_off_like_not_now_thanks(d):
    t = _play(d, "cancel", 300, [FATIMA, "cancel W6368178, bought it by accident", "not right now thanks"])
    assert "haven't made that change" in _said(t)[-1] and _writes(t) == []
    _sound(t)


@pytest.mark.parametrize("yes", ["yes", "sure, not a problem", "no worries, go ahead", "yes not a problem"])
def test_yeses_near_a_no_still_write(d, yes):  # near misses
    t = _play(d, "cancel", 300, [FATIMA, "cancel W6368178, bought it by accident", yes])
    assert _writes(t) == [("cancel_pending_order", "#W6368178")]
    _sound(t)


# --- F11. a question about how an order was paid, beside a tentative cancel: answered first -------------------------
@pytest.mark.parametrize("ask", [
    "which card did I use for W6368178? I may cancel it",
    "what did I pay for W6368178 and with which card? depending on that I might cancel",
    "what did I pay W6368178 with? might cancel it",
    "was W6368178 paid by paypal or card? I may want to cancel",
])
def test_the_payment_question_is_answered_before_the_reason_is_asked(d, ask):
    t = _play(d, "cancel", 300, [FATIMA, ask])
    assert "with your PayPal account" in _said(t)[-1] and "why you want to cancel" in _said(t)[-1], _said(t)[-1]
    _sound(t)


# --- faults-9 F4. a person asked for in other words ------------------------------------------------------------------
ETHAN = "ethan.kim3231@example.com"  # transfer 7


@pytest.mark.parametrize("ask", ["I would rather sort this out with an actual person",
                                 "honestly I'd rather talk this through with a real person",
                                 "talk this through with a real person please",
                                 "a real person would be better for this",
                                 "I'd prefer to go over it with a live agent",
                                 "an actual human could sort this out faster"])
def test_a_person_asked_for_indirectly_is_a_transfer(d, ask):
    t = _play(d, "transfer", 7, [ETHAN, ask])
    assert _transferred(t), _said(t)
    _sound(t)


@pytest.mark.parametrize("said", ["a real person told me I could return it",  # near misses: a person mentioned
                                  "I was talking with a real person earlier and they said it shipped",
                                  "I already sorted it out with a real person last week"])
def test_a_person_mentioned_is_no_transfer(d, said):
    t = _play(d, "transfer", 7, [ETHAN, said])
    assert not _transferred(t), _said(t)
    _sound(t)


# --- faults-9 F6 / F7. "espresso maker" is the Espresso Machine; "whatever's available" keeps what was named --------
IVAN = "ivan.hernandez1120@example.com"  # exchange 7: #W5838674 holds an Espresso Machine and a bagless Vacuum Cleaner


@pytest.mark.parametrize("ask", ["W5838674 espresso maker is defective, exchange it for the same thing please",
                                 "exchange the espresso maker in W5838674 for the 19 bar 2L manual one"])
def test_an_espresso_maker_is_the_espresso_machine(d, ask):
    t = _play(d, "exchange", 7, [IVAN, ask])
    assert "Coffee Maker" not in _said(t)[-1] and "Espresso Machine" in _said(t)[-1], _said(t)[-1]
    _sound(t)


@pytest.mark.parametrize("pick", ["whatever's available", "any of them", "you pick"])
def test_whatever_is_available_keeps_the_option_named(d, pick):
    t = _play(d, "exchange", 7, [IVAN, "on W5838674 I want the espresso machine switched to the 19 bar 2L manual version, "
                                       "and the vacuum changed to a bagless one", pick])
    assert re.search(r"Vacuum Cleaner \(canister, bagless, HEPA filter, \$[\d.,]+\) -> \(\w+, bagless, ", _said(t)[-1]), \
        _said(t)[-1]
    _sound(t)
