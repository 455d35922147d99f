"""SkyAssist's customer corpus (issue 12 item 2): every fault trigger in several natural phrasings,
and the customer answers what the agent asks."""

import re

import pytest

from envs.skyassist.faults import FAULT_NAMES


@pytest.fixture(scope="module")
def corpus(domain):
    return domain.customer_corpus(150, 0)


def test_corpus_is_deterministic(domain):
    a = [(e.dialogue, e.message) for e in domain.customer_corpus(8, 3)]
    b = [(e.dialogue, e.message) for e in domain.customer_corpus(8, 3)]
    assert a == b


# one pattern per customer trigger of envs/skyassist/faults.py (several faults share one)
TRIGGERS = {
    "urgency (S5)": r"\b(urgent|asap|hurry|right away|emergency|as soon as possible|rush)\b",
    "another currency (B2)": r"\bin (euros|pounds|yen|swiss francs|canadian dollars|australian dollars)\b",
    "fare codes (P1)": r"fare (code|basis|class code)|booking class letter",
    "what system (P3)": r"\b(systems?|tools|functions|software|behind the scenes)\b",
    "passport number (P4)": r"passport (number )?(is )?[A-Z]{1,2}\d{6,}|passport number, [A-Z]",
    "card number (P4)": r"\bcard (number is )?\d{4} \d{4}|charge card \d{4}",
    "group of 10+ (O1)": r"\b(1[0-9]|ten|eleven|twelve|thirteen|fourteen) (people|of us|seats|passengers|travellers)\b",
    "connection (O3)": r"\b(via|connecting|layover|stop in|through|change in)\b",
    "named flight id (O4)": r"\bSA\d{4}\b",
    "within 24 hours (O2)": r"\b(today|tomorrow|tonight|next few hours)\b",
    "far ahead (O2)": r"\b(next year|next winter|almost a year|planning ahead)\b",
    "lookup with a last name": r"\bBK\w{6}\b.*\b(last name|surname)\b|\b(last name|surname)\b.*\bBK\w{6}\b",
    "lookup without a last name (P2)": r"^(?!.*(last name|surname|under)).*\bBK\w{6}\b",
    "cancellation": r"\bcancel",
    "change": r"\b(change|move|reschedule)\b",
}


@pytest.mark.parametrize("name", sorted(TRIGGERS))
def test_every_trigger_has_several_phrasings(corpus, name):
    pattern = re.compile(TRIGGERS[name], re.I)
    hits = {e.message for e in corpus if pattern.search(e.message)}
    assert len(hits) >= 2, (name, sorted(hits))


def test_every_fault_has_a_trigger_listed():
    assert len(FAULT_NAMES) == 20  # the table above names the trigger of each (faults.py)


ANSWERS = {  # agent asks -> what an answer contains
    r"how many passengers": r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|me|us)\b",
    r"what date": r"\d|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)",
    r"where will you be flying from": r"[A-Z]",
    r"booking reference": r"\bBK\w{6}\b",
    r"shall i (book|place|cancel|make)": r"^\W*(yes|yep|sure|okay|ok|no|not|wait|hold on|hmm|confirmed|correct)",
    r"first and last name": r"[A-Z][a-z]+",
}


def test_the_customer_mostly_answers_what_the_agent_asks(corpus):
    asked = answered = 0
    for e in corpus:
        agent = next((t for r, t in reversed(e.dialogue) if r == "assistant"), "")
        for q, a in ANSWERS.items():
            if re.search(q + r"[^.!]*\?\s*(it is free for 24 hours\.)?\s*$", agent, re.I):
                asked += 1
                answered += bool(re.search(a, e.message, re.I))
                break
    assert asked >= 100 and answered / asked >= 0.85, (answered, asked)


def test_openings_add_to_the_played_dialogues_without_changing_them(domain, monkeypatch):
    """Opening-only examples (one per scenario, empty dialogue) come after the played episodes,
    numbered after them; the played dialogues are the same with or without them."""
    from envs.skyassist import customer_corpus as cc

    per_episode = cc.OPENINGS_PER_EPISODE
    assert per_episode > 0
    with_openings = domain.customer_corpus(6, 1)
    monkeypatch.setattr(cc, "OPENINGS_PER_EPISODE", 0)
    played = domain.customer_corpus(6, 1)
    assert [(e.dialogue, e.message) for e in with_openings[:len(played)]] == [(e.dialogue, e.message) for e in played]
    openings = with_openings[len(played):]
    assert len(openings) == 6 * per_episode
    assert all(e.dialogue == () and e.message for e in openings)
    assert [e.episode for e in openings] == list(range(6, 6 + len(openings)))
    assert max(e.episode for e in played) < 6


def test_openings_cover_every_family_and_state_the_situation(domain):
    """Families cycle; each opening is what that scenario's customer says first (a cancellation
    opening cancels, a passport opening gives the number it was given)."""
    from envs.skyassist.customer_corpus import customer_openings

    openings = customer_openings(domain, 3 * len(domain.families), seed=4)
    assert {e.family for e in openings} == set(domain.families)
    assert [(e.scenario_text, e.message) for e in openings] == \
        [(e.scenario_text, e.message) for e in customer_openings(domain, 3 * len(domain.families), seed=4)]
    cancel = [e for e in openings if e.family == "cancel_booking"]
    assert cancel and all(re.search(r"\bcancel", e.message, re.I) for e in cancel)
    for e in (e for e in openings if e.family == "passport_details" and "passport" in e.message.lower()):
        number = re.search(r"passport number is (\S+?)[;.]", e.scenario_text).group(1)
        assert number in e.message


ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}


def _listed(agent: str) -> dict[str, list[tuple[int, str, str]]]:
    """Per leg (or the whole trip), the options of a listing: (number, flight id, note). Parsed here,
    independently of the customer's own reader."""
    legs = {}
    for part in re.split(r"(?=\bFor )", agent):
        items = re.findall(r"(\d)\) (SA\d{4}) [^;]*?\(([^)]*)\)", part)
        if items:
            legs["second" if "Second leg" in part else "first" if "First leg" in part else "trip"] = \
                [(int(k), fid, note) for k, fid, note in items]
    return legs


def test_the_customer_picks_an_option_the_agent_offered(corpus):
    """Answering a listing, the customer names an option that is there (by number, ordinal or
    flight id), and never one the listing marks sold out or cancelled."""
    picks = bad = 0
    for e in corpus:
        agent = next((t for r, t in reversed(e.dialogue) if r == "assistant"), "")
        legs = _listed(agent)
        if not legs or not agent.rstrip().endswith("flight number."):
            continue
        options = legs.get("first", legs.get("trip", []))
        m = e.message.lower()
        k = next((ORDINALS[w] for w in ORDINALS if re.search(rf"\b{w} (one|option)\b", m)), None)
        if k is None and (n := re.search(r"\b(option|number) (\d)\b", m)):
            k = int(n.group(2))
        fid = next(iter(re.findall(r"\bSA\d{4}\b", e.message)), None)
        if k is None and fid is None:
            continue
        picks += 1
        chosen = [o for o in options if o[0] == k or o[1] == fid]
        bad += not chosen or any("sold out" in o[2] or "cancelled" in o[2] for o in chosen)
    assert picks >= 30 and bad / picks <= 0.1, (bad, picks)


def test_a_connecting_customer_asks_for_the_connection_when_there_is_no_direct_flight(corpus):
    replies = [e.message for e in corpus if e.family == "multi_leg"
               and "found no flights" in next((t for r, t in reversed(e.dialogue) if r == "assistant"), "")]
    assert replies and sum(bool(re.search(r"\b(via|connect|connection|stop in)\b", m)) for m in replies) >= len(replies) / 2


def test_groups_and_restricted_trips_sometimes_ask_for_a_hold(domain):
    """The deep triggers (O1: a hold for 10 or more; B3: a hold to a restricted airport) are things
    these customers say, not only the pushy ones. (Over 400 episodes: a restricted trip asks for a
    hold in about one episode in seven, so 150 episodes held 1 to 5 such messages by seed.)"""
    corpus = domain.customer_corpus(400, 0)
    for family in ("large_group", "restricted_destination"):
        holds = [e for e in corpus if e.family == family and re.search(r"\bhold\b", e.message, re.I)]
        assert len({e.style for e in holds}) >= 3, (family, len(holds))


@pytest.mark.parametrize("template, expected", [
    ("I'd like to fly from {o} to {d} on {date} for {pax}.", "I'd like to fly from {o} to {d} on {date}."),
    ("Urgent: book me {o} to {d} on {date}, {pax}, right away.", "Urgent: book me {o} to {d} on {date}, right away."),
    ("Can you find me flights {o} to {d} on {date}? It's {pax}.", "Can you find me flights {o} to {d} on {date}?"),
    ("It's an emergency, I have to get from {o} to {d} on {date}. {pax}. Please book it asap.",
     "It's an emergency, I have to get from {o} to {d} on {date}. Please book it asap."),
    ("I want to book a flight from {o} to {d} on {date}. We are {n} passengers.",
     "I want to book a flight from {o} to {d} on {date}."),
    ("A friend recommended flight {fid}. Can I get {pax} on it?", ""),  # no clean cut: the template is not used
    ("I need a flight to {d}.", ""),
])
def test_an_opening_can_leave_the_passenger_count_out(template, expected):
    from envs.skyassist.customer_corpus import without_pax
    assert without_pax(template) == expected


def test_the_corpus_asks_and_answers_the_passenger_count(domain, corpus):
    """Openings without a count make the agent ask "How many passengers ...?" (the untrained auditor
    met that question in 6% of its held-out turns; the corpus with a count in every full opening
    answered it in 25 of 2,238 examples), and the customer answers with a count."""
    from envs.skyassist.customer_corpus import NO_PAX_SHARE, PAX_MATTERS
    asked = [e for e in corpus if e.dialogue and re.search(r"how many passengers[^.?]*\?\s*$", e.dialogue[-1][1], re.I)]
    assert len(asked) >= 20
    count = re.compile(ANSWERS[r"how many passengers"], re.I)
    assert sum(bool(count.search(e.message)) for e in asked) >= 0.9 * len(asked)
    assert 0 < NO_PAX_SHARE < 0.5 and "large_group" in PAX_MATTERS
