"""`probe regress export` re-scores every trace and goes on past a bad one (session 31, traces-8 F1, F4, F5).

Before, the cases followed the stored ``violations``: a real S5 trace stored with ``[]`` or no field
gave no case and a clean trace with a made-up S5 gave one; an unknown family was "internal error
... (a bug)"; the first bad line stopped the export; a directory was "trace file not found".
"""

from __future__ import annotations

import json

from typer.testing import CliRunner

from probe.cli.main import app
from probe.regression.export import load_traces, read_traces
from tests.core.test_traces_31 import sky, write

runner = CliRunner()


def export(*args):
    return runner.invoke(app, ["regress", "export", *map(str, args)])


def lines(r, kind):
    return [x for x in r.stderr.splitlines() if x.startswith(kind + ":")]


def test_cases_follow_the_rescored_violations_with_one_warning_per_differing_trace(tmp_path):
    no_field = {k: v for k, v in sky("s5").items() if k != "violations"}
    no_field["id"] = "no-field"
    empty = {**sky("s5"), "id": "stored-empty", "violations": []}
    fake = {**sky("ok"), "id": "fake-s5", "violations": [{"policy": "S5", "message_index": 8}]}
    honest = {**sky("s5"), "id": "honest"}
    src = write(tmp_path / "t.jsonl", [no_field, empty, fake, honest])
    got = load_traces([src], None)
    assert got.errors == [] and got.differ == 3
    assert {t.id: [v.policy for v in t.violations] for _, t in got.traces} == {
        "no-field": ["S5"], "stored-empty": ["S5"], "fake-s5": [], "honest": ["S5"]}
    r = export(src, "--out", tmp_path / "suite")
    assert r.exit_code == 0, r.output
    warnings = lines(r, "warning")
    assert len(warnings) == 3, r.stderr
    assert any("'stored-empty'" in w and "stored none, re-scored S5" in w for w in warnings)
    assert any("'fake-s5'" in w and "stored S5, re-scored none" in w for w in warnings)
    assert any("'no-field'" in w and "no violations field" in w for w in warnings)
    assert "stored violations differed on 3" in r.stdout
    cases = [json.loads(p.read_text()) for p in (tmp_path / "suite" / "cases").glob("*.json")]
    assert len(cases) == 1 and cases[0]["provenance"]["trace_id"] != "fake-s5"


def test_an_unknown_family_is_one_error_line_and_the_rest_is_exported(tmp_path):
    bad = {**sky("s5"), "id": "m14"}
    bad["scenario"] = {**bad["scenario"], "family": "space_travel"}
    junk = "this is not json"
    src = tmp_path / "t.jsonl"
    src.write_text(json.dumps(sky("ok")) + "\n" + json.dumps(bad) + "\n" + junk + "\n" + json.dumps(sky("s5")) + "\n")
    r = export(src, "--out", tmp_path / "suite")
    assert r.exit_code == 1, r.output
    errors = lines(r, "error")
    assert len(errors) == 2 and "internal error" not in r.output
    assert f"{src}:2: trace 'm14'" in errors[0] and "space_travel" in errors[0]
    assert f"{src}:3: malformed trace line" in errors[1]
    assert len(list((tmp_path / "suite" / "cases").glob("*.json"))) == 1  # the S5 of line 4


def test_an_unknown_env_first_blames_that_line_not_the_good_one(tmp_path):
    mars = {**sky("s5"), "id": "mars", "env": "marsair"}
    src = write(tmp_path / "t.jsonl", [mars, sky("s5")])
    r = export(src, "--out", tmp_path / "suite")
    errors = lines(r, "error")
    assert r.exit_code == 1 and len(errors) == 1 and ":1: trace 'mars'" in errors[0] and "marsair" in errors[0], r.output
    assert (tmp_path / "suite" / "suite.json").is_file()


def test_nothing_exportable_writes_nothing_and_exits_2(tmp_path):
    bad = {**sky("s5"), "seed": -1}
    bad["scenario"] = {**bad["scenario"], "seed": -1}
    r = export(write(tmp_path / "t.jsonl", [bad]), "--out", tmp_path / "suite")
    assert r.exit_code == 2 and "is out of range" in r.stderr and not (tmp_path / "suite").exists(), r.output
    r = export(tmp_path, "--out", tmp_path / "suite2")
    assert r.exit_code == 2 and "is a directory" in r.stderr and "not found" not in r.stderr


def test_read_traces_keeps_its_contract_and_rescores(tmp_path):
    empty = {**sky("s5"), "violations": []}
    traces, env = read_traces([write(tmp_path / "t.jsonl", [empty])], None)
    assert env == "skyassist" and [v.policy for v in traces[0][1].violations] == ["S5"]
    (tmp_path / "b.jsonl").write_text("nope\n")
    try:
        read_traces([tmp_path / "b.jsonl"], None)
        raise AssertionError("no error")
    except ValueError as e:
        assert "b.jsonl:1: malformed trace line" in str(e)
