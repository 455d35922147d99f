"""A domain's customer corpus, played once per process, and its fingerprint.

Two cached models are trained on the customer corpora (the tiny auditor, ``probe.auditor.tiny``;
the fluency scorer, ``probe.train.fluency``) and reused from disk under a key. The corpus is
played against the environment's reference target, so it changes whenever the target's replies
or the customer's answers change, although no declared version does. The key therefore hashes
**every** example the model trains on (``fingerprint``), not a sample: a fingerprint of the first
six episodes once kept a fluency scorer trained on 1,941 messages in use after the corpus had
become 1,947 (same key, different weights). Playing a corpus takes a few seconds (SkyAssist 200
episodes about 2 s, retail about 2-3 s), so ``played_corpus`` keeps each one for the process.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

_PLAYED: dict[tuple[Any, ...], list[Any]] = {}


def played_corpus(domain: Any, n_episodes: int, seed: int) -> list[Any]:
    """``domain.customer_corpus(n_episodes, seed)``, played once per process (a new list each call;
    ``NotImplementedError`` as the domain raises it). Keyed on the domain's name and the function
    that generates it, so a replaced generator (a test's monkeypatch) is played again."""
    generator = domain.customer_corpus
    key = (getattr(domain, "name", None), id(getattr(generator, "__func__", generator)), int(n_episodes), int(seed))
    if key not in _PLAYED:
        _PLAYED[key] = list(generator(n_episodes, seed))
    return list(_PLAYED[key])


def example_record(ex: Any) -> list[Any]:
    """What identifies one corpus example: its scenario text, the public dialogue so far, the message."""
    return [getattr(ex, "scenario_text", ""), [list(t) for t in getattr(ex, "dialogue", ())], getattr(ex, "message", "")]


def fingerprint(domain: Any, n_episodes: int, seed: int) -> str:
    """A hash of every example of ``played_corpus(domain, n_episodes, seed)``; ``-`` for a domain
    without a customer corpus."""
    try:
        corpus = played_corpus(domain, n_episodes, seed)
    except NotImplementedError:
        return "-"
    blob = json.dumps([example_record(ex) for ex in corpus])
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


__all__ = ["played_corpus", "fingerprint", "example_record"]
