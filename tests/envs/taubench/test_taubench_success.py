"""τ²-bench's own success check on retail task scenarios (envs/taubench/success.py, Domain.task_success)."""

from __future__ import annotations

import json

import pytest

from envs.taubench.data import load_tasks
from envs.taubench.scenarios import tasks_by_family
from envs.taubench.success import TaskSuccess, gold_changes
from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from probe.core.trace import Trace

TASKS = {t["id"]: t for t in load_tasks()}


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


def scenario_of(d, task_id):
    """The scenario made from a task: walk the (split, family) lists to its seed."""
    for (split, family), ids in tasks_by_family().items():
        if task_id in ids:
            seeds = d.train_seeds if split == "train" else d.heldout_seeds
            s = d.scenario(family, seeds[ids.index(task_id)])
            assert s["task_id"] == task_id
            return s
    raise KeyError(task_id)


def gold_messages(task_id, say=None):
    """An agent that performs the task's gold actions, one call per message, then says ``say``."""
    msgs = [{"role": "user", "content": "hi"}]
    for i, a in enumerate(TASKS[task_id]["evaluation_criteria"]["actions"]):
        msgs.append({"role": "assistant", "content": None, "tool_calls": [
            {"id": f"c{i}", "type": "function", "function": {"name": a["name"], "arguments": json.dumps(a["arguments"])}}]})
        msgs.append({"role": "tool", "tool_call_id": f"c{i}", "content": "(result)"})
    if say is not None:
        msgs.append({"role": "assistant", "content": say})
    return msgs


def info(task_id):
    return TASKS[task_id]["evaluation_criteria"]["communicate_info"]


def test_every_task_succeeds_with_its_gold_actions_and_its_information(d):
    for task_id in TASKS:
        said = "Here you go: " + "; ".join(info(task_id)) + "."
        r = d.task_success(scenario_of(d, task_id), gold_messages(task_id, said))
        assert isinstance(r, TaskSuccess) and r.success and r.db_match and r.info_match, (task_id, r)


def test_a_target_that_refuses_everything_fails_every_write_task(d):
    write_tasks = [t for t in TASKS if gold_changes(t)]
    assert len(write_tasks) >= 90
    refuse = [{"role": "user", "content": "please help"},
              {"role": "assistant", "content": "Sorry, I can't help with that."}]
    for task_id in write_tasks:
        r = d.task_success(scenario_of(d, task_id), refuse)
        assert not r.success and not r.db_match and r.db_diff, task_id


def test_the_reference_target_refusing_without_a_yes_fails_a_real_cancel_task(d):
    task_id = next(t for t in TASKS if [a["name"] for a in TASKS[t]["evaluation_criteria"]["actions"]
                                       if a["name"] == "cancel_pending_order"] and
                   len({a["arguments"].get("order_id") for a in TASKS[t]["evaluation_criteria"]["actions"]}) <= 3)
    s = scenario_of(d, task_id)
    trace = play_messages(d, s, d.make_target("reference", []),
                          [f"I'm {s['first_name']} {s['last_name']}, zip {s['zip']}.",
                           f"Cancel {s['pending_order_id']}, I no longer need it.", "No, don't.", "bye"], "t")
    r = d.task_success(s, trace)
    assert r is not None and not r.db_match and not r.success


def test_info_only_task_succeeds_only_when_the_information_is_said(d):
    task_id = "24"  # no actions at all; the customer asks about fabrics
    assert TASKS[task_id]["evaluation_criteria"]["actions"] == [] and info(task_id)
    s = scenario_of(d, task_id)
    silent = d.task_success(s, gold_messages(task_id, "I'm not sure what the material is."))
    assert silent.db_match and not silent.info_match and not silent.success
    assert set(silent.missing_info) == {"polyester", "cotton"}
    half = d.task_success(s, gold_messages(task_id, "One of them is Polyester."))
    assert half.missing_info == ("cotton",) and not half.success
    said = d.task_success(s, gold_messages(task_id, "The first is POLYESTER, the second one is cotton."))
    assert said.success and said.missing_info == ()


def test_amounts_compare_without_thousands_commas_and_only_in_assistant_text(d):
    task_id = "33"  # modify_user_address; the agent must tell 1093.34
    s = scenario_of(d, task_id)
    assert d.task_success(s, gold_messages(task_id, "The total is $1,093.34.")).success
    told_by_user = gold_messages(task_id, "Done.") + [{"role": "user", "content": "so it was 1093.34?"}]
    r = d.task_success(s, told_by_user)
    assert r.db_match and not r.info_match


def test_a_different_write_is_a_database_mismatch(d):
    task_id = next(t for t in TASKS if [a for a in TASKS[t]["evaluation_criteria"]["actions"]
                                       if a["name"] == "cancel_pending_order"])
    msgs = gold_messages(task_id, " ".join(info(task_id)))
    for m in msgs:  # same call, the other reason
        for tc in m.get("tool_calls") or []:
            args = json.loads(tc["function"]["arguments"])
            if tc["function"]["name"] == "cancel_pending_order":
                args["reason"] = "ordered by mistake" if args["reason"] == "no longer needed" else "no longer needed"
                tc["function"]["arguments"] = json.dumps(args)
    r = d.task_success(scenario_of(d, task_id), msgs)
    assert not r.db_match and r.db_diff and all(k.startswith("orders/") for k in r.db_diff)


def test_failed_and_repeated_calls_replay_like_the_original(d):
    """A call that fails changes nothing; a read-only extra call changes nothing."""
    task_id = "0"
    msgs = gold_messages(task_id, " ".join(info(task_id)))
    extra = [{"role": "assistant", "content": None, "tool_calls": [
        {"id": "x1", "type": "function", "function": {"name": "cancel_pending_order",
                                                       "arguments": json.dumps({"order_id": "#W0000000", "reason": "x"})}}]},
             {"role": "tool", "tool_call_id": "x1", "content": "Error"},
             {"role": "assistant", "content": None, "tool_calls": [
                 {"id": "x2", "type": "function", "function": {"name": "list_all_product_types", "arguments": "{}"}}]},
             {"role": "tool", "tool_call_id": "x2", "content": "{}"}]
    assert d.task_success(scenario_of(d, task_id), msgs[:1] + extra + msgs[1:]).success


def test_fresh_scenarios_have_no_verdict_and_traces_in_any_form_are_read(d):
    fresh = d.scenario("cancel", d.heldout_seeds[60])
    assert fresh["source"] == "fresh" and d.task_success(fresh, []) is None
    s = scenario_of(d, "24")
    msgs = gold_messages("24", "polyester and cotton")
    trace = Trace(id="t", env=d.name, seed=0, scenario=s, target={}, messages=msgs)
    r = d.task_success(s, trace)
    assert r.success
    assert d.task_success(s, trace.to_json()) == r == d.task_success(s, msgs)
    assert r.to_json()["missing_info"] == [] and json.dumps(r.to_json())
