"""The CPU extractor on replies written for these tests (not the sentences the code was tuned on)."""

from types import SimpleNamespace

from probe.adat.extractor import (
    Generaliser,
    clauses,
    extract_statements,
    find_cues,
    grounded,
    rule_cues,
    split_sentences,
)
from probe.adat.records import Evidence, Statement

RULES = [
    "I'm afraid we can only process refunds to the original payment method.",
    "Unfortunately, orders that have already shipped cannot be cancelled.",
    "You must verify your identity before I can make any changes.",
    "Members may borrow no more than 3 books at a time.",
    "Exchanges are not permitted after the return window has closed.",
    "For your security, please confirm the email address on the account.",
    "Would you like me to go ahead and cancel the order?",
    "That item is not returnable.",
]
NOT_RULES = ["Here are the options I found.", "Thank you for calling, have a nice day!", "Your order contains two items.",
             "Is there anything else I can help you with?"]


def test_rule_and_refusal_phrasings_are_kept():
    for s in RULES:
        assert find_cues(s), s
    for s in NOT_RULES:
        assert not find_cues(s), s


# outcomes of an action, in wordings of other shops and desks (not SkyAssist's "Done: ...")
OUTCOMES = [
    "Your order #W2378156 has been cancelled and the refund is on its way.",
    "Done! The exchange is confirmed.",
    "Great news, your table for four is now booked for Friday.",
    "The two seats are now on hold until tomorrow noon.",
    "Your subscription has been successfully updated.",
    "The return has now been processed.",
]
NOT_OUTCOMES = ["Would you like me to cancel it?", "I can book that for you.", "Which order should be cancelled?",
                "Cancelled flights are listed in grey.", "Here is your booking summary."]


def test_outcome_sentences_are_kept_as_their_own_kind_and_a_rule_cue_wins():
    for s in OUTCOMES:
        assert [c.kind for c in find_cues(s)] == ["outcome"] and not rule_cues(s), s
    for s in NOT_OUTCOMES:
        assert "outcome" not in [c.kind for c in find_cues(s)], s
    mixed = "Your booking has been cancelled, but the fee cannot be refunded."
    assert {c.kind for c in find_cues(mixed)} == {"outcome", "refusal"} and [c.kind for c in rule_cues(mixed)] == ["refusal"]
    # an outcome statement is extracted, paired with the request that led to it, kind "outcome"
    tr = _trace("o1", {"family": "x", "booking_id": "BK11AA22"},
                [("Please cancel BK11AA22.", "Shall I cancel it?"), ("Yes.", "Done: booking BK11AA22 has been cancelled.")])
    (st,) = [s for s in extract_statements([tr]) if s.kind == "outcome"]
    assert st.condition == "Yes." and "<a booking> has been cancelled" in st.behaviour


def test_sentences_split_and_listed_options():
    assert split_sentences("Sure. I can't do that! Is it 2.5 kg? Yes") == ["Sure.", "I can't do that!", "Is it 2.5 kg?", "Yes"]
    parts = clauses("I found: 1) AB123 at noon (sold out, not available); 2) CD456 at 3 pm (2 left).")
    assert "A listed option marked (sold out, not available) is not available." in parts


def test_entities_generalise_to_their_class_and_limits_stay():
    g = Generaliser({"order_id": "W2378156", "first_name": "Yara", "last_name": "Silva", "delivery_date": "2026-05-01"})
    assert g("Order W2378156 has already been delivered, so it can't be cancelled.") == \
        "<an order> has already been delivered, so it can't be cancelled."
    assert g("Sorry Yara Silva, the refund of $42.50 was sent on 2026-05-01.") == \
        "Sorry <a name>, the refund of <an amount> was sent on <a date>."
    assert "at most 5" in g("You can return at most 5 items per order, and you asked for 7.")
    assert "<a number>" in g("You can return at most 5 items per order, and you asked for 7.")
    assert g("Flight ZX4410 leaves from Lisbon (LIS).") == "<a flight> leaves from <a place>."


def _trace(tid, scenario, turns):
    msgs = []
    for u, a in turns:
        msgs += [{"role": "user", "content": u}, {"role": "assistant", "content": a}]
    return SimpleNamespace(id=tid, scenario=scenario, messages=msgs)


def test_statements_merge_across_traces_and_rank_by_support():
    t1 = _trace("t1", {"order_id": "W1111111"}, [("Cancel order W1111111 please.",
                                                    "Order W1111111 was delivered, so it can't be cancelled. Anything else?")])
    t2 = _trace("t2", {"order_id": "W2222222"}, [("Please cancel W2222222.",
                                                    "Order W2222222 was delivered, so it can't be cancelled.")])
    t3 = _trace("t3", {}, [("Can I pay in cash?", "You must pay by card.")])
    sts = extract_statements([t1, t2, t3])
    assert [s.support for s in sts] == [2, 1]
    top = sts[0]
    assert top.behaviour == "<an order> was delivered, so it can't be cancelled."
    assert top.condition == "Cancel <an order> please."
    assert {e.trace_id for e in top.evidence} == {"t1", "t2"} and top.grounded and top.rank == 0


def test_grounding_check():
    ev = Evidence(trace_id="t", message_index=1, reply="You must pay by card.", request="cash?", user_turn=0)
    ok = Statement(id="h", text="x", condition="cash?", behaviour="You must pay by card.", kind="rule", evidence=[ev],
                   support=1, confidence=0.5)
    assert grounded(ok, {("t", 1): "Sorry. You must pay by card."})[0]
    bad = ok.model_copy(update={"behaviour": "You must pay by bank transfer."})
    assert not grounded(bad, {("t", 1): "Sorry. You must pay by card."})[0]
    assert not grounded(ok, {})[0]
