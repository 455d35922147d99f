"""probe adat on the mock env end to end, determinism, output rules, bad input, the embedding cache."""

import json
from pathlib import Path

import numpy as np
from typer.testing import CliRunner

from probe.adat.novelty import MiniLMEmbedder
from probe.adat.records import SelectorStep, Statement, Test, Verdict, read_jsonl
from probe.cli.main import app
from probe.core.trace import BadLine, iter_trace_file

ARGS = ["adat", "run", "--env", "mock", "--driver", "cooperative", "--sessions", "3", "--n", "4", "--embedder", "hash-bow"]


def test_quick_run_on_mock(tmp_path):
    r = CliRunner().invoke(app, [*ARGS, "--run", "r1", "--out-dir", str(tmp_path), "--json"])
    assert r.exit_code == 0, r.output
    out = tmp_path / "r1" / "adat"
    for name in ("discovery.jsonl", "statements.jsonl", "tests.jsonl", "executions.jsonl", "verdicts.jsonl",
                 "selector_log.jsonl", "report.md", "summary.json", "regression.json"):
        assert (out / name).is_file(), name
    disc = list(iter_trace_file(out / "discovery.jsonl"))
    assert len(disc) == 3 and not any(isinstance(t, BadLine) for t in disc)
    assert {t.meta.source for t in disc} == {"adat-discovery"} and all("objective" in t.meta.extra for t in disc)
    sts = read_jsonl(out / "statements.jsonl", Statement)
    tests = read_jsonl(out / "tests.jsonl", Test)
    assert sts and tests and all(s.evidence for s in sts)
    assert {v.test_id for v in read_jsonl(out / "verdicts.jsonl", Verdict)} == {t.id for t in tests}
    assert read_jsonl(out / "selector_log.jsonl", SelectorStep)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["faults_total"] == 3
    # same seed, same outputs
    r2 = CliRunner().invoke(app, [*ARGS, "--run", "r2", "--out-dir", str(tmp_path)])
    assert r2.exit_code == 0, r2.output
    for name in ("statements.jsonl", "tests.jsonl", "verdicts.jsonl", "selector_log.jsonl", "regression.json"):
        assert (out / name).read_text() == (tmp_path / "r2" / "adat" / name).read_text(), name
    # never overwrite without being asked, never what probe did not write
    again = CliRunner().invoke(app, [*ARGS, "--run", "r1", "--out-dir", str(tmp_path)])
    assert again.exit_code == 2 and "--overwrite" in again.output
    (tmp_path / "mine" / "adat").mkdir(parents=True)
    (tmp_path / "mine" / "adat" / "notes.txt").write_text("keep")
    mine = CliRunner().invoke(app, [*ARGS, "--run", "mine", "--out-dir", str(tmp_path), "--overwrite"])
    assert mine.exit_code == 2 and (tmp_path / "mine" / "adat" / "notes.txt").read_text() == "keep"
    agree = CliRunner().invoke(app, ["adat", "judge-agreement", str(out / "executions.jsonl"), "--json"])
    overall = json.loads(agree.output)["overall"]
    # the mock's executions break no policy and the CPU judge says so: agreement is perfect where it can be
    # measured, and a kappa over two constant vectors is undefined (null), never 1.0
    assert agree.exit_code == 0 and overall["fp"] == overall["fn"] == 0 and overall["kappa"] is None


def test_bad_input_is_one_error_line(tmp_path):
    cases = [
        [*ARGS, "--run", "a/b"],
        [*ARGS, "--run", "x", "--selector", "greedy"],
        ["adat", "run", "--run", "x", "--driver", "learned"],
        ["adat", "run", "--run", "x", "--driver", "robot"],
        ["adat", "run", "--run", "x", "--roles", "endpoint"],
        ["adat", "run", "--run", "x", "--faults", "nonsense"],
        ["adat", "judge-agreement", str(tmp_path / "missing.jsonl")],
        ["adat", "judge-agreement", str(tmp_path), "--judge", "oracle"],
    ]
    for argv in cases:
        full = [*argv, "--out-dir", str(tmp_path)] if argv[1] == "run" else argv
        r = CliRunner().invoke(app, full)
        lines = r.stderr.strip().splitlines()
        assert r.exit_code == 2 and len(lines) == 1 and lines[0].startswith("error: "), (argv, r.stderr)
    assert not any(tmp_path.iterdir())


def test_embeddings_come_from_the_disk_cache(tmp_path):
    e = MiniLMEmbedder(cache_dir=tmp_path)
    v = np.ones(384, dtype=np.float32)
    np.save(e._path("a rule"), v)
    out = e.embed(["a rule"])
    assert e.computed == 0 and MiniLMEmbedder._model is None or e.computed == 0
    assert np.allclose(out[0], v / np.linalg.norm(v))
    assert Path(e._path("a rule")).is_file()
