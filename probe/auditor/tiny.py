"""The tiny CPU auditor, built offline: own tokenizer + a few-million-parameter causal LM.

``build_tiny_auditor(out_dir, seed)``:

1. generates the customer corpus of every environment that has one (``Domain.customer_corpus``:
   templated personas played against each environment's reference target over TRAIN scenarios of
   all its families), so one tiny model speaks for every environment (``TinySettings.env`` names
   a subset);
2. trains a byte-level BPE tokenizer on it with the ``tokenizers`` library (role markers and
   ``<s> </s> <pad>`` as special tokens) and wraps it in ``PreTrainedTokenizerFast``;
3. creates a Llama-style causal LM from a ``LlamaConfig`` (no weights downloaded);
4. pre-trains it (``probe.auditor.sft``: loss on the customer messages only) on texts in the plain
   format of ``probe.auditor.prompt`` (``plain_prompt`` -> customer message + ``</s>``);
5. writes tokenizer, model, ``build.json`` (settings, build key, losses, timings) atomically:
   everything goes to a temporary sibling directory that is renamed into place at the end.

The build is deterministic in ``seed`` (corpus, tokenizer, initialisation, data order) and
cached: a directory whose ``build.json`` carries the same build key (hash of the seed, every
setting and the corpus generator version) is returned as is.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import random
import re
import shutil
import tempfile
import time
import warnings
from contextlib import ExitStack, contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from probe.auditor.prompt import (
    AGENT,
    BOS,
    CONTEXT,
    CUSTOMER,
    EOS,
    PAD,
    SPECIAL_TOKENS,
    customer_spans,
    plain_completion,
    plain_prompt,
)
from probe.auditor.slots import SLOT_TOKENS, literal_identifiers
from probe.auditor.slots import VERSION as SLOTS_VERSION

BUILD_VERSION = "tiny-auditor-v1"
# which customer messages get no loss (``unreadable_span``); part of the build key
LOSS_MASK_VERSION = "unread-agent-ids-v1"
LONG_TEXTS = ("fit", "drop")
TURN_RE = re.compile(f"{re.escape(AGENT)}|{re.escape(CUSTOMER)}")  # where a turn of a plain-format text starts
BUILD_FILE = "build.json"
TOKENIZER_FILE = "tokenizer.json"


@dataclass(frozen=True)
class TinySettings:
    env: str = ""  # comma-separated environments whose customer corpus is used ("": every one that has a corpus)
    n_episodes: int = 200  # per environment
    vocab_size: int = 3000
    hidden_size: int = 192
    layers: int = 4
    heads: int = 4
    intermediate_size: int = 576
    max_positions: int = 512
    max_length: int = 384
    # a text longer than max_length tokens: "fit" drops its earliest turns until it fits (the context and
    # the latest turns stay); "drop" leaves the text out. Dropping lost the end of 78 of 2,141 texts, a
    # sixth of the played dialogues: the late turns of the longest episodes (a summary confirmed, a new
    # address, the payment after a passport), the deep states the auditor most needs to answer in
    long_texts: str = "fit"
    # passes over each played dialogue: 2.0 ended at loss 2.24 and rarely answered the agent; at 4.0 the
    # untrained auditor answered the agent's question on the next turn 54% of the time, at 6.0 78%, at 8.0
    # 80% (SkyAssist, 150 held-out episodes; docs/fluency.md, twenty-third session)
    epochs: float = 6.0
    # passes over each opening-only text (a scenario and the customer's first message, no dialogue;
    # envs/*/customer_corpus.py). The share of the untrained auditor's openings that pursue their
    # scenario grew with the passes over openings, and so did the build (docs/fluency.md, "Openings"):
    # 5 + 3 per episode seen 4 times (this) 59% in 259 s, 3 times 47% in 228 s, 8 + 4 once 30% in 183 s
    opening_epochs: float = 4.0
    batch_size: int = 4
    learning_rate: float = 2e-3  # 3e-3 plateaued at loss 2.8 on the current corpus with seed 0 (1.4 at 2e-3)
    warmup_ratio: float = 0.05
    weight_decay: float = 0.01
    threads: int = 0  # torch threads of the build; 0: the process's setting (probe.train.threads, auto: 1 on 2 cores)
    completion_only_loss: bool = True
    # batches of texts of similar length (transformers' LengthGroupedSampler): the corpus mixes played
    # dialogues (~330 tokens) with short opening-only texts (~120), and random batches of 4 padded
    # almost every short text to a dialogue's length
    group_by_length: bool = True
    slots: bool = True  # copy slots for identifiers (probe.auditor.slots): <mail1>, <ref1>, ... instead of spelled ids
    # share of played dialogues in which one earlier customer turn is replaced, in the context of the
    # later turns only, by a broken version of it (``noisy_turn``: words dropped or shuffled, spliced
    # with or replaced by another customer's message) and left out of the loss, so that the model
    # learns to answer the agent's last question whatever it said before (exposure bias: the
    # untrained auditor answered retail's identity question on 88% of corpus prompts and on 39% of
    # its own dialogues, where the earlier turns are its own; docs/fluency.md, twenty-fourth session)
    noisy_context: float = 0.0


def default_tiny_path() -> Path:
    """Where the default tiny auditor lives: ``$PROBE_CACHE/tiny-auditor-v1`` or ``<repo>/.cache/probe/...``."""
    root = os.environ.get("PROBE_CACHE")
    base = Path(root) if root else Path(__file__).resolve().parents[2] / ".cache" / "probe"
    return base / BUILD_VERSION


def has_corpus(env: str) -> bool:
    """Whether an environment's domain implements ``customer_corpus`` (the base class raises)."""
    from probe.core.domain import Domain  # noqa: PLC0415
    from probe.core.registry import get_domain  # noqa: PLC0415

    try:
        domain = get_domain(env)
    except ValueError:
        return False
    return getattr(type(domain), "customer_corpus", None) is not Domain.customer_corpus


def corpus_envs(settings: TinySettings) -> list[str]:
    """The environments named by ``settings.env`` (comma-separated); empty: every registered
    environment with a customer corpus (one tiny model speaks for all of them), or the default
    environment when none has one."""
    from probe.core.registry import default_env, env_names  # noqa: PLC0415

    if settings.env.strip():
        return [e.strip() for e in settings.env.split(",") if e.strip()]
    return [e for e in env_names() if has_corpus(e)] or [default_env()]


def corpus_fingerprint(env: str, seed: int, n_episodes: int) -> str:
    """A hash of every example of an environment's customer corpus that the build trains on
    (``probe.core.corpus.fingerprint``): the corpus is played against the environment's reference
    target, so it changes when the target's replies change although the generator's declared
    version does not; the build key includes this fingerprint so that such a change rebuilds the
    cached model instead of reusing one trained on another corpus."""
    from probe.core.corpus import fingerprint  # noqa: PLC0415
    from probe.core.registry import get_domain  # noqa: PLC0415

    return fingerprint(get_domain(env), n_episodes, seed)


def build_key(seed: int, settings: TinySettings) -> str:
    from probe.core.registry import get_domain  # noqa: PLC0415

    envs = corpus_envs(settings)
    version = "+".join(getattr(get_domain(e), "corpus_version", "") or e for e in envs)  # the generators' versions
    prints = "+".join(corpus_fingerprint(e, seed, settings.n_episodes) for e in envs)  # what they generate today
    from probe.auditor.prompt import PLAIN_FORMAT_VERSION  # noqa: PLC0415
    from probe.auditor.sft import VERSION as SFT_VERSION  # noqa: PLC0415

    fields = asdict(settings)
    if not fields["noisy_context"]:  # off: the texts are those of the builds before the option, and so is their key
        del fields["noisy_context"]
    blob = json.dumps({"build": BUILD_VERSION, "format": PLAIN_FORMAT_VERSION, "corpus": version, "corpus_fingerprint": prints, "seed": seed,
                       **fields, "env": ",".join(envs), "sft": SFT_VERSION,
                       # the slot format replaces the bool: a change to how slots are read or written rebuilds
                       "slots": [SLOTS_VERSION, *SLOT_TOKENS] if settings.slots else [],
                       "loss_mask": LOSS_MASK_VERSION}, sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def read_build_info(path: str | Path) -> dict[str, Any] | None:
    f = Path(path) / BUILD_FILE
    try:
        return json.loads(f.read_text())
    except (OSError, ValueError):
        return None


def is_built(path: str | Path, seed: int = 0, settings: TinySettings | None = None) -> bool:
    """Whether ``path`` holds a complete build of ``seed`` and ``settings`` (``build_tiny_auditor``
    would return it as is)."""
    info = read_build_info(path)
    return bool(info and info.get("complete") and info.get("key") == build_key(seed, settings or TinySettings()))


def is_tiny_auditor(path: str | Path) -> bool:
    info = read_build_info(path)
    return bool(info and info.get("kind") == "tiny-auditor")


# --- steps ---------------------------------------------------------------------------------------

def corpus_texts(seed: int, settings: TinySettings) -> list[dict[str, Any]]:
    """Plain-format training texts: per played episode, the prompt of a turn plus its message and ``</s>``.

    Usually one text per episode (its last turn); long episodes whose early turns fall out of the
    prompt window get several, so that every customer turn is a target exactly once or more.

    Every customer message inside the text is a training target (``customer_spans``), so one
    forward pass teaches all turns of the episode, each conditioned on exactly the context the
    auditor sees at that turn (scenario + the recent turns ``plain_prompt`` keeps).
    """
    from probe.core.corpus import played_corpus  # noqa: PLC0415
    from probe.core.registry import get_domain  # noqa: PLC0415
    episodes: dict[tuple[int, int], list[Any]] = {}
    for j, env in enumerate(corpus_envs(settings)):
        try:
            corpus = played_corpus(get_domain(env), settings.n_episodes, seed)
        except NotImplementedError:  # an environment without a customer corpus adds nothing
            continue
        for ex in corpus:
            episodes.setdefault((j, ex.episode), []).append(ex)
    if not episodes:
        raise ValueError(f"no customer corpus in env(s) {settings.env or corpus_envs(settings)[0]!r}")
    pools: dict[int, list[str]] = {}  # per environment: its customer messages (noisy_turn's other customers)
    for (j, _e), turns in episodes.items() if settings.noisy_context else ():
        pools.setdefault(j, []).extend(ex.message for ex in turns)
    out = []
    for k in sorted(episodes):
        turns = episodes[k]
        opening = len(turns) == 1 and not turns[0].dialogue  # an opening-only example: one text of its own
        given = agent_given_identifiers([*turns[-1].dialogue_messages, {"role": "user", "content": turns[-1].message}])
        dialogues = [ex.dialogue_messages for ex in turns]
        noisy = None  # the customer turn shown broken in the later turns' context
        rng = random.Random(f"noisy-context:{seed}:{k[0]}:{k[1]}") if settings.noisy_context else None
        if rng and not opening and len(turns) >= 2 and rng.random() < settings.noisy_context:
            i = rng.randrange(len(turns) - 1)
            broken = noisy_turn(rng, turns[i].message, pools[k[0]])
            replaced = [_with_user_turn(d, i, turns[i].message, broken) for d in dialogues[i + 1:]]
            if all(d is not None for d in replaced):
                noisy, dialogues = i, dialogues[:i + 1] + replaced
        prompts = [plain_prompt(ex.scenario_text, d, slots=settings.slots) for ex, d in zip(turns, dialogues)]
        texts = [p + plain_completion(ex.message, p) for p, ex in zip(prompts, turns)]
        kept = [t.count(CUSTOMER) for t in texts]  # customer turns in each text (itself and earlier kept ones)
        first_uncovered = 0
        for j, text in enumerate(texts):
            # emit the text when the next one would lose the earliest customer turn not yet covered
            if j == len(texts) - 1 or (j + 1) - kept[j + 1] + 1 > first_uncovered:
                out.append({"text": text, "family": turns[j].family, "opening": opening, "agent_ids": given,
                            # the broken turn's place counted from the text's last customer turn (0)
                            "noisy_from_end": j - noisy if noisy is not None and j > noisy else None})
                first_uncovered = j + 1
    return out


def noisy_turn(rng: random.Random, message: str, others: list[str]) -> str:
    """A broken version of a customer message, as a tiny auditor's own earlier turn may be: words
    dropped, shuffled or cut short, spliced with another customer's message, or another customer's
    message altogether (``others``). Never the message itself."""
    words = message.split()
    other = rng.choice(others) if others else message
    for _ in range(8):
        how = rng.choice(("drop", "shuffle", "cut", "splice", "other"))
        if how == "drop" and len(words) > 2:
            keep = [w for w in words if rng.random() > 0.4] or words[:1]
            text = " ".join(keep)
        elif how == "shuffle" and len(words) > 2:
            text = " ".join(rng.sample(words, len(words)))
        elif how == "cut" and len(words) > 2:
            text = " ".join(words[:rng.randint(1, max(1, len(words) // 2))])
        elif how == "splice":
            mine, theirs = words[:max(1, len(words) // 2)], other.split()
            text = " ".join(mine + theirs[len(theirs) // 2:])
        else:
            text = other
        if text.strip() and text != message:
            return text
    return (message + " " + other).strip()


def _with_user_turn(dialogue: list[dict[str, Any]], i: int, was: str, now: str) -> list[dict[str, Any]] | None:
    """``dialogue`` with its ``i``-th customer message (``was``) replaced by ``now``; None when the
    ``i``-th customer message is not ``was`` (the turns do not line up)."""
    out, seen = [], -1
    for m in dialogue:
        if m.get("role") == "user":
            seen += 1
            if seen == i:
                if m.get("content") != was:
                    return None
                m = {**m, "content": now}
        out.append(m)
    return out if seen >= i else None


def agent_given_identifiers(dialogue: list[dict[str, str]]) -> frozenset[str]:
    """The identifiers (``probe.auditor.slots.is_identifier``, lower-cased) whose first appearance in
    ``dialogue`` is an agent turn: the flight numbers, dates and codes the agent offered, as
    opposed to those the customer brought (their own order id, a partner's order, a made-up card)."""
    first: dict[str, str] = {}
    for m in dialogue:
        for w in literal_identifiers(str(m.get("content") or "")):
            first.setdefault(w, m.get("role", ""))
    return frozenset(w for w, role in first.items() if role == "assistant")


def unreadable_span(text: str, start: int, end: int, agent_ids: Iterable[str]) -> bool:
    """Whether the customer message at ``text[start:end]`` types an identifier the agent gave
    earlier in the dialogue (``agent_ids``) that the text before it no longer shows.

    The corpus customer knows the whole dialogue; the tiny auditor reads only its prompt window,
    whose agent turns are cut to their last sentences. When the flight list has scrolled out
    ("All right. Which flight would you like?") and the corpus customer answers "Let's do SA7148.",
    a model taught that message learns to type a flight number it cannot read: the untrained
    auditor wrote "SA4 please.", "SA83 speaker.", "Flight SA6 please." (59 of the 86 flight numbers
    it typed in the demo's 150 held-out episodes of build 05ffab17), and the agent did not
    understand them. Such a message is left out of the loss (it stays in the text as context)."""
    ids = set(agent_ids)
    if not ids:
        return False
    before = text[:start].lower()
    message = text[start:end]
    for marker in (AGENT, CUSTOMER, EOS):
        message = message.replace(marker, " ")
    return any(w in ids and w not in before for w in literal_identifiers(message))


def tokenize_with_mask(texts: list[str], tokenizer, agent_ids: list[Iterable[str]] | None = None,
                       noisy_from_end: list[int | None] | None = None) -> list[dict[str, list[int]]]:
    """input_ids + completion_mask (1 on customer-message tokens and the marker that ends each).

    ``agent_ids``: per text, the identifiers the agent introduced in its dialogue
    (``agent_given_identifiers``); a customer message typing one the text no longer shows gets no
    loss (``unreadable_span``). ``noisy_from_end``: per text, the place (0: the last) of a customer
    turn shown broken (``TinySettings.noisy_context``), which gets no loss either."""
    rows = []
    for j, text in enumerate(texts):
        enc = tokenizer(text, add_special_tokens=False, return_offsets_mapping=True)
        spans = customer_spans(text)
        back = noisy_from_end[j] if noisy_from_end is not None else None
        if back is not None and back < len(spans):  # a broken turn shown as context is no target
            del spans[len(spans) - 1 - back]
        if agent_ids is not None:
            spans = [(s, e) for s, e in spans if not unreadable_span(text, s, e, agent_ids[j])]
        mask = [int(any(s <= a and b <= e for s, e in spans)) for a, b in enc["offset_mapping"]]
        rows.append({"input_ids": list(enc["input_ids"]), "completion_mask": mask})
    return rows


def fit_text(text: str, n_tokens: Callable[[str], int], limit: int) -> str | None:
    """``text`` (a plain-format training text) with its earliest turns dropped until ``n_tokens``
    of it is at most ``limit``; the context and the last turn always stay. None when even the
    context and the last turn are too long."""
    turns = [m.start() for m in TURN_RE.finditer(text)]
    if not turns:
        return text if n_tokens(text) <= limit else None
    head = text[:turns[0]]
    for k in turns:
        candidate = head + text[k:]
        if n_tokens(candidate) <= limit:
            return candidate
    return None


def tokenize_corpus(episodes: list[dict[str, Any]], settings: TinySettings):
    """The tokenizer trained on the corpus texts (``corpus_texts``) and, for each text, its
    tokenized row with whether it is opening-only. A text longer than ``settings.max_length``
    tokens is fitted (``fit_text``: its earliest turns dropped) or, with ``long_texts="drop"``,
    left out. Returns (tokenizer, kept rows, number of texts fitted)."""
    if settings.long_texts not in LONG_TEXTS:
        raise ValueError(f"unknown long_texts {settings.long_texts!r}; allowed: {', '.join(LONG_TEXTS)}")
    texts = [e["text"] for e in episodes]
    tokenizer = train_tokenizer(texts, settings.vocab_size, slots=settings.slots)
    given = [e.get("agent_ids", ()) for e in episodes]
    noisy = [e.get("noisy_from_end") for e in episodes]
    tokenized = tokenize_with_mask(texts, tokenizer, given, noisy)
    kept, fitted = [], 0
    for row, episode in zip(tokenized, episodes):
        if len(row["input_ids"]) > settings.max_length:
            if settings.long_texts == "drop":
                continue
            short = fit_text(episode["text"], lambda t: len(tokenizer(t, add_special_tokens=False)["input_ids"]),
                             settings.max_length)
            if short is None:
                continue
            row = tokenize_with_mask([short], tokenizer, [episode.get("agent_ids", ())], [episode.get("noisy_from_end")])[0]
            fitted += 1
        kept.append((row, episode["opening"]))
    return tokenizer, kept, fitted


def train_tokenizer(texts: list[str], vocab_size: int, slots: bool = False):
    """Byte-level BPE trained on ``texts``; the role markers and <s> </s> <pad> are special tokens,
    and with ``slots`` the copy-slot tokens ``<mail1>`` ... (``probe.auditor.slots``)."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers  # noqa: PLC0415
    from transformers import PreTrainedTokenizerFast  # noqa: PLC0415

    extra = list(SLOT_TOKENS) if slots else []
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=vocab_size, min_frequency=2, special_tokens=list(SPECIAL_TOKENS) + extra,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False)
    tok.train_from_iterator(texts, trainer=trainer)
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, bos_token=BOS, eos_token=EOS, pad_token=PAD,
                                   additional_special_tokens=[CONTEXT, AGENT, CUSTOMER, *extra])
    fast.padding_side = "left"
    fast.model_max_length = 512
    return fast


def make_model(tokenizer, settings: TinySettings):
    from transformers import LlamaConfig, LlamaForCausalLM  # noqa: PLC0415
    config = LlamaConfig(
        vocab_size=len(tokenizer), hidden_size=settings.hidden_size, intermediate_size=settings.intermediate_size,
        num_hidden_layers=settings.layers, num_attention_heads=settings.heads, num_key_value_heads=settings.heads,
        max_position_embeddings=settings.max_positions, tie_word_embeddings=True, rms_norm_eps=1e-5,
        bos_token_id=tokenizer.bos_token_id, eos_token_id=tokenizer.eos_token_id, pad_token_id=tokenizer.pad_token_id,
        attention_dropout=0.0,
    )
    model = LlamaForCausalLM(config)
    model.generation_config.pad_token_id = tokenizer.pad_token_id
    model.generation_config.eos_token_id = tokenizer.eos_token_id
    model.generation_config.bos_token_id = tokenizer.bos_token_id
    return model


def training_rows(rows: list[dict[str, Any]], openings: list[bool], settings: TinySettings,
                  seed: int) -> list[dict[str, Any]]:
    """The rows of the one pass ``_sft`` makes: each dialogue text ``settings.epochs`` times and each
    opening-only text ``settings.opening_epochs`` times (a fractional part: that share of the texts,
    drawn with ``seed``, once more). The trainer shuffles them (grouped by length)."""
    import random  # noqa: PLC0415

    rng = random.Random(f"tiny-rows:{seed}")
    out: list[dict[str, Any]] = []
    for row, opening in zip(rows, openings):
        times = settings.opening_epochs if opening else settings.epochs
        whole = int(times)
        out += [row] * (whole + (rng.random() < times - whole))
    return out


def _sft(model, tokenizer, rows: list[dict[str, list[int]]], settings: TinySettings, seed: int,
         log: Callable[[str], None]) -> list[float]:
    """One pass of ``probe.auditor.sft.train`` over ``rows`` (``training_rows``: each text as often
    as it is to be seen)."""
    import torch  # noqa: PLC0415

    from probe.auditor.sft import SFTPlan, train  # noqa: PLC0415

    plan = SFTPlan(batch_size=settings.batch_size, learning_rate=settings.learning_rate,
                   warmup_ratio=settings.warmup_ratio, weight_decay=settings.weight_decay,
                   group_by_length=settings.group_by_length)
    if not settings.completion_only_loss:  # every token of the text is a target, the context's too
        rows = [{**r, "completion_mask": [1] * len(r["input_ids"])} for r in rows]
    on_step = None
    if settings.threads <= 0:  # 'auto': take a core that falls idle during the build, give it back when contended
        from probe.train.threads import BuildThreads, ensure_threads  # noqa: PLC0415

        on_step = BuildThreads(ensure_threads()[0], log).step
    with torch.random.fork_rng():
        torch.manual_seed(seed)
        return train(model, rows, tokenizer.pad_token_id, plan, seed, log, on_step)


# --- the build -----------------------------------------------------------------------------------

def check_tiny_out(out: Path) -> None:
    """``out`` may be missing, an empty directory or a tiny auditor; anything else is refused
    (``ValueError``), since building there would replace what it holds."""
    out = Path(out)
    if out.is_symlink() and not out.exists():
        raise ValueError(f"--out {out} is a broken symbolic link")
    if not out.exists():
        return
    if not out.is_dir():
        raise ValueError(f"--out {out} exists and is not a directory")
    if any(out.iterdir()) and not is_tiny_auditor(out):
        raise ValueError(f"--out {out} is a non-empty directory that is not a tiny auditor; "
                         "choose a new or empty directory (nothing there was changed)")


def previous_build_path(path: str | Path, key: str) -> Path:
    """Where a rebuild of the tiny auditor at ``path`` keeps the build it replaced: ``<path>@<key>``
    (checkpoints trained on that build are evaluated on it: ``probe.auditor.model.trained_base``)."""
    path = Path(path)
    return path.with_name(f"{path.name}@{key}")


def keep_previous_build(old: Path, out: Path) -> Path | None:
    """Move a replaced build (at ``old``) to ``previous_build_path(out, its key)``; a build of the same
    key kept there already is the same model (builds are deterministic), so ``old`` is then removed."""
    info = read_build_info(old)
    key = str(info.get("key")) if info and info.get("complete") and info.get("key") else None
    target = previous_build_path(out, key) if key else None
    if target is None or target.exists():
        shutil.rmtree(old, ignore_errors=True)
        return target
    old.rename(target)
    return target


def build_tiny_auditor(out_dir: str | Path | None = None, seed: int = 0, n_episodes: int | None = None,
                       force: bool = False, settings: TinySettings | None = None,
                       log: Callable[[str], None] | None = None) -> Path:
    """Build (or reuse) the tiny auditor in ``out_dir`` (default ``default_tiny_path()``); return its path."""
    settings = settings or TinySettings()
    if n_episodes is not None:
        settings = TinySettings(**{**asdict(settings), "n_episodes": int(n_episodes)})
    out = Path(out_dir) if out_dir is not None else default_tiny_path()
    log = log or (lambda _msg: None)
    if not isinstance(seed, int) or seed < 0 or seed >= 2 ** 32:
        raise ValueError(f"seed must be an integer in 0..{2 ** 32 - 1}, got {seed!r}")
    check_tiny_out(out)
    key = build_key(seed, settings)
    info = read_build_info(out)
    if not force and info and info.get("key") == key and info.get("complete"):
        log(f"cached build {key} at {out}")
        return out
    with build_lock(out, log) as exclusive:
        info = read_build_info(out)  # another process may have built it while we waited
        if not force and info and info.get("key") == key and info.get("complete"):
            log(f"built by another process meanwhile: {key} at {out}")
            return out
        if exclusive:
            remove_stale_work(out, log)
        check_tiny_out(out)
        from probe.train.checkpoint import preserved_rng  # noqa: PLC0415

        with preserved_rng():  # a cold cache must leave the caller's random draws as a warm one does
            return _build(out, seed, settings, key, log)


@contextmanager
def build_lock(out: Path, log: Callable[[str], None]):
    """One builder at a time per parent directory: an exclusive ``flock`` on the directory that
    holds ``out`` (it exists and is never replaced, unlike ``out``, which a build swaps; no lock
    file is left behind; the kernel releases the lock when its holder exits, even killed), so that
    two processes started on an empty cache (two trainings, ``make test``'s background build and a
    test) build once, the second waiting and then reusing the first's build."""
    import fcntl  # noqa: PLC0415

    out.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(out.parent, os.O_RDONLY)
    except OSError:  # a directory we may write but not read: build without excluding others
        yield False
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            log(f"another process is building in {out.parent}: waiting for it")
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield True
    finally:
        os.close(fd)  # releases the lock


def remove_stale_work(out: Path, log: Callable[[str], None]) -> None:
    """Remove the work directories (``.<name>.tmp-*`` beside ``out``) of builds that were killed
    before they finished (a SIGKILL or SIGTERM skips the build's own clean-up). Called only while
    holding ``build_lock``, so no build of ``out`` is running: every such directory is a dead one
    this code made."""
    for stale in out.parent.glob(f".{out.name}.tmp-*"):
        if stale.is_dir() and not stale.is_symlink():
            shutil.rmtree(stale, ignore_errors=True)
            log(f"removed {stale.name}, left by a build that did not finish")


def _build(out: Path, seed: int, settings: TinySettings, key: str, log: Callable[[str], None]) -> Path:
    import torch  # noqa: PLC0415
    import transformers  # noqa: PLC0415

    from probe.train.threads import build_thread_scope, ensure_threads  # noqa: PLC0415

    t0 = time.perf_counter()
    plan, applied, first = ensure_threads()  # 'auto' unless this process chose already (a run's runtime.threads)
    if first:
        log(plan.describe(applied))
    scope = ExitStack()  # every core when all are idle (build_threads), or settings.threads; given back at the end
    scope.enter_context(build_thread_scope(log, "build", settings.threads))
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    transformers.logging.set_verbosity_error()
    for name in ("trl", "datasets", "transformers", "accelerate"):
        logging.getLogger(name).setLevel(logging.ERROR)
    out.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{out.name}.tmp-", dir=out.parent))
    try:
        transformers.set_seed(seed)
        log(f"generating the customer corpus ({settings.n_episodes} episodes, seed {seed})")
        episodes = corpus_texts(seed, settings)
        t_corpus = time.perf_counter() - t0
        texts = [e["text"] for e in episodes]
        tokenizer, kept, fitted = tokenize_corpus(episodes, settings)
        rows = [r for r, _o in kept]
        turns = sum(len(customer_spans(t)) for t in texts)
        unread = sum(unreadable_span(e["text"], a, b, e.get("agent_ids", ())) for e in episodes
                     for a, b in customer_spans(e["text"]))
        n_open = sum(o for _r, o in kept)
        noisy = sum(e.get("noisy_from_end") is not None for e in episodes)
        log(f"{len(texts)} texts ({n_open} opening-only), {turns} customer turns ({unread} typing an identifier "
            f"the prompt no longer shows, {noisy} shown broken as context: no loss); over {settings.max_length} tokens: "
            f"{fitted} fitted (earliest turns dropped), {len(texts) - len(rows)} left out; vocabulary {len(tokenizer)}")
        transformers.set_seed(seed)
        model = make_model(tokenizer, settings)
        n_params = sum(p.numel() for p in model.parameters())
        log(f"model: Llama-style, {n_params / 1e6:.2f}M parameters")
        t_train = time.perf_counter()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            losses = _sft(model, tokenizer, training_rows(rows, [o for _r, o in kept], settings, seed), settings, seed,
                          log)
        t_train = time.perf_counter() - t_train
        model.eval()
        from transformers.utils import logging as hf_logging  # noqa: PLC0415
        hf_logging.disable_progress_bar()  # a 'Writing model shards' bar broke the demo's output
        model.save_pretrained(work, safe_serialization=True)
        tokenizer.save_pretrained(work)
        record = {
            "kind": "tiny-auditor", "version": BUILD_VERSION, "key": key, "seed": seed, "settings": asdict(settings),
            "texts": len(rows), "texts_fitted": fitted, "texts_left_out": len(texts) - len(rows), "opening_texts": n_open, "customer_turns": turns, "customer_turns_unread": unread, "customer_turns_noisy": noisy, "vocab_size": len(tokenizer), "parameters": n_params,
            "loss_start": losses[0] if losses else None, "loss_end": losses[-1] if losses else None,
            "losses": losses, "seconds_corpus": round(t_corpus, 2), "seconds_train": round(t_train, 2),
            "seconds_total": round(time.perf_counter() - t0, 2), "torch_threads": torch.get_num_threads(),
            "complete": True,
        }
        (work / BUILD_FILE).write_text(json.dumps(record, indent=2))
        check_tiny_out(out)  # again: something may have appeared there while we built
        if out.exists():
            os.chmod(work, out.stat().st_mode & 0o7777)  # keep the permissions the directory had
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(work, 0o777 & ~umask)  # mkdtemp made it 0700; a built model is an ordinary directory
        if out.exists() and not any(out.iterdir()):
            out.rmdir()  # an empty directory the user pointed us at
            work.rename(out)
        elif out.exists():  # a previous tiny auditor (checked above): swap, and keep the old build beside
            old = out.with_name(f".{out.name}.old-{os.getpid()}")
            out.rename(old)
            work.rename(out)
            kept = keep_previous_build(old, out)
            if kept is not None:
                log(f"the build it replaced is kept at {kept} (its checkpoints still load)")
        else:
            work.rename(out)
        log(f"built {out} in {record['seconds_total']:.1f}s")
        return out
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    finally:
        scope.close()


__all__ = ["TinySettings", "BUILD_VERSION", "build_tiny_auditor", "previous_build_path", "keep_previous_build", "default_tiny_path", "build_key",
           "read_build_info", "is_built", "build_lock", "remove_stale_work", "is_tiny_auditor", "check_tiny_out", "train_tokenizer", "make_model", "corpus_texts", "fit_text", "tokenize_corpus", "tokenize_with_mask"]
