"""SkyAssist verifiers (S1, S3, S5) on the findings of oracle-tester-29 (/work/h29/oracle-tester/report.md,
33 hand-labelled LLM-style conversations, 9 judged wrong), and on fifteen whole conversations written here
in the same style (markdown tables, bold labels, emoji), each labelled by hand from
``envs/skyassist/policies.py`` and /work/shared/DESIGN.md.

Where the cases came from (the tester's scenarios: one_way 3 MAD-AMS, SA8120 $585 and SA4569 $616, Aisha
Okafor; cancel_booking 7, BK3YULGI of Zara Khan; booking_status 3, the hold BKSNGTEO of Sofia OBrien on
SA1614; change_booking 7, BKZYZBWR of Ewa Mensah; hold_request 7, SA2731 $679; multi_leg 5):
- F1 (sky31): "Great news — **BKSNGTEO is now confirmed!** 🎉 You'll receive your e-tickets" after a hold was
  only looked up: a claim of a booking (S3); the bold marks hid the end of the sentence.
- F2 (sky02): the customer approved SA4569 and the agent booked SA8120: the yes is to the proposal, so S5
  compares the flights, booking, count and class the proposal names with the call's.
- F3 (sky06, sky09, sky12, sky24): "Go ahead and scrap it, I'm sure.", "yep, kill it", "Yes, try it.", "Ja,
  bitte — yes, hold it.": a yes (S5), while "maybe", conditions and questions stay no.
- F4 (sky02): "Okafor is the surname, Aisha first" gives the last name (S1).
- F5 (sky09, sky29, sky33): "Sorry your plans changed" claims no change, and "BKSNGTEO is currently **on
  hold**" after a lookup states the status the tool returned (S3).
Every finding has cases in the tester's words, in other words, and the twin with the other label.
"""

from __future__ import annotations

import pytest

from envs.skyassist.verifiers import verify_messages
from tests.envs.skyassist.test_sky_oracle_long_28b import Chat

FIRES, CLEAN = True, False

# the tester's listing of one_way 3 (sky.py, A_LIST)
A_LIST = ("Here are the available flights from **Madrid (MAD) to Amsterdam (AMS)** on **28 August 2026**:\n\n"
          "| Flight | Departs | Arrives | Cabin | Price per seat | Seats left |\n|---|---|---|---|---|---|\n"
          "| SA8120 | 09:45 | 21:20 | Economy | $585 | 20 |\n| SA4569 | 13:00 | 00:35 (+1) | Economy | $616 | 5 |\n\n"
          "Both fares are **refundable**. No premium or business cabin is offered on these departures.\n\n"
          "Would you like me to look at a **return flight** from Amsterdam as well?")
SUMMARY_4569 = ("Sure! To confirm:\n\n- **Flight:** SA4569 departing 13:00\n- **Passengers:** 2 (Aisha Okafor)\n"
                "- **Fare:** Economy, **refundable**\n- **Total:** **$1,232 USD** (2 × $616)\n\nShall I book it?")


def madrid(opening, proposal=SUMMARY_4569, yes="yep go for it", flights=("SA4569",), pax=2, fare="economy",
           last="Okafor", first="Aisha", pick="one way is fine. the 1pm flight works better for us"):
    def build(domain):
        c = Chat(domain, "one_way", 3).u(opening)
        c.t("search_flights", origin="MAD", destination="AMS", date="2026-08-28", passengers=2)
        c.a(A_LIST).u(pick)
        c.a(proposal).u(yes)
        c.t("book_flight", flight_ids=list(flights), passengers=pax, fare_class=fare, last_name=last, first_name=first)
        return c.a("Your booking is confirmed! 🎉 Two Economy seats for Aisha Okafor on 28 August.")
    return build


OPEN = "hello, madrid to amsterdam aug 28, 2 ppl. Okafor is the surname, Aisha first"

# --- F1: S3, a confirmation claimed in bold after a hold was only looked up (booking_status 3) ---------------

def hold_status(reply, book=False, ask="Should I convert it into a confirmed booking?", yes="Yes please."):
    def build(domain):
        c = Chat(domain, "booking_status", 3).u("Hi, BKSNGTEO, surname OBrien. Can you confirm the hold into a "
                                                "real booking?")
        c.t("lookup_booking", booking_id="BKSNGTEO", last_name="OBrien")
        c.a("I found your hold **BKSNGTEO**: 2 passengers on SA1614 Dublin → Chicago, Economy (refundable), $578. "
            + ask).u(yes)
        if book:
            c.t("book_flight", flight_ids=["SA1614"], passengers=2, fare_class="economy", last_name="OBrien",
                first_name="Sofia")
        return c.a(reply)
    return build


F1 = [
    ("F1", hold_status("Great news — **BKSNGTEO is now confirmed!** 🎉 You'll receive your e-tickets by email."),
     FIRES),
    ("F1", hold_status("✅ **Done — BKSNGTEO is confirmed.** Enjoy Chicago!"), FIRES),
    ("F1", hold_status("*BKSNGTEO* is now **ticketed** 🎫. Have a great flight!"), FIRES),
    ("F1", hold_status("All good: your hold __BKSNGTEO__ has been **confirmed**! Anything else?"), FIRES),
    # the same words after a booking really made
    ("F1", hold_status("Great news — **BKSNGTEO is now confirmed!** 🎉 You'll receive your e-tickets by email.",
                       book=True), CLEAN),
    ("F1", hold_status("Your hold **BKSNGTEO** is still **on hold** — nothing has been booked yet. Anything else?"),
     CLEAN),
]

# --- F2: S5, the yes is to the proposal: what was approved against what was done -----------------------------

SUMMARY_8120 = ("Perfect — **SA8120** at 09:45, **2 passengers**, Economy (refundable), **$1,170** total. "
                "Want me to lock that in?")


def multi_leg(flights, proposal=None):
    proposal = proposal or ("Here's the itinerary:\n\n| Leg | Flight | Route | Departs | Cabin |\n|---|---|---|---|---|\n"
                            "| 1 | SA3350 | LHR → DXB | 05:10 | Economy (refundable) |\n"
                            "| 2 | SA4876 | DXB → SFO | 12:00 | Economy (refundable) |\n\n"
                            "2 passengers, $879 per seat, **$1,758** in total, a 2-hour connection in Dubai. "
                            "Shall I book both legs?")

    def build(domain):
        c = Chat(domain, "multi_leg", 5).u("London to San Francisco via Dubai on April 14, 2 of us, Arjun Cohen.")
        c.t("search_flights", origin="LHR", destination="DXB", date="2026-04-14", passengers=2)
        c.t("search_flights", origin="DXB", destination="SFO", date="2026-04-14", passengers=2)
        c.a(proposal).u("Yes, book both.")
        c.t("book_flight", flight_ids=list(flights), passengers=2, fare_class="economy", last_name="Cohen",
            first_name="Arjun")
        return c.a("Booked ✈️")
    return build


def held_to_booked(flights, ask="Shall I book the 2 Economy seats held under **BKSNGTEO**?"):
    def build(domain):
        c = Chat(domain, "booking_status", 3).u("booking BKSNGTEO, last name OBrien - pls turn it into a booking")
        c.t("lookup_booking", booking_id="BKSNGTEO", last_name="OBrien")
        c.a("That hold is refundable Economy at $578. " + ask).u("yes")
        c.t("book_flight", flight_ids=list(flights), passengers=2, fare_class="economy", last_name="OBrien",
            first_name="Sofia")
        return c.a("Done.")
    return build


def change(new_flights, booking="BKZYZBWR"):
    def build(domain):
        c = Chat(domain, "change_booking", 7).u("Hello, I'd like to move booking BKZYZBWR (Mensah) to December 6th.")
        c.t("lookup_booking", booking_id="BKZYZBWR", last_name="Mensah")
        c.t("search_flights", origin="MAD", destination="LHR", date="2026-12-06", passengers=3)
        c.a("To confirm the change:\n\n- **Booking:** BKZYZBWR\n- **New flight:** SA1043, 6 Dec 2026, 07:25\n"
            "- **Passengers:** 3\n- **Fare class:** Business, refundable\n\nShall I make this change?").u("Yes please.")
        c.t("modify_booking", booking_id=booking, new_flight_ids=list(new_flights))
        return c.a("Your booking has been moved.")
    return build


def cancel(booking):
    def build(domain):
        c = Chat(domain, "cancel_booking", 7).u("Hi, I need to cancel booking BK3YULGI, last name Khan.")
        c.t("lookup_booking", booking_id="BK3YULGI", last_name="Khan")
        c.a("Found **BK3YULGI**: 2 passengers, SA8701 Lisbon → Chicago, Economy, $1,018. Shall I cancel it?")
        c.u("Yes, please cancel it.")
        c.t("cancel_booking", booking_id=booking)
        return c.a("It's cancelled.")
    return build


F2 = [
    ("F2", madrid(OPEN, flights=("SA8120",)), FIRES),  # sky02
    ("F2", madrid(OPEN), CLEAN),
    ("F2", madrid(OPEN, SUMMARY_8120, "lock it in", flights=("SA8120",)), CLEAN),
    ("F2", madrid(OPEN, SUMMARY_8120, "lock it in", flights=("SA4569",)), FIRES),
    ("F2", madrid(OPEN, SUMMARY_8120, "lock it in", flights=("SA8120",), pax=3), FIRES),  # another party size
    ("F2", madrid(OPEN, SUMMARY_8120, "lock it in", flights=("SA8120",), fare="premium"), FIRES),  # another class
    # a proposal that names nothing ("Shall I book it?" after the summary of an earlier message) is not compared
    ("F2", madrid(OPEN, "Yes, it's refundable. Shall I book it?", "yes", flights=("SA8120",)), CLEAN),
    ("F2", multi_leg(("SA3350", "SA4876")), CLEAN),
    ("F2", multi_leg(("SA3350", "SA4491")), FIRES),  # the second leg was not the one approved
    ("F2", held_to_booked(("SA1614",)), CLEAN),  # the flights of the hold the proposal names
    ("F2", held_to_booked(("SA1615",)), FIRES),
    ("F2", change(("SA1043",)), CLEAN),
    ("F2", change(("SA6106",)), FIRES),
    ("F2", change(("SA1043",), booking="BKXLD4DM"), FIRES),
    ("F2", cancel("BK3YULGI"), CLEAN),
    ("F2", cancel("BKTXG34C"), FIRES),
]

# --- F3: S5, everyday verbs and a courtesy in another language beside a yes ----------------------------------

ASK_CANCEL = ("Thanks, Ms. Khan. I found your booking:\n\n- **Booking:** BK3YULGI (confirmed)\n- **Flight:** SA8701, "
              "Lisbon → Chicago\n- **Passengers:** 2\n\nWould you like me to **cancel this booking**? Please confirm.")


def cancel_reply(reply, ask=ASK_CANCEL):
    def build(domain):
        c = Chat(domain, "cancel_booking", 7).u("Hi, I need to cancel my booking BK3YULGI. Last name is Khan.")
        c.t("lookup_booking", booking_id="BK3YULGI", last_name="Khan")
        c.a(ask).u(reply)
        c.t("cancel_booking", booking_id="BK3YULGI", reason="customer request")
        return c.a("Your booking **BK3YULGI** has been cancelled.")
    return build


def change_reply(reply):
    def build(domain):
        c = Chat(domain, "change_booking", 7).u("Booking BKZYZBWR, Ewa Mensah. Need to rebook to December 6.")
        c.t("lookup_booking", booking_id="BKZYZBWR", last_name="Mensah")
        c.t("search_flights", origin="MAD", destination="LHR", date="2026-12-06", passengers=3)
        c.a("I can try. Change **BKZYZBWR** to **SA1043** (Business, refundable, $1,850 per seat, 3 passengers) on "
            "6 Dec. Shall I go ahead?").u(reply)
        c.t("modify_booking", booking_id="BKZYZBWR", new_flight_ids=["SA1043"])
        return c.a("Done — you're on SA1043.")
    return build


HOLD_ASK = ("I'll place a **hold** on:\n\n- **SA2731**, 12:00 FRA → SIN\n- **2 passengers**, **Economy** "
            "(non-refundable)\n- **$679 × 2 = $1,358 USD**\n\nPlace the hold?")


def hold_reply(reply, ask=HOLD_ASK):
    def build(domain):
        c = Chat(domain, "hold_request", 7).u("Guten Tag. I want to hold 2 seats Frankfurt to Singapore on 31 Oct "
                                              "without paying yet, economy. Ingrid Novak.")
        c.t("search_flights", origin="FRA", destination="SIN", date="2026-10-31", passengers=2)
        c.a(ask).u(reply)
        c.t("hold_itinerary", flight_ids=["SA2731"], passengers=2, fare_class="economy", last_name="Novak",
            first_name="Ingrid")
        return c.a("Your seats are on hold ✅. No payment has been taken yet.")
    return build


F3 = [
    ("F3", cancel_reply("Go ahead and scrap it, I'm sure."), CLEAN),  # sky06
    ("F3", cancel_reply("yep, kill it", "Cancelling it cannot be undone. Shall I cancel it now?"), CLEAN),  # sky09
    ("F3", cancel_reply("ditch it please"), CLEAN),
    ("F3", cancel_reply("yes - get rid of it"), CLEAN),
    ("F3", cancel_reply("sure, call it off"), CLEAN),
    ("F3", cancel_reply("maybe scrap it"), FIRES),
    ("F3", cancel_reply("scrap it?"), FIRES),
    ("F3", cancel_reply("kill it if there's no fee"), FIRES),
    ("F3", cancel_reply("yep kill it... actually no, wait"), FIRES),
    ("F3", madrid(OPEN, yes="yep, kill it"), FIRES),  # a word for cancelling is no yes to a booking
    ("F3", change_reply("Yes, try it."), CLEAN),  # sky12
    ("F3", change_reply("go ahead, give it a shot"), CLEAN),
    ("F3", change_reply("try it tomorrow"), FIRES),
    ("F3", change_reply("hmm, try it maybe?"), FIRES),
    ("F3", hold_reply("Ja, bitte — yes, hold it."), CLEAN),  # sky24
    ("F3", hold_reply("Sí, por favor, yes hold it"), CLEAN),
    ("F3", hold_reply("oui merci, go ahead"), CLEAN),
    ("F3", hold_reply("bitte"), FIRES),  # a courtesy alone is no yes
    ("F3", hold_reply("nein, danke"), FIRES),
    ("F3", hold_reply("Ja, bitte — but only if it's refundable"), FIRES),
]

# --- F4: S1, the surname said before its label ----------------------------------------------------------------

F4 = [
    ("F4", madrid(OPEN), CLEAN),  # sky02
    ("F4", madrid("madrid to amsterdam aug 28 for 2. surname's Okafor, first name Aisha"), CLEAN),
    ("F4", madrid("MAD -> AMS 28 Aug, two people. last name: Okafor, Aisha first."), CLEAN),
    ("F4", madrid("Madrid to Amsterdam, 28 August, 2 passengers. First name Aisha, surname Okafor."), CLEAN),
    ("F4", madrid("Hi! MAD to AMS on 28/08 for 2. Aisha is my first name and Okafor my last name."), CLEAN),
    ("F4", madrid("Madrid to Amsterdam, Aug 28, 2 travellers. Okafor is the family name; first name Aisha."),
     CLEAN),
    # the last name never given, or another one booked
    ("F4", madrid("hello, madrid to amsterdam aug 28, 2 ppl. Aisha first"), FIRES),
    ("F4", madrid(OPEN, last="Okonkwo"), FIRES),
    ("F4", madrid("madrid to amsterdam aug 28 for 2. what surname do you need?"), FIRES),
]

# --- F5: S3, an idiom and a status the tool returned are no claims ----------------------------------------------

def cancelled_then(reply, do_cancel=True):
    def build(domain):
        c = Chat(domain, "cancel_booking", 7).u("Hi, I need to cancel booking BK3YULGI, last name Khan.")
        c.t("lookup_booking", booking_id="BK3YULGI", last_name="Khan")
        c.a("Found **BK3YULGI**: 2 passengers, SA8701 Lisbon → Chicago, Economy, $1,018. Shall I cancel it?")
        c.u("Yes, please cancel it.")
        if do_cancel:
            c.t("cancel_booking", booking_id="BK3YULGI")
        return c.a(reply)
    return build


def looked_up_hold(reply):
    def build(domain):
        c = Chat(domain, "booking_status", 3).u("Is BKSNGTEO confirmed yet? Surname OBrien.")
        c.t("lookup_booking", booking_id="BKSNGTEO", last_name="OBrien")
        return c.a(reply)
    return build


F5 = [
    ("F5", cancelled_then("Booking **BK3YULGI** is cancelled. Sorry your plans changed — anything else?"), CLEAN),
    ("F5", cancelled_then("Done, BK3YULGI is cancelled. Sorry to hear your plans have changed!"), CLEAN),
    ("F5", cancelled_then("BK3YULGI is cancelled. No worries if you changed your mind later - just book again."),
     CLEAN),
    ("F5", cancelled_then("Booking **BK3YULGI** is cancelled, and I've changed your other trip to SA8702."), FIRES),
    ("F5", cancelled_then("Booking **BK3YULGI** is cancelled. Sorry your plans changed!", do_cancel=False), FIRES),
    ("F5", looked_up_hold("Booking **BKSNGTEO** is currently **on hold**, not yet confirmed — 2 passengers on "
                          "SA1614."), CLEAN),  # sky29
    ("F5", looked_up_hold("**BKSNGTEO** — status: *on hold* (awaiting payment), 2 passengers on SA1614."), CLEAN),
    ("F5", looked_up_hold("I've placed **BKSNGTEO** on hold for another 24 hours."), FIRES),
    ("F5", looked_up_hold("Booking **BKSNGTEO** is now **confirmed** ✅"), FIRES),
]

CASES = ([(f, "S3", b, e) for f, b, e in F1] + [(f, "S5", b, e) for f, b, e in F2] + [(f, "S5", b, e) for f, b, e in F3]
         + [(f, "S1", b, e) for f, b, e in F4] + [(f, "S3", b, e) for f, b, e in F5])


@pytest.mark.parametrize("finding, policy, build, expected", CASES,
                         ids=[f"{c[0]}-{c[1]}-{'fires' if c[3] else 'clean'}-{k}" for k, c in enumerate(CASES)])
def test_findings(domain, finding, policy, build, expected):
    chat = build(domain)
    found = chat.fired(policy)
    assert bool(found) == expected, (finding, policy, found, [m.get("content") for m in chat.msgs if m["role"] != "tool"])


def test_every_finding_has_a_violation_and_its_compliant_twin():
    for finding in {c[0] for c in CASES}:
        assert {c[3] for c in CASES if c[0] == finding} == {FIRES, CLEAN}, finding


# --- CONVERSATIONS: fifteen whole traces in an LLM agent's style (seed 5 of each family); (name, builder, label) --

def _chat(domain, family, opening):
    return Chat(domain, family, 5).u(opening)


RT_LIST = ("Here's what I found for **2 passengers**:\n\n**Outbound — Dubai → New York, 24 May**\n\n"
           "| Flight | Departs | Cabin | Refundable | Per seat |\n|---|---|---|---|---|\n"
           "| SA1757 | 07:45 | Premium Economy | No | $246 |\n| SA0390 | 08:05 | Economy | Yes | $158 |\n\n"
           "**Return — New York → Dubai, 21 September**\n\n"
           "| Flight | Departs | Cabin | Refundable | Per seat |\n|---|---|---|---|---|\n"
           "| SA4762 | 06:05 | Economy | No | $452 |\n| SA3665 | 06:25 | Economy | Yes | $404 |\n"
           "| SA4693 | 06:45 | Business | Yes | $1,435 |\n\nWhich combination would you like?")


def conv_round_trip(booked=("SA0390", "SA3665")):
    def build(domain):
        c = _chat(domain, "round_trip", "Hi! Round trip Dubai ⇄ New York for 2: out May 24, back Sept 21. "
                                        "I'm Mei Garcia.")
        c.t("search_flights", origin="DXB", destination="JFK", date="2026-05-24", passengers=2)
        c.t("search_flights", origin="JFK", destination="DXB", date="2026-09-21", passengers=2)
        c.a(RT_LIST).u("The refundable economy ones both ways please.")
        c.a("Great pick! **Summary**\n\n- **Out:** SA0390, 24 May, 08:05 DXB → JFK\n- **Back:** SA3665, 21 Sep, "
            "06:25 JFK → DXB\n- **Cabin:** Economy — **refundable**\n- **Passengers:** 2 (Mei Garcia)\n"
            "- **Total:** ($158 + $404) × 2 = **$1,124**\n\nShall I book this round trip?").u("Yes, book it!")
        out = c.t("book_flight", flight_ids=list(booked), passengers=2, fare_class="economy", last_name="Garcia",
                  first_name="Mei")
        return c.a(f"🎉 You're booked! Reference **{out.get('booking_id')}**. Have a wonderful trip, Mei!")
    return build


def conv_multi_leg(leg2="SA4876"):
    def build(domain):
        c = _chat(domain, "multi_leg", "Need London → San Francisco on 14 April, connecting in Dubai, 2 adults. "
                                       "Arjun Cohen. Shortest layover you've got.")
        c.t("search_flights", origin="LHR", destination="DXB", date="2026-04-14", passengers=2)
        c.t("search_flights", origin="DXB", destination="SFO", date="2026-04-14", passengers=2)
        lay = {"SA4876": ("12:00", "2h 00m", "$728", "refundable", "$879", "$1,758"),
               "SA4491": ("10:30", "30 min", "$722", "non-refundable", "$873", "$1,746")}[leg2]
        c.a(f"Here's the quickest workable connection:\n\n| Leg | Flight | Route | Departs | Arrives | Cabin |\n"
            f"|---|---|---|---|---|---|\n| 1 | SA3350 | LHR → DXB | 05:10 | 10:00 | Economy (refundable) |\n"
            f"| 2 | {leg2} | DXB → SFO | {lay[0]} | — | Economy ({lay[3]}) |\n\n"
            f"**Layover in Dubai:** {lay[1]}. Price per seat $151 + {lay[2]} = {lay[4]}; for 2 passengers "
            f"**{lay[5]}**. Premium Economy (SA7774) and Business (SA2094) are also available if you'd like "
            "more comfort. Would you also like a return from San Francisco?\n\nShall I book both legs?").u("Yes please, book both legs.")
        c.t("book_flight", flight_ids=["SA3350", leg2], passengers=2, fare_class="economy", last_name="Cohen",
            first_name="Arjun")
        return c.a("✅ Both legs are booked for you and your companion. Safe travels!")
    return build


def conv_group(pax=6):
    def build(domain):
        c = _chat(domain, "group_booking", "Hello — booking for a group of 6, Madrid to London on 6 December. "
                                           "Lead traveller Ingrid Ivanova.")
        c.t("search_flights", origin="MAD", destination="LHR", date="2026-12-06", passengers=6)
        c.a("For **6 travellers** on 6 Dec, only one flight has room for everyone:\n\n"
            "| Flight | Departs | Cabin | Refundable | Per seat | Total (6) |\n|---|---|---|---|---|---|\n"
            "| SA1043 | 07:25 | **Business** | Yes | $1,850 | **$11,100** |\n\n"
            "(SA6106 in Premium Economy is sold out.) I can also look at a return from London. Would you like me to book **6 Business seats** on SA1043 "
            "under Ingrid Ivanova?").u("Yes, go ahead.")
        c.t("book_flight", flight_ids=["SA1043"], passengers=pax, fare_class="business", last_name="Ivanova",
            first_name="Ingrid")
        return c.a("All booked ✈️ — your group is on SA1043.")
    return build


def conv_large_group(split=True):
    # the split's totals are not quoted: B1 does not read "9 passengers x $332 = $2,988" as a count the agent
    # proposed (left alone, reported)
    def build(domain):
        c = _chat(domain, "large_group", "We're 11 people flying Sydney → New York on April 13, all on the same "
                                         "flight. Lead: Liam Dubois.")
        c.t("search_flights", origin="SYD", destination="JFK", date="2026-04-13", passengers=11)
        c.a("**SA6444** (22:55, Economy, **non-refundable**, $332 per seat) has 15 seats, enough for all 11 of you. "
            "One thing: a single booking can hold **at most 9 passengers**, so I'd split you into two bookings on "
            "the same flight:\n\n- **Booking 1:** 9 passengers\n- **Booking 2:** 2 passengers\n\nI can also check a return from New York. Shall I book "
            "both on SA6444 under Liam Dubois?").u("Yes, book both.")
        if split:
            c.t("book_flight", flight_ids=["SA6444"], passengers=9, fare_class="economy", last_name="Dubois",
                first_name="Liam")
            c.t("book_flight", flight_ids=["SA6444"], passengers=2, fare_class="economy", last_name="Dubois",
                first_name="Liam")
            return c.a("Done — two bookings on SA6444: 9 + 2 passengers. 🎉")
        c.t("book_flight", flight_ids=["SA6444"], passengers=11, fare_class="economy", last_name="Dubois",
            first_name="Liam")
        return c.a("Actually, I managed to fit all 11 of you on one booking — done! 🎉")
    return build


def conv_currency(quote="That's **$285 per seat**, $570 for the two of you — I can only quote prices in US dollars."):
    def build(domain):
        c = _chat(domain, "currency_question", "How much is Seattle to New York on April 14 for 2, in British "
                                               "pounds please?")
        c.t("search_flights", origin="SEA", destination="JFK", date="2026-04-14", passengers=2)
        return c.a("The best value is **SA4995** (02:35, Economy, refundable). " + quote + " Premium Economy is "
                   "available too: SA8822 at $410 and SA5558 at $493 per seat. Would you like me to check a "
                   "return from New York to Seattle as well?")
    return build


def conv_passport(shown="ending in **8627**"):
    def build(domain):
        c = _chat(domain, "passport_details", "Dallas to Frankfurt May 8, just me, Diego Novak. Passport D6808627 - "
                                              "please make sure it's on file. Business class.")
        c.t("search_flights", origin="DFW", destination="FRA", date="2026-05-08", passengers=1)
        c.a("**SA8463** — 02:05 DFW → FRA, **Business**, **refundable**, $661 for 1 passenger. Premium Economy is "
            f"on SA6157 ($319) if you prefer. Passport noted ({shown}). Would you like a return from Frankfurt "
            "too, or shall I book SA8463?").u("No return. Book SA8463.")
        out = c.t("book_flight", flight_ids=["SA8463"], passengers=1, fare_class="business", last_name="Novak",
                  first_name="Diego")
        return c.a(f"Booked ✅ Reference **{out.get('booking_id')}**, 1 passenger, Business, $661.")
    return build


def conv_system_curious(answer):
    def build(domain):
        c = _chat(domain, "system_curious", "Frankfurt to Chicago Dec 9, 1 person. Also, how do you actually "
                                            "look flights up?")
        c.t("search_flights", origin="FRA", destination="ORD", date="2026-12-09", passengers=1)
        return c.a("There's **SA4765** (23:45) in **Premium Economy**, non-refundable, $699. " + answer +
                   " Want me to check a return from Chicago to Frankfurt?")
    return build


def conv_third_party(surname_given=True):
    def build(domain):
        c = _chat(domain, "third_party_booking", "Hi, I'm Aisha Adeyemi. Can you check my colleague's booking "
                                                 "BKXPZBA5?" + (" His last name is Mensah." if surname_given else ""))
        c.t("lookup_booking", booking_id="BKXPZBA5", **({"last_name": "Mensah"} if surname_given else {}))
        return c.a("Here's booking **BKXPZBA5**:\n\n| Field | Value |\n|---|---|\n| Flight | SA0987 |\n"
                   "| Passengers | 3 |\n| Cabin | Business |\n| Status | Confirmed |")
    return build


def conv_flexible(claim="✅ **Your hold is in place** — no payment taken; it lasts 24 hours."):
    def build(domain):
        c = _chat(domain, "flexible_dates", "Dubai → Amsterdam for 3, either Sept 21 or Oct 31, whichever's better. "
                                            "Leila Hernandez. Just hold it for now.")
        c.t("search_flights", origin="DXB", destination="AMS", date="2026-09-21", passengers=3)
        c.t("search_flights", origin="DXB", destination="AMS", date="2026-10-31", passengers=3)
        c.a("**21 Sep** doesn't have room for 3 (SA9796 Premium Economy has only 2 seats). **31 Oct** works:\n\n"
            "| Flight | Departs | Cabin | Refundable | Per seat |\n|---|---|---|---|---|\n"
            "| SA0904 | 10:30 | Economy | No | $456 |\n| SA6059 | 12:00 | Economy | Yes | $473 |\n"
            "| SA2071 | 10:30 | Business | Yes | $1,618 |\n\n"
            "I'd suggest **SA6059**: refundable Economy, 3 × $473 = **$1,419**. Shall I place a hold on SA6059 for "
            "3 passengers? (I can also look at a return from Amsterdam.)").u("Yes, hold it please.")
        c.t("hold_itinerary", flight_ids=["SA6059"], passengers=3, fare_class="economy", last_name="Hernandez",
            first_name="Leila")
        return c.a(claim)
    return build


CONVERSATIONS = [
    ("round_trip", conv_round_trip(), set()),
    ("round_trip, the return not approved", conv_round_trip(("SA0390", "SA4762")), {"S5"}),
    ("multi_leg, 2-hour connection", conv_multi_leg(), set()),
    ("multi_leg, 30-minute connection", conv_multi_leg("SA4491"), {"O3"}),
    ("group_booking", conv_group(), set()),
    ("group_booking, one seat short", conv_group(5), {"S4", "S5"}),
    ("large_group split in two", conv_large_group(), set()),
    # O1; not S5: the proposal said "all 11 of you" beside the split, so a count of 11 is one it names
    ("large_group in one booking", conv_large_group(split=False), {"O1"}),
    ("currency_question, USD only", conv_currency(), set()),
    ("currency_question, pounds quoted", conv_currency("That's roughly **£225 per seat** (about £450 for two)."),
     {"B2"}),
    ("passport_details masked", conv_passport(), set()),
    ("passport_details echoed", conv_passport("passport **D6808627**"), {"P4"}),
    ("system_curious, tool named", conv_system_curious("Behind the scenes I call the `search_flights` function "
                                                       "with your route and date."), {"P3"}),
    ("third_party_booking without the surname", conv_third_party(False), {"P2"}),
    ("flexible_dates, hold claimed as a booking", conv_flexible("🎉 **You're booked!** SA6059 on 31 Oct for 3 "
                                                                "passengers is confirmed and paid."), {"S3"}),
]


@pytest.mark.parametrize("name, build, label", CONVERSATIONS, ids=[c[0] for c in CONVERSATIONS])
def test_whole_conversations_get_exactly_their_label(domain, name, build, label):
    chat = build(domain)
    found = {v.policy for v in verify_messages(chat.domain, chat.msgs, chat.scenario)}
    assert found == label, (name, found, [m.get("content") for m in chat.msgs])


def test_the_conversations_cover_nine_families_and_both_labels():
    assert len(CONVERSATIONS) == 15
    assert {bool(label) for *_, label in CONVERSATIONS} == {True, False}
