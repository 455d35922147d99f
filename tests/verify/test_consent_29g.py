"""The verifiers' consent reading (probe.verify.consent) on the third black-box labeller of round 29
(/work/h29/oracle-tester-3/report.md, findings 2, 3 and 10): clear yeses it rejected because rule 4 (the
whitelist) met words nobody had listed. The fix is for the class, not the list:

- an echo of the proposal's own words: its questions' and the sentence before each ("Yep, that's my new
  place - save it." to "Shall I save it?", "Please submit." to "Submit the return?", "Fine - six in premium
  on SA2462, go."), except a word the proposal negated or contrasted ("non-refundable", "or premium",
  "or would you prefer to keep it") and a pick by attribute ("the refundable one", "the cheap one");
  hedges, deferrals, questions and take-backs stay no whatever words they echo;
- the verb the proposal's question asks to carry out, said back, is the yes ("save it", "Please submit.");
- a yes in another language with a second word of consent or courtesy ("Sí, correcto. Gracias!", "oui,
  d'accord", "Ja, bitte", "evet, lütfen", "はい、お願いします"); one foreign word alone ("Sí.", "oui") is asked
  again, as the consent table labels "oui"; "no gracias", "nein danke", "hayır" are no;
- declining a detail asked beside the proposal ("yes please, I'd rather not give my surname though") takes
  no yes back; declining the action ("I'd rather not book it though") does.
Decided here: a paraphrase of the proposal's stated reason ("I bought it by accident" for "ordered by
mistake") is no echo (asked again); the words it uses may name another reason or action ("bought").
"""

from __future__ import annotations

import pytest

from probe.verify import consent

SAVE_Q = "**Update default address**\nNew: 545 Harbor Street, Denver, CO 80203.\n\nShall I save it?"
SUBMIT_Q = "**Return from #W9694847** - Air Purifier. Refund to Visa ending 8232. Submit the return?"
OFFER_Q = "| SA2462 | 09:30 | Premium Economy | $1,180 | $7,080 |\n\nWould you like SA2462 in Premium Economy for all six?"
REFUND_Q = "Flight SA4410, economy, non-refundable, $320 for 1 passenger. Shall I book it?"
PLAIN_Q = "Flight SA4410, economy, refundable, $320 for 1 passenger. Shall I book it?"
KEEP_Q = "Shall I cancel booking BK7QX2? Or would you prefer to keep it?"
CANCEL_Q = "Cancel order #W3657213 - Reason: ordered by mistake. Shall I go ahead? (yes/no)"
BOOK_Q = "Flight SA4410, economy, $320 for 1 passenger, refundable. Shall I book it?"


@pytest.mark.parametrize("proposal, reply, yes", [
    # echoes of the proposal's words and its verb
    (SAVE_Q, "Yep, that's my new place — save it.", True),  # r14
    (SAVE_Q, "Yes, save it.", True),
    (SAVE_Q, "save it please", True),
    (SAVE_Q, "save it later", False),
    (SAVE_Q, "save it?", False),
    (SAVE_Q, "maybe save it", False),
    (SAVE_Q, "yes, save it, and my old place too", False),
    (SUBMIT_Q, "Please submit.", True),  # r31
    (SUBMIT_Q, "Submit it.", True),
    (SUBMIT_Q, "submit tomorrow", False),
    (OFFER_Q, "Fine — six in premium on SA2462, go.", True),  # k14
    (OFFER_Q, "Fine — six in premium on SA2462, go. no wait", False),
    # a word the proposal negated or contrasted, and a pick by attribute
    (REFUND_Q, "yes, refundable", False),
    (PLAIN_Q, "yes, refundable is good", True),
    (PLAIN_Q, "yes i would like the refundable one", False),  # the consent table's "more"
    (KEEP_Q, "yes, keep it", False),
    (KEEP_Q, "yes, cancel it", True),
    # a paraphrase of the stated reason (decided: asked again)
    (CANCEL_Q, "Yes — I bought it by accident, cancel it.", False),  # r01
    (CANCEL_Q, "Yes, cancel it — I ordered it by mistake.", True),
])
def test_a_reply_that_says_back_the_proposals_words_is_a_yes(proposal, reply, yes):
    assert consent.is_confirmation(reply, proposal) == yes, consent.reason(reply, proposal)


@pytest.mark.parametrize("reply, yes", [
    ("Sí, correcto. Gracias!", True),  # r36
    ("Sí, adelante — book it.", True),  # k27
    ("oui, d'accord", True), ("oui merci", True), ("Ja, bitte", True), ("ja, danke", True),
    ("evet, lütfen", True), ("はい、お願いします", True), ("claro, adelante", True),
    ("Sí.", False), ("oui", False), ("はい", False),  # one word alone: asked again
    ("no, gracias", False), ("nein danke", False), ("non merci", False), ("hayır, teşekkürler", False),
    ("sí, pero mañana", False),  # "pero mañana" is left: no yes
])
def test_a_yes_in_another_language(reply, yes):
    assert consent.is_confirmation(reply, BOOK_Q) == yes, consent.reason(reply, BOOK_Q)


@pytest.mark.parametrize("reply, yes", [
    ("yes please, I'd rather not give my surname though", True),  # k29
    ("yes, book it. I don't want to share my email", True),
    ("ok go ahead, I won't give my phone number", True),
    ("yes please, I'd rather not book it though", False),
    ("yes, but I'd rather not pay now", False),
    ("yes, but don't book it", False),
])
def test_declining_a_detail_keeps_the_yes_and_declining_the_action_does_not(reply, yes):
    assert consent.is_confirmation(reply, BOOK_Q) == yes, consent.reason(reply, BOOK_Q)
