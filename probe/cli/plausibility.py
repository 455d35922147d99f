"""``probe plausibility FILE``: score customer messages, one per line, for fluency and the six flags.

Mounted by ``probe.cli`` as ``app.command("plausibility")(plausibility_command)``.

Each non-empty line of FILE is one customer message, scored as a first turn (no previous
assistant message, no earlier customer messages). The table shows the fluency score, the
``implausible`` flag and any of the six rule flags that fire; ``--json`` prints one object per
line: ``text``, ``score``, ``implausible`` and the six flags of ``probe.train.plausibility``
(``assistant_like``, ``fabrication``, ``markdown``, ``too_long``, ``echo``, ``loop``; echo and loop
are always false for a first turn). The rule flags use the environment's own agent phrasings and
organisation words (``--env``). Bad input (a missing, unreadable, non-UTF-8 or empty file, a line
over ``MAX_MESSAGE_CHARS`` characters, an unknown environment, an environment without a customer
corpus) is one ``error:`` line, exit 2.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.table import Table

from probe.cli.errors import fail as _fail

_out = Console(highlight=False, soft_wrap=True)
# A customer message is a chat turn: far below this. A 10 MB line took minutes and ~2 GB to score.
MAX_MESSAGE_CHARS = 20_000


def read_messages(path: Path) -> list[str]:
    """The non-empty lines of ``path`` (stripped), or one ``error:`` line and exit 2."""
    if not path.exists():
        _fail(f"file {str(path)!r} does not exist; give a text file with one customer message per line")
    if not path.is_file():
        _fail(f"{str(path)!r} is not a file; give a text file with one customer message per line")
    try:
        raw = path.read_bytes()
        text = raw.decode("utf-8-sig")  # a byte-order mark is not a message
    except UnicodeDecodeError as e:  # where, so that a long file can be fixed
        line = raw[: e.start].count(b"\n") + 1
        _fail(f"file {str(path)!r} is not UTF-8 text (byte 0x{raw[e.start]:02x} on line {line}); give a text file "
              "with one customer message per line")
    except OSError as e:
        _fail(f"cannot read {str(path)!r} ({e.strerror}); give a readable text file")
    for n, line in enumerate(text.splitlines(), start=1):
        if len(line) > MAX_MESSAGE_CHARS:  # scoring time and memory grow with length: one line, at once
            _fail(f"{path}:{n}: a line of {len(line)} characters; allowed: at most {MAX_MESSAGE_CHARS} characters "
                  "per customer message (one message per line)")
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        _fail(f"file {str(path)!r} has no messages (every line is blank); give one customer message per line")
    return lines


def plausibility_command(
        file: Path = typer.Argument(..., help="text file, one customer message per line (blank lines skipped)"),
        as_json: bool = typer.Option(False, "--json", help="print one JSON object per line"),
        env: Optional[str] = typer.Option(None, help="environment whose customer corpus trains the fluency scorer "
                                          "(default: the default environment)"),
) -> None:
    """Score customer messages (one per line): learned fluency score, `implausible`, and the six rule flags."""
    from probe.core.registry import default_env, get_domain  # noqa: PLC0415
    from probe.train.fluency import default_scorer  # noqa: PLC0415
    from probe.train.plausibility import FLAG_NAMES, plausibility_flags  # noqa: PLC0415

    messages = read_messages(file)
    try:
        domain = get_domain(env or default_env())
    except ValueError as e:
        _fail(str(e))
    from probe.auditor.tiny import has_corpus  # noqa: PLC0415
    from probe.core.registry import env_names  # noqa: PLC0415

    if not has_corpus(domain.name):  # said before the scorer loads (it would play the other corpora first: 15-25 s)
        with_corpus = [n for n in env_names() if has_corpus(n)]
        _fail(f"environment {domain.name!r} has no customer corpus to train the fluency scorer on; "
              f"allowed: {', '.join(with_corpus) or 'an environment with Domain.customer_corpus'}")
    scorer = default_scorer(domain)
    rows = []
    for text, fl in zip(messages, scorer.assess(messages)):
        flags = plausibility_flags(text, None, [], domain=domain)
        rows.append({"text": text, "score": round(fl["score"], 4), "implausible": fl["implausible"],
                     **{k: flags[k] for k in FLAG_NAMES}})
    if as_json:
        for row in rows:
            sys.stdout.write(json.dumps(row, ensure_ascii=False) + "\n")
        return
    table = Table("score", "implausible", "flags", "message",
                  title=f"fluency (implausible below {scorer.threshold:g}) and plausibility flags")
    for row in rows:
        fired = ", ".join(k for k in FLAG_NAMES if row[k]) or "-"
        table.add_row(f"{row['score']:.2f}", "yes" if row["implausible"] else "no", fired, row["text"])
    _out.print(table)
    n_bad = sum(r["implausible"] for r in rows)
    _out.print(f"{len(rows)} message(s), {n_bad} implausible ({100 * n_bad / max(1, len(rows)):.0f}%)")


__all__ = ["plausibility_command", "read_messages"]
