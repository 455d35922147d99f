"""Benchmark: the tiny auditor's sampling, ``probe.auditor.decode`` against ``model.generate``.

From one run, on the same prompts and seeds: seconds per batched ``Auditor.generate`` call (sampling
and each token's log-probability) with the fast sampler and with ``model.generate`` plus the
scoring forward pass, for batches of the sizes the rollout engine makes (1, 4, 16), the ratio, and
whether both drew the same tokens.

    python scripts/bench_decode.py [--repeats 3] [--threads 1]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--threads", type=int, default=1, help="torch intra-op threads (training on 2 cores uses 1)")
    ap.add_argument("--max-new-tokens", type=int, default=40)
    a = ap.parse_args(argv)
    import torch

    from probe.auditor.model import load_auditor
    from probe.auditor.tiny import build_tiny_auditor, default_tiny_path
    from probe.core.registry import get_domain

    torch.set_num_threads(a.threads)
    auditor = load_auditor(build_tiny_auditor(default_tiny_path(), seed=0), quantize_4bit=False)
    domain = get_domain("skyassist")
    fams = domain.families
    prompts = [auditor.prompt(domain.scenario_text(domain.scenario(fams[i % len(fams)], domain.heldout_seeds[i])), [])
               for i in range(16)]
    print(f"tiny auditor, {a.threads} torch thread(s), {a.max_new_tokens} new tokens at most, temperature 0.6")
    print("| batch | model.generate + scoring (s) | probe.auditor.decode (s) | ratio | same tokens |")
    print("| --- | --- | --- | --- | --- |")
    for batch in (1, 4, 16):
        times: dict[bool, list[float]] = {True: [], False: []}
        same = True
        for r in range(a.repeats):
            out = {}
            for fast in (False, True):
                auditor.fast_decode = fast
                t = time.perf_counter()
                out[fast] = auditor.generate(prompts[:batch], max_new_tokens=a.max_new_tokens, temperature=0.6, seed=r)
                times[fast].append(time.perf_counter() - t)
            same = same and out[True].completion_ids == out[False].completion_ids
        slow, quick = statistics.median(times[False]), statistics.median(times[True])
        print(f"| {batch} | {slow:.3f} | {quick:.3f} | {slow / quick:.2f}x | {'yes' if same else 'no'} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
