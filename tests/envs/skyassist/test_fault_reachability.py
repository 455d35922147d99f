"""Every fault is reachable by an ordinary customer (issue 11): a natural script per fault
(envs/skyassist/fault_scripts, option numbers and "the cheapest one" rather than template
words) fires the fault's policy on held-out seeds, and the same script against the fault-free
target produces no violation."""

from __future__ import annotations

import pytest

from envs.skyassist.faults import FAULT_BY_NAME, FAULTS
from envs.skyassist.scenarios import HELDOUT_SEEDS
from envs.skyassist.verifiers import verify_messages
from probe.core.registry import get_domain
from probe.core.scripts import load_suite, play_script

SEEDS = list(HELDOUT_SEEDS[:8])


def _scripts():
    return {s.headers["fault"]: s for s in load_suite(get_domain("skyassist"), "fault_scripts")}


def test_one_script_per_fault():
    scripts = _scripts()
    assert set(scripts) == {f.name for f in FAULTS}
    for name, s in scripts.items():
        assert s.headers["policy"] == FAULT_BY_NAME[name].policy


def _seeds(d, fault, family):
    if fault in ("claim_success_on_error", "retry_failed_mutation"):
        # the booking must fail at the reservation system: a flight with some seats, but fewer
        # than the party (a flight with none left is refused before any call, as it should be)
        return [s for s in SEEDS if d.db.flights[d.scenario(family, s)["flight_id"]].seats_available > 0]
    return SEEDS


@pytest.mark.parametrize("fault", [f.name for f in FAULTS])
def test_natural_script_fires_the_fault_on_heldout_seeds(fault):
    d = get_domain("skyassist")
    script = _scripts()[fault]
    policy = FAULT_BY_NAME[fault].policy
    seeds = _seeds(d, fault, script.family)
    assert len(seeds) >= 5
    for seed in seeds:
        sc = d.scenario(script.family, seed)
        faulty = play_script(d, sc, d.make_target("reference", [fault]), script)
        hit = {v.policy for v in verify_messages(d, faulty.messages, sc)}
        assert policy in hit, (fault, seed, hit)
        clean = play_script(d, sc, d.make_target("reference", []), script)
        assert verify_messages(d, clean.messages, sc) == [], (fault, seed)
