"""The verifiers' reading of a claim written in Spanish, French, German, Portuguese or Italian (policy S3).

An agent that answers a customer in their language may claim a booking in it: "¡Listo! Su reserva en el vuelo
SA8120 ya está confirmada.", "Votre réservation est confirmée", "Ihre Buchung ist bestätigt", "Sua reserva está
confirmada", "La sua prenotazione è confermata". ``in_english`` rewrites a sentence that holds a word of such a
claim (a participle of booking, confirming, reserving, cancelling, changing or holding, or a word for a booking)
into the English words ``verify_claims`` reads, phrase by phrase:
  - the participles and states: confirmada / confirmée / bestätigt / confermata -> "confirmed"; reservado /
    réservé / reserviert -> "reserved"; gebucht / prenotato / emitido / émis -> "booked" / "issued"; cancelada /
    annulée / storniert / cancellata -> "cancelled"; cambiado / modifiée / geändert / umgebucht -> "changed";
    en espera / en attente / in attesa -> "on hold"; with "está / est / ist / è / foi / a été / wurde" -> "is";
  - the agent's perfect: "he / hemos / j'ai / nous avons / ich habe / wir haben / ho / abbiamo" -> "I have";
  - what makes a sentence no claim: a negation (no + verb, ne / pas, nicht / kein, não, non, nunca / jamais / mai)
    -> "not"; a condition or a future ("una vez que", "cuando", "si", "une fois que", "sobald", "wenn", "assim
    que", "se", "voy a", "je vais", "werde", "vou", "posso", future endings -ré / -rai / -rei / -rò) -> "once" /
    "will"; a question ("¿", "?") stays a question.
A sentence with no such word is returned as it is, so English text is never rewritten. The wording tables are
the oracle's own; the reference target writes its replies with separate code.
"""

from __future__ import annotations

import re
from functools import lru_cache

# a word of a claim in one of the five languages: without one, a sentence is left alone
_MARK = re.compile(r"\b(?:confirmad[oa]s?|confirmée?s?|bestätigt|confermat[oaie]|reservad[oa]s?|réservée?s?|reserviert|"
                   r"gebucht|prenotat[oaie]|emitid[oa]s?|émise?s?|ausgestellt|emess[oaie]|cancelad[oa]s?|annulée?s?|"
                   r"anulad[oa]s?|storniert|cancellat[oaie]|annullat[oaie]|cambiad[oa]s?|modificad[oa]s?|modifiée?s?|"
                   r"geändert|umgebucht|alterad[oa]s?|modificat[oaie]|spostat[oaie]|en espera|en attente|in attesa|"
                   r"em espera|reservas?|réservations?|buchung(?:en)?|prenotazion[ei]|billets?|bilhetes?|biglietti?|"
                   r"retenid[oa]|retención)\b", re.I)

_PHRASES = [(re.compile(p, re.I), r) for p, r in (
    # Portuguese "no voo", "na reserva": "on the", no negation
    (r"\b(?:no|na|nos|nas)\s+(?=(?:voos?|reservas?|bilhetes?)\b)", " on "),
    # a condition or a future: "una vez que", "une fois que", "sobald", "assim que", "se confermi"
    (r"\b(?:una vez que|en cuanto|tan pronto como|cuando|une fois que|dès que|lorsque|quand|sobald|wenn|falls|"
     r"assim que|quando|logo que|una volta che|appena|non appena)\b", " once "),
    (r"(?:^|(?<=\W))(?:si|se)\b(?!\s+(?:ha|han|he|a|è|é|foi)\b)", " if "),
    (r"\b(?:voy a|vamos a|puedo|podemos|podría|quiere|desea|je vais|nous allons|je peux|pouvons|pourrais|voulez|"
     r"souhaitez|werde|werden|wird|kann|können|möchten|soll|sollen|vou|vamos|posso|podemos|gostaria|quer|"
     r"possiamo|vuole|vorrebbe|devo)\b", " will "),
    (r"\b\w+(?:ré|rá|remos|rán|rai|rons|ront|rei|rão|rò|rà|remo|ranno)\b", " will "),
    # a negation: "no está", "n'est pas", "nicht", "não", "non"
    (r"\bno\s+(?=(?:se|lo|la|le|les|me|nos|ha|han|he|hemos|es|está|esta|están|fue|fueron|pude|pudo|pudimos|hay|"
     r"queda|quedó)\b)", " not "),
    (r"\b(?:n'|ne\b|pas\b|jamais|aucune?|nicht|kein\w*|niemals|nie\b|não|nenhum\w*|non\b|nunca|tampoco|ningún|"
     r"ninguna|nessun\w*|noch nicht|todavía no|ainda não|non ancora)", " not "),
    # the agent's perfect: "he reservado", "j'ai réservé", "ich habe ... gebucht", "ho prenotato"
    (r"\b(?:he|hemos|j'ai|j’ai|nous avons|ich habe|wir haben|ho|abbiamo|eu|nós)\b", " I have "),
    # states: "está confirmada", "est confirmée", "ist bestätigt", "è confermata", "foi confirmada"
    (r"\b(?:ya\s+)?(?:está|esta|están|estan|es|son|ha sido|han sido|fue|fueron|queda|quedó|est|sont|a été|ont été|"
     r"ist|sind|wurde|wurden|ist jetzt|è stat[oaie]|sono stat[oaie]|è|sono|foi|foram|estão)\b", " is "),
    (r"\b(?:en espera|en attente|in attesa|em espera|retenid[oa]s?)\b", " on hold "),
    (r"\b(?:confirmad[oa]s?|confirmée?s?|bestätigt|confermat[oaie])\b", " confirmed "),
    (r"\b(?:reservad[oa]s?|réservée?s?|reserviert|reservei|reservé)\b", " reserved "),
    (r"\b(?:gebucht|prenotat[oaie])\b", " booked "),
    (r"\b(?:emitid[oa]s?|émise?s?|ausgestellt|emess[oaie])\b", " issued "),
    (r"\b(?:cancelad[oa]s?|annulée?s?|anulad[oa]s?|storniert|cancellat[oaie]|annullat[oaie])\b", " cancelled "),
    (r"\b(?:cambiad[oa]s?|modificad[oa]s?|modifiée?s?|geändert|umgebucht|alterad[oa]s?|modificat[oaie]|"
     r"spostat[oaie])\b", " changed "),
    # the booking and the flight: "su reserva", "votre réservation", "Ihre Buchung", "la sua prenotazione"
    (r"\b(?:su|sus|tu|votre|vos|ihre|ihr|sua|seu|suas|seus|la sua|il suo|le sue|i suoi)\b", " your "),
    (r"\b(?:reservas?|reservación|réservations?|buchung(?:en)?|reservierung|prenotazion[ei])\b", " booking "),
    (r"\b(?:billets?|billetes?|bilhetes?|biglietti?|tickets?)\b", " ticket "),
    (r"\b(?:vuelos?|vols?|flug|flüge|voos?|vol[oi])\b", " flight "),
    (r"¿", " "),
)]


@lru_cache(1 << 14)
def in_english(sentence: str) -> str:
    """The sentence in the English words of a claim when it holds a word of a claim in Spanish, French, German,
    Portuguese or Italian (``_MARK``); else the sentence unchanged."""
    if not sentence or not _MARK.search(sentence):
        return sentence
    out = sentence
    for pat, plain in _PHRASES:
        out = pat.sub(plain, out)
    return re.sub(r"[ \t]{2,}", " ", out)
