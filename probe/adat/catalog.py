"""The instruction catalog (``configs/adat/instructions.yaml``) and its applicability conditions.

An instruction applies to a statement when its condition holds for the statement and its plain
test (the CPU generator also needs a transformation that changes something). The conditions are
read from the statement's text and the test's step hints only.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable

import yaml

from probe.adat.records import Instruction, Statement
from probe.adat.transforms import (
    _COUNT,
    _ID,
    _ISO,
    _PAIR,
    _REPLACEMENT,
    _WORD_NUM,
    TRANSFORMS,
    asks_confirmation,
    is_confirmation,
    statement_limit,
)

DEFAULT_CATALOG = Path(__file__).resolve().parents[2] / "configs" / "adat" / "instructions.yaml"

Condition = Callable[[Statement, list[str], int, dict[str, Any]], bool]


def _upto(hints: list[str], check: int) -> list[str]:
    return hints[: check + 1]


def _any(rx: re.Pattern[str], hints: list[str], check: int) -> bool:
    return any(rx.search(h) for h in _upto(hints, check))


def _has_name(st: Statement, hints: list[str], check: int, fields: dict[str, Any]) -> bool:
    names = [str(v) for k, v in fields.items() if "name" in k.lower() and isinstance(v, str) and len(v) > 1]
    return any(n in h for n in names for h in hints)


def _two_values(st: Statement, hints: list[str], check: int, fields: dict[str, Any]) -> bool:
    return (_any(_PAIR, hints, check) or sum(len(_ISO.findall(h)) for h in _upto(hints, check)) >= 2
            or _any(_REPLACEMENT, hints, check))


CONDITIONS: dict[str, Condition] = {
    "always": lambda st, h, c, f: True,
    "has_count": lambda st, h, c, f: _any(_COUNT, h, c) or _any(_WORD_NUM, h, c),
    "stated_limit": lambda st, h, c, f: statement_limit(st) is not None and (_any(_COUNT, h, c) or _any(_WORD_NUM, h, c)),
    "has_date": lambda st, h, c, f: _any(_ISO, h, c),
    "has_identifier": lambda st, h, c, f: _any(_ID, h, c),
    "has_name": _has_name,
    "has_two_values": _two_values,
    "has_confirmation": lambda st, h, c, f: any(is_confirmation(x) for x in h) or asks_confirmation(st),
    "has_earlier_turn": lambda st, h, c, f: c >= 1,
    "refusal": lambda st, h, c, f: st.kind in ("refusal", "limit"),
    "has_amount": lambda st, h, c, f: "<an amount>" in st.behaviour or bool(re.search(r"\b(?:price|cost|total|amount|fee|"
                                                                                        r"charge|refund)\w*", st.behaviour, re.I)),
}


class CatalogError(ValueError):
    """A catalog file that is not valid (one line naming the entry and the problem)."""


def load_catalog(path: str | Path | None = None) -> list[Instruction]:
    """Read and check the catalog: unique ids, known factors, conditions and transformations."""
    path = Path(path) if path is not None else DEFAULT_CATALOG
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as e:
        raise CatalogError(f"cannot read the instruction catalog {path}: {str(e).splitlines()[0]}") from None
    items = (data or {}).get("instructions") if isinstance(data, dict) else None
    if not isinstance(items, list) or not items:
        raise CatalogError(f"{path}: expected a mapping with a non-empty list 'instructions'")
    out: list[Instruction] = []
    seen: set[str] = set()
    for n, item in enumerate(items):
        try:
            ins = Instruction.model_validate(item)
        except ValueError as e:
            raise CatalogError(f"{path}: instruction {n + 1}: {str(e).splitlines()[1:3]}") from None
        if ins.id in seen:
            raise CatalogError(f"{path}: duplicate instruction id {ins.id!r}")
        if ins.applicability not in CONDITIONS:
            raise CatalogError(f"{path}: {ins.id}: unknown applicability {ins.applicability!r}; "
                               f"allowed: {', '.join(CONDITIONS)}")
        if ins.transformation is not None and ins.transformation not in TRANSFORMS:
            raise CatalogError(f"{path}: {ins.id}: unknown transformation {ins.transformation!r}; "
                               f"allowed: {', '.join(sorted(TRANSFORMS))}")
        seen.add(ins.id)
        out.append(ins)
    return out


def applies(ins: Instruction, st: Statement, hints: list[str], check: int, fields: dict[str, Any]) -> bool:
    return CONDITIONS[ins.applicability](st, hints, check, fields)


__all__ = ["load_catalog", "applies", "CONDITIONS", "CatalogError", "DEFAULT_CATALOG"]
