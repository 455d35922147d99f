"""The tiny auditor is not taught to type an identifier its prompt no longer shows.

The corpus customer knows the whole dialogue; the model reads a window whose agent turns are cut
to their last sentences. A customer message that names a flight number the agent listed turns
ago, when the list has scrolled out, must get no loss, while the ids a customer brings of their own
(an order of theirs, a partner's order) and the ids still visible keep theirs.
"""

from __future__ import annotations

from probe.auditor.prompt import AGENT, BOS, CONTEXT, CUSTOMER, EOS, customer_spans, plain_prompt
from probe.auditor.slots import literal_identifiers
from probe.auditor.tiny import agent_given_identifiers, tokenize_with_mask, train_tokenizer, unreadable_span

LIST = ("For Chicago (ORD) to Lilongwe (LLW) on 2026-11-20 I found: 1) SA5243 departing 10:30, $2814 per seat; "
        "2) SA0665 departing 12:00, $1617 per seat. Which flight would you like?")


def _dialogue(*turns: tuple[str, str]) -> list[dict[str, str]]:
    return [{"role": r, "content": c} for r, c in turns]


def test_literal_identifiers_read_the_typed_tokens_only():
    assert literal_identifiers("Let's do SA0665, on 2026-11-20. <code1> please") == ["sa0665", "2026-11-20"]
    assert literal_identifiers("The second one, 3 of us.") == []


def test_only_identifiers_the_agent_introduced_count():
    d = _dialogue(("user", "Hi, my order #W1234567 and my partner's #W7654321."), ("assistant", LIST),
                  ("user", "SA0665 please, and about #W1234567?"), ("assistant", "Order #W7654321 is not yours."))
    given = agent_given_identifiers(d)
    assert {"sa5243", "sa0665", "2026-11-20", "10:30", "12:00", "$2814"} <= given
    assert "#w1234567" not in given and "#w7654321" not in given  # the customer named them first


def _text(*parts: tuple[str, str]) -> str:
    marks = {"agent": AGENT, "customer": CUSTOMER}
    body = "".join(f"{marks[r]} {c}" for r, c in parts)
    return f"{BOS}{CONTEXT} You want to fly from Chicago to Lilongwe.{body}{EOS}"


def test_a_flight_number_from_a_list_that_scrolled_out_is_unreadable():
    ids = agent_given_identifiers(_dialogue(("assistant", LIST)))
    text = _text(("agent", "All right. Which flight would you like?"), ("customer", "Let's do SA0665."))
    (a, b), = customer_spans(text)
    assert unreadable_span(text, a, b, ids)


def test_a_visible_or_customer_brought_identifier_is_readable():
    ids = agent_given_identifiers(_dialogue(("assistant", LIST)))
    visible = _text(("agent", LIST), ("customer", "sa0665 please"))  # typed lower-case: still the one shown
    (a, b), = customer_spans(visible)
    assert not unreadable_span(visible, a, b, ids)
    own = _text(("agent", "Which order is this about?"), ("customer", "It's #W7654321, my partner's."))
    (a, b), = customer_spans(own)
    assert not unreadable_span(own, a, b, ids)
    plain = _text(("agent", "Which flight would you like?"), ("customer", "The second one, please."))
    (a, b), = customer_spans(plain)
    assert not unreadable_span(plain, a, b, ids)


def test_a_slotted_prompt_shows_its_list_so_the_pick_keeps_its_loss():
    d = _dialogue(("user", "Chicago to Lilongwe on 2026-11-20, 2 of us."), ("assistant", LIST))
    prompt = plain_prompt("You want to fly from Chicago to Lilongwe.", d, slots=True)
    text = prompt + " Let's do <code2>." + EOS
    spans = customer_spans(text)
    assert not any(unreadable_span(text, a, b, agent_given_identifiers(d)) for a, b in spans)


def test_the_unreadable_message_gets_no_loss_and_the_others_keep_theirs():
    ids = agent_given_identifiers(_dialogue(("assistant", LIST)))
    text = _text(("customer", "Chicago to Lilongwe please."), ("agent", "All right. Which flight would you like?"),
                 ("customer", "Let's do SA0665."))
    tok = train_tokenizer([text] * 4, 300)
    with_mask, = tokenize_with_mask([text], tok, [ids])
    without, = tokenize_with_mask([text], tok)
    enc = tok(text, add_special_tokens=False, return_offsets_mapping=True)
    first, last = customer_spans(text)
    in_last = [first[1] <= a and b <= last[1] and a >= last[0] for a, b in enc["offset_mapping"]]
    assert any(m and k for m, k in zip(without["completion_mask"], in_last))
    assert not any(m and k for m, k in zip(with_mask["completion_mask"], in_last))
    in_first = [first[0] <= a and b <= first[1] for a, b in enc["offset_mapping"]]
    assert [m for m, k in zip(with_mask["completion_mask"], in_first) if k] == \
           [m for m, k in zip(without["completion_mask"], in_first) if k]
    assert sum(with_mask["completion_mask"]) > 0
