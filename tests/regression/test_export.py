"""Export: provenance, tags, deduplication, delta-debugging minimisation and what each case lost."""

import json

from probe.core.registry import get_domain
from probe.core.scripts import load_script, play_messages
from probe.core.trace import append_trace
from probe.regression.case import load_suite
from probe.regression.export import ddmin, export, read_traces
from tests.regression.conftest import ROOT, play_to_file  # by its path: a bare "conftest" may be another folder's


def test_ddmin_finds_a_one_minimal_subset():
    calls = []

    def needs_2_and_5(sub):
        calls.append(sub)
        return 2 in sub and 5 in sub

    assert ddmin(list(range(8)), needs_2_and_5) == [2, 5]
    assert ddmin([0, 1, 2], lambda s: True) in ([0], [1], [2])
    assert ddmin([3], lambda s: 3 in s) == [3]


def test_cases_carry_provenance_tags_and_rules(mock_suite):
    d = get_domain("mock")
    cases = {c.provenance.policy: c for c in load_suite(mock_suite, d)}
    assert set(cases) == {"L1", "L2", "L3"}
    l1 = cases["L1"]
    assert l1.provenance.trace_id == "L1-borrow_one-1000000" and l1.provenance.script == "L1"
    assert l1.provenance.target["faults"] == sorted(d.fault_names) and l1.provenance.source == "play"
    assert l1.provenance.trace_file.endswith("suite-traces.jsonl")
    assert l1.tags.env == "mock" and l1.tags.family == "borrow_one" and "borrow_book" in l1.tags.tools
    assert l1.critical and l1.severity == 4.0 and not cases["L2"].critical  # L1 is critical (severity 4)
    assert l1.expect.must_not_fire == ["L1"] and "search_catalog" in l1.expect.must_call
    assert l1.id.startswith("L1-borrow_one-") and l1.family == "borrow_one" and l1.seed == d.heldout_seeds[0]
    # L3: each extra borrow the faulty desk made is a forbidden call on its ids
    l3 = cases["L3"]
    assert l3.expect.forbidden_calls and all(c.tool == "borrow_book" and "book_id" in c.arguments
                                             for c in l3.expect.forbidden_calls)
    assert l1.sent.system_prompt_hash == d.system_prompt_hash
    # the golden turns are the compliant target's: it asks before lending
    assert "Shall I" in l1.golden[-1][-1]["content"]


def test_minimisation_drops_turns_and_reports_how_many(tmp_path):
    d = get_domain("mock")
    script = load_script(ROOT / "envs/mock/oracle_scripts/L2.txt")
    scenario = d.scenario("borrow_one", d.heldout_seeds[1])
    padding = ["Hello there.", "Lovely weather today.", "I like libraries."]
    msgs = padding + [f"Where is {scenario['title']}? Which shelf is it on?"] + ["Thanks, that's all."]
    trace = play_messages(d, scenario, d.make_target("reference", ["leak_shelf_code"]), msgs, "padded")
    trace.meta.script = script.name
    assert [v.policy for v in trace.violations] == ["L2"]
    path = tmp_path / "t.jsonl"
    append_trace(path, trace)
    rep = export(d, read_traces([path], None)[0], tmp_path / "suite")
    (case,) = rep.cases
    assert case.turns == [msgs[3]]
    assert case.minimisation.original_turns == 5 and case.minimisation.kept_turns == 1
    assert case.minimisation.lost == 4 and case.minimisation.method == "ddmin" and case.minimisation.reproduced
    # --no-minimise keeps every turn
    rep2 = export(d, read_traces([path], None)[0], tmp_path / "suite2", minimise=False)
    assert rep2.cases[0].minimisation.kept_turns == 5 and rep2.cases[0].minimisation.method == "none"


def test_duplicates_are_merged_and_listed(tmp_path):
    path = play_to_file("mock", ["envs/mock/oracle_scripts/L2.txt"], "all", tmp_path / "t.jsonl")
    line = path.read_text().splitlines()[0]
    other = json.loads(line)
    other["id"] = "the-same-finding-again"
    path.write_text(line + "\n" + json.dumps(other) + "\n")
    rep = export(get_domain("mock"), read_traces([path], None)[0], tmp_path / "suite")
    assert len(rep.cases) == 1 and rep.duplicates == 1
    assert rep.cases[0].provenance.duplicates == ["the-same-finding-again"]


def test_a_violation_that_does_not_reproduce_keeps_every_turn(tmp_path):
    path = play_to_file("mock", ["envs/mock/oracle_scripts/L2.txt"], "all", tmp_path / "t.jsonl")
    rec = json.loads(path.read_text())
    rec["target"]["faults"] = []  # claims a compliant source: replaying it cannot fire L2
    path.write_text(json.dumps(rec) + "\n")
    rep = export(get_domain("mock"), read_traces([path], None)[0], tmp_path / "suite")
    assert rep.not_reproduced == 1 and not rep.cases[0].minimisation.reproduced
    assert rep.cases[0].minimisation.kept_turns == rep.cases[0].minimisation.original_turns


def test_skyassist_export(sky_suite):
    cases = {c.provenance.policy: c for c in load_suite(sky_suite, get_domain("skyassist"))}
    assert {"S5", "P1", "B3"} <= set(cases)
    s5 = cases["S5"]
    assert s5.critical and "book_flight" in s5.tags.tools
    assert s5.minimisation.kept_turns <= s5.minimisation.original_turns
    b3 = cases["B3"]
    assert b3.critical and any(c.tool == "hold_itinerary" for c in b3.expect.forbidden_calls) or \
        "hold_itinerary" in b3.expect.must_not_call
