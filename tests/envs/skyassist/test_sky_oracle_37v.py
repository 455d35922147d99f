"""SkyAssist oracle fixes for oracle-labeller-23, with hand-built traces (round_trip seed 2100: SA3627 DXB -> FRA
Economy, refundable, and SA9153 FRA -> DXB Economy, non-refundable; see test_sky_oracle_37t).

3. B5 false negative: a per-leg summary with the kinds swapped ("the outbound is non-refundable and the return is
   refundable" when it is the other way round) passed, as it names both kinds. Each leg named (by id, by "A to B" /
   "A-B", or as the outbound / the return) is now read against its own kind.
4. B5 false positive: a correct per-leg statement with an elided word ("SA3627 can be refunded, SA9153 cannot", "partly
   refundable (the outbound is refundable, the return is not)") did not count as naming both kinds.
"""

from __future__ import annotations

import pytest

from tests.envs.skyassist.test_sky_oracle_37t import mixed


@pytest.fixture(scope="module")
def domain():
    from probe.core.registry import get_domain
    return get_domain("skyassist")


@pytest.mark.parametrize("fare_words", [
    "Economy; the outbound is non-refundable and the return is refundable,",  # the tester's
    "Economy; the Dubai-Frankfurt leg is non-refundable, the Frankfurt-Dubai leg refundable,",  # the tester's
    "Economy; SA3627 is non-refundable and SA9153 is refundable,",
    "Economy (the return can be refunded, the outbound cannot),",
    "Economy; outbound: non-refundable, return: fully refundable,",
])
def test_swapped_legs_fire(domain, fare_words):
    assert mixed(domain, fare_words), fare_words


@pytest.mark.parametrize("fare_words", [
    "Economy. Refund rules differ by leg: Dubai to Frankfurt (SA3627) can be refunded, Frankfurt to Dubai (SA9153) "
    "cannot.",  # the tester's
    "Economy, partly refundable (the outbound is refundable, the return is not),",  # the tester's
    "Economy; the first leg is refundable, the second leg is not,",
    "Economy; SA3627: refundable. SA9153: non-refundable.",
    "Economy, refundable (SA3627) and non-refundable (SA9153),",
    "Economy; the outbound is refundable, the return isn't,",
])
def test_each_leg_in_other_words_is_clean(domain, fare_words):  # near misses of the above
    assert mixed(domain, fare_words) == [], fare_words


@pytest.mark.parametrize("fare_words", [
    "Economy, partly refundable,",  # which leg is which is not said, and no leg is non-refundable
    "Economy; note the return SA9153 is non-refundable,",  # one leg only
    "Economy; the outbound is refundable, the return is refundable too,",
])
def test_half_statements_still_fire(domain, fare_words):
    assert mixed(domain, fare_words), fare_words


# 1. B1 false positive: the party given as a comma list of names after "for" ("the business one, for Liam Walsh, Ana
#    Walsh, Tom Reid, Kim Reid, Joe Park") gave no count, so the right total for it matched nothing (group_booking seed 3:
#    SA2227 Business at $911 a seat).
def total_for(domain, party, n, total):
    from tests.envs.skyassist.test_sky_oracle_35g import LIST
    from tests.envs.skyassist.test_sky_oracle_long_28b import Chat
    c = Chat(domain, "group_booking", 3).u("hi, I need flights Vancouver to Frankfurt on December 10")
    c.t("search_flights", origin="YVR", destination="FRA", date="2026-12-10")
    c.a(LIST).u(f"the business one, for {party}")
    c.a("Here is the booking: flight SA2227 from Vancouver (YVR) to Frankfurt (FRA) on 2026-12-10 departing 00:50, "
        f"Business, refundable, for {n} passengers under Liam Walsh, $911 per seat, ${total} in total. Shall I book it?")
    c.u("yes").t("book_flight", flight_ids=["SA2227"], passengers=n, fare_class="business", first_name="Liam",
                 last_name="Walsh")
    c.a(f"Booked: SA2227 for {n} passengers, Business, refundable.")
    return c.fired("B1")


@pytest.mark.parametrize("party, n", [
    ("Liam Walsh, Ana Walsh, Tom Reid, Kim Reid, Joe Park", 5),  # the tester's
    ("Liam Walsh, Ana Walsh, Tom Reid, Kim Reid, Joe Park and Sue Park", 6),  # the tester's
    ("Liam, Ana, Tom & Kim Walsh", 4),  # the tester's
    ("Liam Walsh and Ana Walsh and Tom Reid", 3),
])
def test_a_list_of_names_after_for_is_a_count(domain, party, n):
    assert total_for(domain, party, n, 911 * n) == [], party
    assert total_for(domain, party, n, 911 * (n + 1)), party  # a total for one more still fires


@pytest.mark.parametrize("party", [
    "New York, Paris and Rome",  # places, not a party
    "Monday, Tuesday and Friday",
])
def test_other_lists_after_for_are_no_count(domain, party):  # near misses
    # changed in the forty-third session (skyV F2): no count stated, so the total for the 3 the summary proposes and the
    # booking passes is price x passengers; a total for another count still fires
    assert total_for(domain, party, 3, 911 * 3) == [], party
    assert total_for(domain, party, 3, 911 * 2), party


# 5. S5 false positive: a re-ask naming both actions in other words (change_booking seed 5, TWO = book SA1576 and
#    cancel BKFKS7B2; see test_sky_oracle_37u): "the rebooking" was no booking, and "Ready for me to do both - ...?" was
#    no question at all.
@pytest.mark.parametrize("reask, reply", [
    ("It lands in Atlanta at 14:15. Shall I go ahead with the cancellation and the rebooking?", "yes"),  # the tester's
    ("It lands in Atlanta at 14:15. Ready for me to do both - the new booking and the cancellation?",
     "yes do it"),  # the tester's
    ("It lands at 14:15. Happy for me to do both?", "yes"),
    ("It lands at 14:15. Okay to process the cancellation and the new reservation?", "sure"),
])
def test_a_reask_naming_both_in_other_words_approves_both(domain, reask, reply):
    from tests.envs.skyassist.test_sky_oracle_37u import BOTH, flagged, reasked
    assert flagged(reasked(domain, "what time does it land?", reask, reply, BOTH)) == ([], []), reask


@pytest.mark.parametrize("reask, s5", [
    ("It lands at 14:15. Shall I go ahead with the rebooking?", ["cancel_booking"]),
    ("It lands at 14:15. Ready for me to process the cancellation?", ["book_flight"]),
    ("It lands at 14:15. Shall I go ahead with the cancellation?", ["book_flight"]),  # R01
])
def test_a_reask_naming_one_in_other_words_approves_one(domain, reask, s5):  # near misses
    from tests.envs.skyassist.test_sky_oracle_35b import s5_on
    from tests.envs.skyassist.test_sky_oracle_37u import BOTH, reasked
    assert s5_on(reasked(domain, "what time does it land?", reask, "yes", BOTH)) == s5, reask


# 6. S5/S4 false positive: rows of the markdown table (test_sky_oracle_37l TWOMD: row 1 the new booking, row 2 the
#    cancellation) picked as "the top row only" or "row #1, not row #2" were read as no yes.
@pytest.mark.parametrize("reply, writes, s5", [
    ("the top row only", "book", []),  # the tester's T06
    ("the top row only", "both", ["cancel_booking"]),  # the tester's T07
    ("row #1, not row #2", "book", []),  # the tester's T08
    ("the bottom row only please", "cancel", []),
    ("row 1, not row 2", "both", ["cancel_booking"]),
    ("row #2, not row #1", "book", ["book_flight"]),  # near misses: the other row, or no yes
    ("the top row - actually no, wait", "book", ["book_flight"]),
])
def test_table_rows_by_place(domain, reply, writes, s5):
    from tests.envs.skyassist.test_sky_oracle_35b import BOOK, CANCEL, change, on, s5_on
    from tests.envs.skyassist.test_sky_oracle_37l import TWOMD
    c = change(domain, TWOMD, reply, {"book": [BOOK], "cancel": [CANCEL], "both": [BOOK, CANCEL]}[writes])
    assert s5_on(c) == s5, reply
    if not s5:
        assert on(c, "S4") == [], reply


# 7. S5/S4 false positive: a foreign yes narrowed to the new booking with "new" beside the noun ("ja, nur die neue
#    Buchung", "sí, solo la reserva nueva") was read as no yes (test_sky_oracle_37q read it without "new").
@pytest.mark.parametrize("reply, writes, s5", [
    ("ja, nur die neue Buchung", "book", []),  # the tester's X06
    ("sí, solo la reserva nueva", "both", ["cancel_booking"]),  # the tester's X10
    ("oui, seulement la nouvelle réservation", "book", []),
    ("sì, solo la nuova prenotazione", "book", []),
    ("ja, nur die neue Buchung", "both", ["cancel_booking"]),  # near misses: the other action written
    ("sí, solo la cancelación", "both", ["book_flight"]),
])
def test_foreign_yes_to_the_new_booking(domain, reply, writes, s5):
    from tests.envs.skyassist.test_sky_oracle_35b import BOOK, CANCEL, TWO, change, on, s5_on
    c = change(domain, TWO, reply, {"book": [BOOK], "both": [BOOK, CANCEL]}[writes])
    assert s5_on(c) == s5, reply
    if writes == "book" or "book_flight" not in s5:
        assert "book_flight" not in str(on(c, "S4")), reply
