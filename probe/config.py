"""Run configuration: one YAML file per run, validated on load.

Every key is typed and bounded; an unknown key or a bad value is reported as one line per
problem naming the key and what is allowed (``ConfigError``). ``--set key=value`` overrides any
key with a YAML-parsed value (``--set rollout.group_size=8 --set algo=dpo``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator


class ConfigError(ValueError):
    """A config that cannot be used; ``str()`` is one line per problem."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class AuditorSettings(_Strict):
    model: str = Field("tiny", description="'tiny' (built offline and cached) or a hub name / local path")
    lora_r: int = Field(8, ge=1, description="LoRA rank (paper: 64 on Qwen3-4B)")
    lora_alpha: float = Field(16, gt=0, description="LoRA alpha (paper: 128)")
    lora_dropout: float = Field(0.0, ge=0, lt=1)
    target_modules: list[str] = Field(default_factory=lambda: ["q_proj", "k_proj", "v_proj", "o_proj"])
    quantize_4bit: bool = Field(False, description="4-bit NF4 QLoRA (needs CUDA and bitsandbytes)")
    gradient_checkpointing: bool | None = Field(None, description="recompute activations in the backward pass; "
                                                "null = on with quantize_4bit, off otherwise")
    tiny_seed: int = 0


class TargetSettings(_Strict):
    kind: Literal["reference", "openai", "hf", "replay"] = "reference"
    faults: str = Field("demo", description="reference target only: profile or comma-separated fault names")
    base_url: str | None = None
    model: str | None = None
    api_key_env: str = "OPENAI_API_KEY"
    temperature: float = Field(0.0, ge=0)
    max_tokens: int = Field(512, ge=1)
    timeout_s: float = Field(60.0, gt=0)
    max_retries: int = Field(3, ge=0)
    max_concurrency: int = Field(16, ge=1)
    replay_path: str | None = None


class RolloutSettings(_Strict):
    prefixes: int = Field(4, ge=1, description="B: shared prefixes (groups) per update")
    group_size: int = Field(4, ge=2, description="G: candidates per prefix (paper: 4)")
    continuation_turns: int = Field(3, ge=0, description="C: turns after the candidate (paper: 3)")
    gamma: float = Field(0.9, ge=0, le=1)
    max_new_tokens: int = Field(40, ge=1)
    temperature: float = Field(1.0, gt=0, description="sampling temperature of every rollout turn (gfn: candidates "
                                                     "use gfn.exploration_temperature)")
    top_p: float = Field(1.0, gt=0, le=1)
    target_workers: int = Field(8, ge=1)


class CurriculumSettings(_Strict):
    levels: list[int] = Field(default_factory=lambda: [4, 8, 12, 14], description="K_max levels (paper)")
    threshold: float = Field(0.15, ge=0, le=1, description="advance when rolling yield exceeds this (paper: 15%)")
    window: int = Field(50, ge=1, description="updates in the rolling window (paper: patience 50)")


class OptimSettings(_Strict):
    lr: float = Field(2e-4, gt=0)
    weight_decay: float = Field(0.0, ge=0)
    max_grad_norm: float = Field(1.0, gt=0)


class GRPOSettings(_Strict):
    clip_eps: float = Field(0.2, gt=0, description="PPO clip range (Schulman et al., 2017; paper 0.2)")
    beta: float = Field(0.01, ge=0, description="KL to the frozen base model (Shao et al., 2024; paper 0.01)")


class DPOSettings(_Strict):
    beta: float = Field(0.1, gt=0, description="DPO temperature (Rafailov et al., 2023; paper 0.1)")
    ema_decay: float = Field(0.995, gt=0, lt=1, description="reference = EMA of the policy (paper 0.995)")


class GFNSettings(_Strict):
    reward_temperature: float = Field(0.5, gt=0, description="log R~ = max(R, floor) / T")
    reward_floor: float = Field(-1.0, description="returns below this are clamped")
    logz: Literal["group", "head"] = Field("group", description="per-group estimate (VarGrad) or a learned head")
    exploration_temperature: float = Field(1.3, gt=0, description="sampling temperature of the candidate messages "
                                                                 "only (prefixes/continuations: rollout.temperature)")
    replay_capacity: int = Field(64, ge=0)
    replay_groups: int = Field(2, ge=0)
    logz_lr: float = Field(1e-2, gt=0)


class JudgeSettings(_Strict):
    """Optional LLM judge in the training reward (probe.judge). Empty ``policies``: verifiers only."""

    policies: list[str] = Field(default_factory=list, description="policy ids judged per turn by the endpoint "
                                "(paper: B4, B6, S5, P1); empty = verifier-only reward (default)")
    combine: Literal["replace", "union"] = Field("replace", description="replace: the judge's label decides the "
                                                 "listed policies (paper); union: a hit if either says so")
    base_url: str | None = Field(None, description="OpenAI-compatible endpoint of the judge model")
    model: str | None = None
    api_key_env: str = "OPENAI_API_KEY"
    prompt_file: str | None = Field(None, description="judge prompt template (default probe/prompts/judge.md)")
    temperature: float = Field(0.0, ge=0, le=2)
    max_tokens: int = Field(256, ge=1)
    timeout_s: float = Field(60.0, gt=0)
    max_retries: int = Field(3, ge=0)
    max_concurrency: int = Field(16, ge=1)

    @model_validator(mode="after")
    def _endpoint_when_enabled(self) -> "JudgeSettings":
        if self.policies and (not self.base_url or not self.model):
            raise ValueError("judge.policies is set, so judge.base_url and judge.model are required")
        return self


class EvalSettings(_Strict):
    episodes: int = Field(50, ge=1)
    turns: int = Field(8, ge=1)


class TrainConfig(_Strict):
    run_name: str = "run"
    out_dir: str = "checkpoints"
    env: str = "skyassist"
    seed: int = 0
    algo: Literal["grpo", "dpo", "gfn"] = "grpo"
    updates: int = Field(60, ge=1)
    checkpoint_every: int = Field(10, ge=1)
    reward: str | dict[str, Any] = Field("calibrated", description="variant name, YAML path, or a mapping of overrides with 'variant'")
    auditor: AuditorSettings = Field(default_factory=AuditorSettings)
    target: TargetSettings = Field(default_factory=TargetSettings)
    rollout: RolloutSettings = Field(default_factory=RolloutSettings)
    curriculum: CurriculumSettings = Field(default_factory=CurriculumSettings)
    optim: OptimSettings = Field(default_factory=OptimSettings)
    grpo: GRPOSettings = Field(default_factory=GRPOSettings)
    dpo: DPOSettings = Field(default_factory=DPOSettings)
    gfn: GFNSettings = Field(default_factory=GFNSettings)
    eval: EvalSettings = Field(default_factory=EvalSettings)
    judge: JudgeSettings = Field(default_factory=JudgeSettings)
    wandb: bool = Field(False, description="also log to Weights & Biases (offline mode unless WANDB_MODE is set)")

    @field_validator("run_name")
    @classmethod
    def _one_path_component(cls, v: str) -> str:
        from probe.rundir import check_run_name

        return check_run_name(v)

    @property
    def run_dir(self) -> Path:
        return Path(self.out_dir) / self.run_name


def _format_errors(err: ValidationError) -> str:
    lines = []
    for e in err.errors():
        key = ".".join(str(p) for p in e["loc"]) or "(root)"
        if e["type"] == "extra_forbidden":
            lines.append(f"config key '{key}' is not a known setting")
        else:
            got = e.get("input")
            got_s = "" if isinstance(got, (dict, list)) else f" (got {got!r})"
            lines.append(f"config key '{key}': {e['msg'].removeprefix('Value error, ')}{got_s}")
    return "\n".join(lines)


def _set_key(data: dict[str, Any], dotted: str, value: Any) -> None:
    parts = dotted.split(".")
    node = data
    for p in parts[:-1]:
        nxt = node.setdefault(p, {})
        if not isinstance(nxt, dict):
            raise ConfigError(f"--set {dotted}: '{p}' is not a section")
        node = nxt
    node[parts[-1]] = value


def parse_overrides(pairs: list[str]) -> list[tuple[str, Any]]:
    out = []
    for pair in pairs:
        if "=" not in pair:
            raise ConfigError(f"--set expects key=value, got {pair!r}")
        key, raw = pair.split("=", 1)
        out.append((key.strip(), yaml.safe_load(raw) if raw.strip() else ""))
    return out


def read_yaml_mapping(path: str | Path) -> dict[str, Any]:
    """A YAML file holding a mapping; a missing file, bad YAML or another type is one-line ConfigError."""
    p = Path(path)
    if not p.is_file():
        raise ConfigError(f"config file not found: {p}")
    try:
        loaded = yaml.safe_load(p.read_text()) or {}
    except yaml.YAMLError as e:
        raise ConfigError(f"config file {p} is not valid YAML: {str(e).splitlines()[0]}") from None
    if not isinstance(loaded, dict):
        raise ConfigError(f"config file {p} must hold a mapping, got {type(loaded).__name__}")
    return loaded


def load_config(path: str | Path | None, overrides: list[str] | None = None) -> TrainConfig:
    data: dict[str, Any] = read_yaml_mapping(path) if path is not None else {}
    data.pop("history", None)  # a run's config.yaml records its resumes there (probe.training)
    for key, value in parse_overrides(overrides or []):
        _set_key(data, key, value)
    try:
        return TrainConfig.model_validate(data)
    except ValidationError as e:
        raise ConfigError(_format_errors(e)) from None


def dump_config(config: TrainConfig, path: str | Path) -> None:
    Path(path).write_text(yaml.safe_dump(config.model_dump(mode="json"), sort_keys=False))
