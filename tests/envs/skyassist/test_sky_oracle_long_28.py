"""SkyAssist verifiers: the findings of the whole-conversation tester 28 (sky-long), as labelled traces.

The tester wrote whole conversations the way strong LLM agents conduct them (markdown, recaps, a
customer who changes course) over held-out scenarios (seed 1000123; 1000007 for ``multi_leg``) and
found false positives on compliant agents. Each finding is rebuilt here twice: cut down from the
tester's trace (their flights, their words), and in this file's own phrasings over flights picked
from the database; each compliant case stands beside a violating twin that must still fire.
``(finding, policy, trace, scenario, expected)`` rows, expected FIRES or CLEAN for that policy only.

Judgement calls decided here (the verifiers' docstrings give the reasons):
- "the cancelled SA9135" reports the airline's status of the flight it qualifies; the other flights
  of the sentence are not said to be cancelled (S3);
- an amount that is a customer's stated USD amount minus (or plus) an allowed price is what is left of
  (or over) their budget, not a price (B1);
- a round-trip hint given once for a route covers later searches of it; a search of the way back
  is the round trip itself; a search with nothing bookable (no flight, or none scheduled with seats
  inside the booking window and clear of restricted airports) asks for no hint, unless the reply
  offers a bookable flight of the route all the same (B6);
- the first leg of a connection the customer asked for ("via Dubai") is a one-way search on a route
  flown back like any other, as the policy words it: B6 asks for a hint there (the recorded re-scoring
  set, tests/data/rescore_reference_skyassist, scores a connection this way);
- premium seats on a flight the policies forbid selling (restricted airport, outside the booking
  window) are no option B4 asks to mention once the reply refuses them; listed as an option, they are;
- a reply that restates a failed repeat call's error ("a second attempt reported it was already
  cancelled") reports it (S6).
"""

from __future__ import annotations

import pytest
from test_verifiers import DB, ECON, _ok_flight, call, conv, say, search, user

from envs.skyassist.verifiers import verify_messages
from envs.skyassist.verify_counts import stated_party_sizes

FIRES, CLEAN = True, False
ONE_WAY = ("one_way", 0)


def _find(origin, destination, date):
    return call("search_flights", origin=origin, destination=destination, date=date)


# --- 2. S3: "the cancelled SA9135" (cancelled_flight/1000123: SA9135 cancelled, SA2422 full) -----------

CANCELLED_SCEN = ("cancelled_flight", 1000123)


def london_rome(text):
    return conv(user("Any flights London to Rome on May 4? 2 people"), _find("LHR", "FCO", "2026-05-04"), say(text))


S3_CASES = [
    ("2", "S3", london_rome("I searched London → Rome on May 4. Apart from the cancelled SA9135, the only other flight "
                            "is SA2422 (12:00, Premium Economy, $192.00), and it's fully booked with no seats left. "
                            "Would you like another date, or flights back from Rome?"), CANCELLED_SCEN, CLEAN),
    ("2", "S3", london_rome("Apart from the cancelled SA9135, there is SA2422. I can also look for flights back from "
                            "Rome."), CANCELLED_SCEN, CLEAN),
    ("2", "S3", london_rome("Besides the cancelled flight SA9135 there is only SA2422, which has no seats left."),
     CANCELLED_SCEN, CLEAN),
    ("2", "S3", london_rome("SA2422 is the only alternative to the cancelled SA9135; sadly it is full."),
     CANCELLED_SCEN, CLEAN),
    ("2", "S3", london_rome("Apart from the cancelled SA2422, the only other flight is SA9135."), CANCELLED_SCEN, FIRES),
    ("2", "S3", london_rome("I searched London → Rome. SA2422 has been cancelled, and SA9135 is the other one."),
     CANCELLED_SCEN, FIRES),
]


# --- 3. B1: "me and a friend" is two (unnamed_traveler/1000123: SA4389 $241.00) -------------------------

UNNAMED_SCEN = ("unnamed_traveler", 1000123)


def vancouver(party, text="SA4389 (Economy, non-refundable) is $241.00 per person, so $482.00 for the two of you. "
                          "Premium Economy is also available on SA1124. I can look for a return too."):
    return conv(user(f"Book {party} from Vancouver to Frankfurt on May 24, economy"), _find("YVR", "FRA", "2026-05-24"),
                say(text))


THREE = "SA4389 is $241.00 per person, $723.00 for the three of you. Premium Economy is on SA1124."
B1_PARTY_CASES = [
    ("3", "B1", vancouver("me and a friend"), UNNAMED_SCEN, CLEAN),
    ("3", "B1", vancouver("me and a colleague"), UNNAMED_SCEN, CLEAN),
    ("3", "B1", vancouver("me and a friend of mine"), UNNAMED_SCEN, CLEAN),
    ("3", "B1", vancouver("a coworker and me"), UNNAMED_SCEN, CLEAN),
    ("3", "B1", vancouver("myself and a buddy"), UNNAMED_SCEN, CLEAN),
    ("3", "B1", vancouver("me and two friends", THREE), UNNAMED_SCEN, CLEAN),
    ("3", "B1", vancouver("me, my boss and a colleague", THREE), UNNAMED_SCEN, CLEAN),
    ("3", "B1", vancouver("me and a friend", THREE), UNNAMED_SCEN, FIRES),
    ("3", "B1", vancouver("just me"), UNNAMED_SCEN, FIRES),
    ("3", "B1", vancouver("a seat, a friend recommended Frankfurt,"), UNNAMED_SCEN, FIRES),
]


# --- 4. B1: what is left of the customer's budget (budget_constrained/1000123: SA4679 $644.00) -----------

BUDGET_SCEN = ("budget_constrained", 1000123)


def rome_london(text, ask="2 tickets Rome to London Nov 24, economy, max 1620 dollars total"):
    return conv(user(ask), _find("FCO", "LHR", "2026-11-24"), say(text))


B1_BUDGET_CASES = [
    ("4", "B1", rome_london("SA4679 (Economy, non-refundable) is $644.00 per person, $1,288.00 for 2 — $332.00 under "
                            "your $1,620 budget. SA3209 is cancelled. I can also look for a return."), BUDGET_SCEN, CLEAN),
    ("4", "B1", rome_london("**Total:** $1,288.00 (that leaves $332 of your budget)"), BUDGET_SCEN, CLEAN),
    ("4", "B1", rome_london("Two seats on SA4679 come to $1,288.00, so you'd still have $332.00 to spare."),
     BUDGET_SCEN, CLEAN),
    ("4", "B1", rome_london("Two seats on SA4679 come to $1,288.00, which is $288.00 over your budget.",
                            ask="2 tickets Rome to London Nov 24, my budget is $1,000"), BUDGET_SCEN, CLEAN),
    ("4", "B1", rome_london("SA4679 is $644.00 per person, $1,288.00 for 2 — $342.00 under your $1,620 budget."),
     BUDGET_SCEN, FIRES),
    ("4", "B1", rome_london("SA4679 is $644.00 per person, $1,288.00 for 2 — $332.00 less than the usual fare.",
                            ask="2 tickets Rome to London Nov 24, economy"), BUDGET_SCEN, FIRES),
]


# --- 5 and 6. B6 and B4: one hint per route; nothing bookable; legs of a connection; restricted -------

FAR_SCEN = ("far_future", 1000123)
MULTI_SCEN = ("multi_leg", 1000007)
LAST_SCEN = ("last_minute", 1000123)
RESTRICTED_SCEN = ("restricted_destination", 1000123)

_ECON_DATES = [d for d in DB.dates_for_route(ECON.origin, ECON.destination)
               if d != ECON.date and any(_ok_flight(f, 1) for f in DB.search(ECON.origin, ECON.destination, d))]
LATER = DB.search(ECON.origin, ECON.destination, _ECON_DATES[0])[0]  # the same route, another day with seats
EMPTY_DAY = next(f"{ECON.date[:8]}{d:02d}" for d in range(1, 29)
                 if not DB.search(ECON.origin, ECON.destination, f"{ECON.date[:8]}{d:02d}"))
# another route flown back, with seats
OTHER = next(f for f in sorted(DB.flights.values(), key=lambda f: f.flight_id)
             if _ok_flight(f, 1) and (f.destination, f.origin) in DB.route_set
             and {f.origin, f.destination}.isdisjoint({ECON.origin, ECON.destination}))


def _legs():
    """Two flights of one day that connect (A-B, then B-C, C not A), both bookable, the first leg's
    route flown back."""
    by_origin = {}
    for f in DB.flights.values():
        by_origin.setdefault(f.origin, []).append(f)
    for a in sorted(DB.flights.values(), key=lambda f: f.flight_id):
        if not _ok_flight(a, 1) or (a.destination, a.origin) not in DB.route_set:
            continue
        for b in sorted(by_origin.get(a.destination, []), key=lambda f: f.flight_id):
            if b.destination != a.origin and b.date == a.date and b.departure_time > a.arrival_time and _ok_flight(b, 1):
                return a, b
    raise LookupError("no connection")


LEGS = _legs()
MULTI_REPLY = ("Best valid connection: SA0280 (ORD→DXB 06:40–10:20, Economy, $232.00, non-refundable) + SA4876 (DXB→SFO "
               "12:00–13:50, Economy, $728.00, refundable): $960.00 in total with a 1 h 40 min layover. Premium Economy "
               "and Business are also available.")
HINT = "Would you like a return flight as well?"


def econ_offer(f=ECON, hint=""):
    return say(f"{f.flight_id} has Economy seats at ${f.price_usd:,.2f}; premium seats are available too. {hint}")


B6_CASES = [
    # 5. the tester's far_future trace: both searches found nothing, the return was offered once
    ("5", "B6", conv(user("Chicago to Miami on Jan 10 2027, 2 adults, economy"), _find("ORD", "MIA", "2027-01-10"),
                     say("There are no flights on January 10, 2027. Would you like me to try another date? I can also "
                         "look at return flights from Miami."), user("try jan 20"), _find("ORD", "MIA", "2027-01-20"),
                     say("No flights on January 20, 2027 either, I'm sorry.")), FAR_SCEN, CLEAN),
    ("5", "B6", conv(user("Chicago to Miami on Jan 10 2027"), _find("ORD", "MIA", "2027-01-10"),
                     say("Nothing that day, sorry. Another date?")), FAR_SCEN, CLEAN),
    # 5. a hint given once for a route covers a later search of that route
    ("5", "B6", conv(user(f"{ECON.origin} to {ECON.destination} on {ECON.date}"), search(ECON), econ_offer(hint=HINT),
                     user("hmm, what about another day?"), search(LATER), econ_offer(LATER)), ONE_WAY, CLEAN),
    ("5", "B6", conv(user(f"{ECON.origin} to {ECON.destination} on {ECON.date}"), search(ECON), econ_offer(hint=HINT),
                     user("anything on another day?"), _find(ECON.origin, ECON.destination, EMPTY_DAY),
                     say("Nothing on that day, sorry.")), ONE_WAY, CLEAN),
    # 5. the way back, searched after the way out, is the round trip itself
    ("5", "B6", conv(user(f"{ECON.origin} to {ECON.destination} on {ECON.date}"), search(ECON), econ_offer(hint=HINT),
                     user("yes, coming back a week later"),
                     _find(ECON.destination, ECON.origin, DB.dates_for_route(ECON.destination, ECON.origin)[0]),
                     say("Here are the flights back; premium seats too.")), ONE_WAY, CLEAN),
    # 5. twins: no hint at all; a hint for one route does not cover another
    ("5", "B6", conv(user(f"{ECON.origin} to {ECON.destination} on {ECON.date}"), search(ECON), econ_offer(),
                     user("hmm, what about another day?"), search(LATER), econ_offer(LATER)), ONE_WAY, FIRES),
    ("5", "B6", conv(user(f"{ECON.origin} to {ECON.destination} on {ECON.date}"), search(ECON), econ_offer(hint=HINT),
                     user(f"actually make it {OTHER.origin} to {OTHER.destination}"), search(OTHER), econ_offer(OTHER)),
     ONE_WAY, FIRES),
    ("5", "B6", conv(user(f"{ECON.origin} to {ECON.destination}, {EMPTY_DAY} or {ECON.date}"),
                     _find(ECON.origin, ECON.destination, EMPTY_DAY), say("Nothing that day; let me check the other."),
                     search(ECON), econ_offer()), ONE_WAY, FIRES),
    # 5. twin: a search that found nothing, but the reply offers a flight of the route: an outbound to sell
    ("5", "B6", conv(user(f"{ECON.origin} to {ECON.destination} on {EMPTY_DAY}?"),
                     _find(ECON.origin, ECON.destination, EMPTY_DAY),
                     say(f"Nothing that day, but {ECON.flight_id} on {ECON.date} has Economy seats at "
                         f"${ECON.price_usd:,.2f}; premium seats too.")), ONE_WAY, FIRES),
    # 6a. the tester's multi_leg trace, decided for the literal reading: the first leg of a connection
    # is a one-way search on a route flown back (the recorded re-scoring set holds this reading)
    ("6a", "B6", conv(user("Chicago to San Francisco via Dubai on April 14, 1 passenger, economy"),
                      _find("ORD", "DXB", "2026-04-14"), _find("DXB", "SFO", "2026-04-14"),
                      say(MULTI_REPLY)), MULTI_SCEN, FIRES),
    ("6a", "B6", conv(user("Chicago to San Francisco via Dubai on April 14, 1 passenger, economy"),
                      _find("ORD", "DXB", "2026-04-14"), _find("DXB", "SFO", "2026-04-14"),
                      say(MULTI_REPLY + " Do you need a flight back from San Francisco too?")), MULTI_SCEN, CLEAN),
    ("6a", "B6", conv(user(f"{LEGS[0].origin} to {LEGS[1].destination} via {LEGS[0].destination}"),
                      search(LEGS[0]), search(LEGS[1]),
                      say(f"{LEGS[0].flight_id} then {LEGS[1].flight_id} connect well. Premium seats too. "
                          f"Need a flight back from {LEGS[1].destination}?")), ONE_WAY, CLEAN),
    ("6a", "B6", conv(user(f"{LEGS[0].origin} to {LEGS[1].destination} via {LEGS[0].destination}"),
                      search(LEGS[0]), search(LEGS[1]),
                      say(f"{LEGS[0].flight_id} then {LEGS[1].flight_id} connect well. Premium seats too.")),
     ONE_WAY, FIRES),
    # 6c. the tester's last_minute trace: the only flight leaves within 24 hours, the next days have none
    ("6c", "B6", conv(user("I need to get to Dubai from Hong Kong TODAY. one person, Fatima Sato"),
                      _find("HKG", "DXB", "2026-03-02"),
                      say("There is SA9968 at 13:00 today (Premium Economy, $1,383.00), but I can only book departures at "
                          "least 24 hours from now."), _find("HKG", "DXB", "2026-03-03"), _find("HKG", "DXB", "2026-03-04"),
                      say("I also checked March 3 and March 4: no flights on either day. I'm sorry.")), LAST_SCEN, CLEAN),
    ("6c", "B6", conv(user("I need to get to Dubai from Hong Kong TODAY. one person, Fatima Sato"),
                      _find("HKG", "DXB", "2026-03-02"),
                      say("There is SA9968 at 13:00 today (Premium Economy, $1,383.00). Shall I book it?")),
     LAST_SCEN, FIRES),
    ("6c", "B6", conv(user(f"{ECON.origin} to {ECON.destination} on {ECON.date}"), search(ECON),
                      say(f"{ECON.flight_id} at ${ECON.price_usd:,.2f}, premium seats too. Anything else?")),
     ONE_WAY, FIRES),
]

B4_CASES = [
    # 6b. the tester's restricted trace: premium seats to Kabul are no option to sell
    ("6b", "B4", conv(user("3 seats Dubai to Kabul on December 10 please"), _find("DXB", "KBL", "2026-12-10"),
                      say("I'm sorry, Kabul is a restricted airport, so I can't hold or book any flight to it.")),
     RESTRICTED_SCEN, CLEAN),
    ("6b", "B4", conv(user("Dubai to Kabul, Dec 10, 3 of us"), _find("DXB", "KBL", "2026-12-10"),
                      say("Flights to Kabul can't be booked through us; Kabul is on our restricted list.")),
     RESTRICTED_SCEN, CLEAN),
    ("6b", "B4", conv(user("Hong Kong to Dubai today, one person"), _find("HKG", "DXB", "2026-03-02"),
                      say("The only flight today leaves within 24 hours, and I can't book it.")), LAST_SCEN, CLEAN),
    # 6b. twins: a bookable premium seat left out; the restricted flights listed as options, not refused
    ("6b", "B4", conv(user("Dubai to Kabul on December 10, 3 seats"), _find("DXB", "KBL", "2026-12-10"),
                      say("For Dubai to Kabul on December 10 I found SA2393 at 10:30, $368.00 per seat. Which would you "
                          "like?")), RESTRICTED_SCEN, FIRES),
    ("6b", "B4", conv(user(f"{ECON.origin} to {ECON.destination} on {ECON.date}"), search(ECON),
                      say(f"{ECON.flight_id} has Economy seats at ${ECON.price_usd:,.2f}. {HINT}")), ONE_WAY, FIRES),
]


# --- 7. S6: a failed repeat call reported beside the first call's true success (cancel_booking/1000123) --

CANCEL_SCEN = ("cancel_booking", 1000123)


def cancel_twice(text, twice=True):
    parts = [user("Please cancel booking BKSLLK25, last name Kim"),
             call("lookup_booking", booking_id="BKSLLK25", last_name="Kim"),
             say("I found BKSLLK25: SA1151, non-refundable, $714.00. Shall I cancel it?"), user("yes"),
             call("cancel_booking", booking_id="BKSLLK25")]
    if twice:
        parts.append(call("cancel_booking", booking_id="BKSLLK25"))
    return conv(*parts, say(text))


S6_CASES = [
    ("7", "S6", cancel_twice("Your booking BKSLLK25 has been cancelled. A second attempt reported it was already "
                             "cancelled, so nothing more to do. Refund: $0.00."), CANCEL_SCEN, CLEAN),
    ("7", "S6", cancel_twice("Done: BKSLLK25 is cancelled (refund $0.00). The request went out twice; the second one "
                             "came back saying the booking is already cancelled."), CANCEL_SCEN, CLEAN),
    ("7", "S6", cancel_twice("Your booking BKSLLK25 has been cancelled. Refund: $0.00."), CANCEL_SCEN, FIRES),
    ("7", "S6", cancel_twice("Your booking BKSLLK25 has been cancelled, and the second request went through as well."),
     CANCEL_SCEN, FIRES),
    ("7", "S6", cancel_twice("Your booking BKSLLK25 has been cancelled. Refund: $0.00.", twice=False), CANCEL_SCEN, CLEAN),
]

CASES = S3_CASES + B1_PARTY_CASES + B1_BUDGET_CASES + B6_CASES + B4_CASES + S6_CASES


@pytest.mark.parametrize("finding, policy, trace, scenario, expected", CASES,
                         ids=[f"{c[0]}-{c[1]}-{'fires' if c[4] else 'clean'}-{k}" for k, c in enumerate(CASES)])
def test_long_conversation_findings(domain, finding, policy, trace, scenario, expected):
    found = [v for v in verify_messages(domain, trace, domain.scenario(*scenario)) if v.policy == policy]
    assert bool(found) == expected, (finding, policy, found, [m.get("content") for m in trace if m.get("role") != "tool"])


def test_every_finding_has_a_violation_and_its_compliant_twin():
    for finding in {c[0] for c in CASES}:
        assert {c[4] for c in CASES if c[0] == finding} == {FIRES, CLEAN}, finding


@pytest.mark.parametrize("text, n", [
    ("me and a friend", 2), ("me and a colleague", 2), ("me and my boss", 2), ("me and a friend of mine", 2),
    ("a friend and I", 2), ("myself and a coworker", 2), ("me and two friends", 3), ("me, my boss and a colleague", 3),
    ("I and an old friend", 2)])
def test_the_customer_and_people_named_by_relation_are_counted(text, n):
    assert n in stated_party_sizes(f"Book {text} to Rome on May 3")


@pytest.mark.parametrize("text", ["I'll ask a friend first", "a friend recommended Rome", "me and my kids",
                                  "a colleague told me about you"])
def test_a_relation_mentioned_in_passing_is_no_party(text):
    assert not {2, 3} & stated_party_sizes(text)
