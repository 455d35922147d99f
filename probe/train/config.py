"""Run configuration: one YAML file per run, validated on load.

Every key is typed and bounded; an unknown key or a bad value is reported as one line per
problem naming the key and what is allowed (``ConfigError``). ``--set key=value`` overrides any
key with a YAML-parsed value (``--set rollout.group_size=8 --set algo=dpo``).

Bounds: every float must be finite (``.inf``/``.nan`` are refused), a boolean is never read as a
number, and sizes have upper bounds (``MAX_*`` below) so that a typo such as
``rollout.prefixes=100000000`` is refused at once instead of running for hours. Keys whose
validity depends on other parts of probe are checked here too: ``env`` (a registered
environment), ``target.faults`` (profiles or fault names of that env), ``reward`` (a variant, a
YAML file, or a mapping of overrides) and ``auditor.model`` (``model_name_problem``).
"""

from __future__ import annotations

import difflib
import os
import re
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator, model_validator

from probe.core.outputs import not_a_file
from probe.core.registry import default_env
from probe.targets.openai_target import (
    DEFAULT_API_KEY_ENV,
    DEFAULT_MAX_CONCURRENCY,
    DEFAULT_MAX_RETRIES,
    DEFAULT_MAX_TOKENS,
    DEFAULT_TIMEOUT_S,
)

# Upper bounds on sizes: far above any sensible run, low enough to refuse typos before work starts.
MAX_SEED = 2**32 - 1  # numpy's seed range
MAX_UPDATES = 1_000_000
MAX_PREFIXES = 1024
MAX_GROUP_SIZE = 64
MAX_TURNS = 64  # continuation turns, curriculum K_max levels, evaluation turns
MAX_NEW_TOKENS = 8192
MAX_EPISODES = 10_000  # the held-out seed range has 10,000 seeds
MAX_WORKERS = 1024
MAX_TEMPERATURE = 10.0



def expand_home(path: str | None) -> str | None:
    """A path from a config with a leading ``~`` or ``~user`` made the home folder (as a shell does,
    and as ``auditor.model`` is read), so that ``out_dir: ~/runs`` never makes a folder named ``~``."""
    return os.path.expanduser(path) if isinstance(path, str) and path.startswith("~") else path

class ConfigError(ValueError):
    """A config that cannot be used; ``str()`` is one line per problem."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True, allow_inf_nan=False)

    @field_validator("*", mode="before")
    @classmethod
    def _no_boolean_numbers(cls, value: Any, info: ValidationInfo) -> Any:
        """``updates: true`` is a mistake, not 1."""
        if isinstance(value, bool) and info.field_name and cls.model_fields[info.field_name].annotation in (int, float):
            raise ValueError("expected a number, not a boolean")
        return value


class AuditorSettings(_Strict):
    model: str = Field("tiny", description="'tiny' (built offline and cached) or a hub name / local path")
    lora_r: int = Field(8, ge=1, le=1024, description="LoRA rank (paper: 64 on Qwen3-4B)")
    lora_alpha: float = Field(16, gt=0, le=1e4, description="LoRA alpha (paper: 128)")
    lora_dropout: float = Field(0.0, ge=0, lt=1, description="dropout on the LoRA branch (Hu et al., 2021)")
    target_modules: list[str] = Field(default_factory=lambda: ["q_proj", "k_proj", "v_proj", "o_proj"], min_length=1,
                                      description="module names that get LoRA adapters")
    quantize_4bit: bool = Field(False, description="4-bit NF4 QLoRA (needs CUDA and bitsandbytes)")
    gradient_checkpointing: bool | None = Field(None, description="recompute activations in the backward pass; "
                                                "null = on with quantize_4bit, off otherwise")
    tiny_seed: int = Field(0, ge=0, le=MAX_SEED, description="seed of the tiny CPU auditor's initial weights")

    @field_validator("model")
    @classmethod
    def _model_exists_if_local(cls, value: str) -> str:
        """'tiny', a hub name (``org/name``), or a local model directory (``model_name_problem``)."""
        problem = model_name_problem(value)
        if problem is not None:
            raise ValueError(problem)
        return value


def looks_like_path(name: str) -> bool:
    """A model name meant as a local path (hub names are ``org/name`` or ``name``)."""
    return (name.startswith(("/", "./", "../", "~")) or name in (".", "..") or "\\" in name
            or name.count("/") > 1 or Path(name).expanduser().exists())


_HUB_NAME = re.compile(r"[A-Za-z0-9][\w.-]*(/[\w.-]+)?")
_ALLOWED_MODELS = "allowed: 'tiny', a hub name such as Qwen/Qwen3-4B, or a model directory (with config.json)"


def model_name_problem(name: str) -> str | None:
    """Why ``name`` cannot name an auditor model, or None. The one definition of a valid
    ``auditor.model`` / ``--model``: 'tiny'; a local path (``looks_like_path``) that is a
    directory holding ``config.json``; otherwise a hub name. Whether a hub model can be fetched
    is a separate question (``probe.train.loop.check_model_available``)."""
    if name == "tiny":
        return None
    if looks_like_path(name):
        path = Path(name).expanduser()
        if not path.exists():
            return f"local model path {name!r} does not exist; {_ALLOWED_MODELS}"
        if not path.is_dir():
            return f"local model path {name!r} is not a directory; {_ALLOWED_MODELS}"
        if not (path / "config.json").is_file():
            return f"local model path {name!r} is not a model directory (no config.json); {_ALLOWED_MODELS}"
        return None
    if _HUB_NAME.fullmatch(name) is None or ".." in name:
        return f"{name!r} is neither a hub name nor a local path; {_ALLOWED_MODELS}"
    return None


class TargetSettings(_Strict):
    kind: Literal["reference", "openai", "hf", "replay"] = Field(
        "reference", description="the rule-based reference target, an OpenAI-compatible endpoint, a local Hugging Face model, or a recording replayed")
    faults: str = Field("demo", description="reference target only: a fault profile, comma-separated fault names, "
                        "or a YAML list of them")
    base_url: str | None = Field(None, description="openai: the endpoint's base URL (…/v1)")
    model: str | None = Field(None, description="openai: the served model name; hf: a hub name or local path")
    # the endpoint defaults are the model target's own (probe.targets.openai_target)
    api_key_env: str = Field(DEFAULT_API_KEY_ENV, description="openai: environment variable holding the API key")
    temperature: float = Field(0.0, ge=0, le=MAX_TEMPERATURE, description="0 is greedy decoding")
    max_tokens: int = Field(DEFAULT_MAX_TOKENS, ge=1, le=65536, description="longest target reply, in tokens")
    timeout_s: float = Field(DEFAULT_TIMEOUT_S, gt=0, le=3600, description="seconds per request before it counts as failed")
    max_retries: int = Field(DEFAULT_MAX_RETRIES, ge=0, le=20, description="retries of a failed request (with backoff)")
    max_concurrency: int = Field(DEFAULT_MAX_CONCURRENCY, ge=1, le=MAX_WORKERS, description="requests open at once")
    replay_path: str | None = Field(None, description="replay: the recording (JSONL of traces) to replay")

    @field_validator("replay_path")
    @classmethod
    def _replay_home(cls, v: str | None) -> str | None:
        return expand_home(v)

    @field_validator("faults", mode="before")
    @classmethod
    def _faults_text(cls, value: Any) -> Any:
        """A YAML list of fault names is the comma-separated form (``[a, b@0.5]`` -> ``"a,b@0.5"``);
        any other type is refused naming the forms allowed. Whether the names exist is checked
        against the environment by ``TrainConfig._known_faults``."""
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return ",".join(value)
        if not isinstance(value, str):
            raise ValueError(f"expected a fault profile (none, demo, all), a comma-separated string of fault names "
                             f"such as 'name_a,name_b@0.5', or a YAML list of them; got {value!r} "
                             f"({type(value).__name__})")
        return value


class RolloutSettings(_Strict):
    """The rollout engine's settings (``probe.train.rollout.RolloutEngine`` takes this model)."""

    prefixes: int = Field(4, ge=1, le=MAX_PREFIXES, description="B: shared prefixes (groups) per update")
    group_size: int = Field(4, ge=2, le=MAX_GROUP_SIZE,
                            description="G: candidates per prefix; >= 2 so that a group can be compared "
                                        "(PROBE paper: 4; GRPO, Shao et al., 2024)")
    continuation_turns: int = Field(3, ge=0, le=MAX_TURNS,
                                    description="C: turns after the candidate, the auditor sampling without "
                                                "gradient (PROBE paper: 3)")
    gamma: float = Field(0.9, ge=0, le=1, description="discount inside the candidate's window: "
                                                      "R = sum_k gamma^(k-t) r_k (PROBE paper)")
    max_new_tokens: int = Field(40, ge=1, le=MAX_NEW_TOKENS, description="longest customer message, in tokens")
    temperature: float = Field(1.0, gt=0, le=MAX_TEMPERATURE,
                               description="sampling temperature of every rollout turn (gfn: candidates "
                                           "use gfn.exploration_temperature)")
    top_p: float = Field(1.0, gt=0, le=1, description="nucleus sampling mass (Holtzman et al., 2020); 1 = off")
    continuation_plausibility: Literal["penalise", "void"] = Field(
        "penalise", description="how a continuation turn whose customer message a plausibility flag fires on "
                                "counts in the candidate's return: 'penalise' (PROBE paper: its r_k, penalty "
                                "included) or 'void' (0: the candidate is not charged for a message it did not "
                                "write, and the turn's hits do not pay, no plausible customer reached them)")
    scenario_sampling: Literal["uniform", "stratified", "prioritized"] = Field(
        "uniform", description="the scenario family of each prefix: 'uniform' (PROBE paper: a uniform training seed), "
                               "'stratified' (every family once per round, each round in a seeded random order: "
                               "the same shares without the multinomial spread) or 'prioritized' (Prioritized Level Replay over families, Jiang et al., 2021: "
                               "families whose candidates earned plausible violation credit are drawn more; "
                               "probe.train.families)")
    prefix_customer: Literal["auditor", "corpus", "mixed"] = Field(
        "auditor", description="who writes the customer turns of each prefix (before the candidate turn): 'auditor' "
                               "(PROBE paper: the current auditor), 'corpus' (a templated customer of the pre-training "
                               "corpus, Domain.corpus_customer: candidates are trained at the states a goal-pursuing "
                               "customer reaches, as starts from demonstration states do; Salimans & Chen, 2018, "
                               "arXiv 1812.03381) or 'mixed' (every other prefix each way); continuation turns are "
                               "always the auditor's")
    prioritized_beta: float = Field(1.0, gt=0, le=10, description="'prioritized': rank temperature, weight "
                                                                  "rank ** (-1 / beta) (PLR: 0.1)")
    prioritized_rho: float = Field(0.3, ge=0, le=1, description="'prioritized': share of the staleness "
                                                                "distribution in each draw (PLR: 0.1)")
    target_workers: int = Field(8, ge=1, le=MAX_WORKERS, description="target turns run concurrently "
                                                                     "(threads; HTTP targets overlap requests)")


class CurriculumSettings(_Strict):
    """The horizon curriculum's settings (``probe.train.curriculum.HorizonCurriculum`` takes this model)."""

    levels: list[Annotated[int, Field(ge=1, le=MAX_TURNS)]] = Field(
        default_factory=lambda: [4, 8, 12, 14], min_length=1,
        description="K_max levels, strictly increasing (PROBE paper, horizon curriculum: 4, 8, 12, 14)")
    threshold: float = Field(0.15, ge=0, le=1, description="advance when rolling yield exceeds this (PROBE paper: 15%)")
    window: int = Field(50, ge=1, le=MAX_UPDATES,
                        description="updates in the rolling window (PROBE paper: patience 50)")

    @field_validator("levels")
    @classmethod
    def _increasing(cls, levels: list[int]) -> list[int]:
        if any(b <= a for a, b in zip(levels, levels[1:])):
            raise ValueError(f"levels must be strictly increasing, got {levels}")
        return levels


class OptimSettings(_Strict):
    lr: float = Field(2e-4, gt=0, le=1, description="AdamW learning rate of the LoRA adapter "
                                                   "(Loshchilov & Hutter, 2019)")
    weight_decay: float = Field(0.0, ge=0, le=10, description="AdamW decoupled weight decay")
    max_grad_norm: float = Field(1.0, gt=0, le=1e6, description="gradient norm clipping (Pascanu et al., 2013)")


class GRPOSettings(_Strict):
    """The GRPO loss's settings (``probe.train.algos.grpo.GRPO`` takes this model)."""

    clip_eps: float = Field(0.2, gt=0, le=10, description="PPO clip range (Schulman et al., 2017; paper 0.2)")
    beta: float = Field(0.01, ge=0, le=1000, description="KL to the frozen base model (Shao et al., 2024; paper 0.01)")
    adv_eps: float = Field(1e-6, gt=0, le=1, description="added to the group's return std in the advantage "
                                                        "(R - mean) / (std + adv_eps) (Shao et al., 2024)")
    scale_rewards: Literal["group", "batch", "none"] = Field(
        "group", description="what divides R - mean_group(R): 'group' its group's std (Shao et al., 2024; the "
                             "paper), 'batch' the std of every return of the update (PPO Lite, Liu et al., 2025, "
                             "arXiv 2508.08221), 'none' nothing (Dr. GRPO, Liu et al., 2025, arXiv 2503.20783): "
                             "a group's tiny return differences then stay tiny instead of becoming unit advantages")
    loss_type: Literal["sequence", "token", "dr_grpo"] = Field(
        "sequence", description="how token terms become the loss: 'sequence' averages each message's tokens, then "
                                "the messages (Shao et al., 2024; the paper): a short message's tokens weigh more, "
                                "so a positive advantage pushes hardest on short messages; 'token' averages every "
                                "token of the update (DAPO, Yu et al., 2025, arXiv 2503.14476); 'dr_grpo' sums "
                                "them and divides by messages x max_tokens, a constant (Dr. GRPO, Liu et al., "
                                "2025, arXiv 2503.20783): no length bias either way")
    max_tokens: int | None = Field(None, ge=1, le=4096, description="'dr_grpo' only: the constant token count "
                                                                    "of its denominator; unset: the run's "
                                                                    "rollout.max_new_tokens")


class DPOSettings(_Strict):
    """The DPO loss's settings (``probe.train.algos.dpo.DPO`` takes this model)."""

    beta: float = Field(0.1, gt=0, le=1000, description="DPO temperature (Rafailov et al., 2023; paper 0.1)")
    ema_decay: float = Field(0.995, gt=0, lt=1, description="reference = EMA of the policy (PROBE paper 0.995)")


class GFNSettings(_Strict):
    """The GFlowNet loss's settings (``probe.train.algos.gflownet.GFlowNet`` takes this model)."""

    reward_temperature: float = Field(0.5, gt=0, le=1000, description="T in log R~ = max(R, floor) / T "
                                                                      "(trajectory balance, Malkin et al., 2022)")
    reward_floor: float = Field(-1.0, ge=-1e6, le=1e6, description="returns below this are clamped before log R~")
    logz: Literal["group", "head"] = Field("group", description="log Z per prefix: 'group' estimates it from the "
                                           "group (VarGrad, Richter et al., 2020); 'head' learns it from the prefix")
    exploration_temperature: float = Field(1.3, gt=0, le=MAX_TEMPERATURE,
                                           description="sampling temperature of the candidate messages "
                                                       "only (prefixes/continuations: rollout.temperature)")
    replay_capacity: int = Field(64, ge=0, le=100_000, description="high-return groups kept in the replay buffer")
    replay_groups: int = Field(2, ge=0, le=MAX_PREFIXES, description="replayed groups per update (0 = no replay)")
    logz_lr: float = Field(1e-2, gt=0, le=10, description="Adam learning rate of the log Z head (logz: head)")


class SelfImitationSettings(_Strict):
    """Replay of rare successes (Self-Imitation Learning, Oh et al., 2018; ``probe.train.self_imitation``)."""

    weight: float = Field(0.0, ge=0, le=100, description="weight of the imitation loss; 0 (the default) turns "
                                                         "self-imitation off")
    buffer: int = Field(32, ge=1, le=100_000, description="entries kept (the newest)")
    batch: int = Field(4, ge=1, le=1024, description="entries replayed per update (a seeded draw)")
    rare_below: int = Field(10, ge=1, le=1_000_000, description="a candidate is kept when its window hit a policy "
                                                               "that training had hit fewer times than this")


class JudgeSettings(_Strict):
    """Optional LLM judge in the training reward (probe.train.judge). Empty ``policies``: verifiers only."""

    policies: list[str] = Field(default_factory=list, description="policy ids judged per turn by the endpoint "
                                "(paper: B4, B6, S5, P1); empty = verifier-only reward (default)")
    combine: Literal["replace", "union"] = Field("replace", description="replace: the judge's label decides the "
                                                 "listed policies (paper); union: a hit if either says so")
    base_url: str | None = Field(None, description="OpenAI-compatible endpoint of the judge model")
    model: str | None = Field(None, description="the judge's served model name")
    api_key_env: str = Field("OPENAI_API_KEY", description="environment variable holding the API key")
    prompt_file: str | None = Field(None, description="judge prompt template (default probe/train/prompts/judge.md)")
    temperature: float = Field(0.0, ge=0, le=2, description="the judge's sampling temperature (0 is greedy)")
    max_tokens: int = Field(256, ge=1, le=65536, description="longest judge answer, in tokens")
    timeout_s: float = Field(60.0, gt=0, le=3600, description="seconds per request before it counts as failed")
    max_retries: int = Field(3, ge=0, le=20, description="retries of a failed request")
    max_concurrency: int = Field(16, ge=1, le=MAX_WORKERS, description="requests open at once")

    @field_validator("prompt_file")
    @classmethod
    def _prompt_home(cls, v: str | None) -> str | None:
        return expand_home(v)

    @model_validator(mode="after")
    def _endpoint_when_enabled(self) -> "JudgeSettings":
        if self.policies and (not self.base_url or not self.model):
            raise ValueError("judge.policies is set, so judge.base_url and judge.model are required")
        return self


class EvalSettings(_Strict):
    episodes: int = Field(50, ge=1, le=MAX_EPISODES, description="held-out episodes of the evaluation after training")
    turns: int = Field(8, ge=1, le=MAX_TURNS, description="turns per evaluation episode")


class RuntimeSettings(_Strict):
    """How the process uses the CPU (``probe.train.threads`` applies it when train, demo or eval starts)."""

    threads: int | str = Field("auto", description="torch intra-op threads and OMP/MKL/OpenBLAS_NUM_THREADS: 'auto' "
                               "(half the visible cores, at least 1), a number 1..1024, or 'none' (leave torch's "
                               "defaults and the environment as they are)")
    resolved: str | None = Field(None, description="written by probe when a run starts: what 'threads' resolved to "
                                 "on that machine (informational; a value given here is replaced)")

    @field_validator("threads", mode="before")
    @classmethod
    def _threads(cls, value: Any) -> int | str:
        from probe.train.threads import parse_threads

        return parse_threads(value)


def _fits_file_system(path: str) -> str:
    """``path`` (``out_dir`` or ``run_name``) unless the file system cannot hold it: a name over 255
    bytes or a path of 4096 (``path_length_problem``); refused at load, before minutes of building."""
    from probe.core.domain import shorten
    from probe.core.outputs import path_length_problem

    problem = path_length_problem(path)
    if problem is not None:
        raise ValueError(f"{problem}; got {shorten(path)}")
    return path


class TrainConfig(_Strict):
    run_name: str = Field("run", description="the run directory's name under out_dir (one path component)")
    out_dir: str = Field("checkpoints", description="folder holding run directories")
    env: str = Field(default_factory=default_env, description="a registered environment (probe env info lists them); configs name theirs, unset: envs.DEFAULT_ENV")
    seed: int = Field(0, ge=0, le=MAX_SEED, description="seeds every random choice of the run")
    algo: Literal["grpo", "dpo", "gfn"] = Field("grpo", description="the loss: GRPO (Shao et al., 2024), DPO (Rafailov et al., 2023) or GFlowNet trajectory balance (Malkin et al., 2022)")
    updates: int = Field(60, ge=1, le=MAX_UPDATES, description="optimizer updates of the run")
    checkpoint_every: int = Field(10, ge=1, le=MAX_UPDATES, description="updates between checkpoints")
    reward: str | dict[str, Any] = Field("calibrated", description="variant name, YAML path, or a mapping of overrides with 'variant'")
    auditor: AuditorSettings = Field(default_factory=AuditorSettings, description="the auditor model and its LoRA adapter")
    target: TargetSettings = Field(default_factory=TargetSettings, description="the target agent under audit")
    rollout: RolloutSettings = Field(default_factory=RolloutSettings, description="the rollout engine (B prefixes x G candidates, C continuation turns)")
    curriculum: CurriculumSettings = Field(default_factory=CurriculumSettings, description="the horizon curriculum over K_max")
    optim: OptimSettings = Field(default_factory=OptimSettings, description="the AdamW optimizer")
    grpo: GRPOSettings = Field(default_factory=GRPOSettings, description="the GRPO loss (algo: grpo)")
    dpo: DPOSettings = Field(default_factory=DPOSettings, description="the DPO loss (algo: dpo)")
    gfn: GFNSettings = Field(default_factory=GFNSettings, description="the GFlowNet loss (algo: gfn)")
    self_imitation: SelfImitationSettings = Field(default_factory=SelfImitationSettings,
                                                  description="replay of rare successes after every update (off unless weight > 0)")
    eval: EvalSettings = Field(default_factory=EvalSettings, description="the evaluation after training")
    judge: JudgeSettings = Field(default_factory=JudgeSettings, description="the optional LLM judge in the reward")
    wandb: bool = Field(False, description="also log to Weights & Biases (offline mode unless WANDB_MODE is set)")
    runtime: RuntimeSettings = Field(default_factory=RuntimeSettings, description="CPU threads of the process (issue 12)")

    @field_validator("out_dir")
    @classmethod
    def _out_dir_home(cls, v: str) -> str:
        if not v.strip():  # not "the current folder" by accident (write . for that), as run_name refuses ""
            raise ValueError("must be a folder, got an empty path; write . for the current folder")
        return _fits_file_system(expand_home(v))

    @field_validator("run_name")
    @classmethod
    def _one_path_component(cls, v: str) -> str:
        from probe.train.rundir import check_run_name

        return _fits_file_system(check_run_name(v))

    @field_validator("env")
    @classmethod
    def _known_env(cls, value: str) -> str:
        from probe.core.registry import env_names

        if value not in env_names():
            raise ValueError(f"unknown env {value!r}; allowed: {', '.join(env_names())}")
        return value

    @field_validator("reward")
    @classmethod
    def _known_reward(cls, value: str | dict[str, Any]) -> str | dict[str, Any]:
        """The same resolution as the trainer's: a variant name or YAML path, or {variant, overrides...}."""
        from probe.train.reward import load_reward_config

        if isinstance(value, str):
            load_reward_config(value)
        else:
            spec = dict(value)
            load_reward_config(spec.pop("variant", "calibrated")).with_overrides(spec, source="reward")
        return value

    @model_validator(mode="after")
    def _dr_grpo_tokens(self) -> "TrainConfig":
        if self.grpo.max_tokens is None:  # Dr. GRPO's constant: the longest message the rollout samples
            self.grpo.max_tokens = self.rollout.max_new_tokens
        return self

    @model_validator(mode="after")
    def _known_faults(self) -> "TrainConfig":
        from probe.core.registry import get_domain

        try:
            get_domain(self.env).resolve_faults(self.target.faults)
        except ValueError as e:
            raise ValueError(f"config key 'target.faults': {e}") from None
        return self

    @property
    def run_dir(self) -> Path:
        return Path(self.out_dir) / self.run_name


def _section(loc: tuple[Any, ...]) -> type[BaseModel] | None:
    """The settings class at a key path (None when the path leaves the sections)."""
    model: Any = TrainConfig
    for part in loc:
        field = model.model_fields.get(str(part)) if isinstance(model, type) and issubclass(model, BaseModel) else None
        if field is None:
            return None
        model = field.annotation
    return model if isinstance(model, type) and issubclass(model, BaseModel) else None


def _format_errors(err: ValidationError) -> str:
    """One line per problem: the dotted key, what is wrong, what is allowed."""
    lines = []
    unions: set[str] = set()
    for e in err.errors():
        loc = tuple(e["loc"])
        parent = _section(loc[:-1]) if len(loc) > 1 else None
        if parent is None and len(loc) > 1 and _section(loc[:-2]) is not None and isinstance(loc[-1], str):
            # a member of a union (``reward``: str | dict) failed: one line for the key, not one per member
            key = ".".join(str(p) for p in loc[:-1])
            if key not in unions:
                unions.add(key)
                field = _section(loc[:-2]).model_fields[str(loc[-2])]
                lines.append(f"config key '{key}': expected {field.description or 'another type'} (got {e.get('input')!r})")
            continue
        key = ".".join(str(p) for p in loc)
        msg = e["msg"].removeprefix("Value error, ")
        if e["type"] == "extra_forbidden":
            parent = _section(loc[:-1])
            hint = ""
            if parent is not None:
                close = difflib.get_close_matches(str(loc[-1]), list(parent.model_fields), n=1)
                hint = (f"; did you mean '{close[0]}'?" if close else ";") + \
                    f" allowed in {'.'.join(map(str, loc[:-1])) or 'the top level'}: {', '.join(parent.model_fields)}"
            lines.append(f"config key '{key}' is not a known setting{hint}")
        elif e["type"] in ("model_type", "model_attributes_type", "dict_type") and _section(loc) is not None:
            lines.append(f"config key '{key}' is a section: give a mapping of its keys "
                         f"({', '.join(_section(loc).model_fields)}), got {e.get('input')!r}")
        elif not key:
            lines.append(msg if msg.startswith("config key") else f"config: {msg}")
        else:
            got = e.get("input")
            named = "got " in msg or "allowed:" in msg
            got_s = "" if isinstance(got, (dict, list)) or named else f" (got {got!r})"
            lines.append(f"config key '{key}': {msg}{got_s}")
    return "\n".join(lines)


_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*")


def _set_key(data: dict[str, Any], dotted: str, value: Any) -> None:
    parts = dotted.split(".")
    node = data
    for k, p in enumerate(parts[:-1]):
        if k == 0 and p == "reward" and isinstance(node.get(p), str):
            node[p] = {"variant": node[p]}  # --set reward.w_plaus=2 on "reward: spread": spread, one key changed
        nxt = node.setdefault(p, {})
        if not isinstance(nxt, dict):
            raise ConfigError(f"--set {dotted}: config key '{'.'.join(parts[:k + 1])}' is not a section")
        node = nxt
    node[parts[-1]] = value


def parse_overrides(pairs: list[str]) -> list[tuple[str, Any]]:
    """``key=value`` pairs -> (dotted key, YAML-parsed value); ``ConfigError`` naming the bad pair."""
    out = []
    for pair in pairs:
        if "=" not in pair:
            raise ConfigError(f"--set expects key=value (e.g. --set rollout.group_size=8), got {pair!r}")
        key, raw = pair.split("=", 1)
        key = key.strip()
        if not _KEY.fullmatch(key):
            raise ConfigError(f"--set {pair}: {key!r} is not a config key; keys are dotted names such as "
                              "updates or rollout.group_size")
        try:
            value = yaml.safe_load(raw) if raw.strip() else ""
        except RecursionError:
            raise ConfigError(f"--set {key}: value is nested too deeply") from None
        except yaml.YAMLError as e:
            problem = getattr(e, "problem", None) or str(e).splitlines()[0]
            raise ConfigError(f"--set {key}: value {raw!r} is not valid YAML ({problem}); give a number, true/false, "
                              "a list such as [2, 4], or quote text") from None
        out.append((key, value))
    return out


def read_yaml_mapping(path: str | Path) -> dict[str, Any]:
    """A YAML file holding a mapping; a missing or empty file, bad YAML or another type is one-line
    ConfigError (an explicit ``{}`` is an empty mapping)."""
    p = Path(path)
    if not p.is_file():
        raise ConfigError(not_a_file(p, "config"))
    try:
        loaded = yaml.safe_load(p.read_text(encoding="utf-8"))
    except UnicodeDecodeError as e:
        raise ConfigError(f"config file {p} is not UTF-8 text (byte 0x{e.object[e.start]:02x} at offset {e.start})") from None
    except OSError as e:
        raise ConfigError(f"config file {p} cannot be read: {e.strerror or e}") from None
    except RecursionError:
        raise ConfigError(f"config file {p} is nested too deeply") from None
    except yaml.YAMLError as e:
        raise ConfigError(f"config file {p} is not valid YAML: {str(e).splitlines()[0]}") from None
    if loaded is None:  # no text, only comments, or a bare null: most likely the wrong file
        raise ConfigError(f"config file {p} is empty; give a config with its settings (see configs/), "
                          "or '{}' for every default")
    if not isinstance(loaded, dict):
        raise ConfigError(f"config file {p} must hold a mapping, got {type(loaded).__name__}")
    return loaded


def load_config(path: str | Path | None, overrides: list[str] | None = None) -> TrainConfig:
    data: dict[str, Any] = read_yaml_mapping(path) if path is not None else {}
    data.pop("history", None)  # a run's config.yaml records its resumes there (probe.train.loop)
    for key, value in parse_overrides(overrides or []):
        _set_key(data, key, value)
    try:
        return TrainConfig.model_validate(data)
    except ValidationError as e:
        raise ConfigError(_format_errors(e)) from None


def dump_config(config: TrainConfig, path: str | Path) -> None:
    Path(path).write_text(yaml.safe_dump(config.model_dump(mode="json"), sort_keys=False))
