"""Noisy context (``TinySettings.noisy_context``): in a share of the played dialogues one earlier
customer turn is shown broken in the later turns' context and is no training target, so that the
tiny auditor learns to answer the agent's last message whatever it said itself before.
"""

from __future__ import annotations

import random

from probe.auditor.prompt import AGENT, CUSTOMER, customer_spans
from probe.auditor.tiny import (
    TinySettings,
    corpus_texts,
    noisy_turn,
    tokenize_corpus,
    tokenize_with_mask,
    train_tokenizer,
)


def test_a_broken_turn_is_never_the_message_itself_and_is_seeded():
    others = ["I want to return my lamp.", "What's the status of my order?", "No thanks, bye."]
    for message in ["The first one.", "Yes.", "My email is ana@example.com, I need to change my address please."]:
        for k in range(40):
            a, b = noisy_turn(random.Random(k), message, others), noisy_turn(random.Random(k), message, others)
            assert a == b and a.strip() and a != message
    assert noisy_turn(random.Random(0), "Yes.", ["Yes."]) != "Yes."  # nothing else to take: still not the message


def test_off_by_default_and_the_texts_do_not_change():
    plain = corpus_texts(0, TinySettings(n_episodes=8))
    assert all(t["noisy_from_end"] is None for t in plain)
    assert [t["text"] for t in plain] == [t["text"] for t in corpus_texts(0, TinySettings(n_episodes=8, noisy_context=0.0))]


def test_the_broken_turn_is_in_the_context_and_out_of_the_loss():
    clean = corpus_texts(0, TinySettings(n_episodes=8))
    noisy = corpus_texts(0, TinySettings(n_episodes=8, noisy_context=1.0))
    assert noisy == corpus_texts(0, TinySettings(n_episodes=8, noisy_context=1.0))  # seeded
    def key(t):  # the scenario and the turn a text ends on
        spans = customer_spans(t["text"])
        return t["text"].split(AGENT)[0].split(CUSTOMER)[0], t["text"][slice(*spans[-1])], len(spans)

    by_key = {key(t): t for t in clean}
    marked = [(by_key[key(n)], n) for n in noisy if n["noisy_from_end"] is not None and key(n) in by_key]
    assert len([1 for c, n in marked if len(customer_spans(n["text"])) > n["noisy_from_end"]]) >= 8
    tok = train_tokenizer([t["text"] for t in clean + noisy], 800)
    for c, n in marked:
        cs, ns = customer_spans(c["text"]), customer_spans(n["text"])
        assert len(cs) == len(ns)
        k = len(ns) - 1 - n["noisy_from_end"]
        if k < 0:  # the broken turn fell out of the prompt window: nothing of it is shown
            continue
        assert k < len(ns) - 1  # an earlier turn, never the one the text ends on
        assert n["text"][slice(*ns[k])] != c["text"][slice(*cs[k])]  # shown broken
        assert [n["text"][slice(*s)] for j, s in enumerate(ns) if j != k] == \
               [c["text"][slice(*s)] for j, s in enumerate(cs) if j != k]  # every other turn as played
        row = tokenize_with_mask([n["text"]], tok, None, [n["noisy_from_end"]])[0]
        enc = tok(n["text"], add_special_tokens=False, return_offsets_mapping=True)
        taught = {j for j, s in enumerate(ns)
                  for (a, b), m in zip(enc["offset_mapping"], row["completion_mask"]) if m and s[0] <= a and b <= s[1]}
        assert k not in taught and len(ns) - 1 in taught


def test_tokenize_corpus_carries_the_mask_of_the_broken_turn():
    settings = TinySettings(n_episodes=4, noisy_context=1.0, vocab_size=800)
    texts = corpus_texts(0, settings)
    _tok, kept, _fitted = tokenize_corpus(texts, settings)
    quiet = TinySettings(n_episodes=4, noisy_context=1.0, vocab_size=800)
    _tok2, kept2, _f2 = tokenize_corpus([{**t, "noisy_from_end": None} for t in texts], quiet)
    taught = sum(sum(r["completion_mask"]) for r, _o in kept)
    assert taught < sum(sum(r["completion_mask"]) for r, _o in kept2)


def test_the_option_keys_a_build_of_its_own_and_off_keeps_the_old_key():
    from probe.auditor.tiny import build_key
    assert build_key(0, TinySettings(noisy_context=0.3)) != build_key(0, TinySettings())
    assert build_key(0, TinySettings(noisy_context=0.3)) != build_key(0, TinySettings(noisy_context=0.5))
