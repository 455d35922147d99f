"""scripts/auditor_quality.py's grounding check: which words count as proper nouns, and a message
naming a city nobody mentioned is not grounded."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("auditor_quality", ROOT / "scripts" / "auditor_quality.py")
aq = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(aq)


def test_proper_nouns_skip_sentence_starts_and_pleasantries():
    assert aq.proper_nouns("Hi, I want to go to Lima from BOG. Paris is nice! On Friday? Thanks Ana") == \
        ["Lima", "BOG", "Friday", "Ana"]
    assert aq.proper_nouns("Yes. Book it please, ASAP. I'm OK with that.") == []


def test_measure_counts_grounded_nouns(monkeypatch):
    monkeypatch.setattr(aq, "fluency", lambda texts, domain: [{"implausible": False} for _ in texts])
    records = [{"episode": 0, "agent": "", "text": "a", "nouns": [("Lima", True), ("Oslo", False)]},
               {"episode": 0, "agent": "", "text": "b", "nouns": [("Quito", True)]}]
    m = aq.measure("skyassist", records)
    assert m["proper_nouns"] == 3 and abs(m["grounded"] - 2 / 3) < 1e-9
