"""Retail customers played against the fault-free clerk (thirty-second session, faults-10 part).

The retail findings of faults-10 (/work/h32/faults-10/report.md): F3 (an item change that names the item's current
option wrongly, "switch the clicky keyboard to a tactile one" of a tactile keyboard, proposed the opposite change),
F4 ("my email address is X" read as an address change after the login), F6 ("Yes, that's everything, please proceed"
at an open option question ended the conversation and dropped the request). Each case has the tester's words,
others of the kind (terse and LLM-simulator verbose), and near misses that keep their old reading; each conversation
is checked for soundness (no violation, no failed turn, each write right after a yes to the proposal that named it).
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-32e")


def _writes(t):
    return [(name, args.get("order_id")) for name, args in _calls(t)]


# --- F3. "the clicky keyboard to a tactile one" of a keyboard that is tactile: said so and asked ----------------------
CHEN = "chen.lopez1681@example.com"  # modify_items 11: #W1790752 holds one keyboard, tactile / white / full size


@pytest.mark.parametrize("ask", [
    "on W1790752 switch the clicky keyboard to a tactile one, same otherwise",
    "on W1790752 change the keyboard from linear to tactile",
    "W1790752: change keyboard from clicky to tactile pls",
    "Hi there! For order W1790752, I'd like to switch my mechanical keyboard from linear switches to tactile "
    "switches, keeping everything else the same if possible.",
    "Could you change my clicky keyboard in order W1790752 into a tactile one? Thanks so much!",
])
def test_a_change_to_the_option_the_item_has_is_said_and_asked(d, ask):
    t = _play(d, "modify_items", 11, [CHEN, ask, "yes"])
    _sound(t)
    assert _writes(t) == [], _said(t)
    reply = _said(t)[1]
    assert "already tactile" in reply and "->" not in reply, reply
    assert "Which option would you like" in reply, reply


@pytest.mark.parametrize("ask", [
    "on W1790752 change the keyboard from linear to clicky",
    "W1790752 - switch the linear keyboard to a clicky one, same otherwise",
])
def test_a_wrong_current_option_is_said_beside_the_proposal(d, ask):
    t = _play(d, "modify_items", 11, [CHEN, ask, "yes"])
    _sound(t)
    reply = _said(t)[1]
    assert "tactile now, not linear" in reply and "-> (clicky, white, full size" in reply, reply
    assert _writes(t) == [("modify_pending_order_items", "#W1790752")], _said(t)


def test_after_the_wrong_option_is_said_the_answer_is_taken(d):
    t = _play(d, "modify_items", 11, [CHEN, "on W1790752 switch the clicky keyboard to a tactile one",
                                      "oh my bad, then make it clicky please", "yes"])
    _sound(t)
    assert "already tactile" in _said(t)[1], _said(t)[1]
    assert "-> (clicky, white, full size" in _said(t)[2] and "not clicky" not in _said(t)[2], _said(t)[2]
    assert _calls(t)[0][1]["new_item_ids"] == ["6342039236"], _calls(t)


def test_the_wrong_option_is_said_once_then_another_option_is_proposed(d):
    t = _play(d, "modify_items", 11, [CHEN, "on W1790752 switch the clicky keyboard to a tactile one",
                                      "ok, then just the size to 80%, rest the same", "yes"])
    _sound(t)
    assert "-> (tactile, white, 80%" in _said(t)[2] and "not clicky" not in _said(t)[2], _said(t)[2]
    assert _writes(t) == [("modify_pending_order_items", "#W1790752")], _said(t)


@pytest.mark.parametrize("ask, new", [  # near misses: the current option named rightly, or not named
    ("on W1790752 change the keyboard from tactile to clicky", "6342039236"),
    ("on W1790752 switch the tactile keyboard to a clicky one, same otherwise", "6342039236"),
    ("make the keyboard on W1790752 clicky, keep white backlight and full size", "6342039236"),
    ("For order W1790752, could you switch my keyboard's white backlight to RGB? Everything else can stay the same.",
     None),
])
def test_a_change_from_the_items_own_option_is_proposed(d, ask, new):
    t = _play(d, "modify_items", 11, [CHEN, ask, "yes"])
    _sound(t)
    assert "->" in _said(t)[1] and " not " not in _said(t)[1].split("Shall I")[0].split("->")[0], _said(t)[1]
    assert _writes(t) == [("modify_pending_order_items", "#W1790752")], _said(t)
    if new:
        assert _calls(t)[0][1]["new_item_ids"] == [new], _calls(t)


# --- F4. "my email address is X" logs in; it asks for no address change ------------------------------------------
OLIVIA = "olivia.jackson2465@example.com"  # cancel 11
STATUS = "I have two orders, W6116680 and W3895186, and I'd love an update on both of them please."


@pytest.mark.parametrize("login", [
    f"Hello, my email address is {OLIVIA}.",
    f"my email address is {OLIVIA}",
    f"email address: {OLIVIA}",
    f"Hi, my e-mail address is {OLIVIA}, I need help with an order",
    f"Hi there! The email address on my account is {OLIVIA}.",
    f"my email is {OLIVIA}",
    f"Good morning! The email on my account is {OLIVIA}, if that helps.",
    f"Hello! You can find me under {OLIVIA}.",
    f"Hi, you can find my account under the email address {OLIVIA}. Thanks!",
])
def test_an_email_address_said_to_log_in_asks_for_no_new_address(d, login):
    t = _play(d, "cancel", 11, [login, STATUS])
    _sound(t)
    said = _said(t)
    assert said[0].startswith("How can I help you today?"), said[0]
    assert "address" not in said[1].lower().split("order #w6116680")[0], said[1]
    assert "new address" not in " ".join(said).lower() and "shipping address (" not in " ".join(said), said
    assert "#W6116680" in said[1] and "#W3895186" in said[1], said[1]


@pytest.mark.parametrize("ask", [  # near misses: an address change said beside the email is still one
    f"my email address is {OLIVIA} and I need to change the shipping address of W6116680",
    f"Hi, my email address is {OLIVIA}. I've moved, could you update the address on order W6116680?",
])
def test_an_address_change_beside_the_email_is_still_asked(d, ask):
    t = _play(d, "cancel", 11, [ask])
    _sound(t)
    assert "new address" in _said(t)[0].lower() or "new shipping address" in _said(t)[0].lower(), _said(t)


# --- F6. a yes with "that's everything" at an open option question is no goodbye -----------------------------------
LEI = ["Hello, I'm Lei Wilson and my zip code is 32255.",
       "I received order W4073673 and I'd like to exchange the laptop for one with an i7 processor, 8GB of RAM and a 1TB SSD.",
       "Oh, and while we're at it, I'd also like to exchange the running shoes in that same order for a size 11."]


@pytest.mark.parametrize("last", [
    "Yes, that's everything, please proceed.",
    "yes thats all, go ahead",
    "Yes, that is everything. Please go ahead with the exchange.",
    "ok that's everything, proceed",
])
def test_a_yes_with_thats_everything_keeps_the_request(d, last):
    t = _play(d, "exchange", 11, LEI + [last, "ok just the laptop then", "yes"])
    _sound(t)
    said = _said(t)
    assert "don't come in size 11" in said[2] and "Which option would you like for the Running Shoes" in said[2], said[2]
    # the yes is no goodbye, and "that's everything" adds no item: the question again, then the laptop alone
    assert "Have a nice day" not in said[3] and "don't come in size 11" in said[3], said[3]
    assert "Laptop (15-inch" in said[4] and "Running Shoes" not in said[4] and "Jigsaw" not in said[4], said[4]
    assert _writes(t) == [("exchange_delivered_order_items", "#W4073673")], said
    assert _calls(t)[0][1]["item_ids"] == ["2216662955"], _calls(t)


def test_a_no_with_thats_all_still_ends(d):  # near miss: the customer leaves, nothing written
    t = _play(d, "exchange", 11, LEI + ["no, that's all, bye"])
    _sound(t)
    assert "Have a nice day" in _said(t)[3], _said(t)[3]
    assert _writes(t) == [], _said(t)


# --- F11. the cooperative customer of a τ²-bench task pursues the task's goal -----------------------------------------
def test_the_cooperative_customer_of_a_task_asks_for_the_tasks_change(d):
    from envs.taubench.cooperative import goal_parts, opening_request
    from probe.eval.methods import _fields

    sc = d.scenario("address", d.heldout_seeds[0])  # task 17: move #W8665881 to Suite 641
    assert sc["source"] == "task", sc
    f = {**_fields(sc), "family": sc["family"]}
    assert goal_parts(f) == [{"kind": "address", "order": "#W8665881",
                              "address": "123 Elm Street, Suite 641, Austin, TX 78712"}]
    assert "#W8665881" in opening_request(f) and "Suite 641" in opening_request(f)
    fresh = d.scenario("address", d.heldout_seeds[900])  # a fresh scenario keeps its family's parts
    assert [p["kind"] for p in goal_parts({**_fields(fresh), "family": "address"})] == ["address", "default_address"]


def test_the_cooperative_customer_succeeds_at_the_first_test_tasks(d):
    from probe.eval.methods import make_method
    from probe.eval.runner import evaluate

    traces = evaluate(make_method("cooperative", env="taubench-retail"), env="taubench-retail", faults="none",
                      episodes=5, turns=12)
    done = [d.task_success(t.scenario, t) for t in traces]
    assert all(r is not None for r in done) and all(t.violations == [] for t in traces)
    assert sum(r.success for r in done) >= 4, [(t.scenario["family"], r) for t, r in zip(traces, done)]
