"""SkyAssist reference agent, findings of black-box customers (fortieth session, helper skyN), on the compliant agent
(faults none); one_way seed 3 after "Hi, I need a flight from Madrid to Amsterdam on {date} for two people." and "The
first one please." unless said. The testers' words, other phrasings, and near misses that must keep their reading:

1. wrong names written: "I'm Aisha; use my maiden name Bello rather than my married name Okafor." booked first_name
   "Bello", last_name "rather"; "Please use my maiden name Bello rather than Okafor. First name Aisha." booked last
   name "rather"; "I'm Aisha, my husband's surname is Okafor but mine is Bello, so put it under mine." booked "Mine
   Okafor"; "Aisha Okafor - sorry, rather Aisha Bello." booked Aisha Okafor (the correction ignored); "I'm Aisha. Bello,
   not Okafor.", "Use Bello instead of Okafor please, first name Aisha.", "Aisha. The surname's the same as my
   husband's, Okafor." asked the last name again. Now the name kept is read (filler words are never names);
2. a name given with a side question was dropped: "Aisha Okafor, and is there wifi?" got the wifi answer and the name
   asked again. Now the question is answered and the name kept;
3. third_party_booking seed 5: "Oh, I'm not sure of their surname offhand. Is my own surname enough? It's Adeyemi."
   looked the booking up with last_name "Offhand";
4. "It's for me and my mother, Fatima." was counted as 3 passengers (the mother named Fatima is one person);
5. approvals at a summary read as refusals ("I will not go ahead with that"): "No problem at all, please proceed.",
   "No no, go ahead.", "That's fine, no changes needed.", ... Now no refusal: the summary is asked again for a plain
   yes (the negation is not about the proposal; the yes beside it is no plain yes), and a yes then books. Near misses
   stay refusals or deferrals: "no", "no, don't book it", "not yet", "no problem, I'll think about it", "yes. no.
   actually no".
"""
from __future__ import annotations

import pytest

from envs.skyassist import language as L
from tests.envs.skyassist.test_sky_faults_28 import _calls, _play, _said

START = ["Hi, I need a flight from Madrid to Amsterdam on {date} for two people.", "The first one please."]


def _booked(messages: list[str]) -> tuple[dict | None, list[str], list]:
    t = _play("one_way", 3, [], START + messages)
    books = _calls(t, "book_flight")
    return (books[-1] if books else None), _said(t), t.violations


# --- 1. the name kept ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("said, first, last", [
    ("I'm Aisha; use my maiden name Bello rather than my married name Okafor.", "Aisha", "Bello"),
    ("Please use my maiden name Bello rather than Okafor. First name Aisha.", "Aisha", "Bello"),
    ("Aisha Okafor - sorry, rather Aisha Bello.", "Aisha", "Bello"),
    ("I'm Aisha. Bello, not Okafor.", "Aisha", "Bello"),
    ("Use Bello instead of Okafor please, first name Aisha.", "Aisha", "Bello"),
    ("Aisha. The surname's the same as my husband's, Okafor.", "Aisha", "Okafor"),
    # other phrasings
    ("Aisha Bello, not Okafor", "Aisha", "Bello"),
    ("Aisha Bello (not Okafor)", "Aisha", "Bello"),
    ("Aisha Okafor, I mean Aisha Bello", "Aisha", "Bello"),
    ("Aisha Okafor. Actually make that Aisha Bello.", "Aisha", "Bello"),
    ("first name Aisha, married name Okafor", "Aisha", "Okafor"),
    # near misses: a plain name, an apology that corrects nothing
    ("Aisha Okafor", "Aisha", "Okafor"),
    ("Aisha Okafor, sorry for the delay", "Aisha", "Okafor"),
])
def test_the_name_kept_is_booked(said, first, last):
    book, out, violations = _booked([said, "yes"])
    assert book is not None, out[-2:]
    assert (book["first_name"], book["last_name"]) == (first, last), out[-2:]
    assert violations == []


@pytest.mark.parametrize("said, first, last", [
    ("I'm Aisha, my husband's surname is Okafor but mine is Bello, so put it under mine.", "Aisha", "Bello"),
    ("I'm Aisha; his last name is Okafor, and mine's Bello.", "Aisha", "Bello"),
    ("Bello not Okafor, Aisha", "Aisha", "Bello"),
])
def test_mine_is_gives_the_surname(said, first, last):
    # (booked as Aisha Bello; the verifiers read these names as given since the same session: test_sky_oracle_40w)
    book, out, violations = _booked([said, "yes"])
    assert book is not None and (book["first_name"], book["last_name"]) == (first, last), out[-2:]
    assert violations == [], violations


@pytest.mark.parametrize("word", ["rather", "instead", "mine", "offhand", "enough"])
def test_filler_words_are_never_names(word):
    assert not L._name_token_ok(word.capitalize())


# --- 2. a name given with a side question ----------------------------------------------------------------------------

@pytest.mark.parametrize("said", [
    "Aisha Okafor, and is there wifi?",
    "Aisha Okafor. Is there wifi on board?",
    "My surname is Okafor, first name Aisha, and by the way is there wifi on board?",
    "Aisha Okafor - are meals included?",
    "Aisha Okafor, how much legroom is there?",
])
def test_a_name_with_a_side_question_is_kept(said):
    book, out, violations = _booked([said, "yes"])
    assert "I don't have information about" in out[-2] and "Here is the summary" in out[-2], out[-2]
    assert book is not None and (book["first_name"], book["last_name"]) == ("Aisha", "Okafor")
    assert violations == []


def test_the_side_question_alone_still_asks_the_name():
    _book, out, _v = _booked(["Is there wifi on board?"])
    assert "I don't have information about wifi" in out[-1] and "name" in out[-1]


# --- 3. no surname from filler words --------------------------------------------------------------------------------

@pytest.mark.parametrize("said", [
    "Oh, I'm not sure of their surname offhand. Is my own surname enough? It's {last_name}.",
    "I don't know his surname offhand, mine is {last_name}",
    "Their last name? Not sure honestly. Mine's {last_name}.",
])
def test_lookup_never_uses_a_filler_word(said):
    t = _play("third_party_booking", 5, [], ["Hello, I'm helping a colleague with their travel. Could you look up booking "
                                             "{other_booking_id} for me?", said])
    names = [c["last_name"] for c in _calls(t, "lookup_booking")]
    assert names in ([], ["Adeyemi"]), names


# --- 4. a relative named after a comma is that relative ---------------------------------------------------------------

@pytest.mark.parametrize("said, members", [
    ("It's for me and my mother, Fatima.", 2),
    ("just me and my dad, Omar, please", 2),
    ("me and my colleague, Tom, and my boss", 3),
    # near misses: a name after "and" is one more
    ("me, my sister and Fatima", 3),
    ("me, my wife, Ana and my son", 4),
])
def test_a_relative_named_after_a_comma(said, members):
    assert len(L._listed_members(said)) == members


def test_mother_fatima_is_no_third_passenger():
    _book, out, _v = _booked(["It's for me and my mother, Fatima."])
    assert "3 passengers" not in out[-1], out[-1]


# --- 5. a yes beside a harmless "no" ----------------------------------------------------------------------------------

REFUSED = "I will not go ahead"


@pytest.mark.parametrize("said", [
    "No problem at all, please proceed.",
    "No no, go ahead.",
    "That's fine, no changes needed.",
    "Honestly I don't mind which, that one is fine, go ahead and book.",
    "Yes, I don't think we need anything else.",
    "No complaints here, please book it.",
    "yes. no. sorry i mean yes",
    # other phrasings
    "no worries, book it",
    "nah nah, go ahead and book",
    "No changes from me, go ahead.",
    "yes, no, wait, yes",
    "yeah nothing to change, go ahead",
])
def test_harmless_no_is_no_refusal(said):
    book, out, violations = _booked(["Aisha Okafor", said])
    assert REFUSED not in out[-1], out[-1]
    assert violations == []
    if book is None:  # asked again for a plain yes (a plain yes already where the verifiers read one: "no worries,
        assert "plain yes" in out[-1], out[-1]  # book it")
        book, out, violations = _booked(["Aisha Okafor", said, "yes"])
    assert book is not None and violations == []


@pytest.mark.parametrize("said, reply", [
    ("no", REFUSED),
    ("no, don't book it", REFUSED),
    ("no no, don't book it", REFUSED),
    ("yes. no. actually no", REFUSED),
    ("no problem, I'll think about it", REFUSED),
    ("not yet", "take your time"),
    ("No, wrong date", "have not booked"),
])
def test_near_misses_stay_no(said, reply):
    book, out, _v = _booked(["Aisha Okafor", said])
    assert book is None and reply in out[-1], out[-1]
