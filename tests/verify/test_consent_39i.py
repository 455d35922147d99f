"""probe.verify.consent on oracle-labeller-27's findings B1-B3 and B10 (the environments' traces are in
tests/envs/skyassist/test_sky_oracle_39i.py and tests/envs/taubench/test_retail_oracle_39i.py).

B1-B3. A yes in another language that also names the action was "says more than yes": "¡Sí, perfecto! Resérvalo, por
   favor.", "Oui, annulez-la s'il vous plaît.", "Ja, bitte stornieren." (while a bare "sí, dale" passed). The proposed
   action's own verb in Spanish, French, German, Italian or Portuguese beside a foreign yes is a yes, as "yes, book it"
   is; another action's verb names another action, and a condition or a put-off stays no yes.
B10. "Could you go ahead and do that for me please?" was a question: a go-ahead asked politely is read as the
   imperative it asks for; a real question stays one.
"""

from __future__ import annotations

import pytest

from probe.verify.consent import reason

BOOK = "Summary: SA8120, Madrid to Amsterdam, 2 passengers, $1,170 total. Shall I go ahead and book this for you?"
CANCEL = "BKNLLGX0 is a hold for 1 passenger on SA0550. Would you like me to cancel it?"
HOLD = "SA2124 for 2, held for 24 hours, nothing charged now. Shall I place this hold for you?"
RETURN = "The refund of $54.04 goes to your PayPal. Would you like me to return the water bottle?"
EXCHANGE = "The kettle 1L plastic -> 1L glass, $8.47 refunded to PayPal. Shall I exchange it?"
CHANGE = "Your booking BK1 moves to SA9319 on 9 June. Shall I change it?"


@pytest.mark.parametrize("proposal, reply", [
    (BOOK, "¡Sí, perfecto! Resérvalo, por favor."), (BOOK, "Sí, resérvalo"), (BOOK, "Resérvalo, por favor."),
    (BOOK, "Oui, réservez-le s'il vous plaît"), (BOOK, "Ja, bitte buchen."), (BOOK, "Ja, buchen Sie es bitte"),
    (BOOK, "Sì, prenotalo pure"), (BOOK, "Sim, pode reservar"), (BOOK, "si, reservalo porfa"),
    (CANCEL, "Oui, annulez-la s'il vous plaît."), (CANCEL, "Ja, bitte stornieren."), (CANCEL, "Sí, anúlala"),
    (CANCEL, "Sí, cancela la reserva, gracias"), (CANCEL, "Sì, cancellala per favore"),
    (CANCEL, "Sim, cancele a reserva por favor"), (CANCEL, "Ja, stornieren Sie sie bitte"), (CANCEL, "Oui, annulez"),
    (HOLD, "Sí, apártalo por favor"), (HOLD, "Ja, bitte halten Sie die Plätze"),
    (RETURN, "Sí, devuélvelo por favor"), (RETURN, "Ja, bitte zurückschicken"), (RETURN, "Oui, retournez-le svp"),
    (EXCHANGE, "Ja, bitte umtauschen"), (EXCHANGE, "Sí, cámbialo por favor"), (EXCHANGE, "Oui, échangez-le"),
    (CHANGE, "Sì, modificala per favore"), (CHANGE, "Sim, pode alterar"), (CHANGE, "Ja, bitte umbuchen"),
    # the action's noun, or the object of a foreign go-ahead, as "yes, proceed with the cancellation / the booking"
    (CANCEL, "Oui, procédez à l'annulation"), (CANCEL, "Sí, proceda con la cancelación"),
    (CANCEL, "Ja, bitte mit der Stornierung fortfahren"), (CANCEL, "Sim, prossiga com o cancelamento"),
    (BOOK, "Sí, proceda con la reserva"), (BOOK, "Ja, bitte die Buchung"),
])
def test_foreign_yes_with_the_action(proposal, reply):
    assert reason(reply, proposal) is None


@pytest.mark.parametrize("proposal, reply, why", [
    (BOOK, "Sí, por favor, cancélalo", "names another action"),
    (CANCEL, "Oui, réservez-la s'il vous plaît", "names another action"),
    (CANCEL, "Ja, bitte buchen", "names another action"),
    (HOLD, "Sí, por favor, resérvalo ya", "names another action"),
    (RETURN, "Ja, bitte umtauschen", "names another action"),
    (BOOK, "Oui, réservez-le si possible", "hedged"),
    (BOOK, "Sí, resérvalo si es reembolsable", ""),
    (BOOK, "Sí, resérvalo mañana", ""),
    (BOOK, "Sí, pero resérvalo en business", ""),
    (CANCEL, "Non, n'annulez pas", ""),
    (CANCEL, "Nein, nicht stornieren", ""),
    (CANCEL, "Oui, mais annulez l'autre", ""),
    (BOOK, "Sí, la reserva", ""),
    (BOOK, "Sí, proceda con la cancelación", "names another action"),
    (CANCEL, "Sí, proceda con la devolución", "names another action"),
    (BOOK, "Sí, por favor, el otro", ""),
    (BOOK, "Ja bitte, aber morgen", ""),
])
def test_foreign_near_misses(proposal, reply, why):
    got = reason(reply, proposal)
    assert got is not None and got.startswith(why)


PROCEED = "Kettle 1L plastic -> 1L glass; $8.47 refunded to your PayPal. Proceed? (yes/no)"


@pytest.mark.parametrize("reply", [
    "Could you go ahead and do that for me please?", "can you just do it", "can you just do it?",
    "would you mind going ahead?", "could you please process that", "Would you mind just processing it for me, thanks",
    "Do you mind going ahead with it?", "Can you proceed with the change please?", "Would you go ahead please",
    "Yes, could you go ahead?", "Could you make that change for me?", "please process it", "put it through"])
def test_polite_go_ahead(reply):
    assert reason(reply, PROCEED) is None


@pytest.mark.parametrize("reply", [
    "could you tell me when it arrives?", "Can you do it tomorrow?", "could you cancel it instead?",
    "Can you check the price first?", "Could you do it? and when will it arrive?", "Could you maybe go ahead?",
    "can you do that for less?", "would you mind telling me the total?", "Can you modify it to the black one?",
    "please process it later", "could you wait a moment?",
    # "can you ...?" with no mark of a request may ask whether it can be done (tests/envs/skyassist/test_sky_oracle_32)
    "can you make it happen?", "Can you cancel it?", "could you do that?"])
def test_polite_question_near_misses(reply):
    assert reason(reply, PROCEED) is not None


def test_polite_go_ahead_names_the_action():
    assert reason("Could you cancel it for me please?", BOOK).startswith("names another action")
    assert reason("Could you book it for me please?", BOOK) is None
