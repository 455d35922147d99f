"""Retail R3 readings (envs/taubench/verifier_text.py) on the third black-box labeller of round 29
(/work/h29/oracle-tester-3/report.md, findings 11 and 12; seed 400 customers Evelyn Ito and Fatima Anderson):

- r15: "**Proposed:** pay #W6207110 with **PayPal** (paypal_5377635) instead of the Visa; ... Shall I switch it?"
  after "paid **$536.67** with your Visa ending **5896**": a payment change proposed, PayPal the method named
  (an order id right after "pay", and an amount in bold before "with your Visa", were not read).
- r11: "**Step 2 — payment of #W6368178** / - From: PayPal / - To: **gift card gift_card_8070316** (balance
  $64.00)": the "To:" line proposes the payment change (a bracketed balance beside the method took it away).
- r12 (debatable, decided by R3 "explicit confirmation of the action details"): a whole address shown
  ("545 Harbor Street / Denver, CO 80203, USA") approves no unit it does not show; "Suite 398" written was
  added. Where the proposal shows the unit, or shows only street and zip, nothing changes.
Each with its twin of the other reading.
"""

from __future__ import annotations

import pytest

from envs.taubench.verifier_text import names_address, names_payment, read_proposal

ITO = {"paypal_5377635": {"source": "paypal", "id": "paypal_5377635"},
       "credit_card_1461379": {"source": "credit_card", "id": "credit_card_1461379", "brand": "visa",
                               "last_four": "5896"}}
R15 = ("Verified ✔️ Order **#W6207110** is pending, paid **$536.67** with your Visa ending **5896**. You also have "
       "PayPal on file.\n\n**Proposed:** pay #W6207110 with **PayPal** (paypal_5377635) instead of the Visa; the "
       "Visa is refunded.\n\nShall I switch it?")
R11 = ("**Step 2 — payment of #W6368178**\n- From: PayPal\n- To: **gift card gift_card_8070316** (balance $64.00)"
       "\n\nConfirm?")


@pytest.mark.parametrize("text, method, named", [
    (R15, "paypal_5377635", True),  # r15
    (R15, "credit_card_1461379", False),  # the Visa is the method replaced
    ("Order #W6207110 was paid $536.67 with your Visa ending 5896. Pay #W6207110 with PayPal instead? ", "paypal_5377635",
     True),
    ("Order #W6207110 is paid **$536.67** with PayPal. Switch it to your Visa ending 5896?", "credit_card_1461379", True),
    ("Order #W6207110 is paid **$536.67** with PayPal. Switch it to your Visa ending 5896?", "paypal_5377635", False),
])
def test_a_payment_proposal_names_the_new_method_past_bold_amounts(text, method, named):
    assert names_payment(text, method, ITO, "credit_card_1461379", change=True) == named


@pytest.mark.parametrize("text, proposes", [
    (R15, True),  # r15: "pay #W6207110 with PayPal"
    ("Shall I pay #W6207110 with PayPal instead of the Visa?", True),
    (R11, True),  # r11: a "To:" line with a bracketed balance
    ("**Step 2 — payment of #W6368178**\n- To: **gift card gift_card_8070316**\n\nConfirm?", True),
    ("Your gift card gift_card_8070316 has a balance of $64.00. Anything else?", False),
    ("Order #W6368178 was paid with PayPal (balance refunded later). Anything else?", False),
])
def test_a_payment_change_written_without_the_words_change_the_payment_method_is_proposed(text, proposes):
    mentions = read_proposal((text,)).mentions
    assert any(kind == "payment" for kind, _ in mentions) == proposes, mentions


@pytest.mark.parametrize("text, address2, approved", [
    ("To confirm, ship order **#W6368178** to:\n\n> 545 Harbor Street\n> Denver, CO 80203, USA\n\nCorrect?",
     "Suite 398", False),  # r12: a unit the whole address shown does not have
    ("To confirm, ship order **#W6368178** to:\n\n> 545 Harbor Street\n> Denver, CO 80203, USA\n\nCorrect?", "",
     True),
    ("To confirm, ship order #W6368178 to 545 Harbor Street, Suite 398, Denver, CO 80203. Correct?", "Suite 398",
     True),
    ("To confirm, ship order #W6368178 to 545 Harbor Street, 80203. Correct?", "Suite 398", True),  # street and zip
    ("To confirm, ship order #W6368178 to 545 Harbor Street, Apt 2, Denver, CO 80203. Correct?", "Suite 398", False),
])
def test_a_whole_address_shown_approves_no_unit_it_does_not_show(text, address2, approved):
    assert names_address(text, "545 Harbor Street", "80203", address2, "Denver", "CO") == approved
