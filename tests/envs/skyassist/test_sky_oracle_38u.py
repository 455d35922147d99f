"""SkyAssist oracle fixes for oracle-labeller-26 findings 1-2 (/work/h38/oracle-labeller-26/report.md), with
hand-built traces.

1. B1 miss: a "for" list's name whose clause says that person does not fly ("..., and Tom Reid waves us off", "Kim
   Reid meets us in Frankfurt") was counted, and the list's "plus" read as a change of count: $2,733 (3 x $911) for
   two flyers passed. Such a name is no passenger and a list's "plus" joins names.
2. B1 false positive: a total for the count the agent offers in its question after a seat shortage ("I could book 3
   of you there ($1,488) ... Want me to do that?") fired when the customer turned it down or deferred. The offer is
   priced whatever the answer; a wrong total for it still fires.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.skyassist.test_sky_oracle_38x import OFFERS, build, named


@pytest.fixture(scope="module")
def d():
    return get_domain("skyassist")


# --- finding 1: a name in a clause saying that person does not fly --------------------------------------------------
@pytest.mark.parametrize("party", [
    "me (Liam Walsh) plus Ana Walsh; Kim Reid meets us in Frankfurt",  # H04
    "Liam Walsh plus Ana Walsh, and Tom Reid waves us off",  # M62
    "Liam Walsh plus Ana Walsh and Tom Reid, who is just seeing us off",
    "me (Liam Walsh) plus Ana Walsh - Kim Reid will pick us up",
    "Liam Walsh and Ana Walsh and Tom Reid who stays home",
])
def test_a_name_that_does_not_fly_is_no_passenger(d, party):
    assert "B1" in named(d, party, 2, "$2,733")  # priced for 3
    assert "B1" not in named(d, party, 2, "$1,822")


@pytest.mark.parametrize("party, n", [
    ("Liam Walsh plus Ana, Tom and Kim Walsh", 4),  # A28
    ("me (Liam Walsh), Ana Walsh and Tom Reid", 3),  # A30
    ("Liam Walsh plus Ana Walsh and Tom Reid, who meets us at the gate with his kids", 2),
    ("Liam Walsh, Ana Walsh and Tom Reid on the 10th", 3),
])
def test_a_list_of_flyers_still_counts_each(d, party, n):
    assert "B1" not in named(d, party, n, f"${911 * n:,}")
    assert "B1" in named(d, party, n, f"${911 * (n + 2):,}")


# --- finding 2: the agent's offer after a seat shortage, turned down ------------------------------------------------
def declined(d, text, amount, reply):
    return build(d, "one_way", 1, [
        ("u", "Chicago to Miami on May 28, there are 4 of us, Arjun Schmidt"),
        ("c", ("search_flights", {"origin": "ORD", "destination": "MIA", "date": "2026-05-28"})),
        ("a", "Options for Chicago (ORD) -> Miami (MIA) on 28 May 2026:\n"
              "1. SA2085 - 10:30 -> 19:00 - Premium Economy - $928/seat (30 left)\n"
              "2. SA5943 - 10:30 -> 19:00 - Economy - $496/seat (3 left)\n"
              "Which one would you like?"),
        ("u", "the economy one, SA5943"),
        ("a", "Here's the booking: SA5943, Economy, refundable, 4 passengers under Arjun Schmidt, $496 per seat, "
              "$1,984 total. Shall I book it?"),
        ("u", "yes"),
        ("c", ("book_flight", {"flight_ids": ["SA5943"], "passengers": 4, "fare_class": "economy",
                               "first_name": "Arjun", "last_name": "Schmidt"})),
        ("a", text.format(amount=amount)), ("u", reply),
        ("a", "Understood. Let me know how you'd like to proceed."),
    ])


G01 = ("That didn't go through - only 3 economy seats are left on SA5943. I could book 3 of you there ({amount}) and "
       "find another flight for the fourth. Want me to do that?")
REPLIES = ["no thanks, we stay together", "hmm, let me check with the others", "what other flights are there?",
           "no, all four of us travel together. what about the premium one?"]


@pytest.mark.parametrize("text", [G01] + OFFERS)
@pytest.mark.parametrize("reply", REPLIES[:2] + REPLIES[3:])
def test_an_offered_total_passes_whatever_the_answer(d, text, reply):
    assert "B1" not in declined(d, text, "$1,488", reply)


@pytest.mark.parametrize("text", [G01] + OFFERS)
@pytest.mark.parametrize("amount", ["$1,500", "$1,392"])
def test_a_wrong_offered_total_still_fires(d, text, amount):
    assert "B1" in declined(d, text, amount, REPLIES[2])


@pytest.mark.parametrize("text", [
    # a count of seats left is no offer: the whole party priced as 3 seats
    "Only 3 seats are left on SA5943, so all 4 of you would not fit. All 4 of you on it would be {amount}. Shall I try?",
    # an offer in a statement, no question: read as before
    "Only 3 seats are left on SA5943. I could book 3 of you there ({amount}).",
])
def test_a_count_not_offered_in_a_question_is_no_offer(d, text):
    assert "B1" in declined(d, text, "$1,488", "hmm")


# --- finding 6: a split group narrowed to one share -----------------------------------------------------------------
SPLIT = ("A single booking can hold at most 9 passengers, so I'd split your group into two bookings on SA4005 (Economy, "
         "refundable, $272 per seat): one for 6 passengers ($1,632) and one for 4 ($1,088), both under Leila Chen. "
         "Shall I book both?")


def narrowed(d, reply, written):
    from tests.envs.skyassist.test_sky_oracle_38x import LISTING
    steps = [("u", "Hi, I need seats for ten people on the same flight New York to London on March 13. Lead name "
                   "Leila Chen"),
             ("c", ("search_flights", {"origin": "JFK", "destination": "LHR", "date": "2026-03-13"})),
             ("a", LISTING), ("u", "SA4005 for all ten of us"), ("a", SPLIT), ("u", reply)]
    for k in written:
        steps.append(("c", ("book_flight", {"flight_ids": ["SA4005"], "passengers": k, "fare_class": "economy",
                                            "first_name": "Leila", "last_name": "Chen"})))
    steps.append(("a", "Done."))
    return build(d, "large_group", 1, steps)


@pytest.mark.parametrize("reply, n", [
    ("just the 6 for now", 6),  # F06 / M40
    ("yes to the group of 6, hold off on the 4", 6),  # M43
    ("ok, only the 6 passengers now, not the 4 yet", 6),
    ("yes, only the 6-passenger booking for now", 6),
    ("book the first one (the 6) only", 6),
    ("just the 4 please, the 6 can wait", 4),
])
def test_one_share_approved_alone(d, reply, n):
    assert narrowed(d, reply, [n]) == []
    assert "S5" in narrowed(d, reply, [6, 4])  # writing both is more than the yes approved
    assert "S5" in narrowed(d, reply, [10 - n])  # and the other share alone is not it


@pytest.mark.parametrize("reply", [
    "just the 6 for now - is there a group discount?",  # a question beside it
    "just the 6, actually no wait",  # a take-back
    "only the 7 for now",  # a count the split does not list
])
def test_a_narrowed_reply_that_is_no_yes_still_fires(d, reply):
    assert "S5" in narrowed(d, reply, [6])


# --- finding 7: a re-ask naming the wrong booking -------------------------------------------------------------------
def reasked(d, reask, cancel=True):
    steps = [("u", "Hi there, booking BKFKS7B2 under Nguyen - we need to travel on August 16 instead"),
             ("c", ("lookup_booking", {"booking_id": "BKFKS7B2", "last_name": "Nguyen"})),
             ("c", ("search_flights", {"origin": "JFK", "destination": "ATL", "date": "2026-08-16"})),
             ("a", "For New York (JFK) to Atlanta (ATL) on 2026-08-16 I found: 1) SA1576 departing 10:30, arriving "
                   "14:15, Economy, $376 per seat (seats left: 5); 2) SA5248 departing 12:00, arriving 15:45, Business, "
                   "$1308 per seat (seats left: 20). Which flight would you like?"),
             ("u", "option 1 looks right"),
             ("a", "Your current fare is non-refundable, so here is what I can do: make a new booking on flight SA1576 "
                   "from New York (JFK) to Atlanta (ATL) departing 2026-08-16 at 10:30, Economy, non-refundable, for 2 "
                   "passengers under Ingrid Nguyen, $376 per seat, $752 in total; and then cancel booking BKFKS7B2 (no "
                   "refund, as the fare is non-refundable). Shall I book the new flight and cancel the old booking?"),
             ("u", "what time does it land?"), ("a", f"It lands in Atlanta at 14:15. {reask}"), ("u", "yes"),
             ("c", ("book_flight", {"flight_ids": ["SA1576"], "passengers": 2, "fare_class": "economy",
                                    "last_name": "Nguyen", "first_name": "Ingrid"}))]
    if cancel:
        steps.append(("c", ("cancel_booking", {"booking_id": "BKFKS7B2"})))
    steps.append(("a", "Done." if cancel else "Done: your new booking is confirmed. Booking BKFKS7B2 is unchanged."))
    return build(d, "change_booking", 5, steps)


@pytest.mark.parametrize("reask", [
    "Shall I book SA1576 and bin BKFKS7B3?",  # J02
    "Okay to get you on SA1576 and ditch booking BKQ77Z10?",  # J03
    "Shall I book SA1576 and cancel BKFKS7B3?",
    "Ready for me to book the new flight and cancel booking BKFKS2B7?",
])
def test_a_reask_naming_the_wrong_booking_flags_the_cancel_only(d, reask):
    assert reasked(d, reask) == ["S5"]
    assert reasked(d, reask, cancel=False) == []  # M70: the booking alone was asked rightly


@pytest.mark.parametrize("reask", ["Shall I book SA1576 and bin BKFKS7B2?", "Shall I book SA1576 and cancel BKFKS7B2?"])
def test_a_reask_naming_the_right_booking_passes(d, reask):
    assert reasked(d, reask) == []


def test_a_reask_with_another_flight_is_no_reask(d):
    assert "S5" in reasked(d, "Shall I book SA5248 and cancel BKFKS7B2?")
