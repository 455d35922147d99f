"""Retail customers played against the fault-free clerk (forty-first session, part b).

Findings B, C, G and H of retail-customers-28 (/work/h41/retail-customers-28/REPORT.md):

- B (wrong write): "Could you please update the default address in my account? I've moved." - after sign-in the clerk
  proposed "To confirm, I will change the shipping address of order #W7390432 to 320 Cedar Avenue, Suite 201, ..." (the
  customer's CURRENT profile address) and wrote modify_pending_order_address on "yes"; a new address given was still
  written to the order; with one pending order at the profile address: "Order #W... already ships to ..., nothing to
  change" and the request dropped. "default address in/on my account/profile" was read as pointing to the profile's
  address. A labelled address ("100 Elm Street. City: Denver. State: CO. Zip: 80203") kept the old "Suite 656".
- C (crash): "The new address is 100 Elm Street. City: Denver. State: CO. Zip: 80203" with no request in hand left a
  draft address with nothing missing: IndexError in _address_question, then every reply empty.
- G (stuck): with two requests, "No, hold off on that one, just do the other" dropped both, and "Yes, go ahead." then
  re-proposed the one declined; "Just the second thing please", "Do the other one first", "Only the item change please,
  leave the address" re-proposed the first.
- H: "Oops, I gave the wrong zip, it should be 43216" right after an address change got "How can I help you today?";
  "Can the refund go to my gift card instead?" right after a return got "Which order is this about?"; "make it leather
  instead of 10" kept the 10 and added leather.

Each case has the tester's words, other phrasings of the kind, and near misses that keep their reading; each
conversation is checked for soundness (no violation, no failed turn, each write right after a yes to the proposal that
named it).
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
    sc = d.scenario(family, seed)
    fields = {k: v for k, v in sc.items() if isinstance(v, (str, int, float))}
    return play_messages(d, sc, d.make_target("reference", []), [x.format(**fields) for x in lines], "customers-41b")


LABELLED = "100 Elm Street. City: Denver. State: CO. Zip: 80203"
ELM = {"address1": "100 Elm Street", "address2": "", "city": "Denver", "state": "CO", "country": "USA", "zip": "80203"}


# --- B. the default address "in my account" / "on my profile" is the one to change ---------------------------------
OPENERS = [
    # the tester's
    "Could you please update the default address in my account? I've moved.",
    "Hi, I moved and need my default address on my profile updated.",
    "Good morning, I'd like to update the default address on my profile, please.",
    "Can you change the default address on my account?",
    "Can you update the default address in my profile?",
    "Hi, I'd like to change my default address on my profile to a new one.",
    # others of the kind
    "pls update default address on my acct, moved last week",
    "I need to change the address in my profile.",
    "The default address in my profile is out of date, can you fix it?",
    "Could you set the default address in my account to a new one? I've moved.",
    "hola, necesito cambiar the default address on my account por favor",
    "Hi there. Long story, but we finally moved out of the old place last month and I keep forgetting to fix things - "
    "can you update the default address in my account?",
    "I want to change the default address from my profile.",
    # near misses that already worked
    "Hi, please update my default address.",
    "Please update my profile address.",
]


@pytest.mark.parametrize("seed", [501, 509, 503])
@pytest.mark.parametrize("opener", OPENERS)
def test_default_address_request_changes_the_default_address(d, opener, seed):
    t = _play(d, "address", seed, [opener, "My email is {email}.", LABELLED, "yes"])
    _sound(t)
    calls = _calls(t)
    assert [c[0] for c in calls] == ["modify_user_address"], calls
    assert {k: v for k, v in calls[0][1].items() if k != "user_id"} == ELM  # (no old suite kept)
    assert "#W" not in " ".join(_said(t)[1:])  # no order proposed or said to ship anywhere


@pytest.mark.parametrize("seed", [501, 509])
def test_plain_yes_after_signin_writes_nothing(d, seed):
    """The tester's script: the profile's own address is never proposed as the new one."""
    t = _play(d, "address", seed, ["Could you please update the default address in my account? I've moved.",
                                   "My email is {email}.", "yes"])
    _sound(t)
    assert _calls(t) == []
    assert "What is the new address" in _said(t)[1]
    profile = d.scenario("address", seed)
    assert "To confirm" not in " ".join(_said(t)), profile


@pytest.mark.parametrize("seed", [501, 509])
def test_new_address_given_in_the_yes_goes_to_the_profile(d, seed):
    t = _play(d, "address", seed, ["Could you please update the default address in my account? I've moved.",
                                   "My email is {email}.", "Yes, my new address is 100 Elm Street, Denver, CO 80203.",
                                   "Yes."])
    _sound(t)
    assert [(n, a["address1"], a["zip"]) for n, a in _calls(t)] == [("modify_user_address", "100 Elm Street", "80203")]


@pytest.mark.parametrize("ask", [
    "Please ship order {pending_order_id} to the default address in my account.",
    "Change the address of order {pending_order_id} to the address on my profile.",
    "Send order {pending_order_id} to my default address please.",
    "Can order {pending_order_id} go to the address in my account instead?",
    "Use the default address on my account for order {pending_order_id}.",
])
@pytest.mark.parametrize("seed", [501, 509])
def test_near_miss_order_sent_to_the_profile_address(d, ask, seed):
    """A pointer to the profile's address for an order still moves that order there (the profile stays)."""
    t = _play(d, "address", seed, [ask, "{email}", "yes"])
    _sound(t)
    calls = _calls(t)
    assert [c[0] for c in calls] == ["modify_pending_order_address"], calls
    assert calls[0][1]["order_id"] == d.scenario("address", seed)["pending_order_id"]


@pytest.mark.parametrize("ask", [
    "Please change the address on my account and on my pending order {pending_order_id}.",
    "Update the default address in my profile and the shipping address of {pending_order_id} too.",
])
@pytest.mark.parametrize("seed", [501, 509])
def test_profile_and_order_both(d, ask, seed):
    t = _play(d, "address", seed, [ask, "{email}", "100 Elm Street, Denver, CO 80203", "yes", "yes"])
    _sound(t)
    assert sorted(c[0] for c in _calls(t)) == ["modify_pending_order_address", "modify_user_address"]
    assert all(c[1]["address1"] == "100 Elm Street" for c in _calls(t))


def test_whole_new_address_drops_the_old_unit_but_a_street_typo_keeps_it(d):
    lead = ["Please change the shipping address of {pending_order_id}.", "{email}", "12 Oak Road, Suite 5, Austin, TX 78701"]
    t = _play(d, "address", 512, lead + ["Actually, no - " + LABELLED, "yes"])
    _sound(t)
    assert [c[1]["address2"] for c in _calls(t)] == [""]
    t = _play(d, "address", 512, lead + ["typo, it's 13 Oak Road", "yes"])  # near miss: the same building
    _sound(t)
    assert [(c[1]["address1"], c[1]["address2"]) for c in _calls(t)] == [("13 Oak Road", "Suite 5")]


# --- C. no crash on a whole labelled address ---------------------------------------------------------------------
@pytest.mark.parametrize("lines", [
    ["Hi, I moved and need my default address on my profile updated.", "My email is {email}.",
     "The new address is " + LABELLED, "My default address please.", "Yes."],  # the tester's
    ["hi", "{email}", "The new address is " + LABELLED, "yes"],
    ["Please ship my pending order to my default address.", "{email}", "The new address is " + LABELLED, "yes"],
    ["hi", "{email}", "Address: 100 Elm Street\nCity: Denver\nState: CO\nZip: 80203", "yes"],
    ["hi", "{email}", "new address - street: 100 Elm Street, city: Denver, state: CO, zip: 80203", "yes"],
])
@pytest.mark.parametrize("seed", [503, 509])
def test_labelled_address_never_crashes(d, lines, seed):
    t = _play(d, "address", seed, lines)
    _sound(t)
    assert all(m.get("content") or m.get("tool_calls") for m in t.messages if m["role"] == "assistant")
    # (one write of the address given: the default address, or the order the customer spoke of just before)
    assert [c[1]["zip"] for c in _calls(t)] == ["80203"]
    if "pending order" not in lines[0]:
        assert _calls(t)[0][0] == "modify_user_address"


def test_address_in_pieces_still_asks_for_the_rest(d):
    t = _play(d, "address", 503, ["hi", "{email}", "Address: 100 Elm Street\nCity: Denver"])
    _sound(t)
    assert "What are the state and zip code?" in _said(t)[-1]


# --- G. one of two queued requests chosen -------------------------------------------------------------------------
PRE = {
    "cancel_plus": ["Hi, I need to cancel an order and return something from another.", "{email}",
                    "Please cancel {pending_order_id} because I ordered it by mistake, and return the {delivered_item} "
                    "from {delivered_order_id} to the original payment method."],
    "several_pending_edits": ["Hi, a couple of changes please.", "{email}",
                              "For order {pending_order_id}: ship it to {new_address} and change the {pending_item} to "
                              "{pending_option}."],
    "mixed_pending_delivered": ["Hello, two things today.", "{email}",
                                "Please change the shipping address of {pending_order_id} to {new_address}, and return "
                                "the {delivered_item} from {delivered_order_id}."],
}
FIRST = {"cancel_plus": "cancel_pending_order", "several_pending_edits": "modify_pending_order_address",
         "mixed_pending_delivered": "modify_pending_order_address"}
SECOND = {"cancel_plus": "return_delivered_order_items", "several_pending_edits": "modify_pending_order_items",
          "mixed_pending_delivered": "return_delivered_order_items"}
OTHER_ONLY = [
    "No, hold off on that one, just do the other.",  # the tester's
    "Just the second thing please.",
    "Hmm, wait on that. What about the second thing?",
    "Yes to the other request.",
    "nah skip that one, only do the other thing",
    "No thanks, I'd rather just do the second request.",
    "Leave that, just the other one please.",
]


@pytest.mark.parametrize("reply", OTHER_ONLY)
@pytest.mark.parametrize("seed", [503, 507])
@pytest.mark.parametrize("family", sorted(PRE))
def test_other_request_only(d, family, seed, reply):
    t = _play(d, family, seed, PRE[family] + [reply, "Yes, go ahead."])
    _sound(t)
    names = [c[0] for c in _calls(t)]
    assert FIRST[family] not in names, names
    assert names == [SECOND[family]], (names, _said(t)[-2:])
    assert _said(t)[-2].startswith("All right, I won't ")


@pytest.mark.parametrize("reply", ["Not that one - only the {delivered_item}.", "Only the {delivered_item} please."])
@pytest.mark.parametrize("seed", [503, 507, 512])
def test_other_request_named_by_its_item(d, seed, reply):
    t = _play(d, "mixed_pending_delivered", seed, PRE["mixed_pending_delivered"] + [reply, "Yes, go ahead."])
    _sound(t)
    assert [c[0] for c in _calls(t)] == ["return_delivered_order_items"]


@pytest.mark.parametrize("seed", [503, 507, 512])
def test_other_request_named_by_its_kind(d, seed):
    t = _play(d, "mixed_pending_delivered", seed, PRE["mixed_pending_delivered"] +
              ["Only the return please, leave the address.", "Yes, go ahead."])
    _sound(t)
    assert [c[0] for c in _calls(t)] == ["return_delivered_order_items"]


@pytest.mark.parametrize("reply", ["Do the other one first.", "I said both, but let's start with the other one."])
@pytest.mark.parametrize("seed", [503, 507])
@pytest.mark.parametrize("family", ["cancel_plus", "mixed_pending_delivered"])
def test_other_request_first_then_this_one(d, family, seed, reply):
    t = _play(d, family, seed, PRE[family] + [reply, "Yes, go ahead.", "yes"])
    _sound(t)
    assert [c[0] for c in _calls(t)] == [SECOND[family], FIRST[family]]


@pytest.mark.parametrize("seed", [503, 507])
def test_item_change_first_on_the_same_order_is_explained(d, seed):
    """After an item change the order can't be changed, so the address must come first: said, the proposal kept."""
    t = _play(d, "several_pending_edits", seed, PRE["several_pending_edits"] + ["Do the other one first."])
    _sound(t)
    assert "can't be changed any more, so this has to come first" in _said(t)[-1]
    assert _calls(t) == []


@pytest.mark.parametrize("reply,expected", [
    ("yes", "first"),
    ("No.", "none"),
    ("Yes please, and the other one too.", "none"),  # (as before: a plain yes asked for, nothing put aside)
])
@pytest.mark.parametrize("family", sorted(PRE))
def test_near_misses_keep_their_reading(d, family, reply, expected):
    t = _play(d, family, 507, PRE[family] + [reply])
    _sound(t)
    names = [c[0] for c in _calls(t)]
    assert names == ({"first": [FIRST[family]], "none": []}[expected]), names


@pytest.mark.parametrize("reply", ["No, the other one.", "No, just do the other thing."])
@pytest.mark.parametrize("seed", [501, 503])
def test_single_request_other_one_unchanged(d, reply, seed):
    """One request only: no other part to go on with, so nothing is written (the decline or the order question)."""
    t = _play(d, "cancel", seed, ["Cancel my pending order please, I no longer need it.", "{email}", reply])
    _sound(t)
    assert _calls(t) == []


# --- H. corrections right after a write ---------------------------------------------------------------------------
@pytest.mark.parametrize("fix", [
    "Oops, I gave the wrong zip, it should be 43216.",  # the tester's
    "wrong zip code sorry - 43216",
    "my bad, zip is 43216 not 78701",
    "the zip should be 43216",
])
def test_zip_corrected_after_an_order_address_write(d, fix):
    t = _play(d, "address", 503, ["Please change the shipping address of {pending_order_id} to {new_address}.",
                                  "{email}", "yes", fix, "yes"])
    _sound(t)
    calls = _calls(t)
    assert [c[1]["zip"] for c in calls] == ["78701", "43216"], calls
    assert calls[1][1]["address1"] == calls[0][1]["address1"]


def test_street_corrected_after_an_order_address_write(d):
    t = _play(d, "address", 503, ["Please change the shipping address of {pending_order_id} to {new_address}.",
                                  "{email}", "yes", "typo in the street, it's 39 Maple Drive", "yes"])
    _sound(t)
    assert [c[1]["address1"] for c in _calls(t)][-1] == "39 Maple Drive"


def test_zip_corrected_after_a_default_address_write(d):
    t = _play(d, "address", 503, ["Please update my default address to 12 Oak Road, Austin, TX 78701.", "{email}",
                                  "yes", "Oops, wrong zip, it should be 78702", "yes"])
    _sound(t)
    assert [(c[0], c[1]["zip"]) for c in _calls(t)] == [("modify_user_address", "78701"), ("modify_user_address", "78702")]


@pytest.mark.parametrize("after", ["thanks, bye", "Also, please update my default address to the same."])
def test_near_miss_after_an_address_write(d, after):
    t = _play(d, "address", 503, ["Please change the shipping address of {pending_order_id} to {new_address}.",
                                  "{email}", "yes", after])
    _sound(t)
    assert "To confirm, I will change the shipping address" not in _said(t)[-1]


@pytest.mark.parametrize("ask", [
    "Wait, can the refund go to my paypal instead?",
    "Actually, can I get the money back on paypal instead?",
    "put the refund on a different card instead pls",
])
def test_refund_method_after_a_return(d, ask):
    t = _play(d, "return", 503, ["I want to return the {delivered_item} from {delivered_order_id}.", "{email}", "yes", ask])
    _sound(t)
    o = d.scenario("return", 503)["delivered_order_id"]
    assert f"The return for order {o} is already requested, with the refund going to" in _said(t)[-1]
    assert len(_calls(t)) == 1


def test_refund_to_the_method_it_already_goes_to(d):
    t = _play(d, "return", 503, ["I want to return the {delivered_item} from {delivered_order_id}.", "{email}", "yes",
                                 "Wait, can the refund go to my gift card instead?"])  # the tester's
    _sound(t)
    assert "already goes to your gift card" in _said(t)[-1]


def test_near_miss_refund_timing_after_a_return(d):
    t = _play(d, "return", 503, ["I want to return the {delivered_item} from {delivered_order_id}.", "{email}", "yes",
                                 "When will I get my refund?"])
    _sound(t)
    assert "business days" in _said(t)[-1]


@pytest.mark.parametrize("fix,expected", [
    ("make it leather instead of 10", "11, leather, yes"),  # the tester's
    ("actually leather rather than 10 please", "11, leather, yes"),
    ("make it size 9 instead of 10", "9, leather, yes"),  # near miss: the size itself changed (9 synthetic is out)
])
def test_option_instead_of_another_kind(d, fix, expected):
    t = _play(d, "exchange", 502, ["I want to exchange the hiking boots from {delivered_order_id} for size 10.", "{email}",
                                   fix])
    _sound(t)
    assert f"-> ({expected}," in _said(t)[-1]
