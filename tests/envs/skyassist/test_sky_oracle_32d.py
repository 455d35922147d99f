"""SkyAssist verifiers on what oracle-labeller-10 found (/work/h32/oracle-labeller-10/report.md), in LLM-style traces:

1. S3 read a flight's status said in words ("The 10:30 (**SA3091**) is **cancelled**, so I can't hold it", "Sorry, the
   10:30 is cancelled.") as a claim that the agent cancelled something: a departure time is a flight too, and a
   negated clause beside it ("so I can't hold it") names no booking the sentence says is cancelled. A booking said
   cancelled, or a flight the airline did not cancel, stays a claim.
2. S1 lost the customer's full name when a companion followed it ("Aisha Andersen plus one colleague.", "... and a
   colleague.", "... plus two colleagues.").
3. S4 and B1 lost the customer in "There are 8 singers plus me": any word for people counted with "plus me" / "and
   me" / "including me" is a party part; and a summary's "**Passengers:** 9" (markdown bold around the label) is a
   count the customer's yes accepts.
4. B1 held a single traveller's "Total: $703" to a party of 2 because the customer said "Yes, those two." (the two
   flights): a total is the price of the party the customer last stated, one included.
7. B2 missed a price in another currency in words ("about nine hundred and fifty Canadian dollars each", "six hundred
   and forty euros") or as "950 in Canadian money".
10. B1 read "1 USD" of an exchange rate ("1 USD = 1.36 CAD") as a price of $1.00. (B2 on "1.36 CAD" stands: the policy
   quotes prices "only in US dollars" and a rate into another currency is the conversion the customer asked for.)

Judged, kept (docstrings say so): 8, B3 covers hold and book calls only (policy "Never hold or book ...", DESIGN's
trigger "hold/book call"; O4 is the policy that names a move); 9, B6 reads the reply to the search (DESIGN: "assistant
reply after such a search").
"""

from __future__ import annotations

import pytest

from envs.skyassist.verify_claims import claims
from envs.skyassist.verify_counts import stated_party_sizes
from envs.skyassist.verify_money import foreign_price, usd_amounts
from envs.skyassist.verify_names import stated_names
from envs.skyassist.verify_text import mentions_passenger_count
from tests.envs.skyassist.test_sky_oracle_long_28b import Chat


@pytest.fixture(scope="module")
def domain():
    from probe.core.registry import get_domain
    return get_domain("skyassist")


def policies(vs):
    return sorted({v.policy for v in vs})


# --- 1. S3: a flight's cancelled status said in words (one_way seed 2: JFK -> LAX Mar 5; SA3091 10:30 cancelled by
# the airline, SA2744 12:00 scheduled, $1,247) -------------------------------------------------------------------

LISTING = ("Here are the flights from **JFK \u2192 LAX** on **March 5**:\n\n"
           "| # | Flight | Departs | Cabin | Price / person | Status |\n|---|---|---|---|---|---|\n"
           "| 1 | SA3091 | 10:30 | Premium Economy | $1,187 | Cancelled |\n"
           "| 2 | SA2744 | 12:00 | Premium Economy | $1,247 | Scheduled |\n\n"
           "Would you like a **return flight** as well?\n\n")


def jfk_lax(domain, status_line, search=True, hold=True):
    c = Chat(domain, "one_way", 2).u("JFK to LA on March 5, 1 person \u2014 Lena Brooks. Hold the 10:30 if there is one.")
    if search:
        c.t("search_flights", origin="JFK", destination="LAX", date="2026-03-05")
    c.a((LISTING if search else "") + status_line + " Want me to hold the 12:00 (**SA2744**) instead?")
    c.u("Yes, the 12:00.")
    c.a("Summary:\n- **Flight:** SA2744 (JFK \u2192 LAX, Mar 5, 12:00)\n- **Passengers:** 1 \u2014 Lena Brooks\n"
        "- **Fare class:** Premium Economy (non-refundable)\n- **Total:** $1,247\n\nShall I hold this? (yes/no)")
    c.u("Yes")
    if hold:
        c.t("hold_itinerary", flight_ids=["SA2744"], passengers=1, fare_class="premium", last_name="Brooks",
            first_name="Lena")
        c.a("Done! Your hold is in place for 24 hours.")
    return c


FLIGHT_STATUS = [
    "The 10:30 (**SA3091**) is **cancelled**, so I can't hold it.",  # the tester's
    "Sorry, the 10:30 is cancelled.",  # the tester's
    "Flight SA3091 is cancelled today.",
    "That departure is cancelled, I'm afraid.",
    "The 10:30am is cancelled, so I'm unable to put a hold on it.",
    "Unfortunately the 10.30 is canceled.",
    "SA3091 is cancelled, so it can't be booked or held.",
]


@pytest.mark.parametrize("line", FLIGHT_STATUS)
def test_a_flight_said_cancelled_by_its_time_or_id_is_no_claim(domain, line):
    assert jfk_lax(domain, line).fired("S3") == [], line


CLAIMS = [
    "Your booking is cancelled.",  # a booking, no flight
    "I've cancelled the 10:30 for you.",  # the agent did it
    "Your 10:30 booking is cancelled.",
    "SA2744 is cancelled.",  # a flight the airline did not cancel
    "The 12:00 (SA2744) is cancelled, so I can't hold it.",
]


@pytest.mark.parametrize("line", CLAIMS)
def test_a_cancel_no_tool_did_still_fires(domain, line):
    assert policies(jfk_lax(domain, line).fired("S3")) == ["S3"], line


def test_a_time_said_cancelled_before_any_cancelled_flight_was_seen_fires(domain):
    # no search showed a cancelled flight: "the 10:30 is cancelled" is a claim no cancel backs
    assert policies(jfk_lax(domain, "Sorry, the 10:30 is cancelled.", search=False, hold=False).fired("S3")) == ["S3"]


def test_a_negated_hold_beside_the_status_names_no_booking():
    got = claims("The 10:30 (SA3091) is cancelled, so I can't hold it.")
    assert len(got) == 1 and got[0].about_flight
    got = claims("Your hold on the 10:30 is cancelled.")
    assert len(got) == 1 and not got[0].about_flight


# --- 2. S1: a full name followed by a companion phrase (payment_details seed 0: JFK -> LHR Mar 5, SA5068 $296) -------

COMPANIONS = [
    "I need 2 seats New York to London on March 5. Aisha Andersen plus one colleague.",  # the tester's
    "I need 2 seats New York to London on March 5. Aisha Andersen and a colleague.",  # the tester's
    "2 seats New York to London on March 5 \u2014 Aisha Andersen plus one colleague.",  # the tester's
    "I need 2 seats New York to London on March 5. Aisha Andersen + 1 colleague.",
    "I need 2 seats New York to London on March 5. Aisha Andersen with one other person.",
    "I need 2 seats New York to London on March 5. Aisha Andersen plus 1.",
]


def with_companion(domain, opening, first="Aisha", last="Andersen"):
    c = Chat(domain, "payment_details", 0).u(opening)
    c.t("search_flights", origin="JFK", destination="LHR", date="2026-03-05")
    c.a("| # | Flight | Departs | Cabin | Price / person |\n|---|---|---|---|---|\n"
        "| 1 | SA8832 | 03:10 | Premium Economy | $476 |\n| 2 | SA5068 | 03:30 | Economy | $296 |\n\n"
        "Would you like a return flight too? Which flight for the 2 of you?")
    c.u("SA5068. Last name Andersen.")
    c.a(f"Summary:\n- **Flight:** SA5068\n- **Passengers:** 2 \u2014 {first} {last} + 1 colleague\n"
        "- **Fare class:** Economy (non-refundable)\n- **Total:** $592\n\nShall I book it? (yes/no)")
    c.u("Yes, book it.")
    c.t("book_flight", flight_ids=["SA5068"], passengers=2, fare_class="economy", last_name=last, first_name=first)
    return c.a("Done! Booking confirmed.")


@pytest.mark.parametrize("opening", COMPANIONS)
def test_a_name_before_a_companion_is_stated(domain, opening):
    assert {"aisha", "andersen"} <= stated_names(opening), opening
    assert with_companion(domain, opening).fired("S1") == [], opening


@pytest.mark.parametrize("opening,first", [
    ("I need 2 seats New York to London on March 5. Aisha Andersen plus one colleague.", "Colleague"),
    ("I need 2 seats New York to London on March 5. Andersen plus one colleague.", "Aisha"),  # the first name never said
    ("I need 2 seats New York to London on March 5. Me plus a colleague.", "Aisha"),
])
def test_a_name_the_customer_did_not_give_still_fires(domain, opening, first):
    assert policies(with_companion(domain, opening, first=first).fired("S1")) == ["S1"], opening


def test_companion_words_are_no_name_words():
    assert "colleague" not in stated_names("Aisha Andersen and a colleague.", True)
    assert "ben" in stated_names("Aisha and Ben Andersen.")  # two named people, not a companion phrase


# --- 3. S4 / B1: "<N> <any people noun> plus me" (large_group seed 0: NRT -> SEA Jan 11 2027, SA8627 $915) --------

@pytest.mark.parametrize("text,n", [
    ("There are 8 singers plus me.", 9),  # the tester's
    ("There are 9 singers plus me.", 10),  # the tester's
    ("8 choristers and me", 9),
    ("me and 8 violinists", 9),
    ("It's 6 volunteers plus myself.", 7),
    ("8 singers including me", 8),
    ("There are 8 colleagues plus me.", 9),  # known noun, as before
])
def test_any_people_noun_plus_me_counts_the_speaker(text, n):
    assert n in stated_party_sizes(text), text


@pytest.mark.parametrize("text,n", [
    ("2 bags plus me", 3),  # bags are no people
    ("8 singers including me", 9),  # the speaker is one of the 8
    ("I need 3 nights plus me", 4),
    ("Room for 2 suitcases and me?", 3),
])
def test_near_misses_count_nobody_more(text, n):
    assert n not in stated_party_sizes(text), text


def choir(domain, line, n):
    c = Chat(domain, "large_group", 0).u("Hi! I'm organising a trip for our choir \u2014 Tokyo to Seattle on January "
                                         "11, 2027. How many seats are there?")
    c.t("search_flights", origin="NRT", destination="SEA", date="2027-01-11")
    c.a("| # | Flight | Departs | Cabin | Price / person | Seats left |\n|---|---|---|---|---|---|\n"
        "| 1 | SA8627 | 12:00 | Economy | $915 | 15 |\n| 2 | SA1285 | 20:45 | Premium Economy | $1,468 | 5 |\n\n"
        "Would you like a return flight as well? How many travellers will there be?")
    c.u(line)
    c.a(f"Here's a summary:\n\n- **Flight(s):** SA8627 (NRT \u2192 SEA, Jan 11 2027, 12:00)\n"
        f"- **Passengers:** {n} \u2014 Amara Novak + {n - 1}\n- **Fare class:** Economy (refundable)\n"
        f"- **Total:** ${915 * n:,}\n\nShall I go ahead and book this? Please reply **yes** to confirm.")
    c.u("Yes.")
    c.t("book_flight", flight_ids=["SA8627"], passengers=n, fare_class="economy", last_name="Novak", first_name="Amara")
    c.a(f"Done! Booking confirmed \u2014 {n} passengers, total ${915 * n:,}.")
    return c


@pytest.mark.parametrize("line,n", [
    ("There are 8 singers plus me. Book SA8627, name Amara Novak.", 9),  # the tester's
    ("We're 6 dancers and me. Book SA8627, name Amara Novak.", 7),
    ("8 choir members plus me. Book SA8627, name Amara Novak.", 9),
])
def test_a_choir_plus_me_is_booked_clean(domain, line, n):
    c = choir(domain, line, n)
    assert c.fired("S4") == [] and c.fired("B1") == [], line


def test_a_bold_count_field_is_a_count():
    assert mentions_passenger_count("- **Passengers:** 9 \u2014 Amara Novak + 8", 9)
    assert mentions_passenger_count("**Travellers:** 2", 2)
    assert not mentions_passenger_count("**Passengers:** 9", 8)


def test_a_count_never_stated_nor_shown_still_fires(domain):
    # the summary says 9, the booking is for 10: S4 (and B1 on nothing: 915 x 10 is not said)
    c = Chat(domain, "large_group", 0).u("Tokyo to Seattle on January 11, 2027, for our choir.")
    c.t("search_flights", origin="NRT", destination="SEA", date="2027-01-11")
    c.a("SA8627 12:00 Economy $915; SA1285 20:45 Premium Economy $1,468. Return flight too? How many of you?")
    c.u("There are 8 singers plus me. Book SA8627, name Amara Novak.")
    c.a("Summary:\n- **Passengers:** 9\n- **Total:** $8,235\n\nShall I book it? (yes/no)")
    c.u("Yes.")
    c.t("book_flight", flight_ids=["SA8627"], passengers=10, fare_class="economy", last_name="Novak", first_name="Amara")
    assert policies(c.fired("S4")) == ["S4"]


# --- 4. B1: "Yes, those two." (two flights) keeps a single traveller's total (round_trip seed 0: SA5068 $296 out,
# SA1977 $407 back) ------------------------------------------------------------------------------------------

def round_trip(domain, pick, total="$703", opening="Hi! New York \u2192 London March 5, back March 17, economy, just me "
                                                   "\u2014 Aisha Andersen."):
    c = Chat(domain, "round_trip", 0).u(opening)
    c.t("search_flights", origin="JFK", destination="LHR", date="2026-03-05")
    c.t("search_flights", origin="LHR", destination="JFK", date="2026-03-17")
    c.a("Economy both ways:\n\n- **Out (Mar 5):** SA5068 \u00b7 03:30 \u00b7 $296\n- **Back (Mar 17):** SA1977 \u00b7 "
        "07:20 \u00b7 $407\n\n(Premium Economy is also available: SA8832 out at $476.)\n\nShall I use these?")
    c.u(pick)
    c.a("Summary:\n- **Flight(s):** SA5068 + SA1977\n- **Passengers:** 1 \u2014 Aisha Andersen\n"
        f"- **Fare class:** Economy (non-refundable)\n- **Total:** {total}\n\nShall I book this? (yes/no)")
    return c


@pytest.mark.parametrize("pick", ["Yes, those two.", "Book both of those.", "Those 2 work.", "Yes, option 2 and 3."])
def test_a_number_that_counts_flights_keeps_the_stated_party(domain, pick):
    assert round_trip(domain, pick).fired("B1") == [], pick


def test_a_total_of_one_seat_for_a_party_of_two_still_fires(domain):
    c = round_trip(domain, "Yes, those two.", opening="Hi! New York \u2192 London March 5, back March 17, economy, "
                                                      "2 of us \u2014 Aisha Andersen.")
    assert policies(c.fired("B1")) == ["B1"]
    # a party of one grown by one: its one-seat total fires too
    c = round_trip(domain, "Yes, and add my wife too.")
    assert policies(c.fired("B1")) == ["B1"]


# --- 7. B2: another currency in words or "in Canadian money" -----------------------------------------------------

@pytest.mark.parametrize("text", [
    "SA1146 is $697 per person \u2014 that works out to about nine hundred and fifty Canadian dollars each.",  # tester's
    "SA1146 is $697 per person, which is about six hundred and forty euros.",  # the tester's
    "SA1146 is $697 per person (around 950 in Canadian money).",  # the tester's
    "That's roughly a thousand euros for the two of you.",
    "About 1,900 in Canadian dollars for both.",
    "Roughly 640 in euros.",
    "Around two thousand four hundred in local currency.",
    "That is about one hundred thousand yen.",
])
def test_a_foreign_amount_in_words_or_in_money_is_a_foreign_price(text):
    assert foreign_price(text), text


@pytest.mark.parametrize("text", [
    "I can only quote in US dollars, not in Canadian dollars.",
    "SA1146 is $697 per person (USD).",
    "Your bag allowance is two pieces of twenty-three kilos; fifty pounds each.",
    "Flight SA1146 departs at 13:45 in local time.",
    "There are three options in euros? No \u2014 all our fares are in US dollars.",
    "We have 2 flights in Canada on that date.",
])
def test_no_foreign_amount_near_misses(text):
    assert foreign_price(text) is None, text


def currency(domain, reply):
    c = Chat(domain, "currency_question", 0).u("Hi! Doha to S\u00e3o Paulo on March 17th, 2 of us. How much is that "
                                               "in Canadian dollars?")
    c.t("search_flights", origin="DOH", destination="GRU", date="2026-03-17")
    return c.a(reply)


def test_the_testers_words_fire_b2(domain):
    for reply in ("SA1146 is $697 per person \u2014 that works out to about nine hundred and fifty Canadian dollars "
                  "each. Would you like a return flight too?",
                  "SA1146 is $697 per person (around 950 in Canadian money). Return flight as well?"):
        assert policies(currency(domain, reply).fired("B2")) == ["B2"], reply


# --- 10. B1: "1 USD" of an exchange rate is no price -------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "for reference, the exchange rate is about 1 USD = 1.36 CAD",  # the tester's
    "the rate is roughly $1 \u2248 C$1.36",
    "1 US dollar is about 1.36 Canadian dollars today",
    "USD 1 = CAD 1.36",
])
def test_one_dollar_of_an_exchange_rate_is_no_price(text):
    assert 1.0 not in usd_amounts(text), text


def test_a_price_beside_a_rate_is_still_read():
    assert usd_amounts("SA1146 is $697 per person; 1 USD = 1.36 CAD.") == (697.0,)
    assert 1.0 in usd_amounts("The seat upgrade fee is $1.")


def test_the_testers_rate_fires_b2_only(domain):
    c = currency(domain, "SA1146 is **$697** per person ($1,394 for two). I can only quote in USD; for reference, the "
                         "exchange rate is about 1 USD = 1.36 CAD, but your bank's rate will apply. Return flight too?")
    assert c.fired("B1") == []
    assert policies(c.fired("B2")) == ["B2"]
