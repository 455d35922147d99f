"""probe: train and use black-box auditors of tool-using LLM agents.

Where each concept lives (one package per concept; environments live in ``envs/`` and plug in
through the ``probe.envs`` entry-point group, so nothing here names one):

- ``probe.core``: the trace record, the ``Domain`` interface an environment implements, policies
  and violations, one episode, the auditor's observation, the Gymnasium game, the environment
  registry, scripted customers, failed target turns;
- ``probe.verify``: the verifier toolkit (trace view, replay from the initial state, the
  ``@verifier`` registry, ``run_verifiers``) and re-scoring stored traces (``probe verify``);
- ``probe.targets``: the target-agent interface and the model-backed targets (OpenAI-compatible,
  local transformers, record/replay);
- ``probe.auditor``: auditor models (the tiny CPU model, LoRA/QLoRA loading, prompts, an auditor
  behind an endpoint);
- ``probe.train``: run config, rollout engine, reward, plausibility, curriculum, checkpoints, run
  directories, the training loop and the three algorithms in ``probe.train.algos``;
- ``probe.eval``: held-out evaluation, baselines, metrics and reports;
- ``probe.cli``: the ``probe`` command line.

The names most users need are re-exported here and imported on first use.
"""

from __future__ import annotations

import os
from importlib import import_module
from typing import Any

__version__ = "0.1.0"

# Intel MKL's strict conditional numerical reproducibility: its matrix products give the same bits
# whatever the thread count. Without it, on an AVX-512 Intel Xeon, the tiny auditor's build with one
# thread (a busy machine) and with two (an idle one) gave different weights under the same build key
# (tests/train/test_threads.py), while an AMD EPYC gave the same; no measurable cost on 2 cores
# (docs/threads.md). MKL reads it once, at its first call: set before torch does any work, and a
# user's own setting wins.
os.environ.setdefault("MKL_CBWR", "AUTO,STRICT")

_EXPORTS = {
    "AuditGame": "probe.core.game",
    "ENV_IDS": "probe.core.game",  # env name -> its Gymnasium id (every known env is registered)
    "Trace": "probe.core.trace",
    "Domain": "probe.core.domain",
    "Policy": "probe.core.policy",
    "Violation": "probe.core.policy",
    "get_domain": "probe.core.registry",
    "env_names": "probe.core.registry",
    "register_env": "probe.core.registry",
    "verifier": "probe.verify.registry",
    "run_verifiers": "probe.verify.registry",
    "default_env": "probe.core.registry",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'probe' has no attribute {name!r}")
