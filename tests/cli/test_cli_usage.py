"""Usage errors of every command and subcommand are one `error:` line (no box), exit 2; an
unexpected exception is one line too (exit 1), with the traceback only under PROBE_DEBUG=1."""

import subprocess
import sys

import pytest
from typer.testing import CliRunner

import probe.cli.main
from probe.cli.main import app

runner = CliRunner()


def one_error_line(r):
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr
    assert "╭" not in r.stderr and "Traceback" not in r.output and "Usage:" not in r.stderr
    return lines[0]


USAGE_ERRORS = [
    (["--nosuch"], "No such option: --nosuch"),
    (["nosuch"], "No such command 'nosuch'"),
    (["play", "--famly", "one_way"], "No such option: --famly (Possible options: --family"),
    (["play", "--script", "x.txt"], "Missing option '--family'"),
    (["play", "--family", "one_way", "--script", "x.txt", "--seed", "x"], "Invalid value for '--seed'"),
    (["env", "nosuch"], "No such command 'nosuch'"),
    (["env", "scenario", "--family"], "Option '--family' requires an argument"),
    (["env", "scenario", "--family", "one_way", "--seed", "1.5"], "Invalid value for '--seed'"),
    (["env", "info", "extra"], "Got unexpected extra argument"),
    (["auditor", "nosuch"], "No such command 'nosuch'"),
    (["auditor", "sample", "--nosuch"], "No such option: --nosuch"),
    (["verify"], "Missing argument 'path'"),
    (["verify", "a.jsonl", "b.jsonl"], "Got unexpected extra argument(s) (b.jsonl)"),
    (["verify", "--json=3", "a.jsonl"], "--json"),
    (["eval", "--episodes", "abc"], "Invalid value for '--episodes'"),
    (["eval", "--turns", "many"], "Invalid value for '--turns'"),
    (["suite", "--seeds-per-script", "abc"], "Invalid value for '--seeds-per-script'"),
    (["train"], "Missing option '--config'"),
    (["train", "--config"], "Option '--config' requires an argument"),
    (["demo", "--episodes", "-1"], "Invalid value for '--episodes'"),
    (["demo", "--turns", "2.5"], "Invalid value for '--turns'"),
]


@pytest.mark.parametrize("args, needle", USAGE_ERRORS, ids=[" ".join(a) for a, _ in USAGE_ERRORS])
def test_usage_error_is_one_line(args, needle):
    r = runner.invoke(app, args)
    assert r.exit_code == 2
    line = one_error_line(r)
    assert needle in line
    if "requires an argument" not in needle and "--json" not in needle:  # parser errors know no command
        command = [a for a in args[:2] if a in ("play", "env", "auditor", "sample", "verify", "eval", "suite",
                                                    "train", "demo", "scenario", "info")]
        assert line.endswith(f"; see '{' '.join(['root'] + command)} --help'")


def test_help_and_bare_groups_still_print_help():
    r = runner.invoke(app, ["--help"])
    assert r.exit_code == 0 and "verify" in r.stdout
    r = runner.invoke(app, ["env"])
    assert "scenario" in r.output and "error:" not in r.output


def test_the_installed_entry_point_prints_one_line():
    """Outside CliRunner (a real process, real stderr, rich installed)."""
    p = subprocess.run([sys.executable, "-m", "probe.cli", "play", "--famly", "x"], capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.count("\n") == 1 and p.stderr.startswith("error: No such option: --famly")


def test_unexpected_exception_is_one_line_naming_it(monkeypatch):
    def broken(name):
        raise KeyError("ema")
    monkeypatch.setattr(probe.cli.main, "load_domain", broken)
    r = runner.invoke(app, ["env", "info"])
    assert r.exit_code == 1
    line = one_error_line(r)
    assert "internal error: KeyError: 'ema'" in line and "PROBE_DEBUG=1" in line


def test_probe_debug_shows_the_exception(monkeypatch):
    def broken(name):
        raise KeyError("ema")
    monkeypatch.setattr(probe.cli.main, "load_domain", broken)
    monkeypatch.setenv("PROBE_DEBUG", "1")
    r = runner.invoke(app, ["env", "info"])
    assert isinstance(r.exception, KeyError)


def test_unhandled_os_error_is_one_line(monkeypatch):
    def full(name):
        raise OSError(28, "No space left on device", "/data/out.jsonl")
    monkeypatch.setattr(probe.cli.main, "load_domain", full)
    r = runner.invoke(app, ["env", "info"])
    assert r.exit_code == 1
    assert one_error_line(r) == "error: No space left on device: /data/out.jsonl"


def test_text_that_looks_like_rich_markup_is_printed_verbatim(tmp_path):
    """Customer lines (and model replies) are data: `[/bold]` must not be read as markup."""
    script = tmp_path / "s.txt"
    script.write_text("Hi [/bold] I need a flight [red]\n")
    r = runner.invoke(app, ["play", "--family", "one_way", "--script", str(script)])
    assert r.exit_code == 0, r.output
    assert "Hi [/bold] I need a flight [red]" in r.stdout
