"""Retail reference agent (faults none): black-box customers' findings fixed in the fortieth session (retA).

1. An order named by where it ships looped: "I want to return something" - "the one going to my son's place in Washington
   DC" was asked "Which order is this about?" again and again (the place was a few words after "going to"; "the chicago
   one" in lower case and a bare "Austin" were no place at all). Now the order shipping there is taken; with several
   there, the clerk asks which of those (with their items); with none, it says no order ships there.
2. An incomplete new address ("change the shipping address of my pending order to 266 maple drive madison") dropped
   the street and city and asked for the whole address, or kept "266 Maple Drive" and asked the city again. Now the
   street and city are kept, and only the missing state and zip code are asked for; a full address is proposed at once.
3. "i want the vacuum cleaner as bagged pet hair removal and i want to return the keyboard" (a change said with no verb,
   then a return) lost the change: the vacuum's pending order was said not returnable. Now both are kept: the return is
   proposed, then the vacuum's change; two requests on one delivered order are asked which.
4. "exchange the lamp for the kettle I ordered": the kettle, held by two orders, was read as an item to change ("I see
   Electric Kettle items in more than one of your orders ... Which one do you mean?"), and the swap never refused. Now
   the clerk says plainly that an item can only become another option of the same product.
5. "MC" / "mc" / "M/C" was no payment method ("switch the payment to my MC": "Which payment method ...?"). Now it is the
   Mastercard; "MC" inside a word or with no payment word around it is left alone.
"""

from __future__ import annotations

import pytest

from envs.taubench.language import mastercard_named, read
from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _said, _sound


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, family, seed, lines):
    sc = d.scenario(family, seed)
    fields = {k: v for k, v in sc.items() if isinstance(v, (str, int, float))}
    return play_messages(d, sc, d.make_target("reference", []), [x.format(**fields) for x in lines], "c40g")


# --- 1. an order told by where it ships --------------------------------------------------------------------------------
# address 36 (sophia_hernandez_2054): #W4614740 pending, Fort Worth TX; #W1748126 delivered, Austin TX; #W1326557
# delivered, Washington DC
DC_ITEMS = "Which items of order #W1326557 would you like to return?"
AUSTIN_ITEMS = "Which items of order #W1748126 would you like to return?"


@pytest.mark.parametrize("lines,expected", [
    (["I want to return something", "the one going to my son's place in Washington DC"], DC_ITEMS),  # the tester's
    (["i want to return the stuff in the one going to my son's place in washington dc"], DC_ITEMS),
    (["i need to return something", "washington dc"], DC_ITEMS),
    (["i need to return something", "the dc one"], DC_ITEMS),
    (["need 2 return smth", "its the one shipped out to my boy at DC"], DC_ITEMS),
    (["the order I sent to Austin, I want to return it"], AUSTIN_ITEMS),  # the tester's
    (["i want to return the stuff i sent to my mom over in austin"], AUSTIN_ITEMS),
    (["i need to return something", "Austin"], AUSTIN_ITEMS),
    (["hi so my sister moved and I had a package sent to her new apartment in austin texas a while back, and honestly "
      "none of it worked out, I'd like to return it"], AUSTIN_ITEMS),
])
def test_an_order_told_by_where_it_ships_is_taken(d, lines, expected):
    t = _play(d, "address", 36, ["hi {email}"] + lines)
    _sound(t)
    assert _said(t)[-1].startswith(expected), _said(t)
    assert _calls(t) == []


@pytest.mark.parametrize("line", ["the Chicago one", "the chicago one", "chicago"])  # (the tester's: "the Chicago one")
def test_the_chicago_one(d, line):
    # address 17 (ethan_thomas_1791): #W8465042 pending, Columbus OH; #W7764382 delivered, Chicago IL
    t = _play(d, "address", 17, ["{email}", "I want to exchange something", line])
    _sound(t)
    assert _said(t)[-1].startswith("Which items of order #W7764382 would you like to exchange"), _said(t)


@pytest.mark.parametrize("line,place", [("the chicago one", "Chicago"), ("the one shipped to Boston", "Boston"),
                                        ("Chicago", "Chicago")])
def test_no_order_ships_there_is_said(d, line, place):
    t = _play(d, "address", 36, ["hi {email}", "i want to return something", line])
    _sound(t)
    assert _said(t)[-1].startswith(f"I don't see an order of yours shipping to {place}. Which order is this about?"), _said(t)


def test_several_orders_shipping_there_are_asked_which(d):
    # address 32 (yusuf_garcia_3055): four orders ship to Washington DC, two of them delivered
    t = _play(d, "address", 32, ["hi {email}", "i want to return something from the one going to my son's place in "
                                               "Washington DC", "the one with the lamp"])
    _sound(t)
    said = _said(t)
    assert said[1].startswith("These are the orders that fit: #W2286012 (delivered: ") and "#W4794911 (delivered: " in \
        said[1] and "#W6885344" not in said[1], said[1]
    assert said[2].startswith("Which items of order #W4794911 would you like to return?"), said[2]
    t = _play(d, "address", 32, ["hi {email}", "i need to cancel the DC one"])
    assert "These are the orders that fit: #W6885344 (pending: Backpack); #W3260419 (pending: " in _said(t)[-1], _said(t)


@pytest.mark.parametrize("line", [
    "I'm calling from Chicago, I want to return something",  # a city in small talk, an order of it in Chicago
    "i want to return something, the weather in chicago is awful today",
])
def test_a_city_in_small_talk_names_no_order(d, line):
    t = _play(d, "address", 17, ["{email}", line])
    _sound(t)
    assert _said(t)[-1].startswith("Which order is this about?"), _said(t)


def test_a_trip_beside_an_item_changes_nothing(d):
    t = _play(d, "address", 36, ["hi {email}", "i want to return the kettle, i'm going to Denver next week"])
    _sound(t)
    assert _said(t)[-1].startswith("To confirm, I will return from order #W1748126: Tea Kettle"), _said(t)


# --- 2. an incomplete new address -------------------------------------------------------------------------------------
# address 1 (noah_patel_6952): one pending order, #W1845024
MADISON = {"order_id": "#W1845024", "address1": "266 Maple Drive", "address2": "", "city": "Madison", "state": "WI",
           "country": "USA", "zip": "53703"}
ASK_STATE_ZIP = "Thanks, I have 266 Maple Drive, Madison so far. What are the state and zip code?"


@pytest.mark.parametrize("lines", [
    ["change the shipping address of my pending order to 266 maple drive madison"],  # the tester's
    ["change the shipping address of my pending order", "266 maple drive madison"],
    ["change the shipping address of my pending order", "266 maple drive, madison"],
    ["ship my pending order to 266 maple drive madison"],
    ["new address for my pending order: 266 Maple Drive, Madison"],
    ["change the address of order {pending_order_id} to 266 maple drive madison"],
])
def test_a_street_and_city_are_kept_and_the_state_and_zip_asked(d, lines):
    t = _play(d, "address", 1, ["{email}"] + lines + ["wi 53703", "yes"])
    _sound(t)
    said = _said(t)
    assert said[len(lines)].startswith(ASK_STATE_ZIP), said
    assert said[len(lines) + 1].startswith("To confirm, I will change the shipping address of order #W1845024 to 266 "
                                           "Maple Drive, Madison, WI 53703, USA."), said
    assert _calls(t) == [("modify_pending_order_address", MADISON)]


def test_only_the_zip_is_asked_when_the_state_is_said(d):
    t = _play(d, "address", 1, ["{email}", "please send my pending order to 266 maple dr madison wi instead", "53703"])
    _sound(t)
    said = _said(t)
    assert said[1].startswith("Thanks, I have 266 Maple Dr, Madison, WI so far. What is the zip code?"), said
    assert "266 Maple Dr, Madison, WI 53703, USA" in said[2] and _calls(t) == []


def test_the_default_address_in_parts_too(d):
    t = _play(d, "address", 1, ["{email}", "update my default address to 266 maple drive madison"])
    _sound(t)
    assert _said(t)[-1].startswith(ASK_STATE_ZIP), _said(t)


@pytest.mark.parametrize("line", ["change the shipping address of my pending order to 266 Maple Drive, Madison, WI 53703",
                                  "ship my pending order to 266 maple drive madison wi 53703"])
def test_a_full_address_is_proposed_as_before(d, line):
    t = _play(d, "address", 1, ["{email}", line])
    _sound(t)
    assert _said(t)[-1].startswith("To confirm, I will change the shipping address of order #W1845024 to 266 "), _said(t)
    assert "madison, wi 53703, usa" in _said(t)[-1].lower()  # (a full address is proposed as written, as before)


@pytest.mark.parametrize("line,expected", [
    # the street the order goes to now, not a new one
    ("my pending order is going to 12 oak street, i need to change the address", "What is the new shipping address"),
    # a street in small talk, with no address change asked
    ("I'm sending a gift to 12 oak street madison, can you check my pending order", "How can I help"),
])
def test_a_street_not_given_as_the_new_address_is_not_taken(d, line, expected):
    t = _play(d, "address", 1, ["{email}", line])
    _sound(t)
    assert _said(t)[-1].startswith(expected) and "Thanks, I have" not in _said(t)[-1], _said(t)


# --- 3. a change said with no verb, beside a return -------------------------------------------------------------------
# mixed_pending_delivered 21 (noah_martin_5764): #W1971958 delivered (Mechanical Keyboard, Skateboard, Electric Kettle,
# Wall Clock); #W7594624 pending (Vacuum Cleaner upright/bagless/HEPA filter, T-Shirt, Laptop)
KEYBOARD = ("return_delivered_order_items", "#W1971958", ["6342039236"], None)
VACUUM = ("modify_pending_order_items", "#W7594624", ["7407609582"], ["3526747930"])


def _writes(t):
    return [(n, a.get("order_id"), a.get("item_ids"), a.get("new_item_ids")) for n, a in _calls(t)]


@pytest.mark.parametrize("ask", [
    "i want the vacuum cleaner as bagged pet hair removal and i want to return the keyboard",  # the tester's
    "id like my vacuum cleaner in bagged pet hair removal, and return the keyboard pls",
    "can i get the vacuum as bagged pet hair removal? also want to send the keyboard back",
    "the vacuum cleaner as bagged pet hair removal and return the keyboard",
    "return the keyboard and i want the vacuum cleaner as bagged pet hair removal",
    "ok so um i'd really like the vacuum cleaner as bagged pet hair removal, oh and i need to return the keyboard too",
])
def test_a_verbless_change_beside_a_return_is_kept(d, ask):
    t = _play(d, "mixed_pending_delivered", 21, ["{email}", ask, "yes", "yes"])
    _sound(t)
    said = _said(t)
    assert "can't be returned" not in " ".join(said), said
    assert _writes(t) == [KEYBOARD, VACUUM], said


@pytest.mark.parametrize("ask", ["i want the vacuum cleaner as bagged pet hair removal and i want to return the keyboard",
                                 "i want to change the vacuum cleaner to bagged pet hair removal and return the keyboard"])
def test_the_new_options_do_not_pick_the_vacuum_already_so(d, ask):
    # mixed_pending_delivered 12 (sofia_thomas_1518): two pending vacuums, #W7619352's already upright/bagged/pet hair
    # removal, #W2297866's bagless; the keyboard in delivered #W3388163. Before: the one already bagged was taken, and
    # its options asked ("Which option would you like for the Vacuum Cleaner (upright, bagged, pet hair removal)?")
    t = _play(d, "mixed_pending_delivered", 12, ["{email}", ask, "the bagless one", "yes", "yes"])
    _sound(t)
    assert _said(t)[1].startswith("I see Vacuum Cleaner items in more than one of your orders"), _said(t)
    assert _writes(t) == [("modify_pending_order_items", "#W2297866", ["7407609582"], ["3526747930"]),
                          ("return_delivered_order_items", "#W3388163", ["9025753381"], None)], _said(t)


def test_a_change_and_a_return_on_one_delivered_order_are_asked_which(d):
    t = _play(d, "mixed_pending_delivered", 21, ["{email}", "i want the wall clock as 14 inches black and i want to "
                                                            "return the keyboard"])
    _sound(t)
    assert "Which would you like: return the Mechanical Keyboard, or exchange the Wall Clock?" in _said(t)[-1], _said(t)


@pytest.mark.parametrize("ask", ["i want to return the keyboard as soon as possible",
                                 "i want the keyboard returned as it is broken"])
def test_a_return_alone_is_no_change(d, ask):
    t = _play(d, "mixed_pending_delivered", 21, ["{email}", ask, "yes"])
    _sound(t)
    assert _writes(t) == [KEYBOARD], _said(t)


# --- 4. an item swapped for another product the customer also ordered ---------------------------------------------------
# exchange 60 (yusuf_garcia_3055): #W4794911 delivered (Desk Lamp, T-Shirt, Electric Kettle, ...); #W3260419 pending
# (Electric Kettle, Smart Watch, ...)
@pytest.mark.parametrize("ask,other", [
    ("exchange the lamp for the kettle I ordered", "an Electric Kettle"),  # the tester's
    ("can i swap my desk lamp for the electric kettle from the same order", "an Electric Kettle"),
    ("i want to trade the lamp in for the kettle i got", "an Electric Kettle"),
    ("exchange the lamp with the kettle", "an Electric Kettle"),
    ("exchange the lamp for the smart watch I ordered", "a Smart Watch"),
])
def test_a_swap_for_another_product_is_refused(d, ask, other):
    t = _play(d, "exchange", 60, ["{email}", ask])
    _sound(t)
    assert _said(t)[-1].startswith("I'm sorry, an item can only be exchanged for another option of the same product, so "
                                   f"I can't swap the Desk Lamp for {other}."), _said(t)
    assert _calls(t) == []


def test_a_pending_change_to_another_product_is_refused(d):
    t = _play(d, "exchange", 60, ["{email}", "change the dumbbell set in my pending order to the kettle"])
    _sound(t)
    assert "so I can't swap the Dumbbell Set for an Electric Kettle" in _said(t)[-1], _said(t)


@pytest.mark.parametrize("ask", ["exchange the lamp and the kettle for other options",
                                 "exchange the lamp for a white one and the kettle for a 2L"])
def test_two_items_each_changed_are_no_swap(d, ask):
    t = _play(d, "exchange", 60, ["{email}", ask])
    _sound(t)
    assert "can't swap" not in _said(t)[-1] and "Electric Kettle items in more than one of your orders" in _said(t)[-1]


# --- 5. "MC" for Mastercard --------------------------------------------------------------------------------------------
# payment 38 (olivia_khan_9030): gift card, PayPal, Mastercard 2184, Visa 9765; #W3840181 pending, paid with PayPal
MC_PROPOSAL = "To confirm, I will change the payment of order #W3840181 ($2,456.57) to your Mastercard ending in 2184"


@pytest.mark.parametrize("lines", [
    ["switch the payment on {pending_order_id} to my MC"],
    ["use MC ending 2184 for {pending_order_id}"],  # the tester's kind
    ["pay {pending_order_id} with m/c"],
    ["change payment for {pending_order_id}", "mc"],
    ["change payment for {pending_order_id}", "the M/C ending 2184"],
    ["pls put {pending_order_id} on the master-card"],
])
def test_mc_is_the_mastercard(d, lines):
    t = _play(d, "payment", 38, ["{email}"] + lines)
    _sound(t)
    assert _said(t)[-1].startswith(MC_PROPOSAL), _said(t)


@pytest.mark.parametrize("text,out", [
    ("refund to my MC", "refund to my mastercard"),
    ("use MC ending 4421", "use mastercard ending 4421"),
    ("M/C", "mastercard"),
    ("McDonald street", "McDonald street"),
    ("MCAT prep book", "MCAT prep book"),
    ("I am MC Hammer", "I am MC Hammer"),
    ("my son mc is here", "my son mc is here"),
    ("the emcee", "the emcee"),
])
def test_mastercard_named(text, out):
    assert mastercard_named(text) == out


def test_mc_reads_as_the_brand(d):
    assert read("refund it to my MC", d.db).card_brand == "mastercard"
    assert read("MC Hammer is on the radio, change payment to paypal", d.db).card_brand is None
