"""Retail customers played against the fault-free clerk (thirty-seventh session, part j).

Findings of retail-customers-21 (/work/h37/retail-customers-21/report.md): an item named in the sentence about one
order taken from the other order holding that product (1); an item described by no product's name dropped from a
return (3); a yes beside an excuse naming a product ("sorry, kid grabbed the phone") starting lookups (4); items listed
after the order a cancellation names, the rest of the order unsaid (6). Each case has the tester's words, others of the kind,
and near misses that keep their old reading; each conversation is checked for soundness (no violation, no failed
turn, each write right after a yes to the proposal that named it).
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-37j")


# --- 1. an item belongs to the order named in its own sentence or clause --------------------------------------------
# mixed_pending_delivered 2137: #W8296441 pending (white gaming mouse, puzzle 1500 animals intermediate), #W1763367
# delivered (puzzle 2000 fantasy, notebook hard cover)
ETHAN = "hi, ethan.kim3231@example.com"
MOUSE_ONLY = "To confirm, I will modify these items of order #W8296441: Gaming Mouse (white, optical, wired, $137.22) -> (black, laser, wired"


@pytest.mark.parametrize("ask", [
    "In W8296441 change the white gaming mouse to black laser. In W1763367 exchange the jigsaw puzzle for the 1500 "
    "animals one and the notebook for soft cover.",
    "okay so two things. first in my order that hasn't shipped W8296441 the white gaming mouse should be black laser. "
    "second the stuff that already came in W1763367 I want to swap the puzzle for the 1500 piece animals beginner one "
    "and the notebook for a soft cover one",
    "change the white gaming mouse in W8296441 to black laser, and exchange the jigsaw puzzle in W1763367 for the 1500 "
    "animals beginner one and its notebook for soft cover",
])
def test_an_item_goes_with_the_order_of_its_sentence(d, ask):
    t = _play(d, "mixed_pending_delivered", 2137, [ETHAN, ask])
    _sound(t)
    assert _said(t)[-1].startswith(MOUSE_ONLY) and "Jigsaw" not in _said(t)[-1], _said(t)[-1]
    t = _play(d, "mixed_pending_delivered", 2137, [ETHAN, ask, "yes"])
    _sound(t)
    assert [c[0] for c in _calls(t)] == ["modify_pending_order_items"]
    assert _calls(t)[0][1]["item_ids"] == ["2880340443"]  # the mouse alone
    assert "exchange these items of order #W1763367: Jigsaw Puzzle (2000, fantasy" in _said(t)[-1], _said(t)[-1]
    assert "Notebook" in _said(t)[-1]


def test_the_pending_puzzle_named_in_its_own_sentence(d):  # near miss: the pending order's puzzle when said there
    t = _play(d, "mixed_pending_delivered", 2137, [ETHAN, "In W8296441 change the puzzle to 1500 animals beginner. "
                                                          "In W1763367 exchange the notebook for soft cover."])
    _sound(t)
    assert _said(t)[-1].startswith("To confirm, I will modify these items of order #W8296441: Jigsaw Puzzle (1500, "
                                   "animals, intermediate"), _said(t)[-1]


# --- 3. an item described by no product's name is asked about, not dropped from a return -----------------------------
# return 2137: Sofia Li; #W6874763 delivered holds an E-Reader, a navy XL fleece and a black L fleece ...
SOFIA = ["Hello dear. I would like to send something back please.",
         "Oh yes of course. I'm Mrs. Sofia Li, and my postal code is 10199."]
BOTH_BACK = "To confirm, I will return from order #W6874763: E-Reader (8-inch, Wi-Fi, 8GB), Fleece Jacket (XL, navy, full),"


@pytest.mark.parametrize("ask, words", [
    ("It's the reading gadget, the electronic book thing. My eyes are too poor for it now. And the big navy fleece, it "
     "swims on me. I don't know the order number I'm afraid", "'reading gadget' or 'electronic book thing'"),
    ("the e-book and the navy fleece please", "'e-book'"),
    ("the reading gadget and the navy fleece please", "'reading gadget'"),
    ("my little music device and the navy fleece", "'little music device'"),
])
def test_an_unplaced_description_is_asked_about(d, ask, words):
    t = _play(d, "return", 2137, SOFIA + [ask])
    _sound(t)
    assert _calls(t) == [] and f"I couldn't tell which item you mean by {words}" in _said(t)[-1], _said(t)[-1]
    assert "To confirm" not in _said(t)[-1] and "E-Reader" in _said(t)[-1]
    t = _play(d, "return", 2137, SOFIA + [ask, "the e-reader and the navy fleece"])
    _sound(t)
    assert _said(t)[-1].startswith(BOTH_BACK), _said(t)[-1]


@pytest.mark.parametrize("ask", ["the kindle thing and the navy fleece please", "the ebook reader and the navy fleece",
                                 "the electronic book reader and the big navy fleece, the whole thing is too much"])
def test_a_known_description_is_proposed_as_before(d, ask):  # near misses
    t = _play(d, "return", 2137, SOFIA + [ask])
    _sound(t)
    assert BOTH_BACK in _said(t)[-1], _said(t)[-1]


# --- 4. a yes beside an excuse starts no lookups; asked once for a plain yes (the consent reading takes none of these) ---
# exchange 2137: Yara Lee; #W1341845 keyboard exchanged, the extra on the Mastercard
YARA = ["hi sorry doing this while the kids are screaming. Yara Lee, zip 77243. the keyboard I got in W1341845 is way too "
        "loud, my toddler wakes up every time. can I swap it for a quiet one? keep the rest the same",
        "ugh idk which is quiet. linear is the quiet one right? linear then, the 80% no-light one is fine",
        "charge the mastercard for the extra instead pls, then go ahead"]


@pytest.mark.parametrize("answer", ["yes!! (sorry, kid grabbed the phone) yes",
                                    "yes, and sorry if I was short, my laptop is dying",
                                    "yes - sorry, the baby monitor went off. yes go ahead",
                                    "yes (sorry, the dog was barking at the headphones guy)"])
def test_a_yes_beside_an_excuse(d, answer):
    t = _play(d, "exchange", 2137, YARA + [answer])
    _sound(t)
    turn = t.messages[[i for i, m in enumerate(t.messages) if m["role"] == "user"][-1]:]
    assert not [c for m in turn for c in m.get("tool_calls") or []]  # no other order looked up
    assert _said(t)[-1].startswith("Just to be sure: I need a plain yes (or no)"), _said(t)[-1]
    assert "couldn't find" not in _said(t)[-1] and "Noted" not in _said(t)[-1]
    t = _play(d, "exchange", 2137, YARA + [answer, "yes"])
    _sound(t)
    assert [c[0] for c in _calls(t)] == ["exchange_delivered_order_items"]


@pytest.mark.parametrize("answer", ["yes - sorry, I meant the clicky one", "yes (sorry, make it the 60% one)"])
def test_an_apology_that_corrects_is_read_as_before(d, answer):  # near misses: a change, not a yes
    t = _play(d, "exchange", 2137, YARA + [answer])
    _sound(t)
    assert _calls(t) == [] and "plain yes" not in _said(t)[-1], _said(t)[-1]


# --- 6. items listed after the order a cancellation names: the whole order said to go, before any proposal ----------
# cancel 2137: Olivia Smith; #W1974181 pending holds a Laptop, a Coffee Maker, a Bookshelf and a Wristwatch
OLIVIA = "Hello, good day. I am Olivia Smith, my zip code it is 80216."
WHOLE = "An order can only be cancelled as a whole, not item by item: cancelling order #W1974181 would cancel everything"


@pytest.mark.parametrize("ask", ["I want to make cancel of my order W1974181, the laptop and coffee machine. Is possible?",
                                 "I want to cancel my order W1974181, the laptop and coffee maker.",
                                 "I want to make cancel of my order W1974181, the laptop.",
                                 "please cancel #W1974181: the laptop and the coffee maker"])
def test_items_after_the_cancelled_order_are_warned_about(d, ask):
    t = _play(d, "cancel", 2137, [OLIVIA, ask])
    _sound(t)
    assert _said(t)[-1].startswith(WHOLE) and "Bookshelf" in _said(t)[-1], _said(t)[-1]
    assert "To confirm" not in _said(t)[-1]


@pytest.mark.parametrize("ask", ["cancel W1974181 (the one with the laptop)",
                                 "cancel W1974181, the one with the laptop, no longer needed"])
def test_an_order_told_by_its_item_is_as_before(d, ask):  # near misses: the item only says which order
    t = _play(d, "cancel", 2137, [OLIVIA, ask])
    _sound(t)
    assert WHOLE not in _said(t)[-1], _said(t)[-1]
