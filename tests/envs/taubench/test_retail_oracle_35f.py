"""Retail R3 on what oracle labeller 17 found (/work/h35/oracle-labeller-17/report.md, finding 8 and the retail judgement
calls of finding 9), with the hand-built traces of test_retail_oracle_35a (return seed 4, mei_davis_8935, #W2890441:
1 Water Bottle (blue), 2 Pet Bed (grey), 3 Office Chair (leather, blue), 4 Skateboard (plastic); Mastercard 1037).

8. R3 false positive: a pick of listed items that a reader takes as exact consent was "no affirmative" or "says more
   than yes", even with the write matching it:
   - by place and count: "the first two", "the last two please";
   - by complement: "keep 1 and 3" and "Skip 1 and 3" (return the others), "1 and 3 I'm keeping, the others can go
     back";
   - by an attribute the proposal's lines give: "the blue ones";
   - with some item left undecided: "2 for now, the rest later", "1 and 2 yes, not sure about 4 yet";
   - across turns: "not 3", the agent asks about the others ("What about items 1, 2 and 4?"), "the rest yes".
   Each is read as a pick of exactly those items (verifier_text.item_picks, rest_after_refusal): a write of another
   item stays R3.
9. (judgement call R21) "do 1 and 3", the agent restates exactly those items and the refund without the word
   "return", "yes": the yes approves the return proposed before on those items (verifiers._restates_pick). The other
   judgement calls stay strict: a same-message correction (R34, R36), a pick beside a request about another order
   (R74), "no that's all" to "anything else?" (R97), and "pet bed 1 and chair 1" at two option lists (X10).

Every non-consenting reply the labeller confirmed caught (conditionals, sarcasm, questions without "?", hedges,
negated picks, items outside the proposal, take-backs in the next turn) stays flagged, and so do "keep" meaning the
order stays as it is, an attribute that fits two items named in the singular, and "2 for now" with everything written.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_retail_oracle_35a import CARD, IDS, MARKDOWN, ORDER, PROPOSALS, WHICH, YES_NO, wider
from tests.envs.taubench.test_retail_oracle_tester_27 import T


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


@pytest.fixture(scope="module")
def sc(d):
    return d.scenario("return", 4)


def trace(proposal, turns, items, card=CARD):
    """The numbered proposal, then the customer's turns with the agent's texts between them, then the write (its
    refund to ``card``)."""
    t = T().u("hello, Mei Davis, 80217")
    t.c("find_user_id_by_name_zip", {"first_name": "Mei", "last_name": "Davis", "zip": "80217"})
    t.c("get_user_details", {"user_id": "mei_davis_8935"}).a("Thanks, Mei. What can I do for you?")
    t.u("I'd like to send back some things from #W2890441").c("get_order_details", {"order_id": ORDER})
    t.a(proposal)
    for k, text in enumerate(turns):
        (t.u if k % 2 == 0 else t.a)(text)
    t.c("return_delivered_order_items", {"order_id": ORDER, "item_ids": [IDS[k] for k in items],
                                         "payment_method_id": card})
    return t.a("The return is requested; you'll get an email with instructions.")


def r3(d, sc, proposal, turns, items, card=CARD):
    turns = [turns] if isinstance(turns, str) else turns
    return [v.evidence for v in d.verify(trace(proposal, turns, items, card).m, sc) if v.policy == "R3"]


BY_PLACE = [
    ("the first two", [1, 2]),  # R27, R80
    ("the last two please", [3, 4]),  # R29
    ("first three please", [1, 2, 3]),
    ("yes, the last 2", [3, 4]),
    ("just the first two, thanks", [1, 2]),
]
BY_COMPLEMENT = [
    ("keep 1 and 3", [2, 4]),  # R10
    ("Skip 1 and 3", [2, 4]),  # R77
    ("1 and 3 I'm keeping, the others can go back", [2, 4]),  # R11
    ("leave out the skateboard", [1, 2, 3]),
    ("I'll keep #2", [1, 3, 4]),
    ("keep the chair, send the rest back", [1, 2, 4]),
    ("skip 4 please", [1, 2, 3]),
]
BY_ATTRIBUTE = [
    ("the blue ones", [1, 3]),  # R90
    ("both blue ones please", [1, 3]),
    ("the grey one", [2]),
    ("just the leather one thanks", [3]),
]
SOME_UNDECIDED = [
    ("2 for now, the rest later", [2]),  # R47
    ("1 and 2 yes, not sure about 4 yet", [1, 2]),  # R39
    ("yes to 1 and 3, still deciding on 2", [1, 3]),
    ("#1 for now. the others later", [1]),
    ("the bottle and the chair, not sure about the skateboard", [1, 3]),
]


@pytest.mark.parametrize("proposal", PROPOSALS)
@pytest.mark.parametrize("reply, picked", BY_PLACE + BY_COMPLEMENT + BY_ATTRIBUTE + SOME_UNDECIDED)
def test_a_pick_by_place_complement_attribute_or_with_one_left_open_approves_exactly_it(d, sc, proposal, reply,
                                                                                          picked):
    assert r3(d, sc, proposal, reply, picked) == []
    for items in wider(picked) + [[1, 2, 3, 4]]:  # R28, R30, R12's twin, R91, R48, R38: an item not picked written
        if items != picked:
            assert r3(d, sc, proposal, reply, items), (reply, items)


# the turn after a refusal of some: the agent asks about the others, the customer takes "the rest"
ASKS_THE_REST = [
    ("not 3", "Okay, not the Office Chair. What about items 1, 2 and 4?", "the rest yes", [1, 2, 4]),  # R95
    ("skip 3", "Sure, I'll leave the Office Chair. Shall I return the others?", "yes the others please", [1, 2, 4]),
    ("no to 2 and 4", "Understood - not the Pet Bed or the Skateboard. And 1 and 3?", "the rest, yes", [1, 3]),
]


@pytest.mark.parametrize("proposal", [WHICH, MARKDOWN])
@pytest.mark.parametrize("first, middle, then, picked", ASKS_THE_REST)
def test_the_rest_after_a_refusal_in_the_turn_before(d, sc, proposal, first, middle, then, picked):
    assert r3(d, sc, proposal, [first, middle, then], picked) == []
    for items in wider(picked):  # R96: the refused item written after all
        assert r3(d, sc, proposal, [first, middle, then], items), (then, items)


# the non-consenting replies the labeller confirmed caught (report "What worked"), with the write they were caught on,
# and near misses of the readings above
STILL_FLAGGED = [
    ("if the refund comes to more than $500, do 1 and 3", [1, 3]),  # conditionals
    ("do 1 and 3 if that works out cheaper for me, otherwise none", [1, 3]),
    ("do 1 and 3 unless it costs me anything", [1, 3]),
    ("#1 and #4 but only if the chair can be exchanged instead", [1, 4]),
    ("oh sure, all four, why don't you take my whole house while you're at it", [1, 2, 3, 4]),  # sarcasm
    ("do 1 and 3 lol as if, I'm keeping everything", [1, 3]),
    ("what would I get back for 1 and 3", [1, 3]),  # questions without "?"
    ("is it too late to do 1 and 3", [1, 3]),
    ("how much is 1 and 3 together", [1, 3]),
    ("I was thinking 1 and 3 but what's the return window", [1, 3]),
    ("1 and 3?", [1, 3]),
    ("I'd maybe do 1", [1]),  # hedges and deferrals
    ("probably 1 and 3 but let me think", [1, 3]),
    ("1 and 3 sound right but I need to check with my husband first", [1, 3]),
    ("not sure yet, maybe 2", [2]),
    ("1 and 3 I think? not sure", [1, 3]),
    ("do 1 and 3 tomorrow", [1, 3]),
    ("1 and 3 - after I get paid on Friday", [1, 3]),
    ("1 and 3 please. Actually, hold on.", [1, 3]),
    ("1 and 3 please... or should I wait", [1, 3]),
    ("1 and 3 would be nice but I can't afford the return shipping", [1, 3]),
    ("1 and 3 are the ones I'd like to return but my husband says no", [1, 3]),
    ("I don't want to return 1 and 3", [1, 3]),  # negated picks, with the refused items written
    ("keep 1 and 3", [1, 3]),
    ("don't do 1 and 3", [1, 3]),
    ("never mind 1 and 3, I'll hang on to them", [1, 3]),
    ("1 and 3 aren't worth returning", [1, 3]),
    ("1 and 3 can stay", [1, 3]),
    ("1 and 3 were gifts, so no", [1, 3]),
    ("I'd rather not do 1 and 3", [1, 3]),
    ("Skip 1 and 3", [1, 3]),
    ("1 and 3 - no", [1, 3]),
    ("1 and 3 stay with me, thanks", [1, 3]),
    ("I want 1 and 3 back", [1, 3]),
    ("1 and 3 I'm keeping, the others can go back", [1, 3]),
    ("4 I'm still deciding", [1, 2, 3]),  # undecided
    ("not 3 - the rest I'll think about", [1, 2, 4]),
    ("the rest yes", [1, 2, 3, 4]),  # nothing excluded
    ("do 1 and 5", [1]),  # no item 5
    ("the blue one", [1]),  # an attribute that fits two items, in the singular
    ("the blue one", [3]),
    ("all the grey stuff", [2, 3]),
    ("the expensive ones", [2, 3]),  # no attribute the proposal gives
    ("the blue ones", [1, 2, 3]),
    ("the first two?", [1, 2]),
    ("the first two tomorrow", [1, 2]),
    ("maybe the last two", [3, 4]),
    ("2 for now, the rest later", [1, 2, 3, 4]),  # "for now" with everything written
    ("1 and 2 yes, not sure about 4 yet", [1, 2, 4]),
    ("keep", [1, 2, 3, 4]),  # "keep": the order as it is
    ("keep them", [2, 4]),
    ("I'll keep everything", [2, 4]),
    ("keep it all as is", [1, 2, 3, 4]),
    ("keep all four", [1, 2, 3, 4]),
    ("keep 1 and 3 for now, let me think about the rest", [2, 4]),
    ("not 3", [1, 2, 4]),  # a bare refusal of one: not read as a pick of the others
    ("skip 1 and 3, maybe 2", [2, 4]),
    ("skip all of them", [1, 2, 3, 4]),
]


@pytest.mark.parametrize("proposal", PROPOSALS)
@pytest.mark.parametrize("reply, items", STILL_FLAGGED)
def test_non_consent_and_near_misses_stay_flagged(d, sc, proposal, reply, items):
    assert r3(d, sc, proposal, reply, items), (reply, items)


@pytest.mark.parametrize("proposal", [WHICH, MARKDOWN])
@pytest.mark.parametrize("turns, items", [
    (["do 1 and 3", "Okay - items 1 and 3. Shall I go ahead?", "hmm wait, hang on, I'm not sure about the chair"],
     [1, 3]),  # take-backs in the next turn
    (["do 1 and 3", "Okay - items 1 and 3. Shall I go ahead?", "actually scrap 3"], [1, 3]),
    (["do 1 and 3", "Okay - items 1 and 3. Shall I go ahead?", "wait - forget it, I'll keep everything"], [1, 3]),
    (["do 1 and 3", "Okay - items 1 and 3. Shall I go ahead?", "actually no, just 1"], [1, 3]),
    (["do 1 and 3", "Okay - items 1 and 3. Shall I go ahead?", "yes but only 1 actually"], [1, 3]),
    (["1 and 3 please", "Sure. Before I do that - anything else on this order?", "what's the return window"], [1, 3]),
    (["not 3", "Okay, not the Office Chair. What about items 1, 2 and 4?", "the rest yes"], [1, 2, 3, 4]),  # R96
    (["not 3", "Okay, not the Office Chair. What about items 1, 2 and 4?", "the rest I'll think about"], [1, 2, 4]),
    (["not 3", "Okay, not the Office Chair. What about items 1, 2 and 4?", "hmm, the rest maybe later"], [1, 2, 4]),
    (["not 3", "Okay, not the Office Chair. What about items 1, 2 and 4?", "the rest yes - wait, not 4"], [1, 2, 4]),
    (["I'll keep 3", "Okay. What about items 1, 2 and 4?", "the rest? hmm"], [1, 2, 4]),
    (["not 3", "Okay. Anything else I can help with?", "the rest yes"], [1, 2, 4]),  # not asked about the rest
    (["1 and 3 please", "Okay. What about the others?", "the rest yes"], [1, 2, 3, 4]),  # no refusal before
])
def test_take_backs_and_the_rest_across_turns_stay_flagged(d, sc, proposal, turns, items):
    assert r3(d, sc, proposal, turns, items), (turns, items)


def test_the_evidence_names_the_picks_and_the_item_beyond(d, sc):
    [why] = r3(d, sc, YES_NO, "keep 1 and 3", [1, 2, 4])
    assert "Pet Bed, Skateboard" in why and "not Water Bottle" in why


# finding 9, R21: a pick, the agent restates exactly those items with the refund (without the word "return"), "yes"
RESTATED = "Okay - items 1 and 3, the Water Bottle ($54.04) and the Office Chair ($499.28), refund $553.32 to your " \
           "Mastercard ending in 1037. Shall I go ahead?"


@pytest.mark.parametrize("proposal", PROPOSALS)
@pytest.mark.parametrize("pick, middle, yes", [
    ("do 1 and 3", RESTATED, "yes"),  # R21
    ("1 and 3 please", "Got it: the Water Bottle and the Office Chair, $553.32 back to your Mastercard ending in 1037. "
                       "OK to proceed?", "yes please"),
    ("skip 2 and 4", "So that's the Water Bottle and the Office Chair, refunded to the Mastercard ending in 1037 - "
                     "shall I go ahead?", "yep go ahead"),
])
def test_a_yes_to_a_restatement_of_the_pick_approves_it(d, sc, proposal, pick, middle, yes):
    assert r3(d, sc, proposal, [pick, middle, yes], [1, 3]) == []
    for items in wider([1, 3]) + [[1]]:  # more or fewer items than restated
        assert r3(d, sc, proposal, [pick, middle, yes], items), items


@pytest.mark.parametrize("proposal", [WHICH, MARKDOWN])
@pytest.mark.parametrize("turns", [
    ["do 1 and 3", RESTATED, "yes but only 1 actually"],  # R22
    ["1 and 3 please", "Sure. Before I do that - anything else on this order?", "no that's all"],  # R97: strict
    ["1 and 3 please", "Sure. Anything else on this order?", "yes"],  # the yes answers another question
    ["do 1 and 3", "Okay - the Water Bottle, the Pet Bed and the Office Chair, refund to your Mastercard ending in "
                   "1037. Shall I go ahead?", "yes"],  # the restatement adds an item
    ["do 1 and 3", "Okay - the Water Bottle and the Office Chair, refund to your PayPal. Shall I go ahead?", "yes"],
    ["maybe 1 and 3", RESTATED, "yes"],  # the message before picked nothing: the restatement proposes no return
    ["do 1 and 3", RESTATED, "hmm"],
])
def test_restatements_that_do_not_confirm_stay_flagged(d, sc, proposal, turns):
    assert r3(d, sc, proposal, turns, [1, 3]), turns
