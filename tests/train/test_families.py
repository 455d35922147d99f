"""Scenario-family sampling of the rollout engine (probe.train.families): uniform leaves the engine as
it was; prioritized draws every family once, then favours families whose prefixes paid plausible
violation credit, never starves the rest, and survives a resumed run."""

import json
import random

import pytest

from probe.train.config import ConfigError, load_config
from probe.train.families import FamilySampler
from probe.train.loop import Trainer
from tests.train.test_training import _metrics, small_config

FAMS = [f"f{i}" for i in range(6)]


def test_uniform_draws_nothing_and_leaves_the_rng_alone():
    s = FamilySampler(FAMS, "uniform")
    rng = random.Random(1)
    before = rng.getstate()
    assert s.draw(rng) is None and rng.getstate() == before
    s.update("f1", 3.0)
    assert s.scores == {}


def test_every_family_once_first_then_the_paying_ones_most():
    s = FamilySampler(FAMS, "prioritized", seed=3)
    rng = random.Random(0)
    first = [s.draw(rng) for _ in FAMS]
    assert sorted(first) == FAMS  # a seeded permutation
    again = FamilySampler(FAMS, "prioritized", seed=3)
    assert [again.draw(rng) for _ in FAMS] == first  # the same seed, the same order
    other = FamilySampler(FAMS, "prioritized", seed=4)
    assert [other.draw(rng) for _ in FAMS] != first
    for f in FAMS:
        s.update(f, 2.0 if f == "f4" else 0.0)
    probs = s.probabilities()
    assert abs(sum(probs.values()) - 1) < 1e-9
    assert probs["f4"] == max(probs.values()) and probs["f4"] > 1.5 / len(FAMS)
    zeros = [probs[f] for f in FAMS if f != "f4"]
    assert min(zeros) > 0  # staleness and shared ranks: never starved
    counts = {f: 0 for f in FAMS}
    for _ in range(600):
        f = s.draw(rng)
        counts[f] += 1
        s.update(f, 2.0 if f == "f4" else 0.0)
    assert counts["f4"] == max(counts.values()) and counts["f4"] > 600 / len(FAMS)
    assert min(counts.values()) > 0


def test_equal_scores_share_their_ranks_weight():
    s = FamilySampler(FAMS, "prioritized", rho=0.0)
    rng = random.Random(0)
    for _ in FAMS:
        s.update(s.draw(rng), 0.0)
    probs = s.probabilities()
    assert max(probs.values()) - min(probs.values()) < 1e-12


def test_a_family_that_stops_paying_falls_back():
    s = FamilySampler(FAMS, "prioritized", rho=0.0, alpha=0.5)
    rng = random.Random(0)
    for _ in FAMS:
        f = s.draw(rng)
        s.update(f, 1.0 if f == "f2" else 0.5)
    assert max(s.probabilities(), key=s.probabilities().get) == "f2"
    for _ in range(4):
        s.update("f2", 0.0)  # its policy is exhausted (global decay): the moving average drops below 0.5
    assert s.probabilities()["f2"] == min(s.probabilities().values())


def test_state_round_trip_draws_the_same_families():
    a = FamilySampler(FAMS, "prioritized", seed=2)
    rng = random.Random(5)
    for k in range(10):
        f = a.draw(rng)
        a.update(f, float(k % 3))
    b = FamilySampler(FAMS, "prioritized", seed=99)
    b.load_state_dict(json.loads(json.dumps(a.state_dict())))
    r1, r2 = random.Random(7), random.Random(7)
    assert [a.draw(r1) for _ in range(20)] == [b.draw(r2) for _ in range(20)]


def test_stratified_draws_every_family_once_per_round_in_a_new_order_and_resumes():
    s = FamilySampler(FAMS, "stratified", seed=3)
    rng = random.Random(0)
    rounds = [[s.draw(rng) for _ in FAMS] for _ in range(4)]
    assert all(sorted(r) == FAMS for r in rounds)  # equal shares after every full round
    assert len({tuple(r) for r in rounds}) > 1  # each round in its own seeded order
    prioritized = FamilySampler(FAMS, "prioritized", seed=3)
    assert rounds[0] == [prioritized.draw(rng) for _ in FAMS]  # the first round as prioritized starts
    s.update("f1", 5.0)
    assert s.scores == {}  # credit changes nothing
    again = FamilySampler(FAMS, "stratified", seed=3)
    assert [again.draw(rng) for _ in range(4 * len(FAMS))] == sum(rounds, [])
    mid = FamilySampler(FAMS, "stratified", seed=3)
    for _ in range(8):
        mid.draw(rng)
    resumed = FamilySampler(FAMS, "stratified", seed=99)
    resumed.load_state_dict(json.loads(json.dumps(mid.state_dict())))
    assert [resumed.draw(rng) for _ in range(16)] == sum(rounds, [])[8:24]


def test_bad_state_and_mode_are_refused_in_one_line():
    with pytest.raises(ValueError, match="'uniform', 'stratified' or 'prioritized', got 'greedy'"):
        FamilySampler(FAMS, "greedy")
    s = FamilySampler(FAMS, "prioritized")
    state = s.state_dict()
    state["scores"] = {"nope": 1.0}
    with pytest.raises(ValueError, match="nope"):
        FamilySampler(FAMS, "prioritized").load_state_dict(state)
    with pytest.raises(ConfigError, match="scenario_sampling"):
        load_config(None, ["rollout.scenario_sampling=greedy"])


@pytest.mark.tiny_auditor
def test_prioritized_training_draws_families_and_resumes_exactly(tmp_path):
    sets = {"rollout.scenario_sampling": "prioritized"}
    full = Trainer(small_config(tmp_path / "a", "grpo", updates=3, checkpoint_every=1, **sets))
    full.run(progress=False)
    rows = [json.loads(x) for x in (tmp_path / "a" / "grpo" / "metrics.jsonl").read_text().splitlines()]
    drawn = [f for r in rows for f in r["families"]]
    assert drawn and len(set(drawn)) == len(drawn)  # the first pass: no family twice

    first = Trainer(small_config(tmp_path / "b", "grpo", updates=10, checkpoint_every=2, **sets))
    first.open()
    for _ in range(3):
        first.update()
    first.close()
    second = Trainer(small_config(tmp_path / "b", "grpo", updates=3, checkpoint_every=2, **sets))
    assert second.resume() and second.step == 2
    second.run(progress=False)
    assert _metrics(tmp_path / "a" / "grpo" / "metrics.jsonl") == _metrics(tmp_path / "b" / "grpo" / "metrics.jsonl")


@pytest.mark.tiny_auditor
def test_a_run_written_before_scenario_sampling_existed_resumes(tmp_path):
    """A config.yaml without the new rollout keys (as earlier versions wrote it) resumes with their
    defaults instead of being refused as a changed setting; a uniform engine needs no saved state."""
    import yaml

    Trainer(small_config(tmp_path, "grpo", updates=1, checkpoint_every=1)).run(progress=False)
    path = tmp_path / "grpo" / "config.yaml"
    data = yaml.safe_load(path.read_text())
    for key in ("scenario_sampling", "prioritized_beta", "prioritized_rho"):
        data["rollout"].pop(key)
    path.write_text(yaml.safe_dump(data))
    again = Trainer(small_config(tmp_path, "grpo", updates=2, checkpoint_every=1))
    assert again.resume() and again.step == 1
    again.engine.load_state_dict({})  # a checkpoint written before the sampler had a state
