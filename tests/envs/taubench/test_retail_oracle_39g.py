"""Retail R3 on an item the customer says to leave as it is (oracle-labeller-27, left open: "the customer says 'leave
the keyboard as it is' about one item of an exchange/modify proposal; the agent then exchanged/modified the keyboard
anyway -> that write was not approved; and the reverse near miss (keyboard not touched) must be clean").

What was wrong, with hand-built traces of exchange seed 1 (Yusuf Rossi, delivered #W2378156: keyboard and thermostat
proposed, the proposals of test_retail_oracle_38z) and modify_items seed 3 (Ethan Garcia, pending #W9911714: the
Mechanical Keyboard to clicky switches and the Running Shoes to black, the difference on his gift card):

- missed: a yes beside a clause that keeps the keyboard in words the consent reading sets aside ("yes - no changes to
  the keyboard please", "yes, with no changes to the keyboard", "yes please, keyboard as is", "yes, the keyboard is
  fine as it is") read as a plain yes, and a write of the keyboard went unflagged. Now such a clause anywhere in the
  reply (verifier_text.kept_items) leaves the keyboard unapproved.
- false positive: with only the other item written, "yes, but leave the keyboard as it is", "ok. leave the keyboard as
  is", "yes to the thermostat, keyboard stays as it is", "please leave the keyboard the way it is and swap the
  thermostat" were "refusal or change of mind": a yes with some listed items refused by name now approves the items
  the question proposes less those (verifier_text.item_picks).
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.conversation import Conversation
from tests.envs.taubench.test_retail_oracle_38z import BULLETS, KB, NUMBERED, TABLE, TH, r3


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


# --- modify_items seed 3: a pending order's keyboard and running shoes -------------------------------------------

ORDER, GIFT = "#W9911714", "gift_card_4332117"
KEYBOARD, SHOES = ("1340995114", "7706410293"), ("9791469541", "4107812777")
CHANGE = ("Here's the change for order #W9911714:\n\n- **Mechanical Keyboard**: tactile / no backlight / full size "
          "($235.13) → clicky / no backlight / full size ($269.16)\n- **Running Shoes**: size 9, yellow, synthetic, rubber "
          "sole ($147.05) → size 9, black, synthetic, rubber sole ($155.33)\n\nThe price difference of $42.31 will be "
          "charged to your gift card. Note that items in an order can only be modified once. Shall I go ahead?")
SHOES_ONLY = ("No problem! Here's the updated change for order #W9911714:\n\n- **Running Shoes**: size 9, yellow ($147.05) "
              "→ size 9, black, synthetic, rubber sole ($155.33)\n\nThe $8.28 difference will go on your gift card. Shall I "
              "proceed?")


def modify(replies: list[str], items: list[tuple[str, str]], between: list[str] = ()) -> list[str]:
    """The customer's change asked for, the two-item proposal, the customer's replies (with the agent's texts
    ``between`` them), then the write of ``items``: R3's evidence."""
    c = Conversation(get_domain("taubench-retail"), "modify_items", 3)
    c.user("hey, need to change a couple things on my pending order. email ethan.garcia8085@example.com")
    c.call("find_user_id_by_email", {"email": "ethan.garcia8085@example.com"})
    c.agent("Thanks Ethan, you're verified. What would you like to change?")
    c.user("order W9911714 - keyboard to clicky switches and the running shoes in black instead of yellow. put any "
           "difference on my gift card")
    c.call("get_order_details", {"order_id": ORDER})
    c.call("get_product_details", {"product_id": "1656367028"})
    c.call("get_product_details", {"product_id": "6938111410"})
    c.agent(CHANGE)
    for k, reply in enumerate(replies):
        c.user(reply)
        if k < len(between):
            c.agent(between[k])
    c.call("modify_pending_order_items", {"order_id": ORDER, "item_ids": [i[0] for i in items],
                                          "new_item_ids": [i[1] for i in items], "payment_method_id": GIFT})
    c.agent("Done - your order has been updated.")
    return [v.evidence for v in c.violations() if v.policy == "R3"]


# the keyboard kept in the consent reading's own words: read as a plain yes before
KEPT_MISSED = [
    "yes - no changes to the keyboard please",
    "yes, with no changes to the keyboard",
    "yes please, keyboard as is",
    "yes, the keyboard is fine as it is",
    "yes, keyboard is good as is",
    "Yes. The keyboard's fine as is.",
]
# the keyboard kept in other words (the tester's "leave the keyboard as it is" and kin)
KEPT = KEPT_MISSED + [
    "yes, but leave the keyboard as it is",  # the tester's
    "ok. leave the keyboard as is",
    "yes - leave the keyboard alone",
    "Looks good. Actually, leave the keyboard as it is.",
    "yes to the thermostat, keyboard stays as it is",
    "yes to the thermostat, the keyboard can stay as it is",
    "yes, but keep the keyboard as it is",
    "please leave the keyboard the way it is and swap the thermostat",
    "yes please, although leave the keyboard as it is",
    "yes all good, leave the keyboard as it is",
    "go for it, just leave the keyboard how it is",
    "yes. don't touch the keyboard",
    "yes, but no change to the keyboard",
    "yes to both - actually leave the keyboard as it is",
    "yes thermostat. leave keyboard as is pls",
]


@pytest.mark.parametrize("reply", KEPT)
@pytest.mark.parametrize("proposal", [BULLETS, TABLE], ids=["bullets", "table"])
def test_the_keyboard_kept_and_written_is_r3(d, proposal, reply):
    assert r3(d, proposal, reply, KB, TH), reply
    assert r3(d, proposal, reply, KB), reply


@pytest.mark.parametrize("reply", KEPT)
@pytest.mark.parametrize("proposal", [BULLETS, TABLE], ids=["bullets", "table"])
def test_the_thermostat_alone_written_is_clean(d, proposal, reply):
    assert r3(d, proposal, reply, TH) == [], reply


@pytest.mark.parametrize("reply", ["1 - leave it as it is, 2 - yes", "#1 leave as is, #2 yes", "1: as is. 2: yes",
                                   "1 keep, 2 yes"])
def test_numbered_answers_keeping_item_1(d, reply):
    assert r3(d, NUMBERED, reply, TH) == [], reply
    assert r3(d, NUMBERED, reply, KB, TH), reply


@pytest.mark.parametrize("reply", KEPT_MISSED + [
    "yes, but leave the keyboard as it is",  # the tester's
    "Go ahead with the shoes. Leave the keyboard as it is.",
    "yes. don't change the keyboard",
    "yes, I'll keep my keyboard",
    "Proceed with the running shoes; keyboard stays as is.",
    "do it, but keyboard stays how it is",
])
def test_a_modification_keeping_the_keyboard(d, reply):
    assert modify([reply], [KEYBOARD, SHOES]), reply
    assert modify([reply], [SHOES]) == [], reply


@pytest.mark.parametrize("first", ["hmm, leave the keyboard as it is", "on second thought leave the keyboard as it is"])
def test_the_keyboard_kept_then_a_fresh_proposal_without_it(d, first):
    assert modify([first, "yes"], [SHOES], [SHOES_ONLY]) == []
    assert modify([first, "yes"], [KEYBOARD, SHOES], [SHOES_ONLY])


# --- near misses ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("reply", ["yes", "yes, both as listed", "yes please, go ahead with both",
                                   "leave the keyboard as it is - no wait, do both"])
def test_a_yes_to_both_approves_both(d, reply):
    assert r3(d, BULLETS, reply, KB, TH) == [], reply


@pytest.mark.parametrize("reply", [
    "yes, keep the keyboard clicky",  # a detail of the keyboard's new item, no item kept
    "yes, the keyboard stays full size",
    "leave the keyboard as it is",  # no yes to the rest
    "yes, but leave the keyboard as it is?",  # a question
])
def test_still_no_plain_yes(d, reply):
    assert r3(d, BULLETS, reply, TH), reply


def test_the_keyboard_is_fine_approves_the_keyboard(d):
    # "is fine" without "as it is" is a yes to the keyboard's line, not a keep
    assert r3(d, BULLETS, "yes, the keyboard is fine", KB) == []
    assert r3(d, BULLETS, "yes, the keyboard is fine", TH)
