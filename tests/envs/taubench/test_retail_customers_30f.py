"""Retail customers played against the fault-free clerk (thirtieth session, sixth retail fix).

The cases come from the retail-customers-7 sweep (/work/h30/retail-customers-7/report.md §6): after an order's
address was changed, "oh no, the zip should be 78702, can you fix it?" got the menu, "also send W8327915 there too"
and "sorry wrong order, I meant W8327915, please undo the first one" got that order's contents, "and the other
pending order too please" got the menu, "can you confirm the new address?" asked for a new address (c87), and
"what's my default address?" then "change it to 12 Elm St ..." asked whether the default address or an order's was
meant (c34). The tester's words are used and others beside them, each with a twin that must keep its own reading (a
new request on another order, a goodbye, a change of an order's address named by its id). Each conversation is also
checked for soundness: no failed turn, no verifier violation, each write right after a yes to the proposal that
named it.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.taubench.test_unseen_retail_customers import _calls, _said, _sound

AVA = "ava.lopez3569@example.com"  # pending #W8327915 (gift card), pending #W5911003 (Mastercard), delivered #W2941275
ELM = "12 Elm St Apt 4, Austin TX 78701"
MOVED = [AVA, f"ship W5911003 to {ELM}", "yes"]  # #W5911003 now ships to 12 Elm St


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def _play(d, lines, family="address"):
    sc = d.scenario(family, d.heldout_seeds[911])
    return play_messages(d, sc, d.make_target("reference", []), lines, "customers-30f")


def _addresses(t):
    return [(a["order_id"], a["zip"]) for _, a in _calls(t, ("modify_pending_order_address",))]


@pytest.mark.parametrize("fix", ["oh no, the zip should be 78702, can you fix it?",
                                 "oops, wrong zip, it's 78702",
                                 "sorry the zip code is actually 78702 not 78701"])
def test_a_zip_corrected_after_the_write_is_proposed_for_the_same_order(d, fix):
    t = _play(d, MOVED + [fix, "yes", "no"])
    _sound(t)
    assert _addresses(t) == [("#W5911003", "78701"), ("#W5911003", "78702")]


@pytest.mark.parametrize("more", ["also send W8327915 there too", "can you ship W8327915 to the same address as well?",
                                  "and the other pending order too please", "do my other order too"])
def test_another_order_sent_there_too_gets_the_same_address(d, more):
    t = _play(d, MOVED + [more, "yes", "no"])
    _sound(t)
    assert _addresses(t) == [("#W5911003", "78701"), ("#W8327915", "78701")]


@pytest.mark.parametrize("meant", ["sorry wrong order, I meant W8327915, please undo the first one",
                                   "oh no, that was the wrong order, I meant W8327915"])
def test_wrong_order_after_the_write_says_what_stays_and_proposes_the_order_meant(d, meant):
    t = _play(d, MOVED + [meant, "yes", "no"])
    _sound(t)
    reply = _said(t)[3]
    assert "#W5911003" in reply and "already gone through" in reply and "change it back" in reply
    assert "#W8327915" in reply and "To confirm" in reply
    assert _addresses(t) == [("#W5911003", "78701"), ("#W8327915", "78701")]


def test_another_request_on_the_other_order_is_not_read_as_an_address(d):
    t = _play(d, MOVED + ["also cancel W8327915 please", "no longer needed", "no", "no"])
    _sound(t)
    assert _addresses(t) == [("#W5911003", "78701")]
    assert "cancel" in _said(t)[3].lower() and "ship" not in _said(t)[3]


@pytest.mark.parametrize("ask", ["can you confirm the new address?", "what's the new address again?",
                                 "can you read back the address please?"])
def test_asked_to_confirm_the_address_written_it_is_read_back(d, ask):
    t = _play(d, MOVED + [ask, "no"])
    _sound(t)
    reply = _said(t)[3]
    assert "#W5911003" in reply and "12 Elm St" in reply and "78701" in reply and "What is the new address" not in reply
    assert _addresses(t) == [("#W5911003", "78701")]


def test_a_goodbye_after_the_write_still_closes(d):
    t = _play(d, MOVED + ["thanks, that's all"])
    _sound(t)
    assert t.meta.stop == "target_ended"


@pytest.mark.parametrize("change", [f"change it to {ELM}", f"please update that to {ELM}"])
def test_it_after_the_default_address_is_read_back_is_the_default_address(d, change):
    t = _play(d, [AVA, "what's my default address?", change, "yes", "no"])
    _sound(t)
    assert [a["zip"] for _, a in _calls(t, ("modify_user_address",))] == ["78701"]


def test_an_order_named_after_the_default_address_is_read_back_is_that_orders_address(d):
    t = _play(d, [AVA, "what's my default address?", f"change the address of W5911003 to {ELM}", "yes", "no"])
    _sound(t)
    assert _addresses(t) == [("#W5911003", "78701")]
    assert not _calls(t, ("modify_user_address",))


# --- faults-6 §3b: one apology when a bare yes is asked for more -----------------------------------------------------
@pytest.mark.parametrize("ask", ["my skateboard from #W8998368 is broken, can I get the same one as a replacement?",
                                 "can I swap the skateboard in W8998368 for the exact same one?"])
def test_a_bare_yes_to_a_refusal_with_a_question_gets_one_apology(d, ask):
    sc = d.scenario("exchange", 1000611)
    t = play_messages(d, sc, d.make_target("reference", []), ["hi mason.li4862@example.com", ask, "yes"], "customers-30f")
    _sound(t)
    first, last = _said(t)[1], _said(t)[2]
    assert first.startswith("I'm sorry, an exchange")  # the refusal's own apology, said once
    assert last.startswith("Sorry, I need a bit more than a yes there. An exchange has to be")
    assert last.lower().count("sorry") == 1


def test_a_bare_yes_to_a_plain_question_keeps_the_question_whole(d):
    t = _play(d, [AVA, "exchange the water bottle in W2941275 please", "yes"], family="exchange")
    _sound(t)
    asked, again = _said(t)[1], _said(t)[2]
    assert again.startswith("Sorry, I need a bit more than a yes there. ") and again.endswith(asked)
