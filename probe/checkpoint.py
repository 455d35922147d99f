"""Atomic, resumable checkpoints: ``<run>/ckpt-<step>/`` written to a temp dir, then renamed.

A checkpoint holds everything needed to continue a run exactly: the LoRA adapter, the
optimizer, the algorithm's own state (EMA reference, replay buffer, log Z head), the curriculum,
the reward's global statistics and the RNG states. ``step`` is the number of finished updates.
"""

from __future__ import annotations

import json
import os
import random
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import torch

CKPT_PREFIX = "ckpt-"


def rng_state() -> dict[str, Any]:
    return {"python": random.getstate(), "numpy": np.random.get_state(), "torch": torch.get_rng_state()}


def set_rng_state(state: dict[str, Any]) -> None:
    random.setstate(state["python"])
    np.random.set_state(state["numpy"])
    torch.set_rng_state(state["torch"])


def save_checkpoint(run_dir: Path, step: int, *, auditor: Any, state: dict[str, Any]) -> Path:
    """Write ``ckpt-<step>`` atomically; ``state`` is a dict of picklable/tensor objects."""
    run_dir = Path(run_dir)
    final = run_dir / f"{CKPT_PREFIX}{step:05d}"
    tmp = run_dir / f".tmp-{CKPT_PREFIX}{step:05d}"
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir(parents=True)
    auditor.save_adapter(tmp / "adapter")
    torch.save(dict(state, rng=rng_state()), tmp / "state.pt")
    (tmp / "step.json").write_text(json.dumps({"step": step}))
    for f in tmp.rglob("*"):
        if f.is_file():
            with open(f, "rb") as fh:
                os.fsync(fh.fileno())
    if final.exists():
        shutil.rmtree(final)
    os.replace(tmp, final)
    return final


def latest_checkpoint(run_dir: Path) -> Path | None:
    """The newest complete checkpoint (temp dirs of an interrupted save are ignored)."""
    done = [p for p in Path(run_dir).glob(f"{CKPT_PREFIX}*") if (p / "step.json").is_file()]
    return max(done, key=lambda p: json.loads((p / "step.json").read_text())["step"], default=None)


def load_checkpoint(path: Path) -> tuple[int, dict[str, Any]]:
    path = Path(path)
    step = json.loads((path / "step.json").read_text())["step"]
    state = torch.load(path / "state.pt", weights_only=False)
    return step, state
