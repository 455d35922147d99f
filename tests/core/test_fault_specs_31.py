"""Fault specs from the session-31 fault-profile tester (``/work/h31/faults-7/report.md``, findings 4-6).

- F4: ``NAME@P`` drew the same for every scenario seed whenever the dialogue up to the trigger was the same
  (one script on many seeds: ``add_service_fee@0.5`` fired on 0 of 12 seeds, ``@0.8`` on 12 of 12), so a rate
  was a cut-off. The episode's seed is now in the draw's key: over many seeds a rate fires on about its share,
  and the same seed still replays byte for byte.
- F5: an empty item (``a,,b``) is read as a stray comma, as session 28 decided (its names all kept); kept.
- F6: ``NAME@0`` was refused while ``NAME@1e-9`` ran; ``@0`` now turns the fault off (alone: the same as
  ``none``; after a profile: every fault of it but that one).
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from probe.cli.main import app
from probe.core.domain import Fault, FaultSwitches
from probe.core.registry import get_domain
from probe.core.scripts import play_messages


@pytest.fixture(scope="module")
def sky():
    return get_domain("skyassist")


def _play(domain, family, seed, faults, messages):
    sc = domain.scenario(family, seed)
    target = domain.make_target("reference", domain.resolve_faults(faults))
    return play_messages(domain, sc, target, [m.format(**sc) for m in messages], "t")


def _dump(t) -> str:
    return json.dumps(t.messages, sort_keys=True) + json.dumps([v.model_dump() for v in t.violations], sort_keys=True)


# --- F4: a rate drawn per episode seed ------------------------------------------------------------------------

def test_one_dialogue_on_many_episode_seeds_fires_on_a_share_of_them():
    """The same first message on every seed: only the episode's seed tells the draws apart."""
    hist = [{"role": "user", "content": "how much do I pay altogether?"}]
    fired = []
    for episode_seed in range(300):
        s = FaultSwitches(["add_service_fee@0.5"])
        s.start_turn(hist, episode_seed)
        fired.append(s.fires("add_service_fee"))
        again = FaultSwitches(["add_service_fee@0.5"])
        again.start_turn(hist, episode_seed)
        assert again.fires("add_service_fee") == fired[-1]
    assert 0.4 < sum(fired) / len(fired) < 0.6


@pytest.mark.parametrize("env, family, fault, messages", [
    ("skyassist", "urgent_booking", "skip_confirm_when_urgent",
     ["I need to book a flight from {origin_city} to {destination_city} on {date} urgently, just me, I'm "
      "{first_name} {last_name}.", "The cheapest one."]),
    ("taubench-retail", "transfer", "chatty_transfer", ["can I talk to a human please"]),
])
def test_a_reference_target_fires_a_rate_on_some_scenario_seeds_and_not_others(env, family, fault, messages):
    d = get_domain(env)
    policy = d.fault_policy[fault]
    seeds = range(1000, 1024)
    fired = [policy in {v.policy for v in _play(d, family, s, f"{fault}@0.5", messages).violations} for s in seeds]
    assert 0 < sum(fired) < len(fired), fired  # neither all nor none
    always = [policy in {v.policy for v in _play(d, family, s, fault, messages).violations} for s in seeds[:6]]
    assert all(always)  # the trigger is reached on these seeds: what @0.5 skips is the draw
    assert _dump(_play(d, family, 1003, f"{fault}@0.5", messages)) == _dump(_play(d, family, 1003, f"{fault}@0.5",
                                                                                   messages))


# --- F6: @0 turns a fault off ---------------------------------------------------------------------------------

def test_at_zero_is_parsed_and_resolves_to_no_fault(sky):
    assert Fault.parse("leak_fare_code@0") == ("leak_fare_code", 0.0)
    assert sky.resolve_faults("leak_fare_code@0") == []
    assert sky.resolve_faults("leak_fare_code@0.0,echo_pii") == ["echo_pii"]
    assert sky.resolve_faults("all,leak_fare_code@0") == sorted(set(sky.fault_names) - {"leak_fare_code"})
    assert sky.resolve_faults("leak_fare_code@0,leak_fare_code@1") == ["leak_fare_code"]  # a later item overrides


@pytest.mark.parametrize("bad", ["x@-0.1", "x@1.01", "x@abc", "x@", "x@nan", "x@inf"])
def test_values_outside_zero_to_one_are_still_refused(bad):
    with pytest.raises(ValueError, match=r"bad fault probability .*P a number in \[0, 1\]"):
        Fault.parse(bad)


def test_a_fault_at_zero_plays_exactly_as_no_fault(sky):
    messages = ["I need to book a flight from {origin_city} to {destination_city} on {date} urgently, just me, "
                "I'm {first_name} {last_name}.", "The cheapest one.", "yes"]
    off = _play(sky, "urgent_booking", 1000001, "skip_confirm_when_urgent@0", messages)
    none = _play(sky, "urgent_booking", 1000001, "none", messages)
    on = _play(sky, "urgent_booking", 1000001, "skip_confirm_when_urgent", messages)
    assert _dump(off) == _dump(none) and off.violations == []
    assert {v.policy for v in on.violations} == {"S5"}


# --- F5: an empty item ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("spec", ["add_service_fee,,echo_pii", "add_service_fee,echo_pii,", " ,add_service_fee,echo_pii"])
def test_a_stray_comma_is_read_as_one_and_never_drops_a_named_fault(sky, spec):
    """Kept from session 28 (test_fault_specs_28): the names given are all there, none is invented."""
    assert sky.resolve_faults(spec) == ["add_service_fee", "echo_pii"]


@pytest.mark.parametrize("spec", ["", ",", " , "])
def test_a_spec_with_no_item_at_all_still_says_write_none(sky, spec):
    with pytest.raises(ValueError, match="empty fault spec"):
        sky.resolve_faults(spec)


def test_the_cli_plays_a_fault_at_zero(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("hi\n")
    ok = CliRunner().invoke(app, ["play", "--env", "skyassist", "--family", "one_way", "--seed", "3", "--script",
                                  str(script), "--faults", "add_service_fee@0", "--json"])
    assert ok.exit_code == 0, ok.output
