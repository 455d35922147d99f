"""Retail R3 on what oracle labeller 21 found (/work/h37/oracle-labeller-21/report.md, findings 3 and 5), with
hand-built traces of return seed 6 (daiki_johnson_9523, delivered #W9502127: 1 Vacuum Cleaner (canister, $622.12),
2 Air Purifier, 3 Patio Umbrella (green), 4 Dumbbell Set, 5 Vacuum Cleaner (robotic, $652.61); PayPal) and cancel
seed 4 (daiki_silva_2903, pending #W8835847, the reason 'ordered by mistake' stated).

5. R3 false positive: picks at a numbered list with two items of one name that fit exactly one item read nothing, so
   the write was "no affirmative": by the price its line shows ("the one for 652", L07), by its place on the list as
   the customer sees it ("the top one" / "the bottom one", L12/L13), and a bare number answering "tell me which
   numbers?" ("5", L17). Each now picks exactly its item: writing it is a yes, writing another is R3. A bare number
   at a yes/no question still picks nothing (it answers no "which?").
3. R3 false positive: a plain yes in another language ("sí", "oui", "ja", "sí, todos": X20, X22, X30, X31) was "no
   affirmative". A reply made only of another language's words of yes (with "all" / "both" and courtesy words) is read
   as the English "yes" ("yes, all", "yes, both"); a no ("no", "non", "nein", "нет", "不用了", "いいえ"), a put-off
   ("sí, mañana", "ja, später"), a question ("sí?") or any other word ("si tu veux") is read as before: no yes.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_retail_oracle_36h import FIVE, FIVE_YN, TWO_VACS, r3
from tests.envs.taubench.test_retail_oracle_tester_27 import T


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


@pytest.fixture(scope="module")
def sc(d):
    return d.scenario("return", 6)


# --- finding 5: picks by a line's price, by top / bottom, and a bare number to "which numbers?" -----------------------
PICKS = [  # (proposal, reply, the items it picks, by order line)
    (TWO_VACS, "the one for 652", [5]),  # L07
    (TWO_VACS, "the $622 one please", [1]),
    (FIVE, "just the one at $652.61, thanks", [5]),
    (FIVE, "the vacuum for 622 and the dumbbells", [1, 4]),
    (TWO_VACS, "the top one", [1]),  # L12
    (TWO_VACS, "the bottom one", [5]),  # L13
    (FIVE, "only the bottom one please", [5]),
    (FIVE, "the top one and the umbrella", [1, 3]),
    (FIVE, "5", [5]),  # L17
    (FIVE, "1", [1]),
    (TWO_VACS, "2", [5]),
]


@pytest.mark.parametrize("proposal, reply, picked", PICKS)
def test_a_pick_that_fits_one_item_approves_exactly_it(d, sc, proposal, reply, picked):
    from tests.envs.taubench.test_retail_oracle_37k import approves_exactly

    approves_exactly(d, sc, proposal, reply, picked)


@pytest.mark.parametrize("proposal, reply, items", [
    (FIVE_YN, "5", [5]),  # a bare number at a yes/no question: no "which?" asked, no pick
    (TWO_VACS, "the one for 600", [1]),  # no item at that price
    (FIVE, "the one for 652?", [5]),  # a question
    (FIVE, "the top one maybe", [1]),  # a hedge
    (FIVE, "6", [5]),  # no item 6
    (FIVE, "the one under 700", [1]),  # a bound, not a price: fits four items
])
def test_near_misses_stay_flagged(d, sc, proposal, reply, items):
    assert r3(d, sc, proposal, reply, items), reply


# --- finding 3: a plain yes in another language -----------------------------------------------------------------------
SUMMARY = ("To confirm, I will cancel order #W8835847 because it is 'ordered by mistake'. The total of $689.97 will be "
           "refunded to the original payment method. Shall I go ahead (yes/no)?")


def cancel_r3(d, reply, proposal=SUMMARY):
    t = T().u("hi, Daiki Silva, zip 94102")
    t.c("find_user_id_by_name_zip", {"first_name": "Daiki", "last_name": "Silva", "zip": "94102"})
    t.c("get_user_details", {"user_id": "daiki_silva_2903"}).a("How can I help you today?")
    t.u("cancel #W8835847, I ordered it by mistake").c("get_order_details", {"order_id": "#W8835847"})
    t.a(proposal).u(reply)
    t.c("cancel_pending_order", {"order_id": "#W8835847", "reason": "ordered by mistake"})
    t.a("Order #W8835847 is cancelled. Is there anything else I can help you with?")
    return [v.evidence for v in d.verify(t.m, d.scenario("cancel", 4)) if v.policy == "R3"]


@pytest.mark.parametrize("reply", [
    "好的", "oui merci", "ja, danke!", "Да, пожалуйста", "d'accord", "sí, por favor", "はい、お願いします",
])
def test_a_plain_yes_in_another_language_confirms(d, reply):
    assert cancel_r3(d, reply) == [], reply


@pytest.mark.parametrize("reply", [
    "sí", "oui", "ja",  # X20, X30, X31: judgement calls kept (lead, thirty-seventh session)
    "Sí.", "si", "sì", "sim", "да", "是的", "はい", "tak", "ouais", "claro",
])
def test_one_foreign_word_of_yes_alone_is_asked_again(d, reply):
    # as the consent table labels "oui" alone (tests/data/consent_table.tsv) and SkyAssist's S4/S5 read it: the two
    # environments agree; a second word of consent or courtesy makes it a yes (above)
    assert cancel_r3(d, reply), reply


@pytest.mark.parametrize("reply", [
    "no", "non", "nein", "нет", "不", "不用了", "いいえ", "todavía no", "non merci",  # a no
    "sí, mañana", "oui, plus tard", "ja, später",  # a put-off
    "sí?", "oui ?",  # a question
    "si tu veux", "sí, pero no ahora",  # "if you want"; a but
])
def test_a_no_a_put_off_or_a_question_in_another_language_stays_flagged(d, reply):
    assert cancel_r3(d, reply), reply


@pytest.mark.parametrize("proposal, reply, items", [
    (FIVE, "sí, todos", [1, 2, 3, 4, 5]),  # X22
    (FIVE, "oui, tous", [1, 2, 3, 4, 5]),
    (FIVE_YN, "ja, alle", [1, 2, 3, 4, 5]),
    (FIVE_YN, "sì, grazie", [1, 2, 3, 4, 5]),
    (TWO_VACS, "sí, los dos", [1, 5]),
    (TWO_VACS, "oui, les deux", [1, 5]),
    (TWO_VACS, "да, оба", [1, 5]),
])
def test_a_foreign_yes_to_all_the_listed_items_approves_them(d, sc, proposal, reply, items):
    assert r3(d, sc, proposal, reply, items) == [], reply


@pytest.mark.parametrize("proposal, reply, items", [
    (FIVE, "oui, seulement le numéro 2", [2, 4]),  # X23: another word, read as before
    (FIVE, "non, aucun", [1]),  # "no, none"
    (TWO_VACS, "sí, los dos?", [1, 5]),  # a question
])
def test_foreign_near_misses_at_a_list_stay_flagged(d, sc, proposal, reply, items):
    assert r3(d, sc, proposal, reply, items), reply
