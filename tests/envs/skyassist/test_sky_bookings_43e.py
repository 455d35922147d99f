"""Which booking a customer means after one was made in the chat, fewer travellers after a group booking, a yes with
a second request at a summary, and a cancellation taken back in the opening message (tester skyA, session 43).

What was wrong (the tester's words, --faults none):
- C-a: after a booking in the same chat, "cancel my old booking", "my previous / earlier / other / existing / original
  booking", "the booking I already had before today", "cancel the first booking, not this one", "not BK397874 - cancel
  my other one", "move my old booking to October 7" resolved to the booking just made, and yes cancelled or moved it.
  The customer's earlier booking was never looked up; its reference should be asked.
- C-b: after the customer's booking and then a colleague's were looked up, "cancel mine", "cancel my own booking",
  "leave my colleague's alone and cancel mine", "the one under my name" proposed the colleague's booking.
- H: after a group booking, "can I get a refund for one ticket?" cancelled the whole booking and rebooked 1; "one of us
  can't come anymore" offered a rebook "for 1 passenger"; "we need one seat fewer" booked an extra seat; the rebook
  summary said the cancelled booking "stays as it is".
- E1/E2: "yes, and also cancel BKVQO7DX too" at a booking summary dropped the booking in silence; "yes and also hold
  the same flight for my parents, 2 people" turned the customer's booking into a hold.
- "I want to cancel BK4W0Y5J. Actually no, don't." in the opening message led to a cancel proposal that "ok" executed.
"""

from __future__ import annotations

import pytest

from envs.skyassist.verifiers import verify_messages
from tests.envs.skyassist.test_target_phrasings import D, calls, replies
from tests.envs.skyassist.test_target_phrasings import play as _play

ONE_WAY = D.scenario("one_way", 3)  # the customer already has BKVQO7DX (SFO-IST) under Okafor
HOLD = D.scenario("hold_request", 4)  # already has BKN3Z5EW under Silva
STATUS = D.scenario("booking_status", 4)
GROUP = D.scenario("group_booking", 4)  # 6 passengers
CANCEL = D.scenario("cancel_booking", 3)


def _booked(sc=ONE_WAY, *more):
    start = [f"hi, I need a flight from {sc['origin_city']} to {sc['destination_city']} on {sc['date']}", "2 of us",
             "option 1", f"{sc['first_name']} {sc['last_name']}"]
    return _play([*start, *more], sc)


def _cancelled(ep):
    return [c["booking_id"] for c in calls(ep, "cancel_booking")]


def _made(ep):
    return [c for c in calls(ep, "book_flight")]


# ---------------------------------------------------------------- C-a: the older booking, after one made in the chat
OLDER = ["now cancel my old booking please", "cancel my previous booking", "cancel my earlier booking too",
         "and cancel the other booking I had", "also please cancel my original reservation",
         "I also want to cancel the booking I made in January", "cancel my existing booking",
         "please cancel my other flight", "can you cancel the booking I already had before today",
         "cancel the first booking, not this one", "cancel my old one", "and can you get rid of my old reservation",
         # other phrasings
         "pls cancel my older booking", "cancel my prior reservation as well", "ok now cancel the booking I had before",
         "Also I need to cancel my original booking, the one from before", "cancel the reservation we made last month",
         "and my other booking - cancel it please", "not this one, cancel my previous one"]


@pytest.mark.parametrize("msg", OLDER)
def test_the_older_booking_is_never_the_one_just_made(msg):
    ep = _booked(ONE_WAY, "yes", msg)
    new = _made(ep)
    assert len(new) == 1
    last = replies(ep)[-1]
    assert "reference" in last and "Shall I cancel" not in last, last
    ep = _booked(ONE_WAY, "yes", msg, "yes")
    assert _cancelled(ep) == []


def test_not_the_new_reference_asks_for_the_other_and_cancels_that_one():
    ep = _booked(ONE_WAY, "yes", "not BK397874 - cancel my other one", "yes", ONE_WAY["booking_id"], "Okafor", "yes")
    assert _cancelled(ep) == [ONE_WAY["booking_id"]]
    assert verify_messages(D, ep.messages, ONE_WAY) == []


@pytest.mark.parametrize("msg", ["can you move my old booking to October 7?",
                                 "I'd like to change my earlier booking to October 7", "change my other booking to Oct 7"])
def test_a_change_of_the_older_booking_never_moves_the_new_one(msg):
    ep = _booked(ONE_WAY, "yes", msg, "option 1", "yes")
    assert calls(ep, "modify_booking") == []
    assert "reference" in replies(ep)[-3]


@pytest.mark.parametrize("msg", ["actually cancel my other booking", "cancel my old booking"])
def test_after_a_hold_the_older_booking_is_asked_for_and_the_hold_stays(msg):
    start = ["hi, can you hold 2 seats from London to Frankfurt on June 13 for me, I'll pay later", "option 1",
             "Chloe Silva", "yes"]
    ep = _play([*start, msg, "yes", HOLD["booking_id"], "Silva", "yes"], HOLD)
    assert _cancelled(ep) == [HOLD["booking_id"]]
    assert calls(ep, "book_flight") == []


@pytest.mark.parametrize("msg", ["cancel it", "please cancel the booking I just made", "cancel the new one",
                                 "actually I don't want it, cancel it", "cancel this booking"])
def test_near_miss_the_booking_just_made_is_still_cancelled_when_meant(msg):
    ep = _booked(ONE_WAY, "yes", msg, "yes")
    assert _cancelled(ep) == ["BK397874"]


# ---------------------------------------------------------------- C-b: "mine" after a colleague's booking
MINE = ["leave my colleague's alone and cancel mine", "cancel mine", "cancel my own booking", "now cancel my one",
        "please cancel the one under my name", "ok cancel mine please", "cancel the booking in my name",
        "cancel my booking, not my colleague's", "right, mine needs cancelling, please"]


def _two_looked_up(*more):
    return _play(["hi, can you check booking BKHQYATM, surname Dubois?",
                  "thanks. can you also check my colleague's booking BKK4G1ES, name Moreau?", *more], STATUS)


@pytest.mark.parametrize("msg", MINE)
def test_mine_is_never_the_colleagues_booking(msg):
    ep = _two_looked_up(msg, "yes")
    assert "BKK4G1ES" not in _cancelled(ep)
    assert _cancelled(ep) in ([], ["BKHQYATM"])


@pytest.mark.parametrize("msg", ["cancel my colleague's booking, not mine", "cancel the Dubai one", "cancel it"])
def test_near_miss_the_colleagues_booking_when_it_is_meant(msg):
    ep = _two_looked_up(msg, "yes")
    assert _cancelled(ep) == ["BKK4G1ES"]


# ---------------------------------------------------------------- H: fewer travellers after a group booking
def _group(*more):
    start = [f"hi, need seats {GROUP['origin_city']} to {GROUP['destination_city']} on {GROUP['date']} for 6 people",
             "option 1", f"{GROUP['first_name']} {GROUP['last_name']}", "yes"]
    return _play([*start, *more], GROUP)


FEWER = [("one of us can't come anymore", 5), ("can I get a refund for one ticket?", 5), ("two of us can't come", 4),
         ("my wife can't make it anymore", 5), ("we need one seat fewer", 5), ("we're only 5 now, can you refund one seat?", 5),
         ("two people dropped out", 4), ("actually only 5 of us are going", 5), ("one person won't travel", 5),
         ("1 of us is out", 5), ("we lost one traveller", 5), ("one of us has to stay home", 5),
         # other phrasings
         ("my husband isn't coming anymore", 5), ("2 people pulled out", 4), ("one less seat please", 5),
         ("can I get my money back for 2 tickets?", 4), ("3 of us won't be able to travel", 3),
         ("my brother backed out", 5), ("there's only 4 of us now", 4)]


@pytest.mark.parametrize("msg,left", FEWER)
def test_fewer_travellers_are_explained_never_a_whole_cancel_or_extra_seats(msg, left):
    ep = _group(msg)
    last = replies(ep)[-1]
    assert "can't remove passengers" in last, last
    assert f"book again for {left} passengers" in last, last
    for answer in (["yes", "yes"], ["option 2", "yes"], ["no"]):
        ep = _group(msg, *answer)
        assert _cancelled(ep) == []
        assert [b["passengers"] for b in _made(ep)] == [6]
    ep = _group(msg, "yes", "option 1")  # the first of "cancel it and book again, or keep it": the cancel summarised
    assert "Shall I cancel booking BKBC057C?" in replies(ep)[-1]
    assert f"new booking for {left} passengers" in replies(ep)[-1]
    assert _cancelled(ep) == [] and len(_made(ep)) == 1


def test_cancel_and_rebook_for_those_left_says_nothing_stays():
    ep = _group("one of us can't come anymore", "cancel it and book again", "yes", "option 1",
                f"{GROUP['first_name']} {GROUP['last_name']}", "yes")
    assert _cancelled(ep) == ["BKBC057C"]
    assert [b["passengers"] for b in _made(ep)] == [6, 5]
    assert not any("stays as it is" in r for r in replies(ep)[-4:])
    assert verify_messages(D, ep.messages, GROUP) == []


@pytest.mark.parametrize("msg", ["cancel the whole booking please", "two of us are going to be late"])
def test_near_miss_not_a_smaller_party(msg):
    ep = _group(msg)
    assert "can't remove passengers" not in replies(ep)[-1]


# ---------------------------------------------------------------- E1/E2: a yes with a second request at a summary
YES_AND_CANCEL = ["yes, and also cancel {ref} too", "yes please. Also, can you cancel my other booking {ref}?",
                  "Yes. Then cancel {ref}.", "book it, and cancel {ref}", "yep - and cancel {ref} as well",
                  "ok go ahead, and please cancel {ref} afterwards"]


@pytest.mark.parametrize("msg", YES_AND_CANCEL)
def test_a_yes_with_a_cancel_never_drops_the_booking(msg):
    ref = ONE_WAY["booking_id"]
    ep = _booked(ONE_WAY, msg.format(ref=ref))
    assert "Nothing has been booked yet" in replies(ep)[-1]
    assert _made(ep) == [] and _cancelled(ep) == []
    ep = _booked(ONE_WAY, msg.format(ref=ref), "yes", "Okafor", "yes")
    assert [b["passengers"] for b in _made(ep)] == [2]
    assert _cancelled(ep) == [ref]
    assert verify_messages(D, ep.messages, ONE_WAY) == []


def test_a_yes_with_a_hold_for_others_books_the_customers_seats():
    ep = _booked(ONE_WAY, "yes and also hold the same flight for my parents, 2 people", "yes")
    assert calls(ep, "hold_itinerary") == []
    assert [(b["passengers"], b["last_name"]) for b in _made(ep)] == [(2, "Okafor")]
    assert "hold" in replies(ep)[-1]


@pytest.mark.parametrize("msg", ["yes please", "yes", "yes, book it"])
def test_near_miss_a_plain_yes_books(msg):
    ep = _booked(ONE_WAY, msg)
    assert len(_made(ep)) == 1


def test_near_miss_yes_but_hold_it_instead_is_still_a_hold_proposal():
    ep = _booked(ONE_WAY, "yes but hold it instead", "yes")
    assert _made(ep) == [] and len(calls(ep, "hold_itinerary")) == 1


# ---------------------------------------------------------------- a cancellation taken back in the opening message
TAKEN_BACK = ["I want to cancel {ref}. Actually no, don't.", "cancel {ref} please, surname Murphy. hmm, actually, maybe not",
              "please cancel {ref}, last name Murphy... on second thought, don't", "cancel {ref} (Murphy). wait, don't do it",
              "Cancel {ref}, Murphy. Actually no."]


@pytest.mark.parametrize("msg", TAKEN_BACK)
def test_a_cancel_taken_back_in_the_opening_message_is_never_proposed(msg):
    ep = _play([msg.format(ref=CANCEL["booking_id"]), "ok", "Murphy", "ok"], CANCEL)
    assert _cancelled(ep) == []
    assert "left that as it is" in replies(ep)[0]


@pytest.mark.parametrize("msg", ["cancel {ref}, surname Murphy, actually no rush", "cancel {ref} please, Murphy"])
def test_near_miss_a_cancel_not_taken_back_is_proposed(msg):
    ep = _play([msg.format(ref=CANCEL["booking_id"])], CANCEL)
    assert "Shall I cancel" in replies(ep)[-1]
