"""``probe regress gate`` flags (cli-tester-1 finding 11, session 38): ``--baseline-version -1`` or 0 was looked
up as a version and reported "not found"; with a stored baseline file as ``--baseline`` the flag was accepted and
changed nothing; ``--resume`` and ``--overwrite`` had no help text."""

import shutil

import pytest
from typer.testing import CliRunner

from probe.cli.main import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args], env={"COLUMNS": "200"})


@pytest.mark.parametrize("version", ["-1", "0"])
def test_a_version_below_one_is_refused_by_the_option(mock_suite, tmp_path, version):
    r = run("regress", "gate", mock_suite, "--baseline", "reference", "--candidate", "reference", "--out",
            tmp_path / "g", "--baseline-version", version)
    assert r.exit_code == 2 and "--baseline-version" in r.output and "greater than or equal to 1" in r.output, r.output
    assert not (tmp_path / "g").exists()


def test_a_version_with_a_stored_baseline_file_is_refused_and_nothing_is_written(mock_suite, tmp_path):
    suite = shutil.copytree(mock_suite, tmp_path / "s")
    assert run("regress", "baseline", "record", suite, "--config", "reference", "--trials", "1").exit_code == 0
    (stored,) = list((suite / "baselines").glob("*/v0001.json"))
    r = run("regress", "gate", suite, "--baseline", stored, "--candidate", "reference", "--out", tmp_path / "g",
            "--baseline-version", "1")
    lines = [x for x in r.output.splitlines() if x.strip()]
    assert r.exit_code == 2 and len(lines) == 1 and lines[0].startswith("error: --baseline-version 1"), r.output
    assert "stored baseline file" in lines[0] and not (tmp_path / "g").exists()


def test_every_gate_option_says_what_it_does():
    r = run("regress", "gate", "--help")
    assert r.exit_code == 0
    for flag, words in [("--resume", "continue an interrupted gate run"), ("--overwrite", "replace an earlier gate run"),
                        ("--baseline-version", "1 or more")]:
        line = next(x for x in r.output.splitlines() if flag in x)
        assert words in " ".join(r.output.split()), (flag, line)
