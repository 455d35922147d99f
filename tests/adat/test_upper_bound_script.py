"""scripts/adat_upper_bound.py: every applicable pair of one discovery, re-run on every single-fault target."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from probe.core.registry import get_domain

PATH = Path(__file__).resolve().parents[2] / "scripts" / "adat_upper_bound.py"


def _script():
    spec = importlib.util.spec_from_file_location("adat_upper_bound", PATH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_every_fault_gets_a_row_and_the_count_matches_them(capsys):
    assert _script().main(["--env", "mock", "--driver", "cooperative", "--sessions", "3"]) == 0
    out = capsys.readouterr().out
    faults = get_domain("mock").fault_names
    rows = {line.split("|")[1].strip(): line for line in out.splitlines() if line.startswith("| ") and "---" not in line}
    rows.pop("fault")
    assert sorted(rows) == sorted(faults)
    reached = sum(1 for line in rows.values() if int(line.split("|")[3]) > 0)
    assert f"reachable by some test: {reached} of {len(faults)} faults" in out
    assert reached >= 1  # the mock's cooperative customer reaches at least one seeded fault


@pytest.mark.parametrize("args,message", [
    (["--driver", "bogus"], "unknown driver 'bogus'"),
    (["--env", "nowhere"], "unknown environment 'nowhere'"),
    (["--driver", "learned"], "needs --checkpoint"),
    (["--sessions", "0"], "not a positive number"),
])
def test_bad_arguments_are_one_line(args, message, capsys):
    with pytest.raises(SystemExit) as e:
        _script().main(args)
    assert e.value.code == 2 and message in capsys.readouterr().err
