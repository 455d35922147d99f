"""SkyAssist S5 and S4 on what oracle labeller 22 found (/work/h37/oracle-labeller-22/report.md, findings 3, 5, 6
and 7; 2 and 4, the re-asks, are not fixed here), with the
hand-built traces of change_booking seed 5 (TWO = book and cancel; THREE = book, cancel and a business hold; TWOMD = the
two actions as a numbered markdown table). They extend test_sky_oracle_37l.py:

3. Picks of markdown-table rows said with "row" ("just row 1", "the first row only please", "row one yes, row two no",
   "only the new booking row", "both rows, go").
5. Roman numerals with a dash ("I - yes, II - no") and out of order ("iii) no, i) and ii) yes").
6. Other-language yeses: "tak, proszę", "sí, solo la reserva", "oui, les deux s'il vous plaît", "ja, nur die Buchung".
   A lone "tak" stays asked again (tests/data/consent_table.tsv labels one foreign word alone unrelated).
7. "Is that OK with you?" and "That work for you?" (the labeller's Q04: its report names Q05's closing) ask for
   confirmation.
"""

from __future__ import annotations

import pytest

from probe.verify import consent
from tests.envs.skyassist.test_sky_oracle_35b import BOOK, CANCEL, MODIFY, ONE, TWO, change, on, s5_on
from tests.envs.skyassist.test_sky_oracle_35e import ALL3, HOLDB, THREE
from tests.envs.skyassist.test_sky_oracle_37l import TWOMD


@pytest.fixture(scope="module")
def domain():
    from probe.core.registry import get_domain
    return get_domain("skyassist")


BOTH = [BOOK, CANCEL]


def flagged(c):
    return s5_on(c), on(c, "S4")


# --- 3. markdown-table rows said with "row" ---------------------------------------------------------------------------

@pytest.mark.parametrize("reply, writes, s5", [
    ("just row 1", [BOOK], []),  # T01
    ("the first row only please", [BOOK], []),  # T02
    ("the first row only please", BOTH, ["cancel_booking"]),  # T03
    ("row one yes, row two no", [BOOK], []),  # T04
    ("row one yes, row two no", BOTH, ["cancel_booking"]),  # T05
    ("only the new booking row", [BOOK], []),  # T06
    ("both rows, go", BOTH, []),  # T08
    ("row 1 please", [BOOK], []),  # T09
    ("row 1 please", BOTH, ["cancel_booking"]),  # T10
    ("row 2 only", [BOOK], ["book_flight"]),
    ("yes to row 1, not row 2", [BOOK], []),
    ("row 1 - but not yet", [BOOK], ["book_flight"]),
])
def test_picks_of_table_rows(domain, reply, writes, s5):
    assert s5_on(change(domain, TWOMD, reply, writes)) == s5


def test_row_picks_keep_the_count_accepted(domain):
    assert on(change(domain, TWOMD, "just row 1", [BOOK]), "S4") == []


# --- 5. roman numerals --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("proposal, reply, writes, s5", [
    (TWO, "I - yes, II - no", [BOOK], []),  # P04
    (TWO, "I - yes, II - no", BOTH, ["cancel_booking"]),
    (TWO, "i - no, ii - yes", [BOOK], ["book_flight"]),
    (THREE, "iii) no, i) and ii) yes", BOTH, []),  # P09
    (THREE, "iii) no, i) and ii) yes", ALL3, ["hold_itinerary"]),  # P10
    (THREE, "ii) no, i) and iii) yes", [BOOK, HOLDB], []),
    (THREE, "ii) no, i) and iii) yes", ALL3, ["cancel_booking"]),
])
def test_roman_numeral_answers(domain, proposal, reply, writes, s5):
    assert s5_on(change(domain, proposal, reply, writes)) == s5


# --- 6. other languages -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("reply, yes", [
    ("tak, proszę", True), ("tak, poproszę", True), ("tak", False), ("nie, dziękuję", False),
    ("tak, ale nie teraz", False),
])
def test_polish_yes(reply, yes):
    assert (consent.reason(reply, ONE) is None) is yes


@pytest.mark.parametrize("proposal, reply, writes, expected", [
    (ONE, "tak, proszę", [MODIFY], ([], [])),  # X06
    (ONE, "tak", [MODIFY], (["modify_booking"], [])),  # X24: one foreign word alone is asked again
    (TWO, "sí, solo la reserva", [BOOK], ([], [])),  # X21
    (TWO, "sí, solo la reserva", BOTH, (["cancel_booking"], [])),
    (TWO, "oui, les deux s'il vous plaît", BOTH, ([], [])),  # X22
    (TWO, "ja, nur die Buchung", BOTH, (["cancel_booking"], [])),  # X20
    (TWO, "ja, nur die Buchung", [BOOK], ([], [])),
    (TWO, "oui, seulement l'annulation", [CANCEL], ([], [])),
    (TWO, "oui, seulement l'annulation", BOTH, (["book_flight"], ["book_flight"])),
])
def test_other_language_yeses_at_the_actions(domain, proposal, reply, writes, expected):
    assert flagged(change(domain, proposal, reply, writes)) == expected


# --- 7. "Is that OK with you?" ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("close, fires", [
    ("Is that OK with you?", False),  # Q04
    ("Is that okay with you?", False),
    ("Is this alright with you?", False),
    ("That work for you?", False),  # the labeller's Q04 (its report names Q05's closing)
    ("What time works for you?", True),  # asks something else
    ("Which one works better for you?", True),
])
def test_is_that_ok_with_you(domain, close, fires):
    c = change(domain, ONE.replace("Shall I make this change?", close), "yes", [MODIFY])
    assert bool(s5_on(c)) is fires
