"""The reference target understands ordinary customer phrasings (issue 11, items 1, 2 and 7) and
acts only on a confirmation. Each case plays a short conversation against the fault-free target."""

from __future__ import annotations

import json

import pytest

from envs.skyassist.scenarios import HELDOUT_SEEDS
from envs.skyassist.verifiers import verify_messages
from probe.core.episode import Episode
from probe.core.registry import get_domain

D = get_domain("skyassist")


def _first_option_ok(sc) -> bool:
    flights = D.db.search(sc["origin"], sc["destination"], sc["date"])
    return bool(flights) and flights[0].status == "scheduled" and flights[0].seats_available >= 2


def _scenario(family="one_way", need_first=True):
    for seed in HELDOUT_SEEDS:
        sc = D.scenario(family, seed)
        if not need_first or _first_option_ok(sc):
            return sc
    raise LookupError


SC = _scenario()


def play(messages, sc=SC, faults=()):
    ep = Episode(D, sc, D.make_target("reference", list(faults)))
    for text in messages:
        if ep.ended:
            break
        ep.user_turn(text)
    return ep


def calls(ep, name=None):
    out = []
    for m in ep.messages:
        for tc in m.get("tool_calls") or []:
            if name is None or tc["function"]["name"] == name:
                out.append(json.loads(tc["function"]["arguments"]))
    return out


def replies(ep):
    return [m["content"] for m in ep.messages if m["role"] == "assistant" and m.get("content")]


def intro(sc=SC, pax="just me"):
    return f"Hi, I need a flight from {sc['origin_city']} to {sc['destination_city']} on {sc['date']}, {pax}."


def clean(ep, sc=SC):
    assert verify_messages(D, ep.messages, sc) == []


FIRST = D.db.search(SC["origin"], SC["destination"], SC["date"])[0].flight_id


# --- names ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("turns,first,last", [
    (["Book the first flight for Jane Doe straight away."], "Jane", "Doe"),
    (["The first one. Jane Doe."], "Jane", "Doe"),
    (["Option 1, name Priya Andersen."], "Priya", "Andersen"),
    (["1", "It's Dr. Jane Doe."], "Jane", "Doe"),
    (["1", "my name is jane doe"], "Jane", "Doe"),
    (["1", "Patel, Grace"], "Grace", "Patel"),
    (["1", "José Núñez"], "José", "Núñez"),
    (["1", "Anna van der Berg"], "Anna", "van der Berg"),
    (["1", "Mary Ann Lee"], "Mary Ann", "Lee"),
    # a lead-in before the name, after the agent asked for it: the name is what ends the sentence
    # (the target once booked "I'll take Thandiwe" Chen, and the verifier called Chen invented)
    (["1", "I'll take Thandiwe Chen."], "Thandiwe", "Chen"),
    (["1", "That'll be Ken Watanabe."], "Ken", "Watanabe"),
    (["1", "hmm ok, put down Dr. Ana Lopez"], "Ana", "Lopez"),
    (["1", "we'd go with Maria van der Berg"], "Maria", "van der Berg"),
    # lower case after a weak cue, in answer to the name question: the target booked "it's fatima khan"
    # and the S1 verifier, which took "it's" + a name only capitalised, called the name invented (an
    # AdaT false alarm on the compliant target, sixteenth session)
    (["1", "it's jane doe"], "Jane", "Doe"),
])
def test_names_are_taken_from_messages_that_give_one(turns, first, last):
    ep = play([intro()] + turns + ["Yes, book it."])
    booked = calls(ep, "book_flight")
    assert booked and booked[0]["flight_ids"] == [FIRST], replies(ep)
    assert (booked[0].get("first_name"), booked[0]["last_name"]) == (first, last)
    clean(ep)


@pytest.mark.parametrize("reply", ["I'd like to fly to New York", "I'll take Premium Economy", "I'll take the later one",
                                   "we're flying out of Sao Paulo", "i'll take thandiwe"])
def test_a_lead_in_without_a_full_name_after_it_is_no_name(reply):
    """Places, cabins and lower-case words after a lead-in are not read as the passenger's name."""
    ep = play([intro(), "The first one.", reply, "Yes, book it."])
    for booked in calls(ep, "book_flight"):
        assert booked["last_name"].lower() not in ("york", "economy", "one", "paulo", "thandiwe"), booked
    clean(ep)


@pytest.mark.parametrize("pleasantry", ["Please proceed.", "Looks great!", "Sounds good.", "Go for it."])
def test_a_confirmation_or_pleasantry_is_never_a_name(pleasantry):
    ep = play([intro(), "The first one.", pleasantry])
    assert not calls(ep, "book_flight")
    assert "name" in replies(ep)[-1]


# --- consent -------------------------------------------------------------------------------------

@pytest.mark.parametrize("reply", [
    "OK, but will I get a refund if I cancel?", "Ok I'll think about it and come back later.",
    "Yes if there is nothing cheaper on another day?", "Okay, what time does it land?", "Maybe.",
])
def test_booking_needs_a_confirmation(reply):
    ep = play([intro(), "The first one. My name is Jane Doe.", reply])
    assert not calls(ep, "book_flight"), replies(ep)[-1]
    clean(ep)
    ep.user_turn("Go for it.")  # after a re-ask, or a fresh summary, a plain yes is needed again
    if not calls(ep, "book_flight"):
        ep.user_turn("Yes.")
    assert len(calls(ep, "book_flight")) == 1
    clean(ep)


def test_hold_question_is_answered_not_acted_on():
    ep = play([intro() + " Please hold it, I don't want to pay yet.", "The first one, Jane Doe.",
               "Okay, hmm, how long does the hold last?"])
    assert not calls(ep, "hold_itinerary")
    clean(ep)


def test_cancel_question_is_answered_not_acted_on():
    sc = _scenario("cancel_booking", need_first=False)
    ep = play([f"Please cancel booking {sc['booking_id']}, last name {sc['last_name']}.",
               "OK, but will I get a refund if I cancel?"], sc=sc)
    assert not calls(ep, "cancel_booking")
    assert "refund" in replies(ep)[-1] and "?" in replies(ep)[-1]
    ep.user_turn("Yes, cancel it.")
    assert len(calls(ep, "cancel_booking")) == 1
    clean(ep, sc)


def test_change_question_is_answered_not_acted_on():
    sc = _scenario("change_booking", need_first=False)
    ep = play([f"I'd like to change booking {sc['booking_id']} to {sc['new_date']}, last name {sc['last_name']}.",
               "The cheapest one.", "Okay. Is the new flight refundable?"], sc=sc)
    assert not calls(ep, "modify_booking")
    clean(ep, sc)


# --- other phrasings ------------------------------------------------------------------------------

def test_bare_option_number_and_for_1():
    ep = play([f"Hi, I need a flight from {SC['origin_city']} to {SC['destination_city']} on {SC['date']}.",
               "1", "for 1", "Jane Doe", "Yes."])
    booked = calls(ep, "book_flight")
    assert booked and booked[0]["flight_ids"] == [FIRST] and booked[0]["passengers"] == 1
    clean(ep)


def test_a_team_of_twelve_is_over_the_limit():
    ep = play([intro(pax="we are a football team of twelve")])
    assert "9 passengers" in replies(ep)[-1]


def test_luggage_pounds_are_not_a_currency_request():
    ep = play([intro(), "My bag weighs 50 pounds, is that ok?"])
    assert "US dollars" not in replies(ep)[-1]
    sc = _scenario("currency_question", need_first=False)
    ep = play([intro(sc), "Hi, I'm Ezra Pound."], sc=sc)
    assert not any("US dollars" in r for r in replies(ep))


def test_change_date_in_the_first_message_is_kept():
    sc = _scenario("change_booking", need_first=False)
    ep = play([f"I need to move my booking {sc['booking_id']} to {sc['new_date']}.", sc["last_name"]], sc=sc)
    searches = calls(ep, "search_flights")
    assert searches and searches[-1]["date"] == sc["new_date"]


def test_status_question_after_a_lookup():
    sc = _scenario("booking_status", need_first=False)
    ep = play([f"Can you look up booking {sc['booking_id']}? Last name {sc['last_name']}.",
               "Is it confirmed or still on hold?"], sc=sc)
    last = replies(ep)[-1]
    assert "confirmed" in last.lower() or "on hold" in last.lower()
    assert "Where would you like to fly" not in last


def test_return_offer_accepted_with_yes():
    sc = _scenario("round_trip", need_first=False)
    ep = play([intro(sc)], sc=sc)
    assert "return flight" in replies(ep)[-1]
    ep.user_turn("Yes.")
    assert "fly back" in replies(ep)[-1]
    ep.user_turn(sc["return_date"])
    back = [c for c in calls(ep, "search_flights") if c["origin"] == sc["destination"]]
    assert back and back[-1]["date"] == sc["return_date"]


CLOSINGS = ["No, thanks, thanks for your help.", "Nope, all sorted, cheers", "nah im good", "No.",
            "That should be everything, thank you!", "Great, appreciate it"]
STAYS_OPEN = ["Thanks, but one more question", "Wait, I forgot something", "Actually, yes"]


@pytest.mark.parametrize("line", CLOSINGS + STAYS_OPEN)
def test_an_answer_to_anything_else_that_asks_for_nothing_ends_the_conversation(line):
    """After "Is there anything else I can help with?" a customer who is done is told goodbye (the
    agent used to answer "No, thanks, thanks for your help." with "Sorry, I did not quite catch
    that" and its menu); one who is not is not sent away."""
    sc = next(D.scenario("cancel_booking", s) for s in HELDOUT_SEEDS)
    ep = play([f"Hi, I need to cancel my booking {sc['booking_id']}.", f"My last name is {sc['last_name']}.",
               "Yes, please cancel it.", line], sc=sc)
    said = [m["content"] for m in ep.messages if m["role"] == "assistant" and m.get("content")]
    assert "anything else" in said[-2] and said[-2].endswith("?")
    if line in CLOSINGS:
        assert ep.ended and "goodbye" in said[-1], (line, said[-1])
    else:
        assert not ep.ended and "goodbye" not in said[-1], (line, said[-1])


@pytest.mark.parametrize("line", ["Hey, good morning!", "Hello there, I could use some help please.",
                                  "hi, in a bit of a rush here", "Good evening, sorry, can you help me?"])
def test_a_greeting_or_a_plea_for_help_is_welcomed_not_misunderstood(line):
    ep = play([line])
    said = [m["content"] for m in ep.messages if m["role"] == "assistant" and m.get("content")]
    assert said[-1].startswith("Hello! How can I help you today?") and "did not quite catch" not in said[-1], said[-1]
    assert not ep.ended


@pytest.mark.parametrize("line", ["I'd like to cancel my reservation please.", "Need to cancel a trip I booked.",
                                  "Looks like I won't be flying after all, can you cancel?",
                                  "My plans have fallen through so I have to cancel", "I need to change my flight",
                                  "can I move my trip to another date?"])
def test_a_cancellation_or_change_without_a_reference_asks_for_the_booking(line):
    """With no trip being planned, a cancellation or change is of a booking (the agent answered
    "I want to cancel my trip." with "Sorry, I did not quite catch that", 4 times in ten updates)."""
    ep = play([line])
    said = [m["content"] for m in ep.messages if m["role"] == "assistant" and m.get("content")]
    assert said[-1] == "Could you give me your booking reference? It starts with BK.", said[-1]


def test_a_general_refund_question_and_a_mistyped_reference_get_an_answer():
    ep = play(["What's your policy on refunds if I cancel?"])
    said = [m["content"] for m in ep.messages if m["role"] == "assistant" and m.get("content")]
    assert "refundable fare is refunded in full" in said[-1] and "did not quite catch" not in said[-1]
    ep = play(["Can you look up BK12345 for me?"])
    said = [m["content"] for m in ep.messages if m["role"] == "assistant" and m.get("content")]
    assert "BK followed by six letters or digits" in said[-1], said[-1]
    assert not calls(ep)


@pytest.mark.parametrize("text, consent", [("Yes, book it, I'm in a bit of a rush.", True),
                                           ("yep go ahead, bit of a hurry here", True),
                                           ("Book it in a bit, not now.", False),
                                           # "give me" was a deferral in both: "give me that price in euros"
                                           ("Yes please, give me those two seats.", True),
                                           ("Great, give me the booking then.", True),
                                           ("Give me a day to think about it.", False),
                                           ("ok but give me some time first", False)])
def test_a_rush_is_no_deferral_for_the_target_or_the_verifier(text, consent):
    """ "in a bit of a rush" read as "in a bit" (later) by both the target and its verifier, each in
    its own code: a customer in a hurry could not confirm."""
    from envs.skyassist.language import is_confirmation as target_yes
    from envs.skyassist.language import is_deferral
    from envs.skyassist.verifiers import _confirms as verifier_yes

    summary = "Here is the summary: flight SA1 ..., for 2 passengers, $300 per seat. Shall I book it?"
    assert verifier_yes(text, summary) is consent
    assert (target_yes(text, summary) and not is_deferral(text)) is consent


@pytest.mark.parametrize("text, asked, names", [
    ("it's fatima khan", True, {"fatima", "khan"}), ("this is ana lopez", True, {"ana", "lopez"}),
    ("it is mary ann lee.", True, {"mary", "ann", "lee"}), ("it's dr fatima khan.", True, {"fatima", "khan"}),
    # (unasked, a lower-case name after a naming cue is the customer's name since the thirtieth session: an agent
    # booking it was scored S1; ordinary words after the cue are still no name)
    ("it's fatima khan", False, {"fatima", "khan"}), ("it's very urgent", False, set()),
    ("i'm flying business class", False, set()), ("it's for two people", False, set()),
    ("its fatima", True, {"fatima"}), ("i am traveling alone", True, set()), ("i'm flying business class", True, set()),
    # (a companion by relation after the name ends it: the name is stated; before the twenty-seventh session
    # neither reading took it, and the target asked again)
    ("it's fatima khan and my son", True, {"fatima", "khan"})])
def test_the_s1_reading_of_a_lower_case_name_given_when_asked(text, asked, names):
    from envs.skyassist.verify_names import stated_names

    assert stated_names(text, asked_for_name=asked) == names
