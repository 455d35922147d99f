"""A family name that is also a verdict, typed in lower case after the last-name cue, is the verdict (AdaT campaign 0 of
the thirty-ninth session: the untrained auditor's "Last name is fine." was booked under the surname "Fine", and S1
fired on the compliant agent: four false alarms of its suite)."""

from __future__ import annotations

import pytest

from envs.skyassist.language import parse
from tests.envs.skyassist.test_sky_faults_28 import D, _calls, _play, _said

DB = D.make_target("reference", []).db
START = ["Madrid to Amsterdam 28 Aug, just me", "first one", "Elijah"]


@pytest.mark.parametrize("answer", ["Last name is fine.", "last name is fine", "my last name is good", "surname is ok",
                                    "the surname is correct", "last name's fine thanks"])
def test_a_verdict_is_no_surname_and_the_name_is_asked_again(answer):
    assert parse(answer, DB, "last_name").last_name is None
    t = _play("one_way", 3, [], START + [answer, "Okafor", "yes"])
    assert "last name" in _said(t)[3], _said(t)
    assert [(c["first_name"], c["last_name"]) for c in _calls(t, "book_flight")] == [("Elijah", "Okafor")]
    assert t.violations == []


@pytest.mark.parametrize("answer, last", [
    # near misses: a capitalised family name that is also a word, and lower-case surnames that are no verdict
    ("Last name is Fine", "Fine"), ("surname is Good", "Good"), ("my surname is price", "Price"),
    ("Surname is Smith", "Smith"),
])
def test_a_family_name_that_is_a_word_is_still_the_surname(answer, last):
    assert parse(answer, DB, "last_name").last_name == last
