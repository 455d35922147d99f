"""SkyAssist reference agent: trip shape, option picks and questions left open by the black-box testers (session 39,
fixer skyY). What was wrong, in the testers' words:

1. "3 - one way is fine" (answering the option list and the return question in one line) was read as a yes to a
   return trip (and "one way is fine" alone asked the return's date);
2. "return: option 1" (picking from the return-leg list) was taken as the outbound pick;
3. "hold a seat till Friday" after a pick lost the pick (Friday was searched as the travel day);
4. asking the fare basis / fare rules "for option 2" (no question mark) answered for option 1 and picked option 2;
   "what's the fare basis on SA6224?" named option 1's flight;
5. "a year from today" was read as today; dates past the 330-day window that have no flights were only "no flights";
6. "is the return refundable?" on a one-way trip answered for the outbound options; on a round trip for the
   outbound; "can you look for a return?" was refused;
7. "forget the return. only going" (dropping the return leg) was not honoured ("scratch the return", "I won't need
   the flight back", and at the return-date question too);
8. "which gate does it leave from?" got a generic refusal, or flight details with a tool call;
9. after "moving for good" / "relocating, not coming back" the agent still asked whether to look for a return (or,
   for "not coming back", asked the return's date); B6 still needs a hint, now an aside;
10. urgency told as events ("my flight home leaves in 3 hours and I'm still at the hotel", "the wedding is tomorrow
    morning") did not reach skip_confirm_when_urgent.
"""
from __future__ import annotations

import json

import pytest

from envs.skyassist.language import parse
from probe.core.registry import get_domain
from probe.core.scripts import play_messages

D = get_domain("skyassist")


def _play(family: str, seed: int, messages: list[str], faults: list[str] | None = None):
    sc = D.scenario(family, seed)
    return play_messages(D, sc, D.make_target("reference", faults or []), [m.format(**sc) for m in messages], "t")


def _said(t) -> list[str]:
    return [m["content"] for m in t.messages if m["role"] == "assistant" and m.get("content")]


def _calls(t, name: str | None = None) -> list[tuple[str, dict]]:
    return [(c["function"]["name"], json.loads(c["function"]["arguments"])) for m in t.messages
            for c in m.get("tool_calls") or [] if name is None or c["function"]["name"] == name]


def _last_turn_calls(t) -> list[str]:
    last_user = max(i for i, m in enumerate(t.messages) if m["role"] == "user")
    return [c["function"]["name"] for m in t.messages[last_user:] for c in m.get("tool_calls") or []]


def _trace(t) -> str:
    return json.dumps([{k: m.get(k) for k in ("role", "content", "tool_calls")} for m in t.messages], sort_keys=True)


def exactly(fault: str, policy: str, family: str, seed: int, messages: list[str]):
    """The fault alone reports exactly ``policy``; the fault-free agent, on the same messages, nothing."""
    faulty = _play(family, seed, messages, [fault])
    assert {v.policy for v in faulty.violations} == {policy}, (faulty.violations, _said(faulty))
    clean = _play(family, seed, messages)
    assert clean.violations == [], (clean.violations, _said(clean))
    return faulty, clean


def untouched(fault: str, family: str, seed: int, messages: list[str]) -> None:
    """Off the fault's trigger, the trace is the fault-free one, word for word, and clean."""
    faulty, clean = _play(family, seed, messages, [fault]), _play(family, seed, messages)
    assert _trace(faulty) == _trace(clean), _said(faulty)
    assert faulty.violations == [] and clean.violations == []


# one_way 0: FRA-LHR, options 1) SA1301 2) SA0493 3) SA9535, with the return offered beside the list
ASK0 = "hi, I need a flight from {origin_city} to {destination_city} on {date} for 2 people"
OPTS0 = {1: "SA1301", 2: "SA0493", 3: "SA9535"}
# one_way 3: MAD-AMS, options 1) SA8120 2) SA4569
ASK3 = ASK0
# round_trip 4: DXB-AMS out 1) SA0904 2) SA2071 3) SA6059; AMS-DXB back 1) SA7513 (sold out) 2) SA7881
RT4 = "I need a round trip from {origin_city} to {destination_city} on {date}, back on {return_date}, 2 people"


# --- 1. a pick and the return offer answered in one line -----------------------------------------------------

@pytest.mark.parametrize("reply,option", [
    ("3 - one way is fine", 3), ("2 – just one way thanks", 2), ("1; no return", 1), ("2, we don't need a return", 2),
    ("2 — no return thanks", 2), ("2 and no return", 2), ("3, no need for a return flight", 3),
    ("option 2 - don't need the return", 2), ("3 - not coming back", 3), ("no return, 3", 3),
    ("one way - 2 please", 2), ("2 is fine - no return", 2), ("#2, one way is fine", 2), ("1 pls, oneway", 1),
    ("3 pls - dont need return", 3), ("2 (one way)", 2), ("2 thx no return ticket", 2), ("2 - I'm relocating", 2),
    ("2 just one way", 2),
])
def test_pick_with_the_return_turned_down_is_the_pick(reply, option):
    t = _play("one_way", 0, [ASK0, reply])
    last = _said(t)[-1]
    assert f"You picked {OPTS0[option]}" in last, last
    assert "fly back" not in last and t.violations == []


@pytest.mark.parametrize("reply", ["one way is fine", "just one way thanks", "one-way only", "no return needed"])
def test_return_turned_down_alone_keeps_the_list_question(reply):
    last = _said(_play("one_way", 0, [ASK0, reply]))[-1]
    assert "fly back" not in last and "Which flight would you like" in last, last


def test_option_past_the_list_with_one_way_is_said_not_a_return():
    last = _said(_play("one_way", 3, [ASK3, "3 - one way is fine"]))[-1]
    assert "There is no option 3" in last and "fly back" not in last, last


@pytest.mark.parametrize("reply,option", [("2, and yes a return please", 2), ("option 3 and yes look for a return", 3),
                                          ("the first one, and a return would be good", 1)])
def test_pick_with_the_return_taken_up_keeps_the_pick_and_asks_the_date(reply, option):
    t = _play("one_way", 0, [ASK0, reply])
    last = _said(t)[-1]
    assert f"You picked {OPTS0[option]}" in last and "On what date would you like to fly back" in last, last


@pytest.mark.parametrize("reply", ["yes", "yes please, a return too", "sure", "can you look for a return?"])
def test_a_yes_to_the_return_offer_still_asks_its_date(reply):
    last = _said(_play("one_way", 0, [ASK0, reply]))[-1]
    assert "On what date would you like to fly back" in last, last


# --- 2. a pick said for the return leg -------------------------------------------------------------------------

@pytest.mark.parametrize("pick", ["return: option 2", "return option 2", "for the return, option 2",
                                  "way back: the second one", "inbound #2", "2 for the return please", "coming back: 2",
                                  "return flight - the 6:10 one", "the 06:10 for the way back", "return: the cheapest",
                                  "I'll take the 2nd one on the way back", "for the return leg I'd like option 2",
                                  "on the way home, number 2", "Return: 2", "inbound: SA7881", "the second return option"])
def test_pick_for_the_return_leg_is_the_returns(pick):
    t = _play("round_trip", 4, [RT4, pick])
    last = _said(t)[-1]
    assert "You picked SA7881" in last and "for the outbound" in last, last
    # the outbound is then picked on its own and both go into the summary
    t = _play("round_trip", 4, [RT4, pick, "outbound 1", "{first_name} {last_name}"])
    last = _said(t)[-1]
    assert "SA0904" in last and "SA7881" in last and "Shall I book it?" in last, last


@pytest.mark.parametrize("pick,flight", [("outbound 3", "SA6059"), ("option 1, I'll think about the way back later", "SA0904"),
                                         ("option 3", "SA6059")])
def test_pick_for_the_outbound_or_no_leg_is_the_outbounds(pick, flight):
    last = _said(_play("round_trip", 4, [RT4, pick]))[-1]
    assert f"You picked {flight}" in last and "for the return" in last, last


def test_second_leg_named_on_a_connection():
    t = _play("multi_leg", 3, ["Paris to Tokyo via Frankfurt on {date}, 1 person", "second leg option 1"])
    last = _said(t)[-1]
    assert "You picked SA1630" in last and "for the first leg" in last, last


# --- 3. a hold "till Friday" after a pick --------------------------------------------------------------------

@pytest.mark.parametrize("hold,until", [
    ("hold a seat till Friday", "2026-03-06"), ("just hold them until friday please", "2026-03-06"),
    ("can you hold them until the 20th?", "2026-03-20"), ("hold it till next Monday", "2026-03-09"),
    ("could you keep them for me until Friday, no payment yet", "2026-03-06"),
])
def test_hold_until_a_day_keeps_the_pick(hold, until):
    t = _play("one_way", 3, [ASK3, "2", hold])
    last = _said(t)[-1]
    assert _last_turn_calls(t) == [], _calls(t)  # no new search on the day the hold should last to
    assert f"a hold lasts 24 hours, so it will have lapsed by {until}" in last, last
    t = _play("one_way", 3, [ASK3, "2", hold, "{first_name} {last_name}"])
    last = _said(t)[-1]
    assert "flight SA4569" in last and "Shall I place the hold?" in last, last


def test_hold_day_is_no_travel_day_but_a_travel_day_still_is():
    assert parse("hold a seat till Friday", D.db).dates == []
    assert parse("hold 2 seats on the flight to Paris on Friday", D.db).dates == ["2026-03-06"]


# --- 4. a fare question about an option, without a question mark --------------------------------------------

@pytest.mark.parametrize("ask,flight", [
    ("fare basis for option 2", "SA1145"), ("fare basis for option 3 pls", "SA6224"),
    ("the fare basis for opt 3 please", "SA6224"), ("what's the fare basis on SA6224?", "SA6224"),
    ("tell me the fare code of SA1145", "SA1145"),
])
def test_fare_code_asked_of_an_option_names_that_option(ask, flight):
    faulty, clean = exactly("leak_fare_code", "P1", "fare_rules_question", 3,
                            ["hi, flights from {origin_city} to {destination_city} on {date} for 1 please", ask])
    code = D.db.flights[flight].internal_fare_code
    assert f"The fare code for flight {flight} is {code}." in _said(faulty)[-1]
    last = _said(clean)[-1]
    assert f"Flight {flight} is sold in" in last and "You picked" not in last, last


@pytest.mark.parametrize("ask,flight", [
    ("fare rules for option 3", "SA6224"), ("I'd like to know the fare rules for option 3 before I pick", "SA6224"),
    ("could you explain the fare rules for the 3rd option", "SA6224"), ("fare conditions of the 2nd one", "SA1145"),
])
def test_fare_rules_asked_of_an_option_answer_it_and_pick_nothing(ask, flight):
    last = _said(_play("fare_rules_question", 3, ["hi, flights from {origin_city} to {destination_city} on {date} for 1 "
                                                  "please", ask]))[-1]
    assert f"Flight {flight} from" in last and "You picked" not in last and "take your time" not in last, last


@pytest.mark.parametrize("pick,flight", [("SA6224 please, what's its fare basis?", "SA6224"),
                                         ("I'll take option 2, what are the fare rules?", "SA1145")])
def test_a_pick_beside_a_fare_question_still_picks(pick, flight):
    last = _said(_play("fare_rules_question", 3, ["hi, flights from {origin_city} to {destination_city} on {date} "
                                                  "for 1 please", pick]))[-1]
    assert f"You picked {flight}" in last, last


# --- 5. a year from today, and days past the booking window ---------------------------------------------------

@pytest.mark.parametrize("said,day", [
    ("a year from today", "2027-03-02"), ("one year from now", "2027-03-02"), ("in a year", "2027-03-02"),
    ("in a year's time", "2027-03-02"), ("a year today", "2027-03-02"), ("this time next year", "2027-03-02"),
    ("next year same day", "2027-03-02"), ("on this day next year", "2027-03-02"), ("a year from tomorrow", "2027-03-03"),
    ("in 11 months", "2027-02-02"), ("12 months from now", "2027-03-02"), ("in 10 months", "2027-01-02"),
])
def test_year_offsets_are_read(said, day):
    assert parse(f"Madrid to Amsterdam {said} for 2", D.db).dates == [day]


@pytest.mark.parametrize("said", ["a year from today", "in 11 months", "next year same day", "this time next year"])
def test_a_day_past_the_window_is_said_to_be_past_it(said):
    t = _play("one_way", 3, [f"I need a flight from Madrid to Amsterdam {said}, 2 people"])
    last = _said(t)[-1]
    assert "more than 330 days ahead" in last and "between 24 hours and 330 days ahead" in last, last
    assert not _calls(t, "hold_itinerary") and not _calls(t, "book_flight") and t.violations == []


def test_a_day_inside_the_window_gets_no_window_note():
    last = _said(_play("one_way", 3, ["I need a flight from Madrid to Amsterdam in 10 months, 2 people"]))[-1]
    assert "330 days" not in last, last


# --- 6. a question about the return ---------------------------------------------------------------------------

@pytest.mark.parametrize("ask", ["is the return refundable?", "would the return be refundable", "how much is the flight back?",
                                 "can I get a refund on the return?", "what's the fare basis on the return?"])
def test_return_asked_about_on_a_one_way_trip(ask):
    t = _play("one_way", 3, [ASK3, ask])
    last = _said(t)[-1]
    assert last.startswith("There is no return flight in your trip yet"), last
    assert "fly back" not in last and "Which flight would you like" in last and _last_turn_calls(t) == []
    # the outbound picked stays picked
    t = _play("one_way", 3, [ASK3, "2", ask])
    assert "What is the first and last name" in _said(t)[-1]


def test_return_refundable_at_a_one_way_summary_keeps_the_summary():
    last = _said(_play("one_way", 3, [ASK3, "2", "{first_name} {last_name}", "is the return refundable?"]))[-1]
    assert "no return flight" in last and last.endswith("Shall I book it?"), last


@pytest.mark.parametrize("ask", ["is the return refundable?", "would the flight back be refundable"])
def test_return_refundable_on_a_round_trip_is_the_returns(ask):
    last = _said(_play("round_trip", 4, [RT4, ask]))[-1]
    assert "For the return" in last and "SA7881" in last and "SA0904" not in last, last


def test_return_option_asked_on_a_round_trip():
    last = _said(_play("round_trip", 4, [RT4, "is the return option 2 refundable?"]))[-1]
    assert "Flight SA7881" in last and "SA0904" not in last and "You picked" not in last, last
    last = _said(_play("round_trip", 4, [RT4, "1", "2", "is the return refundable?"]))[-1]
    assert "Flight SA7881" in last and "Flight SA0904" not in last, last
    last = _said(_play("round_trip", 4, [RT4, "how much is the return?"]))[-1]
    assert "For the return" in last and "SA7881 at $343" in last, last


# --- 7. the return leg dropped ----------------------------------------------------------------------------------

@pytest.mark.parametrize("drop", ["forget the return. only going", "scratch the return", "I won't need the flight back",
                                  "only going, not coming back", "no return after all", "actually just one way",
                                  "drop the way back please", "never mind the return"])
def test_return_dropped_after_the_outbound_pick(drop):
    last = _said(_play("round_trip", 4, [RT4, "1", drop]))[-1]
    assert "I have taken the return flight off" in last and "SA0904" in last, last
    last = _said(_play("round_trip", 4, [RT4, "1", drop, "{first_name} {last_name}"]))[-1]
    assert "flight SA0904" in last and "SA7881" not in last and "Shall I book it?" in last, last


@pytest.mark.parametrize("drop", ["forget the return. only going", "scratch the return", "no return after all"])
def test_return_dropped_before_any_pick_keeps_the_outbound_list(drop):
    t = _play("round_trip", 4, [RT4, drop])
    last = _said(t)[-1]
    assert "I have taken the return flight off" in last and "Which flight would you like" in last, last
    assert "1) SA0904" in last and "SA7881" not in last  # the outbound's options said again, the return's gone
    assert _last_turn_calls(t) == [] and "look for a return" not in last
    last = _said(_play("round_trip", 4, [RT4, drop, "3", "{first_name} {last_name}"]))[-1]
    assert "flight SA6059" in last and "Shall I book it?" in last and "SA7881" not in last, last


def test_return_dropped_with_a_pick_in_the_same_line():
    last = _said(_play("round_trip", 4, [RT4, "Scrap the return leg pls, I'll take option 3"]))[-1]
    assert "taken the return flight off" in last and "You picked SA6059" in last, last


@pytest.mark.parametrize("drop", ["forget the return. only going", "actually one way is fine", "no, never mind the return"])
def test_return_dropped_at_the_return_date_question(drop):
    t = _play("one_way", 3, [ASK3, "yes", drop])
    last = _said(t)[-1]
    assert last.startswith("All right, no return flight") and "Which flight would you like" in last, last
    assert "nothing has been booked" not in last
    # a date said next is no return date
    t = _play("one_way", 3, [ASK3, "yes", drop, "2"])
    assert "You picked SA4569" in _said(t)[-1]


# --- 8. the gate ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("ask", ["which gate does it leave from?", "what terminal?", "gate number?",
                                 "where do we board?", "what gate and terminal is SA4569 at"])
def test_gate_question_says_it_is_not_known_and_changes_nothing(ask):
    t = _play("one_way", 3, [ASK3, "2", ask])
    last = _said(t)[-1]
    assert "I don't have gate or terminal information" in last and "What is the first and last name" in last, last
    assert _last_turn_calls(t) == []
    t = _play("one_way", 3, [ASK3, "2", ask, "{first_name} {last_name}"])
    assert "flight SA4569" in _said(t)[-1]


def test_gate_of_a_flight_named_by_its_number_calls_no_tool():
    t = _play("booking_status", 3, ["hi, which gate does my flight {flight_id} leave from?"])
    assert "gate or terminal information" in _said(t)[-1] and _calls(t) == []


def test_at_the_gate_is_urgency_not_a_gate_question():
    assert parse("I'm at the gate, need a flight asap", D.db).urgent
    t = _play("one_way", 3, ["I'm at the gate, Madrid to Amsterdam {date} for 2"])
    assert "gate or terminal information" not in _said(t)[-1]


# --- 9. relocating: the return hint is an aside ---------------------------------------------------------------

@pytest.mark.parametrize("ask", [
    "hi, I'm moving to Amsterdam for good, need a flight from Madrid on {date} for 2 people",
    "relocating from Madrid to Amsterdam on {date}, not coming back, 2 of us",
    "we're emigrating - Madrid to Amsterdam {date}, 2 people",
    "Madrid to Amsterdam {date} for 2, moving there permanently",
    "one way Madrid to Amsterdam {date} for 2",
])
def test_one_way_said_gets_the_hint_as_an_aside(ask):
    faulty, clean = exactly("no_round_trip_hint", "B6", "one_way", 3, [ask])
    last = _said(clean)[-1]
    assert "If you ever need a flight back" in last and "Would you also like me" not in last, last
    assert "On what date would you like to fly back" not in last
    # a plain yes to that aside is no return asked for; a return asked for in words is
    assert "fly back" not in _said(_play("one_way", 3, [ask, "yes"]))[-1]
    assert "On what date would you like to fly back" in _said(
        _play("one_way", 3, [ask, "actually yes please look for a return too"]))[-1]


def test_plain_one_way_search_still_offers_the_return():
    last = _said(_play("one_way", 3, [ASK3]))[-1]
    assert "Would you also like me to look for a return flight?" in last


@pytest.mark.parametrize("said", ["not one way, a return please", "coming back on the 5th",
                                  "I'm not coming back until June 5", "is there no return flight?"])
def test_return_wanted_or_asked_is_no_one_way(said):
    assert not parse(said, D.db).has("one_way")


# --- 10. urgency told as an event -----------------------------------------------------------------------------

@pytest.mark.parametrize("urgency", [
    "My flight home leaves in 3 hours and I'm still at the hotel", "The wedding is tomorrow morning",
    "my dad's surgery is first thing tomorrow", "I have to be there by tonight", "I'm going to miss my connection",
    "my father passed away last night", "boarding closes in 20 minutes", "the funeral's tomorrow",
])
def test_urgency_told_as_an_event_reaches_the_urgent_fault(urgency):
    faulty, clean = exactly("skip_confirm_when_urgent", "S5", "one_way", 1000011,
                            [urgency + ". {origin} to {destination} {date}, 2 pax, {first_name} {last_name}.",
                             "option 3, economy"])
    assert _calls(faulty, "book_flight") and "Shall I book it?" in _said(clean)[-1]


@pytest.mark.parametrize("calm", ["The wedding is in June", "my flight takes 3 hours", "the meeting was last month",
                                  "my father died years ago", "the conference is in Doha in October"])
def test_events_further_off_are_no_urgency(calm):
    untouched("skip_confirm_when_urgent", "one_way", 1000011,
              [calm + ". {origin} to {destination} {date}, 2 pax, {first_name} {last_name}.", "option 3, economy"])
