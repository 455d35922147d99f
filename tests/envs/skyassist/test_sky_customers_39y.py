"""Customer-tester findings (h39 sky-customers-27), reference agent, faults none.

1. Document dates read as travel dates: payment_details seed 1, at "Shall I book it?" the customer says "yes. pay with
   my mastercard 5127-8515-9727-3412, exp 09/28, cvv 771" -> search_flights on 2026-09-28, the chosen flight dropped;
   passport_details seed 1 "passport N51167130 issued 3 June 2019" -> search_flights 2019-06-03; "expires
   12/11/2031" -> asked whether the travel date is 12 Nov or 11 Dec 2031. A date after exp/expiry/issued/born/valid
   until, or inside card/passport details, is no travel date. (A yes with the card's details beside it now books at
   once: test_sky_customers_40e, finding 3.)
2. Changing one leg re-dated both legs: multi_leg seed 4 after booking SA3990+SA3978 "can I move the second flight
   to the day after?" -> both legs searched; multi_leg seed 1 "what about the next day for the 2nd leg then?" -> both
   legs on the new day; round_trip seed 2 "can you change the return flight on that booking to 29 November?" ->
   outbound searched too; "the 6th of december is too late, what about late november, say the 29th" -> searched
   12-06 (the rejected date). Also "Sorry, I found no flights for , Paris (CDG)..." (an empty leg label).
"""
import json

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages

D = get_domain("skyassist")


def play(family, seed, lines):
    t = play_messages(D, D.scenario(family, seed), D.make_target("reference", []), lines, "t")
    return t


def calls_after(t, k):
    """Tool calls (name, args) made after the k-th user message (1-based)."""
    seen, out = 0, []
    for m in t.messages:
        if m["role"] == "user":
            seen += 1
        elif seen >= k and m["role"] == "assistant":
            for tc in m.get("tool_calls") or []:
                out.append((tc["function"]["name"], json.loads(tc["function"]["arguments"])))
    return out


def last_reply(t):
    return [m["content"] for m in t.messages if m["role"] == "assistant" and m.get("content")][-1]


PAY = ["hi, I want to fly from Vancouver to Frankfurt on 24 May 2026, 1 passenger", "the first one", "Tomasz Novak"]


@pytest.mark.parametrize("line", [
    "yes. pay with my mastercard 5127-8515-9727-3412, exp 09/28, cvv 771",
    "yes, visa 5127 8515 9727 3412 expiry 09/28 cvc 771",
    "yep go ahead. card 5127851597273412 exp: 10/27",
    "yes please - card number 5127 8515 9727 3412, expires 09/28, security code 771",
    "yes, 5127 8515 9727 3412 09/28 771",
    "yes, card 5127 8515 9727 3412 valid thru 11/29",
])
def test_card_expiry_is_no_travel_date(line):
    # no search on the expiry day; since the fortieth session (test_sky_customers_40e, finding 3) a clear yes with the
    # card's details beside it books at once (this test asked for a plain yes first; the oracle's S5 reading of such
    # a yes was left to an oracle fix, made in the same session: test_sky_oracle_40i)
    t = play("payment_details", 1, PAY + [line])
    assert t.violations == [], t.violations
    assert calls_after(t, 4) == [("book_flight", {"flight_ids": ["SA1124"], "passengers": 1, "fare_class": "premium",
                                                  "last_name": "Novak", "first_name": "Tomasz"})]


@pytest.mark.parametrize("line", [
    "can we do the 28th of September instead?",
    "actually we want to fly on 28 September",
])
def test_real_september_date_still_searched(line):
    t = play("payment_details", 1, PAY + [line])
    assert [c for c in calls_after(t, 4) if c[0] == "search_flights"][0][1]["date"] == "2026-09-28"


PASS = ["hi, I need a flight from Istanbul to Frankfurt on 20 November, just me", "the first one", "Ingrid Larsen"]


@pytest.mark.parametrize("line", [
    "passport N51167130 issued 3 June 2019",
    "passport N51167130, expires 12/11/2031",
    "passport N51167130 issued 3 June 2019, valid until 12/11/2031",
    "my passport is N51167130, date of issue: 03/06/2019, expiry date 12/11/2031",
    "N51167130 exp 12 Nov 2031",
    "passport N51167130, DOB 14/02/1985",
    "passport number N51167130, born on 4 March 1990",
])
def test_passport_dates_are_no_travel_dates(line):
    t = play("passport_details", 1, PASS + [line])
    assert calls_after(t, 4) == []
    reply = last_reply(t)
    assert "SA6858" in reply and "2026-11-20" in reply and "Shall I book it?" in reply
    assert "2031" not in reply and "2019" not in reply


def test_travel_date_beside_passport_still_read():
    t = play("passport_details", 1, ["hi, I need a flight from Istanbul to Frankfurt, just me",
                                     "on 20 November please, my passport N51167130 expires 12/11/2031"])
    assert [c[1]["date"] for c in calls_after(t, 2) if c[0] == "search_flights"] == ["2026-11-20"]


ML4 = ["Bonjour, Paris to Tokyo via Frankfurt on June 13 for me and my partner please, shortest connection that works",
       "ok the quickest legal one then. what's the total for both of us for both flights?", "Amara Moreau", "oui, book it"]


@pytest.mark.parametrize("line", [
    "now hold on, can I move the second flight to the day after? we want a night in Frankfurt",
    "can you move the 2nd leg to a day later",
    "move the last flight one day later please",
    "can the Frankfurt to Tokyo leg 2 go on June 14 instead?",
])
def test_second_leg_moved_alone(line):
    t = play("multi_leg", 4, ML4 + [line])
    searches = [c[1] for c in calls_after(t, 5) if c[0] == "search_flights"]
    assert searches == [{"origin": "FRA", "destination": "NRT", "date": "2026-06-14"}]
    assert "for , " not in last_reply(t)


def test_both_legs_moved_when_both_named():
    t = play("multi_leg", 4, ML4 + ["can you move both flights to the day after?"])
    searches = [c[1]["date"] for c in calls_after(t, 5) if c[0] == "search_flights"]
    assert searches == ["2026-06-14", "2026-06-14"]
    assert "for , " not in last_reply(t)


def test_next_day_for_second_leg_while_planning():
    t = play("multi_leg", 1, ["New York to Tokyo via Frankfurt on 23 July, just me",
                              "what about the next day for the 2nd leg then?"])
    searches = {(c[1]["origin"], c[1]["destination"]): c[1]["date"] for c in calls_after(t, 2) if c[0] == "search_flights"}
    assert searches[("FRA", "NRT")] == "2026-07-24"
    assert searches.get(("JFK", "FRA"), "2026-07-23") == "2026-07-23"


RT2 = ["Hello! London to Madrid 4th May, back 6th December, 3 of us", "cheapest outbound", "cheapest return too",
       "Fatima Novak", "yes"]


@pytest.mark.parametrize("line", [
    "can you change the return flight on that booking to 29 November?",
    "move the flight back home to nov 29 pls",
    "I need the return on the 29th of November instead",
])
def test_return_moved_alone(line):
    t = play("round_trip", 2, RT2 + [line])
    assert [c[1] for c in calls_after(t, 6) if c[0] == "search_flights"] == [
        {"origin": "MAD", "destination": "LHR", "date": "2026-11-29"}]


def test_return_leg_remembered_and_rejected_date_skipped():
    t = play("round_trip", 2, RT2 + ["can you change the return flight on that booking?",
                                     "the 6th of december is too late, what about late november, say the 29th"])
    assert [c[1] for c in calls_after(t, 7) if c[0] == "search_flights"] == [
        {"origin": "MAD", "destination": "LHR", "date": "2026-11-29"}]


def test_outbound_moved_alone_keeps_the_return_in_the_change():
    t = play("round_trip", 2, RT2 + ["can you move the outbound flight on that booking to 13 June?", "the second one"])
    assert [c[1] for c in calls_after(t, 6) if c[0] == "search_flights"] == [
        {"origin": "LHR", "destination": "MAD", "date": "2026-06-13"}]
    assert "same cabin (Business)" in last_reply(t)  # the kept Business return is weighed with the new outbound


@pytest.mark.parametrize("line", ["5 May doesn't work, what about the 6th of May?",
                                  "the 5th of may is too early, 6 May please"])
def test_rejected_date_not_searched(line):
    t = play("one_way", 3, ["hi, I need a flight", line])
    dates = [c[1]["date"] for c in calls_after(t, 2) if c[0] == "search_flights"]
    assert "2026-05-05" not in dates
