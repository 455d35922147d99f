"""Benchmark: the shared rollout engine (DESIGN section 8) with the tiny auditor vs the reference target.

Runs ``RolloutEngine.collect`` for N updates and prints, from the same run:

- rollouts/s: candidate branches (prefix + candidate + C continuation turns) produced per second;
- the mean per-update engine wall time, time inside auditor generation (``auditor.generate``)
  and time inside target turns (the thread-pool phase that runs only ``target.respond``);
- the overhead ratio ``wall / (generation + target)``: everything else (prompt building, forks,
  verification, the composite reward, trace building) is engine overhead;
- the batch size of every ``generate`` call (one call per turn: B during the prefix, B*G after).

    python scripts/bench_rollout.py --updates 5 --prefixes 4 --group-size 4 --continuation 3 --k-max 8

``--compare-sampler`` runs the same updates again with ``model.generate`` (``Auditor.fast_decode =
False``) and prints both rates, their ratio and whether the two runs drew the same batches and hits.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--updates", type=int, default=5)
    ap.add_argument("--prefixes", type=int, default=4, help="B: shared prefixes per update")
    ap.add_argument("--group-size", type=int, default=4, help="G: candidates per prefix")
    ap.add_argument("--continuation", type=int, default=3, help="C: continuation turns per branch")
    ap.add_argument("--k-max", type=int, default=8, help="horizon (max turns per episode)")
    ap.add_argument("--faults", default="demo")
    ap.add_argument("--temperature", type=float, default=0.8)
    ap.add_argument("--max-new-tokens", type=int, default=40)
    ap.add_argument("--target-workers", type=int, default=8)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--torch-threads", type=int, default=0, help="torch.set_num_threads (0: leave torch's default)")
    ap.add_argument("--compare-sampler", action="store_true",
                    help="run the same updates again sampling with model.generate and print the ratio "
                         "(probe/auditor/decode.py against it)")
    ap.add_argument("--profile", type=int, default=0, metavar="N",
                    help="also print the N most expensive functions (cProfile, cumulative) of the run")
    args = ap.parse_args(argv)

    import torch

    from probe.auditor.model import LoraSettings, load_auditor
    from probe.auditor.tiny import build_tiny_auditor, default_tiny_path
    from probe.train.config import RolloutSettings
    from probe.train.reward import CompositeReward
    from probe.train.rollout import RolloutEngine

    if args.torch_threads > 0:
        torch.set_num_threads(args.torch_threads)
    auditor = load_auditor(build_tiny_auditor(default_tiny_path()), lora=LoraSettings())
    settings = RolloutSettings(prefixes=args.prefixes, group_size=args.group_size, continuation_turns=args.continuation,
                               temperature=args.temperature, max_new_tokens=args.max_new_tokens,
                               target_workers=args.target_workers)

    def timed_updates(echo: bool, profiler: cProfile.Profile | None = None) -> tuple[list[tuple], float]:
        """A fresh engine (same seed), one untimed warm-up collect, then ``args.updates`` timed ones:
        per update (rollouts, wall, generate, target, score, batch sizes, candidate turns, hits)."""
        engine = RolloutEngine(settings, CompositeReward(domain="skyassist"), env="skyassist", target="reference",
                               faults=args.faults, seed=args.seed)
        engine.collect(auditor, step=10_000, k_max=min(args.k_max, 1 + args.continuation))  # warm-up, not timed
        rows = []
        wall0 = time.perf_counter()
        if profiler:
            profiler.enable()
        for step in range(args.updates):
            batch = engine.collect(auditor, step=step, k_max=args.k_max)
            s = batch.stats
            rows.append((len(batch), s["wall_s"], s["generate_s"], s["target_s"], s.get("score_s", 0.0),
                         list(s["generate_batch_sizes"]), s["candidate_turn"], sum(batch.policy_hits.values())))
            if echo:
                print(f"update {step}: t={s['candidate_turn']} rollouts={len(batch)} wall={s['wall_s']:.3f}s "
                      f"generate={s['generate_s']:.3f}s target={s['target_s']:.3f}s "
                      f"score={s.get('score_s', 0.0):.3f}s batches={s['generate_batch_sizes']} "
                      f"hits={dict(batch.policy_hits)}", flush=True)
        if profiler:
            profiler.disable()
        total = time.perf_counter() - wall0
        engine.close()
        return rows, total

    profiler = cProfile.Profile() if args.profile else None
    rows, total = timed_updates(echo=True, profiler=profiler)

    n = len(rows)
    rollouts = sum(r[0] for r in rows)
    wall, gen, tgt, score = (sum(r[i] for r in rows) for i in (1, 2, 3, 4))
    sizes = [b for r in rows for b in r[5]]
    print()
    print(f"config: B={args.prefixes} G={args.group_size} C={args.continuation} K_max={args.k_max} "
          f"faults={args.faults} T={args.temperature} target_workers={args.target_workers} "
          f"torch_threads={torch.get_num_threads()}")
    print(f"rollouts/s:            {rollouts / total:.2f}  ({rollouts} candidate branches in {total:.2f}s)")
    print(f"mean update wall:      {wall / n:.3f}s")
    print(f"mean generation:       {gen / n:.3f}s  ({len(sizes) / n:.1f} generate calls per update)")
    print(f"mean target turns:     {tgt / n:.3f}s")
    print(f"mean scoring (overhead part): {score / n:.3f}s")
    print(f"overhead ratio:        {wall / (gen + tgt):.3f}  (wall / (generation + target); aim <= 1.15)")
    print(f"generate batch sizes:  {sizes}")
    print(f"batch-size histogram:  {dict(sorted(Counter(sizes).items()))}")
    if profiler:
        print()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(args.profile)
    if args.compare_sampler:
        auditor.fast_decode = False
        slow_rows, slow_total = timed_updates(echo=False)
        slow_gen = sum(r[2] for r in slow_rows)
        same = [(r[5], r[7]) for r in slow_rows] == [(r[5], r[7]) for r in rows]
        print()
        print(f"model.generate:        {rollouts / slow_total:.2f} rollouts/s, mean generation {slow_gen / n:.3f}s")
        print(f"decode / generate:     {slow_total / total:.2f}x rollouts/s, {slow_gen / gen:.2f}x generation time; "
              f"same batches and hits: {'yes' if same else 'no'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
