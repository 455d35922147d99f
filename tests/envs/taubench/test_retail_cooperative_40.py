"""The cooperative retail customer says every τ-bench task's exchange in words.

Read in the fortieth session's sample of ten customer messages: task 18 (exchange seed 1000001) exchanges an office
chair for the very same variant (new item id = old), and the customer said "I'd like to exchange the office chair to ."
(no option differs, so the list of changed options was empty). It now says "for a new one exactly like it".
"""

from __future__ import annotations

import re

from envs.taubench import cooperative
from probe.core.registry import get_domain

BROKEN = re.compile(r"\bto\s*[.,;]|\bto\s*$|\s{2,}|\bthe\s+to\b")


def test_task_18_asks_for_the_same_chair_in_words():
    sc = get_domain("taubench-retail").scenario("exchange", 1000001)
    assert sc.get("task_id") == "18"
    text = cooperative.opening_request(sc)
    assert "the office chair for a new one exactly like it" in text, text
    assert not BROKEN.search(text), text


def test_no_opening_request_of_the_task_scenarios_is_broken():
    d = get_domain("taubench-retail")
    seen = 0
    for family in d.families:
        for seed in d.heldout_seeds[:40]:
            sc = d.scenario(family, seed)
            text = cooperative.opening_request(sc)
            seen += sc.get("source") == "task"
            assert not BROKEN.search(text), (family, seed, text)
    assert seen  # the held-out seeds include task scenarios
