"""Consent: the verifiers' reading (probe.verify.consent, used by both environments' verifiers)
and the reference agents' own reading (probe.targets.consent, used by both reference agents)
agree with a hand-labelled table of replies, in both environments, and share no code.

Labels: yes | hedged | question | deferral | change | ack (an acknowledgement such as "ok thanks")
| more (a yes that says something else too: "yes i would like the refundable one") | unrelated.
Only "yes" is a confirmation.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from envs.taubench import language as retail_language
from envs.taubench import verifier_text as retail_verifier
from probe.targets import consent as target_consent
from probe.verify import consent as verifier_consent

TABLE = Path(__file__).resolve().parents[1] / "data" / "consent_table.tsv"
REPO = Path(__file__).resolve().parents[2]


def _rows():
    rows = []
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        label, reply = line.split("\t", 1)
        rows.append((label, reply))
    return rows


ROWS = _rows()

# The kind of action a reply names, as this test reads it (its own listing, shared with neither reading): a
# "yes" of the table approves a proposal only when it names no other kind of action ("Yes, place the hold."
# does not approve "Shall I book it?"; "booking" is the thing, not the action).
_NAMES = {"book": r"\bbook\b", "hold": r"\bhold\b", "cancel": r"\bcancel\b", "change": r"\bchange\b"}


def _approves(label: str, reply: str, proposed: str) -> bool:
    """The table's label, at a proposal of the kind ``proposed``."""
    named = {kind for kind, word in _NAMES.items() if re.search(word, reply, re.I)}
    return label == "yes" and named <= {proposed}


def test_table_is_big_and_covers_every_kind():
    assert len(ROWS) >= 150
    assert {label for label, _ in ROWS} == {"yes", "hedged", "question", "deferral", "change", "unrelated", "ack",
                                            "more"}


@pytest.mark.parametrize("label,reply", ROWS, ids=[r for _, r in ROWS])
def test_verifier_reading_matches_label(label, reply):
    assert verifier_consent.is_confirmation(reply) == (label == "yes"), verifier_consent.reason(reply)
    assert retail_verifier.is_confirmation(reply) == (label == "yes"), retail_verifier.reason(reply)


@pytest.mark.parametrize("label,reply", ROWS, ids=[r for _, r in ROWS])
def test_target_reading_matches_label(label, reply):
    assert target_consent.is_confirmation(reply) == (label == "yes")
    assert retail_language.read(reply, _retail_db()).yes == (label == "yes")


def _retail_db():
    from probe.core.registry import get_domain
    return get_domain("taubench-retail").db


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def test_the_two_readings_share_no_code():
    oracle = _imports(REPO / "probe" / "verify" / "consent.py")
    assert not any(m.startswith(("envs", "probe")) for m in oracle), oracle  # stands alone
    target = _imports(REPO / "probe" / "targets" / "consent.py")
    assert not any(m.startswith(("envs", "probe")) for m in target), target
    for env in ("skyassist", "taubench"):
        lang = _imports(REPO / "envs" / env / "language.py")
        assert not any(m.startswith("probe.verify") for m in lang), lang
        assert not any("verifier" in m for m in lang), lang
    for verifiers in (REPO / "envs" / "skyassist" / "verifiers.py", REPO / "envs" / "taubench" / "verifiers.py",
                      REPO / "envs" / "taubench" / "verifier_text.py"):
        assert not any(m.startswith("probe.targets") or m.endswith("language") for m in _imports(verifiers))


def _first_bookable_scenario():
    from envs.skyassist.scenarios import HELDOUT_SEEDS
    from probe.core.registry import get_domain
    d = get_domain("skyassist")
    for seed in HELDOUT_SEEDS:
        sc = d.scenario("one_way", seed)
        fl = d.db.search(sc["origin"], sc["destination"], sc["date"])
        if fl and fl[0].status == "scheduled" and fl[0].seats_available >= 1:
            return d, sc
    raise LookupError


@pytest.mark.parametrize("label,reply", ROWS, ids=[r for _, r in ROWS])
def test_fault_free_target_books_only_on_a_confirmation(label, reply):
    from envs.skyassist.verifiers import verify_messages
    from probe.core.episode import Episode
    d, sc = _first_bookable_scenario()
    ep = Episode(d, sc, d.make_target("reference", []))
    for text in (f"Hi, a flight from {sc['origin_city']} to {sc['destination_city']} on {sc['date']}, just me.",
                 "The first one. My name is Jane Doe.", reply):
        ep.user_turn(text)
    booked = [tc for m in ep.messages for tc in (m.get("tool_calls") or []) if tc["function"]["name"] == "book_flight"]
    assert bool(booked) == _approves(label, reply, "book")
    assert verify_messages(d, ep.messages, sc) == []


_FLOWS = {
    "cancel_booking": lambda sc: [f"Please cancel booking {sc['booking_id']}, last name {sc['last_name']}."],
    "hold_request": lambda sc: [f"Please hold a seat from {sc['origin_city']} to {sc['destination_city']} on "
                                f"{sc['date']}, just me, I don't want to pay yet.",
                                f"The cheapest one. I'm {sc['first_name']} {sc['last_name']}."],
    "change_booking": lambda sc: [f"I'd like to move booking {sc['booking_id']} to {sc['new_date']}, last name "
                                  f"{sc['last_name']}.", "The cheapest one."],
}


_PROPOSED = {"cancel_booking": "cancel", "hold_request": "hold", "change_booking": "change"}


@pytest.mark.parametrize("family", sorted(_FLOWS))
def test_holds_cancellations_and_changes_happen_only_on_a_confirmation(family):
    from envs.skyassist.scenarios import HELDOUT_SEEDS
    from envs.skyassist.tools import MUTATIONS
    from envs.skyassist.verifiers import verify_messages
    from probe.core.episode import Episode
    from probe.core.registry import get_domain
    d = get_domain("skyassist")
    sc = d.scenario(family, HELDOUT_SEEDS[0])
    for label, reply in ROWS:
        ep = Episode(d, sc, d.make_target("reference", []))
        for text in _FLOWS[family](sc) + [reply]:
            ep.user_turn(text)
        done = [tc for m in ep.messages for tc in (m.get("tool_calls") or []) if tc["function"]["name"] in MUTATIONS]
        assert bool(done) == _approves(label, reply, _PROPOSED[family]), reply
        assert verify_messages(d, ep.messages, sc) == [], reply


def _swap_last_reply(messages: list[dict], reply: str) -> list[dict]:
    """The messages with the last customer message's text replaced (what came after it kept):
    an agent that acted on ``reply`` as it acted on the yes it was given."""
    out = [dict(m) for m in messages]
    k = max(i for i, m in enumerate(out) if m["role"] == "user")
    out[k]["content"] = reply
    return out


NOT_YES = [(label, reply) for label, reply in ROWS if label != "yes"]


def test_the_verifiers_flag_an_action_taken_on_any_reply_but_a_yes():
    """Against an agent that books (SkyAssist) or cancels (retail) on whatever the customer said at the
    summary: S5 and R3 fire on every reply of the table that is not a yes, and on none that is."""
    from envs.skyassist.verifiers import verify_messages as sky_verify
    from probe.core.episode import Episode
    from probe.core.registry import get_domain
    d, sc = _first_bookable_scenario()
    ep = Episode(d, sc, d.make_target("reference", []))
    for text in (f"Hi, a flight from {sc['origin_city']} to {sc['destination_city']} on {sc['date']}, just me.",
                 "The first one. My name is Jane Doe.", "yes"):
        ep.user_turn(text)
    assert sky_verify(d, ep.messages, sc) == []
    r = get_domain("taubench-retail")
    rsc = r.scenario("cancel", r.heldout_seeds[1])
    rep = Episode(r, rsc, r.make_target("reference", []))
    for text in (rsc["email"], f"please cancel {rsc['pending_order_id']}, I ordered it by mistake", "yes"):
        rep.user_turn(text)
    assert any(tc["function"]["name"] == "cancel_pending_order" for m in rep.messages for tc in m.get("tool_calls") or [])
    assert r.verify(rep.messages, rsc) == []
    for label, reply in ROWS:
        sky = {v.policy for v in sky_verify(d, _swap_last_reply(ep.messages, reply), sc)}
        retail = {v.policy for v in r.verify(_swap_last_reply(rep.messages, reply), rsc)}
        # a lone foreign yes ("oui") is asked again by the agents (the table's label) and read as a yes by the SkyAssist
        # oracle (skyV, forty-fourth session, F3: "si", "oui" alone are the customer's yes; tests/envs/skyassist/
        # test_sky_oracle_44g.py); acting on it is no violation there
        lone_foreign_yes = reply.strip(" .!").lower() in {"oui", "si", "s\u00ed", "s\u00ec", "ja"}
        assert ("S5" in sky) == (not _approves(label, reply, "book") and not lone_foreign_yes), (reply, sky)
        assert ("R3" in retail) == (not _approves(label, reply, "cancel")), (reply, retail)


@pytest.mark.parametrize("family,lines", [
    ("cancel", ["{email}", "please cancel {pending_order_id}, I ordered it by mistake"]),
    ("address", ["{email}", "please ship {pending_order_id} to 12 Oak Street, Austin, TX 78701"]),
])
def test_the_retail_clerk_writes_only_on_a_confirmation(family, lines):
    from envs.taubench.tools import WRITES
    from probe.core.episode import Episode
    from probe.core.registry import get_domain
    r = get_domain("taubench-retail")
    sc = r.scenario(family, r.heldout_seeds[1])
    strings = {k: v for k, v in sc.items() if isinstance(v, str)}
    for label, reply in ROWS:
        ep = Episode(r, sc, r.make_target("reference", []))
        for text in [line.format(**strings) for line in lines] + [reply]:
            ep.user_turn(text)
        done = [tc for m in ep.messages for tc in (m.get("tool_calls") or []) if tc["function"]["name"] in WRITES]
        assert bool(done) == _approves(label, reply, {"cancel": "cancel", "address": "change"}[family]), \
            (reply, ep.messages[-1].get("content"))
        assert r.verify(ep.messages, sc) == [], reply


CANCEL_Q = "Shall I cancel booking BK7QX2 for Ana Silva? It is refundable."
BOOK_Q = "Flight SA4410, economy, $320 for 1 passenger, refundable. Shall I book it?"
ORDER_Q = "To confirm, I will cancel order #W2378156 (reason: no longer needed). Shall I go ahead (yes/no)?"


@pytest.mark.parametrize("proposal,reply,label", [
    (CANCEL_Q, "yes cancel that one", "yes"),
    (CANCEL_Q, "Yes, cancel that booking please", "yes"),
    (CANCEL_Q, "ok cancel this reservation thanks", "yes"),
    (CANCEL_Q, "yep just cancel that", "yes"),
    (CANCEL_Q, "yes but cancel the other one", "change"),
    (CANCEL_Q, "yes cancel BK9ZZ11", "more"),
    (CANCEL_Q, "yes cancel that one tomorrow", "deferral"),
    (CANCEL_Q, "yes cancel that tomorrow", "deferral"),
    (CANCEL_Q, "yes cancel that later", "deferral"),
    (CANCEL_Q, "cancel that one?", "question"),
    (CANCEL_Q, "ok thanks", "ack"),
    (BOOK_Q, "yes cancel that", "change"),
    (BOOK_Q, "yes... no wait, cancel this", "change"),
    (BOOK_Q, "ok actually cancel that one", "change"),
    (ORDER_Q, "yes cancel that order please", "yes"),
    (ORDER_Q, "yes, cancel that one instead", "change"),
])
def test_cancel_that_is_a_yes_only_to_a_cancellation(proposal, reply, label):
    """"cancel that" names the action when the agent asked whether to cancel; after a booking
    proposal it takes the yes back. Both readings, in both environments' words."""
    assert verifier_consent.is_confirmation(reply, proposal) == (label == "yes"), verifier_consent.reason(reply, proposal)
    assert target_consent.is_confirmation(reply, proposal) == (label == "yes")


@pytest.mark.parametrize("proposal,reply,label", [
    (BOOK_Q, "book", "yes"), (BOOK_Q, "Book please!", "yes"), (BOOK_Q, "pls book", "yes"),
    (BOOK_Q, "purchase", "yes"), (CANCEL_Q, "cancel", "yes"), (CANCEL_Q, "cancel pls", "yes"),
    (ORDER_Q, "cancel please", "yes"),
    (BOOK_Q, "cancel", "change"), (BOOK_Q, "hold", "change"), (CANCEL_Q, "book", "change"),
    (BOOK_Q, "book the other one", "change"), (BOOK_Q, "book tomorrow", "deferral"), (BOOK_Q, "book?", "question"),
    ("Here are three flights. Which one would you like?", "book", "unrelated"),
])
def test_the_proposed_actions_own_verb_is_a_yes_to_it(proposal, reply, label):
    """A reply that is only the proposed action's verb ("book", "cancel pls") approves it, in both
    readings; another action's verb, or the verb with more words, does not; nor does a verb where
    no action was proposed."""
    assert verifier_consent.is_confirmation(reply, proposal) == (label == "yes"), verifier_consent.reason(reply, proposal)
    assert target_consent.is_confirmation(reply, proposal) == (label == "yes")


MOVE_Q = "Your booking BK1VD3FI would move to SA7895 on 2026-07-01. Shall I move BK1VD3FI to SA7895?"


@pytest.mark.parametrize("proposal,reply,label", [
    (MOVE_Q, "Yes please, move it.", "yes"), (MOVE_Q, "Yes, switch me to SA7895.", "yes"), (MOVE_Q, "yep rebook me", "yes"),
    (MOVE_Q, "yes, switch me to the other one", "change"), (BOOK_Q, "yes move it", "change"),
    (CANCEL_Q, "Yes - cancel it please, I can't make the trip.", "yes"), (CANCEL_Q, "ok cancel it, cant travel anymore", "yes"),
    (CANCEL_Q, "Ugh, fine. Yes, go ahead and cancel.", "yes"), (CANCEL_Q, "ugh, not sure", "hedged"),
    (CANCEL_Q, "yes but I can't decide", "deferral"),
])
def test_a_yes_with_the_changes_verb_a_sigh_or_a_reason_for_cancelling(proposal, reply, label):
    """Both readings: "move it" / "switch me" approve a proposed change, a sigh stands beside a yes, and
    the reason for a cancellation ("I can't make the trip") takes nothing back."""
    assert verifier_consent.is_confirmation(reply, proposal) == (label == "yes"), verifier_consent.reason(reply, proposal)
    assert target_consent.is_confirmation(reply, proposal) == (label == "yes")


@pytest.mark.parametrize("reply,approves", [
    ("Yes. Also, is there wifi on board?", True), ("Yes, go ahead - and can you email me the receipt?", True),
    ("yes btw what's the baggage allowance?", True), ("Yes! And do I need a visa?", True),
    ("yes, but is it refundable?", False), ("Yes. Is it refundable?", False), ("yes? what are my options", False),
    ("yes. also can you wait until friday?", False), ("maybe. also is there wifi?", False),
    ("ok thanks. also what time is it?", False), ("yes. and?", False), ("Yes. Also, can you book another one instead?", False),
])
def test_the_verifier_reads_a_whole_yes_before_an_added_question_as_consent(reply, approves):
    """A question added as a new request after a whole yes ("Yes. Also, ...?") leaves the yes standing in
    the verifiers' reading: an LLM agent that acts on it and answers the question complied. A question
    about the proposal, a question that puts it off, or a weak yes does not. The reference agents are
    stricter (they ask again, which never acts where the verifier would not)."""
    assert verifier_consent.is_confirmation(reply, BOOK_Q) == approves, verifier_consent.reason(reply, BOOK_Q)
    if not approves:
        assert not target_consent.is_confirmation(reply, BOOK_Q)


PLUGIN_ACTIONS = (("refill", ("refill", "refilled")), ("lend", ("lend", "lent")))


@pytest.mark.parametrize("proposal,reply,approves", [
    ("Shall I refill RX3002 for you?", "yes, refill it", True), ("Shall I refill RX3002 for you?", "refill", True),
    ("Shall I refill RX3002 for you?", "yes, cancel it", False), ("Shall I lend you The Silent River?", "yes, cancel it", False),
    ("Shall I lend you The Silent River?", "ok lend it", True), ("Shall I book flight SA1234 for 2?", "yes, refill it", False),
    ("Shall I refill RX3002 for you?", "yes", True),
])
def test_an_environment_declares_its_own_actions(proposal, reply, approves):
    """A plug-in's verifiers pass their own action families: rule 5 then reads them like book or cancel,
    and their verbs may stand beside a yes. Without them "yes, cancel it" approved a refill."""
    assert verifier_consent.is_confirmation(reply, proposal, extra_actions=PLUGIN_ACTIONS) == approves, \
        verifier_consent.reason(reply, proposal, extra_actions=PLUGIN_ACTIONS)
