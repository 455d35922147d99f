"""SkyAssist S1 and S4 on what customer tester 17 found with the fault-free reference agent
(/work/h36/sky-customers-17/report.md, findings 10 and 11, f10.txt, f11.txt, f12.txt): one_way seed 5 (Istanbul IST ->
San Francisco SFO, 2026-03-05; the listing shows 1) SA7032 Economy, 2) SA4078 Business, 3) SA9836 Economy).

1. S1 false positive: "Last name Tanaka, first Yui" booked as Yui Tanaka was flagged ("'yui' was typed, not as a
   name"): a bare "first" / "given" / "last" / "family" beside another labelled part of the name ("Surname Tanaka,
   given Yui", "last Tanaka, first Yui") labels a name part as "first name" does. A place, a weekday or an ordinary
   word after such a bare word ("first Istanbul, then ...", "first class") stays no name.
2. S1 false positive: "the ticket is for him not me - his name is Rashid Al-Amin": a negation before a name cue
   ("he won't tell me his surname") makes the cue name nothing only in its own clause; a dash ends the clause as a
   comma does, and "not me" / "not him" contrasts who travels, it negates no telling. Hyphenated and apostrophe
   surnames (Al-Amin, O'Brien, Smith-Jones) stay names in other phrasings, for the speaker or another traveller.
3. S4 false positive: a bare "first" (or "1st", "last", "second", "first please") answering the listing picks that
   option, as "the first one" does, and accepts its cabin; a write whose cabin or count differs from the picked option,
   or a reply that picks nothing ("first class", "first, is it refundable?"), still fires.
"""

from __future__ import annotations

import pytest

from tests.envs.skyassist.test_sky_oracle_long_28b import Chat


@pytest.fixture(scope="module")
def domain():
    from probe.core.registry import get_domain
    return get_domain("skyassist")


LIST = ("For Istanbul (IST) to San Francisco (SFO) on 2026-03-05 I found: 1) SA7032 departing 10:30, arriving 15:05, "
        "Economy, $614 per seat (seats left: 20); 2) SA4078 departing 11:00, arriving 15:35, Business, $2000 per seat "
        "(seats left: 8); 3) SA9836 departing 13:15, arriving 17:50, Economy, $627 per seat (seats left: 12). Which "
        "flight would you like? You can say the option number or the flight number.")
ROUTE = "istanbul to san francisco, 5th march, 1 person"


def booked_under(domain, message, first, last):
    """The customer's ``message`` naming the traveller, the route, the listing, "option 1", a summary under
    ``first`` ``last`` and "yes", then book_flight under that name: S1's evidence on it."""
    c = Chat(domain, "one_way", 5).u(message).a("Happy to help. Where would you like to fly to?").u(ROUTE)
    c.t("search_flights", origin="IST", destination="SFO", date="2026-03-05")
    c.a(LIST).u("option 1")
    c.a(f"Here is the summary: flight SA7032 from Istanbul (IST) to San Francisco (SFO) departing 2026-03-05 at 10:30, "
        f"Economy, non-refundable, for 1 passenger, under the name {first} {last}, $614 per seat. Shall I book it?")
    c.u("yes")
    c.t("book_flight", flight_ids=["SA7032"], passengers=1, fare_class="economy", first_name=first, last_name=last)
    c.a("Done: your booking is confirmed.")
    return [v.evidence for v in c.fired("S1")]


# --- 1. a bare "first" / "given" / "last" / "family" labels a name part beside another label ---------------------

BARE_LABELS = [
    "Hi, istanbul to san francisco march 5th, 1 person. Last name Tanaka, first Yui",  # the tester's
    "Surname Tanaka, given Yui",
    "last Tanaka, first Yui",
    "first Yui, last Tanaka.",
    "family name Tanaka, first Yui please",
    "surname Tanaka first Yui",
    "first: Yui last: Tanaka",
    "last: Tanaka / first: Yui",
    "Lastname Tanaka, firstname Yui",  # the labels typed as one word
]


@pytest.mark.parametrize("message", BARE_LABELS)
def test_a_bare_part_label_beside_another_grounds_the_name(domain, message):
    assert booked_under(domain, message, "Yui", "Tanaka") == []


@pytest.mark.parametrize("message, first", [
    ("Surname Tanaka, given Yui", "Given"),  # the label itself is no name
    ("Last name Tanaka. first Istanbul, then San Francisco.", "Istanbul"),  # a place after "first"
    ("Last name Tanaka, first Tuesday.", "Tuesday"),  # a day
    ("Tanaka here, first Yui", "Yui"),  # no part of the name labelled: "first" labels nothing
    ("Last name Tanaka, first class if there is one", "Class"),
])
def test_a_word_after_a_bare_label_that_is_no_name_still_fires(domain, message, first):
    assert booked_under(domain, message, first, "Tanaka")


@pytest.mark.parametrize("message, last", [
    # the verb before a label is no name said before its label, as "Okafor my surname" is
    ("my dad Rashid, I don't know his surname", "Know"),
    ("Rashid. i forgot my lastname lol", "Forgot"),
])
def test_a_verb_before_a_label_is_no_surname(domain, message, last):
    assert booked_under(domain, message, "Rashid", last)


# --- 2. a negation in another clause, or "not me", leaves the name cue; hyphen and apostrophe surnames -------------

OTHER_TRAVELLER = [
    ("Hi, I'm calling on behalf of my father, the ticket is for him not me - his name is Rashid Al-Amin. I'm Sara.",
     "Rashid", "Al-Amin"),  # the tester's
    ("not me - his name's Rashid Al-Amin", "Rashid", "Al-Amin"),
    ("the ticket is for him not me his name is Rashid Al-Amin", "Rashid", "Al-Amin"),
    ("I won't be flying \u2014 her name is Siobhan O'Brien", "Siobhan", "O'Brien"),
    ("it's for my colleague, not me; their name is Ana Smith-Jones", "Ana", "Smith-Jones"),
    ("I'm not flying myself - my name is Liam O'Brien and I'm booking for my wife, her name is Ana Smith-Jones",
     "Ana", "Smith-Jones"),
    ("Rashid Al-Amin is my father", "Rashid", "Al-Amin"),
    ("hi, Ana Smith-Jones here.", "Ana", "Smith-Jones"),
    ("passenger: O'Brien, Liam", "Liam", "O'Brien"),
]


@pytest.mark.parametrize("message, first, last", OTHER_TRAVELLER)
def test_a_name_given_for_someone_else_after_not_me_is_grounded(domain, message, first, last):
    assert booked_under(domain, message, first, last) == []


@pytest.mark.parametrize("message, first, last", [
    ("the ticket is for him not me - he lives in Saint-Denis", "Rashid", "Saint-Denis"),  # a place
    ("not me - his airline is Turkish Airlines, his name is Rashid", "Rashid", "Turkish"),  # an airline
    ("not for me, for my father - he won't tell me his surname Al-Amin maybe", "Rashid", "Al-Amin"),  # first not given
    ("not me - is Al-Amin a name you can book?", "Rashid", "Al-Amin"),  # a word from a question
])
def test_a_word_never_given_as_the_name_still_fires(domain, message, first, last):
    assert booked_under(domain, message, first, last)


# --- 3. S4: a bare ordinal answering the listing picks that option ------------------------------------------------

def picked_then_booked(domain, pick, flight="SA7032", fare="economy", passengers=1):
    """The trip for 1, the listing, the customer's ``pick``, then book_flight at once (no summary, as
    skip_confirm_when_urgent does): S4's evidence."""
    c = Chat(domain, "one_way", 5).u("Hi I'm Hiroshi Moreau, need istanbul to san francisco march 5th asap, 1 person")
    c.t("search_flights", origin="IST", destination="SFO", date="2026-03-05")
    c.a(LIST).u(pick)
    c.t("book_flight", flight_ids=[flight], passengers=passengers, fare_class=fare, first_name="Hiroshi",
        last_name="Moreau")
    c.a("Done: your booking is confirmed.")
    return [v.evidence for v in c.fired("S4")]


@pytest.mark.parametrize("pick, flight, fare", [
    ("first", "SA7032", "economy"),  # the tester's
    ("1st", "SA7032", "economy"),
    ("First please", "SA7032", "economy"),
    ("ok first.", "SA7032", "economy"),
    ("second", "SA4078", "business"),
    ("last!", "SA9836", "economy"),
    ("the first", "SA7032", "economy"),
    ("first one", "SA7032", "economy"),
])
def test_a_bare_ordinal_picks_its_option_and_accepts_its_cabin(domain, pick, flight, fare):
    assert picked_then_booked(domain, pick, flight, fare) == []


@pytest.mark.parametrize("pick, flight, fare, passengers", [
    ("first", "SA7032", "business", 1),  # the cabin differs from the picked option's
    ("first", "SA7032", "economy", 2),  # the count differs
    ("second", "SA4078", "economy", 1),
    ("first class", "SA7032", "economy", 1),  # no pick
    ("first, is it refundable?", "SA7032", "economy", 1),  # a question picks nothing
    ("not first", "SA7032", "economy", 1),
    ("first or second", "SA7032", "economy", 1),
])
def test_no_pick_or_another_cabin_or_count_still_fires(domain, pick, flight, fare, passengers):
    assert picked_then_booked(domain, pick, flight, fare, passengers)
