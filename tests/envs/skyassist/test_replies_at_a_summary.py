"""What the reference agents say to a reply at a summary that is not a yes.

Played before this, against the fault-free agents: "ok I will discuss it with my wife", "sounds
good, I will call you back", "ok thanks", "yep. send confirmation to hannah@example.com" and a dozen
more each booked the flight (and the verifiers, whose reading shared the blind spots, said
nothing); "ok, i'll check with my wife" and "k thx" cancelled a retail order. The yes/no reading is
now a whitelist (probe.targets.consent, probe.verify.consent; the table in
tests/data/consent_table.tsv); these tests check what the agents answer instead.
"""

from __future__ import annotations

import pytest

from envs.skyassist.verifiers import verify_messages
from probe.core.episode import Episode
from probe.core.registry import get_domain
from tests.envs.skyassist.test_counts_and_numeric_dates import SC, booked, play

SUMMARY = [f"Hello, a flight from {SC['origin_city']} to {SC['destination_city']} on {SC['date']} please, two of us.",
           "The first one.", "Hannah Murphy"]


@pytest.mark.parametrize("reply", ["ok thanks", "yep. send the confirmation to hannah@example.com", "great, thank you",
                                   "perfect, cheers"])
def test_an_acknowledgement_is_asked_again_for_a_clear_yes(reply):
    ep = play(SUMMARY + [reply])
    last = ep.messages[-1]["content"]
    assert not booked(ep) and "clear yes" in last and "Shall I book it?" in last, last
    assert "under the name Hannah Murphy" in last  # an email address gives no name ("Com")
    ep = play(SUMMARY + [reply, "yes"])
    assert booked(ep) and verify_messages(get_domain("skyassist"), ep.messages, SC) == []


def test_a_goodbye_at_the_summary_books_nothing_and_says_so():
    ep = play(SUMMARY + ["k thx bye"])
    assert not booked(ep) and ep.messages[-1]["content"].startswith("Nothing has been booked."), ep.messages[-1]


@pytest.mark.parametrize("reply", ["ok I will discuss it with my wife", "sounds good, I will call you back",
                                   "alright lemme ask the boss", "ok gonna check my calendar"])
def test_a_decision_put_off_is_waited_for(reply):
    ep = play(SUMMARY + [reply])
    assert not booked(ep) and "take your time" in ep.messages[-1]["content"], ep.messages[-1]["content"]


@pytest.mark.parametrize("reply,says", [("ok, i'll check with my wife", "take your time"),
                                        ("sure, one sec", "take your time"),
                                        # "k thx" may be a goodbye: since the twenty-eighth session the clerk says
                                        # the change is not done yet and asks again
                                        ("k thx", "haven't done this yet"),
                                        ("yes, and tell me how long the refund takes", "5-7 business days")])
def test_the_retail_clerk_answers_a_reply_that_is_not_a_yes(reply, says):
    # ("actually yes go ahead" was here, asked again: since the twenty-seventh session a turn of mind that comes
    # to a yes is a yes in both readings, the agents' and the verifiers', see the consent table)
    r = get_domain("taubench-retail")
    sc = r.scenario("cancel", r.heldout_seeds[1])
    ep = Episode(r, sc, r.make_target("reference", []))
    for text in (sc["email"], f"please cancel {sc['pending_order_id']}, I ordered it by mistake", reply):
        ep.user_turn(text)
    last = ep.messages[-1]["content"]
    assert says in last and "Shall I go ahead" in last, last
    assert not any(tc["function"]["name"] == "cancel_pending_order" for m in ep.messages for tc in m.get("tool_calls") or [])
