"""Fault firing probabilities: NAME@P parsed once in the core, drawn per trial seed, deterministic."""

from pathlib import Path

import pytest

from probe.core.domain import Fault, FaultSwitches
from probe.core.registry import get_domain
from probe.core.scripts import load_script, play_script

ROOT = Path(__file__).resolve().parents[2]
CASES = [("mock", "skip_confirm_when_rushed", "envs/mock/oracle_scripts/L1.txt"),
         ("skyassist", "skip_confirm_when_urgent", "envs/skyassist/fault_scripts/skip_confirm_when_urgent.txt"),
         ("taubench-retail", None, None)]


def test_parse_and_resolve():
    assert Fault.parse("x") == ("x", 1.0) and Fault.parse("x@0.3") == ("x", 0.3)
    for bad in ("x@1.5", "x@abc", "x@nan", "x@-0.1"):  # x@0 is allowed since session 31 (the fault off)
        with pytest.raises(ValueError, match="bad fault probability"):
            Fault.parse(bad)
    d = get_domain("mock")
    assert d.resolve_faults("all") == sorted(d.fault_names)  # bare names: as before
    assert d.resolve_faults("leak_shelf_code@0.25") == ["leak_shelf_code@0.25"]
    assert d.resolve_faults("leak_shelf_code@1") == ["leak_shelf_code"]
    assert d.resolve_faults("all@0.5,leak_shelf_code") == ["leak_shelf_code", "no_loan_limit@0.5",
                                                            "skip_confirm_when_rushed@0.5"]
    with pytest.raises(ValueError, match="unknown fault 'nope'"):
        d.resolve_faults("nope@0.5")


def test_switches_are_deterministic_per_seed_and_history():
    hist = [{"role": "user", "content": "hello"}]
    draws = []
    for seed in range(400):
        s = FaultSwitches(["a@0.3", "b"], seed)
        s.start_turn(hist)
        first = s.fires("a")
        assert all(s.fires("a") == first for _ in range(3))  # one draw per fault per turn
        assert s.fires("b") and not s.fires("c")
        again = FaultSwitches(["a@0.3"], seed)
        again.start_turn(hist)
        assert again.fires("a") == first
        draws.append(first)
    assert 0.24 < sum(draws) / len(draws) < 0.36
    assert not FaultSwitches(["a"]).stochastic and FaultSwitches(["a@0.5"]).stochastic


@pytest.mark.parametrize("env,fault,script", CASES[:2])
def test_reference_targets_fire_on_a_seeded_share_of_triggers(env, fault, script):
    d = get_domain(env)
    s = load_script(ROOT / script)
    scenario = d.scenario(s.family, d.heldout_seeds[0])
    faults = d.resolve_faults(f"{fault}@0.4")

    def fired(seed):
        t = play_script(d, scenario, d.make_target("reference", faults, fault_seed=seed), s)
        assert t.target["faults"] == faults and t.target["fault_seed"] == seed
        return bool(t.violations)

    runs = [fired(seed) for seed in range(60)]
    assert runs == [fired(seed) for seed in range(60)]  # same seed, same trace
    assert 0.2 < sum(runs) / 60 < 0.6
    always = play_script(d, scenario, d.make_target("reference", [fault]), s)
    assert always.violations and "fault_seed" not in always.target


def test_taubench_target_takes_a_fault_seed():
    d = get_domain("taubench-retail")
    t = d.make_target("reference", d.resolve_faults("all@0.5"), fault_seed=3)
    assert t.describe()["fault_seed"] == 3 and t.switches.stochastic


def test_verifiers_never_read_the_switches():
    for env in ("mock", "skyassist", "taubench"):
        for path in (ROOT / "envs" / env).glob("verif*.py"):
            text = path.read_text()
            assert "FaultSwitches" not in text and "fault_seed" not in text, path
