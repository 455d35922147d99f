"""The auditor policy: any causal LM (hub name or local path) wrapped with a LoRA adapter.

``load_auditor(name_or_path)`` loads tokenizer and model with transformers and wraps the model
with a peft LoRA adapter on the attention projections. On CUDA with bitsandbytes the base model
can be loaded in 4-bit NF4 (QLoRA, as in the PROBE paper: r=64, alpha=128, q/k/v/o); where that
cannot run, asking for it raises one ``AuditorSetupError`` naming what is missing.

The ``Auditor`` it returns is what the rollout engine and trainers use:

- ``prompt(scenario_text, dialogue)`` renders the auditor's view (``probe.auditor.prompt``): the
  chat template for chat models, the plain marker format for the tiny model;
- ``generate(prompts, ...)`` samples one customer message per prompt in ONE batched call (left
  padding) and returns each sampled token's log-probability under the current policy
  (temperature 1): for the tiny Llama on CPU with ``probe.auditor.decode`` (the same tokens as
  ``model.generate``, without its per-token overhead; the log-probabilities from the same pass),
  otherwise with ``model.generate`` and one batched no-grad forward pass to score;
- ``completion_logprobs(prompt_ids, completion_ids, grad=..., use_adapter=...)`` is the batched
  forward every loss needs; ``use_adapter=False`` runs the frozen base model (GRPO's KL reference)
  under ``disable_adapter()``;
- adapter-only ``state_dict``/``load_state_dict``/``save_adapter``/``load_adapter``.

Train and eval mode: sampling (``generate``) and every no-gradient forward (old log-probs, GRPO's
frozen reference, DPO's EMA reference, GFlowNet's prefix representation) run in ``eval()`` mode,
so they are deterministic given the seed. The gradient pass (``completion_logprobs(grad=True)``)
switches the model to ``train()`` mode -- LoRA dropout applies, and gradient checkpointing, when
enabled, is active (transformers only checkpoints in training mode) -- and leaves it there until
the trainer's update ends (``training_pass``), because a checkpointed backward re-runs the
forward and must see the same mode. ``load_auditor`` returns the model in eval mode.
"""

from __future__ import annotations

import contextlib
import functools
import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Sequence

from probe.auditor.prompt import AGENT, CONTEXT, CUSTOMER, EOS, chat_messages, clean_message, plain_prompt, plain_values
from probe.auditor.slots import MAX_SLOTS_PER_MESSAGE, SLOT_TOKENS, fill
from probe.auditor.tiny import is_tiny_auditor

DEFAULT_TARGET_MODULES = ("q_proj", "k_proj", "v_proj", "o_proj")
ADAPTER_INFO = "auditor.json"


class AuditorSetupError(RuntimeError):
    """The requested auditor configuration cannot run here (missing GPU, package or model)."""


class AdapterBaseMismatch(ValueError):
    """A LoRA adapter loaded onto another base model than the one it was trained on (one line)."""


def base_identity(name_or_path: str | Path) -> str:
    """What an adapter is trained on: ``tiny-auditor:<build key>`` for a tiny auditor build (the key
    changes whenever its corpus, settings or seed do, while the folder stays the same), else the
    model's name or path."""
    from probe.auditor.tiny import read_build_info  # noqa: PLC0415

    info = read_build_info(name_or_path) if Path(str(name_or_path)).is_dir() else None
    if info and info.get("kind") == "tiny-auditor":
        return f"tiny-auditor:{info.get('key')}"
    return str(name_or_path)


def adapter_info(directory: str | Path) -> dict[str, Any]:
    """The ``auditor.json`` beside an adapter (empty when absent or unreadable)."""
    try:
        info = json.loads((Path(directory) / ADAPTER_INFO).read_text())
    except (OSError, ValueError):
        return {}
    return info if isinstance(info, dict) else {}


def trained_base(directory: str | Path) -> tuple[str | None, str | None]:
    """(path, identity) of the base an adapter was trained on. Adapters saved before identities were
    recorded: the identity of the recorded base folder if it still exists, else None (unknown). When
    the recorded tiny auditor folder has been rebuilt since, the path is the previous build that the
    rebuild kept beside it (``<folder>@<key>``), if it is there."""
    info = adapter_info(directory)
    path = info.get("base")
    ident = info.get("base_identity")
    if ident is None and path and Path(str(path)).is_dir():
        ident = base_identity(path)
    if path and ident and ident.startswith("tiny-auditor:") and base_identity(path) != ident:
        from probe.auditor.tiny import previous_build_path  # noqa: PLC0415

        kept = previous_build_path(path, ident.split(":", 1)[1])  # rebuilt since: the old build is kept beside
        if base_identity(kept) == ident:
            path = str(kept)
    return (str(path) if path else None), ident


@dataclass(frozen=True)
class LoraSettings:
    r: int = 8
    alpha: int = 16
    dropout: float = 0.0
    target_modules: tuple[str, ...] = DEFAULT_TARGET_MODULES

    @classmethod
    def paper(cls) -> "LoraSettings":
        """PROBE's QLoRA adapter: rank 64, alpha 128 on q/k/v/o."""
        return cls(r=64, alpha=128, dropout=0.05)

    @classmethod
    def tiny(cls) -> "LoraSettings":
        return cls(r=8, alpha=16, dropout=0.0)


@dataclass
class Generation:
    """One batched sampling call. Lists are per prompt, in order; token lists carry no padding."""

    prompt_ids: list[list[int]]
    completion_ids: list[list[int]]  # sampled tokens, including the stop token if one was produced
    texts: list[str]  # cleaned customer messages
    logprobs: list[list[float]]  # per completion token, current policy at temperature 1
    seconds: float
    batch_size: int
    stopped: list[bool] = field(default_factory=list)  # ended on a stop token (not on max_new_tokens)


def _cuda_available() -> bool:
    import torch  # noqa: PLC0415
    return torch.cuda.is_available()


def _bitsandbytes_available() -> bool:
    try:
        import bitsandbytes  # noqa: F401, PLC0415
    except Exception:  # noqa: BLE001  (an install without CUDA libraries fails on import too)
        return False
    return True


def check_4bit_support() -> None:
    """Raise one ``AuditorSetupError`` naming everything 4-bit QLoRA lacks here; return if it can run."""
    missing = []
    if not _cuda_available():
        missing.append("no CUDA GPU")
    if not _bitsandbytes_available():
        missing.append("the 'bitsandbytes' package is not installed")
    if missing:
        raise AuditorSetupError(
            "4-bit QLoRA needs a CUDA GPU and the 'bitsandbytes' package (pip install 'probe-audit[gpu]'); "
            f"found: {'; '.join(missing)}. Load without quantize_4bit (full precision + LoRA) instead.")


class Auditor:
    """Tokenizer + peft-wrapped causal LM + the prompt format. See the module docstring."""

    def __init__(self, model, tokenizer, *, is_chat: bool, is_tiny: bool, name_or_path: str, lora: LoraSettings,
                 quantized: bool = False, max_prompt_tokens: int | None = None):
        self.model = model
        self.tokenizer = tokenizer
        self.is_chat = is_chat
        self.is_tiny = is_tiny
        self.name_or_path = name_or_path
        self.lora = lora
        self.quantized = quantized
        self.max_prompt_tokens = max_prompt_tokens
        # sample with probe.auditor.decode where it supports the model (the tiny Llama on CPU): the same
        # tokens as model.generate, without its per-token overhead; False: always model.generate
        self.fast_decode = True
        self.generate_calls = 0  # batched sampling calls made (generate)
        self.generated_sequences = 0
        self.last_batch_size = 0
        self.stop_ids = self._stop_ids()
        # copy slots (probe.auditor.slots): a plain-format model whose tokenizer has the slot tokens
        # writes <mail1>, <ref2>, ... for an identifier of its prompt; generate() fills the values back in
        self.slots = not is_chat and SLOT_TOKENS[0] in tokenizer.get_vocab()
        # the prompt variant (probe.auditor.prompt): set from the run's reward variant (the paper's V1
        # trained with a plain prompt and no scenario); evaluation of a checkpoint reuses it
        self.prompt_style = "customer"
        self.scenario_conditioning = True
        self.domain: Any = None  # whose assistant the customer talks to (chat role prompt); set by rollout/eval

    # --- prompts ----------------------------------------------------------------------------
    @property
    def device(self):
        return next(self.model.parameters()).device

    @contextlib.contextmanager
    def eval_mode(self):
        """Run the body in eval mode (no dropout) and restore the previous mode afterwards."""
        was_training = self.model.training
        self.model.eval()
        try:
            yield
        finally:
            self.model.train(was_training)

    @contextlib.contextmanager
    def training_pass(self):
        """One update: the gradient forward and backward run in train mode; eval mode after it."""
        self.model.train()
        try:
            yield
        finally:
            self.model.eval()

    @property
    def gradient_checkpointing(self) -> bool:
        """Whether any layer recomputes its activations in the backward pass (in train mode)."""
        return any(bool(getattr(m, "gradient_checkpointing", False)) for m in self.model.modules())

    def prompt(self, scenario_text: str, dialogue: Any) -> str:
        """The text the auditor continues with the next customer message."""
        if self.is_chat:
            msgs = chat_messages(scenario_text, dialogue, self.prompt_style, self.scenario_conditioning,
                                 getattr(self, "domain", None))
            return self.tokenizer.apply_chat_template(msgs, tokenize=False, add_generation_prompt=True)
        return plain_prompt(scenario_text, dialogue, scenario=self.scenario_conditioning, slots=self.slots)

    def _stop_ids(self) -> list[int]:
        tok = self.tokenizer
        ids: list[int] = []
        eos = getattr(self.model.generation_config, "eos_token_id", None)
        for x in ([eos] if isinstance(eos, int) else list(eos or [])) + [tok.eos_token_id]:
            if isinstance(x, int) and x not in ids:
                ids.append(x)
        if not self.is_chat:
            vocab = tok.get_vocab()
            for marker in (EOS, AGENT, CUSTOMER, CONTEXT):
                if marker in vocab and vocab[marker] not in ids:
                    ids.append(vocab[marker])
        return ids

    def encode_prompts(self, prompts: Sequence[str]) -> list[list[int]]:
        """Token ids of each prompt (no special tokens added: the prompt text carries them);
        prompts longer than ``max_prompt_tokens`` keep their end."""
        out = []
        for p in prompts:
            # verbose=False: the tokenizer's "longer than the maximum sequence length ... will result
            # in indexing errors" warning is about the full prompt, which is cut to its end just below
            ids = self.tokenizer(p, add_special_tokens=False, verbose=False)["input_ids"]
            if self.max_prompt_tokens and len(ids) > self.max_prompt_tokens:
                ids = ids[len(ids) - self.max_prompt_tokens:]
            out.append(list(ids))
        return out

    # --- sampling ---------------------------------------------------------------------------
    def generate(self, prompts: Sequence[str], *, max_new_tokens: int = 40, temperature: float = 1.0,
                 top_p: float = 1.0, seed: int | None = None) -> Generation:
        """Sample one customer message per prompt in one batched call, left padding: ``probe.auditor.decode``
        for the tiny Llama on CPU (the tokens ``model.generate`` would sample, about twice as fast,
        with each token's log-probability from the same pass), ``model.generate`` otherwise."""
        import torch  # noqa: PLC0415

        from probe.auditor import decode as fast  # noqa: PLC0415

        t0 = time.perf_counter()
        prompt_ids = self.encode_prompts(prompts)
        if not prompt_ids:
            return Generation([], [], [], [], 0.0, 0, [])
        input_ids, attention = self._left_pad(prompt_ids)
        was_training = self.model.training
        self.model.eval()
        if seed is not None:
            torch.manual_seed(seed)
            if torch.cuda.is_available():
                torch.cuda.manual_seed_all(seed)
        sample = temperature is not None and temperature > 0
        kwargs: dict[str, Any] = dict(max_new_tokens=max_new_tokens, do_sample=sample,
                                      eos_token_id=self.stop_ids, pad_token_id=self.tokenizer.pad_token_id)
        if sample:
            kwargs.update(temperature=float(temperature), top_p=float(top_p), top_k=0)
        tables = [plain_values(p) for p in prompts] if self.slots else []  # each prompt's copy slots
        if self.slots:
            kwargs["logits_processor"] = self._slot_mask(tables, prompts)
        try:
            with torch.no_grad():
                own = None  # each sampled token's log-probability, when the sampler gives them
                if sample and self.fast_decode and fast.supports(self.model):
                    out, own = fast.fast_sample(self.model, input_ids, attention, max_new_tokens=max_new_tokens,
                                             temperature=float(temperature), top_p=float(top_p),
                                             stop_ids=self.stop_ids, pad_id=self.tokenizer.pad_token_id,
                                             processors=kwargs.get("logits_processor") or ())
                else:
                    out = self.model.generate(input_ids=input_ids, attention_mask=attention, **kwargs)
        finally:
            self.model.train(was_training)
        self.generate_calls += 1
        self.generated_sequences += len(prompt_ids)
        self.last_batch_size = len(prompt_ids)
        new = out[:, input_ids.shape[1]:].tolist()
        completions, stopped = [], []
        stops = set(self.stop_ids)
        for row in new:
            cut = next((k for k, t in enumerate(row) if t in stops), None)
            completions.append(row[:cut + 1] if cut is not None else row)
            stopped.append(cut is not None)
        texts = [clean_message(self.tokenizer.decode([t for t in c if t not in stops], skip_special_tokens=False))
                 for c in completions]
        if self.is_chat:
            texts = [clean_message(self.tokenizer.decode([t for t in c if t not in stops], skip_special_tokens=True))
                     for c in completions]
        elif self.slots:
            texts = [fill(t, table) for t, table in zip(texts, tables)]
        logprobs: list[list[float]] = [[] for _ in completions]
        if own is not None:
            logprobs = [own[i, : len(c)].tolist() for i, c in enumerate(completions)]
        elif any(completions):
            lp, mask = self.completion_logprobs(prompt_ids, completions, grad=False)
            logprobs = [lp[i, : len(c)].tolist() for i, c in enumerate(completions)]
        return Generation(prompt_ids, completions, texts, logprobs, time.perf_counter() - t0, len(prompt_ids), stopped)

    @functools.cached_property
    def _digit_tokens(self) -> dict[int, str]:
        """Vocabulary tokens that are a run of three or more digits (a leading space allowed), by id."""
        return {i: d for tok, i in self.tokenizer.get_vocab().items()
                if (d := self.tokenizer.convert_tokens_to_string([tok]).strip()).isdigit() and len(d) >= 3}

    def _slot_mask(self, tables: Sequence[dict[str, str]], prompts: Sequence[str] = ()):
        """A logits processor that forbids, row by row, the slot tokens a prompt holds no value for
        (a slot with nothing to fill would leave a hole: "My email is ."), a slot the message
        already used ("It's Sofia Li and Sofia Li"), and any slot once the message holds
        ``MAX_SLOTS_PER_MESSAGE`` (a GRPO-trained auditor otherwise stuffs ids, names and dates into
        one line: "Can I get flight BK4T53FR trip Malik Cohen New York 2026-03-05"). Sampling only:
        the log-probabilities of a completion are the model's own, as with ``top_p``.

        It also forbids a vocabulary token of three or more digits that the row's prompt does not
        contain: the tiny tokenizer learned whole zip codes and pieces of order ids as tokens
        ("78701", "1170711"), and a model may type one it memorised from other scenarios (build
        78fc73af, asked for its name and zip code: "Yusuf Hernandez, zip code Fleece Jacket,
        Washington, via 78701.", a zip of another scenario). The numbers a customer copies come
        through slots; one it makes up is built from shorter tokens.

        ``tables``: each prompt's slot token -> value (``plain_values``), read once by ``generate``;
        ``prompts``: the prompts themselves (without them no digit token is forbidden)."""
        import torch  # noqa: PLC0415
        from transformers import LogitsProcessor, LogitsProcessorList  # noqa: PLC0415

        ids = {t: self.tokenizer.convert_tokens_to_ids(t) for t in SLOT_TOKENS}
        slot_ids = torch.tensor(sorted(ids.values()))
        digits = self._digit_tokens if prompts else {}
        unseen = [[i for i, d in digits.items() if d not in prompt] for prompt in prompts] or [[] for _ in tables]
        empty = [[i for t, i in ids.items() if t not in table] + extra for table, extra in zip(tables, unseen)]
        start: list[int] = []  # prompt length (left-padded): the first call sees the prompts only

        class OneFilledSlotEach(LogitsProcessor):
            def __call__(self, input_ids, scores):
                if not start:
                    start.append(input_ids.shape[1])
                written = input_ids[:, start[0]:]
                on_device = slot_ids.to(scores.device)
                for row, cols in enumerate(empty):
                    used = written[row][torch.isin(written[row], on_device)].tolist()
                    if len(used) >= MAX_SLOTS_PER_MESSAGE:
                        scores[row, on_device] = float("-inf")
                    if cols or used:
                        scores[row, torch.tensor(cols + used, device=scores.device, dtype=torch.long)] = float("-inf")
                return scores

        return LogitsProcessorList([OneFilledSlotEach()])

    def _left_pad(self, seqs: list[list[int]]):
        import torch  # noqa: PLC0415
        pad = self.tokenizer.pad_token_id
        n = max(len(s) for s in seqs)
        ids = torch.full((len(seqs), n), pad, dtype=torch.long)
        mask = torch.zeros((len(seqs), n), dtype=torch.long)
        for i, s in enumerate(seqs):
            if s:
                ids[i, n - len(s):] = torch.tensor(s, dtype=torch.long)
                mask[i, n - len(s):] = 1
        return ids.to(self.device), mask.to(self.device)

    # --- scoring ----------------------------------------------------------------------------
    def completion_logprobs(self, prompt_ids: Sequence[Sequence[int]], completion_ids: Sequence[Sequence[int]], *,
                            grad: bool = True, use_adapter: bool = True):
        """Log-probabilities of each completion token given its prompt, in one batched forward.

        Returns ``(logprobs, mask)``, both ``[B, T]`` with ``T`` the longest completion: prompts are
        left-padded, completions right-padded, ``mask`` is 1 exactly on completion tokens (padding
        positions hold 0 in ``logprobs``). Temperature 1. ``use_adapter=False`` scores under the
        frozen base model (adapter disabled). ``grad=False`` runs under ``torch.no_grad``.
        """
        import torch  # noqa: PLC0415

        if len(prompt_ids) != len(completion_ids):
            raise ValueError(f"{len(prompt_ids)} prompts but {len(completion_ids)} completions")
        B = len(prompt_ids)
        P = max((len(p) for p in prompt_ids), default=0)
        T = max((len(c) for c in completion_ids), default=0)
        if B == 0 or T == 0:
            z = torch.zeros((B, T), device=self.device)
            return z, z.clone()
        if P == 0:
            raise ValueError("every prompt needs at least one token")
        pad = self.tokenizer.pad_token_id
        ids = torch.full((B, P + T), pad, dtype=torch.long)
        attn = torch.zeros((B, P + T), dtype=torch.long)
        target = torch.zeros((B, T), dtype=torch.long)
        mask = torch.zeros((B, T), dtype=torch.float32)
        for i, (p, c) in enumerate(zip(prompt_ids, completion_ids)):
            if p:
                ids[i, P - len(p):P] = torch.tensor(list(p), dtype=torch.long)
                attn[i, P - len(p):P] = 1
            if c:
                ids[i, P:P + len(c)] = torch.tensor(list(c), dtype=torch.long)
                attn[i, P:P + len(c)] = 1
                target[i, :len(c)] = torch.tensor(list(c), dtype=torch.long)
                mask[i, :len(c)] = 1.0
        ids, attn, target, mask = (x.to(self.device) for x in (ids, attn, target, mask))
        position_ids = (attn.cumsum(-1) - 1).clamp(min=0)
        adapter = contextlib.nullcontext() if use_adapter else self.model.disable_adapter()
        grad_ctx = torch.enable_grad() if grad else torch.no_grad()
        if grad:  # the gradient pass: dropout on, checkpointing active; the caller's update restores eval
            self.model.train()
        mode = contextlib.nullcontext() if grad else self.eval_mode()
        with mode, adapter, grad_ctx:
            out = self.model(input_ids=ids, attention_mask=attn, position_ids=position_ids, logits_to_keep=T + 1,
                             use_cache=False)
            logits = out.logits[:, :-1, :].float()  # positions P-1 .. P+T-2 predict completion tokens 0..T-1
            logp = torch.log_softmax(logits, dim=-1).gather(-1, target.unsqueeze(-1)).squeeze(-1)
            logp = logp * mask
        return logp, mask

    # --- parameters -------------------------------------------------------------------------
    def trainable_parameters(self) -> list:
        return [p for p in self.model.parameters() if p.requires_grad]

    def num_trainable(self) -> int:
        return sum(p.numel() for p in self.trainable_parameters())

    def num_parameters(self) -> int:
        return sum(p.numel() for p in self.model.parameters())

    def state_dict(self) -> dict[str, Any]:
        """The adapter's weights only (detached copies)."""
        from peft import get_peft_model_state_dict  # noqa: PLC0415
        return {k: v.detach().clone() for k, v in get_peft_model_state_dict(self.model).items()}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        from peft import set_peft_model_state_dict  # noqa: PLC0415
        result = set_peft_model_state_dict(self.model, state)
        unexpected = getattr(result, "unexpected_keys", None)
        if unexpected:
            raise ValueError(f"adapter state has keys this model lacks: {unexpected[:5]}")

    def save_adapter(self, directory: str | Path) -> Path:
        d = Path(directory)
        d.mkdir(parents=True, exist_ok=True)
        self.model.save_pretrained(str(d))
        (d / ADAPTER_INFO).write_text(json.dumps({"base": self.name_or_path, "base_identity": base_identity(self.name_or_path),
                                                  "lora": asdict(self.lora), "is_chat": self.is_chat,
                                                  "quantized": self.quantized}, indent=2))
        return d

    def load_adapter(self, directory: str | Path) -> None:
        """Load an adapter saved by ``save_adapter``. A tiny-auditor adapter trained on another build
        of the tiny auditor than this model raises ``AdapterBaseMismatch``: its weights would load
        without complaint (same shapes) and the auditor would write nonsense."""
        from peft.utils import load_peft_weights  # noqa: PLC0415
        path, want = trained_base(directory)
        have = base_identity(self.name_or_path)
        if want and want.startswith("tiny-auditor:") and want != have:
            raise AdapterBaseMismatch(
                f"the adapter in {directory} was trained on tiny auditor build {want.split(':', 1)[1]} ({path}), "
                f"but this model is {have.replace('tiny-auditor:', 'tiny auditor build ')} ({self.name_or_path}); "
                "the corpus or build settings changed since: train again, or set PROBE_CACHE to the cache that holds "
                "that build")
        self.load_state_dict(load_peft_weights(str(directory), device=str(self.device)))

    def describe(self) -> dict[str, Any]:
        return {"model": self.name_or_path, "is_chat": self.is_chat, "tiny": self.is_tiny, "quantized": self.quantized,
                "lora": asdict(self.lora), "prompt_style": self.prompt_style,
                "scenario_conditioning": self.scenario_conditioning, "parameters": self.num_parameters(), "trainable": self.num_trainable()}


def load_auditor(name_or_path: str | Path, *, lora: LoraSettings | None = None, quantize_4bit: bool | None = None,
                 device: str | None = None, dtype: str | None = None, max_prompt_tokens: int | None = None,
                 local_files_only: bool = False, gradient_checkpointing: bool | None = None,
                 seed: int | None = None) -> Auditor:
    """Load a causal LM by hub name or local path and wrap it with a LoRA adapter.

    ``quantize_4bit``: True loads the base in 4-bit NF4 (double quantisation, bf16 compute) and
    prepares it for k-bit training (QLoRA); it needs CUDA and bitsandbytes, else one
    ``AuditorSetupError`` says what is missing. None picks 4-bit when it can run and the model is
    not the tiny auditor. ``lora`` defaults to ``LoraSettings.tiny()`` for the tiny auditor and
    ``LoraSettings.paper()`` otherwise. ``gradient_checkpointing``: recompute activations in the
    backward pass instead of storing them (less memory, about a third more compute); None turns it
    on for 4-bit QLoRA (as ``prepare_model_for_kbit_training`` does) and off otherwise. It is
    active only in train mode, i.e. during the gradient pass. ``seed``: torch's generator is
    seeded with it right before the LoRA matrices are drawn, so that their start does not depend
    on what ran earlier in the process (a cold ``probe demo`` built the tiny auditor in-process and
    started training from other LoRA matrices than a warm one; None: the generator as it is).
    """
    import warnings  # noqa: PLC0415

    import torch  # noqa: PLC0415
    from peft import LoraConfig, get_peft_model  # noqa: PLC0415
    from transformers.utils import logging as hf_logging  # noqa: PLC0415

    hf_logging.disable_progress_bar()  # a per-load "Loading weights" bar, noise in logs and the demo
    warnings.filterwarnings("ignore", message=".*is_gradient_checkpointing.*", category=FutureWarning)
    from transformers import AutoModelForCausalLM, AutoTokenizer  # noqa: PLC0415

    name = str(name_or_path)
    tiny = Path(name).is_dir() and is_tiny_auditor(name)
    if quantize_4bit is None:
        quantize_4bit = (not tiny) and _cuda_available() and _bitsandbytes_available()
    if quantize_4bit:
        check_4bit_support()
    lora = lora or (LoraSettings.tiny() if tiny else LoraSettings.paper())
    if device is None:
        device = "cuda" if _cuda_available() else "cpu"

    try:
        tokenizer = AutoTokenizer.from_pretrained(name, local_files_only=local_files_only)
    except Exception as e:  # noqa: BLE001
        why = " ".join(str(e).split())  # one line: hub errors span several (the CLI prints one error line)
        raise AuditorSetupError(f"could not load the tokenizer of {name!r} ({type(e).__name__}: {why}); pass a local "
                                "model directory, or build the tiny auditor with 'probe auditor build-tiny'") from e
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    tokenizer.padding_side = "left"

    kwargs: dict[str, Any] = {"local_files_only": local_files_only}
    if quantize_4bit:
        from transformers import BitsAndBytesConfig  # noqa: PLC0415
        kwargs["quantization_config"] = BitsAndBytesConfig(
            load_in_4bit=True, bnb_4bit_quant_type="nf4", bnb_4bit_use_double_quant=True,
            bnb_4bit_compute_dtype=torch.bfloat16)
        kwargs["device_map"] = {"": torch.device(device).index or 0}
        kwargs["dtype"] = torch.bfloat16
    elif dtype is not None:
        kwargs["dtype"] = getattr(torch, dtype)
    elif str(device).startswith("cuda") and not tiny:
        kwargs["dtype"] = torch.bfloat16
    try:
        model = AutoModelForCausalLM.from_pretrained(name, **kwargs)
    except Exception as e:  # noqa: BLE001
        raise AuditorSetupError(f"could not load the model {name!r} ({type(e).__name__}: {e})") from e
    if gradient_checkpointing is None:
        gradient_checkpointing = bool(quantize_4bit)
    gc_kwargs = {"use_reentrant": False}  # no need for inputs that require grad; works with frozen embeddings
    if not quantize_4bit:
        model.to(device)
        if gradient_checkpointing:
            if not getattr(model, "supports_gradient_checkpointing", False):
                raise AuditorSetupError(f"{name!r} does not support gradient checkpointing; "
                                        "set auditor.gradient_checkpointing=false")
            enable = getattr(model, "activation_checkpointing_enable", None)  # transformers >= 5 name
            if enable is not None:
                enable(activation_checkpointing_kwargs=gc_kwargs)
            else:
                model.gradient_checkpointing_enable(gradient_checkpointing_kwargs=gc_kwargs)
    else:
        from peft import prepare_model_for_kbit_training  # noqa: PLC0415
        model = prepare_model_for_kbit_training(model, use_gradient_checkpointing=gradient_checkpointing,
                                                gradient_checkpointing_kwargs=gc_kwargs)

    config = LoraConfig(r=lora.r, lora_alpha=lora.alpha, lora_dropout=lora.dropout,
                        target_modules=list(lora.target_modules), bias="none", task_type="CAUSAL_LM")
    if seed is not None:
        torch.manual_seed(seed)  # every device's generator: the LoRA A matrices are drawn where the model is
    try:
        model = get_peft_model(model, config)
    except ValueError as e:
        raise AuditorSetupError(f"LoRA target modules {list(lora.target_modules)} not found in {name!r}: {e}") from e
    model.eval()
    is_chat = (not tiny) and bool(getattr(tokenizer, "chat_template", None))
    if max_prompt_tokens is None and tiny:
        max_prompt_tokens = int(model.config.max_position_embeddings) - 64
    return Auditor(model, tokenizer, is_chat=is_chat, is_tiny=tiny, name_or_path=name, lora=lora,
                   quantized=bool(quantize_4bit), max_prompt_tokens=max_prompt_tokens)


__all__ = ["Auditor", "AuditorSetupError", "Generation", "LoraSettings", "load_auditor", "check_4bit_support",
           "DEFAULT_TARGET_MODULES"]
