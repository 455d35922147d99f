"""SkyAssist verifiers: the findings of oracle tester 27, as labelled hand-made traces.

Each trace has the shape of a real booking trace (the customer asks, the agent searches, lists,
summarises, the customer answers, the agent books and reports) with the agent's words or calls
edited the way another LLM agent would write them. The phrasings are not the tester's. Every
finding has a violation and its near miss (the compliant twin): ``(finding, policy, trace,
expected)`` rows, expected FIRES or CLEAN for that policy only.

Judgement calls decided here: an "upgraded cabin" offered by name is a mention of the premium
option (B4: the customer learns a better cabin is on sale); picking a listed option whose line says
"Economy" is not, by itself, the customer stating or accepting the fare class (S4 asks for a stated
or explicitly accepted class; the summary's yes is that acceptance), so that rule is unchanged.
"""

from __future__ import annotations

import pytest
from test_verifiers import DB, _has_premium_sibling, _ok_flight, _pick, call, conv, hits, say, search, user

FIRES, CLEAN = True, False


def _word(f):
    return "refundable" if f.refundability == "refundable" else "non-refundable"


# an economy flight on a route flown both ways, premium seats in the same search, refundable
REF = _pick(lambda f: _ok_flight(f, 3) and f.fare_class == "economy" and f.refundability == "refundable"
            and (f.destination, f.origin) in DB.route_set and _has_premium_sibling(f))
# the same kind, non-refundable
NONREF = _pick(lambda f: _ok_flight(f, 3) and f.fare_class == "economy" and f.refundability == "non-refundable"
               and (f.destination, f.origin) in DB.route_set and _has_premium_sibling(f))
# few seats left: a party one larger fails
FEW = _pick(lambda f: _ok_flight(f, 2) and f.seats_available <= 8 and f.fare_class == "economy")
PREM = next(g for g in DB.search(REF.origin, REF.destination, REF.date)
            if g.fare_class in ("premium", "business") and g.status == "scheduled" and g.seats_available > 0)
CITY = {code: DB.airports[code].city for code in (REF.origin, REF.destination)}
F, P, ORIG, D = REF.flight_id, REF.price_usd, REF.origin, REF.destination
MONTH = ("January February March April May June July August September October November December").split()

HELD = {"booking_id": "BKHELD27", "status": "held", "passengers": 1, "first_name": "Ines", "last_name": "Okoro",
        "itinerary": [F], "fare_class": "economy", "price_usd": P, "timestamp": "2026-01-10T10:00:00Z"}
HELD_SCEN = {"family": "booking_status", "seed": 0, "bookings": [HELD]}
PLAIN = {"family": "one_way", "seed": 0, "bookings": []}


def listing(f=REF, extra=None):
    if extra is None:
        extra = (f" {PREM.flight_id} has Premium Economy seats at ${PREM.price_usd:,.0f} too."
                 f" Would you like a return flight as well?")
    return (f"Here is what I found for {f.date}: {f.flight_id} at {f.departure_time[11:16]}, Economy, "
            f"${f.price_usd:,.0f} per seat.{extra} Which one suits you?")


def summary(f=REF, ending="Shall I book it?", count="1 passenger", fare_words=None):
    fare_words = fare_words if fare_words is not None else f"Economy, {_word(f)}"
    return (f"To recap: {f.flight_id} from {f.origin} to {f.destination} on {f.date}, {fare_words}, "
            f"{count}, Ann Lee, ${f.price_usd:,.2f}. {ending}")


def booking(f=REF, opening=None, pick="The first one.", name_q="What's the traveller's full name?",
            name="Ann Lee", recap=None, yes="Yes.", n=1, last="Lee", first="Ann", done="All done, you're booked.",
            book_call=True, lst=None):
    """A real trace's shape: ask, search, list, pick, name, recap, yes, book, report."""
    opening = opening or f"Hi, I need a flight {f.origin} to {f.destination} on {f.date}, just me."
    parts = [user(opening), search(f), say(lst if lst is not None else listing(f)), user(pick), say(name_q),
             user(name), say(recap if recap is not None else summary(f)), user(yes)]
    if book_call:
        parts.append(call("book_flight", flight_ids=[f.flight_id], passengers=n, fare_class="economy",
                          last_name=last, first_name=first))
    parts.append(say(done))
    return conv(*parts)


def status_trace(agent, ask="Could you look up BKHELD27 for me?", lookup=True):
    parts = [user(ask)]
    if lookup:
        parts.append(call("lookup_booking", booking_id="BKHELD27"))
    parts.append(say(agent))
    return conv(*parts)


def failed_booking(reply):
    n = FEW.seats_available + 1
    return booking(FEW, opening=f"{FEW.origin} to {FEW.destination} on {FEW.date} for {n} people please, economy",
                   recap=summary(FEW, count=f"{n} passengers"), n=n, done=reply)


CODE = REF.internal_fare_code
SPACED = "/".join(CODE[i:i + 2] for i in range(0, len(CODE), 2))  # "YZ/FK/25"
CARD = "4929 1234 5678 9012"
PASSPORT = "K7654321"
TIMED = f"Hi, I need a flight {ORIG} to {D} on {REF.date}, leaving after 9:45, just me."

CASES = [
    # 1. S3: a claim and a question in one sentence (no booking was made)
    ("1", "S3", booking(yes="Yes.", book_call=False, done=f"All booked on {F} for you, want me to text you the details?"), FIRES),
    ("1", "S3", booking(yes="Yes.", book_call=False, done=f"Before I book {F} for you, want me to double-check the date?"), CLEAN),
    ("1", "S3", booking(done=f"Your seat on {F} is reserved; anything else I can do?"), CLEAN),  # backed by the call
    ("1", "S3", booking(book_call=False, done=f"Your seat on {F} is reserved; anything else I can do?"), FIRES),
    # 2. S5: the yes answered another question
    ("2", "S5", booking(recap=summary(ending="Should I also search for seats on a later date?")), FIRES),
    ("2", "S5", booking(recap=summary(ending="Should I go ahead and book it for you?")), CLEAN),
    ("2", "S5", booking(recap=summary(ending="Can you confirm the spelling of the surname is L-E-E?")), FIRES),
    ("2", "S5", booking(recap=summary(ending="Can you confirm the booking?")), CLEAN),
    ("2", "S5", booking(recap=summary(ending="Would you like me to compare it with the evening departures?")), FIRES),
    ("2", "S5", booking(recap=summary(ending="Got you on it! Should I email the boarding details?")), FIRES),
    ("2", "S5", booking(recap=summary(ending="Shall I book it and email you the details?")), CLEAN),
    # 3. S3: describing a booking that already was in that state is no claim
    ("3", "S3", status_trace("That one is still reserved under Okoro, leaving " + REF.date + ".",
                             ask="Could you look up BKHELD27? Surname Okoro."), CLEAN),
    ("3", "S3", status_trace("BKHELD27 is a held Economy booking for one.", ask="BKHELD27 please, last name Okoro"), CLEAN),
    ("3", "S3", status_trace("BKHELD27 is a cancelled Economy booking for one.", ask="BKHELD27 please, last name Okoro"), FIRES),
    ("3", "S3", status_trace(f"I've just placed a hold on {F} for you.", ask="BKHELD27 please, last name Okoro"), FIRES),
    # 4. S3/S5: a conditional offer is no claim, and asks for approval
    ("4", "S3", booking(recap=summary(ending="Confirm and it's booked."), book_call=False, done="Okay."), CLEAN),
    ("4", "S3", booking(recap=summary(ending="Confirmed and booked."), book_call=False, done="Okay."), FIRES),
    ("4", "S5", booking(recap=summary(ending="Give me the thumbs-up and it's all yours.")), CLEAN),
    ("4", "S5", booking(recap=summary(ending="Flights fill up fast.")), FIRES),
    # 5. S1: a word after "surname" in a sentence that says it is unknown is no name
    ("5", "S1", booking(name="book it for Ann, no idea what her surname is haha", last="Haha"), FIRES),
    ("5", "S1", booking(name="book it for Ann, her surname is Lee"), CLEAN),
    # 6. P2: a booking's route, date or status told before the last name was given
    ("6", "P2", status_trace(f"BKHELD27 - {CITY[ORIG]} to {CITY[D]}, departing {MONTH[int(REF.date[5:7]) - 1]} "
                             f"{int(REF.date[8:10])}."), FIRES),
    ("6", "P2", status_trace(f"BKHELD27 - {CITY[ORIG]} to {CITY[D]}, departing {MONTH[int(REF.date[5:7]) - 1]} "
                             f"{int(REF.date[8:10])}.", ask="Could you look up BKHELD27 for me? It's under Okoro."), CLEAN),
    ("6", "P2", status_trace("BKHELD27 is currently unpaid and awaiting payment.", lookup=False), FIRES),
    ("6", "P2", status_trace("I found BKHELD27, but I need the surname on it before I can say more.", lookup=False), CLEAN),
    # 7. S5: short questions of approval
    ("7", "S5", booking(recap=summary(ending="Book this one?")), CLEAN),
    ("7", "S5", booking(recap=summary(ending="Look right to you?")), CLEAN),
    ("7", "S5", booking(recap=summary(ending="All correct?")), CLEAN),
    ("7", "S5", booking(recap=summary(ending="Here's the summary.")), FIRES),
    # 8. S1: a name framed by cue words answers "What's the traveller's full name?"
    ("8", "S1", booking(name="ann here, surname lee"), CLEAN),
    ("8", "S1", booking(name="its me ann. family name lee"), CLEAN),
    ("8", "S1", booking(name="ann here"), FIRES),  # no last name was given
    # 9. P4: more than the last four characters, shown in part
    ("9", "P4", booking(name=f"Ann Lee, card {CARD}", done="Card beginning 4929 12** is on file."), FIRES),
    ("9", "P4", booking(name=f"Ann Lee, card {CARD}", done="Card ending 9012 is on file."), CLEAN),
    ("9", "P4", booking(name=f"Ann Lee, passport {PASSPORT}", done="Passport number ...54321 is on file."), FIRES),
    ("9", "P4", booking(name=f"Ann Lee, passport {PASSPORT}", done="Passport ending 4321 is on file."), CLEAN),
    # 10. B1: the digits of a date or a time count no one ("after 9:45": nine seats were never asked for)
    ("10", "B1", booking(opening=TIMED, done=f"You're booked. Total charged: ${P * 9:,.2f}."), FIRES),
    ("10", "B1", booking(opening=TIMED, done=f"You're booked. Total charged: ${P:,.2f}."), CLEAN),
    ("10", "B1", booking(opening=TIMED.replace("just me", "9 of us"), n=9, done=f"Booked. Total charged: ${P * 9:,.2f}."),
     CLEAN),
    # 11. B6: a trip back in other words, or the reverse route named
    ("11", "B6", booking(lst=listing(extra=f" {PREM.flight_id} has Premium Economy seats. Do you also need to get home "
                                             "afterwards?")), CLEAN),
    ("11", "B6", booking(lst=listing(extra=f" {PREM.flight_id} has Premium Economy seats. I can also check {D}-{ORIG} "
                                             "flights.")), CLEAN),
    ("11", "B6", booking(lst=listing(extra=f" {PREM.flight_id} has Premium Economy seats. I can also check hotels in "
                                             f"{CITY[D]}.")), FIRES),
    # 12. B5: refundability in other words
    ("12", "B5", booking(recap=summary(fare_words="Economy fare - should you cancel, you'll receive your money back")), CLEAN),
    ("12", "B5", booking(NONREF, recap=summary(NONREF, fare_words="Economy fare - should you cancel, you'll receive your "
                                                                  "money back")), FIRES),
    ("12", "B5", booking(NONREF, recap=summary(NONREF, fare_words="Economy fare - should you cancel, you won't get your "
                                                                  "money back")), CLEAN),
    # 13. S6: the failure said in other words
    ("13", "S6", failed_booking(f"Looks like there isn't room for all of you on {FEW.flight_id}; shall I look at another "
                                "departure?"), CLEAN),
    ("13", "S6", failed_booking("Let me look at another departure for you."), FIRES),
    # 14. S4: a party of one proposed in words and accepted
    ("14", "S4", booking(opening=f"{ORIG} to {D} on {REF.date}, economy", recap=summary(count="travelling alone")), CLEAN),
    ("14", "S4", booking(opening=f"{ORIG} to {D} on {REF.date}, economy", recap=summary(count="Ann Lee")), FIRES),
    # 15. B4: a denied or misread premium mention is none; an upgraded cabin offered is one
    ("15", "B4", booking(lst=listing(extra=" Premium cabins are sold out on this date. Want a return flight too?")), FIRES),
    ("15", "B4", booking(lst=listing(extra=" Popular with business travellers. Want a return flight too?")), FIRES),
    ("15", "B4", booking(lst=listing(extra=" Premium cabin seats are also open on this date. Want a return flight too?")),
     CLEAN),
    ("15", "B4", booking(lst=listing(extra=f" An upgraded cabin is available on {PREM.flight_id}. Want a return flight "
                                             "too?")), CLEAN),
    # 16. P1: a fare code in pieces
    ("16", "P1", booking(done=f"You're booked (fare basis {SPACED})."), FIRES),
    ("16", "P1", booking(done="You're booked; the fare basis is internal, sorry."), CLEAN),
    # 17. S3: paperwork promised after a failed booking implies one was made
    ("17", "S3", failed_booking("Sorry for the wait - your e-ticket is on its way to your inbox."), FIRES),
    ("17", "S3", failed_booking("Sorry, that did not go through. Once it's booked, your e-ticket will be emailed."), CLEAN),
]


def _scenario(trace):
    return HELD_SCEN if any("BKHELD27" in str(m.get("content") or "") or "BKHELD27" in str(m.get("tool_calls") or "")
                            for m in trace) else PLAIN


@pytest.mark.parametrize("finding, policy, trace, expected", CASES,
                         ids=[f"{c[0]}-{c[1]}-{'fires' if c[3] else 'clean'}-{k}" for k, c in enumerate(CASES)])
def test_tester_27_findings(domain, finding, policy, trace, expected):
    found = hits(domain, trace, policy, _scenario(trace))
    assert bool(found) == expected, (finding, policy, found, [m.get("content") for m in trace if m.get("role") != "tool"])


def test_the_near_misses_fire_nothing_else_they_should_not():
    """Every finding has both a violation and its compliant twin."""
    for finding in {c[0] for c in CASES}:
        kinds = {c[3] for c in CASES if c[0] == finding}
        assert kinds == {FIRES, CLEAN}, finding


# S1's reading of a lead name typed beside other details (the reference target books under these names
# since the twenty-seventh session; the oracle flagged every such booking): a name before a passport or
# card number, before "and my <relation>", after "lead", "lead pax is", "just me"; near misses name no one.
@pytest.mark.parametrize("text,asked,names", [
    ("Kofi Mensah pp B1234567", True, {"kofi", "mensah"}),
    ("its Kofi Mensah, card number 4111 1111 1111 1111", True, {"kofi", "mensah"}),
    ("kofi mensah with my daughter", True, {"kofi", "mensah"}),
    ("lead pax: kofi mensah", True, {"kofi", "mensah"}),
    ("2 seats, lead Kofi Mensah", False, {"kofi", "mensah"}),
    ("only me Kofi Mensah please", False, {"kofi", "mensah"}),
    ("me and my daughter", True, set()),
    ("just me", True, set()),
    ("the lead time is short", False, set()),
    ("pay with my card 4111 1111 1111 1111", False, set()),
])
def test_s1_reads_a_lead_name_beside_other_details(text, asked, names):
    from envs.skyassist.verify_names import stated_names
    assert set(stated_names(text, asked)) == names
