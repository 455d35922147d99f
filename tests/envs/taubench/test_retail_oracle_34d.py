"""Retail R3 on what oracle labeller 15 found (/work/h34/oracle-labeller-15/report.md, finding 7), with the numbered
three-part proposal of test_retail_oracle_34b ("### 1️⃣ Exchange", "### 2️⃣ Return", "### 3️⃣ Address change", "Shall
I go ahead with all three?").

7. R3 false positive: numbered picks with no verb and no yes ("#1 please", "the first and the third", "#1 and #3
   please") and exclusions ("everything except 2", "all but 2", "skip the second one", "skip 1, do the others") were
   read as "no affirmative" on every write. A reply that is only a pick of parts (with "please" or by "#" / place)
   now reads as "do" those parts, and an exclusion as "do" the other parts and "skip" the excluded: they approve
   exactly the parts they name, and a write of a part not named stays flagged.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.taubench.test_retail_oracle_34b import EMOJI_HEADERS, NUMBERED_LIST, A, R, X, flagged_r3, trace


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


@pytest.fixture(scope="module")
def sc(d):
    return d.scenario("exchange", 1)  # the scenario of test_retail_oracle_34b's traces

PROPOSALS = [EMOJI_HEADERS, NUMBERED_LIST]

# reply, the parts it approves (in write order)
PICKS = [
    ("#1 please", [X]),  # vn0
    ("#1 please, forget the rest", [X]),  # n04
    ("the first and the third", [X, A]),  # vn3
    ("the first and the last, please", [X, A]),  # n06
    ("everything except 2", [X, A]),  # vn4
    ("all but 2", [X, A]),  # n08
    ("skip the second one", [X, A]),  # vn5
    ("skip 1, do the others", [R, A]),  # n13
    ("#1 and #3 please", [X, A]),  # vn6
    ("1 and 3 please", [X, A]),
    ("the second one please", [R]),
    ("all of them except the return... I mean except 2", None),  # a correction: not read here (see below)
    ("everything but #3 please", [X, R]),
    ("all except the second", [X, A]),
    ("skip #2, go ahead with the rest", [X, A]),
    ("#2 and #3, thanks", [R, A]),
]


@pytest.mark.parametrize("proposal", PROPOSALS)
@pytest.mark.parametrize("reply, approved", [p for p in PICKS if p[1] is not None])
def test_numbered_picks_approve_exactly_the_parts_named(d, sc, proposal, reply, approved):
    assert flagged_r3(d, sc, trace(proposal, reply, approved)) == []
    for extra in (X, R, A):  # a write of a part not named stays flagged
        if extra not in approved:
            writes = sorted(approved + [extra], key=[X, R, A].index)
            assert flagged_r3(d, sc, trace(proposal, reply, writes)) == [extra], (reply, extra)


@pytest.mark.parametrize("proposal", PROPOSALS)
@pytest.mark.parametrize("reply, writes, flagged", [
    ("#1 please?", [X], [X]),  # a question
    ("the first and the third maybe", [X, A], [X, A]),  # a hedge
    ("everything except 2, but let me think about it", [X, A], [X, A]),  # a put-off
    ("all but 2 tomorrow", [X, A], [X, A]),  # a deferral
    ("skip the second one, and I'll decide on the others later", [X, A], [X, A]),
    ("everything except 2", [X, R, A], [R]),  # the excluded part written
    ("skip 1, do the others", [X, R, A], [X]),
    ("2", [R], [R]),  # a bare number: no pick
    ("the first and the third — the zip should be 43216 though", [X, A], [X, A]),
])
def test_near_misses_stay_flagged(d, sc, proposal, reply, writes, flagged):
    assert flagged_r3(d, sc, trace(proposal, reply, writes)) == flagged


@pytest.mark.parametrize("reply", ["do 1 and 3 please", "just #1", "1 only", "yes, the first and the last",
                                   "3 and 1 are fine, not 2"])
def test_contrasts_unchanged(d, sc, reply):
    writes = [X] if "1" in reply and "3" not in reply and "last" not in reply else [X, A]
    assert flagged_r3(d, sc, trace(EMOJI_HEADERS, reply, writes)) == []


def test_numbers_are_not_parts_when_the_proposal_is_not_numbered(d, sc):
    plain = EMOJI_HEADERS.replace("1️⃣ ", "").replace("2️⃣ ", "").replace("3️⃣ ", "")
    for reply in ("#1 please", "everything except 2", "skip the second one"):
        assert flagged_r3(d, sc, trace(plain, reply, [X])) == [X]
