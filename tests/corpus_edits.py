"""A customer corpus with one example changed, for the tests of the cached models' keys
(tiny auditor, fluency scorer, probe.core.corpus)."""

from __future__ import annotations

from typing import Any, Callable


def reworded(real: Callable[..., list[Any]], at: int = -1) -> Callable[..., list[Any]]:
    """A generator like ``real`` (a domain's ``customer_corpus``) whose example ``at`` has
    " (reworded)" added to its message; every other example is as ``real`` plays it."""
    def corpus(n: int, seed: int = 0) -> list[Any]:
        out = real(n, seed)
        ex = out[at]
        out[at] = type(ex)(**{**ex.__dict__, "message": ex.message + " (reworded)"})
        return out
    return corpus
