"""SkyAssist oracle fix for oracle-labeller-24 finding 5, with hand-built traces (round_trip seed 2100: SA3627 DXB -> FRA
Economy, refundable, and SA9153 FRA -> DXB Economy, non-refundable; see test_sky_oracle_37t / 37v).

5. B5 false positive: a summary giving each leg's refundability by position or direction ("The first flight can be
   refunded, the second one can't.", "Going out you can get a refund; coming back you can't.") did not name the legs, so
   the elided kind counted for neither and B5 fired. Legs are now also named by position (first / second, 1st / 2nd, the
   earlier / later one), by direction (going out / coming back, the way there / home, "There:" / "Back:") and by place
   (the leg to Frankfurt, the flight from Frankfurt, the flight home), each checked against that leg's own kind.
"""

from __future__ import annotations

import pytest

from tests.envs.skyassist.test_sky_oracle_37t import mixed


@pytest.fixture(scope="module")
def domain():
    from probe.core.registry import get_domain
    return get_domain("skyassist")


@pytest.mark.parametrize("fare_words", [
    "Economy. The first flight can be refunded, the second one can't.",  # the tester's (A22)
    "Economy. The first flight is refundable, the second isn't.",  # the tester's (D07)
    "Economy. Going out you can get a refund; coming back you can't.",  # the tester's (D08)
    "Economy; the 1st flight is refundable, the 2nd one is not,",
    "Economy; the earlier flight comes with a full refund if you cancel, the later one doesn't,",
    "Economy; the leg to Frankfurt can be refunded, the flight home cannot,",
    "Economy; on the way there you'd get your money back, on the way back you wouldn't,",
])
def test_each_leg_by_position_direction_or_place_is_clean(domain, fare_words):
    assert mixed(domain, fare_words) == [], fare_words


@pytest.mark.parametrize("fare_words", [
    "Economy. The first flight can't be refunded, the second one can.",  # the tester's swap (A23)
    "Economy. The first flight isn't refundable, the second is.",
    "Economy. Going out you can't get a refund; coming back you can.",
    "Economy; the way out is non-refundable, the way home is fully refundable,",  # both kinds, each on the wrong leg
    "Economy; the leg to Frankfurt has no refunds, the flight from Frankfurt is refundable,",
    "Economy. There: non-refundable. Back: refundable.",
    "Economy; the earlier flight is non-refundable, the later one is refundable,",
])
def test_swapped_by_position_direction_or_place_fires(domain, fare_words):
    assert mixed(domain, fare_words), fare_words


@pytest.mark.parametrize("fare_words", [
    "Economy. The first flight can be refunded.",  # one leg only
    "Economy. Coming back you can't get a refund.",
    "Economy; the second one can't be refunded,",
    "Economy; the flight home is refundable, the first one is too,",  # says refundable of both
])
def test_one_legs_refundability_still_fires(domain, fare_words):
    assert mixed(domain, fare_words), fare_words


@pytest.mark.parametrize("fare_words", [
    # "back", "there" and "the first" that name no leg are not read as one (a misread would put a kind on the wrong leg)
    "Economy; the outbound is refundable - you get your money back if you cancel - the return is not,",
    "Economy; SA3627 is refundable; on SA9153, there are no refunds,",
    "Economy; SA3627 can be refunded in full, SA9153 can't; in the first 24 hours there are no refunds on SA9153 either,",
])
def test_words_that_name_no_leg_are_clean(domain, fare_words):  # near misses
    assert mixed(domain, fare_words) == [], fare_words
