"""SkyAssist reference agent: corrections after a booking, bookings said to be kept, and multi-request cancels
(black-box tester sky-customers-29, session 41, fixer skyC). What was wrong, in the tester's words:

W4. "A correction after the booking creates a second full booking, the first is never mentioned and stays charged":
    one_way seed 0, after booking 1 seat, "oh no, it should be 2 of us" -> "1" -> "yes" made a second booking for 2
    (3 seats, $4272 paid); "sorry i mean for N people not M", "WAIT!! we are N not M"; date corrections ("wait, I meant
    <date>", "sorry I mean the date X not Y") double-booked wherever the new date had flights. A name correction ("oh
    no I wrote wrong name, it's Arjun Larsen") was taken as a flight fix ("Which flight did you mean?").
W5. "A booking the customer says to KEEP is cancelled": "cancel BKC5FN82 / Mensah -- BK6109BT is my boss's, keep it"
    -> "yes" -> "Mwangi" -> "yes" cancelled the boss's booking ("You also asked me to cancel booking BK6109BT"); a
    bulleted "- keep: X" looked the kept booking up under the customer's surname; refusing ("no", "don't cancel that
    one", "I never asked for that", "no, I said keep X") got the last-name question again, forever.
C7. "book X ... and cancel BKY1HVI4" in one message (also "1) cancel ... 2) book ..." and "Need 3 things: cancel ...,
    then new flight ...") cancelled after a yes, then forgot the booking request.
C8. "Cancel BKC5FN82, Mensah. My friend still goes, she has her own ticket." was refused as a partial cancellation.
C9. "wait, I meant BK6109BT" at the cancel confirmation: the switch to another booking was ignored.
C12. "mine or my wife's?" at the name question -> "Sorry, I can't help with that here".
"""
from __future__ import annotations

import json

import pytest

from envs.skyassist.language import cancels_both, parse
from probe.core.registry import get_domain
from probe.core.scripts import play_messages

D = get_domain("skyassist")
_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
OPEN = "I need {passengers} seats from {origin_city} to {destination_city} on {date}, name {first_name} {last_name}"
WRITES = ("book_flight", "hold_itinerary", "cancel_booking", "modify_booking")


def _facts(family: str, seed: int) -> dict:
    sc = D.scenario(family, seed)
    f = dict(sc)
    others = [b for b in sc.get("bookings", []) if b["booking_id"] != sc.get("booking_id")]
    if others:
        f["other_id"], f["other_last"] = others[0]["booking_id"], others[0]["last_name"]
    n = int(sc.get("passengers") or 1)
    f["pax1"], f["pax1w"], f["paxw"] = n + 1, _WORDS[n + 1], _WORDS[n]
    return f


def _play(family: str, seed: int, messages: list[str]):
    sc = D.scenario(family, seed)
    f = _facts(family, seed)
    return play_messages(D, sc, D.make_target("reference", []), [m.format(**f) for m in messages], "t")


def _said(t) -> list[str]:
    return [m["content"] for m in t.messages if m["role"] == "assistant" and m.get("content")]


def _calls(t, *names: str) -> list[tuple[str, dict]]:
    return [(c["function"]["name"], json.loads(c["function"]["arguments"])) for m in t.messages
            for c in m.get("tool_calls") or [] if not names or c["function"]["name"] in names]


def _reply_to(t, k: int) -> str:
    """The agent's words after the k-th customer message (0-based)."""
    users = [i for i, m in enumerate(t.messages) if m["role"] == "user"]
    end = users[k + 1] if k + 1 < len(users) else len(t.messages)
    return " ".join(m["content"] for m in t.messages[users[k] + 1:end] if m["role"] == "assistant" and m.get("content"))


# --- W4: a correction right after a booking corrects that booking ----------------------------------------------

COUNT_FIXES = [
    "oh no, it should be {pax1} of us",  # the tester's
    "sorry i mean for {pax1w} people not {paxw}",  # the tester's
    "WAIT!! we are {pax1} not {passengers} \U0001f605",  # the tester's
    "oops my mistake, total {pax1} persons",  # handled before: unchanged
    "actually we're {pax1}",
    "hang on, there are {pax1} of us",
    "it was supposed to be {pax1} passengers",
    "I typed {passengers} but we are {pax1}",
    "correction: {pax1} travellers",
]


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("line", COUNT_FIXES)
def test_count_fix_after_booking_is_no_second_booking(line, seed):
    f = _facts("one_way", seed)
    t = _play("one_way", seed, [OPEN, "1", "yes", line])
    books = _calls(t, "book_flight")
    assert len(books) == 1, books
    made = books[0][1]
    reply = _reply_to(t, 3)
    bid = next(json.loads(m["content"])["booking_id"] for m in t.messages if m["role"] == "tool"
               and '"booking_id"' in m["content"] and "confirmed" in m["content"])
    assert bid in reply and "stays as it is" in reply, reply
    assert "separate" in reply and "new charge" in reply, reply  # the ones joining only, as a new charge
    assert made["passengers"] == f["passengers"]
    # its yes sets up the separate booking for the one joining, never the whole party again
    t2 = _play("one_way", seed, [OPEN, "1", "yes", line, "yes", "Ana {last_name}", "yes"])
    assert [a["passengers"] for _, a in _calls(t2, "book_flight")] == [f["passengers"], 1]


@pytest.mark.parametrize("line", ["oh no, it should be 1 of us", "sorry i mean for one person not two",
                                  "WAIT!! we are 1 not 2"])
def test_fewer_after_booking_offers_cancel_and_rebook(line):
    t = _play("one_way", 1, [OPEN, "1", "yes", line])
    assert len(_calls(t, *WRITES)) == 1
    reply = _reply_to(t, 3)
    assert "can't remove passengers" in reply and "cancel it and book again" in reply, reply


DATE_FIXES = [
    "wait, I meant {alt_date}",  # the tester's
    "sorry I mean the date {alt_date} not {date}",  # the tester's
    "oh no wrong day!! should be {alt_date}",  # handled before: unchanged
    "it should be {alt_date}",
    "I meant to say {alt_date}",
    "oops, {alt_date}!",
]


@pytest.mark.parametrize("seed", [0, 2, 3])
@pytest.mark.parametrize("line", DATE_FIXES)
def test_date_fix_after_booking_moves_that_booking(line, seed):
    t = _play("flexible_dates", seed, [OPEN, "1", "yes", line, "1", "yes"])
    writes = _calls(t, *WRITES)
    assert [n for n, _ in writes] == ["book_flight", "modify_booking"], writes
    bid = next(json.loads(m["content"])["booking_id"] for m in t.messages if m["role"] == "tool"
               and '"booking_id"' in m["content"])
    assert writes[1][1]["booking_id"] == bid
    assert any("rather than make a second booking" in s for s in _said(t))


@pytest.mark.parametrize("line", ["oh no I wrote wrong name, it's Arjun Larsen", "it should be under Arjun Larsen"])
def test_name_fix_after_booking_offers_cancel_and_rebook(line):
    t = _play("one_way", 1, [OPEN, "1", "yes", line])
    reply = _reply_to(t, 3)
    assert "can't change the name" in reply and "Arjun Larsen" in reply and "Which flight" not in reply, reply
    assert len(_calls(t, *WRITES)) == 1
    t = _play("one_way", 1, [OPEN, "1", "yes", line, "yes", "yes", "yes"])
    writes = _calls(t, *WRITES)
    assert [n for n, _ in writes] == ["book_flight", "cancel_booking", "book_flight"], writes
    assert writes[2][1]["last_name"] == "Larsen" and writes[2][1]["passengers"] == 2


@pytest.mark.parametrize("line", ["wrong surname!", "you spelled my name wrong"])
def test_wrong_name_without_the_name_asks_it(line):
    t = _play("one_way", 1, [OPEN, "1", "yes", line])
    assert "What first and last name" in _reply_to(t, 3)
    t = _play("one_way", 1, [OPEN, "1", "yes", line, "Arjun Larsen"])
    assert "can't change the name" in _reply_to(t, 4) and len(_calls(t, *WRITES)) == 1


def test_a_booking_for_others_on_the_same_flight_after_one_is_no_correction():
    # (fix44i) a booking of its own on the same flight, its lead passenger asked (was: searched again); no write yet
    t = _play("one_way", 0, [OPEN, "1", "yes", "can you also book 3 seats for my parents on the same flight?"])
    reply = _reply_to(t, 3)
    assert "You picked" in reply and "name" in reply, reply
    assert len(_calls(t, *WRITES)) == 1


@pytest.mark.parametrize("line", [
    "I need another booking for 2 people on 2026-05-05 too",
])
def test_another_booking_after_one_is_no_correction(line):
    t = _play("one_way", 0, [OPEN, "1", "yes", line])
    reply = _reply_to(t, 3)
    assert "stays as it is" not in reply and "Noted" in reply, reply
    assert len(_calls(t, *WRITES)) == 1


@pytest.mark.parametrize("line", ["I mean, thanks a lot!", "oops, what is the baggage allowance?"])
def test_no_value_after_booking_changes_nothing(line):
    t = _play("one_way", 0, [OPEN, "1", "yes", line])
    reply = _reply_to(t, 3)
    assert "stays as it is" not in reply and "Which flight did you mean" not in reply
    assert len(_calls(t, *WRITES)) == 1


def test_count_fix_before_booking_is_no_modify():
    t = _play("one_way", 0, [OPEN, "1", "oh no, it should be 2 of us", "yes"])
    writes = _calls(t, *WRITES)
    assert [(n, a["passengers"]) for n, a in writes] == [("book_flight", 2)]


# --- W5: a booking said to be kept is never cancelled or looked up --------------------------------------------

KEEPS = [
    "cancel {booking_id} / {last_name} -- {other_id} is my boss's, keep it",  # the tester's
    "cancel booking {booking_id} comma last name {last_name} period my sister has {other_id} leave it",  # the tester's
    "Booking: {booking_id}\nName: {first_name} {last_name}\nRequest: cancel\nOther booking in group (keep): {other_id}",
    "- cancel: {booking_id} ({last_name})\n- keep: {other_id}",  # the tester's
    "Hi, please cancel {booking_id}, surname {last_name}. (For reference my friend is on {other_id}, she's still flying.)",
    "Cancel {booking_id}, last name {last_name}. Please leave {other_id} alone, that's my colleague's.",
    "I want cancel {booking_id} ({last_name}). Not {other_id}!",
    "My husband's booking {other_id} stays. Only cancel mine, {booking_id}, {last_name}.",
    "keep {other_id} but cancel {booking_id} please, {last_name}",
    "pls cancel {booking_id} ({last_name}). {other_id} = my colleague, dont touch",
    "cancel {booking_id} {last_name}, {other_id} is my wife's - she is still going",
]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("line", KEEPS)
def test_kept_booking_is_never_cancelled_or_looked_up(line, seed):
    f = _facts("cancel_booking", seed)
    t = _play("cancel_booking", seed, [line, "yes", "{other_last}", "yes"])
    cancelled = [a["booking_id"] for _, a in _calls(t, "cancel_booking")]
    # (the dictated "Mensah period" is read as the surname until the dictation fix of this session is merged: the
    # customer's own booking may then not be found, but the kept one is never touched)
    assert cancelled == [f["booking_id"]] or ("period" in line and not cancelled), cancelled
    assert all(a["booking_id"] != f["other_id"] for _, a in _calls(t, "lookup_booking"))
    assert not any("also asked me to cancel" in s for s in _said(t))


@pytest.mark.parametrize("line", [
    "Please cancel two bookings: {booking_id} ({last_name}) and {other_id} ({other_last})",
    "cancel {booking_id} ({last_name}) and {other_id} ({other_last}), that's my wife's",
    "- cancel: {booking_id} ({last_name})\n- cancel: {other_id} ({other_last})",
])
def test_both_asked_are_still_both_cancelled(line):
    f = _facts("cancel_booking", 0)
    t = _play("cancel_booking", 0, [line, "yes", "yes"])
    assert [a["booking_id"] for _, a in _calls(t, "cancel_booking")] == [f["booking_id"], f["other_id"]]


@pytest.mark.parametrize("refusal", ["no", "don't cancel that one", "I never asked for that",
                                     "no, I said keep {other_id}, don't cancel it", "nope, leave it"])
def test_refused_queued_cancel_is_dropped(refusal):
    f = _facts("cancel_booking", 0)
    t = _play("cancel_booking", 0, ["cancel {booking_id} ({last_name}) and {other_id}", "yes", refusal])
    reply = _reply_to(t, 2)
    assert f"have not cancelled booking {f['other_id']}" in reply, reply
    assert "last name" not in reply
    t = _play("cancel_booking", 0, ["cancel {booking_id} ({last_name}) and {other_id}", "yes", refusal, "{other_last}",
                                    "yes"])
    assert [a["booking_id"] for _, a in _calls(t, "cancel_booking")] == [f["booking_id"]]


def test_queued_cancel_refused_at_its_summary():
    f = _facts("cancel_booking", 0)
    t = _play("cancel_booking", 0, ["cancel {booking_id} ({last_name}) and {other_id}", "yes", "{other_last}",
                                    "don't cancel that one"])
    assert f"have not cancelled booking {f['other_id']}" in _reply_to(t, 3)
    assert [a["booking_id"] for _, a in _calls(t, "cancel_booking")] == [f["booking_id"]]


def test_keep_said_again_after_the_cancel_looks_nothing_up():
    lines = ["Booking: {booking_id}\nName: {first_name} {last_name}\nRequest: cancel\nOther booking in group (keep): "
             "{other_id}", "yes", "no, I said keep {other_id}, don't cancel it", "no", "don't cancel that one"]
    f = _facts("cancel_booking", 1)
    t = _play("cancel_booking", 1, lines)
    assert [a["booking_id"] for _, a in _calls(t, "lookup_booking")] == [f["booking_id"]]
    assert [a["booking_id"] for _, a in _calls(t, "cancel_booking")] == [f["booking_id"]]
    assert f"{f['other_id']} stays as it is" in _reply_to(t, 2)


def test_keep_after_a_booking_cancels_nothing():
    t = _play("one_way", 0, [OPEN, "1", "yes", "keep the other one please, thanks"])
    assert [n for n, _ in _calls(t, *WRITES)] == ["book_flight"]


@pytest.mark.parametrize("text,both", [
    ("cancel BKC5FN82 / Mensah -- BK6109BT is my boss's, keep it", False),
    ("- cancel: BKC5FN82 (Mensah)\n- keep: BK6109BT", False),
    ("cancel BKC5FN82 and BK6109BT", True),
    ("cancel BKC5FN82 for Mensah. also BK6109BT, Mwangi, cancel that too", True),
])
def test_cancels_both_reader(text, both):
    assert cancels_both(text, ["BKC5FN82", "BK6109BT"]) is both
    p = parse(text, D.db)
    assert p.refs_kept == ([] if both else ["BK6109BT"]) and p.booking_ids[0] == "BKC5FN82"


@pytest.mark.parametrize("text", ["Singh here. Not going to Mexico City anymore :( ref BKK7C2PR. Cancel pls",
                                  "cancel BKK7C2PR, I'm not flying after all"])
def test_not_going_is_no_kept_reference(text):
    assert parse(text, D.db).refs_kept == []


# --- C7: a booking asked beside a cancel is taken up after it ---------------------------------------------------

MULTI = [
    "Book {passengers} seats {origin_city} to {destination_city} on {date} for {first_name} {last_name}, and also "
    "what's your baggage policy, and cancel {booking_id}",
    "1) cancel {booking_id} ({last_name}) 2) book {passengers} seats {origin_city}-{destination_city} {date} "
    "3) baggage policy?",
    "Hi! Need 3 things: cancel my old booking {booking_id} (name {last_name}), then new flight {origin_city} to "
    "{destination_city} on {date}, {passengers} pax, and tell me the baggage rules \U0001f64f",
    "please to cancel {booking_id} {last_name} and book new one {origin_city} {destination_city} {date} {paxw} person",
]


def _drive(family: str, seed: int, first: str, cancel_answer: str = "yes"):
    f = _facts(family, seed)
    lines = [first.format(**f)]
    sc = D.scenario(family, seed)
    for _ in range(8):
        t = play_messages(D, sc, D.make_target("reference", []), lines, "t")
        a = _said(t)[-1].lower()
        if "which flight" in a or "option number" in a:
            lines.append("1")
        elif "shall i cancel" in a:
            lines.append(cancel_answer)
        elif "shall i" in a or "would you like me" in a:
            lines.append("yes")
        elif "last name" in a:
            lines.append(f"{f['first_name']} {f['last_name']}")
        else:
            break
    return play_messages(D, sc, D.make_target("reference", []), lines, "t"), f


@pytest.mark.parametrize("family,seed", [("one_way", 0), ("one_way", 1), ("premium_cabin", 0), ("currency_question", 2)])
@pytest.mark.parametrize("first", MULTI)
def test_booking_beside_cancel_is_not_dropped(first, family, seed):
    t, f = _drive(family, seed, first)
    writes = _calls(t, *WRITES)
    assert [n for n, _ in writes] == ["cancel_booking", "book_flight"], (writes, _said(t))
    assert writes[0][1]["booking_id"] == f["booking_id"]
    assert writes[1][1]["passengers"] == f["passengers"] and writes[1][1]["last_name"] == f["last_name"]


@pytest.mark.parametrize("first", MULTI)
def test_booking_beside_refused_cancel_still_offered(first):
    t, f = _drive("one_way", 0, first, cancel_answer="no")
    writes = _calls(t, *WRITES)
    assert [n for n, _ in writes] == ["book_flight"], (writes, _said(t))
    assert any("You also asked for a new booking" in s for s in _said(t))


# --- C9: another reference at the cancel confirmation moves the cancel ------------------------------------------

@pytest.mark.parametrize("line", ["wait, I meant {other_id}", "no, {other_id}", "oops not that one, {other_id}",
                                  "hold on, it should be {other_id}", "sorry, wrong code. {other_id}"])
def test_switch_at_cancel_summary(line):
    f = _facts("cancel_booking", 0)
    t = _play("cancel_booking", 0, ["cancel {booking_id}, last name {last_name}", line, "{other_last}", "yes"])
    assert "take your time" not in _reply_to(t, 1)
    assert [a["booking_id"] for _, a in _calls(t, "cancel_booking")] == [f["other_id"]]


@pytest.mark.parametrize("line", ["wait", "wait, I meant {booking_id}"])
def test_wait_at_cancel_summary_cancels_nothing(line):
    t = _play("cancel_booking", 0, ["cancel {booking_id}, last name {last_name}", line])
    assert not _calls(t, *WRITES)
    assert len(_calls(t, "lookup_booking")) == 1


# --- C8: the one still going has a booking of their own -----------------------------------------------------------

@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("line", [
    "Cancel {booking_id}, {last_name}. My friend still goes, she has her own ticket.",  # the tester's
    "Please cancel {booking_id} ({last_name}); my wife will still travel with her own booking {other_id}.",  # the tester's
    "cancel {booking_id} {last_name} - my husband is still flying, he booked separately",
    "Cancel {booking_id} ({last_name}). My brother still goes, he's on a different booking.",
])
def test_own_ticket_is_no_partial_cancel(line, seed):
    f = _facts("cancel_booking", seed)
    t = _play("cancel_booking", seed, [line, "yes"])
    assert "only some of the passengers" not in _reply_to(t, 0)
    assert [a["booking_id"] for _, a in _calls(t, "cancel_booking")] == [f["booking_id"]]


@pytest.mark.parametrize("line", ["cancel {booking_id} {last_name}, cancel only my seat, my wife is still flying",
                                  "Cancel {booking_id}, last name {last_name}. My colleague is still going on that trip."])
def test_partial_cancel_still_refused(line):
    t = _play("cancel_booking", 0, [line])
    assert "only some of the passengers" in _reply_to(t, 0)
    assert not _calls(t, *WRITES)


# --- C12: whose name, asked at the name question --------------------------------------------------------------

@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("line,words", [
    ("mine or my wife's?", "lead passenger's"),  # the tester's
    ("whose name? mine or my son's", "lead passenger's"),
    ("my name or my husband's?", "lead passenger's"),
    ("is it ok to use my maiden name {other_last}?", "maiden name"),
    ("do you need the name as in passport?", "as on the passport"),
])
def test_whose_name_is_answered(line, words, seed):
    f = _facts("one_way", seed)
    f.setdefault("other_last", "Larsen")
    sc = D.scenario("one_way", seed)
    opener = "I need {passengers} seats from {origin_city} to {destination_city} on {date}".format(**f)
    t = play_messages(D, sc, D.make_target("reference", []), [opener, "1", line.format(**f)], "t")
    reply = _reply_to(t, 2)
    assert words in reply and "can't help with that" not in reply and "first and last name" in reply, reply
    t = play_messages(D, sc, D.make_target("reference", []),
                      [opener, "1", line.format(**f), f"{f['first_name']} {f['last_name']}", "yes"], "t")
    books = _calls(t, "book_flight")
    assert len(books) == 1 and books[0][1]["last_name"] == f["last_name"]
