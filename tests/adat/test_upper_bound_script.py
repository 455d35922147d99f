"""scripts/adat_upper_bound.py: every applicable pair of one discovery, re-run on every single-fault target."""

from __future__ import annotations

import pytest
from scripts_loader import load_script

from probe.core.registry import get_domain


def _script():
    return load_script("adat_upper_bound")


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
