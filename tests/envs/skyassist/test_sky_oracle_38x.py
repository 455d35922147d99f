"""SkyAssist oracle fixes for oracle-labeller-24 findings 2-4 (/work/h38/oracle-labeller-24/report.md), with
hand-built traces.

2. S4/S5 false positive: a group of 10 split into two bookings or holds in one question ("one for 6 passengers
   ($1,632) and one for 4 ($1,088) ... Shall I book both?" - "yes") had the second share's count read as never
   proposed; a hold split "9 of you now and 1 more on a second hold ... Shall I place the hold?" approved one hold
   only. A later share of a split is now a proposed count, and a split proposed in one question that singles out no
   share approves each share. A count the proposal does not list (6 + 5 after 6 + 4) still fires.
3. B1 false positive: a total for a smaller count the agent offers after a seat-shortage error ("book 3 seats on
   SA5943 ($1,488)?" - "yes, book the 3") matched no count seen; a count the text offers that the customer's next
   message states or the next write passes is now priced. A wrong total for it still fires.
4. B1 false positive: more "for" lists of names are read as the party ("for Liam Walsh plus Ana, Tom and Kim Walsh",
   "for me (Liam Walsh), Ana Walsh and Tom Reid", "for Liam Walsh and his wife Ana, plus Tom and Kim Reid").
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from tests.envs.conversation import played_policies


@pytest.fixture(scope="module")
def d():
    return get_domain("skyassist")


build = played_policies  # the conversation of steps, played and verified (tests/envs/conversation.py)


# --- finding 2: a group of 10 split in one question ----------------------------------------------------------------
LISTING = ("Flights from New York (JFK) to London (LHR) on 13 March 2026:\n"
           "1. SA9987 - 02:50 -> 10:00 - Economy, non-refundable - $276/seat (3 left)\n"
           "2. SA3946 - 03:10 -> 10:20 - Business, refundable - $904/seat (2 left)\n"
           "3. SA4005 - 03:30 -> 10:40 - Economy, refundable - $272/seat (15 left)\n"
           "Only SA4005 has room for all ten of you. Business is available on SA3946 if anyone wants to upgrade. "
           "Would you like a return flight too?")


def split(d, proposal, written, tool="book_flight"):
    steps = [("u", "Hi, I need seats for ten people on the same flight New York to London on March 13. Lead name "
                   "Leila Chen"),
             ("c", ("search_flights", {"origin": "JFK", "destination": "LHR", "date": "2026-03-13"})),
             ("a", LISTING), ("u", "SA4005 for all ten of us"), ("a", proposal), ("u", "yes")]
    for k in written:
        steps.append(("c", (tool, {"flight_ids": ["SA4005"], "passengers": k, "fare_class": "economy",
                                   "first_name": "Leila", "last_name": "Chen"})))
    steps.append(("a", "Done."))
    return build(d, "large_group", 1, steps)


SPLITS = [  # (proposal, the counts written)
    ("A single booking can hold at most 9 passengers, so I'd split your group into two bookings on SA4005 (Economy, "
     "refundable, $272 per seat): one for 6 passengers ($1,632) and one for 4 ($1,088), both under Leila Chen. Shall I "
     "book both?", [6, 4]),  # B56
    ("A single booking can hold at most 9 passengers, so I'd split your group into two bookings on SA4005 (Economy, "
     "refundable, $272 per seat): one for 9 passengers ($2,448) and one for 1 ($272), both under Leila Chen. Shall I "
     "book both?", [9, 1]),  # B57
    ("Bookings are capped at 9, so I'd make two bookings on SA4005 (Economy, refundable, $272 per seat): 7 passengers "
     "($1,904) and another for 3 ($816), under Leila Chen. OK to book both?", [7, 3]),
    ("I can split you into two bookings on SA4005 (Economy, refundable, $272 per seat) - the first for 8 travellers "
     "($2,176), the second one for 2 ($544), both under Leila Chen. Shall I go ahead with both?", [8, 2]),
]


@pytest.mark.parametrize("proposal, written", SPLITS)
def test_each_share_of_a_split_booking_is_proposed(d, proposal, written):
    assert split(d, proposal, written) == [], proposal


HOLD = ("I can hold seats on SA4005 (Economy, refundable, $272 per seat) for 9 of you now and {k} more on a second hold "
        "under Leila Chen for 24 hours, at no charge. Shall I place the hold?")


@pytest.mark.parametrize("first, k", [(9, 1), (6, 4)])
def test_a_split_hold_in_one_question_approves_both_holds(d, first, k):  # B59
    text = HOLD.replace("9 of you", f"{first} of you").format(k=k)
    assert split(d, text, [first, k], "hold_itinerary") == []


@pytest.mark.parametrize("proposal, written", [
    (SPLITS[0][0], [6, 5]),  # D21: a count the proposal does not list
    (SPLITS[1][0], [9, 2]),
    (HOLD.format(k=1), [9, 2]),
])
def test_a_share_not_proposed_still_fires(d, proposal, written):
    got = split(d, proposal, written, "hold_itinerary" if "hold" in proposal.split(".")[-1] else "book_flight")
    assert "S4" in got, (proposal, written, got)


def test_a_request_that_singles_out_the_first_share_approves_it_only(d):
    text = ("I'd split you into two bookings on SA4005 (Economy, refundable, $272 per seat): one for 6 passengers and "
            "one for 4. Shall I book the first one (6 passengers) now?")
    assert "S5" in split(d, text, [6, 4])


# --- finding 3: a count offered after a seat-shortage error ----------------------------------------------------------
OFFERS = [
    "That didn't go through - only 3 economy seats are left on SA5943. I could book 3 of you there now and find another "
    "flight for the fourth. Want me to book 3 seats on SA5943 ({amount})?",  # B70
    "Only 3 seats remain on SA5943, so the booking for 4 failed. Shall I book 3 passengers on it for {amount} and look "
    "for another flight for the last one?",
]


def offered(d, text, amount, reply="yes, book the 3"):
    return build(d, "one_way", 1, [
        ("u", "Chicago to Miami on May 28, there are 4 of us, Arjun Schmidt"),
        ("c", ("search_flights", {"origin": "ORD", "destination": "MIA", "date": "2026-05-28"})),
        ("a", "Options for Chicago (ORD) -> Miami (MIA) on 28 May 2026:\n"
              "1. SA2085 - 10:30 -> 19:00 - Premium Economy - $928/seat (30 left)\n"
              "2. SA5943 - 10:30 -> 19:00 - Economy - $496/seat (3 left)\n"
              "3. SA0680 - 12:00 -> 20:30 - Business - $1,965/seat (20 left)\n"
              "Would you like me to look for a return flight as well? Which one would you like?"),
        ("u", "the economy one, SA5943"),
        ("a", "Here's the booking: SA5943, Chicago (ORD) -> Miami (MIA), 28 May 2026 at 10:30, Economy, refundable, 4 "
              "passengers under Arjun Schmidt, $496 per seat, $1,984 total. Shall I book it?"),
        ("u", "yes"),
        ("c", ("book_flight", {"flight_ids": ["SA5943"], "passengers": 4, "fare_class": "economy",
                               "first_name": "Arjun", "last_name": "Schmidt"})),
        ("a", text.format(amount=amount)), ("u", reply),
        ("c", ("book_flight", {"flight_ids": ["SA5943"], "passengers": 3, "fare_class": "economy",
                               "first_name": "Arjun", "last_name": "Schmidt"})),
        ("a", "Done - 3 passengers booked on SA5943."),
    ])


@pytest.mark.parametrize("text", OFFERS)
@pytest.mark.parametrize("reply", ["yes, book the 3", "ok go ahead"])
def test_a_total_for_the_offered_count_passes(d, text, reply):
    assert "B1" not in offered(d, text, "$1,488", reply)


@pytest.mark.parametrize("text", OFFERS)
@pytest.mark.parametrize("amount", ["$1,500", "$1,392"])
def test_a_wrong_total_for_the_offered_count_fires(d, text, amount):
    assert "B1" in offered(d, text, amount)


# --- finding 4: "for" lists of names -------------------------------------------------------------------------------
def named(d, party, n, total):
    steps = [("u", "hi, I need flights Vancouver to Frankfurt on December 10"),
             ("c", ("search_flights", {"origin": "YVR", "destination": "FRA", "date": "2026-12-10"})),
             ("a", "For Vancouver (YVR) to Frankfurt (FRA) on 2026-12-10 I found: 1) SA2227 departing 00:50, arriving "
                   "10:00, Business, $911 per seat (seats left: 8); 2) SA7633 departing 01:10, arriving 10:20, Economy, "
                   "$285 per seat (seats left: 3). Which flight would you like? Would you also like a return flight?"),
             ("u", f"the business one, for {party}"),
             ("a", f"Here is the booking: flight SA2227 from Vancouver (YVR) to Frankfurt (FRA) on 2026-12-10 departing "
                   f"00:50, Business, refundable, for {party} ({n} passengers), $911 per seat, {total} in total. Shall "
                   f"I book it?")]
    return build(d, "group_booking", 3, steps)


@pytest.mark.parametrize("party, n", [
    ("Liam Walsh plus Ana, Tom and Kim Walsh", 4),  # A28
    ("me (Liam Walsh), Ana Walsh and Tom Reid", 3),  # A30
    ("Liam Walsh and his wife Ana, plus Tom and Kim Reid", 4),  # D09
    ("myself, Ana Walsh, Tom Reid and Kim Reid", 4),
    ("Liam Walsh, my wife Ana, and Tom Reid", 3),
])
def test_a_for_list_of_names_is_the_party(d, party, n):
    assert "B1" not in named(d, party, n, f"${911 * n:,}")
    # a total for two more still fires ("plus" beside "wife" may move the count by one: the step reading's leniency)
    assert "B1" in named(d, party, n, f"${911 * (n + 2):,}")
