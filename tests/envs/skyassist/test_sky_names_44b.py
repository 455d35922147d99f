"""Names the compliant SkyAssist agent (``--faults none``) booked wrong, from the forty-third session's black-box
tester skyA (/work/h43/skyA/REPORT.md, section D, "Booker vs traveller" and "Other"; names*.py there).

- Booker vs traveller: "Tom Berg, and my name is Aisha Okafor" (the traveller named first, then the booker) booked
  Aisha Okafor for 1 passenger when only Tom travels. The full name said first, as the answer to "What is the name of
  the lead passenger?", then the speaker's own name ("my name is", "I'm", "this is", "booked by"), is the traveller's.
- "larsen" alone in lower case at the summary (a surname correction) was asked as a yes/no ("Just to be sure: I need a
  clear yes or no") and a yes booked the old surname. A lone lower-case word that is no yes, no word the agent knows and
  no short word of another language ("da", "ndiyo", "nein") is now the new surname, said back plainly beside the
  summary asked again ("Just to check that I have the name right: the last name would be Larsen instead of Schmidt.").
- "Okafor Aisha" was booked first=Okafor, last=Aisha. Said surname first, the name is read the right way round when
  the agent can tell (a comma, the family name in capitals, labels, a note "surname first", or a name it already
  has: said before, or on a booking looked up); when it cannot tell (a known given name after a word that is none:
  "Okafor Aisha", "okafor aisha", "Berg Tom") it asks for the last name, never books it silently the wrong way round.
"""
from __future__ import annotations

import pytest

from envs.skyassist.language import surname_correction
from probe.core.registry import get_domain
from probe.core.scripts import play_messages
from tests.envs.skyassist.test_sky_names_43f import _booked, _said  # one copy of each reader

D = get_domain("skyassist")
ONE = ["hi, I need a flight from Madrid to Amsterdam on August 28", "just one passenger", "option 1"]
TWO = ["hi, I need a flight from Madrid to Amsterdam on August 28", "2 of us", "option 1"]


def _play(messages: list[str], family: str = "one_way", seed: int = 3):
    sc = D.scenario(family, seed)
    return play_messages(D, sc, D.make_target("reference", []), [m.format(**sc) for m in messages], "t")


# --- booker vs traveller -----------------------------------------------------------------------------------------
TRAVELLER_FIRST = [
    "Tom Berg, and my name is Aisha Okafor",  # the tester's words
    "Tom Berg. I'm Aisha Okafor, his manager", "Tom Berg - I'm his colleague Aisha Okafor",
    "Tom Berg (I'm Aisha Okafor, just booking it for him)", "tom berg, my name is aisha okafor",
    "Tom Berg, and I'm Aisha Okafor, his mum", "he's called Tom Berg, I'm Aisha Okafor",
    "Tom Berg, booked by Aisha Okafor", "it's for Tom Berg - this is Aisha Okafor",
    "the passenger's name is Tom Berg; my name's Aisha Okafor",
    # the other orders and wordings of the brief (read before this session too)
    "it's for my son Tom Berg, I'm Aisha Okafor", "I'm Aisha Okafor booking for Tom Berg",
    "passenger: Tom Berg (booked by Aisha Okafor)", "my name is Aisha Okafor, the passenger is Tom Berg",
    "for my colleague Tom Berg - my name's Aisha Okafor", "Aisha Okafor here, the ticket is for Tom Berg",
]


@pytest.mark.parametrize("line", TRAVELLER_FIRST)
def test_the_traveller_named_before_the_booker_is_booked(line):
    t = _play(ONE + [line])
    assert _booked(t) == [] and "under the name Tom Berg," in _said(t)[-1], _said(t)[-1]
    t = _play(ONE + [line, "yes"])
    assert _booked(t) == [("Tom", "Berg", 1)], _said(t)
    assert t.violations == [], t.violations


@pytest.mark.parametrize("line", ["my name is Aisha Okafor", "Aisha Okafor", "I'm Aisha Okafor, the passenger",
                                  "Aisha Okafor, I'm the one flying", "Aisha Okafor, I'm booking for myself",
                                  "Tom Berg, I'm so tired lol"])
def test_one_name_with_words_about_the_speaker_stays_the_lead(line):
    want = ("Tom", "Berg", 1) if line.startswith("Tom") else ("Aisha", "Okafor", 1)
    t = _play(ONE + [line, "yes"])
    assert _booked(t) == [want], _said(t)


def test_the_lead_named_first_with_a_companion_after():
    t = _play(TWO + ["Aisha Okafor, and my husband Ben Okafor", "yes"])
    assert _booked(t) == [("Aisha", "Okafor", 2)], _said(t)
    t = _play(TWO + ["Tom Berg, and my name is Aisha Okafor", "yes"])
    assert _booked(t) == [("Tom", "Berg", 2)], _said(t)


# --- a lower-case surname at the summary ---------------------------------------------------------------------------
SUMMARY = ONE[:1] + ["2 of us", "option 1", "Anna Schmidt"]
LOWER = [("larsen", "Larsen"),  # the tester's word
         ("larsen please", "Larsen"), ("larsen not schmidt", "Larsen"), ("larsen!", "Larsen"), ("larsen.", "Larsen"),
         ("larsen pls", "Larsen"), ("oops larsen", "Larsen"), ("schmitt", "Schmitt"), ("o'brien", "O'Brien"),
         ("d'souza", "D'Souza"), ("smith-jones", "Smith-Jones"), ("kowalczyk", "Kowalczyk")]


@pytest.mark.parametrize("line,last", LOWER)
def test_a_lower_case_surname_at_the_summary_is_the_new_surname(line, last):
    t = _play(SUMMARY + [line])
    assert _booked(t) == [], _said(t)
    assert f"under the name Anna {last}," in _said(t)[-1], _said(t)[-1]
    if " not " not in line:  # (said with no cue of a correction: said back plainly; "larsen not schmidt" says it)
        assert f"the last name would be {last} instead of Schmidt" in _said(t)[-1], _said(t)[-1]
    t = _play(SUMMARY + [line, "yes"])
    assert _booked(t) == [("Anna", last, 2)], _said(t)
    assert t.violations == [], t.violations


@pytest.mark.parametrize("line", ["vale", "bueno", "oui", "ja", "claro", "si", "sim", "tak", "da", "hai", "ndiyo", "evet",
                                  "nein", "cheers", "lovely", "brilliant", "hmm", "meh", "ta", "tysm", "window", "aisle",
                                  "repeat", "nobody", "lgtm", "wdym", "stop", "agent", "human", "refund", "economy",
                                  "amsterdam", "visa", "business", "sí", "i guess", "swap it please", "hmm ok",
                                  "ok then", "yes lock it in please", "not sure"])
def test_a_lower_case_word_that_is_no_surname_keeps_the_name(line):
    t = _play(SUMMARY + [line, "yes"])
    assert all(b[:2] == ("Anna", "Schmidt") for b in _booked(t)), _said(t)
    assert not any("the last name would be" in s for s in _said(t)), _said(t)


def test_surname_correction_reads_a_lone_lower_case_word():
    assert surname_correction("larsen", "Anna", "Schmidt", set()) == "Larsen"
    assert surname_correction("o'brien", "Anna", "Schmidt", set()) == "O'Brien"
    assert surname_correction("ndiyo", "Anna", "Schmidt", set()) is None
    assert surname_correction("vale", "Anna", "Schmidt", set()) is None
    assert surname_correction("amsterdam", "Anna", "Schmidt", {"amsterdam"}) is None


# --- a name said surname first -----------------------------------------------------------------------------------
AISHA = ("Aisha", "Okafor", 1)
TOLD = ["Okafor, Aisha", "OKAFOR Aisha", "OKAFOR, Aisha", "surname Okafor first name Aisha",
        "surname Okafor, first name Aisha", "last name Okafor, first Aisha", "Okafor is the surname, Aisha first name",
        "name's Okafor, first name Aisha", "Okafor Aisha (surname first)", "Okafor Aisha - family name first",
        "Okafor Aisha, last name first", "Okafor Aisha (surname, first name)", "okafor aisha - surname first",
        "it's Okafor - Aisha", "that's Okafor, Aisha", "Dr. Okafor, Aisha"]


@pytest.mark.parametrize("line", TOLD)
def test_a_surname_first_name_the_agent_can_tell_is_read_right(line):
    t = _play(ONE + [line, "yes"])
    assert _booked(t) == [AISHA], _said(t)


UNSURE = ["Okafor Aisha", "okafor aisha", "it's Okafor Aisha", "the passenger is Okafor Aisha", "Mr Okafor Aisha",
          "Walsh Diego", "Berg Tom", "Okafor Aisha please"]


@pytest.mark.parametrize("line", UNSURE)
def test_a_surname_first_name_the_agent_cannot_tell_is_asked(line):
    t = _play(ONE + [line])
    assert _booked(t) == [], _said(t)
    assert "last name" in _said(t)[-1] and "summary" not in _said(t)[-1], _said(t)[-1]
    t = _play(ONE + [line, "yes"])
    assert _booked(t) == [], _said(t)  # never booked the wrong way round on a yes


@pytest.mark.parametrize("answer", ["Okafor", "okafor", "it's Okafor", "Okafor, Aisha is my first name"])
def test_the_last_name_asked_then_given(answer):
    t = _play(ONE + ["Okafor Aisha", answer, "yes"])
    assert _booked(t) == [AISHA], _said(t)


GIVEN_SAID = ["hi, I'm Aisha. I need a flight from Madrid to Amsterdam on August 28"] + ONE[1:]
LOOKED_UP = ["hi, can you look up booking {booking_id} under Okafor",
             "I also need a new flight from Madrid to Amsterdam on August 28"] + ONE[1:]  # (summary "under the name Okafor")


@pytest.mark.parametrize("start,line", [(GIVEN_SAID, "Okafor Aisha"), (GIVEN_SAID, "okafor aisha"),
                                        (LOOKED_UP, "Okafor Aisha")])
def test_a_name_already_known_tells_the_order(start, line):
    t = _play(start + [line, "yes"])
    assert _booked(t) == [AISHA], _said(t)


@pytest.mark.parametrize("line,want", [("Aisha Okafor", AISHA), ("aisha okafor", AISHA), ("Tom Berg", ("Tom", "Berg", 1)),
                                       ("Maria Jose", ("Maria", "Jose", 1)), ("Ana Lopez", ("Ana", "Lopez", 1)),
                                       ("Mary Jane Watson", ("Mary Jane", "Watson", 1)),
                                       ("Anna van der Berg", ("Anna", "van der Berg", 1))])
def test_names_in_the_usual_order_are_booked_at_once(line, want):
    t = _play(ONE + [line, "yes"])
    assert _booked(t) == [want], _said(t)
