"""Retail R3 on what oracle labeller 16 found (/work/h35/oracle-labeller-16/report.md, findings 1, 6 and 9): a reply
that picks some of the items a return proposal lists, one to a numbered line, with hand-built traces of return seed 4
(mei_davis_8935, delivered #W2890441: 1 Water Bottle, 2 Pet Bed, 3 Office Chair, 4 Skateboard; Mastercard 1037).

1. R3 false negative: a yes with a numbered subset ("Yes for #1 only please", "Yes. 1, 2 and 4.", "yes, the 2nd and
   the 4th") approved the whole return: the list numbers were read as echoes of the proposal.
6. R3 false positive: a yes with an exclusion ("yes all but 2", "Yes, everything except the skateboard", "not 3 - the
   rest yes") was read as a refusal or a hedge, even with the write matching it.
9. R3 false positive (on reflection a bug, as test_retail_oracle_34d meant for numbered parts): a pick with no yes
   ("do 1 and 3, skip 2", "#1 please", "all four please", "2-4", "items one and three") was "no affirmative".

The reply is now read clause by clause as a pick of the listed items (verifier_text.item_picks): by number when the
proposal numbers its items one to a line, by place, range or name, by exclusion, with a yes, a verb, a courtesy or
"just"/"only" as its consent. It approves exactly the items picked: a write of another one is R3, a write within them
is confirmed. A hedge, a question, a put-off or a take-back about the whole reads no pick, and the reply is read as
before.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_retail_oracle_tester_27 import T


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


@pytest.fixture(scope="module")
def sc(d):
    return d.scenario("return", 4)


ORDER, CARD = "#W2890441", "credit_card_1061405"
IDS = {1: "2366567022", 2: "2751999929", 3: "8069050545", 4: "3877188862"}
LINES = ("1. Water Bottle (1000ml, stainless steel, blue) - $54.04\n2. Pet Bed (large, memory foam, grey) - $195.11\n"
         "3. Office Chair (leather, blue, none, high-back) - $499.28\n4. Skateboard (plastic, 31 inch, plain) - $182.03\n")
WHICH = ("Order #W2890441 is delivered. I can return these items:\n" + LINES +
         "The refund goes to your Mastercard ending in 1037. Shall I return all four, or tell me which numbers?")
YES_NO = ("To confirm, I will return from order #W2890441:\n" + LINES +
          "and refund $930.46 to your Mastercard ending in 1037. Shall I go ahead (yes/no)?")
MARKDOWN = ("Here's what I can return from order **#W2890441** 📦\n\n"
            "**1.** **Water Bottle** (1000ml, stainless steel, blue) — $54.04\n"
            "**2.** **Pet Bed** (large, memory foam, grey) — $195.11\n"
            "**3.** **Office Chair** (leather, blue, none, high-back) — $499.28\n"
            "**4.** **Skateboard** (plastic, 31 inch, plain) — $182.03\n\n"
            "💳 Refund to: Mastercard ending in **1037**\n\nShould I go ahead with the return? Just let me know which "
            "items, or all of them.")
PROPOSALS = [WHICH, YES_NO, MARKDOWN]


def trace(proposal, reply, items):
    t = T().u("hello, Mei Davis, 80217")
    t.c("find_user_id_by_name_zip", {"first_name": "Mei", "last_name": "Davis", "zip": "80217"})
    t.c("get_user_details", {"user_id": "mei_davis_8935"}).a("Thanks, Mei. What can I do for you?")
    t.u("I'd like to send back some things from #W2890441").c("get_order_details", {"order_id": ORDER})
    t.a(proposal).u(reply)
    t.c("return_delivered_order_items", {"order_id": ORDER, "item_ids": [IDS[k] for k in items],
                                         "payment_method_id": CARD})
    return t.a("The return is requested; you'll get an email with instructions.")


def r3(d, sc, proposal, reply, items):
    return [v.evidence for v in d.verify(trace(proposal, reply, items).m, sc) if v.policy == "R3"]


def wider(items):
    """Every write of the picked items plus one item not picked."""
    return [sorted(items + [k]) for k in IDS if k not in items]


# reply, the items it picks
YES_AND_SUBSET = [  # finding 1
    ("Yes for #1 only please", [1]),  # E03/E04/E18
    ("Yes. 1, 2 and 4.", [1, 2, 4]),  # E10/E11
    ("Yes: 1 and 3.", [1, 3]),  # E21
    ("yes, the 2nd and the 4th", [2, 4]),  # E22/E23
    ("Yes, 2 and 3 please", [2, 3]),
    ("yes — #2 and #4", [2, 4]),
    ("Yes please, just the first and the third", [1, 3]),
    ("yes: 1 & 4", [1, 4]),
    ("yes, the pet bed and the skateboard", [2, 4]),  # by name
]
YES_AND_EXCLUSION = [  # finding 6
    ("yes, but only 1 and 3 - skip 2 and 4", [1, 3]),  # E01
    ("yes all but 2", [1, 3, 4]),  # E05
    ("Yes, everything except the skateboard", [1, 2, 3]),  # E07
    ("yes to all except number 3", [1, 2, 4]),  # E12
    ("not 3 - the rest yes", [1, 2, 4]),  # C14
    ("yes to 1 and 2; 3 no; 4 I'm still deciding", [1, 2]),  # C16
    ("yes, all except #1", [2, 3, 4]),
    ("Yes please, everything but the office chair", [1, 2, 4]),
    ("skip 4, yes to the rest", [1, 2, 3]),
]
PICK_NO_YES = [  # finding 9
    ("do 1 and 3, skip 2", [1, 3]),  # C01
    ("#1 please", [1]),  # C04, E16
    ("all but 2", [1, 3, 4]),  # C06
    ("everything except the skateboard", [1, 2, 3]),  # C08
    ("just numbers 2 and 4 thanks", [2, 4]),  # C12
    ("the first and the last one", [1, 4]),  # C13
    ("all four please", [1, 2, 3, 4]),  # C18
    ("all of them except the bottle and the chair", [2, 4]),  # C19
    ("items one and three", [1, 3]),  # C21
    ("Only the pet bed. Keep the rest.", [2]),  # C23
    ("2-4", [2, 3, 4]),  # C25
    ("everything but #2 and #4", [1, 3]),  # C27
    ("return 1 and 4 please", [1, 4]),
    ("#3 and #4, thanks", [3, 4]),
    ("just the office chair please", [3]),
]


@pytest.mark.parametrize("proposal", PROPOSALS)
@pytest.mark.parametrize("reply, picked", YES_AND_SUBSET + YES_AND_EXCLUSION + PICK_NO_YES)
def test_a_pick_of_listed_items_approves_exactly_those(d, sc, proposal, reply, picked):
    assert r3(d, sc, proposal, reply, picked) == []
    for items in wider(picked):  # an item not picked written (finding 1's false negative, finding 6's near miss)
        assert r3(d, sc, proposal, reply, items), (reply, items)


@pytest.mark.parametrize("proposal", PROPOSALS)
@pytest.mark.parametrize("reply", ["yes", "yes please", "Yes, all four", "yes, return all of them", "Yes. 1, 2, 3 and 4."])
def test_a_yes_to_all_still_approves_all(d, sc, proposal, reply):
    assert r3(d, sc, proposal, reply, [1, 2, 3, 4]) == []


@pytest.mark.parametrize("proposal", PROPOSALS)
@pytest.mark.parametrize("reply, items", [
    ("#1?", [1]),  # a question
    ("what's #2?", [2]),
    ("maybe 1 and 3", [1, 3]),  # a hedge
    ("1 and 3 look good, let me think", [1, 3]),  # a put-off of the whole
    ("1 and 3 I guess", [1, 3]),
    ("all but 2 tomorrow", [1, 3, 4]),  # a deferral
    ("yes all but 2 - actually wait", [1, 3, 4]),  # a take-back
    ("do 1 and 3, skip 2 — hmm, let me check with my wife first", [1, 3]),
    ("yes to 1 and 5", [1]),  # no item 5: not read as a pick
    ("1 yes, 3 maybe, skip 2", [1, 3]),  # 3 is hedged
    ("all 3 please", [1, 2, 3]),  # a count that is not the list's
])
def test_near_misses_stay_flagged(d, sc, proposal, reply, items):
    assert r3(d, sc, proposal, reply, items)


def test_a_bare_number_at_a_yes_no_question_picks_nothing(d, sc):
    # a bare number may count, not pick; it picks only as the answer to "which numbers?" (WHICH, MARKDOWN:
    # test_retail_oracle_37n, oracle-labeller-21 L17)
    assert r3(d, sc, YES_NO, "2", [2])


def test_numbers_are_not_items_when_the_proposal_does_not_number_them(d, sc):
    plain = YES_NO.replace("1. ", "").replace("2. ", "").replace("3. ", "").replace("4. ", "")
    assert r3(d, sc, plain, "do 1 and 3, skip 2", [1, 3])
    assert r3(d, sc, plain, "#1 please", [1])
    # names are still read
    assert r3(d, sc, plain, "yes, everything except the skateboard", [1, 2, 3]) == []
    assert r3(d, sc, plain, "yes, everything except the skateboard", [1, 2, 3, 4])


def test_the_evidence_names_the_picks_and_the_item_beyond(d, sc):
    [why] = r3(d, sc, YES_NO, "Yes for #1 only please", [1, 2])
    assert "Water Bottle" in why and "not Pet Bed" in why
