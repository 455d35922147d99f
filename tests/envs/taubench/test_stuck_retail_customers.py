"""Retail customers who got stuck with the reference clerk (played by hand, twenty-fifth session), in
phrasings other than the one that was read: "hey so i want to kill order #W..." was not read as a
cancellation, and the clerk listed the order's items three times in a row while the customer said
why and said yes."""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_unseen_retail_customers import _calls, _expect, _play, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


@pytest.mark.parametrize("ask", ["hey so i want to kill order {pending_order_id}", "scrap my order {pending_order_id} please",
                                 "Can you stop order {pending_order_id}?",
                                 "please void {pending_order_id}", "nix the order {pending_order_id}"])
def test_other_words_for_a_cancellation_ask_the_reason_and_cancel_on_yes(d, ask):
    sc, t = _play(d, "cancel", [ask, "{email}", "dont need it anymore", "yep go for it"], seed=905)
    said = _said(t)
    assert any("To confirm, I will cancel order " + sc["pending_order_id"] in s for s in said), said
    _expect(t, [("cancel_pending_order", {"order_id": sc["pending_order_id"], "reason": "no longer needed"})])
    _sound(t)


def test_stop_at_a_proposal_is_still_a_no(d):
    sc, t = _play(d, "cancel", ["{email}", "cancel {pending_order_id}, ordered it by mistake", "stop"], seed=905)
    assert _calls(t) == [], _said(t)
    _sound(t)


# Twenty-sixth session: a customer at a proposal who says the reason again ("dont need it anymore") was
# read as a no ("All right, I won't make that change"; the "dont"), while one who refused the action
# ("please don't cancel it", "no, I don't need it cancelled after all") got the same proposal again,
# so the next "yes" cancelled what they had refused. Phrasings other than those read while fixing.
@pytest.mark.parametrize("reason,again", [("no longer needed", "I really don't need it any more"),
                                          ("no longer needed", "dont want it anymore honestly"),
                                          ("ordered by mistake", "i accidentally ordered it")])
def test_the_reason_said_again_at_a_proposal_asks_for_a_clear_yes(d, reason, again):
    sc, t = _play(d, "cancel", ["{email}", "cancel {pending_order_id} for me", reason, again, "yes please"], seed=905)
    said = _said(t)
    assert "I won't make that change" not in said[-2] and "clear yes" in said[-2], said[-2]
    _expect(t, [("cancel_pending_order", {"order_id": sc["pending_order_id"], "reason": reason})])
    _sound(t)


@pytest.mark.parametrize("refusal", ["Please do NOT cancel it.", "no no, dont need it cancelled after all",
                                     "hmm don't go ahead and cancel, i'll keep it", "we won't cancel it, thanks"])
def test_refusing_the_action_proposed_declines_it_and_a_later_yes_does_nothing(d, refusal):
    sc, t = _play(d, "cancel", ["{email}", "cancel {pending_order_id}", "by mistake", refusal, "yes"], seed=905)
    assert "I won't make that change" in _said(t)[-2], _said(t)[-2]
    _expect(t, None)
    _sound(t)


def test_refusing_a_return_or_an_exchange_in_progress_drops_it(d):
    sc, t = _play(d, "return", ["{email}", "return the {delivered_item} from {delivered_order_id}",
                                "actually don't return it, sorry", "yes"], seed=906)
    _expect(t, None)
    _sound(t)
    sc, t = _play(d, "exchange", ["{email}", "exchange the {delivered_item} in {delivered_order_id}",
                                  "nah we dont need to swap it after all"], seed=905)
    assert "left order " + sc["delivered_order_id"] + " as it is" in _said(t)[-1], _said(t)[-1]
    _expect(t, None)


def test_refusing_one_item_is_not_refusing_the_action(d):
    sc, t = _play(d, "return", ["{email}", "return the {delivered_item} and the {delivered_item2} from {delivered_order_id}",
                                "no, don't return the {delivered_item2}, only the {delivered_item}", "yes"], seed=905)
    made = [c for c in t.messages if c["role"] == "assistant" and c.get("tool_calls")]
    assert made, _said(t)
    _sound(t)


@pytest.mark.parametrize("follow_up", ["so when did it ship?", "tracking # please", "has it shipped yet??",
                                       "and where is it now"])
def test_a_follow_up_about_the_order_just_reported_is_about_that_order(d, follow_up):
    sc, t = _play(d, "info_only", ["{email}", "what's going on with {delivered_order_id}", follow_up], seed=905)
    last = _said(t)[-1]
    assert last.startswith("Order " + sc["delivered_order_id"] + " is delivered") and last.count("Order #W") == 1, last
    assert "Tracking number:" in last or "where" in follow_up, last
    _expect(t, None)
    _sound(t)


def test_the_other_orders_are_the_ones_not_just_reported(d):
    sc, t = _play(d, "info_only", ["{email}", "look up {delivered_order_id} pls", "and my other orders?"], seed=905)
    last = _said(t)[-1]
    assert "Order " + sc["delivered_order_id"] not in last and last.count("Order #W") >= 1, last
    _sound(t)


@pytest.mark.parametrize("also", ["could you put that on my profile as well", "same for my account address too please",
                                  "and make it my default address too"])
def test_the_address_just_given_also_as_the_default_address(d, also):
    sc, t = _play(d, "address", ["{email}", "ship {pending_order_id} to 77 Birch Lane, Denver, CO 80203", "yes", also,
                                 "yes"], seed=905)
    assert "update your default address to 77 Birch Lane, Denver, CO 80203" in _said(t)[-2], _said(t)[-2]
    _expect(t, [("modify_pending_order_address", {"order_id": sc["pending_order_id"], "address1": "77 Birch Lane"}),
                ("modify_user_address", {"address1": "77 Birch Lane", "city": "Denver", "zip": "80203"})])
    _sound(t)


# A tester's customers (twenty-sixth session): "cancel the order with the jigsaw puzzle (ordered by
# mistake) and return the electric kettle i received" also cancelled the customer's pending order holding
# a kettle (the kettle was named for the return), a yes at a time; and "only the sunglasses" at a return of
# two items was not understood, so the next yes returned both.
def _orders_holding(d, sc, name):
    return {o for o in d.db.users[sc["user_id"]].orders if any(it.name == name for it in d.db.orders[o].items)}


@pytest.mark.parametrize("seed,lines,cancel_item,return_item", [
    (891, ["pls cancel my jigsaw puzzle order, placed it by accident. and i'd like to send back the electric kettle"],
     "Jigsaw Puzzle", "Electric Kettle"),
    (894, ["two things: return the earbuds i received, and cancel the tea kettle order since i dont need it"],
     "Tea Kettle", "Wireless Earbuds"),
    (898, ["I want to return my hiking boots. Also please cancel the skateboard order, no longer needed."],
     "Skateboard", "Hiking Boots"),
])
def test_each_item_goes_with_the_action_said_before_it(d, seed, lines, cancel_item, return_item):
    sc, t = _play(d, "cancel_plus", ["{email}"] + lines + ["yes", "yes", "yes"], seed=seed)
    made = _calls(t)
    cancelled = {a["order_id"] for n, a in made if n == "cancel_pending_order"}
    returned = [a for n, a in made if n == "return_delivered_order_items"]
    assert cancelled and cancelled <= _orders_holding(d, sc, cancel_item), (made, _said(t))
    assert len(cancelled) == 1 and len(returned) == 1, made
    assert returned[0]["order_id"] in _orders_holding(d, sc, return_item), made
    _sound(t)


@pytest.mark.parametrize("narrow", ["hmm only the {delivered_item} actually", "no no. just the {delivered_item}",
                                    "wait, i only want to send back the {delivered_item}"])
def test_only_one_of_the_items_proposed_narrows_the_return(d, narrow):
    sc, t = _play(d, "return", ["{email}", "return the {delivered_item} and the {delivered_item2} from {delivered_order_id}",
                                narrow, "yes"], seed=905)
    made = _calls(t)
    assert [n for n, _ in made] == ["return_delivered_order_items"] and len(made[0][1]["item_ids"]) == 1, (made, _said(t))
    items = {it.item_id: it.name for it in d.db.orders[sc["delivered_order_id"]].items}
    assert items[made[0][1]["item_ids"][0]].lower() == sc["delivered_item"], made
    _sound(t)


@pytest.mark.parametrize("ask", ["my camera came and it's not the one i wanted, can i exchange it",
                                 "i'd like to swap the camera i received"])
def test_a_kind_of_product_the_store_sells_several_of_is_found_in_the_customers_own_orders(d, ask):
    """"exchange my camera": the store sells several cameras, the customer received one; before, the clerk
    asked "Which order is this about?" and looped on every answer that was not an order id."""
    sc, t = _play(d, "exchange", ["{email}", ask], seed=905)
    said = _said(t)[-1]
    assert "Which order is this about?" not in said and "Digital Camera" in said, said
    _sound(t)


@pytest.mark.parametrize("address,a1,city,state,zip_", [
    ("88 maple ave portland or 97205", "88 maple ave", "portland", "OR", "97205"),
    ("14 Harbor Ln, Austin, Texas 78701", "14 Harbor Ln", "Austin", "TX", "78701"),
    ("9 Elm Court\nDenver, CO 80203", "9 Elm Court", "Denver", "CO", "80203"),
    ("501 W Pine Street Apt 4 Madison WI 53703", "501 W Pine Street", "Madison", "WI", "53703"),
])
def test_an_address_written_without_commas_or_over_two_lines_is_read(d, address, a1, city, state, zip_):
    """"232 lakeview rd raleigh nc 27601" got "What is the new shipping address (street, city, state and zip
    code)?" again and again: the clerk read addresses only with a comma after the street."""
    sc, t = _play(d, "address", ["{email}", "i need to change where {pending_order_id} ships", address, "yes"], seed=905)
    made = _calls(t)
    assert [n for n, _ in made] == ["modify_pending_order_address"], (made, _said(t))
    args = made[0][1]
    assert (args["address1"], args["city"], args["state"], args["zip"]) == (a1, city, state, zip_), args
    _sound(t)


def test_an_item_described_by_its_option_is_not_changed_in_another_order_of_another_colour(d):
    """Ivan Khan has navy backpacks in two pending orders and a grey one in a third: "the navy backpack
    i ordered, can i get it in green instead" also proposed changing the grey backpack (a tester's
    customer, who said yes to it). The order whose backpack is grey is left alone now."""
    sc = d.scenario("several_pending_edits", d.heldout_seeds[1])
    grey = {o for o in d.db.users[sc["user_id"]].orders
            if any(it.name == "Backpack" and it.options.get("color") == "grey" for it in d.db.orders[o].items)}
    assert grey
    from probe.core.scripts import play_messages
    t = play_messages(d, sc, d.make_target("reference", []), [f"hi, {sc['first_name']} {sc['last_name']}, {sc['zip']}",
                      "wanna switch my navy backpack to a green one", "yes", "yes", "yes"], "unseen")
    touched = {a["order_id"] for n, a in _calls(t)}
    assert touched and not touched & grey, (_calls(t), _said(t))
    _sound(t)


@pytest.mark.parametrize("ask", ["could you switch the card on {pending_order_id}?", "pls change which card pays for {pending_order_id}"])
def test_switching_the_card_is_a_payment_change(d, ask):
    """"can you switch the card on #W...?" got the order's items and "What would you like to do?", then
    looped on "the other one" and "go ahead"."""
    sc, t = _play(d, "payment", ["{email}", ask], seed=905)
    said = _said(t)[-1]
    assert "payment method" in said.lower() and "What would you like" not in said, said


@pytest.mark.parametrize("ask", ["hm what's the price difference?", "wait is that gonna cost more??",
                                 "so does my card get charged for that?", "where does that money come from, which account?"])
def test_a_price_question_at_a_proposal_is_answered_from_it(d, ask):
    """"whats the difference in price?" at a proposal that says "you pay $52.59 more" got "Sorry, I can't help
    with that here." The figure is said, then the proposal, and nothing is written before a yes."""
    sc, t = _play(d, "modify_items", ["{email}", "on {pending_order_id} can i get the {pending_item} in another colour",
                                      "the first option please", ask], seed=905)
    said = _said(t)[-1]
    assert "To confirm" in _said(t)[-2], _said(t)[-2]
    assert said.startswith("As proposed, you ") and "To confirm" in said and "can't help" not in said, said
    _expect(t, None)


@pytest.mark.parametrize("both", ["both", "um both pls", "everywhere", "all of it thx"])
def test_both_at_the_default_or_order_address_question_changes_both(d, both):
    """"both" / "everywhere" to "Is this for your default address, or for the shipping address of an order?"
    got the same question again, turn after turn (a tester's customer)."""
    sc, t = _play(d, "address", ["{email}", "pls change my address to 51 Cedar Lane, Boise, ID 83702", both, "yes",
                                 "yes", "yes"], seed=905)
    made = [n for n, _ in _calls(t)]
    assert "modify_user_address" in made and "modify_pending_order_address" in made, (made, _said(t))
    assert all(a["address1"] == "51 Cedar Lane" for _, a in _calls(t)), _calls(t)
    _sound(t)


# Twenty-seventh session: "exchange my camera for a tablet" was refused (another product), and then every
# answer ("yes", "no", "no thats it") got the same refusal and option list again; a "no" to "Which option
# would you like ...?" was never a way out.
@pytest.mark.parametrize("other", ["could i trade the camera for some headphones instead?",
                                   "exchange {delivered_order_id}'s camera for a tablet pls"])
def test_a_refused_swap_for_another_product_is_said_once_and_a_no_drops_it(d, other):
    sc, t = _play(d, "exchange", ["{email}", other, "ok sure", "nah forget it"], seed=905)
    said = _said(t)
    assert "same product" in said[-3] and "Which option" in said[-3], said[-3]
    assert "same product" not in said[-2] and "Which option" in said[-2], said[-2]
    assert "Which option" not in said[-1] and "anything else" in said[-1], said[-1]
    _expect(t, None)
    _sound(t)


@pytest.mark.parametrize("no", ["no", "no thanks", "nope, leave it"])
def test_a_no_to_which_option_drops_the_exchange(d, no):
    sc, t = _play(d, "exchange", ["{email}", "i'd like to exchange my camera", no], seed=905)
    said = _said(t)
    assert "Which option" in said[-2] and "Which option" not in said[-1] and "anything else" in said[-1], said
    _expect(t, None)


def test_a_no_that_names_an_option_is_the_option(d):
    sc, t = _play(d, "exchange", ["{email}", "i'd like to exchange my camera", "nah the 24MP CF card one", "yes"], seed=905)
    assert [n for n, _ in _calls(t)] == ["exchange_delivered_order_items"], _said(t)
    _sound(t)


@pytest.mark.parametrize("ask", ["what is happening with my order", "any news about my deliveries?",
                                 "how are my packages doing", "could you look in on my orders pls"])
def test_asking_how_the_orders_are_doing_reports_them(d, ask):
    """"want to check whats going on with my orders" after sign-in got the menu ("How can I help you today?")."""
    sc, t = _play(d, "cancel", ["{email}", ask], seed=905)
    said = _said(t)[-1]
    assert "How can I help you today?" not in said and "is delivered" in said and "is pending" in said, said
    _expect(t, None)


@pytest.mark.parametrize("address,a1,a2", [("9 Birch Road Suite 210, Dayton, OH 45402", "9 Birch Road", "Suite 210"),
                                           ("14 w oak ave #3b, tulsa OK 74103", "14 w oak ave", "#3b"),
                                           ("300 Pine St, Unit 7, Reno, NV 89501", "300 Pine St", "Unit 7")])
def test_a_unit_typed_on_the_street_line_is_the_second_line(d, address, a1, a2):
    """"22 Elm st apt 4, springfield IL 62704" wrote address1 "22 Elm st apt 4" and an empty address2."""
    sc, t = _play(d, "address", ["{email}", f"new default address please: {address}", "yes"], seed=905)
    calls = _calls(t)
    assert calls and calls[-1][0] == "modify_user_address", _said(t)
    assert (calls[-1][1]["address1"], calls[-1][1]["address2"]) == (a1, a2), calls[-1][1]
    _sound(t)


@pytest.mark.parametrize("leave", ["sorry have to run now", "oh gotta go, kids are up. thx"])
def test_leaving_at_a_proposal_ends_without_writing(d, leave):
    sc, t = _play(d, "cancel", ["{email}", "cancel {pending_order_id}, dont need it", leave, "yes"], seed=905)
    assert _calls(t) == [], _said(t)
    assert "Have a nice day" in _said(t)[-1], _said(t)[-1]


# A complaint about a received item with the option wanted, without "exchange": "the hiking boots I got are
# the wrong size, i need size 8" listed both orders holding boots and asked what to do, for every answer;
# "the camera i received is too low res, i need 30MP" got the menu.
@pytest.mark.parametrize("ask", ["these hiking boots that arrived are too small, i wanted an 8",
                                 "got my hiking boots but they should have been size 8"])
def test_a_received_item_with_the_option_wanted_is_an_exchange_of_the_delivered_one(d, ask):
    sc, t = _play(d, "cancel", ["{email}", ask, "yes"], seed=905)
    calls = _calls(t)
    assert [n for n, _ in calls] == ["exchange_delivered_order_items"], _said(t)
    assert calls[0][1]["order_id"] == "#W7728728", calls  # the delivered pair, not the pending order's
    _sound(t)


def test_a_received_item_of_a_kind_with_the_option_wanted_is_proposed_as_an_exchange(d):
    sc, t = _play(d, "exchange", ["{email}", "the camera that came is only 20MP, i'd like 24MP"], seed=905)
    said = _said(t)[-1]
    assert "To confirm, I will exchange" in said and "24MP" in said, said
    _expect(t, None)


@pytest.mark.parametrize("ask", ["could you check my gift card balance", "tell me how much is left in my gift card pls",
                                 "have i got store credit?"])
def test_a_gift_card_balance_question_is_answered(d, ask):
    """"can you tell me my gift card balance?" got "Which order is this about?"; "how much is left on my giftcard"
    every order's details; "do i have any store credit left?" "Sorry, I can't help with that here." (a tester)."""
    sc, t = _play(d, "return", ["{email}", ask], seed=908)
    said = _said(t)[-1]
    assert "gift card (balance $" in said and "Which order" not in said and "can't help" not in said, said
    _expect(t, None)


@pytest.mark.parametrize("ask", ["want to give the gaming mouse back, please", "the mouse - can you take it back?"])
def test_give_back_is_a_return(d, ask):
    """"i want give back the mouse, it not work good" got "return or exchange?", and "give back" then looped."""
    sc, t = _play(d, "return", ["{email}", ask, "yes"], seed=908)
    assert [n for n, _ in _calls(t)] == ["return_delivered_order_items"], _said(t)
    _sound(t)
