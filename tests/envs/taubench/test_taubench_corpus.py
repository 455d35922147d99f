"""The retail customer corpus for the tiny CPU auditor (envs/taubench/customer_corpus.py)."""

from __future__ import annotations

import re
from collections import Counter, defaultdict

import pytest

from envs.taubench import customer_corpus as cc
from envs.taubench.faults import FAULT_NAMES
from probe.core.registry import get_domain

N = 240


@pytest.fixture(scope="module")
def d():
    return get_domain("taubench-retail")


@pytest.fixture(scope="module")
def played(d):
    return cc.play_corpus(d, N, seed=5)


def user_turns(trace):
    """(what the agent said just before, the customer's message) for every customer turn."""
    out, agent = [], ""
    for m in trace.messages:
        if m["role"] == "user":
            out.append((agent, m["content"]))
        elif m["role"] == "assistant" and m.get("content"):
            agent = m["content"]
    return out


def test_size_families_and_domain_hook(d, played):
    examples, traces = played
    assert len(traces) == N and {e.episode for e in examples} == set(range(N))
    assert len(examples) >= 4 * N  # several customer turns per episode
    assert Counter(e.family for e in examples).keys() == set(d.families)
    assert len({e.message for e in examples}) >= 0.45 * len(examples)  # variety, not one line per intent
    assert {t.scenario["split"] for t in traces} == {"train"}  # never a held-out scenario
    assert {t.scenario["source"] for t in traces} == {"task", "fresh"}
    first = d.customer_corpus(3, 5)
    played_first = [e for e in first if e.episode < 3]  # then its opening-only examples
    assert [(e.message, e.dialogue) for e in played_first] == [(e.message, e.dialogue) for e in examples if e.episode < 3]
    e = next(e for e in first if e.dialogue)
    assert e.scenario_text and e.dialogue_messages[0]["role"] == "user" and e.dialogue_messages[-1]["role"] == "assistant"


def test_deterministic_in_the_seed(d):
    a, b, c = (d.customer_corpus(20, s) for s in (11, 11, 12))
    assert a == b
    assert [e.message for e in a] != [e.message for e in c]
    assert d.customer_corpus_version == cc.CORPUS_VERSION and cc.CORPUS_VERSION.startswith("retail-customer-corpus-")


# independent readings of each fault's trigger in customer words (not the generator's templates)
USER_ID = re.compile(r"\b[a-z]+_[a-z]+_\d{3,5}\b")
URGENT = re.compile(r"\b(asap|urgent|hurry|rush|right away|immediately|no time|quickly)\b", re.I)
STATUS = re.compile(r"\b(pending|(hasn't|has not|not) (yet )?(been )?(shipped|left))\b", re.I)
SAME = re.compile(r"\b(same|identical)\b", re.I)
HUMAN = re.compile(r"\b(human|person|supervisor|representative|live agent|someone real)\b", re.I)
ALSO = re.compile(r"\b(also|too|as well)\b", re.I)
REASON = re.compile(r"\b(need|needed|mistake|accident|accidentally|mind)\b", re.I)
ORDER = re.compile(r"#W\d{7}")


def trigger_messages(traces):
    """Trigger class -> customer messages that play it, read from the traces alone."""
    found = defaultdict(set)
    for t in traces:
        s = t.scenario
        for agent, msg in user_turns(t):
            a = agent.lower()
            if USER_ID.search(msg):
                found["user_id"].add(msg)
            if s["spouse_order_id"] in msg:
                found["spouse_order"].add(msg)
            if URGENT.search(msg):
                found["urgent"].add(msg)
            if STATUS.search(msg):
                found["stated_status"].add(msg)
            if "items of order" in a and "changed" in a and re.search(r"\b(ship|address|pay|payment|cancel)\b", msg, re.I):
                found["followup_edit"].add(msg)
            if "shall i go ahead" in a and ALSO.search(msg) and msg.lower() != msg.lower().replace("the ", ""):
                found["split_items"].add(msg)
            if re.search(r"\bcancel\b", msg, re.I) and not REASON.search(msg):
                found["no_reason"].add(msg)
            if SAME.search(msg) and re.search(r"\b(one|item|model|again|everything)\b", msg, re.I):
                found["same_one"].add(msg)
            if HUMAN.search(msg):
                found["human"].add(msg)
            if len(set(ORDER.findall(msg))) >= 2:
                found["several_orders"].add(msg)
    return found


def test_every_fault_trigger_in_several_phrasings(played):
    _, traces = played
    found = trigger_messages(traces)
    assert set(cc.TRIGGERS) == set(FAULT_NAMES) and set(cc.MOVES) == set(found)
    for move in cc.MOVES:
        # several phrasings: distinct messages once ids, names and numbers are masked
        shapes = {re.sub(r"#W\d+|\S+@\S+|\b\w+_\w+_\d+\b|\d+", "X", m) for m in found[move]}
        assert len(shapes) >= 3, (move, sorted(found[move])[:5])


def test_the_triggers_expose_every_fault_of_the_all_profile(played):
    _, traces = played
    faulty = [t for t in traces if t.target.get("faults")]
    assert faulty and {v.policy for t in faulty for v in t.violations} == {f"R{i}" for i in range(1, 11)}


def test_the_compliant_target_stays_clean(played):
    """No violation without faults (apart from the target retrying a write the tools refused, see report)."""
    _, traces = played
    clean = [t for t in traces if not t.target.get("faults")]
    assert len(clean) >= N // 2
    refused = [t for t in clean if any("didn't go through" in (m.get("content") or "") for m in t.messages
                                       if m["role"] == "assistant")]
    others = [t for t in clean if t not in refused]
    assert others and all(t.violations == [] for t in others), [(t.scenario["family"], t.violations) for t in others if t.violations][:3]
    assert all(t.meta["errors"] == [] for t in traces)


def test_answers_what_the_agent_asked(played):
    _, traces = played
    asked = Counter()
    answered = Counter()
    for t in traces:
        for agent, msg in user_turns(t):
            a = agent.lower()
            if "could you give me the email" in a:
                key, ok = "identity", bool(re.search(r"@|\b\d{5}\b|_\d{3,5}\b", msg))
            elif "which one applies" in a:
                key, ok = "reason", bool(REASON.search(msg))
            elif "new shipping address" in a or "what is the new address" in a:
                key, ok = "address", bool(re.search(r"\d+ \w+.*, [A-Z]{2} \d{5}", msg))
            elif "which order is this about" in a:
                key, ok = "order", bool(ORDER.search(msg))
            elif "shall i go ahead" in a:
                key, ok = "confirm", bool(re.match(r"\W*(yes|yep|yeah|sure|okay|correct|no|wait|hmm|actually|oh wait|"
                                                   r"before|hold on)\b", msg, re.I))
            elif "which payment method" in a:
                key, ok = "payment", bool(re.search(r"card|paypal", msg, re.I))
            elif re.search(r"which items of order", a):
                # the answer names one of the listed products (a word of its name)
                listed = re.findall(r"([a-z][a-z -]+) \(", a.split("contains:")[-1])
                key, ok = "items", any(w in msg.lower() for name in listed for w in name.split() if len(w) > 3)
            elif re.search(r"which option would you like for", a):
                # the answer names an option: a word of the offered options, or a colour or size of its own
                offered = a.split("available options include:")[-1]
                words = {w for w in re.findall(r"[a-z0-9]+", offered) if len(w) > 1}
                key, ok = "option", any(w in words for w in re.findall(r"[a-z0-9]+", msg.lower())
                                        if w not in {"the", "one", "please", "take", "like", "let", "do"})
            else:
                continue
            asked[key] += 1
            answered[key] += ok
    # a vague request ("I'd like to return something", "can I swap the lamp?") makes the agent ask
    # which items or which option: the customer answers those too
    for key in ("identity", "reason", "address", "order", "confirm", "payment", "items", "option"):
        # payment: 2 since "How much did I pay for order #W...?" is answered instead of being read as a
        # request to change the payment method (which asked "Which payment method ...?" three times here),
        # and a customer with no other payment method on file is told so instead of being asked which one
        # ("a gift card, a credit card or PayPal?", again and again, with none of them on the account)
        least = 2 if key == "payment" else 5
        assert asked[key] >= least and answered[key] >= 0.8 * asked[key], (key, answered[key], asked[key])


def test_no_tool_names_or_private_strings(d, played):
    examples, traces = played
    tools = set(d.tool_names)
    for t in traces:
        private = set(d.private_strings(t.scenario))
        for _, msg in user_turns(t):
            low = msg.lower()
            assert not any(x.lower() in low for x in private | tools), msg
            assert not re.search(r"\b(credit_card|gift_card|paypal)_\d+", msg), msg
    for e in examples:  # the auditor's context is redacted like the game's observation
        for _role, content in e.dialogue:
            assert not any(x in content for x in tools), content
            assert not re.search(r"\b(credit_card|gift_card|paypal)_\d+", content), content


def test_the_tiny_auditor_reads_the_retail_corpus():
    from probe.auditor.tiny import TinySettings, corpus_texts
    texts = corpus_texts(3, TinySettings(env="taubench-retail", n_episodes=12))
    assert len(texts) >= 12 and all(t["text"].strip() for t in texts)
    assert {t["family"] for t in texts} == set(get_domain("taubench-retail").families)


def test_every_retail_intent_is_spoken(played):
    _, traces = played
    said = [msg for t in traces for _, msg in user_turns(t)]
    checks = {
        "email": r"\S+@\S+\.com",
        "name and zip": r"\b[A-Z][a-z]+ [A-Z][a-z]+\b.{0,25}\b\d{5}\b",
        "exchange": r"\b(exchange|swap)\b",
        "return": r"\b(return|send back)\b",
        "item change": r"\b(change|switch|modify|update)\b.*\b(to|version)\b",
        "no longer needed": r"\b(no longer need|don't need|won't need)",
        "ordered by mistake": r"\b(mistake|accident)",
        "address": r"\d+ \w+ \w+, \w+, [A-Z]{2} \d{5}",
        "payment": r"\b(paypal|gift card|credit card)\b",
        "human": r"\b(human|real person|supervisor|representative|live agent)\b",
        "information": r"\b(status|tracking|what's in|shipped yet|how much)\b",
        "yes": r"^(yes|yep|yeah|sure|okay|correct)\b",
        "refusal": r"^(no|actually no|wait)\b",
        "goodbye": r"\b(bye|that's all|nothing else)\b",
    }
    for name, pattern in checks.items():
        hits = {m for m in said if re.search(pattern, m, re.I if name not in ("name and zip",) else 0)}
        assert len(hits) >= 3, name


def test_openings_follow_the_played_dialogues_and_cover_every_family(d, monkeypatch):
    """``customer_dialogues`` = the played episodes, unchanged, then opening-only examples (empty
    dialogue, one episode each, numbered after the played ones, every family, seeded)."""
    per_episode = cc.OPENINGS_PER_EPISODE
    assert per_episode > 0
    n = 2 * len(d.families)
    corpus = cc.customer_dialogues(d, n, seed=2)
    played = cc.play_corpus(d, n, seed=2)[0]
    assert [(e.dialogue, e.message) for e in corpus[:len(played)]] == [(e.dialogue, e.message) for e in played]
    openings = corpus[len(played):]
    assert len(openings) == n * per_episode
    assert all(e.dialogue == () and e.message for e in openings)
    assert [e.episode for e in openings] == list(range(n, n + len(openings)))
    assert {e.family for e in openings} == set(d.families)
    again = cc.customer_openings(d, len(openings), seed=2, first_episode=n)
    assert [(e.scenario_text, e.message) for e in again] == [(e.scenario_text, e.message) for e in openings]
    monkeypatch.setattr(cc, "OPENINGS_PER_EPISODE", 0)
    assert len(cc.customer_dialogues(d, n, seed=2)) == len(played)
