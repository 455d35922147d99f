"""An adapter is only loaded onto the tiny auditor build it was trained on.

A rebuild of the tiny auditor (a changed corpus or setting) keeps the folder and changes the
weights; a LoRA adapter trained on the old build then loads without complaint (same shapes) and
the auditor writes nonsense. The build key travels with the adapter and is checked on load.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
import torch

from probe.auditor.model import AdapterBaseMismatch, base_identity, load_auditor, trained_base
from probe.auditor.tiny import build_tiny_auditor, default_tiny_path, read_build_info
from probe.cli.eval import _on_trained_base
from probe.train.config import TrainConfig


@pytest.fixture(scope="module")
def tiny_path():
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    return build_tiny_auditor(default_tiny_path(), seed=0)


@pytest.fixture(scope="module")
def rebuilt(tiny_path, tmp_path_factory):
    """Another build of the tiny auditor: same shapes, another build key (as after a corpus change)."""
    other = tmp_path_factory.mktemp("cache") / "tiny-auditor-v1"
    shutil.copytree(tiny_path, other)
    info = read_build_info(other)
    info["key"] = "0123456789abcdef"
    (other / "build.json").write_text(json.dumps(info))
    return other


def _adapter(path: Path, out: Path) -> Path:
    torch.set_num_threads(2)
    a = load_auditor(path, quantize_4bit=False)
    with torch.no_grad():
        for p in a.trainable_parameters():
            p.add_(0.01)
    return a.save_adapter(out)


@pytest.mark.tiny_auditor
def test_the_adapter_records_the_build_it_was_trained_on(tiny_path, tmp_path):
    d = _adapter(tiny_path, tmp_path / "adapter")
    info = json.loads((d / "auditor.json").read_text())
    assert info["base_identity"] == f"tiny-auditor:{read_build_info(tiny_path)['key']}"
    assert trained_base(d) == (str(tiny_path), info["base_identity"])
    load_auditor(tiny_path, quantize_4bit=False).load_adapter(d)  # the same build loads


@pytest.mark.tiny_auditor
def test_loading_onto_another_build_is_one_clear_error(tiny_path, rebuilt, tmp_path):
    d = _adapter(tiny_path, tmp_path / "adapter")
    other = load_auditor(rebuilt, quantize_4bit=False)
    with pytest.raises(AdapterBaseMismatch) as e:
        other.load_adapter(d)
    msg = str(e.value)
    assert "\n" not in msg and read_build_info(tiny_path)["key"] in msg and "0123456789abcdef" in msg
    # an adapter saved before identities were recorded: the recorded base folder tells
    info = json.loads((d / "auditor.json").read_text())
    del info["base_identity"]
    (d / "auditor.json").write_text(json.dumps(info))
    with pytest.raises(AdapterBaseMismatch):
        other.load_adapter(d)
    # ... and when that folder is gone, nothing can be checked: it loads as before
    info["base"] = str(tmp_path / "gone")
    (d / "auditor.json").write_text(json.dumps(info))
    other.load_adapter(d)


@pytest.mark.tiny_auditor
def test_a_checkpoint_is_evaluated_on_its_own_build_when_that_is_still_on_disk(tiny_path, rebuilt, tmp_path):
    ckpt = tmp_path / "ckpt-00001"
    _adapter(rebuilt, ckpt / "adapter")  # trained on the other build; the default is tiny_path
    assert base_identity(default_tiny_path()) != base_identity(rebuilt)
    cfg = TrainConfig()
    assert cfg.auditor.model == "tiny"
    assert _on_trained_base(cfg, ckpt).auditor.model == str(rebuilt)
    # the default build is the trained one: nothing changes
    ckpt2 = tmp_path / "ckpt-00002"
    _adapter(tiny_path, ckpt2 / "adapter")
    assert _on_trained_base(cfg, ckpt2).auditor.model == "tiny"
    # the trained build is gone: the config is left as it is and load_adapter refuses
    info = json.loads((ckpt / "adapter" / "auditor.json").read_text())
    info["base"] = str(tmp_path / "gone")
    (ckpt / "adapter" / "auditor.json").write_text(json.dumps(info))
    assert _on_trained_base(cfg, ckpt).auditor.model == "tiny"
    with pytest.raises(AdapterBaseMismatch):
        load_auditor(tiny_path, quantize_4bit=False).load_adapter(ckpt / "adapter")


SMALL = dict(n_episodes=4, vocab_size=1000, hidden_size=16, layers=1, heads=2, intermediate_size=32,
             max_positions=1024, max_length=1024, epochs=0.2, batch_size=8)


def test_a_rebuild_keeps_the_replaced_build_and_its_checkpoints_still_load(tmp_path):
    from probe.auditor.tiny import TinySettings, previous_build_path

    torch.set_num_threads(2)
    out = tmp_path / "tiny-auditor-v1"
    build_tiny_auditor(out, seed=1, settings=TinySettings(**SMALL))
    first = read_build_info(out)["key"]
    ckpt = tmp_path / "run" / "ckpt-00001"
    _adapter(out, ckpt / "adapter")
    (out / "notes.txt").write_text("mine")  # whatever was in the folder goes with the old build
    build_tiny_auditor(out, seed=2, settings=TinySettings(**SMALL))  # e.g. after a corpus change
    second = read_build_info(out)["key"]
    kept = previous_build_path(out, first)
    assert second != first and read_build_info(kept)["key"] == first and (kept / "notes.txt").read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run", "tiny-auditor-v1", f"tiny-auditor-v1@{first}"]
    assert trained_base(ckpt / "adapter") == (str(kept), f"tiny-auditor:{first}")
    load_auditor(kept, quantize_4bit=False).load_adapter(ckpt / "adapter")
    with pytest.raises(AdapterBaseMismatch):
        load_auditor(out, quantize_4bit=False).load_adapter(ckpt / "adapter")
    # the same old build again: nothing new is kept (builds are deterministic)
    build_tiny_auditor(out, seed=1, settings=TinySettings(**SMALL))
    build_tiny_auditor(out, seed=2, settings=TinySettings(**SMALL))
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["run", "tiny-auditor-v1", f"tiny-auditor-v1@{first}",
                                                                 f"tiny-auditor-v1@{second}"])  # keys sort either way
