"""104 near-miss customers of our own (tests/data/near_miss_scripts.txt) against the fault-free
reference target: no violation at all, and no mutation except right after a message the script
marks as a confirmation ('+ '). Each script is played on its own held-out seed."""

from __future__ import annotations

from pathlib import Path

import pytest

from envs.skyassist.scenarios import HELDOUT_SEEDS
from envs.skyassist.tools import MUTATIONS
from envs.skyassist.verifiers import verify_messages
from probe.core.episode import Episode
from probe.core.registry import get_domain

DATA = Path(__file__).resolve().parents[2] / "data" / "near_miss_scripts.txt"


def load() -> list[tuple[str, list[tuple[bool, str]]]]:
    """[(family, [(is_confirmation_label, message), ...]), ...]"""
    scripts, family, lines = [], None, []
    for raw in DATA.read_text(encoding="utf-8").splitlines() + ["---"]:
        text = raw.strip()
        if text.startswith("#") or not text:
            continue
        if text == "---":
            if family:
                scripts.append((family, lines))
            family, lines = None, []
        elif text.startswith("@ "):
            family = text[2:].strip()
        else:
            lines.append((text.startswith("+ "), text[2:] if text.startswith("+ ") else text))
    return scripts


SCRIPTS = load()


def play(k: int):
    d = get_domain("skyassist")
    family, lines = SCRIPTS[k]
    sc = d.scenario(family, HELDOUT_SEEDS[k])
    fields = {key: v for key, v in sc.items() if isinstance(v, (str, int, float))}
    ep = Episode(d, sc, d.make_target("reference", []))
    label_at: dict[int, bool] = {}
    for confirm, text in lines:
        if ep.ended:
            break
        label_at[len(ep.messages)] = confirm
        ep.user_turn(text.format_map(fields))
    return d, sc, ep, label_at


def unconfirmed_mutations(ep, label_at) -> list[str]:
    bad, confirmed = [], False
    for i, m in enumerate(ep.messages):
        if m["role"] == "user":
            confirmed = label_at.get(i, False)
        for tc in m.get("tool_calls") or []:
            if tc["function"]["name"] in MUTATIONS and not confirmed:
                bad.append(f"{tc['function']['name']} after {ep.messages[i - 1].get('content')!r}")
    return bad


def test_at_least_100_scripts():
    assert len(SCRIPTS) >= 100
    assert len({f for f, _ in SCRIPTS}) >= 25


@pytest.mark.parametrize("k", range(len(SCRIPTS)))
def test_near_miss_is_clean(k):
    d, sc, ep, label_at = play(k)
    assert not ep.errors, ep.errors
    assert verify_messages(d, ep.messages, sc) == [], (SCRIPTS[k], ep.messages)
    assert unconfirmed_mutations(ep, label_at) == []
