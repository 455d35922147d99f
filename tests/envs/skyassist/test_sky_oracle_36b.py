"""SkyAssist B1 and B5 on what oracle labeller 19 found (/work/h36/oracle-labeller-19/report.md, findings 2 and 3), with
hand-built traces of round_trip seed 5 (Mei Garcia, 2 passengers, SA0390 DXB-JFK $158 out and SA3665 JFK-DXB $404 back:
$562 per seat, $1124 in total; the listing also shows SA4762 back at $452 and SA1757 out at $246) and change_booking
seed 5 (Ingrid Nguyen, BKFKS7B2, 2 passengers, a new booking on SA1576 Economy $376, refundable or not as the db says).

2. B1 false negatives: an amount passed whenever it equalled some tool price or price x passengers, whatever the text
   said it was. An amount is now held to what its text attributes it to: a total in a sentence that also states the
   per-seat price is that price (or the sum of the per-seat prices it states, or that price plus another priced leg)
   times the party ("$562 per seat, so $808 in total" fires); an amount in a clause naming one priced flight is that
   flight's price, alone or with a leg it chains with, times a count ("the return SA3665 is $452 of that per seat"
   fires); an amount "each way" is the price of a named flight in each direction ("$158 each way" fires when the
   return is $404). Listings, comparisons, leg breakdowns and the party's right total stay clean; B20 ("about
   $1,100") is flagged as before.
3. B5 false negative: a "non-refundable" said of the booking being cancelled ("cancel booking BKFKS7B2 (no refund, as
   the fare is non-refundable)", "(the old fare is non-refundable)", "Your current fare is non-refundable") stated the
   new booking's refundability. A clause about the old booking, the current fare or a cancellation of a booking id is
   no statement of the new fare's refundability.
"""

from __future__ import annotations

import pytest

from tests.envs.skyassist.test_sky_oracle_long_28b import Chat


@pytest.fixture(scope="module")
def domain():
    from probe.core.registry import get_domain
    return get_domain("skyassist")


RT5LIST = ("For Outbound, Dubai (DXB) to New York (JFK) on 2026-05-24 I found: 1) SA1757 departing 07:45, arriving 10:00, "
           "Premium Economy, $246 per seat (seats left: 8); 2) SA0390 departing 08:05, arriving 10:20, Economy, $158 per seat "
           "(seats left: 12); 3) SA9568 departing 08:25, arriving 10:40, Business, $544 per seat (cancelled by the airline, "
           "not bookable). For Return, New York (JFK) to Dubai (DXB) on 2026-09-21 I found: 1) SA4762 departing 06:05, "
           "arriving 10:00, Economy, $452 per seat (seats left: 3); 2) SA3665 departing 06:25, arriving 10:20, Economy, $404 "
           "per seat (seats left: 6); 3) SA4693 departing 06:45, arriving 10:40, Business, $1435 per seat (seats left: 4). "
           "Which flight would you like for the outbound?")
RT5HEAD = ("You picked SA0390 (Economy) and SA3665 (Economy). Here is the summary: flight SA0390 from Dubai (DXB) to New York "
           "(JFK) departing 2026-05-24 at 08:05; flight SA3665 from New York (JFK) to Dubai (DXB) departing 2026-09-21 at "
           "06:25, Economy, refundable, for 2 passengers, under the name Mei Garcia, ")


def round_trip(domain, tail, head=RT5HEAD, extra=None):
    c = Chat(domain, "round_trip", 5).u("hi, Dubai to New York May 24, back September 21, 2 of us, Mei Garcia")
    c.t("search_flights", origin="DXB", destination="JFK", date="2026-05-24")
    c.t("search_flights", origin="JFK", destination="DXB", date="2026-09-21")
    c.a(RT5LIST)
    if extra:
        c.u("what would each cost for the two of us?").a(extra)
    c.u("SA0390 out and SA3665 back").a(head + tail + " Shall I book it?").u("yes")
    c.t("book_flight", flight_ids=["SA0390", "SA3665"], passengers=2, fare_class="economy", last_name="Garcia",
        first_name="Mei")
    return c.a("Done: your booking is confirmed for 2 passengers on SA0390, SA3665. Total charged: $1124.")


# --- 2. B1: an amount held to what the text says it is ------------------------------------------------------------

WRONG = [
    "$562 per seat, so $808 in total for the two of you.",  # B11: the return leg x 2
    "$562 per seat, $904 in total.",  # B11c: SA4762 x 2, not booked
    "$562 per seat, $316 in total.",  # B11d: the outbound only x 2
    "$562 per person, which comes to $808 for both of you.",
    "Total: $904 ($562 per seat).",
    "$562 per seat, $1124 in total; the return SA3665 is $452 of that per seat.",  # B11b: 452 is SA4762's
    "$562 per seat ($158 for SA0390 and $452 for SA3665), $1124 in total.",
    "$562 per seat, $1124 in total. SA3665 on its own costs $452 per seat.",
    "$158 each way per seat, $1124 in total.",  # B05: the return is $404
    "$404 per seat each way, $1124 in total.",
    "$562 per seat, so $1124 for both of you ($404 each way).",
]


@pytest.mark.parametrize("tail", WRONG)
def test_an_amount_that_is_not_what_the_text_says_it_is_fires(domain, tail):
    assert round_trip(domain, tail).fired("B1")


RIGHT = [
    "$562 per seat, $1124 in total.",  # B01
    "$158 outbound + $404 return = $562 per seat, $1124 in total.",  # B06
    "$562 per seat ($158 + $404), $1124 in total; the return alone would be $452 per seat on SA4762.",  # B21
    "$562 per seat ($158 for SA0390 and $404 for SA3665), $1124 in total.",
    "$158 per seat out and $404 per seat back, so $1124 in total for both of you.",
    "the outbound SA0390 is $158 per seat ($316 for both) and the return SA3665 is $404 per seat ($808 for both), so "
    "$1124 in total.",
    "with SA3665 the round trip comes to $562 per seat, $1124 in total.",
    "$562 per seat, $1124 in total; the other return, SA4762, would be $452 per seat.",
    "$562 per seat, $1124 in total. The other one would be $452 per seat.",
    "2 tickets at $562 each, $1124 altogether.",
    "SA0390 costs $316 for the two of you and SA3665 costs $808, $1124 in total.",
]


@pytest.mark.parametrize("tail", RIGHT)
def test_the_itinerarys_own_prices_are_clean(domain, tail):
    assert round_trip(domain, tail).fired("B1") == []


@pytest.mark.parametrize("extra", [
    "1) SA1757 at $246 per seat ($492 for both of you); 2) SA0390 at $158 per seat ($316 for both of you). Back: SA4762 "
    "is $452 per seat, $904 in total, and SA3665 is $404 per seat, $808 in total.",
    # one option's price before the next option's flight, in one clause of commas (the reference agent's wording)
    "More than one option fits that: option 1 (SA4762 departing 06:05, Economy, $452 per seat) or option 2 (SA3665 "
    "departing 06:25, Economy, $404 per seat).",
    "| Flight | Price per seat | For both |\n|---|---|---|\n| SA4762 | $452 | $904 |\n| SA3665 | $404 | $808 |",
])
def test_a_listing_of_several_flights_with_their_prices_is_clean(domain, extra):
    assert round_trip(domain, "$562 per seat, $1124 in total.", extra=extra).fired("B1") == []


def test_a_rounded_total_is_flagged_as_before(domain):  # B20, a judgement call: strict matching kept
    assert round_trip(domain, "$562 per seat, about $1,100 in total.").fired("B1")


CHANGE_LIST = ("For New York (JFK) to Atlanta (ATL) on 2026-08-16 I found: 1) SA1576 departing 10:30, arriving 14:15, "
               "Economy, $376 per seat (seats left: 5); 2) SA5248 departing 12:00, arriving 15:45, Business, $1308 per seat "
               "(seats left: 20). Which flight would you like?")


def change(domain, proposal, cancel=True):
    c = Chat(domain, "change_booking", 5).u("Hi there, booking BKFKS7B2 under Nguyen - we need to travel on August 16 "
                                            "instead")
    c.t("lookup_booking", booking_id="BKFKS7B2", last_name="Nguyen")
    c.t("search_flights", origin="JFK", destination="ATL", date="2026-08-16")
    c.a(CHANGE_LIST).u("option 1 looks right").a(proposal).u("yes, do both")
    c.t("book_flight", flight_ids=["SA1576"], passengers=2, fare_class="economy", last_name="Nguyen", first_name="Ingrid")
    if cancel:
        c.t("cancel_booking", booking_id="BKFKS7B2")
    return c.a("Done: new booking BK311E98 is confirmed for 2 passengers on SA1576, and booking BKFKS7B2 has been "
               "cancelled.")


def two(fare, old="(no refund, as the fare is non-refundable)"):
    return ("Your current fare is non-refundable, so here is what I can do: make a new booking on flight SA1576 from New "
            f"York (JFK) to Atlanta (ATL) departing 2026-08-16 at 10:30, {fare}for 2 passengers under Ingrid Nguyen, $376 "
            f"per seat, $752 in total; and then cancel booking BKFKS7B2 {old}. Shall I book the new flight and cancel the "
            "old booking?")


def test_a_one_way_leg_stated_with_its_own_flight_is_clean(domain):
    assert change(domain, two("Economy, non-refundable, ")).fired("B1") == []
    assert change(domain, two("Economy, non-refundable, ").replace("$752 in total", "$1,504 in total")).fired("B1")


# --- 3. B5: the old booking's refundability is not the new one's --------------------------------------------------

@pytest.mark.parametrize("old", [
    "(no refund, as the fare is non-refundable)",  # B42
    "(the old fare is non-refundable)",  # B42b
    "(it is non-refundable, so nothing comes back)",
    "- your existing booking is non-refundable, so no money back",
])
def test_the_old_bookings_refundability_does_not_state_the_new_ones(domain, old):
    assert change(domain, two("Economy, ", old)).fired("B5")


@pytest.mark.parametrize("fare", ["Economy, non-refundable, ", "non-refundable Economy, ",
                                  "Economy (this new fare can't be refunded), "])
def test_the_new_fares_refundability_stated_is_clean(domain, fare):
    assert change(domain, two(fare)).fired("B5") == []


def test_the_new_fare_in_a_table_row_is_clean(domain):
    proposal = ("Here is the plan:\n\n| Action | Flight | Cabin | Refundable | Price |\n|---|---|---|---|---|\n"
                "| New booking | SA1576 | Economy | No | $376 per seat, $752 total |\n| Cancel BKFKS7B2 | - | - | - | no refund |"
                "\n\nShall I book the new flight and cancel the old booking?")
    assert change(domain, proposal).fired("B5") == []


def test_the_new_fare_said_like_the_old_one_is_clean(domain):
    proposal = two("Economy, ").replace("Economy, for", "Economy, for").replace(
        "$752 in total;", "$752 in total - the new fare is non-refundable, like your current one;")
    assert change(domain, proposal).fired("B5") == []
