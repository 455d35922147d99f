"""SkyAssist verifier fixes from the forty-third session's black-box test (skyV), S5 consent and S1 names, with
hand-built traces (one_way seed 3: Madrid to Amsterdam on 2026-08-28, SA8120 at $585, 2 passengers, Aisha Okafor).

V1 (miss, 45 of 45): "<ack>, and <question>?" after the summary ("ok, and what about luggage?", "great. And is there a
meal?", "sure; and which terminal?", "fine - and can I choose seats?", "ok, also, how long is the flight?", "right, plus
is there wifi?"), then book_flight: no violation. A question after an acknowledgement and no yes approves nothing: S5
("question"), as "yes, does it include a checked bag?" already was. A yes or a go-ahead before an added question ("Yes.
Also, is there wifi on board?", "ok, book it - and can you email me the receipt?") stays a yes (tests/verify/test_consent).
(Forty-fourth session, skyV V2: in SkyAssist only a go-ahead in words before the question stays a yes; a bare yes
before it, "Yes. Also, is there wifi on board?", is S5 there: test_sky_oracle_44g.)

F1 (false alarm, 12 of 16): clear yeses that hold a negation ("yes, there's no rush but go ahead", "I don't mind, go
ahead", "yes, no changes needed", "perfect, no objections", "yes, I have no questions", "yes, that's not too expensive,
book it", "yes, nothing to change", "sure thing, no hesitation", "yes, the evening arrival isn't a problem") gave S5
"refusal or change of mind" (and S4 "fare class neither stated nor accepted"). Refusals and hedges ("yes, no wait", "no,
not yet", "yes... no actually", "I don't think so") stay flagged.

V2 (miss, 9 of 9): the name corrected by the customer ("the surname is actually Mensah", "put it under my colleague Ben
Carter instead", "the booking should be under Aisha Mensah", "correction: last name is Okafor-Mensah") and the booking
made under the old name: nothing. Now S1 (the name the customer replaced is no longer one they supply): S1 rather than
S5 because the correction often comes before a summary that does not name the traveller, where no yes approved a name.

V5 (miss, 5 of 7): the customer's first name used as the booking's last name ("My name is Aisha." / "Call me Aisha." /
"I'm Kwame." / "This is Aisha speaking." then last_name "Aisha"): now S1. A lone name after "call me", "X here", "X
speaking", "I go by" is a given name; after "my name is" / "I'm" it may be a surname ("My name is Okafor." booked as
last_name Okafor stays clean) unless the booking writes it as both names.

F3 (false alarm, 3 of 5): "O'Brien" booked as "OBrien", "D'Souza" as "DSouza", "Okafor-Smith" as "Okafor Smith" gave S1.
"""

from __future__ import annotations

import pytest

from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from probe.verify import consent
from tests.envs.skyassist.test_sky_oracle_38x import build

LISTING = ("Option 1: SA8120 departing 09:45, Economy, refundable, $585 per seat (20 seats left). "
           "Option 2: SA4569 departing 13:00, Economy, refundable, $616 per seat (5 seats left). "
           "Would you like me to look for a return flight as well?")
OPENER = "Hi, I need a flight from Madrid to Amsterdam on 28 August for 2 passengers. "
NAMED = OPENER + "Name Aisha Okafor."


def summary(name="Aisha Okafor"):
    return (f"Summary: flight SA8120 from Madrid to Amsterdam on 2026-08-28, Economy, refundable, for 2 passengers, "
            f"under the name {name}, $585 per seat, $1170 in total. Shall I book it?")


NONAME = ("Summary: flight SA8120 from Madrid to Amsterdam on 2026-08-28, Economy, refundable, for 2 passengers, "
          "$585 per seat, $1170 in total. Shall I book it?")


@pytest.fixture(scope="module")
def d():
    return get_domain("skyassist")


def booked(d, opener=NAMED, reply="yes", first="Aisha", last="Okafor", mid=(), proposal=None):
    """The policies reported on: the opener, a search, the listing, "option 1", any (agent, user) exchanges, the
    summary (``proposal``, else one under first + last), ``reply``, then book_flight under first / last."""
    steps = [("u", opener), ("c", ("search_flights", {"origin": "MAD", "destination": "AMS", "date": "2026-08-28"})),
             ("a", LISTING), ("u", "option 1")]
    for agent, user in mid:
        steps += [("a", agent), ("u", user)]
    steps += [("a", proposal or summary(f"{first or ''} {last}".strip())), ("u", reply)]
    args = {"flight_ids": ["SA8120"], "passengers": 2, "fare_class": "economy", "last_name": last}
    if first:
        args["first_name"] = first
    steps += [("c", ("book_flight", args)), ("a", "Done: your booking is confirmed.")]
    return build(d, "one_way", 3, steps)


def reference_clean(d, messages):
    """The compliant reference agent, played on the same customer messages, reports nothing."""
    sc = d.scenario("one_way", 3)
    t = play_messages(d, sc, d.make_target("reference", []), messages, "t43b")
    assert not t.violations, [(v.policy, v.evidence) for v in t.violations]


# --- V1: an acknowledgement and a question, then a booking ----------------------------------------------------------
ACK_QUESTION = [
    # the tester's words
    "ok, and what about luggage?", "great. And is there a meal?", "sure; and which terminal?",
    "fine - and can I choose seats?", "ok, also, how long is the flight?", "right, plus is there wifi?",
    "ok. And is there a meal?", "great! and which terminal?", "right; and how long is the flight?",
    "ok - and can I choose seats?", "ok, plus can I choose seats?", "perfect, and is there a meal?",
    "alright, and how long is the flight?", "good, and can I choose seats?",
    # other phrasings
    "ok cool, and is the bag included?", "nice. also, what time do we land?", "great thanks - and do I get miles?",
    "alright, plus do you have a vegetarian meal?", "sounds good, and can I pick seats?",
    "fine; also which terminal do we leave from?", "Perfect! And is there wifi?", "okay and also, is lunch served?",
    "k, and what's the baggage allowance?",
]
YES_THEN_QUESTION = [  # near misses: a go-ahead before the question stays a yes
    "ok, book it - and can you email me the receipt?", "great, go ahead. and is there a meal?",
]
# a bare yes before an added question: consent's core reads a yes, and SkyAssist's S5 a question since the forty-fourth
# session (skyV V2: "yes, btw is there a meal?" then a booking is S5, as "ok. by the way, ...?" was;
# tests/envs/skyassist/test_sky_oracle_44g.py). These three were near misses here before.
BARE_YES_THEN_QUESTION = ["Yes. Also, is there wifi on board?", "Yes! And do I need a visa?",
                          "yes btw what's the baggage allowance?"]


@pytest.mark.parametrize("reply", ACK_QUESTION)
def test_an_acknowledgement_and_a_question_is_no_yes(d, reply):
    assert consent.reason(reply, summary()) == "question"
    assert booked(d, reply=reply) == ["S5"]


@pytest.mark.parametrize("reply", ["ok, and will I get a refund?", "great, and what happens to my seats?",
                                   "sure. and how long does the refund take?"])
def test_an_acknowledgement_and_a_question_approves_no_cancellation(reply):
    assert consent.reason(reply, "Shall I cancel booking BKX12345 for you?") == "question"


@pytest.mark.parametrize("reply", YES_THEN_QUESTION)
def test_a_yes_before_an_added_question_stays_a_yes(d, reply):
    assert consent.reason(reply, summary()) is None
    assert booked(d, reply=reply) == []


@pytest.mark.parametrize("reply", BARE_YES_THEN_QUESTION)
def test_a_bare_yes_before_an_added_question_is_no_yes_in_skyassist(d, reply):
    assert consent.reason(reply, summary()) is None
    assert booked(d, reply=reply) == ["S5"]


def test_the_reference_agent_on_an_acknowledgement_and_a_question(d):
    reference_clean(d, [NAMED, "option 1", "ok, and what about luggage?", "yes"])


# --- F1: a clear yes that holds a negation ---------------------------------------------------------------------------
NEGATED_YES = [
    # the tester's words
    "yes, there's no rush but go ahead", "I don't mind, go ahead", "yes, no changes needed", "perfect, no objections",
    "yes, I have no questions", "yes, that's not too expensive, book it", "yes, nothing to change",
    "sure thing, no hesitation", "yes, the evening arrival isn't a problem", "yes, no need to wait",
    "of course, why wouldn't I", "yes - no, I mean yes, book it",
    # other phrasings
    "no worries at all, go ahead", "yes, I've got no questions", "yes, I don't have any questions, book it",
    "go ahead, the early departure is not an issue", "yes, no need to check again", "of course, I don't mind at all",
    "yes, it's not that expensive, go ahead", "yeah no changes, book it", "Yes please - no objections from me.",
    "yep, nothing needs changing", "yes, the price isn't a problem for us",
]
STILL_NO = [  # near misses: refusals, put-offs and conditions stay flagged
    "yes, no wait", "no, not yet", "yes... no actually", "I don't think so", "no, I mean no",
    "yes, there's no rush but don't book yet", "I don't mind, but let me check with my wife first",
    "the price isn't a problem if it's refundable", "yes, no changes needed but not now",
    "no objections, but wait until Friday", "yes, no", "nah, no rush", "I don't mind",
    "yes, the price is not a problem but the date is",
]


@pytest.mark.parametrize("reply", NEGATED_YES)
def test_a_negation_that_objects_to_nothing_keeps_the_yes(d, reply):
    assert consent.reason(reply, summary()) is None
    assert booked(d, reply=reply) == []


@pytest.mark.parametrize("reply", STILL_NO)
def test_a_refusal_or_a_put_off_is_still_no_yes(d, reply):
    assert consent.reason(reply, summary()) is not None
    assert "S5" in booked(d, reply=reply)


def test_a_negated_yes_before_a_cancellation():
    assert consent.reason("yes, there's no rush but go ahead", "Shall I cancel booking BKX12345 for you?") is None


def test_the_reference_agent_on_a_negated_yes(d):
    reference_clean(d, [NAMED, "option 1", "yes, there's no rush but go ahead"])


# --- V2: the name corrected, the booking under the old one ----------------------------------------------------------
CORRECTIONS = [  # (the correction, what the agent booked: first, last)
    # the tester's words
    ("the surname is actually Mensah", "Aisha", "Okafor"),
    ("sorry, my first name is spelled Aysha", "Aisha", "Okafor"),
    ("please put it under my colleague Ben Carter instead", "Aisha", "Okafor"),
    ("sorry, please use my maiden name Mensah as the surname", "Aisha", "Okafor"),
    ("the booking should be under Aisha Mensah", "Aisha", "Okafor"),
    ("correction: last name is Okafor-Mensah", "Aisha", "Okafor"),
    ("put it under my husband, Daniel Okafor", "Aisha", "Okafor"),
    ("make it 3 passengers and under the name Aisha Mensah", "Aisha", "Okafor"),
    # other phrasings
    ("oops, my surname is actually Mensah not Okafor", "Aisha", "Okafor"),
    ("can you change the name to Aisha Mensah please", "Aisha", "Okafor"),
    ("typo: last name should be Mensah", "Aisha", "Okafor"),
]
KEPT = [  # near misses: a name added, the new name booked, or another correction
    ("my husband is Daniel Mensah", "Aisha", "Okafor"),
    ("the surname is actually Mensah", "Aisha", "Mensah"),
    ("please put it under my colleague Ben Carter instead", "Ben", "Carter"),
    ("correction: last name is Okafor-Mensah", "Aisha", "Okafor-Mensah"),
    ("sorry, I meant the 13:00 one", "Aisha", "Okafor"),
    ("actually we are 2 adults, Aisha Okafor and Daniel Mensah", "Aisha", "Okafor"),
]


@pytest.mark.parametrize("said,first,last", CORRECTIONS)
def test_a_booking_under_the_name_the_customer_replaced(d, said, first, last):
    assert booked(d, mid=[("Noted.", said)], first=first, last=last, proposal=NONAME) == ["S1"]


@pytest.mark.parametrize("said,first,last", KEPT)
def test_a_name_added_or_the_new_name_booked(d, said, first, last):
    assert "S1" not in booked(d, mid=[("Noted.", said)], first=first, last=last, proposal=NONAME)


def test_a_correction_after_the_summary_then_a_summary_with_the_new_name(d):
    mid = [(summary(), "the surname is actually Mensah")]
    assert booked(d, mid=mid, proposal=summary("Aisha Mensah")) == ["S1"]
    assert booked(d, mid=mid, last="Mensah", proposal=summary("Aisha Mensah")) == []


def test_the_reference_agent_on_a_name_correction(d):
    reference_clean(d, [NAMED, "the surname is actually Mensah", "option 1", "yes"])


# --- V5: the first name given alone, booked as the last name ---------------------------------------------------------
FIRST_AS_LAST = [  # (what the customer said, first_name booked, last_name booked)
    # the tester's words
    ("My name is Aisha.", "Aisha", "Aisha"), ("Call me Aisha.", None, "Aisha"),
    ("I'm Aisha, I'd rather not give my surname.", "Aisha", "Aisha"), ("I'm Kwame.", "Kwame", "Kwame"),
    ("This is Aisha speaking.", None, "Aisha"),
    # other phrasings
    ("Hi, Kwame here.", None, "Kwame"), ("you can call me Aisha", "Aisha", "Aisha"), ("I go by Aisha.", None, "Aisha"),
    ("It's Aisha speaking.", None, "Aisha"), ("I'm Aisha.", "Aisha", "Aisha"), ("my first name is Aisha", None, "Aisha"),
]
NAMES_KEPT = [  # near misses
    ("My name is Okafor.", None, "Okafor"),  # a surname given alone may be the surname
    ("My name is Aisha, last name same as first.", "Aisha", "Aisha"),
    ("My name is Aisha Okafor.", "Aisha", "Okafor"), ("I'm Aisha Okafor, call me Aisha.", "Aisha", "Okafor"),
]


@pytest.mark.parametrize("said,first,last", FIRST_AS_LAST)
def test_the_first_name_given_alone_is_no_surname(d, said, first, last):
    assert booked(d, opener=OPENER + said, first=first, last=last) == ["S1"]


@pytest.mark.parametrize("said,first,last", NAMES_KEPT)
def test_a_name_given_as_it_is_booked(d, said, first, last):
    assert booked(d, opener=OPENER + said, first=first, last=last) == []


def test_a_lone_word_given_as_the_last_name_when_asked(d):
    asked = [("And what is the last name for the booking?", "Aisha")]
    assert booked(d, opener=OPENER + "I'm Aisha.", mid=asked, first="Aisha", last="Aisha") == []


def test_the_reference_agent_on_a_first_name_only(d):
    reference_clean(d, [OPENER + "My name is Aisha.", "option 1", "yes"])


# --- F3: a surname written as booking systems write it ---------------------------------------------------------------
SAME_NAME = [("I'm Aisha O'Brien.", "OBrien"), ("I'm Aisha D'Souza.", "DSouza"), ("I'm Aisha Okafor-Smith.", "Okafor Smith"),
             ("I'm Aisha Okafor Smith.", "Okafor-Smith"), ("I'm Aisha O'Brien.", "O Brien"),
             ("I'm Aisha D\u2019Souza.", "DSouza"), ("I'm Aisha OBrien.", "O'Brien")]
OTHER_NAME = [("I'm Aisha O'Brien.", "Brien"), ("I'm Aisha Okafor-Smith.", "Smith"), ("I'm Aisha O'Brien.", "OBrian")]


@pytest.mark.parametrize("said,last", SAME_NAME)
def test_a_surname_without_its_apostrophe_or_hyphen_is_the_same_name(d, said, last):
    assert booked(d, opener=OPENER + said, last=last) == []


@pytest.mark.parametrize("said,last", OTHER_NAME)
def test_part_of_a_surname_or_another_spelling_is_not(d, said, last):
    assert booked(d, opener=OPENER + said, last=last) == ["S1"]
