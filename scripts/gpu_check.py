"""GPU check: the paper-sized auditor update, with nothing downloaded.

On a CUDA machine with bitsandbytes this

1. builds a Qwen3 model with the published Qwen3-4B shape (``QWEN3_4B`` below) from a config in
   code, randomly initialised in bf16, writes it with a synthetic word-level tokenizer to a
   temporary directory, and loads it back through the loader ``probe train`` uses
   (``probe.train.loop.load_run_auditor`` with ``configs/skyassist-qwen3-4b-grpo.yaml``): 4-bit NF4
   quantisation and the config's LoRA adapter (r=64, alpha=128, q/k/v/o);
2. samples one batched ``Auditor.generate`` of ``prefixes x group_size`` (8 x 4 = 32) candidates of
   ``rollout.max_new_tokens`` (96) tokens after synthetic prompts of ~600 tokens;
3. builds the ``RolloutBatch`` the losses consume from that generation (seeded returns with spread
   inside every group) and runs one update of each optimizer -- GRPO, DPO, GFlowNet -- with the
   project's own trainer classes, each from the same initial adapter;
4. prints one JSON line per step (seconds, generation tokens/s, peak GPU memory, whether the
   adapter moved, whether the loss is finite) and a final JSON verdict line.

``--tiny`` runs the same code at a tiny shape (and shorter prompts); without CUDA it runs on CPU in
float32 without 4-bit quantisation (bitsandbytes' 4-bit kernels need CUDA). ``--cpu-tiny`` forces
that CPU run. When the full-size check cannot run (no CUDA, no bitsandbytes, an import error) the
script prints one ``error:`` line naming what is missing and exits 2. Exit 1: a step failed (its
JSON line carries the error); 0: every step passed.

    python scripts/gpu_check.py            # on a GPU machine (make gpu-check)
    python scripts/gpu_check.py --cpu-tiny # anywhere, a few seconds
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DEFAULT_CONFIG = ROOT / "configs" / "skyassist-qwen3-4b-grpo.yaml"

# The published shape of the configured auditor, Qwen/Qwen3-4B-Instruct-2507 (config.json).
# Qwen3-4B (the April release) has the same shape with rope_theta 1e6 and max_position_embeddings
# 40960; neither changes memory or compute here.
QWEN3_4B: dict[str, Any] = dict(
    hidden_size=2560, num_hidden_layers=36, num_attention_heads=32, num_key_value_heads=8, head_dim=128,
    intermediate_size=9728, vocab_size=151936, tie_word_embeddings=True, rope_theta=5_000_000.0,
    max_position_embeddings=262144, rms_norm_eps=1e-6, hidden_act="silu", attention_bias=False,
    bos_token_id=151643, eos_token_id=151645, pad_token_id=151643)
# Same architecture, small enough for a CPU test in seconds. Every adapted projection keeps both
# dimensions >= 2 x the config's LoRA rank (64): DPO's EMA reference recompresses rank-2r factors.
TINY: dict[str, Any] = dict(
    hidden_size=128, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, head_dim=64,
    intermediate_size=256, vocab_size=512, tie_word_embeddings=True, rope_theta=1_000_000.0,
    max_position_embeddings=1024, rms_norm_eps=1e-6, hidden_act="silu", attention_bias=False,
    bos_token_id=509, eos_token_id=511, pad_token_id=510)

ALGOS = ("grpo", "dpo", "gfn")


class Missing(Exception):
    """Something the check needs is not there; the message says what."""


def _error(e: BaseException) -> str:
    """One line: the exception's type and the first line of its message."""
    return f"{type(e).__name__}: {str(e).splitlines()[0][:300] if str(e) else ''}"


def emit(record: dict[str, Any]) -> None:
    print(json.dumps(record), flush=True)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tiny", action="store_true", help="tiny shape (CPU float32 without 4-bit when there is no CUDA)")
    ap.add_argument("--cpu-tiny", action="store_true", help="tiny shape on CPU, float32, no 4-bit quantisation")
    ap.add_argument("--config", default=str(DEFAULT_CONFIG), help="run config whose auditor/rollout/optim sections are used")
    ap.add_argument("--prompt-tokens", type=int, default=None, help="mean prompt length (default 600; tiny: 48)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workdir", default=None, help="where the temporary model directory is made (default: system temp)")
    args = ap.parse_args(argv)
    if args.cpu_tiny:
        args.tiny = True
    if args.prompt_tokens is not None and not 8 <= args.prompt_tokens <= 4096:
        ap.exit(2, f"error: --prompt-tokens must be in [8, 4096], got {args.prompt_tokens}\n")
    if args.seed < 0:
        ap.exit(2, f"error: --seed must be >= 0, got {args.seed}\n")
    if not Path(args.config).is_file():
        ap.exit(2, f"error: --config {args.config!r} is not a file\n")
    if args.workdir is not None and not Path(args.workdir).is_dir():
        ap.exit(2, f"error: --workdir {args.workdir!r} is not an existing directory\n")
    return args


def check_prerequisites(full: bool) -> dict[str, str]:
    """Versions of what the check uses; raise ``Missing`` naming every absent piece."""
    versions: dict[str, str] = {}
    missing: list[str] = []
    for mod in ("torch", "transformers", "peft", "tokenizers"):
        try:
            versions[mod] = __import__(mod).__version__
        except Exception as e:  # noqa: BLE001
            missing.append(f"cannot import {mod} ({_error(e)})")
    try:
        from transformers import Qwen3Config, Qwen3ForCausalLM  # noqa: F401
    except Exception as e:  # noqa: BLE001
        missing.append(f"transformers has no Qwen3 model ({_error(e)}); transformers >= 4.51 is needed")
    try:
        import probe.train.algos  # noqa: F401
        import probe.train.loop  # noqa: F401
    except Exception as e:  # noqa: BLE001
        missing.append(f"cannot import the probe package ({_error(e)})")
    # CUDA and bitsandbytes: required at full size; at the tiny shape used when present
    cuda_missing = []
    try:
        import torch
        if not torch.cuda.is_available():
            cuda_missing.append(f"no CUDA GPU (torch {torch.__version__})")
        else:
            versions["gpu"] = torch.cuda.get_device_name(0)
            versions["cuda"] = str(torch.version.cuda)
    except Exception:  # noqa: BLE001  (already reported above)
        pass
    try:
        import bitsandbytes
        versions["bitsandbytes"] = bitsandbytes.__version__
    except Exception as e:  # noqa: BLE001  (a build without CUDA libraries fails on import too)
        cuda_missing.append("the 'bitsandbytes' package is not installed" if isinstance(e, ImportError)
                            and "bitsandbytes" in str(e) else f"bitsandbytes does not import ({_error(e)})")
    if full:
        missing += cuda_missing
    if missing:
        what = "the Qwen3-4B-shape 4-bit check needs a CUDA GPU and bitsandbytes" if full else "the tiny check"
        hint = " (pip install 'probe-audit[gpu]'; or run --cpu-tiny for the tiny CPU check)" if full else ""
        raise Missing(f"{what}; missing: {'; '.join(missing)}{hint}")
    return versions


def word_tokenizer(vocab_size: int, bos: int, eos: int, pad: int):
    """A word-level tokenizer whose word ``t<i>`` is token ``i``: synthetic prompts encode to exact ids."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers
    from transformers import PreTrainedTokenizerFast

    vocab = {f"t{i}": i for i in range(vocab_size)}
    tok = Tokenizer(models.WordLevel(vocab=vocab, unk_token="t0"))
    tok.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    tok.decoder = decoders.WordPiece(prefix="##")  # joins words with spaces
    return PreTrainedTokenizerFast(tokenizer_object=tok, bos_token=f"t{bos}", eos_token=f"t{eos}",
                                   pad_token=f"t{pad}", unk_token="t0")


def build_model_dir(shape: dict[str, Any], directory: Path, *, seed: int, device: str, dtype) -> None:
    """Randomly initialised Qwen3 model + tokenizer written as a local model directory."""
    import torch
    from transformers import AutoModelForCausalLM, GenerationConfig, Qwen3Config

    shape = dict(shape)
    rope_theta = shape.pop("rope_theta")
    config = Qwen3Config(**shape, rope_parameters={"rope_type": "default", "rope_theta": rope_theta})
    torch.manual_seed(seed)
    with torch.device(device):
        model = AutoModelForCausalLM.from_config(config, dtype=dtype)  # a Qwen3ForCausalLM, initialised in dtype
    model.generation_config = GenerationConfig(bos_token_id=config.bos_token_id, eos_token_id=config.eos_token_id,
                                               pad_token_id=config.pad_token_id)
    model.save_pretrained(str(directory))
    word_tokenizer(config.vocab_size, config.bos_token_id, config.eos_token_id,
                   config.pad_token_id).save_pretrained(str(directory))
    del model
    if device.startswith("cuda"):
        torch.cuda.empty_cache()


def synthetic_prompts(rng: random.Random, n: int, mean_len: int, vocab_size: int, reserved: set[int]) -> list[list[int]]:
    """``n`` prompts of token ids, lengths within +-15% of ``mean_len``, no special ids."""
    lo, hi = max(1, round(mean_len * 0.85)), max(1, round(mean_len * 1.15))
    allowed = [i for i in range(1, vocab_size) if i not in reserved]
    return [[rng.choice(allowed) for _ in range(rng.randint(lo, hi))] for _ in range(n)]


def group_returns(rng: random.Random, groups: int, size: int) -> list[float]:
    """Seeded candidate returns with a spread inside every group (so no group is skipped as a tie)."""
    out: list[float] = []
    for _ in range(groups):
        r = [round(rng.uniform(-0.5, 2.0), 3) for _ in range(size)]
        if max(r) - min(r) < 0.1:
            r[0] = r[1] + 1.0
        out.extend(r)
    return out


class Meter:
    """Wall time and peak GPU memory of one step."""

    def __init__(self, cuda: bool):
        self.cuda = cuda

    def __enter__(self) -> "Meter":
        import torch
        if self.cuda:
            torch.cuda.synchronize()
            torch.cuda.reset_peak_memory_stats()
        self.t0 = time.perf_counter()
        return self

    def __exit__(self, *exc) -> None:
        import torch
        if self.cuda:
            torch.cuda.synchronize()
        self.seconds = round(time.perf_counter() - self.t0, 3)
        self.peak_gib = round(torch.cuda.max_memory_allocated() / 2**30, 2) if self.cuda else None


def adapter_moved(before: dict, after: dict) -> bool:
    import torch
    return any(not torch.equal(before[k].to(after[k].device), after[k]) for k in before)


def run_checks(args: argparse.Namespace, config, versions: dict[str, str], workdir: Path,
               records: list[dict[str, Any]]) -> None:
    """Run every step, appending (and printing) one record per step; load/generate failures raise."""
    import torch

    from probe.train.algos import ALGORITHMS
    from probe.train.loop import load_run_auditor
    from probe.train.rollout import RolloutBatch

    cuda = torch.cuda.is_available() and not args.cpu_tiny
    shape = TINY if args.tiny else QWEN3_4B
    quantize = (cuda and "bitsandbytes" in versions) or not args.tiny  # the tiny shape: 4-bit when it can run
    config.auditor.quantize_4bit = bool(quantize)
    r = config.rollout
    prompt_tokens = args.prompt_tokens or (48 if args.tiny else 600)
    max_new = min(r.max_new_tokens, 16) if args.tiny else r.max_new_tokens

    def record(rec: dict[str, Any]) -> None:
        records.append(rec)
        emit(rec)

    # 1. model: random init + write, then load through probe's loader (4-bit + LoRA)
    with Meter(cuda) as m:
        build_model_dir(shape, workdir, seed=args.seed, device="cuda" if cuda else "cpu",
                        dtype=torch.bfloat16 if cuda else torch.float32)
    record({"step": "build", "ok": True, "seconds": m.seconds, "peak_gpu_mem_gib": m.peak_gib,
            "disk_gib": round(sum(f.stat().st_size for f in workdir.iterdir()) / 2**30, 3)})
    # set once the directory holds the model: the config checks that a local path is a model directory
    config.auditor.model = str(workdir)
    with Meter(cuda) as m:
        auditor = load_run_auditor(config)
    lora = auditor.lora
    record({"step": "load", "ok": True, "seconds": m.seconds, "peak_gpu_mem_gib": m.peak_gib,
            "device": str(auditor.device), "shape": "tiny" if args.tiny else "qwen3-4b",
            "quantized_4bit": auditor.quantized, "lora": {"r": lora.r, "alpha": lora.alpha,
                                                          "target_modules": list(lora.target_modules)},
            "parameters": auditor.num_parameters(), "trainable": auditor.num_trainable(), "versions": versions})

    # 2. one batched generate of prefixes x group_size candidates
    rng = random.Random(f"gpu-check:{args.seed}")
    reserved = {shape["bos_token_id"], shape["eos_token_id"], shape["pad_token_id"]}
    prefixes = synthetic_prompts(rng, r.prefixes, prompt_tokens, shape["vocab_size"], reserved)
    prompt_ids = [p for p in prefixes for _ in range(r.group_size)]
    prompts = [" ".join(f"t{i}" for i in p) for p in prompt_ids]
    if auditor.encode_prompts(prompts[:1]) != prompt_ids[:1]:
        raise RuntimeError("the synthetic tokenizer does not round-trip token ids")
    with Meter(cuda) as m:
        gen = auditor.generate(prompts, max_new_tokens=max_new, temperature=r.temperature, top_p=r.top_p,
                               seed=args.seed)
    tokens = sum(len(c) for c in gen.completion_ids)
    record({"step": "generate", "ok": tokens > 0, "seconds": m.seconds, "peak_gpu_mem_gib": m.peak_gib,
            "batch": gen.batch_size, "prompt_tokens_mean": round(sum(map(len, gen.prompt_ids)) / len(prompt_ids), 1),
            "generated_tokens": tokens, "tokens_per_s": round(tokens / m.seconds, 1) if m.seconds else None,
            "logprobs_finite": all(math.isfinite(x) for row in gen.logprobs for x in row)})

    returns = group_returns(rng, r.prefixes, r.group_size)
    batch = RolloutBatch(
        prompt_ids=gen.prompt_ids, candidate_ids=gen.completion_ids, old_logprobs=gen.logprobs,
        returns=torch.tensor(returns, dtype=torch.float32),
        group_ids=torch.tensor([g for g in range(r.prefixes) for _ in range(r.group_size)]),
        candidate_texts=gen.texts, prompts=prompts, traces=[], turn_rewards=[], policy_hits={},
        candidate_turn=[1] * len(prompts), k_max=config.curriculum.levels[0])

    # 3. one update of each optimizer, each from the same initial adapter
    initial = auditor.state_dict()
    for algo in ALGOS:
        rec: dict[str, Any] = {"step": algo}
        optimizer = None
        try:
            auditor.load_state_dict(initial)
            optimizer = torch.optim.AdamW(auditor.trainable_parameters(), lr=config.optim.lr,
                                          weight_decay=config.optim.weight_decay)
            kwargs = {"seed": args.seed} if algo == "gfn" else {}
            trainer = ALGORITHMS[algo](getattr(config, algo), auditor, optimizer, config.optim.max_grad_norm, **kwargs)
            before = auditor.state_dict()
            with Meter(cuda) as m:
                metrics = trainer.update(batch)
            loss = metrics.get("loss")
            finite = loss is not None and math.isfinite(loss) and math.isfinite(metrics.get("grad_norm", float("nan")))
            moved = adapter_moved(before, auditor.state_dict())
            rec.update(ok=finite and moved, seconds=m.seconds, peak_gpu_mem_gib=m.peak_gib, adapter_moved=moved,
                       loss_finite=finite, loss=loss, grad_norm=metrics.get("grad_norm"),
                       train_mode=bool(auditor.model.training),
                       # HF models checkpoint activations only in train mode
                       gradient_checkpointing=bool(getattr(auditor.model, "is_gradient_checkpointing", False)
                                                   and auditor.model.training))
        except Exception as e:  # noqa: BLE001  (an OOM is a result to report, not a traceback)
            rec.update(ok=False, error=_error(e))
        finally:
            del optimizer
            if cuda:
                torch.cuda.empty_cache()
        record(rec)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.cpu_tiny:
        os.environ["CUDA_VISIBLE_DEVICES"] = ""  # before torch initialises CUDA
    os.environ.setdefault("HF_HUB_OFFLINE", "1")  # nothing is downloaded
    os.environ.setdefault("TRANSFORMERS_NO_ADVISORY_WARNINGS", "1")
    try:
        full = not args.tiny
        versions = check_prerequisites(full)
    except Missing as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    from probe.train.config import ConfigError, load_config
    try:
        config = load_config(args.config)
    except ConfigError as e:
        print(f"error: --config {args.config}: {(str(e).splitlines() or ['not a valid run config'])[0]}", file=sys.stderr)
        return 2
    import warnings
    warnings.filterwarnings("ignore")
    from transformers.utils import logging as hf_logging
    hf_logging.set_verbosity_error()
    hf_logging.disable_progress_bar()

    t0 = time.perf_counter()
    records: list[dict[str, Any]] = []
    failure = None
    try:
        with tempfile.TemporaryDirectory(prefix="probe-gpu-check-", dir=args.workdir) as tmp:
            run_checks(args, config, versions, Path(tmp), records)
    except Exception as e:  # noqa: BLE001  (load/generate failures end in the verdict, not a traceback)
        failure = ("build", "load", "generate")[min(len(records), 2)]
        emit({"step": failure, "ok": False, "error": _error(e)})
    failed = [r["step"] for r in records if not r.get("ok")] + ([failure] if failure else [])
    steps = {r["step"] for r in records}
    passed = not failed and all(s in steps for s in ("build", "load", "generate", *ALGOS))
    notes = []
    if any(r.get("train_mode") is False for r in records):
        notes.append("the updates ran with the model in eval mode, as the trainer leaves it: "
                     "LoRA dropout and gradient checkpointing were off")
    emit({"verdict": "PASS" if passed else "FAIL", "failed_steps": failed, "notes": notes, "total_seconds":
          round(time.perf_counter() - t0, 1), "shape": "tiny" if args.tiny else "qwen3-4b",
          "peak_gpu_mem_gib": max((r.get("peak_gpu_mem_gib") or 0 for r in records), default=None) or None})
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
