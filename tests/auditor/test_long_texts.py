"""Texts longer than the build's max_length keep their latest turns instead of being left out."""

from __future__ import annotations

import pytest

from probe.auditor.prompt import AGENT, BOS, CONTEXT, CUSTOMER, EOS, customer_spans
from probe.auditor.tiny import TinySettings, corpus_texts, fit_text, tokenize_corpus


def words(text: str) -> int:  # a tokenizer stand-in: one token per space-separated piece
    return len(text.split())


def dialogue(n: int) -> str:
    turns = "".join(f"{AGENT} question number {k} for you?{CUSTOMER} answer {k} from me." for k in range(n))
    return f"{BOS}{CONTEXT} You are Ana and want to return a lamp.{turns}{EOS}"


def test_a_long_text_loses_its_earliest_turns_and_keeps_context_and_last_turn():
    text = dialogue(10)
    short = fit_text(text, words, 40)
    assert short is not None and words(short) <= 40 < words(text)
    assert short.startswith(f"{BOS}{CONTEXT} You are Ana and want to return a lamp.")
    assert short.endswith(f"{CUSTOMER} answer 9 from me.{EOS}")
    assert "question number 0 " not in short and "question number 9 " in short
    # as many turns as fit: with the turn before the first kept one it would not
    head = f"{BOS}{CONTEXT} You are Ana and want to return a lamp."
    rest = short[len(head):]
    start = text.index(rest)
    before = max(text.rfind(AGENT, 0, start), text.rfind(CUSTOMER, 0, start))
    assert before > len(head) and words(head + text[before:]) > 40
    # the kept customer turns are still targets
    assert len(customer_spans(short)) == short.count(CUSTOMER)


def test_a_text_that_fits_is_unchanged_and_one_that_cannot_fit_is_none():
    text = dialogue(2)
    assert fit_text(text, words, 1000) == text
    assert fit_text(text, words, 5) is None  # the context alone is longer


def test_the_build_fits_long_texts_or_leaves_them_out_as_configured():
    class Tok:
        def __call__(self, text, add_special_tokens=False, return_offsets_mapping=False):
            pieces, spans, k = text.split(" "), [], 0
            for p in pieces:
                spans.append((k, k + len(p)))
                k += len(p) + 1
            out = {"input_ids": [1] * len(pieces)}
            if return_offsets_mapping:
                out["offset_mapping"] = spans
            return out

    import probe.auditor.tiny as tiny
    episodes = [{"text": dialogue(12), "opening": False}, {"text": dialogue(1), "opening": False}]
    real = tiny.train_tokenizer
    try:
        tiny.train_tokenizer = lambda texts, vocab, slots=False: Tok()
        _, kept, fitted = tokenize_corpus(episodes, TinySettings(max_length=60))
        assert fitted == 1 and len(kept) == 2 and all(len(r["input_ids"]) <= 60 for r, _ in kept)
        _, kept, fitted = tokenize_corpus(episodes, TinySettings(max_length=60, long_texts="drop"))
        assert fitted == 0 and len(kept) == 1
        with pytest.raises(ValueError, match="long_texts 'cut'.*fit, drop"):
            tokenize_corpus(episodes, TinySettings(long_texts="cut"))
    finally:
        tiny.train_tokenizer = real


def test_the_corpus_has_texts_longer_than_the_window_and_their_ends_are_deep_turns():
    """The reason for fitting: the played corpus has texts over 384 tokens (about 5 characters per
    token here, so over ~1,900 characters), and their last customer turn is late in the episode."""
    texts = [e for e in corpus_texts(0, TinySettings(n_episodes=40)) if not e["opening"]]
    long = [e["text"] for e in texts if len(e["text"]) > 1500]
    assert long, "no long dialogue text: the window would never be exceeded"
    assert all(t.count(CUSTOMER) >= 4 for t in long)


def test_the_build_key_follows_the_prompt_format_and_the_long_text_setting(monkeypatch):
    """A cached build trained on another prompt format, or with long texts left out, is not reused."""
    import probe.auditor.prompt as prompt
    from probe.auditor.tiny import build_key

    settings = TinySettings(n_episodes=4)
    before = build_key(0, settings)
    assert build_key(0, TinySettings(n_episodes=4, long_texts="drop")) != before
    monkeypatch.setattr(prompt, "PLAIN_FORMAT_VERSION", "plain-test")
    assert build_key(0, settings) != before
