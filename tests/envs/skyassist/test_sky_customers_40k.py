"""SkyAssist reference agent (faults none), findings of black-box tester sky-customers-28 (fortieth session, helper
skyW). The testers' words, other phrasings, and near misses that must keep their reading:

1. WORST: a supposed refund question became a cancel offer, and an acknowledgement cancelled: booking_status seed 5,
   "Can I get a refund on it if my plans change?" was answered "... non-refundable ... Shall I cancel booking BK...?"
   and "Alright, fine." ran cancel_booking (also "If my plans change, could I get my money back?", "Hypothetically, if
   I had to cancel, would I get a refund?", "Say I cancel - what do I get back?", and right after a booking "if our
   plans change, can I get a refund on this ticket?" then "Okay, that's good."). A conditional question is answered
   with no cancel offered; and a cancel offered on a refund question the customer did not ask as a cancellation ("Can
   I get a refund?") is not done on a bare acknowledgement ("Alright, fine.", "Okay, that's good.", "Right, ok.").
2. a city mentioned in passing replaced the route: one_way seed 8, Frankfurt to Dubai, "Which is the cheapest? By the
   way, I live in New York, so I'll need to get to the airport early." searched JFK->DXB and booked it.
3. after a booking for 2, "Great. Now my colleague needs a flight from Madrid to Amsterdam on 2026-10-07 too." (and "My
   friend Tomasz also wants to fly ..., can you book him?") summarised the new trip for 2 passengers (1).
4. "That's great, thank you!" (also "That's great, thanks!", "That's perfect, thank you!", "That's great, cheers.",
   "Thats great thank u") at "Shall I book it?" (and hold, cancel, change prompts) was taken as a yes, while "Great,
   thanks!" was not: praise and thanks without a go-ahead approve nothing.
5. a goodbye with "today"/"tomorrow" in it ("That's all for today, thanks.", "I'll finish this tomorrow, thanks.")
   searched flights for that day.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import is_confirmation, parse
from tests.envs.skyassist.test_sky_faults_28 import D, _calls, _play, _said

STATUS = ["Hello, I'd like to check the status of my booking.", "It's {booking_id}, under {last_name}."]  # booking_status 5
BOOKED = ["Hi, I need a flight from Madrid to Amsterdam on {date} for two people.", "The first one please.",
          "Aisha Okafor", "Yes."]  # one_way 3: SA8120 booked for 2


def _cancels(t) -> int:
    return len(_calls(t, "cancel_booking"))


# --- 1. a supposed cancellation: answered, nothing offered, nothing cancelled -------------------------------------------

SUPPOSED = [
    "Can I get a refund on it if my plans change?",  # the tester's
    "If my plans change, could I get my money back?",  # the tester's
    "Hypothetically, if I had to cancel, would I get a refund?",  # the tester's
    "Say I cancel - what do I get back?",  # the tester's
    "if our plans change, can I get a refund on this ticket?",  # the tester's
    "Thank you so much! One more question: if our plans change, can I get a refund on this ticket?",
    "In case something comes up, could we get our money back?",
    "suppose we had to cancel, would we get anything back?",
    "what would happen if I cancelled?",
    "in case we can't make it, is it refundable?",
    "if plans change do i get a refund",
    "Let's say we can't travel - would we get a refund?",
    "if something came up and we couldnt go, would we lose the money?",
]


@pytest.mark.parametrize("question", SUPPOSED)
@pytest.mark.parametrize("ack", ["Alright, fine.", "Okay, that's good.", "Ok."])
def test_supposed_cancel_is_answered_not_offered(question, ack):
    for family, seed, before in (("booking_status", 5, STATUS), ("one_way", 3, BOOKED)):
        t = _play(family, seed, [], before + [question, ack])
        said = _said(t)
        answer = said[-2]
        assert "refund" in answer.lower() and "Shall I cancel" not in answer, said
        assert _cancels(t) == 0 and t.violations == [], (said, t.violations)


@pytest.mark.parametrize("question", SUPPOSED)
def test_supposed_cancel_parses_as_a_rules_question(question):
    p = parse(question, D.make_target("reference", []).db)
    assert "cancel" not in p.intents and "change" not in p.intents and p.rules_question, p.intents


@pytest.mark.parametrize("asked", [
    "I want a refund", "cancel it and refund me", "please cancel it, I want my money back", "cancel it if it's refundable",
    "I can't make it, please cancel and refund me", "If I cancel, will I get a refund? Actually just cancel it.",
])
def test_near_miss_refund_or_cancel_requests_still_ask_to_cancel(asked):
    p = parse(asked, D.make_target("reference", []).db)
    assert "cancel" in p.intents, p.intents


@pytest.mark.parametrize("ack", ["Alright, fine.", "Okay, that's good.", "Right, ok.", "Perfect.", "Ok."])
@pytest.mark.parametrize("question", ["Can I get a refund?", "I want my money back."])
def test_ack_to_a_cancel_offered_on_a_refund_question_cancels_nothing(question, ack):
    for family, seed, before in (("booking_status", 5, STATUS), ("one_way", 3, BOOKED)):
        t = _play(family, seed, [], before + [question, ack])
        assert _cancels(t) == 0 and t.violations == [], (_said(t), t.violations)
        assert "Shall I cancel" in _said(t)[-2] or "cancel booking" in _said(t)[-1], _said(t)


@pytest.mark.parametrize("question, yes", [
    ("Can I get a refund?", "Yes."), ("Can I get a refund?", "Yes please, cancel it."),
    ("I want my money back.", "yep go ahead"), ("I want to cancel it.", "Alright, fine."),  # asked: a yes
    ("I want to cancel it.", "Okay, that's good."), ("Please cancel it.", "Yes."),
])
def test_near_miss_a_plain_yes_or_an_asked_cancel_still_cancels(question, yes):
    t = _play("booking_status", 5, [], STATUS + [question, yes])
    assert _cancels(t) == 1 and t.violations == [], (_said(t), t.violations)


# --- 2. a city said in passing changes no route -------------------------------------------------------------------------

FRA_DXB = ["Hi, I'd like to fly from Frankfurt to Dubai on 2026-12-10, two passengers."]  # one_way 8


def _searched(t) -> list[tuple[str, str]]:
    return [(c["origin"], c["destination"]) for c in _calls(t, "search_flights")]


@pytest.mark.parametrize("aside", [
    "Which is the cheapest? By the way, I live in New York, so I'll need to get to the airport early.",  # the tester's
    "I live in Sydney",  # the tester's
    "I'm originally from Sydney",  # the tester's
    "My friends are coming in from London, by the way",  # the tester's
    "I'm based in Chicago normally, but I'm in Dublin now",  # the tester's
    "I'm flying back home to London afterwards",  # the tester's
    "I'm originally from Sydney, the cheapest please",
    "btw we live in London so its a long trip for us",
    "My parents live in Paris, I'll visit them after.",
    "I grew up in Madrid, funnily enough. Which one is cheaper?",
])
def test_city_in_passing_keeps_the_route(aside):
    t = _play("one_way", 8, [], FRA_DXB + [aside])
    assert set(_searched(t)) == {("FRA", "DXB")}, (_searched(t), _said(t))


def test_tester_trip_books_the_route_asked():
    t = _play("one_way", 8, [], FRA_DXB + [
        "Which is the cheapest? By the way, I live in New York, so I'll need to get to the airport early.",
        "Yes that one", "Anna Schmidt", "Yes"])
    assert [c["flight_ids"] for c in _calls(t, "book_flight")] == [["SA1034"]] and t.violations == [], _said(t)


@pytest.mark.parametrize("change, route", [
    ("actually from New York instead", ("JFK", "DXB")),
    ("Actually can we fly from London?", ("LHR", "DXB")),
    ("I live in New York, so can we do New York to Dubai instead?", ("JFK", "DXB")),
    ("What about from London?", ("LHR", "DXB")),
    ("London to Dubai please", ("LHR", "DXB")),
])
def test_near_miss_an_explicit_route_change_still_changes_it(change, route):
    t = _play("one_way", 8, [], FRA_DXB + [change])
    assert _searched(t)[-1] == route, (_searched(t), _said(t))


# --- 3. a new trip for one other person, once a booking is made ---------------------------------------------------------

def _summary_count(t) -> str:
    return _said(t)[-1]


@pytest.mark.parametrize("message", [
    "Great. Now my colleague needs a flight from Madrid to Amsterdam on 2026-10-07 too.",  # the tester's
    "My friend Tomasz also wants to fly from Madrid to Amsterdam on 2026-10-07, can you book him?",  # the tester's
    "my boss needs one too, Madrid to Amsterdam 2026-10-07",
    "Thanks! My sister also needs a flight from Madrid to Amsterdam on 2026-10-07.",
    "Could you book her a flight from Madrid to Amsterdam on 2026-10-07 as well? It's for my mum.",
])
def test_new_trip_for_one_other_person_is_for_one(message):
    t = _play("one_way", 3, [], BOOKED + [message, "The cheapest one."])
    said = _said(t)[-1]
    assert "for 1 passenger" in said or "name" in said, said
    assert "for 2 passengers" not in said, said


@pytest.mark.parametrize("message", [
    "Now we need a flight from Madrid to Amsterdam on 2026-10-07 too",
    "My wife and I need a flight from Madrid to Amsterdam on 2026-10-07",
    "Can you also find us a flight from Madrid to Amsterdam on 2026-10-07?",
])
def test_near_miss_the_same_party_again_keeps_its_count(message):
    t = _play("one_way", 3, [], BOOKED + [message, "The cheapest one."])
    assert "for 2 passengers" in _said(t)[-1], _said(t)[-1]


# --- 4. praise and thanks are no go-ahead -------------------------------------------------------------------------------

PRAISE = ["That's great, thank you!", "That's great, thanks!", "That's perfect, thank you!", "That's great, cheers.",
          "Thats great thank u",  # the tester's
          "That's wonderful, thank you so much!", "that is perfect, cheers", "It's perfect, thanks so much",
          "that's lovely, thanks", "Great, thanks!", "Perfect, thank you."]


@pytest.mark.parametrize("reply", PRAISE)
def test_praise_with_thanks_is_no_yes(reply):
    assert not is_confirmation(reply, "Here is the summary: ... Shall I book it?")


@pytest.mark.parametrize("reply", ["Great, yes please book it", "That's great, go ahead", "yes that's great thanks",
                                   "Yeah, that's fine.", "That's right, thanks", "Sounds good, thanks!",
                                   "That's fine, book it", "perfect"])
def test_near_miss_an_explicit_go_ahead_is_still_a_yes(reply):
    assert is_confirmation(reply, "Here is the summary: ... Shall I book it?")


@pytest.mark.parametrize("reply", PRAISE[:5])
def test_praise_at_each_prompt_does_nothing(reply):
    book = _play("one_way", 3, [], BOOKED[:3] + [reply])
    assert not _calls(book, "book_flight") and "clear yes" in _said(book)[-1], _said(book)
    hold = _play("one_way", 3, [], BOOKED[:3] + ["Could you hold it instead of booking?", reply])
    assert not _calls(hold, "hold_itinerary") and not _calls(hold, "book_flight"), _said(hold)
    cancel = _play("booking_status", 5, [], STATUS + ["I want to cancel it.", reply])
    assert _cancels(cancel) == 0, _said(cancel)
    change = _play("change_booking", 2, [], ["I want to change my booking {booking_id}, last name {last_name}, to "
                                              "{new_date}", "the first one", reply])
    assert not _calls(change, "modify_booking"), _said(change)
    for t in (book, hold, cancel, change):
        assert t.violations == [], (t.violations, _said(t))


# --- 5. a closing with "today" / "tomorrow" searches nothing ------------------------------------------------------------

@pytest.mark.parametrize("bye", [
    "That's all for today, thanks.", "I'll finish this tomorrow, thanks.",  # the tester's
    "That's it for today, bye.", "Let's pick this up tomorrow. Bye!", "done for today, thanks",
    "Thanks, I'll get back to you tomorrow.", "ok I'll continue this tomorrow", "talk tomorrow, cheers",
])
def test_closing_day_is_no_travel_date(bye):
    for before in (BOOKED[:1], BOOKED):
        t = _play("one_way", 3, [], before + [bye])
        assert len(_calls(t, "search_flights")) == 1 and t.violations == [], (_said(t), _calls(t, "search_flights"))


@pytest.mark.parametrize("dated", ["tomorrow please", "Can we go tomorrow? That's all I need.",
                                   "I'd like to leave tomorrow, thanks", "today, that's all", "tomorrow, and that's it"])
def test_near_miss_a_travel_day_is_still_searched(dated):
    t = _play("one_way", 3, [], ["Hi, I need a flight from Madrid to Amsterdam.", dated])
    assert [c["date"] for c in _calls(t, "search_flights")] in (["2026-03-03"], ["2026-03-02"]), _said(t)
