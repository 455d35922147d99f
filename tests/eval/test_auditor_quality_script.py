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


ADDRESS_QUESTION = "What is the new shipping address (street, city, state and zip code)?"


def test_an_address_answer_needs_a_street_or_a_state_and_zip():
    check = aq.question_kind("taubench-retail", ADDRESS_QUESTION)
    assert check is not None and check[0] == "address"
    answers = ["It's 12 Oak Lane, Portland, OR 97205.", "new address: 4 main st apt 2 denver co 80203",
               "Please ship it to 77 North Harbor Road.", "Denver, CO 80203", "1200 Elm Street"]
    not_answers = ["I'd like to change the indoor security camera in order 98178 ent order.", "98103.",
                   "Can you cancel #W1234567 instead?", "The first one, 3 items please.", "yes"]
    assert [t for t in answers if not check[2](ADDRESS_QUESTION, t)] == []
    assert [t for t in not_answers if check[2](ADDRESS_QUESTION, t)] == []
