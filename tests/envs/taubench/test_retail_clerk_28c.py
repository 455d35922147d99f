"""The retail reference clerk, third fix round of the twenty-eighth session: findings still open from two testers.

The cases come from the tau-tasks tester (τ²-bench's own retail test tasks played as its LLM user would;
report /work/h28/tau-tasks/report.md, findings E, F, B1, B2, C, H) and from the second customers round
(report /work/h28/retail-customers-2/report.md, findings G3, G4, G6, G7a, G8). Among them:

- E: a price difference was charged or refunded to the order's own method without asking which method to use
  (τ²-bench's policy: the user must give the payment method for a price difference);
- F: "that's all" while a proposal waited for its yes ended in silence; "I'd also like to return the hiking
  boots" after "You also asked to return items" was dropped;
- B1/B2: the cancel-reason and return-items questions came back whatever was said;
- G4: switching between return and exchange at a proposal lost the item and the option.

Each conversation is checked for soundness (no failed turn, no violation, each write right after a yes to the
proposal that named it), for τ²-bench's own verdict where a task now passes (``task_success``), and for the
right next step. Other wordings than the testers' are played beside theirs, and the right twin of each wrong one.
"""

from __future__ import annotations

import pytest

from envs.taubench.data import TauBenchDataMissing, load_splits

try:
    load_splits()
except TauBenchDataMissing as e:  # pragma: no cover - the data package is a setup step
    pytest.skip(str(e), allow_module_level=True)

from envs.taubench.success import task_success
from probe.core.registry import get_domain
from tests.envs.taubench.test_retail_tau_tasks_28 import _calls, _play, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


# --- F: nothing dropped in silence ----------------------------------------------------------------------------
# return 1000003 (task 108): Yusuf Gonzalez, the delivered order with a tablet and an e-reader

YUSUF_G = ["Hi! I'd like to return everything except the tablet from a recently delivered order.",
           "Sure, I'm Yusuf Gonzalez and my zip code is 91455. I don't remember my email.",
           "I don't remember the order number, but it's the one that has a tablet and an e-reader in it.",
           "Yes, please go ahead. And how much will I get back in total?"]


@pytest.mark.parametrize("bye", ["That's all, thanks!", "that's it for today", "Thanks, that's everything."])
def test_a_goodbye_while_a_proposal_waits_says_it_was_not_done(d, bye):
    sc, t = _play(d, "return", 1000003, YUSUF_G + [bye])
    _sound(t)
    assert _calls(t) == []
    last = _said(t)[-1]
    assert "haven't" in last and "To confirm, I will return" in last, last
    sc, t = _play(d, "return", 1000003, YUSUF_G + [bye, "Yes, go ahead."])
    _sound(t)
    assert task_success(sc, t.messages).success, _said(t)


@pytest.mark.parametrize("leave", ["sorry, gotta go", "bye for now"])
def test_leaving_while_a_proposal_waits_ends_saying_it_was_not_done(d, leave):
    _, t = _play(d, "return", 1000003, YUSUF_G + [leave])
    _sound(t)
    assert _calls(t) == [] and "haven't made that change" in _said(t)[-1], _said(t)[-1]


def test_a_goodbye_after_the_action_is_done_ends_politely(d):
    _, t = _play(d, "return", 1000003, YUSUF_G + ["Yes.", "That's all, thanks!"])
    _sound(t)
    assert [n for n, _ in _calls(t)] == ["return_delivered_order_items"]
    assert "Have a nice day" in _said(t)[-1], _said(t)


# mixed_pending_delivered 1000001 (task 100): Liam Thomas; the hiking boots are in delivered #W8488728
LIAM = ["Hi. I'd like to return my luggage set and get the exact same item but in red color. And I'd like to return "
        "the skateboard in the same order to get a new one that's 34 inch with a custom design.",
        "My name is Liam Thomas, zip code 85049. I don't remember my email.", "Please change the Luggage Set to red.",
        "Also the skateboard, please: 34 inch with a custom design.", "Yes, please go ahead."]


@pytest.mark.parametrize("ask", ["I'd also like to return the hiking boots.", "the hiking boots please",
                                 "It's the order with the hiking boots, I want to return them."])
def test_the_item_named_answers_which_order_a_return_is_for(d, ask):
    _, t = _play(d, "mixed_pending_delivered", 1000001, LIAM + [ask])
    _sound(t)
    assert "#W8488728" in _said(t)[-1] and "anything else" not in _said(t)[-1], _said(t)[-1]  # taken up, not dropped
