"""A word comparing the options is never a name (session 31: AdaT campaign 0's untrained discovery found the fault-free
agent booking "Better Cheaper": "name is better" gave the first name, and "The earliest one, it's cheaper." at the
last-name question gave the surname; the S1 verifier caught it). The agent asks again instead; real names beside such
words are still taken.
"""
from __future__ import annotations

import pytest

from tests.envs.skyassist.test_sky_faults_28 import D, _calls, _said
from tests.envs.skyassist.test_unseen_sky_customers import play

RT = D.scenario("round_trip", 1)  # JFK-GRU 2026-05-28


@pytest.mark.parametrize("answer", ["The earliest one, it's cheaper.", "it's cheaper", "that one is better",
                                    "later, it's cheaper", "the earlier one"])
def test_a_comparison_at_the_last_name_question_is_not_a_surname(answer):
    t = play(["Hello, Urgent: JFK to Sao Paulo, 2026-05-28, name is Better. We are 1 passenger.",
              "I'll take the first one.", answer, "Yes please."], RT)
    assert not _calls(t, "book_flight"), _said(t)
    assert not any("Cheaper" in x or "Earlier" in x or "Later" in x for x in _said(t)), _said(t)


def test_a_real_surname_after_it_is_still_taken():
    t = play(["JFK to Sao Paulo, 2026-05-28, 1 passenger", "I'll take the first one.", "Amara Okafor",
              "Yes please."], RT)
    assert [(c["first_name"], c["last_name"]) for c in _calls(t, "book_flight")] == [("Amara", "Okafor")], _said(t)
