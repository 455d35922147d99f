"""Companions the speaker brings, said at the count question, count the speaker too (fault-tester-2 finding 1:
"bringing my two daughters" booked 2 seats for Nadia Fischer and her two daughters)."""

from __future__ import annotations

import pytest

from tests.envs.skyassist.test_sky_customers_38r import TRIP
from tests.envs.skyassist.test_sky_faults_28 import _calls, _play, _said


@pytest.mark.parametrize("answer, n", [
    ("bringing my two daughters", 3),  # the tester's
    ("I'm bringing my 2 sons", 3),
    ("i'll be bringing my wife", 2),
    # near misses: nobody joins the speaker, or a plain count
    ("not bringing the kids, just my wife and me", 2),
    ("2", 2),
])
def test_companions_the_speaker_brings_count_the_speaker(answer, n):
    t = _play("one_way", 1, [], TRIP + [answer, "yes"])
    assert [c["passengers"] for c in _calls(t, "book_flight")] == [n], _said(t)
    assert t.violations == []
