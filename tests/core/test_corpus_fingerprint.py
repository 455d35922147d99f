"""The corpus fingerprint behind the cached models' keys (probe.core.corpus): every example
counts, the shipped generators' hashes are kept on disk under the identity of their code, and a
replaced generator is always played again."""

from __future__ import annotations

import json

from corpus_edits import reworded

from probe.core import corpus as C
from probe.core.registry import get_domain


def test_the_fingerprint_is_kept_on_disk_for_the_shipped_generator(tmp_path, monkeypatch):
    monkeypatch.setenv("PROBE_CACHE", str(tmp_path))
    d = get_domain("skyassist")
    first = C.fingerprint(d, 5, 3)
    memo = json.loads((tmp_path / C.MEMO_FILE).read_text())
    key = f"skyassist|5|3|{C.code_identity(d)}"
    assert memo == {key: first}
    # a later process reads it instead of playing the corpus: shown by a planted value
    (tmp_path / C.MEMO_FILE).write_text(json.dumps({key: "planted"}))
    assert C.fingerprint(d, 5, 3) == "planted"
    # a broken memo file is only a replay, never an error
    (tmp_path / C.MEMO_FILE).write_text("{not json")
    assert C.fingerprint(d, 5, 3) == first


def test_a_replaced_generator_is_played_again(tmp_path, monkeypatch):
    monkeypatch.setenv("PROBE_CACHE", str(tmp_path))
    d = get_domain("skyassist")
    before = C.fingerprint(d, 5, 3)
    real = d.customer_corpus

    monkeypatch.setattr(d, "customer_corpus", reworded(real))
    assert C.fingerprint(d, 5, 3) != before
    assert len(json.loads((tmp_path / C.MEMO_FILE).read_text())) == 1  # nothing stored for it


def test_the_code_identity_follows_every_file_of_the_package(tmp_path):
    pkg = tmp_path / "envpkg"
    (pkg / "data").mkdir(parents=True)
    (pkg / "a.py").write_text("X = 1\n")
    (pkg / "data" / "names.txt").write_text("Ana\n")
    C._package_identity.cache_clear()
    before = C._package_identity(str(pkg))
    (pkg / "__pycache__").mkdir()
    (pkg / "__pycache__" / "a.cpython-311.pyc").write_bytes(b"\0")
    C._package_identity.cache_clear()
    assert C._package_identity(str(pkg)) == before  # caches do not count
    (pkg / "data" / "names.txt").write_text("Ana\nBo\n")
    C._package_identity.cache_clear()
    assert C._package_identity(str(pkg)) != before
    C._package_identity.cache_clear()


def test_a_memo_that_cannot_be_written_leaves_no_temporary_file(tmp_path, monkeypatch):
    monkeypatch.setenv("PROBE_CACHE", str(tmp_path))

    def refuse(*_a, **_k):
        raise OSError("disk full")

    monkeypatch.setattr(C.os, "replace", refuse)
    d = get_domain("skyassist")
    assert C.fingerprint(d, 5, 3) == C.fingerprint(d, 5, 3)  # still answered, by playing the corpus
    assert list(tmp_path.iterdir()) == []


def test_a_process_whose_code_changed_on_disk_files_no_fingerprint(tmp_path, monkeypatch):
    """A test run left going while the targets were edited played its corpus with the code it had
    loaded, then filed the hash under the identity of the edited files it read from disk later: the
    next build took that stale value for the new code's and was keyed wrongly (sixteenth session)."""
    monkeypatch.setenv("PROBE_CACHE", str(tmp_path))
    d = get_domain("skyassist")
    loaded = C.code_identity(d)  # taken when the domain was loaded
    monkeypatch.setattr(C, "_identity_now", lambda folder: "edited-on-disk")
    assert C.code_identity(d) == loaded and C.code_changed_since_load(d)
    assert C.fingerprint(d, 5, 3)  # still answered, by playing the corpus
    assert not (tmp_path / C.MEMO_FILE).exists()  # but nothing filed under either identity


def test_the_identity_covers_the_reference_targets_shared_phrases(tmp_path, monkeypatch):
    seen: list[str] = []
    real = C._hash_files
    monkeypatch.setattr(C, "_hash_files", lambda h, folder: (seen.append(str(folder)), real(h, folder)))
    C._identity_now(str(tmp_path))
    assert any(s.endswith("probe/targets") for s in seen) and any(s.endswith("probe/core") for s in seen)
