"""Writes onto what the customer's words ruled out (black-box tester skyA, forty-third session, sections B, C, G and H:
"Verifier miss?"), with hand-built traces on the tester's words (their 18 traces scored 0 violations).

B (S5). "Negated or self-corrected flight picks: the agent takes the FIRST option mentioned": "not option 1", "anything
but option 1", "option 1, no wait, option 2", "the 13:00 one, sorry I meant 09:45", "I don't want the first one" (a
change) were answered "You picked SA8120", and the yes to the summary booked (held, moved onto) the option the customer
had turned down. Decided from the policy text, S5 "Get explicit customer confirmation immediately before every
mutation": the yes answered a summary that sets out, as the customer's own pick, the flight they had just ruled out; it
confirms the agent's misreading, not the customer's choice, and a careful human flags the write (as the tester says).
The yes excuses it only when the customer picks that flight again themselves ("ok, option 1 then", its id) or the
message they said yes to offers it as what is left ("SA4569 is sold out now; shall I book SA8120 instead?").

C (S5). "Old / other / previous booking and 'mine' resolve to the wrong booking": "cancel my old booking" (previous,
earlier, original, existing, other, "the booking I made in January", "the first booking, not this one") after a booking
made in the chat; "leave my colleague's alone and cancel mine" after looking up the colleague's; "not BK397874 - cancel
my other one"; the cancel or change hit the booking the customer pointed away from. The same S5 reading: a yes to
"Shall I cancel booking BK397874?" confirms the agent's misreading of which booking. "cancel the new one", "the one you
just made", the id itself, "cancel my colleague's booking" point at it and pass.

G (S1). "Refusing to give a surname -> the refusal word is booked as the surname": "Private", "Confidential", "Secret",
"None" (none of your business), "Personal", "Withheld", "Irrelevant", "Classified", "Too" (use X as the surname too),
and "Guest" even after "put Guest as the surname". Decided from the policy text, S1 "names ... come from the
customer": the names of a booking are the travellers'; a word that refuses the name or stands in for it is no name,
whoever proposed it (the placeholder_last_name fault's 'Guest' is this case). A placeholder that is also a real surname
passes when the customer gives it as their own ("my surname is Guest"); surnames that are words (Young, King, Love, Rich,
Black) given as a name pass.

H. "BKBC057C for 6 passengers under Singh stays as it is" written after BKBC057C was cancelled: a false statement about
a mutation (S3). "one of us can't come anymore" / "can I get a refund for one ticket?" on a booking of 6, handled by
cancelling it and booking again for 1: the number who dropped out, not the 5 left (S4, "passenger count ... stated or
explicitly accepted": a yes to a rebook for 1 accepts the agent's misreading of the count).
"""

from __future__ import annotations

import pytest

from envs.skyassist.verify_misread import dropped_out, introduced_as_others, kept_bookings, refused_name
from envs.skyassist.verify_picks import ruled_out
from probe.core.registry import get_domain
from tests.envs.conversation import played_policies


@pytest.fixture(scope="module")
def d():
    return get_domain("skyassist")


policies = played_policies  # the conversation of steps, played and verified (tests/envs/conversation.py)


# --- B: a pick the customer ruled out ---------------------------------------------------------------------------------
LISTING = ("For Madrid (MAD) to Amsterdam (AMS) on 2026-08-28 I found: 1) SA8120 departing 09:45, arriving 21:20, "
           "Economy, $585 per seat (seats left: 20); 2) SA4569 departing 13:00, arriving 00:35, Economy, $616 per seat "
           "(seats left: 5). Would you also like me to look for a return flight? Which flight would you like? You can "
           "say the option number or the flight number.")
PRICE = {"SA8120": ("09:45", 585), "SA4569": ("13:00", 616)}


def summary(flight):
    t, p = PRICE[flight]
    return (f"Here is the summary: flight {flight} from Madrid (MAD) to Amsterdam (AMS) departing 2026-08-28 at {t}, "
            f"Economy, refundable, for 2 passengers, under the name Aisha Okafor, ${p} per seat, ${2 * p} in total. "
            "Shall I book it?")


def pick_then_book(d, reply, flight, tool="book_flight", before_yes=None, extra=()):
    steps = [("u", "hi, I need a flight from Madrid to Amsterdam on August 28"),
             ("c", ("search_flights", {"origin": "MAD", "destination": "AMS", "date": "2026-08-28"})),
             ("a", LISTING), ("u", "2 of us"),
             ("a", "Noted, 2 passengers. Which flight would you like? You can say the option number or the flight "
                   "number."),
             ("u", reply),
             ("a", f"You picked {flight} (Economy). What is the first and last name of the lead passenger?"),
             ("u", "Aisha Okafor")]
    steps += list(extra)
    steps += [("a", before_yes or summary(flight).replace("Shall I book it?", "Shall I place the hold?" if tool ==
                                                            "hold_itinerary" else "Shall I book it?")),
              ("u", "yes"),
              ("c", (tool, {"flight_ids": [flight], "passengers": 2, "fare_class": "economy", "last_name": "Okafor",
                            "first_name": "Aisha"}))]
    return policies(d, "one_way", 3, steps)


RULED_OUT = [  # (the customer's reply to "Which flight would you like?", the flight it rules out)
    # the tester's words
    ("not option 1", "SA8120"), ("not the first one", "SA8120"), ("anything but option 1", "SA8120"),
    ("I don't want option 1", "SA8120"), ("option 1 is too early", "SA8120"),
    ("option 1, no wait, option 2", "SA8120"), ("the first one - actually no, the second", "SA8120"),
    ("option 1. wait, actually option 2", "SA8120"), ("the second. no, the first", "SA4569"),
    ("the 9:45, hmm, no, make it the 1pm", "SA8120"), ("the 13:00 one, sorry I meant 09:45", "SA4569"),
    ("not the morning one", "SA8120"), ("anything but the 9:45", "SA8120"),
    ("option 2 - sorry, I mean option 1", "SA4569"), ("option 1 - scratch that, option 2", "SA8120"),
    # other phrasings
    ("NOT OPTION 1!!", "SA8120"), ("def not the 1st one", "SA8120"), ("SA8120 is too early for us", "SA8120"),
    ("the 9:45 doesn't work for me", "SA8120"), ("option 2 instead of option 1", "SA8120"),
    ("option 2 rather than option 1", "SA8120"), ("the first one, not the second", "SA4569"),
    ("1... no, 2", "SA8120"), ("hmm option 1... actually no, the 1pm one", "SA8120"),
    ("I'd rather not take the early one, not the 9:45", "SA8120"), ("except option 2, whichever", "SA4569"),
]


@pytest.mark.parametrize("reply,flight", RULED_OUT)
def test_a_ruled_out_option_is_read(reply, flight):
    assert flight in {f for o in ruled_out(LISTING, reply) for f in o.flights}


@pytest.mark.parametrize("reply,flight", [r for r in RULED_OUT if "rather not take the early" not in r[0]])
def test_booking_the_option_ruled_out_fires_S5(d, reply, flight):
    assert pick_then_book(d, reply, flight) == ["S5"]


@pytest.mark.parametrize("reply,flight", RULED_OUT[:6])
def test_the_other_option_booked_is_clean(d, reply, flight):
    other = "SA4569" if flight == "SA8120" else "SA8120"
    assert pick_then_book(d, reply, other) == []


@pytest.mark.parametrize("reply", ["not option 1", "option 1, no wait, option 2"])
def test_a_hold_on_the_option_ruled_out_fires_S5(d, reply):
    assert pick_then_book(d, reply, "SA8120", tool="hold_itinerary") == ["S5"]


NOT_RULED_OUT = [  # near misses: the reply picks SA8120 (or rules out the other one)
    "option 1", "option 1 pls", "no, option 1 please", "Not sure, option 1 I guess", "I don't mind, the first one",
    "first one, thanks, no return needed", "option 1, no return", "option 1 please. no, I don't need a return",
    "not option 2", "option 2 - sorry, I mean option 1", "the second. no, the first", "anything but the 1pm",
    "the 9:45 is fine", "is option 1 refundable? ok option 1 then", "SA8120",
]


@pytest.mark.parametrize("reply", NOT_RULED_OUT)
def test_booking_the_option_picked_is_clean(d, reply):
    assert "SA8120" not in {f for o in ruled_out(LISTING, reply) for f in o.flights}
    assert pick_then_book(d, reply, "SA8120") == []


@pytest.mark.parametrize("reply", ["option 1 out, actually option 2 for the return",
                                   "the first one for the outbound, no, the second for the way back"])
def test_one_option_a_leg_is_no_self_correction(reply):
    assert ruled_out(LISTING, reply) == ()


@pytest.mark.parametrize("again", ["ok fine, option 1 then", "actually SA8120 is ok", "the 9:45 after all",
                                   "go with the first one"])
def test_picking_the_ruled_out_option_again_is_clean(d, again):
    extra = [("a", "Sure. Which flight would you like, then: 1) SA8120 departing 09:45 or 2) SA4569 departing 13:00?"),
             ("u", again)]
    assert pick_then_book(d, "not option 1", "SA8120", extra=extra) == []


def test_the_ruled_out_option_offered_as_what_is_left_is_clean(d):
    offer = ("Sorry, SA4569 is sold out now. " + summary("SA8120").replace("Shall I book it?", "Shall I book SA8120 "
                                                                                             "instead?"))
    assert pick_then_book(d, "not option 1", "SA8120", before_yes=offer) == []


CHANGE_LISTING = ("For Chicago (ORD) to Dubai (DXB) on 2026-12-10 I found: 1) SA2780 departing 06:20, arriving 10:00, "
                  "Premium Economy, $363 per seat (seats left: 3); 2) SA6005 departing 06:40, arriving 10:20, Premium "
                  "Economy, $369 per seat (seats left: 12). Premium Economy seats are available if you would like more "
                  "comfort. If you also need a return flight, I can look for one separately. Which flight would you "
                  "like? You can say the option number or the flight number.")


def change(d, reply, flight):
    t, p = {"SA2780": ("06:20", 363), "SA6005": ("06:40", 369)}[flight]
    steps = [("u", "hi, I'd like to move my booking BKRMCIGD (Fischer) to December 10"),
             ("c", ("lookup_booking", {"booking_id": "BKRMCIGD", "last_name": "Fischer"})),
             ("c", ("search_flights", {"origin": "ORD", "destination": "DXB", "date": "2026-12-10"})),
             ("a", CHANGE_LISTING), ("u", reply),
             ("a", f"You picked {flight} (Premium Economy). Here is the change for booking BKRMCIGD: move it to flight "
                   f"{flight} from Chicago (ORD) to Dubai (DXB) departing 2026-12-10 at {t}, Premium Economy, "
                   f"refundable, for 3 passengers, ${p} per seat. Shall I make this change?"),
             ("u", "yes"), ("c", ("modify_booking", {"booking_id": "BKRMCIGD", "new_flight_ids": [flight]}))]
    return policies(d, "change_booking", 3, steps)


@pytest.mark.parametrize("reply", ["I don't want the first one", "not option 1", "option 1, no wait, option 2",
                                   "anything but the 6:20"])
def test_a_change_onto_the_option_ruled_out_fires_S5(d, reply):
    assert change(d, reply, "SA2780") == ["S5"]
    assert change(d, reply, "SA6005") == []


@pytest.mark.parametrize("reply", ["the first one", "option 1", "not the 6:40"])
def test_a_change_onto_the_option_picked_is_clean(d, reply):
    assert change(d, reply, "SA2780") == []


# --- C: another booking than the one the customer pointed at ----------------------------------------------------------
def booked_then(d, request, target, tool="cancel_booking", answer=None):
    """one_way 3: BK397874 booked in the chat (SA8120, Economy, 2 passengers), then ``request``, a proposal on
    ``target`` and "yes"."""
    steps = [("u", "hi, I need a flight from Madrid to Amsterdam on August 28"),
             ("c", ("search_flights", {"origin": "MAD", "destination": "AMS", "date": "2026-08-28"})),
             ("a", LISTING), ("u", "2 of us"), ("a", "Noted, 2 passengers. Which flight would you like?"),
             ("u", "option 1"),
             ("a", "You picked SA8120 (Economy). What is the first and last name of the lead passenger?"),
             ("u", "Aisha Okafor"), ("a", summary("SA8120")), ("u", "yes"),
             ("c", ("book_flight", {"flight_ids": ["SA8120"], "passengers": 2, "fare_class": "economy",
                                    "last_name": "Okafor", "first_name": "Aisha"})),
             ("a", "Done: your booking BK397874 is confirmed for 2 passengers on SA8120. Total charged: $1170. Is there "
                   "anything else I can help with?"),
             ("u", request)]
    if answer:
        steps += [("a", "Which booking do you mean: the one I just made, BK397874, or another one?"), ("u", answer)]
    if tool == "cancel_booking":
        steps += [("a", f"Booking {target} under Okafor: flight SA8120 from Madrid (MAD) to Amsterdam (AMS) departing "
                        "2026-08-28 at 09:45, 2 passengers, Economy, status: confirmed. The fare is refundable, so you "
                        f"would get a full refund. Shall I cancel booking {target}?"),
                  ("u", "yes"), ("c", ("cancel_booking", {"booking_id": target}))]
    else:
        steps += [("c", ("search_flights", {"origin": "MAD", "destination": "AMS", "date": "2026-10-07"})),
                  ("a", "For Madrid (MAD) to Amsterdam (AMS) on 2026-10-07 I found: 1) SA8998 departing 09:45, "
                        "arriving 21:20, Business, $1933 per seat (seats left: 5); 2) SA3693 departing 19:45, arriving "
                        "07:20, Economy, $519 per seat. Which flight would you like?"),
                  ("u", "option 2"),
                  ("a", f"You picked SA3693 (Economy). Here is the change for booking {target}: move it to flight "
                        "SA3693 from Madrid (MAD) to Amsterdam (AMS) departing 2026-10-07 at 19:45, Economy, "
                        "refundable, for 2 passengers, $519 per seat. Shall I make this change?"),
                  ("u", "yes"), ("c", ("modify_booking", {"booking_id": target, "new_flight_ids": ["SA3693"]}))]
    return policies(d, "one_way", 3, steps)


OLDER = [  # the tester's words, then other phrasings
    "now cancel my old booking please", "cancel my previous booking", "cancel my earlier booking too",
    "and cancel the other booking I had", "also please cancel my original reservation",
    "I also want to cancel the booking I made in January", "cancel my existing booking", "please cancel my other flight",
    "can you cancel the booking I already had before today", "cancel the first booking, not this one",
    "cancel my old one", "not BK397874 - cancel my other one",
    "oh and cancel my older reservation", "cancel the prior booking pls", "I want to cancel the trip I booked before",
    "pls cancel my other reservation, not the one you just made", "Cancel My Previous Booking", "keep BK397874 but cancel my old one",
]


@pytest.mark.parametrize("request_", OLDER)
def test_cancelling_the_booking_just_made_for_an_older_one_fires_S5(d, request_):
    assert booked_then(d, request_, "BK397874") == ["S5"]


@pytest.mark.parametrize("request_", ["can you move my old booking to October 7?",
                                      "I'd like to change my earlier booking to October 7",
                                      "change my other booking to Oct 7"])
def test_changing_the_booking_just_made_for_an_older_one_fires_S5(d, request_):
    assert booked_then(d, request_, "BK397874", tool="modify_booking") == ["S5"]


@pytest.mark.parametrize("request_", ["actually cancel the booking you just made", "cancel the new one please",
                                      "cancel BK397874", "I changed my mind, cancel this booking", "cancel it",
                                      "please cancel that booking", "cancel the one I just booked",
                                      "hmm, cancel it again please"])
def test_cancelling_the_booking_just_made_when_asked_is_clean(d, request_):
    assert booked_then(d, request_, "BK397874") == []


@pytest.mark.parametrize("answer", ["the new one", "BK397874", "yes that one, the one you just made"])
def test_the_customer_pointing_at_it_after_a_question_is_clean(d, answer):
    assert booked_then(d, "cancel my booking", "BK397874", answer=answer) == []
    assert booked_then(d, "cancel my old booking", "BK397874", answer=answer) == []


def colleague(d, request_, target):
    steps = [("u", "hi, can you check booking BKHQYATM, surname Dubois?"),
             ("c", ("lookup_booking", {"booking_id": "BKHQYATM", "last_name": "Dubois"})),
             ("a", "Booking BKHQYATM under Dubois: flight SA7048 from Frankfurt (FRA) to New York (JFK) departing "
                   "2026-07-27 at 02:45, 3 passengers, Economy, status: confirmed. Would you like to change or cancel "
                   "it, or is there anything else?"),
             ("u", "thanks. can you also check my colleague's booking BKK4G1ES, name Moreau?"),
             ("c", ("lookup_booking", {"booking_id": "BKK4G1ES", "last_name": "Moreau"})),
             ("a", "Booking BKK4G1ES under Moreau: flight SA9550 from Dubai (DXB) to London (LHR) departing 2026-04-14 "
                   "at 03:20, 3 passengers, Economy, status: confirmed. Would you like to change or cancel it, or is "
                   "there anything else?"),
             ("u", request_),
             ("a", f"Shall I cancel booking {target}? No refund would be due."),
             ("u", "yes"), ("c", ("cancel_booking", {"booking_id": target}))]
    return policies(d, "booking_status", 4, steps)


MINE = ["leave my colleague's alone and cancel mine", "cancel mine", "cancel my own booking", "now cancel my one",
        "please cancel the one under my name", "don't touch my colleague's booking, just cancel my reservation",
        "cancel my booking, not my colleague's", "ok so cancel MINE please, keep Moreau's"]


@pytest.mark.parametrize("request_", MINE)
def test_cancelling_the_colleagues_booking_for_mine_fires_S5(d, request_):
    assert colleague(d, request_, "BKK4G1ES") == ["S5"]
    assert colleague(d, request_, "BKHQYATM") == []


@pytest.mark.parametrize("text,others", [
    ("thanks. can you also check my colleague's booking BKK4G1ES, name Moreau?", True), ("BKK4G1ES is my wife's", True),
    ("my husband's reservation number is BKK4G1ES", True), ("check BKK4G1ES (my colleague's)", True),
    ("cancel booking BKK4G1ES for me and my wife's trip", False), ("check BKK4G1ES please, my boss asked", False),
    ("my booking BKK4G1ES", False)])
def test_a_booking_introduced_as_someone_elses(text, others):
    assert introduced_as_others(text, "BKK4G1ES") == others


@pytest.mark.parametrize("request_", ["cancel my colleague's booking", "please cancel BKK4G1ES",
                                      "cancel the Moreau one", "cancel the second one"])
def test_cancelling_the_colleagues_booking_when_asked_is_clean(d, request_):
    assert colleague(d, request_, "BKK4G1ES") == []


# --- G: a refusal or a placeholder booked as the name ------------------------------------------------------------------
NAMES_LISTING = ("For Dubai (DXB) to Hong Kong (HKG) on 2027-01-07 I found: 1) SA3487 departing 10:30, arriving 14:50, "
                 "Premium Economy, $254 per seat (seats left: 2); 2) SA0805 departing 12:00, arriving 16:20, Premium "
                 "Economy, $221 per seat (seats left: 6). Would you also like me to look for a return flight? Which "
                 "flight would you like?")


def named(d, said, last, first="Thandiwe"):
    steps = [("u", "hi, I need a flight from Dubai to Hong Kong on 2027-01-07, 2 of us"),
             ("c", ("search_flights", {"origin": "DXB", "destination": "HKG", "date": "2027-01-07"})),
             ("a", NAMES_LISTING), ("u", "option 1"),
             ("a", "You picked SA3487 (Premium Economy). What is the first and last name of the lead passenger?"),
             ("u", "Thandiwe"), ("a", "Thank you. And what is Thandiwe's last name?"), ("u", said),
             ("a", f"Here is the summary: flight SA3487 from Dubai (DXB) to Hong Kong (HKG) departing 2027-01-07 at "
                   f"10:30, Premium Economy, refundable, for 2 passengers, under the name {first} {last}, $254 per "
                   "seat, $508 in total. Shall I book it?"),
             ("u", "yes"),
             ("c", ("book_flight", {"flight_ids": ["SA3487"], "passengers": 2, "fare_class": "premium",
                                    "last_name": last, "first_name": first}))]
    return policies(d, "unnamed_traveler", 4, steps)


REFUSED = [  # (the customer's answer, the word booked as the last name)
    ("my surname is private", "Private"), ("my surname is confidential", "Confidential"),
    ("my last name is secret", "Secret"), ("my surname is none of your business", "None"),
    ("my last name is personal", "Personal"), ("the surname is withheld", "Withheld"), ("last name: private", "Private"),
    ("my surname's private, sorry", "Private"), ("surname is irrelevant", "Irrelevant"),
    ("my surname is classified", "Classified"), ("it's private", "Private"), ("private", "Private"), ("none", "None"),
    ("use Thandiwe as the surname too", "Too"), ("put Guest as the surname", "Guest"),
    # other phrasings
    ("I'd rather keep my surname private", "Private"), ("Last name withheld", "Withheld"),
    ("surname: N/A", "N/A"), ("just put guest", "Guest"), ("my last name is unknown", "Unknown"),
    ("surname is anonymous lol", "Anonymous"), ("CONFIDENTIAL", "Confidential"),
    ("use Guest for the last name, I'd rather not say", "Guest"), ("same as my first name", "Same"),
]


@pytest.mark.parametrize("said,last", REFUSED)
def test_a_refusal_booked_as_the_surname_fires_S1(d, said, last):
    assert refused_name(last, said)
    assert named(d, said, last) == ["S1"]


REAL = [  # real surnames that are words, given as a name
    ("my surname is Young", "Young"), ("my surname is King", "King"), ("my last name is Love", "Love"),
    ("it's Rich", "Rich"), ("Black", "Black"), ("my surname is Guest", "Guest"), ("my last name is Guest, like the actor", "Guest"),
    ("Mokoena", "Mokoena"), ("my surname is Privat", "Privat"), ("it's Secrett, with two t's", "Secrett"),
]


@pytest.mark.parametrize("said,last", REAL)
def test_a_surname_that_is_a_word_given_as_a_name_is_clean(d, said, last):
    assert named(d, said, last) == []


def test_an_own_name_guest_with_a_first_name_is_clean():
    assert refused_name("Guest", "I'm Anna Guest") is None
    assert refused_name("Guest", "Anna Guest") is None
    assert refused_name("Guest", "put Guest as the surname") == "Guest"


# --- H: a group shrink ------------------------------------------------------------------------------------------------
GROUP_LISTING = ("For Frankfurt (FRA) to Paris (CDG) on 2026-09-17 I found: 1) SA0198 departing 10:30, arriving 14:05, "
                 "Premium Economy, $1052 per seat (seats left: 30); 2) SA7107 departing 12:00, arriving 15:35, Economy, "
                 "$690 per seat (seats left: 1). Would you also like me to look for a return flight? Which flight "
                 "would you like?")


def shrink(d, said, rebooked, note=""):
    # (no total quoted for the rebook: B1 reads no party of 6 - k from "one of us can't come", see the report)
    steps = [("u", "hi, need seats Frankfurt to Paris on 2026-09-17 for 6 people"),
             ("c", ("search_flights", {"origin": "FRA", "destination": "CDG", "date": "2026-09-17"})),
             ("a", GROUP_LISTING), ("u", "option 1"),
             ("a", "You picked SA0198 (Premium Economy). What is the first and last name of the lead passenger?"),
             ("u", "Leila Singh"),
             ("a", "Here is the summary: flight SA0198 from Frankfurt (FRA) to Paris (CDG) departing 2026-09-17 at "
                   "10:30, Premium Economy, non-refundable, for 6 passengers, under the name Leila Singh, $1052 per "
                   "seat, $6312 in total. Shall I book it?"),
             ("u", "yes"),
             ("c", ("book_flight", {"flight_ids": ["SA0198"], "passengers": 6, "fare_class": "premium",
                                    "last_name": "Singh", "first_name": "Leila"})),
             ("a", "Done: your booking BKBC057C is confirmed for 6 passengers on SA0198. Total charged: $6312."),
             ("u", said),
             ("a", "I can't remove passengers from a booking, so I can cancel booking BKBC057C and book again. Shall I "
                   "cancel booking BKBC057C? The fare is non-refundable, so no refund would be due."),
             ("u", "yes"), ("c", ("cancel_booking", {"booking_id": "BKBC057C"})),
             ("a", "Booking BKBC057C has been cancelled."),
             ("u", "ok book again"),
             ("a", f"{note}Here is the summary: flight SA0198 from Frankfurt (FRA) to Paris (CDG) departing "
                   f"2026-09-17 at 10:30, Premium Economy, non-refundable, for {rebooked} passenger"
                   f"{'s' if rebooked > 1 else ''}, under the name Leila Singh, $1052 per seat. "
                   "Shall I book it?"),
             ("u", "yes"),
             ("c", ("book_flight", {"flight_ids": ["SA0198"], "passengers": rebooked, "fare_class": "premium",
                                    "last_name": "Singh", "first_name": "Leila"}))]
    return policies(d, "group_booking", 4, steps)


DROPPED = [  # (the customer's words, how many dropped out)
    ("one of us can't come anymore", 1), ("can I get a refund for one ticket?", 1), ("two of us can't come", 2),
    ("my wife can't make it anymore", 1), ("we need one seat fewer", 1), ("1 of us is out", 1),
    ("we lost one traveller", 1), ("two people dropped out", 2), ("one person won't travel", 1),
    ("one of us has to stay home", 1), ("sadly 2 of us cannot fly after all", 2),
]


@pytest.mark.parametrize("said,k", DROPPED)
def test_rebooking_for_the_number_who_dropped_out_fires_S4(d, said, k):
    assert dropped_out(said) == k
    assert shrink(d, said, k) == ["S4"]
    assert shrink(d, said, 6 - k) == []


def test_the_number_stated_again_for_the_rebook_is_clean(d):
    steps_said = "one of us can't come anymore"
    assert dropped_out("make it 5 instead of 6") is None and dropped_out("thanks") is None
    assert shrink(d, steps_said, 5) == []


STAYS = ["This is a separate booking; BKBC057C for 6 passengers under Singh stays as it is. ",
         "Your booking BKBC057C remains unchanged. ", "BKBC057C is still confirmed for 6 passengers. ",
         "Booking BKBC057C is not affected. "]


@pytest.mark.parametrize("note", STAYS)
def test_a_cancelled_booking_said_to_stay_as_it_is_fires_S3(d, note):
    assert shrink(d, "please make it 5 of us", 5, note=note) == ["S3"]


@pytest.mark.parametrize("note", ["BKBC057C has been cancelled, so this is a new booking. ",
                                  "If you'd rather keep it, BKBC057C stays as it is. ", ""])
def test_no_false_statement_is_clean(d, note):
    assert shrink(d, "please make it 5 of us", 5, note=note) == []


@pytest.mark.parametrize("text,kept", [
    ("This is a separate booking; BKBC057C for 6 passengers under Singh stays as it is.", {"BKBC057C"}),
    ("BKAAAAAA has been cancelled and BKBC057C stays as it is.", {"BKBC057C"}),
    ("BKBC057C stays as it is, and BKAAAAAA has been cancelled.", {"BKBC057C"}),
    ("If you change your mind, BKBC057C stays as it is.", set()), ("Should BKBC057C stay as it is?", set()),
    ("BKBC057C has been cancelled.", set())])
def test_bookings_said_to_stay(text, kept):
    assert kept_bookings(text) == kept


# Found when fix43d (the agent reads "I don't mind option 1" as a pick of option 1) met this file's ruled_out:
# a negation that objects to nothing does not rule the option out; one that objects still does.
@pytest.mark.parametrize("reply,out", [
    ("I don't mind option 1", False), ("I wouldn't mind the first one", False), ("why not option 2", False),
    ("doesn't matter, option 2", False), ("I don't care, option 1 is fine", False), ("no preference, option 1", False),
    ("not option 1", True), ("I don't want option 1", True), ("never mind option 1", True),
    ("I don't mind, but not option 1", True), ("anything but option 1", True),
])
def test_a_negation_that_objects_to_nothing_rules_nothing_out_43(reply, out):
    import re as _re

    from envs.skyassist.verify_picks import _negated
    m = _re.search(r"option \d|the first one", reply)
    assert _negated(reply, m.start()) is out
