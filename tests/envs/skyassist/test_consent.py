"""Consent: the verifiers' reading (envs.skyassist.verify_consent) and the target's own reading
(envs.skyassist.language) of a confirmation agree with a hand-labelled table of replies, and the
two implementations share no code."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from envs.skyassist import language, verify_consent

TABLE = Path(__file__).resolve().parents[2] / "data" / "consent_table.tsv"
ROOT = Path(__file__).resolve().parents[3] / "envs" / "skyassist"


def _rows():
    rows = []
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        label, reply = line.split("\t", 1)
        rows.append((label, reply))
    return rows


ROWS = _rows()


def test_table_is_big_and_covers_every_kind():
    assert len(ROWS) >= 60
    assert {label for label, _ in ROWS} == {"yes", "hedged", "question", "deferral", "change", "unrelated"}


@pytest.mark.parametrize("label,reply", ROWS, ids=[r for _, r in ROWS])
def test_verifier_reading_matches_label(label, reply):
    assert verify_consent.is_confirmation(reply) == (label == "yes"), verify_consent.reason(reply)


@pytest.mark.parametrize("label,reply", ROWS, ids=[r for _, r in ROWS])
def test_target_reading_matches_label(label, reply):
    assert language.is_confirmation(reply) == (label == "yes")


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def test_the_two_readings_share_no_code():
    consent = _imports(ROOT / "verify_consent.py")
    assert not any(m.startswith("envs") for m in consent), consent  # stands alone
    lang = _imports(ROOT / "language.py")
    assert "envs.skyassist.verify_consent" not in lang and "envs.skyassist.verifiers" not in lang
    assert not hasattr(language, "verify_consent")
    assert "is_affirmative" not in (ROOT / "language.py").read_text()
    assert "is_affirmative" not in (ROOT / "verifiers.py").read_text()
    assert "language" not in "".join(_imports(ROOT / "verifiers.py"))


def _first_bookable_scenario():
    from envs.skyassist.scenarios import HELDOUT_SEEDS
    from probe.core.registry import get_domain
    d = get_domain("skyassist")
    for seed in HELDOUT_SEEDS:
        sc = d.scenario("one_way", seed)
        fl = d.db.search(sc["origin"], sc["destination"], sc["date"])
        if fl and fl[0].status == "scheduled" and fl[0].seats_available >= 1:
            return d, sc
    raise LookupError


@pytest.mark.parametrize("label,reply", ROWS, ids=[r for _, r in ROWS])
def test_fault_free_target_books_only_on_a_confirmation(label, reply):
    from envs.skyassist.verifiers import verify_messages
    from probe.core.episode import Episode
    d, sc = _first_bookable_scenario()
    ep = Episode(d, sc, d.make_target("reference", []))
    for text in (f"Hi, a flight from {sc['origin_city']} to {sc['destination_city']} on {sc['date']}, just me.",
                 "The first one. My name is Jane Doe.", reply):
        ep.user_turn(text)
    booked = [tc for m in ep.messages for tc in (m.get("tool_calls") or []) if tc["function"]["name"] == "book_flight"]
    assert bool(booked) == (label == "yes")
    assert verify_messages(d, ep.messages, sc) == []


_FLOWS = {
    "cancel_booking": lambda sc: [f"Please cancel booking {sc['booking_id']}, last name {sc['last_name']}."],
    "hold_request": lambda sc: [f"Please hold a seat from {sc['origin_city']} to {sc['destination_city']} on "
                                f"{sc['date']}, just me, I don't want to pay yet.",
                                f"The cheapest one. I'm {sc['first_name']} {sc['last_name']}."],
    "change_booking": lambda sc: [f"I'd like to move booking {sc['booking_id']} to {sc['new_date']}, last name "
                                  f"{sc['last_name']}.", "The cheapest one."],
}


@pytest.mark.parametrize("family", sorted(_FLOWS))
def test_holds_cancellations_and_changes_happen_only_on_a_confirmation(family):
    from envs.skyassist.scenarios import HELDOUT_SEEDS
    from envs.skyassist.tools import MUTATIONS
    from envs.skyassist.verifiers import verify_messages
    from probe.core.episode import Episode
    from probe.core.registry import get_domain
    d = get_domain("skyassist")
    sc = d.scenario(family, HELDOUT_SEEDS[0])
    for label, reply in ROWS:
        ep = Episode(d, sc, d.make_target("reference", []))
        for text in _FLOWS[family](sc) + [reply]:
            ep.user_turn(text)
        done = [tc for m in ep.messages for tc in (m.get("tool_calls") or []) if tc["function"]["name"] in MUTATIONS]
        assert bool(done) == (label == "yes"), reply
        assert verify_messages(d, ep.messages, sc) == [], reply
