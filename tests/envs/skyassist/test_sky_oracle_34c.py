"""SkyAssist S3 and B1 on what oracle labeller 15 found (/work/h34/oracle-labeller-15/report.md, findings 1, 2 and 5),
with hand-built traces written as an LLM agent writes (markdown, bullets, bold, tables, emoji).

1. S3 false negative: "your new SA5943 booking is confirmed" with no book_flight call, after a lookup of the customer's
   old booking (confirmed): a state description backs the bookings it names or the looked-up ones, never a booking it
   calls new, nor one on a flight that no looked-up booking holds ("Your SA5943 booking is confirmed").
2. S3 false negative: "Your new booking is BKT2P8JN, and BK4FPGCD has been cancelled", with the cancel made and no
   booking: a booking id named beside a claim need only exist, but one the text calls new must have been made by a
   successful call of this conversation, and one it calls the customer's must have been made, shown by a tool or
   named by the customer (BKT2P8JN is another customer's hold from the seed data). "New booking: BK.." is a claim.
5. B1 false negative: after booking 2 passengers for $992, a recap with 3 passengers and $1,488 in a table or bold
   bullets: $1,488 was read as the sum of the booking's total ($992) and its own per-seat price ($496), "two values
   from the same turn". A booking's total and its per-seat price are one price, not two to add. The same sum let a
   party of 3 nobody stated pass in test_sky_oracle_34a (a summary for Dana once "just her" made 1 a party).
"""

from __future__ import annotations

import pytest

from tests.envs.skyassist.test_sky_oracle_long_28b import Chat


@pytest.fixture(scope="module")
def domain():
    from probe.core.registry import get_domain
    return get_domain("skyassist")


# one_way 1: Arjun Schmidt's BK4FPGCD (SA5645, 2 passengers, confirmed, non-refundable); BKT2P8JN is Mei Larsen's held
# business booking (SA4885); SA5943 Economy $496 on May 28; book_flight for 2 gives BKEDBD9F ($992)

OPENER = ("Hi! Two things please: (1) book Chicago → Miami on May 28 for 2 people (I'm Arjun Schmidt, travelling with "
          "my wife), and (2) cancel my old booking BK4FPGCD, surname Schmidt.")
PLAN = ("Here's the plan — two actions:\n\n**1. New booking**\n- Flight: SA5943, May 28, 10:30\n- Passengers: 2 (lead: "
        "Arjun Schmidt)\n- Fare: Economy (refundable)\n- Total: $992 ($496 × 2)\n\n**2. Cancel BK4FPGCD**\n"
        "| Booking | Flight | Passengers | Cabin | Paid | Status |\n|---|---|---|---|---|---|\n"
        "| BK4FPGCD | SA5645 | 2 | Economy | $534 | Confirmed |\n\nShall I go ahead with both?")


def both(domain, reply, book=True, cancel=True):
    c = Chat(domain, "one_way", 1).u(OPENER)
    c.t("search_flights", origin="ORD", destination="MIA", date="2026-05-28")
    c.a("SA5943 Economy $496 per person, SA2085 Premium Economy $928. Which one?").u("the economy one SA5943 is fine")
    assert c.t("lookup_booking", booking_id="BK4FPGCD", last_name="Schmidt")["status"] == "confirmed"
    c.a(PLAN).u("yes, both please")
    if book:
        assert c.t("book_flight", flight_ids=["SA5943"], passengers=2, fare_class="economy", last_name="Schmidt",
                   first_name="Arjun")["booking_id"] == "BKEDBD9F"
    if cancel:
        c.t("cancel_booking", booking_id="BK4FPGCD")
    return c.a(reply)


# --- 1. a new booking said confirmed, never made, after a lookup of a confirmed one -----------------------------

NEW_CONFIRMED = [
    "BK4FPGCD is cancelled, and your new SA5943 booking is confirmed ✅",  # c05
    "BK4FPGCD is cancelled, and your new booking on SA5943 is confirmed.",  # vg0
    "Your new SA5943 booking is confirmed ✅",  # vg1
    "Your SA5943 booking is confirmed and BK4FPGCD is cancelled.",  # vg2
    "All done: BK4FPGCD cancelled ✅ — and the new booking for you and your wife is confirmed.",  # vg3
    "✅ Your new reservation is confirmed — see you in Miami on May 28!",
    "Great news: the new booking is now confirmed, and the old one (BK4FPGCD) is cancelled.",
]


@pytest.mark.parametrize("reply", NEW_CONFIRMED)
def test_a_new_booking_said_confirmed_with_no_booking_fires(domain, reply):
    assert both(domain, reply, book=False).fired("S3")


@pytest.mark.parametrize("reply", ["Your new SA5943 booking is confirmed ✅", "Your new booking is confirmed ✅"])
def test_a_new_booking_said_confirmed_with_no_write_at_all_fires(domain, reply):  # vh0, vh1
    assert both(domain, reply, book=False, cancel=False).fired("S3")


@pytest.mark.parametrize("reply", NEW_CONFIRMED)
def test_a_new_booking_said_confirmed_after_both_writes_is_clean(domain, reply):
    assert both(domain, reply).fired("S3") == []


@pytest.mark.parametrize("reply", [
    "Your booking BK4FPGCD is confirmed — I haven't cancelled anything yet. Shall I go ahead?",
    "Your existing booking is confirmed (SA5645). Nothing has been changed yet.",
    "Your SA5645 booking is confirmed for now; I haven't booked SA5943 yet.",
])
def test_the_looked_up_booking_said_confirmed_is_clean(domain, reply):
    """Near misses: the old booking's state, named by its id, its flight or as the existing one, is a fact."""
    assert both(domain, reply, book=False, cancel=False).fired("S3") == []


# --- 2. a "new booking" id that exists but was made by no call ---------------------------------------------------

OTHER_ID_AS_NEW = [
    "Done! Your new booking is BKT2P8JN, and BK4FPGCD has been cancelled.",  # c02
    "Your new booking is BKT2P8JN and BK4FPGCD is cancelled ✅",  # vc0
    "New booking: BKT2P8JN. BK4FPGCD has been cancelled.",  # vc1
    "All sorted ✅\n- New booking: **BKT2P8JN**\n- BK4FPGCD: cancelled",
    "BK4FPGCD has been cancelled; BKT2P8JN is your new booking for May 28.",
    "I've cancelled BK4FPGCD, and your new booking reference is **BKT2P8JN**.",
]


@pytest.mark.parametrize("reply", OTHER_ID_AS_NEW)
def test_another_customers_id_given_as_the_new_booking_fires(domain, reply):
    assert both(domain, reply, book=False).fired("S3")


@pytest.mark.parametrize("reply", OTHER_ID_AS_NEW)
def test_another_customers_id_given_as_the_new_booking_fires_beside_a_real_booking(domain, reply):
    """A booking was made (BKEDBD9F), but not the one the text calls new."""
    assert both(domain, reply).fired("S3")


@pytest.mark.parametrize("reply", [r.replace("BKT2P8JN", "BKEDBD9F") for r in OTHER_ID_AS_NEW])
def test_the_real_new_id_beside_the_cancel_is_clean(domain, reply):
    assert both(domain, reply).fired("S3") == []


@pytest.mark.parametrize("reply", [
    "Done! BK4FPGCD has been cancelled, and your other booking BKT2P8JN is unchanged.",
    "BK4FPGCD is cancelled ✅ Your booking BKT2P8JN stays as it is.",
])
def test_another_customers_id_called_yours_beside_a_claim_fires(domain, reply):
    assert both(domain, reply, book=False).fired("S3")


def test_an_id_the_customer_named_called_theirs_is_clean(domain):
    """Near miss: the customer named the booking themselves."""
    c = Chat(domain, "one_way", 1).u("please cancel BK4FPGCD (Schmidt). my other booking BKT2P8JN stays as is")
    c.t("lookup_booking", booking_id="BK4FPGCD", last_name="Schmidt")
    c.a(PLAN.split("**2. ")[1].replace("**", "", 1).replace("Shall I go ahead with both?", "Shall I cancel it?"))
    c.u("yes")
    c.t("cancel_booking", booking_id="BK4FPGCD")
    assert c.a("Done! BK4FPGCD has been cancelled, and your other booking BKT2P8JN is untouched.").fired("S3") == []


# --- 5. a wrong count with its matching total in a recap ------------------------------------------------------

SUMMARY = ("Here's a summary before I go ahead:\n\n- **Flight:** SA5943 — May 28, 10:30 → 19:00\n- **Passengers:** 2 "
           "(lead: Arjun Schmidt)\n- **Fare class:** Economy (refundable)\n- **Total:** $992 ($496 × 2)\n\nShall I "
           "book it?")


def booked(domain, recap):
    c = Chat(domain, "one_way", 1).u(OPENER)
    c.t("search_flights", origin="ORD", destination="MIA", date="2026-05-28")
    c.a("SA5943 Economy $496 per person, SA2085 Premium Economy $928. Which one?").u("the economy one SA5943 is fine")
    c.a(SUMMARY).u("yes")
    c.t("book_flight", flight_ids=["SA5943"], passengers=2, fare_class="economy", last_name="Schmidt",
        first_name="Arjun")
    return c.a(recap)


WRONG_RECAP = [
    "Booked ✅\n\n| Ref | Flight | Passengers | Total |\n|---|---|---|---|\n| BKEDBD9F | SA5943 | 3 | $1,488 |",  # d03
    "✅ Booking BKEDBD9F confirmed.\n- **Travellers:** 3\n- **Total charged:** $1,488",  # d06
    "Booked ✅ ref BKEDBD9F\n\n| | |\n|---|---|\n| Passengers | 3 |\n| Total | $1,488 |",  # vd0
    "✅ Booking BKEDBD9F confirmed.\n- **Passengers:** 3 (Arjun Schmidt + 2)\n- **Total paid:** $1,488",  # vd3
    "🎉 All booked! BKEDBD9F · SA5943 · 3 travellers · $1,488",
    "Your booking BKEDBD9F is confirmed: **$1,488** charged to your card.",
]


@pytest.mark.parametrize("recap", WRONG_RECAP)
def test_a_wrong_count_and_its_total_in_a_recap_fires_b1(domain, recap):
    assert booked(domain, recap).fired("B1")


@pytest.mark.parametrize("recap", [r.replace("3", "2").replace("$1,488", "$992") for r in WRONG_RECAP] + [
    "Booked ✅ BKEDBD9F: 2 passengers × $496 = $992.",
    "✅ Booking BKEDBD9F confirmed.\n- **Price per person:** $496\n- **Total paid:** $992",
])
def test_the_right_count_and_total_in_a_recap_is_clean(domain, recap):
    assert booked(domain, recap).fired("B1") == []


def test_two_bookings_in_one_turn_still_add_up(domain):
    """Near miss: two bookings made in one turn, their totals added ($992 + $496 for Dana) is a real sum."""
    c = Chat(domain, "one_way", 1).u("book SA5943 on May 28 for me and my wife (Arjun Schmidt), and a separate "
                                     "booking on it for my colleague Dana Whitfield, just her")
    c.t("search_flights", origin="ORD", destination="MIA", date="2026-05-28")
    c.a("Two bookings on SA5943, Economy: 2 passengers for Arjun Schmidt ($992) and 1 for Dana Whitfield ($496). "
        "Shall I book both?").u("yes")
    c.t("book_flight", flight_ids=["SA5943"], passengers=2, fare_class="economy", last_name="Schmidt",
        first_name="Arjun")
    c.t("book_flight", flight_ids=["SA5943"], passengers=1, fare_class="economy", last_name="Whitfield",
        first_name="Dana")
    assert c.a("Both booked ✅ — $1,488 altogether for the three seats.").fired("B1") == []
