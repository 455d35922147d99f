"""Sentences added to a typed customer message (probe.core.corpus.add_sentence), and the corpora
that use it: a message whose final stop was dropped never runs into the next sentence."""

from __future__ import annotations

import re

import pytest

from probe.core.corpus import add_sentence, played_corpus
from probe.core.registry import get_domain


@pytest.mark.parametrize("text, sentence, expected", [
    ("I need help with an order", " It hasn't shipped yet.", "I need help with an order. It hasn't shipped yet."),
    ("I need help with an order.", " It hasn't shipped yet.", "I need help with an order. It hasn't shipped yet."),
    ("Can you hurry?", " ASAP please.", "Can you hurry? ASAP please."),
    ("That's great!", " Thanks!", "That's great! Thanks!"),
    ("zip code 78753", "Please update it.", "zip code 78753. Please update it."),
    ("Book it", " please", "Book it please"),  # no new sentence: joined as written
    ("Book it.", "", "Book it."),
    ("Book it", "   ", "Book it"),
    ("i need it sorted", " I'm in a rush.", "i need it sorted. I'm in a rush."),
])
def test_a_dropped_stop_is_put_back_before_a_new_sentence(text, sentence, expected):
    assert add_sentence(text, sentence) == expected


# a lower-case letter or a digit, a space, then a word that starts a sentence: a run-on joint
# ("... and I have to", "but I'd like" join two clauses)
RUN_ON = re.compile(r"(?:[a-z0-9]|\.com) (?:It|It's|Can|Could|Please|The|My|What|Thanks|Thank|Yes|Also|Hi|Sorry|Quickly|"
                    r"ASAP|Turns|No longer|Ordered|Time is)\b|"
                    r"(?:[a-z0-9]|\.com)(?<!\band)(?<!\bbut)(?<!\bso)(?<!\bthat)(?<!\bif) (?:I need|I want|I have|I'd|I'm in)\b")


@pytest.mark.parametrize("env", ["skyassist", "taubench-retail"])
def test_no_corpus_message_runs_two_sentences_together(env):
    messages = [ex.message for ex in played_corpus(get_domain(env), 120, 7)]
    run_on = [m for m in messages if RUN_ON.search(m)]
    assert len(messages) > 500 and run_on == []
