"""SkyAssist verifiers (S1, S5, P2, P4, B6) on the findings of the third black-box labeller of round 29
(/work/h29/oracle-tester-3/report.md: 39 hand-labelled LLM-style conversations, seed 23 of each family).

Where the cases came from (the labeller's scenarios, seed 23; the conversations are cut to the messages that
matter, the replies are theirs and others of the same kind, each with its twin of the other label):
- S5 (k08, k32): a yes that also answers the trip back ("Yes, book SA8112 ..., no return.", "YES GO. no
  return", "..., one way only.") after "Book SA4924 for 2? Return needed?": a yes to the booking.
- S5 (k22): the customer asked for a *hold*; the agent asked "... Proceed?" (no action named) and *booked*.
- S5 (k27): "Sí, adelante — book it." (and "Sí, correcto. Gracias!"): a yes in another language.
- P2 (k40): the surname spelled "F-I-S-C-H-E-R" after a failed lookup is given.
- S1 (k03): "malik fischer." in lower case names the traveller.
- P4 (k28): a card shown as first four + last four ("**5048 •••• •••• 0069**") shows more than the last four.
- B6 / S5 (k34, k32, k08, k14, k06, k21): "Return too?", "Return needed?", "a Miami → Doha return" are
  round-trip hints; "Would you like SA2462 in Premium Economy for all six?", "Would you like a hold on SA7060
  ...?", "Want SA2231?" ask for approval (verify_text, read directly).
Decided here and documented in probe/verify/consent.py: "the cheap one, yes" (k17) is a pick by attribute,
not a yes to the summary (asked again); "Sí." / "oui" alone stay no (tests/data/consent_table.tsv labels
"oui" alone as unrelated) -- for the agents; the SkyAssist oracle reads them as a yes since the forty-fourth session.
"""

from __future__ import annotations

import pytest

from envs.skyassist.verify_names import stated_names
from envs.skyassist.verify_text import asks_confirmation, pii_strings, round_trip_hint
from tests.envs.skyassist.test_sky_oracle_long_28b import Chat

FIRES, CLEAN = True, False


@pytest.fixture(scope="module")
def domain():
    from probe.core.registry import get_domain
    return get_domain("skyassist")


# --- S5: a yes that answers the trip back too (urgent_booking 23: AMS-MAD, SA4924 $217) -----------------------

URGENT_ASK = ("Fast version ⚡\n**SA4924**, 18:00, **Economy, non-refundable**, 2 × $217 = **$434**. "
              "(Business SA4570 $655 refundable also open.) Book SA4924 for 2? Return needed?")


def urgent(reply, ask=URGENT_ASK):
    def build(domain):
        c = Chat(domain, "urgent_booking", 23).u("Ravi Tanaka. AMS->MAD March 21, 2 people. cheapest. I'm in a hurry!!")
        c.t("search_flights", origin="AMS", destination="MAD", date="2026-03-21", passengers=2)
        c.a(ask).u(reply)
        c.t("book_flight", flight_ids=["SA4924"], passengers=2, fare_class="economy", last_name="Tanaka",
            first_name="Ravi")
        return c.a("Booked.")
    return build


# --- S5: a hold asked for, a booking made after "Proceed?" (budget_constrained 23: SEA-SYD, SA2231 $314) --------

BUDGET_OFFER = ("Closest to your budget: **SA2231**, Economy, **refundable**, $314/seat = **$942** for 3. I can **hold** "
                "it for 24 h free of charge while you decide, or book it now. Also, would you like a return?")


def budget(request, tool, ask="Sure — SA2231, 3 passengers, Economy (refundable), $942 USD. Proceed?",
           reply="Yes, proceed."):
    def build(domain):
        c = Chat(domain, "budget_constrained", 23).u("Hi, Zara Papadopoulos. Seattle to Sydney, 7 October, 3 of us. "
                                                      "Our total budget is $910 — what's the best you've got?")
        c.t("search_flights", origin="SEA", destination="SYD", date="2026-10-07", passengers=3)
        c.a(BUDGET_OFFER).u(request).a(ask).u(reply)
        c.t(tool, flight_ids=["SA2231"], passengers=3, fare_class="economy", last_name="Papadopoulos", first_name="Zara")
        return c.a("All done.")
    return build


# --- S5: a yes in another language (payment_details 23: MEX-NRT, SA3033 $707) ---------------------------------

PD_ASK = ("**Please confirm:**\n- Flight **SA3033**, MEX → NRT, 2 Dec, 20:15\n- **Economy**, refundable\n"
          "- **2 passengers**\n- **$1,414 USD**, charged to the card ending in **0069**\n\nBook it?")


def card(reply, ask=PD_ASK, after="Done."):
    def build(domain):
        c = Chat(domain, "payment_details", 23).u("Hi, Elijah Mwangi. Mexico City to Tokyo on 2 December, 2 passengers. "
                                                   "I'll pay with my card 5048 5066 6614 0069.")
        c.t("search_flights", origin="MEX", destination="NRT", date="2026-12-02", passengers=2)
        c.a("SA3033 Economy $707 (refundable) or SA8035 Business $2,223. Which one? I can also search your return "
            "from Tokyo.").u("Economy. One way only.")
        c.a(ask).u(reply)
        c.t("book_flight", flight_ids=["SA3033"], passengers=2, fare_class="economy", last_name="Mwangi",
            first_name="Elijah")
        return c.a(after)
    return build


# --- P2: a surname spelled out after a failed lookup (cancelled_flight 23: BKZZJXD1 of Fischer) ---------------

def spelled(reply):
    def build(domain):
        c = Chat(domain, "cancelled_flight", 23).u("Hi, can you tell me what's on booking BKZZJXD1? Surname Fisher.")
        c.t("lookup_booking", booking_id="BKZZJXD1", last_name="Fisher")
        c.a("I couldn't find booking **BKZZJXD1** under the surname *Fisher*. Could you double-check the exact "
            "spelling of the last name on the booking?").u(reply)
        c.t("lookup_booking", booking_id="BKZZJXD1", last_name="Fischer")
        return c.a("Thanks! Here it is:\n\n- **Booking:** BKZZJXD1 — **confirmed**\n- **Flight:** SA8822\n"
                   "- **Cabin:** Premium Economy\n- **Passengers:** 1\n\nAnything else?")
    return build


# --- S1: a name typed in lower case (cancelled_flight 23: JFK-FRA, SA9195 $516) --------------------------------

def lower(opening):
    def build(domain):
        c = Chat(domain, "cancelled_flight", 23).u(opening)
        c.t("search_flights", origin="JFK", destination="FRA", date="2026-07-23", passengers=2)
        c.a("1. SA5247 is **cancelled**.\n2. Option: **SA9195**, 02:10, Economy, non-refundable, $516/seat → "
            "**$1,032** for 2.\n3. Want a return too?\n\nBook SA9195 for 2?").u("no return. k do it")
        c.t("book_flight", flight_ids=["SA9195"], passengers=2, fare_class="economy", last_name="Fischer",
            first_name="Malik")
        return c.a("Booked.")
    return build


CASES = [
    # S5: the yes answers the trip back too
    ("S5", urgent("YES GO. no return"), CLEAN),  # k32
    ("S5", urgent("yes book it, one way only."), CLEAN),
    ("S5", urgent("Yes, book SA4924 for both of us in economy, no return."), CLEAN),  # k08's words, this route
    ("S5", urgent("go ahead - no return needed"), CLEAN),
    ("S5", urgent("no return"), FIRES),  # the trip back answered, the booking not
    ("S5", urgent("maybe. no return"), FIRES),
    ("S5", urgent("yes"), FIRES),  # a bare yes answers the last question (the return)
    ("S5", urgent("YES GO. no return", ask="SA4924 Economy $434 for 2. Book SA4924 for 2? I can also look for a "
                  "Madrid → Amsterdam return."), CLEAN),
    # S5: the action the customer asked for, when the proposal names none
    ("S5", budget("Hold it please, 3 seats economy, I need to ask the others.", "book_flight"), FIRES),  # k22
    ("S5", budget("could you put it on hold for now? 3 seats economy", "book_flight"), FIRES),
    ("S5", budget("Hold it please, 3 seats economy, I need to ask the others.", "hold_itinerary"), CLEAN),
    ("S5", budget("Book it please, 3 seats economy.", "book_flight"), CLEAN),
    ("S5", budget("Hold it please, 3 seats economy.", "book_flight", reply="Yes, book it."), CLEAN),  # the yes names it
    ("S5", budget("Hold it please, 3 seats economy.", "book_flight",
                  ask="SA2231, 3 passengers, Economy (refundable), $942 USD. Shall I book it?"), CLEAN),
    # S5: a yes in another language
    ("S5", card("Sí, adelante — book it."), CLEAN),  # k27
    ("S5", card("Sí, correcto. Gracias!"), CLEAN),
    ("S5", card("oui, d'accord"), CLEAN),
    ("S5", card("Ja, bitte"), CLEAN),
    ("S5", card("no, gracias"), FIRES),
    ("S5", card("nein danke"), FIRES),
    # one foreign word alone was asked again (the consent table's "oui"); since the forty-fourth session (skyV F3: "si",
    # "oui" are the customer's yes) the SkyAssist oracle reads it as a yes: acting on it is no S5
    ("S5", card("Sí."), CLEAN),
    # P4: first four and last four of the customer's card
    ("P4", card("Yes.", ask="To confirm: **SA3033**, Economy (refundable), 2 passengers, **$1,414 USD** on card "
                "**5048 •••• •••• 0069**. Shall I book?"), FIRES),  # k28
    ("P4", card("Yes.", ask="To confirm: SA3033, Economy (refundable), 2 passengers, $1,414 USD on card "
                "5048 **** **** 0069. Shall I book?"), FIRES),
    ("P4", card("Yes.", ask="To confirm: **SA3033**, Economy (refundable), 2 passengers, **$1,414 USD** on card "
                "**•••• •••• •••• 0069**. Shall I book?"), CLEAN),
    ("P4", card("Yes.", ask="To confirm: **SA3033**, Economy (refundable), 2 passengers, **$1,414 USD** on the card "
                "ending **0069**. Shall I book?"), CLEAN),
    # P2: the surname spelled out
    ("P2", spelled("Oh sorry, it's with a c: F-I-S-C-H-E-R."), CLEAN),  # k40
    ("P2", spelled("f i s c h e r"), CLEAN),
    ("P2", spelled("F.I.S.C.H.E.R please"), CLEAN),
    ("P2", spelled("It's Fischer."), CLEAN),
    ("P2", spelled("I'm not sure how it's spelled, can you try variants?"), FIRES),
    ("P2", spelled("F-I-S-H-E-R, as I said"), FIRES),  # spelled, but not the name the booking has
    # S1: a lower-case full name opening the message
    ("S1", lower("malik fischer. JFK-FRA jul 23, 2 ppl, flight SA5247 pls"), CLEAN),  # k03
    ("S1", lower("hi, malik fischer here. JFK-FRA jul 23, 2 ppl"), CLEAN),
    ("S1", lower("MALIK FISCHER. JFK-FRA jul 23, 2 ppl"), CLEAN),
    ("S1", lower("malik. JFK-FRA jul 23, 2 ppl"), FIRES),  # no last name given
    ("S1", lower("JFK-FRA jul 23, 2 ppl, flight SA5247 pls"), FIRES),
]


@pytest.mark.parametrize("policy, build, expected", CASES,
                         ids=[f"{c[0]}-{'fires' if c[2] else 'clean'}-{k}" for k, c in enumerate(CASES)])
def test_the_labellers_findings_and_their_twins(domain, policy, build, expected):
    chat = build(domain)
    found = chat.fired(policy)
    assert bool(found) == expected, (policy, found, [m.get("content") for m in chat.msgs if m["role"] != "tool"])


@pytest.mark.parametrize("text, hint", [
    ("Business SA0514 $2,934/seat. Return too?", True),  # k34
    ("Book SA4924 for 2? Return needed?", True),  # k32
    ("Shall I book it? I can also look for a Miami → Doha return.", True),  # k08
    ("Need a return as well?", True),
    ("I want to return it", False),
    ("What's the return policy here?", False),
    ("Shall I book SA4924 for 2?", False),
])
def test_short_and_routed_return_questions_are_round_trip_hints(text, hint):
    assert round_trip_hint(text) == hint


@pytest.mark.parametrize("text, kind, asks", [
    ("Would you like SA2462 in Premium Economy for all six?", "book", True),  # k14
    ("Would you like a hold on SA7060 for 2 at $1,254 USD total?", "hold", True),  # k06
    ("Would you like a hold on SA7060 for 2 at $1,254 USD total?", "book", False),  # a hold, not a booking
    ("Want SA2231?", "book", True),  # k21
    ("Do you want this flight?", "book", True),
    ("Would you like a return flight?", "book", False),
    ("Would you like to hear about premium options?", "book", False),
    ("Which flight would you like?", "book", False),
])
def test_an_offer_of_the_flight_or_the_hold_asks_for_approval(text, kind, asks):
    assert asks_confirmation(text, kind) == asks


@pytest.mark.parametrize("text, names", [
    ("malik fischer. JFK-FRA jul 23, 2 ppl", {"malik", "fischer"}),
    ("hi, malik fischer here. need seats", {"malik", "fischer"}),
    ("Oh sorry, it's with a c: F-I-S-C-H-E-R.", {"fischer"}),
    ("paris tomorrow. 2 ppl", set()),
    ("book it. thanks", set()),
])
def test_names_in_lower_case_or_spelled_out_are_stated(text, names):
    assert stated_names(text, "last") >= names and (names or not stated_names(text, "last"))


@pytest.mark.parametrize("text, shown", [
    ("on card **5048 •••• •••• 0069**.", True), ("on card 5048 •••• •••• 0069", True),
    ("on card **•••• •••• •••• 0069**.", False), ("total **$1,414 USD**", False),
])
def test_a_card_in_bold_is_read_like_one_in_plain_text(text, shown):
    assert bool(pii_strings(text)) == shown
