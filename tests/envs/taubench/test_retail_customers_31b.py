"""Retail customers played against the fault-free clerk (thirty-first session, second part).

From the retail-customers-8 sweep (/work/h31/retail-customers-8/report.md §5-13): a question without its "?" after
"wait" at a proposal dropped the request; "the gold one" / "no, the gold one" at the return of the silver tablet (in
another order) was ignored or dropped everything; zip codes and emails said in words were never read; "the one with
thirty two gigs of ram", "the more expensive one" answered "which one do you mean?" with the same question; an
indirect request for a person was not heard; "I make mistake when ordering" was not read as 'ordered by mistake'.
Each case has the tester's words, others of the kind, and near misses that keep their old reading; each conversation
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
    return play_messages(d, d.scenario(family, seed), d.make_target("reference", []), lines, "customers-31b")


def _writes(t):
    return [(name, args.get("order_id")) for name, args in _calls(t)]


def _called(t, name):
    return any(c["function"]["name"] == name for m in t.messages for c in m.get("tool_calls") or [])


def _transferred(t):
    return _called(t, "transfer_to_human_agents")


# --- §5. a question without "?" at a proposal is answered, the proposal kept --------------------------------------------
HELMET = "chen lopez 98155 exchange my helmet for red with high ventilation, same size, paypal"  # delivered #W9360566


@pytest.mark.parametrize("question", ["wait whats the price difference", "hold on, how much is the difference",
                                      "whats the price difference", "how much do i get back",
                                      "wait what's the difference in price."])
def test_a_question_without_its_mark_keeps_the_proposal_and_is_answered(d, question):
    t = _play(d, "modify_items", 11, [HELMET, question, "yes"])
    _sound(t)
    assert "$3.51" in _said(t)[1] and "won't make that change" not in _said(t)[1], _said(t)
    assert _writes(t) == [("exchange_delivered_order_items", "#W9360566")], _said(t)


@pytest.mark.parametrize("reply", ["wait no", "no", "hold on"])
def test_a_wait_or_a_no_still_writes_nothing(d, reply):  # near misses
    t = _play(d, "modify_items", 11, [HELMET, reply])
    _sound(t)
    assert _writes(t) == []


# --- §6. another item of the product picked at a proposal moves the request to the order that holds it ------------------
CHEN_S = "Hi, I'm Chen Silva, zip 46281. "  # delivered tablets: silver #W3069600, gold #W9571698
SILVER, GOLD = "#W3069600", "#W9571698"
SILVER_ASK = CHEN_S + "I have two tablets, I want to return the silver one"


@pytest.mark.parametrize("answer", ["the gold one", "no, the gold one", "no not that tablet, the other tablet",
                                    "sorry i meant the gold one", "no the gold tablet"])
def test_the_other_tablet_picked_at_the_proposal_is_the_one_returned(d, answer):
    t = _play(d, "return", 11, [SILVER_ASK, answer, "yes"])
    _sound(t)
    assert _writes(t) == [("return_delivered_order_items", GOLD)], _said(t)


@pytest.mark.parametrize("answer,writes", [("the silver one", [("return_delivered_order_items", SILVER)]),
                                           ("no", [])])
def test_the_proposed_tablet_picked_or_a_no_keeps_its_reading(d, answer, writes):  # near misses
    t = _play(d, "return", 11, [SILVER_ASK, answer, "yes"])
    _sound(t)
    assert _writes(t) == writes, _said(t)


# --- §9. a zip code or an email said in words --------------------------------------------------------------------------
@pytest.mark.parametrize("family,seed,first", [
    ("exchange", 11, "hi i got a laptop and i want to swap it my name is lei wilson zip three two two five five"),
    ("exchange", 11, "my email is lei dot wilson one two five three at example dot com"),
    ("exchange", 11, "my email is lei.wilson1253 at example.com"),
    ("several_pending_edits", 3, "sophia martin, zip seven seven oh three four"),
    ("several_pending_edits", 3, "sophia martin seven seven zero three four"),
    ("cancel", 21, "email sofia dot ito three eight seven seven at example dot com"),
])
def test_identity_said_in_words_is_read(d, family, seed, first):
    t = _play(d, family, seed, [first])
    _sound(t)
    assert _called(t, "get_user_details"), _said(t)
    assert "verify your identity" not in _said(t)[-1], _said(t)


def test_number_words_that_are_no_zip_stay_words(d):  # near miss: "two tablets" is a count
    t = _play(d, "return", 11, [CHEN_S + "I received two tablets. I want to return one.", "yes"])
    _sound(t)
    assert _writes(t) == [] and SILVER in _said(t)[-1] and GOLD in _said(t)[-1], _said(t)


# --- §10. an item picked by a figure or a comparison at "which one do you mean?" --------------------------------------------
LEI = "hi im lei wilson zip is 32255 i got a laptop and i wanna exchange it for one with i7 processor 8GB and 1TB SSD"
GB16, GB32 = "#W2905754", "#W4073673"  # 16GB $2,291.87; 32GB $2,520.52


@pytest.mark.parametrize("answer,order", [
    ("the one with thirty two gigs of ram", GB32), ("the one with more ram", GB32), ("the more expensive one", GB32),
    ("the cheaper one", GB16), ("the one with less memory", GB16), ("the 16 gig one", GB16),
    ("the 32GB one", GB32),  # near miss: worked before
])
def test_a_laptop_picked_by_a_figure_or_a_comparison(d, answer, order):
    t = _play(d, "exchange", 11, [LEI, answer, "yes"])
    _sound(t)
    assert _writes(t) == [("exchange_delivered_order_items", order)], _said(t)


def test_a_comparison_that_tells_nothing_asks_again(d):  # near miss: both laptops are i5, so "the faster one" asks
    t = _play(d, "exchange", 11, [LEI, "the one with more cores"])
    _sound(t)
    assert _writes(t) == [] and GB16 in _said(t)[-1] and GB32 in _said(t)[-1]


# --- §11. a person asked for in other words ---------------------------------------------------------------------------
@pytest.mark.parametrize("ask", ["i'd rather deal with an actual human being, this isn't working",
                                 "is anyone there who isn't a machine", "i want someone who is not a bot",
                                 "I'd prefer a real person please", "is there somebody human i can talk to"])
def test_a_person_asked_for_indirectly_is_transferred(d, ask):
    t = _play(d, "transfer", 5, [ask])
    assert _transferred(t), _said(t)


@pytest.mark.parametrize("ask", ["the real person at the store said I could return it",
                                 "no need for a real person, just cancel my order"])
def test_a_person_mentioned_is_no_transfer(d, ask):  # near misses
    t = _play(d, "transfer", 5, [ask])
    assert not _transferred(t), _said(t)


# --- §12. the cancellation reason in non-native words -------------------------------------------------------------------
SOFIA = "My name Ito Sofia, post code 19169. I want cancel order of smart watch"


@pytest.mark.parametrize("reason", ["I make mistake when ordering", "the mistake one", "i did a mistake in my order",
                                    "I made mistake", "it is mistake order"])
def test_a_non_native_mistake_is_ordered_by_mistake(d, reason):
    t = _play(d, "cancel", 21, [SOFIA, reason, "yes"])
    _sound(t)
    assert [a["reason"] for _n, a in _calls(t)] == ["ordered by mistake"], _said(t)


def test_no_longer_needed_keeps_its_reading(d):  # near miss
    t = _play(d, "cancel", 21, [SOFIA, "dont need anymore", "yes"])
    _sound(t)
    assert [a["reason"] for _n, a in _calls(t)] == ["no longer needed"], _said(t)


# --- §10 (plural): "my two bookshelves" names the bookshelves --------------------------------------------------------------
LUCAS = "lucas brown 60612. "  # delivered bookshelves: glass black $463.04 #W6239298, wood white $451.01 #W8660475


@pytest.mark.parametrize("ask,orders", [
    ("I want to return the cheaper of my two bookshelves", ["#W8660475"]),
    ("i have 2 bookshelves, return the white one", ["#W8660475"]),
    ("return both bookshelves", ["#W6239298", "#W8660475"]),
    ("return the white bookshelf please", ["#W8660475"]),  # near miss: worked before
])
def test_bookshelves_in_the_plural_are_read(d, ask, orders):
    t = _play(d, "mixed_pending_delivered", 2, [LUCAS + ask, "yes", "yes"])
    _sound(t)
    assert sorted(o for _n, o in _writes(t)) == orders, _said(t)


# --- §7. an option word that is another product's name stays an option of the item changed ---------------------------------
YARA = "Yara Lee 77243. "  # delivered #W1341845: LED bulb (warm white, none), keyboard, Bluetooth Speaker
BULB_NEW = "5111440845"  # LED bulb 60W equivalent, daylight, Bluetooth


@pytest.mark.parametrize("ask", [
    "please cancel the hiking boots order, ordered by mistake. also exchange my LED bulb for the daylight bluetooth one, "
    "visa for any difference",
    "exchange my LED bulb for the daylight bluetooth one, visa for any difference",
    "exchange my light bulb, I'd like the daylight bluetooth one instead, visa for any difference",
    "swap the LED bulb to the daylight bluetooth version, visa for any difference",
])
def test_a_bluetooth_option_of_the_bulb_is_no_speaker(d, ask):
    t = _play(d, "cancel_plus", 21, [YARA + ask, "yes", "yes"])
    _sound(t)
    exchanges = [a for n, a in _calls(t) if n == "exchange_delivered_order_items"]
    assert [a["new_item_ids"] for a in exchanges] == [[BULB_NEW]], _said(t)
    assert "Bluetooth Speaker" not in " ".join(_said(t)), _said(t)


def test_the_bluetooth_one_returned_is_still_the_speaker(d):  # near miss
    t = _play(d, "cancel_plus", 21, [YARA + "i want to return the bluetooth one", "yes"])
    _sound(t)
    assert _writes(t) == [("return_delivered_order_items", "#W1341845")]
    assert "Bluetooth Speaker" in _said(t)[0]


# --- §8. a second request of a long first message survives the question about the first ------------------------------------
def test_an_order_named_by_three_of_its_items_is_not_asked_about_and_the_exchange_follows(d):
    t = _play(d, "cancel_plus", 21, [
        "Hi!! Yara Lee here (zip 77243) - long story short I ordered the hiking boots + chair + keyboard order by mistake "
        "so please cancel it, and also the LED bulb I got is the wrong kind, I'd like the daylight bluetooth one instead, "
        "same brightness, charge the visa for any difference. thx", "yes", "yes", "yes"])
    _sound(t)
    # (39k: no daylight bluetooth bulb of the same brightness: the closest is offered and asked about, then proposed)
    assert "The closest available option is 60W equivalent, daylight, Bluetooth" in _said(t)[1], _said(t)[1]
    assert _writes(t) == [("cancel_pending_order", "#W3320020"), ("exchange_delivered_order_items", "#W1341845")], _said(t)


@pytest.mark.parametrize("answer", ["the pending one", "the full size one", "#W3320020"])
def test_the_second_request_is_proposed_after_the_which_order_answer(d, answer):
    t = _play(d, "cancel_plus", 21, [
        YARA + "cancel my keyboard order, ordered by mistake, and also I'd like my LED bulb in the daylight bluetooth "
               "version instead, visa for any difference", answer, "yes", "yes"])
    _sound(t)
    assert _writes(t) == [("cancel_pending_order", "#W3320020"), ("exchange_delivered_order_items", "#W1341845")], _said(t)


# --- §1 (rest): "... then change the address on my other order" after cancelling one of two pending orders ------------------
SOPHIA = "sophia martin 77034. "  # pending #W1092119 (luggage set), pending #W1603792 (bicycle, grill, ...)


@pytest.mark.parametrize("ask", [
    "first cancel the luggage order i ordered it by mistake and then change the address on my other order to 44 Cedar "
    "Lane Madison WI 53703",
    "cancel the luggage order, ordered by mistake, and change the address of the other order to 44 Cedar Lane Madison WI "
    "53703",
])
def test_the_other_orders_address_is_proposed_after_the_cancel(d, ask):
    t = _play(d, "several_pending_edits", 3, [SOPHIA + ask, "yes", "yes"])
    _sound(t)
    assert _writes(t) == [("cancel_pending_order", "#W1092119"), ("modify_pending_order_address", "#W1603792")], _said(t)


def test_the_cancelled_orders_own_address_is_still_moot(d):  # near miss: "its address" is the cancelled order's
    t = _play(d, "several_pending_edits", 3, [SOPHIA + "cancel the luggage order, ordered by mistake, and change its "
                                                       "address to 44 Cedar Lane Madison WI 53703", "yes", "yes"])
    _sound(t)
    assert _writes(t) == [("cancel_pending_order", "#W1092119")], _said(t)
