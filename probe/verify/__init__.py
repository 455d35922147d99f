"""Verification: the toolkit environments write their verifiers with, and re-scoring stored traces.

- ``probe.verify.view``: ``TraceView`` (turns, assistant texts, tool calls with replayed results)
  and ``split_turns``;
- ``probe.verify.replay``: ``Replayer``, replaying tool calls from the initial state (cached,
  incremental);
- ``probe.verify.registry``: the ``@verifier("B1", severity=...)`` decorator, the per-environment
  ``VerifierRegistry`` and ``run_verifiers(domain, trace)``;
- ``probe.verify.rescore``: ``probe verify``, re-scoring a trace file and checking its integrity.
"""

from probe.verify.registry import Verifier, VerifierRegistry, declare, registry_of, run_verifiers, verifier
from probe.verify.replay import Parsed, Replayed, Replayer
from probe.verify.view import Call, Text, TraceView, Turn, build_view, split_turns

__all__ = ["Call", "Parsed", "Replayed", "Replayer", "Text", "TraceView", "Turn", "Verifier", "VerifierRegistry",
           "build_view", "declare", "registry_of", "run_verifiers", "split_turns", "verifier"]
