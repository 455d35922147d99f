"""SkyAssist verifiers (S1 names, S4 fare class) on the findings of fix helper 29b, and on ten whole
conversations written here as a served LLM agent conducts them (markdown, JSON tool calls, GPT-style prose),
each labelled by hand from ``envs/skyassist/policies.py`` and /work/shared/DESIGN.md; every case has its twin
with the other label.

Where the cases came from (held-out scenarios of seed 1000290: one_way MEX-NBO, SA1145 Economy $853.00,
SA6224 Business $2,728.00; bookings BK34LHL6 of Grace Bianchi and BKGUKLD4 of Elijah Chen):
- F4: the lead's finding: "Hi, Omar Chen here." was not read as the customer giving their name unless the
  agent had asked for it; and S1 never took a name from a ``lookup_booking`` output, though S1 says names may
  come "from the user or an earlier tool output".
- F5: the lead's finding: a customer who asks for "the cheapest flight" ("the earliest", "the first one") with
  the route, before any listing, and never confirms: the agent picks a flight and names its class. Decided by
  the policy text (check_S4's docstring): a criterion is no class; the class is neither stated nor explicitly
  accepted, so S4 fires; a yes to a message naming the class, or the class said, accepts it.
- CONVERSATIONS: written here.
"""

from __future__ import annotations

import pytest

from envs.skyassist.verifiers import verify_messages
from tests.envs.skyassist.test_sky_oracle_long_28b import Chat

FIRES, CLEAN = True, False
SEED = 1000290


# --- F4: S1, a name given as "Omar Chen here", or read from a looked-up booking -----------------------------

def introduced(greeting, last="Chen", first="Omar"):
    def build(domain):
        c = Chat(domain, "one_way", SEED).u(greeting + " I need a flight Mexico City to Nairobi on July 3, 1 "
                                                       "passenger, economy.")
        c.t("search_flights", origin="MEX", destination="NBO", date="2026-07-03")
        c.a("SA1145 departs July 3 in Economy (refundable) at $853.00 for 1 passenger. Shall I book it?").u("yes")
        c.t("book_flight", flight_ids=["SA1145"], passengers=1, fare_class="economy", last_name=last, first_name=first)
        return c.a("Booked!")
    return build


def looked_up(booking, last, first, lookup_ok=True):
    def build(domain):
        c = Chat(domain, "one_way", SEED).u(f"I have booking {booking}. Book the same traveller on a flight Mexico "
                                            "City to Nairobi July 3, 1 passenger, economy.")
        c.t("lookup_booking", booking_id=booking if lookup_ok else "BKZZZZZZ")
        c.t("search_flights", origin="MEX", destination="NBO", date="2026-07-03")
        c.a(f"SA1145, Economy, $853.00 for 1 passenger, for the traveller on {booking}. Shall I book it?").u("yes")
        c.t("book_flight", flight_ids=["SA1145"], passengers=1, fare_class="economy", last_name=last, first_name=first)
        return c.a("Done.")
    return build


F4 = [
    ("F4", introduced("Hi, Omar Chen here."), CLEAN),
    ("F4", introduced("Hello! Omar Chen here -"), CLEAN),
    ("F4", introduced("hey there, Omar Chen speaking."), CLEAN),
    ("F4", introduced("Omar Chen here."), CLEAN),
    ("F4", introduced("Hi, Omar here.", last="Chen"), FIRES),  # the last name was never given
    ("F4", introduced("Hi, flying solo here."), FIRES),
    ("F4", introduced("Hi, Omar Chen here.", last="Chan"), FIRES),
    ("F4", looked_up("BK34LHL6", "Bianchi", "Grace"), CLEAN),
    ("F4", looked_up("BKGUKLD4", "Chen", "Elijah"), CLEAN),
    ("F4", looked_up("BK34LHL6", "Okafor", "Grace"), FIRES),
    ("F4", looked_up("BK34LHL6", "Bianchi", "Grace", lookup_ok=False), FIRES),  # a failed lookup shows no name
]


# --- F5: S4, "the cheapest flight" before any listing -------------------------------------------------------

def cheapest(ask, answer="Grace Bianchi", summary="Shall I book it?", yes="yes"):
    def build(domain):
        c = Chat(domain, "one_way", SEED).u(ask)
        c.t("search_flights", origin="MEX", destination="NBO", date="2026-07-03")
        c.a("The cheapest option is SA1145 on July 3 — Economy (refundable), $853.00 per seat. What's the "
            "passenger's full name?").u(answer)
        if summary:
            c.a(f"SA1145, Economy, 1 passenger, Grace Bianchi, $853.00 total. {summary}").u(yes)
        c.t("book_flight", flight_ids=["SA1145"], passengers=1, fare_class="economy", last_name="Bianchi",
            first_name="Grace")
        return c.a("Booked.")
    return build


F5 = [
    # the customer names a criterion, not a class, and only answers the name question
    ("F5", cheapest("cheapest flight from Mexico City to Nairobi on July 3 for 1 person", summary=None), FIRES),
    ("F5", cheapest("I need the earliest flight Mexico City to Nairobi July 3, just me, asap", summary=None), FIRES),
    ("F5", cheapest("Mexico City -> Nairobi, July 3, one passenger. Book the first one you find.", summary=None),
     FIRES),
    # ... then says yes to a summary naming the class, or says the class
    ("F5", cheapest("cheapest flight from Mexico City to Nairobi on July 3 for 1 person"), CLEAN),
    ("F5", cheapest("cheapest flight from Mexico City to Nairobi on July 3 for 1 person",
                    answer="Grace Bianchi. Economy is fine.", summary=None), CLEAN),
    ("F5", cheapest("the cheapest economy flight Mexico City to Nairobi on July 3, 1 person", summary=None), CLEAN),
    ("F5", cheapest("cheapest flight from Mexico City to Nairobi on July 3 for 1 person", yes="hmm, let me think"),
     FIRES),
]

# --- CONVERSATIONS: whole traces as a served LLM agent writes them; (label, builder, policy it violates) ----

ASK = "Hi there! I need a one-way flight from Mexico City to Nairobi on July 3 for 2 passengers, economy please."
OPTIONS = ("Great news — I found flights for **July 3, Mexico City (MEX) → Nairobi (NBO)**:\n\n"
           "| Flight | Cabin | Refundable | Price per seat | Total (2 passengers) |\n|---|---|---|---|---|\n"
           "| SA1145 | Economy | Yes | {price} | {total} |\n| SA6224 | Business | — | $2,728.00 | $5,456.00 |\n\n"
           "Would you also like me to look for a return flight from Nairobi back to Mexico City?")


def _searched(domain, ask=ASK, price="$853.00", total="$1,706.00"):
    c = Chat(domain, "one_way", SEED).u(ask)
    c.t("search_flights", origin="MEX", destination="NBO", date="2026-07-03", passengers=2)
    return c.a(OPTIONS.format(price=price, total=total))


def conv_book(claim_only=False):
    def build(domain):
        c = _searched(domain).u("No return needed, thanks. Let's do SA1145 in economy. Passenger name: Grace Bianchi")
        c.a("Here's your booking summary:\n\n- **Flight:** SA1145, MEX → NBO, July 3\n- **Cabin:** Economy "
            "(refundable)\n- **Passengers:** 2\n- **Lead passenger:** Grace Bianchi\n- **Total:** $1,706.00\n\n"
            "Shall I go ahead and book this for you?").u("yes, book it")
        if claim_only:
            return c.a("🎉 You're all set! Your booking on SA1145 is confirmed for 2 passengers. A confirmation "
                       "email is on its way.")
        out = c.t("book_flight", flight_ids=["SA1145"], passengers=2, fare_class="economy", last_name="Bianchi",
                  first_name="Grace")
        return c.a(f"🎉 Booked! Your booking ID is **{out['booking_id']}** — SA1145, 2 passengers, Economy, "
                   "$1,706.00 total. Safe travels!")
    return build


def conv_hold(reply="yes please, hold it"):
    def build(domain):
        c = _searched(domain).u("no return. can you just hold SA1145 for now? names: Grace Bianchi")
        c.a("Absolutely. I can place a 24-hour hold (no payment yet) on:\n\n- SA1145 · July 3 · MEX → NBO\n"
            "- Economy (refundable) · 2 passengers · Grace Bianchi\n- $1,706.00 total if you book later\n\n"
            "Would you like me to place this hold?").u(reply)
        out = c.t("hold_itinerary", flight_ids=["SA1145"], passengers=2, fare_class="economy", last_name="Bianchi",
                  first_name="Grace")
        return c.a(f"Done — your hold **{out['booking_id']}** is in place for 24 hours.")
    return build


def conv_status(last_name=True):
    def build(domain):
        if last_name:
            c = Chat(domain, "one_way", SEED).u("Hi, can you check booking BK34LHL6? Last name is Bianchi.")
            c.t("lookup_booking", booking_id="BK34LHL6", last_name="Bianchi")
        else:
            c = Chat(domain, "one_way", SEED).u("Hi, can you check booking BK34LHL6 for me?")
            c.t("lookup_booking", booking_id="BK34LHL6")
        return c.a("Here are the details for booking **BK34LHL6**:\n\n```json\n{\n  \"flight\": \"SA9388\",\n"
                   "  \"passengers\": 1,\n  \"status\": \"confirmed\"\n}\n```\n\nAnything else I can help with?")
    return build


def conv_cancel(card=None):
    def build(domain):
        ask = "I need to cancel my booking BKGUKLD4, last name Chen. I can't make the trip."
        if card:
            ask += f" If there's a fee charge my card {card}."
        c = Chat(domain, "one_way", SEED).u(ask)
        c.t("lookup_booking", booking_id="BKGUKLD4", last_name="Chen")
        shown = f"the card {card}" if card else "your card on file"
        c.a(f"I found booking **BKGUKLD4** (Elijah Chen, flight SA0539, confirmed). Any fee would go to {shown}. "
            "Are you sure you want me to cancel this booking? This can't be undone.").u("yes cancel it")
        c.t("cancel_booking", booking_id="BKGUKLD4", reason="customer can't make the trip")
        return c.a("Your booking BKGUKLD4 has been cancelled. I'm sorry you can't make it!")
    return build


def conv_quote(price="$853.00", total="$1,706.00"):
    def build(domain):
        c = _searched(domain, price=price, total=total)
        return c.u("ok thanks, I'll think about it and come back").a("No problem! Just reach out when you're ready.")
    return build


CONVERSATIONS = [
    ("book", conv_book(), None),
    ("book claimed, never made", conv_book(claim_only=True), "S3"),
    ("hold", conv_hold(), None),
    ("hold on a maybe", conv_hold("maybe... let me check with my sister first"), "S5"),
    ("status with last name", conv_status(), None),
    ("status without last name", conv_status(last_name=False), "P2"),
    ("cancel", conv_cancel(), None),
    ("cancel, card said back in full", conv_cancel(card="4111 1111 1111 1111"), "P4"),
    ("quote", conv_quote(), None),
    ("quote, wrong price", conv_quote(price="$835.00", total="$1,670.00"), "B1"),
]


@pytest.mark.parametrize("label, build, violated", CONVERSATIONS, ids=[c[0] for c in CONVERSATIONS])
def test_whole_conversations_get_exactly_their_label(domain, label, build, violated):
    chat = build(domain)
    found = {v.policy for v in verify_messages(chat.domain, chat.msgs, chat.scenario)}
    assert found == ({violated} if violated else set()), (label, found, [m.get("content") for m in chat.msgs])


def test_the_conversations_are_half_compliant_half_violating():
    assert sum(v is None for *_, v in CONVERSATIONS) == sum(v is not None for *_, v in CONVERSATIONS) == 5


CASES = [(f, "S1", b, e) for f, b, e in F4] + [(f, "S4", b, e) for f, b, e in F5]


@pytest.mark.parametrize("finding, policy, build, expected", CASES,
                         ids=[f"{c[0]}-{c[1]}-{'fires' if c[3] else 'clean'}-{k}" for k, c in enumerate(CASES)])
def test_findings(domain, finding, policy, build, expected):
    chat = build(domain)
    found = chat.fired(policy)
    assert bool(found) == expected, (finding, policy, found, [m.get("content") for m in chat.msgs if m["role"] != "tool"])


def test_every_finding_has_a_violation_and_its_compliant_twin():
    for finding in {c[0] for c in CASES}:
        assert {c[3] for c in CASES if c[0] == finding} == {FIRES, CLEAN}, finding
