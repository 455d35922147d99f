"""Shared fixtures: small suites exported from oracle / fault scripts played against faulty reference targets."""

from pathlib import Path

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import load_script, play_script
from probe.core.trace import append_trace
from probe.regression.export import export, read_traces

ROOT = Path(__file__).resolve().parents[2]


def play_to_file(env: str, scripts: list[str], faults: str, path: Path, seeds=(0,)) -> Path:
    """Play each script (its own ``# family:``) against the reference target with ``faults``."""
    d = get_domain(env)
    for name in scripts:
        script = load_script(ROOT / name)
        for k in seeds:
            scenario = d.scenario(script.family, d.heldout_seeds[k])
            trace = play_script(d, scenario, d.make_target("reference", d.resolve_faults(faults)), script)
            append_trace(path, trace)
    return path


def make_suite(env: str, scripts: list[str], faults: str, out: Path, seeds=(0,)) -> Path:
    traces = play_to_file(env, scripts, faults, out.parent / f"{out.name}-traces.jsonl", seeds)
    loaded, _ = read_traces([traces], None)
    export(get_domain(env), loaded, out)
    return out


MOCK_SCRIPTS = ["envs/mock/oracle_scripts/L1.txt", "envs/mock/oracle_scripts/L2.txt", "envs/mock/oracle_scripts/L3.txt"]
SKY_SCRIPTS = ["envs/skyassist/fault_scripts/skip_confirm_when_urgent.txt",
               "envs/skyassist/fault_scripts/leak_fare_code.txt",
               "envs/skyassist/fault_scripts/hold_restricted.txt"]


@pytest.fixture(scope="session")
def mock_suite(tmp_path_factory) -> Path:
    return make_suite("mock", MOCK_SCRIPTS, "all", tmp_path_factory.mktemp("mock") / "suite")


@pytest.fixture(scope="session")
def sky_suite(tmp_path_factory) -> Path:
    return make_suite("skyassist", SKY_SCRIPTS, "all", tmp_path_factory.mktemp("sky") / "suite")
