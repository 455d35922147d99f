"""Wrong writes with no fault on, found by the black-box tester sky-customers-27 (faults none):

1. A corrected booking reference was ignored: "surname Walsh, ref BK45LV7P - sorry not that one, I mean BKHBNPK7
   under Murphy" / "yes cancel it" looked up and cancelled BK45LV7P; "it's under Walsh... no sorry, Murphy, Walsh is
   my maiden name" was looked up under Walsh. The last reference or surname said after a self-correction is meant.
2. "cancel that, can you look up BKFKS7B2 for Nguyen" (dropping the search in hand) proposed "Shall I cancel booking
   BKFKS7B2?" and a yes cancelled it; "actually scrap that hold, I'd rather just book my existing ticket BK91TEBE onto
   that flight instead" / "ok" cancelled BK91TEBE; "cancel that search, I want to change my booking BK91TEBE" proposed
   its cancellation. A booking is cancelled only when it is the object of the cancel.
3. "can you cancel just the return flight please, keep the outbound" of a round trip booked in the chat / "yes"
   cancelled the whole booking. A single flight is never cancelled as the whole booking: a change keeping the other
   flight (modify_booking, its full effect said) is offered, or, where it cannot be made, what can be done is said.
4. "oh wait, I can't go now, it's only my buddy travelling" at the summary for "me and my buddy" / "ok go ahead"
   re-summarised 2 passengers under the speaker's name; "... the ticket's actually for my buddy Dele, I'm not going"
   / "yes" booked 2 under Kwame O'Brien. The count drops by the speaker and the traveller's name is asked.
5. "can you add one more person to that hold please? still not paying yet" / "yes" after a hold for 2 placed a
   second hold for 3 (5 seats held, the first never mentioned); "my boss says we need a third person, can you make
   it 3" / "yes" booked and paid for 3 with the hold kept. A new hold for the whole party replaces the old one (paid
   only when a booking was asked for), the old hold cancelled on the same yes.
6. "forget the hold, I'd rather just change my existing ticket BK91TEBE instead" was looked up under the last name
   "Instead"; "it's my booking! I'm Aisha. Aisha Okafor" (asked for the last name) under "Aisha".
"""

from __future__ import annotations

import pytest

from envs.skyassist.language import parse, speaker_leaves
from tests.envs.skyassist.test_sky_faults_28 import D, _calls, _play, _said

DB = D.make_target("reference", []).db


# --- 1. a booking reference or surname corrected in the same message --------------------------------------------

@pytest.mark.parametrize("first", [
    "hi i need to cancel a flight, surname Walsh, ref BK45LV7P - sorry not that one, I mean BKHBNPK7 under Murphy",  # tester's
    "cancel BK45LV7P for Walsh, no wait, wrong one, it's BKHBNPK7 under Murphy",
    "pls cancel booking BK45LV7P... oops, I meant BKHBNPK7, name Murphy",
    "cancel bk45lv7p scratch that bkhbnpk7 murphy",
    "I want to cancel BK45LV7P (correction: BKHBNPK7), surname Murphy",
])
def test_the_corrected_reference_is_cancelled(first):
    t = _play("cancel_booking", 12, [], [first, "yes cancel it"])
    assert _calls(t, "lookup_booking") == [{"booking_id": "BKHBNPK7", "last_name": "Murphy"}], _said(t)
    assert _calls(t, "cancel_booking") == [{"booking_id": "BKHBNPK7"}], _said(t)
    assert t.violations == []


@pytest.mark.parametrize("answer", [
    "it's under Walsh... no sorry, Murphy, Walsh is my maiden name",  # the tester's
    "Walsh - sorry, I mean Murphy",
    "last name Walsh, no wait, it's Murphy",
    "Walsh. Sorry, Murphy! Walsh is my maiden name.",
    "surname is Walsh, actually no, Murphy",
])
def test_the_corrected_surname_is_looked_up(answer):
    t = _play("cancel_booking", 12, [], ["hi, I want to cancel my booking BKHBNPK7", answer, "yes"])
    assert _calls(t, "lookup_booking") == [{"booking_id": "BKHBNPK7", "last_name": "Murphy"}], _said(t)
    assert _calls(t, "cancel_booking") == [{"booking_id": "BKHBNPK7"}], _said(t)


@pytest.mark.parametrize("text, ids", [
    # near misses: both references meant, or no reference said again
    ("I have two bookings, BK45LV7P and BKHBNPK7, cancel the second one", ["BKHBNPK7", "BK45LV7P"]),
    ("cancel BK45LV7P for Walsh, actually BKHBNPK7 for Murphy too", ["BK45LV7P", "BKHBNPK7"]),
    ("BKHBNPK7 under Murphy. Also, sorry, could you check BK45LV7P for Walsh?", ["BKHBNPK7", "BK45LV7P"]),
    ("cancel BK45LV7P, I mean it, cancel it", ["BK45LV7P"]),
])
def test_two_references_meant_stay(text, ids):
    assert parse(text, DB).booking_ids == ids


@pytest.mark.parametrize("text, dates", [
    ("London to Paris on 5 May, no wait, 6 May", ["2026-05-06"]),  # a date corrected: as before
    ("Thanks, no wait, one more thing", []),
])
def test_other_corrections_read_as_before(text, dates):
    assert parse(text, DB).dates == dates


def test_the_other_booking_named_after_a_lookup_is_the_one_cancelled():
    t = _play("cancel_booking", 12, [], ["hi i need to cancel a flight, ref BK45LV7P, surname Walsh",
                                         "sorry not that one, I mean BKHBNPK7 under Murphy", "yes"])
    assert _calls(t, "cancel_booking") == [{"booking_id": "BKHBNPK7"}], _said(t)


# --- 2. "cancel that" drops the request in hand, never the booking named after it ---------------------------------

@pytest.mark.parametrize("second", [
    "cancel that, can you look up BKFKS7B2 for Nguyen",  # the tester's
    "scrap that search, could you check booking BKFKS7B2 for Nguyen",
    "never mind that, look up BKFKS7B2 please, last name Nguyen",
    "scratch that idea - look up BKFKS7B2, name Nguyen",
])
def test_cancel_that_then_a_lookup_cancels_nothing(second):
    t = _play("change_booking", 5, [], ["New York to Atlanta 16 August please", second, "yes"])
    assert _calls(t, "lookup_booking") == [{"booking_id": "BKFKS7B2", "last_name": "Nguyen"}], _said(t)
    assert _calls(t, "cancel_booking") == [], _said(t)
    assert "Shall I cancel" not in " ".join(_said(t))
    assert t.violations == []


HOLD_2 = ["hi can you reserve 2 seats FRA to Doha on 20 November without paying? I'm Grace Novak"]


@pytest.mark.parametrize("pick", ["option 1", "option 2"])  # option 1 has 1 seat: no hold is placed; option 2 is held
@pytest.mark.parametrize("second", [
    "actually scrap that hold, I'd rather just book my existing ticket BK91TEBE onto that flight instead",  # tester's
    "cancel that search, I want to change my booking BK91TEBE",  # tester's
    "forget the hold, I'd rather just change my existing ticket BK91TEBE instead",  # tester's (finding 6)
    "ditch the hold, can you move my booking BK91TEBE instead",
])
def test_dropping_the_hold_or_search_never_cancels_the_booking_named(pick, second):
    t = _play("hold_request", 2, [], HOLD_2 + [pick, "yes", second, "ok", "Novak", "yes"])
    assert _calls(t, "cancel_booking") == [], _said(t)
    assert {c["booking_id"] for c in _calls(t, "lookup_booking")} == {"BK91TEBE"}, _said(t)
    assert all(c["last_name"] == "Novak" for c in _calls(t, "lookup_booking")), _said(t)  # never "Instead"
    assert "Shall I cancel booking BK91TEBE" not in " ".join(_said(t))
    if pick == "option 2":  # the hold placed is said to stay, not released without its own yes
        assert any("has not been released" in x for x in _said(t)), _said(t)


@pytest.mark.parametrize("second", [
    # near misses: the booking in hand is what is cancelled
    "cancel that booking",
    "cancel that",
    "ok cancel it please",
    "yes cancel that please",
])
def test_cancel_that_after_a_lookup_still_cancels(second):
    t = _play("change_booking", 5, [], ["can you look up BKFKS7B2 for Nguyen", second, "yes"])
    assert _calls(t, "cancel_booking") == [{"booking_id": "BKFKS7B2"}], _said(t)
    assert t.violations == []


@pytest.mark.parametrize("text", [
    "cancel BKFKS7B2 for Nguyen",
    "scrap that, cancel BKFKS7B2 instead",
    "cancel that search and cancel my booking BKFKS7B2 too",
    "cancel that search and my booking BKFKS7B2 as well",
    "scrap my booking BKFKS7B2",
])
def test_a_booking_named_as_the_object_of_cancel_is_still_cancelled(text):
    assert parse(text, DB).has("cancel")


def test_a_real_cancel_by_reference_still_cancels():
    t = _play("change_booking", 5, [], ["New York to Atlanta 16 August please", "scrap that, cancel BKFKS7B2 for Nguyen",
                                        "yes"])
    assert _calls(t, "cancel_booking") == [{"booking_id": "BKFKS7B2"}], _said(t)


# --- 3. one flight of a booking asked to be cancelled ---------------------------------------------------------------

def _round_trip(party: str) -> list[str]:
    return [f"Hello! London to Madrid 4th May, back 6th December, {party}", "cheapest outbound", "cheapest return too",
            "Fatima Novak", "yes"]


@pytest.mark.parametrize("ask, kept", [
    ("actually we might stay in Madrid longer - can you cancel just the return flight please, keep the outbound",
     "SA4790"),  # the tester's
    ("can you drop the flight home please", "SA4790"),
    ("cancel only the second leg", "SA4790"),
    ("we won't need the return flight anymore, can you cancel that part", "SA4790"),
    ("please cancel the outbound, I'll get there another way", "SA1043"),
    ("cancel BK7045C5 but keep the first flight", "SA4790"),
])
def test_one_flight_cancelled_is_a_change_keeping_the_other(ask, kept):
    t = _play("round_trip", 2, [], _round_trip("just me") + [ask, "yes"])
    assert _calls(t, "cancel_booking") == [], _said(t)
    assert _calls(t, "modify_booking") == [{"booking_id": "BK7045C5", "new_flight_ids": [kept]}], _said(t)
    summary = _said(t)[-2]
    assert f"keep only flight {kept}" in summary and "taken off it" in summary and "Shall I make this change?" in summary
    assert t.violations == []


def test_one_flight_that_cannot_be_kept_alone_is_never_the_whole_booking_cancelled():
    # the tester's party of 3: the outbound has 2 free seats, so the booking cannot be changed onto it alone
    t = _play("round_trip", 2, [], _round_trip("3 of us") + [
        "actually we might stay in Madrid longer - can you cancel just the return flight please, keep the outbound", "yes"])
    assert _calls(t, "cancel_booking") == [] and _calls(t, "modify_booking") == [], _said(t)
    said = _said(t)[-2]
    assert "can't cancel only one flight" in said and "SA4790, SA1043" in said, said
    assert t.violations == []


@pytest.mark.parametrize("answer, kept", [("the outbound", "SA4790"), ("keep SA1043", "SA1043")])
def test_which_flight_to_keep_is_asked_when_not_said(answer, kept):
    t = _play("round_trip", 2, [], _round_trip("just me") + ["cancel one of the flights", answer, "yes"])
    assert "Which flight would you like to keep" in _said(t)[-3]
    assert _calls(t, "modify_booking") == [{"booking_id": "BK7045C5", "new_flight_ids": [kept]}], _said(t)
    assert _calls(t, "cancel_booking") == []


@pytest.mark.parametrize("ask", [
    # near misses: the whole booking
    "cancel the whole booking please",
    "I need to cancel the booking, both flights",
    "cancel my return trip",
])
def test_the_whole_booking_is_still_cancelled(ask):
    t = _play("round_trip", 2, [], _round_trip("just me") + [ask, "yes"])
    assert _calls(t, "cancel_booking") == [{"booking_id": "BK7045C5"}], _said(t)
    assert _calls(t, "modify_booking") == []


# --- 4. the speaker drops out of the trip being arranged -------------------------------------------------------------

BUDDY = ["yo need dallas to toronto june 17, me and my buddy", "first one. Kwame O'Brien"]


@pytest.mark.parametrize("drop", [
    "oh wait, I can't go now, it's only my buddy travelling",  # the tester's
    "but the ticket's actually for my buddy Dele, I'm not going",  # the tester's
    "it's just my buddy going now, not me",
    "actually I'm not coming, just him",
    "count me out, just my mate",
    "I won't be able to make it after all",
])
def test_the_speaker_leaving_recounts_and_asks_the_travellers_name(drop):
    t = _play("unnamed_traveler", 1, [], BUDDY + [drop, "ok go ahead"])
    assert _calls(t, "book_flight") == [], _said(t)
    assert "1 passenger" in _said(t)[-2] and "name" in _said(t)[-2], _said(t)
    t = _play("unnamed_traveler", 1, [], BUDDY + [drop, "Dele Okoro", "yes"])
    assert _calls(t, "book_flight") == [{"flight_ids": ["SA5895"], "passengers": 1, "fare_class": "economy",
                                         "last_name": "Okoro", "first_name": "Dele"}], _said(t)
    assert t.violations == []


def test_only_the_companion_flying_is_one_passenger_whatever_the_count_said():
    t = _play("unnamed_traveler", 1, [], ["yo need dallas to toronto june 17, 2 passengers", "first one. Kwame O'Brien",
                                          "oh wait, I can't go now, it's only my buddy travelling", "Dele Okoro", "yes"])
    assert [(c["passengers"], c["last_name"]) for c in _calls(t, "book_flight")] == [(1, "Okoro")], _said(t)


def test_the_speaker_leaving_a_trip_for_one_still_drops_it():  # near miss: no one else travels
    t = _play("unnamed_traveler", 1, [], ["yo need dallas to toronto june 17, just me", "first one. Kwame O'Brien",
                                          "Please stop, I'm not travelling any more."])
    assert _calls(t, "book_flight") == [] and "without you" not in _said(t)[-1], _said(t)
    assert "will not go ahead" in _said(t)[-1], _said(t)


def test_the_speaker_leaving_while_giving_the_name():
    t = _play("unnamed_traveler", 1, [], [BUDDY[0], "first one. Kwame",
                                          "ok fine it's O'Brien. Kwame O'Brien. but the ticket's actually for my buddy Dele, "
                                          "I'm not going", "yes"])
    assert _calls(t, "book_flight") == [], _said(t)


@pytest.mark.parametrize("text", [
    # near misses: a day, a cabin or a plan that does not suit, or someone else dropping out
    "I can't go on the 17th", "I'm not going to pay yet", "I'm not flying business", "we can't go that early",
    "my buddy can't come, only me", "yes book it", "I can't make it to the airport before 7",
])
def test_not_the_speaker_leaving(text):
    assert speaker_leaves(text) is None


# --- 5. a person added to a hold ---------------------------------------------------------------------------------------

HOLD_FOR_2 = ["Hi, can you hold 2 seats dubai to hong kong 3 oct, Nadia Tanaka", "first one", "yes"]


@pytest.mark.parametrize("more, tool", [
    ("can you add one more person to that hold please? still not paying yet", "hold_itinerary"),  # the tester's
    ("oh hang on, my boss says we need a third person, can you make it 3", "hold_itinerary"),  # the tester's
    ("we're 3 now, please hold 3 seats instead", "hold_itinerary"),
    ("we are 3 now, can you book it for 3", "book_flight"),  # a booking asked for: paid, the hold replaced
])
def test_a_resized_hold_replaces_the_old_one(more, tool):
    t = _play("hold_request", 1, [], HOLD_FOR_2 + [more, "yes"])
    assert "BKBC7879 is for 2 passengers" in _said(t)[-2] and "cancel the hold BKBC7879" in _said(t)[-2], _said(t)
    made = _calls(t, tool)
    assert made[-1] == {"flight_ids": ["SA6403"], "passengers": 3, "fare_class": "economy", "last_name": "Tanaka",
                        "first_name": "Nadia"}, _said(t)
    assert len(_calls(t, "hold_itinerary")) == (2 if tool == "hold_itinerary" else 1)
    assert len(_calls(t, "book_flight")) == (1 if tool == "book_flight" else 0)
    assert [c["booking_id"] for c in _calls(t, "cancel_booking")] == ["BKBC7879"], _said(t)
    assert t.violations == []


def test_a_resized_hold_on_the_last_seats_releases_the_old_one_first():
    # SA5943 ORD-MIA 2026-05-28 has 3 seats: with 2 held, the third is found only once the hold lets its seats go
    t = _play("hold_request", 1, [], ["Hi, can you hold 2 seats chicago to miami 28 may, Nadia Tanaka", "SA5943", "yes",
                                      "can you add one more person to that hold please? still not paying yet", "yes"])
    assert "first cancel the hold BKBC7879" in _said(t)[-2], _said(t)
    writes = [(c["function"]["name"], c["function"]["arguments"]) for m in t.messages for c in m.get("tool_calls") or []
              if c["function"]["name"] in ("hold_itinerary", "cancel_booking", "book_flight")]
    assert [n for n, _ in writes] == ["hold_itinerary", "cancel_booking", "hold_itinerary"], writes
    assert _calls(t, "hold_itinerary")[-1]["passengers"] == 3 and _calls(t, "book_flight") == []
    assert t.violations == []


@pytest.mark.parametrize("line", ["the other three people on that flight too please", "now hold the remaining 3 separately"])
def test_a_second_party_beside_a_hold_keeps_the_hold(line):  # near miss: not the hold's party changed
    t = _play("hold_request", 1, [], HOLD_FOR_2 + [line])
    assert "cancel the hold" not in _said(t)[-1], _said(t)


def test_booking_the_hold_as_it_is_still_converts_it():
    t = _play("hold_request", 1, [], HOLD_FOR_2 + ["ok please book it now", "yes"])
    assert [c["passengers"] for c in _calls(t, "book_flight")] == [2]
    assert [c["booking_id"] for c in _calls(t, "cancel_booking")] == ["BKBC7879"]


# --- 6. the last name read from the right words ------------------------------------------------------------------------

@pytest.mark.parametrize("text, last", [
    ("forget the hold, I'd rather just change my existing ticket BK91TEBE instead", None),  # the tester's
    ("change BK91TEBE instead", None),
    ("can you move BK91TEBE Novak instead", "Novak"),
    ("cancel BK91TEBE Novak now", "Novak"),
])
def test_no_last_name_instead(text, last):
    assert parse(text, DB).last_name == last


@pytest.mark.parametrize("answer, first, last", [
    ("it's my booking! I'm Aisha. Aisha Okafor", "Aisha", "Okafor"),  # the tester's
    ("its my booking! Im Aisha. Aisha Okafor", "Aisha", "Okafor"),
    ("Aisha. Aisha Okafor", "Aisha", "Okafor"),
    ("Okafor, I'm Aisha", "Aisha", "Okafor"),
    ("Im Aisha Okafor", "Aisha", "Okafor"),  # "I'm" without its apostrophe (after skyX2's restated given name)
    ("im Aisha Okafor", "Aisha", "Okafor"),
    ("its Okafor, I'm Aisha", "Aisha", "Okafor"),
    # near misses
    ("Okafor", None, "Okafor"),
    ("It's Mensah. I'm Aisha Adeyemi, his colleague.", None, "Mensah"),
    ("Aisha Okafor", "Aisha", "Okafor"),
])
def test_the_last_name_answer_is_the_family_name(answer, first, last):
    p = parse(answer, DB, "last_name")
    assert (p.first_name, p.last_name) == (first, last)


def test_the_family_name_is_looked_up():
    t = _play("one_way", 3, [], ["hi can you check my booking BK88MZYS", "its my booking! Im Aisha. Aisha Okafor"])
    assert _calls(t, "lookup_booking") == [{"booking_id": "BK88MZYS", "last_name": "Okafor"}], _said(t)
