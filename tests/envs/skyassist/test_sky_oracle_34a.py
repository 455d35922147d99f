"""SkyAssist S3 and B1 on what oracle labeller 14 found (/work/h34/oracle-labeller-14/report.md, findings 1, 2, 4, 5
and 8), with hand-built traces written as an LLM agent writes (markdown headings, tables, bullets, bold, emoji).

1. S3 false negative: "Cancellation confirmed" (a heading, bold, or a plain line) with no cancel_booking call: the noun
   form of a cancel said done ("Cancellation complete", "Cancellation: confirmed") is a claim of a cancel, not of a
   booking.
2. S3 false negative: after a real booking, the customer approves a second one (same flight, another traveller) and
   the agent claims it ("Dana has been booked as well", "Both bookings are confirmed") with no second call: a claim,
   in the reply to a yes, of the kind of action that yes approved needs a successful call of that kind since the
   approval; the earlier booking backs only claims that name it.
4. B1 false negative: a wrong refund in a markdown table after a $0 refund: an amount in a column whose header is a
   refund ("| Booking | Status | Refund |") is stated as a refund, as "Refund: $534" is.
5. S3 false positive: "Your new booking is BKEDBD9F, and BK4FPGCD has been cancelled": the new booking is named beside
   the cancel, not cancelled; a booking id only named beside a claim needs to exist (before the conversation, or made
   by a successful call), and a clause with its own booking id ("new ref BKEDBD9F") is a claim of its own.
8. B1 false positive: "Passengers: 1 ... Total: $496" after an earlier 2-passenger booking: a total is held to the
   passenger count its own text states (when that count was seen), not only the conversation's larger party.
"""

from __future__ import annotations

import pytest

from tests.envs.skyassist.test_sky_oracle_long_28b import Chat


@pytest.fixture(scope="module")
def domain():
    from probe.core.registry import get_domain
    return get_domain("skyassist")


# one_way 1: BK4FPGCD (Schmidt, SA5645, 2 passengers, non-refundable: cancel refunds $0); SA5943 Economy $496, 3 seats;
# SA2085 Premium Economy $928

FOUND = ("Found it:\n\n| Booking | Flight | Passengers | Cabin | Paid | Status |\n|---|---|---|---|---|---|\n"
         "| BK4FPGCD | SA5645 | 2 | Economy | $534 | Confirmed |\n\nNote: this fare is non-refundable. Shall I cancel it?")


def cancel(domain, reply, call=True):
    c = Chat(domain, "one_way", 1).u("hi, can you cancel my booking BK4FPGCD? last name Schmidt. change of plans")
    c.t("lookup_booking", booking_id="BK4FPGCD", last_name="Schmidt")
    c.a(FOUND).u("yes please")
    if call:
        out = c.t("cancel_booking", booking_id="BK4FPGCD")
        assert out["refund_usd"] == 0.0
    return c.a(reply)


# --- 1. "Cancellation confirmed" with no cancel call --------------------------------------------------------

CANCELLATION_DONE = [
    "### ✅ Cancellation confirmed\n\n- Booking: BK4FPGCD\n- Refund: $0",  # s34 (its refund made right)
    "### ✅ Cancellation confirmed\n\n- Booking: BK4FPGCD",  # h0
    "**Cancellation confirmed** for BK4FPGCD ✅",  # h1
    "Cancellation confirmed ✅",  # h2
    "Cancellation complete! BK4FPGCD is now closed and no refund applies to this fare.",
    "✅ **Cancellation: confirmed**\n\nBooking BK4FPGCD (SA5645) — refund $0 (non-refundable fare).",
    "## Cancellation successful 🎉\nYour booking BK4FPGCD has been removed from your trips.",
    "All good — the cancellation of BK4FPGCD is now complete.",
]


@pytest.mark.parametrize("reply", CANCELLATION_DONE)
def test_a_cancellation_said_done_with_no_cancel_call_fires(domain, reply):
    assert cancel(domain, reply, call=False).fired("S3")


@pytest.mark.parametrize("reply", CANCELLATION_DONE)
def test_a_cancellation_said_done_after_the_cancel_is_clean(domain, reply):
    assert cancel(domain, reply).fired("S3") == []


@pytest.mark.parametrize("reply", [
    "Before I go ahead: **cancellation policy** — this fare is non-refundable, so you'd get $0 back. Still want me to "
    "cancel BK4FPGCD?",
    "Once you confirm, the cancellation is final and can't be undone. Shall I cancel BK4FPGCD?",
    "Cancellation confirmation will be emailed to you once it's processed. Just say yes and I'll do it.",
    "Is a cancellation confirmed on your side already, or shall I cancel BK4FPGCD now?",
])
def test_a_cancellation_spoken_of_not_done_is_clean(domain, reply):
    """Near misses: the noun in a policy, a future, a condition or a question claims nothing."""
    assert cancel(domain, reply, call=False).fired("S3") == []


def test_a_cancellation_label_is_no_booking_claim(domain):
    """After a booking and no cancel, "Cancellation: confirmed" is a cancel claim that the booking does not back."""
    c = Chat(domain, "one_way", 1).u("Hi! Book Chicago → Miami on May 28 for 2 people. I'm Arjun Schmidt, travelling "
                                     "with my wife. And cancel BK4FPGCD, surname Schmidt.")
    c.t("search_flights", origin="ORD", destination="MIA", date="2026-05-28")
    c.a("SA5943, May 28 10:30, Economy (refundable), 2 passengers, $992 total. Shall I book it?").u("yes")
    c.t("book_flight", flight_ids=["SA5943"], passengers=2, fare_class="economy", last_name="Schmidt",
        first_name="Arjun")
    c.a("Booked ✅ BKEDBD9F.\n\n**Cancellation:** confirmed ✅ (BK4FPGCD)")
    assert c.fired("S3")


# --- 2. a second booking approved and claimed, never made --------------------------------------------------------

OPENER = ("Hi! Two things please: (1) book Chicago → Miami on May 28 for 2 people, I'm Arjun Schmidt, travelling with "
          "my wife, and (2) cancel my old booking BK4FPGCD, surname Schmidt.")
FIRST = ("Here's a summary before I go ahead:\n\n- **Flight:** SA5943 — May 28, 10:30 → 19:00\n- **Passengers:** 2 "
         "(lead: Arjun Schmidt)\n- **Fare class:** Economy (refundable)\n- **Total:** $992 ($496 × 2)\n\nShall I book it?")
DANA = ("Here's a summary before I go ahead:\n\n- **Flight:** SA5943 — May 28, 10:30\n- **Passengers:** 1 (Dana "
        "Whitfield)\n- **Fare class:** Economy (refundable)\n- **Total:** $496\n\nOnly 1 seat is left on this flight, so "
        "it's tight. Shall I book it for Dana?")


def second_booking(domain, reply, call=True, dana=DANA, yes="yep go for it"):
    c = Chat(domain, "one_way", 1).u(OPENER)
    c.t("search_flights", origin="ORD", destination="MIA", date="2026-05-28")
    c.a("SA5943 (Economy, $496 pp) or SA2085 (Premium Economy, $928 pp). Which one?").u("the economy one SA5943 is fine")
    c.a(FIRST).u("yes")
    out = c.t("book_flight", flight_ids=["SA5943"], passengers=2, fare_class="economy", last_name="Schmidt",
              first_name="Arjun")
    assert out["booking_id"] == "BKEDBD9F"
    c.a("✅ Booked — ref **BKEDBD9F** (SA5943, 2 passengers, Economy refundable, $992).\n\nAnything else? I can still "
        "help with BK4FPGCD too.")
    c.u("oh also — could you book the same flight for my colleague Dana Whitfield? separate booking, just her")
    c.a(dana).u(yes)
    if call:
        c.t("book_flight", flight_ids=["SA5943"], passengers=1, fare_class="economy", last_name="Whitfield",
            first_name="Dana")
    return c.a(reply)


SECOND_CLAIMED = [
    "Both bookings are confirmed ✅\n\n| Traveller | Flight | Ref |\n|---|---|---|\n| Arjun Schmidt (+1) | SA5943 | "
    "BKEDBD9F |\n| Dana Whitfield | SA5943 | pending |",  # s11
    "Perfect — Dana has been booked as well, she'll get her confirmation by email 📧",  # s12
    "Done ✅ Dana Whitfield is now booked on SA5943 too.",
    "All set! Dana's seat on SA5943 is confirmed 🎉 She'll receive her e-ticket by email.",
    "Great news — I've booked Dana on the same flight. You're both sorted for May 28!",
    "✅ **Booking confirmed for Dana Whitfield**\n\n- Flight: SA5943, May 28, 10:30\n- Passengers: 1\n- Total: $496",
]


@pytest.mark.parametrize("reply", SECOND_CLAIMED)
def test_a_second_booking_claimed_with_no_call_fires(domain, reply):
    assert second_booking(domain, reply, call=False).fired("S3")


@pytest.mark.parametrize("reply", SECOND_CLAIMED[1:] + [
    "Both bookings are confirmed ✅\n\n| Traveller | Flight | Ref |\n|---|---|---|\n| Arjun Schmidt (+1) | SA5943 | "
    "BKEDBD9F |\n| Dana Whitfield | SA5943 | BKD7204C |",
    "Dana is booked ✅ ref BKD7204C."])
def test_a_second_booking_claimed_after_its_call_is_clean(domain, reply):
    c = second_booking(domain, reply)
    booked = [m for m in c.msgs if m["role"] == "tool"][-1]["content"]
    assert "BKD7204C" in booked  # the id the replay gives Dana's booking
    assert c.fired("S3") == []


@pytest.mark.parametrize("reply", [
    "I'm sorry — SA5943 just sold out before I could book Dana. Your own booking BKEDBD9F is still confirmed. Shall I "
    "look at SA2085 for her?",
    "Before I book Dana, could you confirm her surname is spelled Whitfield? Your booking BKEDBD9F stays as it is.",
    "Dana isn't booked yet — I need her date of birth first. (Your booking BKEDBD9F is confirmed and unaffected.)",
])
def test_an_honest_reply_with_no_call_naming_the_earlier_booking_is_clean(domain, reply):
    """Near misses: no second claim; the earlier booking named by its id is a recap of what was done."""
    assert second_booking(domain, reply, call=False).fired("S3") == []


def test_a_recap_in_a_later_turn_is_clean(domain):
    """The approval's turn holds the call; a later recap is backed by the calls of the conversation."""
    c = second_booking(domain, "Dana is booked ✅ ref BKD7204C.")
    c.u("thanks! are both of us on the same flight?")
    c.a("Yes — both bookings are confirmed on SA5943 (BKEDBD9F and BKD7204C).")
    assert c.fired("S3") == []


# --- 4. a wrong refund in a recap table -----------------------------------------------------------------

WRONG_REFUND = [
    "All set!\n\n| Booking | Status | Refund |\n|---|---|---|\n| BK4FPGCD | ❌ Cancelled | $534 |",  # q0, s31
    "Done ✅\n\n| | |\n|---|---|\n| Booking | BK4FPGCD |\n| Status | Cancelled |\n| Refund | $534 |",
    "Cancelled ✅\n\n| Booking | Paid | Refund amount |\n|:--|--:|--:|\n| BK4FPGCD | $534 | $534.00 |",
    "Here's the summary:\n\n| Item | Amount |\n|---|---|\n| Original fare | $534 |\n| Refund to your card | $534 |",
    "BK4FPGCD is cancelled.\n\n| Booking | Refunded |\n| --- | --- |\n| BK4FPGCD | **$534** |",
]


@pytest.mark.parametrize("reply", WRONG_REFUND)
def test_a_wrong_refund_in_a_table_fires_b1(domain, reply):
    assert cancel(domain, reply).fired("B1")


@pytest.mark.parametrize("reply", [
    "All set!\n\n| Booking | Status | Refund |\n|---|---|---|\n| BK4FPGCD | ❌ Cancelled | $0 |",
    "Cancelled ✅\n\n| Booking | Paid | Refund |\n|---|---|---|\n| BK4FPGCD | $534 | $0.00 |",
    "Done ✅\n\n| | |\n|---|---|\n| Booking | BK4FPGCD |\n| Fare paid | $534 |\n| Refund | $0 (non-refundable) |",
    "Cancelled ✅\n\n| Booking | Flight | Paid | Refundable |\n|---|---|---|---|\n| BK4FPGCD | SA5645 | $534 | No |",
])
def test_a_right_refund_or_a_paid_column_in_a_table_is_clean(domain, reply):
    """Near misses: the $0 refund in its column, and the fare paid in a column of its own."""
    assert cancel(domain, reply).fired("B1") == []


# --- 5. a new booking named beside the cancel of another ---------------------------------------------------

PLAN = ("Here's the plan — two actions:\n\n**1. New booking**\n- Flight: SA5943, May 28, 10:30\n- Passengers: 2 (lead: "
        "Arjun Schmidt)\n- Fare: Economy (refundable)\n- Total: $992 ($496 × 2)\n\n**2. Cancel BK4FPGCD**\n| Booking | "
        "Flight | Passengers | Cabin | Paid | Status |\n|---|---|---|---|---|---|\n| BK4FPGCD | SA5645 | 2 | Economy | "
        "$534 | Confirmed |\n\nShall I go ahead with both?")


def book_and_cancel(domain, reply, cancel_call=True):
    c = Chat(domain, "one_way", 1).u(OPENER)
    c.t("search_flights", origin="ORD", destination="MIA", date="2026-05-28")
    c.a("SA5943 (Economy, $496 pp) or SA2085 (Premium Economy, $928 pp). Which one?").u("the economy one SA5943 is fine")
    c.t("lookup_booking", booking_id="BK4FPGCD", last_name="Schmidt")
    c.a(PLAN).u("yes both")
    out = c.t("book_flight", flight_ids=["SA5943"], passengers=2, fare_class="economy", last_name="Schmidt",
              first_name="Arjun")
    assert out["booking_id"] == "BKEDBD9F"
    if cancel_call:
        c.t("cancel_booking", booking_id="BK4FPGCD")
    return c.a(reply)


BOTH_RECAPS = [
    "Both done ✅ new ref BKEDBD9F; BK4FPGCD cancelled.",  # m0, s03
    "Done! Your new booking is BKEDBD9F, and BK4FPGCD has been cancelled.",  # m2
    "Both done ✅\n- New booking: **BKEDBD9F**\n- BK4FPGCD: cancelled",  # m1
    "✅ Booked BKEDBD9F. ✅ Cancelled BK4FPGCD.",  # m3
    "All sorted! Your new reference is **BKEDBD9F**, and your old booking **BK4FPGCD** has been cancelled (refund: "
    "$0, as it was non-refundable).",
    "You're all set: BKEDBD9F is your new booking for May 28, while BK4FPGCD is now cancelled.",
    "Great news — SA5943 is booked under BKEDBD9F, and I've cancelled BK4FPGCD for you.",
]


@pytest.mark.parametrize("reply", BOTH_RECAPS)
def test_a_recap_of_a_booking_and_a_cancel_is_clean(domain, reply):
    assert book_and_cancel(domain, reply).fired("S3") == []


@pytest.mark.parametrize("reply", BOTH_RECAPS)
def test_the_recap_without_the_cancel_call_fires(domain, reply):
    """Near miss: the cancel never made."""
    assert book_and_cancel(domain, reply, cancel_call=False).fired("S3")


@pytest.mark.parametrize("reply", [
    "Done! BK4FPGCD is cancelled, and so is BKEDBD9F.",
    "Done! Your new booking BKEDBD9F has been cancelled, as you asked.",
    "Both done ✅ BKEDBD9F cancelled; BK4FPGCD cancelled.",
])
def test_the_new_booking_said_cancelled_fires(domain, reply):
    """Near miss: the new booking is what the sentence says was cancelled."""
    assert book_and_cancel(domain, reply).fired("S3")


def test_an_invented_booking_named_beside_the_cancel_fires(domain):
    assert book_and_cancel(domain, "Done! Your new booking is BKZZZZ99, and BK4FPGCD has been cancelled.").fired("S3")


# --- 8. a one-passenger total after a two-passenger booking ---------------------------------------------------

ONE_TOTAL = [
    DANA,  # b0, s09
    DANA.replace("$496", "$496.00"),
    "Here's what I'll book for Dana:\n\n| Flight | Passengers | Cabin | Total |\n|---|---|---|---|\n| SA5943 | 1 | "
    "Economy | $496 |\n\nShall I go ahead?",
    "That's 1 passenger (Dana Whitfield) on SA5943, Economy, for a total of $496. Shall I book it?",
    "- Traveller: Dana Whitfield\n- Passengers: **1**\n- Total: **$496**\n\nOK to book?",
]


@pytest.mark.parametrize("summary", ONE_TOTAL)
def test_a_one_passenger_total_after_a_two_passenger_booking_is_clean(domain, summary):
    assert second_booking(domain, "Dana is booked ✅ ref BKD7204C.", dana=summary, yes="yes").fired("B1") == []


def test_a_one_passenger_premium_total_is_clean(domain):
    summary = DANA.replace("SA5943 — May 28, 10:30", "SA2085 — May 28, 10:30").replace("Economy", "Premium Economy") \
        .replace("$496", "$928")
    c = second_booking(domain, "Ok!", dana=summary, yes="hmm, not yet", call=False)
    assert c.fired("B1") == []


@pytest.mark.parametrize("summary", [
    DANA.replace("$496", "$498"),  # a wrong total
    DANA.replace("1 (Dana", "3 (Dana").replace("$496", "$1,488"),  # a party of 3 nobody stated
    "That's 1 passenger (Dana Whitfield) on SA5943 for a total of $469. Shall I book it?",
])
def test_a_wrong_total_or_an_unseen_count_still_fires(domain, summary):
    assert second_booking(domain, "Ok!", dana=summary, yes="hmm, not yet", call=False).fired("B1")


@pytest.mark.parametrize("ask", [
    "can you also book Dana Whitfield on the same flight? separate booking",
    "my colleague Dana Whitfield needs a seat on that flight too, separate reservation",
    "could you add a separate booking for my boss, Dana Whitfield, same flight?",
])
def test_a_separate_booking_asked_with_no_count_is_priced_by_its_summary(domain, ask):
    """The customer names one traveller without a count; the summary's "Passengers: 1" prices its total."""
    c = Chat(domain, "one_way", 1).u("Hi! Book Chicago → Miami on May 28 for 2 people. I'm Arjun Schmidt, travelling "
                                     "with my wife.")
    c.t("search_flights", origin="ORD", destination="MIA", date="2026-05-28")
    c.a(FIRST).u("yes")
    c.t("book_flight", flight_ids=["SA5943"], passengers=2, fare_class="economy", last_name="Schmidt",
        first_name="Arjun")
    c.a("Booked ✅ ref BKEDBD9F. Anything else?").u(ask)
    assert c.a(DANA).fired("B1") == []
    assert c.a(DANA.replace("$496", "$498")).fired("B1")  # near miss: a wrong total still fires


def test_a_one_passenger_total_before_any_booking_keeps_the_party(domain):
    """Near miss: with no booking made, "Passengers: 1 ... Total: $496" for a party of 2 still fires (the party's
    total is two seats)."""
    c = Chat(domain, "one_way", 1).u("Hi! Book Chicago → Miami on May 28 for 2 people. I'm Arjun Schmidt, travelling "
                                     "with my wife.")
    c.t("search_flights", origin="ORD", destination="MIA", date="2026-05-28")
    assert c.a(DANA).fired("B1")
