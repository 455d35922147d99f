"""Scripted customers: play a script file (one user message per line) against a target.

Script format: one customer message per line; blank lines and lines starting with ``#`` are
ignored. ``{placeholders}`` are filled from the scenario's scalar fields: which fields exist is
the environment's (``Domain.scenario``, and a family may add its own; SkyAssist's, for example,
are ``{origin} {destination} {date} {passengers} {first_name} {last_name} {booking_id}``, with
``{return_date}`` or ``{via}`` in the families that have them). An unknown placeholder is a
one-line ``ScriptError`` listing the fields the scenario has.
Header comments ``# key: value`` (the first of each key) are kept in ``Script.headers``:
``# family: NAME`` names the family the script was written for, oracle scripts add
``# policy: ID``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import string
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from probe.core.domain import Domain
from probe.core.episode import Episode
from probe.core.failures import mark
from probe.core.outputs import nearest_existing, not_a_file, path_length_problem, write_problem
from probe.core.trace import Trace, append_trace

_HEADER = re.compile(r"^#\s*([a-z_]+):\s*(\S.*?)\s*$", re.I)


class ScriptError(ValueError):
    """A script that cannot be played (missing file, unknown placeholder, ...)."""


@dataclass
class Script:
    path: Path
    lines: list[tuple[int, str]]  # (line number, raw message)
    headers: dict[str, str]  # "# key: value" comments, keys lower-cased

    @property
    def name(self) -> str:
        return self.path.stem

    @property
    def family(self) -> str | None:
        return self.headers.get("family")


def load_script(path: str | Path) -> Script:
    path = Path(path)
    if not path.is_file():
        raise ScriptError(not_a_file(path, "script"))  # a directory is named as one, not "not found"
    try:
        content = path.read_bytes().decode("utf-8-sig")  # a byte-order mark is not text
    except UnicodeDecodeError as e:
        line = path.read_bytes()[: e.start].count(b"\n") + 1
        raise ScriptError(f"script {path} is not UTF-8 text (byte 0x{e.object[e.start]:02x} on line {line}); "
                          "save it as UTF-8") from None
    except OSError as e:
        raise ScriptError(f"cannot read script {path}: {e.strerror or e}") from None
    lines: list[tuple[int, str]] = []
    headers: dict[str, str] = {}
    for n, raw in enumerate(content.splitlines(), start=1):
        text = raw.strip()
        if text.startswith("#"):
            m = _HEADER.match(text)
            if m:
                headers.setdefault(m.group(1).lower(), m.group(2))
            continue
        if text:
            lines.append((n, text))
    if not lines:
        raise ScriptError(f"script {path} has no customer messages")
    return Script(path, lines, headers)


def fill_script(script: Script, scenario: dict[str, Any]) -> list[str]:
    """Fill every ``{placeholder}``; an unknown one is an error naming it and what is available."""
    available = {k: v for k, v in scenario.items() if isinstance(v, (str, int, float))}
    out = []
    for n, text in script.lines:
        where = f"{script.path}:{n}"
        try:
            parts = list(string.Formatter().parse(text))
        except ValueError as e:  # a lone '{' or '}'
            raise ScriptError(f"bad placeholder in {where} ({e}); write {{name}} for a scenario field "
                              "and {{{{ or }}}} for a literal brace") from None
        filled = []
        for literal, field, spec, conversion in parts:
            filled.append(literal)
            if field is None:
                continue
            if field not in available:
                raise ScriptError(
                    f"unknown placeholder {{{field}}} in {where} for family "
                    f"{scenario.get('family')!r}; available: {', '.join(sorted(available))}")
            if spec or conversion:
                raise ScriptError(f"placeholder {{{field}{'!' + conversion if conversion else ''}"
                                  f"{':' + spec if spec else ''}}} in {where} has a format; write {{{field}}}")
            filled.append(str(available[field]))
        out.append("".join(filled))
    return out


def play_messages(domain: Domain, scenario: dict[str, Any], target: Any, messages: list[str],
                  episode_id: str, on_turn: Callable[[int, int, list[dict[str, Any]]], None] | None = None,
                  source: str = "play") -> Trace:
    """Send each message in turn (stopping early if the target ends the conversation).

    ``on_turn(turn, of, failures)`` is called after each turn (``failures``: that turn's
    recorded failures), e.g. to show progress. The trace is marked with its failed turns
    (``probe.core.failures.mark``); its meta says ``source`` (play, suite, ...) and why it stopped
    (the target ended the conversation, or the messages ran out).
    """
    episode = Episode(domain, scenario, target, episode_id)
    for text in messages:
        if episode.ended:
            break
        before = len(episode.turn_failures)
        episode.user_turn(text)
        if on_turn is not None:
            on_turn(episode.turns, len(messages), episode.turn_failures[before:])
    trace = mark(episode.to_trace())
    trace.meta.source = source
    trace.meta.stop = "target_ended" if episode.ended else "script_end"
    return trace


def play_script(domain: Domain, scenario: dict[str, Any], target: Any, script: Script,
                episode_id: str | None = None,
                on_turn: Callable[[int, int, list[dict[str, Any]]], None] | None = None,
                source: str = "play") -> Trace:
    messages = fill_script(script, scenario)
    eid = episode_id or f"{script.name}-{scenario.get('family')}-{scenario.get('seed')}"
    trace = play_messages(domain, scenario, target, messages, eid, on_turn=on_turn, source=source)
    trace.meta.script = script.name
    return trace


def suite_dir(domain: Domain, folder: str = "scripts") -> Path:
    """A folder of script files shipped with the environment, beside its domain's module
    (``Domain.package_dir``)."""
    return domain.package_dir() / folder


def load_suite(domain: Domain, folder: str = "scripts") -> list[Script]:
    """Every script of a shipped folder, sorted by file name (``scripts``: the static suite)."""
    return [load_script(p) for p in sorted(suite_dir(domain, folder).glob("*.txt"))]


def no_scripts(domain: Domain, folder: str = "scripts", kind: str = "static") -> ScriptError:
    """The one-line error for an environment that ships no ``kind`` scripts: it names the folder
    looked in (``suite_dir``, from ``Domain.package_dir``, easy for a plug-in to get wrong) and
    whether it is missing or holds no ``*.txt`` file."""
    path = suite_dir(domain, folder)
    state = ("it holds no *.txt script" if path.is_dir()
             else "it does not exist; an installed package must ship it as package data")
    return ScriptError(f"no {kind} scripts for env {domain.name!r} (looked in {path}: {state})")


def require_suite(domain: Domain, folder: str = "scripts", kind: str = "static") -> list[Script]:
    """``load_suite``, or ``no_scripts`` when the folder has no script."""
    scripts = load_suite(domain, folder)
    if not scripts:
        raise no_scripts(domain, folder, kind)
    return scripts


# --- where a played trace goes (probe play --out) ---------------------------------------------------

MIN_FREE_BYTES = 1 << 20


class TraceNotSaved(OSError):
    """Appending a trace failed; the message says where it was saved instead."""


def check_writable_file(path: str | Path) -> None:
    """ValueError (one line) unless a trace line can be appended to ``path``; run it before any
    episode. Writing is tried (``write_problem``: nothing is left behind), so a read-only or pseudo
    file system (``/sys``, ``/proc``) is named as such, not as a full disk."""
    path = Path(path)
    too_long = path_length_problem(path)
    if too_long is not None:
        raise ValueError(f"--out {path}: {too_long}")
    parent = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise ValueError(f"--out {path} is a directory; give a .jsonl file path")
    if not parent.is_dir():
        blocker = nearest_existing(parent)
        if blocker.exists() and not blocker.is_dir():
            raise ValueError(f"--out {path}: {blocker} is not a directory (it is a file)")
        raise ValueError(f"--out {path}: the directory {parent} does not exist")
    if path.exists() and not path.is_file() and not path.is_char_device():
        raise ValueError(f"--out {path} is not a regular file")
    problem = write_problem(path)
    if problem is not None:
        raise ValueError(f"--out {path}: {problem}")
    if path.is_file() or not path.exists():
        try:
            free = shutil.disk_usage(parent).free
        except OSError:
            return
        if free < MIN_FREE_BYTES:
            raise ValueError(f"--out {path}: no space left on the device of {parent} ({free} bytes free)")


def save_trace(path: str | Path, trace: Trace) -> None:
    """Append the trace to ``path``. If that fails (a full disk), nothing is lost: a partial line is
    cut off again, the trace goes to a new file in the temporary directory (or, failing that, to
    stdout) and ``TraceNotSaved`` says where, in one line."""
    path = Path(path)
    size = path.stat().st_size if path.is_file() else None
    try:
        append_trace(path, trace)
        return
    except OSError as e:
        problem = e.strerror or str(e)
    if size is not None:
        try:
            os.truncate(path, size)
        except OSError:
            pass
    try:
        fd, rescue = tempfile.mkstemp(prefix="probe-trace-", suffix=".jsonl")
        os.close(fd)
        append_trace(rescue, trace)
        where = f"the trace was saved to {rescue}"
    except OSError as e2:
        sys.stdout.write(json.dumps(trace.to_json(), ensure_ascii=False) + "\n")
        where = f"the trace is printed on stdout (a temporary file failed too: {e2.strerror or e2})"
    raise TraceNotSaved(f"cannot write the trace to {path}: {problem}; {where}")
