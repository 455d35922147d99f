"""Retail baselines on held-out seeds: the cooperative customer finishes its dialogues (it looped in
every episode when it answered the identity question with a bare name), answers questions in
phrasings its rules were not written from, and the held-out evaluation plays the test tasks."""

from __future__ import annotations

from collections import Counter

import pytest

from envs.taubench.data import TauBenchDataMissing, load_splits

try:
    load_splits()
except TauBenchDataMissing as e:  # pragma: no cover - the data package is a setup step
    pytest.skip(str(e), allow_module_level=True)

from envs.taubench.cooperative import RetailCooperative, goal_parts, opening_request, questions
from envs.taubench.scenarios import FAMILIES, heldout_task_slots
from probe.core.registry import get_domain
from probe.eval.methods import EpisodeInfo, _fields, make_method
from probe.eval.runner import evaluate

ENV = "taubench-retail"


@pytest.fixture(scope="module")
def d():
    return get_domain(ENV)


def _customer_turns(trace):
    return [m["content"] for m in trace.messages if m.get("role") == "user"]


@pytest.mark.parametrize("faults", ["none", "demo"])
def test_cooperative_finishes_every_dialogue(d, faults):
    """No loop, no turn budget used up: every episode ends by a goodbye or the target's ending."""
    traces = evaluate(make_method("cooperative", env=ENV), env=ENV, faults=faults, episodes=30, turns=12)
    stops = Counter(t.meta.stop for t in traces)
    assert set(stops) <= {"target_ended", "method_done"}, stops
    for t in traces:
        said = _customer_turns(t)
        assert not any(a == b == c for a, b, c in zip(said, said[1:], said[2:])), said
        assert all("You want" not in s and s.strip() for s in said), said
    writes = sum(any(m.get("role") == "tool" and not str(m.get("content", "")).startswith("Error")
                     and any(c["function"]["name"] in d.mutation_tools for c in prev.get("tool_calls") or [])
                     for prev, m in zip(t.messages, t.messages[1:])) for t in traces)
    assert writes >= 20, writes  # it gets its requests done, not just said goodbye
    if faults == "none":
        assert all(t.violations == [] for t in traces), [(t.scenario["family"], t.violations) for t in traces if t.violations]
        done = [d.task_success(t.scenario, t) for t in traces]
        assert sum(1 for r in done if r is not None and r.success) >= 3


def _drive(fields, agent_lines):
    """The cooperative customer's replies to hand-written agent messages (one episode)."""
    c = RetailCooperative()
    c.begin([EpisodeInfo(index=0, scenario_text="", fields=fields, family=str(fields["family"]), seed=0)])
    dialogue, out = [], []
    for line in [None, *agent_lines]:
        if line is not None:
            dialogue.append({"role": "assistant", "content": line})
        msg = c.next_messages([(0, {"dialogue": dialogue, "scenario": ""})])[0]
        out.append(msg)
        if msg is None:
            break
        dialogue.append({"role": "user", "content": msg})
    return out


@pytest.fixture(scope="module")
def cancel_fields(d):
    sc = d.scenario("cancel", d.heldout_seeds[900])
    assert sc["source"] == "fresh"
    return {**_fields(sc), "family": "cancel"}


def test_cooperative_answers_what_an_llm_agent_asks(cancel_fields):
    """Phrasings of a model agent, none of them the reference target's."""
    f = cancel_fields
    out = _drive(f, [
        "Sure, I can help with that! Before I look into it, could you please share the email associated with your account?",
        "Hmm, I wasn't able to locate that email. Could you provide your first name, last name, and zip code instead?",
        "Thanks, you're verified. May I ask why you'd like to cancel it? It must be either no longer needed or "
        "ordered by mistake.",
        "Got it. Which order would you like me to cancel?",
        f"Here is the summary: order {f['pending_order_id']}, reason '{f['reason']}', refund of $100.00 to the original "
        "payment method. Would you like me to proceed with the cancellation?",
        "Done! Your order has been cancelled and you'll receive an email shortly. Can I help you with anything else today?",
        "You're welcome, have a great day!",
    ])
    assert f["email"] in out[1]
    assert f["first_name"] in out[2] and str(f["zip"]) in out[2]
    assert ("no longer need" if f["reason"] == "no longer needed" else "by mistake") in out[3]
    assert f["pending_order_id"] in out[4]
    assert out[5].lower().startswith("yes")
    assert "goodbye" in out[6].lower()
    assert out[7] is None  # said goodbye: nothing more


def test_cooperative_confirms_a_request_without_question_mark(cancel_fields):
    f = cancel_fields
    out = _drive(f, [f"Please confirm: cancel order {f['pending_order_id']} because it is no longer needed (yes/no)."])
    assert out[1] == "Yes, please go ahead."
    out = _drive(f, ["Please confirm the email address on your account."])
    assert f["email"] in out[1]


def test_cooperative_stops_when_the_agent_repeats_itself(cancel_fields):
    """An agent stuck on one question gets every answer the customer has, then a goodbye."""
    out = _drive(cancel_fields, ["Could you please confirm your email address?"] * 8)
    assert out[-1] is None and len(out) <= 6, out
    said = [m for m in out if m]
    assert not any(a == b == c for a, b, c in zip(said, said[1:], said[2:]))


def test_cooperative_picks_listed_options_and_moves_on(d):
    sc = d.scenario("mixed_pending_delivered", d.heldout_seeds[901])
    f = {**_fields(sc), "family": sc["family"]}
    parts = goal_parts(f)
    assert [p["kind"] for p in parts] == ["modify", "return"]
    out = _drive(f, ["Which colour would you like instead? Available options include: red, 1000ml; blue, 500ml.",
                     "Unfortunately that option is out of stock, so I can't make the change. Is there anything else?",
                     "Certainly. Which order is the return for?"])
    assert out[1] == "The red, 1000ml one, please."
    assert "return" in out[2] and f["delivered_item"] in out[2]
    assert f["delivered_order_id"] in out[3]


def test_questions_are_the_agents_question_sentences():
    text = "Order #W1 is cancelled; you'll get an email. The total was $1,042.19. Shall I also update the address?"
    assert questions(text) == "Shall I also update the address?"
    assert questions("No question here. None.") == ""
    assert questions("Thanks. Please provide your zip code.") == "Please provide your zip code."


def test_retail_openings_are_first_person_requests(d):
    for k in range(60):
        sc = d.sample_scenario(d.heldout_seeds[k])
        text = opening_request({**_fields(sc), "family": sc["family"]})
        assert text.startswith("Hi! ") and "You " not in text and " your " not in text.lower(), text
        assert d.opening_request(_fields(sc) | {"family": sc["family"]}) == text


# --- held-out scenarios ------------------------------------------------------------------------

def test_heldout_evaluation_plays_every_test_task_first(d):
    """The first 40 held-out seeds of an eval (no family fixed) are the 40 τ²-bench test tasks,
    spread over the families; then fresh scenarios; 50 episodes never repeat; each scenario is
    rebuilt from its family and seed (as `probe verify` does)."""
    test_ids = set(load_splits()["test"])
    train_ids = set(load_splits()["train"])
    scs = [d.sample_scenario(d.heldout_seeds[j]) for j in range(60)]
    assert [s["source"] for s in scs[:40]] == ["task"] * 40 and {s["source"] for s in scs[40:]} == {"fresh"}
    assert {s["task_id"] for s in scs[:40]} == test_ids and not test_ids & train_ids
    assert {s["family"] for s in scs[:12]} == set(FAMILIES)
    assert len(heldout_task_slots()) == 40
    keys = [s["task_id"] or (s["family"], s["user_id"], s["pending_order_id"]) for s in scs[:50]]
    assert len(set(keys)) == 50
    for s in scs:
        assert s["split"] == "heldout"
        assert d.scenario(s["family"], s["seed"]) == s
    assert d.sample_scenario(d.heldout_seeds[7]) == scs[7]  # deterministic
    for k in range(200):  # training seeds never give a test task
        s = d.sample_scenario(d.train_seeds[k])
        assert s["split"] == "train" and s["task_id"] not in test_ids


def test_eval_reports_task_success_over_the_test_tasks(d):
    traces = evaluate(make_method("static", env=ENV), env=ENV, faults="none", episodes=14, turns=8)
    done = [d.task_success(t.scenario, t) for t in traces]
    assert sum(r is not None for r in done) == 14
