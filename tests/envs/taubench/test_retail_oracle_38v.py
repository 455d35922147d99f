"""Retail R3 on oracle-labeller-26's findings 3, 4, 5 and 8 (/work/h38/oracle-labeller-26/report.md), with the
hand-built traces of test_retail_oracle_38z (exchange seed 1, Yusuf Rossi) and test_retail_oracle_38x (modify_items
seed 2137, Emma Kim: the grill change, $19.98 charged to gift_card_5402003).

3. After "are there any other items ...?", an opening "no others", "none", "nothing more", "no other items" answers
   that question; the rest must still say yes on its own (a question, a hold-off, "not yet" stay R3).
4. Numbered per-item answers where item 1 is the yes ("1 ✔ 2 ✘", "#1 yes #2 no", "1 - yes, 2 - no", "1: go, 2: skip")
   approve item 1 only, as the item-2-yes order already did.
5. "I'll pay the $19.98" / "I'll cover the difference" agree to the question's own charge; another amount or a cap
   stays R3.
8. "go ahead, charge gift card 5402003" names the written gift card (the one the proposal names) by its id: a yes;
   other digits stay R3.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_retail_oracle_38x import r3 as grill
from tests.envs.taubench.test_retail_oracle_38z import KB, NUMBERED, ONE_MORE, TH, r3


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


# --- 3. "no others" / "none" / "nothing more" to "any other items?", then a go-ahead ----------------------------------

@pytest.mark.parametrize("reply", [
    "no others. do it",  # A09
    "no others. go",  # M10
    "none. do it",  # M11
    "no others, go ahead",  # M12
    "nothing more. do it please",  # M13
    "no other items - please proceed",
    "None, that's it. Go ahead.",
    "no more, just the keyboard. yes please",
])
def test_none_more_then_a_go_ahead_confirms(d, reply):
    assert r3(d, ONE_MORE, reply, KB) == [], reply


@pytest.mark.parametrize("reply", [
    "no. how long does the refund take?",
    "nope that's it for now, let me think it over",
    "no other items - but hold off until I've checked the switches",
    "nah nothing else. actually don't bother, I'll keep it",
    "no, only the keyboard - hmm, wait, not yet",
    "none. not yet though",
    "nothing more",
    "no others",
])
def test_none_more_near_misses_stay_r3(d, reply):
    assert r3(d, ONE_MORE, reply, KB), reply


def test_none_is_no_yes_without_a_question_for_more(d):
    assert r3(d, NUMBERED.replace("Would you like me to go ahead?", "Shall I proceed?"), "none. do it", KB, TH)


# --- 4. numbered answers, item 1 the yes ------------------------------------------------------------------------------

@pytest.mark.parametrize("reply", [
    "1 ✔ 2 ✘",  # C05
    "#1 ✔ #2 ✘",  # M22
    "#1 yes #2 no",  # M21
    "1 - yes, 2 - no",  # M24
    "1 - yes please, 2 - no thanks",  # C08
    "1: go, 2: skip",  # C06
    "#2 no #1 yes",
    "1: yes. 2: no.",
])
def test_item_one_yes_approves_item_one_only(d, reply):
    assert r3(d, NUMBERED, reply, KB) == [], reply
    assert r3(d, NUMBERED, reply, TH), reply
    assert r3(d, NUMBERED, reply, KB, TH), reply


@pytest.mark.parametrize("reply", ["1 - maybe, 2 - no", "#1 ✘ #2 ✘", "1: go, 2: let me think", "#1 no #2 no"])
def test_numbered_without_a_yes_stays_r3(d, reply):
    assert r3(d, NUMBERED, reply, KB), reply


# --- 5. "I'll pay / cover" the question's own charge ------------------------------------------------------------------

@pytest.mark.parametrize("reply", [
    "fine, I'll cover the $19.98 extra",  # E04
    "ok I'll cover the difference, go ahead",  # M31
    "I'll cover the 19.98, do it",  # M32
    "I'll pay the $19.98, go ahead",  # M33
    "yes, I will pay the difference",
    "sure, we'll cover the extra $19.98",
])
def test_ill_pay_the_charge_confirms(d, reply):
    assert grill(d, reply) == [], reply


@pytest.mark.parametrize("reply", [
    "I'll pay the $19.89, go ahead",
    "I'll cover $9.98 extra, do it",
    "I'll pay up to $15 more",
    "I'll pay the difference tomorrow",
    "I'll cover the difference if the grill ships this week",
    "I'll pay the $19.98 with my mastercard",
])
def test_ill_pay_near_misses_stay_r3(d, reply):
    assert grill(d, reply), reply


# --- 8. the proposal's gift card named by its id ----------------------------------------------------------------------

@pytest.mark.parametrize("reply", [
    "go ahead, charge gift card 5402003",  # D05
    "yes, use gift card 5402003",
    "yes - put it on my gift card #5402003",
    "go ahead, charge my gift card",  # the method in words, no id
])
def test_the_written_gift_card_by_its_id_confirms(d, reply):
    assert grill(d, reply) == [], reply


@pytest.mark.parametrize("reply", [
    "go ahead, charge gift card 5402030",  # D06
    "yes, use gift card 5402004",
    "go ahead, charge visa 5402003",
    "go ahead, charge my mastercard",
])
def test_other_digits_stay_r3(d, reply):
    assert grill(d, reply), reply
