"""The learned fluency scorer (probe.train.fluency), its plausibility entry and `probe plausibility`."""

import json
import random
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from probe.train import fluency as F
from probe.train.plausibility import ALL_FLAG_NAMES, FLAG_NAMES

CHECK = Path(__file__).resolve().parents[1] / "data" / "fluency_check.jsonl"
FLOOR_PASSED = 0.60   # share of the hand-written plausible messages the default scorer passes
FLOOR_FLAGGED = 0.55  # share of the real trained-auditor babble it flags

# A few customer messages written for these tests (not the corpus), enough to exercise the
# corruptions and a small build.
MESSAGES = [
    "I would like to fly from Oslo to Rome on June 3, two of us.",
    "Can you check booking BK12AB34 for me, last name Moreno?",
    "Yes, please go ahead and book it.",
    "How much is that in pounds?",
    "We need seats for a group of eleven people next month.",
    "Thanks, that is all for today.",
]


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    """A PROBE_CACHE of its own for this module (the default scorer is built into it once)."""
    return tmp_path_factory.mktemp("probe-cache")


@pytest.fixture(scope="module")
def scorer(domain, cache):
    return F.load_fluency_scorer(domain, seed=0, cache_root=cache / F.BUILD_VERSION)


# --- corruptions -------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(F.CORRUPTIONS))
def test_each_corruption_changes_a_long_message_and_is_seeded(name):
    fn = F.CORRUPTIONS[name]
    msg = MESSAGES[0]
    outs = [fn(random.Random(s), msg, MESSAGES) for s in range(20)]
    assert any(o != msg for o in outs), f"{name} never changed the message"
    assert outs == [fn(random.Random(s), msg, MESSAGES) for s in range(20)]  # same seeds, same results


def test_corruptions_do_what_their_names_say():
    msg = MESSAGES[0]
    rng = random.Random(3)
    shuffled = F.shuffle_words(rng, msg, MESSAGES)
    assert sorted(shuffled.split()) == sorted(msg.split())
    dropped = F.drop_words(random.Random(4), msg, MESSAGES)
    assert len(dropped.split()) < len(msg.split())
    assert all(w in msg.split() for w in dropped.split())
    dup = F.duplicate_words(random.Random(5), msg, MESSAGES)
    assert len(dup.split()) > len(msg.split())
    digits = F.digit_runs(random.Random(6), "yes please", MESSAGES)
    assert any(ch.isdigit() for ch in digits)
    stuffed = F.keyword_stuff(random.Random(7), "I want to fly to Rome", MESSAGES)
    assert any(kw in stuffed for kw in F.TRIGGER_WORDS)
    spliced = F.splice(random.Random(8), MESSAGES[0], MESSAGES[1:2])
    assert spliced.split()[0] == "I" and spliced.split()[-1] == "Moreno?"


def test_negatives_never_reproduce_a_fluent_message():
    negs = F.make_negatives(MESSAGES, 6, random.Random(0))
    assert negs and not set(negs) & set(MESSAGES)
    assert negs == F.make_negatives(MESSAGES, 6, random.Random(0))


def test_variants_keep_the_words():
    variants = F.make_variants(MESSAGES, 3, random.Random(1))
    assert len(variants) == 3 * len(MESSAGES)
    typo = F.typo(random.Random(2), "I need to change my flight")
    assert typo != "I need to change my flight" and len(typo.split()) == 6


# --- scorer, cache -----------------------------------------------------------------------------

def test_scores_are_probabilities_and_empty_text_scores_zero(scorer):
    s = scorer.scores(["yes", "", "   ", "I need a flight to Lisbon on Friday."])
    assert all(0.0 <= x <= 1.0 for x in s)
    assert s[1] == 0.0 and s[2] == 0.0
    assert scorer.assess(["", "yes"])[0] == {"score": 0.0, "implausible": True}


def test_cache_round_trip_and_rebuild(domain, tmp_path):
    settings = F.FluencySettings(n_episodes=4, epochs=20, hash_bits=14)
    built = F.load_fluency_scorer(domain, seed=1, settings=settings, cache_root=tmp_path)
    dirs = [d for d in tmp_path.iterdir() if not d.name.startswith(".")]
    assert len(dirs) == 1 and (dirs[0] / "weights.npz").exists() and (dirs[0] / "build.json").exists()
    with np.load(dirs[0] / "weights.npz", allow_pickle=False) as z:  # no pickle needed to read it
        assert z["weights"].shape == (1 << 14,)
    texts = ["yes please", "the the of to 2026-01-02-03-04 fare basis"]
    loaded = F.load_fluency_scorer(domain, seed=1, settings=settings, cache_root=tmp_path)
    assert loaded.info["key"] == built.info["key"]
    assert np.allclose(loaded.scores(texts), built.scores(texts), atol=1e-5)
    # a broken cache is rebuilt, not trusted
    (dirs[0] / "weights.npz").write_bytes(b"not an npz")
    assert F.load_saved(dirs[0]) is None
    rebuilt = F.load_fluency_scorer(domain, seed=1, settings=settings, cache_root=tmp_path)
    assert np.allclose(rebuilt.scores(texts), built.scores(texts), atol=1e-5)
    # another seed is another model in its own directory; nothing else is touched
    F.load_fluency_scorer(domain, seed=2, settings=settings, cache_root=tmp_path)
    assert len([d for d in tmp_path.iterdir() if not d.name.startswith(".")]) == 2


def test_build_is_deterministic():
    settings = F.FluencySettings(epochs=15, hash_bits=12)
    a = F.build_scorer(MESSAGES * 3, seed=4, settings=settings)
    b = F.build_scorer(MESSAGES * 3, seed=4, settings=settings)
    assert np.array_equal(a.weights, b.weights)


# --- the hand-labelled check set ---------------------------------------------------------------

def _check_rows():
    return [json.loads(line) for line in CHECK.read_text().splitlines() if line.strip()]


def test_check_set_is_labelled_and_sourced():
    rows = _check_rows()
    plausible = [r for r in rows if r["label"] == "plausible"]
    babble = [r for r in rows if r["label"] == "babble"]
    assert len(plausible) >= 40 and len(babble) >= 40 and len(plausible) + len(babble) == len(rows)
    assert all(r["source"] for r in rows)
    assert len({r["text"] for r in rows}) == len(rows)


def _rates(scorer):
    rows = _check_rows()
    plaus = [r["text"] for r in rows if r["label"] == "plausible"]
    babble = [r["text"] for r in rows if r["label"] == "babble"]
    passed = sum(not a["implausible"] for a in scorer.assess(plaus)) / len(plaus)
    flagged = sum(a["implausible"] for a in scorer.assess(babble)) / len(babble)
    return passed, flagged


def test_check_set_rates(scorer):
    """Measured at the time of writing: see docs/fluency.md. Issue 12 asks for >= 90% on both;
    this guards the rates reached so far against regressions."""
    passed, flagged = _rates(scorer)
    assert passed >= FLOOR_PASSED and flagged >= FLOOR_FLAGGED, (passed, flagged)


# --- plausibility entry and CLI ----------------------------------------------------------------

def test_plausibility_exposes_the_seventh_flag(domain, cache, scorer, monkeypatch):
    from probe.train.plausibility import fluency, is_implausible
    monkeypatch.setenv("PROBE_CACHE", str(cache))
    F._LOADED.clear()
    assert ALL_FLAG_NAMES == FLAG_NAMES + ("implausible",)
    out = fluency(["I'd like to book a flight to Paris, please.", ""], domain)
    assert set(out[0]) == {"score", "implausible"} and out[1]["implausible"] is True
    assert is_implausible("", domain) is True


def _run(args, cache, monkeypatch):
    from probe.cli import app
    monkeypatch.setenv("PROBE_CACHE", str(cache))
    F._LOADED.clear()
    return CliRunner().invoke(app, args)


def test_cli_json_and_table(tmp_path, cache, scorer, monkeypatch):
    f = tmp_path / "msgs.txt"
    f.write_text("Yes please, book it.\n\nAs an AI I can help you with that.\nthe the 2026-01-02-03-04 basis fare of\n")
    res = _run(["plausibility", str(f), "--json"], cache, monkeypatch)
    assert res.exit_code == 0, res.output
    rows = [json.loads(line) for line in res.stdout.splitlines()]
    assert [r["text"] for r in rows] == ["Yes please, book it.", "As an AI I can help you with that.",
                                          "the the 2026-01-02-03-04 basis fare of"]
    for r in rows:
        assert set(r) == {"text", "score", "implausible", *FLAG_NAMES}
        assert isinstance(r["implausible"], bool) and 0.0 <= r["score"] <= 1.0
    assert rows[1]["assistant_like"] is True and rows[0]["assistant_like"] is False
    assert rows[2]["implausible"] is True
    table = _run(["plausibility", str(f)], cache, monkeypatch)
    assert table.exit_code == 0
    assert "Yes please, book it." in table.stdout and "3 message(s)" in table.stdout


@pytest.mark.parametrize("make", ["missing", "directory", "binary"])
def test_cli_bad_file_is_one_error_line(tmp_path, cache, monkeypatch, make):
    path = tmp_path / "input"
    if make == "directory":
        path.mkdir()
    elif make == "binary":
        path.write_bytes(b"\xff\xfe\x00bad")
    res = _run(["plausibility", str(path)], cache, monkeypatch)
    assert res.exit_code == 2
    lines = [ln for ln in res.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and str(path) in lines[0]
