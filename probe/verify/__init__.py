"""Verification of stored traces: ``probe verify`` re-scores a trace file, trusting nothing it can
recompute (``probe.verify.rescore``)."""
