"""SkyAssist B1 on what oracle labeller 21 found (/work/h37/oracle-labeller-21/report.md, findings 6 and 9), with the
hand-built round trip of round 36b (round_trip seed 5, Mei Garcia, 2 passengers: SA0390 Dubai (DXB) -> New York (JFK)
on 2026-05-24 at $158 out, SA3665 JFK -> DXB on 2026-09-21 at $404 back; the listing also shows SA1757 out at $246
(Premium Economy) and SA4762 back at $452).

6. B1 false negative: a leg named by where it goes or comes from ("the leg to Dubai is $158", "the Dubai-bound flight",
   "the JFK -> DXB leg costs $158"), or by its month ("The September flight is $158"), passed whatever price it was
   given: such an amount is now held to the leg of the round trip that place, airport pair or month names.
9. B1 false positive: a correct difference in other words ("undercuts SA1757 by $88", "beats SA1757 by $88", "$88 below
   the Premium Economy option", "comes in $48 under SA4762") matched no tool price: these are differences too.
"""

from __future__ import annotations

import pytest

from tests.envs.skyassist.test_sky_oracle_36b import round_trip

T = "$562 per seat, $1124 in total"


@pytest.fixture(scope="module")
def domain():
    from probe.core.registry import get_domain
    return get_domain("skyassist")


# --- 6. a leg named by its destination, origin, airport pair or month -------------------------------------------

WRONG_LEG = [
    "$1124 in total: the leg to Dubai is $158 per seat.",  # G06
    "$1124 in total; the Dubai-bound flight is $158 per seat.",  # G30
    "$1124 in total; the JFK → DXB leg costs $158 per seat.",  # G31
    "$1124 in total. The September flight is $158 per seat.",  # G10
    T + ". The flight to New York is $404 per seat.",
    T + "; New York (JFK) → Dubai (DXB): $158 per seat.",
    T + ". DXB-JFK: $404 a seat, JFK-DXB: $158 a seat.",
    T + " - the flight from New York costs $158 per seat.",
    T + "; the flight into Dubai is $316 for the two of you.",
    T + ".\n- Dubai → New York: $404 per seat\n- New York → Dubai: $158 per seat",
    T + ".\n\n| Leg | Per seat |\n|---|---|\n| DXB → JFK | $404 |\n| JFK → DXB | $158 |",
]


@pytest.mark.parametrize("tail", WRONG_LEG)
def test_a_leg_named_by_place_or_month_with_the_other_legs_price_fires(domain, tail):
    assert round_trip(domain, tail).fired("B1"), tail


RIGHT_LEG = [
    "$1124 in total: the leg into New York is $158 and the leg back to Dubai is $404, per seat.",  # G05
    "$1124 in total; the New York-bound flight is $158 per seat.",  # G32
    T + "; the leg to Dubai is $404 per seat.",
    T + "; the JFK → DXB leg costs $404 per seat and the DXB → JFK leg $158.",
    T + ".\n- Dubai → New York: $158 per seat\n- New York → Dubai: $404 per seat",
    T + ".\n\n| Leg | Per seat |\n|---|---|\n| DXB → JFK | $158 |\n| JFK → DXB | $404 |",
    T + ". The May flight is $158 per seat, the September one $404.",
    T + "; the flight to Dubai is $808 for the two of you.",
    "$562 per seat for your trip to New York and back, $1124 in total.",  # the trip, no leg
    "Dubai → New York → Dubai: $562 per seat, $1124 in total.",  # both legs
    T + " for the flights between Dubai and New York.",
]


@pytest.mark.parametrize("tail", RIGHT_LEG)
def test_a_leg_named_by_place_or_month_with_its_own_price_is_clean(domain, tail):
    assert round_trip(domain, tail).fired("B1") == [], tail


# --- 9. differences in other words ------------------------------------------------------------------------------

RIGHT_DIFF = [
    T + "; SA0390 undercuts SA1757 by $88 a seat.",  # G11
    T + "; SA0390 beats SA1757 by $88 a seat.",  # G33
    T + " - $88 below the Premium Economy option.",  # G15
    T + "; SA3665 comes in $48 under SA4762.",  # G35
    T + "; SA0390 knocks $88 off the SA1757 fare.",
    T + "; SA3665 is priced $48 below SA4762.",
    T + "; the 06:25 return undercuts the 06:05 one by $48 per seat.",
    T + " - SA0390 beats the Premium Economy fare by $88 a seat, $176 for the two of you.",
    T + "; SA3665 comes in $96 under SA4762 for the two of you.",
]


@pytest.mark.parametrize("tail", RIGHT_DIFF)
def test_a_right_difference_in_other_words_is_clean(domain, tail):
    assert round_trip(domain, tail).fired("B1") == [], tail


@pytest.mark.parametrize("tail", [
    T + "; SA0390 undercuts SA1757 by $78 a seat.",
    T + "; SA3665 comes in $58 under SA4762.",
    T + " - $98 below the Premium Economy option.",
    T + "; SA0390 beats SA1757 by $68 a seat.",
    "$562 per seat, $96 in total, under the name Mei Garcia.",  # "under" a name: no difference
])
def test_a_wrong_difference_or_a_wrong_total_still_fires(domain, tail):
    assert round_trip(domain, tail).fired("B1"), tail
