"""Very long option values and unwritable output paths (session 30; the cases come from the newcomer's
CLI report of session 29, /work/h29/newcomer/report.md, findings 8 and 9, and the fix brief's wording of
them: a 5,000-character ``--out``, ``--faults``, ``--family`` or ``--set run_name=...``; ``play --out``
under ``/sys`` said "no space left"; ``regress export --out`` under ``/sys`` exited 1).

Every refusal is one ``error:`` line with exit 2 that names the option; a long value is shown
shortened (its first characters and its length), never echoed whole. Each case has its twin: a name
of 255 bytes (the file system's limit) is used, a short bad value is still shown whole, a writable
``--out`` is written. "Unwritable" is a path under ``/sys`` or ``/proc`` (the tests may run as root,
for whom a ``chmod 555`` folder is writable) or a file in place of a folder.
"""

from __future__ import annotations

import errno
import re
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from probe.cli.errors import fail, shorten_long_values
from probe.cli.main import app
from probe.core.outputs import write_problem
from probe.core.scripts import check_writable_file

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = str(ROOT / "envs" / "skyassist" / "scripts" / "one_way.txt")
CONFIG = str(ROOT / "configs" / "cpu-demo-grpo.yaml")
PLAY = ["play", "--family", "one_way", "--seed", "1000003", "--script", SCRIPT]
LONG = "a" * 5000
READ_ONLY = [p for p in ("/sys", "/proc") if Path(p).is_dir()]
REASONS = ("Operation not permitted", "Permission denied", "Read-only file system", "No such file or directory")


def invoke(*args, env=None):
    return CliRunner().invoke(app, [str(a) for a in args], env=env)


def one_error_line(r, code=2) -> str:
    lines = r.stderr.strip().splitlines()
    assert r.exit_code == code, (r.exit_code, r.output[:2000])
    assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr[:2000]
    return lines[0]


def assert_shortened(line: str, length: int) -> None:
    """The value is named by its start and length; no long run of it is echoed (the allowed list may be long)."""
    assert len(line) < 1000, line[:1000]
    assert not re.search(r"(.)\1{99}", line), line[:1000]
    assert f"({length} characters)" in line, line


@pytest.fixture()
def no_episode(monkeypatch):
    import probe.cli.main

    monkeypatch.setattr(probe.cli.main, "play_script", lambda *a, **k: pytest.fail("the episode ran"))


# --- long values: one line, exit 2, the option named, the value shortened ---------------------------------

@pytest.mark.parametrize("make", [
    lambda tmp: LONG,                                   # a bare 5,000-character name
    lambda tmp: tmp / LONG,                             # inside an existing folder
    lambda tmp: tmp / ("b" * 300) / "t.jsonl",          # a folder name over the limit
    lambda tmp: tmp / ("é" * 128 + ".jsonl"),           # 134 characters, but 262 bytes
])
def test_a_too_long_play_out_is_one_line_naming_out_exit_2(tmp_path, no_episode, make):
    value = str(make(tmp_path))
    line = one_error_line(invoke(*PLAY, "--out", value))
    assert "--out" in line and "255 bytes" in line
    if len(value) > 200:
        assert_shortened(line, len(value))


def test_a_play_out_name_of_255_bytes_is_written(tmp_path):
    out = tmp_path / ("é" * 121 + "t.jsonl")  # 242 + 7 = 249 bytes
    out2 = tmp_path / ("c" * 249 + ".jsonl")  # exactly 255
    for path in (out, out2):
        r = invoke(*PLAY, "--out", path)
        assert r.exit_code == 0, r.output
        assert path.is_file()


@pytest.mark.parametrize("command", [
    ["suite", "--out"],
    ["eval", "--auditor", "static", "--episodes", "1", "--turns", "1", "--out"],
    ["regress", "export", "TRACES", "--out"],
])
def test_a_too_long_out_of_other_commands_is_one_line_naming_out_exit_2(tmp_path, command):
    command = [str(tmp_path / "t.jsonl") if c == "TRACES" else c for c in command]
    line = one_error_line(invoke(*command, LONG))
    assert "--out" in line
    assert_shortened(line, 5000)
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("command, name", [(["regress", "run", "LONG", "--layer", "scripted", "--out", "OUT"], "SUITE"),
                                           (["verify", "LONG"], "PATH")])
def test_a_too_long_path_argument_is_one_line_naming_the_argument(tmp_path, command, name):
    command = [LONG if c == "LONG" else str(tmp_path / "o") if c == "OUT" else c for c in command]
    line = one_error_line(invoke(*command))
    assert line.startswith(f"error: {name} aaaa") and "255 bytes" in line
    assert_shortened(line, 5000)


def test_a_path_over_4096_bytes_made_of_short_names_is_refused_too(tmp_path, no_episode):
    deep = str(tmp_path / "/".join(["d" * 200] * 25) / "t.jsonl")
    line = one_error_line(invoke(*PLAY, "--out", deep))
    assert "--out" in line and "4096" in line
    assert_shortened(line, len(deep))


@pytest.mark.parametrize("option", ["--faults", "--family"])
def test_a_long_unknown_fault_or_family_is_shortened_in_the_error(option):
    args = [*PLAY]
    args += [option, "x" * 5000] if option == "--faults" else []
    if option == "--family":
        args[args.index("--family") + 1] = "x" * 5000
    line = one_error_line(invoke(*args))
    assert_shortened(line, 5000)
    assert "allowed" in line  # what is allowed is still said


def test_a_short_unknown_fault_or_family_is_still_shown_whole():
    line = one_error_line(invoke(*PLAY, "--faults", "no_such_fault_at_all"))
    assert "'no_such_fault_at_all'" in line and "characters)" not in line
    args = [*PLAY]
    args[args.index("--family") + 1] = "no_such_family"
    line = one_error_line(invoke(*args))
    assert "'no_such_family'" in line and "characters)" not in line


def test_the_domain_shortens_a_long_fault_name_itself():
    from probe.core.registry import get_domain

    with pytest.raises(ValueError) as e:
        get_domain("skyassist").resolve_faults("q" * 3000 + "@0.5")
    assert len(str(e.value)) < 1000 and "(3000 characters)" in str(e.value)


@pytest.mark.parametrize("key", ["run_name", "out_dir"])
def test_a_long_run_name_or_out_dir_in_train_is_one_line_naming_the_key(tmp_path, key):
    value = LONG if key == "run_name" else str(tmp_path / LONG)
    line = one_error_line(invoke("train", "--config", CONFIG, "--set", f"{key}={value}", "--set", "updates=1"))
    assert key in line
    assert_shortened(line, len(value))
    assert not list(tmp_path.iterdir())


def test_a_run_name_of_255_bytes_is_accepted_and_256_refused():
    from probe.train.config import TrainConfig

    assert TrainConfig(run_name="r" * 255).run_name == "r" * 255
    assert TrainConfig(out_dir="o" * 255).out_dir == "o" * 255
    for bad in ({"run_name": "r" * 256}, {"run_name": "é" * 128}, {"out_dir": "x/" + "o" * 256}):
        with pytest.raises(ValueError, match="255 bytes"):
            TrainConfig(**bad)


def test_fail_shortens_a_long_value_and_keeps_short_ones(capsys):
    with pytest.raises(typer.Exit) as e:
        fail(f"--out {'z' * 700}: something; allowed: x, y")
    assert e.value.exit_code == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: --out zzzz") and "(700 characters)" in err and len(err) < 200
    assert err.endswith("something; allowed: x, y")
    assert shorten_long_values("--out /a/b/c.jsonl: bad") == "--out /a/b/c.jsonl: bad"
    assert shorten_long_values(f"unknown fault '{'x' * 300}'; allowed: a") .startswith("unknown fault 'xxxx")
    assert "(300 characters)" in shorten_long_values(f"unknown fault '{'x' * 300}'; allowed: a")


def test_a_file_name_too_long_raised_inside_a_command_is_exit_2_and_shortened(monkeypatch, tmp_path):
    import probe.cli.main

    def too_long(*a, **k):
        raise OSError(errno.ENAMETOOLONG, "File name too long", "n" * 6000)

    monkeypatch.setattr(probe.cli.main, "play_script", too_long)
    line = one_error_line(invoke(*PLAY))
    assert "File name too long" in line
    assert_shortened(line, 6000)


def test_another_os_error_inside_a_command_still_exits_1(monkeypatch):
    import probe.cli.main

    def broken(*a, **k):
        raise OSError(errno.EIO, "Input/output error", "/dev/sdz")

    monkeypatch.setattr(probe.cli.main, "play_script", broken)
    line = one_error_line(invoke(*PLAY), code=1)
    assert "Input/output error: /dev/sdz" in line


# --- unwritable outputs: what is wrong, naming the path, exit 2 -------------------------------------------

@pytest.mark.parametrize("root", READ_ONLY)
def test_play_out_in_a_read_only_place_says_why_not_no_space(root, no_episode):
    out = f"{root}/probe-t.jsonl"
    line = one_error_line(invoke(*PLAY, "--out", out))
    assert out in line and "no space" not in line
    assert any(reason in line for reason in REASONS), line


@pytest.mark.parametrize("where", ["afile/t.jsonl", "afile/sub/t.jsonl"])
def test_play_out_under_a_file_says_the_file_is_not_a_directory(tmp_path, no_episode, where):
    (tmp_path / "afile").write_text("keep me")
    line = one_error_line(invoke(*PLAY, "--out", tmp_path / where))
    assert f"{tmp_path / 'afile'} is not a directory" in line
    assert (tmp_path / "afile").read_text() == "keep me"


def test_play_out_on_a_full_disk_still_says_no_space_and_a_writable_one_is_written(tmp_path, monkeypatch):
    import shutil
    from collections import namedtuple

    usage = namedtuple("usage", "total used free")
    real = shutil.disk_usage
    monkeypatch.setattr(shutil, "disk_usage", lambda p: usage(10**9, 10**9, 0))
    with pytest.raises(ValueError, match="no space left"):
        check_writable_file(tmp_path / "t.jsonl")
    assert not (tmp_path / "t.jsonl").exists()  # the check leaves nothing behind
    monkeypatch.setattr(shutil, "disk_usage", real)
    check_writable_file(tmp_path / "t.jsonl")
    assert list(tmp_path.iterdir()) == []


def test_write_problem_names_the_reason_and_is_none_where_writing_works(tmp_path):
    (tmp_path / "afile").write_text("x")
    assert write_problem(tmp_path / "new" / "deeper" / "f") is None
    assert write_problem(tmp_path / "afile") is None and (tmp_path / "afile").read_text() == "x"
    assert write_problem(tmp_path / "afile" / "f") == f"{tmp_path / 'afile'} is not a directory (it is a file)"
    for root in READ_ONLY:
        assert write_problem(f"{root}/probe-x/y") in REASONS
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]


@pytest.fixture(scope="module")
def traces(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("traces") / "t.jsonl"
    r = invoke(*PLAY, "--out", path)
    assert r.exit_code == 0, r.output
    return path


@pytest.mark.parametrize("where", [*(f"{r}/probe-x" for r in READ_ONLY), "afile/x", "afile/x/y"])
def test_regress_export_into_an_unwritable_out_is_one_line_exit_2(traces, tmp_path, where):
    (tmp_path / "afile").write_text("keep me")
    out = where if where.startswith("/") else str(tmp_path / where)
    line = one_error_line(invoke("regress", "export", traces, "--out", out))
    assert line.startswith(f"error: --out {out}: ") and "Errno" not in line
    assert any(reason in line for reason in (*REASONS, "is not a directory")), line


def test_regress_export_into_a_writable_out_is_written(traces, tmp_path):
    r = invoke("regress", "export", traces, "--out", tmp_path / "suite")
    assert r.exit_code == 0, r.output
    assert (tmp_path / "suite").is_dir()


@pytest.mark.parametrize("command", [
    ["suite", "--out"],
    ["eval", "--auditor", "static", "--episodes", "1", "--turns", "1", "--out"],
    ["adat", "run", "--run", "ai", "--driver", "static", "--sessions", "1", "--n", "2", "--out-dir"],
])
@pytest.mark.parametrize("where", [*(f"{r}/probe-x" for r in READ_ONLY), "afile/x"])
def test_other_out_options_into_an_unwritable_place_are_one_line_exit_2(tmp_path, command, where):
    (tmp_path / "afile").write_text("keep me")
    out = where if where.startswith("/") else str(tmp_path / where)
    line = one_error_line(invoke(*command, out))
    assert out in line and "no space" not in line
    assert any(reason in line for reason in (*REASONS, "not a directory")), line


@pytest.mark.parametrize("where", [*(f"{r}/probe-x" for r in READ_ONLY), "afile/x"])
def test_train_into_an_unwritable_out_dir_is_refused_before_the_auditor_is_built(tmp_path, monkeypatch, where):
    import probe.train.loop

    (tmp_path / "afile").write_text("keep me")
    monkeypatch.setattr(probe.train.loop, "Trainer", lambda *a, **k: pytest.fail("the trainer was built"))
    out = where if where.startswith("/") else str(tmp_path / where)
    line = one_error_line(invoke("train", "--config", CONFIG, "--set", f"out_dir={out}", "--set", "updates=1"))
    assert out in line
    assert any(reason in line for reason in (*REASONS, "not a directory")), line
