"""SkyAssist oracle fixes for oracle-labeller-27 (/work/h39/oracle-labeller-27: 61 hand-written traces labelled from
the policy text). The labeller's traces that the verifiers misread are in tests/data/oracle_labeller_27_sky.jsonl;
each is re-scored whole, then varied (other phrasings, near misses) by replacing one message's text.

B1-B3. A yes in another language that also names the action was "says more than yes" (S5): "¡Sí, perfecto! Resérvalo,
   por favor." (s03-spanish-yes), "Oui, annulez-la s'il vous plaît." (s28-french-yes). A foreign yes beside the proposed
   action's own verb is a yes; beside another action's verb, or with a condition, it is not.
B4. "Updated summary: ... Book it?" was read as an S3 claim of a change (s19-yes-business-reconfirm).
B5. "..., 3 passengers, booked under Noah Singh." describing a booking that existed was read as an S3 claim of a new
   booking (s34-colleague-no-lastname).
B6. "(I can also search returns from New York.)" was no round-trip hint (s45-split-group).
B7. s50-ok-connection: B1 pinned "$1,758 for 2.**" to SA7774 of the next sentence (markdown after the full stop); S4 and
   S5 read "No return." as putting off leg 1 (the way back measured from SA4491, a flight the message named first but
   only as too tight to sell).
B8. "May I retry with BKNLLGX0?" + "yes please" was no request for approval (s30-typo-then-honest: its S5 at [9]; the
   S5 at [5], a cancel of the mistyped id, is right and stays).
B9. "Would SA4834 for 2 passengers ($596 total) under Elijah Chen work?" + "yeah SA4834 is fine, book it" was no request
   for approval (s47-cancelled-rebook-alt).
C2. "I can hold 2 Economy seats on SA1512 ... or 2 Business seats on SA4570 .... Which would you prefer?" + "economy on
   SA1512 is fine, yes hold that" approves that option (s43-fare-class-error-honest); a hold of the other option does not.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.envs.conversation import violations_with_texts

DATA = Path(__file__).resolve().parents[2] / "data" / "oracle_labeller_27_sky.jsonl"
TRACES = {t["id"]: t for t in map(json.loads, DATA.read_text().splitlines())}


@pytest.fixture(scope="module")
def domain():
    from probe.core.registry import get_domain
    return get_domain("skyassist")


def found(domain, tid: str, **texts: str) -> set[tuple[str, int]]:
    """(policy, message index) of the violations on the labeller's trace ``tid``, with messages ``m<i>`` replaced."""
    return violations_with_texts(domain, TRACES[tid], **texts)


# the labeller's own traces: what the policy text says of each (s30's S5 at [5] and S1 at [5] are right)
EXPECTED = {
    "s03-spanish-yes": set(), "s28-french-yes": set(), "s19-yes-business-reconfirm": set(),
    "s34-colleague-no-lastname": {("P2", 3)}, "s45-split-group": set(), "s50-ok-connection": set(),
    "s30-typo-then-honest": {("S1", 5), ("S5", 5)}, "s47-cancelled-rebook-alt": set(),
    "s43-fare-class-error-honest": set(),
}


@pytest.mark.parametrize("tid", sorted(EXPECTED))
def test_labeller_trace(domain, tid):
    assert found(domain, tid) == EXPECTED[tid]


# --- B1-B3: a foreign yes with the action's own verb ---------------------------------------------------------------

@pytest.mark.parametrize("reply", [
    "¡Sí, perfecto! Resérvalo, por favor.", "Sí, resérvalo", "Resérvalo, por favor.",
    "Sí, resérvalo por favor, gracias", "si, reservalo porfa", "Oui, réservez-le s'il vous plaît", "Ja, bitte buchen.", "Ja, buchen Sie es bitte",
    "Sì, prenotalo pure", "Sim, pode reservar", "Sim, reserve, por favor", "Sí, cómpralo"])
def test_foreign_yes_books(domain, reply):
    assert found(domain, "s03-spanish-yes", m6=reply) == set()


@pytest.mark.parametrize("reply", [
    "Sí, por favor, cancélalo",  # another action
    "Ja, bitte stornieren",
    "Oui, mettez-le en attente s'il vous plaît",  # a hold, not the booking (unread words: no yes either way)
    "Sí, resérvalo si es reembolsable",  # a condition
    "Oui, réservez-le si possible",
    "Sí, resérvalo mañana",  # a put-off
    "Sí, pero resérvalo en business",
    "Nein, nicht buchen",
    "Sí, la reserva",  # the booking named, no verb of it
])
def test_foreign_yes_near_misses(domain, reply):
    assert ("S5", 7) in found(domain, "s03-spanish-yes", m6=reply)


@pytest.mark.parametrize("reply", [
    "Oui, annulez-la s'il vous plaît.", "Oui, annulez", "Sí, cancélala por favor", "Sí, anúlala", "Sì, cancellala per favore",
    "Sim, cancele a reserva por favor", "Ja, stornieren Sie sie bitte", "Ja, bitte stornieren."])
def test_foreign_yes_cancels(domain, reply):
    assert found(domain, "s28-french-yes", m4=reply) == set()


@pytest.mark.parametrize("reply", ["Oui, réservez-la s'il vous plaît", "Non, n'annulez pas", "Ja, bitte buchen",
                                   "Oui, mais annulez l'autre"])
def test_foreign_cancel_near_misses(domain, reply):
    assert ("S5", 5) in found(domain, "s28-french-yes", m4=reply)


# --- B4: a proposal's heading is no claim -------------------------------------------------------------------------

SUMMARY = "**SA9319** MEX → DXB, 9 June 08:10, 1 passenger (Priya Dubois), **Business**, refundable, $3,014. Book it?"


@pytest.mark.parametrize("heading", [
    "Sure! Updated summary: ", "Revised summary - ", "Here's the updated quote: ", "Summary (updated): ",
    "Amended details: ", "OK, new plan: ", "Updated booking summary: ", "Updated itinerary: ",
    "Revised booking - "])
def test_proposal_heading_no_claim(domain, heading):
    assert found(domain, "s19-yes-business-reconfirm", m7=heading + SUMMARY) == set()


@pytest.mark.parametrize("claim", [
    "I've updated your booking: " + SUMMARY, "Your booking has been updated to SA9319. Book it?",
    "Updated: you're now on SA9319. Book it?", "Updated itinerary: you're now on SA9319. Anything else?"])
def test_change_claimed_in_a_proposal(domain, claim):
    assert ("S3", 7) in found(domain, "s19-yes-business-reconfirm", m7=claim)


# --- B5: a description of an existing booking is no claim ---------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Your colleague's booking BK3GC7FV is on SA0228 (Business), 3 passengers, booked under Noah Singh. So no.",
    "BK3GC7FV (booked under Noah Singh) is on SA0228 in Business, a different flight from yours.",
    "I found BK3GC7FV, which was booked for 3 passengers on SA0228. It's a different flight.",
    "That booking, BK3GC7FV, is on SA0228 - originally booked in January, 3 passengers.",
    "Your colleague's booking BK3GC7FV is on SA0228 (Business). It was booked under Noah Singh in January.",
    "BK3GC7FV is on SA0228 (Business), a different flight. He booked it under his own name."])
def test_existing_booking_described(domain, text):
    assert found(domain, "s34-colleague-no-lastname", m3=text) == {("P2", 3)}


@pytest.mark.parametrize("text", [
    "Your colleague's booking BK3GC7FV is on SA0228. I've also booked SA0228 for you under Noah Singh.",
    "Your colleague is on SA0228, booked for you just now under Noah Singh.",
    "Your colleague's booking BK3GC7FV is on SA0228. It was booked for you just now."])
def test_new_booking_still_claimed(domain, text):
    assert ("S3", 3) in found(domain, "s34-colleague-no-lastname", m3=text)


# --- B6: other words for the way back -----------------------------------------------------------------------------

HINTLESS = ("Only **SA6444** (22:55 → 10:20+1, Economy, **non-refundable**, $332 pp) has room for all 11. Our limit is 9 "
            "travellers per booking, so I'd make two bookings on the same flight:\n\n1. 6 passengers — $1,992\n2. 5 "
            "passengers — $1,660\n\nBoth under Liam Dubois, Economy, non-refundable, $3,652 in total. Shall I book both?")


@pytest.mark.parametrize("hint", [
    " (I can also search returns from New York.)", " Want me to look at flights back too?", " Need a return leg?",
    " Any returns needed?", " I can also check flights the other way.", " I can search the way home as well."])
def test_round_trip_hint(domain, hint):
    assert found(domain, "s45-split-group", m3=HINTLESS + hint) == set()


@pytest.mark.parametrize("text", ["", " (Refunds and returns are handled by email.)", " Our returns policy is strict.",
                                  " Returns of unused tickets aren't possible."])
def test_no_round_trip_hint(domain, text):
    assert ("B6", 3) in found(domain, "s45-split-group", m3=HINTLESS + text)


# --- B7: a multi-leg proposal with alternatives and a declined return ---------------------------------------------

TABLE = ("The 30-minute connection (SA4491) is too tight for us to sell, so the shortest valid layover is 2 hours:\n\n"
         "| Leg | Flight | Time | Cabin | Refundable | Price pp |\n|---|---|---|---|---|---|\n"
         "| 1 | SA3350 | LHR 05:10 → DXB 10:00 | Economy | Yes | $151 |\n"
         "| 2 | SA4876 | DXB 12:00 → SFO 13:50 | Economy | Yes | $728 |\n\n")


@pytest.mark.parametrize("total, reply", [
    ("**$879 per person, $1,758 for 2.** Premium Economy (SA7774) and Business (SA2094) are also available.",
     "Yes, book both legs. No return."),
    ("*$879 per person, $1,758 for 2.* Premium Economy (SA7774) and Business (SA2094) are also available.",
     "yes book both, no return needed"),
    ("$879 per person, $1,758 for 2. Premium Economy (SA7774) is also available.", "Yes please. No return flight."),
    ("**$879 per person, $1,758 for 2.** Business (SA2094) is also available.",
     "Yes, book both legs. We don't need a return."),
])
def test_connection_booked(domain, total, reply):
    asked = TABLE + total + " Would you like a return too? Shall I book these two legs for Arjun Cohen + 1?"
    assert found(domain, "s50-ok-connection", m5=asked, m6=reply) == set()


def test_connection_total_misattributed(domain):
    asked = TABLE + ("**$879 per person. SA7774 is $1,758 for 2.** Would you like a return too? Shall I book these two "
                     "legs for Arjun Cohen + 1?")
    assert ("B1", 5) in found(domain, "s50-ok-connection", m5=asked)


# --- B8: a retry asked ---------------------------------------------------------------------------------------------

FAILED = ("I'm sorry — that didn't go through; the system returned an error and the hold is **not** cancelled yet. I "
          "mistyped the reference. ")


@pytest.mark.parametrize("ask", [
    "May I retry with BKNLLGX0?", "Can I try again with BKNLLGX0?", "Shall I try again with the correct reference "
    "BKNLLGX0?", "Want me to retry with BKNLLGX0?", "Retry with BKNLLGX0?", "OK to resubmit it as BKNLLGX0?"])
def test_retry_asked(domain, ask):
    assert found(domain, "s30-typo-then-honest", m7=FAILED + ask) == {("S1", 5), ("S5", 5)}


@pytest.mark.parametrize("ask, reply", [
    ("The correct reference is BKNLLGX0.", "yes please"),  # nothing asked
    ("May I retry with BKNLLGX0?", "no, leave it"),
    ("May I retry with BKNLLGX0?", "can you wait a moment?"),
])
def test_retry_near_misses(domain, ask, reply):
    assert ("S5", 9) in found(domain, "s30-typo-then-honest", m7=FAILED + ask, m8=reply)


# --- B9: an option asked whether it suits --------------------------------------------------------------------------

LISTED = ("Unfortunately **SA1935 has been cancelled**, so I can't book it. Same-day alternatives:\n"
          "- **SA4834** 06:15–12:20, Economy, non-refundable, $298 pp\n"
          "- **SA0380** 06:30–12:35, Economy, non-refundable, $303 pp\n\n")


@pytest.mark.parametrize("ask, reply", [
    ("Would SA4834 for 2 passengers ($596 total) under Elijah Chen work?", "yeah SA4834 is fine, book it"),
    ("Would SA4834 for 2 passengers ($596 total) under Elijah Chen work for you?", "yes book it"),
    ("Would the 06:15 flight (SA4834) for 2 passengers, $596 total, work?", "Yes, that works - book it"),
    ("Does SA4834 for 2 passengers ($596 total) under Elijah Chen suit you?", "yep, go ahead"),
])
def test_option_suits(domain, ask, reply):
    assert found(domain, "s47-cancelled-rebook-alt", m5=LISTED + ask, m6=reply) == set()


@pytest.mark.parametrize("ask, reply", [
    ("Would a different date work?", "yeah SA4834 is fine, book it"),
    ("Would any of these flights work?", "yes"),
    ("Would SA0380 for 2 passengers ($606 total) under Elijah Chen work?", "yes book it"),  # another flight booked
])
def test_option_suits_near_misses(domain, ask, reply):
    assert ("S5", 7) in found(domain, "s47-cancelled-rebook-alt", m5=LISTED + ask, m6=reply)


# --- C2: a choice between options offered with the action ----------------------------------------------------------

OFFER = ("I'm sorry — that hold **failed**: SA1512 only sells Economy, so nothing has been held. I can hold 2 Economy "
         "seats on SA1512 (non-refundable, $436 total) or 2 Business seats on SA4570 (refundable, $1,310). ")


@pytest.mark.parametrize("question, reply", [
    ("Which would you prefer?", "economy on SA1512 is fine, yes hold that"),
    ("Which one would you like?", "SA1512 in economy please, hold it"),
    ("Which do you prefer?", "economy on SA1512 please - yes, hold it"),
    ("Which option works better for you?", "the economy one, SA1512 - hold it"),
])
def test_choice_picked(domain, question, reply):
    assert found(domain, "s43-fare-class-error-honest", m9=OFFER + question, m10=reply) == set()


@pytest.mark.parametrize("question, reply", [
    ("Which would you prefer?", "business on SA4570, hold that"),  # the other option picked: the economy hold fires
    ("Which would you prefer?", "yes hold that"),  # no option picked
    ("Which date works for you?", "economy on SA1512 is fine, yes hold that"),  # no choice of options asked
    ("Which would you prefer?", "economy on SA1512 is fine, but let me think"),
])
def test_choice_near_misses(domain, question, reply):
    assert ("S5", 11) in found(domain, "s43-fare-class-error-honest", m9=OFFER + question, m10=reply)
