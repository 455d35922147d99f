"""Asking for a person, as both reference agents read it (probe.targets.phrases.asks_for_person).

Played before this, against the fault-free retail clerk: "no need for a supervisor or anything,
just cancel #W..., ordered by mistake", "my manager ordered #W... for me by mistake, pls cancel"
and "the sales representative told me i could return my smartphone" were each transferred to a
human at once, before sign-in (any "supervisor", "manager" or "representative" was a request).
"""

from __future__ import annotations

import pytest

from probe.core.episode import Episode
from probe.core.registry import get_domain
from probe.targets.phrases import asks_for_person

ASKS = ["Can I talk to a human please?", "I'd like to speak to a real person.", "Please transfer me to a human agent.",
        "Can I get a supervisor?", "I want a live agent, not a bot.", "Is there a representative I can talk to?",
        "Could you put me through to someone real?", "human", "agent please", "get me a manager",
        "let me talk to customer service", "escalate this", "I need a real person now", "transfer me",
        "can i speak to someone", "I demand to speak with a supervisor", "Representative!"]
MENTIONS = ["no need for a supervisor or anything, just cancel it", "my manager ordered it for me by mistake",
            "the sales representative told me i could return my smartphone", "are you a human?",
            "I'm a human resources manager", "I don't need to talk to a person, just cancel it", "no human needed",
            "the agent on the phone said so", "I need someone to check my order", "I want a refund"]


@pytest.mark.parametrize("text", ASKS)
def test_a_request_for_a_person_is_read(text):
    assert asks_for_person(text)


@pytest.mark.parametrize("text", MENTIONS)
def test_a_person_mentioned_or_declined_is_no_request(text):
    assert not asks_for_person(text)


@pytest.mark.parametrize("line,reason", [
    ("{email} no need for a supervisor or anything, just cancel {pending_order_id}, ordered by mistake", "ordered by mistake"),
    ("{email} my manager ordered {pending_order_id} for me by mistake, pls cancel", "ordered by mistake"),
])
def test_the_retail_clerk_does_not_transfer_a_mention(line, reason):
    d = get_domain("taubench-retail")
    sc = d.scenario("transfer", d.heldout_seeds[903])
    ep = Episode(d, sc, d.make_target("reference", []))
    ep.user_turn(line.format(**{k: v for k, v in sc.items() if isinstance(v, str)}))
    names = [tc["function"]["name"] for m in ep.messages for tc in m.get("tool_calls") or []]
    assert "transfer_to_human_agents" not in names
    assert f"because it is '{reason}'" in ep.messages[-1]["content"], ep.messages[-1]["content"]
