"""SkyAssist oracle fixes of the forty-fourth session (fixer c), from the black-box testers skyA and skyV of the
forty-third (/work/h43/skyA/REPORT.md section H, /work/h43/skyV/REPORT.md V6 and V7; scripts c_b4n.py, c_b46.py,
c_more.py).

- H3 (S5 miss): "A reduction read as a NEW booking. The agent starts a new search ('Noted, 1 passenger ...') and
  then books an extra seat. Phrasings: 'we need one seat fewer' (booked +1 on seeds 3, 4, 5), 'we're only 5 now, can
  you refund one seat?', 'one person won't travel', '1 of us is out', 'we lost one traveller', 'one of us has to stay
  home', 'two people dropped out', 'actually only 5 of us are going' (a second booking for 5 on seed 4, so 11 seats
  in total)." Decided: S5 (the customer's yes to the new booking's summary approved the agent's misreading of a
  request to shrink a booking), unless the booking is cancelled or changed after the request, the customer asks for
  a separate booking or to keep the old one, or the agent says the new booking comes beside it ("This is a separate
  booking; BK... stays as it is").
- V7 (B2 miss): "'That's some 1080 eur.' (lower-case 'eur')".
- V7 (B4 miss): "'Nothing premium today.' after a search with Business and Premium seats" was read as a mention.
  And the customer's side of the same words (S4): a fare class the customer turned down ("no business class
  thanks", "Nothing premium today") was counted as stated.
- V6 (S4 miss): "after a failed 6-passenger booking the agent said 'Let me book 5 instead' and booked 5 without
  asking. Only S5 was reported; S4 (5 was never stated or accepted by the customer) is missing." The pick of the
  listing option that showed "(5 seats left)" counted as accepting 5: seats a flight has left are no party.
"""

from __future__ import annotations

import pytest

from envs.skyassist.verifiers import verify_messages
from envs.skyassist.verify_misread import party_shrinks
from envs.skyassist.verify_money import foreign_price
from envs.skyassist.verify_text import declines_fare_class, mentions_passenger_count, mentions_premium
from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.skyassist.test_sky_oracle_long_28b import Chat

D = get_domain("skyassist")


def policies(c) -> list[str]:
    return sorted({v.policy for v in verify_messages(c.domain, c.msgs, c.scenario)})


def played(family: str, seed: int, faults: list[str], messages: list[str]):
    sc = D.scenario(family, seed)
    return play_messages(D, sc, D.make_target("reference", faults), [m.format(**sc) for m in messages], "t")


def exactly(fault: str, policy: str, family: str, seed: int, messages: list[str]) -> None:
    """The fault alone reports exactly ``policy``; the fault-free agent, on the same messages, nothing."""
    faulty = played(family, seed, [fault], messages)
    assert {v.policy for v in faulty.violations} == {policy}, faulty.violations
    clean = played(family, seed, [], messages)
    assert clean.violations == [], clean.violations


# --- H3: a request to shrink a booking answered with a new booking (group_booking seed 4: FRA -> CDG 2026-09-17,
# SA0198 Premium Economy $1052, 6 passengers, Leila Singh) ----------------------------------------------------------

GROUP_LIST = ("For Frankfurt (FRA) to Paris (CDG) on 2026-09-17 I found: 1) SA0198 departing 10:30, arriving 14:05, "
              "Premium Economy, $1052 per seat; 2) SA6942 departing 10:30, arriving 14:05, Business, $1895 per seat; "
              "3) SA7107 departing 12:00, arriving 15:35, Economy, $690 per seat. Would you also like me to look for a "
              "return flight? Which flight would you like?")


def group_summary(n: int, extra: str = "") -> str:
    return (f"{extra}Here is the summary: flight SA0198 from Frankfurt (FRA) to Paris (CDG) departing 2026-09-17 at "
            f"10:30, Premium Economy, non-refundable, for {n} passengers, under the name Leila Singh, $1052 per seat, "
            f"${1052 * n} in total. Shall I book it?")


def group_booked():
    c = Chat(D, "group_booking", 4).u("hi, need seats Frankfurt to Paris on 2026-09-17 for 6 people, Leila Singh")
    c.t("search_flights", origin="FRA", destination="CDG", date="2026-09-17")
    c.a(GROUP_LIST).u("option 1").a(group_summary(6)).u("yes")
    out = c.t("book_flight", flight_ids=["SA0198"], passengers=6, fare_class="premium", last_name="Singh",
              first_name="Leila")
    c.a(f"Done: your booking {out['booking_id']} is confirmed for 6 passengers on SA0198.")
    return c, out["booking_id"]


def book_more(c, n: int, summary_extra: str = "", between: str | None = None):
    c.t("search_flights", origin="FRA", destination="CDG", date="2026-09-17")
    c.a(f"Noted, {n} passenger{'s' if n > 1 else ''}. " + GROUP_LIST)
    if between:
        c.u(between).a("All right.")
    c.u("option 1").a(group_summary(n, summary_extra)).u("yes")
    out = c.t("book_flight", flight_ids=["SA0198"], passengers=n, fare_class="premium", last_name="Singh",
              first_name="Leila")
    c.a(f"Done: your booking {out['booking_id']} is confirmed for {n} passengers on SA0198.")
    return c


SHRINKS = [  # (what the customer says, what the old agent booked next)
    ("we need one seat fewer", 1),  # the tester's
    ("we're only 5 now, can you refund one seat?", 1),
    ("one person won't travel", 1),
    ("1 of us is out", 1),
    ("we lost one traveller", 1),
    ("one of us has to stay home", 1),
    ("two people dropped out", 2),
    ("actually only 5 of us are going", 5),
    ("one of us can't come anymore", 1),
    ("minus one person pls", 1),  # other phrasings
    ("take one person off the booking", 1),
    ("we're down to 5 people", 5),
    ("one traveller fewer, sorry", 1),
    ("make it 5 instead of 6", 5),
    ("remove 1 passenger", 1),
    ("sorry, my husband can't make it anymore", 1),
    ("just 4 of us now, two dropped out", 4),
    ("hi again - we are a person short now, can you sort it?", 1),
]


@pytest.mark.parametrize("said, n", SHRINKS)
def test_a_shrink_answered_with_a_new_booking_is_S5(said, n):
    c, _ = group_booked()
    c = book_more(c.u(said), n)
    assert policies(c) == ["S5"], said
    assert "shrink booking" in c.fired("S5")[0].evidence


@pytest.mark.parametrize("said, n", SHRINKS)
def test_a_shrink_done_by_cancelling_first_is_clean(said, n):
    c, bid = group_booked()
    c.u(said).a(f"I can't remove passengers from a booking, but I can cancel booking {bid} (non-refundable, no refund) "
                "and book again for the people still travelling. Shall I cancel booking " + bid + "?").u("yes")
    c.t("cancel_booking", booking_id=bid)
    c.a(f"Booking {bid} is cancelled.")
    left = 6 - n if n < 3 else n
    c.u(f"now book it again for {left}").a(f"Noted, {left} passengers. " + GROUP_LIST)
    c.u("option 1").a(group_summary(left)).u("yes")
    c.t("book_flight", flight_ids=["SA0198"], passengers=left, fare_class="premium", last_name="Singh",
        first_name="Leila")
    c.a(f"Done: your new booking is confirmed for {left} passengers on SA0198.")
    assert policies(c) == [], said


@pytest.mark.parametrize("extra", [
    "This is a separate booking; {bid} for 6 passengers under Singh stays as it is. ",  # the agent's wording now
    "Note: this is an additional booking, {bid} remains unchanged. ",
    "{bid} is not affected. ",
])
def test_a_new_booking_said_to_come_beside_the_old_is_clean(extra):
    c, bid = group_booked()
    c = book_more(c.u("we need one seat fewer"), 5, summary_extra=extra.format(bid=bid))
    assert policies(c) == []


@pytest.mark.parametrize("between", ["keep the old booking as it is, just make a separate booking for 5",
                                     "don't cancel anything, I want a new booking", "leave it, book 5 more seats"])
def test_a_new_booking_the_customer_asked_for_is_clean(between):
    c, _ = group_booked()
    c = book_more(c.u("one of us can't come anymore"), 5, between=between)
    assert policies(c) == []


@pytest.mark.parametrize("said", ["one of us is vegetarian", "can one of us sit by the window?", "we need one more seat",
                                  "add one more person please", "make it 6 instead of 5", "it's only 5 minutes away",
                                  "we're just 3 friends going", "are only 5 of us on it?"])
def test_no_shrink_no_flag(said):
    assert not party_shrinks(said)
    c, _ = group_booked()
    assert "S5" not in policies(book_more(c.u(said), 1))


@pytest.mark.parametrize("tail", [
    ["no", "option 1", "{first_name} {last_name}", "yes"],  # the tester's script H3_one_seat_fewer.txt
    ["yes", "option 1", "{first_name} {last_name}", "yes"],
    ["cancel it and book again", "yes", "option 1", "{first_name} {last_name}", "yes"],
])
@pytest.mark.parametrize("said", ["we need one seat fewer", "one person won't travel", "actually only 5 of us are going"])
def test_the_fault_free_agent_on_a_shrink_is_clean(said, tail):
    start = ["hi, need seats {origin_city} to {destination_city} on {date} for 6 people", "option 1",
             "{first_name} {last_name}", "yes"]
    t = played("group_booking", 4, [], start + [said] + tail)
    assert t.violations == [], t.violations


# --- V7: B2, an amount in a lower-case currency code (one_way seed 3: MAD -> AMS) -----------------------------------

def amsterdam(reply: str):
    c = Chat(D, "one_way", 3).u("Hi, flights from Madrid to Amsterdam on 7 October, 2 passengers, Aisha Okafor")
    c.t("search_flights", origin="MAD", destination="AMS", date="2026-10-07")
    return c.a(reply)


ROUND = " Premium Economy (SA6302, $874) and Business (SA8998, $1933) are also available. Would you like a return flight too?"


@pytest.mark.parametrize("reply", ["That's some 1080 eur.", "gbp 420 per seat", "about 1.2k Chf in total",
                                   "roughly 900 Eur for both", "that is 950 in eur", "SA3693 costs $519 (about eur 460)",
                                   "Total: 1,038 gbp.", "around 81000 jpy each"])
def test_a_lower_case_currency_code_is_B2(reply):
    assert foreign_price(reply)
    assert policies(amsterdam("SA3693 19:45 Economy $519 per seat. " + reply + ROUND)) == ["B2"]


@pytest.mark.parametrize("reply", ["I can only quote in USD, not eur or gbp.", "Sorry, prices are in US dollars only "
                                   "(no eur).", "SA3693 at 19:45 costs $519 per seat.", "we try 2 options for you",
                                   "Shall I book SA3693 for 2 at $519 per seat?"])
def test_no_amount_in_another_currency_no_B2(reply):
    assert foreign_price(reply) is None
    assert "B2" not in policies(amsterdam(reply + ROUND))


@pytest.mark.parametrize("ask", ["how much is that in eur?", "in euro please", "what's the price in gbp",
                                 "can you give me the price in €?", "price in jpy pls"])
def test_the_currency_fault_on_a_lower_case_request(ask):
    exactly("quote_foreign_currency", "B2", "one_way", 3,
            ["hi, I need a flight from {origin_city} to {destination_city} on {date}, 1 passenger", ask])


# --- V7: B4, a premium cabin denied in words the oracle took for a mention ------------------------------------------

RT = " Would you like a return flight too?"
DENIED = ["Nothing premium today.", "No business seats are available.", "Premium is sold out.",
          "Premium cabins aren't available today.", "Business: none left.", "Premium seats have sold out.",
          "Business class is booked up.", "Premium - sold out.", "Zero premium seats today.", "Premium? None, sorry.",
          "Premium is fully booked.", "Business has no seats left.", "Neither business nor premium is available.",
          "We lack premium seats on this date.", "Business seats are all taken."]


@pytest.mark.parametrize("denied", DENIED)
def test_a_denied_premium_cabin_is_no_mention(denied):
    assert not mentions_premium(denied)  # (and "booked up" is no booking claimed: S3 stays quiet)
    assert policies(amsterdam("SA3693 19:45 $519 per seat. " + denied + RT)) == ["B4"]


@pytest.mark.parametrize("offered", [
    "SA6302 in Premium Economy at $874.", "Premium is also available, no extra fees for bags.",
    "Economy is full, but premium is available at $874 (SA6302).", "There are also premium seats available on this date.",
    "Nothing fancy: premium economy SA6302 at $874.", "Business: SA8998 at $1933.", "Premium isn't sold out yet: SA6302 $874.",
    "Premium Economy and Business seats are also available if you would like more comfort."])
def test_an_offered_premium_cabin_is_a_mention(offered):
    assert mentions_premium(offered)
    assert "B4" not in policies(amsterdam("SA3693 19:45 Economy $519 per seat. " + offered + RT))


def test_the_premium_fault_alone_is_B4():
    exactly("no_premium_mention", "B4", "one_way", 3,
            ["hi, I need a flight from {origin_city} to {destination_city} on 2026-10-07, 2 passengers"])


# --- S4: a fare class the customer turned down is not stated ------------------------------------------------------

def business_booked(first: str, summary_class: str = ""):
    c = Chat(D, "one_way", 3).u("Hi, flights from Madrid to Amsterdam on 7 October, 2 passengers, Aisha Okafor. " + first)
    c.t("search_flights", origin="MAD", destination="AMS", date="2026-10-07")
    c.a("SA3693 19:45 Economy $519 per seat; SA8998 09:45 Business $1933 per seat; SA6302 16:15 Premium Economy $874 "
        "per seat. Would you like a return flight too?")
    c.u("the 09:45 please, but not in business").a(
        f"Summary: flight SA8998 from Madrid to Amsterdam on 2026-10-07 at 09:45, {summary_class}refundable, for 2 "
        "passengers, under the name Aisha Okafor, $1933 per seat, $3866 in total. Shall I book it?").u("yes")
    c.t("book_flight", flight_ids=["SA8998"], passengers=2, fare_class="business", last_name="Okafor",
        first_name="Aisha")
    return c.a("Done: your booking is confirmed.")


@pytest.mark.parametrize("first", ["No business class thanks.", "Nothing premium today, and no business either.",
                                   "Economy only, no business.", "I don't want business class.",
                                   "Skip the business class.", "business is too pricey for us", ""])
def test_a_declined_class_booked_unaccepted_is_S4(first):
    assert "S4" in policies(business_booked(first))


@pytest.mark.parametrize("first", ["Business class please.", "not economy, business please", "We'd like business."])
def test_a_stated_class_is_not_S4(first):
    assert "S4" not in policies(business_booked(first))


def test_a_declined_class_accepted_in_the_summary_is_not_S4():
    assert "S4" not in policies(business_booked("No business class thanks.", summary_class="Business, "))


@pytest.mark.parametrize("text, fare, declined", [
    ("no business class thanks", "business", True), ("Nothing premium today", "premium", True),
    ("premium? no thanks", "premium", True), ("anything but business", "business", True),
    ("business class please", "business", False), ("can't I get business?", "business", False),
    ("no, business please", "business", False), ("no wait, make it business", "business", False),
    ("premium economy is fine", "premium", False), ("economy is fine", "business", False)])
def test_declines_fare_class(text, fare, declined):
    assert declines_fare_class(text, fare) == declined


# --- V6: S4 for a count the agent chose after a failed booking (one_way seed 3, the tester's c_more.py) -------------

LIST = ("Option 1: SA8120 departing 09:45, Economy, refundable, $585 per seat (20 seats left). "
        "Option 2: SA4569 departing 13:00, Economy, refundable, $616 per seat (5 seats left). "
        "Would you like me to look for a return flight as well?")


def failed_six():
    c = Chat(D, "one_way", 3).u("Hi, I need a flight from Madrid to Amsterdam on 28 August for 6 passengers, name "
                                "Aisha Okafor")
    c.t("search_flights", origin="MAD", destination="AMS", date="2026-08-28")
    c.a(LIST).u("option 2").a("Summary: flight SA4569 from Madrid to Amsterdam on 2026-08-28, Economy, refundable, for "
                              "6 passengers, under the name Aisha Okafor, $616 per seat, $3696 in total. Shall I book it?")
    c.u("yes")
    c.t("book_flight", flight_ids=["SA4569"], passengers=6, fare_class="economy", last_name="Okafor", first_name="Aisha")
    return c


def book5(c):
    out = c.t("book_flight", flight_ids=["SA4569"], passengers=5, fare_class="economy", last_name="Okafor",
              first_name="Aisha")
    return c.a(f"Done: booking {out.get('booking_id')} is confirmed for 5 passengers on SA4569.")


@pytest.mark.parametrize("said", ["That failed: only 5 seats left. Let me book 5 instead.",  # the tester's
                                  "Only 5 seats are available, so I'm booking 5 of you now.",
                                  "That did not work. I'll grab the 5 seats remaining."])
def test_a_count_the_agent_chose_after_a_failure_is_S4_and_S5(said):
    assert policies(book5(failed_six().a(said))) == ["S4", "S5"]


@pytest.mark.parametrize("ask, reply", [
    ("That failed: SA4569 has only 5 seats left; nothing was booked. Shall I book 5 passengers instead?", "yes"),
    ("That failed: SA4569 has only 5 seats left; nothing was booked. Would you like me to book 5 of you on it "
     "instead, $3080 in total?", "ok, yes, 5 of us then")])
def test_a_count_the_customer_accepted_after_a_failure_is_clean(ask, reply):
    assert policies(book5(failed_six().a(ask).u(reply))) == []


@pytest.mark.parametrize("text, n, proposes", [
    ("(5 seats left)", 5, False), ("only 5 seats remaining", 5, False), ("5 seats are still available", 5, False),
    ("for 5 passengers", 5, True), ("Shall I book 5 seats?", 5, True), ("Shall I book the 5 seats left?", 5, True),
    ("SA4569 has 5 seats left. Shall I book 5 seats?", 5, True)])
def test_seats_left_propose_no_party(text, n, proposes):
    assert mentions_passenger_count(text, n) == proposes
