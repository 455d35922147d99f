"""Atomic, verifiable, pickle-free checkpoints: ``<run>/ckpt-<step>/`` written to a temp dir, then renamed.

A checkpoint holds everything needed to continue a run exactly: the LoRA adapter, the
optimizer, the algorithm's own state (EMA reference, replay buffer, log Z head), the curriculum,
the reward's global statistics and the RNG states. ``step`` is the number of finished updates.

Files: ``adapter/`` (safetensors), ``state.json`` (every non-tensor value, with tensors replaced
by references), ``tensors.safetensors`` (the tensors), ``step.json`` and, written last,
``manifest.json`` (size and sha256 of every other file). Loading never unpickles: JSON and
safetensors only, so a tampered checkpoint cannot run code. ``latest_checkpoint`` returns the
newest checkpoint whose manifest matches its files; ``checkpoint_problem`` says what is wrong
with one that does not.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import shutil
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
import torch

CKPT_PREFIX = "ckpt-"
MANIFEST = "manifest.json"
STATE = "state.json"
TENSORS = "tensors.safetensors"
_CKPT_RE = re.compile(rf"^{CKPT_PREFIX}(\d+)$")


class CheckpointError(ValueError):
    """A checkpoint that cannot be loaded; ``str()`` is one line."""


def rng_state() -> dict[str, Any]:
    return {"python": random.getstate(), "numpy": np.random.get_state(), "torch": torch.get_rng_state()}


def set_rng_state(state: dict[str, Any]) -> None:
    random.setstate(state["python"])
    np.random.set_state(state["numpy"])
    torch.set_rng_state(state["torch"])


@contextmanager
def preserved_rng():
    """Run the body, then put python's, numpy's and torch's CPU generators back as they were: for
    work a run may or may not do in-process (building the tiny auditor when it is not cached),
    which must not shift the random draws that follow it."""
    state = rng_state()
    try:
        yield
    finally:
        set_rng_state(state)


# --- state <-> JSON + tensors -----------------------------------------------------------------

def encode_state(obj: Any, tensors: dict[str, torch.Tensor]) -> Any:
    """A JSON-able copy of ``obj``; tensors go to ``tensors`` and are replaced by references.

    Tuples, non-string dict keys and numpy arrays are tagged so ``decode_state`` restores them
    exactly (RNG states and optimizer states use all three)."""
    if isinstance(obj, torch.Tensor):
        name = f"t{len(tensors)}"
        tensors[name] = obj.detach().cpu().contiguous().clone()
        return {"__tensor__": name}
    if isinstance(obj, np.ndarray):
        return {"__ndarray__": obj.tolist(), "dtype": str(obj.dtype)}
    if isinstance(obj, np.generic):
        return obj.item()
    if isinstance(obj, tuple):
        return {"__tuple__": [encode_state(v, tensors) for v in obj]}
    if isinstance(obj, list):
        return [encode_state(v, tensors) for v in obj]
    if isinstance(obj, dict):
        if all(isinstance(k, str) and not k.startswith("__") for k in obj):
            return {k: encode_state(v, tensors) for k, v in obj.items()}
        return {"__items__": [[encode_state(k, tensors), encode_state(v, tensors)] for k, v in obj.items()]}
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    raise TypeError(f"cannot store a {type(obj).__name__} in a checkpoint")


def decode_state(obj: Any, tensors: dict[str, torch.Tensor]) -> Any:
    if isinstance(obj, list):
        return [decode_state(v, tensors) for v in obj]
    if isinstance(obj, dict):
        if "__tensor__" in obj:
            return tensors[obj["__tensor__"]]
        if "__ndarray__" in obj:
            return np.asarray(obj["__ndarray__"], dtype=np.dtype(obj["dtype"]))
        if "__tuple__" in obj:
            return tuple(decode_state(v, tensors) for v in obj["__tuple__"])
        if "__items__" in obj:
            return {_hashable(decode_state(k, tensors)): decode_state(v, tensors) for k, v in obj["__items__"]}
        return {k: decode_state(v, tensors) for k, v in obj.items()}
    return obj


def _hashable(key: Any) -> Any:
    return tuple(_hashable(k) for k in key) if isinstance(key, (list, tuple)) else key


# --- files ---------------------------------------------------------------------------------------

def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _fsync(path: Path) -> None:
    with open(path, "rb") as fh:
        os.fsync(fh.fileno())


def save_checkpoint(run_dir: Path, step: int, *, auditor: Any, state: dict[str, Any]) -> Path:
    """Write ``ckpt-<step>`` atomically. ``state`` holds tensors, numbers, strings, lists, tuples
    and dicts; the RNG states are added."""
    from safetensors.torch import save_file

    run_dir = Path(run_dir)
    final = run_dir / f"{CKPT_PREFIX}{step:05d}"
    tmp = run_dir / f".tmp-{CKPT_PREFIX}{step:05d}"
    if tmp.exists():  # our own leftover of an interrupted save
        shutil.rmtree(tmp)
    tmp.mkdir(parents=True)
    auditor.save_adapter(tmp / "adapter")
    tensors: dict[str, torch.Tensor] = {}
    encoded = encode_state(dict(state, rng=rng_state()), tensors)
    save_file(tensors, str(tmp / TENSORS))
    (tmp / STATE).write_text(json.dumps(encoded))
    (tmp / "step.json").write_text(json.dumps({"step": step}))
    files = sorted(f for f in tmp.rglob("*") if f.is_file())
    for f in files:
        _fsync(f)
    manifest = {"step": step, "files": {f.relative_to(tmp).as_posix(): {"size": f.stat().st_size, "sha256": _sha256(f)}
                                        for f in files}}
    (tmp / MANIFEST).write_text(json.dumps(manifest, indent=1))
    _fsync(tmp / MANIFEST)
    if final.exists():  # a checkpoint of this run for the same update (after a resume from an earlier one)
        shutil.rmtree(final)
    os.replace(tmp, final)
    return final


def checkpoint_step(path: Path) -> int | None:
    m = _CKPT_RE.match(Path(path).name)
    return int(m.group(1)) if m else None


def checkpoint_problem(path: Path) -> str | None:
    """None when ``path`` is an intact checkpoint; else what is wrong with it, in a few words."""
    path = Path(path)
    try:
        manifest = json.loads((path / MANIFEST).read_text())
        files = manifest["files"]
    except FileNotFoundError:
        return f"no {MANIFEST} (unfinished, or written by an older probe)"
    except (OSError, ValueError, KeyError, TypeError) as e:
        return f"unreadable {MANIFEST} ({type(e).__name__})"
    for rel in (STATE, TENSORS, "step.json"):
        if rel not in files:
            return f"{MANIFEST} does not list {rel}"
    for rel, want in files.items():
        f = path / rel
        if not f.is_file():
            return f"{rel} is missing"
        if f.stat().st_size != want.get("size"):
            return f"{rel} has {f.stat().st_size} bytes, the manifest says {want.get('size')}"
        if _sha256(f) != want.get("sha256"):
            return f"{rel} does not match its sha256 in the manifest"
    try:
        step = json.loads((path / "step.json").read_text())["step"]
    except (ValueError, KeyError, TypeError):
        return "step.json is not valid"
    if step != manifest.get("step") or step != checkpoint_step(path):
        return f"step.json says {step}, the directory name says {checkpoint_step(path)}"
    return None


ADAPTER_FILE = "adapter/adapter_model.safetensors"
ACCEPTED = (f"allowed: a checkpoint probe wrote (its {MANIFEST} matching every file), or a hand-made one: "
            f"{ADAPTER_FILE} and a step.json, without {STATE} or {TENSORS}")


def _safetensors_problem(path: Path) -> str | None:
    """What is wrong with the header of a safetensors file (8-byte length, then a JSON object), or None."""
    try:
        with open(path, "rb") as f:
            head = f.read(8)
            size = int.from_bytes(head, "little") if len(head) == 8 else -1
            if not 2 <= size <= min(path.stat().st_size - 8, 100_000_000):
                return "is not a safetensors file (bad header length)"
            if not isinstance(json.loads(f.read(size)), dict):
                raise ValueError
    except (OSError, ValueError):
        return "is not a safetensors file (unreadable header)"
    return None


def adapter_checkpoint_problem(path: Path) -> str | None:
    """None when the adapter of ``path`` may be loaded for evaluation; else what is wrong, in a few words.

    A checkpoint with a manifest must match it (``checkpoint_problem``). Without one, only a
    hand-made checkpoint (or an older probe's, which wrote no safetensors state) is accepted: a
    safetensors adapter and a step.json naming the directory's step. A checkpoint holding the
    state files probe writes next to its manifest but no manifest lost it (probe renames the whole
    directory into place only after the manifest is written), so its files cannot be trusted."""
    path = Path(path)
    pickles = sorted(f.name for f in (path / "adapter").glob("*.bin")) if (path / "adapter").is_dir() else []
    if not (path / ADAPTER_FILE).is_file():
        if pickles:  # never unpickled: probe reads adapters as safetensors only
            return f"adapter/{pickles[0]} is a pickle file, which probe never loads; it needs {ADAPTER_FILE}"
        return f"{ADAPTER_FILE} is missing"
    if (path / MANIFEST).exists():
        return checkpoint_problem(path)
    present = [rel for rel in (STATE, TENSORS) if (path / rel).exists()]
    if present:
        return f"no {MANIFEST} beside {present[0]} (probe writes it with every checkpoint: deleted or an incomplete copy)"
    try:
        step = json.loads((path / "step.json").read_text())["step"]
    except FileNotFoundError:
        step = None if checkpoint_step(path) is not None else "any"  # a bare adapter folder not named ckpt-* has no step
    except (OSError, ValueError, KeyError, TypeError):
        return "step.json is not valid"
    if step is None:
        return f"no {MANIFEST} and no step.json"
    if step != "any" and checkpoint_step(path) is not None and step != checkpoint_step(path):
        return f"step.json says {step}, the directory name says {checkpoint_step(path)}"
    bad = _safetensors_problem(path / ADAPTER_FILE)
    return f"{ADAPTER_FILE} {bad}" if bad else None


def list_checkpoints(run_dir: Path) -> list[Path]:
    """``ckpt-<step>`` directories, newest first (by the name, which a broken step.json cannot hide)."""
    found = [p for p in Path(run_dir).glob(f"{CKPT_PREFIX}*") if p.is_dir() and checkpoint_step(p) is not None]
    return sorted(found, key=checkpoint_step, reverse=True)


def latest_checkpoint(run_dir: Path, skipped: list[tuple[Path, str]] | None = None, *,
                      adapter_only: bool = True) -> Path | None:
    """The newest intact checkpoint; newer broken ones are appended to ``skipped`` with the reason.

    ``adapter_only`` (evaluation, which needs only the LoRA adapter) also accepts a checkpoint
    without a manifest (written by an older probe, or an adapter copied by hand) that has a
    safetensors adapter and a valid ``step.json`` (``adapter_checkpoint_problem``); resuming
    always needs the manifest."""
    for p in list_checkpoints(run_dir):
        problem = adapter_checkpoint_problem(p) if adapter_only else checkpoint_problem(p)
        if problem is None:
            return p
        if skipped is not None:
            skipped.append((p, problem))
    return None


def load_checkpoint(path: Path) -> tuple[int, dict[str, Any]]:
    """(step, state) of an intact checkpoint; ``CheckpointError`` otherwise. No pickle is read."""
    from safetensors import SafetensorError
    from safetensors.torch import load_file

    path = Path(path)
    problem = checkpoint_problem(path)
    if problem is not None:
        raise CheckpointError(f"checkpoint {path} is not intact: {problem}")
    step = json.loads((path / "step.json").read_text())["step"]
    try:
        tensors = load_file(str(path / TENSORS))
        state = decode_state(json.loads((path / STATE).read_text()), tensors)
    except (SafetensorError, ValueError, KeyError, TypeError) as e:
        raise CheckpointError(f"checkpoint {path} cannot be read: {type(e).__name__}: {e}") from None
    return step, state


def load_tensor_file(path: Path) -> Any:
    """A ``torch.save`` file of tensors and plain containers, read with ``weights_only=True``:
    a pickle that would run code raises ``CheckpointError`` instead of running."""
    try:
        return torch.load(path, weights_only=True, map_location="cpu")
    except Exception as e:  # noqa: BLE001  (UnpicklingError, RuntimeError, EOFError, ...)
        raise CheckpointError(f"{path} is not a plain tensor file ({type(e).__name__}); refusing to unpickle it") from None


__all__ = ["save_checkpoint", "load_checkpoint", "latest_checkpoint", "list_checkpoints", "checkpoint_problem",
           "adapter_checkpoint_problem", "ACCEPTED",
           "checkpoint_step", "CheckpointError", "rng_state", "set_rng_state", "preserved_rng", "encode_state", "decode_state",
           "load_tensor_file", "CKPT_PREFIX"]
