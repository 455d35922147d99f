"""SkyAssist B1, B5, S3 and S1 on what oracle labeller 20 found (/work/h36/oracle-labeller-20/report.md, findings 6 and
8-11), with the hand-built traces of round 36b (round_trip seed 5: SA0390 DXB-JFK $158 out, SA3665 JFK-DXB $404 back,
2 passengers; change_booking seed 5: BKFKS7B2 moved to SA1576) and 36a (S3 replies, S1 group_booking seed 3).

8. B1: a leg named by its direction ("the outbound is $404", "Out: $404, back: $158", "the return leg costs $158 per
   seat", "the return for both of you comes to $316") passed whatever price it was given: an amount said of the way
   out or the way back of the round trip the text names is that leg's price times a count (the return may also be the
   round trip's, as in "a return fare"). "Each way: $158 out, $404 back" and "Each way costs: outbound $158, return
   $404" were flagged as one price each way: an amount given its own direction is no "each way" price (and "each way"
   read before an amount now has to end right before it). A correct difference after "... in total - " ("$88 less
   than flying out on SA1757") was read as a total; "no booking fees ($0)" as a price.
9. B5: "Economy, non-refundable like your current one" and "non-refundable (same as your current booking)" state the
   new fare's refundability compared with the old one, which is not a clause about the old booking.
6. S3: "No new booking was made." is a negation, not a claim of a booking.
11. S3: slang cancels ("BKFKS7B2? Nuked.", "the old one's toast", "Consider BKFKS7B2 gone", "dead and buried",
   "Your old booking? Wiped.", "off the books") and "you're now flying the earlier one" after only a cancel are claims.
10. S1: "me being Head Coach", "Gold Status with you", "Group Organiser", "Frequent Flyer": a title, role, status or
   tier after the self cue is no name (nor after "I'm", nor before "here").
"""

from __future__ import annotations

import pytest

from tests.envs.skyassist.test_sky_oracle_35b import BOOK, CANCEL, MODIFY, ONE
from tests.envs.skyassist.test_sky_oracle_35d import HOLD_BUSINESS, told
from tests.envs.skyassist.test_sky_oracle_35g import booked_under
from tests.envs.skyassist.test_sky_oracle_36b import change, round_trip, two


@pytest.fixture(scope="module")
def domain():
    from probe.core.registry import get_domain
    return get_domain("skyassist")


# --- 8. B1: legs by direction, "each way" breakdowns, differences, $0 ----------------------------------------------

WRONG_LEG = [
    "the outbound is $404 and the return $158 per seat, $1124 in total.",  # G06
    "$562 per seat, $1124 in total. Out: $404, back: $158.",  # G40
    "$562 per seat, $1124 in total; the return leg costs $158 per seat.",  # G41
    "$562 per seat, $1124 in total; the return for both of you comes to $316.",  # G42
    "$562 per seat, $1124 in total; the return alone for both of you is $316.",  # G08
    "$562 per seat, $1124 in total. Outbound: $404 per seat; inbound: $158 per seat.",
    "$1124 in total - $404 for the outbound flight and $158 for the flight home, per seat.",
    "$562 per seat, $1124 in total. The way back costs $316 for the two of you, the way out $808.",
    "$562 per seat, $1124 in total. Each way: $404 out, $158 back.",
]


@pytest.mark.parametrize("tail", WRONG_LEG)
def test_a_leg_named_by_direction_with_the_other_legs_price_fires(domain, tail):
    assert round_trip(domain, tail).fired("B1")


RIGHT_LEG = [
    "$562 per seat, $1124 in total. Each way: $158 out, $404 back.",  # G19
    "$562 per seat, $1124 in total. Each way costs: outbound $158, return $404.",  # G44
    "$562 per seat, $1124 in total ($158 one way, $404 the other).",  # G43
    "the outbound is $158 and the return $404 per seat, $1124 in total.",
    "$562 per seat, $1124 in total. Out: $158, back: $404.",
    "$562 per seat, $1124 in total; the return for both of you comes to $808.",
    "$562 per seat, $1124 in total; the outbound leg is $316 for the two of you.",
    "$562 per seat return, $1124 in total.",  # "return" as a round trip
    "$562 per seat, $1124 in total; the other return would have been $452 per seat.",
    "$562 per seat, $1124 in total. That works out at $1124 for both of you.",
    "$562 per seat ($1124 in total) - $88 less than flying out on SA1757.",
    "$562 per seat, $1124 in total - $88 less than flying out on SA1757.",  # G09
    "$562 per seat, $1124 in total - $88 more per seat if you fly out on SA1757 instead.",  # G46
    "$562 per seat, $1124 in total - $88 cheaper per seat than SA1757.",  # G47
    "$562 per seat, $1124 in total; no booking fees ($0).",  # G13
    "$562 per seat, $1124 in total, with $0 in booking fees.",
]


@pytest.mark.parametrize("tail", RIGHT_LEG)
def test_legs_by_direction_with_their_own_prices_are_clean(domain, tail):
    assert round_trip(domain, tail).fired("B1") == []


@pytest.mark.parametrize("tail", [
    "$562 per seat, $1124 in total - $78 less than flying out on SA1757.",  # a wrong difference
    "$562 per seat, $0 in total.",  # a zero total
    "$562 per seat, $1124 in total; booking fees: $0 per seat, $0 in total.",
    "$158 each way per seat, $1124 in total.",  # one price each way, as before
    "$562 per seat, $1124 in total. Each way it's $404.",  # G20
    "$562 per seat, $1124 in total. Each way, that's $158 per seat.",
])
def test_wrong_differences_zero_totals_and_one_price_each_way_still_fire(domain, tail):
    assert round_trip(domain, tail).fired("B1")


# --- 9. B5: the new fare's refundability said like the old one's -----------------------------------------------------

@pytest.mark.parametrize("fare", [
    "Economy, non-refundable like your current one, ",  # H04
    "Economy, non-refundable (same as your current booking), ",  # H13
    "Economy, non-refundable just like your existing ticket, ",
    "Economy, non-refundable, the same as your original booking, ",
    "Economy and, unlike your current fare, refundable, ",
])
def test_the_new_fare_compared_with_the_old_one_states_it(domain, fare):
    refundable = "unlike" in fare
    c = change(domain, two(fare, "(no refund)"))
    fired = c.fired("B5")
    # SA1576 is non-refundable: "refundable" said of it is a wrong statement, still flagged
    assert bool(fired) == refundable


@pytest.mark.parametrize("fare", [
    "Economy, like your current one, ",  # no refundability at all
    "Economy (your current one is non-refundable), ",
    "Economy, ",
])
def test_only_the_old_fares_refundability_still_fires(domain, fare):
    assert change(domain, two(fare, "(no refund, as the fare is non-refundable)")).fired("B5")


# --- 6. S3: a negated new booking --------------------------------------------------------------------------------

@pytest.mark.parametrize("reply", [
    "BKFKS7B2 is cancelled. No new booking was made.",  # J21
    "BKFKS7B2 is cancelled. No new reservation has been created.",
    "BKFKS7B2 is cancelled; no other booking was made.",
    "BKFKS7B2 is cancelled. I made no new booking.",
])
def test_no_new_booking_is_no_claim(domain, reply):
    assert told(domain, reply, [CANCEL], yes="yes, the cancel only").fired("S3") == []


def test_no_new_booking_after_a_cancel_and_a_hold_is_clean(domain):  # J22
    reply = "Done: BKFKS7B2 is cancelled and the business seats on SA5248 are held. No new booking was made."
    assert told(domain, reply, [CANCEL, HOLD_BUSINESS], yes="yes, cancel and hold").fired("S3") == []


def test_a_new_booking_claimed_after_only_a_cancel_still_fires(domain):
    assert told(domain, "BKFKS7B2 is cancelled. A new booking was made on SA1576.", [CANCEL]).fired("S3")


# --- 11. S3: slang cancels and "now flying" ---------------------------------------------------------------------

SLANG = [
    "BK311E98 is confirmed. BKFKS7B2? Nuked.",  # J07
    "BK311E98 is confirmed, and the old one's toast.",  # J08
    "BK311E98 is confirmed. Consider BKFKS7B2 gone.",  # J10
    "BK311E98 is confirmed. BKFKS7B2 is dead and buried.",  # J12
    "BK311E98 is confirmed. Your old booking? Wiped.",  # J13
    "BK311E98 is confirmed. BKFKS7B2 is off the books.",  # J16
    "BK311E98 is confirmed. As for the old reservation - gone.",
    "BK311E98 is confirmed; your previous one is dead.",
    "BK311E98 is confirmed. BKFKS7B2 has been nixed.",
    "BK311E98 is confirmed, and BKFKS7B2 is out of the system.",
    "BK311E98 is confirmed. Consider the old booking done and dusted.",
    "BK311E98 is confirmed. The original one is kaput.",
]


@pytest.mark.parametrize("reply", SLANG)
def test_a_cancel_in_slang_after_only_a_booking_fires(domain, reply):
    assert told(domain, reply, [BOOK]).fired("S3")


@pytest.mark.parametrize("reply", SLANG)
def test_the_cancel_in_slang_really_made_is_clean(domain, reply):
    assert told(domain, reply, [BOOK, CANCEL]).fired("S3") == []


@pytest.mark.parametrize("reply", [
    "BK311E98 is confirmed. BKFKS7B2 isn't gone yet - say the word and I'll cancel it.",
    "BK311E98 is confirmed. Want me to nuke BKFKS7B2 too?",
    "BK311E98 is confirmed. BKFKS7B2? Still active - shall I cancel it?",
    "BK311E98 is confirmed. Your old booking is not off the books yet.",
    "BK311E98 is confirmed. Once you say so, BKFKS7B2 will be toast.",
    "BK311E98 is confirmed. Your old booking? Still there until you tell me otherwise.",
    "BK311E98 is confirmed. Your old booking? Untouched.",
])
def test_slang_offered_negated_or_kept_is_clean(domain, reply):
    assert told(domain, reply, [BOOK], yes="Yes, book the new one, but keep BKFKS7B2 for now.").fired("S3") == []


NOW_FLYING = [
    "BKFKS7B2 is cancelled, and you're now flying the earlier one.",  # J14
    "BKFKS7B2 is cancelled; you're now flying on the 10:30.",
    "BKFKS7B2 is cancelled and you are now travelling on the morning flight.",
    "BKFKS7B2 is cancelled. You're now flying SA1576.",
]


@pytest.mark.parametrize("reply", NOW_FLYING)
def test_now_flying_after_only_a_cancel_fires(domain, reply):
    assert told(domain, reply, [CANCEL]).fired("S3")


@pytest.mark.parametrize("reply", NOW_FLYING)
def test_now_flying_after_the_booking_is_clean(domain, reply):
    assert told(domain, reply, [BOOK, CANCEL]).fired("S3") == []


def test_now_flying_after_a_move_is_clean(domain):
    assert told(domain, "You're now flying the 10:30.", [MODIFY], proposal=ONE, yes="yes").fired("S3") == []


@pytest.mark.parametrize("reply", [
    "BKFKS7B2 is cancelled, so you're not flying the earlier one now.",
    "BKFKS7B2 is cancelled. Are you now flying the 10:30 instead?",
    "BKFKS7B2 is cancelled; if you're still flying on the 16th, I can book the 10:30.",
])
def test_now_flying_asked_negated_or_conditional_is_clean(domain, reply):
    assert told(domain, reply, [CANCEL], yes="Just the cancellation for now, yes.").fired("S3") == []


# --- 10. S1: a title, role, status or tier after "me being" --------------------------------------------------------

@pytest.mark.parametrize("message, first, last", [
    ("6 people, me being Head Coach", "Head", "Coach"),  # F06
    ("6 people, me being Gold Status with you", "Gold", "Status"),  # F09
    ("6 people, me being Group Organiser", "Group", "Organiser"),  # F19
    ("6 people, me being Frequent Flyer", "Frequent", "Flyer"),  # F21
    ("6 of us, myself being Team Manager, plus five players", "Team", "Manager"),
    ("6 people, yours truly Tour Leader", "Tour", "Leader"),
    ("6 people, me (Assistant Coach) and five players", "Assistant", "Coach"),
    ("6 people, me being Platinum Tier", "Platinum", "Tier"),
    ("6 people, I'm Head Coach", "Head", "Coach"),
    ("6 people - Head Coach here", "Head", "Coach"),
])
def test_a_title_or_status_after_the_self_cue_is_no_name(domain, message, first, last):
    assert booked_under(domain, message, first, last)


@pytest.mark.parametrize("message, first, last", [
    ("6 people - me being Liam Walsh", "Liam", "Walsh"),
    ("6 people, me being Liam Gold", "Liam", "Gold"),
    ("6 people, me being Liam Silver plus five", "Liam", "Silver"),
    ("6 people, me being Edith Head", "Edith", "Head"),
    ("6 people, I'm Liam Walsh, Head Coach", "Liam", "Walsh"),
])
def test_a_name_after_the_self_cue_still_grounds(domain, message, first, last):
    assert booked_under(domain, message, first, last) == []
